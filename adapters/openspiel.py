"""Every ruleset as an OpenSpiel game: importing this module registers the shipped ones.

``pyspiel.load_game("philtre_<game>", {"players": 4})`` (or ``load("<game>", players=4)``).
Game parameters: ``players`` (0, the default: the smallest count the ruleset with its
variants allows), ``variants`` (names joined by ``+``: ``"advanced+really-wild"``; an
overlay path holding ``+ , = ( )`` is refused, as the game string could not hold it),
``chance`` (``"seed"``, the default, or ``"draws"``: see Chance), ``seeds`` (how many
outcomes the opening chance node has with chance=seed), ``max_game_length``
(a game still running after that many moves is cut and judged where it stands) and
``positional_limit`` (see ``philtre.adapters.actions``); these three are whole numbers from 1
to 2**31-1 (pyspiel's parameters are 32-bit), refused otherwise when the game is made.
``utility`` (``"win"``, the default, or ``"score"``: see Utility) with ``min_utility``,
``max_utility`` and ``utility_sum``, numbers (floats in a game string) given only with
utility=score.

- Dynamics: SIMULTANEOUS when the flow has a ``simultaneous`` step (its other decisions
  are ordinary one-player nodes), else SEQUENTIAL. A simultaneous node is played with
  ``apply_actions`` (one index per seat) and asked ``legal_actions(seat)`` per seat; it
  offers no flat joint actions (their number is the product of every deciding seat's
  options), so ``legal_actions()`` and ``apply_action`` there are refused.
- Chance: EXPLICIT_STOCHASTIC. With chance=seed, one chance node: the first move of every
  game draws the engine's seed, uniformly among ``seeds`` outcomes (outcome i is
  ``Game(ruleset, n, seed=i)``, the very game ``philtre simulate`` plays with seed i). The
  engine resolves every shuffle, deal and roll inside effects with the RNG that seed
  starts, so after that node the game is a deterministic function of the moves. A seat's
  first view may tell the seed, and with it every hidden card: chance=draws makes each
  random draw of the engine a chance node of its own (uniform outcomes; a shuffle of k
  components is k-1 of them), the engine game drawing from ``GivenDraws`` (philtre.adapters
  .draws) and the move (or the game's start) played again from the last settled point for
  each outcome, as the engine cannot stop inside an effect; that game has no seed. An
  outcome outside the node's outcomes is refused, as is any action once the game is over.
  A rule that fails in a move (the ruleset's bug) raises its PhiltreError, and the state
  stands where it was (either mode). (OpenSpiel's SAMPLED_STOCHASTIC mode cannot serialise
  Python games.)
- Information: IMPERFECT when a zone or variable is not visible to everyone, or moves are
  simultaneous; else PERFECT.
- Utility: with utility=win, each of k winners gets 1/k, the others 0 (CONSTANT_SUM 1 for
  rankings, GENERAL_SUM for a winners expression). With utility=score, each seat's final
  score (negated when the fewest points win), within the bounds the user declares
  (``min_utility`` and ``max_utility``, both required: no ruleset declares its scores'
  bounds); GENERAL_SUM unless ``utility_sum`` declares what the utilities always sum to
  (ZERO_SUM for 0, else CONSTANT_SUM). Nothing is inferred: a final score outside the bounds,
  or a sum other than the declared one, is an AdapterError naming the game (its seed, or
  its chance outcomes) when ``returns()`` meets it. TERMINAL rewards.
- Observations: the observation string is the seat's view as canonical JSON with its
  components numbered in the order the view shows them, not by engine id, so identical
  copies are not told apart (``philtre.adapters.spec.seat_text``); the tensor is its
  fixed-size encoding (``philtre.adapters.encoding``). The information-state string adds a
  digest of every such observation the seat has had, every action index it took, and every
  other seat's decision as the seat's record shows it, a chosen component by kind and zone or
  hidden (``_Told``: perfect recall); the information-state tensor adds how often the seat
  took each action (its own only). ``private_info=NONE`` gives an onlooker's view.
- Serialisation: the state pickles as (ruleset, variants, players, seed, moves) and is
  rebuilt by replaying the moves (chance=draws: the moves and every chance outcome in
  order). A clone copies the engine's game (RNG state included); with chance=draws clones
  share the settled engine game, which no move changes (each is played on a copy).
  The game pickles as its ruleset and game string (its class is made by ``register``, so
  pickle cannot find it by name); unpickling registers the ruleset and loads the string.
  A game never changes once made: ``copy.copy`` and ``copy.deepcopy`` give the game itself
  (no ruleset is read again).

Needs the extra: ``pip install 'philtre[openspiel]'``.
"""

from __future__ import annotations

import hashlib
import json
import math
import numbers
import os
import warnings

import numpy as np
import pyspiel

from philtre.dsl import PhiltreError, load_ruleset, resolve_ruleset_path, shipped_games
from philtre.dsl.builtins import WORK, WORK_LIMIT
from philtre.dsl.overlays import variant_paths
from philtre.dsl.values import Component, Zone
from philtre.interpreter import Game

from .actions import DEFAULT_POSITIONAL_LIMIT, AdapterError, whole_number
from .draws import DrawNeeded, GivenDraws
from .spec import load_spec, oriented_scores, ruleset_reference, seat_text, state_text, variant_tuple, win_shares

