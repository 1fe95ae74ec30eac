"""How fast generated code could play POK and Poisons at best, in philtre's data layout and in zones of kinds.

Each game here is written by hand against philtre's own state (components as dicts, zones as
lists, the `where` map of each component's zone, the face-up set, scores and round scores),
as the best generated code for that layout would be written: no frames, no step limit, no
work budget, no memo, no option objects, every expression written out for its one game.
Each plays the very game `Game.play_out` plays from a new `Game` with the same picks
(`tests/test_benchmarks.py` checks it, seed by seed), so the figures compare like with like.

`pok_kinds` and `poisons_kinds` play the same games again in another layout, one a compiler could make for the
ruleset (`Kinds`): a zone is the list of its components' kinds (small ints, as the listing references keep their
hands) with their idents beside, an attribute a table look-up by kind, a component's zone a number; and in the
same without the idents (`Anonymous`: what keeping them costs). They bound what such a layout would let generated
code reach: their games are laid out before the clock starts, and a new `Game`'s time is added to theirs.

``python -m benchmarks.layout_bound`` prints, median of several runs in one process: games/s
of philtre's `play_out`, of these hand-written playouts in the three layouts (the new `Game` included, as
the benchmark includes it for philtre), of `Game(...)` alone, and of the listing reference of
`benchmarks.reference`, with the ratios to the listing reference. Where the hand-written
playouts stay near or under one half of that reference in every layout that keeps the
components' idents, no compiler of the flow and the expressions can reach issue 8's target
while philtre names its components (see docs/performance.md, "What would go further in this
design").
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks import run_script
from benchmarks.reference import poisons as poisons_reference
from benchmarks.reference import pok as pok_reference
from philtre.dsl import load_ruleset
from philtre.interpreter import Game


def _distinct_pick(zone, random_):
    """A uniform pick among the zone's components listed once per signature, in zone order, as the engine lists them."""
    seen, options = set(), []
    for comp in zone:
        if comp.signature not in seen:
            seen.add(comp.signature)
            options.append(comp)
    return options[int(random_() * len(options))]


def _move(S, comp, target) -> None:
    """One component to `target`, as the engine's move does: out of its zone, appended, its place kept, face down."""
    key = S.where[comp.ident]
    S.zones[key[0]][key[1]].remove(comp)
    target.append(comp)
    S.where[comp.ident] = target.key
    S.revealed.discard(comp.ident)


def _move_all(S, zone, target) -> None:
    """Every component of `zone` to `target`, in order."""
    for comp in zone:
        S.where[comp.ident] = target.key
        S.revealed.discard(comp.ident)
    target.extend(zone)
    zone.clear()


def pok(game: Game, random_) -> int:
    """Play a new POK game to its end (rulesets/pok, POK-1..5); return its decisions."""
    S = game.state
    hand, shown, box = S.zones["hand"], S.zones["shown"], S.zones["box"][0]
    scores, players, n = S.scores, S.players, S.nplayers
    faces = [(name, die.faces) for name, die in game.ruleset.dice.items()]
    decisions = 0
    while True:  # the round's first roll was made by Game(): each pass starts at the step
        picks = [_distinct_pick(hand[p], random_) for p in players]
        decisions += n
        for p in players:
            _move(S, picks[p], shown[p])
        symbol = [zone[0].plain["shape"] if zone else None for zone in shown]
        met = [d["symbol"] for d in S.dice.values() if d["count"] > 0 and symbol.count(d["symbol"]) == d["count"]]
        if met:  # POK-4: each die judged alone
            over = [p for p in players if symbol[p] in met]
        else:
            on = {d["symbol"] for d in S.dice.values() if d["count"] > 0}
            off = [p for p in players if symbol[p] not in on]
            over = off if len(off) < n else []
        for p in over:
            _move_all(S, shown[p], box)
            scores[p] += 1
            S.round_scores[-1][p] += 1
        for p in players:
            _move_all(S, shown[p], hand[p])
        stalemate = n >= 4 and all(len(h) == 2 for h in hand) and len({c.plain["shape"] for h in hand for c in h}) == 1
        if max(scores) >= 5 or stalemate:  # POK-5
            break
        S.round += 1
        S.round_scores.append([0] * n)
        for name, die_faces in faces:
            S.dice[name] = die_faces[S.flow.rng._randbelow(len(die_faces))]
    return decisions


