"""philtre: a rules-as-data engine for tabletop games.

The package is two halves: ``philtre.dsl`` turns ruleset files into a checked, compiled
``Ruleset``; ``philtre.interpreter`` runs it. ``philtre.rulesets`` and ``philtre.schemas``
hold the shipped games and the JSON Schemas as package data.
"""

__version__ = "0.1.0"
