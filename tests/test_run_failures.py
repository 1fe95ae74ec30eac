"""What a run does when something fails: a search's broken guesses, a real failing game, a report that cannot be written.

- ismcts whose every sample breaks a rule plays at random (as greedy does), instead of stopping a game the rules
  never stopped; a real failure still stops the run with its record (docs/agents.md, Broken samples).
- The summary is printed before the report is written: a report that cannot be written loses no game (F003), and a
  matplotlib that cannot be imported is said before any game, naming the extra.
- With workers, the games after the first failing game are neither saved nor recorded: the results database and the
  record folder are the same whatever the number of workers.
- A game with no decisions is not said to score "before the last decision".
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import Loc, PhiltreError
from philtre.interpreter import parallel
from philtre.interpreter.agents import ISMCTSAgent, ask
from philtre.interpreter.game import Game
from philtre.interpreter.runs import run_simulation
from philtre.interpreter.simulate import RunSpec

ROOT = Path(__file__).resolve().parent.parent

# The deck is never shuffled: seat 0 always holds the 16, and the last rule divides by 1 in every real game. A sample
# that guesses seat 0's hidden cards otherwise divides by zero: only the search's guesses break the rule.
PHANTOM = """\
philtre: 1
game: phantom
players: 2
components:
  card:
    attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]}
    start: deck
zones:
  deck:    {visible: nobody}
  hand:    {each: player, visible: owner}
  table:   {each: player}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> table[me]
flow:
  - deal: {from: deck, to: hand, count: 2}
  - turns: 1
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: play
  - score: {player: 0, add: "1 / (max(c.rank for c in table[0]) // 16)"}
winners: {highest: ["score[p]"]}
"""

# Shuffled: the last rule divides by zero in the real games where seat 0's first card's rank is a multiple of 4.
SOMETIMES = PHANTOM.replace("game: phantom", "game: fails-sometimes").replace("players: 2\n", "players: 2..8\n") \
    .replace("  - deal:", "  - shuffle: deck\n  - deal:").replace("turns: 1", "turns: 0") \
    .replace('"1 / (max(c.rank for c in table[0]) // 16)"', '"1 / (first(table[0]).rank % 4)"')

NO_DECISIONS = """\
philtre: 1
game: nodec
players: 2..8
components:
  card:
    attributes: {rank: [1, 2]}
    start: deck
zones:
  deck: {visible: nobody}
flow:
  - score: {player: 0, add: 1}
winners: {highest: ["score[p]"]}
"""


def write(tmp_path, text: str, name: str = "ruleset.yaml") -> Path:
    """A ruleset file in ``tmp_path``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def philtre(*args, cwd=ROOT, env=None, stdin=None) -> subprocess.CompletedProcess:
    """`python -m philtre ARGS`, as a user runs it."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True, text=True,
                            timeout=300, env=env, input=stdin)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


# -- ismcts: every sample broken ----------------------------------------------------------------------------------------

def test_ismcts_plays_at_random_where_every_sample_breaks_a_rule_and_counts_it(tmp_path):
    """Seat 1's samples guess seat 0's hand: seat 0's played card is public, but with one iteration the sample's rest of
    the game divides by zero; the real game never does. The agent picks a legal option with its own RNG and counts it."""
    rs = load_ruleset(str(write(tmp_path, PHANTOM)))
    played = []
    for seed in range(6):
        game = Game(rs, 2, seed=seed, record=True)
        agent = ISMCTSAgent(seed, 1)
        while not game.finished:
            for seat in game.pending():
                option = ask(agent, game, seat) if seat == 1 else game.options(seat)[0]
                game.apply(seat, option)
        played.append((agent.decided, agent.blind))
    assert all(decisions == 1 for decisions, _ in played)
    assert any(at_random for _, at_random in played)  # (a sample may also guess the 16 where it lies)


def test_ismcts_at_random_is_the_same_for_the_same_seed(tmp_path):
    """The random choice is drawn from the agent's own RNG: same seed, same game."""
    rs = load_ruleset(str(write(tmp_path, PHANTOM)))
    spec = RunSpec(rs, 2, ["random", "ismcts:1"], seed=3)
    first = run_simulation(spec, 6, workers=1)[1]
    again = run_simulation(spec, 6, workers=1)[1]
    assert [r["scores"] for r in first] == [r["scores"] for r in again]


@pytest.mark.parametrize("agents", ["random,ismcts:1", "ismcts:5"])
def test_a_search_whose_samples_fail_does_not_stop_the_run(tmp_path, agents):
    """No real game fails: the run ends with its summary (it stopped with an R100 of the samples, exit 1)."""
    result = philtre("simulate", write(tmp_path, PHANTOM), "-n", "20", "--no-db", "-w", "1", "--agents", agents)
    assert result.returncode == 0, result.stderr
    assert "R100" not in result.stderr and "win share" in result.stdout


def test_play_with_a_search_whose_samples_fail_plays_the_game_to_its_end(tmp_path):
    record = tmp_path / "play.jsonl"
    result = philtre("play", write(tmp_path, PHANTOM), "--agents", "ismcts:1", "--seed", "1", "--record", record,
                     stdin="1\n" * 10)
    assert result.returncode == 0, result.stderr
    assert record.is_file() and '"failed"' not in record.read_text(encoding="utf-8")


