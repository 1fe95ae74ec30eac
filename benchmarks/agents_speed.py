"""CPU time of games played by search agents, against random agents' games of the same seeds (a script, not a test).

From the repo root: ``python -m benchmarks.agents_speed [--agents greedy,ismcts:30] [--games 2] [--reps 3]
[--game poison] [--json]``.

For each shipped game at one player count, the same seeds are played with every seat's agent `random` (the
baseline, measured in the same run) and with every seat's agent each search agent in turn, by
``simulate.play_game`` as ``philtre simulate --workers 1`` plays them (a game recorded where an agent reads its
information set), after one uncounted game each. The contenders take turns within each repetition, so that a busy machine slows all alike, and
the median is kept. It prints CPU seconds a game and how many random games one search agent's game costs: the
search's own work (samples, look-aheads, rollouts) and what the engine charges it (copies, listings, memory).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from philtre.dsl import load_ruleset
from philtre.interpreter.agents import parse_agent
from philtre.interpreter.simulate import game_seed, play_game

from benchmarks import run_script

GAMES = [("poison", 4), ("pok", 3), ("poisons", 4), ("hue", 2)]  # (a common player count of each)


def seconds_a_game(ruleset, players: int, agent: str, seeds) -> float:
    """CPU seconds a game of ``players`` seats all played by ``agent``, over the games of ``seeds``."""
    start = time.process_time()
    for seed in seeds:
        play_game(ruleset, players, seed, [agent] * players)
    return (time.process_time() - start) / len(seeds)


def measure(games, agents, n: int, reps: int) -> list[dict]:
    """A row a game: the median seconds a game of random agents and of each of ``agents``, over ``reps`` turns."""
    rows = []
    for name, players in games:
        ruleset = load_ruleset(name)
        seeds = [game_seed(0, i) for i in range(n)]
        contenders = ["random", *agents]
        for agent in contenders:  # (a game each first, uncounted: the ruleset's code compiled, its caches filled)
            seconds_a_game(ruleset, players, agent, [game_seed(1, 0)])
        times = {agent: [] for agent in contenders}
        for _ in range(reps):
            for agent in contenders:
                times[agent].append(seconds_a_game(ruleset, players, agent, seeds))
        medians = {agent: statistics.median(t) for agent, t in times.items()}
        rows.append({"game": name, "players": players, "games": n, "seconds": medians,
                     "random_games": {agent: medians[agent] / medians["random"] for agent in agents}})
    return rows


def main(argv=None) -> int:
    """Measure and print the table (or JSON); 2 for a bad flag."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.agents_speed", description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", default="greedy,ismcts:30", help="search agents, comma-separated (default: greedy,ismcts:30)")
    parser.add_argument("--games", type=int, default=2, help="games a contender a repetition (default: 2)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions, median kept (default: 3)")
    parser.add_argument("--game", choices=[name for name, _ in GAMES], help="one game only")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = parser.parse_args(argv)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    for agent in agents:
        try:
            parse_agent(agent)
        except ValueError as exc:
            parser.error(str(exc))
    if not agents or "random" in agents:
        parser.error("--agents names one search agent or more (random is the baseline, measured anyway)")
    if args.games < 1 or args.reps < 1:
        parser.error("--games and --reps are whole numbers of 1 or more")
    rows = measure([g for g in GAMES if args.game in (None, g[0])], agents, args.games, args.reps)
    if args.json:
        print(json.dumps({"agents": agents, "rows": rows}))
        return 0
    print("| game | players | random s/game | " + " | ".join(f"{a} s/game | x random" for a in agents) + " |")
    print("|---|---|---|" + "---|---|" * len(agents))
    for row in rows:
        cells = [f"{row['seconds'][a]:.3f} | {row['random_games'][a]:,.0f}" for a in agents]
        print(f"| {row['game']} | {row['players']} | {row['seconds']['random']:.5f} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    run_script(main)
