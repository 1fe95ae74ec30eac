"""A game in progress: ``pending()``, ``options(p)``, ``apply(p, option)``, ``view(p)``.

The flow is run by a small machine over a stack of frames kept in the state, so a game
can stop at any decision, be copied, and go on. Only statements that can pause (decisions,
and loops and blocks holding one) push frames; decisions stop the machine. Everything
else, effects and action bodies included, runs to its end in one call of its runner
(runners.py).
"""

from __future__ import annotations

import _random
import operator
import os
from itertools import repeat
from operator import is_
from random import Random as _Random
from types import MethodType

from philtre.dsl.builtins import HEAVY, WORK, WORK_LIMIT, RuleRuntimeError, bank, fraction_hint, work_steps
from philtre.dsl.compiler import choice_guard_hint, chosen_among_subsets, failing_definition, fractions_told, index_named, nones_named
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.model import Stmt, decision_actions
from philtre.dsl.statements import DECISION_KINDS
from philtre.dsl.values import Component, Zone, alike_once, arg_key, choices_written, describe, holds_nested, is_whole, not_a_choice_said, where_apart
from philtre.dsl.values import explain as _explain

from .effects import EFFECTS, GameEnded, handle_move, handle_reveal, handle_score, handle_set
from .options import Option, OptionList
from .records import Recorder
from .runners import BY_SEAT, asked_again, first_seat, following_seat, handed_nones, loop_items, rule_failed, runners_for, seat_names
from .state import State, initial_state
from .views import view_of

_RULE_FAILURES = (TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError, RecursionError)
_LISTING_FAILURES = (RuleRuntimeError, *_RULE_FAILURES)  # a rule that fails, listing or running (R100)
_UNTIL_FAILURES = (RuleRuntimeError, TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError)  # a turns loop's until (R100)

PAUSE = object()
_BUILTIN = type(len)  # a function or bound method written in C
_BELOW_ONE = _random.Random.random  # the standard generator's random(): a float r, 0 <= r < 1 (C code)
_RANDBELOW = _Random._randbelow  # the standard generator's index below n: an int from 0 to n - 1, drawn by getrandbits


class _GaveUp(Exception):
    """The walk looking for a listing's failing expression spent its budget."""


# frame layout: [stmt, block, pc, L, loop] -- kept as a list so copying a state is cheap
STMT, BLOCK, PC, LOCALS, LOOP = range(5)


class _ProbeLimit(Exception):
    """A copy of a game run on past the step limit (Game._endless) reached its own limit: no decision came."""


# the words of R200 for a loop whose end never came; the smoke (random seats) rewords them where the game kept
# deciding past the limit (a PhiltreError's ``kept_deciding``: a long game, not a loop without decisions)
DOES_NOT_END = "does not end the game"
RANDOM_SEATS = "did not end within the step limit with random seats"  # (the words for such a game of random seats)


def random_seats_said(message: str) -> str:
    """R200's message for a game whose random seats kept deciding past the step limit (kept_deciding): a game random
    play did not finish, not a loop that does not end (validate --smoke, simulate and compare say it alike)."""
    return message.replace(DOES_NOT_END, RANDOM_SEATS, 1)
ENDLESS_PROBE = 20_000  # steps a game that reached its step limit is run on (a copy of it) to tell an endless loop


class _Endless:
    """What a copy of a game run on past the step limit showed (Game._endless): no decision for ``steps`` steps, and
    the zones, variables and scores the same at their end; ``again``: (the `turns` innermost, the seat whose turn it
    was both before and after, the text of its `next` where it gives that seat again, else None), or None where the
    seats differ or no `turns` ran."""

    def __init__(self, steps: int, again):
        self.steps, self.again = steps, again

    def said(self, beside) -> str:
        """The message's end, its places written beside ``beside`` (where the message is reported)."""
        out = f"no decision for the {self.steps:,} steps run on past it"
        if self.again is not None:
            turns, seat, _ = self.again
            out += f", the {_loop_named(turns)} at {_place(turns.loc, beside)} giving seat {seat} its turn again and again"
        return out + ", and nothing in the game changed (zones, variables, scores): an endless loop, not a long game"

    @property
    def next_said(self) -> str:
        """The hint's end naming the `next` that gives the same seat back; '' where it does not."""
        if self.again is None or self.again[2] is None:
            return ""
        _, seat, text = self.again
        return f"; its next, `{text}`, gives seat {seat} again after seat {seat}'s turn"


def _game_as_it_stands(S) -> tuple:
    """What a state holds, to compare (Game._endless): each zone's components, the variables, scores and round."""
    return ({name: [[id(c) for c in z] for z in family] for name, family in S.zones.items()}, repr(S.vars), repr(S.scores),
            S.round)


def _turn_running(S):
    """(the innermost `turns` running, its seat, its frame's names), or None where no `turns` frame is on the stack."""
    for frame in reversed(S.flow.stack):
        stmt = frame[STMT]
        if stmt is not None and stmt.kind == "turns" and isinstance(frame[LOCALS], dict) and "current" in frame[LOCALS]:
            return stmt, frame[LOCALS]["current"], frame[LOCALS]
    return None


class Pending:
    """The decision the game waits for: who decides, among which actions, with which locals."""

    __slots__ = ("stmt", "players", "actions", "locals", "simultaneous", "named", "turn")

    # No __init__: a lone decision's Pending is made by Pending() and its slots stored (Game._h_decide),
    # a C call alone; object.__new__ is a checked call through its wrapper, a Python __init__ a tenth of
    # the engine's decision

    @staticmethod
    def of(stmt, players, actions, locals_, simultaneous, named=None, turn=None):
        pending = Pending()
        pending.stmt, pending.players, pending.actions, pending.locals, pending.simultaneous = stmt, players, actions, locals_, simultaneous
        # the names one seat's options were listed with (locals and `me`): made for that listing, read by
        # no one after it, so the action taken binds its arguments there (Game.apply); None: made again
        pending.named = named
        # where the decision is the lone body of a `turns` loop, the loop's entry of Runners.next_turns, found
        # as the decision is made (Game.apply goes on to the next seat's decision with it); else None
        pending.turn = turn
        return pending


