"""`philtre simulate`: many games headlessly, on workers or Ray, saved as they finish, with a summary.

The options shared with `philtre compare` (workers, backend, results database, resume)
and the handling of interrupts live here too.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import signal
import sys

import click

from .cli import (WholeNumber, guarded, load, named, overlay_as_variant, players_for, usable_file, usable_folder, warn_of_rules,
                  writable_names)

DEFAULT_DB = "philtre-runs.sqlite"  # the same as store.DEFAULT_DB; not imported, so --help stays fast


def _nonempty_db(ctx, param, value):
    """--db '' would keep nothing (an empty path is no file) and still say the games are in it: a usage error."""
    if value == "":
        raise click.BadParameter("give a file, not an empty path (or --no-db to keep nothing)")
    return value


def run_options(fn):
    """The options of a run: workers, backend, Ray address, results database, resume."""
    options = [
        click.option("--workers", "-w", type=WholeNumber(1, 4096), default=None,
                     help="Games played at once: local processes (default: one per CPU) or Ray CPUs."),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                     help="local processes, or a Ray cluster (pip install 'philtre[ray]')."),
        click.option("--ray-address", default=None, metavar="ADDR",
                     help="Ray cluster to join (default: RAY_ADDRESS, else a local Ray instance)."),
        click.option("--db", "db", type=click.Path(dir_okay=False), default=DEFAULT_DB, show_default=True,
                     callback=_nonempty_db, help="SQLite file that keeps every finished game."),
        click.option("--no-db", is_flag=True, help="Keep results in memory only (no file; no --resume)."),
        click.option("--resume", is_flag=True, help="Reuse the saved games of the same run; play only the missing ones."),
        click.option("--progress", is_flag=True, expose_value=False, callback=_progress_lines,
                     help="Say the progress on stderr where it is no terminal too: a line every 10 s (a log, CI)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def check_run_options(backend, no_db, resume, report_dir=None, ray_address=None) -> None:
    """Usage errors (exit 2) for options that cannot work together or lack their optional package."""
    if ray_address is not None and backend != "ray":  # the local backend has no cluster: the address would be ignored
        raise click.UsageError("--ray-address names a Ray cluster to join: it needs --backend ray")
    if resume and no_db:
        raise click.UsageError("--resume reads the results database: drop --no-db")
    if no_db and click.get_current_context().get_parameter_source("db") is click.core.ParameterSource.COMMANDLINE:
        # the file asked for would silently not be written
        raise click.UsageError("--db names a file to keep the games in, --no-db keeps none: give one of them")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise click.UsageError("--backend ray needs Ray: pip install 'philtre[ray]'")
    if report_dir and importlib.util.find_spec("matplotlib") is None:
        raise click.UsageError(NEEDS_MATPLOTLIB)
    if report_dir:
        check_report_imports()


NEEDS_MATPLOTLIB = "--report needs matplotlib: pip install 'philtre[report]'"


def check_report_imports() -> None:
    """A usage error before any game if matplotlib is there but cannot be imported (a broken numpy, say): found is not
    usable. pyplot is imported here, only for --report (about what the report costs anyway), never for --help."""
    from .report import pyplot

    with matplotlib_needed():
        pyplot()


@contextlib.contextmanager
def matplotlib_needed():
    """An ImportError while the report's plots are drawn (matplotlib's own imports) as the usage error naming the extra."""
    try:
        yield
    except ImportError as exc:
        raise click.UsageError(f"{NEEDS_MATPLOTLIB} (importing it failed: {exc})") from None


def check_output_paths(csv_path=None, record_dir=None, report_dir=None, games: int = 0) -> None:
    """Usage errors (exit 2) for output paths that cannot be written, found before any game is played: the folders,
    and the files the run will write in them (``games`` records, the report's page and plots)."""
    from .report import REPORT_FILES
    from .runs import record_index

    def a_record(name: str) -> bool:
        index = record_index(name)
        return index is not None and index < games

    for folder, option, wanted in ((record_dir, "'--record'", a_record), (report_dir, "'--report'", REPORT_FILES.__contains__)):
        if folder is not None:
            usable_folder(folder, option)
            writable_names(folder, wanted, option)
    if csv_path is not None:
        usable_file(csv_path, "'--csv'")


def agent_names(agents, players):
    """One agent name per seat from --agents (one name for all seats, or one per seat)."""
    from .agents import make_agent

    names = agents.split(",") if agents is not None else ["random"] * players  # --agents '' names none: refused, as by play
    names = [n.strip() for n in names]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise click.BadParameter(f"give one agent per seat ({players}) or one for all, got {len(names)}", param_hint="--agents")
    for n in names:
        try:
            make_agent(n, 0)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--agents") from None
    return names


def interruptible(fn):
    """SIGTERM stops a run like Ctrl-C: finished games are saved; the message says how to resume."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from .runs import Interrupted

        def on_term(signum, frame):
            """SIGTERM: stop as Ctrl-C does."""
            raise KeyboardInterrupt

        try:
            previous = signal.signal(signal.SIGTERM, on_term)
        except ValueError:  # not the main thread (an embedding program): leave its signals alone
            previous = None
        try:
            return fn(*args, **kwargs)
        except Interrupted as exc:
            db = None if kwargs.get("no_db") else kwargs.get("db")
            # on a terminal the line break ends the bar's line (or the ^C the terminal echoed); elsewhere it is an empty line
            start = "\n" if sys.stderr.isatty() else ""
            if db:
                said = f"{exc.saved} of {exc.wanted} games saved in {db}; run the same command with --resume to finish"
            else:  # ("18 of 20 games not saved" read as 18 games lost)
                said = (f"{exc.saved} of {exc.wanted} games played, none kept (--no-db): run the command again, without "
                        "--no-db to keep the games and resume")
            click.echo(f"{start}interrupted: {said}", err=True)
            sys.exit(130)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)

    return wrapper


# The results database keeps the run seed as an SQLite INTEGER (signed 64 bits): a larger
# seed was an internal error (OverflowError) once the first game was to be saved.
RUN_SEED = WholeNumber(-(2**63), 2**63 - 1)


_PLAIN_PROGRESS = [False]  # --progress of the command running: its bar said where stderr is no terminal too


def _progress_lines(ctx, param, value) -> None:
    """--progress: the run's bar says its progress a line at a time where stderr is no terminal (a log, CI)."""
    _PLAIN_PROGRESS[0] = bool(value)


def progress_bar(total: int, label: str = "games"):
    """The terminal progress bar (silent when stderr is not a terminal, unless --progress)."""
    from .progress import Progress

    return Progress(total, label, plain=_PLAIN_PROGRESS[0])


def note_greedy_blind(rs, agents) -> None:
    """Say on stderr, before a run with a seat that weighs positions mid-game (greedy, ismcts:N:D), that it weighs them by
    a key no action changes (lints.weighed_by_no_action): where the score moves only at a round's or the game's end it
    plays blind, below a random seat (two trials), and the at-random note after the run, which needs every decision
    blind, stays silent where the last decisions see the final scoring. Not a lint: a ruleset need not be written for
    greedy."""
    from philtre.dsl.lints import weighed_by_no_action

    from .agents import reads_heuristic

    weighing = {str(name).split(":")[0] for name in agents if reads_heuristic(str(name))}
    if not weighing:
        return
    key = weighed_by_no_action(rs)
    if key is None:
        return
    # (a depth-limited ismcts values its cut playouts by the same key: as blind mid-game, and only its playouts that
    # reach the end tell the options apart)
    who = " and ".join(("greedy weighs each option" if kind == "greedy" else "ismcts:N:D values each cut playout")
                       for kind in sorted(weighing))
    click.echo(f"note: {who} by `{key}`, the first winners key (the ruleset declares no "
               "`heuristic`), and no action changes what it reads: it sees it move only where the flow moves it "
               "before the next decision, and plays at random where it moves at a round's or the game's end; declare a "
               "`heuristic:`, how well seat p stands mid-game (see docs/agents.md#greedy in philtre's source)", err=True)


def note_no_rule_changed(variant: str, base: str) -> None:
    """Say on stderr that a variant's resolved rules are its base's (same content hash): its games are the base's."""
    click.echo(f"note: variant '{variant}' changes no rule of {base} (its content hash is the base's): its games are the base's",
               err=True)


class PlayerCounts(click.ParamType):
    """``-p 4``, ``-p 3,5`` or ``-p 3..6`` (and ``3,5..7``): the player counts of a simulate run, in the order written."""

    name = "N[,N|A..B]"

    def convert(self, value, param, ctx):
        """The counts as a list of whole numbers in 1..64, each once."""
        if isinstance(value, list):
            return value
        counts = []
        for item in str(value).split(","):
            low, dots, high = item.strip().partition("..")
            try:
                span = range(int(low), int(high) + 1) if dots else [int(low)]
            except ValueError:
                self.fail(f"{value!r} is not a player count: write one number (4), several (3,5) or a range (3..6)", param, ctx)
            if dots and not span:
                self.fail(f"{item.strip()!r} is an empty range: write the smaller count first (3..6)", param, ctx)
            for count in span:
                if not 1 <= count <= 64:
                    self.fail(f"{count} is not in the range 1<=x<=64", param, ctx)
                if count not in counts:
                    counts.append(count)
        return counts


def max_decisions_option(fn):
    """--max-decisions N, of simulate and compare: a game still going after N decisions is cut off, and the run goes on."""
    return click.option("--max-decisions", "max_decisions", type=WholeNumber(1, 10**12), default=None, metavar="N",
                        help="Cut off a game still going after N decisions (or past the ruleset's step limit), and go "
                             "on: counted as cut, no winner (not a draw), left out of every statistic. Default: none; a "
                             "game past the step limit stops the run (R200).")(fn)


CUT_HINT = ("where random agents may play a game for ever (passing, or undoing each other's moves), --max-decisions N "
            "cuts such games off and the run goes on, counting them apart (docs/simulation.md in philtre's source)")


def limit_hinted(exc):
    """``exc`` with CUT_HINT where it is the step limit (R200) in a run without --max-decisions; else as it is."""
    return exc.hinted(CUT_HINT) if exc.diagnostics and exc.first.code == "R200" else exc


PLAYER_COUNTS_HELP = ("Number of players, or several (3,5 or 3..6: one run each, then a table by count); may be left "
                      "out when the ruleset takes one number only.")


@click.command()
@click.argument("ruleset", callback=named)
@click.option("--players", "-p", type=PlayerCounts(), default=None, help=PLAYER_COUNTS_HELP)
@click.option("--games", "-n", type=WholeNumber(1, 10_000_000), default=1000, show_default=True, help="How many games to play.")
@click.option("--seed", type=RUN_SEED, default=0, show_default=True, help="Run seed (64 bits); each game's seed derives from it.")
@click.option("--variant", "variants", multiple=True, help="Apply an overlay (repeatable).")
@click.option("--agents", default=None, help="One agent per seat, comma-separated, or one for every seat: random, greedy[:N], greedy:turn, ismcts[:N[:D]] (default: random).")
@run_options
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), default=None, help="Write one row per game to FILE (CSV).")
@click.option("--coverage", is_flag=True, help="Count how often each rule fired; list rules that never fired.")
@click.option("--tally", "tallies", multiple=True, metavar="EXPR",
              help="An expression evaluated at each game's end (as winners is): the summary counts its values (repeatable).")
