"""Blocks of statements (`blocks:`, run by `run: NAME(ARGS)`): expanded where they are run, their arguments bound as a
`let` binds, their names ending with them; each mistake said at the call or inside the block, naming the call."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import blocks, load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

BLOCKS = Path(__file__).parent / "data" / "blocks.yaml"
TEXT = BLOCKS.read_text(encoding="utf-8")


def changed(old: str, new: str, base: str = TEXT) -> str:
    """``base`` with its one occurrence of ``old`` replaced by ``new``."""
    assert base.count(old) == 1, f"{old!r} must occur exactly once"
    return base.replace(old, new)


def written(tmp_path, text: str, name: str = "ruleset.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def errors(tmp_path, text: str) -> list:
    """The diagnostics loading ``text`` raises."""
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(written(tmp_path, text))
    return caught.value.diagnostics


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_the_blocks_run_where_they_are_called():
    """The scenario: each call deals to its own zone its own count, the nested block counts them, `when`/`else` on a
    run takes the else, and the flow's `n` is its own after blocks that bind an `n` of theirs."""
    assert [r.failures for r in run_scenarios(load_ruleset(str(BLOCKS)))] == [[]]


def test_a_game_runs_a_decision_held_in_a_block_to_its_end():
    """The turn's decision is in a block the flow runs: the game pauses in it and goes on to its end."""
    game = Game(load_ruleset(str(BLOCKS)), 2, seed=3)
    game.play_out(random=random.Random(0).random)
    assert game.finished and game.state.vars["draws"] >= 60


def test_a_run_is_a_do_of_its_arguments_then_the_block(tmp_path):
    """What the interpreter sees: a `do` whose body binds the parameters, then the block's statements."""
    flow = load_ruleset(str(BLOCKS)).flow
    assert flow[1].kind == "do" and flow[1].label == "run: refill(hand[0], 2)"
    let, *body = flow[1].args["body"]
    assert let.kind == "let" and [name for name, _ in let.args["names"]] == ["z", "n"]
    assert [s.kind for s in body] == ["move", "shuffle", "deal", "do"]
    assert body[0].loc.line == line_of(TEXT, "move: discard -> deck")  # the block's own lines


def test_a_block_parameter_ends_with_the_block(tmp_path):
    """`z`, refill's parameter, means nothing after the run."""
    found = errors(tmp_path, changed("  - set: {kept: n}\n", "  - set: {kept: n}\n  - shuffle: z\n"))
    assert [(d.code, d.message) for d in found] == [("E150", "unknown name 'z'")]


# a block an action runs, its body reading `p` where its parameter is `q` (a Sushi Go trial's typo)
LAID = """philtre: 1
game: laid
players: 2
components:
  card: {attributes: {rank: [1, 2, 3]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  tray: {each: player}
blocks:
  lay(q, c):
    - move: c -> tray[p]
actions:
  pick:
    choose: {card: "hand[me]"}
    do:
      - run: lay(me, card)
flow:
  - deal: {from: deck, to: hand, count: 1}
  - simultaneous: pick
  - for: p in players
    do:
      - score: {player: p, add: "count(tray[p])"}
"""


@pytest.mark.parametrize("loop", ["p", "s"])
def test_a_name_in_a_block_run_by_an_action_is_told_the_blocks_parameters_whether_or_not_the_flow_loops_over_it(tmp_path, loop):
    """The trial's `p` was told an action's advice (an action sees me and its parameters) where the flow had a loop
    `p`, and the one-letter names there where it had none: in a block, either way the hint names the block's
    parameters, as a block sees them and not the flow's loop names."""
    [found] = errors(tmp_path, LAID.replace("for: p in", f"for: {loop} in").replace("p, add: \"count(tray[p])", f"{loop}, add: \"count(tray[{loop}])"))
    assert (found.code, found.loc.line) == ("E150", line_of(LAID, "tray[p]")), str(found)
    assert "the one-letter names here: c, q" in found.hint and "an action sees" not in found.hint, str(found)
    if loop == "p":
        assert found.message == "'p' is a loop variable of the flow, which a block does not see", str(found)
        assert found.hint.startswith("block 'lay' sees its parameters (q, c), the game's names, me and current, not the flow's "
                                     "loop names: read a parameter (the one-letter names here: c, q)"), str(found)


