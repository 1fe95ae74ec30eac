"""`philtre simulate`: many games headlessly, with a summary."""

from __future__ import annotations

import json
import sys

import click

from .cli import guarded, load

@click.command()
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

    rs = load(ruleset, variants)
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


