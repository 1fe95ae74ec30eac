"""A grid of fixed size, a board with edges (language.md, "A board of fixed size").

Reversi's writer found a grid had no edge: play drew only the cells the pieces covered (the opening read as a 2x2
board), and the only way to show an 8x8 board was a frame piece of 64 blank cells under every rule and scenario.
`grid: {resolution: R, width: W, height: H}` is a board of cells x 0..W-1, y 0..H-1."""

from __future__ import annotations

import random

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.render import render_view

BOARD = """\
philtre: 1
game: board
players: 1
components:
  tile: {derive: {cells: "[1]"}, start: bag}
  strip: {derive: {cells: "[1, 2]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: GRID, visible: everyone}
define:
  strip_piece: first(c for c in bag if c is strip)
actions:
  lay:
    choose: {t: bag, at: "placements(board, t)"}
    do:
      - place: {piece: t, to: board, at: at}
  put:
    choose: {x: "range(-1, 4)", y: "range(-1, 4)", rot: "[0, 90, 180, 270]"}
    do:
      - place: {piece: strip_piece, to: board, at: "{'x': x, 'y': y, 'rot': rot}"}
flow:
  - repeat: 2
    do:
      - decide: [lay, put]
        player: 0
"""


def _game(tmp_path, grid: str = "{resolution: 1, width: 3, height: 3}", text: str = BOARD, **kw) -> Game:
    path = tmp_path / "board.yaml"
    path.write_text(text.replace("GRID", grid), encoding="utf-8")
    return Game(load_ruleset(str(path)), 1, seed=0, **kw)


def _placements(game, piece: str) -> list:
    """The placements the `lay` action offers for the bag's piece of that type, as (x, y, rot, overlap, touching)."""
    ats = [dict(o.args)["at"] for o in game.options(0) if o.action == "lay" and dict(o.args)["t"]["type"] == piece]
    return [(a["x"], a["y"], a["rot"], a["overlap"], a["touching"]) for a in ats]


def _put(game, x, y, rot) -> None:
    """The `put` action: the strip placed at {x, y, rot}, whatever placements() lists."""
    game.apply(0, next(o for o in game.options(0) if o.action == "put" and dict(o.args) == {"x": x, "y": y, "rot": rot}))


def test_an_empty_board_lists_every_position_where_the_piece_fits(tmp_path):
    """An empty 3 x 3 board: a one-cell piece fits at each of the 9 cells (listed at turn 0 alone: it looks the same at
    every turn); a strip of two cells at 6 positions in each of the 4 orientations (3 x 2 lying, 2 x 3 standing). An
    unbounded empty grid offers the origin alone."""
    game = _game(tmp_path)
    tiles = _placements(game, "tile")
    assert len(tiles) == 9 and {r for _, _, r, *_ in tiles} == {0} and {(x, y) for x, y, *_ in tiles} == {(x, y) for x in range(3) for y in range(3)}
    strips = _placements(game, "strip")
    for rot, across, down in ((0, 2, 3), (90, 3, 2), (180, 2, 3), (270, 3, 2)):
        assert sorted((x, y) for x, y, r, *_ in strips if r == rot) == [(x, y) for x in range(across) for y in range(down)], rot
    assert len(strips) == 24
    unbounded = _game(tmp_path, grid="{resolution: 1}")
    assert _placements(unbounded, "strip") == [(0, 0, r, 0, 0) for r in (0, 90, 180, 270)]


def test_placements_on_a_board_with_pieces_list_every_position_on_it(tmp_path):
    """With a strip in the board's corner, every position on the board is listed (9 for a tile on 3 x 3, at turn 0), not
    only those covering or touching it (5, before 2026-12-06): those are the unbounded grid's that lie on the board,
    with its counts, and the others have overlap and touching 0; the order is orientation, then y, then x."""
    found = []
    for grid in ("{resolution: 1, width: 3, height: 3}", "{resolution: 1}"):
        game = _game(tmp_path, grid=grid)
        _put(game, 0, 0, 0)
        found.append(_placements(game, "tile"))
    bounded, unbounded = found
    assert [p[:3] for p in bounded] == [(x, y, 0) for y in range(3) for x in range(3)]
    near = [p for p in unbounded if 0 <= p[0] < 3 and 0 <= p[1] < 3]
    assert [p for p in bounded if p[3] or p[4]] == near and len(near) == 5
    assert sorted({p[:2] for p in bounded if not (p[3] or p[4])}) == [(0, 2), (1, 2), (2, 1), (2, 2)]
    assert any(p[0] < 0 or p[1] < 0 for p in unbounded)


