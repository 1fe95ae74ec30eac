"""A player's view as text for the terminal."""

from __future__ import annotations

import functools
import re

from philtre.dsl.values import attribute_text, component_text, displays, named_values, shown_attributes  # noqa: F401 (play's words)

from .records import HIDDEN, UNCOUNTED, NumberKey, escaped_map, is_back, is_zone_json, key_json
from .views import turn_seat, zone_objects


def _component(c: dict, ruleset=None) -> str:
    """A component of a view as text, with its owner when the view gives one; with the ``ruleset``, only the attributes
    its type's `display:` lists (a view, as a record, holds them all)."""
    return component_text(c, displays(ruleset))


def seen_ids(view: dict) -> set:
    """Ids of the components a view shows (their owners may be shown with them)."""
    zones = [zone for family in view["zones"].values() for zone in zone_objects(family)]
    return {c["id"] for z in zones for c in z.get("components", []) + z.get("revealed", [])}


def _runs(texts: list) -> list:
    """Components told alike one after another as one, with how many: 21 discs are `disc (seat 0) x21`, not 21 names."""
    out: list = []
    for text in texts:
        if out and out[-1][0] == text:
            out[-1][1] += 1
        else:
            out.append([text, 1])
    return [text if n == 1 else f"{text} x{n}" for text, n in out]


def _grouped(texts: list) -> list:
    """Alike texts together, each kind where it first comes: a bag's contents (`order: nobody`) told as how many of
    each kind it holds, `tile god x8`, whose order tells nothing anyway."""
    first: dict = {}
    for text in texts:
        first.setdefault(text, len(first))
    return sorted(texts, key=first.__getitem__)


def shown_sorted(comps: list, names=()) -> list:
    """Components (of a view or a record) in the order a zone's `show_sorted` lists them for people: by the attributes
    ``names``, first to last, each ascending (numbers, then words, then other values, then none and those a component
    lacks; alike ones in the zone's order); as they lie without ``names``. Only text changes: the zone keeps its order."""
    if not names:
        return comps
    return sorted(comps, key=lambda c: sorted_key(c, names))


def sorted_key(c, names) -> tuple:
    """A component's key in the order of a zone's `show_sorted` ``names`` (shown_sorted)."""
    return tuple(_sort_value(c.get(n) if isinstance(c, dict) else None) for n in names)


def _sort_value(v) -> tuple:
    """An attribute value as a key of show_sorted: values of different kinds never compared (1 and 'J' in one hand)."""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return 0, v, ""
    if isinstance(v, str):
        return 1, 0, v
    return (3, 0, "") if v is None else (2, 0, attribute_text(v))


def _zone(z: dict, ruleset=None, order=(), bag=False) -> str:
    """A zone of a view as the board writes it: its components, or how many are hidden and those shown; `empty`, seen
    or not, where the seat may count none in it (an empty zone it may not see read "0 hidden", as if something lay there);
    ``order``: the zone's `show_sorted` (shown_sorted); ``bag``: a zone of `order: nobody`, its alike ones told together."""
    if "components" in z:
        listed = [_component(c, ruleset) for c in shown_sorted(z["components"], order)]
        return "[" + ", ".join(_runs(_grouped(listed) if bag else listed)) + "]" if listed else "empty"
    revealed = shown_sorted(z.get("revealed") or [], order)
    backs = backs_said(z.get("count", 0) - len(revealed), z.get("backs") or [])
    if not revealed:
        return ("empty" if z["count"] == 0 else f"{z['count']} hidden{backs}") if "count" in z else "hidden"
    shown = ", ".join(_runs([_component(c, ruleset) for c in revealed]))  # alike told once, as above
    if "count" not in z:
        return f"hidden (shown: {shown})"
    # (the count is the whole zone's: "17 hidden (shown: 5)" read as 22, and a pile turned face up as "20 hidden")
    unseen = z["count"] - len(revealed)
    return f"{z['count']} (all shown: {shown})" if unseen <= 0 else f"{z['count']} ({unseen} hidden{backs}, shown: {shown})"


def backs_said(hidden: int, backs: list) -> str:
    """' (backs: lastround last; 64 with no back)': the backs of ``hidden`` face-down components, one listed for each
    whose type declares one (a view's, a record's), and how many show none; '' where none shows one. (A deck of 64
    cards and a last-round card read `65 hidden (backs: lastround last)`, as if all 65 showed it: a trial.)"""
    if not backs:
        return ""
    bare = hidden - len(backs)
    return f" (backs: {backs_text(backs)}{f'; {bare} with no back' if bare > 0 else ''})"


def backs_text(backs: list) -> str:
    """The backs of hidden components (a view's or a record's), alike ones one after another told once with how many:
    `face die=1, face die=2`, `token size=4 x2`."""
    return ", ".join(_runs([component_text(b) for b in backs]))


_PALETTE = (31, 32, 34, 33, 35, 36, 91, 92, 94, 93)  # ANSI colours for distinct values


# for a value whose own letters are taken (digits last: a digit reads as that number, 0-9 drawn as their digits)
SPARE_SYMBOLS = "KLMNOPQRSTUVWXYZklmnopqrstuvwxyz#%&@+=~$?0123456789"


def _value_key(value) -> tuple:
    """A sub-cell value as a key: 1, 1.0 and true are three values on the board, though Python's == makes them one."""
    return type(value).__name__, repr(value)


def _digit(value) -> str | None:
    """A whole number 0-9's digit, the character it is drawn as; None for any other value (true, 2.0, 10, '7')."""
    return str(value) if type(value) is int and 0 <= value < 10 else None


def grid_symbols(values) -> dict:
    """{value key: one character} for the distinct sub-cell values, each its own: 0-9 their digits, a value of one
    letter that letter where it is free ('b' b, 'B' B), any other value the first of its own letters that no
    value has in either case, as a capital, then one free in the other case, then a spare one, a digit last ('apple' A,
    'avocado' V, 27 K); another value's initial, in either case, only where no other is free (L5 drawn O beside O4)."""
    symbols, used = {}, set()
    for value in values:  # whole numbers 0-9 first: their digits are theirs whatever else lies on the board (until
        # 2026-12-07 they were A-J, which then took the letters of words: level 1 drawn B beside a worker 'B' drawn b)
        if _digit(value) is not None:
            symbols[_value_key(value)] = _digit(value)
            used.add(_digit(value))
    for value in values:  # then a one-letter word its own letter: 'b' drawn B read as the 'B' beside it
        if type(value) is str and len(value) == 1 and value.isalpha() and value not in used:
            symbols[_value_key(value)] = value
            used.add(value)
    initials = {own[0].lower() for own in map(_own_letters, values) if own}
    for value in values:
        key = _value_key(value)
        if key in symbols:
            continue
        own = _own_letters(value)
        # (another value's initial, in either case, is read as that value: I4 drawn L beside L3 and L5 was misread)
        theirs = initials - {own[0].lower()} if own else initials
        # a letter of its own no other value has in either case first: black B and blue b were told apart by case alone
        apart = [ch.upper() for ch in own if len(ch.upper()) == 1 and ch.upper() not in used and ch.lower() not in used]  # ('ß' is 'SS')
        wanted = apart + [ch.upper() for ch in own[:1]] + [ch.lower() for ch in own[:1]] + own[1:] + [ch.upper() for ch in own[1:]]
        wanted += list(SPARE_SYMBOLS)
        trusted = [ch for ch in wanted if ch.lower() not in theirs]  # (where none is free, another's initial, as before)
        symbols[key] = next((ch for ch in trusted + wanted if ch not in used), "?")
        used.add(symbols[key])
    return symbols


def _own_letters(value) -> list:
    """The letters of a value as drawn, its digits left out (27 drawn 2 read as the number 2)."""
    return [ch for ch in plain(value) if ch.isalnum() and not ch.isdigit()]


def grid_legend(values, symbols, blank: bool = False, marked: bool = False, dots: str | None = None) -> str:
    """'A=apple, V=avocado, K=27; * is a mark': the symbols the drawing uses, each with its value (and the blank's,
    where a piece has blank cells; the mark's where one is drawn; the dot's, ``dots``, where one is). A value drawn as
    itself ('b' b) is not named: 'b=b, B=B' said nothing. Every other value is named, however many (a trial's
    legend stopped at 12, "and 6 more", and the letters drawn after them were named nowhere); the board wraps it."""
    named = [f"{symbols[_value_key(v)]}={plain(v)}" for v in values if symbols[_value_key(v)] != plain(v)]
    told = [", ".join(named)] if named else []
    return "; ".join(told + [f"{BLANK_SYMBOL} is blank"] * blank + ["* is a mark"] * marked + [f". is {dots}"] * bool(dots))


BLANK_SYMBOL = "-"  # a blank sub-cell (none): covered by a piece, of no value (docs/language.md, Grids)
DRAWN_SYMBOLS = ".*"  # what a drawing shows that is no value: an empty cell (or no cell), a mark
_NO_BLANK = object()
MAX_DRAWN_CELLS = 10_000  # a grid drawn as text spans at most this many cells (a hundred by a hundred)


def _as_themselves(values, blank: bool) -> dict | None:
    """{value key: the character} where every value is one printable character, no space, or a whole number 0-9 (its
    digit), no two the same character and none the drawing shows for something else (a dot, a mark, the blank where a
    piece has one): each is drawn as itself ('+', '-', '|' of a board of lines, which were drawn K, L, M; levels 1-4
    beside workers 'A' and 'B'); None otherwise."""
    taken = set(DRAWN_SYMBOLS) | ({BLANK_SYMBOL} if blank else set())
    drawn = [_digit(v) or (v if type(v) is str and len(v) == 1 and v.isprintable() and not v.isspace() else None)
             for v in values]
    if None in drawn or taken & set(drawn) or len(set(drawn)) < len(drawn):  # (a word '1' beside the number 1)
        return None
    return {_value_key(v): ch for v, ch in zip(values, drawn)}


def _drawn_order(values) -> list:
    """Sub-cell values in the order they are given symbols and named in a legend: numbers by value, then the others by text."""
    return sorted(values, key=lambda v: (not isinstance(v, (int, float)) or isinstance(v, bool),
                                         v if isinstance(v, (int, float)) and not isinstance(v, bool) else 0, plain(v)))


@functools.lru_cache(maxsize=16)
def pieces_values(ruleset, nplayers: int, resolution: int) -> tuple:
    """Every sub-cell value the ruleset's pieces show on a grid of this resolution, in _drawn_order, the blank (none)
    last where a piece has one: a drawing gives them their symbols all at once, so that a value keeps its symbol for the
    whole game (a value 'b' drawn B while no 'B' was on the board, then b beside a 'B' drawn B, was read as the other
    value), and a value drawn as itself is so before and after a piece with a blank lies on the board."""
    from philtre.dsl import geometry

    found, kinds = {}, set()
    for comp in ruleset.layout(nplayers).components:
        if "cells" not in comp or comp.signature in kinds:
            continue
        kinds.add(comp.signature)
        try:
            cells = geometry.piece_cells(comp, 0, resolution)
        except (geometry.GeometryError, TypeError, ValueError):  # (a piece that cannot lie on a grid shows nothing there)
            continue
        for _, _, grid, _ in cells:
            for row in grid:
                for v in row:
                    found.setdefault(_value_key(v), v)
    blank = found.pop(_value_key(None), _NO_BLANK) is not _NO_BLANK
    return tuple(_drawn_order(found.values())) + (None,) * blank


