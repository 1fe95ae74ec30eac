"""Statements of the flow and of actions' effects: one compile function each, in a table.

Every statement is a YAML mapping with one key naming its kind (``move``, ``deal``,
``turns``, ...), the keys that kind takes, and optionally ``when`` (a condition), ``else``
(a block run when the condition is false) and ``name`` (a label for messages and
coverage). Each compile function shares one signature, ``(ctx, node, env) -> Stmt``; the
interpreter has the matching handler for each kind.
"""

from __future__ import annotations

import re

from . import ast
from .blocks import c_run
from .compiler import (ANY, ARG_KINDS, DIE_NAMES, PASSES, SEAT, Compiler, a_type, element_type, is_list, iterable, no_grid_said, plain_type,
                       show_type)
from .errors import Diagnostic, Loc, PhiltreError, did_you_mean, few_listed
from .model import Stmt
from .parser import SourceText, parse
from .plain_data import Record
from .schema import DEPTH_HINT, MOVE_PLACES, keys_taken_hint, score_form_hint, score_set_hint
from .yamlpos import Map, loc_of

EFFECT_KINDS = ("move", "rotate", "shuffle", "deal", "roll", "set_aside", "set", "let", "score", "reveal", "place", "say", "tell")
CONTROL_KINDS = ("do", "run", "for", "repeat", "end_game", "until", "turns", "round")
FLOW_ONLY_KINDS = ("until", "turns", "round", "decide", "simultaneous")  # not among an action's effects (S004)
# an action loops a known number of times: what S004 offers for an `until` among its effects (sowing seeds one pit at a time)
_UNTIL_IN_ACTION = ("an action's effects loop with for, over a collection (for: c in hand[me]), or repeat, a number of "
                    "passes read when it starts (repeat: count(pit), as: i); an until loop belongs in the flow")
DECISION_KINDS = ("decide", "simultaneous")
# a `turns` loop's `next` is read after the last turn too: the way out R100 (at play) and L048 (at validate) both give
NEXT_MUST = "next must give a seat even when until is about to end the loop; give it one to fall back on"
NEXT_FALLBACK = f"{NEXT_MUST}, e.g. first([...] + [current])"
COMMON_KEYS = ("when", "else", "name")
# an item holding only `else:` or `when:`: a key of the statement before it or after it, written as an item of its own
ALONE = {"else": "'else' is written as a statement of its own, with no kind",
         "when": "'when' is written as a statement of its own, with no kind"}
ALONE_HINT = {"else": "else: belongs to the statement whose when: it answers: write it in that item, indented as its when:, without '-'",
              "when": "when: belongs to the statement it guards: write that statement's kind (move:, score:, ...) in the same item, "
                      "indented as when:, without '-'"}


def _named_only_hint(node) -> str:
    """For a statement holding only its name (an overlay's `{name: prince, $replace: true}` keeps just what is written
    beside `$replace`): give it a kind, or take it out with `$remove: true`."""
    if not isinstance(node, dict) or set(node) != {"name"}:
        return ""
    return (f"'{node['name']}' holds only its name: give it a kind ({', '.join(list(STATEMENTS)[:4])}, ...); an overlay's "
            "$replace: true keeps only what is written beside it, and $remove: true takes the statement out")


class Context(Record):
    """What statement compilers need: the expression compiler and the declared names."""

    compiler: Compiler
    actions: set
    dice: list
    variables: dict
    in_action: bool = False  # effects only: no decisions or loops over turns
    sets_aside: bool = False  # a `set_aside` statement is written somewhere: a roll may have to pass a die over
    # the actions written with a `then:` (read from the YAML before any is compiled): a decision naming one is marked,
    # so that the runners know, once, that a choice of it goes on in a frame (runners.goes_on_in_frames)
    following: frozenset = frozenset()
    # by action: the names its `takes:` lists (read from the YAML before any is compiled), which a decision offering it
    # hands under `with:` (S035 where one is not handed, or one handed is taken by none of its actions)
    takes: dict | None = None
    # by (action, name) taken: the type and place of the first value a decision hands it (S036 at a value of another kind)
    handed: dict | None = None


def writes_set_aside(data) -> bool:
    """Whether a `set_aside` statement is written anywhere in a ruleset's flow or actions (read from the YAML, before
    the statements are compiled: every roll compiled then knows it)."""
    if isinstance(data, dict):
        return "set_aside" in data or any(writes_set_aside(v) for v in data.values())
    if isinstance(data, list):
        return any(writes_set_aside(v) for v in data)
    return False


def _expr(ctx, node, key, env, want=None, what=None):
    return ctx.compiler.expression(node[key], loc_of(node, key), env, want, what or f"'{key}'")


def _block(ctx, node, key, env):
    value = node.get(key)
    if not isinstance(value, list):
        ctx.compiler.error(loc_of(node, key), "S001", f"'{key}' must be a list of statements")
        return ()
    return compile_block(ctx, value, env)


def counting_hint(kind, otherwise: str) -> str:
    """The hint for a number where a collection is wanted: `range(N)` is the numbers 0..N-1."""
    return "range(N) is the whole numbers 0..N-1 (range(player_count), say)" if kind in ("int", "player") else otherwise


def compile_block(ctx, items, env) -> tuple:
    """A list of statement mappings -> a tuple of Stmt; a `let` names values for the statements after it."""
    out = []
    for i, item in enumerate(items):
        stmt = compile_statement(ctx, item, loc_of(items, i), env)
        if stmt is not None:
            out.append(stmt)
            if stmt.kind == "let":
                env = {**env, **{name: ctx.compiler.held_type(expr) for name, expr in stmt.args["names"]}}
                # a name refused (S023) is still taken as bound below, so its uses add no error that leads elsewhere
                env.update(dict.fromkeys(stmt.args.get("refused", ()), ANY))
    return tuple(out)


def compile_statement(ctx, node, loc: Loc, env):
    """One statement mapping -> Stmt (or None after reporting what is wrong)."""
    if not isinstance(node, dict):
        ctx.compiler.error(loc, "S001", "a statement must be a mapping such as {move: 'a -> b'}")
        return None
    kinds = [k for k in node if k in STATEMENTS]
    if not kinds:
        unknown = [k for k in node if k not in COMMON_KEYS]
        word = unknown[0] if unknown else ""
        alone = next((key for key in ("else", "when") if key in node), None) if not word else None
        ctx.compiler.error(node.key_loc(word or alone) if isinstance(node, Map) and (word or alone) else loc, "S002",
                           f"unknown statement '{word}'" if word else ALONE.get(alone, "statement has no kind"),
                           did_you_mean(str(word), STATEMENTS) or ALONE_HINT.get(alone) or _named_only_hint(node)
                           or "one of: " + ", ".join(STATEMENTS))
        return None
    # `do` is also the body key of loops and `until` of turns: the more specific kind wins
    kind = min(kinds, key=KIND_PRECEDENCE.index)
    compile_fn, keys = STATEMENTS[kind]
    allowed = set(keys) | set(COMMON_KEYS) | {kind}
    for key in node:
        if key not in allowed:
            ctx.compiler.error(node.key_loc(key), "S003", f"'{kind}' does not take '{key}'",
                               _two_kinds_hint(key) if key in STATEMENTS else did_you_mean(str(key), allowed)
                               or _turns_seats_hint(kind, key) or _other_kinds_key_hint(kind, key))
    if ctx.in_action and kind in FLOW_ONLY_KINDS:
        ctx.compiler.error(node.key_loc(kind), "S004", f"'{kind}' belongs in the flow, not in an action's effects",
                           "a follow-up question or another seat's answer is a decision of the flow: write it under the "
                           "action's then: (statements of the flow run right after its do:, which may decide), or note what "
                           "is owed in a variable and ask for it in a step of the flow after the decision" if kind in DECISION_KINDS else _UNTIL_IN_ACTION if kind == "until" else "move it to the flow")
        return None
    when = _expr(ctx, node, "when", env, want="bool") if "when" in node else None
    otherwise = ()
    if "else" in node:
        if when is None:
            ctx.compiler.error(node.key_loc("else"), "S003", "'else' needs a 'when' beside it")
        otherwise = _block(ctx, node, "else", narrowed_by(env, when, False))
    args = compile_fn(ctx, node, narrowed_by(env, when, True))
    if kind == "reveal" and "name" in node:  # (L045's hint: an overlay removes a statement by the name the base gives it)
        args["named"] = True
    label = str(node.get("name", "")) or (f"run: {str(node['run']).strip()}" if kind == "run" else kind)
    # (a block run is expanded here: a `do` holding its statements, which is all the interpreter sees: blocks.py)
    return Stmt("do" if kind == "run" else kind, node.key_loc(kind), args, when, otherwise, label)


def narrowed_by(env: dict, when, holds: bool) -> dict:
    """``env`` where the `when` ``when`` is ``holds``: a name it shows is not none (`q != none`, _not_none) that is
    known to be none here (a block's parameter given `none` at this call) is of a type known only at run time, as the
    statement guarded never runs with it none: `when: q != none` over `set: {"n[q]": ...}` is not refused for the
    call `run: give(0, none)`. (A name of another type needs nothing: a type says nothing of none.)"""
    tree = getattr(when, "tree", None)
    if tree is None:
        return env
    names = {name for name in _not_none(tree, holds) if env.get(name) == "none"}
    return {**env, **dict.fromkeys(names, ANY)} if names else env


def _not_none(test, holds: bool) -> set:
    """The names the condition ``test`` shows are not none where it is ``holds``: `x != none` (or `none != x`) that
    holds, `x == none` that does not, through `not`, either side of an `and` that holds (an `or` that does not), and
    what both sides of an `or` that holds show (an `and` that does not)."""
    if isinstance(test, ast.Unary) and test.op == "not":
        return _not_none(test.operand, not holds)
    if isinstance(test, ast.BoolOp):
        left, right = _not_none(test.left, holds), _not_none(test.right, holds)
        return left | right if test.op == ("and" if holds else "or") else left & right
    if isinstance(test, ast.Compare) and test.op == ("!=" if holds else "=="):
        for name, other in ((test.left, test.right), (test.right, test.left)):
            if isinstance(name, ast.Name) and isinstance(other, ast.Const) and other.value is None:
                return {name.name}
    return set()