def test_a_piece_fits_anywhere_free_after_the_first(tmp_path):
    """`if: at.overlap == 0` reads as "anywhere it fits": after a strip at (0, 0), a tile fits on each of the 7 free
    cells of a 3 x 3 board (before 2026-12-06, only on the 3 beside the strip)."""
    game = _game(tmp_path)
    _put(game, 0, 0, 0)
    free = [p[:2] for p in _placements(game, "tile") if p[2] == 0 and p[3] == 0]
    assert free == [(2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)]


@pytest.mark.parametrize("x, y, rot", [(2, 0, 0), (-1, 0, 0), (0, 2, 90), (0, -1, 270), (2, 2, 180)])
def test_a_place_off_the_board_is_r100_at_the_rule(tmp_path, x, y, rot):
    """A cell of the piece off the board: R100 at the place, saying where its cells and the board lie (recorded or not)."""
    for record in (False, True):
        game = _game(tmp_path, record=record)
        with pytest.raises(PhiltreError) as err:
            _put(game, x, y, rot)
        said = str(err.value)
        assert "R100" in said and f"at {{x: {x}, y: {y}, rot: {rot}}} on board" in said, said
        assert "off the board's x 0..2, y 0..2 (width 3, height 3)" in said, said
        assert not game.state.zones["board"][0]  # refused before it moved


def test_a_place_on_the_board_is_taken_and_an_unbounded_grid_takes_any(tmp_path):
    """The strip standing at (0, 1) fits a 3 x 3 board (cells y 1..2); off it, a grid without edges takes it too."""
    game = _game(tmp_path)
    _put(game, 0, 1, 90)
    assert list(game.state.placed.values()) == [(0, 1, 90)]
    unbounded = _game(tmp_path, grid="{resolution: 1}")
    _put(unbounded, 2, 2, 0)
    assert list(unbounded.state.placed.values()) == [(2, 2, 0)]


def test_off_the_board_piece_at_and_cell_at_are_none(tmp_path):
    from philtre.dsl.builtins import b_cell_at, b_piece_at

    game = _game(tmp_path)
    _put(game, 0, 0, 0)
    board = game.state.zones["board"][0]
    assert b_piece_at(game.state, board, 1, 0) is board[0] and b_cell_at(game.state, board, 1, 0) == 2
    assert [f(game.state, board, x, y) for f in (b_piece_at, b_cell_at) for x, y in ((3, 0), (-1, 0), (0, 5))] == [None] * 6


def _drawing(game) -> list:
    text = render_view(game.view(0), game.ruleset)
    return text[text.index("  board (x across"):].splitlines()


def test_play_draws_the_whole_board_empty_cells_as_dots(tmp_path):
    """The empty board is drawn whole (it said 'nothing placed yet'), and a strip on it among the board's empty cells:
    every row and column of the board, not only the cells the strip covers."""
    game = _game(tmp_path, grid="{resolution: 1, width: 4, height: 3}")
    drawn = _drawing(game)
    assert drawn[0] == "  board (x across, y down; . is an empty cell):", drawn
    assert drawn[1].split() == ["0", "1", "2", "3"] and [line.split() for line in drawn[2:5]] == [[str(y), ".", ".", ".", "."] for y in range(3)], drawn
    _put(game, 1, 1, 90)
    drawn = _drawing(game)
    assert drawn[1].split() == ["0", "1", "2", "3"], drawn
    assert [line.split() for line in drawn[2:5]] == [["0", ".", ".", ".", "."], ["1", ".", "1", ".", "."], ["2", ".", "2", ".", "."]], drawn
    unbounded = _game(tmp_path, grid="{resolution: 1}")
    _put(unbounded, 1, 1, 90)
    assert [line.split() for line in _drawing(unbounded)[1:4]] == [["1"], ["1", "1"], ["2", "2"]]  # the cells covered alone


