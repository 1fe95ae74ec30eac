"""Properties of HUE (docs/rulings.md HUE-1..7) checked over many random games.

Every expectation is computed by the test itself from the rulings: the card list from
HUE-2, the cells a card covers and the sub-cells it paints from its placement {x, y, rot}
(the card drawn as a 9 x 3 sub-cell picture and turned as a whole, not cell by cell as
the engine does), legality from HUE-4, areas by the test's own flood fill (HUE-6) and
scores and winners from HUE-7. Nothing is read back from the ruleset's definitions.

Conventions shared with the engine (docs/language.md "Grids"): y grows downwards, ``rot``
turns clockwise, a placement's (x, y) is the top-left cell of the turned card, and at
rot 0 a card lies along x with its first listed stripe on top.
"""

from __future__ import annotations

from collections import Counter

import pytest

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.replay import replay as replay_file

PLAYERS = [2, 3, 4, 5]
GAMES = 12         # random games per player count (base rules)
STRICT_GAMES = 6   # random games per player count with the strict-poison variant
EXHAUSTIVE = 3     # games per count whose every option list is checked against HUE-4 by brute force
ROTS = (0, 90, 180, 270)
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
HIDDEN = {"hidden": True}


def seeds(n, count, salt=0):
    return range(100 * n + salt, 100 * n + salt + count)


def hand_size(n) -> int:
    """HUE-3: standard cards dealt to each player."""
    return 4 if n == 5 else 5


# -- HUE-2: the cards, written out -------------------------------------------------------------

def card_faces(card) -> tuple:
    """HUE-2 for one card: (kind, [colour per cell or stripe], middle colour, skull cell or None).

    kind is "squares" (3 solid cells, listed along the card) or "stripes" (3 stripes running
    the card's length, listed from the first sub-row to the last)."""
    t, i = card["type"], card["i"]
    if t == "poison_card":
        return "squares", [(i + 1) % 5, i, (i + 3) % 5], i, 1
    if t == "starting_card":
        return "stripes", [(i + 1) % 5, i, (i + 4) % 5], i, None
    assert t == "standard_card", t
    kind, cols = [("squares", [i, i + 1, i + 2]), ("stripes", [i + 2, i, i + 1]),
                  ("squares", [i + 2, i, i + 4]), ("stripes", [i, i + 2, i + 4])][card["form"]]
    cols = [c % 5 for c in cols]
    return kind, cols, cols[1], None


def hue2_deck() -> Counter:
    """HUE-2's 30 cards as (type, kind, colours, skull) - what the printed list would say."""
    deck = Counter()
    for i in range(5):
        deck[("poison_card", "squares", ((i + 1) % 5, i, (i + 3) % 5), 1)] += 1
        deck[("starting_card", "stripes", ((i + 1) % 5, i, (i + 4) % 5), None)] += 1
        deck[("standard_card", "squares", (i, (i + 1) % 5, (i + 2) % 5), None)] += 1
        deck[("standard_card", "stripes", ((i + 2) % 5, i, (i + 1) % 5), None)] += 1
        deck[("standard_card", "squares", ((i + 2) % 5, i, (i + 4) % 5), None)] += 1
        deck[("standard_card", "stripes", (i, (i + 2) % 5, (i + 4) % 5), None)] += 1
    return deck


