"""Hand-written random playout of Reiner Knizia's Poison: a speed baseline for philtre.

Plain Python, standard library only, no engine code. `play` runs one full game (one
round per player, the deal passing left: docs/rulings.md POISON-1..8, no French overlays)
where every decision is drawn uniformly from the legal (card in hand, cauldron) pairs,
identical cards counted as distinct. A decision is one card played.

Layout, chosen for speed: a card in the deck is an int, kind * 8 + value, where kind is
0..2 for the blue, red and purple potions and 3 for poison (value 4). Once dealt, a hand
is four lists of values, one per kind, so a uniform choice over (card, cauldron) pairs
is one weighted pick with no scan of the hand. Cauldrons are kind counts
(`caul[cauldron * 4 + kind]`) with parallel totals and colours; taken cards are only
counted (`taken[seat * 4 + kind]`), as their colour is all that scoring needs. Random
ints come from int(rng.random() * n), uniform to within 2**-53 and much faster than
rng.randrange; the deck is shuffled the same way (Fisher-Yates).

Self-check, from the repo root: ``python -m benchmarks.reference.poison`` plays 1000
four-player games with seed 1 (invariants checked on the first 50, plus a few games at
every other player count and the rulebook's scoring example) and prints the figures.
"""
import random

from .. import run_script
from . import time_games

POISON = 3
LIMIT = 13  # POISON-4: a total above 13 overflows
DECK = tuple([kind * 8 + value
              for kind in range(3)
              for value, copies in ((1, 3), (2, 3), (4, 2), (5, 3), (7, 3))
              for _ in range(copies)] + [POISON * 8 + 4] * 8)
KIND_COUNTS = (14, 14, 14, 8)


def deal(deck, players, dealer):
    """Deal one at a time from the dealer's left; return per-kind value lists by seat (index 3 = set-aside hand with 3 players)."""
    if players == 3:  # POISON-2: a fourth hand between seat dealer+2 and the dealer
        order = [(dealer + 1) % 3, (dealer + 2) % 3, 3, dealer]
    else:
        order = [(dealer + 1 + i) % players for i in range(players)]
    n = len(order)
    hands = [None] * n
    for i, seat in enumerate(order):
        hand = [[], [], [], []]
        for card in deck[i::n]:
            hand[card >> 3].append(card & 7)
        hands[seat] = hand
    return hands


def play_round(hands, players, dealer, random_, taken, caul, totals, colour_of):
    """Play a round from the dealer's left until every hand is empty; return the number of decisions."""
    where = [-1, -1, -1]  # colour -> cauldron holding it, -1 if none
    seat = dealer
    decisions = 0
    while True:
        seat += 1
        if seat == players:
            seat = 0
        hand = hands[seat]
        # options per card of each kind: its colour's cauldron, else every colourless one
        free = (colour_of[0] < 0) + (colour_of[1] < 0) + (colour_of[2] < 0)
        w0 = 1 if where[0] >= 0 else free
        w1 = 1 if where[1] >= 0 else free
        w2 = 1 if where[2] >= 0 else free
        n0, n1, n2 = len(hand[0]) * w0, len(hand[1]) * w1, len(hand[2]) * w2
        total = n0 + n1 + n2 + len(hand[3]) * 3
        if not total:  # hands empty in deal order, so the first empty hand ends the round
            return decisions
        r = int(random_() * total)
        if r < n0:
            kind, w = 0, w0
        elif r < n0 + n1:
            kind, w, r = 1, w1, r - n0
        elif r < n0 + n1 + n2:
            kind, w, r = 2, w2, r - n0 - n1
        else:
            kind, w, r = 3, 3, r - n0 - n1 - n2
        idx = r // w
        pick = r - idx * w
        if kind == POISON:
            k = pick
        elif where[kind] >= 0:
            k = where[kind]
        else:  # the pick-th colourless cauldron
            k = 0 if colour_of[0] < 0 else 1 if colour_of[1] < 0 else 2
            while pick:
                k += 1
                if colour_of[k] < 0:
                    pick -= 1
        values = hand[kind]
        value = values[idx]
        last = values.pop()
        if idx < len(values):
            values[idx] = last
        decisions += 1
        t = totals[k] + value
        b = k * 4
        if t > LIMIT:  # POISON-4: take what was there; the played card stays alone
            tb = seat * 4
            taken[tb] += caul[b]
            taken[tb + 1] += caul[b + 1]
            taken[tb + 2] += caul[b + 2]
            taken[tb + 3] += caul[b + 3]
            caul[b] = caul[b + 1] = caul[b + 2] = caul[b + 3] = 0
            t = value
            old = colour_of[k]
            if old >= 0:
                where[old] = colour_of[k] = -1
        totals[k] = t
        caul[b + kind] += 1
        if kind != POISON and colour_of[k] < 0:
            colour_of[k] = kind
            where[kind] = k


def score_round(taken, players):
    """Score a round (POISON-7): a strict majority of a colour scores 0, other potions 1, poisons 2."""
    pts = [taken[s * 4] + taken[s * 4 + 1] + taken[s * 4 + 2] + 2 * taken[s * 4 + 3]
           for s in range(players)]
    for kind in range(3):
        counts = taken[kind::4]
        top = max(counts)
        if top and counts.count(top) == 1:
            pts[counts.index(top)] -= top
    return pts


def play(players, rng, check=None):
    """Play one full game with uniformly random legal decisions; return (scores by seat, decisions)."""
    return play_game(players, rng, check, deal, play_round)