FAMILY = BOARD.replace("  board: {grid: GRID, visible: everyone}", "  board: {each: player, grid: GRID, visible: everyone}").replace(
    "to: board,", "to: 'board[me]',").replace("placements(board, t)", "placements(board[me], t)")


def test_each_grid_of_a_family_has_the_size(tmp_path):
    """`each: player`: each seat's grid is a board of the size declared."""
    game = _game(tmp_path, grid="{resolution: 1, width: 2, height: 2}", text=FAMILY)
    assert len(_placements(game, "tile")) == 4  # 4 cells, one turn (a single cell looks the same at every turn)
    with pytest.raises(PhiltreError, match=r"off the board's x 0..1, y 0..1"):
        _put(game, 1, 0, 0)


def test_random_games_on_a_board_keep_their_pieces_on_it(tmp_path):
    """Pieces laid at placements() on a 3 x 3 board, game after game: every cell of every piece lies on the board."""
    from philtre.dsl import geometry

    ruleset = _game(tmp_path, text=BOARD.replace("start: bag}", "start: bag, copies: 3}").replace("repeat: 2", "repeat: 4")
                    .replace("decide: [lay, put]", "decide: lay")).ruleset
    for seed in range(20):
        game = Game(ruleset, 1, seed=seed)
        game.play_out(random=random.Random(seed))
        board = game.state.zones["board"][0]
        assert len(board) == 4
        cells = [(x + dx, y + dy) for piece in board for (x, y, rot) in [game.state.placed[piece.ident]]
                 for dx, dy, _, _ in geometry.piece_cells(piece, rot, 1)]
        assert all(0 <= x < 3 and 0 <= y < 3 for x, y in cells), cells


SCENARIO = """scenarios:
  - name: given on the board
    players: 1
    given:
      zones:
        board: [{type: strip, at: AT}]
    expect: ["count(board) == 1"]
"""


@pytest.mark.parametrize("at, code", [("{x: 2, y: 0, rot: 0}", "T006"), ("{x: 1, y: 0, rot: 0}", None)])
def test_a_scenario_given_a_piece_off_the_board_is_t006(tmp_path, at, code):
    from philtre.interpreter.scenarios import run_scenarios

    ruleset = _game(tmp_path, text=BOARD + SCENARIO.replace("AT", at)).ruleset
    results = run_scenarios(ruleset)
    said = " ".join(str(f) for r in results for f in r.failures)
    if code is None:
        assert all(r.passed for r in results), said
    else:
        assert not results[0].passed and code in said and "off the board's x 0..2, y 0..2" in said, said
        assert "T006 strip at {x: 2, y: 0, rot: 0} on board:" in said, said  # which piece, on which grid


@pytest.mark.parametrize("grid, zone, at, off", [
    ("{resolution: 1, width: 3, height: 3}", "board", "{x: 2, y: 0, rot: 0}", "x 2..3, y 0..0"),  # the strip's 2nd cell
    ("{resolution: 1, width: 3, height: 3}", "board", "{x: 1, y: 0, rot: 0}", None),
    ("{resolution: 1, width: 3, height: 3}", "board", "{x: 0, y: 2, rot: 90}", "x 0..0, y 2..3"),  # turned, it runs down
    ("{resolution: 1, width: 3, height: 3}", "board", "{x: 0, y: 1, rot: 90}", None),
    ("{resolution: 1, width: player_count + 2, height: 3}", "board", "{x: 2, y: 0, rot: 0}", "x 2..3, y 0..0"),  # 1 player
    ("{resolution: 1, width: player_count + 3, height: 3}", "board", "{x: 2, y: 0, rot: 0}", None),
    ("{resolution: 1, width: 3, height: 3}", "'board[0]'", "{x: 3, y: 0, rot: 0}", "x 3..4, y 0..0"),  # a family's zone
    ("{resolution: 1}", "board", "{x: 30, y: 0, rot: 0}", None),  # a grid without edges
])
def test_a_scenario_given_a_piece_off_the_board_is_t006_at_validate(tmp_path, grid, zone, at, off):
    """validate passed a stone given at x 11 on an 11 x 11 board, and every `philtre test` failed it with T006: the
    board's size (computed for the scenario's player count) and the piece's cells are known before any game."""
    from philtre.dsl.validate import check_file

    text = (FAMILY if "[0]" in zone else BOARD).replace("GRID", grid) + SCENARIO.replace("board: [", f"{zone}: [").replace("AT", at)
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    found = [str(f.diagnostic) for f in check_file(str(path)).findings if f.diagnostic.code == "T006"]
    if off is None:
        assert found == []
    else:
        line = text.splitlines().index(next(x for x in text.splitlines() if "at: {" in x))
        shown = "board" if zone == "board" else "board[0]"
        assert found == [f"{path}:{line + 1}:{text.splitlines()[line].index('{x') + 1}: T006 strip at {at} on {shown}: its cells "
                         f"cover {off}, off the board's x 0..2, y 0..2 (width 3, height 3) (give an 'at:' that keeps all its "
                         "cells on the board)"], found