def test_a_block_does_not_see_the_names_where_it_is_run(tmp_path):
    """The flow's `let` name is not seen in the block: the hint says to pass it as an argument."""
    text = changed("    - set: {draws: draws + n}\n", "    - set: {draws: draws + n + kept_here}\n",
                   changed("  - let: {n: 5}\n", "  - let: {n: 5, kept_here: 1}\n"))
    [found] = errors(tmp_path, text)
    assert (found.code, found.message, found.loc.line) == ("E150", "unknown name 'kept_here'", line_of(text, "n + kept_here"))
    assert "give 'kept_here' to block 'counted' as an argument" in found.hint
    assert "in block 'counted', run at " in found.hint


def test_a_mistake_inside_a_block_is_said_at_the_block_naming_the_call(tmp_path):
    text = changed("    - shuffle: deck\n", "    - shuffle: dek\n")
    [found] = errors(tmp_path, text)
    assert (found.code, found.loc.line) == ("E150", line_of(text, "shuffle: dek"))
    assert "did you mean 'deck'? In block 'refill', run at " in found.hint


def test_a_mistake_in_a_definition_a_block_calls_says_it_is_called_from_the_block(tmp_path):
    """An Uno trial: a finding in a definition, found as a block calling it is run, said 'in block', as if the
    definition's line were in the block; it is in the definition, called from the block (and the block run from another)."""
    text = changed("    - set: {draws: draws + n}\n", "    - set: {draws: draws + n + tens(k)}\n",
                   changed("blocks:\n", "define:\n  tens(k): left(k, 'two')\nblocks:\n"))
    [found] = errors(tmp_path, text)
    where = Path(tmp_path) / "ruleset.yaml"
    assert (found.code, found.loc.line) == ("E120", line_of(text, "left(k")), str(found)
    assert found.hint.endswith(f"in definition 'tens', called from block 'counted', run at {where}:{line_of(text, '- run: counted(n)')}:"
                               f"12; in block 'refill', run at {where}:{line_of(text, '- run: refill(hand[me], 1)')}:14"), found.hint


def test_an_argument_quoted_is_said_at_the_call_as_a_word(tmp_path):
    """An Azul trial: `run: to_floor(me, "[t for t in picked ...]")` was E123 "cannot loop over a word" in the block,
    far from the quotes that made it one: E120 at the argument, with the call written without them."""
    text = changed("      - run: refill(hand[me], 1)\n", "      - run: refill(\"hand[me]\", 1)\n")
    [found] = errors(tmp_path, text)
    assert (found.code, found.loc.line, found.loc.col) == ("E120", line_of(text, 'refill("hand'), 21), str(found)
    assert found.message == "the argument 'z' of block 'refill' is the word \"hand[me]\"", str(found)
    assert found.hint == "the quotes make it a word: drop them, run: refill(hand[me], 1)", str(found)


def test_an_unknown_block_is_said_at_the_call(tmp_path):
    text = changed("      - run: turn\n", "      - run: tern\n")
    [found] = errors(tmp_path, text)
    assert (found.code, found.message, found.loc.line) == ("S026", "unknown block 'tern'", line_of(text, "run: tern"))
    assert "did you mean 'turn'?" in found.hint


def test_a_wrong_number_of_arguments_is_said_at_the_call(tmp_path):
    text = changed("      - run: refill(hand[me], 1)\n", "      - run: refill(hand[me])\n")
    [found] = errors(tmp_path, text)
    assert (found.code, found.loc.line) == ("S027", line_of(text, "refill(hand[me])"))
    assert found.message == "block 'refill' takes 2 argument(s), 1 given" and "write run: refill(z, n)" in found.hint


