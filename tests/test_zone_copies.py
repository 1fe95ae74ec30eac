"""A zone family's `copies` written as an expression of the player count (`row: {copies: player_count + 1}`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

ROWS = Path(__file__).parent / "data" / "zone_copies.yaml"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_family_has_as_many_zones_as_the_expression_gives(players):
    game = Game(load_ruleset(str(ROWS)), players, seed=1)
    assert len(game.state.zones["row"]) == players + 1
    assert len(game.view(0)["zones"]["row"]) == players + 1
    assert len(game.options(0)) == players + 1  # one card in each row: every row can be taken


def test_a_game_plays_out_and_its_scenario_passes():
    rs = load_ruleset(str(ROWS))
    game = Game(rs, 4, seed=2)
    while not game.finished:
        game.apply(0 if game.pending() == [0] else game.pending()[0], game.options(game.pending()[0])[0])
    assert game.decisions == 5 and sum(game.scores) > 0
    assert all(result.passed for result in run_scenarios(rs))


def errors_for(tmp_path, copies: str) -> list[str]:
    """What validating the file says once the row's copies read ``copies``."""
    path = tmp_path / "rows.yaml"
    path.write_text(ROWS.read_text(encoding="utf-8").replace("copies: player_count + 1", f"copies: {copies}"), encoding="utf-8")
    return [str(finding.diagnostic) for finding in check_file(str(path)).errors]


def test_a_count_that_is_not_one_to_a_thousand_is_named_with_the_player_count(tmp_path):
    said = errors_for(tmp_path, "player_count - 3")
    assert any(s.endswith("rows.yaml:9:17: R002 'copies' of zone 'row' must be a whole number 1..1000, got -1 (with 2 players)")
               for s in said), said


def test_the_expression_cannot_read_the_game(tmp_path):
    said = errors_for(tmp_path, "count(deck)")
    assert any(":9:17: R002 'copies' of zone 'row' is computed before the game starts: it can use only player_count, not a zone" in s for s in said), said


def test_a_word_is_refused_before_any_game(tmp_path):
    said = errors_for(tmp_path, "'\"x\"'")
    assert any(":9:18: E120 copies must be a whole number, but this is a word" in s for s in said), said


def test_copies_may_name_a_definition_for_zones_and_components(tmp_path):
    """A board's width defined once: the zone family and the rules read the same definition."""
    text = ROWS.read_text(encoding="utf-8").replace("copies: player_count + 1", "copies: width").replace("copies: 2, start", "copies: per_value, start")
    text = text.replace("actions:", "define:\n  width: player_count + 2\n  per_value: 3\nactions:", 1)
    path = tmp_path / "rows.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=1)
    assert len(game.state.zones["row"]) == 5
    assert len(game.state.components) == 18 and not check_file(str(path)).errors
