"""Hand-written plain-Python random playouts of the shipped games: philtre's speed baselines.

Each module has ``play(players, rng, check=None) -> (scores by seat, decisions)``, written
for speed with the layout its game allows, ``play_listing`` with the same signature, the
same game written plainly (every decision lists the legal options, then picks one), a
``check_invariants`` hook and a self-check, ``python -m benchmarks.reference.<game>``.
The modules use the standard library only, and no engine code.
"""

import random
import time


def first_of_each(hand: list) -> list:
    """Indexes in `hand` of the first of each distinct item: a choice among identical components offered once, as philtre does."""
    options, seen = [], []
    for i, item in enumerate(hand):
        if item not in seen:
            seen.append(item)
            options.append(i)
    return options


def time_games(name: str, play, check, players: int = 4, games: int = 1000, checked: int = 50) -> list:
    """Play `games` seeded games (seed 1; invariants checked on the first `checked`), print the rates; return each game's scores."""
    rng = random.Random(1)
    decisions, results = 0, []
    start = time.perf_counter()
    for g in range(games):
        scores, n = play(players, rng, check if g < checked else None)
        decisions += n
        results.append(scores)
    elapsed = time.perf_counter() - start
    print(f"{name}, {players} players, {games} games, seed 1: {elapsed:.3f} s")
    print(f"  {games / elapsed:,.0f} games/s, {decisions / elapsed:,.0f} decisions/s"
          f" ({decisions / games:.1f} decisions/game)")
    print("  mean scores by seat:", " ".join(f"{sum(s[i] for s in results) / games:.2f}" for i in range(players)))
    return results
