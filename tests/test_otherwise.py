"""A decision's fallback (`otherwise:` on `decide` and `simultaneous`): its actions are offered a seat only where the
decision's own give it no option, and every way of listing a seat's options agrees (options/apply, play_out, scenarios,
agents, records and replay, the PettingZoo adapter); static checks S019, S031 and S003; R300 where neither lists one."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import PhiltreError, load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios
from philtre.interpreter.simulate import play_game, simulate

from conftest import load_codes, masked_by_the_adapter, played_three_ways, variant_of

DATA = Path(__file__).parent / "data"
SOURCE = (DATA / "otherwise.yaml").read_text()


@pytest.fixture(scope="module")
def fallback():
    """tests/data/otherwise.yaml: `decide: play, otherwise: pass` in turns, then `simultaneous: take, otherwise: [wait]`."""
    return load_ruleset(str(DATA / "otherwise.yaml"))


def _written(tmp_path, old, new, name="variant.yaml"):
    """tests/data/otherwise.yaml with ``old`` written as ``new`` (once), at ``tmp_path``."""
    return variant_of(SOURCE, tmp_path, old, new, name)


def _actions(options) -> set:
    return {o.action for o in options}


def test_the_fallback_is_offered_only_where_the_decisions_own_actions_list_nothing(fallback, play):
    seen = set()

    def note(game):
        """Which actions each seat deciding is offered (in a simultaneous step, every seat's before each choice)."""
        seen.update(frozenset(_actions(game.options(seat))) for seat in game.pending())

    for seed in range(20):
        play(fallback, 3, seed, on_step=note)
    # never both at once: the pass only without a play, the wait only without a take; each is met
    assert seen == {frozenset({"play"}), frozenset({"pass"}), frozenset({"take"}), frozenset({"wait"})}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_out_a_recorded_game_and_the_loop_of_options_play_the_same_games(fallback, players, tmp_path):
    for seed in range(15):
        played_three_ways(fallback, players, seed, tmp_path)


def test_a_copy_lists_the_fallback_as_the_game_does(fallback):
    game = Game(fallback, 2, seed=1)
    while not game.finished and _actions(game.options(game.pending()[0])) != {"pass"}:
        seat = game.pending()[0]
        game.apply(seat, game.options(seat)[0])
    seat = game.pending()[0]
    assert game.copy().options(seat) == game.options(seat)
    assert game.view(seat)["turn"]["actions"] == ["play", "pass"]


def test_the_scenarios_expect_the_fallbacks_options(fallback):
    results = run_scenarios(fallback)
    assert [r.failures for r in results] == [[], [], []]


@pytest.mark.parametrize("agents", [["random", "random"], ["greedy", "greedy"], ["ismcts:30", "random"]])
def test_agents_and_simulate_take_the_fallback(fallback, agents):
    game = play_game(fallback, 2, 4, agents, record=True)
    taken = {e["action"] for e in game.recorder.events if e.get("event") == "decision"}
    assert {"pass", "wait"} <= taken
    summary = simulate(fallback, 2, 6, seed=2, agents=agents)
    assert summary["games"] == 6


def test_the_adapters_action_space_holds_the_fallback_and_its_mask_offers_it_alone():
    pytest.importorskip("pettingzoo")
    assert {"pass", "wait"} <= masked_by_the_adapter(DATA / "otherwise.yaml", [3])


def test_r300_where_neither_the_actions_nor_the_fallback_list_an_option(tmp_path):
    path = _written(tmp_path, "  pass:\n    do:", "  pass:\n    if: top > 100\n    do:")
    ruleset = load_ruleset(path)
    with pytest.raises(PhiltreError) as caught:
        Game(ruleset, 2, seed=0).play_out(random=random.Random(0).random)
    error = caught.value.first
    assert error.code == "R300" and "(play; otherwise pass)" in error.message
    assert "its fallback" in error.hint


def test_r300_without_a_fallback_names_otherwise_in_its_hint(tmp_path):
    path = _written(tmp_path, "        otherwise: pass\n", "")
    with pytest.raises(PhiltreError) as caught:
        Game(load_ruleset(path), 2, seed=0).play_out(random=random.Random(0).random)
    assert caught.value.first.code == "R300" and "otherwise:" in caught.value.first.hint


def test_static_checks_of_otherwise(tmp_path):
    assert load_codes(_written(tmp_path, "otherwise: pass", "otherwise: pas", "a.yaml")) == ["S019"]
    assert load_codes(_written(tmp_path, "otherwise: pass", "otherwise: [pass, play]", "b.yaml")) == ["S031"]
    assert load_codes(_written(tmp_path, "  - shuffle: bag\n", "  - shuffle: bag\n    otherwise: pass\n", "c.yaml")) == ["S003"]


def test_lints_count_the_fallback_as_offered(fallback):
    from philtre.dsl.lints import lint

    assert [d.code for d in lint(fallback)] == []


DRAWING_OFF = """\
game: drawing-off
players: 2
define:
  drawing: false
components:
  card: {attributes: {n: 1..3}, start: deck}
zones:
  deck: {}
  hand: {each: player}
actions:
  play:
    choose: {c: "hand[me]"}
    if: c.n > 5
    do:
      - move: c -> deck
  draw:
    if: drawing and count(deck) > 0
    do:
      - move: last(deck) -> hand[me]
  pass: {}
flow:
  - turns: 0
    until: turn_number > 3
    do:
      - decide: play
        otherwise: [draw, pass]
scenarios:
  - name: drawing is off
    players: 2
    steps:
      - {player: 0, action: draw}
    expect:
      - count(deck) == 3
"""


def test_a_fallback_offered_but_refused_by_its_own_if_is_told_that_if(tmp_path):
    """A dominoes trial: `draw`, a fallback turned off by its `if` where play (the decision's action) has no option,
    was told "draw is offered only when play has no legal option", by play and by T013: the fallback is offered,
    and what refuses it is its `if`, named with its false part, as any action's refusal is."""
    from test_play_input_trials_grid import _asked

    (tmp_path / "ruleset.yaml").write_text(DRAWING_OFF, encoding="utf-8")
    why = "the rules forbid draw() now (the if of draw, line 17: drawing is false)"
    for typed in ("draw", "draw()"):
        said = _asked(tmp_path, typed, players=2)
        assert said.startswith(f"'{typed}' is not among this turn's options: {why}"), said
        assert "offered only when" not in said
    [result] = run_scenarios(load_ruleset(str(tmp_path / "ruleset.yaml")))
    assert result.failures[0].startswith(f"{tmp_path / 'ruleset.yaml'}:31:9: T013 draw is not a legal option: {why}; "), result.failures
    assert "offered only when" not in result.failures[0]
