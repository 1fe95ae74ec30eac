"""Speed and footprint of philtre, measured against hand-written plain-Python playouts.

From the repo root: ``python -m benchmarks.run [--quick] [--json] [--games N] [--budget S] [--repeat N] [--game NAME]``.

What one run measures (a script, not a test: nothing here asserts on a timing):

- random playouts, philtre against ``benchmarks/reference`` (Poison at 3..6 players, POK
  at 3, 5 and 7, Poisons at 4, 6 and 8, HUE at 2, 4 and 5): games/s and decisions/s for
  each, and philtre/reference in games/s, against two references per game: the fast one
  (``play``: the layout the game allows, bit masks and counts, no list of moves) and a
  plainer one that lists every legal option at each decision as philtre offers them, then
  picks one (``play_listing``), as most hand-written playouts do.
  Each measurement plays the same games (same seeds, same choice RNG) three times
  (``--repeat N``: more on a busy machine) and keeps the median time; philtre's and the
  references' repetitions alternate, so a busy machine slows all alike. By default the
  number of games is calibrated so that one repetition takes about ``--budget`` seconds
  (1.0; 0.1 with ``--quick``); ``--games N`` fixes it instead. One untimed calibration
  pass warms every cache first.
- ruleset load+validate (``load_ruleset(name)``) for every shipped ruleset: in a fresh
  subprocess (importing philtre.dsl, importing what a load of a valid file loads lazily:
  lark with its parse tables and the checks generated from the schemas; and the load
  itself, timed apart, median of 3) and in-process after a warm-up.
- CLI: ``philtre --help`` and ``philtre validate rulesets/poison/ruleset.yaml`` in a
  subprocess (wall time, median of 11 rounds in which the commands take turns, bytecode
  cached as in an install), with the bare interpreter's start (``python -c pass``) beside
  them for scale; the validation also with an empty cache folder (dsl/cache.py), as a
  file's first validation runs.
- the engine's floor: random playouts of ``benchmarks/floor.yaml``, a game whose every
  decision has one option and one effect, in microseconds a decision (what the engine's
  bookkeeping costs, whatever a ruleset computes), beside the microseconds of a whole
  four-player Poison decision in the listing reference.
- memory of one game state: tracemalloc's count of what 100 ``state.copy()`` of a
  four-player Poison game in the middle of its first round allocate, divided by 100.

Results go to stdout (a table, or one JSON object with ``--json``); progress to stderr.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc

from philtre.dsl import load_ruleset
from philtre.dsl.loader import shipped_games
from philtre.interpreter import Game

from benchmarks import run_script
from benchmarks.reference import hue as ref_hue
from benchmarks.reference import poison as ref_poison
from benchmarks.reference import poisons as ref_poisons
from benchmarks.reference import pok as ref_pok

CASES = (("poison", (3, 4, 5, 6)), ("pok", (3, 5, 7)), ("poisons", (4, 6, 8)), ("hue", (2, 4, 5)))
REFERENCES = {"poison": ref_poison.play, "pok": ref_pok.play, "poisons": ref_poisons.play, "hue": ref_hue.play}
# plainer references that list every legal option before picking one, as most hand-written
# playouts do (Poison's is the "about 370k decisions/s" baseline), at every case
LISTINGS = {"poison": ref_poison.play_listing, "pok": ref_pok.play_listing,
            "poisons": ref_poisons.play_listing, "hue": ref_hue.play_listing}
LISTING_REFERENCES = {(name, players): LISTINGS[name] for name, counts in CASES for players in counts}
REPS = 3             # repetitions per playout and cold-load measurement (median kept)
CLI_REPS = 11        # rounds of the CLI commands (`philtre --help`, `philtre validate`, ...), taking turns
BUDGET = 1.0         # seconds per playout repetition by default (three playouts a case)
QUICK_BUDGET = 0.1   # seconds per playout repetition with --quick
COPIES = 100         # state copies measured together by tracemalloc
SEED = 1             # first game seed; game i uses SEED + i, choices use Random(SEED)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

COLD_LOAD = """\
import json, sys, time
t0 = time.perf_counter()
from philtre.dsl import load_ruleset
t1 = time.perf_counter()
import lark
from philtre.dsl import parser, schema_code
parser._lark()
schema_code.generated_check("ruleset"), schema_code.generated_check("scenario")
t2 = time.perf_counter()
load_ruleset(sys.argv[1])
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "libraries": t2 - t1, "load": t3 - t2}))
"""


# -- small helpers -------------------------------------------------------------------------

def log(message: str) -> None:
    """Write one progress line to stderr."""
    print(message, file=sys.stderr, flush=True)


def median(values) -> float:
    """The median of a non-empty sequence of numbers."""
    return statistics.median(values)


def timed(fn, *args):
    """Call fn(*args) after a garbage collection; return (seconds, result)."""
    gc.collect()
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


# -- random playouts -----------------------------------------------------------------------

def philtre_playouts(ruleset, players: int, games: int) -> int:
    """Play `games` uniformly random philtre games (seeds SEED, SEED+1, ...); return the decisions taken.

    Each game is played to its end by the engine (``Game.play_out``), which picks every
    option as the references pick theirs, ``options[int(random() * n)]`` with one generator
    for all the games: the games the loop of ``pending()``, ``options()`` and ``apply()``
    plays with those picks, without that loop's calls at each decision, as a reference makes
    none. rng.randrange costs about twice as much as the pick, which would be charged to
    philtre alone.
    """
    random_ = random.Random(SEED).random
    decisions = 0
    for i in range(games):
        game = Game(ruleset, players, seed=SEED + i)
        game.play_out(random=random_)
        decisions += game.decisions
    return decisions


def reference_playouts(play, players: int, games: int) -> int:
    """Play `games` games of a hand-written reference with one Random(SEED); return the decisions taken."""
    rng = random.Random(SEED)
    decisions = 0
    for _ in range(games):
        decisions += play(players, rng)[1]
    return decisions


def calibrate(run, budget: float) -> int:
    """Games for one repetition of about `budget` seconds: double a warm-up batch until it takes budget/10."""
    games = 1
    while True:
        seconds, _ = timed(run, games)
        if seconds >= budget / 10:
            return max(1, math.ceil(games * budget / seconds))
        games *= 2


def rates(games: int, decisions: int, times: list[float]) -> dict:
    """Games/s and decisions/s from the median of the repetitions' times."""
    best = median(times)
    return {"games": games, "decisions": decisions, "seconds": times,
            "games_per_s": games / best, "decisions_per_s": decisions / best}


