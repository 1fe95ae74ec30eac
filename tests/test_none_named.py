"""A rule that reads an attribute of none, or indexes none, names the part of its expression that was none.

Two trials' authors got words that did not fit what they wrote: `first(...)[0]`, first() finding nothing, said
"count needs a list, a zone or a map, not none" (there was no count), and `piece_at(board, 0, 0).owner` on an
empty cell "read an attribute of none (an empty zone or an unrolled die?)", neither of which it was.
"""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

RULES = """\
philtre: 1
game: nones
players: 2
components:
  stone: {each: player, copies: 2, start: "pool[owner]", derive: {cells: "[owner]"}}
zones:
  pool: {each: player}
  board: {grid: {resolution: 1, width: 3, height: 3}}
variables:
  v: 0
  u: {initial: null}
define:
  empty(xs): "[x for x in xs if x > 9]"
actions:
  put:
    choose: {at: "placements(board, last(pool[me]))"}
    if: at.overlap == 0
    do:
      - place: {piece: "last(pool[me])", to: board, at: at}
flow:
  - set: {v: "SET"}
  - turns: 0
    until: count(board) == 4
    do:
      - decide: put
"""

FIRST_OF_NOTHING = "first(x for x in [[1, 2], [3, 4]] if x[0] > 5)"


def failure(tmp_path, value: str) -> str:
    """The message of the R100 that stops a game whose flow starts with `set: {v: VALUE}`."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULES.replace("SET", value), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2, seed=1)
    d = info.value.first
    assert d.code == "R100", str(d)
    return d.message


def test_indexing_what_first_did_not_find_says_so_not_count(tmp_path):
    message = failure(tmp_path, f"{FIRST_OF_NOTHING}[0]")
    assert message.endswith(f": cannot index none: `{FIRST_OF_NOTHING}` is none (first() found nothing: an empty zone "
                            "or list, or an 'if' that kept no item)"), message
    assert "count" not in message


def test_a_name_that_is_none_is_named_as_such_not_a_part(tmp_path):
    """`u[0]` with u none: the name says it (as before), not `first([[1]])`, which is indexed too."""
    message = failure(tmp_path, "u[0] + first([[1]])[0]")
    assert message.endswith("cannot look up 0 in none: only a list, a zone, a map or a record is indexed; 'u' is none"), message


def test_an_attribute_of_an_empty_cell_names_the_grid_read(tmp_path):
    message = failure(tmp_path, "piece_at(board, 0, 0).owner")
    assert message.endswith("read an attribute of none: `piece_at(board, 0, 0)` is none (piece_at() gives none at an "
                            "empty cell)"), message
    assert "a die not rolled yet" not in message


def test_two_parts_that_may_be_none_are_both_named(tmp_path):
    message = failure(tmp_path, "piece_at(board, 0, 0).owner + last(pool[0]).owner")
    assert message.endswith("read an attribute of none: one of `piece_at(board, 0, 0)` and `last(pool[0])` is none"), message


def test_a_failure_in_a_definition_keeps_the_definition_hint_not_a_part_of_the_call(tmp_path):
    """The part that was none is in the definition's body, not in the statement: the hint names the definition."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULES.replace("SET", "empty([[1]])").replace('"[x for x in xs if x > 9]"', "first(x for x in xs if x[0] > 9)[0]"),
                    encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2, seed=1)
    d = info.value.first
    assert d.message.endswith("cannot look up 0 in none: only a list, a zone, a map or a record is indexed"), str(d)
    assert d.hint.startswith("in definition 'empty' at "), str(d)


def test_an_expression_that_always_indexes_none_is_l009_naming_the_part(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULES.replace("SET", f"{FIRST_OF_NOTHING}[0]"), encoding="utf-8")
    (d,) = [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code == "L009"]
    assert d.message == (f"this expression fails whenever it is evaluated: cannot index none: `{FIRST_OF_NOTHING}` is none "
                         "(first() found nothing: an empty zone or list, or an 'if' that kept no item)"), str(d)


def test_an_expectation_reading_an_empty_cell_is_t015_naming_the_grid_read(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(RULES.replace("SET", "0"), encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: corner\n    players: 2\n    expect:\n"
                                             "      - piece_at(board, 0, 0).owner == 0\n", encoding="utf-8")
    (result,) = run_scenarios(load_ruleset(str(tmp_path)))
    (failed,) = result.failures
    assert " T015 could not evaluate piece_at(board, 0, 0).owner == 0: read an attribute of none: `piece_at(board, 0, 0)` " \
           "is none (piece_at() gives none at an empty cell)" in failed, failed


def test_an_actions_if_reading_an_empty_zone_names_it(tmp_path):
    """Listing the options fails at the action's `if`, with the choices it saw and the part that was none."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULES.replace("SET", "0").replace("if: at.overlap == 0", "if: at.overlap == 0 and last(pool[1 - me]).owner == 9")
                    .replace("start: \"pool[owner]\"", "start: \"pool[0]\""), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2, seed=1).options(0)
    d = info.value.first
    assert d.message.endswith("read an attribute of none: `last(pool[1 - me])` is none (last() found nothing: an empty "
                              "zone or list, or an 'if' that kept no item)"), str(d)
