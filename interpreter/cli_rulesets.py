"""Commands about rulesets themselves: test (scenarios), show, diff, games, variants."""

from __future__ import annotations

import json
import os
import sys
from itertools import chain

import click

from .cli import EXIT_FINDINGS, guarded, load, named, overlay_as_variant, variant_required

@click.command()
@click.argument("ruleset", callback=named)
@click.option("--variant", "variants", multiple=True, help="Apply an overlay (repeatable).")
@click.option("-k", "select", default=None, help="Only scenarios whose name contains this text.")
@click.option("--base-scenarios", "base_scenarios", is_flag=True,
              help="Also run the base's scenarios on each variant's rules: those that fail are what it changes.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@guarded
@overlay_as_variant
def test(ruleset, variants, select, base_scenarios, as_json):
    """Run a ruleset's scenarios (its rulebook examples)."""
    from .scenarios import each_result, set_aside_results

    loaded, errors, unloaded = _load_combinations(ruleset, variants, base_scenarios)
    # found before any scenario runs: a run cut short by a file found unusable later loses nothing; the combinations
    # that load run all the same (a party game's `-k` picked a base scenario, and a variant's error stopped it unsaid)
    if errors and not loaded:
        _refuse(errors, as_json, unloaded, variants)
    if errors and not as_json:
        sys.stdout.flush()  # each stream flushed before the other is written: to one terminal or file, the `not run`
        for label, d in errors:  # line (stdout) follows the errors it counts (stderr), as written (a trial read it above them)
            click.echo(str(d) + _found_with(label), err=True)
        sys.stderr.flush()
    written = sum(len(rs.scenarios) + len(set_aside_results(rs)) + len(aside) for rs, _, _, aside in loaded)  # before -k picks
    results, labels = [], []
    interrupted = False
    try:
        for rs, label, of_base, aside in loaded:
            for r in chain(_unloaded_results(aside, select), each_result(rs, select, of_base)):  # each as it ends: a Ctrl-C keeps what ran
                if not as_json:
                    click.echo(f"{r.loc}: {'[' + label + '] ' if label else ''}{r.name} ... {_outcome(r)}")
                    for note in r.notes:  # under its scenario, passed or not: it does not fail it
                        click.echo(f"  note: {note}")
                results.append(r)
                labels.append(label)
    except KeyboardInterrupt:
        interrupted = True  # the summary of what ran, then "interrupted" and 130 (guarded)
    failed = [r for r in results if not r.passed]
    skipped = sum(1 for r in results if r.skipped)
    passed = len(results) - len(failed) - skipped
    if as_json:
        click.echo(json.dumps(_report(passed, len(failed), skipped, [_scenario_row(r, label) for r, label in zip(results, labels)],
                                      [_error_row(label, d) for label, d in errors]), indent=2))
    else:
        for r in failed:
            click.echo(f"\n__ {r.name} __")
            for f in r.failures:
                click.echo(f"  {f}")
        click.echo(f"\n{passed} passed, {len(failed)} failed" + (f", {skipped} skipped" if skipped else "")
                   + (" (interrupted)" if interrupted else ""))
        if unloaded:
            click.echo(_not_run(unloaded, errors, variants))
    if interrupted:
        raise KeyboardInterrupt
    if not results:
        click.echo(_nothing_to_run(written, variants, select), err=True)
    sys.exit(EXIT_FINDINGS if failed or not passed or errors else 0)


def _found_with(label: str) -> str:
    """' [with --variant a --variant b]' after an error of a combination with variants (as `validate` tags it), else ''."""
    names = [name for name in label.removesuffix(", base's").split(" + ") if name]
    return " [with " + " ".join(f"--variant {name}" for name in names) + "]" if names else ""


def _not_run(unloaded: list, errors: list, variants=()) -> str:
    """The line under the summary that names the scenarios not run, their files being unusable: `not run: variant
    bonus-cap's scenarios (their files do not load: 1 error above)`; `not run: the scenarios (scenarios.yaml does not
    load: 1 error above)` for a game run alone whose one file at fault is named."""
    from philtre.dsl.errors import Loc

    alone = unloaded == [""] and not variants
    said = [("the scenarios" if alone else "the base's scenarios") if not label else
            f"the base's scenarios on {label.removesuffix(', base' + chr(39) + 's')}" if label.endswith(", base's")
            else f"variant {label}'s scenarios" for label in unloaded]
    files = {str(Loc(d.loc.path)) for _, d in errors if d.loc is not None and d.loc.path}
    which = f"{next(iter(files))} does not load" if alone and len(files) == 1 else "their files do not load"
    return f"not run: {', '.join(said)} ({which}: {len(errors)} error{'s' if len(errors) != 1 else ''} above)"


def _unloaded_results(aside: list, select: str | None) -> list:
    """The base's scenarios that do not load on a variant's rules (`--base-scenarios`: a kind of card the variant
    removed, which they deal), as skipped results with the reason: the others run."""
    from .scenarios import Result

    return [Result(name, loc, [], f"does not load here: {_why_unloaded(found)}") for name, loc, found in aside
            if not select or select in name]


def _why_unloaded(found: list) -> str:
    """A set-aside scenario's reason: the removal its first error names (`'blue' is a suit the base gives and
    variants/x.yaml:9:5 removes`), else that error, where it is."""
    d = found[0]
    more = f" (and {len(found) - 1} more error{'s' if len(found) > 2 else ''})" if len(found) > 1 else ""
    return (d.hint if " removes" in d.hint and " gives and " in d.hint else f"{d.loc}: {d.code} {d.message}") + more


def _load_combinations(ruleset, variants, base_scenarios: bool = False) -> tuple[list, list]:
    """Every combination `test` runs, loaded before any of its scenarios runs: [(ruleset, label, whether it holds the
    base's scenarios on a variant's rules)], [(label, diagnostic)] for those that cannot be loaded, each
    diagnostic once (one of the base is found again with each of its variants), and the labels of those combinations.
    ``base_scenarios``: each combination with variants is loaded a second time, with the base's scenarios in place of
    its own, labelled "..., base's"."""
    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.loader import resolve_ruleset_path
    from philtre.dsl.overlays import variant_paths

    try:
        # without --variant: the base's scenarios, then each shipped variant's own
        combos = [list(variants)] if variants else [[]] + [[p] for p in variant_paths(resolve_ruleset_path(ruleset))]
    except PhiltreError as exc:
        return [], [(_label(variants), d) for d in exc.diagnostics], [_label(variants)]
    if base_scenarios and not any(combos):
        raise click.UsageError("--base-scenarios runs the base's scenarios on a variant's rules, and this game has no "
                               "variant: give one with --variant FILE")
    runs = [(combo, False) for combo in combos]
    if base_scenarios:
        runs += [(combo, True) for combo in combos if combo]
    loaded, errors, unloaded, said = [], [], [], set()
    for combo, of_base in runs:
        label = _label(combo) + (", base's" if of_base else "")
        try:
            aside: list = []
            loaded.append((load(ruleset, combo, base_scenarios=of_base, set_aside=aside if of_base else None), label, of_base, aside))
        except PhiltreError as exc:
            unloaded.append(label)
            for d in exc.diagnostics:
                if str(d) not in said:
                    said.add(str(d))
                    errors.append((label, d))
    return loaded, errors, unloaded


def _label(combo) -> str:
    """How a combination is shown beside its scenarios: 'advanced + really-wild' ('' for the base)."""
    return " + ".join(os.path.splitext(os.path.basename(v))[0] for v in combo)


def _refuse(errors, as_json: bool, unloaded=(), variants=()) -> None:
    """Say why the files cannot be used (on stderr, or in the JSON document, whose shape stays the same), what did not
    run for it, and exit 1."""
    if as_json:
        click.echo(json.dumps(_report(0, 0, 0, [], [_error_row(label, d) for label, d in errors]), indent=2))
    else:
        sys.stdout.flush()  # (in the order written, as test's)
        for _, d in errors:
            click.echo(str(d), err=True)
        sys.stderr.flush()
        click.echo(_not_run(list(unloaded), errors, variants))
    sys.exit(EXIT_FINDINGS)


def _report(passed: int, failed: int, skipped: int, scenarios: list, errors: list = ()) -> dict:
    """The document `test --json` prints: always these keys, whether the scenarios ran or a file could not be used."""
    return {"passed": passed, "failed": failed, "skipped": skipped, "scenarios": scenarios, "errors": list(errors)}


def _error_row(label: str, diagnostic) -> dict:
    """One reason the files cannot be used, for `test --json`: the combination it was found in, where, and what."""
    return {"variant": label or None, **_diagnostic_json(diagnostic)}


def _diagnostic_json(diagnostic) -> dict:
    """A diagnostic as --json gives it: where (path, line, column) and what (code, message, hint)."""
    from philtre.dsl.errors import tidy_path

    loc = diagnostic.loc
    return {"path": tidy_path(loc.path), "line": loc.line, "column": loc.col,
            "code": diagnostic.code, "message": diagnostic.message, "hint": diagnostic.hint}


def _outcome(result) -> str:
    """'ok', 'FAILED' or 'skipped (why)'."""
    return f"skipped ({result.skipped})" if result.skipped else "ok" if result.passed else "FAILED"


def _scenario_row(result, variant: str) -> dict:
    """One scenario's result for `test --json`: where it is written, its outcome and every failure, as printed."""
    from philtre.dsl.errors import tidy_path

    loc = result.loc
    return {"name": result.name, "variant": variant or None, "path": tidy_path(loc.path), "line": loc.line, "column": loc.col,
            "outcome": "skipped" if result.skipped else "ok" if result.passed else "failed",
            "skipped": result.skipped or None, "failures": [str(f) for f in result.failures], "notes": list(result.notes)}


def _nothing_to_run(written: int, variants, select) -> str:
    """Why `philtre test` ran no scenario: -k matched none of those written, or none are written."""
    if written and select:
        return f"no scenario's name contains {select!r} ({written} scenario(s) written; -k picks them by a part of their name)"
    where = ("an overlay holds its scenarios under its own 'scenarios:' key" if variants
             else "write them in scenarios.yaml beside the ruleset, or under its 'scenarios:' key")
    return f"no scenarios to run: {where} (see docs/language.md#scenarios in philtre's source)"


@click.command()
@click.argument("ruleset", callback=named)
@click.option("--variant", "variants", multiple=True, help="Apply an overlay (repeatable).")
@click.option("--origins", is_flag=True, help="Annotate each line with the file:line:col it came from (a key whose value is printed below it: the key's).")
@guarded
@overlay_as_variant
def show(ruleset, variants, origins):
    """Print the resolved ruleset (with its variants applied) as YAML."""
    from philtre.dsl.describe import dump_with_origins
    from philtre.dsl.overlays import variant_descriptions

    rs = _playable(load(ruleset, variants))
    for variant, text, at in variant_descriptions(rs):  # the resolved description is the base's: say each house rule's own
        click.echo((f"# + {variant}: {text}" if text else f"# + {variant}") + (f"  # {at}" if origins else ""))
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


def _playable(rs):
    """``rs``, unless validate refuses it once it compiles, as its components are made for each player count (R002,
    R006, R009, R010): shown or explained, it would read as rules no game can start with. (A scenario's player count,
    R001, is no rule.)"""
    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.validate import layout_diagnostics

    refused = layout_diagnostics(rs)
    if refused:
        raise PhiltreError(refused)
    return rs


@click.command()
@click.argument("ruleset", callback=named)
@click.option("--variant", "variants", multiple=True, help="The overlay(s) to explain (repeatable; required unless RULESET is an overlay's path).")
@click.option("--full", is_flag=True, help="Print each value whole (a long one is cut at a word's end, '...' there).")
@guarded
@overlay_as_variant
def diff(ruleset, variants, full):
    """Say, item by item, what the variants change in the ruleset."""
    from philtre.dsl.describe import describe_changes
    from philtre.dsl.overlays import variant_descriptions

    variant_required(variants)
    base = load(ruleset)
    resolved = _playable(load(ruleset, variants))
    changes = describe_changes(_without_scenarios(base.source), _without_scenarios(resolved.source), whole=full)
    click.echo(f"{' + '.join(variants)} on {base.name}: {len(changes)} change(s)")
    for variant, text, _ in variant_descriptions(resolved):  # what the overlay says it changes, before what it does change
        if text:
            click.echo(f"  {variant}: {text}")
    if not changes:  # a description or scenarios of its own change no rule: the base's games are played
        click.echo(f"  no rule differs from {base.name}'s: it plays the same games (an overlay's description and scenarios are not rules)")
    for line in changes:
        click.echo(f"  - {line}")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@guarded
def games(as_json):
    """List the shipped games."""
    from philtre.dsl import load_ruleset, shipped_games
    from philtre.dsl.shipped import shipped_path

    rows = []
    for name in shipped_games():
        # by its path: a name is a RULESET, and ./NAME (a game of one's own, `philtre new NAME` for a shipped NAME) hides the shipped one
        rs = load_ruleset(shipped_path("philtre.rulesets", name, "ruleset.yaml"))
        rows.append({"game": name, "title": rs.title, **_players_json(rs)})
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    for row in rows:
        click.echo(f"{row['game']:<10} {_players_text(row['players']):<6} {row['title']}")


def _players_json(rs) -> dict:
    """The player counts a ruleset takes, for --json: the lowest, the highest, and every one (players: [2, 4] has a gap)."""
    return {"min_players": rs.min_players, "max_players": rs.max_players, "players": list(rs.player_counts)}


def _players_text(counts) -> str:
    """'3..6', '3' for one number of players, '2,4' for counts with a gap (as --players takes them)."""
    counts = list(counts)
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}..{counts[-1]}"
    return ",".join(map(str, counts))


