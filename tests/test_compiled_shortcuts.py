"""Shortcuts the compiler takes where a ruleset allows them give the values the plain code gives.

A definition that is a literal (a number, a word) is written where it is used, and so
is a small one of plain reads and tests called with plain names; ``count`` of a zone or of a
list written out is its length; ``%`` by a number never 0 and ``index`` of a family's zone
are plain code (``compiler.SHORTCUTS``); an expression sets up the per-evaluation memo only where
some definition may be called twice in it (``Compiler._may_repeat``); a listing of options
computes parts of the condition ahead, and one that fails there is computed where it stands.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections import Counter

import pytest

from philtre.dsl import builtins, compiler, load_ruleset
from philtre.dsl.compiler import Compiler, Define, Symbols
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.model import Stmt
from philtre.dsl.parser import parse
from philtre.dsl.values import Zone
from philtre.interpreter import Game


def at_every_budget(evaluate, state, budgets, memo_too=False) -> list:
    """``evaluate(state, {})`` from an empty memo at each work budget of ``budgets``: its value or its failure's message,
    and the work left (then the memo's entries, with ``memo_too``), for comparing a shortcut with the plain path."""
    found = []
    for budget in budgets:
        state.memo, builtins.WORK[0] = {}, budget
        try:
            found.append((evaluate(state, {}), builtins.WORK[0]))
        except Exception as exc:  # noqa: BLE001 - the failure is compared
            found.append((str(exc), builtins.WORK[0]))
        if memo_too:
            found.append(list(state.memo.items()))
    return found


RULESET = """\
philtre: 1
game: shortcuts
players: 2
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  pile: {each: player, visible: everyone}
variables: {a: 0, b: 0, c: 0, d: 0, e: 0}
define:
  limit: 13
  three: "[1, 2, 3]"
  total(z): sum(x.v for x in z)
  heavy(z): total(z) > 4
  light(c): c.v < 3
  above_seat(c): c.v > me
actions:
  take:
    choose: {chip: bag}
    if: count(pile[me]) < limit and chip.v + total(pile[me]) <= limit and (light(chip) or above_seat(chip))
    do:
      - move: chip -> pile[me]
flow:
  - set: {a: "limit + count(bag)", b: "count([x for x in bag if x.v > 1]) + count([1, 2])"}
  - set: {e: "[x.v for x in bag if light(x)]"}
  - set: {c: "count(three) if heavy(bag) and total(bag) == 12 else 0"}
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: take
  - set: {d: "[total(pile[p]) for p in players]"}
winners: {highest: "score[p]"}
"""


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory):
    path = tmp_path_factory.mktemp("shortcuts") / "ruleset.yaml"
    path.write_text(RULESET)
    return load_ruleset(str(path))


def test_literal_definitions_and_counts_give_the_plain_values(ruleset):
    game = Game(ruleset, 2, seed=1)
    assert game.state.vars["a"] == 13 + 6  # limit, and the six chips in the bag
    assert game.state.vars["b"] == 4 + 2  # the chips worth 2 or 3, and a list of two
    assert game.state.vars["c"] == 3
    assert sorted(game.state.vars["e"]) == [1, 1, 2, 2]
    # seat 0 may take any chip (light, or worth more than 0); seat 1 the light ones and the 3s
    assert sorted(o.args[0][1]["v"] for o in game.options(0)) == [1, 2, 3]
    while not game.finished:
        for p in game.pending():
            game.apply(p, game.options(p)[0])
    assert sorted(game.state.vars["d"]) == [6, 6]


DEFINES = {"total": ("z", "sum(x.v for x in z)"), "heavy": ("z", "total(z) > 4"),
           "values": ("z", "[x.v for x in z]"), "limit": ("", "13"),
           "mine": ("p", "[z for z in pile if index(z) % 2 == p]"),        # each seat's piles: none twice
           "near": ("p", "[z for z in pile if index(z) % 2 == p or p == 0]")}


@pytest.mark.parametrize("text, repeats", [
    ("total(bag)", False),                          # one call
    ("heavy(bag)", False),                          # heavy calls total once
    ("heavy(bag) and total(bag) > 1", True),        # total twice, written out
    ("[total(bag) for z in pile]", True),           # once per item, with the same argument
    ("[total(z) for z in pile]", False),            # once per zone, each another one
    ("[heavy(z) for z in pile if total(z) > 0]", True),  # total(z) twice for each zone
    ("[heavy(z) for z in pile]", False),            # heavy, and total in it, once per zone
    ("[count(values(z)) for z in pile]", False),    # given the zone inside a builtin's call
    ("[total(x) for x in [bag, bag]]", True),       # a list that may repeat an item
    ("count([v for v in values(bag)])", False),     # the first collection is read once
    ("[v for v in values(bag) if heavy(bag)]", True),   # a condition: once per item
    ("limit + count(bag)", False),
    ("[limit for z in pile]", False),               # a literal is written where it is used: never called
    ("[sum(total(z) for z in mine(p)) for p in players]", False),  # each seat's own piles: other piles each time
    ("[sum(total(z) for z in near(p)) for p in players]", True),   # seat 0's `near` holds the others' piles too
    ("[sum(total(z) for z in mine(0)) for p in players]", True),   # the same piles for every seat
    ("[[total(z) for z in mine(p)] for p in [0, 0]]", True),       # a list that may repeat a seat
])
def test_the_memo_is_set_up_only_where_a_definition_may_repeat(text, repeats):
    compiler = Compiler(Symbols(zones={"bag": "single", "pile": "family"}, defines={
        name: Define(name, tuple(p for p in params.split(",") if p), body, Loc("test"), parse(body, Loc("test")))
        for name, (params, body) in DEFINES.items()}))
    assert compiler._may_repeat(parse(text, Loc("test"))) is repeats


