"""sorted_by, max_by and min_by: items ordered by keys given as [key, item] pairs (language.md, sorted_by), so that
components are ordered by an attribute and an arg-max computes its key once."""

from __future__ import annotations

import random

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import WORK, WORK_LIMIT, b_max_by, b_sorted_by
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from test_index_of_item import _value, _write  # (a small game whose flow sets a variable to an expression; ranks 3, 1, 4)


@pytest.mark.parametrize("expr, got", [
    ("sorted_by([c.rank, c.rank * 10] for c in deck)", [10, 30, 40]),
    ("sorted_by([-c.rank, c.rank] for c in deck)", [4, 3, 1]),                 # descending: the number key negated
    ("sorted_by([[1, 'a'], [0, 'b'], [1, 'c'], [0, 'd']])", ["b", "d", "a", "c"]),  # equal keys keep their order
    ("sorted_by([['b', 1], ['a', 2]])", [2, 1]),                                # words as keys
    ("sorted_by([[[1, 2], 'x'], [[1], 'y']])", ["y", "x"]),                     # lists as keys, as sorted() orders them
    ("sorted_by([])", []),
    ("max_by([[1, 'a'], [2, 'b'], [2, 'c']])", "b"),                          # the first pair of the largest key
    ("min_by([[1, 'a'], [0, 'b'], [0, 'c']])", "b"),
    ("max_by([c.rank, c] for c in deck).rank", 4),                             # components as items, never compared
    ("min_by([c.rank, c] for c in deck).rank", 1),
    ("max_by([c.rank, [c.rank, c]] for c in deck)[0]", 4),
    ("min_by([count(hand[p]) - p, p] for p in players)", 1),                   # the seat of the lowest value
])
def test_items_come_in_the_order_of_their_keys(tmp_path, expr, got):
    assert _value(tmp_path, expr) == got


def test_components_keep_their_order_among_equal_keys(tmp_path):
    """Stable: equal keys (all 0) give the components in the zone's order, which the ids follow."""
    assert _value(tmp_path, "[c.id for c in sorted_by([0, c] for c in deck)]") == _value(tmp_path, "[c.id for c in deck]")


def _findings(tmp_path, expr: str) -> list[str]:
    return [f"{f.diagnostic.code} {f.diagnostic.message} | {f.diagnostic.hint}"
            for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]


@pytest.mark.parametrize("expr, said", [
    ("sorted_by(deck)", "E120 sorted_by() takes [key, item] pairs, but this holds components "
                        "| pair each item with its key: sorted_by([c.rank, c] for c in deck)"),
    ("max_by(c for c in deck)", "E120 max_by() takes [key, item] pairs, but this holds components "
                                "| pair each item with its key: max_by([c.rank, c] for c in deck)"),
    ("sorted_by([3, 1])", "E120 sorted_by() takes [key, item] pairs, but this holds whole numbers"),
    ("max_by([c.rank, c, 1] for c in deck)", "E120 max_by() takes [key, item] pairs, but this list has 3 items"),
    ("min_by([[1, 'a'], [2]])", "E120 min_by() takes [key, item] pairs, but this list has 1 item"),
    ("sorted_by([c, c.rank] for c in deck)", "E120 sorted_by() orders by keys that are numbers or words, but this key "
                                             "is a component | key it by one of its attributes: c.rank"),
    ("max_by([c.rank > 1, c] for c in deck)", "E120 max_by() orders by keys that are numbers or words, but this key is "
                                              "true or false | true and false have no order: key by a number, 1 if c.rank > 1 else 0"),
    ("max_by([c, c] for c in deck)", "E120 max_by() orders by keys that are numbers or words, but the key of each pair "
                                     "here is a component"),
    ("sorted_by(3)", "E123 sorted_by() needs a collection, got a whole number"),
    ("max_by([c.rank, c] for c in deck) + 1", "E124 '+' needs numbers, got a component"),  # typed as its item
    ("max_by([c.rank, c] for c in deck).suit", "E152 no component or die face has an attribute 'suit'"),
    ("sorted_by([c.rank, c] for c in deck) + 1", "E124"),                                  # a list of components
])
def test_a_wrong_pair_or_key_is_found_by_validate(tmp_path, expr, said):
    found = _findings(tmp_path, expr)
    assert any(line.startswith(said) for line in found), found


