"""Properties of Poisons (docs/rulings.md POISONS-1..9) over many random games, for the base
rules, the advanced rules (POISONS-5..7), "really wild" (POISONS-8) and the 3-player
overlay (POISONS-9).

Every expectation is computed here from the rulings (an independent re-implementation),
never read back from the ruleset's own definitions. Privacy checks (POISONS-7) also look
at the unfiltered truth (the state, the full record), so they fail if the cards they
look for are missing as well as if they leak.

Each (configuration, seed) game is played once with random legal decisions and shared
by the tests of this module (``played``); while it is played, every seat's view (and an
onlooker's) is checked before every single decision, and the state is noted at the
first pour of each round and when the flow waits at 'drinking'.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from functools import lru_cache

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.replay import replay

HIDDEN = {"hidden": True}
ROUNDS = 4  # POISONS-4
GAMES = 10  # random games per configuration

# (name, variants, players): base at 4, 5, 8; advanced at 4, 6, 8; three-players at 3;
# three-players + advanced at 3; advanced + really-wild at 5.
CONFIGS = [
    ("base", (), 4),
    ("base", (), 5),
    ("base", (), 8),
    ("advanced", ("advanced",), 4),
    ("advanced", ("advanced",), 6),
    ("advanced", ("advanced",), 8),
    ("three-players", ("three-players",), 3),
    ("three-players+advanced", ("three-players", "advanced"), 3),
    ("advanced+really-wild", ("advanced", "really-wild"), 5),
]
CONFIG_IDS = [f"{name}-{n}" for name, _, n in CONFIGS]
ADVANCED = [c for c in CONFIGS if "advanced" in c[1]]
ADVANCED_IDS = [f"{name}-{n}" for name, _, n in ADVANCED]


def parametrize(configs=CONFIGS, ids=CONFIG_IDS):
    return pytest.mark.parametrize("name,variants,n", configs, ids=ids)


@lru_cache(maxsize=None)
def ruleset(variants):
    return load_ruleset("poisons", list(variants))


# -- what the rulings say, written out ---------------------------------------------------------

def three(variants) -> bool:
    return "three-players" in variants


def specials_per_player(variants) -> int:
    """POISONS-5: one special drink (POISONS-8, really wild: two) from round 2."""
    if "advanced" not in variants:
        return 0
    return 2 if "really-wild" in variants else 1


def n_goblets(variants, n) -> int:
    """POISONS-9: with 3 players each also takes an extra colour: six goblets."""
    return 2 * n if three(variants) else n


def controller(variants, n, g) -> int:
    """Whose goblet g is: its colour's player; with 3 players goblet g belongs to seat g % 3."""
    return g % n


def drinks_per_player(variants, n) -> int:
    """POISONS-1: (players - 1) drink cards; POISONS-9: 3 plain + 1 poison."""
    return 4 if three(variants) else n - 1


def colour_of(card) -> int:
    """The colour (= scoring pile, showing zone, goblet) a scoring card belongs to."""
    return card["colour"] if "colour" in card else card["owner"]


def is_drink(card) -> bool:
    return card["type"] in ("drink", "special")


def expected_round_points(snap, drunk, n) -> list:
    """POISONS-3 and POISONS-6 for one round, from the goblets as they stood at 'drinking'
    and the goblets drunk: each player's raw round score (before the floor)."""
    goblets = snap["goblet"]
    names = snap["active"]  # the effect of the special drinks by slot (advanced rules)

    def kind(c):
        if c["type"] == "special":
            assert names[c["slot"]] is not None, f"a special drink in slot {c['slot']} without a revealed effect"
            return names[c["slot"]]
        return c["kind"]

    def count(g, k):
        return sum(1 for c in goblets[g] if kind(c) == k)

    def poisoned(g):
        level = count(g, "poison") + count(g, "half_poison") / 2 - (1 if count(g, "antidote") >= 2 else 0)
        return level >= 1

    def own(g):
        if g not in drunk:
            return 1
        if poisoned(g):
            return 0
        value = snap["showing"][g][0]["value"]
        return (value * (1 + count(g, "double")) + count(g, "shot_of_liqueur")
                + (3 if count(g, "shot_of_spirits") == 1 else 0) - count(g, "spoil"))

    points = [0] * n
    for g in range(len(goblets)):
        owner = g % n
        points[owner] += own(g)
        cordials = count(g, "cordial")
        if g in drunk and cordials >= 1 and all(count(h, "cordial") < cordials for h in range(len(goblets)) if h != g):
            points[owner] += 3
        for c in goblets[g]:
            giver, k = c["owner"], kind(c)
            if k == "more_drinks_for_me" and g not in drunk:
                points[giver] += 2
            elif k == "safe_bet" and not poisoned(g):
                points[giver] += 2
            elif k == "poison_bet":
                points[giver] += count(g, "poison")
            elif k == "sip":
                points[giver] += own(g)

    def loved(a, b):  # a put a love potion in a goblet of b that b drinks
        return any(g in drunk and any(c["owner"] == a and kind(c) == "love_potion" for c in goblets[g])
                   for g in range(len(goblets)) if g % n == b)

    for a in range(n):
        for b in range(n):
            if a != b and loved(a, b) and loved(b, a):
                points[a] += 2
    return points


