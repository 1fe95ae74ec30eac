"""take_last(xs, n): the last n items in their order, a deck's top n cards (language.md, take_last), beside take."""

from __future__ import annotations

import pytest

from philtre.dsl import builtins
from philtre.dsl.validate import check_file
from test_index_of_item import HEAD, _value, _write  # (a small game whose flow sets a variable to an expression)


@pytest.mark.parametrize("expr, got", [
    ("take_last([1, 2, 3], 2)", [2, 3]),                      # in their order, not reversed
    ("take_last([1, 2, 3], 3)", [1, 2, 3]),
    ("take_last([1, 2, 3], 7)", [1, 2, 3]),                   # all where there are fewer
    ("take_last([1, 2, 3], 0)", []),                          # none, not all (a slice [-0:] would be all)
    ("take_last([1, 2, 3], -2)", []),
    ("take_last([], 2)", []),
    ("[c.rank for c in take_last(deck, 2)]", [1, 4]),         # a zone's top two, the top last
    ("take(xs, 1) + take_last(xs, 1)", [4, 5]),
])
def test_the_last_items_in_their_order(tmp_path, expr, got):
    assert _value(tmp_path, expr, initial="  xs: {initial: [4, 2, 5]}\n") == got


def test_a_count_known_only_at_run_time(tmp_path):
    assert _value(tmp_path, "take_last(xs, n)", initial="  n: 2\n  xs: {initial: [4, 2, 5]}\n") == [2, 5]


@pytest.mark.parametrize("expr, said", [
    ("take_last(3, 1)", "E123 take_last() needs a collection"),
    ("take_last(deck, count(deck) / 2)", "E120 take_last() needs a whole number here"),
    ("take_last(deck, 1.5)", "E120"),
    ("take_last(deck)", "E140 take_last() takes 2 argument(s), got 1"),
    ("take_last(deck, 1) + 1", "E124"),
])
def test_a_wrong_argument_is_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


@pytest.mark.parametrize("n", [1.5, True, None, "2"])
def test_a_count_that_is_no_whole_number_fails_as_the_game_runs(n):
    with pytest.raises(builtins.RuleRuntimeError, match=r"take_last\(\) needs a whole number of items"):
        builtins.b_take_last([1, 2], n)


def test_it_charges_the_work_budget_for_the_items_it_reads():
    builtins.WORK[0] = builtins.WORK_LIMIT
    assert builtins.b_take_last(list(range(50)), 3) == [47, 48, 49]
    assert builtins.WORK[0] == builtins.WORK_LIMIT - 50
    builtins.WORK[0] = builtins.WORK_LIMIT


def test_a_definition_may_not_be_named_take_last(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "define:\n  take_last(xs, n): xs\nflow:\n  - shuffle: deck\n")
    codes = [f.diagnostic.code for f in check_file(str(path), lints=False).findings]
    assert codes == ["E132"], codes
