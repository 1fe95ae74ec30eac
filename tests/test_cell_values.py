"""`cell_at` reads the value at a cell of a grid, `piece_cells` the cells a piece would cover at a placement.

A designer writing a domino-laying game from the docs (a tile must touch a like terrain) found `piece_at` gives the
whole piece, `touching` a count, and no builtin the value of one cell: each cell's position and value was rebuilt from
`placement()` and `rot` in four definitions. Both read what `regions` reads: the visible top layer, turned as each
piece lies; a cell whose sub-cells differ reads as its rows.
"""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import BUILTINS, WORK, WORK_LIMIT
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

GRID = """\
philtre: 1
game: cells
players: 2
components:
  tile: {attributes: {c: [sea, wood]}, derive: {cells: "[c]"}, start: bag}
  bar: {attributes: {c: [field]}, derive: {cells: "[c, 'hill']"}, start: bag}
  striped: {attributes: {c: [stripes]}, derive: {cells: "[{'stripes': ['sea', 'wood']}]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 2}, visible: everyone}
variables:
  got: {initial: [], visible: nobody}
define:
  piece(c): first(t for t in bag if t.c == c)
  laid(c): first(t for t in board if t.c == c)
flow:
  - place: {piece: piece('field'), to: board, at: "{'x': 0, 'y': 0, 'rot': 90}"}   # turned: field at (0, 0), hill at (0, 1)
  - place: {piece: piece('sea'), to: board, at: "{'x': 0, 'y': 1, 'rot': 0}"}      # on top of the hill
  - place: {piece: piece('stripes'), to: board, at: "{'x': 1, 'y': 0, 'rot': 90}"}  # stripes turned: columns
  - set: {got: READ}
  - decide: look
    player: 0
actions:
  look: {}
winners: {highest: "score[p]"}
"""


def _read(tmp_path, expr: str):
    """The value ``expr`` gives once the flow has laid its three pieces."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(GRID.replace("READ", f'"{expr}"'), encoding="utf-8")
    return Game(load_ruleset(str(path)), 2, seed=0).state.vars["got"]


def test_cell_at_gives_the_top_value_of_a_cell_and_none_where_no_piece_lies(tmp_path):
    assert _read(tmp_path, "[cell_at(board, 0, y) for y in range(-1, 3)]") == [None, "field", "sea", None]


def test_a_cell_whose_sub_cells_differ_reads_as_its_rows_turned_as_the_piece_lies(tmp_path):
    # stripes run along the piece, sub-row 0 sea and 1 wood; turned a quarter clockwise they are columns, wood left
    assert _read(tmp_path, "cell_at(board, 1, 0)") == [["wood", "sea"], ["wood", "sea"]]


def test_piece_cells_gives_each_cell_a_piece_would_cover_with_its_value(tmp_path):
    cells = _read(tmp_path, "piece_cells(board, laid('field'), {'x': 5, 'y': 2, 'rot': 180})")
    assert cells == [{"x": 6, "y": 2, "value": "field"}, {"x": 5, "y": 2, "value": "hill"}]  # turned half: hill left


def test_a_tile_may_be_said_to_touch_a_like_terrain(tmp_path):
    """The designer's rule, written with the two: a cell of the piece borders a cell of the same value."""
    near = ("any(cell_at(board, c.x + d[0], c.y + d[1]) == c.value for c in piece_cells(board, laid('sea'), at)"
            " for d in [[1, 0], [-1, 0], [0, 1], [0, -1]])")
    assert _read(tmp_path, "[" + near.replace("at)", "{'x': 0, 'y': 2, 'rot': 0})") + ", "
                 + near.replace("at)", "{'x': -1, 'y': 0, 'rot': 0})") + "]") == [True, False]


@pytest.mark.parametrize("expr, code, message", [
    ("cell_at(bag, 0, 0)", "E120", "cell_at() reads a grid zone; 'bag' is not one"),  # known before it starts
    ("cell_at(board, 0.5, 0)", "E120", "cell_at() needs a whole number here"),
    ("piece_cells(board, 3, {'x': 0, 'y': 0, 'rot': 0})", "E120", "piece_cells() needs a component here, but this is a whole number"),
    ("piece_cells(board, laid('sea'), {'x': 0, 'y': 0, 'rot': 45})", "R100", "orientation must be one of 0, 90, 180, 270"),
])
def test_a_read_of_no_grid_no_cell_or_no_piece_is_an_error_at_the_rule(tmp_path, expr, code, message):
    with pytest.raises(PhiltreError) as caught:
        _read(tmp_path, expr)
    assert f"{code} " in str(caught.value) and message in str(caught.value), str(caught.value)


