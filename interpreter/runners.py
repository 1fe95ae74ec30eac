"""Statements that cannot pause the game, turned once per ruleset into plain Python calls.

Most of a flow never waits for a decision: every effect, an action's body, a scoring loop,
a clean-up block. Such a statement (one that is not `decide` or `simultaneous` and holds
none) runs to its end in one call of its runner, ``run(game, state, locals)``: loops are
Python loops and blocks are tuples of runners, so no frame is pushed. The frame machine in
game.py keeps only the statements that can pause, where a game must be able to stop,
be copied, and go on.

A runner does what the frame machine does for the same statement, in the same order: it
counts a step per statement and per pass of a block (the runaway guard), tests `when`
(else runs `otherwise`), counts coverage, and reports a failing rule (R100) at its
statement. Each kind's own work is one small function with one shared signature, in
``KINDS``.
"""

from __future__ import annotations

import builtins
import dis
import marshal
import re
import sys
import types
import warnings
import weakref
from itertools import chain

from philtre import __version__
from philtre.dsl import cache
from philtre.dsl.builtins import HEAVY, WORK, WORK_LIMIT, WORK_PER_STEP, RuleRuntimeError, bank, fraction_hint, work_steps
from philtre.dsl.compiler import (INLINE_TAG, INLINED_AT, MAX_ITEMS, RANKED, Expr, banked, banking_patterns, bare_listers, compiled, failing_definition, fractions_told, index_named, nones_named, reads_names, reads_scores, seats_listers,
                                  staged_listing)
from philtre.dsl.ast import Attr, BinOp, Call, Clause, ListLit, Name, walk
from philtre.dsl.errors import PhiltreError
from philtre.dsl.overlays import attributes_taken
from philtre.dsl.blocks import NAMED_CALLS, run_said
from philtre.dsl.model import decision_actions
from philtre.dsl.statements import DECISION_KINDS, NEXT_FALLBACK
from philtre.dsl.values import Component, Zone, describe, explain, nones_said

from .coverage import blocks_of
from .effects import (COUNTED_FROM, EFFECTS, FEW_MOVED, FREE_SCAN, KEPT_WORK, MAX_VALUE_ITEMS, NESTING, REVEALED_WORK, SHUFFLED_WORK, SHUFFLES, WRITTEN,
                      _STANDARD, StepsSpent, effect_of, keep, move_what, reveal_value, scripted_order, shuffle, shuffle_zones, spend, take_out, unkeepable)
from .options import zone_actions

FAILURES = (TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError, RecursionError)
LISTING_FAILURES = (RuleRuntimeError, *FAILURES)  # what a listing may raise where it fails (Game's _LISTING_FAILURES)


class _Prepared(weakref.WeakKeyDictionary):
    """Runners by ruleset, and the id of the ruleset runners_for was last asked for, its runners and a weak reference to
    it that forgets both as the ruleset goes (before its id can be another's): its runners live no longer than it."""

    last_id, last, last_ref = 0, None, None

    def forget(self, _gone) -> None:
        """The ruleset asked for last is gone (or an earlier one: the last is then asked for again)."""
        self.last_id, self.last, self.last_ref = 0, None, None


_PREPARED = _Prepared()  # (a test's new one, of its type, forgets the last too)


class Runners:
    """A ruleset's runners: by id of each statement that cannot pause, and by action name
    (with each action's generated lister of options, where it has one).

    With ``loops=False`` only effects of the flow get runners and its loops and blocks are
    left to the frame machine: the two ways of running them are tested against each other
    (tests/test_runners.py).
    """

    __slots__ = ("statements", "actions", "listers", "zone_actions", "loops", "_pausing", "lone_decisions", "next_turns",
                 "pass_starts", "ends", "simultaneous", "descent", "remembering", "seats", "_once", "_rows", "_plain", "_general", "_ruleset", "_options",
                 "ranked", "many")

    def __init__(self, ruleset, loops: bool = True, lone_decisions: bool = True, plain: bool = False):
        # ``plain``: runners only for games neither recorded nor counted, whose fused source leaves out the tests of
        # the record and the coverage (_plain_source); a game that is either takes their general twin (for_all)
        self._plain, self._general, self._ruleset, self._options = plain, None, weakref.ref(ruleset), (loops, lone_decisions)
        _Build.plain = plain
        # a ruleset without grid zones never has a grid to refuse nor a placement to drop: its plain runners leave out
        # those tests (_plain_source)
        _Build.grids = not plain or any(spec.grid for spec in ruleset.zones.values())
        # a zone holds at most every component of the game: where that is never more than FREE_SCAN, no effect's work
        # on a large collection can arise, and the runners are written without its tests (_charging_many)
        self.many = _Build.many = may_hold_many(ruleset)
        try:
            self._make(ruleset, loops, lone_decisions)
        finally:
            _Build.plain, _Build.grids, _Build.many = False, True, False

    def for_all(self) -> "Runners":
        """Runners that serve a recorded or counted game too: these, or (for plain ones) their general twin, made once."""
        if not self._plain:
            return self
        if self._general is None:
            self._general = Runners(self._ruleset(), *self._options)
        return self._general

    def _make(self, ruleset, loops, lone_decisions) -> None:
        limit = ruleset.step_limit
        self.statements: dict = {}
        self.loops = loops
        # the flow and each action's `then:` (its block run as flow: Ruleset.flow_walked), walked alike
        flow = ruleset.flow_walked
        self._pausing = pausing(flow)
        self._once = _written_once(flow)
        self._rows = {}  # by id of a statement whose runner runs the statements in a row from it: how many it runs
        for block in (ruleset.flow, *(then.args["body"] for then in ruleset.follow_ups)):
            self._add(block, limit)
        # by id of a loop of the flow whose body is one decision (no `when`): that decision.
        # The frame machine takes it at the end of each pass itself (Game._run); with
        # ``lone_decisions=False`` it goes round its statement loop (tests/test_runners.py)
        self.lone_decisions = lone_decisions_of(flow) if lone_decisions else {}
        self.actions = {name: block_runner(action.body, limit, None) for name, action in ruleset.actions.items()}
        for action in ruleset.actions.values():
            if action.then is not None:
                self.actions[action.name] = following_up(action, self.actions[action.name])
        for name in {name for stmt in _statements(flow) if asked_again(stmt) for name in decision_actions(stmt)}:
            self.actions[name] = asking_again(name, self.actions[name])
        # by action name: its body run for every seat of a simultaneous step at once (seats_runner), None where it
        # cannot be written out (Game.apply then calls the action's runner once per seat)
        self.seats = {name: seats_runner(action.body, limit, len(action.params)) for name, action in ruleset.actions.items()}
        # each action's generated lister of legal options (compiler.enumerator), None where the game combines them
        self.listers = {name: ruleset.namespace.get(action.enumerator) if action.enumerator else None
                        for name, action in ruleset.actions.items()}
        # by action name: whether its generated lister may read the memo of definitions (S.memo), which is set up
        # for each listing where it may (Game._h_simultaneous: a listing that calls no definition needs none)
        self.remembering = {name: lister is None or reads_names(lister, MEMO_READS) for name, lister in self.listers.items()}
        # by id of such a decision (a `decide`) in a `turns` loop: the loop, its `until`'s code, whether the
        # seat deciding is the loop's `current` (as by default), and the lister of its one action where it
        # has one (else None). After the decision's effects, Game.apply goes on to the next seat's decision
        # itself (Game._next_turn). Then, where the seat is `current` and that lister has a bare twin
        # (compiler.bare_listers: the options as their values), the twin, the action's parameters' names and
        # its runner, for Game.play_out; else None, (), None
        bare = bare_listers(ruleset.namespace)
        self.next_turns = {}
        for loop in _statements(flow):
            # (a loop with `next` goes to its next seat through the frame machine: Game._run)
            decision = self.lone_decisions.get(id(loop)) if loop.kind == "turns" and loop.args.get("next") is None else None
            if decision is None or decision.kind != "decide":
                continue
            actions, by_current = decision.args["actions"], decision.args["player"].text.strip() == "current"
            action = ruleset.actions[actions[0]] if len(actions) == 1 else None
            twin = bare.get(action.enumerator) if action is not None and by_current else None
            self.next_turns[id(decision)] = (loop, loop.args["until"].fn if loop.args["until"] is not None else None, by_current,
                                             self.listers[actions[0]] if action is not None else None, twin,
                                             tuple(p.name for p in action.params) if twin else (), self.actions[actions[0]] if twin else None)
        # by id of a loop of the flow whose pass the frame machine starts itself at the end of the pass before
        # (Game._run): (the body's one `round`, without `when`, or None; the runners of the statements before the
        # first that has none, in the body or that round's, as the statement loop calls them; that statement if it
        # is a decision without `when`, else None). The lone decisions are such loops
        self.pass_starts = pass_starts_of(flow, self.statements, self._rows) if lone_decisions else {}
        # by id of each simultaneous step of the flow: its players' code (None: every seat), its actions, and of its
        # one action (else None) the generated lister and the runner of every seat's effects (Game._h_simultaneous,
        # Game.play_out), read with one lookup; then, for Game.play_out, the lister's bare twin (one that may group:
        # Game._h_simultaneous lists again where it does) written in a loop over the step's seats (compiler.seats_listers:
        # every seat listed by one call) and the runner of every seat's effects bound to the values the twin lists
        # (seats_runner's ``values``), where both are made, else None, None; the values of an option; whether the
        # step's names are copied; and that runner's `picking` (_SEATS_PICKING) or None, read here once (an attribute of a
        # function is looked up without Python's specialised read); and the twin and that picking in one function
        # (fused_picking) or None, and that function drawing from the seats' pickers (fused_by_pickers) or None
        steps = [stmt for stmt in _statements(flow) if stmt.kind == "simultaneous"]
        ones = {ruleset.actions[stmt.args["actions"][0]].enumerator: self.remembering[stmt.args["actions"][0]]
                for stmt in steps if _one_action(stmt) and ruleset.actions[stmt.args["actions"][0]].enumerator}
        twins = seats_listers(ruleset.namespace, ones)
        self.simultaneous = {}
        for stmt in steps:
            actions = stmt.args["actions"]
            action = ruleset.actions[actions[0]] if _one_action(stmt) else None
            twin = twins.get(action.enumerator) if action is not None and self.seats[actions[0]] is not None else None
            by_values = seats_runner(action.body, limit, tuple(p.name for p in action.params), values=True,
                                     sources=tuple(_listed_from(p.domain, ruleset.zones) for p in action.params),
                                     flat=_flat_values(action.params)) if twin else None
            # (and whether the step's names are copied for the twin and that runner: where either binds a name in them)
            self.simultaneous[id(stmt)] = (stmt.args["players"].fn if stmt.args["players"] is not None else None, actions,
                                           *((self.listers[actions[0]], self.seats[actions[0]]) if action is not None else (None, None)),
                                           twin if by_values is not None else None, by_values, len(action.params) or 1 if action else 1,
                                           by_values is None or twin.names or by_values.names,
                                           by_values.picking if by_values is not None else None,
                                           fused_picking(twin, by_values) if by_values is not None else None,
                                           fused_by_pickers(twin, by_values) if by_values is not None else None)
        # by id of each loop of the flow, and of each `round` that stands once in the flow as the one statement of a
        # loop's body: where the block of its frame ends, what Game._run does (loop_ends_of; after the steps' entries,
        # which an end whose next pass starts at a simultaneous step holds for Game._play_unrecorded)
        self.ends = loop_ends_of(flow, self.pass_starts, self.statements, self._rows, self._once if lone_decisions else None,
                                 self.simultaneous)
        self.zone_actions = zone_actions(ruleset)  # options an agent gets filtered for its seat (agents.ask)
        # the winners' ranking written out by the compiler (compiler.RANKED), or None: game.choose_winners ranks them
        self.ranked = ruleset.namespace.get(RANKED)
        # a new game's way from the flow's first statement to its first decision, written out (descent_of), or None
        self.descent = descent_of(ruleset.flow, self.statements, self._rows, limit) if lone_decisions else None

    def _add(self, block, limit) -> None:
        """Runners for the statements of a flow block that cannot pause; look inside those that can."""
        for stmt in block:
            if stmt.kind == "let":
                continue  # the frame machine binds it in its frame's own names (Game._h_let)
            if id(stmt) in self._pausing or not (self.loops or stmt.kind in EFFECTS):
                for inner in blocks_of(stmt):
                    self._add(inner, limit)
            else:
                self.statements[id(stmt)] = runner(stmt, limit, None)
        # statements in a row that each have a runner (a round's effects between two decisions): one runner for them
        # all, at the first, which tells the frame machine how many more it ran (Game._run); the others keep theirs
        row = []
        for stmt in (*block, None):
            if stmt is not None and id(stmt) in self.statements and id(stmt) in self._once:
                row.append(stmt)
                continue
            made = sequence_runner(row, limit) if len(row) >= 2 else None
            if made is not None:
                self.statements[id(row[0])] = made
                self._rows[id(row[0])] = len(row)
            row = []


def _written_once(block) -> set:
    """Ids of the statements that stand once in the flow (a statement object may stand in two places: its neighbours differ)."""
    seen, twice = set(), set()
    for stmt in _statements(block):
        (twice if id(stmt) in seen else seen).add(id(stmt))
    return seen - twice


def asked_again(stmt) -> bool:
    """Whether a decision is asked again until the seat chooses to stop (`until_chosen`): its own frame asks it
    (Game._h_again), so none of the fast paths that take a decision once and go on after it take it."""
    return "until_chosen" in stmt.args


def asking_again(name, run):
    """The runner of action ``name``, which a decision with `until_chosen` offers: where that decision was asked (the
    statement the top frame paused at), a choice of another action than those it stops at asks it again, in a frame
    of its own whose block is its question (Game._h_again), its seat the same; in that frame a stopping choice lets the
    block end, another starts it again. Other decisions' choices of the action run it alone, as do shipped games, whose
    decisions are asked once: their runners are not wrapped."""
    def run_and_ask_again(game, S, L):
        frame = S.flow.stack[-1]
        asked = frame[1][frame[2] - 1]  # the statement the decision paused at
        if asked.kind == "again":  # a question again: the block starts again, but after a stopping choice
            if name not in frame[0].args["until_chosen"]:
                frame[2] = 0
        elif name not in asked.args.get("until_chosen", (name,)):  # (a decision asked once names none)
            S.flow.stack.append([asked, asked.args["again"], 0, frame[3], L["me"]])
        return run(game, S, L)
    return run_and_ask_again


def goes_on_in_frames(stmt) -> bool:
    """Whether a choice of a decision pushes a frame the flow runs before it goes on: the question again of a decision
    asked until the seat stops (`until_chosen`), or an action's `then:` (the compiler marks a decision naming one,
    `follow_up`); or a decision handing values to its actions (`with`: Game._h_decide binds them). None of the fast
    paths that take a decision and go on after it take such a one: Game._run does."""
    return "until_chosen" in stmt.args or "follow_up" in stmt.args or "with" in stmt.args


def following_up(action, run):
    """The runner of an action with a `then:`: its effects, then a frame of the flow whose block is its then: statements,
    `me` and the action's choices its names (as its `do` sees them), which Game._run runs before the flow goes on, as it
    runs the frame of a question asked again (asking_again, which wraps this one: its frame lies below)."""
    then, names = action.then, ("me", *action.takes, *(p.name for p in action.params))
    body = then.args["body"]

    def run_then_follow_up(game, S, L):
        run(game, S, L)
        S.flow.stack.append([then, body, 0, {name: L[name] for name in names}, None])
    return run_then_follow_up


def lone_decisions_of(block, found=None) -> dict:
    """By id of each loop (nested ones too) whose body is one decision without a `when`: that decision."""
    found = {} if found is None else found
    for stmt in block:
        for inner in blocks_of(stmt):
            lone_decisions_of(inner, found)
        if stmt.kind in FRAME_LOOPS:
            body = stmt.args["body"]
            if len(body) == 1 and body[0].kind in DECISION_KINDS and body[0].when is None and not goes_on_in_frames(body[0]):
                found[id(stmt)] = body[0]
    return found


def pass_starts_of(block, statements, rows, found=None) -> dict:
    """By id of each loop (nested ones too) whose pass starts with a `round` without `when` (its body is that round),
    with runners (``statements``, ``rows``: Runners'), or with a decision without `when` after none or more runners:
    its start, for Game._run (Runners.pass_starts)."""
    found = {} if found is None else found
    for stmt in block:
        for inner in blocks_of(stmt):
            pass_starts_of(inner, statements, rows, found)
        if stmt.kind not in FRAME_LOOPS:
            continue
        first, runs, stop = _pass_start(stmt, statements, rows)
        decision = stop if stop is not None and stop.kind in DECISION_KINDS and stop.when is None and not goes_on_in_frames(stop) else None
        if first is not None or decision is not None or runs:
            found[id(stmt)] = (first, runs, decision)
    return found


def descent_of(flow, statements, rows, limit):
    """``descent(game, S, handlers, PAUSE)``: what Game._run does from a new game's first statement, written out for the flow
    once, or None where its first statement is none it writes out. Game._run's frame loop reads each statement, looks
    up its runner, tests its `when` and the coverage and looks up its kind's handler; this runs the statements on the
    way to the first decision in their order with their runners (a row's for the row), the steps counted, the limit
    tested, the frames pushed and their positions set as that loop sets them: a `round`'s frame and an `until`'s and a
    `repeat`'s (their handlers' work written out), and a decision by its handler (``handlers``: Game's, ``PAUSE``
    what one returns to pause). At the first
    statement of another kind or with a `when`, at a loop not entered, at a block's end and after a decision that does
    not pause, it returns False, the frame loop going on from there (Game._run, at the position set); True where the
    decision pauses (the work left kept, as Game._run keeps it). The same steps, frames, failures (a handler's wrapped
    by rule_failed, as there) and state."""
    lines, given, block, pc = [], {}, flow, 0

    def named(prefix, value) -> str:
        name = f"{prefix}{len(given)}"
        given[name] = value
        return name

    def guarded(stmt_name, body) -> list:
        return ["try:", *("    " + line for line in body), "except PhiltreError:", "    raise",
                "except LISTING_FAILURES as exc:", f"    raise rule_failed(game, {stmt_name}, exc, S, L) from None"]

    while pc < len(block):
        stmt = block[pc]
        run = statements.get(id(stmt))
        if run is not None:  # (a runner, or a row's: the frame loop's position set before it and after the row)
            lines += [f"frame[2] = {pc + 1}", f"{named('run', run)}(game, S, L)"]
            step = rows.get(id(stmt), 1)
            if step > 1:
                lines.append(f"frame[2] = {pc + step}")
            pc += step
            continue
        if stmt.when is not None or stmt.kind not in ("round", "until", "repeat", *DECISION_KINDS) or goes_on_in_frames(stmt):
            break
        name = named("stmt", stmt)
        lines += [f"frame[2] = {pc + 1}", "flow.steps += 1", "if flow.steps > limit:", f"    game._runaway({name})"]
        if stmt.kind in DECISION_KINDS:
            lines += guarded(name, [f"if handlers[{stmt.kind!r}](game, {name}, L) is PAUSE:", "    game._work_left = WORK[0]",
                                    "    return True"])
            lines.append("return False")
            break
        body = named("body", stmt.args["body"])
        if stmt.kind == "round":  # (Game._h_round)
            lines += ["S.round += 1", "S.round_scores.append([0] * S.nplayers)", "flow.in_round += 1",
                      f"frame = [{name}, {body}, 0, L, 'round']"]
        elif stmt.kind == "until":  # (Game._h_until)
            lines += guarded(name, [f"if {named('until', stmt.args['until'].fn)}(S, L):", "    return False"])
            lines.append(f"frame = [{name}, {body}, 0, L, None]")
        else:  # repeat (Game._h_repeat)
            count = named("count", stmt.args["count"].fn)
            lines += guarded(name, [f"count = {count}(S, L)", "if type(count) is not int:",
                                    "    raise RuleRuntimeError(f'repeat needs a whole number, got {describe(count)}"
                                    "{fraction_hint(count)}', part='count')"])
            lines += ["if count <= 0:", "    return False"]
            if stmt.args["var"]:
                lines += ["inner = L.copy()", f"inner[{named('var', stmt.args['var'])}] = 0"]
            lines.append(f"frame = [{name}, {body}, 0, {'inner' if stmt.args['var'] else 'L'}, (count, 0, L)]")
        lines += ["stack.append(frame)", "L = frame[3]"]
        block, pc = stmt.args["body"], 0
    else:
        lines.append("return False")
    if not given:
        return None
    if lines[-1] != "return False":
        lines.append("return False")
    source = (f"def make({', '.join(given)}):\n    def descent(game, S, handlers, PAUSE):\n        flow = S.flow\n        stack = flow.stack\n"
              "        frame = stack[-1]\n        L = frame[3]\n" + "".join(f"        {line}\n" for line in lines)
              + "    return descent\n")
    space = {"PhiltreError": PhiltreError, "RuleRuntimeError": RuleRuntimeError, "LISTING_FAILURES": (RuleRuntimeError, *FAILURES),
             "rule_failed": rule_failed, "describe": describe, "fraction_hint": fraction_hint, "WORK": WORK, "limit": limit}
    exec(compile(source, "<philtre descent>", "exec"), space)  # noqa: S102 - the flow's shape, no ruleset text
    return space["make"](**given)


def _pass_start(loop, statements, rows) -> tuple:
    """A loop's pass start: its body's one `round` without `when` (or None), the runners of the statements from the first
    of its block (the round's where there is one) as the statement loop calls them, and the statement they stop at (None
    at the block's end)."""
    body, first = loop.args["body"], None
    if len(body) == 1 and body[0].kind == "round" and body[0].when is None and id(body[0]) not in statements:
        first = body[0]
        body = first.args["body"]
    runs, i = [], 0
    while i < len(body) and id(body[i]) in statements:  # (a row's runner runs the statements after it too)
        runs.append(statements[id(body[i])])
        i += rows.get(id(body[i]), 1)
    return first, tuple(runs), body[i] if i < len(body) else None


def loop_ends_of(flow, starts, statements, rows, once, steps=None) -> dict:
    """By id of each loop of the flow, and of each `round` standing ``once`` in the flow as the one statement of a
    loop's body: (for each position in its body, the runners of the statements from there to its end, each with the
    position after it, as Game._run's statement loop calls them, or None where one has no runner; the round or None;
    the loop; the loop's kind; its `until`'s code or None; the loop's pass start, ``starts``' entry, or None; and the
    entry in ``steps`` (Runners.simultaneous) of the simultaneous step that start ends at (or the step of the loop it
    stops at enters: the last element), where the loop is an `until` or a `repeat` and the step has a seats' twin, else
    None; the step the loop's frame ends into with its entry, or None: _steps_after; and where the pass start stops at a
    loop whose pass starts at such a step, that loop, its pass start's runners and the step, else None: _entered; and
    the pass start's runners without their step where Game._play_unrecorded may count it before them, else None:
    stepless).
    Game._run ends such a frame's block with them: a
    round's end goes on to its loop's end without a pass of the frame loop between them, then the loop's test and its
    next pass's start; where it resumes at such a frame, it calls those runners first. Game._play_unrecorded takes the
    same path itself from a step to the next where the seventh element is not None (entering the loop of the last where
    it is not None), and where the loop ends, on to the step after it where the eighth is not None too. With ``once`` None (the frame
    machine tested against the statement loop) no round is such, and no runners are called first."""
    found, after = {}, _steps_after(flow, statements, steps)
    for loop in _framed(flow, statements):
        if loop.kind not in FRAME_LOOPS:
            continue
        holders = [loop]
        body = loop.args["body"]
        if once is not None and len(body) == 1 and body[0].kind == "round" and id(body[0]) in once:
            holders.append(body[0])
        for holder in holders:
            tails, body = [], holder.args["body"]
            for pc in range(len(body) + 1):
                tail, i = [], pc
                while tail is not None and i < len(body):
                    run = statements.get(id(body[i]))
                    if run is None:
                        tail = None
                    else:
                        tail.append((run, i + 1))
                        i += rows.get(id(body[i]), 1)
                tails.append(tuple(tail) if tail is not None and once is not None else None)
            start = starts.get(id(loop))
            step, enter = _next_step(loop, start, steps), _entered(loop, start, steps, starts, statements, rows)
            found[id(holder)] = (tuple(tails), holder if holder is not loop else None, loop, loop.kind,
                                 loop.args["until"].fn if loop.kind in ("until", "turns") and loop.args["until"] is not None else None,
                                 start, step if enter is None else enter[3], after.get(id(loop)), enter and (*enter[:3], _opening(enter[0])),
                                 stepless(start[1], start[2], enter) if start is not None and once is not None else None)
    return found


def _steps_after(flow, statements, steps) -> dict:
    """By id of each loop of the flow whose block goes on from it to a simultaneous step (``steps``: Runners.simultaneous)
    where Game._play_unrecorded may go on to that step from the loop's last step without Game._run: (the step, its
    entry), the step run by no runner and without `when` (the frame loop's next call its handler's, one step counted),
    its seats having a twin. A loop written twice in the flow as one object keeps one such step: Game._play_unrecorded
    goes on to it only where it is the statement the frame below resumes at, else through _run; ``steps`` None, none."""
    found = {}
    if steps is None:
        return found
    for block in (flow, *(inner for stmt in _framed(flow, statements) for inner in blocks_of(stmt))):
        for loop, step in zip(block, block[1:]):
            entry = steps.get(id(step)) if step.kind == "simultaneous" and step.when is None else None
            if loop.kind in FRAME_LOOPS and entry is not None and entry[4] is not None and id(step) not in statements:
                found[id(loop)] = (step, entry)
    return found


def _next_step(loop, start, steps):
    """The entry of Runners.simultaneous (``steps``) of the step a loop's next pass starts at, where Game._play_unrecorded
    may go on to it from the step before without Game._run: the loop an `until` or a `repeat` (whose tests it writes
    out), the pass start's decision a simultaneous step whose seats have a twin (listed by it while play_out plays);
    else None."""
    return _twin_step(start[2], steps) if _tests_written(loop, start, steps) else None


def _tests_written(loop, start, steps) -> bool:
    """Whether Game._play_unrecorded may write out a loop's end and its next pass's start (``start``): an `until` with its
    condition or a `repeat`, while play_out plays (``steps``, Runners.simultaneous, given)."""
    return steps is not None and start is not None and (loop.kind == "repeat" or (loop.kind == "until" and loop.args["until"] is not None))


