"""Hints a newcomer writing a ruleset from docs/language.md gets where YAML data, or a component's layout, is mistyped.

Each hint here once gave wrong or garbled advice: quoting a list as an expression where the place holds data (the
value would then be that text), "did you mean 'tally'?" for `count: all`, "did you mean 'winners'?" for `owner`.
"""
from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError

BASE = """\
game: mini
players: 2..4
components:
  card:
    attributes: {value: [1, 2, 3]}
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
variables:
  tally: 0
dice:
  d6: [{pips: 1}, {pips: 2}]
actions:
  pass: {}
flow:
  - deal: {from: deck, to: hand, count: 1}
  - decide: pass
    player: 0
"""


def first_finding(tmp_path, old: str, new: str):
    """The first diagnostic of BASE with ``old`` (once in it) replaced by ``new``."""
    assert BASE.count(old) == 1, old
    path = tmp_path / "ruleset.yaml"
    path.write_text(BASE.replace(old, new), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    return info.value.diagnostics[0]


@pytest.mark.parametrize("old, new, hint", [
    ("  tally: 0\n", "  tally: {a: 1, b: 2}\n", "tally: {initial: {a: 1, b: 2}}"),
    ("value: [1, 2, 3]", "value: [[1, 2], 3]", "derive: {value: \"[...]\"}"),
    ("[{pips: 1}, {pips: 2}]", "[{pips: [1, 2]}, {pips: 2}]", "a face's attributes are data"),
])
def test_a_list_or_map_in_data_is_not_told_to_be_quoted_as_an_expression(tmp_path, old, new, hint):
    found = first_finding(tmp_path, old, new)
    assert found.code == "V001" and hint in found.hint and "quoted" not in found.hint, str(found)


def test_a_misspelt_key_of_a_variables_long_form_keeps_its_did_you_mean(tmp_path):
    found = first_finding(tmp_path, "  tally: 0\n", "  tally: {initial: 0, eech: player}\n")
    assert found.hint == "did you mean 'each'?", str(found)


def test_count_all_says_to_leave_count_out_even_beside_a_name_spelt_like_all(tmp_path):
    found = first_finding(tmp_path, "count: 1}", "count: all}")
    assert found.code == "E150" and "leave it out to deal them all" in found.hint, str(found)


def test_me_in_a_derive_gets_the_derive_written_with_owner(tmp_path):
    found = first_finding(tmp_path, "    start: deck\n", "    start: deck\n    each: player\n    derive: {mine: me}\n")
    assert found.code == "E150" and found.hint.endswith('derive: {mine: "owner"}'), str(found)


def test_an_attribute_derived_below_the_one_reading_it_is_said_so(tmp_path):
    found = first_finding(tmp_path, "    start: deck\n", "    start: deck\n    derive: {y: \"x + 1\", x: \"value * 2\"}\n")
    assert found.code == "E150" and "derive 'x' above 'y'" in found.hint, str(found)


@pytest.mark.parametrize("new", ['    start: "deck"\n    copies: owner\n', '    start: "hand[owner]"\n'])
def test_owner_where_no_owner_is_bound_names_each_player(tmp_path, new):
    found = first_finding(tmp_path, "    start: deck\n", new)
    assert found.code == "E150" and "each: player" in found.hint and "winners" not in found.hint, str(found)


def test_a_quote_left_open_and_closed_by_a_later_lines_quote_is_told_where_it_opens(tmp_path):
    """`tally: "abc` runs on to the first quote below it: the error is there, its cause where the quote opens."""
    found = first_finding(tmp_path, "  tally: 0\n", '  tally: "abc\n  other: "x"\n')
    assert found.code == "Y001" and found.loc.line == 12, str(found)
    assert "opens at line 11, column 10" in found.hint, str(found)
