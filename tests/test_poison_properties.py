"""Properties of Poison (docs/rulings.md POISON-1..8) checked over many random games.

Every expectation here is computed by the test itself from the rulings (an independent
re-implementation), never read back from the ruleset's own definitions.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from philtre.interpreter import Game

PLAYERS = [3, 4, 5, 6]
GAMES = 30  # random games per player count
LIMIT = 13  # POISON-4: exactly 13 is safe
COLOURS = ("blue", "red", "purple")


def seeds(n, salt=0):
    return range(1000 * n + salt, 1000 * n + salt + GAMES)


def sig(card) -> tuple:
    """What makes two cards interchangeable for a player: (type, colour, value)."""
    return (card["type"], card.get("color"), card["value"])


def colour_of(cards):
    """POISON-3: a cauldron's colour is the colour of the potions in it (None: none there)."""
    colours = {c["color"] for c in cards if c["type"] == "potion"}
    assert len(colours) <= 1, f"a cauldron holds two potion colours: {sorted(colours)}"
    return colours.pop() if colours else None


def legal_moves(hand, cauldrons) -> set:
    """POISON-3 written out: a potion goes into the cauldron of its colour if there is one,
    otherwise into any cauldron without a colour; a poison card goes anywhere."""
    colours = [colour_of(k) for k in cauldrons]
    out = set()
    for card in hand:
        if card["type"] == "poison":
            allowed = range(len(cauldrons))
        else:
            same = [i for i, col in enumerate(colours) if col == card["color"]]
            allowed = same if same else [i for i, col in enumerate(colours) if col is None]
        for i in allowed:
            out.add(sig(card) + (i,))
    return out


def expected_hand_sizes(n, dealer) -> tuple[dict, int]:
    """POISON-2: 50 cards dealt one at a time from the dealer's left; with 3 players a
    fourth hand sits on the dealer's right (dealt after the other two, before the dealer)
    and is set aside. Returns ({seat: size}, size of the aside hand)."""
    if n == 3:
        order = [(dealer + 1) % 3, (dealer + 2) % 3, "aside", dealer]
    else:
        order = [(dealer + 1 + i) % n for i in range(n)]
    sizes = Counter(order[i % len(order)] for i in range(50))
    return {s: sizes[s] for s in range(n)}, sizes.get("aside", 0)


def ids(zone) -> list:
    return [c["id"] for c in zone]


# -- POISON-1: the components ---------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_poison1_deck_composition(poison, n):
    """POISON-1: 50 cards; 8 poisons of value 4; per colour 1, 2, 5, 7 three times and
    4 twice (14 cards summing to 53)."""
    game = Game(poison, n, seed=n)
    comps = game.state.components
    assert len(comps) == 50
    poisons = [c for c in comps if c["type"] == "poison"]
    assert len(poisons) == 8 and all(c["value"] == 4 for c in poisons)
    for col in COLOURS:
        cards = [c["value"] for c in comps if c["type"] == "potion" and c["color"] == col]
        assert Counter(cards) == {1: 3, 2: 3, 4: 2, 5: 3, 7: 3}
        assert sum(cards) == 53
    assert len(poisons) + sum(1 for c in comps if c["type"] == "potion") == 50


# -- one set of recorded random games, shared by the property tests below ------------------

class Step:
    """The state just before one decision, as plain data."""

    __slots__ = ("round", "dealer", "seat", "zones", "where", "options")

    def __init__(self, game):
        S = game.state
        self.round = S.round
        self.dealer = S.vars["dealer"]
        (self.seat,) = game.pending()
        self.zones = {name: [ids(z) for z in family] for name, family in S.zones.items()}
        self.where = list(S.where)
        self.options = [(dict(o.args)["card"], dict(o.args)["into"], o.action) for o in game.options(self.seat)]


class Trace:
    """One random game: its seed, the finished game (with its record) and every step."""

    def __init__(self, game, seed, steps, chosen):
        self.game, self.seed, self.steps, self.chosen = game, seed, steps, chosen
        self.cards = game.state.components


