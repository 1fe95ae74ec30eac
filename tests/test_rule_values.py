"""A rule given a value of the wrong kind fails at that rule, in the language's words.

Where the kind is known before the game (a literal, a zone, a component), `philtre
validate` reports it with a code at the value; where it is known only at run time (a
variable's value, of type *any*), the game stops with R100 at the rule. Either way no
message names a Python type (NoneType, 'int' object, Component) and nothing breaks later,
far from the cause (a grid whose pieces lost their placements, a per-seat variable that is
no longer a list).
"""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

HEAD = """\
philtre: 1
game: values
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4]}, start: deck}
  tile: {attributes: {c: [1, 2]}, derive: {cells: "[c]"}, start: tiles}
zones:
  deck: {}
  tiles: {}
  hand: {each: player}
  board: {grid: {resolution: 1}}
variables:
  x: 0
  log: 0
  bid: {initial: 0, each: player}
actions:
  pass: {}
flow:
"""
TAIL = """\
  - decide: pass
    player: 0
winners: {highest: "score[p]"}
"""

PYTHON_WORDS = ("NoneType", "object is not", "'int'", "'str'", "in int", "in str", "Component", "RuleRuntimeError", "KeyError")


def ruleset(tmp_path, flow: str):
    """HEAD + the flow lines + a decision, written to a file; its path."""
    path = tmp_path / "values.yaml"
    path.write_text(HEAD + flow + TAIL, encoding="utf-8")
    return str(path)


STATIC = {
    "index of a number": ('  - set: {log: "index(3)"}\n', "E120 index() needs a zone here, but this is a whole number"),
    "zone_of a zone family": ('  - set: {log: "zone_of(hand)"}\n', "E120 zone_of() needs a component here"),
    "left by half a seat": ('  - set: {log: "left(0, 2.5)"}\n', "E120 left() needs a whole number here, but 2.5 is a fraction"),
    "a loop over a number": ("  - for: i in 3\n    do: [{set: {log: i}}]\n", "E123 cannot loop over a whole number"),
    # YAML kept the quotes of a list written in them, so the loop was over a word (an Exploding Kittens trial)
    "a loop over a list in quotes": ('  - for: k in "[1, 2, 3]"\n    do: [{set: {log: k}}]\n',
                                     "E123 cannot loop over a word (the quotes make \"[1, 2, 3]\" a word: write the collection "
                                     "bare, for: k in [1, 2, 3], or quote the whole value, for: 'k in [1, 2, 3]')"),
    "a per-seat variable set to one number": ("  - set: {bid: 3}\n", "E120 the value of bid (one per seat) must be a list, but this is a whole number"),
    "a number to move": ("  - move: 3 -> deck\n", "E120 what to move must be components or zones, but this is a whole number"),
    "a card to shuffle": ("  - shuffle: first(deck)\n", "E120 what to shuffle must be a zone or a list of zones, but this is a component"),
    "a word to reveal": ("  - reveal: \"'a'\"\n", "E120 what to reveal must be components or zones, but this is a word"),
    "a place on a zone that is not a grid": ("  - place: {piece: first(tiles), to: deck, at: \"{'x': 0, 'y': 0, 'rot': 0}\"}\n",
                                             "E120 place puts pieces on a grid zone; 'deck' is not one"),
    # the Can't Stop trial (C-6): pieces_at(pile, ..) passed validate, then stopped the game with R100
    "pieces_at on a zone that is not a grid": ('  - set: {log: "count(pieces_at(deck, 0, 0))"}\n',
                                               "E120 pieces_at() reads a grid zone; 'deck' is not one (grid zones: board)"),
    "piece_at on a zone that is not a grid": ('  - set: {log: "piece_at(tiles, 0, 0)"}\n', "E120 piece_at() reads a grid zone; 'tiles' is not one"),
    "regions of a zone that is not a grid": ('  - set: {log: "count(regions(deck))"}\n', "E120 regions() reads a grid zone; 'deck' is not one"),
    # a variable whose declared value and every set of it are numbers is a number (dsl/variable_types.py)
    "a number held in a variable in an or": ("  - set: {x: 7}\n  - when: false or x\n    set: {log: 1}\n",
                                             "E120 expected true or false here, got a whole number"),
    "a number held in a variable as a condition": ("  - set: {x: 7}\n  - when: x\n    set: {log: 1}\n",
                                                   "E120 'when' must be true or false, but this is a whole number"),
    "a per-seat variable set whole to a variable of numbers": ('  - set: {x: 3}\n  - set: {bid: x}\n',
                                                               "E120 the value of bid (one per seat) must be a list, but this is a whole number"),
    "a round in a round": ("  - round:\n      - round:\n          - set: {x: 1}\n",
                           "S022 a round cannot hold another round"),
    # a word of the language bound nothing as a loop's name: `none` stayed none in the loop, without a word said
    "a comprehension's items named none": ('  - set: {log: "count([none for none in players])"}\n',
                                           "E102 'none' is a word of the language, not a name for the loop's items"),
    "a for named none": ("  - for: none in players\n    do: [{set: {log: 1}}]\n", "S023 for's name 'none' is a word of the language"),
    "a repeat's pass named if": ("  - repeat: 2\n    as: if\n    do: [{set: {log: 1}}]\n", "S023 repeat's 'as' 'if' is a word of the language"),
}


