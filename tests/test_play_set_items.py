"""`philtre play` reads a set chosen among subsets typed as its items, a word each (`exchange Y`), and tells such sets
apart by their items, never by an attribute's value said again and again (a trial's `value=1 value=1 ...`)."""

from __future__ import annotations

from click.testing import CliRunner

from philtre.interpreter.cli import main
from test_play_cli import choose, options_of

# a rack of seven tiles, two alike (U); `exchange` chooses any set of them but none
RACK = """\
philtre: 1
game: rack
players: 1
components:
  tile:
    list:
      - {letter: E, value: 1, copies: 1}
      - {letter: I, value: 1, copies: 1}
      - {letter: L, value: 1, copies: 1}
      - {letter: N, value: 1, copies: 1}
      - {letter: U, value: 1, copies: 2}
      - {letter: Y, value: 4, copies: 1}
    display: [letter, value]
    start: rack[0]
zones:
  rack: {each: player, visible: owner, show_sorted: [letter]}
  bag: {visible: nobody}
actions:
  exchange:
    choose: {give: "[s for s in subsets(rack[me]) if count(s) > 0]"}
    do:
      - move: give -> bag
  pass: {}
flow:
  - decide: [exchange, pass]
    player: 0
"""


def exchanges(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(RACK, encoding="utf-8")
    return options_of(str(tmp_path), 1, 1)


def given(option) -> list:
    return sorted(c["letter"] for c in dict(option.args)["give"])


def test_the_set_whose_items_are_just_those_typed_is_taken(tmp_path):
    """`exchange Y` was `48 options match` (every set holding the Y): the list is a set, and one option's set is
    exactly the tile typed. So for several tiles, in any order, and for a tile held twice typed twice."""
    options = exchanges(tmp_path)
    for typed, letters in [("exchange Y", ["Y"]), ("Y", ["Y"]), ("exchange Y E", ["E", "Y"]), ("exchange U", ["U"]),
                           ("exchange U U", ["U", "U"]), ("give E I L N U U Y", ["E", "I", "L", "N", "U", "U", "Y"])]:
        found = choose(typed, options)
        assert not isinstance(found, str), (typed, found)
        assert found.action == "exchange" and given(found) == letters, (typed, found.label())


def test_words_that_name_no_set_item_for_item_still_ask_for_more(tmp_path):
    """`exchange tile Y`: two words for one item, and three U's for a rack of two, name no set item for item."""
    options = exchanges(tmp_path)
    assert choose("exchange tile Y", options).startswith("48 options match"), choose("exchange tile Y", options)
    assert isinstance(choose("exchange U U U", options), str)


def test_sets_are_told_apart_by_their_items_never_by_a_value_said_again_and_again(tmp_path):
    """The hint for the rack whole read `value=1 value=1 value=1 value=1 value=1 value=1 (option 7)`, and the Y alone
    `give=[tile Y value=4]`, the whole list as shown: each now by its items, a word each, which typed take it."""
    options = exchanges(tmp_path)
    hint = choose("exchange tile Y", options).partition(", or type its number")[0]
    assert "value=1 value=1" not in hint and "give=[" not in hint, hint
    whole, alone = (next(i for i, o in enumerate(options) if o.action == "exchange" and given(o) == letters)
                    for letters in (["E", "I", "L", "N", "U", "U", "Y"], ["Y"]))
    head, _, sets = hint.partition("; or type the items of one, a word each: ")
    assert head == "48 options match; write more of one: E, I, L, N, U", hint
    assert sorted(sets.split(" or ")) == [f"E I L N U U Y (option {whole + 1})", f"Y (option {alone + 1})"], hint
    assert choose("E I L N U U Y", options) is options[whole] and choose("Y", options) is options[alone]


def test_play_takes_exchange_y_at_the_prompt(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(RACK, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path), "-p", "1", "--seed", "1"], input="exchange Y\n")
    assert result.exit_code == 0, result.output
    assert "= exchange(give=[tile Y value=4])" in result.output, result.output
    assert "options match" not in result.output, result.output
