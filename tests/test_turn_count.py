"""A game's length in turns: each pass of a `turns` loop's body is a turn, counted by the engine (State.turn, read as
`turn_number`) on every path a turns loop runs by, and reported by simulate, compare and the results database."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import play_random

from philtre.dsl import load_ruleset
from philtre.dsl.loader import with_tallies
from philtre.interpreter import Game

DATA = Path(__file__).parent / "data"
COUNTED = str(DATA / "turn_count.yaml")  # every shape of turns loop, each turn also counted by the ruleset in `t`


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_turn_of_every_kind_of_turns_loop_is_counted_by_the_api_loop_and_play_out(n):
    ruleset = load_ruleset(COUNTED)
    for seed in range(8):
        for game in (play_random(ruleset, n, seed), Game(ruleset, n, seed=seed)):
            if not game.finished:
                game.play_out(random=random.Random(seed).random)
            assert game.state.turn == game.state.vars["t"] > 0, f"x{n} seed {seed}"
        fresh = Game(ruleset, n, seed=seed)
        fresh.play_out(pickers=[random.Random(seed * 10 + p).randrange for p in range(n)])
        assert fresh.state.turn == fresh.state.vars["t"]


def test_a_copy_keeps_the_turns_counted_and_counts_on_alone():
    ruleset = load_ruleset(COUNTED)
    game = Game(ruleset, 3, seed=1)
    draw = random.Random(1)
    while game.state.turn < 4:
        p = game.pending()[0]
        options = game.options(p)
        game.apply(p, options[draw.randrange(len(options))])
    clone = game.state.copy()
    assert clone.turn == game.state.turn == 4
    game.play_out(random=draw.random)
    assert clone.turn == 4 and game.state.turn == game.state.vars["t"]


def test_turn_number_reads_the_turns_begun_and_a_game_without_turns_stays_at_0(tmp_path):
    ruleset = with_tallies(load_ruleset(COUNTED), ["turn_number"])
    game = Game(ruleset, 2, seed=3)
    assert ruleset.tallies[0].fn(game.state, {}) == 1  # the first turn, begun before its decision
    game.play_out(random=random.Random(3).random)
    assert ruleset.tallies[0].fn(game.state, {}) == game.state.vars["t"]
    path = tmp_path / "rounds.yaml"
    path.write_text("philtre: 1\ngame: rounds-alone\nplayers: 2\nvariables: {n: 0, seen: -1}\nactions:\n"
                    "  go: {do: [{set: {n: n + 1, seen: turn_number}}]}\n"
                    "flow:\n  - until: n >= 3\n    do:\n      - round:\n          - decide: go\n            player: 0\n"
                    "winners: {highest: \"score[p]\"}\n")
    game = Game(load_ruleset(str(path)), 2, seed=0)
    game.play_out(random=random.Random(0).random)
    assert (game.state.round, game.state.turn, game.state.vars["seen"]) == (3, 0, 0)