class Game:
    """One game of a ruleset for a number of players and a seed.

    ``seed`` is a whole number; or a ``random.Random`` (a subclass's instance) whose draws are the game's shuffles
    and rolls: the game's ``seed`` is then None (no seed plays it again) and it cannot be recorded. ``record`` is true
    for a record (a Recorder), or a function making the game's recorder as Recorder is made (a Recorder subclass:
    simulate's RoundsTold, told of each round's end), before the game goes to its first decision."""

    _probing = False  # a copy run on past the step limit to tell an endless loop (_endless): its own limit ends it

    failure: PhiltreError | None = None  # what stopped a recorded game at a rule (R100, R200, R300), once it has
    # while play_out plays (_bare_seats), a simultaneous step's options are listed by the bare twin of its lister
    # (_h_simultaneous): by seat, their values (_bare_listed), for that step (_bare_for) alone
    _bare_seats = False
    # a scenario's game with scripted rolls: per roll that used an item of the script, the dice it rolled and where it is
    # (scenarios.scripted_roll_failures); None for any other game, whose rolls note nothing
    script_uses: list | None = None
    # in such a game, where each die set aside so far was (a `set_aside` statement's place, or given.dice's): the
    # T017 of a scripted face for a die set aside says where it left the game
    aside_at: dict | None = None
    # a scenario's `shuffles` (scenarios.scripted_shuffles): the items no shuffle has used yet, the next shuffle taking the
    # first, and the function that reads one for the zones shuffled; None for any other game, whose shuffles draw every
    # order (a copy, a search's hypothetical game, has none either)
    shuffle_script: list | None = None
    shuffle_order = None
    _bare_for: Pending | None = None
    _bare_listed: dict | None = None
    _bare_entry: tuple | None = None
    _spare: Pending | None = None  # (a simultaneous step's Pending play_out took, which the next step's is made of)
    _bare_named: dict | None = None  # (the seats' one dict of names the listing read: the seats' runner binds each seat's in it)
    # ... and the first decision of a run of a `turns` loop's decisions listed by its lister's bare twin (_h_decide):
    # its values (_bare_turn_listed), for that decision (_bare_turn) alone
    _bare_turn: Pending | None = None
    _bare_turn_listed: list | None = None

    def __init__(self, ruleset, players: int, seed=0, record: bool = False, agents=(), script_rolls=(), coverage=None,
                 record_version=None, script_shuffles=None):
        if type(players) is not int or not ruleset.min_players <= players <= ruleset.max_players:  # (a call less where it holds)
            ruleset.check_players(players)
        self.seed = seed
        if type(seed) is not int:  # (operator.index of an int is that int: _whole_seed's call only for another kind)
            self.seed, seed = _whole_seed(seed, ruleset, record)  # (a generator given: no seed, the generator drawn from)
        self.ruleset = ruleset
        # rule coverage: a Counter gets +1 per statement run (key: the Stmt) and per action
        # taken (key: its name); None, the default, costs one test per statement
        self.coverage = coverage
        self.state = S = initial_state(ruleset, players, seed)  # (S: the state, read below without the attribute)
        self._runners = runners_for(ruleset)  # (made for games neither recorded nor counted: runners.Runners)
        if record or coverage is not None or script_shuffles is not None:  # (a scripted shuffle: runners.scripted_order)
            self._runners = self._runners.for_all()
        # (record_version: the format of a record replayed, records.READ_VERSIONS; None: the one a new record is written in)
        # (only a recorded game reads what record is: a game without a record runs as many instructions as before)
        self.recorder = (record if callable(record) else Recorder)(self, agents, record_version) if record else None
        self.decisions = 0
        # the options listed for a pending decision, by seat (_listed), and that decision (_listed_for): they
        # hold while it is the state's (two attributes: a key of the dict for the decision cost a lookup more)
        self._listed_for: Pending | None = None
        self._listed: dict = {}
        if script_rolls:  # (the state's script is an empty list already)
            S.flow.script = list(script_rolls)
            self.script_uses = []
        if script_shuffles is not None:  # (items, reader): a scenario's `shuffles`
            self.shuffle_script, self.shuffle_order = script_shuffles
        S.flow.stack.append([None, ruleset.flow, 0, {}, None])
        WORK[0] = WORK_LIMIT  # what was evaluated before this game (loading, other games) is not its work (work_steps' reset, its count dropped)
        self._work_left = WORK_LIMIT
        # a game neither recorded nor counted lists its first decision as play_out lists its decisions, by the bare
        # twin of its lister where it has one: play_out picks from there, and options() lists Option objects when
        # asked (a seat's failure, a group or no option: listed as Options, failing as before)
        self._bare_seats = not record and coverage is None
        try:
            descent = self._runners.descent  # (a new game's way to its first decision, written out: Runners.descent)
            if descent is None or not self._bare_seats or not descent(self, S, HANDLERS, PAUSE):
                self._run()
        except PhiltreError as exc:
            self._note_failure(exc)
            raise
        except GameEnded:  # an end_game before the first decision
            self._end_now()
        finally:
            self._bare_seats = False
            WORK[0] = WORK_LIMIT  # (kept in _work_left while it waits: as apply leaves it)

    # -- what a player sees and may do --------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.state.flow.finished

    @property
    def winners(self) -> list:
        return list(self.state.flow.winners)

    @property
    def scores(self) -> list:
        return list(self.state.scores)

    def pending(self) -> list:
        """Seats that must decide now (several in a simultaneous step); [] when finished."""
        flow = self.state.flow
        p = flow.pending
        if p is None:
            return []
        if not flow.choices:  # nobody has chosen yet: every seat of the step (the common case)
            return p.players[:]
        return [s for s in p.players if s not in flow.choices]

    def options(self, player: int) -> list:
        """The legal options of ``player`` for the pending decision."""
        pending = self.state.flow.pending
        if self._listed_for is pending:  # the state has not moved since: every seat's list holds
            cache = self._listed
            cached = cache.get(player)
            if cached is not None and player.__class__ is int:  # (true and 1.0 find seat 1's list: refused below)
                return cached
        else:
            self._listed_for = pending
            cache = self._listed = {}
        if pending is None or player not in pending.players or player.__class__ is not int:
            if not is_whole(player, 0, self.state.nplayers - 1):  # not "nothing to do now": a mistake in the caller
                self._no_such_seat(player, f"options are listed for a seat 0..{self.state.nplayers - 1}")
            return []
        try:
            result = cache[player] = self._enumerate(pending, player)
        except PhiltreError as exc:
            self._note_failure(exc)
            raise
        return result

    def _note_failure(self, error: PhiltreError) -> None:
        """A rule stopped the game (R100, R200, R300): its record ends with the failure, once.

        The error carries the record's events, so that whoever caught it (a replay, a run that
        writes records) has the game as far as it went, even when it failed as it started."""
        recorder = self.recorder
        if recorder is None or not error.stopped_a_game:
            return
        if recorder.events[-1].get("event") != "failed":
            recorder.failed(error)
        error.recorder = recorder
        self.failure = error

    def option_text(self, option, seat=None) -> str:
        """``option`` as `philtre play` lists it to ``seat`` (None: an onlooker): each component as its type's display
        prints it, a piece on a grid with where it lies, `man (seat 0) at x=0 y=5`, which ``str(option)``, knowing no
        game, leaves out."""
        from .options import option_text

        return option_text(self, option, seat)

    def view(self, player):
        """Everything seat ``player`` may know now, and nothing else (None: an onlooker)."""
        if player is not None and not is_whole(player, 0, self.state.nplayers - 1):
            # a seat that is no seat would be "another seat" of every hand held facing out (visible: others)
            self._no_such_seat(player, f"a view is of a seat 0..{self.state.nplayers - 1}, or of an onlooker (None)")
        return view_of(self, player)

    def _no_such_seat(self, player, what: str):
        """D004: ``player`` is no seat of this game (``what``: what a seat is asked for)."""
        raise PhiltreError.at(Loc(self.ruleset.path), "D004", f"no seat {describe(player)}: {what}")

    def copy(self) -> "Game":
        """An independent copy (without the record), for search agents."""
        other = Game.__new__(Game)
        other.ruleset, other.seed, other.recorder = self.ruleset, self.seed, None
        other._runners = self._runners
        other.state = self.state.copy()
        other.decisions = self.decisions
        other._work_left = self._work_left
        other._listed_for, other._listed = None, {}
        other.coverage = None  # a search's hypothetical games do not count as rules fired
        # the flow's locals, loop bookkeeping, pending decision, secret choices and the
        # variables name zones: make them the copy's zones, so playing on the copy never
        # touches this game, nor reads this game's zones where it reads a variable's
        S = other.state
        map_flow_names(S, lambda value: rebind_zones(value, S))
        S.vars = {name: rebind_zones(value, S) for name, value in S.vars.items()}
        S.flow.choices = {s: Option.of(o.action, rebind_zones(o.args, S)) for s, o in S.flow.choices.items()}
        return other

    # -- deciding ----------------------------------------------------------------------
    def apply(self, player: int, option: Option) -> None:
        """Take ``player``'s decision; in a simultaneous step it stays secret until all have chosen."""
        try:
            flow = self.state.flow
            pending = flow.pending
            if pending is None:
                raise PhiltreError.at(Loc(self.ruleset.path), "D001", "the game is over: no decision is pending")
            if player not in pending.players or player in flow.choices or player.__class__ is not int:
                if not is_whole(player, 0, self.state.nplayers - 1):  # (true and 1.0 are in the seats' list, as 1)
                    self._no_such_seat(player, f"a decision is taken by a seat 0..{self.state.nplayers - 1}")
                from .render import seats_text  # only when failing: render is not needed to play

                raise PhiltreError.at(pending.stmt.loc, "D002", f"seat {player} is not to decide now (waiting for {seats_text(self.pending())})")
            legal = self._listed.get(player) if self._listed_for is pending else None
            if legal is None:
                legal = self.options(player)
            # an option handed back from options() is found by identity, without Python-level ==
            if legal.__class__ is OptionList:
                if not legal.holds(option):
                    raise PhiltreError.at(pending.stmt.loc, "D003", f"{option!r} is not a legal option for seat {player}")
            elif len(legal) > 24 and any(map(is_, legal, repeat(option))):
                pass  # a long list: searched in C
            else:
                for one in legal:  # a short list: a loop here costs less than setting up map()
                    if one is option:
                        break
                else:
                    if option not in legal:
                        raise PhiltreError.at(pending.stmt.loc, "D003", f"{option!r} is not a legal option for seat {player}")
            self.decisions += 1
            # the work this game's last evaluation left, as it paused: whatever ran since (another
            # game, a search's copies, an agent's own evaluations) does not count in its steps
            WORK[0] = self._work_left
            if len(pending.players) == 1:  # the common case: one seat decides, nothing to keep secret
                flow.pending = None
                if self.recorder is None and self.coverage is None:  # and nothing to record or count
                    L = pending.named  # the names the options were listed with (as _take makes them, without its call)
                    if L is None:
                        L = pending.locals.copy()
                        L["me"] = player
                    for name, value in option.args:  # (costs less than L.update for a few pairs, or none)
                        L[name] = value
                    self._runners.actions[option.action](self, self.state, L)
                    turn = pending.turn
                    if turn is None or not self._next_turn(turn, pending.stmt):
                        self._run()
                    return
                chosen = ((player, option),)
            else:
                flow.choices[player] = option
                if len(flow.choices) < len(pending.players):
                    return
                choices = flow.choices
                flow.pending, flow.choices = None, {}
                if self.recorder is None and self.coverage is None:  # all have chosen: each seat's effects, as _take
                    self._all_chosen(pending, choices)
                    return
                chosen = [(p, choices[p]) for p in pending.players]
            events = [self.recorder.decision(p, opt) for p, opt in chosen] if self.recorder is not None else None
            if self.coverage is not None:
                self.coverage.update(opt.action for _, opt in chosen)
            try:
                for i, (p, opt) in enumerate(chosen):  # the first seat's effects first
                    self._take(p, opt, pending.locals, events[i] if events is not None else None)
                self._run()
            except PhiltreError as exc:
                self._note_failure(exc)
                raise
        except GameEnded:  # an end_game in the decision's effects or in the flow after it
            self._end_now()
        finally:  # (the game's work is kept in _work_left while it waits: what runs meanwhile, an agent's evaluations
            WORK[0] = WORK_LIMIT  # of its state, a search's copies, starts afresh and counts nothing here: builtins.bank)

    def play_out(self, *, random=None, pickers=None, history=None) -> None:
        """Play the game from here to its end, each decision's option picked by its index in ``options(seat)``.

        With ``random`` (a function of no argument giving a number in [0, 1), such as one
        ``random.Random(seed).random`` for every seat; a ``random.Random`` is taken for its ``random``) a seat takes ``options[int(random() * len(options))]``;
        with ``pickers`` (one function per seat, given the number of options: ``RandomAgent.picker()``,
        ``rng.randrange``) seat p takes ``options[pickers[p](len(options))]``. The seats of a simultaneous step
        pick in seat order. The game is the one the loop of ``pending()``, ``options()`` and ``apply()`` plays
        with the same picks, without that loop's calls at each decision. ``history`` (a list) gets
        ``(decisions so far, scores)`` each time a decision changes the scores. A pick that is no index of the
        options fails as ``apply`` fails for an option that is not legal (D003); a rule's failure, the step
        limit and a seat with no option (R100, R200, R300) as they fail in ``apply``. A recorded or counted
        game (``record``, ``coverage``) is played through ``apply``, decision by decision.
        """
        if (random is None) == (pickers is None):
            raise TypeError("play_out() takes one of random= or pickers=")
        if isinstance(random, _Random):  # (the generator given for its .random: what it would be asked for)
            random = random.random
        elif random is not None and not callable(random):
            raise TypeError(f"play_out()'s random= is a function of no argument giving a number in [0, 1), such as "
                            f"random.Random(seed).random, not {type(random).__name__}")
        S = self.state
        if pickers is not None and len(pickers) != S.nplayers:
            raise ValueError(f"play_out() takes one picker per seat: {S.nplayers}, not {len(pickers)}")
        flow = S.flow
        last = list(S.scores) if history is not None else None
        plain = self.recorder is not None or self.coverage is not None
        while plain or flow.choices:  # the plain path, a seat at a time: a record, coverage, or a step some seats began
            if flow.finished:
                return
            pending = flow.pending
            if pending is None:
                self._stopped()
            for p in self.pending():
                legal = self.options(p)
                self.apply(p, legal[self._pick(random, pickers, p, len(legal), pending)])
                if last is not None and S.scores != last:
                    last = list(S.scores)
                    history.append((self.decisions, tuple(last)))
        self._bare_seats = True
        # (a `finally` with an `except` beside it would cost an instruction a playout: the play's end written out
        # after the call, and in each handler)
        try:
            self._play_unrecorded(random, pickers, history, last)
            self._bare_seats = False  # (the API's options() lists Option objects again)
            self._bare_turn = None
            WORK[0] = WORK_LIMIT  # (kept in _work_left while it waits: as apply leaves it)
            return
        except GameEnded:  # an end_game in a decision's effects or in the flow after it
            self._left_playing()
            self._end_now()
            self._ended_in_history(history, last)
        except BaseException:  # (a pick or a rule that fails)
            self._left_playing()
            raise

    def _left_playing(self) -> None:
        """play_out's end, where its play stopped short (an end_game, a failure): the API's options() lists Option
        objects again, and the game's work is kept in _work_left (as apply leaves it)."""
        self._bare_seats = False
        self._bare_turn = None
        WORK[0] = WORK_LIMIT

    def _play_unrecorded(self, random, pickers, history, last, *, STMT=STMT, BLOCK=BLOCK, PC=PC, LOCALS=LOCALS, LOOP=LOOP,
                         WORK=WORK, HEAVY=HEAVY, work_steps=work_steps) -> None:
        """play_out's loop for a game neither recorded nor counted, from a decision no seat has begun: a simultaneous
        step listed by its lister's bare twin (_bare_seats, set by play_out around this call) is picked from there.
        (The frame's indices, the work budget's list, its threshold and work_steps, the module's names that the loop
        reads at each decision, are its own locals, bound once a playout: a local is read for a third of a global's
        instructions.)"""
        S = self.state
        flow = S.flow
        actions = self._runners.actions
        stack, limit, nplayers, ends = flow.stack, self.ruleset.step_limit, S.nplayers, self._runners.ends
        entry = None  # the entry of Runners.next_turns of the turns loop whose decisions the loop below takes
        ended = tails = None  # the statement of the frame a simultaneous step's effects last ended in, its end's tails
        before = kept = parts = None  # (the statement looked up before it and its end's parts, ended's parts: _end_parts)
        # (a simultaneous step's seats pick without testing the product: see below_one; the function found so last, as game
        # after game is given, found again by identity, without below_one's reads of its class)
        exact = random is _FOUND_BELOW_ONE[0] or below_one(random)
        # (and a seats' runner may pick beside each seat where no effect draws from that generator: the game's own is another)
        apart = exact and random.__self__ is not flow._rng
        # (and list, pick and play a step in one call, where the listing did not fail: Runners.simultaneous[...][9], drawing
        # from that random(), or [10], from the seats' pickers where each is the standard generator's own _randbelow)
        if apart:
            fused_at, drawn = 9, random
        elif pickers is not None and exact_pickers(pickers, flow._rng):
            fused_at, drawn = 10, pickers
        else:
            fused_at, drawn = 0, None  # (0: none, tested by its truth)
        every = list(S.players)  # (the seats of a step of every seat, one list a playout: no code changes a step's list of seats)
        zeros = [0] * nplayers  # (a round's scores at its start, copied: half the instructions of making [0] * n anew)
        while not flow.finished:
            pending = flow.pending
            if pending is None:
                self._stopped()
            players = pending.players
            listed = self._listed if self._listed_for is pending else None
            if len(players) == 1:  # one seat decides: apply's own path, without its tests of the seat and option
                player = players[0]
                if self._bare_turn is pending:  # a run's first decision, listed by the bare twin (_h_decide): as below
                    self._bare_turn = None
                    legal, named = self._bare_turn_listed, pending.named
                    entry = turn = pending.turn
                    loop, until, bare, names, run = turn[0], turn[1], turn[4], turn[5], turn[6]
                    frame = stack[-1]  # (the loop's: _h_decide tested it)
                    width = len(names) or 1
                    if width == 2:
                        first, second = names
                    n = len(legal) // width
                else:
                    legal = listed.get(player) if listed is not None else None
                    if legal is None:
                        legal = self.options(player)
                    run = None  # (else legal holds the values the bare twin of the action run's lister lists, width an option)
                    n = len(legal)
                while True:  # and while the next seat's decision is the same `turns` loop's, listed by _next_turn
                    if random is not None:  # (int() gives an int, or an int's subclass, an index all the same)
                        x = random() * n
                        i = x.__trunc__() if x.__class__ is float else int(x)  # (a float's int() without the type's call)
                        if not 0 <= i < n:
                            i = self._no_index(i, n, player, pending)
                    else:
                        i = pickers[player](n)
                        if i.__class__ is not int or not 0 <= i < n:
                            i = self._no_index(i, n, player, pending)
                    self.decisions += 1
                    WORK[0] = self._work_left
                    flow.pending = None
                    if run is not None:  # listed by the bare twin, as the loop below made the decision: its names are
                        # named, its entry entry, its frame frame (still the stack's last: an action pushes none)
                        if width == 2:  # (two parameters: their values bound as written out)
                            i += i
                            named[first] = legal[i]
                            named[second] = legal[i + 1]
                        elif names:  # (else an action of no parameter)
                            i *= width
                            for name in names:
                                named[name] = legal[i]
                                i += 1
                        run(self, S, named)
                    else:
                        L = pending.named
                        if L is None:
                            L = pending.locals.copy()
                            L["me"] = player
                        option = legal[i]
                        for name, value in option.args:
                            L[name] = value
                        actions[option.action](self, S, L)
                        turn = pending.turn
                        if turn is None:
                            self._run()
                            break
                        if turn is not entry:  # (the loop's entry, read once a run of its decisions)
                            entry, loop, until, bare = turn, turn[0], turn[1], turn[4]
                        if bare is None:  # (apply's _next_turn: the next seat's options listed as Option objects)
                            if not self._next_turn(turn, pending.stmt):
                                self._run()
                                break
                            pending = flow.pending
                            player = pending.players[0]
                            legal = self._listed[player]
                            n = len(legal)
                        else:
                            frame = stack[-1]
                            if frame[STMT] is not loop:  # (a statement written twice in the flow, as one object: _run finds its frame)
                                self._run()
                                break
                            player = frame[LOCALS]["current"]  # (the seat deciding: the twin lists for `current` alone)
                    if bare is not None:  # _next_turn written out for a decision whose lister has a bare twin: no call, no tuple unpacked
                        steps = flow.steps + 1  # the pass, as _run counts it
                        if WORK[0] < HEAVY:
                            steps += work_steps()
                        flow.steps = steps
                        if steps > limit:
                            self._runaway(loop)
                        L = frame[LOOP].copy()
                        try:
                            L["current"] = player = (player + 1) % nplayers
                            if until is not None and until(S, L):
                                stack.pop()
                                self._run()
                                break
                        except _UNTIL_FAILURES as exc:
                            raise rule_failed(self, loop, exc, S, L) from None
                        frame[LOCALS] = L
                        S.turn += 1
                        flow.steps = steps = steps + 1  # the decision's step (frame[PC] stays 1: the body is the decision)
                        if steps > limit:
                            self._runaway(pending.stmt)
                        if WORK[0] < HEAVY:  # (the until's work: _h_decide's _arrived, written out)
                            self._arrived(pending.stmt, L)
                        # the decision just taken's Pending, given the next seat, its locals and names: none made and
                        # freed a turn (its options, kept for a seat's options(), are the last turn's: dropped)
                        named = L.copy()
                        named["me"] = player
                        if self._listed_for is pending:
                            self._listed_for, self._listed = None, {}
                        pending.players = [player]
                        pending.locals = L
                        pending.named = named
                        flow.pending = pending
                        legal = []
                        S.memo = {}
                        try:
                            grouped = bare(S, named, legal, None, _distinct, S.where)
                        except _LISTING_FAILURES:
                            grouped = True  # (listed again below, where it fails as it fails for apply)
                        finally:
                            S.memo = None
                        if not legal or grouped:  # listed as Option objects after all, as for apply (the same failure, R300)
                            self._turn_listed(turn, pending.stmt, L, named, player)
                            pending = flow.pending
                            legal, run = self._listed[player], None
                            n = len(legal)
                        else:  # listed by the bare twin, for this pick alone: options() lists them again
                            self._work_left = WORK[0]
                            if run is None:
                                names, run = turn[5], turn[6]
                                width = len(names) or 1  # (an action of no parameter: None an option)
                                if width == 2:
                                    first, second = names
                            n = len(legal) // width
                    # the game waits at the loop's decision for one seat, its options listed (the outer loop's
                    # tests of the game's end, the pending decision, its seats and its listing, known here)
                    if last is not None and S.scores != last:
                        last = list(S.scores)
                        history.append((self.decisions, tuple(last)))
            elif self._bare_for is pending:  # a simultaneous step listed by the bare twin of its lister: the seats pick values
                self._bare_for = None
                # the step's entry of Runners.simultaneous (`entry` is a turns loop's), each seat's listing (replaced by
                # its pick: the step's alone, as its names) and the one dict of names the listing read
                step, choices, named = self._bare_entry, self._bare_listed, self._bare_named
                stepped = None  # (the step whose runner and pick were read last: most steps are the one before's)
                played = False  # (whether the step was listed, picked and played by its twin and picking in one, below)
                WORK[0] = self._work_left  # (the work left as the step was listed: kept in WORK from one step to the next, below)
                while True:  # and while the next decision is such a step too (the outer loop's tests, known here)
                    if played:  # (listed, picked and played by the fused function below: its frame's end next)
                        played = False
                    else:
                        if step is not stepped:
                            stepped, run_seats, width = step, step[5], step[6]
                            exact_one = exact and width == 1
                            picking = apart and exact_one and step[8]  # (run_seats.picking: a function, or None or False)
                        if exact_one:  # (the benchmark's pick: each seat lists one value or more, below_one; none fails)
                            # (WORK holds the work left the listing kept in _work_left: nothing ran since, the picks draw from a
                            # C generator; another function's pick, as any code, may play another game: restored after it)
                            # the picks made by the seats' runner, beside each seat, which counts the decisions and takes the
                            # Pending first (_SEATS_PICKING); else, or where the step limit could be reached, here, by seat in
                            # the step's order of seats before their effects
                            if not (picking and picking(self, S, named, players, choices, random)):
                                self.decisions += len(players)
                                flow.pending = None
                                for p, legal in choices.items():
                                    choices[p] = legal[(random() * len(legal)).__trunc__()]
                                run_seats(self, S, named, players, choices)
                        else:
                            if random is not None and width == 1:  # (another function's pick of one value an option)
                                for p, legal in choices.items():
                                    n = len(legal)
                                    x = random() * n
                                    i = x.__trunc__() if x.__class__ is float else int(x)
                                    if not 0 <= i < n:
                                        i = self._no_index(i, n, p, pending)
                                    choices[p] = legal[i]
                            else:
                                for p, legal in choices.items():
                                    n = len(legal) // width
                                    i = int(random() * n) if random is not None else pickers[p](n)
                                    if i.__class__ is not int or not 0 <= i < n:
                                        i = self._no_index(i, n, p, pending)
                                    choices[p] = legal[i] if width == 1 else tuple(legal[i * width:i * width + width])
                            self.decisions += len(players)
                            WORK[0] = self._work_left
                            flow.pending = None
                            run_seats(self, S, named, players, choices)
                    # the step's Pending is taken: nothing holds it, not even options()' cache, which the next listing
                    # resets; the next step's is made of it
                    frame = stack[-1]
                    if frame[STMT] is not ended:  # (the statement whose end the last step looked up: its parts kept)
                        if frame[STMT] is before:  # (or the one before it: a loop's steps and the step after it alternate)
                            ended, before, parts, kept = before, ended, kept, parts
                        else:
                            before, kept, ended = ended, parts, frame[STMT]
                            parts = _end_parts(ends.get(id(ended)))
                        if parts is None:
                            tails = None
                        else:
                            (tails, first_, ending, test, step_, after, enter_, first_start, runs_, decision_, started_, ahead_,
                             var_, plain_) = parts
                    if tails is None or (tail := tails[frame[PC]]) is None:
                        pending = self._run_on(pending)
                        if pending is None:  # (the game's end, or another decision)
                            break
                        step, choices, named = self._bare_entry, self._bare_listed, self._bare_named
                        players = pending.players
                    else:
                        # where the step's frame ends its pass by runners alone and the loop's next pass starts at a
                        # simultaneous step listed by the seats' twin (Runners.ends): Game._run's path from the block's
                        # end to that step and its handler's listing, written out with this loop's locals (no call of
                        # _run nor of _h_simultaneous, no set-up of theirs, the step's entry and listing kept in locals).
                        # Steps, the work budget, the limit's culprit, failures and frames are _run's; the game is
                        # neither recorded nor counted here
                        if tail:  # (none where the step ends its block: no iterator made for an empty tuple)
                            L = frame[LOCALS]
                            if len(tail) == 1:  # (one runner, most often: no iterator made)
                                (run, pc), = tail
                                frame[PC] = pc
                                more = run(self, S, L)
                                if more:
                                    frame[PC] = pc + more
                            else:
                                for run, pc in tail:
                                    frame[PC] = pc
                                    more = run(self, S, L)
                                    if more:
                                        frame[PC] = pc + more
                        step, enter = step_, enter_  # (the end's parts, not `loop` nor `until`: a turns loop's, kept above)
                        # the loop's pass, the round's end before it and the next pass's round's start counted at once (one
                        # number made, not three: the step count is past the small ints Python keeps); the start's step
                        # (``late_``) is held back from flow.steps until the loop goes on (the test reads no step count:
                        # where it fails or the loop ends, flow.steps is set without it), and near the limit each is counted
                        # and tested as _run counts them. Where the pass start's one runner has a twin without its step
                        # (runners.stepless: a roll, say), its step and the decision's after it are held back too (late_
                        # 2 or 3) and counted here: that twin runs, and the decision counts no step of its own
                        steps = flow.steps + ahead_
                        if WORK[0] < HEAVY:
                            steps += work_steps()  # (its work counted at the round's end: nothing evaluated since)
                        inner = None
                        if first_ is not None:  # the round ends first, then the loop's pass (its frame left on the stack)
                            # (the round's frame stays on the stack while the loop's test runs, which reads neither the
                            # stack nor flow.in_round: where the loop goes on, its next pass's round is that frame again;
                            # wherever the loop ends or fails, the round ends first: _round_left)
                            inner, frame = frame, stack[-2]
                        late_, runs = started_, runs_
                        if steps > limit:  # (near it: the start's step left to its own test, below)
                            late_ = 0
                            if plain_ is not None:  # (and the pass start's runner that counts its own step: runners.stepless)
                                runs = plain_
                            steps -= started_
                            flow.steps = steps
                            if steps > limit:  # (one test for both counts: the round's end blamed where its own passed the limit)
                                if inner is not None and steps - 1 > limit:
                                    flow.steps = steps - 1
                                    self._runaway(first_)
                                self._round_left(inner)
                                self._runaway(ending)
                        L = frame[LOCALS]
                        try:
                            if test is not None:  # an until: again while its condition is false
                                again = not test(S, L)
                            else:  # a repeat: again for the next pass, bound to its variable if named
                                count, idx, outer = frame[LOOP]
                                idx += 1
                                again = idx < count
                                if again:
                                    frame[LOOP] = (count, idx, outer)
                                    if var_:
                                        frame[LOCALS] = L = outer.copy()
                                        L[var_] = idx
                                    else:
                                        frame[LOCALS] = L = outer
                        except _UNTIL_FAILURES as exc:
                            flow.steps = steps - late_
                            self._round_left(inner)
                            raise rule_failed(self, ending, exc, S, L) from None
                        except BaseException:
                            flow.steps = steps - late_
                            self._round_left(inner)
                            raise
                        if not again:  # the loop ends: _run goes on in the frame below (resumed as its statement loop)
                            flow.steps = steps - late_
                            if inner is not None:  # (the round's end first: _round_left)
                                flow.in_round -= 1
                                stack.pop()
                            stack.pop()
                            # unless the frame below resumes at the simultaneous step after the loop (Runners.ends' eighth
                            # element): the statement loop's call of its handler, written out below as a pass's start
                            if after is None or not stack:
                                if len(stack) == 1 and (root := stack[0])[STMT] is None and root[PC] >= len(root[BLOCK]):
                                    # the flow's block ends with the loop (the game's end): _run's end of a bare block
                                    # written out, its step, work and limit counted as there, then the winners
                                    flow.steps += 1
                                    if WORK[0] < HEAVY:
                                        flow.steps += work_steps()
                                    if flow.steps > limit:
                                        self._runaway(None)
                                    stack.pop()
                                    self._finish()
                                    break
                                self._run()
                                break
                            frame = stack[-1]
                            pc, block = frame[PC], frame[BLOCK]
                            decision, step = after
                            late_ = 0  # (the steps held back dropped above: the step after the loop counts its own below)
                            if pc >= len(block) or block[pc] is not decision:  # (the loop written twice as one object)
                                self._run()
                                break
                            L = frame[LOCALS]
                        else:  # the loop's next pass starts
                            decision = decision_  # (and runs, read above)
                            # (L is the loop's names, frame[LOCALS], as its test read them or its pass bound them; a test
                            # counts no step)
                            flow.steps = steps
                            if first_start is not None:  # the round starts (_h_round written out): its frame that ended, again
                                if not late_:  # (near the limit: its step counted and tested here, as _run does)
                                    flow.steps = steps = steps + 1
                                    if steps > limit:
                                        self._round_left(inner)
                                        self._runaway(first_start)
                                S.round += 1
                                S.round_scores.append(zeros.copy())
                                if inner is None:
                                    flow.in_round += 1
                                    frame[PC] = 1
                                    frame = [first_start, first_start.args["body"], 0, L, "round"]
                                    stack.append(frame)
                                else:  # (the round that ended, still the stack's last frame and counted in flow.in_round)
                                    inner[PC], inner[LOCALS], frame = 0, L, inner
                            elif inner is not None:  # (no round starts the pass: the one that ended leaves the stack)
                                self._round_left(inner)
                            pc = 0
                            while True:  # the pass's runners, and where they stop at a loop whose pass starts at the step (enter), its
                                if len(runs) == 1:  # (one runner, most often: no iterator made; pc is 0)
                                    run, = runs
                                    frame[PC] = pc = 1
                                    more = run(self, S, L)
                                    if more:
                                        pc += more
                                        frame[PC] = pc
                                else:
                                    for run in runs:
                                        pc += 1
                                        frame[PC] = pc
                                        more = run(self, S, L)
                                        if more:
                                            pc += more
                                            frame[PC] = pc
                                if enter is None:
                                    break
                                # that loop, as the statement loop runs it: its step, its handler (its frame pushed), then
                                # its pass's runners; where it makes no pass (a repeat of none), _run goes on after it
                                into, runs, decision, opened = enter
                                enter = None
                                frame[PC] = pc + 1
                                flow.steps += 1
                                if flow.steps > limit:
                                    self._runaway(into)
                                try:
                                    if opened is None:
                                        HANDLERS[into.kind](self, into, L)
                                    else:  # a repeat: _h_repeat written out, its count's code, variable and body read once
                                        count = opened[0](S, L)
                                        if type(count) is not int:  # true is no count, though Python's range takes it
                                            raise RuleRuntimeError(f"repeat needs a whole number, got {describe(count)}"
                                                                   f"{fraction_hint(count)}", part="count")
                                except PhiltreError:
                                    raise
                                except _LISTING_FAILURES as exc:
                                    raise rule_failed(self, into, exc, S, L) from None
                                if opened is None:
                                    if stack[-1] is frame:
                                        decision = None
                                        break
                                    frame = stack[-1]
                                    L = frame[LOCALS]
                                elif count > 0:  # (its frame pushed, as _h_repeat pushes it: its names its own where it has a variable)
                                    frame = [into, opened[2], 0, L.copy() if opened[1] else L, (count, 0, L)]
                                    stack.append(frame)
                                    if opened[1]:
                                        L = frame[LOCALS]
                                        L[opened[1]] = 0
                                else:  # (a repeat of none: _run goes on after it)
                                    decision = None
                                    break
                                pc = 0
                        if decision is None:  # (a loop entered above made no pass)
                            players = None
                        else:
                            frame[PC] = pc + 1
                            if late_ < 2:  # (else counted with the round's start, before the stepless runner: see above)
                                flow.steps += 1
                                if flow.steps > limit:
                                    self._runaway(decision)
                            players_fn = step[0]  # (_h_simultaneous written out, while play_out plays: its twin lists)
                            try:
                                players = (seats(players_fn(S, L), S, "the players of a simultaneous step", once=True) if players_fn is not None
                                           else every)
                            except _LISTING_FAILURES as exc:
                                raise rule_failed(self, decision, exc, S, L) from None
                            if WORK[0] < HEAVY and players:  # (_h_simultaneous's _arrived, written out: before any listing, fused or not)
                                self._arrived(decision, L)
                        if not players:  # nobody has to decide: _run goes on after the step
                            pending = self._run_on(pending)
                            if pending is None:
                                break
                            step, choices, named = self._bare_entry, self._bare_listed, self._bare_named
                            players = pending.players
                        else:
                            named, choices = L.copy() if step[7] else L, {}  # (as _h_simultaneous: a copy where a name is bound)
                            whole = None  # (not listed yet)
                            if fused_at and (fused := step[fused_at]) is not None:  # the twin and the picking in
                                # one function (fused_picking, fused_by_pickers): the step listed, picked and played (True:
                                # its frame's end next, nothing picked above; its Pending never made pending: nothing the
                                # listing and the effects run reads it, and it is taken at their end), listed alone (None:
                                # the step limit near, picked above as listed) or not (False: below), the step then made
                                # pending as before
                                if last is None or S.scores == last:
                                    whole = fused(self, S, named, players, choices, _distinct, S.where, drawn)
                                else:  # (the history, read below once a step is listed, read around the call)
                                    whole, last = self._scored_around(fused, named, players, choices, drawn, history, last)
                                if whole:
                                    played = True
                                    continue
                                whole = whole is None
                            flow.pending = pending
                            pending.stmt = decision
                            pending.players = players
                            pending.actions = step[1]
                            pending.locals = L
                            self._listed_for = None
                            if whole is None:
                                try:
                                    whole = step[4](S, named, players, choices, _distinct, S.where)
                                except _LISTING_FAILURES:
                                    whole = False
                            if not whole:  # listed as Option objects, as _h_simultaneous lists them (R100, R300)
                                try:
                                    self._step_listed(decision, L, pending, players, step[1], step[2])
                                except PhiltreError:
                                    raise
                                except _LISTING_FAILURES as exc:
                                    raise rule_failed(self, decision, exc, S, L) from None
                                self._work_left = WORK[0]
                                break
                            self._work_left = WORK[0]
                    if last is not None and S.scores != last:
                        last = list(S.scores)
                        history.append((self.decisions, tuple(last)))
            else:  # a simultaneous step: every seat picks, in seat order, then their effects run as apply runs them
                choices = {}
                if listed is None:  # (not listed as the step paused, a copy's: each seat's options() lists them)
                    listed = {}
                if random is not None:  # (the pick written out as the lone seat's: one loop for both cost 0.2-0.4% more instructions)
                    for p in players:
                        legal = listed.get(p)
                        if legal is None:
                            legal = self.options(p)
                        n = len(legal)
                        x = random() * n  # (an int: int() makes one, or an int's subclass, an index all the same)
                        i = x.__trunc__() if x.__class__ is float else int(x)
                        if not 0 <= i < n:
                            i = self._no_index(i, n, p, pending)
                        choices[p] = legal[i]
                else:
                    for p in players:
                        legal = listed.get(p)
                        if legal is None:
                            legal = self.options(p)
                        n = len(legal)
                        i = pickers[p](n)
                        if i.__class__ is not int or not 0 <= i < n:
                            i = self._no_index(i, n, p, pending)
                        choices[p] = legal[i]
                self.decisions += len(players)
                WORK[0] = self._work_left
                flow.pending = None
                run_seats = self._runners.simultaneous[id(pending.stmt)][3]
                if run_seats is not None:  # (_all_chosen's common case written out: every seat's effects in one call)
                    run_seats(self, S, pending.locals, players, choices)
                    self._run()
                else:
                    self._all_chosen(pending, choices)
            if last is not None and S.scores != last:
                last = list(S.scores)
                history.append((self.decisions, tuple(last)))

    def _ended_in_history(self, history, last) -> None:
        """After an end_game in _play_unrecorded: ``history`` gets the scores the ending decision left, where they
        changed, as the loop gets them after a decision (``last``: the scores as the loop started, before any it kept)."""
        if history is None:
            return
        scores = tuple(self.state.scores)
        if scores != (history[-1][1] if history else tuple(last)):
            history.append((self.decisions, scores))

    def _scored_around(self, fused, named, players, choices, drawn, history, last) -> tuple:
        """(what ``fused`` returns, the scores last kept) for a step _play_unrecorded lists, picks and plays in one call
        where its ``history`` has not seen the scores (``last``: those it saw last). It gets them, with the decisions
        before the step, where the step was listed (True, None, or a failure after the seats' decisions were counted),
        as where a listing is followed by the history's test; not where the listing failed (False, or a failure before
        any decision was counted)."""
        S = self.state
        scored = (self.decisions, tuple(S.scores))
        try:
            whole = fused(self, S, named, players, choices, _distinct, S.where, drawn)
        except BaseException:
            if self.decisions != scored[0]:  # (listed: a fused function counts the decisions before it picks)
                history.append(scored)
            raise
        if whole is False:
            return whole, last
        history.append(scored)
        return whole, list(scored[1])

    def _round_left(self, inner):
        """The end of a round whose frame ``inner`` _play_unrecorded left on the stack while its loop's test ran (None:
        no round ended): the frame taken off, flow.in_round one less, as Game._run leaves them before that test."""
        if inner is not None:
            flow = self.state.flow
            flow.in_round -= 1
            flow.stack.pop()

    def _run_on(self, pending):
        """_run, where _play_unrecorded's own path from a simultaneous step to the next stops short (the step's Pending
        handed on): the next decision where it is a step the seats' twin listed (_bare_for), else None (WORK then holds
        the work left the listing kept, as _run leaves it at a pause)."""
        self._spare = pending
        self._run()
        pending = self.state.flow.pending
        if pending is None or self._bare_for is not pending:
            return None
        self._bare_for = None
        return pending

    def _stopped(self):
        """D001: no decision is pending in a game not finished (a rule failed in the effects of its last decision)."""
        raise PhiltreError.at(Loc(self.ruleset.path), "D001", "no decision is pending: the game stopped at a rule that failed")

    def _pick(self, random, pickers, player, n, pending) -> int:
        """The index ``play_out``'s pick gives ``player`` among ``n`` options (D003 if it is none of theirs)."""
        i = int(random() * n) if random is not None else pickers[player](n)
        if i.__class__ is not int or not 0 <= i < n:
            i = self._no_index(i, n, player, pending)
        return i

    def _no_index(self, i, n, player, pending) -> int:
        """A pick that is not an int: its index if it is an integer of another type (a bool, numpy's) within the
        ``n`` options, as a list's subscript takes it; anything else is D003, as ``apply`` of an option not legal."""
        try:
            index = operator.index(i)
        except TypeError:
            index = None
        if index is not None and 0 <= index < n:
            return index
        raise PhiltreError.at(pending.stmt.loc, "D003", f"the pick {describe(i)} is no index of the {n} legal options of seat {player} (0..{n - 1})")

    def _all_chosen(self, pending, choices) -> None:
        """Every seat of a simultaneous step has chosen (``choices``, by seat), in a game neither recorded nor
        counted: each seat's effects, as _take runs them, the first seat's first; then on to the next decision."""
        actions, state, outer = self._runners.actions, self.state, pending.locals
        seats = self._runners.simultaneous[id(pending.stmt)][3]
        if seats is not None:  # the action's body written out in a loop over the seats: one call for all
            seats(self, state, outer, pending.players, choices)
            self._run()
            return
        # every seat binds the same names: one dict for all (effects keep none); not where a seat may take the fallback,
        # nor where the step hands each seat values of its own (`with:`: BY_SEAT, seat_names)
        one = len(pending.actions) == 1 and not pending.stmt.args.get("fallback") and BY_SEAT not in outer
        L = outer.copy()
        for p in pending.players:  # the first seat's effects first
            option = choices[p]
            if not one:
                L = seat_names(outer, p)
            L["me"] = p
            for name, value in option.args:
                L[name] = value
            actions[option.action](self, state, L)
        self._run()

    def _next_turn(self, turn, decision) -> bool:
        """After the effects of ``decision``, the lone decision of a `turns` loop: the end of the loop's pass
        and the next seat's decision, as _run would take them (True: the game waits), else False (the
        loop has ended, its frame left and the pass counted, as _run leaves them: _run goes on).
        (play_out writes this out where the decision's lister has a bare twin, and lists with the twin.)"""
        S = self.state
        flow = S.flow
        frame = flow.stack[-1]
        loop, until, by_current, lister = turn[:4]
        if frame[STMT] is not loop:  # (a statement written twice in the flow, as one object: _run finds its frame)
            return False
        limit = self.ruleset.step_limit
        flow.steps += 1  # the pass, as _run counts it
        if WORK[0] < HEAVY:
            flow.steps += work_steps()
        if flow.steps > limit:
            self._runaway(loop)
        L = frame[LOOP].copy()
        try:
            L["current"] = player = (frame[LOCALS]["current"] + 1) % S.nplayers
            if until is not None and until(S, L):
                flow.stack.pop()
                return False
        except _UNTIL_FAILURES as exc:
            raise rule_failed(self, loop, exc, S, L) from None
        frame[LOCALS] = L
        S.turn += 1
        flow.steps += 1  # the decision's step (frame[PC] stays 1: the body is the decision)
        if flow.steps > limit:
            self._runaway(decision)
        # (no coverage to count: apply and play_out call this only in a game neither recorded nor counted)
        if lister is None or not by_current:
            try:
                self._h_decide(decision, L, player if by_current else None)
            except PhiltreError:
                raise
            except _LISTING_FAILURES as exc:
                raise rule_failed(self, decision, exc, S, L) from None
            self._work_left = WORK[0]
            return True
        # the seat is `current` and the one action has a generated lister: _h_decide, written out
        if WORK[0] < HEAVY:  # (the until's work: _h_decide's _arrived)
            self._arrived(decision, L)
        named = L.copy()
        named["me"] = player
        return self._turn_listed(turn, decision, L, named, player)

    def _turn_listed(self, turn, decision, L, named, player) -> bool:
        """The next seat's decision of a `turns` loop (``decision``, its locals ``L``, its lister's names
        ``named``), made pending and listed as Option objects by the lister of its one action, kept for
        options() (True); a listing that fails is R100 at the action, none listed R300 at the decision."""
        S = self.state
        pending = S.flow.pending = Pending()
        pending.stmt = decision
        pending.players = [player]
        pending.actions = decision.args["actions"]
        pending.locals = L
        pending.simultaneous = False
        pending.named = named
        pending.turn = turn
        out = []
        S.memo = {}
        try:
            grouped = turn[3](S, named, out, Option, _distinct, S.where)
        except _LISTING_FAILURES as exc:
            self._listing_failed(pending.actions[0], named, S, exc)
        finally:
            S.memo = None
        listed = OptionList(out) if grouped else out
        self._listed_for = pending
        self._listed = {player: listed}
        if not listed:
            self._fallback(pending, player)
        self._work_left = WORK[0]
        return True

    def _take(self, player, option, locals_, event) -> None:
        """Run an action's effects (they cannot pause: runners.py) with ``me`` and its arguments bound."""
        L = seat_names(locals_, player)
        for name, value in option.args:
            L[name] = value
        self._runners.actions[option.action](self, self.state, L)
        if event is not None:
            self.recorder.decision_done(event)

    def _enumerate(self, pending, player, names=None) -> list | OptionList:
        """Every legal option of ``player`` for ``pending``: a list, or an OptionList where some came as groups; where
        its actions list none, those of its `otherwise` (``names``: the actions listed, else the decision's own)."""
        S = self.state
        out = []
        grouped = False
        listers = self._runners.listers
        L = seat_names(pending.locals, player)  # a generated lister only reads its names: one dict for all
        S.memo = {}  # the state stands still while options are listed: remember definitions
        try:
            for name in names or pending.actions:
                lister = listers[name]
                if lister is None:
                    if self._enumerate_action(name, None, dict(L), out, S):
                        grouped = True
                    continue
                try:
                    if lister(S, L, out, Option, _distinct, S.where):
                        grouped = True
                except _LISTING_FAILURES as exc:
                    self._listing_failed(name, L, S, exc)
        finally:
            S.memo = None
        if not out and names is None and pending.stmt.args.get("fallback"):  # (the decision's own list none: its fallback's)
            return self._enumerate(pending, player, pending.stmt.args["fallback"])
        # options listed in groups are made when looked at; a plain list costs less to look at
        return OptionList(out) if grouped else out

    def _enumerate_action(self, name, lister, L, out, S) -> bool:
        """Append the legal options of one action (true if some as groups); a rule failing here is reported at the action."""
        try:
            if lister is not None:
                return lister(S, L, out, Option, _distinct, S.where)
            self._interpreted(self.ruleset.actions[name], L, out, S)
            return False
        except _LISTING_FAILURES as exc:
            self._listing_failed(name, L, S, exc)

    def _listing_failed(self, name, L, S, exc):
        """Listing the options of action ``name`` failed: R100 at the action, or at its part that fails."""
        action = self.ruleset.actions[name]
        loc, part = action.loc, ""
        failing = [action.condition, *(param.domain for param in action.params)]
        found = self._failing_part(action, dict(L), S)
        if found is not None and found[2] is None:  # a choice of no collection: what it gave, not what failed on it
            raise PhiltreError.at(found[0].loc, "R100", f"action '{name}': {found[1]}{handed_nones(self, action, [found[0]], L)}") from None
        if found is not None:  # name the expression that fails (its `if`, or a `choose`), and the choices it saw
            expr, what, bound = found
            # a single zone by its bare name, as play's options write it (`pile[0]` is an expression: its first card)
            singles = {n: S.zones[n] for n, spec in self.ruleset.zones.items() if spec.kind == "single"}
            seen = ", ".join(f"{k}={describe(v, singles)}" for k, v in bound.items())
            loc, part, failing = expr.loc, f"{what} failed" + (f" with {seen}" if seen else "") + ": ", [expr]
        text = str(exc) if isinstance(exc, RuleRuntimeError) else _explain(exc)
        where = failing_definition(exc, self.ruleset.namespace)
        if found is not None and not where:  # (failing in a definition, the part that was none is in its body)
            seen = {**L, **bound}
            text = nones_named(text, [expr.tree], [n for n in expr.names if (seen[n] if n in seen else S.vars.get(n, 0)) is None])
            text = index_named(text, [expr.tree], {**S.vars, **seen})
        text = fractions_told(text, failing, self.ruleset)
        if found is not None and found[1].startswith("its choice"):  # (an `if:` that fails is guarded by its own `and`)
            where = "; ".join(filter(None, [where, choice_guard_hint(found[0].tree, text)]))
        text += handed_nones(self, action, [e for e in failing if e is not None], L)
        raise PhiltreError.at(loc, "R100", f"action '{name}': {part}{text}", where) from None

    @staticmethod
    def _failing_part(action, L, S):
        """The expression of ``action`` that fails in this position: (Expr, what it is, the choices bound), else None.

        Only when listing the options has failed: the choices are walked again, one expression at a time,
        within the work one listing may do (a listing that failed for doing too much would not end otherwise).
        """
        params = action.params
        spent = [0]

        def evaluate(fn):
            """``fn(S, L)``, its work (and one step) charged to the walk's budget: past it, the walk gives up."""
            WORK[0] = WORK_LIMIT
            try:
                return fn(S, L)
            finally:
                spent[0] += 1 + WORK_LIMIT - WORK[0]
                WORK[0] = WORK_LIMIT

        def walk(i):
            if spent[0] > WORK_LIMIT:
                raise _GaveUp
            if i == len(params):
                cond = action.condition
                if cond is not None:
                    try:
                        evaluate(cond.fn)
                    except (RuleRuntimeError, *_RULE_FAILURES):
                        return cond, "its 'if'", {p.name: L[p.name] for p in params}
                return None
            param = params[i]
            try:
                values = evaluate(param.domain.fn)
                if values is None or isinstance(values, (str, int, float)):  # (str: letters, which _distinct refuses)
                    return param.domain, not_a_choice_said(param.name, param.domain.text, values), None
                values = list(values)
            except (RuleRuntimeError, *_RULE_FAILURES):
                return param.domain, f"its choice of '{param.name}'", {p.name: L[p.name] for p in params[:i]}
            spent[0] += len(values)
            for value in values:
                L[param.name] = value
                found = walk(i + 1)
                if found is not None:
                    return found
            L.pop(param.name, None)
            return None

        def ahead():
            """Nothing fails in the order the choices are made (an earlier one left it unreached): a choice that reads
            no earlier one, worked out once a listing ahead of them, failed."""
            for i, param in enumerate(params):
                if i and not {p.name for p in params[:i]} & set(param.domain.names):
                    try:
                        evaluate(param.domain.fn)
                    except (RuleRuntimeError, *_RULE_FAILURES):
                        return param.domain, f"its choice of '{param.name}'", {}
            return None

        try:
            return walk(0) or ahead()
        except Exception:  # noqa: BLE001 - only a better message was sought: the action's own failure is reported
            return None

    def _interpreted(self, action, L, out, S) -> None:
        """Append the legal options of ``action`` as its rules read, without generated code; identical options once."""
        start = len(out)
        self._combinations(action, 0, L, out, S)
        sets = tuple(param.name for param in action.params if chosen_among_subsets(param.domain.tree))  # (as the lister's)
        out[start:] = alike_once(out[start:], where_apart(S.where, S.placed), sets)

    def _combinations(self, action, i, L, out, S):
        """Options of ``action`` for parameters i.. (earlier ones are bound in L), in domain order, alike ones included."""
        params = action.params
        if i == len(params):
            cond = action.condition
            if cond is None or cond.fn(S, L):
                out.append(Option.of(action.name, tuple((p.name, L[p.name]) for p in params)))
            return
        param = params[i]
        name = param.name
        values = param.domain.fn(S, L)
        if i == len(params) - 1:  # the innermost parameter: test the condition in place
            cond = action.condition
            fn = cond.fn if cond is not None else None
            bound = tuple((p.name, L[p.name]) for p in params[:i])
            action_name = action.name
            for value in values:
                L[name] = value
                if fn is None or fn(S, L):
                    out.append(Option.of(action_name, bound + ((name, value),)))
        else:
            for value in values:
                L[name] = value
                self._combinations(action, i + 1, L, out, S)
        L.pop(name, None)

    # -- the flow machine ----------------------------------------------------------------
    def _run(self) -> None:
        S = self.state
        flow = S.flow
        stack = flow.stack
        limit = self.ruleset.step_limit
        coverage = self.coverage
        ends = self._runners.ends
        end = None  # a loop's frame, or its one round's, whose block has run to its end (Runners.ends): ended below
        if stack:  # resumed in a block whose statements left all have runners: called as the statement loop calls them
            frame = stack[-1]
            end, inner = ends.get(id(frame[STMT])), None
            if end is not None:
                tail = end[0][frame[PC]]
                if tail is None:
                    end = None
                else:
                    L = frame[LOCALS]
                    for run, pc in tail:
                        frame[PC] = pc
                        more = run(self, S, L)
                        if more:
                            frame[PC] = pc + more
        handlers = HANDLERS
        runners = self._runners.statements
        while True:
            if end is not None:  # the pass of a loop ends (a round its body ends first): again, or leave its frame
                _, first, stmt, kind, until, start, _, _, _, _ = end
                end = None
                steps = flow.steps + 1  # a pass of a loop counts, so an empty loop body cannot hang
                if WORK[0] < HEAVY:
                    steps += work_steps()  # and so does much work done in it (builtins.work_steps)
                flow.steps = steps
                if first is not None:  # the round ends (reported to the record), then the loop's pass
                    if steps > limit:
                        self._runaway(first)
                    flow.in_round -= 1
                    if self.recorder is not None:
                        self.recorder.round_end(S.round, S.round_scores[-1], S.scores)
                    stack.pop()
                    inner, frame = frame, stack[-1]
                    flow.steps = steps = steps + 1  # (its work counted at the round's end: nothing evaluated since)
                if steps > limit:
                    self._runaway(stmt)
                L = frame[LOCALS]
                try:
                    if kind == "until":  # again while its condition is false
                        again = not until(S, L)
                    elif kind == "repeat":  # again for the next pass, the pass (from 0) bound to its variable if named
                        count, idx, outer = frame[LOOP]
                        idx += 1
                        again = idx < count
                        if again:
                            frame[LOOP] = (count, idx, outer)
                            var = stmt.args["var"]
                            if var:
                                frame[LOCALS] = named = outer.copy()
                                named[var] = idx
                            else:
                                frame[LOCALS] = outer
                    elif kind == "turns":  # the next seat's turn
                        L = frame[LOOP].copy()  # (a copy and a store cost half of {**outer, "current": ...})
                        following = stmt.args["next"]
                        if following is None:
                            L["current"] = (frame[LOCALS]["current"] + 1) % S.nplayers
                        else:  # (evaluated with current still the seat whose turn ended; a failure there is the loop's)
                            L["current"] = following_seat(self, stmt, following.fn, S, frame[LOCALS])
                        again = until is None or not until(S, L)
                        if again:
                            frame[LOCALS] = L
                            S.turn += 1
                    else:  # for: again for the next item, bound to its variable
                        items, idx, outer = frame[LOOP]
                        idx += 1
                        again = idx < len(items)
                        if again:
                            frame[LOOP] = (items, idx, outer)
                            frame[LOCALS] = named = outer.copy()
                            named[stmt.args["var"]] = items[idx]
                except (RuleRuntimeError, TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError) as exc:
                    raise rule_failed(self, stmt, exc, S, L) from None
                if not again:
                    stack.pop()
                elif start is None:
                    frame[PC] = 0
                else:
                    # the pass starts here, as the statement loop below would start it: the body's one round (its
                    # step and frame: _h_round written out), the runners before the first statement without one,
                    # then that statement where it is a decision
                    first, runs, decision = start
                    if first is not None:
                        flow.steps += 1
                        if flow.steps > limit:
                            self._runaway(first)
                        if coverage is not None:
                            coverage[first] += 1
                        S.round += 1
                        S.round_scores.append([0] * S.nplayers)
                        flow.in_round += 1
                        if inner is None:
                            frame[PC] = 1
                            frame = [first, first.args["body"], 0, frame[LOCALS], "round"]
                        else:  # (the round's frame that ended, made again: its position and names)
                            inner[PC], inner[LOCALS], frame = 0, frame[LOCALS], inner
                        stack.append(frame)
                    L = frame[LOCALS]
                    pc = 0
                    for run in runs:
                        pc += 1
                        frame[PC] = pc
                        more = run(self, S, L)
                        if more:
                            pc += more
                            frame[PC] = pc
                    if decision is not None:  # (else the frame loop goes on from the statement the runners stopped at)
                        frame[PC] = pc + 1
                        flow.steps += 1
                        if flow.steps > limit:
                            self._runaway(decision)
                        if coverage is not None:
                            coverage[decision] += 1
                        try:
                            if handlers[decision.kind](self, decision, L) is PAUSE:
                                self._work_left = WORK[0]
                                return
                        except PhiltreError:
                            raise
                        except _LISTING_FAILURES as exc:
                            raise rule_failed(self, decision, exc, S, L) from None
                        # nobody had to decide (a simultaneous step of no seat): the frame loop goes on after it
            while stack:
                frame = stack[-1]
                block = frame[BLOCK]
                L = frame[LOCALS]
                pc = frame[PC]
                # run the frame's statements in a row until one pushes a frame or pauses
                while pc < len(block):
                    stmt = block[pc]
                    pc += 1
                    frame[PC] = pc
                    run = runners.get(id(stmt))
                    if run is not None:  # it cannot pause: it runs to its end here (runners.py)
                        more = run(self, S, L)
                        if more:  # the runner of statements in a row (runners.sequence_runner) ran that many more
                            pc += more
                            frame[PC] = pc
                        continue
                    flow.steps += 1
                    if flow.steps > limit:
                        self._runaway(stmt)
                    try:
                        if stmt.when is not None and not stmt.when.fn(S, L):
                            if stmt.otherwise:
                                stack.append([None, stmt.otherwise, 0, L, None])
                                break
                            continue
                        if coverage is not None:
                            coverage[stmt] += 1
                        if handlers[stmt.kind](self, stmt, L) is PAUSE:
                            self._work_left = WORK[0]
                            return
                        L = frame[LOCALS]  # a `let` gave the frame names of its own
                    except PhiltreError:
                        raise
                    except _LISTING_FAILURES as exc:
                        raise rule_failed(self, stmt, exc, S, L) from None
                    if stack[-1] is not frame:
                        break
                else:  # the block ran to its end: a loop's (ended above), or leave the frame
                    stmt = frame[STMT]  # None for a bare block (`else`)
                    end = ends.get(id(stmt))
                    if end is not None:
                        inner = None
                        break
                    flow.steps += 1  # a block counts, as a loop's pass does
                    if WORK[0] < HEAVY:
                        flow.steps += work_steps()
                    if flow.steps > limit:
                        self._runaway(stmt)
                    if stmt is not None and stmt.kind == "round" and frame[LOOP] == "round":  # a round ends: reported to the record
                        flow.in_round -= 1
                        if self.recorder is not None:
                            self.recorder.round_end(S.round, S.round_scores[-1], S.scores)
                    stack.pop()
            else:
                self._finish()
                return

    def _runaway(self, stmt, innermost=None):
        """The step limit is reached: R200 at the innermost loop running (``innermost`` if a runner's), else ``stmt``,
        naming every loop running, outermost first, where there are several."""
        if self._probing:  # a copy run on past the limit (_endless) reached its own: what it was run to find out
            raise _ProbeLimit
        loops = [f[STMT] for f in self.state.flow.stack if f[STMT] is not None and f[STMT].kind in LOOP_KINDS]
        if innermost is not None:  # (a fused runner's loops push no frame: the ones written around it, in order)
            loops += [s for s in [*_loops_around(self.ruleset, innermost), innermost] if s not in loops]
        asking = self._asking_again()
        if asking is not None and (innermost is None or innermost in _loops_around(self.ruleset, asking[STMT])):
            self._runaway_asking(asking[STMT], asking[LOOP])  # the decision asked again is the innermost loop running
        culprit = innermost or (loops[-1] if loops else stmt)
        if culprit is None:
            self._runaway_at_block_end()
        if culprit.kind not in LOOP_KINDS:  # no loop running: the limit is below what the game takes
            raise PhiltreError.at(culprit.loc, "R200", f"step limit of {self.ruleset.step_limit:,} reached at rule '{culprit.label}', with no loop running",
                                  self._follow_ups_running() or "raise step_limit: every statement run counts one step")
        endless = self._endless()
        if len(loops) > 1:
            self._runaway_in_loops(culprit, loops, endless)
        check = {"repeat": "its count", "for": "what it loops over"}.get(culprit.kind, "its 'until' condition")
        inner = culprit
        if culprit.kind in ("repeat", "for"):
            # a `repeat` or `for` ends after its count or list; an `until` or `turns` around it may never end
            # (a goal no seat can reach ran out of steps in a `for` over the seats, inside the `until` that never ended)
            culprit = next((s for s in reversed(_loops_around(self.ruleset, culprit)) if s.kind in ("until", "turns")), culprit)
        if culprit is not inner:
            check = f"its 'until' condition (the limit was reached in the {_loop_named(inner)} inside it, at {inner.loc})"
        if _loop_condition(culprit) is None:  # a `turns` without `until`: nothing but an end_game ends it
            check = _NO_UNTIL
        if culprit.kind in ("until", "turns") and _has_move(self.ruleset):
            check += _changes_nothing(culprit)
        said = f"step limit of {self.ruleset.step_limit:,} reached: rule '{culprit.label}' {DOES_NOT_END}"
        if endless is not None:  # no decision past the limit: an endless loop, whatever the limit
            raise PhiltreError.at(culprit.loc, "R200", f"{said}: {endless.said(culprit.loc)}",
                                  f"check {check}{endless.next_said}" + self._set_by_overlays(culprit))
        raise _kept_deciding(PhiltreError.at(culprit.loc, "R200", said, self._heavy_work() + f"check {check}, or raise step_limit"
                                             + self._set_by_overlays(culprit)), [culprit])

    def _endless(self):
        """For R200, once the game has reached the step limit (never while it plays): a copy of it run on for up to
        ENDLESS_PROBE more steps (as many as the limit, if fewer). None where a decision was asked there, the game
        ended, a rule failed, or the zones, variables or scores changed: a long game may reach any limit, and one that
        still changes may end. Else an _Endless, with the `turns` innermost where its seat is the same before and after.
        A trial's `next: left(last)`, `last` set only on a turn whose seat had cards, gave one seat its turn for ever, and R200
        advised raising the limit (counted over the game, the steps a decision looked like a long game's)."""
        probe = self.copy()
        probe._probing = True
        flow = probe.state.flow
        flow.steps = max(0, self.ruleset.step_limit - ENDLESS_PROBE)
        probed = self.ruleset.step_limit - flow.steps
        before, seat = _game_as_it_stands(self.state), _turn_running(self.state)
        work = WORK[0]
        try:
            probe._run()
        except _ProbeLimit:
            pass
        except Exception:  # noqa: BLE001 - a failure or an end past the limit: the probe tells nothing, R200 is as before
            return None
        else:
            return None  # a decision was asked (or the flow ended): not a loop without one
        finally:
            WORK[0] = work
        if _game_as_it_stands(probe.state) != before:
            return None
        after = _turn_running(probe.state)
        again = None
        if seat is not None and after is not None and after[0] is seat[0] and after[1] == seat[1]:
            turns, current, L = after
            following = turns.args.get("next")
            try:
                given = following_seat(probe, turns, following.fn, probe.state, L) if following is not None else None
            except Exception:  # noqa: BLE001 - the next seat unread: the seat is named without it
                given = None
            again = (turns, current, following.text.strip() if given == current else None)
        return _Endless(probed, again)

    def _heavy_work(self) -> str:
        """For R200 in a long game that did much work a decision (a costly `if` listed over and over): the hint's first
        words, saying every loop may well end; '' where the steps went to few decisions or light ones (a loop that
        does not end), as is usual."""
        decisions, steps = self.decisions, self.ruleset.step_limit  # (reached: the work counted apart from flow.steps too)
        if decisions < HEAVY_GAME_DECISIONS or steps < HEAVY_DECISION_STEPS * decisions:
            return ""
        return (f"{decisions:,} decisions were made, about {steps // decisions:,} steps each, the work of the options' conditions "
                "and of the definitions they read included: a long game working this hard a decision reaches the limit with "
                "every loop ending: raise step_limit or make that work lighter; else, ")

    def _follow_ups_running(self) -> str:
        """For R200 with no loop running: where follow-ups (`then:`) ran inside one another, each asking for an action with
        one again (a loop of the seats' choices), the hint naming their actions; else ''."""
        running = [f[STMT] for f in self.state.flow.stack if f[STMT] is not None and f[STMT].kind == "then"]
        if len(running) < 2:
            return ""
        names = [action.name for action in self.ruleset.actions.values() if action.then in running]
        return (f"the follow-ups (then:) of {', '.join(names)} ran {len(running)} deep, each asking for an action with a then: "
                f"again: a loop that ends only where a seat chooses otherwise; offer a choice that stops (a pass), or raise step_limit")

    def _asking_again(self):
        """The innermost frame running, past any block of a `when` or an `if`, if it asks a decision again
        (`until_chosen`: runners.asking_again), else None (a loop's, or none)."""
        for frame in reversed(self.state.flow.stack):
            stmt = frame[STMT]
            if stmt is not None and stmt.kind in LOOP_KINDS:
                return None
            if stmt is not None and stmt.kind == "decide" and asked_again(stmt):  # (until_chosen is a decide's alone: S003)
                return frame
        return None

    def _runaway_asking(self, decision, seat):
        """R200 at a decision asked again and again (`until_chosen`) whose seat never chose to stop: not at the loop
        around it, which never got to end its pass (a `turns` was blamed for a decision whose fallback stops nothing)."""
        stopping = decision.args["until_chosen"]
        fallback = [name for name in decision.args.get("fallback") or () if name not in stopping]
        why = (f"where its actions ({', '.join(decision.args['actions'])}) list no option, its 'otherwise' {', '.join(fallback)} is offered, "
               f"and it is no stopping action: name it under until_chosen too if it ends the asking; " if fallback else "")
        raise PhiltreError.at(decision.loc, "R200", f"step limit of {self.ruleset.step_limit:,} reached: rule '{decision.label}' "
                              f"asked seat {seat} again and again, and its stopping actions ({', '.join(stopping)}) were never chosen",
                              f"{why}check that {', '.join(stopping)} comes to be legal ('if') and chosen, or raise step_limit"
                              + self._read_from_overlays([x for name in stopping for x in _action_exprs(self.ruleset.actions[name])],
                                                         "its stopping actions read"))

    def _runaway_in_loops(self, innermost, loops, probed=None):
        """R200 where several loops are running (``loops``, outermost first): at the innermost `until` or `turns` (else
        the innermost loop), naming each with its place. The limit is most often reached in the innermost, but an inner
        loop that ends every time leaves the one around it running for ever (a turn's `until` inside a `turns` whose own
        `until` is never true): each is named, not the innermost alone. ``probed``: what _endless found, if anything."""
        endless = [loop for loop in loops if loop.kind in ("until", "turns")] or [innermost]
        running = ", ".join(f"{_loop_named(loop)} at {_place(loop.loc, endless[-1].loc)}" for loop in loops)
        if len(endless) == 1:  # a `repeat` or `for` ends after its count or list: the one `until` or `turns` does not
            said = f"rule '{endless[0].label}' {DOES_NOT_END}"
            check = ("its 'until' condition" if _loop_condition(endless[0]) is not None else _NO_UNTIL) if endless[0].kind in ("until", "turns") else (
                {"repeat": "its count", "for": "what it loops over"}[endless[0].kind])
        else:
            said = f"one of them {DOES_NOT_END}"
            check = "each one's 'until' condition, the outermost first: an inner loop that ends every time leaves the one around it running"
        turns = [loop for loop in endless if loop.kind == "turns"] or endless
        if _has_move(self.ruleset) and turns[0].kind in ("until", "turns"):  # (the outermost turns: whose turns are the game's)
            check += _changes_nothing(turns[0], "" if len(endless) == 1 else _loop_named(turns[0]))
        overlays = self._read_from_overlays([_loop_condition(loop) for loop in endless], "it reads")
        said = f"step limit of {self.ruleset.step_limit:,} reached with loops running, outermost first: {running}; {said}"
        if probed is not None:  # no decision past the limit: an endless loop, whatever the limit
            raise PhiltreError.at(endless[-1].loc, "R200", f"{said}: {probed.said(endless[-1].loc)}", f"check {check}{probed.next_said}" + overlays)
        raise _kept_deciding(PhiltreError.at(endless[-1].loc, "R200", said, self._heavy_work() + f"check {check}, or raise step_limit"
                                             + overlays), endless)

    def _runaway_in(self, stmt):
        """The step limit is reached in ``stmt``'s effect (effects.spend): R200 blaming the innermost loop around it (a
        fused loop's runner pushes no frame), else the one running, as _runaway."""
        loops = _loops_around(self.ruleset, stmt)
        self._runaway(stmt, loops[-1] if loops else None)

    def _runaway_at_block_end(self):
        """R200 where a block with no loop around it (the flow's own, an `else`) ended on the limit: at its last statement."""
        stack = self.state.flow.stack
        block = stack[-1][BLOCK] if stack else ()
        limit = f"step limit of {self.ruleset.step_limit:,} reached"
        if not block:
            raise PhiltreError.at(Loc(self.ruleset.path), "R200", limit)
        where = "the flow" if len(stack) == 1 else "the block"
        raise PhiltreError.at(block[-1].loc, "R200", f"{limit} at the end of {where}, after rule '{block[-1].label}', with no loop running",
                              "raise step_limit: every statement run counts one step, and so does the end of each block, the flow's too")

    def _set_by_overlays(self, loop) -> str:
        """For a loop that does not end: the values its condition reads that an overlay set (the likely cause), as a hint's end."""
        return self._read_from_overlays([_loop_condition(loop)], "it reads")

    def _read_from_overlays(self, exprs, says: str) -> str:
        """The values ``exprs`` read, directly or through definitions, that an overlay set, as a hint's end ("; SAYS 'x', which ... sets")."""
        if not self.ruleset.variants:
            return ""
        from philtre.dsl import ast
        from philtre.dsl.overlays import changed_by_overlays, removed_setters, setter_taken_out

        names = []
        for expr in exprs:
            names += getattr(expr, "names", ())
            if getattr(expr, "tree", None):  # done(x) reads what done reads
                names += [node.func for node in ast.walk(expr.tree) if isinstance(node, ast.Call)]
        changed = changed_by_overlays(self.ruleset, names)
        removed = removed_setters(self.ruleset)  # (a statement that set what is read, taken out: the loop is the base's)
        gone = [(name, *taken) for name in dict.fromkeys(names) for taken in removed.get(name, ())]
        return ("".join(f"; {says} '{name}', which {loc} sets" for name, loc in changed)
                + "".join(f"; {says} '{name}', and {setter_taken_out(statement, loc, how)}" for name, statement, loc, how in gone))

    def _end_now(self) -> None:
        """An end_game ran (effects.GameEnded): the round open, if any, ends as a round ends (the record's round_end with
        its points so far), every frame is left, and the game ends as when its flow runs out (_finish)."""
        S = self.state
        flow = S.flow
        if flow.in_round:  # (rounds do not nest: one at most is open)
            flow.in_round = 0
            if self.recorder is not None:
                self.recorder.round_end(S.round, S.round_scores[-1], S.scores)
        flow.stack.clear()
        flow.choices = {}
        self._listed_for, self._listed = None, {}
        self._bare_for = self._bare_turn = None
        try:
            self._finish()
        except PhiltreError as exc:  # (the winners fail: the record ends with the failure, as where the flow runs out)
            self._note_failure(exc)
            raise

    def _finish(self) -> None:
        S = self.state
        flow = S.flow
        flow.finished = True
        flow.pending = None
        try:
            ranked = self._runners.ranked
            flow.winners = ranked(S) if ranked is not None else choose_winners(self.ruleset.winners, S)
            if self.ruleset.winners.order != "expression" and not _numbers_known(self.ruleset.winners):
                _check_ranking_keys(self.ruleset.winners, S, flow.winners)
        except RuleRuntimeError as exc:
            text = fractions_told(str(exc), self.ruleset.winners.keys, self.ruleset)
            raise PhiltreError.at(self.ruleset.winners.loc, "R100", f"choosing the winners failed: {text}", failing_definition(exc, self.ruleset.namespace)) from None
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError) as exc:
            raise PhiltreError.at(self.ruleset.winners.loc, "R100", f"choosing the winners failed: {_explain(exc)}", failing_definition(exc, self.ruleset.namespace)) from None
        if self.recorder is not None:
            self.recorder.end(S.scores, flow.winners)

    # -- control statements ------------------------------------------------------------
    def _h_let(self, stmt, L):
        """let in a block that can pause: the frame gets its own names (its block's; the frame around keeps its)."""
        frame = self.state.flow.stack[-1]
        frame[LOCALS] = named = dict(L)
        EFFECTS["let"](self, stmt, named)

    def _h_do(self, stmt, L):
        self.state.flow.stack.append([stmt, stmt.args["body"], 0, L, None])

    def _h_for(self, stmt, L):
        items = loop_items(stmt.args["items"].fn(self.state, L))
        if items:
            inner = L.copy()
            inner[stmt.args["var"]] = items[0]
            self.state.flow.stack.append([stmt, stmt.args["body"], 0, inner, (items, 0, L)])

    def _h_repeat(self, stmt, L):
        args = stmt.args
        count = args["count"].fn(self.state, L)
        if type(count) is not int:  # true is no count, though Python's range takes it
            raise RuleRuntimeError(f"repeat needs a whole number, got {describe(count)}{fraction_hint(count)}", part="count")
        if count > 0:
            var = args["var"]
            if var:
                inner = L.copy()
                inner[var] = 0
            else:
                inner = L
            self.state.flow.stack.append([stmt, args["body"], 0, inner, (count, 0, L)])

    def _h_until(self, stmt, L):
        if not stmt.args["until"].fn(self.state, L):
            self.state.flow.stack.append([stmt, stmt.args["body"], 0, L, None])

    def _h_turns(self, stmt, L):
        inner = L.copy()
        inner["current"] = first_seat(stmt.args["first"].fn(self.state, L), self.state)
        until = stmt.args["until"]
        if until is None or not until.fn(self.state, inner):
            self.state.turn += 1  # (a turn begins: counted wherever one does, as S.round at a round's start)
            self.state.flow.stack.append([stmt, stmt.args["body"], 0, inner, L])

    def _h_round(self, stmt, L):
        S = self.state
        S.round += 1
        S.round_scores.append([0] * S.nplayers)
        S.flow.in_round += 1
        S.flow.stack.append([stmt, stmt.args["body"], 0, L, "round"])

    def _arrived(self, decision, L) -> None:
        """Count the much work done since the last count (the pass's statements before ``decision``, its `when`, a
        turns loop's `until`, its `player` or `players`) as the flow arrives at the decision, once however its options are then
        listed (builtins.bank): the listing gives the budget afresh and banks nothing, so a loop of a heavy `set` then
        a `decide` went uncounted. R200 at the loop where it takes the game past the step limit."""
        S = self.state
        try:
            bank(S)
        except RuleRuntimeError as exc:
            raise rule_failed(self, decision, exc, S, L) from None

    def _h_decide(self, stmt, L, player=None):
        """decide (``player``: the seat, where the caller knows its player expression is the `turns` loop's `current`)."""
        S = self.state
        if player is None:
            player = stmt.args["player"].fn(S, L)
            if type(player) is not int or not (0 <= player < S.nplayers):
                raise RuleRuntimeError(f"the deciding player must be a seat (0..{S.nplayers - 1}), got {describe(player)}"
                                       f"{fraction_hint(player)}", part="player")
        if WORK[0] < HEAVY:  # (the work done on the way here, which the listing's fresh budget drops: _arrived)
            self._arrived(stmt, L)
        if "with" in stmt.args:  # values handed to its actions: read once, kept with the decision (not the flow's names)
            L = self._handed(stmt, L)
        actions = stmt.args["actions"]
        # listed now, to know the seat can decide; the agent's options() finds them listed
        lister = self._runners.listers[actions[0]] if len(actions) == 1 else None
        if lister is not None:  # one action, with a generated lister: _enumerate, written out
            named = L.copy()
            named["me"] = player
            # a Python call to make it was a tenth of an engine's decision: its slots are set here
            pending = S.flow.pending = Pending()
            pending.stmt = stmt
            pending.players = [player]
            pending.actions = actions
            pending.locals = L
            pending.simultaneous = False
            pending.named = named
            pending.turn = turn = self._runners.next_turns.get(id(stmt))
            if self._bare_seats and turn is not None and turn[4] is not None and S.flow.stack[-1][STMT] is turn[0]:
                # while play_out plays, a run of the loop's decisions begins listed by the bare twin, as
                # _play_unrecorded lists the next ones (listed again below, as Option objects, where it fails or
                # groups or lists none: the same failure, R300)
                out = []
                S.memo = {}
                try:
                    grouped = turn[4](S, named, out, None, _distinct, S.where)
                except _LISTING_FAILURES:
                    grouped = True
                finally:
                    S.memo = None
                if out and not grouped:
                    self._bare_turn, self._bare_turn_listed = pending, out
                    return PAUSE
            out = []
            S.memo = {}
            try:
                grouped = lister(S, named, out, Option, _distinct, S.where)
            except _LISTING_FAILURES as exc:
                self._listing_failed(actions[0], named, S, exc)
            finally:
                S.memo = None
            listed = OptionList(out) if grouped else out
        else:
            pending = S.flow.pending = Pending.of(stmt, [player], actions, L, False, turn=self._runners.next_turns.get(id(stmt)))
            listed = self._enumerate(pending, player)
        self._listed_for = pending
        self._listed = {player: listed}
        if not listed:
            self._fallback(pending, player)
        return PAUSE

    def _handed(self, stmt, L, players=None) -> dict:
        """The decision's names: the flow's ``L`` and the values its `with:` hands its actions, read now; for a
        simultaneous step, ``players`` its seats, each seat's values read with `me` bound to it: a lone seat's among
        the names (the names of a lone seat's decision, as a decide's), several seats' kept by seat under BY_SEAT
        (seat_names binds a seat's)."""
        S = self.state
        named = dict(L)
        if players is None:
            for name, expr in stmt.args["with"]:
                try:
                    named[name] = expr.fn(S, L)
                except _LISTING_FAILURES as exc:
                    raise rule_failed(self, stmt, exc, S, L, known="with") from None
            return named
        by_seat = {}
        for p in players:
            seat = {**L, "me": p}
            values = by_seat[p] = {}
            for name, expr in stmt.args["with"]:
                try:
                    values[name] = expr.fn(S, seat)
                except _LISTING_FAILURES as exc:
                    raise rule_failed(self, stmt, exc, S, seat, known="with") from None
        if len(players) == 1:
            named.update(values)
        else:
            named[BY_SEAT] = by_seat
        return named

    def _h_again(self, stmt, L):
        """The question again of a decision asked until the seat chooses to stop (`until_chosen`), from the frame a
        choice of another action pushed after the first (runners.asking_again), its seat the one asked first; none where
        the decision's `until` holds now (read after each choice's effects, not before the first question: its `when`
        guards that), which ends the asking as a stopping choice does."""
        frame = self.state.flow.stack[-1]
        decision = frame[STMT]
        until = decision.args.get("until")
        if until is not None:
            try:
                if until.fn(self.state, L):
                    return None
            except _LISTING_FAILURES as exc:  # (named at the decision's until, not at its question again)
                raise rule_failed(self, decision, exc, self.state, L, known="until") from None
        return self._h_decide(decision, L, frame[LOOP])

    def _require_options(self, stmt, players) -> None:
        """A decision nobody can take would stall the game: say so at the rule."""
        for p in players:
            if not self.options(p):
                self._no_options(stmt, p)

    def _fallback(self, pending, player) -> list:
        """The options of ``pending``'s `otherwise` actions for ``player``, whom its own actions gave none, kept for
        options() in place of the empty list; where it has none or they list none either, R300 at the decision."""
        fallback = pending.stmt.args.get("fallback")
        listed = self._enumerate(pending, player, fallback) if fallback else None
        if not listed:
            self._no_options(pending.stmt, player)
        self._listed[player] = listed
        return listed

    def _no_options(self, stmt, player):
        """Fail at the rule: seat ``player`` must decide but has nothing to choose (and what an overlay set that it, or a loop around it, reads)."""
        fallback = stmt.args.get("fallback")
        actions = ", ".join(stmt.args["actions"]) + ("; otherwise " + ", ".join(fallback) if fallback else "")
        read = [x for name in decision_actions(stmt) for x in _action_exprs(self.ruleset.actions[name])]
        loops = [_loop_condition(loop) for loop in _loops_around(self.ruleset, stmt)]
        raise PhiltreError.at(stmt.loc, "R300", f"seat {player} must decide ({actions}) but has no legal option",
                              ("guard the step with 'when:', or give its fallback an option that is always legal"
                               if fallback else "guard the step with 'when:', or give the action an option that "
                               "is always legal: an action under 'otherwise:' (a pass) is offered where the others give none")
                              + self._read_from_overlays(read, "its choices read") + self._read_from_overlays(loops, "a loop around it reads")
                              + self._written_in_overlays(loops))

    def _written_in_overlays(self, exprs) -> str:
        """Where an overlay wrote the condition of a loop (its `until`, count or items), as a hint's end: the rule
        that fails is the base's, what keeps the loop going the overlay's."""
        base = os.path.abspath(self.ruleset.path)
        return "".join(f"; a loop around it runs by `{expr.text}`, written at {expr.loc}" for expr in exprs
                       if expr is not None and expr.loc.path and os.path.abspath(expr.loc.path) != base)

    def _h_simultaneous(self, stmt, L):
        S = self.state
        entry = self._runners.simultaneous[id(stmt)]
        players_fn, actions, lister, _, twin, _, _, copied, _, _, _ = entry
        players = seats(players_fn(S, L), S, "the players of a simultaneous step", once=True) if players_fn is not None else list(S.players)
        if not players:
            return None
        if WORK[0] < HEAVY:  # (the work done on the way here, which the listing's fresh budget drops: _arrived)
            self._arrived(stmt, L)
        # (its slots stored here: Pending.of is a Python call more; a step play_out took hands its Pending on)
        pending = self._spare
        if pending is None:
            pending = Pending()
            pending.simultaneous = True
            pending.named = pending.turn = None
        else:
            self._spare = None
        S.flow.pending = pending
        pending.stmt = stmt
        pending.players = players
        pending.actions = actions
        pending.locals = L
        if twin is not None and self._bare_seats:
            # while play_out plays, every seat's options listed by the bare twin of the one action's lister, as their
            # values (compiler._bare), for play_out's picks alone (_bare_for, _bare_listed, and the step's entry for its
            # seats' runner): the twin written in a loop over the seats, one call for all (compiler.seats_listers), with
            # one dict of names for every seat and each seat's memo where the lister may read one; no options kept for
            # options(), which lists them as Options should anyone ask; where a seat's listing fails, meets a group or
            # lists none, all are listed as Options below, where they fail as they fail for ``apply``
            self._listed_for = None
            # (the step's own names where neither the twin nor the seats' runner binds one in them: entry[7])
            named, listed = L.copy() if copied else L, {}
            try:
                whole = twin(S, named, players, listed, _distinct, S.where)
            except _LISTING_FAILURES:
                whole = False
            if whole:
                self._bare_for, self._bare_listed, self._bare_entry, self._bare_named = pending, listed, entry, named
                return PAUSE
        return self._step_listed(stmt, L, pending, players, actions, lister)

    def _step_listed(self, stmt, L, pending, players, actions, lister):
        """A simultaneous step's options, every seat's listed as Option objects and kept for options() (PAUSE): as
        options() would list them, without its tests of the cache; a seat with none would stall the game (R300)."""
        S = self.state
        self._listed_for = pending
        cache = self._listed = {}
        if lister is None:  # (a step handing values has none: runners._one_action)
            if "with" in stmt.args:  # values handed to its actions: each seat's read once, kept with the step
                pending.locals = self._handed(stmt, L, players)
            for p in players:
                listed = cache[p] = self._enumerate(pending, p)
                if not listed:
                    self._no_options(stmt, p)
            return PAUSE
        # one action with a generated lister: _enumerate written out, one dict of names for every
        # seat (a lister only reads them); each seat's listing remembers its own definitions, where
        # the lister may call one (a listing that reads no memo needs none made)
        named = L.copy()
        where = S.where
        if not self._runners.remembering[actions[0]]:  # (a loop of its own: no test and no memo's end per seat)
            for p in players:
                named["me"] = p
                out = []
                try:
                    grouped = lister(S, named, out, Option, _distinct, where)
                except _LISTING_FAILURES as exc:
                    self._listing_failed(actions[0], named, S, exc)
                cache[p] = OptionList(out) if grouped else out
                if not out:
                    self._fallback(pending, p)
            return PAUSE
        for p in players:
            named["me"] = p
            out = []
            S.memo = {}
            try:
                grouped = lister(S, named, out, Option, _distinct, where)
            except _LISTING_FAILURES as exc:
                self._listing_failed(actions[0], named, S, exc)
            finally:
                S.memo = None
            cache[p] = OptionList(out) if grouped else out
            if not out:
                self._fallback(pending, p)
        return PAUSE


