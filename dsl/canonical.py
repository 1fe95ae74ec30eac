"""A ruleset's rules as one canonical text: what the content hash and `philtre diff` compare.

Rulesets with the same canonical text play the same games: comments, layout and the order
of a record's keys (a zone's ``visible:`` before or after its ``each:``) are left out; every
value, with its kind (``true`` is not ``1``), and the order of the mappings whose order is a
rule are kept: the named mappings of ORDERED_MAPPINGS, and every map of data (a variable's
``initial``, or its short form's list), whose keys also keep their kind.
"""

from __future__ import annotations

import json

# The mappings whose keys the author names (the schema gives them `propertyNames`) and whose
# order the games follow: components and attribute values set the components' ids, so which
# card a shuffle puts where; zones, variables and dice are laid out, rolled and shown in order;
# actions and choose list the options in order; derive, choose, set and let are read in order,
# a later key seeing an earlier one. `define`, `blocks` and a decide's `with`, the other mappings of named keys, are read
# by name (a name given twice is E132, or S029, in either order; a body is an expression, or a list of statements; each
# value handed is read in the decide's names, not in the others'; an action's `label`, one expression a choice, shows
# and plays nothing: the content hash leaves it out). A die face's
# attributes are a record: the language reads them by name (a face cannot be looped over), so their order is only
# that of a roll event's JSON keys.
ORDERED_MAPPINGS = frozenset({"components", "zones", "variables", "dice", "actions",
                              "attributes", "derive", "choose", "set", "let"})
# Every mapping whose keys the author names: under one, a key is a name (an action called `set`, a zone called
# `initial`), never the word of the language it is spelt like, so the value under it is read as what it is (a spec)
NAMED_MAPPINGS = ORDERED_MAPPINGS | {"define", "blocks", "with", "label"}


MAP = "$map"  # a data map kept as a list of [key, value] pairs: written order and each key's kind (1 is not "1")


def canonical(value, key=None, data=False):
    """``value`` (the mapping or list found under ``key``) with a record's keys sorted, for JSON.

    ``key`` is a word of the language (a record's key: `choose`, `initial`) or None (a name the author chose, a list's
    item, the whole ruleset): a name spelt like a word (an action called `set`) makes nothing under it ordered or data.

    Under a variable's ``initial`` (``data``), a map is the game's data: its keys are looped over in the
    order written (``first(m)``, ``for k in m``) and ``m[1]`` is not ``m['1']``. Such a map of text keys
    already in sorted order is written as a JSON object, as a record is; any other (keys in another order,
    a key that is no text, or a key ``$map``) is ``{"$map": [[key, value], ...]}`` in the order written.
    """
    data = data or key == "initial"
    if isinstance(value, dict):
        if data:
            keys = list(value)
            if all(isinstance(k, str) for k in keys) and keys == sorted(keys) and MAP not in value:
                return {k: canonical(v, data=True) for k, v in value.items()}
            return {MAP: [[canonical(k, data=True), canonical(v, data=True)] for k, v in value.items()]}
        items = list(value.items())
        if key not in ORDERED_MAPPINGS:
            items.sort(key=lambda item: str(item[0]))
        named = key in NAMED_MAPPINGS
        short = key == "variables"  # a variable's short form, a list, is its initial value: data, as `initial` is
        return {str(k): canonical(v, None if named else k, data=short and isinstance(v, list)) for k, v in items}
    if isinstance(value, list):
        # (a component type's `list`: each item's keys are attributes, in the order they are declared and printed)
        return [canonical(v, "attributes" if key == "list" and not data else None, data=data) for v in value]
    return value


def canonical_text(value, key=None, data=False) -> str:
    """The canonical JSON text of ``value`` (found under ``key``, or inside data): equal texts, the same rules."""
    return json.dumps(canonical(value, key, data), default=str, separators=(",", ":"))


def reordered(base, new) -> tuple[list, list] | None:
    """The keys the two mappings share, in each one's order, when that order differs; else None."""
    was = [k for k in base if k in new]
    now = [k for k in new if k in base]
    return (was, now) if was != now else None
