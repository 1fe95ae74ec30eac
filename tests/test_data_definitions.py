"""A definition whose value is YAML data (`WORDS: [CAT, DOG]`, `POINTS: {A: 1}`) is a constant table.

A trial's dictionary of ~960 words could not be a definition (E100: an expression is at most 4,000 characters), and
as a variable's initial value it was game state, in every record and view, and a scenario's `given` could change it.
As data under `define:` it is read like a definition, typed like the literal it spells, never recorded, and part of
the ruleset's content hash (docs/language.md, `define`).
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

# ~960 words of two to four letters, written as YAML data: far more than 4,000 characters as an expression
WORDS = ["".join(p) for n in (2, 3) for p in itertools.product("ABCDEFGHIJ", repeat=n)][:960]

RULESET = """\
philtre: 1
game: tables
players: 2
variables:
  got: 0
define:
  WORDS: LIST
  POINTS: {A: 1, C: 3, T: 1, Z: 10}
  NESTED: [[1, 2], {k: [true, x]}]
flow:
  - set: {got: "EXPR"}
winners: "[]"
"""


def _write(tmp_path, expr: str, words=WORDS, text: str = RULESET):
    path = tmp_path / "ruleset.yaml"
    path.write_text(text.replace("LIST", "[" + ", ".join(words) + "]").replace("EXPR", expr), encoding="utf-8")
    return path


def _got(tmp_path, expr: str, **kwargs):
    return Game(load_ruleset(str(_write(tmp_path, expr, **kwargs))), 2, seed=0).state.vars["got"]


def _refused(tmp_path, expr: str = "0", **kwargs) -> list:
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(_write(tmp_path, expr, **kwargs)))
    return caught.value.diagnostics


def test_a_long_word_list_written_as_yaml_data_is_looked_up_with_in(tmp_path):
    assert len(", ".join(WORDS)) > 4000
    expr = "[w in WORDS for w in ['AB', 'JJ', 'ABC', 'ZZ', 'ab']] + ['ZZ' not in WORDS, 'AB' not in WORDS]"
    assert _got(tmp_path, expr) == [True, True, True, False, False, True, False]


def test_a_word_list_is_read_as_the_list_it_spells(tmp_path):
    got = _got(tmp_path, "[count(WORDS), WORDS[0], WORDS[959], first(w for w in WORDS if w > 'J'), [1, 2] in WORDS]")
    assert got == [960, "AA", WORDS[959], "JA", False]


def test_a_map_written_as_yaml_data_is_indexed_and_looked_in(tmp_path):
    got = _got(tmp_path, "[sum(POINTS[l] for l in ['C', 'A', 'T']), 'Z' in POINTS, 'Q' in POINTS, NESTED[1]['k'], NESTED[0][1]]")
    assert got == [5, True, False, [True, "x"], 2]


def test_a_table_is_typed_like_the_literal_it_spells(tmp_path):
    said = _refused(tmp_path, "sum(WORDS)")
    assert [d.code for d in said] == ["E120"] and "words" in said[0].message


def test_a_table_is_no_game_state(tmp_path):
    """Not a variable: neither the state, a seat's view nor a record's first line carries the words."""
    game = Game(load_ruleset(str(_write(tmp_path, "count(WORDS)"))), 2, seed=0)
    game.play_out(random=random.Random(0))
    assert game.state.vars == {"got": 960}
    assert "WORDS" not in json.dumps(game.view(0), default=str) and "JJ" not in json.dumps(game.view(1), default=str)


def test_an_item_of_no_kind_of_data_is_refused_where_it_is_written(tmp_path):
    text = RULESET.replace("NESTED: [[1, 2], {k: [true, x]}]", "NESTED: [[1, 2], {k: [true, ~]}]")
    said = _refused(tmp_path, text=text)
    assert len(said) == 1 and said[0].code == "V001", said
    assert (said[0].loc.path, said[0].loc.line, said[0].loc.col) == (str(tmp_path / "ruleset.yaml"), 9, 31)  # at the ~


def test_a_table_with_parameters_is_refused(tmp_path):
    said = _refused(tmp_path, text=RULESET.replace("  POINTS: {", "  POINTS(l): {"))
    assert [(d.code, d.loc.line, d.loc.col) for d in said] == [("E131", 8, 3)]
    assert "takes no parameters" in said[0].message


def test_the_content_hash_changes_with_the_table(tmp_path):
    first = load_ruleset(str(_write(tmp_path, "count(WORDS)"))).content_hash
    again = load_ruleset(str(_write(tmp_path, "count(WORDS)"))).content_hash
    changed = load_ruleset(str(_write(tmp_path, "count(WORDS)", words=WORDS[:-1] + ["XYZ"]))).content_hash
    assert first == again != changed


def test_a_long_expression_is_told_to_be_a_table_under_define(tmp_path):
    text = RULESET.replace("WORDS: LIST", "WORDS: \"LIST\"").replace("LIST", "[" + ", ".join(f"'{w}'" for w in WORDS) + "]")
    said = _refused(tmp_path, "count(WORDS)", text=text)
    assert [d.code for d in said] == ["E100"] and "`define:`" in said[0].hint, said


def test_an_overlay_replaces_a_list_and_merges_a_map_key_by_key(tmp_path):
    base = _write(tmp_path, "[count(WORDS), 'ZZ' in WORDS, 'AA' in WORDS, POINTS['C'], POINTS['A']]")
    overlay = tmp_path / "cheap.yaml"
    overlay.write_text("extends: ruleset.yaml\ndefine:\n  WORDS: [ZZ, ZY]\n  POINTS: {C: 5}\n", encoding="utf-8")
    ruleset = load_ruleset(str(base), variants=(str(overlay),))
    assert Game(ruleset, 2, seed=0).state.vars["got"] == [2, True, False, 5, 1]