def expected_winners(round_ends, n) -> list:
    """POISONS-4: highest total, then the 4th round's score, then the 3rd's; else shared."""
    totals = round_ends[-1]["totals"]
    by_round = {e["round"]: e["points"] for e in round_ends}
    keys = [(totals[p], by_round[4][p], by_round[3][p]) for p in range(n)]
    best = max(keys)
    return [p for p in range(n) if keys[p] == best]


# -- playing ------------------------------------------------------------------------------------

ID = re.compile(r'"id": (-?\d+)')


def comp_ids(value) -> set:
    """Every component id anywhere in a view or an event."""
    return {int(x) for x in ID.findall(json.dumps(value))}


def label(game) -> str:
    return game.state.flow.pending.stmt.label


def snapshot(game) -> dict:
    S = game.state
    zones = S.zones

    def family(name):
        return [[dict(c) for c in z] for z in zones[name]] if name in zones else None

    active = [None, None]
    if "active" in zones:
        active = [(z[0]["name"] if len(z) else None) for z in zones["active"]]
        assert all(len(z) <= 1 for z in zones["active"])
    snap = {
        "events": len(game.recorder.events),
        "round": S.round,
        "goblet": family("goblet"),
        "hand": family("hand"),
        "spare": family("spare"),
        "showing": family("showing"),
        "discard": family("discard"),
        "pile": [len(z) for z in zones["pile"]],
        "active": active,
        "active_cards": family("active"),
        "options": {},
        "pours": {},  # seat -> for each pour option, the ids of the drinks it pours, in order
    }
    for p in game.pending():
        opts = game.options(p)
        if label(game) == "drinking":
            snap["options"][p] = [tuple(z.key for z in dict(o.args)["goblets"]) for o in opts]
        else:
            snap["options"][p] = [dict(o.args)["drink"]["id"] for o in opts]
            snap["pours"][p] = [[c["id"] for c in dict(o.args).values()] for o in opts]
    return snap


def check_view(game, viewer, problems) -> None:
    """POISONS-7 in views: a goblet shows only its count (no components, nothing revealed
    at a decision: nothing is drunk yet); 'drunk' holds zone references only; other seats'
    hands and spare drinks show only counts; no card id but public ones and the viewer's own."""
    S = game.state
    view = game.view(viewer)
    where = f"seat {viewer}, round {S.round}, at '{label(game) if S.flow.pending else 'end'}'"
    for g, zv in enumerate(view["zones"]["goblet"]):
        if "components" in zv:
            problems.append(f"{where}: view shows the components of goblet {g}")
        if "revealed" in zv:
            problems.append(f"{where}: view shows goblet {g} revealed while no goblet is drunk")
        if zv.get("count") != len(S.zones["goblet"][g]):
            problems.append(f"{where}: goblet {g} count {zv.get('count')} != {len(S.zones['goblet'][g])}")
    drunk = view["variables"].get("drunk")
    if not isinstance(drunk, list) or any(set(d) != {"zone", "index"} or d["zone"] != "goblet" for d in drunk):
        problems.append(f"{where}: 'drunk' is {drunk!r}, not goblet references")
    allowed = set()
    for name in ("showing", "discard", "active", "used"):
        if name in S.zones:
            allowed |= {c["id"] for z in S.zones[name] for c in z}
    for name in ("hand", "spare"):
        if name not in S.zones:
            continue
        for q, z in enumerate(S.zones[name]):
            zv = view["zones"][name][q]
            if q == viewer:
                allowed |= {c["id"] for c in z}
                if zv.get("components") != [dict(c) for c in z]:
                    problems.append(f"{where}: own {name} not shown in full")
            elif zv != {"count": len(z)}:
                problems.append(f"{where}: {name}[{q}] shows {zv}")
    leaked = comp_ids(view) - allowed
    if leaked:
        problems.append(f"{where}: view shows cards {sorted(leaked)}")


