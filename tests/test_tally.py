"""`philtre simulate --tally EXPR`: how games ended, counted over a run (docs/simulation.md, How games ended).

What a designer relies on: each value an expression had at the games' ends is counted with its share and interval
(a win share's), the numbers' mean and spread; a bad expression is a usage error naming the text and its column; the
values are kept in the results database, so workers and --resume give the same summary; --json and --csv carry them.
"""

from __future__ import annotations

import csv
import json
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from philtre.interpreter.cli import main
from philtre.interpreter.stats import wilson
from philtre.interpreter.summary import format_summary, tally_lines, tally_row

ROOT = Path(__file__).resolve().parent.parent
SCORE = "score[0]"
AHEAD = "score[0] > score[1]"


def run(*args):
    """`philtre ARGS` in this process (fast); the result of click's runner."""
    return CliRunner().invoke(main, [str(a) for a in args])


def philtre(*args) -> subprocess.CompletedProcess:
    """`python -m philtre ARGS` as a user runs it (for --workers: worker processes of their own)."""
    return subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_a_tally_counts_the_values_the_games_ended_with(tmp_path):
    """`score[0]` at each game's end is the game's final score of seat 0, which the CSV gives per game: its counts,
    shares, intervals and mean must be those of that column; a true/false tally counts the rows where it holds."""
    table = tmp_path / "games.csv"
    result = run("simulate", "pok", "-p", "3", "-n", "60", "--no-db", "--json", "--csv", table, "--tally", SCORE,
                 "--tally", AHEAD, "--tally", SCORE)  # (given twice: counted once)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    scores = [int(r["score_0"]) for r in rows]
    score, ahead = summary["tallies"]
    assert score["expression"] == SCORE and score["games"] == 60
    assert {v["value"]: v["games"] for v in score["values"]} == Counter(scores)
    assert [v["games"] for v in score["values"]] == sorted(Counter(scores).values(), reverse=True)  # most common first
    first = score["values"][0]
    assert first["share"] == first["games"] / 60 and first["share_ci"] == list(wilson(first["games"], 60))
    assert score["numbers"]["mean"] == sum(scores) / 60
    assert (score["numbers"]["min"], score["numbers"]["max"]) == (min(scores), max(scores))
    held = sum(int(r["score_0"]) > int(r["score_1"]) for r in rows)
    assert {v["value"]: v["games"] for v in ahead["values"]} == {k: n for k, n in ((True, held), (False, 60 - held)) if n}
    assert "numbers" not in ahead  # true and false are not numbers
    assert [r[f"tally {SCORE}"] for r in rows] == [r["score_0"] for r in rows]
    assert {r[f"tally {AHEAD}"] for r in rows} <= {"true", "false"}


def test_the_text_summary_prints_each_tally_folding_the_rare_values():
    """Past ten values the least common are one row, `other`, whose games are the rest; the numbers' line follows."""
    values = [v for v in range(15) for _ in range(15 - v)]  # 0 fifteen times, ..., 14 once
    row = tally_row("round_number", values)
    lines = tally_lines({"tallies": [row]})
    assert lines[1] == f"tally round_number (at each game's end, {len(values)} games):"
    assert lines[3].split()[:2] == ["0", "15"] and len(lines) == 2 + 1 + 10 + 1
    other = lines[12].split()
    assert other[:4] == ["other", "(6", "values)", str(sum(range(1, 7)))]
    assert lines[13].startswith("  mean ") and lines[13].endswith("min 0, max 14")
    assert row["distinct"] == 15 and len(row["values"]) == 15  # the JSON keeps every value


def test_a_bad_tally_is_a_usage_error_naming_its_text_and_column():
    result = run("simulate", "pok", "-p", "3", "-n", "2", "--no-db", "--tally", "round_number", "--tally", "count(dek) == 0")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Error: --tally 'count(dek) == 0', column 7: E150 unknown name 'dek'" in result.output
    me = run("simulate", "pok", "-p", "3", "-n", "2", "--no-db", "--tally", "score[me]")
    assert me.exit_code == 2 and "--tally 'score[me]', column 7: E150 'me' is not bound here" in me.output