def test_a_real_failure_with_a_search_seat_writes_the_failing_game_record(tmp_path):
    """The real game divides by zero: the run stops at it with exit 1, its record is written and the hint names it."""
    folder = tmp_path / "rec"
    result = philtre("simulate", write(tmp_path, SOMETIMES), "-p", "3", "-n", "60", "--no-db", "-w", "1",
                     "--agents", "ismcts:10,greedy,random", "--record", folder)
    assert result.returncode == 1 and "R100" in result.stderr
    index = int(result.stderr.split("this stopped game ")[1].split()[0])
    failed = folder / f"game-{index:05d}.jsonl"  # both counted from 1
    assert failed.is_file() and '"failed"' in failed.read_text(encoding="utf-8").splitlines()[-1]
    assert f"its record, up to the failure: {failed}" in result.stderr


# -- the summary before the report --------------------------------------------------------------------------------------

# Runs philtre with the report's index.html made a folder once the games have been played ("made a folder while the
# games ran"), as docs/simulation.md says F003 comes.
LATE_FOLDER = """\
import os, sys
import philtre.interpreter.runs as runs
import philtre.interpreter.compare as compare
report = sys.argv[sys.argv.index("--report") + 1]
def late(real):
    def wrapped(*args, **kwargs):
        out = real(*args, **kwargs)
        os.makedirs(os.path.join(report, "index.html"), exist_ok=True)
        return out
    return wrapped
runs.run_simulation = late(runs.run_simulation)
compare.run_comparison = late(compare.run_comparison)
from philtre.interpreter.cli import main
sys.argv = ["philtre"] + sys.argv[1:]
main()
"""


@pytest.mark.parametrize("command", [["simulate", "poison", "-p", "3", "-n", "4"],
                                     ["compare", "poison", "-p", "3", "-n", "4", "--variant", "draw-pile"]])