class Played:
    """One random game, with what was noted while it was played."""

    def __init__(self, variants, n, seed):
        self.variants, self.n, self.seed = variants, n, seed
        game = self.game = Game(ruleset(variants), n, seed=seed, record=True)
        rng = random.Random(seed * 7919 + 104729)
        self.choices = []  # (seat, option index)
        self.first_pour = {}  # round -> snapshot at the round's first pour decision
        self.drinking = {}  # round -> snapshot when the flow waits at 'drinking'
        self.labels = set()
        self.view_problems = []
        self.views_checked = 0
        viewers = list(range(n)) + [None]
        while not game.finished:
            seats = game.pending()
            assert seats, f"seed {seed}: not finished but nobody to decide"
            here = label(game)
            self.labels.add(here)
            r = game.state.round
            if not game.state.flow.choices:  # a new step
                if here == "pour" and r not in self.first_pour:
                    self.first_pour[r] = snapshot(game)
                elif here == "drinking":
                    assert r not in self.drinking, f"seed {seed}: two drinking steps in round {r}"
                    self.drinking[r] = snapshot(game)
            for p in seats:
                for v in viewers:
                    check_view(game, v, self.view_problems)
                    self.views_checked += 1
                options = game.options(p)
                assert options, f"seed {seed}: seat {p} has no legal option"
                index = rng.randrange(len(options))
                game.apply(p, options[index])
                self.choices.append((p, index))
            assert len(self.choices) < 5000
        self.end_view = {v: game.view(v) for v in viewers}
        self.events = game.recorder.events
        self.drunk = self._drunk_by_round()

    def _drunk_by_round(self) -> dict:
        """round -> set of goblet indices drunk, from the 'drink' decisions of the full record."""
        out = {r: set() for r in range(1, ROUNDS + 1)}
        for r, e in self.round_events():
            if e.get("event") == "decision" and e["action"] == "drink":
                for z in e["args"]["goblets"]:
                    assert z["zone"] == "goblet"
                    out[r].add(z["index"])
        return out

    def round_events(self):
        """(round, event) for every event of the full record from the first round on."""
        r = 0
        for i, e in enumerate(self.events):
            if i and r == 0:
                r = 1
            yield (min(r, ROUNDS) if r else 0), e
            if e.get("event") == "round_end":
                r = e["round"] + 1

    def segment(self, r) -> range:
        """Event indices of round r: from its first pour decision to its round_end, inclusive."""
        start = self.first_pour[r]["events"]
        end = next(i for i, e in enumerate(self.events) if e.get("event") == "round_end" and e["round"] == r)
        return range(start, end + 1)


def set_values(events, variable) -> list:
    """(event index, whole value) of each set of ``variable`` in ``events``: a set written as the items it appends to
    the list the one before gave (records.md, "set") read as the whole value it gives."""
    value, out = None, []
    for i, e in enumerate(events):
        if e.get("event") == "set" and e["variable"] == variable and "index" not in e:
            value = e["value"] if "value" in e else value + e["append"]
            out.append((i, value))
    return out


_PLAYED: dict = {}


def played(variants, n, count=GAMES) -> list:
    out = []
    for k in range(count):
        seed = 100 * n + 17 * len(variants) + k + (50 if "really-wild" in variants else 0)
        key = (variants, n, seed)
        if key not in _PLAYED:
            _PLAYED[key] = Played(variants, n, seed)
        out.append(_PLAYED[key])
    return out


def hidden_spots(full, filtered, path=()) -> list:
    """A filtered event equals the full one except where it says {"hidden": true} (None for
    a shuffle's order); returns the paths of the hidden spots."""
    if isinstance(full, dict) and isinstance(filtered, dict):
        assert full.keys() == filtered.keys(), f"{path}: keys {sorted(full)} became {sorted(filtered)}"
        pairs = [(k, full[k], filtered[k]) for k in full]
    elif isinstance(full, list) and isinstance(filtered, list):
        assert len(full) == len(filtered), f"{path}: {len(full)} items became {len(filtered)}"
        pairs = list(zip(range(len(full)), full, filtered))
    else:
        raise AssertionError(f"{path}: {full!r} became {filtered!r}")
    out = []
    for k, a, b in pairs:
        if a == b:
            continue
        if b == HIDDEN or (k == "order" and b is None):
            out.append(path + (k,))
        else:
            out.extend(hidden_spots(a, b, path + (k,)))
    return out


# -- 0. components and player counts: POISONS-1, -5, -8, -9 -------------------------------------

@parametrize()
def test_poisons1_5_9_components(name, variants, n):
    """POISONS-1: per colour the scoring cards 2, 3, 4, 5; per player 1 poison and
    (players - 2) plain drinks (POISONS-9: 3 plain + 1 poison, six colours); POISONS-5:
    one special drink per player (POISONS-8: two) and four effects per round's pile."""
    comps = Game(ruleset(variants), n, seed=1).state.components
    G = n_goblets(variants, n)
    scoring = [c for c in comps if c["type"] == "scoring"]
    assert sorted((colour_of(c), c["value"]) for c in scoring) == [(k, v) for k in range(G) for v in (2, 3, 4, 5)]
    for p in range(n):
        kinds = sorted(c["kind"] for c in comps if c["type"] == "drink" and c["owner"] == p)
        plain = 3 if three(variants) else n - 2
        assert kinds == ["plain"] * plain + ["poison"], f"seat {p}: {kinds}"
        specials = [c for c in comps if c["type"] == "special" and c["owner"] == p]
        assert len(specials) == specials_per_player(variants)
    effects = sorted((c["type"], c["name"]) for c in comps if c["type"].endswith("_effect"))
    if "advanced" in variants:
        assert effects == sorted([("round2_effect", x) for x in ("spoil", "half_poison", "antidote", "love_potion")]
                                 + [("round3_effect", x) for x in ("more_drinks_for_me", "cordial", "safe_bet", "shot_of_spirits")]
                                 + [("round4_effect", x) for x in ("shot_of_liqueur", "sip", "poison_bet", "double")])
    else:
        assert effects == []