SEATS_KEYS = ("players", "seats", "order", "skip", "who")  # keys a newcomer gives turns to say which seats play


def _turns_seats_hint(kind: str, key) -> str:
    """For `turns` given the seats that play (`players: in_auction`): turns goes round from one seat, and next picks
    the seat after each turn, passing over those that are out."""
    if kind != "turns" or key not in SEATS_KEYS:
        return ""
    return ("turns starts at one seat and goes round the table; to pass over some seats, give next: the seat after each "
            "turn, as next: \"first(p for p in seats_from(left(current)) if p in PLAYING)\"")


# why a decision's own key is refused elsewhere, and what to write there instead
_DECISION_KEYS_ELSEWHERE = {
    ("simultaneous", "until_chosen"): "it asks one seat again until it chooses one of those actions; a simultaneous step "
    "asks each seat once, and an until loop around it asks them again (until: CONDITION, its do: holding the step)",
    "otherwise": "the action a deciding seat takes where it has no option; what a statement does where its when: is "
    "false is its else:",
}


def _other_kinds_key_hint(kind: str, key) -> str:
    """For a key that other kinds of statement take (`until_chosen:` on a `simultaneous`): which take it, and why it
    is theirs where that is no plain slip."""
    owners = [other for other, (_, keys) in STATEMENTS.items() if key in keys]
    if not owners:
        return ""
    why = _DECISION_KEYS_ELSEWHERE.get((kind, key)) or _DECISION_KEYS_ELSEWHERE.get(key)
    return f"'{key}' belongs to {' and '.join(owners)}" + (f": {why}" if why else f", not to {kind}")


def statement_keys_hint(node) -> str:
    """The keys a statement of ``node``'s kind takes (a turns: `turns, until, next, do, when, else, name`); '' where
    ``node`` has no kind: for a key no near spelling explains, the whole list is the help."""
    kinds = [k for k in node if k in STATEMENTS] if isinstance(node, dict) else []
    if not kinds:
        return ""
    kind = min(kinds, key=KIND_PRECEDENCE.index)
    return keys_taken_hint(f"a {kind} statement", (kind, *STATEMENTS[kind][1], *COMMON_KEYS))


def _two_kinds_hint(key) -> str:
    """For a second statement kind in one item (`move:` and `score:`): each is an item of its own."""
    return f"one item is one statement: write {key}: as an item of its own ('- {key}: ...')"


def _split_arrow(ctx, node, key):
    text = node[key]
    loc = loc_of(node, key)
    if not isinstance(text, str) or "->" not in text:
        ctx.compiler.error(loc, "S010", f"'{key}' is written 'WHAT -> ZONE'")
        return None
    at = text.rindex("->")
    return text[:at], text[at + 2 :], at + 2, loc


def c_move(ctx, node, env):
    """move: WHAT -> ZONE; WHAT is a component, a list of them, or a zone (all it holds)."""
    parts = _split_arrow(ctx, node, "move")
    if parts is None:
        return {}
    what, where, offset, loc = parts
    comp = ctx.compiler
    moved = comp.expression(what, loc, env, what="what to move", full=node["move"])
    _want_things(ctx, moved, loc, "what to move", with_components=True)
    to = comp.expression(where, loc, env, want="zone", what="the destination", base=offset, full=node["move"])
    _not_onto_a_grid(ctx, to, "move")
    # (a move on top has no key for it: its args, and the runners fused for them, stay as they were)
    at = _move_place(ctx, node, env, where.strip())
    return {"what": moved, "to": to, **({} if at is None else {"bottom": True} if at == "bottom" else {"at": at})}




def _move_place(ctx, node, env, zone: str):
    """Where a move's `at` puts what it moves: None on top, "bottom", or the expression of a depth counted from the
    bottom (S010 for a word other than top or bottom, E120 for a depth known to be no whole number; E150 for `top` or
    `bottom` read as names in the expression gets the depth they mean, in ``zone``, the destination written, for its
    hint: at_depth_hint)."""
    if "at" not in node or node["at"] == "top":
        return None
    at = node["at"]
    if at == "bottom":
        return at
    if isinstance(at, bool) or not isinstance(at, (int, str)) or (isinstance(at, str) and at.strip().isidentifier()):
        # (a word is a place, so that a misspelt one is not read as a name: a depth a name holds is written `(depth)`)
        ctx.compiler.error(loc_of(node, "at"), "S010", f"a move's 'at' is top, bottom or a depth, not {at!r}",
                           did_you_mean(str(at), MOVE_PLACES) or DEPTH_HINT)
        return None
    reported = len(ctx.compiler.diagnostics)
    depth = _expr(ctx, node, "at", env, want="int", what="a move's depth ('at')")
    for i in range(reported, len(ctx.compiler.diagnostics)):
        found = ctx.compiler.diagnostics[i]
        if found.code == "E150" and (named := _PLACE_NAMED.search(found.message)):
            ctx.compiler.diagnostics[i] = Diagnostic(found.loc, found.code, found.message, at_depth_hint(named[1], at, zone))
        elif found.code == "E120" and not found.hint and isinstance(at, str) and (quoted := _PLACE_WORD.search(at)):
            # (the word quoted, as E150's usual hint says: a word is no depth)
            word = next(w for w in quoted.groups() if w)
            ctx.compiler.diagnostics[i] = Diagnostic(found.loc, found.code, found.message, at_depth_hint(word, at, zone))
    return depth


_PLACE_NAMED = re.compile(r"^unknown name '(top|bottom)'")  # E150 of a place's word read as a name in `at:`
# `top`/`bottom` in an expression's text: quoted, or bare (a name)
_PLACE_WORD = re.compile(r"'(top|bottom)'|\"(top|bottom)\"|(?<![\w.'\"])(top|bottom)(?![\w'\"(])")


def at_depth_hint(word: str, text, zone: str) -> str:
    """The hint of E150 for ``word`` (top or bottom) read as a name in a move's `at:` expression ``text`` (and of E120
    for it quoted there, a word where a depth is due): the places are words written alone; an expression gives a depth, 0 for the bottom and count(ZONE) for the top of ``zone``
    (quoting the word, the usual hint, gave E120: a depth must be a whole number)."""
    depth = {"bottom": "0", "top": f"count({zone})"}
    written = _PLACE_WORD.sub(lambda m: depth[next(w for w in m.groups() if w)], text) if isinstance(text, str) else ""
    return (f"in a move's at, {word} is a place written alone (at: {word}); an expression gives a depth, a whole number "
            f"counted from the bottom: 0 for the bottom, count({zone}) for the top"
            + (f": at: \"{written}\"" if written and written != text else ""))


def _grids_named(ctx, expr) -> list:
    """The grid zones an expression names by their names, known before the game: `board`, `board[me]`, `[quilt[0]]`."""
    grids = ctx.compiler.symbols.grids
    tree = getattr(expr, "tree", None)
    items = tree.items if isinstance(tree, ast.ListLit) else (tree,)
    named = [item.target if isinstance(item, ast.Index) else item for item in items]
    return [item.name for item in named if isinstance(item, ast.Name) and item.name in grids]


GRID_REFUSES = {  # what each statement would do to a grid named by its name, and why it cannot
    "move": "pieces reach a grid only by place, at x, y and rot, not by move",
    "deal": "pieces reach a grid only by place, at x, y and rot, not by deal",
    "deal from": "a grid is not dealt from: a piece leaves it by move",
    "shuffle": "a grid cannot be shuffled: its pieces lie where they were placed",
    "rotate": "its pieces lie where they were placed: move each off, and place it on the other seat's grid",
}


def _not_onto_a_grid(ctx, expr, verb: str) -> None:
    """E120 where a move or deal to, a deal from or a shuffle names a grid zone by its name (GRID_REFUSES; the same is
    R100 when the game runs, for a grid named otherwise)."""
    for name in _grids_named(ctx, expr):
        reported = len(ctx.compiler.diagnostics)
        written = expr.text.strip() if verb == "move" and isinstance(getattr(expr, "tree", None), ast.Index) else name
        if written == name and ctx.compiler.symbols.zones.get(name) == "family":
            written = f"{name}[0]"  # a family's name is all its grids: place puts a piece on one
        to = f'"{written}"' if not written.isidentifier() else written  # (`wall[me]` is quoted in YAML's flow mapping)
        hint = f"place: {{piece: ..., to: {to}, at: \"{{'x': 0, 'y': 0, 'rot': 0}}\"}}" if verb in ("move", "deal") else ""
        ctx.compiler.error(expr.loc, "E120", f"'{name}' is a grid: {GRID_REFUSES[verb]}", hint)
        ctx.compiler.name_overlay_changes_of(expr, reported)


def c_shuffle(ctx, node, env):
    """shuffle: ZONE (or an expression giving a list of zones)."""
    zone = _expr(ctx, node, "shuffle", env)
    _want_things(ctx, zone, loc_of(node, "shuffle"), "what to shuffle", with_components=False)
    _not_onto_a_grid(ctx, zone, "shuffle")
    return {"zone": zone}


def c_rotate(ctx, node, env):
    """rotate: FAMILY (one zone per seat), by: N (default 1): every seat's zone passed N seats to the left, all at once."""
    reported = len(ctx.compiler.diagnostics)
    zones = _expr(ctx, node, "rotate", env)  # (no type wanted: _seat_family says what a rotate takes)
    if len(ctx.compiler.diagnostics) == reported:  # (an unknown name, say, is reported already: nothing to add)
        _seat_family(ctx, zones, env)
    by = _expr(ctx, node, "by", env, want="int") if "by" in node else None
    return {"zones": zones, "by": by}


