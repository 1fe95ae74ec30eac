"""A decision asked again until the seat chooses to stop (`until_chosen:` on `decide`): the same seat is asked from the
position after each choice till it takes a stopping action, and every way of reading decisions agrees (options/apply,
play_out, records and replay, scenarios, agents, the PettingZoo adapter); static checks S019, S032 and S003; R300
where a question lists no option."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import PhiltreError, load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios
from philtre.interpreter.simulate import play_game

from conftest import load_codes, masked_by_the_adapter, played_three_ways, variant_of

DATA = Path(__file__).parent / "data"
SOURCE = (DATA / "until_chosen.yaml").read_text()


@pytest.fixture(scope="module")
def claims():
    """tests/data/until_chosen.yaml: play a card, then `decide: [claim, stop]` with `until_chosen: stop`, then draw."""
    return load_ruleset(str(DATA / "until_chosen.yaml"))


def _written(tmp_path, old, new, name="variant.yaml"):
    """tests/data/until_chosen.yaml with ``old`` written as ``new`` (once), at ``tmp_path``."""
    return variant_of(SOURCE, tmp_path, old, new, name)


def _take(game, action, pick=0):
    """The seat deciding takes its ``pick``-th option of ``action``; its seat."""
    (seat,) = game.pending()
    game.apply(seat, [o for o in game.options(seat) if o.action == action][pick])
    return seat


def test_the_seat_is_asked_again_after_each_claim_until_it_stops(claims):
    game = Game(claims, 2, seed=1)
    assert _take(game, "play", 1) == 0  # a 3: stones 1 and 2 are within reach
    assert {o.action for o in game.options(0)} == {"claim", "stop"}
    assert _take(game, "claim") == 0  # the 1 ...
    assert game.pending() == [0] and [o.args for o in game.options(0)] == [(("s", game.options(0)[0].args[0][1]),), ()]
    assert _take(game, "claim") == 0  # ... the 2: nothing left to pay with, asked all the same
    assert [o.action for o in game.options(0)] == ["stop"]
    _take(game, "stop")
    assert game.pending() == [1] and {o.action for o in game.options(1)} == {"play"}  # (seat 0 drew; seat 1 plays)


def test_when_guards_the_whole_asking_read_once(tmp_path):
    game = Game(load_ruleset(_written(tmp_path, "        until_chosen: stop\n",
                                      "        until_chosen: stop\n        when: points[current] >= 3\n")), 2, seed=1)
    _take(game, "play", 1)
    _take(game, "claim")  # points 2: the `when` would not hold now, and the seat is asked again all the same
    assert game.pending() == [0] and "stop" in {o.action for o in game.options(0)}


def test_the_seat_is_read_once_before_the_first_question(tmp_path):
    path = _written(tmp_path, "        until_chosen: stop\n", "        until_chosen: stop\n        player: asker\n")
    text = Path(path).read_text().replace("  points: {initial: 0", "  asker: 0\n  points: {initial: 0")
    Path(path).write_text(text.replace("      - move: s -> won[me]\n", "      - move: s -> won[me]\n      - set: {asker: 1 - me}\n"))
    game = Game(load_ruleset(path), 2, seed=1)
    _take(game, "play", 1)
    _take(game, "claim")  # asker is seat 1 now: the question goes on to seat 0 all the same
    assert game.pending() == [0]


def test_a_stopping_action_under_otherwise_ends_the_asking_once_nothing_else_is_offered(tmp_path):
    path = _written(tmp_path, "      - decide: [claim, stop]\n", "      - decide: claim\n        otherwise: stop\n")
    game = Game(load_ruleset(path), 2, seed=1)
    _take(game, "play", 1)
    while {o.action for o in game.options(0)} == {"claim"}:  # claims till none is left, asked each time
        _take(game, "claim")
    assert _take(game, "stop") == 0 and game.pending() == [1]


@pytest.mark.parametrize("players", [2, 3])
def test_play_out_a_recorded_game_and_the_loop_of_options_play_the_same_games(claims, players, tmp_path):
    for seed in range(12):
        recorded = played_three_ways(claims, players, seed, tmp_path)
        claims_made = [e for e in recorded.recorder.events if e.get("action") == "claim"]
        stops = [e for e in recorded.recorder.events if e.get("action") == "stop"]
        assert claims_made and len(stops) > 1  # (each choice recorded as a decision of its own)


def test_the_scenarios_take_several_steps_of_the_repeated_decision(claims):
    assert [r.failures for r in run_scenarios(claims)] == [[], [], []]


@pytest.mark.parametrize("agents", [["random", "random"], ["greedy", "greedy"], ["ismcts:30", "random"]])
def test_agents_stop_in_the_end(claims, agents):
    game = play_game(claims, 2, 4, agents, record=True)
    assert game.finished and {"claim", "stop"} <= {e["action"] for e in game.recorder.events if e.get("event") == "decision"}


def test_the_adapters_mask_offers_the_decisions_own_actions():
    pytest.importorskip("pettingzoo")
    assert {"claim", "stop"} <= masked_by_the_adapter(DATA / "until_chosen.yaml", [3])


def test_r300_where_a_question_lists_no_option(tmp_path):
    path = _written(tmp_path, "  stop: {}\n", "  stop:\n    if: count(stones) > 100\n")
    with pytest.raises(PhiltreError) as caught:
        Game(load_ruleset(path), 2, seed=0).play_out(random=random.Random(0).random)
    assert caught.value.first.code == "R300" and "(claim, stop)" in caught.value.first.message


def test_the_step_limit_guards_a_seat_that_never_chooses_to_stop(tmp_path):
    never = _written(tmp_path, "  stop: {}\n", "  stop:\n    if: false\n  wait: {}\n")  # stop never legal ...
    Path(never).write_text(Path(never).read_text().replace("decide: [claim, stop]", "decide: [claim, stop, wait]"))
    with pytest.raises(PhiltreError) as caught:  # ... and a wait always is: asked again till the step limit
        Game(load_ruleset(never), 2, seed=0).play_out(random=random.Random(0).random)
    failure = caught.value.first
    assert failure.code == "R200"
    # the decision asked again is blamed, at its line, not the `turns` around it
    assert failure.loc.line == Path(never).read_text().splitlines().index("      - decide: [claim, stop, wait]") + 1, failure
    assert "rule 'decide' asked seat 0 again and again, and its stopping actions (stop) were never chosen" in failure.message
    assert "does not end the game" not in failure.message and "otherwise" not in failure.hint, failure.hint


@pytest.mark.parametrize("record", [False, True])
def test_the_step_limit_names_a_fallback_that_stops_nothing(tmp_path, record):
    """Can't Stop trial (C-2): `decide: go`, `otherwise: wait`, `until_chosen: go`, go never legal: R200 blamed the turns."""
    never = _written(tmp_path, "  stop: {}\n", "  stop:\n    if: false\n  wait: {}\n")
    Path(never).write_text(Path(never).read_text().replace("decide: [claim, stop]", "decide: stop\n        otherwise: wait"))
    game = Game(load_ruleset(never), 2, seed=0, record=record)
    with pytest.raises(PhiltreError) as caught:
        game.play_out(random=random.Random(0).random)
    failure = caught.value.first
    assert failure.code == "R200" and failure.loc.line == Path(never).read_text().splitlines().index("      - decide: stop") + 1
    assert "its stopping actions (stop) were never chosen" in failure.message, failure.message
    assert failure.hint.startswith("where its actions (stop) list no option, its 'otherwise' wait is offered, and it is no "
                                   "stopping action: name it under until_chosen too if it ends the asking; check that stop "
                                   "comes to be legal ('if') and chosen"), failure.hint


