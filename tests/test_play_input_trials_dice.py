"""`philtre play`'s reading of a line typed at a placement, as trials of 2026-12-07 typed it (dice drafted onto a
window whose pieces never turn, tiles named by hyphenated words): a word added where play asked for one, a number of
the piece among a position's, a position in brackets beside words, a number that is no whole number, a part of a word."""

from __future__ import annotations

import pytest

from test_cli import philtre
from test_play_input_trials_grid import _asked

DICE = """\
philtre: 1
game: dice-window
players: 1
components:
  die:
    attributes: {colour: [blue, green, red], pips: [1, 4, 5]}
    copies: "1 if (colour == 'red') == (pips == 1) else 0"
    derive: {cells: "[colour]"}
    start: pool
zones:
  pool: {}
  window: {grid: {resolution: 1, width: 3, height: 3, turns: false}}
actions:
  draft:
    choose: {die: pool, at: "placements(window, die)"}
    if: at.y == 0 or at.x == 0
    do:
      - place: {piece: die, to: window, at: at}
  pass: {}
flow:
  - decide: [draft, pass]
    player: 0
"""


def _played(tmp_path, typed: str):
    """The one decision of a game of DICE played with the lines ``typed`` piped in: the run."""
    (tmp_path / "ruleset.yaml").write_text(DICE, encoding="utf-8")
    return philtre("play", tmp_path, "--seed", "1", stdin=typed, timeout=60)


def test_a_word_typed_after_play_asked_for_one_is_read_with_the_position(tmp_path):
    """A trial: `2 0` was told that 4 options were there, "add a word that tells them apart (..., green, ...)";
    `green`, typed next as asked, was read alone and matched 7 options all over the window. Words typed next are read
    with the position, as often as play asks again."""
    result = _played(tmp_path, "2 0\ngreen\npips=4\n")
    assert result.returncode == 0, result.stderr
    assert "add a word that tells them apart (blue pips=4, blue pips=5, green pips=4, green pips=5, red): typed alone, " \
           "it is read with x=2 y=0; or type a number: " in result.stderr
    assert "2 options are at that position; add a word that tells them apart (pips=4, pips=5)" in result.stderr
    assert "= draft(die=die green pips=4, at=(x=2, y=0))" in result.stderr
    # a line that is no word added is read alone: an action that places nothing, an option's number, a new position
    for typed, chosen in (("pass", "= pass()"), ("23", "= draft(die=die red pips=1, at=(x=2, y=0))"),
                          ("1 0 red", "= draft(die=die red pips=1, at=(x=1, y=0))")):
        result = _played(tmp_path, f"2 0\n{typed}\n")
        assert result.returncode == 0 and chosen in result.stderr, (typed, result.stderr[-600:], result.stderr)
    # a word no option there has is said so, at that position, and the next word is still read with it
    result = _played(tmp_path, "2 0\nyellow\nred\n")
    assert "none of the 5 options at x=2 y=0 rot=0 has the word 'yellow'" in result.stderr
    assert result.returncode == 0 and "= draft(die=die red pips=1, at=(x=2, y=0))" in result.stderr


def test_three_numbers_where_pieces_never_turn_read_one_as_the_pieces_where_an_option_holds_it(tmp_path):
    """A trial: `red 1 2 0`, the red 1 at 2 0 on a window whose dice never turn, was read as x=1 y=2 rot=0 and refused.
    Where the first or the last number is one an option's piece holds, beside a position that has such options, the
    line is read so where no rot but 0 is meant (`2 0 green 4`), else play asks which reading is meant (a move is
    final), with the form of each; where none is, the refusal says how it read the numbers and how to write pips=1."""
    result = _played(tmp_path, "red 1 2 0\nred pips=1 2 0\n")
    assert result.returncode == 0, result.stderr
    assert ("'red 1 2 0': no legal option at x=1 y=2 rot=0: the rules forbid draft(die=die red pips=1, at=(x=1, y=2)) "
            "now (the if of draft, line 16: at.y == 0 or at.x == 0); read as pips=1 at x=2 y=0: type red pips=1 2 0, or an "
            "option's number: 23. draft(die=die red pips=1, at=(x=2, y=0))") in result.stderr
    assert "= draft(die=die red pips=1, at=(x=2, y=0))" in result.stderr
    found = _asked(tmp_path, "2 0 green 4")  # (rot 4 is never offered: the 4 is the die's)
    assert not isinstance(found, str) and found.label() == "draft(die=die green pips=4, at=(x=2, y=0, rot=0))", found
    said = _asked(tmp_path, "red 1 0 0")
    assert said.startswith("'red 1 0 0' reads 2 ways where pieces never turn: as x=1 y=0 rot=0, or as pips=1 at x=0 y=0: "
                           "type red 1 0 or red pips=1 0 0, or an option's number: 22. draft(die=die red pips=1, at=(x=1, "
                           "y=0"), said
    assert "; 21. draft(die=die red pips=1, at=(x=0, y=0" in said
    assert _asked(tmp_path, "2 0 0").startswith("5 options are at that position")  # (no die shows a 2 or a 0)
    assert _asked(tmp_path, "blue 1 2 0").endswith("(read as x=1 y=2 rot=0; for pips 1, write pips=1)")
    # where the grid turns, three numbers are x y rot, as ever
    (tmp_path / "ruleset.yaml").write_text(DICE.replace(", turns: false", ""), encoding="utf-8")
    said = _asked(tmp_path, "red 1 2 0")
    assert said.startswith("no legal option at x=1 y=2 rot=0: the rules forbid") and "pips=1" not in said.split(")")[-1], said


