"""The checks generated from the schemas (dsl/schema_code.py) agree with jsonschema, and are fresh."""

import copy
import glob
import os
import random
import subprocess
import sys

import pytest

from philtre.dsl import schema, schema_code
from philtre.dsl.schema import _plain as plain
from philtre.dsl.yamlpos import load_file

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MUTATIONS = 200  # per shipped document
ODD_VALUES = [None, True, 0, -1, 2.5, "", "x", [], [1], {}, {"zzz": 1}]


def jsonschema_valid(kind: str, data) -> bool:
    """jsonschema's verdict, the authority."""
    return not list(schema._validator(kind).iter_errors(data))


def shipped_documents() -> list[tuple[str, str, object]]:
    """(kind, path, JSON-like data) for every ruleset, overlay and scenario shipped or in the examples."""
    docs = []
    for path in sorted(glob.glob(os.path.join(ROOT, "rulesets", "*", "ruleset.yaml"))
                       + glob.glob(os.path.join(ROOT, "examples", "**", "ruleset.yaml"), recursive=True)):
        docs.append(("ruleset", path, plain(load_file(path))))
    for path in sorted(glob.glob(os.path.join(ROOT, "rulesets", "*", "variants", "*.yaml"))
                       + glob.glob(os.path.join(ROOT, "examples", "house-rules", "*.yaml"))):
        data = plain(load_file(path))
        if isinstance(data, dict) and "extends" in data:
            docs.append(("overlay", path, data))
    for path in sorted(glob.glob(os.path.join(ROOT, "rulesets", "*", "scenarios.yaml"))):
        docs.extend(("scenario", f"{path}#{i}", item) for i, item in enumerate(plain(load_file(path))["scenarios"]))
    return docs


DOCUMENTS = shipped_documents()


def places(data, path=()):
    """Every (path, value) inside a JSON-like document, the document itself first."""
    yield path, data
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from places(value, path + (key,))


def mutate(data, rng: random.Random):
    """A copy of ``data`` with one random change: a value replaced, a key dropped or added, a list emptied."""
    data = copy.deepcopy(data)
    path, node = rng.choice(list(places(data)))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    how = rng.randrange(4)
    if how == 0 and isinstance(node, dict) and node:
        del node[rng.choice(list(node))]
    elif how == 1 and isinstance(node, dict):
        node[rng.choice(["zzz", "do", "when", "name", "if", "each", "move"])] = rng.choice(ODD_VALUES)
    elif how == 2 and isinstance(node, list):
        node.clear()
    elif path:
        parent[path[-1]] = rng.choice(ODD_VALUES)
    return data


def test_every_kind_a_load_checks_has_a_fresh_generated_check():
    for kind in schema_code.FAST_KINDS:
        assert schema_code.generated_check(kind) is not None, f"run `python -m philtre.dsl.schema_code` ({kind})"


def test_the_generated_files_are_what_fastjsonschema_makes_of_the_schemas_now():
    fastjsonschema = pytest.importorskip("fastjsonschema")
    for kind in schema_code.FAST_KINDS:
        with open(schema_code.generated_path(kind), encoding="utf-8") as f:
            stored = f.read()
        if f'VERSION = "{fastjsonschema.VERSION}"' not in stored:
            pytest.skip(f"made with another fastjsonschema than {fastjsonschema.VERSION}")
        assert stored == schema_code.generate(kind), f"run `python -m philtre.dsl.schema_code` ({kind})"


@pytest.mark.parametrize("kind,path,data", DOCUMENTS, ids=[os.path.relpath(p, ROOT) for _, p, _ in DOCUMENTS])
def test_shipped_documents_are_known_valid_without_jsonschema(kind, path, data):
    assert jsonschema_valid(kind, data)
    assert schema_code.known_valid(kind, data)


@pytest.mark.parametrize("kind,path,data", DOCUMENTS, ids=[os.path.relpath(p, ROOT) for _, p, _ in DOCUMENTS])
def test_broken_documents_are_never_known_valid(kind, path, data):
    """Random one-place changes: the generated check says valid exactly when jsonschema does."""
    rng = random.Random(os.path.relpath(path, ROOT))  # the same changes in every clone
    broken = 0
    for _ in range(MUTATIONS):
        changed = mutate(data, rng)
        authority = jsonschema_valid(kind, changed)
        assert schema_code.known_valid(kind, changed) == authority, changed
        broken += not authority
    assert broken >= MUTATIONS // 40  # the mutations do break documents (an overlay accepts most of them)


def test_a_stale_check_is_not_used_and_jsonschema_still_reports(monkeypatch):
    monkeypatch.setattr(schema_code, "schemas_key", lambda: "other schemas")
    schema_code.generated_check.cache_clear()
    try:
        assert schema_code.generated_check("ruleset") is None
        assert not schema_code.known_valid("ruleset", {"philtre": 1})
        found = schema.schema_diagnostics({"philtre": 1}, "ruleset")
        assert any("'game' is required" in d.message for d in found)
    finally:
        schema_code.generated_check.cache_clear()


def test_loading_a_valid_ruleset_does_not_import_jsonschema():
    """What makes `philtre validate` start fast: jsonschema is imported only for a file with findings."""
    code = ("import sys; from philtre.dsl import load_ruleset; load_ruleset('poison', ['draw-pile']); "
            "print('jsonschema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_validating_a_shipped_ruleset_imports_neither_decimal_nor_difflib():
    """Two imports a valid file never needs (1-2 ms of a start each): decimal, whose Decimal the generated checks only
    named (schema_code.NO_DECIMAL), and difflib, which hints at a misspelt name only where there is one."""
    code = ("import sys; from philtre.dsl.validate import check_file\n"
            "for game in ('poison', 'pok', 'poisons', 'hue'):\n"
            "    assert not check_file(f'rulesets/{game}/ruleset.yaml').findings\n"
            "print('decimal' in sys.modules, 'difflib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "False"]

