"""Hexagonal cells (language.md, "Another adjacency: hex cells"): `grid: {cells: hex}`.

A trial writing a game of hexagonal pieces found the square grid the only one: every adjacency was written by hand as
axial [x, y] lists, placements() and touching() counted four neighbours, and play drew the board as a square grid
whose rows are not offset, so that (x+1, y-1), a neighbour, looked like a diagonal. On a hex grid cell (x, y) touches
(x+-1, y), (x, y+-1), (x+1, y-1) and (x-1, y+1); the positions below are worked out by hand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.geometry import Bounded
from philtre.interpreter import Game
from philtre.interpreter.render import render_grid

ROOT = Path(__file__).resolve().parents[1]

# a ruleset that lays stones of value 1 or 2 at given cells, then sets a variable got<i> to each expression asked
RULESET = """\
philtre: 1
game: hexes
players: 1
components:
  stone: {attributes: {v: [1, 2]}, copies: 6, derive: {cells: "[v]"}, start: bag}
  pair: {copies: 1, derive: {cells: "[1, 1]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: GRID, visible: everyone}
variables:
VARIABLES
flow:
PLACES
SETS
winners: {highest: "score[p]"}
"""

HEX_BOARD = "{cells: hex, width: 5, height: 5}"
STONE = "first(c for c in bag if c is stone)"


def _values(tmp_path, grid: str, stones, expressions) -> list:
    """What each expression gives once a stone of value v lies at each (x, y, v) of ``stones`` on a grid ``grid``."""
    places = [f"  - place: {{piece: \"first(c for c in bag if c is stone and c.v == {v})\", to: board, "
              f"at: \"{{'x': {x}, 'y': {y}, 'rot': 0}}\"}}" for x, y, v in stones]
    text = (RULESET.replace("GRID", grid).replace("VARIABLES", "\n".join(f"  got{i}: 0" for i in range(len(expressions))))
            .replace("PLACES", "\n".join(places) or "  - shuffle: bag")
            .replace("SETS", "\n".join(f"  - set: {{got{i}: \"{e}\"}}" for i, e in enumerate(expressions))))
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=0)
    return [game.state.vars[f"got{i}"] for i in range(len(expressions))]


def test_neighbours_lists_six_cells_on_a_hex_grid_and_four_on_a_square_one_clockwise_from_the_right(tmp_path):
    expressions = ["neighbours(board, 2, 2)", "neighbours(board, 0, 0)", "neighbours(board, 4, 0)"]
    assert _values(tmp_path, HEX_BOARD, [], expressions) == [
        [[3, 2], [2, 3], [1, 3], [1, 2], [2, 1], [3, 1]],  # right, below right, below left, left, above left, above right
        [[1, 0], [0, 1]],                                    # a corner of the rhombus: the others lie off the board
        [[4, 1], [3, 1], [3, 0]]]                            # an obtuse corner: three on the board
    assert _values(tmp_path, "{cells: hex}", [], ["neighbours(board, 0, 0)"]) == [
        [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]]]  # a grid without edges: all six
    assert _values(tmp_path, "{resolution: 1, width: 3, height: 3}", [], ["neighbours(board, 1, 1)", "neighbours(board, 0, 0)"]) == [
        [[2, 1], [1, 2], [0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert _values(tmp_path, "{resolution: 3}", [], ["neighbours(board, 0, 0)"]) == [[[1, 0], [0, 1], [-1, 0], [0, -1]]]


def test_placements_touching_and_regions_count_the_six_neighbours(tmp_path):
    """Stones of value 1 at (2, 2) and (3, 1), a neighbour above right, and of value 2 at (1, 3), below left."""
    stones = [(2, 2, 1), (3, 1, 1), (1, 3, 2)]
    free = f"[[a.x, a.y] for a in placements(board, {STONE}) if a.overlap == 0 and a.touching > 0]"
    got = _values(tmp_path, HEX_BOARD, stones, [
        free, f"touching(board, {STONE}, {{'x': 3, 'y': 2, 'rot': 0}})", f"touching(board, {STONE}, {{'x': 3, 'y': 3, 'rot': 0}})",
        "regions(board)", f"[a.touching for a in placements(board, {STONE}) if a.x == 2 and a.y == 1]"])
    # the empty cells beside a stone, listed by y then x: (1, 2) touches (2, 2) and (1, 3); (4, 1) only (3, 1)
    assert got[0] == [[3, 0], [4, 0], [2, 1], [4, 1], [1, 2], [3, 2], [0, 3], [2, 3], [0, 4], [1, 4]]
    assert got[1:3] == [2, 0]  # (3, 2) touches (2, 2) and (3, 1); (3, 3), the square grid's diagonal of (2, 2), none
    assert got[3] == [{"value": 1, "size": 2, "marked": False}, {"value": 2, "size": 1, "marked": False}]
    assert got[4] == [2]  # (2, 1) touches (2, 2) below it and (3, 1) to its right


def test_cells_a_square_diagonal_apart_are_two_regions_on_a_hex_grid_and_one_step_right_up_is_one(tmp_path):
    assert _values(tmp_path, HEX_BOARD, [(1, 1, 1), (2, 2, 1)], ["regions(board)"]) == [
        [{"value": 1, "size": 1, "marked": False}] * 2]
    assert _values(tmp_path, HEX_BOARD, [(1, 1, 1), (0, 2, 1), (2, 0, 1)], ["regions(board)"]) == [
        [{"value": 1, "size": 3, "marked": False}]]
    assert _values(tmp_path, "{resolution: 1}", [(1, 1, 1), (0, 2, 1)], ["count(regions(board))"]) == [2]  # square: apart


def test_a_piece_of_two_cells_touches_its_eight_neighbours_on_a_hex_grid_without_edges(tmp_path):
    """A pair at (0, 0) covers (0, 0) and (1, 0): around it lie (2, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (0, -1),
    (1, -1) and (2, -1). A stone at each of (2, -1) and (-1, 1) and one at (2, 1), which no hexagon of it touches."""
    pair = "first(c for c in bag if c is pair)"
    assert _values(tmp_path, "{cells: hex}", [(2, -1, 1), (-1, 1, 1), (2, 1, 1)], [
        f"touching(board, {pair}, {{'x': 0, 'y': 0, 'rot': 0}})",
        f"[a.touching for a in placements(board, {pair}) if a.x == 0 and a.y == 0]"]) == [2, [2]]


def _findings(tmp_path, grid: str) -> list:
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("GRID", grid).replace("VARIABLES\n", "  got: 0\n").replace("PLACES\n", "")
                    .replace("SETS", "  - set: {got: 1}"), encoding="utf-8")
    with pytest.raises(PhiltreError) as raised:
        load_ruleset(str(path))
    return [(d.code, d.loc.line, d.loc.col, d.message) for d in raised.value.diagnostics]


@pytest.mark.parametrize("grid, code, at, said", [
    ("{cells: hex, resolution: 2}", "R017", "2}", "the hex grid 'board' has resolution 2"),
    ("{cells: hex, width: 5, height: 5, turns: true}", "R017", "true", "the pieces on the hex grid 'board' never turn"),
    ("{cells: hexagon}", "V001", "hexagon", "'hexagon' is not one of: square, hex")])
def test_a_hex_grid_it_cannot_be_is_told_where_it_is_written(tmp_path, grid, code, at, said):
    """At the value written, line 9 (`  board: {grid: GRID, ...}`, GRID from column 17)."""
    (found,) = _findings(tmp_path, grid)
    assert found[:3] == (code, 9, 17 + grid.index(at)) and said in found[3], found


def test_a_stone_placed_turned_on_a_hex_grid_is_refused_before_the_game(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("GRID", HEX_BOARD).replace("VARIABLES\n", "  got: 0\n").replace("SETS\n", "")
                    .replace("PLACES", f"  - place: {{piece: \"{STONE}\", to: board, at: {{x: 0, y: 0, rot: 90}}}}"), encoding="utf-8")
    with pytest.raises(PhiltreError) as raised:
        load_ruleset(str(path))
    (found,) = raised.value.diagnostics
    assert found.code == "E120" and "never turn (cells: hex)" in found.message and "turns: false" not in found.hint


def test_a_hex_grid_is_drawn_with_each_row_half_a_cell_right_of_the_one_above():
    """Red at (0, 0) and (4, 0); blue at (1, 1) and (0, 4): a neighbour (x-1, y+1) is drawn below left, (x, y+1) below
    right, so that the rhombus leans right as it goes down."""
    stones = [(0, 0, "R"), (4, 0, "R"), (1, 1, "B"), (0, 4, "B"), (3, 1, "R")]
    zone = {"components": [{"type": "stone", "id": i, "cells": [v]} for i, (_, _, v) in enumerate(stones)],
            "placements": [{"id": i, "x": x, "y": y, "rot": 0} for i, (x, y, _) in enumerate(stones)]}
    legend, lines = render_grid(zone, Bounded(1, 5, 5), hexes=True)
    assert legend == ". is an empty cell"
    assert lines == [
        "     0 1 2 3 4 ",
        "  0  R . . . R",
        "  1   . B . R .",
        "  2    . . . . .",
        "  3     . . . . .",
        "  4      B . . . ."]
    _, square = render_grid(zone, Bounded(1, 5, 5))
    assert square[2] == "  1  . B . R ."  # a square grid's rows are not shifted


def test_play_draws_the_hex_example_offset_and_says_how_to_read_it():
    played = subprocess.run([sys.executable, "-m", "philtre", "play", str(ROOT / "examples" / "hex"), "-p", "2",
                             "--seat", "0", "--seed", "1"], input="2 1\n", capture_output=True, text=True, cwd=ROOT)
    out = played.stdout
    assert "hexagons, x across, y down" in out and "each row half a cell right of the one above" in out, out
    rows = [line for line in out.splitlines() if line.strip().startswith("1 ") and line.strip().endswith(".")]
    # seat 0's stone at x=2 y=1, then seat 1's (a random agent's, of the seed) at x=3 y=1: row 1 shifted by one space
    assert rows and rows[-1] == "    1   . . R B .", rows