@pytest.fixture(scope="module")
def traces(poison, play):
    """traces(n) -> GAMES recorded random games of n players (played once per module)."""
    cache = {}

    def get(n):
        if n not in cache:
            out = []
            for seed in seeds(n):
                steps, chosen = [], []
                game = play(poison, n, seed, record=True,
                            on_step=lambda g: steps.append(Step(g)),
                            after_step=lambda g, p, o: chosen.append((dict(o.args)["card"]["id"], dict(o.args)["into"].key[1])))
                out.append(Trace(game, seed, steps, chosen))
            cache[n] = out
        return cache[n]

    return get


# -- conservation ------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_conservation_every_card_in_exactly_one_zone(traces, n):
    """POISON-1: at every decision each of the 50 cards lies in exactly one zone, and
    ``state.where`` agrees with the zones."""
    checked = 0
    for t in traces(n):
        assert len(t.cards) == 50
        for step in t.steps + [Step.__new__(Step)]:
            if not hasattr(step, "zones"):  # the finished game
                S = t.game.state
                step.zones = {name: [ids(z) for z in family] for name, family in S.zones.items()}
                step.where = list(S.where)
            seen = [cid for family in step.zones.values() for zone in family for cid in zone]
            dup = sorted(k for k, v in Counter(seen).items() if v > 1)
            assert sorted(seen) == list(range(50)), f"seed {t.seed}: ids missing or duplicated (duplicated: {dup})"
            located = [None] * 50
            for name, family in step.zones.items():
                for index, zone in enumerate(family):
                    for cid in zone:
                        located[cid] = (name, index)
            assert step.where == located, f"seed {t.seed}: state.where disagrees with the zones"
            checked += 1
    assert checked > GAMES * 30


# -- POISON-2: the deal --------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_poison2_hand_sizes_after_each_deal(traces, n):
    """POISON-2: right after each deal (at each round's first decision) the hands are
    4p 13/13/12/12, 5p 10 each, 6p 9/9/8/8/8/8 with the larger hands from the dealer's
    left on; 3p 13/13/12 to dealer+1, dealer+2, dealer, and 12 cards set aside. Hands
    differ by at most one card; the deck is empty; cauldrons and taken piles are empty."""
    for t in traces(n):
        firsts = [s for i, s in enumerate(t.steps) if i == 0 or t.steps[i - 1].round != s.round]
        assert [s.round for s in firsts] == list(range(1, n + 1))
        for step in firsts:
            dealer = (step.round - 1) % n
            hands = [len(z) for z in step.zones["hand"]]
            sizes, aside = expected_hand_sizes(n, dealer)
            assert hands == [sizes[q] for q in range(n)], f"seed {t.seed} round {step.round}, dealer {dealer}: hands {hands}"
            assert len(step.zones["aside"][0]) == aside == (12 if n == 3 else 0)
            if n == 3:
                assert (hands[(dealer + 1) % 3], hands[(dealer + 2) % 3], hands[dealer]) == (13, 13, 12)
            assert max(hands) - min(hands) <= 1
            assert sorted(hands, reverse=True) == {3: [13, 13, 12], 4: [13, 13, 12, 12], 5: [10] * 5, 6: [9, 9, 8, 8, 8, 8]}[n]
            assert step.zones["deck"] == [[]]
            assert all(z == [] for z in step.zones["cauldron"]) and all(z == [] for z in step.zones["taken"])


