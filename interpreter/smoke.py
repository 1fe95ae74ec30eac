"""Smoke tests of a ruleset: random games for every allowed player count, and rule coverage.

``smoke(ruleset, games)`` plays ``games`` games per player count with random legal
decisions. A game that fails (R100 a rule failed, R200 the step limit, R300 a seat with no
option) is a finding at the rule that caused it, with the player count and seed to
reproduce it. Rule coverage comes from the game's coverage hook: actions never taken
(C001) and statements never run (C002) are notes, the outermost one only. Each `show:` definition is worked out at
every decision and at the end, as play's board does: one that cannot be worked out somewhere is a note too (C002).
"""

from __future__ import annotations

import os
import random
from collections import Counter

from philtre.dsl import ast
from philtre.dsl.errors import Diagnostic, PhiltreError
from philtre.dsl.model import decision_actions

from .coverage import blocks_of
from .game import Game, random_seats_said
from .render import RuleFailed, shown_values
from .simulate import game_seed
from .summary import counted


def smoke(ruleset, games: int, seed: int = 0, progress=None, record_dir: str | None = None, quiet=frozenset(),
          max_decisions: int | None = None, cut: Counter | None = None) -> list[Diagnostic]:
    """Failures of random games (one diagnostic per rule, with how often) and coverage notes.

    ``progress(n)``, if given, is told of every n games played (or skipped). With ``record_dir``,
    the first game each rule stopped is written there as a record, up to its failure. ``quiet``: the places (path, line,
    column) of `when`s a variant makes true, whose statements never run here on purpose (validate._run_by_variants).
    ``max_decisions`` (validate --max-decisions): a game still going after that many decisions is cut off, and so is one
    past the step limit that kept deciding (kept_deciding), as simulate cuts them; counted in ``cut`` ("decisions",
    "steps", and "played": the games played), no failure. A loop without decisions stays R200."""
    coverage: Counter = Counter()
    failures: dict = {}
    unshown: dict = {}  # a shown definition's name -> (games it failed in, its first failure's words, (players, seed))
    cut = Counter() if cut is None else cut
    played = 0
    counts = ruleset.player_counts
    for n in counts:
        for i in range(games):
            game_seed_ = game_seed(seed, n * 1_000_003 + i)
            played += 1
            cut["played"] += 1
            shown: dict | None = {} if ruleset.shown else None
            error = play_one(ruleset, n, game_seed_, coverage, shown=shown, max_decisions=max_decisions)
            for name, said in (shown or {}).items():
                count, first, where = unshown.get(name, (0, said, (n, game_seed_)))
                unshown[name] = (count + 1, first, where)
            if progress is not None:
                progress(1)
            if error is CUT or max_decisions is not None and getattr(error, "kept_deciding", False):
                cut["decisions" if error is CUT else "steps"] += 1
                continue
            if error is None:
                continue
            d = _random_seats_said(error)
            key = (d.code, str(d.loc))
            count, first, where = failures.get(key, (0, d, (n, game_seed_)))
            failures[key] = (count + 1, first, where)
            if d.code == "R200":
                # a runaway costs the whole step limit each time (seconds, or a minute on a grid), and the
                # other player counts would mostly run away too: 64 counts of them were minutes of smoke
                if progress is not None:
                    progress(games * len(counts) - played)
                out = [_failure(ruleset, first, count, played, where, record_dir, stopped=first.code == "R200")
                       for count, first, where in failures.values()]
                return out + _notes(ruleset, coverage, unshown, played, failures, quiet, cut)
    out = [_failure(ruleset, first, count, played, where, record_dir) for count, first, where in failures.values()]
    return out + _notes(ruleset, coverage, unshown, played, failures, quiet, cut)


def _notes(ruleset, coverage: Counter, unshown: dict, played: int, failures: dict, quiet, cut: Counter) -> list[Diagnostic]:
    """The notes after the failures: the shown definitions that failed, then the rules never used."""
    return _unshown_notes(ruleset, unshown, played) + _sorted_notes(ruleset, coverage, played, _stopped(failures), quiet,
                                                                    cut["decisions"] + cut["steps"])