@click.option("--tally-rounds", "round_tallies", multiple=True, metavar="EXPR",
              help="As --tally, but evaluated at each round's end (each `round:` the flow runs): the summary counts its "
                   "values over the rounds of every game (repeatable).")
@click.option("--record", "record_dir", type=click.Path(file_okay=False), default=None, help="Write one record per game into DIR.")
@click.option("--report", "report_dir", type=click.Path(file_okay=False), default=None,
              help="Write an HTML page with plots into DIR (pip install 'philtre[report]').")
@max_decisions_option
@guarded
@overlay_as_variant
@interruptible
def simulate(ruleset, players, games, seed, variants, agents, workers, backend, ray_address, db, no_db, resume,
             as_json, csv_path, coverage, tallies, round_tallies, record_dir, report_dir, max_decisions):
    """Play many games with agents and summarise the results.

    Each finished game is saved in the results database (--db) as it ends (those that
    end close together, in one commit); an interrupted run goes on with --resume. The
    same seed prints the same results whatever --workers or --backend.
    """
    from philtre.dsl.errors import PhiltreError

    from .agents import same_games
    from .coverage import format_coverage
    from .simulate import RunSpec, format_summary
    from .summary import format_by_players

    check_run_options(backend, no_db, resume, report_dir, ray_address)
    rs = tallied(load(ruleset, variants, playing=True), tallies, round_tallies)
    counts = [players_for(rs, None)] if players is None else players
    rs.check_player_counts(counts)
    if len(counts) > 1:
        check_several_counts(counts, agents, record_dir, report_dir)
    seats = {count: agent_names(agents, count) for count in counts}
    if variants and same_games(load(ruleset, playing=True), rs, [name for names in seats.values() for name in names]):
        note_no_rule_changed(" + ".join(variants), ruleset)  # a house rule that restates the base (or only a heuristic no seat reads)
    check_output_paths(csv_path, record_dir, report_dir, games)
    warn_of_rules(rs, ruleset, variants)
    note_greedy_blind(rs, [name for names in seats.values() for name in names])
    runs = []  # (summary, results) of each player count, in the order asked
    for count in counts:
        spec = RunSpec(rs, count, seats[count], seed, coverage=coverage, record=bool(record_dir), max_decisions=max_decisions)
        try:
            summary, results, held = _run(spec, games, workers, backend, ray_address, None if no_db else db, resume, record_dir)
        except PhiltreError as exc:
            if len(counts) > 1 and exc.stopped_a_game:
                raise exc.hinted(counts_said(counts, len(runs), as_json)) from None
            raise
        runs.append((summary, results))
        if not as_json:
            click.echo(("\n" if len(runs) > 1 else "") + format_summary(summary))
            if coverage:
                click.echo("\n" + format_coverage(summary["coverage"]))
        if not no_db:
            _say_where_the_games_are(len(results), held, db, summary["run"])
    if as_json:
        shown = [summary for summary, _ in runs]
        click.echo(json.dumps(shown[0] if len(shown) == 1 else shown, indent=2))
    elif len(runs) > 1:
        click.echo("\n" + format_by_players([summary for summary, _ in runs]))
    if record_dir:
        _note_other_records(record_dir, games)
    # last, the files: the summary is printed even if one cannot be written; one that cannot leaves the other written
    try:
        if report_dir:
            from .report import simulation_report

            with matplotlib_needed():
                page = simulation_report(report_dir, *runs[0])
            click.echo(f"report: {page}", err=True)
    finally:
        if csv_path:
            _write_csv(csv_path, runs)