def test_static_checks_of_until_chosen(tmp_path):
    assert load_codes(_written(tmp_path, "until_chosen: stop", "until_chosen: stp", "a.yaml")) == ["S019"]
    assert load_codes(_written(tmp_path, "until_chosen: stop", "until_chosen: [stop, play]", "b.yaml")) == ["S032"]
    assert load_codes(_written(tmp_path, "  - shuffle: deck\n", "  - shuffle: deck\n    until_chosen: stop\n", "c.yaml")) == ["S003"]
    assert load_codes(_written(tmp_path, "      - decide: play\n", "      - simultaneous: play\n        until_chosen: play\n",
                           "d.yaml")) == ["S003"]


def test_the_lints_find_nothing_in_a_repeated_decision(claims):
    from philtre.dsl.lints import lint

    assert [d.code for d in lint(claims)] == []


def test_s032_lists_each_action_once_where_one_is_also_the_fallback(tmp_path):
    """Can't Stop trial C-9: `decide: [push, stop]`, `otherwise: push` listed push twice in S032's hint."""
    path = _written(tmp_path, "until_chosen: stop", "otherwise: claim\n        until_chosen: play")
    with pytest.raises(PhiltreError) as refused:
        load_ruleset(path)
    assert "name one of its actions (claim, stop), or add 'play' to them" in str(refused.value), refused.value


@pytest.mark.parametrize("written", ["until_chosen: 3", "until_chosen: [3]"])
def test_until_chosen_given_no_name_says_it_takes_action_names(tmp_path, written):
    """Can't Stop trial C-9: `until_chosen: 3` said only `expected a text, got the number 3`."""
    with pytest.raises(PhiltreError) as refused:
        load_ruleset(_written(tmp_path, "until_chosen: stop", written))
    assert ("V001 expected a text, got the number 3 (until_chosen: takes an action's name or a list of names: "
            "until_chosen: play, or until_chosen: [play, claim])") in str(refused.value), refused.value


# -- `until:` beside until_chosen: the asking also ends once a condition holds (Dominion trial 7: buys run out) -------

