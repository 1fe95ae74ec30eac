"""Hand-written random playout of Darsaklis & Faidutti's Poisons: a speed baseline for philtre.

Plain Python, standard library only, no engine code. `play` runs one full game of the
base rules for 4 to 8 players (docs/rulings.md POISONS-1..4 and 7: four rounds; in each, every
player turns up a scoring card, pours (players - 1) drinks pass after pass, then decides
whether to drink their own goblet), as `rulesets/poisons/ruleset.yaml` does. Every
decision is drawn uniformly from the legal options as philtre offers them: identical
drinks are one option, so a pour picks among the distinct kinds still in hand (plain,
poison), and drinking is a choice between the two subsets of one's own goblet. A
decision is one player's choice in a simultaneous step, so a round is players * players.

Layout, chosen for speed: a hand is two ints, `plain[seat]` (count) and `poison[seat]`
(0 or 1). A goblet is two bit masks over seats: `given[g]` has bit p set once seat p has
poured into it, `bad[g]` once that drink was p's poison; poisoned means `bad[g] != 0`,
and the masks let the invariant check prove each goblet got one card from every other
player. Drinks are never lost, so handing them back to their owners is a refill of the
hands. Scoring piles are lists of values shuffled once at setup (Fisher-Yates); the top
card is the last. Random ints come from int(rng.random() * n), uniform to within 2**-53
and much faster than rng.randrange; a two-way choice is rng.random() < 0.5.

`play_listing` is the same game written plainly: hands and goblets are lists of drinks,
and each decision lists the options as philtre offers them, then picks one.

Self-check, from the repo root: ``python -m benchmarks.reference.poisons`` plays 20 games
of each playout at every player count with invariants checked, then 1000 four-player
games of each with seed 1 (invariants checked on the first 50) and prints the figures.
"""
import random

from .. import run_script
from . import first_of_each, time_games

ROUNDS = 4  # POISONS-4
VALUES = (2, 3, 4, 5)  # POISONS-1: each player's scoring cards
PLAIN, POISON = 0, 1  # the drinks, in the listing playout's hands


def play(players, rng, check=None):
    """Play one full game with uniformly random legal decisions; return (scores by seat, decisions)."""
    random_ = rng.random
    piles = scoring_piles(players, random_)
    seats = range(players)
    bit = [1 << p for p in seats]
    plains = players - 2
    plain = [plains] * players
    poison = [1] * players
    given = [0] * players
    bad = [0] * players
    showing = [0] * players
    drunk = [False] * players
    pts = [0] * players
    scores = [0] * players
    by_round = []
    decisions = 0
    for rnd in range(ROUNDS):
        for p in seats:  # POISONS-2: every player turns up their top scoring card
            showing[p] = piles[p].pop()
        for s in range(1, players):  # POISONS-2: in pass s, seat p fills goblet p - s
            for p in seats:
                t = p - s
                if t < 0:
                    t += players
                # distinct kinds in hand: both while the poison is kept and a plain is left
                if poison[p] and (not plain[p] or random_() < 0.5):
                    poison[p] = 0
                    bad[t] |= bit[p]
                else:
                    plain[p] -= 1
                given[t] |= bit[p]
            decisions += players
        for p in seats:  # POISONS-3: drink or not, everyone at once
            d = random_() < 0.5
            drunk[p] = d
            # not drinking scores 1; drinking scores the card, or 0 if any poison
            pts[p] = (0 if bad[p] else showing[p]) if d else 1
        decisions += players
        if check is not None:
            check(players, rnd, plain, poison, given, bad, piles, showing, drunk, pts)
        for p in seats:  # points are never negative, so the floor of 0 never bites
            scores[p] += pts[p]
        by_round.append(list(pts))
        for p in seats:  # scoring cards are discarded, drinks go back to their owners
            plain[p] = plains
            poison[p] = 1
            given[p] = bad[p] = 0
    assert winners(scores, by_round)  # computed as the engine does; play returns scores only
    return scores, decisions


def scoring_piles(players, random_):
    """Each seat's pile of scoring cards (the top card last), shuffled face down (POISONS-1)."""
    if not 4 <= players <= 8:
        raise ValueError(f"Poisons (base rules) is for 4 to 8 players, not {players}")
    piles = []
    for _ in range(players):
        pile = list(VALUES)
        for i in range(3, 0, -1):
            j = int(random_() * (i + 1))
            pile[i], pile[j] = pile[j], pile[i]
        piles.append(pile)
    return piles


