"""A step `- expect: [...]`: expectations checked between a scenario's steps.

A Coup trial and a Yahtzee trial each wanted to check the options offered partway through a rulebook example ("now
she may only block or allow"; "after two rerolls the seat may only fill a box"): `options` among the steps was V001,
and the way out was a second scenario repeating the first steps. A step `expect:` takes what `expect` takes and checks
it at that point: `philtre validate` checks it as it checks `expect`, `philtre test` runs it and reports a failure at
its item, as it reports the final expectations.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.dsl.errors import Loc, PhiltreError
from philtre.interpreter.cli import main
from philtre.interpreter.scenarios import run_scenarios

# Two seats take turns keeping a chip of the pool (n 1..6) until two are left: each keep leaves one option fewer.
CHIPS = """\
philtre: 1
game: keep-chips
players: 2
components:
  chip: {attributes: {n: [1, 2, 3, 4, 5, 6]}, start: pool}
zones:
  pool: {}
  kept: {each: player}
define:
  held(p): sum(c.n for c in kept[p])
actions:
  keep:
    choose: {chip: pool}
    do:
      - move: chip -> kept[me]
flow:
  - turns: 0
    until: count(pool) <= 2
    do:
      - decide: keep
        name: pick
"""

CHECKED = """\
scenarios:
  - name: each keep leaves one option fewer
    players: 2
    steps:
      - expect: [{options: {player: 0, count: 6}}, {pending: 0, at: pick}, current == 0]
      - {player: 0, action: keep, args: {chip: {n: 6}}}
      - expect:
          - options: {player: 1, count: 5}
          - options: {player: 0, count: 0}
          - held(0) == 6
          - pending: 1
      - {player: 1, action: keep, args: {chip: {n: 5}}}
      - {player: 0, action: keep, args: {chip: {n: 6}}, illegal: true}
    expect:
      - count(pool) == 4
      - held(0) == 6 and held(1) == 5
"""


def _game(tmp_path, scenarios: str, rules: str = CHIPS):
    """The chips game with ``scenarios`` as its scenarios.yaml: (its folder, the scenarios file)."""
    (tmp_path / "ruleset.yaml").write_text(rules, encoding="utf-8")
    path = tmp_path / "scenarios.yaml"
    path.write_text(scenarios, encoding="utf-8")
    return tmp_path, path


def _loc(path, needle: str, nth: int = 0) -> str:
    """``path:line:col`` of the ``nth`` (from 0) ``needle`` in the file."""
    text = path.read_text(encoding="utf-8")
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    return str(Loc(str(path), text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)))


def _failures(folder) -> list:
    """Each scenario's failures, in order."""
    return [result.failures for result in run_scenarios(load_ruleset(str(folder)))]


def _refused(folder) -> str:
    """What loading the ruleset in ``folder`` says, which must refuse it."""
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(folder))
    return str(caught.value)


def test_expectations_between_the_steps_pass_where_they_hold_at_that_point(tmp_path):
    """Each step `expect:` reads the position at its place: 6 options before the first keep, 5 after it (the final
    `expect` reads yet another position, 4 chips left)."""
    folder, _ = _game(tmp_path, CHECKED)
    assert _failures(folder) == [[]]


@pytest.mark.parametrize("wrong, right, said", [
    ("{options: {player: 0, count: 6}}", "{options: {player: 0, count: 5}}",
     "T012 expected seat 0 to be offered 5 options; offered 6 options: keep(chip=chip n=1), "),
    ("{pending: 0, at: pick}", "{pending: 1, at: pick}", "T012 expected seat 1 to decide at 'pick'; deciding now: seat 0 (at 'pick')"),
    ("current == 0]", "current == 1]", "T012 expected true: current == 1  [current = 0]"),
    ("held(0) == 6\n", "held(0) == 11\n", "T012 expected true: held(0) == 11  [held(0) = 6]"),
    ("options: {player: 1, count: 5}", "options: {player: 1, count: 4}", "T012 expected seat 1 to be offered 4 options; offered 5"),
])
def test_an_expectation_between_the_steps_that_is_false_fails_at_its_item_and_the_steps_go_on(tmp_path, wrong, right, said):
    """Reported as a final expectation is, at its own item; the steps after it are taken and the final `expect` checked
    (a check changes nothing in the game, and one failure hides no other)."""
    folder, path = _game(tmp_path, CHECKED.replace(wrong, right).replace("count(pool) == 4", "count(pool) == 3"))
    [failures] = _failures(folder)
    assert len(failures) == 2, failures
    assert failures[0].startswith(f"{_loc(path, right.rstrip())}: {said}"), failures
    assert failures[1] == f"{_loc(path, 'count(pool) == 3')}: T012 expected true: count(pool) == 3  [count(pool) = 4]"


