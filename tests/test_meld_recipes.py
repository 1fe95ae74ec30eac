"""language.md's recipes "Choosing a meld to lay" and "Tentative moves undone unless a condition holds at the end of
the turn" (a trial laid melds from a big hand and undid a first meld short of its minimum), as written there: each
ruleset validates, a hand of 15 is offered few options, and the take-back works and needs its flag."""

from __future__ import annotations

from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

LANGUAGE = Path(__file__).resolve().parents[1] / "docs" / "language.md"


def _blocks() -> list[str]:
    """The YAML blocks of the two recipes: the meld ruleset, the first-melds ruleset, its scenario."""
    text = LANGUAGE.read_text(encoding="utf-8")
    recipes = text.split("#### Choosing a meld to lay", 1)[1].split("\n### ", 1)[0].split("\n#### Legality that looks ahead", 1)[0]
    return [block.split("\n```", 1)[0] + "\n" for block in recipes.split("```yaml\n")[1:]]


def _folder(tmp_path, ruleset: str, scenarios: str = "") -> Path:
    (tmp_path / "ruleset.yaml").write_text(ruleset, encoding="utf-8")
    if scenarios:
        (tmp_path / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("which", [0, 1])
def test_each_recipe_ruleset_validates_with_no_findings(tmp_path, which):
    folder = _folder(tmp_path, _blocks()[which])
    findings = check_file(str(folder / "ruleset.yaml")).findings
    assert not findings, [str(f.diagnostic) for f in findings]


def test_a_hand_of_15_is_offered_few_options(tmp_path):
    """Where subsets(hand[me], k) for k = 3..7 would offer 16,263 sets, the meld by rank and counts offers a few a rank."""
    ruleset = load_ruleset(str(_folder(tmp_path, _blocks()[0])))
    lays = []
    for seed in range(20):
        game = Game(ruleset, 2, seed=seed)
        assert len(game.state.zone(("hand", 0))) == 15
        options = game.options(0)
        lays.append(sum(option.action == "lay" for option in options))
        assert len(options) <= 15 + 30, [option.label() for option in options]  # 15 discards, the lays
    assert max(lays) > 0, lays  # (some hand lays a meld)


def test_the_first_meld_short_of_the_minimum_is_taken_back(tmp_path):
    _, ruleset, scenarios = _blocks()
    [result] = run_scenarios(load_ruleset(str(_folder(tmp_path, ruleset, scenarios))))
    assert not result.failures, result.failures


def test_without_the_flag_a_seat_lays_and_takes_back_again(tmp_path):
    """The pitfall the recipe names: the flag is what stops laying the same meld again after taking it back."""
    _, ruleset, scenarios = _blocks()
    again = scenarios.replace("      - {player: 0, action: discard", "      - {player: 0, action: lay, args: {r: 3, n: 3, w: 0}}\n"
                              "      - {player: 0, action: take_back}\n      - {player: 0, action: discard")
    [result] = run_scenarios(load_ruleset(str(_folder(tmp_path, ruleset, again))))
    assert any("T013 lay" in failure for failure in result.failures), result.failures
    assert 'if: "n + w >= 3 and not took_back"' in ruleset
    unflagged = ruleset.replace('if: "n + w >= 3 and not took_back"', 'if: "n + w >= 3"')
    [result] = run_scenarios(load_ruleset(str(_folder(tmp_path, unflagged, again))))
    assert not result.failures, result.failures
