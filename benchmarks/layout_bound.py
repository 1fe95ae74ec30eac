"""How fast a compiler that kept philtre's data layout could play POK and Poisons at best.

Each game here is written by hand against philtre's own state (components as dicts, zones as
lists, the `where` map of each component's zone, the face-up set, scores and round scores),
as the best generated code for that layout would be written: no frames, no step limit, no
work budget, no memo, no option objects, every expression written out for its one game.
Each plays the very game `Game.play_out` plays from a new `Game` with the same picks
(`tests/test_benchmarks.py` checks it, seed by seed), so the figures compare like with like.

``python -m benchmarks.layout_bound`` prints, median of several runs in one process: games/s
of philtre's `play_out`, of these hand-written playouts (the new `Game` included, as the
benchmark includes it for philtre), of `Game(...)` alone, and of the listing reference of
`benchmarks.reference`, with the ratios to the listing reference. Where the hand-written
playout stays near or under one half of that reference, no compiler of the flow and the
expressions can reach issue 8's target without another layout (see docs/performance.md,
"What would go further in this design").
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

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


PLAYOUTS = {"pok": (pok, pok_reference, (3, 5, 7)), "poisons": (poisons, poisons_reference, (4, 6, 8))}


def rates(name: str, players: int, games: int) -> dict:
    """Seconds of CPU time for `games` games of each contender, one run each."""
    ruleset = load_ruleset(name)
    by_hand, reference, _ = PLAYOUTS[name]

    def engine():
        random_ = random.Random(1).random
        for i in range(games):
            Game(ruleset, players, seed=i).play_out(random=random_)

    def layout():
        random_ = random.Random(1).random
        for i in range(games):
            by_hand(Game(ruleset, players, seed=i), random_)

    def new_games():
        for i in range(games):
            Game(ruleset, players, seed=i)

    def listing():
        rng = random.Random(1)
        for _ in range(games):
            reference.play_listing(players, rng)

    seconds = {}
    for label, run in (("philtre", engine), ("by hand in its layout", layout), ("Game() alone", new_games),
                       ("listing reference", listing)):
        start = time.process_time()
        run()
        seconds[label] = time.process_time() - start
    return seconds


def main(argv=None) -> int:
    """Print the table: games/s of each contender and ratios to the listing reference, median of --reps runs."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.layout_bound", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, metavar="N", help="games a run (default 300)")
    parser.add_argument("--reps", type=int, default=5, metavar="R", help="runs, alternating, median kept (default 5)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.reps < 1:
        parser.error("--games and --reps must be at least 1")
    print("| game | players | philtre | by hand in its layout | Game() alone | listing reference "
          "| philtre / listing | by hand / listing |")
    print("|---|---|---|---|---|---|---|---|")
    for name, (_, _, counts) in PLAYOUTS.items():
        for players in counts:
            runs = [rates(name, players, args.games) for _ in range(args.reps)]
            per_second = {label: args.games / statistics.median(run[label] for run in runs) for label in runs[0]}
            ref = per_second["listing reference"]
            print(f"| {name} | {players} | " + " | ".join(f"{v:,.0f}" for v in per_second.values())
                  + f" | {per_second['philtre'] / ref:.3f} | {per_second['by hand in its layout'] / ref:.3f} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
