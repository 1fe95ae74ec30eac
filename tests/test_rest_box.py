"""Components a scenario leaves over go to a zone: where the rules have no place out of play, one no rule names."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter.scenarios import run_scenarios

TUTORIAL = Path(__file__).resolve().parents[1] / "examples" / "tutorial"  # High Card: its flow gathers no card out of play

EMPTY_DECK = """\
scenarios:
  - name: the deck laid out empty
    players: 2
    given:
      rest: {rest}
      zones:
        deck: []
    expect: ["count(deck) == 0 and count(box) == 10 and count(hand[0]) == 3"]
"""


def _tutorial(tmp_path, rest: str) -> Path:
    """High Card with a zone `box` no rule names, and a scenario giving the deck empty, its cards sent to ``rest``."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    ruleset = folder / "ruleset.yaml"
    text = ruleset.read_text(encoding="utf-8").replace("  discard: {}\n", "  discard: {}\n  box:     {visible: nobody}\n", 1)
    ruleset.write_text(text, encoding="utf-8")
    (folder / "scenarios.yaml").write_text(EMPTY_DECK.format(rest=rest), encoding="utf-8")
    return folder


def test_a_zone_no_rule_names_takes_the_leftovers_with_no_finding(tmp_path):
    """Love Letter trial: with no spare zone, the leftovers went to the King's working zone, which the rules use."""
    folder = _tutorial(tmp_path, "box")
    assert [f.diagnostic for f in check_file(str(folder)).findings] == []
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


@pytest.mark.parametrize("rest", ["none", "null"])
def test_rest_none_is_told_to_declare_a_zone_for_the_leftovers(tmp_path, rest):
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(_tutorial(tmp_path, rest)))
    said = str(caught.value)
    assert ("every component lies in a zone, so none is out of play: for components left over, declare a zone that no "
            "rule names, box: {visible: nobody}, and give rest: box)") in said, said
