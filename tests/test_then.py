"""An action's follow-up (`then:`): statements of the flow run right after the action's effects, as if written just after
the decision that took it, seeing `me` and the action's choices; a decision there pauses the game, and every way of
reading decisions agrees (options/apply, play_out, records and replay, scenarios, copies, agents, the PettingZoo
adapter, a seat's view); a decision asked again (`until_chosen`) runs it after each choice; a simultaneous step refuses
actions that have one (S033); lints read it as flow."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import PhiltreError, load_ruleset
from philtre.dsl.lints import lint
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios
from philtre.interpreter.simulate import play_game

from conftest import load_codes, masked_by_the_adapter, played_three_ways, variant_of

DATA = Path(__file__).parent / "data"
SOURCE = (DATA / "then.yaml").read_text()


# tests/data/then.yaml: a chapel played then asks its seat to trash up to two cards; a village then draws and plays on
chapel = pytest.fixture(scope="module")(lambda: load_ruleset(str(DATA / "then.yaml")))


def _kinds(options) -> list:
    """Each option as (action, the kind of its card or None)."""
    return [(o.action, dict(o.args)["c"]["kind"] if o.args else None) for o in options]


def _take(game, action, kind=None):
    """The seat deciding takes the first option of ``action`` (of a card of ``kind``); its seat."""
    (seat,) = game.pending()
    game.apply(seat, next(o for o, k in zip(game.options(seat), _kinds(game.options(seat))) if k == (action, kind)
                          or (kind is None and k[0] == action)))
    return seat


def _with_a_chapel(ruleset, players=2):
    """A new game whose seat 0 holds a chapel and some card that is not one (the first seed that deals so)."""
    for seed in range(200):
        game = Game(ruleset, players, seed=seed)
        kinds = [k for _, k in _kinds(game.options(0)) if k is not None]
        held = [c["kind"] for c in game.state.zones["hand"][0]]
        if "chapel" in kinds and any(k != "chapel" for k in held):
            return game
    raise AssertionError("no seed deals seat 0 a chapel")


def test_the_follow_up_asks_the_seat_that_played_before_the_flow_goes_on(chapel):
    game = _with_a_chapel(chapel)
    hand = len(game.state.zones["hand"][0])
    assert _take(game, "play", "chapel") == 0
    assert game.pending() == [0] and {o.action for o in game.options(0)} == {"trash", "stop"}
    _take(game, "trash")
    assert len(game.state.zones["trash"]) == 1 and game.state.vars["left"] == 1
    if game.pending() == [0]:  # (a card left in the hand: asked again, until the second trash or a stop)
        _take(game, "stop")
    assert game.pending() == [1] and len(game.state.zones["hand"][0]) == hand - len(game.state.zones["trash"])  # (drew one)


def test_the_scenarios_take_the_follow_ups_decisions_as_steps(chapel):
    assert [r.failures for r in run_scenarios(chapel)] == [[], [], [], []]


@pytest.mark.parametrize("players", [2, 3])
def test_play_out_a_recorded_game_and_the_loop_of_options_play_the_same_games(chapel, players, tmp_path):
    actions = set()
    for seed in range(10):
        recorded = played_three_ways(chapel, players, seed, tmp_path)  # (the record replays, event for event)
        actions |= {e["action"] for e in recorded.recorder.events if e.get("event") == "decision"}
    assert {"play", "pass", "trash", "stop"} <= actions


LONE = "      - decide: [play, pass]\n      - move: first(deck) -> hand[current]\n        when: count(deck) > 0\n"
DRAWING_PASS = "  pass:\n    do:\n      - move: first(deck) -> hand[me]\n        when: count(deck) > 0\n"  # (the deck runs out)


@pytest.mark.parametrize("flow", [
    "      - decide: [play, pass]\n",  # the lone decision of a turns loop (Runners.next_turns: the next seat's taken at once)
    "      - decide: [play, pass]\n        player: current\n",
])
def test_a_follow_up_of_a_loops_lone_decision_runs_before_the_next_pass(flow, tmp_path):
    path = variant_of(SOURCE, tmp_path, LONE, flow)
    Path(path).write_text(Path(path).read_text().replace("  pass: {}\n", DRAWING_PASS))
    _follows_up_every_way(load_ruleset(path), tmp_path)


def test_a_follow_up_of_the_flows_first_decision_and_of_an_until_loops_lone_decision(tmp_path):
    """A new game's way to its first decision is written out (Runners.descent), and so is an until loop's next pass."""
    text = SOURCE.replace("  - turns: 0\n    until: count(deck) == 0\n    do:\n" + LONE,
                          "  - decide: [play, pass]\n    player: 0\n  - until: count(deck) == 0\n    do:\n"
                          "      - decide: [play, pass]\n        player: 1\n").replace("  pass: {}\n", DRAWING_PASS)
    path = tmp_path / "until.yaml"
    path.write_text(text.split("\nscenarios:")[0] + "\n")
    _follows_up_every_way(load_ruleset(str(path)), tmp_path)


def _follows_up_every_way(ruleset, tmp_path) -> None:
    """Games of ``ruleset`` play, record and replay alike; a chapel played asks its seat the follow-up's trashes."""
    for seed in range(6):
        played_three_ways(ruleset, 2, seed, tmp_path)
    game = _with_a_chapel(ruleset)
    _take(game, "play", "chapel")
    assert game.pending() == [0] and {o.action for o in game.options(0)} == {"trash", "stop"}