def measure_pair(runs: dict, games: int | None, budget: float, reps: int = REPS) -> dict:
    """Time each of `runs` (name -> run(games)) `reps` times, interleaved so load hits all alike."""
    if games is None:
        counts = {name: calibrate(run, budget) for name, run in runs.items()}
    else:
        counts = {name: games for name in runs}
        for run in runs.values():
            run(1)  # warm-up
    times = {name: [] for name in runs}
    decisions = {}
    for _ in range(reps):
        for name, run in runs.items():
            seconds, decisions[name] = timed(run, counts[name])
            times[name].append(seconds)
    return {name: rates(counts[name], decisions[name], times[name]) for name in runs}


def bench_playouts(games: int | None, budget: float, only=(), reps: int = REPS) -> list[dict]:
    """Every (game, players) case (of the games in ``only``, if given): philtre and reference playout rates, and their ratio."""
    rows = []
    for name, counts in CASES:
        if only and name not in only:
            continue
        ruleset = load_ruleset(name)
        play = REFERENCES[name]
        for players in counts:
            log(f"playouts: {name} x{players} ...")
            runs = {"philtre": lambda n: philtre_playouts(ruleset, players, n),
                    "reference": lambda n: reference_playouts(play, players, n)}
            if (name, players) in LISTING_REFERENCES:
                listing = LISTING_REFERENCES[name, players]
                runs["listing"] = lambda n: reference_playouts(listing, players, n)
            result = measure_pair(runs, games, budget, reps)
            row = {"game": name, "players": players, **result,
                   "ratio": result["philtre"]["games_per_s"] / result["reference"]["games_per_s"]}
            if "listing" in result:
                row["listing_ratio"] = result["philtre"]["games_per_s"] / result["listing"]["games_per_s"]
            rows.append(row)
    return rows


FLOOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "floor.yaml")
FLOOR_PLAYERS = 2


def bench_floor(games: int | None, budget: float, reps: int = REPS) -> dict:
    """Microseconds a decision of benchmarks/floor.yaml (one option, one effect), and of a four-player Poison decision in the listing reference."""
    log("floor: one option a decision ...")
    ruleset = load_ruleset(FLOOR)
    result = measure_pair({"philtre": lambda n: philtre_playouts(ruleset, FLOOR_PLAYERS, n),
                           "listing": lambda n: reference_playouts(ref_poison.play_listing, 4, n)}, games, budget, reps)
    return {"ruleset": "benchmarks/floor.yaml", "players": FLOOR_PLAYERS,
            "us_per_decision": 1e6 / result["philtre"]["decisions_per_s"],
            "listing_poison_us_per_decision": 1e6 / result["listing"]["decisions_per_s"]}


