"""Validate one file of any kind philtre reads: a ruleset, a scenarios file, an overlay."""

from __future__ import annotations

import os

from .errors import Loc, PhiltreError
from .loader import SCENARIO_FILE, is_scenario_file, load_ruleset, resolve_ruleset_path
from .yamlpos import Map, load_file


def validate_path(path: str):
    """Check ``path`` fully (compiling what it belongs to); raise PhiltreError with every finding."""
    if os.path.isdir(path) or not os.path.exists(path):
        return load_ruleset(path)
    data = load_file(resolve_ruleset_path(path))
    if is_scenario_file(data):
        ruleset = os.path.join(os.path.dirname(path) or ".", "ruleset.yaml")
        if not os.path.isfile(ruleset):
            raise PhiltreError.at(Loc(path), "V004", f"a {SCENARIO_FILE} needs a ruleset.yaml beside it")
        return load_ruleset(ruleset)
    if isinstance(data, Map) and "extends" in data:
        from .overlays import validate_overlay

        return validate_overlay(path)
    return load_ruleset(path)
