"""The `philtre` command line, run as a user runs it: in a subprocess.

The contract (DESIGN.md): findings are printed ``path:line:col: CODE message``; exit 0
when clean, 1 for findings or a failed run, 2 for bad usage or an internal error; bad
input never produces a Python traceback.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "data" / "broken"
FINDING = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]\d{3}) (?P<message>\S.*)$")


def philtre(*args, cwd=ROOT, binary: bool = False) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS``; never a traceback, whatever happens."""
    result = subprocess.run(
        [sys.executable, "-m", "philtre", *map(str, args)],
        cwd=cwd, capture_output=True, text=not binary, timeout=300,
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


def test_unknown_command_is_a_usage_error():
    result = philtre("simulat", "poison")
    assert result.returncode == 2


# -- validate ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["poison", "pok", "rulesets/poison/ruleset.yaml", "rulesets/pok"])
def test_validate_shipped_rulesets(ruleset):
    result = philtre("validate", ruleset)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


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
def test_validate_every_broken_file(path):
    rel = path.relative_to(ROOT)
    result = philtre("validate", rel)
    assert result.returncode == 1, result.stdout + result.stderr
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


# -- simulate -----------------------------------------------------------------------------------

SIMULATION = ("simulate", "poison", "--players", "4", "--games", "50", "--seed", "7")


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


@pytest.mark.parametrize("players", ["9", "2"])
def test_simulate_players_out_of_range(players):
    result = philtre("simulate", "poison", "--players", players, "--games", "1")
    assert result.returncode == 1
    message = result.stderr
    assert "R001" in message
    assert "3 to 6" in message and players in message
    assert result.stdout == ""


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
        result = philtre("simulate", game, "--players", players, "--games", "3", "--seed", "5", "--record", base / game)
        assert result.returncode == 0, result.stderr
    files = sorted(base.glob("*/*.jsonl"))
    assert len(files) == 6
    return base, files


def test_replay_every_record(records):
    base, files = records
    for path in files:
        result = philtre("replay", path.relative_to(base), cwd=base)
        assert result.returncode == 0, f"{path}: {result.stderr}"
        assert "all events match" in result.stdout


def test_records_written_by_the_cli_match_the_record_schema(records):
    from jsonschema import Draft7Validator

    validator = Draft7Validator(json.loads((ROOT / "schemas" / "record.schema.json").read_text(encoding="utf-8")))
    _, files = records
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            errors = [e.message for e in validator.iter_errors(json.loads(line))]
            assert errors == [], f"{path.name}:{number}: {errors[:3]}"


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


# -- scenarios --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["poison", "pok"])
def test_scenarios_pass(game):
    result = philtre("test", game)
    assert result.returncode == 0, result.stdout + result.stderr
    last = [line for line in result.stdout.splitlines() if line.strip()][-1]
    match = re.fullmatch(r"(\d+) passed, 0 failed", last)
    assert match and int(match[1]) >= 1, last
