"""Find, read, check and compile a ruleset (with its overlays) into a ``Ruleset``."""

from __future__ import annotations

import json
import os
import re

from . import geometry, kept_trees
from .builtins import MAX_WHOLE
from .blocks import check_circles, declared_blocks
from .cache import sha256
from .compiler import (ANY, MAX_SEATS, NO_TEAMS_SAID, SEAT, SEAT_INDEXES, Compiler, Define, Expr, Symbols, a_type, one_e152_per_place, parse_define_head,
                       plain_type)
from .errors import Diagnostic, Loc, PhiltreError, did_you_mean, few_listed
from .labels import compiled_labels
from .model import (
    Action,
    ComponentType,
    DieSpec,
    IfCall,
    Parameter,
    Ruleset,
    GridLabels,
    TEAMS_LATER,
    TeamsByCount,
    Stmt,
    VariableSpec,
    Winners,
    ZoneSpec,
    teams_of,
    with_teams,
)
from .scenarios import (
    AT_START,
    ROUND_END,
    check_dice_patterns,
    check_given_attributes,
    check_given_variables,
    check_step_arguments,
    compile_scenarios,
    given_teams_refused,
    option_steps,
    players_out_of_range,
    step_positions_refused,
)
from .scenario_defaults import check_defaults, checking, found_by_scenario, said_once, with_defaults
from .shipped import shipped_path
from .statements import Context, compile_block, compile_then, counting_hint, revealed_values, writes_set_aside
from .variable_types import Typer, check_variable_types, seat_indexes, typed_variables
from .yamlpos import YAML_SUFFIXES, Map, ScalarLoc, Seq, is_system_file, load_file, loc_of, plain

TOP_KEYS = ("philtre", "game", "title", "description", "players", "components", "zones", "variables", "dice",
            "define", "show", "actions", "flow", "winners", "heuristic", "scenarios", "step_limit")
DEFAULT_STEP_LIMIT = 1_000_000
RESERVED_ATTRIBUTES = ("type", "id", "owner")
# what each reserved name already is on every component, and names an author's attribute may take instead (R005's hint)
RESERVED_MEANINGS = {
    "type": ("the component type's name (`c.type == 'card'`, or `c is card`)", "kind, suit or category"),
    "id": ("the component's number, counted from 0 over every component (a key for the rules, never shown)",
           "number, label or code"),
    "owner": ("the seat a component of an `each: player` type belongs to", "holder, side or colour"),
}
# an attribute's values written as a range: 3..35 (ASCII digits, any length: a long number is R011, not a word)
RANGE_VALUE = re.compile(r"\s*(-?[0-9]+)\s*\.\.\s*(-?[0-9]+)\s*")
MAX_RANGE_VALUES = 10_000
ALMOST_RANGE = re.compile(r"\s*(-?[0-9]+)\s*(?:\.{3,}|\u2026)\s*(-?[0-9]+)\s*")  # 3...35 or 3…35: a range meant, not a word
MAX_RANGED_VALUES = 1_000_000  # values spelt out from ranges in one ruleset: 1,000 ranges of 10,000 would fill the memory


def shipped_games() -> list[str]:
    """Names of the games shipped in philtre.rulesets."""
    root = shipped_path("philtre.rulesets")
    return sorted(name for name in os.listdir(root) if os.path.isfile(os.path.join(root, name, "ruleset.yaml")))


def shipped_name(path: str) -> str | None:
    """The name of the shipped game whose ruleset file ``path`` is (None for any other file)."""
    real = os.path.realpath(path)
    return next((name for name in shipped_games() if os.path.realpath(resolve_ruleset_path(name)) == real), None)


def resolve_ruleset_path(name_or_path: str) -> str:
    """A shipped game's name or a path (file or folder) -> the ruleset file's path."""
    if os.path.isdir(name_or_path):
        # the current folder's file is 'ruleset.yaml', not './ruleset.yaml', in every finding
        here = os.path.normpath(name_or_path) == "."
        candidate = "ruleset.yaml" if here else os.path.join(name_or_path, "ruleset.yaml")
        if os.path.isfile(candidate):
            return candidate
        if os.path.lexists(candidate):  # a ruleset.yaml that is a pipe or a dangling link: not "a folder without one"
            raise PhiltreError.at(Loc(candidate), "F001", f"{_unreadable(candidate)}, so it cannot be read as the folder's ruleset")
    if os.path.isfile(name_or_path):
        return name_or_path
    if os.sep not in name_or_path and "/" not in name_or_path and not name_or_path.endswith((".yaml", ".yml")):
        candidate = shipped_path("philtre.rulesets", name_or_path, "ruleset.yaml")
        if os.path.isfile(candidate):
            return candidate
        if os.path.exists(name_or_path):  # a folder or file of that name, but not a ruleset: say why
            raise PhiltreError.at(Loc(name_or_path), "F001", _not_a_ruleset_file(name_or_path), _what_is_there(name_or_path))
        raise PhiltreError.at(Loc(name_or_path), "F002", f"no shipped game or file named '{name_or_path}'",
                              did_you_mean(name_or_path, shipped_games() + _rulesets_here("."), any_case=True) or "shipped: " + ", ".join(shipped_games()))
    raise PhiltreError.at(Loc(name_or_path), "F001", _not_a_ruleset_file(name_or_path), _what_is_there(name_or_path))


def not_a_ruleset_kind_of_file(path: str) -> bool:
    """Whether ``path`` is a file of another kind than a ruleset's (.yaml, .yml): untrusted input that names one (a
    record's header, an overlay's `extends:`) is refused without reading it, so that it cannot have /etc/passwd read
    and a line of it shown. Judged by its name and by what it leads to: a link x.yaml -> /etc/passwd is no ruleset,
    nor is a file of /proc, /sys or /dev (load_file refuses them too, for every file it reads)."""
    if not os.path.isfile(path):
        return False
    real = os.path.realpath(path)
    return (not os.fspath(path).lower().endswith(YAML_SUFFIXES) or not real.lower().endswith(YAML_SUFFIXES)
            or is_system_file(real))


def leads_to(path: str) -> str:
    """', it leads to REAL' for a path that is a link (or is in a linked folder), said where it is refused; else ''."""
    real = os.path.realpath(path)
    return f", it leads to {real}" if real != os.path.abspath(path) else ""


def _rulesets_here(folder: str) -> list[str]:
    """The names in ``folder`` a RULESET may give: its folders holding a ruleset.yaml and its YAML files."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return [name for name in names if name.endswith((".yaml", ".yml")) or os.path.isfile(os.path.join(folder, name, "ruleset.yaml"))]


def _what_is_there(path: str) -> str:
    """A hint for a path that names no ruleset file: the YAML files of a folder without ruleset.yaml, or a
    file or folder beside the path spelt alike (`mygame/rulset.yaml`, `mygmae`), else ''."""
    if os.path.isdir(path):
        try:
            found = sorted(name for name in os.listdir(path) if name.endswith((".yaml", ".yml")))
        except OSError:  # a folder that cannot be read: F001 says so without a hint
            return ""
        shown = ", ".join(found[:4]) + (", ..." if len(found) > 4 else "")
        return f"it holds {shown}: give the path of one file, a ruleset or a house rule" if found else ""
    if os.path.lexists(path):  # a pipe or a dangling link: it is there, so no other name was meant
        return ""
    folder, name = os.path.split(os.path.normpath(path))
    others = sorted(n for n in _rulesets_here(folder or ".") if n != name)  # a pipe named x.yaml is not "did you mean 'x.yaml'?"
    import difflib  # (only for a path that is not there: imported then, not at every start)

    close = difflib.get_close_matches(name, others, n=1, cutoff=0.6) if name else []
    if close:
        return f"did you mean '{os.path.join(folder, close[0])}'?"
    return _shipped_by_name(path)


def _shipped_by_name(path: str) -> str:
    """For a missing path into a shipped game's folder (rulesets/GAME/ruleset.yaml, typed outside the repository):
    that the game is named by its name alone, from any folder; else ''."""
    from .overlays import VARIANTS_FOLDER

    parts = os.path.normpath(path).split(os.sep)
    at = max((i for i, part in enumerate(parts) if part in shipped_games()), default=None)
    if at is None:
        return ""
    game = parts[at]
    if parts[at + 1 : at + 2] == [VARIANTS_FOLDER] and len(parts) == at + 3:
        variant = os.path.splitext(parts[-1])[0]
        return f"'{variant}' is a variant of the shipped game '{game}': name them, {game} --variant {variant}, from any folder"
    return f"'{game}' is a shipped game: name it alone, {game}, from any folder"


def loop_names(block) -> set:
    """The names a flow's loops bind, at any depth (`for: NAME in ...`, `repeat: ...` with `as: NAME`), read from the YAML."""
    found = set()
    for stmt in block if isinstance(block, list) else ():
        if not isinstance(stmt, dict):
            continue
        head = stmt.get("for")
        if isinstance(head, str) and " in " in head:
            found.add(head.split(" in ", 1)[0].strip())
        if isinstance(stmt.get("as"), str):
            found.add(stmt["as"])
        for value in stmt.values():
            found |= loop_names(value)
    return found


def statement_names(ruleset) -> set:
    """The names given to statements (`name: turns`), at any depth of the flow, of the actions' `do:` and of the blocks."""
    return {stmt["name"] for stmt in _statements_written(ruleset, ("do",)) if isinstance(stmt.get("name"), str)}


def binds_current(ruleset) -> bool:
    """Whether a `turns` step is written anywhere a statement runs (the flow, an action's `do:` or `then:`, a block):
    only it binds `current`, so where there is none, nothing does."""
    return any("turns" in stmt for stmt in _statements_written(ruleset, ("do", "then")))


def _statements_written(ruleset, action_keys):
    """Each statement (a mapping, as written in the YAML) at any depth of the flow, of the actions' blocks under
    ``action_keys`` and of the blocks."""
    actions = [a for a in (ruleset.get("actions") or {}).values() if isinstance(a, dict)]
    blocks = [ruleset.get("flow")] + [a.get(key) for a in actions for key in action_keys]
    blocks += list((ruleset.get("blocks") or {}).values()) if isinstance(ruleset.get("blocks"), dict) else []
    while blocks:
        block = blocks.pop()
        for stmt in block if isinstance(block, list) else ():
            if isinstance(stmt, dict):
                yield stmt
                blocks.extend(v for v in stmt.values() if isinstance(v, list))


def _not_a_ruleset_file(path: str) -> str:
    """Why ``path`` (neither a ruleset file nor a folder holding one) cannot be read as a ruleset."""
    if os.path.isdir(path):
        return "a folder without a ruleset.yaml in it"
    if os.path.lexists(path):  # /dev/zero, a pipe, a socket: never read, they may not end; or a link that leads nowhere
        return _unreadable(path)
    return "no such file"


KEYWORDS = {"and", "else", "false", "for", "if", "in", "is", "none", "not", "or", "true"}  # the grammar's words


def load_ruleset(name_or_path: str, variants=(), data=None, as_recorded: bool = False, beside: bool = True,
                 base_scenarios: bool = False, set_aside: list | None = None) -> Ruleset:
    """Load, check and compile a ruleset; every problem found is raised in one PhiltreError.

    ``data``: the file as ``load_file`` read it, when the caller has read it already.
    ``as_recorded``: ``name_or_path`` is a record header's ruleset.source (recorded_ruleset_path).
    ``variants``: the overlays' names or paths, applied in order; one alone may be a string, as the adapters take it
    (``variants="advanced"`` was read letter by letter: "no variant or overlay file 'a'").
    ``beside``: False leaves out the scenarios.yaml beside the file (for a command that plays, where it has errors).
    ``base_scenarios``: with ``variants``, the base's scenarios (its `scenarios:` and the scenarios.yaml beside it) in
    place of the overlays' own, on the rules the overlays make (`philtre test --base-scenarios`: what a house rule changes).
    ``set_aside``: with ``base_scenarios``, a list to which each of the base's scenarios that does not load on the
    overlays' rules is added, (its name, where it is written, its errors), the others loaded without it; without it, one
    such scenario stops the load, as any error does.
    """
    if isinstance(variants, str):
        variants = (variants,)
    path = recorded_ruleset_path(name_or_path) if as_recorded else resolve_ruleset_path(name_or_path)
    with kept_trees.kept_for(path, variants):
        return _load(name_or_path, path, variants, data, beside, base_scenarios, set_aside)


def recorded_ruleset_path(source: str) -> str:
    """A record header's ruleset.source -> the ruleset file's path.

    A shipped game's name (what the recorder writes for a game named by its name) is that shipped game from
    any folder: a ./NAME folder, which hides the shipped game from a RULESET argument, would replay the record
    against other rules. Anything else is a path as written (the recorder writes absolute ones; a relative one is
    the current folder's).
    """
    if source in shipped_games():
        return shipped_path("philtre.rulesets", source, "ruleset.yaml")
    return resolve_ruleset_path(source)


def _load(name_or_path: str, path: str, variants, data, beside: bool = True, base_scenarios: bool = False,
          set_aside: list | None = None) -> Ruleset:
    """load_ruleset's work, its expressions' trees kept (dsl/kept_trees.py)."""
    if data is None:
        data = load_file(path)
    if isinstance(data, Map) and "extends" in data:
        raise PhiltreError.at(data.key_loc("extends"), "O001",
                              "this file is an overlay (it has 'extends'): apply it with --variant on its base ruleset",
                              _apply_overlay_hint(path))
    if is_scenario_file(data):
        raise PhiltreError.at(data.key_loc("scenarios"), "V003", _scenarios_not_a_ruleset(path))
    _check_extends_spelling(data)
    base_scenarios = base_scenarios and bool(variants)
    extra = _sibling_scenarios(path, data.get("dice") if isinstance(data, Map) else None) if beside and (base_scenarios or not variants) else []
    own = (data.get("scenarios"), data.loc_of("scenarios")) if base_scenarios and isinstance(data, Map) and "scenarios" in data else None
    near: list = []  # keys the overlays added beside a base key spelt like them
    removed: list = []  # names the overlays removed from a section, and where
    if variants:
        from .overlays import apply_overlays

        data = apply_overlays(data, path, list(variants), near, removed)
        if base_scenarios:  # the base's scenarios, not the overlays' own, on the rules the overlays make
            data["scenarios"] = own[0] if own else Seq(data.loc)
            data.val_locs["scenarios"] = own[1] if own else data.loc
    # the shipped game itself, named by its name (read as recorded, or not hidden by a ./NAME): a record names it so
    shipped = name_or_path in shipped_games() and os.path.realpath(path) == os.path.realpath(
        shipped_path("philtre.rulesets", name_or_path, "ruleset.yaml"))
    while True:
        try:
            return build_ruleset(data, path, tuple(str(v) for v in variants), origin=name_or_path if shipped else os.path.abspath(path),
                                 extra_scenarios=extra, variant_origins=tuple(map(variant_origin, variants)))
        except PhiltreError as exc:
            if not variants:
                raise
            from .overlays import joined_hint, joined_maps, new_not_patched

            named = joined_hint(PhiltreError(entry_removals_named(new_not_patched(exc, near, removed).diagnostics, data)), joined_maps(data))
            apart = _scenarios_apart(named.diagnostics, data["scenarios"], extra) if base_scenarios and set_aside is not None else None
            if apart is None:
                raise named from None
            data["scenarios"], extra, aside = apart
            set_aside += aside


def _scenarios_apart(diagnostics, own: Seq, extra) -> tuple | None:
    """(the base's own scenarios, those of the scenarios.yaml beside it, [(name, loc, its errors)]) without the scenarios
    that ``diagnostics`` are written in, where every one is written in one of them (a variant's deck without a kind of
    card, which some of the base's scenarios deal: the others still run, `test --base-scenarios`); else None."""
    if not isinstance(own, Seq) or not isinstance(extra, list):
        return None
    items = [(item, loc_of(own, i)) for i, item in enumerate(own)] + [(item, loc_of(extra, i)) for i, item in enumerate(extra)]
    spans = _item_spans(items)
    hit: dict = {}
    for d in diagnostics:
        at = next((i for i, (p, first, last) in enumerate(spans)
                   if d.loc is not None and os.path.realpath(d.loc.path or "") == p and first <= d.loc.line < last), None)
        if at is None:
            return None
        hit.setdefault(at, []).append(d)
    if not hit:
        return None
    kept = [Seq(own.loc), Seq(getattr(extra, "loc", own.loc))]
    aside = []
    for i, (item, loc) in enumerate(items):
        if i in hit:
            name = item.get("name") if isinstance(item, Map) else None
            aside.append((str(name) if name is not None else f"scenario {i + 1}", loc, hit[i]))
        else:
            seq = kept[i >= len(own)]
            seq.append(item)
            seq.locs.append(loc)
    return kept[0], kept[1], aside


def _item_spans(items) -> list:
    """(real path, first line, line after the last) of each of ``items`` [(item, where it is written)]: up to the next
    item written after it in its file."""
    starts = [(os.path.realpath(loc.path or ""), loc.line) for _, loc in items]
    return [(p, line, min((other for q, other in starts if q == p and other > line), default=float("inf"))) for p, line in starts]


def _apply_overlay_hint(path: str) -> str:
    """How to apply the overlay at ``path`` to its base, found down its chain (`GAME --variant house.yaml`); '' if none is found."""
    try:
        return " --variant ".join(overlay_applied(path))
    except PhiltreError:
        return ""


def overlay_applied(path: str) -> tuple[str, str]:
    """The overlay at ``path`` as a RULESET and a --variant that apply it to its base, found down its chain: (GAME,
    house.yaml), (., lock-six) for a variant in the base's variants/ folder, said as the user gave the path (a
    relative one stays relative). The error of a base not found, as validate says it."""
    from .overlays import resolve_variant_path
    from .validate import overlay_base

    base = overlay_base(path)
    folder = os.path.normpath(os.path.dirname(base))
    named = shipped_name(base) or (folder if os.path.basename(base) == "ruleset.yaml" else base)
    if not os.path.isabs(path):  # said as the user gave it: a relative path stays relative
        named = shipped_name(base) or os.path.relpath(named)
    name = os.path.splitext(os.path.basename(path))[0]
    try:  # its name, where that names this very file among the base's variants (not x.yml beside x.yaml, nor a file x)
        by_name = os.path.realpath(resolve_variant_path(base, name)) == os.path.realpath(path)
    except PhiltreError:
        by_name = False
    shipped_beside = os.path.realpath(os.path.dirname(path)) == os.path.realpath(os.path.join(folder, "variants"))
    return named, name if shipped_beside and by_name else path


def _check_extends_spelling(data) -> None:
    """A file with no `game:` but a key spelt like `extends` is an overlay with a typo: say that, not 'game is required'."""
    if not isinstance(data, Map) or "game" in data:
        return
    for key in data:
        if str(key) != "extends" and did_you_mean(str(key), ["extends"]):
            raise PhiltreError.at(data.key_loc(key), "V001", f"unknown key ('{key}' was unexpected)", "did you mean 'extends'?")
    if data and not any(key in data for key in ("players", "flow")):  # nothing of a ruleset: a house rule without its first line
        raise PhiltreError.at(data.loc, "V002", "'game' is required here",
                              "a ruleset has game:, players: and flow:; a house rule starts with extends: GAME, the game it changes")


def variant_origin(variant) -> str:
    """A variant as a record names it: a file's absolute path (a record is replayed from anywhere), else its name."""
    # resolve_variant_path takes a file of that name first, then a variant of the base's variants/ folder
    return os.path.abspath(variant) if os.path.isfile(variant) else str(variant)


SCENARIO_FILE = "scenarios.yaml"


def _scenarios_not_a_ruleset(path: str) -> str:
    """What to give instead of a scenarios file where a ruleset is expected: the folder of the ruleset beside it."""
    folder = os.path.dirname(path) or "."
    if not os.path.isfile(os.path.join(folder, "ruleset.yaml")):
        return f"this file holds scenarios, not a ruleset: a {SCENARIO_FILE} lives beside the ruleset.yaml it tests"
    runs = "which runs them" if os.path.basename(path) == SCENARIO_FILE else f"which runs the {SCENARIO_FILE} beside it"
    return f"this file holds scenarios, not a ruleset: give the folder of its ruleset (philtre test {folder}, {runs})"


SCENARIO_FILE_KEYS = ("scenarios", "defaults")


def is_scenario_file(data) -> bool:
    """A scenarios file is a mapping with `scenarios:` and, optionally, `defaults:` (beside a ruleset.yaml)."""
    return isinstance(data, Map) and "scenarios" in data and all(key in SCENARIO_FILE_KEYS for key in data)


SCENARIOS_SHAPE = "a scenarios file holds 'scenarios:', with a list of scenarios, and may hold 'defaults:'"


def sibling_scenarios_path(path: str) -> str:
    """The scenarios.yaml beside the ruleset file at ``path``."""
    return os.path.join(os.path.dirname(path), SCENARIO_FILE)


def only_in_file(diagnostics, path: str) -> bool:
    """Whether there are ``diagnostics`` and every one lies in the file at ``path`` (compared by real path): the errors
    of a scenarios.yaml beside a ruleset alone, which stop neither the rules' lints nor the games played."""
    where = os.path.realpath(path)
    return bool(diagnostics) and all(os.path.realpath(d.loc.path or "") == where for d in diagnostics)


def _sibling_scenarios(path: str, dice=None) -> list:
    """Scenarios kept in scenarios.yaml next to the ruleset file, checked against the scenario schema.

    A scenarios.yaml that is there but no file that can be read (a folder, a pipe, a dangling link) is F001, not
    skipped: skipped, `philtre test` said only "no scenarios to run" and `philtre validate` "no findings"."""
    sibling = sibling_scenarios_path(path)
    if os.path.basename(path) == SCENARIO_FILE or not os.path.lexists(sibling):
        return []
    if not os.path.isfile(sibling):
        raise PhiltreError.at(Loc(sibling), "F001", f"{_unreadable(sibling)}: the scenarios beside the ruleset cannot be read",
                              f"make {SCENARIO_FILE} a file of scenarios, or remove it")
    data = load_file(sibling)
    if not is_scenario_file(data) or not isinstance(data["scenarios"], list):
        raise PhiltreError.at(_shape_loc(data, sibling), "V003", SCENARIOS_SHAPE)
    from .schema import schema_diagnostics

    problems = check_defaults(data) if "defaults" in data else []  # once, not in each scenario that takes them
    if problems:
        raise PhiltreError(problems)
    items = with_defaults(data, data["scenarios"], sibling)
    defaults = data.get("defaults") or {}
    defaulted = tuple((defaults.get("given") or {}) if isinstance(defaults, dict) else ())
    for i, item in enumerate(items):
        # each item alone (the fast check has no scenarios-file kind): a scalar item has no place of its own
        problems.extend(schema_diagnostics(item, "scenario", where=loc_of(data["scenarios"], i), defaulted=defaulted,
                                           dice=plain(dice) if dice is not None else None))
    if problems:
        raise PhiltreError(problems)
    return items


def _unreadable(path: str) -> str:
    """Why ``path``, which is there, is no file to read: a folder, a link to nothing, or not a regular file."""
    if os.path.isdir(path):
        return "a folder, not a file"
    if os.path.islink(path) and not os.path.exists(path):
        try:
            os.stat(path)
        except OSError as exc:  # ENOENT: a link to nothing; ELOOP: links that lead round in a circle
            return f"a link that leads to no file ({exc.strerror})"
    return "not a regular file"


def _shape_loc(data, path: str) -> Loc:
    """Where a scenarios file that is not `scenarios: [...]` goes wrong: the first key besides `scenarios`, the
    `scenarios:` value, or the document's start (a scalar or empty document has no place of its own)."""
    if isinstance(data, Map):
        extra = [key for key in data if key not in SCENARIO_FILE_KEYS]
        if extra:
            return data.key_loc(extra[0])
        if "scenarios" in data:
            return data.loc_of("scenarios")
    loc = getattr(data, "loc", None)
    return loc if loc is not None and loc.line else Loc(path, 1, 1)


def content_hash(data) -> str:
    """A stable hash of the resolved ruleset's rules (not of where they came from): equal when they play the same games."""
    from .canonical import canonical_text

    # what tells of the game, shows it or steers the agents, not its rules: a record made before a `heuristic` or a
    # board line (`show`) was added replays
    rules = {k: v for k, v in data.items() if k not in ("scenarios", "title", "description", "heuristic", "show")}
    if isinstance(rules.get("variables"), dict):
        rules["variables"] = {name: _unquieted(spec) for name, spec in rules["variables"].items()}
    if isinstance(rules.get("zones"), dict):  # (a zone's `quiet` and `show_sorted` too: what people are shown, not the game)
        rules["zones"] = {name: _shown_apart(spec) for name, spec in rules["zones"].items()}
    if isinstance(rules.get("dice"), dict):  # (a die's `quiet` too: its long form read as the faces it was written as)
        rules["dice"] = {name: spec.get("faces") if isinstance(spec, dict) else spec for name, spec in rules["dice"].items()}
    if isinstance(rules.get("actions"), dict):  # (an action's `label` and `description` too: text for people)
        rules["actions"] = {name: _action_played(spec) for name, spec in rules["actions"].items()}
    # (a statement's `name` too: a label messages, overlays and scenarios find it by, which no record holds but a
    # `failed` line's words)
    if isinstance(rules.get("flow"), list):
        rules["flow"] = _unnamed(rules["flow"])
    if isinstance(rules.get("blocks"), dict):
        rules["blocks"] = {head: _unnamed(body) for head, body in rules["blocks"].items()}
    if isinstance(rules.get("components"), dict):  # an attribute's values spelt out: `k: 0..2` is `k: [0, 1, 2]`
        # (and a type's `display` left out: which attributes text for people prints; records keep every one)
        rules["components"] = {name: _undisplayed(_ranges_spelt(spec)) for name, spec in rules["components"].items()}
    if isinstance(rules.get("define"), dict):  # a definition no rule reads (play's board's alone, or none) plays no game
        rules["define"] = _definitions_played(rules)
        if not rules["define"]:  # (as a ruleset without the section)
            del rules["define"]
    return "sha256:" + sha256(canonical_text(rules).encode()).hexdigest()[:16]


def _range_spelt(value):
    """An attribute's value `lo..hi` as its whole numbers, or None for any other value (as attribute_values reads it)."""
    bounds = RANGE_VALUE.fullmatch(value) if isinstance(value, str) else None
    if bounds is None or max(len(bounds[1]), len(bounds[2])) > 12:
        return None
    lo, hi = int(bounds[1]), int(bounds[2])
    return list(range(lo, hi + 1)) if lo <= hi and hi - lo < MAX_RANGE_VALUES else None


def _ranges_spelt(spec):
    """A component type's spec as the content hash reads it: each range of an attribute's values (`k: 0..2`, `k: [0,
    2..4]`) spelt out, the values it stands for (language.md, Components), so a range and its values written out have
    one hash; a range of one value is that value (`k: 3..3` is `k: 3`)."""
    if not isinstance(spec, dict) or not isinstance(spec.get("attributes"), dict):
        return spec
    attributes = {}
    for name, values in spec["attributes"].items():
        if isinstance(values, list):
            attributes[name] = [v for value in values for v in (_range_spelt(value) or [value])]
        else:
            spelt = _range_spelt(values)
            attributes[name] = values if spelt is None else spelt[0] if len(spelt) == 1 else spelt
    return {**spec, "attributes": attributes}


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _words(value, found: set) -> set:
    """Every word in the texts (keys too) of ``value``, at any depth."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            found.update(_WORD.findall(item))
        elif isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return found


def _definitions_played(rules: dict) -> dict:
    """`define` as the content hash reads it: the definitions the rules may read, named in them or in a definition they
    may read (a word spelt like it anywhere counts, so none that is read is left out); one only play's board (`show`),
    the `heuristic` or a scenario reads, or none, is left out: it plays no game (a record made before it was added
    replays)."""
    defines = rules["define"]
    heads = {}
    for head in defines:
        heads.setdefault(_head_name(head), []).append(head)
    named = _words({k: v for k, v in rules.items() if k != "define"}, set())
    read, todo = set(), [name for name in heads if name in named]
    while todo:
        name = todo.pop()
        if name in read:
            continue
        read.add(name)
        for head in heads[name]:
            todo.extend(word for word in _words([head, defines[head]], set()) if word in heads and word not in read)
    return {head: body for head, body in defines.items() if _head_name(head) in read}


def _head_name(head) -> str:
    """The name a definition's head gives (`near(a, b)`: near)."""
    name = _WORD.match(str(head).strip())
    return name.group(0) if name else str(head)


def _without_quiet(spec):
    """A variable's spec as the content hash reads it: `quiet` left out, as it only changes what people are shown."""
    return {key: value for key, value in spec.items() if key != "quiet"} if isinstance(spec, dict) else spec


def _shown_apart(spec):
    """A zone's spec as the content hash reads it: `quiet`, `show_sorted` and a grid's `labels` left out, as they only
    change what people are shown (a record made before either was added still replays)."""
    if not isinstance(spec, dict):
        return spec
    shown = {key: value for key, value in spec.items() if key not in ("quiet", "show_sorted")}
    if isinstance(shown.get("grid"), dict) and "labels" in shown["grid"]:  # (a board's labels name its cells for people)
        shown["grid"] = {key: value for key, value in shown["grid"].items() if key != "labels"}
    return shown


def _action_played(spec):
    """An action's spec as the content hash reads it: `label` and `description` left out, as they only change how the
    action reads to people (play's options, the text above them): a record made before either was added still replays,
    and a definition only a label (or a word of the description) names is left out with it."""
    if not isinstance(spec, dict):
        return spec
    played = {key: value for key, value in spec.items() if key not in ("label", "description")}
    for key in ("do", "then"):  # (its statements' names: see _unnamed)
        if isinstance(played.get(key), list):
            played[key] = _unnamed(played[key])
    return played


