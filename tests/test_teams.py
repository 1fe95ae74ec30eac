"""Partnerships read by the rules: the name `teams`, team(p), team_index(p) and partners(p), from the top-level `teams`
key."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import BUILTINS, WORK, WORK_LIMIT, RuleRuntimeError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

SIDES = Path(__file__).parent / "data" / "side_tricks.yaml"
TEAMS_LINE = 'teams: "[[p for p in players if p % 2 == t] for t in range(2)]"'


def findings(tmp_path, text: str) -> list[str]:
    """What validating ``text`` as a ruleset file says: each finding as the CLI prints it, without the path."""
    path = tmp_path / "sides.yaml"
    path.write_text(text, encoding="utf-8")
    return [str(f.diagnostic).removeprefix(f"{path}:") for f in check_file(str(path)).errors]


def test_the_scenarios_read_the_teams_for_their_player_count():
    """Four seats make sides of two, six of three: `teams`, team(p), team_index(p), partners(p) and the scores they
    share."""
    results = run_scenarios(load_ruleset(str(SIDES)))
    assert len(results) == 2 and all(r.passed for r in results), [r for r in results if not r.passed]


@pytest.mark.parametrize("players", [4, 5, 6])
def test_partners_score_alike_in_every_game(players):
    """Each game's seats score their side's tricks (a definition summing over team(p)), which the list kept a side
    (`by_side[team_index(me)]`) counts too; the makers' side wins alone."""
    rs = load_ruleset(str(SIDES))
    for seed in range(5):
        game = Game(rs, players, seed=seed)
        game.play_out(random=random.Random(seed).random)
        sides = [[p for p in range(players) if p % 2 == t] for t in range(2)]
        assert all(len({game.scores[p] for p in side}) == 1 for side in sides)
        assert game.state.vars["by_side"] == [game.scores[side[0]] for side in sides]
        assert game.state.flow.winners in sides


def test_a_ruleset_without_teams_that_reads_them_is_told_to_declare_them(tmp_path):
    """`teams` is E150, team(), team_index() and partners() E141, each with a hint that writes the key."""
    text = SIDES.read_text(encoding="utf-8").replace(TEAMS_LINE + "\n", "")
    said = findings(tmp_path, text)
    assert "12:42: E141 team() reads the ruleset's teams, but it declares none" in said[0], said
    assert any(": E141 team_index() reads the ruleset's teams, but it declares none" in s for s in said), said
    assert any(": E150 'teams' reads the ruleset's teams, but it declares none" in s for s in said), said
    assert any(": E141 partners() reads the ruleset's teams, but it declares none" in s for s in said), said
    assert all('at the top level: teams: "[[0, 2], [1, 3]]"' in s for s in said), said


def test_the_teams_key_cannot_read_the_teams_it_makes(tmp_path):
    """Read in the key itself, E150 at validate; through a definition, R002 when the key is computed (no recursion)."""
    text = SIDES.read_text(encoding="utf-8")
    said = findings(tmp_path, text.replace("range(2)]", "range(count(teams))]"))
    assert len(said) == 1 and "E150 'teams' is read by 'teams' itself, which makes the teams" in said[0], said
    said = findings(tmp_path, text.replace("range(2)]", "range(sides)]").replace("define:\n", "define:\n  sides: count(team(0))\n"))
    assert said and all("R002 'teams' failed before the game started: 'teams' reads the teams it makes" in s for s in said), said


def test_teams_read_mid_game_leave_the_work_budget_as_it_stands():
    """The teams of a player count are computed when first read, keeping the budget of the expression reading them."""
    rs = load_ruleset(str(SIDES))
    kept = rs.namespace["_TEAMS"]
    kept.clear()
    WORK[0] = 17
    try:
        assert kept[4] == [[0, 2], [1, 3]] and WORK[0] == 17
        assert kept[5] == [[0, 2, 4], [1, 3]] and sorted(kept) == [4, 5]
    finally:
        WORK[0] = WORK_LIMIT


def test_team_of_no_seat_stops_the_game_naming_the_seats():
    team, index = BUILTINS["team"].impl, BUILTINS["team_index"].impl
    assert team([[0, 2], [1, 3]], 3) == [1, 3] and BUILTINS["partners"].impl([[0, 2], [1, 3]], 3) == [1]
    assert [index([[0, 2, 4], [1], [3, 5]], p) for p in range(6)] == [0, 1, 0, 2, 0, 2]
    for wrong in (4, True, 1.5, "a"):
        with pytest.raises(RuleRuntimeError, match=r"team\(\)'s seat must be a seat \(0\.\.3\)"):
            team([[0, 2], [1, 3]], wrong)
        with pytest.raises(RuleRuntimeError, match=r"team_index\(\)'s seat must be a seat \(0\.\.3\)"):
            index([[0, 2], [1, 3]], wrong)


def test_a_ruleset_without_teams_compiles_no_read_of_them():
    """The rulesets that do not declare teams keep their namespace (and their games' code) as before."""
    assert "_TEAMS" not in load_ruleset("poison").namespace


def test_a_definition_cannot_take_the_name_teams(tmp_path):
    """`teams` is a name of the language (E132), as `players` is."""
    text = SIDES.read_text(encoding="utf-8").replace("define:\n", "define:\n  teams: 1\n")
    said = findings(tmp_path, text)
    assert any("E132 'teams' is a name of the language" in s for s in said), said


@pytest.mark.parametrize("name, first", [("team(p)", "E123"), ("partners(p)", "L047")])
def test_a_definition_named_like_a_team_builtin_hides_it(tmp_path, name, first):
    """team() and partners() are no builtins the engine analyses by name: a definition hides them (L047), no E132; the
    ruleset's calls are then the definition's (team(p) a number, which its loops cannot go through: E123)."""
    path = tmp_path / "sides.yaml"
    path.write_text(SIDES.read_text(encoding="utf-8").replace("define:\n", f"define:\n  {name}: 1\n"), encoding="utf-8")
    said = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(path)).findings]
    assert said[0].startswith(first) and not any(s.startswith("E132") for s in said), said


def test_a_definition_may_not_be_named_team_index(tmp_path):
    """team_index is read by name by the lints (a team's zone indexed by team_index(me) is the seat's own side's), so a
    definition of that name would be read as the builtin: E132, as for count or first."""
    path = tmp_path / "sides.yaml"
    path.write_text(SIDES.read_text(encoding="utf-8").replace("define:\n", "define:\n  team_index(p): 1\n"), encoding="utf-8")
    said = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(path)).findings]
    assert said and said[0].startswith("E132"), said
