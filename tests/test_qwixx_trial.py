"""What a Qwixx trial of 2026-12-08 met: play's refusal of values each some option's but not together, the hot seat's
hand-over in a simultaneous step, and an overlay's path given where a ruleset is."""

from __future__ import annotations

import re

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
