"""A scenarios file's `defaults: {given: ...}`: the position every scenario of the file starts from (a Pandemic trial's
16 of 19 scenarios repeated the same role cards, and YAML's `<<` merge keys are refused)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl.errors import PhiltreError
from philtre.dsl.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "examples" / "tutorial"

DEFAULTS = """\
defaults:
  given:
    zones:
      hand[0]: [{suit: red, rank: 8}, {suit: red, rank: 2}, {suit: red, rank: 3}]
      hand[1]: [{suit: blue, rank: 5}, {suit: blue, rank: 2}, {suit: blue, rank: 1}]
    variables: {spent: [4, 6]}
    score: [1, 0]
scenarios:
"""

APPLIED = """\
  - name: the defaults alone
    players: 2
    steps:
      - {player: 0, action: play, args: {card: {rank: 8}}}
      - {player: 1, action: play, args: {card: {rank: 5}}}
    expect:
      - score == [2, 0]
      - spent == [12, 11]
"""

OVERRIDDEN = """\
  - name: one hand and the score of its own
    players: 2
    given:
      zones:
        hand[1]: [{suit: blue, rank: 7}, {suit: blue, rank: 6}, {suit: blue, rank: 4}]
      score: [0, 3]
    steps:
      - {player: 0, action: play, args: {card: {rank: 8}}}
      - {player: 1, action: play, args: {card: {rank: 7}}}
    expect:
      - score == [1, 3]
      - spent == [12, 13]
      - count(hand[0]) == 2 and count(hand[1]) == 2
"""


def folder_with(tmp_path, scenarios: str) -> Path:
    """A folder with the tutorial's ruleset and the scenarios given."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text((TUTORIAL / "ruleset.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    return folder


def philtre(*args, cwd) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS``; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    return result


def errors_of(folder: Path) -> list:
    """The findings loading the ruleset in ``folder`` (with its scenarios) raises, as printed."""
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(folder / "ruleset.yaml"))
    return [str(d) for d in caught.value.diagnostics]


def test_the_defaults_are_applied_and_a_scenario_replaces_them_entry_by_entry(tmp_path):
    """A scenario without `given` starts from the defaults; one giving hand[1] and score keeps the defaults' hand[0]
    and variables, and its own hand[1] and score (given per key, the merge said in docs/language.md)."""
    folder = folder_with(tmp_path, DEFAULTS + APPLIED + OVERRIDDEN)
    result = philtre("test", "g", cwd=tmp_path)
    assert result.returncode == 0 and "2 passed, 0 failed" in result.stdout, result.stdout + result.stderr
    alone, own = load_ruleset(str(folder / "ruleset.yaml")).scenarios
    assert [z.text for z, _, _ in alone.zones] == ["hand[0]", "hand[1]"] and alone.score == (1, 0)
    assert [z.text for z, _, _ in own.zones] == ["hand[0]", "hand[1]"] and own.score == (0, 3)
    assert [where.line for _, _, where in own.zones] == [4, 21]  # the default's line, the scenario's own
    assert dict(own.variables) == {"spent": [4, 6]}


def test_a_file_without_defaults_is_read_as_before(tmp_path):
    """No defaults: each scenario is the mapping written, its `given` its own."""
    folder = folder_with(tmp_path, "scenarios:\n" + OVERRIDDEN.replace("count(hand[0]) == 2 and ", ""))
    [sc] = load_ruleset(str(folder / "ruleset.yaml")).scenarios
    assert sc.defaults is None and [z.text for z, _, _ in sc.zones] == ["hand[1]"] and sc.variables == ()


def test_an_error_in_the_defaults_is_said_once_at_its_own_line(tmp_path):
    """An unknown zone in the defaults is one E150 at the defaults' line, not one per scenario; validate says so too."""
    folder = folder_with(tmp_path, DEFAULTS.replace("hand[1]: [{suit: blue", "hnd[1]: [{suit: blue") + APPLIED + OVERRIDDEN)
    [said] = errors_of(folder)
    assert said.startswith(f"{folder / 'scenarios.yaml'}:5:7: E150 unknown name 'hnd' (did you mean 'hand'?)"), said
    shown = philtre("validate", "g", cwd=tmp_path)
    assert shown.returncode == 1 and shown.stdout.count("E150") == 1, shown.stdout
    assert "g/scenarios.yaml:5:7: E150 unknown name 'hnd'" in shown.stdout, shown.stdout