UNTIL = "        until_chosen: stop\n        until: not any(points[current] >= s.n for s in stones)\n"
UNTIL_SCENARIOS = """scenarios:
  - name: the asking ends once no stone can be paid for, with no stop chosen, and the next seat plays
    players: 2
    given:
      rest: line
      zones:
        hand[0]: [{v: 3}]
        hand[1]: [{v: 1}]
        deck: []
    steps:
      - {player: 0, action: play}
      - {player: 0, action: claim, args: {s: {n: 1}}}
      - {player: 0, action: claim, args: {s: {n: 2}}}
    expect:
      - count(won[0]) == 2 and points[0] == 0
      - options: {player: 1, action: play, count: 1}
  - name: while a stone can be paid for, the seat is asked again
    players: 2
    given:
      rest: line
      zones:
        hand[0]: [{v: 3}]
        deck: []
    steps:
      - {player: 0, action: play}
      - {player: 0, action: claim, args: {s: {n: 1}}}
    expect:
      - options:
          player: 0
          are: [{action: claim, args: {s: {n: 2}}}, {action: stop}]
  - name: every seat's asking ends in the end
    players: 3
    autoplay: true
    expect:
      - game_over
"""


def _until(tmp_path, until=UNTIL, name="until.yaml"):
    """tests/data/until_chosen.yaml with `until:` beside its until_chosen (``until``: both lines), and scenarios of it."""
    path = _written(tmp_path, "        until_chosen: stop\n", until, name)
    Path(path).write_text(Path(path).read_text() + UNTIL_SCENARIOS)
    return path


def test_until_ends_the_asking_once_it_holds_without_the_stopping_action(tmp_path):
    game = Game(load_ruleset(_until(tmp_path)), 2, seed=1)
    assert _take(game, "play", 1) == 0  # a 3: stones 1 and 2 are within reach
    _take(game, "claim")  # the 1: the 2 is still within reach, so asked again
    assert game.pending() == [0] and {o.action for o in game.options(0)} == {"claim", "stop"}
    _take(game, "claim")  # the 2: nothing left to pay with, and no forced `stop` question
    assert game.pending() == [1] and {o.action for o in game.options(1)} == {"play"}


def test_until_is_not_read_before_the_first_question(tmp_path):
    """`when:` guards the first question; `until` is read before each question again, after a choice's effects."""
    game = Game(load_ruleset(_until(tmp_path, "        until_chosen: stop\n        until: true\n")), 2, seed=1)
    _take(game, "play", 1)
    assert game.pending() == [0] and {o.action for o in game.options(0)} == {"claim", "stop"}  # asked once all the same
    _take(game, "claim")
    assert game.pending() == [1]  # ... and not again


def test_the_scenarios_of_an_asking_ended_by_until(tmp_path):
    assert [r.failures for r in run_scenarios(load_ruleset(_until(tmp_path)))] == [[], [], []]


@pytest.mark.parametrize("players", [2, 3])
def test_an_asking_ended_by_until_plays_records_and_replays_the_same(tmp_path, players):
    ruleset = load_ruleset(_until(tmp_path))
    ended = 0
    for seed in range(8):
        recorded = played_three_ways(ruleset, players, seed, tmp_path)
        events = [e for e in recorded.recorder.events if e.get("event") == "decision"]
        # a claim followed by another seat's decision: the asking ended by its until, no stop chosen
        ended += sum(a["action"] == "claim" and b["player"] != a["player"] for a, b in zip(events, events[1:]))
    assert ended


def test_until_needs_until_chosen_and_a_condition(tmp_path):
    """On a decide asked once, until is S003 (its hint: when:, or an until loop); a value that is no condition E120."""
    path = _written(tmp_path, "        until_chosen: stop\n", "        until: count(stones) == 0\n", "a.yaml")
    with pytest.raises(PhiltreError) as refused:
        load_ruleset(path)
    (found,) = refused.value.diagnostics
    assert (found.code, found.message) == ("S003", "'decide' takes 'until' only beside 'until_chosen'"), str(found)
    assert "until_chosen: ACTION" in found.hint and "when:" in found.hint
    assert load_codes(_until(tmp_path, "        until_chosen: stop\n        until: count(stones)\n", "b.yaml")) == ["E120"]


def test_a_failing_until_is_named_at_the_decision(tmp_path):
    path = _until(tmp_path, "        until_chosen: stop\n        until: '[true][points[current]]'\n")
    game = Game(load_ruleset(path), 2, seed=1)
    _take(game, "play", 1)
    with pytest.raises(PhiltreError) as caught:
        _take(game, "claim")  # points 2 now: the until reads past its one item
    failure = caught.value.first
    assert failure.code == "R100" and "rule 'decide' failed in its until `[true][points[current]]`" in failure.message, failure


def test_l027_where_until_reads_what_some_seat_does_not_see(tmp_path):
    """Every seat sees whether the seat is asked again, so every seat learns the until's answer."""
    from philtre.dsl.lints import lint

    hidden = lint(load_ruleset(_until(tmp_path, "        until_chosen: stop\n        until: any(c.v == 5 for c in hand[current])\n")))
    assert [(d.code, d.message.split(" hangs on ")[0]) for d in hidden] == [("L027", "whether this decide asks its seat again")]
    assert [d.code for d in lint(load_ruleset(_until(tmp_path, name="seen.yaml")))] == []
