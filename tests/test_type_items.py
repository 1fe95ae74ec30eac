"""What the static checker knows of a list's items is used: a sum, maximum, minimum or order of items that cannot be
added up or ordered (true and false, words, components) is E120 before the game, a word looked in for another kind is
E124, and a sum stays within the language's +-2^53 with the compiled shortcuts on and off (docs/language.md, "sum",
"`in` and `not in`", "What is not possible")."""

from __future__ import annotations

import re

import pytest

from philtre.dsl import compiler, load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

BIG = 2**53  # the largest whole number the language keeps
LIMIT = "a whole number beyond the limit of +-9,007,199,254,740,992"

HEAD = f"""\
philtre: 1
game: items
players: 2
components:
  card: {{attributes: {{rank: [1, 2, 3], half: {BIG // 2}, poisonous: [true, false], color: [red, blue]}}, start: deck}}
zones:
  deck: {{}}
variables:
  one: 1
  five: 5
  big: {BIG}
  got: 0
define:
  total(z): sum(c.half for c in z)
  twice: sum(x for x in [{BIG}, {BIG}])
  doubled(n): n + n
actions:
  go: {{}}
"""


@pytest.fixture(params=[True, False], ids=["shortcuts", "plain"])
def shortcuts(request, monkeypatch):
    monkeypatch.setattr(compiler, "SHORTCUTS", request.param)
    return request.param


def _write(tmp_path, expr: str) -> str:
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + f"flow:\n  - set: {{got: {expr!r}}}\n  - decide: go\n    player: 0\n")
    return str(path)


def _findings(tmp_path, expr: str) -> list:
    """The (code, message, hint) of each finding of the ruleset that sets ``expr`` at the start, [] where it loads."""
    try:
        load_ruleset(_write(tmp_path, expr))
    except PhiltreError as e:
        return [(d.code, d.message, d.hint) for d in e.diagnostics]
    return []


def _run(tmp_path, expr: str):
    """The value of ``expr`` set to a variable at the game's start, or the first line of the error it stops with."""
    try:
        return Game(load_ruleset(_write(tmp_path, expr)), 2).state.vars["got"]
    except PhiltreError as e:
        return str(e).splitlines()[0]


@pytest.mark.parametrize("expr, rewrite, value", [
    ("sum([c.poisonous for c in deck])", "count(c for c in deck if c.poisonous)", 6),
    ("sum(c.poisonous for c in deck if c.rank > 1)", "count(c for c in deck if c.rank > 1 if c.poisonous)", 4),
    ("sum([true, false])", "count(x for x in [true, false] if x)", 1),
])
def test_a_sum_of_true_or_false_is_refused_with_the_count_to_write(tmp_path, shortcuts, expr, rewrite, value):
    """LR3: Python counted true as 1, so `sum(c.poisonous ...)` passed validate and counted; the hint's count does it."""
    (code, message, hint), = _findings(tmp_path, expr)
    assert code == "E120" and "true or false" in message and rewrite in hint, (code, message, hint)
    assert _run(tmp_path, rewrite) == value


@pytest.mark.parametrize("expr, kept, value", [
    ("max(c.poisonous for c in deck)", "max(c.rank for c in deck)", 3),
    ("min([true, false])", "min([2, 1])", 1),
    ("sorted(c.poisonous for c in deck)", "sorted(['b', 'a'])", ["a", "b"]),
    ("max(true, 1)", "max(2, 5)", 5),
    ("sum(['a'])", "count(['a'])", 1),
    ("sum(c.color for c in deck)", "max(c.color for c in deck)", "red"),
    ("max(deck)", "max(c.rank for c in deck)", 3),
    ("min(c for c in deck)", "min(c.rank for c in deck)", 1),
    ("sorted(deck)", "sorted(distinct(c.rank for c in deck))", [1, 2, 3]),
    ("sum(deck)", "sum(c.rank for c in deck)", 24),
])
def test_items_that_cannot_be_added_or_ordered_are_refused(tmp_path, shortcuts, expr, kept, value):
    """LR3, LR5: true and false were ordered as 0 and 1; words added up and components ordered passed validate and
    failed at every evaluation. Numbers and words are still added up and ordered (``kept``)."""
    (code, message, hint), = _findings(tmp_path, expr)
    assert code == "E120" and message.startswith(expr.split("(")[0] + "()"), (code, message)
    if "deck" in expr and "c." not in expr:  # components: the hint says to take an attribute
        assert re.search(r"\(c\.[a-z]+ for c in deck\)", hint), hint
    assert _run(tmp_path, kept) == value


def test_a_word_looked_for_a_number_in_is_refused(tmp_path):
    """LR5: `1 in "abc"` passed validate and failed with Python's words at every evaluation; a word in a word is kept."""
    (code, message, _), = _findings(tmp_path, '1 in "abc"')
    assert code == "E124" and "word" in message and "whole number" in message, message
    assert _run(tmp_path, "'b' in 'abc'") is True


