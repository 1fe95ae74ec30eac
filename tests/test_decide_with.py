"""A decision hands values to the actions it offers (`with:` on a `decide`, `takes:` on the action): read in their
choose, if, do and then; the same values for every way of playing (play_out, a record and its replay, options/apply,
a copy, agents, scenarios); static checks S035, S036 and S003, at file:line:col. A simultaneous step's `with:`, read
for each seat: tests/test_simultaneous_with.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from philtre.dsl import PhiltreError, load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios
from philtre.interpreter.simulate import play_game, simulate

from conftest import played_three_ways, variant_of

DATA = Path(__file__).parent / "data"
SOURCE = (DATA / "decide_with.yaml").read_text()


@pytest.fixture(scope="module")
def handing():
    """tests/data/decide_with.yaml: a draw's then: decides [keep, give] with the chip drawn; a for: h bids with h."""
    return load_ruleset(str(DATA / "decide_with.yaml"))


def _diagnostic(tmp_path, old, new, name="variant.yaml"):
    """The one diagnostic loading the ruleset with ``old`` written as ``new`` reports, and the variant's lines."""
    path = variant_of(SOURCE, tmp_path, old, new, name)
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(path)
    assert len(caught.value.diagnostics) == 1, caught.value.diagnostics
    return caught.value.diagnostics[0], Path(path).read_text().splitlines()


def _to_keep_or_give(game):
    """Play the game's first seat to the decision the draw's then: asks (keep or give), drawing the first chip."""
    seat = game.pending()[0]
    game.apply(seat, game.options(seat)[0])
    return seat


def test_the_scenarios_step_through_the_decisions_handed_values(handing):
    results = run_scenarios(handing)
    assert [r.failures for r in results] == [[]] * len(results)


@pytest.mark.parametrize("players", [2, 3])
def test_play_out_a_recorded_game_its_replay_and_the_loop_of_options_agree(handing, players, tmp_path):
    for seed in range(12):
        recorded = played_three_ways(handing, players, seed, tmp_path)
        taken = {e["action"] for e in recorded.recorder.events if e.get("event") == "decision"}
        assert "bid" in taken


def test_the_values_are_read_where_the_decide_waits_and_kept_with_it(handing):
    game = Game(handing, 2, seed=3)
    seat = game.pending()[0]
    chip = game.options(seat)[0].args[0][1]
    game.apply(seat, game.options(seat)[0])
    pending = game.state.flow.pending
    assert pending.locals["c"] is chip and pending.locals["worth"] == chip["v"] * 10
    # the values are the decision's, not names of the flow around it: the frame's names hold none of them
    assert "worth" not in game.state.flow.stack[-1][3]
    copy = game.copy()
    assert copy.options(seat) == game.options(seat)
    assert copy.state.flow.pending.locals["worth"] == chip["v"] * 10


def test_the_for_loops_variable_is_handed_to_each_bid(handing):
    game = Game(handing, 2, seed=1)
    bids = []
    while not game.finished and len(bids) < 2:
        seat = game.pending()[0]
        options = game.options(seat)
        if options[0].action == "bid":
            bids.append(sorted(dict(o.args)["n"] for o in options))
        game.apply(seat, options[-1])
    assert bids == [[0, 1], [0, 2]]


def test_a_seats_view_names_the_actions_and_shows_no_value_handed(handing):
    game = Game(handing, 2, seed=3)
    seat = _to_keep_or_give(game)
    view = game.view(1 - seat)
    assert view["turn"]["actions"] == ["keep", "give"]
    assert "worth" not in json.dumps(view, default=str)


@pytest.mark.parametrize("agents", [["greedy", "greedy"], ["ismcts:20", "random"]])
def test_search_agents_play_decisions_that_hand_values(handing, agents):
    game = play_game(handing, 2, 4, agents, record=True)
    assert game.finished
    assert simulate(handing, 2, 4, seed=2, agents=agents)["games"] == 4


def test_a_with_value_that_fails_stops_the_game_at_the_decide(handing, tmp_path):
    path = variant_of(SOURCE, tmp_path, "with: {c: c, worth: c.v * 10}", "with: {c: c, worth: c.v // (c.v - c.v)}")
    game = Game(load_ruleset(path), 2, seed=0)
    seat = game.pending()[0]
    with pytest.raises(PhiltreError) as caught:
        game.apply(seat, game.options(seat)[0])
    assert caught.value.diagnostics[0].code == "R100" and "in its with `c.v // (c.v - c.v)`" in str(caught.value)


