"""Any ruleset as a PettingZoo AEC environment: ``env("mygame", players=4)``.

- Agents are seats: ``player_0`` .. ``player_{n-1}``.
- Actions: ``Discrete(N)``, the ruleset's fixed numbering (``philtre.adapters.actions``).
- Observations: ``{"observation": float32 vector of view(seat), "action_mask": int8 mask}``;
  the mask is all zero for an agent that is not to act.
- Rewards (``reward="score"``, the default): each seat's score change since the last step,
  negated when the fewest points win, so they arrive whenever the ruleset scores (per
  round, per trick, ... as its flow says); points scored before the first decision come
  with the first step's rewards, so they add up to the final score. ``reward="win"``: 1/k
  to each of k winners at the end. A game over before any decision starts with every
  agent terminated and its rewards already credited (PettingZoo's api_test refuses such
  an env: it wants no termination at reset).
- A simultaneous step is played in turn: each deciding seat acts in seat order, and
  nothing is revealed (the views say only who has chosen) until the last has acted.
- ``step(i)`` takes an integer index (NumPy's too); one that is not an integer or not legal
  now is refused with an AdapterError (a ValueError) and changes nothing. A rule that fails
  in the move (the ruleset's bug) raises its PhiltreError, and the game stands as it was.
- ``reset(seed=s)`` starts the engine's game with seed s (any integer); without a seed, the
  next game's seed is drawn from the previous one's, so a seeded env stays reproducible.
- ``render()`` is text: an onlooker's view and whose turn it is (``render_mode="ansi"``
  returns it, ``"human"`` prints it); nothing an onlooker cannot see, not even how many
  actions the agent to act has.
- ``max_steps`` (optional, a whole number from 0) truncates a game after that many decisions.
- ``events=True`` plays the game with its record kept, and puts in ``infos[agent]["events"]`` the
  record's events since that agent last acted, as its seat may see them (what a round's end
  revealed, other seats' moves): what happened between two of its observations.

Needs the extra: ``pip install 'philtre[pettingzoo]'``.
"""

from __future__ import annotations

import operator
import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from philtre.dsl import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.agents import Seen, public_option
from philtre.interpreter.render import render_view, shown_values

from .actions import AdapterError, integer_as_int, whole_number
from .spec import GameSpec, load_spec, oriented_scores, ruleset_reference, variant_tuple, win_shares

REWARDS = ("score", "win")


def env(ruleset: str, players: int | None = None, variants=(), render_mode=None, reward: str = "score",
        max_steps: int | None = None, positional_limit: int | None = None, events: bool = False) -> "PhiltreEnv":
    """An AEC environment for a ruleset (a shipped game's name or a path) with its variants."""
    kwargs = {} if positional_limit is None else {"positional_limit": whole_number(positional_limit, "positional_limit", 1)}
    ruleset, variants = ruleset_reference(ruleset), variant_tuple(variants)
    if players is None:
        players = _min_players(ruleset, variants)
    players = integer_as_int(players)
    spec = load_spec(ruleset, players, variants, **kwargs)
    return PhiltreEnv(spec, render_mode=render_mode, reward=reward, max_steps=max_steps, events=events)


def _min_players(ruleset: str, variants: tuple) -> int:
    """The smallest player count the ruleset (with its variants) allows."""
    from philtre.dsl import load_ruleset

    return load_ruleset(ruleset, variants).min_players


