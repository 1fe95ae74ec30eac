"""`validate --smoke N --max-decisions M`, and the words of a smoke game random seats never finish (docs/validating.md,
Games random seats never finish); a variant's smoke failure printed as its own; compare's note where an arm leaves out
the base arm's overlays (docs/simulation.md, philtre compare).

What a user relies on: a game whose seats keep deciding to the step limit is said to be a game random seats did not
finish, pointing to --max-decisions, not an endless loop; with the option such games are cut, counted on the summary
line, and the run exits 0; a loop without decisions stays an error; each variant's failing smoke game is printed.
"""

from __future__ import annotations

from click.testing import CliRunner

from philtre.interpreter.cli import main

# random seats drift below zero: the `until` is never met, though each decision changes the scores (a low step limit)
DRIFT = """\
game: drift
players: 2
step_limit: 3000
actions:
  up:
    do:
      - score: {player: me, add: 1}
  down:
    do:
      - score: {player: me, add: -2}
flow:
  - name: walk
    turns: 0
    until: any(score[p] >= 30 for p in players)
    do:
      - decide: [up, down]
  - name: bonus
    score: {player: 0, add: 1}
winners: {highest: "score[p]"}
"""

# a `turns` with no `until`: no seat's choice ends it, whoever plays
NO_UNTIL = """\
game: pacing
players: 2
step_limit: 3000
actions:
  pass: {do: []}
flow:
  - turns: 0
    do:
      - decide: pass
"""

# a loop that asks no seat anything and changes a value at each pass: it runs to the limit, whoever plays
COUNTING = """\
game: counting
players: 2
step_limit: 3000
variables:
  n: 0
actions:
  pass: {do: []}
flow:
  - decide: pass
    player: 0
  - name: count
    until: n < 0
    do:
      - set: {n: n + 1}
"""

# a short game: the first seat to 2 points wins
SHORT = DRIFT.replace("step_limit: 3000\n", "").replace("add: -2", "add: -1").replace(">= 30", ">= 2")


