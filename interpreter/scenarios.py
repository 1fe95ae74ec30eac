"""Run a ruleset's scenarios: a given position, the decisions taken, the expected outcome."""

from __future__ import annotations

import os
import re
from collections import Counter, deque
from collections.abc import Iterator

from philtre.dsl import ast, geometry
from philtre.dsl.builtins import WORK, WORK_LIMIT, RuleRuntimeError, b_zone_of
from philtre.dsl.errors import Diagnostic, Loc, PhiltreError, few_listed
from philtre.dsl.model import Action, counts_text, decision_actions
from philtre.dsl.statements import DECISION_KINDS
from philtre.dsl.plain_data import Record, made_by
from philtre.dsl.compiler import Expr, failing_definition, index_named, is_list, lists_every_turn, nones_named
from philtre.dsl.scenario_defaults import LEAVE_DEFAULTS_OUT, from_defaults
from philtre.dsl.scenarios import (COMPONENT_KEY, NOT_A_PATTERN, OTHERS, given_entry, given_rank, is_filler, one_component_said, component_hint, derived_not_made, fits_shape, kinds_match, not_made, pattern_text, rest_emptied_text, empty_form, run_out_text, spelt_out, unchosen_number, unchosen_word, value_kind, written,
                                    shape_hint, shape_wanted, wrong_kind_hint, wrong_kind_text, zone_named)
from philtre.dsl.values import Component, Zone, _frozen, a_kind, component_text, describe, explain
from philtre.dsl.yamlpos import plain

from .effects import GameEnded, move_components
from .game import BLOCK, LOCALS, LOOP, PC, STMT, Game
from .options import boards_wording, located_wording, placed_wording, set_lists, single_zones, told_places
from .play_input import _all_at_rot_zero
from .runners import FAILURES, seat_names
from .views import turn_seat


class Result(Record):
    name: str
    loc: Loc
    failures: list
    skipped: str = ""  # why the scenario was not run, if it was not
    notes: list = made_by(list)  # what it did that the author may not have meant, without failing it (T018)
    stopped: bool = False  # a rule stopped its game (R100, R200, R300): what came after it was not reached
    # the expressions its failures read (T023 names only variables they read): a failing expectation's, steps taken or
    # not (a trial's variable, set before `given` and read by no failure, was named after a step); None once any variable
    # may be a cause: a step or `always` failed after a rule ran since `given`, or a rule failed
    causes: list | None = made_by(list)
    unscripted: list = made_by(list)  # the rolls its steps made that `rolls` did not script: (number, where, the step) (T027)
    # the zones given `{others: true}` that hold more once given than the game had put there: (the given key, the zone's
    # name, how many it held, holds, and its list names), for a T012 reading one (_grown_read)
    grown: list = made_by(list)
    # what each step whose pattern matched components lying in several zones took (the first option), for a T012's hint
    took: list = made_by(list)
    # where `given` set variables a statement still running had read (T028): (the seeds its hint named, how many were
    # tried, what they read: "leader read as 2"), for a T013 at the first step to point to them, not to `player:`
    read_before: tuple | None = None

    @property
    def passed(self) -> bool:
        return not self.failures


def run_scenarios(ruleset, select: str | None = None) -> list[Result]:
    """Run every scenario (or those whose name contains ``select``); the results once all have run."""
    return list(each_result(ruleset, select))


def each_result(ruleset, select: str | None = None, of_base: bool = False) -> Iterator[Result]:
    """Run the scenarios one by one (or those whose name contains ``select``), yielding each result as it ends.

    `philtre test` prints each then: a long run shows its progress, and a Ctrl-C keeps what ran.
    The scenarios of a variant that another one given extends come first, skipped (set_aside_results).
    ``of_base``: the scenarios are the base's, on a variant's rules (`test --base-scenarios`; none is set aside).
    """
    for result in () if of_base else set_aside_results(ruleset):
        if not select or select in result.name:
            yield result
    untyped = None  # T021's and T037's notes, by scenario: found once a scenario fails
    for sc in ruleset.scenarios:
        if not select or select in sc.name:
            result = _skipped(ruleset, sc, of_base) or run_scenario(ruleset, sc)
            if result.failures:  # a pattern that may have taken a type not meant is often why: validate's note, here too
                if untyped is None:
                    untyped = _untyped_notes(ruleset)
                result.notes.extend(note for note in untyped.get(sc.name, ()) if note not in result.notes)
            yield result


def _untyped_notes(ruleset) -> dict:
    """validate's T021 notes (a given pattern without type that components of several types match) and T037 notes (a
    given map lacking keys its initial value has), by scenario name."""
    from philtre.dsl.scenarios import partial_maps_by_scenario, untyped_by_scenario

    notes: dict = {}
    for name, diagnostic in untyped_by_scenario(ruleset) + partial_maps_by_scenario(ruleset):
        notes.setdefault(name, []).append(str(diagnostic))
    return notes


def set_aside_results(ruleset) -> list[Result]:
    """The scenarios of each variant that another variant of the combination extends, as skipped results.

    They test that variant's own rules, which the one extending it changes: the combination
    leaves them out (dsl/overlays.py), and says so here rather than silently.
    """
    from philtre.dsl.overlays import set_aside_scenarios

    return [Result(name, loc, [], f"{by} extends {variant} and changes its rules")
            for name, loc, variant, by in set_aside_scenarios(ruleset.path, ruleset.variants)]


def _skipped(ruleset, sc, of_base: bool = False) -> Result | None:
    """A scenario of one variant for a player count that a combination of several does not take is not run, nor one
    of the base's for a count its variant does not take (``of_base``).

    Each variant's scenarios were written for that variant alone (three players, say);
    another variant in the combination may allow other counts. Alone or on its base, a
    scenario for a count the ruleset does not take is the author's mistake: it runs, and
    fails with R001.
    """
    if (len(ruleset.variants) > 1 or of_base) and sc.players not in ruleset.player_counts:
        allowed = counts_text(ruleset.player_counts)
        return Result(sc.name, sc.loc, [], f"for {sc.players} players; {' + '.join(ruleset.variants)} is for {allowed}")
    return None


def run_scenario(ruleset, sc) -> Result:
    """Run one scenario; failures are messages at the place in the file they concern."""
    result = Result(sc.name, sc.loc, [])
    if sc.players not in ruleset.player_counts:  # said where the scenario says it
        result.failures.append(str(PhiltreError.at(sc.players_loc or sc.loc, "R001", f"{ruleset.allowed_players()}, not {sc.players}")))
        return result
    try:
        # with given.at the rolls made on the way there are the game's own: the script starts at the position (_play_scenario)
        game = _game_of(sc)(ruleset, sc.players, seed=sc.seed, script_rolls=_counted_script(sc.rolls) if sc.at is None else (),
                            script_shuffles=scripted_shuffles(sc))
    except PhiltreError as exc:
        result.failures.append(str(exc))
        return result
    reached = _play_scenario(game, ruleset, sc, result)
    if reached:  # (a scenario stopped before its expectations may not have reached its shuffles: said of its failure)
        result.failures.extend(shuffles_not_used(game, sc))
    # first: a face scripted and not shown is why what follows read other faces; rolls a rule's failure kept from being
    # made, after it: the rule is the cause, and a script for the way to given.at is no advice then
    result.failures[:0] = scripted_roll_failures(game, sc, reached, result.stopped)
    if result.stopped:
        result.failures.extend(_rolls_not_reached(game, sc))
        result.causes = None
    # (a roll not made as scripted, T017, blames no variable: what failed after it says what it read, as without it;
    # T023 was said of a variable no failure read, beside each base scenario a variant's other decision left unrolled)
    if result.failures and (sc.zones or sc.empty or sc.variables):
        stale = stale_after_given(ruleset, sc, result.causes)
        if stale:
            result.failures.append(stale)
    if result.failures and result.unscripted:
        result.failures.append(_unscripted_said(sc, result.unscripted))
    return result


class HeldAtStart(Game):
    """A scenario's game held once set up (its zones and variables as the ruleset starts them), before the flow's first
    statement runs: `given.at: start` lays its position there, then start() runs the flow to its first decision as a
    new Game does. Counted while made (Game's set-up then runs the flow by _run, which waits here, not by its runners'
    descent), counted no more after."""

    _holding = True

    def __init__(self, ruleset, players: int, **options):
        super().__init__(ruleset, players, coverage=Counter(), **options)
        self.coverage = None

    def _run(self) -> None:
        if not self._holding:
            Game._run(self)

    def start(self) -> None:
        """Run the flow from its first statement to its first decision (or the end), as Game's set-up runs it (a
        scenario's game keeps no record: a rule's failure is the scenario's to say)."""
        self._holding = False
        WORK[0] = WORK_LIMIT  # (`given`'s evaluations are no work of the flow's)
        try:
            self._run()
        except GameEnded:  # an end_game before the first decision
            self._end_now()
        finally:
            WORK[0] = WORK_LIMIT


def _game_of(sc) -> type:
    """The kind of game scenario ``sc`` plays: one held at its start for `given.at: start`."""
    return HeldAtStart if sc.at_start else Game


UNSCRIPTED_COUNTED = 1_000  # the rolls past a scenario's `rolls` that its game counts (T027)
_UNSCRIPTED: dict = {}  # a `rolls` item scripting no die: its roll draws every face from the generator


def _counted_script(rolls) -> list:
    """A scenario's `rolls`, then items scripting nothing: each roll after them is made as a scripted one is, counted
    in Game.script_uses (the runners' own rolls count none), its faces drawn as any roll's."""
    return [*rolls, *[_UNSCRIPTED] * UNSCRIPTED_COUNTED]


def scripted_shuffles(sc) -> tuple | None:
    """Game's ``script_shuffles`` for a scenario's `shuffles`: its items, numbered (none yet with given.at: they start at
    the position, _play_scenario), and the reader of one; None without."""
    return ([*enumerate(sc.shuffles, 1)] if sc.at is None else [], _shuffle_order) if sc.shuffles else None


def _shuffles_from(sc) -> str:
    """Where the count of `shuffles` items starts: the game's start, or the position `given.at` names."""
    if sc.at is None:
        return "the n-th item of `shuffles` is used by the n-th shuffle the game runs, from its start"
    return f"the n-th item of `shuffles` is used by the n-th shuffle the game runs after the position given.at '{sc.at}'"


def _shuffle_order(game, item, zones: list, stmt) -> dict:
    """What the shuffle ``stmt`` of ``zones`` does with its `shuffles` item ``(number, Shuffled)``: {zone key: a function
    putting the zone, once shuffled, in the item's order}; T030 at a key that names no zone that shuffle shuffles."""
    number, order = item
    S, ruleset = game.state, game.ruleset
    shuffled = {zone.key for zone in zones}
    where = f" at {stmt.loc}" if stmt is not None else ""
    out = {}
    for expr, contents, loc in order.zones:
        try:
            zone = expr.fn(S, {})
        except (RuleRuntimeError, *FAILURES) as exc:
            raise PhiltreError.at(loc, "T030", f"shuffles item {number}: {expr.text.strip()} cannot be read here: {exc}") from None
        if type(zone) is not Zone:
            raise PhiltreError.at(loc, "T030", f"a key of shuffles names one zone; {expr.text.strip()} is {describe(zone)}",
                                  "write one key per zone: hand[0], not hand")
        if zone.key not in shuffled:
            names = ", ".join(_zone_name(ruleset, key) for key in shuffled) or "no zone"
            raise PhiltreError.at(loc, "T030", f"shuffles item {number} orders {_zone_name(ruleset, zone.key)}, but the shuffle "
                                  f"that uses it (shuffle {number}{where}) shuffles {names}: "
                                  f"{_zone_name(ruleset, zone.key)} is not shuffled there",
                                  "the n-th item is used by the n-th shuffle run: name only zones that shuffle shuffles, "
                                  "or give {} for a shuffle left at random before the item meant")
        out[zone.key] = _ordering(ruleset, number, contents, loc, where)
    return out


def _ordering(ruleset, number: int, contents, key_loc, where: str):
    """The function putting a zone just shuffled in the order its `shuffles` list writes, bottom to top: each pattern
    takes the first component of the zone (in the random order drawn) that it matches, the patterns naming more
    attributes first, then in the order written; `{others: true}` holds the rest, in that random order. T031 where a
    pattern matches no component left in the zone, or where components are left over with no `{others: true}`."""
    slots = []  # a pattern (attributes, its Loc), or None for `{others: true}`
    for entry in contents:
        if OTHERS in entry:
            slots.append(None)
            continue
        attrs = {k: plain(v) for k, v in entry.items() if k not in ("copies", "at")}
        slots.extend((pattern, entry.loc) for pattern in spelt_out(attrs) for _ in range(int(entry.get("copies", 1))))
    taking = sorted((i for i, slot in enumerate(slots) if slot is not None), key=lambda i: given_rank(slots[i][0]))

    def order(zone) -> None:
        name = _zone_name(ruleset, zone.key)
        taken, placed = set(), {}
        for i in taking:
            pattern, loc = slots[i]
            found = next((c for c in zone if c["id"] not in taken and _matches(c, pattern)), None)
            if found is None:
                alike = sum(1 for c in zone if _matches(c, pattern))
                raise PhiltreError.at(loc, "T031", f"no component left in {name} matching {pattern_text(pattern)} when "
                                      f"shuffle {number}{where} shuffled it ({len(zone)} component{'' if len(zone) == 1 else 's'} there)",
                                      f"the item's patterns before it took the {alike} it held" if alike else
                                      f"a shuffle orders only the components already in the zone, and {name} held none so: "
                                      "give them to the zone first (given.zones, or steps), or script another shuffle")
            taken.add(found["id"])
            placed[i] = found
        rest = [c for c in zone if c["id"] not in taken]
        if rest and None not in slots:
            raise PhiltreError.at(key_loc, "T031", f"{name} held {len(zone)} components when shuffle {number}{where} shuffled it; "
                                  f"shuffles item {number} lists {len(taken)}", "write {others: true} where the others "
                                  f"lie, in the shuffle's random order: [{{others: true}}, ...] puts the ones listed on top")
        zone[:] = [c for i, slot in enumerate(slots) for c in ((placed[i],) if slot is not None else rest)]
    return order


def shuffles_not_used(game, sc) -> list:
    """T030 at each `shuffles` item no shuffle used, once the scenario reaches its expectations (a list longer than the
    shuffles run)."""
    left = game.shuffle_script or ()
    ran = len(sc.shuffles) - len(left)
    return [_failure(order.loc, "T030", f"shuffles item {number} is never used: the game ran {ran} shuffle"
                     f"{'' if ran == 1 else 's'} before its expectations", _shuffles_from(sc))
            for number, order in left]


def _unscripted_said(sc, unscripted: list) -> str:
    """T027, said after a failing scenario's failures: the rolls its steps made that `rolls` did not script, whose faces
    came from the seed (a trial's step rolled on, and the failing points read dice nobody chose)."""
    numbers = [number for number, _, _ in unscripted]
    of_game = "of the game" if sc.at is None else f"after given.at '{sc.at}'"
    one = len(numbers) == 1
    where = ", ".join(dict.fromkeys(str(loc) for _, loc, _ in unscripted))
    said = (f"roll{'' if one else 's'} {few_listed([str(n) for n in numbers])} {of_game} (at {where}) "
            f"{'was' if one else 'were'} not scripted: {'its' if one else 'their'} dice came from the seed")
    return _failure(unscripted[0][2], "T027", said, f"{_script_hint(sc)}: script {'it' if one else 'them'} in `rolls` to "
                    "read the faces meant")


def stale_after_given(ruleset, sc, causes=None) -> str:
    """T023, said after a failing scenario whose `given` lays out zones or sets variables: the variables the rules set
    from those zones (or from the variables given: `set: {temp: "prog[current]"}` before `given` sets prog) that
    `given` does not set (they keep the values computed from the position before it), or set or left alone as a
    `when` (or an action's `if`) reading them decided, and the `turns` whose first seat was read from them; '' if there
    are none. The lints' reading of the rules says which zones each reads. With ``causes`` (Result.causes), only the
    variables those expressions read are named: one nothing read since `given` cannot be why it failed (a trial game's
    `asked`, a trial game's `loser` were named beside failures that never read them)."""
    from philtre.dsl.lints import Facts, names_read

    facts = Facts(ruleset)
    named = set()
    for expr, _, _ in sc.zones:
        named |= facts.refs(expr, {})
    for expr, _ in sc.empty:
        named |= facts.refs(expr, {})
    named.discard("*")  # (a key the lints cannot follow names no zone here)
    set_by_given = {name.partition("[")[0].strip() for name, _ in sc.variables}  # (`last[0]`: last)
    if sc.at_start or (not named and not set_by_given):  # at the start, nothing has read the position yet
        return ""
    before = _before_given(ruleset, sc)
    ran = before.ran if before is not None else None
    moved = (before.moved - named) if before is not None else set()  # (nest, where the pawns given come from)
    given = named | moved
    placed = {stmt: (env, action) for stmt, env, action in facts.placed}
    parents = before.parents if before is not None else _statement_parents(ruleset)
    stale: dict = {}  # variable -> (the given zones read, where the `set` is written, how they decided it)
    turns: dict = {}  # where each `turns` whose first seat reads a given zone is written -> those zones
    asked: dict = {}  # where the decision waiting is written, its `player` read from a given zone -> those zones
    for stmt, (env, action) in placed.items():
        # a statement that had not run by then computes from the position given, if it runs: only one that ran (the
        # flow's on the way to the first decision, an action's taken on the way to given.at) left a value behind, or
        # one a `when` read before `given` kept from running; an action's arguments are chosen after `given`, from the
        # position it lays: what is read through them is fresh
        if before is not None and stmt is before.waiting and (read := facts.reads(stmt.args.get("player"), env) & given):
            asked[stmt.loc] = read  # (its seat was read as the flow reached it, before `given`)
        kept = None if ran is None or stmt in ran else _kept_by_when(stmt, before, placed)
        if ran is not None and stmt not in ran and kept is None:
            continue
        env = _fresh_arguments(env, action)
        if stmt.kind == "set":
            decided = kept or _decided_by(stmt, parents, placed, facts, given)
            for name, index, value, _ in stmt.args.get("targets", ()):
                read = frozenset() if kept else facts.reads(value, env) & given | _variables_read(facts, value, env, set_by_given)
                how = "from" if read else "not" if kept else "as"
                read = read or _condition_reads(decided, placed, facts) & given
                if (read and name not in set_by_given and name not in stale
                        and not _set_afresh_later(name, stmt, before, placed, facts, given, parents)
                        and not _as_the_rules_would_have_it(stmt, (name, index, value), how, decided, before, placed,
                                                            ruleset.variables[name])):
                    stale[name] = (read, stmt.loc, how, decided)
        elif stmt.kind == "turns" and (read := facts.reads(stmt.args.get("first"), env) & given) \
                and not _same_first_seat(stmt, before):
            turns[stmt.loc] = read

    if causes is not None:
        read = names_read(facts, causes)
        stale = {name: why for name, why in stale.items() if name in read}
    if not stale and not turns and not asked:
        return ""
    copied = set_by_given & set().union(*(read for read, *_ in stale.values()))  # the variables given that a set read
    named |= copied
    moved &= set().union(*(read for read, *_ in stale.values()), *turns.values(), *asked.values())  # (those that matter here)
    said, hints = [], []
    if stale:
        one = len(stale) == 1
        listed = few_listed([_stale_text(name, read, loc, how, decided) for name, (read, loc, how, decided) in stale.items()])
        them = 'it' if len(named | moved) == 1 else 'them'
        # where only a `when` (or an `if`) read what is given, the `set` may as well have given the same value
        may = all(how != "from" for _, _, how, _ in stale.values())
        keep = ('it may keep the value it' if one else 'they may keep the values they') if may else \
            ('it keeps the value it' if one else 'they keep the values they')
        said.append(f"but not the variable{'' if one else 's'} "
                    f"{f'a condition reading {them} may set' if may else f'the rules set from {them}'}: "
                    f"{listed}; {keep} had before `given`, not "
                    f"what the rules would compute from the {'position' if copied else 'zones'} given")
        hints.append(f"give {'it' if one else 'them'} in given.variables too, as the rules would set {'it' if one else 'them'} "
                     "from the position given")
    if turns:
        said.append(("" if stale else "but ") + few_listed([f"the turns at {loc} took their first seat from "
                                                             f"{', '.join(sorted(read))} before `given`" for loc, read in turns.items()]))
        hints.append("a turn order already started is not read again: give `given` with `at: start` (before the flow's "
                     "first statement), reach the position with steps, or choose a `seed` whose set-up gives it")
    if asked:  # (one at most: the decision the game waits at)
        [(at, read)] = asked.items()
        text, hint = _asked_text(at, read, before.asks)
        said.append(("" if stale or turns else "but ") + text)
        hints.append(hint)
    loc = sc.zones[0][2] if sc.zones else sc.empty[0][1] if sc.empty else _variable_loc(sc, copied)
    also = f" (and so changes {', '.join(sorted(moved))}, whose components it moved)" if moved else ""
    return _failure(loc, "T023", f"`given` sets {', '.join(sorted(named))}{also}, " + "; and ".join(said), "; ".join(hints))