# -- ruleset loading -----------------------------------------------------------------------

def cold_load(name: str) -> dict:
    """In a fresh interpreter: import philtre.dsl, then what a load loads lazily (lark and its
    parse tables, the generated schema checks), then load_ruleset(name); the three times (s)."""
    out = subprocess.run([sys.executable, "-c", COLD_LOAD, name], cwd=ROOT, check=True,
                         capture_output=True, text=True, env=AS_INSTALLED)
    return json.loads(out.stdout.strip().splitlines()[-1])


def warm_load(name: str, reps: int = REPS) -> float:
    """Median seconds of load_ruleset(name) in this process, after one untimed load."""
    load_ruleset(name)
    return median([timed(load_ruleset, name)[0] for _ in range(reps)])


def bench_loads() -> list[dict]:
    """Cold (subprocess) and warm (in-process) load+validate times of every shipped ruleset."""
    rows = []
    for name in shipped_games():
        log(f"load: {name} ...")
        colds = [cold_load(name) for _ in range(REPS)]
        rows.append({"ruleset": name,
                     "cold_import_s": median([c["import"] for c in colds]),
                     "cold_libraries_s": median([c["libraries"] for c in colds]),
                     "cold_load_s": median([c["load"] for c in colds]),
                     "warm_load_s": warm_load(name)})
    return rows


# -- CLI start -----------------------------------------------------------------------------

def philtre_command() -> list[str]:
    """The `philtre` console script beside this interpreter (no pyenv shim), else on PATH, else -m."""
    beside = os.path.join(os.path.dirname(sys.executable), "philtre")
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return [beside]
    found = shutil.which("philtre")
    return [found] if found else [sys.executable, "-m", "philtre"]