def test_a_tally_that_fails_at_a_game_s_end_stops_the_run_naming_it():
    result = run("simulate", "pok", "-p", "3", "-n", "2", "--no-db", "--tally", "[1, 2][round_number]")
    assert result.exit_code == 1
    assert "R100 the --tally expression `[1, 2][round_number]` failed at the game's end: index" in result.output
    assert "this stopped game 1 of the run" in result.output and "--record DIR" not in result.output


def test_workers_and_resume_give_the_same_tallies(tmp_path):
    """The values travel from the workers and are kept with each game: 2 workers print what 1 does, and a run resumed
    from its saved games what a run played in one go does; the tallies are part of the run's key."""
    args = ("simulate", "pok", "-p", "3", "-n", "40", "--seed", "5", "--json", "--tally", SCORE, "--tally", "round_number")
    one = run(*args, "--workers", "1", "--db", tmp_path / "one.sqlite")
    two = philtre(*args, "--workers", "2", "--db", tmp_path / "two.sqlite")  # (its own process, as its workers are)
    assert one.exit_code == 0 and two.returncode == 0, one.output + two.stderr
    assert json.loads(one.stdout)["tallies"] == json.loads(two.stdout)["tallies"]
    half = [a if a != "40" else "15" for a in args]
    assert run(*half, "--workers", "1", "--db", tmp_path / "resumed.sqlite").exit_code == 0
    resumed = run(*args, "--workers", "1", "--db", tmp_path / "resumed.sqlite", "--resume")
    assert "resuming: 15 of 40 games already saved" in resumed.stderr
    assert json.loads(resumed.stdout) == json.loads(one.stdout)
    with sqlite3.connect(tmp_path / "one.sqlite") as con:
        kept = [json.loads(t) for (t,) in con.execute("SELECT tallies FROM games ORDER BY idx")]
    con.close()
    assert len(kept) == 40 and all(set(t) == {SCORE, "round_number"} for t in kept)
    other = run(*args[:-4], "--workers", "1", "--db", tmp_path / "one.sqlite", "--resume")  # no tally: another run
    assert "resuming" not in other.stderr and "tallies" not in json.loads(other.stdout)
    assert json.loads(other.stdout)["run"] != json.loads(one.stdout)["run"]


