"""A step `- {at: round_end, expect: [...]}`: expectations read when a round ends.

A trick-taking trial's per-hand counts are reset at the next hand's start, before its first decision: after the hand's
last step the game had run on into the next hand (T012 said so), and a step `expect:` before the last play was too
early, so what a hand leaves behind could not be checked. A step `expect:` written `at: round_end` is read when the
round in progress at its point ends, after the round's last statement ran and before the next round's start.
"""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import Loc, PhiltreError
from philtre.interpreter.scenarios import run_scenarios

# Two rounds of two bids each; a round's last statement keeps ten times the last bid, the next round's start resets it.
ROUNDS = """\
philtre: 1
game: rounds
players: 2
variables:
  last_bid: 0
  kept: 0
  total: 0
actions:
  bid:
    choose: {n: "[1, 2, 3]"}
    do:
      - set: {last_bid: n, total: total + n}
flow:
  - repeat: 2
    do:
      - round:
          - set: {last_bid: 0, kept: 0}
          - for: p in players
            do:
              - decide: bid
                player: p
          - set: {kept: last_bid * 10}
  - decide: bid
    player: 0
"""

BID = "      - {player: %d, action: bid, args: {n: %d}}\n"


def _run(tmp_path, steps: str, expect: str = "", extra: str = "", rules: str = ROUNDS):
    """The one scenario of ``steps`` (and ``expect``, ``extra`` keys) run: (its failures, the scenarios file)."""
    (tmp_path / "ruleset.yaml").write_text(rules, encoding="utf-8")
    path = tmp_path / "scenarios.yaml"
    path.write_text("scenarios:\n  - name: s\n    players: 2\n" + extra + "    steps:\n" + steps
                    + (f"    expect: {expect}\n" if expect else ""), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    return [failure.split(": ", 1) for failure in result.failures], path


def _loc(path, needle: str) -> str:
    text = path.read_text(encoding="utf-8")
    at = text.index(needle)
    return str(Loc(str(path), text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)))


END = '      - {at: round_end, expect: ["%s"]}\n'


def test_the_end_of_the_round_in_progress_is_read_after_its_last_statement(tmp_path):
    """Written before the first step, it reads round 1's end, reached during the second step: what the round's last
    statement set is there, and nothing of round 2's start (the final `expect` reads round 2, reset)."""
    checks = END % "kept == 30 and last_bid == 3 and round_number == 1 and deciding == [] and current == none"
    failures, _ = _run(tmp_path, checks + BID % (0, 1) + BID % (1, 3), expect='["kept == 0", "last_bid == 0"]')
    assert failures == []


@pytest.mark.parametrize("before", [0, 1])
def test_a_failed_expectation_at_a_round_end_shows_the_value_read_there(tmp_path, before):
    """Wherever it stands in the round (before its first step or between its steps), a failure is told at the item with
    the value read at the round's end, not at the decision the game ran on to."""
    steps = [BID % (0, 1), BID % (1, 3)]
    steps.insert(before, END % "kept == 20")
    failures, path = _run(tmp_path, "".join(steps))
    assert failures == [[_loc(path, "\"kept == 20"), "T012 expected true: kept == 20  [kept = 30] (read at the end of "
                                                   "round 1, after its last statement ran)"]]


def test_autoplay_reads_the_end_the_random_play_reaches(tmp_path):
    """With autoplay, a round the steps leave open ends as random agents play on."""
    failures, _ = _run(tmp_path, BID % (0, 3) + END % "total >= 4 and kept >= 10", extra="    autoplay: true\n",
                       expect='["game_over"]')
    assert failures == []


def test_a_round_still_open_when_the_scenario_stops_is_said(tmp_path):
    """No autoplay and the steps stop inside the round: its end is never read, which fails, not passes silently."""
    failures, path = _run(tmp_path, END % "kept == 10" + BID % (0, 1))
    assert failures == [[_loc(path, "{at: round_end"),
                         "T039 round 1 had not ended when the scenario stopped (after the steps, the game waits at "
                         "decision 2, round 1, seat 1 deciding at 'decide', line 20): its end was not read (take the "
                         "steps on to the round's last decision: its end is read as the game runs on from the last "
                         "step; or give the scenario `autoplay: true`, whose random agents play on to the game's end)"]]