def below_one(random) -> bool:
    """Whether ``random`` is the standard generator's own ``random()`` (``random.Random(seed).random``, C code): each
    value a float r, 0 <= r < 1, so that ``int(r * n)``, its ``__trunc__()``, is an index of n options for any whole n
    from 1 to 2**53 (r * n rounds below n), and play_out's pick needs no test of the product's class nor of its range
    (D003 cannot happen). A subclass's own ``random``, ``SystemRandom``'s, another generator's or any other function
    is tested at each pick as before."""
    if (type(random) is _BUILTIN and getattr(type(getattr(random, "__self__", None)), "random", None) is _BELOW_ONE
            and random.__name__ == "random"):
        _FOUND_BELOW_ONE[0] = random  # (a bound C method keeps its function: the same answer for it ever after)
        return True
    return False


def index_picker(rng):
    """The picker ``play_out`` takes for a seat drawing from ``rng`` as ``rng.randrange(n)`` draws: the standard
    generator's own ``_randbelow`` (what ``randrange`` returns for a whole n > 0, without its checks: a Python call
    less; exact_pickers knows it), another generator's ``randrange``."""
    return rng._randbelow if type(rng) is _Random else rng.randrange


def exact_pickers(pickers, own) -> bool:
    """Whether each of ``pickers`` is the standard generator's own ``_randbelow`` (``random.Random(seed)._randbelow``, as
    RandomAgent.picker gives it), of a generator other than the game's own (``own``, which effects draw from) and with no
    method of its own: given n options, each pick is an int from 0 to n - 1 (D003 cannot happen), so that a step's seats
    may pick beside their effects (Runners.simultaneous[...][10]) and draw what they draw in a loop before them."""
    for picker in pickers:
        if (type(picker) is not MethodType or picker.__func__ is not _RANDBELOW or type(made := picker.__self__) is not _Random
                or made is own or "getrandbits" in made.__dict__):
            return False
    return True