def _seat_family(ctx, expr, env) -> None:
    """E120 unless a rotate names a family of one zone per seat (`each: player`) by its name: only such a zone has a
    seat, and so a seat to its left to pass to; a grid's pieces keep their places (GRID_REFUSES)."""
    tree = getattr(expr, "tree", None)
    name = tree.name if isinstance(tree, ast.Name) and tree.name not in env else None
    symbols = ctx.compiler.symbols
    if name in symbols.grids:
        _not_onto_a_grid(ctx, expr, "rotate")
    elif name not in symbols.seat_zones:
        kind = symbols.zones.get(name)
        what = (f"'{name}' is one zone" if kind == "single" else f"'{name}' is a family of copies, whose zones belong to no seat"
                if kind == "family" else f"`{expr.text.strip()}` is not a zone family's name")
        family = tree.target.name if isinstance(tree, ast.Index) and isinstance(tree.target, ast.Name) else None
        hint = (f"write the family's name, rotate: {family}: every seat's {family} passes at once"
                if family in symbols.seat_zones else "name a family declared each: player (rotate: hand, with hand: "
                "{each: player}); to pass other zones, move each through a spare zone")
        ctx.compiler.error(expr.loc, "E120", f"rotate passes on the zones of a family of one zone per seat: {what}", hint)


THINGS = {"zone", ("list", "zone"), ("list", "any"), "any"}  # a zone or zones, or not known until run time
COMPONENTS = {"comp", ("list", "comp"), "none"}


def _fits_things(t, with_components: bool) -> bool:
    """Whether a value of type ``t`` is a zone or zones, lists of them at any depth (a family of families: `each:
    player, copies: N`) (or components, or lists of them, or none)."""
    if t in THINGS or (with_components and t in COMPONENTS):
        return True
    return is_list(t) and _fits_things(t[1], with_components)


def _want_things(ctx, expr, loc, what: str, with_components: bool) -> None:
    """E120 unless ``expr`` gives a zone or zones (or, ``with_components``, a component or components, or none)."""
    wanted = "components or zones" if with_components else "a zone or a list of zones"
    if _fits_things(expr.type, with_components):
        _want_listed_things(ctx, expr, getattr(expr, "tree", None), what, wanted, with_components)
        return
    reported = len(ctx.compiler.diagnostics)
    ctx.compiler.error(loc, "E120", f"{what} must be {wanted}, but this is {a_type(expr.type)}")
    ctx.compiler.name_overlay_changes_of(expr, reported)


def _want_listed_things(ctx, expr, tree, what: str, wanted: str, with_components: bool) -> None:
    """E120 at each item of a list written out (``tree``, in ``expr``), of items of several kinds, whose type is known
    and is no zone nor zones (nor, ``with_components``, components): `reveal: "[pile, 3]"` stopped the game where it
    ran (R100). A family among zones (`[pile, won]`) is all its zones, and an item known only at run time is checked
    then."""
    found = ctx.compiler.item_types.get(id(tree)) if isinstance(tree, ast.ListLit) else None
    if found is None or found[0] is not tree or getattr(expr, "source", None) is None:
        return
    for item, t in zip(tree.items, found[1]):
        if not _fits_things(t, with_components):
            zones = "zones or families of zones" if not with_components else "components, zones or families of zones"
            ctx.compiler.error(expr.source.at(item.pos), "E120",
                               f"{what} must be {wanted}, but the list's item {ast.text(item)} is {a_type(t)}",
                               f"a list given here holds {zones}, a family counting as all its zones")
        else:
            _want_listed_things(ctx, expr, item, what, wanted, with_components)


def c_deal(ctx, node, env):
    """deal: {from: ZONE, to: LIST OF ZONES, count: N each (default: all)}: one at a time, in turn."""
    spec = node["deal"]
    if not isinstance(spec, dict) or "from" not in spec or "to" not in spec:
        ctx.compiler.error(loc_of(node, "deal"), "S011", "deal takes {from: ZONE, to: ZONES, count: N}")
        return {}
    for key in spec:
        if key not in ("from", "to", "count"):
            ctx.compiler.error(spec.key_loc(key), "S003", f"'deal' does not take '{key}'", did_you_mean(str(key), ("from", "to", "count")))
    dealt = {
        "from": _expr(ctx, spec, "from", env, want="zone"),
        "to": _expr(ctx, spec, "to", env, want=("list", "zone")),
        "count": _expr(ctx, spec, "count", env, want="int") if "count" in spec else None,
    }
    _not_onto_a_grid(ctx, dealt["from"], "deal from")
    _not_onto_a_grid(ctx, dealt["to"], "deal")
    _want_listed_things(ctx, dealt["to"], getattr(dealt["to"], "tree", None), "deal's 'to'", "a list of zones", False)
    return dealt


def c_roll(ctx, node, env):
    """roll: a die's name, a list of names, 'all', or {dice: EXPR} naming the dice when the game runs."""
    args = _dice_named(ctx, node, env, "roll")
    # where a die may be set aside, a roll passes over it when the game runs (effects.e_roll), not the runners' fused rolls
    return dict(args, aside=ctx.sets_aside)


def c_set_aside(ctx, node, env):
    """set_aside: a die's name, a list of names, 'all', or {dice: EXPR}: those dice leave the game (no face, no roll)."""
    return _dice_named(ctx, node, env, "set_aside")


def _dice_named(ctx, node, env, kind: str) -> dict:
    """The dice a `roll` or a `set_aside` names: {dice: names written, named: None}, or {dice: None, named: EXPR}."""
    value = node[kind]
    if isinstance(value, dict) and "dice" in value:
        named = _expr(ctx, value, "dice", env, want=DIE_NAMES, what=f"{kind}'s 'dice'")
        if isinstance(named.tree, ast.ListLit):  # (written out: a die named twice is known now, not at the roll)
            _die_twice(ctx, [i.value if isinstance(i, ast.Const) else None for i in named.tree.items], kind,
                       lambda i: SourceText(named.text, named.loc).at(named.tree.items[i].pos))
        _dice_defined_unknown(ctx, named.tree, env, kind)
        return {"dice": None, "named": named}
    names = list(ctx.dice) if value == "all" else ([value] if isinstance(value, str) else value)
    if not isinstance(names, list) or not names:
        ctx.compiler.error(loc_of(node, kind), "S012", f"{kind} takes a die's name, a list of names, 'all', or {{dice: EXPR}}")
        return {"dice": (), "named": None}
    for i, name in enumerate(names):
        if name not in ctx.dice:
            where = loc_of(value, i) if isinstance(value, list) else loc_of(node, kind)
            listed = isinstance(name, str) and "," in name and all(n.strip() in ctx.dice for n in name.split(","))
            hint = f"several dice are a list: {kind}: [{name}]" if listed else (_rolled_value_hint(ctx, name, env, kind)
                                                                                 or _rolled_expression_hint(name, where, kind)
                                                                                 or _dice_hint(str(name), ctx.dice))
            ctx.compiler.error(where, "S013", f"unknown die '{name}'", hint)
    _die_twice(ctx, names, kind, lambda i: loc_of(value, i) if isinstance(value, list) else loc_of(node, kind))
    return {"dice": tuple(names), "named": None}


def _dice_defined_unknown(ctx, tree, env, kind: str) -> None:
    """S013 at each word that is no die in a constant definition whose items ``tree`` (a roll's or set_aside's
    `dice: EXPR`) takes: the definition itself (`names`), or a comprehension over it (`[n for n in names if n not in
    kept]`). A trial's `names: "['d1', ..., 'd7']"` validated, and every game stopped at the roll (R100)."""
    define = _constant_words_defined(ctx, tree, env)
    if define is None:
        return
    where = SourceText(define.text, define.loc)
    for item in define.tree.items:
        if item.value not in ctx.dice:
            found = Diagnostic(where.at(item.pos), "S013", f"unknown die '{item.value}'",
                               f"the definition '{define.name}' lists the dice a {kind} names; " + _dice_hint(item.value, ctx.dice))
            if found not in ctx.compiler.diagnostics:  # (one definition read by several rolls: said once)
                ctx.compiler.diagnostics.append(found)


def _constant_words_defined(ctx, tree, env, seen=frozenset()):
    """The definition without parameters whose body is a list of words written out that ``tree`` gives some items of:
    its name, or a comprehension giving the items of its name (filtered or not); else None. (``seen``: the definitions
    followed, as one read in a circle is E130's.)"""
    if isinstance(tree, ast.Comprehension) and len(tree.clauses) == 1:
        clause = tree.clauses[0]
        if isinstance(tree.element, ast.Name) and tree.element.name == clause.var:
            tree = clause.iterable
    if not isinstance(tree, ast.Name) or tree.name in env or tree.name in seen:
        return None
    define = ctx.compiler.symbols.defines.get(tree.name)
    if define is None or define.params or define.tree is None:
        return None
    body = define.tree
    if isinstance(body, (ast.Name, ast.Comprehension)):  # (another's name, or items of it: `free: "[n for n in names ...]"`)
        return _constant_words_defined(ctx, body, {}, seen | {tree.name})
    if isinstance(body, ast.ListLit) and body.items and all(isinstance(i, ast.Const) and isinstance(i.value, str) for i in body.items):
        return define
    return None


def _die_twice(ctx, names: list, kind: str, where) -> None:
    """S034 at the second name of a die a `roll` or `set_aside` lists twice, written out (`[d1, d1]`): the game would stop
    there (R100, a die rolls once a roll); ``where(i)`` is the place of item i."""
    seen = set()
    for i, name in enumerate(names):
        if isinstance(name, str) and name in seen:
            ctx.compiler.error(where(i), "S034", f"{kind} names the die '{name}' twice",
                               f"one {kind} {'rolls' if kind == 'roll' else 'sets aside'} a die once: name each die once")
            return
        seen.add(name)


