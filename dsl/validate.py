"""Validate one file of any kind philtre reads: a ruleset, a scenarios file, an overlay.

The checks run in layers (YAML, overlays, schema, expressions, references, lints); a layer with
errors stops the layers after it, whose findings would only echo the first mistake.
``check_file`` returns every finding with its layer; ``validate_path`` is the strict form
(raise on errors, return the compiled ruleset).
"""

from __future__ import annotations

import itertools
import os

from . import kept_trees
from .errors import Diagnostic, Loc, PhiltreError
from .loader import SCENARIO_FILE, is_scenario_file, load_ruleset, only_in_file, resolve_ruleset_path, sibling_scenarios_path
from .plain_data import Record, made_by
from .report import LAYERS, finding, suppressed, unsilenced
from .scenarios import (families_misshapen, patterns_not_made, patterns_run_out, pieces_off_the_board, players_out_of_range, shuffles_unshuffled,
                        partial_maps, positions_off_the_board, untyped_patterns)
from .yamlpos import Map, load_file

MAX_COMPONENTS = 100_000  # components of one game, for any allowed player count


def validate_path(path: str, variants=(), beside: bool = True):
    """Check ``path`` fully (compiling what it belongs to); raise PhiltreError with every finding.

    With ``variants``, ``path`` is a ruleset (a shipped game's name, a file or its folder)
    and the overlays are applied to it, as ``--variant`` does everywhere. ``beside``: false to leave out the
    scenarios.yaml beside the ruleset (its rules checked alone), as load_ruleset's.
    """
    if variants:
        return load_ruleset(path, list(variants))
    if os.path.isdir(path) and os.path.isfile(os.path.join(path, "ruleset.yaml")):
        inside = os.path.join(path, "ruleset.yaml")
        if _is_overlay(load_file(inside)):  # a house rule kept in a folder of its own: checked as the file is
            path = inside
    if os.path.isdir(path) or not os.path.exists(path):
        return load_ruleset(path, beside=beside)
    data = load_file(resolve_ruleset_path(path))
    if is_scenario_file(data):
        ruleset = os.path.join(os.path.dirname(path) or ".", "ruleset.yaml")
        if not os.path.isfile(ruleset):
            raise PhiltreError.at(Loc(path), "V004", f"a {SCENARIO_FILE} needs a ruleset.yaml beside it")
        return load_ruleset(ruleset, beside=beside)
    if _is_overlay(data):
        return load_ruleset(overlay_base(path), [path])
    return load_ruleset(path, data=data, beside=beside)


def _is_overlay(data) -> bool:
    """Whether a file's data is an overlay (it names the ruleset it extends)."""
    return isinstance(data, Map) and "extends" in data


def overlay_base(path: str) -> str:
    """The ruleset an overlay applies to, down its chain: `extends` names a file, a sibling variant or a shipped game."""
    from .overlays import extends_target, load_overlay

    from .overlays import circle_text, extends_not_found, own_game_hint, path_advice, refuse_other_files, shipped_spelling

    current, seen, via = path, [], None
    while True:
        if os.path.realpath(current) in seen:
            raise PhiltreError.at(via or Loc(path, 1, 1), "O003",
                                  f"overlays extend each other in a circle: {circle_text(seen, os.path.realpath(current))}")
        seen.append(os.path.realpath(current))
        overlay = load_overlay(current, base_only=True)
        extends = str(overlay.data["extends"])
        try:
            target = resolve_ruleset_path(extends_target(current, extends))
        except PhiltreError:
            # a variant's name is looked for among the variants of the ruleset the overlay is applied
            # to (--variant): alone, an overlay has no base to look in; say where to check it
            games = _shipped_games_with_variant(extends)
            where = (f"{games[0]} has a variant '{extends}': check this overlay on it, philtre validate {games[0]} --variant {path}"
                     if len(games) == 1 else shipped_spelling(extends) or _path_words(extends) or own_game_hint(current, extends)
                     or f"{path_advice(current)}; if '{extends}' is a variant of the ruleset this overlay is for, "
                     f"check it on that: philtre validate RULESET --variant {path}")
            raise extends_not_found(current, extends, overlay.data.loc_of("extends")) or PhiltreError.at(
                overlay.data.loc_of("extends"), "O002", f"cannot find '{extends}'", where) from None
        refuse_other_files(target, extends, overlay.data.loc_of("extends"))
        data = load_file(target)
        if is_scenario_file(data):
            raise PhiltreError.at(overlay.data.loc_of("extends"), "O002", f"'{extends}' is a scenarios file, not a ruleset or an overlay",
                                  "extends names the ruleset beside the scenarios, or its folder")
        if not (isinstance(data, Map) and "extends" in data):
            return target
        current, via = target, overlay.data.loc_of("extends")


