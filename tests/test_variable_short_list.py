"""A variable's short form takes a list as its initial value (`seq: []`), as the long form's `initial` does: a
Pinochle trial's `seq: []` was V001 (a list was an initial value of the long form only). A map stays the long form's
syntax; a list in an effect's `set` stays an expression that must be quoted."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.scenarios import run_scenarios
from test_variable_types import findings, ruleset_with

LISTED = """\
philtre: 1
game: listed
players: 2
variables:
  seq: []
  table: [[1, 2], {b: 1, a: 2}, {zones: {1: two}}]
actions:
  go:
    do:
      - set: {seq: "seq + [me]"}
flow:
  - repeat: 2
    as: i
    do:
      - decide: go
        player: i
"""

SCENARIO = """\
scenarios:
  - name: the list grows from its initial value
    players: 2
    steps:
      - {player: 0, action: go}
      - {player: 1, action: go}
    expect:
      - seq == [0, 1]
      - table[0] == [1, 2] and first(table[1]) == "b" and table[2]["zones"][1] == "two"
"""


def test_a_list_in_a_variables_short_form_is_its_initial_value(tmp_path):
    """The list is the variable's initial value, data as `initial`'s is: a map inside keeps its order and its keys'
    kinds (a key under a key spelt like a section's, `zones`, is data too), and the rules set it from there."""
    (tmp_path / "ruleset.yaml").write_text(LISTED, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(SCENARIO, encoding="utf-8")
    ruleset = load_ruleset(str(tmp_path))
    assert ruleset.variables["seq"].initial == [] and not ruleset.variables["seq"].per_player
    assert ruleset.variables["table"].initial == [[1, 2], {"b": 1, "a": 2}, {"zones": {1: "two"}}]
    [result] = run_scenarios(ruleset)
    assert result.passed, result.failures


def test_the_order_of_a_map_in_a_short_form_list_is_in_the_content_hash(tmp_path):
    """The keys of a map are looped over in the order written (first(m)): two orders are two games, as in `initial`."""
    (tmp_path / "ruleset.yaml").write_text(LISTED, encoding="utf-8")
    one = load_ruleset(str(tmp_path)).content_hash
    (tmp_path / "ruleset.yaml").write_text(LISTED.replace("{b: 1, a: 2}", "{a: 2, b: 1}"), encoding="utf-8")
    assert load_ruleset(str(tmp_path)).content_hash != one


@pytest.mark.parametrize("sets, condition", [(["{buys: '[1]'}"], "buys"), (["{buys: \"buys + ['red']\"}"], "buys")])
def test_a_short_form_list_is_typed_as_the_long_forms_initial_is(tmp_path, sets, condition):
    """`buys: []` and `buys: {initial: []}` declare the same variable: the same findings, of the same type."""
    short = [d.message for d in findings(ruleset_with(tmp_path, "  buys: []\n", sets, condition))]
    long = [d.message for d in findings(ruleset_with(tmp_path, "  buys: {initial: []}\n", sets, condition))]
    assert short and short == long


def test_a_map_in_a_variables_short_form_is_still_the_long_forms_syntax(tmp_path):
    """A map there is read as the long form's keys: one that holds none of them says how to write it as `initial`."""
    (tmp_path / "ruleset.yaml").write_text(LISTED.replace("  seq: []\n", "  seq: []\n  tally: {red: 0}\n"), encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(tmp_path))
    assert str(caught.value).startswith(f"{tmp_path / 'ruleset.yaml'}:6:11: V001 "), str(caught.value)
    assert "(a map is an initial value of the long form: tally: {initial: {red: 0}})" in str(caught.value)


def test_a_list_set_in_an_effect_is_still_an_expression_to_quote(tmp_path):
    """`set: {seq: []}` in an action is an expression, text: the message says to quote it, as before."""
    (tmp_path / "ruleset.yaml").write_text(LISTED.replace('set: {seq: "seq + [me]"}', "set: {seq: []}"), encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(tmp_path))
    assert ("V001 expected a text, a number or true/false, got a list (an expression is text: write the list as one, "
            'quoted: "[]")') in str(caught.value), str(caught.value)


@pytest.mark.parametrize("written", ["  seq: {initial: []}\n", "  seq: {initial: [], quiet: true}\n"])
def test_a_short_form_list_hashes_as_its_long_form_so_quiet_keeps_the_hash(tmp_path, written):
    """`quiet` never changes the content hash (a record made before it replays): `seq: []` made quiet is written
    `seq: {initial: [], quiet: true}`, so the short form hashes as the long form it stands for."""
    (tmp_path / "ruleset.yaml").write_text(LISTED, encoding="utf-8")
    short = load_ruleset(str(tmp_path)).content_hash
    (tmp_path / "ruleset.yaml").write_text(LISTED.replace("  seq: []\n", written), encoding="utf-8")
    assert load_ruleset(str(tmp_path)).content_hash == short