def _rolled_value_hint(ctx, name, env, statement: str = "roll") -> str:
    """For `roll: which`, where `which` is a value (an action's parameter, a variable, a definition), not a die's
    name: rolling the dice a value names is written roll: {dice: which} (`set_aside` likewise)."""
    symbols, action = ctx.compiler.symbols, ctx.compiler.action_compiled
    if not isinstance(name, str) or name == "me":
        return ""
    if action is not None and name in action[1]:
        kind = f"a parameter of the action '{action[0]}'"
    elif name in env:
        kind = "a name bound here"
    elif name in symbols.variables:
        kind = "a variable"
    elif name in symbols.defines:
        kind = "a definition"
    else:
        return ""
    doing = "roll" if statement == "roll" else "set aside"
    return f"'{name}' is {kind}, not a die: to {doing} the dice it names, write {statement}: {{dice: {name}}}"


def _rolled_expression_hint(name, loc, statement: str = "roll") -> str:
    """For `roll: "[n for n in ...]"`, an expression written where a die's name goes: rolling the dice an expression
    names is written roll: {dice: EXPR}, as for a name that holds dice names (_rolled_value_hint)."""
    if not isinstance(name, str) or name.isidentifier():  # a die's name is a word: a misspelt one gets _dice_hint
        return ""
    try:
        tree = parse(name, loc)
    except PhiltreError:
        return ""
    if isinstance(tree, (ast.Name, ast.Const)):
        return ""
    quoted = f'"{name}"' if '"' not in name else "'" + name.replace("'", "''") + "'"  # as YAML reads it back
    doing = "roll" if statement == "roll" else "set aside"
    return f"this is an expression, not a die: to {doing} the dice it names, write {statement}: {{dice: {quoted}}}"


def _dice_hint(name: str, dice) -> str:
    """A 'did you mean' for a misspelt die, then the dice there are (or that the ruleset declares none)."""
    if not dice:
        return "the ruleset declares no dice: declare them under dice:"
    return "; ".join(filter(None, (did_you_mean(name, dice), f"the dice are {few_listed(dice)}")))


def c_let(ctx, node, env):
    """let: {NAME: EXPR, ...}: each value computed once, in order, and named for the statements after it."""
    spec = node["let"]
    if not isinstance(spec, dict) or not spec:
        ctx.compiler.error(loc_of(node, "let"), "S014", "let takes a mapping {name: expression}")
        return {"names": ()}
    if "when" in node:  # skipped, its names would be unbound after it, or hold a value of an earlier pass
        ctx.compiler.error(node.key_loc("when"), "S024", "a let takes no 'when': its names must have values after it",
                           "put the condition in the value: {x: 'a if CONDITION else b'}")
    names, refused, seen = [], [], dict(env)
    for key in spec:
        name = str(key)
        taken = _meaning(ctx, name, seen, types=False)
        if taken:
            ctx.compiler.error(spec.key_loc(key), "S023", f"'{name}' already names {taken} here", "choose another name")
            refused.append(name)
            continue
        expr = ctx.compiler.expression(spec[key], spec.loc_of(key), seen, None, f"'{name}'")
        names.append((name, expr))
        seen[name] = ctx.compiler.hold(expr)
    return {"names": tuple(names), "refused": tuple(refused)}


def _check_bound_name(ctx, name: str, loc, what: str) -> None:
    """S023 for a loop's name that is a word of the language: `for: none in players` bound nothing (none stayed none)."""
    from .loader import KEYWORDS  # the loader imports this module first

    if name in KEYWORDS:
        ctx.compiler.error(loc, "S023", f"{what} '{name}' is a word of the language, not a name", "choose another name")


def _meaning(ctx, name: str, env, types: bool = True) -> str:
    """What ``name`` already means where a `let` would bind it ('' if nothing)."""
    return meaning_of(ctx.compiler.symbols, name, env, types)


def meaning_of(sym, name: str, env, types: bool = True) -> str:
    """What ``name`` already means, given the game's names ``sym`` and the local names ``env`` ('' if nothing); with
    ``types`` false, a component type's name means nothing that a local name would hide: a type is read only after
    `is` (and as a builtin's bare TYPE argument, where a local name of its spelling is the local), so a `let` may take
    it, as a choice may (`let: {card: ...}`, then `card is card` tests the value's type)."""
    from .loader import KEYWORDS  # the loader imports this module first

    if name in env:
        return "a local name (a parameter, a loop variable or an earlier let)"
    if name in KEYWORDS:
        return "a word of the language"
    for what, names in (("a zone", sym.zones), ("a variable", sym.variables), ("a die", sym.dice),
                        ("a definition", sym.defines), ("a component type", sym.component_types if types else {})):
        if name in names:
            return what
    return "a name of the game" if name in sym.all_names() else ""


def _declared_by_overlay(ctx, name: str) -> str:
    """For a variable an overlay declared again: where, and that its short form (`chips: 9`) replaced the whole
    declaration, `each: player` and `visible` with it; else ''."""
    from .compiler import _written_by

    where = (getattr(ctx.compiler.symbols, "overlay_written", None) or {}).get(("variable", name))
    if where is None:
        return ""
    return (f"{_written_by('variable', name, where)}; an overlay's {name}: VALUE replaces the whole declaration, its "
            f"each: player and visible with it: to change the initial value alone, write {name}: {{initial: VALUE}}")


def _not_per_player(ctx, name: str) -> str:
    """S015's words for `"name[...]"` where ``name`` is not per player: one value, or one variable holding a list or a
    map ("one value" read as if the list were a single value)."""
    initial = ctx.compiler.symbols.initials.get(name)
    held = "a list" if isinstance(initial, list) else "a map" if isinstance(initial, dict) else ""
    if not held:
        return f"'{name}' is one value, not one per player"
    return f"'{name}' is one variable holding {held}, not one per player: only a per-player variable takes an index as a key of set:"


def _put_hint(name: str, rest: str, value, seat: str = "") -> str:
    """For `"run[1]": ...` where run is one value, a list or a map: its item is set by setting it whole, with put();
    an item of an item (`"cells[y][x]"`) by a put() of the inner list inside the outer one's; with ``seat``, the keys
    are of one seat's value (`"sheet[me][row]"`), set whole as `"sheet[me]"`."""
    from .schema import flow_text

    keys = _indices("[" + rest)
    if not keys:
        return ""
    whole = f"{name}[{seat}]" if seat else name
    written = str(value).lower() if isinstance(value, bool) or value is None else str(value)  # (YAML's true, Python's True)
    for depth in range(len(keys) - 1, -1, -1):  # innermost first: put(cells[y], x, V), then put(cells, y, that)
        written = f"put({whole}{''.join(f'[{k}]' for k in keys[:depth])}, {keys[depth]}, {written})"
    put = flow_text(written)
    return f"to set one item of a list or a map, set it whole with put(): set: {{{flow_text(whole, as_key=True)}: {put}}}"


def _seat_item_key(ctx, spec, key, name: str, rest: str) -> bool:
    """S015 for a key that indexes one seat's value (`"sheet[me][row]"`), which set cannot write (the seat expression
    read `me][row`, E102 "closes no '['"): that seat's value is set whole, with put(); whether it was one."""
    keys = _indices("[" + rest)
    if len(keys) < 2 or "[" + "][".join(keys) + "]" != "[" + rest.strip():
        return False
    ctx.compiler.error(spec.key_loc(key), "S015", f"'{key}' sets an item of one seat's value: a key is VARIABLE or "
                       "VARIABLE[SEAT]", _put_hint(name, "][".join(keys[1:]) + "]", spec[key], seat=keys[0]))
    return True


def _indices(text: str) -> list:
    """The indexes of `[y][x]` as written, outermost first (`['y', 'x']`), brackets inside one kept (`[pos[0]][x]`);
    [] where the text does not start with a `[` or one is not closed. Text after the last index is left out."""
    keys, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
            if depth == 1:
                if text[start:i].strip():  # `[1] + [2]`: not one index after another
                    break
                start = i + 1
        elif ch == "]" and depth:
            depth -= 1
            if not depth:
                keys.append(text[start:i].strip())
                start = i + 1
        elif not depth and not ch.isspace():
            break
    return [] if depth else keys


def _score_hint(name: str, rest: str, value) -> str:
    """For `set: {"score[me]": ...}`: a score is no variable, and changes only by the score statement."""
    if name != "score":
        return ""
    seat = rest.rpartition("]")[0].strip() if rest.rstrip().endswith("]") else "p"
    return score_set_hint(seat or "p", value)


def _attribute_set_hint(name: str) -> str:
    """For `set: {piece.kind: ...}` (a chess trial's first guess at a promotion): a component's attributes never change;
    a piece changes kind by a spare of the new kind put where it lay."""
    if "." not in name:
        return ""
    owner, _, attribute = name.rpartition(".")
    return (f"a component's attributes never change, and {attribute} is one: to turn {owner} into another kind, move "
            f"it out and put a spare of that kind where it lay (language.md, \"A piece that changes kind\")")