def _twin_step(decision, steps):
    """The entry of Runners.simultaneous (``steps``) of ``decision`` where it is a simultaneous step whose seats have a twin."""
    entry = steps.get(id(decision)) if decision is not None and decision.kind == "simultaneous" else None
    return entry if entry is not None and entry[4] is not None else None


def _entered(loop, start, steps, starts, statements, rows):
    """Where a loop's next pass starts (``start``: its pass start, with no decision) at a loop without `when` whose own pass
    starts, without a round, by runners and a simultaneous step whose seats have a twin (a loop of rounds, whose round
    starts a loop of simultaneous steps): (that loop, its pass start's runners, the step, the step's entry of
    Runners.simultaneous), for Game._play_unrecorded, which goes on from the step before the loop's pass ends to that
    step itself (the loop's handler called as the statement loop calls it); else None. The outer loop an `until` or a
    `repeat`, as for _next_step."""
    if not _tests_written(loop, start, steps) or start[2] is not None:
        return None  # (a decision the pass start ends at itself, or none)
    stop = _pass_start(loop, statements, rows)[2]
    if stop is None or stop.kind not in FRAME_LOOPS or stop.when is not None:
        return None
    inner = starts.get(id(stop))
    entry = _twin_step(inner[2], steps) if inner is not None and inner[0] is None else None
    return (stop, inner[1], inner[2], entry) if entry is not None else None


def _opening(loop):
    """For Game._play_unrecorded, which opens a loop entered at its pass start (_entered): a `repeat`'s count code, variable
    and body, read once (Game._h_repeat written out there); None for another loop, opened by its handler."""
    return (loop.args["count"].fn, loop.args["var"], loop.args["body"]) if loop.kind == "repeat" else None


def _framed(block, statements):
    """Every statement of a flow block, nested ones too, that the frame machine runs (``statements``: those with runners)."""
    for stmt in block:
        if id(stmt) not in statements:
            yield stmt
            for inner in blocks_of(stmt):
                yield from _framed(inner, statements)


FRAME_LOOPS = ("turns", "until", "repeat", "for")
MEMO_READS = frozenset({"memo"})  # the game state's attribute that holds the memo of definitions


def _statements(block):
    """Every statement of a block, nested ones too."""
    for stmt in block:
        yield stmt
        for inner in blocks_of(stmt):
            yield from _statements(inner)


def runners_for(ruleset) -> Runners:
    """The runners of a ruleset, made once (they live as long as the ruleset)."""
    prepared = _PREPARED
    if prepared.last_id == id(ruleset):  # the ruleset asked for last, as game after game asks: no weak key made to look up
        return prepared.last
    found = prepared.get(ruleset)
    if found is None:  # for games neither recorded nor counted, the most played (Game.__init__: for_all for the others)
        found = prepared[ruleset] = Runners(ruleset, plain=True)
    prepared.last_id, prepared.last, prepared.last_ref = id(ruleset), found, weakref.ref(ruleset, prepared.forget)
    return found


class _Build:
    """What the runners being made are for."""

    plain = False  # true while a Runners(plain=True) is made: its fused makers' source is _plain_source's
    grids = True  # false while plain runners of a ruleset without grid zones are made: _plain_source leaves out the grids' tests
    many = False  # true while runners of a ruleset that may have more than FREE_SCAN components are made (_charging_many)

    @staticmethod
    def kind():
        """What the makers being made are for, part of the key they are kept by (plain, grids, many)."""
        return _Build.plain, _Build.grids, _Build.many


def may_hold_many(ruleset) -> bool:
    """Whether a game of ``ruleset`` may have more than FREE_SCAN components at a player count it allows: counted from
    its component types where each has a number of copies, else from its layouts, the largest player count first (one
    that fails to be made counts as many: the runners that charge serve any ruleset)."""
    if all(type(ctype.copies) is int for ctype in ruleset.components):  # (no layout made: the count at the most players)
        return sum(ctype.combination_count() * (ruleset.max_players if ctype.per_player else 1) * ctype.copies
                   for ctype in ruleset.components) > FREE_SCAN
    for nplayers in reversed(ruleset.player_counts):
        try:
            if len(ruleset.layout(nplayers).components) > FREE_SCAN:
                return True
        except PhiltreError:  # (a player count whose layout fails: a game of it fails as it starts, before any runner)
            return True
    return False


def can_pause(stmt) -> bool:
    """True for a decision, and for a statement holding one anywhere inside."""
    return id(stmt) in pausing((stmt,))


def pausing(block, found=None) -> set:
    """Ids of the statements in a block (nested ones too) that are a decision or hold one: one walk."""
    found = set() if found is None else found
    for stmt in block:
        inner = list(blocks_of(stmt))
        for nested in inner:
            pausing(nested, found)
        if stmt.kind in DECISION_KINDS or any(id(s) in found for nested in inner for s in nested):
            found.add(id(stmt))
    return found


def runner(stmt, limit: int, loop):
    """``run(game, S, L)`` for one statement; ``loop``: the innermost loop around it in this runner, if any."""
    when = stmt.when.fn if stmt.when is not None else None
    otherwise = block_runner(stmt.otherwise, limit, loop) if stmt.otherwise else None
    if FUSED:
        fused = fused_runner(stmt, limit, loop, when, otherwise)
        if fused is not None:
            return fused
    effect = effect_of(stmt)
    work = None if effect is not None else KINDS[stmt.kind](stmt, limit, loop)
    return _maker("any", when is not None, False)(stmt, limit, loop, when, otherwise, (effect, work))


# -- the commonest effects as one function each, the runner's bookkeeping written around them --
#
# A runner of a `set` of one variable, a `score`, a `move` or a `roll` of named dice does the
# effect's work itself instead of calling its handler in effects.py (one call less, and the
# statement's parts are read once, when the runner is made); so does a runner of a `for` its
# loop, instead of calling its kind's work (KINDS). The bookkeeping (steps, `when`, coverage, R100 at the
# statement) is every runner's, written out around each body: _FUSED_FRAME (_ANY: the others).
# tests/test_runners.py plays games with FUSED off (every effect through its handler) and
# requires the same records.

FUSED = True


def loop_items(value) -> list:
    """What a `for` loops over, read once: the items of a list or a zone (a map's keys); a rule's failure for anything else."""
    if not isinstance(value, (list, dict)) or type(value) is Component:
        raise RuleRuntimeError(f"for loops over a list or a zone, got {describe(value)}", part="items")
    return list(value)


def rule_failed(game, stmt, exc, S, L, known: str | None = None) -> PhiltreError:
    """R100 at ``stmt``: a rule of it failed with ``exc`` (a rule's error, or Python's, explained), naming the
    expression that fails, found by evaluating the statement's expressions again (only once it has failed); R200
    where its effect's work on a large collection took the game past the step limit (effects.spend). ``known``: the
    label of the expression the caller saw fail (a loop's `next`), the others not evaluated again."""
    if type(exc) is StepsSpent:
        game._runaway_in(stmt)
    text = str(exc) if isinstance(exc, RuleRuntimeError) else explain(exc)
    hint = failing_definition(exc, game.ruleset.namespace)
    part, failing, label = "", [expr for _, expr in _expressions(stmt)], None
    refused = getattr(exc, "part", None)  # an argument whose value was refused, though its expression ran
    for label, expr in _expressions(stmt):
        if known is not None and label != known:
            continue
        if label == refused:
            part, failing = f" in its {label} `{expr.text.strip()}`", [expr]
            break
        WORK[0] = WORK_LIMIT
        try:
            expr.fn(S, L)
        except Exception:  # noqa: BLE001 - any failure of this expression names it; the message is exc's
            part, failing = f" in its {label} `{expr.text.strip()}`", [expr]  # a move's parts keep the spaces around its arrow
            if not hint:  # (failing in a definition, the part that was none is in its body, not in this expression)
                text = index_named(nones_named(text, [expr.tree], _names_none(expr, S, L)), [expr.tree], {**S.vars, **L})
            taking = _taking(game.ruleset, stmt)
            handed = handed_nones(game, taking, [expr], L) if taking is not None else ""
            said = [n for n in _names_none(expr, S, L) if not handed or n not in taking.takes]  # (a value handed: said so)
            text += nones_said(said) + handed + _attributes_missing(expr, S, L, game.ruleset)
            break
        finally:
            WORK[0] = WORK_LIMIT
    text = fractions_told(text, failing, game.ruleset) + attributes_taken(game.ruleset, [e.tree for e in failing])
    hint = "; ".join(filter(None, [hint, runs_around(game.ruleset, stmt)]))  # (a statement of a block: the run: that ran it)
    # read between two turns, or before the effect, or one of the values a set or let gives (of several keys, each on its
    # line): at the expression itself, where a compile error of it is said, not at the statement's first line
    block = stmt.args.get("arguments_of") if part else None
    if block is not None:  # a block's arguments, bound as a `let` the rules do not hold: the argument, at its expression
        return PhiltreError.at(failing[0].loc or stmt.loc, "R100", f"{_argument_said(stmt, failing[0], block)} failed: {text}", hint)
    if part and (label in ("next", "when") or (stmt.kind, label) in (("set", "value"), ("let", "names"))):
        return PhiltreError.at(failing[0].loc or stmt.loc, "R100", f"rule '{stmt.label}' failed{part}: {text}",
                               "; ".join(filter(None, [hint, _next_hint(stmt) if label == "next" else ""])))
    return PhiltreError.at(stmt.loc, "R100", f"rule '{stmt.label}' failed{part}: {text}", hint)


def _argument_said(stmt, expr, block: str) -> str:
    """What failed, for ``expr``, an argument of a `run:` of ``block`` (``stmt``: the `let` binding its parameters)."""
    param = next(name for name, value in stmt.args["names"] if value is expr)
    return f"computing the argument {param} of block '{block}' ({param} = {expr.text.strip()})"


def runs_around(ruleset, stmt) -> str:
    """The `run:` calls whose expansion holds ``stmt``, innermost first (at most NAMED_CALLS), said as a finding in a
    block says them; '' for a statement of no block. Looked up in the ruleset's statements only once a rule has
    failed, nothing kept while the game runs (each call's expansion is its own statements, its `do` naming the block)."""
    path = _path_to(stmt, [s for block in ruleset.statement_blocks for s in block])
    runs = [s for s in reversed(path or ()) if s.args.get("block") and s.loc != stmt.loc  # (not the run its arguments'
            and s.args["body"][:1] != (stmt,)]  # own `let` is for: the failure names it, at the argument)
    return "; ".join(run_said(s.args["block"], s.loc) for s in runs[:NAMED_CALLS])


def _path_to(stmt, block) -> list | None:
    """The statements that hold ``stmt`` in ``block``, outermost first ([] where it is one of ``block``'s); None if not in it."""
    for outer in block:
        if outer is stmt:
            return []
        for inner in blocks_of(outer):
            path = _path_to(stmt, inner)
            if path is not None:
                return [outer, *path]
    return None


def _next_hint(stmt) -> str:
    """Why a `turns` loop's `next` that fails may fail only after the last turn: it is read before the `until` that ends the loop."""
    if stmt.args.get("until") is None:
        return ""
    return f"a turns loop reads its next after every turn, the last one too, before its until: {NEXT_FALLBACK}"


# the key of a simultaneous step's names (no name a rule can bind: no word ends in a colon) holding, by seat, the values its
# `with:` hands that seat's actions, read with `me` bound to it (Game._handed; a step of one seat has them among its names)
BY_SEAT = "with:"


def seat_names(locals_, seat) -> dict:
    """The names ``seat`` decides with, a new dict: the pending decision's ``locals_``, `me` bound to the seat, and the
    values a simultaneous step's `with:` hands that seat (BY_SEAT) where it hands each seat its own."""
    L = locals_.copy()
    L["me"] = seat
    by_seat = L.pop(BY_SEAT, None)
    if by_seat is not None:
        L.update(by_seat.get(seat, ()))
    return L


def handed_nones(game, action, exprs, L) -> str:
    """"; 'pc', handed by `with: {pc: first(offer)}` at F:L:C, is none" for each name ``action`` takes that ``exprs``
    read and that is none in ``L``: the failure is often further on (a builtin given none), and its cause where a
    decide read the value (one without the `when:` that keeps it from an empty zone). The decision waiting, else
    every decide offering the action (it may run in the action's then:, after the decision was taken)."""
    read = {n for expr in exprs for n in expr.names}
    nones = [n for n in action.takes if n in read and L.get(n, 0) is None]
    if not nones:
        return ""
    waiting = game.state.flow.pending
    deciding = ([waiting.stmt] if waiting is not None and action.name in decision_actions(waiting.stmt) else
                [s for s in _statements(game.ruleset.flow_walked) if s.kind in ("decide", "simultaneous") and action.name in decision_actions(s)])
    handed: dict = {}
    for stmt in deciding:
        for name, expr in stmt.args.get("with", ()):
            handed.setdefault(name, []).append(f"`with: {{{name}: {expr.text.strip()}}}` at {expr.loc}")
    return "".join(f"; '{n}', handed by {' or '.join(dict.fromkeys(handed[n]))}, is none" for n in nones if n in handed)


def _taking(ruleset, stmt):
    """The action that takes values whose `do` or `then:` holds ``stmt``, else None (a statement of the flow)."""
    return next((action for action in ruleset.actions.values() if action.takes and any(
        _path_to(stmt, block) is not None for block in (action.body, action.then.args["body"] if action.then else ()))), None)


def _names_none(expr, S, L) -> list:
    """The names ``expr`` reads that are none: a local name, or a variable of the game."""
    return [name for name in expr.names if (L[name] if name in L else S.vars.get(name, 0)) is None]


def _attributes_missing(expr, S, L, ruleset) -> str:
    """For each `c.attr` ``expr`` reads of a component (a name bound to one) whose type has no such attribute: that it
    is none and why, said after its failure (reading it gives none, as documented, and the failure is often further on)."""
    tree = expr.tree
    if tree is None:
        return ""
    nodes = list(walk(tree))
    rebound = {node.var for node in nodes if isinstance(node, Clause)}  # a comprehension's own names: not L's values
    types = {ctype.name: ctype for ctype in ruleset.components}
    said = []
    for node in nodes:
        if not isinstance(node, Attr) or not isinstance(node.target, Name) or node.target.name in rebound:
            continue
        name = node.target.name
        value = L[name] if name in L else S.vars.get(name)
        ctype = types.get(value.kind) if type(value) is Component else None
        if ctype is None or node.name in ("type", "id", "owner") or node.name in value:
            continue
        if node.name in {a for a, _ in ctype.attributes} or node.name in {d for d, _ in ctype.derived}:
            continue
        text = f"{name}.{node.name} is none: {name} is {describe(value)}, whose type '{ctype.name}' has no attribute '{node.name}'"
        if text not in said:
            said.append(text)
    return "".join(f"; {text}" for text in said)


def _expressions(stmt):
    """(what it is, Expr) for each expression of a statement, its `when` first, in the order they are written."""
    if stmt.when is not None:
        yield "when", stmt.when
    for key, value in stmt.args.items():
        label = "value" if key == "targets" else key
        for item in value if isinstance(value, (list, tuple)) else (value,):
            for part in item if isinstance(item, tuple) else (item,):
                if isinstance(part, Expr):
                    yield label, part

# a fused runner: one statement's (make(stmt, limit, loop, when, otherwise, parts)), or a block's of
# several, each statement's names numbered (make(stmts, limit, loop, whens, otherwises, partss): stmt_0, to_fn_0, ...)
_FUSED_FRAME = """
def make({params}):
{unpack}
    def run(game, S, L):
        flow = S.flow
{statements}{after}
    return run
"""

# one statement's step, `when`, work and failure (R100 at it), in the function of its runner or its block's
_STATEMENT = """\
        flow.steps += 1
        if flow.steps > limit:
            game._runaway(stmt, loop)
        try:
{when}{body}
        except PhiltreError:
            raise
        except (RuleRuntimeError, *FAILURES) as exc:
            raise rule_failed(game, stmt, exc, S, L) from None
"""

_WHEN = """            if when is not None and not when(S, L):
                if otherwise is not None:
                    otherwise(game, S, L)
            else:
"""

_COVERAGE = """            if game.coverage is not None:
                game.coverage[stmt] += 1
"""

# a block of this one statement: the end of its pass (block_runner), written after it
_PASS = """        flow.steps += 1  # a pass counts, so an empty loop body cannot hang
        if loop is not None and WORK[0] < HEAVY:
            flow.steps += work_steps()  # and so does much work done in it (builtins.work_steps)
        if flow.steps > limit:
            game._runaway(loop, loop)
"""

# any statement that cannot pause: its handler in effects.py, or its kind's work (KINDS)
_ANY = ("effect, work", """\
            if effect is not None:
                effect(game, stmt, L)
            else:
                work(game, S, L)""")

# set: {NAME: EXPR} (one variable, not one seat's value, not a per-seat list set whole): effects.e_set. Its count of
# the items kept is `kept_`, not `items`: inside a written-out `for`, `items` is the loop's own
_SET_ONE = ("name, value_fn", """\
            value = value_fn(S, L)
            kind = type(value)
            if kind is list or kind is dict:
                if kind is list and len(value) <= MAX_VALUE_ITEMS and NESTING.isdisjoint(map(type, value)):
                    kept_ = len(value)  # effects.unkeepable's common case (one level), without its call
                    WORK[0] -= kept_ * KEPT_WORK
                else:
                    kept_ = unkeepable(value)
                    if type(kept_) is str:
                        raise RuleRuntimeError(f"{kept_} cannot be kept in '{name}'")
                if kept_ >= COUNTED_FROM or flow.kept:
                    keep(S, name, kept_)
                value = value.copy()  # a copy of its own: `set: {x[0]: ...}` changes x only (see effects.e_set)
            S.vars[name] = value  # (a number's: counted nowhere, see effects.keep)
            if game.recorder is not None:
                game.recorder.set_var(name, None, value)""")

# ... whose expression is a `+` (compiler._g_BinOp: `_concat`, or `_add` of values of no known type): a list it gives
# is one Python's `+` made anew, which nothing else holds, so it is kept as it is, not copied (the same value kept)
_SET_ANEW = (_SET_ONE[0], "\n".join(line for line in _SET_ONE[1].split("\n") if not line.strip().startswith("value = value.copy()")))

# ... whose expression is the empty list (`[]`, a ListLit of no items): its value is a new empty list, which holds no
# item to check, charge or count (unkeepable's 0: `keep` only drops the name's count, where any is kept), set
# without the expression's call, the checks of its items and the copy (the same value, count and work)
_SET_EMPTY = (_SET_ONE[0], """\
            value = []
            if flow.kept:
                keep(S, name, 0)
            S.vars[name] = value
            if game.recorder is not None:
                game.recorder.set_var(name, None, value)""")

# reveal: WHAT: effects.e_reveal, its value computed in place; a list of zones, unrecorded, takes e_reveal's own way
# written out (its zones tested and measured, charged at once, each component's id added in turn), without the call
# of e_reveal, its reads of the state and the statement's parts, its tests for a single zone; anything else (a zone,
# a component, a list holding another item, a recorded game) is reveal_value's, given the value: the same work,
# places and failures
_REVEAL_READS = ("var",)  # how a reveal reads its value without a call (_READS: WHAT, `reveal_READ`)
_REVEAL = """\
            shown = WHAT
            if type(shown) is not list or game.recorder is not None:
                reveal_value(game, S, shown)
            else:
                shown_n = 0
                for shown_zone in shown:
                    if type(shown_zone) is not Zone:
                        reveal_value(game, S, shown)  # (an item no zone: e_reveal's groups)
                        break
                    shown_n += len(shown_zone)
                else:
                    WORK[0] -= shown_n * REVEALED_WORK
                    shown_add = S.revealed.add
                    for shown_zone in shown:
                        for shown_comp in shown_zone:
                            shown_add(shown_comp.ident)"""

# score: {player, add, floor}: effects.e_score; each part read as _READS says (PLAYER, ADD; FLOOR, where the
# statement has one: without, its two lines are left out). Where Python's own comparisons are quicker than its calls, the
# same values and failures by other means: a number of points whose type is int or float needs no isinstance;
# `max(FLOOR, new)` is `new if new > FLOOR else FLOOR` (max compares so, FLOOR read first: the same message where they
# do not compare); a total of one digit (30 bits, |total| < 2**30: compared without a call nor a long comparison) is
# within 2**53, any other is tested by `abs` (nan: neither holds)
_SCORE_BODY = """\
            player = PLAYER
            points = ADD
            if type(player) is not int or not (0 <= player < S.nplayers):
                raise RuleRuntimeError(f"score needs a seat (0..{S.nplayers - 1}), got {describe(player)}{fraction_hint(player)}", part="player")
            if (type_ := type(points)) is not int and type_ is not float and (not isinstance(points, (int, float)) or isinstance(points, bool)):
                raise RuleRuntimeError(f"score needs a number of points, got {describe(points)}", part="add")
            scores = S.scores
            floor_ = FLOOR
            points = (total if (total := (score_ := scores[player]) + points) > floor_ else floor_) - score_
            total = score_ + points
            if not (-1073741823 <= total and total <= 1073741823) and not abs(total) <= 2**53:
                raise RuleRuntimeError(f"seat {player}'s score would pass 2**53: a runaway score")
            scores[player] = total
            if flow.in_round:
                S.round_scores[-1][player] += points
            if game.recorder is not None:
                game.recorder.score(player, points, scores[player])"""

# move: WHAT -> ZONE: effects.e_move, with effects.move_one written out for one component unrecorded,
# and for each component of a zone of a few unrecorded, in turn (as effects.move_what moves them); an empty zone in a
# recorded game to move_what too, which records that nothing moved where a seat counts neither zone (Recorder.nothing_moved)
_MOVE_ONE = """\
cid = comp.ident
key = where[cid]
if key != to:
    S.zones[key[0]][key[1]].remove(comp)
    target.append(comp)
    where[cid] = to
    if S.revealed and cid in S.revealed:  # (a test in place: most components moved are not face up, and discard is a call; none most often)
        S.revealed.remove(cid)
    placed = S.placed
    if placed and cid in placed:  # a piece leaving a grid loses its placement
        del placed[cid]
        S.grid_version += 1"""

_NOT_A_GRID = """\
to = target.key
if to[0] in S.grids:
    raise RuleRuntimeError(f"{to[0]} is a grid: put pieces on it with place (at x, y, rot), not move")
where = S.where"""


def _indented(text, spaces):
    return "\n".join(" " * spaces + line for line in text.split("\n"))


# a set (_SET_ANEW) whose expression is `+` of the variable's own value and a local name's (Expr.grown: `x: x + chosen`):
# where both are lists, and their `+` a list of one level within MAX_VALUE_ITEMS, the list made here, the work left as
# the call's fresh budget charged its length (compiler._concat_written) and then the set's own charge leave it, kept as
# _SET_ANEW keeps it; anything else through the call, as _SET_ANEW (the call, which may fail, reads both again)
_GROWN_CALL = "value = value_fn(S, L)  # (anything else: its call)"
_SET_GROWN = ("name, value_fn, value_local", f"""\
            value = S.vars[name]
            grown_ = L[value_local]
            if type(value) is list and type(grown_) is list and len(value := value + grown_) <= MAX_VALUE_ITEMS and NESTING.isdisjoint(map(type, value)):
                kept_ = len(value)
                WORK[0] = {WORK_LIMIT} - kept_ - kept_ * KEPT_WORK
                if kept_ >= COUNTED_FROM or flow.kept:
                    keep(S, name, kept_)
                S.vars[name] = value
                if game.recorder is not None:
                    game.recorder.set_var(name, None, value)
            else:
{_indented(_SET_ANEW[1].replace("value = value_fn(S, L)", _GROWN_CALL, 1), 4)}""")
assert _GROWN_CALL in _SET_GROWN[1] and MAX_VALUE_ITEMS <= MAX_ITEMS  # (a list made here is one the call makes: not too long)

# a set (_SET_ANEW) whose expression is `+` of a local name's value and a whole number (Expr.local_plus: `pass: s + 1`):
# where the value is a whole number (an int, not a bool), their sum made here, the call's value (Python's `+`, which
# cannot fail for two whole numbers; the call charges no work), which a number's set neither checks nor counts (as
# _SET_ANEW sets it); anything else, or no such name, through the call, as _SET_ANEW (the call fails as before)
_PLUS_CALL = "value = value_fn(S, L)  # (anything else: its call)"
_SET_PLUS = ("name, value_fn, value_local, value_const", f"""            if type(value := L.get(value_local)) is int:
                value += value_const
                S.vars[name] = value
                if game.recorder is not None:
                    game.recorder.set_var(name, None, value)
            else:
{_indented(_SET_ANEW[1].replace("value = value_fn(S, L)", _PLUS_CALL, 1), 4)}""")
assert _PLUS_CALL in _SET_PLUS[1]


_MOVE_BODY = f"""\
            target = DESTINATION
            if type(target) is not Zone:
                raise RuleRuntimeError(f"the destination must be a zone, got {{describe(target)}}", part="to")
            comp = WHAT
            if type(comp) is Component and game.recorder is None:
{_indented(_NOT_A_GRID, 16)}
{_indented(_MOVE_ONE, 16)}
            elif type(comp) is Zone and game.recorder is None and 0 < len(comp) <= {FEW_MOVED}:
                what = comp
{_indented(_NOT_A_GRID, 16)}
                for comp in list(what):
{_indented(_MOVE_ONE, 20)}
            elif type(comp) is not Zone or comp or game.recorder is not None:  # (an empty zone moves nothing)
                move_what(game, comp, target)"""

# a component of one of the game's own zones moved to the zone whose key is `to` (found where it lies there, the zones'
# lists mended by the caller): its place, its face (down) and its placement (none) as _MOVE_ONE leaves them
_EACH_MOVED = """\
cid = comp.ident
where[cid] = to
if revealed and cid in revealed:  # (none face up, most often: the set's length read)
    revealed.remove(cid)
if placed and cid in placed:  # a piece leaving a grid loses its placement
    del placed[cid]
    S.grid_version += 1"""