def test_a_position_in_brackets_beside_words_is_read_as_x_then_y(tmp_path):
    """A trial: `(2, 0) green` and `[2, 0] blue pips=4`, refused, named the options at (0, 2) too, read as two loose
    numbers, where `2 0 blue pips=4` was told the clear "no legal option at x=2 y=0": every written form of a position
    beside words is read as x then y, with the same message."""
    result = _played(tmp_path, "(1, 2) red\n[2, 0] green pips=4\n")
    assert result.returncode == 0, result.stderr
    assert ("'1 2 red': no legal option at x=1 y=2: the rules forbid draft(die=die red pips=1, at=(x=1, y=2)) now "
            "(the if of draft, line 16: at.y == 0 or at.x == 0)") in result.stderr
    assert "= draft(die=die green pips=4, at=(x=2, y=0))" in result.stderr
    for typed in ("(1, 2) red", "red [1, 2]", "(1 2) red", "red 1, 2", "[1, 2, 0] red"):
        said = _asked(tmp_path, typed)
        assert "no legal option at x=1 y=2" in said and "the rules forbid draft(die=die red pips=1, at=(x=1, y=2" in said, said
        assert "x=2, y=1" not in said, said
    assert "read as pips=1" not in _asked(tmp_path, "[1, 2, 0] red")  # (x y rot written so: no number the die's)
    found = _asked(tmp_path, "red 1 (2, 0)")  # (the position written so: the 1 beside it is the die's)
    assert not isinstance(found, str) and found.label().startswith("draft(die=die red pips=1, at=(x=2, y=0"), found
    said = _asked(tmp_path, "(0, 2) green")
    assert said.startswith("2 options are at that position") and "x=2, y=0" not in said, said


def test_a_number_that_is_no_whole_number_is_said_to_be_where_a_position_is_typed(tmp_path):
    """A trial: `2.5 0` was told it "has 1 number, not a position" (`1e400 0` the same): it has two, one of them no
    whole number, which is what is said."""
    result = _played(tmp_path, "2.5 0\n1e400 0\n2 0 red\n")
    assert result.returncode == 0, result.stderr
    for typed in ("2.5", "1e400"):
        assert (f"'{typed}' is no whole number: a position is two whole numbers, x y; type an option's number, or a "
                f"position as 'x y' and a word of the piece") in result.stderr, typed
    assert "has 1 number" not in result.stderr
    assert "'-0.5' is no whole number" in _asked(tmp_path, "1 -0.5 red")


TILES = """\
philtre: 1
game: tiles
players: 1
components:
  tile:
    attributes: {suit: [dots, chars], rank: [2, 4]}
    derive: {name: "text(rank) + '-' + suit"}
    display: [name]
    start: hand
zones:
  hand: {}
  discards: {}
actions:
  discard:
    choose: {t: hand}
    do:
      - move: t -> discards
flow:
  - decide: discard
    player: 0
"""


def test_a_part_of_a_hyphenated_word_is_said_to_be_with_the_words_that_hold_it(tmp_path):
    """A trial: `chars`, four tiles listed as 4-chars and the like, was told only that it was not among the options.
    A word is matched whole (docs/playing.md), a hyphen and all: the refusal says which words it is a part of."""
    (tmp_path / "ruleset.yaml").write_text(TILES, encoding="utf-8")
    result = philtre("play", tmp_path, "--seed", "1", stdin="chars\n4 chars\n4-chars\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert ("'chars' is not among this turn's options ('chars' is part of 2-chars, 4-chars: type the whole word), "
            "which are: ") in result.stderr
    assert "'4 chars' is not among this turn's options ('4', 'chars' are parts of 4-chars: type the whole word)" in result.stderr
    assert "= discard(t=tile 4-chars)" in result.stderr
    assert "is part of" not in _asked(tmp_path, "bamboo")


@pytest.mark.parametrize("rule, typed, said", [
    ("t.suit == 'dots'", "chars", "the rules forbid discard(t=tile 2-chars) now (the if of discard, line 16: "
                                  "t.suit == 'dots'), and 1 more it names; this turn's options are: 1. discard(t=tile 2-dots)"),
    ("t.suit == 'dots' or t.rank == 2", "4 chars", "the rules forbid discard(t=tile 4-chars) now (the if of discard, "
                                                   "line 16: t.suit == 'dots' or t.rank == 2); this turn's options are: "),
])
def test_parts_of_words_that_only_forbidden_options_hold_are_told_the_rule(tmp_path, rule, typed, said):
    """Spades trial: `hearts`, a part of the one card 3-hearts the rules forbid now (follow suit), was refused as no
    option, where `K-spades` typed whole was told the rule: words that only forbidden options hold, some of them parts
    of their words, are told the rule as an option typed whole is (the first, and how many more)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(TILES.replace("    choose: {t: hand}\n", f"    choose: {{t: hand}}\n    if: \"{rule}\"\n"),
                                           encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 1, seed=1)
    options = game.options(0)
    assert match_choice(typed, options, forbidden=_forbidding(game, 0, options)).startswith(
        f"'{typed}' is not among this turn's options: {said}")