@pytest.mark.parametrize("expr", [
    "max_by([c.rank, c] for c in deck).rank + 1",       # the item's attribute, a number
    "count(sorted_by([c.rank, c] for c in deck)) + 1",
    "first(sorted_by([c.rank, c] for c in deck)).rank",
])
def test_the_result_is_typed_as_the_items(tmp_path, expr):
    assert _findings(tmp_path, expr) == []


@pytest.mark.parametrize("expr, initial, said", [
    ("max_by(xs)", "  xs: {initial: [[1, 2], 3]}\n", "max_by() takes [key, item] pairs, got 3 among them: write each as [key, item]"),
    ("sorted_by(xs)", "  xs: {initial: [[1, 2, 3]]}\n", "sorted_by() takes [key, item] pairs, got [1, 2, 3] among them"),
    ("min_by(xs)", "  xs: {initial: [[true, 2]]}\n", "min_by() orders its items by their keys, numbers or words (or lists of such), got the key true"),
    ("sorted_by([k, 1] for k in xs)", "  xs: {initial: [1, 'a']}\n", "sorted_by() compares the keys of its pairs with each other, and they mix kinds"),
    ("sorted_by([x, c] for c in deck)", "  x: {initial: {a: 1}}\n", "sorted_by() orders its items by their keys, numbers or words (or lists of such), got the key {'a': 1}"),
    ("max_by([c.rank, c] for c in deck if c.rank > 9)", "", "max_by() of an empty collection: where it may be empty, test count(...) > 0 first"),
    ("min_by(xs)", "  xs: {initial: []}\n", "min_by() of an empty collection"),
])
def test_a_bad_pair_known_only_at_run_time_stops_the_game_at_the_rule(tmp_path, expr, initial, said):
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, expr, initial=initial)
    message = str(caught.value)
    assert "R100 rule 'set' failed" in message and said in message, message


def test_a_default_pair_last_gives_its_item_where_nothing_else_is(tmp_path):
    """The documented way round an empty collection: a last pair whose key no item's passes."""
    assert _value(tmp_path, "max_by([[c.rank, c] for c in deck if c.rank > 9] + [[-1, none]])") is None
    assert _value(tmp_path, "max_by([[c.rank, c.rank] for c in deck] + [[-1, none]])") == 4


def test_keys_that_are_lists_are_charged_as_sorted_charges_them():
    """Each key's items written out, about log2(n) times for sorted_by (as b_sorted), twice for max_by (as b_max)."""
    pairs = [[[i, i], i] for i in range(8)]
    for call, times in ((b_sorted_by, 4), (b_max_by, 2)):
        WORK[0] = WORK_LIMIT
        call(pairs)
        assert WORK_LIMIT - WORK[0] == len(pairs) + (8 + 8 * 2) * times  # the pairs' loop, then the keys written out
    WORK[0] = WORK_LIMIT


TRICK = """\
game: trick
players: 3
components:
  card: {attributes: {rank: [2, 9, 5, 9, 1, 7]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player}
  played: {each: player}
actions:
  play_best:
    do:
      - move: "max_by([c.rank, c] for c in hand[me]) -> played[me]"
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - turns: 0
    until: all(count(played[p]) == 1 for p in players)
    do:
      - decide: play_best
  - score: {player: "max_by([first(played[p]).rank, p] for p in players)", add: 1}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("seed", range(6))
def test_a_trick_is_won_by_its_highest_card(tmp_path, seed):
    """Each seat plays its highest card (max_by in an action), and the seat of the highest card played scores (max_by
    in the flow); of two 9s, the first seat's."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(TRICK)
    assert check_file(str(path)).findings == []
    game = Game(load_ruleset(str(path)), 3, seed=seed)
    hands = [[c["rank"] for c in game.state.zones["hand"][p]] for p in range(3)]
    game.play_out(random=random.Random(seed))
    played = [game.state.zones["played"][p][0]["rank"] for p in range(3)]
    assert played == [max(hand) for hand in hands]
    assert game.winners == [played.index(max(played))]
