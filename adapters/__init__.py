"""philtre.adapters: any ruleset as an environment for PettingZoo and OpenSpiel.

- ``philtre.adapters.pettingzoo.env(ruleset, players=N, variants=[...])``: an AEC environment
  (``pip install 'philtre[pettingzoo]'``).
- ``philtre.adapters.openspiel``: registers every shipped ruleset with pyspiel as
  ``philtre_<game>`` (``pip install 'philtre[openspiel]'``).

The action numbering (``actions``) and the view encoding (``encoding``) are shared and
derived from the ruleset's declarations; docs/adapters.md describes both. This package
only imports gymnasium, pettingzoo or pyspiel in the module that needs it, and the engine
(``philtre.dsl``, ``philtre.interpreter``) never imports this package.
"""
