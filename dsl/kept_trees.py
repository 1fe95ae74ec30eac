"""Expression trees kept between runs, so that loading an unchanged ruleset needs no parser library.

Importing lark and loading its tables is about half of what `philtre validate` spends after
Python's start on a shipped ruleset, parsing its expressions a sixth more. A load of a
ruleset (its path and variants) keeps the trees of every text it parsed in the cache folder
(``dsl/cache.py``); the next load of the same files finds them there by their text, and
parses with lark only the texts it has not met (an edited line).

A tree depends on nothing but its text, the grammar and the code that builds it: the
file's name holds a hash of ``grammar.lark``, ``parser.py``, ``lalr.py``, ``ast.py`` and this module, so a
change to any of them starts afresh. Only texts that parsed are kept: an error is found,
and placed in its file, by the parser each time.
"""

from __future__ import annotations

import marshal
import os
from contextlib import contextmanager

from . import ast, cache

_NODES = {cls.__name__: cls for cls in ast.Node.__subclasses__()}

_running = None  # the _Load running (a load inside another keeps its trees with the outer one)
_FORMAT = None  # _format_key(), once per process


class _Load:
    """The trees one load found kept (``found``), and those it used or parsed (``used``)."""

    def __init__(self, name: str, found: dict):
        self.name, self.found, self.used, self.parsed = name, found, {}, False


def _format_key() -> str:
    """A hash of what a tree depends on: the grammar and the modules that build trees."""
    global _FORMAT
    if _FORMAT is None:
        here = os.path.dirname(os.path.abspath(__file__))
        digest = cache.sha256()
        for name in ("grammar.lark", "parser.py", "lalr.py", "ast.py", "plain_data.py", "kept_trees.py"):
            with open(os.path.join(here, name), "rb") as f:
                digest.update(f.read())
        _FORMAT = digest.hexdigest()[:16]
    return _FORMAT


def _store_name(path: str, variants) -> str:
    """The cache file of the loads of ``path`` with ``variants`` (by where they are, not what they hold)."""
    where = "\n".join(os.path.abspath(str(p)) for p in (path, *variants))
    return f"trees-{_format_key()}-{cache.sha256(where.encode()).hexdigest()[:16]}.bin"


@contextmanager
def kept_for(path: str, variants=()):
    """While a ruleset at ``path`` with ``variants`` loads: parse with the trees its last load kept; keep this load's.

    Inside another load (a validation's, which lints the ruleset after loading it), the
    trees go with the outer load's.
    """
    global _running
    if _running is not None:
        yield
        return
    try:
        name = _store_name(path, variants)
    except OSError:  # a module's source cannot be read: no key, no trees kept
        yield
        return
    load = _running = _Load(name, _read(name))
    try:
        yield
    finally:
        _running = None
    if load.parsed:  # something new (or an edited file): keep what this load used, the stale texts dropped
        try:
            data = marshal.dumps({text: _encode(tree) for text, tree in load.used.items()})
        except (RecursionError, ValueError):  # a tree nested too deeply to keep: parsed at each load
            return
        cache.write(load.name, data)


def tree_of(text: str):
    """The kept tree of ``text``, or None (no load running, or not kept)."""
    load = _running
    if load is None:
        return None
    tree = load.used.get(text)
    if tree is None:
        encoded = load.found.get(text)
        if encoded is None:
            return None
        try:
            tree = _decode(encoded)
        except (KeyError, TypeError, IndexError, ValueError, RecursionError):  # a damaged entry: parse the text
            return None
        load.used[text] = tree
    return tree


def parsed(text: str, tree) -> None:
    """``text`` was parsed into ``tree``: keep it with the running load's trees."""
    load = _running
    if load is not None:
        load.used[text] = tree
        load.parsed = True


def _read(name: str) -> dict:
    """The trees kept under ``name`` (text -> encoded tree), {} if none or unreadable."""
    found = cache.read_value(name, dict)
    return {} if found is None else found


def _encode(value):
    """A tree as plain data marshal keeps: a node is a list of its class's name and its fields."""
    if isinstance(value, ast.Node):
        return [type(value).__name__, *map(_encode, value.field_values())]
    if type(value) is tuple:
        return tuple(map(_encode, value))
    return value


def _decode(value):
    """The tree ``_encode`` made (KeyError, TypeError: not one)."""
    t = type(value)
    if t is list:
        return _NODES[value[0]](*map(_decode, value[1:]))
    if t is tuple:
        return tuple(map(_decode, value))
    if value is None or t in (int, float, str, bool):
        return value
    raise TypeError(f"a kept tree holds a {t.__name__}")