@pytest.mark.parametrize("variants,bad", [((), [2, 3, 9]), (("three-players",), [2, 4]),
                                          (("advanced", "really-wild"), [3, 9])])
def test_poisons1_8_9_player_counts(variants, bad):
    """POISONS-1: the base rules are for 4 to 8 players, the 3-player rules for 3;
    POISONS-8: really wild needs 4+ players."""
    for n in bad:
        with pytest.raises(PhiltreError, match="R001"):
            Game(ruleset(variants), n, seed=0)


# -- 1. filling: POISONS-2, POISONS-9 -----------------------------------------------------------

@parametrize()
def test_poisons2_9_goblets_at_drinking_hold_one_card_from_each_other_player(name, variants, n):
    """POISONS-2 / POISONS-9: whenever the flow waits at 'drinking', every goblet holds
    exactly one drink card from every player other than its controller and none from its
    controller, and every hand is empty. Each card got there by a 'move' from the hand of
    the player who poured it (a pour decision of that very card in the same step); nothing
    else moves into or out of a goblet while filling. Base rules: in pass s player i fills
    the goblet of player i - s."""
    G = n_goblets(variants, n)
    for game in played(variants, n):
        assert game.labels == {"pour", "drinking"}, f"seed {game.seed}: decisions at {game.labels}"
        assert sorted(game.drinking) == list(range(1, ROUNDS + 1)), f"seed {game.seed}: drinking steps {sorted(game.drinking)}"
        for r, snap in game.drinking.items():
            where = f"seed {game.seed}, round {r}"
            assert len(snap["goblet"]) == G
            for g, cards in enumerate(snap["goblet"]):
                owners = sorted(c["owner"] for c in cards)
                want = sorted(q for q in range(n) if q != controller(variants, n, g))
                assert owners == want, f"{where}: goblet {g} holds cards of {owners}, want one of each of {want}"
                assert all(is_drink(c) for c in cards), f"{where}: goblet {g} holds {cards}"
            assert all(h == [] for h in snap["hand"]), f"{where}: hands not empty at drinking: {snap['hand']}"

            # how the goblets were filled, in the full record
            into = {g: [] for g in range(G)}
            poured = {}  # seat -> drink id chosen in the current step
            pours = 0
            passes = []
            start = game.segment(r - 1).stop if r > 1 else 1
            for e in game.events[start:snap["events"]]:
                kind = e.get("event")
                if kind == "set" and e["variable"] == "pass":
                    passes.append(e["value"])
                    assert not poured, f"{where}: a pass began before the last one's cards were poured: {poured}"
                elif kind == "decision":
                    assert e["action"] == "pour", f"{where}: decision {e} while filling"
                    cards = list(e["args"].values())  # POISONS-9: one pour shares out all four drinks
                    assert len(cards) == (4 if three(variants) else 1), f"{where}: a pour of {cards}"
                    assert all(c["owner"] == e["player"] for c in cards), f"{where}: seat {e['player']} pours {cards}"
                    poured[e["player"]] = cards
                    pours += len(cards)
                elif kind == "move" and "goblet" in (e["from"]["zone"], e["to"]["zone"]):
                    assert e["to"]["zone"] == "goblet" and e["from"]["zone"] == "hand", f"{where}: move {e} while filling"
                    q, g = e["from"]["index"], e["to"]["index"]
                    assert len(e["components"]) == 1, f"{where}: {e}"
                    card = e["components"][0]
                    assert card["owner"] == q and card in poured.get(q, []), \
                        f"{where}: {card} moved from hand[{q}] to goblet[{g}] without seat {q} pouring it"
                    poured[q].remove(card)
                    if not poured[q]:
                        del poured[q]
                    assert controller(variants, n, g) != q, f"{where}: seat {q} pours into its own goblet {g}"
                    if not three(variants):
                        assert g == (q - passes[-1]) % n, f"{where}: in pass {passes[-1]} seat {q} fills goblet {g}"
                    into[g].append(card)
            assert not poured, f"{where}: poured but not moved: {poured}"
            assert pours == G * (n - 1) == sum(len(v) for v in into.values())
            assert passes == list(range(1, len(passes) + 1))
            for g in range(G):
                assert sorted(into[g], key=lambda c: c["id"]) == sorted(snap["goblet"][g], key=lambda c: c["id"]), \
                    f"{where}: goblet {g} holds cards that were not poured in"


THREE = [c for c in CONFIGS if three(c[1])]
THREE_IDS = [i for c, i in zip(CONFIGS, CONFIG_IDS) if three(c[1])]