PREFIX = "philtre_"
DEFAULT_MAX_GAME_LENGTH = 10_000
DEFAULT_SEEDS = 1 << 16
# OpenSpiel's game parameters are C++ ints: pybind cannot pass a larger Python int (an unclear cast error)
INT_PARAMETER_MAX = 2 ** 31 - 1
COUNT_PARAMETERS = ("seeds", "max_game_length", "positional_limit")  # each a whole number from 1 to INT_PARAMETER_MAX
# what the chance nodes draw: the engine's seed once (the default), or each random draw of the engine on its own
CHANCE_MODES = ("seed", "draws")
# what a seat's utility is: its win share (1/k to each of k winners) or its final score
UTILITIES = ("win", "score")
# utility=score's numbers, declared by the user: the final scores' bounds (OpenSpiel needs them, and no ruleset
# declares them) and what they always sum to. Not given: NaN, as pyspiel fills in every parameter's default, so no
# number could mean "not given"; a game string cannot carry NaN ("nan.0" does not parse), so it leaves them out
SCORE_PARAMETERS = ("min_utility", "max_utility", "utility_sum")
UNSET = float("nan")
_REGISTERED: dict = {}  # short name -> the ruleset reference (a shipped game's name or a path)


# -- registration ------------------------------------------------------------------------------
def short_name(ruleset) -> str:
    """OpenSpiel's name for a ruleset: philtre_<game>, dashes as underscores."""
    return PREFIX + ruleset.name.replace("-", "_")


def register(ruleset: str) -> str:
    """Register a ruleset (a shipped game's name or a path) with pyspiel; returns its short name."""
    ruleset = _reference(ruleset_reference(ruleset))
    base = load_ruleset(ruleset)
    name = short_name(base)
    if name in _REGISTERED:
        known = _REGISTERED[name]
        if _file_of(known) != _file_of(ruleset):
            raise ValueError(f"{name} is already registered for {known!r}, not {ruleset!r}: rename the game")
        return name
    lows, highs = [base.min_players], [base.max_players]
    for variant in _variants_that_load(ruleset, name):
        lows.append(variant.min_players)
        highs.append(variant.max_players)
    # players 0: the smallest count of the ruleset with the variants asked for (PhiltreGame)
    params = {"players": 0, "variants": "", "chance": "seed", "seeds": DEFAULT_SEEDS,
              "max_game_length": DEFAULT_MAX_GAME_LENGTH, "positional_limit": DEFAULT_POSITIONAL_LIMIT,
              "utility": "win", **dict.fromkeys(SCORE_PARAMETERS, UNSET)}
    spec = load_spec(ruleset, base.min_players)
    gtype = _game_type(spec, name, min(lows), max(highs), params, Utility.wins(spec))
    _REGISTERED[name] = ruleset
    if name not in pyspiel.registered_names():
        # a class, not a closure: pyspiel keeps the creator until exit, and a closure freed
        # then (without the GIL) aborts the interpreter
        creator = type(f"PhiltreGame_{name}", (PhiltreGame,), {"ruleset": ruleset, "short_name": name, "defaults": params})
        pyspiel.register_game(gtype, creator)
    return name


def _reference(ruleset: str) -> str:
    """How a registered game names its ruleset: a shipped game's name, else the path made absolute (found the same
    from any folder, and the same file named two ways is one game)."""
    if ruleset in shipped_games() and not os.path.exists(ruleset):  # (a folder of that name here is no shipped game)
        return ruleset
    return os.path.abspath(ruleset)


def _file_of(ruleset: str) -> str:
    """The real path of a ruleset's file."""
    return os.path.realpath(resolve_ruleset_path(ruleset))


def _variants_that_load(ruleset: str, name: str) -> list:
    """The ruleset with each of its variants/ overlays, for the player range; one that does not load is left out
    with a warning (it fails when asked for), so that it does not keep the game from being registered."""
    out = []
    for path in variant_paths(resolve_ruleset_path(ruleset)):
        try:
            out.append(load_ruleset(ruleset, (path,)))
        except PhiltreError as exc:
            warnings.warn(f"philtre: {name}: variant {path} does not load and is left out of the player range: {exc}",
                          stacklevel=3)
    return out


def register_shipped() -> list:
    """Register every shipped ruleset that loads; returns their short names."""
    names = []
    for game in shipped_games():
        try:
            names.append(register(game))
        except (PhiltreError, AdapterError) as exc:  # one broken (or too large) ruleset must not hide the others
            warnings.warn(f"philtre: {game} is not registered with pyspiel: {exc}", stacklevel=2)
    return names


def load(ruleset: str, players: int | None = None, variants=(), **params) -> pyspiel.Game:
    """Register the ruleset if needed and load it with pyspiel, parameters as keywords."""
    name = register(ruleset)
    if players is not None:
        # (0: the smallest count allowed) a NumPy integer taken, and none beyond what pyspiel can pass
        params["players"] = whole_number(players, "players", 0, INT_PARAMETER_MAX)
    params.update(_check_counts(params))  # before pyspiel, which cannot even pass a parameter beyond 32 bits
    params.update(_check_numbers(params))  # pyspiel refuses an int where its parameter is a float
    variants = variant_tuple(variants)
    if variants:
        for variant in variants:
            if "+" in variant and not os.path.exists(variant):
                raise AdapterError(f"variant {variant!r}: load() takes several variants as a list "
                                   f"(variants={variant.split('+')!r}); only load_game's 'variants' joins them with +")
            _check_variant(variant, "+" + GAME_STRING_SEPARATORS)
        params["variants"] = "+".join(variants)
    return pyspiel.load_game(name, params)


# pyspiel's game-string parser splits parameters at these and has no escape for them
GAME_STRING_SEPARATORS = ",=()"


def _check_counts(params: dict) -> dict:
    """The count parameters given (seeds, max_game_length, positional_limit) as ints; AdapterError naming one out of range."""
    return {name: whole_number(params[name], name, 1, INT_PARAMETER_MAX) for name in COUNT_PARAMETERS if name in params}


