"""partitions(items, groups[, n]): every way to split a multiset of items into groups (language.md, partitions).

A trial of a game of tiles could not say "these 14 tiles split into four sets and a pair" without unrolling a
recurrence into nine definitions by hand: the language has no recursion (E130), and the search is the whole family of
meld games' (a hand of sets and runs, the deadwood left over). The builtin is a backtracking exact cover, each way
listed once, in an order the lists alone give, charged to the work budget.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from philtre.dsl import builtins, load_ruleset
from philtre.dsl.builtins import WORK, WORK_LIMIT, OutOfWork, b_partitions
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

HEAD = "game: melds\nplayers: 2\n"

# tiles of one suit, numbered 1..9: a set is a run of three or three alike, a pair two alike
MELDS = """\
define:
  sets: "[[r, r + 1, r + 2] for r in range(1, 8)] + [[r, r, r] for r in range(1, 10)]"
  pairs: "[[r, r] for r in range(1, 10)]"
  won(h): "any(count([g for g in way if count(g) == 2]) == 1 for way in partitions(h, sets + pairs))"
  suits: "['b', 'c', 'd']"
  kinds: "[[s, r] for s in suits for r in range(1, 10)] + [['z', r] for r in range(1, 8)]"
  runs: "[[[s, r], [s, r + 1], [s, r + 2]] for s in suits for r in range(1, 8)]"
  alike(k): "[[k, k, k], [k, k]]"
  groups: "runs + [g for k in kinds for g in alike(k)]"
  whole(h): "any(count([g for g in way if count(g) == 2]) == 1 for way in partitions(h, groups))"
"""


def _value(tmp_path, expr: str, initial: str = "", define: str = MELDS):
    """The value ``expr`` gives when a small game's flow sets a variable to it."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + define + f"variables:\n  got: 0\n{initial}flow:\n  - set: {{got: {expr!r}}}\n")
    return Game(load_ruleset(str(path)), 2).state.vars["got"]


def _failure(tmp_path, expr: str, initial: str = "") -> str:
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, expr, initial)
    return str(caught.value)


NINE_GATES = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]


@pytest.mark.parametrize("tile", range(1, 10))
def test_nine_gates_and_any_tile_of_its_suit_is_four_sets_and_a_pair(tmp_path, tile):
    assert _value(tmp_path, f"won({NINE_GATES + [tile]})") is True


@pytest.mark.parametrize("hand", [
    [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8],  # 123 123 456 456 and 7 8 left over: no pair
    [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 7, 7, 8, 8],  # seven pairs: split so, but never four sets and one pair
    [1, 2, 4, 5, 7, 8, 9, 1, 2, 4, 5, 7, 8, 9],
    [1, 1, 1, 2, 2, 2, 3, 3, 3, 5, 5, 5, 6, 8],
])
def test_fourteen_tiles_that_are_no_win(tmp_path, hand):
    assert _value(tmp_path, f"won({hand})") is False


def test_tiles_as_suit_and_rank_lists_of_every_suit_are_cheap(tmp_path):
    """The hand of a game of three suits and honours, each tile a [suit, rank] list compared by equality, checked
    against every run, triple and pair of the 34 kinds (89 groups); the search is about a thousand steps of the budget
    of 10,000,000, so a check each turn of a random playout costs little."""
    won = [["b", 1], ["b", 2], ["b", 3], ["c", 5], ["c", 5], ["c", 5], ["z", 7], ["z", 7],
           ["d", 4], ["d", 5], ["d", 6], ["b", 9], ["b", 8], ["b", 7]]
    assert _value(tmp_path, f"whole({won})") is True
    assert _value(tmp_path, f"whole({won[:-1] + [['b', 6]]})") is False
    groups = ([[[s, r], [s, r + 1], [s, r + 2]] for s in "bcd" for r in range(1, 8)]
              + [g for k in [[s, r] for s in "bcd" for r in range(1, 10)] + [["z", r] for r in range(1, 8)]
                 for g in ([k, k, k], [k, k])])
    WORK[0] = WORK_LIMIT
    ways = b_partitions(won, groups)
    assert ways == [[[["b", 1], ["b", 2], ["b", 3]], [["c", 5]] * 3, [["z", 7]] * 2, [["d", 4], ["d", 5], ["d", 6]],
                     [["b", 7], ["b", 8], ["b", 9]]]]
    assert WORK_LIMIT - WORK[0] < 10_000


