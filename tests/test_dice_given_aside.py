"""A scenario can start with a die set aside (`given.dice: {red: null}`), and what it is told of dice set aside
fits them.

A trial's dice game (tests/data/dice_rows: six dice, a row's die set aside when the row locks) met: `dice: {red:
none}` hinted `{red: {side: none}}`, an attribute and a value no face of that die has (T005 when followed); no way
to give a die set aside; a T017 for a face scripted for a die set aside advising to script it "in the item of the
roll that rolls it", when no roll rolls it again; and an R100 "read an attribute of none" guessing an empty zone or
an unrolled die, not a die set aside."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.cli import main
from philtre.interpreter.scenarios import run_scenarios

ROWS = Path(__file__).resolve().parent / "data" / "dice_rows"

# the white step for both seats, then the active seat's colour step: one turn of the game
TURN = ("      - {player: 0, action: skip_white}\n      - {player: 1, action: skip_white}\n"
        "      - {player: 0, action: skip_colour}\n")


def _game(tmp_path, scenarios: str) -> Path:
    """A copy of the trial's game with ``scenarios`` (the text under `scenarios:`) beside it."""
    shutil.copy(ROWS / "ruleset.yaml", tmp_path / "ruleset.yaml")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n" + scenarios, encoding="utf-8")
    return tmp_path


def _refused(tmp_path, scenarios: str) -> list[str]:
    try:
        load_ruleset(str(_game(tmp_path, scenarios)))
    except PhiltreError as exc:
        return [str(d) for d in exc.diagnostics]
    raise AssertionError("the scenarios loaded")


def test_a_bare_face_in_given_dice_is_hinted_with_the_dies_own_attribute(tmp_path):
    """`{red: none}`: the hint writes a face red has, `{pips: 1}`, and says how a die set aside is given."""
    [said] = _refused(tmp_path, "  - name: s\n    players: 2\n    given:\n      dice: {red: none}\n    expect: [true]\n")
    assert said.endswith("scenarios.yaml:5:19: V001 expected a mapping, got the text 'none' (given.dice gives each die's "
                         "face by its attributes, as the ruleset's dice do: {red: {pips: 1}}; a die set aside (out of "
                         "the game, as after set_aside) is given null: {red: null})"), said
    assert "{side:" not in said


def test_a_bare_number_is_hinted_as_the_face_showing_it(tmp_path):
    """`{red: 5, w1: {pips: 2}}`: red's face of 5 pips, w1 as written; no word on setting aside for a number."""
    [said] = _refused(tmp_path, "  - name: s\n    players: 2\n    given:\n      dice: {red: 5, w1: {pips: 2}}\n"
                                "    expect: [true]\n")
    assert said.endswith("as the ruleset's dice do: {red: {pips: 5}, w1: {pips: 2}})"), said


def test_a_die_given_null_is_set_aside_and_no_roll_rolls_it(tmp_path):
    """given.dice `red: null` starts the scenario with red out: it reads none, the next turn's roll passes it over
    while the other dice roll, and a face scripted for it there is T017 saying it was set aside by given.dice."""
    scenarios = ("  - name: out from the start\n    players: 2\n    given:\n      variables: {locked: [red]}\n"
                 "      dice: {red: null}\n    steps:\n" + TURN +
                 "    expect:\n      - red == none\n      - yellow.pips == 4\n      - current == 1\n")
    game = _game(tmp_path, scenarios.replace("    steps:", "    rolls:\n      - {}\n      - {yellow: {pips: 4}}\n    steps:"))
    [result] = run_scenarios(load_ruleset(str(game)))
    assert result.passed, result.failures
    game = _game(tmp_path, scenarios.replace("    steps:", "    rolls:\n      - {}\n      - {red: {pips: 4}, yellow: {pips: 4}}\n"
                                                         "    steps:"))
    [result] = run_scenarios(load_ruleset(str(game)))
    [failure] = result.failures
    assert "T017 rolls item 2 gives red a face" in failure, failure
    assert "red was set aside at " in failure and "scenarios.yaml:6:14 before that roll, and no roll rolls it again" in failure
    assert failure.endswith(": drop red from this item)"), failure


def test_a_die_set_aside_by_a_rule_is_named_at_its_set_aside_in_t017(tmp_path):
    """The trial's repro: a lock on roll 1 sets red aside; roll 2's item giving red a face says where, and to drop it."""
    shutil.copy(Path(ROWS / "ruleset.yaml"), tmp_path / "ruleset.yaml")
    (tmp_path / "scenarios.yaml").write_text("""\
scenarios:
  - name: after a lock the red die is not rolled
    players: 2
    rolls:
      - {w1: {pips: 6}, w2: {pips: 6}, red: {pips: 1}, yellow: {pips: 1}, green: {pips: 1}, blue: {pips: 1}}
      - {w1: {pips: 3}, w2: {pips: 3}, red: {pips: 1}, yellow: {pips: 1}, green: {pips: 1}, blue: {pips: 1}}
    given:
      variables:
        last: [{red: 10, yellow: 0, green: 0, blue: 0}, {red: 0, yellow: 0, green: 0, blue: 0}]
        marks: [{red: 5, yellow: 0, green: 0, blue: 0}, {red: 0, yellow: 0, green: 0, blue: 0}]
    steps:
      - {player: 0, action: mark_white, args: {row: "'red'"}}
      - {player: 1, action: skip_white}
      - {player: 0, action: skip_colour}
    expect:
      - red == none
""", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    [failure] = result.failures
    assert "scenarios.yaml:6:40: T017 rolls item 2 gives red a face, but the roll that uses it (roll 2 of the game, at " in failure
    assert "rolls w1, w2, yellow, green, blue: red was set aside at " in failure and "ruleset.yaml:86:11 before that roll" in failure
    assert "script red in the item of the roll that rolls it" not in failure


def test_a_die_given_null_in_a_ruleset_that_sets_none_aside_is_refused(tmp_path):
    """Without any `set_aside`, a roll does not look for dice set aside: validate refuses the null, hinting a face."""
    (tmp_path / "ruleset.yaml").write_text(
        "philtre: 1\ngame: d\nplayers: 2\ndice:\n  d1: [{pips: 1}, {pips: 2}]\nactions:\n  go: {}\n"
        "flow:\n  - roll: d1\n  - decide: go\n    player: 0\n", encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 2\n    given:\n      dice: {d1: null}\n"
                                             "    expect: [d1 == none]\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["validate", str(tmp_path)])
    assert out.exit_code == 1, out.output
    assert ("scenarios.yaml:5:18: T005 die 'd1' is given set aside (null), but no rule of this ruleset sets a die aside "
            "(no `set_aside` statement): its rolls would roll it (give the face it shows by its attributes, d1: {pips: 1})"
            ) in out.output, out.output


def test_an_attribute_of_a_die_set_aside_is_guessed_as_one(tmp_path):
    """The trial's red-gone overlay: a definition reads red's pips after red was set aside; R100's guess names it."""
    out = CliRunner().invoke(main, ["play", str(ROWS), "-p", "2", "--seed", "1", "--variant",
                                    str(ROWS / "probe" / "red-gone.yaml")], input="1\n1\n")
    assert "R100 action 'mark_colour'" in out.output, out.output
    assert "read an attribute of none (an empty zone, or a die not rolled yet or set aside?)" in out.output, out.output
    assert "Traceback" not in out.output
