"""`philtre validate` and `philtre new`, as an author uses them.

Formats (text with a caret under the exact character, json, github), exit codes (0 clean,
1 findings, 2 usage), layers reported separately, --exit-zero / --ignore / --no-lint,
smoke games with runtime errors at the rule and rule coverage, and a new game that
validates, tests and simulates as created.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from philtre.dsl.errors import Diagnostic, Loc
from philtre.dsl.report import as_github, caret, finding
from philtre.interpreter.cli import main
from philtre.interpreter.cli_new import RULESET

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "data" / "broken"
HOSTILE = ROOT / "tests" / "data" / "hostile"
CLEAN = RULESET.format(name="clean", title="Clean", folder="clean", schema="x.json")


def run(*args):
    """The CLI in-process: (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def position(text: str, needle: str) -> tuple[int, int]:
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def write(tmp_path, text: str, name: str = "ruleset.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- formats ------------------------------------------------------------------------------------

def test_a_name_in_a_block_scalar_is_shown_with_its_line_and_a_caret():
    path = BROKEN / "name_in_folded_block.yaml"
    text = path.read_text(encoding="utf-8")
    line, col = position(text, "hnad")
    code, out, _ = run("validate", "--source", path)
    assert code == 1
    first, source, marker = out.splitlines()[:3]
    assert first == f"{os.path.relpath(path)}:{line}:{col}: E150 unknown name 'hnad' (did you mean 'hand'?)"
    assert source.endswith(text.splitlines()[line - 1])
    assert marker.index("^") == source.index("hnad") and marker.endswith("^~~~")


def test_without_a_terminal_text_is_one_line_per_finding():
    code, out, _ = run("validate", BROKEN / "name_in_literal_block.yaml")
    assert code == 1 and len(out.splitlines()) == 1


def test_json_says_severity_and_layer(tmp_path):
    path = write(tmp_path, CLEAN.replace("define:\n", "define:\n  spare: 3\n"))
    code, out, _ = run("validate", "--format", "json", path)
    assert code == 1
    (item,) = json.loads(out)
    assert (item["code"], item["severity"], item["layer"]) == ("L001", "warning", "lints")
    assert (item["line"], item["column"]) == position(path.read_text(), "spare")


ONE_COPY = """\
extends: ../ruleset.yaml
description: every rank once, too few cards for four hands of three
components:
  card: {copies: 1}
"""


def game_with_variant(tmp_path, base: str = CLEAN) -> Path:
    """A game folder whose variant 'once' leaves the base's deal too big (L005 at the base's line; a base definition
    it left unused was L001 there, which is no finding now)."""
    game = tmp_path / "clean"
    (game / "variants").mkdir(parents=True)
    write(game, base)
    write(game / "variants", ONE_COPY, "once.yaml")
    return game


def test_a_finding_made_with_a_variant_names_it_in_every_format(tmp_path):
    game = game_with_variant(tmp_path)
    line, col = position(CLEAN, "deal: {from: deck, to: hand")
    _, text, _ = run("validate", game)
    assert f"ruleset.yaml:{line}:{col}: L005 this deal needs 12 components" in text
    assert text.splitlines()[-1].endswith(" [with --variant once]")
    _, out, _ = run("validate", "--format", "json", game)
    deal = next(item for item in json.loads(out) if item["message"].startswith("this deal needs"))
    assert (deal["line"], deal["column"], deal["variants"]) == (line, col, ["once"])
    _, github, _ = run("validate", "--format", "github", game)
    assert github.splitlines()[-1].endswith("[with --variant once]")


def test_a_base_definition_only_a_variant_leaves_unused_fails_nothing(tmp_path):
    """A 6 nimmt trial's variant replaced the definition that read the base's `target`: `validate` of the game, which
    checks each variant though no `--variant` was asked for, said L001 at the base's line and exited 1. The base uses
    it, and the variant plays the same with it: no finding, exit 0 (here a flow in which every card scores leaves
    `best` unused)."""
    game = game_with_variant(tmp_path)
    flow = ("flow:\n  - name: tricks\n    do:\n      - simultaneous: play\n      - for: p in players\n        do:\n"
            "          - score: {player: p, add: 1}\n      - move: table -> discard\n")
    write(game / "variants", f"extends: ../ruleset.yaml\ndescription: every card scores\n{flow}", "once.yaml")
    code, out, err = run("validate", game)
    assert (code, out) == (0, ""), (out, err)


def test_a_finding_of_the_base_found_again_with_a_variant_names_none(tmp_path):
    game = game_with_variant(tmp_path, CLEAN.replace("define:\n", "define:\n  spare: 3\n"))
    _, out, _ = run("validate", "--format", "json", game)
    spare = [item for item in json.loads(out) if "'spare'" in item["message"]]
    assert [item["variants"] for item in spare] == [[]]


def test_github_annotations(tmp_path):
    path = BROKEN / "decide_unknown_action.yaml"
    line, col = position(path.read_text(encoding="utf-8"), "ply")
    code, out, _ = run("validate", "--format", "github", path)
    assert code == 1
    rel = os.path.relpath(path).replace(",", "%2C").replace(":", "%3A")
    assert out.strip() == f"::error file={rel},line={line},col={col},title=S019::unknown action 'ply' (did you mean 'play'?)"


def test_github_escapes_what_would_break_a_command():
    d = Diagnostic(Loc("a,b:c.yaml", 1, 2), "E100", "50% of a\nline")
    assert as_github([finding(d)]) == "::error file=a%2Cb%3Ac.yaml,line=1,col=2,title=E100::50%25 of a%0Aline"
    d = Diagnostic(Loc("a\x1b[31m.yaml", 1, 2), "Y001", "a control character (\x07)")  # the file's name and text as given
    assert as_github([finding(d)]) == "::error file=a\\x1b[31m.yaml,line=1,col=2,title=Y001::a control character (\\x07)"


def test_the_caret_lines_up_under_tabs_and_words():
    assert caret("\tif: hnad", 6) == "\t    ^~~~"
    assert caret("x > 3", 3) == "  ^"


# -- exit codes and layers -----------------------------------------------------------------------

def test_a_clean_file_exits_0_with_every_layer_ok(tmp_path):
    code, out, err = run("validate", write(tmp_path, CLEAN))
    assert (code, out) == (0, "")
    assert "yaml ok; schema ok; expressions ok; references ok; lints ok" in err


def test_errors_stop_the_later_layers(tmp_path):
    code, _, err = run("validate", write(tmp_path, CLEAN.replace("move: card -> table[me]", "move: card -> tabel[me]")))
    assert code == 1
    assert "expressions 1 error; references ok; lints not checked" in err


def test_a_ruleset_file_s_summary_counts_the_errors_of_its_scenarios_file_apart(tmp_path):
    """`validate ruleset.yaml` with two T009 in the scenarios.yaml beside it said `ruleset.yaml: ... references 2
    errors` (Skat trial): the ruleset's layers are its own, and the scenarios file's errors are counted apart, named;
    the folder, which holds both, counts them as its own."""
    path = write(tmp_path, CLEAN)
    write(tmp_path, "scenarios:\n  - name: bad cards\n    players: 2\n    given: {zones: {deck: [{rank: 99}, {rank: 0}]}}\n"
          "    expect: [\"true\"]\n", "scenarios.yaml")
    code, out, err = run("validate", path)
    assert code == 1 and out.count("scenarios.yaml:4:") == 2, out
    said = err.splitlines()[0]
    assert said == (f"{tmp_path / 'ruleset.yaml'}: yaml ok; schema ok; expressions ok; references ok; lints ok; "
                    f"checked with it, {tmp_path / 'scenarios.yaml'}: references 2 errors"), said
    code, _, err = run("validate", tmp_path)
    assert err.splitlines()[0].endswith(": yaml ok; schema ok; expressions ok; references 2 errors; lints ok"), err


# a ruleset with a lint finding (L002: an action nothing offers) and a definition only its scenarios read
LINTED = CLEAN.replace("actions:\n", "actions:\n  spare: {}\n").replace("define:\n", "define:\n  dealt: count(hand[0])\n")


@pytest.mark.parametrize("scenarios, layer", [
    ("scenarios:\n  - name: n\n    players: 9\n    expect: [\"dealt == 3\"]\n", "references"),  # R001: no game of 9
    ("scenarios:\n  - name: n\n    players: 2\n    steps: [{player: 0, action: nosuch}]\n    expect: [\"dealt == 3\"]\n",
     "references"),  # T008
    ("scenarios:\n  - name: n\n    playerz: 2\n    expect: [\"dealt == 3\"]\n", "schema"),  # V001: the rules never compiled
    ("scenarios:\n  - name: n\n    players: [\n    expect: [\"dealt == 3\"]\n", "yaml"),  # unreadable: L001 says nothing
], ids=["a player count the game does not take", "an unknown action", "an unknown key", "broken YAML"])
def test_errors_in_the_scenarios_alone_leave_the_rules_linted(tmp_path, scenarios, layer):
    """A Sheriff of Nottingham trial's new folder, whose skeleton scenario was for 2 players, said `lints not checked`
    for the rules, and nothing of why: the lints do not depend on the scenarios, so the rules are checked alone and
    linted. A definition only the scenarios read is used (no L001), read from their text (the words of a file YAML cannot
    read). The scenarios' own layers past their error are said not checked (a trial's was `expressions ok`)."""
    write(tmp_path, LINTED)
    write(tmp_path, scenarios, "scenarios.yaml")
    code, out, err = run("validate", tmp_path)
    assert code == 1 and "L002 action 'spare' is never offered" in out and "L001" not in out, out
    unread = {"yaml": "schema not checked, expressions not checked, references not checked",
              "schema": "expressions not checked, references not checked"}.get(layer)
    said = err.splitlines()[0]
    assert f"{layer} 1 error" in said and said.endswith("lints 1 warning" + (f"; {tmp_path / 'scenarios.yaml'}: {unread}" if unread else "")), err


def test_a_yaml_error_in_the_scenarios_leaves_the_rules_warnings_said(tmp_path):
    """A trial's scenarios.yaml with a bracket left bare: the summary said `expressions ok; lints ok`, and the rules'
    L001 (a definition nothing uses, named nowhere in the scenarios' text either) was not said, as if the scenarios
    might use every definition. The file's words are read: L001 is said, and its layers past YAML not checked."""
    write(tmp_path, CLEAN.replace("define:\n", "define:\n  spare(p): p + 1\n"))
    write(tmp_path, "scenarios:\n  - name: n\n    players: 2\n    expect: [count(hand[0]) == 3]\n", "scenarios.yaml")
    code, out, err = run("validate", tmp_path)
    assert code == 1 and ": Y001 " in out and "L001 definition 'spare' is never used" in out, out
    assert err.splitlines()[0].endswith("yaml 1 error; schema ok; expressions ok; references ok; lints 1 warning; "
                                        f"{tmp_path / 'scenarios.yaml'}: schema not checked, expressions not checked, "
                                        "references not checked"), err
    code, out, err = run("validate", tmp_path / "ruleset.yaml")  # counted apart, with the file named
    assert err.splitlines()[0].endswith(f"lints 1 warning; checked with it, {tmp_path / 'scenarios.yaml'}: yaml 1 error, "
                                        "schema not checked, expressions not checked, references not checked"), err


def test_a_rule_comparing_with_a_value_a_variant_removed_is_a_note_naming_the_removal(tmp_path):
    """A trial's variant replacing the deck with one without the Spy: every base rule naming 'spy' was L010 "check the
    spelling", a warning, so `validate .` failed for the whole game. It is L057, a note naming where the overlay removed
    it, and validate passes; a value no layer declares is L010 still."""
    from test_test_command import REMOVED, NO_SPY

    write(tmp_path, REMOVED)
    (tmp_path / "variants").mkdir()
    write(tmp_path, NO_SPY, "variants/no-spy.yaml")
    code, out, err = run("validate", tmp_path)
    line, col = position(REMOVED, "'spy'")
    assert out.splitlines() == [f"{tmp_path / 'ruleset.yaml'}:{line}:{col}: L057 'spy' is a name the base gives and "
                                f"{tmp_path / 'variants' / 'no-spy.yaml'}:4:5 removes: this rule never applies under it "
                                "(fine if the overlay means it: it fails nothing) [with --variant no-spy]"], out
    assert code == 0 and err.splitlines()[1].endswith("+ no-spy: yaml ok; schema ok; expressions ok; references ok; lints 1 note"), err
    write(tmp_path, NO_SPY + "define:\n  spied(p): any(c.name == 'spy' or c.name == 'kign' for c in hand[p])\n",
          "variants/no-spy.yaml")  # the overlay's own comparison with what it removed is silent; a misspelling is not
    code, out, _ = run("validate", tmp_path, "--variant", "no-spy")
    assert code == 1 and [f.split(": ")[1].split()[0] for f in out.splitlines()] == ["L010"] and "'kign'" in out, out


def test_an_overlay_patching_what_its_base_lacks_is_counted_as_an_overlay_error_not_a_schema_one(tmp_path):
    """O005 (removing a definition the base does not have) was counted `schema 1 error`, which sent the author to
    look for a mistake of structure; the summary names the overlay layer only where it found something."""
    base = write(tmp_path, CLEAN)
    overlay = write(tmp_path, f"extends: {base.name}\ndefine:\n  nosuch: {{$remove: true}}\n", "house.yaml")
    code, out, err = run("validate", overlay)
    assert code == 1 and ": O005 " in out, out
    assert "yaml ok; overlay 1 error; schema not checked; expressions not checked" in err, err
    code, out, _ = run("validate", "--format", "json", base, "--variant", overlay)
    assert code == 1 and [(f["code"], f["layer"]) for f in json.loads(out)] == [("O005", "overlay")], out
    code, _, err = run("validate", base)
    assert code == 0 and ": yaml ok; schema ok; expressions ok" in err, err


def test_schema_findings_come_in_the_order_of_the_file(tmp_path):
    """Two dice with bare faces: the second die's finding was printed first (findings were found shallowest first)."""
    dice = "dice:\n  d6: [1, 2, 3, 4, 5, 6]\n  d8: [1, 2, 3, 4, 5, 6, 7, 8]\nzones:"
    code, out, _ = run("validate", write(tmp_path, CLEAN.replace("zones:", dice, 1)))
    lines = [line for line in out.splitlines() if ": V001 " in line]
    assert code == 1 and len(lines) == 2
    assert "d6: [{pips: 1}" in lines[0] and "d8: [{pips: 1}" in lines[1]



def test_a_finding_in_faces_shared_by_a_yaml_anchor_names_the_die_on_its_line_in_every_run(tmp_path):
    """`d1: &d6 [1, ...]`, `d2: *d6`, ...: the finding is at d1's line, but its hint named d1, d2, d3 or d4 by the
    process's hash seed (jsonschema gives a mapping's unexpected keys in a set's order). The same input must print
    the same output, so validate runs in processes with three seeds."""
    dice = "dice:\n  d1: &d6 [1, 2, 3, 4, 5, 6]\n  d2: *d6\n  d3: *d6\n  d4: *d6\nzones:"
    path = write(tmp_path, CLEAN.replace("zones:", dice, 1))
    outputs = set()
    for seed in ("1", "4", "10"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run([sys.executable, "-m", "philtre", "validate", str(path)], env=env, capture_output=True,
                                text=True, timeout=300)
        assert result.returncode == 1, result.stderr
        outputs.add(result.stdout)
    assert len(outputs) == 1, outputs
    assert "d1: [{pips: 1}, ...], then d1.pips" in outputs.pop()

def test_warnings_fail_unless_ignored_or_exit_zero(tmp_path):
    path = write(tmp_path, CLEAN.replace("define:\n", "define:\n  spare: 3\n"))
    assert run("validate", path)[0] == 1
    assert run("validate", "--exit-zero", path)[0] == 0
    assert run("validate", "--ignore", "L001", path)[:2] == (0, "")
    assert run("validate", "--ignore", "l", path)[:2] == (0, ""), "a code's start, in either case"
    assert run("validate", "--ignore", "L002", path)[0] == 1
    assert run("validate", "--no-lint", path)[:2] == (0, "")


@pytest.mark.parametrize("code", ["", " ", "L0001", "lint", "*"])
def test_ignore_takes_a_code_or_its_start_only(tmp_path, code):
    """An empty --ignore would leave out every warning: it is a usage error, as is what no code starts with."""
    path = write(tmp_path, CLEAN.replace("define:\n", "define:\n  spare: 3\n"))
    result = run("validate", "--ignore", code, path)
    assert result[0] == 2 and "is not a finding's code or the start of one" in result[2], result


def test_bad_usage_exits_2():
    assert run("validate", "--format", "xml", "poison")[0] == 2
    assert run("validate", "--smoke", "-1", "poison")[0] == 2


@pytest.mark.parametrize("path", ["poison", "pok", "poisons", "hue", "rulesets/poisons/variants/really-wild.yaml",
                                  "rulesets/poison/scenarios.yaml", "examples/house-rules/pok-fourth-die.yaml"])
def test_shipped_files_validate_clean(path):
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        assert run("validate", path)[:2] == (0, "")
    finally:
        os.chdir(cwd)


# -- smoke games -------------------------------------------------------------------------------------

def test_smoke_games_of_a_sound_game_find_nothing():
    code, out, err = run("validate", "--smoke", "3", "pok")
    assert (code, out) == (0, ""), out
    assert "smoke ok" in err


def test_smoke_reports_a_runaway_at_its_loop_and_what_never_ran():
    path = HOSTILE / "runaway_loop.yaml"
    code, out, _ = run("validate", "--smoke", "2", "--format", "json", path)
    assert code == 1
    found = json.loads(out)
    r200 = [f for f in found if f["code"] == "R200"]
    assert len(r200) == 1 and r200[0]["layer"] == "smoke"
    assert (r200[0]["line"], r200[0]["column"]) == position(path.read_text(), "until: false")
    assert "players" in r200[0]["hint"] and "seed=" in r200[0]["hint"]
    notes = {(f["code"], f["severity"]) for f in found if f["code"].startswith("C")}
    assert notes == {("C001", "note"), ("C002", "note")}


def test_smoke_stops_at_the_first_runaway(tmp_path):
    """Each runaway costs the whole step limit; one per player count of 1..64 was minutes of smoke."""
    text = (HOSTILE / "runaway_loop.yaml").read_text().replace("players: 2..3", "players: 1..64")
    path = write(tmp_path, text)
    code, out, _ = run("validate", "--smoke", "5", "--format", "json", path)
    assert code == 1
    (r200,) = [f for f in json.loads(out) if f["code"] == "R200"]
    assert "in 1 of 1 smoke game; first with 1 player," in r200["hint"] and r200["hint"].endswith("the smoke stopped there")


def test_smoke_words_an_endless_loop_with_no_decision_as_a_game_does(tmp_path):
    """A smoke game stopped by a `turns` giving one seat its turn again and again, with no decision and nothing
    changing, says so as the game's R200 does, without advising a higher step limit (a trial's smoke said "raise
    step_limit" first)."""
    code, out, _ = run("validate", "--smoke", "2", "--format", "json", ROOT / "tests" / "data" / "seat_stuck.yaml")
    assert code == 1
    (r200,) = [f for f in json.loads(out) if f["code"] == "R200"]
    assert "steps run on past it, the 'turns' 'plays' at 23:5 giving seat " in r200["message"], r200["message"]
    assert r200["message"].endswith("an endless loop, not a long game"), r200["message"]
    assert "raise step_limit" not in r200["hint"] and "the smoke stopped there" in r200["hint"], r200["hint"]


def test_smoke_reports_a_rule_that_fails_at_the_rule(tmp_path):
    text = CLEAN.replace("  - shuffle: deck\n", '  - shuffle: deck\n  - name: oops\n    score: {player: 0, add: "first(discard).rank"}\n')
    path = write(tmp_path, text)
    code, out, _ = run("validate", "--smoke", "1", "--format", "json", path)
    assert code == 1
    (r100,) = [f for f in json.loads(out) if f["code"] == "R100"]
    assert "'oops'" in r100["message"] and "none" in r100["message"]
    assert (r100["line"], r100["column"]) == position(text, "score: {player: 0")
    assert "in 3 of 3 smoke games" in r100["hint"]



def test_smoke_works_out_each_shown_definition_and_notes_one_that_fails(tmp_path):
    """A trial's board line failed in play ("cannot be worked out now") while smoke games said nothing: they work
    out each `show:` definition at every decision, as play's board does, and note one that fails (C002: a board line
    may be meant to fail where there is nothing to show, so a note, not a failure), with a game that meets it."""
    text = CLEAN.replace("define:\n", "define:\n  top: last(discard).rank\n  in_deck: count(deck)\n").replace(
        "actions:\n", "show: [in_deck, top]\n\nactions:\n")
    path = write(tmp_path, text)
    code, out, _ = run("validate", "--smoke", "1", "--format", "json", path)
    assert code == 0
    (note,) = [f for f in json.loads(out) if f["code"] == "C002" and "shown" in f["message"]]
    assert note["message"].startswith("the shown definition 'top' could not be worked out in 3 of 3 smoke games: "), note
    assert (note["line"], note["column"]) == position(text, "top]")
    assert "play's board says 'top cannot be worked out now' there" in note["hint"] and "played again by Game(" in note["hint"]


PICKS_MATTER = """\
philtre: 1
game: picks
players: 2
variables: {total: 0, v: 0}
actions:
  add:
    choose: {n: "range(3)"}
    do:
      - set: {total: total + n}
flow:
  - repeat: 6
    do:
      - decide: add
        player: 0
  - set: {v: "[0][total % 7]"}
"""


def test_a_smoke_failure_gives_the_call_that_plays_that_game_again(tmp_path):
    """A Rummy trial: the hint said `Game(ruleset, 3, seed=...)` plays the failing game again, but play_out() needs
    random= or pickers=, and nothing said how the smoke's seats pick. The call it gives now plays the same game: the
    same picks (the index out of range is their total), to the same failure."""
    import random
    import re

    from philtre.dsl import load_ruleset
    from philtre.dsl.errors import PhiltreError
    from philtre.interpreter import Game
    from philtre.interpreter.smoke import smoke

    ruleset = load_ruleset(str(write(tmp_path, PICKS_MATTER)))
    (failed,) = [d for d in smoke(ruleset, 3, seed=5) if d.code == "R100"]
    call = re.search(r"first with 2 players, played again by (Game\(ruleset, 2, seed=\d+\)\.play_out\(pickers="
                     r"\[random\.Random\(\d+\)\.randrange\] \* 2\))", failed.hint)
    assert call, failed.hint
    with pytest.raises(PhiltreError) as info:
        eval(call.group(1), {"Game": Game, "ruleset": ruleset, "random": random})
    again = info.value.first
    assert (again.code, again.loc, again.message) == (failed.code, failed.loc, failed.message), (str(again), str(failed))


def test_coverage_notes_behind_a_failure_say_the_games_stopped_there(tmp_path):
    """`if: chips[me]` (a number) stopped every smoke game at its first decision, and the notes asked whether an 'if' is
    never true and said the scoring never ran, as if the games had been played."""
    text = CLEAN.replace("  - shuffle: deck\n", '  - shuffle: deck\n  - name: oops\n    score: {player: 0, add: "first(discard).rank"}\n')
    code, out, _ = run("validate", "--smoke", "1", "--format", "json", write(tmp_path, text))
    notes = [f for f in json.loads(out) if f["code"].startswith("C")]
    assert notes and all(f["hint"] == "every smoke game stopped at a failure reported above, so this says little: fix that first"
                         for f in notes), notes


HOOKED = """\
philtre: 1
game: hooked
players: 2..3
components:
  card: {attributes: {rank: 1..13}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  extra: {}
define:
  from_deck: 0
actions:
  pass: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 4}
  - name: hook
    when: from_deck > 0
    move: last(deck) -> extra
  - decide: pass
    player: 0
"""


def test_a_statement_a_variant_of_the_folder_turns_on_is_no_l003_nor_c002_in_the_base(tmp_path):
    """A Cribbage trial: a hook `when: from_deck > 0` that variants/extra-card.yaml turns on was L003 'never runs' in the
    base, which the variant's own check validates where it runs; silenced, --smoke added C002 on another line."""
    write(tmp_path, HOOKED)
    (tmp_path / "variants").mkdir()
    write(tmp_path / "variants", "extends: ../ruleset.yaml\ndescription: one card more\ndefine:\n  from_deck: 1\n", "extra-card.yaml")
    code, out, _ = run("validate", "--smoke", "2", "--format", "json", tmp_path)
    assert (code, json.loads(out)) == (0, []), out
    code, out, _ = run("validate", "--format", "json", tmp_path / "ruleset.yaml")  # the base alone: the folder has the variant
    assert (code, json.loads(out)) == (0, []), out


def test_a_statement_no_variant_turns_on_is_l003_and_its_silencing_comment_quiets_c002(tmp_path):
    """Without a variant to turn it on the hook is L003 at its 'when'; `# philtre: ignore[L003]` there says it never runs
    on purpose, so the smoke games do not note it again (C002) at the statement's other line."""
    path = write(tmp_path, HOOKED)
    code, out, _ = run("validate", "--format", "json", path)
    assert [(f["code"], f["line"]) for f in json.loads(out)] == [("L003", 18)], out
    silenced = write(tmp_path, HOOKED.replace("when: from_deck > 0\n", "when: from_deck > 0  # philtre: ignore[L003]\n"), "silenced.yaml")
    code, out, _ = run("validate", "--smoke", "2", "--format", "json", silenced)
    assert (code, json.loads(out)) == (0, []), out


def test_coverage_notes_do_not_fail_a_validation(tmp_path):
    text = CLEAN.replace("          - when: played(p).rank == best\n",
                         "          - when: played(p).rank == best and count(deck) > 100\n")
    code, out, _ = run("validate", "--smoke", "2", write(tmp_path, text))
    assert code == 0
    assert " C002 'score' never ran in 6 smoke games" in out


TURNED_OFF = """\
game: off
players: 2
define: {{rule_on: {value}}}
variables: {{moves: 0}}
actions:
  pass: {{}}
  extra:
    if: "{condition}"
    do:
      - set: {{moves: moves + 1}}
flow:
  - repeat: 2
    do:
      - decide: [pass, extra]
        player: 0
"""


@pytest.mark.parametrize("condition, value, said", [
    ("rule_on and moves == 0", "false", ": its 'if' is false in this ruleset: rule_on is false"),
    ("moves == 0 and rule_on", "false", ": its 'if' is false in this ruleset: rule_on is false"),  # read after the game
    ("not (rule_on or moves > 5)", "true", ": its 'if' is false in this ruleset: rule_on is true"),
    ("rule_on and moves > 5", "true", " (a rare situation, or an 'if' that is never true?)"),  # the game's own doing
])
def test_an_action_whose_if_is_false_in_the_ruleset_is_a_note_saying_so(tmp_path, condition, value, said):
    """A variant turning the swap rule off (`swap_rule: false`) got "(a rare situation, or an 'if' that is never true?)",
    as a rare action does: the note says the `if` is false from the definitions alone, and which one; still a note."""
    code, out, _ = run("validate", "--smoke", "2", write(tmp_path, TURNED_OFF.format(value=value, condition=condition)))
    (line,) = [line for line in out.splitlines() if " C001 " in line]
    assert code == 0 and line.split(" C001 ")[1].startswith(f"action 'extra' was never taken in 2 smoke games{said}"), out
    if "rule_on is" in said:
        assert line.endswith("(an action turned off on purpose, as a variant may do, is fine; otherwise fix its 'if')"), out


ALIASED_BLOCK = """\
game: aliased
players: 2
variables: {{owe: {{initial: 0, each: player}}, turn: 0}}
actions:
  pass: {{}}
flow:
  - decide: pass
    player: 0
  - &settle
    for: q in players
    do:
      - when: {condition}
        set: {{"owe[q]": 0}}
  - set: {{turn: "turn + 1"}}
  - decide: pass
    player: 1
  - *settle
  - *settle
"""


@pytest.mark.parametrize("condition, expected", [
    ("owe[q] > 0", 1),  # no copy of the `set` ever runs: said once, not once per copy
    ("turn == 1", 0),   # the second copy's runs: the rule written there ran, as the coverage table counts it
], ids=["no-copy-runs", "one-copy-runs"])
def test_a_block_a_yaml_alias_repeats_is_one_rule_to_the_smoke_notes(tmp_path, condition, expected):
    """A block anchored (`&settle`) and repeated (`*settle`): a statement in it that never ran was a C002 three times at
    one line and column, with no way to tell the copies apart."""
    path = write(tmp_path, ALIASED_BLOCK.format(condition=condition))
    code, out, _ = run("validate", "--smoke", "3", "--format", "json", path)
    notes = [(f["code"], f["line"], f["column"]) for f in json.loads(out) if f["code"].startswith("C")]
    assert code == 0 and notes == [("C002", 13, 9)] * expected, out


RUN_IN_A_BLOCK = """\
game: nested
players: 2
variables:
  cash: {initial: 10, each: player}
  out: {initial: false, each: player}
blocks:
  pay(p, amt):
    - when: cash[p] >= amt
      set: {"cash[p]": "cash[p] - amt"}
      else:
        - run: go_out(p)
  go_out(p):
    - set: {"out[p]": true}
actions:
  go: {}
flow:
  - run: pay(0, 1)
  - run: pay(1, 2)
  - decide: go
    player: 0
"""


def test_a_run_in_a_block_that_never_ran_is_told_in_the_block_holding_it(tmp_path):
    """A trial: a `run: go_out(p)` written in block pay's `else` that never ran was said "In block 'go_out', run at" its
    own line and pay's calls: the block it runs, not the block it is in, and itself as a call. It is in 'pay', run
    from the flow twice."""
    path = write(tmp_path, RUN_IN_A_BLOCK)
    code, out, _ = run("validate", "--smoke", "3", "--format", "json", path)
    (note,) = [f for f in json.loads(out) if f["code"] == "C002"]
    assert (code, note["line"], note["column"]) == (0, 11, 11), out
    assert note["hint"].endswith(f"In block 'pay', run at {path}:17:5 and {path}:18:5"), note["hint"]


# -- philtre new ---------------------------------------------------------------------------------------

def philtre(*args, cwd):
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def test_a_new_game_validates_tests_and_simulates_as_created(tmp_path):
    assert philtre("new", "mygame", cwd=tmp_path).returncode == 0
    validate = philtre("validate", "mygame/ruleset.yaml", cwd=tmp_path)
    assert (validate.returncode, validate.stdout) == (0, "")
    test = philtre("test", "mygame", cwd=tmp_path)
    assert test.returncode == 0 and "1 passed, 0 failed" in test.stdout
    simulate = philtre("simulate", "mygame", "--players", "2", "--games", "20", cwd=tmp_path)
    assert simulate.returncode == 0, simulate.stderr
    smoke = philtre("validate", "--smoke", "5", "mygame", cwd=tmp_path)
    assert (smoke.returncode, smoke.stdout) == (0, ""), "the new game uses every rule it has"


def test_the_modeline_points_at_the_installed_schema_from_the_file(tmp_path):
    run_in(tmp_path, "new", "deep/er/game")
    for name, schema in (("ruleset.yaml", "ruleset.schema.json"), ("scenarios.yaml", "scenario-file.schema.json")):
        path = tmp_path / "deep" / "er" / "game" / name
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=")
        target = (path.parent / first.split("$schema=")[1]).resolve()
        assert target.is_file() and target.name == schema
        assert json.loads(target.read_text(encoding="utf-8"))["$schema"].startswith("http://json-schema.org/")


def test_new_refuses_to_overwrite_and_bad_names(tmp_path):
    assert run_in(tmp_path, "new", "g")[0] == 0
    assert run_in(tmp_path, "new", "g")[0] == 2
    assert run_in(tmp_path, "new", "g", "--force")[0] == 0
    assert run_in(tmp_path, "new", "9lives")[0] == 2
    assert not (tmp_path / "9lives").exists()


def test_a_new_game_in_a_folder_with_a_space_says_its_name_and_quotes_the_next_commands(tmp_path):
    result = philtre("new", "My Game", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "the game is named my-game" in result.stdout
    assert "next: philtre validate 'My Game' && philtre test 'My Game'" in result.stderr
    text = (tmp_path / "My Game" / "ruleset.yaml").read_text(encoding="utf-8")
    assert "game: my-game" in text and "`philtre validate 'My Game'`" in text
    assert philtre("validate", "My Game", cwd=tmp_path).returncode == 0
    assert run_in(tmp_path, "new", "line\nbreak")[0] == 2, "a name with a line break in it is no game name"


@pytest.mark.parametrize("name, reason", [("", "give the new game's folder, not an empty name"),
                                          ("afile", "afile exists and is not a folder"),
                                          ("afile/g", "cannot make the folder afile/g"),
                                          ("d", "cannot write d/ruleset.yaml")])
def test_new_in_a_place_it_cannot_write_is_a_usage_error(tmp_path, name, reason):
    (tmp_path / "afile").write_text("", encoding="utf-8")
    (tmp_path / "d" / "ruleset.yaml").mkdir(parents=True)
    result = philtre("new", name, "--force", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert f"Invalid value for NAME: {reason}" in result.stderr and "internal error" not in result.stderr, result.stderr


def run_in(folder, *args):
    """The CLI in-process, run from ``folder``."""
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        return run(*args)
    finally:
        os.chdir(cwd)


# -- scenarios files ---------------------------------------------------------------------------------

def scenarios_beside(tmp_path, game: str, scenarios: str) -> Path:
    """A scenarios.yaml holding ``scenarios``, beside a copy of a shipped game's ruleset."""
    write(tmp_path, (ROOT / "rulesets" / game / "ruleset.yaml").read_text(encoding="utf-8"))
    return write(tmp_path, scenarios, "scenarios.yaml")


def loc_in(path: Path, needle: str, nth: int = 1) -> str:
    """``path:line:col`` of the nth ``needle`` in the file, as a finding names it."""
    text = path.read_text(encoding="utf-8")
    start = -1
    for _ in range(nth):
        start = text.index(needle, start + 1)
    return str(Loc(str(path), text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)))


GIVEN_AT = """\
scenarios:
  - name: a starting card placed on the board
    players: 2
    given:
      zones:
        board:
          - {type: starting_card, i: 0, at: AT}
    expect: ["true"]
"""


@pytest.mark.parametrize("placement, needle, code", [
    ('"x"', '"x"', "V001"), ("5", "5", "V001"), ("{x: 0}", "{x: 0}", "V002"),
    ("{x: a, y: 0, rot: 0}", "a,", "V001"), ("{x: 0, y: 0, rot: 45}", "45", "V001"),
    ("{x: 1.5, y: 0, rot: 0}", "1.5", "V001"), ("{x: 1.0, y: 0, rot: 0}", "1.0", "T007"),
])
def test_a_given_placement_that_is_not_x_y_rot_is_found_at_it(tmp_path, placement, needle, code):
    path = scenarios_beside(tmp_path, "hue", GIVEN_AT.replace("AT", placement))
    status, out, _ = run("validate", path)
    assert status == 1
    assert out.startswith(f"{loc_in(path, needle)}: {code} "), out
    status, out, err = run("test", tmp_path)
    assert status == 1 and "internal error" not in out + err
    assert f"{loc_in(path, needle)}: {code} " in out + err


@pytest.mark.parametrize("copies, code", [('"x"', "V001"), ("{n: 2}", "V001"), ("-1", "V001"), ("2.0", "T007"), ("true", "V001")])
def test_given_copies_that_are_not_a_count_are_found_at_them(tmp_path, copies, code):
    path = scenarios_beside(tmp_path, "pok", f"""\
scenarios:
  - name: s
    players: 3
    given: {{zones: {{"hand[0]": [{{shape: disc, copies: {copies}}}]}}}}
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    assert out.startswith(f"{loc_in(path, copies)}: {code} "), out
    status, out, err = run("test", tmp_path)
    assert status == 1 and f"{loc_in(path, copies)}: {code} " in out + err


@pytest.mark.parametrize("key, written", [("seed", "2.0"), ("seed", "1.0e20"), ("players", "3.0")])
def test_a_scenario_seed_or_player_count_that_is_not_whole_is_found_at_it(tmp_path, key, written):
    fields = {"players": "3", "seed": "7", key: written}
    path = scenarios_beside(tmp_path, "pok", f"""\
scenarios:
  - name: s
    players: {fields['players']}
    seed: {fields['seed']}
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    assert out.startswith(f"{loc_in(path, written)}: T007 a scenario's {key} is a whole number, not {written}"), out
    status, out, err = run("test", tmp_path)
    assert status == 1 and f"{loc_in(path, written)}: T007 " in out + err and "D005" not in out + err


def test_a_seed_in_a_rulesets_own_scenarios_that_is_not_whole_is_found_at_it(tmp_path):
    text = (ROOT / "rulesets" / "pok" / "ruleset.yaml").read_text(encoding="utf-8")
    path = write(tmp_path, text + '\nscenarios:\n  - name: s\n    players: 3\n    seed: 2.0\n    expect: ["true"]\n')
    status, out, _ = run("validate", path)
    assert status == 1 and out.startswith(f"{loc_in(path, '2.0')}: T007 a scenario's seed is a whole number"), out


def test_a_scenario_that_is_not_a_mapping_is_found_at_it(tmp_path):
    path = scenarios_beside(tmp_path, "poison", 'scenarios:\n  - name: fine\n    players: 2\n    expect: ["true"]\n  - "true"\n')
    status, out, _ = run("validate", path)
    assert status == 1
    where = loc_in(path, '"true"', 2)
    assert out.startswith(f"{where}: V001 expected a mapping, got the text 'true'"), out


# (seat 5's hand, of a game of 3 to 7 players, in a scenario of 3: hand[9], past every count, is E121 at validate)
RUNTIME_FAILURES = {
    # (a seat written as a number that the scenario lacks, hand[5], is T016 at validate: test_a_seat_past_the_scenario_s...)
    "a zone key": ('given: {zones: {"hand[player_count + 2]": []}}', '"hand[player_count + 2]"',
                   "hand[player_count + 2]: index 5 is out of range"),
    "rest": ('given: {zones: {"hand[0]": []}, rest: "hand[player_count + 2]"}', '"hand[player_count + 2]"',
             "hand[player_count + 2]: index 5"),
    "a step's argument": ('steps: [{player: 0, action: show, args: {counter: "1 // me"}}]', '"1 // me"',
                          "1 // me: division by zero"),
}


@pytest.mark.parametrize("case", list(RUNTIME_FAILURES))
def test_a_scenario_expression_failing_at_run_time_fails_the_scenario_at_it(tmp_path, case):
    given, needle, message = RUNTIME_FAILURES[case]
    path = scenarios_beside(tmp_path, "pok", f'scenarios:\n  - name: s\n    players: 3\n    {given}\n    expect: ["true"]\n')
    assert run("validate", path)[:2] == (0, "")
    status, out, err = run("test", tmp_path)
    assert status == 1 and "internal error" not in out + err
    assert f"{loc_in(path, needle)}: T015 could not evaluate {message}" in out, out
    assert out.rstrip().endswith("0 passed, 1 failed")


@pytest.mark.parametrize("given, seat", [('given: {zones: {"hand[5]": []}}', 5),
                                         ('given: {zones: {"hand[0]": []}, rest: "hand[3]"}', 3)])
def test_a_seat_past_the_scenario_s_table_written_as_a_number_is_t016_at_validate(tmp_path, given, seat):
    """hand[5] of a 3-player scenario (the game takes 5 seats): validate passed it and `philtre test` said T015."""
    path = scenarios_beside(tmp_path, "pok", f'scenarios:\n  - name: s\n    players: 3\n    {given}\n    expect: ["true"]\n')
    status, out, err = run("validate", path)
    assert status == 1 and f"T016 seat {seat} is not a seat of this 3-player scenario, so 'hand[{seat}]' names none of its zones" \
        in out + err, out + err


def test_autoplay_from_a_given_position_with_no_legal_option_is_t024_at_the_scenario(tmp_path):
    """The decision waiting was listed before `given` emptied the hands: R300 at the rule sent the author to rules that
    are right (an Oware trial's given end position)."""
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: empty hands, then autoplay
    players: 3
    given: {zones: {hand: [[], [], []]}}
    autoplay: true
    expect: ["true"]
""")
    status, out, err = run("test", tmp_path)
    assert status == 1 and "internal error" not in out + err
    assert f"{loc_in(path, 'name: empty hands')}: T024 seat " in out and "listed before `given` was applied" in out, out


@pytest.mark.parametrize("component, needle, code", [
    ("{shape: disc, at: {x: 0, y: 0, rot: 0}}", "{x: 0", "T006"),  # a placement on a zone that is not a grid
    ("{shape: disc, copies: 40}", "{shape", "T003"),                # more than there are
])
def test_a_given_component_the_run_cannot_lay_out_is_found_at_it(tmp_path, component, needle, code):
    path = scenarios_beside(tmp_path, "pok", f"""\
scenarios:
  - name: s
    players: 3
    given: {{zones: {{"hand[0]": [{component}]}}}}
    expect: ["true"]
""")
    status, out, err = run("test", tmp_path)
    assert status == 1 and f"{loc_in(path, needle)}: {code} " in out + err, out + err


@pytest.mark.parametrize("game, zone, component, needle", [
    ("hue", "board", "{type: starting_card, i: 0}", "{type"),               # a piece on a grid, written without at
    ("pok", "hand[0]", "{shape: disc, at: {x: 0, y: 0, rot: 0}}", "{x: 0"),  # a placement on a zone that is no grid
])
def test_a_given_at_where_the_zone_takes_none_or_lacking_on_a_grid_is_t006_at_validate(tmp_path, game, zone, component, needle):
    """validate passed such a scenario, then every `philtre test` failed it with T006 (written with the zone's name)."""
    path = scenarios_beside(tmp_path, game, f"""\
scenarios:
  - name: s
    players: 3
    given: {{zones: {{"{zone}": [{component}]}}}}
    expect: ["true"]
""")
    status, out, err = run("validate", tmp_path)
    assert status == 1 and f"{loc_in(path, needle)}: T006 give 'at: {{x, y, rot}}' for a component on a grid zone" in out + err, out + err


def test_more_copies_given_than_the_game_has_says_how_many_it_has(tmp_path):
    """'no component left matching {shape: disc}' did not say that the game has only 6 discs with 3 players."""
    scenarios_beside(tmp_path, "pok", """\
scenarios:
  - name: s
    players: 3
    given: {zones: {"hand[0]": [{shape: disc, copies: 40}]}}
    expect: ["true"]
""")
    status, out, err = run("test", tmp_path)
    assert status == 1
    assert "T003 no component left matching {shape: disc} (the game has 6 such components; this pattern asks for 40)" in out + err, out + err


@pytest.mark.parametrize("name, suggested", [("play-card", "play_card"), ("2nd", "_2nd")])
def test_a_name_the_language_cannot_use_is_said_in_an_authors_words(tmp_path, name, suggested):
    """An action named with a dash: what a name is, and the name to write, not the schema's pattern."""
    text = CLEAN.replace("  play:\n", f"  {name}:\n", 1).replace("simultaneous: play", f"simultaneous: {name}", 1)
    path = write(tmp_path, text)
    status, out, _ = run("validate", path)
    assert status == 1
    line, col = position(text, f"  {name}:")
    message = f"V001 '{name}' is not a name: a name is letters a-z or A-Z, digits and _, not starting with a digit (did you mean '{suggested}'?)"
    assert f"{path}:{line}:{col + 2}: {message}" in out, out
    assert "A-Za-z" not in out


@pytest.mark.parametrize("before, after, needle, said", [
    ("define:\n", "variables:\n  caf\u00e9: 0\n\ndefine:\n", "caf\u00e9", "'caf\u00e9' is not a name: a name is letters a-z or A-Z, "
     "digits and _, not starting with a digit (did you mean 'caf_'?)"),
    ("  best:", "  me\u00eflleur:", "me\u00efl", "'me\u00eflleur' is not written as expected: a definition is named 'name' or "
     "'name(a, b)', a name being letters a-z or A-Z, digits and _ (did you mean 'me_lleur'?)"),
    ("  played(p):", "  jou\u00e9(p):", "jou\u00e9", "'jou\u00e9(p)' is not written as expected: a definition is named 'name' or "
     "'name(a, b)', a name being letters a-z or A-Z, digits and _ (did you mean 'jou_(p)'?)"),
    ("game: clean", "game: \u00e9t\u00e9", "\u00e9t\u00e9", "'\u00e9t\u00e9' is not written as expected: lowercase letters a-z, digits "
     "and dashes, starting with a letter"),
], ids=["variable", "definition", "definition-with-parameters", "game"])
def test_a_name_with_a_letter_beyond_a_to_z_is_told_so(tmp_path, before, after, needle, said):
    """'caf\u00e9' was 'not a name: a name is letters, ...', and '\u00e9' is a letter; a definition so named had no
    suggestion at all."""
    text = CLEAN.replace(before, after, 1)
    path = write(tmp_path, text)
    status, out, _ = run("validate", path)
    assert status == 1
    line, col = position(text, needle)
    assert f"{path}:{line}:{col}: V001 {said}" in out, out


def test_a_variables_quiet_is_true_or_false(tmp_path):
    """`quiet` (play does not tell the variable's changes) is taken as true or false; anything else is a V001 at it."""
    good = ROOT / "tests" / "data" / "quiet_bookkeeping.yaml"
    status, out, err = run("validate", good)
    assert status == 0 and "1 file(s) checked: no findings" in err, out + err
    text = good.read_text(encoding="utf-8")
    for value, said in [("3", "the number 3"), ("yes", "the text 'yes'"), ('"true"', "the text 'true'")]:
        path = write(tmp_path, text.replace("flip: {initial: false, quiet: true}", f"flip: {{initial: false, quiet: {value}}}"))
        status, out, _ = run("validate", path)
        line, col = position(path.read_text(encoding="utf-8"), f"quiet: {value}")
        assert status == 1
        assert out.startswith(f"{path}:{line}:{col + len('quiet: ')}: V001 expected true/false, got {said}\n"), out


def test_a_value_of_the_wrong_kind_is_named_in_an_authors_words(tmp_path):
    """`turns:` left empty: YAML reads nothing there; the message says so without Python's type names."""
    path = write(tmp_path, CLEAN.replace("flow:\n", "flow:\n  - turns:\n    until: true\n    do: [{decide: play}]\n", 1))
    status, out, _ = run("validate", path)
    assert status == 1
    assert "V001 expected a text, a number or true/false, got nothing (the value is empty)" in out, out
    assert "NoneType" not in out


@pytest.mark.parametrize("written", ["null", "~", ""])
def test_a_set_of_yamls_null_is_told_to_write_none(tmp_path, written):
    """A Bohnanza trial: `set: {gift: null}` got "got nothing (the value is empty)" and no hint, where `initial: null`
    beside it is taken: YAML's null is no value, and an expression's nothing is none. Written as the hint says, it loads."""
    from philtre.dsl import load_ruleset

    text = CLEAN.replace("winners:", "variables:\n  gift: {initial: null}\n\nwinners:").replace(
        "      - move: table -> discard\n", f"      - move: table -> discard\n      - set:\n          gift: {written}\n".replace(" \n", "\n"))
    path = write(tmp_path, text)
    status, out, _ = run("validate", path)
    line, col = position(text, f"gift: {written}".rstrip() + "\n")
    at = col + len('gift: ' if written else 'gift:')  # (an empty value: just after its key's colon)
    assert status == 1 and out == (f"{path}:{line}:{at}: V001 expected a text, a number "
                                   "or true/false, got nothing (the value is empty) (YAML reads null, ~ and an empty value "
                                   "as no value at all; an expression's nothing is none: gift: none)\n"), out
    path.write_text(text.replace(f"gift: {written}".rstrip() + "\n", "gift: none\n"), encoding="utf-8")
    load_ruleset(str(path))


def test_an_action_left_empty_is_told_how_an_action_with_nothing_to_do_is_written(tmp_path):
    """Ludo trial: `pass:` with nothing after it was "expected a mapping, got nothing", with no word of what to write."""
    text = CLEAN.replace("actions:\n", "actions:\n  pass:\n", 1)
    path = write(tmp_path, text)
    status, out, _ = run("validate", path)
    assert status == 1
    line, _ = position(text, "  pass:")
    assert (f"{path}:{line}:8: V001 expected a mapping, got nothing (the value is empty) (an action with nothing "
            "to choose or do is written pass: {})") in out, out


def test_a_step_naming_an_unknown_action_or_parameter_is_found_by_validate(tmp_path):
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: misspelled
    players: 4
    steps:
      - {player: 1, action: ply, args: {card: {color: blue}}}
      - {player: 1, action: play, args: {crad: {color: blue}}}
      - {player: 1, action: drop, args: {card: {color: blue}}}
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    # at the misspelt word itself, not at the start of the step
    assert f"{loc_in(path, 'ply,')}: T008 no action 'ply' in this ruleset (its actions: play) (did you mean 'play'?)" in out, out
    # a name like none of them (a scenario copied from `philtre new`'s game): the actions there are, to pick from
    assert f"{loc_in(path, 'drop,')}: T008 no action 'drop' in this ruleset (its actions: play)\n" in out, out
    assert f"{loc_in(path, 'crad')}: T008 action 'play' has no parameter 'crad' (its parameters: card, into) (did you mean 'card'?)" in out, out


def test_a_step_whose_parameter_is_written_as_a_number_is_t008_not_an_internal_error(tmp_path):
    """`args: {0: ...}` (a YAML number as the key) stopped validate with "internal error: 'int' object is not iterable"."""
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: numbered
    players: 4
    steps:
      - {player: 1, action: play, args: {0: {color: blue}}}
    expect: ["true"]
""")
    status, out, err = run("validate", path)
    assert status == 1 and "internal error" not in out + err, out + err
    assert f"{loc_in(path, '0:')}: T008 action 'play' has no parameter '0' (its parameters: card, into)" in out, out


def test_a_given_at_naming_no_decision_is_found_by_validate(tmp_path):
    """`at: turn` with no such decision: T011 at the name; `philtre test` played the game to its end to find it missing."""
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: at a decision that is not there
    players: 4
    given:
      at: turn
    expect: ["true"]
  - name: at the turns loop, which is not a decision
    players: 4
    given:
      at: turns
    expect: ["true"]
  - name: at the unnamed decide, by its kind
    players: 4
    given:
      at: decide
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, 'turn')}: T011 no decision statement named 'turn' in the flow" in out, out
    # the turns loop holds the decision: that one is named (it listed every decision statement of the flow)
    assert ("T011 no decision statement named 'turns' in the flow ('turns' holds the decision (decide at line 73 of ruleset.yaml): "
            "write at: decide)") in out, out
    assert "'decide' in the flow" not in out, out


TWO_DECIDES_IN_A_LOOP = """\
philtre: 1
game: two-decides
players: 2
variables:
  n: 0
actions:
  up:
    do:
      - set: {n: n + 1}
flow:
  - name: loop
    until: n > 3
    do:
      - decide: up
        player: 0
      - decide: up
        player: 1
"""


def test_a_given_at_naming_a_loop_of_two_unnamed_decisions_names_their_lines(tmp_path):
    """`given.at: loop` where the loop holds two decides without a name: (Skat trial): the hint said "name that",
    not which of the two nor at which lines; it names both, with their lines, and says to give the one meant a name:."""
    write(tmp_path, TWO_DECIDES_IN_A_LOOP)
    path = write(tmp_path, "scenarios:\n  - name: at the loop\n    players: 2\n    given: {at: loop}\n    expect: [\"true\"]\n",
                 "scenarios.yaml")
    status, out, _ = run("validate", path)
    assert status == 1
    assert ("T011 no decision statement named 'loop' in the flow ('loop' holds 2 decisions (decide at lines 14 and 16 of ruleset.yaml): "
            "give the one meant a name: and write that in at:)") in out, out


NO_ROUNDS = """\
philtre: 1
game: no-rounds
players: 2
variables:
  n: 0
actions:
  tick:
    do:
      - set: {n: n + 1}
flow:
  - turns: 0
    until: n >= 6
    do:
      - name: go
        decide: tick
"""


def test_a_given_round_in_a_ruleset_with_no_round_statement_is_found_by_validate(tmp_path):
    """A new user's Coup has no `round:`, so round_number stays 0 and `given: {at: go, round: 2}` never matches: validate
    said nothing, and `philtre test` played the game to its end for a bare T014. T011 at `round:`, with what to do, from
    both; the same scenario in a flow with a `round:` statement is fine."""
    write(tmp_path, NO_ROUNDS)
    path = write(tmp_path, "scenarios:\n  - name: the second pass\n    players: 2\n    given:\n      at: go\n"
                           "      round: 2\n    expect: [n >= 0]\n", "scenarios.yaml")
    said = (f"{loc_in(path, 'round')}: T011 given.round 2 is never reached: the flow has no `round:` statement, so "
            "round_number stays 0 (leave `round:` out of given, to wait at the first 'go' the flow reaches, or add a "
            "`round:` statement to the flow)")
    status, out, _ = run("validate", path)
    assert status == 1 and said in out, out
    status, out, err = run("test", tmp_path)
    assert status == 1 and said in out + err and "T014" not in out + err, out + err
    write(tmp_path, NO_ROUNDS.split("flow:")[0] + "flow:\n  - repeat: 2\n    do:\n      - round:\n          - turns: 0\n"
          "            until: n >= 3 * round_number\n            do:\n              - name: go\n                decide: tick\n")
    status, out, err = run("test", tmp_path)
    assert status == 0 and "T011" not in out + err, out + err


PENDING_WRONG = """\
scenarios:
  - name: who decides, written wrong
    players: 4
    expect:
      - pending: 4
      - pending: [1, 2, 1]
      - pending: [2.0]
      - {pending: [], at: decide}
      - {pending: 1, at: turn}
"""


def test_an_expected_seat_the_scenario_does_not_have_is_found_by_validate(tmp_path):
    """`pending: 4` in a 4-player scenario can never be true: said at the seat when the ruleset loads (T016), as
    is a seat twice; an `at` naming no decision is T011 as in `given.at`. `philtre test` says the same and runs nothing."""
    path = scenarios_beside(tmp_path, "poison", PENDING_WRONG)
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, '4', 2)}: T016 seat 4 is not a seat of this 4-player scenario (seats 0..3) (seats count from 0)" in out, out
    assert f"{loc_in(path, '1]')}: T016 seat 1 is given twice in pending (give each seat that must decide once)" in out, out
    assert f"{loc_in(path, '2.0')}: T016 a seat is a whole number, not 2.0" in out, out
    assert f"{loc_in(path, 'decide}')}: T016 pending: [] expects the game over, waiting at no decision" in out, out
    assert f"{loc_in(path, 'turn}')}: T011 no decision statement named 'turn' in the flow" in out, out
    status, out, err = run("test", path.parent)
    assert status == 1 and "T016 seat 4 is not a seat" in out + err and "Traceback" not in out + err


def test_a_step_by_a_seat_the_scenario_does_not_have_is_found_by_validate(tmp_path):
    """A step by seat 4 of a 4-player game could only fail when run (T013, seat not deciding): T016 at its seat at load."""
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: a fifth player
    players: 4
    steps:
      - {player: 4, action: play, args: {card: "first(hand[me])", into: "cauldron[0]"}}
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, '4,')}: T016 seat 4 is not a seat of this 4-player scenario (seats 0..3) (seats count from 0)" in out, out


def test_a_misspelt_key_of_an_expected_decision_is_a_schema_error(tmp_path):
    path = scenarios_beside(tmp_path, "poison", "scenarios:\n  - name: x\n    players: 4\n    expect: [{pendng: 1}]\n")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, 'pendng')}: V001 unknown key ('pendng' was unexpected) (did you mean 'pending'?)" in out, out


def test_philtre_test_prints_a_wrong_expected_seat_as_an_error(tmp_path):
    path = scenarios_beside(tmp_path, "poison", "scenarios:\n  - name: the first to play\n    players: 4\n    expect:\n      - pending: 0\n")
    status, out, _ = run("test", path.parent)
    assert status == 1
    assert f"\n  {loc_in(path, 'pending')}: T012 expected seat 0 to decide; deciding now: seat 1 (at 'decide')\n" in out, out


def test_a_bare_word_as_a_step_argument_is_told_to_be_quoted(tmp_path):
    """A step's argument is an expression, so a bare word is a name: the hint says how to give the word."""
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: a word
    players: 4
    steps:
      - {player: 1, action: play, args: {into: kettle}}
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, 'kettle')}: E150 unknown name 'kettle' (to give the word 'kettle', quote it: \"'kettle'\")" in out, out


@pytest.mark.parametrize("dice, needle, message", [
    # a die the ruleset lacks was skipped: the die rolled at random and the scenario passed by luck
    ("rolls: [{die4: {symbol: disc}}]", "die4", "T005 no die 'die4' in this ruleset (dice: die1, die2, die3)"),
    # a face no die has failed only when the game rolled, at the ruleset's roll, as {'symbol': 'disk'}
    ("rolls: [{die1: {symbol: disk}}]", "{symbol: disk}", "T005 die 'die1' has no face matching {symbol: disk} (its faces: {symbol: disc, count: 1}"),
    ("rolls: [{die1: {symbl: disc}}]", "symbl", "T005 die 'die1' has no face matching {symbl: disc} (did you mean 'symbol'?)"),
    ("given: {dice: {die2: {count: 3}}}", "{count: 3}", "T005 die 'die2' has no face matching {count: 3} (its faces:"),
])
def test_a_scripted_roll_or_given_die_is_checked_against_the_dice(tmp_path, dice, needle, message):
    path = scenarios_beside(tmp_path, "pok", f"""\
scenarios:
  - name: scripted dice
    players: 4
    {dice}
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, needle)}: {message}" in out, out
    status, out, err = run("test", path.parent)
    assert status == 1 and message in out + err and "Traceback" not in out + err, out + err


@pytest.mark.parametrize("component, needle, message", [
    ("{colr: blue}", "colr", "T009 no component has an attribute 'colr' (did you mean 'color'?)"),
    ("{type: potion, vlaue: 2}", "vlaue", "T009 a potion has no attribute 'vlaue' (did you mean 'value'?)"),
    ("{color: bleu}", "bleu", "T009 no component has color 'bleu' (its values: blue, red, purple) (did you mean 'blue'?)"),
    ("{type: potion, value: 3}", "3}", "T009 no potion has value 3 (its values: 1, 2, 4, 5, 7) (give one of its values)"),
    ("{type: potoin}", "potoin", "T009 no component type is 'potoin' (the types: potion, poison) (did you mean 'potion'?)"),
])
def test_a_misspelt_attribute_or_value_of_a_given_component_is_found_by_validate(tmp_path, component, needle, message):
    """Not T003 'no component left matching' when run, as if the copies had run out."""
    path = scenarios_beside(tmp_path, "poison", f"""\
scenarios:
  - name: misspelt
    players: 4
    given: {{zones: {{"hand[0]": [{component}]}}}}
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, needle)}: {message}" in out, out


def test_a_misspelt_value_in_an_illegal_step_is_found_by_validate(tmp_path):
    """`illegal: true` with a card no component is would pass whatever the rules say: it matches no option."""
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: a vacuous illegal step
    players: 4
    steps:
      - {player: 1, action: play, args: {card: {color: purpel, vlaue: 1}, into: "cauldron[0]"}, illegal: true}
      - {player: 1, action: play, args: {card: {type: poison}, into: "cauldron[0]"}}
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, 'purpel')}: T009 no component has color 'purpel' (its values: blue, red, purple) (did you mean 'purple'?)" in out, out
    assert f"{loc_in(path, 'vlaue')}: T009 no component has an attribute 'vlaue' (did you mean 'value'?)" in out, out
    assert out.count("T009") == 2, out


@pytest.mark.parametrize("variables, needle, message", [
    ("{delaer: 1}", "delaer", "T004 unknown variable 'delaer' in given (did you mean 'dealer'?)"),
])
def test_a_given_variable_that_is_none_is_found_by_validate(tmp_path, variables, needle, message):
    """Found by validate, at the name, with a hint (it was found only when run, at the scenario's name)."""
    path = scenarios_beside(tmp_path, "poison", f"""\
scenarios:
  - name: misspelt
    players: 4
    given: {{variables: {variables}}}
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, needle)}: {message}" in out, out


@pytest.mark.parametrize("value", ["[0, 1]", "3"])
def test_a_per_player_variable_given_anything_but_one_value_per_seat_is_found_by_validate(tmp_path, value):
    """A list one seat short was taken as it was, and failed later (or not at all) far from the cause."""
    path = scenarios_beside(tmp_path, "pok", f"""\
scenarios:
  - name: short
    players: 3
    given: {{variables: {{spare: {value}}}}}
    expect: ["true"]
""")
    text = path.with_name("ruleset.yaml").read_text(encoding="utf-8")
    path.with_name("ruleset.yaml").write_text(text.replace("define:\n", "variables:\n  spare: {initial: 0, each: player}\n\ndefine:\n", 1),
                                              encoding="utf-8")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, 'spare')}: T004 'spare' has one value per seat: give a list of 3 values, not {value}" in out, out


@pytest.mark.parametrize("initial, example", [
    ("[0, 0]", "(e.g. spare: [[0, 0], [0, 0], [0, 0]])"),
    ("{a: true, b: x}", "(e.g. spare: [{a: true, b: x}, {a: true, b: x}, {a: true, b: x}])"),
    ("[[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]",
     "(one value per seat, seat 0's first, each a list of 5 lists of 5 numbers as its initial value is)"),
])
def test_t004_gives_an_example_shaped_as_the_variables_initial_value(tmp_path, initial, example):
    """A 5x5 wall given one seat's value was told `e.g. wall: [0, 0]`, which is no wall."""
    path = scenarios_beside(tmp_path, "pok", """\
scenarios:
  - name: short
    players: 3
    given: {variables: {spare: [1]}}
    expect: ["true"]
""")
    text = path.with_name("ruleset.yaml").read_text(encoding="utf-8")
    path.with_name("ruleset.yaml").write_text(
        text.replace("define:\n", f"variables:\n  spare: {{initial: {initial}, each: player}}\n\ndefine:\n", 1), encoding="utf-8")
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, 'spare')}: T004 'spare' has one value per seat: give a list of 3 values, not [1] {example}" in out, out


def test_an_attribute_written_as_an_expression_is_explained_where_it_is_used_as_a_number(tmp_path):
    """`rank: "range(1, 11)"` is one word, not ten numbers: the E124 at `c.rank + 1` says why the rank is a word."""
    text = CLEAN.replace("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", 'attributes: {rank: "range(1, 11)"}', 1)
    text = text.replace("best: max(played(p).rank for p in players)", "best: max(played(p).rank - 1 for p in players)", 1)
    assert "range(1, 11)" in text and "rank - 1" in text
    status, out, _ = run("validate", write(tmp_path, text))
    assert status == 1
    assert ("E124 '-' needs numbers, got a word ('.rank' is declared as 'range(1, 11)': "
            "attribute values are data, not expressions; write a range (3..35) or list them)") in out, out


def test_an_attribute_written_as_a_range_makes_one_component_per_value(tmp_path):
    """`rank: 1..10` is the ten ranks 1, 2, ..., 10, as the list written out is; in a list, a range is spelt out in place."""
    from philtre.dsl import load_ruleset

    listed = load_ruleset(str(write(tmp_path, CLEAN)))
    ranged = load_ruleset(str(write(tmp_path, CLEAN.replace("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "rank: 1..10", 1), "ranged.yaml")))
    assert [c.attributes for c in ranged.components] == [c.attributes for c in listed.components]
    mixed = load_ruleset(str(write(tmp_path, CLEAN.replace("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "rank: [0, 7..9, 12]", 1), "mixed.yaml")))
    assert dict(mixed.components[0].attributes)["rank"] == (0, 7, 8, 9, 12)


@pytest.mark.parametrize("written", ["10..1", "1..20000"])
def test_a_range_of_attribute_values_that_runs_backwards_or_is_too_long_is_r011(tmp_path, written):
    """At the range written, not a cascade of findings about the values."""
    path = write(tmp_path, CLEAN.replace("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", f"rank: {written}", 1))
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, written)}: R011 a range of values runs low to high, at most 10,000 of them, not '{written}'" in out, out


@pytest.mark.parametrize("written", ["1..9999999999", "1..%s" % ("9" * 5000)], ids=["ten-digits", "5000-digits"])
def test_a_range_with_a_long_number_is_r011_not_a_word(tmp_path, written):
    """`1..9999999999` looked like a range but was taken as one word (one component); 5,000 digits are refused, not parsed."""
    path = write(tmp_path, CLEAN.replace("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", f"rank: {written}", 1))
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, written)}: R011 a range of values runs low to high" in out, out


def test_many_ranges_of_attribute_values_are_r011_before_they_are_spelt_out(tmp_path):
    """3,000 ranges of 10,000 values (a 27 KB file) were spelt out as 30 million numbers, 1.4 GB, before R010 counted them."""
    from philtre.dsl import loader

    many = "[" + ", ".join(["0..9999"] * 3000) + "]"
    path = write(tmp_path, CLEAN.replace("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", f"rank: {many}", 1))
    spelt = []
    real = loader._Builder.attribute_values

    def counting(self, attrs, name):
        out = real(self, attrs, name)
        spelt.append(len(out))
        return out

    loader._Builder.attribute_values = counting
    try:
        status, out, _ = run("validate", path)
    finally:
        loader._Builder.attribute_values = real
    assert status == 1
    assert "R011 the ranges of attribute values would spell out more than 1,000,000 values in all" in out, out
    assert max(spelt) <= loader.MAX_RANGED_VALUES


CHOOSE = 'choose: {card: "hand[me]"}'


@pytest.mark.parametrize("new, message", [
    ("choose: {card: hand[me]}", 'Y001 did not find expected \',\' or \'}\' (an expression inside { } or [ ] is quoted: {card: "hand[me]"})'),
    # the Can't Stop trial (C-8): a '}' left out was told at the next line, with a hint about quoting
    ('choose: {card: "hand[me]"', "ruleset.yaml:29:13: Y001 this '{' is never closed: a '}' is missing (YAML read on into "
                                  "line 30 looking for it; close it at the end of line 29: {card: \"hand[me]\"})"),
    (CHOOSE + "\n    if: card.rank = 3", "E101 unexpected character '=' in expression (compare with ==)"),
    (CHOOSE + "\n    if: card is none", "E154 unknown component type 'none' (test for none with == none)"),
    (CHOOSE + "\n    if: me == nobody", "E150 unknown name 'nobody' (action 'play' sees its parameters (card), me and the ruleset's "
                                             "names; to give the word 'nobody', quote it: 'nobody')"),
    (CHOOSE + "\n    if: 1 < card.rank < 9", "E102 unexpected '<'; expected the end of the expression, ')', '+', '-', ',', ':', ']', ... "
                                            "(comparisons do not chain: write a < b and b < c)"),
    (CHOOSE + "\n    if: card.rank ^ 2 > 3", "E101 unexpected character '^' in expression (no such operator: a power is written x ** 2)"),
    (CHOOSE + "\n    if: count(hand[me][0:2]) > 0", "E102 unexpected ':'; expected ']' (there are no slices: write take(hand[me], 2); take(xs, n) gives "
                                                     "the first n items, take_last(xs, n) the last n, [xs[i] for i in range(a, b)] those from a to b - 1, last(xs) the last)"),
    (CHOOSE + "\n    if: count(take(c for c in hand[me], 2)) > 0",
     "(a comprehension given to a call is its only argument: to give more, put it in brackets, [x for x in xs])"),
    (CHOOSE + "\n    if: card.rank < 1e3", "(a number has no exponent (1e6): write it out in full (1000000))"),
    # a new user's Dots and Boxes: `[('h', x) for x in range(3)]`, Python's tuple, got a bare E102
    (CHOOSE + "\n    if: card.rank in [('h', x) for x in range(3)]", "E102 unexpected ','; expected ')' "
                                                                  "(there are no tuples: write a list, ['h', x])"),
    (CHOOSE + "\n    if: card.rank in (1,)", "(there are no tuples: write a list, [1])"),
    # a new user's Spades: `choose: {n: "0..3"}`, the lo..hi of data written in an expression, got a bare E102
    ('choose: {card: "hand[me]", n: "0..3"}', "E102 unexpected '.'; expected a name ('..' writes a range only in data "
                                              "(players, attributes, a scenario's given); in an expression write range(0, 4))"),
    (CHOOSE + "\n    if: card.rank in 1 .. player_count", "in an expression write range(1, player_count + 1))"),
    (CHOOSE + "\n    if: card.rank in 1..count(hand[me])", "in an expression write range(lo, hi + 1))"),
    # Python's int() reads any script's digits: '٥' (Arabic-Indic five, drawn like a 0) compared as 5
    (CHOOSE + "\n    if: card.rank > \u0665", "E101 unexpected character '\u0665' in expression (a number is written with the digits 0-9)"),
    (CHOOSE + "\n    if: card.rank > 1\uff12", "E101 unexpected character '\uff12' in expression (a number is written with the digits 0-9)"),
    (CHOOSE + "\n    if: if card.rank > 3 then true else false", "(a conditional is written A if C else B: 5 if x > 3 else 0)"),
    # the options read as a function (a scenario's `expect: not legal(0, 'pass')`): there is none
    (CHOOSE + "\n    if: legal(me, 'play')", "E141 unknown function 'legal' (no expression reads a seat's options: an action's if: says "
                                           "when it is legal, and a scenario checks that it is not with a step marked illegal: true"),
    # `players` for their number (the hint said nothing, or to compare one of the list's items)
    (CHOOSE + "\n    if: card.rank > 12 - players", "E124 '-' needs numbers, got a list of players (players is the list of seats: their number is player_count)"),
    (CHOOSE + "\n    if: card.rank > players", "E124 '>' compares numbers or words, got a list of players (players is the list of seats: their number is player_count)"),
    # Python's set comprehension (a map comprehension, `{c: 0 for c in cols}`, is one of the language's): no key's value
    (CHOOSE + "\n    if: \"card.rank in {c for c in range(2, 4)}\"",
     "E102 unexpected 'for'; expected ':' (a map comprehension writes a key and its value before its loop, "
     "{c: true for c in range(2, 4)}; for a list of them, [c for c in range(2, 4)])"),
    (CHOOSE + "\n    if: \"card.rank in {1: 1, c: 0 for c in range(2, 4)}\"",
     "E102 unexpected 'for'; expected ',' or '}' (a map comprehension writes one key: value pair before its loop, "
     "{c: 0 for c in range(2, 4)}; add another key with put(MAP, KEY, VALUE): put({c: 0 for c in range(2, 4)}, KEY, VALUE))"),
    # a new user's Love Letter: `set: {"out[target]": "yes"}` got "did you mean 'players'?"
    (CHOOSE + "\n    if: yes", "E150 unknown name 'yes' (write true)"),
])
def test_a_common_slip_gets_a_hint(tmp_path, new, message):
    """Unquoted brackets in a flow mapping, = for ==, `is none`: each message says what to write."""
    assert CHOOSE in CLEAN
    status, out, _ = run("validate", write(tmp_path, CLEAN.replace(CHOOSE, new, 1)))
    assert status == 1 and message in out, out


def test_deciding_in_a_definition_is_said_to_be_a_scenario_s_name(tmp_path):
    """Can't Stop trial C-7: `mine: deciding == [0]` in define: got "to give the word 'deciding', quote it", a word
    never meant: deciding is bound only in a scenario's expect and always."""
    status, out, _ = run("validate", write(tmp_path, CLEAN.replace("define:\n", "define:\n  mine: deciding == [0]\n", 1)))
    assert status == 1 and ("E150 unknown name 'deciding' ('deciding' is a name of a scenario's expect and always only, read "
                            "at a decision the scenario reaches; in the rules the deciding seat is me in an action (a "
                            "definition takes it as a parameter, f(p)), and the seat whose turn it is is current inside "
                            "turns)") in out, out


def test_a_move_to_a_family_of_zones_says_to_name_one_by_its_index(tmp_path):
    """A new user's Love Letter `move: card -> played` (each player has a `played`) said only that the destination is a
    list of zones."""
    status, out, _ = run("validate", write(tmp_path, CLEAN.replace("move: card -> table[me]", "move: card -> table")))
    assert status == 1 and ("E120 the destination must be a zone, but this is a list of zones (name one of the 'table' zones "
                            "by its index, as table[me], table[0] or table[p])") in out, out


E120_LIST_OF_ZONES = """\
philtre: 1
game: e120
players: 2
components:
  card: {attributes: {n: 1..4}, start: deck}
zones:
  deck: {visible: nobody}
  row: {copies: 3, visible: everyone}
  played: {each: player, visible: everyone}
define:
  free: "[z for z in row if count(z) == 0]"
actions:
  go:
    do:
      - move: last(deck) -> played[me]
flow:
  - DEST
  - turns: 0
    until: count(deck) == 0
    do:
      - decide: go
"""


def test_a_move_to_a_computed_list_of_zones_says_to_pick_one_of_it(tmp_path):
    """A Rummikub trial's `move: last(deck) -> free` (free: the empty melds, a filtered list) was told to write
    free[me], a seat's index of a family, in the flow where no seat is bound."""
    status, out, _ = run("validate", write(tmp_path, E120_LIST_OF_ZONES.replace("DEST", "move: last(deck) -> free")))
    assert status == 1 and ("E120 the destination must be a zone, but this is a list of zones ('free' is a list of zones "
                            "computed by the rules: pick one of it, as first(free) or free[0]") in out, out
    assert "free[me]" not in out, out


def test_a_move_to_a_family_in_the_flow_names_no_seat_that_is_not_bound_there(tmp_path):
    """The same trial: the hint's `played[me]` in the flow, outside any action, names a seat that does not exist there;
    inside turns the seat is current."""
    status, out, _ = run("validate", write(tmp_path, E120_LIST_OF_ZONES.replace("DEST", "move: last(deck) -> played")))
    assert status == 1 and "(name one of the 'played' zones by its index, as played[0] or played[p])" in out, out
    inside = E120_LIST_OF_ZONES.replace("  - DEST\n", "").replace("      - decide: go", "      - move: last(deck) -> played\n      - decide: go")
    status, out, _ = run("validate", write(tmp_path, inside))
    assert status == 1 and "as played[current], played[0] or played[p])" in out, out


def test_a_decision_inside_an_action_says_how_the_flow_asks_a_follow_up(tmp_path):
    """A new user's Coup: the target's block or challenge written as a `decide:` in the action's effects got S004 with
    no hint; the way is language.md's follow-up question: the action's then:, or a variable the flow reads after the decision."""
    text = CLEAN.replace("      - move: card -> table[me]\n", "      - move: card -> table[me]\n      - decide: play\n", 1)
    status, out, _ = run("validate", write(tmp_path, text))
    assert status == 1 and ("S004 'decide' belongs in the flow, not in an action's effects (a follow-up question or another "
                            "seat's answer is a decision of the flow: write it under the action's then: (statements of the "
                            "flow run right after its do:, which may decide), or note what is owed in a variable") in out, out


@pytest.mark.parametrize("to, message", [
    # the example was {card: "hand[me]"} whatever the key; then {to: "hand[0]"}, which is E120 below (a Durak trial)
    ("to: hand[0]", 'Y001 did not find expected \',\' or \'}\' (an expression inside { } or [ ] is quoted: {to: "[hand[0]]"})'),
    ("to: [hand[0], hand[1]]", '(an expression inside { } or [ ] is quoted: {to: "[hand[0], hand[1]]"})'),
    # a ',' of the expression's own (range(a, b)) was taken for YAML's: the example was {card: "hand[me]"}
    ("to: take(players, 1), count: max(1, hand[0])",
     '(an expression inside { } or [ ] is quoted: {count: "max(1, hand[0])"})'),
    # a key holding brackets is quoted, not its value (the example was {card: "hand[me]"})
    ("to: hand, extra: {hand[0]: 1}", '(an expression inside { } or [ ] is quoted: {"hand[0]": 1})'),
    ('to: hand, extra: {"hand[0]": hand[0]}', '(an expression inside { } or [ ] is quoted: {"hand[0]": "hand[0]"})'),
    # a list YAML reads whole stays a list: quoting it was V001 "expected a list, got the text '[]'" (a Santorini trial)
    ("to: hand, extra: {hand[0]: []}", '(an expression inside { } or [ ] is quoted: {"hand[0]": []})'),
    # quoted, one zone: the fix is in language.md's deal, not in the message
    ('to: "hand[0]"', 'E120 \'to\' must be a list of zones, but this is a zone (a list of one zone is written in brackets: "[hand[0]]")'),
])
def test_a_deal_to_one_seat_s_hand_says_how_to_write_it(tmp_path, to, message):
    """A new user's deal to one hand: each step of the fix is in the message of the one before."""
    deal = "deal: {from: deck, to: hand, count: 3}"
    assert deal in CLEAN
    status, out, _ = run("validate", write(tmp_path, CLEAN.replace(deal, deal.replace("to: hand", to), 1)))
    assert status == 1 and message in out, out


@pytest.mark.parametrize("winners, message", [
    # a Dominion trial: the hint quoted the list whole, one key that is a list (E120), whose hint spoke of score[p]
    ("winners: {highest: [score[p], -count(hand[p])]}",
     '(an expression inside { } or [ ] is quoted: {highest: ["score[p]", "-count(hand[p])"]})'),
    ("winners:\n  lowest: [score[p], -count(hand[p])]  # ties",
     "YAML reads a value that starts with '[' as a list: here a list of expressions, each quoted on its own "
     '(lowest: ["score[p]", "-count(hand[p])"])'),
    ('winners: {highest: "[score[p], -count(hand[p])]"}',
     "E120 a ranking key must be a number, but this is a list of numbers (several keys (later ones break ties) are a "
     'YAML list of expressions, each quoted on its own: ["score[p]", "-count(hand[p])"])'),
    # where a list is one expression, it is quoted whole: a choice among a list, a comprehension
    ("winners: {highest: [x for x in [score[p]]]}", '(an expression inside { } or [ ] is quoted: {highest: "[x for x in [score[p]]]"})'),
])
def test_several_winners_keys_are_quoted_each_on_its_own(tmp_path, winners, message):
    """Ranking keys written bare, or quoted as one list: the hint writes the YAML list of keys, each quoted, which validates."""
    old = 'winners: {highest: "score[p]"}'
    assert old in CLEAN
    status, out, _ = run("validate", write(tmp_path, CLEAN.replace(old, winners, 1)))
    assert status == 1 and message in out, out
    fixed = CLEAN.replace(old, 'winners: {highest: ["score[p]", "-count(hand[p])"]}', 1)
    assert run("validate", write(tmp_path, fixed))[0] == 0


def test_a_choice_among_a_list_is_quoted_whole(tmp_path):
    """Only winners' keys and a scenario's expect and always are YAML lists of expressions: a list elsewhere is one."""
    status, out, _ = run("validate", write(tmp_path, CLEAN.replace('choose: {card: "hand[me]"}', "choose: {highest: [hand[me], 1]}", 1)))
    assert status == 1 and '(an expression inside { } or [ ] is quoted: {highest: "[hand[me], 1]"})' in out, out


def test_a_scenario_s_expectations_written_bare_are_quoted_each_on_its_own(tmp_path):
    """`expect: [count(hand[0]) == 3, ...]`: the hint quoted the list whole, which is no list of expectations."""
    write(tmp_path, CLEAN)
    write(tmp_path, "scenarios:\n  - name: n\n    players: 2\n    expect: [count(hand[0]) == 3, count(deck) > 0]\n", "scenarios.yaml")
    status, out, _ = run("validate", tmp_path)
    assert status == 1 and ('each quoted on its own (expect: ["count(hand[0]) == 3", "count(deck) > 0"])') in out, out


def test_a_bare_item_with_brackets_in_a_list_of_expectations_is_pointed_at_and_quoted_alone(tmp_path):
    """A trial's `expect: ["count(...) == 1", count(stock) == 48, fresh == []]`: Y001 pointed at the list's '[' and
    quoted the whole list (one expression, no list of expectations). It points at the item YAML stopped in, and quotes
    that item; the list with each item quoted validates."""
    write(tmp_path, CLEAN)
    step = '      - expect: ["count([c for c in deck if c.rank > 1]) > 0", count(deck) > 0, hand[0] == []]\n'
    scenarios = f"scenarios:\n  - name: n\n    players: 2\n    steps:\n{step}"
    write(tmp_path, scenarios, "scenarios.yaml")
    status, out, _ = run("validate", tmp_path)
    line, col = scenarios.count("\n", 0, scenarios.index(step)) + 1, step.index("hand[0] ==") + 1
    assert status == 1 and f"scenarios.yaml:{line}:{col}: Y001" in out, out
    assert 'quote this item, "hand[0] == []"' in out, out
    fixed = '["count([c for c in deck if c.rank > 1]) > 0", "count(deck) > 0", "hand[0] == []"]'
    assert f"(expect: {fixed})" in out, out
    write(tmp_path, scenarios.replace(step, f"      - expect: {fixed}\n"), "scenarios.yaml")
    assert "Y001" not in run("validate", tmp_path)[1]


def test_an_action_named_after_a_written_tab_is_shown_as_written(tmp_path):
    """`  \\tpass:` under actions (code's tab written as two characters): the name was shown '\\\\tpass', nothing said of tabs."""
    status, out, _ = run("validate", write(tmp_path, CLEAN.replace("actions:\n", "actions:\n  \\tpass: {}\n", 1)))
    assert status == 1 and ("V001 '\\tpass' is not a name: a name is letters a-z or A-Z, digits and _, not starting with a "
                            "digit (\\t here is a backslash and a t, not a tab; and a tab is not indentation in YAML: indent with "
                            "spaces)") in out, out


def test_a_to_of_another_statement_is_quoted_as_written(tmp_path):
    """Only a deal's `to` is a list of zones: the `to` of a look (`reveal: {what: deck, to: seats[0]}`) is quoted alone."""
    deal = "deal: {from: deck, to: hand, count: 3}"
    text = CLEAN.replace(deal, deal + "\n  - reveal: {what: deck, to: seats[0]}", 1)
    status, out, _ = run("validate", write(tmp_path, text))
    assert status == 1 and '(an expression inside { } or [ ] is quoted: {to: "seats[0]"})' in out, out


def test_a_scenario_that_runs_on_into_an_empty_hand_says_so_at_its_step_and_skips_its_expectations(tmp_path):
    """After the last step the game runs on to its next decision: with too few cards given,
    that decision has no option (R300). The failure names the step; the expectations, about a
    position never reached, are not reported as false."""
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: too few cards
    players: 4
    given:
      zones:
        hand[0]: [{color: red, value: 1}]
        hand[1]: [{color: blue, value: 2}]
        hand[2]: []
        hand[3]: [{color: red, value: 2}]
    steps:
      - {player: 1, action: play, args: {card: {color: blue}}}
    expect:
      - count(hand[1]) == 5
""")
    status, out, _ = run("test", tmp_path)
    assert status == 1
    assert "R300 seat 2 must decide (play) but has no legal option" in out, out
    assert f"{loc_in(path, '{player: 1')}: R300 after this step of 'too few cards' the game ran on" in out, out
    assert "expected true" not in out


def test_a_house_rule_in_a_folder_of_its_own_validates_as_the_file_does(tmp_path):
    folder = tmp_path / "scalded"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text("extends: poison\ndefine:\n  limit: 15\n", encoding="utf-8")
    assert run("validate", folder)[:2] == (0, "")
    assert run("validate", folder / "ruleset.yaml")[:2] == (0, "")
    status, out, err = run("test", "poison", "--variant", folder / "ruleset.yaml")
    assert status == 1 and "0 passed, 0 failed" in out
    assert "no scenarios to run: an overlay holds its scenarios under its own 'scenarios:' key" in err


def test_a_game_of_dice_alone_needs_no_components_or_zones(tmp_path):
    """components: and zones: may be left out: validate, a recorded game, its replay."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    path = ROOT / "tests" / "data" / "dice_only.yaml"
    assert "components:" not in path.read_text(encoding="utf-8") and "zones:" not in path.read_text(encoding="utf-8")
    assert run("validate", path)[:2] == (0, "")
    game = Game(load_ruleset(str(path)), 2, seed=4, record=True)
    while not game.finished:
        seat = game.pending()[0]
        game.apply(seat, game.options(seat)[-1])  # always "stop": a turn ends after one roll
    assert max(game.scores) >= 20 and game.view(0)["zones"] == {}
    game.recorder.write(tmp_path / "game.jsonl")
    status, out, _ = run("replay", tmp_path / "game.jsonl")
    assert status == 0 and "all events match" in out, out


def test_a_flow_loop_variable_read_in_an_action_is_said_to_be_out_of_its_sight(tmp_path):
    """It got 'to give the word, quote it', which sends the author the wrong way."""
    text = CLEAN.replace("  - name: tricks\n    repeat: 3\n", "  - name: tricks\n    repeat: 3\n    as: trick\n", 1)
    text = text.replace("      - move: card -> table[me]\n", "      - move: card -> table[me]\n      - score: {player: me, add: trick}\n", 1)
    path = write(tmp_path, text)
    status, out, _ = run("validate", path)
    assert status == 1
    line, col = position(text, "trick}")
    assert f"{path}:{line}:{col}: E150 'trick' is a loop variable of the flow, which an action does not see" in out, out
    assert "quote it" not in out


@pytest.mark.parametrize("line, hint", [
    ('      - log == [{"a": 1}]\n', """quote the whole expression, 'log == [{"a": 1}]'"""),
    ('      - log == {"a": 1} and x: y\n', "a ': ' inside a value that is not quoted: quote the whole expression"),
    # a Mastermind trial: Y001 said "the value starts with '['" of an item that starts with a name
    ("      - board == [{'guess': ['red'], 'black': 1}]\n", "Y001 did not find expected key (a ': ' inside an item that is "
     "not quoted: YAML reads the text before it as a key; quote the whole item, - \"board == [{'guess': ['red'], 'black': 1}]\")"),
])
def test_an_expression_yaml_split_at_a_colon_gets_a_quoting_hint(tmp_path, line, hint):
    """A map literal in an expectation: YAML reads `"a": 1` as a key and its value (V001 or Y001, with no hint before)."""
    text = CLEAN + "scenarios:\n  - name: colon\n    players: 2\n    expect:\n" + line
    path = write(tmp_path, text)
    status, out, err = run("validate", path)
    assert status == 1 and hint in out + err, out + err
    assert "the value starts with" not in out + err, out + err


def test_a_yaml_list_where_an_expression_is_due_gets_the_expression_to_write(tmp_path):
    """`- [count(deck), 1]` where an expression is due: YAML makes it a list; the hint gives the quoted expression."""
    text = CLEAN + "scenarios:\n  - name: listed\n    players: 2\n    expect:\n      - [players, 1]\n"
    path = write(tmp_path, text)
    status, out, err = run("validate", path)
    line, col = position(text, "[players, 1]")
    said = f'{path}:{line}:{col}: V001 expected a text, true/false or a mapping, got a list (an expression is text: write the list as one, quoted: "[players, 1]")'
    assert status == 1 and said in out, out + err


R010_RULESET = """\
philtre: 1
game: r
players: 2
components:
  card:
    attributes: {value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]}
    copies: 10000 if value <= LAST else 1
    start: deck
zones:
  deck: {visible: nobody}
flow:
  - shuffle: deck
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("last, count", [(1, 0), (10, 100_010)])
def test_r010_adds_up_each_combinations_copies(tmp_path, last, count):
    """One value with 10,000 copies and 19 with one make 10,019 components, not 20 x 10,000 (R010 said more than 100,000)."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "ruleset.yaml"
    path.write_text(R010_RULESET.replace("LAST", str(last)), encoding="utf-8")
    errors = [f.diagnostic for f in check_file(str(path)).errors]
    if not count:
        assert errors == []
        return
    [d] = errors
    assert d.code == "R010" and f"('card' alone: {count:,}, from 20 combinations of attributes)" in d.message, d


@pytest.mark.parametrize("copies, code", [("10000", "R010"), ('"10 // (value - 3)"', "R002")])
def test_show_refuses_what_validate_refuses_when_the_components_are_made(tmp_path, copies, code):
    """A ruleset of 200,000 components (R010), or whose `copies` fails for one card (R002), compiles, and show printed
    it: rules no game can start with, that validate refuses. show now says the same, with validate's exit code."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(R010_RULESET.replace("copies: 10000 if value <= LAST else 1", f"copies: {copies}"), encoding="utf-8")
    validated = CliRunner().invoke(main, ["validate", str(path)])
    finding = next(line for line in validated.output.splitlines() if f": {code} " in line)
    result = CliRunner().invoke(main, ["show", str(path)])
    assert (result.exit_code, validated.exit_code) == (1, 1), result.output
    assert result.output.strip() == finding and "philtre: 1" not in result.output, result.output



def test_diff_refuses_an_overlay_that_makes_rules_validate_refuses(tmp_path):
    """An overlay that takes the copies to 200,000 components is R010 in diff too, not a list of changes to rules no
    game can start with."""
    path, overlay = tmp_path / "ruleset.yaml", tmp_path / "many.yaml"
    path.write_text(R010_RULESET.replace("LAST", "1"), encoding="utf-8")
    overlay.write_text("extends: ruleset.yaml\ncomponents:\n  card:\n    copies: 10000\n", encoding="utf-8")
    shown = CliRunner().invoke(main, ["show", str(path), "--variant", str(overlay)])
    result = CliRunner().invoke(main, ["diff", str(path), "--variant", str(overlay)])
    assert (result.exit_code, shown.exit_code) == (1, 1), result.output
    assert ": R010 " in result.output and result.output == shown.output, result.output

def test_one_player_is_said_in_the_singular(tmp_path):
    """'scenario 'solo' is for 1 player; clean is for 1 player', not '1 players'."""
    text = CLEAN.replace("players: 2..4", "players: 1", 1) + (
        "\nscenarios:\n  - name: solo\n    players: 1\n    expect: [true]\n  - name: pair\n    players: 2\n    expect: [true]\n")
    status, out, _ = run("validate", write(tmp_path, text))
    assert status == 1
    assert "R001 scenario 'pair' is for 2 players; clean is for 1 player" in out, out
    text = text.replace("players: 1", "players: 3", 1)
    status, out, _ = run("validate", write(tmp_path, text))
    assert "R001 scenario 'solo' is for 1 player; clean is for 3 players" in out, out



def test_a_scenario_for_a_player_count_the_game_does_not_take_is_said_beside_another_scenario_s_error(tmp_path):
    """With a T009 in one scenario, the R001 of another (players: 7 in a game for 2 to 4) was left unsaid until the
    T009 was fixed: it was checked only on a ruleset that loads."""
    text = CLEAN + ("\nscenarios:\n  - name: seven\n    players: 7\n    expect: [true]\n"
                    "  - name: bad card\n    players: 2\n    given:\n      zones:\n        deck: [{rank: 99}]\n    expect: [true]\n")
    status, out, _ = run("validate", write(tmp_path, text))
    assert status == 1 and "T009" in out and "R001 scenario 'seven' is for 7 players; clean is for 2 to 4 players" in out, out

@pytest.mark.parametrize("card, needle, message", [
    ("{rank: 11}", "11}]", "T009 no component has rank 11 (its values: 1..10) (give one of its values)"),
    ("{rank: 0}", "0}]", "T009 no component has rank 0 (its values: 1..10) (give one of its values)"),
    ("{rank: '7'}", "'7'", "T009 no component has rank '7', a word (its values: 1..10) (rank's 7 is a number: write it without quotes, rank: 7)"),
], ids=["past-the-end", "no-misspelt-number", "quoted-number"])
def test_a_value_no_component_has_names_numbers_in_order_and_a_quoted_number(tmp_path, card, needle, message):
    """The values 1..10 were shown as words, '1, 10, 2, 3, ...'; rank 0 was 'did you mean 10?'; and a quoted
    '7' was 'did you mean 7?', the very text written."""
    text = CLEAN.replace("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "rank: 1..10", 1) + f"""
scenarios:
  - name: a card no deck has
    players: 2
    given: {{zones: {{"hand[0]": [{card}]}}}}
    expect: ["true"]
"""
    path = write(tmp_path, text)
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, needle)}: {message}" in out, out


WORDED_RANKS = "rank: ['7', '8', '9', '10', J, Q, K, A]"
IN_WORDS = "'7', '8', '9', '10', 'J', 'Q', 'K', 'A'"


@pytest.mark.parametrize("where, needle, message", [
    ("given: {zones: {'hand[0]': [{rank: 7}]}}", "7}",
     f"T009 no component has rank 7, a number (its values: {IN_WORDS}) (rank's '7' is a word: quote it, rank: '7')"),
    ("given: {zones: {'hand[0]': [{rank: 7..9}]}}", "7..9",
     f"T009 no component has rank 7..9 (in the range 7..9; its values: {IN_WORDS}) (a range gives numbers, and rank's "
     "values are words: give one pattern per word, {rank: '7'}, ...)"),
    ("steps: [{player: 0, action: play, args: {card: {rank: 10}}}]", "10}",
     f"T009 no component has rank 10, a number (its values: {IN_WORDS}) (rank's '10' is a word: quote it, rank: '10')"),
], ids=["given", "given-range", "step"])
def test_a_number_given_for_an_attribute_of_words_says_to_quote_it(tmp_path, where, needle, message):
    """`{rank: 7}` where ranks are declared '7', 'J' (Skat trial): T009 said "no component has rank 7 (its values: 10,
    7, 8, ...)", the 7 it says none has among them, sorted as text; it says 7 is a number, the values quoted and in
    their declared order, and to quote it; a given's pattern and a step's alike."""
    text = CLEAN.replace("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", WORDED_RANKS, 1) + f"""
scenarios:
  - name: a rank written as a number
    players: 2
    {where}
    expect: ["true"]
"""
    path = write(tmp_path, text)
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, needle, text.count(needle))}: {message}" in out, out


@pytest.mark.parametrize("written", ["1...10", "1\u202610"], ids=["three-dots", "ellipsis"])
def test_a_range_written_with_three_dots_is_r011_not_one_word(tmp_path, written):
    """`rank: 1...10` was the one word '1...10', one component where ten were meant, and nothing said so."""
    path = write(tmp_path, CLEAN.replace("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", f"rank: {written}", 1))
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, written)}: R011 a range of values is written with two dots, not '{written}' (rank: 1..10)" in out, out


WORD_HIDDEN = """\
philtre: 1
game: hidden
players: 2
components:
  chip: {start: bag}
zones:
  bag: {}
variables: {xs: {initial: [1, 5]}, a: 0}
define:
  v: "'word'"
  small(v): v < 3
  few: "[v for v in xs if v < 3 and small(v)]"
flow:
  - set: {a: "count(few)"}
  - for: v in xs
    do:
      - score: {player: 0, add: "1 if v < 3 else 0"}
winners: {highest: "score[p]"}
"""


def test_a_parameter_or_loop_variable_named_like_a_word_definition_is_no_word_to_order(tmp_path):
    """A parameter, a comprehension's or a loop's `v` hides the definition `v: "'word'"`: `v < 3` orders
    the number bound there, and the E124 for a word against a number is not given for it."""
    status, out, _ = run("validate", write(tmp_path, WORD_HIDDEN))
    assert status == 0 and "E124" not in out, out


def test_a_badly_named_key_is_reported_where_that_key_is_written(tmp_path):
    """A zone `bad-name` or a definition `"("` written below others: the V001 named the first key of the
    mapping (and, for a key an overlay adds, a line of the base); it names the key's own line."""
    text = ('philtre: 1\ngame: x\nplayers: 2\nzones:\n  bag: {}\n  bad-name: {}\nvariables: {a: 1}\n'
            'define:\n  ok: 1\n  "(": 3\nflow:\n  - set: {a: 2}\nwinners: {highest: "score[p]"}\n')
    status, out, _ = run("validate", path := write(tmp_path, text))
    assert status == 1
    assert f"{path}:6:3: V001 'bad-name' is not a name" in out, out
    assert f"{path}:10:3: V001 '(' is not written as expected" in out, out


def test_a_zone_per_seat_with_copies_of_an_expression_is_r012_not_one_zone_per_seat_in_silence(tmp_path):
    """`cup: {each: player, copies: 5}` (five hidden dice a seat) validated clean and made one cup per seat: four were
    lost. It is now N zones a seat (cup[p][r], tests/test_seat_families.py); N written as an expression is R012."""
    written = "hand:    {each: player, copies: 5, visible: owner}"
    path = write(tmp_path, CLEAN.replace("hand:    {each: player, visible: owner}", written, 1))
    status, out, _ = run("validate", path)
    assert "R012" not in out, out
    written = 'hand:    {each: player, copies: "2 * player_count", visible: owner}'
    path = write(tmp_path, CLEAN.replace("hand:    {each: player, visible: owner}", written, 1))
    status, out, _ = run("validate", path)
    assert status == 1
    where = loc_in(path, '"2 * player_count')
    assert (f"{where}: R012 'hand' is N zones a seat (each: player, copies: N): N is a whole "
            "number, not an expression") in out, out


def test_a_back_naming_an_attribute_the_component_lacks_is_r013_with_the_attribute_spelt_alike(tmp_path):
    """`back:` tells search agents what a face-down component still shows: a misspelt attribute would show nothing."""
    written = "back: [rnak]"
    path = write(tmp_path, CLEAN.replace("    start: deck", f"    {written}\n    start: deck", 1))
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, 'rnak')}: R013 'rnak' is no attribute of 'card': a back shows the component's own attributes" in out, out
    assert "did you mean 'rank'?" in out, out
    path = write(tmp_path, CLEAN.replace("    start: deck", "    back: [rank]\n    start: deck", 1), "fine.yaml")
    assert run("validate", path)[0] == 0


def test_a_back_naming_the_type_is_r013_with_how_to_keep_the_type_apart_face_down(tmp_path):
    """`back: [type]` (a last-round card kept apart in a hidden deck) was refused with no way out in the hint; the hint's
    spelling, an attribute every card of the type shares listed in `back`, validates."""
    path = write(tmp_path, CLEAN.replace("    start: deck", "    back: [type]\n    start: deck", 1))
    status, out, _ = run("validate", path)
    assert status == 1
    assert f"{loc_in(path, 'type]')}: R013 'type' is no attribute of 'card'" in out, out
    assert "to keep every 'card' apart face down" in out and "card: {attributes: {kind: card}, back: [kind]}" in out, out
    fixed = CLEAN.replace("    start: deck", "    back: [kind]\n    start: deck", 1).replace("attributes: {", "attributes: {kind: card, ", 1)
    assert run("validate", write(tmp_path, fixed, "fixed.yaml"))[0] == 0


def test_yamls_own_reader_refuses_what_it_refused_once_philtre_is_imported():
    """philtre.dsl leaves yaml.reader's pattern of refused characters to be compiled when yaml's pure-Python reader
    first runs (philtre reads with libyaml): a program that reads YAML with yaml.safe_load beside philtre gets the
    same values and the same errors as without it."""
    read = ("import yaml\n"
            "for text in ['a: b', 'a: b\\x07c', 'a: \\ufffe', 'a: \\U0001F600 \\x85 x', 'a: [1, 2]']:\n"
            "    try:\n"
            "        print(repr(yaml.safe_load(text)))\n"
            "    except yaml.YAMLError as exc:\n"
            "        print(type(exc).__name__, exc)\n")
    alone = subprocess.run([sys.executable, "-c", read], capture_output=True, text=True, check=True).stdout
    beside = subprocess.run([sys.executable, "-c", "import philtre.dsl\n" + read], capture_output=True, text=True, check=True).stdout
    assert beside == alone and "ReaderError unacceptable character #x0007" in alone


@pytest.mark.parametrize("reader", ["CSafeLoader", "SafeLoader"])
@pytest.mark.parametrize("text, line, col", [("game: a\ufffeb\n", 1, 8), ("a: 1\nb: [\x01]\n", 2, 5)])
def test_a_character_yaml_refuses_is_placed_with_or_without_libyaml(monkeypatch, reader, text, line, col):
    """Where PyYAML runs without libyaml, its pure-Python reader refuses such a character as the loader is made:
    that too is a Y001 at the character, never a traceback."""
    import yaml
    from philtre.dsl import yamlpos
    from philtre.dsl.errors import PhiltreError

    monkeypatch.setattr(yamlpos, "_Loader", getattr(yaml, reader))
    with pytest.raises(PhiltreError) as caught:
        yamlpos.load_text(text.encode(), "f.yaml")
    [d] = caught.value.diagnostics
    assert (d.code, d.loc.line, d.loc.col) == ("Y001", line, col), str(caught.value)
    assert "unacceptable character" in str(caught.value)


@pytest.mark.parametrize("reader", ["CSafeLoader", "SafeLoader"])
@pytest.mark.parametrize("written, read", [
    ("017", 17), ("-017", -17), ("0o17", 15), ("0x1F", 31), ("1e3", 1000.0), ("-.5E-1", -0.05), ("5.", 5.0),
    ("1_000", "1_000"), ("1:30", "1:30"), ("0b11", "0b11"), ("08", 8), ("1 + 2", "1 + 2"), ("1.2.3", "1.2.3"),
    ("!!str 017", "017"), ('"017"', "017"), ("yes", "yes"),
])
def test_bare_numbers_are_read_as_yaml_1_2_reads_them_as_editors_do(monkeypatch, reader, written, read):
    """PyYAML reads YAML 1.1: `copies: 010` was 8 and `08` a word, `1:30` was 90; the editor's schema check reads 1.2."""
    import yaml
    from philtre.dsl import yamlpos

    monkeypatch.setattr(yamlpos, "_Loader", getattr(yaml, reader))
    value = yamlpos.load_text(f"a: {written}\n".encode(), "f.yaml")["a"]
    assert value == read and type(value) is type(read)
    [key] = yamlpos.load_text(f"{written}: b\n".encode(), "f.yaml")  # a key too (a number that is not whole, as text)
    assert key == (str(read) if type(read) is float else read)


def test_show_writes_a_text_that_looks_like_a_number_quoted_so_it_reads_back_as_text(tmp_path):
    """`philtre show` wrote the label "08" bare (YAML 1.1 sees no number there), which philtre reads back as 8."""
    from philtre.dsl import load_ruleset, yamlpos
    from philtre.dsl.describe import dump_with_origins

    labels = ["08", "1e3", "0o17", "017", "1_000", "12", "5."]
    path = tmp_path / "ruleset.yaml"
    path.write_text("philtre: 1\ngame: labels\nplayers: 2\ncomponents:\n  card: {attributes: {label: [%s]}, start: pile}\n"
                    "zones:\n  pile: {visible: everyone}\nflow:\n  - shuffle: pile\nwinners: {highest: \"score[p]\"}\n"
                    % ", ".join(f'"{t}"' for t in labels), encoding="utf-8")
    shown = dump_with_origins(load_ruleset(str(path)).source, origins=False)
    again = yamlpos.load_text(shown.encode(), "shown.yaml")
    assert again["components"]["card"]["attributes"]["label"] == labels


def test_a_number_too_large_to_hold_is_named_by_its_length_not_written_out():
    """A 5,000-digit fraction reads as infinity: its Y001 wrote all 5,000 digits into the message."""
    from philtre.dsl import yamlpos
    from philtre.dsl.errors import PhiltreError

    with pytest.raises(PhiltreError) as caught:
        yamlpos.load_text(("a: " + "1" * 5000 + ".5\n").encode(), "f.yaml")
    [d] = caught.value.diagnostics
    assert (d.code, d.loc.line, d.loc.col) == ("Y001", 1, 4)
    assert d.message == "'11111111111111111111... (5,002 characters)' is not a finite number"


@pytest.mark.parametrize("written, made, said", [("2.0", 2, ""), ("0.0", 0, ""), ("1e15", None, "'card' alone: about 10^16"),
                                                ("1e300", None, "E100 1e300 is a number beyond the limit")])
def test_a_component_s_copies_written_as_a_whole_float_is_that_many(tmp_path, written, made, said):
    """2.0 is a whole number to the schema: it was kept a float, and loading failed with an AttributeError (exit 2).
    Past 2^53 it is no exact number, as a whole number past it is (E100)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    text = R010_RULESET.replace("copies: 10000 if value <= LAST else 1", f"copies: {written}")
    status, out, err = run("validate", write(tmp_path, text))
    if made is None:
        assert status == 1 and said in out and ("R010" in out) == ("E100" not in said) and "internal error" not in out + err, out + err
        return
    assert status == 0, out + err
    game = Game(load_ruleset(write(tmp_path, text)), 2, seed=1)
    assert len(game.state.zones["deck"][0]) == 20 * made


WHOLE_FLOATS = """\
philtre: 1
game: floats
players: 2
step_limit: 500.0
components:
  card: {copies: 2.0, start: deck}
dice:
  d: [{sides: 6.0}]
zones:
  deck: {visible: nobody}
  pile: {copies: 2.0}
  board: {grid: {resolution: 2.0}}
flow:
  - shuffle: deck
  - roll: d
winners: {highest: "score[p]"}
"""


def test_every_whole_number_of_the_schema_may_be_written_as_a_whole_float(tmp_path):
    """The schema takes 6.0 where it wants a whole number; `sides: 6.0` failed with a TypeError (exit 2)."""
    path = write(tmp_path, WHOLE_FLOATS)
    status, out, err = run("validate", path)
    assert status == 0, out + err
    status, out, err = run("simulate", path, "-p", "2", "-n", "2", "--json", "--db", tmp_path / "runs.sqlite")
    assert status == 0 and '"games": 2' in out, out + err


def test_a_value_the_schema_wants_is_written_in_yamls_words(tmp_path):
    """`grid: false` was told "V001 expected True, got false": Python's spelling of the one value a grid takes."""
    path = write(tmp_path, "philtre: 1\ngame: g\nplayers: 2\nzones:\n  board: {grid: false}\nflow: []\n")
    code, out, err = run("validate", path)
    assert code == 1
    assert f"{path}:5:17: V001 expected true, got false" in out + err, out + err


# -- whole numbers written in the YAML past the language's limit ------------------------------------

BIG = 2**53 + 1  # one past the language's limit, MAX_WHOLE (docs/language.md, "What is not possible")
NUMBERS = """\
philtre: 1
game: numbers
players: 2
components:
  card: {attributes: {value: [1, VALUE]}, copies: COPIES, start: deck}
dice:
  d6: [{pips: PIPS, sides: 6}]
zones:
  deck: {visible: everyone}
variables:
  v: SINGLE
  w: {initial: EACH, each: player}
  m: {initial: {a: [1, LISTED], b: MAPPED}}
  k: {initial: {1: a, KEYED: b}}
flow:
  - shuffle: deck
  - score: {player: 0, add: 1}
winners: {highest: "score[p]"}
scenarios:
  - name: given
    players: 2
    seed: SEED
    given: {score: [0, SCORED], variables: {v: GIVEN}}
    expect: ["true"]
"""
NUMBER_PLACES = ("COPIES", "VALUE", "PIPS", "SINGLE", "EACH", "LISTED", "MAPPED", "KEYED", "SCORED", "GIVEN")


def numbers_ruleset(big_at: str = "", big: int | str = BIG, seed: int = 1) -> str:
    """NUMBERS with ``big`` written at the place ``big_at`` (one of NUMBER_PLACES), 2 everywhere else."""
    text = NUMBERS.replace("SEED", str(seed))
    for place in NUMBER_PLACES:
        text = text.replace(place, str(big) if place == big_at else "2" if place != "KEYED" else "3")
    return text


@pytest.mark.parametrize("place, sign", [(place, sign) for place in NUMBER_PLACES for sign in (1, -1)
                                         if (place, sign) != ("COPIES", -1)])  # (a negative copies is the schema's, V001)
def test_a_whole_number_written_past_the_limit_is_refused_where_it_is_written(tmp_path, place, sign):
    """An attribute's value, a die's face, a variable's initial data (a map's key too), `copies`, a scenario's given
    scores and values of 2^53 + 1 (up to 2^63) loaded, were stored and compared, though no rule could compute one.
    2^53 itself is a number the rules compute with (2^53 copies: R010), and a seed no value of the rules (64 bits)."""
    from philtre.dsl.validate import check_file

    if place != "COPIES":
        path = write(tmp_path, numbers_ruleset(place, sign * 2**53, seed=2**63 - 1))
        assert not check_file(str(path), lints=False).errors
    text = numbers_ruleset(place, sign * BIG, seed=2**63 - 1)
    path = write(tmp_path, text)
    errors = check_file(str(path)).errors
    assert [(f.diagnostic.code, f.diagnostic.loc.line, f.diagnostic.loc.col) for f in errors] == [
        ("E100", *position(text, str(sign * BIG)))], [str(f.diagnostic) for f in errors]
    assert errors[0].diagnostic.message == f"{sign * BIG} is a whole number beyond the limit of +-9,007,199,254,740,992"


FRACTION_PLACES = ("VALUE", "PIPS", "SINGLE", "EACH", "LISTED", "MAPPED", "SCORED", "GIVEN")  # (copies and a key: no fraction)


@pytest.mark.parametrize("written", ["1e20", "1.0e20", "-1.5e300", "9.1e15"])
@pytest.mark.parametrize("place", FRACTION_PLACES)
def test_a_fraction_written_past_the_limit_is_refused_where_it_is_written(tmp_path, place, written):
    """`v: 1.0e20` (an attribute's value, a die's face, a variable's initial data, a scenario's given scores and values)
    loaded though no rule computes with it exactly: `v / 1` made the whole number 100000000000000000000 (a number of
    301 digits of -1.5e300) past the limit without a word. Refused as a whole number past it is, at the number as
    written; a seed past 2^53 is still no value of the rules. 2^53 as a fraction (9.007199254740992e15), and one as
    small as 1.5e-300, are numbers the rules hold."""
    from philtre.dsl.validate import check_file

    for number in ("9.007199254740992e15", "-9.007199254740992e15", "1.5e-300"):
        assert not check_file(str(write(tmp_path, numbers_ruleset(place, number))), lints=False).errors, number
    text = numbers_ruleset(place, written, seed=2**63 - 1)
    errors = check_file(str(write(tmp_path, text))).errors
    assert [(f.diagnostic.code, f.diagnostic.loc.line, f.diagnostic.loc.col) for f in errors] == [
        ("E100", *position(text, written))], [str(f.diagnostic) for f in errors]
    assert errors[0].diagnostic.message == f"{written} is a number beyond the limit of +-9,007,199,254,740,992: too large to be exact"


def test_validate_refuses_a_fraction_past_the_limit_with_its_place_and_exit_code_1(tmp_path):
    """`philtre validate` of a ruleset whose variable starts at 1.0e20: E100 at file:line:column, exit code 1, no
    traceback; an expression written as such a number (`add: 1.0e20`) is its exponent's E102 alone, not a second E100."""
    text = numbers_ruleset("SINGLE", "1.0e20").replace("add: 1}", "add: 1.0e20}")
    path = write(tmp_path, text)
    code, out, err = run("validate", path)
    said = out + err
    line, col = position(text, "1.0e20")
    assert code == 1, said
    assert f"{path}:{line}:{col}: E100 1.0e20 is a number beyond the limit of +-9,007,199,254,740,992: too large to be exact" in said
    assert said.count("E100") == 1 and "E102" in said and "Traceback" not in said, said


def test_a_whole_number_past_the_limit_in_the_scenarios_file_is_refused_there(tmp_path):
    """The scenarios beside the ruleset are checked as those written in it; an expression written as a number past the
    limit (`add: 9007199254740993`) is its literal's E100, not reported a second time as data."""
    from philtre.dsl.validate import check_file

    text = numbers_ruleset().replace("add: 1}", f"add: {BIG}}}")
    text = text[:text.index("scenarios:")]
    write(tmp_path, text)
    scenarios = f"scenarios:\n  - name: rounds\n    players: 2\n    given: {{round_scores: [[1, {BIG}]]}}\n    expect: [\"true\"]\n"
    write(tmp_path, scenarios, "scenarios.yaml")
    found = [(f.diagnostic.code, f.diagnostic.loc.path, f.diagnostic.loc.line, f.diagnostic.loc.col) for f in check_file(str(tmp_path)).errors]
    assert found == [("E100", str(tmp_path / "ruleset.yaml"), *position(text, str(BIG))),
                     ("E100", str(tmp_path / "scenarios.yaml"), *position(scenarios, str(BIG)))], found


def test_a_whole_number_past_the_limit_written_by_an_overlay_is_refused_at_the_overlay(tmp_path):
    """An overlay's number is reported at the overlay's line, with the overlay applied and checked alone."""
    from philtre.dsl.validate import check_file

    write(tmp_path, numbers_ruleset())
    overlay = f"extends: ruleset.yaml\nvariables:\n  v: {BIG}\n  extra: {{initial: [{-BIG}]}}\n"
    path = write(tmp_path, overlay, "big.yaml")
    for report in (check_file(str(tmp_path / "ruleset.yaml"), variants=[str(path)]), check_file(str(path))):
        found = [(f.diagnostic.code, f.diagnostic.loc.path, f.diagnostic.loc.line, f.diagnostic.loc.col) for f in report.errors]
        assert found == [("E100", str(path), *position(overlay, str(BIG))), ("E100", str(path), *position(overlay, str(-BIG)))], found


def test_a_given_component_that_is_no_mapping_is_found_by_validate(tmp_path):
    """`hand[0]: [20]`, a card given as its value: validate said no findings, and only `philtre test` said T002."""
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: a card given as a number
    players: 4
    given:
      zones:
        hand[0]: [{color: blue, value: 2}, 20]
    expect: ["true"]
""")
    status, out, _ = run("validate", path)
    assert status == 1 and f"{loc_in(path, '20]')}: T002 a component is given as a mapping of its attributes" in out, out


def test_an_expectation_written_as_a_key_and_its_value_is_told_to_compare(tmp_path):
    """`- dealer: 0` in an expect (as `pending: 0` is written): the hint said to quote 'dealer: 0', which is E102 then."""
    path = scenarios_beside(tmp_path, "poison", """\
scenarios:
  - name: the first dealer
    players: 4
    expect:
      - dealer: 0
""")
    status, out, _ = run("validate", path)
    assert status == 1 and "(YAML reads ': ' as a key and its value: a comparison is written with ==, dealer == 0)" in out, out


def test_an_until_loop_inside_an_action_is_told_the_loops_an_action_has(tmp_path):
    """A new user's Kalah sowed seeds with `until` in the action's effects: S004 said to move it to the flow, where the
    sowing cannot go; an action loops with `for` or `repeat`."""
    text = CLEAN.replace("      - move: card -> table[me]\n",
                         "      - move: card -> table[me]\n      - until: count(hand[me]) == 0\n        do:\n          - move: last(hand[me]) -> table[me]\n", 1)
    status, out, _ = run("validate", write(tmp_path, text))
    assert status == 1 and ("S004 'until' belongs in the flow, not in an action's effects (an action's effects loop with for, "
                            "over a collection (for: c in hand[me]), or repeat") in out, out


# -- teams -------------------------------------------------------------------------------------------

PARTNERS = ROOT / "tests" / "data" / "partners.yaml"


@pytest.mark.parametrize("teams, players, message", [
    ('"[[0, 2], [1]]"', "4", "R002 'teams' leaves seat 3 out of every team (with 4 players)"),
    ('"[[0, 2], [1, 2, 3]]"', "4", "R002 'teams' puts seat 2 in more than one team (with 4 players)"),
    ('"[[0, 1, 2, 3]]"', "4", "R002 'teams' must make two teams or more, got 1 (with 4 players)"),
    ('"[[0, 2], [1, 3]]"', "2..4", "R002 'teams' must hold seats 0..1, not 2 (with 2 players)"),
    ('"[[0, dealer], [1]]"', "2", "R002 'teams' is computed before the game starts: it can use only player_count"),
])
def test_a_bad_teams_value_is_r002_at_the_key_for_each_player_count(tmp_path, teams, players, message):
    """Every seat in exactly one team, two teams or more, for every player count the ruleset takes: said at validate."""
    text = PARTNERS.read_text(encoding="utf-8").replace("players: 4", f"players: {players}\nvariables: {{dealer: 0}}")
    text = text.replace(next(line for line in text.splitlines() if line.startswith("teams:")), f"teams: {teams}")
    path = write(tmp_path, text)
    code, out, _ = run("validate", path)
    line, col = position(text, "teams: ")
    assert code == 1 and f"{path}:{line}:{col + len('teams: ')}: {message}" in out, out


def test_the_r002_hint_for_teams_of_several_player_counts_depends_on_the_count(tmp_path):
    """A fixed list of partners with `players: 2..4` fails at 2 players; the hint was that same list. It gives teams
    that depend on player_count now, and the value it gives validates clean."""
    text = PARTNERS.read_text(encoding="utf-8").replace("players: 4", "players: 2..4")
    bad = text.replace(next(line for line in text.splitlines() if line.startswith("teams:")), 'teams: "[[0, 2], [1, 3]]"')
    code, out, _ = run("validate", write(tmp_path, bad))
    hint = 'teams: "[[0, 2], [1, 3]] if player_count == 4 else [[p] for p in players]"'
    assert code == 1 and f"(give a list of teams for every player count (2 to 4), each a list of seats, every seat in one: {hint})" in out, out
    code, out, err = run("validate", write(tmp_path, bad.replace('teams: "[[0, 2], [1, 3]]"', hint), "hinted.yaml"))
    assert code == 0 and "no findings" in out + err, out + err


def test_teams_given_for_every_player_count_validate_clean(tmp_path):
    """An expression of the player count and a definition: partners by parity make two teams at 2, 3 or 4 players, and
    the definition only `teams` reads is used (no L001)."""
    text = PARTNERS.read_text(encoding="utf-8").replace("players: 4", "players: 2..4").replace("  edge: 0", "  edge: 0\n  sides: 2")
    text = text.replace("p % 2 == t] for t in range(2)]", "p % sides == t] for t in range(sides)]")
    assert "range(sides)" in text
    code, out, err = run("validate", write(tmp_path, text))
    assert code == 0 and "no findings" in out + err, out + err


def test_an_overlay_may_give_or_remove_teams(tmp_path):
    """A house rule that seats the partners side by side, or plays every seat for itself (V001 before)."""
    from philtre.dsl.loader import load_ruleset
    from philtre.dsl.model import teams_at

    side = write(tmp_path, f'extends: {PARTNERS}\nteams: "[[0, 1], [2, 3]]"\n', "side.yaml")
    alone = write(tmp_path, f"extends: {PARTNERS}\nteams: {{$remove: true}}\n", "alone.yaml")
    code, out, err = run("validate", side)
    assert code == 0, out + err
    assert teams_at(load_ruleset(str(PARTNERS), [str(side)]), 4) == [[0, 1], [2, 3]]
    assert teams_at(load_ruleset(str(PARTNERS), [str(alone)]), 4) is None