GUARDED = """\
philtre: 1
game: guarded
players: 2
components:
  token: {attributes: {value: [1, 5]}, start: bag}
zones:
  bag: {visible: everyone}
  pile: {copies: 3, visible: everyone}
define:
  top(z): first(z).value        # fails on an empty pile: an attribute of none
actions:
  take:                         # two parameters: top(from) is computed once per pile
    choose: {from: pile, n: "[1, 2, 3]"}
    if: count(from) > 0 and top(from) > n
  peek:                         # one parameter: top(from) is computed into a table of the piles
    choose: {from: pile}
    if: count(from) > 0 and top(from) >= 5
flow:
  - move: "first([t for t in bag if t.value == 1]) -> pile[0]"
  - move: "first(bag) -> pile[2]"
  - decide: [take, peek]
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_part_computed_ahead_may_fail_where_the_condition_never_reads_it(tmp_path):
    """The listing computes top(from) ahead for every pile; the empty one makes it fail, yet
    the condition as written never reads it there: the options are those the rule allows."""
    path = tmp_path / "guarded.yaml"
    path.write_text(GUARDED)
    game = Game(load_ruleset(str(path)), 2, seed=0)
    assert [o.label() for o in game.options(0)] == [
        "take(from=pile[2], n=1)", "take(from=pile[2], n=2)", "take(from=pile[2], n=3)", "peek(from=pile[2])"]


SEEDED = """\
philtre: 1
game: seeded
players: 2
components:
  token: {attributes: {value: [1, 2, 5, 7]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  pile: {copies: 3, visible: everyone}
define:
  top(z): first(z).value        # fails on an empty pile: an attribute of none
  valued(v): first([t for t in bag if t.value == v])
actions:
  put:                          # top(into) is a table over the piles; the list of tops is that table
    choose: {t: bag, into: pile}
    if: count(into) == 0 or (top(into) < t.value and t.value not in [top(k) for k in pile])
    do:
      - move: t -> into
flow:
  - for: "k in [0, 1, 2]"
    do:
      - move: "valued(TOPS[k]) -> pile[k]"      # none: nothing moves
  - decide: put
    player: 0
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("tops, legal", [
    ([1, 2, 5], ["put(t=token value=7, into=pile[0])", "put(t=token value=7, into=pile[1])", "put(t=token value=7, into=pile[2])"]),
    ([7, 7, 0], ["put(t=token value=1, into=pile[2])", "put(t=token value=2, into=pile[2])", "put(t=token value=5, into=pile[2])"]),
    ([1, 0, 0], None),  # a 2 on the 1 reads the tops of the empty piles: the rule fails, as written
])
def test_a_list_of_a_tables_values_is_read_from_the_table_or_computed_where_read(tmp_path, tops, legal):
    """[top(k) for k in pile] is top(into)'s table over the piles (a 2 or a 5 fits no pile: it is a
    top already). With an empty pile the table fails, and the list (which would fail too) is
    left to where the condition reads it: there (tops above every token left) it never does."""
    path = tmp_path / "seeded.yaml"
    path.write_text(SEEDED.replace("TOPS", str(tops)))
    ruleset = load_ruleset(str(path))
    if legal is None:
        with pytest.raises(PhiltreError, match=r"R100 action 'put': its 'if' failed with t=<token#2 value=2>, into=zone pile\[0\]: read an attribute of none .*\(in definition 'top'"):
            Game(ruleset, 2, seed=0)
        return
    game = Game(ruleset, 2, seed=0)
    interpreted = []
    game._interpreted(ruleset.actions["put"], {"me": 0}, interpreted, game.state)
    assert [o.label() for o in game.options(0)] == [o.label() for o in interpreted] == legal


SCORING = """\
philtre: 1
game: scoring
players: 3
components:
  chip: {attributes: {v: [1, 2, 4, 8, 16, 32]}, start: bag}
zones:
  bag: {}
  pile: {each: player}
define:
  held(p): sum(c.v for c in pile[p])
  most: max([held(q) for q in players])
  low: min(score)
flow:
  - deal: {from: bag, to: "[pile[p] for p in players]"}    # unshuffled: 32 4 | 16 2 | 8 1
  - for: p in players
    do:
      - score: {player: p, add: "most - held(p) + 10 * p"}
  - for: p in players
    do:
      - score: {player: p, add: "low + 1"}
winners: {highest: "score[p]"}
"""


def test_a_scoring_loop_shares_one_memo_only_where_no_definition_reads_a_score(tmp_path):
    """The first loop's `most` is found once for all seats; the second loop's `low` changes as seats score, so each pass reads it anew."""
    from philtre.interpreter.runners import _only_scores

    path = tmp_path / "scoring.yaml"
    path.write_text(SCORING)
    ruleset = load_ruleset(str(path))
    assert [_only_scores(stmt.args["body"]) for stmt in ruleset.flow[1:]] == [True, False]
    # held 36, 18, 9 and most 36: 0, 28, 47; then low is 0, 1, 1 as the seats score in turn
    assert Game(ruleset, 3, seed=1).state.scores == [0 + 1, 28 + 2, 47 + 2]


OWN_PILES = """\
philtre: 1
game: own
players: 4
components:
  chip: {attributes: {v: [1, 2, 4, 8, 16, 32, 64, 128]}, start: bag}
zones:
  bag: {}
  pile: {copies: 8}
define:
  owner(z): index(z) % player_count
  mine(p): "[z for z in pile if owner(z) == p]"
  worth(z): sum(c.v for c in z) + count(z)
  near(p): "[z for z in pile if owner(z) == p or owner(z) == (p + 1) % player_count]"
flow:
  - deal: {from: bag, to: "[pile[i] for i in range(8)]"}    # unshuffled: one chip a pile
  - for: p in players                                        # each seat's own piles: no memo
    do:
      - score: {player: p, add: "sum(worth(z) for z in mine(p))"}
  - for: p in players                                        # a pile is two seats' near piles: one memo
    do:
      - score: {player: p, add: "100 * sum(worth(z) for z in near(p))"}
  - for: p in players                                        # the same pile for every seat: one memo
    do:
      - score: {player: p, add: "1000 * worth(pile[0])"}
winners: {highest: "score[p]"}
"""


def test_a_scoring_loop_sets_up_no_memo_where_its_passes_cannot_share_one(tmp_path, monkeypatch):
    """Seats scoring their own piles (a list that holds other piles for each seat) call no definition twice
    with the same arguments: that loop keeps no memo for its passes (it would only miss); the others do.
    The scores are the same with the memo as without."""
    path = tmp_path / "own.yaml"
    path.write_text(OWN_PILES)
    ruleset = load_ruleset(str(path))
    assert [stmt.args["passes_share"] for stmt in ruleset.flow[1:]] == [False, True, True]
    chips = [128, 64, 32, 16, 8, 4, 2, 1]  # pile i holds the chip dealt i-th (the bag's top first)
    own = [sum(chips[i] + 1 for i in range(8) if i % 4 == p) for p in range(4)]
    near = [own[p] + own[(p + 1) % 4] for p in range(4)]
    expected = [own[p] + 100 * near[p] + 1000 * (chips[0] + 1) for p in range(4)]
    assert Game(ruleset, 4, seed=1).state.scores == expected
    for stmt in ruleset.flow[1:]:
        stmt.args["passes_share"] = True  # every loop with one memo for its passes: the same scores
    from philtre.interpreter import runners

    monkeypatch.setattr(runners, "_PREPARED", type(runners._PREPARED)())  # runners made again, from the marks
    assert Game(ruleset, 4, seed=1).state.scores == expected


SEATS = """\
philtre: 1
game: seats
players: 2..4
components:
  chip: {attributes: {v: [1, 2, 3]}, each: player, start: pile}
zones:
  pile: {each: player, visible: everyone}
  row: {copies: 5, visible: everyone}
variables: {a: 0, b: 0, c: 0, d: 0, e: 0, odd: {initial: [1, 2]}}
define:
  seat_of(z): index(z) % player_count             # written where it is called with one of row's zones
  mine(p): "[z for z in row if seat_of(z) == p]"
  shifted(x): (x + 7) % 3
actions:
  pass: {}
flow:
  - set: {a: "[count(mine(p)) for p in players]", b: "[index(z) % 3 for z in row]"}
  - set: {c: "[seat_of(z) for z in pile if count([1 for z in row]) > 0]", d: "[shifted(p) for p in players]"}
  - set: {e: "[seat_of(z) for z in odd]"}            # not written out: it fails in the definition
winners: {highest: "score[p]"}
"""


def seats_game(tmp_path, text, players):
    """The state's variables once the flow of ``text`` has run, or the message of the rule that failed."""
    path = tmp_path / "seats.yaml"
    path.write_text(text)
    try:
        return Game(load_ruleset(str(path)), players, seed=1).state.vars
    except PhiltreError as exc:
        return str(exc)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_builtins_written_as_plain_code_compute_what_the_calls_compute(tmp_path, players, monkeypatch):
    """`%` by a number that is never 0, index() of a family's zone, and a small definition using it
    written where it is called: the same values, and the same failure where index() is given a number."""
    ran = SEATS.replace('  - set: {e: "[seat_of(z) for z in odd]"}', "")
    shortcut = seats_game(tmp_path, ran, players), seats_game(tmp_path, SEATS, players)
    assert shortcut[0]["a"] == [len(range(p, 5, players)) for p in range(players)]
    assert "index() needs a zone, got 1" in shortcut[1] and "in definition 'seat_of'" in shortcut[1]
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert (seats_game(tmp_path, ran, players), seats_game(tmp_path, SEATS, players)) == shortcut


FOLDS = """\
philtre: 1
game: folds
players: 2
components:
  chip: {attributes: {v: [0, 1, 2]}, start: bag}
  blank: {start: box}
zones:
  bag: {visible: everyone}
  aside: {visible: everyone}         # empty
  box: {visible: everyone}
variables: {a: 0, b: 0, c: 0, d: 0, e: 0, f: 0}
flow:
  - set: {a: "all(x.v > 0 for x in bag)", b: "any(x.v > 1 for x in bag)", c: "sum(x.v for x in bag)"}
  - set: {d: "all(x.v > 5 for x in aside)", e: "any(x is chip for x in aside)", f: "sum(x.v * 2 for x in aside)"}
  - set: {a: "sum(x.v for x in components)"}     # a blank has no v: none cannot be added
winners: {highest: "score[p]"}
"""


def test_all_any_and_sum_of_a_comprehension_compute_what_the_calls_compute(tmp_path, monkeypatch):
    """Python's own all, any and sum (of whole numbers) take a comprehension's list: the same values, the same failure."""
    ran = FOLDS.replace('  - set: {a: "sum(x.v for x in components)"}     # a blank has no v: none cannot be added\n', "")
    shortcut = seats_game(tmp_path, ran, 2), seats_game(tmp_path, FOLDS, 2)
    assert [shortcut[0][k] for k in "abcdef"] == [False, True, 3, True, False, 0]
    assert ("rule 'set' failed in its value `sum(x.v for x in components)`: values of different kinds cannot be compared "
            "or combined ('+' between a whole number and none)") in shortcut[1]
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert (seats_game(tmp_path, ran, 2), seats_game(tmp_path, FOLDS, 2)) == shortcut


TOPS = SEATS[:SEATS.index("variables:")] + """\
variables: {a: 0, b: 0, c: 0, odd: {initial: [1, 2]}}
define:
  top(z): first(pile[index(z)])                  # a zone's first item, at a family's zone at a name's index
flow:
  - set: {a: "[top(z).v for z in pile]", b: "[first(z) for z in row]"}
FAILING
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [2, 4])
def test_a_zones_first_item_at_a_familys_zone_at_an_index_is_read_in_place_as_the_calls_read_it(tmp_path, players, monkeypatch):
    """`first(pile[index(z)])` (compiler._zone_at_index_read and first's read of a zone): the same values, and the
    same failures where the index has no zone of the family (row 4) or the name holds no zone (a number), as with
    compiler.SHORTCUTS off; Poisons' `card(g)` is read so."""
    texts = [TOPS.replace("FAILING\n", failing) for failing in ("", '  - set: {c: "[top(z) for z in row]"}\n',
                                                                 '  - set: {c: "[top(z) for z in odd]"}\n')]
    shortcut = [seats_game(tmp_path, text, players) for text in texts]
    assert shortcut[0]["a"] == [1] * players and shortcut[0]["b"] == [None] * 5
    assert "out of range" in shortcut[1] and "index() needs a zone, got 1" in shortcut[2]
    assert any("f_zfam" in fn.__code__.co_varnames for fn in load_ruleset("poisons").namespace.values() if hasattr(fn, "__code__"))
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert [seats_game(tmp_path, text, players) for text in texts] == shortcut


def test_the_shortcuts_are_taken_where_they_compute_the_same():
    code = {define: fn.__code__.co_names for define, fn in load_ruleset("poisons").namespace.items()
            if re.fullmatch(r"_?d_(?:[0-9]+_)?my_goblets", define)}  # (its lists kept per family: no memo's body of its own)
    assert code and all("b_index" not in names and "_mod" not in names and not any(n.startswith("d_") for n in names)
                        for names in code.values())


@pytest.mark.parametrize("a, b", [([1], [2, 3]), ([], []), (Zone(("z", 0), [1]), [2]), ([1], Zone(("z", 0), [2])), ((1,), [2])])
def test_lists_added_without_copying_each_first_are_the_lists_added(a, b):
    # `+` of two plain lists adds them at once; of a zone or a tuple, copies each first
    builtins.WORK[0] = 10
    added = compiler._concat(a, b)
    assert added == list(a) + list(b) and type(added) is list and added is not a and added is not b
    assert builtins.WORK[0] == 10 - len(added)  # (charged its length, as _sized charges it)
    builtins.WORK[0] = len(added) - 1
    with pytest.raises(builtins.OutOfWork):
        compiler._concat(a, b)
    assert builtins.WORK[0] == builtins.WORK_LIMIT
    with pytest.raises(builtins.RuleRuntimeError, match="a list or string of 1,000,001 items; the limit is 1,000,000"):
        compiler._concat(list(a) * 0 + [0] * compiler.MAX_ITEMS, [1])
    builtins.WORK[0] = builtins.WORK_LIMIT


@pytest.mark.parametrize("n", range(7))
@pytest.mark.parametrize("kind", ["list", "zone", "tuple", "iterator"])
def test_subsets_are_listed_in_the_order_of_their_bit_masks(n, kind):
    # built a item at a time: subset number m holds item i where bit i of m is set; a list or a zone is read
    # without _collection's call, and charged the same work (its items, then the subsets built)
    items = list(range(10, 10 + n))
    given = {"list": list, "zone": lambda xs: Zone(("z", 0), xs), "tuple": tuple, "iterator": iter}[kind](items)
    builtins.WORK[0] = builtins.WORK_LIMIT
    found = builtins.b_subsets(given)
    charged = builtins.WORK_LIMIT - builtins.WORK[0]
    assert found == [[x for i, x in enumerate(items) if mask >> i & 1] for mask in range(1 << n)]
    assert len({id(subset) for subset in found}) == len(found)  # each its own list
    assert all(type(subset) is list and subset is not given for subset in found)  # (one item's too: made, not looped)
    assert charged == (0 if kind == "iterator" else n) + ((n + 1) << n)
    if kind != "iterator":
        assert list(given) == items  # (not changed)


@pytest.mark.parametrize("kind", [list, lambda xs: Zone(("z", 0), xs)])
def test_subsets_fail_as_before_too_many_items_or_too_little_work(kind):
    with pytest.raises(builtins.RuleRuntimeError) as failed:
        builtins.b_subsets(kind(range(13)))
    # (the way on where the sets wanted are of one size: a filter `count(s) == k` over them all was the trial's way)
    assert str(failed.value) == ("subsets() of 13 items; the limit is 12: where the sets wanted have k items, subsets(xs, k) "
                                 "takes any number of items, as long as it makes at most 100,000 sets")
    for left in (3, 4 + (5 << 4) - 1):  # fewer than the items, fewer than the subsets
        builtins.WORK[0] = left
        with pytest.raises(builtins.OutOfWork):
            builtins.b_subsets(kind(range(4)))
        assert builtins.WORK[0] == builtins.WORK_LIMIT
    builtins.WORK[0] = 4 + (5 << 4)  # just enough
    assert len(builtins.b_subsets(kind(range(4)))) == 16 and builtins.WORK[0] == 0
    # the items and the subsets charged at once: one item, one short and just enough; too many items, out of work
    # reading them before their limit is found (as when the items were charged first)
    for left, fails in ((1 + (2 << 1) - 1, True), (1 + (2 << 1), False), (12, True)):
        builtins.WORK[0] = left
        with pytest.raises(builtins.OutOfWork) if fails else contextlib.nullcontext():
            assert builtins.b_subsets(kind(range(13 if left == 12 else 1))) == [[], [0]] and builtins.WORK[0] == 0
        assert builtins.WORK[0] == (builtins.WORK_LIMIT if fails else 0)
    builtins.WORK[0] = builtins.WORK_LIMIT


# each builtin that charges no work (Builtin.charges false), given values it takes and values it refuses (COMP and ZONE:
# a component and a zone of the game)
COMP, ZONE = object(), object()
UNCHARGED_CALLS = {"abs": [(-3,), (2.5,), (True,), ("a",)], "left": [(1,), (3, 2), (1, "a"), (None,)], "right": [(1,), (0, 5), (1.0, 1)],
                   "seats_from": [(2,), ("a",)], "round_score": [(1, 0), (9, 1), ("x", 0), (1, 7), (1, True)],
                   "zone_of": [(COMP,), (3,)], "index": [(ZONE,), ([],)], "placement": [(COMP,), (ZONE,)],
                   "team": [([[0, 2], [1, 3]], 1), ([[0, 2], [1, 3]], 7), ([[0, 1]], "a")], "partners": [([[0, 2], [1, 3]], 2), ([[0, 1]], None)],
                   "team_index": [([[0, 2], [1, 3]], 3), ([[0, 1]], 2.5)],
                   "text": [(3,), (2.5,), ("a",), (True,), (None,), ([1],)], "copy_of": [(ZONE,), (ZONE, ("goblet",)), (COMP,)],
                   "owner_of": [(ZONE,), (ZONE, ("goblet",)), ([1],)], "die": [("d6",), (3,)]}


@pytest.mark.parametrize("name", [name for name, b in builtins.BUILTINS.items() if not b.charges])
def test_a_builtin_said_to_charge_no_work_leaves_the_budget_as_it_stands(name):
    # (an expression calling only such builtins keeps the budget as it stands: see the test below)
    S = Game(load_ruleset("poisons"), 4, seed=1).state
    S.round_scores = [[1, 2, 3, 4]]
    b = builtins.BUILTINS[name]
    for args in UNCHARGED_CALLS[name]:
        args = tuple(S.components[0] if a is COMP else S.zones["goblet"][1] if a is ZONE else a for a in args)
        builtins.WORK[0] = 17
        try:
            b.impl(*(S,) * b.needs_state, *args)
        except (builtins.RuleRuntimeError, TypeError):
            pass
        assert builtins.WORK[0] == 17, args
    builtins.WORK[0] = builtins.WORK_LIMIT


UNCHARGED = RULESET[:RULESET.index("variables:")].replace("players: 2", "players: 3") + """\
variables: {a: 1, b: 0, c: 0, d: 0, e: 0, f: 0}
flow:
  - set: {a: "left(a, 2)"}
  - set: {b: "right(1, count([x for x in bag if x.v > 1]))"}
  - set: {c: "index(pile[right(a)])"}
  - set: {d: "round_score(1, right(a))"}
  - set: {e: "abs(left(1) - 4)"}
  - set: {f: "seats_from(left(a))[1]"}
winners: {highest: "score[p]"}
"""


def test_an_expression_calling_only_builtins_that_charge_no_work_keeps_the_budget_as_it_stands(tmp_path, monkeypatch):
    """An expression whose calls are all of builtins that charge no work (left, right, abs, round_score, seats_from,
    zone_of) does not set the work budget afresh: it leaves the budget as it stands, its value and failures the same;
    one whose argument charges (a comprehension) sets it afresh, and so does index(), which a runner reads where it
    stands (`showing[index(z)]`) giving the budget afresh itself. The same with compiler.SHORTCUTS off."""
    path = tmp_path / "uncharged.yaml"
    path.write_text(UNCHARGED)
    sources = _spied_sources(monkeypatch)

    def evaluated():
        ruleset = load_ruleset(str(path))
        game = Game(ruleset, 3, seed=1)
        fns = [target[2].fn for stmt in ruleset.flow for target in stmt.args["targets"]]
        return [at_every_budget(fn, game.state, [-1, 0, 5, builtins.WORK_LIMIT]) for fn in fns], game.state.vars

    found, values = evaluated()
    assert values == {"a": 0, "b": 0, "c": 2, "d": 0, "e": 2, "f": 2}
    given, fresh = [-1, 0, 5, builtins.WORK_LIMIT], [builtins.WORK_LIMIT] * 4
    assert [[left for _, left in budgets] for budgets in found] == [given, [builtins.WORK_LIMIT - 6 * 8] * 4, fresh, given, given, given]
    text = "\n".join(sources)
    assert len(re.findall(r"\):\n    _W\[0\] = 10000000\n", text)) == 2  # (the count's and index()'s)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert evaluated() == (found, values)


class Seats:
    nplayers = 5


@pytest.mark.parametrize("p, k", [(0, 1), (4, 1), (2, 7), (3, -2), (0, 0), (1.0, 1), (1, "a"), (None, 1), (True, 1)])
def test_seats_to_the_left_and_right_are_found_as_the_checked_code_finds_them(p, k):
    # whole numbers take a shortcut past the checks
    def checked(sign):
        try:
            return (builtins._whole(p, "seat") + sign * builtins._whole(k, "count")) % Seats.nplayers
        except builtins.RuleRuntimeError:
            return "fails"

    def found(fn):
        try:
            return fn(Seats, p, k)
        except builtins.RuleRuntimeError:
            return "fails"

    assert (found(builtins.b_left), found(builtins.b_right)) == (checked(1), checked(-1))


def test_a_tree_compiled_again_is_charged_as_the_first_time():
    # an expression text is parsed once (its tree shared), and a definition is compiled once per
    # argument types: a comprehension over a few declared zones is not charged either time
    compiler = Compiler(Symbols(zones={"row": "family"}, defines={
        "mine": Define("mine", ("p",), "[z for z in row if count(z) == p]", Loc("test"), parse("[z for z in row if count(z) == p]", Loc("test")))}))
    codes = [compiler.codes[compiler.expressions.index(compiler.expression(text, Loc("test")))]
             for text in ("[count(z) for z in row]", "[count(z) for z in row]", "mine(1)", "mine('a')")]
    assert codes[0] == codes[1] == "[_len(c_z) for c_z in S.zones['row']]"
    assert len(set(compiler.functions)) == len(compiler.functions) and not any("_it(" in f for f in compiler.functions)


HEAVY_FOLDS = """\
philtre: 1
game: heavy-folds
players: 2
step_limit: 100000
variables: {a: 0, b: 0}
flow:
  - name: spin
    repeat: 12
    do:
      - set: {a: "sum([x for x in range(20000)])"}
      - set: {b: "any([x < 0 for x in range(20000)]) or all([x >= 0 for x in range(9000)])"}
  - set: {a: "FOLD"}
"""


@pytest.mark.parametrize("fold", ["sum([x + y for x in range(100) for y in range(8400)])",
                                  "all([x + y >= 0 for x in range(100) for y in range(7400)])", "0"])
def test_all_any_and_sum_of_a_comprehension_charge_the_work_the_calls_charge(tmp_path, monkeypatch, fold):
    """Python's own all, any and sum charge the list's length as the call does: a loop of them counts the
    same steps (where R200 fires), and a list just within one evaluation's work is too much either way."""
    path = tmp_path / "folds.yaml"
    path.write_text(HEAVY_FOLDS.replace("FOLD", fold))

    def played():
        try:
            game = Game(load_ruleset(str(path)), 2, seed=1)
        except PhiltreError as exc:
            return str(exc)
        return game.state.flow.steps, game.state.vars["a"], game.state.vars["b"]

    shortcut = played()
    assert ("too much work" in shortcut) == (fold != "0"), shortcut
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played() == shortcut


STOPPING = """\
philtre: 1
game: stopping
players: 3
step_limit: 100000
components:
  chip: {attributes: {v: [0, 1]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  pile: {each: player, visible: everyone}
variables: {a: 0, b: 0, c: 0}
flow:
  - repeat: 6
    do:
      - set: {a: "any(x == 0 for x in range(9000))", b: "all(x == 1 for x in range(9000))"}
  - move: bag -> pile[1]
  - set: {c: "FOLD"}
"""


@pytest.mark.parametrize("fold, stops, value", [
    ("all(count(pile[p]) == 0 for p in players)", True, False),
    ("any(count(pile[p]) == 4 for p in players)", True, True),
    ("all(x.v == 0 or x.v == 1 for x in bag)", True, True),
    ("any(count(pile[p]) > 3 for p in players)", False, True),  # (an order compared may fail: every item computed)
    ("any(x.v == 1 for x in pile[1] if x.v != 0)", False, True),  # (a condition on the items)
])
def test_all_and_any_of_items_that_cannot_fail_stop_at_the_deciding_item_and_charge_the_whole_list(tmp_path, monkeypatch, fold, stops, value):
    """all() or any() of one loop whose items cannot fail nor charge work (attributes compared, a seat's zone
    counted) stops at the item that decides it, and charges the list's length as the call does: the same
    values and steps (work counts in steps: builtins.work_steps) as with the shortcuts off."""
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    path = tmp_path / "stopping.yaml"
    path.write_text(STOPPING.replace("FOLD", fold))

    def played():
        game = Game(load_ruleset(str(path)), 3, seed=1)
        return game.state.flow.steps, game.state.vars

    shortcut = played()
    assert shortcut[1] == {"a": True, "b": False, "c": value}
    functions = [text for text in "".join(sources).split("\ndef ") if "f_r = " in text]  # the folds written as loops
    assert [("break" in text) for text in functions] == [True, True, stops], functions  # a, b, then c's
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played() == shortcut


# a set in a loop: the work an evaluation does counts in the steps
INSIDE = STOPPING.replace('{a: "any(x == 0 for x in range(9000))", b: "all(x == 1 for x in range(9000))"}', '{a: "EXPR"}')


@pytest.mark.parametrize("expr, stops, value", [
    ("any(x == 0 for x in range(9000)) or count(bag) > 0", True, True),
    ("all(x == 1 for x in range(9000)) or count(bag) == 0", True, False),
    ("count(bag) > 0 and any(x > 8990 for x in range(9000))", False, True),  # (an order compared may fail)
    ("any(x.v == 1 for x in bag if x.v != 0) and true", False, True),  # (a condition on the items)
    ("seats_with(0)", False, [0]),  # in a definition's comprehension: its seat and parameter given to the loops
    ("any(10 / (x - 2) > 1 for x in range(4)) or true", False, "division by zero"),
    ("count(x for x in range(9000) if x % 2 == 0) + 1", False, 4501),  # (count of a list charges nothing)
    ("sum(x for x in range(9000) if x > 8000) - 1", False, 8491499),
    ("count(x for x in range(4) if 10 / (x - 2) > 1) + 1", False, "division by zero"),
    ("count(10 / (x - 2) for x in range(4)) + 1", False, "division by zero"),  # (each item computed all the same)
    ("max(x for x in range(9000) if x % 7 == 3) + 1", False, 8999),  # max and min of whole numbers
    ("min(x * x - 10 * x for x in range(20)) - 1", False, -26),
    ("max(x - 5 * (x % 3) for x in range(9000)) * 2", False, 17994),  # (the largest first, then smaller ones)
    ("min(x for x in range(9) if x > 20) + 1", False, "min() of an empty collection"),
    ("max(count(pile[q]) for q in players if q > 8) + 1", False, "max() of an empty collection"),
    ("max(x // (x - 2) for x in range(4)) + 1", False, "by zero"),
])
def test_any_all_count_and_sum_inside_an_expression_are_loops_with_the_values_work_and_failures_of_the_list(tmp_path, monkeypatch, expr, stops, value):
    """any(), all(), count(), sum(), max() or min() (the last three of whole numbers) of a comprehension that is part
    of a larger expression is folded into loops of a
    function of its own (no list made): each item computed as the list computes it, the list's length
    charged after them (stopping at the deciding item where items cannot fail nor charge work): the same
    values, steps (work counts in steps: builtins.work_steps) and failures as with the shortcuts off."""
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    path = tmp_path / "inside.yaml"
    seats_with = 'define:\n  seats_with(k): "[p for p in players if any(count(pile[q]) == k + p for q in players)]"\nflow:'
    path.write_text(INSIDE.replace("EXPR", expr).replace("FOLD", "0").replace("flow:", seats_with if "seats_with" in expr else "flow:"))

    def played():
        try:
            game = Game(load_ruleset(str(path)), 3, seed=1)
        except PhiltreError as exc:
            return str(exc)
        return game.state.flow.steps, game.state.vars["a"]

    shortcut = played()
    if isinstance(value, str):
        assert value in shortcut
    else:
        assert shortcut[1] == value
    functions = [text for text in re.split(r"^def ", "\n".join(sources), flags=re.M) if text.startswith("g_fold")]
    assert functions and all(("break" in text) == stops for text in functions), functions
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played() == shortcut


FOLDED = """\
philtre: 1
game: folded
players: 2
components:
  chip: {attributes: {v: [0, 1, 2]}, copies: 2, start: bag}
  blank: {start: box}
zones:
  bag: {visible: everyone}
  aside: {visible: everyone}         # empty
  box: {visible: everyone}
define:
  many(z, k): count(x for x in z if x.v == k)
  total(z): sum(x.v for x in z)
  pairs(z): count(x for x in z for y in z if x.v < y.v)
  top(z): first(x.v for x in z if x is chip)
  late(z): first(x.v for x in z if x.v > 0)
  some(z): any(x.v > 1 for x in z)
  every(z): all(x.v >= 0 for x in z)
  pick(p): first(x for x in players if x != p)
variables: {a: 0, b: 0, c: 0, d: 0, e: 0, f: 0, g: 0, h: 0}
flow:
  - set: {a: "[many(bag, k) for k in [0, 1, 2, 3]]", b: "[total(bag), total(aside)]", c: "pairs(bag)"}
  - set: {d: "[top(bag), top(aside), late(bag), late(aside)]", e: "[some(bag), every(bag), some(aside), every(aside)]"}
  - set: {f: "pick(0)"}
  - set: {f: "all(x.v < 3 for x in bag)", g: "sum(x.v * 2 for x in bag if x.v > 0)", h: "any(p > 0 for p in players)"}
  - move: box -> bag
  - set: {d: "top(bag)"}          # the blank after the chips cannot fail its test
  - set: {d: "late(bag)"}         # a blank has no v: none > 0 fails, though a chip came first
winners: {highest: "score[p]"}
"""

LATE_FAILURE = '  - set: {d: "late(bag)"}         # a blank has no v: none > 0 fails, though a chip came first\n'


def test_definitions_folding_a_comprehension_compute_what_the_calls_compute(tmp_path, monkeypatch):
    """count, sum, first, any and all of a comprehension, as a definition's body, are loops written out
    (first stops at its item where the items after it cannot fail): the same values, the same failure."""
    ran = FOLDED.replace(LATE_FAILURE, "")
    folded = seats_game(tmp_path, ran, 2), seats_game(tmp_path, FOLDED, 2)
    assert [folded[0][k] for k in "abcefgh"] == [[2, 2, 2, 0], [6, 0], 12, [True, True, False, True], True, 12, True]
    assert folded[0]["d"] == 0
    assert "failed in its value `late(bag)`" in folded[1] and "('>' between none and a whole number) (in definition 'late'" in folded[1]
    defined = [fn.__code__ for name, fn in load_ruleset(str(tmp_path / "seats.yaml")).namespace.items() if name.startswith(("d_", "_d_"))]
    flow = load_ruleset(str(tmp_path / "seats.yaml")).flow
    defined += [expr.fn.__code__ for _, _, expr, _ in flow[3].args["targets"]]
    # (total's generic body, whose items are known only at run time, their v maybe a map's word: summed by the call)
    assert len(defined) >= 18 and not any(getattr(c, "co_name", "") == "<listcomp>" for code in defined for c in code.co_consts
                                          if code.co_name not in ("_d_total", "d_total"))
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert (seats_game(tmp_path, ran, 2), seats_game(tmp_path, FOLDED, 2)) == folded


LISTED = """\
philtre: 1
game: listed
players: 3
step_limit: 100000
components:
  chip: {attributes: {v: [0, 1, 2]}, copies: 2, start: bag}
  blank: {start: box}
zones:
  bag: {visible: everyone}
  box: {visible: everyone}
  pile: {each: player, visible: everyone}
define:
  mine(p): "[z for z in pile if index(z) == p]"
  ones(z, k): "[x for x in z if x.v == k]"
  pairs(z): "[x.v * 10 + y.v for x in z for y in z if x.v < y.v]"
  others(p): "[q for q in players if q != p]"
  doubled: "[x.v * 2 for x in bag]"
  wide(n): "[x for x in range(n) for y in range(n) if x == y]"
  given(k): "[x for x in [bag, 3][k]]"
  tenths(z): "[10 / (x.v - 1) for x in z]"
variables: {a: 0, b: 0, c: 0, d: 0, k: 0}
actions:
  take:
    choose: {chip: bag}
    if: count(ones(bag, chip.v)) > 1 and count(others(me)) == 2
    do:
      - move: chip -> pile[me]
flow:
  - set: {a: "[count(mine(p)) for p in players]", b: "[count(ones(bag, k)) for k in [0, 1, 2, 3]]"}
  - set: {c: "[pairs(bag), others(1), doubled, count(given(0))]"}
  - repeat: 20
    do:
      - set: {d: "count(wide(90 + d % 7))"}
  - turns: 0
    until: count(bag) == 3
    do:
      - decide: take
  - set: {a: "FAIL"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("fail, found", [
    ("0", None),
    ("count(given(1))", "cannot loop over 3 (in definition 'given'"),
    ("count(wide(4000))", "too much work"),
    ("tenths(bag)", "division by zero (in definition 'tenths'"),
])
def test_a_definition_that_is_one_comprehension_is_loops_with_the_lists_values_work_and_failures(tmp_path, monkeypatch, fail, found):
    """A definition whose body is one comprehension appends its items in loops of its own function (no
    comprehension's function made and called): the same lists, options, steps and work left, and the same
    failures (a collection that is none of one, too much work, an item failing) as with the shortcuts off."""
    path = tmp_path / "listed.yaml"
    path.write_text(LISTED.replace("FAIL", fail))

    def played():
        ruleset = load_ruleset(str(path))
        game, seen = Game(ruleset, 3, seed=1), []
        try:
            while not game.finished:
                for p in game.pending():
                    options = game.options(p)
                    seen.append(([repr(o) for o in options], game.state.flow.steps, game._work_left))
                    game.apply(p, options[-1])
        except PhiltreError as exc:
            return ruleset, seen, str(exc)
        return ruleset, seen, (game.state.vars, game.state.flow.steps, game._work_left)

    ruleset, seen, shortcut = played()
    defined = [fn.__code__ for name, fn in ruleset.namespace.items() if name.startswith(("d_", "_d_"))]
    assert len(defined) >= 16 and not any(getattr(c, "co_name", "") == "<listcomp>" for code in defined for c in code.co_consts)
    if found is None:
        assert shortcut[0]["a"] == 0 and shortcut[0]["b"] == [2, 2, 2, 0] and shortcut[0]["d"] == 92
        assert shortcut[0]["c"] == [[1, 1, 2, 2, 1, 1, 2, 2, 12, 12, 12, 12], [0, 2], [0, 0, 2, 2, 4, 4], 6]
        assert [len(options) for options, _, _ in seen] == [3, 2, 1]  # a value taken leaves one chip of it
    else:
        assert found in shortcut
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    _, plain_seen, plain = played()
    assert (plain_seen, plain) == (seen, shortcut)


def test_an_expression_folding_a_few_items_starts_with_a_fresh_work_budget(tmp_path):
    """any() over the seats charges its items without a loop charged: it still starts with its own budget, not
    with what an earlier evaluation left."""
    path = tmp_path / "folded.yaml"
    path.write_text(FOLDED.replace(LATE_FAILURE, ""))
    game = Game(load_ruleset(str(path)), 2, seed=1)
    seated = next(expr for name, _, expr, _ in game.ruleset.flow[3].args["targets"] if name == "h")
    builtins.WORK[0] = 0  # spent by an earlier evaluation
    assert seated.fn(game.state, {}) is True

SCORES = """\
philtre: 1
game: scored
players: 2..4
variables: {a: 0, b: 0, c: 0}
flow:
  - for: p in players
    do:
      - score: {player: p, add: p * 2}
  - set: {a: "[score[p] for p in players]", b: "sum(score[p] for p in players if score[p] > 1)"}
  - set: {c: "score[player_count - 1]"}
winners: {highest: "score[p]"}
"""


def _names_of(code) -> set:
    """The names a code object and the code objects in it (comprehensions) read."""
    return set(code.co_names).union(*(_names_of(c) for c in code.co_consts if hasattr(c, "co_names")))


@pytest.mark.parametrize("players", [2, 4])
def test_a_seats_score_is_read_without_the_index_check(tmp_path, players):
    # a seat is always a score's index: score[p] of p in players is a plain subscript; a number, checked
    path = tmp_path / "scored.yaml"
    path.write_text(SCORES)
    ruleset = load_ruleset(str(path))
    game = Game(ruleset, players, seed=1)
    assert game.state.vars == {"a": [2 * p for p in range(players)], "b": sum(2 * p for p in range(1, players)),
                               "c": 2 * (players - 1)}
    checked = [name for name, fn in ruleset.namespace.items() if name.startswith("e") and "_ix" in _names_of(fn.__code__)]
    assert len(checked) == 1  # score[player_count - 1]


CHARGED_IN_PLACE = """\
philtre: 1
game: charged
players: 2
step_limit: 100000
components:
  chip: {attributes: {v: [0, 1, 2]}, start: bag}
zones:
  bag: {visible: everyone}
define:
  size(z): count(x for x in z if x.v >= 0)
  total(z): sum(x.v for x in z)
  spread(n): sum(x for x in range(n))
variables: {a: 0, b: 0, k: 1}
flow:
  - set: {a: "[size(bag), total(bag)]"}
  - repeat: 30
    do:
      - set: {b: "spread(9000 + b % 7)"}
  - set: {a: "total([bag, 3][k])"}
winners: {highest: "score[p]"}
"""


def test_a_folded_definition_charges_its_collection_in_place_as_the_call_does(tmp_path, monkeypatch):
    """A definition folding a comprehension charges each collection's length where its loop starts, without
    a call of _it: the same steps (work counts in steps: builtins.work_steps), the same failure for a
    collection that is none (a value known only as the game runs)."""
    path = tmp_path / "charged.yaml"
    path.write_text(CHARGED_IN_PLACE)

    def played():
        try:
            Game(load_ruleset(str(path)), 2, seed=1)
        except PhiltreError as exc:
            return str(exc)

    def steps():
        game = Game(load_ruleset(str(path).replace("charged", "counted")), 2, seed=1)
        return game.state.flow.steps, game.state.vars["a"], game.state.vars["b"]

    (tmp_path / "counted.yaml").write_text(CHARGED_IN_PLACE.replace('  - set: {a: "total([bag, 3][k])"}\n', ""))
    shortcut = played(), steps()
    assert "cannot loop over 3 (in definition 'total'" in shortcut[0]
    names = {name: fn.__code__.co_names for name, fn in load_ruleset(str(path)).namespace.items() if name.startswith("_d_")}
    # (total's generic body, whose items are known only at run time, their v maybe a map's word: summed by the call)
    assert len(names) >= 3 and not any("_it" in found for name, found in names.items() if name != "_d_total")
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert (played(), steps()) == shortcut


@pytest.mark.parametrize("code", [
    "(\n(((p_at['overlap'] == 1) or ((p_at['overlap'] == 0) and (p_at['touching'] > 0))))  # written out: legal\n)",
    "((p_at['a'] == 0) and (p_at['b'] > p_at['a']))",
    "(p_at['a'] * 2 - 1 >= p_at['b'] or not (p_at['a'] < 2))",
    "(not (p_at['a'] < 2) or p_at['a'] > 1)",  # a `not` before the field read first: left as written
    "((p_at['b'] == 0) or (p_at['a'] > p_at['a']))",  # the field read first is read once: left as written
    "((p_at['a'] == 0) or (S.x > p_at['a']))",  # reads the state: left as written
    "(p_at['a'] == 0 or d_x(S, L, p_at['a']))",  # calls a definition: left as written
])
def test_a_field_a_pick_reads_again_is_read_once_and_picks_the_same(code):
    """A pick of many choices whose condition reads its choice's first field again reads it once into a
    local (a grid's placements: `at.overlap == 1 or (at.overlap == 0 and at.touching > 0)`). It picks
    what the condition as written picks, and fails where it fails (a missing field, a field of no number)."""
    once = compiler._fields_read_once(code, "p_at", "w1")
    plain = "S" in code or "d_x" in code or code.startswith(("((p_at['b']", "(not"))
    assert (once == code) == plain, once
    records = [{"a": a, "b": b, "overlap": a, "touching": b} for a in (0, 1, 2, 3) for b in (0, 1, 5)]
    records += [{"b": 1, "touching": 1}, {"a": None, "b": 1, "overlap": None, "touching": 0}]

    def picked(text):
        found = []
        for p_at in records:
            try:
                found.append(bool(eval(text, {}, {"p_at": p_at, "S": None})))  # noqa: S307 - the test's own code
            except (KeyError, TypeError, AttributeError, NameError) as exc:
                found.append(type(exc))
        return found

    assert picked(once) == picked(code)


KEPT = """\
philtre: 1
game: kept
players: 3..5
dice:
  d1: [{symbol: a, count: 1}, {symbol: b, count: 2}, {symbol: c, count: 0}]
  d2: [{symbol: c, count: 1}, {symbol: a, count: 2}, {symbol: b, count: 1}]
variables: {a: 0, b: 0}
define:
  mark_of(p): "['a', 'b', 'c'][p % 3]"
  showing(s): count(p for p in players if mark_of(p) == s)
  met(d): d.count > 0 and showing(d.symbol) == d.count
  matched: "[p for p in players if any(met(d) and d.symbol == mark_of(p) for d in dice)]"
  matches: count(p for p in players if any(met(d) and d.symbol == mark_of(p) for d in dice))
flow:
  - roll: [d1, d2]
  - set: {a: matched, b: matches}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_definition_of_a_die_is_called_at_the_first_seat_only_and_gives_the_same_values(tmp_path, monkeypatch, players):
    """met(d) inside a loop over the seats is called once per die an evaluation (at the first seat; the
    other seats read the values kept then) while the memo stands, and once per die and seat without it:
    the same values, steps and work as the calls give (compiler.SHORTCUTS off)."""
    path = tmp_path / "kept.yaml"
    path.write_text(KEPT)
    ruleset = load_ruleset(str(path))
    calls = []
    for name in [n for n in ruleset.namespace if n == "d_met" or n.startswith("d_") and n.endswith("_met")]:  # d_3_met: for its types
        monkeypatch.setitem(ruleset.namespace, name, lambda S, L, v_d, f=ruleset.namespace[name]: calls.append(v_d) or f(S, L, v_d))
    played = []
    for seed in range(12):
        calls.clear()
        game = Game(ruleset, players, seed=seed)
        assert len(calls) == 2 + 2  # matched, then matches: each die once
        played.append((game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]))
        calls.clear()
        assert game.state.memo is None and ruleset.namespace["d_matched"](game.state, {}) == game.state.vars["a"]
        assert len(calls) == 2 * players  # without the memo: each die at each seat
    assert any(a for a, *_ in played)  # some seats matched a die
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    plain = load_ruleset(str(path))
    for seed, kept in enumerate(played):
        game = Game(plain, players, seed=seed)
        assert (game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]) == kept


@pytest.mark.parametrize("players", [3, 5])
def test_a_definition_of_a_seat_holding_the_die_s_loop_gives_the_values_of_the_loop_written_where_it_is_used(tmp_path, play, players):
    """``held(q): any(met(d) and ... for d in dice)`` called in a loop over the seats is compiled as a function of its
    own, with none of its caller's locals: the same values, steps and work as the loop written in place (a
    metamorphic fuzz found the caller's table of kept values written into the definition's function, a NameError)."""
    routed = KEPT.replace("  matched: \"[p for p in players if any(met(d) and d.symbol == mark_of(p) for d in dice)]\"",
                          "  held(q): any(met(d) and d.symbol == mark_of(q) for d in dice)\n  matched: \"[p for p in players if held(p)]\"")
    assert routed != KEPT
    ends = [ends_of_games(tmp_path, play, text, players, lambda game: (game.state.vars["a"], game.state.vars["b"], game.state.flow.steps,
                                                                 builtins.WORK[0])) for text in (KEPT, routed)]
    assert any(a for a, *_ in ends[0])  # some seats matched a die
    assert ends[1] == ends[0]


def ends_of_games(tmp_path, play, text: str, players: int, end, seeds=range(12)) -> list:
    """``end(game)`` of each seed's game of the ruleset ``text``, played to its end by ``play`` (conftest's random
    decisions, the same for a seed whatever the text)."""
    path = tmp_path / f"ruleset{len(list(tmp_path.iterdir()))}.yaml"
    path.write_text(text)
    ruleset = load_ruleset(str(path))
    return [end(play(ruleset, players, seed)) for seed in seeds]


READS = KEPT.split("variables:")[0].replace("game: kept", "game: reads").replace("3..5", "3..6") + """\
variables: {a: 0, b: 0, marks: {initial: [a, b, c, '']}}
define:
  mark_of(p): "first(m for m in marks if m == marks[p % 4])"
  showing(s): count(p for p in players if mark_of(p) == s)
  met(d): d.count > 0 and showing(d.symbol) == d.count
  handing: >
    [p for p in players if any(met(d) and d.symbol == mark_of(p) for d in dice)]
    if any(met(d) for d in dice) else [p for p in players if mark_of(p) == '']
flow:
  - roll: [d1, d2]
  - set: {a: handing}
  - set: {b: "count(handing) + count(p for p in players if mark_of(p) == '')"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [3, 4, 6])
def test_memo_reads_misses_and_written_out_calls_give_the_values_work_and_steps_of_the_calls(tmp_path, monkeypatch, players):
    """An expression that is one call of a remembered definition, with a memo of its own, calls the definition's
    body (`_d_handing`: the fresh memo cannot hold it); a remembered value read where it stands (a seat's mark,
    false for seat 3, and `showing(d.symbol)`, an argument of another code) calls the definition's function for a
    miss (`_md_...`), which does not look in the memo again; met(d), not remembered, is written out in the loop of
    `any(met(d) for d in dice)`. The same values, steps and work as the calls give (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "reads.yaml"
    path.write_text(READS)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    assert "return _d_handing(S, L)" in text and "# written out: met" in text
    assert re.search(r"else _md_[0-9]*_?showing\(S, L, f_a", text) and re.search(r"else _md_[0-9]*_?mark_of\(S, L, c_p, f_k[0-9]+\)", text)

    shortcut = _played_ab(ruleset, players)
    assert len({str(a) for a, *_ in shortcut}) > 2  # several outcomes: dice met and not
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    sources.clear()
    plain = load_ruleset(str(path))
    assert "_md_" not in "\n".join(sources) and "written out: met" not in "\n".join(sources)
    assert _played_ab(plain, players) == shortcut


def _played_ab(ruleset, players) -> list:
    """16 games' (a, b, steps, work left)."""
    found = []
    for seed in range(16):
        game = Game(ruleset, players, seed=seed)
        found.append((game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]))
    return found


NEAR = READS.replace("game: reads", "game: near").replace(
    "  mark_of(p): \"first(m for m in marks if m == marks[p % 4])\"", "  mark_of(p): \"first(m for m in ['a', 'b', 'c', 'z'] if m == ['a', 'b', 'c', 'z'][p % 4])\"").replace(
    "  handing: >\n", "  near(s): any(d.symbol == s and d.count > 0 for d in dice)\n  handing: >\n").replace(
    "else [p for p in players if mark_of(p) == '']", "else [p for p in players if not near(mark_of(p))]")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_negated_read_given_a_read_has_its_miss_written_out_and_the_seats_passes_charge_once(tmp_path, monkeypatch, players):
    """In `[p for p in players if not near(mark_of(p))]` the read of near, given mark_of's read, computes its argument
    first, then a miss with near's body written out in the loop (Compiler._miss_written_out): no call of its function
    for a miss; the seats' passes over the dice kept true charge their work once, after the loop (_charged_after). The
    same values, steps and work as the calls give (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "near.yaml"
    path.write_text(NEAR)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    assert re.search(r"\n +(f_a[0-9]+) = \((?:f_q[0-9]+\[c_p\] if f_q[0-9]+ is not None else \()?f_h if .*\n +(f_k[0-9]+) = \('d_[0-9]*_?near', \1, \)\n", text)
    assert "# written out: near" in text and not re.search(r"else _md_[0-9]*_?near\(", text)
    assert re.search(r"f_x[0-9]+ = _W\[0\] - f_l[0-9]+ \* _len\(f_i[0-9]+\)", text)

    shortcut = _played_ab(ruleset, players)
    assert len({str(a) for a, *_ in shortcut}) > 2  # several outcomes: dice met and not
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert _played_ab(load_ruleset(str(path)), players) == shortcut


@pytest.mark.parametrize("broken", ["failing", "heavy"])
def test_seats_passes_charged_once_fail_as_the_passes_one_by_one_fail(tmp_path, monkeypatch, broken):
    """Where a pass of the seats' loop over the dice kept true fails (a division by zero at seat 2) or the work runs
    out in it (a definition doing about 3 million steps a seat), the passes run again one by one from where they
    started (Compiler._charged_after): the same message, rule and definition as with compiler.SHORTCUTS off."""
    sources = _spied_sources(monkeypatch)
    other = ("  other(p): mark_of(p) if p != 2 else mark_of(p) * (1 / (p - p))\n" if broken == "failing" else
             "  other(p): mark_of(p) if count(a for a in big for b in big for c in marks) < 0 else mark_of(p)\n")
    # a long body that charges no loop of its own: the seats' pass is charged, not unrolled (64 seats x its size is
    # more than SMALL_WORK), as the loops its definitions charge themselves are no longer counted in it again
    other = other.replace("  other(p): ", "  other(p): mark_of(p) if z10(p) < 0 else ") + "  z0(p): p % 4\n" + "".join(
        f"  z{k}(p): z{k - 1}(p) + z{k - 1}(p)\n" for k in range(1, 11))
    text = READS.replace("game: reads", f"game: {broken}").replace("  handing: >\n", other + "  handing: >\n").replace(
        "d.symbol == mark_of(p) for d in dice)]", "d.symbol == other(p) for d in dice)]").replace(
        "variables: {a: 0, b: 0, ", "variables: {a: 0, b: 0, big: {initial: " + str(list(range(1000))) + "}, ")
    path = tmp_path / "broken.yaml"
    path.write_text(text)

    def message():
        ruleset, failed = load_ruleset(str(path)), []
        for seed in range(8):
            try:
                game = Game(ruleset, 4, seed=seed)
                failed.append((game.state.vars["a"], game.state.flow.steps, builtins.WORK[0]))
            except PhiltreError as exc:
                failed.append((str(exc), builtins.WORK[0]))
        return failed

    shortcut = message()
    assert re.search(r"f_x[0-9]+ = _W\[0\] - f_l[0-9]+ \* _len\(f_i[0-9]+\)", "\n".join(sources))
    assert any(("division by zero (in definition 'other'" if broken == "failing" else "too much work") in str(m) for m, *_ in shortcut)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert message() == shortcut


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_conditional_body_is_an_if_and_its_tests_any_keeps_the_values_the_seats_passes_read(tmp_path, monkeypatch, players):
    """handing's body, `[p for p in players if any(met(d) and ...)] if any(met(d) for d in dice) else [...]`, is an
    `if` of the comprehension's loops (Compiler._folded), and the test's any, which computes met(d) for every die
    (written out), keeps each value in the table the seats' passes read (Compiler._shared_test; the any's statements
    written out before the `if`): met's function is
    never called while the memo stands, where the first seat's pass called it for each die. The same values, steps
    and work as the calls give (compiler.SHORTCUTS off); without the memo, each die at each seat as before."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "reads.yaml"
    path.write_text(READS)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    # (the test's any written out before the `if`, filling the table: its statements, then its value)
    test = re.search(r"def _d_handing\(S, L\):\n(?:    m = S\.memo\n)?    (f_t[0-9]+) = \[\] if S.memo is not None else None\n"
                     r"    (f_g[0-9]+) = False\n    if \1 is not None:\n(?:.*\n)*?    if \2:\n", text)
    assert test and "g_fold" not in test.group(0) and f"{test.group(1)}.append(" in test.group(0)
    # (the seats' any, each seat's condition, written out in their loop: its statements, then its value)
    assert re.search(r"\n( +)if (f_g[0-9]+):\n\1    f_r.append\(\(c_p\)\)", text) and not re.search(r"if g_fold[0-9]+\(S, L, c_p", text)

    def played(ruleset):
        calls, found, games = [], [], []
        for name in [n for n in ruleset.namespace if n == "d_met" or n.startswith("d_") and n.endswith("_met")]:
            monkeypatch.setitem(ruleset.namespace, name, lambda S, L, v_d, f=ruleset.namespace[name]: calls.append(v_d) or f(S, L, v_d))
        for seed in range(16):
            games.append(Game(ruleset, players, seed=seed))
            found.append((games[-1].state.vars["a"], games[-1].state.vars["b"], games[-1].state.flow.steps, builtins.WORK[0]))
        during = list(calls)
        for game in games:  # handing evaluated again at each end, with a memo and without: its value and work
            for memo in ({}, None):
                game.state.memo, builtins.WORK[0] = memo, 1_000_000
                found.append((ruleset.namespace["d_handing"](game.state, {}), builtins.WORK[0]))
            game.state.memo = None
        return found, during, calls[len(during):]

    shortcut, calls, unremembered = played(ruleset)
    assert calls == [] and len({str(a) for a, *_ in shortcut[:16]}) > 2  # several outcomes: dice met and not
    assert len(unremembered) % players == 0 and unremembered  # (without the memo: each die at each seat, where one met)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path)))[0] == shortcut


FIRSTS = """\
philtre: 1
game: firsts
players: 3..5
components:
  chip: {attributes: {v: [1, 2, 3]}, start: bag}
zones:
  bag: {visible: everyone}
  hand: {each: player, visible: everyone}
variables: {a: 0, b: 0}
define:
  top(p): first(c.v for c in hand[p])
  tops: "[top(p) for p in players]"
flow:
  - deal: {from: bag, to: "[hand[p] for p in players if p > 0]", count: 1}
  - set: {a: tops, b: "first(c.v for c in bag)"}
  - move: bag -> hand[0]
  - set: {b: "[first(c.v for c in bag), top(0), first(c.v for c in hand[1])]"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [3, 5])
def test_the_first_item_of_a_zone_is_read_by_its_index_and_none_where_it_is_empty(tmp_path, monkeypatch, players):
    """`first(c.v for c in hand[p])`, a zone's first component's attribute, is its first item read by index
    (no loop), none for an empty hand: the same values, steps and work as the loops give (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "firsts.yaml"
    path.write_text(FIRSTS)

    def played(ruleset):
        games = [Game(ruleset, players, seed=seed) for seed in range(4)]
        return [(g.state.vars["a"], g.state.vars["b"], g.state.flow.steps, builtins.WORK[0]) for g in games]

    shortcut = played(load_ruleset(str(path)))
    assert "        f_r = (f_i0[0].plain['v'])\n" in "\n".join(sources)  # (the component read where the item reads it)
    assert all(a[0] is None and a[1] is not None for (a, *_) in shortcut)  # seat 0's hand was empty, seat 1's not
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path))) == shortcut


