"""A simultaneous step hands values to the action it offers (`with:`, read for each seat as it is asked, `me` bound to
that seat), as a decide does: a trial's "keep at least N of the tickets drawn", N = 2 at the start (every seat at once)
and 1 in a turn, one action `keep` taking `need`. The values are read once, kept with the step, the same for every
way of playing (play_out, a record and its replay, options/apply, a copy, agents, scenarios, an overlay); a record
holds the choices as ever, and a seat is shown no value handed to another."""

from __future__ import annotations

import json

import pytest

from philtre.dsl import PhiltreError, load_ruleset
from philtre.dsl.lints import lint
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios
from philtre.interpreter.simulate import play_game, simulate

from conftest import played_three_ways

SOURCE = """\
philtre: 1
game: keep-tickets
players: 2..4
components:
  ticket: {attributes: {v: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]}, start: box}
zones:
  box:     {visible: nobody, count: everyone}
  offered: {each: player, visible: owner}
  kept:    {each: player, visible: owner, count: everyone}
actions:
  keep:
    takes: [need]
    choose: {ks: "[s for s in subsets(offered[me]) if count(s) >= need]"}
    do:
      - move: "ks -> kept[me]"
      - move: "offered[me] -> box"
        at: bottom
  draw:
    do:
      - deal: {from: box, to: "[offered[me]]", count: 3}
    then:
      - decide: keep
        player: me
        with: {need: 1}
flow:
  - shuffle: box
  - deal: {from: box, to: offered, count: 3}
  - simultaneous: keep
    name: keep_start
    with: {need: 2}
  - turns: 0
    until: count(box) < 3
    do:
      - decide: draw
winners: {highest: "count(kept[p])"}
"""

SCENARIOS = """\
scenarios:
  - name: at the start each seat keeps two of its three tickets or all three
    players: 2
    given:
      zones:
        "offered[0]": [{v: 1}, {v: 2}, {v: 3}]
        "offered[1]": [{v: 4}, {v: 5}, {v: 6}]
    steps:
      - {player: 0, action: keep, args: {ks: [{v: 1}, {v: 2}]}}
      - {player: 1, action: keep, args: {ks: [{v: 4}, {v: 5}, {v: 6}]}}
    expect:
      - count(kept[0]) == 2 and count(kept[1]) == 3
      - deciding == [0]
"""

ONE_AT_THE_START = """\
scenarios:
  - name: one ticket kept at the start is refused
    players: 2
    given:
      zones:
        "offered[0]": [{v: 1}, {v: 2}, {v: 3}]
    steps:
      - {player: 0, action: keep, args: {ks: [{v: 1}]}, illegal: true}
"""


def _ruleset(tmp_path, old=None, new=None, scenarios=""):
    """The trial's ruleset (with ``old`` written as ``new``, and ``scenarios``), loaded from ``tmp_path``."""
    assert old is None or SOURCE.count(old) == 1
    text = SOURCE if old is None else SOURCE.replace(old, new)
    path = tmp_path / "keep.yaml"
    path.write_text(text + scenarios)
    return load_ruleset(str(path))


def _diagnostic(tmp_path, old, new):
    """The one diagnostic loading the ruleset with ``old`` written as ``new`` reports, and the file's lines."""
    with pytest.raises(PhiltreError) as caught:
        _ruleset(tmp_path, old, new)
    assert len(caught.value.diagnostics) == 1, caught.value.diagnostics
    return caught.value.diagnostics[0], (tmp_path / "keep.yaml").read_text().splitlines()


def _kept_counts(game, seat) -> set:
    """How many tickets each of ``seat``'s options keeps."""
    return {len(dict(o.args)["ks"]) for o in game.options(seat)}


@pytest.fixture(scope="module")
def keeping(tmp_path_factory):
    return _ruleset(tmp_path_factory.mktemp("keep"))


def test_one_action_keeps_two_at_the_start_and_one_in_a_turn(keeping):
    game = Game(keeping, 3, seed=1)
    assert game.pending() == [0, 1, 2]
    assert [_kept_counts(game, seat) for seat in range(3)] == [{2, 3}] * 3
    for seat in range(3):
        game.apply(seat, game.options(seat)[0])
    assert [o.action for o in game.options(0)] == ["draw"]
    game.apply(0, game.options(0)[0])
    assert _kept_counts(game, 0) == {1, 2, 3}


