"""philtre.dsl: ruleset files -> a checked, compiled ``Ruleset``.

This half never imports ``philtre.interpreter``; the ``Ruleset`` it returns is the only
thing that crosses.
"""

from .errors import Diagnostic, PhiltreError, Loc
from .loader import load_ruleset, resolve_ruleset_path, shipped_games

__all__ = ["Diagnostic", "PhiltreError", "Loc", "load_ruleset", "resolve_ruleset_path", "shipped_games"]
