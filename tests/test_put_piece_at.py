"""`put` changes one entry of a map or a list (as a copy), and `piece_at` reads one cell of a grid.

Designers writing Pig, noughts and crosses and a trick game from the docs alone found no way
to update one key of a map (values are immutable: a `set` could only rebuild the whole map
by hand) and no way to ask what lies at a cell of a grid. `put(x, key, value)` gives a copy
of x with that entry replaced, charged as a copy; `piece_at(grid, x, y)` gives the piece on
top there, or none, charged as the other grid builtins are. Rules read a hidden grid as they
read any zone; views and records do not show it, and the lints warn of a rule that would.
"""

from __future__ import annotations

import random

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import BUILTINS, WORK, WORK_LIMIT, OutOfWork
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

HEAD = "game: puts\nplayers: 2\n"


def _ruleset(tmp_path, text: str):
    """The ruleset of ``text``, written to a file of ``tmp_path``."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def _values(tmp_path, *exprs: str, initial: str = "", zones: str = "") -> list:
    """The values ``exprs`` give, set one after another to variables of a small game's flow."""
    names = "".join(f"  got{i}: 0\n" for i in range(len(exprs)))
    sets = "".join(f"  - set: {{got{i}: {e!r}}}\n" for i, e in enumerate(exprs))
    game = Game(_ruleset(tmp_path, HEAD + zones + f"variables:\n{names}{initial}flow:\n{sets}"), 2)
    return [game.state.vars[f"got{i}"] for i in range(len(exprs))]


def _error(tmp_path, expr: str, zones: str = "", initial: str = "") -> str:
    """The error (its text) that setting a variable to ``expr`` raises, when the ruleset loads or the game runs."""
    with pytest.raises(PhiltreError) as caught:
        _values(tmp_path, expr, zones=zones, initial=initial)
    return str(caught.value)


# -- put ----------------------------------------------------------------------------------------

def test_put_sets_an_existing_key_in_its_place_and_a_new_key_last(tmp_path):
    changed, added, equal = _values(tmp_path, "put({'a': 1, 'b': 2}, 'a', 5)", "put({'a': 1, 'b': 2}, 'c', 3)",
                                    "put({1: 'x', 2: 'y'}, 1.0, 'z')")
    assert list(changed.items()) == [("a", 5), ("b", 2)]
    assert list(added.items()) == [("a", 1), ("b", 2), ("c", 3)]
    # keys equal by == are one key, as in a map literal: 1.0 replaces the value of 1, which stays a whole number
    assert list(equal.items()) == [(1, "z"), (2, "y")] and type(next(iter(equal))) is int


def test_put_replaces_one_item_of_a_list(tmp_path):
    assert _values(tmp_path, "put([1, 2, 3], 1, 9)", "put([[0, 0], [0, 0]], 0, put([0, 0], 1, 5))") == [[1, 9, 3], [[0, 5], [0, 0]]]


def test_put_leaves_the_value_it_was_given_as_it_was(tmp_path):
    """Values never change: the variable read keeps its map and list, the copy has the new entry."""
    initial = "  m: {initial: {a: 1}}\n  xs: {initial: [1, 2]}\n"
    assert _values(tmp_path, "put(m, 'a', 2)", "put(xs, 0, 7)", "[m, xs]", initial=initial) == [
        {"a": 2}, [7, 2], [{"a": 1}, [1, 2]]]


def test_a_tally_kept_in_a_map_is_counted_up_one_key_at_a_time(tmp_path):
    """What the designer of a trick game wanted: a map of counts, one key bumped per trick."""
    text = HEAD + ("variables:\n  tally: {initial: {}}\nflow:\n  - for: \"s in ['hearts', 'clubs', 'hearts']\"\n    do:\n"
                   "      - set: {tally: \"put(tally, s, (tally[s] if s in tally else 0) + 1)\"}\n")
    assert Game(_ruleset(tmp_path, text), 2).state.vars["tally"] == {"hearts": 2, "clubs": 1}


