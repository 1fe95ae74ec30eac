"""Any ruleset as a PettingZoo AEC environment: ``env("mygame", players=4)``.

- Agents are seats: ``player_0`` .. ``player_{n-1}``.
- Actions: ``Discrete(N)``, the ruleset's fixed numbering (``philtre.adapters.actions``).
- Observations: ``{"observation": float32 vector of view(seat), "action_mask": int8 mask}``;
  the mask is all zero for an agent that is not to act.
- Rewards (``reward="score"``, the default): each seat's score change since the last step,
  negated when the fewest points win, so they arrive whenever the ruleset scores (per
  round, per trick, ... as its flow says). ``reward="win"``: 1/k to each of k winners at the end.
- A simultaneous step is played in turn: each deciding seat acts in seat order, and
  nothing is revealed (the views say only who has chosen) until the last has acted.
- ``reset(seed=s)`` starts the engine's game with seed s; without a seed, the next game's
  seed is drawn from the previous one's, so a seeded env stays reproducible.
- ``render()`` is text: an onlooker's view (``render_mode="ansi"`` returns it, ``"human"`` prints it).
- ``max_steps`` (optional) truncates a game after that many decisions.

Needs the extra: ``pip install 'philtre[pettingzoo]'``.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from philtre.interpreter import Game
from philtre.interpreter.agents import Seen, public_option
from philtre.interpreter.render import render_view

from .spec import GameSpec, load_spec, oriented_scores, win_shares

REWARDS = ("score", "win")


def env(ruleset: str, players: int | None = None, variants=(), render_mode=None, reward: str = "score",
        max_steps: int | None = None, positional_limit: int | None = None) -> "PhiltreEnv":
    """An AEC environment for a ruleset (a shipped game's name or a path) with its variants."""
    kwargs = {} if positional_limit is None else {"positional_limit": positional_limit}
    if players is None:
        players = _min_players(ruleset, tuple(variants))
    spec = load_spec(ruleset, players, tuple(variants), **kwargs)
    return PhiltreEnv(spec, render_mode=render_mode, reward=reward, max_steps=max_steps)


def _min_players(ruleset: str, variants: tuple) -> int:
    """The smallest player count the ruleset (with its variants) allows."""
    from philtre.dsl import load_ruleset

    return load_ruleset(ruleset, variants).min_players


class PhiltreEnv(AECEnv):
    """One ruleset for one player count as an AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "philtre_v0", "is_parallelizable": False}

    def __init__(self, spec: GameSpec, render_mode=None, reward: str = "score", max_steps: int | None = None):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.spec = spec
        self.render_mode = render_mode
        self.reward_mode = reward
        self.max_steps = max_steps
        self.metadata = dict(self.metadata, name=f"philtre_{spec.ruleset.name}_v0")
        self.possible_agents = [f"player_{p}" for p in range(spec.nplayers)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        n_actions, size = spec.numbering.size, spec.encoder.size
        big = np.finfo(np.float32).max
        self._observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-big, big, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        }) for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game = None
        self._legal: dict = {}

    def __str__(self) -> str:
        return self.metadata["name"]

    # -- spaces ----------------------------------------------------------------------------
    def observation_space(self, agent):
        """The same Dict space object every call (PettingZoo seeds it)."""
        return self._observation_spaces[agent]

    def action_space(self, agent):
        """The same Discrete space object every call (PettingZoo seeds it)."""
        return self._action_spaces[agent]

    # -- episode -----------------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        """Start a new game: with ``seed``, exactly that engine game; without, the next seed in line."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2 ** 63)
        self.game = Game(self.spec.ruleset, self.spec.nplayers, seed=game_seed)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._last_scores = oriented_scores(self.spec, self.game)
        self._settle()

    def step(self, action):
        """Play the selected agent's action (its index); a finished agent must pass None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        option = self._legal.get(int(action))
        if option is None:
            raise ValueError(f"{agent}: action {action} ({self.spec.numbering.label(int(action))}) is not legal now")
        self.game.apply(seat, option)
        self.steps += 1
        self._settle()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """After a change: rewards, end of game, and whose turn it is."""
        self.rewards = dict.fromkeys(self.agents, 0.0)
        scores = oriented_scores(self.spec, self.game)
        if self.reward_mode == "score":
            for p, a in enumerate(self.possible_agents):
                self.rewards[a] = float(scores[p] - self._last_scores[p])
        self._last_scores = scores
        over = self.game.finished
        cut = not over and self.max_steps is not None and self.steps >= self.max_steps
        if over and self.reward_mode == "win":
            for a, share in zip(self.possible_agents, win_shares(self.spec, self.game)):
                self.rewards[a] += share
        if over or cut:
            for a in self.agents:
                self.terminations[a] = over
                self.truncations[a] = cut
        self._accumulate_rewards()
        pending = self.game.pending()
        if pending and not (over or cut):
            self.agent_selection = self.possible_agents[pending[0]]
            self._legal = self.spec.numbering.legal(self.game, pending[0])
        else:
            self._legal = {}
            self.agent_selection = self.agents[0]

    # -- what an agent sees -------------------------------------------------------------------
    def observe(self, agent):
        """The agent's encoded view and its action mask (all zero unless it is to act)."""
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(self.spec.numbering.size, np.int8)
        if agent == self.agent_selection:
            mask[list(self._legal)] = 1
        return {"observation": self.spec.encoder.encode(self.game.view(seat)), "action_mask": mask}

    def legal_options(self, agent) -> dict:
        """{index: Option} the agent may play now (empty unless it is to act); a zone in one holds only what the agent sees."""
        if agent != self.agent_selection:
            return {}
        seen = Seen(self.game, self.agent_name_mapping[agent])
        return {i: public_option(o, seen) for i, o in self._legal.items()}

    def render(self):
        """An onlooker's view as text: printed (human) or returned (ansi)."""
        if self.render_mode is None or self.game is None:
            return None
        text = render_view(self.game.view(None), self.spec.ruleset)
        if self._legal:
            text += f"\n{self.agent_selection} to act ({len(self._legal)} legal actions)"
        elif self.game.finished:
            text += f"\nover: winners {self.game.winners}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        """Nothing to release: the game lives in memory."""
        self.game = None
