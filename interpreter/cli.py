"""The `philtre` command: validate, test, simulate, play, replay, show.

Results go to stdout (``--json`` for machines); progress and errors to stderr. Exit codes:
0 clean, 1 findings or a failed run, 2 bad usage or an internal error. Heavy modules are
imported inside the commands so that ``philtre --help`` starts fast.
"""

from __future__ import annotations

import functools
import json
import os
import sys

import click

EXIT_FINDINGS, EXIT_USAGE = 1, 2


def _report(exc) -> None:
    for d in exc.diagnostics:
        click.echo(str(d), err=True)


def guarded(fn):
    """Turn PhiltreError into messages and exit 1, anything unexpected into exit 2, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from philtre.dsl.errors import PhiltreError

        try:
            return fn(*args, **kwargs)
        except PhiltreError as exc:
            _report(exc)
            sys.exit(EXIT_FINDINGS)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)
        except Exception as exc:  # noqa: BLE001 - the last line of defence against tracebacks
            if os.environ.get("PHILTRE_DEBUG"):
                raise
            click.echo(f"philtre: internal error: {type(exc).__name__}: {exc} (set PHILTRE_DEBUG=1 for details)", err=True)
            sys.exit(EXIT_USAGE)

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="philtre")
def main():
    """philtre: tabletop games as data.

    RULESET is a shipped game's name (see `philtre games`) or a path to a ruleset file
    or folder.
    """


def _load(ruleset, variants=()):
    from philtre.dsl import load_ruleset

    return load_ruleset(ruleset, list(variants))


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format of findings.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@guarded
def validate(paths, fmt, exit_zero):
    """Check ruleset files: YAML, schema, names, types, expressions."""
    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.validate import validate_path

    findings = []
    for path in paths:
        try:
            validate_path(path)
        except PhiltreError as exc:
            findings.extend(exc.diagnostics)
    if fmt == "json":
        click.echo(json.dumps([{"path": d.loc.path, "line": d.loc.line, "column": d.loc.col, "code": d.code,
                                "message": d.message, "hint": d.hint} for d in findings], indent=2))
    else:
        for d in findings:
            click.echo(str(d))
        click.echo(f"{len(paths)} file(s) checked, {len(findings)} finding(s)", err=True)
    sys.exit(EXIT_FINDINGS if findings and not exit_zero else 0)


@main.command()
@click.argument("ruleset")
@click.option("--variant", "variants", multiple=True, help="Apply an overlay (repeatable).")
@click.option("-k", "select", default=None, help="Only scenarios whose name contains this text.")
@guarded
def test(ruleset, variants, select):
    """Run a ruleset's scenarios (its rulebook examples)."""
    from philtre.dsl.loader import resolve_ruleset_path
    from philtre.dsl.overlays import variant_paths

    from .scenarios import run_scenarios

    # without --variant: the base's scenarios, then each shipped variant's own
    combos = [list(variants)] if variants else [[]] + [[p] for p in variant_paths(resolve_ruleset_path(ruleset))]
    results = []
    for combo in combos:
        rs = _load(ruleset, combo)
        label = " + ".join(os.path.splitext(os.path.basename(v))[0] for v in combo)
        for r in run_scenarios(rs, select):
            click.echo(f"{r.loc}: {'[' + label + '] ' if label else ''}{r.name} ... {'ok' if r.passed else 'FAILED'}")
            results.append(r)
    failed = [r for r in results if not r.passed]
    for r in failed:
        click.echo(f"\n__ {r.name} __")
        for f in r.failures:
            click.echo(f"  {f}")
    passed = len(results) - len(failed)
    click.echo(f"\n{passed} passed, {len(failed)} failed")
    sys.exit(EXIT_FINDINGS if failed or not results else 0)