def c_set(ctx, node, env):
    """set: {VARIABLE: EXPR, 'VARIABLE[SEAT]': EXPR, ...}; targets (name, seat or None, value, whether a per-seat list is set whole)."""
    spec = node["set"]
    if not isinstance(spec, dict) or not spec:
        ctx.compiler.error(loc_of(node, "set"), "S014", "set takes a mapping {variable: expression}")
        return {"targets": ()}
    targets = []
    for key in spec:
        text = str(key)
        name, _, rest = text.partition("[")
        name = name.strip()
        if name not in ctx.variables:
            ctx.compiler.error(spec.key_loc(key), "S015", f"unknown variable '{name}'",
                               _score_hint(name, rest, spec[key]) or _attribute_set_hint(name)
                               or did_you_mean(name, ctx.variables))
            _expr(ctx, spec, key, env, what=f"the value of {name}")  # its own mistakes are reported too, in the same run
            continue
        index = None
        if rest:
            if not ctx.variables[name]:
                ctx.compiler.error(spec.key_loc(key), "S015", _not_per_player(ctx, name),
                                   _declared_by_overlay(ctx, name) or _put_hint(name, rest, spec[key]))
                _expr(ctx, spec, key, env, what=f"the value of {name}")
                continue
            if "]" not in rest or rest[rest.rindex("]") + 1:].strip():  # `chips[left(me)`, `chips[me] += pot`
                ctx.compiler.error(spec.key_loc(key), "S015", f"'{text}' is no variable to set: a key is VARIABLE or "
                                   "VARIABLE[SEAT], ending in its ']'", f"write \"{name}[{rest.partition(']')[0]}]\": its value")
                _expr(ctx, spec, key, env, what=f"the value of {name}")
                continue
            if _seat_item_key(ctx, spec, key, name, rest):
                _expr(ctx, spec, key, env, what=f"the value of {name}")
                continue
            inside = rest[: rest.rindex("]")]
            index = ctx.compiler.expression(inside, spec.key_loc(key), env, want="int", what="the seat", base=len(text) - len(rest), full=text)
            if ctx.variables[name] == "team" and ctx.compiler.last_seen is not None and index.tree is not None:
                ctx.compiler.team_indexes.append((name, index.tree, index.loc, ctx.compiler.last_seen))  # (for L055)
        # a per-seat variable set whole takes a list (of one value per seat: checked at run time)
        # ("team" for a variable kept a team: its list has one value a team, effects.e_set counts them)
        whole = index is None and ("team" if ctx.variables[name] == "team" else bool(ctx.variables[name]))
        value = _expr(ctx, spec, key, env, want="list" if whole else None, what=f"the value of {name}" + (" (one per seat)" if whole else ""))
        targets.append((name, index, value, whole))
        ctx.compiler.set_values.append((name, index, value, whole, ctx.compiler.last_seen))  # (variable_types reads them)
    return {"targets": tuple(targets)}


SCORE_FORMS = ({"player", "add"}, {"player", "add", "floor"}, {"player", "set"})  # the keys a score statement takes


def c_score(ctx, node, env):
    """score: {player: SEAT, add: POINTS, floor: LOWEST TOTAL}, with a floor the total never below it; or
    {player: SEAT, set: TOTAL}, the total made a value (a count kept afresh each turn), effects.e_score_set."""
    spec = node["score"]
    if not isinstance(spec, dict) or set(spec) - {"why"} not in SCORE_FORMS:
        ctx.compiler.error(loc_of(node, "score"), "S016", "score takes {player: SEAT, add: POINTS, floor: LOWEST TOTAL} "
                           "or {player: SEAT, set: TOTAL}, and a why: beside either", score_form_hint(spec))
        return {}
    # (a score that says why has no fused runner: effects.e_score_why, so a score without one costs no more)
    why = {"why": _said(ctx, spec, "why", env, "why the points are scored")} if "why" in spec else {}
    if "set" in spec:
        return {"player": _expr(ctx, spec, "player", env, want="player"), "set": _expr(ctx, spec, "set", env, want="num"), **why}
    floor = _expr(ctx, spec, "floor", env, want="num") if "floor" in spec else None
    return {"player": _expr(ctx, spec, "player", env, want="player"), "add": _expr(ctx, spec, "add", env, want="num"), "floor": floor,
            **why}


_SAID = ARG_KINDS["plain"][1]  # what a say (and a score's why) tells: what text() writes, or a list of such


def _said(ctx, spec, key, env, what):
    """The expression of what is told the table (a say's text, a score's why), E120 where its type is known to be
    none of a word, a number, true/false, none or a list of them: a component or a zone told would show it unrevealed."""
    reported = len(ctx.compiler.diagnostics)
    said = _expr(ctx, spec, key, env, what=what)
    _sentence_hinted(ctx.compiler.diagnostics, reported, spec[key], key)
    told = element_type(said.type) if is_list(said.type) else said.type
    if told not in _SAID:
        reported = len(ctx.compiler.diagnostics)
        ctx.compiler.error(loc_of(spec, key), "E120", f"{what} must be a word, a number, true, false or none, or a list of "
                           f"them, but this is {a_type(said.type)}",
                           "tell what is known of it as words: text(count(hand[p])), c.rank; a component is shown by reveal:")
        ctx.compiler.name_overlay_changes_of(said, reported)
    return said


_BARE_WORD = re.compile(r"[^\W_][\w'’-]*[.,;:!?]*")  # a word of a sentence: `player's`, `goal.`


def _sentence_hinted(diagnostics: list, reported: int, text, key: str) -> None:
    """Each E102 (or E101) since ``reported`` in what is told the table written as an unquoted sentence (`why: a
    piece reaches the goal`, read as names with no operator between them: a trial was sent to operators and
    comments) hinted with the sentence quoted: a string of the language inside the YAML string."""
    words = text.split() if isinstance(text, str) else []
    if len(words) < 2 or not all(_BARE_WORD.fullmatch(word) for word in words):
        return  # (a word has no '"': one of the two quotings below fits)
    text = " ".join(words)
    quoted = f"\"'{text}'\"" if "'" not in text else "'\"" + text.replace("'", "''") + "\"'"  # (YAML's '' is one ')
    for i in range(reported, len(diagnostics)):
        d = diagnostics[i]
        if d.code in ("E101", "E102"):  # (`it's a go`: the quote opens a string never closed, E101)
            diagnostics[i] = Diagnostic(d.loc, d.code, d.message, f"{key} is an expression: quote a sentence, {key}: {quoted}")


def c_say(ctx, node, env):
    """say: WORDS, told to every seat (the record's `say` event, printed by play); or {player: SEAT, text: WORDS}, said
    by a seat (`seat 1: go`). WORDS: a word, a number, true/false or a list of them, written as text() writes each."""
    spec = node["say"]
    if isinstance(spec, dict):  # (the schema has checked its keys: player and text)
        return {"player": _expr(ctx, spec, "player", env, want="player"), "text": _said(ctx, spec, "text", env, "what is said")}
    return {"player": None, "text": _said(ctx, node, "say", env, "what is said")}


TOLD_FORMS = ("none", "all")  # tell's forms: no component of the zone matches, or every one does


def c_tell(ctx, node, env):
    """tell: {what: ZONE, none: PREDICATE} (no component there matches) or {what: ZONE, all: PREDICATE} (every one
    does), PREDICATE read with `c` bound to each component: a fact made public, checked true (R100 if not), recorded
    with the ids of the components it rules out of the zone, which each seat's memory keeps (effects.e_tell); with
    `text: WORDS`, the words the table is told of it (play prints them in place of the test)."""
    spec = node["tell"]  # (the schema has checked its keys: what, one of none and all, and text)
    form = next(key for key in TOLD_FORMS if key in spec)
    what = _expr(ctx, spec, "what", env, want="zone", what="the zone told about")
    test = _expr(ctx, spec, form, {**env, "c": "comp"}, want="bool", what=f"tell's {form}")
    # the sentence the table is told, as a say's words: the test is the rules' wording, not the table's
    text = _said(ctx, spec, "text", env, "what is told") if "text" in spec else None
    return {"what": what, "form": form, "test": test, "text": text}


def c_place(ctx, node, env):
    """place: {piece: COMPONENT, to: GRID ZONE, at: PLACEMENT}: put a piece on a grid at {x, y, rot}."""
    spec = node["place"]
    if not isinstance(spec, dict) or set(spec) != {"piece", "to", "at"}:
        ctx.compiler.error(loc_of(node, "place"), "S021", "place takes {piece: COMPONENT, to: GRID ZONE, at: PLACEMENT}")
        return {}
    grid = _expr(ctx, spec, "to", env, want="zone", what="the grid")
    symbols = ctx.compiler.symbols
    named = grid.tree.name if isinstance(grid.tree, ast.Name) else None
    if named in symbols.zones and named not in symbols.grids:  # a zone written by its name: known before the game
        reported = len(ctx.compiler.diagnostics)
        ctx.compiler.error(loc_of(spec, "to"), "E120", *no_grid_said(symbols, named, "place puts pieces on"))
        ctx.compiler.name_overlay_changes_of(grid, reported)
    piece = _expr(ctx, spec, "piece", env, want="comp", what="the piece")
    _check_cells(ctx, piece, loc_of(spec, "piece"))
    family = _zone_named(grid.tree)  # (`tableau[me]`: a grid of the family tableau, turns: false as its family)
    unturned = family if family in symbols.unturned and family not in env else None
    at = _placement(ctx, spec, env, unturned)
    _check_placement_type(ctx, spec, at)
    _check_placement_keys(ctx, at, unturned)
    _check_rot(ctx, spec, at, named if named in symbols.unturned else None)
    args = {"piece": piece, "to": grid, "at": at}
    if symbols.unturned:  # (effects.effect_of: only such a ruleset's place pays for the test)
        args["unturned"] = frozenset(symbols.unturned)
    return args


# the keys a placement may hold: x, y and rot, and those placements() lists beside them (effects.PLACEMENT_KEYS)
_PLACEMENT_KEYS = ("x", "y", "rot")
_LISTED_KEYS = ("overlap", "touching")
_ROTATIONS = (0, 90, 180, 270)  # (geometry.ROTATIONS)


def _check_cells(ctx, piece, loc) -> None:
    """E120 where no component type has a `cells` attribute: every piece placed would fail at the rule (R100)."""
    types = ctx.compiler.symbols.component_types
    if not types or any("cells" in attrs for attrs in types.values()) or piece.type not in ("comp", ANY):
        return  # (a piece of another kind is E120 already)
    names = {name for attrs in types.values() for name in attrs}
    close = did_you_mean("cells", names).removeprefix("did you mean ").removesuffix("?")
    ctx.compiler.error(loc, "E120", "place puts a piece with cells on a grid, and no component type has a 'cells' attribute",
                       f"the attribute {close} is no cells: name it cells" if close else
                       "give the piece's type its cells, a value for each cell, laid along x: derive: {cells: \"[owner]\"} "
                       "(language.md, Grids)")


_NO_PLACEMENT = ("int", "num", "player", "str", "bool", "comp", "zone")  # types place refuses as `at` (beside lists)