_ALL_MOVED = f"""\
for comp in what:
{_indented(_EACH_MOVED, 4)}
target.extend(what)
what.clear()"""
# the lines of a move of a zone read in place (_MOVE_ZONE_BODY) before its components are moved: the destination's
# key and its test for a grid, and, but for a zone moved onto itself (which stays as it is), what the moves read
_ZONE_TO = f"""\
                to = target.key
                if to[0] in S.grids:
                    raise RuleRuntimeError(f"{{to[0]}} is a grid: put pieces on it with place (at x, y, rot), not move")
                if what is not target:  # (a zone moved onto itself stays as it is)
                    where = S.where
                    revealed = S.revealed
                    placed = S.placed
"""
# move: ZONE -> ..., ZONE one of the game's own zones read in place (Expr.zone_local, Expr.zone_attr, Expr.zone_one: a Zone,
# never a copy's): a few of its components, unrecorded, moved at once (each component's place, face and placement
# as _MOVE_ONE leaves them, in order, then the zone's list added to the destination's and emptied), without the
# tests of what it is (and, as effects.move_zone, without looking up where each component lies: in this zone); a zone
# of one component (a seat's zone of a family, often) first, without iterating or reading its length: its top taken
# off by pop, and the zone found empty after it (else put back, the zone as it was, and moved as several are). The
# destination's test for a grid comes before the pop, so a failing move leaves the zone as it was; a zone moved onto
# itself stays as it is (a grid so moved fails first, as effects.move_zone and a recorded game's move fail)
# (a zone moved in a recorded game: move_what records it, an empty one too where a seat counts neither zone; an empty
# zone moves nothing, so a game never recorded, whose runners' source is _plain_source's, leaves the test out with the
# record's: the zone found empty by the test above)
_RECORDED_ZONE = "elif what or game.recorder is not None:  # (recorded: move_what's, an empty zone's too: it records nothing moved where a count is hidden)"
_MOVE_ZONE_BODY = f"""\
            target = DESTINATION
            if type(target) is not Zone:
                raise RuleRuntimeError(f"the destination must be a zone, got {{describe(target)}}", part="to")
            what = WHAT
            if what and game.recorder is None:
{_ZONE_TO}                    comp = what.pop()
                    if not what:  # (one component: the zone's length unread)
{_indented(_EACH_MOVED, 24)}
                        target.append(comp)
                    elif len(what) < {FEW_MOVED}:  # (a few: put back, all moved at once)
                        what.append(comp)
{_indented(_ALL_MOVED, 24)}
                    else:
                        what.append(comp)
                        move_what(game, what, target)
            {_RECORDED_ZONE}
                move_what(game, what, target)"""

# move: NAME -> ..., NAME a local name whose type is a zone (an action's parameter chosen among a family's zones: a
# Zone, most often one of the game's own, unless kept from before a copy): where it is one of the game's own zones
# (the zone its key names in the state, tested once for the move), a few of its components moved at once as
# _MOVE_ZONE_BODY moves them (each in a loop: such a zone holds several, most often); anything else as _MOVE_BODY moves it
_AT_ONCE = _ZONE_TO + _indented(_ALL_MOVED, 20) + "\n"
_MOVE_OWN_BODY = _MOVE_BODY.replace("            if type(comp) is Component and game.recorder is None:\n", f"""\
            if type(comp) is Zone and comp and game.recorder is None and len(comp) <= {FEW_MOVED} and S.zones[(key := comp.key)[0]][key[1]] is comp:
                what = comp
{_AT_ONCE}            elif type(comp) is Component and game.recorder is None:
""", 1)

# move: [C for Z in FAMILY for C in Z] -> ZONE (Expr.family_items: every component of a zone family, in order), a few
# of them, unrecorded, to a zone of another family: the list's work reckoned, and each component's place, face and
# placement set in order, each zone's list added to the destination's and emptied, as effects.move_few moves the list's
# components (each taken out of its zone with list.remove); none, many, a destination of the family or a budget that
# runs out: the list made and moved as _MOVE_BODY moves it
_MOVE_FAMILY_BODY = _MOVE_BODY[:_MOVE_BODY.index("            comp = WHAT\n")] + f"""\
            family_ = S.zones[what_family]
            moved_ = [*chained(family_)]  # (listed in C: counted, then moved in one loop and added at once)
            count_ = len(moved_)
            work_ = {WORK_LIMIT} - len(family_) * what_zones - count_ * what_items
            if work_ >= 0 and 0 < count_ <= {FEW_MOVED} and game.recorder is None and target.key[0] != what_family:
                WORK[0] = work_
{_indented(_NOT_A_GRID, 16)}
                revealed = S.revealed
                placed = S.placed
                for comp in moved_:
{_indented(_EACH_MOVED, 20)}
                target.extend(moved_)
                for zone_ in family_:
                    zone_.clear()
            else:
{_indented(_MOVE_BODY[_MOVE_BODY.index("            comp = WHAT"):], 4)}"""

# the destination's test, left out where the destination is read in place as a zone of a family (always a Zone)
_TARGET_TESTED = """\
            if type(target) is not Zone:
                raise RuleRuntimeError(f"the destination must be a zone, got {describe(target)}", part="to")
"""
# what a part of a statement (a move's `what` and `to`, a score's `player`, `add` and `floor`) is read by: its
# expression's function; a local name (Expr.local), read where it stands; a zone of a family at a local name's index
# (Expr.zone_local: `shown[p]`), or at the index an attribute of its value gives (Expr.zone_attr: `hand[c.owner]`),
# read without the call; a literal (Expr.const: `floor: 0`), a value the runner is made with
_READS = {"fn": ("{0}_fn", "{0}_fn(S, L)"), "local": ("{0}_local", "L[{0}_local]"), "own": ("{0}_local", "L[{0}_local]"),
          "zone": ("{0}_zone, {0}_name", "S.zones[{0}_zone][L[{0}_name]]"),
          "attr": ("{0}_zone, {0}_name, {0}_attr", "S.zones[{0}_zone][L[{0}_name].get({0}_attr)]"),
          "const": ("{0}_const", "{0}_const"),
          # a variable's value (Expr.var: `reveal: taken`), read where it stands
          "var": ("{0}_var", "S.vars[{0}_var]"),
          # every component of a zone family (Expr.family_items): its name and works, and its call for the list itself
          "family": ("{0}_family, {0}_zones, {0}_items, {0}_fn", "{0}_fn(S, L)"),
          # a single zone (Expr.zone_one: `box`), read where it stands
          "one": ("{0}_one", "S.zones[{0}_one][0]"),
          # in the body of a `for` written out in its loop (_FOR_BLOCK), the loop's own variable (a local name, and a
          # zone of a family at its index) read from the loop's item, FOR_ITEM (_for_block_source), not from its names
          "item": ("{0}_local", "FOR_ITEM"), "zitem": ("{0}_zone, {0}_name", "S.zones[{0}_zone][FOR_ITEM]"),
          # ... the loop's own variable where its items are all seats (Expr.seats, Expr.seat_items): a score's seat so
          # read is not tested for one (_score_shape)
          "seat": ("{0}_local", "FOR_ITEM"),
          # last() of a local name's value (Expr.last_of: `last(z)`), a Zone's last item read where it stands; and a
          # zone of a family at index() of a local name's value (Expr.zone_at_index: `family[index(z)]`), a Zone's
          # index read from its key where the family holds it; any other value through the expression's call (its
          # message). Their calls give the work budget afresh: so does the move that reads them (_move_shape)
          "last": ("{0}_last, {0}_fn", "(last_{0}[-1] if last_{0} else None) if type(last_{0} := L[{0}_last]) is Zone else {0}_fn(S, L)"),
          "at": ("{0}_zone, {0}_name, {0}_fn", "(family_{0}[at_{0}] if (at_{0} := at_{0}.key[1]) < len(family_{0} := S.zones[{0}_zone])"
                 " else {0}_fn(S, L)) if type(at_{0} := L[{0}_name]) is Zone else {0}_fn(S, L)"),
          # ... the same of a `for`'s own variable, in its body written out in its loop: the loop's item, FOR_ITEM, read
          # where it stands, and the names of its pass, FOR_NAMES, made only for the call (_for_block_source)
          "ilast": ("{0}_last, {0}_fn", "(FOR_ITEM[-1] if FOR_ITEM else None) if type(FOR_ITEM) is Zone else {0}_fn(S, FOR_NAMES)"),
          "iat": ("{0}_zone, {0}_name, {0}_fn", "(family_{0}[at_{0}] if (at_{0} := FOR_ITEM.key[1]) < len(family_{0} := S.zones[{0}_zone])"
                  " else {0}_fn(S, FOR_NAMES)) if type(FOR_ITEM) is Zone else {0}_fn(S, FOR_NAMES)"),
          # a zone of a family of one zone a seat at left() or right() of the action's own seat by a variable's count
          # (Expr.zone_near: `cup[right(me, turn)]`), read without the call where the count is a whole number (the
          # seat, the action's own, is one), else through it (which fails as before)
          "near": ("{0}_zone, {0}_name, {0}_var, {0}_sign, {0}_fn",
                   "S.zones[{0}_zone][(L[{0}_name] + {0}_sign * near_{0}) % S.nplayers] if type(near_{0} := S.vars[{0}_var]) is int else {0}_fn(S, L)")}


def _read(expr, how=("local", "zone", "attr", "const")) -> str:
    """How a runner reads ``expr`` (_READS), among the ways ``how`` (its function's call where none of them applies)."""
    for read, found in (("local", expr.local), ("zone", expr.zone_local), ("attr", expr.zone_attr), ("const", expr.const),
                        ("last", expr.last_of), ("at", expr.zone_at_index), ("one", expr.zone_one), ("near", expr.zone_near), ("var", expr.var)):
        if found is not None and read in how:
            return read
    return "fn"


def _read_parts(expr, read) -> tuple:
    """What a runner reads ``expr`` by, the way ``read`` (the names of _READS[read], in order)."""
    return {"fn": (expr.fn,), "local": (expr.local,), "own": (expr.local,), "zone": expr.zone_local, "attr": expr.zone_attr, "const": expr.const,
            "last": (expr.last_of, expr.fn), "at": (*(expr.zone_at_index or ()), expr.fn), "one": (expr.zone_one,),
            "item": (expr.local,), "seat": (expr.local,), "zitem": expr.zone_local, "ilast": (expr.last_of, expr.fn), "iat": (*(expr.zone_at_index or ()), expr.fn),
            "family": (*(expr.family_items or ()), expr.fn), "near": (*(expr.zone_near or ()), expr.fn), "var": (expr.var,)}[read]


_MOVE_WHAT = ("local", "zone", "attr", "last", "one")  # how a move reads its `what` without a call (a literal moves nothing: its call fails)
_MOVE_TO = ("local", "zone", "attr", "at", "one", "near")  # ... and its `to` (a local name: tested as a zone, as its call's value is)
_BUDGETED = ("last", "at", "ilast", "iat")  # reads whose expression's call gives the work budget afresh: the move gives it too


def _what_read(expr, to="fn") -> str:
    """How a move reads its `what` (_MOVE_WHAT): "own" for a local name whose type is a zone (_MOVE_OWN_BODY); "family"
    for every component of a zone family (Expr.family_items, _MOVE_FAMILY_BODY) where its `to` is read as ``to`` says
    and that read leaves the budget as the call left it (not _BUDGETED)."""
    read = _read(expr, _MOVE_WHAT)
    if read == "fn" and expr.family_items is not None and to not in _BUDGETED:
        return "family"
    return "own" if read == "local" and expr.type == "zone" else read


def _of_item(read, expr, var) -> str:
    """``read``, or where it reads the local name ``var`` (a `for`'s variable, in the body written out in its loop),
    its read from the loop's item: "item" for the name, "zitem" for a zone of a family at its index, "ilast" and "iat"
    for its last item and a zone of a family at its index (Expr.last_of, Expr.zone_at_index)."""
    if var is not None and read == "zone" and expr.zone_local[1] == var:
        return "zitem"
    if var is not None and read == "local" and expr.local == var:
        return "item"
    if var is not None and read == "last" and expr.last_of == var:
        return "ilast"
    if var is not None and read == "at" and expr.zone_at_index[1] == var:
        return "iat"
    return read


def _move_shape(what, to, apart=False):
    """(names, body) of a move whose `what` and `to` are read as _READS says; ``apart``: both read in place as zones of
    different names (_apart), never the same zone, so not tested for a zone moved onto itself."""
    names = f"{_READS[what][0].format('what')}, {_READS[to][0].format('to')}"
    body = (_MOVE_ZONE_BODY if what in _OWN_READS else _MOVE_OWN_BODY if what == "own" else _MOVE_FAMILY_BODY if what == "family"
            else _MOVE_BODY)
    if apart:
        body = _unwrapped(body, "if what is not target:  # (a zone moved onto itself stays as it is)")
    if what in _BUDGETED or to in _BUDGETED:  # as the calls left it (each gives it afresh, and a move charges nothing)
        body = body.replace("WHAT\n", f"WHAT\n            WORK[0] = {WORK_LIMIT}\n", 1)
    if to in _OWN_READS:  # one of the game's own zones: a Zone
        body = body.replace(_TARGET_TESTED, "")
    if to in _AT_READS:  # a family's zone, or its call's value tested where it is read (_a_zone): the same test, once
        body = body.replace(_TARGET_TESTED, "")
        destination = re.sub(r"to_fn\(S, (?:L|FOR_NAMES)\)", lambda m: f"_a_zone({m.group(0)})", _READS[to][1].format("to"))
        if what == "ilast" and to == "iat":
            body = _item_read_once(body, destination, _READS[what][1].format("what"))
        return names, body.replace("WHAT", _READS[what][1].format("what")).replace("DESTINATION", destination)
    return names, body.replace("WHAT", _READS[what][1].format("what")).replace("DESTINATION", _READS[to][1].format("to"))


_AT_READS = ("at", "iat")  # reads of a family's zone at an index, any other value through the call (_move_shape)
_ON_ITEM = " if type(FOR_ITEM) is Zone else "  # how "ilast" and "iat" choose between the item's read and the call


def _item_read_once(body, destination, what):
    """``body`` of a move whose destination and `what` are both read from a written-out `for`'s item ("iat", "ilast":
    `move: last(z) -> shown[index(z)]`) with the item's type tested once for the two reads, which stay in their order
    (the destination's, then what's; neither can change the item, a local of the runner's)."""
    (to_zone, to_call), (what_zone, what_call) = destination.split(_ON_ITEM), what.split(_ON_ITEM)
    # a component taken from the item's own zone, where it is the last (read so just before: nothing between changes
    # the zone, and a component lies in one zone once), by pop, without list.remove's comparisons of those before it
    body = body.replace("S.zones[key[0]][key[1]].remove(comp)",
                        "from_.pop() if (from_ := S.zones[key[0]][key[1]]) is FOR_ITEM else from_.remove(comp)", 1)
    return body.replace("            target = DESTINATION\n            comp = WHAT\n", f"""\
            if type(FOR_ITEM) is Zone:  # (tested once for both reads)
                target = {to_zone}
                comp = {what_zone}
            else:
                target = {to_call}
                comp = {what_call}
""", 1)


def _a_zone(value):
    """A move's destination given by its call where an index's read did not find its zone: as _TARGET_TESTED tests it."""
    if type(value) is not Zone:
        raise RuleRuntimeError(f"the destination must be a zone, got {describe(value)}", part="to")
    return value


_ZONE_READS = ("zone", "attr", "zitem", "near")  # the reads that give one of the game's own zones of a family (_READS)
_OWN_READS = (*_ZONE_READS, "one")  # ... and of the game's own zones (a single zone may be a grid)


_MOVE = _move_shape("fn", "fn")
# move: NAME -> ZONE, NAME a local name (Expr.local): read where it stands, without its expression's call
_MOVE_LOCAL = _move_shape("local", "fn")


_POINTS_TESTED = """\
            if (type_ := type(points)) is not int and type_ is not float and (not isinstance(points, (int, float)) or isinstance(points, bool)):
                raise RuleRuntimeError(f"score needs a number of points, got {describe(points)}", part="add")
"""


def _score_shape(player, add, floor):
    """(names, body) of a score whose `player`, `add` and `floor` are read as _READS says (``floor`` None: it has none);
    ``add`` "number": a literal that is a number (read as "const"), whose test is left out; ``player`` "seat": an item
    of a loop over seats, whose test is left out."""
    number, add = add == "number", "const" if add == "number" else add
    names = [_READS[read][0].format(part) for part, read in (("player", player), ("add", add), ("floor", floor)) if read]
    body = _SCORE_BODY.replace("PLAYER", _READS[player][1].format("player")).replace("ADD", _READS[add][1].format("add"))
    if player == "seat":
        body = _without_tests(body, ("if type(player) is not int or not (0 <= player < S.nplayers):",))
    if number:
        body = body.replace(_POINTS_TESTED, "")
    if floor is None:
        body = body.replace("            floor_ = FLOOR\n            points = (total if (total := (score_ := scores[player]) + points) > floor_ else floor_) - score_\n"
                            "            total = score_ + points\n", "            total = scores[player] + points\n")
    body = body.replace("FLOOR", _READS[floor][1].format("floor")) if floor is not None else body
    if player in ("item", "seat"):  # (the loop's item, read where it stands: no local of its own)
        body = re.sub(r'(?<!")\bplayer\b(?!")', "FOR_ITEM", body.replace("            player = FOR_ITEM\n", "", 1))
    return ", ".join(names), body


def _statement_source(parts_body, with_when) -> str:
    """The source of one fused statement (_STATEMENT), its parts read by the names ``parts_body`` gives them."""
    body = _COVERAGE + parts_body[1]
    if with_when:  # the effect is the else of the `when` test
        body = "\n".join("    " + line if line.strip() else line for line in body.split("\n"))
    return _STATEMENT.format(when=_WHEN if with_when else "", body=body)


# what a fused runner tests of the record and the coverage: left out of the source of the runners of games
# neither recorded nor counted (_plain_source)
# (a scenario's scripted shuffles, `if game.shuffle_script:`, are a test of such games too: Game gives them the general runners)
_COUNTED_OR_RECORDED = ("if game.coverage is not None:", "if game.recorder is not None:", _RECORDED_ZONE, "if game.shuffle_script:")


def _unwrapped(source, test) -> str:
    """``source`` without the lines that are ``test`` (an `if` that always holds), their bodies one level less indented."""
    out, inside = [], None  # the indent of the test whose body is being unindented
    for line in source.split("\n"):
        indent = len(line) - len(line.lstrip())
        if inside is not None and line.strip() and indent <= inside:
            inside = None
        if line.strip() == test:
            inside = indent
        else:
            out.append(line[4:] if inside is not None and line.strip() else line)
    return "\n".join(out)


def _without_tests(source, tests) -> str:
    """``source`` without the lines that are one of ``tests`` (an `if`: its body, the lines indented more, goes too)
    (lines, not regular expressions: a pattern compiled costs more than the making of a runner's source)."""
    lines, out = source.split("\n"), []
    skip = None  # the indent of the test whose body is being left out
    for line in lines:
        text = line.strip()
        indent = len(line) - len(line.lstrip())
        if skip is not None and (indent > skip or not text):
            if not text:  # (a blank line is kept, and does not end the body)
                out.append(line)
            continue
        skip = None
        if text in tests:
            skip = indent
        else:
            out.append(line)
    return "\n".join(out)


def _plain_source(source, grids=True) -> str:
    """A fused runner's source for games neither recorded nor counted: without the coverage's count and the tests of
    the record (each effect's unrecorded way), which such a game never needs; for a ruleset without grid zones
    (``grids`` false), without the tests that a destination is no grid and that a component moved loses its placement
    (its state's grids and placements are always empty: only `place` and a scenario put a piece on a grid)."""
    plain = _without_tests(source, _COUNTED_OR_RECORDED).replace(" and game.recorder is None", "")
    plain = plain.replace(" or game.recorder is not None", "").replace(" and game.coverage is None", "")
    if "game.recorder" in plain or "game.coverage" in plain or "game.shuffle_script" in plain:  # a test this does not know how to leave out
        raise AssertionError(f"a runner's source still reads the record or the coverage:\n{plain}")
    if not grids:
        plain = _without_tests(plain, _GRID_TESTS)
        if "S.grids" in plain or "placed" in plain:
            raise AssertionError(f"a runner's source still reads the grids or the placements:\n{plain}")
    return plain


# what a fused runner tests of the grids and the placements (and the placements it reads for that): left out of the
# plain source for a ruleset without grid zones
_GRID_TESTS = ("if to[0] in S.grids:", "if zone_.key[0] in S.grids:", "placed = S.placed", "if placed and cid in placed:  # a piece leaving a grid loses its placement")


_TEMPLATES: list = []  # this process's _templates_key, once made


def _templates_key() -> str | None:
    """What every runner's source is made from, hashed once per process: this file (the templates and the code that
    fills them), the value it writes in from effects.py, the compiler's banking of fresh budgets (banked: its code and
    patterns), philtre's version and Python's (bytecode is only read back by the Python that wrote it); None where the
    file cannot be read (each maker's code is then kept by its source)."""
    if not _TEMPLATES:
        try:
            with open(__file__, "rb") as f:
                text = f.read()
        except OSError:
            text = None
        _TEMPLATES.append(None if text is None else cache.sha256(
            text + marshal.dumps(banked.__code__) + banking_patterns().encode() + f"\n{FEW_MOVED}\n{FREE_SCAN}\n{WORK_LIMIT}\n{WORK_PER_STEP}\n{__version__}\n{sys.implementation.cache_tag}".encode()).hexdigest()[:32])
    return _TEMPLATES[0]


def _compiled_maker(key, label, build):
    """``make`` of a fused runner's fixed source ``build()`` (no ruleset text in it); for plain runners (_Build), its
    plain source. Its code is kept between runs by ``key`` (the shape it is made for: a tuple of strings and booleans)
    and _templates_key, so the next process reads it back without making its source (the templates filled, names
    renamed, the tests of the record and the coverage taken out: 5-10 million instructions of a process's first game)."""
    plain, grids, many = _Build.kind()
    label = label + ("" if grids else " no grid") + " plain" if plain else label
    label += " many" if many else ""  # (its source _charging_many's)
    filename = f"<philtre runner {label}>"
    templates = _templates_key()
    if templates is None:  # pragma: no cover - a runners.py that cannot be read: kept by its source
        make = _made(compiled(_maker_source(build), filename))
        kept_as = None
    else:
        kept_as = cache.sha256(f"{templates}\n{plain}\n{grids}\n{key!r}{' many' if many else ''}".encode()).hexdigest()[:32]
        name = f"code-{kept_as}.bin"
        make = _made(_kept_code(name, filename))
        if make is None:  # none kept (or a damaged or foreign file): made and kept
            with warnings.catch_warnings():  # (as dsl.compiler.compiled: no Python advice on generated code)
                warnings.simplefilter("ignore", SyntaxWarning)
                code = compile(_maker_source(build), filename, "exec")
            cache.write(name, marshal.dumps(code))
            make = _made(code)
    make.maker_source = _source_kept(kept_as, build)
    return make


def _source_kept(kept_as, build):
    """A function giving the source a maker's code is compiled from (_maker_source), for fused_picking, which writes a
    picking runner's lines into a twin's: read back from the cache folder where kept (as ``source-<kept_as>.py``; a damaged
    file is made again, its SHA-256 no longer holding: cache.read), else made and kept. A process that finds a maker's
    code kept so makes no source for it either; ``kept_as`` None: made at each call."""
    name = None if kept_as is None else f"source-{kept_as}.py"

    def maker_source() -> str:
        kept = cache.read(name) if name is not None else None  # (a damaged file: None, its SHA-256 checked)
        if kept is not None:
            try:
                return kept.decode()
            except UnicodeDecodeError:  # pragma: no cover - (its SHA-256 held: bytes this function wrote)
                pass
        text = _maker_source(build)
        if name is not None:
            cache.write(name, text.encode())
        return text
    return maker_source


def _maker_source(build) -> str:
    """The source a maker's code is compiled from: ``build()``'s, plain where the runners made are, charging the work
    of effects on large collections where their ruleset may have them (_Build)."""
    plain, grids, many = _Build.kind()
    source = _nonlocals_first(_work_steps_written(_plain_source(build(), grids) if plain else build()))
    return banked(_charging_many(source) if many else source, one_line=False)  # (as compiled() banks the expressions')


# what _charging_many rewrites, in a runner's finished source: a component taken out of its zone by list.remove (alone
# on its line: _MOVE_ONE's, renamed or read from a family since; `value_`, a seat's value), or popped where it is a
# `for` item's top (_item_read_once); a zone shuffled (_SHUFFLE); zones revealed (_REVEAL); a family's tops popped (_family_tops_popped)
_REMOVED = re.compile(r"^( *)(\w[\w.]*\[.*\])\.remove\((comp|value_)\)$", re.M)
_POPPED = re.compile(r"^( *)from_\.pop\(\) if \(from_ := (.+)\) is (\w+) else from_\.remove\(comp\)$", re.M)
_SHUFFLED_ZONE = "if type(zone_) is not Zone:  # (a list of zones, or a value that fails as it fails there)"
_REVEALED = re.compile(r"^( *)WORK\[0\] -= shown_n \* REVEALED_WORK\n(?=\1shown_add = )", re.M)
_TOP_POPPED = re.compile(r"^( *)if (item\w*) and \(at_to := \2\.key\[1\]\)", re.M)


def _charging_many(source: str) -> str:
    """A runner's ``source`` for a ruleset that may have more than FREE_SCAN components (_Build.many): each component
    taken out of a zone longer than that by effects.take_out, which counts the comparisons past FREE_SCAN towards the
    step limit where no expression's fresh work budget wipes them (a recorded game's too, and a `for` item's top, which
    a pop took without comparing); a longer zone shuffled, and more components revealed, by effects.spend's count (a
    zone by shuffle_zones). A smaller ruleset's runners are written without these tests: the same work, no test."""
    source = _REMOVED.sub(rf"\1take_out(S, from_, \3) if len(from_ := \2) > {FREE_SCAN} else from_.remove(\3)", source)
    source = _POPPED.sub(rf"\1take_out(S, from_, comp) if len(from_ := \2) > {FREE_SCAN} else from_.pop() if from_ is \3 else from_.remove(comp)", source)
    source = source.replace(_SHUFFLED_ZONE, f"if type(zone_) is not Zone or len(zone_) > {FREE_SCAN}:  # (a list of zones, a value "
                                            "that fails as it fails there, or a long zone: its work counted there)")
    source = _REVEALED.sub(lambda m: f"{m[1]}if shown_n > {FREE_SCAN}:  # (many: counted towards the step limit, effects.spend)\n"
                                     f"{m[1]}    spend(S, shown_n * REVEALED_WORK)\n{m[1]}else:\n{m[1]}    WORK[0] -= shown_n * REVEALED_WORK\n", source)
    return _TOP_POPPED.sub(rf"\1if \2 and len(\2) <= {FREE_SCAN} and (at_to := \2.key[1])", source)