def render_grid(zone: dict, resolution: int, colour: bool = False, every=(), labels=None, hexes: bool = False) -> tuple[str, list[str]]:
    """A grid zone's visible top layer as text, and its legend: each cell R x R characters, a mark as '*'. ``every``:
    the values the ruleset's pieces may show (pieces_values), each given its symbol whether or not it lies there now;
    ``labels``, a board's names of its columns and rows (the zone's `labels`), drawn along its edges for the numbers;
    ``hexes``, a hex grid (`cells: hex`): each row drawn half a cell right of the one above, so that the cells a cell
    touches, (x+1, y-1) and (x-1, y+1) among them, are the ones drawn next to it."""
    from philtre.dsl import geometry

    blank_shown = any(v is None for v in every)  # (a piece with a blank: '-' is the blank's, no value's)
    every = [v for v in every if v is not None]

    pieces, placed = _laid(zone)
    layer = geometry.top_layer(pieces, placed, resolution)
    if type(resolution) is geometry.Bounded:  # a board of fixed size: drawn whole, its empty cells too, so its edges show
        xs, ys = [0, resolution.width - 1] + [x for x, _ in layer], [0, resolution.height - 1] + [y for _, y in layer]
    elif not layer:
        return "nothing placed yet", ["  (empty)"]
    else:
        xs = [x for x, _ in layer]
        ys = [y for _, y in layer]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if width * height > MAX_DRAWN_CELLS:  # pieces far apart: the drawing would be mostly empty, and huge
        return "too large to draw", [f"  ({len(layer)} cells over {width} x {height}, too large to draw: x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)})"]
    distinct = {}
    for grid, _ in layer.values():
        for row in grid:
            for v in row:
                distinct.setdefault(_value_key(v), v)
    # a blank (none) sub-cell is no value of the board: drawn '-' and named so, not as a value called "none" (N)
    blank = distinct.pop(_value_key(None), _NO_BLANK) is not _NO_BLANK
    values = _drawn_order(distinct.values())
    given = {_value_key(v) for v in every}
    # (a value no piece declares, which no game should show, given a symbol after them)
    shown = [*every, *(v for v in values if _value_key(v) not in given)]
    symbols = _as_themselves(shown, blank or blank_shown) or grid_symbols(shown)
    order = [_value_key(v) for v in [*every, *values]]
    if any(symbols[_value_key(v)] == "?" for v in values):  # more values than symbols: those on the board each one of their own
        symbols, order = grid_symbols(values), [_value_key(v) for v in values]
    if blank:
        symbols[_value_key(None)] = BLANK_SYMBOL
        order.append(_value_key(None))
    column, row_name = _axis_names(labels)
    # a cell is as wide as its sub-cells, or as its column's number (-10 over a cell of resolution 1): columns apart
    cell_width = max([resolution] + [len(column(x)) for x in range(min(xs), max(xs) + 1)])
    if hexes and cell_width % 2 == 0:  # (a cell and its space an even width: half of it is a row's shift)
        cell_width += 1
    lines = ["     " + "".join(f"{column(x):<{cell_width + 1}}" for x in range(min(xs), max(xs) + 1))]
    marked = dotted = False  # (the legend names '*' and '.' only where the drawing shows them)
    for y in range(min(ys), max(ys) + 1):
        for j in range(resolution):
            row = f"{row_name(y):>3}  " if j == 0 else "     "
            if hexes:
                row += " " * ((y - min(ys)) * (cell_width + 1) // 2)
            for x in range(min(xs), max(xs) + 1):
                cell = layer.get((x, y))
                for i in range(resolution):
                    if cell is None:
                        row += "."
                        dotted = True
                        continue
                    value, mark = cell[0][j][i], cell[1][j][i]
                    key = _value_key(value)
                    marked = marked or bool(mark)
                    ch = "*" if mark else symbols[key]
                    if colour:
                        ch = f"\x1b[{_PALETTE[order.index(key) % len(_PALETTE)]}m{ch}\x1b[0m"
                    row += ch
                row += " " * (cell_width - resolution + 1)
            lines.append(row.rstrip())
    # a board of fixed size draws its empty cells as dots; a grid without edges, the cells no piece covers between them
    dots = ("an empty cell" if type(resolution) is geometry.Bounded else "no cell") if dotted else None
    return grid_legend(values, symbols, blank, marked, dots), lines


def _axis_names(labels) -> tuple:
    """How a drawing names its column x and its row y: by a board's labels, else by the numbers."""
    if labels is None:
        return str, str
    return (lambda x: labels.x[x] if 0 <= x < len(labels.x) else str(x)), (lambda y: labels.y[y] if 0 <= y < len(labels.y) else str(y))


def grid_axes(labels, hexes: bool = False) -> str:
    """How a grid's drawing reads, said in its heading: x across and y down, or a board's labels; on a hex grid, with
    each row shifted half a cell."""
    axes = "x across, y down" if labels is None else f"{labels.x[0]}..{labels.x[-1]} across, {labels.y[0]}..{labels.y[-1]} down"
    return f"hexagons, {axes}, each row half a cell right of the one above" if hexes else axes


def cell_text(ruleset, zone: str, x: int, y: int) -> str:
    """Cell (x, y) of grid ``zone`` as play writes it: d3 where the board names its columns and rows (`labels`), else
    x=3 y=2."""
    spec = ruleset.zones.get(zone) if ruleset is not None else None
    return _named_cell(spec.labels if spec is not None else None, x, y)


def position_labels(ruleset):
    """The labels a position written apart from its grid (an option's `at`) is written by: those every grid of the
    ruleset has alike (a board, or a family of boards), else None (grids labelled differently, or not at all)."""
    found = {spec.labels for spec in ruleset.zones.values() if spec.grid} if ruleset is not None else set()
    return next(iter(found)) if len(found) == 1 else None


def position_text(value: dict, labels=None, unturned: bool = False) -> str:
    """A position {x, y, rot} as play writes it: (x=3, y=2, rot=90), or d3 by a board's ``labels`` ((d3, rot=90));
    its rot left out where ``unturned`` and it is 0."""
    named = labels.cell(value["x"], value["y"]) if labels is not None else None
    rot = "" if unturned and value["rot"] == 0 else f", rot={value['rot']}"
    if named is not None:
        return f"({named}{rot})" if rot else named
    return f"(x={value['x']}, y={value['y']}{rot})"


def _named_cell(labels, x: int, y: int) -> str:
    """Cell (x, y) by a board's ``labels`` (d3), else x=3 y=2."""
    return (labels.cell(x, y) if labels is not None else None) or f"x={x} y={y}"


def _laid(zone: dict) -> tuple:
    """A grid zone's pieces of a view, bottom to top, as the geometry functions take them, and their places (id -> (x,
    y, rot))."""
    comps = {c["id"]: c for c in zone.get("components", [])}
    placed = {p["id"]: (p["x"], p["y"], p["rot"]) for p in zone.get("placements", [])}
    return [_Piece(comps[p["id"]]) for p in zone.get("placements", [])], placed


STACKS_TOLD = 20  # lines of stacks under a drawing before how many more: a board of overlapping tiles stays readable


def stack_lines(zone: dict, resolution: int, ruleset=None, labels=None) -> list:
    """The cells of a grid zone of a view where pieces lie on one another, each with its pieces, the lowest first, as
    lines to follow the drawing, which shows only the top one (a worker on a tower of three hid the tower: a
    trial); cells of the same pieces on one line (two tiles overlapping over four cells); none where no cell has two."""
    from philtre.dsl import geometry

    pieces, placed = _laid(zone)
    cells: dict = {}  # the ids of a stack -> its cells, in the order of the drawing (rows, then columns)
    for (x, y), stack in sorted(geometry.stacks(pieces, placed, resolution).items(), key=lambda item: item[0][::-1]):
        if len(stack) > 1:
            cells.setdefault(tuple(c["id"] for c in stack), (stack, []))[1].append(_named_cell(labels, x, y))
    told = [f"  {', '.join(at)}: {', '.join(_runs([_component(c, ruleset) for c in stack]))}"
            for stack, at in list(cells.values())[:STACKS_TOLD]]
    more = [f"  ... and {len(cells) - STACKS_TOLD} more"] if len(cells) > STACKS_TOLD else []
    return ["stacked (lowest first):", *told, *more] if told else []


class _Piece(dict):
    """A component from a view, usable by the geometry functions (cached by its attributes)."""

    def __init__(self, c):
        super().__init__(c)
        from philtre.dsl.values import _frozen

        self.signature = ("view",) + tuple(sorted((k, _frozen(v)) for k, v in c.items() if k != "id"))


class _Hidden:
    """An entry of a per-seat variable the seat may not see: shown as `hidden`, not as the `{"hidden": true}` a view
    (and a record) puts there."""

    def __repr__(self) -> str:
        return "hidden"

    __str__ = __repr__

    @classmethod
    def each(cls, values) -> list:
        """The entries of a per-seat variable's view or record, those the seat may not see made hidden (a none an
        entry really holds, its own or revealed, stays none)."""
        return [cls() if v == HIDDEN else v for v in values]


def _map_text(value: dict, ruleset=None) -> str:
    """A map of a view's value in the language's words (plain)."""
    return "{" + ", ".join(f"{plain(k, True, ruleset)}: {plain(v, True, ruleset)}" for k, v in value.items()) + "}"


def plain(value, inner: bool = False, ruleset=None) -> str:
    """A view's value in the language's words: true, false, none, not Python's True, False, None; with the ``ruleset``,
    a zone as the language writes it, hand[2] or deck, not the {zone, index} a view holds it as."""
    if value is None or isinstance(value, bool):
        return {None: "none", True: "true", False: "false"}[value]
    if escaped_map(value):  # a map of the rules' with a key `hidden`, which a view writes apart from a hidden entry
        return _map_text(value["value"], ruleset)
    if isinstance(value, dict) and "type" in value and "id" in value:  # a component held in a variable
        return _component(value, ruleset)
    if ruleset is not None and is_zone_json(value) and value["zone"] in ruleset.zones:
        return _where(value, ruleset)  # as the recap tells it
    if isinstance(value, list):
        return "[" + ", ".join(plain(v, True, ruleset) for v in value) + "]"
    if isinstance(value, dict):
        return _map_text(value, ruleset)
    # a word in a list is quoted, as written; a map's number key is no word (NumberKey)
    return repr(value) if inner and isinstance(value, str) and not isinstance(value, NumberKey) else str(value)


# a word read as it is: no space, nor a mark that parts or names values (a list's comma, a map's colon, name=value)
_BARE_WORD = re.compile(r"""[^\s,()\[\]{}:'"=]+""")
_NUMBER_LIKE = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")
_NOT_BARE = frozenset({"none", "true", "false", "hidden"})  # a word spelt like a value the board shows: quoted


def word_text(word: str) -> str:
    """A word as the board shows it: as it is (red, and red? or ?? too, as a map's words and a list's alike), quoted as
    the language quotes it where bare it would read as something else: a number, none, a part of a list ('a, b'), the
    `hidden` of a value the seat may not see."""
    bare = _BARE_WORD.fullmatch(word) and not _NUMBER_LIKE.fullmatch(word) and word not in _NOT_BARE
    return word if bare else repr(word)


def line_word_text(word: str) -> str:
    """A word that is a board line's whole value (`status = seat 1 bids 3 tricks`), as the board shows it: bare where
    nothing follows it on the line to part it from, spaces, commas and colons too; quoted only where bare it would
    read as another value (a number, none, true, false, `hidden`, a list or a map) or its ends would be lost (none
    written, a space at either end). A `show:` definition joining a line of words read `'seat 0 takes income'` (a
    bluffing game's trial)."""
    bare = (word.strip() == word and word and not _NUMBER_LIKE.fullmatch(word) and word not in _NOT_BARE
            and word[0] not in "[{'\"" and "\n" not in word)
    return word if bare else repr(word)


def line_value_text(value, ruleset=None) -> str:
    """A value that is a board line's whole value (`name = VALUE`, a variable's, a shown definition's, a set told): a
    word as line_word_text writes it, any other value as value_text does (a word inside a list still quoted, `[red,
    'a b']`: there a comma or a space parts it from the next)."""
    if isinstance(value, str) and not isinstance(value, NumberKey):
        return line_word_text(value)
    return value_text(value, ruleset)


def value_text(value, ruleset=None) -> str:
    """A variable's value as the board and the recap show it: as the language writes values, true, false and none,
    words as attribute_text shows them (word_text), a component by name, a zone as hand[2]: {colour: red, value: none}."""
    if isinstance(value, _Hidden) or value is None or isinstance(value, bool):
        return plain(value)
    if isinstance(value, str):  # a map's number key, written "7" in JSON, is the number the rules read (NumberKey)
        return str(value) if isinstance(value, NumberKey) else word_text(value)
    if isinstance(value, dict) and "type" in value and "id" in value:  # a component held in a variable
        return _component(value, ruleset)
    if ruleset is not None and is_zone_json(value) and value["zone"] in ruleset.zones:
        return _where(value, ruleset)
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v, ruleset) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{value_text(k, ruleset)}: {value_text(v, ruleset)}" for k, v in value.items()) + "}"
    return str(value)