@pytest.mark.parametrize("n", PLAYERS)
def test_poison2_deal_one_card_at_a_time_from_the_dealers_left(traces, n):
    """POISON-2: the dealer shuffles all 50 cards and deals them one at a time from the top
    of the deck (the last of the recorded shuffle order), starting with the player on the
    dealer's left; with 3 players the fourth hand (dealt between the dealer's left-hand
    neighbours and the dealer, as if a seat sat on the dealer's right) is set aside."""
    for t in traces(n):
        events = t.game.recorder.events
        shuffles = [e for e in events if e.get("event") == "shuffle"]
        deals = [e for e in events if e.get("event") == "deal"]
        assert len(shuffles) == len(deals) == n
        for r, (sh, deal) in enumerate(zip(shuffles, deals), 1):
            dealer = (r - 1) % n
            assert sh["zone"] == {"zone": "deck", "index": 0} and sorted(sh["order"]) == list(range(50))
            if n == 3:
                targets = [("hand", (dealer + 1) % 3), ("hand", (dealer + 2) % 3), ("aside", 0), ("hand", dealer)]
            else:
                targets = [("hand", (dealer + 1 + i) % n) for i in range(n)]
            assert [(x["zone"], x["index"]) for x in deal["to"]] == targets, f"seed {t.seed} round {r}"
            top_first = list(reversed(sh["order"]))
            for i, x in enumerate(deal["to"]):
                assert [c["id"] for c in x["components"]] == top_first[i::len(targets)], f"seed {t.seed} round {r}: {x['zone']}[{x['index']}]"


def test_poison2_aside_hand_only_with_three_players(poison):
    """POISON-2: the aside hand exists only with 3 players (the other counts deal everything)."""
    for n in (4, 5, 6):
        assert len(Game(poison, n, seed=7).state.zones["aside"][0]) == 0
    assert len(Game(poison, 3, seed=7).state.zones["aside"][0]) == 12


# -- POISON-3: legality ---------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_poison3_legal_options_match_colour_rule(traces, n):
    """POISON-3: at every decision the legal (card, cauldron) pairs are exactly those of the
    colour rule; every option plays a card from the deciding seat's own hand; a legal move
    always exists; no colour is in two cauldrons."""
    checked = 0
    for t in traces(n):
        for step in t.steps:
            p = step.seat
            hand = [t.cards[i] for i in step.zones["hand"][p]]
            cauldrons = [[t.cards[i] for i in z] for z in step.zones["cauldron"]]
            colours = [colour_of(k) for k in cauldrons]
            present = [c for c in colours if c is not None]
            assert len(present) == len(set(present)), f"seed {t.seed}: a colour is in two cauldrons: {colours}"
            got = set()
            for card, into, action in step.options:
                assert action == "play"
                assert step.where[card["id"]] == ("hand", p), f"seed {t.seed}: seat {p} is offered {card!r}, not in their hand"
                assert into.key[0] == "cauldron"
                got.add(sig(card) + (into.key[1],))
            want = legal_moves(hand, cauldrons)
            assert want, "POISON-3: a legal move always exists"
            assert got == want, f"seed {t.seed}, seat {p}, cauldron colours {colours}: extra {got - want}, missing {want - got}"
            checked += 1
    assert checked > GAMES * 30