# cards [suit, rank] of three suits: a meld is a rank in every suit, or a run of three or four in a suit
RUMMY = """\
define:
  suits: "['h', 's', 'd']"
  sets: "[[[s, r] for s in suits] for r in range(1, 8)]"
  runs: "[[[s, r + i] for i in range(n)] for s in suits for n in [3, 4] for r in range(1, 9 - n)]"
  melds: "sets + runs"
  singles(h): "[[c] for c in distinct(h)]"
  melded(h): "count(partitions(h, melds, 1)) > 0"
  deadwood(h): "min(sum(g[0][1] for g in way if count(g) == 1) for way in partitions(h, melds + singles(h)))"
"""


@pytest.mark.parametrize("hand, melded, deadwood", [
    ([["h", 1], ["h", 2], ["h", 3], ["s", 5], ["h", 5], ["s", 6], ["s", 7]], False, 5),  # a run in each suit, h5 left
    ([["h", 4], ["s", 4], ["d", 4], ["h", 5], ["h", 6], ["h", 7], ["s", 1], ["s", 2], ["s", 3]], True, 0),  # 4s, 5-7, 1-3
    ([["h", 4], ["s", 4], ["d", 4], ["h", 5], ["h", 6], ["s", 1], ["s", 2], ["s", 3]], False, 4),  # s1-s4, h4-h6: d4 left
    ([["h", 7], ["s", 7], ["h", 1], ["s", 3]], False, 18),  # nothing melds: every card is deadwood
])
def test_rummy_melds_and_the_least_deadwood(tmp_path, hand, melded, deadwood):
    assert _value(tmp_path, f"melded({hand})", define=RUMMY) is melded
    assert _value(tmp_path, f"deadwood({hand})", define=RUMMY) == deadwood


def test_the_ways_come_in_the_order_the_search_finds_them():
    """The first item's kind is covered first, by its groups in the list's order; a way's groups in the order
    taken; a kind's several groups in the list's order (never [1, 2] then [1] as well as [1] then [1, 2])."""
    assert b_partitions([1, 1, 2, 2], [[1], [2], [1, 2]]) == [[[1], [1], [2], [2]], [[1], [1, 2], [2]], [[1, 2], [1, 2]]]
    assert b_partitions([2, 1, 2, 1], [[1], [2], [1, 2]]) == [[[2], [2], [1], [1]], [[2], [1, 2], [1]], [[1, 2], [1, 2]]]
    assert b_partitions([3, 1, 2], [[1, 2, 3], [3], [2, 1], [1], [2]]) == [[[1, 2, 3]], [[3], [2, 1]], [[3], [1], [2]]]
    assert b_partitions([], [[1]]) == [[]]  # nothing: one way, of no groups
    assert b_partitions([1], []) == [] and b_partitions([1, 2], [[1], [1, 2, 2], [], [3]]) == []


def test_identical_items_and_groups_give_each_way_once():
    assert b_partitions([1] * 6, [[1], [1, 1], [1, 1, 1]]) == [  # the 7 ways to add up to 6 with parts of at most 3
        [[1]] * 6, [[1]] * 4 + [[1, 1]], [[1]] * 3 + [[1, 1, 1]], [[1]] * 2 + [[1, 1]] * 2, [[1], [1, 1], [1, 1, 1]],
        [[1, 1]] * 3, [[1, 1, 1]] * 2]
    # the same group written twice, or in another order, is one group
    assert b_partitions([1, 2, 2, 1], [[1, 2], [2, 1], [1, 2]]) == [[[1, 2], [1, 2]]]
    # lists and maps are items by their content; 1 and 1.0 are one kind, as for distinct
    assert b_partitions([[0, 1], [0, 1], {"a": 1}], [[[0, 1]], [{"a": 1}, [0, 1]]]) == [[[[0, 1]], [{"a": 1}, [0, 1]]]]
    assert b_partitions([1, 1.0], [[1.0, 1]]) == [[[1.0, 1]]]


def test_a_zone_splits_into_groups_of_its_components(tmp_path):
    """A zone's components are items, each itself (compared as `==` compares them: by identity); two copies of a rank
    are two items, and the pair [a, b] and [b, a] one group: each rank's two cards stay apart or pair up, 2**3 ways."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + """\
components:
  card: {attributes: {rank: [1, 2, 3]}, copies: 2, start: deck}
zones:
  deck: {}
variables:
  got: 0
flow:
  - set: {got: "[count(way) for way in partitions(deck, [[c] for c in deck]
                 + [[a, b] for a in deck for b in deck if a.rank == b.rank and a != b])]"}