def test_a_step_expect_after_the_last_step_is_checked_before_autoplay(tmp_path):
    """With `autoplay`, `expect` reads the end of the game; a step `expect:` after the last step reads the position
    the steps left, before random play goes on (docs: "to check a position after the steps as well")."""
    scenario = """\
scenarios:
  - name: after the steps, then at the end
    players: 2
    autoplay: true
    steps:
      - {player: 0, action: keep, args: {chip: {n: 6}}}
      - expect: [count(pool) == 5, {pending: 1}]
    expect:
      - count(pool) == 2
      - game_over
"""
    folder, path = _game(tmp_path, scenario)
    assert _failures(folder) == [[]]
    path.write_text(scenario.replace("count(pool) == 5", "count(pool) == 2"), encoding="utf-8")
    assert _failures(folder) == [[f"{_loc(path, 'count(pool) == 2')}: T012 expected true: count(pool) == 2  [count(pool) = 5]"]]


def test_a_step_expect_is_not_reached_past_a_step_that_cannot_be_taken(tmp_path):
    """As the final expectations: they are about the position after the steps before them."""
    folder, path = _game(tmp_path, CHECKED.replace("{player: 1, action: keep, args: {chip: {n: 5}}}",
                                                   "{player: 0, action: keep, args: {chip: {n: 5}}}")
                         .replace("{player: 0, action: keep, args: {chip: {n: 6}}, illegal: true}", "expect: [held(0) == 99]"))
    [failures] = _failures(folder)
    assert len(failures) == 1 and " T013 " in failures[0] and "held(0) == 99" not in failures[0], failures


def test_a_scenario_whose_only_check_is_a_step_expect_needs_no_expect(tmp_path):
    """A step `expect:` is a check of its own, as an `illegal: true` step is: no V002, and the scenario fails on it."""
    scenario = ("scenarios:\n  - name: only between\n    players: 2\n    steps:\n"
                "      - {player: 0, action: keep, args: {chip: {n: 1}}}\n      - expect: [held(0) == 1]\n"
                "      - {player: 1, action: keep, args: {chip: {n: 2}}}\n")
    folder, path = _game(tmp_path, scenario)
    assert _failures(folder) == [[]]
    path.write_text(scenario.replace("held(0) == 1", "held(0) == 2"), encoding="utf-8")
    assert _failures(folder) == [[f"{_loc(path, 'held(0)')}: T012 expected true: held(0) == 2  [held(0) = 1]"]]


@pytest.mark.parametrize("item, code, said", [
    ("{pending: 2}", "T016", "seat 2 is not a seat of this 2-player scenario (seats 0..1)"),
    ("{pending: 0, at: pik}", "T011", "no decision statement named 'pik' in the flow (did you mean 'pick'?)"),
    ("{options: {player: 0, action: kep, count: 1}}", "T008", "no action 'kep' in this ruleset (its actions: keep)"),
    ("{options: {player: 0, are: [{action: keep, args: {chip: {m: 1}}}]}}", "T009", "no component has an attribute 'm'"),
    ("{options: {player: 0}}", "T016", "`options` expects nothing here: it gives neither `count` nor `are`"),
    ("count(pol) == 1", "E150", "unknown name 'pol'"),
    ("count(pool)", "E120", ""),
    ("'{pending: 0}'", "E150", "unknown name 'pending' (in quotes the item is an expression"),
])
def test_a_step_expect_is_checked_by_validate_as_expect_is(tmp_path, item, code, said):
    """A mistake in a step `expect:` is found before anything runs, at its place, as one in `expect` is."""
    folder, path = _game(tmp_path, ("scenarios:\n  - name: s\n    players: 2\n    steps:\n"
                                    f"      - {{player: 0, action: keep}}\n      - expect: [{item}]\n    expect: [\"true\"]\n"))
    refused = _refused(folder)
    assert f" {code} {said}" in refused, refused
    assert refused.startswith(f"{path}:6:"), refused