def _random_seats_said(error: PhiltreError) -> Diagnostic:
    """The diagnostic of a smoke game's failure; an R200 whose game kept deciding past the limit (kept_deciding: with
    --max-decisions, such a game is cut) worded as what it is, a game random seats did not finish, pointing to
    --max-decisions, rather than "does not end the game" (a trial's game to 1,500 points, whose random bids failed hand
    after hand, was said to be an endless loop)."""
    d = error.first
    if not getattr(error, "kept_deciding", False):
        return d
    hint = ("its seats kept deciding to the limit: random seats may never reach a goal other play reaches (scores drifting "
            "away from it); --max-decisions N cuts such smoke games off and counts them apart (docs/simulation.md in philtre's "
            f"source, \"Games random play never finishes\"); else {d.hint}")
    return Diagnostic(d.loc, d.code, random_seats_said(d.message), hint)


def _unshown_notes(ruleset, unshown: dict, played: int) -> list[Diagnostic]:
    """C002 at each `show:` name whose definition could not be worked out at some decision (or at the end) of the smoke
    games, as play's board then says '... cannot be worked out now' (the game goes on: a note, as a board line may be
    meant to fail where there is nothing to show, the top card of an empty pile)."""
    out = []
    for expr in ruleset.shown:
        if expr.text in unshown:
            count, said, (n, seed) = unshown[expr.text]
            out.append(Diagnostic(expr.loc, "C002", f"the shown definition '{expr.text}' could not be worked out in {count} of "
                                  f"{counted(played, 'smoke game')}: {said}",
                                  f"play's board says '{expr.text} cannot be worked out now' there (fine where there is "
                                  f"nothing to show, the top card of an empty pile); first with {counted(n, 'player')}, "
                                  f"played again by {replay_call(n, seed)}"))
    return out


def _stopped(failures: dict) -> int:
    """How many smoke games a failure stopped (each game stops at its first)."""
    return sum(count for count, _, _ in failures.values())


def _sorted_notes(ruleset, coverage: Counter, played: int, stopped: int = 0, quiet=frozenset(), cut: int = 0) -> list[Diagnostic]:
    """The coverage notes in file order, each saying how many games a failure stopped (or --max-decisions cut) before
    they could reach it."""
    notes = sorted(coverage_notes(ruleset, coverage, played, quiet), key=lambda d: (d.loc.path, d.loc.line, d.loc.col))
    if cut:
        notes = [Diagnostic(d.loc, d.code, d.message, f"{d.hint} ({cut} of the {played} games were cut off by --max-decisions, "
                            "before their end)") for d in notes]
    if stopped >= played:  # nothing after the first failure ran: "an 'if' that is never true?" would send the author astray
        why = "every smoke game stopped at a failure reported above, so this says little: fix that first"
        return [Diagnostic(d.loc, d.code, d.message, why) for d in notes]
    if stopped:
        return [Diagnostic(d.loc, d.code, d.message, f"{d.hint} ({stopped} of the {played} games stopped at a failure "
                           "reported above, before their end)") for d in notes]
    return notes


CUT = "cut"  # what play_one returns for a game still going after max_decisions decisions


def play_one(ruleset, players: int, seed: int, coverage: Counter | None, record: bool = False,
             shown: dict | None = None, max_decisions: int | None = None) -> PhiltreError | str | None:
    """Play one game with random legal decisions; the error that stopped it, if any (recorded: with its record), or CUT
    where it was still going after ``max_decisions`` decisions. With ``shown``, each `show:` definition is worked out
    for each seat deciding, before it decides, and for each seat at the end, the first failure of each kept there (name
    -> its words)."""
    pick = random.Random(seed).randrange  # every seat's, in turn: replay_call's pickers, which play_out asks as this loop does
    try:
        game = Game(ruleset, players, seed=seed, coverage=coverage, record=record, agents=["random"] * players)
        while not game.finished:
            if max_decisions is not None and game.decisions >= max_decisions and not game.state.flow.choices:
                return CUT
            for p in game.pending():
                if shown is not None:
                    _work_out_shown(game, p, shown)
                options = game.options(p)
                game.apply(p, options[pick(len(options))])
        if shown is not None:
            for p in range(players):
                _work_out_shown(game, p, shown)
    except PhiltreError as exc:
        return exc
    return None


