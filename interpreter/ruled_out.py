"""For `philtre play`: a line that names no legal option but one an action's choice could take here, which its `if`
rules out at this position (a value its `if` refuses only here): what to say of it, before the options."""

from __future__ import annotations

import os
import re

from philtre.dsl.builtins import WORK, WORK_LIMIT, RuleRuntimeError

from philtre.dsl.model import decision_actions

from .options import Option
from .runners import FAILURES, seat_names

CANDIDATES_LIMIT = 2_000  # choices tried, before the `if`, to find the option typed: past it, nothing more is said
LISTED = 4  # the options a line names that a message lists, the rules forbidding each
IF_SHOWN = 60  # characters of an action's `if` said with its line; a longer one is named by its line alone
PART_SHORTENED = 80  # characters of a longer part of an `if` said false, its brackets' insides made `...` (_shortened)


def ruled_out(game, seat: int, text: str, legal, single_zones=(), placed: bool = False, written=None) -> str:
    """Why ``text`` names no option now, where it names one of an action's choices this decision offers that the rules
    do not allow here: "the rules forbid take(n=0) now (the if of take, line 12: ...)"; '' where it names none, or
    several, or the choices cannot be listed within CANDIDATES_LIMIT. ``placed``: ``text`` is a position, 'x y rot'.
    ``written``: how the options found are written, where not as ``single_zones`` reads ``text`` (a value typed as the
    records keep it, the option said as listed, by its label)."""
    from .play_input import _by_label, _by_position, placed_holding  # (play_input asks this module; read as play reads a line)

    others = outside(game, seat, legal)
    if not others:
        return ""
    written = single_zones if written is None else written
    found = _by_position(text.split(), others, single_zones, piece_at=()) if placed else _by_label(text, others, single_zones)
    if isinstance(found, Option):
        return forbids(game, seat, found, written)
    if placed:  # (several at the position with its words: a chiral piece's flip=false and flip=true, each forbidden)
        return forbids_each(game, seat, placed_holding(text.split(), others, single_zones), written)
    # (a number past the options is a number mistyped, not a card's value; an action's name, action_ruled_out's)
    if text.strip().isdigit() or text.strip().lower() in {name.lower() for name in game.ruleset.actions}:
        return ""
    held = _holding(text, others, single_zones)
    parted = [] if held else _holding_parts(text, others, legal, single_zones)
    if parted:  # (`chars` of 4-chars, no legal option holding it: as for the option typed whole, the first of them)
        return forbids(game, seat, parted[0], written) + (f", and {len(parted) - 1} more it names" if len(parted) > 1 else "")
    return forbids_each(game, seat, held, written)


def _holding_parts(text: str, options, legal, single_zones=()) -> list:
    """Those of ``options`` each word of ``text`` is a word or a part of a word of, some a part (`chars` of the tile
    4-chars, a word typed whole otherwise: play_input._parts_typed), where no ``legal`` option has them so (a trial's
    part of a word, naming the one card the rules forbid now, was told only that it was no option); else []."""
    from .play_input import WORD, WORD_PARTS, _label_words, _of_action_typed

    typed = {word.lower() for word in WORD.findall(text) if "=" not in word}

    def holds(option) -> bool:
        label = option.label(None, single_zones)
        known = _label_words(label)
        parts = {part.lower() for word in WORD.findall(label) for held in [WORD_PARTS.findall(word.rpartition("=")[2])]
                 if len(held) > 1 for part in held}
        return not typed <= known and typed <= known | parts

    if not typed or any(holds(option) for option in legal):
        return []
    return _of_action_typed(typed, [option for option in options if holds(option)])


def _holding(text: str, options, single_zones=()) -> list:
    """Those of ``options`` that have every word of ``text`` (of the action it names, where it names one)."""
    from .play_input import _has_words, _of_action_typed, _words

    typed = set(_words(text))
    return _of_action_typed(typed, [option for option in options if _has_words(text, typed, option, single_zones)])