# the function below_one found last to be the standard generator's random() (a bound C method, whose function never
# changes): Game._play_unrecorded finds it again by identity (an object no caller gives until then)
_FOUND_BELOW_ONE: list = [object()]


def _whole_seed(seed, ruleset, record=False) -> tuple:
    """(the game's seed, what its generator starts from) for a ``seed`` that is no int: a numpy integer's int twice;
    for a ``random.Random`` given instead of a seed (its draws are the game's: an adapter's chance nodes, GivenDraws),
    None and the generator: no seed plays that game again, so it is not recorded (D005). Else D005: Python's Random
    would take a text or None, but the record's seed is a whole number, and None would make a game that cannot be
    played again."""
    if isinstance(seed, _Random):
        if record:
            raise PhiltreError.at(Loc(ruleset.path), "D005", "a game drawing from a generator given instead of a seed "
                                  "cannot be recorded: no seed plays it again", "record a game made with a whole-number seed")
        return None, seed
    if not isinstance(seed, bool):
        try:
            whole = operator.index(seed)
            return whole, whole
        except TypeError:
            pass
    raise PhiltreError.at(Loc(ruleset.path), "D005", f"a game's seed is a whole number, not {describe(seed)}",
                          "seed=0, or any int: the same seed plays the same game again")


def map_flow_names(S, fn) -> None:
    """Each value the flow holds by name (frames' locals and loop bookkeeping, the pending decision's locals) replaced by ``fn(value)``."""
    for frame in S.flow.stack:
        frame[LOCALS] = fn(frame[LOCALS])
        frame[LOOP] = fn(frame[LOOP])
    pending = S.flow.pending
    if pending is not None:
        S.flow.pending = Pending.of(pending.stmt, pending.players, pending.actions, fn(pending.locals), pending.simultaneous, turn=pending.turn)