@pytest.mark.parametrize("expr, message", [
    ('one in "abc"', "'in' with a word on its right looks for a word in it, not for a whole number"),
    ("1 in five", "'in' needs a list, a zone, a map or a word on its right, got 5"),
])
def test_a_bad_in_at_run_time_speaks_the_language(tmp_path, shortcuts, expr, message):
    """LR5: the message was Python's (`'in <string>' requires string as left operand, not int`)."""
    got = _run(tmp_path, expr)
    assert isinstance(got, str) and "R100" in got and message in got, got


@pytest.mark.parametrize("expr, within, value", [
    (f"sum([{BIG}, {BIG}])", f"sum([{BIG}, 0])", BIG),                        # the builtin's call
    ("sum(c.half for c in deck)", "sum(c.half for c in deck if c.rank == 1 and c.poisonous and c.color == 'red')",
     BIG // 2),                                                                # a fold of a zone's attribute (12 cards)
    ("sum(c.half for c in deck) + 1", "sum(c.half for c in deck if c.rank == 1 and c.poisonous and c.color == 'red') + 1",
     BIG // 2 + 1),                                                            # ... inside an expression
    ("total(deck)", "total([])", 0),                                          # ... a definition's body
    ("twice", f"sum(x for x in [{BIG}, -{BIG}])", 0),                          # ... a definition of no argument
    (f"sum(x for x in [{BIG}, 1] for y in [1, 2])", f"sum(x for x in [{BIG}, 0] for y in [1])", BIG),  # two loops
    ("sum(x for x in [big, big])", "sum(x for x in [big, 0])", BIG),          # a variable's values
])
def test_a_sum_past_the_limit_stops_the_game(tmp_path, shortcuts, expr, within, value):
    """A sum of whole numbers near the limit stored 2^54 (the language's `+` stops at +-2^53); up to it, it is kept."""
    got = _run(tmp_path, expr)
    assert isinstance(got, str) and "R100" in got and LIMIT in got, got
    assert _run(tmp_path, within) == value


@pytest.mark.parametrize("expr, within, value", [
    (f"{BIG} + {BIG}", f"{BIG} + 0 * {BIG}", BIG),                                   # numbers written out
    (f"(0 - {BIG}) - {BIG}", f"(0 - {BIG}) - 0", -BIG),
    (f"max(c.rank for c in deck) * {BIG // 2}", f"min(c.rank for c in deck) * {BIG // 2}", BIG // 2),  # an attribute
    (f"count(deck) * {BIG}", f"count([]) * {BIG}", 0),                                 # a count
    (f"doubled({BIG})", f"doubled({BIG // 2})", BIG),                                # a definition's parameter
    (f"[x * 2 for x in [{BIG}]]", f"[x * 2 for x in [{BIG // 2}]]", [BIG]),          # a comprehension's variable
    (f"[x + x for x in range({BIG - 2}, {BIG})]", f"[x - x for x in range({BIG - 2}, {BIG})]", [0, 0]),
])
def test_whole_arithmetic_past_the_limit_stops_the_game(tmp_path, shortcuts, expr, within, value):
    """`+`, `-` and `*` of whole numbers the checker types as whole (numbers written out, attributes, counts, a loop's
    numbers) were written inline, unchecked: `2^53 + 2^53` stored 2^54. Where their size is not known to stay within
    the limit they stop the game with the message `+` of a variable's value gives; up to it, they compute as before."""
    got = _run(tmp_path, expr)
    assert isinstance(got, str) and "R100" in got and LIMIT in got, got
    assert _run(tmp_path, within) == value


def test_a_sum_of_lists_in_a_definition_names_the_items_its_call_gives_and_hints_count(tmp_path):
    """A Cribbage trial's fifteens(cs): 2 * sum(s for s in subsets(cs) if ...): the body checked alone said "lists of
    values known only at run time", and the call, which gives a list of cards, said no more (same place, same code):
    the call's types name them, and the hint writes the count() meant."""
    path = tmp_path / "ruleset.yaml"
    text = HEAD.replace("define:\n", "define:\n  sevens(cs): 2 * sum(s for s in subsets(cs) if sum(c.rank for c in s) == 7)\n")
    path.write_text(text + "flow:\n  - set: {got: 'sevens([c for c in deck])'}\n  - decide: go\n    player: 0\n")
    with pytest.raises(PhiltreError) as failed:
        load_ruleset(str(path))
    [found] = failed.value.diagnostics
    assert found.code == "E120" and found.message == "sum() adds up numbers, but this holds lists of components", found.message
    assert found.hint.startswith("a list is no number; to count them, write count(s for s in subsets(cs) if "
                                 "sum(c.rank for c in s) == 7); when sevens() is given a list of components"), found.hint
