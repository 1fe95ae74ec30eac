"""The winners' ranking written out by the compiler (compiler.RANKED, Compiler._ranked) ranks as game.choose_winners
ranks with the keys' functions: the same winners and ties, the same failures; and it is written for the shipped
rulesets' rankings, and not where a key's evaluation is more than its code."""

from __future__ import annotations

import random

import pytest

from philtre.dsl import compiler, load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.game import choose_winners

RULESET = """\
philtre: 1
game: ranked
players: 2..6
zones:
  pool: {}
variables:
  v: {initial: "[0, 0, 0, 0, 0, 0]"}
define:
  twice(q): 2 * score[q] + count(pool)
flow:
  - set: {v: V}
winners: WINNERS
"""


def ranked_game(tmp_path, winners: str, players: int, v: str = "[0, 0, 0, 0, 0, 0]"):
    """A game of a ruleset ranked by ``winners`` (its variable v set to ``v``), played to its end: (ruleset, game)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("WINNERS", winners).replace("V", repr(v)), encoding="utf-8")
    rs = load_ruleset(str(path))
    return rs, Game(rs, players)


def outcome(rank, S):
    """The winners ``rank(S)`` gives, or its failure's type and message."""
    try:
        return rank(S)
    except Exception as exc:  # noqa: BLE001 - the failure is compared
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("game", ["pok", "poison", "poisons", "hue"])
def test_the_shipped_rankings_are_written_out(game):
    """Each shipped ruleset's `winners:` is ranked by the written-out function (the shortcut applies)."""
    assert load_ruleset(game).namespace.get(compiler.RANKED) is not None


def test_a_round_score_of_a_seat_is_read_without_its_tests_as_a_seat():
    """Poisons' `round_score(4, p)`: p, an item of S.players, is a seat; the written ranking reads the round's score
    without testing it (compiler._seat_code), only whether the round was played."""
    names = load_ruleset("poisons").namespace[compiler.RANKED].__code__.co_names
    assert "round_scores" in names and "_type" not in names and "nplayers" not in names


WINNERS = ['{highest: "score[p]"}', '{lowest: "score[p]"}', '{highest: ["score[p]", "-p"]}',
           '{lowest: ["score[p]", "p % 2", "-p"]}', '{highest: "v[p]"}', '{lowest: "v[p]"}', '{highest: ["v[p]", "score[p]"]}',
           '{highest: ["score[p]", "round_score(2, p)", "round_score(1, p)"]}']
VALUES = [0, 1, 2, 2.0, -1, 0.5, 3]


@pytest.mark.parametrize("winners", WINNERS)
def test_the_written_ranking_gives_the_winners_and_ties_the_keys_give(tmp_path, winners):
    """Scores and values drawn with many ties (2 and 2.0 equal), one seat's value the object of another's: the same
    winners as choose_winners' tuples of the keys' values, in the same order."""
    rng = random.Random(winners)
    for players in range(2, 7):
        rs, game = ranked_game(tmp_path, winners, players)
        rank, S = rs.namespace[compiler.RANKED], game.state
        for _ in range(40):
            S.scores = [rng.choice(VALUES) for _ in range(players)]
            S.round_scores = [[rng.choice(VALUES) for _ in range(players)] for _ in range(rng.randint(0, 2))]
            shared = [float("nan")] if rng.random() < 0.2 else [rng.choice(VALUES)]
            S.vars["v"] = [rng.choice([*VALUES, *shared]) for _ in range(players)]
            assert outcome(rank, S) == outcome(lambda S: choose_winners(rs.winners, S), S)


@pytest.mark.parametrize("values", ['["b", "a", "b", "c"]', '[[1], [0, 2], [1], [1, 0]]', '[1, "a", 2, 3]',
                                    '[none, 1, 2, 3]', '[2, 1, 2, pool]', '[2, 1, 2, players]'])
@pytest.mark.parametrize("order", ["highest", "lowest"])
def test_a_key_of_any_value_ranks_and_fails_as_the_keys_functions_do(tmp_path, values, order):
    """A variable's values (words, lists, a zone, none) times 1 or -1 and compared as tuples: the same winners, or the
    same failure reported at the winners (R100), as with compiler.SHORTCUTS off."""
    def played():
        try:
            return ranked_game(tmp_path, f'{{{order}: "v[p]"}}', 4, values)[1].winners
        except PhiltreError as exc:
            return str(exc)

    written = played()
    compiler.SHORTCUTS = False
    try:
        assert played() == written
    finally:
        compiler.SHORTCUTS = True


@pytest.mark.parametrize("winners", ['{highest: ["score[p]", "1 // (p - 3)"]}', '{lowest: "1 // (p - 2)"}'])
def test_a_failing_key_fails_at_the_winners_as_its_function_fails(tmp_path, winners):
    """A key failing at a seat: the ranking is written out, and the game fails as it fails without it."""
    rs, _ = ranked_game(tmp_path, winners, 2)
    assert rs.namespace.get(compiler.RANKED) is not None
    with pytest.raises(PhiltreError) as written:
        ranked_game(tmp_path, winners, 4)
    compiler.SHORTCUTS = False
    try:
        with pytest.raises(PhiltreError) as plain:
            ranked_game(tmp_path, winners, 4)
    finally:
        compiler.SHORTCUTS = True
    assert str(written.value) == str(plain.value) and "choosing the winners failed" in str(written.value)


@pytest.mark.parametrize("winners", ['{highest: "twice(p)"}', '"[p for p in players if score[p] == 0]"',
                                     '{highest: ["score[p]", "p", "-p", "p"]}'])
def test_a_ranking_that_is_more_than_its_keys_code_is_left_to_choose_winners(tmp_path, winners):
    """A definition's call (its work, its memo), an expression's winners, four keys: no written function."""
    rs, game = ranked_game(tmp_path, winners, 3)
    assert rs.namespace.get(compiler.RANKED) is None
    assert game.winners == choose_winners(rs.winners, game.state)


@pytest.mark.parametrize("order, won", [("highest", [0]), ("lowest", [1, 2])])
def test_a_key_of_true_or_false_ranks_them_as_1_and_0(tmp_path, order, won):
    """A Kingdomino trial broke ties with `p == 0`, which language.md allows (true and false rank as 1 and 0), and the
    check refused it (E120 a ranking key must be a number): the seats level on the first key are ranked by it."""
    rs, game = ranked_game(tmp_path, f'{{{order}: ["score[p]", "p == 0"]}}', 3)
    assert game.finished and game.state.flow.winners == won
