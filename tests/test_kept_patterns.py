"""Regular expressions kept between runs (dsl/kept_patterns.py): a later process compiles none it compiled before,
and each it reads is the pattern `re` itself makes of the same text."""

from __future__ import annotations

import marshal
import os
import re
import subprocess
import sys

import _sre
import pytest

from philtre.dsl import cache, kept_patterns

pytestmark = pytest.mark.skipif(not kept_patterns._usable(), reason="kept only on the Pythons of kept_patterns.PYTHONS")

# a process that validates a shipped ruleset, then prints how many patterns it read, how many it compiled after the
# start (re's cache keys not read, the ones there before philtre's import left out), whether every pattern it read or
# compiled is the pattern re's own compiler makes of its text, and whether it read the shipped file (no kept one)
_VALIDATE_AND_COUNT = (
    "import re; before = set(re._cache)\n"
    "from philtre.dsl import kept_patterns; from philtre.dsl.validate import check_file\n"
    "report = check_file('rulesets/poison/ruleset.yaml'); assert not report.findings, report.findings\n"
    "made = [key for key in re._cache if key not in before]\n"
    "same = all(re._cache[key] == kept_patterns._re_compile(key[1], key[2]) for key in made)\n"
    "compiled = [key for key in made if key not in kept_patterns._found]\n"
    "print(len(kept_patterns._found), len(compiled), same and len(made) > 50, kept_patterns._seeded)")


def _run(cache_home, code=_VALIDATE_AND_COUNT) -> list[str]:
    """What ``code`` prints, run in a fresh process with ``cache_home`` as its cache folder."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.split()


def _kept_file(cache_home):
    """The patterns file in ``cache_home``'s philtre folder."""
    [path] = [p for p in (cache_home / "philtre").iterdir() if p.name.startswith("patterns-")]
    return path


def test_a_first_start_reads_the_shipped_patterns_and_the_next_ones_what_it_kept(tmp_path):
    first = _run(tmp_path)
    assert int(first[0]) > 50 and first[2:] == ["True", "True"]  # the shipped file's (an empty cache folder)
    second = _run(tmp_path)
    assert int(second[0]) >= int(first[0]) and second[1:] == ["0", "True", "False"]  # the cache folder's: none compiled
    written = _kept_file(tmp_path).stat().st_mtime_ns
    assert _run(tmp_path)[1:] == ["0", "True", "False"]
    assert _kept_file(tmp_path).stat().st_mtime_ns == written  # nothing new: the file is not written again


def test_a_pattern_compiled_once_is_read_by_the_next_process(tmp_path):
    compile_one = ("import re; from philtre.dsl import kept_patterns; text = 'philtre-test-([0-9]+)x{2,5}'\n"
                   "read = (str, text, 0) in kept_patterns._found\n"
                   "print(read, re.fullmatch(text, 'philtre-test-42xxx').group(1))")
    assert _run(tmp_path, compile_one) == ["False", "42"]  # compiled, and kept at the end
    assert _run(tmp_path, compile_one) == ["True", "42"]  # read at the start: the same matches


def test_a_damaged_file_is_made_again(tmp_path):
    _run(tmp_path)
    path = _kept_file(tmp_path)
    for damage in (b"not marshal data", cache.framed(b"not marshal data"), cache.framed(marshal.dumps({"a": 1})),
                   cache.framed(marshal.dumps([("x", 0)]))):
        path.write_bytes(damage)
        assert _run(tmp_path)[2] == "True"  # the shipped patterns read, or every one compiled: the same patterns
        again = _run(tmp_path)
        assert int(again[0]) > 50 and again[1:] == ["0", "True", "False"]  # and kept again


def test_the_shipped_file_holds_every_pattern_importing_philtre_dsl_compiles(tmp_path):
    """An empty cache folder's start compiles none of the texts philtre.dsl's modules compile as they are imported (the
    file holds texts, not bytes); a new one in a module fails here until `python -m philtre.dsl.patterns` writes the
    shipped file again."""
    check = ("import pkgutil, importlib, philtre.dsl\n"
             "for module in pkgutil.iter_modules(philtre.dsl.__path__):\n"
             "    if module.name not in ('patterns', 'tables', 'schema_code'): importlib.import_module('philtre.dsl.' + module.name)\n"
             "from philtre.dsl import kept_patterns\n"
             "print(kept_patterns._seeded, sorted(k[1] for k in kept_patterns._noted if k[0] is str and k not in kept_patterns._found))")
    out = subprocess.run([sys.executable, "-c", check], env={**os.environ, "XDG_CACHE_HOME": str(tmp_path)},
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == "True []", f"compiled at import, not in dsl/{kept_patterns.SHIPPED} (run `python -m philtre.dsl.patterns`): {out}"


def test_every_shipped_pattern_is_the_pattern_re_makes_of_its_text():
    table = kept_patterns._shipped_table()
    assert table and len(table) > 50
    compile_ = kept_patterns._re_compile
    for text, flags, arguments in table:
        assert _sre.compile(*arguments) == compile_(text, flags), text


def test_a_kept_code_the_matcher_refuses_or_another_texts_code_is_not_used(tmp_path):
    """A pattern whose kept code is damaged, or is the code of another text, is compiled by `re` as always."""
    good = kept_patterns._arguments(r"ab+c", 0)
    refused = (r"ab+c", good[1], [1, 2, 3], *good[3:])  # not code the C matcher runs
    elsewhere = (r"x+", *kept_patterns._arguments(r"x+", 0)[1:])  # another text's
    (tmp_path / "philtre").mkdir()
    for arguments in (refused, elsewhere):
        (tmp_path / "philtre" / kept_patterns._file_name()).write_bytes(cache.framed(marshal.dumps([(r"ab+c", 0, arguments)])))
        check = ("import re; from philtre.dsl import kept_patterns\n"
                 "print(len(kept_patterns._found), bool(re.fullmatch(r'ab+c', 'abbbc')), re.fullmatch(r'ab+c', 'xx'))")
        assert _run(tmp_path, check) == ["0", "True", "None"]


def test_another_python_neither_reads_nor_keeps_patterns(tmp_path, monkeypatch):
    """Where re's internals may differ (a Python not in PYTHONS), nothing is read and nothing is set to be kept."""
    _run(tmp_path)  # (a file to read)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    registered = []
    monkeypatch.setattr("atexit.register", registered.append)
    monkeypatch.setattr(kept_patterns, "_found", {})
    monkeypatch.setattr(kept_patterns, "_warmed", False)
    monkeypatch.setattr(kept_patterns, "PYTHONS", set())
    monkeypatch.setattr(re._compiler, "compile", kept_patterns._re_compile)  # (re's own, put back after)
    monkeypatch.setattr(kept_patterns, "_re_compile", None)
    monkeypatch.setattr(re, "_cache", {})  # (this process's may be full: a file's patterns go in while there is room)
    kept_patterns.warm()
    assert kept_patterns._found == {} and registered == [] and kept_patterns._re_compile is None
    monkeypatch.setattr(kept_patterns, "PYTHONS", {sys.version_info[:2]})
    kept_patterns.warm()  # (the same with this Python: read, and kept at the end)
    assert len(kept_patterns._found) > 50 and registered == [kept_patterns.keep]
    assert re._compiler.compile is kept_patterns._compile_noted  # (re's compile noting, and making what re's makes)
    assert re._compiler.compile(r"x(a)(?P<b>c)+\1", re.I) == kept_patterns._re_compile(r"x(a)(?P<b>c)+\1", re.I)
