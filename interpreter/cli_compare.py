"""`philtre compare`: a ruleset against its variants on the same game seeds, with differences and intervals."""

from __future__ import annotations

import functools
import json

import click

from .cli import OnePlayerCount, WholeNumber, guarded, load, named, overlay_as_variant, overlay_identity, players_for, variant_required, warn_of_rules
from .cli_simulate import (RUN_SEED, agent_names, check_output_paths, check_run_options, interruptible, matplotlib_needed,
                           limit_hinted, max_decisions_option, note_no_rule_changed, note_replaced, progress_bar, run_options,
                           tallied)
from .compare import arm_labels


def _a_number(ctx, param, value):
    """A float option's value; 'nan' passes a FloatRange (every comparison with it is false), so refuse it here."""
    if value != value:
        raise click.BadParameter("give a number, not nan")
    return value


@click.command()
@click.argument("ruleset", callback=named)
@click.option("--variant", "variants", multiple=True,
              help="A variant to compare with the base (repeatable; 'a,b' applies two overlays together; required unless "
                   "RULESET is an overlay's path).")
@click.option("--base-variant", "base_variant", default=None, metavar="VARIANT",
              help="Overlays of the base arm ('a,b' for two): compare two house rules with each other. Each --variant "
                   "is applied to RULESET alone, not on top of these: --base-variant a --variant b plays RULESET + a "
                   "against RULESET + b; --variant a,b stacks them.")
@click.option("--players", "-p", type=OnePlayerCount(1, 64), default=None,
              help="Number of players (may be left out when every arm, the base and each variant, takes one number "
                   "in common only).")
@click.option("--games", "-n", type=WholeNumber(2, 10_000_000), default=2000, show_default=True,
              help="Most games per arm (fewer if the difference is clear earlier).")
@click.option("--seed", type=RUN_SEED, default=0, show_default=True, help="Run seed (64 bits): every arm plays the same game seeds.")
@click.option("--agents", default=None, help="One agent per seat, comma-separated, or one for every seat: random, greedy[:N], greedy:turn, ismcts[:N[:D]] (default: random).")
@click.option("--batch", type=WholeNumber(2, 10_000_000), default=200, show_default=True,
              help="Games per arm between two checks of the stop rule.")
@click.option("--stop-on", default=None, metavar="MEASURE",
              help="Measure whose difference stops the run once clear (win0, length, drama, ...; 'never'). Default: "
                   "win0; with one player score0, or win0 where the winners rule may name nobody.")
@click.option("--alpha", type=click.FloatRange(0.0001, 0.5), default=0.05, show_default=True, callback=_a_number,
              help="Error rate of the stop rule, over all its checks.")
@run_options
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@click.option("--tally", "tallies", multiple=True, metavar="EXPR",
              help="An expression evaluated at each game's end (as winners is): its values counted in each arm (repeatable).")
@click.option("--tally-rounds", "round_tallies", multiple=True, metavar="EXPR",
              help="As --tally, but evaluated at each round's end: its values counted over each arm's rounds (repeatable).")
@click.option("--report", "report_dir", type=click.Path(file_okay=False), default=None,
              help="Write an HTML page with plots into DIR (pip install 'philtre[report]').")
@max_decisions_option
@guarded
@overlay_as_variant
@interruptible
def compare(ruleset, variants, base_variant, players, games, seed, agents, batch, stop_on, alpha, workers, backend, ray_address,
            db, no_db, resume, as_json, tallies, round_tallies, report_dir, max_decisions):
    """Compare RULESET with each --variant: same seeds, paired differences with 95% intervals.

    Games are played in batches; the run stops early once the difference in --stop-on is
    clear for every variant (a sequential test: docs/statistics.md in philtre's source).
    """
    from philtre.dsl.errors import PhiltreError

    from .agents import same_games
    from .compare import format_comparison, measure_names, run_comparison
    from .simulate import RunSpec

    variant_required(variants)
    check_run_options(backend, no_db, resume, report_dir, ray_address)
    base_overlays = _overlays(base_variant or "")
    if base_variant is not None and not base_overlays:
        raise click.BadParameter(f"'{base_variant}': give the base arm's overlays by name or path", param_hint="--base-variant")
    base = tallied(load(ruleset, base_overlays, playing=True), tallies, round_tallies)
    players = players_for(base, players) if players is not None or len(base.player_counts) == 1 else \
        _every_arms_players(base, [load(ruleset, _overlays(spec)) for spec in variants if _overlays(spec)])
    if stop_on is not None and stop_on != "never" and stop_on not in measure_names(players):
        raise click.BadParameter(f"'{stop_on}' is not a measure (one of: {', '.join(measure_names(players))}, never)",
                                 param_hint="--stop-on")
    if players not in base.player_counts:
        base.check_players(players, hint=_base_is_an_arm(ruleset, variants, players))
    names = agent_names(agents, players)
    # an arm is the same arm only if its overlays are the same files (by real path, or the same shipped variant), in the same
    # order, as simulate's each_once tells them apart: two files that share a name are two arms, told apart by their labels
    seen = {_identity(ruleset, base_overlays): "base"} if base_overlays else {}
    specs = []
    for spec in variants:
        overlays = _overlays(spec)
        if not overlays or seen.get(_identity(ruleset, overlays)) == "variant":
            raise click.BadParameter(f"'{spec}': give each variant once, by name or path", param_hint="--variant")
        if seen.get(_identity(ruleset, overlays)) == "base":
            raise click.BadParameter(f"'{spec}' is the base arm (--base-variant): compare it with another variant",
                                     param_hint="--variant")
        seen[_identity(ruleset, overlays)] = "variant"
        rs = tallied(load(ruleset, overlays, playing=True), tallies, round_tallies)
        rs.check_players(players)
        if same_games(rs, base, names):  # a house rule that restates the base: the comparison can show nothing
            note_no_rule_changed(spec, f"{ruleset} + {' + '.join(base_overlays)}" if base_overlays else ruleset)
        specs.append((overlays, RunSpec(rs, players, names, seed, max_decisions=max_decisions)))
        _note_unstacked(ruleset, rs.name, base_overlays, spec, overlays)
    labels = arm_labels(base_overlays, [overlays for overlays, _ in specs])[1:]
    arms = {label: run for label, (_, run) in zip(labels, specs)}
    base_spec = RunSpec(base, players, names, seed, max_decisions=max_decisions)
    check_output_paths(report_dir=report_dir)
    said = set()  # (what the base's rules hold is said once, with the base)
    warn_of_rules(base, ruleset, base_overlays, said)
    for overlays, run in specs:
        warn_of_rules(run.ruleset, ruleset, overlays, said)
    bar = progress_bar(games * (len(arms) + 1))
    bar.at_most = stop_on != "never"  # the stop rule may end the run at any look: the ETA is to --games, the most
    try:
        report, results = run_comparison(base_spec, arms, games, batch=min(batch, games),
                                         stop_on={"never": None, None: "default"}.get(stop_on, stop_on),
                                         alpha=alpha, workers=workers, backend=backend, db=None if no_db else db, resume=resume,
                                         progress=bar, address=ray_address, on_loaded=functools.partial(_on_loaded, bar))
    except PhiltreError as exc:  # (with --max-decisions, a game past the step limit is cut: R200 stops no run)
        raise (limit_hinted(exc) if max_decisions is None else exc) from None
    bar.finish()  # full at the games played: after an early stop, no games are left to wait for
    click.echo(json.dumps(report, indent=2) if as_json else format_comparison(report))
    if report_dir:  # after the summary: a page that cannot be written loses no game
        from .report import comparison_report

        with matplotlib_needed():
            page = comparison_report(report_dir, report, results)
        click.echo(f"report: {page}", err=True)