@click.command()
@click.argument("ruleset", callback=named)
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@guarded
@overlay_as_variant
def variants(ruleset, as_json):
    """List a ruleset's shipped variants: the name --variant takes, the players each takes once applied, its description.

    A variant that cannot be applied (a bad file, a bad rule) is listed as such, the others as usual, in text as in
    JSON; its error follows on stderr, and the command exits 1."""
    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.loader import resolve_ruleset_path
    from philtre.dsl.overlays import variant_paths

    base = load(ruleset)
    rows = [_variant_row(ruleset, p) for p in variant_paths(resolve_ruleset_path(ruleset))]
    if as_json:
        click.echo(json.dumps([{**row, "errors": [_diagnostic_json(d) for d in row["errors"]]} for row in rows], indent=2))
    elif not rows:
        click.echo(f"{base.name} has no variants")
    else:
        _variants_table(rows)
    failed = list(dict.fromkeys(d for row in rows for d in row["errors"]))  # (one of the base's, found with two, said once)
    if failed:  # (after the list: one broken file hid every good variant)
        raise PhiltreError(failed)


def _variants_table(rows) -> None:
    """`variants`' table: a variant that cannot be applied says so where its players and description would be."""
    names = [_name_text(row) for row in rows]
    width = max(len("variant"), *map(len, names))  # the header's columns line up with short names too
    click.echo(f"{'variant':<{width}}  players  description")
    for name, row in zip(names, rows):
        if row["errors"]:
            first = row["errors"][0]
            click.echo(f"{name:<{width}}  {'-':<7}  cannot be applied: {first.code} (the error follows, on stderr)")
            continue
        players = _players_text(row["players"])
        click.echo(f"{name:<{width}}  {players:<7}  {_one_line(row['description'])}")


def _name_text(row: dict) -> str:
    """'short', or 'short (variant: quick)' for a file whose `variant:` says another name (--variant takes the file's)."""
    return row["variant"] + (f" (variant: {row['written_name']})" if row["written_name"] else "")


def _one_line(text: str) -> str:
    """A description written over several lines, on one line: in the table, a second line started at column 0."""
    return " ".join(line.strip() for line in text.splitlines() if line.strip())


def _variant_row(ruleset, overlay_path) -> dict:
    """One shipped variant for `variants`: the name --variant takes (its file's), the players it takes once applied
    (its own `players:`, or that of the overlay it extends, or the base's), the name its `variant:` writes if another,
    and its description."""
    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.overlays import load_overlay, variant_name

    try:
        overlay, rs = load_overlay(overlay_path), load(ruleset, [overlay_path])
    except PhiltreError as exc:  # listed as one that cannot be applied, with its diagnostics
        return {"variant": variant_name(overlay_path), "min_players": None, "max_players": None, "players": None,
                "written_name": None, "description": None, "errors": exc.diagnostics}
    return {"variant": overlay.name, **_players_json(rs),
            "written_name": overlay.written_name, "description": str(overlay.data.get("description", "")),
            "errors": []}