_DEF_OR_NONLOCAL = re.compile(r"^( *)(?:(def )|nonlocal ([\w, ]+)$)")


def _nonlocals_first(source: str) -> str:
    """``source`` with each function's `nonlocal` names declared once, on its body's first line: a statement that
    declares them (a roll's, _roll_shape) may be written twice in one function (a loop's body, in its two loops), and
    Python refuses a declaration after a use of the name."""
    lines = source.split("\n")
    opened, declared = [], {}  # (the functions open at a line: (indent, index of its def); names by def's index)
    kept = []
    for line in lines:
        found = _DEF_OR_NONLOCAL.match(line)
        if found is not None:
            indent = len(found[1])
            while opened and opened[-1][0] >= indent:
                opened.pop()
            if found[2]:
                opened.append((indent, len(kept)))
            elif opened:  # (declared in the innermost function open here: taken out, written at its start below)
                declared.setdefault(opened[-1][1], {}).update(dict.fromkeys(name.strip() for name in found[3].split(",")))
                continue
        kept.append(line)
    if not declared:
        return source
    for at in sorted(declared, reverse=True):
        indent = len(kept[at]) - len(kept[at].lstrip()) + 4
        body = next(k for k in range(at, len(kept)) if kept[k].split("#")[0].rstrip().endswith(":")) + 1  # (past the def's lines)
        kept.insert(body, " " * indent + "nonlocal " + ", ".join(declared[at]))
    return "\n".join(kept)


# a pass's count of the work done in it: `steps_ += work_steps()` (or `flow.steps += ...`), alone on its line but for
# a term added or subtracted after it (steps counted ahead given back) and a comment
_WORK_STEPS_CALL = re.compile(r"^( *)((?:flow\.)?steps_?) \+= work_steps\(\)( [-+] [^#\n]*?)?(  #.*)?$", re.M)


def _work_steps_written(source: str) -> str:
    """A runner's ``source`` with each pass's call of builtins.work_steps written in: the steps the work done is worth
    added and the budget set full again, the function's two lines with its constants (both in _templates_key), in the
    same order, without a Python call at each pass whose last expression did much work (a scoring's fold charged
    per item, say). The same steps and budget."""
    return _WORK_STEPS_CALL.sub(lambda m: f"{m[1]}{m[2]} += ({WORK_LIMIT} - WORK[0]) // {WORK_PER_STEP}{m[3] or ''}{m[4] or ''}\n"
                                          f"{m[1]}WORK[0] = {WORK_LIMIT}", source)


def _kept_code(name, filename):
    """The code kept as the cache file ``name``, if it is a runner's of that file name; else None."""
    code = cache.read_value(name, types.CodeType)  # (a damaged file: None)
    return code if code is not None and code.co_filename == filename else None


# the lengths 0 to 256 as floats, which a picking runner multiplies its draw by: a float times a float is a product
# Python specialises, a float times an int is not (the same product: float(n) is exact, the product commutes)
LENGTHS = tuple(map(float, range(257)))


def _picked(values, random_):
    """The pick of one of ``values`` where a picking runner's read of LENGTHS failed (more values than it holds: the
    draw taken now, as the length's int times it, the same index), or where the pick itself failed (none listed: the
    draw taken, the failure raised again, as before)."""
    if len(values) < len(LENGTHS):
        raise  # (the IndexError its caller handles, raised again: the draw taken already, as before)
    return values[(random_() * len(values)).__trunc__()]


def taken_out(family, count) -> None:
    """The first ``count`` components of a family's zones, in order, taken out of them: where a loop that moved each
    component of the family (_FOR_EMPTIED) failed after ``count`` of them, the zones as the loop would have left them
    had it emptied each zone after its own (those before emptied, the one it failed in without its moved ones)."""
    for zone in family:
        if len(zone) > count:
            del zone[:count]
            return
        count -= len(zone)
        zone.clear()


def _made(code):
    """The ``make`` that a maker's code defines (None for no code, or code that defines none)."""
    if code is None:
        return None
    namespace = {"PhiltreError": PhiltreError, "RuleRuntimeError": RuleRuntimeError, "FAILURES": FAILURES,
                 "describe": describe, "fraction_hint": fraction_hint, "Component": Component, "Zone": Zone, "_a_zone": _a_zone,
                 "unkeepable": unkeepable, "keep": keep, "COUNTED_FROM": COUNTED_FROM, "move_what": move_what,
                 "MAX_VALUE_ITEMS": MAX_VALUE_ITEMS, "NESTING": NESTING, "KEPT_WORK": KEPT_WORK,
                 "rule_failed": rule_failed, "loop_items": loop_items, "e_roll": EFFECTS["roll"], "WORK": WORK, "HEAVY": HEAVY, "work_steps": work_steps,
                 "STANDARD": _STANDARD, "shuffle": shuffle, "SHUFFLES": SHUFFLES, "WRITTEN": WRITTEN, "shuffle_zones": shuffle_zones, "scripted_order": scripted_order,
                 "SHUFFLED_WORK": SHUFFLED_WORK, "LENGTHS": LENGTHS, "_picked": _picked, "chained": chain.from_iterable,
                 "taken_out": taken_out, "take_out": take_out, "spend": spend, "reveal_value": reveal_value, "REVEALED_WORK": REVEALED_WORK,
                 "_bank": bank}
    exec(code, namespace)  # noqa: S102 - a runner's fixed source, no ruleset text
    return namespace.get("make")


def _fused_maker(shape, with_when, as_block):
    """``make`` of the fused runner of one statement of this shape (_SHAPES)."""
    parts_body = _SHAPES[shape]
    names = parts_body[0]
    return _compiled_maker(("one", shape, with_when, as_block), names, lambda: _FUSED_FRAME.format(
        params="stmt, limit, loop, when, otherwise, parts", unpack=f"    {names}, = parts",
        statements=_statement_source(parts_body, with_when), after=_PASS if as_block else ""))


# for: ITEM in ITEMS (a body that more than scores: runners._for), one dict of names for all its passes:
# the body cannot pause, so no pass's names outlive it (a `let` in it copies them: block_runner)
_FOR = ("items_fn, var, body", """\
            inner = L.copy()
            items = items_fn(S, L)  # a list's items as loop_items reads them, without its call
            for item in (items.copy() if type(items) is list else loop_items(items)):
                inner[var] = item
                body(game, S, inner)""")

# roll: [DIE, ...] (dice named in the rule), neither scripted nor recorded: effects.e_roll's draws; for the standard
# generator its _randbelow written in, as effects.shuffle writes it (the same draws of getrandbits, so the same faces
# and the generator's state after), without a Python call a die; the generator read from its slot where it is the
# game's own (Flow.rng's call only where a copy shares it)
_ROLL_HEAD = """\
            if flow.script or game.recorder is not None:
                e_roll(game, stmt, L)
            else:
                rng = flow._rng if not flow._rng_shared else flow.rng
                shown = S.dice
                if type(rng) is STANDARD:  # (effects._STANDARD: the standard generator's class, None where its draws are not these)
                    getrandbits = rng.getrandbits
"""
_ROLL = ("names, drawn", _ROLL_HEAD + """\
                    if not drawn:  # each die's faces, their number and its bit length, read at the first roll (a runner is its ruleset's)
                        dice = game.ruleset.dice
                        drawn.extend((name, dice[name].faces, len(dice[name].faces), len(dice[name].faces).bit_length()) for name in names)
                    for name, faces, n, k in drawn:
                        j = getrandbits(k)
                        while j >= n:
                            j = getrandbits(k)
                        shown[name] = faces[j]
                else:
                    dice = game.ruleset.dice
                    for name in names:
                        faces = dice[name].faces
                        shown[name] = faces[rng._randbelow(len(faces))]""")

# ... of a few dice (`roll_N`, N of them, _ROLL_WRITTEN_OUT at most): the same draws written out die by die, without a
# loop over the dice read at the first roll and its unpacking of each; each die's name is the runner's part, its faces
# padded with None to 2 ** k items (k the bit length of their number, as _randbelow draws k bits) and k the runner's
# own (nonlocal: a runner is its ruleset's), read at its first roll: a draw past the faces reads None (a face is a
# dict) and is drawn again, as _randbelow draws again. The generator of its last roll and that generator's bound
# getrandbits (None where its class is not the standard one) are its own too: a game rolls each round with the one
# generator, so its class is tested and its method read (a generic attribute read and a bound method made) only where
# the generator is another than the last roll's (a new game's, a copy's), the same draws; the runner holds that
# generator, so no other one can take its identity
_ROLL_WRITTEN_OUT = 4


def _roll_shape(count):
    """(parts, source) of a roll of ``count`` dice named in the rule, written out die by die (the draws of _ROLL)."""
    dice = range(count)
    names = [f"die_name{i}" for i in dice]
    own = [f"die_table{i}, die_bits{i}" for i in dice]
    read = "".join(f"""\
                        die_table{i} = [*dice[die_name{i}].faces]
                        die_bits{i} = len(die_table{i}).bit_length()
                        die_table{i} += [None] * ((1 << die_bits{i}) - len(die_table{i}))
""" for i in dice)
    drawn = "".join(f"""\
                    face = die_table{i}[getrandbits_(die_bits{i})]
                    while face is None:
                        face = die_table{i}[getrandbits_(die_bits{i})]
                    shown[die_name{i}] = face
""" for i in dice)
    each = "".join(f"""
                    faces = dice[die_name{i}].faces
                    shown[die_name{i}] = faces[rng._randbelow(len(faces))]""" for i in dice)
    return (", ".join(names + own + ["rolled_by, getrandbits_"]), f"""\
            nonlocal {", ".join(own)}, rolled_by, getrandbits_
            if flow.script or game.recorder is not None:
                e_roll(game, stmt, L)
            else:
                rng = flow._rng if not flow._rng_shared else flow.rng
                shown = S.dice
                if rng is not rolled_by:  # (another generator than the last roll's: its class tested, its method read)
                    rolled_by, getrandbits_ = rng, rng.getrandbits if type(rng) is STANDARD else None
                    if die_bits0 is None and getrandbits_ is not None:  # (each die's faces and their number's bit length, read at the first roll)
                        dice = game.ruleset.dice
{read}                if getrandbits_ is not None:  # (effects._STANDARD: the standard generator's class, None where its draws are not these)
{drawn}                else:
                    dice = game.ruleset.dice{each}""")


# shuffle: ZONE, one zone read as _READS says (a local name, the loop's item, a single zone; else its expression's call):
# effects.e_shuffle's work, the zone's order drawn by effects.shuffle from the generator read from its slot where the
# game owns it (Flow.rng's call only where a copy shares it), without the calls of the effect's runner, the
# expression's (but "fn"'s), _zones and _not_a_grid; a list of zones, a grid or another value: effects.shuffle_zones
_SHUFFLE = """\
            zone_ = ZONE
            if type(zone_) is not Zone:  # (a list of zones, or a value that fails as it fails there)
                shuffle_zones(game, zone_)
            else:
                if zone_.key[0] in S.grids:
                    shuffle_zones(game, zone_)  # (R100: a grid's pieces cannot be shuffled)
                WORK[0] -= len(zone_) * SHUFFLED_WORK
                (SHUFFLES[len(zone_)] if len(zone_) < WRITTEN else shuffle)(flow._rng if not flow._rng_shared else flow.rng, zone_)
                if game.shuffle_script:
                    scripted_order(game, zone_, stmt)
                if game.recorder is not None:
                    game.recorder.shuffle(zone_)"""
_SHUFFLE_READS = ("local", "one")  # how a shuffle reads its zone without a call


class _Shapes(dict):
    """The fused sources by shape; a move's, a score's or a shuffle's of other reads made when first asked for:
    `move_WHAT_TO`, a move whose parts are read as _READS says (a zone of a family at a local name's index or an
    attribute's, ...), `score_PLAYER_ADD_FLOOR` (a floor, a local name, a literal; FLOOR `none` where it has none) and
    `shuffle_ZONE` (_SHUFFLE), `reveal_WHAT` (_REVEAL); `move_WHAT_TO_apart`, a move of a zone read in place to a zone of another name (_apart):
    each of dozens made at every import cost about a millisecond in all."""

    def __missing__(self, shape):
        kind, *reads = shape.split("_")
        apart = kind == "move" and len(reads) == 3 and reads[2] == "apart"
        if kind == "move" and len(reads) == 2 + apart and reads[0] in _READS and reads[1] in _READS:
            made = _move_shape(reads[0], reads[1], apart)
        elif kind == "score" and len(reads) == 3 and all(read in (*_READS, "number", "none") for read in reads):
            made = _score_shape(reads[0], reads[1], None if reads[2] == "none" else reads[2])
        elif kind == "roll" and len(reads) == 1 and reads[0] in {str(count) for count in range(1, _ROLL_WRITTEN_OUT + 1)}:
            made = _roll_shape(int(reads[0]))
        elif kind == "shuffle" and len(reads) == 1 and reads[0] in ("fn", "item", *_SHUFFLE_READS):
            made = (_READS[reads[0]][0].format("zone"), _SHUFFLE.replace("ZONE", _READS[reads[0]][1].format("zone")))
        elif kind == "reveal" and len(reads) == 1 and reads[0] in ("fn", *_REVEAL_READS):
            made = (_READS[reads[0]][0].format("what"), _REVEAL.replace("WHAT", _READS[reads[0]][1].format("what")))
        else:
            raise KeyError(shape)
        self[shape] = made
        return made


_SHAPES = _Shapes({"any": _ANY, "set": _SET_ONE, "set_anew": _SET_ANEW, "set_empty": _SET_EMPTY, "set_grown": _SET_GROWN, "set_plus": _SET_PLUS, "move": _MOVE, "move_local": _MOVE_LOCAL, "for": _FOR, "roll": _ROLL,
                   "score": _score_shape("fn", "fn", None)})

def _block_maker(shapes):
    """``make`` of the runner of a block of fused statements of these (kind, with `when`) shapes, in order."""
    def build():
        unpack, statements = _block_source(shapes)
        source = _FUSED_FRAME.format(params="stmts, limit, loop, whens, otherwises, partss", unpack="\n".join(unpack),
                                     statements="".join(statements), after=_PASS)
        if _counted_once(shapes):
            source = source.replace("\n    return run\n", _block_counted_once(shapes), 1)
        return source
    return _compiled_maker(("block", shapes), "block " + _shapes_label(shapes), build)


def _counted_once(shapes) -> bool:
    """Whether statements of these (kind, with `when`) shapes count one step each and nothing more where none has an
    `otherwise` (a `when` that does not hold runs nothing then), nor read the steps counted (no handler's or kind's
    work, no loop of their own)."""
    return all(type(kind) is str and kind not in _COUNTING for kind, _ in shapes)


# a block of fused statements that count one step each (_counted_once), none with an `otherwise` (known when the runner
# is made), in a pass that cannot reach the step limit before its work is counted: the pass's steps counted once, after
# its statements, where each statement counted and tested its own (`when`, present by its shape, called untested); a
# statement that fails, or anything raised in it, finds the steps counted as `run` counts them; a pass that may reach
# the limit is `run`'s
_BLOCK_ONCE = """
    if {otherwise}:
        return run

    def once(game, S, L):
        flow = S.flow
        steps_ = flow.steps
        if steps_ + {count} > limit:  # (the limit may be reached in this pass: each statement tests it)
            return run(game, S, L)
{statements}        flow.steps = steps_ + {count}
        if loop is not None and WORK[0] < HEAVY:
            flow.steps += work_steps()  # much work done in the pass (builtins.work_steps)
            if flow.steps > limit:
                game._runaway(loop, loop)
    return once
"""

_STATEMENT_ONCE = """\
        try:
{when}{body}
        except PhiltreError:
            flow.steps = steps_ + {k}
            raise
        except (RuleRuntimeError, *FAILURES) as exc:
            flow.steps = steps_ + {k}
            raise rule_failed(game, stmt, exc, S, L) from None
        except BaseException:
            flow.steps = steps_ + {k}
            raise
"""


def _block_counted_once(shapes) -> str:
    """The end of the maker of a block of these shapes (_counted_once) that returns _BLOCK_ONCE's runner where no
    statement has an `otherwise`, else `run`."""
    statements = []
    for i, (kind, with_when) in enumerate(shapes):
        body = _COVERAGE + _SHAPES[kind][1]
        if with_when:  # the effect is the body of the `when` test
            body = "\n".join("    " + line if line.strip() else line for line in body.split("\n"))
        source = _STATEMENT_ONCE.format(when="            if when(S, L):\n" if with_when else "", body=body, k=i + 1)
        own = {name: f"{name}_{i}" for name in ("stmt", "when", *_SHAPES[kind][0].split(", "))}
        statements.append(re.sub(r"\b(" + "|".join(own) + r")\b", lambda m: own[m.group(1)], source, flags=re.ASCII))
    otherwise = " or ".join(f"otherwise_{i} is not None" for i, (_, with_when) in enumerate(shapes) if with_when) or "False"
    return _BLOCK_ONCE.format(otherwise=otherwise, count=len(shapes) + 1, statements="".join(statements))


def _shapes_label(shapes) -> str:
    return " ".join(kind if type(kind) is str else kind[0] for kind, _ in shapes)


def _block_source(shapes):
    """(lines unpacking their parts, each statement's source) of a block of fused statements of these shapes, in
    order, each statement's names numbered (stmt_0, to_fn_0, ...), read from ``partss``, ``stmts``, ``whens``, ``otherwises``."""
    unpack, statements = [], []
    for i, (kind, with_when) in enumerate(shapes):
        if type(kind) is tuple:  # ("for", its body's shapes[, _for_body's way]): a `for` with its body written out (_FOR_BLOCK)
            names = _FOR_EMPTIED[0] if len(kind) > 2 and kind[2] in _EMPTYING else _FOR_BLOCK[0]
            body_unpack, source = _for_block_source(kind[1], with_when, f"b{i}_", kind[2] if len(kind) > 2 else None)
            own = {name: f"{name}_{i}" for name in ("stmt", "when", "otherwise", "inner", "item", *names.split(", "))}
        else:
            names, body_unpack = _SHAPES[kind][0], []
            source = _statement_source(_SHAPES[kind], with_when)
            own = {name: f"{name}_{i}" for name in ("stmt", "when", "otherwise", *names.split(", "))}
        rename = re.compile(r"\b(" + "|".join(own) + r")\b", re.ASCII)
        unpack.append(f"    {', '.join(own[n] for n in names.split(', '))}, = partss[{i}]")
        unpack += [rename.sub(lambda m: own[m.group(1)], line) for line in body_unpack]
        statements.append(rename.sub(lambda m: own[m.group(1)], source))
    for name in ("stmt", "when", "otherwise"):
        unpack.append(f"    {', '.join(f'{name}_{i}' for i in range(len(shapes)))}, = {name}s")
    return unpack, _places_read_once(statements)


# a written-out `for`'s first line in its statement's `try` (_read_once's first hoisted line; after the coverage's
# count alone), run whenever the statement runs: it binds the state's list of places and its face-up set (and zones)
_COUNTED = re.compile(r"^ {12}if game\.coverage is not None:\n {16}game\.coverage\[\w+\] \+= 1\n\Z", re.M)  # (_COVERAGE's, its names numbered)
_PLACES_READ = re.compile(r"^ {12}where, revealed(, zones_)? = S\.where, S\.revealed(?:, S\.zones)?\n", re.M)


def _places_read_once(statements) -> list:
    """The ``statements`` of one function (a block's, a row's) where a statement after one that reads the state's
    places and face-up set in its `try`'s first lines (_PLACES_READ, no `when` around it: run whenever the statement
    runs, and a statement that stops raises out of the function) reads neither again: the locals hold them (each
    statement binds `where` and `revealed` to those two alone, and only a state's making and its copy set them)."""
    out, read = [], False
    for source in statements:
        if read:
            source = _PLACES_READ.sub(lambda m: "            zones_ = S.zones\n" if m.group(1) else "", source, count=1)
        elif (found := _PLACES_READ.search(source)) is not None and _COUNTED.sub("", source[:found.start()]).endswith("        try:\n"):
            read = True
        out.append(source)
    return out


_BLOCK_MAKERS: dict = {}  # ((kind, with `when`) of each statement, plain) -> make (a few shapes per ruleset)


# the end of _FOR_BLOCK and _FOR_EMPTIED: the items listed (where they are not read otherwise), and the loop
_LISTED_AND_LOOPED = """\
                items = items_fn(S, L)  # a list's items as loop_items reads them, without its call
COPIED
LOCAL            for item in items:
                inner[var] = item
                BODY"""
# for: ITEM in ITEMS whose body is a block of fused statements: the body written out in the loop, each
# statement's names numbered (stmt_b0, to_fn_b0, ...), the end of each pass after them, without a call of
# the body's runner per item; `inner` is the body's names (its L) and the `for` the body's innermost loop
_FOR_BLOCK = ("items_fn, var, body", """\
            inner = L.copy()
            if items_fn is None:  # the seats (Expr.seats): S.players, never changed, looped over as it is
                items = S.players
            else:
""" + _LISTED_AND_LOOPED)
# ... the items copied (so that the body cannot change them), but where they are a list of seats (_for_body's way
# "seats", Expr.seat_items: `players`, a comprehension's own new list, `[]` or a remembered one, which no statement changes)
_COPIED = "                items = items.copy() if type(items) is list else loop_items(items)"
_EMPTYING = ("emptied", "emptied item")  # _emptied's ways (_FOR_EMPTIED)
# an emptied loop's destination read at an attribute of the item itself (`hand[c.owner]`) reads it from the plain dict
# by subscript, which Python specialises, where `.get` is a method's call: an item without the attribute (KeyError,
# which the family's list of zones never raises) reads it as before, its none failing as the destination did
_DESTINATION_LINE = "                            target = DESTINATION\n"
_SUBSCRIPT_FIRST = """\
                            try:
                                target = SUBSCRIPT
                            except KeyError:  # (no such attribute: .get's none, failing as before)
                                target = DESTINATION
"""

# for: ITEM in [C for Z in FAMILY for C in Z] (Expr.family_items: every component of a zone family, in order) whose body
# is one move of ITEM to a zone of another family read in place (`move: c -> hand[c.owner]`), unrecorded and uncounted,
# where the steps cannot reach the limit and the list's work leaves the budget above HEAVY: each component's place,
# face and placement set and the component added to its destination in the list's order, as the loop would, then each
# zone of the family emptied at once, where the loop took each component out of its zone with list.remove; the same
# work (the list's charges, reckoned), steps and failures (a destination that fails leaves the components before it
# moved, the others where they lie: its zone's moved ones taken out); else the list made and looped over as before
_FOR_EMPTIED = ("items_fn, var, body, family, w_zones, w_items", f"""\
            inner = L.copy()
            family_ = S.zones[family]
            moved_ = [*chained(family_)]  # (listed in C: counted, then moved in one loop, the zones emptied after it)
            count_ = len(moved_)
            work_ = {WORK_LIMIT} - len(family_) * w_zones - count_ * w_items
            if work_ >= HEAVY and flow.steps + 2 * count_ <= limit and game.recorder is None and game.coverage is None:
                WORK[0] = work_
                placed = S.placed
                comp = None
                try:
                    for comp in moved_:
                        try:
                            target = DESTINATION
                        except PhiltreError:
                            raise
                        except (RuleRuntimeError, *FAILURES) as exc:
                            inner[var] = comp  # (the names the move failed with: its pass's)
                            raise rule_failed(game, MOVE, exc, S, inner) from None
{_indented(_EACH_MOVED.replace("where[cid] = to", "where[cid] = target.key"), 24)}
                        target.append(comp)
                except BaseException:  # (a failure at comp: the components before it moved, its move's step counted)
                    done_ = next((i for i, moved in enumerate(moved_) if moved is comp), 0)
                    taken_out(family_, done_)  # (out of their zones, as the loop took them: the destination never one of them (_emptied))
                    flow.steps += 2 * done_ + 1
                    raise
                for zone_ in family_:
                    zone_.clear()
                flow.steps += 2 * count_  # (two steps a component: its move's and its pass's)
            else:
""" + _LISTED_AND_LOOPED.replace("\nLOCAL", "\nLOCAL    ").replace("\n                ", "\n                    ").replace(
    "\n                    items", "\n                items"))  # (the loop in the `else`: the components moved, nothing is left to loop over)


# the same loop where each pass's steps are known but for much work (each body statement's and the pass's, none with
# `when` nor a loop of its own) and the step limit cannot be reached by them: the steps counted in a local, without a
# test of the limit at each, and kept in the flow however the loop ends (nothing the statements run reads them); a
# pass's steps counted at once at its end (a statement that fails, or anything raised in it, counts those it reached:
# _counted_at_the_pass_end); a pass that counts steps for much work ends it only where those steps and the passes'
# own (all of them: ``span_``, more than the passes left count) could pass the limit: there, after the test of the
# limit, the loop above goes on from the next item, testing at each step
_FOR_LOCAL = """\
            if (span_ := PER * len(items)) + flow.steps <= limit:
                items = iter(items)
                steps_ = flow.steps
                try:
                    for item in items:
                        inner[var] = item
                        COUNTED
                        if WORK[0] < HEAVY:  # (the pass's steps counted with its work's: one sum stored)
                            steps_ += work_steps() + PER
                            if steps_ + span_ > limit:
                                if steps_ > limit:  # (only much work counted can pass the limit: tested here alone)
                                    flow.steps = steps_
                                    game._runaway(stmt, stmt)
                                break
                        else:
                            steps_ += PER
                finally:
                    flow.steps = steps_
"""
# ... where the body's statements leave the work budget as it stands but in move_what (_charges_nothing): whether the
# budget is below HEAVY is known before the passes (the items' evaluation may have done much work, counted at the
# first pass's end) and after each move_what (a move of many components charges its work), kept in ``heavy_``; a pass
# that finds it false tests nothing more, as `WORK[0] < HEAVY` would have been false. Such a pass seldom counts
# steps for work, so every pass's steps are counted before the first (``span_``), and a pass that does not end as
# the others (a statement that fails, or much work counted) gives back those of the passes not run, this one's
# included, known from the items left (a list's iterator: ``__length_hint__``; _counted_at_the_pass_end's ``ahead``).
# A pass that counts much work reads the items left only where the steps it reached and every pass's (``span_``) could
# pass the limit: elsewhere those of the passes not run, given back and counted again, leave the steps as they are
# (the work counted once a round by a loop over an expensive list of items, most often, far from the limit)
_FOR_LOCAL_FREE = """\
            if (steps_ := flow.steps + (span_ := PER * len(items))) > limit:
                pass  # (the test's jump is a short one to the `else`: Python specialises a comparison before a long one not)
            else:
                items = iter(items)
                heavy_ = True if WORK[0] < HEAVY else False  # (a comparison before a jump, specialised: one kept is not)
                try:
                    for item in items:
                        inner[var] = item
                        COUNTED
                        if heavy_:
                            heavy_ = False
                            steps_ += work_steps()
                            if steps_ + span_ > limit:  # (near it: the passes not run given back, then tested as below)
                                steps_ -= PER * (left_ := items.__length_hint__())
                                if steps_ + span_ > limit:
                                    if steps_ > limit:  # (only much work counted can pass the limit: tested here alone)
                                        flow.steps = steps_
                                        game._runaway(stmt, stmt)
                                    break
                                steps_ += PER * left_
                finally:
                    flow.steps = steps_
"""