def _note_unstacked(ruleset: str, game: str, base_overlays, spec: str, overlays) -> None:
    """Say on stderr, before the games, where the base arm has overlays this arm leaves out: `--base-variant a --variant b`
    plays b without a, which a trial read as b on top of a (its arm was then a game random seats never finish)."""
    mine = {overlay_identity(ruleset, v) for v in overlays}
    without = [v for v in base_overlays if overlay_identity(ruleset, v) not in mine]
    if without:
        click.echo(f"note: arm {spec} is {game} + {' + '.join(overlays)}, without {', '.join(without)}: "
                   f"--variant {','.join([*without, *overlays])} stacks them", err=True)


def _every_arms_players(base, arms) -> int:
    """Without --players: the one player count every arm takes (the base takes 3 to 6, a variant only 3: 3), as
    simulate takes a ruleset's one count; a usage error naming each arm's counts where there are several, or none."""
    from philtre.dsl.model import counts_text

    shared = sorted(set(base.player_counts).intersection(*(rs.player_counts for rs in arms)))
    if len(shared) == 1:
        return shared[0]
    ranges = "; ".join(rs.allowed_players() for rs in (base, *arms))
    if not shared:
        raise click.UsageError(f"no player count suits every arm: {ranges}")
    if all(rs.player_counts == tuple(shared) for rs in arms):
        ranges = base.allowed_players()  # (each arm's counts are the base's)
    else:
        ranges += f"; every arm takes {counts_text(shared)}"
    raise click.UsageError(f"Missing option '--players' / '-p': {ranges}")


def _base_is_an_arm(ruleset: str, variants, players: int) -> str:
    """The hint for a player count the base does not take: the base is played too; a variant that takes it is simulated alone."""
    from philtre.dsl.errors import PhiltreError

    hint = "compare plays the base as well as each variant"
    for spec in variants:
        try:
            rs = load(ruleset, _overlays(spec))
        except PhiltreError:
            continue  # said when the variant itself is loaded
        if players in rs.player_counts:
            overlays = " ".join(f"--variant {v}" for v in _overlays(spec))
            return f"{hint}; to play '{spec}' alone: philtre simulate {ruleset} -p {players} {overlays}"
    from philtre.dsl.loader import resolve_ruleset_path
    from philtre.dsl.overlays import variants_taking

    shipped = variants_taking(resolve_ruleset_path(ruleset), players)
    return f"{hint}; {shipped[0]!r} takes {players}: philtre simulate {ruleset} -p {players} --variant {shipped[0]}" if shipped else hint


def _identity(ruleset: str, overlays) -> tuple:
    """What makes two arms one: each overlay's real path (a file, or the shipped variant a name resolves to), in order."""
    return tuple(overlay_identity(ruleset, v) for v in overlays)


def _overlays(spec: str) -> list:
    """The overlays of one arm, 'a,b' meaning a then b."""
    return [v.strip() for v in spec.split(",") if v.strip()]


def _on_loaded(bar, loaded: int, wanted: int, replaced: int = 0, db=None, recently=None, apart=None) -> None:
    """Say how many games a resumed comparison already had, or how many saved games it replaced (or holds of its arms'
    configurations with other tallies)."""
    if loaded:
        click.echo(f"resuming: {loaded} of {wanted} games already saved", err=True)
    note_replaced(replaced, db, recently, apart)
    bar.total = max(wanted - loaded, 0)