@pytest.mark.parametrize("defaults, where, text", [
    ("defaults:\n  given:\n    zones:\n      hand[0]: {suit: red}\n", "4:16", "V001 expected a list, got a mapping"),
    ("defaults:\n  givn: {}\n", "2:3", "V001 unknown key ('givn' was unexpected): `defaults` gives `given` only (did you mean 'given'?)"),
    ("defaults: [1]\n", "1:11", "V001 `defaults` is a mapping: defaults: {given: {...}}"),
])
def test_a_defaults_of_the_wrong_shape_is_said_once_where_it_is_written(tmp_path, defaults, where, text):
    """The schema's finding in the defaults, or one about `defaults` itself, once, at its place in the file."""
    folder = folder_with(tmp_path, defaults + "scenarios:\n" + APPLIED + OVERRIDDEN)
    [said] = errors_of(folder)
    assert said.startswith(f"{folder / 'scenarios.yaml'}:{where}: {text}"), said


def test_an_error_a_default_makes_in_some_scenarios_names_them(tmp_path):
    """Three scores given for scenarios of two seats: T016 at the defaults' `score`, naming them, once; and two values of
    `spent` for one of three seats: T004 at the defaults' `variables`, naming it."""
    three = APPLIED.replace("the defaults alone", "three seats").replace("players: 2", "players: 3")
    folder = folder_with(tmp_path, DEFAULTS.replace("score: [1, 0]", "score: [1, 0, 0]") + three + APPLIED
                         + APPLIED.replace("the defaults alone", "again"))
    said = errors_of(folder)
    assert said == [f"{folder / 'scenarios.yaml'}:6:17: T004 'spent' has one value per seat: give a list of 3 values, not [4, 6] "
                    "(in scenario 'three seats', from `defaults`) (e.g. spent: [0, 0, 0]; or, where the defaults do not fit that "
                    "scenario, write `defaults: false` in it to leave them out)",
                    f"{folder / 'scenarios.yaml'}:7:12: T016 score gives 3 values for the 2 seats of this scenario (in scenarios "
                    "'the defaults alone' and 'again', from `defaults`) (one value per seat, seat 0 first: 2 at most (seats "
                    "left out get 0); or, where the defaults do not fit that scenario, write `defaults: false` in each to leave them "
                    "out)"], said


def test_a_finding_in_every_scenario_taking_the_entry_names_none(tmp_path):
    """A scenario that replaces `score` does not take the defaults' one: the T016 of all the others names none."""
    folder = folder_with(tmp_path, DEFAULTS.replace("score: [1, 0]", "score: [1, 0, 0]") + APPLIED + OVERRIDDEN)
    [said] = errors_of(folder)
    assert said.startswith(f"{folder / 'scenarios.yaml'}:7:12: T016 score gives 3 values for the 2 seats of this scenario ("
                           "one value"), said


def test_the_scenario_file_schema_takes_defaults():
    """Editors check scenarios.yaml against scenario-file.schema.json: `defaults` is known there."""
    jsonschema = pytest.importorskip("jsonschema")
    from philtre.dsl.schema import _validator

    good = {"defaults": {"given": {"zones": {"hand[0]": [{"rank": 8}]}}}, "scenarios": []}
    assert not list(_validator("scenario-file").iter_errors(good))
    bad = {"defaults": {"given": {"zones": {"hand[0]": {"rank": 8}}}, "steps": []}, "scenarios": []}
    assert len(list(_validator("scenario-file").iter_errors(bad))) == 2
    assert jsonschema and json.loads((ROOT / "schemas" / "scenario-file.schema.json").read_text())["properties"]["defaults"]


