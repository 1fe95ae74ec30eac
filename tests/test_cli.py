"""The `philtre` command line, run as a user runs it: in a subprocess.

The contract (DESIGN.md): findings are printed ``path:line:col: CODE message``; exit 0
when clean, 1 for findings or a failed run, 2 for bad usage or an internal error; bad
input never produces a Python traceback.
"""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "data" / "broken"
FINDING = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]\d{3}) (?P<message>\S.*)$")


def philtre(*args, cwd=ROOT, binary: bool = False, stdin: str | None = None, timeout: int = 300) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS``; never a traceback, whatever happens."""
    result = subprocess.run(
        [sys.executable, "-m", "philtre", *map(str, args)],
        cwd=cwd, capture_output=True, text=not binary, timeout=timeout, input=stdin,
    )
    out = result.stdout if not binary else result.stdout.decode("utf-8", "replace")
    err = result.stderr if not binary else result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in out and "Traceback" not in err, f"traceback from philtre {' '.join(map(str, args))}:\n{out}\n{err}"
    return result


def position(text: str, needle: str) -> tuple[int, int]:
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


# -- help and usage ---------------------------------------------------------------------------

def test_help():
    result = philtre("--help")
    assert result.returncode == 0
    assert "Usage" in result.stdout
    for command in ("validate", "test", "simulate", "replay"):
        assert command in result.stdout


def test_bad_flag_is_a_usage_error():
    result = philtre("simulate", "poison", "--players", "x")
    assert result.returncode == 2
    assert "--players" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("args", [
    ("simulate", "poison", "--players", "4", "--seed", "abc"),
    ("play", "poison", "--players", "x"),  # simulate's -p takes several counts: its message says how to write them
    ("compare", "poison", "--variant", "draw-pile", "--games", "many"),
    ("validate", "poison", "--smoke", "some"),
    ("replay", "record.jsonl", "--seat", "x"),
])
def test_a_word_where_a_number_goes_is_said_not_an_integer(args):
    """click's own wording, 'not a valid integer range', read as if a range were wanted."""
    result = philtre(*args)
    assert result.returncode == 2
    assert "is not a valid integer." in result.stderr
    assert "range" not in result.stderr.splitlines()[-1]


@pytest.mark.parametrize("command, counts", [("compare", "3..4"), ("play", "2,3")])
def test_several_player_counts_where_one_goes_say_simulate_takes_them(command, counts):
    """A Skull trial ran `compare -p 3..4`, as simulate takes it, and read only "'3..4' is not a valid integer"."""
    extra = ("--variant", "draw-pile") if command == "compare" else ()
    result = philtre(command, "poison", *extra, "-p", counts)
    assert result.returncode == 2
    said = f"'{counts}' is not a valid integer: {command} takes one player count; run it once per count (simulate takes several, -p {counts})"
    assert said in result.stderr, result.stderr


