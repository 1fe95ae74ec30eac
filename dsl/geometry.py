"""Pieces on a grid of square cells (or hexagonal ones, `cells: hex`): shapes, orientations, the visible top layer and
connected regions.

A grid zone holds pieces in the order they were placed (later ones lie on top). Each
piece is a component with a ``cells`` attribute: one pattern per cell, cells laid along
x at orientation 0 (or at the offsets of an optional ``shape`` attribute, a list of
[dx, dy]), at most MAX_PIECE_CELLS of them. A cell is split into R x R sub-cells (R = the
grid's resolution) so that areas connect at the right resolution. A cell pattern is:

- a value: the whole cell is that value (solid);
- ``{stripes: [v0, ..., vR-1]}``: stripe k fills sub-row k, running along the piece;
- ``{solid: v, mark: true}``: solid, with a mark on the centre sub-cell;
- ``{sub: [[...], ...]}``: R rows of R sub-cell values.

A placement is ``{x, y, rot}``: the piece's cells rotated clockwise by ``rot`` degrees
(0, 90, 180, 270; y grows downwards), then shifted so their top-left corner is (x, y).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections import _count_elements  # Counter.update's own counting loop (C), without its checks
from operator import itemgetter

from .values import Component, spell

ROTATIONS = (0, 90, 180, 270)
# the neighbours of cell (x, y), as steps (dx, dy), clockwise as play draws the grid (y downwards), the right one first:
# four across and down on a square grid; six on a hex grid (`cells: hex`, axial coordinates, each row drawn half a cell
# right of the one above it), where (x+1, y-1) and (x-1, y+1) touch too and (x+1, y+1) does not
SQUARE_SIDES = ((1, 0), (0, 1), (-1, 0), (0, -1))
HEX_SIDES = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
# a piece's cells at most: what a piece costs (its sub-cells at each turn, and the positions
# placements counts for each occupied cell) grows with them, and no piece of a board game has
# nearly so many
MAX_PIECE_CELLS = 100
# a board's side at most, in cells (a grid's `width` and `height`, as the ruleset schema bounds them): an empty board
# lists every position that fits (4 x width x height placements of a one-cell piece), and play draws it whole (at most
# render.MAX_DRAWN_CELLS cells)
MAX_GRID_SIDE = 100


class Bounded(int):
    """The resolution of a grid of fixed size (an int, as every grid's resolution is), carrying its width and height.

    It goes where the resolution goes (a zone's spec, the layout's and each state's grids): an unbounded grid keeps a
    plain int, and only what tells the edges (place, a shape's first placements on the grid, play's drawing) asks
    ``type(resolution) is Bounded``, so that the unbounded grids' hot paths run as they did.
    """

    def __new__(cls, resolution: int, width: int, height: int):
        made = super().__new__(cls, resolution)
        made.width, made.height = width, height
        return made

    def __getnewargs__(self):  # (copied and pickled as itself, not as its resolution alone)
        return int(self), self.width, self.height


def outside(piece, x, y, rot, resolution) -> str | None:
    """What is wrong with placing the piece at (x, y, rot) on a grid of fixed size (``resolution`` a Bounded), or None
    where all its cells lie on the board."""
    cells = piece_cells(piece, rot, resolution)
    right = x + max(dx for dx, _, _, _ in cells)
    low = y + max(dy for _, dy, _, _ in cells)
    width, height = resolution.width, resolution.height
    if x >= 0 and y >= 0 and right < width and low < height:
        return None
    return f"its cells cover x {x}..{right}, y {y}..{low}, off the board's x 0..{width - 1}, y 0..{height - 1} (width {width}, height {height})"


class GeometryError(ValueError):
    """A piece or a placement that does not make sense (reported at the rule using it).

    ``template`` holds a ``%s`` for each of ``values``, the values given: they are written
    as the language writes them (``say``), zones by their names where ``zones`` (the
    state's zones by name) tells which are single.
    """

    def __init__(self, template: str, *values):
        self.template, self.values = template, values
        super().__init__(self.say())

    def say(self, zones=None) -> str:
        return self.template % tuple(spell(v, zones) for v in self.values) if self.values else self.template


def _typed(value):
    """A hashable stand-in for a piece's cells or shape that keeps the kind of each value: 1, 1.0 and true differ."""
    if isinstance(value, list):
        return (list, tuple(_typed(v) for v in value))
    if isinstance(value, dict):
        return (dict, tuple((_typed(k), _typed(v)) for k, v in value.items()))
    return (type(value), value)


FORMS = ("stripes", "sub", "solid")  # a cell pattern's forms (a map has exactly one, and maybe a mark)
PATTERN = "a cell pattern is a value, {stripes: [...]}, {solid: v} or {sub: [[...]]} (each maybe with mark: true)"


def _cell_grid(pattern, resolution):
    """(values R x R, marks R x R) of one cell pattern at orientation 0."""
    r = resolution
    marks = [[False] * r for _ in range(r)]
    if isinstance(pattern, dict):
        forms = [k for k in FORMS if k in pattern]
        others = [k for k in pattern if k not in FORMS and k != "mark"]
        if others:
            raise GeometryError(f"{PATTERN}, not %s: %s is none of its parts", pattern, others[0])
        if not forms:
            raise GeometryError(f"{PATTERN}, not %s: it has no form (stripes, solid or sub)", pattern)
        if len(forms) > 1:
            raise GeometryError(f"{PATTERN}, not %s: it has {len(forms)} forms ({' and '.join(forms)}), a cell one", pattern)
        (form,) = forms
        mark = pattern.get("mark", False)
        if mark is not True and mark is not False:
            raise GeometryError("a cell pattern's mark is true or false, not %s", mark)
        if form == "stripes":
            stripes = pattern["stripes"]
            if type(stripes) is not list:
                raise GeometryError(f"stripes are a list of {r} values (the grid's resolution), not %s", stripes)
            if len(stripes) != r:
                raise GeometryError(f"stripes need {r} values (the grid's resolution), got {len(stripes)}")
            grid = [[stripes[row]] * r for row in range(r)]
        elif form == "sub":
            rows = pattern["sub"]
            if type(rows) is not list or len(rows) != r or any(type(row) is not list or len(row) != r for row in rows):
                raise GeometryError(f"sub is a list of {r} rows of {r} values (the grid's resolution), not %s", rows)
            grid = [list(row) for row in rows]
        else:
            grid = [[pattern["solid"]] * r for _ in range(r)]
        if mark:
            marks[r // 2][r // 2] = True
        return grid, marks
    return [[pattern] * r for _ in range(r)], marks


def _rotate_grid(grid, times):
    for _ in range(times):
        n = len(grid)
        grid = [[grid[n - 1 - x][y] for x in range(n)] for y in range(n)]
    return grid


def _shape(cells, shape, rot, resolution):
    """The cells of a piece at one orientation, normalised so the top-left corner of their bounding box is (0, 0)."""
    offsets = _offsets(shape) if shape else [(i, 0) for i in range(len(cells))]
    if len(offsets) != len(cells):
        raise GeometryError(f"a piece's shape needs one offset per cell: {len(cells)} cells, {len(offsets)} offsets")
    times = ROTATIONS.index(rot)
    turned = []
    for (dx, dy), pattern in zip(offsets, cells):
        x, y = dx, dy
        for _ in range(times):
            x, y = -y, x  # clockwise with y downwards
        grid, marks = _cell_grid(pattern, resolution)
        turned.append((x, y, _rotate_grid(grid, times), _rotate_grid(marks, times)))
    min_x = min(t[0] for t in turned)
    min_y = min(t[1] for t in turned)
    return tuple((x - min_x, y - min_y, grid, marks) for x, y, grid, marks in turned)


def _offsets(shape) -> list:
    """A piece's `shape`: a list of [dx, dy] pairs of whole numbers, one per cell, no two alike."""
    def pair(o) -> bool:
        return isinstance(o, list) and len(o) == 2 and all(type(v) is int for v in o)

    if not isinstance(shape, list) or not all(pair(o) for o in shape):
        raise GeometryError("a piece's shape is a list of [dx, dy] offsets, whole numbers (one per cell), not %s", shape)
    offsets = [tuple(o) for o in shape]
    seen = set()
    for o in offsets:
        if o in seen:  # two cells on one: overlap would count that cell twice
            raise GeometryError(f"a piece's shape lists the offset [{o[0]}, {o[1]}] twice: each cell needs its own offset (%s)", shape)
        seen.add(o)
    return offsets


# A component's cells and shape key are kept by the component itself (its id, the component
# held in _HELD so that the id stays its own): its signature will not do, since 1, 1.0 and
# true are one key there, and a piece of another ruleset whose cells differ only so would read
# this one's cells. Pieces of one kind share the cells made (_KIND_CELLS, keyed by their cells
# and shape with the kind of each value), so that the faces regions() counts with are shared too.
_HELD: dict = {}  # id(component) -> the component, for as long as the entries below keyed by its id are kept
_PIECES: dict = {}  # (id(component), rot, resolution) -> its cells at that orientation
SHAPE_KEYS: dict = {}  # (id(component), resolution) -> its shape_key
LISTING_KEYS: dict = {}  # (id(component), resolution) -> its listing_key
_KIND_CELLS: dict = {}  # (cells and shape, kinds of values kept, rot, resolution) -> the cells of pieces of that kind
MAX_KEPT = 100_000
PIECE_ATTRIBUTES = frozenset({"cells", "shape"})  # a piece's attributes the grid reads itself, unnamed in any rule


def _keep(cache, key, value, piece) -> None:
    """Keep what was found for a component by its id (all of it forgotten when there is much)."""
    if len(cache) >= MAX_KEPT or len(_HELD) >= MAX_KEPT:
        _PIECES.clear()
        SHAPE_KEYS.clear()
        LISTING_KEYS.clear()
        _HELD.clear()
    _HELD[id(piece)] = piece
    cache[key] = value


def piece_cells(piece, rot, resolution):
    """The cells of a piece at an orientation: tuples (dx, dy, sub-cell values, marks), cached per component and kind."""
    key = (id(piece), rot, resolution)
    found = _PIECES.get(key)
    if found is not None:  # (only components are kept by id: an id is a kept component's while _HELD holds it)
        return found
    if not isinstance(piece, dict):
        raise GeometryError("the piece must be a component, got %s", piece)
    if rot not in ROTATIONS:
        raise GeometryError(f"orientation must be one of {', '.join(map(str, ROTATIONS))}, not %s", rot)
    cells = piece.get("cells")
    named = piece.get("type") if isinstance(piece.get("type"), str) else "the piece"
    if cells is None:
        raise GeometryError(f"{named} has no 'cells' attribute: it cannot be placed on a grid")
    if not isinstance(cells, list) or not cells:
        raise GeometryError(f"{named}'s cells must be a list of one or more cell patterns, not %s", cells)
    if len(cells) > MAX_PIECE_CELLS:
        raise GeometryError(f"{named} has {len(cells):,} cells: a piece has at most {MAX_PIECE_CELLS}")
    try:
        kind = (_typed(cells), _typed(piece.get("shape")), rot, resolution)
        found = _KIND_CELLS.get(kind)
    except TypeError:  # a value that is not hashable: not shared
        kind, found = None, None
    if found is None:
        found = _shape(cells, piece.get("shape"), rot, resolution)
        if kind is not None:
            if len(_KIND_CELLS) >= MAX_KEPT:
                _KIND_CELLS.clear()
            _KIND_CELLS[kind] = found
    if type(piece) is Component:
        _keep(_PIECES, key, found, piece)
    return found


def placement_cells(piece, at, resolution):
    """The grid cells (x, y) a piece covers at a placement."""
    x, y, rot = _unpack(at)
    return [(x + dx, y + dy) for dx, dy, _, _ in piece_cells(piece, rot, resolution)]


def cell_value(grid):
    """A cell as an expression reads it: the one value of its sub-cells where they are all alike (a solid cell), else its
    sub-cells as rows of values, turned as the piece lies."""
    first = grid[0][0]
    if all(type(v) is type(first) and v == first for row in grid for v in row):  # (1 and true are not alike)
        return first
    return [list(row) for row in grid]


def covered_cells(piece, at, resolution):
    """The cells a piece would cover at a placement, in the piece's order: records {x, y, value}."""
    x, y, rot = _unpack(at)
    cells = piece_cells(piece, rot, resolution)
    return [{"x": x + dx, "y": y + dy, "value": [list(row) for row in grid] if value is _MIXED else value}
            for (dx, dy, grid, _), value in zip(cells, _solid_values(cells))]


_MIXED = object()  # a cell whose sub-cells differ: read as its rows (cell_value), made anew for each record
_SOLID: dict = {}  # id of a list piece_cells gave -> (that list, each cell's one value, or _MIXED)


def _solid_values(cells) -> list:
    """Each cell's value where its sub-cells are all alike (cell_value's test), else _MIXED, worked out once per list of
    cells piece_cells keeps: a rule testing where each of a hundred placements would lie (piece_cells) tested every
    sub-cell of every cell each time (a trial: an eighth of its games)."""
    kept = _SOLID.get(id(cells))
    if kept is not None and kept[0] is cells:
        return kept[1]
    values = []
    for _, _, grid, _ in cells:
        first = grid[0][0]
        values.append(first if all(type(v) is type(first) and v == first for row in grid for v in row) else _MIXED)
    if len(_SOLID) >= MAX_KEPT:
        _SOLID.clear()
    _SOLID[id(cells)] = (cells, values)
    return values


def _unpack(at):
    try:
        x, y, rot = at["x"], at["y"], at["rot"]
    except (KeyError, TypeError, IndexError):
        raise GeometryError("a placement is {x, y, rot}, not %s", at) from None
    if not (type(x) is int and type(y) is int and type(rot) is int) and not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y, rot)):
        raise GeometryError("a placement's x, y and rot are whole numbers, not %s", at)
    return x, y, rot


def top_layer(pieces, placed, resolution, charge=None):
    """{(x, y): (sub-cell values, marks)} of the visible top layer; later pieces lie on top.

    ``charge`` (where given) is told each piece's count of cells before they are laid.
    """
    layer = {}
    for piece in pieces:
        x, y, rot = placed[piece["id"]]
        cells = piece_cells(piece, rot, resolution)
        if charge is not None:
            charge(len(cells))
        for dx, dy, grid, marks in cells:
            layer[(x + dx, y + dy)] = (grid, marks)
    return layer


def _covering(pieces, placed, resolution, charge):
    """(cell, piece) for each cell each piece covers, the pieces in their order (later ones lie on top); ``charge``
    (where given) is told each piece's count of cells before they are listed."""
    for piece in pieces:
        x, y, rot = placed[piece["id"]]
        cells = piece_cells(piece, rot, resolution)
        if charge is not None:
            charge(len(cells))
        for dx, dy, _, _ in cells:
            yield (x + dx, y + dy), piece


def top_pieces(pieces, placed, resolution, charge=None):
    """{(x, y): the piece on top there} for the cells the pieces cover; later pieces lie on top."""
    return dict(_covering(pieces, placed, resolution, charge))


def stacks(pieces, placed, resolution, charge=None):
    """{(x, y): the pieces that cover the cell, the lowest first} for the cells the pieces cover, so that a cell's last
    piece is top_pieces' one."""
    held = {}
    for cell, piece in _covering(pieces, placed, resolution, charge):
        held.setdefault(cell, []).append(piece)
    return held


def overlap(layer, piece, at, resolution) -> int:
    """How many occupied cells the piece would cover."""
    return sum(1 for cell in placement_cells(piece, at, resolution) if cell in layer)


def touching(layer, piece, at, resolution) -> int:
    """How many occupied cells, not covered by the piece, share an edge with it."""
    cells = set(placement_cells(piece, at, resolution))
    near = set()
    for x, y in cells:
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in layer and n not in cells:
                near.add(n)
    return len(near)


def hex_touching(layer, piece, at, resolution) -> int:
    """touching() on a hex grid: how many occupied cells, not covered by the piece, are among its cells' six neighbours."""
    cells = set(placement_cells(piece, at, resolution))
    near = {(x + dx, y + dy) for x, y in cells for dx, dy in HEX_SIDES}
    return len(near.difference(cells).intersection(layer))


def shape_key(piece, resolution) -> tuple:
    """What placements depend on: the piece's cell offsets at orientation 0 (not its colours), kept per component."""
    key = (id(piece), resolution)
    found = SHAPE_KEYS.get(key)
    if found is None:
        found = tuple((dx, dy) for dx, dy, _, _ in piece_cells(piece, 0, resolution))
        if type(piece) is Component:
            _keep(SHAPE_KEYS, key, found, piece)
    return found


def repeated_turns(piece, resolution) -> tuple:
    """The turns (rot) at which the piece covers the same cells with the same values (and marks) as at a lesser turn: a
    square of one colour repeats at 90, 180 and 270, a strip of one colour at 180 and 270, a piece of cells that differ
    at none. Values are compared with their kinds (1 and true differ), as pieces of a kind are."""
    seen, repeated = set(), []
    for rot in ROTATIONS:
        try:
            look = frozenset((dx, dy, _typed(grid), _typed(marks)) for dx, dy, grid, marks in piece_cells(piece, rot, resolution))
        except TypeError:  # a value that is not hashable: no turn is taken for another
            return ()
        if look in seen:
            repeated.append(rot)
        seen.add(look)
    return tuple(repeated)


def least_alike_turn(piece, rot, resolution) -> int:
    """The least turn at which the piece covers the same cells with the same values (and marks) as at ``rot``: the rot
    placements lists that placement at (repeated_turns); ``rot`` itself where no lesser turn looks the same."""
    def look(turn):
        cells = piece_cells(piece, turn, resolution)
        return frozenset((dx, dy, _typed(grid), _typed(marks)) for dx, dy, grid, marks in cells)

    try:
        wanted = look(rot)
        return next(turn for turn in ROTATIONS if turn <= rot and look(turn) == wanted)
    except TypeError:  # a value that is not hashable: no turn is taken for another (as repeated_turns)
        return rot


def listing_key(piece, resolution):
    """What placements lists by: the piece's shape_key, with the turns that repeat a lesser one where any (listed once,
    at the least turn: pieces of one shape that differ there list differently), kept per component."""
    key = (id(piece), resolution)
    found = LISTING_KEYS.get(key)
    if found is None:
        shape = shape_key(piece, resolution)
        repeated = repeated_turns(piece, resolution)
        found = (shape, repeated) if repeated else shape  # (a shape is a tuple of pairs of numbers: never of this form)
        if type(piece) is Component:
            _keep(LISTING_KEYS, key, found, piece)
    return found


def candidate_placements(layer, piece, resolution) -> list:
    """Every placement that covers or touches an occupied cell (the origin on an empty grid), in a fixed order (on a
    board of fixed size, ``resolution`` a Bounded: every placement on the board).

    Each is a record {x, y, rot, overlap, touching}: how many occupied cells the piece
    would cover there, and how many others it would share an edge with.
    """
    return (BoundedCandidates if type(resolution) is Bounded else Candidates)(piece, resolution).update(layer)


_OPENINGS: dict = {}  # (Candidates.kind, occupied cells) -> the counts of a first grid state, copied where it repeats
_KINDS: dict = {}  # listing_key -> what Candidates counts with for that shape and its repeated turns (see _kind)


def _kind(piece, resolution, every_turn: bool = False) -> tuple:
    """(shapes, twins, reach, keys) of a piece's shape, for Candidates (never changed once made).

    shapes: (offsets, ring, turns) of each orientation that covers other cells than the ones
    before it; twins: per shape counted, the turns (indexes in ROTATIONS) it stands for, its
    own first (``turns`` again: the shapes alone tell how a piece is counted); reach: how far
    a position lies from a cell that counts for it, in x or y; keys: the counts one occupied
    cell changes (its offsets and ring cells, of every shape counted). A turn that repeats a
    lesser one, values and all (repeated_turns), is not listed at all, unless ``every_turn``.
    """
    shapes, twins = [], []
    repeated = () if every_turn else repeated_turns(piece, resolution)
    for turn, rot in enumerate(ROTATIONS):
        if rot in repeated:
            continue
        offsets = tuple((dx, dy) for dx, dy, _, _ in piece_cells(piece, rot, resolution))
        # the cells next to the piece that it does not cover: touching counts those occupied
        ring = {(dx + ex, dy + ey) for dx, dy in offsets for ex, ey in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        # a turn that covers the cells of an earlier one (a strip turned 180 degrees) has its counts everywhere
        same = [n for n, (cells, _) in enumerate(shapes) if set(cells) == set(offsets)]
        if same:
            twins[same[0]].append(turn)
        else:
            shapes.append((offsets, tuple(ring.difference(offsets))))
            twins.append([turn])
    reach = max(abs(v) for offsets, ring in shapes for cell in offsets + ring for v in cell)
    keys = sum(len(offsets) + len(ring) for offsets, ring in shapes)
    twins = tuple(map(tuple, twins))
    return tuple(shape + (turns,) for shape, turns in zip(shapes, twins)), twins, reach, keys


def _unturned_kind(piece, resolution, sides=((1, 0), (-1, 0), (0, 1), (0, -1))) -> tuple:
    """_kind's (shapes, twins, reach, keys) of a piece on a grid whose pieces never turn: its orientation 0 alone, its
    ring the cells one of ``sides`` away (HEX_SIDES on a hex grid)."""
    offsets = tuple((dx, dy) for dx, dy, _, _ in piece_cells(piece, 0, resolution))
    ring = {(dx + ex, dy + ey) for dx, dy in offsets for ex, ey in sides}
    ring = tuple(ring.difference(offsets))
    reach = max(abs(v) for cell in offsets + ring for v in cell)
    return ((offsets, ring, (0,)),), ((0,),), reach, len(offsets) + len(ring)


HEX = "hex"  # beside a shape_key, the key of its kinds on a hex grid (rot 0 alone, six neighbours a cell)
UNTURNED = "unturned"  # beside a shape_key, the key of its kinds on a grid whose pieces never turn (no listing_key's form)
EVERY_TURN = "every turn"  # beside a shape_key, the key of its kinds where each turn is listed, alike or not


def _free(work) -> None:
    """Charge nothing (Candidates used outside an evaluation, by tests and tools)."""


def _copies(parts) -> tuple:
    """A shallow copy of each of the counts' dicts and lists."""
    return tuple(part.copy() for part in parts)


class Candidates:
    """The candidate placements of one piece shape on one grid, kept up to date as the grid changes.

    Overlap and touching depend only on which cells are occupied, so they are counted as
    cells change: a cell that becomes occupied adds one to the overlap of each position
    where the piece covers it and one to the touching of each position where it lies in
    the piece's ring (a piece of three cells placed: about 130 counts changed, instead of
    every position counted again). A position whose counts changed gets a new record; the
    others keep theirs (records are never changed once made).

    A position (rot, y, x) is kept as one integer that sorts as the tuple does, its code
    ((rot index * span + y - low) * span + x - low, with both coordinates in the coded range
    [low, low + span)): hashing and comparing it is several times cheaper than a tuple's, and
    the position of a piece's cell is a cell's code plus a fixed delta.
    """

    def __init__(self, piece, resolution):
        # what follows from the piece's shape (and its turns that repeat) is worked out once per shape (each game makes
        # its own Candidates)
        key = self._kind_key(piece, resolution)
        found = _KINDS.get(key)
        if found is None:
            found = self._make_kind(piece, resolution)
            if len(_KINDS) < 10_000:
                _KINDS[key] = found
        self.shapes, self.twins, self.reach, self.keys_per_cell = found
        self.kind = self.shapes  # all the counts depend on (the turns each stands for are in it)
        self._reset(0, 0)

    @staticmethod
    def _kind_key(piece, resolution):
        """The key of the piece's kind in _KINDS: its shape, and its turns that repeat."""
        return listing_key(piece, resolution)

    @staticmethod
    def _make_kind(piece, resolution):
        """The piece's kind: what its shapes and turns give every placement's counts."""
        return _kind(piece, resolution)

    def listed_turns(self) -> list:
        """The turns (rot) listed, least first: all four but those that repeat a lesser one (repeated_turns)."""
        return sorted(ROTATIONS[turn] for twins in self.twins for turn in twins)

    def _reset(self, low, span) -> None:
        """Forget every count; positions will be coded for coordinates in [low, low + span)."""
        self.low, self.span = low, span
        self.deltas = (self._deltas(0), self._deltas(1)) if span else ((), ())  # overlap's, touching's (of the turns counted)
        # by turn counted: (its rotation, (what to add to a code for the code of each other turn it stands for, that turn))
        self.twin_codes = [()] * len(ROTATIONS)
        for twins in self.twins if span else ():  # no range, no codes (a new or emptied grid: its first cells recode it)
            self.twin_codes[twins[0]] = (ROTATIONS[twins[0]], tuple(((turn - twins[0]) * span * span, ROTATIONS[turn]) for turn in twins[1:]))
        self.occupied: set = set()
        self.overlap: dict = {}  # code -> occupied cells the piece covers there, where any
        self.touching: dict = {}  # code -> occupied cells in its ring there, where any
        self.records: dict = {}  # code -> the record of a position that covers or touches
        self.order: list = []  # the records' codes, sorted

    def _deltas(self, part) -> tuple:
        """What to add to a cell's code to get the code of each position whose overlap (0) or touching (1) it counts in."""
        span = self.span
        return tuple(twins[0] * span * span - dy * span - dx for twins, shape in zip(self.twins, self.shapes) for dx, dy in shape[part])

    def _fits(self, cells) -> bool:
        """Whether every position these cells count for has coordinates in the coded range."""
        low, high = self.low + self.reach, self.low + self.span - self.reach
        return all(low <= x < high and low <= y < high for x, y in cells)

    def _recode(self, cells) -> None:
        """Forget every count, and code positions in a range that holds these cells with room to grow on every side."""
        # a grid grows a little at a time: the room saves counting everything again at each piece
        low = min(v for cell in cells for v in cell) - 2 * self.reach - 16
        high = max(v for cell in cells for v in cell) + 2 * self.reach + 16
        self._reset(low, 1 << (high - low).bit_length())

    def update(self, layer, charge=_free) -> list:
        """The candidates for the grid whose visible cells are ``layer``'s keys.

        ``charge(work)`` is told the counts to be changed (cells counted x ``keys_per_cell``)
        before any is: it may stop the update (out of work) with nothing changed. A first
        state copied from an earlier game's is charged as if counted, so that whether a rule
        runs out of work does not depend on what the process ran before.
        """
        if not layer:
            self._reset(0, 0)
            return [{"x": 0, "y": 0, "rot": rot, "overlap": 0, "touching": 0} for rot in self.listed_turns()]
        occupied = set(layer)
        if not self.occupied:
            charge(len(occupied) * self.keys_per_cell)
            self._open(occupied)
        else:
            added, removed = occupied - self.occupied, self.occupied - occupied
            if not self._fits(added):
                charge(len(occupied) * self.keys_per_cell)
                self._recode(occupied)
                added, removed = occupied, ()
            else:
                charge((len(added) + len(removed)) * self.keys_per_cell)
            self._count(added, removed)
        self.occupied = occupied
        order = self.order
        if len(order) < 2:  # an itemgetter of one key gives the item, not a tuple of it
            return [self.records[code] for code in order]
        # the records in one C loop over the codes: a third fewer instructions than a map of the dict's __getitem__
        return list(itemgetter(*order)(self.records))

    def _open(self, occupied) -> None:
        """Count a first grid state, or copy the counts made before for the same cells (each game of a ruleset opens alike)."""
        key = (self.kind, frozenset(occupied))
        start = _OPENINGS.get(key)
        if start is None:
            self._recode(occupied)
            self._count(occupied, ())
            if len(_OPENINGS) < 64:
                _OPENINGS[key] = self._counts()
        else:
            self.low, self.span, self.deltas, self.twin_codes = start[:4]
            self.overlap, self.touching, self.records, self.order = _copies(start[4:])

    def _counts(self) -> tuple:
        """A copy of what the counts are now (records are never changed, so they are shared)."""
        return (self.low, self.span, self.deltas, self.twin_codes) + _copies((self.overlap, self.touching, self.records, self.order))

    def _count(self, added, removed) -> None:
        """Count cells that became occupied and cells that were freed, and renew the records that changed."""
        changed, low, span = set(), self.low, self.span
        for cells, count in ((added, _count_elements), (removed, _uncount)):
            if cells:
                codes = [(y - low) * span + x - low for x, y in cells]  # the codes of the cells, at rot 0
                for counts, deltas in zip((self.overlap, self.touching), self.deltas):
                    keys = [code + delta for code in codes for delta in deltas]
                    count(counts, keys)
                    changed.update(keys)
        self._renew(changed)

    def _renew(self, keys) -> None:
        """New records for the positions whose counts changed, and their twins; none for those that no longer count."""
        records, order = self.records, self.order
        counted, touched_at, known = self.overlap.get, self.touching.get, records.get
        low, bits = self.low, self.span.bit_length() - 1
        mask, top, twins, new = self.span - 1, 2 * bits, self.twin_codes, []
        for key in keys:
            covered, touched = counted(key, 0), touched_at(key, 0)
            if covered or touched:
                # a copy of a small dict with one or two fields set costs less than a dict made from
                # its five fields: a twin is a copy of the record just made, turned; a position that
                # had a record gets a copy of it with the new counts (records handed out never change).
                # A position and its twins get their records together: one has a record if all do.
                rot, others = twins[key >> top]
                old = known(key)
                if old is None:
                    made = records[key] = {"x": (key & mask) + low, "y": (key >> bits & mask) + low, "rot": rot, "overlap": covered, "touching": touched}
                    new.append(key)
                    for code, rot in others:
                        code += key
                        made = made.copy()
                        made["rot"] = rot
                        records[code] = made
                        new.append(code)
                else:
                    made = records[key] = old.copy()
                    made["overlap"], made["touching"] = covered, touched
                    for code, rot in others:
                        made = made.copy()
                        made["rot"] = rot
                        records[key + code] = made
            else:
                self.overlap.pop(key, None)
                self.touching.pop(key, None)
                if key in records:
                    rot, others = twins[key >> top]
                    for code in (key, *(key + code for code, _ in others)):
                        del records[code]
                        del order[bisect_left(order, code)]
        if new:
            # the new positions, appended and sorted in: faster than one insertion each
            order += new
            order.sort()


class UnturnedCandidates(Candidates):
    """Candidates on a grid whose pieces never turn (`turns: false`): the placements at rot 0 alone."""

    @staticmethod
    def _kind_key(piece, resolution):
        """The kinds of orientation 0 alone, kept apart from those of grids whose pieces turn."""
        return (shape_key(piece, resolution), UNTURNED)

    @staticmethod
    def _make_kind(piece, resolution):
        """The piece's kind at orientation 0 alone."""
        return _unturned_kind(piece, resolution)


class HexCandidates(UnturnedCandidates):
    """Candidates on a hex grid (`cells: hex`): at rot 0 alone, a placement touching the occupied cells among the six
    neighbours of its cells."""

    @staticmethod
    def _kind_key(piece, resolution):
        """The kinds on a hex grid, kept apart from those of square grids (their rings differ)."""
        return (shape_key(piece, resolution), HEX)

    @staticmethod
    def _make_kind(piece, resolution):
        """The piece's kind at orientation 0, its ring the six neighbours of each cell."""
        return _unturned_kind(piece, resolution, HEX_SIDES)


class EveryTurnCandidates(Candidates):
    """Candidates that list every turn, those that look like a lesser one too: for a ruleset whose rules read a
    placement's rot, which gives a turn a meaning its cells may not show."""

    @staticmethod
    def _kind_key(piece, resolution):
        """The kinds of every turn, kept apart from those that leave out the turns that look alike."""
        return (shape_key(piece, resolution), EVERY_TURN)

    @staticmethod
    def _make_kind(piece, resolution):
        """The piece's kind with each of its four turns listed."""
        return _kind(piece, resolution, every_turn=True)


class BoundedCandidates(Candidates):
    """The candidate placements of one piece shape on a grid of fixed size: every position where it fits on the board,
    occupied or not (the board is finite), with the counts of Candidates where it covers or touches a piece."""

    def __init__(self, piece, resolution):
        super().__init__(piece, resolution)
        # by turn: the greatest x and y at which the piece still lies on the board (less than 0: it never fits)
        self.limits = {}
        for rot in self.listed_turns():
            cells = piece_cells(piece, rot, resolution)
            self.limits[rot] = (resolution.width - 1 - max(c[0] for c in cells), resolution.height - 1 - max(c[1] for c in cells))
        self.empty = [{"x": x, "y": y, "rot": rot, "overlap": 0, "touching": 0}
                      for rot, (right, low) in self.limits.items() for y in range(low + 1) for x in range(right + 1)]
        # by turn: the index in ``empty`` of its position (0, 0), and its row's length (the positions are listed in
        # Candidates' order, turn, then y, then x, so that a counted record takes the place of the empty one)
        self.rows, first = {}, 0
        for rot, (right, low) in self.limits.items():
            self.rows[rot] = (first, right + 1)
            first += max(right + 1, 0) * max(low + 1, 0)

    def update(self, layer, charge=_free) -> list:
        """Every position on the board, in Candidates' order: the record Candidates counted where the piece covers or
        touches an occupied cell, an empty one elsewhere (charged one step for each counted record put in its place,
        past Candidates.update's own)."""
        if not layer:
            self._reset(0, 0)
            return list(self.empty)
        found = super().update(layer, charge)
        charge(len(found))
        listed, limits, rows = list(self.empty), self.limits, self.rows
        for record in found:
            rot, x, y = record["rot"], record["x"], record["y"]
            right, low = limits[rot]
            if 0 <= x <= right and 0 <= y <= low:
                first, across = rows[rot]
                listed[first + y * across + x] = record
        return listed


class UnturnedBoundedCandidates(BoundedCandidates, UnturnedCandidates):
    """BoundedCandidates on a board whose pieces never turn: its super().__init__ is UnturnedCandidates' (rot 0 alone)."""


class HexBoundedCandidates(BoundedCandidates, HexCandidates):
    """BoundedCandidates on a hex board (the rhombus x 0..width-1, y 0..height-1): HexCandidates' counts."""


class EveryTurnBoundedCandidates(BoundedCandidates, EveryTurnCandidates):
    """BoundedCandidates that list every turn (EveryTurnCandidates' kinds)."""


def _uncount(counts, keys) -> None:
    """Take one from the count of each key (once per time it is listed)."""
    get = counts.get
    for key in keys:
        counts[key] = get(key, 0) - 1


class _Face:
    """A cell's sub-cells cut into parts: 4-connected sub-cells of equal value (a None sub-cell is in none).

    ``parts`` holds (value, size, marked, first) per part, ``first`` its least sub-cell
    (i, j); ``edges`` are its right, bottom, left and top edges (see ``_edge``).
    """

    __slots__ = ("grid", "marks", "parts", "edges")

    def __init__(self, grid, marks, resolution):
        self.grid, self.marks = grid, marks  # held, so that the ids keying _FACES stay theirs
        r = resolution
        part = [[None] * r for _ in range(r)]
        parts = []
        for i in range(r):  # (i, j) order: a part is found at its least sub-cell
            for j in range(r):
                value = grid[j][i]
                if value is None or part[j][i] is not None:
                    continue
                n = len(parts)
                part[j][i] = n
                stack, size, marked = [(i, j)], 0, False
                while stack:
                    x, y = stack.pop()
                    size += 1
                    marked = marked or bool(marks[y][x])
                    for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                        if 0 <= a < r and 0 <= b < r and part[b][a] is None and grid[b][a] is not None and grid[b][a] == value:
                            part[b][a] = n
                            stack.append((a, b))
                parts.append((value, size, marked, (i, j)))
        self.parts = tuple(parts)
        last = r - 1
        self.edges = (_edge([(grid[k][last], part[k][last]) for k in range(r)]), _edge([(grid[last][k], part[last][k]) for k in range(r)]),
                      _edge([(grid[k][0], part[k][0]) for k in range(r)]), _edge([(grid[0][k], part[0][k]) for k in range(r)]))


_NUMBERS = itertools.count()  # never reused, so what _JOINS keeps stays right when the caches are cleared
_EDGES: dict = {}  # an edge's (value, part) pairs -> its number
_FACES: dict = {}  # (id(grid), id(marks), resolution) -> its _Face
_JOINS: dict = {}  # (edge number, edge number) -> the pairs of parts that meet across the two edges


def _edge(pairs) -> tuple:
    """(number, pairs) of one edge of a face: its sub-cells' (value, part) in order; faces with equal edges share the number."""
    pairs = tuple(pairs)
    try:
        number = _EDGES.get(pairs)
        if number is None:
            number = _EDGES[pairs] = next(_NUMBERS)
    except TypeError:  # a value that is not hashable: an edge of its own
        number = next(_NUMBERS)
    return number, pairs


def _face(grid, marks, resolution) -> _Face:
    """The parts of one cell pattern at one orientation, made once (patterns are shared by ``piece_cells``' cache)."""
    key = (id(grid), id(marks), resolution)
    face = _FACES.get(key)
    if face is None:
        if len(_FACES) >= 100_000:
            _FACES.clear()
            _EDGES.clear()
        face = _FACES[key] = _Face(grid, marks, resolution)
    return face


def _joins(a, b) -> tuple:
    """The pairs (part of a, part of b) that meet across two facing edges: a's right and b's left, or a's bottom and b's top."""
    key = (a[0], b[0])
    found = _JOINS.get(key)
    if found is None:
        if len(_JOINS) >= 100_000:
            _JOINS.clear()
        pairs = []
        for (va, pa), (vb, pb) in zip(a[1], b[1]):
            if pa is not None and pb is not None and (pa, pb) not in pairs and va == vb:
                pairs.append((pa, pb))
        found = _JOINS[key] = tuple(pairs)
    return found


def regions(layer, resolution) -> list:
    """Connected regions of equal value at sub-cell resolution: [{value, size, marked}], largest first.

    Each cell's parts are known ahead (``_Face``); regions join them across the edges of
    neighbouring cells (union-find). Regions of one size come in the order of their
    least sub-cell (x, y), as a scan of the sub-cells finds them.
    """
    if not layer:
        return []
    r = resolution
    at = {}  # cell -> (face, number of its first part)
    count = 0
    faces = _FACES.get
    for cell, (grid, marks) in layer.items():
        face = faces((id(grid), id(marks), r)) or _face(grid, marks, r)
        at[cell] = (face, count)
        count += len(face.parts)
    parent = list(range(count))
    get, kept = at.get, _JOINS.get
    for (x, y), (face, first) in at.items():
        # the cell to the right meets this one's right edge (0) with its left (2); the one below, bottom (1) with top (3)
        for near, side in ((get((x + 1, y)), 0), (get((x, y + 1)), 1)):
            if near is not None:
                edge, other = face.edges[side], near[0].edges[side + 2]
                pairs = kept((edge[0], other[0]))
                for pa, pb in pairs if pairs is not None else _joins(edge, other):
                    # the roots of both parts (halving the paths), the lesser one kept
                    a, b = first + pa, near[1] + pb
                    while parent[a] != a:
                        parent[a] = a = parent[parent[a]]
                    while parent[b] != b:
                        parent[b] = b = parent[parent[b]]
                    if a < b:
                        parent[b] = a
                    elif b < a:
                        parent[a] = b
    found = {}  # root part -> [least sub-cell (x, y), value there, size, marked]
    for (x, y), (face, k) in at.items():
        x, y = x * r, y * r
        for value, size, marked, (i, j) in face.parts:
            root = k if parent[k] == k else _root(parent, k)
            k += 1
            region = found.get(root)
            if region is None:
                found[root] = [(x + i, y + j), value, size, marked]
            else:
                region[2] += size
                if marked:
                    region[3] = True
                where = (x + i, y + j)
                if where < region[0]:
                    region[0], region[1] = where, value
    # largest first; of one size and value text, in the order of their least sub-cells
    listed = list(found.values())
    order = sorted((-size, str(value), where, n) for n, (where, value, size, _) in enumerate(listed))
    return [{"value": listed[n][1], "size": listed[n][2], "marked": listed[n][3]} for _, _, _, n in order]


def hex_regions(layer) -> list:
    """regions() on a hex grid, whose cells are one sub-cell each (resolution 1): cells of equal value joined across
    their six sides, records {value, size, marked} in regions' order (largest first; of one size and value text, in the
    order of their least cell (x, y)). A blank (none) cell is in no region."""
    cells = {cell: (grid[0][0], marks[0][0]) for cell, (grid, marks) in layer.items() if grid[0][0] is not None}
    seen, listed = set(), []
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        todo, size, marked, least = [start], 0, False, start
        for x, y in todo:  # (the list grows as it is walked)
            value, mark = cells[(x, y)]
            size += 1
            marked = marked or bool(mark)
            least = min(least, (x, y))
            for dx, dy in HEX_SIDES:
                near = (x + dx, y + dy)
                if near not in seen and near in cells and cells[near][0] == value:
                    seen.add(near)
                    todo.append(near)
        listed.append((least, cells[least][0], size, marked))
    order = sorted((-size, str(value), where, n) for n, (where, value, size, _) in enumerate(listed))
    return [{"value": listed[n][1], "size": listed[n][2], "marked": listed[n][3]} for _, _, _, n in order]


def _root(parent, a) -> int:
    """The root of part a's set, halving the path on the way."""
    while parent[a] != a:
        parent[a] = a = parent[parent[a]]
    return a