def counts_said(counts, finished: int, as_json: bool) -> str:
    """For a run of several player counts a game stopped: which counts had finished (their tables printed above, but
    with --json) and which were not played."""
    def runs(some):
        named = f"{', '.join(map(str, some[:-1]))} and {some[-1]}" if len(some) > 1 else str(some[0])
        return f"the {named}-player run" + ("s" if len(some) > 1 else "")

    done, failed, left = counts[:finished], counts[finished], counts[finished + 1:]
    said = []
    if done:
        said.append(f"{runs(done)} had finished" + (" (not printed with --json)" if as_json else ", as printed above"))
    said.append(f"the {failed}-player run stopped here")
    if left:
        said.append(f"{runs(left)} {'were' if len(left) > 1 else 'was'} not played")
    return "; ".join(said)


def tallied(rs, texts, round_texts=()):
    """``rs`` compiled with the --tally expressions and the --tally-rounds ones (each once, in the order given); a usage
    error (exit 2) with the language's findings where one is not an expression of the ruleset, placed at its column, and
    where --tally-rounds is given for rules whose flow has no `round:` statement (no round would ever end)."""
    from philtre.dsl.errors import PhiltreError, printable
    from philtre.dsl.loader import ROUND_TALLY_PLACE, TALLY_PLACE, with_tallies

    from .simulate import plays_rounds

    texts = list(dict.fromkeys(texts))  # (the same one twice would be one column twice)
    round_texts = list(dict.fromkeys(round_texts))
    if round_texts and not plays_rounds(rs):
        what = rs.name + "".join(f" + {v}" for v in rs.variants)
        raise click.UsageError(f"--tally-rounds: the flow of {what} has no `round:` statement, so no round ever ends and "
                               "nothing would be tallied; --tally counts values at each game's end")
    if not texts and not round_texts:
        return rs
    try:
        return with_tallies(rs, texts, round_texts)
    except PhiltreError as exc:
        said = []
        for d in exc.diagnostics:  # (each at the tally's place among them, as its line: loader.with_tallies)
            given = {TALLY_PLACE: texts, ROUND_TALLY_PLACE: round_texts}.get(d.loc.path, ())
            text = given[d.loc.line - 1] if given and 0 < d.loc.line <= len(given) else None
            where = f"{d.loc.path} {text!r}, column {d.loc.col}: " if text is not None else f"{d.loc}: "
            said.append(printable(f"{where}{d.code} {d.message}" + (f" ({d.hint})" if d.hint else "")))
        raise click.UsageError("\n".join(said)) from None