def test_a_note_on_a_default_is_said_once(tmp_path):
    """validate's T021 (a pattern without type that two types match) at a default's pattern: one note, not one a
    scenario."""
    from test_given import ROW

    from philtre.dsl.validate import check_file

    (tmp_path / "ruleset.yaml").write_text(ROW, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("defaults:\n  given:\n    zones:\n      nobles: [{i: 0}]\nscenarios:\n"
                                             "  - {name: a, players: 2, expect: [\"true\"]}\n"
                                             "  - {name: b, players: 2, expect: [\"true\"]}\n", encoding="utf-8")
    report = check_file(str(tmp_path))
    assert [(f.diagnostic.code, f.diagnostic.loc.line, f.diagnostic.loc.col) for f in report.findings] == [("T021", 4, 16)], \
        [str(f.diagnostic) for f in report.findings]


def test_a_scenario_giving_null_where_defaults_give_a_value_is_told_a_default_cannot_be_taken_out(tmp_path):
    """A bug bash: `score: null` in a scenario, meant to take out the defaults' score, was a bare V001 'got nothing';
    the hint says a default stays, and what to do. A null where no default is given keeps the plain V001."""
    nulled = APPLIED.replace("    players: 2\n", "    players: 2\n    given:\n      score: null\n", 1)
    [said] = errors_of(folder_with(tmp_path, DEFAULTS + nulled))
    assert said.endswith("(a scenario cannot take out what defaults give: give score a value of its own, or leave score "
                         "out of defaults and give it in the scenarios that need it, or write `defaults: false` in the scenario to take "
                         "none of them)"), said
    (tmp_path / "x").mkdir()
    [plain] = errors_of(folder_with(tmp_path / "x", "scenarios:\n" + nulled))
    assert "defaults" not in plain, plain


def test_a_scenario_with_defaults_false_takes_none_of_them(tmp_path):
    """Incan Gold and Uno trials: a real deal beside defaulted scenarios, or a 3-seat scenario beside defaults giving a
    2-seat list, could not leave the defaults out (T004 at the defaults); `defaults: false` in the scenario does."""
    three = APPLIED.replace("the defaults alone", "three seats").replace("players: 2", "players: 3")
    plain = ("  - name: a real deal\n    players: 3\n    defaults: false\n    steps:\n"
             "      - {player: 0, action: play}\n    expect: [\"spent == [0, 0, 0]\", \"count(deck) == 7\"]\n")
    folder = folder_with(tmp_path, DEFAULTS + APPLIED + plain)
    alone, own = load_ruleset(str(folder / "ruleset.yaml")).scenarios
    assert [z.text for z, _, _ in alone.zones] == ["hand[0]", "hand[1]"] and own.zones == () and own.score is None
    result = philtre("test", "g", cwd=tmp_path)
    assert result.returncode == 0 and "2 passed, 0 failed" in result.stdout, result.stdout + result.stderr
    (tmp_path / "x").mkdir()  # without it, the defaults' 2-seat `spent` does not fit 3 seats
    assert "T004" in "".join(errors_of(folder_with(tmp_path / "x", DEFAULTS + three)))


def test_a_failure_reading_a_zone_the_defaults_gave_says_it_came_from_them(tmp_path):
    """Go Fish trial: `given: {zones: {}}`, meant as the real deal, kept the defaults' hand (zones merge by key), and
    the failing count said nothing of where the hand came from. A failing expectation reading a zone the scenario took
    from the defaults now says so, and how to leave them out; one reading no such zone does not. A T018 note at a
    default's pattern (4 seats: the red cards were dealt to other hands) says the pattern is the defaults'."""
    scenarios = ("defaults:\n  given:\n    zones:\n      hand[0]: [{suit: red, copies: 8}]\nscenarios:\n" + "".join(
        f"  - name: {name}\n    players: 4\n    given: {{zones: {{}}}}\n    expect: [\"{expect}\"]\n"
        for name, expect in (("hand", "count(hand[0]) == 3"), ("deck", "count(deck) == 99"))))
    folder_with(tmp_path, scenarios)
    result = philtre("test", "g", cwd=tmp_path)
    hand, deck = [line for line in result.stdout.splitlines() if "T012" in line]
    assert hand.endswith("(hand[0] came from the file's defaults (line 4); `defaults: false` starts from the deal)"), hand
    assert "defaults" not in deck, deck
    note = next(line for line in result.stdout.splitlines() if "T018" in line)
    assert ":4:" in note and "T018 hand[0]'s {suit: red, copies: 8} of the file's `defaults` (scenarios.yaml:4:" in note, note
    assert note.endswith(", or write `defaults: false` in it to leave them out"), note


def test_a_pattern_run_out_names_the_default_that_took_its_component_at_validate_and_when_run(tmp_path):
    """Ticket to Ride trial: a scenario listing again the one ticket the defaults placed got T003 "all taken by the other
    patterns given", though the scenario shows none: the pattern that took it, its line and that it is the defaults'
    are named, and validate finds it, the count known before any game."""
    from philtre.dsl.validate import check_file

    scenarios = DEFAULTS + ("  - name: again\n    players: 2\n    given:\n      rest: discard\n      zones:\n"
                            "        deck: [{suit: red, rank: 8}]\n    expect: [\"true\"]\n")
    folder = folder_with(tmp_path, scenarios)
    said = ("T003 no component left matching {suit: red, rank: 8} (the game has 1 such component, all taken by the other "
            "patterns given: hand[0]'s {suit: red, rank: 8} at line 4, of the file's `defaults`; give hand[0] in the "
            "scenario's own `given` (its list replaces the defaults' one), or write `defaults: false` in it to leave them out)")
    found = [str(f.diagnostic) for f in check_file(str(folder)).findings if f.diagnostic.code == "T003"]
    assert len(found) == 1 and found[0].endswith(f"scenarios.yaml:14:16: {said}"), found
    result = philtre("test", "g", cwd=tmp_path)
    assert said in result.stdout, result.stdout + result.stderr