def winners(scores, by_round):
    """POISONS-4: highest total, then the 4th round's score, then the 3rd's; ties share."""
    r3, r4 = by_round[2], by_round[3]
    keys = [(scores[p], r4[p], r3[p]) for p in range(len(scores))]
    best = max(keys)
    return [p for p in range(len(scores)) if keys[p] == best]


def play_listing(players, rng, check=None):
    """Play one game as most hand-written playouts do: list each player's legal choices, then pick one uniformly.

    The same game as `play`, written plainly: a hand is a list of drinks (PLAIN, POISON), a
    goblet a list of (giver, drink) pairs, and each player's decision builds the list of
    its options as philtre offers them, then picks one: a pour lists the drinks in hand,
    identical drinks once (the index in hand of the first of each kind); drinking lists the
    subsets of one's own goblets (none, or one's one goblet). As many decisions as `play`.
    """
    random_ = rng.random
    piles = scoring_piles(players, random_)
    seats = range(players)
    hands = [[PLAIN] * (players - 2) + [POISON] for _ in seats]
    goblets = [[] for _ in seats]
    showing, drunk, pts, scores = [0] * players, [False] * players, [0] * players, [0] * players
    by_round, decisions = [], 0
    for rnd in range(ROUNDS):
        for p in seats:  # POISONS-2: every player turns up their top scoring card
            showing[p] = piles[p].pop()
        for s in range(1, players):  # POISONS-2: in pass s, seat p fills goblet p - s
            for p in seats:
                hand = hands[p]
                options = first_of_each(hand)
                goblets[p - s].append((p, hand.pop(options[int(random_() * len(options))])))
            decisions += players
        for p in seats:  # POISONS-3: drink or not, everyone at once
            options = [(), (p,)]
            d = p in options[int(random_() * len(options))]
            drunk[p] = d
            poisoned = any(drink == POISON for _, drink in goblets[p])
            pts[p] = (0 if poisoned else showing[p]) if d else 1
        decisions += players
        if check is not None:
            given = [sum(1 << giver for giver, _ in goblet) for goblet in goblets]
            bad = [sum(1 << giver for giver, drink in goblet if drink == POISON) for goblet in goblets]
            check(players, rnd, [hand.count(PLAIN) for hand in hands], [hand.count(POISON) for hand in hands],
                  given, bad, piles, showing, drunk, pts)
        for p in seats:
            scores[p] += pts[p]
        by_round.append(list(pts))
        for goblet in goblets:  # scoring cards are discarded, drinks go back to their owners
            for giver, drink in goblet:
                hands[giver].append(drink)
            goblet.clear()
    assert winners(scores, by_round)
    return scores, decisions


def check_invariants(players, rnd, plain, poison, given, bad, piles, showing, drunk, pts):
    """Debug check before a round's scoring: hands empty, goblets full and legal, points right."""
    assert not any(plain) and not any(poison), f"a hand was not poured out: {plain} {poison}"
    everyone = (1 << players) - 1
    seen = 0
    for g in range(players):
        own = 1 << g
        assert given[g] == everyone & ~own, f"goblet {g} givers {given[g]:b}"
        assert not bad[g] & ~given[g], f"goblet {g} poison from a non-giver"
        assert not bad[g] & seen, "a poison is in two goblets"
        seen |= bad[g]
    assert seen == everyone, f"poisons poured: {seen:b}"
    for p in range(players):
        assert len(piles[p]) == 3 - rnd, (rnd, piles[p])
        assert showing[p] in VALUES and showing[p] not in piles[p], (showing[p], piles[p])
        want = (0 if bad[p] else showing[p]) if drunk[p] else 1
        assert pts[p] == want, (p, pts[p], want)


def main():
    """Check invariants of both playouts at every player count, then time 1000 four-player games of each (seed 1)."""
    for playout in (play, play_listing):
        for players in range(4, 9):
            rng = random.Random(players)
            for _ in range(20):
                scores, decisions = playout(players, rng, check_invariants)
                assert decisions == ROUNDS * players * players, decisions
                assert all(0 <= s <= 14 for s in scores), scores  # at most 5 + 4 + 3 + 2
    for name, playout in (("poisons", play), ("poisons, listing every legal choice", play_listing)):
        results = time_games(name, playout, check_invariants)
        assert all(0 <= s <= 14 for scores in results for s in scores)

if __name__ == "__main__":
    run_script(main)
