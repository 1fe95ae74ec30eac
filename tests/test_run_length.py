"""`run_length(grid, x, y, dx, dy[, value])`: how many covered cells follow a cell in a straight line.

An Azul trial scored a wall tile's adjacency (the run of tiles across and down through it, whatever their colours)
with four definitions like `count(k for k in range(1, c + 1) if all(filled(p, r, c - j) for j in range(1, k + 1)))`:
`regions` joins cells of one value only. `run_length` counts the covered cells from (x, y), that cell left out,
stepping (dx, dy), to the first cell no piece covers (or off the board); given a value, only cells of that value
continue the run (five in a row, four in a line). It is charged a step per cell it looks at.
"""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import BUILTINS, WORK, WORK_LIMIT
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

# a 5 x 5 board: row 2 is r r b . r, column 2 is b r b b ., and (1, 1) and (3, 3) are r
BOARD = """\
philtre: 1
game: runs
players: 2
components:
  tile: {attributes: {c: [r, b]}, copies: 10, derive: {cells: "[c]"}, start: bag}
  blank: {derive: {cells: "[none]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 1, width: 5, height: 5, turns: false}, visible: everyone}
variables:
  got: {initial: []}
  zero: 0
  half: 0.5
define:
  a_tile(c): first(t for t in bag if t is tile and t.c == c)
flow:
  - for: "s in [[0, 2, 'r'], [1, 2, 'r'], [2, 2, 'b'], [4, 2, 'r'], [2, 0, 'b'], [2, 1, 'r'], [2, 3, 'b'], [1, 1, 'r'], [3, 3, 'r']]"
    do:
      - place: {piece: "a_tile(s[2])", to: board, at: "{'x': s[0], 'y': s[1], 'rot': 0}"}
  - set: {got: "EXPR"}
winners: "[]"
"""


def _write(tmp_path, expr: str, text: str = BOARD):
    """The ruleset file whose flow sets `got` to ``expr`` once the board is laid."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text.replace("EXPR", expr), encoding="utf-8")
    return path


def _got(tmp_path, expr: str, text: str = BOARD):
    """The value ``expr`` gives on the board laid by ``text``."""
    return Game(load_ruleset(str(_write(tmp_path, expr, text))), 2, seed=0).state.vars["got"]


@pytest.mark.parametrize("call, expected", [
    ("run_length(board, 2, 2, -1, 0)", 2),     # (1, 2) and (0, 2), then the board's edge
    ("run_length(board, 2, 2, 1, 0)", 0),      # (3, 2) is empty
    ("run_length(board, 3, 2, 1, 0)", 1),      # from an empty cell: (4, 2), then the edge
    ("run_length(board, 3, 2, -1, 0)", 3),     # r r b, whatever their colours
    ("run_length(board, 2, 2, 0, -1)", 2),
    ("run_length(board, 2, 2, 0, 1)", 1),      # (2, 3), then (2, 4) is empty
    ("run_length(board, 0, 0, 1, 1)", 3),      # a diagonal: (1, 1), (2, 2), (3, 3), then (4, 4) is empty
    ("run_length(board, -1, 2, 1, 0)", 3),     # from off the board, onto it
    ("run_length(board, 4, 2, 1, 0)", 0),      # off the board at once
    ("run_length(board, 2, 2, -1, 0, 'r')", 2),
    ("run_length(board, 3, 2, -1, 0, 'b')", 1),   # (2, 2) is b, (1, 2) is r: the run ends there
    ("run_length(board, 2, 4, 0, -1, 'b')", 2),   # (2, 3) and (2, 2), then (2, 1) is r
    ("run_length(board, 0, 0, 1, 1, 'r')", 1),
    ("run_length(board, 2, 2, -2, 0)", 1),     # a step of two cells: (0, 2), then off the board
])
def test_run_length_counts_the_covered_cells_that_follow_a_cell(tmp_path, call, expected):
    assert _got(tmp_path, call) == expected


def test_azul_adjacency_is_the_runs_across_and_down_through_a_tile(tmp_path):
    """A tile's points: its row's run and its column's run through it, each counted where it joins another tile."""
    across = "1 + run_length(board, 2, 2, -1, 0) + run_length(board, 2, 2, 1, 0)"
    down = "1 + run_length(board, 2, 2, 0, -1) + run_length(board, 2, 2, 0, 1)"
    assert _got(tmp_path, f"[{across}, {down}]") == [3, 4]
    # the empty cell (3, 2) would join the row into a run of five
    assert _got(tmp_path, "1 + run_length(board, 3, 2, -1, 0) + run_length(board, 3, 2, 1, 0)") == 5


