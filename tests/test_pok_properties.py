"""Properties of POK (docs/rulings.md POK-1..5) checked over many random games.

Resolution and the end of the game are re-implemented here from the rulings and compared
with what the engine did, using only the record (dice faces from 'roll' events, shown
counters from 'decision' events) and the state at each decision.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from philtre.interpreter import Game

PLAYERS = [3, 4, 5, 6, 7]
GAMES = 40  # random games per player count
SHAPES = ("disc", "square", "triangle")
GOAL = 5  # POK-5


def seeds(n, salt=0):
    return range(1000 * n + salt, 1000 * n + salt + GAMES)


def ids(zone) -> list:
    return [c["id"] for c in zone]


def pok4_handing_over(faces: list, shown: dict) -> set:
    """POK-4 written out. ``faces``: the three dice as {symbol, count}; ``shown``: seat ->
    symbol. A die showing k of a symbol is met when exactly k players showed it; each die
    alone. If a die is met, the players whose symbol matches a met die hand over; if none
    is met, those whose symbol is on no die do, unless every player showed such a symbol."""
    tally = Counter(shown.values())
    met = {f["symbol"] for f in faces if f["count"] > 0 and tally[f["symbol"]] == f["count"]}
    if met:
        return {p for p, s in shown.items() if s in met}
    on_dice = {f["symbol"] for f in faces if f["count"] > 0}
    off = {p for p, s in shown.items() if s not in on_dice}
    return set() if len(off) == len(shown) else off


def is_stalemate(hands: list) -> bool:
    """POK-5: from 4 players, everyone holds exactly two counters, all of one same symbol."""
    return len(hands) >= 4 and all(len(h) == 2 for h in hands) and len({c["shape"] for h in hands for c in h}) == 1


def test_pok4_reimplementation_sanity():
    """The test's own POK-4 function on hand-made cases (so the property compares like with like)."""
    d = lambda s, k: {"symbol": s, "count": k}  # noqa: E731
    blank = d("blank", 0)
    # die 2 asks for 2 discs, exactly two show discs: they hand over
    assert pok4_handing_over([d("square", 1), d("disc", 2), blank], {0: "disc", 1: "disc", 2: "triangle", 3: "triangle"}) == {0, 1}
    # dice are never added: 1 disc + 2 discs does not make 3 discs met
    assert pok4_handing_over([d("disc", 1), d("disc", 2), blank], {0: "disc", 1: "disc", 2: "disc"}) == set()
    # nothing met: whoever showed a symbol on no die hands over
    assert pok4_handing_over([d("disc", 1), blank, d("disc", 3)], {0: "disc", 1: "triangle", 2: "disc", 3: "square"}) == {1, 3}
    # nothing met and everybody off the dice: nobody
    assert pok4_handing_over([d("disc", 1), blank, blank], {0: "square", 1: "triangle", 2: "square"}) == set()
    # two dice met at once
    assert pok4_handing_over([d("disc", 1), d("square", 2), blank], {0: "disc", 1: "square", 2: "square", 3: "triangle"}) == {0, 1, 2}


# -- one set of recorded random games, shared by the property tests below ------------------

class Step:
    """The state just before one seat's decision (in a simultaneous step), as plain data."""

    __slots__ = ("round", "seat", "pending", "decided", "zones", "where", "scores", "options")

    def __init__(self, game, seat):
        S = game.state
        self.round = S.round
        self.seat = seat
        self.pending = list(game.pending())
        self.decided = sorted(S.flow.choices)
        self.zones = {name: [ids(z) for z in family] for name, family in S.zones.items()}
        self.where = list(S.where)
        self.scores = list(S.scores)
        self.options = [(o.action, dict(o.args)["counter"]) for o in game.options(seat)]


class Trace:
    def __init__(self, game, seed, steps):
        self.game, self.seed, self.steps = game, seed, steps
        self.cards = game.state.components


@pytest.fixture(scope="module")
def traces(pok, play):
    """traces(n) -> GAMES recorded random games of n players (played once per module)."""
    cache = {}

    def get(n):
        if n not in cache:
            out = []
            for seed in seeds(n):
                steps = []

                def note(game):
                    steps.append(Step(game, game.pending()[0]))  # play_random decides in pending order

                game = play(pok, n, seed, record=True, on_step=note)
                out.append(Trace(game, seed, steps))
            cache[n] = out
        return cache[n]

    return get