def rebind_zones(value, S):
    """``value`` with every zone replaced by the copy's zone of the same key (unchanged if none: the same object, and
    a dict, list or tuple holding no zone at any depth is that same object too)."""
    t = type(value)
    if t is Zone:
        return S.zones[value.key[0]][value.key[1]]
    if t is dict:
        pairs = None  # (made at the first key or item that changes: most hold none, and are given back as they are)
        for i, (k, v) in enumerate(value.items()):
            new_key = k if type(k) in _HOLDING_NO_ZONE else rebind_zones(k, S)
            new = v if type(v) in _HOLDING_NO_ZONE else rebind_zones(v, S)
            if pairs is None and (new_key is not k or new is not v):
                pairs = list(value.items())[:i]
            if pairs is not None:
                pairs.append((new_key, new))
        # a zone may be a key (`{box: 1}`), and iterating a map gives its keys; a new dict, since one updated in place
        # keeps its old key where the new one is equal (a zone of the same name and index)
        return value if pairs is None else dict(pairs)
    if t is list or t is tuple:
        out = None
        for i, v in enumerate(value):
            if type(v) in _HOLDING_NO_ZONE:
                continue
            new = rebind_zones(v, S)
            if new is not v:
                if out is None:
                    out = list(value)
                out[i] = new
        return value if out is None else out if t is list else tuple(out)
    return value