def test_an_r100_reading_a_value_handed_as_none_names_the_with_that_handed_it(handing, tmp_path):
    path = variant_of(SOURCE, tmp_path, "with: {c: c, worth: c.v * 10}", "with: {c: none, worth: c.v * 10}")
    game = Game(load_ruleset(path), 2, seed=0)
    seat = game.pending()[0]
    with pytest.raises(PhiltreError) as caught:  # (keep's if reads c.v)
        game.apply(seat, game.options(seat)[0])
    line, text = next((i, text) for i, text in enumerate(Path(path).read_text().splitlines(), 1) if "with: {c: none" in text)
    assert caught.value.diagnostics[0].code == "R100"
    assert f"; 'c', handed by `with: {{c: none}}` at {path}:{line}:{text.index('none') + 1}, is none" in str(caught.value)


def test_an_r100_of_an_actions_do_reading_a_value_handed_as_none_names_the_with(handing, tmp_path):
    path = variant_of(SOURCE, tmp_path, "worth: c.v * 10}", "worth: none}")
    path = variant_of(Path(path).read_text(), tmp_path, "add: worth}", "add: worth + 1}", "do.yaml")
    game = Game(load_ruleset(path), 2, seed=0)
    seat = game.pending()[0]
    game.apply(seat, game.options(seat)[0])
    keep = [o for o in game.options(seat) if o.action == "keep"]
    assert keep  # (seed 0 draws a chip above 1, which may be kept)
    with pytest.raises(PhiltreError) as caught:
        game.apply(seat, keep[0])
    assert "'worth', handed by `with: {worth: none}` at" in str(caught.value)
    assert "'worth' is none" not in str(caught.value)  # (said once, with where it was handed)


def test_an_action_offered_without_a_value_it_takes_is_s035_at_the_with(tmp_path):
    found, lines = _diagnostic(tmp_path, "with: {c: c, worth: c.v * 10}", "with: {c: c}")
    assert found.code == "S035" and "decide 'keep, give' offers action 'keep', which takes 'worth'" in found.message
    assert lines[found.loc.line - 1].strip() == "with: {c: c}" and found.loc.col == 9
    found, lines = _diagnostic(tmp_path, "            with: {h: h}\n", "")
    assert found.code == "S035" and "decide 'bid' offers action 'bid', which takes 'h'" in found.message
    assert lines[found.loc.line - 1].strip() == "- decide: bid"


def test_a_value_no_action_takes_is_s035_at_its_name(tmp_path):
    found, lines = _diagnostic(tmp_path, "with: {h: h}", "with: {h: h, hh: h}")
    assert found.code == "S035" and "hands 'hh', which none of its actions (bid) takes" in found.message
    assert found.loc.col == lines[found.loc.line - 1].index("hh") + 1


def test_values_of_two_kinds_for_one_name_are_s036(tmp_path):
    found, _ = _diagnostic(tmp_path, "      - decide: draw\n", "      - decide: draw\n      - decide: bid\n        with: {h: \"'one'\"}\n")
    assert found.code == "S036" and "action 'bid' takes 'h', handed a word at" in found.message
    assert "but a whole number here" in found.message


def test_a_name_taken_that_is_a_choice_or_me_is_s036(tmp_path):
    found, _ = _diagnostic(tmp_path, "takes: [h]", "takes: [h, n]")
    assert found.code == "S036" and "takes 'n', which is also its choice" in found.message


def test_a_name_read_but_not_taken_is_still_e150(tmp_path):
    found, _ = _diagnostic(tmp_path, "add: worth}", "add: wroth}")
    assert found.code == "E150" and "'wroth'" in found.message


def _diagnostics(tmp_path, old, new) -> list:
    """Every diagnostic loading the ruleset with ``old`` written as ``new`` reports."""
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(variant_of(SOURCE, tmp_path, old, new))
    return caught.value.diagnostics


def test_a_name_a_decide_hands_but_the_action_does_not_take_is_e150_saying_to_take_it(tmp_path):
    e150 = [d for d in _diagnostics(tmp_path, "    takes: [h]\n", "") if d.code == "E150"]
    line = SOURCE.replace("    takes: [h]\n", "").splitlines().index("          - decide: bid") + 1
    assert [d.hint for d in e150] == [f"decide 'bid' (line {line}) hands 'h' (with:): list it under this action's takes: [h]"]
    assert "quote it" not in e150[0].message
    e150 = [d for d in _diagnostics(tmp_path, "takes: [c, worth]", "takes: [c]") if d.code == "E150"]
    assert e150 and "hands 'worth' (with:): list it under this action's takes: [c, worth]" in e150[0].hint