def test_run_length_agrees_with_the_runs_written_with_piece_at_on_every_cell_and_direction(tmp_path):
    """What the trial wrote by hand, for every cell of the board and beyond its edge, in eight directions."""
    dirs = "[[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1]]"
    cells = f"[x, y, d] for x in range(-1, 6) for y in range(-1, 6) for d in {dirs}"
    by_hand = ("count(k for k in range(1, 7) if all(piece_at(board, x + j * d[0], y + j * d[1]) != none "
               "for j in range(1, k + 1)))")
    pairs = _got(tmp_path, f"[[run_length(board, x, y, d[0], d[1]), {by_hand}] for {cells.replace('[x, y, d] for ', '')}]")
    assert len(pairs) == 7 * 7 * 8 and all(a == b for a, b in pairs), pairs
    assert sum(a for a, _ in pairs) > 0


def test_a_blank_cell_continues_a_run_of_covered_cells_but_not_one_of_a_value(tmp_path):
    """A piece whose cell is blank (none) covers its cell, as for piece_at; its value is none, as for cell_at."""
    text = BOARD.replace("  - set: {got:", "  - place: {piece: \"first(t for t in bag if t is blank)\", to: board, "
                                           "at: \"{'x': 3, 'y': 2, 'rot': 0}\"}\n  - set: {got:")
    assert _got(tmp_path, "[run_length(board, 2, 2, 1, 0), run_length(board, 2, 2, 1, 0, 'r'), "
                          "run_length(board, 2, 2, 1, 0, none)]", text) == [2, 0, 1]


def test_on_a_grid_without_edges_the_run_ends_at_the_first_cell_no_piece_covers(tmp_path):
    text = BOARD.replace(", width: 5, height: 5", "")
    assert _got(tmp_path, "[run_length(board, -1, 2, 1, 0), run_length(board, 2, -1, 0, 1), "
                          "run_length(board, 2, 2, 1, 0)]", text) == [3, 4, 0]


def test_run_length_is_charged_a_step_for_each_cell_it_looks_at(tmp_path):
    game = Game(load_ruleset(str(_write(tmp_path, "run_length(board, 3, 2, -1, 0)"))), 2, seed=0)
    S = game.state
    board, run_length = S.zones["board"][0], BUILTINS["run_length"].impl
    run_length(S, board, 0, 0, 1, 0)  # the grid's layer made (and charged) once
    WORK[0] = WORK_LIMIT
    assert run_length(S, board, 3, 2, -1, 0) == 3
    assert WORK_LIMIT - WORK[0] == 4  # the three cells of the run and the one past it
    WORK[0] = WORK_LIMIT


@pytest.mark.parametrize("expr, message", [
    ("run_length(board, 0, 0, zero, zero)", "run_length()'s step (dx, dy) must not be (0, 0)"),
    ("run_length(board, half, 0, 1, 0)", "run_length()'s x must be a whole number, got 0.5"),
    ("run_length(board, 0, 0, 1, half)", "run_length()'s dy must be a whole number, got 0.5"),
])
def test_a_run_without_a_step_or_of_no_whole_numbers_stops_the_rule_with_R100(tmp_path, expr, message):
    with pytest.raises(PhiltreError) as caught:
        _got(tmp_path, expr)
    assert "R100" in str(caught.value) and message in str(caught.value), str(caught.value)


