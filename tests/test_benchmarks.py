"""The speed baselines in benchmarks/: the hand-written references play the same games as philtre.

A reference that played a shorter or simpler game would flatter neither side: each is
checked against its own invariants (and a rulebook example where there is one), and the
games of fixed length take as many decisions as philtre's. Nothing here times anything.
"""

import random

import pytest

from benchmarks import run
from benchmarks.reference import hue, poison, poisons, pok
from philtre.dsl import load_ruleset
from philtre.interpreter import Game

REFERENCES = {"poison": (poison, (3, 4, 5, 6)), "pok": (pok, (3, 5, 7)),
              "poisons": (poisons, (4, 6, 8)), "hue": (hue, (2, 3, 4, 5))}


def philtre_decisions(name: str, players: int, seed: int = 1) -> int:
    """Decisions of one uniformly random philtre game."""
    game = Game(load_ruleset(name), players, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])
    return game.decisions


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_a_reference_keeps_its_invariants_at_every_player_count(name):
    module, counts = REFERENCES[name]
    for players in counts:
        rng = random.Random(players)
        for _ in range(3):
            scores, decisions = module.play(players, rng, module.check_invariants)
            assert len(scores) == players and decisions > 0


@pytest.mark.parametrize("name, players", [("poison", 3), ("poison", 6), ("poisons", 4), ("poisons", 8), ("hue", 2), ("hue", 5)])
def test_a_fixed_length_game_takes_as_many_decisions_as_in_philtre(name, players):
    module, _ = REFERENCES[name]
    assert module.play(players, random.Random(7))[1] == philtre_decisions(name, players)


def test_the_poison_reference_scores_the_rulebook_example():
    # POISON-7: Sara, Richard, Charles, James score 7, 2, 17 and 15
    taken = [3, 2, 0, 1, 0, 6, 2, 0, 2, 5, 6, 2, 6, 1, 6, 4]
    assert poison.score_round(taken, 4) == [7, 2, 17, 15]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_listing_poison_reference_plays_the_same_game(players):
    rng = random.Random(players)
    for _ in range(3):
        scores, decisions = poison.play_listing(players, rng, poison.check_invariants)
        assert decisions == philtre_decisions("poison", players)


def test_the_listing_poison_reference_lists_the_legal_moves():
    # POISON-3: poison goes anywhere; a potion to the cauldron of its colour, else to a
    # colourless one only while no cauldron has its colour. Cauldrons: blue, none, red.
    blue, red, purple, poison_card = 0 * 8 + 1, 1 * 8 + 2, 2 * 8 + 5, poison.POISON * 8 + 4
    hand = [red, poison_card, purple, blue, red]
    moves = poison.legal_moves(hand, [0, -1, 1])
    assert moves == [(0, 2), (1, 0), (1, 1), (1, 2), (2, 1), (3, 0)]  # the second red once


def test_the_hue_reference_scores_a_hand_scored_board():
    hue.example()


def test_a_reference_refuses_a_player_count_its_game_does_not_have():
    with pytest.raises(ValueError):
        poisons.play(3, random.Random(1))


def test_the_benchmark_measures_every_shipped_game_against_its_reference():
    rows = run.bench_playouts(games=1, budget=0.01)
    assert {r["game"] for r in rows} == set(REFERENCES)
    for row in rows:
        assert row["philtre"]["decisions"] > 0 and row["reference"]["decisions"] > 0
        assert row["ratio"] > 0
    table = run.playout_table(rows)
    assert all(name in table for name in REFERENCES)
    listed = [r for r in rows if "listing" in r]
    assert [(r["game"], r["players"]) for r in listed] == [("poison", 4)]
    assert listed[0]["listing"]["decisions"] == listed[0]["philtre"]["decisions"] and listed[0]["listing_ratio"] > 0


def test_the_benchmark_can_time_one_game_only():
    rows = run.bench_playouts(games=1, budget=0.01, only=("pok",))
    assert {r["game"] for r in rows} == {"pok"} and len(rows) == 3


def test_the_documented_command_runs_end_to_end(capsys):
    """`python -m benchmarks.run` (shortened: --quick, one game, one game per measurement)
    prints every section as JSON; the figures themselves are not checked."""
    import json

    assert run.main(["--quick", "--games", "1", "--game", "pok", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert [r["game"] for r in results["playouts"]] == ["pok"] * 3
    assert {r["ruleset"] for r in results["loads"]} >= {"poison", "pok", "poisons", "hue"}
    assert results["cli"]["help_s"] > 0 and results["cli"]["validate_s"] > 0 and results["cli"]["validate_first_s"] > 0
    assert results["memory"]["bytes_per_state"] > 0
    assert results["floor"]["us_per_decision"] > 0 and results["floor"]["listing_poison_us_per_decision"] > 0
    assert results["hue_placements"]["legal_placements"] > 0


def test_the_floor_game_offers_one_option_a_decision_for_a_thousand_decisions():
    """benchmarks/floor.yaml measures the engine's bookkeeping: nothing to choose, one effect a decision."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    game = Game(load_ruleset(run.FLOOR), run.FLOOR_PLAYERS, seed=1)
    while not game.finished:
        (seat,) = game.pending()
        (option,) = game.options(seat)
        game.apply(seat, option)
    assert game.decisions == 1000 and game.state.vars["ticks"] == 1000