def test_a_seats_view_during_the_follow_up_names_its_decision(chapel):
    game = _with_a_chapel(chapel)
    _take(game, "play", "chapel")
    for seat in (0, 1, None):
        view = game.view(seat)
        assert view["turn"]["deciding"] == [0] and view["turn"]["actions"] == ["trash", "stop"]
        assert [c["kind"] for c in view["zones"]["played"]["components"]] == ["chapel"]
    assert "components" not in view["zones"]["hand"][0] and game.view(0)["zones"]["hand"][0]["components"]  # (its owner's)


def test_a_copy_in_the_follow_up_plays_on_as_the_game(chapel):
    game = _with_a_chapel(chapel)
    _take(game, "play", "chapel")
    copy = game.copy()
    game.play_out(random=random.Random(4).random)
    copy.play_out(random=random.Random(4).random)
    assert copy.scores == game.scores and copy.decisions == game.decisions and copy.winners == game.winners


def test_a_decision_asked_again_runs_the_follow_up_after_each_choice_before_asking_again(tmp_path):
    path = variant_of(SOURCE, tmp_path, "      - decide: [play, pass]\n      - move:", "      - decide: [play, pass]\n        until_chosen: pass\n"
                    "      - move:")
    game = _with_a_chapel(load_ruleset(path))
    _take(game, "play", "chapel")
    assert {o.action for o in game.options(0)} == {"trash", "stop"}  # the follow-up first ...
    _take(game, "stop")
    assert game.pending() == [0] and {o.action for o in game.options(0)} >= {"pass"}  # ... then the question again
    assert "trash" not in {o.action for o in game.options(0)}
    _take(game, "pass")
    assert game.pending() == [1]


@pytest.mark.parametrize("players", [2, 3])
def test_an_asking_again_with_follow_ups_plays_records_and_replays_the_same(tmp_path, players):
    path = variant_of(SOURCE, tmp_path, "      - decide: [play, pass]\n      - move:", "      - decide: [play, pass]\n        until_chosen: pass\n"
                    "      - move:")
    ruleset = load_ruleset(path)
    for seed in range(6):
        played_three_ways(ruleset, players, seed, tmp_path)


def test_a_block_run_by_the_follow_up_draws_and_asks_again(chapel):
    for seed in range(200):
        game = Game(chapel, 2, seed=seed)
        if ("play", "village") in _kinds(game.options(0)) and game.state.zones["deck"]:
            break
    hand = len(game.state.zones["hand"][0])
    _take(game, "play", "village")
    assert len(game.state.zones["hand"][0]) == hand  # one played, one drawn by the block
    assert game.pending() == [0] and {o.action for o in game.options(0)} >= {"pass"}


def test_end_game_in_a_follow_up_ends_the_game_at_once(tmp_path):
    path = variant_of(SOURCE, tmp_path, "      - run: draw_and_play_on(me)\n", "      - end_game: {}\n      - run: draw_and_play_on(me)\n")
    for seed in range(200):
        game = Game(load_ruleset(path), 2, seed=seed)
        if ("play", "village") in _kinds(game.options(0)):
            break
    _take(game, "play", "village")
    assert game.finished and game.pending() == []


