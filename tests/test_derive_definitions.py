"""A component's `derive` reads definitions that read no more than derive itself (the attributes and owner given as
arguments, player_count, players, constants): Reversi's colour of a seat written once, in `define: colour(p)`, and
Patchwork's map of shapes once, not in each type's derive. One that reads the game (a zone, a variable, a score) is
refused at the use, naming what it reads."""
from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.model import _layout

RULES = """\
game: g
players: 2..3
components:
  disc:
    each: player
    derive:
      colour: colour(owner)
      seat: "left(owner) + player_count"
  patch:
    attributes: {name: [I2, L3]}
    derive:
      shape: "shapes[name]"
      size: count(shape)
      big: "large(size, name)"
zones:
  supply: {each: player}
define:
  colour(p): "'black' if p == 0 else 'white'"
  shapes: "{'I2': [[0, 0], [1, 0]], 'L3': [[0, 0], [0, 1], [1, 1]]}"
  large(n, w): "n + count(limits) > 3 and w != 'I2'"
  limits: "[1 for p in players]"
flow:
  - turns: 1
    do: [{decide: pass}]
actions:
  pass: {}
"""


def _attributes(tmp_path, text, players=2) -> list:
    """Each component's attributes in the layout for ``players`` seats, of the ruleset ``text``."""
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    return [dict(c) for c in _layout(load_ruleset(str(path)), players).components]


def _refused(tmp_path, text):
    """The first finding of the ruleset ``text``, which must not load."""
    with pytest.raises(PhiltreError) as info:
        _attributes(tmp_path, text)
    return info.value.first


def test_derive_reads_a_constant_map_and_definitions_given_the_attributes(tmp_path):
    made = _attributes(tmp_path, RULES)
    discs = [c for c in made if "colour" in c]
    assert [(c["owner"], c["colour"], c["seat"]) for c in discs] == [(0, "black", 3), (1, "white", 2)]
    patches = {c["name"]: c for c in made if "shape" in c}
    assert patches["L3"]["shape"] == [[0, 0], [0, 1], [1, 1]] and patches["L3"]["size"] == 3
    assert patches["L3"]["big"] is True and patches["I2"]["big"] is False


@pytest.mark.parametrize("body, read, code", [
    ("\"'black' if count(supply[p]) == 0 else 'white'\"", "the zone 'supply'", "E141"),
    ("\"'black' if p == turn else 'white'\"", "the variable 'turn'", "E141"),
    ("\"'black' if p == len(components) else 'white'\"", "'components'", "E141"),
    ("\"'black' if p == best else 'white'\"", "'score' (through 'best', which it uses)", "E141"),
    ("\"'black' if p == me else 'white'\"", "'me'", "E141"),
    ("\"'black' if p == current else 'white'\"", "'current'", "E141"),
])
def test_a_definition_reading_the_game_is_refused_in_derive_naming_what_it_reads(tmp_path, body, read, code):
    text = RULES.replace("""  colour(p): "'black' if p == 0 else 'white'"\n""", f"  colour(p): {body}\n  best: max(score)\n") \
        .replace("zones:\n", "variables:\n  turn: 0\nzones:\n")
    first = _refused(tmp_path, text)
    assert first.code == code and (first.loc.line, first.loc.col) == (7, 15), first
    assert first.message.startswith(f"'colour' reads {read}, which a component's derive cannot read"), first.message
    assert "definitions that read no more, given what they need as arguments" in first.hint


def test_a_named_definition_reading_a_zone_is_e150_at_the_name(tmp_path):
    text = RULES.replace("""  shapes: "{""", """  shapes: "{} if count(supply[0]) > 0 else {""")
    first = _refused(tmp_path, text)
    assert first.code == "E150" and (first.loc.line, first.loc.col) == (12, 15), first
    assert first.message.startswith("'shapes' reads the zone 'supply', which a component's derive cannot read"), first.message


def test_a_definition_calling_another_through_the_attributes_is_read_too(tmp_path):
    text = RULES.replace('  limits: "[1 for p in players]"', '  limits: "[1 for c in supply[0]]"')
    first = _refused(tmp_path, text)
    assert first.code == "E141" and "'large' reads the zone 'supply' (through 'limits', which it uses)" in first.message