@parametrize(THREE, THREE_IDS)
def test_poisons9_one_simultaneous_pour_shares_out_every_drink(name, variants, n):
    """POISONS-9: "in one simultaneous step each player puts one drink under each of the 4
    opponents' goblets" (rulebook: "they simply assign their drink cards below the 4 enemy
    characters"). Each round every seat makes one pour decision; its options are exactly
    the distinct ways to share its four drinks out over the four goblets (identical drinks
    counting as the same): 4 with three plain drinks and a poison, 12 with a special drink
    in place of a plain one. (Four passes of one card each, in a fixed goblet order, gave
    2 or 3 options a pass, and under random play poisoned the goblets first in that order
    far more often: seat 2 won 48% of 3-player games, seat 0 21%.)"""
    def sig(c):
        return tuple(sorted((k, v) for k, v in c.items() if k != "id"))

    for game in played(variants, n):
        for r, snap in game.first_pour.items():
            where = f"seed {game.seed}, round {r}"
            for p in range(n):
                by_id = {c["id"]: c for c in snap["hand"][p]}
                pours = snap["pours"][p]
                assert all(sorted(ids) == sorted(by_id) for ids in pours), f"{where}: seat {p} pours {pours}, holds {sorted(by_id)}"
                shapes = [tuple(sig(by_id[i]) for i in ids) for ids in pours]
                assert len(set(shapes)) == len(shapes), f"{where}: seat {p} is offered one sharing twice"
                assert set(shapes) == set(itertools.permutations([sig(c) for c in by_id.values()])), f"{where}: seat {p}"
        per_round = {}
        for r, e in game.round_events():
            if e.get("event") == "decision" and e["action"] == "pour":
                per_round.setdefault(r, []).append(e["player"])
        assert per_round == {r: list(range(n)) for r in range(1, ROUNDS + 1)}, f"seed {game.seed}: pours {per_round}"


# -- 2. between rounds: POISONS-3 --------------------------------------------------------------

@parametrize()
def test_poisons3_drinks_back_and_one_new_scoring_card_per_colour(name, variants, n):
    """POISONS-3 (and POISONS-2's turning up): at the first pour of every round the goblets
    are empty and every drink card is back with its owner (in hand, or in the spare zone for
    a plain drink a special replaced under the advanced rules); each colour shows exactly
    one scoring card of its own colour, never shown before, the earlier ones are
    discarded and the pile has one card fewer."""
    G = n_goblets(variants, n)
    for game in played(variants, n):
        shown_before = set()
        assert sorted(game.first_pour) == list(range(1, ROUNDS + 1))
        for r in range(1, ROUNDS + 1):
            snap = game.first_pour[r]
            where = f"seed {game.seed}, round {r}"
            assert all(g == [] for g in snap["goblet"]), f"{where}: goblets not empty: {snap['goblet']}"
            holders = {}
            for zone in ("hand", "spare"):
                for q, cards in enumerate(snap[zone] or []):
                    for c in cards:
                        assert is_drink(c) and c["owner"] == q, f"{where}: {c} in {zone}[{q}]"
                        holders[c["id"]] = zone
            drinks = [c for c in game.game.state.components if is_drink(c)]
            missing = [c for c in drinks if c["id"] not in holders]
            assert not missing, f"{where}: drink cards not back with their owners: {missing}"
            for q in range(n):
                assert len(snap["hand"][q]) == drinks_per_player(variants, n), f"{where}: hand[{q}] = {snap['hand'][q]}"
            # scoring cards
            assert len(snap["showing"]) == G
            new = set()
            for colour, cards in enumerate(snap["showing"]):
                assert len(cards) == 1, f"{where}: showing[{colour}] = {cards}"
                card = cards[0]
                assert card["type"] == "scoring" and colour_of(card) == colour, f"{where}: showing[{colour}] = {card}"
                assert card["id"] not in shown_before, f"{where}: {card} was shown in an earlier round"
                new.add(card["id"])
            assert {c["id"] for c in snap["discard"][0]} == shown_before, f"{where}: discard holds {snap['discard'][0]}"
            assert snap["pile"] == [ROUNDS - r] * G
            shown_before |= new
        # the flip is public: every seat's record shows each turned-up card
        for p in range(n):
            mine = game.game.recorder.for_player(p)
            flips = [e for e in mine if e.get("event") == "move" and e["to"]["zone"] == "showing"]
            assert len(flips) == ROUNDS * G and all(HIDDEN not in e["components"] for e in flips)


# -- 3. scores: POISONS-3, -4, -6 ----------------------------------------------------------------