def _check_numbers(params: dict) -> dict:
    """utility=score's numbers given (min_utility, max_utility, utility_sum) as floats (NumPy's too, not a bool);
    AdapterError naming one that is no number."""
    checked = {}
    for name in (name for name in SCORE_PARAMETERS if name in params):
        value = params[name]
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise AdapterError(f"{name} must be a number, not {value!r}")
        checked[name] = float(value)
    return checked


def _chance_mode(value) -> str:
    """The ``chance`` parameter checked: "seed" or "draws"; AdapterError naming what it was otherwise."""
    mode = str(value)
    if mode not in CHANCE_MODES:
        raise AdapterError(f"chance={mode!r}: the chance nodes draw the engine's seed (chance=seed) or each random "
                           f"draw (chance=draws)")
    return mode


def most_draw_outcomes(spec) -> int:
    """The most outcomes one random draw of the engine can have in this game: a shuffle's first draw has as many as the
    zone has components (at most all of the layout's), a roll as many as the die has faces; 1 if nothing is drawn."""
    ruleset = spec.ruleset
    components = len(ruleset.layout(spec.nplayers).components)
    faces = max((len(die.faces) for die in ruleset.dice.values()), default=0)
    return max(components, faces, 1)


def _load_game_string(ruleset: str, game_string: str) -> pyspiel.Game:
    """A pickled game: register its ruleset (a new process has only the shipped ones) and load its game string."""
    register(ruleset)
    return pyspiel.load_game(game_string)


def _check_variant(variant: str, forbidden: str) -> None:
    """Refuse a variant name or overlay path holding a character the game string cannot carry."""
    bad = sorted({c for c in variant if c in forbidden})
    if bad:
        raise AdapterError(f"variant {variant!r} holds {' '.join(bad)}: OpenSpiel's game string "
                           f"(serialisation, load_game(str(game))) cannot carry {' '.join(forbidden)} "
                           f"in a parameter; rename or move the overlay file")


def _game_type(spec, name: str, low: int, high: int, params: dict, utility: "Utility") -> pyspiel.GameType:
    """The GameType of a ruleset (with its variants) from its declarations, and of the utility asked for."""
    GT = pyspiel.GameType
    return GT(
        short_name=name,
        long_name=f"philtre {spec.ruleset.title}",
        dynamics=GT.Dynamics.SIMULTANEOUS if spec.simultaneous else GT.Dynamics.SEQUENTIAL,
        chance_mode=GT.ChanceMode.EXPLICIT_STOCHASTIC,
        information=GT.Information.IMPERFECT_INFORMATION if (spec.hidden or spec.simultaneous) else GT.Information.PERFECT_INFORMATION,
        utility=utility.kind(),
        reward_model=GT.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )


# -- utility ---------------------------------------------------------------------------------------
class Utility:
    """What a game's returns are: the win shares (``mode`` "win"), or the final scores (negated when the fewest points
    win) within the bounds ``low`` .. ``high`` the user declared, summing to ``total`` if declared (None: any sum)."""

    __slots__ = ("mode", "low", "high", "total")

    def __init__(self, mode: str, low: float, high: float, total: float | None):
        self.mode, self.low, self.high, self.total = mode, low, high, total

    @classmethod
    def wins(cls, spec) -> "Utility":
        """The win shares: 0 to 1, summing to 1 when winners are a ranking (one always wins), else to any sum."""
        return cls("win", 0.0, 1.0, 1.0 if spec.constant_sum else None)

    @classmethod
    def from_parameters(cls, params: dict, spec) -> "Utility":
        """The utility a game's parameters ask for; AdapterError for an unknown word, or numbers that do not fit it."""
        mode = str(params.get("utility", "win"))
        if mode not in UTILITIES:
            raise AdapterError(f"utility={mode!r}: a seat's utility is its win share (utility=win) or its final score "
                               f"(utility=score)")
        given = {name: params[name] for name in SCORE_PARAMETERS if not math.isnan(params.get(name, UNSET))}
        if mode == "win":
            if given:
                raise AdapterError(f"{', '.join(given)}: only for utility=score (utility=win's utilities are the win "
                                   f"shares, from 0 to 1)")
            return cls.wins(spec)
        missing = [name for name in SCORE_PARAMETERS[:2] if name not in given]
        if missing:
            raise AdapterError(f"utility=score needs {' and '.join(missing)}: the lowest and highest final score the "
                               f"ruleset can give (negated when the fewest points win), as OpenSpiel needs bounded "
                               f"utilities and a ruleset does not declare its scores' bounds")
        for name, value in given.items():
            if math.isinf(value):
                raise AdapterError(f"{name}={value}: must be a finite number")
        low, high, total = given["min_utility"], given["max_utility"], given.get("utility_sum")
        if low >= high:
            raise AdapterError(f"min_utility={low} must be below max_utility={high}")
        n = spec.nplayers
        if total is not None and not n * low <= total <= n * high:
            raise AdapterError(f"utility_sum={total}: {n} utilities from min_utility={low} to max_utility={high} "
                               f"cannot sum to it")
        return cls(mode, low, high, total)

    def kind(self) -> pyspiel.GameType.Utility:
        """ZERO_SUM or CONSTANT_SUM where the sum is known (a ranking's win shares, or a declared utility_sum), else
        GENERAL_SUM: nothing is inferred from the ruleset's scoring."""
        if self.total is None:
            return pyspiel.GameType.Utility.GENERAL_SUM
        if self.total == 0:
            return pyspiel.GameType.Utility.ZERO_SUM
        return pyspiel.GameType.Utility.CONSTANT_SUM

    def returns(self, spec, game, where: str) -> list:
        """Each seat's utility at the end; AdapterError naming the game (``where``) for a final score outside the
        declared bounds or a sum other than the declared one (the declaration is wrong, or the ruleset is)."""
        if self.mode == "win":
            return win_shares(spec, game)
        utilities = [float(score) for score in oriented_scores(spec, game)]
        what = "final scores" if spec.orientation == 1 else "final scores negated (the fewest points win)"
        outside = [seat for seat, u in enumerate(utilities) if not self.low <= u <= self.high]
        if outside:
            raise AdapterError(f"{where}: seat {outside[0]}'s utility {utilities[outside[0]]} is outside min_utility="
                               f"{self.low} .. max_utility={self.high} (the {what}: {utilities}); declare bounds "
                               f"that hold every final score the ruleset can give")
        # (a score may be a fraction: its float is off by a rounding)
        if self.total is not None and not math.isclose(sum(utilities), self.total, abs_tol=1e-9 * spec.nplayers
                                                       * max(1.0, abs(self.low), abs(self.high))):
            raise AdapterError(f"{where}: the {what} {utilities} sum to {sum(utilities)}, not utility_sum="
                               f"{self.total}; leave utility_sum out (a general-sum game) unless every game's sum is it")
        return utilities


