"""An attribute some component types lack, read of each of `components`: the loop meets a component of every type, and
reads none for those lacking it. A trial's board line `[d.space for d in components if houses[d.space] > 0]` (deeds
have a space, cards none) validated clean and failed in play ("a list is indexed by a whole number, not none") once
a variant added the cards: E121 where it indexes, E124 where arithmetic or an order reads it (language.md, types)."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

BOARD = """\
philtre: 1
game: board
players: 2
components:
  deed: {list: [{space: 1}, {space: 2}], start: bank}
  card: {attributes: {effect: [go, jail]}, start: bank}
zones:
  bank: {}
variables:
  houses: {initial: [0, 1, 2]}
define:
  built: "BUILT"
show: [built]
actions:
  ok: {}
flow:
  - decide: ok
    player: 0
"""


def _load(tmp_path, built: str):
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.replace("BUILT", built), encoding="utf-8")
    return load_ruleset(str(path))


def _refused(tmp_path, built: str) -> list:
    with pytest.raises(PhiltreError) as caught:
        _load(tmp_path, built)
    return caught.value.diagnostics


@pytest.mark.parametrize("built, code, at", [
    ("[d.space for d in components if houses[d.space] > 0]", "E121", "d.space] > 0"),
    ("[houses[d.space] for d in components]", "E121", "d.space]"),
    ("[d for d in components if d.space > 1]", "E124", "d.space > 1"),
    ("sum(d.space + 1 for d in components)", "E124", "d.space + 1"),
])
def test_an_attribute_a_type_lacks_read_of_every_component_where_none_fails_is_refused(tmp_path, built, code, at):
    [d] = _refused(tmp_path, built)
    assert (d.code, d.loc.line, d.loc.col) == (code, 12, BOARD.splitlines()[11].index('"') + 2 + built.index(at))
    assert "d.space is none for every card (it has no 'space'), and a loop over components meets every component" in d.message
    assert "`for d in components if d is deed`" in d.hint


@pytest.mark.parametrize("built", [
    "[d.space for d in components if d is deed and houses[d.space] > 0]",
    "[d.space for d in components if d.type == 'deed' if houses[d.space] > 0]",
    "[d.space for d in components if not d is card and houses[d.space] > 0]",
    "[houses[d.space] if d is deed else 0 for d in components]",
    "[0 if d.type != 'deed' else houses[d.space] for d in components]",
    "[d for d in components if d.space == 1]",  # (none is no space: no failure)
    "[houses[d.space] for d in bank if d is deed]",
])
def test_an_attribute_read_only_of_the_types_that_have_it_is_not_refused(tmp_path, built):
    ruleset = _load(tmp_path, built)
    Game(ruleset, 2, seed=1)  # (the flow runs to its decision)
