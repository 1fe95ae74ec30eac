"""V001 for a list key given the wrong shape says what to write: `show: []` (leave the key out), a scenario's
`expect: []` beside a step marked illegal: true (leave expect out), `show:` written as a mapping (a list of its
names). Backgammon, No Thanks and Carcassonne trials."""
from __future__ import annotations

from philtre.dsl.schema import schema_diagnostics
from philtre.dsl.yamlpos import load_text


def _said(text: str, kind: str) -> list[str]:
    """The schema's findings for ``text``, each as `CODE message (hint)`."""
    return [f"{d.code} {d.message} ({d.hint})" for d in schema_diagnostics(load_text(text, "f.yaml"), kind)]


RULESET = "game: g\nplayers: 2\nflow: [{turns: 1}]\n"


def test_an_optional_list_left_empty_is_told_to_leave_the_key_out():
    [said] = _said(RULESET + "show: []\n", "ruleset")
    assert "show: [] lists nothing" in said and "leave the key out" in said


def test_a_required_list_left_empty_is_not_told_to_leave_the_key_out():
    assert not any("leave the key out" in s for s in _said("game: g\nplayers: []\nflow: [{turns: 1}]\n", "ruleset"))


def test_a_list_of_names_written_as_a_mapping_is_told_its_names_in_a_list():
    [said] = _said(RULESET + "show:\n  my_chips: chips[0]\n", "ruleset")
    assert "show: [my_chips]" in said and "define each under define: (my_chips: chips[0])" in said


SCENARIO = """scenarios:
  - name: refused
    players: 2
    steps:
      - {player: 0, action: place, illegal: %s}
    expect: []
"""


def test_an_empty_expect_beside_an_illegal_step_is_told_to_leave_expect_out():
    [said] = _said(SCENARIO % "true", "scenario-file")
    assert "leave expect out, since a step marked illegal: true is a check of its own" in said


def test_an_empty_expect_with_no_illegal_step_is_told_what_to_list():
    [said] = _said(SCENARIO % "false", "scenario-file")
    assert "list what must hold after the steps" in said and "since a step" not in said
