"""simulate and compare say when a greedy seat played at random (docs/agents.md#greedy).

On Poison without its heuristic (tests/data/poison_no_heuristic.yaml) the score moves only
when a round ends: one step ahead every option looks the same, and greedy picks at random. `philtre play` said so; `simulate` and `compare` did
not, and a designer read greedy's numbers as a strategy's. The counts come back from the
games wherever they were played (here or in a worker) and are kept in the results file.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.interpreter.runs import run_simulation
from philtre.interpreter.simulate import RunSpec

ROOT = Path(__file__).resolve().parent.parent
BLIND = str(ROOT / "tests" / "data" / "poison_no_heuristic.yaml")  # Poison as written without a heuristic
NOTE = "note: greedy (seat 0) found every option equal one step ahead at each of its decisions in every game"


def philtre(*args, cwd=ROOT, stdin=None) -> subprocess.CompletedProcess:
    """`python -m philtre ARGS`, as a user runs it (``stdin``: what the user types)."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, input=stdin, capture_output=True, text=True,
                            timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


@pytest.mark.parametrize("workers", [1, 2])
def test_a_greedy_seat_that_only_ever_saw_ties_is_named_in_the_summary(workers):
    """Seat 0 is greedy on Poison without a heuristic (ties at every decision); greedy on POK is not named, its look-ahead
    sees scores, nor on the shipped Poison and HUE, whose heuristics count the cards taken this round and the areas a card in hand
    would score."""
    poison = RunSpec(load_ruleset("poison", [BLIND]), 3, ["greedy", "random", "random"], seed=1)
    summary, results = run_simulation(poison, 3, workers=workers)
    assert summary["greedy_at_random"] == [0]
    assert all(r["greedy"][0][0] > 0 and r["greedy"][0][0] == r["greedy"][0][1] and r["greedy"][1:] == [None, None] for r in results)
    pok = RunSpec(load_ruleset("pok"), 3, ["random", "greedy", "random"], seed=1)
    summary, _ = run_simulation(pok, 3, workers=workers)
    assert summary["greedy_at_random"] == []
    for name, games in (("poison", 2), ("hue", 1)):  # their heuristics see the round's cards taken, the areas grown
        shipped = RunSpec(load_ruleset(name), 2 if name == "hue" else 3, ["greedy", "random"] + ["random"] * (name == "poison"), seed=1)
        summary, _ = run_simulation(shipped, games, workers=workers)
        assert summary["greedy_at_random"] == [], name


def test_the_games_are_the_same_with_one_process_and_with_workers():
    """Counting changes no choice: the same seeds give the same games wherever they are played."""
    spec = RunSpec(load_ruleset("poison", [BLIND]), 3, ["greedy", "random", "greedy"], seed=5)
    one = run_simulation(spec, 2, workers=1)[1]
    two = run_simulation(spec, 2, workers=2)[1]
    assert [(r["scores"], r["decisions"], r["greedy"]) for r in one] == [(r["scores"], r["decisions"], r["greedy"]) for r in two]


def test_simulate_prints_the_note_and_keeps_the_counts_in_the_results_file(tmp_path):
    db = tmp_path / "runs.sqlite"
    result = philtre("simulate", "poison", "--variant", BLIND, "-p", "3", "-n", "2", "--agents", "greedy,random,random", "--db", db, "--workers", "2")
    assert result.returncode == 0, result.stderr
    assert NOTE in result.stdout and "docs/agents.md#greedy" in result.stdout
    with sqlite3.connect(db) as con:
        saved = [json.loads(g) for (g,) in con.execute("SELECT greedy FROM games ORDER BY idx")]
        assert con.execute("PRAGMA user_version").fetchone()[0] == 4
    assert len(saved) == 2 and all(g[0][0] == g[0][1] > 0 and g[1:] == [None, None] for g in saved)
    resumed = philtre("simulate", "poison", "--variant", BLIND, "-p", "3", "-n", "3", "--agents", "greedy,random,random", "--db", db, "--resume",
                      "--json")
    assert json.loads(resumed.stdout)["greedy_at_random"] == [0]  # the saved games' counts count
    random = philtre("simulate", "poison", "-p", "3", "-n", "2", "--no-db")
    assert "note: greedy" not in random.stdout