BOARD_LINE = 100  # a per-seat variable's line longer than this is written one seat a line


def board_order(value, initial):
    """A variable's value (as a view holds it) with each map's keys in the order the board writes them: those of its
    declared ``initial`` value first, in that order, then the others sorted, numbers before words (a dice game's
    score cards, each filled as its seat chose, listed their boxes in as many orders); a list's items, and a map's
    values, with the ``initial`` value's at their place. Only the text changes: the map keeps its order for the rules
    (`for k in m`)."""
    if escaped_map(value):
        return dict(value, value=board_order(value["value"], initial))
    if isinstance(value, list):
        return [board_order(item, initial[i] if isinstance(initial, list) and i < len(initial) else None)
                for i, item in enumerate(value)]
    if not _plain_map(value):  # (a component or a zone held, which the board names, is no map of the rules')
        return value
    declared = {key_json(k): v for k, v in initial.items()} if isinstance(initial, dict) else {}
    keys = [k for k in declared if k in value] + sorted((k for k in value if k not in declared), key=_key_order)
    return {k: board_order(value[k], declared.get(k)) for k in keys}


def _key_order(key) -> tuple:
    """A map's key (a view's text) as board_order sorts those its initial value lacks: numbers by their value, first."""
    return (0, float(key), "") if isinstance(key, NumberKey) else (1, 0, str(key))


def variable_order(name: str, value, ruleset, index=None):
    """board_order for variable ``name`` (``index``: one seat's entry of a per-seat variable), as the board writes it."""
    spec = ruleset.variables[name]
    if spec.per_owner and index is None and isinstance(value, list):
        return [board_order(entry, spec.initial) for entry in value]
    return board_order(value, spec.initial)


MAP_ENTRIES_TOLD = 3  # a map or list set with at most this many entries new or changed is told as those entries


def entry_sets(event: dict, before, ruleset) -> list | None:
    """A `set` of a map or a list (a variable's, or one seat's entry) as the lines of the entries it adds or changes,
    `card[0][fives] = 10`, `counts[5] = 2`, where the seat was told the value ``before``, none of a map's keys goes (a
    list keeps its length), at least one entry stays as it was and at most MAP_ENTRIES_TOLD change (a dice game's 13-box
    card was told whole, three lines, at each box filled; a trial's 14 counts, one a place, were told whole at each
    decision, for two to change); None where the whole value is told (a table too: it is told as the board draws it)."""
    value = event.get("value")
    if type(value) is list and type(before) is list and len(before) == len(value) and not _is_table(value):
        changed = [i for i, item in enumerate(value) if before[i] != item]
    elif _plain_map(before) and _plain_map(value) and set(before) <= set(value):
        changed = [k for k in variable_order(event["variable"], value, ruleset, event.get("index"))
                   if k not in before or before[k] != value[k]]
    else:
        return None
    if not changed or len(changed) > MAP_ENTRIES_TOLD or len(changed) == len(value):
        return None
    index = f"[{event['index']}]" if "index" in event else ""
    return [f"{event['variable']}{index}[{value_text(k, ruleset)}] = {value_text(value[k], ruleset)}" for k in changed]


def _plain_map(value) -> bool:
    """Whether a value told is a map of the rules' written as itself: not hidden, not escaped apart, neither a component
    nor a zone held (which a view writes as a record of its own: value_text names them)."""
    return (type(value) is dict and value != HIDDEN and not escaped_map(value) and not ("type" in value and "id" in value)
            and not is_zone_json(value))


def variable_lines(name: str, value, ruleset, seat, nplayers: int | None = None) -> list:
    """A variable's lines on the board: one (coins = [5, hidden, 7]), or, where that line would be long, a per-seat
    variable's one a seat (known[0] = ...); each entry the seat may not see `hidden`. A value kept a team (`each: team`)
    names the entry of ``seat``'s side (``nplayers`` tells which), as the team's zones are marked: `pot = [4, hidden]
    (your side: pot[0])`, `pot[0] (your side) = ...` an entry a line (a seat's side is numbered as the teams are, not
    as the seat is: seat 2 read pot[0] as another seat's)."""
    spec = ruleset.variables[name]
    value = variable_order(name, value, ruleset)
    side = _side_entry(spec, seat, nplayers)
    if spec.per_owner and isinstance(value, list) and spec.visible != "everyone":
        value = _Hidden.each(value)
    if not spec.per_owner and _is_table(value):
        return [f"  {name} =", *_table_rows(value, ruleset)]
    whole = value_line(name, value, ruleset)
    if not spec.per_owner or not isinstance(value, list) or not (too_long(whole) or any(map(_is_table, value))):
        return [whole + (f" (your side: {name}[{side}])" if side is not None and isinstance(value, list) else "")]
    return _item_lines(name, value, ruleset, side)


def _side_entry(spec, seat, nplayers) -> int | None:
    """The index of ``seat``'s side's entry of a value kept a team (``spec``), or None (another variable, an onlooker,
    the count of players not known)."""
    if not spec.per_team or seat is None or nplayers is None:
        return None
    return next((t for t in range(nplayers) if seat in spec.entry_seats(t, nplayers)), None)


def _item_lines(name: str, value: list, ruleset, side: int | None = None) -> list:
    """A list's lines on the board, an item a line (`known[0] = ...`), an item that is a table (_is_table) drawn as
    its rows under `name[i] =`; item ``side`` (a team's value: the seat's side's) marked `(your side)`."""
    lines = []
    for i, v in enumerate(value):
        named = f"{name}[{i}]" + (" (your side)" if i == side else "")
        lines.extend([f"  {named} =", *_table_rows(v, ruleset)] if _is_table(v) else [value_line(named, v, ruleset)])
    return lines


TABLE_WIDTH = 3  # the fewest items of a row drawn as a table's (a list of pairs is a list of records, not a board)


def _is_table(value) -> bool:
    """Whether a value is a list of lists of one length, of numbers, words and true/false, drawn as rows: a number per
    cell of a board (heights, counts) is read more easily so than as one long line. Its rows have TABLE_WIDTH items or
    more, and it is one from its first row, so that a value keeps one shape at every length: a list of pairs growing a
    pair at a time (a trial's `[[strain, seat], ...]`) read `[[4, 0]]`, then, with two, a table whose column numbers
    0 and 1 meant nothing; it stays one line. A headed table (_headed) is one from two items a row: its labels are the
    author's."""
    return (isinstance(value, list) and len(value) >= 1 and all(isinstance(row, list) for row in value)
            and all(len(row) == len(value[0]) for row in value)
            and (len(value[0]) >= TABLE_WIDTH or (len(value[0]) >= 2 and _headed(value)))
            and all(isinstance(v, (int, float, str)) for row in value for v in row))


def _table_rows(value, ruleset) -> list:
    """A table's rows (_is_table) under a line of its column numbers, each row with its index, its items in columns as
    wide as the widest item or column number (`table[y][x]`: a cell is found by its row, then its column); a headed
    one (_headed) under its own labels instead."""
    if _headed(value):
        return _headed_rows(value)
    texts = [[value_text(v, ruleset) for v in row] for row in value]
    width = max(len(str(len(value[0]) - 1)), *(len(t) for row in texts for t in row))
    label = len(f"[{len(value) - 1}]")
    columns = f"    {'':<{label}}  " + " ".join(f"{x:>{width}}" for x in range(len(value[0])))
    return [columns, *(f"    {f'[{i}]':<{label}}  " + " ".join(f"{t:>{width}}" for t in row) for i, row in enumerate(texts))]


def _headed(value) -> bool:
    """Whether a table (_is_table) labels its own rows and columns: its corner, first row and first column, is the
    empty word '', its first row then the columns' labels and its first column the rows' (a board whose squares are
    named 1-12 across and A-I down, not by 0-based indices)."""
    return len(value) >= 2 and value[0][0] == ""


def _drawn(v) -> str:
    """A headed table's cell or label as drawn: as written, a word unquoted (a drawing for people: '1' is the
    column's name, and an empty square is blank), true/false/none as the language writes them."""
    return plain(v) if v is None or isinstance(v, bool) else str(v)


def _headed_rows(value) -> list:
    """A headed table's rows (_headed): a line of its column labels, then each row after its label, every item drawn
    as written (_drawn), in columns as wide as the widest item or label."""
    texts = [[_drawn(v) for v in row] for row in value]
    label = max(len(row[0]) for row in texts[1:])
    width = max(len(t) for row in texts for t in row[1:])
    return [f"    {'':<{label}}  " + " ".join(f"{t:>{width}}" for t in texts[0][1:]).rstrip(),
            *(f"    {row[0]:<{label}}  " + " ".join(f"{t:>{width}}" for t in row[1:]).rstrip() for row in texts[1:])]


def too_long(line: str) -> bool:
    """Whether a per-seat variable's line (indent and all) is written one seat a line instead: the board's rule, and play's."""
    return len(line) > BOARD_LINE


