"""Overlays: a YAML file that names its base (`extends:`) and changes it.

Merge rules (each value keeps the file, line and column it came from):

- maps merge key by key; a map value merges into the base's map, anything else replaces;
- a list holding an item with a `name:` key (flow statements, scenarios), at any depth, is patched by name:
  an overlay item with a known name merges into that item (searched through nested
  blocks, so a statement deep in the flow is reached by its name alone), `$replace: true`
  replaces it, `$remove: true` removes it, `$before: NAME` / `$after: NAME` inserts a new
  item; a name that matches nothing is an error;
- `{$remove: true}` as a map value removes that key; `{$replace: VALUE}` replaces a map
  value wholesale instead of merging;
- any other list is replaced.

Overlays chain (`extends:` another overlay) and combine (`--variant A --variant B`
applies A, then B); two variants that change the same place are reported as a conflict.
"""

from __future__ import annotations

import os
from contextvars import ContextVar
from typing import NamedTuple

from .errors import Diagnostic, Loc, PhiltreError, did_you_mean
from .plain_data import Record
from .shipped import shipped_path
from .values import describe
from .yamlpos import YAML_SUFFIXES, Map, Seq, load_file
from .yamlpos import plain as _plain

DIRECTIVES = ("$remove", "$replace", "$before", "$after")
NEEDED_KEYS = ("game", "players", "flow")  # the keys every ruleset has (the schema requires them): replaced, never removed
OVERLAY_ONLY_KEYS = ("extends", "variant")
SCENARIO_KEYS = ("scenarios", "defaults")  # an overlay's own scenarios and what they start from: not merged into the rules
VARIANTS_FOLDER = "variants"
MAX_CHAIN = 64  # overlays extending overlays: how deep a chain may go (each level is a Python call and a file)
NO_ITEM = "no item named"  # O005's message: a name an earlier variant removed is said as a conflict (_gone_before)
STATEMENT_SECTIONS = ("flow", "actions", "blocks")  # where lists of statements are patched by name; other lists (a die's faces) replace
NAMED_SECTIONS = ("components", "zones", "variables", "define", "blocks", "actions", "dice")  # an overlay adds entries to these


class Restated(NamedTuple):
    """Where an overlay wrote a value the ruleset already had (a path ``merge`` records beside the changed ones)."""

    loc: object


class Overlay(Record):
    path: str
    data: Map
    name: str  # the name `--variant` takes: the file's, without .yaml (variant_name)
    written_name: str | None = None  # the overlay's own `variant:`, where it says another name than the file's


def variant_name(path: str) -> str:
    """The name `--variant` takes for a variant file: its file name without .yaml or .yml."""
    return os.path.splitext(os.path.basename(path))[0]


def variant_paths(ruleset_path: str) -> list[str]:
    """The overlay files shipped beside a ruleset (its variants/ folder), sorted by name; F001 naming the folder where
    it is there but cannot be listed (no permission to read it)."""
    folder = os.path.join(os.path.dirname(ruleset_path), VARIANTS_FOLDER)
    if not os.path.isdir(folder):
        return []
    try:
        names = os.listdir(folder)
    except OSError as exc:
        raise PhiltreError.at(Loc(folder), "F001", f"cannot read the folder of the ruleset's variants: {exc.strerror}",
                              "give the folder read permission, or move it away") from None
    return sorted(os.path.join(folder, f) for f in names if f.endswith((".yaml", ".yml")))


def variants_taking(ruleset_path: str, players: int) -> list[str]:
    """The names (as --variant takes them) of the variants shipped beside a ruleset that take ``players`` once
    applied, as `philtre variants` lists them: a variant's own `players:`, or that of the overlay it extends.

    For a hint (R001's): a variant that cannot be read or applied (a pipe, a broken overlay) is left out, never read
    in full or waited on, and a variants/ folder that cannot be listed gives none; `philtre variants` and `philtre
    validate` say what is wrong with it."""
    from .loader import load_ruleset

    try:
        paths = variant_paths(ruleset_path)
    except PhiltreError:
        return []
    names = []
    for path in paths:
        try:
            written = load_overlay(path).data.get("players")
            if isinstance(written, (int, str, list)) and not _takes(written, players):
                continue  # its own players: the count it takes applied, known without applying it
            resolved = load_ruleset(ruleset_path, [path])
        except PhiltreError:
            continue
        if players in resolved.player_counts:
            names.append(variant_name(path))
    return names


def _takes(written, players: int) -> bool:
    """Whether a `players:` value as written (3, '3..6' or [2, 4]) takes ``players``."""
    if isinstance(written, list):
        return players in written
    low, _, high = str(written).partition("..")
    try:
        return int(low) <= players <= int(high or low)
    except ValueError:
        return False


NEARBY_DEPTH, NEARBY_FOLDERS = 3, 500  # how deep, and through how many folders, a bare --variant name is looked for


def _file_nearby(name: str) -> str | None:
    """The path of a file NAME.yaml (or .yml, or NAME itself if it ends so) in a folder below the current one
    (`house/pass-right.yaml` for `--variant pass-right` or `--variant pass-right.yaml`), hidden folders left out, within NEARBY_DEPTH levels and NEARBY_FOLDERS folders; else None."""
    if not name or os.sep in name or (os.altsep and os.altsep in name) or name.startswith("."):
        return None
    # `--variant pass-right.yaml` names the file itself: it is looked for as written, not as pass-right.yaml.yaml
    wanted = {name} if name.lower().endswith((".yaml", ".yml")) else {name + ".yaml", name + ".yml"}
    seen = 0
    for folder, subfolders, files in os.walk(os.curdir):
        seen += 1
        found = sorted(wanted & set(files))
        if found and folder != os.curdir:
            return os.path.join(os.path.relpath(folder), found[0])
        depth = 0 if folder == os.curdir else os.path.relpath(folder).count(os.sep) + 1
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".")) if depth < NEARBY_DEPTH else []
        if seen >= NEARBY_FOLDERS:
            return None
    return None


def _spelt_alike_beside(path: str) -> str | None:
    """A ruleset file in ``path``'s folder spelt like it (`house/shrot-stack.yaml` for house/short-stack.yaml), or None."""
    import difflib

    folder, name = os.path.split(path)
    if not folder or not os.path.isdir(folder):
        return None
    try:
        files = [f for f in os.listdir(folder) if f.lower().endswith((".yaml", ".yml")) and f != name
                 and os.path.isfile(os.path.join(folder, f))][:1000]
    except OSError:
        return None
    found = difflib.get_close_matches(name, sorted(files), n=1, cutoff=0.6)
    return os.path.join(folder, found[0]) if found else None


def resolve_variant_path(ruleset_path: str, name_or_path: str, relative_to: str | None = None) -> str:
    """A variant's name (in the base's variants/ folder) or a path -> the overlay file."""
    # a path in an overlay's extends is the overlay's own (relative_to); one on the command line, the current folder's
    from .loader import _unreadable

    candidates = [os.path.join(os.path.dirname(relative_to), name_or_path) if relative_to else name_or_path]
    for candidate in candidates:
        if os.path.isfile(candidate):
            return candidate
    names = {variant_name(p): p for p in variant_paths(ruleset_path)}
    if name_or_path in names:
        same = [p for p in variant_paths(ruleset_path) if variant_name(p) == name_or_path]
        if len(same) > 1:  # x.yaml and x.yml: which one is meant is not for the sort order to say
            raise PhiltreError.at(Loc(same[0]), "O002", f"two variant files are named '{name_or_path}': "
                                  f"{' and '.join(os.path.basename(p) for p in same)}",
                                  "name the one you mean by its path, or rename the other")
        return names[name_or_path]
    if os.path.lexists(candidates[0]) and not os.path.isdir(candidates[0]):
        # a pipe, a device or a bad link of that name is there: it was meant, and it cannot be read (not "no such file")
        raise PhiltreError.at(Loc(candidates[0]), "F001", _unreadable(candidates[0]))
    if os.path.isdir(candidates[0]):  # (its own name was offered as "the file" it meant, or "there is no file" said)
        listed = f"; the ruleset's variants: {', '.join(sorted(names))}" if names else ""
        raise PhiltreError.at(Loc(relative_to or name_or_path), "O002", f"no variant or overlay file '{name_or_path}': "
                              "it is a folder", f"an overlay is one YAML file, named by its path, FOLDER/house.yaml{listed}")
    # `--variant house` for the file house.yaml: a file is named by its path, its extension included
    files = [name_or_path + ext for ext in (".yaml", ".yml") if os.path.isfile(candidates[0] + ext)]
    nearby = _file_nearby(name_or_path) if not files and relative_to is None and name_or_path not in names else None
    alike = _spelt_alike_beside(candidates[0]) if not files and not nearby else None
    hint = (f"did you mean the file '{files[0]}'? A file is named by its path, .yaml included" if files else
            f"did you mean the file '{nearby}'? A path is read from the current folder" if nearby and
            name_or_path.lower().endswith((".yaml", ".yml")) else
            f"did you mean the file '{nearby}'? A name alone is a variant of the ruleset's variants/ folder; "
            "another overlay is named by its path" if nearby else f"did you mean the file '{alike}'?" if alike else
            _joined_names_hint(name_or_path, names, relative_to) or _written_name_hint(name_or_path, names)
            or did_you_mean(name_or_path, names, any_case=True)
            or _name_lookup_hint(name_or_path, names, relative_to))
    raise PhiltreError.at(Loc(relative_to or name_or_path), "O002", f"no variant or overlay file '{name_or_path}'", hint)