# the end of each pass of a `for` written out (_PASS, the loop being the `for` itself)
_FOR_PASS = """\
        flow.steps += 1  # a pass counts, so an empty loop body cannot hang
        if WORK[0] < HEAVY:
            flow.steps += work_steps()  # and so does much work done in it (builtins.work_steps)
        if flow.steps > limit:
            game._runaway(stmt, stmt)
"""


def _for_block_source(body_shapes, with_when, tag, emptied=None):
    """(lines unpacking the body's parts from ``body``, the source of the `for` statement) of a `for` whose
    body's statements have these (kind, with `when`) shapes; each body statement's names end in _TAGj; ``emptied``
    (_for_body's way): _emptied's, its items every component of a family, its body one move of each to another family's
    zone (_FOR_EMPTIED); "seats", its items a list of seats, looped over without a copy (_COPIED)."""
    unpack = []
    count = len(body_shapes)
    for k, name in enumerate(("stmt", "when", "otherwise")):
        unpack.append(f"    {', '.join(f'{name}_{tag}{j}' for j in range(count))}, = body[{k}]")
    statements = []
    for j, (kind, inner_when) in enumerate(body_shapes):
        names = _SHAPES[kind][0].split(", ")
        own = {name: f"{name}_{tag}{j}" for name in ("stmt", "when", "otherwise", "inner", "item", *names)}
        unpack.append(f"    {', '.join(own[n] for n in names)}, = body[3][{j}]")
        own["L"], own["loop"] = "inner", "stmt"  # the body's names, and its innermost loop: this `for`
        source = _statement_source(_SHAPES[kind], inner_when)
        statements.append(re.sub(r"\b(" + "|".join(own) + r")\b", lambda m: own[m.group(1)], source, flags=re.ASCII))
    local, free = "", _counted_alone(body_shapes) and _charges_nothing(body_shapes)
    if _counted_alone(body_shapes):
        local = (_FOR_LOCAL_FREE if free else _FOR_LOCAL).replace("PER", str(count + 1))
    template = (_FOR_BLOCK[0], _FOR_BLOCK[1].replace("COPIED\n", "" if emptied == "seats" else _COPIED + "\n"))
    if emptied == "family":
        template = (template[0], _family_listed(template[1]))
    if emptied in _EMPTYING:  # (one move, read as _emptied found: its destination's read, its names numbered as its statement's)
        (kind, _), = body_shapes
        own = {name: f"{name}_{tag}0" for name in _SHAPES[kind][0].split(", ")}
        destination = re.sub(r"\b(" + "|".join(own) + r")\b", lambda m: own[m.group(1)], _READS[kind.rsplit("_", 1)[1]][1].format("to"), flags=re.ASCII)
        destination = destination.replace("L[", "inner[").replace("S.zones[", "zones_[")
        if emptied == "emptied item":  # (an item of the family's zones: a Component, its attribute read from its plain dict)
            destination = destination.replace(f"inner[to_name_{tag}0].get(", "comp.plain.get(").replace(f"inner[to_name_{tag}0]", "comp")
        template = (_FOR_EMPTIED[0], _FOR_EMPTIED[1].replace("MOVE", f"stmt_{tag}0").replace("COPIED", _COPIED))
        if f"comp.plain.get(to_attr_{tag}0)" in destination:  # (its attribute read by subscript: _SUBSCRIPT_FIRST)
            subscript = destination.replace(f"comp.plain.get(to_attr_{tag}0)", f"comp.plain[to_attr_{tag}0]")
            template = (template[0], template[1].replace(_DESTINATION_LINE, _SUBSCRIPT_FIRST.replace("SUBSCRIPT", subscript)))
        template = (template[0], template[1].replace("DESTINATION", destination))
    if local and emptied in _EMPTYING:  # (the loop stands in _FOR_EMPTIED's `else`)
        local = _indented(local.rstrip("\n"), 4) + "\n"
    source = _statement_source((template[0], template[1].replace("LOCAL", local)), with_when)
    if free and emptied not in _EMPTYING and not with_when:
        source = _stepped_with_passes(source)
    body, hoisted = _hoisted("".join(statements))
    body = body.replace("FOR_ITEM", "item").replace("FOR_NAMES", "{**L, var: item}")  # (the pass's names: a copy, as `inner` is)
    body, hoisted = _read_once(body, [hoisted.strip()] if hoisted else [], body_shapes)
    body = _set_once(body, hoisted)
    if emptied == "family":
        body = _family_tops_popped(body)
    if hoisted:  # read once before the passes, after the names' copy
        source = re.sub(r"^( *)inner = L\.copy\(\)\n", lambda m: m.group(0) + "".join(m.group(1) + line + "\n" for line in hoisted),
                        source, count=1, flags=re.M)
    if emptied == "emptied item" and not any("inner" in line for line in hoisted):
        source = _names_copied_where_looped(source)
    for line in hoisted if emptied in _EMPTYING else ():  # (the destination's family, read once for the body, read so for the emptied zones too)
        if (found := re.fullmatch(r"(fam_(to_zone_\w+)) = S\.zones\[\2\]", line)) is not None:
            source = source.replace(f"zones_[{found.group(2)}][", f"{found.group(1)}[")
    counted = _counted_at_the_pass_end(_counted_in_a_local(body), free)
    for placeholder, text in (("COUNTED", _heavy_after_moves(counted) if free else counted), ("BODY", body + _FOR_PASS)):
        at = re.search(rf"^( *){placeholder}$", source, re.M)
        if at is not None:
            body = _indented(text, len(at.group(1)) - 8).rstrip()
            body = "\n".join(line if line.strip() else "" for line in body.split("\n"))
            source = source[:at.start()] + body + source[at.end():]
    return unpack, _without_names(source)


# a fused statement's step (_STATEMENT) and its handlers, and a `for`'s passes counted before the first (_FOR_LOCAL_FREE's
# first line): what _stepped_with_passes rewrites
_OWN_STEP = """\
        flow.steps += 1
        if flow.steps > limit:
            game._runaway(stmt, loop)
        try:
"""
_OWN_HANDLERS = """\
        except PhiltreError:
            raise
        except (RuleRuntimeError, *FAILURES) as exc:
            raise rule_failed(game, stmt, exc, S, L) from None
"""
_LOCAL_START = "            else:\n                items = iter(items)\n"  # (_FOR_LOCAL_FREE's, where the local count starts)
_PASSES_COUNTED = ("            if (steps_ := flow.steps + (span_ := PER * len(items))) > limit:\n"
                   "                pass  # (the test's jump is a short one to the `else`: Python specialises a comparison before a long one not)\n")


def _stepped_with_passes(source):
    """The ``source`` of a `for` statement without `when` whose passes are counted before the first (_FOR_LOCAL_FREE)
    with its own step counted in the same sum: one number made, where the step and the passes each made one (the step
    count is past the small ints Python keeps). Its step is tested first, as it was counted (``flow.steps >= limit``:
    the step would pass it), and held in ``unstepped_`` until the sum (the same test of the limit, the step counted
    first in the `if` that finds it near) counts it: nothing before reads the count (the names' copy, the reads, the
    items' expression), and where anything fails or is raised there its handlers count it. The same steps, culprits
    and failures."""
    found = re.search(re.escape(_PASSES_COUNTED).replace("PER", r"(\d+)"), source)
    if source.count(_OWN_STEP) != 1 or source.count(_OWN_HANDLERS) != 1 or found is None:  # (a template changed: fail as it is built)
        raise AssertionError(f"not the `for` statement _stepped_with_passes rewrites:\n{source}")
    source = source.replace(_OWN_STEP, """\
        if flow.steps >= limit:  # (its step passes the limit: counted, then blamed)
            flow.steps += 1
            game._runaway(stmt, loop)
        unstepped_ = 1  # (its step, counted with its passes below: 1 until then)
        try:
""", 1)
    source = source.replace(found.group(0), f"""\
            if (steps_ := flow.steps + (1 + (span_ := {found.group(1)} * len(items)))) > limit:
                flow.steps += 1  # (near the limit: its step, then each pass's counted and tested in the loop below)
                unstepped_ = 0
""", 1)
    if source.count(_LOCAL_START) != 1:
        raise AssertionError(f"not the `for` statement _stepped_with_passes rewrites:\n{source}")
    source = source.replace(_LOCAL_START, _LOCAL_START.replace("else:\n", "else:\n                unstepped_ = 0  # (counted in steps_)\n"), 1)
    return source.replace(_OWN_HANDLERS, """\
        except PhiltreError:
            flow.steps += unstepped_
            raise
        except (RuleRuntimeError, *FAILURES) as exc:
            flow.steps += unstepped_
            raise rule_failed(game, stmt, exc, S, L) from None
        except BaseException:
            flow.steps += unstepped_
            raise
""", 1)


def _family_listed(source):
    """_FOR_BLOCK's ``source`` for items that are a zone family read in place (_for_body's way "family", Expr.family:
    ``items_fn`` is the family's name): its list of zones looped over as it is, without the expression's call and a
    copy (only a state's making and its copy set the list; nothing a pass runs changes it): the same items in order."""
    listed = ("            if items_fn is None:  # the seats (Expr.seats): S.players, never changed, looped over as it is\n"
              "                items = S.players\n"
              "            else:\n"
              "                items = items_fn(S, L)  # a list's items as loop_items reads them, without its call\n"
              f"{_COPIED}\n")
    if listed not in source:  # (a template changed: fail as it is built, not as a game fails)
        raise AssertionError(f"_FOR_BLOCK's source is not the one _family_listed rewrites:\n{source}")
    return source.replace(listed, "            items = S.zones[items_fn]  # a zone family (Expr.family), looped over as it is\n", 1)


# a move of a written-out `for`'s item's top to a zone of a family at the item's index (_item_read_once), its reads
# and the move's start as _for_block_source leaves them: the lines _family_tops_popped rewrites
_TOP_READ = re.compile(r"""^(?P<i> *)if type\(item\) is Zone:  # \(tested once for both reads\)
(?P=i)    target = \((?P<fam>fam_\w+)\[at_to\] if \(at_to := item\.key\[1\]\) < (?P<n>n_fam_\w+) else _a_zone\(.*\)\)
(?P=i)    comp = \(item\[-1\] if item else None\)
(?P=i)else:
(?P=i)    target = _a_zone\(.*\)
(?P=i)    comp = .*
(?P=i)WORK\[0\] = (?P<full>\d+)
(?P=i)if type\(comp\) is Component and game\.recorder is None:
(?P=i)    to = target\.key
(?P=i)    if to\[0\] in S\.grids:
(?P=i)        (?P<grid>raise RuleRuntimeError\(.*\))
(?P=i)    cid = comp\.ident
(?P=i)    key = where\[cid\]
(?P=i)    if key != to:
(?P=i)        from_\.pop\(\) if \(from_ := zones_\[key\[0\]\]\[key\[1\]\]\) is item else from_\.remove\(comp\)
(?P<moved>(?:(?P=i)        .*\n)+)(?=(?P=i)elif )""", re.M)


def _family_tops_popped(body):
    """``body`` (a written-out `for`'s pass over a zone family read in place, _for_body's way "family": each item one of
    the state's own zones, a Zone) with each move of the item's top to a zone of a family at the item's index
    (`move: last(z) -> other[index(z)]`, _item_read_once) made first, unrecorded, where the item holds a component
    that lies in it (its place the item's own key: the state's zone at that key is the item, and a component lies in
    one zone once) and the family holds the index: the component taken off the item by pop and moved, unless the
    destination is the item itself (the zone at the item's key: the move's `key != to`), with the same reads (none
    calls or fails), work budget (given afresh), grid test, place, face and placement; anything else as before."""
    out, count = [], 0
    while (m := _TOP_READ.search(body)) is not None:
        i, rest = m["i"], body[m.end():]
        end = re.search(rf"^(?!{i}elif |{i}    |$)", rest, re.M).start()  # (the end of the move's `if` and its `elif`s)
        fast = (f"{i}if item and (at_to := item.key[1]) < {m['n']} and type(comp := item[-1]) is Component and "
                f"where[cid := comp.ident] is item.key and game.recorder is None:  # (the item's top, lying in it)\n"
                f"{i}    target = {m['fam']}[at_to]\n{i}    WORK[0] = {m['full']}\n{i}    to = target.key\n"
                f"{i}    if to[0] in S.grids:\n{i}        {m['grid']}\n{i}    if target is not item:\n"
                f"{i}        item.pop()\n{m['moved']}{i}else:\n")
        out.append(body[:m.start()] + fast + _indented((m.group(0) + rest[:end]).rstrip("\n"), 4) + "\n")
        body = rest[end:]
        count += 1
    body = "".join(out) + body
    if body.count("if type(item) is Zone:  # (tested once for both reads)") != count:  # (a template changed: fail as it is built)
        raise AssertionError(f"a move of a loop's item's top is not the one _family_tops_popped rewrites:\n{body}")
    return body


def _names_copied_where_looped(source):
    """_FOR_EMPTIED's ``source`` for a destination read at the item itself (nothing of its moves reads the names): the
    names copied only where the list is looped over (its `else`), a failing destination given its pass's names
    ({**L, var: comp}, as the copy with the item bound holds them), without a copy of the names at every evaluation."""
    # (indented as the statement is: four spaces more where it has a `when`, _statement_source)
    copy, looped = _NAMES_COPIED.search(source), _ITEMS_LOOPED.search(source)
    if copy is None or looped is None:  # (a template changed: fail as it is built, not as a game fails)
        raise AssertionError(f"_FOR_EMPTIED's source is not the one _names_copied_where_looped rewrites:\n{source}")
    source, failures = _FAILED_WITH_COPY.subn(r"\1raise rule_failed(game, \2, exc, S, {**L, var: comp}) from None  # (its pass's names)",
                                              source.replace(copy[0], "", 1), 1)
    if not failures:
        raise AssertionError(f"_FOR_EMPTIED's failing destination is not the one _names_copied_where_looped rewrites:\n{source}")
    pad = looped[1] + "    "
    return source.replace(looped[0], f"{looped[1]}else:\n{pad}inner = L.copy()\n{pad}items = items_fn(S, L)", 1)


_NAMES_COPIED = re.compile(r"^ *inner = L\.copy\(\)\n", re.M)
_ITEMS_LOOPED = re.compile(r"^( *)else:\n\1    items = items_fn\(S, L\)", re.M)


_FAILED_WITH_COPY = re.compile(r"( *)inner\[var\] = comp  # \(the names the move failed with: its pass's\)\n *raise rule_failed\(game, (\w+), exc, S, inner\) from None")


def _read_once(body, hoisted, shapes):
    """(``body``, the lines ``hoisted`` before a written-out `for`'s passes) with what every pass reads the same read
    once before them: each zone family (a list that only a state's making and copy set) and each single zone that the
    moves read; and, where no statement of the body runs a handler, a kind's work or a loop, the seats' number, the
    scores' list and the round's scores a score reads (only a state's making, its copy and a round's start set them: a
    round in a statement's `else` ends there, restoring `in_round`, and none stands in a round's `for`, S022)."""
    def family(m):
        name = m.group(1)
        if m.group(2):  # a single zone
            hoisted.append(f"one_{name} = S.zones[{name}][0]")
            return f"one_{name}"
        hoisted.append(f"fam_{name} = S.zones[{name}]")
        return f"fam_{name}"
    body = re.sub(r"(?:zones_|S\.zones)\[((?:what|to)_(?:zone|one)_[a-z0-9_]+)\](\[0\])?", family, body)
    hoisted[:] = dict.fromkeys(hoisted)  # (each read once)
    for found in dict.fromkeys(re.findall(r"len\((family_\w+) := (fam_\w+)\)", body)):
        # a family's length too (its zones are as many at every pass): the index tested against it, the zone read from it
        body = body.replace(f"len({found[0]} := {found[1]})", f"n_{found[1]}").replace(f"{found[0]}[", f"{found[1]}[")
        hoisted.append(f"n_{found[1]} = len({found[1]})")
    if hoisted and hoisted[0] == "where, revealed, zones_ = S.where, S.revealed, S.zones" and "zones_" not in body:
        hoisted[0] = "where, revealed = S.where, S.revealed"
    if "scores = S.scores" in body and not any(type(kind) is not str or kind in _COUNTING for kind, _ in shapes):
        body = re.sub(r"^ *scores = S\.scores\n", "", body, flags=re.M).replace("S.nplayers", "nplayers_")
        body = re.sub(r"\bscores\[", "scores_[", body)
        body = body.replace("if flow.in_round:", "if round_ is not None:").replace("S.round_scores[-1][", "round_[")
        # (the round's points added by a subscript and a store: `+=` on an item copies and swaps the list and index, and
        # every score's points are int or float, whose `+=` is their `+`)
        body, added = re.subn(r"\bround_\[(\w+)\] \+= (\w+)$", r"round_[\1] = round_[\1] + \2", body, flags=re.M)
        if 2 * added != body.count("round_["):  # (a template changed: fail as it is built)
            raise AssertionError(f"a score's round points are not the line _read_once rewrites:\n{body}")
        hoisted += ["nplayers_, scores_ = S.nplayers, S.scores" if "nplayers_" in body else "scores_ = S.scores",
                    "round_ = S.round_scores[-1] if flow.in_round else None"]
    return body, hoisted


# the locals of a move's and a score's source that may hold the same value at every pass (_set_once)
_PASS_LOCALS = ("target", "to", "points", "floor_")


def _set_once(body, hoisted) -> str:
    """``body`` (a written-out `for`'s pass) without the lines that set a local to what every pass sets it to, each
    set once before the passes in ``hoisted`` (_read_once's): a destination read in place as a single zone (read once
    there), its key (a Zone's key never changes), a literal's points (the runner's part); where every line setting
    the local in the body is that one (no other binding of it), so each pass reads the value it set."""
    fixed = {name.strip() for line in hoisted for name in line.split(" = ")[0].split(",")}
    for name in _PASS_LOCALS:
        sets = re.findall(rf"^ *{name} = (.+)$", body, re.M)
        if not sets or len(set(sets)) != 1:
            continue
        value = sets[0]
        reads = re.fullmatch(r"(\w+)(?:\.key)?", value)
        if reads is None or not (reads.group(1) in fixed or re.fullmatch(r"\w+_const_\w+", value)):
            continue
        others = re.findall(rf"\b{name}\s*(?::=|[-+*/%&|^]=)|\bfor {name}\b|^ *\w+(?:, *\w+)*, *{name} *=(?!=)|^ *{name} *,.*=", body, re.M)
        if others:  # (bound otherwise too: left as it is)
            continue
        body = re.sub(rf"^ *{name} = {re.escape(value)}\n", "", body, flags=re.M)
        hoisted.append(f"{name} = {value}")
        fixed.add(name)
    return body


def _without_names(source):
    """A written-out `for`'s ``source`` without its dict of names, where its body reads none (each part read in place,
    the loop's variable from its item, no `when`): a rule failing in it is given the names it would have held."""
    plain = re.sub(r"^ *inner = L\.copy\(\)\n|^ *inner\[var\] = item\n", "", source, flags=re.M)
    plain = re.sub(r"(rule_failed\(game, \w+, exc, S, )inner\)", r"\1{**L, var: item})", plain)
    return source if re.search(r"\binner\b", plain) else plain


def _counted_alone(shapes) -> bool:
    """Whether statements of these (kind, with `when`) shapes count one step each and nothing more (no `when`, whose
    `else` counts its own, no handler's or kind's work nor a loop of their own), nor read the steps counted."""
    return all(type(kind) is str and kind not in _COUNTING and not with_when for kind, with_when in shapes)


def _counted_in_a_local(source) -> str:
    """The source of fused statements counting their steps in the local ``steps_``, without the test of the limit."""
    return _without_tests(source, ("if flow.steps > limit:",)).replace("flow.steps += 1", "steps_ += 1")


def _counted_at_the_pass_end(body, ahead=False) -> str:
    """``body`` (statements counting a step each in ``steps_``, _counted_in_a_local) counting none, its pass counting
    them with its own at its end (_FOR_LOCAL): a statement that fails, or anything raised in it, counts those reached
    (its own and those before it), so that the steps stored are those counted one by one."""
    out, reached, lines = [], 0, body.split("\n")
    per = sum(line.strip() == "steps_ += 1" for line in lines) + 1
    for line in lines:
        text = line.strip()
        indent = line[:len(line) - len(line.lstrip())]
        if text == "steps_ += 1":
            reached += 1
            continue
        # (``ahead``: the steps of every pass counted before the first, the passes from this one on give theirs back)
        taken = f"steps_ += {reached} - {per} * (items.__length_hint__() + 1)" if ahead else f"steps_ += {reached}"
        if text == "raise" or text.startswith("raise rule_failed("):
            out.append(f"{indent}{taken}")
        out.append(line)
        if text.startswith("raise rule_failed("):  # (the statement's last handler: anything else raised in it)
            out += [f"{indent[4:]}except BaseException:", f"{indent}{taken}", f"{indent}raise"]
    return "\n".join(out)


# the reads that neither charge work nor give the budget afresh (_READS: no expression's call, not _BUDGETED), and
# the kinds that read nothing else (the numbers of reads their shapes name, _move_shape and _score_shape)
_FREE_READS = ("local", "own", "zone", "attr", "const", "one", "item", "seat", "zitem", "number", "none")
_FREE_KINDS = {"move": 2, "score": 3}


def _charges_nothing(shapes) -> bool:
    """Whether statements of these (kind, with `when`) shapes leave the work budget as it stands but in move_what (a
    move of more than FEW_MOVED components charges its work): moves and scores whose parts are all read in place, and
    moves reading a part through a call that gives the budget afresh (_BUDGETED: the move gives it afresh after)."""
    for kind, _ in shapes:
        kind, *reads = kind.removesuffix("_apart").split("_") if type(kind) is str else ("",)
        # (a move reading a part through a call that gives the budget afresh gives it afresh itself after its reads)
        free = (*_FREE_READS, *_BUDGETED) if kind == "move" else _FREE_READS
        if len(reads) != _FREE_KINDS.get(kind) or not all(read in free for read in reads):
            return False
    return True


def _heavy_after_moves(body) -> str:
    """``body`` (statements that leave the work budget as it stands but in move_what: _charges_nothing) keeping in
    ``heavy_`` whether the budget is below HEAVY after each move_what, and false where a move gives it afresh
    (_FOR_LOCAL_FREE)."""
    afresh = rf"^( *)(WORK\[0\] = {WORK_LIMIT})$"  # a move reading a part through a call (_BUDGETED), after its reads
    rest = re.sub(afresh, "", body, flags=re.M)
    if "WORK" in rest or ("_fn(" in body and rest == body):  # a statement that may charge or give the budget afresh elsewhere
        raise AssertionError(f"a body that charges nothing reads the work budget or calls an expression:\n{body}")
    body = re.sub(afresh, r"\1\2\n\1heavy_ = False", body, flags=re.M)
    return re.sub(r"^( *)(move_what\(.*\))$", r"\1\2\n\1heavy_ = WORK[0] < HEAVY", body, flags=re.M)


def _for_block_maker(body_shapes, with_when, as_block, emptied=None):
    """``make`` of the runner of a `for` whose body is written out in its loop (_FOR_BLOCK; _FOR_EMPTIED, ``emptied``)."""
    def build():
        unpack, statement = _for_block_source(body_shapes, with_when, "b", emptied)
        names = _FOR_EMPTIED[0] if emptied in _EMPTYING else _FOR_BLOCK[0]
        return _FUSED_FRAME.format(params="stmt, limit, loop, when, otherwise, parts",
                                   unpack="\n".join([f"    {names}, = parts", *unpack]),
                                   statements=statement, after=_PASS if as_block else "")
    key = ("for", body_shapes, with_when, as_block, *((emptied,) if emptied else ()))
    return _compiled_maker(key, "for " + " ".join(kind for kind, _ in body_shapes) + (f" {emptied}" if emptied else ""), build)


# made at import; a `move` of a local name only as a block of its own (an action's body, a loop's), the
# others when first needed (each costs about 1 ms to compile, at every start of a process that plays)
_MAKERS = {(shape, w, b, (False, True, False)): _fused_maker(shape, w, b) for shape in _SHAPES
           for w in (False, True) for b in (False, True)
           if not shape.startswith(("move_", "score_")) or (shape == "move_local" and not w and b)}


def _maker(shape, with_when, as_block):
    """``make`` of the fused runner of one statement of this shape (_SHAPES)."""
    make = _MAKERS.get((shape, with_when, as_block, _Build.kind()))
    if make is None:
        make = _MAKERS[shape, with_when, as_block, _Build.kind()] = _fused_maker(shape, with_when, as_block)
    return make


def fused_runner(stmt, limit, loop, when, otherwise, as_block=False):
    """The runner of a `set` of one variable, a `score`, a `move`, a `roll`, a `shuffle` or a `for` as one function; None for other statements.

    ``as_block``: the runner of a block of this one statement (the pass's step counted after it).
    """
    body = _for_body(stmt, limit)
    if body is not None:  # a `for` whose body is written out in its loop
        key = (body[0], when is not None, as_block, _Build.kind(), body[2])
        make = _FOR_MAKERS.get(key)
        if make is None:
            make = _FOR_MAKERS[key] = _for_block_maker(*key[:3], key[4])
        return _adds_written(make(stmt, limit, loop, when, otherwise, body[1]), make)
    parts = _fused_parts(stmt, limit)
    if parts is None:
        return None
    shape = _shape(stmt)
    run = _maker(shape, when is not None, as_block)(stmt, limit, loop, when, otherwise, parts)
    if when is None and not as_block and shape not in _COUNTING:  # (what its twin without its step is made of: stepless)
        run.stepless = (shape, stmt, limit, loop, parts)
    return run