@main.command()
@click.argument("ruleset")
@click.option("--players", "-p", type=click.IntRange(1, 64), required=True, help="Number of players.")
@click.option("--games", "-n", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Run seed; each game's seed derives from it.")
@click.option("--variant", "variants", multiple=True, help="Apply an overlay (repeatable).")
@click.option("--agents", default=None, help="Comma-separated agent per seat (default: random for all).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--record", "record_dir", type=click.Path(file_okay=False), default=None, help="Write one record per game into DIR.")
@guarded
def simulate(ruleset, players, games, seed, variants, agents, as_json, record_dir):
    """Play many games with agents and summarise the results."""
    from .simulate import format_summary, simulate as run

    rs = _load(ruleset, variants)
    rs.check_players(players)
    agent_names = _agent_names(agents, players)
    show_bar = sys.stderr.isatty() and games > 1
    if show_bar:
        with click.progressbar(length=games, label="simulating", file=sys.stderr, show_eta=True, show_pos=True) as bar:
            summary = run(rs, players, games, seed, agent_names, record_dir, progress=bar.update)
    else:
        summary = run(rs, players, games, seed, agent_names, record_dir)
    click.echo(json.dumps(summary, indent=2) if as_json else format_summary(summary))


def _agent_names(agents, players):
    from .agents import AGENTS

    names = agents.split(",") if agents else ["random"] * players
    names = [n.strip() for n in names]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise click.BadParameter(f"give one agent per seat ({players}), got {len(names)}", param_hint="--agents")
    for n in names:
        if n not in AGENTS:
            raise click.BadParameter(f"unknown agent '{n}' (known: {', '.join(sorted(AGENTS))})", param_hint="--agents")
    return names


@main.command()
@click.argument("ruleset")
@click.option("--players", "-p", type=click.IntRange(1, 64), required=True)
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0-based).")
@click.option("--seed", type=int, default=None, help="Game seed (default: random).")
@click.option("--variant", "variants", multiple=True)
@guarded
def play(ruleset, players, seat, seed, variants):
    """Play one seat at the terminal against random agents."""
    import random

    from .agents import RandomAgent
    from .game import Game
    from .render import render_view

    rs = _load(ruleset, variants)
    rs.check_players(players)
    if not 0 <= seat < players:
        raise click.BadParameter(f"seat must be 0..{players - 1}", param_hint="--seat")
    seed = random.randrange(2**31) if seed is None else seed
    game = Game(rs, players, seed=seed)
    bots = {p: RandomAgent(seed + 1 + p) for p in range(players) if p != seat}
    click.echo(f"{rs.title}: {players} players, you are seat {seat} (seed {seed})")
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            if p != seat:
                game.apply(p, bots[p].choose(None, options))
                continue
            click.echo("\n" + render_view(game.view(seat), rs))
            for i, option in enumerate(options, 1):
                click.echo(f"  {i:>3}. {option.label()}")
            choice = click.prompt("your choice", type=click.IntRange(1, len(options)), err=True)
            game.apply(p, options[choice - 1])
    click.echo("\n" + render_view(game.view(seat), rs))
    click.echo(f"game over: scores {game.scores}, winners {game.winners}")


@main.command()
@click.argument("record", type=click.Path(dir_okay=False))
@guarded
def replay(record):
    """Re-run a record and check every event against it."""
    from .replay import replay as run

    count = run(record)
    click.echo(f"{record}: {count} lines replayed, all events match")


@main.command()
@click.argument("ruleset")
@click.option("--variant", "variants", multiple=True, help="Apply an overlay (repeatable).")
@click.option("--origins", is_flag=True, help="Annotate each value with the file:line:col it came from.")
@guarded
def show(ruleset, variants, origins):
    """Print the resolved ruleset (with its variants applied) as YAML."""
    from philtre.dsl.describe import dump_with_origins

    rs = _load(ruleset, variants)
    click.echo(dump_with_origins(_without_scenarios(rs.source), origins), nl=False)


def _without_scenarios(source):
    """The rules of a resolved ruleset, without its scenarios (they are tests, not rules)."""
    from philtre.dsl.yamlpos import Map

    kept = Map(source.loc)
    for k in source:
        if k != "scenarios":
            kept[k] = source[k]
            kept.key_locs[k], kept.val_locs[k] = source.key_loc(k), source.loc_of(k)
    return kept


@main.command()
@click.argument("ruleset")
@click.option("--variant", "variants", multiple=True, required=True, help="The overlay(s) to explain (repeatable).")
@guarded
def diff(ruleset, variants):
    """Say, item by item, what the variants change in the ruleset."""
    from philtre.dsl.describe import describe_changes

    base = _load(ruleset)
    resolved = _load(ruleset, variants)
    changes = describe_changes(_without_scenarios(base.source), _without_scenarios(resolved.source))
    click.echo(f"{' + '.join(variants)} on {base.name}: {len(changes)} change(s)")
    for line in changes:
        click.echo(f"  - {line}")


@main.command()
@guarded
def games():
    """List the shipped games."""
    from philtre.dsl import load_ruleset, shipped_games

    for name in shipped_games():
        rs = load_ruleset(name)
        players = f"{rs.min_players}..{rs.max_players}" if rs.min_players != rs.max_players else str(rs.min_players)
        click.echo(f"{name:<10} {players:<6} {rs.title}")


@main.command()
@click.argument("ruleset")
@guarded
def variants(ruleset):
    """List a ruleset's shipped variants with what each changes."""
    from philtre.dsl.loader import resolve_ruleset_path
    from philtre.dsl.overlays import load_overlay, variant_paths

    path = resolve_ruleset_path(ruleset)
    base = _load(ruleset)
    found = variant_paths(path)
    if not found:
        click.echo(f"{base.name} has no variants")
        return
    rows = []
    for overlay_path in found:
        overlay = load_overlay(overlay_path)
        players = overlay.data.get("players", f"{base.min_players}..{base.max_players}" if base.min_players != base.max_players else base.min_players)
        rows.append((overlay.name, str(players), str(overlay.data.get("description", ""))))
    width = max(len(r[0]) for r in rows)
    click.echo(f"{'variant':<{width}}  players  description")
    for name, players, text in rows:
        click.echo(f"{name:<{width}}  {players:<7}  {text}")

if __name__ == "__main__":  # pragma: no cover
    main()
