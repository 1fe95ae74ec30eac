"""Groups, liberties and territory on a grid (language.md, `group_at` and `border`, and the recipe "Groups, liberties
and territory").

A trial writing a game of stones on a 9 x 9 board found no builtin giving a group of stones or an empty area:
`regions` gives no cells and skips empty cells, so it rebuilt links between stones of one colour from every stone
and flood-filled each empty point with `reachable`. `group_at(grid, x, y)` gives the cells joined to (x, y) of the
value it holds (empty cells too), `border(grid, cells)` the cells next to them. The positions below are worked out by
hand on a square grid (four neighbours) and a hex grid (six: (x+-1, y), (x, y+-1), (x+1, y-1), (x-1, y+1))."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

from test_hex_grids import _values

SQUARE = "{resolution: 1, width: 3, height: 3}"
HEX = "{cells: hex, width: 3, height: 3}"


def test_group_at_gives_the_cells_of_a_stones_value_or_an_empty_area_sorted_by_y_then_x(tmp_path):
    """Stones of value 1 at (1, 0) and (1, 1), of value 2 at (2, 2); the six empty cells are two areas."""
    stones = [(1, 0, 1), (1, 1, 1), (2, 2, 2)]
    asked = ["group_at(board, 1, 1)", "group_at(board, 1, 0)", "group_at(board, 0, 0)", "group_at(board, 2, 2)"]
    assert _values(tmp_path, SQUARE, stones, asked) == [
        [[1, 0], [1, 1]], [[1, 0], [1, 1]],
        [[0, 0], [0, 1], [0, 2], [1, 2]],  # (2, 0) and (2, 1) lie behind the stones: another empty area
        [[2, 2]]]
    assert _values(tmp_path, SQUARE, stones, ["group_at(board, 2, 0)"]) == [[[2, 0], [2, 1]]]


def test_on_a_hex_grid_a_group_joins_across_six_sides(tmp_path):
    """(2, 0) is above right of (1, 1): one group on a hex grid, two on a square one."""
    stones = [(1, 1, 1), (2, 0, 1)]
    assert _values(tmp_path, HEX, stones, ["group_at(board, 1, 1)", "group_at(board, 0, 0)"]) == [
        [[2, 0], [1, 1]], [[0, 0], [1, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]]]
    assert _values(tmp_path, SQUARE, stones, ["group_at(board, 1, 1)"]) == [[[1, 1]]]


def test_border_lists_each_cell_next_to_the_cells_given_once_and_on_the_board(tmp_path):
    asked = ["border(board, [[1, 1]])", "border(board, [[0, 0], [1, 0]])", "border(board, [])"]
    assert _values(tmp_path, SQUARE, [], asked) == [
        [[1, 0], [0, 1], [2, 1], [1, 2]], [[2, 0], [0, 1], [1, 1]], []]
    assert _values(tmp_path, HEX, [], ["border(board, [[1, 1]])"]) == [
        [[1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2]]]
    assert _values(tmp_path, "{resolution: 1}", [], ["border(board, [[0, 0]])"]) == [
        [[0, -1], [-1, 0], [1, 0], [0, 1]]]  # a grid without edges: all four


def test_a_liberty_count_and_an_areas_bordering_values_are_one_line_each(tmp_path):
    stones = [(1, 0, 1), (1, 1, 1), (2, 2, 2)]
    liberties = "count([n for n in border(board, group_at(board, 1, 1)) if cell_at(board, n[0], n[1]) == none])"
    around = "distinct([cell_at(board, n[0], n[1]) for n in border(board, group_at(board, X, Y))])"
    assert _values(tmp_path, SQUARE, stones, [liberties, around.replace("X", "0").replace("Y", "0"),
                                              around.replace("X", "2").replace("Y", "0")]) == [5, [1, 2], [1, 2]]


@pytest.mark.parametrize("grid, asked, said", [
    ("{resolution: 1}", "group_at(board, 0, 0)",
     "group_at()'s cell (0, 0) is empty on a grid without edges: its empty area has no end"),
    (SQUARE, "group_at(board, 3, 0)", "group_at()'s cell (3, 0) is off the board (x 0..2, y 0..2)"),
    (SQUARE, "border(board, [1, 2])", "border()'s cell number 0 must be a list [x, y] of two whole numbers, got 1"),
    (SQUARE, "border(board, 3)", "border() needs a list of cells [x, y], got 3"),
])
def test_what_has_no_group_or_is_no_list_of_cells_is_r100_at_the_rule(tmp_path, grid, asked, said):
    with pytest.raises(PhiltreError) as info:
        _values(tmp_path, grid, [(1, 1, 1)], [asked])
    message = str(info.value)
    assert "R100" in message and said in message and "ruleset.yaml:" in message, message


def test_a_stones_group_on_a_grid_without_edges_is_its_stones(tmp_path):
    assert _values(tmp_path, "{resolution: 1}", [(0, 0, 1), (0, 1, 1), (5, 5, 1)], ["group_at(board, 0, 1)"]) == [
        [[0, 0], [0, 1]]]


# a game of stones: place one on an empty cell or pass; groups of the other colour left without an empty cell beside
# them are taken off; a stone whose group would have none, taking nothing, may not be placed; two passes end it, and a
# seat scores its stones and the empty areas only its stones border
STONES = """\
philtre: 1
game: stones
players: 2
components:
  stone:
    attributes: {colour: [black, white]}
    copies: 16
    derive: {cells: "[colour]"}
    start: "bowl[0] if colour == 'black' else bowl[1]"