_HOLDING_NO_ZONE = frozenset({Component, type(None), int, str, float, bool})  # (what rebind_zones gives back as it is)



def _distinct(domain, where) -> list:
    """The domain's values, identical components in one zone and equal plain values offered once (the first of them)."""
    if type(domain) is Zone:  # one zone: the signature alone tells identical components apart
        seen, out = set(), []
        for comp in domain:
            sig = comp.signature
            if sig not in seen:
                seen.add(sig)
                out.append(comp)
        return out
    if type(domain) is str:  # a word has letters but is no collection: not one option a letter
        raise TypeError(f"choices must be a collection (a zone, zones, a list), got {describe(domain)}")
    seen, out = set(), []
    written = 0  # the items of the values that are lists holding lists or maps, written out (choices_written)
    for value in domain:
        t = type(value)
        if t is Component:
            sig = (value.signature, where[value.ident])
        elif t is dict or t is list:
            if holds_nested(value):  # (a list held many times over in it is walked once here, not written out)
                written = choices_written(value, written)
            if _holds_component(value):  # a condition may tell identical ones apart inside it: compared once made
                out.append(value)
                continue
            sig = arg_key(value, where)  # a record, or a list of plain values: by its items
        elif t is Zone:
            sig = ("z", value.key)
        else:
            sig = value
        if sig in seen:
            continue
        seen.add(sig)
        out.append(value)
    return out


