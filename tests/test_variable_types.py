"""A variable's type, where its declared value and every `set` of it agree (dsl/variable_types.py): the checks a value
known only at run time passed are made again with it, so `if: buys` of a number is E120 before the game, as `if: 3`
is; a variable whose values are of no one type known stays a value known only at run time, checked in play."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from test_errors import IF, MINIMAL, breaking

SET = "      - move: card -> pile\n"


def ruleset_with(tmp_path, declared: str, sets=(), condition: str = "buys", define: str = ""):
    """MINIMAL with the variables ``declared`` (YAML lines under variables:), each of ``sets`` (`set:`'s mapping)
    after the action's move, the action's `if:` ``condition`` and the definitions ``define``; its path."""
    text = breaking("define:\n", f"variables:\n{declared}define:\n{define}")
    text = breaking(SET, SET + "".join(f"      - set: {s}\n" for s in sets), text)
    text = breaking(IF, f"    if: \"{condition}\"\n", text)
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def findings(path) -> list:
    """The diagnostics loading ``path`` gives (none where it loads)."""
    try:
        load_ruleset(str(path))
    except PhiltreError as exc:
        return exc.diagnostics
    return []


@pytest.mark.parametrize("declared, sets", [
    ("  buys: null\n", ["{buys: none}"]),  # (its declared value tells no type, nor does a set)
    ("  buys: null\n", ["{buys: 1}", "{buys: \"'one'\"}"]),  # declared none, set to a number and to a word
    ("  buys: {initial: []}\n", ["{buys: '[1, two]'}"]),  # an empty list given a list of several kinds
    ("  buys: {initial: []}\n", ["{buys: '[]'}"]),  # only ever empty: no item tells a type
    ("  buys: {initial: []}\n", ["{buys: 'buys + [card]'}", "{buys: '[1]'}"]),  # components, then numbers
    ("  buys: 0\n", ["{buys: 'card.value > 1'}"]),  # a number, then true or false
    ("  buys: 0\n", ["{buys: none}"]),
    ("  buys: 0\n  m: {initial: {a: 1}}\n", ["{buys: m.a}"]),  # a map's field: known only at run time
    ("  buys: {initial: [1, two]}\n", []),  # a list of several kinds
    ("  buys: false\n", ["{buys: 'card.value > 1'}"]),  # true or false: a condition
    ("  buys: {initial: [4, 4]}\n", ["{buys: \"put(buys, 0, 'x')\"}"]),  # a put of a word in a list of numbers
    ("  buys: {initial: [4, 4]}\n  m: {initial: {a: 1}}\n", ["{buys: 'put(buys, 0, m.a)'}"]),  # a put of a value known only at run time
])
def test_a_variable_of_no_one_known_type_is_no_finding(tmp_path, declared, sets):
    """A variable whose declared value tells no type, or that a set gives a value of another type or of one known only
    at run time, is a value known only at run time: `if: buys` passes validate (and is checked in play)."""
    assert [d for d in findings(ruleset_with(tmp_path, declared, sets)) if d.code == "E120"] == []


@pytest.mark.parametrize("declared, sets, condition, said", [
    ("  buys: 0\n", ["{buys: buys + card.value}"], "buys", "a whole number"),  # a set of itself plus a number
    ("  buys: 0\n", ["{buys: buys / 2}"], "buys", "a number"),  # whole numbers and fractions: numbers
    ("  buys: 0\n  other: 0\n", ["{buys: other}", "{other: buys}"], "buys", "a whole number"),  # each set of the other
    ("  buys: 0\n", [], "left_to_buy", "a whole number"),  # read through a definition without parameters
    ("  buys: {initial: 0, each: player}\n", ["{buys: '[0 for p in players]'}"], "buys[me]", "a whole number"),
    ("  buys: {initial: [a, b]}\n", [], "buys", "a list of words"),
    # an empty list takes its items' type from the sets that fill it, an emptying one too (a Mastermind trial's code)
    ("  buys: {initial: []}\n", ["{buys: '[1]'}"], "buys", "a list of whole numbers"),
    ("  buys: {initial: [], each: player}\n", ["{'buys[me]': \"buys[me] + ['red']\"}", "{'buys[me]': '[]'}"],
     "buys[me]", "a list of words"),
    ("  buys: 2.5\n", ["{buys: -buys}"], "buys if card.value > 1 else 3", "a number"),
    # a list only ever set by a put of itself (a sowing board's pits): its declared type, which every put keeps
    ("  buys: {initial: [4, 4, 4]}\n", ["{buys: 'put(buys, 1, 0)'}"], "buys", "a list of whole numbers"),
    ("  buys: {initial: [4, 4, 4]}\n", ["{buys: 'put(buys, 1, buys[0] + 1)'}", "{buys: '[0, 0, 0]'}"], "buys",
     "a list of whole numbers"),
    ("  buys: {initial: [4, 4, 4]}\n", ["{buys: 'put(buys, 1, 0.5)'}"], "buys", "a list of numbers"),
])
def test_a_variable_of_one_known_type_is_checked_before_the_game(tmp_path, declared, sets, condition, said):
    path = ruleset_with(tmp_path, declared, sets, condition, define="  left_to_buy: buys\n")
    found = [d for d in findings(path) if d.code == "E120"]
    assert len(found) == 1 and found[0].message == f"the condition must be true or false, but this is {said}", found
    text = path.read_text(encoding="utf-8")
    assert (found[0].loc.line, found[0].loc.col) == (text[:text.index('    if: "')].count("\n") + 1, 10), found[0]


def test_a_loop_name_like_a_variable_is_the_loop_s(tmp_path):
    """A comprehension's name spelt like a variable of numbers is its own: `any(buys for buys in [true])` reads it."""
    assert findings(ruleset_with(tmp_path, "  buys: 0\n", condition="any(buys for buys in [true])")) == []


def test_a_variable_of_a_known_type_reads_the_same_in_play(tmp_path):
    """The generated code does not change with a variable's known type: a ruleset that validates plays as before."""
    from philtre.interpreter.simulate import play_game

    path = ruleset_with(tmp_path, "  buys: 3\n", ["{buys: buys - 1}"], condition="buys > 0")
    game = play_game(load_ruleset(str(path)), 2, 1, ["random", "random"])
    assert game.state.flow.finished and game.state.vars["buys"] <= 3


def test_a_variable_declared_none_takes_the_type_its_sets_give(tmp_path):
    """A variable declared none (a Skull trial's bidder: null, a seat chosen later) holds the type every set gives it
    but none, or none: a check refusing both refuses it (`if: buys` of a number or none); none sets change nothing."""
    found = [d for d in findings(ruleset_with(tmp_path, "  buys: null\n", ["{buys: 1}", "{buys: none}"])) if d.code == "E120"]
    assert [d.message for d in found] == ["the condition must be true or false, but this is a whole number"]
    assert "'buys' holds none or a whole number: it starts as none, and every set of it gives a whole number or none" in found[0].hint
    # a seat or none where a seat is due: no finding (a seat is one; none is said in play)
    assert [d for d in findings(ruleset_with(tmp_path, "  buys: null\n", ["{buys: me}"], condition="me == left(buys)"))
            if d.code == "E120"] == []


SOWING_BOARD = """\
philtre: 1
game: sowing-board
players: 2
variables:
  pits: {initial: [4, 4, 4]}
actions:
  sow:
    choose: {i: "[i for i in range(3) if pits[i] > 0]"}
    do:
      - set: {pits: "put(pits, i, 0)"}
flow:
  - turns: 0
    until: sum(pits) == 0
    do:
      - decide: sow
"""


@pytest.mark.parametrize("given, said", [
    ("[4, four, 0]", "an item of it, 'four', is a word"),
    ('"[4, 4, 0]"', "'[4, 4, 0]' is a word"),
])
def test_a_board_only_ever_set_by_a_put_of_itself_is_checked_in_a_given(tmp_path, given, said):
    """A trial's board, a list changed only by `put(pits, i, 0)`: a scenario giving it a word, or an item that is one,
    is T004 at validate (it was an L051 warning, or nothing, and the scenario failed far from its given)."""
    (tmp_path / "ruleset.yaml").write_text(SOWING_BOARD, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        f"scenarios:\n  - name: given\n    players: 2\n    given:\n      variables:\n        pits: {given}\n"
        "    expect: [\"pits[1] == 4\"]\n", encoding="utf-8")
    found = [d for d in findings(tmp_path) if d.code == "T004"]
    assert [d.message for d in found] == [f"'pits' holds a list of numbers (its initial value is one, and every rule "
                                          f"that sets it gives one): {said}"], found