def run(*args):
    """The CLI in-process: (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def game(tmp_path, text: str, variants: dict | None = None):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(text)
    if variants:
        (folder / "variants").mkdir()
        for name, body in variants.items():
            (folder / "variants" / f"{name}.yaml").write_text(f"extends: ../ruleset.yaml\n{body}")
    return folder


def test_a_game_random_seats_do_not_finish_is_said_so_and_points_to_the_option(tmp_path):
    code, out, _ = run("validate", "--smoke", "2", game(tmp_path, DRIFT) / "ruleset.yaml")
    assert code == 1
    (line,) = [line for line in out.splitlines() if " R200 " in line]
    assert "rule 'walk' did not end within the step limit with random seats" in line, line
    assert "does not end the game" not in line
    assert "--max-decisions N cuts such smoke games off" in line and '"Games random play never finishes"' in line, line


def test_a_turns_without_until_still_does_not_end_the_game(tmp_path):
    code, out, _ = run("validate", "--smoke", "1", game(tmp_path, NO_UNTIL) / "ruleset.yaml")
    assert code == 1
    assert "does not end the game" in out and "with random seats" not in out, out


def test_simulate_and_compare_say_a_game_random_agents_do_not_finish_as_the_smoke_does(tmp_path):
    """simulate and compare said R200 "does not end the game" of a game whose random agents kept deciding, where
    validate --smoke says they did not finish it; their hint names --max-decisions."""
    folder = game(tmp_path, DRIFT, {"steep": "actions:\n  down:\n    do:\n      - score: {player: me, add: -3}\n"})
    for args in (("simulate", folder, "-n", "2", "--no-db"), ("compare", folder, "--variant", "steep", "-n", "2", "--no-db")):
        code, out, err = run(*args)
        said = out + err
        assert code == 1 and "R200 step limit of 3,000 reached: rule 'walk' did not end within the step limit with random " \
                             "seats; this stopped game 1 of the run" in said, (args, said)
        assert "does not end the game" not in said and "--max-decisions N cuts such games off" in said, (args, said)


def test_a_loop_asking_no_seat_anything_does_not_end_the_game_in_simulate_and_in_the_smoke(tmp_path):
    """Its value changes at each pass, so no endless loop is proven; yet no seat decides in it: no other play ends it."""
    folder = game(tmp_path, COUNTING)
    for args in (("simulate", folder, "-n", "1", "--no-db"), ("validate", "--smoke", "1", folder / "ruleset.yaml")):
        code, out, err = run(*args)
        said = out + err
        assert code == 1 and "R200 step limit of 3,000 reached: rule 'count' does not end the game" in said, (args, said)
        assert "with random seats" not in said, (args, said)
    code, out, _ = run("validate", "--smoke", "1", "--max-decisions", "10", folder / "ruleset.yaml")
    assert code == 1 and "rule 'count' does not end the game" in out, out  # (not cut as a game still deciding)


def test_max_decisions_cuts_the_games_and_counts_them_on_the_summary_line(tmp_path):
    code, out, err = run("validate", "--smoke", "2", "--max-decisions", "50", game(tmp_path, DRIFT) / "ruleset.yaml")
    assert code == 0 and "R200" not in out, out
    assert "; 2 of 2 smoke games cut (2 after 50 decisions; --max-decisions): a note, not an error" in err, err
    # the rule after the loop never ran: its note says why
    (note,) = [line for line in out.splitlines() if " C002 'bonus' never ran" in line]
    assert "2 of the 2 games were cut off by --max-decisions, before their end" in note, note


def test_a_game_at_the_step_limit_still_deciding_is_cut_too(tmp_path):
    code, out, err = run("validate", "--smoke", "1", "--max-decisions", "1000000", game(tmp_path, DRIFT) / "ruleset.yaml")
    assert code == 0 and "R200" not in out, out
    assert "1 of 1 smoke game cut (1 at the step limit, still deciding; --max-decisions)" in err, err


def test_a_game_that_ends_is_not_cut(tmp_path):
    code, out, err = run("validate", "--smoke", "3", "--max-decisions", "100000", game(tmp_path, SHORT) / "ruleset.yaml")
    assert code == 0, out
    assert "smoke ok; no smoke game cut (--max-decisions 100,000: every game ended)" in err, err


def test_a_loop_without_decisions_stays_an_error_with_the_option(tmp_path):
    from tests.test_validate import ROOT

    code, out, _ = run("validate", "--smoke", "2", "--max-decisions", "10", ROOT / "tests" / "data" / "seat_stuck.yaml")
    assert code == 1 and " R200 " in out and "an endless loop, not a long game" in out, out


def test_max_decisions_without_smoke_is_a_usage_error(tmp_path):
    code, _, err = run("validate", "--max-decisions", "10", game(tmp_path, SHORT) / "ruleset.yaml")
    assert code == 2 and "give --smoke N too" in err, err


def test_each_variants_failing_smoke_game_is_printed(tmp_path):
    """A trial's summary said `GAME + VARIANT: ... smoke 1 error` and printed only the base's R200 (the same words)."""
    folder = game(tmp_path, DRIFT, {"steeper": "actions:\n  down:\n    do:\n      - score: {player: me, add: -3}\n"})
    code, out, err = run("validate", "--smoke", "1", folder)
    assert code == 1
    r200 = [line for line in out.splitlines() if " R200 " in line]
    assert len(r200) == 2 and not r200[0].endswith("]") and r200[1].endswith("[with --variant steeper]"), out
    assert "2 file(s) checked: 2 errors" in err, err


def test_compare_notes_an_arm_that_leaves_out_the_base_arms_overlays(tmp_path):
    folder = game(tmp_path, SHORT, {"big": "actions:\n  up:\n    do:\n      - score: {player: me, add: 2}\n",
                                    "flat": "actions:\n  down:\n    do: []\n"})
    code, _, err = run("compare", folder, "--base-variant", "big", "--variant", "flat", "--variant", "big,flat",
                       "-p", "2", "-n", "20", "--stop-on", "never", "--no-db")
    assert code == 0, err
    notes = [line for line in err.splitlines() if line.startswith("note: arm ")]
    assert notes == ["note: arm flat is drift + flat, without big: --variant big,flat stacks them"], err
