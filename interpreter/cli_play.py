"""`philtre play` and `philtre replay`: one game at the terminal; re-running a record."""

from __future__ import annotations


import click

from .cli import guarded, load

@click.command()
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

    rs = load(ruleset, variants)
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


@click.command()
@click.argument("record", type=click.Path(dir_okay=False))
@guarded
def replay(record):
    """Re-run a record and check every event against it."""
    from .replay import replay as run

    count = run(record)
    click.echo(f"{record}: {count} lines replayed, all events match")