def poisons(game: Game, random_) -> int:
    """Play a new Poisons game to its end (rulesets/poisons, POISONS-1..7); return its decisions."""
    S = game.state
    hand, goblet, showing, pile = S.zones["hand"], S.zones["goblet"], S.zones["showing"], S.zones["pile"]
    discard, variables = S.zones["discard"][0], S.vars
    scores, players, n = S.scores, S.players, S.nplayers
    decisions = 0
    first = True  # Game() flipped the first round's cards and set its first pass
    while True:
        for s in range(variables["pass"] - 1 if first else 0, n - 1):  # POISONS-2: the passes
            if not first:
                variables["pass"] = s + 1
            first = False
            picks = [_distinct_pick(hand[p], random_) for p in players]
            decisions += n
            for p in players:
                _move(S, picks[p], goblet[(p - variables["pass"]) % n])
        chosen = [[goblet[p]] if int(random_() * 2) else [] for p in players]  # POISONS-3: subsets of one goblet
        decisions += n
        drunk = variables["drunk"]
        for p in players:
            drunk = drunk + chosen[p]
        variables["drunk"] = drunk
        for zone in drunk:  # POISONS-7
            S.revealed.update(c.ident for c in zone)
        for p in players:
            cup = goblet[p]
            if cup in drunk:
                poisoned = any(c.kind == "drink" and c.plain["kind"] == "poison" for c in cup)
                points = 0 if poisoned else showing[p][0].plain["value"]
            else:
                points = 1
            points = max(0, scores[p] + points) - scores[p]
            scores[p] += points
            S.round_scores[-1][p] += points
        for zone in showing:
            _move_all(S, zone, discard)
        for comp in [c for cup in goblet for c in cup]:
            _move(S, comp, hand[comp.plain["owner"]])
        if S.round == 4:  # POISONS-4
            break
        S.round += 1
        S.round_scores.append([0] * n)
        for i, zone in enumerate(pile):
            _move(S, zone[-1], showing[i])
        variables["drunk"] = []
    return decisions


