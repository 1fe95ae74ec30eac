"""philtre.interpreter: runs a compiled ``Ruleset``: state, flow, decisions, views, agents, records.

The names below are imported on first use, so that ``philtre --help`` and commands that
never play a game do not pay for loading the engine.
"""

import importlib

_EXPORTS = {"Game": ".game", "Option": ".options", "RandomAgent": ".agents", "make_agent": ".agents"}

__all__ = list(_EXPORTS)


def __getattr__(name: str):
    """Import an exported name's module when the name is first asked for."""
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name], __name__), name)