def test_blocks_that_run_one_another_in_a_circle_are_named(tmp_path):
    text = changed("  turn:\n", "  turn:\n    - run: again\n", changed("actions:\n", "  again:\n    - run: turn\nactions:\n"))
    [found] = errors(tmp_path, text)
    assert found.code == "S028" and found.message == "block 'turn' runs itself: turn -> again -> turn"


def test_a_block_running_itself_is_refused(tmp_path):
    [found] = errors(tmp_path, changed("    - set: {draws: draws + n}\n", "    - set: {draws: draws + n}\n    - run: counted(k)\n"))
    assert (found.code, found.message) == ("S028", "block 'counted' runs itself: counted -> counted")
    assert "set a variable there in place of the run, and run the block from a loop of the flow" in found.hint, found.hint
    assert "resolving again without running itself" in found.hint  # (the heading of the pattern in language.md's blocks)


# language.md, blocks: "resolving again without running itself": a card that moves the pawn sets `pending`, and a
# loop of the flow resolves the space reached, where `run: land(...)` in the card's block would be S028
CHAIN = """\
philtre: 1
game: chain
players: 2
variables:
  pos: {initial: 0, each: player}
  coins: {initial: 0, each: player}
  landed: {initial: [], each: player}
  pending: false
define:
  size: 8
  jump: "JUMPS"
blocks:
  land(p, s):
    - set: {"landed[p]": "landed[p] + [s]"}
    - when: s in jump
      run: card(p, jump[s])
    - when: s == 7
      set: {"coins[p]": "coins[p] + 1"}
  card(p, n):
    - set: {"pos[p]": "(pos[p] + n) % size", pending: true}
actions:
  step:
    choose: {n: "[1, 2]"}
    do:
      - set: {"pos[me]": "(pos[me] + n) % size", pending: true}
flow:
  - turns: 0
    until: any(coins[p] > 0 for p in players)
    do:
      - decide: step
      - repeat: 4
        do:
          - when: pending
            do:
              - set: {pending: false}
              - run: land(current, pos[current])
scenarios:
  - name: a step onto a card space
    players: 2
    steps:
      - {player: 0, action: step, args: {n: 2}}
    expect:
      - landed[0] == [LANDED]
"""


@pytest.mark.parametrize("jumps, landed", [
    ("{2: 3, 5: 2}", "2, 5, 7"),  # a card moving the pawn onto another card space: that one is resolved too, then 7
    ("{2: 3, 5: 5}", "2, 5, 2, 5"),  # two cards sending the pawn round a circle: the loop's bound stops it
], ids=["chain", "circle"])
def test_a_move_made_in_a_block_is_resolved_by_a_loop_of_the_flow_bounded(tmp_path, jumps, landed):
    """A trial's card that moves a pawn needed the space reached resolved, and its block running the landing block was
    S028; the card sets `pending` and the flow's loop runs the landing block again, at most 4 times a move."""
    path = written(tmp_path, CHAIN.replace("JUMPS", jumps).replace("LANDED", landed))
    assert check_file(path).findings == []  # (no S028, nor a lint)
    rules = load_ruleset(path)
    assert [r.failures for r in run_scenarios(rules)] == [[]]
    game = Game(rules, 2, seed=5)
    game.play_out(random=random.Random(1).random)  # (random steps: every game ends, whatever the cards do)
    assert game.finished and max(game.state.vars["coins"]) == 1


def test_a_decision_in_a_block_an_action_runs_is_s004_at_the_block(tmp_path):
    text = changed("      - run: refill(hand[me], 1)\n", "      - run: refill(hand[me], 1)\n      - run: turn\n")
    [found] = errors(tmp_path, text)
    assert (found.code, found.loc.line) == ("S004", line_of(text, "decide: [draw"))
    assert f"in block 'turn', run at {Path(tmp_path) / 'ruleset.yaml'}:{line_of(text, '      - run: turn') }:" in found.hint