@pytest.mark.parametrize("case", list(STATIC))
def test_a_value_of_a_known_wrong_kind_is_found_before_any_game(tmp_path, case):
    flow, message = STATIC[case]
    report = check_file(ruleset(tmp_path, flow))
    said = [str(f.diagnostic) for f in report.findings]
    assert any(message in line for line in said), said


RUNTIME = {
    "a word plus a number, held in variables": ("  - set: {x: \"'a'\"}\n  - set: {log: x + 1}\n",
                                                "+ joins two words or two lists, or adds two numbers: not a word and a whole number"),
    "a word compared with a number, held in variables": ("  - set: {x: \"'a'\"}\n  - set: {log: x < 1}\n",
                                                         "('<' between a word and a whole number)"),
    "abs of a word held in a variable": ("  - set: {x: \"'a'\"}\n  - set: {log: abs(x)}\n", "abs takes a number, not a word"),
    "a word held in a variable negated": ("  - set: {x: \"'a'\"}\n  - set: {log: -x}\n", "only a number can be negated with -, not a word"),
    # true and false are no numbers (Python would count them 1 and 0): as the check before the game says of a literal
    "true plus a number, held in a variable": ("  - set: {x: true}\n  - set: {log: x + 1}\n",
                                               "('+' between true or false and a whole number)"),
    "a number minus false": ("  - set: {x: false}\n  - set: {log: 5 - x}\n", "('-' between a whole number and true or false)"),
    "true times a number": ("  - set: {x: true}\n  - set: {log: x * 3}\n", "'*' needs numbers, got true and 3"),
    "true divided": ("  - set: {x: true}\n  - set: {log: x / 2}\n", "('/' between true or false and a whole number)"),
    "true divided whole": ("  - set: {x: true}\n  - set: {log: x // 2}\n", "('//' between true or false and a whole number)"),
    "true modulo": ("  - set: {x: true}\n  - set: {log: x % 2}\n", "'%' needs numbers, got true and 2"),
    "true negated": ("  - set: {x: true}\n  - set: {log: -x}\n", "only a number can be negated with -, not true or false"),
    "abs of true": ("  - set: {x: true}\n  - set: {log: abs(x)}\n", "abs takes a number, not true or false"),
    "a per-seat variable set whole to a number": ('  - set: {x: true}\n  - set: {x: 3}\n  - set: {bid: x}\n',
                                                  "'bid' holds one value per seat: set it to a list of 2 values"),
    "a per-seat variable set whole to too short a list": ('  - set: {x: "[1]"}\n  - set: {bid: x}\n',
                                                          "'bid' holds one value per seat"),
    "a deal onto a grid": ('  - deal: {from: tiles, to: "[[board][0]]", count: 1}\n', "board is a grid: deal cannot put pieces on it"),
    "a shuffle of a grid": ("  - place: {piece: first(tiles), to: board, at: \"{'x': 0, 'y': 0, 'rot': 0}\"}\n  - shuffle: \"[board][0]\"\n",
                            "board is a grid: its pieces lie where they were placed"),
    "a number indexed": ('  - set: {x: 5}\n  - set: {log: "x[0]"}\n', "cannot look up 0 in 5"),
    "a word indexed": ('  - set: {x: "\'ab\'"}\n  - set: {log: "x[0]"}\n', "cannot look up 0 in 'ab'"),
    "a deal into its own source": ('  - deal: {from: deck, to: "[deck]"}\n', "deal from deck[0] into itself"),
    "a deal of half a card": ("  - set: {x: 1.5}\n  - deal: {from: deck, to: hand, count: x}\n",
                              "deal's count must be a whole number, 0 or more, got 1.5"),
    "a condition that is a word": ("  - set: {x: \"'a'\"}\n  - when: x\n    set: {log: 1}\n",
                                   "a condition must be true or false, got 'a'"),
    "a loop over a number": ("  - set: {x: 3}\n  - for: i in x\n    do: [{set: {log: i}}]\n", "for loops over a list or a zone, got 3"),
    # (components known to be so before the game are E120: tests/test_type_items.py)
    "components in order": ('  - set: {x: "[c for c in deck]"}\n  - set: {log: "sorted(x)"}\n', "components cannot be put in order"),
    "zone_of a number": ('  - set: {x: 3}\n  - set: {log: "zone_of(x)"}\n', "zone_of() needs a component, got 3"),
    "a round score for no seat": ('  - set: {log: "round_score(1, 5)"}\n', "round_score()'s seat must be a seat (0..1), got 5"),
    # the seats a seat may be are said, as round_score's are: 'must be a seat, got 2' left 'leader + i' to guess
    "a score for no seat": ("  - set: {x: 2}\n  - score: {player: x, add: 1}\n", "score needs a seat (0..1), got 2"),
    "a score for no seat, by its handler": ("  - set: {x: 2}\n  - score: {player: x, add: 1, floor: 0}\n", "score needs a seat (0..1), got 2"),
    "a decision for no seat": ("  - set: {x: 2}\n  - decide: pass\n    player: x\n", "the deciding player must be a seat (0..1), got 2"),
    # a condition's operands known only at run time (x holds true and a number: of no one type known before the game):
    # Python's `or` gave 7 for `false or 7`, `not 7` was false
    "a number in an or": ("  - set: {x: true}\n  - set: {x: 7}\n  - when: false or x\n    set: {log: 1}\n", "a condition must be true or false, got 7"),
    "a number in an and": ("  - set: {x: true}\n  - set: {x: 7}\n  - set: {log: x and true}\n", "a condition must be true or false, got 7"),
    "a number negated with not": ("  - set: {x: true}\n  - set: {x: 7}\n  - set: {log: not x}\n", "a condition must be true or false, got 7"),
    "a number as a conditional's test": ("  - set: {x: true}\n  - set: {x: 7}\n  - set: {log: 1 if x else 2}\n", "a condition must be true or false, got 7"),
    # true is no number where values are compared, ordered or added up (Python's 1): `t < 2` was true, `sum([t, t])` 2
    "true compared": ("  - set: {x: true}\n  - set: {log: x < 2}\n", "expected a number, got true"),
    "the larger of true and a number": ("  - set: {x: true}\n  - set: {log: \"max(x, 2)\"}\n", "expected a number, got true"),
    "a sum of trues": ("  - set: {x: true}\n  - set: {log: \"sum([x, x])\"}\n", "expected numbers, got true among them"),
    "trues in order": ("  - set: {x: true}\n  - set: {log: \"sorted([x, 0])\"}\n", "expected numbers, got true among them"),
    "a range up to true": ("  - set: {x: true}\n  - set: {log: range(x)}\n", "range() takes whole numbers"),
    "true items taken": ("  - set: {x: true}\n  - set: {log: \"take([7, 8], x)\"}\n", "take() needs a whole number of items"),
    "a repeat true times": ("  - set: {x: true}\n  - repeat: x\n    do: [{set: {log: 1}}]\n", "repeat needs a whole number, got true"),
    "a list indexed by true": ("  - set: {x: true}\n  - set: {log: \"[5, 6][x]\"}\n", "a list is indexed by a whole number, not true"),
    "a map keyed by a list": ('  - set: {log: "{[1, 2]: 1}"}\n', "a map's key cannot be a list: a number, a word"),
    # min of a variable is not known to be whole before the game (it was refused outright: E120)
    "a range up to a fraction's minimum": ('  - set: {x: 2.5}\n  - set: {log: "range(min(x, 5))"}\n', "range() takes whole numbers"),
}