def _path_words(extends: str) -> str:
    """For an `extends` written as a path: where it is looked for; '' for a bare name."""
    if "/" in extends or os.sep in extends or extends.endswith((".yaml", ".yml")):
        return "no such file: a path in extends is relative to the overlay's own folder"
    return ""


def _shipped_games_with_variant(name: str) -> list[str]:
    """The shipped games that have a variant called ``name``."""
    from .loader import shipped_games
    from .overlays import variant_paths

    return [game for game in shipped_games()
            if any(os.path.splitext(os.path.basename(p))[0] == name for p in variant_paths(resolve_ruleset_path(game)))]


class FileReport(Record):
    """What validating one path found, and how far the layers got."""

    path: str
    findings: list = made_by(list)
    ruleset: object = None  # the compiled Ruleset, when the file compiled
    reached: str = "yaml"  # the last layer that ran
    run_by_variants: frozenset = frozenset()  # (path, line, col) of the `when`s never true here that a variant of the folder makes true
    apart: tuple = ()  # (the scenarios.yaml beside the ruleset, the layer its errors stopped at) where the rules were checked without it

    @property
    def errors(self) -> list:
        return [f for f in self.findings if f.severity == "error"]


def check_file(path: str, lints: bool = True, variants=()) -> FileReport:
    """Every finding for ``path`` (with ``variants`` applied): the first layer with errors, or everything up to the lints."""
    with kept_trees.kept_for(path, variants):  # the lints' trees too: the next check of the same files needs no parser
        return _check(path, lints, variants)


def _check(path: str, lints: bool, variants) -> FileReport:
    """check_file's work."""
    report = FileReport(path)
    try:
        report.ruleset = validate_path(path, variants)
    except PhiltreError as exc:
        report.findings = [finding(d) for d in exc.diagnostics]
        report.reached = _failed_layer(report.findings)
        if lints and not variants and _in_scenario_files(path, report.findings):
            report.apart = (sibling_scenarios_path(resolve_ruleset_path(path)), report.reached)
            _check_rules_alone(path, report)
        return report
    named = _removals_named(report.ruleset)
    report.findings = [finding(d) for d in named(layout_diagnostics(report.ruleset) + scenario_counts(report.ruleset)
                                                 + pieces_off_the_board(report.ruleset) + positions_off_the_board(report.ruleset)
                                                 + families_misshapen(report.ruleset) + shuffles_unshuffled(report.ruleset)
                                                 + patterns_not_made(report.ruleset) + patterns_run_out(report.ruleset))]
    report.reached = "references"
    # notes fail nothing; laid out only where the layout is sound (its errors are the findings then)
    notes = [] if report.findings else [f for f in map(finding, untyped_patterns(report.ruleset) + partial_maps(report.ruleset))
                                     if not suppressed(f)]
    if lints and (not report.findings or _in_scenario_files(path, report.findings)):  # (the rules' lints read no scenario)
        _add_lints(path, report, report.ruleset, named)
    report.findings += notes
    return report


def _add_lints(path: str, report: FileReport, ruleset, named, scenarios_apart: bool = False) -> None:
    """The lints' findings for ``ruleset`` added to ``report`` (but those silenced, and the L003 a variant runs), as far
    as the lints."""
    from .lints import lint

    found = [unsilenced(f) for f in (finding(d) for d in named(lint(ruleset, scenarios_apart=scenarios_apart))) if not suppressed(f)]
    report.reached = "lints"
    report.run_by_variants = _run_by_variants(path, found)
    report.findings += [f for f in found if not (f.diagnostic.code == "L003" and _place(f.diagnostic.loc) in report.run_by_variants)]