def test_each_seats_values_are_read_with_me_that_seat(tmp_path):
    rules = _ruleset(tmp_path, "with: {need: 2}", 'with: {need: "3 if me == 1 else 2"}')
    game = Game(rules, 3, seed=0)
    assert [_kept_counts(game, seat) for seat in range(3)] == [{2, 3}, {3}, {2, 3}]
    copy = game.copy()  # (a search's copy lists each seat's options from the same values)
    assert [copy.options(seat) for seat in range(3)] == [game.options(seat) for seat in range(3)]
    for seat in range(3):
        game.apply(seat, game.options(seat)[0])
    assert [len(game.state.zones["kept"][seat]) for seat in range(3)] == [2, 3, 2]


def test_a_lone_seats_step_reads_its_value_as_a_decide_does(tmp_path):
    rules = _ruleset(tmp_path, "    with: {need: 2}\n", '    with: {need: "3 if me == 1 else 2"}\n    players: "[1]"\n')
    game = Game(rules, 2, seed=0)
    assert game.pending() == [1] and _kept_counts(game, 1) == {3}
    game.apply(1, game.options(1)[0])
    assert len(game.state.zones["kept"][1]) == 3


@pytest.mark.parametrize("players", [2, 4])
def test_play_out_a_recorded_game_its_replay_and_the_loop_of_options_agree(tmp_path, players):
    rules = _ruleset(tmp_path, "with: {need: 2}", 'with: {need: "3 if me == 1 else 2"}')
    for seed in range(6):
        recorded = played_three_ways(rules, players, seed, tmp_path)
        first = [e for e in recorded.recorder.events if e.get("event") == "decision"][:players]
        # the record holds each seat's choice as ever: the values handed are no part of it (the replay reads them again)
        assert [len(e["args"]["ks"]) >= (3 if e["player"] == 1 else 2) for e in first] == [True] * players
        assert all(set(e["args"]) == {"ks"} for e in first)
        assert "need" not in json.dumps(recorded.recorder.events)


def test_a_seat_is_shown_no_value_handed_to_another(tmp_path):
    # seat 0's value read from its own hand, which seat 1 does not see: seat 1's view is as where it is a constant
    secret = _ruleset(tmp_path, "with: {need: 2}", 'with: {need: "first(offered[me]).v % 2 + 2 if me == 0 else 2"}')
    (tmp_path / "plain").mkdir()
    plain = _ruleset(tmp_path / "plain")
    for seed in range(4):
        game, other = Game(secret, 2, seed=seed), Game(plain, 2, seed=seed)
        assert json.dumps(game.view(1), default=str) == json.dumps(other.view(1), default=str)
        assert "need" not in json.dumps(game.view(1), default=str)


@pytest.mark.parametrize("agents", [["greedy", "random"], ["ismcts:10", "random"]])
def test_search_agents_play_a_step_that_hands_values(keeping, agents):
    assert play_game(keeping, 2, 3, agents, record=True).finished
    assert simulate(keeping, 2, 3, seed=2, agents=agents)["games"] == 3


def test_a_scenario_steps_through_the_step(tmp_path):
    results = run_scenarios(_ruleset(tmp_path, scenarios=SCENARIOS))
    assert [r.failures for r in results] == [[]]


def test_a_scenario_step_keeping_fewer_than_the_value_handed_is_refused(tmp_path):
    results = run_scenarios(_ruleset(tmp_path, scenarios=ONE_AT_THE_START))
    assert [r.failures for r in results] == [[]]  # (the step marked illegal is refused)
    results = run_scenarios(_ruleset(tmp_path, scenarios=ONE_AT_THE_START.replace("[{v: 1}]", "[{v: 1}, {v: 2}]")))
    assert results[0].failures  # (two are kept: the step is not refused)


def test_given_at_the_step_reads_each_seats_value_again_at_the_position_given(tmp_path):
    rules = _ruleset(tmp_path, "with: {need: 2}", 'with: {need: "count(offered[me])"}', scenarios="""\
scenarios:
  - name: a seat given two tickets keeps both
    players: 2
    given:
      at: keep_start
      zones:
        "offered[0]": [{v: 1}, {v: 2}]
    expect:
      - options: {player: 0, are: [{action: keep, args: {ks: [{v: 1}, {v: 2}]}}]}
""")
    results = run_scenarios(rules)
    assert [r.failures for r in results] == [[]]  # (read as the game reached the step, need was 3: no option)


