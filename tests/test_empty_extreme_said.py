"""R100 for max() or min() of an empty collection gives the way out docs/language.md gives, a floor or a ceiling
(Hold'em trial: `max() of an empty collection ... in definition 'best'` said no more), whether the list is made or
the comprehension folded into a loop."""
from __future__ import annotations

import pytest

from philtre.dsl.builtins import RuleRuntimeError, b_max, b_min


@pytest.mark.parametrize("fn, said", [(b_max, "max([0] + [...])"), (b_min, "min([1000] + [...])")])
def test_the_extreme_of_an_empty_list_says_how_to_give_it_a_bound(fn, said):
    with pytest.raises(RuleRuntimeError) as info:
        fn([])
    assert "of an empty collection: where it may be empty, test count(...) > 0 first" in str(info.value)
    assert said in str(info.value)


def test_a_folded_max_of_an_empty_comprehension_says_the_same():
    from philtre.dsl.compiler import _empty_extreme

    with pytest.raises(RuleRuntimeError) as info:
        _empty_extreme("max")
    assert "max([0] + [...])" in str(info.value)
