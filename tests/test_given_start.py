"""`given: {at: start, ...}` lays the position before the flow's first statement: in a game whose turns open with a
roll the flow makes, the turns start from the position given, not from the first decision after a random move."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.scenarios import run_scenarios

# a ring of 6 squares, deeds on 1, 2, 4 and 5; a jailed seat leaves on a 5 or a 6 and moves by it, else stays
RING = """\
philtre: 1
game: ring
players: 2
components:
  deed: {attributes: {space: [1, 2, 4, 5]}, start: bank}
zones:
  bank: {visible: everyone}
dice:
  d6: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]
variables:
  pos: {initial: 0, each: player}
  in_jail: {initial: false, each: player}
  starter: 0
define:
  deed_at(s): first(d for d in components if d.space == s)
actions:
  rest: {do: []}
  buy: {if: "deed_at(pos[me]).space == pos[me]", do: []}
flow:
  - turns: starter
    until: turn_number >= 6
    do:
      - roll: d6
      - when: not in_jail[current] or d6.pips >= 5
        set: {"in_jail[current]": false, "pos[current]": "(pos[current] + d6.pips) % 6"}
      - name: after
        decide: [buy, rest]
winners: {highest: "score[p]"}
"""


def _results(tmp_path, scenarios: str, rules: str = RING) -> list:
    (tmp_path / "ruleset.yaml").write_text(rules, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n" + scenarios, encoding="utf-8")
    return run_scenarios(load_ruleset(str(tmp_path)))


def _jailed(at: str, expect: str) -> str:
    """Seat 0 in jail on square 5; its first roll a 5, seat 1's a 1 (to the deed on square 1)."""
    return f"""\
  - name: seat 0 in jail
    players: 2
    given: {{{at}variables: {{in_jail: [true, false], pos: [5, 0]}}}}
    rolls: [{{d6: {{pips: 5}}}}, {{d6: {{pips: 1}}}}]
    steps: [{{player: 0, action: rest}}]
    expect: [{expect}]
"""


def test_given_at_start_starts_seat_0s_first_turn_in_jail(tmp_path):
    """The first roll is made in jail: the 5 frees seat 0, which moves from square 5 to 4."""
    [result] = _results(tmp_path, _jailed("at: start, ", '"pos[0] == 4", "not in_jail[0]", "pos[1] == 1"'))
    assert result.passed, result.failures
    assert result.notes == []


def test_given_without_at_start_is_applied_after_the_first_roll_and_move(tmp_path):
    """As before: the scripted 5 moves seat 0 from square 0 to 5, then `given` puts it in jail there, under its decision."""
    [result] = _results(tmp_path, _jailed("", '"pos[0] == 5", "in_jail[0]", "pos[1] == 1"'))
    assert result.passed, result.failures
    [result] = _results(tmp_path, _jailed("", '"pos[0] == 4", "not in_jail[0]"'))
    assert not result.passed


def test_a_rule_failing_under_the_decision_given_was_applied_at_says_the_flow_reached_it_before(tmp_path):
    """The trial's R100: `given` moved seat 0 to square 3 (no deed) under the buy its random move had reached. T023 says
    why, at the decision, and gives `at: start`; with it, the flow reaches its decision from square 3 and passes."""
    scenario = _jailed("", '"in_jail[0]"').replace("pos: [5, 0]", "pos: [3, 0]")
    [result] = _results(tmp_path, scenario)
    assert "R100 action 'buy': its 'if' failed" in result.failures[0], result.failures
    assert result.failures[1] == (
        f"{tmp_path / 'ruleset.yaml'}:27:9: T023 `given` was applied while the game waited at this decision (the first "
        "the flow reached): the flow reached it on the position before `given`, and its options are listed on the "
        "position given, which the rules may never bring here (give `at: start` in given: the flow then runs from the "
        "position given to its first decision)"), result.failures
    [result] = _results(tmp_path, scenario.replace("given: {", "given: {at: start, ").replace('"in_jail[0]"', '"pos[0] == 2"'))
    assert result.passed, result.failures


def test_a_turn_order_read_from_a_variable_given_at_start_starts_at_the_seat_given(tmp_path):
    """`turns: starter` reads the value given; nothing read it before, so no T028 (nor T023) is said."""
    scenario = """\
  - name: seat 1 starts
    players: 2
    given: {at: start, variables: {starter: 1}}
    rolls: [{d6: {pips: 1}}]
    expect: ["deciding == [1]", "pos[1] == 1"]
"""
    [result] = _results(tmp_path, scenario)
    assert result.passed, result.failures
    assert result.notes == []
    [result] = _results(tmp_path, scenario.replace("at: start, ", ""))
    assert not result.passed
    assert any(" T028 `given` sets starter to 1, but the `turns` at " in note for note in result.notes), result.notes


@pytest.mark.parametrize("key", ["time: 2", "round: 1", "player: 1"])
def test_at_start_counts_no_waits(tmp_path, key):
    """The start comes once, before any decision: a time, round or seat to count there is T011 at that key."""
    scenario = f"""\
  - name: a time at the start
    players: 2
    given: {{at: start, {key}}}
    expect: ["true"]
"""
    with pytest.raises(PhiltreError) as info:
        _results(tmp_path, scenario)
    assert f"scenarios.yaml:4:24: T011 given.{key.split(':')[0]} " in str(info.value)
    assert "`at: start` is the flow's start, before its first statement" in str(info.value)


def test_at_start_where_a_decision_is_named_start_is_t011(tmp_path):
    """`start` is given.at's word: a ruleset naming a decision so would make it name two places."""
    scenario = """\
  - name: the start
    players: 2
    given: {at: start}
    expect: ["true"]
"""
    with pytest.raises(PhiltreError) as info:
        _results(tmp_path, scenario, RING.replace("name: after", "name: start"))
    assert (f"scenarios.yaml:4:17: T011 given.at 'start' is the flow's start, before its first statement, and a decision "
            f"statement is named 'start' too ({tmp_path / 'ruleset.yaml'}:27:9)") in str(info.value)
    # an expected `at` names that decision as any other
    [result] = _results(tmp_path, scenario.replace('given: {at: start}\n', "rolls: [{d6: {pips: 1}}]\n")
                        .replace('["true"]', '[{pending: [0], at: start}]'), RING.replace("name: after", "name: start"))
    assert result.passed, result.failures