def check_several_counts(counts, agents, record_dir, report_dir) -> None:
    """Usage errors (exit 2) for what one run per player count cannot do: a seat-by-seat agent list (each count seats
    another number), and the folders that hold one run's files."""
    if agents is not None and "," in agents:
        raise click.BadParameter(f"with several player counts ({', '.join(map(str, counts))}) give one agent for every "
                                 f"seat (--agents greedy), or run each count on its own with its agents", param_hint="--agents")
    for folder, option in ((record_dir, "--record"), (report_dir, "--report")):
        if folder is not None:
            raise click.UsageError(f"{option} writes one run's files: give one player count with it (-p "
                                   f"{counts[0]}), or run each count on its own")


def _run(spec, games, workers, backend, ray_address, db, resume, record_dir):
    """One run of ``games`` games with its progress bar: (summary, results, how many of its games the file holds)."""
    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.loader import ROUND_TALLY_PLACE, TALLY_PLACE

    from .runs import run_simulation

    bar = progress_bar(games)
    held = []  # how many of the run's games the file holds at the end
    try:
        summary, results = run_simulation(spec, games, workers=workers, backend=backend, db=db,
                                          resume=resume, record_dir=record_dir, progress=bar, address=ray_address,
                                          on_loaded=functools.partial(_on_loaded, bar), on_saved=held.append)
    except PhiltreError as exc:
        # (a --tally that failed at a game's end stopped no game: its record, with --record, is the whole game's; nor did
        # a --tally-rounds: the game is played again for its record without it, and plays to its end)
        if not exc.stopped_a_game or exc.first.loc.path in (TALLY_PLACE, ROUND_TALLY_PLACE):
            raise
        if spec.max_decisions is None:  # (with it, a game past the step limit is cut: R200 stops no run)
            exc = limit_hinted(exc)
        if record_dir:
            raise exc from None
        raise exc.hinted("with --record DIR, the record of this game up to the failure is written there") from None
    bar.close()
    return summary, results, held[0] if held else len(results)


