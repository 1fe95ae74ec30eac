"""A game's length in turns: each pass of a `turns` loop's body is a turn, counted by the engine (State.turn, read as
`turn_number`) on every path a turns loop runs by, and reported by simulate, compare and the results database."""

from __future__ import annotations

import csv
import json
import random
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import play_random

from philtre.dsl import load_ruleset
from philtre.dsl.loader import with_tallies
from philtre.interpreter import Game

DATA = Path(__file__).parent / "data"
COUNTED = str(DATA / "turn_count.yaml")  # every shape of turns loop, each turn also counted by the ruleset in `t`


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_turn_of_every_kind_of_turns_loop_is_counted_by_the_api_loop_and_play_out(n):
    ruleset = load_ruleset(COUNTED)
    for seed in range(8):
        for game in (play_random(ruleset, n, seed), Game(ruleset, n, seed=seed)):
            if not game.finished:
                game.play_out(random=random.Random(seed).random)
            assert game.state.turn == game.state.vars["t"] > 0, f"x{n} seed {seed}"
        fresh = Game(ruleset, n, seed=seed)
        fresh.play_out(pickers=[random.Random(seed * 10 + p).randrange for p in range(n)])
        assert fresh.state.turn == fresh.state.vars["t"]


def test_a_copy_keeps_the_turns_counted_and_counts_on_alone():
    ruleset = load_ruleset(COUNTED)
    game = Game(ruleset, 3, seed=1)
    draw = random.Random(1)
    while game.state.turn < 4:
        p = game.pending()[0]
        options = game.options(p)
        game.apply(p, options[draw.randrange(len(options))])
    clone = game.state.copy()
    assert clone.turn == game.state.turn == 4
    game.play_out(random=draw.random)
    assert clone.turn == 4 and game.state.turn == game.state.vars["t"]


def test_turn_number_reads_the_turns_begun_and_a_game_without_turns_stays_at_0(tmp_path):
    ruleset = with_tallies(load_ruleset(COUNTED), ["turn_number"])
    game = Game(ruleset, 2, seed=3)
    assert ruleset.tallies[0].fn(game.state, {}) == 1  # the first turn, begun before its decision
    game.play_out(random=random.Random(3).random)
    assert ruleset.tallies[0].fn(game.state, {}) == game.state.vars["t"]
    path = tmp_path / "rounds.yaml"
    path.write_text("philtre: 1\ngame: rounds-alone\nplayers: 2\nvariables: {n: 0, seen: -1}\nactions:\n"
                    "  go: {do: [{set: {n: n + 1, seen: turn_number}}]}\n"
                    "flow:\n  - until: n >= 3\n    do:\n      - round:\n          - decide: go\n            player: 0\n"
                    "winners: {highest: \"score[p]\"}\n")
    game = Game(load_ruleset(str(path)), 2, seed=0)
    game.play_out(random=random.Random(0).random)
    assert (game.state.round, game.state.turn, game.state.vars["seen"]) == (3, 0, 0)


ROOT = Path(__file__).resolve().parent.parent
STANDING = str(DATA / "last_standing.yaml")  # no score at all: the last seat in wins; every seat may block out of turn


def philtre(*args) -> subprocess.CompletedProcess:
    """`python -m philtre ARGS`, as a user runs it."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def test_the_summary_of_a_game_without_scores_says_its_length_in_turns_and_nothing_in_points(tmp_path):
    """An elimination game where every strike may be answered out of turn: the decisions count every answer, the turns
    are the game's own length; no score column, no margin in points, no game-quality rows read off scores of 0."""
    csv_path = tmp_path / "games.csv"
    result = philtre("simulate", STANDING, "-p", "3", "-n", "30", "--no-db", "--csv", csv_path)
    assert result.returncode == 0, result.stderr
    text = result.stdout
    length = next(line for line in text.splitlines() if line.startswith("length: "))
    assert re.fullmatch(r"length: [\d.]+ decisions \(sd [\d.]+\) \[[\d.]+, [\d.]+\], [\d.]+ turns", length), length
    assert "rounds" not in length  # (no `round` in these rules)
    assert "score mean" not in text and "margin" not in text and "points" not in text
    assert "(no score columns: every seat ended every game with a score of 0; they are in --json)" in text
    assert "game quality: not measured (no scores)" in text
    summary = json.loads(philtre("simulate", STANDING, "-p", "3", "-n", "30", "--no-db", "--json").stdout)
    rows = list(csv.DictReader(csv_path.open(encoding="utf-8")))
    turns = [int(row["turns"]) for row in rows]
    assert len(rows) == 30 and summary["margin"] is None and summary["rounds_mean"] == 0
    # a seat struck twice without a block is out: at least two turns a game, at most one strike of each life and block
    assert all(2 <= t <= int(row["decisions"]) for t, row in zip(turns, rows))
    assert summary["turns_mean"] == pytest.approx(sum(turns) / 30)
    assert f"{summary['turns_mean']:.2f} turns" in length
    lo, hi = summary["turns_ci"]
    assert lo <= summary["turns_mean"] <= hi


