"""Hand-written random playout of POK: a speed baseline for philtre.

Plain Python, standard library only, no engine code. `play` runs one full game by
docs/rulings.md POK-1..5, stalemate rule included, where each round every player picks
uniformly among the distinct symbols they still hold. A decision is one player's
choice, so a round with 5 players is 5 decisions.

Layout, chosen for speed: symbols are ints 0..2 (disc, square, triangle).
`held[seat * 3 + symbol]` counts counters in hand and `mask[seat]` has bit s set while
the seat holds symbol s, so the options are one table look-up (`OPTIONS[mask]`).
Die 1 shows one of a symbol (each on two faces); dice 2 and 3 show two, resp. three, of
a symbol on faces 0..2 and are blank on faces 3..5. Random ints come from
int(rng.random() * n), uniform to within 2**-53 and much faster than rng.randrange.

`play_listing` is the same game written plainly: hands are lists of counters, and each
decision lists the counters the player may show (identical ones once), then picks one.

Self-check, from the repo root: ``python -m benchmarks.reference.pok`` plays 50 games of
each playout at every player count with invariants checked, then 1000 four-player games
of each with seed 1 (invariants checked on the first 50) and prints the figures.
"""
import random

from .. import run_script
from . import first_of_each, time_games

OPTIONS = tuple(tuple(s for s in range(3) if m >> s & 1) for m in range(8))
MAX_ROUNDS = 10_000  # debug bound only: a random game that lasts this long is a bug


def handed_over(d1, d2, d3, shown):
    """The symbols handed over this round, as a bit mask, from the dice and how many showed each symbol."""
    # POK-4: a die is met when exactly k players showed its symbol, each die alone
    lose = 1 << d1 if shown[d1] == 1 else 0
    if d2 < 3 and shown[d2] == 2:
        lose |= 1 << d2
    if d3 < 3 and shown[d3] == 3:
        lose |= 1 << d3
    if not lose:  # symbols on no die hand over, unless nobody showed a die's symbol
        on = 1 << d1 | (1 << d2 if d2 < 3 else 0) | (1 << d3 if d3 < 3 else 0)
        if any(shown[s] for s in range(3) if on >> s & 1):
            lose = 7 & ~on
    return lose


def play(players, rng, check=None):
    """Play one full game with uniformly random choices; return (counters handed over by seat, decisions)."""
    if not 3 <= players <= 7:
        raise ValueError(f"POK is for 3 to 7 players, not {players}")
    random_ = rng.random
    held = [2] * (3 * players)  # POK-1: two of each symbol
    mask = [7] * players
    scores = [0] * players
    choice = [0] * players
    seats = range(players)
    decisions = 0
    while True:
        d1 = int(random_() * 6) >> 1  # POK-2: symbol wanted once
        d2 = int(random_() * 6)       # wanted twice, blank if >= 3
        d3 = int(random_() * 6)       # wanted three times, blank if >= 3
        shown = [0, 0, 0]
        for p in seats:  # POK-3: everyone chooses a symbol they hold
            opts = OPTIONS[mask[p]]
            s = opts[int(random_() * len(opts))]
            choice[p] = s
            shown[s] += 1
        decisions += players
        lose = handed_over(d1, d2, d3, shown)
        ended = False
        if lose:
            for p in seats:
                s = choice[p]
                if lose >> s & 1:
                    i = p * 3 + s
                    held[i] -= 1
                    if not held[i]:
                        mask[p] ^= 1 << s
                    scores[p] += 1
                    if scores[p] == 5:
                        ended = True
            # POK-5 stalemate: 4+ players, everyone holds two counters of one same symbol
            if not ended and players >= 4 and min(scores) == 4:
                m = mask[0]
                ended = m in (1, 2, 4) and mask.count(m) == players
        if check is not None:
            check(players, held, mask, scores, decisions // players, ended)
        if ended:  # POK-5: the game ends after the round of a fifth counter
            return scores, decisions


def play_listing(players, rng, check=None):
    """Play one game as most hand-written playouts do: list each player's legal choices, then pick one uniformly.

    The same game as `play`, written plainly: a hand is a list of counters (symbols 0..2),
    and each player's decision builds the list of the counters they may show, identical
    counters once as philtre offers them (the index in hand of the first of each symbol),
    then picks one. A counter shown goes back to its hand unless it is handed over. As many
    decisions as `play`: one a player a round.
    """
    if not 3 <= players <= 7:
        raise ValueError(f"POK is for 3 to 7 players, not {players}")
    random_ = rng.random
    hands = [[0, 0, 1, 1, 2, 2] for _ in range(players)]  # POK-1: two of each symbol
    scores = [0] * players
    choice = [0] * players
    seats = range(players)
    decisions = 0
    while True:
        d1 = int(random_() * 6) >> 1  # POK-2, as in `play`
        d2 = int(random_() * 6)
        d3 = int(random_() * 6)
        shown = [0, 0, 0]
        for p in seats:  # POK-3: everyone chooses a counter they hold
            hand = hands[p]
            options = first_of_each(hand)
            s = hand.pop(options[int(random_() * len(options))])
            choice[p] = s
            shown[s] += 1
        decisions += players
        lose = handed_over(d1, d2, d3, shown)
        ended = False
        for p in seats:  # POK-4: a counter handed over leaves the game, the others go back
            s = choice[p]
            if lose >> s & 1:
                scores[p] += 1
                if scores[p] == 5:
                    ended = True
            else:
                hands[p].append(s)
        if not ended and players >= 4 and min(scores) == 4:  # POK-5 stalemate
            first = hands[0][0]
            ended = all(hand == [first, first] for hand in hands)
        if check is not None:
            held = [hand.count(s) for hand in hands for s in range(3)]
            mask = [sum(1 << s for s in set(hand)) for hand in hands]
            check(players, held, mask, scores, decisions // players, ended)
        if ended:  # POK-5: the game ends after the round of a fifth counter
            return scores, decisions


def check_invariants(players, held, mask, scores, rounds, ended):
    """Debug check after a round: counters conserved, options consistent, the game bounded."""
    for p in range(players):
        h = held[p * 3:p * 3 + 3]
        assert all(0 <= n <= 2 for n in h), (p, h)
        assert sum(h) + scores[p] == 6, f"seat {p}: {h} held + {scores[p]} handed over != 6"
        assert mask[p] == sum(1 << s for s in range(3) if h[s]), (p, h, mask[p])
        assert scores[p] <= 5, scores
    if not ended:
        assert max(scores) < 5, "a fifth counter was handed over but the game goes on"
    elif max(scores) < 5:
        assert players >= 4 and scores == [4] * players and len(set(mask)) == 1, (scores, mask)
    assert rounds < MAX_ROUNDS, f"no end after {rounds} rounds"


def main():
    """Check invariants of both playouts, then time 1000 four-player games of each (seed 1)."""
    for playout in (play, play_listing):
        for players in range(3, 8):
            rng = random.Random(players)
            for _ in range(50):
                scores, decisions = playout(players, rng, check_invariants)
                assert decisions % players == 0 and (max(scores) == 5 or scores == [4] * players)
    for name, playout in (("pok", play), ("pok, listing every legal choice", play_listing)):
        results = time_games(name, playout, check_invariants)
        print(f"  {sum(max(scores) < 5 for scores in results)} stalemates")

if __name__ == "__main__":
    run_script(main)
