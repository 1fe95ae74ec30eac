"""`given.variables` sets one seat's entry of a per-seat variable (`"last[0]": ...`), or one team's of a per-team one,
the other entries keeping what they hold.

A trial's scenarios had to spell every seat's whole map (`last: [{red: 10, ...}, {red: 0, ...}]`) to state one seat's
row: `"last[0]": {...}` was `T004 unknown variable 'last[0]'`."""

from __future__ import annotations

from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.interpreter.cli import main
from philtre.interpreter.scenarios import run_scenarios

RULES = """\
philtre: 1
game: entries
players: 2..3
teams: "[[0], [1, 2]] if player_count == 3 else [[0], [1]]"
variables:
  rows: {initial: {red: 0, blue: 0}, each: player}
  gold: {initial: 2, each: player}
  bags: {initial: 0, each: team}
  round_no: 0
actions:
  take:
    do:
      - set: {"gold[me]": "gold[me] + 1"}
flow:
  - set: {"gold[1]": 7}
  - turns: 0
    until: gold[0] > 20
    do:
      - decide: take
"""


def _run(tmp_path, scenarios: str, defaults: str = ""):
    (tmp_path / "ruleset.yaml").write_text(RULES, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(defaults + "scenarios:\n" + scenarios, encoding="utf-8")
    return run_scenarios(load_ruleset(str(tmp_path)))


def _validate(tmp_path, scenarios: str) -> str:
    (tmp_path / "ruleset.yaml").write_text(RULES, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n" + scenarios, encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", str(tmp_path)])
    assert out.exit_code == 1 and "Traceback" not in out.output, out.output
    return out.output


def _scenario(variables: str, expect: list, players: int = 2) -> str:
    listed = "".join(f'\n      - "{e}"' for e in expect)
    return f"  - name: s\n    players: {players}\n    given:\n      variables: {variables}\n    expect:{listed}\n"


def test_one_seats_entry_is_given_and_the_others_keep_the_positions_value(tmp_path):
    """`rows[0]` and `gold[0]`: seat 0's entries change; seat 1's keep theirs, gold 7 as the flow set it."""
    [result] = _run(tmp_path, _scenario('{"rows[0]": {red: 10, blue: 0}, "gold[0]": 5}',
                                        ["rows[0]['red'] == 10", "rows[1] == {'red': 0, 'blue': 0}", "gold == [5, 7]"]))
    assert result.passed, result.failures


def test_an_entry_is_written_over_the_defaults_whole_value(tmp_path):
    """Defaults give gold whole; a scenario's `gold[1]` changes seat 1's, seat 0 keeping the defaults' value."""
    [result] = _run(tmp_path, _scenario('{"gold[1]": 4}', ["gold == [9, 4]"]),
                    defaults="defaults:\n  given:\n    variables: {gold: [9, 9]}\n")
    assert result.passed, result.failures


def test_one_teams_entry_is_given(tmp_path):
    [result] = _run(tmp_path, _scenario('{"bags[1]": 3}', ["bags == [0, 3]"], players=3))
    assert result.passed, result.failures


def test_an_entry_past_the_teams_is_refused_when_run(tmp_path):
    [result] = _run(tmp_path, _scenario('{"bags[2]": 3}', ["true"], players=3))
    [failure] = result.failures
    assert "scenarios.yaml:5:19: T004 'bags[2]' names no team 2: 'bags' has 2 entries, teams 0..1" in failure, failure


def test_an_entry_of_no_seat_of_a_one_value_variable_or_of_no_variable_is_t004(tmp_path):
    output = _validate(tmp_path, _scenario('{"gold[2]": 1, "round_no[0]": 1, "gld[0]": 1, "gold[1]": two}', ["true"]))
    assert ("scenarios.yaml:5:19: T004 'gold[2]' names no seat 2: the scenario has 2 players, seats 0..1 (give a seat "
            "from 0, gold[0]: 2)") in output, output
    assert ("scenarios.yaml:5:33: T004 'round_no[0]' gives one seat's entry, but 'round_no' is one value, not one per "
            "seat or team (each:) (give it whole, round_no: 0)") in output, output
    assert "scenarios.yaml:5:51: T004 unknown variable 'gld' in given (did you mean 'gold'?)" in output, output
    assert ("scenarios.yaml:5:64: T004 'gold' holds a number per seat (its initial value is one, and every rule that sets "
            "it gives one): seat 1's value 'two' is a word") in output, output


def test_a_partial_map_given_to_one_entry_is_noted(tmp_path):
    """T037 for an entry's map as for a whole value's: `rows[1]` lacks `blue`."""
    (tmp_path / "ruleset.yaml").write_text(RULES, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n" + _scenario('{"rows[1]": {red: 3}}', ["true"]), encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", str(tmp_path)])
    assert "T037 `given` gives 'rows' for seat 1 a map of 1 of the 2 keys its initial value has: blue is missing" in out.output, out.output