def test_help_imports_no_part_of_the_language():
    """What keeps `philtre --help` fast (issue 8: under 300 ms): listing the commands imports none of philtre.dsl (its
    compiler, lark, the schemas); a module-level import of views in cli_play once added 30 ms to every start."""
    code = ("import sys\nfrom philtre.interpreter.cli import main\nsys.argv = ['philtre', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('philtre.dsl')), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert "Commands:" in out.stdout and out.stderr.strip() == "[]", out.stderr


@pytest.mark.parametrize("args, said", [
    (("validate", "--smoke", "poison"), "--smoke takes a number, written right after it: --smoke 20 poison"),
    (("simulate", "-n", "examples/tutorial"), "--games takes a number, written right after it: --games 20 examples/tutorial"),
])
def test_a_number_left_out_before_the_ruleset_says_where_the_number_goes(args, said):
    """`validate --smoke mygame`: the option took the game for its number; click said only 'not a valid integer'."""
    result = philtre(*args)
    assert result.returncode == 2
    assert "is not a valid integer." in result.stderr and said in result.stderr, result.stderr


def test_unknown_command_is_a_usage_error():
    result = philtre("simulat", "poison")
    assert result.returncode == 2
    assert "No such command 'simulat'. Did you mean 'simulate'?" in result.stderr, result.stderr


@pytest.mark.parametrize("word, command", [("stats", "simulate"), ("lint", "validate"), ("Show", "show")])
def test_unknown_command_names_the_command_meant(word, command):
    result = philtre(word, "poison")
    assert result.returncode == 2
    assert f"Did you mean '{command}'?" in result.stderr, result.stderr


def test_unknown_command_far_from_any_says_no_more():
    result = philtre("frobnicate")
    assert result.returncode == 2
    assert "No such command 'frobnicate'." in result.stderr and "Did you mean" not in result.stderr, result.stderr


# -- validate ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["poison", "pok", "rulesets/poison/ruleset.yaml", "rulesets/pok"])
def test_validate_shipped_rulesets(ruleset):
    result = philtre("validate", ruleset)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def test_validate_of_a_game_checks_each_of_its_variants(tmp_path):
    """`validate mygame` said 'no findings' while `test mygame` and `variants mygame` failed on a broken
    mygame/variants/*.yaml: validate did not read the variants."""
    game = tmp_path / "mygame"
    (game / "variants").mkdir(parents=True)
    for name in ("ruleset.yaml", "scenarios.yaml"):
        (game / name).write_text((ROOT / "examples" / "tutorial" / name).read_text(encoding="utf-8"), encoding="utf-8")
    (game / "variants" / "short.yaml").write_text("extends: ../ruleset.yaml\ndescription: the same game, said otherwise\n",
                                                   encoding="utf-8")
    (game / "variants" / "typo.yaml").write_text("extends: ../ruleset.yaml\ndefine:\n  best: max(played(p).rnak for p in players)\n",
                                                  encoding="utf-8")
    result = philtre("validate", "mygame", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.startswith("mygame/variants/typo.yaml:3:23: E152 "), result.stdout
    said = result.stderr.splitlines()
    assert [line.split(":")[0] for line in said[:3]] == ["mygame", "mygame + short", "mygame + typo"], said
    assert said[-1] == "3 file(s) checked: 1 error", said
    shipped = philtre("validate", "poison")
    assert shipped.returncode == 0 and [line.split(":")[0] for line in shipped.stderr.splitlines()[:3]] == \
        ["poison", "poison + draw-pile", "poison + two-deals-each"], shipped.stderr
    file = philtre("validate", "rulesets/poison/ruleset.yaml")  # a file is checked as it is
    assert file.stderr.splitlines()[-1] == "1 file(s) checked: no findings", file.stderr


def test_validate_of_a_game_says_a_finding_of_its_base_once_not_once_per_variant(tmp_path):
    """A mistake in mygame/ruleset.yaml was printed (and counted) again for each variant checked with it:
    one misspelt attribute read as two errors with one variant, four with three."""
    game = tmp_path / "mygame"
    (game / "variants").mkdir(parents=True)
    text = (ROOT / "examples" / "tutorial" / "ruleset.yaml").read_text(encoding="utf-8")
    (game / "ruleset.yaml").write_text(text.replace("played(p).rank for p", "played(p).rnak for p"), encoding="utf-8")
    for name in ("a", "b"):
        (game / "variants" / f"{name}.yaml").write_text("extends: ../ruleset.yaml\ndescription: the same game\n", encoding="utf-8")
    for fmt, count in (("text", lambda out: len(out.splitlines())), ("json", lambda out: len(json.loads(out)))):
        result = philtre("validate", "mygame", "--format", fmt, cwd=tmp_path)
        assert result.returncode == 1 and count(result.stdout) == 1 and "E152" in result.stdout, result.stdout + result.stderr
    result = philtre("validate", "mygame", cwd=tmp_path)
    said = result.stderr.splitlines()
    assert [line.split(":")[0] for line in said[:3]] == ["mygame", "mygame + a", "mygame + b"], said
    assert all("expressions 1 error" in line for line in said[:3]) and said[-1] == "3 file(s) checked: 1 error", said


def test_validate_broken_file_prints_the_finding_on_stdout():
    rel = "tests/data/broken/name_in_plain_scalar.yaml"
    line, col = position((ROOT / rel).read_text(encoding="utf-8"), "pille")
    result = philtre("validate", rel)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines == [f"{rel}:{line}:{col}: E150 unknown name 'pille' (did you mean 'pile'?)"]


def test_validate_json_format():
    rel = "tests/data/broken/decide_unknown_action.yaml"
    line, col = position((ROOT / rel).read_text(encoding="utf-8"), "ply")
    result = philtre("validate", "--format", "json", rel)
    assert result.returncode == 1
    findings = json.loads(result.stdout)
    assert [(f["line"], f["column"], f["code"]) for f in findings] == [(line, col, "S019")]
    assert "play" in findings[0]["hint"]


BROKEN_FILES = sorted(p for p in BROKEN.glob("*.yaml") if not p.name.startswith("runtime_"))


@pytest.mark.parametrize("path", BROKEN_FILES, ids=lambda p: p.stem)
def test_validate_every_broken_file(path, monkeypatch):
    # each file's findings as the command prints them, in this process (a Python started for each file cost far more
    # than its validation); the process's own exit code and streams are the subprocess tests' above and below
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    rel = path.relative_to(ROOT)
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["validate", str(rel)], catch_exceptions=False)  # an exception fails the test
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines, "findings go to stdout"
    for text in lines:
        match = FINDING.match(text)
        assert match, f"not 'path:line:col: CODE message': {text!r}"
        assert match["path"] == str(rel)
        assert int(match["line"]) >= 1 and int(match["col"]) >= 1


def test_validate_several_files_reports_each():
    a, b = "tests/data/broken/arity_builtin.yaml", "tests/data/broken/yaml_duplicate_key.yaml"
    result = philtre("validate", "poison", a, b)
    assert result.returncode == 1
    paths = [FINDING.match(t)["path"] for t in result.stdout.splitlines()]
    assert paths == [a, b]


def test_validate_exit_zero_flag():
    result = philtre("validate", "--exit-zero", "tests/data/broken/arity_builtin.yaml")
    assert result.returncode == 0
    assert "E140" in result.stdout


def test_validate_unknown_game_suggests_a_name():
    result = philtre("validate", "poisn")
    assert result.returncode == 1
    assert "F002" in result.stdout and "poison" in result.stdout


@pytest.mark.parametrize("command", ["test", "simulate", "show"])
def test_a_scenarios_file_given_as_the_ruleset_names_the_ruleset_to_give(tmp_path, command):
    """`philtre test mygame/scenarios.yaml` said "V002 'game' is required here", inside the scenarios file."""
    game = tmp_path / "mygame"
    game.mkdir()
    (game / "ruleset.yaml").write_text((ROOT / "examples" / "tutorial" / "ruleset.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (game / "scenarios.yaml").write_text((ROOT / "examples" / "tutorial" / "scenarios.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    result = philtre(command, "mygame/scenarios.yaml", "-p", "2", cwd=tmp_path) if command == "simulate" else \
        philtre(command, "mygame/scenarios.yaml", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    text = result.stdout + result.stderr
    assert "V002" not in text, text
    match = FINDING.match(result.stderr.strip().splitlines()[0])  # (test's stdout ends with what did not run)
    assert match and match["path"] == "mygame/scenarios.yaml" and match["code"] == "V003", text
    assert "holds scenarios, not a ruleset" in match["message"] and "philtre test mygame" in match["message"], text


# -- simulate -----------------------------------------------------------------------------------

SIMULATION = ("simulate", "poison", "--players", "4", "--games", "50", "--seed", "7", "--no-db")  # no results file left in the checkout


def test_simulate_is_deterministic():
    first = philtre(*SIMULATION, binary=True)
    second = philtre(*SIMULATION, binary=True)
    assert first.returncode == 0, first.stderr
    assert second.returncode == 0
    assert first.stdout and first.stdout == second.stdout


def test_simulate_json_summary():
    result = philtre(*SIMULATION, "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["ruleset"] == "poison"
    assert summary["players"] == 4 and summary["games"] == 50 and summary["seed"] == 7
    seats = summary["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2, 3]
    assert all(0 <= s["win_share"] <= 1 for s in seats)
    assert sum(s["win_share"] for s in seats) == pytest.approx(1.0, abs=1e-3)


def test_simulate_json_is_the_same_run_as_the_table():
    table = philtre(*SIMULATION).stdout
    summary = json.loads(philtre(*SIMULATION, "--json").stdout)
    for seat in summary["seats"]:
        assert f"{seat['win_share']:.3f}" in table


def test_simulate_takes_several_player_counts_and_sets_them_side_by_side(tmp_path):
    """`simulate pok -p 3..4`: one run per count (each as `-p N` alone prints it), then a table of the counts; --json a
    list of the runs' summaries, --csv every run's games in one file. Four new users typed `-p 3,5` and were refused."""
    both = philtre("simulate", "pok", "-p", "3..4", "-n", "20", "--no-db", "-w", "1", "--csv", tmp_path / "g.csv")
    assert both.returncode == 0, both.stderr
    alone = [philtre("simulate", "pok", "-p", n, "-n", "20", "--no-db", "-w", "1").stdout for n in (3, 4)]
    assert both.stdout.startswith(alone[0].rstrip("\n") + "\n\n" + alone[1].rstrip("\n") + "\n\nby player count")
    table = both.stdout.split("by player count")[1].splitlines()
    summaries = json.loads(philtre("simulate", "pok", "-p", "3,4", "-n", "20", "--no-db", "-w", "1", "--json").stdout)
    assert [s["players"] for s in summaries] == [3, 4]
    for row, summary in zip(table[2:], summaries):
        low = min(summary["seats"], key=lambda s: (s["win_share"], s["seat"]))
        assert row.split()[:5] == [str(summary["players"]), "20", f"{summary['fair_share']:.3f}", f"{low['win_share']:.3f}", "seat"]
        assert row.split()[-1] == f"{summary['decisions_mean']:.1f}"
    rows = list(csv.DictReader((tmp_path / "g.csv").open(encoding="utf-8")))
    assert [r["players"] for r in rows] == ["3"] * 20 + ["4"] * 20 and rows[0]["score_3"] == "" and rows[-1]["score_3"] != ""


@pytest.mark.parametrize("args, said", [
    (("-p", "3;5"), "'3;5' is not a player count: write one number (4), several (3,5) or a range (3..6)"),
    (("-p", "5..3"), "'5..3' is an empty range: write the smaller count first (3..6)"),
    (("-p", "3,4", "--agents", "greedy,random,random"), "with several player counts (3, 4) give one agent for every seat"),
    (("-p", "3..5", "--record", "out"), "--record writes one run's files: give one player count with it (-p 3)"),
])
def test_simulate_refuses_what_several_player_counts_cannot_do(tmp_path, args, said):
    result = philtre("simulate", "pok", *args, "-n", "2", "--no-db", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == "" and said in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("players", ["9", "2"])
def test_simulate_players_out_of_range(players):
    result = philtre("simulate", "poison", "--players", players, "--games", "1")
    assert result.returncode == 1
    message = result.stderr
    assert "R001" in message
    assert "3 to 6" in message and players in message
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_player_count_only_a_shipped_variant_takes_names_that_variant(command):
    """`simulate poisons -p 3` said only 'for 4 to 8 players': the variant made for three was for the user to find."""
    result = philtre(command, "poisons", "--players", "3")
    assert result.returncode == 1
    assert "R001 poisons is for 4 to 8 players, not 3 ('three-players' takes 3: --variant three-players)" in result.stderr


@pytest.mark.parametrize("variants, hint", [
    (["three-players"], "to play 'three-players' alone: philtre simulate poisons -p 3 --variant three-players"),
    (["advanced", "three-players,advanced"],
     "to play 'three-players,advanced' alone: philtre simulate poisons -p 3 --variant three-players --variant advanced"),
    (["advanced"], "'three-players' takes 3: philtre simulate poisons -p 3 --variant three-players"),
])
def test_compare_at_a_player_count_the_base_does_not_take_says_the_base_is_played_too(variants, hint):
    """`compare poisons -p 3 --variant three-players` answered '--variant three-players', which it had been given:
    compare plays the base as an arm too, so a three-player variant is simulated alone."""
    result = philtre("compare", "poisons", "--players", "3", *[a for v in variants for a in ("--variant", v)], "--no-db")
    assert result.returncode == 1 and result.stdout == ""
    assert f"R001 poisons is for 4 to 8 players, not 3 (compare plays the base as well as each variant; {hint})" in result.stderr


def test_a_player_count_no_variant_takes_has_no_variant_hint():
    result = philtre("simulate", "poison", "--players", "7")
    assert result.returncode == 1
    assert result.stderr.rstrip().endswith("R001 poison is for 3 to 6 players, not 7")


@pytest.mark.parametrize("players, said", [
    ("2..9", "R001 poison is for 3 to 6 players, not 2, 7, 8 or 9 (of the counts asked, 2 to 9) (run those it takes: -p 3..6)"),
    ("7,9", "R001 poison is for 3 to 6 players, not 7 or 9 (run a count it takes: -p 3..6)"),
])
def test_several_player_counts_out_of_range_are_each_named(players, said):
    """`simulate -p 2..9` of a game for 2 to 4 (a Can't Stop trial's) named 5 alone, as if the rest were fine, and ran none."""
    result = philtre("simulate", "poison", "--players", players, "--games", "1", "--no-db")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.rstrip().endswith(said), result.stderr


@pytest.mark.parametrize("command", ["simulate", "show", "test"])
def test_an_overlay_given_as_the_ruleset_is_applied_to_its_base(tmp_path, command):
    """`philtre simulate house.yaml` said only 'apply it with --variant on its base ruleset', leaving the base to find;
    then it stopped at O001 with the command to type, where validate took the same path: it runs that command."""
    (tmp_path / "house.yaml").write_text("extends: poison\ndefine:\n  limit: 15\n", encoding="utf-8")
    result = philtre(command, "house.yaml", *(["-p", "4", "-n", "2", "--no-db"] if command == "simulate" else []), cwd=tmp_path)
    assert result.stderr.startswith("note: house.yaml is an overlay: running poison --variant house.yaml\n"), result.stderr
    assert "O001" not in result.stderr
    if command == "show":
        assert result.returncode == 0 and "# + house" in result.stdout and "limit: 15" in result.stdout, result.stdout
    elif command == "simulate":
        assert result.returncode == 0 and result.stdout.startswith("poison + house.yaml: 4 players, 2 games"), result.stdout
    else:  # (the overlay has no scenarios of its own, as `test poison --variant house.yaml`)
        assert "no scenarios to run" in result.stderr, result.stderr


def test_a_shipped_variant_given_as_the_ruleset_is_named_as_a_variant():
    result = philtre("show", "rulesets/poison/variants/draw-pile.yaml")
    assert result.returncode == 0
    assert result.stderr == "note: rulesets/poison/variants/draw-pile.yaml is an overlay: running poison --variant draw-pile\n"


@pytest.mark.parametrize("path, said", [
    ("rulesets/poison/ruleset.yaml", "F001 no such file ('poison' is a shipped game: name it alone, poison, from any folder)"),
    ("rulesets/poison/variants/draw-pile.yaml",
     "F001 no such file ('draw-pile' is a variant of the shipped game 'poison': name them, poison --variant draw-pile, from any folder)"),
])
def test_a_shipped_game_s_path_typed_outside_the_repository_says_to_name_it(tmp_path, path, said):
    """The README's `philtre validate rulesets/poison/ruleset.yaml`, typed in another folder, said only 'no such file'."""
    result = philtre("validate", path, cwd=tmp_path)
    assert result.returncode == 1
    assert f"{path}: {said}" in result.stdout, result.stdout


def test_simulate_unknown_game():
    result = philtre("simulate", "nogame", "--players", "3")
    assert result.returncode == 1
    assert "F002" in result.stderr


# -- records and replay -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """Records of a few games of each shipped game, written by `simulate --record`."""
    base = tmp_path_factory.mktemp("records")
    for game, players in (("poison", 3), ("pok", 4)):
        result = philtre("simulate", game, "--players", players, "--games", "3", "--seed", "5", "--no-db", "--record", base / game)
        assert result.returncode == 0, result.stderr
    files = sorted(base.glob("*/*.jsonl"))
    assert len(files) == 6
    return base, files


def test_records_of_an_earlier_run_left_in_the_record_folder_are_pointed_out(tmp_path):
    """A second run into the same --record folder left the first run's higher-numbered records beside its own, unsaid:
    out/*.jsonl then mixed two runs (here two games)."""
    first = philtre("simulate", "poison", "-p", "3", "-n", "3", "--record", "out", "--no-db", cwd=tmp_path)
    assert first.returncode == 0 and "note:" not in first.stderr, first.stderr
    second = philtre("simulate", "pok", "-p", "3", "-n", "1", "--record", "out", "--no-db", cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert "note: out also holds 2 records this run did not write (game-00002.jsonl ... game-00003.jsonl): " \
           "an earlier run's" in second.stderr, second.stderr
    again = philtre("simulate", "pok", "-p", "3", "-n", "3", "--record", "out", "--no-db", cwd=tmp_path)
    assert "note:" not in again.stderr, again.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a file every write to fails")
@pytest.mark.parametrize("command", [("games",), ("games", "--json"), ("show", "poison"), ("variants", "poisons"),
                                     ("--help",), ("--version",), ("simulate", "--help")])
def test_an_output_that_cannot_be_written_is_said_as_such(command):
    """`philtre show poison > /dev/full` said 'internal error: OSError' and exited 2, as for a fault of philtre's; `--help`
    and `--version`, written as click reads the arguments, printed a traceback."""
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "philtre", *command], stdout=full, stderr=subprocess.PIPE, text=True,
                                timeout=120)
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == "philtre: cannot write the output: No space left on device", result.stderr



def test_the_version_is_the_package_own_even_where_philtre_is_not_installed(tmp_path):
    """`python -m philtre --version` from a source checkout (no installed metadata) printed a traceback: click looked
    the version up in the installed packages' metadata."""
    script = ("import importlib.metadata as m, sys\n"
              "def missing(name): raise m.PackageNotFoundError(name)\n"
              "m.version = missing\n"  # as where philtre is imported from its source, not installed
              "from philtre.interpreter.cli import main\n"
              "main(['--version'])\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    import philtre

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"philtre, version {philtre.__version__}", result.stdout


@pytest.mark.parametrize("command", [("games", "--json"), ("validate", "nosuch", "--format", "json")])
def test_a_closed_standard_output_is_said_as_such(command):
    """`philtre games >&-` wrote nothing and exited 0; `validate` said 'internal error: AttributeError'."""
    result = subprocess.run([sys.executable, "-m", "philtre", *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, timeout=120, preexec_fn=lambda: os.close(1))
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == "philtre: cannot write the output: standard output is closed", result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a file every write to fails")
def test_a_csv_that_cannot_be_written_after_the_run_still_prints_the_summary():
    """--csv /dev/full passes the check before the run (it opens), and writing failed after it: exit 1 with
    click's message, and the summary of the games just played was not printed."""
    result = philtre("simulate", "poison", "-p", "3", "-n", "3", "--no-db", "--csv", "/dev/full")
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("poison: 3 players, 3 games"), result.stdout
    assert "/dev/full" in result.stderr and "No space left on device" in result.stderr, result.stderr


def test_replay_every_record(records):
    base, files = records
    for path in files:
        result = philtre("replay", path.relative_to(base), cwd=base)
        assert result.returncode == 0, f"{path}: {result.stderr}"
        assert "all events match" in result.stdout


def test_replay_shows_a_record_as_one_seat_may_see_it(records):
    """`replay --seat 1`: seat 1's own hand dealt in full, the other hands hidden, the seed hidden; --onlooker sees no hand."""
    base, files = records
    path = next(p for p in files if p.parent.name == "poison")
    seen = [json.loads(line) for line in philtre("replay", path, "--seat", 1).stdout.splitlines()]
    assert seen[0]["seed"] == {"hidden": True}
    deal = next(e for e in seen if e.get("event") == "deal")
    hands = {to["index"]: to["components"] for to in deal["to"] if to["zone"] == "hand"}
    assert all("type" in c for c in hands[1]) and all(c == {"hidden": True} for c in hands[0] + hands[2])
    onlooker = [json.loads(line) for line in philtre("replay", path, "--onlooker").stdout.splitlines()]
    deal = next(e for e in onlooker if e.get("event") == "deal")
    assert all(c == {"hidden": True} for to in deal["to"] for c in to["components"])
    assert len(onlooker) == len(seen) == len(path.read_text(encoding="utf-8").splitlines())


def test_replay_refuses_a_seat_the_record_does_not_have(records):
    _, files = records
    result = philtre("replay", files[0], "--seat", 9)
    assert result.returncode == 2 and "the record has 3 seats (0..2), not 9" in result.stderr


def test_records_written_by_the_cli_match_the_record_schema(records):
    from jsonschema import Draft7Validator

    validator = Draft7Validator(json.loads((ROOT / "schemas" / "record.schema.json").read_text(encoding="utf-8")))
    _, files = records
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            errors = [e.message for e in validator.iter_errors(json.loads(line))]
            assert errors == [], f"{path.name}:{number}: {errors[:3]}"


OVERFLOW_15 = """\
extends: poison
define:
  overflow: 15
"""


def test_a_record_names_an_overlay_file_by_its_absolute_path_and_replays_from_anywhere(tmp_path):
    """The overlay is found from another folder, never a file of the same name there; a shipped variant stays a name."""
    house = tmp_path / "house"
    house.mkdir()
    (house / "overflow.yaml").write_text(OVERFLOW_15, encoding="utf-8")
    result = philtre("simulate", "poison", "-p", "3", "-n", "1", "--no-db", "--variant", "./overflow.yaml",
                     "--variant", "draw-pile", "--record", "out", cwd=house)
    assert result.returncode == 0, result.stderr
    header = json.loads((house / "out" / "game-00001.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["ruleset"]["variants"] == [str(house / "overflow.yaml"), "draw-pile"]
    (tmp_path / "overflow.yaml").write_text(OVERFLOW_15.replace("15", "14"), encoding="utf-8")  # a decoy of that name
    result = philtre("replay", house / "out" / "game-00001.jsonl", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (house / "overflow.yaml").rename(house / "moved.yaml")
    result = philtre("replay", "house/out/game-00001.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    assert "house/out/game-00001.jsonl:1:1: O002 no variant or overlay file" in result.stderr
    assert "named in the record's header" in result.stderr


def test_replay_of_a_tampered_record_names_the_line(records, tmp_path):
    _, files = records
    lines = files[0].read_text(encoding="utf-8").splitlines()  # a poison game: it has deal lines
    number = next(i for i, text in enumerate(lines, 1) if json.loads(text).get("event") == "deal")
    event = json.loads(lines[number - 1])
    card = next(c for target in event["to"] for c in target["components"])
    card["value"] = card["value"] + 100
    lines[number - 1] = json.dumps(event, separators=(",", ":"))
    (tmp_path / "tampered.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = philtre("replay", "tampered.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    assert f"tampered.jsonl:{number}:1: P010" in result.stderr
    assert "value" in result.stderr


@pytest.mark.parametrize("written", [True, 1.0])
def test_replay_tells_true_and_a_fraction_from_a_whole_number(records, tmp_path, written):
    """Card #1 written with id true or 1.0 is a difference: Python's == saw none, and replay said 'all events match'."""
    _, files = records
    lines = files[0].read_text(encoding="utf-8").splitlines()  # a poison game: every card is dealt
    for number, text in enumerate(lines, 1):
        event = json.loads(text)
        cards = [c for t in event.get("to", []) for c in t["components"] if c["id"] == 1] if event.get("event") == "deal" else []
        if cards:
            cards[0]["id"] = written
            lines[number - 1] = json.dumps(event, separators=(",", ":"))
            break
    (tmp_path / "edited.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = philtre("replay", "edited.jsonl", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert f"edited.jsonl:{number}:1: P010 deal differs at to[" in result.stderr, result.stderr
    assert f".id: the record has {json.dumps(written)}, the replay gives 1" in result.stderr, result.stderr


def test_replay_checks_each_line_as_it_reads_it(records, tmp_path):
    """A wrong line 2 is P010 there, before the lines after it are read.

    The whole record was read first: a short game followed by a few lines of 64 MiB (each
    within the line limit) held every one in memory at once (8 of them: 2 GB, a MemoryError
    reported as an internal error). Here line 3 is not even JSON, and is never read.
    """
    lines = record_lines(records)
    wrong = dict(lines[1], event="nonsense")
    result = replay_lines(tmp_path, [lines[0], wrong, "{not json", *lines[3:]])
    assert result.returncode == 1
    assert "rec.jsonl:2:1: P010 nonsense differs at event" in result.stderr, result.stderr
    assert "P001" not in result.stderr


@pytest.mark.parametrize("hash_value, shown", [(None, "null"), ("missing", "missing (the header has no ruleset.hash)")])
def test_replay_of_a_header_without_its_hash_says_so_in_json_words(records, tmp_path, hash_value, shown):
    """P003 said 'ruleset content None', Python's word, for a hash missing or null."""
    lines = record_lines(records)
    if hash_value == "missing":
        del lines[0]["ruleset"]["hash"]
    else:
        lines[0]["ruleset"]["hash"] = hash_value
    result = replay_lines(tmp_path, lines)
    assert result.returncode == 1
    assert f"rec.jsonl:1:1: P003 the record was made with ruleset content {shown}, but " in result.stderr, result.stderr


def test_replay_after_an_overlay_changed_names_the_overlay_and_why(tmp_path):
    """P003 named the base alone ('but poison is now ...') when the house rule was what had changed."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: poison\ndefine:\n  limit: 15\n", encoding="utf-8")
    made = philtre("simulate", "poison", "-p", "3", "-n", "1", "--no-db", "--variant", house, "--record", tmp_path / "out")
    assert made.returncode == 0, made.stderr
    house.write_text("extends: poison\ndefine:\n  limit: 16\n", encoding="utf-8")
    result = philtre("replay", tmp_path / "out" / "game-00001.jsonl")
    assert result.returncode == 1
    assert f"but poison + {house} is now sha256:" in result.stderr, result.stderr
    assert "(a file of the rules changed since the game was played" in result.stderr, result.stderr


def test_replay_of_a_header_whose_variants_were_edited_says_the_header_may_have_changed(records, tmp_path):
    """P003 blamed a file of the rules alone when it was the header's variants that had been edited."""
    _, files = records
    lines = files[0].read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["ruleset"]["variants"] = ["draw-pile"]
    (tmp_path / "edited.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    result = philtre("replay", "edited.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    assert "edited.jsonl:1:1: P003" in result.stderr and "or the header's ruleset, variants or hash were edited" in result.stderr


def test_replay_of_a_record_that_is_not_json(records, tmp_path):
    _, files = records
    header = files[0].read_text(encoding="utf-8").splitlines()[0]
    (tmp_path / "bad.jsonl").write_text(header + "\n{this is not json\n", encoding="utf-8")
    result = philtre("replay", "bad.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    assert "bad.jsonl:2:" in result.stderr and "P001" in result.stderr

    (tmp_path / "prose.jsonl").write_text("a game of poison, I think\n", encoding="utf-8")
    result = philtre("replay", "prose.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    assert "prose.jsonl:1:" in result.stderr and "P001" in result.stderr


def test_replay_of_a_missing_record(tmp_path):
    result = philtre("replay", "missing.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    assert "missing.jsonl" in result.stderr and "F001" in result.stderr


def replay_lines(folder, lines) -> subprocess.CompletedProcess:
    """`philtre replay` of a record made of ``lines`` (JSON values, or text as it is), written as rec.jsonl."""
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines)
    (folder / "rec.jsonl").write_text(text + "\n", encoding="utf-8")
    result = philtre("replay", "rec.jsonl", cwd=folder)
    assert "internal error" not in result.stderr, result.stderr
    return result


def record_lines(records) -> list:
    """The lines of a recorded poison game, as JSON values."""
    _, files = records
    return [json.loads(line) for line in files[0].read_text(encoding="utf-8").splitlines()]


def with_header_field(lines, field, value):
    """The record's lines with the header's ``field`` (dotted: ``ruleset.source``) set to ``value``."""
    *parents, last = field.split(".")
    target = lines[0]
    for key in parents:
        target = target[key]
    target[last] = value
    return lines


@pytest.mark.parametrize("field, value", [
    ("players", "3"), ("players", 3.0), ("players", None), ("players", True), ("players", 0),
    ("seed", [1]), ("seed", "1"), ("agents", 5), ("agents", "random"), ("ruleset", "poison"),
    ("ruleset.source", None), ("ruleset.source", 5), ("ruleset.variants", 5), ("ruleset.variants", "draw-pile"),
], ids=lambda v: json.dumps(v))
def test_replay_of_a_header_field_of_the_wrong_type(records, tmp_path, field, value):
    result = replay_lines(tmp_path, with_header_field(record_lines(records), field, value))
    assert result.returncode == 1
    assert f"rec.jsonl:1:1: P002 the header's {field} must be" in result.stderr, result.stderr


def test_replay_of_a_header_without_players(records, tmp_path):
    lines = record_lines(records)
    del lines[0]["players"]
    result = replay_lines(tmp_path, lines)
    assert result.returncode == 1
    assert "rec.jsonl:1:1: P002 the header's players must be a whole number 1..64, not missing" in result.stderr


def test_replay_of_a_record_filtered_for_one_seat_says_it_cannot_be_replayed(records, tmp_path):
    lines = record_lines(records)
    lines[0]["seed"] = {"hidden": True}  # as Recorder.for_player writes a seat's header
    result = replay_lines(tmp_path, lines)
    assert result.returncode == 1
    assert "rec.jsonl:1:1: P002 this record was filtered for one seat" in result.stderr, result.stderr
    assert "cannot be replayed" in result.stderr and "must be a whole number" not in result.stderr


@pytest.mark.parametrize("version", [99, 0, [], "x", "1", True, None], ids=json.dumps)
def test_replay_of_an_unknown_record_format_version(records, tmp_path, version):
    lines = record_lines(records)
    lines[0]["philtre_record"] = version
    result = replay_lines(tmp_path, lines)
    assert result.returncode == 1
    assert f"rec.jsonl:1:1: P004 the record's format version is {json.dumps(version)}" in result.stderr, result.stderr


@pytest.mark.parametrize("field, value", [("args", "x"), ("args", 5), ("args", None), ("player", True), ("player", "1"),
                                          ("player", 1.0), ("action", 5)], ids=lambda v: json.dumps(v))
def test_replay_of_a_decision_field_of_the_wrong_type(records, tmp_path, field, value):
    lines = record_lines(records)
    number = next(i for i, event in enumerate(lines, 1) if event.get("event") == "decision")
    lines[number - 1][field] = value
    result = replay_lines(tmp_path, lines)
    assert result.returncode == 1
    assert f"rec.jsonl:{number}:1: P005 a decision's {field} must be" in result.stderr, result.stderr


@pytest.mark.parametrize("line", ['{"event": "set", "value": ' + "9" * 5000 + "}", "[" * 2000 + "]" * 2000],
                         ids=["5000-digit-number", "2000-deep-arrays"])
def test_replay_of_a_line_past_the_json_readers_limits(records, tmp_path, line):
    lines = record_lines(records)
    result = replay_lines(tmp_path, [lines[0], line] + lines[1:])
    assert result.returncode == 1
    assert "rec.jsonl:2:1: P001 not a JSON line" in result.stderr, result.stderr


def test_replay_reads_a_line_only_up_to_its_limit(records, tmp_path, monkeypatch):
    """A line longer than the limit is P001 at that line, refused before it is read whole."""
    from philtre.dsl.errors import PhiltreError
    from philtre.interpreter import replay

    monkeypatch.setattr(replay, "MAX_LINE_CHARS", 1000)
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps(record_lines(records)[0]) + "\n" + '{"event": "' + "x" * 2000 + '"}\n', encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        replay.read_record(str(path))
    assert str(caught.value.diagnostics[0]) == f"{path}:2:1: P001 not a JSON line: longer than 1,000 bytes"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_replay_of_an_endless_line_stops():
    """/dev/zero is one line that never ends: refused at its limit, not read until memory runs out."""
    result = philtre("replay", "/dev/zero", timeout=60)
    assert result.returncode == 1
    assert "/dev/zero:1:1: P001 not a JSON line: longer than" in result.stderr, result.stderr


@pytest.mark.parametrize("which", [0, -1], ids=["first-decision", "last-decision"])
def test_replay_of_a_record_cut_off_before_a_decision(records, tmp_path, which):
    lines = record_lines(records)
    number = [i for i, event in enumerate(lines, 1) if event.get("event") == "decision"][which]
    result = replay_lines(tmp_path, lines[:number - 1])
    assert result.returncode == 1
    assert f"rec.jsonl:{number}:1: P011 the record ends after {number - 1} lines, before the game does" in result.stderr, result.stderr


def test_replay_of_a_record_of_its_header_alone_says_one_line(records, tmp_path):
    """'the record ends after 1 lines'."""
    result = replay_lines(tmp_path, record_lines(records)[:1])
    assert result.returncode == 1
    assert "rec.jsonl:2:1: P011 the record ends after 1 line, before the game does" in result.stderr, result.stderr


def test_replay_of_a_record_cut_off_after_a_decision_says_what_comes_next(records, tmp_path):
    """Cut among the effects of a decision, it said only 'the record has 4 lines, the replay 5'."""
    lines = record_lines(records)
    number = [i for i, event in enumerate(lines, 1) if event.get("event") == "decision"][0]
    result = replay_lines(tmp_path, lines[:number])
    assert result.returncode == 1
    expected = f"rec.jsonl:{number + 1}:1: P011 the record ends after {number} lines, before the game does: " \
               f"the replay goes on with the event {json.dumps(lines[number]['event'])}"
    assert expected in result.stderr, result.stderr


def test_replay_names_the_seats_it_waits_for_in_words(records, tmp_path):
    """'the replay waits for [1] to decide' showed a Python list."""
    lines = record_lines(records)
    number = [i for i, event in enumerate(lines, 1) if event.get("event") == "decision"][0]
    result = replay_lines(tmp_path, lines[:number - 1])
    assert f"waits for seat {lines[number - 1]['player']} to decide" in result.stderr, result.stderr


def test_replay_names_the_seat_of_a_decision_out_of_turn_in_words(records, tmp_path):
    """P012 said 'the replay waits for [1]': a Python list, where P011 says 'seat 1'."""
    lines = record_lines(records)
    number = [i for i, event in enumerate(lines, 1) if event.get("event") == "decision"][0]
    waiting = lines[number - 1]["player"]
    lines[number - 1]["player"] = (waiting + 1) % lines[0]["players"]
    result = replay_lines(tmp_path, lines)
    assert result.returncode == 1
    assert f"rec.jsonl:{number}:1: P012" in result.stderr and f"the replay waits for seat {waiting}\n" in result.stderr, result.stderr


def test_replay_of_a_list_of_another_length_says_both_lengths_and_marks_what_it_cuts(records, tmp_path):
    """A shuffle's order with one id written twice was shown cut at 80 characters with nothing to say so
    ('..., 15, , the replay gives [...'), and neither length was said."""
    lines = record_lines(records)
    number = next(i for i, event in enumerate(lines, 1) if event.get("event") == "shuffle")
    order = lines[number - 1]["order"]
    lines[number - 1]["order"] = [order[0], *order]
    result = replay_lines(tmp_path, lines)
    assert result.returncode == 1
    message = result.stderr.strip().splitlines()[-1]
    assert message.startswith(f"rec.jsonl:{number}:1: P010 shuffle differs at order: "), message
    assert f"the record has {len(order) + 1} items, the replay {len(order)}" in message, message
    assert f"first at order[1]: the record has {order[0]}, the replay gives {order[1]}" in message, message
    assert ", ," not in message and len(message) < 300, message


def test_replay_marks_a_value_it_cuts_short(records, tmp_path):
    lines = record_lines(records)
    number = next(i for i, event in enumerate(lines, 1) if event.get("event") == "shuffle")
    lines[number - 1]["order"] = {"not": "a list", "but": list(range(60))}
    result = replay_lines(tmp_path, lines)
    assert result.returncode == 1
    assert re.search(r"the record has \{.{70,90}\.\.\., the replay gives \[.{70,90}\.\.\.$", result.stderr.strip()), result.stderr


def _first_decision(lines) -> int:
    return next(i for i, line in enumerate(lines) if line.get("event") == "decision")


@pytest.mark.parametrize("edit, why", [
    (lambda d: d["args"]["card"].update(id=999), "no legal 'play' of seat 1 has card = {"),
    (lambda d: d.update(action="pass"), "seat 1 may not 'pass' now (its options: play)"),
    (lambda d: d["args"].pop("into"), "'play' takes card, into, the record gives card"),
])
def test_replay_of_an_edited_decision_says_what_no_legal_option_has(records, tmp_path, edit, why):
    """An edited move was only 'not legal in the replay': which part of it (action, argument, which one) was left to guess."""
    lines = record_lines(records)
    at = _first_decision(lines)
    edit(lines[at])
    result = replay_lines(tmp_path, lines)
    assert result.returncode == 1
    assert f"rec.jsonl:{at + 1}:1: P013 the recorded decision " in result.stderr, result.stderr
    assert f"is not legal in the replay: {why}" in result.stderr, result.stderr


def test_replay_of_a_decision_whose_arguments_are_legal_only_apart_says_so(tmp_path):
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    game = Game(load_ruleset("poison"), 3, seed=3, record=True)
    while True:  # play the first option until one card is legal into some cauldron, but not into all of them
        options = [dict(o.args) for o in game.options(game.pending()[0])]
        apart = [(a["card"], b["into"]) for a in options for b in options
                 if not any(o["card"] is a["card"] and o["into"] == b["into"] for o in options)]
        if apart:
            break
        game.apply(game.pending()[0], game.options(game.pending()[0])[0])
    seat, (card, into) = game.pending()[0], apart[0]
    legal = game.options(seat)[0]
    game.apply(seat, legal)
    lines = [json.loads(line) for line in game.recorder.lines()]
    at = max(i for i, line in enumerate(lines) if line.get("event") == "decision")
    lines[at]["args"]["card"]["id"], lines[at]["args"]["into"] = card["id"], {"zone": "cauldron", "index": into.key[1]}
    result = replay_lines(tmp_path, lines[:at + 1])
    assert result.returncode == 1
    assert f"each argument is in some legal 'play' of seat {seat}, but no one option has them all" in result.stderr, result.stderr


def test_replay_of_a_record_with_lines_after_the_end_says_where_the_game_ends(records, tmp_path):
    lines = record_lines(records)
    result = replay_lines(tmp_path, lines + [lines[-1]])
    assert result.returncode == 1
    expected = f"P011 the record goes on after the game's end: it has {len(lines) + 1} lines, the game ends at line {len(lines)}"
    assert expected in result.stderr, result.stderr


# -- a game stopped by a rule: its record up to the failure --------------------------------------

# a card of rank 3 divides by zero: most games stop at the rule, some after several turns
STOPS_AT_A_RULE = """\
game: stops
players: 2
components:
  card: {attributes: {rank: [1, 2, 3]}, start: deck, copies: 3}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {visible: everyone}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> pile
      - score: {player: me, add: "6 // (card.rank - 3)"}
flow:
  - deal: {from: deck, to: '[hand[p] for p in players]', count: 4}
  - turns: 0
    until: count(hand[current]) == 0
    do:
      - decide: play
winners: '[0]'
"""


@pytest.fixture(scope="module")
def stopped(tmp_path_factory):
    """A run whose first game stops at a rule, with --record (two workers), and the same run without."""
    folder = tmp_path_factory.mktemp("stopped")
    (folder / "stops.yaml").write_text(STOPS_AT_A_RULE, encoding="utf-8")
    recorded = philtre("simulate", "stops.yaml", "-n", "4", "-w", "2", "--no-db", "--record", "out", cwd=folder)
    unrecorded = philtre("simulate", "stops.yaml", "-n", "4", "-w", "1", "--no-db", cwd=folder)
    return folder, recorded, unrecorded


def test_a_run_stopped_by_a_rule_writes_that_game_s_record_up_to_the_failure(stopped):
    folder, recorded, _ = stopped
    assert recorded.returncode == 1
    assert "stops.yaml:14:9: R100 rule 'score' failed in its add `6 // (card.rank - 3)`: division by zero; this stopped game 1 of the run" in recorded.stderr
    assert "its record, up to the failure: out/game-00001.jsonl; `philtre replay out/game-00001.jsonl` plays it again" in recorded.stderr
    last = json.loads((folder / "out" / "game-00001.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert last == {"event": "failed", "code": "R100", "message": "rule 'score' failed in its add `6 // (card.rank - 3)`: division by zero",
                    "file": "stops.yaml", "line": 14, "column": 9}


def test_a_run_stopped_by_a_rule_without_record_says_how_to_get_the_record(stopped):
    _, _, unrecorded = stopped
    assert unrecorded.returncode == 1
    assert "with --record DIR, the record of this game up to the failure is written there" in unrecorded.stderr


def test_replay_of_a_record_that_ends_at_a_failure_reproduces_it(stopped):
    folder, _, _ = stopped
    result = philtre("replay", "out/game-00001.jsonl", cwd=folder)
    lines = len((folder / "out" / "game-00001.jsonl").read_text(encoding="utf-8").splitlines())
    assert result.returncode == 1
    assert result.stdout == f"out/game-00001.jsonl: {lines} lines replayed, all events match; the game stops at a rule, as recorded\n"
    assert "stops.yaml:14:9: R100 rule 'score' failed" in result.stderr


def test_a_seat_s_record_of_a_failed_game_hides_the_failure_s_words(stopped):
    """The message may describe a card the seat may not see: a seat is told where the game stopped, not why."""
    folder, _, _ = stopped
    result = philtre("replay", "out/game-00001.jsonl", "--seat", 1, cwd=folder)
    last = json.loads(result.stdout.splitlines()[-1])
    assert last == {"event": "failed", "code": "R100", "message": {"hidden": True}, "file": "stops.yaml", "line": 14, "column": 9}
    # nor on stderr, right under the seat's record: the code and the rule's place only, exit 1 as for the full record
    assert result.returncode == 1
    assert "division by zero" not in result.stderr and "card.rank" not in result.stderr, result.stderr
    assert result.stderr.splitlines()[-1] == ("stops.yaml:14:9: R100 the game stops at this rule; its message is hidden from seat 1, "
                                              "as in the record shown (the full record has it)")
    onlooker = philtre("replay", "out/game-00001.jsonl", "--onlooker", cwd=folder)
    assert onlooker.returncode == 1 and "division by zero" not in onlooker.stderr
    assert "R100 the game stops at this rule; its message is hidden from an onlooker" in onlooker.stderr
    from jsonschema import Draft7Validator

    validator = Draft7Validator(json.loads((ROOT / "schemas" / "record.schema.json").read_text(encoding="utf-8")))
    for line in [*result.stdout.splitlines(), *(folder / "out" / "game-00001.jsonl").read_text(encoding="utf-8").splitlines()]:
        assert not list(validator.iter_errors(json.loads(line))), line


@pytest.mark.parametrize("change, code, said", [
    ("a line after the failure", "P011", "the record goes on after the game stopped at a rule"),
    ("another message", "P010", "failed differs at message"),
])
def test_replay_of_a_failed_game_s_record_checks_the_failure_too(stopped, tmp_path, change, code, said):
    folder, _, _ = stopped
    lines = (folder / "out" / "game-00001.jsonl").read_text(encoding="utf-8").splitlines()
    if change == "a line after the failure":
        lines.append(lines[-1])
    else:
        lines[-1] = lines[-1].replace("division by zero", "division by one")
    (tmp_path / "changed.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = philtre("replay", "changed.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    assert f"changed.jsonl:{len(lines)}:1: {code} {said}" in result.stderr, result.stderr


def test_smoke_games_stopped_by_a_rule_are_written_as_records(tmp_path):
    (tmp_path / "stops.yaml").write_text(STOPS_AT_A_RULE, encoding="utf-8")
    result = philtre("validate", "--smoke", "3", "--record", "smoke", "stops.yaml", cwd=tmp_path)
    assert result.returncode == 1
    written = sorted((tmp_path / "smoke").iterdir())
    assert len(written) == 1 and written[0].name.startswith("smoke-stops-2p-")
    assert f"its record, up to the failure: smoke/{written[0].name}" in result.stdout
    replayed = philtre("replay", f"smoke/{written[0].name}", cwd=tmp_path)
    assert replayed.returncode == 1 and "the game stops at a rule, as recorded" in replayed.stdout


def test_validate_record_without_smoke_is_a_usage_error(tmp_path):
    (tmp_path / "stops.yaml").write_text(STOPS_AT_A_RULE, encoding="utf-8")
    result = philtre("validate", "--record", "smoke", "stops.yaml", cwd=tmp_path)
    assert result.returncode == 2 and "give --smoke N too" in result.stderr


def test_a_game_that_stops_as_it_starts_has_a_record_that_replays(tmp_path):
    """The failure comes before any decision, while the game is set up: the record is the header, the deal and the failure."""
    (tmp_path / "setup.yaml").write_text(STOPS_AT_A_RULE.replace("count: 4}", "count: 4}\n  - score: {player: 0, add: \"card_count // 0\"}")
                                         .replace("winners:", "define:\n  card_count: count(deck) + 1\nwinners:"), encoding="utf-8")
    result = philtre("simulate", "setup.yaml", "-n", "1", "--no-db", "--record", "out", cwd=tmp_path)
    assert result.returncode == 1 and "R100" in result.stderr
    events = [json.loads(line)["event"] if "event" in line else "header"
              for line in (tmp_path / "out" / "game-00001.jsonl").read_text(encoding="utf-8").splitlines()]
    assert events == ["header", "deal", "failed"]
    replayed = philtre("replay", "out/game-00001.jsonl", cwd=tmp_path)
    assert replayed.returncode == 1 and "3 lines replayed, all events match; the game stops at a rule" in replayed.stdout
@pytest.mark.parametrize("command", ["simulate", "diff", "validate"])
def test_a_variant_named_without_its_yaml_extension_points_to_the_file(tmp_path, command):
    """`--variant house` for house.yaml listed only the shipped variants: the user's own file was not mentioned."""
    (tmp_path / "house.yaml").write_text("extends: poison\ndefine: {limit: 15}\n", encoding="utf-8")
    extra = ["-p", "4", "-n", "2", "--no-db"] if command == "simulate" else []
    result = philtre(command, "poison", "--variant", "house", *extra, cwd=tmp_path)
    assert result.returncode == 1
    said = result.stdout + result.stderr  # validate's findings are its results, on stdout
    assert "O002 no variant or overlay file 'house' (did you mean the file 'house.yaml'?" in said, said



def test_a_variant_named_by_a_file_in_a_folder_below_points_to_it(tmp_path):
    """`--variant pass-right` for house/pass-right.yaml said only "no variant or overlay file": a name alone is looked
    up among the ruleset's variants; the file nearby is named (not one in a hidden folder, nor one too deep)."""
    (tmp_path / ".git" / "x").mkdir(parents=True)
    (tmp_path / ".git" / "x" / "pass-right.yaml").write_text("extends: poison\n", encoding="utf-8")
    result = philtre("validate", "poison", "--variant", "pass-right", cwd=tmp_path)
    assert result.returncode == 1 and "did you mean the file" not in result.stdout, result.stdout
    (tmp_path / "a" / "b" / "c" / "d").mkdir(parents=True)
    (tmp_path / "a" / "b" / "c" / "d" / "pass-right.yaml").write_text("extends: poison\n", encoding="utf-8")
    assert "did you mean the file" not in philtre("validate", "poison", "--variant", "pass-right", cwd=tmp_path).stdout
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "pass-right.yaml").write_text("extends: poison\ndefine: {limit: 15}\n", encoding="utf-8")
    said = philtre("validate", "poison", "--variant", "pass-right", cwd=tmp_path).stdout
    assert f"(did you mean the file '{os.path.join('house', 'pass-right.yaml')}'? A name alone is a variant of the ruleset's " \
           "variants/ folder; another overlay is named by its path)" in said, said


def test_a_variant_file_name_found_in_a_folder_below_points_to_it(tmp_path):
    """`--variant pass-right.yaml` for house/pass-right.yaml said only "no variant or overlay file", where the same
    name without .yaml was pointed to the file: the more precise spelling got the poorer message."""
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "pass-right.yaml").write_text("extends: poison\ndefine: {limit: 15}\n", encoding="utf-8")
    for command in ("validate", "simulate"):
        result = philtre(command, "poison", "--variant", "pass-right.yaml", cwd=tmp_path)
        said = result.stdout + result.stderr
        assert result.returncode == 1, said
        assert (f"O002 no variant or overlay file 'pass-right.yaml' (did you mean the file "
                f"'{os.path.join('house', 'pass-right.yaml')}'? A path is read from the current folder)") in said, said


def test_a_variant_name_found_nowhere_says_where_a_name_is_looked_up(tmp_path):
    """`--variant pass-right`, the file nowhere near, said only "(variants: draw-pile, two-deals-each)": that a name
    alone is looked up in the variants/ folder, and a file elsewhere is given by its path, was not said."""
    said = philtre("validate", "poison", "--variant", "pass-right", cwd=tmp_path).stdout
    assert ("O002 no variant or overlay file 'pass-right' (a name alone is looked up in the ruleset's variants/ folder, "
            "which has draw-pile, two-deals-each; an overlay elsewhere is named by its path, FOLDER/pass-right.yaml)") in said, said
    said = philtre("validate", "poison", "--variant", "house/pass-right.yaml", cwd=tmp_path).stdout
    # a path was written: the variants/ folder was not meant, and where the file was looked for is said
    assert (f"(there is no file {tmp_path.resolve() / 'house' / 'pass-right.yaml'}: a path is read from the folder philtre runs in; "
            "the ruleset's variants: draw-pile, two-deals-each)") in said, said


def test_a_variant_that_is_a_folder_is_said_to_be_one(tmp_path):
    """`--variant house.yaml`, house.yaml a folder, asked "did you mean the file 'house.yaml'?", the folder itself; a
    bare name of a folder said "there is no file"; and a near name offered the folder as a file."""
    (tmp_path / "house.yaml").mkdir()
    for given in ("house.yaml", "house.yaml/"):
        said = philtre("simulate", "poison", "-p", "4", "-n", "2", "--no-db", "--variant", given, cwd=tmp_path).stderr
        assert f"O002 no variant or overlay file '{given}': it is a folder (an overlay is one YAML file" in said, said
        assert "did you mean" not in said, said
    said = philtre("simulate", "poison", "-p", "4", "-n", "2", "--no-db", "--variant", "./house.yml", cwd=tmp_path).stderr
    assert "O002 no variant or overlay file './house.yml'" in said and "did you mean" not in said, said


# -- play -------------------------------------------------------------------------------------

def test_play_asks_again_after_a_number_too_long_to_read():
    result = philtre("play", "poison", "-p", "3", "--seed", "1", stdin="9" * 5000 + "\n" + "1\n" * 200)
    assert result.returncode == 0, result.stderr
    assert "internal error" not in result.stderr
    from philtre.interpreter.play_input import SAID_BACK

    said_back = "'" + "9" * SAID_BACK + "'..."  # cut short, with what to type
    assert f"your choice: {said_back} is not one of this turn's 10 options: type an option's number, 1..10" in result.stderr, result.stderr
    assert "game over" in result.stdout


def test_play_tells_what_the_other_seats_did_as_the_seat_may_know_it():
    result = philtre("play", "poison", "-p", "4", "--seed", "3", stdin="1\n" * 200, timeout=60)
    assert result.returncode == 0, result.stderr
    before_first = result.stdout.split("    1. ")[0]
    # the deal by counts only (the other hands are hidden), then seats 1-3 played before seat 0
    assert "dealt from deck: 13 to hand[1], 13 to hand[2], 12 to hand[3], 12 to hand[0]" in before_first
    assert [line.split(":")[0] for line in before_first.splitlines() if line.startswith("  > ")] == \
        ["  > seat 1", "  > seat 2", "  > seat 3"]
    assert "      potion purple value=7 points=1 from hand[1] to cauldron[1]" in before_first  # what the decision did
    assert "  > seat 0:" not in result.stdout  # one's own decisions are not told back
    assert "taken[1] revealed: " in result.stdout and "round 1 ends: points [" in result.stdout


def test_play_left_before_its_end_says_the_seed_that_plays_the_deal_again():
    """Input that ends mid-game (Ctrl-D) printed click's bare 'Aborted!': the deal, chosen at random, was lost."""
    result = philtre("play", "poison", "-p", "3", stdin="1\n", timeout=60)
    assert result.returncode == 1, result.stderr
    assert "Aborted!" not in result.stderr
    seed = re.search(r"game left before its end \(seed (\d+): --seed \1 plays this deal again\)$", result.stderr.strip())
    assert seed, result.stderr
    again = philtre("play", "poison", "-p", "3", "--seed", seed[1], stdin="1\n", timeout=60)
    assert again.stdout == result.stdout


def test_play_interrupted_at_its_prompt_exits_130_and_says_the_seed(tmp_path):
    """Ctrl-C at the prompt was 'Aborted!' and exit 1; elsewhere an interrupted command exits 130."""
    import signal
    import time

    err_path = tmp_path / "err.txt"
    with open(err_path, "w", encoding="utf-8") as err_file, subprocess.Popen(
            [sys.executable, "-m", "philtre", "play", "poison", "-p", "3", "--seed", "4"], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err_file,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)) as process:  # as from a terminal, even under `.ci/run &`
        deadline = time.monotonic() + 60
        while "your choice:" not in err_path.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(0.1)  # the game is dealt and waits at the prompt
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
    err = err_path.read_text(encoding="utf-8")
    assert "Traceback" not in err and "Aborted!" not in err, err
    assert process.returncode == 130, err
    assert err.strip().endswith("game left before its end (seed 4: --seed 4 plays this deal again)"), err


def test_play_records_the_game_played_and_replay_re_runs_it(tmp_path):
    """A game played at the terminal could not be kept: `play` had no --record, so an interesting game was lost."""
    path = tmp_path / "games" / "mine.jsonl"
    result = philtre("play", "pok", "-p", "3", "--seed", "2", "--record", path, stdin="1\n" * 200, timeout=60)
    assert result.returncode == 0, result.stderr
    assert f"record written to {path}" in result.stderr
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["seed"] == 2 and header["agents"] == ["external", "random", "random"]  # the seat's decisions came from outside
    again = philtre("replay", path)
    assert again.returncode == 0 and "all events match" in again.stdout, again.stderr


def test_play_left_before_its_end_writes_no_record_and_says_so(tmp_path):
    path = tmp_path / "mine.jsonl"
    result = philtre("play", "pok", "-p", "3", "--seed", "2", "--record", path, stdin="1\n", timeout=60)
    assert result.returncode == 1
    assert f"no record written to {path}: the game did not end" in result.stderr
    assert not path.exists()


def test_play_of_a_game_a_rule_stops_records_it_up_to_the_failure(tmp_path):
    (tmp_path / "stops.yaml").write_text(STOPS_AT_A_RULE, encoding="utf-8")
    result = philtre("play", "stops.yaml", "--seed", "3", "--record", "mine.jsonl", stdin="1\n" * 20, cwd=tmp_path, timeout=60)
    assert result.returncode == 1
    assert "R100 rule 'score' failed" in result.stderr
    assert "the record up to the failure is in mine.jsonl; `philtre replay mine.jsonl` plays it again" in result.stderr
    again = philtre("replay", "mine.jsonl", cwd=tmp_path)
    assert again.returncode == 1 and "all events match; the game stops at a rule, as recorded" in again.stdout, again.stderr


def test_play_of_a_game_a_rule_stops_says_its_seed(tmp_path):
    """With no --seed, the seed was said nowhere: the failure could not be played again."""
    (tmp_path / "stops.yaml").write_text(STOPS_AT_A_RULE, encoding="utf-8")
    result = philtre("play", "stops.yaml", stdin="1\n" * 20, cwd=tmp_path, timeout=60)
    assert result.returncode == 1 and "R100 rule 'score' failed" in result.stderr, result.stderr
    seed = re.search(r"seed (\d+): --seed (\d+) plays this deal again", result.stderr)
    assert seed and seed.group(1) == seed.group(2), result.stderr
    again = philtre("play", "stops.yaml", "--seed", seed.group(1), stdin="1\n" * 20, cwd=tmp_path, timeout=60)
    assert again.stderr == result.stderr


def test_play_against_other_agents_records_them_and_replays(tmp_path):
    """A designer could playtest only against random seats: `play` had no --agents."""
    result = philtre("play", "poison", "-p", "3", "--seed", "2", "--agents", "greedy,ismcts:20", "--record", "mine.jsonl",
                     stdin="1\n" * 300, cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    header = json.loads((tmp_path / "mine.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["agents"] == ["external", "greedy", "ismcts:20"]
    assert philtre("replay", "mine.jsonl", cwd=tmp_path).returncode == 0


def test_play_says_when_greedy_could_only_play_at_random():
    """README's `play poison --agents greedy` seated random players in disguise: Poison scores at the end of a round, so
    one step ahead every option looked the same; the designer believed they had beaten a stronger opponent. (The shipped
    Poison now declares a heuristic; tests/data/poison_no_heuristic.yaml is Poison without it.)"""
    blind = philtre("play", "poison", "--variant", str(ROOT / "tests" / "data" / "poison_no_heuristic.yaml"), "-p", "3",
                    "--seed", "2", "--agents", "greedy", stdin="1\n" * 300, timeout=120)
    assert blind.returncode == 0, blind.stderr
    assert "note: greedy (seats 1, 2) found every option equal one step ahead at each of its decisions" in blind.stderr
    assert "docs/agents.md#greedy" in blind.stderr
    seeing = philtre("play", "pok", "-p", "3", "--seed", "2", "--agents", "greedy", stdin="1\n" * 300, timeout=120)
    assert seeing.returncode == 0 and "note: greedy" not in seeing.stderr, seeing.stderr  # POK scores within the step
    shipped = philtre("play", "poison", "-p", "3", "--seed", "2", "--agents", "greedy", stdin="1\n" * 300, timeout=120)
    assert shipped.returncode == 0 and "note: greedy" not in shipped.stderr, shipped.stderr  # its heuristic tells them apart


@pytest.mark.parametrize("agents, said", [
    ("greedy,greedy,greedy", "give one agent for all the other seats, or one per other seat (2: seats 1, 2), got 3"),
    ("clever", "unknown agent 'clever' (known: greedy, ismcts, random)"),
    # a misspelt agent was only listed with the others; the one meant comes first
    ("grredy", "unknown agent 'grredy' (did you mean 'greedy'? known: greedy, ismcts, random)"),
    ("ismtcs:20", "unknown agent 'ismtcs:20' (did you mean 'ismcts'? known: greedy, ismcts, random)"),
])
def test_play_refuses_agents_it_cannot_seat(agents, said):
    result = philtre("play", "poison", "-p", "3", "--agents", agents, stdin="", timeout=60)
    assert result.returncode == 2 and said in result.stderr, result.stderr
    assert result.stdout == ""  # nothing dealt


def test_play_names_the_variants_it_plays(tmp_path):
    """`play poison --variant house.yaml` opened with 'Reiner Knizia's Poison: 3 players': nothing said the house rule was on."""
    (tmp_path / "house.yaml").write_text("extends: poison\ndefine: {limit: 15}\n", encoding="utf-8")
    result = philtre("play", "poison", "-p", "3", "--variant", "house.yaml", "--variant", "draw-pile", stdin="", cwd=tmp_path)
    assert result.stdout.startswith("Reiner Knizia's Poison + house.yaml + draw-pile: 3 players, you are seat 0\n"), result.stdout


def test_play_of_one_seat_says_one_player():
    """examples/dice-reroll/README.md's `philtre play examples/dice-reroll --players 1` opened with '1 players'."""
    result = philtre("play", "examples/dice-reroll", "--players", "1", stdin="", timeout=60)
    assert result.stdout.startswith("Yacht Lite: 1 player, you are seat 0\n"), result.stdout


def test_play_checks_its_record_path_before_the_deal(tmp_path):
    (tmp_path / "file").write_text("", encoding="utf-8")
    result = philtre("play", "pok", "-p", "3", "--record", tmp_path / "file" / "mine.jsonl", stdin="", timeout=60)
    assert result.returncode == 2
    assert "'--record'" in result.stderr and "is not a folder" in result.stderr
    assert result.stdout == ""  # nothing dealt


def test_an_attribute_named_shape_is_shown_unless_it_is_a_pieces_geometry():
    """POK's counters are told apart by their shape: play must say it (HUE's pieces keep their cell lists out)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    pok = Game(load_ruleset("pok"), 3, seed=1)
    assert [o.label() for o in pok.options(0)] == ["show(counter=counter disc (seat 0))", "show(counter=counter square (seat 0))",
                                                  "show(counter=counter triangle (seat 0))"]
    hue = Game(load_ruleset("hue"), 2, seed=1)
    assert all("solid" not in o.label() for o in list(hue.options(hue.pending()[0]))[:50])  # cells: [2, {solid: 1, ...}, 4]


def test_a_component_is_shown_with_its_words_as_they_are_and_other_values_named():
    """'silver 2 3 0' told a player nothing of which number was the cost (an author's finding)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    poison = Game(load_ruleset("poison"), 4, seed=3)
    labels = [o.label() for o in poison.options(poison.pending()[0])]
    assert any(label.startswith("play(card=potion ") and " value=" in label and " points=1, into=cauldron[" in label for label in labels), labels
    assert any(label.startswith("play(card=poison value=4 points=2, ") for label in labels), labels


def test_play_offers_positions_only_in_a_game_that_places_pieces():
    """Poison has no grid: a word that is not a number gets the range of numbers, not 'x y rot'."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import match_choice

    poison = Game(load_ruleset("poison"), 3, seed=1)
    options = poison.options(poison.pending()[0])
    said = match_choice("foo", options)
    assert said.startswith(f"'foo' is not among this turn's options (the {len(options)} the rules allow now): type an option's number, "
                           f"1..{len(options)}, or an option as listed, e.g. play(")
    assert "x y rot" not in said
    hue = Game(load_ruleset("hue"), 2, seed=1)
    assert "'x y rot'" in match_choice("foo", hue.options(hue.pending()[0]))


def test_play_takes_an_option_typed_as_listed_or_by_its_words():
    """Liar's Dice offers up to 180 bids and play lists 40: 'bid(q=12, f=4)' could be chosen only by guessing its number."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import match_choice

    game = Game(load_ruleset(str(ROOT / "examples" / "liars-dice")), 3, seed=1)
    options = game.options(0)
    far = [o for o in options if o.label() == "bid(q=12, f=4)"]
    assert far and options.index(far[0]) >= 40
    for typed in ["bid(q=12, f=4)", "BID( q=12,f=4 )", "bid q=12 f=4", "q=12 f=4", "f=4, q=12"]:
        assert match_choice(typed, options) is far[0], typed
    assert match_choice("q=12", options).startswith("6 options match; write more of one: f=1 (option 67), f=2 (option 68), f=3 "
                                                    "(option 69), f=4 (option 70), f=5 (option 71), f=6 (option 72), or type "
                                                    "its number: 67. bid(q=12, f=1);")
    assert match_choice("liar", options).startswith("'liar' is not among this turn's options")  # the opening bid cannot be called
    game.apply(0, far[0])
    assert match_choice("liar", game.options(1)).action == "liar"
    poison = Game(load_ruleset("poison"), 3, seed=1)
    options = poison.options(poison.pending()[0])
    assert match_choice(options[5].label(), options) is options[5]  # a component written out as listed
    hue = Game(load_ruleset("hue"), 2, seed=1)
    assert "'x y rot'" in match_choice("foo", hue.options(hue.pending()[0]))  # a position still reads as one


def test_play_tells_another_seats_placement_as_its_own_options_show_one():
    """HUE: options read at=(x=3, y=1, rot=0), another seat's move was told as at={'x': 3, 'y': 1, 'rot': 0, 'overlap': 1, ...}."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.render import event_text

    game = Game(load_ruleset("hue"), 2, seed=1, record=True)
    option = game.options(0)[0]
    game.apply(0, option)
    [told] = [event_text(e, game.ruleset) for e in game.recorder.for_player(1) if e.get("event") == "decision"]
    at = option.label().split(", at=")[1]
    assert at.startswith("(x=") and told.endswith(f", at={at}"), (told, option.label())



def test_play_tells_every_component_a_reveal_shows_and_alike_moves_once():
    """A reveal of five dice was told as 'cup[1] revealed: 5 components': what the reveal showed, the news, was not said."""
    from philtre.interpreter.render import event_text

    from types import SimpleNamespace

    from philtre.dsl.model import ZoneSpec

    # (a cup only its owner sees, as in Liar's Dice: a reveal of a zone every seat sees is told "(face up already)")
    ruleset = SimpleNamespace(zones={"cup": ZoneSpec("cup", "player", 1, "owner", "everyone", None)})
    faces = [{"type": "face", "id": i, "pips": i + 1, "owner": 1} for i in range(5)]
    reveal = {"event": "reveal", "zone": {"zone": "cup", "index": 1}, "components": faces}
    assert event_text(reveal, ruleset) == "cup[1] revealed: " + ", ".join(f"face pips={i + 1} (seat 1)" for i in range(5))
    hidden = {"event": "move", "from": {"zone": "cup", "index": 1}, "to": {"zone": "cup", "index": 0},
              "components": [{"hidden": True}] * 3}
    assert event_text(hidden, ruleset) == "a hidden component x3 from cup[1] to cup[0]"
    assert event_text(dict(hidden, components=faces), ruleset) == (  # a move of many: each kind (test_play_cli's)
        ", ".join(f"face pips={i + 1} (seat 1)" for i in range(5)) + " from cup[1] to cup[0]")


def test_play_names_the_cards_dealt_to_a_zone_every_seat_sees():
    """A Hold'em's runout dealt face up was told 'dealt from deck: 2 to board', and gathered before the board showed it:
    the seat never learnt which cards decided the hand. Cards dealt face down are told by how many, as before."""
    from types import SimpleNamespace

    from philtre.interpreter.render import event_text

    from philtre.dsl.model import ZoneSpec

    zones = {name: ZoneSpec(name, kind, 1, visible, "everyone", None)
             for name, kind, visible in (("deck", "single", "nobody"), ("board", "single", "everyone"), ("hand", "player", "owner"))}
    ruleset = SimpleNamespace(zones=zones)
    cards = [{"type": "card", "id": i, "rank": i} for i in (4, 3)]
    deal = {"event": "deal", "from": {"zone": "deck", "index": 0}, "to": [{"zone": "board", "index": 0, "components": cards}]}
    assert event_text(deal, ruleset) == "dealt from deck to board: card rank=4, card rank=3"
    hands = [{"zone": "hand", "index": i, "components": cards if i else [{"hidden": True}] * 2} for i in (0, 1)]
    assert event_text(dict(deal, to=hands), ruleset) == "dealt from deck: 2 to hand[0], 2 to hand[1]"
    assert event_text(dict(deal, to=deal["to"] + hands[:1]), ruleset) == (
        "dealt from deck: to board: card rank=4, card rank=3; 2 to hand[0]")  # (the zone before the cards named)


def test_play_tells_nothing_of_a_deal_that_moved_nothing():
    """A Jaipur trial's refill of a full market was told 'dealt from deck: 0 to market' after every action: a deal that
    gave none is no news, and a zone dealt none is left out of a deal's line. The record keeps the event as it was."""
    from types import SimpleNamespace

    from philtre.interpreter.render import event_text

    from philtre.dsl.model import ZoneSpec

    zones = {name: ZoneSpec(name, kind, 1, visible, "everyone", None)
             for name, kind, visible in (("deck", "single", "nobody"), ("market", "single", "everyone"), ("hand", "player", "owner"))}
    ruleset = SimpleNamespace(zones=zones)
    deal = {"event": "deal", "from": {"zone": "deck", "index": 0}, "to": [{"zone": "market", "index": 0, "components": []}]}
    assert event_text(deal, ruleset) is None
    hands = [{"zone": "hand", "index": i, "components": [{"hidden": True}] * i} for i in (0, 1)]
    assert event_text(dict(deal, to=hands), ruleset) == "dealt from deck: 1 to hand[1]"


def test_play_tells_a_score_that_moved_and_not_one_that_did_not():
    """A Reversi kept each score equal to the discs with `add: discs(p) - score[p]`: after every pass play told
    'seat 0 scores +0 (now 11)' for each seat."""
    from philtre.interpreter.render import event_text

    score = {"event": "score", "player": 0, "points": 2, "total": 11}
    assert event_text(score, None) == "seat 0 scores +2 (now 11)"
    assert event_text(dict(score, points=-1), None) == "seat 0 scores -1 (now 11)"
    assert event_text(dict(score, points=0), None) is None

OWNED_DISCS = """\
game: owned
players: 2
components:
  disc: {each: player, copies: 2, start: supply}
zones:
  supply: {each: player, visible: owner}
  board: {}
actions:
  drop:
    choose: {disc: "supply[me]"}
    do:
      - move: disc -> board
  grab:
    choose: {disc: "supply[left(me)]"}
    do:
      - move: disc -> board
flow:
  - turns: 0
    until: count(board) == 2
    do:
      - decide: [drop, grab]
"""


def test_play_shows_whose_component_it_is_where_the_seat_sees_it(tmp_path):
    """A shared board of one type reads 'disc (seat 0)'; the owner of a disc in a hidden zone is not shown."""
    (tmp_path / "owned.yaml").write_text(OWNED_DISCS)
    result = philtre("play", tmp_path / "owned.yaml", "-p", "2", "--seat", "0", "--seed", "1", stdin="1\n1\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "supply[0] (you): [disc (seat 0) x2]" in result.stdout  # alike in a row: once, with how many
    assert "1. drop(disc=disc (seat 0))" in result.stdout
    assert "grab(disc=disc)" in result.stdout and "grab(disc=disc (seat 1))" not in result.stdout
    assert "board: [disc (seat 0), disc (seat 1)]" in result.stdout or "board: [disc (seat 0) x2]" in result.stdout


def test_play_tells_a_run_of_components_alike_once_with_how_many(tmp_path):
    """Connect Four's supply of 21 discs filled a line with 'disc (seat 0), ' 21 times; a run is told once, in its place."""
    (tmp_path / "owned.yaml").write_text(OWNED_DISCS.replace("copies: 2", "copies: 21").replace("count(board) == 2", "count(board) == 3"))
    result = philtre("play", tmp_path / "owned.yaml", "-p", "2", "--seat", "0", "--seed", "1", stdin="1\n1\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "supply[0] (you): [disc (seat 0) x21]" in result.stdout
    assert "supply[1]: 21 hidden" in result.stdout
    # the board keeps its order, bottom to top: a run is cut where another component lies between
    board = [line for line in result.stdout.splitlines() if line.startswith("  board: ")][-1]
    assert re.fullmatch(r"  board: \[disc \(seat \d\)( x\d)?(, disc \(seat \d\)( x\d)?)*\]", board), board


LONE = """\
game: lone
players: 1
variables:
  stopped: false
  last: null                              # nothing (none in the rules; `none` here is a word)
  seen: {initial: [], visible: everyone}
components:
  disc: {copies: 1, start: supply}
zones:
  supply: {}
actions:
  stop:
    do:
      - set: {stopped: true, seen: "['a', 'b']"}
flow:
  - decide: stop
    player: 0
  - decide: stop
    player: 0
"""


def test_play_says_values_in_the_languages_words_and_no_round_for_a_game_without_rounds(tmp_path):
    (tmp_path / "lone.yaml").write_text(LONE)
    result = philtre("play", tmp_path / "lone.yaml", stdin="1\n1\n", timeout=60)  # one player count: no --players needed
    assert result.returncode == 0, result.stderr
    assert "stopped = false" in result.stdout and "stopped = true" in result.stdout and "last = none" in result.stdout
    assert "seen = [a, b]" in result.stdout  # words as attributes show them: no quotes where none is needed
    assert "True" not in result.stdout and "None" not in result.stdout and "False" not in result.stdout
    assert "round 0" not in result.stdout and "\nscores [0]" in result.stdout


@pytest.mark.parametrize("command", ["simulate", "compare", "play"])
def test_players_may_be_left_out_only_when_the_ruleset_takes_one_number(tmp_path, command):
    (tmp_path / "lone.yaml").write_text(LONE)
    extra = ["--variant", "draw-pile"] if command == "compare" else []
    if command != "compare":
        result = philtre(command, tmp_path / "lone.yaml", *(["-n", "3", "--no-db"] if command == "simulate" else []),
                         stdin="1\n1\n", timeout=60)
        assert result.returncode == 0, result.stderr
    result = philtre(command, "poison", *extra, *(["-n", "3", "--no-db"] if command != "play" else []), timeout=60)
    assert result.returncode == 2
    assert "Missing option '--players' / '-p': poison is for 3 to 6 players" in result.stderr


def test_validate_of_the_current_folder_names_the_folder(tmp_path):
    game = tmp_path / "my-game"
    game.mkdir()
    (game / "ruleset.yaml").write_text(LONE)
    result = philtre("validate", ".", cwd=game)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr.startswith("my-game: yaml ok;"), result.stderr
    # and so beside its variants: `. + house` named the same folder otherwise
    (game / "variants").mkdir()
    (game / "variants" / "house.yaml").write_text("extends: ../ruleset.yaml\ndescription: A house rule\n", encoding="utf-8")
    result = philtre("validate", ".", cwd=game)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr.splitlines()[:2] == ["my-game: yaml ok; schema ok; expressions ok; references ok; lints ok",
                                              "my-game + house: yaml ok; schema ok; expressions ok; references ok; lints ok"], result.stderr


def test_validate_of_the_current_folder_written_out_whole_names_the_folder(tmp_path, monkeypatch):
    """A Hanamikoji trial's `philtre validate /path/of/the/current/folder` was said `.: yaml ok ...`, where `validate .`
    says the folder's name."""
    from philtre.dsl.report import summary

    game = tmp_path / "my-game"
    game.mkdir()
    monkeypatch.chdir(game)
    assert summary(str(game), [], "lints", False).startswith("my-game: yaml ok;")
    assert summary(".", [], "lints", False, ("house",)).startswith("my-game + house: yaml ok;")
    assert summary(str(game / "ruleset.yaml"), [], "lints", False).startswith("ruleset.yaml: yaml ok;")


FAR_APART = """\
game: far
players: 2
components:
  tile: {attributes: {i: [0, 1]}, derive: {cells: "[i, i]"}, start: tiles}
zones:
  tiles: {}
  board: {grid: true}
actions:
  pass: {}
flow:
  - place: {piece: last(tiles), to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
  - place: {piece: first(tiles), to: board, at: "{'x': 100000, 'y': 100000, 'rot': 0}"}
  - decide: pass
    player: 0
"""


def test_play_says_a_grid_is_too_large_to_draw_instead_of_drawing_it(tmp_path):
    (tmp_path / "far.yaml").write_text(FAR_APART)
    result = philtre("play", tmp_path / "far.yaml", "-p", "2", "--seat", "0", stdin="1\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "(4 cells over 100002 x 100001, too large to draw: x 0..100001, y 0..100000)" in result.stdout


# -- output paths -----------------------------------------------------------------------------

@pytest.mark.parametrize("option, path, reason", [
    ("--record", "afile/sub", "cannot make the folder afile/sub"),
    ("--record", "/dev/null", "/dev/null exists and is not a folder"),
    ("--report", "/dev/null", "/dev/null exists and is not a folder"),
    ("--report", "afile/sub", "cannot make the folder afile/sub"),
    ("--csv", "afile/x.csv", "afile exists and is not a folder"),
    ("--record", "/proc/x", "cannot make the folder /proc/x"),
    ("--csv", "/proc/version", "cannot write /proc/version"),
])
def test_an_output_path_that_cannot_be_written_is_a_usage_error(tmp_path, option, path, reason):
    if path.startswith(("/dev", "/proc")) and not os.path.exists(os.path.dirname(path)):
        pytest.skip("no /dev or /proc here")
    (tmp_path / "afile").write_text("", encoding="utf-8")
    result = philtre("simulate", "poison", "-p", "3", "-n", "2", "--no-db", "-w", "1", option, path, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert f"Invalid value for '{option}': {reason}" in result.stderr, result.stderr
    assert (tmp_path / "afile").read_text(encoding="utf-8") == ""


def test_a_bad_csv_path_is_found_before_the_games_are_played(tmp_path):
    (tmp_path / "afile").write_text("", encoding="utf-8")
    result = philtre("simulate", "poison", "-p", "3", "-n", "10000000", "--no-db", "-w", "1", "--csv", "afile/x.csv",
                     cwd=tmp_path, timeout=60)
    assert result.returncode == 2 and "afile exists and is not a folder" in result.stderr, result.stderr



# -- scenarios --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["poison", "pok"])
def test_scenarios_pass(game):
    result = philtre("test", game)
    assert result.returncode == 0, result.stdout + result.stderr
    last = [line for line in result.stdout.splitlines() if line.strip()][-1]
    match = re.fullmatch(r"(\d+) passed, 0 failed", last)
    assert match and int(match[1]) >= 1, last


def test_one_game_is_one_game_not_one_games(tmp_path):
    """The summary and the closing line said '1 games'."""
    result = philtre("simulate", ROOT / "examples" / "tutorial", "-p", "2", "-n", "1", "--db", tmp_path / "r.sqlite")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("high-card: 2 players, 1 game, seed 0"), result.stdout
    assert result.stderr.startswith("1 game in "), result.stderr


def test_test_json_gives_each_scenario_and_the_totals(tmp_path):
    """DESIGN.md: results on stdout, --json for machines; `philtre test` printed only its text."""
    result = philtre("test", "examples/tutorial", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["passed"], report["failed"], report["skipped"]) == (2, 0, 0)
    first = report["scenarios"][0]
    assert (first["name"], first["line"], first["column"], first["outcome"]) == ("everyone is dealt three cards", 3, 5, "ok")
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text((ROOT / "examples" / "tutorial" / "ruleset.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    scenarios = (ROOT / "examples" / "tutorial" / "scenarios.yaml").read_text(encoding="utf-8")
    (folder / "scenarios.yaml").write_text(scenarios.replace("score == [2, 1]", "score == [1, 2]"), encoding="utf-8")
    result = philtre("test", folder, "--json")
    assert result.returncode == 1
    failed = [s for s in json.loads(result.stdout)["scenarios"] if s["outcome"] == "failed"]
    assert len(failed) == 1 and "expected true: score == [1, 2]" in failed[0]["failures"][0], failed


def test_a_k_that_matches_no_scenario_says_so():
    """`-k` that picks none of the written scenarios names the -k, not a missing scenarios.yaml."""
    result = philtre("test", "examples/tutorial", "-k", "no such name")
    assert result.returncode == 1
    assert "no scenario's name contains 'no such name'" in result.stderr, result.stderr
    assert "scenarios.yaml beside the ruleset" not in result.stderr


@pytest.mark.parametrize("kind", ["module", "script"])
@pytest.mark.parametrize("command", [("show", "hue"), ("games",), ("diff", "poison", "--variant", "draw-pile"),
                                     ("simulate", "poison", "-p", "3", "-n", "2", "--no-db"), ("--help",)])
def test_output_cut_short_by_its_reader_stops_quietly_with_exit_1(tmp_path, command, kind):
    """`philtre show hue | true`: the reader is gone before the output is written (a broken pipe). Every command stops
    there with no word and exit 1, as README says (`play` alone says the seed of its deal: test_play_cli.py)."""
    from test_play_cli import launcher, reader_gone

    code, err = reader_gone([*launcher(kind, tmp_path), *command])
    assert (code, err) == (1, ""), (code, err)
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "when its reader stops reading (`| head -5`), it stops there quietly, exit 1 too, with no message" in readme


def test_every_option_of_every_command_says_what_it_does():
    import click

    from philtre.interpreter.cli import main

    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        silent = [p.opts[0] for p in command.params if isinstance(p, click.Option) and not p.help and not p.hidden]
        assert not silent, f"philtre {name}: options without help: {silent}"


HIDDEN_VARIABLES = """\
philtre: 1
game: hidden-variables
players: 2
components:
  card: {attributes: {colour: [red, blue]}, start: deck}
zones:
  deck: {visible: nobody}
variables:
  purse: {initial: 5, each: player, visible: owner}
  kept: {initial: [], each: player, visible: owner}
  spare: {initial: 0, each: player}
actions:
  spend:
    do:
      - set: {"purse[me]": "purse[me] - 1"}
flow:
  - set: {"kept[0]": "[first(deck)]"}
  - repeat: 2
    do:
      - decide: spend
        player: 1
      - decide: spend
        player: 0
winners: {highest: "score[p]"}
"""


def test_play_shows_what_a_seat_may_not_see_as_hidden_and_components_by_name(tmp_path):
    """A hidden entry read `none` (like a real none), a hidden set 'a hidden component', a component a Python dict."""
    (tmp_path / "hv.yaml").write_text(HIDDEN_VARIABLES, encoding="utf-8")
    result = philtre("play", tmp_path / "hv.yaml", "--seat", "0", "--seed", "1", stdin="1\n1\n", timeout=60)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "  purse = [5, hidden]" in out and "  spare = [0, 0]" in out, out
    assert "  kept = [[card " in out and "'type'" not in out, out
    assert "  > seat 1: spend()\n" in out and "purse[1] = " not in out, out  # (a set it cannot see: not told)


KNOWN_MAPS = """\
philtre: 1
game: known-maps
players: 2
components:
  card: {attributes: {colour: [red, blue]}, start: deck}
zones:
  deck: {visible: nobody}
variables:
  known: {initial: [], each: player}
  secret: {initial: [], each: player, visible: owner}
  words: {initial: [red, 'a b', '7', 'none']}
actions:
  wait:
    do: []
flow:
  - set: {known: "[[{'colour': 'red', 'value': none, 'not_colours': ['blue'], 'told': p == 0}] for p in players]"}
  - set: {secret: "[['mine'] for p in players]"}
  - decide: wait
    player: 0
winners: {highest: "score[p]"}
"""


def test_play_shows_a_per_seat_variable_of_maps_one_seat_a_line_in_the_languages_words(tmp_path):
    """Hanabi's clue knowledge (a list of maps a seat) was one line of Python dicts, {'colour': none, ...}, for all seats:
    a line longer than the board's is one seat a line; a short one stays whole."""
    (tmp_path / "known.yaml").write_text(KNOWN_MAPS, encoding="utf-8")
    result = philtre("play", tmp_path / "known.yaml", "--seat", "1", stdin="1\n", timeout=60)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    # (a map's keys its initial value does not declare are written sorted: docs/playing.md, the board)
    assert ("\n  known[0] = [{colour: red, not_colours: [blue], told: true, value: none}]"
            "\n  known[1] = [{colour: red, not_colours: [blue], told: false, value: none}]\n") in out, out
    assert "\n  secret = [hidden, [mine]]\n" in out, out  # seat 1 sees its own entry alone
    assert "\n  words = [red, 'a b', '7', 'none']\n" in out, out  # quoted where bare it would read as another value


HIDDEN_GRID = """\
philtre: 1
game: hidden-grid
players: 2
components:
  tile: {attributes: {color: [0, 1, 2, 3]}, derive: {cells: "[color]"}, start: bag}
zones:
  bag: {visible: nobody}
  hand: {each: player, visible: owner}
  board: {grid: {resolution: 1}, visible: nobody}
actions:
  put:
    choose: {t: "hand[me]", at: "placements(board, t)"}
    if: at.overlap == 0 and (at.touching > 0 or count(board) == 0)
    do:
      - place: {piece: t, to: board, at: at}
flow:
  - shuffle: bag
  - deal: {from: bag, to: hand, count: 2}
  - turns: 0
    until: count(hand[1]) == 0
    do:
      - decide: put
winners: {highest: "score[p]"}
"""


def test_play_tells_a_placement_on_a_grid_the_seat_does_not_see_without_failing(tmp_path):
    """The record a seat is told hides both the piece and where it went on a grid it does not see."""
    (tmp_path / "grid.yaml").write_text(HIDDEN_GRID, encoding="utf-8")
    result = philtre("play", tmp_path / "grid.yaml", "--seat", "0", "--seed", "1", stdin="1\n1\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "a hidden component placed on board at a hidden place" in result.stdout, result.stdout


@pytest.mark.parametrize("field, value, said", [
    ("players", 7, "rec.jsonl:1:1: R001 poison is for 3 to 6 players, not 7: the record's header has players 7"),
    ("ruleset.source", "/nonexistent/r.yaml", "rec.jsonl:1:1: F001 /nonexistent/r.yaml: no such file, named in the record's header"),
    ("ruleset.source", "poisn", "rec.jsonl:1:1: F002 no shipped game or file named 'poisn', named in the record's header"),
    ("ruleset.source", "/etc/hostname", "rec.jsonl:1:1: P006 the record's header names '/etc/hostname' as its ruleset, which is no"),
    ("ruleset.variants", ["/etc/hostname"], "rec.jsonl:1:1: P006 the record's header names '/etc/hostname' as an overlay, which is no"),
], ids=["players", "missing-file", "unknown-game", "not-yaml", "overlay-not-yaml"])
def test_replay_blames_the_record_s_header_for_a_ruleset_or_player_count_it_cannot_have(records, tmp_path, field, value, said):
    """The ruleset is fine: what is wrong is what the header says, so the message points at the header.
    A record is untrusted: a file it names that is no ruleset is not read (nor quoted in a message)."""
    result = replay_lines(tmp_path, with_header_field(record_lines(records), field, value))
    assert result.returncode == 1
    assert said in result.stderr, result.stderr
    if "P006" in said:
        assert open("/etc/hostname", encoding="utf-8").read().strip()[:8] not in result.stderr.split("ruleset,")[-1].split("overlay,")[-1]


def test_the_same_variant_given_twice_is_a_usage_error():
    """It was applied twice without a word; a file given twice by two paths is the same overlay."""
    result = philtre("simulate", "poison", "-p", "4", "-n", "2", "--no-db", "--variant", "draw-pile", "--variant", "draw-pile")
    assert result.returncode == 2 and "--variant draw-pile is given twice" in result.stderr, result.stderr
    path = ROOT / "rulesets" / "poison" / "variants" / "draw-pile.yaml"
    twice = philtre("validate", "poison", "--variant", str(path), "--variant", os.path.relpath(path, ROOT))
    assert twice.returncode == 2 and "is given twice" in twice.stderr, twice.stderr
    for command in (["validate"], ["simulate", "-p", "4", "-n", "2", "--no-db"]):  # by name and by path: applied once, silently
        both = philtre(*command, "poison", "--variant", "draw-pile", "--variant", str(path))
        assert both.returncode == 2 and "is given twice" in both.stderr, both.stderr


# -- faults found by fuzzing the command line -------------------------------------------------

def game_with_scenarios(tmp_path, scenarios: str, game: str = "poison") -> Path:
    """A copy of a shipped game's ruleset in tmp_path/g, with ``scenarios`` as its scenarios.yaml."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text((ROOT / "rulesets" / game / "ruleset.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    return folder


@pytest.mark.parametrize("kind", ["{a: 1}", "[poison]"])
def test_a_component_type_that_is_a_list_or_mapping_is_t009_at_it(tmp_path, kind):
    """`card: {type: {a: 1}}` in a step was "internal error: TypeError: unhashable type"."""
    text = ("scenarios:\n  - name: n\n    players: 4\n    steps:\n"
            f"      - {{player: 1, action: play, args: {{card: {{type: {kind}}}, into: \"cauldron[0]\"}}}}\n    expect: [true]\n")
    game_with_scenarios(tmp_path, text)
    line, col = position(text, kind)
    for command in ("test", "validate"):
        result = philtre(command, "g", cwd=tmp_path)
        said = result.stdout + result.stderr  # validate's findings go to stdout
        assert result.returncode == 1 and "internal error" not in said, said
        assert f"g/scenarios.yaml:{line}:{col}: T009 a component's type is one name, not {kind}" in said, said


@pytest.mark.parametrize("given, needle, said", [
    ("{score: [0, 0, 0, 0, 0, 100]}", "[0, 0, 0, 0, 0, 100]", "T016 score gives 6 values for the 4 seats of this scenario"),
    ("{round_scores: [[1, 2, 3, 4, 5]]}", "[1, 2, 3, 4, 5]", "T016 round 1 of round_scores gives 5 values for the 4 seats"),
    ("{round: 3}", "round", "T011 given.round counts the rounds of given.at, which is not given"),
    ("{time: 3}", "time", "T011 given.time counts the times the flow waits at given.at, which is not given"),
])
def test_given_scores_for_seats_the_scenario_lacks_or_a_round_without_at_are_refused(tmp_path, given, needle, said):
    """Six scores in a 4-player scenario were kept (score[5] read 100), and `round:` without `at:` was ignored, silently."""
    text = f"scenarios:\n  - {{name: n, players: 4, given: {given}, expect: [true]}}\n"
    game_with_scenarios(tmp_path, text, "pok")
    line, col = position(text, needle)
    result = philtre("test", "g", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert f"g/scenarios.yaml:{line}:{col}: {said}" in result.stderr, result.stderr


@pytest.mark.parametrize("kind", ["folder", "dangling", "loop", "fifo"])
def test_a_scenarios_yaml_that_cannot_be_read_is_f001_naming_it(tmp_path, kind):
    """A scenarios.yaml that is a folder, a pipe or a bad link was skipped: "no scenarios to run", and validate "no findings"."""
    folder = game_with_scenarios(tmp_path, "")
    target = folder / "scenarios.yaml"
    target.unlink()
    if kind == "folder":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        os.symlink("/nonexistent.yaml" if kind == "dangling" else target, target)
    for command in ("test", "validate"):
        result = philtre(command, "g", cwd=tmp_path, timeout=60)
        said = result.stdout + result.stderr  # validate's findings go to stdout
        assert result.returncode == 1, said
        assert "g/scenarios.yaml: F001 " in said and "the scenarios beside the ruleset cannot be read" in said, said


@pytest.mark.parametrize("text, where", [("scenarios: []\nextra: 1\n", "2:1"), ("hello\n", "1:1"), ("~\n", "1:1")])
def test_a_scenarios_file_of_the_wrong_shape_is_v003_where_it_goes_wrong(tmp_path, text, where):
    """An extra key on line 2 was reported at 1:1, and a scalar or empty document with no line at all."""
    game_with_scenarios(tmp_path, text)
    result = philtre("test", "g", cwd=tmp_path)
    assert result.returncode == 1
    assert f"g/scenarios.yaml:{where}: V003 a scenarios file holds 'scenarios:'" in result.stderr, result.stderr


def test_validate_of_an_empty_scenarios_file_calls_it_a_scenarios_file(tmp_path):
    """`philtre validate g/scenarios.yaml` said "a ruleset is a YAML mapping (keys such as game:, ...), not a empty document"."""
    game_with_scenarios(tmp_path, "~\n")
    result = philtre("validate", "g/scenarios.yaml", cwd=tmp_path)
    assert result.returncode == 1
    assert "g/scenarios.yaml:1:1: Y003 a scenarios file holds 'scenarios:', with a list of scenarios, and may hold 'defaults:', not an empty document" \
        in result.stdout, result.stdout


def test_a_pipe_as_the_ruleset_or_as_a_folder_s_ruleset_yaml_is_said_so(tmp_path):
    """A pipe x.yaml got "did you mean 'other.yaml'?"; a folder whose ruleset.yaml is a pipe "a folder without a ruleset.yaml"."""
    os.mkfifo(tmp_path / "x.yaml")
    (tmp_path / "other.yaml").write_text("a: 1\n", encoding="utf-8")
    (tmp_path / "f").mkdir()
    os.mkfifo(tmp_path / "f" / "ruleset.yaml")
    pipe = philtre("test", "x.yaml", cwd=tmp_path, timeout=60)
    assert pipe.returncode == 1 and pipe.stderr.strip() == "x.yaml: F001 not a regular file", pipe.stderr
    inside = philtre("test", "f", cwd=tmp_path, timeout=60)
    assert inside.returncode == 1 and inside.stderr.startswith("f/ruleset.yaml: F001 not a regular file"), inside.stderr


@pytest.mark.parametrize("make, name", [
    (lambda d: (d / "game-00002.jsonl").mkdir(), "game-00002.jsonl"),
    (lambda d: os.symlink("/nonexistent/x", d / "game-00001.jsonl"), "game-00001.jsonl"),
])
def test_a_record_file_that_cannot_be_written_is_a_usage_error_before_the_games(tmp_path, make, name):
    """A folder or dangling link named like a record was "internal error: IsADirectoryError" after every game was played."""
    (tmp_path / "out").mkdir()
    make(tmp_path / "out")
    result = philtre("simulate", "poison", "-p", "4", "-n", "3", "--no-db", "--record", "out", cwd=tmp_path)
    assert result.returncode == 2 and "internal error" not in result.stderr, result.stderr
    assert f"Invalid value for '--record': cannot write out/{name}: it is a" in result.stderr, result.stderr
    assert result.stdout == ""  # nothing played


def test_a_report_page_that_cannot_be_written_is_a_usage_error_before_the_games(tmp_path):
    """DIR/index.html a folder: "internal error: IsADirectoryError" once the whole run had been played."""
    (tmp_path / "rep" / "index.html").mkdir(parents=True)
    result = philtre("simulate", "poison", "-p", "4", "-n", "3", "--no-db", "--report", "rep", cwd=tmp_path)
    assert result.returncode == 2 and "internal error" not in result.stderr, result.stderr
    assert "cannot write rep/index.html: it is a folder" in result.stderr, result.stderr


def test_a_record_that_cannot_be_written_while_the_run_plays_is_f003_naming_it(tmp_path):
    """The check before the run aside, a record file that cannot be written was an IsADirectoryError from the run."""
    from philtre.dsl import load_ruleset
    from philtre.dsl.errors import PhiltreError
    from philtre.interpreter.runs import run_simulation
    from philtre.interpreter.simulate import RunSpec

    (tmp_path / "game-00002.jsonl").mkdir()
    spec = RunSpec(load_ruleset("poison"), 4, ["random"] * 4, 0, record=True)
    with pytest.raises(PhiltreError) as caught:
        run_simulation(spec, 3, record_dir=str(tmp_path))
    first = caught.value.first
    assert (first.code, first.loc.path) == ("F003", str(tmp_path / "game-00002.jsonl")), str(caught.value)


@pytest.mark.parametrize("column, value", [("history", "[1, 2]"), ("winners", "[" * 100_000)])
def test_a_damaged_saved_game_on_resume_is_b001_naming_it(tmp_path, column, value):
    """A history whose items are not [decisions, scores] pairs, or JSON nested past the recursion limit, was an internal error."""
    import sqlite3

    args = ("simulate", "pok", "-p", "4", "-n", "3", "--seed", "9", "--db", "a.sqlite", "-w", "1")
    assert philtre(*args, cwd=tmp_path).returncode == 0
    with sqlite3.connect(tmp_path / "a.sqlite") as db:
        db.execute(f"UPDATE games SET {column} = ? WHERE idx = 1", (value,))
    db.close()
    result = philtre(*args, "--resume", cwd=tmp_path)
    assert result.returncode == 1 and "internal error" not in result.stderr, result.stderr
    assert re.search(r"^a\.sqlite: B001 game 2 \(idx 1 in the games table\) of run \w+ is damaged: ", result.stderr, re.M), result.stderr


@pytest.mark.parametrize("column, value, says", [
    ("scores", "[1e999, 1, 1]", "scores must be 3 finite numbers"), ("scores", "[NaN, 1, 1]", "scores must be 3 finite numbers"),
    ("winners", "[0, 0]", "winners must be a list of seats, each once"), ("decisions", -5, "0 or more"),
    ("seed", "abc", "seed"), ("drama", 5.0, "in 0..1"), ("scores", "abc", "scores is not JSON")])
def test_a_saved_game_damaged_past_its_kinds_is_b001_not_a_summary_of_it(tmp_path, column, value, says):
    """A score of 1e999 (infinity to Python's JSON reader) was summed into `"score_mean": Infinity` in --json, which is
    no JSON; a seat named twice among the winners, a negative length or a drama of 5 were summarised as they were."""
    import sqlite3

    args = ("simulate", "pok", "-p", "3", "-n", "3", "--seed", "9", "--db", "a.sqlite", "-w", "1", "--json")
    assert philtre(*args, cwd=tmp_path).returncode == 0
    with sqlite3.connect(tmp_path / "a.sqlite") as db:
        db.execute(f"UPDATE games SET {column} = ? WHERE idx = 1", (value,))
    db.close()
    result = philtre(*args, "--resume", cwd=tmp_path)
    assert result.returncode == 1 and result.stdout == "", result.stdout
    assert re.search(r"^a\.sqlite: B001 game 2 \(idx 1 in the games table\) of run \w+ is damaged: ", result.stderr, re.M), result.stderr
    assert says in result.stderr, result.stderr


def test_a_byte_that_is_not_utf8_typed_at_play_is_asked_again(tmp_path):
    """With strict stdin decoding (a UTF-8 locale), a 0xff byte was "internal error: UnicodeDecodeError"."""
    result = subprocess.run([sys.executable, "-m", "philtre", "play", "pok", "-p", "3", "--seed", "1"], cwd=tmp_path,
                            input=b"1\n\xff\n", capture_output=True, timeout=120, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    err = result.stderr.decode("utf-8", "replace")
    assert "internal error" not in err and "Traceback" not in err, err
    assert "is not among this turn's options" in err and "game left before its end (seed 1" in err, err
    assert result.returncode == 1  # the input ended, as with Ctrl-D


INTERRUPTED_EARLY = {  # a script named `philtre`, as the console script is: the SIGINT comes at a known moment
    "starting": "import os, signal, time\nimport philtre.interpreter.cli\nos.kill(os.getpid(), signal.SIGINT)\ntime.sleep(5)\n",
    "lazy-import": ("import os, signal, sys\nfrom philtre.interpreter import cli\nlazy = cli.LazyGroup.get_command\n\n\n"
                    "def get_command(self, ctx, name):\n    os.kill(os.getpid(), signal.SIGINT)\n    return lazy(self, ctx, name)\n\n\n"
                    "cli.LazyGroup.get_command = get_command\nsys.argv = ['philtre', 'games']\ncli.main()\n"),
}


@pytest.mark.parametrize("when", INTERRUPTED_EARLY)
def test_ctrl_c_before_the_command_starts_exits_130_without_a_traceback(tmp_path, when):
    """Ctrl-C while the console script started was a traceback; during click's lazy import, "Aborted!" and exit 1."""
    script = tmp_path / "philtre"
    script.write_text(INTERRUPTED_EARLY[when], encoding="utf-8")
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in result.stderr and "Aborted!" not in result.stderr, result.stderr
    assert result.returncode == 130 and result.stderr.strip() == "interrupted", (result.returncode, result.stderr)


def test_a_record_cut_before_its_failed_line_is_p011_then_the_failure(tmp_path):
    """Without its last (`failed`) line, replay printed only the rule's R100, as for a record that matches."""
    assert philtre("new", "fg", cwd=tmp_path).returncode == 0
    rules = tmp_path / "fg" / "ruleset.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("score: {player: p, add: 1}",
                                                               'score: {player: p, add: "6 // (played(p).rank - 3)"}'), encoding="utf-8")
    philtre("simulate", "fg", "-p", "2", "-n", "50", "--no-db", "--record", "rec", "-w", "1", cwd=tmp_path)
    failed = next(p for p in sorted((tmp_path / "rec").glob("*.jsonl")) if '"event":"failed"' in p.read_text(encoding="utf-8"))
    lines = failed.read_text(encoding="utf-8").splitlines()
    (tmp_path / "cut.jsonl").write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    result = philtre("replay", "cut.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    said = result.stderr.splitlines()
    assert len(said) >= 2, result.stderr
    first, second = said[:2]
    assert first.startswith(f"cut.jsonl:{len(lines)}:1: P011 the record ends after {len(lines) - 1} lines, before the game does"), first
    assert " R100 " in second, second


def test_a_record_byte_that_is_not_utf8_is_p001_at_its_line_and_column(records, tmp_path):
    """It was "P001 record is not UTF-8 text", the file named but not the line."""
    lines = [json.dumps(line) for line in record_lines(records)]
    lines[2] = lines[2][:5] + "\udcff" + lines[2][5:]  # one byte 0xff, written as it is
    (tmp_path / "rec.jsonl").write_bytes("\n".join(lines).encode("utf-8", "surrogateescape") + b"\n")
    result = philtre("replay", "rec.jsonl", cwd=tmp_path)
    assert result.returncode == 1
    offset = len(lines[0]) + len(lines[1]) + 2 + 5
    assert f"rec.jsonl:3:6: P001 record is not UTF-8 text (byte 0xff at offset {offset})" in result.stderr, result.stderr


def test_a_record_line_giving_a_key_twice_is_p001_at_it(records, tmp_path):
    """A header with `"players"` twice was read with the last value, silently."""
    lines = record_lines(records)
    header = json.dumps(lines[0])
    result = replay_lines(tmp_path, [header[:-1] + ', "players": 5}', *lines[1:]])
    assert result.returncode == 1
    assert 'rec.jsonl:1:1: P001 not a JSON line: the key "players" is given twice in one object' in result.stderr, result.stderr


@pytest.mark.parametrize("args, said", [
    (("simulate", "poison", "-p", "4", "-n", "3", "--no-db", "--agents", ""), "unknown agent ''"),
    (("simulate", "poison", "-p", "4", "-n", "3", "--no-db", "--ray-address", "127.0.0.1:1"), "--ray-address names a Ray cluster"),
    (("new", "sub/.."), "'sub/..' is a folder that is there already"),
])
def test_options_that_would_be_ignored_or_misread_are_usage_errors(tmp_path, args, said):
    """`simulate --agents ''` played random (play refused it), --ray-address without ray was ignored, `new sub/..` wrote
    here (`new .` makes the game in the folder there on purpose: test_new_command)."""
    (tmp_path / "sub").mkdir()
    result = philtre(*args, cwd=tmp_path)
    assert result.returncode == 2 and said in result.stderr, result.stderr
    assert not (tmp_path / "ruleset.yaml").exists()


def test_new_with_a_shipped_game_s_name_says_the_folder_hides_it(tmp_path):
    """`philtre new poison` made ./poison, which every command then ran for `poison`, without a word."""
    result = philtre("new", "poison", cwd=tmp_path)
    assert result.returncode == 0
    assert "note: poison is also the name of a shipped game" in result.stderr, result.stderr
    assert "philtre test ./poison" in result.stderr, result.stderr


def test_a_misspelt_overlay_path_points_to_the_file_spelt_alike_beside_it(tmp_path):
    """`--variant house/shrot-stack.yaml` said only "no variant or overlay file", where a bare name got a "did you mean"."""
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "short-stack.yaml").write_text("extends: poison\ndefine: {limit: 15}\n", encoding="utf-8")
    said = philtre("validate", "poison", "--variant", os.path.join("house", "shrot-stack.yaml"), cwd=tmp_path).stdout
    assert f"(did you mean the file '{os.path.join('house', 'short-stack.yaml')}'?)" in said, said


@pytest.mark.parametrize("args", [("validate", ""), ("validate", "poison", ""), ("test", ""), ("show", ""), ("variants", ""),
                                  ("simulate", "", "-p", "3"), ("play", ""), ("compare", "", "--variant", "x"),
                                  ("diff", "", "--variant", "x"), ("replay", "")])
def test_an_empty_ruleset_or_record_is_a_usage_error(tmp_path, args):
    """`philtre play "$GAME"` with GAME unset said ': F002 no shipped game or file named ''', exit 1, a message
    whose file is missing before its colon; validate said 'yaml 1 error' of the folder it runs in."""
    result = philtre(*args, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert re.search(r"Invalid value for '(RULESET|RECORDS...|PATHS...)': give .*, not an empty text", result.stderr), result.stderr


def test_simulate_and_compare_say_what_validate_would_warn_of_before_their_games(tmp_path):
    """A designer who never ran validate got statistics of rules with a lint's warning (a deal short of cards, dealt
    silently) and no word of it; play said only the hidden-information lints."""
    (tmp_path / "spare.yaml").write_text("extends: pok\ndefine:\n  spare_goal: 7\n")
    result = philtre("simulate", "pok", "-p", "3", "-n", "5", "--no-db", "--variant", "spare.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # (an unused definition is no rule: the variant's content hash is the base's, which simulate notes first)
    assert result.stderr.startswith("note: variant 'spare.yaml' changes no rule of pok (its content hash is the base's): "
                                    "its games are the base's\nwarning: `philtre validate pok --variant spare.yaml` finds 1 "
                                    "warning in these rules; the games are played as they are written:\n  spare.yaml:3:3: L001 "), result.stderr
    result = philtre("compare", "pok", "-p", "3", "-n", "10", "--no-db", "--variant", "spare.yaml", cwd=tmp_path)
    assert result.returncode == 0 and result.stderr.count("L001") == 1, result.stderr
    result = philtre("simulate", "pok", "-p", "3", "-n", "5", "--no-db", cwd=tmp_path)
    assert "warning" not in result.stderr, result.stderr  # the shipped games have none


def test_replay_checks_several_records_and_says_how_many_matched(tmp_path):
    """`philtre replay out/*.jsonl` after `simulate --record out` was "unexpected extra arguments": one record a run."""
    assert philtre("simulate", "pok", "-p", "3", "-n", "3", "--no-db", "--record", "out", cwd=tmp_path).returncode == 0
    records = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "out").glob("*.jsonl"))
    result = philtre("replay", *records, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == records and lines[3] == "3 records: 3 replayed with every event matching"
    cut = (tmp_path / "out" / "game-00002.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "out" / "game-00002.jsonl").write_text("".join(cut[:5]))  # a record cut short: P011
    result = philtre("replay", *records, cwd=tmp_path)
    assert result.returncode == 1 and "out/game-00002.jsonl" in result.stderr, result.stderr
    assert result.stdout.splitlines()[-1] == "3 records: 2 replayed with every event matching, 1 did not", result.stdout
    result = philtre("replay", "--seat", "0", *records, cwd=tmp_path)
    assert result.returncode == 2 and "give one, not 3" in result.stderr, result.stderr


@pytest.mark.parametrize("scenarios, code", [
    ("scenarios:\n  - {name: n, players: 4, steps: [{player: 0, action: pass_three}], expect: [true]}\n", "T008"),
    ("scenarios: []\nextra: 1\n", "V003"),
])
def test_errors_of_the_scenarios_beside_a_ruleset_do_not_stop_the_games_only_its_tests(tmp_path, scenarios, code):
    """`philtre simulate other.yaml` beside a scenarios.yaml written for another ruleset printed only the scenarios'
    T008 findings and exit 1, no line saying the run was refused, nor why (Hearts trial H-1)."""
    folder = game_with_scenarios(tmp_path, scenarios)
    os.replace(folder / "ruleset.yaml", folder / "other.yaml")
    for command in (["simulate", "g/other.yaml", "-p", "4", "-n", "2", "--seed", "1", "--no-db"],
                    ["play", "g/other.yaml", "-p", "4", "--seat", "0", "--seed", "1"]):
        result = philtre(*command, cwd=tmp_path, stdin="")
        lead = result.stderr.splitlines()[0]
        assert lead.startswith("warning: g/scenarios.yaml has 1 error (`philtre validate g/other.yaml` says how to fix each;"), result.stderr
        assert lead.endswith("the games are played without its scenarios:") and f"g/scenarios.yaml:" in result.stderr, result.stderr
        assert f" {code} " in result.stderr.splitlines()[1], result.stderr
    assert result.stdout.strip(), "play dealt no game"
    assert "win share" in philtre(*["simulate", "g/other.yaml", "-p", "4", "-n", "2", "--seed", "1", "--no-db"], cwd=tmp_path).stdout
    for command in ("validate", "test"):
        result = philtre(command, "g/other.yaml", cwd=tmp_path)
        assert result.returncode == 1 and "g/scenarios.yaml:" in result.stdout + result.stderr, result.stderr
    philtre("simulate", "g/other.yaml", "-p", "4", "-n", "1", "--seed", "1", "--no-db", "--record", "rec", cwd=tmp_path)
    replayed = philtre("replay", "rec/game-00001.jsonl", cwd=tmp_path)  # a game played is replayed as the rules are
    assert replayed.returncode == 0 and "all events match" in replayed.stdout, replayed.stderr


def test_a_scenarios_file_of_the_wrong_shape_and_the_rules_own_error_are_said_together_with_no_warning(tmp_path):
    """A scenarios.yaml refused before the rules are read (V003) hid the rules' own errors, found once it is left out."""
    folder = game_with_scenarios(tmp_path, "scenarios: []\nextra: 1\n")
    rules = folder / "ruleset.yaml"
    text = rules.read_text(encoding="utf-8").replace("flow:", "flow_typo: 1\nflow:", 1)
    rules.write_text(text, encoding="utf-8")
    result = philtre("simulate", "g", "-p", "4", "-n", "2", "--seed", "1", "--no-db", cwd=tmp_path)
    assert result.returncode == 1 and "warning:" not in result.stderr, result.stderr
    line, _ = position(text, "flow_typo")
    assert "g/scenarios.yaml:2:1: V003 " in result.stderr and f"g/ruleset.yaml:{line}:1: V001 unknown key" in result.stderr, result.stderr


def test_a_ruleset_s_own_error_beside_its_scenarios_errors_still_stops_the_games(tmp_path):
    """Only errors all of the scenarios.yaml are said and played past: the rules' own stop the run, with the scenarios'."""
    scenarios = "scenarios:\n  - {name: n, players: 4, steps: [{player: 0, action: pass_three}], expect: [true]}\n"
    folder = game_with_scenarios(tmp_path, scenarios)
    rules = folder / "ruleset.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("flow:", "flow:\n  - set: {nowhere: 1}", 1), encoding="utf-8")
    result = philtre("simulate", "g", "-p", "4", "-n", "2", "--seed", "1", "--no-db", cwd=tmp_path)
    assert result.returncode == 1 and "warning:" not in result.stderr and "g/ruleset.yaml:" in result.stderr, result.stderr