@pytest.mark.parametrize("at, illegal, off", [
    ("{x: 3, y: 2}", "", "the step cannot be taken"), ("{x: 0, y: -1}", ", illegal: true", "`illegal: true` would pass"),
    ("{x: 2, y: 2}", "", None), ("[3, 2]", "", None)])  # on the board; a list is T009's (its hint writes the mapping)
def test_a_step_s_position_off_the_board_is_t006_at_validate(tmp_path, at, illegal, off):
    """Reversi trial: validate passed a step's `at: {x: 9, y: 2}` on an 8 x 8 board (a given piece there is T006), and
    `philtre test` failed it as no legal option: the board's size is known before any game."""
    from philtre.dsl.validate import check_file

    step = f"      - {{player: 0, action: lay, args: {{t: {{type: tile}}, at: {at}}}{illegal}}}\n"
    text = BOARD.replace("GRID", "{resolution: 1, width: 3, height: 3}") + (
        "scenarios:\n  - name: s\n    players: 1\n    steps:\n" + step + '    expect: ["true"]\n')
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    found = [str(f.diagnostic) for f in check_file(str(path)).findings if f.diagnostic.code in ("T006", "T009")]
    if at.startswith("["):
        assert len(found) == 1 and found[0].endswith("(give a mapping: at: {x: 3, y: 2})"), found
    elif off is None:
        assert found == [], found
    else:
        x, y = at[4:-1].split(", y: ")
        assert len(found) == 1 and f"T006 'at' is chosen among placements on board, and x={x} y={y} is off the board " \
            f"(x 0..2, y 0..2): it matches no option, so {off}" in found[0], found


@pytest.mark.parametrize("grid, code, said", [
    ("{resolution: 1, width: 8}", "R014", "the grid 'board' has a width but no height"),
    ("{height: 8}", "R014", "the grid 'board' has a height but no width"),
    ("{resolution: 1, width: 0, height: 8}", "V001", "0 is less than the minimum of 1"),
    ("{width: 8, height: 101}", "V001", "101 is greater than the maximum of 100"),
    ("{width: 8.5, height: 8}", "V001", "8.5"),
])
def test_a_board_size_that_is_not_two_whole_numbers_1_to_100_is_refused(tmp_path, grid, code, said):
    with pytest.raises(PhiltreError) as err:
        _game(tmp_path, grid=grid)
    assert err.value.diagnostics[0].code == code and said in str(err.value), str(err.value)


def test_the_schema_bounds_a_board_side_as_the_engine_says():
    """The schema's bound on width and height is geometry.MAX_GRID_SIDE, and a board that large is drawn whole."""
    import json
    from pathlib import Path

    from philtre.dsl import geometry
    from philtre.interpreter.render import MAX_DRAWN_CELLS

    schema = json.loads((Path(__file__).resolve().parent.parent / "schemas" / "ruleset.schema.json").read_text(encoding="utf-8"))
    sized = schema["definitions"]["zone"]["properties"]["grid"]["oneOf"][1]["properties"]
    assert sized["width"]["oneOf"][0]["maximum"] == sized["height"]["oneOf"][0]["maximum"] == geometry.MAX_GRID_SIDE
    assert geometry.MAX_GRID_SIDE ** 2 <= MAX_DRAWN_CELLS