class Kinds:
    """A game's state in a layout compiled for the ruleset: each zone two lists, its components' kinds and idents.

    A kind is the component's signature (a small int: components of one kind are told apart by no expression), so
    a listing of identical components once compares ints, and an attribute is a table look-up by kind. The idents
    are kept beside, in the same order (records and views name them, and which of identical components moves decides
    later listings' order); `where[ident]` is the number of the component's zone. Zones are numbered in the order of
    `S.zones`. Made from a new `Game`'s state before the clock starts (an engine in this layout would make its games
    in it); `put_back` writes it back into that state once the game is over, so that the games can be compared.
    """

    def __init__(self, game: Game):
        self.game, self.S = game, game.state
        S = self.S
        self.keys = [zone.key for family in S.zones.values() for zone in family]
        number = {key: i for i, key in enumerate(self.keys)}
        self.kinds = [[c.signature for c in zone] for family in S.zones.values() for zone in family]
        self.ids = [[c.ident for c in zone] for family in S.zones.values() for zone in family]
        self.where = [number[key] for key in S.where]
        self.first = {name: number[family[0].key] if family else None for name, family in S.zones.items()}
        # each die's faces as (symbol, count) by a number a ruleset gives its words, and its face showing by index
        self.faces = [[(SYMBOLS[f["symbol"]], f["count"]) for f in die.faces] for die in game.ruleset.dice.values()]
        self.dice = [die.faces.index(S.dice[name]) for name, die in game.ruleset.dice.items()]
        self.tables = ()  # what the playout reads by kind (KINDS)

    def kind_table(self, attribute) -> list:
        """A kind's value of `attribute` (None where it has none), by kind: what a compiler would make once a ruleset."""
        table = [None] * (1 + max(c.signature for c in self.S.components))
        for c in self.S.components:
            table[c.signature] = c.plain.get(attribute)
        return table

    def move(self, z: int, i: int, t: int) -> None:
        """The component at index `i` of zone number `z` to the end of zone number `t`, face down."""
        ident = self.ids[z].pop(i)
        self.ids[t].append(ident)
        self.kinds[t].append(self.kinds[z].pop(i))
        self.where[ident] = t
        if self.S.revealed:
            self.S.revealed.discard(ident)

    def move_all(self, z: int, t: int) -> None:
        """Every component of zone number `z` to the end of zone number `t`, in order, face down."""
        ids, where, revealed = self.ids[z], self.where, self.S.revealed
        for ident in ids:
            where[ident] = t
        if revealed:
            revealed.difference_update(ids)
        self.ids[t] += ids
        self.kinds[t] += self.kinds[z]
        ids.clear()
        self.kinds[z].clear()

    def reveal(self, z: int) -> None:
        """Zone number `z`'s components face up."""
        self.S.revealed.update(self.ids[z])

    def put_back(self) -> None:
        """Philtre's zones, `where` and dice made from this layout (the end of a playout, for the comparison)."""
        S, comps = self.S, self.S.components
        zones = [zone for family in S.zones.values() for zone in family]
        for zone, ids in zip(zones, self.ids):
            zone[:] = [comps[i] for i in ids]
        S.where[:] = [self.keys[z] for z in self.where]
        for (name, die), face in zip(self.game.ruleset.dice.items(), self.dice):
            S.dice[name] = die.faces[face]


class Anonymous(Kinds):
    """The `Kinds` layout without idents: zones of kinds alone, as the listing references keep them; what idents cost.

    Its games are the same as far as kinds tell (decisions, scores, round scores), but which component is where is
    lost, and with it the face-up set and the records' and views' names: a layout no engine keeping components could
    have, only a bound."""

    def move(self, z: int, i: int, t: int) -> None:
        """The component at index `i` of zone number `z` to the end of zone number `t`."""
        self.kinds[t].append(self.kinds[z].pop(i))

    def move_all(self, z: int, t: int) -> None:
        """Every component of zone number `z` to the end of zone number `t`, in order."""
        self.kinds[t] += self.kinds[z]
        self.kinds[z].clear()

    def reveal(self, z: int) -> None:
        """Nothing to turn face up without idents."""


SYMBOLS = {"disc": 0, "square": 1, "triangle": 2, "blank": 3}  # (POK's words as numbers, as a compiler would number them)


def _distinct_kind_pick(kinds, random_) -> int:
    """The index of a uniform pick among the first of each kind in `kinds`, in zone order, as the engine lists them."""
    seen, options = [], []
    for i, kind in enumerate(kinds):
        if kind not in seen:
            seen.append(kind)
            options.append(i)
    return options[int(random_() * len(options))]