def _asked_text(loc, read, asks) -> tuple:
    """T023's words (what is said, its hint) for the decision the game waits at (written at ``loc``), whose `player`
    read the zones ``read`` as the flow reached it, before `given`; ``asks``: _BeforeGiven.asks, the seats it asks and
    the seat its `player` reads on the position given. A trial's user read "the decision waiting took its seat" and
    did not see what to change: it says which seat must take the steps, and which the position given would name."""
    from .render import seats_text

    zones, one = ", ".join(sorted(read)), len(read) == 1
    seats, now = asks
    who = seats_text(seats) if seats else "the seat its `player` named"
    then = (f"; on the position given it would be {seats_text([now])}" if seats and now is not _UNREAD
            and [now] != list(seats) else "")
    said = (f"the game was already waiting at the decision at {loc} for {who}, chosen from {zones} before `given` "
            f"changed {'it' if one else 'them'}, and a decision does not choose its seat again{then}")
    seat = seats_text(seats) if seats else "that seat"
    hint = (f"write the steps for {seat}, give {zones} so that {'it names' if one else 'they name'} {seat} there, or "
            "give `given` an earlier `at:` (`at: start`) so that the game reaches the decision on the position given and "
            "chooses its seat from it")
    return said, hint


def _same_first_seat(stmt, before) -> bool:
    """Whether the `turns` ``stmt``, running where the flow waits, has its first seat read again on the position given
    the seat it read before `given` (_BeforeGiven.firsts): the turn order it started is the one the position gives, and
    T023 does not name it (a trial's first seat, the owner of a component's zone, was named where `given` kept that
    component in the same zone). As T028 compares what a running statement read with what it reads once given."""
    seats = before.firsts.get(stmt) if before is not None else None
    return seats is not None and _UNREAD not in seats and seats[0] == seats[1]


def _variables_read(facts, value, env: dict, given: set) -> frozenset:
    """The variables of ``given`` (those `given.variables` sets) that ``value``, of a `set` read with the local names
    ``env``, reads: directly or in the definitions it calls."""
    from philtre.dsl.lints import names_read

    if not given or value is None:
        return frozenset()
    return frozenset(names_read(facts, [value]) & given - set(env))


def _variable_loc(sc, names: set):
    """Where the first of the variables ``names`` is written in `given.variables` (the scenario's place, if nowhere)."""
    for (name, _), loc in zip(sc.variables, sc.variable_locs or ()):
        if name.partition("[")[0].strip() in names:
            return loc
    return sc.loc


def _as_the_rules_would_have_it(stmt, target: tuple, how: str, decided, before, placed: dict, spec) -> bool:
    """Whether the variable a `set` gives (``target``: its name, index and value; ``spec``: the variable's) holds, at the
    position given, what the rules would give it there: its value read again at that position is the one it holds; or
    the `when` that let the `set` run (or kept it from running) before `given` says the same there; or, whatever that
    `when` says, the `set` gives the value it holds, which a `set` kept from running would give, and one that ran
    would leave as its initial value. Then T023 does not name it (a trial: `struck`, kept false by a `when` reading
    the path, was named though the path given keeps it false; another's `top: 0` beside `first: current`). False where
    that cannot be read without the local names of where the `set` runs (a loop's, an action's)."""
    S = before.after if before is not None else None
    if S is None:
        return False
    name, index, value = target
    if index is None and name in S.vars and _read_alone(value, stmt, placed):
        held, initial = _value_at(value, S), spec.initial
        if spec.per_player and type(S.vars[name]) is list:
            initial = [initial] * len(S.vars[name])
        if held is not _UNREAD and held == S.vars[name] and (how != "as" or held == initial):
            return True
    if how == "from":
        return False
    if isinstance(decided, Action) or decided is None or not _read_alone(decided.when, decided, placed):
        return False
    holds = _value_at(decided.when, S)
    return holds is not _UNREAD and bool(holds) == (decided in before.ran)


_UNREAD = object()  # an expression that could not be read at the position given


def _read_alone(expr, stmt, placed: dict) -> bool:
    """Whether ``expr`` of ``stmt`` reads none of the local names where it runs (an action's parameters and `me`, a
    loop's variable, a `let` name): it can be read at a position without them."""
    env, action = placed.get(stmt, ({}, None))
    return action is None and not set(env) & set(expr.names or ())


def _value_at(expr, S, L=None):
    """``expr``'s value at state ``S``, read with the local names ``L`` (none by default); _UNREAD where it fails there."""
    WORK[0] = WORK_LIMIT
    try:
        return expr.fn(S, L or {})
    except Exception:  # noqa: BLE001 - any failure: the value is not known, and T023 names the variable as before
        return _UNREAD
    finally:
        WORK[0] = WORK_LIMIT


def _set_afresh_later(name: str, stmt, before, placed: dict, facts, given, parents: dict) -> bool:
    """Whether a `set` that ran after ``stmt`` before `given` gave the whole of ``name`` a value read from no zone given,
    its running not decided by one: the value at the position is that one's (T023 blamed a scratch variable set from the
    deck and emptied at the next line)."""
    if before is None or stmt not in before.ran:
        return False
    # in the order they last ran: a `set: {led: none}` at each trick's start ran after the action that set led last,
    # though it first ran before it (a trial had led named at a trick's first card, where it is none)
    for later in (later for later in before.ran if before.last.get(later, 0) > before.last.get(stmt, 0)):
        if getattr(later, "kind", None) != "set":
            continue
        env = _fresh_arguments(*placed.get(later, ({}, None)))
        for target, index, value, _ in later.args.get("targets", ()):
            if (target == name and index is None and not facts.reads(value, env) & given
                    and _decided_by(later, parents, placed, facts, given) is None):
                return True
    return False


def _fresh_arguments(env: dict, action) -> dict:
    """A statement's local names as T023 reads them: an action's are chosen after `given`, from the position it lays."""
    return {name: frozenset() for name in env} if action is not None else env


def _stale_text(name: str, read, loc, how: str, decided) -> str:
    """One variable T023 names: the zones its value was read from, or the `when` (or `if`) reading them that decided
    whether the `set` at ``loc`` ran."""
    zones = ", ".join(sorted(read))
    if how == "from":
        return f"{name} (from {zones}, set at {loc})"
    by = f"the `if` of action '{decided.name}'" if isinstance(decided, Action) else f"the `when` at {decided.when.loc}"
    return f"{name} ({'not ' if how == 'not' else ''}set at {loc} as {by} read {zones})"


def _condition_reads(decided, placed: dict, facts) -> frozenset:
    """The zones the condition of ``decided``, a statement (its `when`) or an action (its `if`), reads."""
    if decided is None:
        return frozenset()
    if isinstance(decided, Action):
        return facts.reads(decided.condition, facts.action_env(decided))
    env, action = placed.get(decided, ({}, None))
    return facts.reads(decided.when, _fresh_arguments(env, action))


def _decided_by(stmt, parents: dict, placed: dict, facts, given):
    """The statement around ``stmt`` (or itself) whose `when` reads a zone of ``given``, else the action it is of whose
    `if` does: what let it run before `given`; None where none does (``parents``: _statement_parents)."""
    node = stmt
    while node is not None:
        if node.when is not None and _condition_reads(node, placed, facts) & given:
            return node
        node = parents.get(node, (None, False))[0]
    action = placed.get(stmt, ({}, None))[1]
    if action is not None and action.condition is not None and _condition_reads(action, placed, facts) & given:
        return action
    return None


def _kept_by_when(stmt, before, placed: dict):
    """The statement whose `when`, evaluated before `given`, kept ``stmt`` (which did not run) from running: itself or
    one around it whose `when` was false (or true, ``stmt`` in its `else`); None where nothing run before `given` did."""
    parents = before.parents
    child, node = None, stmt
    while node is not None:
        if node in before.reached:
            in_else = child is not None and parents[child][1]
            if node.when is not None and (node in before.ran) == in_else:
                return node
            return None
        child, node = node, parents.get(node, (None, False))[0]
    return None


def _statement_parents(ruleset) -> dict:
    """Each statement of the flow and the actions -> (the statement holding it, whether in its `else`)."""
    from .coverage import blocks_of

    out: dict = {}
    todo = [stmt for block in ruleset.statement_blocks for stmt in block]
    while todo:
        stmt = todo.pop()
        for block in blocks_of(stmt):
            for inner in block:
                out[inner] = (stmt, block is stmt.otherwise)
                todo.append(inner)
    return out


class _BeforeGiven(Record):
    """A failing scenario's game played again to `given` (_before_given)."""
    ran: dict  # the statements that ran (their `when` held), of the flow and of the actions taken, in the order first run
    last: dict  # statement -> when it last ran (a count that grows as statements run)
    reached: set  # the statements whose `when` was read (those run, and those it kept from running)
    parents: dict  # statement -> (the statement holding it, whether in its `else`)
    moved: set  # the zone families `given` moved components out of or into, beside those it names
    waiting: object = None  # the statement the flow waits at (a decision), None where it waits at none
    after: object = None  # the game's state with `given` applied; None where it could not be applied
    # each `turns` running where the flow waits -> its first seat read before `given` and again on the position given
    # (_first_seats; _UNREAD where it cannot be read): the same seat, `given` changed nothing of the turn order
    firsts: dict = made_by(dict)
    # the seats the waiting decision asks, and those its `player` reads on the position given (_UNREAD where it cannot
    # be read; None where no decision waits)
    asks: tuple = (None, None)


class _LastRun(Counter):
    """A coverage count that also keeps when each statement last ran (_BeforeGiven.last)."""

    def __init__(self):
        super().__init__()
        self.last: dict = {}
        self.ticks = 0

    def __setitem__(self, key, value):
        self.ticks += 1
        self.last[key] = self.ticks
        super().__setitem__(key, value)


def _before_given(ruleset, sc):
    """The scenario's game played again to its `given` (only for a scenario that failed), counting the statements run,
    and `given` applied to it to see which zones it changes; None where that game cannot be played again."""
    ran = _LastRun()
    try:
        game = Game(ruleset, sc.players, seed=sc.seed, script_rolls=sc.rolls if sc.at is None else (), coverage=ran,
                    script_shuffles=scripted_shuffles(sc))  # (the scenario's set-up, its shuffles scripted too)
        if sc.at is not None and not _play_until(game, sc, Result(sc.name, sc.loc, [])):
            return None
    except PhiltreError:
        return None
    run = {key: None for key, count in ran.items() if count and not isinstance(key, str)}  # (a dict: in the order run)
    taken = [ruleset.actions[key] for key, count in ran.items() if count and isinstance(key, str) and key in ruleset.actions]
    parents = _statement_parents(ruleset)
    reached = _reached(ruleset.flow, game.state.flow.stack, run)
    for action in taken:  # an action runs to its end: every statement of it was reached
        reached |= _reached(action.body, (), run)
    S = game.state
    where = list(S.where)
    waiting = _waiting_at(game.state.flow.stack)
    firsts = _first_seats(S)
    pending, asked = game.state.flow.pending, tuple(game.pending()) if waiting is not None else None
    try:
        _apply_given(game, ruleset, sc, Result(sc.name, sc.loc, []))
    except (PhiltreError, _NotEvaluated):
        return _BeforeGiven(run, ran.last, reached, parents, set(), waiting)
    moved = {key[0] for old, new in zip(where, S.where) if old != new for key in (old, new)}
    firsts = {stmt: (seat, _first_seat_at(stmt, S, L)) for stmt, (seat, L) in firsts.items()}
    player = waiting.args.get("player") if waiting is not None else None
    reads = _value_at(player, S, dict(pending.locals) if pending is not None else {}) if player is not None else _UNREAD
    return _BeforeGiven(run, ran.last, reached, parents, moved, waiting, S, firsts, (asked, reads))


def _first_seats(S) -> dict:
    """Each `turns` running where the flow waits (a frame on the stack) -> (its first seat read at ``S``, the names it
    is read with: the statement's own, not the loop's `current`)."""
    return {frame[STMT]: (_first_seat_at(frame[STMT], S, frame[LOOP]), frame[LOOP]) for frame in S.flow.stack
            if getattr(frame[STMT], "kind", None) == "turns" and isinstance(frame[LOOP], dict)}


def _first_seat_at(stmt, S, L: dict):
    """The seat the `first` of the `turns` ``stmt`` gives at state ``S`` (counted round the table, as the loop counts
    it), read with the names ``L``; _UNREAD where it cannot be read there."""
    seat = _value_at(stmt.args["first"], S, L)
    return seat % S.nplayers if type(seat) is int else seat


def _waiting_at(stack):
    """The statement the flow waits at, the innermost frame's (its counter is past it), where it is a decision; else
    None."""
    if not stack:
        return None
    block, pc = stack[-1][BLOCK], stack[-1][PC]
    stmt = block[pc - 1] if 0 < pc <= len(block) else None
    return stmt if getattr(stmt, "kind", None) in DECISION_KINDS else None


def _reached(block, stack, ran: set) -> set:
    """The statements of ``block`` whose `when` was read: those before where the flow waits in each block of the
    ``stack`` it waits in, and in full the blocks of those that ran (the `else` of those whose `when` was false)."""
    waits = {id(frame[BLOCK]): frame[PC] for frame in stack}
    out: set = set()
    todo = [block]
    while todo:
        block = todo.pop()
        for stmt in block[:waits.get(id(block), len(block))]:
            out.add(stmt)
            todo.extend(_blocks_run(stmt, stmt in ran))
    return out


def _blocks_run(stmt, ran: bool) -> list:
    """The blocks of ``stmt`` that ran: its bodies where it ran, its `else` where its `when` was false."""
    from .coverage import blocks_of

    if ran:
        return [block for block in blocks_of(stmt) if block is not stmt.otherwise]
    return [stmt.otherwise] if stmt.when is not None and stmt.otherwise else []


def _play_scenario(game, ruleset, sc, result) -> bool:
    """Apply `given`, take the steps, autoplay, check the expectations; whether the expectations were reached."""
    sent_back = None  # the T022 said beside a rule's failure: what `given` sent back to where it starts
    waiting, ran = None, False  # the decision `given` was applied under (none at the start); ran: as below
    try:
        if sc.at is not None and not _play_until(game, sc, result, seeds=True):
            return False
        sent_back = _apply_given(game, ruleset, sc, result, seeds=True)
        if sc.at_start:  # (a rule failing as the flow runs from the position given has the T022 said beside it)
            game.start()
        if not sc.at_start and (sc.variables or sc.zones or sc.empty):
            waiting = game.state.flow.pending
        if sc.at is not None:  # "at this point these dice come up": the approach's rolls are random
            game.state.flow.script = _counted_script(sc.rolls)
            game.script_uses = []
            if sc.shuffles:  # (and its shuffles: the n-th item is the n-th shuffle after the position)
                game.shuffle_script.extend(enumerate(sc.shuffles, 1))
        ran = False  # whether a rule ran since `given` (a step taken, autoplay): any variable may be read from then on
        stepped_round = None  # the round the last step was taken in: expectations read after the flow ran on from it
        if sc.steps and (sc.variables or sc.zones or sc.empty):
            stuck = _stuck_at_given(game, sc.steps[0].player)
            if stuck is not None:  # no step could ever be taken past it: the steps would blame a seat yet to choose
                result.failures.append(_no_options_at_given(game, sc, stuck))
                return _blame(result, None)
        checks = _checks_by_place(sc)
        ends = _RoundEnds(game, ruleset, sc, result) if any(check.round_end for check in sc.checks) else None
        last = None  # the last step taken, with the game before it, where expectations read after it (_set_in_round)
        for number, step in enumerate(sc.steps):
            given_first = step is sc.steps[0] and sc.at is None and not sc.at_start and bool(sc.variables or sc.zones or sc.empty)
            if not _check_always(game, sc, result):
                return _blame(result, None)
            for check in checks.get(number, ()):  # a step `expect:` before this one: read where this step is taken
                if check.round_end:
                    ends.arm(check)
                else:
                    _check_expectations(game, ruleset, sc, result, check, ran, stepped_round, number > 0, last)
            stepped_round = game.state.round
            read_after = number == len(sc.steps) - 1 or number + 1 in checks
            last = (_copy_to_retake(game), step, given_first) if read_after else None
            failed, rolled = len(result.failures), len(game.script_uses)
            taken = _ran_on(lambda: _take_step(game, step, result, given_first, sc), step, sc)
            result.unscripted += [(number, game.script_uses[number - 1][1], step.loc)
                                  for number in range(max(rolled, len(sc.rolls)) + 1, len(game.script_uses) + 1)]
            if len(result.failures) > failed:  # (an `illegal: true` step that is legal fails, and the steps go on)
                _blame(result, None if ran else _step_reads(ruleset, step))
            if not taken:
                return False  # the expectations are about the position after every step: not reached
            ran = ran or not step.illegal
        # the invariants hold at the decision the expectations read too (after the last step, or given with no steps);
        # the end of the game is no decision: bookkeeping after the last one (a deal passing on) need not keep them
        if not game.finished and not _check_always(game, sc, result) and sc.autoplay:
            return _blame(result, None)  # the end the expectations are about is not reached
        for check in checks.get(len(sc.steps), ()):  # after the last step: before autoplay plays on to the end
            if check.round_end:
                ends.arm(check)
            else:
                _check_expectations(game, ruleset, sc, result, check, ran, stepped_round, bool(sc.steps), last)
        if sc.autoplay:
            ran = True
            _autoplay(game, sc, result)
            if result.failures:
                return _blame(result, None)  # an invariant broke on the way: the expectations are about an end not reached
        _check_expectations(game, ruleset, sc, result, sc, ran, stepped_round, bool(sc.steps) or sc.autoplay,
                            None if sc.autoplay else last)
        if ends is not None:
            ends.unread(stepped_round)
    except (PhiltreError, _NotEvaluated) as exc:
        result.causes = None  # (a rule failed, or a step's argument: what it read is not followed)
        result.stopped = isinstance(exc, PhiltreError) and exc.stopped_a_game
        if sent_back is not None and result.stopped:
            exc = PhiltreError([*exc.diagnostics, sent_back])  # the game the rule stopped had them: a cause to check first
        result.failures.append(_with_resized_given(ruleset, sc, str(exc)))
        if (result.stopped and not ran and waiting is not None and game.state.flow.pending is waiting
                and _flow_read_given(ruleset, sc)):
            result.failures.append(_reached_before_given(sc, waiting))
        return False
    return True


def _flow_read_given(ruleset, sc) -> bool:
    """Whether a statement the flow ran on its way to the decision `given` was applied under (its `when` too) read or
    set a variable `given` sets, or a zone family it lays out (the scenario's game played again to `given`): what `given`
    changed decided the way there. True where that game cannot be played again."""
    from philtre.dsl.lints import Facts, names_read

    before = _before_given(ruleset, sc)
    if before is None:
        return True
    facts = Facts(ruleset)
    given = {name.partition("[")[0] for name, _ in sc.variables} | before.moved
    for expr in [expr for expr, *_ in sc.zones] + [expr for expr, _ in sc.empty]:
        given |= facts.refs(expr, {})
    exprs = []
    for stmt in before.ran:
        exprs += [stmt.when, *(value for value in stmt.args.values() if isinstance(value, Expr))]
        for name, _, value, _ in stmt.args.get("targets", ()) if stmt.kind == "set" else ():
            if name in given:
                return True
            exprs.append(value)
    return bool(names_read(facts, exprs) & given)


def _reached_before_given(sc, waiting) -> str:
    """T023, said after a rule that failed at the decision `given` was applied under, before any step moved the game
    on: the flow reached that decision on the position before `given`, and what it lists is read on the position given,
    which the rules may never bring to it (a trial gave a seat the jail's square under the buy its random first move
    had reached: the buy's `if` failed)."""
    where = "the first the flow reached" if sc.at is None else f"given.at '{sc.at}'"
    hint = ("give `at: start` in given: the flow then runs from the position given to its first decision"
            if sc.at is None else "give a position the rules bring to that decision, or `at: start` in given and steps")
    return _failure(waiting.stmt.loc, "T023", f"`given` was applied while the game waited at this decision ({where}): the "
                    "flow reached it on the position before `given`, and its options are listed on the position given, "
                    "which the rules may never bring here", hint)


def _checks_by_place(sc) -> dict:
    """The scenario's steps `expect:` by the number of steps taken before each is read."""
    out: dict = {}
    for check in sc.checks:
        out.setdefault(check.before, []).append(check)
    return out


