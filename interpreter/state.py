"""Game state as plain, copyable data: the game's own data apart from the engine's bookkeeping.

Game data (what the ruleset talks about): zones, variables, scores, dice, where each
component lies and which components are revealed (their ids; beside them, (variable, seat or None)
for each variable's value, or seat's entry, a `reveal` shows until it is set). Engine bookkeeping (``Flow``): the
position in the flow (a stack of frames), the pending decision, secret choices already
made in a simultaneous step, the step count, the end, and the seeded RNG.
"""

from __future__ import annotations

import random
import weakref
from _random import Random as _CRandom

from philtre.dsl.builtins import WORK_PER_STEP
from philtre.dsl.model import _LAST_LAYOUT
from philtre.dsl.values import Zone

_new_list = list.__new__
_new_random = random.Random.__new__
_seed = _CRandom.seed


class Flow:
    """Where the engine is: frames of the flow, the decision it waits for, the RNG."""

    __slots__ = ("stack", "pending", "choices", "steps", "finished", "winners", "_rng", "_rng_shared", "script", "in_round", "kept", "effect_room")

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
        other.effect_room = self.effect_room  # the work effects may still do on large collections (effects.spend)
        return other

    @property
    def rng(self) -> random.Random:
        """This game's random generator (its own: a shared one is copied before the first draw)."""
        if self._rng_shared:
            kept = self._rng
            # a generator of the shared one's class (an adapter's GivenDraws stays one, with its outcomes), its state
            # set at once: Random() would seed it from the system first
            own = _new_random(type(kept))
            own.setstate(kept.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng, self._rng_shared = generator, False

    def drew(self) -> bool:
        """Whether this flow, a copy, may have drawn from its generator since it was copied (it took the generator for its
        own: a draw's first step); a flow that has not been copied, or whose generator was replaced, says True."""
        return not self._rng_shared


NO_DICE_ASIDE = frozenset()  # State.aside of a game that has set no die aside


# a state's values of definitions kept for the game (builtins.keep_once): none yet; never written, as keep_once
# replaces a state's values, never changes them (a plain dict: a state copies, pickles and deep-copies as before)
NOTHING_KEPT: dict = {}


class State:
    """Everything about one game at one moment; ``copy()`` is cheap and complete."""

    # (no __getattr__ here, nor on the classes the generated code reads: one turns off Python's specialised attribute
    # reads of every instance, 6% of a playout; docs/hot-path.md, "The classes the hot path reads")

    __slots__ = ("zones", "vars", "scores", "round", "turn", "round_scores", "dice", "aside", "where", "revealed",
                 "placed", "grid_version", "players", "nplayers", "components", "grids", "grid_memo", "memo", "flow",
                 "consts")  # consts: set at the first value kept (builtins.keep_once), not by initial_state

    def copy(self) -> "State":
        other = State.__new__(State)
        other.zones = {name: [Zone(z.key, z) for z in family] for name, family in self.zones.items()}
        other.vars = {k: (list(v) if type(v) is list else v) for k, v in self.vars.items()}
        other.scores = list(self.scores)
        other.round = self.round
        other.turn = self.turn
        other.round_scores = [list(r) for r in self.round_scores]
        other.dice = dict(self.dice)
        other.aside = self.aside  # (a frozenset: replaced, never changed, so copies share it)
        other.where = list(self.where)
        other.revealed = set(self.revealed)
        other.placed = dict(self.placed)
        other.grid_version = self.grid_version
        other.grids = self.grids
        other.grid_memo = {}
        other.memo = None
        other.consts = getattr(self, "consts", NOTHING_KEPT)  # (the values kept for the game, shared: keep_once replaces them)
        other.players = self.players
        other.nplayers = self.nplayers
        other.components = self.components
        other.flow = self.flow.copy()
        return other

    def zone(self, key) -> Zone:
        """The zone with key (name, index)."""
        return self.zones[key[0]][key[1]]


# (the layout initial_state made a game of last and its zones' maker: game after game asks for the same; the makers of
# the others by the layout's id, each with a weak reference to its layout, dropped with it)
_ZONES_MADE: list = [None, None]
_ZONE_MAKERS: dict = {}
ZONES_WRITTEN_OUT = 64  # a layout of at most this many zones has its zones made by a function of their own


def _zones_maker(layout):
    """The function of no argument making a new game's zones for ``layout`` (_zones_source), made once a layout and
    kept while it lives; None for a layout of more than ZONES_WRITTEN_OUT zones (made by initial_state's loop)."""
    found = _ZONE_MAKERS.get(id(layout))
    if found is None or found[0]() is not layout:
        make = _zones_source(layout.contents)
        forget = _ZONE_MAKERS.pop
        found = _ZONE_MAKERS[id(layout)] = (weakref.ref(layout, lambda _, key=id(layout): forget(key, None)), make)
    _ZONES_MADE[:] = layout, found[1]
    return found[1]


def _zones_source(contents):
    """For a layout's ``contents``, a function making its zones as initial_state's loop makes them, written out: each
    zone by list.__new__, its components added where it has any, its key set, each family's list and the dict of
    families built at once. The loop spent about 27 bytecodes a zone (its iteration, unpacking, the test of the items,
    the append); this about 10. The same zones in the same order, with the layout's own keys, names and components
    (the function's closure holds them); None past ZONES_WRITTEN_OUT zones (a long function to compile for little)."""
    if sum(len(family) for _, family in contents) > ZONES_WRITTEN_OUT:
        return None
    given, lines, families = {"new_": _new_list, "Zone_": Zone}, [], []
    n = 0
    for f, (name, family) in enumerate(contents):
        given[f"name_{f}"] = name
        made = []
        for key, items in family:
            z, n = f"z_{n}", n + 1
            given[f"key_{z}"] = key
            lines.append(f"        {z} = new_(Zone_)")
            if items:  # (an empty zone: nothing to add)
                given[f"items_{z}"] = items
                lines.append(f"        {z} += items_{z}")
            lines.append(f"        {z}.key = key_{z}")
            made.append(z)
        families.append(f"name_{f}: [{', '.join(made)}]")
    source = (f"def zones_of({', '.join(given)}):\n    def make():\n" + "\n".join(lines)
              + f"\n        return {{{', '.join(families)}}}\n    return make\n")
    space: dict = {}
    exec(compile(source, "<philtre zones>", "exec"), space)
    return space["zones_of"](**given)


def initial_state(ruleset, nplayers: int, seed) -> State:
    """The state before the flow starts: components in their start zones, variables at their initial values."""
    last = _LAST_LAYOUT  # (Ruleset.layout's first test, without its call: the layout asked for last)
    layout = last[2] if last[0] is ruleset and last[1] == nplayers else ruleset.layout(nplayers)
    comps = layout.components
    s = State()  # (State has no __init__: a call without an argument costs less than State.__new__(State))
    last = _ZONES_MADE
    make = last[1] if last[0] is layout else _zones_maker(layout)
    if make is not None:  # (a layout of a few zones: its zones made by straight-line code, _zones_source)
        s.zones = make()
    else:
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
    for name, initial, entries in layout.per_player:  # (entries: the seats, or the teams of a value kept a team)
        variables[name] = [initial] * entries
    s.scores = [0] * nplayers
    s.round = 0
    s.turn = 0  # the turns `turns` loops have begun, counted as `round` counts rounds (a game's length in turns)
    s.round_scores = []
    s.dice = layout.dice.copy()
    s.aside = NO_DICE_ASIDE
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
    # the work effects on large collections may still do (effects.spend): the step limit is reached where it is no more
    # than the steps taken are worth, as the work of an expression counts WORK_PER_STEP a step
    f.effect_room = (ruleset.step_limit + 1) * WORK_PER_STEP
    if type(seed) is int:  # what random.Random(seed) makes of a whole number (Random.seed: the C seed), without its two Python calls
        rng = _new_random(random.Random)
        _seed(rng, seed)
        rng.gauss_next = None
    elif isinstance(seed, random.Random):  # a generator given instead of a seed (Game: no seed plays it again)
        rng = seed
    else:
        rng = random.Random(seed)
    f._rng = rng
    f._rng_shared = False
    return s