def _work_out_shown(game, seat: int, shown: dict) -> None:
    """The `show:` definitions worked out for ``seat``'s board now (render.shown_values): each failing one's words kept
    in ``shown`` under its name, the first time."""
    for name, value in shown_values(game, seat).items():
        if isinstance(value, RuleFailed) and name not in shown:
            shown[name] = str(value)


def _failure(ruleset, d: Diagnostic, count: int, played: int, where, record_dir, stopped: bool = False) -> Diagnostic:
    """A game's failure, saying how often it happened and how to play it again (and, for the runaway that stopped the smoke, so)."""
    n, seed = where
    hint = f"in {count} of {counted(played, 'smoke game')}; first with {counted(n, 'player')}, played again by {replay_call(n, seed)}"
    path = _write_record(ruleset, n, seed, record_dir) if record_dir else None
    if path is not None:
        hint += f"; its record, up to the failure: {path}; `philtre replay {path}` plays it again"
    if stopped:
        hint += "; the smoke stopped there"
    return Diagnostic(d.loc, d.code, d.message, f"{d.hint}; {hint}" if d.hint else hint)


def replay_call(players: int, seed: int) -> str:
    """The Python that plays smoke game ``seed`` of ``players`` again, the same picks (play_one's) to the same end."""
    return f"Game(ruleset, {players}, seed={seed}).play_out(pickers=[random.Random({seed}).randrange] * {players})"


def _write_record(ruleset, players: int, seed: int, folder: str) -> str | None:
    """Play a failing smoke game again, recorded, and write its record into ``folder``: the file's path."""
    error = play_one(ruleset, players, seed, None, record=True)
    recorder = getattr(error, "recorder", None)
    if recorder is None:
        return None
    arms = "".join("+" + os.path.splitext(os.path.basename(str(v)))[0] for v in ruleset.variants)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"smoke-{ruleset.name}{arms}-{players}p-{seed}.jsonl")
    recorder.write(path)
    return path


def coverage_notes(ruleset, coverage: Counter, played: int, quiet=frozenset()) -> list[Diagnostic]:
    """C001 for each action never taken, C002 for each statement never run (not those inside it), once per place; none
    for a statement known never to run here (_known_never_to_run)."""
    out, ran, said = [], _runs_by_place(coverage), set()
    said.update(_place(stmt) for stmt in _statements(ruleset) if _known_never_to_run(stmt, quiet))
    off = None  # the actions whose `if` is false whatever the position, computed where one was never taken
    for name, action in ruleset.actions.items():
        if not coverage.get(name):
            off = _actions_turned_off(ruleset) if off is None else off
            if name in off:
                why = f": {off[name]}" if off[name] else ""
                out.append(Diagnostic(action.loc, "C001", f"action '{name}' was never taken in {counted(played, 'smoke game')}: "
                                      f"its 'if' is false in this ruleset{why}",
                                      "an action turned off on purpose, as a variant may do, is fine; otherwise fix its 'if'"))
                continue
            out.append(Diagnostic(action.loc, "C001", f"action '{name}' was never taken in {counted(played, 'smoke game')}",
                                  "a rare situation, or an 'if' that is never true?"))
        else:  # (and its then:, which runs each time it is taken)
            out += _never_ran(action.body + (action.then.args["body"] if action.then is not None else ()), ran, played, said)
    from philtre.dsl.lints import runs_named

    # (a statement in a block is at the block's line: which run of it never ran is what the author looks for)
    return runs_named(ruleset, _never_ran(ruleset.flow, ran, played, said) + out)


def _actions_turned_off(ruleset) -> dict:
    """{action: what makes it so} for each action whose `if` is false from the definitions alone, whatever the position
    (`moves == 1 and house_rule` where house_rule is false): 'house_rule is false', or '' where no one name says it."""
    from philtre.dsl.lints import Facts

    facts, out = Facts(ruleset), {}
    for name, action in ruleset.actions.items():
        if action.condition is None:
            continue
        # a definition false in any operand of `and` says it, whatever the operands before it read
        why = next(filter(None, (_name_false(ruleset, node, negated) for node, negated in _conjuncts(facts.tree(action.condition)))), "")
        found = facts.constant(action.condition) if not why else None
        if why or found is not None and found[0] is True and not found[1]:
            out[name] = why
    return out