def test_the_smaller_of_a_variable_and_a_whole_number_may_be_a_count(tmp_path):
    """`range(1, min(coins[me], 5) + 1)`: bid 1..5, at most what you hold (E120 'this is a number' before)."""
    path = ruleset(tmp_path, '  - set: {x: 7}\n  - set: {log: "count(range(1, min(x, 5) + 1)) + count(take([1, 2, 3], max(x, 1)))"}\n')
    assert not check_file(path).errors
    game = Game(load_ruleset(path), 2, seed=0)
    assert game.state.vars["log"] == 5 + 3


@pytest.mark.parametrize("case", list(RUNTIME))
def test_a_value_of_a_wrong_kind_at_run_time_stops_the_game_at_the_rule(tmp_path, case):
    flow, message = RUNTIME[case]
    path = ruleset(tmp_path, flow)
    report = check_file(path)
    assert not report.errors, [str(f.diagnostic) for f in report.errors]
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(path), 2, seed=0)
    said = str(info.value)
    assert "R100" in said and message in said, said
    assert not any(word in said for word in PYTHON_WORDS), said


FRACTION = "('/' gives a fraction; use '//' for whole-number division)"


@pytest.mark.parametrize("flow, message", [
    ('  - set: {x: 3}\n  - set: {log: "[5, 6][x / 2]"}\n', "a list is indexed by a whole number, not 1.5"),
    ('  - set: {x: 3}\n  - set: {log: "score[x / 2]"}\n', "a list is indexed by a whole number, not 1.5"),
    ('  - set: {x: 3}\n  - set: {log: "count(hand[x / 2])"}\n', "a list is indexed by a whole number, not 1.5"),
    ('  - set: {x: 3}\n  - set: {log: "put([5, 6], x / 2, 0)"}\n', "a list is indexed by a whole number, not 1.5"),
    ('  - set: {x: 3 / 2}\n  - set: {log: "left(0, x)"}\n', "left()'s count of places must be a whole number, got 1.5"),
    ('  - set: {x: 3 / 2}\n  - set: {log: "range(x)"}\n', "range() takes whole numbers"),
])
def test_a_fraction_where_a_whole_number_is_due_at_run_time_says_to_use_whole_number_division(tmp_path, flow, message):
    """`xs[x / 2]` passes the checks (`/` of numbers that divide gives a whole number) and fails only where x is odd: the
    rule's R100 carries the hint `validate` gives where it knows the fraction before the game (E120)."""
    path = ruleset(tmp_path, flow)
    assert not check_file(path).errors
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(path), 2, seed=0)
    assert "R100 rule 'set' failed in its value" in str(info.value) and f"{message} {FRACTION}" in str(info.value), str(info.value)