def _in_scenario_files(path: str, findings) -> bool:
    """Whether every error of ``findings`` is in the scenarios.yaml beside the ruleset ``path`` names (none in the
    rules themselves)."""
    try:
        beside = sibling_scenarios_path(resolve_ruleset_path(path))
    except PhiltreError:  # (no ruleset there: its own error says so)
        return False
    return only_in_file([f.diagnostic for f in findings if f.severity == "error"], beside)


def _check_rules_alone(path: str, report: FileReport) -> None:
    """Where only the scenarios.yaml beside a ruleset has errors: the rules checked without it, up to their lints,
    added to ``report`` (a trial's new folder said `lints not checked` for the rules, whose
    lints do not depend on the scenarios: a definition only they use is read from their text, L001)."""
    try:
        ruleset = validate_path(path, beside=False)
    except PhiltreError as exc:  # (the scenarios' YAML or schema errors stopped the load before the rules were compiled)
        report.findings += [finding(d) for d in exc.diagnostics]
        report.reached = _failed_layer(report.findings)
        return
    laid_out = [finding(d) for d in layout_diagnostics(ruleset)]
    if laid_out:
        report.findings += laid_out
        return
    _add_lints(path, report, ruleset, lambda found: found, scenarios_apart=True)


def _place(loc) -> tuple:
    """A finding's place, to match it with the same finding of the ruleset with a variant applied."""
    return loc.path, loc.line, loc.col


def _run_by_variants(path: str, findings) -> frozenset:
    """The places of the `when`s among ``findings`` said always false (L003, a statement never run) that some variant
    in the folder of the ruleset at ``path`` makes not always false: a hook kept in the base for a variant to turn on
    (`when: extra > 0`, a variant's `extra: 1`), which that variant's own check covers."""
    from .lints import NEVER_RUNS, Facts

    never = {_place(f.diagnostic.loc) for f in findings if f.diagnostic.code == "L003" and NEVER_RUNS in f.diagnostic.message}
    if not never:
        return frozenset()
    from .overlays import variant_name, variant_paths

    try:
        variants = variant_paths(resolve_ruleset_path(path))
    except PhiltreError:
        return frozenset()
    run = set()
    for variant in variants:
        try:
            facts = Facts(load_ruleset(path, [variant_name(variant)]))
        except PhiltreError:
            continue  # its own check says why
        # the statement itself, kept by the variant (not removed: then it runs nowhere), its `when` not always false there
        run |= {_place(stmt.when.loc) for stmt, _, _ in facts.placed if stmt.when is not None
                and _place(stmt.when.loc) in never and facts.constant(stmt.when) != (True, False)}
    return frozenset(run)


def hidden_information(ruleset) -> list:
    """The findings of the lints of a game that shows a seat what it may not see (lints.HIDDEN_INFORMATION), but those
    a `# philtre: ignore[CODE]` comment silences: what `philtre play` warns of before the deal."""
    from .lints import HIDDEN_INFORMATION

    return rule_warnings(ruleset, HIDDEN_INFORMATION)


def rule_warnings(ruleset, codes=None) -> list:
    """The lints' findings (those ``codes`` names, or every one) for a loaded ruleset, but those a `# philtre:
    ignore[CODE]` comment silences, each leading to what an overlay removed where it did: what `philtre simulate` and
    `compare` warn of before their games."""
    from .lints import lint

    return [f for f in (finding(d) for d in _removals_named(ruleset)(lint(ruleset, codes))) if not suppressed(f)]


def _removals_named(ruleset):
    """What names, in the hint of each finding at a base's zone, variable or component, what an overlay removed of it
    (loader.entry_removals_named): a lint at a line the overlay's author did not write leads to the line they did."""
    from .loader import entry_removals_named

    return (lambda found: entry_removals_named(found, ruleset.source)) if ruleset.variants else (lambda found: found)


def _failed_layer(findings) -> str:
    """The layer whose errors stopped the checks (the latest layer with a finding)."""
    layers = [f.layer for f in findings if f.layer in LAYERS]
    latest = max(layers, key=LAYERS.index) if layers else "yaml"
    return "references" if latest == "expressions" else latest  # both are checked by one compilation