def turn(u, v, rot, w, h):
    """Point (u, v) of a w x h picture after turning it clockwise by rot (y downwards)."""
    for _ in range(rot // 90):
        u, v, w, h = h - 1 - v, u, h, w
    return u, v


def cells_at(x, y, rot) -> list:
    """The grid cells a 3-cell card covers at a placement, in the card's own order."""
    return [(x + a, y + b) for a, b in (turn(k, 0, rot, 3, 1) for k in range(3))]


def picture(card, x, y, rot) -> tuple:
    """({sub-cell: colour}, skull sub-cell or None) of a card at a placement: the card is a
    9 x 3 picture of sub-cells at rot 0, turned as a whole and put at (3x, 3y)."""
    kind, cols, _, skull = card_faces(card)
    out = {}
    for u in range(9):
        for v in range(3):
            a, b = turn(u, v, rot, 9, 3)
            out[(3 * x + a, 3 * y + b)] = cols[u // 3] if kind == "squares" else cols[v]
    mark = None
    if skull is not None:
        a, b = turn(3 * skull + 1, 1, rot, 9, 3)
        mark = (3 * x + a, 3 * y + b)
    return out, mark


def hue4_legal(occupied, cells) -> bool:
    """HUE-4: no occupied cell covered and an edge shared with one, or exactly one covered."""
    covered = sum(1 for c in cells if c in occupied)
    if covered == 1:
        return True
    return covered == 0 and any((cx + dx, cy + dy) in occupied for cx, cy in cells for dx, dy in SIDES)


def areas(board) -> list:
    """HUE-6 by flood fill: board is [(card, x, y, rot)] bottom to top; returns
    [(colour, sub-cells, poisoned)] for every area of the visible top layer."""
    colour, owner, skulls = {}, {}, {}
    for card, x, y, rot in board:
        sub, mark = picture(card, x, y, rot)
        for s, c in sub.items():
            colour[s] = c
            owner[s] = card["id"]
        if mark is not None:
            skulls[card["id"]] = mark
    visible = {mark for cid, mark in skulls.items() if owner[mark] == cid}
    out, seen = [], set()
    for start in sorted(colour):
        if start in seen:
            continue
        seen.add(start)
        stack, size, poisoned = [start], 0, False
        while stack:
            sx, sy = stack.pop()
            size += 1
            poisoned = poisoned or (sx, sy) in visible
            for dx, dy in SIDES:
                n = (sx + dx, sy + dy)
                if n not in seen and colour.get(n) == colour[start]:
                    seen.add(n)
                    stack.append(n)
        out.append((colour[start], size, poisoned))
    return out


def colour_values(regions, strict=False) -> dict:
    """HUE-6: colour -> points. Base: its largest unpoisoned area / 3. Strict: its largest
    area / 3, 0 if that area is poisoned (a tie for largest between a poisoned and an
    unpoisoned area counts as poisoned, as the strict-poison variant reads the ruling)."""
    values = {}
    for col in range(5):
        mine = [(size, poisoned) for c, size, poisoned in regions if c == col]
        if strict:
            biggest = max([s for s, _ in mine] + [0])
            values[col] = 0 if any(p for s, p in mine if s == biggest) else biggest / 3
        else:
            values[col] = max([s for s, p in mine if not p] + [0]) / 3
    return values


def hue7_score(card, values) -> float:
    """HUE-7: the score card's three colours, the middle one counted twice."""
    _, cols, middle, _ = card_faces(card)
    return sum(values[c] for c in cols) + values[middle]


def hue7_winner(scores) -> list:
    """HUE-7: highest wins; ties to the start player (seat 0), else nearest clockwise."""
    best = max(scores)
    return [min(p for p, s in enumerate(scores) if s == best)]


def components_in(value):
    """Every component (a dict with id and type) anywhere inside a JSON-like value."""
    if isinstance(value, dict):
        if "id" in value and "type" in value:
            yield value
        for v in value.values():
            yield from components_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from components_in(v)


# -- one set of recorded random games ----------------------------------------------------------

class Step:
    """The state just before one decision, as plain data."""

    __slots__ = ("seat", "hands", "board", "options")

    def __init__(self, game, exhaustive):
        S = game.state
        (self.seat,) = game.pending()
        self.hands = [[c["id"] for c in z] for z in S.zones["hand"]]
        self.board = [(c["id"],) + S.placed[c["id"]] for c in S.zones["board"][0]]
        self.options = None
        if exhaustive:
            self.options = []
            for o in game.options(self.seat):
                args = dict(o.args)
                self.options.append((args["card"]["id"], args["at"]["x"], args["at"]["y"], args["at"]["rot"]))


class Trace:
    """One random game: seed, the finished game with its record, every step, view problems."""

    def __init__(self, game, seed, n, steps, view_problems, choices):
        self.game, self.seed, self.n, self.steps, self.choices = game, seed, n, steps, choices
        self.view_problems = view_problems
        self.cards = game.state.components
        self.events = game.recorder.events
        S = game.state
        self.unused = {c["id"] for name in ("poisons", "starters", "standards") for c in S.zones[name][0]}

    def board(self) -> list:
        """[(card, x, y, rot)] bottom to top, from the record's place events."""
        return [(self.cards[e["component"]["id"]], e["at"]["x"], e["at"]["y"], e["at"]["rot"])
                for e in self.events if e.get("event") == "place"]


def check_views(game, n, problems):
    """Before each decision: nobody sees another seat's hand or any card set aside (HUE-3);
    every component a view shows is on the board or in the viewer's own hand."""
    S = game.state
    board = {c["id"] for c in S.zones["board"][0]}
    for viewer in list(range(n)) + [None]:
        view = game.view(viewer)
        own = {c["id"] for c in S.zones["hand"][viewer]} if viewer is not None else set()
        for p, hand in enumerate(view["zones"]["hand"]):
            if p != viewer and ("components" in hand or "revealed" in hand):
                problems.append(f"seat {viewer} sees hand {p}: {hand}")
            if hand.get("count") not in (None, len(S.zones["hand"][p])):
                problems.append(f"seat {viewer}: hand {p} count {hand.get('count')}")
        for name in ("poisons", "starters", "standards"):
            if set(view["zones"][name]) - {"count"}:
                problems.append(f"seat {viewer} sees into {name}: {view['zones'][name]}")
        shown = {c["id"] for c in components_in(view)}
        if not shown <= own | board:
            problems.append(f"seat {viewer} sees components {sorted(shown - own - board)}")


def play_traced(ruleset, n, seed, play, exhaustive=False) -> Trace:
    steps, problems, choices = [], [], []

    def on_step(game):
        steps.append(Step(game, exhaustive))
        check_views(game, n, problems)

    game = play(ruleset, n, seed, record=True, on_step=on_step, choices=choices)
    return Trace(game, seed, n, steps, problems, choices)


@pytest.fixture(scope="module")
def hue():
    return load_ruleset("hue")


@pytest.fixture(scope="module")
def strict():
    return load_ruleset("hue", ["strict-poison"])


@pytest.fixture(scope="module")
def traces(hue, strict, play):
    """traces(n, variant) -> recorded random games (played once per module)."""
    cache = {}

    def get(n, variant="base"):
        if (n, variant) not in cache:
            rs, count, salt = (hue, GAMES, 0) if variant == "base" else (strict, STRICT_GAMES, 50)
            cache[(n, variant)] = [play_traced(rs, n, seed, play, exhaustive=k < EXHAUSTIVE and variant == "base")
                                   for k, seed in enumerate(seeds(n, count, salt))]
        return cache[(n, variant)]

    return get


def all_traces(traces, n):
    return traces(n) + traces(n, "strict")


# -- HUE-1, HUE-2: the cards -------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_hue1_hue2_card_list(hue, n):
    """HUE-1/2: 30 cards of 3 cells in five colours 0-4: 5 poison, 5 starting, 20 standard,
    exactly HUE-2's list; each card's own cells and colours are what HUE-2 says."""
    game = Game(hue, n, seed=n)
    comps = game.state.components
    assert len(comps) == 30
    assert Counter(c["type"] for c in comps) == {"poison_card": 5, "starting_card": 5, "standard_card": 20}
    deck = Counter()
    for c in comps:
        kind, cols, middle, skull = card_faces(c)
        deck[(c["type"], kind, tuple(cols), skull)] += 1
        assert len(set(cols)) == 3 and middle == cols[1], c
        # the component's own cells agree with HUE-2
        cells = c["cells"]
        assert len(cells) == 3
        if kind == "squares":
            for k, cell in enumerate(cells):
                if k == skull:
                    assert cell == {"solid": cols[k], "mark": True}, c
                else:
                    assert cell == cols[k], c
        else:
            assert cells == [{"stripes": cols}] * 3, c
    assert deck == hue2_deck()


# -- HUE-3: setup ------------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_hue3_setup(traces, n):
    """HUE-3: each player gets 1 poison card and 5 standard cards (4 with 5 players); three
    starting cards form a staircase, card r at row r, columns r..r+2, turned 0 or 180; the
    rest stay aside (5-n poisons, 2 starting cards, 20-n*hand standard cards) to the end."""
    rots = Counter()
    for t in all_traces(traces, n):
        first = t.steps[0]
        assert first.seat == 0, "seat 0 is the start player"
        for p, hand in enumerate(first.hands):
            kinds = Counter(t.cards[i]["type"] for i in hand)
            assert kinds == {"poison_card": 1, "standard_card": hand_size(n)}, f"seed {t.seed} seat {p}: {kinds}"
        starts = [e for e in t.events if e.get("event") == "place" and e["component"]["type"] == "starting_card"]
        assert len(starts) == 3
        for r, e in enumerate(starts):
            at = e["at"]
            assert (at["x"], at["y"]) == (r, r) and at["rot"] in (0, 180), f"seed {t.seed}: starting card {r} at {at}"
            assert sorted(cells_at(at["x"], at["y"], at["rot"])) == [(r, r), (r + 1, r), (r + 2, r)]
            rots[at["rot"]] += 1
        assert [b[0] for b in first.board] == [e["component"]["id"] for e in starts]
        assert [b[1:] for b in first.board] == [(e["at"]["x"], e["at"]["y"], e["at"]["rot"]) for e in starts]
        S = t.game.state
        assert len(S.zones["poisons"][0]) == 5 - n
        assert len(S.zones["starters"][0]) == 2
        assert len(S.zones["standards"][0]) == 20 - n * hand_size(n)
        assert len(t.unused) == 27 - n * (1 + hand_size(n))
        # the cards set aside never moved after setup, and nobody ever saw them
        moved = {c["id"] for e in t.events if e.get("event") == "move" for c in e["components"]}
        assert not moved & t.unused
    assert rots[0] and rots[180], "both orientations of the starting cards occur"


@pytest.mark.parametrize("n", PLAYERS)
def test_hue3_cards_set_aside_are_never_seen(traces, n):
    """HUE-3: the cards set aside are in no view (checked at every decision and at the end)
    and in no seat's record (nor an onlooker's); the shuffled orders are hidden from all."""
    for t in all_traces(traces, n):
        assert not t.view_problems, f"seed {t.seed}: {t.view_problems[:3]}"
        for viewer in list(range(n)) + [None]:
            assert not {c["id"] for c in components_in(t.game.view(viewer))} & t.unused
            record = t.game.recorder.for_player(viewer)
            assert not {c["id"] for c in components_in(record)} & t.unused, f"seed {t.seed}: seat {viewer}'s record"
            for e in record:
                if e.get("event") == "shuffle":
                    assert e["order"] is None, f"seed {t.seed}: seat {viewer} sees the order of {e['zone']}"


# -- HUE-4: placements -------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_hue4_every_placement_in_the_record_is_legal(traces, n):
    """HUE-4, re-checked from the record alone: replaying the starting cards and the
    decisions' placements, every card covers no occupied cell and shares an edge with one,
    or covers exactly one; it is then placed where the decision says; turns go clockwise
    from seat 0; decisions name each placement by whole x, y and a rot of 0/90/180/270."""
    kinds = Counter()
    for t in all_traces(traces, n):
        occupied = set()
        decisions = 0
        events = t.events
        for k, e in enumerate(events):
            if e.get("event") == "place" and e["component"]["type"] == "starting_card":
                occupied |= set(cells_at(e["at"]["x"], e["at"]["y"], e["at"]["rot"]))
            if e.get("event") != "decision":
                continue
            assert e["player"] == decisions % n, f"seed {t.seed}: decision {decisions} by seat {e['player']}"
            decisions += 1
            assert e["action"] == "play" and set(e["args"]) == {"card", "at"}
            at = e["args"]["at"]
            x, y, rot = at["x"], at["y"], at["rot"]
            assert all(type(v) is int for v in (x, y, rot)) and rot in ROTS, at
            assert {"x", "y", "rot"} <= set(at) <= {"x", "y", "rot", "overlap", "touching"}, at
            cells = cells_at(x, y, rot)
            covered = sum(1 for c in cells if c in occupied)
            edges = {(cx + dx, cy + dy) for cx, cy in cells for dx, dy in SIDES} & occupied - set(cells)
            if "overlap" in at:  # counts carried by the placement agree with the test's
                assert at["overlap"] == covered and at["touching"] == len(edges), f"seed {t.seed}: {at}"
            assert hue4_legal(occupied, cells), f"seed {t.seed}: {e['args']['card']['id']} at {at} covers {covered}, board {sorted(occupied)}"
            kinds["covers one" if covered else "beside"] += 1
            assert t.steps[decisions - 1].seat == e["player"]
            assert e["args"]["card"]["id"] in t.steps[decisions - 1].hands[e["player"]]
            # the move and the place that follow put that card there
            move, place = events[k + 1], events[k + 2]
            assert move["event"] == "move" and move["from"] == {"zone": "hand", "index": e["player"]}
            assert place["event"] == "place" and place["component"]["id"] == e["args"]["card"]["id"]
            assert place["at"] == {"x": x, "y": y, "rot": rot}
            occupied |= set(cells)
        assert decisions == n * hand_size(n)
        final = {(c["id"], x, y, rot) for c, x, y, rot in t.board()}
        assert final == {(cid,) + t.game.state.placed[cid] for cid in t.game.state.placed}
    assert kinds["covers one"] and kinds["beside"]


@pytest.mark.parametrize("n", PLAYERS)
def test_hue4_options_are_exactly_the_legal_placements(traces, n):
    """HUE-4 both ways: at every decision of a few games the options are exactly the legal
    placements of the deciding seat's cards, by brute force over every cell near the board
    and all four orientations (a legal card lies within one cell of the board)."""
    checked = 0
    for t in traces(n)[:EXHAUSTIVE]:
        for step in t.steps:
            occupied = set()
            for _, x, y, rot in step.board:
                occupied |= set(cells_at(x, y, rot))
            xs = [c[0] for c in occupied]
            ys = [c[1] for c in occupied]
            want = set()
            for cid in step.hands[step.seat]:
                for rot in ROTS:
                    for x in range(min(xs) - 3, max(xs) + 2):
                        for y in range(min(ys) - 3, max(ys) + 2):
                            if hue4_legal(occupied, cells_at(x, y, rot)):
                                want.add((cid, x, y, rot))
            got = set(step.options)
            assert len(got) == len(step.options), "an option is listed twice"
            assert got == want, f"seed {t.seed}: extra {sorted(got - want)[:5]}, missing {sorted(want - got)[:5]}"
            checked += 1
    assert checked == EXHAUSTIVE * n * hand_size(n)


# -- HUE-5: the end ----------------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_hue5_game_ends_when_every_hand_holds_one_card(traces, n):
    """HUE-5: the game goes on while some hand holds more than one card and ends as soon as
    every hand holds exactly one; that card is revealed as the score card."""
    for t in all_traces(traces, n):
        assert t.game.finished
        for step in t.steps:
            assert not all(len(h) == 1 for h in step.hands), f"seed {t.seed}: a decision after the end"
        assert [len(z) for z in t.game.state.zones["hand"]] == [1] * n
        reveals = [e for e in t.events if e.get("event") == "reveal"]
        assert [(e["zone"]["zone"], e["zone"]["index"]) for e in reveals] == [("hand", p) for p in range(n)]
        for p, e in enumerate(reveals):
            assert [c["id"] for c in e["components"]] == [c["id"] for c in t.game.state.zones["hand"][p]]


# -- HUE-6, HUE-7: scoring ---------------------------------------------------------------------

def check_scores(t, strict_rule) -> Counter:
    stats = Counter()
    regions = areas(t.board())
    values = colour_values(regions, strict=strict_rule)
    score_cards = {e["zone"]["index"]: t.cards[e["components"][0]["id"]] for e in t.events if e.get("event") == "reveal"}
    want = [hue7_score(score_cards[p], values) for p in range(t.n)]
    assert t.game.scores == want, f"seed {t.seed}: scores {t.game.scores}, HUE-6/7 give {want} (values {values})"
    assert t.game.winners == hue7_winner(want), f"seed {t.seed}: winners {t.game.winners} for {want}"
    score_events = [e for e in t.events if e.get("event") == "score"]
    assert [e["player"] for e in score_events] == list(range(t.n))
    assert [e["points"] for e in score_events] == want
    assert t.events[-1] == {"event": "end", "scores": want, "winners": hue7_winner(want)}
    stats["poisoned areas"] += sum(1 for *_, p in regions if p)
    stats["ties"] += want.count(max(want)) > 1
    stats["tie not to seat 0"] += want.count(max(want)) > 1 and want[0] != max(want)
    base = colour_values(regions)
    stats["strict differs"] += base != colour_values(regions, strict=True)
    for col in range(5):  # a largest-area tie between a poisoned and a clean area
        mine = [(s, p) for c, s, p in regions if c == col]
        top = max(s for s, _ in mine) if mine else 0
        stats["strict tie"] += len({p for s, p in mine if s == top}) == 2
    return stats


@pytest.mark.parametrize("n", PLAYERS)
def test_hue6_hue7_scores_and_winners(traces, n):
    """HUE-6/7: from the final board (the record's placements) the test paints the top
    layer at sub-cell level (solid squares 9 sub-cells, stripes 3 per cell, the skull on the
    poison card's middle cell's centre), finds the areas by flood fill and scores each
    player's revealed card: colours worth their largest unpoisoned area / 3, the middle
    colour twice. The engine's scores and single winner are the same."""
    stats = Counter()
    for t in traces(n):
        stats += check_scores(t, strict_rule=False)
    assert stats["poisoned areas"] > 0
    assert stats["strict differs"] > 0, "the games include boards where the strict setting matters"


@pytest.mark.parametrize("n", PLAYERS)
def test_hue6_strict_poison_scores(traces, n):
    """HUE-6 strict setting (variants/strict-poison.yaml): a colour is worth its largest
    area / 3, or 0 if that area is poisoned; HUE-7 as in the base game."""
    for t in traces(n, "strict"):
        check_scores(t, strict_rule=True)


def test_hue7_tie_breaks_seen_across_the_games(traces):
    """HUE-7's tie-breaks are exercised: some random games end in a tie for the highest score."""
    stats = Counter()
    for n in PLAYERS:
        for t in traces(n):
            stats += check_scores(t, strict_rule=False)
    assert stats["ties"] > 0 and stats["tie not to seat 0"] > 0, stats


def test_the_test_scoring_on_a_hand_made_board():
    """The test's own HUE-6/7 on RULINGS' worked example (scenarios.yaml): starting card 0
    at (0, 0), squares 1, 2, 3 above it: colour 1 joins S0's top stripe (6 points); a
    poison card's skull poisons its area; a covered skull does not."""
    s0 = {"type": "starting_card", "i": 0, "id": 0}
    sq = {"type": "standard_card", "i": 1, "form": 0, "id": 1}
    values = colour_values(areas([(s0, 0, 0, 0), (sq, 0, -1, 0)]))
    assert values == {0: 3, 1: 6, 2: 3, 3: 3, 4: 3}
    psn = {"type": "poison_card", "i": 1, "id": 2}
    lone = {"type": "standard_card", "i": 1, "form": 0, "id": 3}
    regions = areas([(s0, 0, 0, 0), (psn, 0, -1, 0), (lone, 0, 3, 0)])
    assert (1, 18, True) in regions
    assert colour_values(regions)[1] == 3 and colour_values(regions, strict=True)[1] == 0
    cover = {"type": "standard_card", "i": 0, "form": 0, "id": 4}   # squares 0, 1, 2
    regions = areas([(s0, 0, 0, 0), (psn, 0, -1, 0), (cover, 1, -3, 90)])  # covers the skull's cell (with colour 2)
    assert not any(p for *_, p in regions)
    # turned 90, the poison card's skull lies on the middle cell's centre still
    assert picture(psn, 0, 0, 90)[1] == (1, 4) and picture(psn, 0, 0, 270)[1] == (1, 4)
    # stripes turn with the card: at 90 they run along y
    sub, _ = picture(s0, 0, 0, 90)
    assert {sub[(sx, sy)] for sx in (2,) for sy in range(9)} == {1}
    assert {sub[(0, sy)] for sy in range(9)} == {4}
    # the worked example's scores: seat 1 keeps squares 2, 0, 4 (middle 0)
    assert hue7_score({"type": "standard_card", "i": 0, "form": 2}, {0: 6, 1: 6, 2: 3, 3: 3, 4: 3}) == 18
    assert hue7_winner([15, 18, 18]) == [1] and hue7_winner([12, 12]) == [0] and hue7_winner([3, 9, 1, 9]) == [1]


# -- hidden hands and records ------------------------------------------------------------------

@pytest.mark.parametrize("n", PLAYERS)
def test_hands_hidden_until_the_final_reveal(traces, n):
    """A hand is seen only by its owner (views at every decision, per-player records) until
    the score cards are revealed; a card becomes public when it is played. At the end every
    view shows every score card."""
    for t in all_traces(traces, n):
        assert not t.view_problems, f"seed {t.seed}: {t.view_problems[:3]}"
        events = t.events
        public_from = {}
        own = {p: set() for p in range(n)}
        for k, e in enumerate(events):
            kind = e.get("event")
            if kind == "deal" and e["from"]["zone"] in ("poisons", "standards"):
                for part in e["to"]:
                    own[part["index"]] |= {c["id"] for c in part["components"]}
            elif kind == "decision":
                public_from.setdefault(e["args"]["card"]["id"], k)
            elif kind == "move" and e["to"]["zone"] == "board":
                for c in e["components"]:
                    public_from.setdefault(c["id"], k)
            elif kind == "reveal":
                for c in e["components"]:
                    public_from.setdefault(c["id"], k)
        assert sorted(len(v) for v in own.values()) == [1 + hand_size(n)] * n
        for viewer in list(range(n)) + [None]:
            mine = own.get(viewer, set())
            record = t.game.recorder.for_player(viewer)
            assert len(record) == len(events)
            hidden = 0
            for k, e in enumerate(record):
                for c in components_in(e):
                    assert c["id"] in mine or public_from.get(c["id"], len(events)) <= k, \
                        f"seed {t.seed}: seat {viewer} sees card {c['id']} in event {k} ({e.get('event')})"
                if e.get("event") == "deal":
                    for part in e["to"]:
                        if part["zone"] == "hand" and part["index"] != viewer:
                            assert all(c == HIDDEN for c in part["components"])
                            hidden += len(part["components"])
            assert hidden == (n - (viewer is not None)) * (1 + hand_size(n))
        # after the reveal, everyone sees every score card
        for viewer in list(range(n)) + [None]:
            hands = t.game.view(viewer)["zones"]["hand"]
            for p in range(n):
                shown = hands[p].get("components") if p == viewer else hands[p].get("revealed")
                assert [c["id"] for c in shown] == [c["id"] for c in t.game.state.zones["hand"][p]]


@pytest.mark.parametrize("n", PLAYERS)
def test_records_replay(traces, tmp_path, n):
    """A written record replays event for event (base and strict), decisions naming each
    placement by x, y and rot."""
    for t in traces(n)[:2] + traces(n, "strict")[:1]:
        path = tmp_path / f"hue-{n}-{t.seed}.jsonl"
        t.game.recorder.write(path)
        assert replay_file(str(path)) == len(t.events)


@pytest.mark.parametrize("n", PLAYERS)
def test_same_seed_same_record(hue, strict, traces, play, replay, n):
    """Same ruleset, players, seed and decisions: the same record, event for event; another
    seed deals differently."""
    for rs, t in ((hue, traces(n)[0]), (strict, traces(n, "strict")[0])):
        again = play(rs, n, t.seed, record=True)  # the same seed: the same random decisions too
        assert again.recorder.lines() == t.game.recorder.lines()
        third = replay(Game(rs, n, seed=t.seed, record=True), t.choices)
        assert third.recorder.events == t.events
        other = Game(rs, n, seed=t.seed + 1, record=True)
        assert other.recorder.lines()[:12] != t.game.recorder.lines()[:12]