def stepless(runs, decision, enter):
    """A loop's pass start's runners (Runners.pass_starts) as Game._play_unrecorded may call them with their steps and
    the decision's after them counted before the first (with the loop's pass, the round's end and start: one number
    made, not three): where they are one fused statement without `when` that counts its one step and reads none
    (_COUNTING: nor a loop of its own, nor a handler's work) and stop at a decision, no loop entered, that runner's
    twin made without its step (_stepless_maker: where it fails, it gives the decision's back), in a tuple; else None."""
    made = getattr(runs[0], "stepless", None) if len(runs) == 1 and decision is not None and enter is None else None
    if made is None:
        return None
    shape, stmt, limit, loop, parts = made
    return (_stepless_maker(shape)(stmt, limit, loop, None, None, parts),)


# the handlers of a statement whose step and the decision's after it its caller counted (_stepless_maker): where it
# fails, or anything is raised in it, the decision's step is given back (not reached), as the statement's own was counted
_GIVEN_BACK = """\
        except PhiltreError:
            flow.steps -= 1
            raise
        except (RuleRuntimeError, *FAILURES) as exc:
            flow.steps -= 1
            raise rule_failed(game, stmt, exc, S, L) from None
        except BaseException:
            flow.steps -= 1
            raise
"""


def _stepless_maker(shape):
    """``make`` of the runner of one statement of this shape, without `when`, whose step and the decision's after it
    its caller counted and tested (stepless): the fused runner's source without its step's count and test, whose
    handlers give the decision's back (_GIVEN_BACK)."""
    make = _MAKERS.get((shape, "stepless", _Build.kind()))
    if make is None:
        def build():
            source = _statement_source(_SHAPES[shape], False)
            if source.count(_OWN_STEP) != 1 or source.count(_OWN_HANDLERS) != 1:  # (a template changed: fail as it is built)
                raise AssertionError(f"not the statement _stepless_maker leaves the step out of:\n{source}")
            source = source.replace(_OWN_STEP, "        try:\n").replace(_OWN_HANDLERS, _GIVEN_BACK)
            return _FUSED_FRAME.format(params="stmt, limit, loop, when, otherwise, parts", unpack=f"    {_SHAPES[shape][0]}, = parts",
                                       statements=source, after="")
        make = _MAKERS[shape, "stepless", _Build.kind()] = _compiled_maker(("stepless", shape), _SHAPES[shape][0] + " stepless", build)
    return make


_FOR_MAKERS: dict = {}  # (its body's shapes, with `when`, as a block, plain) of a `for` written out -> make


def _for_body(stmt, limit):
    """(its body's (kind, with `when`) shapes, its parts, its way: how it empties a family, _emptied's, or "seats" for
    items that are a list of seats, not `players` itself, Expr.seat_items; or None) of a `for` whose body can be written out in its loop (_FOR_BLOCK: a block of statements that each have a fused runner, no `let`); else
    None."""
    if stmt.kind != "for" or _remembers_over_passes(stmt) or not stmt.args["body"]:
        return None
    body = stmt.args["body"]
    partss = tuple(_fused_parts(inner, limit) for inner in body)
    if None in partss:
        return None
    items = stmt.args["items"]
    shapes = tuple((_shape(inner, stmt.args["var"], items.seats or items.seat_items), inner.when is not None) for inner in body)
    whens = tuple(inner.when.fn if inner.when is not None else None for inner in body)
    otherwises = tuple(block_runner(inner.otherwise, limit, stmt) if inner.otherwise else None for inner in body)
    parts = (None if items.seats else items.family or items.fn, stmt.args["var"], (tuple(body), whens, otherwises, partss))
    family, way = _emptied(stmt, shapes) or (None, "seats" if items.seat_items and not items.seats else "family" if items.family else None)
    return shapes, parts if family is None else (*parts, *family), way


def _emptied(stmt, shapes):
    """((family, work per zone, work per component), "emptied") of a `for` whose items are every component of a zone
    family, in order (Expr.family_items), and whose body is one move, without `when`, of the loop's item to a zone of
    another family read in place (a Zone that is never one of the family's: _FOR_EMPTIED); "emptied item" where that
    zone is read at the item itself (`hand[c.owner]`: read from the loop's local, not its names); else None."""
    family = stmt.args["items"].family_items
    if family is None or len(shapes) != 1 or shapes[0] not in (("move_local_zone", False), ("move_local_attr", False)):
        return None
    move = stmt.args["body"][0]
    to = move.args["to"].zone_local or move.args["to"].zone_attr
    if move.args["what"].local != stmt.args["var"] or to is None or to[0] == family[0]:
        return None
    return family, "emptied item" if to[1] == stmt.args["var"] else "emptied"


def _shape(stmt, var=None, seats=False) -> str:
    """The fused source (_SHAPES) of a statement that has one: its kind's, or that of a `move` or a `score` whose parts
    are read as _READS says; ``var``: the variable of the `for` whose body, written out in its loop, it stands in,
    ``seats``: whether that loop's items are all seats (Expr.seats, Expr.seat_items)."""
    if stmt.kind == "move":
        to = _read(stmt.args["to"], _MOVE_TO)
        what = _what_read(stmt.args["what"], to)
        what, to = (_of_item(read, stmt.args[part], var) if read in ("zone", "last", "at") else read for part, read in (("what", what), ("to", to)))
        apart = "_apart" if _apart(stmt.args["what"], what, stmt.args["to"], to) else ""
        return {("fn", "fn"): "move", ("local", "fn"): "move_local"}.get((what, to), f"move_{what}_{to}{apart}")
    if stmt.kind == "score" and ("set" in stmt.args or "why" in stmt.args):  # (no fused runner: effect_of's handler)
        return "any"
    if stmt.kind == "score":
        floor = stmt.args.get("floor")
        add = stmt.args["add"]
        player = _of_item(_read(stmt.args["player"]), stmt.args["player"], var)
        reads = ("seat" if player == "item" and seats else player, _read(add), _read(floor) if floor is not None else "none")
        if reads[1] == "const" and type(add.const[0]) in (int, float):  # points that need no test (_score_shape)
            reads = (reads[0], "number", reads[2])
        return "score" if reads == ("fn", "fn", "none") else "score_{}_{}_{}".format(*reads)
    if stmt.kind == "reveal" and stmt.args.get("to") is None:
        return "reveal_" + _read(stmt.args["what"], _REVEAL_READS)
    if stmt.kind == "shuffle":
        return "shuffle_" + _of_item(_read(stmt.args["zone"], _SHUFFLE_READS), stmt.args["zone"], var)
    if stmt.kind == "roll" and stmt.args["named"] is None and 0 < len(stmt.args["dice"]) <= _ROLL_WRITTEN_OUT:
        return f"roll_{len(stmt.args['dice'])}"
    if stmt.kind == "set" and len(stmt.args["targets"]) == 1:
        tree = stmt.args["targets"][0][2].tree
        if isinstance(tree, BinOp) and tree.op == "+":
            return "set_grown" if _grown(stmt) else "set_plus" if _plus(stmt) else "set_anew"
        if isinstance(tree, ListLit) and not tree.items:
            return "set_empty"
    return stmt.kind


def _grown(stmt) -> str | None:
    """The local name of a `set` of one variable (not a seat's value, not set whole by seat) to its own value `+` that
    name's (Expr.grown: _SET_GROWN), else None."""
    name, index, value, whole = stmt.args["targets"][0]
    return value.grown[1] if value.grown is not None and value.grown[0] == name and index is None and not whole else None


def _plus(stmt) -> tuple | None:
    """(local name, whole number) of a `set` of one variable (not a seat's value, not set whole by seat) to that name's
    value `+` that number (Expr.local_plus: _SET_PLUS), else None."""
    _, index, value, whole = stmt.args["targets"][0]
    return value.local_plus if index is None and not whole else None


def _apart(what, what_read, to, to_read) -> bool:
    """Whether a move's `what` and `to`, read as ``what_read`` and ``to_read`` say, are both read in place as the game's
    own zones (_OWN_READS) of different names (families or single zones): never the same zone."""
    def name(expr, read):
        if read == "one":
            return expr.zone_one
        return (expr.zone_attr if read == "attr" else expr.zone_near if read == "near" else expr.zone_local)[0]
    return what_read in _OWN_READS and to_read in _OWN_READS and name(what, what_read) != name(to, to_read)


def _fused_parts(stmt, limit):
    """What the fused runner of ``stmt`` reads (the functions of its expressions), None if it has none."""
    kind, args = stmt.kind, stmt.args
    if kind == "for":
        if _remembers_over_passes(stmt):
            return None
        return args["items"].fn, args["var"], block_runner(args["body"], limit, stmt)
    if kind == "set":
        targets = args["targets"]
        if len(targets) != 1 or targets[0][1] is not None or targets[0][3] or args.get("hides"):  # (hides: effect_of's)
            return None
        name, fn = targets[0][0], targets[0][2].fn
        grown = _grown(stmt)
        if grown:  # (set_grown: the local whose list grows)
            return name, fn, grown
        plus = _plus(stmt)
        return (name, fn, *plus) if plus else (name, fn)  # (set_plus: the local and the number added)
    if kind == "score" and ("set" in args or "why" in args):  # (its handler's: effects.e_score_set, e_score_why)
        return None
    if kind == "score":
        exprs = (args["player"], args["add"], *([args["floor"]] if args.get("floor") is not None else []))
        return tuple(part for expr in exprs for part in _read_parts(expr, _read(expr)))
    if kind == "move":
        if args.get("bottom") or args.get("at") is not None:  # (its handler's: effects.e_move_bottom, e_move_at)
            return None
        what, to = args["what"], args["to"]
        to_read = _read(to, _MOVE_TO)
        return (*_read_parts(what, _what_read(what, to_read)), *_read_parts(to, to_read))
    if kind == "shuffle":
        return _read_parts(args["zone"], _read(args["zone"], _SHUFFLE_READS))
    if kind == "reveal":  # (a look some seats take, `to:`, is its handler's: effects.e_reveal; a variable's, effect_of's)
        return None if args.get("to") is not None or args.get("variable") is not None else _read_parts(args["what"], _read(args["what"], _REVEAL_READS))
    if kind == "roll" and args["named"] is None and not args.get("aside"):  # (a die set aside is passed over: e_roll)
        if 0 < len(args["dice"]) <= _ROLL_WRITTEN_OUT:  # (_roll_shape's: each die's name, then its faces' reads, at its first roll)
            return (*args["dice"], *[None] * (2 * len(args["dice"]) + 2))  # (and the last roll's generator, its method)
        return args["dice"], []  # (what _ROLL reads of each die, at its first roll)
    return None


def fused_block(block, limit, loop):
    """The runner of a block of several statements that each have a fused runner, as one function; else None."""
    found = _block_shapes(block, limit) if len(block) >= 2 else None
    if found is None:
        return None
    shapes, partss = found
    make = _BLOCK_MAKERS.get((shapes, _Build.kind()))
    if make is None:
        make = _BLOCK_MAKERS[shapes, _Build.kind()] = _block_maker(shapes)
    whens = tuple(stmt.when.fn if stmt.when is not None else None for stmt in block)
    otherwises = tuple(block_runner(stmt.otherwise, limit, loop) if stmt.otherwise else None for stmt in block)
    return _adds_written(make(tuple(block), limit, loop, whens, otherwises, partss), make)


def _block_shapes(block, limit):
    """(each statement's (shape, with `when`), each one's parts) of a block whose statements all have a fused runner; else None."""
    partss, shapes = [], []
    for stmt in block:
        body = _for_body(stmt, limit)  # a `for` with its body written out, or any statement with a fused runner
        partss.append(body[1] if body is not None else _fused_parts(stmt, limit))
        kind = _shape(stmt) if body is None else ("for", body[0], body[2]) if body[2] else ("for", body[0])
        shapes.append((kind, stmt.when is not None))
    if None in partss:
        return None
    return tuple(shapes), tuple(partss)


# the builtins and runtime names the seats' loops read at each seat (or each step), bound as parameters of make: its
# functions read them from their closure, not as globals (a builtin is looked up in two dicts), for fewer instructions
_SEATS_NAMES = ("len", "type", "int", "list", "map", "MAX_VALUE_ITEMS", "NESTING", "WORK", "KEPT_WORK", "COUNTED_FROM", "LENGTHS")

# a simultaneous step of one action whose body's statements all have fused runners: every seat's effects, the
# first seat's first, in one function, the body written out in its loop over the seats (each statement's step,
# `when`, coverage and R100, and the end of each seat's pass as block_runner counts it), instead of a call of the
# action's runner per seat from Game.apply. Every seat binds the same names (`me` and the action's arguments),
# so one dict serves all of them, as in Game.apply (effects keep none); a seat's option holds one (name, value) pair a
# parameter of the action, in order (an option handed to apply is one listed, or equal to one), unpacked without a loop
_SEATS_FRAME = """
def make(stmts, limit, loop, whens, otherwises, partss, """ + ", ".join(f"{name}={name}" for name in _SEATS_NAMES) + """):
{unpack}
    def run(game, S, outer, players, choices):
        flow = S.flow
        L = {named}
{hoisted}{local}        for {seats}:
{bind}{arguments}{statements}
            flow.steps += 1  # each seat's pass of the action's body (no loop: no test of the work budget)
            if flow.steps > limit:
                game._runaway(loop, loop)
{picking}    run.names = {names}
    return run
"""

# the same loop over the seats where every seat's steps are known (each statement's and the pass's, none with `when`
# nor a loop of its own, whose body or `else` would count more) and the step limit cannot be reached in it: the steps
# are counted in a local, without a test of the limit at each, and kept in the flow however the loop ends (a rule's
# failure sees them counted as the loop above counts them, where the values' runner counts them once its loop ends:
# _SEATS_LOCAL_AT_THE_END; nothing the statements run reads them)
_SEATS_LOCAL = """\
        if flow.steps + {per_seat} * len(players) <= limit:
            steps_ = flow.steps
            try:
                for {seats}:
{bind}{arguments}{statements}{passed}
            finally:
                flow.steps = steps_
            return
"""

# the same loop of the values' runner whose seats' steps are counted once it ends (_counted_at_the_end): every seat's
# where it ends with no failure (a seat a value: the values are by seat), else those of the seats it reached, the seat
# it stopped at its index among the values' seats (less, where a statement fails, the steps that seat did not reach):
# the steps kept in the flow are those counted at each seat's start, without an addition a seat
_SEATS_LOCAL_AT_THE_END = """\
        if flow.steps + {per_seat} * len(players) <= limit:
            steps_ = flow.steps
            seat_ = None
            try:
                for {seats}:
{bind}{arguments}{statements}
            except BaseException:
                if seat_ in choices:
                    steps_ += {per_seat} * ([*choices].index(seat_) + 1)
                raise
            else:
                steps_ += {per_seat} * len(choices)
            finally:
                flow.steps = steps_
            return
"""

# the values' runner of a step whose seats pick one value each (a parameter, or none) with the standard generator's
# own random() (Game._play_unrecorded: below_one): ``picking(game, S, outer, players, choices, random_)``, the same
# loop where the step limit cannot be reached in it, each seat's pick made beside its seat (``choices`` holds its
# values as the twin listed them), not in a loop of its own before it: the same draws in the same order (an effect
# draws from its game's own generator, not that one: Game._play_unrecorded tests it), the same values (listed before
# any effect ran); where a statement fails, the picks of the seats after it drawn as before, so the generator ends
# where it ended. It counts the seats' decisions and takes the step's Pending first, as Game._play_unrecorded did
# before calling it (the seats' number read once for both and the limit). False where the limit could be reached
# (nothing picked, counted nor taken: the caller does it and calls run)
_BOUNDS = 64  # (the seats' numbers whose step bound a picking runner reads from its tuple: more are computed)
_SEATS_PICKING = """\
    bounds_ = tuple(limit - {per_seat} * seats for seats in range({bounds}))
    def picking(game, S, outer, players, choices, random_):
        flow = S.flow
        L = outer
{hoisted}        seats_ = len(players)
        steps_ = flow.steps
        if steps_ > (bounds_[seats_] if seats_ < {bounds} else limit - {per_seat} * seats_):
            return False
        game.decisions += seats_
        flow.pending = None
        seat_ = None
        try:
            for seat_, value_ in choices.items():
                try: value_ = value_[(LENGTHS[len(value_)] * random_()).__trunc__()]  # (on the try's line: no NOP; _picked)
                except IndexError:
                    value_ = _picked(value_, random_)
{bind}{arguments}{statements}{passed}
        except BaseException:
            if seat_ in choices:
                reached = [*choices].index(seat_) + 1
{taken}                for _ in range(len(choices) - reached):
                    random_()
            raise
{ended}        finally:
            flow.steps = steps_
        return True
    run.picking = picking
"""

# the picking (_SEATS_PICKING) of a step whose one statement grows a variable's list by each seat's value (_SET_GROWN,
# the seat's value its local: `x: x + chosen`): every seat's pick drawn first, in the seats' order (the statement
# draws nothing from that generator: the same draws, as where a seat fails; no pick fails: the seats' twin lists one
# value or more a seat, else Game._h_simultaneous lists the step as Options), then, where the variable holds a list,
# every value is a list and their sum is a list of one level within MAX_VALUE_ITEMS and under COUNTED_FROM, with no
# variable counted (flow.kept), the sum set at once: each seat's `set` would pass the same tests (a prefix of that
# sum, no longer, no deeper), call no keep, and leave that value, that work and two steps a seat. Anything else: the
# seats' runner, given the picks, as the step's other path runs it (the same steps, failures and values)
_GROWN_AT_ONCE = """\
        for seat_, value_ in choices.items():  # (every seat's pick first)
            try: choices[seat_] = value_[(LENGTHS[len(value_)] * random_()).__trunc__()]  # (on the try's line: no NOP; _picked)
            except IndexError:
                choices[seat_] = _picked(value_, random_)
        value = S.vars.get(name_0)  # (none: no such variable, which the seats' runner fails at)
        if type(value) is list and choices and not flow.kept and game.recorder is None and game.coverage is None:
            value = value.copy()
            for value_ in choices.values():
                if type(value_) is not list:
                    break
                value += value_
            else:
                if (kept_ := len(value)) < COUNTED_FROM and kept_ <= MAX_VALUE_ITEMS:
                    for value_ in value:  # (of one level: no item of NESTING's types, tested in a loop, without a map made)
                        if type(value_) is list or type(value_) is dict:
                            break
                    else:
                        WORK[0] = WORK_LIMIT - kept_ - kept_ * KEPT_WORK
                        S.vars[name_0] = value
                        flow.steps += PER_SEAT * len(choices)
                        return True
        run(game, S, L, players, choices)
        return True
"""


assert NESTING == {list, dict}  # (the types _GROWN_AT_ONCE's loop tests)

# _GROWN_AT_ONCE where every seat's value is known to be a list of items of no NESTING type (_flat_values: the values of
# subsets() of a list whose items' type is one of _FLAT_TYPES): the values' lists added to the copy without the test
# of each value's type, and the variable's own items alone tested for NESTING's types. The same sum, tests and fallback
_GROWN_FLAT = (("value = S.vars.get(name_0)", "old_ = S.vars.get(name_0)"), ("if type(value) is list and", "if type(old_) is list and"),
               ("value = value.copy()", "value = old_.copy()"), ("                if type(value_) is not list:\n                    break\n", ""),
               ("                value += value_\n            else:\n",
                "                value += value_  # (each a list of items of no NESTING type: _flat_values)\n"
                "            if True:  # (no test: the lines below stand as where each value's type is tested)\n"),
               ("for value_ in value:  # (of one level", "for value_ in old_:  # (of one level"))
_FLAT_TYPES = frozenset({"zone", "comp", "player", "int", "num", "str", "bool"})  # (values of none of NESTING's types)


def _flat_values(params) -> bool:
    """Whether an action's one parameter's values are each a list of items of _FLAT_TYPES: its domain is a call of
    subsets() (a list of lists, each made by subsets) whose items' type the compiler found to be one of them."""
    if len(params) != 1:
        return False
    domain = params[0].domain
    tree, kind = domain.tree, domain.type
    return (isinstance(tree, Call) and tree.func == "subsets" and len(tree.args) == 1 and kind[:1] == ("list",)
            and kind[1][:1] == ("list",) and isinstance(kind[1][1], str) and kind[1][1] in _FLAT_TYPES)


def _grown_at_once(picking, counted, flat=False) -> str:
    """``picking`` (_SEATS_PICKING) of a seats' runner whose one statement is a `set` grown by the seat's value (its
    ``counted`` statements read the seat's value as the local): the values' sum set at once where it can (_GROWN_AT_ONCE;
    _GROWN_FLAT where ``flat``: each value a list of items of no NESTING type)."""
    start = "        flow.pending = None\n"
    assert picking.count(start) == 1 and "grown_ = value_\n" in counted and "name_0" in counted, "_SEATS_PICKING no longer as _grown_at_once reads it"
    head, _, _ = picking.partition(start)
    per_seat = re.search(r"if steps_ > \(bounds_\[seats_\] if seats_ < \d+ else limit - (\d+) \* seats_\):", head)
    assert per_seat is not None, "_SEATS_PICKING no longer tests the limit as _grown_at_once reads it"
    body = _GROWN_AT_ONCE.replace("WORK_LIMIT", str(WORK_LIMIT)).replace("PER_SEAT", per_seat.group(1))
    for was, now in _GROWN_FLAT if flat else ():
        assert body.count(was) == 1, "_GROWN_AT_ONCE no longer reads as _GROWN_FLAT replaces it"
        body = body.replace(was, now)
    return head + start + body + "    run.picking = picking\n"


# a step whose seats the twin lists (compiler.seats_listers) and whose values' runner picks (_SEATS_PICKING): both in
# one function, ``f(game, S, L, players, choices, distinct, where, random_)``, compiled with the ruleset's module (the
# twin's names), the picking's own names (its closure's and its module's) bound as the maker's parameters. The twin
# lists every seat first as it does (a failure of its listing, a group or none: False, nothing drawn, as the twin's
# false), then the picking's lines pick and run each seat's effects (True), or find the step limit near (None: listed,
# nothing picked, counted nor taken). Game._play_unrecorded calls it where it called the twin and then the picking:
# the same lists, draws, values, steps and failures, without the twin's return, the loop's way back to the picking and
# its call
_FUSED_PICKING = """\
def _fused_{name}({params}):
    def {name}p(game, S, L, players, choices, distinct, where, random_):
        try:
{listing}
        except listing_failures_:
            return False
        game._work_left = work_[0]  # (as the listing left it, where Game._play_unrecorded kept it: the game's end shows it)
{picking}
    return {name}p
"""


def fused_picking(twin, run):
    """The twin and the picking of one step in one function (_FUSED_PICKING), where the two read no name of each other's
    and the twin is written as fused_picking reads it; else None."""
    return _fused(twin, run, False)


def fused_by_pickers(twin, run):
    """fused_picking's function for play_out given one picker a seat, each the standard generator's own ``_randbelow``
    (Game._play_unrecorded: exact_pickers), as ``simulate``'s random agents pick: ``f(game, S, L, players, choices,
    distinct, where, pickers_)``, each seat's index drawn by its picker where the other draws one number from
    ``random()`` (_by_pickers); else None."""
    return _fused(twin, run, True)


def _fused(twin, run, pickers):
    """fused_picking's function, or fused_by_pickers' where ``pickers``."""
    picking, source, maker_source = getattr(run, "picking", None), getattr(twin, "source", None), getattr(run, "maker_source", None)
    if not picking or source is None or maker_source is None:
        return None
    head, _, listing = source.partition("\n")
    if not head.endswith("(S, L, seats_, listed_, distinct, where):") or source.count("return True") != 1 or not listing.endswith("    return True\n"):
        return None
    listing = listing[:-len("    return True\n")]
    if any(("'" in line or '"' in line) and re.search(r"\b(seats_|listed_)\b", line) for line in listing.split("\n")):
        return None  # (a name in a text: not renamed)
    listing = re.sub(r"\bseats_\b", "players", re.sub(r"\blisted_\b", "choices", listing))
    lines = maker_source().split("\n")
    opening, closing = "    def picking(game, S, outer, players, choices, random_):", "    run.picking = picking"
    if opening not in lines or closing not in lines[lines.index(opening):]:
        return None
    start = lines.index(opening)
    body = lines[start + 1:lines.index(closing, start)]
    if body.count("        L = outer") != 1 or sum("return False" in line for line in body) != 1 or any(re.search(r"\bouter\b", line) for line in body if line != "        L = outer"):
        return None
    body = [line.replace("return False", "return None") for line in body if line != "        L = outer"]
    bound = _bound_names(picking)
    if bound is None or not _one_function(twin.__code__, picking.__code__, bound):
        return None
    name = twin.__name__ + ("_k" if pickers else "")
    text = _FUSED_PICKING.format(name=name, params=", ".join(bound), picking="\n".join(body),
                                 listing="\n".join("        " + line if line.strip() else "" for line in listing.rstrip("\n").split("\n")))
    if pickers and (text := _by_pickers(text)) is None:
        return None
    namespace = twin.__globals__
    exec(compiled(text), namespace)  # noqa: S102 - the twin's source and a runner's fixed source
    fused = namespace[f"_fused_{name}"](**bound)
    return (_one_pass(name, listing, body, bound, namespace, fused, pickers) or _subsets_pass(name, listing, body, bound, namespace, fused, pickers)
            or fused)


# what _by_pickers writes for each way a fused function draws an index from `random_()`, the standard generator's
# random(): the seat's own picker given the number of options (a length read, a stage's tuple's written as its float,
# a subset's two), which gives an int below it; and where a seat's statement fails, each seat after it drawn for with
# the length of its listing (the picking's choices), as the general path draws every seat's pick before any effect
_PICKER_DRAWS = ((re.compile(r"\(LENGTHS\[len\((\w+)\)\] \* random_\(\)\)\.__trunc__\(\)"), r"random_[seat_](len(\1))"),
                 (re.compile(r"\((\d+)\.0 \* random_\(\)\)\.__trunc__\(\)"), r"random_[seat_](\1)"),
                 (re.compile(r"\(two_ \* random_\(\)\)\.__trunc__\(\)"), "random_[seat_](2)"),
                 (re.compile(r"_picked\((\w+), random_\)"), r"\1[random_[seat_](len(\1))]"),
                 (re.compile(r"for _ in range\(len\(choices\) - reached\):\n( +)random_\(\)\n"),
                  r"for s_ in [*choices][reached:]:\n\1random_[s_](len(choices[s_]))\n"),
                 (re.compile(r"^( +)random_\(\)\n(\1value_ = dist0_p1\n)", re.M), r"\1random_[seat_](1)\n\2"))  # (one option: drawn, taken)