def _name_lookup_hint(name: str, names: dict, relative_to: str | None) -> str:
    """For a name found nowhere: the shipped variants, and for a bare name on the command line (`--variant pass-right`
    meant for a file elsewhere) that a name alone is looked up only in the variants/ folder, a file by its path."""
    listed = "variants: " + ", ".join(sorted(names)) if names else ""
    written_as_path = os.sep in name or (os.altsep and os.altsep in name) or name.lower().endswith((".yaml", ".yml"))
    if relative_to is not None:  # an extends: path: the variants/ folder was not meant
        return listed
    if written_as_path:  # a path on the command line: said where it was looked for, from the folder philtre runs in
        where = os.path.abspath(name)
        return f"there is no file {where}: a path is read from the folder philtre runs in" + (f"; the ruleset's {listed}" if listed else "")
    folder = f"the ruleset's variants/ folder, which has {', '.join(sorted(names))}" if names else "the ruleset's variants/ folder, which has none"
    return f"a name alone is looked up in {folder}; an overlay elsewhere is named by its path, FOLDER/{name}.yaml"


def _joined_names_hint(name: str, names: dict, relative_to: str | None) -> str:
    """For `--variant a,b` where a and b are each a variant or a file: several overlays are several --variant, else ''."""
    parts = [part.strip() for part in name.split(",")]
    if relative_to is not None or len(parts) < 2 or not all(part in names or os.path.isfile(part) for part in parts):
        return ""
    give = " ".join(f"--variant {part}" for part in parts)
    return f"each overlay is given its own --variant, applied in that order: {give}"


def _written_name_hint(name: str, names: dict) -> str:
    """For a name that a variant's `variant:` writes (`philtre variants` shows it beside the file's): the file's name
    to give instead, else ''. A file that cannot be read is left out: the hint is for the one that can."""
    found = []
    for file_name, path in sorted(names.items()):
        try:
            if load_overlay(path).written_name == name:
                found.append((file_name, os.path.basename(path)))
        except PhiltreError:
            continue
    if not found:
        return ""
    files = " and ".join(file for _, file in found)
    give = " or ".join(f"--variant {file_name}" for file_name, _ in found)
    return f"'{name}' is what the `variant:` of {files} says; --variant takes the file's name: {give}"


def load_overlay(path: str, base_only: bool = False) -> Overlay:
    """Read an overlay file and check its own schema. ``base_only``: read only for the base it names, its unknown
    top-level keys left for applying it to say, with the rest (_unknown_keys_deferred)."""
    from .schema import schema_diagnostics

    data = load_file(path)
    if not isinstance(data, Map) or "extends" not in data:
        raise PhiltreError.at(getattr(data, "loc", Loc(path, 1, 1)), "O001", "an overlay is a mapping with 'extends:' naming its base")
    problems = schema_diagnostics(data, "overlay")
    if problems:
        data = _unknown_keys_deferred(data, problems, base_only)
    refuse_unreadable_sibling(path, str(data["extends"]), data.loc_of("extends"))
    name = variant_name(path)
    written = str(data["variant"]) if data.get("variant") not in (None, "") else None
    return Overlay(path, data, name, written if written != name else None)


# while overlays are applied (apply_overlays), the schema findings of unknown top-level keys, said with what applying
# the rest finds: a misspelt section (`defines:`) is reported with the overlay's other mistakes, not before them alone
_DEFERRED: ContextVar[list | None] = ContextVar("deferred_overlay_findings", default=None)


def _unknown_keys_deferred(data: Map, problems: list, base_only: bool = False) -> Map:
    """``data`` without its unknown top-level keys, their findings kept to be said with the rest, where overlays are
    being applied (or ``base_only``, read for its base: applying it says them) and those are all its schema's findings;
    else the findings are raised."""
    from .loader import TOP_KEYS

    deferred = [] if base_only else _DEFERRED.get()
    unknown = [k for k in data if k not in TOP_KEYS and k not in OVERLAY_ONLY_KEYS and k not in SCENARIO_KEYS]
    if deferred is None or not unknown or any(d.loc not in {data.key_loc(k) for k in unknown} for d in problems):
        raise PhiltreError(problems)
    deferred.extend(problems)
    kept = Map(data.loc)
    for k in data:
        if k not in unknown:
            kept[k] = data[k]
            kept.key_locs[k], kept.val_locs[k] = data.key_loc(k), data.loc_of(k)
    return kept


def sibling_named(overlay_path: str, extends: str) -> str | None:
    """The file or folder ``extends`` names beside the overlay (NAME, then NAME.yaml), never the overlay itself.

    Found before a shipped game or a path of that name, by every caller (`validate` and
    `--variant` alike), so that both read the same chain.
    """
    for candidate in _sibling_candidates(overlay_path, extends):
        if os.path.isfile(candidate) and os.path.realpath(candidate) != os.path.realpath(overlay_path):
            return candidate
    return None


def _sibling_candidates(overlay_path: str, extends: str):
    """The files ``extends`` may name beside the overlay, in the order they are tried: NAME, then NAME.yaml."""
    folder = os.path.dirname(overlay_path)
    for candidate in (os.path.join(folder, extends), os.path.join(folder, extends + ".yaml")):
        # a folder counts by the ruleset.yaml in it: a folder of notes does not hide NAME.yaml
        yield os.path.join(candidate, "ruleset.yaml") if os.path.isdir(candidate) else candidate


def refuse_unreadable_sibling(overlay_path: str, extends: str, loc: Loc) -> None:
    """F001 at `extends:` for a name beside the overlay that is there but is no file to read (a pipe, a device, a link
    to nothing), when no file of that name is: it said "cannot find ... (no such file)", and the user looked for a
    missing file. Checked as the overlay is read, before its base is looked for elsewhere."""
    from .loader import _unreadable

    if sibling_named(overlay_path, extends) is not None:
        return
    folder = os.path.dirname(overlay_path)
    for candidate in _sibling_candidates(overlay_path, extends):
        if os.path.lexists(candidate) and not os.path.isfile(candidate) and not os.path.isdir(candidate):
            named = os.path.relpath(candidate, folder or ".").replace(os.sep, "/")
            raise PhiltreError.at(loc, "F001", f"'{named}' is {_unreadable(candidate)}: it is not read",
                                  "extends names a ruleset or an overlay file, its folder, or a shipped game")


def extends_target(overlay_path: str, extends: str) -> str:
    """What an overlay's `extends:` names, for resolve_ruleset_path, found alike from any current folder: the file
    or folder beside the overlay, an absolute path, a shipped game, else the name beside the overlay (not there: a
    variant's name, looked for next). A relative path is the overlay's own, never the current folder's: `extends:
    mygame` held from the folder above mygame/ and failed from any other."""
    from .loader import shipped_games

    local = sibling_named(overlay_path, extends)
    if local is not None or os.path.isabs(extends):
        return local or extends
    if extends in shipped_games():
        return shipped_path("philtre.rulesets", extends, "ruleset.yaml")
    return os.path.join(os.path.dirname(overlay_path), extends)


def refuse_other_files(target: str, extends: str, loc: Loc) -> None:
    """O002 for an `extends:` that names a file of another kind than a ruleset's, by its name or by where its link
    leads (F001 for one of /proc, /sys or /dev): an overlay comes from anyone, and reading `extends: /etc/passwd` as a
    ruleset showed its first line under the finding (as a record's header, P006)."""
    from .loader import leads_to, not_a_ruleset_kind_of_file
    from .yamlpos import is_system_file

    if not not_a_ruleset_kind_of_file(target):
        return
    hint = "extends names a ruleset or an overlay file, its folder, or a shipped game"
    if is_system_file(os.path.realpath(target)):
        raise PhiltreError.at(loc, "F001", f"'{extends}' is not a regular file{leads_to(target)}, a file the system makes up "
                              "as it is read: it is not read", hint)
    raise PhiltreError.at(loc, "O002", f"'{extends}' is no ruleset or overlay file (.yaml, .yml){leads_to(target)}: it is not read", hint)


def variant_descriptions(ruleset) -> list[tuple[str, str, Loc]]:
    """Each variant applied to a loaded ruleset, the `description` its own overlay writes, on one line ('' for none),
    and where it is written (the file's start where there is none).

    An overlay's description says what the house rule changes; the resolved ruleset keeps the base's, so `play`, `show`
    and `diff` say these beside it. (The files were read when the ruleset was loaded: read again, they are the same.)
    """
    told = []
    for variant in ruleset.variants:
        path = resolve_variant_path(ruleset.path, variant)
        data = load_file(path)
        text = data.get("description") if isinstance(data, Map) else None
        at = data.loc_of("description") if text else Loc(path, 1, 1)
        told.append((variant, " ".join(str(text).split()) if text else "", at))
    return told


