"""Where a random playout's bytecodes go: how many it runs a game, and how much bytecode it runs through, by function.

``python -m benchmarks.bytecodes pok 3`` plays a few games of a shipped ruleset in philtre, in the hand-written
playout in philtre's layout of ``benchmarks.layout_bound`` (POK and Poisons) and in the listing reference of
``benchmarks.reference``, with the same seeds, and prints for each the bytecodes run a game and the distinct
64-byte lines of bytecode (inline caches included) they were read from, by function. It traces every bytecode
(``sys.settrace``), so it runs about 50 times slower than the games: a profile of where the work is, not a timing.

Why both figures: a bytecode costs about the same wherever it runs, but bytecode run once a game is read from
beyond the first-level cache each time, and the objects it names with it. philtre's four-player Poisons runs
about 1.6 times the bytecodes of the playout by hand and reads them from 2.2 times the lines; it runs its
instructions (callgrind) about 0.7 times as fast as the playout by hand runs its own (docs/performance.md,
"What would go further in this design"). So a change that runs fewer bytecodes, in fewer and smaller functions,
gains more on the clock than its count of instructions says.
"""

from __future__ import annotations

import argparse
import collections
import opcode
import random
import sys

from benchmarks import layout_bound, run_script
from benchmarks.reference import hue, poison, poisons, pok
from philtre.dsl import load_ruleset
from philtre.interpreter import Game

LISTINGS = {"poison": poison.play_listing, "pok": pok.play_listing, "poisons": poisons.play_listing, "hue": hue.play_listing}
LINE = 64  # bytes of a cache line
_CACHES = opcode._inline_cache_entries  # (code units of inline cache after each instruction, by opcode: Python 3.11)


class Tally:
    """Bytecodes run, calls, and lines of bytecode read, by function, over the games traced."""

    def __init__(self):
        self.ran = collections.Counter()
        self.calls = collections.Counter()
        self.lines = collections.Counter()  # summed over games: each game's distinct lines
        self._game_lines = collections.defaultdict(set)
        self._bytes = {}  # code -> its bytecode (co_code makes a new copy at each read)

    def trace(self, frame, event, arg):
        """sys.settrace's function: counts each call, and each bytecode with the lines it and its caches span."""
        frame.f_trace_opcodes = True
        code = frame.f_code
        if event == "opcode":
            self.ran[code] += 1
            start = frame.f_lasti
            raw = self._bytes.get(code) or self._bytes.setdefault(code, code.co_code)
            end = start + 1 + 2 * _CACHES[raw[start]]
            self._game_lines[code].update(range(start // LINE, end // LINE + 1))
        elif event == "call":
            self.calls[code] += 1
        return self.trace

    def game(self, play) -> None:
        """Trace one game, `play()`, and add the lines it read to the totals."""
        sys.settrace(self.trace)
        try:
            play()
        finally:
            sys.settrace(None)
        for code, lines in self._game_lines.items():
            self.lines[code] += len(lines)
        self._game_lines.clear()


def traced(plays) -> Tally:
    """A Tally of the games of `plays`, functions of no argument each playing one game."""
    tally = Tally()
    for play in plays:
        tally.game(play)
    return tally


def contenders(name: str, ruleset, players: int, games: int) -> dict:
    """For each contender, the functions playing its games of `ruleset` (`name`'s): the same seeds, picks from one
    generator each."""
    philtre_random, hand_random, listing_rng = (random.Random(1) for _ in range(3))
    plays = {"philtre": [lambda seed=seed: Game(ruleset, players, seed=seed).play_out(random=philtre_random.random)
                         for seed in range(games)]}
    if name in layout_bound.PLAYOUTS:
        by_hand = layout_bound.PLAYOUTS[name][0]
        plays["by hand"] = [lambda seed=seed: by_hand(Game(ruleset, players, seed=seed), hand_random.random)
                            for seed in range(games)]
    plays["listing"] = [lambda: LISTINGS[name](players, listing_rng) for _ in range(games)]
    return plays


def where(code) -> str:
    """A function's name and where it is defined: file (or generated source's name) and first line."""
    return f"{code.co_name} ({code.co_filename.rsplit('/', 1)[-1]}:{code.co_firstlineno})"


def report(label: str, tally: Tally, games: int, top: int) -> list[str]:
    """The lines printed for one contender: its totals a game, then its `top` functions by bytecodes run."""
    out = [f"{label}: {sum(tally.ran.values()) / games:,.0f} bytecodes a game, {sum(tally.lines.values()) / games:,.0f}"
           f" lines of bytecode ({sum(tally.lines.values()) * LINE / games / 1024:.1f} KB), {sum(tally.calls.values()) / games:,.0f} calls",
           "  bytecodes   lines   calls  function (a game)"]
    for code, ran in tally.ran.most_common(top):
        out.append(f"  {ran / games:9,.0f} {tally.lines[code] / games:7.1f} {tally.calls[code] / games:7.1f}  {where(code)}")
    return out


def main(argv=None) -> int:
    """Print each contender's bytecodes and lines of bytecode a game, by function."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bytecodes", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(LISTINGS), help="a shipped ruleset")
    parser.add_argument("players", type=int, help="how many players")
    parser.add_argument("--games", type=int, default=20, metavar="N", help="games traced (default 20)")
    parser.add_argument("--top", type=int, default=15, metavar="K", help="functions listed a contender (default 15)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.top < 0:
        parser.error("--games must be at least 1 and --top at least 0")
    ruleset = load_ruleset(args.game)
    if args.players not in ruleset.player_counts:
        parser.error(f"{ruleset.allowed_players()}, not {args.players}")
    for play in contenders(args.game, ruleset, args.players, 2).values():  # (every cache warm: what is traced is the games)
        for one in play:
            one()
    for label, plays in contenders(args.game, ruleset, args.players, args.games).items():
        print("\n".join(report(label, traced(plays), args.games, args.top)), end="\n\n", flush=True)
    return 0


if __name__ == "__main__":
    run_script(main)