def play_game(players, rng, check, deal_hands, play_one_round):
    """One game (POISON-8: a round per player, the deal passing left) with the given deal and round."""
    if not 3 <= players <= 6:
        raise ValueError(f"Poison is for 3 to 6 players, not {players}")
    random_ = rng.random
    deck = list(DECK)
    scores = [0] * players
    decisions = 0
    for dealer in range(players):
        for i in range(len(deck) - 1, 0, -1):
            j = int(random_() * (i + 1))
            deck[i], deck[j] = deck[j], deck[i]
        hands = deal_hands(deck, players, dealer)
        taken = [0] * (4 * players)
        caul, totals, colour_of = [0] * 12, [0, 0, 0], [-1, -1, -1]
        n = play_one_round(hands, players, dealer, random_, taken, caul, totals, colour_of)
        if check is not None:
            check(players, hands, taken, caul, totals, colour_of, n)
        decisions += n
        for seat, p in enumerate(score_round(taken, players)):
            scores[seat] += p
    return scores, decisions


def deal_cards(deck, players, dealer):
    """Deal as `deal` does, each hand a plain list of cards (ints), for the listing playout."""
    return [[card for kind, values in enumerate(hand) for card in (kind * 8 + v for v in values)]
            for hand in deal(deck, players, dealer)]


def legal_moves(hand, colour_of):
    """The legal (index in hand, cauldron) moves, identical cards once (as philtre offers them)."""
    moves, seen = [], set()
    for i, card in enumerate(hand):
        if card in seen:
            continue
        seen.add(card)
        kind = card >> 3
        for k in range(3):  # POISON-3: poison anywhere; a potion to its colour, else to a colourless cauldron
            if kind == POISON or colour_of[k] == kind or (colour_of[k] < 0 and kind not in colour_of):
                moves.append((i, k))
    return moves


def put(card, k, seat, taken, caul, totals, colour_of):
    """Play `card` into cauldron `k` for `seat` (POISON-4: an overflow takes what was there)."""
    kind, value = card >> 3, card & 7
    b = k * 4
    if totals[k] + value > LIMIT:
        for j in range(4):
            taken[seat * 4 + j] += caul[b + j]
            caul[b + j] = 0
        totals[k], colour_of[k] = 0, -1
    totals[k] += value
    caul[b + kind] += 1
    if kind != POISON and colour_of[k] < 0:
        colour_of[k] = kind


def play_listing(players, rng, check=None):
    """Play one game as most hand-written playouts do: list every legal move, then pick one uniformly.

    The same game as `play`, written plainly: hands are lists of cards and each decision
    builds the list of legal moves, as an environment with a legal-actions method does.
    It shows what listing the options costs, apart from what the engine costs.
    """
    return play_game(players, rng, check, deal_cards, listing_round)


def listing_round(hands, players, dealer, random_, taken, caul, totals, colour_of):
    """Play a round from the dealer's left, listing the legal moves at each turn; return the decisions."""
    seat, decisions = dealer, 0
    while True:
        seat = (seat + 1) % players
        hand = hands[seat]
        if not hand:  # hands empty in deal order: the round is over
            return decisions
        moves = legal_moves(hand, colour_of)
        i, k = moves[int(random_() * len(moves))]
        put(hand.pop(i), k, seat, taken, caul, totals, colour_of)
        decisions += 1


def _by_kind(hand):
    """A hand as `play` keeps it (four lists of values, one per kind), from either layout."""
    if hand and not isinstance(hand[0], int):
        return hand
    by_kind = [[], [], [], []]
    for card in hand:
        by_kind[card >> 3].append(card & 7)
    return by_kind


def check_invariants(players, hands, taken, caul, totals, colour_of, decisions):
    """Debug check at a round's end: hands empty, every card accounted for, cauldrons legal."""
    hands = [_by_kind(hand) for hand in hands]
    assert all(not any(hands[s]) for s in range(players)), "a hand was not played out"
    aside = [len(v) for v in hands[3]] if players == 3 else [0, 0, 0, 0]
    assert decisions == 50 - sum(aside), (decisions, aside)
    for kind in range(4):
        held = sum(taken[kind::4]) + sum(caul[kind::4]) + aside[kind]
        assert held == KIND_COUNTS[kind], f"kind {kind}: {held} cards, not {KIND_COUNTS[kind]}"
    for k in range(3):
        kinds = [kind for kind in range(3) if caul[k * 4 + kind]]
        assert kinds == ([colour_of[k]] if colour_of[k] >= 0 else []), (k, kinds, colour_of)
        assert 0 < totals[k] <= LIMIT or not any(caul[k * 4:k * 4 + 4]), totals
    colours = [c for c in colour_of if c >= 0]
    assert len(colours) == len(set(colours)), f"two cauldrons share a colour: {colour_of}"


def main():
    """Check the rulebook example and invariants, then time 1000 four-player games (seed 1)."""
    # POISON-7 rulebook example: Sara, Richard, Charles, James -> 7, 2, 17, 15
    example = [3, 2, 0, 1, 0, 6, 2, 0, 2, 5, 6, 2, 6, 1, 6, 4]
    assert score_round(example, 4) == [7, 2, 17, 15], score_round(example, 4)
    for players in (3, 4, 5, 6):
        rng = random.Random(players)
        for _ in range(20):
            scores, decisions = play(players, rng, check_invariants)
            assert decisions == players * (38 if players == 3 else 50), decisions
        scores, decisions = play_listing(players, rng, check_invariants)
        assert decisions == players * (38 if players == 3 else 50), decisions
    time_games("poison", play, check_invariants)
    time_games("poison, listing every legal move", play_listing, check_invariants)

if __name__ == "__main__":
    run_script(main)