def own_variant_of_a_copy(path: str, extends: str, base_path: str) -> bool:
    """Whether the overlay at ``path``, which extends the shipped game ``extends`` by name, lies in the variants/ folder
    of ``base_path``, a ruleset of that same game: a copy of the shipped game with its variants (a source checkout
    beside an installed philtre, a game's folder copied to be changed), whose variants extend it, not the installed one."""
    from .loader import shipped_games

    folder = os.path.dirname(os.path.abspath(path))
    if extends not in shipped_games() or os.path.basename(folder) != "variants":
        return False
    if os.path.realpath(os.path.dirname(folder)) != os.path.realpath(os.path.dirname(os.path.abspath(base_path))):
        return False
    data = load_file(base_path)
    return isinstance(data, Map) and str(data.get("game")) == extends


def overlay_chain(base_path: str, variant: str, relative_to=None, seen=(), via: Loc | None = None) -> list[Overlay]:
    """The overlays to apply for one --variant, innermost first (an overlay may extend another).

    ``via`` is the `extends:` that named this one, where a circle is reported.
    """
    from .loader import resolve_ruleset_path, shipped_name

    path = resolve_variant_path(base_path, variant, relative_to)
    real = os.path.realpath(path)
    if real in seen:
        raise PhiltreError.at(via or Loc(path, 1, 1), "O003", f"overlays extend each other in a circle: {circle_text(seen, real)}")
    if len(seen) >= MAX_CHAIN:
        raise PhiltreError.at(Loc(path, 1, 1), "O011", f"overlays extend one another more than {MAX_CHAIN} deep",
                              "extend the base, or a shorter chain, directly")
    overlay = load_overlay(path)
    extends = str(overlay.data["extends"])
    loc = overlay.data.loc_of("extends")
    local = sibling_named(path, extends)
    # the base itself (a shipped name, a ruleset file or folder)?
    try:
        base_of_overlay = resolve_ruleset_path(extends_target(path, extends))
        refuse_other_files(base_of_overlay, extends, loc)
        base_data = load_file(base_of_overlay)
        if isinstance(base_data, Map) and set(base_data) == {"scenarios"}:
            raise PhiltreError.at(loc, "O002", f"'{extends}' is a scenarios file, not a ruleset or an overlay",
                                  "extends names the ruleset beside the scenarios, or its folder")
        if isinstance(base_data, Map) and "extends" not in base_data:
            if os.path.realpath(base_of_overlay) != os.path.realpath(base_path) and not own_variant_of_a_copy(path, extends, base_path):
                here = shipped_name(base_path) or os.path.relpath(base_path, os.path.dirname(os.path.abspath(path))).replace(os.sep, "/")
                raise PhiltreError.at(loc, "O004", f"this overlay extends '{extends}', not the ruleset it is applied to ({base_path})",
                                      f"to extend that file instead, write extends: {here}")
            return [overlay]
    except PhiltreError as exc:
        if exc.first.code == "O004" or exc.first.loc == loc:
            raise
    # another overlay: its chain comes first
    try:
        # the file found beside the overlay is a path from here; a name is looked for beside the overlay, then as a variant
        inner = overlay_chain(base_path, local, None, seen + (real,), loc) if local else overlay_chain(base_path, extends, path, seen + (real,), loc)
    except PhiltreError as exc:
        if exc.first.code == "O002" and not exc.first.loc.line:  # not found here (a deeper O002 keeps its place)
            raise extends_not_found(path, extends, loc) or PhiltreError.at(
                loc, "O002", f"cannot find '{extends}': no ruleset, overlay file or variant of that name",
                shipped_spelling(extends) or own_game_hint(path, extends, base_path) or _not_found_hint(path, base_path, exc.first.hint)) from None
        raise
    return inner + [overlay]


def _not_found_hint(overlay_path: str, base_path: str, looked_up: str) -> str:
    """O002's hint for an `extends:` name found nowhere, under --variant: a variant's spelling where it is one, else how a
    game is named by its path, then the base's variants (``looked_up``: resolve_variant_path's hint)."""
    if looked_up and not looked_up.startswith("variants: "):  # a variant's name misspelt or written as its `variant:` says
        return looked_up
    return path_advice(overlay_path, base_path) + (f"; {looked_up}" if looked_up else "")


def extends_not_found(overlay_path: str, extends: str, loc: Loc) -> PhiltreError | None:
    """O002 for an `extends:` written as a path (a `/` in it, or .yaml/.yml at its end) that leads to no file: where it
    was looked for, since a path there is read from the overlay's own folder (`extends: base.yaml` in variants/x.yaml is
    variants/base.yaml), and the path that finds a file of that name a folder or two up or in the current folder; None
    for a name (a game, a variant) or a path that leads somewhere."""
    if not ("/" in extends or os.sep in extends or extends.endswith(YAML_SUFFIXES)):
        return None
    folder = os.path.dirname(overlay_path)
    looked = os.path.normpath(os.path.join(folder, extends))
    if os.path.exists(looked):
        return None
    meant = _extends_meant(folder, extends)
    return PhiltreError.at(loc, "O002", f"cannot find '{extends}': no file at {looked}",
                           "a path in extends is relative to the overlay's own folder" + (f"; {meant}" if meant else ""))


def _extends_meant(folder: str, extends: str) -> str:
    """`did you mean '../base.yaml'?`: the `extends:` that finds the file ``extends`` names (its path, or its last part) one
    or two folders above the overlay's ``folder`` or in the current folder, else the file spelt like it in the folder the
    path leads to (`../../rulset.yaml` -> '../../ruleset.yaml'); '' if none of them has it."""
    here = os.path.abspath(folder or ".")
    places = (os.path.dirname(here), os.path.dirname(os.path.dirname(here)), os.getcwd())
    for place in places:
        for name in dict.fromkeys((extends, os.path.basename(extends))):
            found = os.path.join(place, name)
            if os.path.isfile(found):
                written = os.path.relpath(found, here).replace(os.sep, "/")
                return f"did you mean '{written}'?" if written != extends else ""
    # `extends: ../../rulset.yaml`: the file spelt like it in the folder the path leads to, written as the path was
    alike = _spelt_alike_beside(os.path.normpath(os.path.join(here, extends)))
    if alike:
        head = extends.replace(os.sep, "/").rpartition("/")[0]
        return f"did you mean '{head + '/' if head else ''}{os.path.basename(alike)}'?"
    return ""


def own_game_hint(overlay_path: str, extends: str, base_path: str | None = None) -> str:
    """For an `extends:` that names the `game:` of a ruleset that is not shipped (a variant of one's own game written as
    the shipped ones are, `extends: GAME`): the path to write instead, wherever the overlay sits, else ''. Looked for in
    the ruleset the overlay is applied to (``base_path``), beside the overlay, in the folder above it and that folder's
    other folders (o/ beside game/), and in the current folder and its folders."""
    folder = os.path.dirname(os.path.abspath(overlay_path))
    for where in _rulesets_near(folder, base_path):
        try:
            data = load_file(where)
        except PhiltreError:
            continue
        if isinstance(data, Map) and str(data.get("game")) == extends:
            write_it = _path_from(folder, where)
            return f"'{extends}' is the game of {write_it}, which is not shipped: write extends: {write_it}"
    return ""


def _path_from(folder: str, target: str) -> str:
    """The `extends:` that leads from ``folder`` to ``target``: a relative path, or the absolute one where none leads
    there (another drive)."""
    try:
        return os.path.relpath(os.path.abspath(target), folder).replace(os.sep, "/")
    except ValueError:
        return os.path.abspath(target)


RULESETS_LOOKED_AT = 40  # ruleset.yaml files own_game_hint reads at most: a folder of many games is no reason to stall


def _rulesets_near(folder: str, base_path: str | None) -> list[str]:
    """The ruleset.yaml files own_game_hint reads, nearest first, each once: the base's, beside the overlay, above it,
    in the folders beside its folder, in the current folder and the folders in it."""
    from .loader import resolve_ruleset_path

    near = []
    if base_path:
        try:
            near.append(resolve_ruleset_path(base_path))
        except PhiltreError:
            pass
    above = os.path.dirname(folder)
    near += [os.path.join(folder, "ruleset.yaml"), os.path.join(above, "ruleset.yaml")]
    near += _rulesets_one_down(above) + [os.path.join(os.getcwd(), "ruleset.yaml")] + _rulesets_one_down(os.getcwd())
    found = {}
    for path in near:
        if os.path.isfile(path):
            found.setdefault(os.path.realpath(path), path)
    return list(found.values())[:RULESETS_LOOKED_AT]


def _rulesets_one_down(folder: str) -> list[str]:
    """FOLDER/*/ruleset.yaml, in name order (none where the folder cannot be listed)."""
    try:
        names = sorted(os.listdir(folder))[:RULESETS_LOOKED_AT * 4]
    except OSError:
        return []
    return [os.path.join(folder, name, "ruleset.yaml") for name in names]


