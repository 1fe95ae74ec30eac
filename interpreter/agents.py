"""Agents: given a player's view and legal options, return a choice. Agents never see the state."""

from __future__ import annotations

import random


class RandomAgent:
    """Chooses uniformly among the legal options, with its own seeded RNG."""

    name = "random"
    needs_view = False

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, view, options):
        return options[self.rng.randrange(len(options))]


AGENTS = {"random": RandomAgent}


def make_agent(name: str, seed) -> object:
    """An agent by name, seeded."""
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown agent '{name}' (known: {', '.join(sorted(AGENTS))})") from None
