"""A scenarios file's `defaults:`: the `given` every scenario of the file starts from, merged into each one at load.

Merging (docs: Scenarios, "Defaults"): for `zones`, `variables` and `dice`, each entry the scenario's own `given` writes
replaces the defaults' entry of the same key (written the same), the defaults' other entries staying, first; any other
key of `given` the scenario writes replaces the defaults' whole. The entries taken from the defaults keep the places
they are written at, so a finding about one points at the defaults' line: said once, and naming the scenarios where it
arose when it did not arise in every scenario that takes that entry.
"""

from __future__ import annotations

from contextlib import contextmanager

from .errors import Diagnostic, Loc, did_you_mean, few_listed
from .plain_data import Frozen
from .yamlpos import Map, Seq

MERGED_BY_ENTRY = ("zones", "variables", "dice")  # the keys of `given` merged entry by entry; any other is replaced whole
DEFAULTS_KEYS = ("given",)


class DefaultsPlace(Frozen):
    """Where a scenarios file's defaults are written: from ``start`` up to ``end`` ((line, col); None: the file's end),
    and the place each of its entries starts at, ((line, col), entry), in the file's order; an entry is ("zones",
    "hand[0]") for one of a mapping merged entry by entry, ("rest",) for another key."""
    path: str
    start: tuple
    end: tuple | None
    entries: tuple


class Defaulted(Map):
    """A scenario with the defaults merged into its `given`: which defaults, and the entries of them its own replaced."""

    __slots__ = ("defaults", "replaced")


def check_defaults(data: Map) -> list:
    """V001 at a `defaults:` that is no mapping of `given:` to a mapping, and the schema's findings in its `given`: each
    once, at its own place (not once per scenario)."""
    from .schema import schema_diagnostics

    defaults = data["defaults"]
    if not isinstance(defaults, Map):
        return [Diagnostic(data.loc_of("defaults"), "V001", "`defaults` is a mapping: defaults: {given: {...}}",
                           "give under it the `given` every scenario of the file starts from")]
    for key in defaults:
        if key not in DEFAULTS_KEYS:
            return [Diagnostic(defaults.key_loc(key), "V001", f"unknown key ('{key}' was unexpected): `defaults` gives `given` only",
                               did_you_mean(str(key), DEFAULTS_KEYS) or "write the rest in each scenario")]
    given = defaults.get("given")
    if given is None:
        return []
    # checked as a scenario's `given` is (the fast check knows scenarios): the places are those of the defaults
    as_scenario = Map(defaults.loc)
    as_scenario.update(name="defaults", players=1, given=given)
    as_scenario.key_locs["given"], as_scenario.val_locs["given"] = defaults.key_loc("given"), defaults.loc_of("given")
    return schema_diagnostics(as_scenario, "scenario")


def with_defaults(data: Map, items: Seq, path: str) -> Seq:
    """The scenarios ``items`` of the file ``data`` (read from ``path``), each with the defaults merged into its `given`
    (a scenario that is no mapping, or whose `given` is none, is left for the schema to say so), at their places."""
    given = (data.get("defaults") or {}).get("given")
    if not isinstance(given, Map) or not given:
        return items
    place = _place(data, given, path)
    out = Seq(items.loc)
    out.locs = list(items.locs)
    out.extend(_merged_scenario(item, given, place) if _takes_defaults(item) else item for item in items)
    return out


def _takes_defaults(item) -> bool:
    """Whether the defaults are merged into scenario ``item``: a mapping whose `given` is one, not written
    `defaults: false` (a real deal beside defaulted scenarios, or another player count than the defaults' lists)."""
    return isinstance(item, Map) and isinstance(item.get("given", {}), dict) and item.get("defaults") is not False


def _place(data: Map, given: Map, path: str) -> DefaultsPlace:
    """Where the defaults of ``data`` lie: up to the next top-level key written after them."""
    start = _at(data.key_loc("defaults"))
    after = [_at(data.key_loc(key)) for key in data if _at(data.key_loc(key)) > start]
    entries = []
    for key in given:
        entries.append((_at(given.key_loc(key)), (str(key),)))
        if key in MERGED_BY_ENTRY and isinstance(given[key], Map):
            entries += [(_at(given[key].key_loc(name)), (str(key), str(name))) for name in given[key]]
    return DefaultsPlace(path, start, min(after) if after else None, tuple(sorted(entries)))


def _at(loc: Loc) -> tuple:
    """A place as (line, col), to compare."""
    return (loc.line, loc.col)


def _merged_scenario(item: Map, defaults: Map, place: DefaultsPlace) -> Defaulted:
    """``item`` with ``defaults`` merged into its `given` (every other key, and its places, as written)."""
    out = Defaulted(item.loc)
    _copy(item, out)
    own = item.get("given") or Map(item.loc_of("given") if "given" in item else item.loc)
    out["given"], out.replaced = _merged(defaults, own)
    if "given" not in item:
        out.key_locs["given"] = out.val_locs["given"] = defaults.loc
    out.defaults = place
    return out


