"""remove(xs, x): a copy of a list (or a zone's components) without its first item equal to x (language.md, remove),
found as index(xs, x) finds it; x not there stops the game with R100, as for index(xs, x)."""

from __future__ import annotations

from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

from conftest import played_three_ways
from test_index_of_item import _value, _write  # (the same small game: deck of ranks 3, 1, 4, a hand per seat)

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("expr, left", [
    ("remove([3, 3, 5], 3)", [3, 5]),                       # one of a pair: the first
    ("remove([5, 3, 3], 3)", [5, 3]),                       # the others keep their order
    ("remove([3, 5], 5)", [3]),
    ("remove([7], 7)", []),
    ("remove(['a', 'b', 'a'], 'a')", ["b", "a"]),
    ("remove([[1, 2], [3]], [3])", [[1, 2]]),               # lists compared item by item, as `in` does
    ("remove([1, 2], 2.0)", [1]),                           # equal as `==` says
    ("[c.rank for c in remove(deck, first(c for c in deck if c.rank == 1))]", [3, 4]),  # a zone: its components
    ("count(remove(deck, last(deck))) + count(deck)", 5),   # the zone itself keeps them all
])
def test_the_first_equal_item_is_taken_out(tmp_path, expr, left):
    assert _value(tmp_path, expr) == left


def test_the_list_given_stays_as_it_was(tmp_path):
    assert _value(tmp_path, "[remove(xs, 4), xs]", initial="  xs: {initial: [4, 2, 4]}\n") == [[2, 4], [4, 2, 4]]


def test_an_item_not_in_the_list_stops_the_game_at_the_rule(tmp_path):
    """As index(xs, x) does: no list is given back unchanged, which would hide a count gone wrong."""
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, "remove(xs, 8)", initial="  xs: {initial: [4, 2]}\n")
    message = str(caught.value)
    assert "R100 rule 'set' failed" in message and "remove() looks for 8 among 2 item(s), and none is equal to it" in message
    assert "x in xs" in message, message


def test_what_is_no_list_at_run_time_stops_the_game(tmp_path):
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, "remove(m, 1)", initial="  m: {initial: {1: 2}}\n")
    assert "remove() looks in a list (or a zone), got" in str(caught.value), str(caught.value)


@pytest.mark.parametrize("expr, said", [
    ("remove(3, 1)", "E120 remove() needs a list (or a zone) first, but this is a whole number"),
    ("remove({'a': 1}, 'a')", "E120 remove() needs a list (or a zone) first, but this is a map"),
    ("remove(deck, 4)", "E124 remove() looks for a whole number among components: it is never there"),
    ("remove(hand, first(deck))", "E124 remove() looks for a component among the zones of a list of zones"),
    ("remove([1], 1, 2)", "E140 remove() takes 2 argument(s), got 3"),
    ("remove([1])", "E140 remove() takes 2 argument(s), got 1"),
])
def test_a_wrong_argument_is_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


def test_the_result_is_typed_a_list_of_the_items(tmp_path):
    """A list of whole numbers stays one: summed with no finding; a zone's gives components, whose rank is read."""
    assert [str(f.diagnostic) for f in check_file(str(_write(tmp_path, "sum(remove([1, 2, 2], 2)) + 1")), lints=False).findings] == []
    assert [f.diagnostic.code for f in check_file(str(_write(tmp_path, "remove([1], 1) + 1")), lints=False).findings] == ["E124"]
    assert _value(tmp_path, "sum(c.rank for c in remove(deck, first(deck)))") == 5


@pytest.fixture(scope="module")
def dice_left():
    """tests/data/remove_builtin.yaml: two dice rolled, each used once, `left: remove(left, n)`."""
    return load_ruleset(str(DATA / "remove_builtin.yaml"))


def test_the_scenarios_use_a_pair_one_die_at_a_time(dice_left):
    assert [r.failures for r in run_scenarios(dice_left)] == [[], [], [], []]


def test_a_pair_is_offered_once_and_used_twice(dice_left):
    game = Game(dice_left, 1, seed=0)
    while sorted(game.state.vars["left"]) != [game.state.vars["left"][0]] * 2:  # (till a pair is rolled)
        game.apply(0, game.options(0)[0])
    (pair,) = game.options(0)
    game.apply(0, pair)
    assert game.options(0) == [pair] and len(game.state.vars["left"]) == 1
    game.apply(0, pair)
    assert len(game.state.vars["left"]) == 2  # the next roll's


@pytest.mark.parametrize("players", [1, 2])
def test_played_every_way_and_recorded_the_games_agree(dice_left, players, tmp_path):
    for seed in range(5):
        played_three_ways(dice_left, players, seed, tmp_path)