def test_a_scenario_may_start_at_a_named_decision_of_a_follow_up(tmp_path):
    path = tmp_path / "at.yaml"
    path.write_text(SOURCE.replace("          - decide: [trash, stop]\n", "          - decide: [trash, stop]\n            name: trashing\n")
                    .split("\nscenarios:")[0] + "\nscenarios:\n  - name: at the trashing\n    players: 2\n    seed: 1\n"
                    "    given: {at: trashing}\n    expect:\n      - left == 2\n")
    assert [r.failures for r in run_scenarios(load_ruleset(str(path)))] == [[]]


def test_a_follow_up_asking_for_its_own_action_forever_meets_the_step_limit_which_names_it(tmp_path):
    path = tmp_path / "again.yaml"
    path.write_text("philtre: 1\ngame: again\nplayers: 2\nzones:\n  table: {visible: everyone}\nstep_limit: 500\n"
                    "actions:\n  again:\n    then:\n      - decide: again\n        player: me\n"
                    "flow:\n  - decide: again\n    player: 0\nwinners: {highest: \"score[p]\"}\n")
    with pytest.raises(PhiltreError) as caught:
        Game(load_ruleset(str(path)), 2, seed=0).play_out(random=random.Random(0).random)
    failure = caught.value.first
    assert failure.code == "R200" and failure.loc.line == 10, failure
    assert failure.hint.startswith("the follow-ups (then:) of again ran 250 deep, each asking for an action with a then: "
                                   "again: a loop that ends only where a seat chooses otherwise"), failure.hint


@pytest.mark.parametrize("agents", [["random", "random"], ["greedy", "greedy"], ["ismcts:20", "random"]])
def test_agents_play_through_the_follow_ups(chapel, agents):
    game = play_game(chapel, 2, 3, agents, record=True)
    assert game.finished and "play" in {e["action"] for e in game.recorder.events if e.get("event") == "decision"}


def test_the_adapters_mask_offers_the_follow_ups_actions():
    pytest.importorskip("pettingzoo")
    assert {"play", "trash"} <= masked_by_the_adapter(DATA / "then.yaml", range(4))


def test_openspiel_plays_and_serialises_games_through_the_follow_ups():
    pyspiel = pytest.importorskip("pyspiel")
    from philtre.adapters import openspiel

    pyspiel.random_sim_test(openspiel.load(str(DATA / "then.yaml"), players=2), num_sims=6, serialize=True, verbose=False)


def test_play_at_the_terminal_asks_the_follow_ups_decision_and_records_a_game_that_replays(tmp_path):
    from test_cli import philtre

    record = tmp_path / "mine.jsonl"
    # seed 3: seat 0 plays three villages (each drawing, then asking again), passes, then plays a chapel and trashes two
    played = philtre("play", DATA / "then.yaml", "-p", "2", "--seat", "0", "--seed", "3", "--record", record, stdin="1\n" * 10,
                     timeout=120)
    assert played.returncode == 0, played.stderr
    asked = played.stdout[played.stdout.index("card chapel from hand[0] to played"):]
    assert "    1. trash(c=card copper)" in asked and "    3. stop()" in asked, asked
    replayed = philtre("replay", record, timeout=120)
    assert replayed.returncode == 0 and "all events match" in replayed.stdout, replayed.stdout + replayed.stderr


# a tax claimed, then every other seat may challenge it at once, then the effect where none did (a Coup trial's pain)
CHALLENGED = """\
philtre: 1
game: coupish
players: 2..4
zones:
  table: {visible: everyone}
variables:
  coins: {initial: 2, each: player, visible: everyone}
  challenged: false
actions:
  tax:
    do:
      - set: {challenged: false}
    then:
      - simultaneous: [challenge, allow]
        players: "[q for q in players if q != me]"
      - when: not challenged
        set: {"coins[me]": "coins[me] + 3"}
  income:
    do:
      - set: {"coins[me]": "coins[me] + 1"}
  challenge:
    do:
      - set: {challenged: true}
  allow: {}
flow:
  - turns: 0
    until: any(coins[p] >= 10 for p in players)
    do:
      - decide: [tax, income]
winners: {highest: "coins[p]"}
"""


