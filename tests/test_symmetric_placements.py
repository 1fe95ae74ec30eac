"""A piece that looks the same turned is offered once per result (language.md, `placements`).

A Blokus trial found a square of one colour offered 4 times at each position, and a straight line twice: the same
move listed 2 or 4 times, which a random agent weighs double. placements() lists one placement per distinct result
(the same cells with the same values), at the least turn; a piece whose turns differ lists all four, as before."""

from __future__ import annotations

import pytest

from philtre.dsl import geometry, load_ruleset
from philtre.interpreter import Game

PIECES = """\
philtre: 1
game: shapes
players: 1
components:
  square: {derive: {cells: "[1, 1, 1, 1]", shape: "[[0, 0], [1, 0], [0, 1], [1, 1]]"}, start: bag}
  painted: {derive: {cells: "[1, 2, 3, 4]", shape: "[[0, 0], [1, 0], [0, 1], [1, 1]]"}, start: bag}
  line: {derive: {cells: "[1, 1, 1]"}, start: bag}
  mirrored: {derive: {cells: "[1, 2, 1]"}, start: bag}
  ell: {derive: {cells: "[1, 1, 1]", shape: "[[0, 0], [0, 1], [1, 1]]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: GRID, visible: everyone}
actions:
  lay:
    choose: {t: bag, at: "placements(board, t)"}
    do:
      - place: {piece: t, to: board, at: at}
flow:
  - decide: lay
    player: 0
"""


def _game(tmp_path, grid: str = "{resolution: 1, width: 4, height: 4}") -> Game:
    path = tmp_path / "shapes.yaml"
    path.write_text(PIECES.replace("GRID", grid), encoding="utf-8")
    return Game(load_ruleset(str(path)), 1, seed=0)


def _offered(game, piece: str) -> list:
    """The placements the `lay` option offers for the bag's piece of that type, as (x, y, rot)."""
    ats = [dict(o.args)["at"] for o in game.options(0) if dict(o.args)["t"]["type"] == piece]
    return [(a["x"], a["y"], a["rot"]) for a in ats]


def test_on_an_empty_board_a_symmetric_piece_is_offered_once_per_position(tmp_path):
    """4 x 4 board: a square of one colour at its 9 positions once (it was 36, each at 4 turns), a line of one colour at
    8 lying and 8 standing (it was 32), at the least turn; an L of one colour and a square of four colours at every
    turn, as before (36 each); a line 1, 2, 1 reads the same turned 180 degrees, so 16."""
    game = _game(tmp_path)
    square = _offered(game, "square")
    assert square == [(x, y, 0) for y in range(3) for x in range(3)]
    line = _offered(game, "line")
    assert len(line) == 16 and sorted({rot for _, _, rot in line}) == [0, 90]
    assert len(_offered(game, "mirrored")) == 16
    for piece in ("ell", "painted"):
        offered = _offered(game, piece)
        assert len(offered) == 36 and sorted({rot for _, _, rot in offered}) == [0, 90, 180, 270], piece


def test_on_a_grid_without_edges_a_symmetric_piece_is_offered_once(tmp_path):
    """An empty grid without edges offers the origin at each turn that gives another result; beside a piece, the same."""
    game = _game(tmp_path, grid="{resolution: 1}")
    assert _offered(game, "square") == [(0, 0, 0)]
    assert _offered(game, "line") == [(0, 0, 0), (0, 0, 90)]
    assert _offered(game, "ell") == [(0, 0, rot) for rot in (0, 90, 180, 270)]
    from philtre.dsl.builtins import b_placements

    game.apply(0, next(o for o in game.options(0) if dict(o.args)["t"]["type"] == "painted"))
    state, board = game.state, game.state.zones["board"][0]
    bag = {c["type"]: c for c in state.zones["bag"][0]}
    square = b_placements(state, board, bag["square"])
    assert {p["rot"] for p in square} == {0} and len(square) == len({(p["x"], p["y"]) for p in square})
    # the same positions as every turn of the square gave, each once, with the same counts
    turns = geometry.Candidates({"cells": [1, 2, 3, 4], "shape": [[0, 0], [1, 0], [0, 1], [1, 1]]}, 1).update(
        geometry.top_layer(board, state.placed, 1))
    assert [(p["x"], p["y"], p["overlap"], p["touching"]) for p in square] == [
        (p["x"], p["y"], p["overlap"], p["touching"]) for p in turns if p["rot"] == 0]


def test_pieces_of_one_shape_that_differ_turned_are_listed_apart(tmp_path):
    """A square of one colour and one of four colours have one shape: whichever is listed first on a grid state, the
    other lists its own turns (placements are shared by shape and the turns that repeat, not by shape alone)."""
    from philtre.dsl.builtins import b_placements

    for order in (("square", "painted"), ("painted", "square")):
        state = _game(tmp_path).state
        bag = {c["type"]: c for c in state.zones["bag"][0]}
        counts = {piece: len(b_placements(state, state.zones["board"][0], bag[piece])) for piece in order}
        assert counts == {"square": 9, "painted": 36}, order