def _merged(defaults: Map, own: Map) -> tuple:
    """(the `given` ``own`` writes over ``defaults``, the entries of the defaults it replaced)."""
    out, replaced = Map(own.loc), set()
    for key in defaults:
        if key in own and key in MERGED_BY_ENTRY and isinstance(own[key], Map) and isinstance(defaults[key], Map):
            inner = Map(own[key].loc)
            for name in defaults[key]:  # the defaults' entries first, then the scenario's own, in the order written
                if name not in own[key]:
                    _put(inner, name, _fresh(defaults[key][name]), defaults[key].key_loc(name), defaults[key].loc_of(name))
            _copy(own[key], inner)
            replaced |= {(str(key), str(name)) for name in own[key] if name in defaults[key]}
            _put(out, key, inner, own.key_loc(key), own.loc_of(key))
        elif key in own:
            replaced.add((str(key),))
        else:
            _put(out, key, _fresh(defaults[key]), defaults.key_loc(key), defaults.loc_of(key))
    _copy(own, out, skip=set(out))
    return out, frozenset(replaced)


def _fresh(value):
    """A copy of a default's ``value`` for one scenario, with its places: a run changes a given list where it lies
    (`spent[0]` set in the list `variables` gave), and the next scenario starts from the defaults as written."""
    if isinstance(value, Map):
        out = Map(value.loc)
        for key in value:
            _put(out, key, _fresh(value[key]), value.key_loc(key), value.loc_of(key))
        return out
    if isinstance(value, Seq):
        out = Seq(value.loc)
        out.locs = list(value.locs)
        out.extend(_fresh(item) for item in value)
        return out
    return value


def _copy(source: Map, target: Map, skip=frozenset()) -> None:
    """Each entry of ``source`` (but those in ``skip``) put in ``target`` with its places."""
    for key in source:
        if key not in skip:
            _put(target, key, source[key], source.key_loc(key), source.loc_of(key))


def _put(target: Map, key, value, key_loc: Loc, value_loc: Loc) -> None:
    """``target[key] = value``, written at those places."""
    target[key] = value
    target.key_locs[key], target.val_locs[key] = key_loc, value_loc


def said_once(found: list, scenarios) -> list:
    """``found``, ((scenario name or None, Diagnostic), ...), each finding once (the copy with the longest hint: an
    action's condition is compiled again for its options' lister, and only the first compile names what an overlay
    wrote or removed that the expression reads); one at a default's place names the scenarios it arose in, where it did not arise in all of those that take that entry."""
    places = {id(sc.defaults): sc.defaults for sc in scenarios if getattr(sc, "defaults", None) is not None}
    where_from: dict = {}  # a finding's key -> [the finding, the scenarios it arose in]
    for name, finding in found:
        key = (str(finding.loc), finding.code, finding.message)
        kept = where_from.setdefault(key, [finding, []])
        if len(finding.hint or "") > len(kept[0].hint or ""):  # only one compile names what an overlay did: the longer hint
            kept[0] = finding
        if name is not None and name not in kept[1]:
            kept[1].append(name)
    out = []
    for first, names in where_from.values():
        place = next((p for p in places.values() if _inside(first.loc, p)), None)
        takers = [] if place is None else _takers(scenarios, place, _entry(first.loc, place))
        named = names and place is not None and set(names) < set(takers)
        out.append(_naming(first, names) if named else first)
    return out


def from_defaults(sc, loc: Loc) -> bool:
    """Whether ``loc``, a place in scenario ``sc``'s `given`, is an entry it took from its file's defaults."""
    place = getattr(sc, "defaults", None)
    return place is not None and _inside(loc, place)


LEAVE_DEFAULTS_OUT = "write `defaults: false` in it to leave them out"  # how a scenario takes none of the defaults


def _inside(loc: Loc, place: DefaultsPlace) -> bool:
    """Whether ``loc`` lies within the defaults at ``place``."""
    return bool(loc.line) and loc.path == place.path and place.start <= _at(loc) and (place.end is None or _at(loc) < place.end)


def _entry(loc: Loc, place: DefaultsPlace) -> tuple | None:
    """The entry of the defaults ``loc`` lies in: the last one written before it (None: before the first)."""
    before = [entry for start, entry in place.entries if start <= _at(loc)]
    return before[-1] if before else None


def _takers(scenarios, place: DefaultsPlace, entry: tuple | None) -> list:
    """The names of the scenarios that take ``entry`` of the defaults at ``place`` (none replaced it)."""
    return [sc.name for sc in scenarios if getattr(sc, "defaults", None) is place
            and (entry is None or (entry not in sc.replaced and entry[:1] not in sc.replaced))]


def _naming(finding: Diagnostic, names: list) -> Diagnostic:
    """``finding``, at a default's place, saying in which scenarios it arose, and how those can leave the defaults out."""
    which = few_listed([f"'{name}'" for name in names])
    said = f"scenario {which}" if len(names) == 1 else f"scenarios {which}"
    them = "it" if len(names) == 1 else "each"
    out = f"or, where the defaults do not fit that scenario, {LEAVE_DEFAULTS_OUT.replace(' it ', f' {them} ')}"
    return Diagnostic(finding.loc, finding.code, f"{finding.message} (in {said}, from `defaults`)",
                      f"{finding.hint}; {out}" if finding.hint else out)


@contextmanager
def checking(compiler, name: str):
    """Note, for said_once, that the findings made within are the scenario ``name``'s."""
    start = len(compiler.diagnostics)
    try:
        yield
    finally:
        for i in range(start, len(compiler.diagnostics)):
            compiler.found_in.setdefault(i, name)


def found_by_scenario(compiler) -> list:
    """The compiler's findings, each with the name of the scenario whose check found it (None: no scenario's)."""
    return [(compiler.found_in.get(i), found) for i, found in enumerate(compiler.diagnostics)]