class _RoundEnds:
    """A scenario's steps `expect:` at `round_end`: each is armed at its point of the steps for the round in progress
    there, and read when that round ends (the game's round_end, told by a record that keeps nothing else: a scenario's
    game is otherwise played unrecorded), after its last statement ran and before the next round's start; T039 for one
    with no round in progress at its point, or whose round had not ended when the scenario stopped."""

    def __init__(self, game, ruleset, sc, result):
        self.game, self.ruleset, self.sc, self.result = game, ruleset, sc, result
        self.armed: list = []  # (the Checkpoint, the round it reads the end of)

    def arm(self, check) -> None:
        game = self.game
        S = game.state
        if game.finished or not S.flow.in_round:
            why = ("the game is over here" if game.finished
                   else f"the game waits at decision {game.decisions + 1} outside any round (round_number {S.round})")
            self.result.failures.append(_failure(check.loc, "T039", f"no round is in progress at this point of the steps "
                                                 f"to check its end: {why}", "write this step `expect:` among the steps "
                                                 "taken in the round whose end it checks: it is read when that round ends"))
            _blame(self.result, [])
            return
        if game.recorder is None:  # (a recorded game's runners: Game; none of them changes the game)
            from .simulate import round_ends_told

            game.recorder = round_ends_told(self.ended, keep=False)(game, (), None)
            game._runners = game._runners.for_all()
        self.armed.append((check, S.round))

    def ended(self, game) -> None:
        """A round ends: the checks armed for it are read now."""
        number = game.state.round
        now = [check for check, r in self.armed if r == number]
        self.armed = [(check, r) for check, r in self.armed if r != number]
        for check in now:
            _check_expectations(game, self.ruleset, self.sc, self.result, check, True, None, True, ended=number)

    def unread(self, stepped_round) -> None:
        """T039 at each check whose round had not ended when the scenario stopped (after the steps, with no autoplay)."""
        game = self.game
        S = game.state
        at = _waiting_text(game)
        for check, r in self.armed:
            hint = ("take the steps on to the round's last decision: its end is read as the game runs on from the "
                    "last step; or give the scenario `autoplay: true`, whose random agents play on to the game's end")
            if stepped_round is not None and stepped_round < r:
                hint = (f"the last step, taken in round {stepped_round}, ended that round: to check round "
                        f"{stepped_round}'s end, write this step `expect:` before the last step")
            self.result.failures.append(_failure(check.loc, "T039", f"round {r} had not ended when the scenario stopped "
                                                 f"(after the steps, the game waits at decision {game.decisions + 1}, "
                                                 f"round {S.round}{at}): its end was not read", hint))
            _blame(self.result, [])
        self.armed = []


def _check_expectations(game, ruleset, sc, result, held, ran: bool, stepped_round, moved_on: bool, last=None,
                        ended=None) -> None:
    """Check the expectations ``held`` (the scenario's `expect`, or a step `expect:`: expressions, `pending` and
    `options` items) at the position now, in the order written; each failure goes to ``result``, and none hides the
    others. ``ran``: whether a rule ran since `given`; ``stepped_round``: the round the last step was taken in;
    ``moved_on``: whether the game moved on from `given` before them (a step taken, or autoplay); ``last``: the last
    step taken and the game before it (_set_in_round), None where unknown; ``ended``: the round whose end this is (a
    step `expect:` at `round_end`), where no decision waits: `deciding` is [], `current` and `waiting_at` none."""
    S = game.state
    L = decision_locals(game) if ended is None else {"deciding": [], "current": None, "waiting_at": None}
    at_end = f"read at the end of round {ended}, after its last statement ran" if ended is not None else ""
    pending = {p.index: p for p in (*held.pending, *held.options)}
    offered = {expected.index for expected in held.options}
    expressions = iter(enumerate(held.expect))
    for i in range(len(held.expect) + len(pending)):  # in the order written
        if i in pending:
            failure = (_options_failure(game, pending[i]) if i in offered
                       else _pending_failure(game, pending[i], sc, moved_on))
            if failure:  # (who decides was listed before `given`: no variable read since; the options read the actions')
                result.failures.append(failure)
                _blame(result, None if ran else _actions_reads(ruleset) if i in offered else [])
            continue
        k, expr = next(expressions)
        try:
            value = _evaluate(expr, S, L)
        except _NotEvaluated as exc:  # one failing expectation does not hide the others
            result.failures.append(_with_resized_given(ruleset, sc, str(exc)))
            _blame(result, [expr])
            continue
        if value is not True:
            _blame(result, [expr])
            sides = held.sides[k] if k < len(held.sides) else ()
            result.failures.append(_failure(expr.loc, "T012", f"expected true: {expr.text.strip()}{_values(expr, S, L, sides)}",
                                            "; ".join(filter(None, (at_end, _choices_waiting(game) if ended is None else "",
                                                                    _defaults_read(ruleset, sc, expr),
                                                                    _grown_read(ruleset, result, expr), "; ".join(result.took),
                                                                    _ran_into_round(game, stepped_round, held is not sc,
                                                                                    ruleset, expr, last, sc))))))


def _blame(result, exprs) -> bool:
    """Count the expressions a failure read among the scenario's causes (Result.causes; ``exprs`` None: any variable
    may be one); False, as the scenario stops there."""
    if exprs is None:
        result.causes = None
    elif result.causes is not None:
        result.causes.extend(exprs)
    return False


def _actions_reads(ruleset) -> list:
    """The expressions that say which options the actions offer: their `if` and what their parameters choose among."""
    return [expr for action in ruleset.actions.values()
            for expr in (action.condition, *(param.domain for param in action.params)) if expr is not None]


def _step_reads(ruleset, step) -> list:
    """What a step that could not be taken read: the options offered, and its own arguments written as expressions."""
    return [*_actions_reads(ruleset), *(value for value in step.args.values() if hasattr(value, "fn"))]


def _choices_waiting(game) -> str:
    """Where the expectations read a `simultaneous` step some seats have chosen at and others not: that its effects have
    not run yet (a trial's step by seat 0 alone, then `count(city[0]) == 1`, failed with no word of why); else ''."""
    from .render import seats_text

    flow = game.state.flow
    if flow.pending is None or not flow.choices:
        return ""
    seats, stmt = game.pending(), flow.pending.stmt
    return (f"{seats_text(seats)} {'has' if len(seats) == 1 else 'have'} not chosen yet at '{stmt.label or stmt.kind}', "
            f"line {stmt.loc.line}: a simultaneous step's "
            "effects run once every seat has chosen")


def _ran_into_round(game, stepped_round, between: bool = False, ruleset=None, expr=None, last=None, sc=None) -> str:
    """Where the game ran on from the last step into another round before the expectations read it (a bluffing trial's
    checks of what a round resets, after the challenge's last step, failed with the values alone): where it stands, as
    an `always` failure says; else '' (no steps, the same round, or the game over: an end is what autoplay reads).
    ``between``: read by a step `expect:`, after the step before it. Where the step can be taken again (``last``), said
    only if the new round set or moved something ``expr`` reads (a trial's failing total, which no round resets, was
    told the round may have reset it), naming what."""
    S = game.state
    if stepped_round is None or S.round == stepped_round or game.finished:
        return ""
    reset = _set_in_round(ruleset, expr, last, sc) if last is not None and last[0] is not None else None
    if reset == []:
        return ""
    at = _waiting_text(game)
    step = "the step before it" if between else "the last step"
    start = (f"whose start set {', '.join(reset)}, which this reads" if reset
             else "whose start may have reset what this reads")
    return (f"read at decision {game.decisions + 1} (round {S.round}{at}): after {step}, taken in round "
            f"{stepped_round}, the game ran on to its next decision, in round {S.round}, {start}; expect what lasts past "
            f"the round, or read it at round {stepped_round}'s end: a step - {{at: round_end, expect: [...]}} written "
            f"before {'that step' if between else step}")


def _waiting_text(game) -> str:
    """", seat 0 deciding at 'bid', line 16": who decides where the game waits, '' where it waits at no decision."""
    from .render import seats_text

    waiting = game.state.flow.pending
    return (f", {seats_text(game.pending())} deciding at '{waiting.stmt.label or waiting.stmt.kind}', line "
            f"{waiting.stmt.loc.line}") if waiting is not None else ""


# the events of a record that change what an expression may read: the names they change are a "variable"'s, a zone's
_CHANGES = frozenset({"set", "move", "gather", "deal", "shuffle", "place", "score"})


def _copy_to_retake(game):
    """A copy of ``game`` on which a step can be taken again (its scripted rolls and shuffles too), for _set_in_round."""
    other = game.copy()
    other.script_uses = None if game.script_uses is None else list(game.script_uses)
    other.shuffle_script = None if game.shuffle_script is None else list(game.shuffle_script)
    other.shuffle_order = game.shuffle_order
    return other


def _set_in_round(ruleset, expr, last, sc) -> list | None:
    """The names ``expr`` reads that the statements run since the last round began set or moved, as the last step
    (``last``: the game before it, the step, whether `given` came first) is taken again on a recorded copy; None where
    that cannot be told (taking it again failed)."""
    from philtre.dsl.lints import Facts, names_read

    from .records import Recorder

    before, step, given_first = last
    game = _copy_to_retake(before)  # (taken on a copy of it: the step may be read after again)
    game.recorder, game._runners = Recorder(game), game._runners.for_all()  # (a recorded game's runners: Game)
    try:
        if not _take_step(game, step, Result(sc.name, sc.loc, []), given_first, sc):
            return None
    except PhiltreError:
        return None
    events = game.recorder.events
    ends = [i for i, event in enumerate(events) if event.get("event") == "round_end"]
    if not ends:
        return None
    changed = {"round_number"}  # (a round's start counts it)
    for event in events[ends[-1] + 1:]:
        if event.get("event") in _CHANGES:
            changed.update(_names_changed(event))
    read = names_read(Facts(ruleset), [expr])
    return sorted(changed & read)


def _names_changed(value) -> set:
    """The variables and zones an event of a record names (a `set`'s variable, the zones of a move), "score" for a score."""
    if isinstance(value, list):
        return set().union(*map(_names_changed, value)) if value else set()
    if not isinstance(value, dict):
        return set()
    names = {value[key] for key in ("variable", "zone") if type(value.get(key)) is str}
    if value.get("event") == "score":
        names.add("score")
    return names.union(*(_names_changed(v) for key, v in value.items() if key not in ("components", "value")))


def _defaults_read(ruleset, sc, expr) -> str:
    """Where a failing expectation reads a zone the scenario took from its file's defaults (not giving it itself: a
    trial's `given: {zones: {}}`, meant as the real deal, kept the defaults' hand): that it came from them."""
    from philtre.dsl.lints import Facts, names_read

    taken = [(key, loc) for key, _, loc in sc.zones if from_defaults(sc, loc)]
    if not taken:
        return ""
    facts = Facts(ruleset)
    read = names_read(facts, [expr])
    taken = [(key, loc) for key, loc in taken if facts.refs(key, {}) & read]
    if not taken:
        return ""
    lines = ", ".join(str(loc.line) for _, loc in taken)
    return (f"{', '.join(key.text.strip() for key, _ in taken)} came from the file's defaults "
            f"(line{'s' if len(taken) > 1 else ''} {lines}); `defaults: false` starts from the deal")


def _grown_read(ruleset, result, expr) -> str:
    """Where a failing expectation reads a zone given `{others: true}` that holds more once given than the game had put
    there (a trial's hand of 13 given two components and `{others: true}` held 15): that the item keeps all it held, and the
    `copies` that keeps its count instead."""
    if not result.grown:
        return ""
    from philtre.dsl.lints import Facts, names_read

    facts = Facts(ruleset)
    read = names_read(facts, [expr])
    said = []
    for key, name, before, after, names in result.grown:
        if not facts.refs(key, {}) & read:
            continue
        more = before - names
        keep = (f"write {{copies: {more}}} in place of {{others: true}} (any {more} component{'' if more == 1 else 's'}, "
                "taken from those it holds first)" if more > 0 else "leave {others: true} out" if before == names
                else f"list {before}, with no {{others: true}}")
        said.append(f"{name} was given {{others: true}}, which keeps what it held besides the {names} listed: it held "
                    f"{before}, and holds {after} once given; to keep {before}, {keep}")
    return "; ".join(said)


def _script_hint(sc) -> str:
    """Where the count of `rolls` items starts: the game's start, or the position `given.at` names."""
    if sc.at is None:
        return "the n-th item of `rolls` is used by the n-th roll the game makes, from its start"
    return f"the n-th item of `rolls` is used by the n-th roll the game makes after the position given.at '{sc.at}'"


def _given_dice_hint(sc) -> str:
    """With given.at, how to set the faces the dice show at the position: given.dice, written from the first `rolls` item
    (the rolls made on the way there are the game's own, whatever `rolls` says)."""
    if sc.at is None or not sc.rolls:
        return ""
    faces = ", ".join(f"{die}: {_pattern_text(face)}" for die, face in dict(sc.rolls[0]).items())
    return (f"; the dice rolled on the way to '{sc.at}' roll at random: to set the faces they show there, "
            f"give them in given.dice, dice: {{{faces}}}")


def scripted_roll_failures(game, sc, reached: bool, stopped: bool = False) -> list:
    """T017 at each die of a `rolls` item that the roll using it did not roll (its face was never shown), and, once the
    scenario reached its expectations, at each item no roll used: either is a scripted face the game never showed. With
    given.at, a scenario that failed before any roll after the position used its `rolls` is told so too: its items may
    have been meant for the rolls on the way there, which they do not script (given.dice sets the faces instead); but
    not where a rule ``stopped`` the game (_rolls_not_reached says it after that failure)."""
    uses = game.script_uses or []
    failures = []
    hint, of_game = _script_hint(sc), "of the game" if sc.at is None else f"after given.at '{sc.at}'"
    if sc.at is not None and not reached and sc.rolls and not uses and not stopped:
        failures.append(_failure(getattr(sc.rolls[0], "loc", sc.loc), "T017", f"rolls item 1 was not used: no roll was "
                                 f"made after the position given.at '{sc.at}' before the scenario failed",
                                 f"{hint}{_given_dice_hint(sc)}"))
    for number, (item, (rolled, roll_loc, aside)) in enumerate(zip(sc.rolls, uses), 1):
        for die in [d for d in item if d not in rolled]:
            where = item.key_loc(die) if hasattr(item, "key_loc") else sc.loc
            dice = ", ".join(rolled) or "no die"
            said = f"rolls item {number} gives {die} a face, but the roll that uses it (roll {number} {of_game}, at {roll_loc}) rolls {dice}"
            if die in aside:  # no later roll rolls it either: the item's face for it is to be dropped
                at = (game.aside_at or {}).get(die)
                failures.append(_failure(where, "T017", f"{said}: {die} was set aside{f' at {at}' if at else ''} before "
                                         "that roll, and no roll rolls it again", f"{hint}: drop {die} from this item"))
                continue
            failures.append(_failure(where, "T017", f"{said}: {die} is not rolled",
                                     f"{hint}: give it only dice that roll rolls, or script {die} in the item of the roll that rolls it"))
    if reached:
        for number, item in enumerate(sc.rolls[len(uses):], len(uses) + 1):
            failures.append(_failure(getattr(item, "loc", sc.loc), "T017", f"rolls item {number} is never used: "
                                     f"the scenario makes {len(uses)} roll{'' if len(uses) == 1 else 's'}"
                                     f"{'' if sc.at is None else ' after given.at'}",
                                     f"{hint}: remove it, or check that the steps make the roll it is for"
                                     f"{_given_dice_hint(sc) if number == 1 else ''}"))
    return failures


def _rolls_not_reached(game, sc) -> list:
    """T017, said after the failure of a rule that stopped a scenario's game at given.at before any roll after the
    position used its `rolls`: they were not reached, which says nothing of the script (the failure above is the cause,
    and given.dice no advice)."""
    if sc.at is None or not sc.rolls or game.script_uses:
        return []
    items = "rolls item 1 was" if len(sc.rolls) == 1 else f"rolls items 1-{len(sc.rolls)} were"
    return [_failure(getattr(sc.rolls[0], "loc", sc.loc), "T017", f"{items} not reached: the failure above stopped the "
                     f"game before any roll after the position given.at '{sc.at}'")]


def _pending_failure(game, expected, sc, moved_on: bool) -> str:
    """T012 if the seats deciding now, or the decision statement they decide at, are not those expected; else ''. Where
    the seats differ and the game has not moved on (``moved_on``: a step taken, or autoplay) from a `given` that set
    variables or zones, its hint says that the decision was listed before `given` was applied (a step's `players` read
    from a variable `given` sets is not read again)."""
    from .render import seats_text

    seats = game.pending()  # in a simultaneous step, the seats that have not chosen yet
    waiting = game.state.flow.pending
    at = waiting.stmt.label if waiting is not None and seats else None
    if (expected.seats is None or sorted(expected.seats) == sorted(seats)) and (expected.at is None or expected.at == at):
        return ""
    if expected.seats is None:
        wanted = f"a decision at '{expected.at}'"
    elif not expected.seats:
        wanted = "nobody to decide (the game is over)"
    else:
        wanted = f"{seats_text(expected.seats)} to decide" + (f" at '{expected.at}'" if expected.at is not None else "")
    now = f"{seats_text(seats)} (at '{at}')" if seats else "nobody, the game is over"
    hint = ""
    if (seats and not moved_on and not sc.at_start and (sc.variables or sc.zones or sc.empty)
            and expected.seats is not None and sorted(expected.seats) != sorted(seats) and _given_picks_seat(game, sc)):
        hint = (f" (the seats deciding at '{at}' were listed before `given` was applied, which changes only what it "
                "names: reach this position with steps)")
    return _failure(expected.loc, "T012", f"expected {wanted}; deciding now: {now}{hint}")


def _given_picks_seat(game, sc) -> bool:
    """Whether what scenario ``sc``'s `given` sets (its variables, its zones' families) is read where the flow picked the
    seats deciding now: the waiting decision's `player`/`players`, and the statements around it (a `turns`'s first seat,
    a `for`'s items); a turn order alone (`turns: 0`) picks the same seat whatever `given` says, and no note is due."""
    from philtre.dsl.lints import Facts, _names_read

    waiting = game.state.flow.pending
    if waiting is None:
        return False
    facts = Facts(game.ruleset)
    named = {name.partition("[")[0] for name, _ in sc.variables}
    for expr in [expr for expr, *_ in sc.zones] + [expr for expr, _ in sc.empty]:
        named |= facts.refs(expr, {})
    around = [frame[STMT].args for frame in game.state.flow.stack if frame[STMT] is not None]
    exprs = [value for args in around for key, value in args.items() if isinstance(value, Expr) and key != "until"]
    exprs += [waiting.stmt.args.get(key) for key in ("player", "players") if waiting.stmt.args.get(key) is not None]
    return "*" in named or bool(_names_read(facts, exprs) & named)


READ_EACH_PASS = ("until", "next")  # a loop's keys read again each pass (a `turns`'s `next:` after every turn)


def _running_reads(game) -> list:
    """(statement, the expressions it read as the flow reached it) of each statement still running where the game
    waits: a `for`'s items, a `repeat`'s count, a `turns`'s first seat, the waiting decision's `player`/`players` (not
    what a loop reads again each pass, READ_EACH_PASS)."""
    waiting = game.state.flow.pending
    out = [(stmt, [value for key, value in stmt.args.items() if isinstance(value, Expr) and key not in READ_EACH_PASS])
           for stmt in (frame[STMT] for frame in game.state.flow.stack) if stmt is not None]
    if waiting is not None:
        out.append((waiting.stmt, [e for e in (waiting.stmt.args.get(key) for key in ("player", "players")) if e is not None]))
    return [(stmt, exprs) for stmt, exprs in out if exprs]


def _read_now(game, exprs) -> tuple:
    """The values of ``exprs`` at the position now, with the waiting decision's local names (_UNREAD where one fails)."""
    waiting = game.state.flow.pending
    L = dict(waiting.locals) if waiting is not None else {}
    return tuple(_value_at(expr, game.state, L) for expr in exprs)


def _read_while_running(game, sc, held: dict, running: list, read: list, seeds: bool = False) -> tuple:
    """T028, a note per variable `given` sets to another value than it held, that a statement still running where the
    game waits (_running_reads) read as the flow reached it, where what that statement read would now read otherwise
    (or cannot be read again): it goes on with what it read, and the given value changes nothing there (a
    trial gave `leader`, and the `for: p in seats_from(leader)` of the trick went on from the old leader).
    ``seeds``: its hint names the first seeds whose random play reaches the position with the values given read
    there (_given_seeds_hint), as a T014's names those reaching it. (The notes; (the seeds, how many were tried, what
    they read) or None where no note is said: Result.read_before.)"""
    from philtre.dsl.lints import Facts, names_read

    changed = {name for name, old in held.items() if old != game.state.vars[name]}
    if not changed or not running:
        return [], None
    facts = Facts(game.ruleset)
    notes = []
    found_seeds = None  # (the hint's seeds, searched once for every note)
    reads = []  # what the seeds read, one per note: "leader read as 2"
    for (name, _), where in zip(sc.variables, sc.variable_locs or [sc.loc] * len(sc.variables)):
        name = name.partition("[")[0].strip()  # (`last[0]`: one entry of last)
        found = next((i for i, (_, exprs) in enumerate(running) if name in changed and name in names_read(facts, exprs)), None)
        if found is None:
            continue
        (stmt, exprs), now = running[found], _read_now(game, running[found][1])
        if _UNREAD not in now and now == read[found]:  # (a bet changed, the seats betting the same)
            continue
        changed.discard(name)
        if found_seeds is None:
            found_seeds = _first_seeds(sc, lambda seed: _reads_given(game.ruleset, sc, seed)) if seeds else ([], 0)
        text = "; ".join(expr.text.strip() for expr in exprs if name in names_read(facts, [expr]))
        reads.append(f"{name} read as {describe(game.state.vars[name])}")
        notes.append(_failure(where, "T028", f"`given` sets {name} to {describe(game.state.vars[name])}, but the "
                              f"`{stmt.kind}` at {stmt.loc} ({text}) read it as {describe(held[name])} before `given`, "
                              "and is still running: it goes on with the value it read",
                              _given_seeds_hint(*found_seeds, reads[-1])))
    return notes, (*found_seeds, " and ".join(reads)) if notes else None


