"""Agents: given a player's view and legal options, return a choice. Agents never see the state.

The interface (docs/agents.md): ``agent.choose(view, options)``, or, for an agent whose
class sets ``needs_info = True``, ``agent.choose(view, options, info)`` where ``info`` is
an ``InfoSet``: the seat, the rules, and ``info.sample(rng)``, a game consistent with
what the seat sees and remembers (not with what the rules' variables told it: docs/agents.md). ``ask(agent, game, seat)`` builds exactly that from a real game;
anything that runs games (``simulate.play_game``, ``philtre play``) calls it.

Agents by name, with an optional parameter after a colon: ``random``, ``greedy`` (or
``greedy:SAMPLES``, or ``greedy:turn``: it plays on through the seat's own questions asked again), ``ismcts`` (or
``ismcts:ITERATIONS``, or ``ismcts:ITERATIONS:DEPTH``: playouts of at most DEPTH decisions, valued by the heuristic).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence

from philtre.dsl.builtins import RuleRuntimeError
from philtre.dsl.errors import PhiltreError, did_you_mean
from philtre.dsl.model import decision_actions
from philtre.dsl.values import Component, Zone, describe, explain, where_apart

from .determinize import InfoSet, NoPlacement, fork, rebind_option
from .game import Option, index_picker, seats
from .ismcts import DEFAULT_ITERATIONS, search, settle
from .options import option_keys
from .views import by_id
from .runners import FAILURES

LOOK_AHEADS = 64  # greedy's default: at most this many look-aheads per decision (at least one sample)
TURN_LOOK_AHEADS = 1024  # greedy:turn: at most this many more look-aheads a decision, shared by its options and samples,
# through the seat's following questions of the same asking (docs/agents.md, "Moves made of several decisions")


class RandomAgent:
    """Chooses uniformly among the legal options, with its own seeded RNG."""

    name = "random"
    needs_view = False
    needs_info = False
    reads_heuristic = False  # (heuristic_steering: whether the ruleset's `heuristic` changes this agent's games)

    def __init__(self, seed=0, param=None):
        """A random agent with its own RNG (it takes no parameter)."""
        self.rng = random.Random(seed)

    def choose(self, view, options, info=None):
        """One option, uniformly at random."""
        return options[self.rng.randrange(len(options))]

    def picker(self):
        """The function ``choose`` draws with: given the number of options (one or more), the index it picks
        (``Game.play_out(pickers=...)`` plays the games ``choose`` plays). For the standard generator it is
        ``_randbelow``, what ``randrange(n)`` returns for a whole n > 0, without ``randrange``'s checks (game.index_picker)."""
        return index_picker(self.rng)