def test_an_overlay_replaces_a_value_handed(tmp_path):
    _ruleset(tmp_path)
    overlay = tmp_path / "all.yaml"
    overlay.write_text("extends: keep.yaml\nflow:\n  - name: keep_start\n    with: {need: 3}\n")
    game = Game(load_ruleset(str(tmp_path / "keep.yaml"), [str(overlay)]), 2, seed=0)
    assert [_kept_counts(game, seat) for seat in range(2)] == [{3}, {3}]


def test_a_value_that_fails_stops_the_game_at_the_step_naming_the_with(tmp_path):
    rules = _ruleset(tmp_path, "with: {need: 2}", 'with: {need: "2 // (me - me)"}')
    with pytest.raises(PhiltreError) as caught:
        Game(rules, 2, seed=0)
    assert caught.value.diagnostics[0].code == "R100" and "in its with `2 // (me - me)`" in str(caught.value)


def test_a_value_no_action_takes_is_s035_at_its_name(tmp_path):
    found, lines = _diagnostic(tmp_path, "with: {need: 2}", "with: {need: 2, most: 3}")
    assert found.code == "S035" and "simultaneous 'keep_start' hands 'most', which none of its actions (keep)" in found.message
    assert found.loc.col == lines[found.loc.line - 1].index("most") + 1


def test_a_step_that_does_not_hand_a_value_its_action_takes_is_s035(tmp_path):
    found, lines = _diagnostic(tmp_path, "    with: {need: 2}\n", "")
    assert found.code == "S035" and "simultaneous 'keep_start' offers action 'keep', which takes 'need'" in found.message
    assert lines[found.loc.line - 1].strip() == "- simultaneous: keep"


def test_values_of_two_kinds_for_one_name_are_s036(tmp_path):
    found, _ = _diagnostic(tmp_path, "with: {need: 2}", "with: {need: \"'two'\"}")
    assert found.code == "S036" and "action 'keep' takes 'need'" in found.message


def test_a_name_the_step_hands_but_the_action_does_not_take_is_e150_saying_to_take_it(tmp_path):
    with pytest.raises(PhiltreError) as caught:
        _ruleset(tmp_path, "    takes: [need]\n", "")
    e150 = [d for d in caught.value.diagnostics if d.code == "E150"]
    line = SOURCE.splitlines().index("  - simultaneous: keep") + 1 - 1  # (one line above: takes: is gone)
    assert len(e150) == 1 and e150[0].hint.endswith(f"simultaneous 'keep_start' (line {line}) hands 'need' (with:): list "
                                                    f"it under this action's takes: [need]")


def test_a_score_of_a_value_read_from_the_seats_own_hidden_zone_is_l030(tmp_path):
    handed = 'with: {need: "first(offered[me]).v % 2 + 1"}'
    assert [d.code for d in lint(_ruleset(tmp_path, "with: {need: 2}", handed))] == []  # (its own choice: what it sees)
    text = SOURCE.replace("with: {need: 2}", handed).replace(
        '      - move: "ks -> kept[me]"\n', '      - move: "ks -> kept[me]"\n      - score: {player: me, add: need}\n')
    (tmp_path / "keep.yaml").write_text(text)
    assert [d.code for d in lint(load_ruleset(str(tmp_path / "keep.yaml")))] == ["L030"]  # (every seat sees a score)


def test_the_adapter_masks_the_options_of_a_step_that_hands_values(tmp_path):
    from conftest import masked_by_the_adapter

    _ruleset(tmp_path)
    assert masked_by_the_adapter(str(tmp_path / "keep.yaml"), range(2)) == {"keep", "draw"}


def test_a_sample_for_one_seat_reads_the_others_values_again_from_what_it_guessed(tmp_path):
    import random

    from philtre.interpreter.determinize import determinize
    from philtre.interpreter.runners import BY_SEAT

    rules = _ruleset(tmp_path, "with: {need: 2}", 'with: {need: "first(offered[me]).v % 2 + 2"}')
    game = Game(rules, 2, seed=0)
    true = game.state.flow.pending.locals[BY_SEAT]
    guessed = set()
    for i in range(12):
        sample = determinize(game, 1, random.Random(i))
        values = sample.state.flow.pending.locals[BY_SEAT]
        hand = sample.state.zones["offered"]
        assert values == {p: {"need": next(iter(hand[p]))["v"] % 2 + 2} for p in range(2)}
        assert values[1] == true[1]  # (its own hand, which it sees, is its own)
        guessed.add(values[0]["need"])
    assert guessed == {2, 3}  # (the other seat's value follows the hand guessed, not the true one)
