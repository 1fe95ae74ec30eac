"""Shared fixtures and helpers for the property tests over many random games.

``play_random`` plays one whole game with a seeded ``random.Random`` that picks among
``game.options(p)`` for every seat in ``game.pending()``. Tests look at the game through
two hooks: ``on_step(game)`` runs before each single decision (so, in a simultaneous
step, also between the seats' secret choices) and ``after_step(game, player, option)``
runs right after it. ``choices`` (a list) collects ``(seat, option index)`` pairs so a
game can be replayed decision for decision.

The helpers are also handed out as fixtures (``play``, ``replay``) so that test modules
need not import this file by name.
"""

from __future__ import annotations

import os
import random
import tempfile

import pytest

# what philtre keeps between runs (parse tables, compiled code: dsl/cache.py) goes to a
# folder of the test run's own, for the CLI's subprocesses too, not to the user's cache;
# removed when the run ends (mkdtemp left one folder behind per run)
_TEST_CACHE = tempfile.TemporaryDirectory(prefix="philtre-test-cache-")
os.environ["XDG_CACHE_HOME"] = _TEST_CACHE.name

from philtre.dsl import load_ruleset
from philtre.interpreter import Game

# A random playout of either game takes far fewer decisions than this; passing it means
# the game does not end (a test failure, not a hang).
MAX_DECISIONS = 20_000


@pytest.fixture(scope="session")
def poison():
    """The shipped Poison ruleset (docs/rulings.md POISON-1..8), compiled once."""
    return load_ruleset("poison")


@pytest.fixture(scope="session")
def pok():
    """The shipped POK ruleset (docs/rulings.md POK-1..5), compiled once."""
    return load_ruleset("pok")


def play_random(ruleset, players, seed, record=False, on_step=None, after_step=None, choices=None):
    """Play one game to its end with random legal decisions; return the finished ``Game``.

    The game's own RNG is seeded with ``seed``; the decisions come from a separate
    ``random.Random`` derived from the same seed, so a (ruleset, players, seed) triple
    always gives the same game.
    """
    game = Game(ruleset, players, seed=seed, record=record)
    rng = random.Random(seed * 7919 + 104729)
    decisions = 0
    while not game.finished:
        seats = game.pending()
        assert seats, f"seed {seed}: the game is not finished but no seat is to decide"
        for p in seats:
            if on_step is not None:
                on_step(game)
            options = game.options(p)
            assert options, f"seed {seed}: seat {p} must decide but has no legal option"
            index = rng.randrange(len(options))
            option = options[index]
            game.apply(p, option)
            if choices is not None:
                choices.append((p, index))
            if after_step is not None:
                after_step(game, p, option)
            decisions += 1
            assert decisions <= MAX_DECISIONS, f"seed {seed}: no end after {MAX_DECISIONS} decisions"
    return game


def replay_choices(game, choices):
    """Apply ``(seat, option index)`` pairs to ``game`` in order; return the game."""
    for p, index in choices:
        assert p in game.pending(), f"seat {p} is not pending (pending: {game.pending()})"
        game.apply(p, game.options(p)[index])
    return game


@pytest.fixture(scope="session")
def play():
    """``play_random`` as a fixture."""
    return play_random


@pytest.fixture(scope="session")
def replay():
    """``replay_choices`` as a fixture."""
    return replay_choices



def variant_of(source, tmp_path, old, new, name="variant.yaml") -> str:
    """The path of ``source`` (a ruleset's text) with ``old`` written as ``new`` (once) and its scenarios left out, at ``tmp_path``."""
    assert source.count(old) == 1
    path = tmp_path / name
    path.write_text(source.replace(old, new).split("\nscenarios:")[0] + "\n")
    return str(path)


def load_codes(path) -> list:
    """The codes loading the ruleset at ``path`` reports (it must fail)."""
    from philtre.dsl import PhiltreError

    with pytest.raises(PhiltreError) as caught:
        load_ruleset(path)
    return [d.code for d in caught.value.diagnostics]


def played_three_ways(ruleset, players, seed, tmp_path):
    """The game of ``seed`` played by play_out, recorded, and by a loop of options() and apply(), the same picks each
    way: the three agree (scores, decisions), and the record replays; the recorded game."""
    from philtre.interpreter.replay import replay

    out = Game(ruleset, players, seed=seed)
    out.play_out(random=random.Random(seed).random)
    recorded = Game(ruleset, players, seed=seed, record=True)
    recorded.play_out(random=random.Random(seed).random)
    looped, rng = Game(ruleset, players, seed=seed), random.Random(seed).random
    while not looped.finished:
        for seat in looped.pending():
            options = looped.options(seat)
            looped.apply(seat, options[int(rng() * len(options))])
    assert out.scores == recorded.scores == looped.scores
    assert out.decisions == recorded.decisions == looped.decisions
    path = tmp_path / f"{players}-{seed}.jsonl"
    recorded.recorder.write(path)
    assert replay(str(path)) == len(recorded.recorder.events)
    return recorded


def masked_by_the_adapter(path, seeds) -> set:
    """The actions the PettingZoo adapter's action mask offers in random games of the ruleset at ``path`` (2 players, one
    game per seed), each mask checked to be the seat's legal options, those the game lists, in its order."""
    import numpy as np

    from philtre.adapters.pettingzoo import env

    masked = set()
    for seed in seeds:
        e = env(str(path), players=2)
        e.reset(seed=seed)
        rng = random.Random(seed)
        while e.agents:
            agent = e.agent_selection
            if e.terminations[agent] or e.truncations[agent]:
                e.step(None)
                continue
            legal = e.legal_options(agent)
            assert [o.action for o in legal.values()] == [o.action for o in e.game.options(e.agent_name_mapping[agent])]
            assert set(np.flatnonzero(e.observe(agent)["action_mask"])) == set(legal)
            masked |= {o.action for o in legal.values()}
            e.step(rng.choice(sorted(legal)))
    return masked