@pytest.mark.parametrize("expr, message", [
    ("put([1, 2, 3], 3, 0)", "index 3 is out of range (0..2)"),
    ("put([1, 2, 3], -1, 0)", "index -1 is out of range (0..2): positions count up from 0, never from the end; "
                              "the last is last(LIST), at count(LIST) - 1"),
    ("xs[count(xs) - 4]", "index -1 is out of range (0..2): positions count up from 0, never from the end; "
                          "the last is last(LIST), at count(LIST) - 1"),  # a negative index computed: the same hint
    ("put([], 0, 0)", "index 0 is out of range (it holds nothing)"),
    ("put([1, 2], 1.0, 0)", "a list is indexed by a whole number, not 1.0"),
    ("put({'a': 1}, [1], 2)", "a map's key cannot be a list"),
    ("put(three, 0, 1)", "put() needs a map or a list, got 3"),  # a variable's value: known only when the game runs
    ("put(word, 0, 1)", "put() needs a map or a list, got 'a'"),
])
def test_put_where_the_entry_cannot_be_is_R100_at_the_rule(tmp_path, expr, message):
    zones = "components:\n  card: {attributes: {rank: [1, 2]}, start: deck}\nzones:\n  deck: {}\n"
    error = _error(tmp_path, expr, zones, initial="  three: 3\n  word: a\n  xs: {initial: [1, 2, 3]}\n")
    assert "ruleset.yaml:13:17: R100 rule 'set' failed" in error and message in error, error  # at the rule's value


@pytest.mark.parametrize("expr, code, message, column", [
    ("put(3, 0, 1)", "E120", "put() needs a map or a list here, but this is a whole number", 21),
    ("put('abc', 0, 1)", "E120", "put() needs a map or a list here, but this is a word", 21),
    ("put(deck, 0, 1)", "E120", "put() needs a map or a list here, but this is a zone", 21),
    ("put(first(deck), 'rank', 9)", "E120", "put() needs a map or a list here, but this is a component", 21),
    ("put(none, 0, 1)", "E120", "put() needs a map or a list here, but this is none", 21),
    ("put([1, 2], 'a', 0)", "E121", "a list is indexed by a whole number, not a word", 29),
    ("put([1, 2], true, 0)", "E121", "a list is indexed by a whole number, not a bool", 29),  # as xs[true] is
])
def test_put_of_what_is_known_before_the_game_to_be_no_map_or_list_is_refused_by_validate(tmp_path, expr, code, message, column):
    """What put() is given, where its kind is known from the ruleset, is checked before any game: `philtre validate`
    refuses it at the argument, in the language's words, not the first game to reach the rule."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "components:\n  card: {attributes: {rank: [1, 2]}, start: deck}\nzones:\n  deck: {}\n"
                    f"variables:\n  got: 0\nflow:\n  - set: {{got: {expr!r}}}\n", encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path)).errors]
    assert [(d.code, d.message, d.loc.line) for d in found] == [(code, message, 10)]
    assert found[0].loc.col == column


def test_put_keeps_the_type_of_what_it_copies(tmp_path):
    """A list of whole numbers with a whole number put in is still one; a word put in makes its items unknown; a map
    stays a map. The checker's messages say what it knows."""
    assert "E124 cannot add a list of whole numbers and a whole number" in _error(tmp_path, "put([1, 2], 0, 5) + 1")
    assert "E124 cannot add a list of values known only at run time" in _error(tmp_path, "put([1, 2], 0, 'a') + 1")
    assert "E124 '+' needs numbers, got a map" in _error(tmp_path, "put({'a': 1}, 'b', 2) + 1")
    # items whose kind is no longer known are checked where they are added up: R100, not a wrong sum
    assert "R100" in _error(tmp_path, "sum(put([1, 2], 0, 'a'))")
    assert _values(tmp_path, "sum(put([1, 2], 0, 5))") == [7]


