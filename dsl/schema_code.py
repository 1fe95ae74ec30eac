"""Plain-Python checks generated from the shipped JSON Schemas, to know a valid file valid fast.

Importing jsonschema takes 50-70 ms, more than loading a ruleset. Most files that are
checked are valid, and for them a yes is all that is needed: fastjsonschema turns each
schema into Python source ahead of time (``schemas/generated_<kind>.py``, about 3 ms to
import, no library needed to run). When a generated check fails, or is missing or made
from other schemas, jsonschema checks the file as before and gives the diagnostics: it
stays the one authority on what is wrong and where.

After editing a schema, regenerate from the repo root (needs fastjsonschema, in the
``test`` extra): ``python -m philtre.dsl.schema_code``. tests/test_schema_code.py fails
while a generated check is stale, and checks that both agree on valid and broken files.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from .cache import sha256
from .shipped import read_shipped, shipped_path

FAST_KINDS = ("ruleset", "overlay", "scenario")  # the kinds a ruleset load checks
SCHEMA_FILES = ("ruleset", "overlay", "scenario", "scenario-file", "record")  # all that a $ref may reach
# the one line of generated source that needs fastjsonschema, replaced by the class below
LIBRARY_IMPORT = "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException\n"
LOCAL_IMPORT = "from philtre.dsl.schema_code import Mismatch as JsonSchemaValueException, Mismatch as JsonSchemaValuesException\n"
# the generated code's import of Decimal, which it only names in its number tests, replaced by a class of no instances:
# documents read from YAML or JSON hold no Decimal, and importing decimal cost 1-2 ms of every validation (a check can
# only refuse more so, and what it refuses goes to jsonschema)
DECIMAL_IMPORT = "from decimal import Decimal\n"
NO_DECIMAL = "class Decimal:  # (no document holds one: see schema_code.NO_DECIMAL)\n    pass\n"


class Mismatch(ValueError):
    """Raised by a generated check at the first place a document does not fit its schema."""

    def __init__(self, message="", value=None, name=None, definition=None, rule=None):
        super().__init__(message)
        self.value, self.name, self.rule = value, name, rule


# A part of a schema whose `$comment` starts so is checked by editors only: philtre reports that mistake itself, later
# in a load and with its own code and words (S002, S003, S030), so its schema checks leave the part out.
OWN_CHECK = "philtre reports this itself"


def without_own_checks(schema):
    """``schema`` as philtre checks it: every part that philtre reports itself (OWN_CHECK) taken out."""
    if isinstance(schema, dict):
        if str(schema.get("$comment", "")).startswith(OWN_CHECK):
            return {}  # holds for every value: the check that reports it comes later
        return {key: without_own_checks(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [without_own_checks(value) for value in schema]
    return schema


def module_name(kind: str) -> str:
    """The generated module's name for a schema kind, inside philtre.schemas."""
    return "generated_" + kind.replace("-", "_")


def schema_text(kind: str) -> str:
    """The text of a shipped schema file."""
    return read_shipped("philtre.schemas", f"{kind}.schema.json")


@lru_cache(maxsize=1)
def schemas_key() -> str:
    """What the generated checks must be made from: every shipped schema's text."""
    digest = sha256()
    for kind in SCHEMA_FILES:
        digest.update(schema_text(kind).encode())
    return digest.hexdigest()


@lru_cache(maxsize=None)
def generated_check(kind: str):
    """The generated check of ``kind`` (a function raising Mismatch), or None if missing or stale."""
    if kind not in FAST_KINDS:
        return None
    try:
        module = importlib.import_module("philtre.schemas." + module_name(kind))
    except ImportError:
        return None
    if getattr(module, "SCHEMAS_KEY", None) != schemas_key():
        return None
    return module.validate


def known_valid(kind: str, data) -> bool:
    """True when the generated check of ``kind`` passes ``data`` (JSON-like); False when it cannot say so."""
    check = generated_check(kind)
    if check is None:
        return False
    try:
        check(data)
    except Exception:  # noqa: BLE001 - a mismatch, or data the check did not expect: jsonschema decides
        return False
    return True


def generate(kind: str) -> str:
    """Python source of the check of ``kind``, made by fastjsonschema from the shipped schemas."""
    import json

    import fastjsonschema

    loaded = {k: without_own_checks(json.loads(schema_text(k))) for k in SCHEMA_FILES}
    schemas = {schema["$id"]: schema for schema in loaded.values()}
    by_kind = loaded[kind]

    def offline(uri):  # $refs between the shipped schemas resolve here, never on the network
        return schemas[uri]

    # no defaults written into the data, no format checks: what jsonschema's Draft7Validator does
    code = fastjsonschema.compile_to_code(by_kind, handlers={"https": offline, "http": offline},
                                          use_default=False, use_formats=False)
    if LIBRARY_IMPORT not in code:
        raise RuntimeError("fastjsonschema's generated code changed its import line: update LIBRARY_IMPORT")
    code = code.replace(DECIMAL_IMPORT, NO_DECIMAL)
    header = (f'"""Generated by `python -m philtre.dsl.schema_code` from schemas/{kind}.schema.json: do not edit."""\n'
              f"# flake8: noqa\n# fmt: off\nSCHEMAS_KEY = {schemas_key()!r}\n")
    entry = f"validate = validate_{_function_suffix(by_kind['$id'])}\n"
    return header + code.replace(LIBRARY_IMPORT, LOCAL_IMPORT) + "\n" + entry


def _function_suffix(uri: str) -> str:
    """fastjsonschema's name for a schema's function: its URI with every other character as '_'."""
    return "".join(c if c.isalnum() else "_" for c in uri)


def generated_path(kind: str) -> str:
    """Where the generated module of ``kind`` lives in the source tree."""
    return shipped_path("philtre.schemas", module_name(kind) + ".py")


def main() -> None:
    """Regenerate every check."""
    for kind in FAST_KINDS:
        path = generated_path(kind)
        with open(path, "w", encoding="utf-8") as f:
            f.write(generate(kind))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