def _by_pickers(text, rest=None):
    """The source ``text`` of a fused function (_FUSED_PICKING, _ONE_PASS, _SUBSETS_PASS) drawing from its seats' pickers:
    its parameter ``random_`` the list of them, one a seat (_PICKER_DRAWS; ``rest``: the one-pass's own draws for the
    seats after a failing one); None where a draw is left that it does not know (never rewritten as another draw: a
    function not made, the seats pick as before)."""
    if rest is not None:
        text = text.replace("for _ in range(seats_ - reached):\n                    random_()\n", rest)
    for pattern, draw in _PICKER_DRAWS:
        text = pattern.sub(draw, text)
    if re.search(r"random_\(", text):
        return None
    return re.sub(r"\brandom_\b", "pickers_", text)


# a step fused_picking makes one function of, whose twin lists each seat's components of its zone of one family once per
# signature by stages (compiler.staged_listing) and whose picking's statements move the seat's value into a zone of
# another family calling nothing but the lists' and sets' own methods (no expression evaluated, no work charged, nothing
# drawn, no other seat's zone of that family changed): each seat listed, picked and moved in one pass, without the
# listings' dict, its loop and the length read back from each listing. Only where no seat's listing can end the step
# (every seat's zone holds one component or more and no more than the listing's `few`: none empty, none grouped; a
# listing raises nothing, reading components' signatures), tested first, and the step limit is not near (tested before
# any listing); else the fused function, as before. The same draws in the same order (one a seat, after its listing,
# where the fused function drew it after every seat's: a listing draws nothing and reads no zone a move changes), the
# same moves, steps and work left (the last seat's listing's charge, set where the fused function's listing ends left
# it: the moves read no budget; where a statement fails, set before its message is made, as there)
_ONE_PASS = """\
def _one_pass_{name}({params}, fused_):
    def {name}o(game, S, L, players, choices, distinct, where, random_):
{before}        out = worked_ = None
        for seat_ in players:  # (no seat's listing ends the step: one component or more, no more than `few`)
            if _len({zone}) not in {lengths}:
                return fused_(game, S, L, players, choices, distinct, where, random_)
{prologue}
        try:
            for seat_ in players:
                dist0_it = _iter({zone})
{staged}
{statements}
        except BaseException:
            if seat_ is not None:
                reached = players.index(seat_) + 1
                steps_ += {per_seat} * reached
                for _ in range(seats_ - reached):
                    random_()
                if worked_ is None:  # (else set before the failure's message was made, which may set the budget)
                    _w[0] = worked_ = {worked}
                game._work_left = worked_
            raise
        else:
            steps_ += {per_seat} * seats_
        finally:
            flow.steps = steps_
        if out is not None:  # (the last seat's listing: its charge)
            _w[0] = {fresh} - _len(out)
        game._work_left = work_[0]
        return True
    return {name}o
"""
_ONE_PASS_CALLS = {"family_from_0_[seat_].remove", "zones_[key[0]][key[1]].remove", "target.append", "revealed.remove", "L.copy", "rule_failed"}
_ONE_PASS_SHIFTED = "target = family_to_zone_0[seat_ + shift_0_] if shift_0_ is not None else to_fn_0(S, {**L, \"me\": seat_, name_0_: value_})"
_ONE_PASS_PICK = ["        try:", "            for seat_, value_ in choices.items():",
                  "                try: value_ = value_[(LENGTHS[len(value_)] * random_()).__trunc__()]  # (on the try's line: no NOP; _picked)",
                  "                except IndexError:", "                    value_ = _picked(value_, random_)"]


# a step fused_picking makes one function of, whose twin lists a seat whose kept list (_seats_kept_once) holds one item
# by its two subsets (compiler._subsets_of_one: [[], [item]], its budget left at a number) and whose picking adds the
# seats' picks to a variable's list at once (_GROWN_FLAT): where every seat's list is kept and of one item, the step
# limit is not near and the sum would be set at once whatever the picks (the variable a list of no NESTING item, none
# counted, its length and the seats' number under COUNTED_FROM and within MAX_VALUE_ITEMS), all tested before anything
# is drawn, each seat's draw indexes its two subsets and the item is added where it picks the second, without the
# listings' lists, the choices' dict and the loops over it; else the fused function, as before. The same draws (one a
# seat, in the seats' order), the same sum, steps, decisions and work left (the last seat's listing's, then the set's).
# A seat whose list is not kept yet (a game's first such step: nothing read the definition before) has it read by the
# twin's own reader (`rd_...`), which keeps it, as the fused function's listing would have read it: such a reader
# (Compiler._static_family) calls nothing, charges nothing and cannot fail, so reading it first changes nothing else
_SUBSETS_PASS = """\
def _subsets_pass_{name}({params}, fused_):
    taken_ = [False, True]  # (the pick's index read as [[], [item]] reads it: the same failures for another number)
    two_ = LENGTHS[2]
    def {name}ss(game, S, L, players, choices, distinct, where, random_):
        try:
{before}            for seat_ in players:  # (each seat's list kept and of one item: its listing lists its two subsets)
                if _len(f_kk0.get(seat_) or ()) != 1:  # (not kept yet, the game's first pass: read as its twin reads it, kept)
                    if seat_ in f_kk0 or _len({reader}(S, L, seat_)) != 1 or seat_ not in f_kk0:
                        return fused_(game, S, L, players, choices, distinct, where, random_)
        except listing_failures_:
            return fused_(game, S, L, players, choices, distinct, where, random_)
        flow = S.flow
        seats_ = len(players)
        old_ = S.vars.get(name_0)
        if (not seats_ or flow.steps > (bounds_[seats_] if seats_ < {bounds} else limit - {per_seat} * seats_) or type(old_) is not list
                or flow.kept or (kept_ := len(old_) + seats_) >= COUNTED_FROM or kept_ > MAX_VALUE_ITEMS):
            return fused_(game, S, L, players, choices, distinct, where, random_)
        for value_ in old_:
            if type(value_) is list or type(value_) is dict:
                return fused_(game, S, L, players, choices, distinct, where, random_)
        _w[0] = game._work_left = {left}
        game.decisions += seats_
        flow.pending = None
        value = old_.copy()
        for seat_ in players:
            if taken_[(two_ * random_()).__trunc__()]:
                value.append(f_kk0[seat_][0])
        kept_ = len(value)
        WORK[0] = {full} - kept_ - kept_ * KEPT_WORK
        S.vars[name_0] = value
        flow.steps += {per_seat} * seats_
        return True
    return {name}ss
"""
_SUBSETS_LISTED = re.compile(r"(?P<before>    _w = _W\n    (?P<zone>zones_(?P<family>\w+)_) = S\.zones\['(?P=family)'\]\n"
                             r"    if \(f_ks := (?P<slot>_sfd_\w+)\[0\]\)\[0\] is not (?P=zone):\n"
                             r"        f_ks = (?P=slot)\[0\] = \((?P=zone), \{\}\)\n    f_kk0 = f_ks\[1\]\n)"
                             r"    for seat_ in players:\n        if _len\(sub0 := \(f_kk0\.get\(seat_\) or (?P<reader>r\w+)\(S, L, seat_\)\)\) == 1:\n"
                             r"            _w\[0\] = (?P<left>\d+)\n            choices\[seat_\] = \[\[\], \[sub0\[0\]\]\]\n            continue\n")
# the lines of a fused function's picking that _SUBSETS_PASS stands for: _GROWN_FLAT's, every seat's pick first
_SUBSETS_PICKED = ("        game.decisions += seats_", "        flow.pending = None", "        old_ = S.vars.get(name_0)",
                   "        if type(old_) is list and choices and not flow.kept:\n",  # (the plain build's: no record, no coverage)
                   "            value = old_.copy()", "                value += value_", "                    for value_ in old_:",
                   f"                        WORK[0] = {WORK_LIMIT} - kept_ - kept_ * KEPT_WORK", "                        S.vars[name_0] = value",
                   "        run(game, S, L, players, choices)")


def _subsets_pass(name, listing, body, bound, namespace, fused, pickers=False):
    """The one-pass function of a step fused_picking made ``fused`` of (_SUBSETS_PASS), from its twin's ``listing`` and
    its picking's ``body`` lines, where the twin lists subsets of a kept list of one item and the picking is _GROWN_FLAT's;
    else None. Drawing from the seats' pickers where ``pickers`` (_by_pickers)."""
    listed = _SUBSETS_LISTED.match(listing)
    text = "\n" + "\n".join(body) + "\n"  # (each line read from its start: a comment may follow it)
    per_seat = re.search(r"\n        if steps_ > \(bounds_\[seats_\] if seats_ < \d+ else limit - (\d+) \* seats_\):\n            return None\n", text)
    if (listed is None or per_seat is None or namespace.get("_W") is not WORK or any(text.count("\n" + line) != 1 for line in _SUBSETS_PICKED)
            or not {"LENGTHS", "COUNTED_FROM", "MAX_VALUE_ITEMS", "KEPT_WORK", "WORK", "bounds_", "limit", "name_0"} <= bound.keys()
            or "_w" in bound or "f_kk0" in bound):
        return None
    text = _SUBSETS_PASS.format(name=name, params=", ".join(bound), before=_indented(listed["before"].rstrip("\n"), 8) + "\n",
                                bounds=_BOUNDS, per_seat=per_seat.group(1), left=listed["left"], full=WORK_LIMIT, reader=listed["reader"])
    if pickers and (text := _by_pickers(text)) is None:
        return None
    exec(compiled(text), namespace)  # noqa: S102 - the twin's source and a runner's fixed source, checked as _SUBSETS_PASS reads them
    return namespace[f"_subsets_pass_{name}"](**bound, fused_=fused)


def _one_pass(name, listing, body, bound, namespace, fused, pickers=False):
    """The one-pass function of a step fused_picking made ``fused`` of (_ONE_PASS), from its twin's ``listing`` and its
    picking's ``body`` lines, where both are of that shape; else None. Drawing from the seats' pickers where ``pickers``
    (_by_pickers): where a seat's statement fails, each seat after it is drawn for with the number of distinct components
    in its zone, which its listing would have listed (no statement changes another seat's zone of that family)."""
    found = _one_pass_listing(listing) if {"LENGTHS", "len", "range"} <= bound.keys() and namespace.get("_W") is WORK else None
    moved = _one_pass_moves(body, bound, found[1]) if found is not None else None
    if moved is None:
        return None
    (p, fresh, zone, few), family, before = found
    prologue, statements, per_seat = moved
    worked = f"{fresh} - (_len(out) if seat_ == players[-1] else _len({{c_.signature for c_ in {zone.replace('[seat_]', '[players[-1]]')}}}))"
    failing = next(line for line in statements.split("\n") if "raise rule_failed(" in line)
    pad = failing[:len(failing) - len(failing.lstrip())]
    statements = statements.replace(failing, f"{pad}_w[0] = worked_ = {worked}\n{failing}")  # (as the fused function's listing left it)
    text = _ONE_PASS.format(name=name, params=", ".join(bound), before="".join("    " + line + "\n" for line in before), zone=zone,
                            lengths="{" + ", ".join(map(str, range(1, int(few) + 1))) + "}", prologue=prologue, statements=statements,
                            staged=staged_listing(p, fresh, zone, few, 12, picked=True).rstrip("\n"), per_seat=per_seat, worked=worked, fresh=fresh)
    later = re.sub(r"\bseat_\b", "s_", zone)  # (a seat after the failing one's zone)
    rest = f"for s_ in players[reached:]:\n                    random_[s_](_len({{c_.signature for c_ in {later}}}))\n" if pickers else None
    if pickers and (text := _by_pickers(text, rest)) is None:
        return None
    exec(compiled(text), namespace)  # noqa: S102 - the twin's source and a runner's fixed source, checked as _ONE_PASS reads them
    return namespace[f"_one_pass_{name}"](**bound, fused_=fused)


def _one_pass_listing(listing):
    """((the stages' parameter, fresh budget, zone, few), the zone's family, the lines before the seats' loop) of a
    fused function's ``listing`` that is the seats' pass by stages (compiler.staged_listing) of a zone of a family at the
    seat, after its budget's and its family's reads alone; else None."""
    head = re.match(r"(?P<before>(?:    (?!out = None\n)[^\n]*\n)*)    out = None\n    for seat_ in players:\n"
                    r"        dist0_it = _iter\((?P<zone>zones_(?P<family>\w+)_\[seat_\])\)\n", listing)
    few = re.search(r"if _len\(dist0\) > (\d+):", listing)
    fresh = re.search(r"_w\[0\] = (\d+) - _len\(out\)\n$", listing)
    p = re.search(r"\n *for (\w+) in dist0_it:\n *if \1\.signature in dist0:", listing)
    if None in (head, few, fresh, p):
        return None
    parts, family, before = (p.group(1), fresh.group(1), head["zone"], few.group(1)), head["family"], head["before"].split("\n")[:-1]
    made = (f"{head['before']}    out = None\n    for seat_ in players:\n        dist0_it = _iter({parts[2]})\n{staged_listing(*parts, 4)}"
            f"        choices[seat_] = out\n    if out is not None:  # (the last seat's listing: its charge)\n        _w[0] = {parts[1]} - _len(out)\n")
    if listing.rstrip("\n") != made.rstrip("\n") or sorted(before) != sorted(["    _w = _W", f"    zones_{family}_ = S.zones['{family}']"]):
        return None
    return parts, family, before


def _one_pass_moves(body, bound, family):
    """(the prologue, each seat's statements, the steps a seat) of a fused function's picking ``body`` (lines) whose
    statements move the seat's value to a zone of a family other than ``family`` calling nothing but _ONE_PASS_CALLS,
    the prologue's way out (the limit near, or a destination that is no zone of that family) the fused function; else
    None."""
    at = body.index("        seat_ = None") + 1 if "        seat_ = None" in body else None
    if at is None or body[at:at + len(_ONE_PASS_PICK)] != _ONE_PASS_PICK or "        except BaseException:" not in body[at:]:
        return None
    end = body.index("        except BaseException:", at)
    per_seat = re.fullmatch(r" *steps_ \+= (\d+) \* reached", body[end + 3])
    statements = "\n".join(body[at + len(_ONE_PASS_PICK):end]).replace(_ONE_PASS_SHIFTED, "target = family_to_zone_0[seat_ + shift_0_]")
    calls = set(re.findall(r"([\w.\[\]]+)\(", statements.replace("raise rule_failed(", "rule_failed(")))
    if per_seat is None or calls - _ONE_PASS_CALLS or statements.count("target = family_to_zone_0[seat_") != 1 or statements.count("raise rule_failed(") != 1:
        return None
    if re.search(r"\b(?:_w|_W|choices|random_|out|worked_|dist0\w*|S\.memo)\b", statements) or type(bound.get("to_zone_0")) is not str or bound["to_zone_0"] == family:
        return None
    fallback = "return fused_(game, S, L, players, choices, distinct, where, random_)"
    prologue = [line.replace("return None", fallback) for line in body[:at]]
    seats = next((i for i, line in enumerate(prologue) if line == "        seats_ = len(players)"), None)
    if seats is None or sum(fallback in line for line in prologue) != 1:
        return None
    if "shift_0_" in statements:  # (its destination an expression's call where the count is no whole number: the fused function)
        prologue[seats:seats] = [f"        if shift_0_ is None:\n            {fallback}"]
    return "\n".join(prologue), statements, per_seat.group(1)


def _bound_names(picking) -> dict | None:
    """The names a picking runner reads that are not its own locals: its closure's values and its module's (or
    builtins') names, by name, and what a listing may raise (the twin's false); None where one cannot be found."""
    code = picking.__code__
    bound = {name: cell.cell_contents for name, cell in zip(code.co_freevars, picking.__closure__ or ())}
    for name in sorted(_global_reads(code)):  # (sorted: a set's order follows the hash seed, and the source the cache's key)
        if name in picking.__globals__:
            bound[name] = picking.__globals__[name]
        elif hasattr(builtins, name):
            bound[name] = getattr(builtins, name)
        else:
            return None
    if "listing_failures_" in bound or "work_" in bound:
        return None
    bound["listing_failures_"], bound["work_"] = LISTING_FAILURES, WORK
    return bound


# a `for`'s pass that scores (_FOR_LOCAL's loop, counting its steps in a local): the add's call, the first statement
# of the pass's `try:`, just after the loop's variable is bound in the pass's names (_adds_written)
_ADD_CALL = re.compile(r"( *)points = (add_fn_\w+)\(S, (inner\w*)\)")
# ... an evaluation's read of the loop's variable, its first statement (the compiler's: a failing read gives the budget
# afresh, then raises), which is the loop's item there
_SEAT_READ = re.compile(r"( {12})(v_\w+) = L\['(\w+)'\]")


def _adds_written(run, make):
    """``run`` (a runner ``make`` made, of a `for` whose body is written out in its loop, alone or in a row or a block)
    where each `score` of a pass whose add is an evaluation of a few lines (Compiler.build's ``source``) has that
    evaluation written in place of its call, in the loop that counts the pass's steps in a local (_FOR_LOCAL): its
    lines as its function runs them, the pass's names for ``L``, the loop's item for the evaluation's read of the
    loop's variable (its first statement, which cannot fail there: the item was just bound to it; the seat handed
    to it, as a parameter would be), and its value the points. Compiled with the ruleset's namespace (its lines read
    its names), the runner's own names bound as the parameters of the function that makes it; the lines written out
    of definitions still name them (compiler.INLINED_AT, by the runner's name), so a failure there is reported as in
    the evaluation's function, at the score's statement by the handlers around it. The same values, work, steps and
    failures, without a call, its frame, its read of the variable and its return at each pass. ``run`` itself where
    nothing is written."""
    code = run.__code__
    names = code.co_freevars
    if not any(name.startswith("add_fn_") for name in names) or getattr(make, "maker_source", None) is None:
        return run
    try:
        closure = {name: cell.cell_contents for name, cell in zip(names, run.__closure__ or ())}
    except ValueError:  # pragma: no cover - (a cell not yet filled: none in a made runner)
        return run
    adds = {name: fn for name, fn in closure.items() if name.startswith("add_fn_") and getattr(fn, "source", None) is not None}
    if not adds:
        return run
    lines = make.maker_source().split("\n")
    opening = "    def run(game, S, L):"
    if opening not in lines or "    return run" not in lines[lines.index(opening):]:
        return run
    start = lines.index(opening)
    body = [line[4:] for line in lines[start:lines.index("    return run", start)]]
    # (the names its code reads that its module or builtins hold: its globals, and attributes' names too, given for
    # nothing; in the order its code names them, which its source fixes: the cache's key)
    bound = dict(closure)
    for name in _names_of(code):
        if name in run.__globals__:
            bound.setdefault(name, run.__globals__[name])
        elif hasattr(builtins, name):
            bound.setdefault(name, getattr(builtins, name))
    namespace, written, tags = None, [], {}
    for k, line in enumerate(body):
        found = _ADD_CALL.fullmatch(line)
        if found is None or found[2] not in adds or found[2] in written:
            continue  # (the first call of each: the loop counting in a local; the one after it, near the limit, calls)
        pad, fname, inner = found.groups()
        item, var = "item" + inner[len("inner"):], "var" + inner[len("inner"):]
        if k < 2 or body[k - 1] != f"{pad[4:]}try:" or body[k - 2] != f"{pad[4:]}{inner}[{var}] = {item}":
            continue
        add = adds[fname]
        if namespace is not None and add.__globals__ is not namespace:
            continue  # pragma: no cover - (one ruleset's runner: one namespace)
        # (the runner's names the evaluation may not read: its locals, and what it is given but where that is the
        # ruleset's own object of the name, which the evaluation reads the same)
        taken = {*code.co_varnames, *code.co_cellvars, *(name for name, value in bound.items() if add.__globals__.get(name, _NONE_HELD) is not value)}
        lines_ = _add_lines(add, inner, item, bound.get(var), taken - {"S", item, "points"})
        if lines_ is None:
            continue
        at = (add.__globals__.get(INLINED_AT) or {}).get(add.__name__, {})
        tags.update((tag, loc) for tag, loc in at.values())
        if any((tag := INLINE_TAG.search(text)) is not None and tag.group(1) not in tags for text in lines_):
            continue  # pragma: no cover - (every line written out of a definition is in the evaluation's map)
        namespace = add.__globals__
        body[k] = "\n".join(pad + text[4:] if text.strip() else "" for text in lines_)
        written.append(fname)
    if not written:
        return run
    made = namespace.setdefault(ADDS_WRITTEN, [])
    name = f"run_{len(made)}_" + "_".join(adds[fname].__name__ for fname in written)
    params = ", ".join(bound)
    text = "\n".join([f"def _made_{name}({params}):", f"    def {name}(game, S, L):",
                      *("    " + line if line.strip() else "" for line in "\n".join(body[1:]).split("\n")), f"    return {name}", ""])
    exec(compiled(text), namespace)  # noqa: S102 - a runner's fixed source and the ruleset's generated evaluations
    fused = namespace.pop(f"_made_{name}")(**bound)
    made.append(fused)
    first = text.split("\n").index(f"    def {name}(game, S, L):")
    namespace.setdefault(INLINED_AT, {})[name] = {i - first: (tag.group(1), tags[tag.group(1)])
                                                  for i, line in enumerate(text.split("\n")) if (tag := INLINE_TAG.search(line))}
    fused.__dict__.update(run.__dict__)
    return fused


_NONE_HELD = object()  # (no value: a name the ruleset's namespace does not hold)
ADDS_WRITTEN = "_adds_written"  # a ruleset's namespace's list of the runners _adds_written made (their names are numbered by it)


def _add_lines(add, inner, item, var, taken) -> list | None:
    """The lines of the evaluation ``add`` (its ``source``, indented as in its function) that compute a score's points
    in a pass of a `for` (_adds_written): its return the points' assignment, its names ``L`` the pass's (``inner``),
    its read of the loop's variable ``var`` the loop's item (``item``); None where its text is not of that form (one
    return, last in its `try:`, before its handler of a number too large), or where it holds a name of the runner's
    (``taken``)."""
    lines = add.source.rstrip("\n").split("\n")
    if lines[0] != f"def {add.__name__}(S, L):" or lines[-2:] != ["    except _OverflowError:", "        _overflow()"]:
        return None
    lines = lines[1:-2]
    if not lines or not lines[-1].startswith("        return ") or sum(re.match(r" *return\b", line) is not None for line in lines) != 1:
        return None
    if any(re.match(r" *(def|lambda|yield|nonlocal|global|class)\b", line) for line in lines):
        return None
    lines[-1] = "        points = " + lines[-1][len("        return "):]
    # (its first statement, the read of the loop's variable in a `try:` of its own: the item, which was just bound)
    read = _SEAT_READ.fullmatch(lines[2]) if len(lines) > 5 and lines[:2] == ["    try:", "        try:"] else None
    if read is not None and read[3] == var and lines[3] == "        except:":
        end = next((i for i in range(4, len(lines)) if not lines[i].startswith(" " * 12)), None)
        if end is not None and lines[end - 1] == "            raise" and not lines[end].lstrip().startswith(("except", "finally", "else")):
            lines[1:end] = [f"        {read[2]} = {item}"]
    text = "\n".join(lines)
    if _FORMATTED.search(text):
        return None  # (a name inside a formatted string is not seen by the names' pattern)
    taken_here = []

    def renamed(m):
        name = m.group(1)
        if name is None:  # (a string or a comment: as it is)
            return m.group(0)
        if name == "L":
            return inner
        if name in taken:
            taken_here.append(name)
        return name
    text = _NAMES.sub(renamed, text)
    if taken_here:
        return None
    return text.split("\n") + ["    except _OverflowError:", "        _overflow()"]


# a name in generated code, not an attribute's (nor a string's or a comment's, matched whole first); a formatted string
_NAMES = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|#[^\n]*|(?<![\w.])([A-Za-z_]\w*)")
_FORMATTED = re.compile(r"(?<![\w.])[rRbBuU]?[fF][rR]?['\"]")