def path_advice(overlay_path: str, base_path: str | None = None) -> str:
    """For a name in `extends:` found nowhere: a game that is not shipped is named by its path from the overlay's folder,
    with the path of the ruleset the overlay is applied to (``base_path``) where there is one."""
    from .loader import resolve_ruleset_path

    try:
        base = resolve_ruleset_path(base_path) if base_path else None
    except PhiltreError:
        base = None
    if base is None:
        return "a game that is not shipped is named by its path from this overlay's folder (extends: ../mygame/ruleset.yaml)"
    write_it = _path_from(os.path.dirname(os.path.abspath(overlay_path)), base)
    return f"a game that is not shipped is named by its path from this overlay's folder: to extend {Loc(base)}, write extends: {write_it}"


def shipped_spelling(name: str) -> str:
    """A 'did you mean' naming the shipped game or shipped variant ``name`` is a misspelling of, or ''."""
    from .loader import resolve_ruleset_path, shipped_games

    games = shipped_games()
    variants = [variant_name(p) for game in games for p in variant_paths(resolve_ruleset_path(game))]
    return did_you_mean(name, games + variants, any_case=True)


def circle_text(seen, again: str) -> str:
    """'a.yaml -> b.yaml -> a.yaml': the files of a circle of extends, from the one named again."""
    files = list(seen[list(seen).index(again):]) + [again]
    return " -> ".join(os.path.basename(f) for f in files)


def apply_overlays(data: Map, base_path: str, variants: list, near: list | None = None, removed: list | None = None) -> Map:
    """Resolve ``--variant`` names/paths in order on the base data; report conflicts between them.

    ``near``, if given, receives each key an overlay added beside a base key spelt like it
    (``actions: {paly: ...}`` beside ``play``), and ``removed`` each name an overlay removed from a
    section (``zones: {hand: {$remove: true}}``): see ``new_not_patched``. An overlay's unknown top-level key
    (`defines:`) is reported with what applying the rest finds (_unknown_keys_deferred)."""
    deferred: list = []
    token = _DEFERRED.set(deferred)
    try:
        data = _applied(data, base_path, variants, near, removed)
    except PhiltreError as exc:
        if deferred:
            raise PhiltreError(deferred + list(exc.diagnostics)) from None
        raise
    finally:
        _DEFERRED.reset(token)
    if deferred:
        raise PhiltreError(deferred)
    return data


def _applied(data: Map, base_path: str, variants: list, near: list | None, removed: list | None) -> Map:
    """apply_overlays' work."""
    touched_by: dict = {}
    restated: set = set()  # (overlay path, path) an overlay wrote with the value it already had
    applied: set = set()
    chains: list = []  # each variant's overlays, innermost first: whose scenarios run (scenario_owners)
    for variant in variants:
        chain = overlay_chain(base_path, str(variant))
        chains.append(chain)
        mine: dict = {}
        for overlay in chain:
            key = os.path.realpath(overlay.path)
            if key in applied:
                continue  # a shared ancestor of two variants is applied once
            applied.add(key)
            changes = Map(overlay.data.loc)
            for k, v in overlay.data.items():
                if k not in OVERLAY_ONLY_KEYS and k != "description" and k not in SCENARIO_KEYS:
                    changes[k] = v
                    changes.key_locs[k] = overlay.data.key_loc(k)
                    changes.val_locs[k] = overlay.data.loc_of(k)
            paths: list = []
            try:
                data = merge(data, changes, (), paths, near, removed)
            except PhiltreError as exc:
                raise _gone_before(exc, touched_by, overlay) from None
            for path, loc in paths:
                if isinstance(loc, Restated):  # the value it already had: kept, so that a later change conflicts with it
                    mine.setdefault(path, (overlay, loc.loc))
                    restated.add((overlay.path, path))
                else:
                    mine[path] = (overlay, loc)
                    restated.discard((overlay.path, path))
        chain_paths = {os.path.realpath(o.path) for o in chain}
        for path, (overlay, loc) in mine.items():
            if (overlay.path, path) in restated:
                continue  # what the variants before it say already: no contradiction (either order, see _merge_key)
            for other_path, (other, other_loc) in touched_by.items():
                if os.path.realpath(other.path) in chain_paths:
                    continue  # an overlay this variant extends: overriding it is the point
                if other.path != overlay.path and (path[: len(other_path)] == other_path or other_path[: len(path)] == path):
                    raise PhiltreError([_conflict(loc, other, other_loc, overlay, path, other_path=other_path)])
        touched_by.update(mine)
    # a variant's scenarios replace the base's: the base's test the base's rules
    scenarios = Seq(data.loc)
    for overlay in scenario_owners(chains)[0]:
        for i, item in enumerate(_with_own_defaults(overlay)):
            scenarios.append(item)
            scenarios.locs.append(overlay.data["scenarios"].loc_of(i))
    data = _copy_map(data)
    data["scenarios"] = scenarios
    data.val_locs["scenarios"] = scenarios.loc
    return data


def _with_own_defaults(overlay) -> list:
    """An overlay's scenarios, its own `defaults:` merged into each as a scenarios file's are (a trial wrote
    the same cups out again in each: `defaults:` was V001, and the base's scenarios.yaml defaults are not inherited, as
    its scenarios are not)."""
    from .scenario_defaults import check_defaults, with_defaults

    data = overlay.data
    items = data.get("scenarios") or []
    if "defaults" not in data or not isinstance(items, Seq):
        return items
    problems = check_defaults(data)
    if problems:
        raise PhiltreError(problems)
    return with_defaults(data, items, overlay.path)


def scenario_owners(chains: list) -> tuple[list, list]:
    """The variants named (each ``chains`` item's last overlay) whose scenarios run, in the order named, and each
    (variant, the named one extending it) whose scenarios do not.

    Only a named variant's own scenarios run: those of the overlays it extends test other rules.
    A variant named that another named one extends (in either order) is left out too: its
    scenarios test rules the other changes.
    """
    extended_by: dict = {}  # real path -> the first named variant whose chain holds it below itself
    for chain in chains:
        for overlay in chain[:-1]:
            extended_by.setdefault(os.path.realpath(overlay.path), chain[-1])
    kept, aside, seen = [], [], set()
    for overlay in (chain[-1] for chain in chains):
        key = os.path.realpath(overlay.path)
        if key in seen:
            continue  # named twice: applied once, its scenarios run once
        seen.add(key)
        if key in extended_by:
            aside.append((overlay, extended_by[key]))
        else:
            kept.append(overlay)
    return kept, aside


def set_aside_scenarios(base_path: str, variants) -> list[tuple[str, Loc, str, str]]:
    """(scenario name, where it is written, its variant, the variant extending that one) for each scenario that
    ``variants`` leave out as ``scenario_owners`` says: `philtre test` reports them skipped, not silently dropped."""
    if len(variants) < 2:
        return []
    _, aside = scenario_owners([overlay_chain(base_path, str(v)) for v in variants])
    out = []
    for overlay, by in aside:
        written = overlay.data.get("scenarios")
        for i, item in enumerate(written if isinstance(written, Seq) else []):
            name = item.get("name") if isinstance(item, Map) else None
            out.append((str(name) if name is not None else f"scenario {i + 1}", written.loc_of(i), overlay.name, by.name))
    return out


def _conflict(loc, other, other_loc, overlay, path, why: str = "", other_path=None) -> Diagnostic:
    """O010: the variant ``overlay`` changes at ``loc`` (``path``) what the earlier ``other`` changed at ``other_loc``
    (``other_path``, if it differs: one of the two paths holds the other). The message names the place both change,
    the shorter path, and which variant changes a key inside it."""
    shared, inside = path, ""
    if other_path is not None and other_path != path:
        shorter, longer, deeper = (other_path, path, overlay) if len(other_path) < len(path) else (path, other_path, other)
        shared, inside = shorter, f" ('{deeper.name}' changes {_describe_path(longer)} in it)"
    return Diagnostic(loc, "O010", f"variants '{other.name}' and '{overlay.name}' both change {_describe_path(shared)}{inside}{why}",
                      f"'{other.name}' changes it at {other_loc}; combine them in one overlay that extends the other")


def _gone_before(error: PhiltreError, touched_by: dict, overlay) -> PhiltreError:
    """``error`` with each O005 for a name a variant before this one removed (or renamed) said as the conflict it is:
    "no item named 'reveal' in the base" sent the author looking for a statement the base has."""
    out = []
    for d in error.diagnostics:
        name = d.message[len(NO_ITEM) + 2:].split("'")[0] if d.code == "O005" and d.message.startswith(NO_ITEM + " '") else None
        for path, (other, other_loc) in touched_by.items() if name is not None else ():
            if path and path[-1] == ("name", name):
                d = _conflict(d.loc, other, other_loc, overlay, path, f": '{name}' is no longer there after '{other.name}'")
                break
        out.append(d)
    return PhiltreError(out)


def _describe_path(path) -> str:
    out = ""
    for step in path:
        out += f"[{step[1]!r}]" if isinstance(step, tuple) else (("." if out else "") + str(step))
    return out or "the ruleset"