def _reads_given(ruleset, sc, seed: int) -> bool:
    """Whether scenario ``sc`` played with ``seed`` (its set-up, random play to `given.at`, `given`) reaches the
    position with the statements still running there reading the variables as `given` sets them: no T028 said."""
    try:
        game, tried = _set_up(ruleset, sc, seed), Result(sc.name, sc.loc, [])
        if sc.at is not None and not _play_until(game, sc, tried, seed):
            return False
        _apply_given(game, ruleset, sc, tried)
        return not tried.failures and not any(" T028 " in note for note in tried.notes)
    except (PhiltreError, _NotEvaluated, RuleRuntimeError, *FAILURES):
        return False


def _given_seeds_hint(found: list, tried: int, read: str) -> str:
    """The hint of a T028: the first seeds (as T014's hint finds them, _first_seeds) whose random play reaches the
    position with the value given ``read`` there, or that none of 0..``tried`` - 1 does (a trial looped over seeds in
    the shell to find one); the other ways to the position after them."""
    others = ("give `given.at` a point before that statement runs (`at: start`: before the flow's first), or reach the "
              "position with steps")
    if found:
        return (f"seed{'s' if len(found) > 1 else ''} {few_listed(found)} reach{'' if len(found) > 1 else 'es'} it with "
                f"{read}: give the scenario `seed: {found[0]}`; or {others}")
    if tried:
        return f"no seed of 0..{tried - 1} reaches it with {read}: {others}"
    return f"give the scenario a `seed:` whose set-up reaches the position with that value, {others}"


def _loops_ended(game) -> list:
    """(the `until` loop, its local names) of each that ran to its end before the flow waited where it waits: one
    before the waiting decision (or the loop holding it) in a block the flow is in, whose `until` is true now (it
    ended; its own `when`, if any, holds). T029 reads them again once `given` is applied (_loops_ended_notes)."""
    out = []
    for frame in game.state.flow.stack:
        L = dict(frame[LOCALS] or {})
        for stmt in frame[BLOCK][:max(frame[PC] - 1, 0)]:
            if getattr(stmt, "kind", None) != "until" or stmt.args.get("until") is None:
                continue
            if (stmt.when is None or _value_at(stmt.when, game.state, L) is True) and _value_at(stmt.args["until"], game.state, L) is True:
                out.append((stmt, L))
    return out


def _loops_ended_notes(game, sc, ended: list) -> list:
    """T029, a note per `until` loop that ended before `given` (_loops_ended) whose `until` is false at the position
    given: the loop will not run again before the decision waiting, so the position is one the rules would not leave
    there (a trial's "draw until you can play" ran on the hand dealt; the hand given, which cannot play,
    then passed with cards left to draw, and the scenario testing the draw failed with no word of why)."""
    notes = []
    where = sc.zones[0][2] if sc.zones else sc.empty[0][1] if sc.empty else (sc.variable_locs or [sc.loc])[0]
    for stmt, L in ended:
        if _value_at(stmt.args["until"], game.state, L) is not False:
            continue
        notes.append(_failure(where, "T029", f"the `until` loop at {stmt.loc} ran before `given` and ended "
                              f"(until: {stmt.args['until'].text.strip()}), which is false at the position given: the "
                              "loop does not run again before the decision waiting, so the rules never reach this position",
                              "lay out the position one decision earlier and take that decision as a step, so that the "
                              "loop runs on the position given"))
    return notes


def _options_failure(game, expected) -> str:
    """T012 if the options a seat is offered now (of one action, if said) are not as many as expected, or not exactly
    those listed (each listed one matching one option, as a step's arguments match), or if the action said is not one
    of the decision the seat is at; else ''."""
    from .render import seats_text

    seat = expected.seat
    deciding = seat in game.pending()
    waiting = game.state.flow.pending
    if deciding and expected.action is not None and expected.action not in decision_actions(waiting.stmt):
        # `count: 0` of an action this decision never lists passed whatever the rules say of that action
        return _failure(expected.loc, "T012", f"{_not_listed(seat, waiting.stmt, expected.action)}: no option of it can be offered "
                        f"here, whatever the rules say of it",
                        f"take the steps that reach a decision listing {expected.action}, or expect the decision the seat "
                        f"is at: {{pending: {seat}, at: {waiting.stmt.label}}}")
    offered = [o for o in (game.options(seat) if deciding else []) if expected.action in (None, o.action)]
    of = f" of {expected.action}" if expected.action else ""
    now = ("" if deciding else f" (it is not deciding now; deciding: {seats_text(game.pending())})" if game.pending()
           else " (the game is over)")
    listed = f": {_legal_text(offered, _as_play_lists(game, _wording(game, offered)))}" if offered else ""  # as T013 lists them
    offered_text = f"offered {len(offered)} option{'' if len(offered) == 1 else 's'}{of}{now}{listed}"
    if expected.count is not None and len(offered) != expected.count:
        return _failure(expected.loc, "T012", f"expected seat {seat} to be offered {expected.count} option"
                        f"{'' if expected.count == 1 else 's'}{of}; {offered_text}")
    if expected.are is None:
        return ""
    try:
        wanted = [(step, _step_arguments(game.state, step)) for step in expected.are]
    except _NotEvaluated as exc:
        return str(exc)
    fits = [[k for k, o in enumerate(offered) if o.action == step.action
             and _option_matches(o, want, _unordered(game.ruleset, step.action))] for step, want in wanted]
    if len(wanted) == len(offered) and _one_each(fits):
        return ""
    unmatched = [f"{step.action} {_args_text(step)}" if step.args else step.action for (step, _), k in zip(wanted, fits) if not k]
    fitted = {k for ks in fits for k in ks}
    singles = _wording(game, offered)
    unlisted = [o.label(None, singles) for k, o in enumerate(offered) if k not in fitted]
    why = (f"; none matches {', '.join(unmatched)}" if unmatched else "") + (f"; not listed: {few_listed(unlisted)}" if unlisted else "")
    return _failure(expected.loc, "T012", f"expected seat {seat} to be offered exactly the {len(wanted)} option"
                    f"{'' if len(wanted) == 1 else 's'}{of} listed{why}; {offered_text}")


def _not_listed(seat, decision, action: str) -> str:
    """'seat S is at the decision ... (its actions: ...), which does not list ACTION': why no option of it is offered."""
    return (f"seat {seat} is at the decision '{decision.label}' at {decision.loc} (its actions: "
            f"{', '.join(decision_actions(decision))}), which does not list {action}")


def _asked_at(ruleset, action: str) -> str:
    """Where the flow's decisions list ``action`` (': the flow asks for it at F:L:C, ...'), or '' where none does."""
    from .runners import _statements

    locs = dict.fromkeys(str(s.loc) for s in _statements(ruleset.flow_walked)  # (a block run twice: its decision once)
                         if s.kind in DECISION_KINDS and action in decision_actions(s))
    return f": the flow asks for it at {few_listed(locs)}" if locs else ""


def _step_arguments(S, step) -> dict:
    """A step's arguments as an option's are compared with them: an expression's value (`me` the step's player)."""
    L = {"me": step.player}
    return {name: _evaluate(value, S, L) if hasattr(value, "fn") else _lying_at(S, value, L)
            for name, value in step.args.items()}


def _option_matches(option, wanted: dict, unordered=frozenset()) -> bool:
    """Whether an option has every argument given (parameters left out match anything), as a step takes it; the list
    of a parameter named in ``unordered`` (chosen among subsets: a set) in any order (_same_items)."""
    args = dict(option.args)
    return all(name in args and (_arg_matches(args[name], want) or name in unordered and _same_items(args[name], want))
               for name, want in wanted.items())


def _matching_option(options, action: str, wanted: dict, unordered=frozenset()):
    """The first of ``options`` of ``action`` that ``wanted`` matches in its lists' order, else the first it matches with
    the lists of the parameters ``unordered`` (chosen among subsets) in any order; None where none matches."""
    ours = [o for o in options if o.action == action]
    return (next((o for o in ours if _option_matches(o, wanted)), None)
            or next((o for o in ours if unordered and _option_matches(o, wanted, unordered)), None))


def _unordered(ruleset, action: str) -> frozenset:
    """The parameters of ``action`` chosen among subsets, whose lists are sets: a step's list matches them in any order,
    as play takes them typed in any order (options.set_lists)."""
    return frozenset(name for named, name in set_lists(ruleset) if named == action)


def _same_items(actual, wanted) -> bool:
    """Whether the step's list ``wanted`` and the option's list ``actual`` hold the same items, each item of ``wanted``
    matching an item of its own (identical components are alike: any of them matches)."""
    if not _a_list(actual) or not _a_list(wanted) or len(actual) != len(wanted):
        return False
    return _one_each([[k for k, item in enumerate(actual) if _arg_matches(item, want)] for want in wanted])


def _one_each(fits: list) -> bool:
    """Whether each listed item can be given an option of its own among those it fits (``fits``: per item, the options'
    numbers): a matching of them all, found by augmenting paths (a broad item must not take a narrow one's only option)."""
    owner: dict = {}  # option number -> the item given it

    def give(item: int, seen: set) -> bool:
        """Give ``item`` an option, moving items already given one where they can take another."""
        for k in fits[item]:
            if k not in seen:
                seen.add(k)
                if k not in owner or give(owner[k], seen):
                    owner[k] = item
                    return True
        return False

    return all(give(item, set()) for item in range(len(fits)))


def _ran_on(take, step, sc) -> bool:
    """Take a step; a seat left with nothing to choose once the game runs on after it is the scenario's position, said so."""
    try:
        return take()
    except PhiltreError as exc:
        if exc.first.code != "R300":
            raise
        raise PhiltreError([*exc.diagnostics, Diagnostic(step.loc, "R300", f"after this step of '{sc.name}' the game ran on to a decision "
                                                          "nobody could take: give the seats enough to play the rest, or stop the steps earlier")]) from None


def _failure(loc, code: str, text: str, hint: str = "") -> str:
    """One line of a failing scenario, as an error reads: path:line:col: CODE text (hint)."""
    return str(PhiltreError.at(loc, code, text, hint))


class _NotEvaluated(Exception):
    """A scenario's expression failed at run time (an index out of range, ...): the scenario fails there."""


def _evaluate(expr, S, L):
    """The value of one of the scenario's expressions; a failure is raised as _NotEvaluated, at the expression."""
    try:
        return expr.fn(S, L)
    except Exception as exc:  # noqa: BLE001 - whatever the rule raises on this position, the scenario reports it
        where = _in_definition(expr, exc)
        text = explain(exc) if isinstance(exc, FAILURES) else str(exc)  # a Python failure: in the author's words, as in a rule (R100)
        if not where:  # (failing in a definition, the part that was none is in its body, not in this expression)
            text = nones_named(text, [expr.tree], [n for n in expr.names if (L[n] if n in L else S.vars.get(n, 0)) is None])
            text = index_named(text, [expr.tree], {**S.vars, **L})
        raise _NotEvaluated(_failure(expr.loc, "T015", f"could not evaluate {expr.text.strip()}: {text}", where)) from None


def _in_definition(expr, exc) -> str:
    """Where in the definitions an expectation failed, as a rule's R100 says it: in definition 'total' at FILE:LINE:COL."""
    return failing_definition(exc, getattr(expr.fn, "__globals__", None))


def _play_until(game, sc, result, seed: int | None = None, seeds: bool = False) -> bool:
    """Random agents (seeded by the scenario's seed, or ``seed``) decide until the flow waits at the statement named
    ``sc.at`` (in round ``sc.at_round``, with seat ``sc.at_player`` deciding) for the ``sc.at_time``-th time (1 if not given).
    ``seeds``: a T014 names the first seeds whose random play reaches it, as a T013 names those with its seat deciding."""
    from .agents import RandomAgent
    from .simulate import game_seed

    agents = [RandomAgent(game_seed(sc.seed if seed is None else seed, 2_000_000 + p)) for p in range(game.state.nplayers)]
    wanted = sc.at_time or 1
    reached = 0  # the waits at it so far: one per pass of this loop, as every seat waiting decides before the next
    while not game.finished:
        pending = game.state.flow.pending
        if (pending.stmt.label == sc.at and (sc.at_round is None or game.state.round == sc.at_round) and not game.state.flow.choices
                and (sc.at_player is None or sc.at_player in game.pending())):
            reached += 1
            if reached == wanted:
                return True
        for p in game.pending():
            game.apply(p, agents[p].choose(None, game.options(p)))
    where = (f" in round {sc.at_round}" if sc.at_round else "") + (f" with seat {sc.at_player} deciding" if sc.at_player is not None else "")
    # (with a time it waited there, that time is the hint; seeds that reach the one asked for are said beside it)
    reaching = _reaching_seeds_hint(game.ruleset, sc, none_said=not (sc.at_time and reached)) if seeds else ""
    if sc.at_time is None:
        result.failures.append(_failure(sc.loc, "T014", f"the game ended without waiting at a statement named '{sc.at}'{where}",
                                        reaching))
    else:  # how far it got tells whether the count is off by a little (a seat or a pass) or the statement is rarely reached
        result.failures.append(_failure(
            sc.loc, "T014", f"the game ended without waiting {wanted} time{'' if wanted == 1 else 's'} at a statement named '{sc.at}'{where}: "
                            f"it waited there {reached} time{'' if reached == 1 else 's'}",
            "; ".join(filter(None, [f"time: {reached} is the last it reached" if reached else "", reaching]))))
    return False


def decision_locals(game) -> dict:
    """What a scenario's expect and always read of the decision the game waits at (dsl.compiler.DECISION_NAMES): the
    seats that must decide now, `deciding` ([] once the game is over), the seat whose turn it is, `current`, where
    the decision is inside `turns` (turn_seat: as the view and play's board say it, also at a decision a follow-up,
    `then:`, of an action taken in the turn asks; none elsewhere, and once the game is over), and the `name:` of the
    decision statement, `waiting_at` (none where it has none, and once the game is over: a trial's invariant held but
    while the game waited at one decision, which nothing could name)."""
    waiting = game.state.flow.pending
    return {"deciding": game.pending(), "current": turn_seat(game.state),
            "waiting_at": _statement_name(waiting.stmt) if waiting is not None else None}


def _statement_name(stmt) -> str | None:
    """The `name:` of a decision statement (its label, which is its kind where it has no name), None where it has none."""
    return None if stmt.label in DECISION_KINDS else stmt.label


def _check_always(game, sc, result) -> bool:
    """Whether every invariant is true on the position now; T012 at the first that is not (T015 if it fails)."""
    L = decision_locals(game) if sc.always else {}
    for k, expr in enumerate(sc.always):
        try:
            value = _evaluate(expr, game.state, L)
        except _NotEvaluated as exc:
            result.failures.append(str(exc))
            return False
        if value is not True:
            round_ = f" (round {game.state.round})" if game.state.round else ""  # a game without rounds stays at round 0
            sides = sc.always_sides[k] if k < len(sc.always_sides) else ()  # shown as a failed expectation shows them
            result.failures.append(_failure(expr.loc, "T012", f"not true at decision {game.decisions + 1}{round_}: "
                                                              f"{expr.text.strip()}{_values(expr, game.state, L, sides)}"))
            return False
    return True


def _autoplay(game, sc, result) -> None:
    """Random agents play on to the end, checking the invariants before every decision."""
    from .agents import RandomAgent
    from .simulate import game_seed

    agents = [RandomAgent(game_seed(sc.seed, 1_000_000 + p)) for p in range(game.state.nplayers)]
    at_given = not sc.steps and bool(sc.variables or sc.zones or sc.empty)  # the decision waiting was listed before `given`
    while not game.finished:
        for p in game.pending():
            if not _check_always(game, sc, result):
                return
            options = game.options(p)
            if not options and at_given:
                result.failures.append(_no_options_at_given(game, sc, p))
                return
            if not options:  # the given position can leave the waiting seat nothing to do: R300 at the rule, as in a game
                game._require_options(game.state.flow.pending.stmt, [p])
            game.apply(p, agents[p].choose(None, options))
        at_given = False


def _stuck_at_given(game, first: int):
    """The first seat at the decision waiting when `given` was applied, other than ``first`` (the first step's seat,
    whose T013 says it at the step), that has no legal option in the position given; None where every one has one. A
    bluffing trial's `simultaneous` step, whose `players:` was read before `given` emptied seat 2's hand, kept seat 2
    waiting with nothing to choose, and the expectations failed with "seat 2 has not chosen yet"."""
    for seat in game.pending():
        if seat != first and not game.options(seat):
            return seat
    return None


def _no_options_at_given(game, sc, seat: int) -> str:
    """T024 at the scenario whose `given` left the seat at the decision waiting with no option: the flow listed that
    decision before `given` was applied (its loop's `until`, its `when`, read the position before), so an end position
    given is not seen as one; R300 at the rule would send the author to rules that are right."""
    stmt = game.state.flow.pending.stmt
    return _failure(sc.loc, "T024", f"seat {seat} must decide at '{stmt.label}' ({', '.join(decision_actions(stmt))}) but has "
                    "no legal option in the position given: that decision was listed before `given` was applied, which "
                    "changes only what it names (the flow's checks before the decision read the position before it)",
                    "reach this position with steps, the last move made by a step; for an end position, expect what it "
                    "reads, without autoplay")


def _values(expr, S, L, sides=()) -> str:
    """What an expectation or invariant read (``L``: the names of the decision, decision_locals), to show why it failed:
    the sides of its comparisons, and the scores."""
    shown = []
    for text, part in sides:
        try:
            shown.append(f"{text} = {describe(part.fn(S, L))}")
        except Exception:  # noqa: BLE001 - a side that fails to evaluate is left out; the expectation said enough
            continue
    if "score" in expr.names and not sides:
        shown.append(f"score = {S.scores}")
    return ("  [" + "; ".join(shown) + "]") if shown else ""


def _matches(comp, pattern) -> bool:
    """Whether a component (or a die's face) has every attribute of ``pattern``; a step's `at`, read as the pieces lying
    there (_lying_at), is matched by one of them."""
    return all(v.matched_by(comp) if type(v) is _Lying else comp.get(k) == v for k, v in pattern.items())


class _Lying(frozenset):
    """The ids of the pieces lying at the placement a step's pattern gives as `at: {x, y, rot}` (or in the zone it gives
    as `in: ZONE`), and that value as written under ``key``: a record or a map with such a field (no component) is
    matched by its value, as before."""

    def __new__(cls, ids, written, key: str = "at"):
        made = super().__new__(cls, ids)
        made.written, made.key = written, key
        return made

    def matched_by(self, item) -> bool:
        """Whether ``item``, a component, lies there; any other mapping, whether its field is the value written."""
        return item.get("id") in self if type(item) is Component else item.get(self.key) == self.written


def _lying_at(S, want, L):
    """A step's argument with each pattern's `at: {x, y, rot}` read as the pieces now placed there on a grid, as `given`
    lays one there (a piece has no attribute `at`: the step matched no option, and T013 listed the very piece), and its
    `in: ZONE` as the components now in that zone (T001 where it names no one zone)."""
    if _a_list(want):
        return [_lying_at(S, item, L) for item in want]
    if not isinstance(want, dict) or isinstance(want, Component):
        return want
    if hasattr(want.get("in"), "fn"):
        zone = _evaluate(want["in"], S, L)
        if not isinstance(zone, Zone):
            raise PhiltreError.at(want["in"].loc, "T001", f"`in: {want['in'].text.strip()}` names no zone, but {describe(zone)}",
                                  "name the one zone the component lies in, as a `given.zones` key does: hand[0], track[3]")
        want = {**want, "in": _Lying((c["id"] for c in zone), zone, "in")}
    if not isinstance(want.get("at"), dict):
        return want
    at = want["at"]
    spot = (at.get("x"), at.get("y"), at.get("rot"))
    return {**want, "at": _Lying((ident for ident, placed in S.placed.items() if placed == spot), at)}