def rounds_of(events) -> list:
    """Split a record into rounds: [(dice faces, {seat: counter shown}, [events of the round])]."""
    out = []
    for e in events:
        kind = e.get("event")
        if kind == "roll":
            out.append({"dice": [e["dice"][k] for k in ("die1", "die2", "die3")], "shown": {}, "events": []})
        elif out and kind not in ("end",):
            if kind == "decision":
                assert e["player"] not in out[-1]["shown"], f"seat {e['player']} decided twice in one round"
                out[-1]["shown"][e["player"]] = e["args"]["counter"]
            out[-1]["events"].append(e)
    return out


# -- POK-1: components; conservation ----------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_pok1_components(pok, n):
    """POK-1: each player holds 2 discs, 2 squares, 2 triangles of their own, in hand."""
    game = Game(pok, n, seed=n)
    comps = game.state.components
    assert len(comps) == 6 * n
    for p in range(n):
        hand = game.state.zones["hand"][p]
        assert Counter(c["shape"] for c in hand) == {s: 2 for s in SHAPES}
        assert all(c["owner"] == p and c["type"] == "counter" for c in hand)


# POK-2, the published faces: (symbol, how many players it asks for) -> sides showing it
POK2_FACES = {
    "die1": {("disc", 1): 2, ("square", 1): 2, ("triangle", 1): 2},
    "die2": {("disc", 2): 1, ("square", 2): 1, ("triangle", 2): 1, ("blank", 0): 3},
    "die3": {("disc", 3): 1, ("square", 3): 1, ("triangle", 3): 1, ("blank", 0): 3},
}


def test_pok2_dice_have_the_published_faces(pok):
    """POK-2: die 1 disc, disc, square, square, triangle, triangle (no blank); die 2 two of
    each symbol and three blanks; die 3 three of each symbol and three blanks. A roll shows
    one side uniformly, so the sides of each face are its weight."""
    assert set(pok.dice) == set(POK2_FACES)
    for name, want in POK2_FACES.items():
        got = Counter((f["symbol"], f["count"]) for f in pok.dice[name].faces)
        assert got == want, f"{name}: {dict(got)}"


@pytest.mark.parametrize("n", PLAYERS)
def test_pok2_every_roll_shows_a_published_face(traces, n):
    """POK-2, POK-3: each round rolls the three dice once, and every face shown is one of
    that die's published faces."""
    seen = Counter()
    for t in traces(n):
        for r in rounds_of(t.game.recorder.events):
            for name, face in zip(("die1", "die2", "die3"), r["dice"]):
                assert (face["symbol"], face["count"]) in POK2_FACES[name], f"seed {t.seed}: {name} {face}"
                seen[name, face["symbol"]] += 1
    assert all(seen["die1", s] for s in SHAPES) and seen["die2", "blank"] and seen["die3", "blank"]


@pytest.mark.parametrize("n", PLAYERS)
def test_conservation_every_counter_in_exactly_one_zone(traces, n):
    """POK-1, POK-4: at every decision each of the 6n counters lies in exactly one zone,
    ``state.where`` agrees; a hand holds only its owner's counters; handed-over counters
    are in the box, as many as the points scored (one point per counter handed over)."""
    total = 6 * n
    checked = 0
    for t in traces(n):
        assert len(t.cards) == total
        for step in t.steps:
            seen = [cid for family in step.zones.values() for zone in family for cid in zone]
            assert sorted(seen) == list(range(total)), f"seed {t.seed}: ids missing or duplicated"
            located = [None] * total
            for name, family in step.zones.items():
                for index, zone in enumerate(family):
                    for cid in zone:
                        located[cid] = (name, index)
            assert step.where == located, f"seed {t.seed}: state.where disagrees with the zones"
            for p, hand in enumerate(step.zones["hand"]):
                assert all(t.cards[c]["owner"] == p for c in hand)
                assert len(hand) == 6 - step.scores[p], f"seed {t.seed}: seat {p} holds {len(hand)} with score {step.scores[p]}"
            assert len(step.zones["box"][0]) == sum(step.scores)
            assert all(z == [] for z in step.zones["shown"]), "nothing is shown while the seats choose"
            checked += 1
    assert checked > GAMES * 3