def seat_sets(event: dict, ruleset) -> list | None:
    """A `set` of a whole per-seat variable whose line would be long, as a `set` of each seat's entry (name[1] = ...),
    a line a seat as the board writes it; None where one line does (or the event is no such set)."""
    value = event.get("value")
    if (event.get("event") != "set" or "index" in event or not isinstance(value, list)
            or not ruleset.variables[event["variable"]].per_owner or not too_long("  " + _said_set(event, ruleset))):
        return None
    return [dict(event, index=i, value=v) for i, v in enumerate(value)]


def table_told(event: dict, ruleset) -> list | None:
    """A `set` whose value is a table (_is_table: one seat's entry, or a variable of one value) told as the board draws
    it, `mine[0] =` and its rows, instead of one long line; None for any other event."""
    value = event.get("value")
    if event.get("event") != "set" or not _is_table(value):
        return None
    if ruleset.variables[event["variable"]].per_owner and "index" not in event:
        return None  # (a whole per-seat value: told a seat a line, each entry so, seat_sets)
    index = f"[{event['index']}]" if "index" in event else ""
    return [f"{event['variable']}{index} =", *_table_rows(value, ruleset)]


def seats_text(seats) -> str:
    """Seats in words: 'seat 1', 'seats 0, 2', or 'nobody'."""
    seats = list(seats)
    if not seats:
        return "nobody"
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + ", ".join(map(str, seats))


def keeps_scores(ruleset) -> bool:
    """Whether the game has scores to tell: a `score` statement, or winners ranked by the score. A game won on the board
    (`winners: "[placer] if won else []"`) has none: every seat's score stays 0, and `scores [0, 0]` read as news."""
    from philtre.dsl.compiler import reads_scores

    from .coverage import blocks_of

    def scores(block) -> bool:
        return any(stmt.kind == "score" or any(scores(inner) for inner in blocks_of(stmt)) for stmt in block)

    return (any(scores(block) for block in ruleset.statement_blocks)
            or any(reads_scores(key.fn) for key in ruleset.winners.keys))


def shown_values(game, seat: int | None = None, seated=()) -> dict:
    """{name: its value as a view holds values, or a RuleFailed} for each definition the ruleset's `show` lists, worked
    out from the game as it is now, for ``seat``'s board: what the board shows after the variables (the loader refused
    one that reads what some seat does not see, R016, so every seat may be shown each). One that reads `me` is worked
    out with `me` the seat (it may read that seat's own hidden things); an onlooker (``seat`` None) is shown none, but
    for each of ``seated`` (the seats played at one terminal, at a hot seat's end, each of which was shown its own
    during the game): `picture (seat 0)`, `picture (seat 1)`."""
    out, turn = {}, _turn_of(game)
    for expr in game.ruleset.shown:
        if expr.text not in game.ruleset.shown_per_seat:
            out[expr.text] = _shown_value(game, expr, turn)
        elif seat is not None:
            out[expr.text] = _shown_value(game, expr, dict(turn, me=seat))
        else:  # (each seat's own value: an onlooker has none, a seat played at the terminal its own)
            out.update((f"{expr.text} (seat {p})", _shown_value(game, expr, dict(turn, me=p))) for p in seated)
    return out


def _shown_value(game, expr, names: dict):
    """A shown definition's value as a view holds values, worked out now with ``names`` (`me`, `current`), or why it
    cannot be (a RuleFailed)."""
    from philtre.dsl.builtins import RuleRuntimeError
    from philtre.dsl.values import explain

    from .records import plain_json

    try:
        return plain_json(expr.fn(game.state, names))
    except (RuleRuntimeError, TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError) as exc:
        # (a definition of the board's top card on an empty pile: the board says so, the game goes on)
        return RuleFailed(str(exc) if isinstance(exc, RuleRuntimeError) else explain(exc))


def _turn_of(game) -> dict:
    """The locals a shown definition is worked out with: `current`, the seat whose turn it is, where the decision the
    game waits for is in a `turns` step (every seat sees whose turn it is; `me`, where it reads it, is the seat looking)."""
    seat = turn_seat(game.state)
    return {} if seat is None else {"current": seat}


class RuleFailed(str):
    """Why a shown definition could not be worked out now (shown_values): the board says so instead of a value."""


def shown_lines(name: str, value, ruleset) -> list:
    """A shown definition's lines on the board, as a variable of one value's (variable_lines): `pot = 3`, a table
    drawn as rows, a list of tables (one a seat) each as its rows under `name[i] =`, as a per-seat variable's are, a
    text of several lines as those lines, under its name, or why it cannot be worked out now."""
    if isinstance(value, RuleFailed):
        return [f"  {name} cannot be worked out now: {value}"]
    if _is_table(value):
        return [f"  {name} =", *_table_rows(value, ruleset)]
    if isinstance(value, list) and value and all(map(_is_table, value)):  # (a table a seat, `[window(p) for p in players]`)
        return _item_lines(name, value, ruleset)
    if isinstance(value, str) and "\n" in value:  # a text drawn for the board (`join(rows, '\n')`): its lines, as written
        return [f"  {name} =", *(f"    {line}".rstrip() for line in value.rstrip("\n").split("\n"))]
    return [value_line(name, value, ruleset)]


def value_line(name: str, value, ruleset) -> str:
    """A board's line of a value, `  pot = 3`; an empty text written as nothing after its name, `  note =`, as a text
    of several lines is its lines under `name =` (a trial's board read `note = ''`, the language's quotes)."""
    if type(value) is str and value == "":
        return f"  {name} ="
    return f"  {name} = {line_value_text(value, ruleset)}"


def render_view(view: dict, ruleset, colour: bool = False, played: bool = False, shown=None, width: int = BOARD_LINE,
                last_roll=None) -> str:
    """Zones, variables, the definitions `show` lists (``shown``: shown_values, their values now), dice and scores
    (where the game keeps them: ``keeps_scores``) as the seat sees them; where ``played``, as `philtre play` shows its
    board before each decision: the zones with nothing in them on one line (`empty: spare, meld[3..16]`: a game's
    helper zones, mostly empty, crowded out the rest), zone, variable and shown lines longer than ``width`` wrapped; its `quiet` zones,
    variables and dice (bookkeeping) always left out; a die the ``last_roll`` (the dice rolled last: last_rolled) did
    not roll marked `(earlier roll)`."""
    # a game without `round` statements stays at round 0: saying so would only puzzle
    heading = "  ".join(filter(None, (f"round {view['round']}" if view["round"] else "",
                                      f"scores {view['scores']}" if keeps_scores(ruleset) else "",
                                      _turn_said(view) if played else "")))
    lines = [heading] if heading else []
    empty = []  # (zone name, index or None, its mark) of each zone read `empty`: said on one line after the others
    for name, zone in view["zones"].items():
        spec = ruleset.zones[name]
        if spec.quiet:  # (bookkeeping: seeds in transit, always empty, told on every board)
            continue
        objects = zone_objects(zone)
        family = []  # (the family's empty zones: many named copies are said by how many, _empty_family)
        for index, one in (enumerate(objects) if isinstance(zone, list) else [(None, zone)]):
            label = spec.label(index)
            mine = _mark(spec, index, view)
            if played and not (spec.grid and isinstance(one, dict) and "placements" in one) and _zone(one, ruleset) == "empty":
                family.append(_empty_entry(spec, index, mine))  # (its mark kept: the seat's own store, once empty, was no longer its)
                continue
            if spec.grid and isinstance(one, dict) and "placements" in one:
                grid = ruleset.layout(len(view["scores"])).grids[name]  # (a board's size may be an expression)
                every = pieces_values(ruleset, len(view["scores"]), int(grid))
                hexes = spec.cells == "hex"
                legend, drawing = render_grid(one, grid, colour, every, spec.labels, hexes)
                lines += wrapped(f"  {label}{mine} ({grid_axes(spec.labels, hexes)}{'; ' + legend if legend else ''}):", width if played else 0)
                lines.extend("  " + line for line in drawing + stack_lines(one, grid, ruleset, spec.labels))
            else:
                lines += wrapped(f"  {label}{mine}: {_zone(one, ruleset, spec.show_sorted, spec.order == 'nobody')}", width if played else 0)
        empty += _empty_family(spec, family, len(objects))
    if empty:
        lines += wrapped(f"  empty: {', '.join(empty_zones_text(empty))}", width if played else 0)
    values = []  # (a long list's line broken after its commas, as a zone's: a trial's `show` of 11 columns
    # was one line of 239 characters; a table's rows, without commas, stay whole)
    # (a text, `join(..., '; ')`, has no commas to break at: broken at its words, a trial's `show` was one line of 463
    # characters under zones wrapped at the terminal's width)
    for name, value in view["variables"].items():
        if not ruleset.variables[name].quiet:  # (bookkeeping, as a quiet zone: the adapter's text showed `chain = none`)
            values.extend((line, _is_text(value)) for line in variable_lines(name, value, ruleset, view["seat"],
                                                                              len(view["scores"])))
    for name, value in (shown or {}).items():
        values.extend((line, _is_text(value)) for line in shown_lines(name, value, ruleset))
    lines += [part for line, text in values for part in wrapped(line, width if played else 0, text)]
    lines += dice_lines({name: view["dice"][name] for name in _unquiet_dice(view["dice"], ruleset)}, width, last_roll)
    return "\n".join(lines)


def _turn_said(view: dict) -> str:
    """Whose turn it is, where the decision awaited is in a `turns` step: `turn: seat 0`, `turn: seat 1 (you)` (a
    seat asked to challenge another's claim had only the account of what happened to tell whose claim it was, and a
    long account is told short); '' elsewhere."""
    current = (view.get("turn") or {}).get("current")
    if current is None:
        return ""
    return f"turn: seat {current}" + (" (you)" if current == view.get("seat") else "")


def dice_lines(dice: dict, width: int = BOARD_LINE, last_roll=None) -> list:
    """The faces the dice show (those rolled), as a roll tells them: on one line where several fit in ``width``, `dice
    show d1: pips=2; d2: pips=5` (five dice took five lines of the board, read die by die), else a
    line a die, `d1 shows pips=2`; a die that ``last_roll`` (the names of the dice rolled last, None: unknown) did not
    roll with its face marked `(earlier roll)`: a trial's roll of four dice showed a fifth's face from an earlier roll,
    read as rolled with the others."""
    faces = {name: " ".join(f"{k}={plain(v)}" for k, v in face.items()) + (
        " (earlier roll)" if last_roll is not None and name not in last_roll else "")
        for name, face in dice.items() if face is not None}
    together = "  dice show " + "; ".join(f"{name}: {face}" for name, face in faces.items())
    if len(faces) > 1 and len(together) <= width:
        return [together]
    return [f"  {name} shows {face}" for name, face in faces.items()]


def last_rolled(events) -> frozenset | None:
    """The names of the dice the last roll rolled: those of the last `roll` event of ``events`` (a record's) and of the
    roll events before it since the decision before it (two `roll` statements of one action are one roll to a player);
    None where no die was rolled yet."""
    rolled, seen = set(), False
    for e in reversed(events):
        kind = e.get("event")
        if kind == "roll":
            rolled.update(e["dice"])
            seen = True
        elif kind == "decision" and seen:
            break
    return frozenset(rolled) if seen else None