def forbids_each(game, seat: int, found: list, single_zones=()) -> str:
    """"the rules forbid each of the 3 options it names now: ... (the if of play, line 62: ...)" for ``found``, several
    options the rules rule out here (a bare `spades` where no spade may be played was said to be no option, with no
    reason): why, once where it is the same for each, else for the first; '' for fewer than two."""
    if len(found) < 2:
        return ""
    why = [_why(game, seat, option) for option in found]
    listed = ", ".join(option.label(None, single_zones) for option in found[:LISTED]) + (", ..." if len(found) > LISTED else "")
    said = f"the rules forbid each of the {len(found)} options it names now, {listed}"
    if all(reason == why[0] for reason in why):
        return f"{said}{f' ({why[0]})' if why[0] else ''}"
    return f"{said} (for {found[0].label(None, single_zones)}: {why[0]})" if why[0] else said


def forbidden_holding(game, seat: int, text: str, legal, action: str, single_zones=()) -> list:
    """Why the rules forbid each option of the choices here of another action than ``action``, outside ``legal``, that
    has every word of ``text`` (`baths` of build(card=card baths blue), where no stone builds it now): [] where none has,
    or the choices cannot be listed within CANDIDATES_LIMIT. (One of ``action``'s own is the same move as the legal one,
    made with another component that looks the same, or another value of it; an action none of whose options is legal
    now is not listed, nor meant: a trial game's `slot=0` is play(slot=0) where no discard is allowed at 8 clue tokens.)"""
    from .play_input import _has_words, _words

    typed, listed = set(_words(text)), {option.action for option in legal}
    return [forbids(game, seat, option, single_zones) for option in outside(game, seat, legal)
            if option.action != action and option.action in listed and _has_words(text, typed, option, single_zones)]


def outside(game, seat: int, legal) -> list:
    """The options the pending decision's choices could make for ``seat`` that are not among the ``legal`` ones, each
    once, as the legal ones are: options alike but for which of identical components in one zone they choose are one
    (a trial's refusal named one placement twice, in two forms, once for each of two identical components)."""
    from philtre.dsl.values import alike_once, option_key, where_apart

    from .options import option_keys

    S = game.state
    where = where_apart(S.where, S.placed)
    offered = set(option_keys(legal, where))
    return alike_once([option for option in _candidates(game, seat)
                       if option not in legal and option_key(option, where) not in offered], where)


def forbids(game, seat: int, found, single_zones=(), after: str = "") -> str:
    """"the rules forbid take(n=0) now (the if of take, line 12: ...)" for ``found``, an option the rules rule out here
    (its action's `if` named where that is what refuses it), ``after`` written after the option; for an option of the
    decision's fallback while it is not offered, when it is."""
    fallback = fallback_only(game, seat, found.action)
    if fallback:  # (pass() has no if: "the rules forbid pass() now" left the seat to guess why)
        return fallback
    said = f"the rules forbid {found.label(None, single_zones)}{after} now"
    why = _why(game, seat, found)
    return f"{said} ({why})" if why else said


def _why(game, seat: int, option) -> str:
    """"the if of take, line 12: ...": the `if` that rules ``option`` out here, by its false part where one is found;
    '' where its action's `if` passes it (another rule refuses it)."""
    action = game.ruleset.actions[option.action]
    if action.condition is None or _passes(game, seat, action, option):
        return ""
    return _false_part(game, seat, action, option) or _the_if(game, action)


