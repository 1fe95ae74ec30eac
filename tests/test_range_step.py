"""range(a, b, step): every step-th number, as Python's range; a step of 0 is E120 written out, R100 when the game runs."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import b_range
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

STEPS = """\
philtre: 1
game: range-step
players: 1
variables:
  s: {initial: 0}
actions:
  go:
    choose: {n: "range(0, 9, 2)"}
  back:
    choose: {n: "range(3, 0, -1)"}
  bad:
    choose: {n: "range(0, 9, s)"}
flow:
  - decide: [go, back]
    player: 0
  - decide: bad
    player: 0
winners: "[0]"
"""


@pytest.mark.parametrize("args", [(5,), (2, 8), (0, 10, 2), (10, 0, -3), (0, -5), (5, 0, 1), (-3, 4, 3), (0, 1, 5)])
def test_range_gives_what_python_s_range_gives(args):
    """Quoridor trial: the even cells were `2 * i for i in range(n - 1)`, range taking no step."""
    assert b_range(*args) == list(range(*args))


def test_a_step_counts_up_or_down_in_a_choose_and_a_zero_step_stops_the_game_with_r100(tmp_path):
    """The options count by the step; a 0 step known only at run time is R100 at the choice, no traceback."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(STEPS, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=1)
    options = game.options(0)
    assert [o.label() for o in options] == ["go(n=0)", "go(n=2)", "go(n=4)", "go(n=6)", "go(n=8)",
                                            "back(n=3)", "back(n=2)", "back(n=1)"]
    with pytest.raises(PhiltreError) as stopped:
        game.apply(0, options[0])
    assert "R100 action 'bad': its choice of 'n' failed: range()'s step must not be 0" in str(stopped.value), stopped.value


def test_a_zero_step_written_out_is_e120_at_its_column(tmp_path):
    """`range(0, 9, 0)` could never count: validate says so where the 0 is written."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(STEPS.replace("range(0, 9, s)", "range(0, 9, 0)"), encoding="utf-8")
    with pytest.raises(PhiltreError) as refused:
        load_ruleset(str(path))
    assert ":12:30: E120 range()'s step must not be 0" in str(refused.value), refused.value


def test_the_limit_counts_the_numbers_a_step_gives():
    """The 100,000 numbers are those given, not the span: range(0, 200000, 2) is within it, range(0, 10**9, 2) is not."""
    assert len(b_range(0, 200_000, 2)) == 100_000
    with pytest.raises(Exception, match="range\\(\\) of 500,000,000 numbers; the limit is 100,000"):
        b_range(0, 10**9, 2)


@pytest.mark.parametrize("step, said", [("0.5", "E120 range() needs a whole number here, but 0.5 is a fraction"),
                                        ("1 + 0.5", "but this is a number (0.5, written in it, is a fraction)")])
def test_a_fraction_written_as_a_step_is_named_a_fraction(tmp_path, step, said):
    """Can't Stop trial C-10: `range(0, 5, 0.5)` said only 'but this is a number', as if 0.5 were whole."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(STEPS.replace("range(0, 9, s)", f"range(0, 9, {step})"), encoding="utf-8")
    with pytest.raises(PhiltreError) as refused:
        load_ruleset(str(path))
    assert said in str(refused.value), refused.value