@pytest.mark.parametrize("step, key, hint", [
    ("{player: 0, action: keep, expect: [held(0) == 1]}", "player",
     "a step `expect:` checks expectations at this point and takes no decision: give the decision a step of its own, "
     "- {player: 0, action: keep}, before it or after it"),
    ("{expect: ['true'], illegal: true}", "illegal",
     "a step `expect:` checks expectations at this point and takes no decision: give the decision a step of its own, "
     "- {player: SEAT, action: NAME}, before it or after it"),
])
def test_a_step_expect_beside_a_decision_is_told_to_give_the_decision_its_own_step(tmp_path, step, key, hint):
    """One item is a decision or a check, not both: the schema's V001 says which to split."""
    folder, path = _game(tmp_path, f"scenarios:\n  - name: s\n    players: 2\n    steps:\n      - {step}\n    expect: [\"true\"]\n")
    assert _refused(folder) == f"{_loc(path, key + ':')}: V001 unknown key ('{key}' was unexpected) ({hint})"


def test_a_definition_read_only_by_a_step_expect_is_used(tmp_path):
    """L001 counts what the scenarios read: a definition only a step `expect:` reads is not 'never used'."""
    folder, _ = _game(tmp_path, CHECKED.replace("      - held(0) == 6 and held(1) == 5\n", ""))
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 0 and "L001" not in result.output, result.output
    _game(tmp_path, CHECKED.replace("      - held(0) == 6 and held(1) == 5\n", "").replace("          - held(0) == 6\n", ""))
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert "L001 definition 'held' is never used" in result.output, result.output


def test_inline_scenarios_of_a_ruleset_take_a_step_expect(tmp_path):
    """The ruleset's own `scenarios:` key takes the scenario schema too (a $ref into it)."""
    (tmp_path / "ruleset.yaml").write_text(CHIPS + CHECKED, encoding="utf-8")
    assert _failures(tmp_path) == [[]]


def test_philtre_test_reports_a_step_expect_failure_with_its_place_in_json(tmp_path):
    """`philtre test --json` lists the failure under its scenario, at the step `expect:` item, exit code 1."""
    folder, path = _game(tmp_path, CHECKED.replace("held(0) == 6\n", "held(0) == 7\n"))
    result = CliRunner().invoke(main, ["test", str(folder), "--json"])
    assert result.exit_code == 1, result.output
    [row] = json.loads(result.output)["scenarios"]
    assert row["outcome"] == "failed"
    assert row["failures"] == [f"{_loc(path, 'held(0) == 7')}: T012 expected true: held(0) == 7  [held(0) = 6]"], row


SEATS_FROM_A_VARIABLE = (Path(__file__).parent / "data" / "seats_from_a_variable.yaml").read_text(encoding="utf-8") + """\
scenarios:
  - name: seat 1 has already left
    players: 3
    given:
      variables: {inside: [true, false, true]}
    steps:
      - expect: [{pending: [0, 2]}]
      - {player: 0, action: stay}
      - {player: 1, action: stay}
      - {player: 2, action: stay}
      - expect: [{pending: [0, 2]}]
"""


def test_a_step_expect_before_any_step_says_the_seats_were_listed_before_given(tmp_path):
    """As `expect` with no steps says it: the seats deciding when `given` was applied were listed before it. After the
    steps of that decision the flow lists them again, from the position given, and the second check holds."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(SEATS_FROM_A_VARIABLE, encoding="utf-8")
    [failures] = _failures(path)
    assert failures == [f"{_loc(path, '{pending: [0, 2]}')}: T012 expected seats 0, 2 to decide; deciding now: seats 0, 1, 2 "
                        "(at 'choose') (the seats deciding at 'choose' were listed before `given` was applied, which "
                        "changes only what it names: reach this position with steps)"], failures