def test_both_charge_the_work_budget_as_the_other_grid_builtins(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(GRID.replace("READ", '"0"'), encoding="utf-8")
    S = Game(load_ruleset(str(path)), 2, seed=0).state
    board = S.zones["board"][0]
    bar = next(c for c in board if c.get("c") == "field")
    WORK[0] = WORK_LIMIT
    BUILTINS["piece_cells"].impl(S, board, bar, {"x": 9, "y": 9, "rot": 0})
    assert WORK_LIMIT - WORK[0] == 2  # a record a cell of the piece
    assert BUILTINS["cell_at"].impl(S, board, 0, 0) == "field"  # the top layer made (a small one: free)
    WORK[0] = WORK_LIMIT
    assert BUILTINS["cell_at"].impl(S, board, 0, 1) == "sea"
    assert WORK[0] == WORK_LIMIT  # the same grid state read again: free


HIDDEN_GRID = """\
philtre: 1
game: hidden-grid
players: 2
components:
  tile: {attributes: {c: [sea, wood]}, derive: {cells: "[c]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: true, visible: VISIBLE}
actions:
  lay:
    choose: {t: bag, at: "[p for p in placements(board, t) if READ]"}
    do:
      - place: {piece: t, to: board, at: at}
flow:
  - place: {piece: first(bag), to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: lay
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("read", ["p.overlap == 0", "cell_at(board, p.x, p.y) == none", "piece_at(board, p.x, p.y) == none"])
def test_placements_on_a_grid_the_player_does_not_see_are_l021(tmp_path, read):
    """Options listed from a hidden grid's placements tell the player where its pieces lie; the lint took the grid for
    the zone the options are chosen from (L008's), which they are not: placements are records, no components."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "ruleset.yaml"
    for visible, codes in (("nobody", ["L021"]), ("everyone", [])):
        path.write_text(HIDDEN_GRID.replace("VISIBLE", visible).replace("READ", read), encoding="utf-8")
        found = [f.diagnostic for f in check_file(str(path)).findings]
        assert [d.code for d in found] == codes, [str(d) for d in found]
        assert all("what 'board' holds, which nobody sees" in d.message for d in found)


def test_piece_cells_read_again_give_the_same_values_each_a_striped_cell_as_rows_of_its_own(tmp_path):
    """A cell's value is worked out once per piece and orientation (geometry._solid_values): read again at other
    placements, the values are the same, a solid cell's its one value, a striped cell's its rows, made anew each time
    (a value is never shared between two records)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(GRID.replace("READ", '"0"'), encoding="utf-8")
    S = Game(load_ruleset(str(path)), 2, seed=0).state
    board = S.zones["board"][0]
    striped, bar = (next(c for c in board if c.get("c") == c_) for c_ in ("stripes", "field"))
    reads = [BUILTINS["piece_cells"].impl(S, board, piece, {"x": x, "y": 0, "rot": 90})
             for x in (0, 3) for piece in (striped, bar)]
    assert [[cell["value"] for cell in read] for read in reads] == [[[["wood", "sea"], ["wood", "sea"]]], ["field", "hill"]] * 2
    assert reads[0][0]["value"] is not reads[2][0]["value"] and reads[0][0]["value"][0] is not reads[2][0]["value"][0]
    assert [(cell["x"], cell["y"]) for cell in reads[3]] == [(3, 0), (3, 1)]


FAMILY = """\
philtre: 1
game: family
players: 2
components:
  tile: {derive: {cells: "['wood']"}, copies: 4, start: supply}
zones:
  supply: {}
  board: {each: player, grid: {resolution: 1, width: 3, height: 3}}
actions:
  put:
    choose: {t: supply, at: "CALL"}
    do:
      - place: {piece: t, to: "board[me]", at: at}
flow:
  - decide: put
    player: 0
"""


@pytest.mark.parametrize("call", ["placements(board, t)", "regions(board)", "piece_cells(board, t, {'x': 0, 'y': 0, 'rot': 0})",
                                  "overlap(board, t, {'x': 0, 'y': 0, 'rot': 0})", "touching(board, t, {'x': 0, 'y': 0, 'rot': 0})",
                                  "[cell_at(board, 0, 0)]", "[piece_at(board, 0, 0)]"])
def test_a_grid_builtin_given_a_family_of_grids_is_e120_at_validate(tmp_path, call):
    """A Kingdomino trial's `placements(board, t)`, `board` one grid per seat, validated clean and failed in the first
    smoke game (R100 expected a grid zone, got the list [board[0], board[1]]), where cell_at's was E120."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "ruleset.yaml"
    path.write_text(FAMILY.replace("CALL", call), encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).findings if f.diagnostic.code == "E120"]
    name = call.strip("[").split("(")[0]
    assert any(f"E120 {name}() needs a zone here, but this is a list of zones (name one of the 'board' zones by its index, "
               "as board[me], board[0] or board[p])" in line for line in said), said
