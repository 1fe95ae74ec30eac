"""What a Qwixx trial of 2026-12-08 met: play's refusal of values each some option's but not together, the hot seat's
hand-over in a simultaneous step, and an overlay's path given where a ruleset is."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from test_cli import philtre
from test_play_cli import choose, options_of

# b takes 30 only with a=2 (each value some option's, a=1 b=30 none's together); each turn a step at once, then its seat alone
APART = """\
philtre: 1
game: apart
players: 2
actions:
  pick:
    choose: {a: "[1, 2]", b: "[10, 20] if a == 1 else [30]", c: "[5, 6]"}
    do:
      - score: {player: me, add: b}
flow:
  - turns: 0
    until: turn_number > 1
    do:
      - simultaneous: pick
      - decide: pick
"""


def _refusal(text: str, options) -> str:
    said = choose(text, options)
    assert isinstance(said, str), said
    return re.search(r"\((no option has [^)]*)\)", said)[1]


def test_values_each_some_options_but_not_together_are_said_missing_together(tmp_path):
    """The trial typed `a=1 b=30` and was told `no option has a=1 now` right above options with a=1: each value typed
    is some option's, so the combination is said missing, with what the others take with the first typed."""
    (tmp_path / "ruleset.yaml").write_text(APART, encoding="utf-8")
    options = options_of(str(tmp_path), 2, 0)
    assert _refusal("a=1 b=30", options) == "no option has a=1 with b=30; where a=1, b is one of 10, 20"
    assert _refusal("pick(b=30, a=1, c=5)", options) == (
        "no option has b=30 with a=1 c=5; where b=30, a is one of 2; c is one of 5, 6")


def test_a_value_no_option_has_is_still_said_so(tmp_path):
    """A value no listed option has at all is named as before, with the values where the others typed hold."""
    (tmp_path / "ruleset.yaml").write_text(APART, encoding="utf-8")
    options = options_of(str(tmp_path), 2, 0)
    assert _refusal("a=1 b=99", options) == "no option has b=99 now; where a=1, b is one of 10, 20"
    assert _refusal("a=3 b=30", options) == "no option has a=3 now; where b=30, a is one of 2"
    listed = {t for o in options for _, t in o.argument_texts()}
    for text in ("a=1 b=30", "a=2 b=10 c=6", "c=6 b=30 a=1"):  # (the values said are the listed options')
        said = _refusal(text, options)
        assert said.startswith("no option has") and " now" not in said
        for values in re.findall(r"is one of ([^;]*)", said):
            assert set(values.split(", ")) <= listed, said


def test_a_hot_seats_hand_over_says_turn_only_to_the_seat_whose_turn_it_is(tmp_path):
    """The trial's seat 1, asked in secret in seat 0's turn, was told `Seat 1's turn` right above a board saying `turn:
    seat 0`: the hand-over says `to choose` where the turn is another seat's, `'s turn` where it is the seat's own."""
    (tmp_path / "ruleset.yaml").write_text(APART, encoding="utf-8")
    result = philtre("play", tmp_path, "--seat", "0", "--seat", "1", "--seed", "0", stdin="1\n" * 6, timeout=120)
    assert result.returncode == 0, result.stderr
    handed = re.findall(r"^(Seat \d+.*): pass the terminal to seat \d+$", result.stdout, re.M)
    # seat 0's turn: seat 0 at once, seat 1 at once, seat 0 alone; seat 1's: seat 0 at once (on screen), seat 1 at once
    assert handed == ["Seat 0's turn", "Seat 1 to choose", "Seat 0's turn", "Seat 1's turn"], result.stdout
    boards = re.findall(r"turn: seat \d+(?: \(you\))?", result.stdout)
    assert boards[:2] == ["turn: seat 0 (you)", "turn: seat 0"], result.stdout


DOUBLE = """\
extends: ../ruleset.yaml
description: b counts twice
actions:
  pick:
    do:
      - score: {player: me, add: b * 2}
scenarios:
  - name: b counts twice
    players: 2
    steps:
      - {player: 0, action: pick, args: {a: 2, b: 30, c: 5}}
      - {player: 1, action: pick, args: {a: 2, b: 30, c: 5}}
    expect: ["score[0] == 60"]
"""


def _game(tmp_path):
    """A game folder, the trial's shape: ruleset.yaml and variants/double.yaml extending it."""
    (tmp_path / "g" / "variants").mkdir(parents=True)
    (tmp_path / "g" / "ruleset.yaml").write_text(APART, encoding="utf-8")
    (tmp_path / "g" / "variants" / "double.yaml").write_text(DOUBLE, encoding="utf-8")
    return tmp_path / "g"


NOTE = "note: variants/double.yaml is an overlay: running . --variant double\n"