def _false_part(game, seat: int, action, option) -> str:
    """"the if of move, line 81: legal(me, s, d) is false": the first part of ``action``'s `if`, an `and` of parts,
    that is false for ``option`` here (a long one named as its definition's call, or by its place), and where that
    part, or the whole `if`, calls a definition whose body is an `and`, the first of its parts false too; '' where
    neither is found (a trial was quoted a whole `if` of three lines)."""
    from philtre.dsl.ast import Call
    from philtre.dsl.parser import and_parts, bool_parts

    cond = action.condition
    if "if" in _unseen_of(game.ruleset, action.name) and not and_parts(cond.text, cond.tree):
        return ""  # (its whole `if`, no `and`, reads what the seat does not see: no part of it is told)
    if bool_parts(cond.text, cond.tree, "or"):  # (one short enough is shown whole: its parts are in sight)
        return _false_cases(game, seat, action, option) if len(_shown(cond.text)) > IF_SHOWN else ""
    if not and_parts(cond.text, cond.tree):  # (the ruleset is compiled again below only for an `and`, or a call)
        inside = _inside_call(game, seat, action, option, cond.text.strip()) if isinstance(cond.tree, Call) else ""
        return f"{_the_if(game, action)} is false: {inside}" if inside else ""
    parts, unseen = _parts_of(game.ruleset).get(action.name, NO_PARTS)[0], _unseen_of(game.ruleset, action.name)
    for i, (at, text, expr) in enumerate(parts, 1):
        if i - 1 in unseen:  # (this part, or one before it found true, reads what the seat does not see: not told)
            return ""
        if not _holds(game, seat, expr, option):
            line = cond.source.at(at).line if cond.source is not None else cond.loc.line
            inside = _inside_call(game, seat, action, option, text)
            return (f"the if of {action.name}, {_line_said(game, cond.loc, line)}: {_part_named(game, text, expr)} is false"
                    + (f": {inside}" if inside else ""))
    return ""


def _false_cases(game, seat: int, action, option) -> str:
    """"the if of play, line 62: neither part of its `or` holds: led == none is false (line 63); ...": for ``action``'s
    `if`, an `or` of parts, each part that is false for ``option`` here, by its first false part where it is an `and`
    (a trial's follow-suit `if`, two cases, was named with no reason); '' where one is not found false."""
    from philtre.dsl.parser import unbracketed

    cond = action.condition
    parts = _parts_of(game.ruleset).get(action.name, NO_PARTS)[2]
    said = []
    for at, text, expr, inner in parts:
        if _holds(game, seat, expr, option):
            return ""
        at, text, expr = next(((a, t, e) for a, t, e in inner if not _holds(game, seat, e, option)), (at, text, expr))
        line = cond.source.at(at).line if cond.source is not None else cond.loc.line
        said.append(f"{_part_named(game, unbracketed(text)[1], expr)} is false ({_line_said(game, cond.loc, line)})")
    if not said:
        return ""
    holds = "neither part of its `or` holds" if len(said) == 2 else "no part of its `or` holds"
    return f"{_the_if_line(game, action)}: {holds}: " + "; ".join(said)


def _inside_call(game, seat: int, action, option, text: str) -> str:
    """"its part fits(t, at), line 76, is false": the first part false for ``option`` of the definition whose call is
    ``text`` (a part of ``action``'s `if`, or the whole), its body an `and` of parts, the call's arguments bound to its
    parameters; '' where ``text`` is no such call, or no part is found false."""
    call = next((c for c in _parts_of(game.ruleset).get(action.name, NO_PARTS)[1] if c.text == text), None)
    if call is None:
        return ""
    S = game.state
    L = {**seat_names(S.flow.pending.locals, seat), **dict(option.args)}
    try:
        bound = {"me": seat, **{p: _value(S, arg, L) for p, arg in zip(call.params, call.args)}}
    except (RuleRuntimeError, *FAILURES):
        return ""
    for line, part, expr in call.parts:
        if not _holds_in(S, expr, bound):
            return f"its part {_shown(part)}, {_line_said(game, expr.loc, line)}, is false"
    return ""


