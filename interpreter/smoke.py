"""Smoke tests of a ruleset: random games for every allowed player count, and rule coverage.

``smoke(ruleset, games)`` plays ``games`` games per player count with random legal
decisions. A game that fails (R100 a rule failed, R200 the step limit, R300 a seat with no
option) is a finding at the rule that caused it, with the player count and seed to
reproduce it. Rule coverage comes from the game's coverage hook: actions never taken
(C001) and statements never run (C002) are notes, the outermost one only.
"""

from __future__ import annotations

import os
import random
from collections import Counter

from philtre.dsl.errors import Diagnostic, PhiltreError

from .coverage import blocks_of
from .game import Game
from .simulate import game_seed
from .summary import counted


def smoke(ruleset, games: int, seed: int = 0, progress=None, record_dir: str | None = None) -> list[Diagnostic]:
    """Failures of random games (one diagnostic per rule, with how often) and coverage notes.

    ``progress(n)``, if given, is told of every n games played (or skipped). With ``record_dir``,
    the first game each rule stopped is written there as a record, up to its failure."""
    coverage: Counter = Counter()
    failures: dict = {}
    played = 0
    counts = range(ruleset.min_players, ruleset.max_players + 1)
    for n in counts:
        for i in range(games):
            game_seed_ = game_seed(seed, n * 1_000_003 + i)
            played += 1
            error = play_one(ruleset, n, game_seed_, coverage)
            if progress is not None:
                progress(1)
            if error is None:
                continue
            d = error.first
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
                return out + _sorted_notes(ruleset, coverage, played, _stopped(failures))
    out = [_failure(ruleset, first, count, played, where, record_dir) for count, first, where in failures.values()]
    return out + _sorted_notes(ruleset, coverage, played, _stopped(failures))


def _stopped(failures: dict) -> int:
    """How many smoke games a failure stopped (each game stops at its first)."""
    return sum(count for count, _, _ in failures.values())


def _sorted_notes(ruleset, coverage: Counter, played: int, stopped: int = 0) -> list[Diagnostic]:
    """The coverage notes in file order, each saying how many games a failure stopped before they could reach it."""
    notes = sorted(coverage_notes(ruleset, coverage, played), key=lambda d: (d.loc.path, d.loc.line, d.loc.col))
    if stopped >= played:  # nothing after the first failure ran: "an 'if' that is never true?" would send the author astray
        why = "every smoke game stopped at a failure reported above, so this says little: fix that first"
        return [Diagnostic(d.loc, d.code, d.message, why) for d in notes]
    if stopped:
        return [Diagnostic(d.loc, d.code, d.message, f"{d.hint} ({stopped} of the {played} games stopped at a failure "
                           "reported above, before their end)") for d in notes]
    return notes


def play_one(ruleset, players: int, seed: int, coverage: Counter | None, record: bool = False) -> PhiltreError | None:
    """Play one game with random legal decisions; the error that stopped it, if any (recorded: with its record)."""
    rng = random.Random(seed)
    try:
        game = Game(ruleset, players, seed=seed, coverage=coverage, record=record, agents=["random"] * players)
        while not game.finished:
            for p in game.pending():
                game.apply(p, rng.choice(game.options(p)))
    except PhiltreError as exc:
        return exc
    return None


def _failure(ruleset, d: Diagnostic, count: int, played: int, where, record_dir, stopped: bool = False) -> Diagnostic:
    """A game's failure, saying how often it happened and how to play it again (and, for the runaway that stopped the smoke, so)."""
    n, seed = where
    hint = f"in {count} of {counted(played, 'smoke game')}; first with {counted(n, 'player')}, Game(ruleset, {n}, seed={seed})"
    path = _write_record(ruleset, n, seed, record_dir) if record_dir else None
    if path is not None:
        hint += f"; its record, up to the failure: {path}; `philtre replay {path}` plays it again"
    if stopped:
        hint += "; the smoke stopped there"
    return Diagnostic(d.loc, d.code, d.message, f"{d.hint}; {hint}" if d.hint else hint)


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


def coverage_notes(ruleset, coverage: Counter, played: int) -> list[Diagnostic]:
    """C001 for each action never taken, C002 for each statement never run (not those inside it), once per place."""
    out, ran, said = [], _runs_by_place(coverage), set()
    for name, action in ruleset.actions.items():
        if not coverage.get(name):
            out.append(Diagnostic(action.loc, "C001", f"action '{name}' was never taken in {counted(played, 'smoke game')}",
                                  "a rare situation, or an 'if' that is never true?"))
        else:
            out += _never_ran(action.body, ran, played, said)
    return _never_ran(ruleset.flow, ran, played, said) + out


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


def _never_ran(block, ran: Counter, played: int, said: set) -> list[Diagnostic]:
    """The outermost statements of a block that never ran, each place said once (in ``said``)."""
    out = []
    for stmt in block:
        if not ran.get(_place(stmt)):
            if _place(stmt) not in said:
                said.add(_place(stmt))
                out.append(Diagnostic(stmt.loc, "C002", f"'{stmt.label}' never ran in {counted(played, 'smoke game')}",
                                      "a rare situation, or a 'when' that is never true?"))
            continue
        for inner in blocks_of(stmt):
            out += _never_ran(inner, ran, played, said)
    return out

