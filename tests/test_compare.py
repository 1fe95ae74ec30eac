"""`philtre compare`: base against variants on the same seeds, paired differences, a sequential stop, a report."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.interpreter.compare import SequentialTest, looks, spent
from philtre.interpreter.simulate import game_seed
from test_greedy_at_random import GUESSED_CODE  # (a hidden code greedy cannot look ahead past: its initial value is empty)

ROOT = Path(__file__).resolve().parent.parent


def philtre(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS``; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def test_a_report_of_games_scored_only_at_the_end_has_no_quality_plot(tmp_path):
    """HUE scores after its last card: the tables leave the game-quality measures out, and the page still plotted them
    (lead changes, drama, decisiveness all 0), with an earlier report's plot left in the folder too."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "quality.png").write_bytes(b"\x89PNG\r\n\x1a\n an earlier run's")
    result = philtre("compare", "hue", "--variant", "strict-poison", "-p", "2", "-n", 30, "--report", out, "--no-db")
    assert result.returncode == 0, result.stderr
    assert "no game-quality rows" in result.stdout, result.stdout
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "quality.png" not in page and "length.png" in page and not (out / "quality.png").exists()


def test_an_arm_without_a_score_race_is_said_under_its_quality_rows(tmp_path):
    """Poison without its overflow: nobody ever scores, so the variant's games have no score race; its rows read drama 0
    and decisiveness 1, each marked as a clear change, with no word that there was no race to measure (simulate of the
    same variant prints no rows and says why). The base's own table, with a race in both arms, has no such note."""
    house = tmp_path / "calm.yaml"
    house.write_text("extends: poison\nactions:\n  play:\n    do:\n      - name: overflow\n        $remove: true\n")
    result = philtre("compare", "poison", "--variant", house, "-p", "4", "-n", 40, "--no-db")
    assert result.returncode == 0, result.stderr
    assert "drama" in result.stdout, result.stdout
    assert ("(game quality: in 100% of the variant's games the scores did not move before the last decision"
            in result.stdout), result.stdout
    # every seat on 0 wins: no game of the variant has a margin, whose row was left out without a word
    assert "(no margin row: in no game did both arms have a winner ahead of another seat)" in result.stdout, result.stdout
    same = philtre("compare", "poison", "--variant", "draw-pile", "-p", "4", "-n", 40, "--no-db")
    assert "drama" in same.stdout and "(game quality:" not in same.stdout and "no margin row" not in same.stdout, same.stdout


def test_a_margin_row_left_out_for_a_winners_expression_says_so(tmp_path):
    """Connect four chooses its winners by an expression, which has no margin (docs/statistics.md): the note under the
    table said no game had a winner ahead of another seat, though every won game had one. It names the expression, and
    which arm has it where only one does."""
    game = ROOT / "examples" / "connect-four"
    both = philtre("compare", game, "--variant", "connect-three", "-p", "2", "-n", 20, "--no-db", "-w", 1)
    assert both.returncode == 0, both.stderr
    assert ("(no margin row: the winners are chosen by an expression, not a highest/lowest ranking, which the margin "
            "needs)") in both.stdout, both.stdout
    assert "in no game did both arms" not in both.stdout, both.stdout
    assert json.loads(philtre("compare", game, "--variant", "connect-three", "-p", "2", "-n", 2, "--no-db", "--json").stdout
                      )["rankings"] == {"base": "expression", "connect-three": "expression"}
    ranked = tmp_path / "ranked.yaml"
    ranked.write_text(f"extends: {game / 'ruleset.yaml'}\nwinners: {{highest: 'score[p]'}}\n")
    one = philtre("compare", game, "--variant", ranked, "-p", "2", "-n", 20, "--no-db", "-w", 1)
    assert one.returncode == 0, one.stderr
    assert "(no margin row: the base's winners are chosen by an expression" in one.stdout, one.stdout


def test_compare_prints_differences_with_intervals_and_writes_a_report(tmp_path):
    out = tmp_path / "out"
    result = philtre("compare", "poison", "--variant", "draw-pile", "--players", 4, "--games", 240, "--seed", 1,
                     "--report", out, "--workers", 2, "--no-db")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "base vs draw-pile" in text and "95% CI (paired)" in text
    for measure in ("seat 0 win share", "seat 3 score", "shared wins", "length (decisions)", "lead changes", "drama",
                    "decisiveness", "uncertainty"):
        assert measure in text
    page = (out / "index.html").read_text(encoding="utf-8")
    for image in ("win_share.png", "scores.png", "length.png", "quality.png"):
        assert (out / image).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert image in page
    assert "draw-pile" in page
    # is the house rule fair on its own? The page said it no more than the plots: the table's seat balance was left out
    balance = next(line.strip() for line in text.splitlines() if line.strip().startswith("seat balance"))
    assert f"<p>Seat balance{balance[len('seat balance'):]}</p>" in page


NO_OP = """extends: poison
variables:
  unused: 0
"""