# -- POK-3: one counter each, in secret, revealed at once ---------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_pok3_every_player_shows_exactly_one_counter(traces, n):
    """POK-3: each round, after one roll, every player shows exactly one counter of their
    own, which they held; the options are one per shape held; all decide in one step."""
    for t in traces(n):
        for step in t.steps:
            assert sorted(step.pending + step.decided) == list(range(n)), "POK-3: everyone decides in the same step"
            hand = step.zones["hand"][step.seat]
            offered = sorted(c["shape"] for _, c in step.options)
            assert offered == sorted({t.cards[c]["shape"] for c in hand}), f"seed {t.seed}: offered {offered}"
            assert all(a == "show" and step.where[c["id"]] == ("hand", step.seat) for a, c in step.options)
        rounds = rounds_of(t.game.recorder.events)
        assert len(rounds) == t.game.state.round
        assert len(t.steps) == n * len(rounds)
        box = set()
        for r, rd in enumerate(rounds, 1):
            assert sorted(rd["shown"]) == list(range(n)), f"seed {t.seed} round {r}: shown by {sorted(rd['shown'])}"
            for p, c in rd["shown"].items():
                assert c["owner"] == p and c["id"] not in box, f"seed {t.seed} round {r}: seat {p} showed {c}"
            for e in rd["events"]:
                if e["event"] == "move" and e["to"]["zone"] == "box":
                    box.update(c["id"] for c in e["components"])


# -- POK-4: resolution ----------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_pok4_resolution_matches_independent_rule(traces, n):
    """POK-4: from the rolled faces and the shown counters, exactly the players the ruling
    names hand their counter over (into the box, one point each); everyone else takes
    their counter back."""
    kinds = Counter()
    for t in traces(n):
        for r, rd in enumerate(rounds_of(t.game.recorder.events), 1):
            shown = {p: c["shape"] for p, c in rd["shown"].items()}
            want = pok4_handing_over(rd["dice"], shown)
            scored = {e["player"] for e in rd["events"] if e["event"] == "score" and e["points"] > 0}
            assert all(e["points"] == 1 for e in rd["events"] if e["event"] == "score")
            to_box = {c["id"] for e in rd["events"] if e["event"] == "move" and e["to"]["zone"] == "box" for c in e["components"]}
            back = {c["id"] for e in rd["events"] if e["event"] == "move" and e["to"]["zone"] == "hand" for c in e["components"]}
            assert scored == want, f"seed {t.seed} round {r}: dice {rd['dice']}, shown {shown}: engine {sorted(scored)}, POK-4 {sorted(want)}"
            assert to_box == {rd["shown"][p]["id"] for p in want}
            assert back == {rd["shown"][p]["id"] for p in shown if p not in want}
            (end,) = [e for e in rd["events"] if e["event"] == "round_end"]
            assert end["points"] == [1 if p in want else 0 for p in range(n)]
            tally = Counter(shown.values())
            if any(f["count"] > 0 and tally[f["symbol"]] == f["count"] for f in rd["dice"]):
                kinds["met"] += 1
            elif want:
                kinds["off dice"] += 1
            else:
                kinds["nobody"] += 1
    assert kinds["met"] > 0 and kinds["off dice"] > 0 and kinds["nobody"] > 0, kinds


# -- POK-5: the end -------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_pok5_end_and_winners(traces, n):
    """POK-5: the game goes on while nobody has handed over five counters and there is no
    stalemate; it ends right after the round in which someone hands over their fifth
    (those players win) or at the stalemate (4+ players, everyone holding two counters of
    one same symbol: everyone wins)."""
    for t in traces(n):
        game = t.game
        for step in t.steps:
            assert max(step.scores) < GOAL, f"seed {t.seed}: a decision after someone reached {GOAL}"
            hands = [[t.cards[c] for c in h] for h in step.zones["hand"]]
            assert not is_stalemate(hands), f"seed {t.seed} round {step.round}: play goes on in a stalemate"
        assert game.finished
        S = game.state
        hands = [list(h) for h in S.zones["hand"]]
        events = game.recorder.events
        last = rounds_of(events)[-1]
        if max(game.scores) >= GOAL:
            fifth = [p for p in range(n) if game.scores[p] == GOAL]
            assert max(game.scores) == GOAL
            assert game.winners == fifth, f"seed {t.seed}: scores {game.scores}, winners {game.winners}"
            assert {e["player"] for e in last["events"] if e["event"] == "score"} >= set(fifth), "the fifth counters were handed over in the last round"
        else:
            assert is_stalemate(hands), f"seed {t.seed}: ended with scores {game.scores} and no stalemate"
            assert n >= 4
            assert game.scores == [4] * n
            assert game.winners == list(range(n)), "POK-5: all share the win on a stalemate"
        assert events[-1] == {"event": "end", "scores": game.scores, "winners": game.winners}
        assert [sum(e["points"] for e in events if e.get("event") == "score" and e["player"] == p) for p in range(n)] == game.scores