@pytest.mark.parametrize("flow, log", [
    ('  - set: {x: 2.5}\n  - repeat: "x // 1"\n    do: [{set: {log: "log + 1"}}]\n', 2),  # a variable's fraction
    ('  - repeat: "7.5 // 2"\n    do: [{set: {log: "log + 1"}}]\n', 3),                    # known before the game
    ('  - set: {x: 2.5}\n  - set: {log: "[5, 6, 7][x // 1]"}\n', 7),
    ('  - set: {x: 3}\n  - set: {log: "range(x / 2 // 1)"}\n', [0]),
    ('  - set: {log: "-7.5 // 2"}\n', -4),
    ('  - set: {x: 2.5}\n  - set: {log: "x // 0.5 + 1"}\n', 6),
])
def test_floor_division_of_a_fraction_is_a_whole_number_where_one_is_due(tmp_path, flow, log):
    """`//` of a fraction gave a fraction (`7.5 // 2` was 3.0), which every count, index and seat refuses (`repeat needs
    a whole number, got 2.0`; E120 before the game), though the hint for '/' says to use '//': it is whole now."""
    path = ruleset(tmp_path, flow)
    assert not check_file(path).errors, [str(f.diagnostic) for f in check_file(path).errors]
    got = Game(load_ruleset(path), 2, seed=0).state.vars["log"]
    assert got == log and type(got) is type(log), got