def _names_of(code) -> dict:
    """The names ``code`` (and the code nested in it) reads as globals or attributes (co_names), in order, each once."""
    found = dict.fromkeys(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found.update(_names_of(const))
    return found


def _global_reads(code) -> set:
    """The global names ``code`` (and the code nested in it) reads."""
    found = {ins.argval for ins in dis.get_instructions(code) if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME", "STORE_GLOBAL", "DELETE_GLOBAL")}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found |= _global_reads(const)
    return found


def _one_function(twin, picking, bound) -> bool:
    """Whether the twin's code and the picking's can be one function: the names the picking is given (``bound``) are
    none of the twin's, the picking's locals none of the twin's global names, and the twin assigns none of the names
    the picking reads from the function's parameters (its own are renamed: S, L, players, choices, distinct, where)."""
    renamed = {"seats_": "players", "listed_": "choices"}
    twin_locals = {renamed.get(name, name) for name in (*twin.co_varnames, *twin.co_cellvars)}
    twin_globals = _global_reads(twin)
    picking_locals = {*picking.co_varnames, *picking.co_cellvars} - {"outer"}
    params = {"game", "S", "L", "players", "choices", "distinct", "where", "random_"}
    stored = {ins.argval for ins in dis.get_instructions(twin) if ins.opname in ("STORE_FAST", "DELETE_FAST", "STORE_DEREF")}
    return (not ({"players", "choices"} & {*twin.co_varnames, *twin.co_cellvars, *twin_globals})
            and not (bound.keys() & (twin_locals | twin_globals | params)) and not (picking_locals & twin_globals)
            and not ({"game", "random_"} & (twin_locals | twin_globals)) and not ({renamed.get(n, n) for n in stored} & params))


# statements in a row of a block of the frame machine that each have a runner (Runners._add), written out as a
# fused block's are (each one's step, `when`, coverage and R100; a statement without a fused runner of its own
# through its handler or its kind's work, _ANY), without a pass's step (the frame machine counts its blocks' passes);
# the runner returns how many statements after the first it ran
_SEQUENCE_MAKERS: dict = {}  # ((shape, with `when`) of each statement, plain) -> make


def sequence_runner(block, limit):
    """``run(game, S, L)`` of statements in a row of a frame's block, that cannot pause, as one function (it returns
    ``len(block) - 1``)."""
    shapes, partss = [], []
    for stmt in block:
        found = _block_shapes((stmt,), limit) if FUSED else None
        if found is None:  # (as runner() runs it: its handler, or its kind's work)
            effect = effect_of(stmt)
            found = ((("any", stmt.when is not None),), ((effect, None if effect is not None else KINDS[stmt.kind](stmt, limit, None)),))
        shapes += found[0]
        partss += found[1]
    shapes = tuple(shapes)
    make = _SEQUENCE_MAKERS.get((shapes, _Build.kind()))
    if make is None:
        def build():
            unpack, statements = _block_source(shapes)
            return _FUSED_FRAME.format(params="stmts, limit, loop, whens, otherwises, partss", unpack="\n".join(unpack),
                                       statements="".join(statements), after=f"        return {len(shapes) - 1}\n")
        make = _SEQUENCE_MAKERS[shapes, _Build.kind()] = _compiled_maker(("row", shapes), "row " + _shapes_label(shapes), build)
    whens = tuple(stmt.when.fn if stmt.when is not None else None for stmt in block)
    otherwises = tuple(block_runner(stmt.otherwise, limit, None) if stmt.otherwise else None for stmt in block)
    return _adds_written(make(tuple(block), limit, None, whens, tuple(otherwises), tuple(partss)), make)


_SEATS_MAKERS: dict = {}  # (the shapes of an action body's statements, its parameters, from values, plain) -> make


def _one_action(step) -> bool:
    """Whether a simultaneous step's seats all take its one action, bound to the same names: it names one, no
    `otherwise` another seat may take, and it hands no values (`with:`, read for each seat: BY_SEAT). Other steps'
    seats are listed and run one by one, each as its options say (Game._step_listed, _all_chosen)."""
    return len(step.args["actions"]) == 1 and not step.args.get("fallback") and "with" not in step.args


def seats_runner(block, limit, params=None, values=False, sources=(), flat=False):
    """``run(game, S, L, players, choices)``: the action ``block`` (its body) for each seat of ``players`` in turn,
    bound to ``choices[seat]``'s arguments (``params`` of them: the action's parameters; None, any number), as one
    function (_SEATS_FRAME); None where a statement has no fused runner. With ``values``, ``params`` are the
    parameters' names and ``choices[seat]`` is the seat's option as the bare twin of its lister lists it: the
    value of the one parameter, a tuple of the values of several, or None (Game.play_out); ``L`` is then the dict of
    names the step's listing read, a copy of the step's names made for that step alone: each seat's are bound in it;
    ``sources`` gives, by parameter, the family of one zone a seat (`family[me]`, _listed_from) whose zone at the seat
    its values were listed from, or None (a move of such a value looks there first: _moved_from_listed); ``flat``, that
    each value is a list of items of no NESTING type (_flat_values: a `set` grown by it is made at once, _GROWN_FLAT)."""
    found = _block_shapes(block, limit) if FUSED and block and not any(stmt.kind == "let" for stmt in block) else None
    if found is None:
        return None
    shapes, partss = found
    form = len(params) if values else params  # (the names are given to make, after the statements' parts: no ruleset text in its source)
    known = _seat_reads(shapes, partss, params) if values else ()
    listed = _listed_moves(shapes, partss, known, sources) if values else ()
    flat = flat and values and shapes == (("set_grown", False),)  # (read by _grown_at_once alone)
    make = _SEATS_MAKERS.get((shapes, form, values, known, listed, flat, _Build.kind()))
    if make is None:
        def build():
            unpack, statements = _block_source(shapes)
            if values:
                unpack += [f"    name_{i}_ = partss[{len(shapes)}][{i}]" for i in range(form)]
                unpack += [f"    from_{i}_ = partss[{len(shapes) + 1}][{value}]" for i, value, _ in listed]
                for i, _, apart in listed:
                    statements[i] = _moved_from_listed(statements[i], i, apart)
            body = _indented("".join(statements).rstrip("\n"), 4)
            body = "\n".join(line if line.strip() else "" for line in body.split("\n"))
            body, hoisted = _hoisted(body)
            arguments = _seat_values(form) if values else _seat_arguments(params)
            bind = '            L["me"] = seat_\n'
            for part, value in known:  # a seat's own name read where it stands: its seat, its value (_seat_reads)
                body = body.replace(f"L[{part}]", "seat_" if value is None else _seat_value(form, value))
            for family, at in dict.fromkeys(re.findall(r"\bzones_\[(\w+)\]\[(seat_\]|\(seat_ )", body) if hoisted else ()):
                # a zone of a family at the seat's index (or near it: "near"): the family read once, before the seats' loop
                body = body.replace(f"zones_[{family}][{at}", f"family_{family}[{at}")
                hoisted += f"        family_{family} = zones_[{family}]\n" if f"family_{family} =" not in hoisted else ""
            if known and form <= 1 and all(type(kind) is str and kind.startswith("move") for kind, _ in shapes):
                body, hoisted = _near_once(body, hoisted, form)
            if known and form == 1:  # (a moved value read where it stands: the seat's value itself, not an alias of it)
                body = _unaliased(body)
            if known and form <= 1:  # (a grown list's call, for anything but lists: the seat's names in a dict of its own)
                body = re.sub(r"(value_fn_[0-9]+)\(S, L\)(  # \(anything else: its call\))", rf"\1(S, {{**L, {_seat_names(form)}}})\2", body)
            if known and not re.search(r"\bL\b", body.replace("exc, S, L) from None", "").replace("(S, {**L, ", "")):
                # nothing the seat's statements run reads its names: they are bound for a failure's message alone, in a
                # copy (the runner may be handed the step's own names: run.names, Runners.simultaneous)
                body = _bound_on_failure(body, "L = L.copy()\n" + bind + arguments)
                # (a seat's several values are read where they stand as value_0_, value_1_...: unpacked at each seat still)
                bind, arguments = "", _values_unpacked(form) if values and form > 1 else ""
            local, passed, template, picking = "", "\n                    steps_ += 1", _SEATS_LOCAL, "    run.picking = None\n"
            # (the values' runner reads each seat's value beside its seat: the values are by seat, in the seats' order)
            seats = "seat_, value_ in choices.items()" if values else "seat_ in players"
            if _counted_alone(shapes):
                counted = _counted_in_a_local(body)
                per_seat = len(shapes) + 1
                if known:  # the seats' steps counted once the loop ends, less those not reached where a statement fails
                    counted, passed, template = _counted_at_the_end(counted, per_seat), "", _SEATS_LOCAL_AT_THE_END
                local = template.format(per_seat=per_seat, arguments=_indented(arguments.rstrip("\n"), 8) + "\n" if arguments else "",
                                        statements=_indented(counted, 8), seats=seats, passed=passed,
                                        bind=_indented(bind.rstrip("\n"), 8) + "\n" if bind else "")
                local = "\n".join(line if line.strip() else "" for line in local.split("\n"))
                if values and form <= 1:  # (one value a seat: _SEATS_PICKING)
                    picking = _SEATS_PICKING.format(
                        per_seat=per_seat, bounds=_BOUNDS, hoisted=hoisted, statements=_indented(counted, 4), passed=passed.replace("\n    ", "\n", 1),
                        arguments=_indented(arguments.rstrip("\n"), 4) + "\n" if arguments else "",
                        bind=_indented(bind.rstrip("\n"), 4) + "\n" if bind else "",
                        taken=f"                steps_ += {per_seat} * reached\n" if known else "",
                        ended=f"        else:\n            steps_ += {per_seat} * seats_\n" if known else "")
                    picking = "\n".join(line if line.strip() else "" for line in picking.split("\n"))
                    if shapes == (("set_grown", False),) and known:  # (one `set` of a list grown by the seat's value)
                        picking = _grown_at_once(picking, counted, flat)
            # (the values' runner is handed the dict of names the step's listing read, a copy of the step's own made for
            # that step where the listing or the runner binds names in it: its seats' names bound in it, no copy made
            # again; run.names, whether it binds them at each seat)
            return _SEATS_FRAME.format(unpack="\n".join(unpack), arguments=arguments, statements=body, local=local, hoisted=hoisted,
                                       named="outer" if values else "outer.copy()", seats=seats, bind=bind, picking=picking,
                                       names=bool(bind or arguments) or not values)
        make = _SEATS_MAKERS[shapes, form, values, known, listed, flat, _Build.kind()] = _compiled_maker(
            ("seats", shapes, form, values, known, listed, *(("flat",) if flat else ())), "seats " + _shapes_label(shapes), build)
    whens = tuple(stmt.when.fn if stmt.when is not None else None for stmt in block)
    otherwises = tuple(block_runner(stmt.otherwise, limit, None) if stmt.otherwise else None for stmt in block)
    run = make(tuple(block), limit, None, whens, otherwises, (*partss, params, sources) if values else partss)
    run.maker_source = make.maker_source  # (its picking's lines written into a twin's: fused_picking)
    return run


def _listed_from(domain, zones) -> str | None:
    """The family whose zone at the seat a parameter's values are listed from, where its domain is `family[me]` (a
    zone of a family of one zone a seat: Expr.zone_local) among the ruleset's ``zones``; else None."""
    read = domain.zone_local
    spec = zones.get(read[0]) if read is not None and read[1] == "me" else None
    return read[0] if spec is not None and spec.kind == "player" else None


def _listed_moves(shapes, partss, known, sources) -> tuple:
    """(statement's index, parameter's index, whether its destination is of another family than the source's) of each
    move of the values' seats' runner whose `what` is a parameter read where it stands (_seat_reads) listed from its
    seat's zone of a family (``sources``): a move of a local name, not of a zone's type (_MOVE_BODY's shape)."""
    found = []
    for part, value in known:
        i = int(part.rpartition("_")[2])
        kind = shapes[i][0]
        if value is None or not part.startswith("what_local_") or not sources or sources[value] is None or kind not in _LISTED_KINDS:
            continue
        parts = dict(zip(_SHAPES[kind][0].split(", "), partss[i]))
        # a destination read as one of the game's own zones of another family (or a single zone of another name)
        apart = _LISTED_KINDS[kind] is not None and parts[_LISTED_KINDS[kind]] != sources[value]
        found.append((i, value, apart))
    return tuple(found)


# the shapes of a move of a local name (not of a zone's type: "own"), and the part naming the family (or the single
# zone) of its destination where it is read as one of the game's own zones (else None: its call, a local name, an index)
_LISTED_KINDS = {"move_local": None, "move_local_local": None, "move_local_at": None, "move_local_zone": "to_zone",
                 "move_local_attr": "to_zone", "move_local_one": "to_one", "move_local_near": "to_zone"}


def _moved_from_listed(statement, i, apart) -> str:
    """``statement`` (a move of a parameter's value, _listed_moves' statement ``i``) where a component is first taken out
    of its seat's zone of the family it was listed from (``from_i_``): found there (list.remove finds it by identity), it
    lies there, so `where` holds that zone's key, not the destination's (another family's: tested where ``apart`` is
    false), and it is moved as _MOVE_ONE moves it without looking up where it lies; not found (moved since it was
    listed), or a destination of that family, it is moved as before. The component's part of the move alone."""
    lines = statement.split("\n")
    at = next(k for k, line in enumerate(lines) if line.strip() == "key = where[cid]")  # (the component's, before a zone's loop)
    pad = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
    end = at + 2
    while lines[end].startswith(pad + "    "):
        end += 1
    if lines[at + 1] != pad + "if key != to:" or lines[at + 2] != pad + "    S.zones[key[0]][key[1]].remove(comp)":
        raise AssertionError(f"a move's source is not _MOVE_ONE's:\n{statement}")
    general, moved = lines[at:end], lines[at + 3:end]
    fast = [f"{pad}try:  # (where the seat's value was listed from, unless an effect moved it since)",
            f"{pad}    S.zones[from_{i}_][seat_].remove(comp)",
            f"{pad}except ValueError:",
            *("    " + line for line in general),
            f"{pad}else:",
            *moved]
    if not apart:  # (the destination's family read from its key: a destination of the source's family is moved as before)
        fast = [f"{pad}if to[0] != from_{i}_:", *("    " + line for line in fast), f"{pad}else:", *("    " + line for line in general)]
    lines[at:end] = fast
    return "\n".join(_only_component(lines, i) if _Build.kind()[0] else lines)


def _only_component(lines, i) -> list:
    """``lines`` (statement ``i`` of _moved_from_listed) without the tests of what its value is, the component's branch
    alone: the value of a parameter listed from a zone (_listed_from) is one of its items, a Component (a zone holds
    nothing else), and a plain runner moves it unrecorded (its branch's other test)."""
    at = lines.index(next(line for line in lines if line.strip() == f"comp = L[what_local_{i}]")) + 1
    pad = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
    if lines[at] != pad + "if type(comp) is Component and game.recorder is None:":
        raise AssertionError("a move's value is not tested as _MOVE_BODY tests it:\n" + "\n".join(lines))
    end = at + 1
    while lines[end].startswith(pad + " "):
        end += 1
    branch = [line[4:] for line in lines[at + 1:end]]
    while lines[end].startswith((pad + "elif ", pad + "else:")) or lines[end].startswith(pad + " "):
        end += 1
    return lines[:at] + branch + lines[end:]


def _seat_reads(shapes, partss, params) -> tuple:
    """(part name, None for the seat or the parameter's index) of each local name a statement of the values' seats'
    runner reads as ``L[part]`` that is the seat's `me` or one of the action's parameters ``params``: the seat's pass
    binds them and no statement changes them (no `let`, no `for` whose variable would be written out), so each is
    read where it stands, the seat or its value, not from the names."""
    known = []
    if "me" in params:  # (a parameter named as the seat: the value bound after the seat stands)
        return ()
    for i, (kind, _) in enumerate(shapes):
        if type(kind) is not str:
            return ()
        for name, value in zip(_SHAPES[kind][0].split(", "), partss[i]):
            if name.endswith(("_local", "_name", "_last")) and type(value) is str:
                if value == "me":
                    known.append((f"{name}_{i}", None))
                elif value in params:
                    known.append((f"{name}_{i}", params.index(value)))
    return tuple(known)


def _near_once(body, hoisted, form) -> tuple:
    """(``body``, ``hoisted``) of a values' seats' runner (one value a seat, or none: ``form``) whose statements are all
    moves, where a move reads its destination at left() or right() of the seat ("near", _READS): the variable's count of
    places read once, before the seats' loop (a move sets no variable), its sign taken there too where it is a whole
    number, less the seats' number (``shift_``, in [-n, 0): a seat's index plus it is the zone's counted from the
    family's end, one zone a seat, so no `%` a seat), else None, the expression's call for each seat then (which fails
    as before) given the seat's names in a dict of its own, as the seat's pass binds them (its `me`, its value), so
    that the loop need not bind them (where nothing else reads them, they are bound for a failure's message alone)."""
    names = _seat_names(form)
    near = re.compile(r"(family_to_zone_([0-9]+))\[\(seat_ \+ to_sign_\2 \* near_to\) % S\.nplayers\] "
                      r"if type\(near_to := S\.vars\[to_var_\2\]\) is int else to_fn_\2\(S, L\)")
    found = dict.fromkeys(m.group(2) for m in near.finditer(body))
    hoisted += "        nplayers_ = S.nplayers\n" if found else ""
    for i in found:  # (the shift less the seats' number: a seat's index plus it is the zone's from the end, no `%` a seat)
        hoisted += (f"        shift_{i}_ = to_sign_{i} * count_ % nplayers_ - nplayers_ if type(count_ := S.vars.get(to_var_{i})) is int "
                    f"else None\n")
    body = near.sub(lambda m: f"{m.group(1)}[seat_ + shift_{m.group(2)}_] if shift_{m.group(2)}_ is not None "
                              f"else to_fn_{m.group(2)}(S, {{**L, {names}}})", body)
    return body, hoisted


_BOUND_AGAIN = re.compile(r"\b(?:for|as)\s+(?:comp|value_)\b|\b(?:comp|value_)\b\s*(?:,|=(?!=)|:=|[-+*/%&|^]=)")


def _unaliased(body) -> str:
    """``body`` (a values' seats' runner's, one value a seat read where it stands: ``value_``) without a move's alias of
    that value (``comp = value_``, _only_component's line once a parameter's read is the seat's value), each read of
    ``comp`` reading ``value_``: the same object, bound once (neither name bound again in the body, where the alias is
    its one binding of either). Any other body is given back as it is."""
    if body.count("comp = value_\n") != 1 or len(_BOUND_AGAIN.findall(body)) != 1:
        return body
    return re.sub(r"\bcomp\b", "value_", re.sub(r"\n *comp = value_\n", "\n", body))


def _seat_names(form) -> str:
    """The items of a dict that bind a seat's names as its pass binds them (its `me`, its one value or none: ``form``)."""
    return '"me": seat_' + (", name_0_: value_" if form else "")


def _seat_value(count, index) -> str:
    """A seat's value of its parameter ``index`` of ``count``, as _seat_values unpacks it."""
    return "value_" if count == 1 else f"value_{index}_"


def _bound_on_failure(body, bind) -> str:
    """``body`` binding the seat's names (``bind``'s lines) only where a statement fails, for its message (rule_failed)."""
    out = []
    for line in body.split("\n"):
        if line.strip().startswith("raise rule_failed("):
            indent = " " * (len(line) - len(line.lstrip()))
            out += [indent + one.strip() for one in bind.rstrip("\n").split("\n")]
        out.append(line)
    return "\n".join(out)


def _counted_at_the_end(body, per_seat) -> str:
    """``body`` (statements counting a step each in ``steps_``, _counted_in_a_local) counting none, the seats' loop
    counting ``per_seat`` steps a seat reached where it ends (_SEATS_LOCAL_AT_THE_END), where a statement that fails
    takes back those not reached (as counted one by one)."""
    out, reached = [], 0
    for line in body.split("\n"):
        text = line.strip()
        if text == "steps_ += 1":
            reached += 1
            continue
        if text == "raise" or text.startswith("raise rule_failed("):
            out.append(line[:len(line) - len(line.lstrip())] + f"steps_ -= {per_seat - reached}")
        out.append(line)
    return "\n".join(out)


def _hoisted(body):
    """(``body`` without its reads of the state's places, faces and zones, the line that reads them once before the
    seats' loop): a state's `where`, `revealed` and `zones` are the same objects while an effect runs (only a state's
    making and its copy set them): a simultaneous step's seats' (seats_runner), a written-out `for`'s (_FOR_BLOCK)."""
    if "S.where" not in body and "S.revealed" not in body:
        return body, ""
    lines = [line for line in body.split("\n") if line.strip() not in ("where = S.where", "revealed = S.revealed")]
    body = "\n".join(lines).replace("S.revealed", "revealed").replace("S.zones[", "zones_[")
    return body, "        where, revealed, zones_ = S.where, S.revealed, S.zones\n"


_COUNTING = ("any", "for")  # shapes whose statement may count steps of its own (a handler's kind's work, a loop's body)


def _seat_arguments(params) -> str:
    """The lines of _SEATS_FRAME that bind a seat's arguments: ``params`` pairs unpacked (None: a loop over them)."""
    if params is None:
        return "            for name_, value_ in choices[seat_].args:\n                L[name_] = value_\n"
    if not params:
        return ""
    pairs = ", ".join(f"(name_{i}_, value_{i}_)" for i in range(params))  # (names no statement's part is given: _block_source)
    return f"            {pairs}, = choices[seat_].args\n" + "".join(f"            L[name_{i}_] = value_{i}_\n" for i in range(params))


def _seat_values(count) -> str:
    """The lines of _SEATS_FRAME that bind a seat's ``count`` arguments from the value its seat picked among those the
    bare twin listed (``value_``, read beside the seat), to the names make unpacked (seats_runner)."""
    if not count:
        return ""
    if count == 1:
        return "            L[name_0_] = value_\n"
    return _values_unpacked(count) + "".join(f"            L[name_{i}_] = value_{i}_\n" for i in range(count))


def _values_unpacked(count) -> str:
    """The line of _SEATS_FRAME that unpacks a seat's ``count`` values (two or more) to value_0_, value_1_, ..."""
    return f"            {', '.join(f'value_{i}_' for i in range(count))}, = value_\n"


def block_runner(block, limit: int, loop):
    """``run(game, S, L)`` for a block: each statement in turn, then one step for the pass."""
    if FUSED and len(block) == 1 and block[0].kind != "let":  # one effect (an action's body, often): one function
        stmt = block[0]
        fused = fused_runner(stmt, limit, loop, stmt.when.fn if stmt.when is not None else None,
                             block_runner(stmt.otherwise, limit, loop) if stmt.otherwise else None, as_block=True)
        if fused is not None:
            return fused
    if FUSED:  # several such effects (an action's body, often): one function too
        fused = fused_block(block, limit, loop)
        if fused is not None:
            return fused
    runs = tuple(runner(stmt, limit, loop) for stmt in block)
    names_values = any(stmt.kind == "let" for stmt in block)

    def run(game, S, L):
        if names_values:
            L = dict(L)  # a `let` names values for the rest of this block only, not for the block around it
        for one in runs:
            one(game, S, L)
        flow = S.flow
        flow.steps += 1  # a pass counts, so an empty loop body cannot hang
        if loop is not None and WORK[0] < HEAVY:  # (an action's body is no loop: no test of the budget)
            flow.steps += work_steps()  # and so does much work done in it (builtins.work_steps)
        if flow.steps > limit:
            game._runaway(loop, loop)

    return run


# -- each kind's own work: fn(stmt, limit, loop around it) -> work(game, S, L) -------------

def _do(stmt, limit, loop):
    """do: the block, with the same names."""
    return block_runner(stmt.args["body"], limit, loop)


def _for(stmt, limit, loop):
    """for: the body once per item of a collection read once, the item bound to the variable."""
    items_fn, var = stmt.args["items"].fn, stmt.args["var"]
    body = block_runner(stmt.args["body"], limit, stmt)

    def work(game, S, L):
        for item in loop_items(items_fn(S, L)):
            inner = L.copy()  # (a copy and a store cost half of {**L, var: item})
            inner[var] = item
            body(game, S, inner)

    if not _remembers_over_passes(stmt):
        return work

    def scoring(game, S, L):
        if S.memo is not None:  # a memo already stands (a loop around this one)
            return work(game, S, L)
        S.memo = {}  # what the definitions give holds for every pass: only scores change
        try:
            work(game, S, L)
        finally:
            S.memo = None

    return scoring


def _remembers_over_passes(stmt) -> bool:
    """Whether a `for` keeps one memo of definitions for all its passes (its body only scores: _only_scores)."""
    if stmt.args["var"] in ("me", "current") or not _only_scores(stmt.args["body"]):  # (definitions may read those two)
        return False
    return stmt.args.get("passes_share", True)  # else no definition can be called twice over its passes (loader)


def _only_scores(block) -> bool:
    """True if the block only adds to scores, with expressions that read none: one memo of definitions serves all its passes.

    A definition may read `me` and `current` where its caller has them; a `for` loop
    changes neither, so its passes differ only in what the definitions are given.
    """
    if not block or any(stmt.kind != "score" or stmt.otherwise for stmt in block):
        return False
    exprs = [e for stmt in block for e in (stmt.when, *stmt.args.values()) if hasattr(e, "fn")]
    return not any(reads_scores(e.fn) for e in exprs)


def _repeat(stmt, limit, loop):
    """repeat: the body a whole number of times, the pass (from 0) bound to the variable if named."""
    count_fn, var = stmt.args["count"].fn, stmt.args["var"]
    body = block_runner(stmt.args["body"], limit, stmt)

    def work(game, S, L):
        count = count_fn(S, L)
        if type(count) is not int:  # true is no count, though Python's range takes it
            raise RuleRuntimeError(f"repeat needs a whole number, got {describe(count)}{fraction_hint(count)}", part="count")
        for i in range(count):
            if var:
                inner = L.copy()
                inner[var] = i
                body(game, S, inner)
            else:
                body(game, S, L)

    return work


def _until(stmt, limit, loop):
    """until: the body again and again while the condition, checked before each pass, is false."""
    until_fn = stmt.args["until"].fn
    body = block_runner(stmt.args["body"], limit, stmt)

    def work(game, S, L):
        while not until_fn(S, L):
            body(game, S, L)

    return work


def _turns(stmt, limit, loop):
    """turns: the body for one seat after another (`current`), from the first, until the condition holds."""
    first_fn, until, following = stmt.args["first"].fn, stmt.args["until"], stmt.args.get("next")
    until_fn = until.fn if until is not None else None
    next_fn = following.fn if following is not None else None
    body = block_runner(stmt.args["body"], limit, stmt)

    def work(game, S, L):
        inner = L.copy()
        inner["current"] = first_seat(first_fn(S, L), S)
        while until_fn is None or not until_fn(S, inner):
            S.turn += 1
            body(game, S, inner)
            seat = (inner["current"] + 1) % S.nplayers if next_fn is None else following_seat(game, stmt, next_fn, S, inner)
            inner = L.copy()
            inner["current"] = seat

    return work


def following_seat(game, stmt, next_fn, S, L) -> int:
    """The seat a `turns` loop's `next` gives after the turn of ``L``'s `current`; R100 at the `next`, read with that
    `current` (the loop's own names, which its `until` and `next` read, are not the statement's)."""
    try:
        return next_seat(next_fn(S, L), S)
    except (RuleRuntimeError, *FAILURES) as exc:
        raise rule_failed(game, stmt, exc, S, L, "next") from None


def next_seat(value, S) -> int:
    """The seat a `turns` loop's `next` gives for the turn after `current`'s: a whole number, counted round the table."""
    if type(value) is not int:
        raise RuleRuntimeError(f"a turns loop's next is a seat (a whole number), got {describe(value)}{fraction_hint(value)}",
                               part="next")
    return value % S.nplayers


def first_seat(value, S) -> int:
    """The seat a `turns` loop starts at: a whole number, counted round the table."""
    if type(value) is not int:  # "a" % 3 would be string formatting, not a seat
        raise RuleRuntimeError(f"turns starts at a seat (a whole number), got {describe(value)}{fraction_hint(value)}", part="first")
    return value % S.nplayers


def _round(stmt, limit, loop):
    """round: a numbered round, with its own points per seat, reported to the record when it ends."""
    body = block_runner(stmt.args["body"], limit, loop)

    def work(game, S, L):
        S.round += 1
        S.round_scores.append([0] * S.nplayers)
        S.flow.in_round += 1
        body(game, S, L)
        S.flow.in_round -= 1
        if game.recorder is not None:
            game.recorder.round_end(S.round, S.round_scores[-1], S.scores)

    return work


KINDS = {"do": _do, "for": _for, "repeat": _repeat, "until": _until, "turns": _turns, "round": _round}
