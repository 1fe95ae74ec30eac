"""What the static checker assumed of a value known only at run time must not switch off the run-time checks: a field
of a map (or of a variable's value) is not the cards' attribute of that name, and `-x` keeps x's type. With the
compiled shortcuts on and off, the same values and the same failures (docs/language.md, "What is not possible")."""

from __future__ import annotations

import pytest

from philtre.dsl import compiler, load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

HEAD = """\
philtre: 1
game: holes
players: 2
components:
  card: {attributes: {rank: [1, 2, 3]}, start: deck}
zones:
  deck: {}
variables:
  m: {initial: {rank: ab}}
  f: {initial: {rank: "<%s>"}}
  t: {initial: {rank: true}}
  b: {initial: {rank: 9007199254740992}}
  big: 9007199254740992
  e: 1.0e14
  huge: 0
  hl: {initial: []}
  bl: {initial: [9007199254740992]}
  ms: {initial: [{rank: ab}]}
  got: 0
actions:
  go: {}
"""


@pytest.fixture(params=[True, False], ids=["shortcuts", "plain"])
def shortcuts(request, monkeypatch):
    monkeypatch.setattr(compiler, "SHORTCUTS", request.param)
    return request.param


# 1.0e308, made at run time: a number written in YAML past 2^53 is refused when the ruleset loads (E100)
HUGE = """  - set: {huge: "e * e * e * e * e * e * e * e * e * e * e * e * e * e * e * e * e * e * e * e * e * e"}
  - set: {hl: "[huge, huge]"}
"""


def _run(tmp_path, expr: str):
    """The value of ``expr`` set to a variable at the game's start, or the first line of the error it stops with."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + f"flow:\n{HUGE}  - set: {{got: {expr!r}}}\n  - decide: go\n    player: 0\n")
    try:
        return Game(load_ruleset(str(path)), 2).state.vars["got"]
    except PhiltreError as e:
        return str(e).splitlines()[0]


@pytest.mark.parametrize("expr, message", [
    ("m.rank * 100000", "'*' needs numbers, got 'ab' and 100000"),               # no word repeated
    ("b.rank * b.rank", "a whole number beyond the limit"),                     # no 2^106
    ("t.rank + 1", "'+'"),                                                      # true is no number
    ("f.rank % 2", "'%' needs numbers"),                                        # no word formatted by Python's %
    ("sum(x.rank * 3 for x in ms)", "'*' needs numbers"),                       # a variable's list of maps
    ("[x.rank * 100000 for x in ms]", "'*' needs numbers"),
])
def test_a_field_of_a_map_keeps_the_run_time_checks(tmp_path, shortcuts, expr, message):
    """LR1: `m.rank` was typed as the cards' `rank` (whole numbers), so `*`, `+` and `%` after it ran unchecked."""
    got = _run(tmp_path, expr)
    assert isinstance(got, str) and "R100" in got and message in got, got


@pytest.mark.parametrize("expr, message", [
    ("-big * 4", "a whole number beyond the limit"),
    ("-huge * 10", "a number too large to compute with"),
    ("-big - 1", "a whole number beyond the limit"),
    ("sum(-x for x in hl)", "a number too large to compute with"),
    ("-(-big) + 1", "a whole number beyond the limit"),
    ("sum(-x * 2 for x in bl)", "a whole number beyond the limit"),
    ("-huge / 2", "a whole number beyond the limit"),  # whole, as a fraction past 2^53 is: no exact whole number
])
def test_a_negated_variable_keeps_the_bound(tmp_path, shortcuts, expr, message):
    """LR2: `-x` of a value known only at run time was typed a whole number, so nothing after it was bounded
    (`-huge * 10` stored -Infinity, which no record can hold)."""
    got = _run(tmp_path, expr)
    assert isinstance(got, str) and "R100" in got and message in got, got


@pytest.mark.parametrize("expr, value", [
    ("-big", -9007199254740992), ("-big + 1", -9007199254740991), ("-e / 2", -50000000000000), ("m.rank", "ab"),
    ("b.rank - 1", 9007199254740991), ("sum(-x for x in [1, 2])", -3), ("-first(deck).rank * 2", -2),
    ("sum(c.rank * 2 for c in deck)", 12), ("f.rank + '!'", "<%s>!"),
])
def test_values_within_the_bounds_are_unchanged(tmp_path, shortcuts, expr, value):
    assert _run(tmp_path, expr) == value