def _shown_parameters(params: dict) -> dict:
    """The parameters as the game string shows them: without utility=score's numbers not given (NaN)."""
    return {k: v for k, v in params.items() if not (k in SCORE_PARAMETERS and math.isnan(v))}


# -- the game ----------------------------------------------------------------------------------
class PhiltreGame(pyspiel.Game):
    """One ruleset with variants for one player count, as a pyspiel game."""

    ruleset = ""  # set by register() on the subclass made for each ruleset
    short_name = ""
    defaults: dict = {}

    def __init__(self, params):
        params = dict(params)
        ruleset, name, defaults = self.ruleset, self.short_name, self.defaults
        variants = tuple(v for v in str(params.get("variants", "")).split("+") if v)
        for variant in variants:
            _check_variant(variant, GAME_STRING_SEPARATORS)
        players = int(params["players"]) or load_ruleset(ruleset, variants).min_players
        params["players"] = players  # the game string names the count played
        counts = _check_counts(params)
        self.key = (ruleset, players, variants, counts["positional_limit"])
        self.spec = load_spec(*self.key)
        self.max_length = counts["max_game_length"]
        self.seeds = counts["seeds"]
        self.chance = _chance_mode(params.get("chance", "seed"))
        self.utility = Utility.from_parameters(params, self.spec)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.numbering.size,
            max_chance_outcomes=self.seeds if self.chance == "seed" else most_draw_outcomes(self.spec),
            num_players=players,
            min_utility=self.utility.low,
            max_utility=self.utility.high,
            utility_sum=self.utility.total,
            max_game_length=self.max_length,
        )
        rs = self.spec.ruleset
        gtype = _game_type(self.spec, name, rs.min_players, rs.max_players, defaults, self.utility)
        super().__init__(gtype, info, _shown_parameters(params))

    def __reduce__(self):
        """Pickle as the ruleset and the game string: register() makes the class, so pickle cannot find it by name."""
        return _load_game_string, (self.ruleset, str(self))

    def __copy__(self) -> "PhiltreGame":
        """The game itself: it never changes once made (its states hold what changes), as a tuple's copy is the tuple.

        Copies went through pickling (``__reduce__``): the ruleset was read from disk again, slowly, and a file changed
        or broken since made the copy another game, or failed."""
        return self

    def __deepcopy__(self, memo) -> "PhiltreGame":
        """The game itself, as ``copy.copy`` gives (nothing in it changes)."""
        return self

    def new_initial_state(self):
        """A new game at its chance node (the seed is not drawn yet; chance=draws: the game's first random draw)."""
        return PhiltreState(self)

    def new_core(self) -> "_Core":
        """The engine side of a new state: one chance node for the seed, or one for each random draw."""
        if self.chance == "draws":
            return _DrawsCore(self.spec, self.key, self.seeds, self.max_length)
        return _Core(self.spec, self.key, self.seeds, self.max_length)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """An observer of views: the seat's (or an onlooker's), with or without perfect recall."""
        return PhiltreObserver(self.spec, iig_obs_type, params)


