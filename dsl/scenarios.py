"""Scenarios: a rulebook example as data (given position, decisions, expected outcome), checked at load.

The interpreter runs them (``philtre test``); here their expressions are compiled with
the rest of the ruleset, so a typo in an expectation is found by ``philtre validate``.
"""

from __future__ import annotations

import copy
import re

from . import ast, geometry
from .compiler import _DASHED_RANGE, ANY, Compiler, Expr, a_type, decision_names, element_type, is_list
from .errors import Diagnostic, Loc, PhiltreError, did_you_mean, few_listed
from .geometry import ROTATIONS
from .parser import SourceText, parse
from .plain_data import Frozen, made_by
from .scenario_defaults import LEAVE_DEFAULTS_OUT, checking, from_defaults, said_once
from .schema import EXPECT_ITEM_KEYS
from .values import Component, Zone, component_text, describe, is_number, is_whole, other_kind_written, values_shown
from .variable_types import NUMBERS
from .yamlpos import Map, loc_of, plain

MAX_COPIES = 10_000  # as a component type's `copies`
AT_START = "start"  # given.at's word for the flow's start (a decision named so is T011 where a scenario writes it: loader)
ROUND_END = "round_end"  # a step `expect:`'s `at:` word: checked at the end of the round in progress there


class Step(Frozen):
    player: int
    action: str
    args: dict  # name -> Expr (a string in the file) or a dict of attributes to match
    illegal: bool
    loc: Loc
    action_loc: Loc | None = None  # where the action's name is written
    arg_locs: dict = made_by(dict)  # argument name -> where the name is written
    value_locs: dict = made_by(dict)  # argument name -> where its value is written
    # of an `illegal: true` step: argument name -> the values of its kind a rule could ever offer it (a word or number
    # not chosen now is refused as meant where it is one of them); None, or no entry: any value of its kind
    offerable: dict = made_by(dict)


class Pending(Frozen):
    """An expectation about who decides after the steps: `{pending: SEATS, at: NAME}` in `expect`, either key alone."""
    seats: tuple | None  # the seats that must decide, in order; () for nobody (the game is over); None: not said
    at: str | None  # the name of the decision statement the flow waits at; None: not said
    index: int  # its place among the scenario's expectations
    loc: Loc
    at_loc: Loc | None = None


class Options(Frozen):
    """An expectation about the options a seat is offered after the steps: `{options: {player: SEAT, action: NAME,
    count: N, are: [...]}}` in `expect` (`action`, `count`, `are` each optional)."""
    seat: int
    action: str | None  # only this action's options are counted; None: all of them
    count: int | None  # how many there are; None: not said
    are: tuple | None  # of Step (its player the seat): exactly the options these match, one each; None: not said
    index: int  # its place among the scenario's expectations
    loc: Loc
    action_loc: Loc | None = None  # where `action` is written


class Checkpoint(Frozen):
    """A step `- expect: [...]`: expectations checked between the steps (rulebook examples say "now she may only ..."
    partway through a sequence), at the decision the game waits at once ``before`` steps are taken (after the last
    step, before `autoplay`); its items are those a scenario's `expect` takes, held as the Scenario holds them."""
    before: int  # how many steps are taken before it is checked
    expect: tuple  # of Expr
    sides: tuple  # per expression: what a failure shows, as Scenario.sides
    pending: tuple  # of Pending
    options: tuple  # of Options
    loc: Loc
    # `at: round_end`: checked when the round in progress at this point ends (after its last statement ran, before the
    # next round's start), as the game runs on from the steps; its items are expressions alone (no decision waits there)
    round_end: bool = False


class Scenario(Frozen):
    name: str
    players: int
    seed: int
    rolls: tuple  # of {die: {attr: value}}
    zones: tuple  # of (Expr giving a zone or zones, list of component patterns, Loc)
    variables: tuple  # of (name, value)
    score: tuple | None
    dice: dict
    rest: Expr | None  # where components taken out of the given zones go (default: their start zone)
    steps: tuple
    expect: tuple  # of Expr
    loc: Loc
    sides: tuple = ()  # per expectation: the Exprs of what a failure shows ((text, Expr), ...), () if nothing
    always: tuple = ()  # of Expr, checked at every decision
    always_sides: tuple = ()  # per invariant: what a failure shows, as ``sides`` is per expectation
    at: str | None = None  # apply `given` when the flow waits at the statement with this name
    at_round: int | None = None
    at_time: int | None = None  # with `at`: the n-th time the flow waits there (in round `at_round`, if given); None: the first
    at_loc: Loc | None = None  # where `at:` was written
    at_round_loc: Loc | None = None  # where `round:` of `given` was written
    at_player: int | None = None  # with `at`: only the waits where this seat decides count; None: any seat's
    # `at: start` (AT_START): `given` is applied once the game is set up, before the flow's first statement runs (`at`
    # is None then: the rolls and shuffles are scripted from the game's start, as without `at`)
    at_start: bool = False
    round_scores: tuple = ()
    autoplay: bool = False
    players_loc: Loc | None = None  # where `players:` was written
    variable_locs: tuple = ()  # where each of `given.variables` was written, in order
    variables_written: tuple = ()  # `given.variables` as the file holds them, with places: what the lints point into
    pending: tuple = ()  # of Pending: the `{pending: ..., at: ...}` items of `expect`
    options: tuple = ()  # of Options: the `{options: {...}}` items of `expect`
    empty: tuple = ()  # of (Expr giving a zone or zones, Loc): `given.empty`, each zone `zones` does not give is given []
    defaults: object = None  # the DefaultsPlace of the defaults merged into `given` (scenario_defaults), None if none
    replaced: frozenset = frozenset()  # the entries of those defaults the scenario's own `given` replaced
    # `shuffles`: the n-th item orders the zones the n-th `shuffle` run shuffles; per item, a Shuffled
    shuffles: tuple = ()
    checks: tuple = ()  # of Checkpoint: the steps `- expect: [...]`, in the order written
    # the variables of `given.variables` that hold components (component_kind), name -> one seat's type of them: their
    # values given are read as components, a pattern `{rank: 6, suit: red}` or `card#27` (interpreter.scenarios)
    component_kinds: dict = made_by(dict)

    def all_pending(self) -> tuple:
        """The `pending` expectations of `expect` and of every step `expect:`: what validate checks alike."""
        return (*self.pending, *(p for check in self.checks for p in check.pending))

    def all_options(self) -> tuple:
        """The `options` expectations of `expect` and of every step `expect:`."""
        return (*self.options, *(o for check in self.checks for o in check.options))


class Shuffled(Frozen):
    """An item of a scenario's `shuffles`: the order the zones it names take when the shuffle using it shuffles them."""
    zones: tuple  # of (Expr naming one zone, its list of patterns bottom to top as given.zones writes it, the key's Loc)
    loc: Loc


def _sides(compiler: Compiler, expr, env: dict) -> tuple:
    """What a failed expectation shows: the sides of a comparison (`count(deck) == 1`: count(deck)), and for each
    operand of `and` / `or` its own (a comparison's sides; `game_over`, `not game_over`: game_over), where a part reads
    the game; each part once, ((text, Expr), ...)."""
    tree = getattr(expr, "tree", None)
    out, seen = [], set()
    for node in _shown_parts(tree, top=True) if tree is not None else ():
        text = ast.text(node)
        if text in seen or not any(isinstance(n, (ast.Name, ast.Call)) for n in ast.walk(node)):  # a literal shows itself
            continue
        seen.add(text)
        part = compiler.part(expr, node, text, env)
        if part is not None:
            out.append((part.text, part))
    return tuple(out)


def _shown_parts(tree, top: bool = False):
    """The parts of an expectation whose values a failure shows: each side of a comparison; each operand of `and` /
    `or` (within `not`) that is no comparison. The whole expectation alone is not one: its value is false."""
    if isinstance(tree, ast.BoolOp):
        yield from _shown_parts(tree.left)
        yield from _shown_parts(tree.right)
    elif isinstance(tree, ast.Compare):
        yield tree.left
        yield tree.right
    elif isinstance(tree, ast.Unary) and tree.op == "not":
        yield from _shown_parts(tree.operand, top)
    elif not top and not isinstance(tree, ast.Const):
        yield tree


def players_out_of_range(scenarios, game: str, variants, counts: tuple) -> list:
    """R001 at each scenario for a player count the ruleset does not take (`philtre test` would fail it).

    In a combination of several variants a scenario written for one of them may be for a
    count the combination does not take: `philtre test` skips it, and so does this check.
    """
    from .errors import Diagnostic
    from .model import allowed_players

    if len(variants) > 1:
        return []
    return [Diagnostic(sc.players_loc or sc.loc, "R001", f"scenario '{sc.name}' is for {sc.players} player{'' if sc.players == 1 else 's'}; "
                       f"{allowed_players(game, variants, counts)}") for sc in scenarios if sc.players not in counts]


def compile_scenarios(compiler: Compiler, items, path: str, actions: dict | None = None) -> tuple:
    """Compile every scenario's expressions; problems go to the compiler's diagnostics (``actions``, the compiled
    actions by name, tell what a step's argument chooses, for the hints)."""
    compiler.in_scenario = True
    try:
        return _compile_scenarios(compiler, items, actions)
    finally:
        compiler.in_scenario = False


def _compile_scenarios(compiler: Compiler, items, actions: dict | None) -> tuple:
    """compile_scenarios, the compiler knowing it compiles a scenario's expressions."""
    out = []
    for i, item in enumerate(items):
        with checking(compiler, str(item["name"])):
            out.append(_compiled_scenario(compiler, item, loc_of(items, i), actions))
    return tuple(out)


def _compiled_scenario(compiler: Compiler, item, loc: Loc, actions: dict | None) -> Scenario:
    """One scenario of compile_scenarios, written at ``loc``."""
    given = item.get("given") or Map(loc)
    compiler.scenario_players = item["players"] if isinstance(item.get("players"), int) else 0
    _check_whole_fields(compiler, item)
    _check_given_seats(compiler, given, item["players"])
    zones = []
    for key, contents in (given.get("zones") or {}).items():
        where = given["zones"].key_loc(key)
        zones.append((compiler.expression(str(key), where, {}, what="a zone", full=str(key)), contents, where))
        _check_given_components(compiler, contents)
        _check_given_at(compiler, str(key), contents)
    shuffles = _shuffles(compiler, item)
    steps, checked = [], []  # checked: (how many steps come before it, the step `expect:` item, where it is written)
    for j, step in enumerate(item.get("steps") or []):
        if isinstance(step, Map) and "expect" in step:  # expectations between the steps: no decision
            checked.append((len(steps), step, loc_of(item["steps"], j)))
            continue
        if isinstance(step, Map) and "player" in step:  # a step by a seat the game lacks could only fail when run
            _a_seat(compiler, step["player"], step.loc_of("player"), item["players"])
        steps.append(_step(compiler, step, loc_of(item["steps"], j), actions, step["player"], step["action"]))
    if "expect" not in item and not checked and not any(step.illegal for step in steps):
        _expect_missing(compiler, loc)
    decision = decision_names(compiler.symbols)  # read of the decision waiting (current, deciding)
    compiler.scenario_typer = _typer_left(compiler, given)
    try:
        expect = _expected_true(compiler, item.get("expect"), decision)
        checked_true = [_expected_true(compiler, step["expect"], decision) for _, step, _ in checked]
        always = tuple(compiler.expression(e, loc_of(item["always"], k), decision, want="bool", what="an invariant")
                       for k, e in enumerate(item.get("always") or []))
    finally:
        compiler.scenario_typer = None
    pending, options = _expected_items(compiler, item.get("expect"), item["players"], actions)
    sides = tuple(_sides(compiler, e, decision) for e in expect)
    checks = tuple(Checkpoint(before, true, tuple(_sides(compiler, e, decision) for e in true),
                              *_expected_items(compiler, step["expect"], item["players"], actions), where,
                              round_end=_at_round_end(compiler, step))
                   for (before, step, where), true in zip(checked, checked_true))
    return Scenario(
        name=str(item["name"]), players=item["players"], seed=item.get("seed", 0),
        rolls=tuple(item.get("rolls") or ()), zones=tuple(zones),
        # the game's values, as a variable's initial value is: a list, not the file's list with places (a builtin
        # testing for a list by its type refused the list given, index(xs, x))
        variables=tuple((name, plain(value)) for name, value in (given.get("variables") or {}).items()),
        variables_written=tuple((given.get("variables") or {}).items()),
        variable_locs=tuple(_key_locs(given.get("variables") or {}, given.loc_of("variables") if "variables" in given else loc)),
        score=tuple(given["score"]) if "score" in given else None,
        dice=given.get("dice") or {}, steps=tuple(steps), expect=expect, sides=sides, loc=loc, pending=pending, options=options,
        always=always, always_sides=tuple(_sides(compiler, e, decision) for e in always),
        autoplay=bool(item.get("autoplay")),
        players_loc=item.loc_of("players") if hasattr(item, "loc_of") else loc,
        at=str(given["at"]) if "at" in given and given["at"] != AT_START else None,
        at_start=given.get("at") == AT_START,
        at_round=given.get("round"),
        at_time=int(given["time"]) if "time" in given else None,  # (the schema lets 2.0 through, as for round)
        at_player=int(given["player"]) if is_whole(given.get("player")) else None,
        at_loc=given.loc_of("at") if "at" in given and hasattr(given, "loc_of") else None,
        at_round_loc=given.key_loc("round") if "round" in given and hasattr(given, "key_loc") else None,
        round_scores=tuple(tuple(r) for r in given.get("round_scores") or ()),
        rest=(rest := _rest(compiler, given) if "rest" in given else None),
        empty=_check_rest_emptied(compiler, rest, _emptied(compiler, given), zones),
        defaults=getattr(item, "defaults", None), replaced=getattr(item, "replaced", frozenset()), shuffles=shuffles,
        checks=checks,
        component_kinds={name: kind for name in (given.get("variables") or {})
                         if (kind := component_kind(compiler, _variable_of(name))) is not None},
    )


def _at_round_end(compiler: Compiler, step) -> bool:
    """Whether a step `expect:` is written `at: round_end` (the schema takes no other word); T039 at each of its items
    that reads a decision, `pending` or `options`: none waits at a round's end."""
    if step.get("at") != ROUND_END:
        return False
    for k, entry in enumerate(step["expect"]):
        if isinstance(entry, dict):
            key = next(iter(entry), "pending")
            compiler.error(loc_of(step["expect"], k), "T039", f"a `{key}` item reads the decision the game waits at, and "
                           f"none waits at a round's end (`at: {ROUND_END}`)",
                           "check it in a step `expect:` without `at`, at the decision where it holds")
    return True


def _expected_true(compiler: Compiler, written, decision: dict) -> tuple:
    """The expressions of an `expect` list (a scenario's, or a step's `expect:`), compiled as expectations."""
    return tuple(compiler.expression(e, loc_of(written, k), decision, want="bool", what="an expectation")
                 for k, e in enumerate(written or []) if not isinstance(e, dict) and not _quoted_item(compiler, e, loc_of(written, k)))