@pytest.mark.parametrize("expr, message", [
    ("run_length(board, 0, 0, 0, 0)", "E120 run_length()'s step (dx, dy) must not be (0, 0)"),
    ("run_length(bag, 0, 0, 1, 0)", "E120 run_length() reads a grid zone; 'bag' is not one"),
    ("run_length(board, 0, 0, 1)", "E140 run_length() takes 5 to 6 argument(s), got 4"),
    ("run_length(board, 0, 0, 0.5, 0)", "E120 run_length() needs a whole number here, but 0.5 is a fraction"),
])
def test_what_validate_can_tell_of_a_run_written_out_it_says_before_any_game(tmp_path, expr, message):
    found = [str(f.diagnostic) for f in check_file(str(_write(tmp_path, expr))).errors]
    assert any(message in f for f in found), found


# a row of 7 cells: marker pieces (premium squares, `sq`) at 1, 3 and 4, laid first; tiles on top at 0, 1 and 2
MARKED = """\
philtre: 1
game: marked
players: 2
components:
  tile: {attributes: {c: [r, b]}, copies: 10, derive: {cells: "[c]"}, start: bag}
  sq: {copies: 5, derive: {cells: "['2']"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 1, width: 7, height: 1, turns: false}, visible: everyone}
variables:
  got: {initial: []}
  half: 0.5
define:
  a_tile(c): first(t for t in bag if t is tile and t.c == c)
  a_sq: first(t for t in bag if t is sq)
flow:
  - for: "x in [1, 3, 4]"
    do:
      - place: {piece: a_sq, to: board, at: "{'x': x, 'y': 0, 'rot': 0}"}
  - for: "s in [[0, 'r'], [1, 'b'], [2, 'r']]"
    do:
      - place: {piece: "a_tile(s[1])", to: board, at: "{'x': s[0], 'y': 0, 'rot': 0}"}
  - set: {got: "EXPR"}
winners: "[]"
"""


@pytest.mark.parametrize("call, expected", [
    ("run_length(board, -1, 0, 1, 0)", 5),          # every covered cell, the marker pieces' too
    ("run_length(board, -1, 0, 1, 0, tile)", 3),    # the tiles only: (1, 0)'s marker piece lies under its tile
    ("run_length(board, 5, 0, -1, 0, tile)", 0),    # (4, 0) holds a marker piece alone
    ("run_length(board, 2, 0, 1, 0, sq)", 2),       # a type's name counts that type's pieces on top
    ("run_length(board, 3, 0, -1, 0, tile)", 3),    # from a marked cell, leftwards over three tiles
    ("run_length(board, -1, 0, 1, 0, 'r')", 1),     # a value, as before: (1, 0)'s tile is b
    ("run_length(board, 0, 0, 1, 0, 'tile')", 0),   # a word in quotes is a value, never a type
])
def test_a_type_filter_counts_the_cells_whose_top_piece_is_of_that_type(tmp_path, call, expected):
    assert _got(tmp_path, call, MARKED) == expected


def test_a_type_filtered_run_agrees_with_piece_at_is_type_on_every_cell(tmp_path):
    by_hand = "count(k for k in range(1, 9) if all(piece_at(board, x + j * d, 0) is tile for j in range(1, k + 1)))"
    pairs = _got(tmp_path, f"[[run_length(board, x, 0, d, 0, tile), {by_hand}] for x in range(-1, 8) for d in [1, -1]]", MARKED)
    assert len(pairs) == 18 and all(a == b for a, b in pairs), pairs
    assert sum(a for a, _ in pairs) > 0


def test_a_type_filtered_run_of_no_whole_numbers_stops_the_rule_with_r100(tmp_path):
    with pytest.raises(PhiltreError) as caught:
        _got(tmp_path, "run_length(board, half, 0, 1, 0, tile)", MARKED)
    assert "R100" in str(caught.value) and "run_length()'s x must be a whole number, got 0.5" in str(caught.value)


def test_a_type_filter_misspelt_is_an_unknown_name(tmp_path):
    found = [str(f.diagnostic) for f in check_file(str(_write(tmp_path, "run_length(board, 0, 0, 1, 0, tiles)", MARKED))).errors]
    assert any("E150 unknown name 'tiles'" in f for f in found), found