def test_simulation_md_shows_what_the_command_prints():
    """docs/simulation.md's example of --tally is what the command prints."""
    text = (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8")
    command = '$ philtre simulate pok -p 4 -n 300 --tally "count([p for p in players if score[p] >= 5])" --tally round_number\n...\n'
    shown = text[text.index(command) + len(command):].split("\n```", 1)[0]
    result = run("simulate", "pok", "-p", "4", "-n", "300", "--no-db", "--tally", "count([p for p in players if score[p] >= 5])",
                 "--tally", "round_number")
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip("\n").endswith("\n" + shown)
    command = '$ philtre simulate poison -p 4 -n 300 --tally "sum(score[p] for p in players)"\n...\n'  # past 15 numbers
    shown = text[text.index(command) + len(command):].split("\n```", 1)[0]
    result = run("simulate", "poison", "-p", "4", "-n", "300", "--no-db", "--tally", "sum(score[p] for p in players)")
    assert result.exit_code == 0 and result.stdout.rstrip("\n").endswith("\n" + shown), result.output
    assert "tally" not in format_summary({**json.loads(run("simulate", "pok", "-p", "3", "-n", "2", "--no-db", "--json").stdout)})


def test_compare_counts_a_tally_in_each_arm():
    from philtre.interpreter.compare import format_comparison

    result = run("compare", "poison", "--variant", "draw-pile", "-p", "4", "-n", "6", "--batch", "6", "--no-db", "--workers", "1",
                 "--tally", "round_number", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["base"]["tallies"][0]["values"] == report["arms"][0]["summary"]["tallies"][0]["values"]
    assert report["base"]["tallies"][0]["values"][0]["value"] == 4  # Poison always takes 4 rounds at 4 players
    assert ("tally round_number (at each game's end, share of each arm's 6 games; 95% intervals in --json):\n"
            "  value     base  draw-pile\n  4       100.0%     100.0%\n  mean      4.00       4.00") in format_comparison(report)
    bad = run("compare", "poison", "--variant", "draw-pile", "-p", "4", "-n", "6", "--no-db", "--tally", "count(dek)")
    assert bad.exit_code == 2 and "--tally 'count(dek)', column 7: E150 unknown name 'dek'" in bad.output


def test_compare_sums_up_many_numbers_by_each_arm_s_quartiles_side_by_side():
    """As simulate's text does past 15 distinct numbers (counted over the arms), compare gives each arm's least,
    quartiles, greatest and mean side by side, not nine rows of 1-5% and an "other" holding most games; values that are
    no number keep their rows beside one row of the numbers."""
    from philtre.interpreter.compare import compared_tally_lines

    base, arm = tally_row("x", list(range(1, 17)) * 2 + [100]), tally_row("x", list(range(3, 23)) + [None] * 4)
    lines = compared_tally_lines({"games": 33, "base": {"tallies": [base]}, "arms": [{"label": "v", "summary": {"tallies": [arm]}}]})
    assert lines[1].endswith("33 games; 23 numbers, each one's share in --json):") and "other" not in "\n".join(lines)
    assert [line.split() for line in lines[3:]] == [
        ["none", "0.0%", "16.7%"], ["a", "number", "(23", "values)", "100.0%", "83.3%"], ["min", "1", "3"],
        ["lower", "quartile", "5", "7.75"], ["median", "9", "12.50"], ["upper", "quartile", "13", "17.25"],
        ["max", "100", "22"], ["mean", f"{sum(range(1, 17)) * 2 / 33 + 100 / 33:.2f}", "12.50"]]
    fifteen = tally_row("x", list(range(15)))  # 15 numbers: still a table
    same = compared_tally_lines({"games": 15, "base": {"tallies": [fifteen]}, "arms": [{"label": "v", "summary": {"tallies": [fifteen]}}]})
    assert "quartile" not in "\n".join(same) and same[-2].split()[:2] == ["other", "(6"]
    result = run("compare", "poison", "--variant", "draw-pile", "-p", "4", "-n", "30", "--batch", "30", "--no-db", "--workers", "1",
                 "--tally", "sum(score[p] for p in players)")
    said = result.stdout[result.stdout.index("tally sum"):].splitlines()
    assert result.exit_code == 0 and [line.split()[0] for line in said[2:]] == ["min", "lower", "median", "upper", "max", "mean"]


def test_the_python_api_takes_tallies_too():
    """docs/simulation.md: `simulate(ruleset, players, games, tallies=[...])` counts them as the command does."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.simulate import simulate

    summary = simulate(load_ruleset("pok"), 3, 5, tallies=["round_number >= 0"])
    assert summary["tallies"][0]["values"] == [{"value": True, "games": 5, "share": 1.0, "share_ci": list(wilson(5, 5))}]


def test_a_tally_keeps_the_scenarios_beside_the_rules_so_its_warnings_are_validate_s(tmp_path):
    """A Yahtzee trial: a definition only the scenarios.yaml beside the rules reads is used (validate finds nothing),
    but with --tally simulate warned `philtre validate .` finds an L001 there: the rules compiled again with the tally
    had left those scenarios out. Without the scenarios.yaml the L001 is real and still said."""
    (tmp_path / "ruleset.yaml").write_text(
        "philtre: 1\ngame: tally-reads\nplayers: 1\ndice:\n  d: [{pips: 1}, {pips: 2}]\n"
        "define:\n  twice: d.pips * 2\nactions:\n  go: {}\nflow:\n  - roll: all\n  - decide: go\n    player: 0\n",
        encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: twice is twice the pips\n    players: 1\n    rolls: [{d: {pips: 2}}]\n"
        "    expect:\n      - twice == 4\n", encoding="utf-8")
    assert "no findings" in run("validate", tmp_path).output
    tallied = run("simulate", tmp_path, "-p", "1", "-n", "3", "--no-db", "--tally", "d.pips")
    assert tallied.exit_code == 0 and "tally d.pips" in tallied.stdout, tallied.output
    assert "L001" not in tallied.stderr and "warning" not in tallied.stderr, tallied.stderr
    (tmp_path / "scenarios.yaml").unlink()
    alone = run("simulate", tmp_path, "-p", "1", "-n", "3", "--no-db", "--tally", "d.pips")
    assert "L001 definition 'twice' is never used" in alone.stderr, alone.stderr


IN_RULES = ("philtre: 1\ngame: tally-in\nplayers: 2\ncomponents:\n  card: {attributes: {rank: 1..8}, copies: 2, "
            "start: deck}\nzones:\n  deck: {visible: nobody}\n  hand: {each: player, visible: owner}\n  table: {}\n"
            "actions:\n  play:\n    choose: {card: \"hand[me]\"}\n    do:\n      - move: card -> table\n"
            "flow:\n  - shuffle: deck\n  - deal: {from: deck, to: hand, count: 3}\n  - turns: 0\n"
            "    until: count(hand[1]) == 0\n    do:\n      - decide: play\n")
IN_SCENARIOS = ("scenarios:\n  - name: a card picked by its zone\n    players: 2\n    given:\n      zones:\n"
                "        hand[0]: [{rank: 8}, {rank: 2}]\n        hand[1]: [{rank: 8}, {rank: 2}]\n    steps:\n"
                "      - {player: 0, action: play, args: {card: {rank: 8, in: \"hand[0]\"}}}\n"
                "      - {player: 1, action: play, args: {card: {rank: 8, in: \"hand[1]\"}}}\n"
                "    expect:\n      - count(table) == 2\n")


def test_a_tally_runs_on_rules_whose_scenarios_pick_a_step_s_card_by_its_zone(tmp_path):
    """A Canasta-like trial: validate and test accepted a step's `args: {card: {rank: 8, in: "hand[0]"}}`, but
    `simulate --tally` refused the run with T001 at that `in:` (the first compile had put the compiled zone in place of
    the text it read, and the tally's compile read it again). simulate and compare --tally now play."""
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "ruleset.yaml").write_text(IN_RULES, encoding="utf-8")
    (rules / "scenarios.yaml").write_text(IN_SCENARIOS, encoding="utf-8")
    (tmp_path / "v.yaml").write_text("extends: rules/ruleset.yaml\ntitle: the same\n", encoding="utf-8")
    assert run("test", rules).exit_code == 0
    tallied = run("simulate", rules, "-p", "2", "-n", "2", "--no-db", "--tally", "count(table)")
    assert tallied.exit_code == 0 and "tally count(table)" in tallied.stdout, tallied.output
    assert "T001" not in tallied.output
    compared = run("compare", rules, "--variant", tmp_path / "v.yaml", "-p", "2", "-n", "2", "--no-db",
                   "--tally", "count(table)")
    assert compared.exit_code == 0 and "T001" not in compared.output, compared.output


def test_many_numbers_are_summed_up_by_their_quartiles():
    """Past 15 distinct numbers a row each says little (a trial's count of rounds: nine rows of 1-5% and "other" 82%):
    the text gives their least, quartiles and greatest, then their mean; the JSON keeps every value's games."""
    values = list(range(1, 17)) * 2 + [100]  # 16 numbers, twice each, and one far out
    row = tally_row("rounds", values)
    assert row["numbers"]["quartiles"] == [5, 9, 13] and row["distinct"] == 17
    assert [v["games"] for v in row["values"]] == [2] * 16 + [1]  # every value is still counted, for --json
    lines = tally_lines({"tallies": [row]})
    assert lines == ["", "tally rounds (at each game's end, 33 games; 17 numbers, each one's games in --json):",
                     "  min 1, lower quartile 5, median 9, upper quartile 13, max 100",
                     f"  mean {sum(values) / 33:.2f} (sd {row['numbers']['sd']:.2f}) "
                     f"[{row['numbers']['ci'][0]:.2f}, {row['numbers']['ci'][1]:.2f}]"]
    fifteen = tally_lines({"tallies": [tally_row("rounds", list(range(15)))]})
    assert "quartile" not in "\n".join(fifteen) and fifteen[-1].endswith("min 0, max 14")  # 15 values: still a table


def test_many_numbers_beside_other_values_are_one_row_of_the_table():
    values = list(range(20)) + [None] * 5  # a value that is no number in 5 games
    lines = tally_lines({"tallies": [tally_row("x", values)]})
    assert [line.split()[:2] for line in lines[3:5]] == [["none", "5"], ["a", "number"]]
    assert lines[4].split()[2:5] == ["(20", "values)", "20"]
    assert lines[5] == "  min 0, lower quartile 4.75, median 9.50, upper quartile 14.25, max 19 over the 20 games it was a number"


def test_simulate_prints_the_summary_of_a_tally_of_many_numbers():
    args = ("simulate", "pok", "-p", "3", "-n", "30", "--no-db", "--tally", "score[0] * 100 + score[1] * 10 + score[2]")
    [tally] = json.loads(run(*args, "--json").stdout)["tallies"]
    assert tally["distinct"] > 15 and sum(v["games"] for v in tally["values"]) == 30  # --json: every value's games
    result = run(*args)
    assert result.exit_code == 0, result.output
    said = result.stdout[result.stdout.index("tally score[0]"):].splitlines()
    assert said[0].endswith(f"30 games; {tally['distinct']} numbers, each one's games in --json):")
    assert said[1].startswith("  min ") and " median " in said[1] and said[2].startswith("  mean ") and len(said) == 3


SEATS = """\
philtre: 1
game: seats-tally
players: 3
variables: {taker: null}
actions:
  take:
    do:
      - set: {taker: me}
  pass: {}
flow:
  - decide: [take, pass]
    player: 0
  - decide: [take, pass]
    player: 2
"""


def test_a_tally_of_seats_has_no_mean_its_values_alone(tmp_path):
    """A Mahjong trial's `--tally winner` (a seat, or none for a drawn hand) printed `mean 2.00 (sd 1.73) [-2.30, 6.30]`
    of seat numbers: where the expression is known to give seats (a variable set only to seats or none, taker; a seat
    of the language, first(winners)), the table is told, no mean; a number of another kind keeps it."""
    (tmp_path / "ruleset.yaml").write_text(SEATS, encoding="utf-8")
    result = run("simulate", tmp_path, "-n", "40", "--no-db", "--json", "--tally", "taker", "--tally", "count(players)")
    assert result.exit_code == 0, result.output
    taker, counted = json.loads(result.stdout)["tallies"]
    assert taker["seats"] is True and "numbers" not in taker, taker
    assert {v["value"] for v in taker["values"]} <= {0, 2, None} and len(taker["values"]) > 1, taker
    assert "seats" not in counted and counted["numbers"]["mean"] == 3, counted
    text = run("simulate", tmp_path, "-n", "40", "--no-db", "--tally", "taker", "--tally", "count(players)").output
    told = text.split("tally taker ")[1].split("tally count(players)")
    assert "  value" in told[0] and "mean" not in told[0] and "mean 3.00" in told[1], text
    from philtre.interpreter.compare import format_comparison

    compared = run("compare", "poison", "--variant", "draw-pile", "-p", "4", "-n", "6", "--batch", "6", "--no-db",
                   "--workers", "1", "--tally", "first(winners)", "--json")
    assert compared.exit_code == 0, compared.output
    report = json.loads(compared.stdout)
    assert report["base"]["tallies"][0]["seats"] is True
    assert "\n  mean " not in format_comparison(report), format_comparison(report)