class GreedyAgent:
    """Picks the option whose outcome one step ahead scores best by the ruleset's heuristic.

    Each option is applied on sampled games (hidden parts guessed, other seats' secret
    choices in the same simultaneous step made at random) and the heuristic for the seat
    is averaged over the samples; ties are broken at random.
    """

    name = "greedy"
    needs_view = False
    needs_info = True
    reads_heuristic = True
    DEFAULT_SAMPLES = 8

    def __init__(self, seed=0, param=None):
        """A greedy agent; ``param``: samples per decision, or "turn": look through the seat's questions asked again."""
        self.rng = random.Random(seed)
        self.turn = param == "turn"  # greedy:turn: an option is rated where the seat's asking ends, not at once
        self._further = 0  # greedy:turn: the look-aheads each option may spend on the seat's next questions, this decision
        self.samples = None if self.turn else param  # None: DEFAULT_SAMPLES, fewer when there are many options
        self.decided = 0  # decisions with a choice to make
        self.blind = 0  # of those, decisions where every option looked the same: a random choice in effect
        self.failed = 0  # of those, decisions where no option could be scored: every look-ahead broke a rule

    def choose(self, view, options, info):
        """The option with the best mean heuristic over the samples."""
        if len(options) == 1:
            return options[0]
        evaluate = heuristic(info.ruleset)
        seat = info.player
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        # Where the seat sees every component, the samples differ only in the game's random generator: an option whose
        # look-ahead drew nothing from it (nor from this agent's, for other seats' secret choices) ends the same in each,
        # and its value is taken again, not looked for again (each sample is still made: the same draws of self.rng)
        alike = info.samples_alike()
        known = {}  # option index -> its value in every sample (None: not legal, or not scored)
        samples = self.samples or max(1, min(self.DEFAULT_SAMPLES, LOOK_AHEADS // len(options)))
        self._further = TURN_LOOK_AHEADS // (samples * len(options)) if self.turn else 0  # each look-ahead's share
        for _ in range(samples):
            try:
                sample = info.sample(self.rng)
            except NoPlacement:  # a hidden piece found no room on its grid: this sample scores no option
                continue
            if len(known) < len(options):
                where = where_apart(sample.state.where, sample.state.placed)  # (a grid's pieces apart by their placements)
                offered = sample.options(seat)
                legal = {key: index for index, key in enumerate(option_keys(offered, where))}  # (the last of equal keys)
                keys = option_keys(options, where)
            for i in range(len(options)):
                if i in known:
                    value = known[i]
                else:
                    mine = legal.get(keys[i])
                    value, chance = (None, False) if mine is None else self._look_ahead(sample, seat, offered[mine], evaluate)
                    if alike and not chance:
                        known[i] = value
                if value is not None:  # None: not legal in this sample (it read something hidden)
                    totals[i] += value  # (added once a sample, a known value too: the very sums and means of N look-aheads)
                    counts[i] += 1
        means = [t / c if c else float("-inf") for t, c in zip(totals, counts)]
        best = max(means)
        tied = [i for i, m in enumerate(means) if m == best]
        self.decided += 1
        self.blind += len(tied) == len(options)
        self.failed += not any(counts)  # (the note then says the guesses broke the rules, not that the score stood still)
        return options[self.rng.choice(tied)]

    def _look_ahead(self, sample, seat, option, evaluate):
        """(the heuristic for ``seat`` once ``option`` (of ``sample``) has taken effect in a copy of ``sample``, or None;
        whether chance took part: the game's generator was drawn from, or other seats chose at random)."""
        branch = fork(sample)
        pending = branch.state.flow.pending
        others = False
        try:
            branch.apply(seat, rebind_option(option, branch))
            others = pending is not None and branch.state.flow.pending is pending  # settle's condition: it draws from self.rng
            settle(branch, pending, self.rng)
        except PhiltreError:
            return None, others or branch.state.flow.drew()  # the guessed hidden parts broke a rule: this sample says nothing
        if self._further and pending is not None and self._asked_on(branch, seat, pending.stmt):
            value, chance = self._through_turn(branch, seat, pending.stmt, evaluate, self._further)
            return value, chance or others or branch.state.flow.drew()
        return _rated(evaluate, branch, seat), others or branch.state.flow.drew()

    @staticmethod
    def _asked_on(game, seat, stmt) -> bool:
        """Whether ``seat`` alone is asked ``stmt`` again in ``game``: the same asking (`until_chosen`) goes on."""
        pending = game.state.flow.pending
        return (pending is not None and pending.stmt is stmt and not pending.simultaneous and len(pending.players) == 1 and pending.players[0] == seat
                and game._asking_again() is not None)

    def _through_turn(self, game, seat, stmt, evaluate, budget):
        """(the best heuristic for ``seat`` over its next questions of the asking ``stmt`` in ``game``, each option
        tried on a copy while ``budget`` look-aheads last, a random ``budget`` of them where there are more, and the
        position rated where another seat decides, the asking ends or the budget does; whether chance took part)."""
        if budget <= 0:
            return _rated(evaluate, game, seat), False
        options = game.options(seat)
        tried = range(len(options)) if len(options) <= budget else self.rng.sample(range(len(options)), budget)
        more = (budget - len(tried)) // max(1, len(tried))  # what each option tried leaves its own next questions
        best, chance = None, False
        for index in tried:
            branch = fork(game)
            try:
                branch.apply(seat, rebind_option(options[index], branch))
            except PhiltreError:  # this sample's guesses broke a rule on the way: the option says nothing here
                chance = chance or branch.state.flow.drew()
                continue
            if self._asked_on(branch, seat, stmt):
                value, drew = self._through_turn(branch, seat, stmt, evaluate, more)
            else:
                value, drew = _rated(evaluate, branch, seat), False
            chance = chance or drew or branch.state.flow.drew()
            if value is not None and (best is None or value > best):
                best = value
        return best, chance


def _rated(evaluate, game, seat):
    """The heuristic for ``seat`` in ``game``; None where the scoring read where the game never reads it (`score[p] //
    count(discard)` with the discard empty at a round's start): as a broken sample; a value of the wrong kind stops the game."""
    try:
        return evaluate(game.state, seat)
    except ScoringFailed:
        return None


class ISMCTSAgent:
    """Information-set Monte Carlo tree search (see ``ismcts.py``) with a budget of iterations, and optionally a depth:
    playouts of at most so many decisions, the position then valued by the ruleset's heuristic (``cut_shares``)."""

    name = "ismcts"
    needs_view = False
    needs_info = True
    reads_heuristic = False  # its playouts go to the game's end and count its winners (ismcts:N:D's do not: reads_heuristic)

    def __init__(self, seed=0, param=None):
        """A search agent; ``param``: iterations per decision, or (iterations, depth)."""
        self.rng = random.Random(seed)
        self.iterations, self.depth = param if isinstance(param, tuple) else (DEFAULT_ITERATIONS if param is None else param, None)
        # the counts greedy keeps too (simulate.at_random_counts): a seat at random throughout is said in the summary
        self.decided = 0  # decisions with a choice to make
        self.blind = 0  # of those, decisions where every sample broke a rule: taken at random

    def choose(self, view, options, info):
        """The legal option the search visited most; one at random if every sample broke a rule (as greedy does)."""
        if len(options) == 1:
            return options[0]
        self.decided += 1
        if self.depth is None:
            chosen = search(info, options, self.rng, self.iterations)
        else:
            evaluate = heuristic(info.ruleset)
            try:
                chosen = search(info, options, self.rng, self.iterations, depth=self.depth,
                                value=lambda game: cut_shares(evaluate, game))
            except HeuristicStops as stop:  # (not a sample's fault: the heuristic is of the wrong kind, as greedy stops)
                raise stop.error from None
        if chosen is None:
            self.blind += 1
            chosen = options[self.rng.randrange(len(options))]
        return chosen


class HeuristicStops(Exception):
    """The heuristic failed where no sample is to blame (a value of the wrong kind): carried through the search, which
    drops an iteration for a PhiltreError, to stop the game as greedy's does."""

    def __init__(self, error):
        super().__init__(str(error))
        self.error = error


def cut_shares(evaluate, game) -> list:
    """Each seat's reward where a depth-limited playout stops before the end: the seats whose heuristic is highest share
    1, as the winners would at the end (1/k each for k of them), the others 0: the end's win shares, on the same scale
    (docs/agents.md, "Depth-limited playouts"). A heuristic that fails where the game never reads it drops the iteration
    (ScoringFailed: a broken sample); one of the wrong kind stops the game."""
    values = []
    for seat in range(game.state.nplayers):
        try:
            values.append(evaluate(game.state, seat))
        except ScoringFailed:
            raise
        except PhiltreError as exc:
            raise HeuristicStops(exc) from None
    best = max(values)
    top = [seat for seat, value in enumerate(values) if value == best]
    shares = [0.0] * len(values)
    for seat in top:
        shares[seat] = 1 / len(top)
    return shares


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "ismcts": ISMCTSAgent}


MAX_AGENT_PARAM = 1_000_000


def parse_agent(name: str) -> tuple:
    """'ismcts:400' -> (ISMCTSAgent, 400); 'ismcts:400:20' -> (ISMCTSAgent, (400, 20)); 'greedy:turn' -> (GreedyAgent,
    "turn"); 'random' -> (RandomAgent, None); ValueError if unknown."""
    base, sep, param = name.strip().partition(":")
    cls = AGENTS.get(base)
    if cls is None:
        guess = did_you_mean(base, AGENTS, any_case=True)  # `grredy`, `Greedy`: the one meant, before the list
        raise ValueError(f"unknown agent '{name}' ({guess + ' ' if guess else ''}known: {', '.join(sorted(AGENTS))})")
    if not sep:
        return cls, None
    if cls is RandomAgent:  # it said "the part after ':' is a whole number 1..1,000,000" of random:5
        raise ValueError(f"agent '{name}': random takes no ':N' (it has no iterations or samples to set): write random")
    if cls is GreedyAgent and param.strip().lower() == "turn":  # look through the seat's questions asked again
        return cls, "turn"
    param, colon, depth = param.partition(":")
    if colon and cls is not ISMCTSAgent:
        raise ValueError(f"agent '{name}': only ismcts takes a second ':' (ismcts:ITERATIONS:DEPTH); write {base}:N")
    if colon and not (depth.isascii() and depth.isdecimal() and len(depth) <= 7 and int(depth) <= MAX_AGENT_PARAM):
        raise ValueError(f"agent '{name}': the depth after the second ':' is a whole number 0..{MAX_AGENT_PARAM:,}, "
                         f"the decisions a playout plays before the heuristic values it (ismcts:ITERATIONS:DEPTH, ismcts:200:20)")
    # at most a million iterations or samples a decision: more would run for days, not finish
    if not (param.isascii() and param.isdecimal()) or len(param) > 7 or not 1 <= int(param) <= MAX_AGENT_PARAM:
        raise ValueError(f"agent '{name}': the part after ':' is a whole number 1..{MAX_AGENT_PARAM:,} (ismcts:ITERATIONS, "
                         "ismcts:ITERATIONS:DEPTH, greedy:SAMPLES), or greedy:turn")
    return cls, (int(param), int(depth)) if colon else int(param)


def reads_heuristic(name: str) -> bool:
    """Whether the agent ``name`` plays by the ruleset's `heuristic`: greedy, and ismcts with a depth (ismcts:N:D)."""
    cls, param = parse_agent(name)
    return isinstance(param, tuple) if cls is ISMCTSAgent else getattr(cls, "reads_heuristic", False)


def heuristic_steering(ruleset, agents) -> str | None:
    """The text of the ruleset's `heuristic` where an agent of ``agents`` (names) plays by it; else None.

    The content hash leaves the heuristic out (it changes no rule, and a record made before one was added replays), but
    the games of an agent that reads it change with it: a run's key and "plays the base's games" add this."""
    declared = getattr(ruleset, "heuristic", None)
    if declared is None or not any(map(reads_heuristic, agents)):
        return None
    return declared.text


def same_games(ruleset, other, agents) -> bool:
    """Whether ``agents`` (names) play the same games by both rulesets: the same rules, the same heuristic if one reads it."""
    return (ruleset.content_hash == other.content_hash
            and heuristic_steering(ruleset, agents) == heuristic_steering(other, agents))


def make_agent(name: str, seed) -> object:
    """An agent by name ('random', 'greedy', 'ismcts:400', 'ismcts:400:20', ...), seeded."""
    cls, param = parse_agent(name)
    return cls(seed, param)


def ask(agent, game, seat: int):
    """The agent's choice for ``seat`` in ``game``: it gets the view if it wants it, the options, and its information set if it searches."""
    options = game.options(seat)
    pending = game.state.flow.pending
    if pending is not None and not game._runners.zone_actions.isdisjoint(decision_actions(pending.stmt)):
        options = SeatOptions(options, Seen(game, seat))  # only options that may name a zone need it
    view = game.view(seat) if getattr(agent, "needs_view", False) else None
    if getattr(agent, "needs_info", False):
        chosen = agent.choose(view, options, InfoSet(game, seat))
    else:
        chosen = agent.choose(view, options)
    return options.real(chosen) if options.__class__ is SeatOptions else chosen


class SeatOptions(Sequence):
    """Legal options as a seat may see them: a zone in an argument holds only what the seat sees.

    The engine's options name the game's own zones, contents included; an agent that read a
    face-down zone through an option naming it would see what the visibility declarations
    hide. Each option is made when first looked at (a long ``OptionList`` stays cheap), and
    ``real`` gives back the game's own option for the one the agent returned.
    """

    __slots__ = ("_options", "_seen", "_made")

    def __init__(self, options, seen: "Seen"):
        """Wrap ``options`` of the seat ``seen`` describes."""
        self._options, self._seen, self._made = options, seen, {}

    def __len__(self) -> int:
        return len(self._options)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = operator.index(index)
        if index < 0:
            index += len(self)
        made = self._made.get(index)
        if made is None:
            made = self._made[index] = public_option(self._options[index], self._seen)
        return made

    def real(self, chosen):
        """The game's own option for ``chosen`` (one handed out, or an equal one); anything else as it is."""
        for index, made in self._made.items():
            if made is chosen:
                return self._options[index]
        for option in self._options:
            if option == chosen:
                return option
        return chosen


class Seen:
    """What one seat sees of zones: which instances' contents (from the declarations), and which components are revealed."""

    __slots__ = ("specs", "seat", "revealed", "nplayers")

    def __init__(self, game, seat):
        """The seat's sight in ``game`` (only the zone declarations and the ids of revealed components, all public, are kept)."""
        self.specs, self.seat, self.revealed = game.ruleset.zones, seat, game.state.revealed
        self.nplayers = game.state.nplayers  # (a team's zone: which seats are of the team)

    def zone(self, zone):
        """``zone`` itself if the seat sees its contents and their order; else a copy holding, in id order, what it sees:
        a bag's (`order: nobody`) components, or the revealed ones."""
        spec = self.specs[zone.key[0]]
        if spec.sees_order(zone.key[1], self.seat, self.nplayers):
            return zone
        return Zone(zone.key, by_id(c for c in zone if c["id"] in self.revealed or spec.sees_contents(zone.key[1], self.seat, self.nplayers)))


def public_option(option, seen: Seen):
    """``option`` itself, or a copy whose zones the seat cannot see hold only their revealed components."""
    args = tuple((name, _public_value(value, seen)) for name, value in option.args)
    if all(new is old for (_, new), (_, old) in zip(args, option.args)):
        return option
    return Option.of(option.action, args)


def _public_value(value, seen: Seen):
    """A zone as the seat may see it (``Seen.zone``); lists item by item, maps key and value; anything else as it is."""
    cls = value.__class__
    if cls is Zone:
        return seen.zone(value)
    if cls is Component or not isinstance(value, (list, tuple, dict)):
        return value
    if isinstance(value, (list, tuple)):
        items = [_public_value(v, seen) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else type(value)(items)
    pairs = [(_public_value(k, seen), _public_value(v, seen)) for k, v in value.items()]  # a zone may be a key too
    return value if all(a is k and b is v for (a, b), (k, v) in zip(pairs, value.items())) else dict(pairs)


# -- what greedy maximises -------------------------------------------------------------------

def heuristic(ruleset):
    """fn(S, seat) -> number: the ruleset's ``heuristic`` if it declares one, else its own scoring."""
    declared = getattr(ruleset, "heuristic", None)
    if declared is not None:
        return lambda S, seat: _number(declared, S, {"p": seat}, "the heuristic")
    winners = ruleset.winners
    if winners.order == "expression":
        return lambda S, seat: 1.0 if seat in _winners_now(winners.keys[0], S) else 0.0
    sign = 1 if winners.order == "highest" else -1
    first = winners.keys[0]
    return lambda S, seat: sign * _number(first, S, {"p": seat}, "the winners' first key")


def _winners_now(expr, S) -> list:
    """The seats a `winners:` expression names mid-game (none: nobody yet); R100 at it if it fails or names no seats."""
    value = _value(expr, S, {}, "the winners")
    if value is None:  # `[...] if game_over else none`: no winner yet
        return []
    try:
        return seats(value, S, "the winners")
    except RuleRuntimeError as exc:
        raise PhiltreError.at(expr.loc, "R100", f"the winners failed: {exc}") from None


class ScoringFailed(PhiltreError):
    """R100: the heuristic (or the scoring greedy reads in its place) failed where a look-ahead ended."""


def _value(expr, S, L, what: str):
    """The value of ``expr``; R100 at the expression if it fails (greedy reads it mid-game, where the game never does)."""
    try:
        return expr.fn(S, L)
    except RuleRuntimeError as exc:
        raise ScoringFailed.at(expr.loc, "R100", f"{what} failed: {exc}") from None
    except FAILURES as exc:
        raise ScoringFailed.at(expr.loc, "R100", f"{what} failed: {explain(exc)}") from None


def _number(expr, S, L, what: str):
    """The value of ``expr``, a number; otherwise, or if it fails, R100 at the expression."""
    value = _value(expr, S, L, what)
    if not isinstance(value, (int, float)):
        raise PhiltreError.at(expr.loc, "R100", f"{what} must be a number, got {describe(value)}")
    return value
