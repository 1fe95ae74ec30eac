"""Game state as plain, copyable data: the game's own data apart from the engine's bookkeeping.

Game data (what the ruleset talks about): zones, variables, scores, dice, where each
component lies and which components are revealed. Engine bookkeeping (``Flow``): the
position in the flow (a stack of frames), the pending decision, secret choices already
made in a simultaneous step, the step count, the end, and the seeded RNG.
"""

from __future__ import annotations

import random
from _random import Random as _CRandom

from philtre.dsl.model import _LAST_LAYOUT
from philtre.dsl.values import Zone

_new_list = list.__new__
_new_random = random.Random.__new__
_seed = _CRandom.seed


class Flow:
    """Where the engine is: frames of the flow, the decision it waits for, the RNG."""

    __slots__ = ("stack", "pending", "choices", "steps", "finished", "winners", "_rng", "_rng_shared", "script", "in_round", "kept")

    def copy(self) -> "Flow":
        other = Flow.__new__(Flow)
        other.stack = [list(frame) for frame in self.stack]
        other.pending = self.pending
        other.choices = dict(self.choices)
        other.steps = self.steps
        other.finished = self.finished
        other.winners = list(self.winners)
        # The generator is shared, copied only when one side draws from it: copying its
        # state is most of the cost of a copy, and a search's copies mostly get a new one.
        other._rng = self._rng
        self._rng_shared = other._rng_shared = True
        other.script = list(self.script)
        other.in_round = self.in_round
        other.kept = dict(self.kept)  # the items large values of variables hold (effects.keep)
        return other

    @property
    def rng(self) -> random.Random:
        """This game's random generator (its own: a shared one is copied before the first draw)."""
        if self._rng_shared:
            own = random.Random()
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng, self._rng_shared = generator, False


class State:
    """Everything about one game at one moment; ``copy()`` is cheap and complete."""

    __slots__ = ("zones", "vars", "scores", "round", "round_scores", "dice", "where", "revealed",
                 "placed", "grid_version", "players", "nplayers", "components", "grids", "grid_memo", "memo", "flow")

    def copy(self) -> "State":
        other = State.__new__(State)
        other.zones = {name: [Zone(z.key, z) for z in family] for name, family in self.zones.items()}
        other.vars = {k: (list(v) if type(v) is list else v) for k, v in self.vars.items()}
        other.scores = list(self.scores)
        other.round = self.round
        other.round_scores = [list(r) for r in self.round_scores]
        other.dice = dict(self.dice)
        other.where = list(self.where)
        other.revealed = set(self.revealed)
        other.placed = dict(self.placed)
        other.grid_version = self.grid_version
        other.grids = self.grids
        other.grid_memo = {}
        other.memo = None
        other.players = self.players
        other.nplayers = self.nplayers
        other.components = self.components
        other.flow = self.flow.copy()
        return other

    def zone(self, key) -> Zone:
        """The zone with key (name, index)."""
        return self.zones[key[0]][key[1]]


def initial_state(ruleset, nplayers: int, seed) -> State:
    """The state before the flow starts: components in their start zones, variables at their initial values."""
    last = _LAST_LAYOUT  # (Ruleset.layout's first test, without its call: the layout asked for last)
    layout = last[2] if last[0] is ruleset and last[1] == nplayers else ruleset.layout(nplayers)
    comps = layout.components
    s = State()  # (State has no __init__: a call without an argument costs less than State.__new__(State))
    s.zones = zones = {}
    for name, family in layout.contents:  # each Zone as Zone(key, items) makes it, without its __init__'s call
        made = zones[name] = []
        for key, items in family:
            zone = _new_list(Zone)
            if items:  # (an empty zone: nothing to add)
                zone += items
            zone.key = key
            made.append(zone)
    s.where = list(layout.homes)
    s.vars = variables = layout.variables.copy()  # (a value every game shares, as each game took v.initial)
    for name, initial in layout.per_player:
        variables[name] = [initial] * nplayers
    s.scores = [0] * nplayers
    s.round = 0
    s.round_scores = []
    s.dice = layout.dice.copy()
    s.revealed = set()
    s.placed = {}  # component id -> (x, y, rot) for pieces on a grid zone
    s.grid_version = 0  # bumped whenever a grid changes, so cached top layers stay right
    s.grids = layout.grids  # (read only, shared by a state's copies and the layout's games)
    s.grid_memo = {}
    s.memo = None  # a dict while legal options are listed: definitions' values, remembered
    s.players = list(layout.seats)
    s.nplayers = nplayers
    s.components = list(comps)
    f = s.flow = Flow()
    # (a store each: a tuple of the values made and unpacked costs two bytecodes more)
    f.stack = []
    f.pending = None
    f.choices = {}
    f.steps = 0
    f.finished = False
    f.winners = []
    f.script = []
    f.in_round = 0
    f.kept = {}
    if type(seed) is int:  # what random.Random(seed) makes of a whole number (Random.seed: the C seed), without its two Python calls
        rng = _new_random(random.Random)
        _seed(rng, seed)
        rng.gauss_next = None
    else:
        rng = random.Random(seed)
    f._rng = rng
    f._rng_shared = False
    return s
