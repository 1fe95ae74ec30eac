"""R002 for a derived attribute that fails before the game names the combination it failed for, and for a type written
with `list:`, is told at that item's line (Carcassonne trial: `'groups' failed ...` at `groups:`, no tile named)."""
from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError

RULES = """\
game: g
players: 2
components:
  tile:
    list:
      - {k: 0}
      - {k: 1}
      - {k: 5}
    derive:
      side: "['a', 'b'][k]"
    start: deck
zones:
  deck: {visible: nobody}
flow:
  - turns: 1
    do: [{decide: pass}]
actions:
  pass: {}
"""


def test_a_derive_failing_for_one_listed_item_names_it_at_its_line(tmp_path):
    from philtre.interpreter.game import Game

    path = tmp_path / "r.yaml"
    path.write_text(RULES, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2)
    first = info.value.first
    assert first.code == "R002" and "'side' of tile k=5 failed before the game started: index 5" in first.message
    assert (first.loc.line, first.loc.col) == (8, 9)  # `- {k: 5}`, not `side:`
