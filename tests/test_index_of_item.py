"""index(xs, x): the position of an item in a list (language.md, index), beside index(z), a zone's index."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

HEAD = """game: idx
players: 2
components:
  card: {attributes: {rank: [3, 1, 4]}, start: deck}
zones:
  deck: {}
  hand: {each: player}
"""


def _write(tmp_path, expr: str, initial: str = "", head: str = HEAD):
    """A small game (``head``: its declarations) whose flow sets a variable to ``expr``, written to a file: its path."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(head + f"variables:\n  got: 0\n{initial}flow:\n  - set: {{got: {expr!r}}}\n")
    return path


def _value(tmp_path, expr: str, initial: str = "", head: str = HEAD, players: int = 2):
    """The value ``expr`` gives when a small game's flow sets a variable to it."""
    return Game(load_ruleset(str(_write(tmp_path, expr, initial, head))), players).state.vars["got"]


@pytest.mark.parametrize("expr, at", [
    ("index([5, 7, 9, 7], 7)", 1),                         # the first equal item
    ("index(['a', 'b'], 'b')", 1),
    ("index([[1, 2], [3, 4]], [3, 4])", 1),                # lists compared item by item, as `in` does
    ("index(seats_from(1), 0)", 1),
    ("index([c.rank for c in deck], 4)", 2),
    ("index(deck, first(c for c in deck if c.rank == 1))", 1),  # a zone: its position from the bottom
    ("index(hand[1])", 1),                                 # index(z) as before
])
def test_index_of_an_item_is_its_first_position(tmp_path, expr, at):
    assert _value(tmp_path, expr) == at


def test_an_item_known_only_at_run_time_is_found_too(tmp_path):
    assert _value(tmp_path, "index(xs, 2)", initial="  xs: {initial: [4, 2]}\n") == 1


def test_an_item_not_in_the_list_stops_the_game_at_the_rule(tmp_path):
    """As index() of what is no zone does (R100), and as `x in xs` would have said: no position is made up."""
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, "index(xs, 8)", initial="  xs: {initial: [4, 2]}\n")
    message = str(caught.value)
    assert "R100 rule 'set' failed" in message and "index() looks for 8 among 2 item(s), and none is equal to it" in message, message


@pytest.mark.parametrize("expr, said", [
    ("index(3, 1)", "E120 index() of two arguments needs a list (or a zone) first, but this is a whole number"),
    ("index({'a': 1}, 'a')", "E120 index() of two arguments needs a list (or a zone) first, but this is a map"),
    ("index(deck, 4)", "E124 index() looks for a whole number among components: it is never there"),
    ("index(hand, first(deck))", "E124 index() looks for a component among the zones of a list of zones"),
    ("index([1], 1, 2)", "E140 index() takes 1 to 2 argument(s), got 3"),
    ("index([1])", "E120 index() needs a zone here"),
])
def test_a_wrong_argument_is_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


def test_the_position_is_typed_a_whole_number(tmp_path):
    """The checker types it as index(z) is typed: a whole number, so a list may be indexed by it without a finding."""
    path = _write(tmp_path, "[10, 20, 30][index([5, 6, 7], 6)] + 1")
    assert [str(f.diagnostic) for f in check_file(str(path), lints=False).findings] == []
    assert _value(tmp_path, "[10, 20, 30][index([5, 6, 7], 6)] + 1") == 21
    assert [f.diagnostic.code for f in check_file(str(_write(tmp_path, "index([1], 1) + 'a'")), lints=False).findings] == ["E124"]


def test_a_definition_using_it_fails_in_the_definition(tmp_path):
    """A small definition calling index(xs, x) is not written out where it is used: its failure names it."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "variables:\n  got: 0\n  xs: {initial: [4, 2]}\ndefine:\n  at(v): index(xs, v)\n"
                    "flow:\n  - set: {got: at(2)}\n  - set: {got: at(9)}\n")
    with pytest.raises(PhiltreError) as caught:
        Game(load_ruleset(str(path)), 2)
    assert "'at'" in str(caught.value) and "none is equal to it" in str(caught.value), str(caught.value)


@pytest.mark.parametrize("expr, hint", [
    ("index(hand, first(deck))", "look in one zone: index(hand[me], first(deck))"),     # a zone a seat: the seat's
    ("index(track, first(deck))", "look in one zone: index(track[i], first(deck))"),   # copies: not square number me
    ("remove(track, first(deck))", "look in one zone: remove(track[i], first(deck))"),
])
def test_a_component_looked_for_among_zones_is_told_to_look_in_one_zone_of_the_familys_kind(tmp_path, expr, hint):
    """E124's hint names a zone of the family as it is declared: `track[me]` of a family of copies (a Sorry! trial's
    60 squares) was square number me, which validates and is silently wrong."""
    path = _write(tmp_path, expr, head=HEAD + "  track: {copies: 3}\n")
    found = [(f.diagnostic.code, f.diagnostic.hint) for f in check_file(str(path), lints=False).findings]
    assert ("E124", hint) in found, found


@pytest.mark.parametrize("initial, expr, said", [
    ("['7', '8']", "index(xs, 7)", "7 is a number; the list holds the word '7'"),
    ("[7, 8]", "index(xs, '8')", "'8' is a word; the list holds the number 8"),
    ("['7', '8']", "remove(xs, 8)", "8 is a number; the list holds the word '8'"),
])
def test_an_item_missing_as_one_kind_but_there_as_the_other_says_which_kind_each_is(tmp_path, initial, expr, said):
    """A Belote trial's `index(['7', ...], rank)` with `rank: [7, ...]` said only that none is equal to 7, and to test
    `x in xs` first: the 7 is there, printed alike, but as a word."""
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, expr, initial=f"  xs: {{initial: {initial}}}\n")
    message = str(caught.value)
    assert said in message and "test that it is there first" not in message, message


MIXED = """game: mixed
players: 2
components:
  card:
    attributes: {suit: [a, b], rank: [7, 8, J]}
{written}    start: deck
zones:
  deck: {}
  pile: {}
flow:
  - shuffle: deck
"""


@pytest.mark.parametrize("written", [
    '    derive: {order: "index([\'7\', \'8\', \'J\'], rank)"}\n',
    '    copies: "index([\'7\', \'8\', \'J\'], rank) + 1"\n',
])
def test_a_layout_expression_failing_on_ranks_of_mixed_kinds_gives_l037s_advice_and_the_declarations_line(tmp_path, written):
    """The failure (R002) stops the checks before the lints, so L037, the check written for `rank: [7, 8, J]` (YAML reads
    7 as a number), was never shown: its advice comes with the failure, with the line the ranks are declared at."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(MIXED.replace("{written}", written))
    findings = check_file(str(path)).findings
    assert [f.diagnostic.code for f in findings] == ["R002"], [str(f.diagnostic) for f in findings]
    first = findings[0].diagnostic
    assert "7 is a number; the list holds the word '7'" in first.message, str(first)
    assert ("rank's values declared at line 5 mix numbers and words (7, 8, J), as L037 warns: quote them all as words, "
            "rank: ['7', '8', 'J'], or write them all as numbers") in first.hint, str(first)


def test_a_layout_failure_reading_no_attribute_of_mixed_kinds_gets_no_such_advice(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(MIXED.replace("{written}", '    derive: {order: "index([\'x\'], suit)"}\n'))
    findings = check_file(str(path)).findings
    assert [f.diagnostic.code for f in findings] == ["R002"] and "L037" not in findings[0].diagnostic.hint, findings