@pytest.mark.parametrize("players", [2, 4])
def test_a_follow_up_may_hold_a_simultaneous_step_of_actions_without_one(tmp_path, players):
    (tmp_path / "coupish.yaml").write_text(CHALLENGED)
    ruleset = load_ruleset(str(tmp_path / "coupish.yaml"))
    taken = set()
    for seed in range(5):
        taken |= {e["action"] for e in played_three_ways(ruleset, players, seed, tmp_path).recorder.events if e.get("event") == "decision"}
    assert taken == {"tax", "income", "challenge", "allow"}
    game = Game(ruleset, players, seed=0)
    game.apply(0, next(o for o in game.options(0) if o.action == "tax"))
    assert game.pending() == list(range(1, players))  # the others, at once, before seat 1's turn
    for seat in range(1, players):
        game.apply(seat, next(o for o in game.options(seat) if o.action == "allow"))
    assert game.state.vars["coins"][0] == 5 and game.pending() == [1]


def test_a_simultaneous_step_refuses_an_action_with_a_follow_up(tmp_path):
    path = variant_of(SOURCE, tmp_path, "      - decide: [play, pass]\n", "      - simultaneous: [pass, play]\n")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(path)
    (found,) = caught.value.diagnostics
    assert found.code == "S033" and found.message.startswith("action 'play' has a then: (a follow-up of the flow), which a "
                                                             "simultaneous step cannot run"), found
    assert "or take 'play' by a decide" in found.hint
    fallback = variant_of(SOURCE, tmp_path, "      - decide: [play, pass]\n", "      - simultaneous: pass\n        otherwise: play\n", "b.yaml")
    assert load_codes(fallback) == ["S033"]


def test_the_follow_up_sees_me_and_the_choices_not_current(tmp_path):
    path = variant_of(SOURCE, tmp_path, "      - run: draw_and_play_on(me)\n", "      - run: draw_and_play_on(current)\n")
    assert load_codes(path) == ["E150"]
    path = variant_of(SOURCE, tmp_path, "            player: me\n            until_chosen", "            until_chosen", "b.yaml")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(path)
    (found,) = caught.value.diagnostics
    assert found.code == "S020" and found.hint == "in an action's then:, player: me asks the seat that took the action"


