"""reversed(xs): the items in the opposite order, a zone's top first (language.md, reversed); snake order with it."""

from __future__ import annotations

import pytest

from philtre.dsl import builtins
from philtre.dsl.validate import check_file
from test_index_of_item import HEAD, _value, _write  # (a small game whose flow sets a variable to an expression)


@pytest.mark.parametrize("expr, got", [
    ("reversed([1, 2, 3])", [3, 2, 1]),
    ("reversed([])", []),
    ("[c.rank for c in reversed(deck)]", [4, 1, 3]),        # a zone's top first (deck is 3, 1, 4 from the bottom)
    ("reversed(c.rank for c in deck)", [4, 1, 3]),          # a comprehension without its brackets
    ("reversed(xs)", [5, 2, 4]),                            # a list known only at run time
    ("seats_from(1) + reversed(seats_from(1))", [1, 0, 0, 1]),   # snake order from seat 1 (2 players)
])
def test_the_items_in_the_opposite_order(tmp_path, expr, got):
    assert _value(tmp_path, expr, initial="  xs: {initial: [4, 2, 5]}\n") == got


def test_snake_order_with_four_players(tmp_path):
    head = HEAD.replace("players: 2", "players: 2..4")
    assert _value(tmp_path, "seats_from(2) + reversed(seats_from(2))", head=head, players=4) == [2, 3, 0, 1, 1, 0, 3, 2]


@pytest.mark.parametrize("expr, said", [
    ("reversed(3)", "E123 reversed() needs a collection"),
    ("reversed(deck, 1)", "E140 reversed() takes 1 argument(s), got 2"),
    ("reversed(deck) + 1", "E124"),                         # typed as sorted is: a list of what it is given
])
def test_a_wrong_argument_is_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


@pytest.mark.parametrize("typed", ["reverse", "reverse_list"])
def test_a_near_name_is_e141_with_reversed_as_its_hint(tmp_path, typed):
    findings = check_file(str(_write(tmp_path, f"{typed}(seats_from(0))")), lints=False).findings
    assert [(f.diagnostic.code, f.diagnostic.message, f.diagnostic.hint) for f in findings] == [
        ("E141", f"unknown function '{typed}'", "did you mean 'reversed'?")]


def test_it_charges_the_work_budget_for_the_items_it_reads():
    builtins.WORK[0] = builtins.WORK_LIMIT
    assert builtins.b_reversed(list(range(50)))[:2] == [49, 48]
    assert builtins.WORK[0] == builtins.WORK_LIMIT - 50
    builtins.WORK[0] = builtins.WORK_LIMIT


def test_a_ruleset_of_its_own_reversed_keeps_it(tmp_path):
    """A ruleset written before the builtin, with a definition of that name (as a trial wrote one), still loads and
    reads its own (L047 says it hides the builtin), not E132."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "define:\n  reversed(xs): take(xs, 1)\nvariables:\n  got: 0\n"
                    "flow:\n  - set: {got: 'reversed([1, 2])'}\n")
    codes = [f.diagnostic.code for f in check_file(str(path)).findings]
    assert "E132" not in codes and "L047" in codes, codes


def test_python_s_reversing_slice_is_e102_with_reversed_as_its_hint(tmp_path):
    [finding] = check_file(str(_write(tmp_path, "hand[0][::-1]")), lints=False).findings
    assert finding.diagnostic.code == "E102" and finding.diagnostic.hint.startswith("there are no slices: write reversed(hand[0]);")
