"""Builtin functions of the expression language: one small function each, gathered in a table.

Each entry says its arity and how its result type follows from its arguments' types, so
calls are checked before a game starts. Implementations take plain runtime values (and the
state first, where ``needs_state``); none can reach Python objects, files or the network,
and every loop they run is bounded by their (finite) arguments.
"""

from __future__ import annotations

import itertools
import math
from operator import attrgetter, itemgetter
from typing import Callable

from . import geometry
from .plain_data import Frozen
from .values import Component, SeatCopy, Zone, describe, given, holds_nested, other_kind_written, written_items

MAX_RANGE = 100_000
MAX_WHOLE = 2**53  # whole numbers computed from variables and scores stay exact in JSON
MAX_ITEMS = 1_000_000  # items of a list or characters of a word built by `+` or join()


class RuleRuntimeError(Exception):
    """A rule failed while a game ran (bad index, min of nothing, ...): reported at the rule.

    ``part``: the statement's argument whose value was refused (its `player`, say), where the
    expression itself did not fail: the message names that expression.
    """

    def __init__(self, message: str = "", part: str | None = None):
        super().__init__(message)
        self.part = part


# The work one evaluation of an expression may do: every compiled expression resets it on
# entry, and loops over collections (comprehensions, builtins, `in`, `+` of lists) charge
# their length. A few integer operations per collection, never per item.
WORK_LIMIT = 10_000_000
WORK = [WORK_LIMIT]  # the work left to the expression being evaluated (each that may charge starts afresh)
WORK_PER_STEP = 1024  # a loop's pass counts as one step more for each this much work done in it
HEAVY = WORK_LIMIT - WORK_PER_STEP  # less budget left than this: the last evaluation did much work


def work_steps() -> int:
    """The steps that the work of the last expression evaluated is worth, counted once (loops' passes add them).

    The runaway guard counts statements and loops' passes; a loop whose every pass does
    much work would take hours to reach the step limit. A pass whose last expression that
    could do work did at least WORK_PER_STEP (``HEAVY``: its budget is below that) counts
    that work too: such a loop stops in seconds. Keeping a total instead would cost every
    evaluation.
    """
    done = WORK_LIMIT - WORK[0]
    WORK[0] = WORK_LIMIT
    return done // WORK_PER_STEP


class StepsSpent(RuleRuntimeError):
    """Work counted towards the step limit at once (spend, bank) took the game past it: R200 where its statement fails
    (runners.rule_failed)."""


def spend(S, work: int) -> None:
    """Count ``work`` (units of the work budget, WORK_PER_STEP a step) towards the step limit: Flow.effect_room, which no
    expression's fresh budget resets; StepsSpent once the steps taken and it pass the limit (a fused loop's steps not
    yet stored in flow.steps are counted at its pass's end: late by those)."""
    flow = S.flow
    flow.effect_room -= work
    if flow.effect_room <= flow.steps * WORK_PER_STEP:
        raise StepsSpent("the step limit is reached: much work was done on large collections")


def bank(S) -> None:
    """Count the work the budget holds as done (at least WORK_PER_STEP: the caller's test), about to be dropped by a
    budget given afresh, towards the step limit of ``S``'s game (spend); a pass's count (work_steps) sees only its
    last evaluation's. An evaluation outside a game (a layout's, a lint's: no flow) counts nowhere."""
    if getattr(S, "flow", None) is not None:
        done = WORK_LIMIT - WORK[0]
        WORK[0] = WORK_LIMIT  # (counted once, whether or not it stops the game here)
        spend(S, done)


def keep_once(S, name: str, value):
    """``value``, a definition's that reads nothing a game changes (Compiler._once), kept in ``S`` under ``name`` (the
    definition's function) for the game's later reads: ``S.consts``, a dict replaced (never changed) at each value
    kept, so that a copy of the state shares the values kept before it was made and keeps its own apart (what a search
    works out on its copy is not the game's: each works out and charges its own first read). A game's state without
    one yet is given one; a stand-in's (a layout's, a lint's: ``consts`` None) keeps nothing, so the work of `copies`
    and the lints' evaluations is what it was."""
    try:
        kept = S.consts
    except AttributeError:  # (a game's state: the slot is set at the first value kept, not by initial_state)
        kept = {}
    if kept is not None:
        S.consts = {**kept, name: value}
    return value


class OutOfWork(RuleRuntimeError):
    """An evaluation stopped after WORK_LIMIT steps (the budget is full again: see out_of_work)."""


def out_of_work():
    """Stop an evaluation that did more than WORK_LIMIT steps."""
    WORK[0] = WORK_LIMIT  # whatever runs next (a message, a scenario check) starts afresh
    # (not "large collections": a few definitions each looping over 25 items, nested, pass it as surely)
    raise OutOfWork(f"the expression does too much work (more than {WORK_LIMIT:,} steps): "
                    "loops inside loops, or calling definitions that loop, multiply their items?")


def charge_written(value, counted: int, times: int = 1) -> None:
    """Charge the work budget for walking the list or map ``value`` written out ``times`` over (each list and map in it
    counted as often as it is held: ``written_items``), less the ``counted`` steps already charged for it. A value
    may hold the same list many times over in a few bytes; `==`, `in`, `distinct` and an order walk it written out."""
    most = WORK[0] // times + counted  # (the walk stops past what the budget left can pay)
    WORK[0] -= (written_items(value, most) - counted) * times
    if WORK[0] < 0:
        out_of_work()


class Builtin(Frozen):
    name: str
    impl: Callable
    min_args: int
    max_args: int
    returns: Callable  # (list of arg types) -> result type
    doc: str
    needs_state: bool = False
    collection_arg: bool = False  # first argument must be a collection
    arg_kinds: tuple = ()  # per argument: "whole", "number", "plain", "zone" or "comp", checked where its type is known
    charges: bool = True  # may charge the work budget (an evaluation calling none that does keeps the budget as it stands)
    shows_turn: bool = False  # its value tells a placement's turn (rules calling it make placements() list every turn)


def _elem(t):
    return t[1] if isinstance(t, tuple) and t[0] == "list" else ("comp" if t == "zone" else "any")


def _num(ts):
    """The type of a number computed from numbers of types ``ts``: whole if all are, unknown if any is and none is a fraction."""
    if all(t in ("int", "player") for t in ts):
        return "int"
    return "any" if all(t in ("int", "player", "any") for t in ts) else "num"


def _collection(x):
    if isinstance(x, (list, tuple, dict)):  # a word has a length but is no collection
        WORK[0] -= len(x)
        if WORK[0] < 0:
            out_of_work()
        return x
    if hasattr(x, "__next__"):
        return x
    raise RuleRuntimeError(f"expected a collection (a list, a zone, a map), got {describe(x)}")


def b_sum(xs):
    """Sum of numbers; 0 when empty."""
    total = 0
    for x in _collection(xs):
        total = total + x  # a failure reads as Python's sum()'s: '+' between two kinds
    if type(total) is float and not math.isfinite(total):  # floats near the largest add up to inf
        raise RuleRuntimeError("a number too large to compute with")
    if type(total) is int and not -MAX_WHOLE <= total <= MAX_WHOLE:  # two numbers near the limit add up past it
        beyond_the_limit()
    return total


def beyond_the_limit():
    """Stop a rule whose whole number passed +-MAX_WHOLE (what `+` says of one: compiler._whole)."""
    raise RuleRuntimeError(f"a whole number beyond the limit of +-{MAX_WHOLE:,}")


def b_count(xs):
    """Number of items."""
    if isinstance(xs, (list, tuple, dict)):
        return len(xs)
    return sum(1 for _ in _collection(xs))


def empty_extreme_said(name: str) -> str:
    """The failure of max() or min() of an empty collection, with the way out docs/language.md gives: a floor (or a
    ceiling) that is the answer for an empty one."""
    bound = "[0] + [...]) where no item is negative" if name == "max" else "[1000] + [...]) where every item is below 1000"
    return (f"{name}() of an empty collection: where it may be empty, test count(...) > 0 first, or add a value no "
            f"item passes, {name}({bound}")


def _extreme(args, pick, name):
    if len(args) == 1:
        items = list(_collection(args[0]))
        if not items:
            raise RuleRuntimeError(empty_extreme_said(name))
        # lists compared item by item, each in two comparisons at most (where the first item is no list, the first
        # list met is compared with a value that is no list, which fails at once)
        if items[0].__class__ is list:
            charge_written(items, len(items), 2)
        try:  # (no call of its own around pick: max and min run on the shipped games' hot path)
            return pick(items)
        except TypeError as exc:
            _note_compared(exc, items)
            raise
    if args[0].__class__ is list:
        charge_written(list(args), len(args), 2)
    try:
        return pick(args)
    except TypeError as exc:
        _note_compared(exc, args)
        _lists_among_others(args, name)
        raise


def _lists_among_others(args, name) -> None:
    """A failure naming max() or min() where its arguments mix lists with values that are no lists (`max(0, [...])`):
    Python's own names the '>' it compared them with, which the rules never wrote."""
    lists = [arg.__class__ is list for arg in args]
    if any(lists) and not all(lists):
        raise RuleRuntimeError(f"{name}() compares its arguments with each other, and got a list among values that are "
                               f"no lists: {name}([a] + xs) is the {'largest' if name == 'max' else 'smallest'} of a and of xs's items")


def b_min(*args):
    """Smallest item of one collection, or of the arguments."""
    return _extreme(args, min, "min")


def b_max(*args):
    """Largest item of one collection, or of the arguments."""
    return _extreme(args, max, "max")


def b_any(xs):
    """True when some item is true."""
    return any(_collection(xs))


def b_all(xs):
    """True when every item is true (also when empty)."""
    return all(_collection(xs))


def b_first(xs):
    """The first item, or none when empty."""
    if type(xs) is list or type(xs) is Zone:  # no walk, so nothing to charge
        return xs[0] if xs else None
    for x in _collection(xs):
        return x
    return None


def b_last(xs):
    """The last item (the top of a zone), or none when empty."""
    items = xs if isinstance(xs, (list, tuple)) else list(_collection(xs))
    return items[-1] if items else None


