"""Hand-written random playout of HUE (Chris Handy): a speed baseline for philtre.

Plain Python, standard library only, no engine code. `play` runs one full game as the
ruleset rulesets/hue/ruleset.yaml does (docs/rulings.md HUE-1..7, HUE-2's assumed card list):
deal 1 poison card and `hand_size` standard cards to each seat, lay 3 starting cards as a
staircase (card r at x = y = r, each turned 0 or 180 degrees at random), then seats take
turns from seat 0 until every hand holds one card. A decision is one card placed, drawn
uniformly from every legal (card in hand, placement {x, y, rot}) pair: the placement
covers exactly one occupied cell, or none and shares an edge with one. All 30 cards are
distinct, so each card in hand is its own option; a placement and the same cells turned
by 180 degrees are two options, as `placements(board, card)` lists them. Scoring is
HUE-6/HUE-7 on the 3 x 3 sub-cells of the visible top layer; the winner (highest score,
ties to the lowest seat) is computed too, for `check`, as philtre computes its winners.

Layout, chosen for speed. Cards are ints: poison i is i, starting card i is 5 + i,
standard (i, form) is 10 + 4 * i + form (philtre's component ids). The board is a flat
W x W grid (cell (x, y) at index (y + O) * W + x + O, large enough for any game) in
bytearrays: a weight per cell (4 covered, 1 empty with a covered edge neighbour, else 0)
and the visible face per cell (see below). Every card is a straight strip of 3 cells, so
all cards share one set of legal placements: two per legal cell triple (turned or not).
A triple is an int, start cell * 2 + (0 along x, 1 along y); it is legal iff its cells'
weights add up to 1..7 (a table look-up), and the legal ones are kept in a list with a
flag per triple and a dict of list indexes, updated after each placement only for the
38 triples whose cells it can have changed. A decision is then one random int split
into (card, triple, turned or not), with no scan of the board. A face is an interned
3 x 3 sub-cell pattern (a card cell at one orientation), split in advance into its
one-colour parts, with tables of which parts of two faces join across a shared edge;
scoring is a union-find over the parts of the visible faces. Random ints come from
int(rng.random() * n), uniform to within 2**-53 and much faster than rng.randrange;
decks are shuffled the same way (Fisher-Yates, only as far as the deal reaches).

`play_listing` is the same game written plainly: the legal triples are kept as in `play`,
and each decision lists every (card in hand, placement) pair, then picks one.

Self-check, from the repo root: ``python -m benchmarks.reference.hue`` checks a small
hand-scored board, plays 50 games of each playout at every player count (2..5) with
invariants checked, then times 1000 four-player games of each with seed 1 and prints the figures.
"""
import random

from .. import run_script
from . import time_games

W = 136  # grid side: 20 placements move the covered area at most 60 cells past the staircase
O = 66   # offset of (0, 0); triples and neighbours read up to 3 cells past the covered area
STEP = (1, W)  # next cell along a triple laid along x, resp. y
RES = 3        # HUE-6: a cell is 3 x 3 sub-cells
STANDARDS = tuple(range(10, 30))


def card_list():
    """The 30 cards as (colours, middle colour, cell patterns) by card id, derived as in the ruleset (HUE-2)."""
    cards = []
    for i in range(5):  # poison: squares [i+1, i with a skull, i+3]
        colours = [(i + 1) % 5, i, (i + 3) % 5]
        cards.append((colours, i, [colours[0], ("solid", i, True), colours[2]]))
    for i in range(5):  # starting: stripes [i+1, i, i+4]
        colours = [(i + 1) % 5, i, (i + 4) % 5]
        cards.append((colours, i, [("stripes", colours)] * 3))
    for i in range(5):
        for form in range(4):  # forms 0 and 2 solid squares, 1 and 3 stripes
            colours = [c % 5 for c in ([i, i + 1, i + 2], [i + 2, i, i + 1],
                                       [i + 2, i, i + 4], [i, i + 2, i + 4])[form]]
            cells = colours if form % 2 == 0 else [("stripes", colours)] * 3
            cards.append((colours, colours[1], cells))
    return cards