def _below(getrandbits, n: int) -> int:
    """A whole number under `n` drawn as `Random._randbelow` draws it (the same bits), without its Python call."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def pok_tables(K: Kinds) -> tuple:
    """What `pok_kinds` reads by kind: its shape as a number."""
    return [SYMBOLS.get(v) for v in K.kind_table("shape")],


def pok_kinds(K: Kinds, random_) -> int:
    """Play a new POK game to its end as `pok` does, in the layout of `K`."""
    S = K.S
    shape, = K.tables
    hand, shown, box = K.first["hand"], K.first["shown"], K.first["box"]
    kinds, scores, n, faces, dice, move, move_all = K.kinds, S.scores, S.nplayers, K.faces, K.dice, K.move, K.move_all
    seats = range(n)
    getrandbits, decisions = S.flow.rng.getrandbits, 0
    while True:
        picks = [_distinct_kind_pick(kinds[hand + p], random_) for p in seats]
        decisions += n
        for p in seats:
            move(hand + p, picks[p], shown + p)
        symbol = [shape[kinds[shown + p][0]] if kinds[shown + p] else None for p in seats]
        showing = [faces[d][face] for d, face in enumerate(dice)]
        met = [s for s, count in showing if count > 0 and symbol.count(s) == count]
        if met:  # POK-4: each die judged alone
            over = [p for p in seats if symbol[p] in met]
        else:
            on = {s for s, count in showing if count > 0}
            off = [p for p in seats if symbol[p] not in on]
            over = off if len(off) < n else []
        for p in over:
            move_all(shown + p, box)
            scores[p] += 1
            S.round_scores[-1][p] += 1
        for p in seats:
            move_all(shown + p, hand + p)
        stalemate = n >= 4 and all(len(kinds[hand + p]) == 2 for p in seats) and len(
            {shape[k] for p in seats for k in kinds[hand + p]}) == 1
        if max(scores) >= 5 or stalemate:  # POK-5
            break
        S.round += 1
        S.round_scores.append([0] * n)
        dice[:] = [_below(getrandbits, len(die_faces)) for die_faces in faces]
    return decisions


def poisons_tables(K: Kinds) -> tuple:
    """What `poisons_kinds` reads by kind: whether it is a poison, its owner, its value."""
    return [v == "poison" for v in K.kind_table("kind")], K.kind_table("owner"), K.kind_table("value")


def poisons_kinds(K: Kinds, random_) -> int:
    """Play a new Poisons game to its end as `poisons` does, in the layout of `K` (`drunk` by seat until put back)."""
    S = K.S
    poison, owner, value = K.tables
    hand, goblet, showing, pile = K.first["hand"], K.first["goblet"], K.first["showing"], K.first["pile"]
    discard, variables, kinds, move, move_all = K.first["discard"], S.vars, K.kinds, K.move, K.move_all
    scores, n = S.scores, S.nplayers
    seats = range(n)
    decisions, first = 0, True  # Game() flipped the first round's cards and set its first pass
    while True:
        for s in range(variables["pass"] - 1 if first else 0, n - 1):  # POISONS-2: the passes
            if not first:
                variables["pass"] = s + 1
            first = False
            picks = [_distinct_kind_pick(kinds[hand + p], random_) for p in seats]
            decisions += n
            for p in seats:
                move(hand + p, picks[p], goblet + (p - variables["pass"]) % n)
        drunk = [p for p in seats if int(random_() * 2)]  # POISONS-3: subsets of one goblet
        decisions += n
        for p in drunk:  # POISONS-7
            K.reveal(goblet + p)
        drank = set(drunk)
        for p in seats:
            if p in drank:
                points = 0 if any(poison[k] for k in kinds[goblet + p]) else value[kinds[showing + p][0]]
            else:
                points = 1
            points = max(0, scores[p] + points) - scores[p]
            scores[p] += points
            S.round_scores[-1][p] += points
        for p in seats:
            move_all(showing + p, discard)
        for p in seats:
            cup = kinds[goblet + p]
            while cup:
                move(goblet + p, 0, hand + owner[cup[0]])
        if S.round == 4:  # POISONS-4
            break
        S.round += 1
        S.round_scores.append([0] * n)
        for p in seats:
            move(pile + p, len(kinds[pile + p]) - 1, showing + p)
    variables["drunk"] = drunk  # (by seat: put_back_drunk makes them zones)
    return decisions


def put_back_drunk(K: Kinds) -> None:
    """Poisons' `drunk` as philtre keeps it, the goblets drunk (after `Kinds.put_back`)."""
    K.S.vars["drunk"] = [K.S.zones["goblet"][p] for p in K.S.vars["drunk"]]


