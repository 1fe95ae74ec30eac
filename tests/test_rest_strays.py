"""T038: a scenario's `given.rest` that is a pile components start in (cards in a bank) and receives components of types
that never start there is said at the scenario. A trial's `rest: bank` swallowed the pieces `empty:` took off a
corner map, and its scenario failed far away, at a count of a supply they never went back to."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.interpreter.scenarios import run_scenarios

CORNER_MAP = """\
philtre: 1
game: corner-map
players: 2
components:
  card: {attributes: {res: [ore, wool]}, copies: 3, start: bank}
  house: {each: player, copies: 2, start: "supply[owner]"}
zones:
  bank: {}
  box: {visible: nobody}
  hand: {each: player}
  supply: {each: player}
  spot: {copies: 4}
actions:
  build:
    choose: {at: spot}
    if: count(at) == 0
    do:
      - move: first(supply[me]) -> at
flow:
  - for: p in players
    do:
      - decide: build
        player: p
      - move: first(bank) -> hand[p]
  - name: main
    decide: build
    player: 0
"""

SCENARIO = """\
scenarios:
  - name: a house on spot 0
    players: 2
    given:
      at: main
      {rest}
      {empty}
      zones:
        {zones}
    expect: ["{expect}"]
"""


HOUSE_ON_0 = "hand[0]: [{res: ore}]\n        spot[0]: [{type: house, owner: 0}]"


def _results(tmp_path, rest: str, expect: str, zones: str = HOUSE_ON_0, empty: str = "empty: [spot]"):
    """The corner map's scenario, where the set-up built a house of each seat, laid out with one house on spot 0."""
    (tmp_path / "ruleset.yaml").write_text(CORNER_MAP)
    (tmp_path / "scenarios.yaml").write_text(SCENARIO.format(rest=rest, zones=zones, expect=expect, empty=empty))
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    return result


def test_a_pile_given_as_rest_that_receives_pieces_is_said_at_the_scenario(tmp_path):
    result = _results(tmp_path, "rest: bank", "count(supply[0]) == 1")
    assert not result.passed  # the house seat 0 built in the set-up lies in the bank, not in supply[0]: what the note explains
    assert result.notes == [
        f"{tmp_path / 'scenarios.yaml'}:6:13: T038 rest: bank received 2 house, of types that never start there (they start "
        "in supply[0] and supply[1]), where only card starts (leave rest: out, and the components the given zones do not "
        "list go back to where they start; or list them where they belong; or give rest: a zone no rule names, box: "
        "{visible: nobody})"], result.notes


def test_without_rest_the_pieces_go_back_to_their_supply_with_no_note(tmp_path):
    result = _results(tmp_path, "", "count(supply[0]) == 1 and count(supply[1]) == 2 and count(bank) == 4")
    assert result.passed and not result.notes, (result.failures, result.notes)


@pytest.mark.parametrize("rest, zones, empty, expect", [
    # a zone where nothing starts, out of play
    ("rest: box", HOUSE_ON_0, "empty: [spot]", "count(c for c in box if c is house) == 2"),
    # only cards go to the bank, where cards start: the houses stay where they were built
    ("rest: bank", "hand: [[{res: ore}], []]", "", "count(bank) == 5 and count(c for c in spot if count(c) > 0) == 2"),
])
def test_what_the_zone_may_hold_is_no_note(tmp_path, rest, zones, empty, expect):
    result = _results(tmp_path, rest, expect, zones, empty)
    assert result.passed and not result.notes, (result.failures, result.notes)