STATEMENT_BLOCKS = ("do", "else", "round")  # a statement's keys that hold statements of its own (statements._block)


def _unnamed(block):
    """A list of statements as the content hash reads it: each statement's `name` left out, at any depth of its blocks,
    as it is a label (messages, overlays' `$after`, scenarios' `given.at` find the statement by it) and plays no game: a
    record made before it was added or changed still replays. Only a statement's own key goes: `set: {name: 1}` sets a
    variable called name."""
    if not isinstance(block, list):
        return block
    out = []
    for stmt in block:
        if isinstance(stmt, dict):
            stmt = {key: _unnamed(value) if key in STATEMENT_BLOCKS else value for key, value in stmt.items() if key != "name"}
        out.append(stmt)
    return out


def _undisplayed(spec):
    """A component type's spec as the content hash reads it: `display` left out, as it only changes which attributes
    text for people prints (records, views, agents and expressions have every one): a record made before it was added
    or changed still replays. An item of its `list` keeps a `display` of its own: that is an attribute (L023)."""
    return {key: value for key, value in spec.items() if key != "display"} if isinstance(spec, dict) else spec


def _unquieted(spec):
    """A variable's spec as the content hash reads it: `quiet` left out, as it only changes what play tells (the same
    games, so a record made before it was added still replays); a quiet one that is left with a word, number, true/false
    or null as its `initial` alone is read as the short form it was written in before (`again: false`), and a list in
    the short form (`log: []`, since 2026-12-08) as the long form it stands for (`log: {initial: []}`), so that making
    either quiet (`log: {initial: [], quiet: true}`) keeps its hash."""
    if isinstance(spec, list):
        return {"initial": spec}
    if not isinstance(spec, dict) or "quiet" not in spec:
        return spec
    rest = _without_quiet(spec)
    if set(rest) <= {"initial"} and not isinstance(rest.get("initial"), (dict, list)):
        return rest.get("initial", 0)
    return rest


def _let_names(block) -> frozenset:
    """The names the `let` statements of a block written in the file bind, in its nested blocks too."""
    names = set()
    for stmt in block if isinstance(block, list) else ():
        if isinstance(stmt, dict):
            if isinstance(stmt.get("let"), dict):
                names.update(str(name) for name in stmt["let"])
            for key in ("do", "else"):
                names |= _let_names(stmt.get(key))
    return frozenset(names)


def _most_copies(text, counts: tuple) -> int | None:
    """The most zones a `copies` expression of numbers and the player count makes (`9 * player_count`), for the
    player counts ``counts``; None for any other (one naming a definition is known only once definitions compile, after
    the expressions that read the family: those charge a loop over it as over the most copies a ruleset may have)."""
    from . import ast
    from .parser import parse

    def value(node, n):
        if isinstance(node, ast.Const) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name) and node.name == "player_count":
            return n
        if isinstance(node, ast.BinOp) and node.op in _COPIES_OPS:
            left, right = value(node.left, n), value(node.right, n)
            if left is not None and right is not None and (node.op != "//" or right > 0):
                return _COPIES_OPS[node.op](left, right)
        return None

    try:
        tree = parse(str(text), Loc("", 1, 1))
    except PhiltreError:
        return None  # (said where the copies are compiled)
    sizes = [value(tree, n) for n in counts[:65]]
    return None if None in sizes or not sizes else max(sizes)


_COPIES_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "//": lambda a, b: a // b}


def build_ruleset(data, path: str, variants: tuple = (), origin: str | None = None, extra_scenarios=(), variant_origins=None,
                  tallies=(), if_parts: bool = False, round_tallies=()) -> Ruleset:
    """Resolved YAML data -> Ruleset, or PhiltreError with every diagnostic (``tallies``: texts of expressions compiled
    with the rules, evaluated at a game's end: `simulate --tally`; ``round_tallies``: the same, evaluated at each round's
    end: `--tally-rounds`; ``if_parts``: each action's `if` that is an `and` of
    parts has them compiled too, Action.if_parts)."""
    if not isinstance(data, Map):
        loc = getattr(data, "loc", Loc(path, 1, 1))
        kind = "a list" if isinstance(data, list) else "an empty document" if data is None else f"a single value ({data!r:.40})"
        if os.path.basename(path) == SCENARIO_FILE:  # what was meant is a scenarios file, not a ruleset
            raise PhiltreError.at(loc, "Y003", f"{SCENARIOS_SHAPE}, not {kind}")
        raise PhiltreError.at(loc, "Y003", f"a ruleset is a YAML mapping (keys such as game:, players:, zones:), not {kind}")
    from .schema import schema_diagnostics

    problems = schema_diagnostics(data, "ruleset")
    if problems:
        raise PhiltreError(problems)
    builder = _Builder(data, path, variants, origin or path)
    builder.extra_scenarios = extra_scenarios
    builder.tally_texts = tuple(tallies)
    builder.round_tally_texts = tuple(round_tallies)
    builder.if_parts = if_parts
    builder.variant_origins = variants if variant_origins is None else variant_origins
    return builder.build()


def compiled_again(ruleset: Ruleset, **how) -> Ruleset:
    """``ruleset`` built again from its resolved YAML with build_ruleset's options ``how``, the scenarios beside its
    file with it (left out, the lints of the ruleset played found a definition only they read unused, which validate
    does not: `simulate --tally`)."""
    return build_ruleset(ruleset.source, ruleset.path, ruleset.variants, origin=ruleset.origin,
                         variant_origins=ruleset.variant_origins, extra_scenarios=list(ruleset.scenarios_beside), **how)


def with_if_parts(ruleset: Ruleset) -> Ruleset:
    """``ruleset`` compiled again with the parts of each action's `if` that is an `and` of parts (Action.if_parts):
    play names the part that rules out an option typed, not the whole `if`. The scenarios beside it are left out:
    they have no part in a message of play (a trial's, refused there by another check, left every `if` named whole)."""
    return build_ruleset(ruleset.source, ruleset.path, ruleset.variants, origin=ruleset.origin,
                         variant_origins=ruleset.variant_origins, if_parts=True)


TALLY_PLACE = "--tally"  # the path of a --tally expression's findings (line: which one, from 1; column: in its text)
ROUND_TALLY_PLACE = "--tally-rounds"  # the same, of a --tally-rounds expression's


def with_tallies(ruleset: Ruleset, texts, round_texts=()) -> Ruleset:
    """``ruleset`` compiled again with the expressions ``texts`` (its `tallies`, evaluated at each game's end, in the
    context of `winners`) and ``round_texts`` (its `round_tallies`, the same at each round's end); PhiltreError with
    their findings, placed at TALLY_PLACE (ROUND_TALLY_PLACE), the line the tally's place among them (from 1) and the
    column in its text."""
    return compiled_again(ruleset, tallies=texts, round_tallies=round_texts)


def _shown_call_hint(name: str, params) -> str:
    """R016's hint for a definition with parameters listed in `show`: list one without parameters that calls it."""
    example = (f'all_{name}: "[{name}(p) for p in players]", one value a seat' if len(params) == 1
               else f"{name}_now: {name}({', '.join('...' for _ in params)}), its arguments given")
    return f"define one without parameters that calls it, and list that: {example}"


def shown_in_sight(ruleset: Ruleset) -> Ruleset:
    """``ruleset``, or PhiltreError with an R016 at each definition of its `show` that reads what some seat (or an
    onlooker) does not see: the board shows its value, worked out from the whole game, to every seat."""
    if not ruleset.shown:
        return ruleset
    from .lints import shown_unseen

    found = shown_unseen(ruleset)
    if found:
        raise PhiltreError(found)
    return ruleset


def _count_written(copies):
    """A `copies` as the schema let it through: an expression stays text, compiled once definitions are known
    (component_copies); a number a whole one (2.0 is a whole number to the schema, as to YAML's readers)."""
    return copies if isinstance(copies, str) else int(copies)


def _item_copies(listed) -> tuple | None:
    """The counts the items of a type's `list` write themselves, one per item: None where an item writes none, else
    (its whole number or expression as text, where it is written); None where no item writes one."""
    own = tuple((_count_written(item["copies"]), item.loc_of("copies")) if "copies" in item else None for item in listed)
    return own if any(own) else None


def _names_a_definition(text, defines: set) -> bool:
    """Whether an expression's text has a word that is a definition's name (perhaps in a quoted word: then it is
    compiled later than it need be, the same code)."""
    return not defines.isdisjoint("".join(c if c.isalnum() or c == "_" else " " for c in str(text)).split())