def test_put_charges_the_work_budget_a_step_per_item_copied():
    put = BUILTINS["put"].impl
    for value in (list(range(1000)), {k: k for k in range(1000)}):
        WORK[0] = WORK_LIMIT
        put(value, 0, 1)
        assert WORK_LIMIT - WORK[0] == 1000
    WORK[0] = WORK_LIMIT


def test_copying_a_long_list_over_and_over_is_R100_not_a_long_wait(tmp_path):
    """200 copies of 100,000 items is 20 million steps: past the budget of one evaluation."""
    initial = "  xs: {initial: []}\n"
    text = HEAD + f"variables:\n  got: 0\n{initial}flow:\n  - set: {{xs: 'range(100000)'}}\n" \
                  "  - set: {got: 'count([put(xs, 0, k) for k in range(200)])'}\n"
    with pytest.raises(PhiltreError, match="R100 .*too much work"):
        Game(_ruleset(tmp_path, text), 2)
    assert _values(tmp_path, "count([put(xs, 0, k) for k in range(20)])",
                   initial="  xs: {initial: [1, 2, 3]}\n") == [20]


# -- piece_at -----------------------------------------------------------------------------------

GRID = """\
philtre: 1
game: cells
players: 2
components:
  tile: {attributes: {c: [1, 2, 3]}, derive: {cells: "[c]"}, start: bag}
  bar: {attributes: {c: [7, 8]}, derive: {cells: "[c, c]"}, start: bag}
  blank: {attributes: {c: [0]}, derive: {cells: "[none]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 1}, visible: VISIBLE}
variables:
  got: {initial: [], visible: nobody}
define:
  piece(c): first(t for t in bag if t.c == c)
flow:
  - place: {piece: piece(7), to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}    # the bar covers (0, 0) and (1, 0)
  - place: {piece: piece(2), to: board, at: "{'x': 1, 'y': 0, 'rot': 0}"}    # on top of the bar at (1, 0)
  - place: {piece: piece(8), to: board, at: "{'x': 3, 'y': 0, 'rot': 90}"}   # turned: covers (3, 0) and (3, 1)
  - place: {piece: piece(1), to: board, at: "{'x': 0, 'y': 2, 'rot': 0}"}
  - place: {piece: piece(0), to: board, at: "{'x': 0, 'y': 2, 'rot': 0}"}    # a blank cell on top of the tile
  - set: {got: "[piece_at(board, x, y) for y in range(-1, 4) for x in range(-1, 5)]"}
  - decide: look
    player: 0
actions:
  look: {}
winners: {highest: "score[p]"}
"""

CELLS = [(x, y) for y in range(-1, 4) for x in range(-1, 5)]


def _grid_game(tmp_path, visible: str = "everyone", text: str = GRID) -> Game:
    return Game(_ruleset(tmp_path, text.replace("VISIBLE", visible)), 2, seed=0, record=True)


def _read(game) -> dict:
    """(x, y) -> the attribute c of the piece piece_at gave there, for the cells the game read (none: None)."""
    return {cell: (piece["c"] if piece is not None else None) for cell, piece in zip(CELLS, game.state.vars["got"])}


def test_piece_at_gives_the_top_piece_of_a_cell_and_none_where_none_lies(tmp_path):
    read = _read(_grid_game(tmp_path))
    assert read[(0, 0)] == 7  # a piece's first cell
    assert read[(1, 0)] == 2  # stacked: the piece placed last lies on top
    assert read[(3, 0)] == 8 and read[(3, 1)] == 8  # a turned piece, along y
    assert read[(0, 2)] == 0  # a blank cell still covers what lies below
    assert read[(2, 0)] is None and read[(1, 2)] is None  # empty cells
    assert read[(-1, -1)] is None and read[(4, 3)] is None  # off every piece: a grid has no edge
    assert sum(c is not None for c in read.values()) == 5