def _check_placement_type(ctx, spec, at) -> None:
    """E120 at place's `at` known to be a list, a number, a word, a component or a zone: place takes a map {x, y, rot},
    and every game would fail at the rule (R100). A value whose type is known only when the game runs is checked then."""
    if isinstance(spec["at"], dict) or not (at.type in _NO_PLACEMENT or is_list(at.type)):
        return
    reported = len(ctx.compiler.diagnostics)
    whole = at.text.strip() if isinstance(at.tree, (ast.Name, ast.Call, ast.Index)) else f"({at.text.strip()})"
    ctx.compiler.error(loc_of(spec, "at"), "E120", f"the placement must be a map {{x: .., y: .., rot: ..}}, but this is "
                       f"{a_type(at.type)}",
                       f"write its x and y as one: at: {{x: \"{whole}[0]\", y: \"{whole}[1]\", rot: 0}}, or at: "
                       f"\"{{'x': {whole}[0], 'y': {whole}[1], 'rot': 0}}\"" if is_list(at.type) else
                       "at: {x: .., y: .., rot: ..}, each an expression, or a placement: placement(piece), an item of "
                       "placements(...)")
    ctx.compiler.name_overlay_changes_of(at, reported)


def _check_placement_keys(ctx, at, unturned: str | None = None) -> None:
    """E120 at a map literal written as the placement (`at: "{'x': x, 'y': 0}"`) whose keys place would refuse: one of
    x, y, rot left out (rot may be, on the grid ``unturned`` names, whose pieces never turn: it is 0 there, as in a
    mapping), another word, or a bare name x, y or rot (a key written bare is the value of that name)."""
    tree = at.tree
    if not isinstance(tree, ast.MapLit) or at.source is None:
        return
    keys = [key for key, _ in tree.pairs]
    bare = [key for key in keys if isinstance(key, ast.Name) and key.name in _PLACEMENT_KEYS]
    if bare:
        written = ", ".join(f"'{ast.text(k)}': {ast.text(v)}" if isinstance(k, ast.Name) and k.name in _PLACEMENT_KEYS
                            else f"{ast.text(k)}: {ast.text(v)}" for k, v in tree.pairs)
        ctx.compiler.error(at.source.at(bare[0].pos), "E120", f"a placement's keys are the words 'x', 'y' and 'rot': a bare "
                           f"name as a map's key is its value, and '{bare[0].name}' is written bare",
                           f"write {{{written}}}, or at: as a mapping, {{x: .., y: .., rot: ..}}")
        return
    if not all(isinstance(key, ast.Const) and isinstance(key.value, str) for key in keys):
        return  # (a key computed from a value: known only when the game runs)
    words = [key.value for key in keys]
    other = next((key for key in keys if key.value not in _PLACEMENT_KEYS + _LISTED_KEYS), None)
    if other is not None:
        ctx.compiler.error(at.source.at(other.pos), "E120", f"a placement is {{x, y, rot}}: it has no {other.value}",
                           "a mirrored piece is a component of its own" if other.value in ("flip", "mirror") else "")
        return
    missing = [key for key in _PLACEMENT_KEYS if key not in words and not (key == "rot" and unturned)]
    if missing:
        ctx.compiler.error(at.source.at(tree.pos), "E120", f"a placement is {{x, y, rot}}, and this one has no "
                           f"{' or '.join(repr(key) for key in missing)}",
                           "rot is the turn clockwise, one of 0, 90, 180, 270: 'rot': 0 lays the piece as its cells are written"
                           + (" (rot may be left out only on a grid whose pieces never turn, turns: false, written by its "
                              "name or its family's)" if ctx.compiler.symbols.unturned else "")
                           if missing == ["rot"] else "")


def _check_rot(ctx, spec, at, unturned: str | None = None) -> None:
    """E120 at a rot written as a number that is no turn place takes (0, 90, 180, 270), or other than 0 on the grid
    ``unturned`` names, whose pieces never turn (`turns: false`)."""
    if isinstance(spec["at"], dict):  # a mapping's rot: a number written in the YAML, or its own expression
        value, loc = spec["at"].get("rot"), loc_of(spec["at"], "rot")
    else:
        tree = at.tree
        found = [v for k, v in tree.pairs if isinstance(k, ast.Const) and k.value == "rot"] if isinstance(tree, ast.MapLit) else []
        if not found or not isinstance(found[0], ast.Const) or at.source is None:
            return
        value, loc = found[0].value, at.source.at(found[0].pos)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    if unturned is not None and value != 0:  # (`rot: 45` there too: 0 is all it takes, not the four turns of another grid)
        hexes = unturned in ctx.compiler.symbols.hex  # (a hex grid's pieces never turn: no turns: false to remove)
        turning = f", or let them turn: remove turns: false from the grid of '{unturned}'" if value in _ROTATIONS and not hexes else ""
        ctx.compiler.error(loc, "E120", f"the pieces on '{unturned}' never turn ({'cells: hex' if hexes else 'turns: false'}): "
                           f"a placement's rot there is 0, not {value!r}",
                           f"rot: 0, or leave rot out{turning}")
        return
    if value in _ROTATIONS:
        return
    ctx.compiler.error(loc, "E120", f"a placement's rot is one of 0, 90, 180, 270 (a turn clockwise), not {value!r}")


def _zone_named(tree) -> str | None:
    """The zone a place's `to` names, written by its name or indexed (`board`, `tableau[me]`: its family's), else None."""
    while isinstance(tree, ast.Index):
        tree = tree.target
    return tree.name if isinstance(tree, ast.Name) else None


def _placement(ctx, spec, env, unturned: str | None = None):
    """place's `at`: an expression, or a mapping {x: X, y: Y, rot: ROT} of expressions, as a scenario writes a placement
    (the schema has checked its keys); its rot left out is 0 on the grid ``unturned`` names (`turns: false`), where
    no other rot is taken, as a scenario's `at:` leaves it out."""
    at = spec["at"]
    if not isinstance(at, dict):
        return _expr(ctx, spec, "at", env, what="the placement")
    if set(at) == {"x", "y"} and unturned is None:
        ctx.compiler.error(loc_of(spec, "at"), "S021", "place's at, written as a mapping, takes {x: X, y: Y, rot: ROT}: "
                           "this one has no rot",
                           "rot is the turn clockwise, one of 0, 90, 180, 270: rot: 0 lays the piece as its cells are "
                           "written (rot may be left out only on a grid whose pieces never turn, turns: false, written by its name or its family's)")
        return ctx.compiler.expression("none", loc_of(spec, "at"), env)
    if set(at) not in ({"x", "y", "rot"}, {"x", "y"}):  # (the schema reports it first, as V001/V002)
        ctx.compiler.error(loc_of(spec, "at"), "S021", "place's at, written as a mapping, takes {x: X, y: Y, rot: ROT}")
        return ctx.compiler.expression("none", loc_of(spec, "at"), env)
    parts = {key: _expr(ctx, at, key, env, want="int", what=f"the placement's {key}") for key in ("x", "y", "rot") if key in at}
    if "rot" not in parts:  # (only 0 is taken there: placements() lists no other)
        parts["rot"] = ctx.compiler.expression("0", loc_of(spec, "at"), env, want="int", what="the placement's rot")
    return ctx.compiler.placement(parts, loc_of(spec, "at"))


def c_reveal(ctx, node, env):
    """reveal: what to show everyone (zones or components, or a hidden variable's value) until it moves or is set; or
    {what, to: SEATS}: a look those seats alone take, now (their records tell them what lies there, or the value;
    nothing is left face up)."""
    spec = node["reveal"]
    if isinstance(spec, dict):  # (the schema has checked its keys: what and to)
        shown = _expr(ctx, spec, "what", env, what="what to reveal")
        _want_things(ctx, shown, loc_of(spec, "what"), "what to reveal", with_components=True)
        args = {"what": shown, "to": _expr(ctx, spec, "to", env, what="the seats it is shown to")}
        _seats_wanted(ctx, args["to"])
        _note_revealed_variable(ctx, shown, loc_of(spec, "what"), env, args)
        return args
    shown = _expr(ctx, node, "reveal", env)
    _want_things(ctx, shown, loc_of(node, "reveal"), "what to reveal", with_components=True)
    args = {"what": shown}
    _note_revealed_variable(ctx, shown, loc_of(node, "reveal"), env, args)
    return args


def _seats_wanted(ctx, to) -> None:
    """E120 where a look's `to` is known to be neither a seat nor a list of seats (`to: rank`, a word chosen: a
    trial's look stopped the game with R100 in play, and validate said nothing); a number may be a seat."""
    seat = ("int", "player")
    if to.type == ANY or to.type in seat or (is_list(to.type) and element_type(to.type) in (ANY, *seat)):
        return
    ctx.compiler.error(SourceText(to.text, to.loc).at(to.tree.pos if to.tree is not None else 0), "E120",
                       f"the seats a look is shown to must be a seat or a list of seats, but this is {a_type(to.type)}",
                       "name seats: to: me, to: current, to: \"[p for p in players if p != me]\", or to: players")


def _note_revealed_variable(ctx, shown, loc, env, args) -> None:
    """Keep (variable, where, the expression, the statement's ``args``) for a reveal of a variable, `tally` or
    `tally[p]`, which its type (any) lets through: whether it shows the variable's value or the components it holds is
    known once every `set` of it is compiled (revealed_values). One seat's entry of a per-seat variable has its seat
    compiled here, as `seat` in ``args`` (the statement's names are in scope only here)."""
    tree = getattr(shown, "tree", None)
    named = tree.target if isinstance(tree, ast.Index) else tree
    if not (isinstance(named, ast.Name) and named.name in ctx.variables and named.name not in env):
        return
    ctx.compiler.revealed_variables.append((named.name, loc, shown, args))
    text = shown.text
    if named is not tree and ctx.variables[named.name] and "[" in text and "]" in text:
        start = text.index("[") + 1
        reported = len(ctx.compiler.diagnostics)
        args["seat"] = ctx.compiler.expression(text[start:text.rindex("]")], loc, env, want="int", what="the seat",
                                               base=start, full=text)
        del ctx.compiler.diagnostics[reported:]  # (its mistakes are the reveal's own, already reported)