def test_with_on_a_statement_that_is_no_decision_is_s003_naming_the_two_that_take_it(tmp_path):
    found, _ = _diagnostic(tmp_path, "      - decide: draw\n", "      - decide: draw\n      - shuffle: bag\n        with: {h: 1}\n")
    assert found.code == "S003" and "'shuffle' does not take 'with'" in found.message
    assert "'with' belongs to decide and simultaneous" in found.hint


def test_a_simultaneous_step_offering_an_action_that_takes_a_value_it_does_not_hand_is_s035(tmp_path):
    found, lines = _diagnostic(tmp_path, "          - decide: bid\n            name: bid\n            with: {h: h}\n",
                               "          - simultaneous: bid\n")
    assert found.code == "S035" and "simultaneous 'bid' offers action 'bid', which takes 'h'" in found.message
    assert "give it under with: (h: ...)" in found.hint and "(me: that seat)" in found.hint
    assert lines[found.loc.line - 1].strip() == "- simultaneous: bid"


def test_a_score_of_a_value_handed_from_a_hidden_zone_is_linted_as_one_reading_it(tmp_path):
    from philtre.dsl.lints import lint

    path = variant_of(SOURCE, tmp_path, "worth: c.v * 10}", "worth: \"first(bag).v if count(bag) > 0 else 0\"}")
    codes = [d.code for d in lint(load_ruleset(path))]
    assert codes == ["L006"]
    assert [d.code for d in lint(load_ruleset(str(DATA / "decide_with.yaml")))] == []


def test_an_if_reading_a_value_handed_from_a_hidden_zone_is_l021(tmp_path):
    from philtre.dsl.lints import lint

    path = variant_of(SOURCE, tmp_path, "worth: c.v * 10}", "worth: \"first(bag).v if count(bag) > 0 else 0\"}")
    text = Path(path).read_text().replace("add: worth}", "add: 1}").replace("if: c.v > 1 ", "if: c.v > 1 and worth >= 0 ")
    Path(path).write_text(text)
    assert [d.code for d in lint(load_ruleset(path))] == ["L021"]


AGAIN = """\
philtre: 1
game: with-again
players: 2
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  won: {each: player, visible: everyone}
actions:
  take:
    takes: [most]
    choose: {c: bag}
    if: c.v <= most
    do:
      - move: c -> won[me]
  stop:
    takes: [most]
    do:
      - score: {player: me, add: most}
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: [take, stop]
        with: {most: "1 + count(won[current])"}
        until_chosen: stop
winners: {highest: "score[p]"}
"""


def test_a_decision_asked_again_reads_its_values_again_at_each_question(tmp_path):
    path = tmp_path / "again.yaml"
    path.write_text(AGAIN)
    game = Game(load_ruleset(str(path)), 2, seed=0)
    most = []
    for _ in range(3):
        most.append(game.state.flow.pending.locals["most"])
        take = next(o for o in game.options(0) if o.action == "take")
        game.apply(0, take)
    assert most == [1, 2, 3]


GIVEN_AT_AGAIN = """\
scenarios:
  - name: the value handed is read again at the position given
    players: 2
    given:
      at: ask
      zones:
        "won[0]": [{v: 1}, {v: 2}]
    steps:
      - {player: 0, action: stop}
    expect:
      - score[0] == 3
"""


def test_given_at_a_decision_that_hands_values_reads_them_again_at_the_position_given(tmp_path):
    path = tmp_path / "again.yaml"
    path.write_text(AGAIN.replace("      - decide: [take, stop]\n", "      - decide: [take, stop]\n        name: ask\n")
                    + GIVEN_AT_AGAIN)
    results = run_scenarios(load_ruleset(str(path)))
    assert [r.failures for r in results] == [[]]  # (most read before given was 1: the stop scored 1)


def test_the_adapter_masks_the_options_of_decisions_that_hand_values():
    from conftest import masked_by_the_adapter

    assert masked_by_the_adapter(str(DATA / "decide_with.yaml"), range(3)) == {"draw", "keep", "give", "bid"}