def test_the_same_seeds_make_an_idle_variant_differ_by_exactly_nothing(tmp_path):
    overlay = tmp_path / "idle.yaml"
    overlay.write_text(NO_OP, encoding="utf-8")
    result = philtre("compare", "poison", "--variant", overlay, "-p", 3, "-n", 30, "--batch", 10, "--no-db", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["base"]["hash"] != report["arms"][0]["summary"]["hash"]  # really two rulesets
    for row in report["arms"][0]["differences"]:
        assert row["difference"] == 0 and row["ci"] == [0, 0], row
    assert report["games"] == 30 and not report["stopped_early"]


def test_a_variant_that_changes_no_rule_is_said_to_play_the_bases_games(tmp_path):
    """A house rule that sets a value to the base's own played 2 x N identical games and said nothing."""
    overlay = tmp_path / "same.yaml"
    overlay.write_text("extends: poison\ndescription: nothing new\ndefine: {limit: 13}\n", encoding="utf-8")
    result = philtre("compare", "poison", "--variant", overlay, "--variant", "draw-pile", "-p", 3, "-n", 10, "--batch", 10, "--no-db")
    assert result.returncode == 0, result.stderr
    notes = [line for line in result.stderr.splitlines() if line.startswith("note: ")]
    assert notes == [f"note: variant '{overlay}' changes no rule of poison (its content hash is the base's): its games are the base's"], \
        result.stderr
    # simulate, the designer's first look at a house rule, said nothing: its table read as the house rule's own finding
    alone = philtre("simulate", "poison", "--variant", overlay, "-p", 3, "-n", 2, "--no-db")
    assert alone.returncode == 0, alone.stderr
    assert f"note: variant '{overlay}' changes no rule of poison" in alone.stderr
    changed = philtre("simulate", "poison", "--variant", "draw-pile", "-p", 3, "-n", 2, "--no-db")
    assert "note:" not in changed.stderr


def test_a_variant_that_changes_no_rule_neither_holds_up_the_stop_nor_is_called_unclear(tmp_path):
    """An arm restating the base kept every other clear difference from stopping the run (2000 games, not 200), and the
    headline called its exact zeros 'not clear'."""
    (tmp_path / "same.yaml").write_text("extends: poison\ndefine: {limit: 13}\n", encoding="utf-8")
    (tmp_path / "seat0-bonus.yaml").write_text(SEAT0_BONUS, encoding="utf-8")
    both = philtre("compare", "poison", "--variant", "seat0-bonus.yaml", "--variant", "same.yaml", "-p", 4, "-n", 2000,
                   "--seed", 1, "--no-db", cwd=tmp_path)
    assert both.returncode == 0, both.stderr
    assert both.stdout.splitlines()[1] == (
        "stopped after 200 of 2000 games per arm: the difference in seat 0 win share is clear for every other variant "
        "(sequential test, alpha 0.05); same changes no rule of the base: every difference is 0")
    alone = json.loads(philtre("compare", "poison", "--variant", "same.yaml", "-p", 4, "-n", 2000, "--batch", 50, "--no-db",
                               "--json", cwd=tmp_path).stdout)
    assert alone["games"] == 50 and alone["stopped_early"] and alone["clear"] == {}


def test_a_clear_difference_stops_early_and_never_plays_all(tmp_path):
    house = ROOT / "examples" / "house-rules" / "pok-first-to-four.yaml"
    early = philtre("compare", "pok", "--variant", house, "-p", 4, "-n", 2000, "--stop-on", "length", "--no-db", "--json")
    assert early.returncode == 0, early.stderr
    report = json.loads(early.stdout)
    assert report["stopped_early"] and report["games"] < 2000 and report["games"] % 200 == 0
    assert report["arms"][0]["label"] == "pok-first-to-four"
    full = philtre("compare", "pok", "--variant", house, "-p", 4, "-n", 100, "--batch", 50, "--stop-on", "never", "--no-db")
    assert full.returncode == 0 and "100 games per arm (no early stop)" in full.stdout


def test_compare_resumes_from_the_database(tmp_path):
    db = tmp_path / "runs.sqlite"
    args = ("compare", "poison", "--variant", "draw-pile", "-p", 3, "-n", 20, "--batch", 10, "--db", db, "--workers", 1)
    first = philtre(*args)
    again = philtre(*args, "--resume")
    assert first.returncode == again.returncode == 0
    assert again.stdout == first.stdout and "resuming: 40 of 40" in again.stderr


@pytest.mark.parametrize("args,hint", [(("--stop-on", "fun"), "--stop-on"), (("--variant", "draw-pile", "--variant", "draw-pile"), "--variant"),
                                       (("--alpha", "nan"), "--alpha")])
def test_bad_options_are_usage_errors(args, hint):
    base = ("compare", "poison", "-p", 4, "-n", 10, "--no-db")
    if "--variant" not in args:
        base += ("--variant", "draw-pile")
    result = philtre(*base, *args)
    assert result.returncode == 2 and hint in result.stderr


def test_a_missing_plotting_library_is_a_usage_error(monkeypatch, tmp_path):
    import importlib.util

    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    result = CliRunner().invoke(main, ["compare", "poison", "--variant", "draw-pile", "-p", "4", "-n", "10", "--no-db",
                                       "--report", str(tmp_path / "r")])
    assert result.exit_code == 2 and "philtre[report]" in result.output


# -- the sequential test ------------------------------------------------------------------------

def test_a_game_that_fails_says_which_arm_and_which_game(tmp_path):
    """The dealer leads, at four players: the dealer holds 12 cards and the others 13, so the
    dealer runs out first and must play with none (R300). The error pointed at the base's
    'decide' with no word of the variant, so with two variants the designer could not tell
    which arm failed, nor which game to replay."""
    (tmp_path / "dealer-leads.yaml").write_text("extends: poison\nflow:\n  - name: turns\n    turns: dealer\n")
    (tmp_path / "fifteen.yaml").write_text("extends: poison\ndefine:\n  limit: 15\n")
    result = philtre("compare", "poison", "--variant", tmp_path / "fifteen.yaml", "--variant", tmp_path / "dealer-leads.yaml",
                     "-p", "4", "-n", "2", "--batch", "2", "--no-db", "--workers", "1")
    assert result.returncode == 1, result.stderr
    line = result.stderr.strip().splitlines()[-1]
    assert "R300" in line and "dealer-leads.yaml" in line and "fifteen.yaml" not in line, line
    seed = game_seed(0, 0)
    assert f"; this stopped game 1 of the run (seed {seed}) of poison + " in line, line


def test_a_difference_of_0_to_1_measures_has_an_interval_within_minus_1_and_1():
    """A variant that changes the winner: the drama difference's interval was [-3.331, +2.845] (of two games),
    though two 0..1 measures cannot differ by more than 1. (Twenty games: fewer have no interval.)"""
    from philtre.interpreter.compare import differences

    def game(winners, scores, drama):
        quality = {"lead_changes": 1, "drama": drama, "decisiveness": 0.5, "uncertainty": 0.5}
        return {"winners": winners, "scores": scores, "decisions": 10, "rounds": 1, "quality": quality}

    # 19 games the variant gives seat 0 (drama 1 to 0), one it leaves alike: a difference of 0.95 +- 0.105
    base = [game([1], [0, 3], 1.0)] * 19 + [game([1], [0, 3], 0.0)]
    arm = [game([0], [3, 0], 0.0)] * 19 + [game([1], [0, 3], 0.0)]
    rows = {row["measure"]: row for row in differences(base, arm, 2)}
    for name in ("win0", "win1", "ties", "drama", "decisiveness", "uncertainty"):
        low, high = rows[name]["ci"]
        assert -1 <= low <= rows[name]["difference"] <= high <= 1, (name, rows[name])
    assert rows["drama"]["ci"][0] == -1 and rows["win0"]["ci"][1] == 1
    assert rows["score0"]["ci"][1] > 3, "a score is not bounded"


def test_alpha_spending_spends_all_of_alpha_and_little_early():
    assert spent(1.0, 0.05) == pytest.approx(0.05)
    assert spent(0.1, 0.05) < 1e-6 < spent(0.5, 0.05) < spent(0.9, 0.05) < 0.05
    assert looks(1000, 300) == [300, 600, 900, 1000]


def _games(rng, n, shift=0.0):
    return [{"decisions": rng.gauss(100 + shift, 20)} for _ in range(n)]


def _stops(rng, shift, reps):
    """How often the rule stops (declares a difference) over ``reps`` simulated comparisons of 10 looks."""
    stops = 0
    for _ in range(reps):
        base, arm = _games(rng, 300), _games(rng, 300, shift)
        test = SequentialTest("length", 0.05, 300, 1)
        stops += any(test.check(n, base[:n], {"arm": arm[:n]}) for n in looks(300, 30))
    return stops / reps


def test_the_stop_rule_keeps_its_error_rate_when_there_is_no_difference():
    rate = _stops(random.Random(5), 0.0, 600)
    assert rate <= 0.05 + 0.02  # alpha plus three standard errors of the simulation


def test_the_stop_rule_stops_when_there_is_a_difference():
    assert _stops(random.Random(6), 8.0, 100) >= 0.95


def test_a_few_identical_differences_do_not_stop_the_run():
    """Two games each way, seat 0 winning both in the variant and neither in the base: every
    paired difference is +1, the t test's p is 0, and nothing is known yet."""
    base = [{"winners": [1]}, {"winners": [2]}]
    arm = [{"winners": [0]}, {"winners": [0]}]
    test = SequentialTest("win0", 0.05, 2000, 1)
    assert not test.check(2, base, {"arm": arm}) and test.clear == {}
    assert test.history[0]["p"]["arm"] == 0.0


def test_a_look_whose_level_rounds_to_zero_stops_nothing():
    base = [{"decisions": 100.0 + i % 3} for i in range(40)]
    arm = [{"decisions": 200.0 + i % 3} for i in range(40)]
    test = SequentialTest("length", 0.05, 10**9, 1)  # 40 of a billion games: the level is 0.0
    assert not test.check(40, base, {"arm": arm}) and test.history[0]["level"] == 0.0
    later = SequentialTest("length", 0.05, 40, 1)
    assert later.check(40, base, {"arm": arm}) and later.clear == {"arm": 40}, "the same difference, at the last look"


def test_a_team_game_compared_says_won_together_as_simulate_does():
    """Every game of both arms won by all seats or none: the shared-wins row is the games won together."""
    from types import SimpleNamespace

    from philtre.interpreter.compare import SequentialTest, comparison, format_comparison
    from philtre.interpreter.summary import summarise

    game = {"scores": [1, 1], "decisions": 10, "rounds": 0, "quality": None}
    base = [dict(game, winners=[0, 1])] * 10 + [dict(game, winners=[])] * 30
    arm = [dict(game, winners=[0, 1])] * 20 + [dict(game, winners=[])] * 20
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    summaries = [summarise(ruleset, 2, 0, ["random"] * 2, results) for results in (base, arm)]
    test = SequentialTest("win0", 0.05, 40, 1)
    report = comparison(summaries[0], {"house": summaries[1]}, base, {"house": arm}, 2, test, 40, 40)
    text = format_comparison(report)
    assert report["team_game"] and "won together" in text and "shared wins" not in text
    rival = arm[:-1] + [dict(game, winners=[0])]  # one game won alone: not a team game
    report = comparison(summaries[0], {"house": summarise(ruleset, 2, 0, ["random"] * 2, rival)}, base, {"house": rival}, 2, test, 40, 40)
    assert not report["team_game"] and "shared wins" in format_comparison(report)


def test_a_team_game_compared_prints_no_win_share_rows_but_keeps_them_in_json():
    """Every game of both arms won by all seats or none: each seat's win share is won together / players, so its rows
    (all marked * alike) are left out of the table with a note, and kept in the JSON."""
    from types import SimpleNamespace

    from philtre.interpreter.compare import SequentialTest, comparison, format_comparison
    from philtre.interpreter.summary import summarise

    game = {"scores": [1, 1, 1], "decisions": 10, "rounds": 0, "quality": None}
    base = [dict(game, winners=[])] * 40
    arm = [dict(game, winners=[0, 1, 2])] * 40
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    summaries = [summarise(ruleset, 3, 0, ["random"] * 3, results) for results in (base, arm)]
    test = SequentialTest("win0", 0.05, 40, 1)
    report = comparison(summaries[0], {"house": summaries[1]}, base, {"house": arm}, 3, test, 40, 40)
    text = format_comparison(report)
    assert "win share +" not in text and "seat 0 win share  " not in text, text
    assert "(no win-share rows: in every game of both arms the winners were all the seats or none" in text
    assert "won together" in text
    assert [r["measure"] for r in report["arms"][0]["differences"][:3]] == ["win0", "win1", "win2"]
    rival = arm[:-1] + [dict(game, winners=[0])]  # one game won alone: the seats' shares differ, and are shown
    report = comparison(summaries[0], {"house": summarise(ruleset, 3, 0, ["random"] * 3, rival)}, base, {"house": rival}, 3,
                        test, 40, 40)
    text = format_comparison(report)
    assert "seat 0 win share" in text and "no win-share rows" not in text


def test_a_game_whose_scores_all_stayed_0_compared_prints_no_score_rows_but_keeps_them_in_json():
    """Two arms of a game with no score statement: each seat's `score 0.00 0.00 +0.00 [+0.00, +0.00]` row said
    nothing, so the table leaves them out with a note; the JSON keeps them. Where a seat scored in one arm, they are
    shown."""
    from types import SimpleNamespace

    from philtre.interpreter.compare import SequentialTest, comparison, format_comparison
    from philtre.interpreter.summary import summarise

    game = {"scores": [0, 0], "decisions": 10, "rounds": 0, "quality": None}
    base = [dict(game, winners=[0]), dict(game, winners=[1])] * 20
    arm = [dict(game, winners=[1])] * 40
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")

    def compared(arm):
        """The report and its text, base against ``arm``."""
        summaries = [summarise(ruleset, 2, 0, ["random"] * 2, results) for results in (base, arm)]
        report = comparison(summaries[0], {"house": summaries[1]}, base, {"house": arm}, 2, SequentialTest("win0", 0.05, 40, 1),
                            40, 40)
        return report, format_comparison(report)

    report, text = compared(arm)
    assert "seat 0 score" not in text and "seat 1 score" not in text, text
    assert "(no score rows: every seat ended every game of both arms with a score of 0; they are in --json)" in text
    assert "seat 0 win share" in text
    assert [r["measure"] for r in report["arms"][0]["differences"][:4]] == ["win0", "win1", "score0", "score1"]
    report, text = compared(arm[:-1] + [dict(game, scores=[0, 2], winners=[1])])
    assert "seat 1 score" in text and "no score rows" not in text, text


def test_a_game_whose_scores_all_stayed_0_compared_prints_no_margin_row():
    """Ranked by a key that is not the score, both arms' margins are all 0: the row `margin 0.00 0.00 +0.00` is left
    out with the score rows, and the note names both; the JSON keeps it."""
    from types import SimpleNamespace

    from philtre.interpreter.compare import SequentialTest, comparison, format_comparison
    from philtre.interpreter.summary import summarise

    game = {"scores": [0, 0], "decisions": 10, "rounds": 0, "quality": None}
    base, arm = [dict(game, winners=[0]), dict(game, winners=[1])] * 20, [dict(game, winners=[1])] * 40
    ranked = SimpleNamespace(order="highest", keys=[SimpleNamespace(text="out_at[p]")])
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=ranked)
    summaries = [summarise(ruleset, 2, 0, ["random"] * 2, results) for results in (base, arm)]
    report = comparison(summaries[0], {"house": summaries[1]}, base, {"house": arm}, 2, SequentialTest("win0", 0.05, 40, 1),
                        40, 40, {"base": "highest", "house": "highest"})
    text = format_comparison(report)
    assert "margin" in [r["measure"] for r in report["arms"][0]["differences"]]
    assert "margin (points)" not in text and "no margin row" not in text, text
    assert "(no score or margin rows: every seat ended every game of both arms with a score of 0; they are in --json)" in text


