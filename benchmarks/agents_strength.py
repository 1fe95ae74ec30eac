"""How much stronger than random the search agent is, game by game.

From the repo root: ``python -m benchmarks.agents_strength [--games 200] [--iterations N]
[--case poison ...] [--jobs 2] [--markdown]``.

For every case (a shipped game, its variants, a player count) it plays ``--games`` games
of one ``ismcts:ITERATIONS`` agent against random agents in all other seats. The search
agent's seat rotates (game i: seat i mod n), so seat advantages cancel out and the random
baseline is exactly 1/n. A game won by k players counts 1/k for each (the engine's win
share). The 95% interval is Wilson's, over the share total as successes out of the games.

Results go to stdout (a table, or the markdown table docs/agents.md shows); progress to
stderr. A script, not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from philtre.dsl import load_ruleset
from philtre.interpreter.simulate import game_seed, play_game

from benchmarks import run_script

# (name shown, ruleset, variants, players, iterations): the default budget (200) where a
# game's random playouts are fast; less where one playout costs much more (Poison is long,
# HUE offers hundreds of placements a turn), to keep a 200-game run short (about 12 minutes on two cores, 2026-12-01).
CASES = (
    ("poison", "poison", (), 4, 50),
    ("pok", "pok", (), 4, 200),
    ("poisons", "poisons", (), 4, 200),
    ("poisons advanced", "poisons", ("advanced",), 4, 200),
    ("hue", "hue", (), 4, 20),
)
Z95 = 1.959964
_RULESETS: dict = {}


def wilson(successes: float, n: int, z: float = Z95) -> tuple:
    """Wilson's score interval for a proportion (successes may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _ruleset(name, variants):
    """Each worker loads a ruleset once."""
    key = (name, variants)
    if key not in _RULESETS:
        _RULESETS[key] = load_ruleset(name, variants)
    return _RULESETS[key]


def play_one(job) -> tuple:
    """One game: (the search agent's win share, seconds)."""
    name, variants, players, agent, index, seed = job
    seat = index % players
    agents = ["random"] * players
    agents[seat] = agent
    started = time.perf_counter()
    game = play_game(_ruleset(name, variants), players, game_seed(seed, index), agents)
    share = 1 / len(game.winners) if seat in game.winners else 0.0
    return share, time.perf_counter() - started


def measure(case, games: int, agent: str, seed: int, jobs: int) -> dict:
    """Play one case's games; return its row of the table."""
    label, name, variants, players, _ = case
    work = [(name, variants, players, agent, i, seed) for i in range(games)]
    results = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for r in pool.map(play_one, work, chunksize=1):
                results.append(r)
                _progress(label, len(results), games)
    else:
        for job in work:
            results.append(play_one(job))
            _progress(label, len(results), games)
    total = sum(share for share, _ in results)
    low, high = wilson(total, games)
    return {"case": label, "players": players, "agent": agent, "games": games, "win_share": total / games,
            "ci_low": low, "ci_high": high, "baseline": 1 / players,
            "seconds_per_game": sum(t for _, t in results) / games}


def _progress(label, done, games) -> None:
    """A progress line on stderr."""
    print(f"\r{label}: {done}/{games}", end="\n" if done == games else "", file=sys.stderr, flush=True)


def format_rows(rows, markdown: bool) -> str:
    """The table: per case, the search agent's win share with its 95% interval against 1/n."""
    head = ("game", "players", "agent", "games", "win share", "95% CI", "random (1/n)", "s/game")
    lines = []
    for r in rows:
        lines.append((r["case"], str(r["players"]), r["agent"], str(r["games"]), f"{r['win_share']:.3f}",
                      f"{r['ci_low']:.3f}-{r['ci_high']:.3f}", f"{r['baseline']:.3f}", f"{r['seconds_per_game']:.1f}"))
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(line) + " |" for line in lines]
        return "\n".join(out)
    widths = [max(len(x) for x in col) for col in zip(head, *lines)]
    return "\n".join("  ".join(x.ljust(w) for x, w in zip(line, widths)) for line in [head] + lines)


def main(argv=None) -> None:
    """Parse the options, run the cases, print the table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.agents_strength", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=None, help="ismcts iterations per decision (default: per game, see CASES)")
    parser.add_argument("--case", action="append", help="only these cases (by the name shown; repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games in parallel")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    cases = [c for c in CASES if not args.case or c[0] in args.case]
    rows = [measure(c, args.games, f"ismcts:{args.iterations or c[4]}", args.seed, args.jobs) for c in cases]
    print(format_rows(rows, args.markdown))


if __name__ == "__main__":
    run_script(main)