def test_piece_at_sees_the_piece_below_once_the_top_one_leaves(tmp_path):
    text = GRID.replace("  - set: {got:", "  - move: piece_at(board, 1, 0) -> bag\n  - set: {got:")
    read = _read(_grid_game(tmp_path, text=text))
    assert read[(1, 0)] == 7


@pytest.mark.parametrize("expr, code, message", [
    ("piece_at(board, half, 0)", "R100", "piece_at()'s x must be a whole number, got 0.5"),  # known when the game runs
    ("piece_at(board, 0, yes)", "R100", "piece_at()'s y must be a whole number, got true"),
    ("piece_at(bag, 0, 0)", "E120", "piece_at() reads a grid zone; 'bag' is not one"),  # known before it starts
    ("piece_at(bag if yes else bag, 0, 0)", "R100", "expected a grid zone, got the zone bag"),
    ("piece_at(3, 0, 0)", "E120", "piece_at() needs a zone here"),  # known before it starts
    ("piece_at(board, 0.5, 0)", "E120", "piece_at() needs a whole number here"),
])
def test_piece_at_of_no_grid_or_no_cell_is_an_error_at_the_rule(tmp_path, expr, code, message):
    text = GRID.replace("VISIBLE", "everyone").replace("variables:\n", "variables:\n  half: 0.5\n  yes: true\n").replace('"[piece_at(board, x, y) for y in range(-1, 4) for x in range(-1, 5)]"', f'"{expr}"')
    with pytest.raises(PhiltreError) as caught:
        Game(_ruleset(tmp_path, text), 2, seed=0)
    assert f"{code} " in str(caught.value) and message in str(caught.value), str(caught.value)


def test_piece_at_charges_each_cell_of_the_pieces_once_per_grid_state(tmp_path):
    game = _grid_game(tmp_path)
    S = game.state
    board = S.zones["board"][0]
    piece_at = BUILTINS["piece_at"].impl
    S.grid_version += 1  # a grid state not read yet
    WORK[0] = WORK_LIMIT
    assert piece_at(S, board, 0, 0)["c"] == 7
    assert WORK_LIMIT - WORK[0] == 2 + 1 + 2 + 1 + 1  # the cells of the two bars and the three one-cell pieces
    WORK[0] = WORK_LIMIT
    assert piece_at(S, board, 1, 0)["c"] == 2
    assert WORK[0] == WORK_LIMIT  # the same grid state read again: free
    S.grid_version += 1
    WORK[0] = 3  # less than the grid's 7 cells
    with pytest.raises(OutOfWork, match="too much work"):
        piece_at(S, board, 0, 0)
    assert WORK[0] == WORK_LIMIT


def test_a_grid_nobody_sees_is_read_by_rules_but_shown_to_no_seat(tmp_path):
    """The rule reads the hidden board; no view, and no seat's record, shows its pieces or what the rule found."""
    game = _grid_game(tmp_path, "nobody")
    assert _read(game)[(1, 0)] == 2
    for seat in (0, 1, None):
        view = game.view(seat)
        assert "components" not in view["zones"]["board"] and "placements" not in view["zones"]["board"]
        assert "got" not in view["variables"]
        told = [e for e in game.recorder.for_player(seat) if e.get("event") in ("place", "set")]
        assert told and all(e.get("component", {}).get("hidden") or e.get("value", {}).get("hidden") for e in told), told


def _lints(tmp_path, text: str, code: str) -> list[str]:
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return [f.diagnostic.message for f in check_file(str(path)).findings if f.diagnostic.code == code]