def test_an_expression_that_is_one_call_of_a_definition_of_statements_runs_them_and_fails_in_its_name(tmp_path, monkeypatch):
    """`set: {a: handing}`, one call of a remembered definition of no argument whose body is statements, with a memo of
    its own, has those statements written out in the expression's function (Compiler._body_written): no call. A
    failure there (a division by zero in its last branch) is reported in that definition, with the message and rule
    of the call (compiler.SHORTCUTS off); values, steps and work as the call gives."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "written.yaml"
    path.write_text(READS.replace("else [p for p in players if mark_of(p) == '']", "else [p for p in players if mark_of(p) == '' or 1 / (p - p) > 0]"))

    def played():
        ruleset, found = load_ruleset(str(path)), []
        for seed in range(6):
            try:
                game = Game(ruleset, 4, seed=seed)
                found.append((game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]))
            except PhiltreError as exc:
                found.append(str(exc))
        return found

    shortcut = played()
    assert re.search(r"\ndef e[0-9]+\(S, L\):\n(?:.*\n)*?    S\.memo = \{\}\n    try:\n        m = S\.memo  # written out: handing\n", "\n".join(sources))
    assert any("division by zero (in definition 'handing'" in str(found) for found in shortcut) and any(isinstance(f, tuple) for f in shortcut)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played() == shortcut


def _expression_function(ruleset, name, text):
    """The expression's function ``name`` made from ``text`` (its source after the name) in the ruleset's namespace, its
    fresh work budget taken out."""
    namespace = dict(ruleset.namespace)
    exec(f"def {name}{text.replace('    _W[0] = 10000000', '    pass', 1)}", namespace)  # noqa: S102
    return namespace[name]


def _evaluated_at_every_budget(ruleset, players, evaluate, memo) -> tuple:
    """``evaluate`` on the first state of 8 games (its values), then at every work budget up to its work and one past
    it (its values or failures, and the work left), each from the memo ``memo()`` gives (8: each game's every budget is
    an evaluation, and the suite's time is CI's)."""
    values, found = [], []
    for seed in range(8):
        state = Game(ruleset, players, seed=seed).state
        state.memo, builtins.WORK[0] = memo(), 10**6
        values.append(evaluate(state, {}))
        used = 10**6 - builtins.WORK[0]
        for budget in range(used + 2):
            state.memo, builtins.WORK[0] = memo(), budget
            try:
                found.append((evaluate(state, {}), builtins.WORK[0]))
            except Exception as exc:  # noqa: BLE001 - the failure is compared
                found.append((str(exc), builtins.WORK[0]))
        assert state.memo is None or memo() is not None  # (the expression drops its memo)
    return values, found


@pytest.mark.parametrize("players", [3, 4, 6])
def test_an_expression_with_a_memo_of_its_own_counts_a_tallied_list_it_keeps_in_a_local(tmp_path, monkeypatch, players):
    """`set: {a: handing}`, its body written out with a memo of its own (Compiler._body_written), reads `showing(d.symbol)`
    in its test's loop over the dice: once the count's list is kept, each read counts it from a local (`f_tv0`,
    compiler._counts_kept), without the key, the memo's look-up and the call, and the function for a miss keeps no
    count under its own key (Compiler._tallied). The expression's function, its fresh budget taken out, run at every
    budget up to its work and past it, gives the values, work left and failures of the same function whose reads are
    all made as they were (the local never set), and those `handing` gives from an empty memo with compiler.SHORTCUTS
    off: among them its last branch's seats, whose reads of `mark_of(p)` are misses written out as statements, which
    stand in the expression's function as deep as in the definition's (they stood one level out: each seat computed and
    charged its mark again after a hit)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "counted.yaml"
    path.write_text(READS)
    ruleset = load_ruleset(str(path))
    found = re.search(r"\ndef (e[0-9]+)(\(S, L\):\n    _W\[0\] = 10000000\n(?:.*\n)*?        f_tv0 = None\n(?:.*\n)*?        S\.memo = None)\n",
                      "\n".join(sources))
    assert found and "(f_tv0.count(f_a" in found.group(2) and "        return f_v.count(v_s)\n" in "\n".join(sources)

    def function(text):
        return _expression_function(ruleset, found.group(1), text)

    def evaluated(ruleset, evaluate, memo):
        return _evaluated_at_every_budget(ruleset, players, evaluate, memo)

    kept = evaluated(ruleset, function(found.group(2)), lambda: None)
    assert kept == evaluated(ruleset, function(found.group(2).replace("(f_tv0 := ", "(f_tvx := ")), lambda: None)
    # the read where the local is none, as it was first written: the word's key, its look-up, the function for a miss
    # that counts the list, then the list read from the memo (the count's list alone, _mt..., makes and keeps it)
    alone = r"\(f_tv0 := _mt(d_[A-Za-z0-9_]+)\(S, L, m\)\)\.count\((f_a[0-9]+)\)"
    assert re.search(alone, found.group(2))
    looked = re.sub(alone, r"((f_h if (f_h := m.get((f_kx := ('\1', \2, )), _LAZY)) is not _LAZY else _m\1(S, L, \2, f_kx)), (f_tv0 := m.get(('\1', ))))[0]",
                    found.group(2))
    assert kept == evaluated(ruleset, function(looked), lambda: None)
    assert any(isinstance(value, str) for value, _ in kept[1]) and any(value for value in kept[0])
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    plain = load_ruleset(str(path))
    assert evaluated(plain, plain.namespace["d_handing"], dict) == kept


OFF = NEAR.replace("game: near", "game: off").replace(
    "  handing: >\n", "  off: \"[p for p in players if not near(mark_of(p))]\"\n  handing: >\n").replace(
    "else [p for p in players if not near(mark_of(p))]", "else (off if count(off) < player_count else [])")


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("shape", ["apart", "shared"])
def test_an_expression_with_a_memo_of_its_own_writes_out_its_last_lists_miss_and_keeps_a_miss_read_nowhere_else_apart(
        tmp_path, monkeypatch, players, shape):
    """`set: {a: handing}`, its body written out with a memo of its own, ends with `off if count(off) < player_count
    else []`: the miss of `off` is written out before that statement (compiler._once_written), without the memo's
    look-up (no other line run with the memo names its key), and, in `off`'s loop, the miss of `near(mark_of(p))`,
    whose key no other line names, keeps its values in a dict of the function's own, keyed by the word
    (compiler._misses_kept_apart); where `met(d)` reads `near(d.symbol)` too ("shared"), near's values stay in the
    memo. The expression's function, its fresh budget taken out, run at every budget up to its work and past it,
    gives the values, work left and failures of `handing` from an empty memo with compiler.SHORTCUTS off."""
    sources = _spied_sources(monkeypatch)
    text = OFF if shape == "apart" else OFF.replace("  met(d): d.count > 0 and showing(d.symbol) == d.count",
                                                    "  met(d): d.count > 0 and near(d.symbol) and showing(d.symbol) == d.count")
    path = tmp_path / "off.yaml"
    path.write_text(text)
    ruleset = load_ruleset(str(path))
    found = re.search(r"\ndef (e[0-9]+)(\(S, L\):\n    _W\[0\] = 10000000\n(?:.*\n)*?        m = S\.memo  # written out: handing\n"
                      r"(?:.*\n)*?        S\.memo = None)\n", "\n".join(sources))
    assert found and "            f_once = []  # written out: off\n" in found.group(2) and "_off(S, L" not in found.group(2)
    assert ("= {}  # (a miss's values kept apart)" in found.group(2)) == (shape == "apart")
    assert re.search(r"f_h = f_l0\.get\(f_a[0-9]+, _LAZY\)  # written out: off\n", found.group(2)) or shape == "shared"
    # the seats' passes read the count's list from its local, and no written-out line tests the memo for none
    assert re.search(r"f_q[0-9]+ = \(f_tv0 if f_tv0 is not None else m\.get\(\('d_[A-Za-z0-9_]+', \)\)\)", found.group(2))
    assert "if m is not None:" not in found.group(2) and "m.get(('d_" not in found.group(2).replace("else m.get(('d_", "")

    kept = _evaluated_at_every_budget(ruleset, players, _expression_function(ruleset, found.group(1), found.group(2)), lambda: None)
    assert len({str(value) for value in kept[0]}) > 1 and any(isinstance(value, str) for value, _ in kept[1])
    looked = re.sub(r"\((f_tv0) if f_tv0 is not None else (m\.get\(\('d_[A-Za-z0-9_]+', \)\))\)", r"\2", found.group(2))
    assert looked != found.group(2)  # (each list looked up in the memo, as before)
    assert _evaluated_at_every_budget(ruleset, players, _expression_function(ruleset, found.group(1), looked), lambda: None) == kept
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    plain = load_ruleset(str(path))
    assert _evaluated_at_every_budget(plain, players, plain.namespace["d_handing"], dict) == kept


LISTS_READ = """\
def e1(S, L):
    _W[0] = 10000000
    if S.memo is not None:
        return _e1(S, L)
    S.memo = {}
    try:
        m = S.memo  # written out: h
        f_tv0 = None
        f_a = (f_tv0.count(1) if f_tv0 is not None else (f_tv0 := _mtd_x(S, L, m)).count(1))
        if f_a:
            f_y0 = _len(S.memo)
            f_q0 = m.get(('d_x', ))
            for f_e in [*S.memo][f_y0:]:
                del S.memo[f_e]
        if m is not None:  # written out: h
            m[1] = f_a  # written out: h
        if m is not None:
            f_b = 1
        else:
            f_b = 2
        return m.get(('d_x', ))
    finally:
        S.memo = None"""


def test_a_tallied_list_is_read_from_its_local_only_where_no_mark_of_a_taking_back_is_taken_before_it():
    """compiler._lists_read_kept: a look-up of a tallied count's list reads its local (``f_tv0``), and a test of the
    memo for none with no other branch is left out, where every taking back of memo entries (``del``) takes back from
    a mark taken at or after the statement holding the first one (the list, kept before, stays); unchanged where a
    mark is taken before that statement (the list, kept after it, may be taken back) or a line sets ``m``."""
    text = compiler._lists_read_kept(LISTS_READ)
    assert text.count("(f_tv0 if f_tv0 is not None else m.get(('d_x', )))") == 2 and "m.get(('d_x', ))" not in text.replace("else m.get(('d_x', ))", "")
    assert "        m[1] = f_a  # written out: h\n" in text and text.count("if m is not None:") == 1 and "        else:\n            f_b = 2" in text
    compile(text, "<test>", "exec")
    early = LISTS_READ.replace("        f_a = (f_tv0", "        f_y0 = _len(S.memo)\n        f_a = (f_tv0").replace("            f_y0 = _len(S.memo)\n", "")
    assert compiler._lists_read_kept(early) == early
    reset = LISTS_READ.replace("        if m is not None:  # written out: h\n", "        m = S.memo\n        if m is not None:  # written out: h\n")
    assert compiler._lists_read_kept(reset) == reset