def test_a_parameter_that_names_a_zone_and_two_blocks_of_one_name(tmp_path):
    found = errors(tmp_path, changed("  counted(k):\n", "  counted(deck):\n"))
    assert ("S023", "the parameter 'deck' of block 'counted' already names a zone") in [(d.code, d.message) for d in found]
    found = errors(tmp_path, changed("  turn:\n", "  turn(x):\n    - shuffle: deck\n  turn:\n"))
    assert [d.code for d in found] == ["S029"] and "two blocks are named 'turn'" in found[0].message


def test_a_parameter_may_take_a_component_type_s_name_as_a_let_may(tmp_path):
    """`counted(card)` where card is a type: bound as a `let` binds it (no S023) and read as the value (a let and a
    choice so named were taken, a block's parameter refused; after `is` a name is the type, whatever binds it)."""
    text = changed("  counted(k):\n    - let: {n: k * 10}\n", "  counted(card):\n    - let: {n: card * 10}\n")
    path = written(tmp_path, text)
    assert check_file(path).errors == []
    assert [r.failures for r in run_scenarios(load_ruleset(path))] == [[]]  # (draws == 50: card read as the number)


def test_a_block_never_run_is_l035(tmp_path):
    text = changed("actions:\n", "  spare:\n    - shuffle: deck\nactions:\n")
    [finding] = check_file(written(tmp_path, text)).findings
    assert (finding.diagnostic.code, finding.diagnostic.loc.line) == ("L035", line_of(text, "spare:"))
    assert finding.diagnostic.message == "block 'spare' is never run"


def test_an_overlay_replaces_a_block(tmp_path):
    """A house rule writes the block anew: its statements are what the calls run, and its mistakes point into it."""
    written(tmp_path, TEXT, "base.yaml")
    house = written(tmp_path, "extends: base.yaml\nblocks:\n  counted(k):\n    - set: {draws: draws + k}\n", "house.yaml")
    game = Game(load_ruleset(str(tmp_path / "base.yaml"), variants=[house]), 2, seed=1)
    assert game.state.vars["draws"] == 4  # 2 + 2, not 20 + 20
    broken = written(tmp_path, "extends: base.yaml\nblocks:\n  counted(k):\n    - set: {drawz: k}\n", "broken.yaml")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(tmp_path / "base.yaml"), variants=[broken])
    [found] = caught.value.diagnostics
    assert (found.code, found.loc.path.endswith("broken.yaml"), found.loc.line) == ("S015", True, 4)


def test_the_content_hash_is_of_the_blocks_as_written(tmp_path):
    other = load_ruleset(written(tmp_path, changed("    - let: {n: k * 10}\n", "    - let: {n: k * 11}\n")))
    assert other.content_hash != load_ruleset(str(BLOCKS)).content_hash


def test_a_block_sees_me_where_its_call_does(tmp_path):
    """Run from an action, a block reads the deciding seat; run from the flow, `me` is not bound there."""
    text = changed("      - move: card -> discard\n", "      - move: card -> discard\n      - run: mine\n",
                   changed("actions:\n", "  mine:\n    - move: hand[me] -> discard\nactions:\n"))
    assert load_ruleset(written(tmp_path, text)).actions["discard_one"].body[1].kind == "do"
    [found] = errors(tmp_path, changed("  - set: {kept: n}\n", "  - set: {kept: n}\n  - run: mine\n", text))
    assert (found.code, found.message, found.loc.line) == ("E150", "'me' is not bound here", line_of(text, "hand[me] -> discard"))