class _Pools:
    """The components a given zone takes, least disturbance first, found without a scan per component.

    For a zone, the order is: components already in it (a seat's zone then takes the seat's own: _take_given asks
    for them first); then those in no given zone that lie
    where they start the game (a deck, a supply: what the game has not dealt yet); then those
    in other given zones without `{others: true}` that no pattern of that zone matches (they leave it anyway); then
    the spare of the given zones with `{others: true}` (``keeping``), those its own patterns did not claim
    (_take_given lets them take first), those lying where they start before those the game moved there; then
    those in no given zone that the game moved there (a hand not given keeps what it was dealt
    while a given zone's spare can give: a trial's deck, written `{others: true}`, kept its many spare cards of a
    kind, and a row of cards given beside it took theirs from a dealt hand); then the rest of the other given zones' (a given zone's
    components may be wanted where it is given); each group in component order. The last group is read from one list of every
    given zone's components: when a zone gets there, its own matching ones are all taken.
    Each group is indexed by the attributes a pattern names, once per set of names, and
    read through a cursor that only moves forward (a taken component stays taken), so
    giving 100,000 components is linear, not quadratic.
    """

    def __init__(self, S, wanted: dict, homes: dict, keeping: set):
        self.own: dict = {}
        at_start, surplus, spare_at_start, spare_moved, moved, in_given = [], [], [], [], [], []
        for c in S.components:
            key = S.where[c["id"]]
            if key in keeping:
                self.own.setdefault(key, []).append(c)
                (spare_at_start if homes[c["id"]] == key else spare_moved).append(c)
            elif key in wanted:
                self.own.setdefault(key, []).append(c)
                (in_given if _wanted(c, wanted[key]) else surplus).append(c)
            else:
                (at_start if homes[c["id"]] == key else moved).append(c)
        self.shared = (at_start, surplus, spare_at_start, spare_moved, moved, in_given)
        self.keeping = keeping
        self.indexes: dict = {}  # (group id, names) -> {values: [components, cursor]}

    def held(self, key) -> list:
        """The types of the components in zone ``key`` before `given`, in the order they first lie there."""
        return list(dict.fromkeys(c["type"] for c in self.own.get(key, ())))

    def take(self, key, pattern: dict, claimed: set, types=None, here_only: bool = False):
        """The first component not claimed that matches ``pattern`` (one of ``types`` too, where given), group by group;
        ``here_only``: from those already in zone ``key``."""
        groups = (self.own.get(key, ()),) if here_only else (self.own.get(key, ()), *self.shared)
        for group in groups:
            for one in ([{**pattern, "type": t} for t in types] if types else [pattern]):
                comp = self._first(group, one, claimed)
                if comp is not None:
                    return comp
        return None

    def _first(self, group, pattern: dict, claimed: set):
        names = tuple(sorted(pattern, key=str))
        try:
            wanted = tuple(_frozen(pattern[n]) for n in names)
            hash(wanted)
        except TypeError:
            return None  # a value no attribute can equal
        index = self.indexes.get((id(group), names))
        if index is None:
            index = self.indexes[(id(group), names)] = {}
            for c in group:
                index.setdefault(tuple(_frozen(c.get(n)) for n in names), [[], 0])[0].append(c)
        entry = index.get(wanted)
        if entry is None:
            return None
        comps, at = entry
        while at < len(comps) and comps[at]["id"] in claimed:
            at += 1
        entry[1] = at
        if at < len(comps):
            claimed.add(comps[at]["id"])
            entry[1] = at + 1
            return comps[at]
        return None


def _wanted_values(patterns) -> dict:
    """The attribute values a given zone's patterns ask for, by the names each names: {names: {values, ...}}; None for
    a set of names whose values cannot be compared as keys (any component may then be wanted)."""
    wanted: dict = {}
    for pattern in _each_pattern(patterns):
        names = tuple(sorted((n for n in pattern if n not in ("copies", "at")), key=str))
        try:
            values = tuple(_frozen(pattern[n]) for n in names)
            hash(values)
        except TypeError:
            wanted[names] = None
            continue
        if wanted.get(names, ()) is not None:
            wanted.setdefault(names, set()).add(values)
    return wanted


def _each_pattern(patterns) -> Iterator[dict]:
    """The patterns a given zone lists (or its zones' lists), each range spelt out: one pattern per value."""
    for listed in patterns:
        for written_pattern in (listed if isinstance(listed, list) else [listed]):
            if isinstance(written_pattern, dict) and OTHERS not in written_pattern:  # `others` asks for no component
                yield from spelt_out(written_pattern)


def _wanted(comp, wanted: dict) -> bool:
    """Whether some pattern of a given zone (``wanted``, as _wanted_values makes it) matches ``comp``."""
    for names, values in wanted.items():
        if values is None:
            return True
        try:
            if tuple(_frozen(comp.get(n)) for n in names) in values:
                return True
        except TypeError:
            return True
    return False


def _move_runs(game, moves, placing: bool = False) -> None:
    """Make the moves in order, each run of moves to one zone as one move."""
    start = 0
    for i in range(1, len(moves) + 1):
        if i == len(moves) or moves[i][1] is not moves[start][1]:
            move_components(game, [c for c, _ in moves[start:i]], moves[start][1], placing=placing)
            start = i


def _zones_in(value) -> list | None:
    """The zones ``value`` names, a zone, a family (a list of zones) or a family of N zones a seat (a list of each
    seat's list), flat; None for anything else."""
    if isinstance(value, Zone):
        return [value]
    if not isinstance(value, list):
        return None
    inner = [_zones_in(item) for item in value]
    return None if None in inner else [z for zones in inner for z in zones]


def _given_targets(value, contents, loc, key: str) -> list:
    """(zone, its given list, loc) for a given key's ``value``: a zone; a family, one list per zone; a family of N
    zones a seat (`line`), one list per seat, each one list per zone of the seat (T001 for another shape, written out)."""
    if isinstance(value, Zone):
        return [(value, contents, loc)]
    if _zones_in(value) is None:
        raise PhiltreError.at(loc, "T001", "a 'given' zone key must name a zone or zones")
    if not fits_shape(value, contents):
        raise PhiltreError.at(loc, "T001", f"give {key} {shape_wanted(value)}", shape_hint(key, value))
    return [target for item, listed in zip(value, contents) for target in _given_targets(item, listed, loc, key)]


def _empty_form(ruleset, text: str) -> str:
    """T001's hint for an item of `given.empty` whose value named no zone when run: the forms validate's T001 gives."""
    zones = {name: "single" if decl.kind == "single" else "family" for name, decl in ruleset.zones.items()}
    return empty_form(zones, {name for name, decl in ruleset.zones.items() if decl.kind == "seat_copies"}, text)


def _apply_given(game, ruleset, sc, result, seeds: bool = False) -> Diagnostic | None:
    """Lay out the given position; a zone not given that had to give components is noted in ``result`` (T018). What it
    says where a rule then stops the game: the components given zones did not list that went back to other zones where
    they start (T022), None if none did. ``seeds``: a T028 names seeds that read the values given (_given_seeds_hint)."""
    S = game.state
    ended = _loops_ended(game) if sc.zones or sc.empty or sc.variables else []  # (T029: read again once given)
    targets = []  # (zone, patterns, loc)
    keys = []  # the given key of each target
    for expr, contents, loc in sc.zones:
        targets += _given_targets(_evaluate(expr, S, {}), contents, loc, expr.text.strip())
        keys += [expr] * (len(targets) - len(keys))
    named: dict = {}
    for zone, _, loc in targets:
        if zone.key in named:  # two keys for one zone (z[0] and z[0 + 0], or a family z and z[1])
            raise PhiltreError.at(loc, "T001", f"{zone.key[0]}[{zone.key[1]}] is given twice (also at {named[zone.key]})",
                                  "give each zone one list")
        named[zone.key] = loc
    emptied: dict = {}  # zone key -> where `empty` names it
    for expr, loc in sc.empty:  # a zone `empty` names that `zones` does not give is given [] (a board laid from scratch)
        zones_value = _evaluate(expr, S, {})
        zones = _zones_in(zones_value)
        if zones is None:
            raise PhiltreError.at(loc, "T001", f"`empty` names zones to give empty, and this is {a_kind(zones_value)}",
                                  _empty_form(ruleset, expr.text))
        for zone in zones:
            if zone.key not in named:
                emptied[zone.key] = loc
                targets.append((zone, [], loc))
                named[zone.key] = loc
    claimed: set = set()
    homes = ruleset.layout(S.nplayers).homes
    wanted: dict = {key: {} for key in named}
    for zone, patterns, _ in targets:
        wanted[zone.key] = _wanted_values(patterns)
    # a zone with an `{others: true}` item keeps what is left in it: its spare serves other zones before a hand as dealt
    keeping = {zone.key for zone, patterns, _ in targets if any(isinstance(p, dict) and OTHERS in p for p in patterns)}
    pools = _Pools(S, wanted, homes, keeping)
    borrowed: dict = {}  # (zone key, where the pattern is written) -> the other owners whose components filled it
    kept: set = set()  # the ids of the components an `{others: true}` keeps where they lie
    others_end: dict = {}  # a given zone's number -> where its `{others: true}` part ends in what it gets
    untyped: dict = {}  # (zone key, where the pattern is written) -> the types a pattern naming no attribute took
    placements = _take_given(ruleset, S, sc, targets, pools, claimed, borrowed, kept, others_end, untyped)
    had = {number: len(zone) for number, (zone, _) in enumerate(placements) if number in others_end}  # (T012's hint)
    taken_from = _moved_zones_taken_from(S, placements, set(named), homes)  # before the moves: where each lies now
    rest = _evaluate(sc.rest, S, {}) if sc.rest is not None else None
    if rest is not None and getattr(rest, "key", None) in emptied:  # (a rest written otherwise than validate reads it)
        raise PhiltreError.at(emptied[rest.key], "T001", *rest_emptied_text(sc.rest.text.strip()))
    given_none = {zone.key: loc for zone, patterns, loc in targets if patterns == [] and zone.key not in emptied}
    if rest is not None and getattr(rest, "key", None) in given_none:  # `zones` asks for it empty, as `empty` does
        raise PhiltreError.at(given_none[rest.key], "T001", *rest_emptied_text(sc.rest.text.strip(), by_zones=True))
    swaps = _swaps(S, placements, set(named), homes, claimed, kept) if rest is None else {}
    holes = {key: [c["id"] for c in S.zone(key)] for key, _ in swaps.values()}  # each one's order, before the moves
    unlisted = []  # (loc, zone, how many) of given zones that would keep unlisted components they start with
    sent_back: dict = {}  # zone key -> (how many unlisted components went back to it, their start; the first given zone's loc)
    moves = []  # (component, zone), made in runs to one zone: one move of many is linear
    to_rest = []  # the components the given zones sent to `rest` (T038)
    # a zone with an `{others: true}` item keeps what is left in it, those other given zones send back to it as their
    # start too (a hand given displaces the cards dealt to it, which start in the deck): in its `others` part, on top
    # of the others, so that what it lists lies where it is listed
    for (zone, _), (_, _, loc) in zip(placements, targets):
        out = [c for c in zone if c["id"] not in claimed and c["id"] not in kept]  # an `others` item's stay, re-laid below
        for comp in out + [c for c in zone if c["id"] in claimed]:
            if comp["id"] in claimed:
                moves.append((comp, S.zone(homes[comp["id"]])))  # re-laid below, in the given order
            elif rest is not None:
                moves.append((comp, rest))
                to_rest.append(comp)
            elif comp["id"] in swaps:  # in place of a component taken from a zone not given (_swaps)
                moves.append((comp, S.zone(swaps[comp["id"]][0])))
            else:
                moves.append((comp, S.zone(homes[comp["id"]])))
                if homes[comp["id"]] != zone.key:
                    count, first = sent_back.get(homes[comp["id"]], (0, loc))
                    sent_back[homes[comp["id"]]] = (count + 1, first)
        _move_runs(game, moves)
        moves = []
    # once every given zone has sent back what it does not list (a zone given before a hand too): what is left in one
    # with no `{others: true}` that no pattern takes
    for (zone, _), (_, _, loc) in zip(placements, targets):
        staying = sum(1 for c in zone if c["id"] not in claimed)
        if staying and rest is None and zone.key not in keeping:
            unlisted.append((loc, zone, staying))
    for number, (zone, chosen) in enumerate(placements):
        if number in others_end:  # what other given zones sent back here joins the others, on top of them
            had[number] = (had[number], sum(1 for comp, _, _ in chosen if comp["id"] not in kept))  # (and its list names)
            listed = {comp["id"] for comp, _, _ in chosen}
            back = [(c, None, None) for c in zone if c["id"] not in listed]
            kept.update(c["id"] for c, _, _ in back)
            chosen = chosen[:others_end[number]] + back + chosen[others_end[number]:]
        for comp, at, here in chosen:
            if (at is not None) != (zone.key[0] in S.grids) and comp["id"] not in kept:  # kept: placed where they lie
                raise PhiltreError.at(here, "T006", f"give 'at: {{x, y, rot}}' for a component on a grid zone, and only there ({zone.key[0]})")
            off = None
            if at is not None and type(resolution := S.grids[zone.key[0]]) is geometry.Bounded:  # a board of fixed size
                try:
                    off = geometry.outside(comp, at["x"], at["y"], at["rot"], resolution)
                except geometry.GeometryError:  # (no piece: the rule that reads it says so, as on any grid)
                    pass
            if off:
                grid = zone.key[0] if ruleset.zones[zone.key[0]].kind == "single" else f"{zone.key[0]}[{zone.key[1]}]"
                raise PhiltreError.at(here, "T006", f"{component_text(comp)} at {{x: {at['x']}, y: {at['y']}, rot: {at['rot']}}} "
                                                    f"on {grid}: {off}", "give an 'at:' that keeps all its cells on the board")
        # listed components that lie in the zone already (their start zone) are laid again too,
        # in the given order: a move to the zone they are in does nothing
        here_already = {comp["id"] for comp, _, _ in chosen if S.where[comp["id"]] == zone.key}
        if here_already:
            zone[:] = [c for c in zone if c["id"] not in here_already]
        start = 0
        for i in range(1, len(chosen) + 1):
            if i < len(chosen) and (chosen[i][0]["id"] in here_already) == (chosen[start][0]["id"] in here_already):
                continue
            run = [comp for comp, _, _ in chosen[start:i]]
            if run[0]["id"] in here_already:
                zone.extend(run)
            else:
                move_components(game, run, zone, placing=True)
            start = i
        for comp, at, _ in chosen:
            if at is not None:
                S.placed[comp["id"]] = (at["x"], at["y"], at["rot"])
                S.grid_version += 1
    _lay_swaps(S, swaps, holes, taken_from)
    result.grown += [(keys[number], _zone_name(ruleset, placements[number][0].key), before, len(placements[number][0]), names)
                     for number, (before, names) in had.items() if len(placements[number][0]) > before]
    result.notes.extend(_taken_from_notes(ruleset, S, taken_from, sc, targets))
    kept: dict = {}  # family -> whether the rules fill it with its own seat's components only (T019's hint, T043)
    result.notes.extend(_borrowed_notes(ruleset, borrowed, lambda family: _kept_own(ruleset, S, homes, family, kept)))
    result.notes.extend(_strangers_notes(ruleset, S, placements, borrowed, homes, kept))
    result.notes.extend(_untyped_taken_notes(ruleset, untyped))
    result.notes.extend(_rest_strays_notes(ruleset, S, sc, rest, to_rest, homes))
    for loc, zone, staying in unlisted[:1]:  # after the patterns' own checks (T006): those say more
        name = zone.key[0] if ruleset.zones[zone.key[0]].kind == "single" else f"{zone.key[0]}[{zone.key[1]}]"
        raise PhiltreError.at(loc, "T010", f"{name} would keep {staying} component(s) not listed: "
                              "they start there, so going back to their start leaves them in it",
                              "give `rest:` a zone for the components a given zone does not list, or keep them "
                              "in it as they lie with an item {others: true}")
    held = {}  # each variable given -> its value before `given`
    running = _running_reads(game) if sc.variables else []
    read = [_read_now(game, exprs) for _, exprs in running]  # what each read, read again before the variables given
    for (name, value), where in zip(sc.variables, sc.variable_locs or [sc.loc] * len(sc.variables)):
        entry = given_entry(name)
        if entry is not None and entry[0] in S.vars:  # `last[0]`: one seat's (or team's) entry, the others as they are
            _give_entry(game, sc, name, value, where, held, claimed)
            continue
        if name not in S.vars:
            raise PhiltreError.at(sc.loc, "T004", f"unknown variable '{name}' in given")
        if ruleset.variables[name].per_team and not (isinstance(value, list) and len(value) == len(S.vars[name])):
            raise PhiltreError.at(where, "T004", f"'{name}' has one value per team (each: team): give a list of "
                                  f"{len(S.vars[name])} values, one a team in the order of the teams, not {value!r}")
        held[name] = S.vars[name]
        kind = sc.component_kinds.get(name)
        if kind is not None:  # (a variable that holds components: a pattern or type#id given is a component)
            seats = ruleset.variables[name].per_player and isinstance(value, list)
            picked: list = []  # (the components its patterns took: a later item takes another)
            value = [_given_component(one, kind, S, ruleset, where, name, claimed, picked) for one in value] if seats \
                else _given_component(value, kind, S, ruleset, where, name, claimed, picked)
        S.vars[name] = _components_keyed(value, S, ruleset, where) if _keys_a_component(value, ruleset) else value
    notes, result.read_before = _read_while_running(game, sc, held, running, read, seeds)
    result.notes.extend(notes)
    result.notes.extend(_loops_ended_notes(game, sc, ended))
    for i, points in enumerate(sc.round_scores):
        while len(S.round_scores) <= i:
            S.round_scores.append([0] * S.nplayers)
        S.round_scores[i] = list(points) + [0] * (S.nplayers - len(points))
    if sc.score is not None:
        S.scores = list(sc.score) + [0] * (S.nplayers - len(sc.score))
    for name, pattern in sc.dice.items():
        if name not in ruleset.dice:
            raise PhiltreError.at(sc.loc, "T005", f"no die '{name}' in this ruleset (dice: {', '.join(ruleset.dice) or 'none'})")
        if pattern is None:  # set aside, as a `set_aside` leaves it: no face, and no roll rolls it
            S.aside = S.aside | {name}
            S.dice[name] = None
            if game.script_uses is not None:
                game.aside_at = {**(game.aside_at or {}), name: sc.dice.key_loc(name) if hasattr(sc.dice, "key_loc") else sc.loc}
            continue
        face = next((f for f in ruleset.dice[name].faces if _matches(f, pattern)), None)
        if face is None:
            raise PhiltreError.at(sc.loc, "T005", f"die '{name}' has no face matching {_pattern_text(pattern)}")
        S.dice[name] = face
    _hand_again(game)
    game._listed_for, game._listed = None, {}
    return _sent_back_said(ruleset, sent_back) if sent_back else None


def _give_entry(game, sc, key: str, value, where, held: dict, claimed) -> None:
    """given.variables' `VAR[N]`: entry N of the per-seat (or per-team) VAR takes ``value``; its other entries keep
    what they hold (a whole VAR given before it, the defaults' or the scenario's own, or the position's value)."""
    S, ruleset = game.state, game.ruleset
    name, index = given_entry(key)
    spec = ruleset.variables[name]
    whole = S.vars[name]
    if not (spec.per_player or spec.per_team) or not isinstance(whole, list):
        raise PhiltreError.at(where, "T004", f"'{name}[{index}]' gives one seat's entry, but '{name}' is one value, not "
                              "one per seat or team (each:)")
    if not 0 <= index < len(whole):
        owner = "team" if spec.per_team else "seat"
        raise PhiltreError.at(where, "T004", f"'{name}[{index}]' names no {owner} {index}: '{name}' has {len(whole)} "
                              f"entries, {owner}s 0..{len(whole) - 1}")
    held.setdefault(name, whole)
    kind = sc.component_kinds.get(key)
    if kind is not None:  # (a pattern or type#id given is a component)
        value = _given_component(value, kind, S, ruleset, where, name, claimed, [])
    elif _keys_a_component(value, ruleset):
        value = _components_keyed(value, S, ruleset, where)
    S.vars[name] = [*whole[:index], value, *whole[index + 1:]]


def _hand_again(game) -> None:
    """The values the waiting decision hands its actions (`with:`) read again at the position `given` laid out, in the
    names of the flow where it waits (a simultaneous step's for each of its seats, as `me`): read as the game reached
    it, they were of a position the scenario replaced (a piece random play had offered, placed from where `given` sent
    it back)."""
    waiting, stack = game.state.flow.pending, game.state.flow.stack
    if waiting is not None and "with" in waiting.stmt.args and stack:
        seats = waiting.players if waiting.stmt.kind == "simultaneous" else None
        waiting.locals = game._handed(waiting.stmt, stack[-1][LOCALS], seats)  # (the top frame's names: those it was asked in)
        waiting.named = None  # (the names its options were listed with, made again with the values read now)


