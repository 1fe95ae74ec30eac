"""`philtre test`, run as a user runs it: each result as its scenario ends, one JSON shape, every scenario accounted for."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "examples" / "tutorial"


def philtre(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS``; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    return result


def game(tmp_path, scenarios: str, name: str = "g") -> Path:
    """A folder with the tutorial's ruleset and the scenarios given."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "ruleset.yaml").write_text((TUTORIAL / "ruleset.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    return folder


ENDLESS = """\
philtre: 1
game: endless
title: Endless
players: 2
components:
  card:
    attributes: {rank: [1, 2]}
    start: deck
zones:
  deck: {visible: everyone}
actions:
  pass:
    do: []
flow:
  - until: false
    do:
      - name: go
        decide: pass
        player: 0
winners: {highest: ["score[p]"]}
"""


# -- DT4: each result as its scenario ends ----------------------------------------------------------------------------

def test_each_result_is_printed_as_its_scenario_ends_and_ctrl_c_keeps_them(tmp_path):
    """A quick scenario, then twenty that play on to the step limit: its line is there before they run, and a Ctrl-C
    while they run keeps it, with the summary of what ran (nothing was printed before every scenario had run)."""
    folder = tmp_path / "endless"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(ENDLESS, encoding="utf-8")
    endless = "".join(f"  - {{name: forever{i}, players: 2, seed: {i}, autoplay: true, expect: [true]}}\n" for i in range(20))
    (folder / "scenarios.yaml").write_text("scenarios:\n  - {name: quick, players: 2, expect: [true]}\n" + endless, encoding="utf-8")
    run = subprocess.Popen([sys.executable, "-m", "philtre", "test", str(folder)], cwd=ROOT, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first = run.stdout.readline()
        run.send_signal(signal.SIGINT)
        rest, err = run.communicate(timeout=300)
    finally:
        run.kill()
    assert first.endswith(": quick ... ok\n"), first + rest + err
    assert run.returncode == 130, (first, rest, err)
    assert "interrupted" in err and "Traceback" not in err, err
    assert "passed, " in rest and "(interrupted)" in rest.splitlines()[-1], rest


# -- DT5: a file that cannot be used is found before anything runs, and --json says it in its one shape -----------------

def test_json_of_a_scenarios_file_that_cannot_be_read_is_json_with_the_error(tmp_path):
    folder = game(tmp_path, "scenarios:\n  - name: x\n    players: 2\n    expect: [count(deck) == 4\n")
    result = philtre("test", folder, "--json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert (report["passed"], report["failed"], report["skipped"], report["scenarios"]) == (0, 0, 0, [])
    [error] = report["errors"]
    # (at the unclosed [ on line 4, not at the file's end, where YAML gave up looking for its ])
    assert error["code"] == "Y001" and error["path"].endswith("scenarios.yaml") and error["line"] == 4, error
    assert error["message"] == "this '[' is never closed: a ']' is missing", error
    assert {"variant", "path", "line", "column", "code", "message", "hint"} == set(error)


def test_a_broken_variant_is_said_before_the_base_scenarios_run_and_under_their_summary(tmp_path):
    """The variant's E150 is found before anything runs, said with the tag `validate` gives it; the base's scenarios
    run all the same, and a line under the summary says which did not (a Dixit trial's `-k` picked a base scenario,
    and a variant it did not pick stopped the run with no summary, saying nothing of what had not run)."""
    folder = game(tmp_path, (TUTORIAL / "scenarios.yaml").read_text(encoding="utf-8"))
    (folder / "variants").mkdir()
    (folder / "variants" / "broken.yaml").write_text("extends: ../ruleset.yaml\ndefine:\n  foo: hnad\n", encoding="utf-8")
    result = philtre("test", folder)
    assert result.returncode == 1
    assert "broken.yaml:3:8: E150 unknown name 'hnad'" in result.stderr, result.stderr
    assert result.stderr.splitlines()[0].endswith("[with --variant broken]"), result.stderr
    lines = result.stdout.splitlines()
    assert lines[-2:] == ["2 passed, 0 failed", "not run: variant broken's scenarios (their files do not load: 1 error above)"]
    result = philtre("test", folder, "-k", "dealt three")
    assert result.returncode == 1 and result.stdout.splitlines()[-2].startswith("1 passed, 0 failed"), result.stdout
    assert " ... ok" in result.stdout and "not run: variant broken's" in result.stdout
    result = philtre("test", folder, "--json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["passed"] == 2 and [row["variant"] for row in report["scenarios"]] == [None, None]
    [error] = report["errors"]
    assert (error["variant"], error["code"], error["line"], error["column"]) == ("broken", "E150", 3, 8), error


def test_a_broken_base_runs_nothing(tmp_path):
    """An error of the base is every combination's: nothing runs, exit 1, and the line under where the summary would be
    says what did not run, naming the one file at fault (a trial's scenarios.yaml with a YAML error ended with no line)."""
    folder = game(tmp_path, "scenarios:\n  - name: x\n    players: 2\n    expect: [hnad]\n")
    result = philtre("test", folder)
    assert result.returncode == 1 and result.stdout == (f"not run: the scenarios ({folder / 'scenarios.yaml'} does not load: "
                                                        "1 error above)\n"), result.stdout
    assert "E150 unknown name 'hnad'" in result.stderr and "[with" not in result.stderr, result.stderr


def test_json_of_a_clean_run_has_no_errors():
    report = json.loads(philtre("test", "examples/tutorial", "--json").stdout)
    assert report["errors"] == [] and report["passed"] == 2


def test_json_of_a_ruleset_not_found_is_json_too():
    result = philtre("test", "no-such-game-here", "--json")
    assert result.returncode == 1
    [error] = json.loads(result.stdout)["errors"]
    assert error["code"].startswith("F"), error


# -- DT6: the scenarios of a variant another one given extends are said skipped ----------------------------------------

@pytest.mark.parametrize("order", [("advanced", "really-wild"), ("really-wild", "advanced")])
def test_scenarios_of_a_variant_another_extends_are_skipped_and_said(order):
    alone = philtre("test", "poisons", "--variant", "advanced")
    assert alone.returncode == 0, alone.stdout + alone.stderr
    advanced = [line.split(" ... ")[0].split("] ", 1)[1] for line in alone.stdout.splitlines() if " ... ok" in line]
    result = philtre("test", "poisons", "--variant", order[0], "--variant", order[1])
    assert result.returncode == 0, result.stdout + result.stderr
    skipped = [line for line in result.stdout.splitlines() if "skipped (" in line]
    assert len(skipped) == len(advanced) and all("advanced.yaml:" in line for line in skipped), result.stdout
    assert all(line.endswith("skipped (really-wild extends advanced and changes its rules)") for line in skipped), skipped
    assert [line.split(" ... ")[0].split("] ", 1)[1] for line in skipped] == advanced
    assert result.stdout.splitlines()[-1] == f"4 passed, 0 failed, {len(advanced)} skipped"


def test_k_picks_among_the_skipped_ones_too():
    result = philtre("test", "poisons", "--variant", "advanced", "--variant", "really-wild", "--json", "-k", "half poison")
    report = json.loads(result.stdout)
    assert report["skipped"] >= 1 and all("half poison" in s["name"] for s in report["scenarios"]), report
    assert {s["variant"] for s in report["scenarios"]} == {"advanced + really-wild"}


# -- DT7: a step that is no legal option, as the file writes it -------------------------------------------------------

def test_base_scenarios_run_on_a_variants_rules_say_what_it_changes(tmp_path):
    """A Skull trial wanted to run the base's scenarios against a house rule, to see which rules it changes: `test
    --variant` ran the overlay's own alone ("no scenarios to run"). --base-scenarios runs the base's too, on the
    variant's rules, labelled; one for a player count the variant does not take is skipped, and said."""
    folder = game(tmp_path, "scenarios:\n  - name: four are dealt three cards\n    players: 4\n    expect: [count(deck) == 4]\n"
                            "  - name: two leave ten in the deck\n    players: 2\n    expect: [count(deck) == 10]\n")
    (folder / "v.yaml").write_text("extends: ruleset.yaml\nplayers: 2..3\ncomponents:\n  card: {copies: 2}\nscenarios:\n"
                                   "  - name: two leave twenty-six\n    players: 2\n    expect: [count(deck) == 26]\n", encoding="utf-8")
    result = philtre("test", folder, "--variant", folder / "v.yaml", "--base-scenarios")
    lines = [line.split(": ", 1)[1] for line in result.stdout.splitlines() if " ... " in line]
    assert lines == ["[v] two leave twenty-six ... ok",
                     f"[v, base's] four are dealt three cards ... skipped (for 4 players; {folder / 'v.yaml'} is for 2 to 3)",
                     "[v, base's] two leave ten in the deck ... FAILED"], result.stdout
    assert "count(deck) = 26" in result.stdout and "1 passed, 1 failed, 1 skipped" in result.stdout, result.stdout
    assert result.returncode == 1
    alone = philtre("test", folder, "--variant", folder / "v.yaml")  # without it, the variant's own, as before
    assert "1 passed, 0 failed" in alone.stdout and "base's" not in alone.stdout, alone.stdout


# a game whose variant replaces the deck with one without its 'spy' (a trial's first edition of its game)
REMOVED = """\
philtre: 1
game: removal
players: 2
components:
  card:
    list:
      - {name: spy, rank: 0}
      - {name: guard, rank: 1, copies: 3}
      - {name: king, rank: 7}
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: everyone}
define:
  spied(p): any(c.name == 'spy' for c in hand[p])
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> deck
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: play
    player: 0
  - score: {player: 0, add: 1}
    when: spied(0)
winners: {highest: ["score[p]"]}
"""
NO_SPY = "extends: ../ruleset.yaml\ncomponents:\n  card:\n    list:\n      - {name: guard, rank: 1, copies: 3}\n      - {name: king, rank: 7}\n"
SPY_SCENARIOS = """\
scenarios:
  - name: a spy in hand is spied
    players: 2
    given: {zones: {"hand[0]": [{name: spy}]}}
    expect: ["spied(0)"]
  - name: a guard in hand is not
    players: 2
    given: {zones: {"hand[0]": [{name: guard}]}}
    expect: ["not spied(0)"]
"""


def removed_game(tmp_path) -> Path:
    """REMOVED with its scenarios and variants/no-spy.yaml."""
    folder = tmp_path / "g"
    (folder / "variants").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(REMOVED, encoding="utf-8")
    (folder / "scenarios.yaml").write_text(SPY_SCENARIOS, encoding="utf-8")
    (folder / "variants" / "no-spy.yaml").write_text(NO_SPY, encoding="utf-8")
    return folder


def test_base_scenarios_naming_a_value_the_variant_removed_are_skipped_and_the_others_run(tmp_path):
    """A trial's variant without the Spy: `--base-scenarios` printed T009 for every base scenario dealing one, then
    `not run: the base's scenarios on classic`, running none of those that never name it. They load one by one: the
    one dealing a spy is listed skipped, with the removal as its reason, and the other runs."""
    folder = removed_game(tmp_path)
    result = philtre("test", folder, "--variant", "no-spy", "--base-scenarios")
    lines = [line.split(": ", 1)[1] for line in result.stdout.splitlines() if " ... " in line]
    removal = f"{folder / 'variants' / 'no-spy.yaml'}:4:5"
    assert lines == [f"[no-spy, base's] a spy in hand is spied ... skipped (does not load here: 'spy' is a name the base "
                     f"gives and {removal} removes)", "[no-spy, base's] a guard in hand is not ... ok"], result.stdout
    assert "1 passed, 0 failed, 1 skipped" in result.stdout and "not run" not in result.stdout, result.stdout
    assert result.returncode == 0 and "T009" not in result.stderr, result.stderr
    alone = philtre("test", folder)  # the base's own run, which has the spy, runs both
    assert alone.returncode == 0 and "2 passed, 0 failed" in alone.stdout, alone.stdout


def test_a_scenario_giving_a_value_the_variant_removed_is_told_so(tmp_path):
    """Without --base-scenarios, the base's scenario giving the removed value under the variant is T009 still (it
    cannot run), its hint naming the removal, not "give one of its values"."""
    folder = removed_game(tmp_path)
    (folder / "variants" / "no-spy.yaml").write_text(NO_SPY + "scenarios:\n  - name: a spy\n    players: 2\n"
                                                     "    given: {zones: {deck: [{name: spy}]}}\n    expect: [\"true\"]\n",
                                                     encoding="utf-8")
    result = philtre("test", folder, "--variant", "no-spy")
    assert result.returncode == 1 and (f"T009 no component has name 'spy' (its values: guard, king) ('spy' is a name the base "
                                       f"gives and {folder / 'variants' / 'no-spy.yaml'}:4:5 removes)") in result.stderr, result.stderr


def test_simulate_does_not_warn_of_a_rule_the_variant_leaves_dead(tmp_path):
    """A trial's `compare --variant classic` opened with a warning per base rule naming a card the variant removed: L057
    is a note, and simulate and compare warn of warnings only."""
    folder = removed_game(tmp_path)
    result = philtre("simulate", folder, "--variant", "no-spy", "-n", "2", cwd=tmp_path)
    assert result.returncode == 0 and "L057" not in result.stderr and "warning" not in result.stderr, result.stderr


def test_a_scenarios_file_yaml_cannot_read_ends_with_what_did_not_run(tmp_path):
    """A trial's scenarios.yaml with a bracket left bare: `test` printed the Y001 and exited 1 with no summary line."""
    folder = game(tmp_path, "scenarios:\n  - name: x\n    players: 2\n    expect: [count(hand[0]) == 3]\n")
    result = philtre("test", folder)
    assert result.returncode == 1 and ": Y001 " in result.stderr, result.stderr
    assert result.stdout.splitlines()[-1] == f"not run: the scenarios ({folder / 'scenarios.yaml'} does not load: 1 error above)"


def test_base_scenarios_of_a_game_without_variants_is_a_usage_error(tmp_path):
    result = philtre("test", game(tmp_path, "scenarios:\n  - name: x\n    players: 2\n    expect: [true]\n"), "--base-scenarios")
    assert result.returncode == 2 and "give one with --variant FILE" in result.stderr, result.stderr


def test_a_step_that_is_not_legal_is_written_as_in_the_file(tmp_path):
    folder = game(tmp_path, """\
scenarios:
  - name: not legal
    players: 2
    given:
      zones:
        hand[0]: [{suit: red, rank: 8}, {suit: red, rank: 2}, {suit: red, rank: 3}]
    steps:
      - {player: 0, action: play, args: {card: {rank: 7}}}
    expect: [true]
""")
    result = philtre("test", folder)
    assert result.returncode == 1
    assert "scenarios.yaml:8:9: T013 play {card: {rank: 7}} is not a legal option; legal: " in result.stdout, result.stdout
    assert "{'rank'" not in result.stdout


# -- DT8: an empty --variant is a usage error -------------------------------------------------------------------------

@pytest.mark.parametrize("command", [("test", "poison"), ("diff", "poison"), ("show", "poison"), ("validate", "poison"),
                                     ("simulate", "poison", "-p", "3", "-n", "1", "--no-db"), ("play", "poison", "-p", "3")])
def test_an_empty_variant_is_a_usage_error(command):
    result = philtre(*command, "--variant", "")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "--variant" in result.stderr and "not an empty text" in result.stderr, result.stderr
    assert "O002" not in result.stderr


def test_a_note_is_printed_under_its_scenario_and_in_the_json(tmp_path):
    """T018 (a zone not given gave components to the given ones) is said without failing the scenario."""
    from test_given import DEALT

    folder = tmp_path / "dealt"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(DEALT, encoding="utf-8")
    (folder / "scenarios.yaml").write_text(
        "scenarios:\n  - name: three es\n    players: 3\n    given:\n      zones:\n"
        "        hand[0]: [{others: true}, {role: e}, {role: e}]\n    expect: [\"count(hand[2]) == 1\"]\n", encoding="utf-8")
    shown = philtre("test", folder, cwd=tmp_path)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "three es ... ok\n  note: dealt/scenarios.yaml:6:46: T018 hand[0]'s 2nd {role: e} (scenarios.yaml:6:46) took a card from hand[2]" in shown.stdout, shown.stdout
    [row] = json.loads(philtre("test", folder, "--json", cwd=tmp_path).stdout)["scenarios"]
    assert row["outcome"] == "ok" and [note.split(" T018 ")[0] for note in row["notes"]] == ["dealt/scenarios.yaml:6:46:"], row


# -- the shipped scenarios print no note ------------------------------------------------------------------------------

SHIPPED = sorted(p.parent.name for p in (ROOT / "rulesets").glob("*/ruleset.yaml"))  # `test GAME` runs its variants' too
EXAMPLES = sorted(f"examples/{p.parent.name}" for p in (ROOT / "examples").glob("*/scenarios.yaml"))


@pytest.mark.parametrize("target", SHIPPED + EXAMPLES)
def test_the_shipped_scenarios_pass_without_a_note(target):
    """A note (T018, T019) on a shipped game or example reads to a new user as something wrong: each gives every zone
    its components come from."""
    result = philtre("test", target)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "note:" not in result.stdout + result.stderr, result.stdout
