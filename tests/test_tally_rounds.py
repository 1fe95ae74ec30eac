"""`philtre simulate --tally-rounds EXPR`: an expression counted at each round's end (docs/simulation.md, How games
ended).

What a designer relies on: the expression is read at every round's end of every game, from the position then (a
round's points, as the record gives them), and its values counted over the rounds, with how many there were; an
end_game inside a round ends that round too; tallying changes no game; a bad expression is a usage error naming its
text and column, one that fails in a game stops the run naming the round; rules without a round, or games that played
none, are said to have none rather than given an empty table; --json, --csv, --resume and compare carry the values.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner

from philtre.interpreter.cli import main
from philtre.interpreter.records import Recorder
from philtre.interpreter.simulate import UNKEPT_EVENTS

ROOT = Path(__file__).resolve().parent.parent

# five rounds a game; in each, seat 0 takes heads (1 point) or tails (none) at random: a seeded outcome a round
FIVE_ROUNDS = """\
philtre: 1
game: five-rounds
players: 2
variables: {played: 0, last: null}
actions:
  heads: {do: [{set: {last: "'heads'"}}, {score: {player: me, add: 1}}]}
  tails: {do: [{set: {last: "'tails'"}}]}
flow:
  - repeat: 5
    do:
      - round:
          - set: {played: played + 1}
          - decide: [heads, tails]
            player: 0
          - end_game: {}
            when: played == stop_at
define:
  stop_at: 0
winners: {highest: "score[p]"}
"""
GAMES = 30


def run(*args):
    """`philtre ARGS` in this process; the result of click's runner."""
    return CliRunner().invoke(main, [str(a) for a in args])