def _expected_items(compiler: Compiler, written, players: int, actions: dict | None) -> tuple:
    """The mappings of an `expect` list: (its `pending` items, its `options` items), each knowing its place in the list."""
    items = [(k, e) for k, e in enumerate(written or []) if isinstance(e, dict)]
    return (tuple(_pending(compiler, e, k, loc_of(written, k), players) for k, e in items if "options" not in e),
            tuple(_options(compiler, e, k, loc_of(written, k), players, actions) for k, e in items if "options" in e))


def _shuffles(compiler: Compiler, item) -> tuple:
    """A scenario's `shuffles` compiled: each key an expression naming one zone (E150 for a name that is none), each
    list checked as a given zone's is (T002, T007, T020; T009 by the loader's check_given); a grid, which no shuffle
    shuffles, is T030."""
    out = []
    written = item.get("shuffles") or []
    for i, order in enumerate(written):
        zones = []
        for key, contents in (order.items() if isinstance(order, dict) else ()):
            where = order.key_loc(key) if hasattr(order, "key_loc") else loc_of(written, i)
            zones.append((compiler.expression(str(key), where, {}, what="a zone", full=str(key)), contents, where))
            _check_given_components(compiler, contents)
            name = _ZONE_BY_NAME.fullmatch(str(key))
            if name and name[1] in compiler.symbols.grids:
                compiler.error(where, "T030", f"{name[1]} is a grid: no shuffle shuffles it (its pieces lie where they "
                               "were placed)", "script the shuffles of zones that are no grid")
        out.append(Shuffled(zones=tuple(zones), loc=loc_of(written, i)))
    return tuple(out)


def _typer_left(compiler: Compiler, given):
    """A Typer of the variables' known types, but those ``given`` sets to a value of another kind (T004, said by
    check_given_variables; a per-seat variable's value is one seat's kind, or a list of them): an expectation reading
    the others is checked as a rule's `when` is (`expect: [pot]`, a number, is E120, with `pot: 5` given too)."""
    from .variable_types import Typer

    known = getattr(compiler, "variable_types", None)
    if not known:
        return None
    variables = given.get("variables") if isinstance(given.get("variables"), dict) else {}
    seats = compiler.symbols.variables
    off = {str(name) for name, value in variables.items() if str(name) in known and (
        not isinstance(value, list) or any(_misfit(one, known[str(name)]) for one in value)
        if seats.get(str(name)) else _misfit(value, known[str(name)]) is not None)}
    return Typer(compiler, {name: t for name, t in known.items() if name not in off})


# every component lies in a zone: where the rules have no place out of play, the scenarios get one (docs: Scenarios)
REST_OUT_OF_PLAY = ("every component lies in a zone, so none is out of play: for components left over, declare a zone "
                    "that no rule names, box: {visible: nobody}, and give rest: box")


def _rest(compiler: Compiler, given) -> Expr:
    """`given.rest` compiled; its E120 where it is none (`rest: none`, meant as out of play) gets REST_OUT_OF_PLAY for
    its hint; where it is a zone family by its name (`rest: box`, one box a seat), _rest_family_hint."""
    reported = len(compiler.diagnostics)
    expr = compiler.expression(given["rest"], given.loc_of("rest"), {}, want="zone", what="rest")
    family = _rest_family_hint(compiler.symbols, expr)
    for i in range(reported, len(compiler.diagnostics)):
        found = compiler.diagnostics[i]
        if expr.type == "none" and found.code == "E120" and not found.hint:
            compiler.diagnostics[i] = Diagnostic(found.loc, found.code, found.message, REST_OUT_OF_PLAY)
        elif family and found.code == "E120":
            compiler.diagnostics[i] = Diagnostic(found.loc, found.code, found.message, family)
    return expr


def _rest_family_hint(symbols, expr: Expr) -> str:
    """E120's hint for `rest:` naming a zone family (`rest: box`, a trial meaning each piece back to its own seat's box):
    that is what leaving `rest` out does; else one zone of it, by a number (no seat name is bound in `given`)."""
    name = expr.text.strip()
    if symbols.zones.get(name) != "family" or not is_list(expr.type):
        return ""
    one = f"{name}[0][0]" if name in symbols.seat_copies else f"{name}[0]"
    return ("leave rest out: each component the given zones do not list goes back to the zone it starts in (its own "
            f"seat's, where it starts in one zone a seat); to send them all to one zone, name it, as rest: {one}")


def _emptied(compiler: Compiler, given) -> tuple:
    """`given.empty` compiled: ((Expr, Loc), ...), one per zone or family named (a lone name is a list of one); T001 at
    one that is known not to name zones (the schema has checked they are texts)."""
    written = given.get("empty") if isinstance(given, Map) else None
    if written is None:
        return ()
    items = written if isinstance(written, list) else [written]
    out = []
    for i, text in enumerate(items):
        where = loc_of(written, i) if isinstance(written, list) else given.loc_of("empty")
        reported = len(compiler.diagnostics)
        expr = compiler.expression(text, where, {}, what="a zone to give empty")
        if len(compiler.diagnostics) == reported and expr.type != ANY and not _zones_typed(expr.type):
            compiler.error(where, "T001", f"`empty` names zones to give empty, and this is {a_type(expr.type)}",
                           _empty_form(compiler.symbols, expr.text))
        out.append((expr, where))
    return tuple(out)


def _zones_typed(t) -> bool:
    """Whether a value of type ``t`` names zones: a zone, a family (a list of zones) or a family of N zones a seat (a
    list of each seat's list), at any depth."""
    return t == "zone" or (is_list(t) and _zones_typed(t[1]))


def _empty_form(symbols, text: str) -> str:
    """T001's hint for an item of `given.empty` that names no zone (empty_form)."""
    return empty_form(symbols.zones, symbols.seat_copies, text)


def empty_form(zones: dict, seat_copies, text: str) -> str:
    """T001's hint for an item of `given.empty` that names no zone, when validated or (a value the checks could not
    type) when run: the forms that work, written with the zone its text reads (`first(slot[0])`'s slot), else the first
    zone declared (``zones``: name -> 'single' or 'family'): a family by its name (every zone of it) or one zone."""
    read = [w for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text) if w in zones] or list(zones)
    if not read:
        return "name a zone, or a zone family by its name (every zone of it that `zones` does not give is given empty)"
    name = read[0]
    if zones[name] != "family":
        return f"name a zone, as empty: [{name}], or a zone family by its name (every zone of it)"
    one = f"{name}[0][0]" if name in seat_copies else f"{name}[0]"
    return (f"name a zone family by its name, as empty: [{name}] (every zone of it that `zones` does not give is given "
            f"empty), or one zone, as empty: [\"{one}\"]")


def rest_emptied_text(rest: str, by_zones: bool = False) -> tuple:
    """T001's message and hint where `given.rest` names a zone that `given.empty` empties, or (``by_zones``) that
    `given.zones` gives as `[]`: both ask for that zone empty, and the components left out would fill it."""
    if by_zones:
        return (f"rest: {rest} names a zone that `zones` gives as []: the components the given zones leave out would go "
                "to it, so it would not be empty", "give rest: another zone (one no rule names, box: {visible: "
                "nobody}), or list what that zone holds instead of []")
    return (f"rest: {rest} names a zone that `empty` empties: the components the given zones leave out would go to it, "
            "so it would not be empty", "give rest: a zone that `empty` does not name (one no rule names, "
            "box: {visible: nobody}), or leave that zone out of `empty`")


def _check_rest_emptied(compiler: Compiler, rest: Expr | None, empty: tuple, zones: list) -> tuple:
    """T001 at an item of `given.empty`, or a `given.zones` key given [], that names the zone `given.rest` names, or
    its family (as written: by its name, or the same text); the run checks the zones themselves. Returns ``empty``."""
    if rest is None:
        return empty
    written = rest.text.strip()
    family = written.partition("[")[0].strip()
    if family not in compiler.symbols.zones:
        return empty
    for expr, where in empty:
        if expr.text.strip() in (written, family):
            compiler.error(where, "T001", *rest_emptied_text(written))
    for expr, contents, where in zones:
        if expr.text.strip() in (written, family) and _holds_nothing(contents):
            compiler.error(where, "T001", *rest_emptied_text(written, by_zones=True))
    return empty


def _holds_nothing(contents) -> bool:
    """Whether a given zone's list (or a family's lists, nested) lists no component at all: `[]`, `[[], []]`."""
    return isinstance(contents, list) and all(_holds_nothing(item) for item in contents)


def _step(compiler: Compiler, step, loc: Loc, actions: dict | None, player, action_name, action_loc: Loc | None = None) -> Step:
    """A step (or an option an `options` expectation lists, written as a step is) with its arguments compiled: a string
    is an expression, `me` its player; ``action_loc``: where its action is named when the step itself does not name it."""
    args = {}
    action = (actions or {}).get(action_name) if isinstance(action_name, str) else None
    for name, value in (step.get("args") or {}).items():
        if isinstance(value, str):
            reported = len(compiler.diagnostics)
            value = compiler.expression(value, step["args"].loc_of(name), {"me": "player"}, what=f"argument '{name}'")
            _hint_component_word(compiler, reported, action, name, value.text)
        if isinstance(value, list):
            compiled = [_compile_within(compiler, pattern) for pattern in value]
            if any(a is not b for a, b in zip(compiled, value)):  # (a copy: the list read stays as written)
                value = copy.copy(value)
                value[:] = compiled
        else:
            value = _compile_within(compiler, value)
        args[name] = value
    written = step.get("args") or {}
    arg_locs = {name: written.key_loc(name) for name in written} if isinstance(written, Map) else {}
    value_locs = {name: written.loc_of(name) for name in written} if isinstance(written, Map) else {}
    illegal = bool(step.get("illegal"))
    offerable = _offerable_arguments(compiler.symbols, action, args) if illegal and action is not None else {}
    return Step(player, action_name, args, illegal, loc,
                step.loc_of("action") if isinstance(step, Map) and "action" in step else action_loc, arg_locs, value_locs,
                offerable)


def _compile_within(compiler: Compiler, pattern):
    """A step's component pattern naming where its component lies, `in: track[3]`, given that zone as an expression (as a
    `given.zones` key is written): the step matches a component lying there, as play writes `pawn (seat 0) in track[3]`.
    Returns the pattern with its `in` compiled: a copy, the YAML read left as written (a ruleset compiled again from it,
    `simulate --tally`, reads the text again)."""
    if not isinstance(pattern, Map) or "in" not in pattern:
        return pattern
    if isinstance(pattern["in"], str):
        written, pattern = pattern, Map(pattern.loc)
        pattern.update(written)
        pattern.key_locs, pattern.val_locs = dict(written.key_locs), dict(written.val_locs)
        pattern["in"] = compiler.expression(written["in"], written.loc_of("in"), {"me": "player"}, want="zone", what="`in`")
    else:
        compiler.error(pattern.loc_of("in"), "T001", f"`in` names the zone the component lies in, not {_shown(pattern['in'])}",
                       "write the zone as a `given.zones` key writes it: in: \"hand[0]\"")
    return pattern


def _offerable_arguments(symbols, action, args: dict) -> dict:
    """Step.offerable of an `illegal: true` step of ``action``: for each word or number written out, the values of its
    kind its parameter's `choose` could ever offer (offerable_values)."""
    out = {}
    for index, param in enumerate(action.params):
        value = args.get(param.name)
        kind = "word" if _word_written(value) is not None else value_kind(value if not isinstance(value, Expr) else _number_written(value.text))
        if kind in ("word", "number") and param.domain.tree is not None:
            scope = {"me", *(p.name for p in action.params[:index])}
            out[param.name] = offerable_values(symbols, param.domain.tree, scope, kind)
    return out


KEEP_ITEMS = ("distinct", "sorted")  # builtins of one list whose items are its own: `distinct([c.rank for c in hand])`


def offerable_values(symbols, tree, scope, kind: str) -> tuple | None:
    """The values of ``kind`` (word, number) a `choose` could ever offer, whatever the position: those a component
    attribute declares where it yields that attribute's values (`[c.colour for c in hand[to]]`); for a word otherwise,
    any the ruleset's data declares or the `choose` writes, itself or through the definitions it names; None: any value
    of a number's kind (read from the game: a roll may give it), or any word where the `choose` builds words."""
    attribute = attribute_chosen(symbols, tree)
    if attribute is not None:
        return tuple(dict.fromkeys(v for v in symbols.attribute_values[attribute] if value_kind(v) == kind))
    if kind != "word" or _builds_words(symbols.defines, tree, scope, set()):
        return None  # (a word built by the rules, `f + text(i)`, may be any word: the step is left to the rules)
    return tuple(sorted(symbols.declared_words() | _words_written(symbols.defines, tree, scope, set())))


def attribute_chosen(symbols, tree) -> str | None:
    """The component attribute whose values a `choose` yields, `[c.rank for c in hand[to]]` (or within distinct, sorted);
    None where it yields anything else, or where the attribute is derived for a type, or a die face or grid record has
    it too (its values are not all declared)."""
    while isinstance(tree, ast.Call) and tree.func in KEEP_ITEMS and len(tree.args) == 1:
        tree = tree.args[0]
    if not (isinstance(tree, ast.Comprehension) and len(tree.clauses) == 1 and isinstance(tree.element, ast.Attr)
            and isinstance(tree.element.target, ast.Name) and tree.element.target.name == tree.clauses[0].var):
        return None
    name = tree.element.name
    derived = any(name in attrs and name not in symbols.component_values.get(kind, {})
                  for kind, attrs in symbols.component_types.items())
    return None if derived or name not in symbols.attribute_values or name in symbols.face_attributes else name


WORD_BUILDERS = ("text", "join", "pad")  # builtins that make a word of other values: text(7) is '7'


def _builds_words(defines: dict, tree, scope, seen: set) -> bool:
    """Whether an expression, or a definition it names (each once), builds words the ruleset writes nowhere: a call of
    text() or join(), or `+` with a word written out on one side (`f + text(i)`, `'x' + name`). The words it offers
    are then known only when the rules run."""
    for node in ast.walk(tree):
        callee = node.func if isinstance(node, ast.Call) else None  # (a definition of that name is read as itself)
        if callee in WORD_BUILDERS and callee not in defines:
            return True
        if isinstance(node, ast.BinOp) and node.op == "+" and any(
                isinstance(side, ast.Const) and isinstance(side.value, str) for side in (node.left, node.right)):
            return True
        name = node.name if isinstance(node, ast.Name) else node.func if isinstance(node, ast.Call) else None
        define = defines.get(name) if name not in scope and name not in seen else None
        if define is not None and define.tree is not None:
            seen.add(name)
            if _builds_words(defines, define.tree, (), seen):
                return True
    return False


def _words_written(defines: dict, tree, scope, seen: set) -> set:
    """The words an expression writes (`'pass'`), and those of the definitions it names, each definition once."""
    words = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Const) and isinstance(node.value, str):
            words.add(node.value)
        name = node.name if isinstance(node, ast.Name) else node.func if isinstance(node, ast.Call) else None
        define = defines.get(name) if name not in scope and name not in seen else None
        if define is not None and define.tree is not None:
            seen.add(name)
            words |= _words_written(defines, define.tree, (), seen)
    return words