def test_the_lints_warn_of_a_rule_that_would_show_a_hidden_cell(tmp_path):
    """An action allowed by what a hidden cell holds tells its player (L021); a public variable set to a hidden piece
    shows it in every view (L013). Neither is said of a board everyone sees."""
    condition = GRID.replace("  look: {}\n", "  look:\n    choose: {x: 'range(3)'}\n    if: piece_at(board, x, 0) == none\n"
                                              "    do:\n      - score: {player: me, add: x}\n")
    public = GRID.replace("visible: nobody}", "visible: everyone}")
    assert any("'look' is allowed or not by what 'board' holds" in m for m in _lints(tmp_path, condition.replace("VISIBLE", "nobody"), "L021"))
    assert any("'got' is seen by everyone, and is set to components of 'board'" in m
               for m in _lints(tmp_path, public.replace("VISIBLE", "nobody"), "L013"))
    assert not _lints(tmp_path, condition.replace("VISIBLE", "everyone"), "L021")
    assert not _lints(tmp_path, public.replace("VISIBLE", "everyone"), "L013")


FLIPPED = """\
philtre: 1
game: place-extra-key
players: 1
components:
  tile:
    derive:
      shape: "[[0, 0], [1, 0], [0, 1]]"
      cells: "[1, 1, 1]"
    start: hand
zones:
  hand: {}
  board: {grid: {resolution: 1}}
actions:
  put:
    choose: {t: hand}
    do:
      - place: {piece: t, to: board, at: "{'x': 0, 'y': 0, 'rot': 0, 'flip': true}"}
flow:
  - decide: put
    player: 0
"""


def test_a_placement_with_a_key_place_does_not_read_fails_and_a_listed_one_does_not(tmp_path):
    """A new user's Patchwork added `flip: true` to a placement: the piece was placed unmirrored, without a word. The
    keys placements() lists beside x, y and rot (overlap, touching) are still taken as they are."""
    (tmp_path / "r.yaml").write_text(FLIPPED, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(tmp_path / "r.yaml")), players=1, seed=1).play_out(random=random.Random(1).random)
    assert "a placement is {x, y, rot}: it has no flip" in str(info.value), str(info.value)
    listed = FLIPPED.replace("'flip': true", "'overlap': 0, 'touching': 0")
    (tmp_path / "r.yaml").write_text(listed, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path / "r.yaml")), players=1, seed=1)
    game.play_out(random=random.Random(1).random)
    assert game.finished


# -- placement ---------------------------------------------------------------------------------

def test_placement_says_where_a_piece_lies_and_none_once_it_left_the_grid(tmp_path):
    """A Patchwork player could ask what lies at a cell, not where a piece they placed lies: `placement(c)` gives
    {x, y, rot} as `place` put it, none for a piece on no grid (and for one moved off it)."""
    text = GRID.replace('  - set: {got: "[piece_at(board, x, y) for y in range(-1, 4) for x in range(-1, 5)]"}', """\
  - move: piece_at(board, 1, 0) -> bag
  - set: {got: "[[t.c, placement(t)] for t in board] + [[c, placement(piece(c))] for c in [2, 3]]"}""")
    assert _grid_game(tmp_path, text=text).state.vars["got"] == [
        [7, {"x": 0, "y": 0, "rot": 0}], [8, {"x": 3, "y": 0, "rot": 90}], [1, {"x": 0, "y": 2, "rot": 0}],
        [0, {"x": 0, "y": 2, "rot": 0}], [2, None], [3, None]]  # 2 moved off the grid, 3 never placed


@pytest.mark.parametrize("expr, code, said", [("placement(board)", "E120", "placement() needs a component here"),
                                              ("placement(piece(7)).z", "E1", "")])
def test_placement_of_no_component_or_a_key_it_has_not_is_found_by_validate(tmp_path, expr, code, said):
    path = tmp_path / "ruleset.yaml"
    path.write_text(GRID.replace("VISIBLE", "everyone").replace(
        '"[piece_at(board, x, y) for y in range(-1, 4) for x in range(-1, 5)]"', repr(expr)), encoding="utf-8")
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(path), lints=False).findings]
    assert any(line.startswith(code) and said in line for line in found), found