def _given_component(value, kind, S, ruleset, where, name: str, placed=frozenset(), picked=None, item: bool = False):
    """``value``, given the variable ``name`` that holds components (Scenario.component_kinds: ``kind``), with each
    place of a component made the component it writes: a pattern, the one component of the game whose attributes
    match it (T004 where none or several do), or `type#id`, that component (T004 where none has that id). Where several
    match, those the same `given` put in a zone (``placed``, their ids) are preferred, and those an earlier pattern of
    the variable took (``picked``) left out; alike ones left lying in one zone are one choice (the first is taken)."""
    picked = [] if picked is None else picked
    if is_list(kind) and isinstance(value, list):
        return [_given_component(one, kind[1], S, ruleset, where, name, placed, picked, True) for one in value]
    if isinstance(value, str) and (named := COMPONENT_KEY.fullmatch(value)) is not None:
        return _component_named(S, named[1], int(named[2]), value, where)
    if not isinstance(value, dict) or is_list(kind):
        return value  # (of another kind: validate said T004)
    found = [c for c in S.components if _matches(c, value)]
    left = [c for c in found if c["id"] in placed] or found
    left = [c for c in left if c["id"] not in {p["id"] for p in picked}] or left
    if len(left) == 1 or (left and _alike_lying_together(S, left)):
        picked.append(left[0])
        return left[0]
    candidates = few_listed([f"{c['type']}#{c['id']} in {_zone_name(ruleset, S.where[c['id']])}" for c in left], 4)
    raise PhiltreError.at(where, "T004", f"{one_component_said(name, item)}, and the pattern {pattern_text(value)} given "
                          + (f"matches {len(left)} components of this {S.nplayers}-seat game ({candidates})" if found else
                             f"matches no component of this {S.nplayers}-seat game"),
                          "name attributes enough to tell one component (its `type`, or `id`), put the one meant in a "
                          f"zone the same `given` lists, or write it as records write it, {name}: TYPE#ID" if found else
                          "give the attributes of a component the game has (`philtre show` lists them)")


def _alike_lying_together(S, comps) -> bool:
    """Whether components are alike but for their ids (every attribute the same) and lie in one zone: none of them is
    told from another by a rule, so a pattern that matches them all may take any."""
    def attributes(c):
        return sorted((k, repr(v)) for k, v in c.items() if k != "id")
    return len({S.where[c["id"]] for c in comps}) == 1 and all(attributes(c) == attributes(comps[0]) for c in comps)


def _components_keyed(value, S, ruleset, where):
    """A given variable's value with each map key written as records write a component (`follower#72`, of a component
    type of the ruleset) made that component, in maps inside lists and maps too: a rule's map keyed by components
    (`put(spot, m, on)`) is given as play and records show it. T004 where no component of that type has that id."""
    if isinstance(value, list):
        return [_components_keyed(v, S, ruleset, where) for v in value]
    if not isinstance(value, dict):
        return value
    types = {t.name for t in ruleset.components}
    out = {}
    for key, v in value.items():
        named = COMPONENT_KEY.fullmatch(key) if isinstance(key, str) else None
        if named is not None and named.group(1) in types:
            key = _component_named(S, named.group(1), int(named.group(2)), key, where)
        out[key] = _components_keyed(v, S, ruleset, where)
    return out


def _keys_a_component(value, ruleset) -> bool:
    """Whether a map in ``value`` (or in its lists and maps) has a key written as a component of the ruleset, type#id."""
    if isinstance(value, list):
        return any(_keys_a_component(v, ruleset) for v in value)
    if not isinstance(value, dict):
        return False
    types = {t.name for t in ruleset.components}
    return any((isinstance(k, str) and (m := COMPONENT_KEY.fullmatch(k)) is not None and m.group(1) in types)
               or _keys_a_component(v, ruleset) for k, v in value.items())


def _component_named(S, type_name: str, ident: int, written: str, where):
    """The component ``type_name#ident`` of the game, or T004 (with the ids of that type) where there is none."""
    if ident < len(S.components) and S.components[ident]["id"] == ident and S.components[ident]["type"] == type_name:
        return S.components[ident]
    ids = [c["id"] for c in S.components if c["type"] == type_name]
    span = f"{type_name}#{ids[0]} to {type_name}#{ids[-1]}" if ids else "none"
    raise PhiltreError.at(where, "T004", f"'{written}' names no component: the {type_name}s of this {S.nplayers}-seat game are {span}",
                          "a map key written type#id is that component, as records write it: use an id a record shows")


# a list indexed past its end, as the failure names it (index_named): index 3 of `claimed[stone]`
_INDEXED_NAME = re.compile(r"index -?\d+ of `(\w+)\[")


def _with_resized_given(ruleset, sc, failure: str) -> str:
    """A scenario's ``failure`` (its lines), with T025 after it where it indexed past the end of a list `given` resized."""
    resized = _resized_given(ruleset, sc, failure)
    return failure if resized is None else f"{failure}\n{resized}"


def _resized_given(ruleset, sc, failure: str):
    """T025, said after a failure that indexed past the end of a list that the scenario's `given` set to another length
    than the variable's initial list (`claimed: [null, null, null]` for nine stones), at that given: the list the rules
    index is the scenario's, not the game's; None where the failure indexed no such list.

    The list is the one the failure names (`index 3 of `v[3]``); where it names none (read through a definition, in a
    `set`'s value: `index 3 is out of range (0..1)`), a list given resized that holds as many items as the failure says
    and would have held the index at its initial length, one seat's of a per-seat variable as well."""
    given = dict(zip((name for name, _ in sc.variables), zip((value for _, value in sc.variables),
                                                            sc.variable_locs or [sc.loc] * len(sc.variables))))
    named = [name for name in dict.fromkeys(_INDEXED_NAME.findall(failure)) if name in given]
    out = _OUT_OF_RANGE.search(failure)
    size = (int(out[3]) + 1 if out[3] is not None else 0) if out else None
    if out and out[2] is not None and not named:  # the failure names the list it indexed, one `given` did not set
        return None
    for name in named or (given if out else ()):
        spec = ruleset.variables.get(name)
        if spec is None or not isinstance(spec.initial, list):
            continue
        value, where = given[name]
        owner = "team" if spec.per_team else "seat"
        for seat, held in _given_lists(value, spec.per_owner):
            if len(held) == len(spec.initial) or (not named and (len(held) != size or not 0 <= int(out[1]) < len(spec.initial))):
                continue
            whose = f" ({owner} {seat}'s)" if seat is not None else ""
            return Diagnostic(where, "T025", f"`given` sets '{name}'{whose} to a list of {len(held)} item{'' if len(held) == 1 else 's'}, and its initial value "
                              f"has {len(spec.initial)}: the failure above indexed the list given",
                              f"give '{name}'{whose and f' each {owner}'} {len(spec.initial)} items, as its initial value has")
    return None


# an index out of range, as the rules' failures say it: the index, and the last position held (none where it is empty)
_OUT_OF_RANGE = re.compile(r"index (-?\d+)(?: of `([^`]*)`)? is out of range \((?:0\.\.(\d+)|it holds nothing)\)")


def _given_lists(value, per_seat: bool) -> list:
    """The lists ``value`` given to a variable holds where its initial value is one: (None, the list), or for a per-seat
    variable (seat, its list) for each seat's."""
    if not isinstance(value, list):
        return []
    if not per_seat:
        return [(None, value)]
    return [(seat, held) for seat, held in enumerate(value) if isinstance(held, list)]


def _sent_back_said(ruleset, sent_back: dict) -> Diagnostic:
    """T022, said beside a rule's failure after `given`: the components the given zones do not list went back to the
    zones they start in, which the flow may deal from again (an extra round dealt from a deck the author left empty)."""
    def named(key) -> str:
        """A zone as the scenario writes it: deck, hand[1]."""
        return key[0] if ruleset.zones[key[0]].kind == "single" else f"{key[0]}[{key[1]}]"

    total = sum(count for count, _ in sent_back.values())
    most = sorted(sent_back.items(), key=lambda item: -item[1][0])  # said at the first given zone sending to the fullest
    if len(most) == 1:
        where = f"zone '{named(most[0][0])}'"
    else:
        where = "zones " + few_listed([f"'{named(key)}' ({count})" for key, (count, _) in most])
    return Diagnostic(most[0][1][1], "T022", f"{total} component{'' if total == 1 else 's'} not named in `given` went back to where "
                                   f"they start, {where}, and the game ran on with them there (a flow that deals from there deals them again)",
                      "`rest: ZONE` in `given` puts them in ZONE instead, one the flow does not take from; or list them where they should be")


def _moved_zones_taken_from(S, placements, given_keys: set, homes: dict) -> dict:
    """The zones not given that components taken for the given zones lie in and were moved to by the game (a hand as
    dealt, not a deck): zone key -> (how many it gives, where the first pattern taking one is written, the given zone's
    number and the place of each pattern taking one, in order, the first component taken)."""
    taken: dict = {}
    for number, (_, chosen) in enumerate(placements):
        for comp, _, here in chosen:
            key = S.where[comp["id"]]
            if key not in given_keys and key != homes[comp["id"]]:
                count, first, takers, one = taken.get(key, (0, here, {}, comp))
                takers[(number, here)] = None
                taken[key] = (count + 1, first, takers, one)
    return taken


def _swaps(S, placements, given_keys: set, homes, claimed: set, kept: set) -> dict:
    """Where the components the given zones do not list go in place of those taken for them from a zone not given that
    the game filled (a hand as dealt): one for one, of the same type and owner, a given zone's own first, so that such a
    zone keeps its count (a trial's game dealt its whole deck: a zone of two cards laid aside, given two cards of a
    hand, sent its own two back to the deck, and the hand played two short). {displaced id: (the zone it goes to, the id of the one it
    replaces)}. A component that starts in a given zone goes back to it, as before; a grid zone takes no component so."""
    holes = [(number, comp) for number, (_, chosen) in enumerate(placements) for comp, _, _ in chosen
             if (key := S.where[comp["id"]]) not in given_keys and key != homes[comp["id"]] and key[0] not in S.grids]
    if not holes:
        return {}
    spare: dict = {}  # (given zone's number, or None for any, type, owner) -> what it does not list, bottom to top
    for number, (zone, _) in enumerate(placements):
        for comp in zone:
            if comp["id"] not in claimed and comp["id"] not in kept and homes[comp["id"]] not in given_keys:
                for whose in (number, None):
                    spare.setdefault((whose, comp["type"], comp.get("owner")), deque()).append(comp)
    swaps: dict = {}
    filled: set = set()  # the ids of the taken components replaced
    for own in (True, False):
        for number, taken in holes:
            if taken["id"] in filled:
                continue
            pile = spare.get((number if own else None, taken["type"], taken.get("owner")), ())
            while pile and pile[0]["id"] in swaps:
                pile.popleft()
            if pile:
                swaps[pile.popleft()["id"]] = (S.where[taken["id"]], taken["id"])
                filled.add(taken["id"])
    return swaps


def _lay_swaps(S, swaps: dict, holes: dict, taken_from: dict) -> None:
    """Put each component swapped into a zone not given where the one it replaces lay (``holes``: each such zone's
    ids before the moves), and drop from ``taken_from`` (T018) a zone whose every taken component was replaced."""
    for key, before in holes.items():
        place = {ident: at for at, ident in enumerate(before)}
        place.update({ident: place[taken] for ident, (_, taken) in swaps.items() if taken in place})
        zone = S.zone(key)
        zone[:] = sorted(zone, key=lambda c: place.get(c["id"], len(before)))
    refilled = Counter(to for to, _ in swaps.values())
    for key in holes:
        if key in taken_from and refilled[key] >= taken_from[key][0]:
            del taken_from[key]


def _taken_from_notes(ruleset, S, taken_from: dict, sc, targets) -> list:
    """T018, a note (the scenario is not failed), per zone not given that gave components to the given zones, not all
    swapped for ones they leave out (_swaps): it no longer holds what the game put in it, which the author, not naming
    it, may have counted on. One sentence: the pattern that took (a trial's note, one sentence of 400 characters, said
    why before what), the zone and what it holds now, and the fix; a pattern of the file's defaults is said to be
    theirs (the note pointed at their line, and named nothing there). The zone `rest:` names is not noted: the
    author named it, and it holds the rest as asked (a trial's hand[2], given as the rest, was said "not given")."""
    notes = []
    rest = _evaluate(sc.rest, S, {}) if sc.rest is not None else None
    rest_family = rest.key[0] if isinstance(rest, Zone) else None  # `empty` of rest's family would contradict it (T001)
    for key, (count, here, takers, one) in taken_from.items():
        if isinstance(rest, Zone) and rest.key == key:  # `rest:` names it: what it holds now is what the author asked for
            continue
        theirs = from_defaults(sc, here)
        number = next(iter(takers))[0]
        who = _pattern_named(ruleset, targets, number, here) + (" of the file's `defaults`" if theirs else "")
        others = len(takers) - 1
        who += f" ({os.path.basename(here.path)}:{here.line}:{here.col})" + (f" and {others} more pattern{'s' * (others > 1)}" if others else "")
        what = f"{'an' if one['type'][:1] in 'aeiou' else 'a'} {one['type']}" if count == 1 else f"{count} components"
        name = _zone_name(ruleset, key)
        # where a scenario lays a family out from scratch (a board), `empty` says it for every zone of it at once
        family = "" if name == key[0] or rest_family == key[0] else f", or empty: [{key[0]}] to give every {key[0]} zone not listed empty"
        out = f", or {LEAVE_DEFAULTS_OUT}" if theirs else ""
        notes.append(_failure(here, "T018", f"{who} took {what} from {name}, which is not given: it holds "
                              f"{len(S.zone(key))} now; give {name} to say what it holds ({name}: [{{others: true}}] "
                              f"keeps the rest as it lies){family}{out}"))
    return notes


def _pattern_named(ruleset, targets, number: int, here) -> str:
    """A given zone's pattern written at ``here``, as the author reads it: row's {suit: red}, and row's 2nd
    {suit: black} where its list writes that pattern more than once."""
    zone, patterns, _ = targets[number]
    name = _zone_name(ruleset, zone.key)
    for entry, listed in enumerate(patterns):
        if here in (getattr(listed, "loc", None), listed.loc_of("at") if hasattr(listed, "loc_of") and "at" in listed else None):
            alike = [i for i, other in enumerate(patterns) if dict(other) == dict(listed)]
            nth = f"{_ordinal(alike.index(entry) + 1)} " if len(alike) > 1 else ""
            return f"{name}'s {nth}{_pattern_text(listed)}"
    return f"a pattern of {name}"


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _rest_strays_notes(ruleset, S, sc, rest, to_rest: list, homes) -> list:
    """T038, a note (the scenario is not failed), where the zone `rest:` names is one components start in (a pile the
    rules deal from, not a box no rule names) and the given zones sent it components of types none of which starts
    there: in a trial, `rest:` named a pile of cards, which swallowed the pieces `empty:` took off the board, and the
    scenario failed far away, at a count of the zone the pieces start in, which they never went back to."""
    if not isinstance(rest, Zone) or rest.key not in homes:
        return []
    kinds = {c["id"]: c["type"] for c in S.components}
    starting = {kinds[i] for i, key in enumerate(homes) if key == rest.key}
    strays: dict = {}  # type -> (how many, the keys of the zones they start in)
    for comp in to_rest:
        if comp["type"] not in starting:
            count, starts = strays.get(comp["type"], (0, set()))
            strays[comp["type"]] = (count + 1, starts | {homes[comp["id"]]})
    if not strays:
        return []
    name = _zone_name(ruleset, rest.key)
    got = ", ".join(f"{count} {kind}" for kind, (count, _) in strays.items())
    starts = few_listed([_zone_name(ruleset, key) for key in sorted({k for _, keys in strays.values() for k in keys})])
    return [_failure(sc.rest.loc, "T038", f"rest: {name} received {got}, of types that never start there (they start in "
                     f"{starts}), where only {few_listed(sorted(starting))} start{'s' if len(starting) == 1 else ''}",
                     "leave rest: out, and the components the given zones do not list go back to where they start; "
                     "or list them where they belong; or give rest: a zone no rule names, box: {visible: nobody}")]


def _zone_name(ruleset, key) -> str:
    """A zone as rules write it: deck, or hand[0] of a family."""
    return key[0] if ruleset.zones[key[0]].kind == "single" else f"{key[0]}[{key[1]}]"


def _borrowed_notes(ruleset, borrowed: dict, kept_own) -> list:
    """T019, a note (the scenario is not failed), per pattern of a seat's zone that took another seat's components: the
    seat had no such component of its own left, so the position holds one the game may never put there (where
    ``kept_own(family)``, one no rule fills with another seat's, never: `owner:` would get T043, so it is not hinted).
    The zone is written as the pattern's key is (sq[0][98] of a family of N zones a seat, never its flat key sq[98])."""
    notes = []
    for (key, here), owners in borrowed.items():
        family, seat = key[0], ruleset.zones[key[0]].owner(key[1])
        others = sorted(set(owners))
        whose = f"seat {others[0]}" if len(others) == 1 else f"seats {', '.join(map(str, others[:-1]))} and {others[-1]}"
        count = len(owners)
        hint = (f"a component keeps its owner in any zone, and no rule puts another seat's component in a {family} zone: "
                f"give seat {seat} only its own" if kept_own(family) else
                "a component keeps its owner in any zone, so the game may never reach this position; "
                f"if it is meant, write owner: {others[0]} in the pattern")
        notes.append(_failure(here, "T019", f"{_seat_zone_text(ruleset, key)} is given {count} component{'' if count == 1 else 's'} owned by {whose}: "
                              f"seat {seat} has no such component of its own left for this pattern", hint))
    return notes


def _kept_own(ruleset, S, homes, family: str, kept: dict) -> bool:
    """Whether no rule puts another seat's component in a zone of ``family`` (seat_moves.kept_own) and none starts in
    another seat's zone of it; memoised in ``kept``."""
    from philtre.dsl.seat_moves import kept_own

    if family not in kept:
        decl = ruleset.zones[family]
        kept[family] = kept_own(ruleset, family) and not any(
            homes[c["id"]] is not None and homes[c["id"]][0] == family and c.get("owner") is not None
            and decl.owner(homes[c["id"]][1]) != c["owner"] for c in S.components)
    return kept[family]


def _strangers_notes(ruleset, S, placements, borrowed: dict, homes, kept: dict) -> list:
    """T043, a note (the scenario is not failed), per pattern that put a component of one seat into another seat's zone
    of a family no rule fills with another seat's components, none starting in one either (seat_moves.kept_own): a
    position the game never reaches (a trial's `slot[0][9]: [{owner: 1, ...}]`, copied from seat 0's line, offered seat 0
    seat 1's piece to move). A pattern T019 has said already is not said again."""
    found: dict = {}  # (zone key, where the pattern is written) -> the owners of the components put there
    for zone, placed in placements:
        seat = ruleset.zones[zone.key[0]].owner(zone.key[1])
        for comp, _, here in placed if seat is not None else ():
            if comp.get("owner") is not None and comp["owner"] != seat and (zone.key, here) not in borrowed:
                found.setdefault((zone.key, here), []).append(comp["owner"])
    notes = []
    for (key, here), owners in found.items():
        family = key[0]
        if not _kept_own(ruleset, S, homes, family, kept):
            continue
        seat = ruleset.zones[family].owner(key[1])
        name = _seat_zone_text(ruleset, key)
        others = sorted(set(owners))
        whose = " and ".join(f"seat {o}" for o in others)
        count = len(owners)
        notes.append(_failure(here, "T043", f"{name} is seat {seat}'s, and is given {count} component"
                              f"{'' if count == 1 else 's'} of {whose}: no rule puts another seat's component in a "
                              f"{family} zone, so the game never reaches this position",
                              f"write owner: {seat} to give seat {seat}'s own, or give the zone of seat {others[0]}'s, "
                              f"{_seat_zone_text(ruleset, key, others[0])}"))
    return notes


def _seat_zone_text(ruleset, key, seat=None) -> str:
    """A zone of a seat's family as rules write it, hand[1] or slot[1][9]; with ``seat``, the same zone of that seat's."""
    decl = ruleset.zones[key[0]]
    if decl.kind == "seat_copies":
        owner, index = divmod(key[1], decl.copies)
        return f"{key[0]}[{owner if seat is None else seat}][{index}]"
    return f"{key[0]}[{key[1] if seat is None else seat}]"


def _untyped_taken_notes(ruleset, untyped: dict) -> list:
    """T021, a note (the scenario is not failed), per pattern naming no attribute given to a zone that held no component
    when `given` was applied, in a game of several component types: with no type to go by, it took any."""
    notes = []
    for (key, here), types in untyped.items():
        counts = Counter(t for t in types if t is not None)
        if not counts:
            continue  # none was left: T003 said so
        took = few_listed([f"{n} {t}" for t, n in counts.items()])
        many = f", copies: {len(types)}" if len(types) > 1 else ""
        notes.append(_failure(here, "T021", f"this pattern names no attribute, and {_zone_name(ruleset, key)} held no "
                              f"component to take the type from, so it took any type: {took}",
                              "give the type meant: " + " or ".join(f"{{type: {t}{many}}}" for t in
                                                                   sorted(t.name for t in ruleset.components))))
    return notes


def _given_slots(targets) -> list:
    """One slot per component the given zones list, zone by zone, bottom to top: (zone number, pattern, at, where it
    is written, which entry of the file it comes from, and which value of its range); T002 at a component that is not
    a mapping. An `{others: true}` item is a slot whose pattern is None: the zone's components no pattern takes go there."""
    slots = []
    for number, (_, patterns, loc) in enumerate(targets):
        for entry, listed in enumerate(patterns):
            if not isinstance(listed, dict):
                raise PhiltreError.at(loc, "T002", NOT_A_PATTERN)
            here = getattr(listed, "loc", loc)  # the pattern as listed, for the messages about it
            if OTHERS in listed:
                slots.append((number, None, None, here, (number, entry, 0)))
                continue
            pattern = dict(listed)
            copies = pattern.pop("copies", 1)
            at = pattern.pop("at", None)  # a placement on a grid zone
            where = listed.loc_of("at") if at is not None and hasattr(listed, "loc_of") else here
            for value, one in enumerate(spelt_out(pattern)):  # a range gives one component per value, each its copies
                slots += [(number, one, at, where, (number, entry, value))] * copies
    return slots