@parametrize()
def test_poisons4_6_scores_floor_totals_and_tie_breaks(name, variants, n):
    """POISONS-6: a total never goes below 0 at any round_end; POISONS-4: the total is the
    sum of the round_end points (the changes actually applied) and the winners are the
    highest totals, ties broken by round 4's score, then round 3's (recomputed from the
    round_end events); the end event and ``game.winners`` agree."""
    for game in played(variants, n):
        ends = [e for e in game.events if e.get("event") == "round_end"]
        assert [e["round"] for e in ends] == list(range(1, ROUNDS + 1))
        running = [0] * n
        for e in ends:
            assert all(t >= 0 for t in e["totals"]), f"seed {game.seed}: round {e['round']} totals {e['totals']} below 0"
            running = [a + b for a, b in zip(running, e["points"])]
            assert e["totals"] == running, f"seed {game.seed}: round {e['round']}: totals {e['totals']} != sum of points {running}"
        # the score events of a round add up to its points
        per_round = {r: [0] * n for r in range(1, ROUNDS + 1)}
        for r, e in game.round_events():
            if e.get("event") == "score":
                per_round[r][e["player"]] += e["points"]
        assert [per_round[e["round"]] for e in ends] == [e["points"] for e in ends]
        end = game.events[-1]
        assert end["event"] == "end" and end["scores"] == running == game.game.scores
        want = expected_winners(ends, n)
        assert game.game.winners == want == end["winners"], f"seed {game.seed}: winners {game.game.winners}, want {want}"


@parametrize()
def test_poisons3_6_round_scores_recomputed(name, variants, n):
    """POISONS-3 and POISONS-6, recomputed from the goblets at 'drinking' and the drink
    decisions: each round's applied change is max(0, total + round score) - total."""
    for game in played(variants, n):
        ends = {e["round"]: e for e in game.events if e.get("event") == "round_end"}
        totals = [0] * n
        for r in range(1, ROUNDS + 1):
            raw = expected_round_points(game.drinking[r], game.drunk[r], n)
            applied = [max(0, t + x) - t for t, x in zip(totals, raw)]
            totals = [t + a for t, a in zip(totals, applied)]
            assert ends[r]["points"] == applied, (
                f"seed {game.seed}, round {r}: points {ends[r]['points']}, rulings give {applied} "
                f"(raw {raw}; goblets {game.drinking[r]['goblet']}, drunk {sorted(game.drunk[r])}, "
                f"effects {game.drinking[r]['active']})")


# -- 4. privacy: POISONS-7 -------------------------------------------------------------------------

@parametrize()
def test_poisons7_undrunk_goblets_stay_secret_in_filtered_records(name, variants, n):
    """POISONS-7 (and POISONS-2: nobody sees a goblet's cards): in ``for_player(p)``, for
    every seat p and an onlooker,
    (a) a card that lay in a goblet not drunk that round appears in no event of that round
        from the pour on (decision, move, deal, reveal) except to its owner, the pourer
        (the full record does show it, so this can fail); more strongly, another player's
        drink card appears in p's record only in a reveal, or (face up) as it leaves the
        revealed goblet;
    (b) 'reveal' events concern exactly the drunk goblets, with their content, for everyone;
    (c) another player's pour decision shows the drink as {"hidden": true}, one's own in full;
    and the filtered record differs from the full one only by hidden parts."""
    undrunk_checked = 0
    for game in played(variants, n):
        full = game.events
        owner = {c["id"]: c.get("owner") for c in game.game.state.components}
        drink_ids = {c["id"] for c in game.game.state.components if is_drink(c)}
        secret = {}  # round -> {card id: owner} of cards in undrunk goblets
        for r in range(1, ROUNDS + 1):
            snap = game.drinking[r]
            secret[r] = {c["id"]: c["owner"] for g, cards in enumerate(snap["goblet"])
                         if g not in game.drunk[r] for c in cards}
            # the 'set drunk' events agree with the drink decisions
            sets = [value for i, value in set_values(full, "drunk") if i in game.segment(r)]
            assert sets and {z["index"] for z in sets[-1]} == game.drunk[r]
            # the full record does show these cards, with their attributes
            shown = set()
            for i in game.segment(r):
                shown |= {c for c in comp_ids(full[i]) if c in secret[r]}
            assert shown == set(secret[r]), f"seed {game.seed}, round {r}: the full record lacks {set(secret[r]) - shown}"
            undrunk_checked += len(secret[r])
        rounds = [r for r, _ in game.round_events()]
        window = {i: r for r in range(1, ROUNDS + 1) for i in game.segment(r)}  # from the first pour to round_end
        for p in list(range(n)) + [None]:
            mine = game.game.recorder.for_player(p)
            assert len(mine) == len(full)
            hide = {r: {cid for cid, o in secret[r].items() if o != p} for r in secret}
            face_up = set()  # cards of drunk goblets, revealed: public until they move
            for i, (e, f) in enumerate(zip(full, mine)):
                hidden_spots(e, f, (i,))
                kind, r = e.get("event"), rounds[i]
                where = f"seed {game.seed}, seat {p}, round {r}, event {i} ({kind})"
                shown = comp_ids(f)
                if i in window:  # (a)
                    seen = shown & hide[window[i]]
                    assert not seen, f"{where}: cards {sorted(seen)} of undrunk goblets shown: {json.dumps(f)[:300]}"
                if kind == "shuffle":  # POISONS-1: face-down piles (and effects: POISONS-5)
                    assert f["order"] is None and e["order"], f"{where}: the order of {e['zone']} is shown"
                elif kind == "reveal":  # (b)
                    assert f == e, f"{where}: a reveal is public"
                    g = e["zone"]["index"]
                    assert e["zone"]["zone"] == "goblet" and g in game.drunk[r], \
                        f"{where}: goblet {g} revealed but not drunk (drunk: {sorted(game.drunk[r])})"
                    # in id order: a goblet is face down, so a reveal shows what it holds, not in what order
                    assert e["components"] == sorted(game.drinking[r]["goblet"][g], key=lambda c: c["id"])
                    face_up |= {c["id"] for c in e["components"]}
                    continue
                others = {c for c in shown if c in drink_ids and owner[c] != p} - face_up
                if kind == "move":
                    face_up -= comp_ids(e)
                assert not others, f"{where}: other players' drink cards {sorted(others)} shown: {json.dumps(f)[:300]}"
                if kind == "decision" and e["action"] == "pour":  # (c)
                    if e["player"] == p:
                        assert f == e, f"{where}: seat {p} does not see its own pour"
                    else:
                        assert all(f["args"][k] == HIDDEN and e["args"][k] != HIDDEN for k in e["args"]), \
                            f"{where}: seat {p} sees seat {e['player']}'s pour: {f}"
        # every drunk goblet is revealed, once
        for r in range(1, ROUNDS + 1):
            revealed = [e["zone"]["index"] for i, e in enumerate(full) if i in game.segment(r) and e.get("event") == "reveal"]
            assert sorted(revealed) == sorted(game.drunk[r]), f"seed {game.seed}, round {r}: revealed {revealed}, drunk {game.drunk[r]}"
    assert undrunk_checked > 0