def _part_named(game, text: str, expr) -> str:
    """A part of an `if` as a message names it: its text where short, else its definition's call, else its text
    shortened (_shortened: a trial's `(not card.wild and ...) or (...)` was named only by its place, `its part 2 of 3`)."""
    from philtre.dsl import ast
    from philtre.dsl.compiler import DEFINED_AT

    shown = _shown(text)
    if len(shown) <= IF_SHOWN:
        return shown
    defined = {name for name, _ in (game.ruleset.namespace.get(DEFINED_AT) or {}).values()}
    if isinstance(expr.tree, ast.Call) and expr.tree.func in defined:
        return f"its call of {expr.tree.func}(...)"
    return _shortened(shown)


def _shortened(text: str, width: int = PART_SHORTENED) -> str:
    """``text`` (one line, brackets around it all left out) within ``width`` characters where it can be: the inside of
    the longest bracket holding no other written out made `...`, again until it fits, so that its `and`s and `or`s stay
    in sight (`(not card.wild and card.rank == last(...)) or (card.wild and n < 3)`); cut after a word, `...` added,
    where that is not enough."""
    from philtre.dsl.parser import _unquoted, unbracketed

    text = unbracketed(text)[1]
    while len(text) > width:
        opened, inner = [], []  # (the brackets open; (length, start, end) of each holding none written out)
        for i, c, _ in _unquoted(text, 0):
            if c in "([{":
                opened.append([i, True])
            elif c in ")]}" and opened:
                start, innermost = opened.pop()
                if innermost and text[start + 1:i] not in ("", "..."):
                    inner.append((i - start, start, i))
                if opened and text[start + 1:i] != "...":
                    opened[-1][1] = False
        if not inner:
            break
        _, start, end = max(inner)
        text = text[:start + 1] + "..." + text[end:]
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width - 3)
    return text[:cut if cut > 0 else width - 3].rstrip() + " ..."


def _shown(text: str) -> str:
    """An expression's text on one line, its runs of spaces and line breaks made one space."""
    return " ".join(text.split())


_PARTS: dict = {}  # id of a ruleset -> (the ruleset, {action: its if's parts and calls}): compiled once a session
NO_PARTS = ((), (), (), frozenset())


def _parts_of(ruleset) -> dict:
    """{action name: (Action.if_parts, Action.if_calls, Action.if_or_parts, unseen)} of ``ruleset`` compiled again with
    them, ``unseen`` the places (0.. in if_parts, "if": the whole) of those that read what the deciding seat does not
    see (_unseen); {} where that fails."""
    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.loader import with_if_parts

    kept = _PARTS.get(id(ruleset))
    if kept is None or kept[0] is not ruleset:
        try:
            again = with_if_parts(ruleset)
            parts = {name: (a.if_parts, a.if_calls, a.if_or_parts, _unseen(again, a)) for name, a in again.actions.items()}
        except PhiltreError:
            parts = {}
        _PARTS.clear()  # (one ruleset a session: no other is kept)
        _PARTS[id(ruleset)] = kept = (ruleset, parts)
    return kept[1]


def _unseen(ruleset, action) -> frozenset:
    """The places (0.. of ``action``'s if_parts, "if" for the whole `if`) of the parts of its `if` that read what the
    deciding seat does not see (lints.reads_unseen: L021's reading): play does not say such a part is false, which would
    tell the seat what it may not see; all of them where that cannot be told."""
    from philtre.dsl.lints import Facts, reads_unseen

    if action.condition is None:
        return frozenset()
    exprs = [action.condition, *(expr for _, _, expr in action.if_parts)]
    try:
        flags = reads_unseen(Facts(ruleset), action, exprs)
    except Exception:  # (where the lint's reading fails, nothing is known seen: no part is told)
        flags = [True] * len(exprs)
    return frozenset(("if" if i == 0 else i - 1) for i, flag in enumerate(flags) if flag)


def _unseen_of(ruleset, name: str) -> frozenset:
    """_unseen of action ``name`` of ``ruleset``, as _parts_of keeps it."""
    return _parts_of(ruleset).get(name, NO_PARTS)[3]