@pytest.mark.parametrize("cells, shape, repeated", [
    ([5], None, (90, 180, 270)),
    ([1, 1, 1], None, (180, 270)),
    ([1, 2, 3], None, ()),
    ([1, 1, 1.0], None, ()),  # 1 and 1.0 are values of two kinds: turned, the line is another piece
    ([{"stripes": [1, 2, 3]}] * 3, None, ()),  # stripes turned 180 degrees run the other way
    ([{"stripes": [1, 2, 1]}] * 3, None, (180, 270)),
    ([{"solid": 1, "mark": True}, 1, 1], None, ()),  # the mark is at one end
    ([1, 1, 1, 1], [[0, 0], [1, 0], [0, 1], [1, 1]], (90, 180, 270)),
    ([1, 1, 1], [[0, 0], [0, 1], [1, 1]], ()),
])
def test_the_turns_that_repeat_a_lesser_one(cells, shape, repeated):
    piece = {"cells": cells} if shape is None else {"cells": cells, "shape": shape}
    assert geometry.repeated_turns(piece, 3) == repeated


def test_a_first_grid_state_copied_is_copied_for_its_own_turns(monkeypatch):
    """A first grid state's counts are copied where it repeats (geometry._OPENINGS): a line of one colour opening on the
    cells a line of three colours opened on before is listed at its own two turns, not at the other's four."""
    layer = geometry.top_layer([{"id": 0, "cells": [7, 8, 9]}], {0: (0, 0, 0)}, 1)
    plain, painted = {"cells": [1, 1, 1]}, {"cells": [1, 2, 3]}
    for first, second in ((painted, plain), (plain, painted)):
        monkeypatch.setattr(geometry, "_OPENINGS", {})
        geometry.Candidates(first, 1).update(layer)
        copied = geometry.Candidates(second, 1).update(layer)
        monkeypatch.setattr(geometry, "_OPENINGS", {})
        assert copied == geometry.Candidates(second, 1).update(layer)
        assert {p["rot"] for p in copied} == ({0, 90} if second is plain else {0, 90, 180, 270})


@pytest.mark.parametrize("reads, every_turn", [
    ("at.rot < 360", True),  # the rules read the turn: it may mean what the cells do not show (a tile's edges in its attributes)
    ("at['rot'] < 360", True),
    ("count(placement(c).rot for c in board) >= 0", True),  # the turn of a piece placed, read through placement()
    ("piece_cells(board, t, at)[0].x >= 0", True),  # cells in the piece's order: which cell lies where shows the turn
    ("at.x >= 0", False),  # no turn read: each result once
    ("spin == none or spin.rot < 360", False),  # a die's face named rot is no placement's turn
])
@pytest.mark.parametrize("grid", ["{resolution: 1, width: 4, height: 4}", "{resolution: 1}", "{resolution: 1, turns: false}"])
def test_a_ruleset_that_reads_rot_is_offered_every_turn(tmp_path, reads, every_turn, grid):
    """Where any rule reads a placement's rot, placements() lists the four turns of a square of one colour; where none
    does, the least alone. A grid whose pieces never turn lists rot 0 alone either way."""
    text = PIECES.replace("GRID", grid).replace("    do:\n      - place", f"    if: {reads}\n    do:\n      - place", 1)
    text = text.replace("zones:\n", "dice:\n  spin: [{rot: 0}, {rot: 90}]\nzones:\n", 1)
    path = tmp_path / "shapes.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=0)
    turns = {rot for _, _, rot in _offered(game, "square")}
    assert turns == ({0} if "turns: false" in grid else {0, 90, 180, 270} if every_turn else {0})
    assert {rot for _, _, rot in _offered(game, "line")} == ({0} if "turns: false" in grid else {0, 90, 180, 270} if every_turn else {0, 90})


@pytest.mark.parametrize("defines, every_turn", [
    ("  unused(at): at.rot\n", False),  # read by no rule (L001): changes no option
    ("  shown: count(placement(c).rot for c in board)\nshow: [shown]\n", False),  # play's board alone reads it
    ("  inner(at): at.rot\n  dead(at): inner(at) < 360\n", False),  # read only through a definition no rule uses
    ("  turned(at): at.rot < 360\n", True),  # the action's if reads it
    ("  inner(at): at.rot\n  turned(at): inner(at) < 360\n", True),  # ... through another definition
])
def test_only_a_turn_the_rules_read_lists_every_turn(tmp_path, defines, every_turn):
    """Tsuro trial: a definition no rule uses that read `at.rot` made placements() list every turn of every piece (the
    options of the game changed by a line that does nothing, which L001 called unused). Only a read the rules reach,
    themselves or through the definitions they use, does; one read only by an unused definition or by play's board
    does not."""
    text = PIECES.replace("GRID", "{resolution: 1, width: 4, height: 4}").replace("zones:\n", "define:\n" + defines + "zones:\n", 1)
    if "  turned(at)" in defines:
        text = text.replace("    do:\n      - place", "    if: turned(at)\n    do:\n      - place", 1)
    path = tmp_path / "shapes.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=0)
    assert {rot for _, _, rot in _offered(game, "square")} == ({0, 90, 180, 270} if every_turn else {0})