SPARKS = """philtre: 1
game: sparks
description: Cooperative; play the cards in rank order, a wrong card burns the fuse.
players: 2..4

components:
  card:
    attributes: {rank: [1, 2, 3, 4]}
    copies: 2
    start: deck

zones:
  deck: {visible: nobody}
  hand: {each: player, visible: others}
  row: {}
  discard: {}

variables:
  fuses: 1

define:
  burnt_scores_zero: true
  final_score: "0 if (fuses == 0 and burnt_scores_zero) else count(row)"

actions:
  play:
    choose: {slot: "range(count(hand[me]))"}
    do:
      - when: "hand[me][slot].rank == count(row) + 1"
        move: hand[me][slot] -> row
        else:
          - set: {fuses: fuses - 1}
          - move: hand[me][slot] -> discard

flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - name: turns
    turns: 0
    until: fuses == 0 or count(hand[current]) == 0
    do:
      - decide: [play]
  - for: p in players
    do:
      - score: {player: p, add: final_score}

winners: "players if final_score >= 99 else []"
"""


def test_a_cooperative_games_headline_is_the_games_won_together_or_else_what_changed(tmp_path):
    """A new user's cooperative game (every seat wins or none) headlined 'seat 0 win share ... was 0 in every paired
    game', a seat's share of a shared result, and never the score the house rule changed (its rows marked *)."""
    (tmp_path / "ruleset.yaml").write_text(SPARKS, encoding="utf-8")
    (tmp_path / "keep.yaml").write_text("extends: ruleset.yaml\ndefine:\n  burnt_scores_zero: false\n", encoding="utf-8")
    result = philtre("compare", tmp_path, "--variant", tmp_path / "keep.yaml", "-p", 3, "-n", 40, "--batch", 20, "--no-db")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1] == (
        "all 40 games per arm played: the difference in games won together is not clear for keep: it was 0 in every "
        "paired game so far; what changed for keep (rows marked *): every seat's score +0.40 [+0.16, +0.64]"), result.stdout
    assert "seat 0 win share" not in result.stdout