def _the_if(game, action) -> str:
    """"the if of take, line 12: n > 0": ``action``'s `if` named by its line, with its text where short."""
    shown = _shown(action.condition.text)
    return _the_if_line(game, action) + (f": {shown}" if len(shown) <= IF_SHOWN else "")


def _the_if_line(game, action) -> str:
    """"the if of take, line 12": ``action``'s `if` named by its line."""
    cond = action.condition
    return f"the if of {action.name}, {_line_said(game, cond.loc, cond.loc.line)}"


def _line_said(game, loc, line: int) -> str:
    """"line 6", or "line 6 of variants/entry-500.yaml" where ``loc`` is in another file than the ruleset's own (a
    variant's, an overlay's: a trial's line 6 was looked for in the ruleset), named from the ruleset's folder."""
    import os

    path, own = getattr(loc, "path", None), game.ruleset.path
    if not path or not own or os.path.abspath(path) == os.path.abspath(own):
        return f"line {line}"
    named = os.path.relpath(path, os.path.dirname(os.path.abspath(own)))
    return f"line {line} of {path if named.startswith('..') else named}"


ACTION_FIRST = re.compile(r"\s*(\w+)(?:\s*$|\s*\(|\s+\S)")  # the action a line starts with: buy, buy(card=...), buy card=...


def action_ruled_out(game, seat: int, text: str, legal) -> str:
    """Why no option of the action ``text`` names (`buy`, or an option of it written out, buy(card=...)) is legal now,
    where the pending decision offers that action: "no buy option is allowed now (the if of buy, line 134: ..., rules
    out each of its 12 choices)"; '' where ``text`` starts with no such action's name, or some of its options are legal."""
    pending = game.state.flow.pending
    first = ACTION_FIRST.match(text)
    if pending is None or first is None or any(option.action.lower() == first[1].lower() for option in legal):
        return ""
    name = next((n for n in decision_actions(pending.stmt) if n.lower() == first[1].lower()), None)
    if name is None:
        return not_asked(game, first[1])
    if fallback_only(game, seat, name):
        return fallback_only(game, seat, name)
    said, action = f"no {name} option is allowed now", game.ruleset.actions[name]
    choices = [option for option in _candidates(game, seat) if option.action == name]
    if not choices:  # (none listed: its choose offers nothing here, or more than CANDIDATES_LIMIT)
        return f"{said} (its choose offers no choice here)" if _offers_none(game, seat, action) else said
    if action.condition is not None and not any(_passes(game, seat, action, option) for option in choices):
        each = "its one choice" if len(choices) == 1 else f"each of its {len(choices)} choices"
        return f"{said} ({_the_if(game, action)}, rules out {each})"
    return said


def not_asked(game, typed: str) -> str:
    """"answer is not asked here: this decision (asks, line 20) offers raise, pass" where ``typed`` is an action of the
    ruleset that the pending decision does not offer (another seat's answer, another step's: a trial's answer, what
    the other seat of a pair is asked, typed by the first, was told only that it was not among the options); else ''."""
    stmt = game.state.flow.pending.stmt
    name = next((n for n in game.ruleset.actions if n.lower() == typed.lower()), None)
    if name is None:
        return ""
    named = f"{stmt.label}, " if stmt.label and stmt.label != stmt.kind else ""  # (its `name:`, where it has one)
    offers = ", ".join(dict.fromkeys(stmt.args.get("actions", ())))
    fallback = ", ".join(dict.fromkeys(stmt.args.get("fallback", ())))
    offers += f" (otherwise: {fallback})" if fallback else ""
    return f"{name} is not asked here: this decision ({named}{_line_said(game, stmt.loc, stmt.loc.line)}) offers {offers}"