# -- POISON-4: overflow ---------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_poison4_overflow(traces, n):
    """POISON-4: after a play that takes a cauldron's total past 13, the cauldron holds only
    the card played and the player's taken pile grew by exactly the previous contents;
    a total of exactly 13 (or less) keeps everything in the cauldron.

    The test keeps its own model of cauldrons and taken piles and checks it against the
    state before the next play of the same round; the last play of a round (after which
    the table is cleared) is checked against the taken piles revealed at scoring."""
    stats = Counter()
    for t in traces(n):
        revealed_model = []
        model = None
        for i, step in enumerate(t.steps):
            if model is None or step.round != model["round"]:
                if model is not None:
                    revealed_model.append(model["taken"])
                model = {"round": step.round, "cauldron": [[], [], []], "taken": [[] for _ in range(n)]}
            # the state before this play is what the model says
            assert step.zones["cauldron"] == model["cauldron"], f"seed {t.seed} step {i}: cauldrons {step.zones['cauldron']}, expected {model['cauldron']}"
            assert [sorted(z) for z in step.zones["taken"]] == [sorted(z) for z in model["taken"]], f"seed {t.seed} step {i}: taken piles"
            cid, k = t.chosen[i]
            p = step.seat
            prev = model["cauldron"][k]
            total = sum(t.cards[c]["value"] for c in prev) + t.cards[cid]["value"]
            if total > LIMIT:
                stats["overflow"] += 1
                model["taken"][p] = model["taken"][p] + prev
                model["cauldron"][k] = [cid]
            else:
                stats["exactly 13" if total == LIMIT else "safe"] += 1
                model["cauldron"][k] = prev + [cid]
        revealed_model.append(model["taken"])
        # the taken piles revealed at each round's scoring are the model's
        revealed, current = [], {}
        for e in t.game.recorder.events:
            if e.get("event") == "reveal":
                assert e["zone"]["zone"] == "taken"
                current[e["zone"]["index"]] = sorted(c["id"] for c in e["components"])
            elif e.get("event") == "round_end":
                revealed.append(current)
                current = {}
        assert len(revealed) == n
        for r, (got, want) in enumerate(zip(revealed, revealed_model), 1):
            assert got == {q: sorted(v) for q, v in enumerate(want) if v}, f"seed {t.seed} round {r}: taken piles at scoring"
    # the test means something only if both sides of the limit were played
    assert stats["overflow"] > GAMES and stats["exactly 13"] > 0 and stats["safe"] > GAMES


# -- POISON-3 / POISON-8: turns, dealer, rounds, scores -----------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_poison3_poison8_turn_order_and_dealer_rotation(traces, n):
    """POISON-3 and POISON-8: round r's dealer is seat (r-1) % n; the dealer's left plays
    first, then clockwise (seat + 1); every card dealt to a hand is played; one round per
    player; the final scores are the sums of the rounds' points; lowest total wins."""
    for t in traces(n):
        game = t.game
        rounds = sorted({s.round for s in t.steps})
        assert rounds == list(range(1, n + 1)), "POISON-8: one round per player"
        assert game.state.round == n
        for r in rounds:
            seq = [s for s in t.steps if s.round == r]
            dealer = (r - 1) % n
            assert all(s.dealer == dealer for s in seq), f"seed {t.seed} round {r}: dealer variable {seq[0].dealer}, expected {dealer}"
            seats = [s.seat for s in seq]
            assert seats[0] == (dealer + 1) % n, f"seed {t.seed} round {r}: seat {seats[0]} plays first, dealer is {dealer}"
            assert all(b == (a + 1) % n for a, b in zip(seats, seats[1:])), f"seed {t.seed} round {r}: turn order {seats}"
            assert len(seats) == (38 if n == 3 else 50), "every card dealt to a hand is played (POISON-6)"
        events = game.recorder.events
        ends = [e for e in events if e.get("event") == "round_end"]
        assert [e["round"] for e in ends] == list(range(1, n + 1))
        sums = [sum(e["points"][q] for e in ends) for q in range(n)]
        assert game.scores == sums
        assert ends[-1]["totals"] == game.scores
        score_events = [e for e in events if e.get("event") == "score"]
        assert [sum(e["points"] for e in score_events if e["player"] == q) for q in range(n)] == game.scores
        assert events[-1] == {"event": "end", "scores": game.scores, "winners": game.winners}
        low = min(game.scores)
        assert game.winners == [q for q in range(n) if game.scores[q] == low], "POISON-8: equal lowest totals share the win"


def poison7_points(piles: dict, n: int) -> list:
    """POISON-7 written out: per colour, the single player with strictly the most cards of
    it (at least one) scores those as 0; other potions 1 each, poisons 2 each."""
    held = {col: [sum(1 for c in piles.get(q, []) if c["type"] == "potion" and c["color"] == col) for q in range(n)] for col in COLOURS}
    excused = {}
    for col, counts in held.items():
        top = max(counts)
        if top >= 1 and counts.count(top) == 1:
            excused[col] = counts.index(top)
    points = []
    for q in range(n):
        total = 0
        for c in piles.get(q, []):
            if c["type"] == "poison":
                total += 2
            elif excused.get(c["color"]) != q:
                total += 1
        points.append(total)
    return points


