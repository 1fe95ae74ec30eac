"""`philtre validate`: check ruleset, scenario and overlay files, layer by layer; optionally smoke-test them."""

from __future__ import annotations

import re
import sys
from collections import Counter

import click

from .summary import counted
from .cli import EXIT_FINDINGS, WholeNumber, each_once, finding_key, guarded, named, usable_folder


@click.command()
@click.argument("paths", nargs=-1, required=True, callback=named)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text", show_default=True,
              help="text for people, json for tools, github for GitHub Actions annotations.")
@click.option("--source/--no-source", default=None,
              help="Show each finding's source line with a caret under it (default: when stdout is a terminal).")
@click.option("--smoke", type=WholeNumber(0, 100_000), default=0, metavar="N",
              help="Also play N random games per allowed player count: runtime errors and rule coverage.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the --smoke games.")
@click.option("--record", "record_dir", type=click.Path(file_okay=False), default=None, metavar="DIRECTORY",
              help="With --smoke: write the record of the first game each failing rule stopped into DIRECTORY.")
@click.option("--max-decisions", "max_decisions", type=WholeNumber(1, 10**12), default=None, metavar="N",
              help="With --smoke: cut off a smoke game still going after N decisions (or past the ruleset's step limit "
                   "while its seats kept deciding), and go on: counted as cut, a note, not an error. Default: none; a "
                   "game past the step limit is R200 and stops the smoke.")
@click.option("--ignore", "ignored", multiple=True, metavar="CODE", callback=lambda ctx, param, codes: tuple(map(_code_start, codes)),
              help="Leave out warnings and notes whose code starts with CODE (repeatable, e.g. L001 or C).")
@click.option("--no-lint", is_flag=True, help="Skip the lints (L codes).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("--variant", "variants", multiple=True,
              help="Apply an overlay to each RULESET and check the result (repeatable).")
@guarded
def validate(paths, fmt, source, smoke, seed, record_dir, max_decisions, ignored, no_lint, exit_zero, variants):
    """Check ruleset files: YAML, schema, expressions, references, lints (and --smoke games)."""
    from philtre.dsl.report import FORMATS, Finding, summary

    for path in paths or [None]:
        each_once(variants, path)
    if record_dir is not None:
        if not smoke:
            raise click.UsageError("--record writes the records of failing --smoke games: give --smoke N too")
        usable_folder(record_dir, "'--record'")
    if max_decisions is not None and not smoke:
        raise click.UsageError("--max-decisions cuts off long --smoke games: give --smoke N too")
    show_source = sys.stdout.isatty() if source is None else source
    findings, said = [], set()
    checks = [(path, tuple(variants)) for path in paths] if variants else [c for path in paths for c in _with_its_variants(path)]
    for path, applied in checks:
        cut = Counter()
        found, reached, smoked, apart = _check_one(path, smoke, seed, ignored, not no_lint, applied, record_dir, max_decisions, cut)
        # a finding in the base is found again with each of its variants: said (and counted) once, where first found; not
        # a smoke game's failure, which the variant's own games met (its hint replays them): merged, the summary counted
        # an error no line showed
        mine = [Finding(f.diagnostic, f.layer, f.severity, applied) for f in found
                if finding_key(f) not in said or f.layer == "smoke" and f.fails]
        said.update(map(finding_key, mine))
        findings += mine
        if fmt != "json":  # text and annotations as each file is done; JSON is one list at the end
            text = FORMATS[fmt](mine, show_source)
            if text:
                click.echo(text)
        if fmt == "text":
            click.echo(summary(path, found, reached, smoked, applied, apart) + _cut_said(cut, max_decisions), err=True)
    if fmt == "json":
        click.echo(FORMATS[fmt](findings, show_source))
    if fmt == "text":
        click.echo(_totals(len(checks), findings), err=True)
    failed = any(f.fails for f in findings)
    sys.exit(EXIT_FINDINGS if failed and not exit_zero else 0)


