"""philtre.interpreter: runs a compiled ``Ruleset``: state, flow, decisions, views, agents, records."""

from .game import Game, Option
from .agents import RandomAgent, make_agent

__all__ = ["Game", "Option", "RandomAgent", "make_agent"]
