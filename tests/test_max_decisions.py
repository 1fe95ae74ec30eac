"""`philtre simulate/compare --max-decisions N`: games random agents may play for ever are cut off and the run goes on
(docs/simulation.md, Games that do not end).

What a user relies on: without the option a game past the step limit still stops the run (R200, exit 1), its message
naming the player count (the seed alone does not replay a game of `-p 2..5`) and the option; with it, the run completes,
the games cut are counted apart (text and --json) and in no statistic; a cut game's record says so and replays; the same
games are cut recorded or not, with workers or resumed from the results database.
"""

from __future__ import annotations

import json

from click.testing import CliRunner
from jsonschema import Draft7Validator

from philtre.interpreter.cli import main
from philtre.interpreter.cli_simulate import counts_said

from tests.test_tally import ROOT

# a `turns` loop whose one action is a pass, and no end: random agents pass for ever (a low step limit: fast to reach)
LOOPING = """\
game: pacing
players: 2..3
step_limit: 3000
flow:
  - turns: 0
    do:
      - decide: pass
actions:
  pass:
    do: []
"""

# a seat may end the game (and score) or wait: one game in 2^N is still going after N decisions
MAYBE = """\
game: maybe
players: 2
variables:
  done: false
actions:
  wait: {do: []}
  finish:
    do:
      - score: {player: me, add: 1}
      - set: {done: true}
flow:
  - turns: 0
    until: done
    do:
      - decide: [wait, finish]
winners: {highest: "score[p]"}
"""


def run(*args):
    """`philtre ARGS` in this process; the result of click's runner."""
    return CliRunner().invoke(main, [str(a) for a in args])


def folder(tmp_path, text: str, name: str = "game"):
    path = tmp_path / name
    path.mkdir()
    (path / "ruleset.yaml").write_text(text)
    return path


def test_a_game_past_the_step_limit_stops_the_run_naming_its_player_count_and_the_option(tmp_path):
    game = folder(tmp_path, LOOPING)
    result = run("simulate", game, "-p", "3", "-n", "3", "--no-db")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "R200 step limit of 3,000 reached" in result.output
    assert "this stopped game 1 of the run (seed 4060950496738480) of pacing, with 3 players" in result.output
    assert "--max-decisions N cuts such games off" in result.output


def test_several_counts_say_which_count_stopped_and_which_were_not_played(tmp_path):
    game = folder(tmp_path, LOOPING)
    result = run("simulate", game, "-p", "2..3", "-n", "2", "--no-db")
    assert result.exit_code == 1
    assert "of pacing, with 2 players" in result.output
    assert "the 2-player run stopped here; the 3-player run was not played" in result.output
    assert counts_said([2, 3, 4, 5], 2, False) == ("the 2 and 3-player runs had finished, as printed above; the 4-player run "
                                                   "stopped here; the 5-player run was not played")
    assert counts_said([2, 3], 1, True) == "the 2-player run had finished (not printed with --json); the 3-player run stopped here"


def test_with_the_option_a_run_of_endless_games_completes_and_counts_them_cut(tmp_path):
    game = folder(tmp_path, LOOPING)
    text = run("simulate", game, "-p", "2", "-n", "4", "--no-db", "--max-decisions", "50")
    assert text.exit_code == 0, text.output
    assert "pacing: 2 players, 0 games ended, 4 cut" in text.output
    assert "cut: 4 games of 4 (still going after 50 decisions): no winner, not a draw" in text.output
    result = run("simulate", game, "-p", "2", "-n", "4", "--no-db", "--max-decisions", "50", "--json")
    summary = json.loads(result.stdout)
    assert (summary["games"], summary["cut"], summary["cut_at_step_limit"], summary["max_decisions"]) == (0, 4, 0, 50)
    counts = run("simulate", game, "-p", "2..3", "-n", "4", "--no-db", "--max-decisions", "50")
    assert counts.exit_code == 0, counts.output
    table = counts.output[counts.output.index("by player count"):].splitlines()
    assert table[1].split()[-1] == "cut" and table[2].split() == ["2", "0", "-", "-", "-", "-", "-", "0.0", "4"]


def test_a_game_past_the_step_limit_before_the_most_decisions_is_cut_at_the_step_limit(tmp_path):
    game = folder(tmp_path, LOOPING)
    result = run("simulate", game, "-p", "2..3", "-n", "2", "--no-db", "--max-decisions", "100000", "--json")
    assert result.exit_code == 0, result.output
    assert [(s["players"], s["cut"], s["cut_at_step_limit"]) for s in json.loads(result.stdout)] == [(2, 2, 2), (3, 2, 2)]


def test_statistics_leave_the_games_cut_out_and_say_how_many(tmp_path):
    game = folder(tmp_path, MAYBE)
    plain = json.loads(run("simulate", game, "-n", "200", "--no-db", "--json").stdout)
    assert "cut" not in plain  # without the option a summary is as it was
    summary = json.loads(run("simulate", game, "-n", "200", "--no-db", "--json", "--max-decisions", "3").stdout)
    assert 0 < summary["cut"] < 200 and summary["games"] + summary["cut"] == 200
    assert sum(s["wins"] for s in summary["seats"]) == summary["games"]  # every game counted won: none cut among them
    assert summary["no_winner"] == 0.0 and summary["decisions_max"] <= 3
    # the games that ended by then are the same games as without the cap: their wins are among the uncapped run's
    assert all(a["wins"] <= b["wins"] for a, b in zip(summary["seats"], plain["seats"]))
    csv_path = tmp_path / "games.csv"
    run("simulate", game, "-n", "200", "--no-db", "--max-decisions", "3", "--csv", csv_path)
    rows = csv_path.read_text().splitlines()
    assert sum(1 for row in rows[1:] if ",decisions," in row) == summary["cut"]