def _options(compiler: Compiler, entry, index: int, loc: Loc, players: int, actions: dict | None) -> Options:
    """An expectation `{options: {player: SEAT, action: NAME, count: N, are: [...]}}`; T016 at a seat the scenario does
    not have, at another key beside `options`, or where neither `count` nor `are` is given; T008 at an option of `are`
    naming no action, or one other than `action` (it could match none counted).

    The schema has checked the types; each option of `are` is a Step, checked as the steps are (loader.check_steps)."""
    spec = entry["options"]
    if len(entry) > 1:  # `{options: ..., pending: 1}`: two expectations in one item read as one
        compiler.error(entry.key_loc(next(k for k in entry if k != "options")), "T016",
                       "an `options` item expects the options offered, and nothing else",
                       "give `pending` and `at` an item of their own")
    seat, action = spec["player"], spec.get("action")
    if "count" not in spec and "are" not in spec:  # it would pass whatever is offered
        compiler.error(entry.loc_of("options"), "T016", "`options` expects nothing here: it gives neither `count` nor `are`",
                       "give how many options the seat is offered, count: N, or which, are: [...]")
    _a_seat(compiler, seat, spec.loc_of("player"), players)
    action_loc = spec.loc_of("action") if "action" in spec else None
    are = None
    if "are" in spec:
        are = []
        for j, option in enumerate(spec["are"]):
            named = option.get("action", action)
            where = loc_of(spec["are"], j)
            if named is None:
                compiler.error(where, "T008", "this option names no action",
                               "give it `action: NAME`, or give `options` an `action` for all of them")
            elif action is not None and named != action:
                compiler.error(option.loc_of("action"), "T008", f"'{named}' is not the action `options` counts "
                               f"('{action}'): no option counted matches it", f"leave `action` out here, or out of `options`")
            # (one naming no action of the ruleset is told once, at `options`' own `action`: loader.check_steps)
            are.append(_step(compiler, option, where, actions, seat, named, action_loc))
        are = tuple(are)
    return Options(seat, action, spec.get("count"), are, index, loc, action_loc)


def option_steps(sc: Scenario) -> list:
    """The options the scenario's `options` expectations list (`are`), as steps, each naming an action: to be checked
    as its steps are."""
    return [step for expected in sc.all_options() for step in expected.are or () if isinstance(step.action, str)]


def _hint_component_word(compiler: Compiler, reported: int, action, name: str, text: str) -> None:
    """For a step's bare word where the action chooses a component (`card: guard`): the hint of its E150 since
    ``reported`` gives the component by its attributes, `card: {name: guard}`; the word quoted would match no component."""
    word = text.strip()
    chosen = _chooses(action, name)
    pattern = component_pattern(compiler.symbols.component_values, chosen, word)
    hint = component_hint(name, pattern) if pattern else _number_word_hint(name, word) if chosen == "number" else ""
    for i in range(reported, len(compiler.diagnostics)):
        found = compiler.diagnostics[i]
        if hint and found.code == "E150" and found.message == f"unknown name '{word}'":
            compiler.diagnostics[i] = Diagnostic(found.loc, found.code, found.message, hint)


def _number_word_hint(name: str, word: str) -> str:
    """For a step's bare word where the action chooses a number (`flag: three` of `range(9)`): the number, not the word
    quoted, which matches no option (T013 when the scenario runs)."""
    from .compiler import NUMBER_WORDS

    number = NUMBER_WORDS.get(word.lower())
    return f"'{name}' chooses a number: write {number}" if number is not None else f"'{name}' chooses a number, not a word"


def _chooses(action, name: str) -> str | None:
    """The kind of value an action's parameter chooses (None where the action, the parameter or its kind is unknown)."""
    param = next((p for p in action.params if p.name == name), None) if action is not None else None
    return type_kind(element_type(param.domain.type)) if param is not None else None


def component_pattern(values_by_type: dict, chosen: str | None, word) -> str:
    """A component pattern naming ``word`` (or a number) by the first attribute it is a declared value of (`{name: guard}`,
    `{n: 16}`), where a parameter chooses components (``chosen`` 'comp'); '' otherwise. ``values_by_type``: type -> {attribute: values}."""
    if chosen != "comp" or not isinstance(word, (str, int, float)) or isinstance(word, bool):
        return ""
    for values in values_by_type.values():
        attribute = next((a for a, declared in values.items() if any(v == word and not isinstance(v, bool) for v in declared)), None)
        if attribute is not None:
            return f"{{{attribute}: {word}}}"
    return ""


def component_hint(name: str, pattern: str) -> str:
    """How a step names a component: by its attributes, as a mapping."""
    return f"'{name}' chooses a component: give its attributes, {name}: {pattern}"


_EXPECT_ITEM_WRITTEN = re.compile(r"\s*(options|pending|at)\s*:(?!\S)")  # such a key opening a quoted item, YAML's way


def _quoted_item(compiler: Compiler, text, loc) -> bool:
    """E150 at an expectation that is a map whose key is an expect item's (`- "{options: {player: 0, count: 1}}"`): in
    quotes, YAML gives the item as an expression, where the key is an unknown name and the map no truth value. Said
    once, with the way out (drop the quotes), instead of the expression's E150s and E120."""
    if not isinstance(text, str):
        return False
    keyed = _EXPECT_ITEM_WRITTEN.match(text)  # `- "options: {player: 0, count: 1}"`: the item's key and colon, quoted
    if keyed:  # not an expression at all (E102 at the colon, whose hint spoke of block text and a missing `do:`)
        compiler.error(SourceText(text, loc).at(keyed.start(1)), "E150", f"unknown name '{keyed.group(1)}'",
                       f"in quotes the item is an expression, not an expect item `{keyed.group(1)}:`: drop the quotes, "
                       f"`- {text.strip()}`, and YAML reads it as the {keyed.group(1)} item it is")
        return True
    if not text.lstrip().startswith("{"):
        return False
    try:
        tree = parse(text, loc)
    except PhiltreError:  # a syntax error is the expression's own to say
        return False
    key = tree.pairs[0][0] if isinstance(tree, ast.MapLit) and tree.pairs else None
    if not isinstance(key, ast.Name) or key.name not in EXPECT_ITEM_KEYS:
        return False
    compiler.error(SourceText(text, loc).at(key.pos), "E150", f"unknown name '{key.name}'",
                   f"in quotes the item is an expression, not an expect item `{key.name}:`: drop the outer quotes, "
                   f"`- {text.strip()}`, and YAML reads it as the {key.name} item it is")
    return True


def _expect_missing(compiler: Compiler, loc) -> None:
    """V002 for a scenario that checks nothing: no `expect`, no step `expect:`, and no step it expects to be refused
    (`illegal: true`)."""
    compiler.error(loc, "V002", "'expect' is required here: a scenario checks what is true after its steps, or that a "
                   "step is refused", "list what must hold after the steps (expect: [count(pile) == 1], or "
                   "[{pending: 1}] for who decides next), or at a point of them in a step - expect: [...], or mark a "
                   "step the rules refuse `illegal: true`, which is a check of its own")


def _check_whole_fields(compiler: Compiler, item) -> None:
    """T007 at a scenario's `players` or `seed` that is no whole number: the schema's integer lets 2.0 and 1.0e20
    through, and the run refused them later, at no line (a seed is any whole number: the 2^53 limit is for values)."""
    for key in ("players", "seed"):
        if isinstance(item, Map) and key in item and not is_whole(item[key]):
            written = getattr(item.loc_of(key), "raw", "") or repr(item[key])
            compiler.error(item.loc_of(key), "T007", f"a scenario's {key} is a whole number, not {written}",
                           f"e.g. {key}: {_whole_example(item[key], key)}")


def _whole_example(value, key: str) -> str:
    """The whole number meant by ``value`` (2 for 2.0), else a plain one for ``key``."""
    if type(value) is float and value.is_integer() and abs(value) < 2 ** 63:
        return str(int(value))
    return "2" if key == "players" else "0"


def _check_given_seats(compiler: Compiler, given, players) -> None:
    """T016 at a `given.score` or `given.round_scores` round with more values than seats (the game held them all, and
    `score[5]` read one of a 4-player game), or at a `given.player` that is no seat of it; T011 at a `given.round`,
    `given.time` or `given.player` without the `given.at` it counts in."""
    if not isinstance(given, Map) or not is_whole(players):
        return
    lists = [("score", given.get("score"), given.loc_of("score") if "score" in given else None)]
    rounds = given.get("round_scores")
    lists += [(f"round {i + 1} of round_scores", r, loc_of(rounds, i)) for i, r in enumerate(rounds)] if isinstance(rounds, list) else []
    for what, values, where in lists:
        if isinstance(values, list) and len(values) > players:
            compiler.error(where, "T016", f"{what} gives {len(values)} values for the {players} seats of this scenario",
                           f"one value per seat, seat 0 first: {players} at most (seats left out get 0)")
    if "player" in given:
        _a_seat(compiler, given["player"], given.loc_of("player"), players)
    for key, what in (("round", "counts the rounds of"), ("time", "counts the times the flow waits at"),
                      ("player", "picks the seat deciding at")):
        if key in given and "at" not in given:
            compiler.error(given.key_loc(key), "T011", f"given.{key} {what} given.at, which is not given",
                           f"give the decision statement to wait at: at: NAME, {key}: N")
        elif key in given and given["at"] == AT_START:  # the start comes once, before any round, wait or seat deciding
            compiler.error(given.key_loc(key), "T011", f"given.{key} {what} given.at, and `at: {AT_START}` is the flow's "
                           "start, before its first statement: no decision is waited at there",
                           f"leave {key} out, or name the decision statement to wait at: at: NAME, {key}: N")


def _pending(compiler: Compiler, entry, index: int, loc: Loc, players: int) -> Pending:
    """An expectation `{pending: SEATS, at: NAME}`; T016 at a seat the scenario does not have, one given twice, or an
    `at` beside `pending: []`.

    SEATS is a seat or a list of them ([] for nobody: the game is over); the schema has checked the types."""
    seats = entry.get("pending")
    if seats is not None:
        written = seats if isinstance(seats, list) else [seats]
        where = [loc_of(seats, i) for i in range(len(written))] if isinstance(seats, list) else [entry.loc_of("pending")]
        seen: set = set()
        for seat, at in zip(written, where):
            if _a_seat(compiler, seat, at, players) and seat in seen:
                compiler.error(at, "T016", f"seat {seat} is given twice in pending", "give each seat that must decide once")
            seen.add(seat)
        seats = tuple(written)
    at = entry.get("at")
    if seats == () and at is not None:
        compiler.error(entry.loc_of("at"), "T016", "pending: [] expects the game over, waiting at no decision",
                       "give the seats that decide at it, or leave out `at`")
    return Pending(seats, None if at is None else str(at), index, loc, entry.loc_of("at") if "at" in entry else None)


def _a_seat(compiler: Compiler, seat, at: Loc, players: int) -> bool:
    """Whether ``seat`` is a seat of a ``players``-player scenario; T016 at ``at`` if not."""
    if not is_whole(seat):  # the schema lets 1.0 through
        compiler.error(at, "T016", f"a seat is a whole number, not {seat!r}")
    elif not is_whole(seat, 0, players - 1):
        compiler.error(at, "T016", f"seat {seat!r} is not a seat of this {players}-player scenario (seats 0..{players - 1})",
                       "seats count from 0" if seat == players else "")
    else:
        return True
    return False


def _key_locs(mapping, fallback: Loc):
    """Where each key of a mapping was written (``fallback`` where that is not known)."""
    for key in mapping:
        yield mapping.key_loc(key) if hasattr(mapping, "key_loc") else fallback


# a component as records write it (a map's key, a variable's value given): its type, #, its id: card#27
COMPONENT_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)#([0-9]+)")
_ENTRY_KEY = re.compile(r"\s*([A-Za-z_]\w*)\s*\[\s*(-?[0-9]+)\s*\]\s*")  # `last[0]`: one seat's (or team's) entry


def given_entry(name) -> tuple | None:
    """(variable, index) of a `given.variables` key naming one seat's entry of a per-seat variable (or one team's of a
    per-team one), `last[0]`: the other entries keep the value the position holds (the defaults' value, where the
    file's defaults give the variable whole, as they are laid first); None for a key naming a whole variable."""
    found = _ENTRY_KEY.fullmatch(name) if isinstance(name, str) else None
    return (found[1], int(found[2])) if found else None


def component_kind(compiler: Compiler, name: str):
    """The type of ``name``'s values (one seat's of a per-seat variable) where they are components or lists of them: the
    rules only ever set it to components (or none, where it is declared none), as variable_types reads its sets
    ('comp', ('list', 'comp')); None for any other variable. A value `given` to it is read as components
    (given_components), not as the YAML data it is written as: a mapping is a pattern of one component's attributes."""
    kind = compiler.variable_types.get(name) or compiler.or_none_types.get(name)
    inner = kind
    while is_list(inner):
        inner = inner[1]
    return kind if inner == "comp" else None


def given_components(value, kind, place: tuple = ()):
    """(value, where it lies in the value given: (container, key) or (), and whether it is written as a component:
    `pattern`, `named` (type#id), `none`, or `other`) for each place of ``value`` where ``kind`` (component_kind) holds
    one component: a list of components is a list of such places; an item of another shape than ``kind`` is `other`."""
    if is_list(kind):
        if not isinstance(value, list):
            yield value, place, "other"
            return
        for i, item in enumerate(value):
            yield from given_components(item, kind[1], (value, i))
        return
    how = ("pattern" if isinstance(value, dict) else "none" if value is None else
           "named" if isinstance(value, str) and COMPONENT_KEY.fullmatch(value) else "other")
    yield value, place, how


COMPONENT_GIVEN = ("give a pattern of its attributes, as given.zones writes a component, {example}, which must match "
                   "one component, or the component as records write it, {name}: TYPE#ID")


def one_component_said(name: str, item: bool) -> str:
    """What a pattern given to the variable ``name`` stands for: the one component it holds, or (``item``: a pattern in
    the list it holds) one item of that list."""
    return f"an item of '{name}' is one component" if item else f"'{name}' holds one component"