class _Core:
    """The engine game behind one OpenSpiel state, and what rebuilding it needs.

    Deep copies (OpenSpiel's clone) copy the engine game cheaply; pickling (OpenSpiel's
    serialisation) stores the seed and the moves, and unpickling replays them.
    """

    __slots__ = ("spec", "key", "seeds", "max_length", "game", "seed", "log", "chains", "_legal")

    def __init__(self, spec, key, seeds, max_length):
        self.spec, self.key, self.seeds, self.max_length = spec, key, seeds, max_length
        self.game, self.seed, self.log, self.chains, self._legal = None, None, [], [], {}

    def start(self, seed: int) -> None:
        """The chance node's outcome: start the engine game; each seat's history starts at its first view."""
        self.seed = seed
        self._started(Game(self.spec.ruleset, self.spec.nplayers, seed=seed))

    def _started(self, game) -> None:
        """The engine game at its first decision: no move yet; each viewer's history starts at its first view."""
        self.game = game
        self.log = []
        self.chains = [_digest(f"seat {v}", self.view_text(v)) for v in self._viewers()]

    # -- chance ------------------------------------------------------------------------------
    def chance_outcomes(self) -> list:
        """Every seed, equally likely."""
        return _uniform(self.seeds)

    def take_chance(self, outcome: int) -> None:
        """The seed drawn; AdapterError outside 0..seeds-1 (outside the declared outcomes)."""
        _check_outcome(outcome, self.seeds)
        self.start(outcome)

    def chance_label(self, outcome: int) -> str:
        """A chance outcome as text."""
        return f"seed {outcome}"

    def where(self) -> str:
        """Which game this is, and how far it went, for a message: its seed and the number of moves."""
        return f"seed {self.seed}, after {len(self.log)} moves"

    def text(self) -> str:
        """The whole position as text (hidden parts included), for debugging."""
        if self.chance:
            return "chance: the seed is not drawn yet"
        return f"seed {self.seed}\n" + self._position_text()

    def _position_text(self) -> str:
        """The engine game's state as text, and whether it was cut."""
        cut = "\n(cut at max_game_length)" if self.terminal and not self.game.finished else ""
        return state_text(self.spec, self.game) + cut

    def view_text(self, v: int) -> str:
        """Viewer v's view (v == n: the onlooker's) as text, its components named as v tells them apart (not by id)."""
        return seat_text(self.game.view(_viewer(self.spec, v)), self.spec.numbering.layout)

    def _viewers(self) -> range:
        """Seats, then the onlooker (index n)."""
        return range(self.spec.nplayers + 1)

    def __deepcopy__(self, memo) -> "_Core":
        other = _Core(self.spec, self.key, self.seeds, self.max_length)
        if self.game is not None:
            other.game, other.seed = self.game.copy(), self.seed
            # a clone's history digests are rebuilt only if asked for: search clones never are
            other.log, other.chains = list(self.log), None
            other._legal = dict(self._legal)
        return other

    def __reduce__(self):
        return _restore_core, (self.key, self.seeds, self.max_length, self.seed, self.log)

    # -- position ----------------------------------------------------------------------------
    @property
    def chance(self) -> bool:
        """Before the seed is drawn."""
        return self.game is None

    @property
    def terminal(self) -> bool:
        """Over, or cut at the game's maximum length."""
        return self.game is not None and (self.game.finished or len(self.log) >= self.max_length)

    def legal(self, seat: int) -> dict:
        """{index: position in game.options(seat)} for a seat to decide now (cached until the next move).

        Positions, not options, are kept: they stay right in a clone, whose options are its own objects.
        """
        key = (len(self.log), seat)
        found = self._legal.get(key)
        if found is None:
            found = {}
            if not (self.chance or self.terminal) and seat in self.game.pending():
                options = self.game.options(seat)
                found = {i: _position(options, o) for i, o in self.spec.numbering.legal(self.game, seat).items()}
            self._legal[key] = found
        return found

    def play(self, moves, positions=None) -> None:
        """One OpenSpiel move: [(seat, index), ...] (several seats in a simultaneous node).

        ``positions`` (from a replay) say where each option stands in ``game.options(seat)``,
        which spares re-deriving the numbering.
        """
        if positions is None:
            positions = [self._position_of(seat, index) for seat, index in moves]
        options = [(seat, self.game.options(seat)[pos]) for (seat, _), pos in zip(moves, positions)]
        told = probe = None
        if self.chains is not None:
            told = _Told(self.spec, options, self.game)
            # the game before the move, to play the actions' effects alone on (_Told.settle): only where a chosen
            # component lies where some viewer does not see it
            probe = self.game.copy() if told.hidden else None
        try:
            for seat, option in options:
                self.game.apply(seat, option)
        except PhiltreError:
            # a rule failed (the ruleset's bug): the engine stopped the game halfway through the move; the state
            # stands where it was instead (as with chance=draws), the seed and the moves played again
            self.game = _restore_core(self.key, self.seeds, self.max_length, self.seed, self.log).game
            raise
        self.log.append((tuple(moves), tuple(positions)))
        self._legal = {}
        if told is not None:
            told.settle(probe, positions)
            self._extend_chains(moves, told)

    def _position_of(self, seat: int, index: int) -> int:
        """Where the option of ``index`` stands in ``seat``'s options; AdapterError naming it if it is not legal now."""
        legal = self.legal(seat)
        if index not in legal:
            numbering = self.spec.numbering
            label = numbering.label(index) if 0 <= index < numbering.size else f"outside 0..{numbering.size - 1}"
            raise AdapterError(f"seat {seat}: action {index} ({label}) is not legal now")
        return legal[index]

    def _extend_chains(self, moves, told: "_Told") -> None:
        """Add a move to every viewer's history digest: the viewer's own action, the other movers' decisions as it may
        see them (``told``), and its view after the move."""
        acted = dict(moves)
        for v in self._viewers():
            own = f"did {acted[v]}" if v in acted else ""
            self.chains[v] = _digest(self.chains[v], own, told.text(v), self.view_text(v))

    def history_digest(self, v: int) -> str:
        """Viewer v's history digest (v == n: the onlooker's), rebuilt by a replay after a clone."""
        if self.chains is None:
            rebuild, args = self.__reduce__()
            self.chains = rebuild(*args).chains
        return self.chains[v]