def laid_out(name: str, game: Game, layout=Kinds) -> Kinds:
    """A new `game` of `name` in `layout` (`Kinds` or `Anonymous`), with the tables its playout reads."""
    K = layout(game)
    K.tables = KINDS[name][0](K)
    return K


def in_kinds(name: str, game: Game, random_) -> int:
    """The playout of a new `game` of `name` in the `Kinds` layout, written back into its state when over; its decisions."""
    K = laid_out(name, game)
    decisions = KINDS[name][1](K, random_)
    K.put_back()
    if name == "poisons":
        put_back_drunk(K)
    return decisions


KINDS = {"pok": (pok_tables, pok_kinds), "poisons": (poisons_tables, poisons_kinds)}  # a game: its tables and playout


PLAYOUTS = {"pok": (pok, pok_reference, (3, 5, 7)), "poisons": (poisons, poisons_reference, (4, 6, 8))}


# the contenders, as the table names them: philtre, the hand-written playouts in three layouts, a new game, the reference
CONTENDERS = ("philtre", "by hand", "kinds", "no idents", "Game() alone", "listing")
LAID_OUT = {"kinds": Kinds, "no idents": Anonymous}  # a contender playing games laid out before the clock starts


def rates(name: str, players: int, games: int) -> dict:
    """Seconds of CPU time for `games` games of each contender, one run each.

    The playouts in the `Kinds` and `Anonymous` layouts play games laid out before the clock starts (an engine in
    such a layout would make its games in it), so `Game()` alone's time is added to theirs: the cost of a new game
    as philtre makes it stands for theirs."""
    ruleset = load_ruleset(name)
    by_hand, reference, _ = PLAYOUTS[name]
    playout = KINDS[name][1]

    def run(label):
        """One contender's games."""
        random_ = random.Random(1).random
        if label == "philtre":
            for i in range(games):
                Game(ruleset, players, seed=i).play_out(random=random_)
        elif label == "by hand":
            for i in range(games):
                by_hand(Game(ruleset, players, seed=i), random_)
        elif label in LAID_OUT:
            for K in laid_out_games[label]:
                playout(K, random_)
        elif label == "Game() alone":
            for i in range(games):
                Game(ruleset, players, seed=i)
        else:
            rng = random.Random(1)
            for _ in range(games):
                reference.play_listing(players, rng)

    laid_out_games = {label: [laid_out(name, Game(ruleset, players, seed=i), layout) for i in range(games)]
                      for label, layout in LAID_OUT.items()}
    seconds = {}
    for label in CONTENDERS:
        start = time.process_time()
        run(label)
        seconds[label] = time.process_time() - start
    for label in LAID_OUT:
        seconds[label] += seconds["Game() alone"]
    return seconds


def main(argv=None) -> int:
    """Print the table: games/s of each contender and ratios to the listing reference, median of --reps runs."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.layout_bound", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, metavar="N", help="games a run (default 300)")
    parser.add_argument("--reps", type=int, default=5, metavar="R", help="runs, alternating, median kept (default 5)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.reps < 1:
        parser.error("--games and --reps must be at least 1")
    compared = CONTENDERS[:4]
    print("| game | players | " + " | ".join(f"{label} games/s" for label in CONTENDERS) + " | "
          + " | ".join(f"{label} / listing" for label in compared) + " |")
    print("|---|---|" + "---|" * (len(CONTENDERS) + len(compared)))
    for name, (_, _, counts) in PLAYOUTS.items():
        for players in counts:
            runs = [rates(name, players, args.games) for _ in range(args.reps)]
            per_second = {label: args.games / statistics.median(run[label] for run in runs) for label in CONTENDERS}
            print(f"| {name} | {players} | " + " | ".join(f"{per_second[label]:,.0f}" for label in CONTENDERS) + " | "
                  + " | ".join(f"{per_second[label] / per_second['listing']:.3f}" for label in compared) + " |",
                  flush=True)
    return 0


if __name__ == "__main__":
    run_script(main)