def test_blocks_nested_too_deep_or_run_too_many_times_over_are_s028(tmp_path, monkeypatch):
    """A chain of 20 blocks, each running the next; 15 levels of blocks each running the next twice (32,767 runs: past
    the limit, made 100 here so that the test compiles few)."""
    monkeypatch.setattr(blocks, "MAX_RUNS", 100)
    chain = "".join(f"  b{i}:\n    - run: b{i + 1}\n" for i in range(20)) + "  b20:\n    - shuffle: deck\n"
    found = errors(tmp_path, changed("blocks:\n", "blocks:\n" + chain, changed("      - run: turn\n", "      - run: turn\n      - run: b0\n")))
    assert [(d.code, d.message) for d in found] == [("S028", "blocks run one inside another more than 16 deep")]
    assert found[0].hint.count(", run at ") == 3
    twice = "".join(f"  c{i}:\n    - run: c{i + 1}\n    - run: c{i + 1}\n" for i in range(15)) + "  c15:\n    - shuffle: deck\n"
    found = errors(tmp_path, changed("blocks:\n", "blocks:\n" + twice, changed("      - run: turn\n", "      - run: turn\n      - run: c0\n")))
    assert [d.code for d in found] == ["S028"] and "more than 100 runs" in found[0].message


@pytest.mark.parametrize("old, new, hint", [
    ("      - run: turn\n", "      - call: turn\n", "a block of statements is run with run: NAME(ARGUMENTS)"),
    ("blocks:\n", "macros:\n", "named lists of statements go under blocks:"),
])
def test_another_language_s_words_for_blocks_are_told_run_and_blocks(tmp_path, old, new, hint):
    [found] = errors(tmp_path, changed(old, new))
    assert found.code == "V001" and hint in found.hint


RUN_THREE_TIMES = """\
philtre: 1
game: runs
players: 2
components:
  card: {attributes: {n: 1..2}, start: deck}
zones:
  deck: {}
  pile: {}
blocks:
  take(c):
    - score: {player: 0, add: c.n}
    - move: c -> pile
  twice:
    - run: take(last(deck))
    - run: take(last(deck))
actions:
  grab:
    do:
      - run: take(last(deck))
flow:
  - run: take(last(deck))
  - run: take(last(deck))
  - run: take(last(deck))
winners: {highest: "score[p]"}
"""


def _failure_in_play(tmp_path, text: str) -> PhiltreError:
    """The R100 that stops a game of ``text`` (its first seat's first option taken at each decision)."""
    ruleset = load_ruleset(written(tmp_path, text))
    with pytest.raises(PhiltreError) as failed:
        game = Game(ruleset, 2, seed=1)  # (the flow runs to its first decision)
        while not game.finished:
            seat = game.pending()[0]
            game.apply(seat, game.options(seat)[0])
    [found] = failed.value.diagnostics
    assert found.code == "R100" and found.loc.line == line_of(text, "score: {player: 0, add: c.n}")
    return found


@pytest.mark.parametrize("fused", [True, False])
def test_a_rule_failing_in_a_block_names_the_run_that_ran_it(tmp_path, monkeypatch, fused):
    """The block is run from three places and the third fails: the R100, at the block's line, said which (it named
    the block's line alone), as a finding in a block when checked does; found only once the rule has failed."""
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
    found = _failure_in_play(tmp_path, RUN_THREE_TIMES)
    where = Path(tmp_path) / "ruleset.yaml"
    assert found.hint.endswith(f"in block 'take', run at {where}:{line_of(RUN_THREE_TIMES, 'flow:') + 3}:5"), found.hint


def test_a_rule_failing_in_blocks_run_one_inside_another_names_each_run_innermost_first(tmp_path):
    """take, run by twice, run by the flow: both runs named, as the checks name them."""
    text = changed("flow:\n  - run: take(last(deck))\n  - run: take(last(deck))\n  - run: take(last(deck))\n",
                   "flow:\n  - run: take(last(deck))\n  - run: twice\n", RUN_THREE_TIMES)
    where = Path(tmp_path) / "ruleset.yaml"
    inner, outer = line_of(text, "  twice:") + 2, line_of(text, "  - run: twice")
    assert _failure_in_play(tmp_path, text).hint.endswith(
        f"in block 'take', run at {where}:{inner}:7; in block 'twice', run at {where}:{outer}:5")


