"""A scenario's `given` lays out the zones it names and disturbs the others as little as it can."""

from __future__ import annotations

import shutil
from pathlib import Path

from philtre.dsl import load_ruleset
from philtre.interpreter.scenarios import run_scenarios

TUTORIAL = Path(__file__).resolve().parents[1] / "examples" / "tutorial"

SCENARIO = """\
scenarios:
  - name: giving the deck red cards keeps the hands as dealt
    players: 2
    seed: 0            # the deck holds five red cards once three are dealt to each hand
    given:
      rest: discard
      zones:
        deck: [{suit: red, copies: 5}]
    expect:
      - count(hand[0]) == 3 and count(hand[1]) == 3
      - count(deck) == 5 and all(c.suit == "red" for c in deck)
"""


def test_a_given_zone_keeps_its_own_matching_components_before_taking_others(tmp_path):
    """The deck already holds red cards: they are the ones given, not red cards pulled out of the hands."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(SCENARIO, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


LEFTOVERS = """\
scenarios:
  - name: the deck holds just the card given
    players: 2
    given:
      zones:
        deck: [{suit: red, rank: 1}]
    expect:
      - count(deck) == 1
"""


def test_a_zone_that_would_keep_unlisted_components_it_starts_with_asks_for_rest(tmp_path):
    """The deck is where the cards start: 'go back to their start' left 9 more cards in it, silently (a passing test of the wrong position)."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(LEFTOVERS, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert not result.passed
    assert any("scenarios.yaml:6:9: T010 deck would keep " in f and "component(s) not listed" in f for f in result.failures), result.failures
    (folder / "scenarios.yaml").write_text(LEFTOVERS.replace("    given:\n", "    given:\n      rest: discard\n"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures
