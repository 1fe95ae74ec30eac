"""A scenario step naming, by its attributes, a component its choice does not offer now because it lies elsewhere:
T013 says where such components lie (a trial's step for a die its pool lacked, 18 alike in the supply, listed the
legal options and nothing else)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from philtre.interpreter.cli import main

DRAFT = Path(__file__).parent / "data" / "dice_draft.yaml"  # a trial's dice draft: `draft` chooses its die from pool

STEP = """\
scenarios:
  - name: a die the pool lacks
    players: 2
    given:
      at: pick
      variables: {pattern: [0, 0], first: 0}
      zones:
        pool: [{type: die, colour: green, pips: 2}]
    steps:
      - {player: 0, action: draft, args: {die: {colour: green, pips: %s}, at: {x: 2, y: 0}}}
    expect: ["count(window[0]) == 1"]
"""


def outcome(tmp_path, pips: int) -> str:
    """``philtre test`` of the dice draft with the one-step scenario drafting a green die of ``pips``: its output."""
    (tmp_path / "ruleset.yaml").write_text(DRAFT.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(STEP % pips, encoding="utf-8")
    return CliRunner().invoke(main, ["test", str(tmp_path)]).output


def test_a_step_naming_a_component_that_lies_elsewhere_says_where_those_lie(tmp_path):
    out = outcome(tmp_path, 3)
    assert "T013 draft {die: {colour: green, pips: 3}, at: {x: 2, y: 0}} is not a legal option; legal: 7 'draft'" in out, out
    assert ("(no die green pips=3 lies in pool (the collection `die` is chosen from); 18 lie in supply)" in out), out


def test_a_step_whose_component_the_choice_offers_is_not_told_where_others_lie(tmp_path):
    """The green 2 lies in the pool: its step is legal; no component elsewhere is the cause of a refusal."""
    out = outcome(tmp_path, 2)
    assert "1 passed, 0 failed" in out and "lies in pool" not in out, out