@pytest.mark.parametrize("flow, message", [
    ('  - set: {x: 1.0e15}\n  - set: {x: "x * x * 1.0"}\n  - set: {log: "x / 1"}\n', "a whole number beyond the limit"),
    ('  - set: {x: 1.0e15}\n  - set: {x: "x * x * 1.0"}\n  - set: {log: "x // 1"}\n', "a whole number beyond the limit"),
    ('  - set: {x: 1.0e15}\n  - set: {x: "x * x * 1.0"}\n  - set: {log: "x // 1000000000000000"}\n',
     "a whole number beyond the limit"),  # a fraction past 2^53 is no exact number, whatever the quotient
    ('  - set: {x: 1.0e15}\n  - set: {log: "x // 0.01"}\n', "a whole number beyond the limit"),
    ('  - set: {x: 9007199254740992}\n  - set: {log: "x / 0.5"}\n', "a whole number beyond the limit"),
    # `a // 0.5` is larger than a: what `*` of it may reach is not known before the game, and is checked when it runs
    ('  - set: {log: "first(deck).rank // 0.000000001 * 10000000"}\n', "a whole number beyond the limit"),
    ('  - set: {x: 0}\n  - set: {log: "7.5 // x"}\n', "division by zero"),
])
def test_division_past_the_limit_stops_the_game_at_the_rule(tmp_path, flow, message):
    """`x / 1` of a fraction past 2^53 (`*` of fractions makes one: 1.0e30) made a whole number of 31 digits, and `//`
    kept the fraction, where `+` of whole numbers past the limit stops with R100: `/` and `//` stop too."""
    path = ruleset(tmp_path, flow)
    assert not check_file(path).errors
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(path), 2, seed=0)
    assert "R100 rule 'set' failed in its value" in str(info.value) and message in str(info.value), str(info.value)


@pytest.mark.parametrize("flow", [
    "  - set: {x: 3 / 2}\n  - score: {player: x, add: 1}\n",
    "  - set: {x: 3 / 2}\n  - score: {player: x, add: 1, floor: 0}\n",
    '  - set: {x: 3 / 2}\n  - for: "p in [x]"\n    do: [{score: {player: p, add: 1}}]\n',
], ids=["a variable", "with a floor", "a loop's item"])
@pytest.mark.parametrize("fused", [True, False], ids=["fused", "by its handler"])
def test_a_score_for_a_fraction_of_a_seat_says_to_use_whole_number_division(tmp_path, monkeypatch, flow, fused):
    """`score: {player: h}` with h 1.5 said only 'score needs a seat, got 1.5', though `player: 3 / 2` gets the hint
    before the game (E120): the rule's R100 carries it too, from the fused runner and from the effect's handler."""
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
    path = ruleset(tmp_path, flow)
    assert not check_file(path).errors
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(path), 2, seed=0)
    assert "R100 rule 'score' failed in its player" in str(info.value), str(info.value)
    assert f"score needs a seat (0..1), got 1.5 {FRACTION}" in str(info.value), str(info.value)


# a seat or a count read from a variable (type any) that holds a fraction: `validate` cannot know it, the rule's R100 says
# the hint `validate` gives where it knows the fraction before the game (E120: `repeat: "count(deck) / 2"`)
FRACTION_AT_RUN_TIME = {
    "a decision's player": ("  - decide: pass\n    player: x\n", "rule 'decide' failed in its player",
                            "the deciding player must be a seat (0..1), got 1.5"),
    "a turns loop's first seat": ("  - turns: x\n    do: [{decide: pass}]\n", "rule 'turns' failed in its first",
                                  "turns starts at a seat (a whole number), got 1.5"),
    "a repeat's count": ("  - repeat: x\n    do: [{set: {log: 1}}]\n", "rule 'repeat' failed in its count",
                         "repeat needs a whole number, got 1.5"),
    # (a loop whose body decides runs by frames, not as one runner: the game's descent, its statement loop's repeat)
    "a deciding repeat's count": ("  - repeat: x\n    do: [{decide: pass, player: 0}]\n", "rule 'repeat' failed in its count",
                                  "repeat needs a whole number, got 1.5"),
    "a deal's count": ("  - deal: {from: deck, to: hand, count: x}\n", "rule 'deal' failed",
                       "deal's count must be a whole number, 0 or more, got 1.5"),
    "round_score's seat": ('  - set: {log: "round_score(1, x)"}\n', "rule 'set' failed in its value",
                           "round_score()'s seat must be a seat (0..1), got 1.5"),
    "a per-seat variable's seat": ('  - set: {"bid[x]": 1}\n', "rule 'set' failed", "seat 1.5 is out of range for 'bid'"),
    "a simultaneous step's players": ('  - simultaneous: pass\n    players: "[x]"\n', "rule 'simultaneous' failed",
                                      "the players of a simultaneous step must be a list of seats (0..1), got [1.5]"),
}


