"""Throughput of `philtre simulate` with 1, 2, ... local worker processes (a script, not a test).

From the repo root: ``python -m benchmarks.workers [--games N] [--workers 1,2] [--reps 3] [--json]``.

Each measurement is the whole run as the command does it: worker start-up, the games,
and one SQLite row per game (into a temporary file, committed as `simulate` commits them). The same games are
played at every worker count (same seed), alternating the counts across repetitions so
a busy machine slows all alike; the median time is kept. It prints games/s per worker
count and the speed-up over one worker, and checks on the way that every worker count
gave the same summary. Other programs using the CPUs lower the speed-up: the load
average is printed beside the numbers, and so is how many CPUs' worth of time as many
plain busy-loop processes get at the same moment (the ceiling for any program). The CPU
time of each run (main process and workers) gives the speed-up the work itself allows on
idle CPUs: the extra work of more workers (start-up, passing results, the database).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time

from philtre.dsl import load_ruleset
from philtre.interpreter.runs import run_simulation
from philtre.interpreter.simulate import RunSpec

from benchmarks import run_script


def _spin(n: int = 3_000_000) -> int:
    """Pure-Python busy work: a loop of additions."""
    total = 0
    for i in range(n):
        total += i
    return total


def capacity(workers: int) -> float:
    """How many CPUs' worth of work ``workers`` busy processes get right now (``workers`` on an idle machine)."""
    import multiprocessing as mp

    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    start = time.perf_counter()
    _spin()
    one = time.perf_counter() - start
    start = time.perf_counter()
    procs = [ctx.Process(target=_spin) for _ in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    return workers * one / (time.perf_counter() - start)


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(spec, games: int, workers: int, folder: str) -> tuple:
    """(seconds, CPU seconds, summary) of one run of ``games`` games with ``workers`` workers, saved to a fresh SQLite file."""
    db = os.path.join(folder, f"w{workers}-{time.monotonic_ns()}.sqlite")
    cpu, start = _cpu(), time.perf_counter()
    summary, _ = run_simulation(spec, games, workers=workers, db=db)
    return time.perf_counter() - start, _cpu() - cpu, summary


def main(argv=None) -> int:
    """Measure and print the table (or JSON)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.workers", description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="poison")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    counts = [int(w) for w in args.workers.split(",")]
    spec = RunSpec(load_ruleset(args.ruleset), args.players, ["random"] * args.players, seed=1)
    times = {w: [] for w in counts}
    cpus = {w: [] for w in counts}
    summaries = {}
    with tempfile.TemporaryDirectory() as folder:
        measure(spec, min(args.games, 50), 1, folder)  # warm caches (layouts, imports)
        for rep in range(args.reps):
            for w in counts:
                seconds, cpu, summary = measure(spec, args.games, w, folder)
                times[w].append(seconds)
                cpus[w].append(cpu)
                summaries[w] = summary
                print(f"rep {rep + 1}: {w} worker(s) {seconds:.2f} s", file=sys.stderr)
    cores = round(capacity(max(counts)), 2)
    same = all(s == summaries[counts[0]] for s in summaries.values())
    base = args.games / statistics.median(times[counts[0]])
    cpu_one = statistics.median(cpus[counts[0]])
    rows = [{"workers": w, "seconds": round(statistics.median(times[w]), 3), "games_per_s": round(args.games / statistics.median(times[w]), 1),
             "speedup": round(args.games / statistics.median(times[w]) / base, 2),
             "cpu_seconds": round(statistics.median(cpus[w]), 3),
             # the speed-up the work allows on idle CPUs: w workers, each doing its share plus the overhead measured
             "speedup_idle_bound": round(w * cpu_one / statistics.median(cpus[w]), 2)} for w in counts]
    result = {"ruleset": args.ruleset, "players": args.players, "games": args.games, "cpus": os.cpu_count(),
              "load_average": [round(x, 2) for x in os.getloadavg()], "capacity": cores, "identical_results": same, "runs": rows}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{args.ruleset}, {args.players} players, {args.games} games per run, median of {args.reps}; "
              f"{os.cpu_count()} CPUs, load average {result['load_average'][0]}")
        print(f"{max(counts)} busy processes get {cores} CPUs' worth of time on this machine now "
              f"(the most speed-up any program could show)")
        print(f"{'workers':>7} {'seconds':>8} {'games/s':>8} {'speed-up':>8}  {'CPU s':>6} {'idle bound':>10}")
        for r in rows:
            print(f"{r['workers']:>7} {r['seconds']:>8.2f} {r['games_per_s']:>8.1f} {r['speedup']:>7.2f}x  "
                  f"{r['cpu_seconds']:>6.2f} {r['speedup_idle_bound']:>9.2f}x")
        print("idle bound: workers x (CPU time of 1 worker / CPU time of all processes), the speed-up on idle CPUs")
        print("identical results for every worker count" if same else "RESULTS DIFFER between worker counts")
    return 0 if same else 1


if __name__ == "__main__":
    run_script(main)
