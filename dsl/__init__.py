"""philtre.dsl: ruleset files -> a checked, compiled ``Ruleset``.

This half never imports ``philtre.interpreter``; the ``Ruleset`` it returns is the only
thing that crosses.
"""

from . import kept_patterns

kept_patterns.warm()  # (first: the modules below compile their regular expressions as they are imported)

from .errors import Diagnostic, PhiltreError, Loc  # noqa: E402
from .loader import load_ruleset, resolve_ruleset_path, shipped_games  # noqa: E402

__all__ = ["Diagnostic", "PhiltreError", "Loc", "load_ruleset", "resolve_ruleset_path", "shipped_games"]