def _content_key(x, made):
    """A hashable key equal for equal values: lists by their items, maps by their pairs, recursively.

    Components and zones are themselves (by identity); a printed form would keep `[1]` and
    `[1.0]`, or two maps written in another order, as two items. ``made``: id of a list or map -> its key, so that
    a list held many times over is keyed once (its key then held as often: its hash and comparisons, in C, walk it).
    """
    if isinstance(x, list) and type(x) is not Zone:
        key = made.get(id(x))
        if key is None:
            key = made[id(x)] = tuple(_content_key(v, made) for v in x)
        return key
    if isinstance(x, dict) and type(x) is not Component:
        key = made.get(id(x))
        if key is None:
            key = made[id(x)] = frozenset((k, _content_key(v, made)) for k, v in x.items())
        return key
    return x


def b_distinct(xs):
    """The items without repeats, in first-seen order."""
    seen, out, made = set(), [], {}
    if xs.__class__ is list and holds_nested(xs):  # the items' keys hashed written out (a map's are words)
        charge_written(xs, 0)
    for x in _collection(xs):
        key = _content_key(x, made) if isinstance(x, (list, dict)) and not isinstance(x, (Component, Zone)) else x
        if key not in seen:
            seen.add(key)
            out.append(x)
    return out


def b_sorted(xs):
    """The items in ascending order."""
    if xs.__class__ is list and holds_nested(xs):  # lists compared item by item: each item in about log2(n) comparisons
        charge_written(xs, 0, len(xs).bit_length())
    try:
        return sorted(_collection(xs))
    except TypeError as exc:
        _note_compared(exc, _collection(xs))  # (the same items again: a zone's, a list's)
        raise


def _note_compared(exc, items) -> None:
    """A failed sort, min or max keeps the first component among its items (or in the lists they are) on the failure:
    explain names an attribute of it, not one of a game of its own."""
    exc.compared = _component_in(items) if isinstance(items, (list, tuple)) else None


def _component_in(items, depth: int = 2):
    """The first component among ``items``, or in the lists among them down to ``depth`` levels; None if none."""
    for item in items:
        if item.__class__ is Component:
            return item
        found = _component_in(item, depth - 1) if depth and item.__class__ is list else None
        if found is not None:
            return found
    return None


def _keyed_pairs(pairs, name):
    """The [key, item] pairs of sorted_by(), max_by() or min_by(), each checked to be a two-item list whose key has an
    order (a number, a word or a list, as sorted() takes them); keys that are lists charged as sorted() (max()) charges
    lists of lists, each key's items once per comparison it may take part in."""
    items = list(_collection(pairs))
    for pair in items:
        if pair.__class__ is not list or len(pair) != 2:
            raise RuleRuntimeError(f"{name}() takes [key, item] pairs, got {describe(pair)} among them: "
                                   f"write each as [key, item], {name}([c.rank, c] for c in ...)")
        if pair[0].__class__ not in _ORDERED_KEYS:  # (true and false too: Python orders them as 0 and 1)
            raise RuleRuntimeError(f"{name}() orders its items by their keys, numbers or words (or lists of such), got "
                                   f"the key {describe(pair[0])}: key each item by a number, as [c.rank, c]")
    keys = [pair[0] for pair in items]
    if holds_nested(keys):
        charge_written(keys, 0, len(keys).bit_length() if name == "sorted_by" else 2)
    return items


_ORDERED_KEYS = frozenset({int, float, str, list})  # the kinds of key sorted_by(), max_by() and min_by() order by
_KEY = itemgetter(0)


def _by_keys(order, items, name):
    """``order`` (sorted, max or min) of checked [key, item] pairs by their keys alone: the items are never compared."""
    try:
        return order(items, key=_KEY)
    except TypeError:  # keys of kinds with no order between them: Python's message names a '<' the rules never wrote
        raise RuleRuntimeError(f"{name}() compares the keys of its pairs with each other, and they mix kinds that have no "
                               "order between them (numbers and words, or lists and numbers): key every item alike") from None


def b_sorted_by(pairs):
    """The items of [key, item] pairs in ascending order of their keys; equal keys keep their pairs' order."""
    return [pair[1] for pair in _by_keys(sorted, _keyed_pairs(pairs, "sorted_by"), "sorted_by")]


def _extreme_by(pairs, pick, name):
    """The item of the first pair of the largest (smallest) key; an empty collection fails, as max() of one does."""
    items = _keyed_pairs(pairs, name)
    if not items:
        default = "[[-1, none]]) where no key is negative" if name == "max_by" else "[[1000, none]]) where every key is below 1000"
        raise RuleRuntimeError(f"{name}() of an empty collection: where it may be empty, test count(...) > 0 first, or end "
                               f"the pairs with a default pair that no item's key passes, {name}([...] + {default}")
    return _by_keys(pick, items, name)[1]


def b_max_by(pairs):
    """The item of the first [key, item] pair with the largest key."""
    return _extreme_by(pairs, max, "max_by")


def b_min_by(pairs):
    """The item of the first [key, item] pair with the smallest key."""
    return _extreme_by(pairs, min, "min_by")


def b_abs(x):
    """Absolute value."""
    if x.__class__ is bool:  # true is no number, though Python's abs would take it
        raise TypeError("bad operand type for abs(): 'bool'")
    return abs(x)