def test_a_team_games_headline_names_the_games_won_together_and_lists_each_changed_row():
    """In a team game the stop measure (a seat's win share, won together / players) is headlined as the games won
    together; seats' scores that differ are listed one by one; a competitive game gets no such list."""
    from philtre.interpreter.compare import stop_sentence

    def row(measure, label, d, ci):
        return {"measure": measure, "label": label, "base": 0.0, "variant": d, "difference": d, "sd": 0.0 if d == 0 else 1.0,
                "ci": ci, "p": 1.0}

    rows = [row("win0", "seat 0 win share", 0.0, [0.0, 0.0]), row("score0", "seat 0 score", 1.0, [0.5, 1.5]),
            row("score1", "seat 1 score", 0.5, [0.25, 0.75]), row("length", "length (decisions)", 0.2, [-0.1, 0.5])]
    report = {"stop_on": "win0", "stopped_early": False, "games": 40, "max_games": 40, "alpha": 0.05, "clear": {},
              "team_game": True, "arms": [{"label": "keep", "differences": rows}]}
    assert stop_sentence(report) == (
        "all 40 games per arm played: the difference in games won together is not clear for keep: it was 0 in every paired "
        "game so far; what changed for keep (rows marked *): seat 0 score +1.00 [+0.50, +1.50], seat 1 score +0.50 [+0.25, +0.75]")
    assert stop_sentence(dict(report, team_game=False)) == (
        "all 40 games per arm played: the difference in seat 0 win share is not clear for keep: it was 0 in every paired "
        "game so far")


def test_quality_measures_are_not_compared_when_no_game_had_a_score_race():
    """Scores that move only at the end give quality differences made of ties at zero: compare leaves them out and says why."""
    from philtre.interpreter.compare import differences

    def game(decisions, history):
        quality = {"lead_changes": 0, "drama": 0.0, "decisiveness": 0.03 if decisions == 40 else 0.0, "uncertainty": 0.5}
        return {"winners": [0], "scores": [3, 1], "decisions": decisions, "rounds": 0, "quality": quality, "history": history}

    base = [game(40, [[40, [3, 1]]]) for _ in range(30)]
    arm = [game(44, [[44, [3, 1]]]) for _ in range(30)]
    measures = {row["measure"] for row in differences(base, arm, 2)}
    assert "length" in measures and not measures & {"lead_changes", "drama", "decisiveness", "uncertainty"}
    raced = [game(44, [[20, [1, 0]], [44, [3, 1]]]) for _ in range(30)]
    assert "decisiveness" in {row["measure"] for row in differences(base, raced, 2)}


def test_a_bound_that_excludes_zero_is_not_printed_as_zero():
    """'[+0.00, +5.76] *' read as an interval that touches 0: the bound gets the digits it needs."""
    from philtre.interpreter.compare import format_comparison

    row = {"measure": "length", "label": "length (decisions)", "base": 47.57, "variant": 50.45, "difference": 2.88, "ci": [0.0012, 5.76], "p": 0.04}
    report = {"ruleset": "r", "players": 2, "seed": 0, "agents": ["random"] * 2, "games": 10, "max_games": 10, "stop_on": None,
              "clear": {}, "looks": [], "arms": [{"label": "v", "differences": [row]}]}
    line = next(x for x in format_comparison(report).splitlines() if x.strip().startswith("length"))
    assert "[+0.001, +5.760]" in line and line.endswith("*")


def test_a_comparison_pairs_the_margin_and_says_each_arms_seat_balance():
    """Is the house rule fair, and are its games closer? The margin is a paired measure over the games
    where both arms have one, and each arm's seat balance is said under its table."""
    from types import SimpleNamespace

    from philtre.interpreter.compare import SequentialTest, comparison, format_comparison
    from philtre.interpreter.summary import summarise

    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="highest"))
    game = {"decisions": 10, "rounds": 1, "quality": None}
    base = [dict(game, scores=[5, 1], winners=[0]), dict(game, scores=[1, 5], winners=[1])] * 20
    arm = [dict(game, scores=[3, 1], winners=[0])] * 36 + [dict(game, scores=[1, 3], winners=[1])] * 3 + [dict(game, scores=[2, 2], winners=[])]
    summaries = [summarise(ruleset, 2, 0, ["random"] * 2, results) for results in (base, arm)]
    test = SequentialTest("margin", 0.05, 40, 1, {"base": "highest", "house": "highest"})
    test.check(40, base, {"house": arm})
    assert test.clear == {"house": 40}, "the margin is a measure the stop rule can test"
    report = comparison(summaries[0], {"house": summaries[1]}, base, {"house": arm}, 2, test, 40, 40,
                        {"base": "highest", "house": "highest"})
    row = next(r for r in report["arms"][0]["differences"] if r["measure"] == "margin")
    assert (row["base"], row["variant"], row["difference"]) == (4, 2, -2), "39 paired games: the drawn one has no margin"
    text = format_comparison(report)
    assert "margin (points)" in text
    assert ("seat balance (chi-square test that every seat wins equally often): base p = 1.000, variant p < 0.001 "
            "(below 0.05: the variant's seats do not all win equally often)") in text
    assert "different agents" not in text
    mixed = [summarise(ruleset, 2, 0, ["greedy", "random"], results) for results in (base, arm)]
    report = comparison(mixed[0], {"house": mixed[1]}, base, {"house": arm}, 2, test, 40, 40,
                        {"base": "highest", "house": "highest"})
    assert ("do not all win equally often); the seats play different agents, so their shares mix the agents' strength "
            "with the seats'") in format_comparison(report)


def test_compare_prints_the_digits_simulate_prints_for_the_same_games():
    """Both print the mean of the same games with the same digits, rounded once from the exact value: a margin of
    3.1251 is 3.13 (a summary that kept it as 3.125 printed 3.12, and compare, which kept 3.125 too, followed it)."""
    from philtre.interpreter.compare import differences
    from philtre.interpreter.summary import margin_row, seat_rows

    games = [{"scores": [3 if i < 8749 else 4, 0], "winners": [0], "decisions": 1, "rounds": 0, "quality": None}
             for i in range(10_000)]  # margin and seat 0's score: 3.1251
    rows = {row["measure"]: row for row in differences(games, games, 2, ("highest", "highest"))}
    assert f"{margin_row(games, 'highest')['mean']:.2f}" == f"{rows['margin']['base']:.2f}" == "3.13"
    assert f"{seat_rows(games, 2, ['random'] * 2)[0]['score_mean']:.2f}" == f"{rows['score0']['base']:.2f}" == "3.13"