NAMED_EMPTY_LISTED = 4  # empty named copies of a family the board names; more are said by how many


def _empty_family(spec, empty: list, size: int) -> list:
    """A family's empty zones as empty_zones_text takes them: more than NAMED_EMPTY_LISTED named copies, which read as
    no range, as one, `coll (all 35)`, or `coll (the other 32)` where the board lists those holding something above
    (a trial's `empty:` line named 32 copies, 538 characters)."""
    if not spec.names or len(empty) <= NAMED_EMPTY_LISTED:
        return empty
    said = f"all {size}" if len(empty) == size else f"the other {len(empty)}"
    return [(f"{spec.name} ({said})", None, "")]


def wrapped(line: str, width: int, text: bool = False) -> list:
    """A board's line longer than ``width`` (0: any) broken after its commas into lines of at most ``width`` where it
    can, each after the first indented under the line's text (a trial's pool of 16 pieces was one line of 600
    characters); a ``text``'s line (a word's value, `name = ...`: _is_text) after its last comma or semicolon in the
    second half of the width, else at its last space, as a text is wrapped (a component's text, in a zone's line, is
    never broken)."""
    if not width or len(line) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    lines, rest = [], line
    named = line.find(" = ")
    start = named + 3 if text and 0 <= named < width // 2 else len(indent) + 1  # (never between a name and its value)
    while len(rest) > width:
        if text:
            cut, after = _text_cut(rest, start, width)
            if cut < 0:
                break
            lines.append(rest[:cut].rstrip())
            rest = indent + rest[after:]
            start = len(indent) + 1
            continue
        cut = rest.rfind(", ", len(indent) + 1, width)  # (the last comma that leaves the line within the width)
        if cut < 0:
            cut = rest.find(", ", width)  # (one item wider than the line: kept whole)
            if cut < 0:
                break
        lines.append(rest[:cut + 1])
        rest = indent + rest[cut + 2:]
    return [*lines, rest]


