"""Where philtre's own files are: the grammar, the parse tables, the schemas, the rulesets.

Plain paths beside the packages' modules (philtre is installed as files, never run from a
zip): importlib.resources would add about 8 ms to every start for the same answer.
"""

from __future__ import annotations

import importlib
import os


def shipped_path(package: str, *parts: str) -> str:
    """The path of a file or folder shipped in one of philtre's packages, e.g. ("philtre.schemas", "ruleset.schema.json")."""
    module = importlib.import_module(package)
    return os.path.join(os.path.dirname(os.path.abspath(module.__file__)), *parts)


def read_shipped(package: str, *parts: str) -> str:
    """The text of a file shipped in one of philtre's packages."""
    with open(shipped_path(package, *parts), encoding="utf-8") as f:
        return f.read()