def test_a_placement_keyed_by_a_value_says_its_keys_and_how_a_word_key_is_written(tmp_path):
    """A new user's Reversi wrote {x: x, 'y': 0, 'rot': 0}, keyed by x's value: every game stopped with "a placement is
    {x, y, rot}: it has no 0 (a mirrored piece is a component of its own)". Written at the place, validate says so
    (E120, tests/test_place_written.py); made elsewhere (a definition's), the rule does."""
    keyed = FLIPPED.replace("{'x': 0, 'y': 0, 'rot': 0, 'flip': true}", "spot(x)").replace(
        "choose: {t: hand}", "choose: {t: hand, x: \"[0]\"}").replace("actions:\n", "define:\n  spot(x): \"{x: x, 'y': 0, 'rot': 0}\"\nactions:\n")
    (tmp_path / "r.yaml").write_text(keyed, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(tmp_path / "r.yaml")), players=1, seed=1).play_out(random=random.Random(1).random)
    assert ("a placement's keys are the words 'x', 'y' and 'rot', and this one's are 0, 'y', 'rot': a bare name as a "
            "map's key is its value ({'x': x, 'y': y, 'rot': 0})") in str(info.value), str(info.value)


# -- pieces_at ----------------------------------------------------------------------------------

def test_pieces_at_gives_a_cells_stack_lowest_first_and_nothing_where_none_lies(tmp_path):
    """The pieces under the top one (a Hive trial's beetle on its queen: piece_at showed the beetle alone)."""
    text = GRID.replace('"[piece_at(board, x, y) for y in range(-1, 4) for x in range(-1, 5)]"',
                        '"[[t.c for t in pieces_at(board, x, y)] for y in range(-1, 4) for x in range(-1, 5)]"')
    stacks = dict(zip(CELLS, _grid_game(tmp_path, text=text).state.vars["got"]))
    assert stacks[(1, 0)] == [7, 2]  # the bar below, the tile placed on it last
    assert stacks[(0, 0)] == [7] and stacks[(3, 1)] == [8]
    assert stacks[(0, 2)] == [1, 0]  # a blank cell still lies on top
    assert stacks[(2, 0)] == [] and stacks[(-1, -1)] == []
    left = GRID.replace("  - set: {got:", "  - move: piece_at(board, 1, 0) -> bag\n  - set: {got:").replace(
        '"[piece_at(board, x, y) for y in range(-1, 4) for x in range(-1, 5)]"', '"[t.c for t in pieces_at(board, 1, 0)]"')
    assert _grid_game(tmp_path, text=left).state.vars["got"] == [7]


def test_pieces_at_charges_each_cell_of_the_pieces_once_per_grid_state(tmp_path):
    S = _grid_game(tmp_path).state
    board, pieces_at = S.zones["board"][0], BUILTINS["pieces_at"].impl
    S.grid_version += 1
    WORK[0] = WORK_LIMIT
    assert [t["c"] for t in pieces_at(S, board, 1, 0)] == [7, 2]
    assert WORK_LIMIT - WORK[0] == 7  # the cells of the two bars and the three one-cell pieces
    WORK[0] = WORK_LIMIT
    assert pieces_at(S, board, 9, 9) == [] and WORK[0] == WORK_LIMIT  # read again: free


@pytest.mark.parametrize("expr, code, message", [
    ("pieces_at(board, half, 0)", "R100", "pieces_at()'s x must be a whole number, got 0.5"),
    ("pieces_at(bag, 0, 0)", "E120", "pieces_at() reads a grid zone; 'bag' is not one"),
    ("pieces_at(board, 0)", "E140", "pieces_at"),
])
def test_pieces_at_of_no_grid_or_no_cell_is_an_error_at_the_rule(tmp_path, expr, code, message):
    text = GRID.replace("VISIBLE", "everyone").replace("variables:\n", "variables:\n  half: 0.5\n").replace(
        '"[piece_at(board, x, y) for y in range(-1, 4) for x in range(-1, 5)]"', f'"{expr}"')
    with pytest.raises(PhiltreError) as caught:
        Game(_ruleset(tmp_path, text), 2, seed=0)
    assert f"{code} " in str(caught.value) and message in str(caught.value), str(caught.value)