def fallback_only(game, seat: int, name: str) -> str:
    """"pass is offered only when place has no legal option (otherwise:, line 20)" where ``name`` is the pending
    decision's fallback alone, not one of its own actions, and those actions have a legal option for ``seat`` now (the
    fallback is not offered); else '': where they have none, the fallback is offered and what refuses it is its own
    `if`, told as any action's (a trial's fallback, turned off by its `if`, was told it is offered only when the
    decision's action has no legal option, where it had none)."""
    pending = game.state.flow.pending
    if pending is None or name not in pending.stmt.args.get("fallback", ()) or name in pending.stmt.args.get("actions", ()):
        return ""
    if not any(option.action in pending.stmt.args["actions"] for option in game.options(seat)):
        return ""
    own = " and ".join(dict.fromkeys(pending.stmt.args["actions"]))
    at = pending.stmt.args.get("fallback_at")
    where = f" (otherwise:, {_line_said(game, at, at.line)})" if at is not None else " (otherwise:)"
    have = "has" if len(set(pending.stmt.args["actions"])) == 1 else "have"
    return f"{name} is offered only when {own} {have} no legal option{where}"


def _offers_none(game, seat: int, action) -> bool:
    """Whether ``action``'s choose offers no choice for ``seat`` here (its first parameter's choices are none)."""
    S = game.state
    try:
        return not list(action.params[0].domain.fn(S, seat_names(S.flow.pending.locals, seat)))
    except (RuleRuntimeError, *FAILURES):
        return False


def _candidates(game, seat: int) -> list:
    """Each option the pending decision's actions could make for ``seat``, every choice as its `choose` yields it, the
    `if` not tested; [] where listing them fails or would try more than CANDIDATES_LIMIT choices."""
    S = game.state
    pending = S.flow.pending
    if pending is None:
        return []
    found: list = []
    work, memo = WORK[0], S.memo
    WORK[0], S.memo = WORK_LIMIT, {}  # listed as options are: the state stands still, definitions are remembered
    try:
        for name in decision_actions(pending.stmt):
            action = game.ruleset.actions[name]
            _walk(action, 0, seat_names(pending.locals, seat), S, found)
    except (_TooMany, RuleRuntimeError, *FAILURES):
        return []
    finally:
        WORK[0], S.memo = work, memo
    return found


def _walk(action, i: int, L: dict, S, found: list) -> None:
    """Add to ``found`` the options of ``action`` for its parameters i.. (the earlier ones bound in ``L``)."""
    params = action.params
    if i == len(params):
        found.append(Option.of(action.name, tuple((p.name, L[p.name]) for p in params)))
        if len(found) > CANDIDATES_LIMIT:
            raise _TooMany
        return
    values = params[i].domain.fn(S, L)
    if isinstance(values, str):  # letters, which a listing refuses
        raise TypeError
    for value in list(values):
        L[params[i].name] = value
        _walk(action, i + 1, L, S, found)


def _passes(game, seat: int, action, option) -> bool:
    """Whether ``action``'s `if` holds for ``option`` here: where it does, something else refuses it, and the if is not named."""
    return _holds(game, seat, action.condition, option)


def _holds(game, seat: int, expr, option) -> bool:
    """Whether the expression ``expr`` (an `if`, or a part of one) is true for ``option`` of ``seat`` here; False where
    it fails."""
    S = game.state
    return _holds_in(S, expr, {**seat_names(S.flow.pending.locals, seat), **dict(option.args)})


def _holds_in(S, expr, L: dict) -> bool:
    """Whether ``expr`` is true with the names ``L``; False where it fails."""
    try:
        return bool(_value(S, expr, L))
    except (RuleRuntimeError, *FAILURES):
        return False


def _value(S, expr, L: dict):
    """``expr``'s value with the names ``L``, evaluated as options are listed: the state stands still, definitions are
    remembered apart, the work limit its own."""
    work, memo = WORK[0], S.memo
    WORK[0], S.memo = WORK_LIMIT, {}
    try:
        return expr.fn(S, L)
    finally:
        WORK[0], S.memo = work, memo


class _TooMany(Exception):
    """More than CANDIDATES_LIMIT choices: too many to try for a message."""