class _DrawsCore(_Core):
    """The engine game behind a state of a game played with chance="draws": each random draw a chance node.

    The engine cannot stop inside an effect, so a draw is resolved by playing again: ``game`` is the last settled
    point (the engine game before the move being resolved, None before the game's start is), ``drawn`` the chance
    outcomes since, ``need`` the number of outcomes of the draw asked for now (0: no chance node). Resolving the start
    or a move (``moving``: the last of ``log``) plays it on a fresh copy of the settled point with a GivenDraws
    generator holding ``drawn``: it settles, or stops at the next draw (DrawNeeded), and each outcome plays it again.
    A settled game is never played on (each move plays on a copy), so clones share it. ``outcomes``: every chance
    outcome so far, in order; pickling keeps them and the moves, and unpickling replays them (each settled point
    once). There is no seed (``seed`` stays None): no ``Game(ruleset, n, seed=i)`` is this game.
    """

    __slots__ = ("drawn", "need", "outcomes", "moving")

    def __init__(self, spec, key, seeds, max_length, outcomes=()):
        super().__init__(spec, key, seeds, max_length)
        self.outcomes, self.drawn, self.need, self.moving = list(outcomes), list(outcomes), 0, None
        self._settle()

    @property
    def chance(self) -> bool:
        """A draw waits for its outcome."""
        return self.need != 0

    @property
    def terminal(self) -> bool:
        """Over, or cut at the game's maximum length, once the last move is settled."""
        return not self.need and self.game is not None and (self.game.finished or len(self.log) >= self.max_length)

    def _settle(self) -> None:
        """Play the start or the move being resolved with the outcomes drawn since the settled point: a new settled
        point, or a chance node (``need``) where the outcomes run out."""
        draws = GivenDraws(self.drawn)
        try:
            game = self._resolved(draws)
        except DrawNeeded as needed:
            self.need = needed.n
            return
        self.need, self.drawn = 0, self.drawn[draws.taken:]  # (a replay's outcomes left over: the next move's)
        if self.moving is None:
            self._started(game)
            return
        (moves, positions), self.moving = self.moving, None
        told = None
        if self.chains is not None:  # (self.game, the settled point before the move, is never played on)
            options = [(seat, self.game.options(seat)[pos]) for (seat, _), pos in zip(moves, positions)]
            told = _Told(self.spec, options, self.game)
            probe = None
            if told.hidden:
                probe = self.game.copy()
                probe.state.flow.rng = GivenDraws(draws.outcomes[:draws.taken])  # (the outcomes this move drew)
            told.settle(probe, positions)
        self.game, self._legal = game, {}
        if told is not None:
            self._extend_chains(moves, told)

    def _resolved(self, draws: GivenDraws):
        """The engine game after the start or the move being resolved, drawing from ``draws``; DrawNeeded past them."""
        if self.game is None:
            return Game(self.spec.ruleset, self.spec.nplayers, seed=draws)
        game = self.game.copy()
        game.state.flow.rng = draws
        moves, positions = self.moving
        options = [(seat, game.options(seat)[pos]) for (seat, _), pos in zip(moves, positions)]
        for seat, option in options:
            game.apply(seat, option)
        return game

    def play(self, moves, positions=None) -> None:
        """One OpenSpiel move, resolved at once unless it draws: then the state is a chance node until it settles."""
        if positions is None:
            positions = [self._position_of(seat, index) for seat, index in moves]
        self.moving = (tuple(moves), tuple(positions))
        self.log.append(self.moving)
        self._legal = {}
        try:
            self._settle()
        except BaseException:  # (a rule that fails: the move is not made, as the state stands where it was)
            self.log.pop()
            self.moving = None
            raise

    def chance_outcomes(self) -> list:
        """The draw's outcomes, equally likely."""
        return _uniform(self.need)

    def take_chance(self, outcome: int) -> None:
        """The draw's outcome: the start or the move played again with it; AdapterError outside 0..need-1."""
        _check_outcome(outcome, self.need)
        self.drawn.append(outcome)
        self.outcomes.append(outcome)
        try:
            self._settle()
        except BaseException:  # (a rule that fails: the outcome is not taken)
            self.drawn.pop()
            self.outcomes.pop()
            raise

    def chance_label(self, outcome: int) -> str:
        """A chance outcome as text."""
        return f"draw {outcome}"

    def where(self) -> str:
        """Which game this is, and how far it went, for a message: its chance outcomes (no seed) and moves."""
        return f"chance=draws outcomes {self.outcomes}, after {len(self.log)} moves"

    def text(self) -> str:
        """The whole position as text (hidden parts included), for debugging; no seed (none plays this game again)."""
        head = f"chance=draws, {len(self.outcomes)} chance outcomes so far (no seed)"
        if self.chance:
            what = "the game's start" if self.moving is None else "the move " + self._moving_text()
            head += f"\nchance: {what} draws among {self.need} (drawn for it so far: {self.drawn})"
        return head if self.game is None else head + "\n" + self._position_text()

    def _moving_text(self) -> str:
        """The move being resolved, as seats and labels."""
        label = self.spec.numbering.label
        return ", ".join(f"{label(index)} by seat {seat}" for seat, index in self.moving[0])

    def __deepcopy__(self, memo) -> "_DrawsCore":
        other = _DrawsCore.__new__(_DrawsCore)
        other.spec, other.key, other.seeds, other.max_length = self.spec, self.key, self.seeds, self.max_length
        other.game, other.seed, other.moving, other.need = self.game, None, self.moving, self.need  # (shared: see above)
        other.log, other.drawn, other.outcomes = list(self.log), list(self.drawn), list(self.outcomes)
        # a clone's history digests are rebuilt only if asked for: search clones never are
        other.chains, other._legal = None, dict(self._legal)
        return other

    def __reduce__(self):
        return _restore_draws_core, (self.key, self.seeds, self.max_length, self.log, self.outcomes)


def _restore_draws_core(key, seeds, max_length, log, outcomes) -> _DrawsCore:
    """Rebuild a pickled core of chance=draws by replaying its moves with its chance outcomes."""
    core = _DrawsCore(load_spec(*key), key, seeds, max_length, outcomes)
    for moves, positions in log:
        core.play(moves, positions)
    return core


def _uniform(count: int) -> list:
    """``count`` chance outcomes, equally likely, as OpenSpiel lists them."""
    p = 1.0 / count
    return [(i, p) for i in range(count)]