def test_a_results_file_of_the_first_schema_is_still_read(tmp_path):
    """A file written before the counts were kept (user_version 1, no `greedy` column) resumes; its games say nothing
    of greedy's ties, so nothing is claimed for the run, and the games played now are kept with their counts."""
    db = tmp_path / "runs.sqlite"
    run = ("simulate", "poison", "--variant", BLIND, "-p", "3", "-n", "2", "--agents", "greedy,random,random", "--db", db, "--workers", "1")
    assert philtre(*run).returncode == 0
    with sqlite3.connect(db) as con:  # as the previous philtre wrote it
        con.execute("ALTER TABLE games DROP COLUMN turns")
        con.execute("ALTER TABLE games DROP COLUMN tallies")
        con.execute("ALTER TABLE games DROP COLUMN greedy")
        con.execute("PRAGMA user_version = 1")
    more = ("simulate", "poison", "--variant", BLIND, "-p", "3", "-n", "3", "--agents", "greedy,random,random", "--db", db, "--workers", "1")
    resumed = philtre(*more, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming: 2 of 3 games already saved" in resumed.stderr and "note: greedy" not in resumed.stdout
    with sqlite3.connect(db) as con:
        kept = con.execute("SELECT idx, greedy FROM games ORDER BY idx").fetchall()
    assert [i for i, g in kept if g is None] == [0, 1] and kept[2][1] is not None


def test_compare_names_the_arms_where_greedy_played_at_random(tmp_path):
    result = philtre("compare", "poison", "--base-variant", BLIND, "--variant", f"{BLIND},draw-pile", "-p", "3", "-n", "2", "--batch", "2",
                     "--agents", "greedy,random,random", "--no-db", "--workers", "2")
    assert result.returncode == 0, result.stderr
    assert f"{NOTE} of every arm, so it played at random" in result.stdout, result.stdout


def test_the_compare_page_says_it_too(tmp_path):
    """A designer may read only the HTML page (--report): it says what the text says."""
    pytest.importorskip("matplotlib")
    result = philtre("compare", "poison", "--base-variant", BLIND, "--variant", f"{BLIND},draw-pile", "-p", "3", "-n", "2", "--batch", "2",
                     "--agents", "greedy,random,random", "--no-db", "--report", tmp_path / "r")
    assert result.returncode == 0, result.stderr
    assert f"{NOTE} of every arm, so it played at random" in (tmp_path / "r" / "index.html").read_text(encoding="utf-8")


class Notes(list):
    """A progress callback that keeps the notes a run says while it goes on."""

    def __call__(self, n: int = 1) -> None:
        pass

    def note(self, text: str) -> None:
        self.append(text)


def test_the_note_comes_after_the_first_games_not_only_at_the_end():
    """A greedy run costs a search a decision; at random throughout, the designer is told after 5 games, not at the end."""
    notes = Notes()
    run_simulation(RunSpec(load_ruleset("poison", [BLIND]), 3, ["greedy", "random", "random"], seed=1), 6, progress=notes)
    assert len(notes) == 1 and notes[0].startswith(NOTE.replace("in every game", "in each of the first 5 games"))
    assert notes[0].endswith("(the run goes on: Ctrl-C stops it)")
    few, pok = Notes(), Notes()
    run_simulation(RunSpec(load_ruleset("poison", [BLIND]), 3, ["greedy", "random", "random"], seed=1), 5, progress=few)
    run_simulation(RunSpec(load_ruleset("pok"), 3, ["random", "greedy", "random"], seed=1), 6, progress=pok)
    assert few == [] and pok == []  # a run of 5 says it in its summary; greedy on POK sees the scores move


def test_a_note_is_written_above_the_bar_even_when_no_bar_is_drawn():
    """Piped stderr gets no bar, but still the note."""
    import io

    from philtre.interpreter.progress import Progress

    stream = io.StringIO()
    Progress(10, stream=stream, enabled=False).note("note: x")
    assert stream.getvalue() == "note: x\n"


GUESSED_CODE = """\
game: guessed-code
players: 2
variables:
  code: {initial: [], each: player, visible: owner}
actions:
  set_code:
    choose: {c: "['red', 'blue']"}
    secret: [c]
    do:
      - set: {"code[me]": "[c]"}
  guess:
    choose: {g: "['red', 'blue']"}
    do:
      - score: {player: me, add: "1 if g == code[0][0] else 0"}
flow:
  - decide: set_code
    player: 0
  - decide: guess
    player: 1
winners: {highest: "score[p]"}
heuristic: score[p]
"""


def test_a_greedy_seat_whose_look_aheads_all_failed_is_told_why_not_to_declare_a_heuristic(tmp_path):
    """A Mastermind trial: the hidden code started as `[]`, so every guess greedy drew of it broke a rule (`code[0][0]`
    of an empty list), and the note said to declare a `heuristic`, which the ruleset had. It says the look-aheads failed,
    and why; the seat that only found its options alike keeps the old words. A code shaped like a real one clears it."""
    from philtre.interpreter.summary import format_summary

    path = tmp_path / "ruleset.yaml"
    path.write_text(GUESSED_CODE, encoding="utf-8")
    summary, results = run_simulation(RunSpec(load_ruleset(str(path)), 2, ["greedy", "greedy"], seed=1), 2, workers=1)
    assert summary["greedy_at_random"] == [0, 1] and summary["greedy_failed"] == {1: [2, 2]}, summary
    assert [r["greedy"] for r in results] == [[[1, 1, 0], [1, 1, 1]]] * 2
    text = format_summary(summary)
    assert ("note: greedy (seat 1) found every option equal one step ahead at each of its decisions in every game, so it "
            "played at random: its look-aheads all failed at each of them, as each guess it drew of what it cannot see "
            "broke a rule; a hidden variable is guessed as its declared initial value, so give it one shaped like a real "
            "one") in text, text
    assert "note: greedy (seat 0) found every option equal" in text and "declare a `heuristic`" not in text, text
    assert "the ruleset's `heuristic` scored every option the same one step ahead" in text, text  # (it declares one)
    path.write_text(GUESSED_CODE.replace("initial: []", "initial: [red]"), encoding="utf-8")
    summary, _ = run_simulation(RunSpec(load_ruleset(str(path)), 2, ["greedy", "greedy"], seed=1), 2, workers=1)
    assert summary["greedy_at_random"] == [0] and summary["greedy_failed"] == {}, summary


DECLARED = ("the ruleset's `heuristic` scored every option the same one step ahead (or every guess it drew of what it "
            "cannot see broke a rule, which scores no option either); where options differ, make it weigh what they "
            "change")
FORCED = "where every option is forced alike (a capture that must be taken), this is expected"  # (no cause asserted)


def test_a_declared_heuristic_that_tells_no_option_apart_is_said_so_not_asked_for(tmp_path):
    """A Pandemic trial's note said to declare a `heuristic`, which the ruleset did (it simply gave every option the
    same value one step ahead). With one declared, simulate, compare and play say it told no option apart; without
    one, they still ask for one."""
    from philtre.interpreter.summary import format_summary

    flat = tmp_path / "flat.yaml"
    flat.write_text("extends: poison\ndescription: Poison whose heuristic sees nothing\nheuristic: '0'\n", encoding="utf-8")
    for variant, declared in ((flat, True), (BLIND, False)):
        summary, _ = run_simulation(RunSpec(load_ruleset("poison", [str(variant)]), 3, ["greedy", "random", "random"], seed=1), 2,
                                    workers=1)
        text = format_summary(summary)
        assert summary["greedy_at_random"] == [0] and summary["heuristic"] is declared, summary
        assert (DECLARED in text) is declared and ("declare a `heuristic` in the ruleset" in text) is not declared, text
        assert (FORCED in text) is declared, text
    compared = philtre("compare", "poison", "--base-variant", BLIND, "--variant", flat, "-p", "3", "-n", "2", "--batch", "2",
                       "--agents", "greedy,random,random", "--no-db", "--workers", "1")
    assert compared.returncode == 0, compared.stderr
    assert f"{NOTE} of poison_no_heuristic, so it played at random: no single decision" in compared.stdout, compared.stdout
    assert f"{NOTE} of flat, so it played at random: {DECLARED}" in compared.stdout, compared.stdout
    played = philtre("play", "poison", "--variant", flat, "-p", "3", "--seed", "2", "--agents", "greedy", stdin="1\n" * 300)
    assert played.returncode == 0 and DECLARED in played.stderr and "declare a `heuristic`" not in played.stderr, played.stderr


# a seat stays (its pocket grows) or banks its pocket; the bank is scored only once the game is over: one step ahead,
# greedy sees the score move at no decision but the last (an Incan Gold trial's greedy lost to random seats, no note said so)
BANKED = """philtre: 1
game: banked
players: 2
variables:
  pocket: {initial: 0, each: player}
  bank: {initial: 0, each: player}
actions:
  stay:
    do:
      - set: {"pocket[me]": "pocket[me] + 1"}
  leave:
    do:
      - set: {"bank[me]": "bank[me] + pocket[me]", "pocket[me]": 0}
flow:
  - repeat: 3
    do:
      - for: p in players
        do:
          - decide: [stay, leave]
            player: p
  - for: p in players
    do:
      - score: {player: p, add: "bank[p]"}
winners: {highest: "score[p]"}
"""
BLIND_NOTE = ("note: greedy weighs each option by `score[p]`, the first winners key (the ruleset declares no `heuristic`), and "
              "no action changes what it reads")


@pytest.mark.parametrize("old, new, noted", [
    ("", "", True),
    ("winners:", "heuristic: bank[p] + pocket[p]\nwinners:", False),  # (greedy reads the heuristic)
    ("winners: {highest: \"score[p]\"}", "winners: {highest: \"bank[p]\"}", False),  # (an action changes the bank)
    ('      - set: {"pocket[me]": "pocket[me] + 1"}', '      - score: {player: me, add: 1}', False),  # (an action scores)
    # the flow scores right after each decision, before the next: greedy's look-ahead sees the score move (a trial's
    # turn of a decide, then a block setting the scores, was told that greedy would play at random)
    ("            player: p\n", "            player: p\n          - score: {player: p, set: \"bank[p] + pocket[p]\"}\n", False),
    # ... but not where the score comes after the next decision (the second decide takes the turn first)
    ("            player: p\n", "            player: p\n          - decide: [stay, leave]\n            player: p\n"
     "          - score: {player: p, set: \"bank[p] + pocket[p]\"}\n", True),
], ids=["scored at the end", "a heuristic", "a key an action changes", "an action scores", "the flow scores after each decide",
        "the flow scores after the next decide"])
def test_simulate_notes_a_greedy_seat_whose_measure_no_action_moves(tmp_path, old, new, noted):
    """The at-random note needs every decision blind, and the last decisions here see the final scoring, so nothing was
    said: simulate says before the run, where a seat is greedy, that no action's `do` changes what greedy weighs by."""
    path = tmp_path / "banked.yaml"
    path.write_text(BANKED.replace(old, new) if old else BANKED, encoding="utf-8")
    result = philtre("simulate", path, "-n", "1", "--agents", "greedy,random", "--no-db")
    assert result.returncode == 0, result.stderr
    assert (BLIND_NOTE in result.stderr) == noted, result.stderr
    assert "heuristic:`, how well seat p stands mid-game (see docs/agents.md#greedy" in result.stderr or not noted
    if noted:  # (a run with no greedy seat is told nothing of greedy; a depth-limited ismcts, valued so too, is told)
        assert BLIND_NOTE not in philtre("simulate", path, "-n", "1", "--no-db").stderr
        assert "note: ismcts:N:D values each cut playout by `score[p]`, the first winners key" in philtre(
            "simulate", path, "-n", "1", "--no-db", "--agents", "ismcts:2:1,random").stderr