def _holds_component(value) -> bool:
    """Whether a list or a map (as a key or a value) holds a component, at any depth."""
    if type(value) is Component:
        return True
    if isinstance(value, dict):
        # a key is no list or map: its type alone tells, looked at in C (a grid game lists hundreds of placements a decision)
        return Component in map(type, value) or any(_holds_component(v) for v in value.values())
    if isinstance(value, list):
        return any(_holds_component(v) for v in value)
    return False


def _end_parts(end):
    """The parts of an entry of Runners.ends that Game._play_unrecorded reads where a step's frame ends (None where its
    next pass starts at no step it goes on to): the tails, the round, the loop, its `until`'s code, the step, the step
    after the loop, the loop entered, the pass start's round, runners (where they have a twin without their step,
    runners.stepless, that twin) and decision, the steps held back from the count until the loop goes on (the round's
    start's; and with that twin, its runner's and the decision's after it: 2 more) and those of the block's end to the
    next pass's first runner (the loop's pass, the round's end before it, the held ones), a `repeat`'s variable, and
    with that twin the runners that count their step (else None): read once where the statement is looked up, not at
    each pass."""
    if end is None or end[6] is None:
        return None
    tails, first, ending, kind, test, start, step, after, enter, stepless = end
    first_start, runs, decision = start
    started = (0 if first_start is None else 1) + (0 if stepless is None else 2)
    return (tails, first, ending, test, step, after, enter, first_start, runs if stepless is None else stepless, decision,
            started, (1 if first is None else 2) + started, ending.args["var"] if kind == "repeat" else None,
            None if stepless is None else runs)