def _data_text(value) -> str:
    """A constant table's text where a finding quotes a definition's body: its first items, as a literal writes them."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:56] + " ..."


def words_in(value) -> set:
    """The words in a piece of data (a variable's initial value, the lists and maps in it too)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    return set().union(*map(words_in, value)) if isinstance(value, list) else set()


def overlay_written(data, base_path: str) -> dict:
    """(kind, name) -> where an overlay, not the base file, wrote a definition, attribute, variable, zone or die, or
    removed it or a key of it (a Removal): named beside a type error it causes in an expression of the base
    (`total(into) > limit`, with limit a word)."""
    out: dict = {}
    sections = [("definition", data.get("define")), ("variable", data.get("variables")), ("zone", data.get("zones")),
                ("die", data.get("dice"))]
    sections += [("attribute", spec.get("attributes")) for spec in (data.get("components") or {}).values() if isinstance(spec, Map)]
    for kind, section in sections:
        if not isinstance(section, Map):
            continue
        for key in section:
            where = _written_apart(section, key, base_path)
            if where is not None:
                out.setdefault((kind, str(key).partition("(")[0].strip()), where)
    # what an overlay took away, where nothing it wrote is named instead; a component's removals too (its `attributes`
    # removed whole: what the base's deal from its zone or its expressions reading them now lack)
    for kind, section in sections + [("component", data.get("components"))]:
        if isinstance(section, Map):
            for what, name, where in _removed_from(kind, section):
                out.setdefault((what, name), where)
    return out


def _removed_from(kind: str, section: Map) -> list:
    """[(kind, name, Removal)] of what an overlay's `$remove: true` took from ``section``: an attribute a base's expression
    reads (a definition, variable, zone or die removed whole is an unknown name, said so in loading: new_not_patched),
    a key of an entry (a zone's `each`, `grid` or `copies`, a component's `attributes`), which changes what the base
    reads there, and each attribute a component's `attributes` removed whole held."""
    from .compiler import Removal

    found = [(kind, str(key), Removal(loc)) for key, loc in (section.removed_at or {}).items()
             if kind == "attribute" and key not in section]
    for key, value in section.items():
        if isinstance(value, Map) and value.removed_at:
            found += [(kind, str(key).partition("(")[0].strip(), Removal(loc, str(part)))
                      for part, loc in value.removed_at.items() if part not in value]
            held = (value.removed_held or {}).get("attributes", ()) if kind == "component" and "attributes" not in value else ()
            found += [("attribute", str(name), Removal(value.removed_at["attributes"])) for name in held]
    return found


def values_removed(data, base_path: str) -> dict:
    """(attribute, value) -> (where an overlay removed it, who declared it: 'the base' or an overlay's path) for each value a component's `list`,
    `attributes`, one attribute's values or the whole type declared before an overlay replaced or removed it
    (overlays._held_replaced): a rule of the base comparing with it is dead under the overlay, not misspelt (L057, and
    T009's hint). A value some component still declares is the caller's to leave out (it compares with what is left)."""
    out: dict = {}
    section = data.get("components") if isinstance(data, Map) else None
    if not isinstance(section, Map):
        return out
    for name, held in (section.replaced_held or {}).items():
        for before, where, _ in held:
            _declared_in_spec(before, where, out)
    for spec in section.values():
        if not isinstance(spec, Map):
            continue
        for key, held in (spec.replaced_held or {}).items():
            for before, where, _ in held:
                if key == "list":
                    _declared_in_list(before, where, out)
                elif key == "attributes":
                    _declared_in_attributes(before, where, out)
        attrs = spec.get("attributes")
        for attr, held in (attrs.replaced_held or {}).items() if isinstance(attrs, Map) else ():
            for before, where, was_at in held:
                _declared_values_of(str(attr), before, where, was_at, out)
    base = os.path.realpath(base_path)
    return {key: (where, "the base" if os.path.realpath(declared.path or "") == base else str(Loc(declared.path)))
            for key, (where, declared) in out.items()}


def _declared_in_spec(spec, where, out: dict) -> None:
    """values_removed's part for a whole component type removed or replaced at ``where``."""
    if isinstance(spec, Map):
        _declared_in_attributes(spec.get("attributes"), where, out)
        _declared_in_list(spec.get("list"), where, out)


def _declared_in_list(listed, where, out: dict) -> None:
    """values_removed's part for a type's `list` (each item's attributes but its `copies`) replaced at ``where``."""
    for item in listed if isinstance(listed, list) else ():
        for attr, value in item.items() if isinstance(item, Map) else ():
            if attr != "copies" and isinstance(value, (str, int, float)) and not isinstance(value, bool):
                out[(str(attr), value)] = (where, item.loc_of(attr))


def _declared_in_attributes(attrs, where, out: dict) -> None:
    """values_removed's part for a type's `attributes` replaced at ``where``."""
    for attr, values in attrs.items() if isinstance(attrs, Map) else ():
        _declared_values_of(str(attr), values, where, attrs.loc_of(attr), out)


def _declared_values_of(attr: str, values, where, declared, out: dict) -> None:
    """values_removed's part for one attribute's declared values (a list, one value or a range `lo..hi` of them)."""
    for value in values if isinstance(values, list) else [values]:
        bounds = RANGE_VALUE.fullmatch(value) if isinstance(value, str) else None
        if bounds is not None and max(len(bounds[1]), len(bounds[2])) <= 12 and 0 <= int(bounds[2]) - int(bounds[1]) < MAX_RANGE_VALUES:
            for n in range(int(bounds[1]), int(bounds[2]) + 1):
                out[(attr, n)] = (where, declared)
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            out[(attr, value)] = (where, declared)


def removed_said(attribute: str, value, removal) -> str:
    """"'blue' is a suit the base gives and variants/x.yaml:9:5 removes": a value compared with, or given, that an
    overlay took out of the components (values_removed's ``removal``)."""
    where, giver = removal
    return f"{value!r} is a{'n' if attribute[:1] in 'aeiou' else ''} {attribute} {giver} gives and {where} removes"


ENTRY_SECTIONS = (("zone", "zones"), ("variable", "variables"), ("component", "components"), ("die", "dice"),
                  ("definition", "define"))  # (kind, section): the entries whose own keys an overlay may remove


def entry_removals_named(diagnostics: list, data) -> list:
    """``diagnostics``, each one written in the base's spec of an entry (a zone, variable, component, die) that an overlay
    removed a key of with a hint naming the removal: `visible: owner` is R008 at the base's zone once an overlay removed
    its `each: player`, a line the overlay's author did not write, as a finding in an expression reading it is
    (Compiler._name_overlay_changes)."""
    spans = _removal_spans(data)
    if not spans:
        return diagnostics
    out = []
    for d in diagnostics:
        for path, first, last, removals in spans:
            if d.loc is not None and d.loc.path == path and first <= d.loc.line <= last:
                said = "; ".join(said for said, where in removals if str(where) not in (d.hint or ""))
                if said:
                    d = Diagnostic(d.loc, d.code, d.message, f"{d.hint}; {said}" if d.hint else said)
        out.append(d)
    return out


def _removal_spans(data) -> list:
    """[(path, first line, last line, [(what the hint says, where the overlay removed it)])] of each entry's spec in the
    base an overlay removed a key of: the lines of the base's own keys and values in it."""
    from .compiler import Removal, _written_by

    spans = []
    for kind, section_name in ENTRY_SECTIONS if isinstance(data, Map) else ():
        section = data.get(section_name)
        for key, spec in section.items() if isinstance(section, Map) else ():
            if not (isinstance(spec, Map) and spec.removed_at):
                continue
            name = str(key).partition("(")[0].strip()
            removals = [(_written_by(kind, name, Removal(loc, str(part))), loc) for part, loc in spec.removed_at.items() if part not in spec]
            at = section.key_loc(key)
            lines = [at.line, *_lines_written(spec, at.path)]
            if removals and at.line:
                spans.append((at.path, min(lines), max(lines), removals))
    return spans


def _lines_written(value, path: str) -> list:
    """The lines of ``path`` on which ``value`` (a mapping or list read from YAML) has a key or an item, nested ones too."""
    if isinstance(value, Map):
        locs, inner = [*value.key_locs.values(), *value.val_locs.values()], list(value.values())
    elif isinstance(value, Seq):
        locs, inner = list(value.locs), list(value)
    else:
        return []
    return [loc.line for loc in locs if loc.path == path and loc.line] + [n for v in inner for n in _lines_written(v, path)]


def _written_apart(section: Map, key, base_path: str):
    """Where ``section[key]`` was written outside the base file (its value, or a key of it: `each: player` merged into the
    base's variable), or None."""
    value = section[key]
    places = [section.loc_of(key)] + ([value.key_loc(k) for k in value] if isinstance(value, Map) else [])
    return next((where for where in places if where.path != base_path), None)


def numbers_past_the_limit(data, scenarios) -> list:
    """(where, value) of each number written in ``data`` or ``scenarios`` (a key too) past +-MAX_WHOLE.

    An attribute's value, a die's face, a variable's initial data, a scenario's scores: the rules compare, store
    and record them, and no arithmetic of a game could make one (R100). A fraction as large (`1.0e20`) is no exact
    number: `x / 1` of it is a whole number past the limit, refused (R100) only when the game runs. A
    scenario's `seed` is no value of the rules: any 64-bit number, as --seed takes.
    """
    found: list = []
    rules = {key: value for key, value in data.items() if key != "scenarios"} if isinstance(data, Map) else data
    _collect_past_the_limit(rules, data, found)
    for scenario in scenarios:
        if isinstance(scenario, Map):
            _collect_past_the_limit({k: v for k, v in scenario.items() if k != "seed"}, scenario, found)
    return found


def _collect_past_the_limit(items, where, found: list) -> None:
    """numbers_past_the_limit's walk of the keys and values of ``items`` (a dict or list), written in the Map or Seq
    ``where`` (``items`` itself, or the part of it walked)."""
    pairs = items.items() if isinstance(items, dict) else enumerate(items)
    for key, value in pairs:
        if isinstance(items, dict) and _past_the_limit(key):
            found.append((where.key_loc(key) if isinstance(where, Map) else loc_of(where, key), key))
        if _past_the_limit(value):
            found.append((loc_of(where, key), value))
        elif isinstance(value, (dict, list)):
            _collect_past_the_limit(value, value, found)


def _past_the_limit(value) -> bool:
    """Whether ``value`` is a number (not true/false) beyond +-MAX_WHOLE: a whole number, or a fraction (yamlpos
    refuses the infinite ones and nan, Y001)."""
    return type(value) in (int, float) and not -MAX_WHOLE <= value <= MAX_WHOLE


class _Builder:
    """Builds one Ruleset, collecting diagnostics as it goes."""

    def __init__(self, data: Map, path: str, variants: tuple, origin: str):
        self.data, self.path, self.variants, self.origin = data, path, variants, origin
        self.extra_scenarios: list = []
        self.tally_texts: tuple = ()
        self.round_tally_texts: tuple = ()
        self.if_parts = False  # compile the parts of an `if` that is an `and` of parts (with_if_parts)
        self.ranged = 0  # values spelt out from attribute ranges so far (MAX_RANGED_VALUES)
        self.symbols = Symbols()
        self.compiler = Compiler(self.symbols)

    def error(self, loc, code, message, hint=""):
        self.compiler.error(loc, code, message, hint)

    def build(self) -> Ruleset:
        d = self.data
        self.symbols.teams = "declared" if "teams" in d else ""  # (expressions read them: `teams`, `team(p)`)
        counts = self.players()
        # (a loop over the seats is bounded by the table the game declares, not the most any game may: E133, unrolling)
        self.symbols.most_seats = min(max(counts[-1], 1), MAX_SEATS) if type(counts[-1]) is int else MAX_SEATS
        zones = self.zones()
        self.symbols.zones = {n: ("single" if z.kind == "single" else "family") for n, z in zones.items()}
        self.symbols.seat_zones = {n for n, z in zones.items() if z.kind == "player"}
        # (N zones a team, `each: team, copies: N`, read meld[t][r] as N zones a seat are: kept flat, t * N + r)
        self.symbols.seat_copies = {n: z.copies for n, z in zones.items() if z.kind in ("seat_copies", "team_copies")}
        self.symbols.team_zones = {n for n, z in zones.items() if z.kind in ("team", "team_copies")}
        self.symbols.copy_names = {n: z.names for n, z in zones.items() if z.names}
        self.symbols.zone_copies = {n: z.copies if type(z.copies) is int else _most_copies(z.copies, counts)
                                    for n, z in zones.items() if z.kind == "copies"}
        self.symbols.grids = {n for n, z in zones.items() if z.grid}
        self.symbols.boards = {n for n, z in zones.items() if type(z.grid) is geometry.Bounded}
        self.symbols.unturned = {n for n, z in zones.items() if z.grid and not z.turns}
        self.symbols.hex = {n for n, z in zones.items() if z.grid and z.cells == "hex"}
        variables = self.variables()
        # (a list of entries: True for the seats', "team" for the teams')
        self.symbols.variables = {n: "team" if v.per_team else v.per_player for n, v in variables.items()}
        self.symbols.initials = {n: v.initial for n, v in variables.items()}
        dice = self.dice()
        self.symbols.dice = list(dice)
        self.symbols.face_attributes = {k for die in dice.values() for face in die.faces for k in face}
        faces = [set(face) for die in dice.values() for face in die.faces]
        self.symbols.face_keys = set.intersection(*faces) if faces else set()
        if any(z.grid for z in zones.values()):
            # the records grids give: placements {x, y, rot} and regions {value, size, marked}
            self.symbols.face_attributes |= {"x", "y", "rot", "overlap", "touching", "value", "size", "marked"}
            for attr, t in (("x", 0), ("y", 0), ("rot", 0), ("overlap", 0), ("touching", 0), ("size", 0), ("marked", False)):
                self.symbols.attribute_values.setdefault(attr, []).append(t)
        for die in dice.values():
            for face in die.faces:
                for k, v in face.items():
                    self.symbols.attribute_values.setdefault(k, []).append(v)
        self.symbols.data_words = words_in([v.initial for v in variables.values()]
                                           + [plain(body) for body in (d.get("define") or {}).values() if isinstance(body, (list, dict))])
        self.symbols.named_not_values = {**{n: "a statement's name" for n in statement_names(d)},
                                         **{str(n): "an action" for n in (d.get("actions") or {})}}
        if self.variants:
            self.symbols.overlay_written = overlay_written(d, self.path)
            self.symbols.values_removed = values_removed(d, self.path)
        self.symbols.current_bound = binds_current(d)
        self.symbols.declared_defines = {str(head).partition("(")[0].strip() for head in (d.get("define") or {})}
        components = self.components(zones)
        self.shown_sorted(zones)
        self.symbols.declared_defines = set()  # (past the components: a definition refused (E131) is not said to be one)
        self.defines()
        self.compiler.define_all()
        zones = self.zone_copies(zones)  # they may name a definition (a board's width)
        components = self.component_copies(components, zones)
        self.symbols.loop_names = loop_names(d.get("flow"))
        action_names = set(d.get("actions") or {})
        ctx = Context(self.compiler, action_names, list(dice), self.symbols.variables,
                      sets_aside=writes_set_aside([d.get("flow"), d.get("actions"), d.get("blocks")]),
                      following=frozenset(name for name, spec in (d.get("actions") or {}).items()
                                          if isinstance(spec, dict) and "then" in spec),
                      takes=taken_names(d.get("actions")), handed={})
        self.compiler.handed = handed_names([d.get("flow"), d.get("actions"), d.get("blocks")])
        self.compiler.taken = ctx.takes
        self.compiler.blocks = declared_blocks(self.compiler, d.get("blocks"))
        self.compiler.circled_blocks = check_circles(self.compiler, self.compiler.blocks)
        actions = self.actions(ctx)
        flow = compile_block(ctx, d.get("flow") or [], {})
        # (every set is compiled: reveals read them; the checks read those of the variables declared none too)
        self.compiler.variable_types, self.compiler.or_none_types = typed_variables(self.compiler, variables)
        revealed_values(ctx, [*flow, *(action.then for action in actions.values() if action.then is not None),
                              *(stmt for action in actions.values() for stmt in action.body)], variables)
        if not d.get("flow"):
            self.error(d.key_loc("flow") if "flow" in d else d.loc, "S030", "the ruleset has no flow: nothing would happen")
        winners = self.winners()
        rules_read_turn = self.compiler.rules_read_turn()  # (the rules': a scenario's, a tally's or the heuristic's read changes no option)
        heuristic = self.heuristic()
        teams = self.teams()
        if teams is not None:  # a family a team, a value a team (`each: team`): the teams say how many and whose
            zones, variables = with_teams(zones, variables, teams)
        shown = self.shown()
        shown_per_seat = frozenset(expr.text for expr in shown if self.compiler.reads_me(expr.text))
        # placed at the text's characters as a scalar's are (its raw text the text itself): a finding gives its column,
        # and its line is the tally's place among them (1 for the first)
        tallies = tuple(self.tally(text, i) for i, text in enumerate(self.tally_texts))
        round_tallies = tuple(self.tally(text, i, ROUND_TALLY_PLACE) for i, text in enumerate(self.round_tally_texts))
        check_variable_types(self.compiler)  # (a tally's and the heuristic's checks too; a scenario's checks are its own)
        scenarios = compile_scenarios(self.compiler, d.get("scenarios") or [], self.path, actions)
        scenarios += compile_scenarios(self.compiler, self.extra_scenarios, self.path, actions)
        self.check_steps(scenarios, actions, counts)
        initials = {n: v.initial for n, v in variables.items()}
        self.check_given(scenarios, counts, initials)
        for sc in scenarios:
            with checking(self.compiler, sc.name):
                check_dice_patterns(self.compiler, sc, dice, ctx.sets_aside)
        self.check_at(scenarios, (*flow, *(action.then for action in actions.values() if action.then is not None)))
        self.check_whole_numbers()
        step_limit = d.get("step_limit", DEFAULT_STEP_LIMIT)
        if self.compiler.diagnostics:  # (with a scenario's player count the game does not take, which validate says of a loaded one)
            found = found_by_scenario(self.compiler) + [(None, x) for x in players_out_of_range(scenarios, str(d["game"]), self.variants, counts)]
            if self.built_for_scenarios():
                found += [(None, x) for x in step_positions_refused(scenarios, actions, zones, counts)]
                found += teams_given_refused(scenarios, teams, counts, variables, initials)
            raise self.refused(found, scenarios)
        self.compiler.reads_turn = rules_read_turn
        namespace = self.compiler.build()
        namespace[SEAT_INDEXES] = seat_indexes(self.compiler, variables)  # (a team's family read at a seat: L055)
        wrong_lengths = teams_given_refused(scenarios, teams, counts, variables, initials)
        if wrong_lengths:
            raise self.refused(wrong_lengths, scenarios)
        self.mark_scoring_loops(flow, actions)
        if teams is not None:  # what `teams` and `team(p)` read in a game: its teams, computed once for each player count
            namespace["_TEAMS"] = TeamsByCount(teams, tuple(counts))
        return shown_in_sight(Ruleset(
            name=str(d["game"]), title=str(d.get("title", d["game"])), min_players=counts[0], max_players=counts[-1],
            player_counts=counts,
            components=components, zones=zones, variables=variables, dice=dice, actions=actions, flow=flow,
            winners=winners, step_limit=step_limit, scenarios=scenarios, source=d, path=self.path,
            variants=self.variants, content_hash=content_hash(d), namespace=namespace, origin=self.origin,
            variant_origins=tuple(self.variant_origins), heuristic=heuristic, teams=teams, tallies=tallies, shown=shown,
            round_tallies=round_tallies,
            shown_per_seat=shown_per_seat, scenarios_beside=tuple(self.extra_scenarios),
        ))

    def built_for_scenarios(self) -> bool:
        """Whether, the compiler's findings being all the scenarios' (T codes), the expressions are built for the
        scenario checks that validate would make of a loaded ruleset: the steps' positions no placement offers (T006,
        scenarios.step_positions_refused; a board's size may be an expression) and the per-team values given for
        another number of teams (T004, teams_given_refused): one scenario's T009 hid another's T006, a round trip a mistake."""
        if not all(x.code.startswith("T") for x in self.compiler.diagnostics):
            return False
        try:
            self.compiler.build()
        except Exception:  # noqa: BLE001 - rules that cannot be built: their errors are said, not these
            return False
        return True

    def refused(self, found: list, scenarios) -> PhiltreError:
        """The error of the findings ``found`` ((scenario name or None, Diagnostic), ...), each said once, in file order."""
        unique = teams_removal_said(one_e152_per_place(said_once(found, scenarios)), self.data)
        return PhiltreError(sorted(unique, key=lambda x: (x.loc.path, x.loc.line, x.loc.col)))

    def check_whole_numbers(self) -> None:
        """E100 at each whole number written in the YAML past +-MAX_WHOLE that the expressions did not already refuse."""
        refused = {str(x.loc) for x in self.compiler.diagnostics if x.code == "E100"}  # `add: 9007199254740993`, an expression
        scenarios = [*(self.data.get("scenarios") or []), *self.extra_scenarios]
        for loc, value in numbers_past_the_limit(self.data, scenarios):
            if str(loc) in refused or self.refused_within(loc):
                continue
            if type(value) is int:
                self.error(loc, "E100", f"{value} is a whole number beyond the limit of +-{MAX_WHOLE:,}",
                           "a rule's whole numbers stay within it; a game's arithmetic past it stops with R100")
            else:
                self.error(loc, "E100", f"{getattr(loc, 'raw', '') or value} is a number beyond the limit of "
                           f"+-{MAX_WHOLE:,}: too large to be exact",
                           "a rule's numbers stay within it, fractions too: past it a number has lost its last digits")

    def refused_within(self, loc) -> bool:
        """Whether the compiler already refused the scalar written at ``loc`` (`add: 1.0e20`, an expression: E102 at its
        exponent), which is not reported a second time as data."""
        end = loc.col + len(getattr(loc, "raw", ""))
        return any(x.loc.path == loc.path and x.loc.line == loc.line and loc.col <= x.loc.col < end
                   for x in self.compiler.diagnostics)

    def mark_scoring_loops(self, flow, actions) -> None:
        """Tell each `for` whose body only adds to scores whether its passes may share a memo of definitions.

        ``passes_share`` (in its args): false where no remembered definition can be called twice with
        the same arguments over its passes (``Compiler.passes_may_share``); the runner then sets up no
        memo for them (interpreter/runners.py ``_for``), which would only miss.
        """
        todo = [*flow, *(stmt for action in actions.values() for stmt in action.body)]
        while todo:
            stmt = todo.pop()
            for value in (*stmt.args.values(), stmt.otherwise):
                if isinstance(value, tuple):
                    todo.extend(s for s in value if isinstance(s, Stmt))
            body = stmt.args.get("body") if stmt.kind == "for" else None
            if body and all(s.kind == "score" for s in body):
                exprs = [e for s in body for e in (s.when, *s.args.values()) if isinstance(e, Expr)]
                stmt.args["passes_share"] = self.compiler.passes_may_share(stmt.args["items"], stmt.args["var"], exprs)

    def players(self) -> tuple:
        """The player counts `players:` allows, low to high: one count, a range low..high or a list of counts."""
        value = self.data["players"]
        loc = self.data.loc_of("players")
        if isinstance(value, int):
            return (value,)
        if isinstance(value, list):
            return self.listed_players(value, loc)
        text = str(value)
        lo, sep, hi = text.partition("..")
        try:
            lo_n, hi_n = int(lo), int(hi if sep else lo)
        except ValueError:
            self.error(loc, "R003", f"players is a count, a range like 3..6 or a list like [2, 4], not '{text}'")
            return (1,)
        if not (1 <= lo_n <= hi_n <= 64):
            self.error(loc, "R003", f"players range {text} must be within 1..64 and low to high")
        return tuple(range(lo_n, hi_n + 1)) or (lo_n,)

    def listed_players(self, value: list, loc) -> tuple:
        """The counts of `players: [2, 4]`: whole numbers within 1..64, low to high, each once (R003 otherwise)."""
        if not value or any(type(n) is not int for n in value):
            self.error(loc, "R003", "players as a list holds whole numbers, such as [2, 4]")
            return (1,)
        if any(not 1 <= n <= 64 for n in value) or list(value) != sorted(set(value)):
            self.error(loc, "R003", f"players {list(value)} must be within 1..64, low to high and each once",
                       f"write players: {sorted(set(n for n in value if 1 <= n <= 64))}" if any(1 <= n <= 64 for n in value) else "")
        return tuple(sorted(set(value)))

    def zones(self) -> dict:
        out = {}
        for name, spec in (self.data.get("zones") or {}).items():
            spec = spec or Map(self.data["zones"].loc_of(name))
            loc = self.data["zones"].key_loc(name)
            each, copies = spec.get("each"), spec.get("copies")
            names = self.copy_names(spec, name, copies) if isinstance(copies, list) else ()
            copies = len(names) if isinstance(copies, list) else copies
            kind = each if each in ("player", "team") else ("copies" if copies is not None else "single")
            if each == "team":
                self.teams_needed(spec, "zone", name)
            if kind in ("player", "team") and copies is not None:  # N zones a seat (a team): line[p][r], kept flat (model.ZoneSpec.key)
                kind = "seat_copies" if kind == "player" else "team_copies"
                copies = self.seat_copies_checked(spec, name, copies, each)
            for key in ("visible", "count"):
                if spec.get(key) in ("owner", "others") and each not in ("player", "team"):
                    self.error(spec.loc_of(key), "R008", f"'{key}: {spec.get(key)}' needs a per-player zone (each: player) "
                               f"or a per-team one (each: team): '{name}' has no owner")
            grid = spec.get("grid")
            resolution = 0
            cells = grid.get("cells", "square") if isinstance(grid, dict) else "square"
            if grid is not None:
                resolution = 3 if grid is True else grid.get("resolution", 1 if cells == "hex" else 3) if isinstance(grid, dict) else 0
                if cells == "hex":
                    resolution = self.hex_checked(grid, name, resolution)
                if isinstance(grid, dict) and ("width" in grid or "height" in grid):
                    resolution = self.grid_size(grid, name, resolution)
            turns = not (isinstance(grid, dict) and grid.get("turns") is False) and cells != "hex"  # (hex cells never turn)
            labels = self.grid_labels(grid, name, resolution) if isinstance(grid, dict) and "labels" in grid else None
            out[name] = ZoneSpec(name, kind, copies if isinstance(copies, str) else int(copies or 1),
                                 spec.get("visible", "everyone"), spec.get("count", "everyone"), loc, resolution, turns,
                                 tuple(spec.get("show_sorted") or ()), self.zone_order(spec, name, grid, kind),
                                 spec.get("quiet", False), names, labels, cells)
        if not out and "zones" in self.data:  # left out, a game has none (dice alone); written, it names some
            self.error(self.data.loc, "R004", "the ruleset declares no zones")
        return out

    def teams_needed(self, spec, what: str, name: str) -> None:
        """E141 at `each: team` of a zone or variable in a ruleset that declares no `teams` (which say how many and whose)."""
        if "teams" not in self.data:
            self.error(spec.loc_of("each"), "E141", f"'each: team' of the {what} '{name}' {NO_TEAMS_SAID}",
                       "declare the partnerships, a list of teams each a list of seats, at the top level: teams: \"[[0, 2], [1, 3]]\"; "
                       "or keep one per seat: each: player")

    def copy_names(self, spec, name, words) -> tuple:
        """The words of a family of named copies (`copies: [yellow, blue]`), read pile['blue'] and shown pile[blue]:
        R012 where one is no word (a number, 2 words) or is written twice (the words kept as written: the reads of
        them are not told again)."""
        loc = spec.loc_of("copies")
        bad = [w for w in words if not (isinstance(w, str) and w.isidentifier() and w.isascii())]
        if bad:
            self.error(loc, "R012", f"'{name}' names its copies by words, but {bad[0]!r} is no word (a letter or _ first, "
                       f"then letters, digits or _)", f"write a word for each copy (copies: [yellow, blue]), or the "
                       f"number of numbered copies (copies: {len(words)})")
        twice = [w for i, w in enumerate(words) if w in words[:i]]
        if twice:
            self.error(loc, "R012", f"'{name}' names two of its copies '{twice[0]}': each copy's word is its own",
                       f"write each word once: copies: [{', '.join(dict.fromkeys(words))}]")
        return tuple(map(str, words))

    def seat_copies_checked(self, spec, name, copies, each: str = "player") -> int:
        """R012 where a family of N zones a seat (`each: player, copies: N`) has what it cannot have yet: an N that is
        not a whole number (each seat's zones are found at p * N + r before the player count is known), or a grid.
        ``each``: "team" for N zones a team (`each: team, copies: N`), said so."""
        who = "a team" if each == "team" else "a seat"
        if isinstance(copies, str) and copies.strip().isdecimal() and 1 <= int(copies) <= 1000:
            copies = int(copies)  # ("5" quoted is the number 5, as a component's or a shared family's copies read it)
        words = self.words_of(copies) if isinstance(copies, str) else ()
        if words:  # a list of words (a definition's): named copies, whose words are written in the file
            self.error(spec.loc_of("copies"), "R012", f"'{name}' is N zones {who} (each: {each}, copies: N): N is a whole "
                       f"number or a list of words written in the file, not an expression",
                       f"name the copies by their words, written out: copies: [{', '.join(words)}] (read {name}[p]['{words[0]}'], "
                       f"or by a component's word attribute); named copies are fixed: a word that some player counts leave "
                       f"out is a zone nothing goes to, and a number of zones that follows the player count is written as "
                       f"the most a seat may need (copies: {len(words)})")
        elif isinstance(copies, str):
            shared = copies if "player_count" in copies else f"{copies} * player_count" if copies.replace(
                "_", "").isalnum() else f"({copies}) * player_count"  # (one that counts the seats already stays as written)
            self.error(spec.loc_of("copies"), "R012", f"'{name}' is N zones {who} (each: {each}, copies: N): N is a whole "
                       f"number, not an expression", f"write the most zones {who} may need (copies: 5), or make one "
                       f"family shared by the seats: drop `each: {each}` and count the seats in it, "
                       f"copies: \"{shared}\" (read {name}[r * player_count + p])")
        if spec.get("grid") is not None:  # (said at its copies, as R012 of an expression: what made it N zones a seat)
            self.error(spec.loc_of("copies"), "R012", f"'{name}' is N zones {who} (each: {each}, copies: N): such a family "
                       f"cannot be a grid yet", f"a grid {who} is {{each: {each}, grid: ...}}; N grids shared by the "
                       f"seats, {{copies: N, grid: ...}}")
        return copies if isinstance(copies, int) else 1  # (after R012: a family of one a seat, for the checks that go on)

    def words_of(self, text: str) -> tuple:
        """The quoted words an expression (or the definition it names, `copies: colours`) lists, in order and each once:
        a list of words written as an expression, which named copies write as YAML (`copies: [red, blue]`); () where
        it quotes none."""
        text = text.strip()
        defined = {str(head).strip(): body for head, body in (self.data.get("define") or {}).items()}
        body = defined.get(text, text)
        if not (isinstance(body, str) and body.strip().startswith("[")):
            return ()
        return tuple(dict.fromkeys(a or b for a, b in re.findall(r"'([A-Za-z_]\w*)'|\"([A-Za-z_]\w*)\"", body)))

    def zone_order(self, spec, name, grid, kind) -> str:
        """A zone's `order` (who sees its order, of those who see its contents); R008 where it can hide nothing."""
        order = spec.get("order", "everyone")
        if order == "nobody" and (spec.get("visible") == "nobody" or grid is not None):
            why = "nobody sees its contents" if spec.get("visible") == "nobody" else "a grid's pieces lie at placements, not in an order"
            hint = ("leave it out; for a bag whose contents everyone sees but whose order nobody does, "
                    "write {order: nobody} (visible: everyone, the default)")
            if kind == "player" and grid is None:  # a seat's face-down deck is most often meant as its own bag: offered first
                hint = ("for a seat's own bag, whose contents its owner sees and whose order nobody does (a deck-builder's "
                        "deck), write {each: player, visible: owner, order: nobody}; for one every seat sees, "
                        "{each: player, order: nobody} (visible: everyone, the default); or leave order out (face down)")
            self.error(spec.loc_of("order"), "R008", f"'order: nobody' on '{name}' hides nothing: {why}", hint)
        return order

    def hex_checked(self, grid, name, resolution) -> int:
        """A hex grid's resolution, 1 (R017 at a resolution other than 1, or at `turns: true`: a hexagonal cell is one
        sub-cell, and a piece on it never turns, its turns being sixths, not the quarters of a square grid's)."""
        if resolution != 1:
            self.error(loc_of(grid, "resolution"), "R017", f"the hex grid '{name}' has resolution {resolution}: a hexagonal "
                       "cell is not split into sub-cells, its resolution is 1", "write resolution: 1, or leave it out")
        if grid.get("turns") is True:
            self.error(loc_of(grid, "turns"), "R017", f"the pieces on the hex grid '{name}' never turn: a placement there "
                       "is at rot 0", "leave turns out (or write turns: false)")
        return 1

    def grid_size(self, grid, name, resolution):
        """A grid of fixed size: its resolution as a geometry.Bounded (R014 where width or height is missing)."""
        if "width" not in grid or "height" not in grid:  # (the schema has checked each is 1..MAX_GRID_SIDE or an expression)
            given, missing = ("width", "height") if "width" in grid else ("height", "width")
            self.error(loc_of(grid, given), "R014", f"the grid '{name}' has a {given} but no {missing}: a board of fixed size has both",
                       f"give both (grid: {{resolution: {resolution}, width: 8, height: 8}}), or neither for a grid without edges")
            return resolution
        return geometry.Bounded(resolution, grid["width"], grid["height"])

    def grid_labels(self, grid, name, resolution) -> GridLabels | None:
        """A board's `labels` (the schema has checked each is a list of names, letters and digits): S041 on a grid
        without edges, where a list's count is not the board's width or height (where that is a number: one from an
        expression is checked as it is found, model.grid_at), where an axis names two of its columns or rows alike, or
        where two cells' names would read alike (x [a, ab] beside y [b1, 1]: ab1)."""
        written = grid["labels"]
        loc = loc_of(grid, "labels")
        if type(resolution) is not geometry.Bounded:
            self.error(loc, "S041", f"the grid '{name}' has labels but no edges: labels name a board's columns and rows",
                       "give it a size too (grid: {resolution: 1, width: 8, height: 8, labels: ...}), or leave labels out")
            return None
        axes = {}
        for axis, side, what in (("x", resolution.width, "width"), ("y", resolution.height, "height")):
            names = tuple(map(str, written[axis]))
            axes[axis] = names
            twice = [n for i, n in enumerate(names) if n in names[:i]]
            if twice:
                self.error(loc_of(written, axis), "S041", f"the labels {axis} of grid '{name}' name two "
                           f"{'columns' if axis == 'x' else 'rows'} '{twice[0]}': each names its own", "write each name once")
            elif type(side) is int and len(names) != side:
                self.error(loc_of(written, axis), "S041", f"the grid '{name}' has {what} {side}, and its labels {axis} "
                           f"name {len(names)} {'columns' if axis == 'x' else 'rows'}: one name each, {side} in all",
                           f"give {side} names ({axis}: [{', '.join(names[:side])}{', ...' if len(names) < side else ''}]), "
                           f"or make the {what} {len(names)}")
        labels = GridLabels(axes["x"], axes["y"], loc)
        cells = labels.names()
        distinct = all(len(set(names)) == len(names) for names in axes.values())
        if distinct and len(cells) < len(axes["x"]) * len(axes["y"]):  # (a column's name then a row's: two cells spelt alike)
            alike = next(f"{a}{b}" for b in axes["y"] for a in axes["x"] if labels.read(f"{a}{b}") != (axes["x"].index(a), axes["y"].index(b)))
            self.error(loc, "S041", f"two cells of grid '{name}' would be named '{alike}' (a column's name, then a "
                       f"row's): a cell named on the board or typed at the prompt would be either",
                       "name the columns by letters and the rows by numbers (x: [a, b, c], y: ['1', '2', '3'])")
        return labels

    def component_copies(self, components, zones) -> tuple:
        """Component types whose `copies` (the type's or an item's) or `start` is an expression (of the attributes and
        player count; start's of the owner too), or a derived attribute names a definition, with it compiled: after the
        definitions, which either may call."""
        out = []
        for ctype in components:
            copies, start, own, derived = ctype.copies, ctype.start, ctype.item_copies, ctype.derived
            if str in map(type, ctype.copies_written()) or isinstance(start, str) and start not in zones \
                    or any(isinstance(dexpr, str) for _, dexpr in derived):
                spec = self.data["components"][ctype.name]
                derived = self.derived_late(ctype, spec, zones)
                env = {a: "any" for a, _ in ctype.attributes}
                copies = self.copies_compiled(copies, spec.loc_of("copies") if "copies" in spec else ctype.loc, env)
                own = own and tuple(written and (self.copies_compiled(written[0], written[1], env), written[1]) for written in own)
                if isinstance(start, str) and start not in zones:
                    start = self.compiler.expression(start, spec.loc_of("start"), env | ({"owner": "player"} if ctype.per_player else {}),
                                                     want="zone", what="the start zone")
                    self.indexed_attribute(start, ctype.name, zones)
                ctype = ComponentType(ctype.name, ctype.attributes, copies, ctype.per_player, start, ctype.loc, derived,
                                      ctype.back, ctype.display, ctype.items, own, ctype.item_locs)  # (all else as it was: a back dropped here went unused)
            out.append(ctype)
        return tuple(out)

    def shown_sorted(self, zones) -> None:
        """R013 at a name a zone's `show_sorted` lists that no component type has, own or derived (nor type, id, owner)."""
        known = set().union(*self.symbols.component_types.values(), ("type", "id", "owner"))
        for name, spec in zones.items():
            for i, attr in enumerate(spec.show_sorted):
                if attr not in known:
                    self.error(self.data["zones"][name]["show_sorted"].loc_of(i), "R013",
                               f"'{attr}' is no attribute of any component type: show_sorted names attributes, own or "
                               "derived (or type, id, owner), to list the zone's components by",
                               did_you_mean(attr, known))

    def derived_compiled(self, spec, dname: str, dexpr, env: dict, zones):
        """A derived attribute's expression compiled over ``env`` (the attributes, owner, those derived before it)."""
        # (the grid reads a piece's cells and shape as lists: E120 here, not R100 at the first place far away)
        want = "list" if dname in geometry.PIECE_ATTRIBUTES and any(z.grid for z in zones.values()) else None
        return self.compiler.expression(dexpr, spec["derive"].loc_of(dname), env, want=want, what=f"derived attribute '{dname}'")

    def derived_late(self, ctype, spec, zones) -> tuple:
        """A type's derived attributes with those that name a definition, left as text, compiled now that the
        definitions are known; the others as they were."""
        env = {a: "any" for a, _ in ctype.attributes} | ({"owner": "player"} if ctype.per_player else {})
        out = []
        for dname, dexpr in ctype.derived:
            out.append((dname, self.derived_compiled(spec, dname, dexpr, env, zones) if isinstance(dexpr, str) else dexpr))
            env[dname] = "any"
        return tuple(out)

    def copies_compiled(self, copies, loc, env: dict):
        """A `copies` as written (a type's or an item's): a number as it is, an expression compiled over the attributes."""
        return self.compiler.expression(copies, loc, env, want="int", what="copies") if isinstance(copies, str) else copies

    def zone_copies(self, zones) -> dict:
        """Zones whose `copies`, or a board's `width` or `height`, is an expression (of the player count), with it
        compiled; zones and definitions are known by now. Each is evaluated once a layout (model.zone_sizes, grid_at)."""
        for name, spec in zones.items():
            copies, grid = spec.copies, spec.grid
            if isinstance(copies, str):
                section = self.data["zones"][name]
                copies = self.compiler.expression(copies, section.loc_of("copies"), {}, want="int", what="copies")
            if type(grid) is geometry.Bounded and (isinstance(grid.width, str) or isinstance(grid.height, str)):
                written = self.data["zones"][name]["grid"]
                width, height = (self.compiler.expression(side, written.loc_of(key), {}, want="int", what=key)
                                 if isinstance(side, str) else side for key, side in (("width", grid.width), ("height", grid.height)))
                grid = geometry.Bounded(int(grid), width, height)
            if copies is not spec.copies or grid is not spec.grid:
                zones[name] = ZoneSpec(spec.name, spec.kind, copies, spec.visible, spec.count, spec.loc, grid, spec.turns,
                                       spec.show_sorted, spec.order, spec.quiet, spec.names, spec.labels, spec.cells)
        return zones

    def variables(self) -> dict:
        out = {}
        for name, spec in (self.data.get("variables") or {}).items():
            loc = self.data["variables"].key_loc(name)
            # initial values as plain lists and dicts: the game's values, not the file's (with places)
            if isinstance(spec, dict):
                if spec.get("each") == "team":
                    self.teams_needed(spec, "variable", name)
                out[name] = VariableSpec(name, plain(spec.get("initial", 0)), spec.get("each") == "player",
                                         spec.get("visible", "everyone"), loc, spec.get("quiet", False),
                                         TEAMS_LATER if spec.get("each") == "team" else None)
            else:
                out[name] = VariableSpec(name, plain(spec), False, "everyone", loc)
        return out

    def dice(self) -> dict:
        out = {}
        for name, spec in (self.data.get("dice") or {}).items():
            faces = spec["faces"] if isinstance(spec, dict) else spec  # (the long form, {faces, quiet})
            expanded = []
            for face in faces:
                face = dict(face)
                sides = int(face.pop("sides", 1))  # 6.0 is a whole number to the schema
                expanded.extend(dict(face) for _ in range(sides))
            out[name] = DieSpec(name, tuple(expanded), self.data["dice"].key_loc(name),
                                isinstance(spec, dict) and spec.get("quiet", False))
        return out

    def attribute_values(self, attrs, name) -> tuple:
        """An attribute's declared values, each range of whole numbers written `lo..hi` (`value: 3..35`) spelt out."""
        values = attrs[name] if isinstance(attrs[name], list) else [attrs[name]]
        out: list = []
        for i, value in enumerate(values):
            bounds = RANGE_VALUE.fullmatch(value) if isinstance(value, str) else None
            loc = attrs[name].loc_of(i) if isinstance(attrs[name], list) else attrs.loc_of(name)
            almost = ALMOST_RANGE.fullmatch(value) if bounds is None and isinstance(value, str) else None
            if almost is not None:  # taken as one word, it made one component where a run of them was meant
                self.error(loc, "R011", f"a range of values is written with two dots, not '{value}'",
                           f"{name}: {almost[1]}..{almost[2]}")
                continue
            if bounds is None:
                out.append(value)
                continue
            if max(len(bounds[1]), len(bounds[2])) > 12:  # int() of thousands of digits is slow, then refused
                self.error(loc, "R011", f"a range of values runs low to high, at most {MAX_RANGE_VALUES:,} of them, not '{value[:40]}...'")
                continue
            lo, hi = int(bounds[1]), int(bounds[2])
            if not lo <= hi or hi - lo >= MAX_RANGE_VALUES:
                self.error(loc, "R011", f"a range of values runs low to high, at most {MAX_RANGE_VALUES:,} of them, not '{value}'",
                           f"e.g. {name}: {min(lo, hi)}..{max(lo, hi)}" if lo > hi else "")
                continue
            self.ranged += hi - lo + 1
            if self.ranged > MAX_RANGED_VALUES:
                self.error(loc, "R011", f"the ranges of attribute values would spell out more than {MAX_RANGED_VALUES:,} values in all",
                           "fewer or shorter ranges")
                break
            out.extend(range(lo, hi + 1))
        return tuple(out)

    def listed_items(self, name: str, attrs, attributes: tuple, listed, names: list) -> tuple:
        """(attributes, items) of a type written with `list:`: each item one combination, a tuple of values in the order
        of ``names``; an attribute an item leaves out takes the value `attributes` gives it (shared by every item), else
        null. The attributes returned hold, for each name, every value some item has (for the static checks)."""
        shared = {}
        for attr, values in attributes:
            if len(values) > 1:  # a product beside the items: which of them would each item be made with?
                self.error(attrs.loc_of(attr), "R015",
                           f"'{attr}' of '{name}' lists {len(values)} values beside list: with list, attributes gives "
                           "the one value every item shares (an item may give its own)",
                           f"give each item its own '{attr}' in list, or one value here")
            shared[attr] = values[0] if values else None
        items = tuple(tuple(item[a] if a in item else shared.get(a) for a in names) for item in listed)
        # each value once, told apart by kind too (1, 1.0 and true are three values of an attribute, as in `attributes`)
        declared = tuple((a, tuple(v for _, v in dict.fromkeys((type(row[i]), row[i]) for row in items)))
                         for i, a in enumerate(names))
        return declared, items

    def piece_attribute_clashes(self, spec, attrs, listed, names: list, zones) -> None:
        """R005 at an attribute the grid reads itself written as plain data: a piece's `shape` (offsets) on a type with
        cells, or `cells` where the ruleset has a grid. An attribute holds one plain value, which neither can be, so
        every piece placed would stop the game (R100)."""
        has_cells = "cells" in names or "cells" in (spec.get("derive") or {})
        has_grid = any(z.grid for z in zones.values())
        for where in (attrs, *(listed or ())):
            if "shape" in where and has_cells:
                self.error(where.key_loc("shape"), "R005",
                           "'shape' is a reserved attribute name on a piece with cells: the grid reads a piece's shape "
                           "as its [dx, dy] offsets, one per cell, and an attribute holds one plain value",
                           "give the attribute another name (form, say); a piece's offsets are derived: "
                           "derive: {shape: \"[[0, 0], [1, 0]]\"} (language.md, Grids)")
            if "cells" in where and has_grid:
                self.error(where.key_loc("cells"), "R005",
                           "'cells' is a reserved attribute name in a ruleset with a grid: the grid reads a piece's "
                           "cells as a list of cell patterns, one per cell, and an attribute holds one plain value",
                           "derive the cells (derive: {cells: \"[colour]\"}, a piece of one cell of its colour), "
                           "or name the attribute otherwise (language.md, Grids)")

    def indexed_attribute(self, start, ctype: str, zones) -> None:
        """E122 at a component type's start that indexes one of its attributes whose declared values are all words,
        numbers or true/false (a trial's `good[good]`, the zone goods meant): each component made fails on it
        (R002, the game not started); the hint names a zone spelt like it."""
        from . import ast

        values = self.symbols.component_values.get(ctype, {})
        tree, source = getattr(start, "tree", None), getattr(start, "source", None)
        for node in ast.walk(tree) if tree is not None and source is not None else ():
            name = node.target.name if isinstance(node, ast.Index) and isinstance(node.target, ast.Name) else None
            held = values.get(name) if name not in zones else None
            if not held or not all(isinstance(v, (str, int, float, bool)) for v in held):
                continue
            close = did_you_mean(name, list(zones))
            self.error(source.at(node.target.pos), "E122", f"'{name}' is an attribute of '{ctype}' ({few_listed(held)}): "
                       "its value cannot be indexed",
                       close.replace("did you mean '", "did you mean the zone '", 1) if close else
                       f"a start names a zone: index a family of zones by the attribute, ZONE[{name}]")

    def components(self, zones) -> tuple:
        out = []
        section = self.data.get("components") or {}
        for name, spec in section.items():
            loc = section.key_loc(name)
            attrs = spec.get("attributes") or {}
            listed = spec.get("list")  # (the schema made it a list of mappings, if written)
            # the type's attribute names: those of `attributes`, then those the items of `list` add, as first written
            # (an item's `copies` is its count, no attribute)
            names = list(dict.fromkeys([*attrs, *(key for item in listed or () for key in item if key != "copies")]))
            for attr in attrs:
                if attr in RESERVED_ATTRIBUTES:
                    self.error(attrs.key_loc(attr), "R005", f"'{attr}' is a reserved attribute name", _reserved_hint(attr))
            for item in listed or ():
                for attr in item:
                    if attr in RESERVED_ATTRIBUTES:
                        self.error(item.key_loc(attr), "R005", f"'{attr}' is a reserved attribute name",
                                   _reserved_hint(attr))
            self.piece_attribute_clashes(spec, attrs, listed, names, zones)
            attributes = tuple((a, self.attribute_values(attrs, a)) for a in attrs)
            items = None
            if listed is not None:
                attributes, items = self.listed_items(name, attrs, attributes, listed, names)
            derived = []
            # the type's attributes, derived ones included, known while its derives compile: a map's field named like
            # one (`cost: spec.cost`) is no E152 "no component has an attribute 'cost'" (it is set again below)
            self.symbols.component_types[name] = set(names) | set(spec.get("derive") or {})
            for dname, dexpr in (spec.get("derive") or {}).items():
                if dname in RESERVED_ATTRIBUTES or dname in names:
                    self.error(spec["derive"].key_loc(dname), "R005", f"'{dname}' is already an attribute",
                               _reserved_hint(dname) if dname in RESERVED_ATTRIBUTES else "")
                    continue
                if _names_a_definition(dexpr, self.symbols.declared_defines):
                    # compiled once the definitions are known (component_copies), as a start naming one is
                    derived.append((dname, dexpr))
                    continue
                env = {a: "any" for a in names} | {d: "any" for d, _ in derived}
                if spec.get("each") == "player":
                    env["owner"] = "player"
                derived.append((dname, self.derived_compiled(spec, dname, dexpr, env, zones)))
            per_player = spec.get("each") == "player"
            self.symbols.component_types[name] = set(names) | {d for d, _ in derived} | ({"owner"} if per_player else set())
            self.symbols.component_values[name] = dict(attributes)
            for attr, values in attributes:
                self.symbols.attribute_values.setdefault(attr, []).extend(values)
            if per_player:
                self.symbols.attribute_values.setdefault("owner", []).append(0)
            copies = _count_written(spec.get("copies", 1))

            start = spec.get("start")
            if start is None and not zones:
                self.error(loc, "R006", f"'{name}' has no zone to start in: the ruleset declares no zones",
                           "declare a zone: a component without start begins in the first zone declared")
            elif start is None:
                start = next(iter(zones), None)
            elif (isinstance(start, str) and start.isidentifier() and start not in zones
                  and start not in self.symbols.declared_defines):
                self.error(spec.loc_of("start"), "R006", f"unknown zone '{start}'", did_you_mean(start, zones))
                start = next(iter(zones), None)
            elif start not in zones and not _names_a_definition(start, self.symbols.declared_defines):
                # an expression over the attributes (and owner), e.g. pile[colour]
                env = {a: "any" for a in names}
                if per_player:
                    env["owner"] = "player"
                start = self.compiler.expression(start, spec.loc_of("start"), env, want="zone", what="the start zone")
                self.indexed_attribute(start, name, zones)
            # one that names a definition stays text: it is compiled once the definitions are known (component_copies),
            # as copies is (the others here, as before: the code made for a ruleset without such a start is unchanged)
            back = tuple(spec.get("back") or ())
            for i, attr in enumerate(back):
                if attr not in names and attr not in dict(derived):
                    self.error(spec["back"].loc_of(i), "R013", f"'{attr}' is no attribute of '{name}': a back shows the component's own attributes",
                               back_hint(name, attr, [*names, *dict(derived)]))
            display = spec.get("display")
            for i, attr in enumerate(display or ()):
                if attr not in names and attr not in dict(derived):
                    self.error(spec["display"].loc_of(i), "R013",
                               f"'{attr}' is no attribute of '{name}': display names the type's own or derived attributes to print",
                               display_hint(name, attr, [*names, *dict(derived)]))
            display = None if display is None else tuple(display)
            out.append(ComponentType(name, attributes, copies, per_player, start, loc, tuple(derived), back, display, items,
                                     None if listed is None else _item_copies(listed),
                                     tuple(listed.loc_of(i) for i in range(len(listed))) if listed is not None else ()))
        if not out and "components" in self.data:  # left out, a game has none (dice alone)
            self.error(self.data.loc, "R007", "the ruleset declares no components")
        return tuple(out)

    def _declared_where(self, kind: str, name: str) -> str:
        """', at FILE:LINE:COL' where ``name`` is declared as ``kind`` (a zone, a variable, a die, a definition, a component
        type) in the data, else ''."""
        section = self.data.get({"a zone": "zones", "a variable": "variables", "a die": "dice", "a definition": "define",
                                 "a component type": "components"}[kind])
        if not isinstance(section, Map):
            return ""
        head = next((key for key in section if str(key).partition("(")[0].strip() == name), None)
        return f", at {section.key_loc(head)}" if head is not None else ""

    def defines(self) -> None:
        section = self.data.get("define") or {}
        for head, body in section.items():
            parsed = parse_define_head(str(head))
            loc = section.key_loc(head)
            if parsed is None:
                self.error(loc, "E131", f"a definition is written 'name' or 'name(a, b)', not '{head}'")
                continue
            name, params = parsed
            if len(set(params)) < len(params):
                self.error(loc, "E131", f"a definition's parameters need different names: '{head}'")
                continue
            taken = [p for p in (name, *params) if p in KEYWORDS]
            if taken:  # `true` in an expression is the value, never the parameter: it could not be used
                self.error(loc, "E131", f"'{taken[0]}' is a word of the language, not a name: '{head}'")
                continue
            from .builtins import ANALYSED_BY_NAME, BUILTINS
            from .compiler import CONTEXT_NAMES

            # (each refused name is kept: its calls are not then said to be of an unknown function, E141, or to give the
            # first definition of the name the wrong number of arguments, E140: the E132 here is the one finding)
            if name in self.symbols.defines or name in self.symbols.zones or name in self.symbols.variables or name in self.symbols.dice:
                kind = next(k for k, names in (("a definition", self.symbols.defines), ("a zone", self.symbols.zones),
                                               ("a variable", self.symbols.variables), ("a die", self.symbols.dice)) if name in names)
                self.error(loc, "E132", f"'{name}' is already declared as {kind}{self._declared_where(kind, name)}",
                           "a name means one thing: rename the definition")
                self.symbols.refused.add(name)
                continue
            if name in self.symbols.component_types:  # it would make the type a value (no E151), while `c is NAME` still tests the type
                self.error(loc, "E132", f"'{name}' is already declared as a component type{self._declared_where('a component type', name)}",
                           "a name means one thing: rename the definition")
                self.symbols.refused.add(name)
                continue
            # (any other builtin's name the definition takes, hiding the builtin in this ruleset: L047 says so)
            if name in ANALYSED_BY_NAME or name in CONTEXT_NAMES or name in ("me", "current"):
                builtin = BUILTINS.get(name)
                said = f"philtre's builtin {builtin.doc.split(':', 1)[0]} has it; " if builtin is not None and builtin.doc else ""
                self.error(loc, "E132", f"'{name}' is a name of the language; choose another name for this definition",
                           f"{said}rename the definition and its uses ('{name}_of' or a name of the game's own)")
                self.symbols.refused.add(name)
                continue
            if isinstance(body, (list, dict)):  # a constant table written as YAML data (the schema checked its items)
                if params:
                    self.error(loc, "E131", f"a table written as YAML data is a constant: '{head}' takes no parameters",
                               f"write '{name}' and look its items up where it is used ({name}[i], x in {name})")
                    self.symbols.refused.add(name)
                    continue
                value = plain(body)
                self.symbols.defines[name] = Define(name, params, _data_text(value), section.loc_of(head), data=(value,))
                continue
            text = body if isinstance(body, str) else json.dumps(body) if not isinstance(body, bool) else str(body).lower()
            self.symbols.defines[name] = Define(name, params, text, section.loc_of(head))

    def actions(self, ctx) -> dict:
        """Each action compiled, the compiler told which one it is in (an unknown name there names its parameters)."""
        try:
            return self._actions(ctx)
        finally:
            self.compiler.action_compiled = None

    def _actions(self, ctx) -> dict:
        out = {}
        section = self.data.get("actions") or {}
        for name, spec in section.items():
            env = {"me": SEAT}  # the deciding seat (a parameter or loop named `me` binds a type of its own)
            takes = self._taken(name, spec, ctx)
            env.update(dict.fromkeys(takes, ANY))  # (handed by each decision offering it: their kinds are S036's)
            params = []
            self.compiler.action_compiled = (name, tuple(str(k) for k in (spec.get("choose") or {})))
            for pname, domain in (spec.get("choose") or {}).items():
                if pname in KEYWORDS:  # `choose: {not: ...}` named a choice nothing can read
                    self.error(spec["choose"].key_loc(pname), "S023", f"the choice '{pname}' is a word of the language, not a name",
                               "choose another name")
                expr = self.compiler.expression(domain, spec["choose"].loc_of(pname), env, what=f"the choices for '{pname}'")
                from .compiler import element_type

                if not (expr.type == "any" or isinstance(expr.type, tuple) or expr.type == "zone"):
                    reported = len(self.compiler.diagnostics)
                    self.error(spec["choose"].loc_of(pname), "E125", f"the choices for '{pname}' must be a collection (a zone, zones or a list)",
                               self.compiler.lists_hint(expr.tree) or counting_hint(expr.type, ""))
                    self.compiler.name_overlay_changes_of(expr, reported)
                elif expr.type == "any":  # branches of several kinds: one known to be a single value stops the game (R100)
                    for at, t, hint in self.compiler.scalar_branches():
                        self.error(at, "E125", f"the choices for '{pname}' must be a collection (a zone, zones or a list), but "
                                   f"this branch is {a_type(t)}", hint)
                    if self.compiler.deferred is not None and self.compiler.last_seen is not None and expr.tree is not None:
                        # (a variable's value, say: once the variables' types are known, one that is no collection is E125)
                        self.compiler.deferred.append((expr.tree, expr.source, self.compiler.last_seen,
                                                       ("choices", spec["choose"].loc_of(pname), pname)))
                params.append(Parameter(pname, expr, spec["choose"].key_loc(pname)))
                env = dict(env, **{pname: plain_type(element_type(expr.type))})
            hoist = frozenset(p.name for p in params)
            condition = self.compiler.expression(spec["if"], spec.loc_of("if"), env, want="bool", what="the condition", hoist=hoist) if "if" in spec else None
            action_ctx = Context(ctx.compiler, ctx.actions, ctx.dice, ctx.variables, in_action=True, sets_aside=ctx.sets_aside)
            body = compile_block(action_ctx, spec.get("do") or [], env)
            self.compiler.do_lets = _let_names(spec.get("do"))  # (an unknown name of the then: may be one: E150 says so)
            try:
                then = compile_then(ctx, spec, env)  # (as flow: its decisions are the flow's)
            finally:
                self.compiler.do_lets = frozenset()
            choose = spec.get("choose") or {}
            enumerator = self.compiler.enumerator(
                name, [(p, choose[p], choose.loc_of(p)) for p in choose],
                (spec["if"], spec.loc_of("if")) if "if" in spec else None, {"me": "player", **dict.fromkeys(takes, ANY)})
            parts = self._if_parts(condition, spec.loc_of("if"), env) if self.if_parts and condition is not None else ()
            calls = self._if_calls(condition, parts, spec.loc_of("if"), env) if self.if_parts and condition is not None else ()
            either = self._if_or_parts(condition, spec.loc_of("if"), env) if self.if_parts and condition is not None else ()
            out[name] = Action(name, tuple(params), condition, body, section.key_loc(name), enumerator,
                               self._secret_choices(name, spec, [p.name for p in params]), then, parts, calls, either, takes,
                               compiled_labels(self, name, spec, params))
        return out

    def _taken(self, name, spec, ctx) -> tuple:
        """The names action ``name`` takes from the decisions offering it (`takes:`); S036 at one that is also its
        choice or `me`, which would bind it twice."""
        for i, taken in enumerate(spec.get("takes") or ()):
            if taken in _bound_by_action(spec):
                self.error(spec["takes"].loc_of(i), "S036", f"action '{name}' takes '{taken}', which is also "
                           + ("the deciding seat" if taken == "me" else "its choice"), "give the value handed another name")
        return (ctx.takes or {}).get(name, ())

    def _if_calls(self, condition, parts, loc, env) -> tuple:
        """IfCall of the `if` ``condition``, and of each of its ``parts``, that is a call of a definition whose body is
        an `and` of parts: play names the definition's part that is false; () for none."""
        written = [(condition.text.strip(), condition.tree)] + [(text, expr.tree) for _, text, expr in parts]
        return tuple(filter(None, (self._if_call(text, tree, loc, env) for text, tree in written)))

    def _if_call(self, text: str, tree, loc, env):
        """The IfCall of ``text`` (parsed as ``tree``), a call of a definition whose body is an `and`: its arguments
        compiled in the action's ``env``, the body's parts with the definition's parameters bound to their types;
        None for any other expression, or where they do not compile (the definition's body is then not split)."""
        from .ast import Call
        from .parser import SourceText, and_parts, bracket_parts, parse

        define = self.symbols.defines.get(tree.func) if isinstance(tree, Call) else None
        if define is None or not define.params or len(define.params) != len(tree.args) or "(" not in text:
            return None
        reported = len(self.compiler.diagnostics)
        body = define.tree if define.tree is not None else parse(define.text, define.loc)
        args = tuple(self.compiler.expression(arg.strip(), loc, env, what="an argument")
                     for arg in bracket_parts(text, text.index("("))[0])
        bound = {"me": SEAT, **{param: arg.type for param, arg in zip(define.params, args)}}
        source = SourceText(define.text, define.loc)
        split = tuple((source.at(at).line, part, self.compiler.expression(part, define.loc, bound, what="a part of a definition"))
                      for at, part in and_parts(define.text, body))
        if len(self.compiler.diagnostics) > reported or not split or len(args) != len(define.params):
            del self.compiler.diagnostics[reported:]  # (only a message's means: the rules compiled as they are)
            return None
        return IfCall(text, define.name, define.params, args, split)

    def _if_parts(self, condition, loc, env) -> tuple:
        """(offset, text, Expr) of each part of the `if` ``condition`` that is an `and` of parts; () for any other."""
        from .parser import and_parts

        return tuple((at, text, self.compiler.expression(text, loc, env, what="a part of the condition"))
                     for at, text in and_parts(condition.text, condition.tree))

    def _if_or_parts(self, condition, loc, env) -> tuple:
        """Action.if_or_parts of the `if` ``condition``: each part of it that is an `or` of parts, with the parts of
        that part that is an `and` (its brackets aside); () for any other `if`."""
        from .parser import and_parts, bool_parts, unbracketed

        out = []
        for at, text in bool_parts(condition.text, condition.tree, "or"):
            expr = self.compiler.expression(text, loc, env, what="a part of the condition")
            inner_at, inner = unbracketed(text)
            inner_parts = tuple((at + inner_at + offset, part, self.compiler.expression(part, loc, env, what="a part of the condition"))
                                for offset, part in and_parts(inner, expr.tree))
            out.append((at, text, expr, inner_parts))
        return tuple(out)

    def _secret_choices(self, name, spec, params: list) -> frozenset:
        """The choices an action's `secret:` names (told to the deciding seat alone); S025 at a name that is no choice."""
        secret = spec.get("secret") or []
        for i, pname in enumerate(secret):
            if pname not in params:
                listed = ", ".join(params) or "none"
                self.error(secret.loc_of(i) if hasattr(secret, "loc_of") else spec.loc_of("secret"), "S025",
                           f"action '{name}' has no choice '{pname}' to keep secret (its choices: {listed})",
                           did_you_mean(pname, params) or "name one of its choose: keys")
        return frozenset(str(p) for p in secret if p in params)

    def check_steps(self, scenarios, actions, counts: tuple) -> None:
        """T008 at a scenario step, or an `options` expectation, naming an action, or a parameter of one, that the ruleset
        does not have; T009 at a component pattern of one naming an attribute or value no component has (for scenarios
        of these player counts)."""
        def unknown(name, where) -> None:
            """T008 at ``where``: no action ``name``."""
            self.error(where, "T008", f"no action '{name}' in this ruleset (its actions: {', '.join(actions) or 'none'})",
                       did_you_mean(name, actions))

        for sc in scenarios:
            for expected in sc.all_options():  # `count: 0` of a misspelt action counted nothing, and passed
                if isinstance(expected.action, str) and expected.action not in actions:
                    unknown(expected.action, expected.action_loc or expected.loc)
            for step in (*sc.steps, *option_steps(sc)):
                action = actions.get(step.action)
                if action is None:  # (an item of `are` taking `options`' action is told at that action: one finding, kept once)
                    unknown(step.action, step.action_loc or step.loc)
                    continue
                params = [p.name for p in action.params]
                for name in step.args:
                    if name not in params:
                        listed = ", ".join(params) or "none"
                        self.error(step.arg_locs.get(name, step.loc), "T008", f"action '{step.action}' has no parameter '{name}' (its parameters: {listed})",
                                   did_you_mean(name, params))
                if sc.players in counts:
                    check_step_arguments(self.compiler, step, action, sc.players)

    def check_at(self, scenarios, flow) -> None:
        """T011 at a scenario's `given.at` (the game ran to its end to find it), or an expected `at` of `expect`,
        that names no decision statement of the flow (``flow``: with each action's `then:`, run as flow), and at a
        `given.round` where the flow has no `round:` statement."""
        from .statements import DECISION_KINDS

        names: dict = {}  # a decision statement's label -> where each statement of that label is
        inside: dict = {}  # a statement's label -> the decisions in it, (label, loc) each (`auction`, a turns loop: [('bid', ...)])
        rounds = []  # the flow's `round:` statements: only they count round_number up from 0

        def visit(block, around=()):
            for stmt in block:
                if stmt.kind == "round":
                    rounds.append(stmt)
                if stmt.kind in DECISION_KINDS:
                    # a block `run:` from two places is one written statement twice: one place, whose waits `time` counts
                    _add_once(names.setdefault(stmt.label, []), stmt.loc)
                    for outer in around:
                        _add_once(inside.setdefault(outer, []), (stmt.label, stmt.loc))
                for value in (*stmt.args.values(), stmt.otherwise):
                    if isinstance(value, tuple) and value and all(hasattr(v, "kind") for v in value):
                        visit(value, (*around, stmt.label))

        visit(flow)
        for sc in scenarios:
            with checking(self.compiler, sc.name):
                self.check_at_of(sc, names, inside, rounds)

    def check_at_of(self, sc, names: dict, inside: dict, rounds: list) -> None:
        """check_at for the scenario ``sc``: ``names``, ``inside`` and ``rounds`` as check_at finds them in the flow."""
        if sc.at_round is not None and sc.at is not None and not rounds:  # (the schema has made it 1 or more)
            # round_number stays 0, so no wait matches: the game played to its end before test said T014
            self.error(sc.at_round_loc or sc.loc, "T011", f"given.round {sc.at_round} is never reached: the flow has "
                       "no `round:` statement, so round_number stays 0",
                       f"leave `round:` out of given, to wait at the first '{sc.at}' the flow reaches, or add a `round:` "
                       "statement to the flow")
        for check in sc.checks if not rounds else ():  # no round ever ends: the check could only be left unread
            if check.round_end:
                self.error(check.loc, "T039", f"`at: {ROUND_END}` is checked when a round ends, and the flow has no "
                           "`round:` statement: no round ever ends", "check these at a decision, in a step `expect:` "
                           "without `at`, or after the game's end with autoplay and the scenario's expect")
        if sc.at_start and AT_START in names:  # the word would name two places: the start, and that decision
            self.error(sc.at_loc or sc.loc, "T011", f"given.at '{AT_START}' is the flow's start, before its first statement, "
                       f"and a decision statement is named '{AT_START}' too ({', '.join(map(str, names[AT_START]))})",
                       f"give that decision another name: ('{AT_START}' is given.at's word for the start), and that name "
                       "here to wait at it")
        named = [(sc.at, sc.at_loc or sc.loc, True)] + [(p.at, p.at_loc or p.loc, False) for p in sc.all_pending()]
        for at, where, given in named:
            if at is not None and at not in names:
                held = inside.get(at)
                self.error(where, "T011", f"no decision statement named '{at}' in the flow",
                           _held_text(at, held, names, where) if held else did_you_mean(at, names) or _decisions_text(names))
            elif at is not None and len(names[at]) > 1:  # `at: decide` with two decides: the first reached would do
                self.error(where, "T011", _shared_label_text(at, names[at], given),
                           "give each of them a name: of its own, and that name here")

    def check_given(self, scenarios, counts: tuple, initials: dict) -> None:
        """T009 at a given component's attribute that no component has, T004 at a given variable that is none or not
        one value per seat (``initials``: each variable's initial value, for the hint), in each scenario for these player counts."""
        for sc in scenarios:
            # one for other player counts is skipped (a variant's, in a combination that drops the attribute)
            if sc.players in counts:
                with checking(self.compiler, sc.name):
                    for _, contents, _ in (*sc.zones, *(entry for order in sc.shuffles for entry in order.zones)):
                        check_given_attributes(self.compiler, contents)
                    check_given_variables(self.compiler, sc, initials)

    def winners(self) -> Winners:
        spec = self.data.get("winners")
        loc = self.data.loc_of("winners") if "winners" in self.data else self.data.loc
        if spec is None:
            spec = Map(loc)
            spec["highest"] = "score[p]"
        if isinstance(spec, str):
            return Winners("expression", (self.compiler.expression(spec, loc, {}, want=("list", "player"), what="winners"),), loc)
        (order, keys), = spec.items()
        key_list = keys if isinstance(keys, list) else [keys]
        exprs = []
        for i, k in enumerate(key_list):
            where = loc_of(keys, i) if isinstance(keys, list) else spec.loc_of(order)
            exprs.append(self.compiler.expression(k, where, {"p": "player"}, want="num", what="a ranking key"))
        self.compiler.ranking(order, exprs)
        return Winners(order, tuple(exprs), loc)

    def tally(self, text: str, i: int, place: str = TALLY_PLACE):
        """The --tally expression ``text``, the ``i``-th (from 0), compiled (a --tally-rounds one's at ``place``), its type read with the variables' types
        known (variable_types): a variable set only to seats or none is a seat there, whose tally's numbers have no mean
        (a trial's tally of the winning seat printed a mean of seat numbers and an interval reaching -2.30)."""
        expr = self.compiler.expression(text, ScalarLoc(place, i + 1, 1, raw=text), {}, what=f"a {place} expression", full=text)
        seen = self.compiler.last_seen
        if expr.type == ANY and seen is not None and expr.tree is not None:
            known = {**self.compiler.variable_types, **self.compiler.or_none_types}
            expr.type = plain_type(Typer(self.compiler, known, frozenset(self.compiler.or_none_types)).type_of(expr.tree, seen))
        return expr

    def heuristic(self):
        """The optional `heuristic`: how well seat `p` stands, a number for agents (None: the game's scoring)."""
        if "heuristic" not in self.data:
            return None
        return self.compiler.expression(self.data["heuristic"], self.data.loc_of("heuristic"), {"p": "player"}, want="num", what="the heuristic")

    def shown(self) -> tuple:
        """The optional `show`: each definition it lists compiled as its name, read where `winners` reads, with `me` the
        seat whose board shows it (render.shown_values); R016 at a name that is no definition without parameters."""
        names = self.data.get("show") or ()
        out = []
        for i, name in enumerate(names):
            loc = names.loc_of(i)
            define = self.symbols.defines.get(name)
            if name in self.symbols.refused:
                continue  # (its E132 is the one finding)
            if name in names[:i]:  # (the board shows each once: a second mention is a slip, a name meant elsewhere)
                self.error(loc, "R016", f"'{name}' is listed twice in `show`, which shows each definition once",
                           f"list '{name}' once")
            elif define is None:
                self.error(loc, "R016", f"'{name}' is no definition: `show` lists definitions without parameters, whose "
                           "values play's board shows", self._not_shown_hint(name))
            elif define.params:
                self.error(loc, "R016", f"'{name}' takes parameters ({', '.join(define.params)}): the board shows one value "
                           "of a definition, with none to give it",
                           _shown_call_hint(name, define.params))
            else:
                out.append(self.compiler.expression(name, loc, {"me": "player"}, what="a shown definition"))
        return tuple(out)

    def _not_shown_hint(self, name: str) -> str:
        """R016's hint for a name of `show` that is no definition: a variable is on the board already; else did you mean."""
        if name in self.symbols.variables:
            return f"'{name}' is a variable: the board shows the variables already (all but the quiet ones)"
        plain_ones = [n for n, d in self.symbols.defines.items() if not d.params]
        return did_you_mean(name, plain_ones) or (f"its definitions without parameters: {few_listed(plain_ones)}" if plain_ones
                                                  else "declare it under `define:`, as `pot: sum(stake[p] for p in players)`")

    def teams(self):
        """The optional `teams`: the partnerships, a list of lists of seats from the player count (model.teams_at)."""
        if "teams" not in self.data:
            return None
        self.symbols.teams = "computing"  # (it cannot read the teams it makes)
        try:
            return self.compiler.expression(self.data["teams"], self.data.loc_of("teams"), {}, want=("list", ("list", "player")),
                                            what="teams")
        finally:
            self.symbols.teams = "declared"


TEAM_READS_LISTED = 12  # the reads of removed teams one finding lists, then how many more


def teams_removal_said(found: list, data) -> list:
    """``found`` with the findings of rules reading the teams a ruleset declares none of (E141, E150) said as one, at
    the overlay's `teams: {$remove: true}` that took them away, listing where each rule is: a trial's removal gave 8
    errors at the base's lines, each telling it to declare the teams the base declares."""
    removed_at = (data.removed_at or {}).get("teams") if isinstance(data, Map) and "teams" not in data else None
    reads = [d for d in found if d.code in ("E141", "E150") and f" {NO_TEAMS_SAID}" in d.message] if removed_at else []
    if not reads:
        return found
    places = few_listed([f"{d.loc} ({d.message.partition(f' {NO_TEAMS_SAID}')[0]})" for d in reads], TEAM_READS_LISTED)
    said = Diagnostic(removed_at, "E141" if any(d.code == "E141" for d in reads) else "E150",
                      f"this removes the ruleset's teams, which {len(reads)} rule{'s' if len(reads) > 1 else ''} "
                      f"read{'' if len(reads) > 1 else 's'}: {places}",
                      "keep the teams, taking this $remove out, or change those rules in this overlay so that none "
                      "reads them: each: player for a zone or variable, and no teams, team(), team_index() or partners()")
    return [d for d in found if d not in reads] + [said]


def teams_given_refused(scenarios, teams, counts: tuple, variables: dict, initials: dict) -> list:
    """(scenario name, T004) at each per-team variable a scenario gives a list of another length than its teams, the
    ruleset's `teams` evaluated for the scenario's players as the run does (the expressions built): the count of
    teams, as the count of seats, is known before the game. A `teams` that cannot be worked out (R002) is left to the
    run, which says so."""
    found = []
    for sc in scenarios if teams is not None else ():
        if sc.players not in counts or not any(variables[n].per_team and isinstance(v, list) for n, v in sc.variables if n in variables):
            continue
        try:
            nteams = len(teams_of(teams, sc.players, counts))
        except PhiltreError:
            continue
        found += [(sc.name, x) for x in given_teams_refused(sc, variables, nteams, initials)]
    return found


def taken_names(section) -> dict:
    """By action: the names its `takes:` lists (read from the YAML before any action is compiled: a decision in an
    action's then: may offer one compiled after it)."""
    return {str(name): tuple(str(t) for t in spec["takes"] if t not in _bound_by_action(spec)) for name, spec in (section or {}).items()
            if isinstance(spec, dict) and isinstance(spec.get("takes"), list)}


def handed_names(data, out=None) -> dict:
    """By action: {name: (decision's label, its line, its kind)} of each name a `decide` or `simultaneous` step anywhere in
    ``data`` (the YAML of the flow, actions and blocks, read before any is compiled) hands it under `with:`, the first
    decision handing it."""
    out = {} if out is None else out
    if isinstance(data, dict):
        kind = "decide" if "decide" in data else "simultaneous"
        given, offered = data.get("with"), data.get(kind)
        if isinstance(given, dict) and isinstance(offered, (str, list)):
            offered = [offered] if isinstance(offered, str) else offered
            label = str(data.get("name") or ", ".join(map(str, offered)))
            line = data.key_loc(kind).line if hasattr(data, "key_loc") else "?"
            fallback = data.get("otherwise")
            for action in [*offered, *(fallback if isinstance(fallback, list) else [fallback] if fallback else [])]:
                for name in given:
                    out.setdefault(str(action), {}).setdefault(str(name), (label, line, kind))
        for value in data.values():
            handed_names(value, out)
    elif isinstance(data, list):
        for value in data:
            handed_names(value, out)
    return out


def _bound_by_action(spec) -> set:
    """The names an action binds itself, which it cannot take from a decision as well (S036): `me` and its choices."""
    choose = spec.get("choose")
    return {"me", *(choose if isinstance(choose, dict) else ())}


def back_hint(name: str, attr: str, attributes) -> str:
    """R013's hint: 'did you mean', or for `back: [type]` how to keep a type apart face down (an attribute every
    component of it shares, listed in `back`: the type already is part of what a declared back shows)."""
    if attr != "type":
        return did_you_mean(attr, attributes)
    shared = f"{{attributes: {{kind: {name}}}, back: [kind]}}"
    return (f"to keep every '{name}' apart face down (search agents then keep it where it lies in a hidden zone), give "
            f"them an attribute they all share and list it: {name}: {shared}; a declared back shows the type with it")


def display_hint(name: str, attr: str, attributes) -> str:
    """R013's hint for a `display` name: 'did you mean', or for `owner` and `type`, that they are printed anyway."""
    if attr in ("owner", "type"):
        return f"a '{name}' is printed with its type, and with its owner (if it has one) where the seat may see it: list its attributes"
    return did_you_mean(attr, attributes) or f"the attributes of '{name}': {', '.join(attributes)}"


def _decisions_text(names: dict) -> str:
    """The decision statements a scenario's `at` may name, each label once with how many statements share it; one without
    a name: is known by its kind, and several such are told apart only by giving each a name:."""
    shared = [label for label, locs in names.items() if len(locs) > 1]
    listed = ", ".join(f"{label} ({len(names[label])} statements)" if label in shared else label for label in sorted(names))
    if shared:
        return f"the decision statements: {listed}; give each a name: of its own to name one"
    return f"the decision statements: {listed} (one without a name: is known by its kind)"


def _add_once(places: list, place) -> None:
    """Append ``place`` (a Loc, or a (label, Loc)) to ``places`` unless a statement written at the same file, line and
    column is there: the copies of a block's statement, expanded at each `run:` of it, are one place in the rules."""
    def key(p):
        loc = p[1] if isinstance(p, tuple) else p
        return (p[0] if isinstance(p, tuple) else None, loc.path, loc.line, loc.col)

    if all(key(p) != key(place) for p in places):
        places.append(place)


def _held_text(at: str, held: list, names: dict, where: Loc) -> str:
    """For an `at` naming a statement that holds decisions (a loop): which ones, at which lines (``held``: (label, loc)
    each; the file named where it is not that of ``where``, the scenario's), and what to write; one without a name: of
    its own, or sharing its label with another, is named first."""
    labels = list(dict.fromkeys(label for label, _ in held))
    of = "" if held[0][1].path == where.path else f" of {os.path.basename(held[0][1].path)}"  # (a scenarios.yaml's `at`)
    lines = [f"{label} at line{'s' if len(at_lines) > 1 else ''} {few_listed(at_lines)}{of}"
             for label in labels for at_lines in [[loc.line for lab, loc in held if lab == label]]]
    said = f"'{at}' holds {'the decision' if len(held) == 1 else f'{len(held)} decisions'} ({'; '.join(lines)})"
    if all(len(names[label]) == 1 for label in labels):  # each one's label names it alone: write that
        return f"{said}: write the one meant in at: " + " or ".join(labels) if len(labels) > 1 else f"{said}: write at: {labels[0]}"
    return f"{said}: give {'it' if len(held) == 1 else 'the one meant'} a name: and write that in at:"


def _shared_label_text(label: str, locs: list, given: bool) -> str:
    """Why an `at` naming several decision statements is refused: which statements, and what it would do (``given``:
    `given.at`, which waits at the first reached; else an expected `at`, which any of them would meet)."""
    from .statements import DECISION_KINDS

    which = f"the kind of {len(locs)} decision statements without a name:" if label in DECISION_KINDS else \
        f"the name: of {len(locs)} decision statements"
    return (f"'{label}' is {which} ({', '.join(map(str, locs))}): it does not say which one; "
            + ("the game would stop at whichever it reaches first" if given else "a decision at any of them would pass"))


def _reserved_hint(name: str) -> str:
    """R005's hint for an attribute named like one every component has: what that name is for, and names to take."""
    meaning, others = RESERVED_MEANINGS[name]
    return f"every component's `{name}` is {meaning}: rename the attribute, e.g. {others}"
