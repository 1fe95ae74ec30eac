"""The general grid primitives (dsl/geometry.py and the grid builtins) on their own.

Pieces here are small synthetic ones (plain dicts with ``cells``, or ``Component``
objects), never HUE's cards: the expectations are written by hand, or computed by the
test's own brute force, never read back from geometry.py. The end of the file runs a
tiny grid ruleset (not HUE) through the engine, and a few broken ones that must give a
``PhiltreError`` (R100), not a traceback.
"""

from __future__ import annotations

import random
import re
import textwrap

import pytest

from philtre.dsl import geometry, load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.geometry import Candidates, GeometryError, candidate_placements, overlap, piece_cells, placement_cells, regions, shape_key, top_layer, touching
from philtre.dsl.values import Component
from philtre.interpreter import Game

ROTS = (0, 90, 180, 270)
STRIPED = {"stripes": [1, 2, 3]}
STRIP = {"cells": [STRIPED, STRIPED, STRIPED]}  # three striped cells, stripes 1, 2, 3 top to bottom at rot 0


def at(x, y, rot=0) -> dict:
    return {"x": x, "y": y, "rot": rot}


def subcells(piece, where, resolution=3) -> dict:
    """{(sub x, sub y): value} of a piece at a placement, in grid sub-cell coordinates."""
    r = resolution
    out = {}
    for dx, dy, grid, _ in piece_cells(piece, where["rot"], r):
        for j in range(r):
            for i in range(r):
                out[((where["x"] + dx) * r + i, (where["y"] + dy) * r + j)] = grid[j][i]
    return out


def layer_of(*placed, resolution=3) -> dict:
    """The top layer of pieces given as (piece, placement) pairs, bottom to top."""
    pieces, where = [], {}
    for n, (piece, pos) in enumerate(placed):
        piece = dict(piece, id=n)
        pieces.append(piece)
        where[n] = (pos["x"], pos["y"], pos["rot"])
    return top_layer(pieces, where, resolution)


def xyr(placement) -> tuple:
    """(x, y, rot) of a placement (candidates may carry more fields, such as overlap counts)."""
    return placement["x"], placement["y"], placement["rot"]


def summary(regs) -> list:
    return [(r["value"], r["size"], r["marked"]) for r in regs]


# -- piece_cells: shapes and orientations --------------------------------------------------

def test_strip_cells_at_each_rotation():
    """A 3-cell strip lies along x at 0, along y at 90 and 270; 180 and 270 reverse the cell order."""
    strip = {"cells": ["a", "b", "c"]}
    got = {rot: [(dx, dy, grid[0][0]) for dx, dy, grid, _ in piece_cells(strip, rot, 1)] for rot in ROTS}
    assert sorted(got[0]) == [(0, 0, "a"), (1, 0, "b"), (2, 0, "c")]
    assert sorted(got[90]) == [(0, 0, "a"), (0, 1, "b"), (0, 2, "c")]       # vertical
    assert sorted(got[180]) == [(0, 0, "c"), (1, 0, "b"), (2, 0, "a")]      # reversed
    assert sorted(got[270]) == [(0, 0, "c"), (0, 1, "b"), (0, 2, "a")]
    for rot in ROTS:
        assert placement_cells(strip, at(5, -2, rot), 1) == [(5 + dx, -2 + dy) for dx, dy, _, _ in piece_cells(strip, rot, 1)]