def test_a_stop_measure_a_variant_never_has_is_said_to_be_unmeasured_not_unclear(tmp_path):
    """--stop-on margin with a house rule where every game is a shared win (no loser, so no margin) said the difference
    'is not clear', as if more games could make it clear; the margin row was not even in the table."""
    overlay = tmp_path / "no-overflow.yaml"
    overlay.write_text("extends: poison\nactions:\n  play:\n    do:\n      - name: overflow\n        $remove: true\n", encoding="utf-8")
    result = philtre("compare", "poison", "--variant", overlay, "-p", 3, "-n", 40, "--batch", 20, "--stop-on", "margin", "--no-db")
    assert result.returncode == 0, result.stderr
    assert ("all 40 games per arm played: margin (points) is not measured for no-overflow (no game of both arms has it): "
            "choose another --stop-on") in result.stdout, result.stdout
    assert "not clear" not in result.stdout


def test_an_unclear_stop_measure_whose_row_is_starred_says_why_both_hold():
    """A newcomer read 'the difference in seat 0 win share is not clear' above a seat 0 row marked * as a
    contradiction: the headline says the row's interval stands alone and the sequential test wants more games."""
    from philtre.interpreter.compare import stop_sentence

    def report(ci):
        row = {"measure": "win0", "label": "seat 0 win share", "base": 0.578, "variant": 0.64, "difference": 0.062, "ci": ci, "p": 0.04}
        return {"stop_on": "win0", "stopped_early": False, "games": 500, "max_games": 500, "alpha": 0.05, "clear": {},
                "arms": [{"label": "small", "differences": [row]}]}

    starred = stop_sentence(report([0.002, 0.122]))
    assert starred.startswith("all 500 games per arm played: the difference in seat 0 win share is not clear for small")
    assert "its row is marked * for small" in starred and "raise --games" in starred
    assert "marked *" not in stop_sentence(report([-0.01, 0.122]))


SEAT0_BONUS = """extends: poison
flow:
  - $after: scoring
    name: bonus
    score: {player: 0, add: -2}
"""


