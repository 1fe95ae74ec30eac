"""`+` of a zone and a zone, or a list of components: the list of their components in order (language.md, List and map
literals), where it was E124 "cannot add two zones" (a Jaipur trial's subsets(hand[me] + herd[me], k))."""

from __future__ import annotations

import pytest

from philtre.dsl.validate import check_file
from test_index_of_item import _value, _write  # (a small game whose flow sets a variable to an expression; deck: 3, 1, 4)


@pytest.mark.parametrize("expr, got", [
    ("[c.rank for c in deck + hand[0]]", [3, 1, 4]),
    ("[c.rank for c in deck + deck]", [3, 1, 4, 3, 1, 4]),              # the components in order, bottom first, each time
    ("[c.rank for c in deck + [first(deck)]]", [3, 1, 4, 3]),
    ("[c.rank for c in [last(deck)] + deck]", [4, 3, 1, 4]),
    ("[c.rank for c in hand[1] + deck + hand[0] + deck]", [3, 1, 4, 3, 1, 4]),
    ("count(subsets(hand[0] + deck, 2))", 3),
    ("(hand[0] + deck)[1].rank", 1),                                    # read as a list of components
    ("count(deck + [c for c in deck if c.rank > 1])", 5),
])
def test_zones_join_as_the_lists_of_their_components(tmp_path, expr, got):
    assert _value(tmp_path, expr) == got


def test_a_value_of_unknown_type_joins_a_zone_as_a_list(tmp_path):
    assert _value(tmp_path, "count(xs + deck)", initial="  xs: {initial: []}\n") == 3


@pytest.mark.parametrize("expr", ["count(subsets(hand[0] + deck, 2))", "max(c.rank for c in deck + hand[1])",
                                  "count(c for c in hand[0] + hand[1] if c.rank > 1)"])
def test_the_sum_is_typed_a_list_of_components(tmp_path, expr):
    assert [str(f.diagnostic) for f in check_file(str(_write(tmp_path, expr)), lints=False).findings] == []


@pytest.mark.parametrize("expr, said", [
    ("count(deck + 1)", "E124 '+' needs numbers, got a zone"),
    ("count(deck + [hand[0]])", "E124 cannot add a zone and a list of zones"),
    ("count(deck + [1, 2])", "E124 cannot add a zone and a list of whole numbers"),
    ("sum(deck + hand[0])", "E120"),                                     # components, not numbers, to sum
    ("(deck + hand[0]) + 1", "E124"),
])
def test_a_meaningless_sum_is_still_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


def test_a_zone_and_a_list_of_numbers_is_told_to_list_an_attribute(tmp_path):
    [finding] = check_file(str(_write(tmp_path, "count(deck + [1, 2])")), lints=False).findings
    assert finding.diagnostic.hint.endswith("list an attribute of its components: [c.ATTRIBUTE for c in deck] + [1, 2]"), finding.diagnostic.hint