zones:
  bowl: {each: player}
  board: {grid: GRID, visible: everyone}
variables:
  passes: 0
define:
  colour(p): "['black', 'white'][p]"
  other(col): "'white' if col == 'black' else 'black'"
  at_(c): cell_at(board, c[0], c[1])
  nbrs(c): neighbours(board, c[0], c[1])
  group(c): group_at(board, c[0], c[1])
  libs(c): "[n for n in border(board, group(c)) if at_(n) == none]"
  caught(col, a): distinct([g for n in nbrs(a) if at_(n) == other(col) and libs(n) == [a] for g in group(n)])
  suicide(col, a): >
    not any(at_(n) == none for n in nbrs(a)) and count(caught(col, a)) == 0
    and all(libs(n) == [a] for n in nbrs(a) if at_(n) == col)
  area(col): >
    count([s for s in board if s.colour == col])
    + count([c for c in [[x, y] for y in range(3) for x in range(3)] if at_(c) == none
             and distinct([at_(n) for n in border(board, group(c))]) == [col]])
actions:
  play:
    choose: {at: "placements(board, first(bowl[me]))"}
    if: at.overlap == 0 and not suicide(colour(me), [at.x, at.y])
    do:
      - let: {gone: "caught(colour(me), [at.x, at.y])"}
      - place: {piece: "first(bowl[me])", to: board, at: at}
      - for: g in gone
        do:
          - move: "piece_at(board, g[0], g[1]) -> bowl[1 - me]"
      - set: {passes: 0}
  pass:
    do:
      - set: {passes: passes + 1}
flow:
  - name: turns
    turns: 0
    until: passes >= 2
    do:
      - decide: [play, pass]
  - for: p in players
    do:
      - score: {player: p, set: "area(colour(p))"}