def _copy_map(m: Map) -> Map:
    out = Map(m.loc)
    for k, v in m.items():
        out[k] = v
    out.key_locs = dict(m.key_locs)
    out.val_locs = dict(m.val_locs)
    out.joined_at, out.inserted_after = m.joined_at, m.inserted_after
    out.removed_at = dict(m.removed_at) if m.removed_at else None
    out.removed_held = dict(m.removed_held) if m.removed_held else None
    out.replaced_held = dict(m.replaced_held) if m.replaced_held else None
    return out


def _copy_seq(s: Seq) -> Seq:
    out = Seq(s.loc)
    out.extend(s)
    out.locs = list(s.locs)
    out.removed_items = list(s.removed_items) if s.removed_items else None
    return out


def merge(base, patch, path, touched, near=None, removed=None):
    """Merge ``patch`` into ``base`` (neither is modified); record the changed paths in ``touched``
    (in ``near`` the new keys spelt like a key of the base beside them, in ``removed`` the names
    removed from a section: (name, where the removal is written)).

    Every key is tried: the mistakes of all of them are raised together, so that an overlay's
    author sees them in one run, not one run each."""
    if isinstance(base, Map) and isinstance(patch, Map):
        out = _copy_map(base)
        problems: list = []
        for key, value in patch.items():
            try:
                _merge_key(out, patch, key, value, path, touched, near, removed, base)
            except PhiltreError as exc:
                problems.extend(exc.diagnostics)
        if problems:
            raise PhiltreError(problems)
        return out
    return patch


def _same(a, b) -> bool:
    """Plain values alike in kind too: `true` is not `1`, nor `1` `1.0`, though Python's == says so."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_same, a, b))
    return a == b


def _merge_key(out: Map, patch: Map, key, value, path, touched, near, removed, base: Map) -> None:
    """Merge one key of ``patch`` into ``out`` (a copy of the base's map ``base``)."""
    here = path + (key,)
    loc = patch.loc_of(key)
    if isinstance(value, Map):
        _check_directives(value, VALUE_DIRECTIVES)
    if isinstance(value, Map) and "$remove" in value:
        _check_true(value, "$remove")
        _alone(value, "$remove")
        if key not in out:
            _missing(patch.key_loc(key), key, [k for k in out if k in base], path)  # (not a key the overlay adds)
        if not path and key in NEEDED_KEYS:
            raise PhiltreError.at(patch.key_loc(key), "O014", f"'{key}' cannot be removed: every ruleset has one",
                                  f"replace it instead: {key}: {{$replace: ...}}")
        gone = out.pop(key)
        _held_replaced(out, key, gone, here, patch.key_loc(key))
        out.removed_at = {**(out.removed_at or {}), key: patch.key_loc(key)}  # named beside what the removal breaks
        if isinstance(gone, Map):  # (`attributes: {$remove: true}`: the attributes it held are what the base still reads)
            out.removed_held = {**(out.removed_held or {}), key: tuple(gone)}
        touched.append((here, loc))
        if removed is not None and len(path) == 1:  # a zone, definition, variable, action, ... of the base
            removed.append((str(key).split("(")[0].strip(), patch.key_loc(key)))
        elif removed is not None and not path and key in NAMED_SECTIONS and isinstance(gone, Map):  # `zones: {$remove: true}`
            removed += [(str(name).split("(")[0].strip(), patch.key_loc(key)) for name in gone]
        return
    if isinstance(value, Map) and "$replace" in value:
        _alone(value, "$replace")
        _nothing_patched(value["$replace"], "$replace's value is written whole, as it should be: nothing in it is patched")
        before, out[key] = out.get(key), value["$replace"]
        _held_replaced(out, key, before, here, patch.key_loc(key))
        if isinstance(before, Seq) and isinstance(out[key], Seq):  # a list of statements replaced whole: each one gone
            out[key] = _copy_seq(out[key])
            for statement in before:
                _kept_gone(out[key], statement, value.key_loc("$replace"), "replaced", out[key])
        out.val_locs[key] = value.loc_of("$replace")
        out.key_locs[key] = patch.key_loc(key)
        touched.append((here, loc))
        return
    if key not in out and not path and key in NAMED_SECTIONS and isinstance(value, Map):
        # a section the base lacks is an empty one: each entry is what the overlay changes, not the whole section
        # (a trial's two variants adding two different variables were O010 until the base wrote `variables: {}`)
        out[key] = merge(Map(value.loc), value, here, touched, near, removed)
        out.val_locs[key], out.key_locs[key] = loc, patch.key_loc(key)
        return
    if key in out and isinstance(out[key], Map) and isinstance(value, Map):
        out[key] = merge(out[key], value, here, touched, near, removed)
        return
    if key not in out and isinstance(out, Map):
        _new_without_directives(patch, key, out, path)
        if len(path) > 1 or (path and path[0] not in NAMED_SECTIONS):  # beside the base's keys of one thing, not a new entry
            item = isinstance(path[-1], tuple)  # an item of a named list (a statement): replaced with `$replace: true`
            out.joined_at = out.joined_at or (patch.key_loc(key), "$replace: true in the item" if item else "{$replace: ...} there")
        close = did_you_mean(str(key), [str(k) for k in out]) if path and near is not None else ""
        if close:
            near.append((patch.key_loc(key), _last_line(value, patch.key_loc(key).line), key, close, path))
    if key in out and isinstance(out[key], list) and isinstance(value, Seq) and here[0] in STATEMENT_SECTIONS \
            and (_named_list(out[key]) or _patches(value)):
        out[key] = merge_named(out[key], value, here, touched)  # a list whose items name none of the base's: O005 there
        return
    if isinstance(value, (Seq, Map)):  # (a map here replaces a value that is no map: `dealer: {initial: [...]}` over `0`)
        _nothing_patched(value, f"'{_describe_path(here)}' is {'a list' if isinstance(value, Seq) else 'a value'} an overlay "
                                "replaces whole (only the statements of flow and actions are patched item by item): "
                                "write all it should hold")
    if key in out and _same(_plain(out[key]), _plain(value)):
        if key != "name":  # (the `name:` that selects an item says nothing of the item)
            touched.append((here, Restated(loc)))  # no change; but a later variant changing it contradicts this one
        return
    _held_replaced(out, key, out.get(key), here, patch.key_loc(key))
    out[key] = value
    out.val_locs[key] = loc
    out.key_locs[key] = patch.key_loc(key)
    touched.append((here, loc))


def _held_replaced(out: Map, key, before, here: tuple, where) -> None:
    """Keep, on ``out``, the value a component's `list`, `attributes` (or one attribute's values) or the whole type held
    before an overlay replaced or removed it at ``where``: the values it declared that the rules no longer have are told
    as removed by the overlay there, not misspelt (loader.values_removed)."""
    if before is not None and here[0] == "components" and 2 <= len(here) <= 4:
        held = (out.replaced_held or {}).get(key, ())
        out.replaced_held = {**(out.replaced_held or {}), key: [*held, (before, where, out.loc_of(key))]}


def _last_line(value, line: int) -> int:
    """The last line on which ``value`` (a mapping or list read from YAML) has a key or an item."""
    if isinstance(value, Map):
        locs = list(value.key_locs.values()) + list(value.val_locs.values())
        inner = [_last_line(v, line) for v in value.values()]
    elif isinstance(value, Seq):
        locs, inner = list(value.locs), [_last_line(v, line) for v in value]
    else:
        return line
    return max([line, *inner, *(loc.line for loc in locs if loc.line)])


def joined_maps(data) -> dict:
    """(path, line, column) of each mapping an overlay added keys to beside the base's, and of the base's keys and values
    in it -> where the overlay's first added key is written: a finding there may be the two sets of keys together."""
    out: dict = {}
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, Map):
            if node.joined_at is not None:
                for loc in (node.loc, *node.key_locs.values(), *node.val_locs.values()):
                    if loc.path != node.joined_at[0].path:
                        out.setdefault((loc.path, loc.line, loc.col), node.joined_at)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return out


def joined_hint(error: PhiltreError, joined: dict) -> PhiltreError:
    """Each finding of the base at a mapping an overlay added keys to, with a hint naming the overlay: `winners:
    {highest: ...}` over the base's `{lowest: ...}` is a mapping of both, refused at the base's line alone."""
    out = []
    for d in error.diagnostics:
        joined_at = joined.get((d.loc.path, d.loc.line, d.loc.col)) if d.loc is not None else None
        if joined_at is not None:
            at, how = joined_at
            said = f"the overlay at {at} adds keys beside the base's here (mappings merge key by key): to replace the base's, write {how}"
            d = _hint_added(d, said)
        out.append(d)
    return PhiltreError(out)


def _hint_added(d: Diagnostic, said: str, replacing: bool = False) -> Diagnostic:
    """``d`` with ``said`` after its own hint (or instead of it)."""
    return Diagnostic(d.loc, d.code, d.message, f"{d.hint}; {said}" if d.hint and not replacing else said)