def _text_cut(line: str, start: int, width: int) -> tuple:
    """Where a text's ``line`` is broken to fit ``width``: (the end of the line kept, where the next begins); after the
    last `, ` or `; ` that leaves it within the width in its second half, else at its last space within it, else at
    the first space after (a word wider than the line kept whole); (-1, -1) where it has no space to break at."""
    mark = max(line.rfind(", ", start, width), line.rfind("; ", start, width))
    if mark >= max(start, width // 2):
        return mark + 1, mark + 2
    space = line.rfind(" ", start, width + 1)
    if space < 0:
        space = line.find(" ", max(start, width))
    return (space, space + 1) if space >= 0 else (-1, -1)


def _is_text(value) -> bool:
    """Whether a board line's value is a text (a word, not a number key): wrapped at its words (``wrapped``)."""
    return type(value) is str


def _mark(spec, index, view) -> str:
    """' (you)' after a zone of the seat looking (hand[0] to seat 0), ' (your side)' after one of its team (meld[1][4]
    to each seat of team 1), else ''."""
    return seat_mark(spec, index, view["seat"], len(view["scores"]))


def seat_mark(spec, index, seat, nplayers: int | None) -> str:
    """_mark for ``seat`` (None: an onlooker, no one's) in a game of ``nplayers``, which a team's zone needs (None: its
    zones unmarked)."""
    if index is None or seat is None or spec is None:
        return ""
    if spec.teamed:
        return " (your side)" if nplayers is not None and seat in spec.seats_of(index, nplayers) else ""
    return " (you)" if spec.owner(index) == seat else ""


def _empty_entry(spec, index, mine: str) -> tuple:
    """An empty zone as empty_zones_text takes it, (name, index or None, mark): one of N zones a seat by its seat's
    name (line[1], its copy as the index), so a seat's empty zones read as one range (line[1][0..4]), unmarked (the
    seat's own zones are marked (you) where they hold something); one of named copies by its word (pile[red]), in
    no range (pile[yellow..red] would name no order anyone knows)."""
    if spec.names:
        return spec.label(index), None, ""
    if not spec.nested:
        return spec.name, index, mine
    seat, copy = divmod(index, spec.copies)
    return f"{spec.name}[{seat}]", copy, ""


def empty_zones_text(empty: list) -> list:
    """The zones ``empty`` ((name, index or None, mark), in the board's order) as words: a zone by its name, with its
    mark (store[1] (you)), a family's runs of unmarked zones one after another as ranges (meld[3..16]; two as meld[3],
    meld[4])."""
    texts, i = [], 0
    while i < len(empty):
        name, index, mark = empty[i]
        end = i + 1
        while index is not None and not mark and end < len(empty) and empty[end] == (name, index + end - i, ""):
            end += 1
        if index is None:
            texts.append(name + mark)
        elif end - i > 2:
            texts.append(f"{name}[{index}..{empty[end - 1][1]}]")
        else:
            texts += [f"{name}[{j}]{m}" for _, j, m in empty[i:end]]
        i = end
    return texts


# -- what happened, in words: one small function per event kind ----------------------------

TOLD_WITH = "told with"  # the key through_quiet marks a move out of a quiet zone with: told on its move in's line


def through_quiet(events: list, ruleset, known=None) -> list:
    """``events`` (a record, as a seat sees it) with each move into a `quiet` zone told as one line with the moves out
    of it that follow before the next decision, where they take out what it put in: the move in, its `to` the zones
    they went to, in turn (`seed x5 from pit[3] to pit[4], pit[5], pit[6]`: a sowing through a hand was a line a seed,
    a trial), and each move out marked TOLD_WITH (event_text tells them nothing); other moves may lie between. Where the
    seat sees a component go in but not come out, or come out but not go in (a trade of two hidden hands through a
    quiet zone), the moves are joined too where ``known`` (quiet_known: the full record beside ``events``) shows that
    the seat may tell it is the same: the zone one it counts, empty before the move in, and the moves out taking out
    exactly what went in; each component is then named as the seat saw it, going in or coming out (a trial's seat was
    told that a hidden component left the quiet zone, of its own card, seen going in). As many events, in their order."""
    out = list(events)
    for i, e in enumerate(events):
        if not _into_quiet(e, ruleset):
            continue
        went, taken = [], []
        for j in range(i + 1, len(events)):
            f = events[j]
            if f.get("event") == "decision" or len(taken) >= len(e["components"]) or _into_quiet(f, ruleset) and f["to"] == e["to"]:
                break
            if f.get("event") == "move" and f["from"] == e["to"] and TOLD_WITH not in out[j] and _counted(f["components"]):
                went.append(j)
                taken += f["components"]
        if not went:
            continue
        components = e["components"]
        if sorted(map(repr, taken)) != sorted(map(repr, components)):  # (those it put in, none else, as the seat sees them)
            components = known.same(events, i, went, ruleset) if known is not None else None
            if components is None:
                continue
        zones = [events[j]["to"] for j in went]
        out[i] = {**e, "components": components, "to": [z for k, z in enumerate(zones) if not k or z != zones[k - 1]], "at": None}
        for j in went:
            out[j] = {**events[j], TOLD_WITH: i}
    return out


class QuietKnown:
    """What through_quiet may read beside a seat's events: the same events as the full record has them (``full``, in
    the same order: their components' ids), the count each quiet zone holds now (``now``: (zone, index) -> count, the
    events running to the record's end), and the seat (None: an onlooker)."""

    def __init__(self, full: list, now: dict, seat):
        self.full, self.now, self.seat = full, now, seat
        self._before = None  # index of each move into a quiet zone -> the count the zone held before it (_counts_before)

    def same(self, events: list, i: int, went: list, ruleset):
        """The components of the move into a quiet zone at ``i`` of ``events`` (the seat's), each as the seat saw it
        going in or coming out, where the seat may tell that the moves out at ``went`` took out what it put in, and only
        that: it counts the zone, which held nothing before the move in and took nothing else in before the last move
        out, and those moves took out those components (their ids in the full record); None where it may not."""
        key = _zone_key(self.full[i]["to"])
        spec = ruleset.zones.get(key[0])
        if key not in self.now or not (spec.count == "everyone" or spec.count == "owner" and self.seat is not None
                                       and spec.owner(key[1]) == self.seat):
            return None
        if self._counts_before().get(i) != 0:
            return None
        for k in range(i + 1, went[-1] + 1):
            change = _count_change(self.full[k], key)
            if change is None or change > 0:
                return None  # (more moved in before the last move out, or moved by another kind of event)
        ids = [c.get("id") for c in self.full[i]["components"]]
        if None in ids or sorted(ids) != sorted(c.get("id") for j in went for c in self.full[j]["components"]):
            return None
        seen = {full.get("id"): told for j in went
                for full, told in zip(self.full[j]["components"], events[j]["components"]) if "id" in told}
        return [told if "id" in told else seen.get(ident, told) for told, ident in zip(events[i]["components"], ids)]

    def _counts_before(self) -> dict:
        """Index of each move into a quiet zone -> how many components the zone held before it, worked out once, back
        from the counts now; none for those before an event other than a move that names the zone (a deal to it)."""
        if self._before is None:
            held, self._before = dict(self.now), {}
            for k in range(len(self.full) - 1, -1, -1):
                for key in [key for key in held if held[key] is not None]:
                    change = _count_change(self.full[k], key)
                    held[key] = None if change is None else held[key] - change
                e = self.full[k]
                if e.get("event") == "move" and held.get(_zone_key(e.get("to"))) is not None:
                    self._before[k] = held[_zone_key(e["to"])]
        return self._before


def quiet_known(game, told_to: list, seat) -> QuietKnown | None:
    """QuietKnown for the events of ``told_to`` (Recorder.told_to pairs, running to the record's end) of ``game``, or
    None where the ruleset has no quiet zone."""
    quiet = [name for name, spec in game.ruleset.zones.items() if spec.quiet]
    if not quiet:
        return None
    now = {(name, i): len(zone) for name in quiet for i, zone in enumerate(game.state.zones[name])}
    return QuietKnown([game.recorder.events[i] for i, _ in told_to], now, seat)


def _zone_key(z) -> tuple:
    """(zone, index) of a record's zone reference (an index is a whole number, a seat's copy's too); (None, None) for
    anything else."""
    return (z.get("zone"), z.get("index")) if isinstance(z, dict) else (None, None)


def _count_change(event: dict, key: tuple):
    """How many components ``event`` (of the full record) put into the zone ``key`` (less those it took out), or None
    where an event other than a move names the zone as where components come from or go (a deal, a gather)."""
    if event.get("event") == "move" and isinstance(event.get("to"), dict) and isinstance(event.get("from"), dict):
        return len(event["components"]) * ((_zone_key(event["to"]) == key) - (_zone_key(event["from"]) == key))
    named = [z for field in ("from", "to") for z in (event.get(field) if isinstance(event.get(field), list) else [event.get(field)])]
    return None if any(_zone_key(z) == key for z in named) else 0


JOINED = "joined"  # the key moves_joined gives the first of a run of moves into one zone: the run's (from, components)
PLACED_ALL = "placed_all"  # the key moves_joined gives the first move of a run of places out of a quiet zone: their pieces
PLACED_BY = "placed_by"  # the key placed_by_told gives a `place` event: the statement that made it (Recorder.placed_by)


def placed_by_told(told_to: list, placed_by: dict) -> list:
    """``told_to`` ((index, event) pairs: Recorder.told_to) with each `place` event marked PLACED_BY, the statement
    whose run made it (``placed_by``: Recorder.placed_by), for moves_joined."""
    return [(i, {**e, PLACED_BY: placed_by[i]} if i in placed_by else e) for i, e in told_to]


def moves_joined(events: list, ruleset) -> list:
    """``events`` (a record, as a seat sees it, through_quiet's) with each run of moves one after another from zones of
    one family (z[0], z[1], ...) into one zone, as one `move` of a family makes them, told as one line: the
    first marked JOINED, the run's sources and their components in turn, the others TOLD_WITH (event_text tells them
    nothing). A trial's cards gathered from a family's zones into one were a line each, repeating the cards each seat
    had just seen arrive there, where a deal is told compactly. So is each run of pieces one `place` statement put
    one after another out of one quiet zone onto one grid (places_joined). As many events, in their order."""
    def run_end(events: list, i: int) -> int:
        end, sources = i + 1, [events[i].get("from")]
        while _joinable(events[i], ruleset) and end < len(events) and _joinable(events[end], ruleset) \
                and _joins(events[i], events[end]) and events[end]["from"] not in sources:
            sources.append(events[end]["from"])
            end += 1
        return end

    events = spread_joined(places_joined(events, ruleset), ruleset)
    return _runs_told_as_one(events, run_end, JOINED, lambda f: (f["from"], f["components"]))


def _runs_told_as_one(events: list, run_end, key: str, part) -> list:
    """``events`` with each run of two or more events from ``i`` to ``run_end(events, i)`` told as one line: the first
    marked ``key``, ``part`` of each event of the run in turn, the others TOLD_WITH (moves_joined, spread_joined)."""
    out, i = list(events), 0
    while i < len(events):
        end = run_end(events, i)
        if end - i > 1:
            out[i] = {**events[i], key: [part(f) for f in events[i:end]]}
            out[i + 1:end] = [{**f, TOLD_WITH: i} for f in events[i + 1:end]]
        i = end
    return out


def places_joined(events: list, ruleset) -> list:
    """``events`` with each run of two or more pieces placed one after another by one `place` statement (PLACED_BY: a
    `for` placing each) from one zone declared `quiet` onto one grid, each a move and its place, told as one line,
    `12 markers from supply placed on board` (a trial's set-up was 29 lines, one a piece marking a cell, before the
    first board, which shows where each lies): the first move marked PLACED_ALL, the run's pieces, the others TOLD_WITH. Only
    pieces the seat sees both leave the zone and lie on the grid are joined, so the count tells it nothing new."""
    out, i = list(events), 0
    while i < len(events):
        end = i
        while end + 1 < len(events) and _placed_from_quiet(events[end], events[end + 1], ruleset) and (
                end == i or (events[end]["from"], events[end]["to"], events[end + 1][PLACED_BY])
                == (events[i]["from"], events[i]["to"], events[i + 1][PLACED_BY])):
            end += 2
        if end - i > 2:
            out[i] = {**events[i], PLACED_ALL: [events[j]["components"][0] for j in range(i, end, 2)]}
            out[i + 1:end] = [{**e, TOLD_WITH: i} for e in events[i + 1:end]]
        i = max(end, i + 1)
    return out


SPREAD = "spread"  # the key spread_joined gives the first of a run of moves out of one zone into a family: the run's (to, components)


def spread_joined(events: list, ruleset) -> list:
    """``events`` with each run of two or more moves one after another out of one zone into zones of one family, each
    zone once, where that zone or that family is declared `quiet` (a `for` moving a piece a zone: a trial's random
    set-up from a seat's hidden zone to its family of zones was 40 lines a seat), told as one line, `40 pieces from
    bag[0] to slot[0][60..99]`: the first marked SPREAD, the run's destinations and their components in turn, the others TOLD_WITH.
    Only moves the seat is told alike are joined (every component seen, or every one hidden), none onto or off a grid
    (a piece's cell is told with it). As many events, in their order."""
    def run_end(events: list, i: int) -> int:
        end = i + 1
        if _spreads(events[i], ruleset):
            family, seen = events[i]["to"]["zone"], _seen_all(events[i]["components"])
            into = {events[i]["to"]["index"]}
            while end < len(events) and _spreads(events[end], ruleset) and events[end]["from"] == events[i]["from"] \
                    and events[end]["to"]["zone"] == family and events[end]["to"]["index"] not in into \
                    and _seen_all(events[end]["components"]) == seen:
                into.add(events[end]["to"]["index"])
                end += 1
        return end

    return _runs_told_as_one(events, run_end, SPREAD, lambda f: (f["to"], f["components"]))


def _spreads(event: dict, ruleset) -> bool:
    """Whether ``event`` is a move spread_joined may join: told on its own line, a count the seat is told, its
    components all seen or all hidden, from a zone to one of a family (numbered by its index), one of the two
    declared `quiet`, neither a grid."""
    if event.get("event") != "move" or TOLD_WITH in event or JOINED in event or PLACED_ALL in event \
            or event.get("at") is not None or not _counted(event.get("components")):
        return False
    source, to = event.get("from"), event.get("to")
    if not (isinstance(source, dict) and isinstance(to, dict) and isinstance(to.get("index"), int)  # (a seat's copy's too)
            and not isinstance(to["index"], bool)) or \
            _seen_all(event["components"]) is None:
        return False
    spec, into = ruleset.zones.get(source.get("zone")), ruleset.zones.get(to.get("zone"))
    return (spec is not None and into is not None and into.kind != "single" and not into.names
            and (spec.quiet or into.quiet) and not spec.grid and not into.grid)


def _seen_all(comps: list):
    """True where the seat sees every one of ``comps`` by name, False where it sees none, None for a mix."""
    named = {_named(c) for c in comps}
    return next(iter(named)) if len(named) == 1 else None


def _said_spread(e, rs, seat=None, nplayers=None, every=False) -> str:
    """A run of moves out of one zone into a family's zones (spread_joined), counted, the zones they went to as ranges,
    as the board's empty zones are (`40 pieces from bag[0] to slot[0][60..99]`); where the seat sees them, named too, in
    the order of those zones, as a deal names a hand (``every``, replay --text, which draws no board: each; play:
    where they are of KINDS_TOLD kinds at most), but where all are alike (`12 seeds`); another seat's hidden ones
    counted alone (`40 hidden components`)."""
    comps = [c for _, moved in e[SPREAD] for c in moved]
    zones = ", ".join(empty_zones_text([_empty_entry(rs.zones[to["zone"]], to["index"], "") for to, _ in e[SPREAD]]))
    if not _seen_all(comps):
        return f"{len(comps)} hidden components from {_where(e['from'], rs)} to {zones}"
    said = f"{_how_many(comps)} from {_where(e['from'], rs)} to {zones}"
    kinds = len({_thing(c, rs) for c in comps})  # (one kind: the count names them all, `12 seeds`)
    if kinds > 1 and (every or kinds <= KINDS_TOLD):
        said += f": {_things(comps, rs, None)}"
    return said


def _placed_from_quiet(move: dict, place: dict, ruleset) -> bool:
    """Whether ``move`` takes one piece the seat sees out of a zone declared `quiet` to a grid, and ``place`` (the event
    after it) puts that piece on that grid where the seat sees it, by a statement known (places_joined)."""
    if move.get("event") != "move" or TOLD_WITH in move or JOINED in move or place.get("event") != "place":
        return False
    comps, source = move.get("components"), move.get("from")
    if not (isinstance(comps, list) and len(comps) == 1 and _named(comps[0]) and isinstance(source, dict)):
        return False
    spec = ruleset.zones.get(source.get("zone"))
    return (spec is not None and spec.quiet and PLACED_BY in place and TOLD_WITH not in place and place.get("zone") == move.get("to")
            and _named(place.get("component")) and place["component"].get("id") == comps[0]["id"] and isinstance(place.get("at"), dict))


def _said_placed_all(e, rs) -> str:
    """A run of pieces placed out of a quiet zone (places_joined), counted: the board drawn after shows where each lies."""
    return f"{_how_many(e[PLACED_ALL])} from {_where(e['from'], rs)} placed on {_where(e['to'], rs)}"


def _joinable(event: dict, ruleset) -> bool:
    """Whether ``event`` is a move moves_joined may join: from one zone of a family numbered by its index, off no grid
    and onto none (a piece's cell is told with it), a count the seat is told, told on its own line (not through_quiet's)."""
    if event.get("event") != "move" or TOLD_WITH in event or not _counted(event.get("components")):
        return False
    source, to = event.get("from"), event.get("to")
    if not (isinstance(source, dict) and isinstance(to, dict) and type(source.get("index")) is int):
        return False
    spec, into = ruleset.zones.get(source.get("zone")), ruleset.zones.get(to.get("zone"))
    return spec is not None and into is not None and spec.kind != "single" and not spec.names and not spec.grid and not into.grid


def _joins(first: dict, event: dict) -> bool:
    """Whether move ``event`` goes where ``first`` went, from another zone of its family (moves_joined)."""
    return event["to"] == first["to"] and event.get("at") == first.get("at") and event["from"]["zone"] == first["from"]["zone"]


def _said_joined(e, rs, seat=None, nplayers=None) -> str:
    """A run of moves from zones of one family into one zone (moves_joined), as ``seat`` (None: an onlooker) is told it:
    the components from zones it sees counted, their zones as ranges, as the board's empty zones are (`4 cards from
    z[0..3] to y`: it saw each arrive there); those from zones it does not see named as a move names them. Where the
    destination shows them to the seat and some are named so, all are named alike (a trial's `card art=26 from
    offered[0]; 1 card from offered[1]; card art=56 from offered[2] to table` counted the seat's own card alone)."""
    parts: list = []
    seen: list = []  # (the sources the seat sees, one after another: told together)
    sees = [spec is not None and spec.sees_contents(source["index"], seat, nplayers) and all(_named(c) for c in comps)
            for source, comps in e[JOINED] for spec in [rs.zones.get(source["zone"])]]
    if not all(sees) and _shows_destination(e, rs, seat, nplayers) and \
            any(all(_named(c) for c in comps) for (_, comps), seen_here in zip(e[JOINED], sees) if not seen_here):
        sees = [False] * len(sees)  # each named as a move names it
    for (source, comps), counted in zip([*e[JOINED], (None, None)], [*sees, False]):
        if counted:
            seen.append((source, comps))
            continue
        if seen:
            zones = empty_zones_text([_empty_entry(rs.zones[z["zone"]], z["index"], "") for z, _ in seen])
            parts.append(f"{_how_many([c for _, moved in seen for c in moved])} from {', '.join(zones)}")
            seen = []
        if source is not None:
            parts.append(f"{_moved(comps, rs)} from {_where(source, rs)}")
    return f"{'; '.join(parts)} to {_destination(e, rs)}"


def _shows_destination(e, rs, seat, nplayers) -> bool:
    """Whether the zone a move went to shows ``seat`` (None: an onlooker) what it holds."""
    to = e.get("to")
    spec = rs.zones.get(to.get("zone")) if isinstance(to, dict) else None
    return spec is not None and spec.sees_contents(to.get("index"), seat, nplayers)


def _named(c) -> bool:
    """Whether a moved component is told by name (not hidden, nor a back alone)."""
    return isinstance(c, dict) and "type" in c and "id" in c


def _how_many(comps: list) -> str:
    """Components counted, by their type where they share one: `4 cards`, `1 card`, `3 components`."""
    types = {c["type"] for c in comps}
    word = next(iter(types)) if len(types) == 1 else "component"
    if len(comps) == 1:
        return f"1 {word}"
    # (a type's name that takes no bare s, box or penny, counted as components: no plural is guessed wrong)
    return f"{len(comps)} {'components' if word.endswith(('s', 'x', 'z', 'ch', 'sh', 'y')) else word + 's'}"


def _into_quiet(event: dict, ruleset) -> bool:
    """Whether ``event`` moves components, as many as the seat is told, into a zone the ruleset marks `quiet`."""
    if event.get("event") != "move" or not isinstance(event.get("to"), dict) or not _counted(event.get("components")):
        return False
    spec = ruleset.zones.get(event["to"].get("zone"))
    return spec is not None and spec.quiet


def _counted(comps) -> bool:
    """Whether a move's ``components`` say how many moved (the record hides the count of some moves: UNCOUNTED)."""
    return isinstance(comps, list) and bool(comps) and UNCOUNTED not in comps


LABELS = "labels"  # the key with_labels gives a decision: its labelled choices' texts, told in their values' place


def with_labels(events: list, labels: dict) -> list:
    """``events`` with each decision of an action that labels some of its choices (`label:`; ``labels``, options.
    value_labels) given their texts (LABELS: name -> text), told in place of the values (`rob(h=ore 10)`, not `rob(h=4)`,
    as play lists it); a value hidden from the seat is not labelled. The record keeps the values."""
    if not labels:
        return events
    out = []
    for e in events:
        if e.get("event") == "decision":
            texts = {}
            for name, value in e["args"].items():
                label = labels.get((e["action"], name))
                text = label(value) if label is not None and value != HIDDEN and value is not None else None
                if text is not None:
                    texts[name] = text
            e = {**e, LABELS: texts} if texts else e
        out.append(e)
    return out


CHANGED = "changed"  # the key kind_changes marks the first move off a cell of a fold with: what it tells, on its line


def changes_text(change: dict, ruleset) -> str:
    """Pieces swapped for pieces of another kind where they lay, as one line (kind_changes): the grid, the cells, and
    what lay there before and after, `board x=3 y=2, x=3 y=3: disc (seat 0) -> disc (seat 1)` (`board d3, d4: ...` by the
    board's labels, as its moves and places are told)."""
    labels = _labels_of(change["zone"], ruleset)
    cells = ", ".join(_cell_text(cell, labels) for cell in change["cells"])
    return f"{_where(change['zone'], ruleset)} {cells}: {_thing(change['was'], ruleset)} -> {_thing(change['now'], ruleset)}"


def event_text(event: dict, ruleset, placed=None, seat=None, nplayers: int | None = None, every: bool = False) -> str | None:
    """One line telling a filtered record event (records.md), or None for one not worth telling (a shuffle); ``seat``,
    the seat whose record it is (None: an onlooker's, or the full record), names the cards dealt to a zone it sees
    (``nplayers``, the game's count of players, tells which seats a team's zone is seen by: each seat of the team),
    every one of them with ``every`` (replay --text, which draws no board that lists them).

    A move or a deal whose count the record hides (``{"hidden": true, "count": null}``) does not say how many. With
    ``placed`` (id -> (x, y, rot): where each piece lay on a grid before the event), a decision names a piece with its
    place, as the options listed it (which of four alike pieces moved), and a move or a gather of pieces off a grid
    the cells they left (`disc (seat 1) from board at x=3 y=3 to supply[1]`)."""
    if TOLD_WITH in event:  # (a move out of a quiet zone, told on the line of the move into it: through_quiet; a
        # piece's change of kind, on the line of the first alike: kind_changes)
        return None
    if CHANGED in event:
        return changes_text(event[CHANGED], ruleset)
    if JOINED in event:
        return _said_joined(event, ruleset, seat, nplayers)
    if PLACED_ALL in event:
        return _said_placed_all(event, ruleset)
    if SPREAD in event:
        return _said_spread(event, ruleset, seat, nplayers, every)
    if placed and event.get("event") in PLACED_WORDS:
        return PLACED_WORDS[event["event"]](event, ruleset, placed)
    if seat is not None and event.get("event") == "deal":
        return _said_deal(event, ruleset, seat, nplayers, every)
    words = EVENT_WORDS.get(event.get("event"))
    return None if words is None else words(event, ruleset)


def placed_from_text(move: dict, place: dict, ruleset) -> str:
    """A `place` of a piece from another zone, told once: its move and where it was placed (the record keeps the two
    events: piece from supply[0] to board, then piece placed on board at x=2 y=4 rot=0)."""
    return _said_place(place, ruleset, f" from {_where(move['from'], ruleset)}")


def _where(z: dict, ruleset) -> str:
    """A zone reference as the language writes it: deck, or hand[2]."""
    spec = ruleset.zones.get(z["zone"])
    return spec.label(z["index"]) if spec is not None else f"{z['zone']}[{z['index']}]"


def _thing(value, ruleset, placed=None) -> str:
    """A decision's argument or a moved component, as far as the seat may know it; a piece in ``placed`` (id -> (x, y,
    rot)) with where it lies (its rot left out where None: play's, for a piece that turning changes nothing of)."""
    if value == HIDDEN:
        return "a hidden component"
    if is_back(value):
        return f"a hidden component (back: {component_text(value['back'])})"
    if isinstance(value, dict) and "type" in value and "id" in value:
        at = placed.get(value["id"]) if placed else None
        return _component(value, ruleset) + (f" at {_cell_text(at, position_labels(ruleset))}" if at else "")
    if is_zone_json(value):
        return _where(value, ruleset)
    if isinstance(value, dict) and {"x", "y", "rot"} <= set(value):  # a placement, as the options list it
        return position_text(value, position_labels(ruleset))
    if isinstance(value, list):
        return "[" + ", ".join(_thing(v, ruleset, placed) for v in value) + "]"
    if isinstance(value, dict):  # a map, as the board and the options write it: {a: 2, b: none} (a record's keys are
        # written in the language's words already, records.key_json: none, card#8, hand[1])
        return "{" + ", ".join(f"{k}: {_thing(v, ruleset, placed)}" for k, v in value.items()) + "}"
    return value_text(value)  # a word as the options write it: 'two words', not two words


def _cell_text(at: tuple, labels=None) -> str:
    """A piece's place (x, y, rot) as play writes it: `x=3 y=3 rot=1` (`d4 rot=1` by a board's ``labels``), its rot
    left out where None (play's, for a piece that turning changes nothing of)."""
    return f"{_named_cell(labels, at[0], at[1])}{'' if at[2] is None else f' rot={at[2]}'}"


PLACES_TOLD = 4  # pieces taken off a grid at once whose cells a move names: a board cleared is told without its 64


def _cells_left(comps: list, placed, labels=None) -> str:
    """Where the pieces a move takes off a grid lay, in their order, as words to follow the zone they left (` at x=3
    y=3`, ` at x=3 y=3, x=4 y=4`: which of the alike discs went, as the options name a cell); '' where one of them
    lay nowhere the seat was told of, or there are more than PLACES_TOLD."""
    cells = [placed.get(c["id"]) if isinstance(c, dict) and "id" in c else None for c in comps] if placed else [None]
    if None in cells or not cells or len(cells) > PLACES_TOLD:
        return ""
    return " at " + ", ".join(_cell_text(cell, labels) for cell in cells)


KINDS_TOLD = 6  # kinds a move of many names before it says how many more: a line stays readable


def _things(comps: list, ruleset, most: int | None = 4) -> str:
    """The components by name in order, alike ones one after another told once with how many; more than ``most``
    names (None: no limit), each kind once with how many, as a bag's board tells them, past KINDS_TOLD kinds how many more."""
    texts = _hidden_together(comps, [_thing(c, ruleset) for c in comps])
    names = _runs(texts)
    if most is None or len(names) <= most:
        return ", ".join(names) or "nothing"
    # (a hand played out was told '5 components', though the seat saw each: its kinds say more than its order, which
    # the board shows where it matters)
    told = set(list(dict.fromkeys(texts))[:KINDS_TOLD])
    more = sum(text not in told for text in texts)
    return ", ".join(_runs(_grouped(texts))[:KINDS_TOLD]) + (f" and {more} more" if more else "")


def _hidden_together(comps: list, texts: list) -> list:
    """``texts`` of ``comps`` with the hidden ones told as one where two or more show their backs, where the first lies,
    as the board's zone lines tell them (`5 hidden (backs: face die=1, face die=2, ...)`): each told `a hidden
    component (back: ...)` made a roll of five hidden dice a line of five (a trial)."""
    hidden = [i for i, c in enumerate(comps) if c == HIDDEN or is_back(c)]
    backs = [comps[i]["back"] for i in hidden if is_back(comps[i])]
    if len(hidden) < 2 or not backs:  # (alike ones without backs stay `a hidden component x3`)
        return texts
    gone = set(hidden[1:])
    told = [text for i, text in enumerate(texts) if i not in gone]
    told[hidden[0]] = f"{len(hidden)} hidden{backs_said(len(hidden), backs)}"  # (those left out all lay after it)
    return told


def _said_decision(e, rs, placed=None):
    from .options import written_out

    values = _choices_of_values(rs, e["action"])
    # (an argument that is none left out, as the option's label leaves it: the record keeps it)
    labels = e.get(LABELS) or {}  # (a choice's `label:`, with_labels)
    args = [(k, "hidden" if k in values and v == HIDDEN else labels.get(k) or _thing(v, rs, placed)) for k, v in e["args"].items()
            if v is not None]
    return f"seat {e['player']}: {written_out(e['action'], args)}"


def _choices_of_values(rs, action: str) -> set:
    """The choices of an action that are values, not components (a placement hidden where the piece lies on a grid
    the seat does not see is said 'hidden', not 'a hidden component')."""
    spec = getattr(rs, "actions", {}).get(action)
    return {p.name for p in getattr(spec, "params", ()) if getattr(p.domain, "type", None) not in ("zone", ("list", "comp"))}


def _said_move(e, rs, placed=None):
    left = _cells_left(e["components"], placed, _labels_of(e["from"], rs))
    return f"{_moved(e['components'], rs)} from {_where(e['from'], rs)}{left} to {_destination(e, rs)}"


def depths_told(told_to: list, on_top: dict, seat) -> list:
    """The events of ``told_to`` ((index, event) pairs: Recorder.told_to), each move at a depth equal to the count its
    destination held (``on_top``: their indices -> the seats that count that zone, Recorder.on_top) told to ``seat``
    (None: an onlooker) as a move on top, without its `at`, where it counts that zone (a trial's piece laid at
    the zone's count was told `to ZONE, 2 from the bottom`); to a seat that does not, the depth, which tells it no count.
    The record keeps the depth."""
    return [{k: v for k, v in e.items() if k != "at"} if seat in on_top.get(i, ()) else e for i, e in told_to]


def _destination(e, rs) -> str:
    """Where a move or a gather went: its zone, 'the bottom of' it for a move with `at: bottom` or at the depth 0, or
    the zone and its depth for one with another `at: N` (`deck, 15 from the bottom`); the zones in turn of a move
    through a quiet zone. (A move at the depth of the destination's count, its top, is told as a plain move: depths_told.)"""
    if isinstance(e["to"], list):  # (the zones a move through a quiet zone went to: through_quiet)
        return ", ".join(_where(z, rs) for z in e["to"])
    at = e.get("at")
    if at == "bottom" or (type(at) is int and at == 0):
        return f"the bottom of {_where(e['to'], rs)}"
    return _where(e["to"], rs) if type(at) is not int else f"{_where(e['to'], rs)}, {at} from the bottom"


def _said_gather(e, rs, placed=None):
    """A list moved: what came from each source the seat may count (pieces off a grid with the cells they left), and
    from the others as one ('elsewhere')."""
    parts = [f"{_moved(source['components'], rs)} from {'elsewhere' if source.get('hidden') else _where(source, rs)}"
             f"{_cells_left(source['components'], placed, _labels_of(source, rs))}" for source in e["from"] if not _uncounted(source)]
    if any(_uncounted(source) for source in e["from"]):  # (told whether or not any came: a seat learns neither)
        parts.append(f"maybe {'more' if parts else 'hidden components'} from zones you cannot count")
    return f"{'; '.join(parts) or 'nothing'} to {_destination(e, rs)}"


def _labels_of(z: dict, ruleset):
    """The labels of the grid a zone reference names (a board's: d3), or None."""
    spec = ruleset.zones.get(z.get("zone")) if ruleset is not None and isinstance(z, dict) else None
    return spec.labels if spec is not None else None


def _uncounted(source: dict) -> bool:
    """Whether a gather's source is the zones the seat may not count, of which it is told nothing, not even whether any
    gave: 'hidden components from elsewhere' read as if something more had come (a trial)."""
    return bool(source.get("hidden")) and source["components"] == [UNCOUNTED]


def _moved(comps: list, rs) -> str:
    """Moved components as the seat's record has them: where it hides how many, those it sees by name and the rest
    not even how many (none may have moved: a record that said so would tell a count too)."""
    if UNCOUNTED not in comps:
        return _things(comps, rs)
    shown = [c for c in comps if c != UNCOUNTED]
    return (_things(shown, rs) + ", " if shown else "") + "hidden components"


def _said_deal(e, rs, seat=None, nplayers=None, every=False):
    """A deal, as ``seat`` (None: an onlooker, or the full record) is told it: the cards dealt to a zone named where
    that seat sees them (a team's zone: where it is of the team, which ``nplayers`` tells), counted elsewhere; with
    ``every``, each card named however many kinds (replay --text: no board under it lists a hand of 13, and a trial's
    reader of a seat's replay could not judge its bids)."""
    def face_up(t):
        """Whether the cards dealt to a zone are named: a zone every seat sees (a flop; a runout the next deal gathers
        before the board shows it), or one the seat reading sees (its own hand: a bluffing game's trial had to compare
        two boards to learn which card it drew), all of them seen."""
        spec = getattr(rs, "zones", {}).get(t["zone"])
        if not t["components"] or HIDDEN in t["components"] or UNCOUNTED in t["components"]:
            return False
        if getattr(spec, "visible", None) == "everyone":
            return True
        # (a hand of 12 dealt was a line of six kinds and `and 5 more`: the board under it lists them whole)
        return (seat is not None and spec is not None and type(t.get("index")) is int and spec.sees_contents(t["index"], seat, nplayers)
                and (every or len({_thing(c, rs) for c in t["components"]}) <= KINDS_TOLD))

    def how_many(t):
        return "hidden components" if UNCOUNTED in t["components"] else str(len(t["components"]))

    def dealt(t):
        """The components dealt to a zone, named as its `show_sorted` lists them."""
        return _things(shown_sorted(t["components"], getattr(getattr(rs, "zones", {}).get(t["zone"]), "show_sorted", ())), rs,
                       None if every else 4)

    # a zone dealt nothing (a refill of a market already full) is no news, nor is a deal that gave none: told, it read
    # as something happening after each action (a trial's `dealt from deck: 0 to market`)
    e = {**e, "to": [t for t in e["to"] if t["components"]]}
    if not e["to"]:
        return None
    def listed(t):
        """A part whose cards are named, its zone first, marked as the board marks it: the names read as the zone's
        before them (a trial's `13 to hand[0]; card 2 C, ..., card J S to hand[1]` read as hand[0]'s)."""
        zones = getattr(rs, "zones", {})
        return f"to {_where(t, rs)}{seat_mark(zones.get(t['zone']), t.get('index'), seat, nplayers)}: {dealt(t)}"

    named = [face_up(t) for t in e["to"]]
    source = _where(e["from"], rs)
    if named == [True]:  # (one zone named: `dealt from deck to board: card ...`, not `dealt from deck: to board: ...`)
        return f"dealt from {source} {listed(e['to'][0])}"
    if any(named):  # names hold commas: the zones apart by semicolons
        return f"dealt from {source}: " + "; ".join(listed(t) if up else f"{how_many(t)} to {_where(t, rs)}"
                                                    for t, up in zip(e["to"], named))
    return f"dealt from {source}: " + ", ".join(f"{how_many(t)} to {_where(t, rs)}" for t in e["to"])


def _said_roll(e, rs):
    if not e["dice"]:  # roll: {dice: EXPR} whose list was empty
        return "rolled no dice"
    told = _unquiet_dice(e["dice"], rs)
    return ("rolled " + "; ".join(f"{die}: " + " ".join(f"{k}={plain(v)}" for k, v in e["dice"][die].items()) for die in told)
            if told else None)


def _said_set_aside(e, rs):
    told = _unquiet_dice(e["dice"], rs)
    return "set aside " + ", ".join(told) if told else None


def _unquiet_dice(names, rs) -> list:
    """The dice of ``names`` the ruleset does not mark `quiet` (bookkeeping, never told: a trial's die that only turned
    drawn tokens into pieces was told at every draw and shown on every board)."""
    dice = getattr(rs, "dice", {})
    return [name for name in names if name not in dice or not dice[name].quiet]


def _said_set(e, rs):
    return _said_value(e, rs, " = ")


def _said_value(e, rs, said: str) -> str:
    """A variable (one seat's entry, with `index`) and its value as a `set` or a `reveal` event gives it, ``said``
    between them."""
    index = f"[{e['index']}]" if "index" in e else ""
    value = variable_order(e["variable"], e.get("value"), rs, e.get("index"))
    if value == HIDDEN:
        return f"{e['variable']}{index}{said}hidden"
    if isinstance(value, list) and "index" not in e and rs.variables[e["variable"]].per_owner:
        value = _Hidden.each(value)  # each seat's entry set at once: others' hidden
    return f"{e['variable']}{index}{said}" + line_value_text(value, rs)


def _said_score(e, rs):
    """A score that moved (None for +0: a score kept equal to a count each turn told '+0' for every seat it left alone)."""
    why = f" for {e['why']}" if e.get("why") else ""
    return None if e["points"] == 0 else f"seat {e['player']} scores {e['points']:+}{why} (now {e['total']})"


def _said_say(e, rs):
    """Words told the table (a `say`): `seat 1: go`, or the words alone."""
    return f"seat {e['player']}: {e['text']}" if "player" in e else e["text"]


def _said_tell(e, rs):
    """A fact told the table (a `tell`): its `text`, where the rules word it (`seat 1 has no 5`), else its test,
    `hand[1] holds none for which c.rank == rank (rank = 5)`."""
    if "text" in e:
        return e["text"]
    read = ", ".join(f"{name} = {value_text(value, rs)}" for name, value in e["values"].items())
    said = f"{_where(e['zone'], rs)} holds none for which {e['none']}" if "none" in e else \
        f"{_where(e['zone'], rs)} holds only components for which {e['all']}"
    return f"{said} ({read})" if read else said


def _said_place(e, rs, source: str = ""):
    at = e["at"]
    where = "at a hidden place" if at == HIDDEN else f"at {cell_text(rs, e['zone']['zone'], at['x'], at['y'])} rot={at['rot']}"  # (hidden: a grid the seat does not see)
    return f"{_thing(e['component'], rs)}{source} placed on {_where(e['zone'], rs)} {where}"


def _said_reveal(e, rs):
    if "variable" in e:  # a variable's value (one seat's entry), shown to all or, a look, to some
        return _said_value(e, rs, f" shown to {seats_text(e['to'])}: " if "to" in e else " revealed: ")
    shown = _as_the_board_lists(e["components"], e["zone"], rs)
    if "to" in e:  # a look some seats took: what, where the record shows it; else how many
        return f"{_where(e['zone'], rs)} shown to {seats_text(e['to'])}: {_things(shown, rs, None)}"
    said = f"{_where(e['zone'], rs)} revealed: {_things(shown, rs, None)}"  # what was shown is the news: all of it
    spec = rs.zones.get(e["zone"]["zone"])
    # (a zone every seat sees: the reveal showed nothing new, a variable's cards laid face up already, not whose they were)
    return f"{said} (face up already)" if spec is not None and spec.visible == "everyone" else said


def _as_the_board_lists(comps, zone_ref, rs) -> list:
    """The components of a zone in its `show_sorted` order, as the board lists them right after: the reveal and the
    board told in two orders read as two different hands."""
    spec = getattr(rs, "zones", {}).get(zone_ref["zone"]) if isinstance(zone_ref, dict) else None
    return shown_sorted(comps, getattr(spec, "show_sorted", ()) or ()) if isinstance(comps, list) else comps


def _said_round_end(e, rs):
    """A round's end, with its points and the totals where any seat scored in it: `round 1 ends: points [0, 0, 0],
    totals [0, 0, 0]` after every auction of a game scored only at its end told nothing (a trial)."""
    if not any(e["points"]):
        return f"round {e['round']} ends"
    return f"round {e['round']} ends: points {e['points']}, totals {e['totals']}"


def _said_cut(e, rs):
    """The end of a record a run cut off (simulate --max-decisions): the game had not ended."""
    return f"the run cut the game off after {e['decisions']} decisions: no end, no winner"


EVENT_WORDS = {"decision": _said_decision, "move": _said_move, "gather": _said_gather, "deal": _said_deal, "roll": _said_roll, "set_aside": _said_set_aside, "set": _said_set,
               "score": _said_score, "say": _said_say, "tell": _said_tell, "place": _said_place, "reveal": _said_reveal, "round_end": _said_round_end,
               "cut": _said_cut}
PLACED_WORDS = {"decision": _said_decision, "move": _said_move, "gather": _said_gather}  # (those naming where a piece lay)