def revealed_values(ctx, statements, variables: dict) -> None:
    """Each reveal of a variable that holds no components or zones (its declared value holds a number, true/false or a
    word, or a `set` gives it a value that cannot be components, or the type of all its values is known and is none of
    them: dsl.variable_types; and no `set` of it, in ``statements``, the flow's and every action's, gives a value known
    to be components or zones) shows its value: marked `variable` in its args (its `seat`, for one seat's entry), and
    every `set` of that variable marked `hides` (it is hidden again when set: effects.effect_of). E120 where that is an
    item of a variable that is not per seat; a variable every seat sees is marked `seen_by_all`, a reveal that does
    nothing (L045). A variable that holds components (those taken so far) is revealed as they are. (A value read from
    a variable is of any kind while the rules compile, `tally[me] - 1` too: only its declared value and the types
    variable_types gives tell what it holds.) ``variables``: name -> VariableSpec."""
    if not ctx.compiler.revealed_variables:
        return
    things, others = set(), set()  # variables some set gives components or zones; variables some set gives anything else
    sets, todo = [], list(statements)
    while todo:
        stmt = todo.pop()
        for value in (*stmt.args.values(), stmt.otherwise):
            if isinstance(value, tuple):
                todo.extend(s for s in value if isinstance(s, Stmt))
        for name, _, value, _ in stmt.args.get("targets", ()) if stmt.kind == "set" else ():
            if _known_things(value.type):
                things.add(name)
            elif not _fits_things(value.type, True):
                others.add(name)
        if stmt.kind == "set":
            sets.append(stmt)
    typed = ctx.compiler.variable_types  # (`code + [c]` of a word c: a list of words, though its `+` compiled as any)
    others.update(name for name, t in typed.items() if not _fits_things(t, True))
    shown = set()
    for name, loc, what, args in ctx.compiler.revealed_variables:
        if name in things or not (name in others or _holds_values(variables[name].initial)):
            args.pop("seat", None)  # (its components are revealed: what the seat's entry holds)
            continue
        spec, reported = variables[name], len(ctx.compiler.diagnostics)
        if spec.visible == "everyone":  # (L045 says so: a house rule showing a hidden variable keeps the base's reveal)
            args["variable"], args["seen_by_all"] = name, True
            args.pop("seat", None)
            continue
        if isinstance(what.tree, ast.Index) and "seat" not in args:  # `log[0]` of a variable that is one value, not one per seat
            ctx.compiler.error(loc, "E120", f"'{name}' is one value, not one per seat: reveal shows a variable's whole "
                               "value, or one seat's entry of a per-seat one (each: player)", f"reveal: {name}")
        else:
            args["variable"] = name
            shown.add(name)
            continue
        ctx.compiler.name_overlay_changes_of(what, reported)
    for stmt in sets:  # (only these: a set of any other variable, and any set of a ruleset that reveals none, pays nothing)
        if any(name in shown for name, _, _, _ in stmt.args["targets"]):
            stmt.args["hides"] = True


def _known_things(t) -> bool:
    """Whether a value of type ``t`` is known to be a zone or a component, or lists of them (not of any kind)."""
    return t in ("zone", "comp") or (isinstance(t, tuple) and len(t) == 2 and t[0] == "list" and _known_things(t[1]))


def _holds_values(value) -> bool:
    """Whether a variable's declared value holds a number, true/false or a word (none and empty lists hold nothing)."""
    if isinstance(value, (list, tuple)):
        return any(_holds_values(item) for item in value)
    if isinstance(value, dict):
        return any(_holds_values(item) for item in value.values())
    return value is not None


def c_do(ctx, node, env):
    """do: a block of statements (with when/else, a conditional block)."""
    return {"body": _block(ctx, node, "do", env)}


def c_for(ctx, node, env):
    """for: 'NAME in COLLECTION', do: block; the collection is read once, before the first pass."""
    text = node["for"]
    loc = loc_of(node, "for")
    if not isinstance(text, str) or " in " not in text:
        ctx.compiler.error(loc, "S017", "for is written 'NAME in COLLECTION'")
        return {"var": "_", "items": None, "body": ()}
    var, _, rest = text.partition(" in ")
    var = var.strip()
    _check_bound_name(ctx, var, loc, "for's name")
    base = text.index(" in ") + 4
    items = ctx.compiler.expression(rest, loc, env, what="the collection", base=base, full=text)
    if not iterable(items.type):
        at = SourceText(rest, loc, base, text).at(len(rest) - len(rest.lstrip()))  # the collection, as written
        reported = len(ctx.compiler.diagnostics)
        hint = _quoted_collection_hint(var, rest) or counting_hint(items.type, "for: NAME in a list or a zone")
        ctx.compiler.error(at, "E123", f"cannot loop over a {show_type(items.type)}", hint)
        ctx.compiler.name_overlay_changes_of(items, reported)
    inner = dict(env, **{var: plain_type(element_type(items.type))})  # (a loop named `me` binds no deciding seat)
    return {"var": var, "items": items, "body": _body(ctx, node, inner)}


def _quoted_collection_hint(var: str, collection: str) -> str:
    """For `for: k in "[1, 2, 3]"`: YAML kept the quotes, so the collection is the word they hold; the whole value
    quoted, or the collection bare, is what was meant. Empty where the collection is not written in quotes."""
    written = collection.strip()
    if len(written) < 2 or written[0] not in "'\"" or written[-1] != written[0]:
        return ""
    inner = written[1:-1]
    return (f"the quotes make {written} a word: write the collection bare, for: {var} in {inner}, "
            f"or quote the whole value, for: '{var} in {inner}'" if "'" not in inner else
            f"the quotes make {written} a word: write the collection bare, for: {var} in {inner}")


def c_repeat(ctx, node, env):
    """repeat: N, as: NAME (0-based pass number), do: block."""
    var = str(node.get("as", "")) or None
    if var:
        _check_bound_name(ctx, var, loc_of(node, "as"), "repeat's 'as'")
    inner = dict(env, **{var: PASSES}) if var else env  # (a pass number: small, so arithmetic on it is inline)
    count = _expr(ctx, node, "repeat", env, want="int")
    unnamed = ctx.compiler.repeats_unnamed
    if not var:  # (a loop's name read in its body is told to give it `as:`: compiler._unnamed_repeat_hint)
        unnamed.append(loc_of(node, "repeat"))
    try:
        body = _body(ctx, node, inner)
    finally:
        if not var:
            unnamed.pop()
    return {"count": count, "var": var, "body": body}


def c_until(ctx, node, env):
    """until: CONDITION, do: block; the condition is checked before every pass."""
    return {"until": _expr(ctx, node, "until", env, want="bool"), "body": _body(ctx, node, env)}


def c_turns(ctx, node, env):
    """turns: FIRST SEAT, until: CONDITION, next: SEAT, do: block; `current` goes round the table clockwise, or to
    the seat `next` gives after each turn (a direction that reverses, a seat skipped, one out of the game passed over)."""
    inner = dict(env, current="player")
    return {
        "first": _expr(ctx, node, "turns", env, want="player"),
        "until": _expr(ctx, node, "until", inner, want="bool") if "until" in node else None,
        "next": _expr(ctx, node, "next", inner, want="player") if "next" in node else None,
        "body": _body(ctx, node, inner),
    }


def c_round(ctx, node, env):
    """round: block; counts rounds and reports every seat's points for the round at its end (rounds do not nest)."""
    body = _block(ctx, node, "round", env)
    for inner in _nested(body):
        if inner.kind == "round":
            ctx.compiler.error(inner.loc, "S022", "a round cannot hold another round: its points would count in both",
                               "make the outer one a 'do', or split the rounds")
    return {"body": body}


def _nested(block):
    """Every statement inside ``block``, at any depth (blocks in arguments and in `else`)."""
    for stmt in block:
        yield stmt
        inner = [v for v in stmt.args.values() if isinstance(v, tuple) and all(isinstance(x, Stmt) for x in v)]
        for nested in inner + [stmt.otherwise]:
            yield from _nested(nested)


def c_end_game(ctx, node, env):
    """end_game: {}: the game ends at once, as when its flow runs out (the schema has checked that it takes nothing)."""
    return {}


def _action_names(ctx, node, key):
    value = node[key]
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names:
        ctx.compiler.error(loc_of(node, key), "S018", f"'{key}' names one action or a list of them")
        return ()
    for i, name in enumerate(names):
        if name not in ctx.actions:
            where = loc_of(value, i) if isinstance(value, list) else loc_of(node, key)
            ctx.compiler.error(where, "S019", f"unknown action '{name}'", _unknown_action_hint(ctx, key, str(name)))
    return tuple(names)


def _unknown_action_hint(ctx, key: str, name: str) -> str:
    """A name of the expressions (`me`, `players`) says where seats go; another gets a 'did you mean', else the list."""
    is_a_value = name in ("me", "current") or name in ctx.compiler.symbols.all_names()
    return (not is_a_value and did_you_mean(name, ctx.actions)) or _actions_hint(ctx, key)


def _actions_hint(ctx, key: str) -> str:
    """What `decide`/`simultaneous` (or its `otherwise`) names, the ruleset's actions, and where the seats deciding go."""
    seats = "player: SEAT" if key == "decide" else "players: SEATS"
    known = f"the actions: {', '.join(sorted(ctx.actions))}" if ctx.actions else "the ruleset declares no actions: add them under actions:"
    if key == "otherwise":  # (the fallback's list: the seats are the decision's, given beside it)
        return f"'otherwise' names the actions offered where the decision's list no option ({known})"
    if key == "until_chosen":  # (the choices that end the asking: some of the decision's own)
        return f"'until_chosen' names the decision's actions whose choice ends its asking again ({known})"
    return f"'{key}' names actions ({known}); the seats deciding go in {seats}"