def new_not_patched(error: PhiltreError, near: list, removed: list = ()) -> PhiltreError:
    """The errors of a resolved ruleset, each one written inside a key an overlay added beside a key of the
    base spelt like it with the hint that says so: `actions: {paly: {if: ...}}` adds an action 'paly', whose
    `if` knows no 'card' (E150 "to give the word 'card', quote it" sent the author the wrong way); and each
    one about a name an overlay removed with the hint that names the removal (`zones: {hand: {$remove: true}}`
    left the base's rules that read 'hand' with "unknown name 'hand' (to give the word 'hand', quote it)")."""
    out = []
    for d in error.diagnostics:
        for loc, last, key, close, path in near:
            if d.loc.path == loc.path and loc.line <= d.loc.line <= last:
                where = ".".join(str(step) for step in path)
                said = f"{close} '{key}' is no key of the base's {where}, so the overlay adds it as a new one, written at {loc}, " \
                       "instead of changing the other"
                # an unknown name's own hint ("to give the word 'card', quote it") is wrong here: the key is new; another's stays
                d = _hint_added(d, said, replacing=d.code == "E150")
                break
        else:
            for name, loc in removed:
                if f"'{name}'" in d.message:
                    d = Diagnostic(d.loc, d.code, d.message, f"'{name}' is removed by the overlay at {loc}, and this still uses it")
                    break
        out.append(d)
    return PhiltreError(out)


ITEM_DIRECTIVES = ("$before", "$after", "$remove", "$replace")  # on an item of a named list
VALUE_DIRECTIVES = ("$remove", "$replace")  # as a mapping value: key: {$remove: true}
EXCLUSIVE = (("$before", "$after"), ("$remove", "$replace"), ("$before", "$remove"), ("$after", "$remove"),
             ("$before", "$replace"), ("$after", "$replace"))


def _check_directives(item: Map, allowed) -> None:
    """O013 for a `$` key that is no directive here (a misspelling would be read as something else), or two that clash."""
    for key in item:
        if isinstance(key, str) and key.startswith("$") and key not in allowed:
            hint = did_you_mean(key, allowed) or "the directives here: " + ", ".join(allowed)
            raise PhiltreError.at(item.key_loc(key), "O013", f"unknown directive '{key}'", hint)
    for one, other in EXCLUSIVE:
        if one in item and other in item:
            raise PhiltreError.at(item.key_loc(other), "O013", f"{other} and {one} cannot be used together",
                                  "an item is inserted, removed or replaced: give it one of them")


def _directive_inside(value):
    """The first (mapping, directive key) inside ``value`` that patches something ($before, $after, ...), or None."""
    if isinstance(value, Map):
        for key, inner in value.items():
            if key in ITEM_DIRECTIVES:
                return value, key
            found = _directive_inside(inner)
            if found:
                return found
    if isinstance(value, list):
        for inner in value:
            found = _directive_inside(inner)
            if found:
                return found
    return None


def _new_without_directives(patch: Map, key, base: Map, path=()) -> None:
    """O005 when a key the base does not have carries directives: it was meant to patch an existing key (a typo)."""
    found = _directive_inside(patch[key])
    if found:
        inner, directive = found
        listed = _names_there(base, path)
        raise PhiltreError.at(patch.key_loc(key), "O005", f"'{key}' does not exist in the base, so its {directive} has nothing to patch",
                              _name_meant(key, base) or f"{directive} changes an item of the base"
                              + (f"; {listed}" if listed else "") + f"; a new '{key}' is written in full")


def _nothing_patched(value, hint: str) -> None:
    """O013 for a directive on an item of what an overlay writes whole (a die's faces, a variable's `initial`, a
    `$replace` value): nothing patches it, so it would be kept as data (a face with a `$remove` attribute) or refused
    by the schema as an unknown key, with no word of the directive."""
    found = _directive_inside(value)
    if found:
        inner, directive = found
        raise PhiltreError.at(inner.key_loc(directive), "O013", f"'{directive}' is no directive here", hint)


def _check_true(item: Map, directive: str) -> None:
    """A directive that takes only true (`$remove: false` or `1` would say something else): O009 otherwise."""
    if item[directive] is not True:
        raise PhiltreError.at(item.loc_of(directive), "O009", f"{directive} takes true, not {describe(item[directive])}",
                              f"write {directive}: true, or leave it out")


def _missing(loc, key, existing, path=()):
    raise PhiltreError.at(loc, "O005", f"'{key}' does not exist in the base, so it cannot be removed", _what_exists(key, existing, path))


NAMES_LISTED = 12  # the base's names an O005 lists when none is spelt like the one written; then how many more


def _what_exists(key, existing, path=()) -> str:
    """O005's hint for a name the base lacks (at ``path``): the name meant (_name_meant), else the names the base has there."""
    return _name_meant(key, existing) or _names_there(existing, path)


def _name_meant(key, existing) -> str:
    """The head the base keys a definition with parameters by (`highest(p, s)`, written `highest`), else a name of
    ``existing`` spelt like ``key``; ''."""
    names = [str(k) for k in existing]
    written = str(key).split("(")[0].strip()
    heads = [n for n in names if n.split("(")[0].strip() == written and n != str(key)]
    if heads:
        return (f"a definition with parameters is keyed by its whole head, as the base writes it: "
                f"write '{heads[0]}', parameters and all")
    return did_you_mean(str(key), names)


def _names_there(existing, path=()) -> str:
    """'the base's actions: play, discard' (the section at ``path``), or 'the base has ...' elsewhere; '' for none."""
    section = path[0] if len(path) == 1 and path[0] in NAMED_SECTIONS else None
    return _names_listed(f"the base's {section}:" if section else "the base has", [str(k) for k in existing])


def _names_listed(lead: str, names: list) -> str:
    """'the base has a, b, c' (at most NAMES_LISTED, then how many more); '' for none."""
    if not names:
        return ""
    more = len(names) - NAMES_LISTED
    return f"{lead} {', '.join(names[:NAMES_LISTED])}" + (f" and {more} more" if more > 0 else "")


def _named_list(value) -> bool:
    """A list patched by name: an item in it, or in a block nested in it, has a `name:` (not only its top level)."""
    return isinstance(value, list) and bool(_names(value))


def _patches(value: Seq) -> bool:
    """An overlay's list that patches items by name ($remove, $replace, $before, $after on an item): were the base's
    list to have no named item, it would replace that list, directives and all, and the schema would then call each
    directive an unknown key of a statement; it is patched by name instead, so each name the base lacks is O005."""
    return any(isinstance(item, Map) and any(d in item for d in ITEM_DIRECTIVES) for item in value)


def _find(seq: Seq, name):
    """(list holding it, index, names of the named items it lies in) of the item named ``name``, searching nested blocks too."""
    found = []

    def visit(lst, ancestors):
        for i, item in enumerate(lst):
            if isinstance(item, dict):
                if item.get("name") == name:
                    found.append((lst, i, ancestors))
                inner = ancestors + ((("name", str(item["name"])),) if "name" in item else ())
                for value in item.values():
                    if isinstance(value, list):
                        visit(value, inner)

    visit(seq, ())
    return found


def _unnamed_hint(root: Seq, item) -> str:
    """O006's hint: where the base has the same statement without a name (`shuffle: deck`), how an overlay can still change it."""
    whole = "the whole list with {$replace: [...]}"
    keys = {k for k in item if not str(k).startswith("$")} - {"name", "when", "do", "otherwise"}

    def visit(lst, holder):
        for i, it in enumerate(lst):
            if not isinstance(it, dict):
                continue
            if keys & set(it):
                return lst, i, holder
            inner = str(it["name"]) if "name" in it else holder
            for value in it.values():
                if isinstance(value, list) and (found := visit(value, inner)):
                    return found
        return None

    found = visit(root, None) if keys else None
    if found is None:
        return "to replace the whole list instead, write it as {$replace: [...]}"
    lst, i, holder = found
    kind = next(k for k in lst[i] if k in keys)
    at = lst.locs[i] if isinstance(lst, Seq) and i < len(lst.locs) else None
    if "name" in lst[i]:
        named = lst[i]["name"]
        return (f"the base's '{kind}'{f' at {at}' if at else ''} is named '{named}': add 'name: {named}' to change it, "
                f"or insert a new one beside it with '$after: {named}'")
    instead = f"'{holder}', the named item that holds it, with $replace: true, or {whole}" if holder else whole
    return f"the base's '{kind}'{f' at {at}' if at else ''} has no name, so no overlay item can pick it out: replace {instead}"


def _names(seq) -> list:
    out = []

    def visit(lst):
        for item in lst:
            if isinstance(item, dict):
                if "name" in item:
                    out.append(str(item["name"]))
                for value in item.values():
                    if isinstance(value, list):
                        visit(value)

    visit(seq)
    return out


def _alone(value: Map, directive: str) -> None:
    """O012 where a map value's directive has other keys beside it: they would be silently ignored."""
    others = [k for k in value if k != directive]
    if others:
        raise PhiltreError.at(value.key_loc(others[0]), "O012", f"'{others[0]}' beside {directive} would be ignored: "
                              f"{directive} stands alone in its mapping",
                              f"put '{others[0]}' inside the value of {directive}" if directive == "$replace" else f"remove '{others[0]}'")