def test_a_rule_failing_in_a_block_an_action_runs_names_the_actions_run(tmp_path):
    """The action's own `run:` is named when its effects fail."""
    text = changed("  - run: take(last(deck))\n  - run: take(last(deck))\n  - run: take(last(deck))\n",
                   "  - run: take(last(deck))\n  - run: take(last(deck))\n  - decide: grab\n    player: 0\n", RUN_THREE_TIMES)
    where = Path(tmp_path) / "ruleset.yaml"
    assert _failure_in_play(tmp_path, text).hint.endswith(
        f"in block 'take', run at {where}:{line_of(text, '      - run: take')}:9")


def test_a_rule_failing_outside_blocks_names_no_run(tmp_path):
    """A statement of the flow itself, beside the runs: its hint as before, no block named."""
    text = changed("  - run: take(last(deck))\n  - run: take(last(deck))\n  - run: take(last(deck))\n",
                   "  - run: take(last(deck))\n  - move: deck -> pile\n  - score: {player: 0, add: last(deck).n}\n", RUN_THREE_TIMES)
    with pytest.raises(PhiltreError) as failed:
        Game(load_ruleset(written(tmp_path, text)), 2, seed=1)
    [found] = failed.value.diagnostics
    assert found.code == "R100" and found.loc.line == line_of(text, "add: last(deck).n") and "run at" not in found.hint


@pytest.mark.parametrize("fused", [True, False])
def test_an_argument_failing_at_run_time_is_said_as_the_argument(tmp_path, monkeypatch, fused):
    """A block's arguments are bound as a let the rules do not hold: a failure computing one names the argument, its
    parameter and its text, at the argument (it read "rule 'let' failed in its names" in a Cribbage trial with no let)."""
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
    text = ("philtre: 1\ngame: g\nplayers: 2\ndefine:\n  bad: max([k for k in range(0)])\nblocks:\n  peg(p, n):\n"
            "    - score: {player: p, add: n}\nflow:\n  - run: peg(0, bad)\n")
    with pytest.raises(PhiltreError) as failed:
        Game(load_ruleset(written(tmp_path, text)), 2, seed=1)
    [found] = failed.value.diagnostics
    assert found.code == "R100" and found.message.startswith(
        "computing the argument n of block 'peg' (n = bad) failed: max() of an empty collection"), found.message
    assert (found.loc.line, found.loc.col) == (line_of(text, "- run: peg"), 10)
    assert "'let'" not in found.message and "in block 'peg'" not in found.hint and "in definition 'bad'" in found.hint


RUN_TWICE = """\
philtre: 1
game: g
players: 2
variables:
  pass_number: 0
actions:
  go: {}
blocks:
  ask:
    - name: ask-go
      decide: go
      player: 0
flow:
  - set: {pass_number: 1}
  - run: ask
  - set: {pass_number: 2}
  - run: ask
"""


@pytest.mark.parametrize("time, expected", [(1, 1), (2, 2)])
def test_given_at_names_a_decision_of_a_block_run_twice_and_time_counts_both_runs(tmp_path, time, expected):
    """Skat trial: a block's named decision, run from two places, was T011 "the name: of 2 decision statements" (one
    line and column twice), with the advice to name each, which one written statement cannot follow. It is one place:
    `time` counts its waits in the order the game reaches them, and `waiting_at` and an expected `at` name it too."""
    written(tmp_path, RUN_TWICE)
    written(tmp_path, f"scenarios:\n  - name: s\n    players: 2\n    given: {{at: ask-go, time: {time}}}\n    expect:\n"
                      f"      - pass_number == {expected} and waiting_at == 'ask-go'\n      - {{pending: 0, at: ask-go}}\n",
            "scenarios.yaml")
    assert check_file(str(tmp_path)).findings == []
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.failures == [], result.failures