def _take_given(ruleset, S, sc, targets, pools, claimed: set, borrowed: dict, kept: set, others_end: dict,
                untyped: dict) -> list:
    """The components each given zone gets, [(zone, [(component, at, where), ...]), ...], in the order listed; an
    `{others: true}` item gets, in their order, the zone's components that no pattern of any given zone took (their ids
    go to ``kept``; where that part of the zone's list ends goes to ``others_end``, by the zone's number).

    The patterns naming more attributes take their components first, across all the given zones (ties in the
    order written; `type` and `owner` not counted: given_rank): `{copies: 40}` under a `{rank: 9}` on top would
    otherwise take the nine, and `hand[0]: [{rank: 8}]` the only red 8 that a later `hand[1]: [{suit: red, rank: 8}]`
    needs; where each lies is the order of the lists. The fillers (is_filler) take last, even in a zone with
    `{others: true}`, after every other pattern of every zone has taken its own."""
    slots = _given_slots(targets)
    chosen: list = [None] * len(slots)
    taken_by: dict = {}  # component id -> the entry that took it, for the message when one runs out
    ranked = sorted(range(len(slots)), key=lambda i: given_rank(slots[i][1]))  # a stable sort: deterministic
    fillers = [i for i in ranked if is_filler(slots[i][1])]
    for order in ([i for i in ranked if not is_filler(slots[i][1])], fillers):
        _take_slots(ruleset, S, sc, targets, pools, claimed, borrowed, untyped, slots, chosen, taken_by, order)
    placed: list = [(zone, []) for zone, _, _ in targets]
    for slot, taken in zip(slots, chosen):  # each zone's, bottom to top
        if slot[1] is None:
            others = [c for c in targets[slot[0]][0] if c["id"] not in claimed and c["id"] not in kept]
            kept.update(c["id"] for c in others)
            placed[slot[0]][1].extend((c, None, slot[3]) for c in others)
            others_end[slot[0]] = len(placed[slot[0]][1])
        else:
            placed[slot[0]][1].append(taken)
    return placed


def _take_slots(ruleset, S, sc, targets, pools, claimed, borrowed, untyped, slots, chosen, taken_by, order) -> None:
    """The components of the given ``slots`` numbered ``order``, in that order, into ``chosen`` (_take_given)."""
    several_types = len(ruleset.components) > 1
    # a zone with `{others: true}` first takes for its own patterns what it holds: what they leave is its spare, which
    # the other zones' patterns take before a hand as dealt (_Pools)
    for i in order:
        number, pattern, at, here, entry = slots[i]
        key = targets[number][0].key
        if pattern is not None and key in pools.keeping:
            types = pools.held(key) if not pattern and several_types else None
            comp = pools.take(key, pattern, claimed, types, here_only=True)
            if comp is not None:
                taken_by[comp["id"]] = entry
                chosen[i] = (comp, at, here)
    for i in order:
        number, pattern, at, here, entry = slots[i]
        if pattern is None or chosen[i] is not None:  # `others`: what is left once every pattern has taken its component
            continue
        key = targets[number][0].key
        # a pattern naming no attribute (`{copies: 5}`, "the rest as dealt") takes the types the zone holds, not a
        # component of another type that a seat owns (a trial's hand got the seat's pawns in place of its cards)
        types = pools.held(key) if not pattern and several_types else None
        if not pattern and several_types and not types:  # none to go by: any type, said in a note (T021)
            untyped.setdefault((key, here), []).append(None)
        seat = ruleset.zones[key[0]].owner(key[1])  # (hand[1]'s seat, and line[1][3]'s)
        own_first = seat is not None and "owner" not in pattern
        # components already in the zone first; then, in a seat's zone, the seat's own; then any
        comp = pools.take(key, pattern, claimed, types, here_only=True) if own_first else None
        if comp is None and own_first:
            comp = pools.take(key, {**pattern, "owner": seat}, claimed, types)
        if comp is None:
            comp = pools.take(key, pattern, claimed, types)
            if own_first and comp is not None and comp.get("owner") is not None:  # another seat's: said in a note (T019)
                borrowed.setdefault((key, here), []).append(comp["owner"])
        if comp is not None and (key, here) in untyped:
            untyped[(key, here)][-1] = comp["type"]
        if comp is None:
            made = any(_matches(c, pattern) for c in S.components)
            derived = None if made else derived_not_made(ruleset, pattern, S.components)
            if derived is not None:  # a derived value no component has (`{face: k}`): validate's T009, not "left"
                raise PhiltreError.at(here, "T009", *derived[1:])
            unmade = None if made else not_made(ruleset, S.nplayers, pattern)
            if unmade is not None:  # not "left": none is made at this player count, which no earlier pattern could help
                raise PhiltreError.at(here, "T003", *unmade)
            raise PhiltreError.at(here, "T003", f"no component left matching {_pattern_text(pattern)}",
                                  _run_out_hint(ruleset, S, sc, targets, slots, taken_by, pattern, entry, here))
        taken_by[comp["id"]] = entry
        chosen[i] = (comp, at, here)


def _run_out_hint(ruleset, S, sc, targets, slots, taken_by: dict, pattern: dict, entry, here) -> str:
    """How many components a pattern that ran out matches, and what took them: itself (it asks for more copies than
    the game has) or the other patterns given, named (takers_named)."""
    ids = [c["id"] for c in S.components if _matches(c, pattern)]
    if not ids:
        return ""
    first = {slot[4]: slot for slot in reversed(slots)}  # each entry's first slot: its zone, pattern and place
    takers = [(_zone_name(ruleset, targets[slot[0]][0].key), slot[1], slot[3], from_defaults(sc, slot[3]))
              for slot in (first[taken_by[i]] for i in ids if i in taken_by and taken_by[i] != entry)]
    mine = sum(1 for i in ids if taken_by.get(i) == entry)
    return run_out_text(len(ids), mine, sum(1 for slot in slots if slot[4] == entry), takers, here)


def _out_of_turn_note(game, step) -> list:
    """T034 for an `illegal: true` step whose seat is not deciding: it passes whatever the rules say of its action (a
    stock-trading game's "cannot afford a share" passed only because three buys had ended the turn); none where a
    `# philtre: ignore[T034]` on the step's line says the move out of turn is what it tests."""
    from philtre.dsl.report import silenced_codes

    from .render import seats_text

    if "T034" in silenced_codes(step.loc.path, step.loc.line):
        return []
    return [_failure(step.loc, "T034", f"seat {step.player} is not deciding here (deciding: {seats_text(game.pending())}), so "
                     f"this `illegal: true` step passes as a move out of turn, whatever the rules say of {step.action}",
                     f"to test that the rules refuse it, take the steps that bring seat {step.player} to a decision "
                     f"offering {step.action} first; where a move out of turn is what it tests, silence this on its line: "
                     "# philtre: ignore[T034]")]


def _take_step(game, step, result, given_first: bool = False, sc=None) -> bool:
    """Take the scenario step ``step`` (T013 where it cannot be taken); ``given_first``: it is the first step after the
    `given` of scenario ``sc``, which changes only what it names, not who the flow already asked."""
    if step.player not in game.pending():
        from .render import seats_text

        seats, hint = game.state.nplayers, ""
        if step.illegal and game.pending() and isinstance(step.player, int) and 0 <= step.player < seats:
            result.notes.extend(_out_of_turn_note(game, step))
            return True  # a move out of turn is refused as the rules refuse it: "you may not move out of turn" holds
        if not (isinstance(step.player, int) and 0 <= step.player < seats):  # not a mistake of timing: no such seat
            said = f"seat {step.player} is not a seat of this {seats}-player scenario (seats 0..{seats - 1})"
        elif _has_chosen(game, step.player):  # a second step of one seat in a simultaneous step: "not deciding" hid why
            said = f"seat {step.player} has already chosen in this simultaneous step (still to choose: {seats_text(game.pending())})"
        else:
            said = f"seat {step.player} is not deciding now (deciding: {seats_text(game.pending()) if game.pending() else 'nobody, the game is over'})"
            if sc is not None and step is sc.steps[0] and game.pending() and result.read_before is not None:
                # (`player: N` in given, or a seed starting with seat N deciding, leaves the statement reading the old value)
                found, tried, reads = result.read_before
                hint = ("`given` sets a value that a statement still running at the position read before (T028)"
                        f"{', and `player:` in given would not change what it read' if sc.at is not None else ''}: "
                        f"{_given_seeds_hint(found, tried, reads)}")
            elif sc is not None and step is sc.steps[0] and game.pending():  # a start player drawn at random: a seed fixes it
                hint = _seeds_hint(game.ruleset, sc, step.player)
            if given_first and game.pending() and _given_picks_seat(game, sc):
                waiting = game.state.flow.pending
                at = waiting.stmt.label if waiting is not None else "the first decision"
                said += (f" (the seats deciding at '{at}' were listed before `given` was applied, which changes only what "
                         "it names: reach this position with steps, or give the scenario a seed whose set-up starts there)")
        result.failures.append(_failure(step.loc, "T013", said, hint))
        return False
    options = game.options(step.player)
    S = game.state
    L = {"me": step.player}
    wanted = {}
    for name, value in step.args.items():
        wanted[name] = _evaluate(value, S, L) if hasattr(value, "fn") else _lying_at(S, value, L)
    match = _matching_option(options, step.action, wanted, _unordered(game.ruleset, step.action))
    if match is None:  # a turn that looks the same as the one offered is the same move (offered once, at the least rot)
        match = next((o for o in options
                      if o.action == step.action and _same_placement(dict(o.args), wanted, game)), None)
    if step.illegal:
        wrong = _wrong_kind(options, step, wanted, game.ruleset.zones) or _unchosen_word(game, step, wanted)
        if wrong:
            result.failures.append(wrong)
            return False
        # a list in another order than the option's is another move where its parameter is ordered ([8, 6] is no
        # step to [6, 8]); chosen among subsets, the list is a set and the match above already took it in any order
        if match is not None:
            result.failures.append(_failure(step.loc, "T013", f"expected {step.action} {_args_text(step, wanted)} to be illegal, but it is legal"))
        return True
    if match is None:
        singles = _wording(game, options)  # a zone as the scenario writes it: deck, not deck[0]
        asked = f"{step.action} {_args_text(step, wanted)}" if step.args else step.action
        waiting = game.state.flow.pending
        if step.action not in decision_actions(waiting.stmt):  # where the flow waits, not the thousands of options there
            result.failures.append(_failure(step.loc, "T013", f"{asked} is not a legal option: {_not_listed(step.player, waiting.stmt, step.action)}",
                                            f"take the steps that reach a decision listing {step.action} first"
                                            f"{_asked_at(game.ruleset, step.action)}"))
            return False
        legal = (_step_legal_text(options, step.action, _as_play_lists(game, singles)) if len(options) else
                 f"seat {step.player} has no legal option at all here (a game would stop with R300: what it needs, "
                 "such as a variable the flow keeps, may be missing from given)")
        forbidden = _forbidden_text(game, options, step, wanted, singles)
        result.failures.append(_failure(step.loc, "T013", f"{asked} is not a legal option{forbidden}; {legal}",
                                        _unturned_hint(game, options, step, wanted)
                                        or (not forbidden and _elsewhere_hint(game, step, wanted))
                                        or _length_hint(options, step, wanted)
                                        or _bare_name_hint(game, options, step, wanted)
                                        # a step the choose offers, that the if forbids, is no list mis-ordered
                                        # (a trial's point [1, 0] was told to write [0, 1], another point)
                                        or (not forbidden and _order_hint(options, step, wanted, singles))
                                        or _swapped_hint(options, step, wanted)
                                        or _zone_argument_hint(game, options, step.action, wanted)
                                        or _component_argument_hint(game, options, step.action, wanted)))
        return False
    result.took.extend(_zones_taken(game, options, step, wanted, match))
    game.apply(step.player, match)
    return True


def _zones_taken(game, options, step, wanted: dict, match) -> list:
    """Where a step's pattern (with no `in:`) matched components lying in several zones, options of its action: which
    one the step took, the first (a trial's `{type: pawn, owner: 0}` moved one from home, not the one on the track)."""
    alike = [o for o in options if o.action == step.action and _option_matches(o, wanted)]
    said = []
    for name, want in wanted.items() if len(alike) > 1 else ():
        comps = [dict(o.args).get(name) for o in alike]
        if not isinstance(want, dict) or type(want) is Component or "in" in want or not all(type(c) is Component for c in comps):
            continue
        zones = list(dict.fromkeys(_zone_name(game.ruleset, game.state.where[c["id"]]) for c in comps))
        if len(zones) > 1:
            taken = dict(match.args)[name]
            where = _zone_name(game.ruleset, game.state.where[taken["id"]])
            other = next(zone for zone in zones if zone != where)
            said.append(f"the step at line {step.loc.line} took {name}={component_text(taken)} in {where}, the first "
                        f"option, where its pattern matches components in {few_listed(zones)}: to take another, give "
                        f'the pattern the zone it lies in, in: "{other}"')
    return said


SEED_TRIES, SEED_SECONDS, SEEDS_NAMED = 200, 1.0, 3  # the set-ups a T013 of the first step (a T014) tries; the seeds it names


def _seeds_hint(ruleset, sc, seat: int) -> str:
    """The hint of a T013 at a scenario's first step by a seat not deciding: the first seeds (of 0..SEED_TRIES - 1,
    within SEED_SECONDS) whose set-up, `given` applied, has ``seat`` deciding (a start player drawn at random is fixed
    by a seed); or that none of them does (the flow picks another seat whatever the seed: reach it with steps). With
    `given.at` and no `given.player`, where the seat decides there at some time, `player:` is named instead: no seed
    to find again when the rules change."""
    if sc.at is not None and sc.at_player is None and _set_up_deciding(ruleset, type(sc)(**{**sc.__dict__, "at_player": seat}), sc.seed, seat):
        return f"give `player: {seat}` in given: the position is then the first time seat {seat} decides at '{sc.at}'"
    found, tried = _first_seeds(sc, lambda seed: _set_up_deciding(ruleset, sc, seed, seat))
    if found:
        seeds = f"seed{'s' if len(found) > 1 else ''} {few_listed(found)} start{'' if len(found) > 1 else 's'}"
        return f"{seeds} with seat {seat} deciding: give the scenario `seed: {found[0]}`"
    return f"no seed of 0..{tried - 1} starts with seat {seat} deciding: reach the position with steps" if tried else ""


def _first_seeds(sc, works) -> tuple:
    """(the first SEEDS_NAMED seeds, other than the scenario's, of 0..SEED_TRIES - 1 for which ``works(seed)``, tried
    within SEED_SECONDS; how many seeds were tried)."""
    import time

    found, tried, stop = [], 0, time.monotonic() + SEED_SECONDS
    for seed in range(SEED_TRIES):
        if len(found) == SEEDS_NAMED or time.monotonic() > stop:
            break
        tried += 1
        if seed != sc.seed and works(seed):
            found.append(seed)
    return found, tried


def _reaching_seeds_hint(ruleset, sc, none_said: bool = True) -> str:
    """The hint of a T014, `given.at` never reached: the first seeds (as T013's hint finds them, _first_seeds) whose
    random play reaches the position (its round, seat and time); or, where ``none_said``, that none of them does."""
    def reaches(seed: int) -> bool:
        try:
            return _play_until(_set_up(ruleset, sc, seed), sc, Result(sc.name, sc.loc, []), seed)
        except (PhiltreError, _NotEvaluated, RuleRuntimeError, *FAILURES):
            return False

    found, tried = _first_seeds(sc, reaches)
    if found:
        return f"random play reaches it with seed{'s' if len(found) > 1 else ''} {few_listed(found)}: give the scenario `seed: {found[0]}`"
    return (f"random play reaches it with no seed of 0..{tried - 1}: give a position the game reaches, or reach it "
            "with steps from an earlier one") if tried and none_said else ""


def _set_up(ruleset, sc, seed: int):
    """Scenario ``sc``'s game made with ``seed``, before the way to `given.at` and `given`."""
    return _game_of(sc)(ruleset, sc.players, seed=seed, script_rolls=sc.rolls if sc.at is None else (),
                        script_shuffles=scripted_shuffles(sc))


def _set_up_deciding(ruleset, sc, seed: int, seat: int) -> bool:
    """Whether scenario ``sc`` played with ``seed`` (its set-up, the way to `given.at`, `given`) has ``seat`` deciding."""
    try:
        game = _set_up(ruleset, sc, seed)
        tried = Result(sc.name, sc.loc, [])
        if sc.at is not None and not _play_until(game, sc, tried, seed):
            return False
        _apply_given(game, ruleset, sc, tried)  # (what it returns is said beside a rule's failure, none here)
        if sc.at_start:
            game.start()
        return not tried.failures and seat in game.pending()
    except (PhiltreError, _NotEvaluated, RuleRuntimeError, *FAILURES):
        return False


def _has_chosen(game, seat) -> bool:
    """Whether ``seat`` has chosen in the simultaneous step the flow waits at, its choice kept until all have chosen."""
    flow = game.state.flow
    return flow.pending is not None and flow.pending.simultaneous and seat in (flow.choices or ())


LISTED_OPTIONS = 12  # the legal options a T013 lists; it says how many more there are


def _wording(game, options=()):
    """How options are named to the scenario's author: a single zone as the scenario writes it (deck, not deck[0]),
    a piece on a grid with where it lies (identical pieces at two places are two options), and, where ``options`` would
    read alike, each component with the zone it lies in, as play names them (card a in offer, card a in hand[0]); a
    position without its rot=0 where every option's is 0, as play writes it (option_wording)."""
    words = placed_wording(single_zones(game.ruleset), told_places(game))
    if not options:
        return words
    # a position's rot=0 left out where every option's is 0 (a grid whose pieces never turn), as play writes it
    return located_wording(words, options, None, lambda c: b_zone_of(game.state, c)).but(unturned=_all_at_rot_zero(options))


def _as_play_lists(game, words):
    """``words`` that write a position on a grid as `philtre play` lists the options, by the board's labels (g1, not
    (x=6, y=0)) where it has them: for the legal options a T012 or T013 lists (a hint saying what to write in a step
    keeps x and y, which a step is written with)."""
    return boards_wording(words, game.ruleset, game.state.nplayers)


def _step_legal_text(options, action: str, singles) -> str:
    """The legal options as T013 lists them for a step of ``action``: that action's first, with how many there are (or
    that there are none), then the others: a dozen of another action's listed first hid those that show why."""
    own = [o for o in options if o.action == action]
    if len(own) == len(options):
        return f"legal: {_legal_text(options, singles)}"
    if not own:
        return f"no '{action}' option is legal now; legal: {_legal_text(options, singles)}"
    others = [o for o in options if o.action != action]
    return (f"legal: {len(own)} '{action}' option{'' if len(own) == 1 else 's'} and {len(others)} of other actions, "
            f"{_legal_text(own + others, singles)}")


def _legal_text(options, singles) -> str:
    """The legal options as a T013 lists them: the first dozen, then how many it left out."""
    listed = ", ".join(o.label(None, singles) for o in options[:LISTED_OPTIONS])
    left_out = len(options) - LISTED_OPTIONS
    return f"{listed}, ... and {left_out} more" if left_out > 0 else listed


def _wrong_kind(options, step, wanted: dict, zones: dict) -> str:
    """T009 at an argument of an `illegal: true` step that is of a kind no legal option's is (a number where every option
    has a zone): it would match none, and the step pass whatever the rules say. '' if none is; the kinds of a parameter
    the ruleset does not say before the game runs are known here, from the options."""
    for name, want in wanted.items():
        values = [value for o in options if o.action == step.action for n, value in o.args if n == name]
        kinds = sorted({value_kind(value) for value in values}, key=str)
        if kinds and not any(kinds_match(value_kind(want), kind) for kind in kinds):  # no None among them
            zone = next((v for v in values if isinstance(v, Zone)), None)
            single = zone is not None and zones[zone.key[0]].kind == "single"
            shown = zone.key[0] if single else zone_named(zone.key[0], step.args[name]) if zone is not None else "ZONE"
            fields = tuple(values[0]) if kinds == ["mapping"] else ()  # (the options' own keys: at: {x: 3, y: 2})
            hint = wrong_kind_hint(name, kinds[0], shown, step.args[name], fields) if len(kinds) == 1 else ""
            where = step.value_locs.get(name) or step.arg_locs.get(name, step.loc)
            return _failure(where, "T009", wrong_kind_text(name, step.args[name], value_kind(want), kinds), hint)
    return ""


DOMAIN_WALK_LIMIT = 10_000  # the choices of earlier parameters tried to find a parameter's words: past it, none are checked