@parametrize()
def test_poisons7_views_never_show_goblet_contents(name, variants, n):
    """POISONS-7 in views: ``game.view(p)`` at every decision (every seat and an onlooker)
    never has 'components' (nor anything revealed) for a goblet, while the goblets do hold
    cards; view['variables']['drunk'] holds goblet references {'zone', 'index'}, never
    components (also at the end, when it holds the last round's drunk goblets); other
    hands and spare zones show counts only; no card id but public ones and one's own."""
    for game in played(variants, n):
        assert not game.view_problems, f"seed {game.seed}: " + "\n".join(game.view_problems[:10])
        assert game.views_checked >= (n + 1) * len(game.choices)
        assert any(len(g) for snap in game.drinking.values() for g in snap["goblet"])
        drunk_last = sorted(game.drunk[ROUNDS])
        for v, view in game.end_view.items():
            drunk = view["variables"]["drunk"]
            assert all(set(d) == {"zone", "index"} and d["zone"] == "goblet" for d in drunk), f"seat {v}: {drunk}"
            assert sorted(d["index"] for d in drunk) == drunk_last, f"seat {v}: {drunk}"
            assert all("components" not in z for z in view["zones"]["goblet"])
        for p in list(range(n)) + [None]:
            for e in game.game.recorder.for_player(p):
                if e.get("event") == "set" and e["variable"] == "drunk":
                    written = e["value"] if "value" in e else e["append"]  # (a set extending the list: its items added)
                    assert all(set(z) == {"zone", "index"} and z["zone"] == "goblet" for z in written), e


@parametrize()
def test_poisons2_3_simultaneous_choices_stay_secret_until_all_have_chosen(name, variants, n):
    """POISONS-2 / POISONS-3: pours and drink decisions are made at the same time: no event
    is recorded while a seat has still to choose, and the views of the other seats (and an
    onlooker) are the same whichever option a seat chose; once all have chosen, the
    decisions are written in seat order."""
    compared = 0
    for seed in range(3):
        game = Game(ruleset(variants), n, seed=9000 + seed, record=True)
        rng = random.Random(seed)
        while not game.finished:
            pending = game.pending()
            before = len(game.recorder.events)
            order = rng.sample(pending, len(pending))
            for k, q in enumerate(order):
                options = game.options(q)
                if k < len(order) - 1 and len(options) >= 2:
                    seen = []
                    for index in (0, len(options) - 1):
                        branch = game.copy()
                        branch.apply(q, branch.options(q)[index])
                        seen.append(json.dumps([branch.view(v) for v in list(range(n)) + [None] if v != q]))
                    assert seen[0] == seen[1], f"seat {q}'s secret choice at '{label(game)}' shows in another view"
                    compared += 1
                game.apply(q, rng.choice(options))
                if k < len(order) - 1:
                    assert len(game.recorder.events) == before, "an event was recorded before everyone chose"
            new = game.recorder.events[before:]
            assert [e["player"] for e in new if e.get("event") == "decision"] == pending
    assert compared > 0


# -- 5. determinism and replay ---------------------------------------------------------------------

