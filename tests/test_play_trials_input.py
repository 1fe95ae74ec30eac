"""`philtre play`'s reading of what a seat types, as the Hanabi, Splendor, Yahtzee, Azul and Backgammon trials of
2026-12-07 typed it."""

from __future__ import annotations

from test_play_cli import choose, options_of

MIXED = """\
philtre: 1
game: mixed
players: 1
actions:
  play:
    choose: {slot: range(3)}
  clue:
    choose: {r: "[7]"}
flow:
  - decide: [play, clue]
    player: 0
"""


def test_a_number_is_the_options_number_where_other_actions_options_are_listed_beside_the_values(tmp_path):
    """A Hanabi trial: `2`, option 2 play(slot=1) and the value of play(slot=2), was asked about every turn, slots
    being 0-based; where other actions' options are listed too, the list is not one of values: `2` is option 2."""
    (tmp_path / "ruleset.yaml").write_text(MIXED, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [o.label() for o in options] == ["play(slot=0)", "play(slot=1)", "play(slot=2)", "clue(r=7)"]
    assert choose("2", options) is options[1] and choose("slot=2", options) is options[2]