def _check_component_given(compiler: Compiler, name: str, value, kind, where: Loc, seats: bool) -> None:
    """T004 at each place of a value given to a variable that holds components (component_kind) that is no pattern of
    one component, nor a component written type#id of a type of the ruleset, nor none; T009 at a pattern's attribute or
    value that no component has (as a step's pattern, which matches one component)."""
    types = compiler.symbols.component_types
    example = "{" + ", ".join(f"{a}: ..." for a in sorted(next(iter(types.values()), ()), key=str)[:2]) + "}"
    owner = _owner_word(seats)
    for seat, one in (enumerate(value) if seats and isinstance(value, list) else [(None, value)]):
        for item, place, how in given_components(one, kind, (value, seat) if seat is not None else ()):
            here = loc_of(*place) if place and isinstance(place[0], (list, Map)) else where
            whose = f"{owner} {seat}'s value" if seat is not None else ""
            if how == "pattern":
                extra = [key for key in item if key in GIVEN_KEYS]
                if extra:
                    compiler.error(item.key_loc(extra[0]) if hasattr(item, "key_loc") else here, "T004",
                                   f"{one_component_said(name, item is not one)}, and '{extra[0]}' places or counts components in a "
                                   "zone: a variable's pattern names the attributes of the one component it holds",
                                   COMPONENT_GIVEN.format(example=example, name=name))
                elif isinstance(item, Map):
                    _check_given_attributes(compiler, item)
            elif how == "named" and COMPONENT_KEY.fullmatch(item)[1] not in types:
                compiler.error(here, "T004", f"'{name}' holds a component, and '{item}' names no component type of "
                               f"the ruleset (its types: {', '.join(map(str, types))})", COMPONENT_GIVEN.format(example=example, name=name))
            elif how == "other":
                shown = f"'{item}'" if isinstance(item, str) else _flow(item)
                which = (f"an item of {whose or 'it'}, {shown}," if item is not one else f"{whose} {shown}" if whose else shown)
                compiler.error(here, "T004", f"'{name}' holds {a_type(kind)}{f' per {owner}' if seats else ''} (every rule "
                               f"that sets it gives one): {which} is {_shape(item)}",
                               COMPONENT_GIVEN.format(example=example, name=name))


def _variable_of(name) -> str:
    """The variable a `given.variables` key gives: itself, or the variable of one entry given (`last[0]`: last)."""
    entry = given_entry(name)
    return entry[0] if entry else str(name)


def check_given_variables(compiler: Compiler, sc: Scenario, initials: dict | None = None) -> None:
    """T004 at a `given.variables` name that is no variable, or a per-player one not given one value per seat
    (``initials``, each variable's initial value, shape the example the hint gives), or a value of another kind than
    every value the variable holds (Compiler.variable_types: its initial value's, which every `set` of it gives too),
    at the first item of the wrong kind (a trial's `gold: [two, 2, 2, 2]` passed validate and test); at a key giving one
    entry, `last[0]`, of a variable that is none, not kept per seat or per team, or of a seat the scenario lacks."""
    declared = compiler.symbols.variables
    written = dict(sc.variables_written)
    for (name, value), where in zip(sc.variables, sc.variable_locs):
        entry = given_entry(name)
        if entry is not None and entry[0] in declared:
            _check_given_entry(compiler, sc, name, written.get(name, value), where, initials or {})
        elif name not in declared:
            named = entry[0] if entry else str(name)
            compiler.error(where, "T004", f"unknown variable '{named}' in given", did_you_mean(named, declared))
        elif declared[name] == "team" and not isinstance(value, list):  # (how many teams: checked as the scenario runs)
            compiler.error(where, "T004", f"'{name}' has one value per team (each: team): give a list of one value a "
                           f"team, in the order of the teams, not {value!r}", f"e.g. {name}: [{_flow((initials or {}).get(name, 0))}, "
                           f"{_flow((initials or {}).get(name, 0))}] for two teams")
        elif declared[name] is True and not (isinstance(value, list) and len(value) == sc.players):
            compiler.error(where, "T004", f"'{name}' has one value per seat: give a list of {sc.players} values, not {value!r}",
                           _per_seat_example(name, (initials or {}).get(name, 0), sc.players))
        elif name in sc.component_kinds:
            _check_component_given(compiler, str(name), written.get(name, value), sc.component_kinds[name], where, declared[name])
        else:
            kind = compiler.variable_types.get(name)
            initial = (initials or {}).get(name)
            raw = written.get(name, value)
            seats = list(enumerate(raw)) if declared[name] else [(None, raw)]
            owner = _owner_word(declared[name])
            for seat, one in seats:
                if kind is None and isinstance(initial, list) and _quoted_list(one):  # (its items' type not known)
                    said = f"'{name}'{f' per {owner}' if declared[name] else ''} starts as a list (its initial value)"
                elif kind is not None and (wrong := _misfit(one, kind, raw if seat is not None else None, seat)) is not None:
                    said = (f"'{name}' holds {_kind_text(kind)}{f' per {owner}' if declared[name] else ''} (its initial "
                            f"value is one, and every rule that sets it gives one)")
                else:
                    continue
                container, key, item = wrong if kind is not None else (raw if seat is not None else None, seat, one)
                whose = f"{owner} {seat}'s value" if seat is not None else ""
                shown = f"'{item}'" if isinstance(item, str) else _flow(item)
                which = (f"an item of {whose or 'it'}, {shown}," if item is not one and container is not None else
                         f"{whose} {shown}" if whose else shown)
                hint = ("given values are YAML data, not expressions: write the list without quotes"
                        + ("" if seat is not None else f", {name}: {item.strip()}") if item is one and _quoted_list(item) else
                        f"give it {_kind_text(kind)}, as its initial value {_flow(initial)} is")
                compiler.error(where if container is None else loc_of(container, key), "T004",
                               f"{said}: {which} is {'a true or false value' if isinstance(item, bool) else _shape(item)}", hint)
                break


def _check_given_entry(compiler: Compiler, sc: Scenario, key: str, raw, where: Loc, initials: dict) -> None:
    """check_given_variables at a key `VAR[N]` of a declared variable: T004 where VAR is not kept per seat or per team,
    or N is no seat of the scenario (a team's index past the teams is said as the scenario runs); else the value's
    kind, as one entry's (a component's pattern, where VAR holds components)."""
    name, index = given_entry(key)
    kept = compiler.symbols.variables[name]
    initial = initials.get(name, 0)
    if not kept:
        compiler.error(where, "T004", f"'{name}[{index}]' gives one seat's entry, but '{name}' is one value, not one per "
                       "seat or team (each:)", f"give it whole, {name}: {_flow(initial)}")
        return
    owner = _owner_word(kept)
    if index < 0 or (kept is True and index >= sc.players):
        seats = "" if kept is not True else f": the scenario has {sc.players} player{'' if sc.players == 1 else 's'}, seats 0..{sc.players - 1}"
        compiler.error(where, "T004", f"'{name}[{index}]' names no {owner} {index}{seats}",
                       f"give a {owner} from 0, {name}[0]: {_flow(initial)}")
        return
    kind = sc.component_kinds.get(key)
    if kind is not None:
        _check_component_given(compiler, name, raw, kind, where, False)
        return
    kind = compiler.variable_types.get(name)  # (of a variable kept per seat, one seat's value's type)
    if kind is not None and (wrong := _misfit(raw, kind)) is not None:
        container, at, item = wrong
        shown = f"'{item}'" if isinstance(item, str) else _flow(item)
        compiler.error(where if container is None else loc_of(container, at), "T004",
                       f"'{name}' holds {_kind_text(kind)} per {owner} (its initial value is one, and every rule that "
                       f"sets it gives one): {owner} {index}'s value {shown} is "
                       f"{'a true or false value' if isinstance(item, bool) else _shape(item)}",
                       f"give it {_kind_text(kind)}, as its initial value {_flow(initial)} is")


def _owner_word(kept) -> str:
    """Whom each entry of a variable kept a seat or a team (Symbols.variables' value: True, or "team") is of, in words."""
    return "team" if kept == "team" else "seat"


def given_teams_refused(sc: Scenario, variables: dict, nteams: int, initials: dict) -> list:
    """T004 at each per-team variable (`each: team`) ``sc`` gives a list of another length than ``nteams``, its teams
    worked out for its players as the run does (loader.teams_given_refused): a trial's `bags: [5, 0, 0, 0]` with 2
    teams passed validate, which caught the same slip in a per-seat variable."""
    out = []
    for (name, value), where in zip(sc.variables, sc.variable_locs or [sc.loc] * len(sc.variables)):
        spec = variables.get(name)
        if spec is not None and spec.per_team and isinstance(value, list) and len(value) != nteams:
            out.append(Diagnostic(where, "T004", f"'{name}' has one value per team (each: team): give a list of {nteams} "
                                  f"values, one a team in the order of the teams, not {value!r}",
                                  _per_seat_example(name, initials.get(name, 0), nteams, "team")))
    return out


def _quoted_list(value) -> bool:
    """Whether ``value``, given a variable, is a word written as a list expression (`"[4, 4, 0]"`): an expression's
    habit (a step's `args` are expressions), where given values are YAML data."""
    return isinstance(value, str) and value.strip().startswith("[")


def _misfit(value, kind, container=None, key=None):
    """(container, key, item) of the first item of ``value`` (``value`` itself: container and key as given) not of the
    type ``kind`` (variable_types: a number, true or false, a word, a list of them), or None where all are."""
    if is_list(kind) and isinstance(value, list):
        for i, item in enumerate(value):
            if (wrong := _misfit(item, kind[1], value, i)) is not None:
                return wrong
        return None
    fits = (is_number(value) if kind in NUMBERS else isinstance(value, bool) if kind == "bool" else
            isinstance(value, str) if kind == "str" else not is_list(kind))  # (a list given a word: `"[4, 4]"`)
    return None if fits else (container, key, value)


def _kind_text(kind, many: bool = False) -> str:
    """What a variable's type (variable_types) holds, as _shape says what a value is: `a number`, `a list of words`."""
    if is_list(kind):
        return f"{'lists' if many else 'a list'} of {_kind_text(kind[1], True)}"
    plural, single = {"bool": ("true or false values", "true or false"), "str": ("words", "a word")}.get(kind, ("numbers", "a number"))
    return plural if many else single


EXAMPLE_WIDTH = 60  # a hint's example of a per-seat value longer than this describes the value's shape instead


def _per_seat_example(name: str, initial, players: int, one: str = "seat") -> str:
    """An example of a per-player variable's value in `given`: its initial value once per seat (`wall: [0, 0]`), or,
    where that is too long to read (a 5x5 list), what each seat's value is, as its initial value is; ``one``: "team"
    for a per-team variable, ``players`` then its number of teams."""
    example = f"{name}: [{', '.join([_flow(initial)] * players)}]"
    if len(example) <= EXAMPLE_WIDTH:
        return f"e.g. {example}"
    return f"one value per {one}, {one} 0's first, each {_shape(initial)} as its initial value is"


def _flow(value) -> str:
    """A value as YAML's flow style writes it: true, null, [1, 2], {a: 1}; a word quoted where YAML would misread it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(map(_flow, value)) + "]"
    if isinstance(value, str) and not (value.isidentifier() and value.lower() not in ("true", "false", "null", "yes", "no", "on", "off")):
        return "'" + value.replace("'", "''") + "'"
    return str(value)


def _shape(value, many: bool = False) -> str:
    """What a value is, by its kind and its lists' lengths: `a list of 5 lists of 5 numbers` (``many``: in the plural)."""
    if isinstance(value, list):
        kinds = {_shape(item, True) for item in value}
        inner = kinds.pop() if len(kinds) == 1 else "values"
        return f"{'lists' if many else 'a list'} of {len(value)} {inner}" if value else ("empty lists" if many else "an empty list")
    plural, single = {bool: ("true or false values", "true or false"), str: ("words", "a word"), dict: ("mappings", "a mapping"),
                      type(None): ("nulls", "null")}.get(type(value), ("numbers", "a number"))
    return plural if many else single


def check_dice_patterns(compiler: Compiler, sc: Scenario, dice: dict, sets_aside: bool = True) -> None:
    """T005 at a die of `rolls` or `given.dice` that the ruleset does not have, or a face pattern no face of it matches,
    or a die `given.dice` gives set aside (null) in a ruleset whose rules set no die aside (``sets_aside`` false).

    A scripted roll of an unknown die was skipped (the die rolled at random and the scenario could pass by
    luck), and one of no face failed when the game rolled, at the ruleset's `roll` and not at the scenario."""
    for given in (*sc.rolls, sc.dice):
        for name, pattern in given.items() if isinstance(given, Map) else ():
            if name not in dice:
                compiler.error(given.key_loc(name), "T005", f"no die '{name}' in this ruleset (dice: {', '.join(dice) or 'none'})",
                               did_you_mean(str(name), dice))
            elif pattern is None and not sets_aside:  # (its rolls are made without looking for dice set aside)
                compiler.error(given.loc_of(name), "T005", f"die '{name}' is given set aside (null), but no rule of this "
                               "ruleset sets a die aside (no `set_aside` statement): its rolls would roll it",
                               f"give the face it shows by its attributes, {name}: {{{_face_text(dice[name].faces[0])}}}")
            elif isinstance(pattern, Map) and not any(all(face.get(k) == v for k, v in pattern.items()) for face in dice[name].faces):
                names = sorted({k for face in dice[name].faces for k in face})
                wrong = [k for k in pattern if k not in names]
                text = "{" + ", ".join(f"{k}: {v}" for k, v in pattern.items()) + "}"
                faces = sorted({"{" + ", ".join(f"{k}: {v}" for k, v in face.items()) + "}" for face in dice[name].faces})
                hint = (did_you_mean(str(wrong[0]), names) or f"its faces' attributes: {', '.join(names)}" if wrong else
                        "its faces: " + ", ".join(faces[:8]) + (", ..." if len(faces) > 8 else ""))
                compiler.error(pattern.key_loc(wrong[0]) if wrong else given.loc_of(name), "T005",
                               f"die '{name}' has no face matching {text}", hint)


def _face_text(face) -> str:
    """A die's face as a flow mapping's inside writes it (`pips: 1`), `sides` left out."""
    return ", ".join(f"{k}: {v}" for k, v in face.items() if k != "sides")


NOT_A_PATTERN = "a component is given as a mapping of its attributes, e.g. {type: card, value: 4}"  # T002


OTHERS = "others"  # the key of a given zone's item `{others: true}`: the zone's other components, as they lie


def _check_given_components(compiler: Compiler, contents) -> None:
    """T007 for a given component's `copies` or `at` that the run could not use (the schema lets 1.0 through); T002 for
    one that is no mapping (`offer: [20]`), which `philtre test` found only when it ran; T020 for an `others` item
    misused."""
    others_at = None  # where this zone's `{others: true}` is written
    for i, entry in enumerate(contents if isinstance(contents, list) else ()):
        if isinstance(entry, list):  # one list per zone of a family
            _check_given_components(compiler, entry)
        elif not isinstance(entry, Map):
            compiler.error(loc_of(contents, i), "T002", NOT_A_PATTERN)
        elif OTHERS in entry:
            others_at = _check_others(compiler, entry, others_at)
        elif isinstance(entry, Map):
            if "copies" in entry and not is_whole(entry["copies"], 0, MAX_COPIES):
                compiler.error(entry.loc_of("copies"), "T007", f"copies must be a whole number 0..{MAX_COPIES:,}, not {entry['copies']!r}")
            else:
                _check_given_ranges(compiler, entry)
            if "at" in entry:
                _unturned_by_default(entry["at"])
                _check_placement(compiler, entry)