def merge_named(base: Seq, patch: Seq, path, touched) -> Seq:
    """Patch a list of named items by name (see the module docstring); the mistakes of every item are raised together."""
    root = _deep_copy_lists(base)
    index = _NameIndex(root)
    problems: list = []
    for i, item in enumerate(patch):
        try:
            _patch_item(root, index, item, patch.loc_of(i), path, touched, base)
        except PhiltreError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise PhiltreError(problems)
    return root


class _NameIndex:
    """Where each named item of a list being patched lies, nested blocks too, kept up to date as items are inserted,
    removed and replaced: each overlay item finds its target at once, where walking the whole tree for each item made an
    overlay of N items take N walks of the tree (10,000 `$after:` items did not finish in minutes)."""

    def __init__(self, root: Seq):
        self.places: dict = {}  # name -> [(list holding it, the item, names of the named items it lies in)]
        self.ids: dict = {}  # id(list) -> (the list, [id(item) of each of its items]): an item's index, searched in C
        self.hints: dict = {}  # id(item) -> its index when last found (an insert before it moves it right)
        # (id(list), name) -> the items put in that list with `$after: name`, in the list's order (an earlier overlay's
        # too): the next goes after the last still there, found at once where walking past them all made N items after
        # one statement take N*N/2 steps (30,000 such items, a 1.2 MB overlay, took minutes)
        self.put_after: dict = {}
        self.replaced_by: dict = {}  # id(item) -> (it, the item a merge or a `$replace` put in its place in put_after)
        self._add_list(root, ())

    def find(self, root: Seq, name) -> list:
        """The places (list, item, ancestors) of the items named ``name``, in any order: what _find says."""
        if name is None or not _hashable(name):  # None is every unnamed item's `get("name")`; a list or map is no key
            return [(lst, lst[i], ancestors) for lst, i, ancestors in _find(root, name)]
        return list(self.places.get(name, ()))

    def locate(self, place) -> tuple:
        """(list, index, ancestors) of a place ``find`` returned."""
        lst, item, ancestors = place
        at = self._index_of(self.ids[id(lst)][1], id(item))
        if at is None:
            raise ValueError(f"{item!r} is not in the list")
        return lst, at, ancestors

    def _index_of(self, ids: list, key: int):
        """The index of the item whose id is ``key`` in ``ids`` (a list's item ids), found from its hint; None if it is
        not there."""
        hint = self.hints.get(key, 0)
        if not (hint < len(ids) and ids[hint] == key):
            try:
                hint = ids.index(key, hint)  # inserts move an item right of where it was last found
            except ValueError:
                try:
                    hint = ids.index(key)  # removals moved it left
                except ValueError:
                    return None
            self.hints[key] = hint
        return hint

    def after_inserted(self, lst: Seq, at: int, anchor) -> int:
        """Where an item put after the item at ``at`` in ``lst``, named ``anchor``, goes: after the anchor and after the items
        put after it before that are still in the list (a merge or a `$replace` of one keeps its place)."""
        if not _hashable(anchor):  # (a name written as a list or a map: walked, as the items tagged with it are few)
            at += 1
            while at < len(lst) and isinstance(lst[at], Map) and lst[at].inserted_after == anchor:
                at += 1
            return at
        before = self.put_after.get((id(lst), anchor))
        ids = self.ids[id(lst)][1]
        while before:
            while id(before[-1]) in self.replaced_by:  # (replaced, perhaps more than once: the item in its place now)
                before[-1] = self.replaced_by[id(before[-1])][1]
            key = id(before[-1])
            if key in self.hints:  # (else removed since, or its block was: not looked for)
                found = self._index_of(ids, key)
                if found is not None:
                    return found + 1
            before.pop()
        return at + 1

    def insert(self, lst: Seq, at: int, item: Map, loc, ancestors) -> None:
        """Insert ``item`` into ``lst`` at ``at`` (written at ``loc``)."""
        lst.insert(at, item)
        lst.locs.insert(at, loc)
        self.ids[id(lst)][1].insert(at, id(item))
        self._add_item(lst, item, ancestors)
        self.hints[id(item)] = at

    def remove(self, lst: Seq, at: int) -> None:
        """Remove the item at ``at`` from ``lst``."""
        item = lst[at]
        del lst[at]
        del lst.locs[at]
        del self.ids[id(lst)][1][at]
        self._drop_item(lst, item)

    def replace(self, lst: Seq, at: int, item: Map, ancestors) -> None:
        """Put ``item`` in place of the item at ``at`` in ``lst``; the lists the two share keep their places."""
        old = lst[at]
        lst[at] = item
        self.ids[id(lst)][1][at] = id(item)
        if isinstance(old, Map) and old.inserted_after is not None and _hashable(old.inserted_after) \
                and isinstance(item, Map):  # put after a statement (and in put_after):
            item.inserted_after = old.inserted_after  # so is what replaces it, in later overlays too
            self.replaced_by[id(old)] = (old, item)  # (old kept alive here: its id names no other object)
        self.hints[id(item)] = at
        self._drop_place(lst, old)
        self._add_place(lst, item, ancestors)
        old_inner, inner = _inner(old, ancestors), _inner(item, ancestors)
        renamed = old_inner != inner  # (a merge may respell the name: `true` for `1`) the ancestors of all inside change
        for key, value in old.items():
            if isinstance(value, list) and (renamed or item.get(key) is not value):
                self._drop_list(value)
        for key, value in item.items():
            if isinstance(value, list) and (renamed or old.get(key) is not value):
                self._add_list(value, inner)

    def _add_list(self, lst: list, ancestors) -> None:
        """Index ``lst`` and the named items in it, at any depth (as _find searches them)."""
        self.ids[id(lst)] = (lst, [id(item) for item in lst])
        for i, item in enumerate(lst):
            self._add_item(lst, item, ancestors)
            self.hints[id(item)] = i

    def _add_item(self, lst: list, item, ancestors) -> None:
        """Index ``item`` of ``lst`` and the lists inside it."""
        if isinstance(item, dict):
            self._add_place(lst, item, ancestors)
            tag = getattr(item, "inserted_after", None)
            if tag is not None and _hashable(tag):  # put after a statement: at the end of those, as the list holds them
                self.put_after.setdefault((id(lst), tag), []).append(item)
            inner = _inner(item, ancestors)
            for value in item.values():
                if isinstance(value, list):
                    self._add_list(value, inner)

    def _add_place(self, lst: list, item: dict, ancestors) -> None:
        """Index ``item`` alone by its name."""
        if "name" in item and _hashable(item["name"]):  # an unhashable name matches no hashable one: only _find's
            self.places.setdefault(item["name"], []).append((lst, item, ancestors))

    def _drop_list(self, lst: list) -> None:
        """Forget ``lst`` and the named items in it, at any depth."""
        self.ids.pop(id(lst), None)
        for item in lst:
            self._drop_item(lst, item)

    def _drop_item(self, lst: list, item) -> None:
        """Forget ``item`` of ``lst`` and the lists inside it."""
        if isinstance(item, dict):
            self._drop_place(lst, item)
            for value in item.values():
                if isinstance(value, list):
                    self._drop_list(value)

    def _drop_place(self, lst: list, item: dict) -> None:
        """Forget ``item`` alone."""
        self.hints.pop(id(item), None)
        if "name" in item and _hashable(item["name"]):
            same = self.places.get(item["name"], [])
            same[:] = [place for place in same if place[1] is not item or place[0] is not lst]
            if not same:
                self.places.pop(item["name"], None)


def _inner(item: dict, ancestors) -> tuple:
    """The ancestors of what lies inside ``item``: its own, and its name if it has one (as _find counts them)."""
    return ancestors + ((("name", str(item["name"])),) if "name" in item else ())