def scenario_counts(ruleset) -> list[Diagnostic]:
    """R001 at each scenario for a player count its ruleset does not take (scenarios.players_out_of_range; the loader
    adds them to the findings of a ruleset that fails to load)."""
    return players_out_of_range(ruleset.scenarios, ruleset.name, ruleset.variants, ruleset.player_counts)


def layout_diagnostics(ruleset) -> list[Diagnostic]:
    """Make the components for every allowed player count, as a game would: R002, R006, R009, R010."""
    found: dict = {}
    from .model import teams_at, zone_sizes

    for n in ruleset.player_counts:
        try:
            teams_at(ruleset, n)  # the partnerships, whatever the components (its messages name the count where it matters)
        except PhiltreError as exc:
            for d in exc.diagnostics:
                found.setdefault((d.code, str(d.loc)), Diagnostic(d.loc, d.code, f"{d.message} (with {n} players)"
                                 if "players" not in d.message else d.message, d.hint))
        try:
            zone_sizes(ruleset, n)  # first: counting the components makes the zones
        except PhiltreError as exc:
            for d in exc.diagnostics:
                found.setdefault((d.code, str(d.loc)), Diagnostic(d.loc, d.code, f"{d.message} (with {n} players)"
                                 if "players" not in d.message else d.message, d.hint))
            if any("too much work" in d.message for d in exc.diagnostics):
                break  # said once: each further player count would take as long again
            continue
        too_many = _too_many_components(ruleset, n)
        if too_many is not None:
            found.setdefault((too_many.code, str(too_many.loc)), too_many)
            continue
        try:
            ruleset.layout(n)
        except PhiltreError as exc:
            for d in exc.diagnostics:
                found.setdefault((d.code, str(d.loc)), Diagnostic(d.loc, d.code, f"{d.message} (with {n} players)", d.hint))
            if any("does too much work" in d.message for d in exc.diagnostics):
                break  # said once: each further player count would take as long again
    return list(found.values())


def _counted(n: int) -> str:
    """A count as written in a message: past a trillion (copies: 1e300) its power of ten, not a line of digits."""
    return f"{n:,}" if n < 10 ** 12 else f"about 10^{len(str(n)) - 1}"


def _too_many_components(ruleset, n: int) -> Diagnostic | None:
    """R010 when the component types would make more than MAX_COMPONENTS components with n players.

    Counted without making them: a combination's copies, when an expression, are computed
    for each combination (taken at their highest, 10,000, when there are too many
    combinations to look at).
    """
    total = 0
    for ctype in ruleset.components:
        combos = ctype.combination_count() * (n if ctype.per_player else 1)
        count = (combos * ctype.copies if isinstance(ctype.copies, int) and ctype.item_copies is None
                 else _copies_total(ruleset, ctype, n, combos))
        total += count
        if total > MAX_COMPONENTS:
            return Diagnostic(ctype.loc, "R010", f"the components would number more than {MAX_COMPONENTS:,} with {n} players "
                              f"('{ctype.name}' alone: {_counted(count)}, from {_counted(combos)} combinations of attributes)",
                              "fewer attribute values or copies")
    return None


def _copies_total(ruleset, ctype, n: int, combos: int) -> int:
    """How many components of a type there are: every combination's copies, added up.

    With too many combinations to look at, each is taken at the highest, 10,000. (Every
    combination at the largest copies of any was counted before: `10000 if value == 1 else 1`
    over 20 values made 200,000, not 10,019.)
    """
    if combos > MAX_COMPONENTS:
        return combos * 10_000
    from .model import _Seats, copies_at_layout

    seats = _Seats(n)
    names = [a for a, _ in ctype.attributes]
    total, spent = 0, [0]
    owners = range(n) if ctype.per_player else [None]
    for owner, (values, copies, _) in itertools.product(owners, tuple(ctype.counted())):
        attrs = dict(zip(names, values), **({"owner": owner} if owner is not None else {}))
        try:  # (copies reads the declared attributes alone: no derive is computed, which a combination of none may fail)
            value = copies_at_layout(copies, seats, attrs, spent)
        except Exception:  # noqa: BLE001 - the layout reports it (R002), too much work included
            return 0
        if isinstance(value, int):
            total += min(max(value, 0), 10_000)
    return total