def test_solid_cells_fill_every_subcell():
    strip = {"cells": [7, 8, 9]}
    for rot in ROTS:
        for dx, dy, grid, marks in piece_cells(strip, rot, 3):
            assert len(set(v for row in grid for v in row)) == 1 and len(grid) == 3 and all(len(row) == 3 for row in grid)
            assert not any(any(row) for row in marks)
    assert subcells(strip, at(0, 0, 0)) == {(sx, sy): 7 + sx // 3 for sx in range(9) for sy in range(3)}
    assert subcells(strip, at(0, 0, 180)) == {(sx, sy): 9 - sx // 3 for sx in range(9) for sy in range(3)}


def test_stripes_turn_with_the_piece():
    """Stripe k fills sub-row k at rot 0 (the stripes run along x, the piece's length); at 90
    they run along y, stripe 0 on the right (turned clockwise); at 180 stripe 0 is the bottom
    sub-row; at 270 it is the left sub-column."""
    s = [1, 2, 3]
    assert subcells(STRIP, at(0, 0, 0)) == {(sx, sy): s[sy] for sx in range(9) for sy in range(3)}
    assert subcells(STRIP, at(0, 0, 90)) == {(sx, sy): s[2 - sx] for sx in range(3) for sy in range(9)}
    assert subcells(STRIP, at(0, 0, 180)) == {(sx, sy): s[2 - sy] for sx in range(9) for sy in range(3)}
    assert subcells(STRIP, at(0, 0, 270)) == {(sx, sy): s[sx] for sx in range(3) for sy in range(9)}
    # and one cell's own sub-grid, at 90: every sub-row reads 3, 2, 1 from left to right
    (_, _, grid, _), *_ = piece_cells(STRIP, 90, 3)
    assert grid == [[3, 2, 1]] * 3


def test_stripes_at_another_resolution():
    piece = {"cells": [{"stripes": ["n", "s"]}]}
    assert piece_cells(piece, 0, 2)[0][2] == [["n", "n"], ["s", "s"]]
    assert piece_cells(piece, 90, 2)[0][2] == [["s", "n"], ["s", "n"]]
    assert piece_cells(piece, 180, 2)[0][2] == [["s", "s"], ["n", "n"]]
    assert piece_cells(piece, 270, 2)[0][2] == [["n", "s"], ["n", "s"]]


def test_sub_pattern_turns_clockwise():
    piece = {"cells": [{"sub": [[1, 2], [3, 4]]}]}
    assert piece_cells(piece, 0, 2)[0][2] == [[1, 2], [3, 4]]
    assert piece_cells(piece, 90, 2)[0][2] == [[3, 1], [4, 2]]
    assert piece_cells(piece, 180, 2)[0][2] == [[4, 3], [2, 1]]
    assert piece_cells(piece, 270, 2)[0][2] == [[2, 4], [1, 3]]


def test_sub_pattern_with_text_values_at_resolution_2():
    """A ``sub`` cell of 2 rows of 2 text values (colour names) is a valid pattern at resolution 2:
    rows of two words are not mistaken for the items of a map where patterns are remembered."""
    piece = {"cells": [{"sub": [["red", "blue"], ["red", "red"]]}]}
    assert piece_cells(piece, 0, 2)[0][2] == [["red", "blue"], ["red", "red"]]
    assert piece_cells(piece, 90, 2)[0][2] == [["red", "red"], ["red", "blue"]]


def test_shape_attribute_l_piece():
    """An L of three cells given by ``shape`` offsets, turned clockwise (y grows downwards)
    and shifted so its top-left corner is the placement's (x, y)."""
    ell = {"cells": ["a", "b", "c"], "shape": [[0, 0], [0, 1], [1, 1]]}
    #   rot 0    rot 90   rot 180  rot 270
    #   a.       ba       cb       .c
    #   bc       c.       .a       ab
    want = {0: {(0, 0): "a", (0, 1): "b", (1, 1): "c"},
            90: {(1, 0): "a", (0, 0): "b", (0, 1): "c"},
            180: {(1, 1): "a", (1, 0): "b", (0, 0): "c"},
            270: {(0, 1): "a", (1, 1): "b", (1, 0): "c"}}
    for rot in ROTS:
        assert {(dx, dy): grid[0][0] for dx, dy, grid, _ in piece_cells(ell, rot, 1)} == want[rot], rot
        assert sorted(placement_cells(ell, at(10, 20, rot), 1)) == sorted((10 + x, 20 + y) for x, y in want[rot])
    # offsets that do not start at 0 are shifted too
    offset = {"cells": ["a", "b"], "shape": [[3, 5], [4, 5]]}
    assert sorted(placement_cells(offset, at(0, 0, 0), 1)) == [(0, 0), (1, 0)]


def test_marks_rotate_with_the_cell():
    """A mark lies on its cell's centre sub-cell and travels with the cell; at an even
    resolution (no centre) the marked sub-cell turns with the cell's sub-grid."""
    piece = {"cells": [{"solid": 5, "mark": True}, 6, 7]}
    for rot, cell in ((0, (0, 0)), (90, (0, 0)), (180, (2, 0)), (270, (0, 2))):
        marked = [(dx, dy) for dx, dy, _, marks in piece_cells(piece, rot, 3) if any(any(row) for row in marks)]
        assert marked == [cell], rot
        (marks,) = [m for dx, dy, _, m in piece_cells(piece, rot, 3) if (dx, dy) == cell]
        assert [(i, j) for j in range(3) for i in range(3) if marks[j][i]] == [(1, 1)]
    even = {"cells": [{"sub": [[1, 1], [1, 1]], "mark": True}]}
    where = {}
    for rot in ROTS:
        marks = piece_cells(even, rot, 2)[0][3]
        where[rot] = [(i, j) for j in range(2) for i in range(2) if marks[j][i]]
    assert len(set(map(tuple, where.values()))) == 4 and all(len(w) == 1 for w in where.values())
    # each turn moves the marked corner clockwise
    corners = [(0, 0), (1, 0), (1, 1), (0, 1)]
    for a, b in ((0, 90), (90, 180), (180, 270)):
        assert corners.index(where[b][0]) == (corners.index(where[a][0]) + 1) % 4


def test_components_work_like_dicts():
    c = Component("tile", 3, {"cells": [STRIPED, 4, 4]})
    d = Component("tile", 4, {"cells": [STRIPED, 4, 4]})
    plain = {"type": "tile", "id": 5, "cells": [STRIPED, 4, 4]}
    for rot in ROTS:
        assert piece_cells(c, rot, 3) == piece_cells(d, rot, 3) == piece_cells(plain, rot, 3)
    other = Component("tile", 6, {"cells": [4, 4, STRIPED]})  # same type, other cells: not confused with c
    assert piece_cells(other, 0, 3)[0][2] == [[4] * 3] * 3 and piece_cells(c, 0, 3)[0][2] == [[1] * 3, [2] * 3, [3] * 3]


def test_shape_keys_kept_per_component_kind_are_those_of_plain_pieces():
    """A component's shape key is kept for it: each kind still gets the key of its own cells
    and shape (as a plain dict, which is never kept, does), at each resolution."""
    l_shape = [[0, 0], [0, 1], [1, 1]]
    kinds = [{"cells": [1, 2, 3]}, {"cells": [1, 2, 3], "shape": l_shape}, {"cells": [4]}, {"cells": [STRIPED, 1, 2], "shape": l_shape}]
    for resolution in (3, 3, 2):  # the second pass reads what the first kept
        for n, kind in enumerate(kinds):
            c = Component("tile", n, kind)
            if resolution == 2 and any(isinstance(cell, dict) for cell in kind["cells"]):
                continue  # three stripes need a resolution of 3
            assert shape_key(c, resolution) == shape_key(dict(kind), resolution) == tuple((dx, dy) for dx, dy, _, _ in piece_cells(dict(kind), 0, resolution))
    assert shape_key(Component("tile", 9, kinds[0]), 3) != shape_key(Component("tile", 9, kinds[1]), 3)


# -- overlap, touching, top layer ------------------------------------------------------------

@pytest.fixture
def row_layer():
    """One horizontal 3-cell piece at (0, 0)-(2, 0)."""
    return layer_of(({"cells": [1, 2, 3]}, at(0, 0)))


def test_overlap_and_touching_counts(row_layer):
    assert set(row_layer) == {(0, 0), (1, 0), (2, 0)}
    strip = {"cells": [4, 5, 6]}
    cases = [  # placement, overlap, touching
        (at(0, 1), 0, 3),          # right below: three edges
        (at(1, 1), 0, 2),
        (at(3, 0), 0, 1),          # end to end
        (at(3, 1), 0, 0),          # corner only: no edge
        (at(0, -3, 90), 0, 1),     # vertical, above (0, 0)
        (at(2, 0, 90), 1, 1),      # covers (2, 0); (1, 0) beside it
        (at(0, 0, 90), 1, 1),      # covers (0, 0); (1, 0) beside it
        (at(1, -1, 90), 1, 2),     # covers (1, 0); (0, 0) and (2, 0) beside it
        (at(1, 0), 2, 1),          # covers (1, 0), (2, 0); (0, 0) beside
        (at(0, 0, 180), 3, 0),
        (at(9, 9, 270), 0, 0),
    ]
    for pos, o, t in cases:
        assert (overlap(row_layer, strip, pos, 3), touching(row_layer, strip, pos, 3)) == (o, t), pos


def test_top_layer_later_piece_lies_on_top():
    """A piece placed later covers one cell of an earlier one: that cell shows the later
    piece's pattern, the others still the earlier one's."""
    first = {"cells": [1, 1, 1]}
    second = {"cells": [{"stripes": [7, 8, 9]}, 2, 2]}
    layer = layer_of((first, at(0, 0)), (second, at(2, 0, 90)))
    assert set(layer) == {(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)}
    assert layer[(0, 0)][0] == [[1] * 3] * 3 and layer[(1, 0)][0] == [[1] * 3] * 3
    assert layer[(2, 0)][0] == [[9, 8, 7]] * 3          # the stripes, turned 90
    assert layer[(2, 1)][0] == [[2] * 3] * 3
    # the other order: the strip lies on top of the vertical piece's first cell
    layer = layer_of((second, at(2, 0, 90)), (first, at(0, 0)))
    assert layer[(2, 0)][0] == [[1] * 3] * 3 and layer[(2, 1)][0] == [[2] * 3] * 3
    assert sorted(summary(regions(layer, 3))) == sorted([(1, 27, False), (2, 18, False)])


# -- candidate placements ----------------------------------------------------------------------

def test_candidates_on_an_empty_grid():
    for piece in ({"cells": [1, 2, 3]}, {"cells": ["a", "b", "c"], "shape": [[0, 0], [0, 1], [1, 1]]}):
        assert [xyr(p) for p in candidate_placements({}, piece, 3)] == [(0, 0, rot) for rot in ROTS]


def brute_force(layer, piece, resolution, margin=5) -> set:
    """Every placement in a window around the layer that covers or touches an occupied cell (at the turns that do not
    repeat a lesser one, values and all)."""
    xs = [x for x, _ in layer]
    ys = [y for _, y in layer]
    out = set()
    for rot in (r for r in ROTS if r not in geometry.repeated_turns(piece, resolution)):
        for x in range(min(xs) - margin, max(xs) + margin + 1):
            for y in range(min(ys) - margin, max(ys) + margin + 1):
                cells = placement_cells(piece, at(x, y, rot), resolution)
                near = {(a + dx, b + dy) for a, b in cells for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}
                if near & set(layer):
                    out.add((x, y, rot))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_candidates_are_exactly_the_placements_that_cover_or_touch(seed):
    """Every candidate covers or touches an occupied cell, and none that does is missing
    (brute force over a window wide enough for a piece of 3 cells); no duplicates; a fixed order."""
    rng = random.Random(seed)
    pieces = [{"cells": [1, 2, 3]}, {"cells": [1, 2, 3], "shape": [[0, 0], [0, 1], [1, 1]]},
              {"cells": [4]}, {"cells": [1, 2, 3, 4], "shape": [[0, 0], [1, 0], [2, 0], [1, 1]]}]
    placed = [(rng.choice(pieces), at(rng.randrange(-4, 5), rng.randrange(-4, 5), rng.choice(ROTS))) for _ in range(rng.randrange(1, 5))]
    layer = layer_of(*placed)
    for piece in pieces:
        got = candidate_placements(layer, piece, 3)
        keys = [xyr(p) for p in got]
        assert len(keys) == len(set(keys)), "duplicate candidates"
        for p in got:  # any extra field a candidate carries is one of the counts, and right
            assert {"x", "y", "rot"} <= set(p) <= {"x", "y", "rot", "overlap", "touching"}, p
            for name, fn in (("overlap", overlap), ("touching", touching)):
                if name in p:
                    assert p[name] == fn(layer, piece, at(*xyr(p)), 3), p
        assert set(keys) == brute_force(layer, piece, 3)
        assert got == candidate_placements(layer, piece, 3)
        assert keys == sorted(keys, key=lambda k: (k[2], k[1], k[0]))


@pytest.mark.parametrize("seed", range(4))
def test_candidates_kept_up_to_date_equal_candidates_counted_afresh(seed):
    """Grid states one after another (pieces placed on top, and taken off again): the
    candidates kept up to date are, record for record, those counted from scratch, and
    each record's counts are those overlap() and touching() count at its position. Turns
    that cover the same cells (a strip turned 180 degrees) are counted once and share the
    counts; a single cell of one value is listed at turn 0 alone."""
    rng = random.Random(seed)
    pieces = [{"cells": [1, 2, 3]}, {"cells": [1, 2, 3], "shape": [[0, 0], [0, 1], [1, 1]]}, {"cells": [4]}]
    kept = {i: Candidates(piece, 3) for i, piece in enumerate(pieces)}
    assert [len(kept[i].shapes) for i in kept] == [2, 4, 1]  # the turns counted
    placed = []
    for _ in range(25):
        if placed and rng.random() < 0.3:
            placed.pop(rng.randrange(len(placed)))
        else:
            placed.append((rng.choice(pieces), at(rng.randrange(-4, 5), rng.randrange(-4, 5), rng.choice(ROTS))))
        layer = layer_of(*placed) if placed else {}
        for i, piece in enumerate(pieces):
            got = kept[i].update(layer)
            assert got == candidate_placements(layer, piece, 3)
            assert not layer or {xyr(p) for p in got} == brute_force(layer, piece, 3)
            for p in got if layer else ():
                assert (p["overlap"], p["touching"]) == (overlap(layer, piece, p, 3), touching(layer, piece, p, 3)), p


def test_what_a_shape_counts_with_is_worked_out_once_per_shape_and_as_afresh(monkeypatch):
    """Candidates of pieces of one shape (whatever their colours) share what follows from the
    shape; another shape has its own; and each is what a Candidates worked out afresh has."""
    strip, other_colours, corner = {"cells": [1, 2, 3]}, {"cells": [4, 0, 2]}, {"cells": [1, 2, 3], "shape": [[0, 0], [0, 1], [1, 1]]}
    kept = [Candidates(piece, 3) for piece in (strip, other_colours, corner)]
    assert kept[0].shapes is kept[1].shapes and kept[0].twins is kept[1].twins
    assert kept[0].shapes != kept[2].shapes and len(kept[2].shapes) == 4
    for piece, made in zip((strip, other_colours, corner), kept):
        with monkeypatch.context() as m:
            m.setattr(geometry, "_KINDS", {})  # nothing remembered: worked out from the piece
            afresh = Candidates(piece, 3)
        assert (made.shapes, made.twins, made.reach, made.kind) == (afresh.shapes, afresh.twins, afresh.reach, afresh.kind)
        layer = layer_of((strip, at(0, 0)), (corner, at(2, 1, 90)))
        assert made.update(layer) == afresh.update(layer) == candidate_placements(layer, piece, 3)


def test_candidates_opening_like_an_earlier_one_are_those_counted_afresh(monkeypatch):
    """A first grid state with the cells of one seen before starts from a copy of its counts:
    the candidates, there and at every later state, are those of a count from scratch, and
    the copy kept is not changed by the grid that grew from it."""
    rng = random.Random(3)
    pieces = [{"cells": [1, 2, 3]}, {"cells": [1, 2, 3], "shape": [[0, 0], [0, 1], [1, 1]]}]
    for game in range(6):
        # two openings of as many cells, each turned at random (a strip turned 180 covers the same cells)
        placed = [(pieces[0], at(r, r if game % 2 else -r, rng.choice((0, 180)))) for r in range(3)]
        kept = {n: Candidates(piece, 3) for n, piece in enumerate(pieces)}
        for _ in range(8):
            layer = layer_of(*placed)
            afresh = []
            for piece in pieces:
                with monkeypatch.context() as m:
                    m.setattr(geometry, "_OPENINGS", {})  # nothing remembered: counted from scratch
                    afresh.append(candidate_placements(layer, piece, 3))
            assert [kept[n].update(layer) for n in kept] == afresh
            placed.append((rng.choice(pieces), at(rng.randrange(-4, 5), rng.randrange(-4, 5), rng.choice(ROTS))))
    assert len(geometry._OPENINGS) >= len(pieces)


def test_candidates_kept_up_to_date_as_the_grid_spreads_far():
    """Pieces placed ever further out, on every side, and taken off again: the candidates
    kept up to date stay those counted from scratch however far the grid reaches."""
    rng = random.Random(7)
    piece = {"cells": [1, 2, 3], "shape": [[0, 0], [0, 1], [1, 1]]}
    kept = Candidates(piece, 3)
    placed = []
    for step in range(30):
        if placed and rng.random() < 0.3:
            placed.pop(rng.randrange(len(placed)))
        else:
            reach = 4 * step * step
            placed.append((piece, at(rng.randint(-reach, reach), rng.randint(-reach, reach), rng.choice(ROTS))))
        layer = layer_of(*placed) if placed else {}
        assert kept.update(layer) == candidate_placements(layer, piece, 3)


# -- regions -----------------------------------------------------------------------------------

def test_solid_joins_a_stripe_only_through_touching_subcells():
    """A solid square of colour 1 beside a striped cell: it joins the colour-1 stripe only
    where that stripe's sub-cells share an edge with the square."""
    solid = {"cells": [1]}
    # horizontal stripes 1, 2, 3: the top sub-row (colour 1) touches the square's right edge
    layer = layer_of((solid, at(0, 0)), ({"cells": [{"stripes": [1, 2, 3]}]}, at(1, 0)))
    assert summary(regions(layer, 3)) == [(1, 12, False), (2, 3, False), (3, 3, False)]
    # turned 90, stripe 1 is the right sub-column, not touching the square: 9 and 3 apart
    layer = layer_of((solid, at(0, 0)), ({"cells": [{"stripes": [1, 2, 3]}]}, at(1, 0, 90)))
    assert summary(regions(layer, 3)) == [(1, 9, False), (1, 3, False), (2, 3, False), (3, 3, False)]
    # turned 270, stripe 1 is the left sub-column: joins along the whole edge
    layer = layer_of((solid, at(0, 0)), ({"cells": [{"stripes": [1, 2, 3]}]}, at(1, 0, 270)))
    assert summary(regions(layer, 3))[0] == (1, 12, False)
    # below the square, the stripe's top sub-row joins; at 180 its top sub-row is colour 3
    layer = layer_of((solid, at(0, 0)), ({"cells": [{"stripes": [1, 2, 3]}]}, at(0, 1)))
    assert summary(regions(layer, 3))[0] == (1, 12, False)
    layer = layer_of((solid, at(0, 0)), ({"cells": [{"stripes": [1, 2, 3]}]}, at(0, 1, 180)))
    assert (1, 9, False) in summary(regions(layer, 3)) and (1, 3, False) in summary(regions(layer, 3))


def test_stripes_of_a_strip_join_along_its_length():
    """The three cells of a striped strip form one area per stripe (3 cells x 3 sub-cells)."""
    layer = layer_of((STRIP, at(0, 0, 90)))
    assert sorted(summary(regions(layer, 3))) == [(1, 9, False), (2, 9, False), (3, 9, False)]


def test_diagonal_contact_does_not_join():
    layer = layer_of(({"cells": [1]}, at(0, 0)), ({"cells": [1]}, at(1, 1)), ({"cells": [2]}, at(1, 0)))
    assert summary(regions(layer, 3)) == [(1, 9, False), (1, 9, False), (2, 9, False)]
    # the same at sub-cell level: two sub-cells meeting at a corner only
    piece = {"cells": [{"sub": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}]}
    assert summary(regions(layer_of((piece, at(0, 0))), 3)) == [(0, 3, False), (0, 3, False), (1, 1, False), (1, 1, False), (1, 1, False)]


def test_marked_regions_sizes_and_order():
    """A mark (on the centre sub-cell) marks its whole region; other regions of the same
    value stay unmarked; regions come largest first."""
    poison = {"cells": [2, {"solid": 1, "mark": True}, 3]}
    layer = layer_of((poison, at(0, 0)), ({"cells": [1, 1, 4]}, at(0, 1)), ({"cells": [1]}, at(5, 5)))
    # colour 1: the mark's cell (1, 0) with (0, 1), (1, 1) -> 27 sub-cells, marked; (5, 5) alone
    assert summary(regions(layer, 3)) == [(1, 27, True), (1, 9, False), (2, 9, False), (3, 9, False), (4, 9, False)]
    # covering the marked cell hides the mark
    layer = layer_of((poison, at(0, 0)), ({"cells": [1, 1, 4]}, at(0, 1)), ({"cells": [5]}, at(1, 0)))
    assert not any(r["marked"] for r in regions(layer, 3))
    assert summary(regions(layer, 3))[0] == (1, 18, False)
    assert regions({}, 3) == []


def flood_fill_regions(placed, resolution=3) -> list:
    """Regions as the rules define them, one sub-cell at a time: (value, size, marked) largest
    first, then by the text of the value, then by the least sub-cell (x, y) of the region."""
    values, marks = {}, set()
    for piece, where in placed:  # later pieces on top
        for dx, dy, grid, mk in piece_cells(piece, where["rot"], resolution):
            for j in range(resolution):
                for i in range(resolution):
                    sub = ((where["x"] + dx) * resolution + i, (where["y"] + dy) * resolution + j)
                    values.pop(sub, None)
                    marks.discard(sub)
                    if grid[j][i] is not None:
                        values[sub] = grid[j][i]
                        if mk[j][i]:
                            marks.add(sub)
    found, seen = [], set()
    for start in sorted(values):
        if start in seen:
            continue
        seen.add(start)
        stack, area = [start], [start]
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n not in seen and n in values and values[n] == values[start]:
                    seen.add(n)
                    stack.append(n)
                    area.append(n)
        found.append((-len(area), str(values[start]), start, values[start], bool(marks & set(area))))
    return [(value, -size, marked) for size, _, _, value, marked in sorted(found)]


def test_regions_equal_a_sub_cell_flood_fill_value_mark_and_order():
    """regions() joins each cell's parts across cell edges; on random layers of every kind
    of cell (marks, sub-cells left empty, values equal across types such as 1, 1.0 and
    true) it gives what a flood fill of the sub-cells gives, in the same order, with the
    value of each region's first sub-cell."""
    rng = random.Random(5)
    values = [0, 1, 2, True, 1.0, "a", None]

    def cell():
        return rng.choice([rng.choice([0, 1, 2, "a"]), {"stripes": [rng.choice(values) for _ in range(3)]},
                           {"solid": rng.choice([0, 1, 2]), "mark": rng.random() < 0.5},
                           {"sub": [[rng.choice(values) for _ in range(3)] for _ in range(3)]}])

    for _ in range(300):
        placed = []
        for _ in range(rng.randrange(1, 10)):
            piece = {"cells": [cell() for _ in range(3)]}
            if rng.random() < 0.3:
                piece["shape"] = [[0, 0], [0, 1], [1, 1]]
            placed.append((piece, at(rng.randrange(-3, 4), rng.randrange(-3, 4), rng.choice(ROTS))))
        got = [(r["value"], r["size"], r["marked"]) for r in regions(layer_of(*placed), 3)]
        want = flood_fill_regions(placed)
        assert got == want
        assert [type(v) for v, _, _ in got] == [type(v) for v, _, _ in want]


# -- bad input ---------------------------------------------------------------------------------

@pytest.mark.parametrize("piece, rot, match", [
    ({"cells": [1, 2, 3]}, 45, "orientation"),
    ({"cells": [1, 2, 3]}, -90, "orientation"),
    ({"cells": [1, 2, 3]}, 360, "orientation"),
    ({"cells": []}, 0, "cells"),
    ({"type": "token"}, 0, "cells"),
    ({"cells": "abc"}, 0, "cells"),
    ({"cells": [{"stripes": [1, 2]}]}, 0, "stripes"),
    ({"cells": [{"stripes": [1, 2, 3, 4]}]}, 0, "stripes"),
    ({"cells": [{"sub": [[1, 2, 3], [1, 2, 3]]}]}, 0, "sub"),
    ({"cells": [{"colour": 1}]}, 0, "pattern"),
    ({"cells": [1, 2], "shape": [[0, 0]]}, 0, "shape"),
])
def test_geometry_errors(piece, rot, match):
    with pytest.raises(GeometryError, match=match):
        piece_cells(piece, rot, 3)


@pytest.mark.parametrize("where", [
    {"x": 0, "y": 0}, {"x": 0, "y": 0, "rot": 45}, {"x": 0.5, "y": 0, "rot": 0}, {"x": 0, "y": "1", "rot": 0},
    {"x": True, "y": 0, "rot": 0}, [0, 0, 0], None, {"x": 0, "y": 0, "rot": 90.0},
])
def test_bad_placements(where, row_layer):
    piece = {"cells": [1, 2, 3]}
    for fn in (lambda: placement_cells(piece, where, 3), lambda: overlap(row_layer, piece, where, 3),
               lambda: touching(row_layer, piece, where, 3)):
        with pytest.raises(GeometryError):
            fn()
    assert issubclass(GeometryError, ValueError)


# -- through the engine ------------------------------------------------------------------------

TILES = """\
philtre: 1
game: tiles
title: Tiles
players: 2..3
components:
  tile:                                   # an L of three cells: a solid corner between two striped arms
    attributes: {c: [red, blue, green]}
    copies: 2
    derive:
      cells: "[{'stripes': [c, 'white']}, c, {'stripes': ['white', c]}]"
      shape: "[[0, 0], [0, 1], [1, 1]]"
    start: bag
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 2}, visible: everyone}
define:
  fits(t, at): overlap(board, t, at) == 0 and (count(board) == 0 or touching(board, t, at) > 0)
  best(col): max([r.size for r in regions(board) if r.value == col] + [0])
actions:
  play:
    choose: {t: "bag", at: "placements(board, t)"}
    if: fits(t, at)
    do:
      - place: {piece: t, to: board, at: at}
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: play
  - for: p in players
    do:
      - score: {player: p, add: "best(['red', 'blue', 'green'][p])"}
winners: {highest: "score[p]"}
"""


def write(tmp_path, text, name="rules.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def l_subcells(c, where) -> dict:
    """The test's own drawing of the TILES piece (resolution 2). At rot 0 its sub-cells are
        c c . .      cell (0, 0): stripes c, white
        w w . .
        c c w w      cell (0, 1): solid c; cell (1, 1): stripes white, c
        c c c c
    this 4 x 4 image is turned clockwise by rot and shifted to (2x, 2y)."""
    w = "white"
    image = [[c, c, None, None],
             [w, w, None, None],
             [c, c, w, w],
             [c, c, c, c]]
    for _ in range(where["rot"] // 90):
        image = [[image[3 - x][y] for x in range(4)] for y in range(4)]
    return {(2 * where["x"] + i, 2 * where["y"] + j): image[j][i] for j in range(4) for i in range(4) if image[j][i] is not None}


def test_a_small_grid_ruleset_uses_the_primitives(tmp_path, play):
    """A tiny grid game (L pieces with stripes at resolution 2, not HUE): every game ends,
    no two pieces share a cell, each piece touches an earlier one, and each seat's score is
    the largest area of its colour by the test's own flood fill."""
    rs = load_ruleset(write(tmp_path, TILES))
    for players in (2, 3):
        for seed in range(8):
            game = play(rs, players, seed)
            S = game.state
            board = S.zones["board"][0]
            assert len(board) == 6 and not S.zones["bag"][0]
            occupied, values = set(), {}
            for piece in board:  # bottom to top, in the order placed
                x, y, rot = S.placed[piece["id"]]
                sub = l_subcells(piece["c"], {"x": x, "y": y, "rot": rot})
                cells = {(sx // 2, sy // 2) for sx, sy in sub}
                assert len(cells) == 3 and not cells & occupied
                if occupied:
                    assert any((cx + dx, cy + dy) in occupied for cx, cy in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
                occupied |= cells
                values.update(sub)
            for p in range(players):
                colour = ["red", "blue", "green"][p]
                best = 0
                seen = set()
                for start, v in values.items():
                    if v != colour or start in seen:
                        continue
                    seen.add(start)
                    stack, size = [start], 0
                    while stack:
                        sx, sy = stack.pop()
                        size += 1
                        for n in ((sx + 1, sy), (sx - 1, sy), (sx, sy + 1), (sx, sy - 1)):
                            if n not in seen and values.get(n) == colour:
                                seen.add(n)
                                stack.append(n)
                    best = max(best, size)
                assert game.scores[p] == best, (players, seed, p)
            view = game.view(None)["zones"]["board"]
            assert [pl["id"] for pl in view["placements"]] == [c["id"] for c in board]


def test_first_move_of_the_small_ruleset_is_at_the_origin(tmp_path):
    rs = load_ruleset(write(tmp_path, TILES))
    game = Game(rs, 2, seed=3)
    opts = game.options(0)
    assert {(dict(o.args)["t"]["c"],) + xyr(dict(o.args)["at"]) for o in opts} == {(c, 0, 0, r) for c in ("red", "blue", "green") for r in ROTS}
    assert len(opts) == 3 * 4  # three colours (identical copies offered once), four orientations


BROKEN_PLACE = """\
philtre: 1
game: broken
players: 2
components:
  tile:
    attributes: {c: [1, 2]}
    derive:
      cells: CELLS
    start: bag
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 3}, visible: everyone}
actions:
  play:
    choose: {t: "bag", at: "placements(board, t)"}
    if: IF
    do:
      - place: {piece: t, to: board, at: AT}
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: play
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("cells, cond, where, match", [
    # a bad rot in place, and no rot, computed (written out, validate says E120: tests/test_place_written.py)
    ('"[c, c]"', "true", "\"{'x': 0, 'y': 0, 'rot': 40 + 5}\"", "orientation"),
    ('"[c, c]"', "true", "\"[{'x': 0, 'y': 0}][0]\"", "a placement is {x, y, rot}, not"),
    ('"[c, c]"', "true", "\"{'x': 0.5, 'y': 0, 'rot': 0}\"", "whole numbers"),     # not a whole number
    ('"[c, c]"', "\"overlap(board, t, {'x': 0, 'y': 0, 'rot': 30}) == 0\"", "at", "orientation"),  # in a condition
    ('"[c, c]"', "\"touching(board, t, {'x': 0, 'y': 0}) == 0\"", "at", "placement"),
    ('"[]"', "true", "at", "cells"),                                                # nothing to place
    ("\"[{'stripes': [c, c]}]\"", "true", "at", "stripes"),                         # 2 stripes at resolution 3
])
def test_bad_placement_in_a_ruleset_is_R100(tmp_path, cells, cond, where, match):
    """A ruleset placing a piece badly fails with PhiltreError R100 at the rule, never a traceback."""
    text = BROKEN_PLACE.replace("CELLS", cells).replace("IF", cond).replace("AT", where)
    rs = load_ruleset(write(tmp_path, text))
    with pytest.raises(PhiltreError) as info:
        game = Game(rs, 2, seed=0)
        for _ in range(4):
            (p,) = game.pending()
            game.apply(p, game.options(p)[0])
    message = str(info.value)
    assert "R100" in message and match in message, message
    assert "rules.yaml:" in message


def test_regions_of_a_piece_with_bad_stripes_is_R100(tmp_path):
    text = """\
        philtre: 1
        game: stripes
        players: 2
        components:
          tile:
            attributes: {c: [1]}
            derive:
              cells: "[{'stripes': [c, c, c, c]}]"
            start: bag
        zones:
          bag: {visible: everyone}
          board: {grid: {resolution: 3}, visible: everyone}
        flow:
          - score: {player: 0, add: "count(regions(board))"}
          - place: {piece: "first(bag)", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
        winners: {highest: "score[p]"}
        """
    rs = load_ruleset(write(tmp_path, text))
    with pytest.raises(PhiltreError, match=r"R100.*stripes"):
        Game(rs, 2, seed=0)


# a ruleset's head with two one-cell tiles (colours 1 and 2) in a bag and a grid of resolution 1
TWO_TILES = """\
        philtre: 1
        game: GAME
        players: 2
        components:
          tile:
            attributes: {c: [1, 2]}
            derive:
              cells: "[c]"
            start: bag
        zones:
          bag: {visible: everyone}
          board: {grid: {resolution: 1}, visible: everyone}
"""


def test_a_piece_moved_onto_a_grid_without_a_placement(tmp_path):
    """A piece put on a grid zone by ``move`` (not ``place``) has no placement. Whatever the
    engine makes of that (refuse the move, or treat it as off the grid), the result must be
    a PhiltreError or a working game, never a raw traceback from ``view``. (The move is
    refused: E120 before the game where the grid is named by its name, R100 at the rule where it is not.)"""
    text = TWO_TILES.replace("GAME", "moved") + """\
        actions:
          pass:
            do:
              - score: {player: me, add: 1}
        flow:
          - move: "first(bag) -> board"
          - decide: pass
            player: 0
        winners: {highest: "score[p]"}
        """
    with pytest.raises(PhiltreError, match=r"E120 'board' is a grid: pieces reach a grid only by place"):
        load_ruleset(write(tmp_path, text))
    with pytest.raises(PhiltreError, match=r"R100 .*board is a grid: put pieces on it with place"):
        Game(load_ruleset(write(tmp_path, text.replace("-> board", "-> [board][0]"))), 2, seed=0)


def test_placing_again_puts_the_piece_on_top(tmp_path):
    """``place`` puts a piece "on top of what lies there" (interpreter/effects.py e_place):
    a piece already on the grid that is placed again must lie above pieces placed since,
    with its new x, y and rot."""
    text = TWO_TILES.replace("GAME", "again") + """\
        flow:
          - place: {piece: "first([t for t in bag if t.c == 1])", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
          - place: {piece: "first([t for t in bag if t.c == 2])", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
          - place: {piece: "first([t for t in board if t.c == 1])", to: board, at: "{'x': 0, 'y': 0, 'rot': 90}"}
          - score: {player: 0, add: "first(regions(board)).value"}
        winners: {highest: "score[p]"}
        """
    game = Game(load_ruleset(write(tmp_path, text)), 2, seed=0)
    assert game.state.placed[0] == (0, 0, 90)
    assert game.scores[0] == 1, "the tile placed last (colour 1) should be the visible top layer"


@pytest.mark.parametrize("piece, message", [
    ({"type": "tile", "cells": [1, 2], "shape": [[0], [5, 1]]}, "a piece's shape is a list of [dx, dy] offsets"),
    ({"type": "tile", "cells": [1, 2], "shape": 5}, "a piece's shape is a list of [dx, dy] offsets, whole numbers (one per cell), not 5"),
    ({"type": "tile", "cells": [1, 2], "shape": [[0, 0], [5, "a"]]}, "a piece's shape is a list of [dx, dy] offsets"),
    ({"type": "tile", "cells": [1, 2], "shape": [[0, 0]]}, "one offset per cell: 2 cells, 1 offsets"),
    ({"type": "tile", "cells": []}, "tile's cells must be a list of one or more cell patterns, not []"),
    ({"type": "tile", "cells": 3}, "tile's cells must be a list of one or more cell patterns, not 3"),
    ({"type": "tile"}, "tile has no 'cells' attribute"),
])
def test_a_malformed_piece_is_said_in_the_languages_words(piece, message):
    """A piece's cells and shape come from the ruleset: what is wrong with them is said, not Python's unpacking error."""
    with pytest.raises(GeometryError, match=re.escape(message)):
        piece_cells(piece, 0, 1)


def test_moving_the_top_piece_moves_it_in_the_layer_read_before(tmp_path):
    """The top layer is grown from the last one made while pieces are only placed on top
    (dsl/builtins.py _top_layer): a piece placed again where it already lies on top keeps
    its place in the stack but not its cells, so the layer read before must not be grown."""
    text = TWO_TILES.replace("GAME", "moved") + """\
        flow:
          - place: {piece: "first([t for t in bag if t.c == 1])", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
          - score: {player: 0, add: "overlap(board, first(bag), {'x': 0, 'y': 0, 'rot': 0})"}
          - place: {piece: "first(board)", to: board, at: "{'x': 3, 'y': 0, 'rot': 0}"}
          - score: {player: 1, add: "10 * overlap(board, first(bag), {'x': 3, 'y': 0, 'rot': 0}) + overlap(board, first(bag), {'x': 0, 'y': 0, 'rot': 0})"}
        winners: {highest: "score[p]"}
        """
    game = Game(load_ruleset(write(tmp_path, text)), 2, seed=0)
    assert game.scores == [1, 10], "the tile moved from (0, 0) to (3, 0): it covers (3, 0) only"


# -- what a process loaded before, malformed shapes and patterns, messages ---------------------

# a ruleset whose one-kind tiles have the cells and shape given: numbers written 1, 1.0 or true
KINDS = """\
        philtre: 1
        game: kinds
        players: 2
        components:
          tile:
            attributes: {k: [0]}
            derive:
              cells: "CELLS"
              shape: "SHAPE"
            start: bag
        zones:
          bag: {visible: everyone}
          board: {grid: {resolution: 3}, visible: everyone}
        variables:
          A: 0
        flow:
          - set: {A: "count(placements(board, first(bag)))"}
          - place: {piece: "first(bag)", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
          - set: {A: "regions(board)"}
        winners: {highest: "score[p]"}
        """


def _kinds(tmp_path, cells, shape, name):
    return load_ruleset(write(tmp_path, KINDS.replace("CELLS", cells).replace("SHAPE", shape), name))


@pytest.mark.parametrize("written", ["1.0", "true"])
def test_a_shape_is_checked_whatever_the_process_loaded_before(tmp_path, written):
    """A piece's cells are kept per kind, but 1, 1.0 and true are one key in a component's
    signature: a shape [[0, 0], [1.0, 0]] must be refused as in a fresh process even after a
    ruleset whose shape is [[0, 0], [1, 0]] was played."""
    whole = _kinds(tmp_path, "[1, 1]", "[[0, 0], [1, 0]]", "whole.yaml")
    Game(whole, 2, seed=0)
    other = _kinds(tmp_path, "[1, 1]", f"[[0, 0], [{written}, 0]]", "other.yaml")
    with pytest.raises(PhiltreError, match=r"R100 .*a piece's shape is a list of \[dx, dy\] offsets, whole numbers"):
        Game(other, 2, seed=0)
    # and the same for the functions on their own, with components of one signature
    kept = Component("tile", 0, {"cells": [1, 1], "shape": [[0, 0], [1, 0]]})
    assert shape_key(kept, 3) == ((0, 0), (1, 0)) and len(piece_cells(kept, 90, 3)) == 2
    odd = Component("tile", 0, {"cells": [1, 1], "shape": [[0, 0], [1.0 if written == "1.0" else True, 0]]})
    for read in (lambda: shape_key(odd, 3), lambda: piece_cells(odd, 90, 3)):
        with pytest.raises(GeometryError, match="whole numbers"):
            read()


@pytest.mark.parametrize("first, then, want", [("1", "1.0", 1.0), ("1.0", "1", 1), ("true", "1", 1), ("1", "true", True)])
def test_regions_give_a_pieces_own_values_whatever_the_process_loaded_before(tmp_path, first, then, want):
    """regions() reports the value the piece's cells hold (1.0 stays 1.0), not that of a piece
    of an earlier ruleset whose cells were equal by ==."""
    Game(_kinds(tmp_path, f"[{first}]", "[[0, 0]]", "first.yaml"), 2, seed=0)
    game = Game(_kinds(tmp_path, f"[{then}]", "[[0, 0]]", "then.yaml"), 2, seed=0)
    (region,) = game.state.vars["A"]
    assert region["value"] == want and type(region["value"]) is type(want), region
    c = Component("tile", 1, {"cells": [1]})
    d = Component("tile", 1, {"cells": [1.0]})
    assert type(piece_cells(c, 0, 1)[0][2][0][0]) is int and type(piece_cells(d, 0, 1)[0][2][0][0]) is float


def test_a_shape_with_a_repeated_offset_is_refused(tmp_path):
    """Each cell has its own offset: [[0, 0], [0, 0]] would put two cells on one and make
    overlap count that cell twice."""
    with pytest.raises(GeometryError, match=re.escape("lists the offset [0, 0] twice")):
        piece_cells({"cells": [1, 2], "shape": [[0, 0], [0, 0]]}, 0, 1)
    with pytest.raises(GeometryError, match=re.escape("lists the offset [2, -1] twice")):
        piece_cells({"cells": [1, 2, 3], "shape": [[2, -1], [0, 0], [2, -1]]}, 90, 1)
    with pytest.raises(PhiltreError, match=re.escape("R100") + ".*" + re.escape("lists the offset [0, 0] twice")):
        Game(_kinds(tmp_path, "[1, 2]", "[[0, 0], [0, 0]]", "twice.yaml"), 2, seed=0)


@pytest.mark.parametrize("pattern, match", [
    ({"solid": 2, "stripes": [1, 2, 3]}, "it has 2 forms (stripes and solid), a cell one"),
    ({"sub": [[1] * 3] * 3, "solid": 2}, "it has 2 forms (sub and solid), a cell one"),
    ({"solid": 2, "colour": 1}, "not {'solid': 2, 'colour': 1}: 'colour' is none of its parts"),
    ({"solid": 2, "mark": 1}, "mark is true or false, not 1"),
    ({"stripes": 3}, "stripes are a list of 3 values"),
    ({"stripes": "abc"}, "stripes are a list of 3 values"),
    ({"sub": 5}, "sub is a list of 3 rows"),
    ({"sub": ["abc", "def", "ghi"]}, "sub is a list of 3 rows"),
])
def test_a_bad_cell_pattern_is_refused_in_the_languages_words(pattern, match):
    """A pattern has exactly one of the forms stripes, solid or sub (and maybe a mark):
    two forms together, an unknown key or a form of the wrong kind is refused, said in the
    language's words (not Python's "whole number object is not iterable")."""
    with pytest.raises(GeometryError, match=re.escape(match)) as info:
        piece_cells({"type": "tile", "cells": [pattern]}, 0, 3)
    assert "iterable" not in str(info.value) and "True" not in str(info.value)


PYTHON_WORDS = re.compile(r"NoneType|has no attribute|not iterable|object|\bTrue\b|\bFalse\b|\bNone\b|<zone|Traceback")

ARGUMENTS = """\
        philtre: 1
        game: arguments
        players: 2
        components:
          tile:
            attributes: {k: [0, 1]}
            derive:
              cells: "CELLS"
            start: pool
        zones:
          pool:
          hand: {each: player}
          board: {grid: {resolution: 3}}
        variables:
          A: 0
        define:
          c0: "[c for c in components if c.k == 0][0]"
        flow:
          - VALUE
        winners: {highest: "score[p]"}
        """


@pytest.mark.parametrize("cells, value, said", [
    ("[1]", "set: {A: \"placements(board, 'x' if A == 0 else c0)\"}", "the piece must be a component, got the word 'x'"),
    ("[1]", "set: {A: \"placements(board, 3 if A == 0 else c0)\"}", "the piece must be a component, got the whole number 3"),
    ("[1]", "set: {A: \"placements(board, true if A == 0 else c0)\"}", "the piece must be a component, got true"),
    ("[1]", "set: {A: \"placements(board, [c0] if A == 0 else c0)\"}", "the piece must be a component, got the list [<tile#0 k=0 cells=[1]>]"),
    ("[1]", "set: {A: \"placements(board, none if A == 0 else c0)\"}", "the piece must be a component, got none"),
    ("[1]", "set: {A: \"overlap(board, 3 if A == 0 else c0, {'x': 0, 'y': 0, 'rot': 0})\"}", "the piece must be a component, got the whole number 3"),
    ("[1]", "set: {A: \"touching(board, 'w' if A == 0 else c0, {'x': 0, 'y': 0, 'rot': 0})\"}", "the piece must be a component, got the word 'w'"),
    ("[1]", "set: {A: \"overlap(board, c0, none)\"}", "a placement is {x, y, rot}, not none"),
    ("[1]", "set: {A: \"overlap(board, c0, pool)\"}", "a placement is {x, y, rot}, not pool"),
    ("[1]", "set: {A: \"touching(board, c0, {'x': true, 'y': 0, 'rot': 0})\"}",
     "a placement's x, y and rot are whole numbers, not {'x': true, 'y': 0, 'rot': 0}"),
    ("[1]", "set: {A: \"regions(pool if A == 0 else board)\"}", "expected a grid zone, got the zone pool"),
    ("[1]", "set: {A: \"regions(hand[1] if A == 0 else board)\"}", "expected a grid zone, got the zone hand[1]"),
    ("[1]", "set: {A: \"regions(3 if A == 0 else board)\"}", "expected a grid zone, got the whole number 3"),
    ("[1]", "set: {A: \"placements(none if A == 0 else board, c0)\"}", "expected a grid zone, got none"),
    ("\"[{'stripes': 3}]\"", "place: {piece: c0, to: board, at: \"{'x': 0, 'y': 0, 'rot': 0}\"}", "stripes are a list of 3 values"),
    ("\"[{'sub': 5}]\"", "set: {A: \"placements(board, c0)\"}", "sub is a list of 3 rows of 3 values (the grid's resolution), not 5"),
    ("\"[{'solid': 1, 'mark': none}]\"", "set: {A: \"placements(board, c0)\"}", "mark is true or false, not none"),
    ("\"[{'mark': true}]\"", "set: {A: \"placements(board, c0)\"}", "not {'mark': true}: it has no form"),
])
def test_bad_arguments_of_the_grid_builtins_are_said_in_the_languages_words(tmp_path, cells, value, said):
    """What was expected and what was given, as the language writes values (none, true, a
    word quoted, a zone by its name), never Python's words (NoneType, True, <zone ...>)."""
    text = ARGUMENTS.replace("CELLS", cells.strip('"')).replace("VALUE", value)
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(write(tmp_path, text)), 2, seed=0)
    message = str(info.value)
    assert "R100" in message and said in message, message
    assert not PYTHON_WORDS.search(message.split("failed", 1)[-1]), message


@pytest.mark.parametrize("value, said", [
    ("set: {A: \"placements(board, 'x')\"}", "E120 placements() needs a component here, but this is a word"),
    ("set: {A: \"overlap(board, 3, {'x': 0, 'y': 0, 'rot': 0})\"}", "E120 overlap() needs a component here, but this is a whole number"),
    ("set: {A: \"regions(3)\"}", "E120 regions() needs a zone here, but this is a whole number"),
    # a family that is no grid, by its name or indexed (the Azul trial: its grid zones were not listed)
    ("set: {A: \"regions(hand)\"}", "E120 regions() reads a grid zone; 'hand' is not one (grid zones: board)"),
    ("set: {A: \"regions(hand[1])\"}", "E120 regions() reads a grid zone; 'hand[1]' is not one (grid zones: board)"),
    ("set: {A: \"sum(run_length(hand[p], 0, 0, 1, 0) for p in players)\"}",
     "E120 run_length() reads a grid zone; 'hand[p]' is not one (grid zones: board)"),
    # a zone that is no grid, written by its name (R100 when the game ran, before the Can't Stop trial's C-6)
    ("set: {A: \"regions(pool)\"}", "E120 regions() reads a grid zone; 'pool' is not one (grid zones: board)"),
    ("set: {A: \"count(pieces_at(pool, 0, 0))\"}", "E120 pieces_at() reads a grid zone; 'pool' is not one (grid zones: board)"),
])
def test_a_grid_builtin_given_a_value_of_a_known_wrong_kind_is_e120_before_any_game(tmp_path, value, said):
    """Where the argument's kind is known when the file is read, validate says it (the values above, of a kind known
    only when the game runs, are R100 then)."""
    text = ARGUMENTS.replace("CELLS", "[1]").replace("VALUE", value)
    with pytest.raises(PhiltreError) as info:
        load_ruleset(write(tmp_path, text))
    assert said in str(info.value), str(info.value)


def test_a_grid_builtin_on_a_zone_of_a_family_of_copies_that_is_no_grid_is_e120_before_any_game(tmp_path):
    """`line[0][0]` of `line: {each: player, copies: 2}`: the family is known, so is that its zones are no grids (the
    Azul trial: validate passed, and the game stopped at the rule with R100)."""
    text = ARGUMENTS.replace("CELLS", "[1]").replace("          hand: {each: player}\n", "          hand: {each: player, copies: 2}\n")
    text = text.replace("VALUE", "set: {A: \"run_length(hand[0][1], 0, 0, 1, 0) + (1 if cell_at(hand[1][0], 0, 0) == none else 0)\"}")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(write(tmp_path, text))
    for said in ("run_length() reads a grid zone; 'hand[0][1]' is not one (grid zones: board)",
                 "cell_at() reads a grid zone; 'hand[1][0]' is not one (grid zones: board)"):
        assert said in str(info.value), str(info.value)


def test_a_none_cell_is_occupied_hides_what_lies_below_and_counts_in_no_region():
    """As language.md says: a `none` value (a whole cell, a stripe or a sub-cell) is blank:
    the cell is still occupied (overlap and touching count it, it hides what lies below)
    but its blank sub-cells belong to no region."""
    layer = layer_of(({"cells": [1]}, at(0, 0)), ({"cells": [None]}, at(0, 0)), resolution=3)
    assert regions(layer, 3) == []
    assert overlap(layer, {"cells": [2]}, at(0, 0), 3) == 1 and touching(layer, {"cells": [2]}, at(1, 0), 3) == 1
    striped = layer_of(({"cells": [{"stripes": [1, None, 1]}]}, at(0, 0)), resolution=3)
    assert summary(regions(striped, 3)) == [(1, 3, False), (1, 3, False)]