def test_a_game_without_turns_says_no_turns():
    result = philtre("simulate", "pok", "-p", "3", "-n", "2", "--no-db", "--json")
    summary = json.loads(result.stdout)
    assert summary["turns_mean"] == 0 and summary["rounds_mean"] > 0
    text = philtre("simulate", "pok", "-p", "3", "-n", "2", "--no-db").stdout
    assert "rounds" in text and " turns" not in text


def test_the_results_file_keeps_the_turns_and_a_file_of_version_3_resumes_without_them(tmp_path):
    """The `turns` column is added to a file written before it (NULL in its games): resumed, the run says no length
    in turns, whose count for those games is not known, rather than a mean of the others."""
    db = tmp_path / "runs.sqlite"
    run = ("simulate", STANDING, "-p", "3", "--db", db)
    assert philtre(*run, "-n", "2").returncode == 0
    with sqlite3.connect(db) as con:
        kept = [t for (t,) in con.execute("SELECT turns FROM games ORDER BY idx")]
        assert con.execute("PRAGMA user_version").fetchone()[0] == 4
        con.execute("ALTER TABLE games DROP COLUMN turns")  # as the previous philtre wrote it
        con.execute("PRAGMA user_version = 3")
    assert len(kept) == 2 and all(t >= 2 for t in kept)
    resumed = philtre(*run, "-n", "3", "--resume", "--json", "--csv", tmp_path / "g.csv")
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming: 2 of 3 games already saved" in resumed.stderr
    summary = json.loads(resumed.stdout)
    assert summary["turns_mean"] is None and summary["turns_ci"] is None and summary["decisions_mean"] > 0
    assert [row["turns"] for row in csv.DictReader((tmp_path / "g.csv").open(encoding="utf-8"))][:2] == ["", ""]
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 4
        again = [t for (t,) in con.execute("SELECT turns FROM games ORDER BY idx")]
    assert again[:2] == [None, None] and again[2] >= 2
    text = philtre(*run, "-n", "3", "--resume").stdout
    assert "length: " in text and " turns" not in text
    fresh = json.loads(philtre(*run, "-n", "2", "--json").stdout)  # played again, without --resume: counted
    assert fresh["turns_mean"] == sum(kept) / 2


def test_compare_measures_the_turns(tmp_path):
    """A house rule that gives every seat more lives makes the games longer in turns; `turns` is a measure --stop-on
    takes, and a game without turns has no such row."""
    overlay = tmp_path / "more-lives.yaml"
    overlay.write_text(f"extends: {STANDING}\nvariables:\n  lives: {{initial: 3, each: player, visible: everyone}}\n")
    result = philtre("compare", STANDING, "--variant", overlay, "-p", "3", "-n", "40", "--batch", "40", "--no-db", "--json",
                     "--stop-on", "turns")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    row = next(r for r in report["arms"][0]["differences"] if r["measure"] == "turns")
    assert row["label"] == "turns" and row["variant"] > row["base"] and row["games"] == 40
    rounds = json.loads(philtre("compare", "poisons", "--variant", "advanced", "-p", "4", "-n", "2", "--batch", "2",
                                "--no-db", "--json").stdout)  # (a game of rounds and simultaneous steps, no `turns`)
    measures = [r["measure"] for arm in rounds["arms"] for r in arm["differences"]]
    assert "rounds" in measures and "turns" not in measures
