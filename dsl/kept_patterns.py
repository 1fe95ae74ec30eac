"""Regular expressions compiled before, kept between runs, so that a start compiles none it compiled last time.

Python compiles a regular expression with code written in Python (``re._parser`` and
``re._compiler``): the 140 or so that a `philtre validate` of a shipped ruleset compiles
(the compiler's rewrites of generated source, yaml's resolvers) take about 20 ms, a fifth
of the validation after the program's start. What that compiling makes is a list of
numbers that the C matcher runs; ``_sre.compile`` makes the very pattern object of it
(and checks the list before it runs it).

`warm`, called as ``philtre.dsl`` is imported (before the modules that compile their
expressions), reads the patterns the last runs kept and puts them in ``re``'s own cache,
where ``re.compile``, ``re.match`` and the rest look first. It also puts `_compile_noted`
in the place of ``re._compiler.compile``: the same three steps (parse, code, the matcher's
constructor), the matcher's arguments noted on the way; at the process's end, `keep`
adds the patterns compiled since to the file. Where the cache folder has no such file yet
(a first start), the patterns shipped beside this module for the running Python (SHIPPED,
written by `python -m philtre.dsl.patterns`) are read instead. A file belongs to one Python
(its version in the name), and only the Pythons whose ``re`` internals this was written
against use it (PYTHONS); elsewhere nothing is read, noted or kept. A file that does not read, or a
pattern the matcher refuses, is left out: ``re`` compiles it as always, and the file only
ever saves time. The file is trusted as the compiled code kept beside it is (dsl/cache.py).
"""

from __future__ import annotations

import re
import sys

import _sre

PYTHONS = {(3, 11)}  # where re._cache, re._compiler.compile, _code and re._parser.parse are as used here
KEPT = 400  # patterns a file holds at most (re's cache holds 512): the newest kept
_FORMAT = 1
# the patterns philtre.dsl's modules compile as they are imported, shipped for one Python: a first start, with an empty
# cache folder, compiles none of them (made by `python -m philtre.dsl.patterns`)
SHIPPED = f"patterns-{sys.implementation.cache_tag}.json"

_found: dict = {}  # re's cache key (kind, text, flags) -> _sre.compile's arguments, for the patterns read at the start
_noted: dict = {}  # the same, for the patterns compiled in this process
_warmed = False
_seeded = False  # whether the patterns were read from the shipped file (the cache folder had none)
_re_compile = None  # re._compiler.compile, before `warm`


def _usable() -> bool:
    """Whether this Python's ``re`` has the internals this module uses."""
    if sys.version_info[:2] not in PYTHONS:
        return False
    return (isinstance(getattr(re, "_cache", None), dict) and hasattr(re, "_compiler") and hasattr(re, "_parser")
            and callable(getattr(re._compiler, "compile", None)) and hasattr(re._compiler, "_code")
            and hasattr(re._parser, "parse"))


def _file_name() -> str:
    """The cache file of this Python's patterns."""
    return f"patterns-{sys.implementation.cache_tag}-{_sre.MAGIC}-{_FORMAT}.bin"


def _arguments(pattern, flags: int) -> tuple:
    """What ``re._compiler.compile`` hands ``_sre.compile`` for the text ``pattern`` (3.11's steps)."""
    parsed = re._parser.parse(pattern, flags)
    code = [int(op) for op in re._compiler._code(parsed, flags)]  # (some are named constants, an int type marshal refuses)
    state = parsed.state
    indexgroup = [None] * state.groups
    for name, index in state.groupdict.items():
        indexgroup[index] = name
    return pattern, int(flags | state.flags), code, state.groups - 1, dict(state.groupdict), tuple(indexgroup)


def _compile_noted(pattern, flags=0):
    """``re._compiler.compile`` for a text, its arguments to the matcher noted for `keep` (anything else: re's own)."""
    if type(pattern) not in (str, bytes) or type(flags) is not int or flags & re.DEBUG:
        return _re_compile(pattern, flags)
    arguments = _arguments(pattern, flags)
    made = _sre.compile(*arguments)
    _noted[type(pattern), pattern, flags] = arguments
    return made


def warm() -> None:
    """The patterns kept by earlier runs put in ``re``'s cache, and the ones compiled from now on noted for `keep`."""
    global _warmed, _re_compile
    if _warmed or not _usable():
        return
    _warmed = True
    import atexit

    if re._compiler.compile is not _compile_noted:  # (a second import of the module: one hook)
        _re_compile, re._compiler.compile = re._compiler.compile, _compile_noted
    atexit.register(keep)
    _read(re._cache, re._MAXCACHE)


def _read(cached: dict, room: int) -> None:
    """The patterns of this Python's file (or, where there is none yet, of the file shipped for this Python) made and
    put in ``cached`` (re's cache), up to ``room`` there in all."""
    global _seeded
    table = _kept_table()
    if table is None:
        table, _seeded = _shipped_table(), True
    for entry in table or ():
        try:
            pattern, flags, arguments = entry
            key = (type(pattern), pattern, flags)
            if key[0] not in (str, bytes) or type(flags) is not int or arguments[0] != pattern:
                continue
            if key not in cached:  # (else compiled before philtre was imported: kept, nothing to do)
                if len(cached) >= room:
                    break
                cached[key] = _sre.compile(*arguments)
            _found[key] = arguments
        except Exception:  # (a refused code, a short tuple: that pattern compiled by re when asked, as always)
            continue


def _kept_table() -> list | None:
    """The entries (text, flags, the matcher's arguments) of the cache folder's file, None if there is none that reads."""
    from . import cache

    return cache.read_value(_file_name(), list)  # (a damaged file: None, and written again at the end)


def _shipped_table() -> list | None:
    """The entries of the file shipped for this Python (SHIPPED), None if there is none for it or it does not read."""
    import json
    import os

    try:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), SHIPPED), encoding="utf-8") as f:
            stored = json.load(f)
        if stored["magic"] != _sre.MAGIC:
            return None
        return [(text, flags, (text, final, code, groups, groupindex, tuple(indexgroup)))
                for text, flags, final, code, groups, groupindex, indexgroup in stored["patterns"]]
    except Exception:  # (no file, or not one this module wrote: nothing read)
        return None


def keep() -> None:
    """The patterns compiled in this process added to the file (at the process's end), if there are any, or if the
    patterns were read from the shipped file (so that the next start reads the cache folder's)."""
    new = {key: arguments for key, arguments in _noted.items() if key not in _found}
    if not new and not (_seeded and _found):
        return
    try:
        import marshal

        from . import cache

        table = {**_found, **new}
        entries = [(pattern, flags, arguments) for (_, pattern, flags), arguments in table.items()][-KEPT:]
        cache.write(_file_name(), marshal.dumps(entries))
    except Exception:  # (at the process's end: nothing to report, and nothing lost but time at the next start)
        pass


def write_shipped(path: str) -> int:
    """Write the patterns this process holds (read or compiled, texts only) to ``path`` as the file shipped for this
    Python, each compiled afresh by re's own steps; return how many."""
    import json

    table = {key: _arguments(key[1], key[2]) for key in {**_found, **_noted} if key[0] is str}
    patterns = [[text, flags, final, code, groups, groupindex, list(indexgroup)]
                for (_, text, flags), (_, final, code, groups, groupindex, indexgroup) in sorted(table.items())]
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"python": sys.implementation.cache_tag, "magic": _sre.MAGIC, "patterns": patterns}, f,
                  separators=(",", ":"))
        f.write("\n")
    return len(patterns)