class PhiltreEnv(AECEnv):
    """One ruleset for one player count as an AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "philtre_v0", "is_parallelizable": False}

    def __init__(self, spec: GameSpec, render_mode=None, reward: str = "score", max_steps: int | None = None,
                 events: bool = False):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if not isinstance(events, bool):
            raise AdapterError(f"events must be True or False, not {events!r}")
        self.events = events
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.spec = spec
        self.render_mode = render_mode
        self.reward_mode = reward
        self.max_steps = whole_number(max_steps, "max_steps", 0, none_ok=True)
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
        return self._observation_spaces[self._known(agent)]

    def action_space(self, agent):
        """The same Discrete space object every call (PettingZoo seeds it)."""
        return self._action_spaces[self._known(agent)]

    def _known(self, agent):
        """The agent itself if it is one of possible_agents; AdapterError naming them if not."""
        if agent not in self.agent_name_mapping:
            raise AdapterError(f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return agent

    def _started(self) -> Game:
        """The game in progress; AdapterError if reset() was not called (or close() was)."""
        if self.game is None:
            raise AdapterError("no game in progress: call reset() first (after close(), too)")
        return self.game

    # -- episode -----------------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        """Start a new game: with ``seed``, exactly that engine game; without, the next seed in line."""
        if seed is not None:
            game_seed = _integer(seed, "seed")
            self._seeds = random.Random(game_seed)
        else:
            game_seed = self._seeds.randrange(2 ** 63)
        self.game = Game(self.spec.ruleset, self.spec.nplayers, seed=game_seed, record=self.events)
        self._unfiltered = 1  # the first event of the record not yet in the agents' infos (the header is not told)
        self._moves = []  # (seat, index) of every move made: a rule's failure plays them again (_apply)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        # counted from zero, so points scored before the first decision come with the first
        # step's rewards (api_test wants no reward at reset) or, in a game already over, now
        self._last_scores = [0] * self.spec.nplayers
        self._settle(credit=self.game.finished)

    def step(self, action):
        """Play the selected agent's action (its index); a finished agent must pass None."""
        self._started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        option = self._option(agent, action)  # refused before anything changes
        seat = self.agent_name_mapping[agent]
        self._apply(seat, int(action), option)
        if self.events:  # it was told every event before its move: its own decision comes with the next ones
            self.infos[agent]["events"] = []
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        self._settle()
        if self.render_mode == "human":
            self.render()

    def _apply(self, seat: int, index: int, option) -> None:
        """Play an option; if a rule fails (a ruleset's bug), the game is put back as it was and the error raised."""
        try:
            self.game.apply(seat, option)
        except PhiltreError:
            # the engine stops a game where a rule failed, halfway through the move: play the moves again instead
            self.game = self._replayed()
            raise
        self._moves.append((seat, index))

    def _replayed(self) -> Game:
        """The game as it stood before the move being played: its seed and the moves made since, played again."""
        game = Game(self.spec.ruleset, self.spec.nplayers, seed=self.game.seed, record=self.events)
        for seat, index in self._moves:
            game.apply(seat, self.spec.numbering.legal(game, seat)[index])
        return game

    def _option(self, agent, action):
        """The Option an action index stands for; AdapterError if it is not an integer or not legal now."""
        self._started()
        index = _integer(action, f"{agent}: an action")
        option = self._legal.get(index)
        if option is None:
            numbering = self.spec.numbering
            label = numbering.label(index) if 0 <= index < numbering.size else f"outside 0..{numbering.size - 1}"
            raise AdapterError(f"{agent}: action {index} ({label}) is not legal now")
        return option

    def _settle(self, credit: bool = True) -> None:
        """After a change: rewards (unless ``credit`` is false), end of game, and whose turn it is."""
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if credit and self.reward_mode == "score":
            scores = oriented_scores(self.spec, self.game)
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
        if self.events:
            self._tell()
        pending = self.game.pending()
        if pending and not (over or cut):
            self.agent_selection = self.possible_agents[pending[0]]
            self._legal = self.spec.numbering.legal(self.game, pending[0])
        else:
            self._legal = {}
            self.agent_selection = self.agents[0]

    def _tell(self) -> None:
        """Each agent's info: the record's events since it last acted, as its seat may see them (each event filtered
        once for each seat, as it comes: a seat's list grows until it acts)."""
        recorder = self.game.recorder
        for agent in self.agents:
            told = self.infos[agent].get("events", [])
            self.infos[agent]["events"] = told + recorder.for_player(self.agent_name_mapping[agent], start=self._unfiltered)
        self._unfiltered = len(recorder.events)

    # -- what an agent sees -------------------------------------------------------------------
    def observe(self, agent):
        """The agent's encoded view and its action mask (all zero unless it is to act)."""
        seat = self.agent_name_mapping[self._known(agent)]
        game = self._started()
        mask = np.zeros(self.spec.numbering.size, np.int8)
        if agent == self.agent_selection:
            mask[list(self._legal)] = 1
        return {"observation": self.spec.encoder.encode(game.view(seat)), "action_mask": mask}

    def legal_options(self, agent) -> dict:
        """{index: Option} the agent may play now (empty unless it is to act); a zone in one holds only what the agent sees."""
        game = self._started()
        if self._known(agent) != self.agent_selection:
            return {}
        seen = Seen(game, self.agent_name_mapping[agent])
        return {i: public_option(o, seen) for i, o in self._legal.items()}

    def last(self, observe: bool = True):
        """PettingZoo's last(); AdapterError before reset() or after close()."""
        self._started()
        return super().last(observe)

    def agent_iter(self, max_iter: int = 2**63):
        """PettingZoo's agent_iter(); AdapterError before reset() or after close()."""
        self._started()
        return super().agent_iter(max_iter)

    def render(self):
        """An onlooker's view as text, and whose turn it is: printed (human) or returned (ansi)."""
        if self.render_mode is None or self.game is None:
            return None
        text = render_view(self.game.view(None), self.spec.ruleset, shown=shown_values(self.game))
        if self._legal:
            # not how many actions it has: that count follows from its hidden hand
            text += f"\n{self.agent_selection} to act"
        elif self.game.finished:
            text += f"\nover: winners {self.game.winners}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        """Nothing to release: the game lives in memory."""
        self.game = None


def _integer(value, what: str) -> int:
    """``value`` as an int if it is an integer (NumPy's too, not a bool); AdapterError if not."""
    if not isinstance(value, (bool, np.bool_)):  # True as an action is a bug, not index 1
        try:
            return operator.index(value)  # int() would also take "8" and 8.9
        except TypeError:
            pass
    raise AdapterError(f"{what} must be an integer, not {value!r}")