def _unturned_by_default(at) -> None:
    """An `at: {x, y}` of a given component or a step's pattern is at rot 0 (the run and T006 read it whole)."""
    if isinstance(at, Map) and set(at) == {"x", "y"}:  # (anything else T007 quotes as written)
        at["rot"] = 0
        at.val_locs["rot"] = at.loc  # (said at the placement, where a T007 of it points)


def _check_given_at(compiler: Compiler, key: str, contents) -> None:
    """T006 at a given component with `at:` in a zone named as no grid, or without one in a grid zone: a piece lies on a
    grid at its placement, and only there (the run refuses either). Only a zone named by its name (`board`, `mat[0]`)."""
    name = key.partition("[")[0].strip()
    if name not in compiler.symbols.zones:
        return
    grid = name in compiler.symbols.grids
    for entry in _given_entries(contents):
        if OTHERS in entry or ("at" in entry) == grid:
            continue
        compiler.error(entry.loc_of("at") if "at" in entry else entry.loc, "T006",
                       f"give 'at: {{x, y, rot}}' for a component on a grid zone, and only there ({name})",
                       "beside its attributes, e.g. at: {x: 0, y: 0, rot: 0}: a piece on a grid lies where its placement puts it"
                       if grid else f"{name} is no grid: leave 'at' out")


def _given_entries(contents):
    """The mappings of a given zone's list (or of each list, one per zone of a family)."""
    for entry in contents if isinstance(contents, list) else ():
        if isinstance(entry, list):
            yield from _given_entries(entry)
        elif isinstance(entry, Map):
            yield entry


_ZONE_BY_NAME = re.compile(r"\s*([A-Za-z_]\w*)\s*(?:\[\s*(\d+)\s*\])?\s*")  # `board`, `mat[0]`: a zone named, not computed


def shuffles_unshuffled(ruleset) -> list:
    """T030 at each key of a scenario's `shuffles` item naming a zone that no `shuffle` statement of the rules shuffles
    (each shuffle's zones written by name: `deck`, `pile[i]`, a list of them; where one is computed, nothing is said):
    every `philtre test` of it failed when the shuffle using the item ran."""
    from .lints import _statements_in

    shuffled: set = set()
    where = []
    for body in ruleset.statement_blocks:
        for stmt in _statements_in(body):
            if stmt.kind == "shuffle":
                names = _zones_written(getattr(stmt.args["zone"], "tree", None), ruleset.zones)
                if names is None:
                    return []
                shuffled |= names
                where.append(stmt.loc)
    found = []
    for sc in ruleset.scenarios:
        for number, order in enumerate(sc.shuffles, 1):
            for expr, _, loc in order.zones:
                named = _ZONE_BY_NAME.fullmatch(expr.text)
                if named and named[1] in ruleset.zones and named[1] not in shuffled:
                    said = (f"the rules shuffle {', '.join(sorted(shuffled))} (at {', '.join(f'{l.line}:{l.col}' for l in where)})"
                            if shuffled else "the rules have no shuffle statement")
                    found.append(Diagnostic(loc, "T030", f"shuffles item {number} orders {expr.text.strip()}, which no shuffle "
                                            f"shuffles: {said}", "a `shuffles` item orders the zones a shuffle shuffles; "
                                            "to lay out another zone, give it in given.zones"))
    return found


def _zones_written(tree, zones) -> set | None:
    """The names of the zones a shuffle's expression names (`deck`, `pile[i]`, `[deck, discard]`); None where it
    computes them some other way."""
    if isinstance(tree, ast.Name):
        return {tree.name} if tree.name in zones else None
    if isinstance(tree, ast.Index):
        return _zones_written(tree.target, zones)
    if isinstance(tree, ast.ListLit):
        parts = [_zones_written(item, zones) for item in tree.items]
        return None if None in parts else set().union(*parts)
    return None


def pieces_off_the_board(ruleset) -> list:
    """T006 at each given piece whose `at:` puts a cell of it off a board of fixed size, at the scenario's player count
    (a board's size may be computed from it): validate passed it, and every `philtre test` refused it. Only a zone written
    by its name, and only where each component the pattern matches would lie off (which one the run takes is its own)."""
    from .model import grid_at

    found = []
    for sc, spec, index, contents, _ in _given_by_name(ruleset):
        if type(spec.grid) is not geometry.Bounded:
            continue
        try:
            board = grid_at(spec, sc.players)
            components = ruleset.layout(sc.players).components
        except PhiltreError:  # said by validate's layout checks
            continue
        for shown, listed in _zones_given(spec, index, contents):
            found += [(sc.name, off) for off in _off_the_board(listed, components, board, shown)]
    return said_once(found, ruleset.scenarios)  # a default's piece, once


def positions_off_the_board(ruleset) -> list:
    """T006 at each step's position written out that no placement of its board offers (step_positions_refused)."""
    return step_positions_refused(ruleset.scenarios, ruleset.actions, ruleset.zones, ruleset.player_counts)


def step_positions_refused(scenarios, actions, zones, counts) -> list:
    """T006 at each step's position written out (`at: {x: 9, y: 2}`) of an argument chosen among `placements(GRID, ...)`
    of a board of fixed size, at the scenario's player count, where x or y lies off it, and at each one turned (`rot: 90`)
    on a grid whose pieces never turn (`turns: false`, placements at rot 0 alone): no option is there, and only `philtre
    test` said so, as a step that cannot be taken (or an `illegal: true` one that passes whatever the rules say). Run
    with the compiled expressions built (a board's size may be one), where the scenarios' other checks failed too: a
    scenario's T009 hid another's T006."""
    from .model import grid_at

    found = []
    for sc in scenarios:
        for step in sc.steps if sc.players in counts else ():
            action = actions.get(step.action)
            for param in action.params if action is not None else ():
                spec, at = _placements_grid(zones, param), step.args.get(param.name)
                if spec is None or not isinstance(at, Map):
                    continue
                follows = "`illegal: true` would pass whatever the rules say" if step.illegal else "the step cannot be taken"
                where = step.value_locs.get(param.name) or step.loc
                if not spec.turns and "rot" in at.key_locs and is_whole(at.get("rot")) and at["rot"] != 0:
                    found.append((sc.name, Diagnostic(at.loc_of("rot"), "T006",
                                  f"'{param.name}' is chosen among placements on {spec.name}, whose pieces never turn "
                                  f"(turns: false): rot {at['rot']} is never offered, so {follows}",
                                  f"leave rot out: {param.name}: {_shown({k: v for k, v in at.items() if k != 'rot'})}")))
                    continue
                if type(spec.grid) is not geometry.Bounded or not (is_whole(at.get("x")) and is_whole(at.get("y"))):
                    continue
                try:
                    board = grid_at(spec, sc.players)
                except PhiltreError:  # said by validate's layout checks
                    continue
                if not (0 <= at["x"] < board.width and 0 <= at["y"] < board.height):
                    found.append((sc.name, Diagnostic(where, "T006",
                                  f"'{param.name}' is chosen among placements on {spec.name}, and x={at['x']} y={at['y']} is off "
                                  f"the board (x 0..{board.width - 1}, y 0..{board.height - 1}): it matches no option, so {follows}",
                                  "give a position on the board")))
    return said_once(found, scenarios)


def _placements_grid(zones, param):
    """The zone spec of the grid that ``param`` is chosen among the placements of, by its name (`placements(board,
    piece)`); None for any other choice."""
    tree = getattr(param.domain, "tree", None)
    if not (isinstance(tree, ast.Call) and tree.func == "placements" and tree.args and isinstance(tree.args[0], ast.Name)):
        return None
    spec = zones.get(tree.args[0].name)
    return spec if spec is not None and spec.kind == "single" and spec.grid else None


def _given_by_name(ruleset):
    """(scenario, zone spec, index written or None, given list, key's loc) for each given zone key written by its name
    (`board`, `mat[0]`), in a scenario of a player count the ruleset takes (another is R001's)."""
    for sc in ruleset.scenarios:
        if sc.players not in ruleset.player_counts:
            continue
        for zone_expr, contents, loc in sc.zones:
            named = _ZONE_BY_NAME.fullmatch(zone_expr.text)
            spec = ruleset.zones.get(named[1]) if named else None
            if spec is not None:
                yield sc, spec, named[2], contents, loc


def fits_shape(zones, contents) -> bool:
    """Whether a given key's ``contents`` has the shape of ``zones``, the zones it names (a zone, a list of them, a list
    a seat of a seat's zones; a leaf is a zone): a list for a zone, one list per item for a list."""
    if _one_zone(zones):
        return isinstance(contents, list)
    return isinstance(contents, list) and len(contents) == len(zones) and all(map(fits_shape, zones, contents))


def _one_zone(zones) -> bool:
    """Whether ``zones`` is one zone of a given key's zones (a Zone when the game runs; None where validate stands for one)."""
    return isinstance(zones, Zone) or not isinstance(zones, list)


def shape_wanted(zones, owner: str | None = None) -> str:
    """T001's words for the lists a family ``zones`` (a list of zones, or a list a seat (a team: ``owner`` "team", or
    the zones' own keys say so) of its zones) is given."""
    if zones and not _one_zone(zones[0]):
        owner = owner or ("team" if zones[0] and getattr(getattr(zones[0][0], "key", (None, None))[1], "team", False) else "seat")
        return (f"one list a {owner} ({len(zones)} {owner}s), each of {len(zones[0])} lists, one a zone: "
                f"{_shape_written(zones)}")
    return f"one list a zone ({len(zones)} zones): {_shape_written(zones)}"


def shape_hint(key: str, zones) -> str:
    """T001's hint for a family ``key`` given lists of another shape: how to give some of its zones only."""
    named = key if re.fullmatch(r"[\w\[\]]+", key) else f"({key})"  # (an expression computing the family, bracketed)
    first = named + ("[0]" if _one_zone(zones[0]) else "[0][0]") if zones else key
    return f"[] gives a zone empty; to give some of the zones only, name each: {first}: [...]"


def _shape_written(zones, first: bool = True) -> str:
    """The lists ``zones`` is given, written out, the first zone's with its components (`[[[...], []], [[], []]]`)."""
    if _one_zone(zones):
        return "[...]" if first else "[]"
    return "[" + ", ".join(_shape_written(z, first and i == 0) for i, z in enumerate(zones)) + "]"


def families_misshapen(ruleset) -> list:
    """T001 at a given family written by its name (`line`, `line[0]`) whose lists are not one a zone (one a seat, each one
    a zone of the seat), at the scenario's player count: validate passed it, and `philtre test` refused it."""
    found = []
    for sc, spec, index, contents, loc in _given_by_name(ruleset):
        zones = _zones_named(spec, index, sc.players)
        if zones is not None and not fits_shape(zones, contents):
            key = spec.name if index is None else f"{spec.name}[{int(index)}]"
            found.append((sc.name, Diagnostic(loc, "T001", f"give {key} {shape_wanted(zones, 'team' if spec.teamed else 'seat')}", shape_hint(key, zones))))
    return said_once(found, ruleset.scenarios)


def _zones_named(spec, index: str | None, players: int) -> list | None:
    """The zones (None for each) of ``spec`` that a given key names, the family's or a seat's (`line[0]`) nested as
    the run names them, at ``players``; None where the key names one zone or its size is not known here."""
    if spec.kind == "seat_copies":
        seat = [None] * spec.copies
        return seat if index is not None else [list(seat) for _ in range(players)]
    if spec.kind == "team_copies":  # (one list a team, of its N zones)
        try:
            teams = spec.size(players) // spec.copies
        except PhiltreError:  # (a bad `teams`: the layout's checks say so)
            return None
        return [None] * spec.copies if index is not None else [[None] * spec.copies for _ in range(teams)]
    if spec.kind == "single" or index is not None:
        return None
    try:
        return [None] * spec.size(players)
    except PhiltreError:  # a count from the player count that fails: the layout's checks say so
        return None


def _zones_given(spec, index: str | None, contents) -> list:
    """(the zone's name as the run says it, its given list) for each zone a given key names: a single zone, one zone of
    a family (`mat[0]`), or each of a family given one list per zone (anything else is T001's)."""
    if spec.kind == "single":
        return [(spec.name, contents)]
    if index is not None:
        return [(f"{spec.name}[{int(index)}]", contents)]
    if isinstance(contents, list) and all(isinstance(c, list) for c in contents):
        return [(f"{spec.name}[{i}]", listed) for i, listed in enumerate(contents)]
    return []


def _off_the_board(contents, components, board, shown: str) -> list:
    """pieces_off_the_board's findings for one given zone's list on the board ``board`` (a geometry.Bounded)."""
    found = []
    for entry in _given_entries(contents):
        at = entry.get("at")
        if OTHERS in entry or not (isinstance(at, Map) and set(at) == {"x", "y", "rot"}
                                   and all(is_whole(at[k]) for k in at) and at["rot"] in ROTATIONS):
            continue  # T007 says what is wrong with the placement
        x, y, rot = int(at["x"]), int(at["y"]), int(at["rot"])
        pattern = {k: v for k, v in entry.items() if k not in GIVEN_KEYS}
        try:
            matching = [c for one in spelt_out(pattern) for c in components if all(c.get(k) == v for k, v in one.items())]
            off = [geometry.outside(c, x, y, rot, board) for c in matching]
        except (TypeError, geometry.GeometryError):  # a value T009 refuses, or cells the rule reading them says are wrong
            continue
        if matching and all(off):
            found.append(Diagnostic(entry.loc_of("at"), "T006", f"{component_text(matching[0])} at {{x: {x}, y: {y}, rot: {rot}}} "
                                    f"on {shown}: {off[0]}", "give an 'at:' that keeps all its cells on the board"))
    return found


def _check_others(compiler: Compiler, entry: Map, before: Loc | None) -> Loc:
    """T020 at a given zone's `{others: true}` that says anything else (an attribute, `copies`, `others: false`) or
    follows another in the same zone's list (there is one set of other components to put in one place); where it is."""
    here = entry.loc
    if before is not None:
        compiler.error(here, "T020", f"a zone's list holds `{{others: true}}` once (also at {before.line}:{before.col}): "
                       "it stands for all the zone's components the patterns do not take", "keep one, where they lie")
    elif entry[OTHERS] is not True or len(entry) > 1:
        said = _flow(dict(entry))
        compiler.error(here, "T020", f"`{{others: true}}` stands for the zone's other components, as they lie, and says "
                       f"nothing else: not {said}", "write {others: true} alone; give a component its own pattern")
    return before or here


def given_range(value) -> range | None:
    """The whole numbers a given pattern's value `lo..hi` stands for (`rank: 2..11`), low to high, as a component
    type's attribute writes a range; None for any other value."""
    from .loader import RANGE_VALUE

    bounds = RANGE_VALUE.fullmatch(value) if isinstance(value, str) and len(value) < 40 else None
    return range(int(bounds[1]), int(bounds[2]) + 1) if bounds is not None else None


def spelt_out(pattern: dict) -> list:
    """A given pattern as one pattern per value of its range (`{suit: hearts, rank: 2..4}`: ranks 2, 3 and 4, in
    that order; one per combination of the values of several ranges); a pattern without one, alone."""
    out = [dict(pattern)]
    for key, value in pattern.items():
        values = given_range(value)
        if values is not None:
            out = [{**p, key: v} for p in out for v in values]
    return out