""")
    assert sorted(Game(load_ruleset(str(path)), 2).state.vars["got"]) == [3, 4, 4, 4, 5, 5, 5, 6]


def _by_hand(items, groups) -> list:
    """Every way as a sorted tuple of groups (each a sorted tuple), listed by trying every count of every group."""
    distinct = sorted({tuple(sorted(g)) for g in groups if g})
    want = Counter(items)
    found = []

    def walk(i, left, way):
        if not +left:
            found.append(tuple(sorted(way)))
            return
        if i == len(distinct):
            return
        walk(i + 1, left, way)
        g, n = Counter(distinct[i]), 1
        while all(left[k] >= m * n for k, m in g.items()):
            walk(i + 1, left - Counter({k: m * n for k, m in g.items()}), way + [distinct[i]] * n)
            n += 1

    walk(0, want, [])
    return sorted(found)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=8), st.lists(st.lists(st.integers(0, 3), max_size=3), max_size=8))
def test_every_way_and_each_once_against_a_search_by_hand(items, groups):
    WORK[0] = WORK_LIMIT
    ways = b_partitions(items, groups)
    as_sets = [tuple(sorted(tuple(sorted(g)) for g in way)) for way in ways]
    assert len(set(as_sets)) == len(as_sets), ways
    assert sorted(as_sets) == _by_hand(items, groups)
    assert all(sorted(x for g in way for x in g) == sorted(items) for way in ways)
    for n in (1, 2):
        assert b_partitions(items, groups, n) == ways[:n]


def test_a_count_of_ways_stops_the_search_at_the_first_found(tmp_path):
    """partitions(items, groups, 1) is the first way of the whole list, or none, found with less work: what a check
    that a split exists needs (count(...) > 0)."""
    items = list(range(30))
    groups = [[i] for i in items] + [[i, i + 1] for i in items]
    WORK[0] = WORK_LIMIT
    first = b_partitions(items, groups, 1)
    spent = WORK_LIMIT - WORK[0]
    assert first == [[[i] for i in items]]
    assert _value(tmp_path, "partitions(range(30), [[i] for i in range(30)] + [[i, i + 1] for i in range(30)], 2)") == [
        [[i] for i in items], [[i] for i in range(28)] + [[28, 29]]]
    assert _value(tmp_path, "partitions([1, 1], [[1]], 0)") == []
    WORK[0] = spent - 1
    with pytest.raises(OutOfWork):
        b_partitions(items, groups, 1)
    assert WORK[0] == WORK_LIMIT


def test_a_huge_search_stops_at_the_budget_naming_the_builtin(tmp_path):
    """60 items and every group of one or two of them: far more ways than the budget pays for. The rule stops with
    R100 naming partitions() and the count that stops at the first way, rather than running for hours."""
    message = _failure(tmp_path, "partitions(range(60 + count(z)), [[i] for i in range(60)]"
                                 " + [[i, j] for i in range(60) for j in range(60) if i < j])",
                       initial="zones:\n  z: {}\n")  # (read in a game only)
    assert "R100 rule 'set' failed" in message, message
    assert "partitions() of 60 items into 1,830 groups does too much work (more than 10,000,000 steps)" in message, message
    assert "partitions(items, groups, 1) stops at the first way found" in message, message


def test_the_search_charges_a_step_for_each_group_tried():
    items, groups = [1, 1, 2, 2, 3, 3], [[1], [2], [3], [1, 2], [2, 3], [1, 2, 3]]
    WORK[0] = WORK_LIMIT
    ways = b_partitions(items, groups)
    charged = WORK_LIMIT - WORK[0]
    assert charged > len(ways) * 3 + 6 + 6 + 12  # more than reading the lists and making the ways: the groups tried
    WORK[0] = charged - 1
    with pytest.raises(OutOfWork, match=r"partitions\(\) of 6 items into 6 groups does too much work"):
        b_partitions(items, groups)
    assert WORK[0] == WORK_LIMIT
    WORK[0] = charged
    assert b_partitions(items, groups) == ways and WORK[0] == 0


@pytest.mark.parametrize("expr, said", [
    ("partitions(v, [[1]])", "partitions() splits a list (or a zone) of items, got 'abc'"),
    ("partitions([1], v)", "partitions() needs a list of groups, each a list of items, got 'abc'"),
    ("partitions([1], [[1], v])", "partitions()'s group number 1 must be a list of items, got 'abc'"),
    ("partitions([1], [[1]], w)", "partitions() needs a whole number of ways as its third argument"),
])
def test_bad_values_known_only_in_a_game_stop_it_at_the_rule(tmp_path, expr, said):
    message = _failure(tmp_path, expr, initial="  v: abc\n  w: 1.5\n")
    assert "R100 rule 'set' failed" in message and said in message, message


@pytest.mark.parametrize("expr, code, said", [
    ("partitions([1, 2], [1, 2])", "E120", "partitions() needs a list of groups, each a list of items, but this is a list of whole numbers"),
    ("partitions([1], deck)", "E120", "partitions() needs a list of groups, each a list of items, but this is a zone"),
    ("partitions({1: 2}, [[1]])", "E120", "partitions() splits a list (or a zone) of items, but this is a map"),
    ("partitions(3, [[1]])", "E123", "partitions() needs a collection, got a whole number"),
    ("partitions([1], [[1]], 1.5)", "E120", "partitions() needs a whole number here, but 1.5 is a fraction"),
    ("partitions([1])", "E140", "partitions() takes 2 to 3 argument(s), got 1"),
])
def test_bad_arguments_are_refused_at_validate(tmp_path, expr, code, said):
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + f"zones:\n  deck: {{}}\nvariables:\n  got: 0\nflow:\n  - set: {{got: {expr!r}}}\n")
    found = [(f.diagnostic.code, f.diagnostic.message) for f in check_file(str(path), lints=False).findings]
    assert (code, said) in found, found


def test_the_result_is_typed_as_a_list_of_ways_of_groups(tmp_path):
    """A way's group is a list of the groups' items: reading an attribute of one is refused at validate."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "variables:\n  got: 0\nflow:\n"
                    "  - set: {got: \"[g.x for way in partitions([1, 2], [[1], [2]]) for g in way]\"}\n")
    found = [f.diagnostic.code for f in check_file(str(path), lints=False).findings]
    assert "E153" in found, found