@pytest.mark.parametrize("broken", ["off", "near"])
def test_a_last_lists_miss_written_out_fails_in_its_own_name(tmp_path, monkeypatch, broken):
    """A failure in `off`'s statements written out in the expression (compiler._once_written), or in `near`'s,
    written out in them, is reported in that definition, with the message and rule of the calls (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    text = (OFF.replace("  off: \"[p for p in players if not near(mark_of(p))]\"", "  off: \"[p for p in players if not near(mark_of(p)) and 1 / (p - p) > 0]\"")
            if broken == "off" else OFF.replace("  near(s): any(d.symbol == s and d.count > 0 for d in dice)",
                                                "  near(s): any(d.symbol == s and d.count / (d.count - d.count) > 0 for d in dice)"))
    path = tmp_path / "broken.yaml"
    path.write_text(text)

    def messages():
        found = []
        for seed in range(8):
            try:
                game = Game(load_ruleset(str(path)), 4, seed=seed)
                found.append((game.state.vars["a"], game.state.vars["b"], game.state.flow.steps))
            except PhiltreError as exc:
                found.append(str(exc))
        return found

    shortcut = messages()
    assert "            f_once = []  # written out: off\n" in "\n".join(sources)
    assert any(f"(in definition '{broken}'" in str(found) and "division by zero" in str(found) for found in shortcut)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert messages() == shortcut


@pytest.mark.parametrize("broken", ["showing", "met", "mark_of"])
def test_a_definition_read_for_a_miss_or_written_out_fails_in_its_own_name(tmp_path, monkeypatch, broken):
    """A failure in the function for a miss (showing's), in a body written out in a fold's loop (met's) or in the
    body of a function for a miss written out in a loop's condition (mark_of's, in showing's loop) is reported in
    that definition, with the message and rule of the calls (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    text = READS.replace("  met(d): d.count > 0 and showing(d.symbol) == d.count",
                         "  met(d): d.count > 0 and showing(d.symbol) / (d.count - d.count) == d.count") if broken == "met" else \
        READS.replace("  showing(s): count(p for p in players if mark_of(p) == s)",
                      "  showing(s): count(p for p in players if mark_of(p) == s) / (count(players) - count(players))") if broken == "showing" else \
        READS.replace("  mark_of(p): \"first(m for m in marks if m == marks[p % 4])\"",
                      "  mark_of(p): \"first(m for m in marks if m == marks[p % 4] and 1 / (p - p) > 0)\"")
    path = tmp_path / "broken.yaml"
    path.write_text(text)

    def message():
        with pytest.raises(PhiltreError) as exc:
            Game(load_ruleset(str(path)), 4, seed=1)
        return str(exc.value)

    shortcut = message()
    assert f"(in definition '{broken}'" in shortcut and "division by zero" in shortcut
    assert broken != "mark_of" or re.search(r"\n        if f_h is _LAZY:\n(.*# written out: mark_of\n)+", "\n".join(sources))
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert message() == shortcut


def test_a_definition_failing_at_the_first_seat_fails_as_the_calls_fail(tmp_path, monkeypatch):
    """Where the kept definition fails, it fails at the first pass, where it is called as written: the same
    message, rule and definition as with compiler.SHORTCUTS off."""
    failing = KEPT.replace("  matches: count(", '  bad(d): showing(d.symbol) / (d.count - d.count) > 0\n'
                           '  failing: "[p for p in players if any(bad(d) and p > 0 for d in dice)]"\n  matches: count(')
    failing = failing.replace("{a: matched, b: matches}", "{a: matched, b: failing}")
    path = tmp_path / "failing.yaml"
    path.write_text(failing)

    def message():
        ruleset = load_ruleset(str(path))
        with pytest.raises(PhiltreError) as exc:
            Game(ruleset, 4, seed=1)
        return ruleset, str(exc.value)

    ruleset, kept = message()
    names = _names_of(ruleset.namespace["_d_failing"].__code__)
    names = names.union(*(_names_of(ruleset.namespace[n].__code__) for n in names if n.startswith("g_fold")))  # (the any's loops)
    assert {"_zip", "_compress"} & names  # the values are kept there (read beside the items, or picking them)
    assert "division by zero (in definition 'bad'" in kept and "`failing`" in kept
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert message()[1] == kept


SEAT_MEMO = """\
philtre: 1
game: seat-memo
players: 3..6
variables: {a: 0, b: 0}
define:
  mark_of(p): "first(m for m in [['a', 'b', 'c', ''][p % 4]])"
  showing(s): count(p for p in players if mark_of(p) == s)
  unmarked: "[p for p in players if mark_of(p) == '']"
  both: showing('a') + showing('b') * 10 + count(unmarked) * 100
flow:
  - set: {a: both, b: "mark_of(0)"}
winners: {highest: "score[p]"}
"""


def _played_marks(ruleset, monkeypatch, players, computed=None):
    """A game's (a, b, steps, work left) and the seats given to mark_of's functions (its own and the one for a miss);
    with a list ``computed``, the places (seat % 4) whose mark was computed, wherever its body stands (its list's item)."""
    calls = []
    for name in [n for n in ruleset.namespace if n.startswith(("d_", "_md_")) and n.endswith("mark_of")]:
        monkeypatch.setitem(ruleset.namespace, name, lambda S, L, v_p, *key, f=ruleset.namespace[name]: calls.append(v_p) or f(S, L, v_p, *key))
    if computed is not None:
        marks = ["a", "b", "c", ""]
        monkeypatch.setitem(ruleset.namespace, "_ix", lambda a, b, f=ruleset.namespace["_ix"]: (a == marks and computed.append(b)) or f(a, b))
    game = Game(ruleset, players, seed=1)
    return (game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]), calls


def _spied_sources(monkeypatch) -> list:
    """The generated source compiled from now on, each batch as it is compiled."""
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    return sources


NONES = """\
philtre: 1
game: nones
players: 2
components:
  chip: {attributes: {v: [0, 1], w: [x, y]}, start: bag}
  blank: {start: bag}
zones:
  bag: {visible: everyone}
  aside: {visible: everyone}
define:
  top(z): first(x for x in z)
  val(z): first(x.v for x in z)
  owned(c): c.w
variables: {a: 0, b: 0, c: 0, d: 0, e: 0, f: 0}
flow:
  - set: {a: "[x.w == none for x in bag]", b: "[none != x.w for x in bag]"}
  - set: {c: "[val(bag) == none, val(aside) == none, none == top(aside), top(bag) != none, owned(top(bag)) == none]"}
  - set: {d: "[x == none for x in [0, 1, 2]]", e: "[w != none for w in ['a', 'none', '']]", f: "[t == none for t in [true, false]]"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [3, 5, 6])
def test_a_seats_remembered_value_is_read_from_the_memo_where_a_loop_over_the_seats_calls_it_again(tmp_path, monkeypatch, players):
    """mark_of(p), a remembered definition given a comprehension's seat, is read from the memo where it stands
    (Compiler._memo_read): the later loops over the seats make no call for a value kept there, true or false
    ('' of seat 3); a miss in the first loop's condition computes the value with the body of the definition's
    function for a miss written out there (Compiler._miss_written_out), which does not look again: each seat's
    mark computed once, no call. The same values, steps and work as the calls give (compiler.SHORTCUTS off), and
    as many calls as seats without the memo."""
    path = tmp_path / "memo.yaml"
    path.write_text(SEAT_MEMO)

    ruleset = load_ruleset(str(path))
    # (read in its comprehension: unmarked reads nothing a game changes, so its body is the function of a value kept
    # for the game, _od_unmarked, run at its first read, where the memo of the expression reading it stands)
    assert {"memo", "get"} <= _names_of(ruleset.namespace["_od_unmarked"].__code__)
    computed = []
    found, calls = _played_marks(ruleset, monkeypatch, players, computed)
    # showing('a') computes each seat's mark (a miss each, written out in its loop); showing('b') and unmarked read
    # every one, the false ones too; mark_of(0), the whole of its expression, has its folded body written out there
    assert calls == [] and sorted(computed) == sorted([0] + [p % 4 for p in range(players)])
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    plain, plain_calls = _played_marks(load_ruleset(str(path)), monkeypatch, players)
    marks = [["a", "b", "c", ""][p % 4] for p in range(players)]
    assert plain == found and found[0] == marks.count("a") + 10 * marks.count("b") + 100 * marks.count("")
    assert len(plain_calls) == 3 * players + 1


SEAT_KEYS = SEAT_MEMO.replace("game: seat-memo", "game: seat-keys").replace(
    "  both: showing('a') + showing('b') * 10 + count(unmarked) * 100\n",
    "  again: count(p for p in unmarked if mark_of(p) == '')\n  both: showing('a') + showing('b') * 10 + count(unmarked) * 100 + again * 1000\n",
).replace("{a: both, ", "{a: \"count([mark_of(left(0))]) + both\", ")


@pytest.mark.parametrize("players", [3, 5, 6])
def test_a_memo_read_of_a_seat_of_the_seats_loop_keys_it_by_a_kept_tuple_equal_to_the_calls_key(tmp_path, monkeypatch, players):
    """A memo read of a remembered definition given a seat of a loop over `players` keys it by the tuple kept for
    that seat (`_kd_...`), equal to the key the definition's own function makes: seat 1's mark, kept by that
    function's call (`mark_of(left(0))`, in the expression's own memo), is found by the reads of the seats'
    loop, and none is computed twice; a read over another list of seats (`unmarked`) makes its key. The same values, steps and work as the calls give
    (compiler.SHORTCUTS off), and one computation per seat."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "keys.yaml"
    path.write_text(SEAT_KEYS)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    assert re.search(r"\bf_k[0-9]+ = _kd_[0-9]*_?mark_of\[c_p\]\n", text)  # (the seats' loops: a miss written out there)
    assert re.search(r"\bf_k[0-9]+ = \('d_[0-9]*_?mark_of', c_p, \)\n", text)  # (the loop over unmarked)
    keys = [n for n in ruleset.namespace if n.startswith("_kd_")]
    assert keys and all(ruleset.namespace[n][seat] == (n[2:], seat) for n in keys for seat in range(64))

    computed = []
    found, calls = _played_marks(ruleset, monkeypatch, players, computed)
    # each seat's mark computed once, seat 1's by its call (and seat 0's again by `mark_of(0)`, an expression of its own)
    assert calls == [1] and sorted(computed) == sorted([0] + [p % 4 for p in range(players)])
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    plain, _ = _played_marks(load_ruleset(str(path)), monkeypatch, players)
    marks = [["a", "b", "c", ""][p % 4] for p in range(players)]
    assert plain == found and found[0] == 1 + marks.count("a") + 10 * marks.count("b") + 1100 * marks.count("")


def test_a_comparison_with_none_is_an_identity_test_with_the_values_of_equality(tmp_path, monkeypatch):
    """`x == none` and `x != none` are Python's `is None` and `is not None` (only none equals none): the values
    `==` gives, for a missing attribute, a component, a definition's none, numbers, words and truth values."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "nones.yaml"
    path.write_text(NONES)

    def played():
        game = Game(load_ruleset(str(path)), 2, seed=1)
        return game.state.vars, game.state.flow.steps, builtins.WORK[0]

    shortcut = played()
    assert [shortcut[0][k] for k in "abcdef"] == [[False] * 4 + [True], [True] * 4 + [False], [False, True, True, True, False],
                                                 [False] * 3, [True] * 3, [False, False]]
    text = "\n".join(sources)
    assert " is None)" in text and " is not None)" in text and "== None" not in text and "!= None" not in text
    sources.clear()
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played() == shortcut
    assert "== None" in "\n".join(sources)


KINDS = """\
philtre: 1
game: kinds
players: 2
components:
  chip: {attributes: {v: [0, 1]}, start: bag}
  blank: {copies: 2, start: bag}
  token: {attributes: {v: 2}, start: aside}
zones:
  bag: {visible: everyone}
  aside: {visible: everyone}
define:
  top(z): first(x for x in z)
  chips(z): count(x for x in z if x is chip)
variables: {a: 0, b: 0, c: 0, d: 0, e: 0}
actions:
  take:
    choose: {x: bag}
    if: x is blank or x.v >= me or count(bag) < 3
    do:
      - move: x -> aside
flow:
  - set: {a: "[x is chip for x in bag]", b: "[x is not blank for x in components]"}
  - set: {c: "[chips(bag), chips(aside), count(x for x in aside if x is token)]", d: "[top(bag) is chip, top(aside) is not token]"}
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: take
winners: {highest: "score[p]"}
"""


def _kinds_played(path):
    """The variables a-e of a game of ``path`` as its flow set them (or the message of the rule that failed), and at
    each decision the seat, its options (the type and v of each component chosen), the steps and the work left."""
    listed = []
    try:
        game = Game(load_ruleset(str(path)), 2, seed=1)
        values = [game.state.vars[k] for k in "abcde"]
        while not game.finished:
            seat = game.pending()[0]
            options = game.options(seat)
            listed.append((seat, [(o.args[0][1]["type"], o.args[0][1].get("v")) for o in options], game.state.flow.steps, builtins.WORK[0]))
            game.apply(seat, options[-1])
    except PhiltreError as exc:
        return str(exc), listed
    return values, listed


def test_a_components_type_is_read_from_its_slot_with_the_values_of_its_item(tmp_path, monkeypatch):
    """`x is chip` of a loop's component reads the component's slot `kind` (its "type"), not its item: the same
    values, options, steps and work left as with compiler.SHORTCUTS off, where the test reads the item."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "kinds.yaml"
    path.write_text(KINDS)
    played = lambda: _kinds_played(path)  # noqa: E731
    shortcut = played()
    assert shortcut[0][:4] == [[True, True, False, False], [True, True, False, False, True], [2, 0, 1], [True, False]]
    assert [seat_options for _, seat_options, _, _ in shortcut[1]][:2] == [[("chip", 0), ("chip", 1), ("blank", None)], [("chip", 1), ("blank", None)]]
    text = "\n".join(sources)
    assert ".kind == 'chip')" in text and ".kind == 'blank')" in text and "['type']" not in text
    sources.clear()
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played() == shortcut
    assert "['type'] == 'chip')" in "\n".join(sources)


def test_a_loop_components_attributes_are_read_from_its_plain_dict_with_the_values_of_its_items(tmp_path, monkeypatch):
    """`x.v` of a loop's component reads the plain dict the component keeps of its items (`x.plain.get('v')`): the
    same values (none where its type has no v), options, steps and work left as with compiler.SHORTCUTS off, and
    the same failure where the loop's variable is none."""
    sources = _spied_sources(monkeypatch)
    path, failing = tmp_path / "kinds.yaml", tmp_path / "failing.yaml"
    read = KINDS.replace("  - turns: 0", '  - set: {e: "[x.v for x in components if x.v != 1]"}\n  - turns: 0')
    path.write_text(read)
    failing.write_text(read.replace("winners:", '  - set: {e: "[c.v for c in [top(aside), top(bag)]]"}\nwinners:'))  # bag is empty
    shortcut = _kinds_played(path), _kinds_played(failing)
    assert shortcut[0][0][4] == [0, None, None, 2]
    assert [seat_options for _, seat_options, _, _ in shortcut[0][1]][:2] == [[("chip", 0), ("chip", 1), ("blank", None)],
                                                                              [("chip", 1), ("blank", None)]]
    assert "read an attribute of none" in shortcut[1][0] and "[c.v for c in [top(aside), top(bag)]]" in shortcut[1][0]
    text = "\n".join(sources)
    assert "c_x.plain.get('v')" in text and "c_x.get(" not in text
    assert "p_x.plain['v']" in text  # (the right of `x is blank or`: a chip or a token, both declaring v)
    sources.clear()
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert (_kinds_played(path), _kinds_played(failing)) == shortcut
    assert ".plain" not in "\n".join(sources)


@pytest.mark.parametrize("shortcuts", [True, False])
def test_the_type_test_of_a_loops_none_is_false_as_the_builtins(tmp_path, monkeypatch, shortcuts):
    """`x is chip` where the loop's list holds none (`[top(empty), top(bag)]`) is false, as `top(empty) is chip` is
    (the builtin `is`): only a loop over a zone, whose items are components, tests the slot where it stands."""
    monkeypatch.setattr(compiler, "SHORTCUTS", shortcuts)
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "kinds.yaml"
    path.write_text(KINDS.replace("  - turns: 0", '  - set: {e: "[[x is chip, x is not blank] for x in [top(empty), top(bag)]]"}\n'
                                                  "  - turns: 0").replace("  aside: {visible: everyone}\n", "  aside: {visible: everyone}\n  empty: {visible: everyone}\n"))
    values, listed = _kinds_played(path)
    assert values[4] == [[False, True], [True, True]]  # top(empty) is none: no chip, not blank, as `top(empty) is chip` says
    assert [seat_options for _, seat_options, _, _ in listed][:1] == [[("chip", 0), ("chip", 1), ("blank", None)]]
    if shortcuts:  # a zone's loop still reads the slot where it stands
        text = "\n".join(sources)
        assert "_is(c_x, 'chip')" in text and "(c_x.kind == 'chip')" in text


def _played_in_turn(path, players, seed, ending):
    """The seat, steps and work left after each decision of a game of the ruleset at ``path``, its options taken in
    turn, then its steps, work left and ``ending(game)``; or the decisions and the message of the rule that failed."""
    found, game = [], Game(load_ruleset(str(path)), players, seed=seed)
    try:
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                game.apply(p, options[len(found) % len(options)])
                found.append((p, game.state.flow.steps, game._work_left))
    except PhiltreError as exc:
        return found, str(exc)
    return found, game.state.flow.steps, game._work_left, ending(game)


WRITTEN_SEATS = """\
philtre: 1
game: written-seats
players: 3..5
step_limit: 100000
components:
  chip: {attributes: {v: [0, 1, 2]}, copies: 3, start: bag}
zones:
  bag: {visible: everyone}
  pile: {each: player, visible: everyone}
variables: {a: 0, b: 0, c: 0, d: 0, k: 1, w: 0}
define:
  target(p): pile[right(p, k)]
  beside(p): left(p, k) + left(p) * 10 + right(p, -2) * 100 + left(3, 2) * 1000
  spread(n): sum(x for x in range(n)) + 0
actions:
  give:
    choose: {chip: bag}
    do:
      - move: chip -> target(me)
      - set: {k: "k + 2 - me * 3"}
flow:
  - set: {a: "[beside(p) for p in players]"}
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: give
  - set: {b: "[c.v for z in pile for c in z]", c: "[[x for z in pile for x in z if x.v > 0], k]"}
  - repeat: 30
    do:
      - set: {w: "spread(9000 + w % 7)"}
  - set: {d: "[c for z in [bag, 3] for c in z]"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("broken", ["", "loop", "seat"])
def test_seats_to_the_side_lists_and_folds_inside_an_expression_give_the_values_work_and_failures_of_the_calls(
        tmp_path, monkeypatch, players, broken):
    """left() and right() of a seat and a variable or a number are plain code, with the call only for what is not a
    whole number, and a small definition calling them (target(me)) is written out where it is given a name of the
    flow or an action; a list comprehension as a whole expression is loops, and a fold inside an expression charges
    its collections in place (no _it): the same values, steps, work left and failures as with compiler.SHORTCUTS off."""
    text = WRITTEN_SEATS.replace("k + 2 - me * 3", "'place'") if broken == "seat" else WRITTEN_SEATS  # (a word: no count)
    if not broken:
        text = text.replace('  - set: {d: "[c for z in [bag, 3] for c in z]"}\n', "")  # (3 is no collection)
    path = tmp_path / "seats.yaml"
    path.write_text(text)
    sources = _spied_sources(monkeypatch)

    def ending(game):
        values = {k: game.state.vars[k] for k in "abw"}
        values["c"] = [[x.ident for x in game.state.vars["c"][0]], game.state.vars["c"][1]]  # (components: each load's own)
        return values, [[c.ident for c in z] for z in game.state.zones["pile"]]

    def played():
        return _played_in_turn(path, players, 1, ending)

    shortcut = played()
    text = "\n".join(sources)
    assert "b_left(S, v_p, S.vars['k']))" in text and "(v_p + S.vars['k']) % S.nplayers" in text
    # (the action's own seat needs no test: only k's)
    # (k read once: tested and read from a local of its own where the seat needs no test)
    assert "(L['me'] - f_places) % S.nplayers if _type(f_places := S.vars['k']) is _int else" in text and "# written out: target" in text
    loops = [f for f in re.split(r"^def ", text, flags=re.M) if f.startswith("g_fold") or (f.startswith("e") and "f_r.append" in f)]
    assert len(loops) >= 2 and not any("_it(" in f for f in loops)  # (the list in a list stays a comprehension)
    if not broken:
        values, piles = shortcut[-1]
        assert values["a"] == [(p + 1) % players + (p + 1) % players * 10 + (p + 2) % players * 100 + 5 % players * 1000
                               for p in range(players)]
        assert sorted(values["b"]) == [0, 0, 0, 1, 1, 1, 2, 2, 2] and len(values["c"][0]) == 6 and values["w"] > 0
        assert sum(map(len, piles)) == 9
    elif broken == "seat":
        assert "right()'s count of places must be a whole number" in shortcut[1] and "in definition 'target'" in shortcut[1]
    else:
        assert "cannot loop over 3" in shortcut[1]
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    sources.clear()
    assert played() == shortcut
    assert "b_right(S, L['me']" not in "\n".join(sources)  # (the plain path: calls)


LEAD_FOLDS = """\
philtre: 1
game: lead-folds
players: 2..4
step_limit: 100000
components:
  chip: {attributes: {v: [0, 1, 2]}, copies: 3, start: bag}
zones:
  bag: {visible: everyone}
  pile: {each: player, visible: everyone}
variables: {a: 0, b: 0, c: 0, d: 0, big: 0}
define:
  total(z): sum(x.v + count([NOTHING]) * 0 for x in z)     # an item weighs a list of 400 numbers: a pile's total counts steps
  plus(z): sum(x.v for x in z) + count(z) * 2
  some(z): count(x for x in z if x.v > 1) >= 1 and count(z) > 0
  spread(n): sum(x for x in range(n)) * 1 + 0
actions:
  take:
    choose: {chip: bag}
    do:
      - move: chip -> pile[me]
      - when: total(pile[me]) + chip.v > 3
        set: {b: "b + 1"}
flow:
  - set: {a: "[plus(bag), some(bag), total(bag)]"}
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: take
  - repeat: 20
    do:
      - set: {big: "spread(9000 + big % 7)"}
  - set: {c: "[total(pile[0]) > 2 and some(pile[1]), total([pile[0], 3][0])]", d: "any(x.v > 1 for x in bag) or count(bag) == 0"}
  - set: {d: "total([bag, 3][1]) + 1"}
  - for: p in players                           # its passes share one memo: the last reads total(pile[0]) there
    do:
      - score: {player: p, add: "total(pile[0]) + 1"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("fails", [False, True])
def test_a_fold_evaluated_first_is_computed_in_place_with_the_values_work_and_failures_of_the_call(tmp_path, monkeypatch, players, fails):
    """A body or an expression of the flow whose part evaluated first folds a comprehension computes it as statements
    where it stands (no g_fold call), and an expression of the flow whose part evaluated first calls a remembered
    definition of one argument whose body folds writes that body out where the memo does not stand (the call where it
    stands: the scoring loop's passes share one): the same values, steps, work left and failures (a collection that is
    a number, reported in the definition) as with compiler.SHORTCUTS off."""
    text = LEAD_FOLDS.replace("NOTHING", ", ".join(["0"] * 400))
    text = text if fails else text.replace('  - set: {d: "total([bag, 3][1]) + 1"}\n', "")
    path = tmp_path / "lead.yaml"
    path.write_text(text)
    sources = _spied_sources(monkeypatch)

    def played():
        return _played_in_turn(path, players, 2, lambda game: (game.state.scores, {k: game.state.vars[k] for k in "abcd"}))

    shortcut = played()
    functions = {f[:f.index("(")]: f for f in re.split(r"^def ", "\n".join(sources), flags=re.M) if "(" in f}
    assert "g_fold" not in functions["_d_plus"] + functions["_d_some"] + functions["_d_spread"]
    # (of a zone, plus(bag): the generic body's items are known only at run time, their v maybe a map's word, summed
    # by the call, which checks them)
    zoned, = [f for name, f in functions.items() if re.fullmatch(r"_d_[0-9]+_plus", name)]
    assert re.search(r"^    f_r = \(f_r \+ ", zoned, re.M) and "g_fold" not in zoned
    written = [f for name, f in functions.items() if re.fullmatch(r"e[0-9]+", name) and "# written out: total" in f]
    # (not `total([bag, 3][1])`: of a value known only at run time, whose items' v may be a map's word, summed by the call)
    assert len(written) == 2 and all("if S.memo is None:" in f for f in written)
    if fails:
        assert "cannot loop over 3 (in definition 'total'" in shortcut[1]
    else:
        scores, values = shortcut[-1]
        assert values["a"] == [9 + 18, True, 9] and values["d"] is True and values["b"] > 0
        assert len(set(scores)) == 1 and scores[0] == values["c"][1] + 1
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    sources.clear()
    assert played() == shortcut
    assert "written out: total" not in "\n".join(sources)


DECLARED = """\
philtre: 1
game: declared
players: 2
components:
  chip: {attributes: {v: [1, 2], w: [5]}, derive: {double: "v * 2"}, start: bag}
  token: {attributes: {v: [3]}, derive: {double: "v * 2"}, each: player, start: bag}
zones:
  bag: {visible: everyone}
variables: {a: 0, b: 0, c: 0, d: 0, e: 0}
flow:
  - set: {a: "sum(x.v for x in bag)", b: "[x.w for x in bag]", c: "sum(x.double for x in bag)"}
  - set: {d: "[x.id for x in bag if x.type == 'token']", e: "[x.owner for x in bag]"}
winners: {highest: "score[p]"}
"""


def test_an_attribute_every_component_type_declares_is_subscripted_and_reads_what_get_reads(tmp_path, monkeypatch):
    """A loop's component reads an attribute that every type declares (v, a derived one, type, id) by subscript, no
    call; one that some type lacks (w, owner) with get, none for the type without it: the same values as
    compiler.SHORTCUTS off."""
    sources = _spied_sources(monkeypatch)
    shortcut = seats_game(tmp_path, DECLARED, 2)
    generated = "".join(sources)
    assert {"x.plain['v']", "x.plain['double']", "x.plain['type']", "x.plain['id']", "x.plain.get('w')", "x.plain.get('owner')"} <= {
        m.replace("c_x", "x") for m in re.findall(r"c_x\.plain(?:\['[a-z]+'\]|\.get\('[a-z]+'\))", generated)}
    assert (shortcut["a"], shortcut["b"], shortcut["c"]) == (9, [5, 5, None, None], 18)
    assert shortcut["e"] == [None, None, 0, 1]
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert seats_game(tmp_path, DECLARED, 2) == shortcut


NARROWED = DECLARED.replace("""  - set: {d: "[x.id for x in bag if x.type == 'token']", e: "[x.owner for x in bag]"}
""", """  - set: {a: "[x.w for x in bag if x is chip]", b: "count(x for x in bag if x is chip and x.v > 1 and x.w == 5)"}
  - set: {c: "[0 if x is token or x.w == 5 else 1 for x in bag]", d: "[x.w for x in bag if x is not token]"}
  - set: {e: "[x is chip and count([x.w for x in bag]) == 4 and count(ws(bag)) == 4 for x in bag]"}
""").replace("flow:", """define:
  ws(z): "[x.w for x in z]"
flow:""")


def test_a_component_tested_for_its_type_reads_what_that_type_declares_by_subscript_there_only(tmp_path, monkeypatch):
    """Where a loop's component is known to be of some types (the right of `x is chip and`, of `x is token or`, the item
    and later conditions of `for x in bag if x is chip`, `is not`), an attribute all of them declare (w, which tokens
    lack) is subscripted; a loop of its own over the same name, or a definition's, reads it with get. The same values
    as compiler.SHORTCUTS off."""
    sources = _spied_sources(monkeypatch)
    shortcut = seats_game(tmp_path, NARROWED, 2)
    generated = "".join(sources)
    assert generated.count("c_x.plain['w']") >= 4 and "c_x.plain.get('w')" in generated
    assert (shortcut["a"], shortcut["b"], shortcut["c"], shortcut["d"]) == ([5, 5], 1, [0, 0, 0, 0], [5, 5])
    assert shortcut["e"] == [True, True, False, False]
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert seats_game(tmp_path, NARROWED, 2) == shortcut


EXCUSED = """\
philtre: 1
game: excused
players: 2..5
components:
  potion: {attributes: {color: [blue, red], value: [1, 2, 3], points: 1}, copies: 2, start: bag}
  poison: {attributes: {value: 2, points: 2}, copies: 3, start: bag}
zones:
  bag: {visible: everyone}
  pot: {visible: everyone}
  taken: {each: player, visible: everyone}
variables: {a: 0}
define:
  held(p, col): count(c for c in taken[p] if c is potion and c.color == col)
  excused(p, col): held(p, col) > max([held(q, col) for q in players if q != p])
  points(p): sum(0 if c is potion and excused(p, c.color) else c.points for c in taken[p])
actions:
  take:
    choose: {card: bag}
    do:
      - when: card.value + count(pot) > 4 or (card.color == 'red' and count(pot) > 2)
        move: pot -> taken[me]
      - move: card -> pot
flow:
  - shuffle: bag
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: take
  - set: {a: "[points(p) for p in players]"}
  - for: p in players
    do:
      - score: {player: p, add: points(p)}
winners: {lowest: "score[p]"}
"""


@pytest.mark.parametrize("players", [2, 3, 5])
def test_memo_reads_of_several_arguments_and_an_action_parameters_attributes_give_the_calls_values(tmp_path, monkeypatch, players):
    """Inside a definition, a remembered definition given several arguments that are their own keys (seats, words:
    `excused(p, c.color)` in points, `held(q, col)` in excused's max) is read from the memo where it stands, one
    argument of another code computed first; an action parameter's attribute that every type the parameter can be
    declares (`card.value`) is subscripted from its plain dict, one that some type lacks (`card.color`) read with get.
    The same decisions, steps, work, points and scores as compiler.SHORTCUTS off."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "excused.yaml"
    path.write_text(EXCUSED)
    text = "\n".join(sources)

    def played():
        found = []
        for seed in range(6):
            ending = _played_in_turn(path, players, seed, lambda game: (game.state.vars["a"], game.state.scores))
            assert not isinstance(ending[-1], str)  # no rule failed
            found.append(ending)
        return found

    shortcut = played()
    text = "\n".join(sources)
    assert "L['card'].plain['value']" in text and "L['card'].plain.get('color')" in text
    assert re.search(r"\(f_a[0-9]+ := c_c\.plain\['color'\]\) is not _LAZY and \(f_h := \(S\.memo or _NOMEMO\)\.get\(\(f_k[0-9]+ := \('d_[0-9]*_?excused', v_p, f_a[0-9]+, \)\)", text)
    assert re.search(r"\.get\(\(f_k[0-9]+ := \('d_[0-9]*_?held', c_q, v_col, \)\), _LAZY\)\) is not _LAZY else _md_[0-9]*_?held\(S, L, c_q, v_col, f_k", text)
    assert len({str(found[-1]) for found in shortcut}) > 2  # several outcomes: seats excused and not
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    sources.clear()
    plain = played()
    assert "_md_" not in "\n".join(sources) and ".plain" not in "\n".join(sources)
    assert plain == shortcut


FRESH = """\
philtre: 1
game: fresh
players: 2..4
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  hand: {each: player, visible: everyone}
  pot: {visible: everyone}
variables: {a: 0, b: 0}
actions:
  play:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> pot
flow:
  - shuffle: bag
  - deal: {from: bag, to: "[hand[p] for p in players]"}
  - set: {a: "any(c.v == 3 for c in pot)"}
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: play
      - set: {b: "any(c.v == 3 for c in pot)"}
winners: {highest: "score[p]"}
"""


def _expressions_of(statements) -> dict:
    """Each compiled expression of the flow's statements (nested blocks too), by its text."""
    found, todo = {}, [value for stmt in statements for value in stmt.args.values()]
    while todo:
        value = todo.pop()
        if hasattr(value, "fn") and hasattr(value, "text"):
            found[value.text] = value
        elif isinstance(value, Stmt):
            todo += list(value.args.values())
        elif isinstance(value, tuple):
            todo += list(value)
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_any_or_all_that_is_a_whole_evaluation_sets_the_budget_afresh_at_its_end(tmp_path, monkeypatch, players):
    """An evaluation that is one any/all of the seats stopping at its deciding item, which cannot fail nor charge work
    (the turns' until), sets the work budget afresh less the seats' count at its end, instead of setting it at its
    start and charging the count (Compiler.build); one over a zone (`any(c.v == 3 for c in pot)`) is as before. The
    same values and work left, whatever the budget was before, and the same steps and work as compiler.SHORTCUTS off."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "fresh.yaml"
    path.write_text(FRESH)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    assert re.search(r"_W\[0\] = 10000000 - _len\(f_i0\)\n        return f_r", text)  # the seats: at most 64
    assert text.count("_W[0] -= f_n") == 2  # the pot's any, twice: charged as before (its read charges the pot first)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    plain = load_ruleset(str(path))
    monkeypatch.setattr(compiler, "SHORTCUTS", True)
    texts = ["all(count(hand[p]) == 0 for p in players)", "any(c.v == 3 for c in pot)"]
    shortcut_fns, plain_fns = _expressions_of(ruleset.flow), _expressions_of(plain.flow)
    game, seen = Game(ruleset, players, seed=players), set()
    while True:
        for text_ in texts:
            for budget in (builtins.WORK_LIMIT, 7, -3):
                found = []
                for fns in (shortcut_fns, plain_fns):
                    builtins.WORK[0] = budget
                    found.append((fns[text_].fn(game.state, {}), builtins.WORK[0]))
                assert found[0] == found[1]
                seen.add(found[0])
        if game.finished:
            break
        p, = game.pending()
        game.apply(p, game.options(p)[0])
    builtins.WORK[0] = builtins.WORK_LIMIT
    assert {(True, builtins.WORK_LIMIT - players), (False, builtins.WORK_LIMIT - players)} <= seen  # the seats' all, both values
    shortcut = [_played_in_turn(path, players, seed, lambda game: game.state.vars) for seed in range(4)]
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert [_played_in_turn(path, players, seed, lambda game: game.state.vars) for seed in range(4)] == shortcut


OWNED = """\
philtre: 1
game: owned
players: 2..4
components:
  chip: {attributes: {v: [1, 2]}, each: player, start: pot}
zones:
  pot: {visible: everyone}
  hand: {each: player, visible: everyone}
actions:
  take:
    choose: {c: pot}
    do:
      - move: c -> hand[c.owner]
flow:
  - turns: 0
    until: count(pot) == 0
    do:
      - decide: take
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [2, 4])
def test_a_zone_at_a_parameters_subscripted_attribute_is_still_read_by_the_runner_without_a_call(tmp_path, monkeypatch, players):
    """`hand[c.owner]`, where every type c can be declares owner, is compiled `L['c'].plain['owner']` and is still a
    zone read by the move's runner in place (Expr.zone_attr, not the expression's call): the same moves, steps and
    work as compiler.SHORTCUTS off."""
    path = tmp_path / "owned.yaml"
    path.write_text(OWNED)
    sources = _spied_sources(monkeypatch)
    ruleset = load_ruleset(str(path))
    assert "S.zones['hand'][L['c'].plain['owner']]" in "\n".join(sources)
    to, = [e for e in _expressions_of(ruleset.actions["take"].body).values() if e.text.strip() == "hand[c.owner]"]
    assert to.zone_attr == ("hand", "c", "owner")
    ending = lambda game: [[c["id"] for c in zone] for zone in game.state.zones["hand"]]  # noqa: E731
    shortcut = [_played_in_turn(path, players, seed, ending) for seed in range(3)]
    assert all(ids for ids in shortcut[0][-1])  # each seat's chips went to its hand
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert [_played_in_turn(path, players, seed, ending) for seed in range(3)] == shortcut


@pytest.mark.parametrize("fails", [False, True])
def test_a_body_written_out_at_a_bound_names_value_sets_the_work_budget_at_its_first_charge(tmp_path, monkeypatch, fails):
    """An expression that leads with a remembered definition's body written out at an action parameter's value
    (`total(into) + chip.v > 3`) sets the work budget once, at that body's first charge (or before the definition's
    call where the memo stands), instead of afresh and then charged: the same steps (a pile's total counts steps),
    work left, values and failures (a destination that is a number, reported in the definition) as with
    compiler.SHORTCUTS off."""
    text = LEAD_FOLDS.replace("NOTHING", ", ".join(["0"] * 400)).replace(
        "    choose: {chip: bag}\n    do:\n      - move: chip -> pile[me]\n      - when: total(pile[me]) + chip.v > 3",
        "    choose: {chip: bag, into: \"[pile[me], INTO]\"}\n    do:\n      - move: chip -> pile[me]\n"
        "      - for: p in [q for q in players if spread(3000) >= 0]  # passes sharing a memo (a call), after much work\n"
        "        do:\n          - score: {player: p, add: \"total(into) * 0 + 1\"}\n"
        "      - set: {c: \"spread(3000)\"}              # much work just before\n"
        "      - when: total(into) + chip.v > 3").replace("INTO", "3" if fails else "pile[0]")
    text = text.replace('  - set: {d: "total([bag, 3][1]) + 1"}\n', "")
    path = tmp_path / "first_charge.yaml"
    path.write_text(text)
    sources = _spied_sources(monkeypatch)

    def played():
        return _played_in_turn(path, 3, 2, lambda game: (game.state.scores, {k: game.state.vars[k] for k in "abcd"}))

    shortcut = played()
    functions = {f[:f.index("(")]: f for f in re.split(r"^def ", "\n".join(sources), flags=re.M) if "(" in f}
    charged = [f for name, f in functions.items() if re.fullmatch(r"e[0-9]+", name) and "v_z = L['into']" in f]
    # (a destination that may be a number is known only at run time, and so are its items' v: summed by the call)
    assert len(charged) == 2 - 2 * fails and all("_W[0] = f_wl = 10000000 - (f_n := _len(v_z)) * " in f for f in charged)  # (the count kept there)
    assert not any(f.startswith(f"{f[:f.index('(')]}(S, L):\n    _W[0] = 10000000\n") for f in charged)  # (not reset first)
    if fails:
        assert "cannot loop over 3 (in definition 'total'" in shortcut[1]
    else:
        assert len(shortcut) == 4, shortcut[1]
        assert shortcut[-1][1]["b"] > 0
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    sources.clear()
    assert played() == shortcut



def test_a_body_written_out_whose_first_charge_is_of_a_static_familys_list_sets_the_work_budget_there(monkeypatch):
    """Where the body written out first reads a list a zone family's static definition gives for the bound name (it
    charges nothing and cannot fail: Compiler._static_family) and charges its length, the budget is set once at that
    charge too (no reset first; the budget left read from a local by its test): a shipped ruleset's scoring is written
    so (a change to that text would otherwise lose it unseen), with the same steps, work left and scores, game by
    game, as with compiler.SHORTCUTS off."""
    sources = _spied_sources(monkeypatch)

    def played():
        return [_played_in_turn("poisons", players, seed, lambda game: game.state.scores) for players, seed in ((4, 0), (4, 1), (5, 2))]

    shortcut = played()
    functions = {f[:f.index("(")]: f for f in re.split(r"^def ", "\n".join(sources), flags=re.M) if "(" in f}
    charged = [f for name, f in functions.items() if re.fullmatch(r"e[0-9]+", name)
               and re.search(r"\n {12}f_i0 = \(f_kl if .*\n {12}try:.*\n {16}_W\[0\] = f_wl = 10000000 - \(f_n := _len\(f_i0\)\) \* ", f)]
    assert charged and not any(f.startswith(f"{f[:f.index('(')]}(S, L):\n    _W[0] = 10000000\n") for f in charged)  # (not reset first)
    assert all(len(game) == 4 for game in shortcut)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    sources.clear()
    assert played() == shortcut



def test_a_charge_followed_by_its_test_keeps_the_budget_left_in_a_local_that_the_test_reads():
    """compiler._charges_kept: `_W[0] -= X` followed by `if _W[0] < 0:` (the next line, or after the `except
    TypeError:` that raises) becomes `_W[0] = f_wl = _W[0] - (X)` and `if f_wl < 0:`, tags kept; a charge whose test
    can be reached otherwise, or without one, is left as it is; a charge line of another shape fails loudly."""
    from philtre.dsl.compiler import _charges_kept
    text = ("def f(S, L):\n    _W[0] -= f_n  # written out: d\n    if _W[0] < 0:  # written out: d\n        _out_of_work()\n"
            "    try:\n        _W[0] -= (f_n := _len(f_i0)) * 7\n    except TypeError:\n        _not_a_collection(f_i0)\n"
            "    if _W[0] < 0:\n        _out_of_work()\n    _W[0] -= 3\n    f_r = 1\n    if _W[0] < 0:\n        _out_of_work()\n")
    assert _charges_kept(text) == text.replace("    _W[0] -= f_n  # written out: d\n    if _W[0] < 0:", "    _W[0] = f_wl = _W[0] - (f_n)  # written out: d\n    if f_wl < 0:").replace(
        "        _W[0] -= (f_n := _len(f_i0)) * 7\n", "        _W[0] = f_wl = _W[0] - ((f_n := _len(f_i0)) * 7)\n").replace(
        "        _not_a_collection(f_i0)\n    if _W[0] < 0:", "        _not_a_collection(f_i0)\n    if f_wl < 0:")
    namespace = {}
    exec(_charges_kept(text), namespace)  # noqa: S102 - the text above
    with pytest.raises(AssertionError):
        _charges_kept("    _W[0] -= f_n  # another note\n    if _W[0] < 0:\n")


TRIO = READS.replace("game: reads", "game: trio").replace(
    "  d2: [{symbol: c, count: 1}, {symbol: a, count: 2}, {symbol: b, count: 1}]\n",
    "  d2: [{symbol: c, count: 1}, {symbol: a, count: 2}, {symbol: b, count: 1}]\n"
    "  d3: [{symbol: b, count: 1}, {symbol: c, count: 2}, {symbol: a, count: 1}, {symbol: b, count: 0}]\n").replace(
    "roll: [d1, d2]", "roll: [d1, d2, d3]")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_seats_any_reads_only_the_dice_whose_kept_value_is_true_with_the_values_work_and_failures_of_the_calls(
        tmp_path, monkeypatch, players):
    """At a later seat's pass, `any(met(d) and d.symbol == mark_of(p) for d in dice)` goes over the dice whose kept
    met(d) is true alone (`_compress`: a false one makes the item false without reading more) and counts every die at
    once: the same values, steps, work left and out-of-work failures, at every budget, as the calls give
    (compiler.SHORTCUTS off), with no die met, one, and several."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "trio.yaml"
    path.write_text(TRIO)
    ruleset = load_ruleset(str(path))
    assert re.search(r"for c_d in _compress\(S\.dice\.values\(\), f_t[0-9]+\):", "\n".join(sources))

    shortcut, met = _trio_played(ruleset, players)
    assert {0, 1, 2} <= met  # no die met, one, several
    evaluated = [value for value, *rest in shortcut if len(rest) == 1]
    assert any(isinstance(v, str) for v in evaluated) and any(isinstance(v, list) and v for v in evaluated)  # failed, handed
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert _trio_played(load_ruleset(str(path)), players)[0] == shortcut


def _trio_played(ruleset, players) -> tuple:
    """24 games' (a, b, steps, work left), then `handing`'s values and work left from an empty memo at budgets up to its
    work and past it (out of work at each charge, or not); and how many dice met(d) found true in those games."""
    found, met = [], set()
    for seed in range(24):
        game = Game(ruleset, players, seed=seed)
        found.append((game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]))
        game.state.memo = {}
        met.add(sum(bool(ruleset.namespace["d_met"](game.state, {}, d)) for d in game.state.dice.values()))
        game.state.memo, builtins.WORK[0] = {}, 10**6
        ruleset.namespace["_d_handing"](game.state, {})
        used = 10**6 - builtins.WORK[0]
        found += at_every_budget(ruleset.namespace["_d_handing"], game.state, [*range(0, used - 60, 97), *range(used - 60, used + 2)])
        game.state.memo = None
    return found, met


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_seats_passes_over_one_die_kept_true_test_that_die_alone_with_the_values_work_and_failures_of_the_list_loop(
        tmp_path, monkeypatch, players):
    """Where one die alone is kept true as the seats' passes start, each pass of `any(met(d) and d.symbol == mark_of(p)
    for d in dice)` tests that die, bound once before the passes, and takes the seat where the test holds
    (compiler._one_item_passes): no flag set and tested, no loop over the list of dice at each pass. The same values,
    steps, work left and out-of-work failures, at every budget, as the loop over the list gives (the rule left out) and
    as the calls give (compiler.SHORTCUTS off), with no die met, one and several."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "trio.yaml"
    path.write_text(TRIO)
    ruleset = load_ruleset(str(path))
    one = re.compile(r"\n( +)if (f_c[0-9]+) is not None and _len\(\2\) == 1:  # \(a list of one item[^\n]*\n\1    c_d, = \2\n"
                     r"\1    for c_p in f_i0:\n\1        if \(\(c_d\['symbol'\] == [^\n]*\n\1            f_r\.append\(\(c_p\)\)\n\1else:\n")
    assert one.search("\n".join(sources))  # (in `_d_handing`: the passes for a full table)
    shortcut, met = _trio_played(ruleset, players)
    assert {0, 1, 2} <= met  # no die met, one (the passes of one item), several (the loop over the list)
    monkeypatch.setattr(compiler, "_one_item_passes", lambda text: text)
    sources.clear()
    looped = load_ruleset(str(path))
    assert not one.search("\n".join(sources)) and _trio_played(looped, players) == (shortcut, met)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert _trio_played(load_ruleset(str(path)), players)[0] == shortcut


LISTED_ONCE = TRIO.replace("game: trio", "game: listed").replace("variables: {a: 0, b: 0,", "variables: {a: 0, b: 0, c: 0,").replace(
    "  handing: >", '  matched: "[p for p in players if any(met(d) and d.symbol == mark_of(p) for d in dice)]"\n  handing: >').replace(
    "  - set: {a: handing}", "  - set: {a: handing, c: matched}")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_later_seats_passes_go_over_the_dice_listed_once_with_the_values_work_and_failures_of_the_calls(
        tmp_path, monkeypatch, players):
    """The seats' `any(met(d) and ...)` written out in their loop goes, at each later pass, over the dice whose kept
    met(d) is true, listed once an evaluation (`f_c0`, made at the first pass that reads the full table: the second
    seat's in `matched`, whose first seat fills the table, the first seat's in `handing`, whose test filled it), where
    each pass made `_compress` anew: the same values, steps, work left and out-of-work failures, at every budget, as
    the calls give (compiler.SHORTCUTS off), with the memo and without it (no table, no list). Where the conditional's
    test filled the table (`handing`), the passes are written a second time with that first case alone (`_unswitched`),
    taken where the table is full as they start."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "listed.yaml"
    path.write_text(LISTED_ONCE)
    ruleset = load_ruleset(str(path))
    functions = {part.split("(")[0]: part for part in "\n".join(sources).split("\ndef ")}
    for name in ("_d_handing", "_d_matched"):
        assert re.search(r"\n( +)if (f_c[0-9]+) is None:\n\1    \2 = \[\*_compress\(S\.dice\.values\(\), (f_t[0-9]+)\)\]\n"
                         r"\1    (f_l[0-9]+) = _len\(\3\)\n\1for c_d in \2:\n(?:\1    .*\n)+\1f_g[0-9]+n \+= \4\n",
                         functions[name]) and "in _compress(" not in functions[name]
    # `handing`'s test fills the table, so its passes are written again with the first case alone, taken where the
    # table is full as they start; `matched`'s first pass fills it
    fast = "# (full as the passes start: each takes its first case)"
    assert fast in functions["_d_handing"] and fast not in functions["_d_matched"]
    assert re.search(r"\n +_W\[0\] -= f_l[0-9]+\n", functions["_d_handing"].split(fast)[1].split("\n    else:")[0])
    listed = []
    compress = ruleset.namespace["_compress"]
    monkeypatch.setitem(ruleset.namespace, "_compress", lambda *args: listed.append(args) or compress(*args))

    def played(ruleset, lists):
        found = []
        for seed in range(24):
            game = Game(ruleset, players, seed=seed)
            found.append((game.state.vars["a"], game.state.vars["c"], game.state.flow.steps, builtins.WORK[0]))
            for name in ("_d_handing", "_d_matched"):
                game.state.memo, builtins.WORK[0] = None, 10**6
                found.append((ruleset.namespace[name](game.state, {}), builtins.WORK[0]))
                game.state.memo, builtins.WORK[0] = {}, 10**6
                listed.clear()
                found.append((ruleset.namespace[name](game.state, {}), builtins.WORK[0]))
                lists.append(len(listed))
                used = 10**6 - builtins.WORK[0]
                found += at_every_budget(ruleset.namespace[name], game.state, [*range(0, used - 40, 61), *range(used - 40, used + 2)])  # out of work at each charge, or not
            game.state.memo = None
        return found

    lists = []
    shortcut = played(ruleset, lists)
    assert set(lists) == {0, 1}  # once an evaluation where a die is met, none where none is
    evaluated = [value for value, *rest in shortcut if len(rest) == 1]
    assert any(isinstance(v, str) for v in evaluated) and any(isinstance(v, list) and v for v in evaluated)  # failed, handed
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path)), []) == shortcut


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_test_that_fills_the_table_lists_its_true_dice_for_the_passes_with_the_values_work_and_failures_of_the_calls(
        tmp_path, monkeypatch, players):
    """Where the conditional's test `any(met(d) for d in dice)` fills the table for the seats' passes, it lists the dice
    it finds met as it goes (`f_m0`, compiler._true_items_kept) and keeps each value in a local rather than reading
    the table's last, and the passes over a full table take that list: no `_compress` of the dice made at each
    evaluation. The same values, steps, work left and out-of-work failures, at every budget, as the list made by
    `_compress` (the rule left out) and as the calls (compiler.SHORTCUTS off), with no die met, one and several."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "trio.yaml"
    path.write_text(TRIO)
    ruleset = load_ruleset(str(path))
    handing = next(part for part in "\n".join(sources).split("\ndef ") if part.startswith("_d_handing("))
    kept = re.compile(r"\n( +)(f_m[0-9]+) = \[\]\n\1for c_d in S\.dice\.values\(\):\n(?:.*\n)*? +\2\.append\(c_d\)\n"
                      r"(?:.*\n)*? +if (f_t[0-9]+):  # \(full as the passes start[^\n]*\n +f_c[0-9]+ = \2  # \(the items the test found true")
    assert kept.search(handing) and "(f_tx := " in handing and "[-1]" not in handing.split("(full as the passes start")[0]
    calls = []
    compress = ruleset.namespace["_compress"]
    monkeypatch.setitem(ruleset.namespace, "_compress", lambda *args: calls.append(args) or compress(*args))
    shortcut, met = _trio_played(ruleset, players)
    assert {0, 1, 2} <= met and not calls  # no die met, one, several: the passes of a full table read the test's list
    monkeypatch.setattr(compiler, "_true_items_kept", lambda test, then, table, flag: (test, then))
    sources.clear()
    listed = load_ruleset(str(path))
    assert not kept.search("\n".join(sources)) and _trio_played(listed, players) == (shortcut, met)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert _trio_played(load_ruleset(str(path)), players)[0] == shortcut


HANDED = TRIO.replace("game: trio", "game: handed").replace(
    "  - set: {a: handing}\n  - set: {b: \"count(handing) + count(p for p in players if mark_of(p) == '')\"}\n",
    "  - for: p in handing\n    do:\n      - score: {player: p, add: 1}\n")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_tallied_list_first_read_from_a_fresh_memo_is_made_without_its_look_up_with_the_values_work_and_steps_of_the_calls(
        tmp_path, monkeypatch, players):
    """`for p in handing`'s evaluation makes its own memo, then its test `any(met(d) for d in dice)` reads `showing`'s
    tallied list (`_mt..showing`) before anything can write that memo: it calls the list's function for an empty
    memo (`_mte..showing`, Compiler._empty_tallies_called), which neither looks the list up nor reads the memo's
    length. The same scores, steps, values and work left as the function that looks (the rule left out) and as the
    calls (compiler.SHORTCUTS off), with no die met, one and several."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "handed.yaml"
    path.write_text(HANDED)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    evaluation = next(part for part in text.split("\ndef ") if part.startswith("e") and "S.memo = {}" in part)
    assert re.search(r"\(f_tv[0-9]+ := _mted_[0-9]*_?showing\(S, L, m\)\)", evaluation) and "\ndef _mted_" in f"\n{text}"

    def played(ruleset):
        found = []
        for seed in range(24):
            game = Game(ruleset, players, seed=seed)
            found.append((game.state.scores, game.state.flow.steps, builtins.WORK[0]))
            found.append((ruleset.namespace["e0"](game.state, {}), builtins.WORK[0], game.state.memo))
        return found

    shortcut = played(ruleset)
    assert len({str(scores) for scores, *_ in shortcut[::2]}) > 2  # several outcomes: dice met and not
    monkeypatch.setattr(compiler.Compiler, "_empty_tallies_called", lambda self, lines: lines)
    sources.clear()
    looked = load_ruleset(str(path))
    assert "_mte" not in "\n".join(sources) and played(looked) == shortcut
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path))) == shortcut


def _budgeted(ruleset, name: str, text: str):
    """The evaluation ``name`` (its source ``text``, as generated) compiled again without its first line, which gives
    the work budget afresh, so that it runs on the budget it is given (at_every_budget)."""
    source = "def " + text.split("\n", 1)[0] + "\n" + text.split("\n", 2)[2]
    assert text.split("\n")[1] == compiler._FRESH_BUDGET
    namespace = dict(ruleset.namespace)
    exec(compile(source, "<budgeted>", "exec"), namespace)
    return namespace[name]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_test_that_lists_its_true_items_fills_no_table_no_other_line_reads_with_the_values_work_and_failures_of_the_calls(
        tmp_path, monkeypatch, players):
    """`for p in handing`'s evaluation, with a memo of its own, writes out `any(met(d) for d in dice)`, whose loop
    listed the dice it found met (`f_m0`, _true_items_kept) and appended each die's value to the table, of which
    the passes over a full table read only whether it holds a value and how many: the loop appends nothing, and
    those passes are taken and counted by the number of dice the test charges (`f_g2n`, compiler._table_unfilled).
    The same scores, steps, values, work left and out-of-work failures, at every budget, as the table filled (the
    rule left out) and as the calls (compiler.SHORTCUTS off), with no die met, one and several."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "handed.yaml"
    path.write_text(HANDED)
    ruleset = load_ruleset(str(path))
    evaluation = next(part for part in "\n".join(sources).split("\ndef ") if part.startswith("e") and "S.memo = {}" in part)
    unfilled = re.compile(r"\n +if \(\(  #[^\n]*\n(?:.*\n)*? +f_m0\.append\(c_d\)  #[^\n]*\n +(f_g[0-9]+n) = _len\(S\.dice\)  #[^\n]*\n"
                          r"(?:.*\n)*? +if \1:  # \(full as the passes start[^\n]*\n +f_c0 = f_m0  #[^\n]*\n +f_l0 = \1  #")
    assert unfilled.search(evaluation) and "f_tx" not in evaluation

    def played(ruleset, evaluation):
        found, met = [], set()
        for seed in range(24):
            game = Game(ruleset, players, seed=seed)
            found.append((game.state.scores, game.state.flow.steps, builtins.WORK[0]))
            game.state.memo = {}
            met.add(sum(bool(ruleset.namespace["d_met"](game.state, {}, d)) for d in game.state.dice.values()))
            game.state.memo = None
            found.append((ruleset.namespace["e0"](game.state, {}), builtins.WORK[0], game.state.memo))
            if evaluation is not None:
                budgeted = _budgeted(ruleset, "e0", evaluation)
                builtins.WORK[0] = 10**6
                budgeted(game.state, {})
                used = 10**6 - builtins.WORK[0]
                found.append((used, ))  # (the work it does, then out of work at each charge, or not)
                found += at_every_budget(lambda state, _: (setattr(state, "memo", None), budgeted(state, {}))[1], game.state,
                                         [*range(0, used - 60, 97), *range(used - 60, used + 2)])
                game.state.memo = None
        return found, met

    shortcut, met = played(ruleset, evaluation)
    assert {0, 1, 2} <= met and any(isinstance(entry[0], str) for entry in shortcut)  # no die met, one, several; out of work
    monkeypatch.setattr(compiler, "_table_unfilled", lambda text: text)
    sources.clear()
    filled = load_ruleset(str(path))
    evaluation = next(part for part in "\n".join(sources).split("\ndef ") if part.startswith("e") and "S.memo = {}" in part)
    assert not unfilled.search(evaluation) and "(f_tx := (" in evaluation and played(filled, evaluation) == (shortcut, met)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    plain = played(load_ruleset(str(path)), None)
    assert plain == ([entry for entry in shortcut if len(entry) == 3], met)


TALLIES = TRIO.replace("game: trio", "game: tallies").replace("variables: {a: 0, b: 0,", "variables: {a: 0, b: 0, c: 0, d: 0,").replace(
    "  handing: >",
    "  mark2(p): \"mark_of(p) + ''\"\n"
    "  showing2(s): count(p for p in players if mark2(p) == s)\n"
    "  tallies: \"[showing('a'), showing('b'), showing(''), showing('z'), showing('a'), showing(mark_of(0)), showing2('c'), showing2('b')]\"\n"
    "  blank: \"[p for p in players if mark_of(p) == '']\"\n"
    "  handing: >").replace(
    "  - set: {a: handing}",
    "  - set: {a: handing, c: tallies, d: \"count(blank)\"}\n"
    "  - until: any(score[p] >= 2 for p in players)\n"
    "    do:\n"
    "      - score: {player: 1, add: 1}")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_count_of_the_seats_matching_a_word_lists_every_seats_value_once_with_the_values_work_and_failures_of_the_calls(
        tmp_path, monkeypatch, players):
    """`showing(s)`, a remembered count of the seats whose remembered mark equals its parameter (the mark written out
    in its loop, or read from the memo), lists every seat's mark at its first miss while the memo stands and keeps that
    list in the memo; each later miss, for another word, counts it (`Compiler._tallied`). `count(blank)` of a definition
    that is one comprehension is its length, and the until's `any(score[p] >= 2 ...)` stops at its deciding seat. The
    same values, steps, work left and out-of-work failures, at every budget, as the calls give (compiler.SHORTCUTS off),
    with the memo and without it."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "tallies.yaml"
    path.write_text(TALLIES)
    ruleset = load_ruleset(str(path))
    functions = {part.split("(")[0]: part for part in "\n".join(sources).split("\ndef ")}
    tallied = [name for name, text in functions.items() if name.startswith("_md_") and "showing" in name and "f_v.count(v_s)" in text]
    assert len(tallied) == 2 and "_len(d_blank(S, L))" in "\n".join(sources)
    assert re.search(r"if \(\(S\.scores\[c_p\] >= 2\)\):\n +f_r = True\n +break", "\n".join(sources))

    def played(ruleset):
        found, kept = [], []
        for seed in range(16):
            game = Game(ruleset, players, seed=seed)
            found.append((game.state.vars["a"], game.state.vars["c"], game.state.vars["d"], game.state.scores,
                          game.state.flow.steps, builtins.WORK[0]))
            game.state.memo, builtins.WORK[0] = None, 10**6
            found.append((ruleset.namespace["_d_tallies"](game.state, {}), builtins.WORK[0]))
            game.state.memo, builtins.WORK[0] = {}, 10**6
            found.append((ruleset.namespace["_d_tallies"](game.state, {}), builtins.WORK[0]))
            kept += [value for key, value in game.state.memo.items() if len(key) == 1 and "showing" in key[0]]
            used = 10**6 - builtins.WORK[0]
            found += at_every_budget(ruleset.namespace["_d_tallies"], game.state, [*range(0, used - 30, 23), *range(used - 30, used + 2)])  # out of work at each charge, or not
            game.state.memo = None
        return found, kept

    shortcut, kept = played(ruleset)
    marks = ["a", "b", "c", ""]
    assert kept and all(value in ([marks[p % 4] for p in range(players)], [marks[p % 4] + "" for p in range(players)]) for value in kept)
    assert any(isinstance(v, str) for v, *rest in shortcut if len(rest) == 1)  # out of work at some budget
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path)))[0] == shortcut


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_function_reads_the_memo_from_a_local_set_once_with_the_values_work_and_steps_of_the_calls(tmp_path, monkeypatch, players):
    """A generated function that reads the memo where it stands twice or more (a remembered definition's own function
    and its function for a miss, `_d_handing`'s seats' loop, a seat's mark written out in `showing`'s loop) reads it from
    its local `m`, set once at its start, not from `S.memo` at each read: the same values, steps and work as the calls
    give (compiler.SHORTCUTS off), with the memo and without it."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "reads.yaml"
    path.write_text(READS)
    ruleset = load_ruleset(str(path))
    functions = {part.split("(")[0]: part for part in "\n".join(sources).split("\ndef ")}
    showing = [text for fname, text in functions.items() if fname.startswith("_md_") and fname.endswith("showing")]
    handing = functions["_d_handing"]
    assert showing and all(text.split("\n")[1] == "    m = S.memo" and "S.memo or" not in text and "(m or _NOMEMO).get(" in text
                           and not re.search(r"f_w[0-9]+m\b", text) for text in showing)
    assert handing.split("\n")[1] == "    m = S.memo" and "(m or _NOMEMO).get(" in handing and "S.memo or" not in handing

    def played(ruleset):
        found, games = [], []
        for seed in range(16):
            games.append(Game(ruleset, players, seed=seed))
            found.append((games[-1].state.vars["a"], games[-1].state.vars["b"], games[-1].state.flow.steps, builtins.WORK[0]))
        for game in games:  # handing evaluated again, with a memo and without: its value and work
            for memo in ({}, None):
                game.state.memo, builtins.WORK[0] = memo, 1_000_000
                found.append((ruleset.namespace["_d_handing"](game.state, {}), builtins.WORK[0]))
            game.state.memo = None
        return found

    shortcut = played(ruleset)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path))) == shortcut


NESTED = FIRSTS.split("define:")[0].replace("game: firsts", "game: nested").replace("}, start: bag}", "}, copies: 2, start: bag}") + """\
define:
  held: "[c for z in hand for c in z]"
flow:
  - shuffle: bag
  - deal: {from: bag, to: "[hand[p] for p in players if p > 0]", count: 2}
  - set: {a: "[c.v for c in held]", b: "count([c for z in hand for c in z if c.v > 1])"}
  - move: "[c for z in hand for c in z] -> bag"
  - set: {b: "[c.v for c in bag]"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [3, 4])
def test_a_comprehension_of_the_inner_loops_items_adds_each_zone_at_once_with_the_values_work_and_steps_of_the_loops(
        tmp_path, monkeypatch, players):
    """`[c for z in hand for c in z]`, the inner loop's items as they are (a definition's body, an expression of the
    flow), adds each zone's components by one `extend`, each zone charged first as before: the same components in
    the same order, steps and work as the loops give (compiler.SHORTCUTS off); with a condition, the loop."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "nested.yaml"
    path.write_text(NESTED)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    assert len(re.findall(r"\n +f_r\.extend\(c_z\)\n", text)) >= 2 and "for c_c in c_z:" in text  # (the condition's loop)

    def played(ruleset):
        found = []
        for seed in range(6):
            game = Game(ruleset, players, seed=seed)
            found.append((game.state.vars["a"], game.state.vars["b"], [c.ident for c in game.state.zones["bag"][0]],
                          game.state.flow.steps, builtins.WORK[0]))
        return found

    shortcut = played(ruleset)
    assert all(len(a) == 2 * (players - 1) for a, *_ in shortcut) and len({str(a) for a, *_ in shortcut}) > 1
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path))) == shortcut


FACES = """\
philtre: 1
game: faces
players: 2..3
dice:
  d1: [{symbol: a, count: 1, bonus: 1}, {symbol: b, count: 2}]
  d2: [{symbol: b, count: 0}, {symbol: a, count: 2, bonus: 2}]
variables: {a: 0, b: 0, c: 0}
define:
  on(s): any(d.symbol == s and d.count > 0 for d in dice)
  bonuses: "[d.bonus for d in dice]"
flow:
  - set: {c: "[d.count for d in dice if d.symbol == 'a']"}
  - roll: [d1, d2]
  - set: {a: "[on('a'), on('b')]", b: bonuses}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("read", ["[d.count for d in dice if d.symbol == 'a']", "0"])
def test_a_dice_faces_attribute_every_face_declares_is_subscripted_and_reads_what_get_reads(tmp_path, monkeypatch, read):
    """`d.symbol` and `d.count` of a die's face, for `d` in `dice`, are read by subscript where every face of every die
    declares them (`d.bonus`, which some lack, is read with get: none there): the same values and work as get gives
    (compiler.SHORTCUTS off); and a die not rolled yet (none) fails with get's message, where the game reads it first."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "faces.yaml"
    path.write_text(FACES.replace("c: \"[d.count for d in dice if d.symbol == 'a']\"", f'c: "{read}"'))

    def played():
        found = []
        for seed in range(8):
            try:
                game = Game(load_ruleset(str(path)), 2, seed=seed)
                found.append((game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]))
            except PhiltreError as exc:
                found.append(str(exc))
        return found

    shortcut = played()
    text = "\n".join(sources)
    assert "c_d['symbol']" in text and "c_d['count']" in text and "c_d.get('bonus')" in text
    if read == "0":
        assert {str(a) for a, *_ in shortcut} >= {"[True, False]", "[False, True]"} and [1, None] in [b for _, b, *_ in shortcut]
    else:
        assert all("read an attribute of none (an empty zone, or a die not rolled yet or set aside?)" in f for f in shortcut)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    sources.clear()
    assert played() == shortcut and "c_d['symbol']" not in "\n".join(sources)


KEPT_ZONES = """\
philtre: 1
game: kept-zones
players: 2..5
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  cup: {copies: 7, visible: everyone}
variables: {a: 0, b: 0, c: 0, d: 0, e: 0}
define:
  mine(p): "[g for g in cup if index(g) % player_count == p]"
  apart(p, q): "[g for g in cup if index(g) % player_count != p and index(g) > q]"
  evens: "[g for g in cup if index(g) % 2 == 0]"
  full(n): "[g for g in cup if count(g) > n]"
  turned(p): "[g for g in cup if p == (index(g) * 2 + player_count) % 5 - 1]"
  high(p): "[g for g in cup if (index(g) > 2) == p]"
actions:
  drop:
    choose: {chip: bag}
    do:
      - move: chip -> mine(me)[0]
flow:
  - set: {a: "[[index(g) for g in mine(x)] for x in [0, 1, 1, true, 1.0, 'x', none, [1], 9, -1]]"}
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: drop
  - set: {b: "[[index(g) for g in apart(p, q)] for p in players for q in [0, 2, 2, 9]]"}
  - set: {c: "[index(g) for g in evens] + [index(g) for g in evens]", d: "[[index(g) for g in full(n)] for n in [0, 1]]"}
  - set: {e: "[[index(g) for g in turned(x)] + [index(g) for g in high(x)] for x in [1, 0, 1, 7, -1, true, 1.0, 'x']]"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_definition_listing_a_familys_zones_by_their_index_keeps_its_lists_per_family_with_the_values_of_the_loops(
        tmp_path, monkeypatch, players):
    """A definition listing the zones of a family whose condition reads only their index, the number of players,
    numbers written out and its parameters (`mine(p)`, `apart(p, q)`, `evens`) keeps each list it makes beside the
    family, and gives a copy of it for the same family and whole numbers: the same lists, decisions, steps and
    work as the loops (compiler.SHORTCUTS off), for other values too (true, 1.0, a word, none, a list); a copied
    game reads its own zones, and a list given out changed does not change the kept one. A condition that reads
    the zones' contents (`full(n)`) keeps nothing. Where the condition is `VALUE == p`, VALUE a whole number of the
    zone's index (`mine(p)`, `turned(p)`), the family's first list makes and keeps every value's list in one pass
    (compiler._sorted_by_value); a VALUE that may be true or false (`high(p)`) does not."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "kept.yaml"
    path.write_text(KEPT_ZONES)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    kept = {fn for fn in re.findall(r"def (d_[A-Za-z0-9_]+)\(S, L(?:, v_[a-z]+)*\):\n    f_z = ", text)}
    assert {re.sub(r"^d_[0-9]+_", "d_", fn) for fn in kept} == {"d_mine", "d_apart", "d_evens", "d_turned", "d_high"}
    sorted_ = {re.sub(r"^(r?d)_[0-9]+_", r"\1_", m.group(1)) for m in re.finditer(r"^def (r?d_[A-Za-z0-9_]+)\(S, L[^\n]*\n(?:    [^\n]*\n)*?    if _type\(v_p\) is _int and not f_s\[1\] and ", text, re.M)}
    assert sorted_ == {"d_mine", "d_turned", "rd_mine", "rd_turned"}
    full = [t for t in re.split(r"^def ", text, flags=re.M) if re.match(r"_?d_(?:[0-9]+_)?full\(", t)]
    assert full and not any("_sf" in t for t in full) and any("m = S.memo" in t for t in full)  # (remembered, as before)

    def played(ruleset):
        found = []
        for seed in range(4):
            game = Game(ruleset, players, seed=seed)
            while not game.finished:
                for p in game.pending():
                    options = game.options(p)
                    game.apply(p, options[seed % len(options)])
                    found.append((p, game.state.flow.steps, game._work_left))
            found.append(([game.state.vars[v] for v in "abcde"], [[c.ident for c in z] for z in game.state.zones["cup"]],
                          game.state.flow.steps, game._work_left))
        return found

    shortcut = played(ruleset)
    a = shortcut[-1][0][0]
    assert a[1] == a[2] == a[3] == a[4] == [i for i in range(7) if i % players == 1] and a[5] == a[6] == a[7] == []
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path))) == shortcut
    monkeypatch.setattr(compiler, "SHORTCUTS", True)

    mine = next(ruleset.namespace[fn] for fn in kept if fn.endswith("mine") and fn != "d_mine")
    game = Game(ruleset, players, seed=1)
    copy = game.copy()
    for _ in range(2):  # each state its own zones, read in turn
        for S in (game.state, copy.state):
            for _ in range(3):  # made and kept, then read from there (twice)
                got = mine(S, {}, 1)
                assert [z.key for z in got] == [("cup", i) for i in range(7) if i % players == 1]
                assert all(z is S.zones["cup"][z.key[1]] for z in got)
                got.clear()  # a list given out, changed: the kept one is not


KEPT_READS = """\
philtre: 1
game: kept-reads
players: 2..5
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  cup: {copies: 7, visible: everyone}
variables: {a: 0, b: 0, held: {initial: []}}
define:
  mine(p): "[g for g in cup if index(g) % player_count == p]"
  total(p): "sum(count(g) + 1 for g in mine(p))"
actions:
  drop:
    choose: {chip: bag, cups: "subsets(mine(me))"}
    do:
      - move: chip -> mine(me)[count(cups) % count(mine(me))]
      - set: {held: "held + [mine(me)]", a: "a + total(me)"}
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: drop
  - set: {b: "[total(p) for p in players]"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_kept_list_only_read_is_given_itself_with_the_values_work_and_steps_of_the_loops(tmp_path, monkeypatch, players):
    """Where a definition keeps its lists per family (`mine(p)`), subsets() of it and a fold over it (`total(p)`) read
    the kept list itself through the definition's twin, while a caller that keeps the value (`held + [mine(me)]`,
    an index of it) calls the definition, which gives a copy: the same options, lists, steps and work as the loops
    (compiler.SHORTCUTS off), and the kept list is never changed."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "reads.yaml"
    path.write_text(KEPT_READS)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    # (each twin's call read first where it stands: the list its slot keeps for the family and the key, if any)
    read = r"\(f_kl if \(f_ks := _sfd_[0-9_]*mine\[0\]\)\[0\] is S\.zones\['cup'\] and _type\((v_p|L\['me'\])\) is _int and \(f_kl := f_ks\[1\]\.get\(\(\1\)\)\) is not None else rd_[0-9_]*mine\(S, L, \1\)\)"
    assert re.search(rf"b_subsets\({read}\)", text) and re.search(rf"f_i0 = {read}", text)
    assert re.search(r"_concat\(S\.vars\['held'\], \[d_[0-9_]*mine\(S, L", text)  # (kept in a variable: a copy)

    def played(ruleset):
        found = []
        for seed in range(4):
            game = Game(ruleset, players, seed=seed)
            while not game.finished:
                for p in game.pending():
                    options = game.options(p)
                    found.append([sorted(o.args) for o in options if o.args[0][0] == "cups"][:3])
                    game.apply(p, options[seed % len(options)])
                    found.append((p, game.state.flow.steps, game._work_left))
            found.append((game.state.vars["a"], game.state.vars["b"], [[z.key for z in g] for g in game.state.vars["held"]],
                          [[c.ident for c in z] for z in game.state.zones["cup"]], game.state.flow.steps, game._work_left))
        return found

    shortcut = played(ruleset)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path))) == shortcut
    monkeypatch.setattr(compiler, "SHORTCUTS", True)

    twin = next(fn for name, fn in ruleset.namespace.items() if re.fullmatch(r"rd_[0-9_]*mine", name))
    copying = ruleset.namespace["d" + twin.__name__[2:]]
    S = Game(ruleset, players, seed=1).state
    kept = twin(S, {}, 1)
    assert twin(S, {}, 1) is kept and copying(S, {}, 1) is not kept and copying(S, {}, 1) == kept
    assert [z.key for z in kept] == [("cup", i) for i in range(7) if i % players == 1]
    # the kept list read where the call stands: a state and its copy each read their own zones, in turn; a key that
    # is no whole number (true) calls the twin, which loops
    cups = next(param.domain.fn for param in ruleset.actions["drop"].params if param.name == "cups")
    game = Game(ruleset, players, seed=1)
    copy = game.copy()
    for S in (game.state, copy.state, game.state, copy.state):
        for me in (1, True, 1):
            found = cups(S, {"me": me})
            assert found == [[z for i, z in enumerate(kept) if mask >> i & 1] for mask in range(1 << len(kept))]
            assert all(z is S.zones["cup"][z.key[1]] for subset in found for z in subset)


ANY_FOUND = """\
philtre: 1
game: any-found
players: 2..4
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 3, start: bag}
zones:
  bag: {visible: everyone}
  cup: {copies: 4, visible: everyone}
variables: {a: {initial: []}}
define:
  hit(g): count(c for c in g if c.v == 2) >= 1
  seen(g): count(c for c in g if c.v == 3 or c.v == 1) > 0
  many(g): count(c for c in g if c.v == 2) >= 2
  high(g): count(c for c in g if c.v > 1) >= 1
actions:
  drop:
    choose: {chip: bag, into: cup}
    do:
      - move: chip -> into
      - set: {a: "a + [[hit(g), seen(g), many(g), high(g)] for g in cup]"}
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: drop
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [2, 4])
def test_a_count_only_tested_for_one_item_stops_at_the_first_with_the_values_work_and_steps_of_the_loop(
        tmp_path, monkeypatch, players):
    """`count(c for c in g if ...) >= 1` (or `> 0`) of components whose condition cannot fail stops at the first item
    it counts (`hit`, `seen`); a count compared otherwise (`many`) or whose condition could fail (`high`, an order)
    counts them all: the same values, decisions, steps and work as the loops (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "found.yaml"
    path.write_text(ANY_FOUND)
    ruleset = load_ruleset(str(path))
    bodies = {re.sub(r"^_?d_(?:[0-9]+_)?", "", t[:t.index("(")]): t for t in re.split(r"^def ", "\n".join(sources), flags=re.M)
              if re.match(r"_?d_", t)}
    # (the count set to true at its first item, the test's value: _count_told)
    assert {name for name, t in bodies.items() if "f_r = True\n" in t and "break" in t and "f_r >" not in t} == {"hit", "seen"}

    def played(ruleset):
        found = []
        for seed in range(4):
            game = Game(ruleset, players, seed=seed)
            while not game.finished:
                for p in game.pending():
                    options = game.options(p)
                    game.apply(p, options[(seed * 7) % len(options)])
                    found.append((p, game.state.flow.steps, game._work_left))
            found.append((game.state.vars["a"], game.state.flow.steps, game._work_left))
        return found

    shortcut = played(ruleset)
    assert any(row[0] for row in shortcut[-1][0]) and any(not row[0] for row in shortcut[-1][0])
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path))) == shortcut


def _applied_scores(ruleset, players) -> list:
    """Three games applied option by option: each seat's step and work left, a failure's message, the scores."""
    found = []
    for seed in range(3):
        game = Game(ruleset, players, seed=seed)
        try:
            while not game.finished:
                for p in game.pending():
                    options = game.options(p)
                    game.apply(p, options[(seed * 5) % len(options)])
                    found.append((p, game.state.flow.steps, game._work_left))
        except PhiltreError as exc:
            found.append(str(exc))
        found.append((list(game.state.scores), game.state.flow.steps, game._work_left))
    return found


NO_MEMO_WRITTEN = """\
philtre: 1
game: no-memo-written
players: 2..4
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 3, start: bag}
zones:
  bag: {visible: everyone}
  cup: {copies: 6, visible: everyone}
variables: {hit: {initial: []}}
define:
  mine(p): "[g for g in cup if index(g) % player_count == p]"
  full(g): count(g) > 1
  val(g): "(0 if full(g) else count(g) + 2) if g in hit else 1"
  pts(p): sum(val(g) for g in mine(p)) + 0
actions:
  drop:
    choose: {chip: bag, into: cup}
    do:
      - move: chip -> into
      - set: {hit: "hit + [into]"}
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: drop
  - for: p in players
    do:
      - score: {player: p, add: pts(p)}
  - set: {hit: "LATER"}
  - for: p in players
    do:
      - score: {player: p, add: pts(p)}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("later", ["[]", "5"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_remembered_item_in_a_body_written_out_without_a_memo_is_its_code_with_the_values_and_failures_of_the_call(
        tmp_path, monkeypatch, players, later):
    """In a remembered definition's fold written out in an expression of the flow (`pts(p)`), where no memo stands,
    the call of a remembered definition of the loop's variable (`val(g)`) is its code written out: the same scores,
    steps and work as the calls (compiler.SHORTCUTS off), and a failure in it (`g in 5`) reported in that definition
    with the calls' message."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "written.yaml"
    path.write_text(NO_MEMO_WRITTEN.replace("LATER", later))

    shortcut = _applied_scores(load_ruleset(str(path)), players)
    # (the `in` test written before the sum's item, _in_tested_first: its statements name `val`, the item tests `in`)
    assert re.search(r"\n +for c_g in f_i0:  # written out: pts\n +f_in = S\.vars\['hit'\]  # written out: val\n(?:.*# written out: val\n)+"
                     r" +f_r = f_r \+ \(\(  # written out: pts\n(?:.*\n)*?.*if \(c_g in f_in\) else 1.*# written out: val\n", "\n".join(sources))
    assert "_in(c_g" not in "\n".join(sources) and "(0)" not in "\n".join(sources)  # (and the sum's `+ 0` dropped: _adds_nothing)
    assert (later == "5") == any(isinstance(row, str) and "(in definition 'val'" in row for row in shortcut)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert _applied_scores(load_ruleset(str(path)), players) == shortcut


def test_an_in_test_written_before_a_sum_item_runs_out_of_work_where_the_call_did(tmp_path, monkeypatch):
    """`g in hit` of a long list at each of many cups, written before the sum's item (_in_tested_first): the work runs
    out at the same pass, reported in the definition testing it with the call's message (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "long.yaml"
    path.write_text(NO_MEMO_WRITTEN.replace("LATER", "[c for c in range(50000) for d in range(10)] + hit").replace(
        "copies: 6", "copies: 24").replace("index(g) % player_count == p", "p >= 0"))
    shortcut = _applied_scores(load_ruleset(str(path)), 2)
    assert "f_in = S.vars['hit']  # written out: val" in "\n".join(sources)
    assert all("too much work" in row and "(in definition 'pts' -> 'val' at" in row for row in shortcut if isinstance(row, str))
    assert sum(isinstance(row, str) for row in shortcut) == 3
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert _applied_scores(load_ruleset(str(path)), 2) == shortcut


def test_an_in_test_read_first_by_a_sum_item_is_written_before_it_and_one_read_later_stays_a_call(monkeypatch):
    """A sum's item that is a conditional testing `x in xs` first (_in_tested_first) has _in's statements written before
    it, each naming the test's definition, and tests Python's `in`; an item that computes something before the test,
    or looks in what is no variable or local, keeps the call; and a test no longer written as the rewrite reads it
    stops the build (an assert), rather than losing the statements silently."""
    item = "(\n(((0 if c_g else 2) if (_in(c_g, S.vars['hit'])) else 1))  # written out: val\n)"
    lines = compiler._in_tested_first(item)
    assert lines[0] == "f_in = S.vars['hit']  # written out: val" and all(line.endswith("# written out: val") for line in lines[:-1])
    assert lines[-1] == "f_r = f_r + (" + item.replace("(_in(c_g, S.vars['hit']))", "(c_g in f_in)") + ")"
    for kept in ("(c_g.key[1] + (1 if (_in(c_g, S.vars['hit'])) else 0))", "(1 if (_in(c_g, b_first(S.vars['hit']))) else 0)",
                 "(1 if (_in(c_g, S.vars['hit'])) else (0 if (_in(c_g, S.vars['hit'])) else 2))"):
        assert compiler._in_tested_first(kept) == [f"f_r = f_r + ({kept})"]
    monkeypatch.setattr(compiler, "_IN_TEST", re.compile(r"\(_in\(([cv]_[A-Za-z0-9_]+), ([cv]_[A-Za-z0-9_]+)\)\)"))
    with pytest.raises(AssertionError):
        compiler._in_tested_first(item)


@pytest.mark.parametrize("later", ["[]", "5"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_remembered_item_binding_locals_written_out_in_a_written_item_keeps_the_values_and_failures_of_the_calls(
        tmp_path, monkeypatch, players, later):
    """A remembered definition whose code binds locals of its own (`first(cup[index(g)])`: `f_first := ...`) called
    in the code of one written out in a fold where no memo stands (`val(g)` in `pts(p)`) is written out there too
    (_no_memo_written's second pass), its first line naming the definition that calls it; the same scores, steps and
    work as the calls (compiler.SHORTCUTS off), and a failure in it (`.v` of none) reported in the definition calling it."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "written.yaml"
    path.write_text(NO_MEMO_WRITTEN.replace("LATER", later).replace(
        '  val(g): "(0 if full(g) else count(g) + 2) if g in hit else 1"',
        '  top(g): first(cup[(index(g) + 1) % 6])\n  val(g): "(top(g).v + 2 if full(g) else 0) if g in hit else 1"'))
    shortcut = _applied_scores(load_ruleset(str(path)), players)
    text = "\n".join(sources)
    assert re.search(r"\(\(\(+  # written out: val\n.*f_first := .*# written out: top\n.*\.get\('v'\) \+ 2\) if \(  # written out: val\n", text)
    assert (later == "5") or any(isinstance(row, str) and "(in definition 'val'" in row for row in shortcut)  # (an empty cup's top)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert _applied_scores(load_ruleset(str(path)), players) == shortcut


def test_a_count_stopped_at_its_first_item_and_tested_for_one_is_that_truth_value():
    """`count(...) >= 1` stopped at the first item (_count_stopped) is set to false, then true at the item
    (_count_told): what the test gives, without it; a count set more than once before its loop is left to the test."""
    body = "    f_r = 0\n    for c_c in v_g:\n        if (c_c.kind == 'drink'):\n            f_r = 1\n            break"
    assert compiler._count_told(body) == body.replace("f_r = 0", "f_r = False").replace("f_r = 1", "f_r = True")
    assert compiler._count_told("    f_r = 0\n    f_r = 0\n" + body) is None
    assert compiler._count_told(body.replace("break", "f_r += 1")) is None


ADDS_NOTHING = """\
philtre: 1
game: adds-nothing
players: 2
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
variables: {k: KEY, t: 0, u: 0, w: 0}
define:
  none_more(p): 0
  total(p): sum(c.v for c in bag) + none_more(p)
  many: count(bag) + 0
  turned: -k + 0
flow:
  - set: {t: "total(1)", u: "many", w: "turned"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("key", ["0", "1", "-0.0", "2.5"])
def test_a_count_or_a_sum_plus_0_is_the_count_or_the_sum_and_other_numbers_plus_0_keep_the_addition(tmp_path, monkeypatch, key):
    """`sum(...) + 0` and `count(...) + 0` (the 0 a constant, or a definition of it written out) are the sum and the
    count, without the addition (_adds_nothing): a sum starts at the whole number 0, so it is never true or -0.0, whose
    values and types adding 0 would change; a negation of a variable (-(-0.0) + 0 is 0.0) keeps it. The same values
    and types as with compiler.SHORTCUTS off."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "adds.yaml"
    path.write_text(ADDS_NOTHING.replace("KEY", key))
    game = Game(load_ruleset(str(path)), 2, seed=1)
    text = "\n".join(sources)
    assert "(0)  # written out: none_more" not in text and "_len(S.zones['bag']) + 0" not in text and "_add(_neg(S.vars['k']), 0)" in text
    shortcut = [(game.state.vars[name], type(game.state.vars[name])) for name in "tuw"]
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    game = Game(load_ruleset(str(path)), 2, seed=1)
    assert [(game.state.vars[name], type(game.state.vars[name])) for name in "tuw"] == shortcut
    assert str(shortcut[2][0]) == str(0.0 if key == "-0.0" else -float(key) if "." in key else -int(key))


OWN_SEAT = """\
philtre: 1
game: own-seat
players: 2..4
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  pile: {each: player, visible: everyone}
variables: {k: 1, log: {initial: []}}
define:
  target(p): pile[right(p, k)]
actions:
  give:
    choose: {chip: bag}
    do:
      - move: chip -> target(me)
      - set: {k: "k + 1", log: "log + [left(me, k)]"}
  send:
    choose: {me: "SENT", chip: bag}
    do:
      - move: chip -> target(me)
  spread:
    choose: {chip: bag}
    do:
      - for: "me in [1, 7]"
        do:
          - set: {k: "k + right(me, k)"}
      - move: chip -> target(me)
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: [give, send, spread]
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("sent", ["[0, 5, -3]", "[first([me for c in pile[me]])]"])
def test_an_actions_own_seat_is_a_whole_number_to_the_side_without_a_test_unless_the_action_binds_me_again(
        tmp_path, monkeypatch, players, sent):
    """`me` in an action, where neither a parameter nor a loop of it is named `me`, is the deciding seat: left()
    and right() of it test only their other argument; a `me` the action binds again (a parameter, a loop) is tested
    as any value, even where its choices are made from the seat (`first(...)` of an empty list is none). The same
    places, steps, work, values and failures as the calls (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "seat.yaml"
    path.write_text(OWN_SEAT.replace("SENT", sent))
    found = _played_in_turn(path, players, 3, lambda game: ([[c.ident for c in z] for z in game.state.zones["pile"]],
                                                            game.state.vars["log"], game.state.vars["k"]))
    text = "\n".join(sources)
    if sent.startswith("[0"):
        assert len(found) == 4 and len(found[3][1]) > 1  # (every chip given, the log written by give)
    # give's move and its left(me, k), and spread's move after its loop: no test of me; send's move and spread's
    # right(me, k) in its loop (a parameter, a loop variable of that name) test it
    assert text.count("_type(L['me']) is _int") == 2
    assert text.count("((L['me'] - f_places) % S.nplayers if _type(f_places := S.vars['k']) is _int else") == 2
    assert text.count("((L['me'] + f_places) % S.nplayers if _type(f_places := S.vars['k']) is _int else") == 1
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert _played_in_turn(path, players, 3, lambda game: ([[c.ident for c in z] for z in game.state.zones["pile"]],
                                                           game.state.vars["log"], game.state.vars["k"])) == found


SHOWN = """\
philtre: 1
game: shown
players: 2..6
components:
  chip: {attributes: {shape: [a, b, c]}, copies: 3, start: bag}
zones:
  bag: {visible: everyone}
  shown: {each: player, visible: everyone}
variables: {a: 0, b: 0}
define:
  symbol_of(p): first(c.shape for c in shown[p])
  showing(s): count(p for p in players if symbol_of(p) == s)
  off: "[p for p in players if symbol_of(p) != 'c']"
  handed: >
    [p for p in players if symbol_of(p) == 'z'] if any(showing(s) > 9 for s in ['a', 'b'])
    else (off if count(off) < player_count else [])
  tallies: "[symbol_of(1), showing('a'), showing('b'), showing('z'), showing(symbol_of(0)), showing('c'), handed]"
  counted: "[showing('a'), showing(symbol_of(0)), symbol_of(1), showing('z'), handed]"
flow:
  - deal: {from: bag, to: "[shown[p] for p in players if p > 0]", count: 1}
  - set: {a: tallies}
  - deal: {from: bag, to: "[shown[p] for p in players]", count: 1}
  - set: {b: tallies}
winners: {highest: "score[p]"}
"""


def _unlisted(entries) -> list:
    """A memo's entries (at_every_budget's memo_too) without each seat's entry of `symbol_of` that a list `showing`
    keeps holds as well: the pass from an empty memo keeps the list alone (compiler._seat_entries_dropped)."""
    lists = [value for key, value in entries if len(key) == 1 and key[0].endswith("showing")]
    return [(key, value) for key, value in entries
            if not (key[0].endswith("symbol_of") and any(key[1] < len(kept) and kept[key[1]] == value for kept in lists))]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_tallied_pass_charges_the_seats_work_once_with_the_work_memo_and_failures_of_the_seat_by_seat_pass(
        tmp_path, monkeypatch, players):
    """`showing(s)`'s listing pass, where each seat's miss charges a zone's length alone (`symbol_of(p)`, the first
    item of `shown[p]`), sums the lengths and charges them once after the pass (`Compiler._charged_once`); where the
    budget does not cover the sum it takes its seats' values out of the memo and passes seat by seat. And `handed`'s
    `off if count(off) < player_count else []` reads `off` once where the memo stands (`_read_once`); `counted` reads
    `showing` first, so its pass starts from an empty memo (its seats' misses written without the reads). The same
    values, steps, work left, memo contents (a seat read before the pass kept) and out-of-work failures, at every
    budget, with the memo and without, as the seat-by-seat pass and the two reads give, and the same values, steps
    and work as the calls (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "shown.yaml"
    path.write_text(SHOWN)
    ruleset = load_ruleset(str(path))
    assert "f_c += _len(" in "\n".join(sources) and "(f_once := " in "\n".join(sources)
    assert "(an empty memo: each seat's read misses)" in "\n".join(sources) and "f_z0 = S.zones['shown']" in "\n".join(sources)

    def played(ruleset, memo=True):
        found = []
        for seed in range(8):
            game = Game(ruleset, players, seed=seed)
            found.append((game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]))
            if not memo:
                continue
            game.state.memo, builtins.WORK[0] = None, 10**6  # (no memo: `off` computed, and charged, twice)
            found.append((ruleset.namespace["_d_tallies"](game.state, {}), builtins.WORK[0]))
            game.state.memo, builtins.WORK[0] = {}, 10**6
            found.append((ruleset.namespace["_d_tallies"](game.state, {}), builtins.WORK[0]))
            used = 10**6 - builtins.WORK[0]
            found += at_every_budget(ruleset.namespace["_d_tallies"], game.state, [-1, *range(0, used + 2)], memo_too=True)  # out of work at each charge, or not
            game.state.memo, builtins.WORK[0] = {}, 10**6  # (the pass from an empty memo: `counted` reads `showing` first)
            found.append((ruleset.namespace["_d_counted"](game.state, {}), builtins.WORK[0]))
            used = 10**6 - builtins.WORK[0]
            found += at_every_budget(ruleset.namespace["_d_counted"], game.state, [-1, *range(0, used + 2)], memo_too=True)
            game.state.memo = None
        return [_unlisted(entry) if isinstance(entry, list) else entry for entry in found]

    shortcut = played(ruleset)
    assert any(isinstance(entry, tuple) and isinstance(entry[0], str) for entry in shortcut)  # out of work at some budget
    assert re.search(r"elif _len\(f_z0\) == S\.nplayers:  # \(an empty memo, the family's zones read in order: _zones_in_order\)\n"
                     r" +for f_w[0-9]+i0 in f_z0:  # written out: symbol_of\n +if f_w[0-9]+i0:", "\n".join(sources))
    monkeypatch.setattr(compiler, "_zones_in_order", lambda text: text)  # (each seat's zone read at its index, as before)
    before = len(sources)
    assert played(load_ruleset(str(path))) == shortcut and len(sources) > before and "_zones_in_order" not in "\n".join(sources[before:])
    monkeypatch.undo()
    sources = _spied_sources(monkeypatch)
    monkeypatch.setattr(compiler.Compiler, "_charged_once", lambda self, var, items, value, listed: listed)
    monkeypatch.setattr(compiler, "_read_once", lambda text: text)
    before = len(sources)
    plain = load_ruleset(str(path))
    assert len(sources) > before and not re.search(r"f_c \+= _len\(|f_once|an empty memo|f_z0", "\n".join(sources[before:]))
    assert played(plain) == shortcut
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path)), memo=False) == played(ruleset, memo=False)


COUNTED = KEPT.split("variables:")[0].replace("game: kept", "game: counted") + """\
components:
  chip: {attributes: {v: [0, 1, 2]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
variables: {a: 0, b: 0}
define:
  rolled(s): any(d.symbol == s and d.count > 0 for d in dice)
  total(z): sum(x.v for x in z)
  none_of(z, k): all(x.v != k for x in z)
  tallies: "[rolled('a'), rolled('c'), rolled('z'), total(bag), none_of(bag, 3), none_of(bag, 1), sum(x.v for x in bag) + 1]"
  split: sum(10 // (x.v - 1) for x in bag)
flow:
  - roll: [d1, d2]
  - set: {a: tallies}
winners: {highest: "score[p]"}
"""


def test_a_folds_count_of_a_loop_without_a_condition_is_its_collections_length_with_the_values_work_and_failures_of_the_calls(
        tmp_path, monkeypatch):
    """`any`, `all` and `sum` of one loop without a condition over the dice or a collection measured for its charge
    read the count of items after the loop as the collection's length (`_counted_at_end`), where each pass counted
    its item: the same values, work left and failures (`split` divides by zero at its third chip), at every budget,
    with the memo and without, as each pass counting gives and as the calls give (compiler.SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "counted.yaml"
    path.write_text(COUNTED)
    ruleset = load_ruleset(str(path))
    counts = "\n".join(sources).count("f_n += 1")
    assert "f_n = _len(S.dice)" in "\n".join(sources) and re.search(  # (a collection's length kept from its charge)
        r"\n +_W\[0\] -= \(f_n := _len\((f_i[0-9]+)\)\) \* [0-9]+\n(?: .*\n){4}( +)for c_x in \1:\n(?:\2 .*\n)+\2_W\[0\] -= f_n\n",
        "\n".join(sources))

    def played(ruleset):
        found = []
        for seed in range(6):
            game = Game(ruleset, 3, seed=seed)
            found.append((game.state.vars["a"], game.state.flow.steps, builtins.WORK[0]))
            for name in ("_d_tallies", "_d_split"):
                for memo in (None, {}):
                    game.state.memo, builtins.WORK[0] = memo, 10**6
                    try:
                        found.append((ruleset.namespace[name](game.state, {}), builtins.WORK[0]))
                    except Exception as exc:  # noqa: BLE001 - the failure is compared
                        found.append((str(exc), builtins.WORK[0]))
                used = 10**6 - builtins.WORK[0] if name == "_d_tallies" else 40
                found += at_every_budget(ruleset.namespace[name], game.state, [-1, *range(0, used + 2)])
            game.state.memo = None
        return found

    shortcut = played(ruleset)
    assert any(isinstance(v, str) and "division by zero" in v for v, *_ in shortcut[1:])
    monkeypatch.setattr(compiler, "_counted_at_end", lambda lines: lines)
    before = len(sources)
    assert played(load_ruleset(str(path))) == shortcut and "f_n = _len(S.dice)" not in "\n".join(sources[before:])
    assert "\n".join(sources[before:]).count("f_n += 1") >= counts + 5  # (each such loop counting at each pass)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path))) == shortcut


@pytest.mark.parametrize("full", ["count(c for c in g if c.v == 3) >= 1", "count(c for c in g if c.v // (c.v - 2) == 1) >= 1"])
@pytest.mark.parametrize("later", ["[]", "5"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_remembered_definition_called_in_a_body_written_out_without_a_memo_runs_its_body_with_the_values_and_failures_of_the_call(
        tmp_path, monkeypatch, players, later, full):
    """In a remembered definition's fold written out where no memo stands (`pts(p)`, its `val(g)` written out too), a
    call of a remembered definition (`full(g)`) calls its body's function (`_d_..`): the same scores, steps and work as
    the calls (compiler.SHORTCUTS off), and a failure in it (a division by zero) reported in that definition."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "bodies.yaml"
    path.write_text(NO_MEMO_WRITTEN.replace("LATER", later).replace("full(g): count(g) > 1", f"full(g): {full}"))

    shortcut = _applied_scores(load_ruleset(str(path)), players)
    assert re.search(r"\(0 if _d_[0-9]+_full\(S, L, c_g\) else .*# written out: val\n", "\n".join(sources))
    failures = [row for row in shortcut if isinstance(row, str)]
    assert ("//" in full) == any("(in definition 'full'" in row for row in failures)
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert _applied_scores(load_ruleset(str(path)), players) == shortcut


READ_IN_PLACE = RULESET[:RULESET.index("variables:")].replace("players: 2", "players: 3") + """\
variables: {a: 0, l: {initial: []}, r: 0, s: 0, t: 0, u: 0, w: 0}
flow:
  - for: "m in [[1], [2, 3]]"
    do:
      - set: {l: "l + m"}
  - set: {r: "round_score(1, a)", s: "round_score(2, a)", t: "round_score(1, 2)", u: "round_score(3, 1)", w: "round_score(0, a)"}
winners: {highest: "score[p]"}
"""


def test_a_sum_of_two_lists_read_and_a_round_score_are_computed_in_place_with_the_values_work_and_failures_of_the_calls(
        tmp_path, monkeypatch):
    """`l + m` of two variables is _concat's common case written in the expression's function, and `round_score(r, p)`
    of a round written out and a seat read again is read from the round's scores in place: for lists, a zone, a tuple,
    words, numbers and a list too long, at every budget, and for seats, words, none and rounds played or not, the same
    values, work left and failures as with compiler.SHORTCUTS off."""
    path = tmp_path / "in-place.yaml"
    path.write_text(READ_IN_PLACE)
    sources = _spied_sources(monkeypatch)
    pairs = [([1], [2, 3]), ([], []), (Zone(("z", 0), [1]), [2]), ([1], Zone(("z", 0), [2])), ((1,), [2]), ("ab", [1]), ([1], 2),
             ([0] * compiler.MAX_ITEMS, [1]), ([[1]], [[2], 3])]

    def evaluated():
        ruleset = load_ruleset(str(path))
        game = Game(ruleset, 3, seed=1)
        S = game.state
        fns = [ruleset.flow[0].args["body"][0].args["targets"][0][2].fn]
        fns += [target[2].fn for target in ruleset.flow[1].args["targets"]]
        found = [S.vars["l"]]
        for a, b in pairs:
            for budget in (-1, 0, 1, 2, 3, builtins.WORK_LIMIT):
                S.vars["l"], builtins.WORK[0] = a, budget
                try:
                    value = fns[0](S, {"m": b})
                    found.append((value if len(value) < 100 else len(value), type(value), builtins.WORK[0]))
                except Exception as exc:  # noqa: BLE001 - the failure is compared
                    found.append((str(exc), builtins.WORK[0]))
        for rounds in ([], [[4, 5, 6]], [[4, 5, 6], [7, 8, 9]]):
            for a in (0, 2, 3, -1, "x", None, True, 1.0):
                S.round_scores, S.vars["a"] = rounds, a
                found.append([at_every_budget(fn, S, [-1, 5]) for fn in fns[1:]])
        return found

    found = evaluated()
    text = "\n".join(sources)
    assert "        f_a = S.vars['l']\n        f_b = L['m']\n" in text and "f_r = f_a + f_b" in text
    assert "S.round_scores[0][S.vars['a']] if _type(S.vars['a']) is _int" in text and "S.round_scores[0][2] if 2 < S.nplayers" in text
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert evaluated() == found


def test_a_seats_lister_reads_a_kept_list_of_its_seat_without_testing_the_seat():
    """In a seats' lister (compiler.seats_listers), a kept list's read keyed by the seat (_kept_read) leaves out its test
    that the seat is a whole number (the seats a step's twin is given are seats), outside the words only; Poisons'
    drinking lists each seat's subsets as the bare twin does (tests/test_play_out.py compares every seat's listing)."""
    read = "(f_kl if (f_ks := _sfd_my[0])[0] is zones_cup_ and _type(seat_) is _int and (f_kl := f_ks[1].get((seat_))) is not None else rd_my(S, L, seat_))"
    assert compiler._seat_untested(f"    dom0 = b_subsets({read})\n") == (
        f"    dom0 = b_subsets({read.replace(' and _type(seat_) is _int', '')})\n")
    worded = f"    x = ' and _type(seat_) is _int and (f_kl := ' + {read}\n"
    assert compiler._seat_untested(worded) == worded.replace(" and _type(seat_) is _int and (f_kl := f_ks", " and (f_kl := f_ks")
    assert compiler._seat_untested(f'    x = "a"\n    y = {read}\n') == f'    x = "a"\n    y = {read}\n'
    game = Game(load_ruleset("poisons"), 4, seed=2)
    game.play_out(random=__import__("random").Random(2).random)
    assert game.finished


SEAT_LISTS = TRIO.replace("game: trio", "game: seat-lists").replace(
    "  handing: >", "  on(s): any(d.symbol == s and d.count > 0 for d in dice)\n"
    "  off: \"[p for p in players if not on(mark_of(p))]\"\n  handing: >").replace(
    "else [p for p in players if mark_of(p) == '']", "else (off if count(off) < player_count else [])")


class _Asked(dict):
    """A memo that notes each key looked up with ``get`` once a key of one item (a tallied count's list) is kept."""

    def __init__(self):
        super().__init__()
        self.asked = None

    def get(self, key, default=None):
        if self.asked is not None:
            self.asked.append(key)
        return super().get(key, default)

    def __setitem__(self, key, value):
        if len(key) == 1 and self.asked is None:
            self.asked = []
        super().__setitem__(key, value)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_seats_loops_read_their_marks_from_the_list_a_tallied_count_keeps_with_the_values_work_and_failures_of_the_reads(
        tmp_path, monkeypatch, players):
    """Once `showing(s)`, a tallied count, has kept every seat's `mark_of(p)` in a list (`Compiler._tallied`), the loops
    over the seats that read `mark_of(p)` (the seats' passes of `handing`, `off`'s condition) read it from that list,
    looked up once before each loop (`compiler._seat_values_read`), not from the memo at each seat: no mark is looked
    up in the memo after the list is kept. The same values, work left, out-of-work failures and memo entries, at every
    budget, as the reads give (the pass left out), and the same values, steps and work as the calls (SHORTCUTS off)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "seat_lists.yaml"
    path.write_text(SEAT_LISTS)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    assert len(re.findall(r"f_q[0-9]+ = \(m or _NOMEMO\)\.get\(\('d_[0-9]*_?showing', \)\)", text)) >= 3  # the passes, off's loop
    assert re.search(r"\(f_q[0-9]+\[c_p\] if f_q[0-9]+ is not None else \(f_h if ", text)

    def played(ruleset, memo_too):
        found, asked = [], 0
        for seed in range(24):
            game = Game(ruleset, players, seed=seed)
            found.append((game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]))
            game.state.memo, builtins.WORK[0] = _Asked(), 10**6
            found.append((ruleset.namespace["_d_handing"](game.state, {}), builtins.WORK[0]))
            asked += sum(isinstance(key, tuple) and key[0].endswith("mark_of") for key in game.state.memo.asked or ())
            used = 10**6 - builtins.WORK[0]
            found += at_every_budget(ruleset.namespace["_d_handing"], game.state, [*range(0, used - 60, 97), *range(used - 60, used + 2)], memo_too)
            game.state.memo = None
        return found, asked

    listed, asked = played(ruleset, True)
    assert asked == 0
    evaluated = [entry[0] for entry in listed if isinstance(entry, tuple) and len(entry) == 2]  # (values and work left)
    assert any(isinstance(v, str) for v in evaluated) and any(isinstance(v, list) and v for v in evaluated)  # failed, handed
    assert len({str(v) for v in evaluated}) > 3  # no die met (off), met
    monkeypatch.setattr(compiler, "_seat_values_read", lambda text, tallies: text)
    read, asked = played(load_ruleset(str(path)), True)
    assert asked > 0 and read == listed
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path)), False)[0] == played(ruleset, False)[0]


LISTED_READS = SHOWN.replace("game: shown", "game: listed-reads").replace("variables: {a: 0, b: 0}", "variables: {a: 0, b: 0, w: a}").replace(
    "  off: \"[p for p in players if symbol_of(p) != 'c']\"\n", "").replace(
    "  handed: >\n    [p for p in players if symbol_of(p) == 'z'] if any(showing(s) > 9 for s in ['a', 'b'])\n"
    "    else (off if count(off) < player_count else [])\n", "").replace(
    "  tallies: \"[symbol_of(1), showing('a'), showing('b'), showing('z'), showing(symbol_of(0)), showing('c'), handed]\"\n"
    "  counted: \"[showing('a'), showing(symbol_of(0)), symbol_of(1), showing('z'), handed]\"\n",
    "  later: \"[p for p in players if showing('b') >= 0 and symbol_of(p) == 'a']\"\n"
    "  after: \"[showing('a'), symbol_of(left(0)), later, [x for x in [symbol_of(left(1)), showing('c')]], showing(w), showing([w])]\"\n").replace(
    "set: {a: tallies}", "set: {a: after, b: later}").replace("set: {b: tallies}", "set: {a: after, b: later}")


def _missed(text, name) -> str:
    """``text`` (generated functions) with the reads of function ``name`` as they were before _seat_entries_dropped had
    them look in a tallied count's list (its test of a hit or a miss, or its function for a miss's first lines)."""
    parts = text.split("\ndef ")
    for i, part in enumerate(parts):
        if re.match(r"(?:def )?([A-Za-z0-9_]*)", part).group(1) == name:
            part = re.sub(r"\n    if m is not None and \(f_kv := _seat_kept\(.*\n        return f_kv", "", part)
            parts[i] = re.sub(r"if (f_h|f_r|r) is (not )?_LAZY (?:and|or) \(\1 := _seat_kept\(.*\)\) is (?:not )?_LAZY:", r"if \1 is \2_LAZY:", part)
    return "\ndef ".join(parts)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_tallied_pass_keeps_its_list_alone_and_every_read_of_a_seats_entry_looks_in_it_with_the_values_work_and_failures_of_the_calls(
        tmp_path, monkeypatch, players):
    """`showing(s)`'s pass from an empty memo keeps its list of every seat's `symbol_of(p)` alone, not each seat's entry
    as well (compiler._seat_entries_dropped); every later read of a seat's entry looks in that list where the memo
    misses it: `symbol_of`'s function for a miss (`symbol_of(left(0))`, and `later`'s loop, whose list is made at its
    first pass), `symbol_of`'s own function (`symbol_of(left(1))` in a list's items, called), and the reads written out
    in `showing`'s functions (`showing('c')`; `showing(w)`, its other function, for a value of any type, and `showing([w])`,
    that function's body for a key the memo cannot hold). The same values, steps, work left and out-of-work failures, at
    every budget, as the calls give (compiler.SHORTCUTS off); with any one of those reads left as it was (it computes the
    seat's value again, and charges it), not the same (the body of `showing`'s function for words runs without a memo
    alone: a word is always a key)."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "listed_reads.yaml"
    path.write_text(LISTED_READS)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    assert re.search(r"\(an empty memo: each seat's read misses\)\n(?:.*\n)*? +f_v\.append\(f_h\)\n +f_c \*= 7", text)
    assert not re.search(r"m\[_kd_[0-9]*_?symbol_of\[c_p\]\] = f_h", text)  # (the pass from an empty memo keeps no seat's entry)
    functions = {part.split("(")[0].removeprefix("def "): part for part in text.split("\ndef ")}
    readers = sorted(name for name, part in functions.items() if "_seat_kept(" in part)
    assert {re.sub(r"_[0-9]+_", "_", name) for name in readers} == {"_md_symbol_of", "d_symbol_of", "d_showing", "_d_showing"}

    def played(ruleset):
        found = []
        for seed in range(8):
            game = Game(ruleset, players, seed=seed)
            found.append((game.state.vars["a"], game.state.vars["b"], game.state.flow.steps, builtins.WORK[0]))
            for name in ("_d_after", "_d_later"):
                game.state.memo, builtins.WORK[0] = {}, 10**6
                found.append((ruleset.namespace[name](game.state, {}), builtins.WORK[0]))
                used = 10**6 - builtins.WORK[0]
                found += at_every_budget(ruleset.namespace[name], game.state, [-1, *range(0, used + 2)])  # out of work at each charge, or not
            game.state.memo = None
        return found

    shortcut = played(ruleset)
    assert any(isinstance(entry[0], str) for entry in shortcut[1:]) and any(isinstance(entry[0], list) for entry in shortcut[1:])  # failed, evaluated
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert played(load_ruleset(str(path))) == shortcut
    monkeypatch.setattr(compiler, "SHORTCUTS", True)
    listed = compiler._seat_reads_listed
    for name in [name for name in readers if not re.fullmatch(r"_d_[0-9]+_showing", name)]:  # (each read left as it was in turn)
        monkeypatch.setattr(compiler, "_seat_reads_listed", lambda text, mark, count, name=name: _missed(listed(text, mark, count) or "", name) or None)
        assert played(load_ruleset(str(path))) != shortcut, name


def test_a_tallied_pass_keeps_each_seats_entry_where_a_read_of_one_is_of_another_shape():
    """compiler._seat_entries_dropped leaves a tallied pass's store of each seat's entry in place (its tag taken off)
    where any read of such an entry, in the generated functions or a lister's body, is not of a shape it rewrites to
    look in the list first; it drops the store where every read is, and rewrites them (the count's own store alone:
    another count's function written with it keeps its own)."""
    store = "                        m[_kd_mark[c_p]] = f_h" + compiler._SEAT_STORE
    other_count = f"def _md_other(S, L, v_s, f_k):\n    m = S.memo\n{store}\n    return 0"
    counted = f"def _md_count(S, L, v_s, f_k):\n    m = S.memo\n{store}\n    return 0\n{other_count}"
    missed = "def _md_mark(S, L, v_p, f_k):\n    m = S.memo\n    return 1"
    read = "def other(S, L):\n    return (f_h if (f_h := m.get((f_k3 := _kd_mark[c_p]), _LAZY)) is not _LAZY else _md_mark(S, L, c_p, f_k3))"
    dropped = compiler._seat_entries_dropped([counted, missed, read], [], {"d_mark": "d_count"}, {"d_mark"})
    assert dropped[0] == "def _md_count(S, L, v_s, f_k):\n    m = S.memo\n    return 0\n" + other_count.replace(compiler._SEAT_STORE, "")
    assert "_seat_kept(m.get(('d_count', )), f_k, _kd_mark)" in dropped[1] and dropped[2] == read
    other = "def other(S, L):\n    return S.memo.get(('d_mark', 1))"
    for lines, bare in (([counted, missed, read, other], []), ([counted, missed, read], [other])):
        kept = compiler._seat_entries_dropped(lines, bare, {"d_mark": "d_count"}, {"d_mark"})
        assert kept == [text.replace(compiler._SEAT_STORE, "") for text in lines] and "m[_kd_mark[c_p]] = f_h" in kept[0]


STUCK = (FRESH.replace("game: fresh", "game: stuck").replace("  - set: {a: \"any(c.v == 3 for c in pot)\"}\n", "")
         .replace("      - set: {b: \"any(c.v == 3 for c in pot)\"}\n", "")
         .replace("all(count(hand[p]) == 0 for p in players)", "any(count(hand[p]) == 0 for p in players) or stuck")
         .replace("variables: {a: 0, b: 0}\n", "define:\n  stuck: player_count >= 2 and all(count(hand[p]) <= 1 for p in players)"
                  " and count(distinct(c.v for p in players for c in hand[p])) == 1\n"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_evaluation_led_by_an_any_of_the_seats_or_a_definition_sets_its_budget_there_and_writes_the_definition_out(
        tmp_path, monkeypatch, players):
    """`any(... for p in players) or stuck` (Compiler.build's _fresh_lead, Compiler._tail_written): the work budget is
    set afresh less the seats' count at the any's end, and `stuck`, a remembered definition of no argument, is computed
    where it stands where no memo does (its `and` written as statements, its fold's statements in place of its call:
    _and_written), called where one does. The same values and work left with the memo and without, the same steps and
    work as compiler.SHORTCUTS off, and a failure in it reported in the definition."""
    sources = _spied_sources(monkeypatch)
    path = tmp_path / "stuck.yaml"
    path.write_text(STUCK)
    ruleset = load_ruleset(str(path))
    text = "\n".join(sources)
    assert re.search(r"_W\[0\] = 10000000 - _len\(f_i0\)\n        if not f_r:\n            if S\.memo is None:\n", text)
    assert "# written out: stuck" in text and "f_r = f_g" in text
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    plain = load_ruleset(str(path))
    monkeypatch.setattr(compiler, "SHORTCUTS", True)
    until = "any(count(hand[p]) == 0 for p in players) or stuck"
    shortcut_fn, plain_fn = _expressions_of(ruleset.flow)[until].fn, _expressions_of(plain.flow)[until].fn
    game, seen = Game(ruleset, players, seed=players), set()
    while True:
        for memo in (None, {}):
            for budget in (builtins.WORK_LIMIT, 7, -3):
                found = []
                for fn in (shortcut_fn, plain_fn):
                    game.state.memo, builtins.WORK[0] = None if memo is None else {}, budget
                    found.append((fn(game.state, {}), builtins.WORK[0]))
                assert found[0] == found[1]
                seen.add(found[0][0])
        game.state.memo = None
        if game.finished:
            break
        p, = game.pending()
        game.apply(p, game.options(p)[0])
    builtins.WORK[0] = builtins.WORK_LIMIT
    assert {True, False} <= seen
    shortcut = [_played_in_turn(path, players, seed, lambda game: game.state.scores) for seed in range(4)]
    failing = tmp_path / "failing.yaml"
    failing.write_text(STUCK.replace("count(distinct(c.v for p in players for c in hand[p])) == 1", "1 / count(bag) > 0"))
    failed = _played_in_turn(failing, players, 0, lambda game: None)
    assert "stuck" in failed[-1] and "zero" in failed[-1]
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert [_played_in_turn(path, players, seed, lambda game: game.state.scores) for seed in range(4)] == shortcut
    assert _played_in_turn(failing, players, 0, lambda game: None) == failed


DESCENT = """\
philtre: 1
game: descent
players: 2..3
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  pile: {each: player, visible: everyone}
variables: {n: 0, times: TIMES}
step_limit: LIMIT
actions:
  tick:
    choose: {x: "[1, 2]"}
    do:
      - set: {n: n + x}
      - score: {player: me, add: x}
flow:
  - shuffle: bag
  - name: till
    until: n >= GOAL
    do:
      - round:
          - set: {n: n + 1}
          - move: last(bag) -> pile[0]
          - name: outer
            repeat: times
            AS
            do:
              - set: {n: n + 1}
              - FIRST
              - name: together
                simultaneous: tick
"""


def test_a_new_games_way_to_its_first_decision_is_written_out(tmp_path, monkeypatch):
    """Runners.descent (runners.descent_of) starts a new game neither recorded nor counted as Game._run would: the same
    frames, positions, steps, work left, listing and failures, whatever the loops' tests give (a loop not entered, a
    count that is no whole number, a step limit reached on the way, a `when`, a `let`, a step with no seat)."""
    from philtre.interpreter.runners import runners_for

    def started(ruleset, players, seed, written):
        runners = runners_for(ruleset)
        if not written:
            monkeypatch.setattr(runners, "descent", None)
        try:
            game = Game(ruleset, players, seed=seed)
        except PhiltreError as exc:
            found = str(exc)
        else:
            S = game.state
            frames = [(id(f[0]), id(f[1]), f[2], repr(f[3]), repr(f[4])) for f in S.flow.stack]
            found = (frames, S.flow.steps, game._work_left, S.round, repr(S.round_scores), S.flow.in_round, repr(S.vars),
                     {k: [[c.ident for c in z] for z in family] for k, family in S.zones.items()},
                     game._bare_listed, [(p, repr(game.options(p))) for p in game.pending()])
            try:
                game.play_out(random=random.Random(seed).random)
            except PhiltreError as exc:  # (a step limit reached later: the same failure, at the same step)
                found += (str(exc),)
            found += (S.scores, game.winners, S.flow.steps)
        monkeypatch.undo()
        return found

    ends, paused = Counter(), 0
    # (a count of no one type known before the game, a list of several kinds or a map, fails in play: a word or true
    # alone would be E120 at validate, dsl/variable_types.py)
    for case, (goal, times, as_, first) in enumerate([("6", "2", "", "set: {n: n}"), ("0", "2", "", "set: {n: n}"), ("6", "0", "", "set: {n: n}"),
                                    ("6", "{initial: [x, 1]}", "", "set: {n: n}"), ("9", "3", "as: r", "set: {n: n + r}"),
                                    ("6", "2", "", "let: {m: n}"), ("6", "{initial: {a: true}}", "", "set: {n: n}")]):
        for limit in (3, 5, 8, 12, 100_000):
            path = tmp_path / f"descent_{case}_{limit}.yaml"
            path.write_text(DESCENT.replace("GOAL", goal).replace("TIMES", times).replace("AS", as_).replace("FIRST", first)
                            .replace("LIMIT", str(limit)))
            ruleset = load_ruleset(str(path))
            descent = runners_for(ruleset).descent
            assert descent is not None
            for players, seed in ((2, 1), (3, 5)):
                seen = started(ruleset, players, seed, True)
                assert started(ruleset, players, seed, False) == seen, (goal, times, as_, first, limit, players)
                ends[re.search(r"R\d{3}|$", seen).group() if type(seen) is str else "started"] += 1
            if limit == 100_000 and goal == "6" and times == "2" and first.startswith("set"):
                paused += descent_pauses(ruleset, 2)
    assert ends["R100"] and ends["R200"] and ends["started"] > 20 and paused == 1, (ends, paused)
    for name, players in (("poisons", 4), ("pok", 5)):  # (the games it is for: their descents pause at their first step)
        assert descent_pauses(load_ruleset(name), players), name


def descent_pauses(ruleset, players) -> bool:
    """Whether the ruleset's descent (Runners.descent) takes a new game to its first decision and pauses there itself."""
    from philtre.interpreter.game import HANDLERS, PAUSE
    from philtre.interpreter.runners import runners_for
    from philtre.interpreter.state import initial_state

    game = Game(ruleset, players, seed=1)
    game.state = S = initial_state(ruleset, players, 1)  # (the game's start again, taken by the descent alone)
    S.flow.stack.append([None, ruleset.flow, 0, {}, None])
    game._bare_seats = True
    return runners_for(ruleset).descent(game, S, HANDLERS, PAUSE) is True


def test_a_subsets_pass_keeps_each_seats_list_itself_where_none_is_kept_yet():
    """runners._SUBSETS_PASS: where a seat's list is not kept yet (a game's first drinking in four-player Poisons: no
    expression read `my_goblets` before it), the pass reads it as its twin does, which keeps it, and goes on, rather
    than handing the step to the fused function: no game calls that function, and each plays as before."""
    ruleset = load_ruleset("poisons")
    passes = [entry[9] for entry in Game(ruleset, 4, seed=0)._runners.simultaneous.values()
              if entry[9] is not None and "fused_" in entry[9].__code__.co_freevars and entry[9].__name__.endswith("ss")]
    assert len(passes) == 1
    cell = passes[0].__closure__[passes[0].__code__.co_freevars.index("fused_")]
    fused, cell.cell_contents = cell.cell_contents, lambda *args: pytest.fail("the fused function was called")
    try:
        for seed in range(3):
            game = Game(ruleset, 4, seed=seed)
            game.play_out(random=random.Random(seed).random)
            assert game.finished and game.state.round == 4
    finally:
        cell.cell_contents = fused


OFF_DICE = """\
philtre: 1
game: shown
players: 3..5
components:
  counter: {attributes: {shape: [a, b, c]}, each: player, start: hand}
zones:
  hand: {each: player, visible: owner}
  shown: {each: player, visible: everyone}
dice:
  d1: [{symbol: a, count: 1}, {symbol: b, count: 2}, {symbol: c, count: 0}]
  d2: [{symbol: c, count: 1}, {symbol: a, count: 2}, {symbol: b, count: 1}]
define:
  symbol_of(p): first(c.shape for c in shown[p])
  showing(s): count(p for p in players if symbol_of(p) == s)
  met(d): d.count > 0 and showing(d.symbol) == d.count
  on_dice(s): any(d.symbol == s and d.count > 0 for d in dice)
  off_dice: "[p for p in players if not on_dice(symbol_of(p))]"
  handing_over: >
    [p for p in players if any(met(d) and d.symbol == symbol_of(p) for d in dice)]
    if any(met(d) for d in dice) else (off_dice if count(off_dice) < player_count else [])
actions:
  show:
    choose: {counter: "hand[me]"}
    do:
      - move: counter -> shown[me]
flow:
  - roll: [d1, d2]
  - simultaneous: show
  - for: p in handing_over
    do:
      - score: {player: p, add: 1}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("players", [3, 5])
def test_a_miss_written_out_with_a_definition_written_over_several_lines_gives_the_values_of_the_plain_read(tmp_path, monkeypatch,
                                                                                                          play, players):
    """`off_dice if count(off_dice) < player_count else []` writes off_dice's miss out in place (_once_written), its
    lines moved four spaces out; a definition written out inside it over several lines (``sh(c)``) keeps its lines
    whole: the same scores and steps as with symbol_of's read in its place (a metamorphic fuzz found four of its
    characters cut, a SyntaxError on loading a valid ruleset)."""
    sources = _spied_sources(monkeypatch)
    routed = OFF_DICE.replace("not on_dice(symbol_of(p))", "not on_dice(first(sh(c) for c in shown[p]))").replace(
        "  on_dice(s):", "  sh(x): x.shape\n  on_dice(s):")
    assert routed != OFF_DICE
    # (not the work: the two texts charge their own)
    ends = [ends_of_games(tmp_path, play, text, players, lambda game: (game.scores, game.state.flow.steps)) for text in (OFF_DICE, routed)]
    assert re.search(r"\n +\(c_c\.plain\['shape'\]\)  # written out: sh\n", "\n".join(sources))  # (the line of sh's body)
    assert ends[1] == ends[0] and any(any(scores) for scores, *_ in ends[0])


NONE_ARGUMENTS = """\
philtre: 1
game: none-arguments
players: 2
components:
  pawn: {each: player, start: "track[0]"}
zones:
  track: {copies: 2}
define:
  dest(c): "track[1] if c.owner == 0 else none"
  ok(z): "true"
  free(z): "z != none and count(z) == 0"
  away(z): "[c for c in track[0] if z == none]"
  kind(c): "c == none"
actions:
  go:
    choose: {pawn: "track[0]"}
    if: IF
    do:
      - move: pawn -> track[1]
flow:
  - decide: go
    player: 0
"""


@pytest.mark.parametrize("test, owners", [
    ("ok(dest(pawn))", [0, 1]),                       # a zone given none: a body of one expression
    ("free(dest(pawn))", [0]),                        # ... whose body tests for none first
    ("count(away(dest(pawn))) == 2", [1]),            # ... a body of statements (a folded comprehension)
    ("kind(first(track[1]))", [0, 1]),               # a component given none (first of an empty zone)
])
def test_a_remembered_definition_given_none_for_a_zone_or_a_component_gives_its_value_for_none(tmp_path, test, owners):
    """A definition whose parameter is typed a zone (or a component) and is given none while the options are listed,
    where the memo stands, computes its value for none as the call written out does (Sorry!'s `free(me, fwd(pawn,
    n))`, a zone or none): the memo key of a zone is its `.key`, which none has not, and the definition blamed for
    reading an attribute of none read none."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(NONE_ARGUMENTS.replace("IF", test), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    assert sorted(o.args[0][1]["owner"] for o in game.options(0)) == owners


ZONES_IN_FAMILIES = """\
philtre: 1
game: zones-in
players: 2
components:
  chip: {copies: 2, start: "track[1]"}
  token: {start: bag}
  stone: {each: player, start: "hand[owner]"}
zones:
  track: {copies: 4}
  hand: {each: player}
  pile: {copies: [red, blue]}
  line: {each: player, copies: 2}
  bag: {}
variables: {a: 0, b: 0, c: 0, d: 0, u: {initial: null}, w: {initial: null}}
define:
  spots: "[bag, track[0], track[3], hand[1], pile['red'], line[1][1]]"
  where(x): "zone_of(x) if x.type == 'chip' else none"
  on_track(c): zone_of(c) in track
flow:
  - set: {a: "[[z in track, z in hand, z in pile, z not in track] for z in spots]"}
  - set: {b: "[[zone_of(c) in track, zone_of(c) not in hand, where(c) in track, where(c) not in pile, on_track(c)] for c in bag + track[1] + hand[0]]"}
  - set: {u: "track[2]", w: "pile['blue']"}
  - set: {c: "[u in track, w in track, u not in pile, w in pile, [v in track for v in [u, w, none]]]"}
  - set: {d: "[x.type for x in (track[1] if zone_of(first(track[1])) in track else bag)]"}
winners: {highest: "score[p]"}
"""


def test_a_zone_looked_for_in_a_family_is_a_test_of_its_key_with_the_values_of_the_list_search(tmp_path, monkeypatch):
    """`zone_of(c) in track` (Sorry!'s `on_track`, a family of 60 zones: Python's == of each zone passed over was a
    third of its playouts) is a test of the value's class and its key's name (Compiler._zone_in_family_read): a local,
    a call's value bound once, a variable's value of unknown type, none, a zone of another family, of a single zone,
    of named copies or of a family of zones a seat, `in` and `not in`, and a test in a comprehension's collection
    (where Python refuses the local: the list searched). The same values and steps as with compiler.SHORTCUTS off."""
    sources = _spied_sources(monkeypatch)
    shortcut = seats_game(tmp_path, ZONES_IN_FAMILIES, 2)
    assert shortcut["a"] == [[False, False, False, True], [True, False, False, False], [True, False, False, False],
                             [False, True, False, True], [False, False, True, True], [False, False, False, True]]
    assert shortcut["b"] == [[False, True, False, True, False], [True, True, True, True, True], [True, True, True, True, True],
                             [False, False, False, True, False]]
    assert shortcut["c"] == [True, False, True, True, [True, False, False]] and shortcut["d"] == ["chip", "chip"]
    functions = {f[:f.index("(")]: f for f in re.split(r"^def ", "\n".join(sources), flags=re.M) if "(" in f}
    assert "f_zin := b_zone_of(S, v_c)) is _Zone and f_zin.key[0] == 'track'" in functions["_d_on_track"]
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    assert seats_game(tmp_path, ZONES_IN_FAMILIES, 2) == shortcut