def _conjuncts(tree, negated: bool = False):
    """(operand, whether it is under `not`) of a chain of `and` (of `or` under `not`), the tree itself if none."""
    if isinstance(tree, ast.BoolOp) and tree.op == ("or" if negated else "and"):
        yield from _conjuncts(tree.left, negated)
        yield from _conjuncts(tree.right, negated)
    elif isinstance(tree, ast.Unary) and tree.op == "not":
        yield from _conjuncts(tree.operand, not negated)
    else:
        yield tree, negated


def _name_false(ruleset, node, negated: bool) -> str:
    """'NAME is false' ('is true' under `not`) where ``node`` names a definition without parameters that has that
    value before any game; '' otherwise."""
    from philtre.dsl.builtins import WORK, WORK_LIMIT
    from philtre.dsl.lints import _NoLocals, _NoState

    fn = ruleset.namespace.get(f"d_{node.name}") if isinstance(node, ast.Name) else None
    if getattr(getattr(fn, "__code__", None), "co_argcount", None) != 2:  # (S, L): a definition of no parameters
        return ""
    WORK[0] = WORK_LIMIT  # a budget of its own, as every evaluation has, and a full one left for the next
    try:
        value = fn(_NoState(), _NoLocals())
    except Exception:  # noqa: BLE001 - it reads the game, or fails: no name to give
        return ""
    finally:
        WORK[0] = WORK_LIMIT
    return f"{node.name} is {'true' if negated else 'false'}" if bool(value) == negated else ""


def _place(stmt) -> tuple:
    """Where a statement is written: a block a YAML alias repeats (`*settle`) is one place, and one rule."""
    return stmt.loc.path, stmt.loc.line, stmt.loc.col


def _runs_by_place(coverage: Counter) -> Counter:
    """How often the statements written at each place ran, all the copies of an aliased block together."""
    ran: Counter = Counter()
    for key, n in coverage.items():
        if not isinstance(key, str):  # (a string is an action's name)
            ran[_place(key)] += n
    return ran


def _statements(ruleset):
    """Every statement of the flow and of the actions' bodies, nested ones too."""
    blocks = ruleset.statement_blocks
    while blocks:
        for stmt in blocks.pop():
            yield stmt
            blocks.extend(blocks_of(stmt))


def _known_never_to_run(stmt, quiet) -> bool:
    """Whether a statement's `when` is known never to hold in this ruleset, and said so: its L003 silenced by a comment
    on the line of the `when` (a hook kept on purpose), or a variant makes it true (its place in ``quiet``)."""
    from philtre.dsl.report import silenced_codes

    when = getattr(stmt, "when", None)
    loc = getattr(when, "loc", None)
    if loc is None or not loc.line:
        return False
    return (loc.path, loc.line, loc.col) in quiet or "L003" in silenced_codes(loc.path, loc.line)


def _statement_named(stmt) -> str:
    """A statement as C002 names it: its `name:`, or, for a decision without one, its kind and the actions it offers
    (`decide 'pick_defunct'`, as C001 names an action: 'decide' alone did not say which), else its kind."""
    actions = decision_actions(stmt) if stmt.kind in ("decide", "simultaneous") else ()
    if actions and stmt.label == stmt.kind:
        return f"{stmt.kind} '{', '.join(actions)}'"
    return f"'{stmt.label}'"


def _never_ran(block, ran: Counter, played: int, said: set) -> list[Diagnostic]:
    """The outermost statements of a block that never ran, each place said once (in ``said``)."""
    out = []
    for stmt in block:
        if not ran.get(_place(stmt)):
            if _place(stmt) not in said:
                said.add(_place(stmt))
                out.append(Diagnostic(stmt.loc, "C002", f"{_statement_named(stmt)} never ran in {counted(played, 'smoke game')}",
                                      "a rare situation, or a 'when' that is never true?"))
            continue
        for inner in blocks_of(stmt):
            out += _never_ran(inner, ran, played, said)
    return out