def test_a_dos_let_read_in_the_then_is_e150_saying_a_lets_names_end_with_its_block(tmp_path):
    """A Patchwork trial was told to quote 'due', a let of the action's do its then: read, as if it were a word."""
    path = tmp_path / "ruleset.yaml"
    path.write_text("""\
philtre: 1
game: owed
players: 2
variables:
  n: 0
actions:
  advance:
    do:
      - when: n >= 0
        do:
          - let: {due: n + 1}
    then:
      - for: k in range(due)
        do:
          - set: {n: n + 1}
flow:
  - turns: 0
    until: n > 3
    do:
      - decide: advance
""", encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    (found,) = caught.value.diagnostics
    assert (found.code, found.loc.line) == ("E150", 13), found
    assert found.hint == ("'due' is bound by a let in the do of action 'advance', and a let's names end with its block: the "
                          "then: sees the action's choices, me and the ruleset's names; keep the value in a variable (set "
                          "in the do, read in the then)"), found


@pytest.mark.parametrize("then, code", [("    then: 3\n", "V001"), ("    then: [3]\n", "V001"),
                                        ("    then:\n      - shuffle deck\n", "V001"), ("    then:\n      - go: 1\n", "V001")])
def test_a_follow_up_that_is_no_list_of_statements_is_refused_as_the_flows(tmp_path, then, code):
    path = variant_of(SOURCE, tmp_path, "  stop: {}\n", "  stop:\n" + then)
    assert load_codes(path)[0] == code


def test_the_lints_read_the_follow_up_as_flow(chapel, tmp_path):
    assert [d.code for d in lint(chapel)] == []
    # a decision there hangs on a hand only its owner sees: every seat learns whether it is asked (L027)
    path = variant_of(SOURCE, tmp_path, "            when: count(hand[me]) > 0\n",
                    "            when: any(k.kind == 'estate' for k in hand[me])\n")
    assert "L027" in [d.code for d in lint(load_ruleset(path))]
    # the choices are read where the do moved them: the card played lies face up, so no finding reads it
    assert "L002" not in [d.code for d in lint(chapel)]


def test_an_action_whose_choice_only_its_follow_up_reads_changes_something(tmp_path):
    """tests/data/then_hands_on.yaml (a trial's): `pick` chooses n, has no do:, and its then: hands n on to a decision
    (`with: {n: n}`): the choice changes what `confirm` adds, so no L014 "the choice changes nothing". A then: that reads
    no choice (`with: {n: 1}`) leaves it changing nothing, and L014 says so."""
    source = (DATA / "then_hands_on.yaml").read_text()
    assert [d.code for d in lint(load_ruleset(str(DATA / "then_hands_on.yaml")))] == []
    path = variant_of(source, tmp_path, "with: {n: n}", "with: {n: 1}")
    (found,) = [d for d in lint(load_ruleset(path)) if d.code == "L014"]
    assert "'pick' chooses n but has no 'do:' and its 'then:' reads none of its choices" in found.message
    assert "with: {n: n}" in found.hint


def test_an_end_game_in_a_follow_up_ends_a_loop_that_has_no_until(tmp_path):
    endless = variant_of(SOURCE, tmp_path, "    until: count(deck) == 0\n", "")
    assert "L004" in [d.code for d in lint(load_ruleset(endless))]
    ended = Path(endless).read_text().replace("    then:\n", "    then:\n      - end_game: {}\n        when: count(deck) == 0\n")
    Path(endless).write_text(ended)
    assert "L004" not in [d.code for d in lint(load_ruleset(endless))]


def test_decisions_of_rulesets_without_follow_ups_are_not_marked():
    """Whether a decision's actions have a then: is known as the ruleset compiles (a decision of none is as before)."""
    from philtre.interpreter.runners import _statements

    for game in ("pok", "poison", "poisons", "hue"):
        ruleset = load_ruleset(game)
        assert not ruleset.follow_ups and ruleset.flow_walked is ruleset.flow
        assert not any("follow_up" in s.args for s in _statements(ruleset.flow))


# a then: reading a hand only its owner sees; the flow's last statement reveals the hands, at the game's end
HIDDEN_IN_A_THEN = """philtre: 1
game: hidden-in-a-then
players: 2
components:
  card: {attributes: {rank: [1, 2, 3]}, copies: 2, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {}
variables:
  ones: 0
  kept: {initial: null}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> table
    then:
      - set: {kept: "last(hand[me])"}
      - for: q in players
        do:
          - decide: react
            player: q
            when: any(c.rank == 1 for c in hand[q])
      - set: {ones: "count(c for c in hand[me] if c.rank == 1)"}
      - score: {player: me, add: "count(c for c in hand[me] if c.rank == 2)"}
  react: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - turns: 0
    until: count(hand[current]) == 0
    do:
      - decide: play
"""


@pytest.mark.parametrize("code", ["L013", "L027", "L030", "L031"])
def test_a_reveal_later_in_the_flow_does_not_hide_what_a_then_tells(tmp_path, code):
    """A then: runs after its action, before the flow goes on: a reveal at the game's end has not come yet."""
    told = variant_of(HIDDEN_IN_A_THEN, tmp_path, "      - decide: play\n", "      - decide: play\n  - reveal: hand\n")
    assert code in [d.code for d in lint(load_ruleset(told))]


@pytest.mark.parametrize("old, new", [("    then:\n", "    then:\n      - reveal: hand\n"),
                                      ("      - move: card -> table\n", "      - move: card -> table\n      - reveal: hand\n"),
                                      ("      - decide: play\n", "      - reveal: hand\n      - decide: play\n")])
def test_a_reveal_in_the_then_in_its_do_or_before_its_decide_shows_what_it_reads(tmp_path, old, new):
    """A reveal that surely comes before the then:'s statements (in it, in the action's do, or in the flow before every
    decide of the action) shows the hands first: nothing is told."""
    codes = [d.code for d in lint(load_ruleset(variant_of(HIDDEN_IN_A_THEN, tmp_path, old, new)))]
    assert not {"L013", "L027", "L030", "L031"} & set(codes), codes