@parametrize()
def test_same_seed_and_decisions_give_the_same_record_and_replay(name, variants, n, tmp_path):
    """The same seed and the same decisions give identical events; a written record
    replays (``philtre.interpreter.replay.replay``) without a difference, and a tampered
    one does not."""
    for game in played(variants, n)[:3]:
        again = Game(ruleset(variants), n, seed=game.seed, record=True)
        for p, index in game.choices:
            assert p in again.pending()
            again.apply(p, again.options(p)[index])
        assert again.finished
        assert again.recorder.events == game.events
    game = played(variants, n)[0]
    path = tmp_path / "game.jsonl"
    game.game.recorder.write(path)
    assert replay(str(path)) == len(game.events)
    # a record whose scores were changed is caught
    lines = path.read_text(encoding="utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if '"event":"score"' in line)
    event = json.loads(lines[k])
    event["points"] += 1
    lines[k] = json.dumps(event)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(PhiltreError):
        replay(str(bad))


# -- 6. decisions and special drinks: POISONS-5, -8, -9 ---------------------------------------------

@parametrize()
def test_poisons3_9_drink_options_are_the_subsets_of_own_goblets(name, variants, n):
    """POISONS-3 / POISONS-9: at 'drinking' each seat decides for each goblet it controls
    whether to drink: its options are exactly the subsets of its own goblets (two with
    one goblet, four with two in the 3-player game). At a pour a seat chooses among the
    drinks in its own hand, every kind of them."""
    for game in played(variants, n):
        for r, snap in game.drinking.items():
            assert sorted(snap["options"]) == list(range(n))
            for p, opts in snap["options"].items():
                mine = [("goblet", g) for g in range(n_goblets(variants, n)) if controller(variants, n, g) == p]
                assert len(mine) == (2 if three(variants) else 1)
                want = {frozenset(), *(frozenset([g]) for g in mine), frozenset(mine)}
                assert len(opts) == len(want) and {frozenset(o) for o in opts} == want, \
                    f"seed {game.seed}, round {r}, seat {p}: options {opts}"
        for r, snap in game.first_pour.items():
            for p, opts in snap["options"].items():
                hand = snap["hand"][p]
                by_id = {c["id"]: c for c in hand}
                assert set(opts) <= set(by_id), f"seat {p} may pour {opts} not in hand {hand}"
                sig = lambda c: tuple(sorted((k, v) for k, v in c.items() if k != "id"))
                assert {sig(by_id[i]) for i in opts} == {sig(c) for c in hand}


@parametrize(ADVANCED, ADVANCED_IDS)
def test_poisons5_8_one_special_drink_per_round_from_round_2(name, variants, n):
    """POISONS-5 / POISONS-8: round 1 uses plain and poison drinks only; from round 2 each
    player holds exactly one special drink (two in really wild) among their drinks at the
    first pour, having given up as many plain drinks (kept in the spare zone), still with
    one poison. The round's effect (POISONS-8: two, from different rounds' piles) is
    revealed at the round's start and is from that round's pile; the effects set aside are
    face down: no seat's record shows an effect before it is revealed."""
    k = specials_per_player(variants)
    for game in played(variants, n):
        for r, snap in game.first_pour.items():
            where = f"seed {game.seed}, round {r}"
            for p in range(n):
                hand = snap["hand"][p]
                specials = [c for c in hand if c["type"] == "special"]
                poisons = [c for c in hand if c.get("kind") == "poison"]
                assert len(specials) == (0 if r == 1 else k), f"{where}: seat {p} holds {hand}"
                assert len(poisons) == 1, f"{where}: seat {p} holds {hand}"
                assert len(hand) == drinks_per_player(variants, n)
                spare = snap["spare"][p]
                if r == 1:
                    assert all(c["type"] == "special" for c in spare) and len(spare) == k
                else:
                    assert len(spare) == k and all(c.get("kind") == "plain" for c in spare), f"{where}: spare[{p}] = {spare}"
            active = snap["active_cards"]
            if r == 1:
                assert active == [[], []]
                continue
            assert len(active[0]) == 1 and active[0][0]["type"] == f"round{r}_effect", f"{where}: active {active}"
            if k == 2:
                assert len(active[1]) == 1 and active[1][0]["type"] != active[0][0]["type"], f"{where}: active {active}"
            else:
                assert active[1] == []
        # face down until revealed
        effect_ids = {c["id"] for c in game.game.state.components if c["type"].endswith("_effect")}
        revealed_at = {}
        for i, e in enumerate(game.events):
            if e.get("event") == "move" and e["to"]["zone"] == "active":
                for c in e["components"]:
                    revealed_at.setdefault(c["id"], i)
        assert len(revealed_at) == 3 * k
        for p in list(range(n)) + [None]:
            for i, e in enumerate(game.game.recorder.for_player(p)):
                early = {c for c in comp_ids(e) & effect_ids if revealed_at.get(c, len(game.events)) > i}
                assert not early, f"seed {game.seed}, seat {p}, event {i}: effects {sorted(early)} seen face down: {e}"