def wall_time(command: list[str], env: dict | None = None) -> float:
    """Seconds to run a command to completion (output discarded; a failure raises)."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env or AS_INSTALLED)
    return time.perf_counter() - start


def first_time(command: list[str]) -> float:
    """Seconds to run a command with an empty cache folder (dsl/cache.py): as the first validation of a new file."""
    import tempfile

    with tempfile.TemporaryDirectory() as empty:
        return wall_time(command, dict(AS_INSTALLED, XDG_CACHE_HOME=empty))


# Start-up is measured as an installed program runs: with its bytecode cached. (Some
# machines set PYTHONDONTWRITEBYTECODE, which would compile every module at every start.)
AS_INSTALLED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
VALIDATED = os.path.join("rulesets", "poison", "ruleset.yaml")  # a shipped ruleset, for `philtre validate`


def bench_cli(reps: int = CLI_REPS) -> dict:
    """Median wall time of `philtre --help` and `philtre validate` on a shipped ruleset, and of a bare `python -c pass`.

    The commands take turns, one run of each a round, so that the difference between two of them (validation after
    the program's start: validate's time less --help's) is not moved by the machine slowing between two batches."""
    log("cli: philtre --help, philtre validate ...")
    command = philtre_command()
    for warm_up in (["--help"], ["validate", VALIDATED]):  # writes the bytecode caches, as an install does
        wall_time(command + warm_up)
    runs = {"help_s": lambda: wall_time(command + ["--help"]),
            "validate_s": lambda: wall_time(command + ["validate", VALIDATED]),
            "validate_first_s": lambda: first_time(command + ["validate", VALIDATED]),
            "python_s": lambda: wall_time([sys.executable, "-c", "pass"])}
    times = {name: [] for name in runs}
    for _ in range(reps):
        for name, run in runs.items():
            times[name].append(run())
    return {"command": " ".join(command + ["--help"]), "validate_command": " ".join(command + ["validate", VALIDATED]),
            **{name: median(seconds) for name, seconds in times.items()}}


# -- memory --------------------------------------------------------------------------------

def random_steps(game, rng, steps: int) -> None:
    """Take up to `steps` uniformly random decisions (fewer if the game ends)."""
    for _ in range(steps):
        if game.finished:
            return
        p = game.pending()[0]
        options = game.options(p)
        game.apply(p, options[rng.randrange(len(options))])


def first_round_length(game, rng) -> int:
    """Decisions until the round number changes, played on a copy of `game`."""
    probe = game.copy()
    start_round, start = probe.state.round, probe.decisions
    while not probe.finished and probe.state.round == start_round:
        random_steps(probe, rng, 1)
    return probe.decisions - start


def mid_round_game(name: str = "poison", players: int = 4):
    """A game of `name` advanced at random to the middle of its first round."""
    rng = random.Random(SEED)
    game = Game(load_ruleset(name), players, seed=SEED)
    random_steps(game, rng, first_round_length(game, rng) // 2)
    return game


def bench_memory() -> dict:
    """Bytes tracemalloc sees allocated per state.copy() of a mid-round 4-player Poison game."""
    log("memory: state.copy() ...")
    game = mid_round_game()
    state = game.state
    copies = [None] * COPIES
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(COPIES):
            copies[i] = state.copy()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return {"game": "poison", "players": 4, "decisions_taken": game.decisions, "round": state.round,
            "copies": COPIES, "bytes_per_state": (after - before) / COPIES}


# -- HUE legal placements ------------------------------------------------------------------

HUE_PIECES = 15      # cards on the board when HUE's legal placements are timed


def bench_hue_placements(budget: float) -> dict:
    """HUE x4: play a seeded random game until HUE_PIECES cards lie on the board, then time
    game.options(p), every option made, on fresh copies (game.copy() each time, so nothing is
    cached); median of REPS."""
    log("hue: legal placements ...")
    rng = random.Random(SEED)
    game = Game(load_ruleset("hue"), 4, seed=SEED)
    while len(game.state.zones["board"][0]) < HUE_PIECES:
        p = game.pending()[0]
        options = game.options(p)
        game.apply(p, options[rng.randrange(len(options))])
    p = game.pending()[0]
    legal = len(game.copy().options(p))

    def run(calls: int) -> float:
        copies = [game.copy() for _ in range(calls)]
        gc.collect()
        start = time.perf_counter()
        for copy in copies:
            list(copy.options(p))  # every option made: an OptionList makes them only when looked at
        return time.perf_counter() - start

    calls = 1
    while run(calls) < budget / 10:
        calls *= 2
    calls = max(1, math.ceil(calls * budget / max(run(calls), 1e-9)))
    best = median([run(calls) for _ in range(REPS)])
    return {"game": "hue", "players": 4, "pieces": HUE_PIECES, "seat": p, "legal_placements": legal,
            "calls": calls, "calls_per_s": calls / best, "placements_per_s": calls * legal / best}


# -- report --------------------------------------------------------------------------------

def environment() -> dict:
    """Python, platform, load average and the repository's commit (with a dirty flag), for the record."""
    def git(*args):
        """Output of a git command in the repo, None if it fails."""
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return out.stdout.strip() if out.returncode == 0 else None
    status = git("status", "--porcelain", "--untracked-files=no")
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(), "cpus": os.cpu_count(),
            "loadavg": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
            "commit": git("rev-parse", "--short", "HEAD"), "dirty": bool(status) if status is not None else None}


def rate(x: float) -> str:
    """A rate with thousands separators and no decimals (or one below 100)."""
    return f"{x:,.1f}" if x < 100 else f"{x:,.0f}"


def ms(seconds: float) -> str:
    """Seconds as milliseconds, one decimal."""
    return f"{seconds * 1000:.1f} ms"


def table(headers: list[str], rows: list[list[str]]) -> str:
    """A plain text table: first column left-aligned, the others right-aligned."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
    def line(cells):
        """One row, padded to the column widths."""
        return "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths)))
    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def ratio_text(ratio: float) -> str:
    """A ratio philtre/reference, with its inverse when philtre is more than twice as slow."""
    return f"{ratio:.4f} (1/{1 / ratio:.0f})" if ratio < 0.5 else f"{ratio:.4f}"


def playout_table(rows: list[dict]) -> str:
    """The playout rows as a text table: philtre, then each reference's games/s and philtre's ratio to it."""
    headers = ["game", "players", "philtre games/s", "philtre decisions/s", "fast ref games/s", "ratio to fast",
               "listing ref games/s", "listing ref decisions/s", "ratio to listing"]
    body = []
    for r in rows:
        row = [r["game"], r["players"], rate(r["philtre"]["games_per_s"]), rate(r["philtre"]["decisions_per_s"]),
               rate(r["reference"]["games_per_s"]), ratio_text(r["ratio"])]
        if "listing" in r:
            row += [rate(r["listing"]["games_per_s"]), rate(r["listing"]["decisions_per_s"]), ratio_text(r["listing_ratio"])]
        else:
            row += ["-", "-", "-"]
        body.append(row)
    return table(headers, body)


def print_report(results: dict) -> None:
    """The human-readable report on stdout."""
    env, settings = results["environment"], results["settings"]
    print(f"philtre benchmarks: Python {env['python']} on {env['platform']}, "
          f"commit {env['commit']}{' (dirty)' if env['dirty'] else ''}, {env['cpus']} CPUs, "
          f"load average at start {env['loadavg']}")
    per = f"{settings['games']} games" if settings["games"] else f"~{settings['budget']} s"
    print(f"random playouts ({per} per measurement, median of {settings['reps']}):\n")
    print(playout_table(results["playouts"]))
    print("\nfast ref: benchmarks/reference/<game>.py play (written for speed with the layout its game allows, no list of moves); "
          "listing ref: play_listing (the same game written plainly: each decision lists the legal options as philtre "
          "offers them, then picks one); ratio: philtre games/s / reference games/s")
    print(f"\nruleset load+validate (cold: fresh subprocess, median of {REPS}, each step after the one before; "
          "warm: in-process):\n")
    print(table(["ruleset", "cold import philtre.dsl", "cold import lark, schema checks", "cold load_ruleset", "warm load_ruleset"],
                [[r["ruleset"], ms(r["cold_import_s"]), ms(r["cold_libraries_s"]), ms(r["cold_load_s"]), ms(r["warm_load_s"])]
                 for r in results["loads"]]))
    cli = results["cli"]
    print(f"\nCLI (wall time, median of {CLI_REPS}, the commands taking turns, bytecode cached): `{cli['command']}` {ms(cli['help_s'])}; "
          f"`{cli['validate_command']}` {ms(cli['validate_s'])}, {ms(cli['validate_s'] - cli['python_s'])} after "
          f"Python's own start (bare `python -c pass`: {ms(cli['python_s'])}), "
          f"{ms(cli['validate_s'] - cli['help_s'])} after the program's start (`--help`); with an empty cache folder "
          f"(a ruleset's first validation, dsl/cache.py) {ms(cli['validate_first_s'])}, "
          f"{ms(cli['validate_first_s'] - cli['help_s'])} after the program's start")
    floor = results["floor"]
    print(f"engine floor: {floor['us_per_decision']:.2f} us a decision of {floor['ruleset']} (one option and one effect "
          f"a decision); the listing reference takes {floor['listing_poison_us_per_decision']:.2f} us for a whole "
          f"four-player Poison decision")
    mem = results["memory"]
    print(f"memory per game state: {mem['bytes_per_state']:,.0f} bytes (state.copy() of {mem['game']} "
          f"x{mem['players']} after {mem['decisions_taken']} decisions, round {mem['round']}; "
          f"tracemalloc over {mem['copies']} copies)")
    hue = results["hue_placements"]
    print(f"HUE legal placements: {rate(hue['placements_per_s'])} placements/s, {rate(hue['calls_per_s'])} options() calls/s "
          f"({hue['legal_placements']} legal placements for seat {hue['seat']} with {hue['pieces']} cards on the board, x{hue['players']}; fresh game.copy() per call)")


def parse_args(argv=None):
    """Command-line options."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_BUDGET} s per measurement (CI smoke)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--games", type=int, metavar="N", help="fixed games per measurement instead of a time budget")
    parser.add_argument("--budget", type=float, metavar="S", help=f"seconds per measurement (default {BUDGET})")
    parser.add_argument("--repeat", type=int, metavar="N", default=REPS,
                        help=f"repetitions of each playout measurement, median kept (default {REPS}; more on a busy machine)")
    parser.add_argument("--game", action="append", choices=[name for name, _ in CASES],
                        help="time the playouts of this game only (repeatable; default: every game)")
    args = parser.parse_args(argv)
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.budget is not None and args.budget <= 0:
        parser.error("--budget must be positive")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def main(argv=None) -> int:
    """Run every measurement and print the report."""
    args = parse_args(argv)
    budget = args.budget or (QUICK_BUDGET if args.quick else BUDGET)
    started = time.perf_counter()
    results = {"environment": environment(),
               "settings": {"quick": args.quick, "games": args.games, "budget": None if args.games else budget,
                            "reps": args.repeat, "cli_reps": CLI_REPS},
               "playouts": bench_playouts(args.games, budget, args.game or (), args.repeat),
               "floor": bench_floor(args.games, budget, args.repeat),
               "loads": bench_loads(),
               "cli": bench_cli(),
               "memory": bench_memory(),
               "hue_placements": bench_hue_placements(budget)}
    results["total_s"] = time.perf_counter() - started
    log(f"done in {results['total_s']:.1f} s")
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print_report(results)
    return 0


if __name__ == "__main__":
    run_script(main)