def _hashable(value) -> bool:
    """Whether ``value`` can be a key of a dict (a name written as a list or a mapping cannot)."""
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _patch_item(root: Seq, index: _NameIndex, item, loc, path, touched, base: Seq) -> None:
    """Apply one item of an overlay's named list to ``root`` (a copy of the base's list ``base``, its names in ``index``)."""
    if not isinstance(item, Map):
        raise PhiltreError.at(loc, "O006", "items of a named list are patched with mappings that have 'name:'")
    _check_directives(item, ITEM_DIRECTIVES)
    for directive in ("$remove", "$replace"):
        if directive in item:
            _check_true(item, directive)
    anchor = item.get("$before", item.get("$after"))
    if anchor is not None:
        where = index.find(root, anchor)
        if len(where) != 1:
            _no_such(item.key_loc("$before" if "$before" in item else "$after"), anchor, root, len(where), base)
        lst, at, ancestors = index.locate(where[0])
        new = _strip(item)
        if "name" in new and index.find(root, new["name"]):
            directive = "$before" if "$before" in item else "$after"
            raise PhiltreError.at(item.key_loc("name"), "O007", f"an item named '{new['name']}' already exists",
                                  f"to change that item, drop {directive}: an item named as one that exists changes it "
                                  "where it stands; to insert a new one, give it a name no item has")
        if "$after" in item:  # after the anchor and the statements put after it before, so that they run in the order written
            at = index.after_inserted(lst, at, anchor)
            new.inserted_after = anchor
        index.insert(lst, at, new, loc, ancestors)
        touched.append((path + ancestors + (("name", str(new.get("name", anchor))),), loc))
        return
    if "name" not in item:
        raise PhiltreError.at(loc, "O006", "say which item this changes with 'name:' (or insert with $before/$after)",
                              _unnamed_hint(root, item))
    name = item["name"]
    where = index.find(root, name)
    if len(where) != 1:
        _no_such(item.key_loc("name"), name, root, len(where), base)
    lst, at, ancestors = index.locate(where[0])
    here = path + ancestors + (("name", str(name)),)
    before = lst[at]
    if item.get("$remove"):
        index.remove(lst, at)
        _kept_gone(lst, before, item.key_loc("$remove"), "removed", None)
        touched.append((here, loc))
    elif item.get("$replace"):
        index.replace(lst, at, _strip(item), ancestors)
        lst.locs[at] = loc
        _kept_gone(lst, before, item.key_loc("$replace"), "replaced", lst[at])
        touched.append((here, loc))
    else:
        index.replace(lst, at, merge(before, _strip(item), here, touched), ancestors)
        _kept_gone(lst, before, loc, "changed", lst[at])


def _kept_gone(lst: Seq, before, where: Loc, how: str, instead) -> None:
    """Keep the base's statement ``before`` that an overlay took out (``how``: removed, replaced, changed; ``instead``:
    what stands in its place, None) on ``lst``, to be named beside what the base now lacks: a loop that no statement
    ends any more (lints.L004, R200 in play: removed_setters)."""
    lst.removed_items = [*(lst.removed_items or ()), (before, where, how, instead)]


def _no_such(loc, name, root, count, base):
    """O008 for a name several items have; O005 for one none has, its hint a name of the base's (not one the overlay
    itself adds, which it cannot have meant to change) still in the list, or those names."""
    if count > 1:
        raise PhiltreError.at(loc, "O008", f"more than one item is named '{name}'")
    based = _names(base)
    kept = set(based)
    names = [n for n in _names(root) if n in kept] or based
    raise PhiltreError.at(loc, "O005", f"{NO_ITEM} '{name}' in the base",
                          did_you_mean(str(name), names) or _names_listed("the base's named items:", names) if names else
                          "the base gives none of this list's items a `name:`: name the statement in the base, "
                          "or replace the whole list with {$replace: [...]}")


def _strip(item: Map) -> Map:
    out = Map(item.loc)
    for k, v in item.items():
        if k in DIRECTIVES:
            continue
        out[k] = v
        out.key_locs[k] = item.key_loc(k)
        out.val_locs[k] = item.loc_of(k)
    return out


def _deep_copy_lists(value):
    """Copy the list/map skeleton (so inserts do not touch the base), keeping locations."""
    if isinstance(value, Seq):
        out = _copy_seq(value)
        for i, item in enumerate(out):
            out[i] = _deep_copy_lists(item)
        return out
    if isinstance(value, Map):
        out = _copy_map(value)
        for k, v in out.items():
            out[k] = _deep_copy_lists(v)
        return out
    return value



def removed_setters(ruleset) -> dict:
    """Variable -> [(the statement, as words; where; how)] of each statement that set it and that an overlay removed
    (`- {name: finish, $remove: true}`), replaced or changed so that what stands in its place no longer sets it: named
    beside a base's loop that nothing ends any more; empty without variants."""
    source, out = ruleset.source, {}
    if not (ruleset.variants and isinstance(source, dict)):
        return out
    for lst in _lists_in([source.get("flow"), *(source.get("actions") or {}).values()]):
        for item, where, how, instead in getattr(lst, "removed_items", None) or ():
            kept = _variables_set_by(instead) if instead is not None else set()
            for name in sorted(_variables_set_by(item) - kept):
                out.setdefault(name, []).append((_statement_called(item), where, how))
    for name, taken in out.items():  # (a block changed by what was taken out of it: that is named, not the block)
        if any(how != "changed" for _, _, how in taken):
            out[name] = [t for t in taken if t[2] != "changed"]
    return out


def setter_taken_out(statement: str, where, how: str, what: str = "it") -> str:
    """A statement an overlay took out (removed_setters' entry), as the hints beside an endless loop say it."""
    return f"{statement} that set {what} was {how} by {where}"


def _statement_called(item) -> str:
    """A statement of the base as a hint names it: "the statement 'finish'", or where it is written if it has no name."""
    if isinstance(item, dict) and item.get("name") is not None:
        return f"the statement '{item['name']}'"
    return f"the statement at {item.loc}" if isinstance(item, Map) else "a statement"


def _lists_in(value) -> list:
    """Every list inside plain data (mappings and lists), ``value`` too if it is one."""
    out, stack = [], [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            out.append(v)
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
    return out


def _variables_set_by(item) -> set:
    """The variables a statement written in YAML (``item``, with the statements in its blocks) sets: the keys of each
    `set:` mapping in it, a seat's `[...]` taken off."""
    names = set()
    stack = [item]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if isinstance(v.get("set"), dict):
                names |= {str(key).partition("[")[0].strip() for key in v["set"]}
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return names


def attributes_taken(ruleset, trees) -> str:
    """For a rule that failed: "; 'value' of the component 'card' was removed by x.yaml:4:18" for each attribute the
    ``trees`` read, directly or through definitions, that an overlay removed from a component that still exists. Where
    another component keeps it, the checks pass (`c.value` is read from both), and the component that lost it gives
    none in play, a failure at the base's line that does not name the overlay's; '' when there is none."""
    taken = _attributes_taken(ruleset)
    if not taken:
        return ""
    read = _attributes_read(ruleset, trees)
    return "".join(f"; '{attribute}' of the component '{component}' was removed by {loc}"
                   for attribute, component, loc in taken if attribute in read)


def _attributes_taken(ruleset) -> list:
    """[(attribute, component, where)] of each attribute an overlay's `$remove: true` took from a component, one by one
    (`attributes: {value: {$remove: true}}`) or with its whole `attributes`."""
    components = ruleset.source.get("components") if ruleset.variants else None
    found = []
    for name, spec in components.items() if isinstance(components, Map) else ():
        if not isinstance(spec, Map):
            continue
        attributes = spec.get("attributes")
        if isinstance(attributes, Map) and attributes.removed_at:
            found += [(str(a), str(name), loc) for a, loc in attributes.removed_at.items() if a not in attributes]
        if "attributes" not in spec and spec.removed_at and "attributes" in spec.removed_at:
            found += [(str(a), str(name), spec.removed_at["attributes"]) for a in (spec.removed_held or {}).get("attributes", ())]
    return found


def _attributes_read(ruleset, trees) -> set:
    """The attribute names (`c.value`) ``trees`` read, and the definitions they call read, in turn."""
    from . import ast
    from .parser import parse

    defines = ruleset.source.get("define") or {}
    heads = {str(k).split("(")[0].strip(): k for k in defines}
    read, seen, todo = set(), set(), [t for t in trees if t is not None]
    while todo:
        for node in ast.walk(todo.pop()):
            if isinstance(node, ast.Attr):
                read.add(node.name)
            called = node.func if isinstance(node, ast.Call) else node.name if isinstance(node, ast.Name) else None
            key = heads.get(called)
            if key is not None and called not in seen and isinstance(defines[key], (str, int, float, bool)):
                seen.add(called)
                try:
                    todo.append(parse(str(defines[key]), defines.loc_of(key)))
                except PhiltreError:
                    continue
    return read


def changed_by_overlays(ruleset, names) -> list:
    """(name, Loc) of each definition or variable that ``names`` read, directly or through definitions, that an overlay set.

    For a message about a rule of the base that an overlay's value makes go wrong (a loop
    that no longer ends): the rule is the base's, the cause the overlay's.
    """
    from . import ast
    from .parser import parse

    source, base = ruleset.source, os.path.abspath(ruleset.path)
    defines, variables = source.get("define") or {}, source.get("variables") or {}
    found, seen, todo = [], set(), list(names)
    while todo:
        name = todo.pop(0)
        # a definition's key names its parameters too: `done(y)` is the definition 'done'
        key = next((k for k in defines if isinstance(k, str) and k.split("(")[0].strip() == name), None)
        section = defines
        if key is None:
            key, section = (name, variables) if name in variables else (None, None)
        if key is None or name in seen:
            continue
        seen.add(name)
        loc = section.loc_of(key)
        if loc is not None and os.path.abspath(loc.path) != base:
            found.append((name, loc))
        if section is defines and isinstance(section[key], (str, int, float, bool)):
            try:
                tree = parse(str(section[key]), loc)
            except PhiltreError:
                continue
            todo += [n.name if isinstance(n, ast.Name) else n.func for n in ast.walk(tree) if isinstance(n, (ast.Name, ast.Call))]
    return found