@pytest.mark.parametrize("case", list(FRACTION_AT_RUN_TIME))
@pytest.mark.parametrize("first", [True, False], ids=["the game's first step", "after a decision"])
@pytest.mark.parametrize("fused", [True, False], ids=["fused", "by its handler"])
def test_a_fraction_of_a_seat_or_a_count_at_run_time_says_to_use_whole_number_division(tmp_path, monkeypatch, case, first,
                                                                                        fused):
    """`repeat: x` with x 1.5 said only 'repeat needs a whole number, got 1.5' (so did a decision's player, a turns loop's
    first seat, a deal's count, round_score's seat, a per-seat variable's seat and a simultaneous step's players),
    though `repeat: 3 / 2` gets the hint before the game (E120): the rule's R100 carries it too, wherever the rule is
    run (the game's descent to its first decision, the statement loop after one, a fused runner, a handler)."""
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
    flow, failed, message = FRACTION_AT_RUN_TIME[case]
    path = ruleset(tmp_path, ("" if first else "  - decide: pass\n    player: 0\n") + "  - set: {x: 3 / 2}\n" + flow)
    assert not check_file(path).errors, [str(f.diagnostic) for f in check_file(path).errors]
    with pytest.raises(PhiltreError) as info:
        game = Game(load_ruleset(path), 2, seed=0)
        game.apply(0, game.options(0)[0])
    said = str(info.value)
    assert f"R100 {failed}" in said and f"{message} {FRACTION}" in said, said


def test_none_compared_with_a_literal_prints_no_python_warning(tmp_path):
    """`none != 1` and `limit == none` (a definition that is a number) printed Python's 'SyntaxWarning: "is not" with a
    literal' on stderr: the generated code compared a literal by identity."""
    import os
    import subprocess
    import sys

    path = ruleset(tmp_path, '  - when: none != 1\n    set: {log: 1}\n'
                   '  - when: 0 == none\n    set: {log: 2}\n  - when: "\'a\' != none"\n    set: {log: 3}\n')
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}  # compiled afresh, not read from a cache
    done = subprocess.run([sys.executable, "-m", "philtre", "validate", "--smoke", "2", path], capture_output=True,
                          text=True, env=env, timeout=120)
    assert "SyntaxWarning" not in done.stderr + done.stdout, done.stderr
    assert "smoke 1 note" in done.stdout + done.stderr, done.stderr  # (0 == none is never so: L003, a warning)


def test_a_choice_named_with_a_word_of_the_language_is_refused(tmp_path):
    """`choose: {not: players}` named a choice no expression can read (`not` is an operator)."""
    path = tmp_path / "values.yaml"
    path.write_text(HEAD.replace("  pass: {}\n", "  pass: {}\n  act:\n    choose: {not: players}\n    do: [{set: {x: 1}}]\n")
                    + TAIL, encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).findings]
    assert any("S023 the choice 'not' is a word of the language" in line for line in said), said


@pytest.mark.parametrize("written, read", [("-9223372036854775808", -2**63), ("9223372036854775807", 2**63 - 1),
                                           ("9223372036854775808", None), ("-9223372036854775809", None)])
def test_a_whole_number_in_a_file_is_one_a_64_bit_number_holds(written, read):
    """`seed: -9223372036854775808` in a scenario was 'more than 63 bits', though --seed takes it."""
    from philtre.dsl import yamlpos

    if read is None:
        with pytest.raises(PhiltreError) as info:
            yamlpos.load_text(f"a: {written}\n".encode(), "f.yaml")
        assert info.value.first.code == "Y001"
    else:
        assert yamlpos.load_text(f"a: {written}\n".encode(), "f.yaml")["a"] == read


HEIGHTS = '  - set: {log: "height(2)"}\n'
HEIGHTS_DEFINED = "define:\n  heights: \"[3, 5, 7]\"\n  height(s): heights[s - 1.5]\nactions:\n"