winners: {highest: ["score[p]"]}
scenarios:
SCENARIOS
"""


def _scenario(name: str, stones, steps, expect) -> str:
    """A scenario: the stones (x, y, colour) given at the start, the steps (player, action, at or None), the checks."""
    lines = [f"  - name: {name}", "    players: 2", "    given:", "      at: start", "      zones:", "        board:"]
    lines += [f"          - {{colour: {c}, at: {{x: {x}, y: {y}}}}}" for x, y, c in stones] or ["          []"]
    lines.append("    steps:")
    for player, action, at, illegal in steps:
        args = f", args: {{at: {{x: {at[0]}, y: {at[1]}}}}}" if at else ""
        lines.append(f"      - {{player: {player}, action: {action}{args}{', illegal: true' if illegal else ''}}}")
    lines.append("    expect:")
    lines += [f"      - {e}" for e in expect]
    return "\n".join(lines)


# white's stone at (1, 0) between black's: on a square grid its one empty neighbour is (0, 0); on a hex grid (0, 1)
# (below left) is one too
TAKE = [(1, 0, "white"), (2, 0, "black"), (1, 1, "black")]
SCORES = {SQUARE: [3, 2], HEX: [2, 2]}  # the territory scenario's, worked out below


@pytest.mark.parametrize("grid, taken", [(SQUARE, True), (HEX, False)])
def test_a_game_of_stones_captures_refuses_suicide_and_scores_areas_by_hand(tmp_path, grid, taken):
    scenarios = [
        # black fills (0, 0): the last liberty of white's stone on the square grid, not on the hex one
        _scenario("capture", TAKE, [(0, "play", (0, 0), False)],
                  ["piece_at(board, 1, 0) == none" if taken else "piece_at(board, 1, 0).colour == 'white'",
                   f"count(board) == {3 if taken else 4}", f"count(bowl[1]) == {16 if taken else 15}"]),
        # white may not fill (0, 0), whose two neighbours (a corner of either board) are black, taking nothing
        _scenario("suicide", [(1, 0, "black"), (0, 1, "black")], [(0, "pass", None, False), (1, "play", (0, 0), True)],
                  ["piece_at(board, 0, 0) == none"]),
        # black's column x = 0, white's (2, 0) and (2, 1): the empty cells (1, 0), (1, 1), (1, 2), (2, 2) are one area
        # bordering both, no one's: each seat scores its stones
        _scenario("area", [(0, y, "black") for y in range(3)] + [(2, 0, "white"), (2, 1, "white")],
                  [(0, "pass", None, False), (1, "pass", None, False)], ["score == [3, 2]"]),
        # black's (1, 0) and (2, 1) wall off the corner (2, 0) on a square grid: black's territory, a point; on a hex
        # grid (2, 0) touches (1, 1) (below left), so it is part of the one empty area that borders white's (0, 1) too
        _scenario("territory", [(1, 0, "black"), (2, 1, "black"), (0, 0, "white"), (0, 1, "white")],
                  [(0, "pass", None, False), (1, "pass", None, False)], [f"score == {SCORES[grid]}"]),
    ]
    path = tmp_path / "stones.yaml"
    path.write_text(STONES.replace("GRID", grid).replace("SCENARIOS", "\n".join(scenarios)), encoding="utf-8")
    results = run_scenarios(load_ruleset(str(path)))
    assert [r.name for r in results] == ["capture", "suicide", "area", "territory"]
    assert all(r.passed for r in results), [str(f) for r in results for f in r.failures]


def test_a_random_game_of_stones_never_leaves_a_group_without_a_liberty(tmp_path):
    """A random game on the hex board, every stone's group checked after each decision."""
    autoplay = "\n".join([
        "  - name: random", "    players: 2", "    seed: 3", "    autoplay: true", "    always:",
        "      - all(count(libs([placement(s).x, placement(s).y])) > 0 for s in board)",
        "      - count(board) + count(bowl[0]) + count(bowl[1]) == 32", "    expect:", "      - passes == 2"])
    path = tmp_path / "stones.yaml"
    path.write_text(STONES.replace("GRID", HEX).replace("SCENARIOS", autoplay), encoding="utf-8")
    results = run_scenarios(load_ruleset(str(path)))
    assert all(r.passed for r in results), [str(f) for r in results for f in r.failures]
