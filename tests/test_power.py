"""`a ** b`: a whole number to a whole power of 0 or more (language.md, Operators and precedence), bounded so that an
untrusted ruleset cannot make a huge number; a Farkle trial was told "there is no **: multiply (x * x)"."""

from __future__ import annotations

import time

import pytest

from philtre.dsl import ast
from philtre.dsl.compiler import _pow
from philtre.dsl.builtins import RuleRuntimeError
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.parser import parse
from philtre.dsl.schema import _assignment_parts
from philtre.dsl.validate import check_file
from test_index_of_item import _value, _write  # (a small game whose flow sets a variable to an expression)


@pytest.mark.parametrize("expr, got", [
    ("2 ** 10", 1024),
    ("3 ** 0", 1),
    ("0 ** 0", 1),
    ("-2 ** 2", -4),                 # binds tighter than a prefix '-' on its left, as in Python
    ("(-2) ** 3", -8),
    ("2 ** 3 ** 2", 512),            # right-associative: 2 ** (3 ** 2)
    ("(2 ** 3) ** 2", 64),
    ("2 * 3 ** 2", 18),              # tighter than '*'
    ("2 ** 2 * 3", 12),
    ("count(deck) ** 2", 9),
    ("2 ** 53", 2 ** 53),            # the largest whole number allowed
    ("1 ** 9007199254740992", 1),    # a power past 53 of 1, 0 or -1 is no large number
    ("(-1) ** 9007199254740991", -1),
    ("n ** k", 1000),                # values known only at run time
])
def test_a_power_of_whole_numbers(tmp_path, expr, got):
    assert _value(tmp_path, expr, initial="  n: 10\n  k: 3\n") == got


@pytest.mark.parametrize("text, written", [
    ("-2 ** 2", "-2 ** 2"), ("(-2) ** 2", "(-2) ** 2"), ("2 ** 3 ** 2", "2 ** 3 ** 2"), ("(2 ** 3) ** 2", "(2 ** 3) ** 2"),
    ("(a * b) ** 2", "(a * b) ** 2"), ("a * b ** 2", "a * b ** 2"), ("x.y ** f(2)", "x.y ** f(2)"),
])
def test_written_back_as_it_reads(text, written):
    """ast.text writes a power with the parentheses its meaning needs (right-associative: the left one wrapped)."""
    assert ast.text(parse(text, Loc("r.yaml", 1, 1))) == written


@pytest.mark.parametrize("a, b, said", [
    (2, -1, "'**' takes a power of 0 or more, got -1"),
    (2, 54, "a whole number beyond the limit"),
    (3, 34, "a whole number beyond the limit"),        # 3 ** 34 > 2 ** 53, computed and refused
    (-2, 60, "a whole number beyond the limit"),
    (2.5, 2, "'**' raises a whole number to a whole power, got 2.5 ** 2 ('/' gives a fraction"),
    (True, 2, "'**' raises a whole number to a whole power"),
    (2, None, "'**' raises a whole number to a whole power"),
])
def test_a_power_refused_as_the_game_runs(a, b, said):
    with pytest.raises(RuleRuntimeError) as caught:
        _pow(a, b)
    assert said in str(caught.value), str(caught.value)


def test_a_huge_power_is_refused_at_once():
    """10 ** (2 ** 53) would take memory and hours: refused before it is computed."""
    started = time.perf_counter()
    with pytest.raises(RuleRuntimeError, match="beyond the limit"):
        _pow(10, 2 ** 53)
    assert time.perf_counter() - started < 0.1


def test_a_power_past_the_limit_stops_the_game_at_the_rule(tmp_path):
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, "n ** n", initial="  n: 20\n")
    message = str(caught.value)
    assert "R100 rule 'set' failed" in message and "a whole number beyond the limit" in message, message


@pytest.mark.parametrize("expr, said", [
    ("'a' ** 2", "E124 '**' needs numbers, got a word"),
    ("deck ** 2", "E124 '**' needs numbers, got a zone"),
    ("(count(deck) / 2) ** 2", "E124 '**' raises a whole number to a whole power, but this may be a fraction"),
    ("2 ** (count(deck) / 2)", "E124 '**' raises a whole number to a whole power, but this may be a fraction"),
    ("(2 ** 3) + 'a'", "E124 cannot add a whole number and a word"),            # typed a whole number
])
def test_a_wrong_side_is_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


def test_a_fraction_is_told_where_the_slash_made_it(tmp_path):
    [finding] = check_file(str(_write(tmp_path, "(count(deck) / 2) ** 2")), lints=False).findings
    assert finding.diagnostic.hint == "'/' gives a fraction; use '//' for whole-number division", finding.diagnostic.hint


def test_a_caret_is_told_to_write_a_power():
    with pytest.raises(PhiltreError, match=r"E101 unexpected character '\^' in expression \(no such operator: a power is written x \*\* 2\)"):
        parse("x ^ 2", Loc("r.yaml", 1, 1))


def test_an_assignment_written_with_a_power_is_split_at_it():
    """`n **= 2`, Python's: the name and the operator as written (it was `n *` and `*`)."""
    assert _assignment_parts("n **= 2") == ("n", "**", "2")
