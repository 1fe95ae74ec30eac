"""pad(x, n): text(x) padded with spaces to a width (language.md, pad), where a trial drawing a corner map as text in a
show: definition wrote `' ' + text(n) if n < 10 else text(n)` for each cell, having no padding nor length of a word."""

from __future__ import annotations

import pytest

from philtre.dsl import builtins
from test_index_of_item import _value  # (a small game whose flow sets a variable to an expression; deck: 3, 1, 4)
from test_join import test_a_wrong_argument_is_found_by_validate as _found_by_validate


@pytest.mark.parametrize("expr, said", [
    ("pad(7, 3)", "  7"),                 # right-justified: numbers line up by their last digit
    ("pad(7, -3)", "7  "),                # a negative width pads on the right
    ("pad('ab', 4)", "  ab"),
    ("pad(12, 2)", "12"),                 # exactly the width
    ("pad(1234, 2)", "1234"),             # a longer text is kept whole, not cut
    ("pad(7 / 2, 5)", "  3.5"),           # written as text() writes it
    ("pad(none, -5)", "none "),
    ("pad('', 0)", ""),
    ("pad(c.rank, 2) for c in deck", None),
])
def test_the_text_padded_to_the_width(tmp_path, expr, said):
    if said is None:  # a comprehension: each item padded
        assert _value(tmp_path, f"[{expr}]") == [" 3", " 1", " 4"]
    else:
        assert _value(tmp_path, expr) == said


def test_a_picture_of_padded_cells_lines_up(tmp_path):
    """The use it is for: a corner map's cells of one width, whatever the numbers in them."""
    picture = _value(tmp_path, "join([join([pad(n, 3) for n in row], '') for row in [[0, 12, 7], [53, 1, 40]]], '\\n')")
    assert picture.split("\n") == ["  0 12  7", " 53  1 40"]
    assert _value(tmp_path, "join([pad(w, -6) + '|' for w in ['ore', 'brick']], '')") == "ore   |brick |"


@pytest.mark.parametrize("expr, said", [
    ("pad(7)", "E140 pad() takes 2 argument(s), got 1"),
    ("pad(7, 7 / 2)", "E120 pad() needs a whole number here"),
    ("pad(7, 'x')", "E120 pad() needs a whole number here"),
    ("pad([1], 3)", "E120 pad() needs a number, a word, true, false or none here"),
    ("pad(deck, 3)", "E120 pad() needs a number, a word, true, false or none here"),
    ("pad(1, 3) + 1", "E124"),                                # a word
])
def test_a_wrong_argument_is_found_by_validate(tmp_path, expr, said):
    _found_by_validate(tmp_path, expr, said)


@pytest.mark.parametrize("x, n, said", [
    ([1], 3, "pad() writes a number, a word, true, false or none, got [1]"),
    ("a", "3", "pad() pads to a width that is a whole number, got '3'"),
    ("a", 2.5, "pad() pads to a width that is a whole number, got 2.5"),
    ("a", -2_000_000, "pad() makes a word of 2,000,000 characters; the limit is 1,000,000"),
])
def test_what_it_cannot_write_stops_the_game(x, n, said):
    with pytest.raises(builtins.RuleRuntimeError) as caught:
        builtins.b_pad(x, n)
    assert str(caught.value).startswith(said)


def test_it_charges_the_characters_written():
    builtins.WORK[0] = builtins.WORK_LIMIT
    assert builtins.b_pad("ab", -5) == "ab   "
    assert builtins.WORK[0] == builtins.WORK_LIMIT - 5
    builtins.WORK[0] = builtins.WORK_LIMIT