def _with_its_variants(path: str):
    """``(path, ())``, then, for a game named by its name or its folder, ``(path, (variant,))`` for each file of its
    variants/ folder: a game is checked with every variant, as `philtre test` runs their scenarios."""
    import os

    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.loader import is_scenario_file, resolve_ruleset_path
    from philtre.dsl.overlays import variant_paths
    from philtre.dsl.yamlpos import load_file

    yield path, ()
    if os.path.isfile(path):
        return  # a file is checked as it is
    try:
        ruleset = resolve_ruleset_path(path)
        data = load_file(ruleset)
    except PhiltreError:
        return  # its own check says why
    if isinstance(data, dict) and "extends" not in data and not is_scenario_file(data):
        for variant in variant_paths(ruleset):
            yield path, (os.path.splitext(os.path.basename(variant))[0],)


CODE_START = re.compile(r"[A-Z][0-9]{0,3}")


def _code_start(text: str) -> str:
    """A finding's code or the start of one (L001, L, C), in capitals; else a usage error (an empty one would leave out every warning)."""
    code = text.strip().upper()
    if not CODE_START.fullmatch(code):
        raise click.BadParameter(f"{text!r} is not a finding's code or the start of one (a letter and up to three digits: L001, L or C)",
                                 param_hint="--ignore")
    return code


def _check_one(path: str, smoke: int, seed: int, ignored, lints: bool, variants=(), record_dir=None, max_decisions=None, cut=None):
    """One file's findings (without the ignored warnings and notes), the last layer reached, whether it was smoked, and
    (the scenarios.yaml beside it, the layer it stopped at) where the rules were checked without it (FileReport.apart).
    ``cut`` (a Counter): the smoke games --max-decisions cut off (smoke.smoke)."""
    from philtre.dsl.validate import check_file

    report = check_file(path, lints=lints, variants=variants)
    smoked = bool(smoke) and report.ruleset is not None and not report.errors
    if smoked:
        report.findings += _smoke(report.ruleset, smoke, seed, record_dir, report.run_by_variants, max_decisions, cut)
    kept = [f for f in report.findings if f.severity == "error" or not any(f.diagnostic.code.startswith(c) for c in ignored)]
    return kept, ("smoke" if smoked else report.reached), smoked, report.apart


def _smoke(ruleset, games: int, seed: int, record_dir=None, quiet=frozenset(), max_decisions=None, cut=None) -> list:
    """Findings of random games: runtime errors (layer smoke) and coverage notes (none for a statement whose `when` is
    at a place in ``quiet``); a progress bar on a terminal."""
    from philtre.dsl.report import finding

    from .smoke import smoke

    total = games * len(ruleset.player_counts)
    options = {"record_dir": record_dir, "quiet": quiet, "max_decisions": max_decisions, "cut": cut}
    if not sys.stderr.isatty() or total < 20:
        return [finding(d, "smoke") for d in smoke(ruleset, games, seed, **options)]
    with click.progressbar(length=total, label=f"smoke games of {ruleset.name}", file=sys.stderr) as bar:
        return [finding(d, "smoke") for d in smoke(ruleset, games, seed, progress=bar.update, **options)]


def _cut_said(cut: Counter, max_decisions) -> str:
    """The end of a file's summary line where --max-decisions cut smoke games off: how many, and why they are no error
    ('' where it cut none, or was not given)."""
    if max_decisions is None:
        return ""
    cuts = cut["decisions"] + cut["steps"]
    if not cuts:
        return f"; no smoke game cut (--max-decisions {max_decisions:,}: every game ended)"
    how = [f"{cut['decisions']} after {max_decisions:,} decisions"] * bool(cut["decisions"]) + \
        [f"{cut['steps']} at the step limit, still deciding"] * bool(cut["steps"])
    return (f"; {cuts} of {counted(cut['played'], 'smoke game')} cut ({', '.join(how)}; --max-decisions): "
            f"a note, not an error: random seats did not finish {'it' if cuts == 1 else 'them'}")


def _totals(files: int, findings) -> str:
    """'3 file(s) checked: 1 error, 2 warnings'."""
    counts = [(s, sum(1 for f in findings if f.severity == s)) for s in ("error", "warning", "note")]
    said = ", ".join(f"{n} {s}{'s' if n != 1 else ''}" for s, n in counts if n) or "no findings"
    return f"{files} file(s) checked: {said}"
