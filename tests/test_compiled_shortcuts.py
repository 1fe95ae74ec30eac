"""Shortcuts the compiler takes where a ruleset allows them give the values the plain code gives.

A definition that is a literal (a number, a word) is written where it is used, and so
is a small one of plain reads and tests called with plain names; ``count`` of a zone or of a
list written out is its length; an expression sets up the per-evaluation memo only where
some definition may be called twice in it (``Compiler._may_repeat``); a listing of options
computes parts of the condition ahead, and one that fails there is computed where it stands.
"""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.compiler import Compiler, Define, Symbols
from philtre.dsl.errors import Loc
from philtre.dsl.parser import parse
from philtre.interpreter import Game

RULESET = """\
philtre: 1
game: shortcuts
players: 2
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  pile: {each: player, visible: everyone}
variables: {a: 0, b: 0, c: 0, d: 0, e: 0}
define:
  limit: 13
  three: "[1, 2, 3]"
  total(z): sum(x.v for x in z)
  heavy(z): total(z) > 4
  light(c): c.v < 3
  above_seat(c): c.v > me
actions:
  take:
    choose: {chip: bag}
    if: count(pile[me]) < limit and chip.v + total(pile[me]) <= limit and (light(chip) or above_seat(chip))
    do:
      - move: chip -> pile[me]
flow:
  - set: {a: "limit + count(bag)", b: "count([x for x in bag if x.v > 1]) + count([1, 2])"}
  - set: {e: "[x.v for x in bag if light(x)]"}
  - set: {c: "count(three) if heavy(bag) and total(bag) == 12 else 0"}
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: take
  - set: {d: "[total(pile[p]) for p in players]"}
winners: {highest: "score[p]"}
"""


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory):
    path = tmp_path_factory.mktemp("shortcuts") / "ruleset.yaml"
    path.write_text(RULESET)
    return load_ruleset(str(path))


def test_literal_definitions_and_counts_give_the_plain_values(ruleset):
    game = Game(ruleset, 2, seed=1)
    assert game.state.vars["a"] == 13 + 6  # limit, and the six chips in the bag
    assert game.state.vars["b"] == 4 + 2  # the chips worth 2 or 3, and a list of two
    assert game.state.vars["c"] == 3
    assert sorted(game.state.vars["e"]) == [1, 1, 2, 2]
    # seat 0 may take any chip (light, or worth more than 0); seat 1 the light ones and the 3s
    assert sorted(o.args[0][1]["v"] for o in game.options(0)) == [1, 2, 3]
    while not game.finished:
        for p in game.pending():
            game.apply(p, game.options(p)[0])
    assert sorted(game.state.vars["d"]) == [6, 6]


DEFINES = {"total": ("z", "sum(x.v for x in z)"), "heavy": ("z", "total(z) > 4"),
           "values": ("z", "[x.v for x in z]"), "limit": ("", "13")}


@pytest.mark.parametrize("text, repeats", [
    ("total(bag)", False),                          # one call
    ("heavy(bag)", False),                          # heavy calls total once
    ("heavy(bag) and total(bag) > 1", True),        # total twice, written out
    ("[total(z) for z in pile]", True),             # once per item
    ("count([v for v in values(bag)])", False),     # the first collection is read once
    ("[v for v in values(bag) if heavy(bag)]", True),   # a condition: once per item
    ("limit + count(bag)", False),
])
def test_the_memo_is_set_up_only_where_a_definition_may_repeat(text, repeats):
    compiler = Compiler(Symbols(zones={"bag": "single", "pile": "family"}, defines={
        name: Define(name, tuple(p for p in params.split(",") if p), body, Loc("test"), parse(body, Loc("test")))
        for name, (params, body) in DEFINES.items()}))
    assert compiler._may_repeat(parse(text, Loc("test"))) is repeats


GUARDED = """\
philtre: 1
game: guarded
players: 2
components:
  token: {attributes: {value: [1, 5]}, start: bag}
zones:
  bag: {visible: everyone}
  pile: {copies: 3, visible: everyone}
define:
  top(z): first(z).value        # fails on an empty pile: an attribute of none
actions:
  take:                         # two parameters: top(from) is computed once per pile
    choose: {from: pile, n: "[1, 2, 3]"}
    if: count(from) > 0 and top(from) > n
  peek:                         # one parameter: top(from) is computed into a table of the piles
    choose: {from: pile}
    if: count(from) > 0 and top(from) >= 5
flow:
  - move: "first([t for t in bag if t.value == 1]) -> pile[0]"
  - move: "first(bag) -> pile[2]"
  - decide: [take, peek]
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_part_computed_ahead_may_fail_where_the_condition_never_reads_it(tmp_path):
    """The listing computes top(from) ahead for every pile; the empty one makes it fail, yet
    the condition as written never reads it there: the options are those the rule allows."""
    path = tmp_path / "guarded.yaml"
    path.write_text(GUARDED)
    game = Game(load_ruleset(str(path)), 2, seed=0)
    assert [o.label() for o in game.options(0)] == [
        "take(from=pile[2], n=1)", "take(from=pile[2], n=2)", "take(from=pile[2], n=3)", "peek(from=pile[2])"]


SCORING = """\
philtre: 1
game: scoring
players: 3
components:
  chip: {attributes: {v: [1, 2, 4, 8, 16, 32]}, start: bag}
zones:
  bag: {}
  pile: {each: player}
define:
  held(p): sum(c.v for c in pile[p])
  most: max([held(q) for q in players])
  low: min(score)
flow:
  - deal: {from: bag, to: "[pile[p] for p in players]"}    # unshuffled: 32 4 | 16 2 | 8 1
  - for: p in players
    do:
      - score: {player: p, add: "most - held(p) + 10 * p"}
  - for: p in players
    do:
      - score: {player: p, add: "low + 1"}
winners: {highest: "score[p]"}
"""


def test_a_scoring_loop_shares_one_memo_only_where_no_definition_reads_a_score(tmp_path):
    """The first loop's `most` is found once for all seats; the second loop's `low` changes as seats score, so each pass reads it anew."""
    from philtre.interpreter.runners import _only_scores

    path = tmp_path / "scoring.yaml"
    path.write_text(SCORING)
    ruleset = load_ruleset(str(path))
    assert [_only_scores(stmt.args["body"]) for stmt in ruleset.flow[1:]] == [True, False]
    # held 36, 18, 9 and most 36: 0, 28, 47; then low is 0, 1, 1 as the seats score in turn
    assert Game(ruleset, 3, seed=1).state.scores == [0 + 1, 28 + 2, 47 + 2]
