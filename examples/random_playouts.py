"""Thousands of random games in a few lines: `Game.play_out` and each seat's mean score.

`play_out` plays a game from where it stands to its end, each seat taking
``options[int(random() * len(options))]``: the game the loop of `pending()`, `options()`
and `apply()` plays with the same picks, without that loop's calls at each decision.

Run: python examples/random_playouts.py [ruleset] [players] [games]
"""

import random
import sys
import time

from philtre.dsl import load_ruleset
from philtre.interpreter import Game


def by_the_loop(ruleset, players: int, seed: int, pick) -> Game:
    """One game played decision by decision through the public API, each seat picking with ``pick``."""
    game = Game(ruleset, players, seed=seed)
    while not game.finished:
        for seat in game.pending():
            options = game.options(seat)
            game.apply(seat, options[int(pick() * len(options))])
    return game


def main(name: str = "pok", players: int = 5, games: int = 500) -> None:
    """Play ``games`` random games with play_out; print each seat's mean score and the rate."""
    ruleset = load_ruleset(name)
    # the same seed and the same picks give the same game, whichever way it is played
    looped = by_the_loop(ruleset, players, 1, random.Random(7).random)
    played = Game(ruleset, players, seed=1)
    played.play_out(random=random.Random(7).random)
    assert (played.scores, played.decisions) == (looped.scores, looped.decisions), "play_out plays the loop's game"

    pick = random.Random(1).random
    totals, decisions = [0] * players, 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game(ruleset, players, seed=seed)
        game.play_out(random=pick)
        totals = [t + s for t, s in zip(totals, game.scores)]
        decisions += game.decisions
    took = time.perf_counter() - start
    print(f"{name}, {players} players, {games} random games: {games / took:,.0f} games/s, {decisions / took:,.0f} decisions/s")
    for seat, total in enumerate(totals):
        print(f"  seat {seat}: mean score {total / games:.2f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "pok", int(args[1]) if len(args) > 1 else 5, int(args[2]) if len(args) > 2 else 500)