@pytest.mark.parametrize("n", PLAYERS)
def test_poison7_round_points_from_revealed_piles(traces, n):
    """POISON-7 (with POISON-5, POISON-6): each round's points follow from the taken piles
    revealed at scoring; cards left in cauldrons are not scored."""
    excused_seen = 0
    for t in traces(n):
        seed = t.seed
        piles = {}
        for e in t.game.recorder.events:
            if e.get("event") == "reveal":
                piles[e["zone"]["index"]] = e["components"]
            elif e.get("event") == "round_end":
                want = poison7_points(piles, n)
                assert e["points"] == want, f"seed {seed} round {e['round']}: points {e['points']}, POISON-7 gives {want}"
                raw = [sum(2 if c["type"] == "poison" else 1 for c in piles.get(q, [])) for q in range(n)]
                excused_seen += sum(raw) - sum(want)
                piles = {}
    assert excused_seen > 0


def test_poison7_scoring_reimplementation_sanity():
    """POISON-7: a colour tie excuses nobody; poison is never excused (a hand-made check of
    the test's own scoring function, so that the property above compares like with like)."""
    blue = {"type": "potion", "color": "blue", "value": 1}
    red = {"type": "potion", "color": "red", "value": 1}
    psn = {"type": "poison", "value": 4}
    assert poison7_points({0: [blue, blue, psn], 1: [blue, red], 2: [red]}, 3) == [2, 2, 1]


# -- determinism ----------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_same_seed_same_decisions_same_record(poison, play, replay, n):
    """Same ruleset, player count, seed and decisions give the same game, event for event."""
    for seed in seeds(n, 6)[:6]:
        choices = []
        first = play(poison, n, seed, record=True, choices=choices)
        second = replay(Game(poison, n, seed=seed, record=True), choices)
        assert second.finished
        assert second.recorder.events == first.recorder.events
        assert second.recorder.lines() == first.recorder.lines()
        assert [json.loads(x) for x in second.recorder.lines()] == first.recorder.events
        other = Game(poison, n, seed=seed + 1, record=True)
        assert other.recorder.events[1]["order"] != first.recorder.events[1]["order"], "a different seed shuffles differently"


@pytest.mark.parametrize("n", PLAYERS)
def test_copy_is_independent_and_complete(poison, n):
    """``game.copy()`` mid-game, then the same decisions on both: identical scores, winners
    and final state; playing the copy first does not disturb the original."""
    for seed in seeds(n, 7)[:8]:
        rng = random.Random(seed)
        game = Game(poison, n, seed=seed)
        prefix = []
        stop = rng.randrange(10, 38 * n)  # somewhere in the game, often in a later round
        while not game.finished and len(prefix) < stop:
            (p,) = game.pending()
            i = rng.randrange(len(game.options(p)))
            game.apply(p, game.options(p)[i])
            prefix.append((p, i))
        if game.finished:
            continue
        clone = game.copy()
        rest = []
        while not clone.finished:  # the copy plays on first, through later shuffles
            (p,) = clone.pending()
            i = rng.randrange(len(clone.options(p)))
            clone.apply(p, clone.options(p)[i])
            rest.append((p, i))
        for p, i in rest:
            game.apply(p, game.options(p)[i])
        assert game.finished
        assert game.scores == clone.scores and game.winners == clone.winners
        assert {k: [ids(z) for z in v] for k, v in game.state.zones.items()} == {k: [ids(z) for z in v] for k, v in clone.state.zones.items()}
        fresh = Game(poison, n, seed=seed)
        for p, i in prefix + rest:
            fresh.apply(p, fresh.options(p)[i])
        assert fresh.scores == game.scores and fresh.winners == game.winners
        assert fresh.state.round_scores == game.state.round_scores