def test_a_third_wait_at_a_block_run_twice_is_never_reached(tmp_path):
    """The two runs are two waits, not more: `time: 3` plays the game to its end and says it waited there twice."""
    written(tmp_path, RUN_TWICE)
    written(tmp_path, "scenarios:\n  - name: s\n    players: 2\n    given: {at: ask-go, time: 3}\n    expect: [\"true\"]\n",
            "scenarios.yaml")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    [failure] = result.failures
    assert "T014 the game ended without waiting 3 times at a statement named 'ask-go': it waited there 2 times" in failure


def test_two_written_statements_of_one_name_are_still_t011(tmp_path):
    """Two decisions written apart under one name (one in the block, one in the flow) say nothing of which is meant."""
    written(tmp_path, RUN_TWICE + "  - name: ask-go\n    decide: go\n    player: 1\n")
    written(tmp_path, "scenarios:\n  - name: s\n    players: 2\n    given: {at: ask-go, time: 2}\n    expect: [\"true\"]\n",
            "scenarios.yaml")
    [found] = errors(tmp_path, Path(tmp_path, "ruleset.yaml").read_text(encoding="utf-8"))
    rules = Path(tmp_path) / "ruleset.yaml"
    assert found.code == "T011" and found.message.startswith(
        f"'ask-go' is the name: of 2 decision statements ({rules}:11:7, {rules}:19:5)"), found.message


# a trial's payment: the creditor a seat, or none for the bank, whose cash is nobody's
PAY = """\
philtre: 1
game: pay
players: 2
variables:
  cash: {initial: 10, each: player}
blocks:
  pay(p, q, amt):
    - set: {"cash[p]": "cash[p] - amt"}
    - when: GUARD
      set: {"cash[q]": "cash[q] + amt"}
actions:
  go: {}
flow:
  - run: pay(0, 1, 3)
  - run: pay(0, none, 3)
  - decide: go
    player: 0
"""


@pytest.mark.parametrize("guard", ["q != none", "none != q and amt > 0", "not (q == none or amt == 0)"])
def test_a_statement_a_when_keeps_from_a_none_argument_is_not_refused_for_that_call(tmp_path, guard):
    """`when: q != none` (or an `and` of it, or a `not` of `q == none`) never lets `cash[q]` be read with q none: the
    call giving none is checked as the statement runs, not refused; the game runs both calls."""
    ruleset = load_ruleset(written(tmp_path, PAY.replace("GUARD", guard)))
    game = Game(ruleset, 2, seed=1)
    assert game.state.vars["cash"] == [4, 13]


def test_an_else_is_read_where_its_when_is_false(tmp_path):
    text = PAY.replace("    - when: GUARD\n      set: {\"cash[q]\": \"cash[q] + amt\"}\n",
                       "    - when: q == none\n      set: {\"cash[p]\": \"cash[p]\"}\n"
                       "      else: [{set: {\"cash[q]\": \"cash[q] + amt\"}}]\n")
    assert Game(load_ruleset(written(tmp_path, text)), 2, seed=1).state.vars["cash"] == [4, 13]


@pytest.mark.parametrize("guard", ["true", "q != none or amt > 0", "q == none"])
def test_a_statement_reading_a_none_argument_that_its_when_does_not_keep_out_is_refused(tmp_path, guard):
    text = PAY.replace("GUARD", guard)
    found = errors(tmp_path, text)
    line = line_of(text, '"cash[q]": "cash')
    assert [(d.code, d.loc.line) for d in found] == [("E120", line), ("E121", line)], [str(d) for d in found]
    assert all("in block 'pay', run at " in d.hint for d in found)
