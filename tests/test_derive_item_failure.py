"""R002 for a derived attribute that fails before the game names the combination it failed for, and for a type written
with `list:`, is told at that item's line (Carcassonne trial: `'groups' failed ...` at `groups:`, no tile named)."""
from __future__ import annotations

from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
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


DATA = Path(__file__).parent / "data"


def test_derive_is_not_computed_for_a_combination_of_no_copies():
    """Mahjong trial (tests/data/derive_copies0): winds 1..4 beside dots 1..9 declared as a product trimmed by `copies`
    (0 for winds 5..9), with a name derived by indexing ['E', 'S', 'W', 'N']: R002 named 'tile wind rank=5', a tile the
    game does not make. Such a combination makes no component, so its derive is not computed, as its start is not."""
    path = str(DATA / "derive_copies0")
    assert [str(f.diagnostic) for f in check_file(path).findings] == []
    tiles = load_ruleset(path).layout(2).components
    assert [c["name"] for c in tiles if c["suit"] == "wind"] == ["E", "S", "W", "N"]
    assert [c["name"] for c in tiles if c["suit"] == "dots"] == [str(r) for r in range(1, 10)]


def test_a_listed_item_of_no_copies_has_no_derive_computed(tmp_path):
    """An item's own `copies: 0` likewise: k=5 is made by no item, so ['a', 'b'][k] is not read for it."""
    path = tmp_path / "r.yaml"
    path.write_text(RULES.replace("{k: 5}", "{k: 5, copies: 0}"), encoding="utf-8")
    assert [f.diagnostic.code for f in check_file(str(path)).findings] == ["L004"]  # (the rules' own turns: no R002)
    assert [c["side"] for c in load_ruleset(str(path)).layout(2).components] == ["a", "b"]