def test_pok5_both_endings_occur(traces):
    """Random playouts reach both endings of POK-5 (so the test above checks both)."""
    endings = Counter()
    for n in PLAYERS:
        for t in traces(n):
            endings["fifth" if max(t.game.scores) >= GOAL else "stalemate"] += 1
    assert endings["fifth"] > 0 and endings["stalemate"] > 0, endings


def test_pok5_stalemate_ends_at_once(pok):
    """POK-5: games steered towards the stalemate (players mostly keep their triangles) end
    as soon as everyone holds exactly two triangles, all sharing the win with 4 each."""
    for n in (4, 5, 6, 7):
        found = 0
        for seed in range(100):
            game = Game(pok, n, seed=seed)
            rng = random.Random(seed)
            for _ in range(100):  # rounds; a steered game may circle without end: give up
                if game.finished:
                    break
                for p in game.pending():
                    opts = game.options(p)
                    keep = [o for o in opts if dict(o.args)["counter"]["shape"] != "triangle"]
                    game.apply(p, rng.choice(keep if keep and rng.random() < 0.8 else opts))
                hands = [list(h) for h in game.state.zones["hand"]]
                assert game.finished or not is_stalemate(hands), f"{n} players, seed {seed}: play goes on in a stalemate"
            if game.finished and max(game.scores) < GOAL:
                found += 1
                assert game.scores == [4] * n and game.winners == list(range(n))
                assert is_stalemate([list(h) for h in game.state.zones["hand"]])
            if found >= 3:
                break
        assert found, f"no stalemate reached with {n} players"


# -- determinism ----------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_same_seed_same_decisions_same_record(pok, play, replay, n):
    """Same ruleset, player count, seed and decisions give the same game, event for event
    (dice rolls included)."""
    for seed in seeds(n, 6)[:10]:
        choices = []
        first = play(pok, n, seed, record=True, choices=choices)
        second = replay(Game(pok, n, seed=seed, record=True), choices)
        assert second.finished
        assert second.recorder.events == first.recorder.events
        assert second.recorder.lines() == first.recorder.lines()


@pytest.mark.parametrize("n", PLAYERS)
def test_copy_is_independent_and_complete(pok, n):
    """``game.copy()`` at any point (also between two seats' secret choices), then the same
    decisions on both: identical scores, winners, rounds and final state."""
    for seed in seeds(n, 7)[:10]:
        rng = random.Random(seed)
        game = Game(pok, n, seed=seed)
        prefix = []
        stop = rng.randrange(1, 6 * n)
        while not game.finished and len(prefix) < stop:
            p = game.pending()[0]
            i = rng.randrange(len(game.options(p)))
            game.apply(p, game.options(p)[i])
            prefix.append((p, i))
        if game.finished:
            continue
        clone = game.copy()
        assert clone.pending() == game.pending()
        rest = []
        while not clone.finished:  # the copy plays on first, through later rolls
            p = clone.pending()[0]
            i = rng.randrange(len(clone.options(p)))
            clone.apply(p, clone.options(p)[i])
            rest.append((p, i))
        for p, i in rest:
            game.apply(p, game.options(p)[i])
        assert game.finished
        assert (game.scores, game.winners, game.state.round) == (clone.scores, clone.winners, clone.state.round)
        assert {k: [ids(z) for z in v] for k, v in game.state.zones.items()} == {k: [ids(z) for z in v] for k, v in clone.state.zones.items()}
        fresh = Game(pok, n, seed=seed)
        for p, i in prefix + rest:
            fresh.apply(p, fresh.options(p)[i])
        assert (fresh.scores, fresh.winners, fresh.state.round) == (game.scores, game.winners, game.state.round)