def _write_csv(csv_path: str, runs: list) -> None:
    """One row per game of every run in ``csv_path``; a file error (exit 1) naming it if it cannot be written."""
    from .export import write_csv

    try:
        write_csv(csv_path, *runs[0], more=runs[1:])
    except OSError as exc:  # checked before the run, but a disk can still fill up
        raise click.FileError(csv_path, exc.strerror) from None


def _say_where_the_games_are(played: int, held: int, db, run: str) -> None:
    """The closing line: the run's games in the file; fewer, if a run of the same configuration started meanwhile
    replaced some (the summary still counts them all: they are in memory)."""
    from .summary import counted

    if held >= played:
        click.echo(f"{counted(played, 'game')} in {db} (run {run})", err=True)
    else:
        click.echo(f"{counted(played, 'game')} played; {db} holds {held} of them (run {run}): a run of this configuration "
                   "started meanwhile replaced the others (--resume plays them again)", err=True)


def _note_other_records(folder: str, games: int) -> None:
    """Say so when the --record folder holds records numbered past this run's last game: an earlier run wrote them."""
    import os
    import re

    from .summary import counted

    numbered = ((int(m.group(1)), name) for name in os.listdir(folder) if (m := re.fullmatch(r"game-(\d+)\.jsonl", name)))
    other = [name for number, name in sorted(numbered) if number > games]
    if other:
        shown = other[0] if len(other) == 1 else f"{other[0]} ... {other[-1]}"
        click.echo(f"note: {folder} also holds {counted(len(other), 'record')} this run did not write ({shown}): an earlier run's",
                   err=True)


def _on_loaded(bar, loaded: int, games: int, replaced: int = 0, db=None, recently=None, apart=None) -> None:
    """Say how much a resumed run already had, or how many saved games a run started afresh replaced (or holds of its
    configuration with other tallies); the bar counts only the games still to play."""
    if loaded:
        click.echo(f"resuming: {loaded} of {games} games already saved", err=True)
    note_replaced(replaced, db, recently, apart)
    bar.total = max(games - loaded, 0)


def note_replaced(replaced: int, db, recently: int | None = None, apart=None) -> None:
    """Say that an earlier run's saved games were dropped: the same configuration run again without --resume starts
    afresh, and one that asked for fewer games (to look at a few) would otherwise lose the rest unawares. ``recently``:
    seconds since that run, short of its games, saved one; it may still be going on in another philtre. ``apart``:
    Store.tallied_apart, the games saved of the same configuration with other tallies, which this run cannot reuse."""
    if apart:
        from .summary import counted

        held = {"without": "without them", "with": "with --tally or --tally-rounds expressions", "other": "with other ones"}
        said = " or ".join(held[kind] for kind in held if apart.get(kind))
        games = sum(apart.values())
        click.echo(f"new run: the --tally and --tally-rounds expressions are part of the run's key "
                   f"({counted(games, 'game')} of the same configuration {'is' if games == 1 else 'are'} stored {said}; "
                   "--resume cannot reuse them)", err=True)
    if replaced:
        from .summary import counted

        click.echo(f"note: {db} held {counted(replaced, 'saved game')} of this configuration, now replaced "
                   "(--resume keeps and reuses them; --no-db or --db FILE keeps them apart)", err=True)
        if recently is not None:
            click.echo(f"note: the last of them was saved {recently} s ago, and that run had not played all its games: "
                       "if another philtre is still playing it, it goes on without them (its closing line says how many "
                       "of its games the file holds)", err=True)
