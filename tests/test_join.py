"""join(xs, sep): one word of the items' texts (language.md, join), where a Battle Line trial's show: definition wrote
' '.join(...), "E102 values have no methods"."""

from __future__ import annotations

import pytest

from philtre.dsl import builtins
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.parser import parse
from philtre.dsl.validate import check_file
from test_index_of_item import _value, _write  # (a small game whose flow sets a variable to an expression; deck: 3, 1, 4)


@pytest.mark.parametrize("expr, said", [
    ("join(['a', 'b', 'c'], ' ')", "a b c"),
    ("join([c.rank for c in deck], '-')", "3-1-4"),          # numbers written as numbers
    ("join([1, 7 / 2, 6 / 3, true, none], ',')", "1,3.5,2,true,none"),
    ("join([], ', ')", ""),
    ("join(['x'], ', ')", "x"),
    ("join(['a', 'b'], '')", "ab"),
    ("'seats: ' + join(players, ' and ')", "seats: 0 and 1"),
])
def test_the_items_written_with_the_word_between_them(tmp_path, expr, said):
    assert _value(tmp_path, expr) == said


@pytest.mark.parametrize("expr, said", [
    ("join(3, ' ')", "E123 join() needs a collection"),
    ("join(['a'])", "E140 join() takes 2 argument(s), got 1"),
    ("join(['a'], [1])", "E120 join() needs a number, a word, true, false or none here"),
    ("join(['a'], ' ') + 1", "E124"),                         # a word
])
def test_a_wrong_argument_is_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


@pytest.mark.parametrize("xs, sep, said", [
    ([[1]], " ", "join() writes numbers, words, true, false or none, got [1] among the items"),
    (["a"], 3, "join() puts a word between the items, got 3"),
    (["x" * 600_000, "y" * 600_000], "", "join() makes a word of 1,200,000 characters; the limit is 1,000,000"),
])
def test_what_it_cannot_write_stops_the_game(xs, sep, said):
    with pytest.raises(builtins.RuleRuntimeError, match=said.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        builtins.b_join(xs, sep)


def test_it_charges_the_items_and_the_characters():
    builtins.WORK[0] = builtins.WORK_LIMIT
    assert builtins.b_join(["ab", "cd", "e"], "--") == "ab--cd--e"
    assert builtins.WORK[0] == builtins.WORK_LIMIT - 3 - 9
    builtins.WORK[0] = builtins.WORK_LIMIT


def test_pythons_join_method_is_told_to_call_join():
    with pytest.raises(PhiltreError, match=r"values have no methods: join\(xs, sep\) makes one word of the items"):
        parse("' '.join(xs)", Loc("r.yaml", 1, 1))