def _check_outcome(outcome: int, count: int) -> None:
    """AdapterError for a chance outcome outside 0..count-1 (outside the outcomes declared)."""
    if not 0 <= outcome < count:
        raise AdapterError(f"chance outcome {outcome} is not legal now: the outcomes are 0..{count - 1}")


def _position(options: list, option) -> int:
    """Where an option object stands in the engine's list of options."""
    for i, o in enumerate(options):
        if o is option:
            return i
    return options.index(option)


def _viewer(spec, v: int):
    """Seat v, or None (an onlooker) for v == n."""
    return None if v == spec.nplayers else v


def _digest(*parts) -> str:
    """A short hash of parts: one link of a seat's history chain."""
    h = hashlib.blake2b(digest_size=12)
    for part in parts:
        h.update(part.encode())
        h.update(b"\x00")
    return h.hexdigest()


class _Told:
    """What each viewer (seats, then the onlooker, n) is told of one move's decisions: each decision as a seat's record
    shows it (``Recorder.decision`` and ``decision_done``), without engine ids.

    A chosen component (at any depth of the arguments; a map's components as keys, all together) is shown to its
    decider, to a viewer that sees it where it lay (face up counts), and to one that sees it where the action's effects
    leave it, before the flow goes on (``settle``); it is hidden from the others. A shown component is told by its kind
    and the zone instance it lay in (the action numbering's words), never by id; every other argument (zones, seats,
    numbers) as it is. The engine keeps no record here: where the effects leave a component is found by playing the
    actions' effects alone on a copy of the game before the move.
    """

    __slots__ = ("spec", "options", "lay", "before", "after")

    def __init__(self, spec, options, game):
        self.spec, self.after = spec, None
        self.options = options  # [(seat, Option)] of ``game``, before the move
        where, revealed = game.state.where, game.state.revealed
        self.lay = {c["id"]: where[c["id"]] for _, option in options for c in _components(option.args)}
        self.before = {ident: self._seers(key, ident in revealed) for ident, key in self.lay.items()}

    @property
    def hidden(self) -> bool:
        """Whether some viewer does not see a chosen component where it lay (then ``settle`` needs the game before)."""
        everyone = self.spec.nplayers + 1
        return any(len(seers) < everyone for seers in self.before.values())

    def _seers(self, key, face_up: bool) -> frozenset:
        """The viewers (n: the onlooker) who see a component lying in zone ``key``, face up or not."""
        n = self.spec.nplayers
        if face_up:
            return frozenset(range(n + 1))
        zone = self.spec.ruleset.zones[key[0]]
        return frozenset(v for v in range(n + 1) if zone.sees_contents(key[1], None if v == n else v, n))

    def settle(self, probe, positions) -> None:
        """Where the actions' effects leave the chosen components: ``probe`` (a copy of the game before the move,
        drawing what the move drew; None if every viewer saw them all) plays each decision's effects in the move's
        order, as the engine does, without the flow that follows."""
        if probe is None:
            return
        pending = probe.state.flow.pending
        options = [(seat, probe.options(seat)[pos]) for (seat, _), pos in zip(self.options, positions)]
        try:
            for seat, option in options:
                probe._take(seat, option, pending.locals, None)
        finally:
            WORK[0] = WORK_LIMIT  # (the probe's work is no game's: as Game.apply leaves it after a move)
        where, revealed = probe.state.where, probe.state.revealed
        self.after = {ident: self._seers(where[ident], ident in revealed) for ident in self.lay}

    def _sees(self, comps, v: int, seat: int) -> bool:
        """Whether viewer v is shown ``comps`` chosen by ``seat``: its own, or all seen where they lay or lie after."""
        if v == seat or all(v in self.before[c["id"]] for c in comps):
            return True
        return self.after is not None and all(v in self.after[c["id"]] for c in comps)

    def text(self, v: int) -> str:
        """The other seats' decisions of the move as viewer v is told them (its own is the action index it took)."""
        return json.dumps([[seat, option.action, [[name, self._value(value, v, seat)] for name, value in option.args]]
                           for seat, option in self.options if seat != v], separators=(",", ":"), default=str)

    def _value(self, value, v: int, seat: int):
        """An argument as viewer v is told it (as JSON data): components by kind and zone, or hidden."""
        if isinstance(value, Component):
            return self._component(value, v, seat)
        layout = self.spec.numbering.layout
        if isinstance(value, Zone):
            return {"zone": layout.zone_index[value.key]}
        if isinstance(value, (list, tuple)):
            return [self._value(item, v, seat) for item in value]
        if isinstance(value, dict):
            # a key names its component and cannot be hidden alone: the whole map is, as in a seat's record
            keys = [k for k in value if isinstance(k, Component)]
            if keys and not self._sees(keys, v, seat):
                return "hidden"
            items = [[self._value(k, v, seat), self._value(x, v, seat)] for k, x in value.items()]
            # (in an order of their own, not the map's, as a view's keys)
            return {"map": sorted(items, key=lambda item: json.dumps(item, default=str))}
        return value

    def _component(self, comp, v: int, seat: int):
        """A chosen component as viewer v is told it: "kind@zone it lay in" (the numbering's numbers), or hidden."""
        if not self._sees((comp,), v, seat):
            return "hidden"
        layout = self.spec.numbering.layout
        return f"{layout.kind_of_id[comp['id']]}@{layout.zone_index[self.lay[comp['id']]]}"