def patterns_not_made(ruleset) -> list:
    """T003 at each given pattern that no component of the game matches at the scenario's player count while one does
    at another (a type's `copies` of the player count makes it only then): every `philtre test` of it failed with "no
    component left", as if earlier patterns had taken it. A pattern nothing matches at any count is T009's."""
    found, made = [], {}  # made: (player count, a pattern's items) -> whether a component matches (scenarios repeat them)
    for sc in ruleset.scenarios:
        if sc.players not in ruleset.player_counts:
            continue  # R001 says so
        try:
            components = ruleset.layout(sc.players).components
        except PhiltreError:  # said by validate's layout checks
            continue
        for _, contents, _ in sc.zones:
            for entry in _given_entries(contents):
                if OTHERS in entry:
                    continue
                pattern = {k: v for k, v in entry.items() if k not in GIVEN_KEYS}
                try:
                    missing = [one for one in spelt_out(pattern) if not _made(made, sc.players, one, components)]
                except TypeError:  # an unhashable value: T009 and the run say what is wrong with it
                    continue
                derived = derived_not_made(ruleset, missing[0], components) if missing else None
                if derived is not None:  # (the other attributes' values are checked as they compile: T009)
                    key, text, hint = derived
                    found.append((sc.name, Diagnostic(entry.loc_of(key) if hasattr(entry, "loc_of") else entry.loc, "T009", text, hint)))
                    continue
                said = not_made(ruleset, sc.players, missing[0]) if missing else None
                if said is not None:
                    found.append((sc.name, Diagnostic(entry.loc, "T003", *said)))
    return said_once(found, ruleset.scenarios)  # a default's pattern, once


def derived_not_made(ruleset, pattern: dict, components):
    """(the attribute, message, hint) of T009 where ``pattern`` gives a derived attribute a value that no component of
    ``components`` (the game's, made with their derived attributes) has for it, of the pattern's type where it gives one:
    a misspelt `{face: k}` (for 'K') was T003 "no component left" when run, with no values and no "did you mean"; the
    values declared are checked as they compile. None where every derived value given is one some component has."""
    kind = pattern.get("type")
    derived = {name for t in ruleset.components if kind is None or t.name == kind for name, _ in t.derived}
    for key in (k for k in pattern if k in derived):
        value = pattern[key]
        had = [c[key] for c in components if key in c and (kind is None or c.get("type") == kind)]
        try:
            if not had or value in had:
                continue
        except TypeError:  # an unhashable value (a list): matched by no component, T003 when run
            continue
        words, shown = values_shown(had)  # (in the order the components are made: J, Q, K)
        whose = f"no {kind}" if kind else "no component"
        hint = (None if is_number(value) else did_you_mean(str(value), words) or did_you_mean(str(value), words, any_case=True)
                ) or "give one of its values"
        return key, f"{whose} has {key} {value!r} (its values, derived: {shown})", hint
    return None


RUN_OUT_PATTERNS = 500  # the distinct patterns of a scenario past which patterns_run_out leaves the count to the run


def patterns_run_out(ruleset) -> list:
    """T003 at the first given pattern of a scenario that, when run, finds no component left: the patterns taken before
    it (those naming more attributes first, `type` and `owner` not counted, then in the order written, as the run takes them) that match only components
    it matches ask for all the game makes at the scenario's player count (a pattern of the file's defaults that took the
    one ticket a scenario lists again: a trial). Only such patterns are counted: a broader one may take
    another component, and the run then says what it finds."""
    found = []
    for sc in ruleset.scenarios:
        if sc.players not in ruleset.player_counts:
            continue  # R001 says so
        try:
            components = ruleset.layout(sc.players).components
            said = _run_out(sc, _given_slots_written(sc), components)
        except (PhiltreError, TypeError):  # a layout validate's checks refuse; an unhashable value T009 says
            continue
        if said is not None:
            found.append((sc.name, said))
    return said_once(found, ruleset.scenarios)  # a default's pattern, once


def _given_slots_written(sc) -> list:
    """(the zone key as written, one component's pattern, where written, whether of the file's defaults) per component
    scenario ``sc`` gives, in the order the run takes them (given_rank: more attributes first, then as written)."""
    slots = []
    for zone_expr, contents, _ in sc.zones:
        for entry in _given_entries(contents):
            if OTHERS in entry:
                continue
            pattern = {k: v for k, v in entry.items() if k not in GIVEN_KEYS}
            copies = entry.get("copies", 1) if is_whole(entry.get("copies", 1)) else 1
            default = from_defaults(sc, entry.loc)
            slots += [(zone_expr.text.strip(), one, entry.loc, default) for one in spelt_out(pattern)] * int(copies)
    return sorted(slots, key=lambda slot: given_rank(slot[1]))  # (stable: as written among ties, as the run sorts)


def _run_out(sc, slots, components):
    """T003 at the first of ``slots`` (_given_slots_written) that the patterns before it matching only components it
    matches leave no component for; None where none does, or the patterns are too many to count here."""
    distinct = {tuple(sorted(pattern.items(), key=str)) for _, pattern, _, _ in slots}
    if len(distinct) > RUN_OUT_PATTERNS:
        return None
    within = {p: [q for q in distinct if set(p) <= set(q)] for p in distinct}  # the patterns matching only what p does
    made = {p: sum(1 for c in components if _has(c, dict(p))) for p in distinct}
    taken: dict = {}  # a pattern's items -> the slots of it taken so far
    for zone, pattern, loc, default in slots:
        key = tuple(sorted(pattern.items(), key=str))
        if made[key] and sum(len(taken.get(q, ())) for q in within[key]) >= made[key]:  # (counted: linear in the slots)
            before = [slot for q in within[key] for slot in taken.get(q, ())]
            asks = sum(1 for slot in slots if slot[2] == loc and slot[1] == pattern)
            mine = sum(1 for slot in before if slot[2] == loc)
            return Diagnostic(loc, "T003", f"no component left matching {pattern_text(pattern)}",
                              run_out_text(made[key], mine, asks, [slot for slot in before if slot[2] != loc], loc))
        taken.setdefault(key, []).append((zone, pattern, loc, default))
    return None


def _made(made: dict, players: int, pattern: dict, components) -> bool:
    """Whether one of ``components`` (the game's with ``players`` players) matches ``pattern``, kept in ``made``."""
    key = (players, tuple(pattern.items()))
    if key not in made:
        made[key] = any(_has(c, pattern) for c in components)
    return made[key]


def _has(comp, pattern: dict) -> bool:
    """Whether a component has every attribute of ``pattern``."""
    return all(comp.get(k) == v for k, v in pattern.items())


def not_made(ruleset, nplayers: int, pattern: dict):
    """(message, hint) where no component the game makes with ``nplayers`` players matches ``pattern`` but one made
    with another allowed count does (and the type whose `copies` gives 0 for it, where one can tell); else None."""
    counts = []
    for n in ruleset.player_counts:
        try:
            if n != nplayers and any(_has(c, pattern) for c in ruleset.layout(n).components):
                counts.append(n)
        except PhiltreError:  # a count the layout refuses: said by validate
            continue
    if not counts:
        return None
    kinds = [t.name for t in ruleset.components if any(not isinstance(c, int) for c in t.copies_written())
             and _combination_matches(t, pattern)]
    why = f" ({kinds[0]}'s copies is 0 for it with {nplayers} players)" if kinds else ""
    made = ", ".join(map(str, counts[:-1])) + (" or " if len(counts) > 1 else "") + str(counts[-1])
    return (f"no component matches {pattern_text(pattern)} with {nplayers} players{why}",
            f"none is made then, so no earlier pattern took it: the game makes it with {made} players; give the scenario "
            f"players: {counts[0]}, or a component made with {nplayers}")


def _combination_matches(ctype, pattern: dict) -> bool:
    """Whether one of ``ctype``'s combinations of attribute values has those ``pattern`` gives (its type, where given;
    an owner, id or derived attribute is not looked at)."""
    if pattern.get("type", ctype.name) != ctype.name:
        return False
    names = [a for a, _ in ctype.attributes]
    wanted = {k: v for k, v in pattern.items() if k in names}
    if any(k not in names and k not in ("type", "owner", "id") and k not in dict(ctype.derived) for k in pattern):
        return False
    return any(all(dict(zip(names, values))[k] == v for k, v in wanted.items()) for values in ctype.combinations())


def run_out_text(made: int, mine: int, asks: int, takers, here: Loc) -> str:
    """T003's hint at a given pattern at ``here`` that ran out: the game's ``made`` such components, ``mine`` of them
    taken by the pattern itself (which ``asks`` for that many), the rest by ``takers`` (takers_named); where a filler
    took one (is_filler), that it took what the patterns naming attributes left, so the given asks for too many."""
    such = f"the game has {made} such component{'' if made == 1 else 's'}"
    if mine == made:
        return f"{such}; this pattern asks for {asks}"
    said, free = takers_named(takers, here)
    fillers = list(dict.fromkeys(pattern_text(pattern) for _, pattern, _, _ in takers if is_filler(pattern)))
    if fillers:  # not the order of the patterns (a filler takes last): the lists ask for more than the game has
        free = (f"{few_listed(fillers)} names no attribute but `type` or `owner`: a filler, which takes after every "
                "pattern naming an attribute, what they leave, so no order of the patterns helps: the given zones ask "
                f"for more of these than the game has; give fewer `copies`" + (f", or {free}" if free else ""))
    free = f"; {free}" if free else ""
    if not mine:
        return f"{such}, all taken by the other patterns given{said}{free}"
    return f"{such}: {mine} taken by this pattern, {made - mine} by the other patterns given{said}{free}"


def takers_named(takers, here: Loc) -> tuple:
    """(': offer[0]'s {type: ticket} at line 4, of the file's `defaults`', and how to free it, or '') naming the patterns
    ``takers``, ((zone, pattern, where written, whether of the file's defaults), ...), that took the components a pattern
    at ``here`` ran out of: a trial's T003 said "all taken by the other patterns given", and the one
    that took it was in the defaults, which the scenario does not show."""
    def named(zone, pattern, loc, default) -> str:
        where = f"line {loc.line}" if loc.path == here.path else str(loc)
        return f"{zone}'s {pattern_text(pattern)} at {where}" + (", of the file's `defaults`" if default else "")

    said = few_listed(list(dict.fromkeys(named(*taker) for taker in takers)))  # (a pattern with copies: named once)
    zones = list(dict.fromkeys(zone for zone, _, _, default in takers if default))
    free = (f"give {few_listed(zones)} in the scenario's own `given` (its list replaces the defaults' one), or "
            f"{LEAVE_DEFAULTS_OUT}") if zones else ""
    return (f": {said}" if said else ""), free


def pattern_text(pattern) -> str:
    """A pattern of attributes as the scenario file writes it: {color: blue, value: 2}."""
    return "{" + ", ".join(f"{k}: {describe(v).strip(chr(39))}" for k, v in dict(pattern).items()) + "}"


def untyped_patterns(ruleset) -> list:
    """T021, a note (validate does not fail), at each given zone's pattern without `type:` that the components of several
    types match by the attributes it names: a type that shares an attribute name (a card's `i` and a noble's `i`) may
    be the one it takes, and the scenario then fails far from the cause, in a rule reading what that type lacks."""
    return said_once(untyped_by_scenario(ruleset), ruleset.scenarios)  # a default's pattern, once


def untyped_by_scenario(ruleset) -> list:
    """untyped_patterns' notes as (scenario name, Diagnostic), a default's pattern once for each scenario taking it."""
    found, made = [], {}
    for sc in ruleset.scenarios:
        if sc.players not in ruleset.player_counts:
            continue  # R001 says so
        if sc.players not in made:
            by_type: dict = {}
            try:
                for c in ruleset.layout(sc.players).components:
                    by_type.setdefault(c["type"], []).append(c)
            except PhiltreError:  # said by validate's layout checks
                by_type = {}
            made[sc.players] = by_type
        components = made[sc.players]
        for _, contents, _ in sc.zones:
            found += [(sc.name, note) for note in _untyped(contents, components)]
    return found


def partial_maps(ruleset) -> list:
    """T037, a note (validate does not fail), at each `given.variables` map that lacks keys its variable's initial map
    has (a per-seat variable's, for each seat's map): a rule reading one of those keys stops the game (R100 "the map
    has no key") far from the scenario that left it out."""
    return said_once(partial_maps_by_scenario(ruleset), ruleset.scenarios)  # a default's map, once


def partial_maps_by_scenario(ruleset) -> list:
    """partial_maps' notes as (scenario name, Diagnostic)."""
    found = []
    for sc in ruleset.scenarios:
        for (name, value), where in zip(sc.variables, sc.variable_locs or ()):
            entry = given_entry(name)
            spec = ruleset.variables.get(entry[0] if entry else name)
            initial = getattr(spec, "initial", None)
            if not isinstance(initial, dict):
                continue
            name = entry[0] if entry else name
            given = ([entry[1:] + (value,)] if entry else
                     list(enumerate(value)) if spec.per_player and isinstance(value, list) else [(None, value)])
            for seat, held in given:
                missing = [key for key in initial if key not in held] if isinstance(held, dict) else []
                if not missing:
                    continue
                whose = f" for seat {seat}" if seat is not None else ""
                found.append((sc.name, Diagnostic(where, "T037", f"`given` gives '{name}'{whose} a map of "
                                                  f"{len(held)} of the {len(initial)} keys its initial value has: "
                                                  f"{few_listed(missing)} {'is' if len(missing) == 1 else 'are'} missing, "
                                                  "and a rule reading one stops the game (R100)",
                                                  f"give every key its value, as the initial value {_flow(initial)} "
                                                  "has them")))
    return found


def _untyped(contents, components: dict) -> list:
    """untyped_patterns' notes for one given zone's list (or one list per zone of a family); ``components``: the
    components of the game by type."""
    found = []
    for entry in contents if isinstance(contents, list) else ():
        if isinstance(entry, list):
            found += _untyped(entry, components)
            continue
        if not isinstance(entry, Map) or "type" in entry or OTHERS in entry:
            continue
        pattern = {k: v for k, v in entry.items() if k not in GIVEN_KEYS}
        if not pattern:  # `{copies: 3}` names no attribute: it takes the types its zone holds (a zone holding none: noted when run)
            continue
        try:
            ones = spelt_out(pattern)
            kinds = sorted(kind for kind, alike in components.items()  # (any: the first match of a type is enough)
                           if any(all(c.get(k) == v for k, v in one.items()) for c in alike for one in ones))
        except TypeError:  # an unhashable or unordered value: T009 and the run say what is wrong with it
            continue
        if len(kinds) > 1:
            shown = ", ".join(kinds[:-1]) + f" and {kinds[-1]}"
            found.append(Diagnostic(entry.loc, "T021", f"this pattern has no type, and components of {len(kinds)} types "
                                    f"have its attributes ({shown}): it may take one of a type not meant",
                                    f"give the type meant: {{type: {kinds[0]}, ...}}" + "".join(f" or {{type: {k}, ...}}" for k in kinds[1:])))
    return found


