"""An `illegal: true` step naming a seat the scenario does not have passed whatever the rules say: T026 at validate."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.scenarios import run_scenarios

# seat 0 points at another seat (never itself): `at: 0` is refused by the rules, `at: 5` by no rule
POINT = """\
philtre: 1
game: point
players: 2..4
actions:
  point:
    choose: {at: "[p for p in players if p != me]"}
flow:
  - decide: point
    player: 0
"""


def _load(tmp_path, at: str):
    """The ruleset with one scenario whose illegal step points at ``at``, 2 players."""
    (tmp_path / "ruleset.yaml").write_text(POINT, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: s\n    players: 2\n    steps:\n"
        f"      - {{player: 0, action: point, args: {{at: {at}}}, illegal: true}}\n", encoding="utf-8")
    return load_ruleset(str(tmp_path))


@pytest.mark.parametrize("at", ["5", '"5"', "-1", "2"])
def test_an_illegal_step_at_a_seat_the_scenario_lacks_is_t026(tmp_path, at):
    """Love Letter trial: `target: 5` in a 2-player scenario printed "ok"."""
    with pytest.raises(PhiltreError) as caught:
        _load(tmp_path, at)
    said = str(caught.value)
    assert (f"T026 'at' is chosen among seats, and {at} is no seat of this 2-player scenario (seats 0..1): "
            "it matches no option, so `illegal: true` would pass whatever the rules say "
            "(give a seat the rules refuse here, one of 0..1)") in said, said


def test_a_seat_the_rules_refuse_is_an_illegal_step_as_meant(tmp_path):
    [result] = run_scenarios(_load(tmp_path, "0"))
    assert result.passed, result.failures
