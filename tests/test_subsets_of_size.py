"""subsets(xs, k): the subsets of exactly k items (language.md, subsets), as a ruleset's author relies on them."""

from __future__ import annotations

import itertools

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

HEAD = "game: subs\nplayers: 2\n"


def _value(tmp_path, expr: str, initial: str = ""):
    """The value ``expr`` gives when a small game's flow sets a variable to it."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + f"variables:\n  got: 0\n{initial}flow:\n  - set: {{got: {expr!r}}}\n")
    return Game(load_ruleset(str(path)), 2).state.vars["got"]


@pytest.mark.parametrize("n, k", [(5, 3), (4, 0), (4, 4), (6, 1), (7, 2)])
def test_the_subsets_of_k_items_in_the_order_of_their_items_positions(tmp_path, n, k):
    """Each subset keeps the items' order, and they come in the order of the positions they hold (as choosing 3 cards
    of a hand of 5 lists them: the first three, then the first two and the fourth, ...)."""
    assert _value(tmp_path, f"subsets(range({n}), {k})") == [list(c) for c in itertools.combinations(range(n), k)]


@pytest.mark.parametrize("k", [-1, 6])
def test_no_subset_of_fewer_than_none_or_more_items_than_there_are(tmp_path, k):
    assert _value(tmp_path, f"subsets(range(5), {k})") == []


def test_they_are_the_subsets_of_any_size_filtered_by_their_count(tmp_path):
    """subsets(xs, k) gives what `[s for s in subsets(xs) if count(s) == k]` gives, in its own order."""
    by_size = _value(tmp_path, "subsets([3, 1, 4, 1, 5, 9], 3)")
    every = _value(tmp_path, "[s for s in subsets([3, 1, 4, 1, 5, 9]) if count(s) == 3]")
    assert sorted(by_size) == sorted(every) and len(by_size) == 20


def test_more_than_twelve_items_when_few_subsets_are_made(tmp_path):
    """subsets(xs) takes at most 12 items (4,096 subsets); with k, the limit is the subsets made: 3 of 60 cards."""
    assert _value(tmp_path, "count(subsets(range(60), 3))") == 34_220


def _failure(tmp_path, expr: str, initial: str = "") -> str:
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, expr, initial)
    return str(caught.value)


def test_too_many_subsets_stop_the_game_at_the_rule(tmp_path):
    message = _failure(tmp_path, "count(subsets(range(60), 5))")
    assert "R100 rule 'set' failed" in message and "5,461,512 subsets; the limit is 100,000" in message, message


def test_a_count_known_only_at_run_time_that_is_no_whole_number_stops_the_game(tmp_path):
    message = _failure(tmp_path, "subsets(range(4), k)", initial="  k: 'two'\n")
    assert "R100 rule 'set' failed" in message and "whole number of items" in message, message


@pytest.mark.parametrize("expr, said", [("subsets(range(4), 'two')", "E120 subsets() needs a whole number here"),
                                        ("subsets(range(4), 1, 2)", "E140"),
                                        ("subsets(3, 1)", "E123 subsets() needs a collection")])
def test_a_wrong_argument_is_found_by_validate_at_the_argument(tmp_path, expr, said):
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + f"variables:\n  got: 0\nflow:\n  - set: {{got: {expr!r}}}\n")
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(path), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


def test_an_action_chooses_k_cards_of_a_hand(tmp_path):
    """A choice of exactly two cards of the hand, filtered by the action's `if`: the options a player is offered."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + """\
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5]}, start: hand}
zones:
  hand: {visible: everyone}
  pile: {visible: everyone}
actions:
  lay:
    choose: {cards: "subsets(hand, 2)"}
    if: sum(c.rank for c in cards) == 6
    do:
      - move: cards -> pile
flow:
  - decide: lay
    player: 0
""")
    game = Game(load_ruleset(str(path)), 2)
    laid = [[c["rank"] for c in dict(option.args)["cards"]] for option in game.options(0)]
    assert laid == [[1, 5], [2, 4]]
