"""A grid whose pieces are never turned: `grid: {..., turns: false}` (language.md, Grids).

An Arboretum trial laid cards upright on a grid and needed `if: at.rot == 0` in every action: without it random agents
planted cards turned. With `turns: false`, placements() lists rot 0 alone, and place refuses another rot (E120 where
written out, R100 where computed); a grid whose pieces turn, in the same ruleset, lists all four turns as before."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

CARDS = """\
philtre: 1
game: upright
players: 1
components:
  card: {attributes: {n: [1, 2]}, derive: {cells: "[n, 3]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: GRID, visible: everyone}
  spare: {grid: {resolution: 1}, visible: everyone}
actions:
  lay:
    choose: {t: bag, at: "placements(board, t)"}
    do:
      - place: {piece: t, to: board, at: at}
  try:
    choose: {t: bag, at: "placements(spare, t)"}
    do:
      - place: {piece: t, to: spare, at: at}
flow:
  - repeat: 2
    do:
      - decide: [lay, try]
        player: 0
"""


def _game(tmp_path, grid: str, text: str = CARDS) -> Game:
    path = tmp_path / "upright.yaml"
    path.write_text(text.replace("GRID", grid), encoding="utf-8")
    return Game(load_ruleset(str(path)), 1, seed=0)


def _offered(game, action: str = "lay") -> list:
    """The placements `action` offers for the bag's first card, as (x, y, rot)."""
    first = game.state.zones["bag"][0][0]
    ats = [dict(o.args)["at"] for o in game.options(0) if o.action == action and dict(o.args)["t"] is first]
    return [(a["x"], a["y"], a["rot"]) for a in ats]


@pytest.mark.parametrize("grid, turned, upright", [
    ("{resolution: 1, width: 3, height: 3}", 2 * 3 * 4, 2 * 3),  # a 2-cell card lies at 6 positions a turn on a 3 x 3 board
    ("{resolution: 1}", 4, 1),  # an empty grid without edges: the origin, at each turn
])
def test_turns_false_lists_rot_0_alone(tmp_path, grid, turned, upright):
    assert len(_offered(_game(tmp_path, grid))) == turned
    unturned = _offered(_game(tmp_path, grid[:-1] + ", turns: false}"))
    assert len(unturned) == upright and {rot for _, _, rot in unturned} == {0}, unturned


def test_beside_a_placed_card_only_rot_0_and_the_other_grid_still_turns(tmp_path):
    game = _game(tmp_path, "{resolution: 1, turns: false}")
    game.apply(0, next(o for o in game.options(0) if o.action == "lay"))
    laid = _offered(game)
    assert laid and {rot for _, _, rot in laid} == {0}, laid
    assert {rot for _, _, rot in _offered(game, "try")} == {0, 90, 180, 270}


@pytest.mark.parametrize("rot", [90, 45])
def test_a_rot_written_out_on_an_unturned_grid_is_e120(tmp_path, rot):
    """A Reversi trial: rot 45 there said "a placement's rot is one of 0, 90, 180, 270", where only 0 is taken."""
    text = CARDS.replace("GRID", "{resolution: 1, turns: false}").replace(
        "      - place: {piece: t, to: board, at: at}", f"      - place: {{piece: t, to: board, at: {{x: 0, y: 0, rot: {rot}}}}}")
    path = tmp_path / "upright.yaml"
    path.write_text(text, encoding="utf-8")
    codes = [f.diagnostic.code + " " + f.diagnostic.message for f in check_file(str(path)).findings]
    assert [c for c in codes if c.startswith("E120")] == [
        f"E120 the pieces on 'board' never turn (turns: false): a placement's rot there is 0, not {rot}"], codes


def test_a_rot_computed_on_an_unturned_grid_stops_the_game(tmp_path):
    text = CARDS.replace("      - place: {piece: t, to: board, at: at}",
                         "      - place: {piece: t, to: board, at: \"{'x': at.x, 'y': at.y, 'rot': at.rot + 90}\"}")
    game = _game(tmp_path, "{resolution: 1, turns: false}", text)
    with pytest.raises(PhiltreError) as caught:
        game.apply(0, next(o for o in game.options(0) if o.action == "lay"))
    assert "never turn (turns: false)" in str(caught.value) and "not 90" in str(caught.value), str(caught.value)


def test_a_sample_places_hidden_pieces_of_an_unturned_grid_at_rot_0(tmp_path):
    """ISMCTS and greedy's samples place another seat's hidden pieces again: on a grid whose pieces never turn, upright."""
    import random

    from test_determinize_grids import FLEET, deployed

    from philtre.interpreter.determinize import determinize

    text = FLEET.replace("grid: {resolution: 1, width: 4, height: 4}", "grid: {resolution: 1, width: 4, height: 4, turns: false}")
    text = text.replace("for r in [0, 90]", "for r in [0]")
    path = tmp_path / "fleet.yaml"
    path.write_text(text, encoding="utf-8")
    game = deployed(load_ruleset(str(path)), picks=[0, 5, 9, 3])
    for seed in range(4):
        sample = determinize(game, 1, random.Random(seed))
        assert {sample.state.placed[c["id"]][2] for c in sample.state.zones["sea"][0]} == {0}


HOP = """\
philtre: 1
game: hop
players: 1
components:
  man: {attributes: {n: [1, 2]}, derive: {cells: "[n]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 1, width: 3, height: 3, turns: false}, visible: everyone}
actions:
  lift:
    choose: {piece: board}
    do:
      - move: piece -> bag
flow:
  - place: {piece: first(bag), to: board, at: {x: 1, y: 2, rot: 0}}
  - decide: lift
    player: 0
"""


def test_a_scenario_s_t013_lists_a_piece_on_an_unturned_grid_as_play_writes_it(tmp_path):
    """Checkers trial: T013's legal options wrote `man (seat 0) at x=0 y=5 rot=0` on a `turns: false` grid, where
    play writes no rot; they are now written as play writes them."""
    from philtre.interpreter.scenarios import run_scenarios

    (tmp_path / "ruleset.yaml").write_text(HOP, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 1\n    steps:\n"
                                             "      - {player: 0, action: lift, args: {piece: {n: 2}}}\n    expect: [\"true\"]\n",
                                             encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    [failure] = result.failures
    assert failure.endswith("T013 lift {piece: {n: 2}} is not a legal option; legal: lift(piece=man n=1 at x=1 y=2) "
                            "(no man n=2 lies in board (the collection `piece` is chosen from); 1 lies in bag)"), failure


def test_a_scenario_s_t013_writes_a_chosen_position_and_the_step_without_an_unwritten_rot(tmp_path):
    """Santorini trial: on a `turns: false` grid T013 wrote a chosen position `at=(x=1, y=0, rot=0)` where play writes
    `at=(x=1, y=0)`, and the step's own `{at: {x: 0, y: 0}}` back as `{x: 0, y: 0, rot: 0}`, a rot it never wrote."""
    from philtre.interpreter.scenarios import run_scenarios

    text = HOP.replace("      - move: piece -> bag", "      - move: piece -> bag\n  shift:\n"
                       "    choose: {piece: board, at: \"placements(board, piece)\"}\n    if: at.x == 0\n"
                       "    do:\n      - place: {piece: piece, to: board, at: at}").replace("decide: lift", "decide: [shift, lift]")
    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 1\n    steps:\n"
                                             "      - {player: 0, action: shift, args: {piece: {at: {x: 1, y: 2}}, at: {x: 2, y: 0}}}\n"
                                             "    expect: [\"true\"]\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    [failure] = result.failures
    assert "T013 shift {piece: {at: {x: 1, y: 2}}, at: {x: 2, y: 0}} is not a legal option: the rules forbid " \
           "shift(piece=man n=1 at x=1 y=2, at=(x=2, y=0)) now" in failure, failure
    assert "shift(piece=man n=1 at x=1 y=2, at=(x=0, y=0)), " in failure and "rot" not in failure, failure


@pytest.mark.parametrize("grid, rot, found", [
    ("board", 90, True), ("board", 0, False),  # rot 0 written is the one offered
    ("spare", 90, False),  # a grid whose pieces turn offers rot 90
])
def test_a_step_turned_on_a_grid_whose_pieces_never_turn_is_t006_at_validate(tmp_path, grid, rot, found):
    """A trial's step `at: {x: 3, y: 2, rot: 90}` on a `turns: false` board passed validate, and `philtre
    test` said only that it was no legal option, listing `place(at=(x=3, y=2))`: the rot is never offered there."""
    action = "lay" if grid == "board" else "try"
    text = CARDS.replace("GRID", "{resolution: 1, width: 3, height: 3, turns: false}") + (
        "scenarios:\n  - name: s\n    players: 1\n    steps:\n"
        f"      - {{player: 0, action: {action}, args: {{t: {{n: 1}}, at: {{x: 0, y: 0, rot: {rot}}}}}}}\n    expect: [\"true\"]\n")
    path = tmp_path / "upright.yaml"
    path.write_text(text, encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).findings if f.diagnostic.code == "T006"]
    if not found:
        assert said == [], said
        return
    line = next(i for i, x in enumerate(text.splitlines(), 1) if "rot: 90" in x)
    col = text.splitlines()[line - 1].index("90") + 1
    assert said == [f"{path}:{line}:{col}: T006 'at' is chosen among placements on board, whose pieces never turn (turns: "
                    "false): rot 90 is never offered, so the step cannot be taken (leave rot out: at: {x: 0, y: 0})"], said


def test_a_step_turned_on_a_grid_whose_pieces_never_turn_is_told_so_by_t013(tmp_path):
    """`philtre test` (which runs the scenario without validate's T006) says the rot is what no option has."""
    from philtre.interpreter.scenarios import run_scenarios

    (tmp_path / "ruleset.yaml").write_text(CARDS.replace("GRID", "{resolution: 1, width: 3, height: 3, turns: false}"), encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 1\n    steps:\n"
                                             "      - {player: 0, action: lay, args: {t: {n: 1}, at: {x: 0, y: 0, rot: 90}}}\n"
                                             "    expect: [\"true\"]\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    [failure] = result.failures
    assert "T013 lay {t: {n: 1}, at: {x: 0, y: 0, rot: 90}} is not a legal option" in failure, failure
    assert failure.endswith("(rot 90 is never offered: the pieces of board never turn (turns: false); leave rot out: "
                            "at: {x: 0, y: 0})"), failure


@pytest.mark.parametrize("at", [
    "\"{'x': at.x, 'y': at.y}\"",  # a map written out: its rot left out is checked before the game
    "spot(at)",  # a map a definition computes: known when the game runs
])
def test_a_placement_expression_without_rot_lies_at_rot_0_on_an_unturned_grid(tmp_path, at):
    """A trial wrote `at: "{'x': to[0], 'y': to[1]}"` on a grid of `turns: false`, and was told E120 (no 'rot'), where
    the mapping `at: {x: .., y: ..}` may leave it out: the expression may too there, and the piece lies at rot 0."""
    text = CARDS.replace("      - place: {piece: t, to: board, at: at}", f"      - place: {{piece: t, to: board, at: {at}}}")
    text = text.replace("actions:", "define:\n  spot(a): \"{'x': a.x, 'y': a.y}\"\nactions:")
    path = tmp_path / "upright.yaml"
    path.write_text(text.replace("GRID", "{resolution: 1, turns: false}"), encoding="utf-8")
    assert [f.diagnostic.code for f in check_file(str(path)).findings if f.diagnostic.code.startswith(("E", "S"))] == []
    game = Game(load_ruleset(str(path)), 1, seed=0)
    game.apply(0, next(o for o in game.options(0) if o.action == "lay"))
    (card,) = game.state.zones["board"][0]
    assert game.state.placed[card["id"]] == (0, 0, 0)


def test_a_placement_expression_without_rot_on_a_grid_that_turns_is_still_refused(tmp_path):
    text = CARDS.replace("      - place: {piece: t, to: spare, at: at}", "      - place: {piece: t, to: spare, at: \"{'x': at.x, 'y': at.y}\"}")
    path = tmp_path / "upright.yaml"
    path.write_text(text.replace("GRID", "{resolution: 1, turns: false}"), encoding="utf-8")
    found = [(f.diagnostic.code, f.diagnostic.message, f.diagnostic.hint) for f in check_file(str(path)).findings
             if f.diagnostic.code == "E120"]
    assert len(found) == 1 and "has no 'rot'" in found[0][1] and "turns: false" in found[0][2], found