def _check_given_ranges(compiler: Compiler, entry: Map) -> None:
    """T007 at a range of a given pattern that runs high to low (it gives no component), or at the pattern's `copies`
    where its ranges and copies would give more than MAX_COPIES components (as `copies` alone may not)."""
    many = entry.get("copies", 1)
    for key in entry:
        values = given_range(entry[key]) if key not in GIVEN_KEYS else None
        if values is not None and not values:
            lo, hi = entry[key].split("..")
            compiler.error(entry.loc_of(key), "T007", f"a range runs low to high, not {entry[key].strip()}",
                           f"{key}: {hi.strip()}..{lo.strip()}")
            return
        many *= values.stop - values.start if values is not None else 1  # (len() of a range past 2**63 overflows)
    if many > MAX_COPIES:
        compiler.error(entry.loc, "T007", f"this pattern gives {many:,} components (its ranges' values times its copies): "
                       f"at most {MAX_COPIES:,}", "shorter ranges, or fewer copies")


GIVEN_KEYS = ("copies", "at", OTHERS)  # a given component's keys that are not attributes
KIND_KEYS = ("type", "owner")  # keys a given pattern names that say what kind of component, not which one


def given_rank(pattern) -> tuple:
    """The sort key of a given pattern (ascending, stable: as written among ties): those naming more attributes take
    theirs first, `type` and `owner` not counted, so a filler `{type: card, copies: 2}` takes after every pattern
    naming a real attribute, in any zone (a trial's filler, written first, took the `{art: 6}` a later hand named,
    on some seeds); among as many, those naming `type` or `owner` first (narrower than `{}`)."""
    kinds = sum(1 for k in pattern or () if k in KIND_KEYS)
    return (kinds - len(pattern or ()), -kinds)


def is_filler(pattern) -> bool:
    """Whether a given pattern names no attribute but `type` and `owner`: it fills, after every other pattern."""
    return pattern is not None and all(k in KIND_KEYS for k in pattern)


def check_given_attributes(compiler: Compiler, contents) -> None:
    """T009 at each given component's attribute that no component has (contents: a zone's list, or one list per zone)."""
    for entry in contents if isinstance(contents, list) else ():
        if isinstance(entry, list):
            check_given_attributes(compiler, entry)
        elif isinstance(entry, Map):
            _check_given_attributes(compiler, entry, ranges=True)


def _check_given_attributes(compiler: Compiler, entry: Map, ranges: bool = False, at_hint: str = "") -> None:
    """T009 at a given component's attribute that no component (of its type, if given) has, or a value
    that none of them declares for it (a misspelt word: a given zone would be T003 when run, and a step
    with `illegal: true` would pass whatever the rules say, matching nothing). ``ranges``: whether a value may be a range
    `lo..hi`, one component per value (a given zone's pattern), or not (a step's, which matches one component).
    ``at_hint``: the hint at an unknown `x`, `y` or `rot`, meant as where a piece lies."""
    types = compiler.symbols.component_types
    kind = entry.get("type")
    if isinstance(kind, (list, dict)):  # unhashable, and no type's name: said here, at the value, and not checked again
        compiler.error(entry.loc_of("type"), "T009", f"a component's type is one name, not {_shown(kind)}",
                       "its types: " + ", ".join(map(str, types)))
        kind = None
    if kind in types:
        known, whose = set(types[kind]) | {"type", "id"}, f"a {kind} has no attribute"
    else:  # an unknown type is simply matched by no component (T003 when run)
        known, whose = set().union(*types.values()) | {"type", "id"}, "no component has an attribute"
    for key in entry:
        if key == "in" and not ranges:  # a step's pattern naming where its component lies (_compile_within)
            continue
        if key not in known and key not in GIVEN_KEYS:
            # else it reads as T003 "no component left matching", as if the copies had run out
            compiler.error(entry.key_loc(key), "T009", f"{whose} '{key}'",
                           (at_hint if key in PLACEMENT_KEYS else "") or did_you_mean(str(key), known))
        elif key not in GIVEN_KEYS:
            _check_given_value(compiler, entry, key, kind if kind in types else None, ranges)


def _check_given_value(compiler: Compiler, entry: Map, key, kind, ranges: bool = False) -> None:
    """T009 at a given component's value that no component (of its type, if given) declares for that attribute (at
    each value of a range, where ``ranges``; a range in a step's pattern, which matches one component, is T009 too)."""
    value, sym = entry[key], compiler.symbols
    if key == "type":
        declared = list(sym.component_types)
    elif key in ("id", "owner"):
        return
    else:
        of = [kind] if kind is not None else [t for t, names in sym.component_types.items() if key in names]
        if not of or any(key not in sym.component_values.get(t, {}) for t in of):
            return  # a derived attribute: its values are computed
        declared = [v for t in of for v in sym.component_values[t][key]]
    if isinstance(value, (list, dict)) or any(value == v for v in declared):
        return
    spelt = given_range(value) if key != "type" else None
    if spelt is not None:
        _check_range_values(compiler, entry, key, kind, declared, ranges)
        return
    dashed = next((v for v in declared if isinstance(v, str) and _DASHED_RANGE.fullmatch(v.strip())), None)
    if dashed is not None and is_number(value):
        # `face: [0-9]` declares one word: every number given for it would be a finding of its own, all of one cause
        if key not in compiler.dashed_said:
            compiler.dashed_said.add(key)
            low, _, high = dashed.strip().partition("-")
            compiler.error(entry.loc_of(key), "T009", f"no component has {key} {value!r}: {key} is declared as the word "
                           f"{dashed!r}, not as numbers", f"write the range as {low.strip()}..{high.strip()} where {key} is "
                           f"declared (the other numbers given for {key} are not reported until then)")
        return
    meant = other_kind_written(value, declared) if key != "type" else None
    # where the value is a declared one written as the other kind, the words are shown quoted: 7 is not '7'
    words, shown = values_shown(declared, quoted=meant is not None)
    whose = f"no {kind}" if kind else "no component"
    if key == "type":
        text = f"no component type is {value!r} (the types: {shown})"
    else:
        text = f"{whose} has {key} {value!r}{_kind_said(value) if meant is not None else ''} (its values: {shown})"
    removal = sym.values_removed.get((key, value)) if key != "type" else None
    if removal is not None:  # a variant's deck without a kind of card: the base's scenario that deals one cannot run there
        from .loader import removed_said

        hint = removed_said(key, value, removal)
    elif meant is not None:
        hint = _other_kind_hint(key, value, meant)
    else:  # a number's spelling says nothing of the number meant (0 is not a misspelt 30)
        hint = (None if is_number(value) else did_you_mean(str(value), words)) or "give one of its values"
    compiler.error(entry.loc_of(key), "T009", text, hint)


def _kind_said(value) -> str:
    """', a number' or ', a word': what YAML read a given value as."""
    return ", a number" if is_number(value) else ", a word"


def _other_kind_hint(key, value, meant) -> str:
    """What to write for a value given as a number where the attribute's value is that number as a word, or the reverse."""
    if isinstance(meant, str):
        return f"{key}'s {meant!r} is a word: quote it, {key}: '{meant}'"
    return f"{key}'s {meant} is a number: write it without quotes, {key}: {meant}"


def _check_range_values(compiler: Compiler, entry: Map, key, kind, declared, ranges: bool) -> None:
    """T009 at a given pattern's range `lo..hi` holding values no component (of its type) declares for the attribute,
    or at a range in a step's pattern (where ``ranges`` is false): a step's argument is one component."""
    value = entry[key]
    spelt = given_range(value)
    if not ranges:
        compiler.error(entry.loc_of(key), "T009", f"a step's pattern matches one component, and {key}: {value.strip()} is a range",
                       f"give one value, {key}: {spelt.start}; a range is for the lists of `given.zones`, one component per value")
        return
    if not 0 < spelt.stop - spelt.start <= MAX_COPIES:  # high to low, or too long: T007, said where `copies` is checked
        return
    numbers = {d for d in declared if is_number(d)}
    missing = [v for v in spelt if v not in numbers]
    if not missing:
        return
    worded = all(other_kind_written(v, declared) is not None for v in missing)  # `rank: 7..9` of ranks '7', '8', ...
    _, shown = values_shown(declared, quoted=worded)
    if len(missing) > 2 and missing[-1] - missing[0] == len(missing) - 1:
        few = f"{missing[0]}..{missing[-1]}"
    elif len(missing) <= 4:
        few = " or ".join([", ".join(map(str, missing[:-1])), str(missing[-1])] if len(missing) > 1 else [str(missing[0])])
    else:
        few = ", ".join(map(str, missing[:4])) + ", ..."
    whose = f"no {kind}" if kind else "no component"
    hint = (f"a range gives numbers, and {key}'s values are words: give one pattern per word, {{{key}: '{missing[0]}'}}, ..."
            if worded else "a range gives one component per value: keep it within the values")
    compiler.error(entry.loc_of(key), "T009", f"{whose} has {key} {few} (in the range {value.strip()}; its values: {shown})", hint)


def _shown(value) -> str:
    """A list or mapping of a scenario file as it was written (`[card]`, `{a: 1}`), not as Python's repr."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items() if not _rot_unwritten(value, k)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(map(_shown, value)) + "]"
    if isinstance(value, Expr):  # a pattern's `in: ZONE`, compiled (_compile_within)
        return value.text.strip()
    return str(value)


def _rot_unwritten(value, key) -> bool:
    """Whether ``key`` of mapping ``value`` is the rot 0 that _unturned_by_default put in an `at: {x, y}` (no key of it
    written): not shown back, as the author did not write it."""
    return key == "rot" and isinstance(value, Map) and key not in value.key_locs


def check_step_arguments(compiler: Compiler, step, action, players: int) -> None:
    """T009 at a step's component pattern (an argument chosen among components, or an item of a list of them) naming an
    attribute or value no component has, and at an argument of a kind no option of its parameter can be; T026 at an
    `illegal: true` step's seat that the scenario's ``players`` lack."""
    for param in action.params:
        value = step.args.get(param.name)
        if isinstance(value, Map) and param.domain.type in ("zone", ("list", "comp")):
            _check_step_pattern(compiler, value, param.name)
        elif isinstance(value, list) and param.domain.type == ("list", ("list", "comp")):  # each item: one component's pattern
            for item in value:
                if isinstance(item, Map):
                    _check_step_pattern(compiler, item, f"each item of {param.name}")
        if param.name in step.args:
            _check_argument_kind(compiler, step, action, param, value)
            if step.illegal:
                _check_seat_chosen(compiler, step, param, value, players)


def _check_seat_chosen(compiler: Compiler, step, param, value, players: int) -> None:
    """T026 at an `illegal: true` step's number, written out, where its parameter is chosen among seats and the number
    is no seat of the scenario (`target: 5` with 2 players): no position offers it, so the step would pass whatever the
    rules say (a seat of the game that the rules refuse is an illegal step as meant)."""
    seat = value if not isinstance(value, Expr) else _number_written(value.text)
    if element_type(param.domain.type) != "player" or value_kind(seat) != "number" or seat in range(players):
        return
    compiler.error(step.value_locs.get(param.name) or step.arg_locs.get(param.name, step.loc), "T026",
                   f"'{param.name}' is chosen among seats, and {written(value)} is no seat of this {players}-player "
                   f"scenario (seats 0..{players - 1}): it matches no option, so `illegal: true` would pass whatever the "
                   "rules say", f"give a seat the rules refuse here, one of 0..{players - 1}")


def _check_argument_kind(compiler: Compiler, step, action, param, value) -> None:
    """T009 at a step's argument of a kind no option of its parameter can be (a list where a word is chosen: the bare
    name of a zone, `col: left`, read as the zone): a step that must be illegal would pass whatever the rules say, and
    one to take fails when run. For an `illegal: true` step, also a word or number its written-out `choose` lacks."""
    wanted, chosen = static_kind(value), type_kind(element_type(param.domain.type))
    if kinds_match(wanted, chosen):
        if step.illegal:
            _check_word_chosen(compiler, step, action, param, value)
        return
    if not step.illegal and _computed(value) and not _family_zone_written(compiler, value):
        return  # (a value computed, `"1 // me"`, is left to the run, which may fail it first, and says so: T015, T013)
    if not step.illegal and _check_number_for_component(compiler, step, param, value):
        return  # (its hint names the component by the attribute the number is a value of)
    text = param.domain.text.strip()  # chosen among a family of zones, by its name: the hint names one
    family = text if compiler.symbols.zones.get(text) == "family" else None
    hint = wrong_kind_hint(param.name, chosen, zone_named(family, value) if family else "ZONE", value,
                           getattr(element_type(param.domain.type), "fields", ()))
    bare = value.tree.name if isinstance(value, Expr) and isinstance(value.tree, ast.Name) else None
    if bare is not None and chosen == "word":  # the word meant, written bare, named something of the ruleset
        hint = f"the bare {bare} was read as {_named(compiler.symbols, bare)}, not as the word: quote the word, {param.name}: \"'{bare}'\""
    pattern = component_pattern(compiler.symbols.component_values, chosen, _word_written(value) or bare)
    if pattern:  # a word (or a name) that is a value of an attribute: the component that has it
        hint = component_hint(param.name, pattern)
    if wanted == "zone" and chosen == "list" and isinstance(value, Expr):  # a zone for a list: its components listed
        hint = f'give a list, such as the list of its components: {param.name}: "[c for c in {value.text.strip()}]"'
    compiler.error(step.value_locs.get(param.name) or step.arg_locs.get(param.name, step.loc), "T009",
                   wrong_kind_text(param.name, value, wanted, chosen, step.illegal), hint)


def _family_zone_written(compiler: Compiler, value) -> bool:
    """Whether a step's argument is a zone of a family named with its index written out (`hand[0]`, `pile[1][2]`): a
    zone for sure, whatever the position, as a zone's bare name is; nothing in it is computed that the run may fail."""
    tree = value.tree if isinstance(value, Expr) and value.type == "zone" else None
    while isinstance(tree, ast.Index) and isinstance(tree.index, ast.Const):
        tree = tree.target
    return isinstance(tree, ast.Name) and tree is not value.tree and compiler.symbols.zones.get(tree.name) == "family"


def _computed(value) -> bool:
    """Whether a step's argument is an expression that computes its value (a call, an operator): not a name, a
    constant or a list or mapping written out."""
    return isinstance(value, Expr) and not isinstance(value.tree, (ast.Name, ast.Const, ast.Unary, ast.ListLit, ast.MapLit))


def _named(symbols, name: str) -> str:
    """What a bare name of a step's argument names: the zone 'left', the die 'red', ... ."""
    for kind, names in (("die", symbols.dice), ("variable", symbols.variables), ("zone", symbols.zones), ("definition", symbols.defines)):
        if name in names:
            return f"the {kind} '{name}'"
    return f"the name '{name}'"