def test_a_report_that_cannot_be_written_loses_no_summary(tmp_path, command):
    pytest.importorskip("matplotlib")
    script = write(tmp_path, LATE_FOLDER, "late.py")
    report = tmp_path / "rep"
    result = subprocess.run([sys.executable, str(script), *command, "--seed", "1", "-w", "1", "--no-db", "--report",
                             str(report)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 1 and "F003" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert "poison" in result.stdout and "draw-pile" in result.stdout if "compare" in command else "win share" in result.stdout


BROKEN_MATPLOTLIB = 'raise ImportError("numpy.core.multiarray failed to import")\n'


@pytest.mark.parametrize("command", [["simulate", "poison", "-p", "3", "-n", "2"],
                                     ["compare", "poison", "-p", "3", "-n", "2", "--variant", "draw-pile"]])
def test_a_matplotlib_that_cannot_be_imported_is_said_before_any_game(tmp_path, command):
    """find_spec finds it, importing it fails (a broken numpy): a usage error naming the extra, exit 2, nothing played."""
    (tmp_path / "fake" / "matplotlib").mkdir(parents=True)
    (tmp_path / "fake" / "matplotlib" / "__init__.py").write_text(BROKEN_MATPLOTLIB, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "fake"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    result = philtre(*command, "--no-db", "-w", "1", "--report", tmp_path / "rep", env=env)
    assert result.returncode == 2, result.stderr
    assert "pip install 'philtre[report]'" in result.stderr and "numpy.core.multiarray failed to import" in result.stderr
    assert "internal error" not in result.stderr and result.stdout == ""


def test_a_matplotlib_failing_when_the_report_is_written_is_a_clear_error_after_the_summary(tmp_path, monkeypatch):
    """An import that fails only when the plots are drawn (a lazy part of matplotlib): the summary is printed, then the
    same message, exit 2."""
    from click.testing import CliRunner

    from philtre.interpreter import cli_simulate, report

    def broken():
        raise ImportError("cannot import name 'pyplot'")

    monkeypatch.setattr(cli_simulate, "check_report_imports", lambda: None)
    monkeypatch.setattr(report, "pyplot", broken)
    result = CliRunner().invoke(cli_simulate.simulate, ["poison", "-p", "3", "-n", "2", "--no-db", "-w", "1",
                                                        "--report", str(tmp_path / "rep")])
    assert result.exit_code == 2, result.output
    assert "win share" in result.stdout
    assert "pip install 'philtre[report]'" in result.output


# -- workers: nothing after the failing game -----------------------------------------------------------------------------

def _slow_failure(spec, index):
    """A stand-in for play_one: game 2 fails after the others have ended; every other game ends at once."""
    if index == 2:
        time.sleep(1.0)
        raise PhiltreError.at(Loc("x.yaml", 1, 1), "R100", "failed")
    return {"index": index}


def test_workers_hand_over_no_game_after_the_failing_one(monkeypatch):
    """Games after the failing game may have been played by another worker: they are not handed to the run (saved,
    recorded), so what is kept is what one worker keeps."""
    monkeypatch.setattr(parallel, "play_one", _slow_failure)  # (forked workers inherit it)
    backend = parallel.LocalProcesses({"k": None}, 2)
    handed = []
    try:
        with pytest.raises(PhiltreError, match="R100"):
            for key, result in backend.run((("k", i) for i in range(12)), 12):
                handed.append(result["index"])
    finally:
        backend.close()
    assert sorted(handed) == [0, 1]


def test_a_failing_run_keeps_the_same_games_and_records_with_any_number_of_workers(tmp_path):
    """Game 0 fails: with 1 worker only its record is written and nothing is saved; so with 2."""
    ruleset = write(tmp_path, SOMETIMES)
    kept = {}
    for workers in (1, 2):
        folder = tmp_path / f"w{workers}"
        db = folder / "db.sqlite"
        result = philtre("simulate", ruleset, "-p", "3", "-n", "60", "--db", db, "-w", workers, "--record", folder / "rec")
        assert result.returncode == 1 and "this stopped game 1 " in result.stderr
        with sqlite3.connect(db) as con:
            rows = [i for (i,) in con.execute("SELECT idx FROM games ORDER BY idx")]
        kept[workers] = (rows, sorted(os.listdir(folder / "rec")))
    assert kept[1] == kept[2] == ([], ["game-00001.jsonl"])


# -- wording ------------------------------------------------------------------------------------------------------------

def test_games_without_decisions_are_not_said_to_score_before_the_last_decision(tmp_path):
    result = philtre("simulate", write(tmp_path, NO_DECISIONS), "-p", "2", "-n", "5", "--no-db", "-w", "1")
    assert result.returncode == 0, result.stderr
    assert "before the last decision" not in result.stdout
    assert "game quality: no rows (no game had a decision, so no score race; docs/statistics.md in philtre's source, Games scored at the end)" \
        in result.stdout, result.stdout


def test_games_some_without_decisions_are_said_so():
    from philtre.interpreter.summary import no_race_games

    assert no_race_games(0.6, {"decisions_min": 0, "decisions_max": 4}) == \
        "in 60% of games the scores did not move before the last decision (or had no decision)"
    assert no_race_games(1.0, {"decisions_min": 2, "decisions_max": 4}) == \
        "in 100% of games the scores did not move before the last decision"


# A secret nobody sees is 1 in every real game; a sample holds its declared 0 (docs/agents.md), so every sample of seat
# 1's decisions divides by zero after its pick, and ismcts picks at random at each of them.
SECRET = """\
philtre: 1
game: secret
players: 2
components:
  card:
    attributes: {rank: [1, 2, 3, 4]}
    start: deck
zones:
  deck:    {visible: nobody}
  hand:    {each: player, visible: owner}
  table:   {each: player}
variables:
  secret: {initial: 0, visible: nobody}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> table[me]
      - score: {player: me, add: "card.rank // secret"}
flow:
  - set: {secret: 1}
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - turns: 1
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: play
winners: {highest: ["score[p]"]}
"""


@pytest.mark.parametrize("agent, said", [
    ("ismcts:2", "note: ismcts (seat 1) found that every game it sampled broke a rule at each of its decisions in every "
                 "game, so it played at random"),
    # greedy counts the decisions where every look-ahead broke a rule (`secret` guessed as its initial 0, a divisor):
    # its note says so first, and why, not "no heuristic"
    ("greedy", "note: greedy (seat 1) found every option equal one step ahead at each of its decisions in every game, so it "
               "played at random: its look-aheads all failed at each of them, as each guess it drew of what it cannot see "
               "broke a rule; a hidden variable is guessed as its declared initial value"),
])
def test_a_summary_says_when_a_search_played_at_random_throughout(tmp_path, agent, said):
    """ismcts counted its random decisions, but no summary said so: its figures read as a search's; greedy's note
    blamed a missing heuristic alone when its every sample broke a rule."""
    path = write(tmp_path, SECRET)
    result = subprocess.run([sys.executable, "-m", "philtre", "simulate", str(path), "-p", "2", "-n", "3", "--no-db",
                             "--agents", f"random,{agent}"], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert said in result.stdout, result.stdout
    assert result.stdout.count("note:") == 1  # seat 0 is random: nothing to say of it


def test_a_run_stopped_without_its_database_says_what_it_played_and_kept(capsys):
    """A Kingdomino trial stopped with --no-db read `interrupted: 18 of 20 games not saved (--no-db)`: 18 games lost?
    The line says how many were played, that none were kept, and how to keep them."""
    from philtre.interpreter.cli_simulate import interruptible
    from philtre.interpreter.runs import Interrupted

    @interruptible
    def run(**options):
        raise Interrupted(18, 20)

    for options, said in (({"no_db": True, "db": "runs.sqlite"}, "interrupted: 18 of 20 games played, none kept (--no-db): "
                                                                  "run the command again, without --no-db to keep the games and resume"),
                          ({"no_db": False, "db": "runs.sqlite"}, "interrupted: 18 of 20 games saved in runs.sqlite; run the "
                                                                   "same command with --resume to finish")):
        with pytest.raises(SystemExit) as stopped:
            run(**options)
        assert stopped.value.code == 130 and said in capsys.readouterr().err