SIZED = BOARD.replace("define:\n", "define:\n  side: 3\n")


def test_a_board_s_size_may_name_a_definition_and_an_overlay_changing_it_changes_the_board(tmp_path):
    """`width: size` was V001 (a whole number only): a house rule for a bigger board changed the size in two places,
    and one forgotten passed validate, to fail in a game (R100 off the old edge)."""
    game = _game(tmp_path, grid="{resolution: 1, width: side, height: side}", text=SIZED)
    assert len(_placements(game, "tile")) == 9  # 3 x 3 cells, one turn
    with pytest.raises(PhiltreError, match=r"off the board's x 0..2, y 0..2 \(width 3, height 3\)"):
        _put(game, 2, 0, 0)
    house = tmp_path / "bigger.yaml"
    house.write_text("extends: board.yaml\ndefine:\n  side: 4\n", encoding="utf-8")
    bigger = Game(load_ruleset(str(tmp_path / "board.yaml"), variants=[str(house)]), 1, seed=0)
    _put(bigger, 2, 0, 0)  # the strip's cells x 2..3: off the 3 x 3 board, on the 4 x 4 one
    assert list(bigger.state.placed.values()) == [(2, 0, 0)]
    assert _drawing(bigger)[1].split() == ["0", "1", "2", "3"] and len(_drawing(bigger)) >= 6  # drawn whole, 4 x 4


@pytest.mark.parametrize("width, said", [
    ("side - 5", "R002 'width' of grid 'board' must be a whole number 1..100, got -2 (with 1 players)"),
    ("side - 3", "R002 'width' of grid 'board' must be a whole number 1..100, got 0 (with 1 players)"),
    ("'first([])'", "R002 'width' of grid 'board' must be a whole number 1..100, got none (with 1 players)"),
    ("count(bag)", "R002 'width' of grid 'board' is computed before the game starts: it can use only player_count"),
])
def test_a_board_size_expression_that_is_no_whole_number_1_to_100_is_r002_at_validate(tmp_path, width, said):
    """As a zone's `copies` is: evaluated from the definitions and player_count before the game, at validate too."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "board.yaml"
    path.write_text(SIZED.replace("GRID", f"{{resolution: 1, width: {width}, height: side}}"), encoding="utf-8")
    line = path.read_text(encoding="utf-8").splitlines()[8]  # the board's, where width is written
    found = [str(f.diagnostic) for f in check_file(str(path)).findings]
    assert any(f"board.yaml:9:{line.index(width) + 1}: {said}" in said_here for said_here in found), found


def test_a_definition_read_only_by_a_board_s_size_is_used(tmp_path):
    """`define: {side: 3}` read by `width: side` alone was L001 "definition 'side' is never used": a board's size is no
    field the lints walked."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "board.yaml"
    path.write_text(SIZED.replace("GRID", "{resolution: 1, width: side, height: 2}"), encoding="utf-8")
    assert [str(f.diagnostic) for f in check_file(str(path)).findings if "L001" in str(f.diagnostic)] == []


def test_a_step_s_t009_in_one_scenario_does_not_hide_another_s_t006(tmp_path):
    """A trial's step `at: [3, 2]` (T009) in one scenario hid another scenario's `at: {x: 9, y: 2}` off the board (T006):
    the second was told only once the first was fixed. Both are said in one run, in the order of their lines."""
    from philtre.dsl.validate import check_file

    steps = ("  - name: off\n    players: 1\n    steps:\n      - {player: 0, action: lay, args: {t: {type: tile}, at: {x: 5, y: 1}}}\n"
             "    expect: [\"true\"]\n"
             "  - name: a list\n    players: 1\n    steps:\n      - {player: 0, action: lay, args: {t: {type: tile}, at: [1, 1]}}\n"
             "    expect: [\"true\"]\n")
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.replace("GRID", "{resolution: 1, width: 3, height: 3}") + "scenarios:\n" + steps, encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path)).findings]
    assert [d.code for d in found] == ["T006", "T009"], [str(d) for d in found]
    assert "x=5 y=1 is off the board (x 0..2, y 0..2)" in found[0].message and "[1, 1] is a list" in found[1].message