def c_decide(ctx, node, env):
    """decide: ACTION(S), player: SEAT (default: current): one player chooses one option; asked again with
    until_chosen: ACTION(S) until one of those is chosen or its until: CONDITION holds."""
    if "player" in node:
        player = _expr(ctx, node, "player", env, want="player")
    elif "current" in env:
        player = ctx.compiler.expression("current", node.key_loc("decide"), env)
    else:
        ctx.compiler.error(node.key_loc("decide"), "S020", "decide needs 'player:' outside turns",
                           "in an action's then:, player: me asks the seat that took the action" if "me" in env else "")
        player = None
    args = {"actions": (actions := _action_names(ctx, node, "decide")), "player": player,
            "fallback": _fallback_names(ctx, node, actions)}
    if ctx.following.intersection(actions + args["fallback"]):  # (only then: a decision of no follow-up keeps its args)
        args["follow_up"] = True
    handed = _handed(ctx, node, env, actions + args["fallback"])
    if handed:  # (only then: a decision handing nothing keeps its args, and the fast paths that take it)
        args["with"] = handed
    if args["fallback"]:  # (where `otherwise:` is written: play names it where its action is typed while not offered)
        args["fallback_at"] = node.key_loc("otherwise")
    if "until_chosen" in node:  # (only then: a decision asked once keeps the args, and the runners, it had)
        args["until_chosen"] = _stopping_names(ctx, node, actions + args["fallback"])
        # the block its frame runs while the seat is asked again (Game._h_again): one step of its own per question; a
        # list, which the walkers of nested blocks (tuples of statements) pass by: it is the decision, not one written
        args["again"] = [Stmt("again", node.key_loc("decide"), {}, label=str(node.get("name", "")) or "decide")]
        if "until" in node:  # (read before each question again: Game._h_again)
            args["until"] = _expr(ctx, node, "until", env, want="bool")
    elif "until" in node:
        ctx.compiler.error(node.key_loc("until"), "S003", "'decide' takes 'until' only beside 'until_chosen'",
                           "until: ends a decision asked again (until_chosen: ACTION) once it holds; a decision asked "
                           "once has no asking to end: guard it with when:, or put it in an until loop (until: "
                           "CONDITION, its do: holding the decide)")
    return args


def _handed(ctx, node, env, offered) -> tuple:
    """(name, Expr) of each value a decision's `with:` hands the actions it offers: a decide's read where it waits, a
    simultaneous step's for each seat as it is asked, `me` bound to that seat (as in the action); S035 where an action
    offered takes a name not handed, or a name handed is taken by none of them; S036 at a value of another kind than
    another decision hands the same action's name."""
    kind = "decide" if "decide" in node else "simultaneous"
    given = node.get("with") or {}
    if not isinstance(given, dict):  # (the schema's V001 has said so)
        return ()
    if kind == "simultaneous":
        env = {**env, "me": SEAT}  # (each seat's values read with `me` that seat, the deciding seat)
    takes = ctx.takes or {}
    where = node.key_loc("with") if "with" in node else node.key_loc(kind)
    for action in dict.fromkeys(offered):
        missing = [name for name in takes.get(action, ()) if name not in given]
        if missing:
            it = "it" if len(missing) == 1 else "them"
            ctx.compiler.error(where, "S035", f"{kind} '{_decision_label(node, kind)}' offers action '{action}', which "
                               f"takes {few_listed(repr(n) for n in missing)}, but does not hand {it}",
                               f"give {it} under with: ({', '.join(f'{n}: ...' for n in missing)}), the value"
                               f"{'s' if len(missing) > 1 else ''} read where the decide waits" if kind == "decide" else
                               f"give {it} under with: ({', '.join(f'{n}: ...' for n in missing)}), the value"
                               f"{'s' if len(missing) > 1 else ''} read for each seat as it is asked (me: that seat)")
    out = []
    for name in given:
        loc = given.loc_of(name) if hasattr(given, "loc_of") else where
        takers = [action for action in dict.fromkeys(offered) if name in takes.get(action, ())]
        if not takers:
            ctx.compiler.error(given.key_loc(name) if hasattr(given, "key_loc") else where, "S035",
                               f"{kind} '{_decision_label(node, kind)}' hands '{name}', which none of its actions "
                               f"({', '.join(dict.fromkeys(offered)) or 'none'}) takes",
                               f"list '{name}' under takes: of the action that reads it, or remove it from with:")
        expr = ctx.compiler.expression(given[name], loc, env, what=f"the value handed as '{name}'")
        for action in takers:
            _same_kind_handed(ctx, action, str(name), expr, loc)
        out.append((str(name), expr))
    return tuple(out)


def _same_kind_handed(ctx, action: str, name: str, expr, loc) -> None:
    """S036 where ``expr``, handed to ``action`` as ``name``, is of another kind than a value another decision hands it."""
    first = ctx.handed.setdefault((action, name), (plain_type(expr.type), loc)) if ctx.handed is not None else None
    if first is None or ANY in (first[0], plain_type(expr.type)) or first[0] == plain_type(expr.type):
        return
    ctx.compiler.error(loc, "S036", f"action '{action}' takes '{name}', handed {a_type(first[0])} at {first[1]} but "
                       f"{a_type(plain_type(expr.type))} here",
                       f"hand '{name}' the same kind of value at every decide offering '{action}' (or take two names)")


def _decision_label(node, kind: str = "decide") -> str:
    """A decision as a message names it: its `name:`, else the actions it offers."""
    value = node.get("name") or node.get(kind)
    return str(value) if not isinstance(value, list) else ", ".join(map(str, value))


def _stopping_names(ctx, node, offered) -> tuple:
    """A decision's `until_chosen:` actions, the seat's choices that end its asking again (S019 for an unknown one;
    S032 for one the decision does not offer: the seat could never choose it, and would be asked forever)."""
    names = _action_names(ctx, node, "until_chosen")
    value = node["until_chosen"]
    for i, name in enumerate(names):
        if name in ctx.actions and name not in offered:
            ctx.compiler.error(loc_of(value, i) if isinstance(value, list) else loc_of(node, "until_chosen"), "S032",
                               f"'{name}' under until_chosen: is not an action of this decision, so the seat could never "
                               f"choose it and would be asked forever",
                               f"name one of its actions ({', '.join(dict.fromkeys(offered))}), or add '{name}' to them")
    return names


def c_simultaneous(ctx, node, env):
    """simultaneous: ACTION(S), players: SEATS (default: all): everyone decides in secret, then all is applied."""
    players = _expr(ctx, node, "players", env, want=("list", "player")) if "players" in node else None
    actions = _action_names(ctx, node, "simultaneous")
    fallback = _fallback_names(ctx, node, actions)
    for name in dict.fromkeys(actions + fallback):
        if name in ctx.following:
            ctx.compiler.error(node.key_loc("simultaneous"), "S033", f"action '{name}' has a then: (a follow-up of the "
                               f"flow), which a simultaneous step cannot run: its seats choose at once, not one after another",
                               f"name actions without then: here, and write the follow-up in the flow after the step (a "
                               f"for: over the seats, each asked with decide: and player:), or take '{name}' by a decide")
    handed = _handed(ctx, node, env, actions + fallback)
    return {"actions": actions, "players": players, "fallback": fallback, **({"fallback_at": node.key_loc("otherwise")} if fallback else {}),
            **({"with": handed} if handed else {})}  # (only then: a step handing nothing keeps its args, and the fast paths that take it)


def compile_then(ctx, spec, env):
    """An action's `then:`: statements of the flow run right after its effects, seeing what its `do` sees (`me`, its
    choices and the game's names; not `current`): a Stmt of kind 'then' holding them, or None where it has none."""
    if "then" not in spec:
        return None
    return Stmt("then", spec.key_loc("then"), {"body": _block(ctx, spec, "then", env)}, label="then")


def _fallback_names(ctx, node, actions) -> tuple:
    """A decision's `otherwise:` actions, offered a seat only where its own actions give it no option (S019 for an
    unknown one, as in the list; S031 for one the list names already: it would be offered either way)."""
    if "otherwise" not in node:
        return ()
    names = _action_names(ctx, node, "otherwise")
    value = node["otherwise"]
    for i, name in enumerate(names):
        if name in actions:
            ctx.compiler.error(loc_of(value, i) if isinstance(value, list) else loc_of(node, "otherwise"), "S031",
                               f"'{name}' is both an action of this decision and its fallback (otherwise)",
                               f"name it once: in the list, it is offered beside the others; under otherwise:, only where "
                               f"they give the seat no option")
    return names


def _body(ctx, node, env):
    if "do" not in node:
        ctx.compiler.error(node.loc, "S001", "missing 'do:' (the statements to repeat)")
        return ()
    return _block(ctx, node, "do", env)


KIND_PRECEDENCE = ("turns", "for", "repeat", "round", "end_game", "decide", "simultaneous", "move", "rotate", "shuffle", "deal", "roll", "set_aside",
                   "set", "let", "score", "reveal", "place", "say", "tell", "run", "until", "do")

STATEMENTS = {
    "move": (c_move, ("at",)),
    "rotate": (c_rotate, ("by",)),
    "shuffle": (c_shuffle, ()),
    "deal": (c_deal, ()),
    "roll": (c_roll, ()),
    "set_aside": (c_set_aside, ()),
    "set": (c_set, ()),
    "let": (c_let, ()),
    "score": (c_score, ()),
    "reveal": (c_reveal, ()),
    "place": (c_place, ()),
    "say": (c_say, ()),
    "tell": (c_tell, ()),
    "run": (c_run, ()),
    "do": (c_do, ()),
    "for": (c_for, ("do",)),
    "repeat": (c_repeat, ("as", "do")),
    "until": (c_until, ("do",)),
    "turns": (c_turns, ("until", "next", "do")),
    "round": (c_round, ()),
    "end_game": (c_end_game, ()),
    "decide": (c_decide, ("player", "otherwise", "until_chosen", "until", "with")),
    "simultaneous": (c_simultaneous, ("players", "otherwise", "with")),
}