def b_range(a, b=None, step=1):
    """Integers a..b-1 (or 0..a-1), every ``step``-th as Python's range, at most 100,000 of them."""
    lo, hi = (0, a) if b is None else (a, b)
    if type(lo) is not int or type(hi) is not int or type(step) is not int:  # true is no number, though Python's range would take it
        raise RuleRuntimeError("range() takes whole numbers" + (fraction_hint(lo) or fraction_hint(hi) or fraction_hint(step)))
    if step == 0:
        raise RuleRuntimeError(RANGE_STEP_ZERO)
    many = max(0, -((lo - hi) // step))  # (how many Python's range gives, without its overflow past sys.maxsize)
    if many > MAX_RANGE:
        raise RuleRuntimeError(f"range() of {many:,} numbers; the limit is {MAX_RANGE:,}")
    WORK[0] -= many
    if WORK[0] < 0:
        out_of_work()
    return list(range(lo, hi, step))


RANGE_STEP_ZERO = "range()'s step must not be 0: range(a, b, step) counts by step, up where it is positive, down where it is negative"


def _whole(value, what: str) -> int:
    """``value`` if it is a whole number, else a rule's failure naming ``what`` it was for."""
    if type(value) is not int:
        raise RuleRuntimeError(f"{what} must be a whole number, got {describe(value)}{fraction_hint(value)}")
    return value


FRACTION_HINT = "'/' gives a fraction; use '//' for whole-number division"
FRACTION_SAID = "the value is a fraction"  # FRACTION_HINT where no '/' is in the rule that failed (compiler.fractions_told)


def fraction_hint(value) -> str:
    """For a fraction given where a whole number is due (`xs[n / 2]` with n odd): ' (FRACTION_HINT)', else ''.
    `/` gives a whole number where it divides exactly, so such a rule fails only in some games, at run time."""
    return f" ({FRACTION_HINT})" if type(value) is float and math.isfinite(value) and not value.is_integer() else ""


def b_left(S, p, k=1):
    """The seat k places to the left (clockwise, the next seat number) of seat p (counted round the table)."""
    if type(p) is int and type(k) is int:  # the common case, without a call to check each
        return (p + k) % S.nplayers
    return (_whole(p, "left()'s seat") + _whole(k, "left()'s count of places")) % S.nplayers


def b_right(S, p, k=1):
    """The seat k places to the right (counter-clockwise) of seat p (counted round the table)."""
    if type(p) is int and type(k) is int:  # as b_left
        return (p - k) % S.nplayers
    return (_whole(p, "right()'s seat") - _whole(k, "right()'s count of places")) % S.nplayers


def b_seats_from(S, p):
    """All seats in clockwise order starting with seat p (counted round the table)."""
    n = S.nplayers
    p = _whole(p, "seats_from()'s seat")
    return [(p + i) % n for i in range(n)]


def b_team(teams, p):
    """The seats of seat p's team, as the ruleset's `teams` lists them (the compiler passes the game's teams)."""
    if type(p) is int:
        for team in teams:
            if p in team:
                return team
    _no_seat("team()", teams, p)


def b_team_index(teams, p):
    """The position of seat p's team in the ruleset's `teams`, 0 for the first (the compiler passes the game's teams, as
    to b_team): a list kept a team (`pts[team_index(p)]`) is read without the teams written again by hand (`p % 2`)."""
    if type(p) is int:
        for i, team in enumerate(teams):
            if p in team:
                return i
    _no_seat("team_index()", teams, p)


def _no_seat(name: str, teams, p):
    """The failure of a team builtin ``name`` given ``p``, which is no seat of the game's ``teams``."""
    seats = sum(len(team) for team in teams)
    raise RuleRuntimeError(f"{name}'s seat must be a seat (0..{seats - 1}), got {describe(p)}{fraction_hint(p)}")


def b_partners(teams, p):
    """The other seats of seat p's team (the compiler passes the game's teams, as to b_team)."""
    return [q for q in b_team(teams, p) if q != p]


# builtins given the game's teams, not the state (Compiler._g_Call)
TEAM_BUILTINS = frozenset({"team", "partners", "team_index"})


def b_round_score(S, r, p):
    """Points seat p scored in round r (1-based); 0 for a round not played."""
    if type(p) is not int or not 0 <= p < S.nplayers:
        raise RuleRuntimeError(f"round_score()'s seat must be a seat (0..{S.nplayers - 1}), got {describe(p)}{fraction_hint(p)}")
    if type(r) is not int:  # (the test of _whole, without its call where it holds)
        _whole(r, "round_score()'s round")
    if 1 <= r <= len(S.round_scores):
        return S.round_scores[r - 1][p]
    return 0


MAX_SUBSETS_OF = 12


def b_take(xs, n):
    """The first n items."""
    if type(n) is not int:  # true is no number, though Python would slice with it
        raise RuleRuntimeError("take() needs a whole number of items" + fraction_hint(n))
    return list(_collection(xs))[: max(0, n)]


def b_take_last(xs, n):
    """The last n items, in their order (a deck's top n cards)."""
    if type(n) is not int:  # (as take() checks its count)
        raise RuleRuntimeError("take_last() needs a whole number of items" + fraction_hint(n))
    items = list(_collection(xs))
    return items[max(0, len(items) - n):] if n > 0 else []  # (items[-0:] would be all of them)


def b_reversed(xs):
    """The items in the opposite order (a zone's top first)."""
    return list(_collection(xs))[::-1]


def b_subsets(xs):
    """Every subset of the items, each a list in the original order (at most 2**12 of them)."""
    if type(xs) is list or type(xs) is Zone:  # what _collection does with a list, without its call; read, not copied
        n = len(xs)
        if n == 1:  # (the commonest) its one charge, n + ((n + 1) << n), then none and the item: the two lists the loop
            WORK[0] -= 5  # makes, without the loop
            if WORK[0] < 0:
                out_of_work()
            return [[], [xs[0]]]
        items = xs
        # the items read and the subsets built charged at once where both are: out of work where either charge
        # would be (out_of_work sets the budget afresh), and nothing between them reads the budget
        charged = n <= MAX_SUBSETS_OF
        WORK[0] -= n + ((n + 1) << n) if charged else n
        if WORK[0] < 0:
            out_of_work()
    else:
        items = list(_collection(xs))
        n = len(items)
        charged = False
    if not charged:
        if n > MAX_SUBSETS_OF:
            # (the sets of one size wanted, [s for s in subsets(xs) if count(s) == k], need no limit of items)
            raise RuleRuntimeError(f"subsets() of {n} items; the limit is {MAX_SUBSETS_OF}: where the sets wanted have k items, "
                                   f"subsets(xs, k) takes any number of items, as long as it makes at most {MAX_RANGE:,} sets")
        WORK[0] -= (n + 1) << n  # the subsets it builds, not just the items it reads
        if WORK[0] < 0:
            out_of_work()
    if n == 1:  # (as above, for another collection of one item)
        return [[], [items[0]]]
    # subset number m holds item i where bit i of m is set: those without item i, then each with it (a loop, not a
    # comprehension: Python 3.11 makes and calls a function for each, most of the cost of the subsets of one or two items)
    subsets = [[]]
    for item in items:
        one = [item]
        for i in range(len(subsets)):
            subsets.append(subsets[i] + one)
    return subsets


def b_subsets_of(xs, k):
    """Every subset of exactly k items, each a list in the original order, in the order of their items' positions
    ([a, b], [a, c], [b, c] of [a, b, c] and 2): subsets(xs, k), compiled to this call (at most 100,000 of them)."""
    if type(k) is not int:  # true is no number
        raise RuleRuntimeError("subsets() needs a whole number of items as its second argument" + fraction_hint(k))
    items = list(_collection(xs))
    n = len(items)
    if not 0 <= k <= n:
        return []  # no subset holds fewer than none, nor more items than there are
    made = math.comb(n, k)
    if made > MAX_RANGE:
        raise RuleRuntimeError(f"subsets() of {n} items taken {k} at a time makes {made:,} subsets; the limit is {MAX_RANGE:,}")
    WORK[0] -= n + made * (k + 1)  # the items read and the subsets built, as subsets(xs) charges
    if WORK[0] < 0:
        out_of_work()
    return [list(chosen) for chosen in itertools.combinations(items, k)]


def _item_key(x, made):
    """The key ``x`` is counted by in a multiset: itself, or for a list or map its content (as distinct() keys it; a
    list of numbers and words, [suit, rank], by tuple() alone, made in C, as _graph keys a node)."""
    c = x.__class__
    if c is int or c is str:
        return x
    if c is list and _PLAIN_ITEMS.issuperset(map(type, x)):
        return tuple(x)
    if isinstance(x, (list, dict)) and c is not Component and c is not Zone:
        return _content_key(x, made)
    return x


def b_partitions(items, groups, most=None):
    """Every way to split the multiset ``items`` exactly into groups drawn from the list ``groups`` (a group may be
    used more than once), each way a list of groups, each way once: at most ``most`` of them, the first found.

    A backtracking exact cover, in an order that follows the lists alone: the first item not yet covered (in the
    items' order of first appearance, equal items one kind) is covered by each group whose first kind it is, in the
    groups' order; a way lists its groups in the order chosen. Groups equal as multisets are one group (the first
    written), and the groups covering one kind are chosen in the list's order, so that a way is found once whatever
    order its groups could be taken in. Charged the arguments written out, then a step for each group tried and each
    of its kinds compared, and each way's groups made: a search past the budget stops the rule naming this builtin."""
    if type(items) is not list and type(items) is not Zone:
        raise RuleRuntimeError(f"partitions() splits a list (or a zone) of items, got {describe(items)}")
    if type(groups) is not list:
        hint = ": a group of one item is a list too, [[c] for c in ...]" if type(groups) is Zone else ""
        raise RuleRuntimeError(f"partitions() needs a list of groups, each a list of items, got {describe(groups)}{hint}")
    if most is not None and type(most) is not int:  # true is no number
        raise RuleRuntimeError("partitions() needs a whole number of ways as its third argument" + fraction_hint(most))
    if type(items) is Zone:
        _charge_copy(len(items))  # (a step a component, as a zone's walk is charged: no list of lists to write out)
    else:
        charge_written(items, 0)
    charge_written(groups, 0)
    made: dict = {}
    kinds: dict = {}  # key -> its number, in the order of first appearance (a dict, never a set: no hash order)
    counts: list = []
    for x in items:
        key = _item_key(x, made)
        k = kinds.get(key)
        if k is None:
            k = kinds[key] = len(counts)
            counts.append(0)
        counts[k] += 1
    # per kind, the groups whose first kind (the least number) it is: (the group as written, [(kind, how many)])
    starting: list = [[] for _ in counts]
    seen = set()
    for i, group in enumerate(groups):
        if group.__class__ is not list:
            hint = ": a group of one item is a list too, [x]" if group.__class__ is not dict else ""
            raise RuleRuntimeError(f"partitions()'s group number {i} must be a list of items, got {describe(group)}{hint}")
        need: dict = {}
        for x in group:
            k = kinds.get(_item_key(x, made))
            if k is None:
                break  # a group holding what no item is never fits
            need[k] = need.get(k, 0) + 1
        else:
            k = 0
        if k is None or not need:
            continue  # (an empty group covers nothing)
        need = sorted(need.items())
        if tuple(need) in seen:
            continue  # the same multiset written again (or in another order): one group, else each way twice
        seen.add(tuple(need))
        starting[need[0][0]].append((group, need))
    if most is not None and most < 1:
        return []
    left = WORK[0]  # (a local count, as longest_trail keeps: WORK is set again once the search is done)
    ways: list = []
    chosen: list = []  # (kind, position among starting[kind]) of each group of the way being built
    n = len(counts)
    first, at = 0, 0  # the first kind not yet covered; the next of its groups to try
    while left >= 0:
        while first < n and counts[first] == 0:  # (a kind passed is covered: its groups tried from the first again)
            first, at = first + 1, 0
            left -= 1
        if first == n:  # all covered: a way
            left -= len(chosen) + 1
            if left < 0:
                break
            ways.append([starting[k][j][0] for k, j in chosen])
            if len(ways) == most:
                break
        else:
            tried = starting[first]
            while at < len(tried):
                need = tried[at][1]
                left -= 1 + len(need)
                if all(counts[k] >= m for k, m in need):
                    break
                at += 1
            if at < len(tried):  # this group taken: the first kind's next group is this one again or a later one
                for k, m in need:
                    counts[k] -= m
                chosen.append((first, at))
                continue
        if not chosen:
            break  # every group of the first kind tried: the search is done
        first, at = chosen.pop()  # back to the last group taken: put its items back, and try the next
        for k, m in starting[first][at][1]:
            counts[k] += m
        at += 1
    if left < 0:
        WORK[0] = WORK_LIMIT  # (whatever runs next starts afresh, as out_of_work leaves it)
        raise OutOfWork(f"partitions() of {len(items):,} items into {len(groups):,} groups does too much work (more than "
                        f"{WORK_LIMIT:,} steps): it tries every way to split them; partitions(items, groups, 1) stops at "
                        "the first way found")
    WORK[0] = left
    return ways


def _grid_resolution(S, z):
    """The resolution of grid zone z (a rule error if z is not a grid zone)."""
    if not isinstance(z, Zone) or z.key[0] not in S.grids:
        raise RuleRuntimeError(f"expected a grid zone, got {given(z, S.zones)}")
    return S.grids[z.key[0]]


def _grid_layer(S, z):
    """The visible top layer of a grid zone (cached until a piece is placed or leaves)."""
    _grid_resolution(S, z)
    memo = S.grid_memo
    key = (z.key, S.grid_version)
    layer = memo.get(key)
    if layer is None:
        if len(memo) > 8:  # forget earlier grid states, but not what is kept up to date
            kept = {k: v for k, v in memo.items() if k[0] in ("candidates", "top")}
            memo.clear()
            memo.update(kept)
        layer = memo[key] = _top_layer(S, z)
    return layer


_ID = attrgetter("ident")


def _top_layer(S, z):
    """The top layer of grid z, grown from the last one made when pieces were only placed on top since.

    Its work is charged to the budget before it is done, as the grid builtins' own is: a step for each piece on the
    grid (listed and compared), each cell of the last layer copied, and each cell of each piece laid on it, past the
    first FREE_LAYER_WORK (a small grid's layer is covered by the step of the statement reading it, as a move of a few
    components is). A rule that reads a grid of many pieces, one placed again (on top) before each read, stops with R100.
    """
    charge = _allowance(FREE_LAYER_WORK)
    # what a layer depends on: which pieces lie where, bottom to top (pieces never change): their
    # ids and their placements, each listed by a C loop and compared as two lists
    charge(len(z))
    ids = list(map(_ID, z))
    at = list(map(S.placed.__getitem__, ids))
    last = S.grid_memo.get(("top", z.key))
    resolution = S.grids[z.key[0]]
    if last is not None and ids[: len(last[0])] == last[0] and at[: len(last[0])] == last[1]:
        charge(len(last[2]))
        layer = dict(last[2])  # the last layer may still be in use: it is never changed
        layer.update(geometry.top_layer(z[len(last[0]) :], S.placed, resolution, charge))
    else:
        layer = geometry.top_layer(z, S.placed, resolution, charge)
    S.grid_memo[("top", z.key)] = (ids, at, layer)
    return layer


def _geometry(S, fn, *args):
    try:
        return fn(*args)
    except geometry.GeometryError as exc:  # the values it names written as the language does, zones by their names
        raise RuleRuntimeError(exc.say(S.zones)) from None


def _charge_grid_work(work) -> None:
    """Charge a grid builtin's work to the budget before it is done (R100 past it, as any builtin's)."""
    WORK[0] -= work
    if WORK[0] < 0:
        out_of_work()


# the work of making a grid's top layer (_top_layer) that is not charged: covered by the step of the statement that
# reads the grid, as a move of a few components is by its own (a layer of some 30 pieces of 3 cells, grown by one)
FREE_LAYER_WORK = 128


def _allowance(free: int) -> Callable:
    """A charge of grid work (as _charge_grid_work) whose first ``free`` steps are not charged."""
    left = [free]

    def charge(work) -> None:
        """Charge ``work``, less what is left of the allowance."""
        left[0] -= work
        if left[0] < 0:
            _charge_grid_work(-left[0])
            left[0] = 0

    return charge


def _piece(S, piece):
    """A grid builtin's piece: a component (a map with cells would do for geometry.py, not in a rule)."""
    if type(piece) is not Component:
        raise RuleRuntimeError(f"the piece must be a component, got {given(piece, S.zones)}")


def b_placements(S, z, piece, candidates=geometry.Candidates):
    """Every placement {x, y, rot, overlap, touching} of piece that covers or touches an occupied cell of grid z (on a
    board of fixed size, every one on the board).

    ``candidates(piece, resolution)`` makes what keeps a shape's placements on a grid up to date: a ruleset with a board
    of fixed size passes its own (b_placements_on_boards), so that a grid without edges is never asked whether it has."""
    # a component of a kind whose shape is known, on a grid state listed for that shape (a hand's
    # cards after its first): the shape and then the placements read from their memos, no call
    shape = None
    if type(z) is Zone:
        shape = geometry.LISTING_KEYS.get((id(piece), S.grids.get(z.key[0])))  # (kept for components only)
        if shape is not None:
            key = (z.key, S.grid_version, "placements", shape)
            found = S.grid_memo.get(key)
            if found is not None:
                return found
    resolution = _grid_resolution(S, z)
    if shape is None:  # (a shape found above is the piece's on this grid: its placements were looked for)
        _piece(S, piece)
        shape = _geometry(S, geometry.listing_key, piece, resolution)
        key = (z.key, S.grid_version, "placements", shape)
        found = S.grid_memo.get(key)
        if found is not None:
            return found
    # pieces of one shape share their placements (those whose turns repeat, values and all, list each result once: the
    # shape's listing_key tells them apart): computed once per grid state and shape,
    # and from one grid state to the next only around the cells that changed (the counts
    # changed are charged before they are, and the list handed out as it is made)
    layer = _grid_layer(S, z)
    kept = S.grid_memo.get(("candidates", z.key, shape))
    if kept is None:
        kept = S.grid_memo[("candidates", z.key, shape)] = _geometry(S, candidates, piece, resolution)
    found = kept.update(layer, _charge_grid_work)
    WORK[0] -= len(found)  # (inline: a call less on a grid game's hot path)
    if WORK[0] < 0:
        out_of_work()
    S.grid_memo[key] = found
    return found


def _candidates_on_boards(piece, resolution):
    """The candidates of a piece's shape on a grid: on a board of fixed size, only those on the board."""
    return (geometry.BoundedCandidates if type(resolution) is geometry.Bounded else geometry.Candidates)(piece, resolution)


def b_placements_on_boards(S, z, piece):
    """placements() in a ruleset with a board of fixed size (the compiler calls it there, b_placements elsewhere)."""
    return b_placements(S, z, piece, _candidates_on_boards)


def _candidates_unturned(piece, resolution):
    """The candidates of a piece's shape on a grid whose pieces never turn: at rot 0 alone (on a board, only those on it)."""
    return (geometry.UnturnedBoundedCandidates if type(resolution) is geometry.Bounded else geometry.UnturnedCandidates)(piece, resolution)


def b_placements_unturned(S, z, piece, unturned: tuple):
    """placements() in a ruleset with a grid whose pieces never turn (`turns: false`, the grids named in ``unturned``):
    on those, the placements at rot 0 alone. Each grid keeps its own placements and candidates (memos keyed by the zone),
    so a grid whose pieces turn lists all four beside it."""
    if type(z) is Zone and z.key[0] in unturned:
        return b_placements(S, z, piece, _candidates_unturned)
    return b_placements(S, z, piece, _candidates_on_boards)


def _candidates_every_turn(piece, resolution):
    """The candidates of a piece's shape at each of its four turns, those that look alike too (on a board, only on it)."""
    return (geometry.EveryTurnBoundedCandidates if type(resolution) is geometry.Bounded else geometry.EveryTurnCandidates)(piece, resolution)


def b_placements_every_turn(S, z, piece):
    """placements() in a ruleset whose rules read a placement's rot: every turn listed, those that look like a lesser
    one too (the rot may mean what the cells do not show)."""
    return b_placements(S, z, piece, _candidates_every_turn)


def b_placements_unturned_every_turn(S, z, piece, unturned: tuple):
    """b_placements_unturned in a ruleset whose rules read a placement's rot: on the other grids, every turn listed."""
    if type(z) is Zone and z.key[0] in unturned:
        return b_placements(S, z, piece, _candidates_unturned)
    return b_placements(S, z, piece, _candidates_every_turn)


def _candidates_hex(piece, resolution):
    """The candidates of a piece's shape on a hex grid: at rot 0, six neighbours a cell (on a board, only those on it)."""
    return (geometry.HexBoundedCandidates if type(resolution) is geometry.Bounded else geometry.HexCandidates)(piece, resolution)


def b_placements_hex(S, z, piece, hexes: tuple, unturned: tuple):
    """placements() in a ruleset with a hex grid (`cells: hex`, the grids named in ``hexes``): there, at rot 0, a
    placement touching what its cells' six neighbours hold; another grid as b_placements_unturned lists it (a hex grid's
    pieces never turn: ``unturned`` names it too)."""
    if type(z) is Zone and z.key[0] in hexes:
        return b_placements(S, z, piece, _candidates_hex)
    return b_placements_unturned(S, z, piece, unturned)


def b_placements_hex_every_turn(S, z, piece, hexes: tuple, unturned: tuple):
    """b_placements_hex in a ruleset whose rules read a placement's rot: on a grid whose pieces turn, every turn listed."""
    if type(z) is Zone and z.key[0] in hexes:
        return b_placements(S, z, piece, _candidates_hex)
    return b_placements_unturned_every_turn(S, z, piece, unturned)


def b_overlap(S, z, piece, at):
    """How many occupied cells of grid z the piece would cover at placement at."""
    layer = _grid_layer(S, z)
    _piece(S, piece)
    resolution = S.grids[z.key[0]]
    _charge_grid_work(len(_geometry(S, geometry.shape_key, piece, resolution)))  # a look-up per cell of the piece
    return _geometry(S, geometry.overlap, layer, piece, at, resolution)


def b_touching(S, z, piece, at):
    """How many occupied cells of grid z, not covered, share an edge with the piece at placement at."""
    layer = _grid_layer(S, z)
    _piece(S, piece)
    resolution = S.grids[z.key[0]]
    _charge_grid_work(4 * len(_geometry(S, geometry.shape_key, piece, resolution)))  # the four sides of each cell
    return _geometry(S, geometry.touching, layer, piece, at, resolution)


def b_touching_hex(S, z, piece, at, hexes: tuple):
    """touching() in a ruleset with a hex grid: on one of ``hexes``, the occupied cells among the six neighbours of the
    piece's cells (charged six steps a cell); on another grid, b_touching's four."""
    if type(z) is not Zone or z.key[0] not in hexes:
        return b_touching(S, z, piece, at)
    layer = _grid_layer(S, z)
    _piece(S, piece)
    resolution = S.grids[z.key[0]]
    _charge_grid_work(6 * len(_geometry(S, geometry.shape_key, piece, resolution)))  # the six sides of each cell
    return _geometry(S, geometry.hex_touching, layer, piece, at, resolution)


def b_regions_hex(S, z, hexes: tuple):
    """regions() in a ruleset with a hex grid: on one of ``hexes``, cells joined across their six sides (charged a step
    a cell); on another grid, b_regions'."""
    if type(z) is not Zone or z.key[0] not in hexes:
        return b_regions(S, z)
    layer = _grid_layer(S, z)
    key = (z.key, S.grid_version, "regions")
    found = S.grid_memo.get(key)
    if found is None:
        _charge_grid_work(len(layer))  # each cell joined to its neighbours
        found = S.grid_memo[key] = geometry.hex_regions(layer)
    return found


def b_neighbours(S, z, x, y, hexes: tuple = ()):
    """The cells [x, y] next to cell (x, y) of grid z, clockwise from the right one: four on a square grid, six on one
    of ``hexes`` (hex grids); on a board of fixed size, those on the board alone. Charged a step a neighbour."""
    resolution = _grid_resolution(S, z)
    if type(x) is not int or type(y) is not int:  # true is no coordinate, nor 1.0
        _whole(x, "neighbours()'s x")
        _whole(y, "neighbours()'s y")
    sides = geometry.HEX_SIDES if z.key[0] in hexes else geometry.SQUARE_SIDES
    _charge_grid_work(len(sides))
    if type(resolution) is geometry.Bounded:
        width, height = resolution.width, resolution.height
        return [[x + dx, y + dy] for dx, dy in sides if 0 <= x + dx < width and 0 <= y + dy < height]
    return [[x + dx, y + dy] for dx, dy in sides]


def b_group_at(S, z, x, y, hexes: tuple = ()):
    """The cells [x, y] joined to cell (x, y) of grid z through neighbours (six on one of ``hexes``, else four) whose
    value, as cell_at reads it, equals its own (none too: an empty area), sorted by y then x. On a grid without edges an
    empty cell's area has no end: R100. Made once per grid state for every cell of the group, charged a step for each
    neighbour tried (a step a side of each cell in it); read again free."""
    resolution = _grid_resolution(S, z)
    if type(x) is not int or type(y) is not int:  # true is no coordinate, nor 1.0
        _whole(x, "group_at()'s x")
        _whole(y, "group_at()'s y")
    bounded = type(resolution) is geometry.Bounded
    if bounded and not (0 <= x < resolution.width and 0 <= y < resolution.height):
        raise RuleRuntimeError(f"group_at()'s cell ({x}, {y}) is off the board (x 0..{resolution.width - 1}, "
                               f"y 0..{resolution.height - 1}): it is in no group")
    layer = _grid_layer(S, z)
    key = (z.key, S.grid_version, "groups")
    groups = S.grid_memo.get(key)
    if groups is None:
        groups = S.grid_memo[key] = {}
    found = groups.get((x, y))
    if found is not None:
        return found
    held = layer.get((x, y))
    value = None if held is None else geometry.cell_value(held[0])
    if value is None and not bounded:
        raise RuleRuntimeError(f"group_at()'s cell ({x}, {y}) is empty on a grid without edges: its empty area has no end "
                               "(a grid of fixed size, with width and height, bounds it; or ask of a covered cell)")
    sides = geometry.HEX_SIDES if z.key[0] in hexes else geometry.SQUARE_SIDES
    width, height = (resolution.width, resolution.height) if bounded else (0, 0)
    seen = {(x, y)}
    todo = [(x, y)]
    for cx, cy in todo:  # (the list grows as it is walked)
        _charge_grid_work(len(sides))
        for dx, dy in sides:
            near = (cx + dx, cy + dy)
            if near in seen or bounded and not (0 <= near[0] < width and 0 <= near[1] < height):
                continue
            held = layer.get(near)
            if (None if held is None else geometry.cell_value(held[0])) == value:
                seen.add(near)
                todo.append(near)
    todo.sort(key=lambda c: (c[1], c[0]))
    found = [[cx, cy] for cx, cy in todo]
    for cell in todo:
        groups[cell] = found
    return found


def b_border(S, z, cells, hexes: tuple = ()):
    """The cells [x, y] next to one of ``cells`` (a list of cells [x, y]) of grid z and not among them, each once, sorted
    by y then x: four neighbours a cell, six on one of ``hexes``; on a board of fixed size, those on it. Charged a step
    for each item of the list and each neighbour tried."""
    resolution = _grid_resolution(S, z)
    if not isinstance(cells, list) or type(cells) is Zone:
        raise RuleRuntimeError(f"border() needs a list of cells [x, y], got {describe(cells)}")
    _charge_grid_work(len(cells))
    inside = set()
    for i, cell in enumerate(cells):
        if cell.__class__ is not list or len(cell) != 2 or type(cell[0]) is not int or type(cell[1]) is not int:
            raise RuleRuntimeError(f"border()'s cell number {i} must be a list [x, y] of two whole numbers, got {describe(cell)}")
        inside.add((cell[0], cell[1]))
    sides = geometry.HEX_SIDES if z.key[0] in hexes else geometry.SQUARE_SIDES
    _charge_grid_work(len(inside) * len(sides))
    bounded = type(resolution) is geometry.Bounded
    width, height = (resolution.width, resolution.height) if bounded else (0, 0)
    around = {(cx + dx, cy + dy) for cx, cy in inside for dx, dy in sides} - inside
    if bounded:
        around = {c for c in around if 0 <= c[0] < width and 0 <= c[1] < height}
    return [[cx, cy] for cx, cy in sorted(around, key=lambda c: (c[1], c[0]))]


def b_regions(S, z):
    """Connected regions of equal value in grid z's visible top layer: records {value, size, marked}, largest first."""
    layer = _grid_layer(S, z)
    key = (z.key, S.grid_version, "regions")
    found = S.grid_memo.get(key)
    if found is None:
        resolution = S.grids[z.key[0]]
        _charge_grid_work(len(layer) * resolution * resolution)  # each cell's sub-cells joined, at most
        found = S.grid_memo[key] = _geometry(S, geometry.regions, layer, resolution)
    return found


# -- graphs: a list of edges [a, b] or [a, b, weight], undirected --------------------------------------------------


_PLAIN_ITEMS = frozenset({int, float, str, bool, type(None)})  # items a list node may hold to be keyed by tuple() alone


def _graph(edges, name: str, starts=()):
    """The nodes and the edges of a list of edges, as ``name``() reads it: (nodes: key -> the value first met, the
    ``starts`` first; around: key -> [(edge number, key of the other end)] in the edges' order; weights: edge number ->
    its weight, 1 where it has none). Charged the edges written out and a step for each end listed. All is kept in
    dicts and lists, never sets: what is tried, in what order, and so the work charged and the answer, follow the
    edges' order alone (never the hash of a word, which PYTHONHASHSEED changes)."""
    if not isinstance(edges, (list, tuple)) or type(edges) is Zone:
        hint = ": list each component's ends, [[c.a, c.b] for c in ...]" if type(edges) is Zone else ""
        raise RuleRuntimeError(f"{name}() needs a list of edges, each a list [a, b] or [a, b, weight], got {describe(edges)}{hint}")
    charge_written(edges, 0)
    _charge_copy(2 * len(edges))  # each edge listed at both its ends
    nodes, around, weights, made = {}, {}, [], {}

    def key_of(value):
        """The node's key: itself, or for a list or map (a cell's [x, y]) its content, as distinct() keys it."""
        if value.__class__ is list and _PLAIN_ITEMS.issuperset(map(type, value)):
            return tuple(value)  # (a list of numbers and words, [x, y]: _content_key's key, made in C)
        if isinstance(value, (list, dict)) and type(value) is not Component and type(value) is not Zone:
            return _content_key(value, made)
        return value

    for start in starts:
        nodes[key_of(start)] = start
        around[key_of(start)] = []
    for i, edge in enumerate(edges):
        if edge.__class__ is not list and (not isinstance(edge, list) or type(edge) is Zone) or not 2 <= len(edge) <= 3:
            hint = ": list its ends, [c.a, c.b]" if type(edge) is Component else ""
            raise RuleRuntimeError(f"{name}()'s edge number {i} must be a list [a, b] or [a, b, weight], got {describe(edge)}{hint}")
        if len(edge) == 3:
            weight = edge[2]
            if type(weight) is not int and type(weight) is not float:  # (true is no weight, though Python adds it as 1)
                raise RuleRuntimeError(f"{name}()'s edge number {i} has a weight that is no number: {describe(weight)}")
            weights.append(weight)
        else:
            weights.append(1)
        a, b = edge[0], edge[1]
        # a number, a word: its own key; a list or a map keyed by its content ([x, y] by tuple(), made in C)
        if a.__class__ is list and _PLAIN_ITEMS.issuperset(map(type, a)):
            a = tuple(a)
        elif isinstance(a, (list, dict)):
            a = key_of(a)
        if b.__class__ is list and _PLAIN_ITEMS.issuperset(map(type, b)):
            b = tuple(b)
        elif isinstance(b, (list, dict)):
            b = key_of(b)
        found = around.get(a)
        if found is None:
            nodes[a] = edge[0]
            found = around[a] = []
        found.append((i, b))
        if b != a:  # a loop is tried once from its node
            found = around.get(b)
            if found is None:
                nodes[b] = edge[1]
                found = around[b] = []
            found.append((i, a))
    return nodes, around, weights


def b_reachable(edges, start):
    """The nodes joined to start by a path of edges [a, b] (undirected), start first, then in the order a search
    outwards from it meets them (nearer first, each node's edges in the list's order)."""
    nodes, around, _ = _graph(edges, "reachable", (start,))
    first = next(iter(nodes))
    seen = {first: None}  # (a dict: its keys keep the order they were met in)
    todo = [first]
    for node in todo:  # (the list grows as it is walked: a search outwards, nearer nodes first)
        for _, other in around[node]:
            if other not in seen:
                seen[other] = None
                todo.append(other)
    return [nodes[k] for k in todo]


def b_cut_nodes(edges):
    """The nodes whose removal splits their connected component in two or more (articulation points), in the order the
    edges first name them. Edges are undirected; a loop or a second edge between two nodes joins nothing more. One
    search in depth (Hopcroft and Tarjan's, without recursion: a path may be as long as the edges are many), linear in
    the edges, charged as reachable's reading of them is."""
    nodes, around, _ = _graph(edges, "cut_nodes")
    found, low, cut = {}, {}, {}  # (dicts, never sets: the answer follows the edges' order alone)
    for root in nodes:
        if root in found:
            continue
        found[root] = low[root] = len(found)
        children = 0
        frames = [(root, -1, iter(around[root]))]  # a node of the path, the edge number it was reached by, its edges left
        while frames:
            node, via, steps = frames[-1]
            step = next(steps, None)
            if step is None:
                frames.pop()
                if frames:
                    parent = frames[-1][0]
                    if low[node] < low[parent]:
                        low[parent] = low[node]
                    if parent != root and low[node] >= found[parent]:  # nothing below node climbs above parent
                        cut[parent] = None
                continue
            e, other = step
            if e == via:  # (the edge it came by, not another edge between the same two nodes)
                continue
            if other in found:
                if found[other] < low[node]:
                    low[node] = found[other]
            else:
                found[other] = low[other] = len(found)
                if node == root:
                    children += 1
                frames.append((other, e, iter(around[other])))
        if children > 1:
            cut[root] = None
    return [nodes[k] for k in nodes if k in cut]


def b_longest_trail(edges):
    """The largest total weight of a trail, a walk along edges [a, b, weight] (weight 1 where an edge has none) that
    uses no edge twice, though it may pass a node again; 0 for no edges. Edges are undirected. Every trail from every
    node is tried, a step of the work budget for each edge tried: exponential in the worst case, so a large graph
    stops the rule (R100) naming this builtin."""
    nodes, around, weights = _graph(edges, "longest_trail")
    best = 0
    used = [False] * len(weights)
    left = WORK[0]  # (a local count: the loop below is the whole cost; WORK is set again once it is done)
    for start in nodes:
        # a search in depth without recursion (a trail may be as long as the edges are many): a frame per node of the
        # trail, the iterator over the edges still to try from it, and the weight of the trail that reached it (kept,
        # not undone by subtraction: fractions would drift); the trail's edges are ``trail``, one per frame past the first
        frames, totals, trail = [iter(around[start])], [0], []
        while frames:
            step = next(frames[-1], None)
            if step is None:
                frames.pop()
                totals.pop()
                if frames:  # the frame left was reached by the trail's last edge (the first frame by none)
                    used[trail.pop()] = False
                continue
            left -= 1
            if left < 0:
                WORK[0] = WORK_LIMIT  # (whatever runs next starts afresh, as out_of_work leaves it)
                raise OutOfWork(f"longest_trail() of {len(weights):,} edges does too much work (more than {WORK_LIMIT:,} "
                                "steps): it tries every trail, as many as the graph's edges allow")
            e, other = step
            if not used[e]:
                used[e] = True
                trail.append(e)
                total = totals[-1] + weights[e]
                if total > best:
                    best = total
                totals.append(total)
                frames.append(iter(around[other]))
    WORK[0] = left
    if type(best) is float and not math.isfinite(best):
        raise RuleRuntimeError("a number too large to compute with")
    if type(best) is int and not -MAX_WHOLE <= best <= MAX_WHOLE:
        beyond_the_limit()
    return best


def item_at(seq, i):
    """``seq[i]``, for a whole number i within the list (`xs[i]` in an expression, and put()'s index)."""
    if type(i) is not int or not (0 <= i < len(seq)):
        if type(i) is not int:  # true read as seat 1 was "index True is out of range"
            raise RuleRuntimeError(f"a list is indexed by a whole number, not {describe(i)}{fraction_hint(i)}")
        held = f"0..{len(seq) - 1}" if len(seq) else "it holds nothing"
        if i < 0:  # (Python's count from the end: the language has none)
            raise RuleRuntimeError(f"index {i} is out of range ({held}): positions count up from 0, never from the end; "
                                   "the last is last(LIST), at count(LIST) - 1")
        raise RuleRuntimeError(f"index {i} is out of range ({held})")
    return seq[i]


def b_piece_at(S, z, x, y):
    """The piece on top at cell (x, y) of grid z, or none where no piece covers that cell."""
    return _by_cell(S, z, x, y, "piece_at", geometry.top_pieces).get((x, y))


def b_pieces_at(S, z, x, y):
    """The pieces that cover cell (x, y) of grid z, the lowest first (the last is piece_at's), [] where none does."""
    return list(_by_cell(S, z, x, y, "pieces_at", geometry.stacks).get((x, y), ()))


def _by_cell(S, z, x, y, name: str, made_by) -> dict:
    """``made_by``'s map of grid z's cells (x, y being checked whole numbers for ``name``): one entry per grid and map,
    made again when the grid changed, the cells of every piece on it charged a step each."""
    resolution = _grid_resolution(S, z)
    if type(x) is not int or type(y) is not int:  # true is no coordinate, nor 1.0
        _whole(x, f"{name}()'s x")
        _whole(y, f"{name}()'s y")
    key = (name, z.key)
    kept = S.grid_memo.get(key)
    if kept is None or kept[0] != S.grid_version:
        kept = S.grid_memo[key] = (S.grid_version, _geometry(S, made_by, z, S.placed, resolution, _charge_grid_work))
    return kept[1]


def b_cell_at(S, z, x, y):
    """The value at cell (x, y) of grid z's visible top layer (its sub-cells as rows where they differ), none where no
    piece covers it."""
    layer = _grid_layer(S, z)
    if type(x) is not int or type(y) is not int:  # true is no coordinate, nor 1.0
        _whole(x, "cell_at()'s x")
        _whole(y, "cell_at()'s y")
    found = layer.get((x, y))
    return None if found is None else geometry.cell_value(found[0])


_COVERED = object()  # run_length()'s value where none is given: any covered cell continues the run


def b_run_length(S, z, x, y, dx, dy, value=_COVERED):
    """How many cells in a row from (x, y), that cell left out, stepping (dx, dy), a piece covers (each of top-layer
    value ``value``, where given): the run of tiles, or of one colour, that reaches out from a cell."""
    layer = _grid_layer(S, z)
    if not (type(x) is int and type(y) is int and type(dx) is int and type(dy) is int):  # true is no coordinate, nor 1.0
        for number, what in ((x, "x"), (y, "y"), (dx, "dx"), (dy, "dy")):
            _whole(number, f"run_length()'s {what}")
    if dx == 0 and dy == 0:  # (a step of none would count one covered cell for ever)
        raise RuleRuntimeError(RUN_STEP_ZERO)
    run = 0
    while True:  # (it ends: the layer holds the cells the pieces cover, a finite number)
        _charge_grid_work(1)  # a step for each cell looked at, the one that ends the run too
        found = layer.get((x + (run + 1) * dx, y + (run + 1) * dy))
        if found is None or (value is not _COVERED and geometry.cell_value(found[0]) != value):
            return run
        run += 1


def b_run_length_of_type(S, z, x, y, dx, dy, kind: str):
    """run_length(grid, x, y, dx, dy, TYPE): how many cells in a row from (x, y), that cell left out, stepping (dx, dy),
    have a piece of component type ``kind`` on top (a piece of another type there ends the run: a marker piece laid
    under the tiles, a premium square, is no tile)."""
    if not (type(x) is int and type(y) is int and type(dx) is int and type(dy) is int):  # true is no coordinate, nor 1.0
        for number, what in ((x, "x"), (y, "y"), (dx, "dx"), (dy, "dy")):
            _whole(number, f"run_length()'s {what}")
    tops = _by_cell(S, z, x, y, "piece_at", geometry.top_pieces)  # (piece_at's map of the top pieces, kept for both)
    if dx == 0 and dy == 0:
        raise RuleRuntimeError(RUN_STEP_ZERO)
    run = 0
    while True:  # (it ends: the map holds the cells the pieces cover, a finite number)
        _charge_grid_work(1)  # a step for each cell looked at, the one that ends the run too
        found = tops.get((x + (run + 1) * dx, y + (run + 1) * dy))
        if found is None or found.kind != kind:
            return run
        run += 1


RUN_STEP_ZERO = "run_length()'s step (dx, dy) must not be (0, 0): (1, 0) steps right along a row, (0, 1) down a column, (1, 1) along a diagonal"


def b_piece_cells(S, z, piece, at):
    """The cells the piece would cover on grid z at placement at: records {x, y, value}, in the piece's order."""
    _piece(S, piece)
    resolution = _grid_resolution(S, z)
    _charge_grid_work(len(_geometry(S, geometry.shape_key, piece, resolution)))  # a record a cell of the piece
    return _geometry(S, geometry.covered_cells, piece, at, resolution)


def _charge_copy(n) -> None:
    """Charge the work budget for copying a list or map of ``n`` items (one step each, as `+` of lists does)."""
    WORK[0] -= n
    if WORK[0] < 0:
        out_of_work()


def b_put(x, key, value):
    """A copy of map x with key set to value (a new key last), or of list x with item number key replaced."""
    if isinstance(x, (list, tuple)) and type(x) is not Zone:
        item_at(x, key)  # the index checked as indexing the list checks it
        _charge_copy(len(x))
        out = list(x)
        out[key] = value
        return out
    if isinstance(x, dict) and type(x) is not Component:  # a component is no map to change
        _charge_copy(len(x))
        out = dict(x)
        out[key] = value  # Python's dict keeps an equal key where it stands (1, 1.0 and true are one key), as a map literal does
        return out
    raise RuleRuntimeError(f"put() needs a map or a list, got {describe(x)}")


class Record(str):
    """The type "record" of a builtin's result whose fields are known (piece_cells' {x, y, value}): equal to "record"
    wherever a type is compared, and naming its fields where one read is none of them (E152)."""

    fields: tuple = ()

    def __new__(cls, *fields: str):
        made = super().__new__(cls, "record")
        made.fields = fields
        return made


PLACEMENT_RECORD = Record("x", "y", "rot")
CANDIDATE_RECORD = Record("x", "y", "rot", "overlap", "touching")
REGION_RECORD = Record("value", "size", "marked")
CELL_RECORD = Record("x", "y", "value")
# the builtins that give such records, and theirs: named where a value of a type not known has no such attribute
GRID_RECORDS = {"piece_cells": CELL_RECORD, "placements": CANDIDATE_RECORD, "placement": PLACEMENT_RECORD,
                "regions": REGION_RECORD}


def _put_type(ts):
    """put()'s result type: a list whose items may now be of the value's kind too, or a map (a record with a field put
    is a map: its fields' declared types no longer hold), else not known."""
    from .compiler import _unify  # (imported when calls are checked: the compiler imports this module)

    x, value = ts[0], ts[2]
    if isinstance(x, tuple) and x[0] == "list":
        return ("list", _unify(x[1], value))
    return "map" if x in ("map", "record") else "any"


def _node_type(ts):
    """The type of a graph's nodes, from its edges' type: their items' type where the edges are known to be lists (a
    weight is among those items: whole-number nodes and weights keep the type whole number), else not known."""
    edge = _elem(ts[0])
    return edge[1] if isinstance(edge, tuple) and edge[0] == "list" else "any"


def _reachable_type(ts):
    """reachable()'s result type: a list of the nodes' type, the start's too. A start known only at run time (a
    variable's value) is taken to be a node, as it is to be found among them: a trial game's `last(reachable(ls, pos[p]))`,
    its edges lists of points, is a point, and a definition given it that reads `q.x` is E153 at validate, not R100 when
    a game runs."""
    from .compiler import _unify  # (imported when calls are checked: the compiler imports this module)

    nodes = _node_type(ts)
    return ("list", nodes if ts[1] == "any" else _unify(nodes, ts[1]))


def _nodes_type(ts):
    """cut_nodes()'s result type: a list of the nodes' type."""
    return ("list", _node_type(ts))


def _trail_type(ts):
    """longest_trail()'s result type: a whole number where the edges' items all are (no weight can be a fraction)."""
    return "int" if _node_type(ts) in ("int", "player") else "any"


def b_zone_of(S, c):
    """The zone a component lies in."""
    if type(c) is not Component:
        raise RuleRuntimeError(f"zone_of() needs a component, got {describe(c)}")
    name, index = S.where[c.ident]
    return S.zones[name][index]


def b_placement(S, c):
    """Where piece c lies on a grid: {x, y, rot} as it was placed, or none where it lies on no grid."""
    if type(c) is not Component:
        raise RuleRuntimeError(f"placement() needs a component, got {describe(c)}")
    at = S.placed.get(c.ident) if S.placed else None
    return None if at is None else {"x": at[0], "y": at[1], "rot": at[2]}


def b_die(S, name):
    """The face the die named by the word ``name`` shows now (a record, as the die's name reads it), none before its
    first roll or once set aside."""
    if type(name) is not str or name not in S.dice:
        names = ", ".join(S.dice)
        raise RuleRuntimeError(f"die() takes the name of a die ({names}), got {describe(name)}")
    return S.dice[name]


def b_index(z):
    """The index of a zone among the zones of its name (0 for a single zone)."""
    return _zone_index(z, "index")


def _zone_index(z, name: str):
    """The index of zone ``z`` among the zones of its name, for builtin ``name`` (a failure names it)."""
    if type(z) is not Zone:
        raise RuleRuntimeError(f"{name}() needs a zone, got {describe(z)}")
    return z.key[1]


def b_copy_of(z, seat_zones=()):
    """The copy number r of a zone among its seat's (line[p][r]) or its family's copies (pile[r]); 0 for a zone a seat
    (``seat_zones``: the names of the families of one zone a seat, given by the compiler) or a single zone."""
    at = _zone_index(z, "copy_of")
    if type(at) is SeatCopy:
        return at.copy
    return 0 if z.key[0] in seat_zones else int(at)  # (int: a named copy's position, not its word)


def b_owner_of(z, seat_zones=(), team_zones=()):
    """The seat a zone belongs to (hand[p], line[p][r]): none for a zone no seat owns (``seat_zones``: as b_copy_of's;
    ``team_zones``: the families kept a team, whose zones no one seat owns)."""
    at = _zone_index(z, "owner_of")
    if z.key[0] in team_zones:
        return None
    if type(at) is SeatCopy:
        return at.seat
    return at if z.key[0] in seat_zones else None


def b_index_of(xs, x, name="index"):
    """The position of the first item of list (or zone) xs equal to x, as `x in xs` finds it: index(xs, x), compiled to
    this call (BUILTINS' is index(z)'s), charged as `in` is; x not among the items fails, as index() of no zone does.
    ``name``: the builtin whose failure it says (remove() finds its item so)."""
    if type(xs) is not list and type(xs) is not Zone:
        said = "index() of two arguments" if name == "index" else f"{name}()"
        raise RuleRuntimeError(f"{said} looks in a list (or a zone), got {describe(xs)}")
    _collection(xs)  # (a step an item, as `in` charges)
    if (type(x) is list or type(x) is dict) and holds_nested(xs):  # lists in it compared item by item, as `in` does
        charge_written(xs, len(xs))
    try:
        return xs.index(x)
    except ValueError:
        raise RuleRuntimeError(f"{name}() looks for {describe(x)} among {len(xs)} item(s), and none is equal to it"
                               f"{_other_kind_held(xs, x)}") from None


def _other_kind_held(xs, x) -> str:
    """How index() (remove()) failing to find ``x`` in ``xs`` ends: where an item is x's text as the other kind (7 where
    the list holds '7': YAML read `rank: [7, 8, J]`'s 7 as a number), that kind said, as both print alike; else a test
    to write first."""
    meant = other_kind_written(x, xs) if type(xs) is list else None
    if meant is None:
        return " (test that it is there first: x in xs)"
    if isinstance(meant, str):
        return f": {describe(x)} is a number; the list holds the word {meant!r}"
    return f": {describe(x)} is a word; the list holds the number {describe(meant)}"


def b_remove(xs, x):
    """A copy of list (or zone) xs without its first item equal to x, found as index(xs, x) finds it (x not among the
    items fails, as there: a count of dice to use that went wrong shows at once, not a turn later)."""
    at = b_index_of(xs, x, "remove")
    _charge_copy(len(xs))
    out = list(xs)
    del out[at]
    return out


def b_text(x):
    """A number, word, true/false or none as text, as the language writes it (a word as itself, without quotes)."""
    if type(x) is str:
        return x
    if x is None or x is True or x is False:
        return {None: "none", True: "true", False: "false"}[x]
    if type(x) is int:
        return str(x)
    if type(x) is float:  # (a whole-valued fraction, 2.0, is written as the whole number it equals, as `6 / 3` gives 2)
        return str(int(x)) if x.is_integer() else repr(x)
    raise RuleRuntimeError(f"text() writes a number, a word, true, false or none, got {describe(x)}")


def b_pad(x, n):
    """text(x) padded with spaces to n characters, on the left (right-justified) where n >= 0, on the right where n < 0
    (printf's %-5s); a longer text is kept whole. For the fixed-width cells of a board drawn as text."""
    if type(n) is not int and not (type(n) is float and n.is_integer()):  # (a whole number: arg_kinds says so where known)
        raise RuleRuntimeError(f"pad() pads to a width that is a whole number, got {describe(n)}")
    if type(x) is not str and x is not None and type(x) not in (int, float, bool):  # (what text() refuses, said of pad)
        raise RuleRuntimeError(f"pad() writes a number, a word, true, false or none, got {describe(x)}")
    width = int(n)
    if abs(width) > MAX_ITEMS:
        raise RuleRuntimeError(f"pad() makes a word of {abs(width):,} characters; the limit is {MAX_ITEMS:,}")
    word = b_text(x)
    WORK[0] -= max(abs(width), len(word))  # (the characters written, as join() charges them)
    if WORK[0] < 0:
        out_of_work()
    return word.rjust(width) if width >= 0 else word.ljust(-width)


def b_join(xs, sep):
    """One word of the items' texts, as text() writes each (a number as the number), with the word sep between each two."""
    if type(sep) is not str:
        raise RuleRuntimeError(f"join() puts a word between the items, got {describe(sep)}: write it in quotes, ', '")
    texts = []
    for x in _collection(xs):
        if type(x) is not str and x is not None and type(x) not in (int, float, bool):  # (what text() refuses, said of join)
            raise RuleRuntimeError(f"join() writes numbers, words, true, false or none, got {describe(x)} among the items")
        texts.append(b_text(x))
    n = sum(map(len, texts)) + len(sep) * max(0, len(texts) - 1)
    if n > MAX_ITEMS:
        raise RuleRuntimeError(f"join() makes a word of {n:,} characters; the limit is {MAX_ITEMS:,}")
    WORK[0] -= n  # (the characters written, as `+` of words charges them)
    if WORK[0] < 0:
        out_of_work()
    return sep.join(texts)


BUILTINS: dict[str, Builtin] = {
    b.name: b
    for b in [
        Builtin("sum", b_sum, 1, 1, lambda ts: _num([_elem(ts[0])]), "sum(xs): the sum of numbers, 0 when empty", collection_arg=True),
        Builtin("count", b_count, 1, 1, lambda ts: "int", "count(xs): how many items", collection_arg=True),
        Builtin("min", b_min, 1, 8, lambda ts: _elem(ts[0]) if len(ts) == 1 else _num(ts), "min(xs) or min(a, b, ...): the smallest"),
        Builtin("max", b_max, 1, 8, lambda ts: _elem(ts[0]) if len(ts) == 1 else _num(ts), "max(xs) or max(a, b, ...): the largest"),
        Builtin("any", b_any, 1, 1, lambda ts: "bool", "any(xs): some item is true", collection_arg=True),
        Builtin("all", b_all, 1, 1, lambda ts: "bool", "all(xs): every item is true", collection_arg=True),
        Builtin("first", b_first, 1, 1, lambda ts: _elem(ts[0]), "first(xs): the first item, none when empty", collection_arg=True),
        Builtin("last", b_last, 1, 1, lambda ts: _elem(ts[0]), "last(xs): the last item (a zone's top), none when empty", collection_arg=True),
        Builtin("distinct", b_distinct, 1, 1, lambda ts: ("list", _elem(ts[0])), "distinct(xs): the items without repeats", collection_arg=True),
        Builtin("sorted", b_sorted, 1, 1, lambda ts: ("list", _elem(ts[0])), "sorted(xs): the items in ascending order", collection_arg=True),
        Builtin("reversed", b_reversed, 1, 1, lambda ts: ("list", _elem(ts[0])), "reversed(xs): the items in the opposite order, a zone's top first", collection_arg=True),
        Builtin("sorted_by", b_sorted_by, 1, 1, lambda ts: ("list", _elem(_elem(ts[0]))), "sorted_by([key, item] for ...): the items in ascending order of their keys (equal keys in the order given)", collection_arg=True),
        Builtin("max_by", b_max_by, 1, 1, lambda ts: _elem(_elem(ts[0])), "max_by([key, item] for ...): the item of the first pair with the largest key", collection_arg=True),
        Builtin("min_by", b_min_by, 1, 1, lambda ts: _elem(_elem(ts[0])), "min_by([key, item] for ...): the item of the first pair with the smallest key", collection_arg=True),
        Builtin("abs", b_abs, 1, 1, lambda ts: _num(ts), "abs(x): absolute value", arg_kinds=("number",), charges=False),
        Builtin("range", b_range, 1, 3, lambda ts: ("list", "int"), "range(n), range(a, b) or range(a, b, step): whole numbers, at most 100,000",
                arg_kinds=("whole", "whole", "whole")),
        Builtin("left", b_left, 1, 2, lambda ts: "player", "left(p, k=1): the seat k places clockwise from p", needs_state=True, arg_kinds=("whole", "whole"), charges=False),
        Builtin("right", b_right, 1, 2, lambda ts: "player", "right(p, k=1): the seat k places counter-clockwise from p", needs_state=True, arg_kinds=("whole", "whole"), charges=False),
        Builtin("seats_from", b_seats_from, 1, 1, lambda ts: ("list", "player"), "seats_from(p): every seat, clockwise, starting at p", needs_state=True, arg_kinds=("whole",), charges=False),
        Builtin("team", b_team, 1, 1, lambda ts: ("list", "player"), "team(p): the seats of seat p's team, p among them (needs the ruleset's teams)", arg_kinds=("whole",), charges=False),
        Builtin("team_index", b_team_index, 1, 1, lambda ts: "int", "team_index(p): the position of seat p's team in the ruleset's teams, 0 for the first (needs the ruleset's teams)", arg_kinds=("whole",), charges=False),
        Builtin("partners", b_partners, 1, 1, lambda ts: ("list", "player"), "partners(p): the other seats of seat p's team (needs the ruleset's teams)", arg_kinds=("whole",), charges=False),
        Builtin("round_score", b_round_score, 2, 2, lambda ts: "num", "round_score(r, p): seat p's points in round r (1-based)", needs_state=True, arg_kinds=("whole", "whole"), charges=False),
        Builtin("take", b_take, 2, 2, lambda ts: ("list", _elem(ts[0])), "take(xs, n): the first n items", collection_arg=True, arg_kinds=("", "whole")),
        Builtin("take_last", b_take_last, 2, 2, lambda ts: ("list", _elem(ts[0])), "take_last(xs, n): the last n items, in their order (a deck's top n cards)", collection_arg=True, arg_kinds=("", "whole")),
        # (with k, the compiler calls b_subsets_of: the call of one argument, which a listing makes often, tests nothing more)
        Builtin("subsets", b_subsets, 1, 2, lambda ts: ("list", ("list", _elem(ts[0]))), "subsets(xs): every subset, each a list (at most 12 items); subsets(xs, k): those of k items", collection_arg=True, arg_kinds=("", "whole")),
        Builtin("partitions", b_partitions, 2, 3, lambda ts: ("list", ("list", _elem(ts[1]))), "partitions(items, groups) or partitions(items, groups, n): every way (at most n) to split the items exactly into groups drawn from the list groups, each way a list of groups", collection_arg=True, arg_kinds=("", "", "whole")),
        Builtin("placements", b_placements, 2, 2, lambda ts: ("list", CANDIDATE_RECORD), "placements(grid, piece): candidate placements {x, y, rot, overlap, touching} touching or covering the pieces (on a board of fixed size, all on the board)", needs_state=True, arg_kinds=("zone", "comp")),
        Builtin("overlap", b_overlap, 3, 3, lambda ts: "int", "overlap(grid, piece, at): occupied cells the piece would cover", needs_state=True, arg_kinds=("zone", "comp", "")),
        Builtin("touching", b_touching, 3, 3, lambda ts: "int", "touching(grid, piece, at): occupied cells sharing an edge with the piece", needs_state=True, arg_kinds=("zone", "comp", "")),
        Builtin("regions", b_regions, 1, 1, lambda ts: ("list", REGION_RECORD), "regions(grid): connected areas {value, size, marked} of the top layer", needs_state=True, arg_kinds=("zone",)),
        Builtin("reachable", b_reachable, 2, 2, _reachable_type, "reachable(edges, start): the nodes joined to start by edges [a, b], start first", collection_arg=True),
        Builtin("cut_nodes", b_cut_nodes, 1, 1, _nodes_type, "cut_nodes(edges): the nodes whose removal splits their connected component (articulation points) of edges [a, b]", collection_arg=True),
        Builtin("longest_trail", b_longest_trail, 1, 1, _trail_type, "longest_trail(edges): the largest weight of a trail along edges [a, b] or [a, b, weight], no edge twice", collection_arg=True),
        Builtin("neighbours", b_neighbours, 3, 3, lambda ts: ("list", ("list", "int")), "neighbours(grid, x, y): the cells [x, y] next to cell (x, y), clockwise from the right: 4 on a square grid, 6 on a hex grid (on a board of fixed size, those on it)", needs_state=True, arg_kinds=("zone", "whole", "whole")),
        Builtin("group_at", b_group_at, 3, 3, lambda ts: ("list", ("list", "int")), "group_at(grid, x, y): the cells [x, y] joined to (x, y) through neighbours of the value it holds (none too: an empty area), sorted by y then x", needs_state=True, arg_kinds=("zone", "whole", "whole")),
        Builtin("border", b_border, 2, 2, lambda ts: ("list", ("list", "int")), "border(grid, cells): the cells [x, y] next to one of the cells [x, y] given and not among them, sorted by y then x (on a board of fixed size, those on it)", needs_state=True, arg_kinds=("zone", "")),
        Builtin("piece_at", b_piece_at, 3, 3, lambda ts: "comp", "piece_at(grid, x, y): the piece on top at cell (x, y), none where there is none", needs_state=True, arg_kinds=("zone", "whole", "whole")),
        Builtin("pieces_at", b_pieces_at, 3, 3, lambda ts: ("list", "comp"), "pieces_at(grid, x, y): the pieces covering cell (x, y), the lowest first (the last is piece_at's), [] where none does", needs_state=True, arg_kinds=("zone", "whole", "whole")),
        Builtin("remove", b_remove, 2, 2, lambda ts: ("list", _elem(ts[0])), "remove(xs, x): a copy of list xs without its first item equal to x (x must be among them)"),
        Builtin("put", b_put, 3, 3, _put_type, "put(x, key, value): a copy of map x with key set to value, or of list x with item key replaced"),
        Builtin("cell_at", b_cell_at, 3, 3, lambda ts: "any", "cell_at(grid, x, y): the value at cell (x, y) of the top layer, none where no piece covers it", needs_state=True, arg_kinds=("zone", "whole", "whole")),
        Builtin("run_length", b_run_length, 5, 6, lambda ts: "int", "run_length(grid, x, y, dx, dy), run_length(grid, x, y, dx, dy, value) or run_length(grid, x, y, dx, dy, TYPE): how many covered cells (of that value, or whose top piece is of that component type) follow (x, y) in a row, stepping (dx, dy)", needs_state=True, arg_kinds=("zone", "whole", "whole", "whole", "whole", "")),
        Builtin("piece_cells", b_piece_cells, 3, 3, lambda ts: ("list", CELL_RECORD), "piece_cells(grid, piece, at): the cells {x, y, value} the piece would cover at placement at", needs_state=True, arg_kinds=("zone", "comp", ""),
                shows_turn=True),  # its cells come in the piece's own order: which of two alike cells lies where
        Builtin("placement", b_placement, 1, 1, lambda ts: PLACEMENT_RECORD, "placement(c): where piece c lies on a grid, {x, y, rot}, none off a grid", needs_state=True, arg_kinds=("comp",), charges=False),
        Builtin("zone_of", b_zone_of, 1, 1, lambda ts: "zone", "zone_of(c): the zone a component lies in", needs_state=True, arg_kinds=("comp",), charges=False),
        # (with an item, the compiler calls b_index_of: index(z), a family's zone's index, stays a plain read)
        Builtin("text", b_text, 1, 1, lambda ts: "str", "text(x): a number, word, true, false or none as a word: text(7) is '7'", arg_kinds=("plain",), charges=False),
        Builtin("die", b_die, 1, 1, lambda ts: "record", "die(name): the face the die named by the word name shows now, none before its first roll: die('d1').pips", needs_state=True, arg_kinds=("plain",), charges=False),
        # (the compiler gives copy_of and owner_of the names of the families of one zone a seat: Compiler._g_Call)
        Builtin("copy_of", b_copy_of, 1, 1, lambda ts: "int", "copy_of(z): a zone's copy number r among its seat's (line[p][r]) or its family's copies, 0 for a zone a seat", arg_kinds=("zone",), charges=False),
        Builtin("owner_of", b_owner_of, 1, 1, lambda ts: "player", "owner_of(z): the seat a per-seat zone belongs to (p of hand[p], line[p][r]), none for another zone", arg_kinds=("zone",), charges=False),
        Builtin("join", b_join, 2, 2, lambda ts: "str", "join(xs, sep): one word of the items' texts with the word sep between them: join([1, 'a'], '-') is '1-a'", collection_arg=True, arg_kinds=("", "plain")),
        Builtin("pad", b_pad, 2, 2, lambda ts: "str", "pad(x, n): text(x) padded with spaces to n characters, right-justified; left-justified where n is negative: pad(7, 3) is '  7', pad(7, -3) is '7  '", arg_kinds=("plain", "whole")),
        Builtin("index", b_index, 1, 2, lambda ts: "int", "index(z): a zone's index among the zones of its name; index(xs, x): the position of the first item of xs equal to x", arg_kinds=("zone",), charges=False),
    ]
}

# The builtins the engine's analyses (compiler, lints, scenarios, runners) recognise by their name in a call, as in
# `node.func == "count"` or `node.func in _BY_POSITION`: a definition may not take one of these names (E132), since those
# analyses would read its calls as the builtin's. A definition may take any other builtin's name: it hides the builtin
# in its ruleset (L047), so that a builtin added later breaks no ruleset that already had a definition of its name.
# tests/test_shadowing.py checks that each builtin name the sources match a call by is here.
ANALYSED_BY_NAME = frozenset({
    "abs", "all", "any", "cell_at", "count", "distinct", "first", "index", "last", "left", "max", "max_by", "min",
    "min_by", "piece_at", "placement", "placements", "range", "remove", "right", "round_score", "seats_from", "sorted",
    "sorted_by", "subsets", "sum", "take", "take_last", "team_index", "zone_of"})