def cell_grid(pattern):
    """(values, marks) of one cell pattern at orientation 0, each 9 sub-cells row by row."""
    if isinstance(pattern, int):
        return (pattern,) * 9, (False,) * 9
    if pattern[0] == "stripes":  # stripe k fills sub-row k, running along the card
        return tuple(pattern[1][k // RES] for k in range(9)), (False,) * 9
    _, value, mark = pattern  # solid with a mark (the skull) on the centre sub-cell
    return (value,) * 9, tuple(mark and k == 4 for k in range(9))


def turn(grid, times):
    """A 3 x 3 sub-cell grid turned clockwise `times` quarter turns (y grows downwards)."""
    for _ in range(times):
        grid = tuple(grid[(RES - 1 - x) * RES + y] for y in range(RES) for x in range(RES))
    return grid


def face_parts(values, marks):
    """(part of each sub-cell, (value, size, marked) of each part): one-colour 4-connected parts of a face."""
    part_of = [-1] * 9
    parts = []
    for start in range(9):
        if part_of[start] >= 0:
            continue
        n = len(parts)
        part_of[start] = n
        stack, size, marked = [start], 0, False
        while stack:
            k = stack.pop()
            size += 1
            marked = marked or marks[k]
            y, x = divmod(k, RES)
            for ny, nx in ((y, x + 1), (y, x - 1), (y + 1, x), (y - 1, x)):
                m = ny * RES + nx
                if 0 <= ny < RES and 0 <= nx < RES and part_of[m] < 0 and values[m] == values[start]:
                    part_of[m] = n
                    stack.append(m)
        parts.append((values[start], size, marked))
    return tuple(part_of), tuple(parts)


def build_tables():
    """Card colours, faces by (card, rotation) along the strip, part tables and joins across edges."""
    faces = {}  # (values, marks) -> face id; 0 is an empty cell
    card_faces = []
    score_colours = []
    for colours, middle, cells in card_list():
        score_colours.append((colours[0], colours[1], colours[2], middle))  # HUE-7: middle twice
        for times in range(4):  # rot 0, 90, 180, 270
            along = []
            for k, pattern in enumerate(cells):
                x, y = k, 0
                for _ in range(times):
                    x, y = -y, x  # clockwise with y downwards
                values, marks = cell_grid(pattern)
                key = (turn(values, times), turn(marks, times))
                along.append((x + y, faces.setdefault(key, len(faces) + 1)))
            along.sort()  # cells in order of growing x (or y): the top-left one first
            card_faces.append(tuple(f for _, f in along))
    nf = len(faces) + 1
    part_of, parts = [None] * nf, [()] * nf
    for (values, marks), f in faces.items():
        part_of[f], parts[f] = face_parts(values, marks)
    grids = [None] * nf
    for (values, _), f in faces.items():
        grids[f] = values
    join_x, join_y = [()] * (nf * nf), [()] * (nf * nf)  # face a left of (above) face b
    for a in range(1, nf):
        for b in range(1, nf):
            va, vb, pa, pb = grids[a], grids[b], part_of[a], part_of[b]
            join_x[a * nf + b] = tuple(sorted({(pa[j * RES + RES - 1], pb[j * RES])
                                               for j in range(RES) if va[j * RES + RES - 1] == vb[j * RES]}))
            join_y[a * nf + b] = tuple(sorted({(pa[(RES - 1) * RES + i], pb[i])
                                               for i in range(RES) if va[(RES - 1) * RES + i] == vb[i]}))
    return tuple(score_colours), tuple(card_faces), nf, tuple(parts), tuple(join_x), tuple(join_y)


SCORE_COLOURS, CARD_FACES, NF, PARTS, JOIN_X, JOIN_Y = build_tables()


def reeval_offsets():
    """Per strip direction: (triple, its 3 cells) of every triple a placement can change, relative to the start cell."""
    out = []
    for o in (0, 1):
        strip = [(k, 0) if o == 0 else (0, k) for k in range(3)]
        near = set(strip)  # a triple's legality reads the weights of its own cells
        for x, y in strip:
            near.update(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
        triples = set()
        for x, y in near:
            for o2 in (0, 1):
                for k in range(3):
                    triples.add((x - k, y, o2) if o2 == 0 else (x, y - k, o2))
        rows = []
        for x, y, o2 in sorted(triples):
            a = x + y * W  # relative to the start cell; the triple id is relative to 2 * start cell
            rows.append((2 * a + o2, a, a + STEP[o2], a + 2 * STEP[o2]))
        out.append(tuple(rows))
    return tuple(out)


REEVAL = reeval_offsets()
COVERED, NEAR = 4, 1  # cell weights; an empty cell with no covered edge neighbour weighs 0
# HUE-4 by a triple's total weight: it covers exactly one cell (4..6), or none and one of
# its cells shares an edge with a covered one (1..3); 0 is out of reach, 8 up covers two
LEGAL = bytes(int(0 < n < 8) for n in range(3 * COVERED + 1))


def new_board():
    """An empty board: (weights, legal flags, top faces, covered cells, legal triples, their indexes)."""
    size = W * W
    return bytearray(size), bytearray(2 * size), bytearray(size), [], [], {}


def cell(x, y):
    """Flat index of cell (x, y)."""
    return (y + O) * W + x + O


def cover(board, card, t, flip):
    """Put card on top of triple t (turned 180 degrees if flip): the top faces, covered cells and cell weights."""
    w, _, top, cells, _, _ = board
    s = t >> 1
    d = STEP[t & 1]
    f0, f1, f2 = CARD_FACES[card * 4 + (t & 1) + 2 * flip]
    top[s] = f0
    top[s + d] = f1
    top[s + d + d] = f2
    for c in (s, s + d, s + d + d):
        if w[c] != COVERED:
            w[c] = COVERED
            cells.append(c)
            for n in (c - 1, c + 1, c - W, c + W):
                if not w[n]:
                    w[n] = NEAR


def place(board, card, t, flip):
    """Put card on top of triple t (turned 180 degrees if flip), then update the legal triples near it."""
    cover(board, card, t, flip)
    w, flag, _, _, legal, index = board
    o = t & 1
    s = t >> 1
    base = t - o
    for uo, ao, bo, co in REEVAL[o]:
        u = base + uo
        if LEGAL[w[s + ao] + w[s + bo] + w[s + co]] != flag[u]:
            if flag[u]:
                flag[u] = 0
                i = index.pop(u)
                last = legal.pop()
                if last != u:
                    legal[i] = last
                    index[last] = i
            else:
                flag[u] = 1
                index[u] = len(legal)
                legal.append(u)


def areas(top, cells):
    """HUE-6: points (sub-cells / 3) of each colour's largest area without a visible skull, by colour."""
    n = len(cells)
    slot = {c: 3 * i for i, c in enumerate(cells)}  # a face has at most 3 parts
    parent = list(range(3 * n))

    def find(i):
        """Root of part i, halving the path on the way."""
        while parent[i] != i:
            parent[i] = i = parent[parent[i]]
        return i

    for c in cells:  # join parts across the edges to the right and below
        fa = top[c] * NF
        sa = slot[c]
        sb = slot.get(c + 1)
        if sb is not None:
            for pa, pb in JOIN_X[fa + top[c + 1]]:
                ra, rb = find(sa + pa), find(sb + pb)
                if ra != rb:
                    parent[ra] = rb
        sb = slot.get(c + W)
        if sb is not None:
            for pa, pb in JOIN_Y[fa + top[c + W]]:
                ra, rb = find(sa + pa), find(sb + pb)
                if ra != rb:
                    parent[ra] = rb
    size = [0] * (3 * n)
    value = [0] * (3 * n)
    marked = bytearray(3 * n)
    for c in cells:
        s = slot[c]
        for k, (v, z, m) in enumerate(PARTS[top[c]]):
            r = find(s + k)
            size[r] += z
            value[r] = v
            if m:
                marked[r] = 1
    best = [0] * 5
    for r in range(3 * n):
        if parent[r] == r and size[r] > best[value[r]] and not marked[r]:
            best[value[r]] = size[r]
    return [b // RES for b in best]


def play(players, rng, check=None):
    """Play one full game with uniformly random legal decisions; return (scores by seat, decisions)."""
    random_ = rng.random
    hands, board, hand_size = setup(players, random_)
    legal = board[4]
    for _ in range(hand_size):  # HUE-5: all hands shrink together, so hand_size rounds
        for seat in range(players):
            hand = hands[seat]
            m = 2 * len(legal)  # every card has the same placements, two per triple
            r = int(random_() * (len(hand) * m))
            k = r // m
            r -= k * m
            card = hand[k]
            last = hand.pop()
            if k < len(hand):
                hand[k] = last
            place(board, card, legal[r >> 1], r & 1)
    return finish(players, hands, board, hand_size, check)


def setup(players, random_):
    """HUE-3: (hands, board, hand size): the deal, and the staircase laid with its legal triples kept."""
    if not 2 <= players <= 5:
        raise ValueError(f"HUE is for 2 to 5 players, not {players}")
    hand_size = 4 if players == 5 else 5
    poisons, standards, starters = [0, 1, 2, 3, 4], list(STANDARDS), [5, 6, 7, 8, 9]
    for deck, k in ((poisons, players), (standards, players * hand_size), (starters, 3)):
        n = len(deck)
        for i in range(k):  # the first k cards of a Fisher-Yates shuffle: all a deal reads
            j = i + int(random_() * (n - i))
            deck[i], deck[j] = deck[j], deck[i]
    hands = [[poisons[s]] + standards[s * hand_size:(s + 1) * hand_size] for s in range(players)]
    board = new_board()
    for r in range(3):  # card r covers row r, columns r..r+2, turned 0 or 180
        place(board, starters[r], cell(r, r) * 2, int(random_() * 2))
    return hands, board, hand_size


def finish(players, hands, board, hand_size, check):
    """Score a finished game (HUE-6, HUE-7) and find its winner as philtre does; return (scores by seat, decisions)."""
    points = areas(board[2], board[3])
    scores = []
    for hand in hands:  # HUE-7: the score card's colours, its middle one twice
        a, b, c, mid = SCORE_COLOURS[hand[0]]
        scores.append(points[a] + points[b] + points[c] + points[mid])
    winner = 0  # HUE-7: highest score; a tie goes to the lowest seat (start player first)
    for seat in range(1, players):
        if scores[seat] > scores[winner]:
            winner = seat
    decisions = players * hand_size
    if check is not None:
        check(players, hands, board, scores, winner, decisions)
    return scores, decisions


def listed_placements(legal):
    """Every legal placement (x, y, rot) of the triples `place` keeps: two each, turned by 180 degrees (listing playout)."""
    placements = []
    add = placements.append
    for t in legal:
        y, x = divmod(t >> 1, W)
        if t & 1:  # along y: 90 and 270, along x: 0 and 180, with x and y its top-left cell as in `play`
            add((x - O, y - O, 90))
            add((x - O, y - O, 270))
        else:
            add((x - O, y - O, 0))
            add((x - O, y - O, 180))
    return placements


def play_listing(players, rng, check=None):
    """Play one game as most hand-written playouts do: list every legal move, then pick one uniformly.

    The same game as `play`, written plainly: the legal triples are kept up to date by
    `place` as in `play` (a writer after speed keeps them), but each decision lists every
    legal placement and every (card in hand, placement) pair, as philtre offers them,
    then picks one. As many decisions as `play`.
    """
    random_ = rng.random
    hands, board, hand_size = setup(players, random_)
    legal = board[4]
    for _ in range(hand_size):  # HUE-5: all hands shrink together, so hand_size rounds
        for seat in range(players):
            hand = hands[seat]
            placements = listed_placements(legal)
            options = [(card, at) for card in hand for at in placements]
            card, (x, y, rot) = options[int(random_() * len(options))]
            hand.remove(card)
            place(board, card, triple(x, y, rot), rot // 180)
    return finish(players, hands, board, hand_size, check)


def triple(x, y, rot):
    """The triple a placement covers: its top-left cell * 2, + 1 if it lies along y."""
    return cell(x, y) * 2 + rot // 90 % 2


def slow_legal(covered):
    """Every legal triple, recomputed from the set of covered cells by overlap and touching (debug only)."""
    found = set()
    xs = [c % W for c in covered]
    ys = [c // W for c in covered]
    for y in range(min(ys) - 3, max(ys) + 2):
        for x in range(min(xs) - 3, max(xs) + 2):
            for o in (0, 1):
                cs = {y * W + x + k * STEP[o] for k in range(3)}
                overlap = len(cs & covered)
                touching = len({c + e for c in cs for e in (1, -1, W, -W)} & covered - cs)
                if overlap == 1 or (overlap == 0 and touching > 0):
                    found.add(2 * (y * W + x) + o)
    return found


def slow_areas(top, covered):
    """HUE-6 by a flood fill over every visible sub-cell (debug only): points by colour."""
    face_grids = {}
    for card, (_, _, patterns) in enumerate(card_list()):
        for times in range(4):
            for k, f in enumerate(CARD_FACES[card * 4 + times]):
                v, m = cell_grid(patterns[2 - k if times >= 2 else k])
                face_grids[f] = (turn(v, times), turn(m, times))
    values, marks = {}, set()
    for c in covered:
        v, m = face_grids[top[c]]
        y, x = divmod(c, W)
        for k in range(9):
            sub = (x * RES + k % RES, y * RES + k // RES)
            values[sub] = v[k]
            if m[k]:
                marks.add(sub)
    seen, best = set(), [0] * 5
    for start in values:
        if start in seen:
            continue
        seen.add(start)
        stack, size, marked = [start], 0, False
        while stack:
            x, y = stack.pop()
            size += 1
            marked = marked or (x, y) in marks
            for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nb not in seen and values.get(nb) == values[start]:
                    seen.add(nb)
                    stack.append(nb)
        if not marked:
            best[values[start]] = max(best[values[start]], size)
    assert all(b % RES == 0 for b in best), best
    return [b // RES for b in best]


def check_invariants(players, hands, board, scores, winner, decisions):
    """Debug check at a game's end: hands, covered cells and weights, legal triples, scores, winner."""
    w, flag, top, cells, legal, index = board
    hand_size = 4 if players == 5 else 5
    assert all(len(h) == 1 for h in hands), hands
    assert decisions == players * hand_size, decisions
    covered = {c for c in range(W * W) if w[c] == COVERED}
    assert covered == set(cells) == {c for c in range(W * W) if top[c]}, "covered cells disagree"
    assert len(cells) == len(covered) and 9 <= len(cells) <= 3 * (3 + decisions), len(cells)
    for c in cells:
        y, x = divmod(c, W)
        assert 4 <= x < W - 4 and 4 <= y < W - 4, f"cell {x - O}, {y - O} too near the grid's edge"
    near = {c + e for c in covered for e in (1, -1, W, -W)} - covered
    assert {c for c in range(W * W) if w[c] == NEAR} == near, "cell weights disagree"
    assert len(legal) == len(index) == sum(flag) and all(index[t] == i and flag[t] for i, t in enumerate(legal))
    assert set(legal) == slow_legal(covered), "the legal triples kept up to date are wrong"
    points = slow_areas(top, covered)
    assert areas(top, cells) == points, (areas(top, cells), points)
    expect = [sum(points[k] for k in SCORE_COLOURS[h[0]]) for h in hands]
    assert scores == expect, (scores, expect)
    assert max(range(players), key=lambda s: (scores[s], -s)) == winner, (scores, winner)


def example():
    """A hand-scored board: a colour area joined across cards, then poisoned by a skull."""
    board = new_board()
    top, cells = board[2], board[3]
    place(board, 10, cell(0, 0) * 2, 0)      # solid [0, 1, 2] along x at (0, 0)
    place(board, 11, cell(3, 0) * 2 + 1, 1)  # stripes [2, 0, 1] at rot 270: columns 2, 0, 1
    # colour 2: the solid square (9 sub-cells) joins the stripe down x = 3 (9) -> 6 points
    assert areas(top, cells) == [3, 3, 6, 0, 0], areas(top, cells)
    place(board, 2, cell(2, 3) * 2, 0)       # poison [3, 2 skull, 0] along x at (2, 3)
    # the skull square touches the stripe of colour 2 from below: that area scores 0
    assert areas(top, cells) == [3, 3, 0, 3, 0], areas(top, cells)
    assert areas(top, cells) == slow_areas(top, set(cells))


def main():
    """Check a hand-scored board and both playouts' invariants at 2..5 players, then time 1000 four-player games of each (seed 1)."""
    example()
    for playout in (play, play_listing):
        for players in (2, 3, 4, 5):
            rng = random.Random(players)
            for _ in range(50):
                playout(players, rng, check_invariants)
    time_games("hue", play, None)
    time_games("hue, listing every legal move", play_listing, None)

if __name__ == "__main__":
    run_script(main)
