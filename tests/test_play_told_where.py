"""What play makes plain of where a thing is, and how a value keeps its shape (a trial's frictions): a list of pairs
stays one line on the board at every length."""

from __future__ import annotations

import re

from click.testing import CliRunner

from philtre.interpreter.cli import main

# a variable growing a pair at a time, one growing a triple at a time
GROWING = """\
philtre: 1
game: growing
players: 2
components:
  chip: {copies: 1, start: pool}
zones:
  pool: {visible: everyone}
variables:
  named: {initial: [], visible: everyone}
  trios: {initial: [], visible: everyone}
actions:
  name:
    choose: {x: "range(2)"}
    do:
      - set: {named: "named + [[x, me]]", trios: "trios + [[x, me, 7]]"}
flow:
  - turns: 0
    until: count(named) >= 3
    do:
      - decide: name
winners: {highest: "0"}
"""


def test_a_list_of_pairs_keeps_one_line_and_a_list_of_longer_rows_one_table_at_every_length(tmp_path):
    """A list of pairs read `named = [[4, 0]]` with one and a table, column numbers 0 and 1 meaning nothing, with two:
    it is one line at every length; a list of rows of three or more is a table from its first row."""
    (tmp_path / "growing.yaml").write_text(GROWING, encoding="utf-8")
    played = CliRunner().invoke(main, ["play", str(tmp_path / "growing.yaml"), "--seat", "0", "--seed", "1"], input="1\n" * 4)
    out = played.output  # (seat 0's board shows none, then two of each; what happened tells the first set)
    assert "  named = []\n" in out, out
    assert re.search(r"^      named = \[\[\d, 0\]\]$", out, re.M), out
    assert re.search(r"^  named = \[\[\d, 0\], \[\d, 1\]\]$", out, re.M), out  # (on the board)
    assert "named =\n" not in out, out
    assert re.search(r"^      trios =\n {15}0 1 2\n {10}\[0\]  \d 0 7\n  ", out, re.M), out  # one row: already a table
    assert re.search(r"^  trios =\n {9}0 1 2\n    \[0\]  \d 0 7\n    \[1\]  \d 1 7\n", out, re.M), out
    assert "trios = [[" not in out, out