def test_every_command_given_an_overlays_path_applies_it_to_its_base_as_validate_does(tmp_path):
    """`validate variants/lock-six.yaml` checked the overlay on its base; test and simulate stopped at O001: each command
    taking a RULESET runs it as `BASE --variant NAME`, and says so in one line on stderr."""
    folder = _game(tmp_path)
    overlay = ["variants/double.yaml"]
    tested = philtre("test", *overlay, cwd=folder)
    assert tested.returncode == 0 and tested.stderr == NOTE, tested.stderr
    assert "[double] b counts twice ... ok" in tested.stdout and "1 passed, 0 failed" in tested.stdout, tested.stdout
    simulated = philtre("simulate", *overlay, "-p", "2", "-n", "3", "--no-db", "--json", cwd=folder)
    assert simulated.returncode == 0 and simulated.stderr == NOTE, simulated.stderr
    played = philtre("play", *overlay, "-p", "2", "--seed", "0", "--agents", "random", stdin="3\n3\n3\n3\n", cwd=folder)
    assert played.returncode == 0 and played.stderr.startswith(NOTE), played.stderr
    assert "seat 0 scores +40 (now 40)" in played.stdout, played.stdout  # (option 3's b=20 twice: the overlay's rules)
    shown = philtre("show", *overlay, cwd=folder)
    assert shown.returncode == 0 and "add: b * 2" in shown.stdout and shown.stderr == NOTE
    told = philtre("diff", *overlay, cwd=folder)
    assert told.returncode == 0 and told.stdout.startswith("double on apart: 1 change(s)"), told.stdout + told.stderr
    compared = philtre("compare", *overlay, "-p", "2", "-n", "4", "--batch", "2", "--no-db", "--json", cwd=folder)
    assert compared.returncode == 0 and compared.stderr.startswith(NOTE), compared.stderr
    assert "double" in compared.stdout
    listed = philtre("variants", *overlay, cwd=folder)
    assert listed.returncode == 0 and listed.stderr == "note: variants/double.yaml is an overlay: running . (its base)\n"
    assert listed.stdout.splitlines()[1].startswith("double ")


def test_more_variants_are_applied_after_the_overlay_given_and_diff_still_needs_one(tmp_path):
    folder = _game(tmp_path)
    (folder / "more.yaml").write_text("extends: ruleset.yaml\ndefine: {x: 1}\n", encoding="utf-8")
    shown = philtre("show", "variants/double.yaml", "--variant", "more.yaml", cwd=folder)
    assert shown.returncode == 0 and shown.stderr == ("note: variants/double.yaml is an overlay: running . --variant double "
                                                     "--variant more.yaml\n"), shown.stderr
    assert "# + double: b counts twice\n# + more.yaml\n" in shown.stdout, shown.stdout
    alone = philtre("diff", ".", cwd=folder)
    assert alone.returncode == 2 and "Missing option '--variant'" in alone.stderr, alone.stderr


def test_a_folder_whose_ruleset_is_an_overlay_and_an_overlay_without_its_base(tmp_path):
    """A house rule kept in a folder of its own is run as validate checks it; one whose base is not found says so as
    validate does (O002 at its extends), not O001."""
    folder = _game(tmp_path)
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "ruleset.yaml").write_text("extends: ../g\ndefine: {x: 1}\n", encoding="utf-8")
    result = philtre("show", "house", cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == (f"note: house is an overlay: running g --variant "
                                                       f"{Path('house') / 'ruleset.yaml'}\n"), result.stderr
    (folder / "lost.yaml").write_text("extends: nowhere.yaml\n", encoding="utf-8")
    checked, tested = (philtre(c, "lost.yaml", cwd=folder) for c in ("validate", "test"))
    assert tested.returncode == 1 and "lost.yaml:1:10: O002 cannot find 'nowhere.yaml'" in tested.stderr, tested.stderr
    assert "lost.yaml:1:10: O002 cannot find 'nowhere.yaml'" in checked.stdout + checked.stderr
    assert "O001" not in tested.stderr


def test_the_not_run_line_comes_after_the_errors_it_counts(tmp_path):
    """A trial read `not run: the scenarios (... 1 error above)` above its error: to one file, the order is as written."""
    folder = _game(tmp_path)
    (folder / "scenarios.yaml").write_text("scenarios:\n  - name: x\n    players: 2\n    expect: [hnad]\n", encoding="utf-8")
    both = tmp_path / "both.txt"
    with open(both, "w", encoding="utf-8") as out:
        subprocess.run([sys.executable, "-m", "philtre", "test", "."], cwd=folder, stdout=out, stderr=subprocess.STDOUT,
                       timeout=300)
    lines = both.read_text(encoding="utf-8").splitlines()
    error = next(i for i, line in enumerate(lines) if "E150 unknown name 'hnad'" in line)
    assert lines[-1].startswith("not run: the scenarios") and error < len(lines) - 1, lines