def test_a_fraction_no_division_made_is_said_to_be_one_not_blamed_on_division(tmp_path):
    """`heights[s - 1.5]` has no '/' anywhere: L009 and R100 said "'/' gives a fraction; use '//'", sending the author
    to look for a division there is none of; they say the value is a fraction, and L009 names the definition it fails
    in (it pointed at the call alone)."""
    path = tmp_path / "values.yaml"
    path.write_text((HEAD + HEIGHTS + TAIL).replace("actions:\n", HEIGHTS_DEFINED), encoding="utf-8")
    [lint] = [f.diagnostic for f in check_file(str(path)).findings]
    assert lint.code == "L009" and lint.message.endswith("not 0.5 (the value is a fraction)"), str(lint)
    assert f"it fails in definition 'height' at {path}:" in lint.hint, str(lint)
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2, seed=0)
    said = str(info.value)
    assert "R100 rule 'set' failed in its value `height(2)`: a list is indexed by a whole number, not 0.5 (the value is a fraction)" in said
    assert "'/'" not in said, said


def test_a_fraction_a_definition_used_made_with_division_still_says_to_use_whole_number_division(tmp_path):
    """The '/' is in a definition the failing one calls: the hint still points at it."""
    path = tmp_path / "values.yaml"
    defined = HEIGHTS_DEFINED.replace("heights[s - 1.5]", "heights[half(s)]\n  half(n): n / 4")
    path.write_text((HEAD + HEIGHTS + TAIL).replace("actions:\n", defined), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2, seed=0)
    assert f"not 0.5 {FRACTION}" in str(info.value), str(info.value)


def test_a_map_looked_up_by_a_key_it_lacks_says_so_and_names_its_keys(tmp_path):
    """It said "no entry 'foreign_aid'", and the run appended "in the game of index 0", which read as the game lacking
    it: the R100 says a map has no such key and which keys it has, and the run names its game after a '; '."""
    from philtre.interpreter.simulate import in_game

    flow = "  - set: {x: \"'foreign_aid'\"}\n  - set: {log: \"{'tax': 'duke', 'steal': 'captain'}[x]\"}\n"
    path = ruleset(tmp_path, flow)
    rules = load_ruleset(path)
    with pytest.raises(PhiltreError) as info:
        Game(rules, 2, seed=0)
    assert "the map has no key 'foreign_aid' (its keys are 'tax' and 'steal')" in str(info.value), str(info.value)
    told = str(in_game(info.value, rules, 3, 17))
    assert told.endswith("(its keys are 'tax' and 'steal'); this stopped game 4 of the run (seed 17) of values"), told
    assert "in the game" not in told, told


TIED = """philtre: 1
game: tied
players: 2
components:
  card: {attributes: {value: [1, 2]}, copies: 2, start: deck}
zones:
  deck: {}
variables:
  log: 0
flow:
  - set: {log: "ORDER"}
"""


@pytest.mark.parametrize("order", ["[pr[1] for pr in sorted([c.value, c] for c in deck)]", "max([c.value, c] for c in deck)[1]"])
def test_components_put_in_order_name_an_attribute_of_theirs_and_the_tie_safe_idiom(tmp_path, order):
    """A user's The Mind sorted `[c.value, c]` pairs, as the docs said to for seats: two equal values compared the cards,
    and the R100 hint named `c.rank`, an attribute of another game. It names one of the compared components' own, and
    `sorted_by`, which compares the keys only, and `[c.value, c.id, c]`, whose id breaks ties before the components are
    reached; that idiom orders them, lowest first."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(TIED.replace("ORDER", order))
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2, seed=0)
    said = str(info.value)
    assert "R100" in said and "sorted(c.value for c in xs)" in said and "[c.value, c.id, c]" in said, said
    assert "sorted_by([c.value, c] for c in xs)" in said, said
    assert "rank" not in said, said
    path.write_text(TIED.replace("ORDER", "[t[2].value for t in sorted([c.value, c.id, c] for c in deck)]"))
    assert Game(load_ruleset(str(path)), 2, seed=0).state.vars["log"] == [1, 1, 2, 2]


def test_a_grid_reader_in_a_ruleset_with_no_grid_says_how_one_is_declared(tmp_path):
    """With no grid to list, E120 of pieces_at(deck, ..) says how a zone is made a grid; read of a grid, none."""
    path = tmp_path / "values.yaml"
    path.write_text((HEAD + '  - set: {log: "count(pieces_at(deck, 0, 0))"}\n' + TAIL)
                    .replace("  board: {grid: {resolution: 1}}\n", ""), encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).findings]
    assert any("E120 pieces_at() reads a grid zone; 'deck' is not one (a grid zone is declared with grid: "
               "(deck: {grid: true}))" in line for line in said), said
    assert not [line for line in said if "E120" in line and "board" in line]