def _unchosen_word(game, step, wanted: dict) -> str:
    """T009 at a word of an `illegal: true` step that the parameter's `choose` does not yield here (before the action's
    `if`), for the values of the earlier parameters the step gives, and no rule could ever offer (Step.offerable): a
    misspelt word matches no option, and the step would pass whatever the rules say; likewise a number that the
    component attribute the `choose` yields declares no value of. A value a rule could offer that is not chosen now is
    an illegal step as meant (a clue must touch a card), and so is any word where the rules build the words they offer
    (`f + text(i)`: offerable None, or a word yielded now that the ruleset writes nowhere). '' if none is so, or what
    the choices are cannot be told (they fail, or cost too much to list)."""
    action = game.ruleset.actions.get(step.action)
    for name, want in wanted.items():
        kind, offerable = value_kind(want), step.offerable.get(name)
        if action is None or kind not in ("word", "number") or (offerable is not None and want in offerable):
            continue
        if name in step.offerable and offerable is None:  # any value of its kind may be offered: a roll, a word built
            continue
        where = step.value_locs.get(name) or step.arg_locs.get(name, step.loc)
        if kind == "number":  # never chosen now either: the attribute declares no such value
            if offerable is not None:
                return _failure(where, "T009", *unchosen_number(name, step.args[name], sorted(offerable)))
            continue
        values = _chosen_values(game, action, name, step.player, wanted)
        words = list(dict.fromkeys(v for v in values or () if isinstance(v, str)))  # in the order chosen, once each
        if not words or want in words:  # none: not a word's parameter (a wrong kind is _wrong_kind's), or unknown
            continue
        if offerable is not None and not set(words) <= set(offerable):  # the rules offer words the ruleset writes nowhere
            continue
        if _offered_for_another(game, action, name, step, want, offerable):
            continue
        given = [p for p in _earlier_read(action, name) if p in step.args]
        here = " here" + (f" (for {', '.join(f'{p}: {written(step.args[p])}' for p in given)})" if given else "")
        return _failure(where, "T009", *unchosen_word(name, step.args[name], want, words, here, offerable or ()))
    return ""


def _offered_for_another(game, action, name: str, step, want, offerable) -> bool:
    """Whether the `choose` of ``name`` yields ``want`` now for other values of the earlier parameters than the step
    gives, or yields words the ruleset writes nowhere for them: a word a rule offers, refused with the values given."""
    if not any(p in step.args for p in _earlier_read(action, name)):
        return False  # (no earlier value given: the words listed are already those of every value)
    every = [v for v in _chosen_values(game, action, name, step.player) or () if isinstance(v, str)]
    return want in every or (offerable is not None and not set(every) <= set(offerable))


def _earlier_read(action, name: str) -> list:
    """The names of the parameters before ``name`` that its `choose` reads (all of them where it cannot be told)."""
    index = next(i for i, p in enumerate(action.params) if p.name == name)
    names = action.params[index].domain.names
    return [p.name for p in action.params[:index] if names is None or p.name in names]


def _chosen_values(game, action, name: str, seat: int, wanted: dict | None = None) -> list | None:
    """Every value the `choose` of parameter ``name`` yields for ``seat`` now, the earlier parameters bound to each of
    their own choices (those the step gives, ``wanted``, to the choices matching it), before the action's `if` filters
    them; None where a choice fails or there are too many to try."""
    S, params, wanted = game.state, action.params, wanted or {}
    pending = S.flow.pending
    L = seat_names(pending.locals, seat) if pending is not None else {"me": seat}
    index = next(i for i, p in enumerate(params) if p.name == name)
    bound = params[:index] if _earlier_read(action, name) else ()  # a choice of its own (`say: creatures`) is listed once
    found: list = []
    tried = [0]

    def walk(i: int) -> None:
        """Bind the parameters before the one asked about (from ``i``) to each of their choices; collect its choices."""
        tried[0] += 1
        if tried[0] > DOMAIN_WALK_LIMIT:
            raise _TooMany
        if i == len(bound):
            found.extend(params[index].domain.fn(S, L))
            return
        for value in list(bound[i].domain.fn(S, L)):
            if bound[i].name in wanted and not _arg_matches(value, wanted[bound[i].name]):
                continue  # (the step gives this parameter: its words are those of the value given, not of every value)
            L[bound[i].name] = value
            walk(i + 1)

    work, memo = WORK[0], S.memo
    WORK[0], S.memo = WORK_LIMIT, {}  # listed as options are: the state stands still, definitions are remembered
    try:
        walk(0)
    except (_TooMany, RuleRuntimeError, *FAILURES):  # the step is then checked against the options alone
        return None
    finally:
        WORK[0], S.memo = work, memo
    return found


class _TooMany(Exception):
    """Listing a parameter's choices would try more than DOMAIN_WALK_LIMIT choices of the parameters before it."""


def _order_hint(options, step, wanted: dict, singles=()) -> str:
    """For a step whose list arguments hold a legal option's items in another order (`['d4', 'd2']` where the option
    is `['d2', 'd4']`): that an option's list is matched in its order, and the order that is legal of each such list
    (all of them at once: one run to mend the step)."""
    for option in options:
        args = dict(option.args) if option.action == step.action else {}
        if not all(name in args for name in wanted):
            continue
        reordered = [name for name, want in wanted.items() if not _arg_matches(args[name], want)]
        if reordered and all(_in_option_order(args[name], wanted[name]) is not None for name in reordered):
            given = " and ".join(written(step.args[name]) for name in reordered)
            orders = ", ".join(f"{name}: {_in_order_text(options, step, name, option, singles)}" for name in reordered)
            if len(reordered) == 1:
                return (f"{given} has the items of a legal option's '{reordered[0]}' in another order: "
                        f"a list matches in the option's order, {orders}")
            return (f"{given} have the items of a legal option's {few_listed([repr(n) for n in reordered])} in other "
                    f"orders: a list matches in the option's order, {orders}")
    return ""


def _forbidden_text(game, options, step, wanted: dict, singles) -> str:
    """Where the step names a choice its action's `choose` offers here that its `if` rules out: ": the rules forbid
    sell(good=diamonds, n=1) now (the if of sell, line 114: ... is false)", as play says it; '' otherwise (a
    trial's T013 said only that the step was not legal)."""
    from .ruled_out import forbids, outside

    ruled = [option for option in outside(game, step.player, options) if option.action == step.action]
    found = _matching_option(ruled, step.action, wanted, _unordered(game.ruleset, step.action)) if ruled else None
    if found is None:
        return ""
    # a position by the board's labels, as the legal options after it are listed (a trial's read play(at=(x=4, y=5))
    # beside play(at=a9)), then by the x and y a step writes it with
    labelled = _as_play_lists(game, singles)
    return f": {forbids(game, step.player, found, labelled, _cells_written(found, labelled.labels))}"


def _cells_written(option, labels) -> str:
    """' (x=4, y=5)': the x and y of each position of ``option`` that ``labels`` (a board's, or None) names, after it by
    name where it has several (' (from x=1, y=2; to x=3, y=4)'); '' where none is named."""
    cells = [(name, value) for name, value in option.args if isinstance(value, dict) and {"x", "y", "rot"} <= set(value)
             and labels is not None and labels.cell(value["x"], value["y"]) is not None]
    said = [f"{f'{name} ' if len(cells) > 1 else ''}x={value['x']}, y={value['y']}" for name, value in cells]
    return f" ({'; '.join(said)})" if said else ""


def _length_hint(options, step, wanted: dict) -> str:
    """For a step whose list argument holds another number of items than every option of its action gives it (a
    trial's 3 cards for a 2-card discard was T013 and a dozen options): how many each option holds."""
    for name, want in wanted.items():
        sizes = {len(args[name]) for option in options if option.action == step.action
                 for args in (dict(option.args),) if _a_list(args.get(name))}
        if _a_list(want) and len(sizes) == 1 and len(want) not in sizes:
            [size] = sizes
            return f"each option's '{name}' holds {size} item{'' if size == 1 else 's'}, and {len(want)} {'was' if len(want) == 1 else 'were'} given"
    return ""


def _in_order_text(options, step, name: str, option, singles) -> str:
    """The argument ``name`` of ``step`` to write so that it takes ``option``'s list, in the option's order: a list
    written out, its own items rearranged; for an expression, the option's items as a list of patterns, or as an
    expression where none is a component (`"['d4', 'd5']"`), or in the option's own words where neither can be written
    (``singles``: the single zones, named bare as the legal options list names them)."""
    items = dict(option.args)[name]
    if not isinstance(step.args[name], Expr):
        return written(_in_option_order(items, step.args[name]))
    if not any(isinstance(item, Component) for item in items):
        return f'"{describe(items)}"'
    if all(isinstance(item, (Component, str, int, float)) for item in items):  # (none would be read as a word)
        others = [value for o in options if o is not option and o.action == step.action for n, value in o.args if n == name]
        return _patterns_text(items, others)
    return dict(option.argument_texts(None, singles))[name]


def _patterns_text(items: list, others: list) -> str:
    """A list of components (and plain values) as a step's list of patterns, `[{rank: 1}, {rank: 2}]`: each component by
    the attributes that tell the items apart, or by more (all but its id, then its type too) where those would also
    match one of ``others`` (the lists of the other options) that holds other components: a step takes the first match."""
    comps = [item for item in items if isinstance(item, Component)]
    names = list(dict.fromkeys(k for c in comps for k in c if k != "id"))
    apart = [k for k in names if len({_frozen(c.get(k)) for c in comps}) > 1]
    plain = [k for k in names if k != "type"]
    for chosen in (apart or plain, plain, names):  # items all alike: no attribute tells them apart
        patterns = [{k: item[k] for k in chosen if k in item} if isinstance(item, Component) else item for item in items]
        if not any(_arg_matches(other, patterns) and not _alike(other, items) for other in others):
            break
    return "[" + ", ".join(_pattern_text(p) if isinstance(p, dict) else describe(p) for p in patterns) + "]"


def _alike(one: list, other: list) -> bool:
    """Whether two lists hold components of the same type and attributes (and the same plain values), item by item."""
    return len(one) == len(other) and all(
        a.signature == b.signature if isinstance(a, Component) and isinstance(b, Component) else a == b for a, b in zip(one, other))


MAX_SWAPPED = 6  # the arguments whose orders are tried for a hint: 720 orders at most


def _unturned_hint(game, options, step, wanted: dict) -> str:
    """For a step's placement turned (`rot: 90`) on a grid whose pieces never turn (`turns: false`: placements at rot 0
    alone), where that placement at rot 0 is an option: the rot is what no option has (a trial's step at a legal x and y
    was refused with the legal options alone)."""
    unturned = [name for name, spec in game.ruleset.zones.items() if spec.grid and not spec.turns]
    for name, want in wanted.items() if unturned else ():
        if not (_a_placement(want) and want["rot"] != 0):
            continue
        flat = {key: value for key, value in want.items() if key != "rot"}
        if any(o.action == step.action and _arg_matches(dict(o.args).get(name, _NO_ARGUMENT), {**flat, "rot": 0}) for o in options):
            why = "cells: hex" if all(game.ruleset.zones[n].cells == "hex" for n in unturned) else "turns: false"
            return (f"rot {want['rot']} is never offered: the pieces of {few_listed(unturned)} never turn ({why}); "
                    f"leave rot out: {name}: {{{', '.join(f'{key}: {value}' for key, value in flat.items())}}}")
    return ""


def _elsewhere_hint(game, step, wanted: dict) -> str:
    """For a step whose argument names by its attributes a component that the parameter's `choose` does not offer now,
    where components so named lie elsewhere: where they lie, "no T a=3 lies in Z (the collection `x` is chosen from);
    18 lie in Y" (a trial's step for a component its zone lacked, 18 alike in another zone, was told only
    that it was no legal option)."""
    action = game.ruleset.actions.get(step.action)
    S = game.state
    for param in action.params if action is not None else ():
        want = wanted.get(param.name)
        if not isinstance(want, dict) or isinstance(want, Component) or not want or _a_placement(want):
            continue
        found = [c for c in S.components if _matches(c, want)]
        chosen = _chosen_values(game, action, param.name, step.player, wanted) if found else None
        if chosen is None or any(_arg_matches(v, want) for v in chosen):
            continue
        kinds = {c.signature for c in found}
        named = component_text(found[0]) if len(kinds) == 1 else f"{'/'.join(sorted({c['type'] for c in found}))} {_pattern_text(want)}"
        tree, singles = param.domain.tree, single_zones(game.ruleset)
        zone = isinstance(tree, ast.Name) and tree.name in game.ruleset.zones or (
            isinstance(tree, ast.Index) and isinstance(tree.target, ast.Name) and tree.target.name in game.ruleset.zones)
        among = f"lies in {param.domain.text.strip()}" if zone else f"is among `{param.domain.text.strip()}`"
        lying = Counter(None if (z := b_zone_of(S, c)) is None else z.key[0] if z.key[0] in singles else f"{z.key[0]}[{z.key[1]}]"
                        for c in found)
        told = ", ".join(f"{n} {'lies' if n == 1 else 'lie'} {'in ' + where if where else 'in no zone'}" for where, n in lying.items())
        return f"no {named} {among} (the collection `{param.name}` is chosen from); {told}"
    return ""


def _swapped_hint(options, step, wanted: dict) -> str:
    """For a step whose arguments, given to its parameters in another order, make a legal option (`a: {rank: 4}, c:
    {rank: 2}` where the option is a = 2, c = 4): that they do, and the arguments as that option takes them."""
    from itertools import permutations

    for option in options:
        args = dict(option.args) if option.action == step.action else {}
        if not all(name in args for name in wanted):
            continue
        unmatched = [name for name, want in wanted.items() if not _arg_matches(args[name], want)]
        if not 2 <= len(unmatched) <= MAX_SWAPPED:
            continue
        for order in permutations(unmatched):
            if all(_arg_matches(args[name], wanted[given]) for name, given in zip(unmatched, order)):
                moved = dict(zip(unmatched, order))
                shown = ", ".join(f"{name}: {written(step.args[moved.get(name, name)])}" for name in step.args)
                return (f"the arguments given to {few_listed(unmatched)} make a legal option in another order: "
                        f"args: {{{shown}}}")
    return ""


def _in_option_order(actual, wanted) -> list | None:
    """The items of the step's list ``wanted`` rearranged into the order of the option's list ``actual`` whose items
    they match (each the first item left that it matches, items compared as the step's are); None where the two lists
    do not hold the same items, each as often."""
    if not _a_list(actual) or not _a_list(wanted) or len(actual) != len(wanted):
        return None
    placed: dict = {}  # an index of ``actual`` -> the item of ``wanted`` that matches it
    for want in wanted:
        i = next((i for i, item in enumerate(actual) if i not in placed and _arg_matches(item, want)), None)
        if i is None:
            return None
        placed[i] = want
    return [placed[i] for i in range(len(actual))]


def _bare_name_hint(game, options, step, wanted: dict) -> str:
    """For a step's argument written as a bare name the ruleset declares (`row: red`, where `red` is a die) and that a
    choice of its parameter has as a word: the name was read as what it names, so to give the word, quote it."""
    action = game.ruleset.actions.get(step.action)
    for name, value in step.args.items():
        tree = value.tree if isinstance(value, Expr) else None
        if not isinstance(tree, ast.Name) or wanted.get(name) == tree.name:
            continue
        words = {v for o in options if o.action == step.action for n, v in o.args if n == name and isinstance(v, str)}
        if tree.name not in words and action is not None and any(p.name == name for p in action.params):
            words = set(_chosen_values(game, action, name, step.player) or ())  # a word not legal now, but chosen among
        if tree.name in words:
            read = wanted.get(name)
            shown = f"showing {_pattern_text(read)}" if tree.name in game.ruleset.dice and isinstance(read, dict) else describe(read)
            return (f"the bare {tree.name} was read as {_what_is_named(game.ruleset, tree.name)} ({shown}), "
                    f"not as the word: quote the word, {name}: \"'{tree.name}'\"")
    return ""


def _what_is_named(ruleset, name: str) -> str:
    """What a bare name of a step's argument reads: the die 'red', the variable 'round', ... ."""
    defines = ruleset.source.get("define") if isinstance(ruleset.source, dict) else None
    heads = {str(head).partition("(")[0].strip() for head in defines or ()}
    for kind, names in (("die", ruleset.dice), ("variable", ruleset.variables), ("zone", ruleset.zones), ("definition", heads)):
        if name in names:
            return f"the {kind} '{name}'"
    return f"the name '{name}'"


def _zone_argument_hint(game, options, action: str, wanted: dict) -> str:
    """For a step giving a plain value where the action chooses a zone (`col: 3`, never equal to a zone): how to name
    the zone, as an expression (`col: "column[3]"`)."""
    for name, want in wanted.items():
        zone = next((z for o in options if o.action == action for n, z in o.args if n == name and isinstance(z, Zone)), None)
        if zone is None or isinstance(want, Zone):
            continue
        family, index = zone.key
        single = game.ruleset.zones[family].kind == "single"
        written = family if single else f"{family}[{want if isinstance(want, int) and not isinstance(want, bool) else index}]"
        return f"'{name}' is a zone: name it in an expression, {name}: \"{written}\""
    return ""


def _component_argument_hint(game, options, action: str, wanted: dict) -> str:
    """For a step giving a word or a number where the action chooses a component (`card: "'guard'"`, `card: 16`, never
    equal to one): how to name the component, by an attribute the value is one of (`card: {name: guard}`, `card: {n: 16}`)."""
    for name, want in wanted.items():
        chosen = [v for o in options if o.action == action for n, v in o.args if n == name]
        if isinstance(want, bool) or not isinstance(want, (str, int, float)) or not any(isinstance(v, Component) for v in chosen):
            continue
        for comp in [*chosen, *game.state.components]:  # the options' own first: their attribute is the one to name
            attribute = next((a for a, v in comp.items() if a not in ("type", "id") and v == want and not isinstance(v, bool)), None) if isinstance(comp, Component) else None
            if attribute is not None:
                return component_hint(name, f"{{{attribute}: {want}}}")
    return ""


_pattern_text = pattern_text  # a pattern of attributes as the scenario file writes it: {color: blue, value: 2}


def _arg_matches(actual, wanted) -> bool:
    """A component or record argument matches the attributes given; a list, item by item in the option's order (a
    list of patterns, `[{rank: 1}, {rank: 2}]`, as each pattern matches one component); anything else must be equal."""
    if isinstance(wanted, dict) and not isinstance(wanted, Component) and isinstance(actual, dict):
        return _matches(actual, wanted)
    if _a_list(wanted) and _a_list(actual):
        return len(actual) == len(wanted) and all(map(_arg_matches, actual, wanted))
    return actual == wanted


def _same_placement(args: dict, wanted: dict, game) -> bool:
    """Whether an option's ``args`` are the step's ``wanted`` but for the rot of a placement at which a piece among the
    arguments covers the same cells with the same values as at the option's rot (geometry.least_alike_turn)."""
    pieces = [v for v in args.values() if isinstance(v, Component) and "cells" in v]
    zones = game.ruleset.zones.values()
    grids = {int(spec.grid) for spec in zones if spec.grid}
    if not pieces or not grids or any(spec.grid and not spec.turns for spec in zones):  # (no turn is a move there)
        return False
    if lists_every_turn(game.ruleset):  # (the rules read the turn: each is an option of its own, alike or not)
        return False
    turned = False
    for name, want in wanted.items():
        actual = args.get(name, _NO_ARGUMENT)
        if _arg_matches(actual, want):
            continue
        if not (_a_placement(want) and _a_placement(actual) and want["rot"] != actual["rot"]
                and _arg_matches(actual, {key: value for key, value in want.items() if key != "rot"})
                and any(_alike_turns(piece, want["rot"], actual["rot"], grids) for piece in pieces)):
            return False
        turned = True
    return turned


_NO_ARGUMENT = object()  # an argument the option does not have: it matches nothing


def _a_placement(value) -> bool:
    """Whether ``value`` is a placement (or a step's pattern of one) with a whole number x, y and rot."""
    return (isinstance(value, dict) and not isinstance(value, Component)
            and all(type(value.get(key)) is int for key in ("x", "y", "rot")))


def _alike_turns(piece, rot, other, grids) -> bool:
    """Whether ``piece`` looks the same at turns ``rot`` and ``other`` on every grid resolution of the ruleset."""
    try:
        return all(geometry.least_alike_turn(piece, rot, r) == geometry.least_alike_turn(piece, other, r)
                   for r in grids)
    except geometry.GeometryError:  # (not a placeable piece, or no such turn: not the same placement)
        return False


def _a_list(value) -> bool:
    """Whether ``value`` is a list of items, not a zone (a list of its components, but one zone equals only itself)."""
    return isinstance(value, list) and not isinstance(value, Zone)


def _args_text(step, wanted: dict | None = None) -> str:
    """A step's arguments as the scenario file writes them: {card: {rank: 7}}; with ``wanted`` (each argument's value),
    a bare name with what it was read as, `{col: left (read as [left[0], left[1]])}`: quoted, it looked like the word."""
    def shown(name, value):
        if wanted is not None and name in wanted and isinstance(value, Expr) and isinstance(value.tree, ast.Name):
            read = wanted[name]
            return f"{value.tree.name} (read as {_pattern_text(read) if isinstance(read, dict) and not isinstance(read, Component) else describe(read)})"
        return written(value)

    return "{" + ", ".join(f"{name}: {shown(name, value)}" for name, value in step.args.items()) + "}"
