"""A scenario's given pattern for a component the game does not make at the scenario's player count (Arboretum trial).

`copies: "1 if species != 'willow' or player_count == 3 else 0"` makes no willow with 2 players; a 2-player scenario
giving one was told `T003 no component left matching {...}`, as if earlier patterns had taken it. Validate says so
now, and the run says none is made, naming the type's copies and the player counts that make it.
"""

from __future__ import annotations

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter.scenarios import run_scenarios

RULESET = """\
philtre: 1
game: copies-by-count
players: 2..3
components:
  card:
    attributes: {species: [oak, maple, willow], value: 1..3}
    copies: "1 if species != 'willow' or player_count == 3 else 0"
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  take:
    do:
      - move: last(deck) -> hand[me]
flow:
  - turns: 0
    until: count(deck) == 0
    do:
      - decide: take
"""

SCENARIO = """\
scenarios:
  - name: a willow with {players} players
    players: {players}
    given:
      zones:
        hand[0]: [{pattern}]
    expect:
      - count(hand[0]) == 1
"""

NOT_MADE = ("T003 no component matches {species: willow, value: 1} with 2 players (card's copies is 0 for it with "
            "2 players)")


def folder(tmp_path, players: int = 2, pattern: str = "{species: willow, value: 1}"):
    """The ruleset and one scenario giving ``pattern`` to hand[0] with ``players`` players."""
    (tmp_path / "ruleset.yaml").write_text(RULESET, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(SCENARIO.format(players=players, pattern=pattern), encoding="utf-8")
    return tmp_path


def test_validate_says_the_component_is_not_made_at_the_scenarios_player_count(tmp_path):
    [found] = check_file(str(folder(tmp_path) / "ruleset.yaml")).findings
    d = found.diagnostic
    assert f"{d.code} {d.message}" == NOT_MADE, str(d)
    assert (d.loc.line, d.loc.col) == (6, 19), str(d)
    assert "the game makes it with 3 players; give the scenario players: 3" in d.hint, d.hint


def test_validate_is_silent_where_the_component_is_made(tmp_path):
    assert check_file(str(folder(tmp_path, players=3) / "ruleset.yaml")).findings == []
    assert check_file(str(folder(tmp_path, pattern="{species: oak, value: 1..3}") / "ruleset.yaml")).findings == []


def test_the_run_says_none_is_made_not_none_left(tmp_path):
    [result] = run_scenarios(load_ruleset(str(folder(tmp_path))))
    [failure] = result.failures
    assert NOT_MADE in failure and "no component left" not in failure, failure
    assert "none is made then, so no earlier pattern took it" in failure, failure


def test_a_pattern_that_runs_out_still_says_none_left(tmp_path):
    """Two oaks of value 1 asked for where one is made: the earlier pattern took it."""
    [result] = run_scenarios(load_ruleset(str(folder(tmp_path, players=3, pattern="{species: oak, value: 1, copies: 2}"))))
    [failure] = result.failures
    assert "T003 no component left matching {species: oak, value: 1}" in failure, failure


DERIVED = """\
philtre: 1
game: derived-given
players: 2
components:
  card:
    attributes: {rank: 11..13}
    derive: {face: "['J', 'Q', 'K'][rank - 11]"}
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  go: {choose: {card: "hand[me]"}, do: [{move: "card -> deck"}]}
flow:
  - deal: {from: deck, to: hand, count: 1}
  - decide: go
    player: 0
"""

DERIVED_SCENARIO = "scenarios:\n  - name: a king in hand\n    players: 2\n    given: {zones: {\"hand[0]\": [{face: FACE}]}}\n    expect: [\"true\"]\n"


def test_a_derived_value_no_component_has_is_t009_with_its_values(tmp_path):
    """Crazy Eights trial: a given `{face: k}` (a derived attribute, for 'K') validated clean, and the run said `T003 no
    component left matching {face: k}`, as if the king had been taken, with no values and no "did you mean". The
    components are made before the game, derived attributes included: validate says T009 at the value, with the values
    derived, and the run says the same."""
    (tmp_path / "ruleset.yaml").write_text(DERIVED, encoding="utf-8")
    scenarios = tmp_path / "scenarios.yaml"
    scenarios.write_text(DERIVED_SCENARIO.replace("FACE", "k"), encoding="utf-8")
    said = "T009 no component has face 'k' (its values, derived: J, Q, K) (did you mean 'K'?)"
    found = [str(f.diagnostic) for f in check_file(str(tmp_path)).findings]
    assert found == [f"{scenarios}:4:40: {said}"], found
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert [line.split(": ", 1)[1] for line in result.failures] == [said], result.failures
    scenarios.write_text(DERIVED_SCENARIO.replace("FACE", "K"), encoding="utf-8")
    assert [str(f.diagnostic) for f in check_file(str(tmp_path)).findings] == []
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.passed, result.failures
