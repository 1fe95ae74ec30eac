"""Lists that hold the same list many times over: `e(x): "[x, x]"` called forty times over makes 2**40 numbers in
forty small lists. Whatever walks such a value written out (`==`, `in`, `distinct`, `sorted`, `max`, a decision's
choices) is charged so: past the work budget the rule fails with R100, never a hang or an internal error."""

from __future__ import annotations

import random
import resource
import subprocess
import sys

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

MEMORY = 1024**3  # a child's address space: the code before the fix copied such a list written out (MemoryError)


def twins(tmp_path, levels: int, when: str, width: int = 2) -> str:
    """A ruleset whose `when` reads d1..dN and f1..fN, each level ``width`` times the one below; d and f are built
    alike from two lists [0], so that Python's `==` cannot stop at their identity."""
    items = ", ".join(["x"] * width)
    defs = "".join(f"  d{k + 1}: e(d{k})\n  f{k + 1}: e(f{k})\n" for k in range(levels))
    path = tmp_path / "ruleset.yaml"
    path.write_text(f"""philtre: 1
game: shared
players: 2
define:
  e(x): "[{items}]"
  same(x): "x"
  d0: "[0]"
  f0: "[1 - 1]"
{defs}flow:
  - score: {{player: 0, add: 1}}
    when: "{when}"
winners: {{highest: "score[p]"}}
""", encoding="utf-8")
    return str(path)


def first_score(path: str) -> int:
    """Seat 0's score once the game has started (its flow's one rule run)."""
    return Game(load_ruleset(path), 2, seed=1).state.scores[0]


# each walks 2**24 numbers or more (written out); the code before the fix returned after walking them uncharged
TOO_MUCH = ["d24 == f24", "d24 != f24", "[d24] == [f24]", "{'a': d24} == {'a': f24}", "f23 in d24",
            "f23 in [d23, d23]", "same(f23) in same(d24)", "count(sorted([d24, f24])) > 0",
            "count(max([d24, f24])) > 0", "max(d24, f24) == d24"]


@pytest.mark.parametrize("when", TOO_MUCH)
def test_a_walk_of_a_list_held_many_times_over_is_charged_written_out(tmp_path, when):
    with pytest.raises(PhiltreError) as failed:
        first_score(twins(tmp_path, 24, when))
    assert "R100" in str(failed.value) and "too much work" in str(failed.value), str(failed.value)


@pytest.mark.parametrize("when", ["d10 == f10", "d10 != [0]", "f9 in d10", "same(f9) in same(d10)", "f9 in [d9, d9]",
                                  "count(distinct([d8, f8, d8])) == 1", "count(sorted([d8, f8])) == 2",
                                  "max([d8, f8]) == d8", "{'a': d10} == {'a': f10}"])
def test_small_lists_held_many_times_over_compare_as_before(tmp_path, when):
    assert first_score(twins(tmp_path, 10, when)) == 1


def test_distinct_keys_a_list_held_many_times_over_once(tmp_path):
    """distinct's keys were the items copied written out: 2**20 numbers took seconds, 2**24 all memory."""
    assert first_score(twins(tmp_path, 19, "count(distinct([d19, f19])) == 1")) == 1


def test_written_items_walks_each_list_once():
    from philtre.dsl.values import written_items

    value = [0]
    for _ in range(40):
        value = [value, value]
    assert written_items([[1, 2], {"a": [3]}], 100) == 6  # 2 + 2 + 1 + 1
    assert written_items(value, 1_000) > 1_000  # (stops there: 2**41 items)


def _written_out(value) -> int:
    """The items of ``value`` written out, counted plainly (each list and map as often as it is held)."""
    items = value if isinstance(value, list) else list(value.values())
    return len(items) + sum(_written_out(x) for x in items if isinstance(x, (list, dict)))


def test_written_items_counts_flat_and_nested_values_as_written_out():
    """A list of flat lists (pairs of a cell), or of lists of them (edges between [x, y] points), is counted in C
    (values._flat_written_items); any value counts as written out, the flat ones included, a list held twice twice."""
    from philtre.dsl.values import written_items

    pair = [1, 2]
    rng = random.Random(3)
    values = [[], [1, 2], [[1, 2], [3, 4]], [pair, pair, 5], {"a": [1], "b": {"c": 2}}, [[], {}], [{"x": 1, "y": [2]}],
              [[[1]], [2]], [pair, [pair]], [[pair, [3, 4]], [pair, pair]], [[[1, [2]]]], [{"a": [pair]}], [[{"b": 1}, []]]]
    for _ in range(200):
        values.append([rng.choice([0, "w", [rng.random() for _ in range(rng.randrange(3))], {"k": [1, [2]]}, pair])
                       for _ in range(rng.randrange(6))])
        values.append([[rng.choice([pair, [1, 2], [rng.random()], {"x": 1}, [[3]], 5]) for _ in range(rng.randrange(4))]
                       for _ in range(rng.randrange(6))])  # edges whose ends are points, deeper here and there
    for value in values:
        assert written_items(value, 10**6) == _written_out(value), value


def choosing(tmp_path, levels: int) -> str:
    """An action whose one choice is a list of 16**levels numbers held in ``levels`` + 1 small lists."""
    defs = "".join(f"  d{k + 1}: e(d{k})\n" for k in range(levels))
    path = tmp_path / "choose.yaml"
    path.write_text(f"""philtre: 1
game: choose
players: 2
define:
  e(x): "[x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x]"
  d0: "[0]"
{defs}actions:
  pick:
    choose: {{v: "[d{levels}]"}}
    do:
      - score: {{player: me, add: 1}}
flow:
  - turns: 0
    until: score[0] > 0
    do:
      - decide: pick
winners: {{highest: "score[p]"}}
""", encoding="utf-8")
    return str(path)


def test_a_decision_whose_choices_hold_too_much_written_out_fails_at_its_action(tmp_path):
    """Its choices were keyed (and recorded) written out: 16**6 numbers took a gigabyte for one decision."""
    ruleset = load_ruleset(choosing(tmp_path, 5))  # 16**5 numbers and the lists holding them
    with pytest.raises(PhiltreError) as failed:
        game = Game(ruleset, 2, seed=1)
        game.options(game.pending()[0])
    assert "R100" in str(failed.value) and "the choices hold more than 1,000,000 items" in str(failed.value), str(failed.value)


def test_a_decision_whose_choices_hold_lists_held_many_times_over_is_offered(tmp_path):
    game = Game(load_ruleset(choosing(tmp_path, 3)), 2, seed=1)
    assert len(game.options(game.pending()[0])) == 1


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.mark.parametrize("levels, width, when", [(10, 16, "d10 == f10"), (7, 16, "count(distinct([d7, f7])) > 0")],
                         ids=["equal lists of 2**40 numbers", "distinct lists of 2**28 numbers"])
def test_validate_ends_at_once_naming_the_work_budget(tmp_path, levels, width, when):
    """The audit's files: `validate` (its lint evaluating the `when`) never ended on the first (one C-level `==`, which
    no signal interrupts), and died with "internal error: MemoryError" on the second."""
    path = twins(tmp_path, levels, when, width)
    result = subprocess.run([sys.executable, "-m", "philtre", "validate", "--smoke", "0", path], capture_output=True,
                            text=True, timeout=30, preexec_fn=_limited, cwd=tmp_path)
    assert "L009" in result.stdout and "too much work" in result.stdout, result.stdout + result.stderr
    assert "internal error" not in result.stderr and result.returncode in (0, 1), result.stderr