def _components(value):
    """Every component an argument holds, at any depth (a map's keys too)."""
    if isinstance(value, Component):
        yield value
    elif isinstance(value, (list, tuple)):  # (a zone is named, not looked into: its contents are not chosen)
        if not isinstance(value, Zone):
            for item in value:
                yield from _components(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _components(key)
            yield from _components(item)


def _restore_core(key, seeds, max_length, seed, log) -> _Core:
    """Rebuild a pickled core by replaying its moves from its seed."""
    core = _Core(load_spec(*key), key, seeds, max_length)
    if seed is not None:
        core.start(seed)
        for moves, positions in log:
            core.play(moves, positions)
    return core


class PhiltreState(pyspiel.State):
    """A position of a philtre game, seen through OpenSpiel's State API."""

    def __init__(self, game: PhiltreGame):
        super().__init__(game)
        self.core = game.new_core()
        self.utility = game.utility

    def current_player(self):
        """CHANCE before the seed, then the seat to move, SIMULTANEOUS in a simultaneous step, or TERMINAL."""
        core = self.core
        if core.chance:
            return pyspiel.PlayerId.CHANCE
        if core.terminal:
            return pyspiel.PlayerId.TERMINAL
        pending = core.game.state.flow.pending
        if pending.simultaneous and core.spec.simultaneous:
            return pyspiel.PlayerId.SIMULTANEOUS
        return core.game.pending()[0]

    def chance_outcomes(self):
        """Every seed (chance=draws: every outcome of the draw), equally likely."""
        return self.core.chance_outcomes()

    def _legal_actions(self, player):
        """The seat's legal action indices, ascending; refused for a simultaneous node as a whole."""
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            raise AdapterError("a simultaneous node has no flat joint actions: ask legal_actions(seat) "
                               "for each seat and play them together with apply_actions")
        return list(self.core.legal(player))

    def _apply_action(self, action):
        """The seed (chance=draws: the draw's outcome) at a chance node, else a one-seat move; refused at a
        simultaneous or terminal node, and outside the chance node's outcomes."""
        core = self.core
        if core.chance:
            core.take_chance(int(action))
            return
        player = self.current_player()
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            raise AdapterError(f"action {action} is not legal now: this is a simultaneous node, "
                               f"play one action per seat with apply_actions")
        if core.terminal:
            raise AdapterError(f"action {action} is not legal now: the game is over")
        core.play([(player, int(action))])

    def _apply_actions(self, actions):
        """A simultaneous move: one index per seat (ignored for seats not deciding)."""
        core = self.core
        if self.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
            node = "the game is over" if core.terminal else "this is not a simultaneous node (use apply_action)"
            raise AdapterError(f"actions {list(actions)} are not legal now: {node}")
        if len(actions) != core.spec.nplayers:
            raise AdapterError(f"a simultaneous move takes one action per seat ({core.spec.nplayers}), "
                               f"not {len(actions)}: {list(actions)}")
        core.play([(seat, int(actions[seat])) for seat in core.game.pending()])

    def _action_to_string(self, player, action):
        """The seed drawn (chance=draws: the draw's outcome), or the option an index stands for: action(param=value, ...)."""
        if player == pyspiel.PlayerId.CHANCE:
            return self.core.chance_label(int(action))
        core, index = self.core, int(action)
        position = core.legal(player).get(index) if 0 <= player < core.spec.nplayers else None
        return core.spec.numbering.label(index, None if position is None else core.game.options(player)[position])

    def is_terminal(self):
        """Finished, or cut at max_game_length."""
        return self.core.terminal

    def returns(self):
        """At the end, the utility the game asked for: 1/k for each of k winners, or the final scores; 0 before."""
        core = self.core
        if not core.terminal:
            return [0.0] * core.spec.nplayers
        return self.utility.returns(core.spec, core.game, core.where())

    def rewards(self):
        """Terminal rewards: the returns at the end, 0 before."""
        return self.returns()

    def __str__(self):
        """The whole state as text (hidden parts included), for debugging."""
        return self.core.text()


class PhiltreObserver:
    """Observations and information states from views (OpenSpiel's PyObserver interface)."""

    def __init__(self, spec, iig_obs_type, params):
        if params:
            raise ValueError(f"philtre observers take no parameters, got {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS or not obs_type.public_info:
            raise ValueError("philtre observes through views: a seat's (SINGLE_PLAYER) or an onlooker's (NONE), public info included")
        self.spec = spec
        self.onlooker = obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.recall = obs_type.perfect_recall
        pieces = [("view", spec.encoder.size)]
        if self.recall:
            pieces.append(("own_actions", spec.numbering.size))
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict, start = {}, 0
        for name, size in pieces:
            self.dict[name] = self.tensor[start:start + size]
            start += size

    def _viewer(self, player):
        """Whose view: the player's, or None for an onlooker observer."""
        return None if self.onlooker else player

    def set_from(self, state, player):
        """Fill the tensor with the player's encoded view (and own-action counts with perfect recall)."""
        core = state.core
        if core.game is None:
            self.tensor.fill(0)  # nothing to see before the game starts
            return
        self.spec.encoder.encode(core.game.view(self._viewer(player)), out=self.dict["view"])
        if self.recall:
            counts = self.dict["own_actions"]
            counts.fill(0)
            if not self.onlooker:
                for moves, _ in core.log:
                    for seat, index in moves:
                        if seat == player:
                            counts[index] += 1

    def string_from(self, state, player):
        """The view as canonical JSON; with perfect recall, prefixed by the history digest."""
        core = state.core
        if core.game is None:
            return "not started"
        viewer = core.spec.nplayers if self.onlooker else player
        text = core.view_text(viewer)
        if not self.recall:
            return text
        chain = core.history_digest(viewer)
        return f"history {chain} moves {len(core.log)} {text}"


register_shipped()