def test_base_variant_compares_two_house_rules_with_each_other(tmp_path):
    # a designer with two house rules asks which is fairer: both arms are overlays of the same game, on the same seeds
    (tmp_path / "seat0-bonus.yaml").write_text(SEAT0_BONUS, encoding="utf-8")
    out = tmp_path / "out"
    result = philtre("compare", "poison", "--base-variant", "draw-pile", "--variant", "seat0-bonus.yaml", "-p", 4, "-n", 40,
                     "--batch", 40, "--no-db", "--report", out, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "the base arm is poison + draw-pile" in result.stdout.splitlines()[0]
    assert "draw-pile vs seat0-bonus (40 paired games" in result.stdout
    assert "<h2>draw-pile vs seat0-bonus</h2>" in (out / "index.html").read_text(encoding="utf-8")
    report = json.loads(philtre("compare", "poison", "--base-variant", "draw-pile", "--variant", "seat0-bonus.yaml,draw-pile",
                                "-p", 4, "-n", 40, "--batch", 40, "--no-db", "--json", cwd=tmp_path).stdout)
    assert report["base"]["variants"] == ["draw-pile"]
    # the arms differ by the bonus alone: the other seats' scores are the base arm's, game by game
    rows = {row["measure"]: row for row in report["arms"][0]["differences"]}
    assert rows["score0"]["difference"] == -8 and rows["score1"]["difference"] == 0
    same = philtre("compare", "poison", "--base-variant", "draw-pile", "--variant", "draw-pile", "-p", 4, "-n", 4, "--no-db")
    assert same.returncode == 2 and "is the base arm" in same.stderr


def test_simulate_of_an_arm_plays_the_arms_games_so_its_records_show_them(tmp_path):
    """compare keeps no records; docs/simulation.md tells a designer to simulate the arm with --record for the games
    behind a number: that holds only while the arm is the run simulate plays."""
    (tmp_path / "seat0-bonus.yaml").write_text(SEAT0_BONUS, encoding="utf-8")
    arm = json.loads(philtre("compare", "poison", "--variant", "seat0-bonus.yaml", "-p", 4, "-n", 30, "--seed", 5,
                             "--stop-on", "never", "--no-db", "--json", cwd=tmp_path).stdout)["arms"][0]["summary"]
    alone = json.loads(philtre("simulate", "poison", "--variant", "seat0-bonus.yaml", "-p", 4, "-n", 30, "--seed", 5,
                               "--no-db", "--json", "--record", "out", cwd=tmp_path).stdout)
    assert alone["run"] == arm["run"] and alone["seats"] == arm["seats"]
    assert len(list((tmp_path / "out").glob("game-*.jsonl"))) == 30


# -- the audit of 2026-12-02 (arms' labels, zero differences, the exact spending, the bar) -------

FIFTEEN = "extends: poison\ndefine: {limit: 15}\n"


def test_two_overlay_files_that_share_a_file_name_are_two_arms(tmp_path):
    """a/x.yaml and b/x.yaml, two different house rules each given once, were refused as 'given twice' (and
    as 'the base arm' with --base-variant a/x.yaml): arms were told apart by their file names alone."""
    for folder, text in (("a", FIFTEEN), ("b", SEAT0_BONUS)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.yaml").write_text(text, encoding="utf-8")
    args = ("-p", 4, "-n", 20, "--batch", 20, "--no-db")
    both = philtre("compare", "poison", "--variant", "a/x.yaml", "--variant", "b/x.yaml", *args, "--json", cwd=tmp_path)
    assert both.returncode == 0, both.stderr
    report = json.loads(both.stdout)
    labels = [arm["label"] for arm in report["arms"]]
    assert len(set(labels)) == 2 and "base" not in labels and all("x" in label for label in labels), labels
    assert [arm["summary"]["hash"] for arm in report["arms"]][0] != report["arms"][1]["summary"]["hash"]
    text = philtre("compare", "poison", "--base-variant", "a/x.yaml", "--variant", "b/x.yaml", *args, cwd=tmp_path)
    assert text.returncode == 0, text.stderr
    heading = next(line for line in text.stdout.splitlines() if " vs " in line)
    base, arm = heading.split(" (")[0].split(" vs ")
    assert base != arm and base != "base", heading
    # the same file twice is still refused, however it is written, as simulate refuses it
    twice = philtre("compare", "poison", "--variant", "a/x.yaml", "--variant", "./a/../a/x.yaml", *args, cwd=tmp_path)
    assert twice.returncode == 2 and "--variant" in twice.stderr and "once" in twice.stderr, twice.stderr
    again = philtre("compare", "poison", "--base-variant", "a/x.yaml", "--variant", "./a/x.yaml", *args, cwd=tmp_path)
    assert again.returncode == 2 and "is the base arm" in again.stderr, again.stderr
    shipped = philtre("compare", "poison", "--variant", "draw-pile", "--variant", ROOT / "rulesets" / "poison" / "variants"
                      / "draw-pile.yaml", *args)
    assert shipped.returncode == 2 and "once" in shipped.stderr, shipped.stderr


def test_an_overlay_file_named_base_is_an_arm_not_the_base(tmp_path):
    """--variant base.yaml was refused as 'given twice'; as --base-variant its table read 'base vs ...', and no line said
    the base arm had an overlay: the plain game's column, to a reader."""
    (tmp_path / "base.yaml").write_text(SEAT0_BONUS, encoding="utf-8")
    (tmp_path / "fifteen.yaml").write_text(FIFTEEN, encoding="utf-8")
    args = ("-p", 4, "-n", 20, "--batch", 20, "--no-db")
    arm = philtre("compare", "poison", "--variant", "base.yaml", *args, cwd=tmp_path)
    assert arm.returncode == 0, arm.stderr
    heading = next(line for line in arm.stdout.splitlines() if " vs " in line)
    base, label = heading.split(" (")[0].split(" vs ")
    assert base == "base" and label != "base", heading
    out = tmp_path / "out"
    as_base = philtre("compare", "poison", "--base-variant", "base.yaml", "--variant", "fifteen.yaml", *args, "--report", out,
                      cwd=tmp_path)
    assert as_base.returncode == 0, as_base.stderr
    lines = as_base.stdout.splitlines()
    assert "the base arm is poison + base.yaml" in lines[0], lines[0]
    heading = next(line for line in lines if " vs " in line)
    assert not heading.startswith("base vs"), heading
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "<h2>base vs" not in page and " vs fifteen</h2>" in page
    assert "The base arm is poison + base.yaml." in page  # the plots' legends name it so too (base_label)


def test_a_variant_whose_every_difference_is_0_is_not_called_merely_unclear(tmp_path):
    """An overlay whose change no rule reads (another hash, the same games) played every game and ended 'not clear',
    as if more games could settle it."""
    overlay = tmp_path / "idle.yaml"
    overlay.write_text(NO_OP, encoding="utf-8")
    result = philtre("compare", "poison", "--variant", overlay, "-p", 3, "-n", 40, "--batch", 20, "--no-db")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1] == (
        "all 40 games per arm played: the difference in seat 0 win share is not clear for idle: every paired game so far "
        "ended alike (each difference 0)"), result.stdout


def test_the_zero_difference_wording_is_for_the_arms_whose_differences_are_all_0():
    from philtre.interpreter.compare import stop_sentence

    def row(measure, d, ci):
        return {"measure": measure, "label": measure, "base": 50.0, "variant": 50.0 + d, "difference": d, "ci": ci, "p": 1.0}

    zero = row("length", 0.0, [0.0, 0.0])
    report = {"stop_on": "length", "stopped_early": False, "games": 400, "max_games": 400, "alpha": 0.05, "clear": {},
              "arms": [{"label": "idle", "differences": [zero, row("rounds", 0.0, [0.0, 0.0])]},
                       {"label": "small", "differences": [row("length", 0.0, [-0.5, 0.5])]},
                       {"label": "other", "differences": [zero, row("rounds", 0.5, [0.1, 0.9])]}]}
    assert stop_sentence(report) == (
        "all 400 games per arm played: the difference in length (decisions) is not clear for small (sequential test, alpha 0.05); "
        "the difference in length (decisions) is not clear for idle: every paired game so far ended alike (each difference 0); "
        "the difference in length (decisions) is not clear for other: it was 0 in every paired game so far")


def test_an_early_look_is_tested_at_its_exact_level_not_at_0():
    """spent() took 2 * (1 - cdf(x)), which is 0 above x = 8.3: an overwhelming difference at an early look stopped
    nothing, and the run played twice the games the spending function says."""
    assert spent(0.05, 0.05) == pytest.approx(1.864033326095568e-18, rel=1e-9, abs=0)
    assert spent(0.02, 0.05) == pytest.approx(1.1216706878857549e-43, rel=1e-9, abs=0)
    assert spent(0.01, 0.05) == pytest.approx(1.5572210839553918e-85, rel=1e-9, abs=0)
    base = [{"decisions": 100.0 + i % 3} for i in range(40)]
    arm = [{"decisions": 200.0 + i % 5} for i in range(40)]
    test = SequentialTest("length", 0.05, 2000, 1)  # 40 of 2000 games: the level is about 1e-43
    assert test.check(40, base, {"arm": arm}) and test.clear == {"arm": 40}
    assert 0 < test.history[0]["level"] == pytest.approx(1.1216706878857549e-43, rel=1e-9, abs=0)


def test_the_bar_ends_full_when_the_stop_rule_stops_the_run(monkeypatch, tmp_path):
    """After an early stop the terminal kept a bar at 10% with an ETA for games that were never to be played."""
    import io

    from click.testing import CliRunner

    from philtre.interpreter import cli_compare
    from philtre.interpreter.cli import main
    from philtre.interpreter.progress import Progress

    stream = io.StringIO()
    monkeypatch.setattr(cli_compare, "progress_bar", lambda total, label="games": Progress(total, label, stream=stream, enabled=True))
    (tmp_path / "seat0-bonus.yaml").write_text(SEAT0_BONUS, encoding="utf-8")
    result = CliRunner().invoke(main, ["compare", "poison", "--variant", str(tmp_path / "seat0-bonus.yaml"), "-p", "4",
                                       "-n", "2000", "--seed", "1", "--no-db", "-w", "1"])
    assert result.exit_code == 0, result.output
    assert "stopped after 200 of 2000" in result.output
    last = stream.getvalue().split("\r")[-1]
    assert "400/400 games" in last and "ETA -:--" in last and last.endswith("\n"), repr(last)


def test_the_bar_of_a_compare_that_may_stop_early_says_its_eta_is_the_most_it_takes(monkeypatch, tmp_path):
    """With a stop rule the ETA is to --games, though the run may stop at the next look: shown bare, it read as the
    time the run would take (minutes for a run that ended seconds later). It says "at most"; without a rule it does not."""
    import io

    from click.testing import CliRunner

    from philtre.interpreter import cli_compare
    from philtre.interpreter.cli import main
    from philtre.interpreter.progress import Progress

    (tmp_path / "seat0-bonus.yaml").write_text(SEAT0_BONUS, encoding="utf-8")
    shown = {}
    for stop_on in ("win0", "never"):
        stream = shown[stop_on] = io.StringIO()
        monkeypatch.setattr(cli_compare, "progress_bar",
                            lambda total, label="games", stream=stream: Progress(total, label, stream=stream, enabled=True))
        result = CliRunner().invoke(main, ["compare", "poison", "--variant", str(tmp_path / "seat0-bonus.yaml"), "-p", "4",
                                           "-n", "400", "--batch", "200", "--stop-on", stop_on, "--seed", "1", "--no-db",
                                           "-w", "1"])
        assert result.exit_code == 0, result.output
    mid_run = [line for line in shown["win0"].getvalue().split("\r") if "/800 games" in line and "ETA -:--" not in line]
    assert mid_run and all("ETA at most " in line for line in mid_run), mid_run
    assert "at most" not in shown["never"].getvalue()


def test_the_eta_counts_the_time_of_the_games_not_of_the_start(pok):
    """The bar's clock ran from before the saved games were loaded and the workers (or a Ray instance) started: the
    first rates counted that time, and the ETA of a run of seconds read hours. It restarts as the games start."""
    import io
    import time

    from philtre.interpreter.progress import Progress
    from philtre.interpreter.runs import run_simulation
    from philtre.interpreter.simulate import RunSpec

    bar = Progress(40, stream=io.StringIO(), enabled=True)
    bar.start -= 1000  # as if loading the saved games and starting the workers had taken 1000 s
    run_simulation(RunSpec(pok, 4, ["random"] * 4, seed=5), 40, progress=bar)
    bar.total = 80  # (as if half the games were still to play: the ETA is shown)
    shown = bar.line(time.monotonic())
    rate = float(shown.split("games  ")[1].split(" games/s")[0].replace(",", ""))
    assert rate >= 0.4, shown  # (a bound only: 40 games in at most 100 s since they started; counted from 1000 s before, 0.04)


def test_a_bar_finished_early_says_the_games_played_and_no_time_left():
    import io

    from philtre.interpreter.progress import Progress

    stream = io.StringIO()
    bar = Progress(1000, stream=stream, enabled=True)
    bar.update(58)
    bar.finish()
    last = stream.getvalue().split("\r")[-1]
    assert "[############################] 58/58 games" in last and "ETA -:--" in last and last.endswith("\n")
    bar.close()  # closing a finished bar writes nothing more
    assert stream.getvalue().split("\r")[-1] == last
    quiet = io.StringIO()
    Progress(10, stream=quiet, enabled=False).finish()
    assert quiet.getvalue() == ""


# -- the audit of 2026-12-04 (rows of too few paired games) -----------------------------------------

def test_a_difference_of_too_few_paired_games_has_no_interval_and_no_mark():
    """Two games, each won by seat 1 in the base and by seat 0 in the variant: the table read
    '[+1.000, +1.000] *', a certain difference from two games; the margin's row, of 5 paired games in a run of 40,
    was marked too."""
    from philtre.interpreter.compare import differences, format_comparison
    from philtre.interpreter.report import _differences_table

    game = {"decisions": 10, "rounds": 1, "quality": None}
    base, arm = [dict(game, scores=[0, 3], winners=[1])] * 2, [dict(game, scores=[3, 0], winners=[0])] * 2
    rows = {row["measure"]: row for row in differences(base, arm, 2, ("highest", "highest"))}
    assert rows["win0"]["difference"] == 1 and rows["win0"]["games"] == 2
    assert rows["win0"]["ci"] is None and rows["win0"]["p"] is None
    report = {"ruleset": "r", "players": 2, "seed": 0, "agents": ["random"] * 2, "games": 2, "max_games": 2, "stop_on": None,
              "clear": {}, "looks": [], "arms": [{"label": "v", "differences": list(rows.values())}]}
    text = format_comparison(report)
    line = next(x for x in text.splitlines() if x.strip().startswith("seat 0 win share"))
    assert line.endswith("+1.000  (too few games)") and "*" not in line, line
    assert "(too few games): fewer than 20 paired games" in text
    assert "(too few games)" in _differences_table(report, report["arms"][0]) and 'class="clear"' not in _differences_table(
        report, report["arms"][0])
    # 40 games, of which 5 have a margin in both arms: the margin's row has no interval, the others have theirs
    tied = dict(game, scores=[3, 3], winners=[0, 1])
    rows = {row["measure"]: row for row in differences(base * 20, arm * 2 + [tied] * 35 + arm[:1], 2, ("highest", "highest"))}
    assert rows["margin"]["games"] == 5 and rows["margin"]["ci"] is None
    assert rows["win0"]["games"] == 40 and rows["win0"]["ci"] is not None and rows["win0"]["p"] is not None
    # nor does the stop rule take a margin of 5 paired games for clear, however many games were played
    test = SequentialTest("margin", 0.05, 40, 1, {"base": "highest", "v": "highest"})
    test.check(40, base * 20, {"v": arm * 2 + [tied] * 35 + arm[:1]})
    assert test.clear == {}


def test_the_report_page_gives_the_rows_digits_and_notes_of_the_text_table(monkeypatch, tmp_path):
    """The --report page wrote every row with 3 decimals (a score of 34.17 as 34.172), kept the win-share rows the text
    leaves out in a team game, and dropped the notes under the text's table (no win-share rows, too few games)."""
    from philtre.interpreter.compare import differences, format_comparison
    from philtre.interpreter import report as page_module

    game = {"decisions": 10, "rounds": 1, "quality": None}
    base, arm = [dict(game, scores=[1, 3], winners=[0, 1])] * 2, [dict(game, scores=[2, 4], winners=[])] * 2
    rows = list(differences(base, arm, 2, ("highest", "highest")))
    report = {"ruleset": "r", "players": 2, "seed": 0, "agents": ["random"] * 2, "games": 2, "max_games": 2, "stop_on": None,
              "clear": {}, "looks": [], "team_game": True, "base": None,
              "arms": [{"label": "v", "differences": rows, "summary": None}]}
    text = format_comparison(report)
    assert "seat 0 win share" not in text and "(no win-share rows" in text and "(too few games): fewer than" in text
    assert "seat 0 score                1.00      2.00       +1.00" in text, text
    monkeypatch.setattr(page_module, "_plots", lambda folder, arms: [])  # the table alone: no summaries to plot
    page = Path(page_module.comparison_report(str(tmp_path), report, [("base", base), ("v", arm)])).read_text()
    assert "seat 0 win share" not in page and "<td>1.00</td><td>2.00</td><td>+1.00</td>" in page, page
    assert "(no win-share rows" in page and "(too few games): fewer than" in page


def test_compare_json_gives_null_for_the_interval_of_too_few_games():
    result = philtre("compare", "poison", "--variant", "draw-pile", "-p", 3, "-n", 4, "--batch", 4, "--no-db", "--json")
    assert result.returncode == 0, result.stderr
    for row in json.loads(result.stdout)["arms"][0]["differences"]:
        assert row["ci"] is None and row["p"] is None and row["games"] <= 4, row


def _solo_games(reached, score_shift=0):
    """40 one-player games scored 0..9 in turn, the first ``reached`` won (all of them for a ranking)."""
    quality = {"lead_changes": 0, "drama": 0.0, "decisiveness": 1.0, "uncertainty": 0.0}
    return [{"index": i, "scores": [i % 10 + score_shift], "winners": [0] if i < reached else [], "decisions": 10,
             "rounds": 1, "quality": quality, "history": [[3, [i % 10 + score_shift]]]} for i in range(40)]


def test_a_one_player_comparison_shows_the_score_and_no_row_that_compares_seats():
    """One seat ranked alone wins every game: no win-share row (1 against 1), no shared wins, no game quality; the
    header says '1 player'. With a goal (a `winners` expression) in an arm, the win rate is 'reached the goal'."""
    from types import SimpleNamespace

    from philtre.interpreter.compare import SequentialTest, comparison, differences, format_comparison
    from philtre.interpreter.summary import summarise

    base, arm = _solo_games(40), _solo_games(40, score_shift=2)
    rows = differences(base, arm, 1, ("highest", "highest"))
    assert [row["label"] for row in rows] == ["score", "length (decisions)", "rounds"]
    summaries = [summarise(SimpleNamespace(name="solo", variants=(), content_hash=f"sha256:{k}",
                                           winners=SimpleNamespace(order="highest")), 1, 0, ["random"], results)
                 for k, results in enumerate((base, arm))]
    report = comparison(summaries[0], {"house": summaries[1]}, base, {"house": arm}, 1, SequentialTest("score0", 0.05, 40, 1),
                        40, 40, {"base": "highest", "house": "highest"})
    text = format_comparison(report)
    assert text.startswith("solo: 1 player,") and "the difference in score " in text, text
    measures = [line.split()[0] for line in text.splitlines() if line.startswith("  ") and not line.startswith("  (")]
    assert measures == ["measure", "score", "length", "rounds"], text
    goal = _solo_games(10)
    rows = differences(base, goal, 1, ("highest", "expression"))
    assert [(row["label"], row["variant"]) for row in rows[:2]] == [("reached the goal", 0.25), ("score", 4.5)]


def test_the_default_stop_rule_of_one_player_waits_for_a_measure_that_varies():
    """Seat 0's win share never varies for one seat ranked alone: the stop rule waits for the score, or for the win rate
    where an arm's `winners` expression may name nobody."""
    from philtre.interpreter.compare import default_stop_on

    assert default_stop_on(1, ["highest", "highest"]) == "score0"
    assert default_stop_on(1, ["highest", "expression"]) == "win0"
    assert default_stop_on(3, ["highest", "highest"]) == "win0"


def test_compare_of_a_solo_game_with_a_goal_stops_on_the_goal_by_default(tmp_path):
    """`compare -p 1` of a solo game against a variant with a score target: the stop rule tests how often the goal
    was reached, named as the table names it, and --stop-on refuses a measure one player has not."""
    goal = tmp_path / "target.yaml"
    goal.write_text(f"extends: {ROOT / 'examples/dice-reroll/ruleset.yaml'}\ndescription: reach 20\n"
                    "winners: \"[p for p in players if score[p] >= 20]\"\n", encoding="utf-8")
    result = philtre("compare", "examples/dice-reroll/ruleset.yaml", "-p", 1, "--variant", goal, "-n", 40, "--no-db", "-w", 1)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("yacht-lite: 1 player,") and "the difference in reached the goal " in result.stdout
    assert "  reached the goal " in result.stdout and "uncertainty" not in result.stdout, result.stdout
    refused = philtre("compare", "examples/dice-reroll/ruleset.yaml", "-p", 1, "--variant", goal, "--stop-on", "drama")
    assert refused.returncode == 2 and "one of: win0, score0, length, rounds, turns, never" in refused.stderr


def test_without_players_compare_takes_the_one_count_every_arm_takes(tmp_path):
    """`compare poison --variant two-deals-each` (a variant for 3 players only) said "poison is for 3 to 6 players", where
    simulate of the variant takes its one count; arms with no count in common were told only at the variant."""
    result = philtre("compare", "poison", "--variant", "two-deals-each", "-n", "4", "--no-db", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("poison: 3 players"), result.stderr
    (tmp_path / "four.yaml").write_text("extends: poison\nplayers: 4..5\n")
    result = philtre("compare", "poison", "--variant", "four.yaml", "--variant", "two-deals-each", "-n", "4", cwd=tmp_path)
    assert result.returncode == 2 and "no player count suits every arm: poison is for 3 to 6 players; " \
        "poison + four.yaml is for 4 to 5 players; poison + two-deals-each is for 3 players" in result.stderr, result.stderr
    result = philtre("compare", "poison", "--variant", "four.yaml", "--variant", "draw-pile", "-n", "4", cwd=tmp_path)
    assert result.returncode == 2 and "every arm takes 4 to 5" in result.stderr, result.stderr


def test_compare_help_says_players_may_be_left_out_when_the_arms_take_one_count_in_common():
    """--help said --players may be left out when "the ruleset takes one number only", after compare had come to take the
    one count every arm takes (a base for 3 to 6 players, a variant for 3)."""
    result = philtre("compare", "--help")
    assert result.returncode == 0, result.stderr
    assert "every arm, the base and each variant, takes one number in common only" in " ".join(result.stdout.split())


def test_partnerships_are_compared_by_team_too(tmp_path):
    """With `teams` in both arms: each team's win share and the games shared by teams are rows (partners' wins are no
    ties between seats, so the seats' shared-wins row, 100% in both arms, leaves the text), and the team balance is the
    line under the table. Without teams the table is as it was."""
    from philtre.dsl.loader import load_ruleset
    from philtre.interpreter.compare import format_comparison, run_comparison
    from philtre.interpreter.simulate import RunSpec

    base_path = ROOT / "tests" / "data" / "partners.yaml"
    overlay = tmp_path / "edge.yaml"
    overlay.write_text(f"extends: {base_path}\ndefine: {{edge: 2}}\n", encoding="utf-8")
    base, edge = load_ruleset(str(base_path)), load_ruleset(str(base_path), [str(overlay)])
    report, _ = run_comparison(RunSpec(base, 4, ["random"] * 4), {"edge": RunSpec(edge, 4, ["random"] * 4)}, 60, batch=60)
    rows = {row["measure"]: row for row in report["arms"][0]["differences"]}
    assert rows["team0"]["base"] == pytest.approx(rows["win0"]["base"] + rows["win2"]["base"])
    assert rows["team0"]["difference"] == pytest.approx(-rows["team1"]["difference"]) and rows["team0"]["difference"] > 0.1
    assert rows["ties"]["base"] == 1.0 and 0 < rows["teamties"]["base"] < 0.3
    text = format_comparison(report)
    assert "  team 0 win share " in text and "  shared by teams " in text and "  shared wins " not in text
    assert "team balance (chi-square test that every team wins equally often): base p = " in text
    assert "the variant's teams do not all win equally often" in text and "seat balance" not in text
    plain = tmp_path / "plain.yaml"
    plain.write_text("".join(line for line in base_path.read_text(encoding="utf-8").splitlines(True)
                             if not line.startswith("teams:")), encoding="utf-8")
    without, _ = run_comparison(RunSpec(load_ruleset(str(plain)), 4, ["random"] * 4),
                                {"edge": RunSpec(edge, 4, ["random"] * 4)}, 60, batch=60)
    assert not any(row["measure"].startswith("team") for row in without["arms"][0]["differences"])
    assert "  shared wins " in format_comparison(without)



WAIT = """\
actions:
  wait:
    choose: {w: "['a', 'b']"}
    do:
      - set: {"code[me]": "code[me]"}
flow:
  - decide: set_code
    player: 0
  - decide: guess
    player: 1
  - decide: wait
    player: 1
"""


def test_a_greedy_seat_whose_look_aheads_all_failed_is_told_why_in_each_arm(tmp_path):
    """A Mastermind trial: the hidden code started as `[]`, so every look-ahead of the guessing seat broke a rule.
    simulate's note says so; compare's still said to declare a `heuristic`, which the ruleset had. It says the cause
    per arm, with each arm's counts (a variant where the seat also waits fails at half its decisions), and the seat
    that only found its options alike is told, once for every arm, that the declared heuristic told none apart."""
    from philtre.dsl.loader import load_ruleset
    from philtre.interpreter.compare import at_random_lines, format_comparison, run_comparison
    from philtre.interpreter.simulate import RunSpec

    base_path, overlay = tmp_path / "ruleset.yaml", tmp_path / "wait.yaml"
    base_path.write_text(GUESSED_CODE, encoding="utf-8")
    overlay.write_text(f"extends: {base_path}\n{WAIT}", encoding="utf-8")
    agents = ["greedy", "greedy"]
    report, _ = run_comparison(RunSpec(load_ruleset(str(base_path)), 2, agents),
                               {"wait": RunSpec(load_ruleset(str(base_path), [str(overlay)]), 2, agents)}, 2, batch=2)
    cause = ("as each guess it drew of what it cannot see broke a rule; a hidden variable is guessed as its declared "
             "initial value, so give it one shaped like a real one")
    lines = at_random_lines(report)
    assert lines[0].startswith("note: greedy (seat 0) found every option equal one step ahead at each of its decisions "
                               "in every game of every arm, so it played at random: the ruleset's `heuristic` scored every option the same "
                               "one step ahead"), lines
    assert lines[1:] == [
        "note: greedy (seat 1) found every option equal one step ahead at each of its decisions in every game of base, so "
        f"it played at random: its look-aheads all failed at each of them, {cause} (see docs/agents.md#greedy in philtre's "
        "source)",
        "note: greedy (seat 1) found every option equal one step ahead at each of its decisions in every game of wait, so "
        "it played at random: its look-aheads all failed at 2 of those 4 decisions (at the rest every option scored "
        f"alike), {cause} (see docs/agents.md#greedy in philtre's source)"], lines
    assert format_comparison(report).count("declare a `heuristic`") == 0  # (it declares one)
    assert at_random_lines(json.loads(json.dumps(report))) == lines  # --json's seats are text