def test_a_cut_game_s_record_says_so_and_replays_to_that_line(tmp_path):
    game = folder(tmp_path, LOOPING)
    records = tmp_path / "records"
    result = run("simulate", game, "-p", "2", "-n", "2", "--no-db", "--max-decisions", "5", "--record", records)
    assert result.exit_code == 0, result.output
    lines = (records / "game-00001.jsonl").read_text().splitlines()
    assert json.loads(lines[-1]) == {"event": "cut", "decisions": 5}
    assert sum(1 for line in lines if json.loads(line).get("event") == "decision") == 5
    validator = Draft7Validator(json.loads((ROOT / "schemas" / "record.schema.json").read_text(encoding="utf-8")))
    assert all(not list(validator.iter_errors(json.loads(line))) for line in lines)
    replayed = run("replay", records / "game-00001.jsonl")
    assert replayed.exit_code == 0, replayed.output
    assert "7 lines replayed, all events match; a run cut the game off after 5 decisions, as recorded" in replayed.output
    longer = tmp_path / "longer.jsonl"
    longer.write_text("\n".join(lines + [lines[-2]]) + "\n")  # a decision after the cut
    refused = run("replay", longer)
    assert refused.exit_code == 1 and "P011 the record goes on after the run cut the game off" in refused.output
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(lines[:-1] + ['{"event": "cut", "decisions": 4}']) + "\n")
    assert "P010 cut differs at decisions" in run("replay", edited).output


def test_the_same_games_are_cut_recorded_or_not_with_workers_or_resumed(tmp_path):
    game = folder(tmp_path, MAYBE)
    args = ["simulate", game, "-n", "60", "--json", "--max-decisions", "2"]
    alone = json.loads(run(*args, "--no-db").stdout)
    recorded = json.loads(run(*args, "--no-db", "--record", tmp_path / "records").stdout)
    assert recorded == alone and alone["cut"] > 0
    cut_records = [p for p in (tmp_path / "records").iterdir() if '"event":"cut"' in p.read_text()]
    assert len(cut_records) == alone["cut"]
    db = tmp_path / "runs.sqlite"
    run("simulate", game, "-n", "20", "--json", "--max-decisions", "2", "--db", db)
    resumed = json.loads(run(*args, "--db", db, "--resume").stdout)
    assert resumed == alone  # (the run's key: the same whether kept in a file or not)
    other = json.loads(run("simulate", game, "-n", "60", "--json", "--max-decisions", "3", "--db", db, "--resume").stdout)
    assert other["run"] != resumed["run"]  # another cap is another run: its games are not those saved


def test_greedy_seats_are_cut_off_too(tmp_path):
    game = folder(tmp_path, LOOPING)
    result = run("simulate", game, "-p", "2", "-n", "2", "--no-db", "--agents", "greedy", "--max-decisions", "30", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["cut"] == 2


def test_compare_leaves_out_the_pairs_with_a_game_cut(tmp_path):
    game = folder(tmp_path, MAYBE)
    (game / "variants").mkdir()
    (game / "variants" / "double.yaml").write_text("extends: ../ruleset.yaml\nactions:\n  finish:\n    do:\n"
                                                    "      - score: {player: me, add: 2}\n      - set: {done: true}\n")
    result = run("compare", game, "--variant", "double", "-n", "100", "--no-db", "--max-decisions", "3", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    cut = report["base"]["cut"]
    assert cut > 0 and report["arms"][0]["summary"]["cut"] == cut  # the same seeds: the same games run long
    assert all(row["games"] <= 100 - cut for row in report["arms"][0]["differences"])
    text = run("compare", game, "--variant", "double", "-n", "100", "--no-db", "--max-decisions", "3")
    assert f"(cut after 3 decisions: {cut} games of the base, {cut} of double; a pair with either game cut" in text.output
    looping = folder(tmp_path, LOOPING, "looping")
    (looping / "variants").mkdir()
    (looping / "variants" / "extra.yaml").write_text("extends: ../ruleset.yaml\nvariables: {x: 0}\n")
    stopped = run("compare", looping, "--variant", "extra", "-p", "2", "-n", "2", "--no-db")
    assert stopped.exit_code == 1 and "R200 step limit of 3,000 reached" in stopped.output
    assert "--max-decisions N cuts such games off" in stopped.output


def test_a_simultaneous_step_is_cut_alike_recorded_or_not(tmp_path):
    """A step's seats decide together: a game is cut before a step, never inside one, so the game a run records is the
    one it plays unrecorded, decision for decision, and its record replays."""
    args = ["simulate", "pok", "-p", "3", "-n", "8", "--no-db", "--max-decisions", "25"]
    run(*args, "--csv", tmp_path / "alone.csv")
    run(*args, "--csv", tmp_path / "recorded.csv", "--record", tmp_path / "records")
    alone = (tmp_path / "alone.csv").read_text()
    assert alone == (tmp_path / "recorded.csv").read_text() and ",decisions," in alone
    records = sorted((tmp_path / "records").iterdir())
    replayed = run("replay", *records)
    assert replayed.exit_code == 0 and f"{len(records)} records: {len(records)} replayed with every event matching" in replayed.output