def seats(value, S, what: str, once: bool = False) -> list:
    """``value`` as a list of seats (each ``once``, if asked); a rule's failure (R100 where it is used) if it is anything else."""
    if not isinstance(value, list) or any(type(p) is not int or not 0 <= p < S.nplayers for p in value):
        hint = next((fraction_hint(p) for p in value if fraction_hint(p)), "") if isinstance(value, list) else ""
        raise RuleRuntimeError(f"{what} must be a list of seats (0..{S.nplayers - 1}), got {describe(value)}{hint}")
    if once and len(set(value)) < len(value):
        raise RuleRuntimeError(f"{what} must name each seat once, got {describe(value)}")
    return list(value)


def choose_winners(spec, S) -> list:
    """Seats that win: by ranking keys (lowest or highest, later keys break ties) or by an expression."""
    if spec.order == "expression":
        return sorted(set(seats(spec.keys[0].fn(S, {}), S, "the winners")))
    best = None
    winners = []
    sign = 1 if spec.order == "highest" else -1
    keys = spec.keys
    n = len(keys)
    # (one to three keys, the rulesets' usual ranking: each seat's tuple built at once, the same tuple a generator
    # builds, its keys evaluated in the same order, without a generator's frame and its resumes for every seat; the
    # keys' functions read here, without a list made of them)
    if 1 <= n <= 3:
        f1, f2, f3 = keys[0].fn, keys[1].fn if n > 1 else None, keys[2].fn if n > 2 else None
    for p in S.players:
        L = {"p": p}
        if n == 1:
            key = (sign * f1(S, L),)
        elif n == 2:
            key = (sign * f1(S, L), sign * f2(S, L))
        elif n == 3:
            key = (sign * f1(S, L), sign * f2(S, L), sign * f3(S, L))
        else:
            key = tuple([sign * k.fn(S, L) for k in keys])
        if best is None or key > best:
            best, winners = key, [p]
        elif key == best:
            winners.append(p)
    return winners


def _numbers_known(spec) -> bool:
    """Whether every ranking key is a number before the game (`score[p]`): then no game needs _check_ranking_keys."""
    return all(getattr(key, "type", None) in ("int", "num") for key in spec.keys)


def _check_ranking_keys(spec, S, winners) -> None:
    """R100 at a ranking key whose value for a winner is not a number: words or lists would rank (1 * 'bob' is 'bob').

    Once per game, for the winners only: the ranking itself (compiled, or choose_winners) stays a loop over numbers.
    """
    for p in winners:
        for key in spec.keys:
            value = key.fn(S, {"p": p})
            if type(value) not in (int, float, bool):
                raise PhiltreError.at(key.loc, "R100", f"the winners' key `{key.text.strip()}` must be a number, got {describe(value)} for seat {p}",
                                      "rank by a number: a count, a score, a position")


# the statements that can pause (they hold a decision, or are one); all others have runners.
# An effect pauses only through its `else` block (taken before the handler when `when` is
# false): when it holds, the effect runs as its runner would run it.
HANDLERS = {
    **{kind: effect for kind, effect in EFFECTS.items()},
    "set": handle_set, "reveal": handle_reveal,  # (a set or reveal of a variable's value has its own: effects.effect_of)
    "move": handle_move,  # (a move to the bottom has its own: effects.effect_of)
    "score": handle_score,  # (a score's set has its own: effects.effect_of)
    "do": Game._h_do, "for": Game._h_for, "repeat": Game._h_repeat, "until": Game._h_until,
    "turns": Game._h_turns, "round": Game._h_round, "decide": Game._h_decide, "simultaneous": Game._h_simultaneous,
    "again": Game._h_again,
    "let": Game._h_let,
}

# (the end of a pass of `turns`, `until`, `repeat` and `for`, and of a `round`, is written out in Game._run: no call)


# R200's check for a `turns` written without `until` (a trial's draw, a full board, ran to the limit)
_NO_UNTIL = ("how it ends: it has no 'until', so only an end_game ends it, and none was reached (where the game may end "
             "otherwise, a full board's draw, give it an until)")


def _kept_deciding(error: PhiltreError, loops) -> PhiltreError:
    """``error`` (R200 of a game that still asked decisions past the limit) marked ``kept_deciding`` where each loop
    blamed has an `until` and a decision inside it: a long game, which other decisions might have ended (the smoke's
    random seats say so); not a `turns` without one, which nothing but an end_game ends, nor a loop that asks no seat
    anything (an `until` whose own statements change a value for ever: no decision could have ended it)."""
    error.kept_deciding = all(loop.kind in ("until", "turns") and _loop_condition(loop) is not None
                              and _holds((loop,), DECISION_KINDS) for loop in loops)  # (an `until` counting alone: no seat)
    return error


def _loop_condition(loop):
    """The expression that decides how often a loop runs: its count, its items or its `until`."""
    return loop.args.get({"repeat": "count", "for": "items"}.get(loop.kind, "until"))


def _action_exprs(action) -> list:
    """The expressions that decide an action's options: each choice's collection, and its `if`."""
    return [param.domain for param in action.params] + ([action.condition] if action.condition is not None else [])


def _has_move(ruleset) -> bool:
    """Whether some statement of the flow or an action is a `move`."""
    return any(_holds(block, ("move",)) for block in ruleset.statement_blocks)


def _holds(block, kinds) -> bool:
    """Whether a statement of ``block`` (at any depth: a loop's body, a `do`, a block run, an `else`) is of ``kinds``."""
    for s in block:
        if s.kind in kinds:
            return True
        inner = [v for v in s.args.values() if isinstance(v, tuple) and v and all(isinstance(x, Stmt) for x in v)]
        if any(_holds(b, kinds) for b in inner + [s.otherwise]):
            return True
    return False


LOOP_KINDS = ("until", "turns", "repeat", "for")
# R200's hint: a game this long (decisions), working this hard a decision (steps), may well end: its work hit the limit
HEAVY_GAME_DECISIONS, HEAVY_DECISION_STEPS = 100, 100


def _loop_named(loop) -> str:
    """A loop as a message names it: 'until', or 'for' 'hand-back' where it is named (unnamed, its label is its kind)."""
    return f"'{loop.kind}'" if loop.label == loop.kind else f"'{loop.kind}' '{loop.label}'"


def _place(loc, beside) -> str:
    """``loc`` as LINE:COL where it is in the file of ``beside`` (the place a message is reported at), else in full."""
    return f"{loc.line}:{loc.col}" if loc.path == beside.path and loc.line else str(loc)


def _changes_nothing(loop, named: str = "") -> str:
    """A hint's end for an `until` or `turns` loop that may run for ever in a game that moves components: a move of none
    changes nothing (``named``: the loop's name where the hint names several, else it is "its")."""
    passes = "turns" if loop.kind == "turns" else "passes"
    whose = f"the {passes} of {named}" if named else f"its {passes}"
    return f"{'; check too' if named else ' and'} whether {whose} still change the game: a move of none (last() of an empty zone) moves nothing"


def _loops_around(ruleset, stmt) -> list:
    """The loops (`until`, `turns`, `repeat`, `for`) that hold ``stmt``, outermost first, in the flow or an action."""
    def path(block, around):
        for s in block:
            if s is stmt:
                return around
            here = around + [s] if s.kind in ("until", "turns", "repeat", "for") else around
            for inner in [v for v in s.args.values() if isinstance(v, tuple) and v and all(isinstance(x, Stmt) for x in v)] + [s.otherwise]:
                found = path(inner, here)
                if found is not None:
                    return found
        return None

    for block in ruleset.statement_blocks:
        found = path(block, [])
        if found is not None:
            return found
    return []