PLACEMENT_KEYS = ("x", "y", "rot")  # the keys of a placement, `at: {x, y, rot}`


def _check_step_pattern(compiler: Compiler, pattern: Map, name: str) -> None:
    """A step's component pattern (of argument ``name``) checked as a given one is: its attributes (T009), its `at`
    placement (T007)."""
    _check_given_attributes(compiler, pattern, at_hint=_placement_hint(compiler, pattern, name))
    if "at" in pattern:
        _unturned_by_default(pattern["at"])
        _check_placement(compiler, pattern)


def _placement_hint(compiler: Compiler, pattern: Map, name: str) -> str:
    """Where a step names a piece by `x` and `y` in a ruleset with a grid (a trial's `piece: {x: 2, y: 5}`):
    that a piece is named by where it lies, `at:` (as T006 says of a given one); '' where there is no grid."""
    placed = {key: pattern[key] for key in pattern if key in PLACEMENT_KEYS}
    if not placed or not compiler.symbols.grids:
        return ""
    rest = "".join(f", {key}: {_shown(pattern[key])}" for key in pattern if key not in PLACEMENT_KEYS)
    at = ", ".join(f"{key}: {_shown(value)}" for key, value in placed.items())
    return f"a piece on a grid is named by where it lies: write {name}: {{at: {{{at}}}{rest}}}"


def _check_word_chosen(compiler: Compiler, step, action, param, value) -> None:
    """T009 at a word of an `illegal: true` step that its parameter's `choose`, a list of words written out
    (`say: creatures`, `creatures: "['rat', 'toad']"`), does not hold: misspelt, it would match no option, and the step
    pass whatever the rules say. A `choose` read from the game is checked when the step runs, against what it yields.
    So is a number that a `choose` of numbers written out (`range(2, 13)`, `[1, 5, 10]`) does not hold; one read from
    the game is not checked (a number it does not yield now is an illegal step as meant: a roll did not give it)."""
    word = _word_written(value)
    scope = {"me", *(p.name for p in action.params[:action.params.index(param)])}
    where = step.value_locs.get(param.name) or step.arg_locs.get(param.name, step.loc)
    words = constant_words(compiler.symbols.defines, param.domain.tree, scope) if word is not None else None
    if words and word not in words:
        compiler.error(where, "T009", *unchosen_word(param.name, value, word, words))
    number = value if not isinstance(value, Expr) else _number_written(value.text)
    if value_kind(number) != "number":
        return
    numbers = constant_numbers(compiler.symbols.defines, param.domain.tree, scope)
    if numbers is not None and number not in numbers:
        compiler.error(where, "T009", *unchosen_number(param.name, value, numbers))


def _word_written(value) -> str | None:
    """The word a step's argument is, written out as one (`"'toad'"`: toad); None for any other argument."""
    tree = getattr(value, "tree", None) if isinstance(value, Expr) else None
    return tree.value if isinstance(tree, ast.Const) and isinstance(tree.value, str) else None


def constant_words(defines: dict, tree, scope, depth: int = 0) -> list | None:
    """The words a `choose` yields where it is a list of words written out, or a definition that is one (followed
    through definitions naming definitions); None where it is anything else. ``scope``: the names that hide definitions."""
    if isinstance(tree, ast.ListLit) and tree.items and all(isinstance(i, ast.Const) and isinstance(i.value, str) for i in tree.items):
        return [item.value for item in tree.items]
    define = defines.get(tree.name) if isinstance(tree, ast.Name) and tree.name not in scope else None
    if define is None or define.params or depth > 20:  # (a definition naming itself is refused elsewhere)
        return None
    return constant_words(defines, define.tree, (), depth + 1)


def constant_numbers(defines: dict, tree, scope, depth: int = 0) -> range | list | None:
    """The numbers a `choose` yields where it is written out: a list of numbers, or `range` of numbers (or of
    definitions that are numbers), or a definition that is one; None where it is anything else (read from the game).
    ``scope``: the names that hide definitions."""
    if isinstance(tree, ast.ListLit) and tree.items:
        items = [_constant_number(defines, item, scope, depth) for item in tree.items]
        return items if all(value_kind(item) == "number" for item in items) else None
    if isinstance(tree, ast.Call) and tree.func == "range" and len(tree.args) in (1, 2, 3):
        bounds = [_constant_number(defines, arg, scope, depth) for arg in tree.args]
        return range(*bounds) if all(type(b) is int for b in bounds) and bounds[2:] != [0] else None
    define = defines.get(tree.name) if isinstance(tree, ast.Name) and tree.name not in scope else None
    if define is None or define.params or depth > 20:  # (a definition naming itself is refused elsewhere)
        return None
    return constant_numbers(defines, define.tree, (), depth + 1)


def _constant_number(defines: dict, tree, scope, depth: int):
    """The number ``tree`` is, written out (`12`, `-1`) or a definition that is one; None where it is anything else."""
    if isinstance(tree, ast.Unary) and tree.op == "-":
        inner = _constant_number(defines, tree.operand, scope, depth)
        return -inner if value_kind(inner) == "number" else None
    if isinstance(tree, ast.Const):
        return tree.value if value_kind(tree.value) == "number" else None
    define = defines.get(tree.name) if isinstance(tree, ast.Name) and tree.name not in scope else None
    if define is None or define.params or depth > 20:
        return None
    return _constant_number(defines, define.tree, (), depth + 1)


def unchosen_number(name: str, value, numbers) -> tuple:
    """(text, hint) of the T009 for a step's number that the parameter ``name`` is not chosen among (``numbers``, a
    range written as one: 2..12)."""
    if isinstance(numbers, range):
        listed = f"{numbers.start}..{numbers.stop - 1}" if len(numbers) > 1 else ", ".join(map(str, numbers)) or "no number"
    else:
        listed = _first_dozen(numbers)
    return (f"'{name}' is chosen among {listed}, and {written(value)} is none of them: it matches no option, "
            "so `illegal: true` would pass whatever the rules say",
            f"give one of the numbers '{name}' is chosen among, one the rules refuse here")


CHOSEN_WORDS_SHOWN = 12  # the words a T009 for a word no choice yields lists; it says how many more there are


def _first_dozen(values) -> str:
    """The values a T009 lists a parameter as chosen among: the first CHOSEN_WORDS_SHOWN, then how many more."""
    listed = ", ".join(map(str, values[:CHOSEN_WORDS_SHOWN]))
    more = len(values) - CHOSEN_WORDS_SHOWN
    return f"{listed}, ... and {more} more" if more > 0 else listed


def unchosen_word(name: str, value, word: str, words, here: str = "", offerable=()) -> tuple:
    """(text, hint) of the T009 for a step's word that the parameter ``name`` is not chosen among (``words``): the words
    (the first dozen), and the closest to ``word`` (the value's) for the hint, one chosen here first. ``here``: where
    that is so (' here': at this point of the game); ``offerable``: the words a rule could offer it besides
    (offerable_values), which it is none of either, and which the hint's closest word may be."""
    listed = _first_dozen([_word_shown(w) for w in words])
    besides = ", nor a word any rule could offer it" if offerable else ""
    others = [w for w in offerable if w != ""]  # (the empty word, a variable's first value, is no word to suggest)
    other = (f"give a word a rule could offer '{name}', one the rules refuse here: {few_listed(others)}" if others
             else f"give one of the words '{name}' is chosen among{' here' if here else ''}")
    closest = did_you_mean(word, _suggestible(word, words)) or did_you_mean(word, _suggestible(word, others))
    return (f"'{name}' is chosen among {listed}{here}, and {written(value)} is none of them{besides}: it matches no "
            "option, so `illegal: true` would pass whatever the rules say", closest or other)


SHORT_WORD = 3  # a word of this many characters or fewer cut shorter is a piece of it ('d' of 'd4'), not its spelling


def _suggestible(word: str, candidates) -> list:
    """The words a T009's hint may suggest for ``word``: not the empty word, nor, for a short word, one shorter than it
    (did you mean 'd'? for the square 'd4' named the file the square's name starts with)."""
    return [c for c in candidates if c != "" and (len(word) > SHORT_WORD or len(c) >= len(word))]


def _word_shown(word: str) -> str:
    """A word as a T009 lists it: as it is, the empty word quoted (`''`), which would read as nothing."""
    return word if word != "" else "''"


def _check_number_for_component(compiler: Compiler, step, param, value) -> bool:
    """T009 at a step's number where its action chooses a component (`card: 16`, `card: "16"`): no component equals a
    number, so the step could only fail when run; the hint names the component by an attribute the number is a value of,
    `card: {n: 16}`. (An expression giving a number, `"1 // me"`, is left to the run, which may fail it first.)
    Whether it was one."""
    chosen = type_kind(element_type(param.domain.type))
    number = value if not isinstance(value, Expr) else _number_written(value.text)
    if chosen != "comp" or value_kind(number) != "number":
        return False
    pattern = component_pattern(compiler.symbols.component_values, chosen, number)
    compiler.error(step.value_locs.get(param.name) or step.arg_locs.get(param.name, step.loc), "T009",
                   f"'{param.name}' chooses a component, and {written(value)} is a number: it matches no option, "
                   "so the step cannot be taken",
                   f"give its attributes, {param.name}: {pattern}" if pattern else wrong_kind_hint(param.name, chosen))
    return True


def _number_written(text: str):
    """The number an expression's text is, written as one (`"16"`: 16); None for any other expression."""
    if not any(ch.isdigit() for ch in text):  # float() also reads 'inf' and 'nan', names in an expression
        return None
    for read in (int, float):
        try:
            return read(text.strip())
        except ValueError:
            pass
    return None


# the kinds of value a step's argument and an option's can be: a kind of None is not known before the game runs
KIND_WORDS = {"number": "a number", "bool": "true or false", "word": "a word", "list": "a list", "zone": "a zone",
              "comp": "a component", "mapping": "a mapping"}


def type_kind(t) -> str | None:
    """The kind of value an expression of compile-time type ``t`` gives; None where the type does not say."""
    if isinstance(t, tuple):
        return "list"
    return {"int": "number", "num": "number", "player": "number", "bool": "bool", "str": "word", "zone": "zone",
            "comp": "comp", "record": "mapping", "map": "mapping"}.get(t)


def static_kind(value) -> str | None:
    """The kind of a step's argument as written: an expression's by its type, a plain value's by what it is."""
    if isinstance(value, Expr):
        return type_kind(value.type)
    return value_kind(value)


def value_kind(value) -> str | None:
    """The kind of a value (a step's, as written, or an option's); None for none and anything unforeseen."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):  # a seat is a whole number
        return "number"
    if isinstance(value, str):
        return "word"
    if isinstance(value, Zone):  # a list of its components, and no list a step gives
        return "zone"
    if isinstance(value, (list, tuple)):
        return "list"
    if isinstance(value, Component):
        return "comp"
    return "mapping" if isinstance(value, dict) else None


def kinds_match(wanted: str | None, chosen: str | None) -> bool:
    """Whether an argument of kind ``wanted`` can match an option of kind ``chosen``: a mapping is a component's pattern."""
    return wanted is None or chosen is None or wanted == chosen or (wanted, chosen) == ("mapping", "comp")


def wrong_kind_text(name: str, value, wanted: str, chosen, illegal: bool = True) -> str:
    """Why an argument cannot match: what it is, written as the author did, and the kinds its parameter chooses (and
    what follows: an `illegal: true` step would pass, one to take cannot be taken)."""
    kinds = " or ".join(KIND_WORDS[k] for k in ((chosen,) if isinstance(chosen, str) else chosen))
    follows = "`illegal: true` would pass whatever the rules say" if illegal else "the step cannot be taken"
    return f"'{name}' chooses {kinds}, and {written(value)} is {KIND_WORDS[wanted]}: it matches no option, so {follows}"


def wrong_kind_hint(name: str, chosen: str, zone: str = "ZONE", value=None, fields=()) -> str:
    """How to write an argument of the kind a parameter chooses (for a zone, ``zone``: one of those it is chosen among;
    for a mapping whose ``fields`` are known, ``value`` written as one: `at: [3, 2]` is `at: {x: 3, y: 2}`)."""
    if chosen == "mapping" and fields:
        return f"give a mapping: {name}: {_as_mapping(value, fields)}"
    if chosen == "zone":
        return f'name the zone in an expression: {name}: "{zone}"'
    if chosen == "comp":
        return f"give the attributes the component has, as a mapping: {name}: {{ATTRIBUTE: VALUE}}"
    if chosen == "word":
        return f"a word is quoted in an expression: {name}: \"'WORD'\""
    return f"give {KIND_WORDS[chosen]}"


def _as_mapping(value, fields) -> str:
    """``value`` written as a mapping of ``fields``: a list's items in their order (`[3, 2]`: `{x: 3, y: 2}`, the fields
    it does not give left out, as a step's pattern may), else its first two fields with stand-ins (`{x: X, y: Y}`)."""
    if isinstance(value, list) and 0 < len(value) <= len(fields):
        return _shown(dict(zip(fields, value)))
    return "{" + ", ".join(f"{field}: {field.upper()}" for field in fields[:2]) + "}"


def zone_named(family: str, value) -> str:
    """A zone of ``family`` as an expression names it, by the number given if it was one (`col: 3`: column[3])."""
    return f"{family}[{value if isinstance(value, int) and not isinstance(value, bool) else 'N'}]"


def written(value) -> str:
    """A step's argument as the scenario file writes it: an expression quoted, a pattern as a mapping (`{rank: 8}`)."""
    if isinstance(value, Expr):
        return '"' + value.text.strip() + '"'
    return _shown(value)


def _check_placement(compiler: Compiler, entry: Map) -> None:
    """T007 at the part of a given `at:` (or a step pattern's) that a `place` statement would refuse."""
    at = entry["at"]
    if not (isinstance(at, Map) and set(at) == {"x", "y", "rot"}):
        compiler.error(entry.loc_of("at"), "T007", f"a placement is {{x, y, rot}}, not {_shown(at)}: {_placement_wrong(at)}",
                       "e.g. at: {x: 0, y: 0, rot: 90}, or at: {x: 0, y: 0} for rot 0")
        return
    for key, ok, wanted in (("x", is_whole(at["x"]), "a whole number"), ("y", is_whole(at["y"]), "a whole number"),
                            ("rot", is_whole(at["rot"]) and at["rot"] in ROTATIONS, f"one of {', '.join(map(str, ROTATIONS))}")):
        if not ok:
            compiler.error(at.loc_of(key), "T007", f"a placement's {key} must be {wanted}, not {at[key]!r}")


def _placement_wrong(at) -> str:
    """What keeps ``at`` from being a placement: x or y missing, a key no placement has."""
    if not isinstance(at, dict):
        return "write it as a mapping"
    missing = [key for key in ("x", "y") if key not in at]  # (rot may be left out)
    unknown = [str(key) for key in at if key not in ("x", "y", "rot")]
    said = [f"{' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing"] if missing else []
    if unknown:
        said.append(f"{', '.join(unknown)} {'is no key' if len(unknown) == 1 else 'are no keys'} of a placement")
    return "; ".join(said)