def rules(tmp_path, text: str = FIVE_ROUNDS, name: str = "five.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def summary_of(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_each_round_s_end_is_tallied_in_every_game(tmp_path):
    """round_number % 3 over five rounds is 1, 2, 0, 1, 2: known counts over the run's rounds, five a game."""
    summary = summary_of(run("simulate", rules(tmp_path), "-n", GAMES, "--no-db", "--json", "--tally-rounds", "round_number % 3"))
    tally, = summary["round_tallies"]
    assert tally["expression"] == "round_number % 3"
    assert (tally["rounds"], tally["games"], tally["games_without_rounds"]) == (5 * GAMES, GAMES, 0)
    assert {v["value"]: v["rounds"] for v in tally["values"]} == {1: 2 * GAMES, 2: 2 * GAMES, 0: GAMES}
    assert tally["values"][0]["share"] == 0.4 and tally["numbers"]["mean"] == 1.2
    assert "tallies" not in summary  # (no --tally: none at the games' ends)


def test_a_round_s_value_is_read_from_the_position_at_its_end(tmp_path):
    """Each round's points of seat 0 (seeded: heads or tails) and the score so far, as the records' round_end events give
    them, game by game and round by round in the CSV; the text counts the rounds."""
    table, records = tmp_path / "games.csv", tmp_path / "records"
    points, so_far = "round_score(round_number, 0)", "score[0]"
    result = run("simulate", rules(tmp_path), "-n", GAMES, "--no-db", "--csv", table, "--record", records,
                 "--tally-rounds", points, "--tally-rounds", so_far)
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    for row in rows:
        record = records / f"game-{int(row['index']) + 1:05d}.jsonl"
        ends = [e for e in map(json.loads, record.read_text().splitlines()) if e.get("event") == "round_end"]
        assert json.loads(row[f"tally-rounds {points}"]) == [e["points"][0] for e in ends]
        assert json.loads(row[f"tally-rounds {so_far}"]) == [e["totals"][0] for e in ends]
    heads = sum(int(row["score_0"]) for row in rows)
    assert f"tally {points} (at each round's end, {5 * GAMES} rounds of {GAMES} games):" in result.output
    assert f"  1      {heads:>6}" in result.output  # (the rounds seat 0 took heads)


def test_an_end_game_inside_a_round_ends_that_round_too(tmp_path):
    """The game ends in its third round: that round is tallied, as the record ends it, and no later one."""
    path = rules(tmp_path, FIVE_ROUNDS.replace("stop_at: 0", "stop_at: 3"))
    tally, = summary_of(run("simulate", path, "-n", GAMES, "--no-db", "--json", "--tally-rounds", "played"))["round_tallies"]
    assert tally["rounds"] == 3 * GAMES
    assert {v["value"]: v["rounds"] for v in tally["values"]} == {1: GAMES, 2: GAMES, 3: GAMES}


def test_a_round_that_ends_before_the_first_decision_is_tallied(tmp_path):
    """A round of the setup, which ends before any seat decides (as the game is made), counts as the others do."""
    path = rules(tmp_path, FIVE_ROUNDS.replace("flow:\n", "flow:\n  - round:\n      - set: {played: played + 1}\n"))
    tally, = summary_of(run("simulate", path, "-n", GAMES, "--no-db", "--json", "--tally-rounds", "played"))["round_tallies"]
    assert tally["rounds"] == 6 * GAMES and {v["value"]: v["rounds"] for v in tally["values"]} == dict.fromkeys(range(1, 7), GAMES)


def test_tallying_rounds_changes_no_game(tmp_path):
    """The games are played recorded for it: the same games, so the same summary, but for the tally and the run's key,
    with random agents, with a greedy one (which reads the record), and the same records where they are kept."""
    for agents in ("random", "greedy,random"):
        plain = summary_of(run("simulate", rules(tmp_path), "-n", 10, "--no-db", "--json", "--agents", agents))
        tallied = summary_of(run("simulate", rules(tmp_path), "-n", 10, "--no-db", "--json", "--agents", agents,
                                 "--tally-rounds", "last"))
        assert tallied.pop("round_tallies")[0]["rounds"] == 5 * 10
        assert plain.pop("run") != tallied.pop("run")
        assert tallied == plain
    for folder, more in (("plain", ()), ("tallied", ("--tally-rounds", "last"))):
        assert run("simulate", rules(tmp_path), "-n", 3, "--no-db", "--record", tmp_path / folder, *more).exit_code == 0
    assert [p.read_text() for p in sorted((tmp_path / "plain").iterdir())] == \
        [p.read_text() for p in sorted((tmp_path / "tallied").iterdir())]


def test_the_events_a_game_without_a_record_does_not_keep_are_the_record_s():
    """RoundsAlone, the recorder of a game whose record nothing reads, keeps none of these: each must be one of
    Recorder's, or a renamed one would be kept again at its cost."""
    assert [name for name in UNKEPT_EVENTS if not callable(getattr(Recorder, name, None))] == []


def test_a_bad_expression_is_a_usage_error_naming_its_text_and_column(tmp_path):
    result = run("simulate", rules(tmp_path), "-n", 2, "--no-db", "--tally", "played", "--tally-rounds", "count(dek) == 0")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Error: --tally-rounds 'count(dek) == 0', column 7: E150 unknown name 'dek'" in result.output


def test_an_expression_that_fails_at_a_round_s_end_stops_the_run_naming_the_round(tmp_path):
    result = run("simulate", rules(tmp_path), "-n", 2, "--no-db", "--tally-rounds", "[0, 1][played]")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "R100 the --tally-rounds expression `[0, 1][played]` failed at the end of round 2: " in result.output
    assert "this stopped game 1 of the run" in result.output
    assert "--record" not in result.output  # (the rules did not fail: a record of the game would show no failure)


def test_rules_without_a_round_are_a_usage_error(tmp_path):
    """No `round:` statement: no round would ever end, which an empty table would hide."""
    path = rules(tmp_path, FIVE_ROUNDS.replace("      - round:\n", "      - do:\n"))
    result = run("simulate", path, "-n", 2, "--no-db", "--tally-rounds", "played")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--tally-rounds: the flow of five-rounds has no `round:` statement, so no round ever ends" in result.output


def test_games_that_played_no_round_are_said_so(tmp_path):
    """A round the flow skips in every game: the text says no round ended rather than printing an empty table; where
    some games played rounds, how many played none."""
    never = FIVE_ROUNDS.replace("            when: played == stop_at\n", "            when: played == stop_at\n        when: stop_at > 0\n")
    result = run("simulate", rules(tmp_path, never), "-n", 4, "--no-db", "--tally-rounds", "played")
    assert result.exit_code == 0, result.output
    assert "tally played (at each round's end): no round ended in any of the 4 games, so it was never evaluated" in result.output
    summary = summary_of(run("simulate", rules(tmp_path, never), "-n", 4, "--no-db", "--json", "--tally-rounds", "played"))
    assert summary["round_tallies"][0] | {"values": None} == {
        "expression": "played", "rounds": 0, "distinct": 0, "values": None, "games": 4, "games_without_rounds": 4}


def test_resume_reads_the_rounds_values_back(tmp_path):
    """Kept with each game in the results database: a resumed run's summary is the one played at once."""
    db, path = tmp_path / "runs.sqlite", rules(tmp_path)
    whole = summary_of(run("simulate", path, "-n", GAMES, "--no-db", "--json", "--tally-rounds", "last"))
    assert run("simulate", path, "-n", 10, "--db", db, "--tally-rounds", "last").exit_code == 0
    resumed = summary_of(run("simulate", path, "-n", GAMES, "--db", db, "--resume", "--json", "--tally-rounds", "last"))
    assert resumed["round_tallies"] == whole["round_tallies"]


def test_compare_counts_each_arm_s_rounds(tmp_path):
    """Each arm's share of its own rounds side by side, with how many rounds each tallied (an arm that ends in the third
    round has fewer)."""
    base = rules(tmp_path)
    short = rules(tmp_path, "extends: five.yaml\nvariant: short\ndefine:\n  stop_at: 3\n", "short.yaml")
    result = run("compare", base, "--variant", short, "-n", 20, "--stop-on", "never", "--no-db", "--tally-rounds", "played")
    assert result.exit_code == 0, result.output
    table = result.output[result.output.index("tally played"):].splitlines()
    assert table[0] == "tally played (at each round's end, share of each arm's rounds in its 20 games; 95% intervals in --json):"
    assert table[-1].split() == ["rounds", "100", "60"]
    assert table[2].split() == ["1", "20.0%", "33.3%"]
    report = summary_of(run("compare", base, "--variant", short, "-n", 20, "--stop-on", "never", "--no-db", "--json",
                            "--tally-rounds", "played"))
    assert report["base"]["round_tallies"][0]["rounds"] == 100 and report["arms"][0]["summary"]["round_tallies"][0]["rounds"] == 60


def test_simulation_md_shows_what_the_command_prints():
    """docs/simulation.md's example of --tally-rounds is what the command prints."""
    text = (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8")
    expression = "count([p for p in players if round_score(round_number, p) > 0])"
    command = f'$ philtre simulate pok -p 4 -n 300 --tally-rounds "{expression}"\n...\n'
    shown = text[text.index(command) + len(command):].split("\n```", 1)[0]
    result = run("simulate", "pok", "-p", "4", "-n", "300", "--no-db", "--tally-rounds", expression)
    assert result.exit_code == 0 and result.stdout.rstrip("\n").endswith("\n" + shown), result.output


def test_a_run_new_for_its_tallies_says_so_before_playing(tmp_path):
    """A trial added a --tally to a finished run of 300 games, and every game was played again unwarned (the tallies are
    part of the run's key): a run that holds no game of its own says how many the file holds of its configuration
    without them, or with others; a run of another configuration, or one that has games of its own, says nothing."""
    db, path = tmp_path / "runs.sqlite", rules(tmp_path)
    again = ("simulate", path, "-n", 10, "--seed", 1, "--db", db)
    first = run(*again)
    assert first.exit_code == 0 and "new run" not in first.output, first.output
    tallied = run(*again, "--tally", "score[0] > 2")
    assert tallied.exit_code == 0, tallied.output
    assert ("new run: the --tally and --tally-rounds expressions are part of the run's key (10 games of the same "
            "configuration are stored without them; --resume cannot reuse them)") in tallied.output
    rounds = run(*again, "--resume", "--tally-rounds", "last")
    assert "(20 games of the same configuration are stored without them or with other ones;" in rounds.output, rounds.output
    assert "new run" not in run(*again, "--resume", "--tally", "score[0] > 2").output  # (its own 10 games, reused)
    assert "new run" not in run(*again, "--no-db", "--tally", "score[0] > 3").output
    assert "new run" not in run("simulate", path, "-n", 10, "--seed", 2, "--db", db, "--tally", "last").output
    other = ("simulate", path, "-n", 10, "--seed", 1, "--db", tmp_path / "other.sqlite")
    assert run(*other, "--tally", "last").exit_code == 0
    untallied = run(*other)
    assert "(10 games of the same configuration are stored with --tally or --tally-rounds expressions;" in untallied.output