def test_one_written_after_the_step_that_ended_the_round_is_told_to_go_before_it(tmp_path):
    """The trial's mistake the other way round: written after the last step, it waits for the next round's end."""
    failures, path = _run(tmp_path, BID % (0, 1) + BID % (1, 3) + END % "kept == 30")
    [[where, said]] = failures
    assert where == _loc(path, "{at: round_end")
    assert said.startswith("T039 round 2 had not ended when the scenario stopped"), said
    assert said.endswith("(the last step, taken in round 1, ended that round: to check round 1's end, write this step "
                         "`expect:` before the last step)"), said


@pytest.mark.parametrize("bids, why", [
    (4, "the game waits at decision 5 outside any round (round_number 2)"),
    (5, "the game is over here"),
])
def test_one_where_no_round_is_in_progress_is_said(tmp_path, bids, why):
    """After both rounds (the last bid is outside any round) or after the game's end there is no round to end."""
    steps = "".join(BID % (seat, 1) for seat in [0, 1, 0, 1, 0][:bids])
    failures, path = _run(tmp_path, steps + END % "true", expect='["true"]')
    assert failures == [[_loc(path, "{at: round_end"), f"T039 no round is in progress at this point of the steps to "
                         f"check its end: {why} (write this step `expect:` among the steps taken in the round whose "
                         "end it checks: it is read when that round ends)"]]


def test_the_last_steps_t012_points_to_it(tmp_path):
    """The trial's case: after the round's last step the game ran on into the next round, whose start reset the value;
    the hint now says how to read it at the round's end."""
    failures, _ = _run(tmp_path, BID % (0, 1) + BID % (1, 3), expect='["kept == 30"]')
    [[_, said]] = failures
    assert said.endswith("whose start set kept, which this reads; expect what lasts past the round, or read it at "
                         "round 1's end: a step - {at: round_end, expect: [...]} written before the last step)"), said
    # written so, it passes
    failures, _ = _run(tmp_path, BID % (0, 1) + END % "kept == 30" + BID % (1, 3))
    assert failures == []


def _refused(tmp_path, steps: str, rules: str = ROUNDS) -> tuple:
    (tmp_path / "ruleset.yaml").write_text(rules, encoding="utf-8")
    path = tmp_path / "scenarios.yaml"
    path.write_text("scenarios:\n  - name: s\n    players: 2\n    steps:\n" + steps, encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(tmp_path))
    return str(caught.value), path


def test_a_decision_item_at_a_round_end_is_refused(tmp_path):
    """No decision waits at a round's end: `pending` or `options` there is T039 at the item, found before running."""
    said, path = _refused(tmp_path, "      - {at: round_end, expect: [{pending: 0}]}\n" + BID % (0, 1))
    assert said == (f"{_loc(path, '{pending')}: T039 a `pending` item reads the decision the game waits at, and none "
                    "waits at a round's end (`at: round_end`) (check it in a step `expect:` without `at`, at the "
                    "decision where it holds)")


def test_a_flow_without_rounds_is_refused(tmp_path):
    """Without a `round:` statement no round ever ends: said by validate, not left unread."""
    rules = ROUNDS.replace("      - round:\n", "      - do:\n")
    said, path = _refused(tmp_path, END % "true" + BID % (0, 1), rules)
    assert said.startswith(f"{_loc(path, '{at: round_end')}: T039 `at: round_end` is checked when a round ends, and "
                           "the flow has no `round:` statement"), said


def test_another_word_is_refused_by_the_schema(tmp_path):
    said, path = _refused(tmp_path, '      - {at: round-end, expect: ["true"]}\n' + BID % (0, 1))
    assert said.startswith(f"{_loc(path, 'round-end')}: V001"), said