def _recipes() -> list[str]:
    """The `define:` blocks of language.md's recipe "Melds: a hand split into sets", as written there."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "language.md").read_text(encoding="utf-8")
    recipe = text.split("#### Melds: a hand split into sets", 1)[1].split("\n### ", 1)[0].split("\n#### ", 1)[0]
    return [block.split("\n```", 1)[0] + "\n" for block in recipe.split("```yaml\n")[1:]]


def _of_hand(tmp_path, recipe: str, types: str, call: str, hand: str):
    """``call`` (a definition of the recipe) given the components of ``hand`` (`b1 b1 c5`: suit and rank), in a game
    whose components are ``types`` lying in one zone."""
    tiles = ", ".join(f"t('{w[0]}', {w[1:]})" for w in hand.split())
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "components:\n" + types + "zones:\n  wall: {}\n" + recipe
                    + "  t(s, r): first(c for c in wall if c.suit == s and c.rank == r)\n"
                    + f"variables:\n  got: 0\nflow:\n  - set: {{got: \"{call}([{tiles}])\"}}\n")
    return Game(load_ruleset(str(path)), 2).state.vars["got"]


TILES = """\
  tile: {attributes: {suit: [b, c, d], rank: 1..9}, copies: 4, start: wall}
  honour: {attributes: {suit: z, rank: 1..7}, copies: 4, start: wall}
"""
CARDS = "  card: {attributes: {suit: [h, s, d], rank: 1..7}, start: wall}\n"


def test_the_recipes_of_the_language_guide_work_as_it_says(tmp_path):
    tiles, cards = _recipes()
    gates = "b1 b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 b9 b9"
    assert all(_of_hand(tmp_path, tiles, TILES, "won", f"{gates} b{r}") is True for r in (1, 5, 9))
    assert _of_hand(tmp_path, tiles, TILES, "won", "b1 b1 b2 b2 b3 b3 b4 b4 b5 b5 b6 b6 b7 b8") is False
    assert _of_hand(tmp_path, tiles, TILES, "won", "b1 b1 b2 b2 b3 b3 b4 b4 b5 b5 b7 b7 b8 b8") is False
    assert _of_hand(tmp_path, tiles, TILES, "won", "b1 b2 b3 c5 c5 c5 z7 z7 d4 d5 d6 b9 b8 b7") is True
    hand = "h1 h2 h3 s5 h5 s6 s7"
    assert _of_hand(tmp_path, cards, CARDS, "melded", hand) is False
    assert _of_hand(tmp_path, cards, CARDS, "deadwood", hand) == 5
    assert _of_hand(tmp_path, cards, CARDS, "melded", "h4 s4 d4 h5 h6 h7 s1 s2 s3") is True


def test_a_recursive_split_is_pointed_to_the_builtin(tmp_path):
    """The search a trial tried to write as a definition calling itself: E130, whose hint names partitions()."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "define:\n  split(h): \"count(h) == 0 or split([x for x in h if x != first(h)])\"\n"
                    "variables:\n  got: 0\nflow:\n  - set: {got: \"split([1, 2])\"}\n")
    found = [(f.diagnostic.code, f.diagnostic.hint) for f in check_file(str(path), lints=False).findings]
    assert any(code == "E130" and "partitions(items, groups)" in hint for code, hint in found), found
