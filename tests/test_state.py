"""A state's copy shares the random generator until one side draws: every copy still draws
exactly what the original would have drawn from the moment of the copy."""

import random

from philtre.dsl import load_ruleset
from philtre.interpreter.state import initial_state


def test_copies_draw_what_the_original_would_have_drawn_in_any_order():
    state = initial_state(load_ruleset("pok"), 3, seed=11)
    state.flow.rng.random()  # the original has drawn before it is copied
    expected = random.Random(11)
    expected.random()
    want = [expected.random() for _ in range(5)]
    first = state.copy()
    second = first.copy()  # a copy of a copy shares it too
    assert [second.flow.rng.random() for _ in range(5)] == want
    assert [state.flow.rng.random() for _ in range(5)] == want
    third = state.copy()  # copied after the original drew again: from where it is now
    assert [first.flow.rng.random() for _ in range(5)] == want
    assert third.flow.rng.random() == state.flow.rng.random()


def test_a_new_generator_given_to_a_copy_leaves_the_original_alone():
    state = initial_state(load_ruleset("pok"), 3, seed=5)
    copy = state.copy()
    copy.flow.rng = random.Random(99)
    copy.flow.rng.random()
    assert state.flow.rng.random() == random.Random(5).random()
