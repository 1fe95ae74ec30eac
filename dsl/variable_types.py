"""The type of a variable's values, where all of them are of one: its declared value's, given by every `set` of it too.

While the rules compile, a variable's value is known only at run time (*any*): a `set` of it may come later in the
file. The checks such a value passed (an action's `if: buys`, a statement's `when:`, an `until:`) are kept
(Compiler.deferred); once every `set` is compiled they are made again with the types known here, and a variable
declared `buys: 0` and only ever set to whole numbers is a whole number there: `if: buys` is E120, as `if: 3` is,
and `choose: {n: buys}` E125. A `+`, `-`, `*` or `%` of a number and a value of a type not known is a number (any other
value stops the rule): `choose: {n: "bid + 1"}`, bid set only to n, is E125 though bid's type goes in a circle.
A `put` into a list keeps its items' type where the value put is of it: `pits: {initial: [4, 4]}`, only ever set to
`put(pits, i, 0)`, holds lists of whole numbers (read at its declared type, kept where every set gives it: a fixed point).
A variable declared an empty list (`initial: []`) takes its items' type from the sets that fill it: one set only ever
with `code + [c]`, `c` a word, holds a list of words. A variable whose declared value tells no type (none, a list of
several kinds, a map), or that some `set` gives a value of another type or of one known only at run time, stays
*any*. The generated code is the same either way but for a `reveal` of a variable: a variable known to hold no
components shows its value (dsl.statements.revealed_values). A variable declared none (a seat chosen later) takes
the type every set gives it but none (typed_variables): its values are none or of that type, which the checks read.
"""

from __future__ import annotations

from . import ast
from .compiler import ANY, Held, a_type, is_list

NUMBERS = ("int", "num", "player")
EMPTY = "empty"  # the items' type of a list declared empty, until a set gives it items: joined with any type, that type


def declared_type(value):
    """The type of a variable's declared value (its `initial`, one seat's of a per-seat one), or None where it tells
    none: none, an empty list, a list of items of several types, a map."""
    kind = type(value)
    if kind in (bool, int, float, str):
        return {bool: "bool", int: "int", float: "num", str: "str"}[kind]
    if kind is not list or not value:
        return None
    found = declared_type(value[0])
    for item in value[1:]:
        found = found and joined_type(found, declared_type(item))
    return found and ("list", found)


def joined_type(a, b):
    """The type of the values of types ``a`` and ``b`` together (whole numbers and fractions are numbers, a seat is a
    whole number), or None where no one type holds both."""
    if a == b or b == EMPTY:
        return a
    if a == EMPTY:
        return b
    if a in NUMBERS and b in NUMBERS:
        return "num" if "num" in (a, b) else "int"
    if is_list(a) and is_list(b):
        inner = joined_type(a[1], b[1])
        return inner and ("list", inner)
    return None


class Typer:
    """The type of a compiled node, given the variables' types where they are known (``known``: name -> the type of
    its value, one seat's of a per-seat variable)."""

    def __init__(self, compiler, known: dict, or_none: frozenset = frozenset(), lets: bool = False):
        self.symbols, self.define_seen, self.known = compiler.symbols, compiler._define_seen, known
        self.or_none = or_none  # the variables of ``known`` declared none: their values are none or of that type
        self.lets = lets  # whether a `let` name whose value was known only at run time is typed as its value (Held)

    def type_of(self, node, seen, busy: frozenset = frozenset()):
        """The type of ``node``, compiled with ``seen`` (Compiler._seen), where reading variables' known types."""
        entry = (seen or {}).get(id(node))
        if entry is None or entry[0] is not node:
            return ANY
        t = entry[1]
        if not _unknown_in(t):
            return t  # (known while it compiled: a variable's type changes none of it)
        if len(entry) == 3:
            return self._read(node, entry[2], busy) or t
        if isinstance(node, ast.Index):
            target = self.type_of(node.target, seen, busy)
            return target[1] if is_list(target) else t
        if isinstance(node, ast.BinOp):
            return self._arithmetic(node.op, self.type_of(node.left, seen, busy), self.type_of(node.right, seen, busy)) or t
        if isinstance(node, ast.Unary) and node.op == "-":
            found = self.type_of(node.operand, seen, busy)
            return ("num" if found == "num" else "int") if found in NUMBERS else t
        if isinstance(node, ast.ListLit) and not node.items:
            return ("list", EMPTY)  # (`set: {code: "[]"}` empties it: it takes the items its other sets give)
        if is_list(t) and isinstance(node, ast.ListLit):  # (`[[] for p in players]`, `[mine[p] for ...]`: items typed now)
            return self._items_type([self.type_of(item, seen, busy) for item in node.items]) or t
        if is_list(t) and isinstance(node, ast.Comprehension):
            return self._items_type([self.type_of(node.element, seen, busy)]) or t
        if isinstance(node, ast.Conditional):
            return joined_type(self.type_of(node.then, seen, busy), self.type_of(node.otherwise, seen, busy)) or t
        if isinstance(node, ast.Call) and node.func == "put" and len(node.args) == 3 and node.func not in self.symbols.defines:
            # (`put(xs, i, 0)`, xs a list of whole numbers: still one, so a variable only ever set by a put of itself
            # keeps its declared type, read at the type so far: variable_types takes it away where a set gives another;
            # a definition named `put` hides the builtin, L047, and is typed as any other definition)
            target = self.type_of(node.args[0], seen, busy)
            if is_list(target):
                return self._items_type([target[1], self.type_of(node.args[2], seen, busy)]) or t
        return t

    @staticmethod
    def _items_type(types: list):
        """The type of a list whose items are of ``types``, where one type holds them all and is known; else None."""
        found = types[0]
        for t in types[1:]:
            found = found and joined_type(found, t)
        return ("list", found) if found is not None and found != ANY else None

    def _read(self, node, kind: str, busy: frozenset):
        """The known type of a read of a variable, or of a definition without parameters; None where not known."""
        if isinstance(kind, Held):
            found = self.type_of(kind.tree, kind.seen, busy) if self.lets else ANY
            return None if found == ANY else found
        name = node.name
        if kind == "variable":
            found = self.known.get(name)
            return ("list", found) if found is not None and self.symbols.variables[name] else found
        define = self.symbols.defines.get(name)
        if name in busy or define is None or define.tree is None:
            return None
        found = self.type_of(define.tree, self.define_seen.get(name), busy | {name})
        return None if found == ANY else found

    @staticmethod
    def _arithmetic(op: str, left, right):
        """The type of `left op right` where both types are known and the compiler would take them, else None."""
        if op == "+" and left == right == "str":
            return "str"
        if op == "+" and is_list(left) and is_list(right):
            return joined_type(left, right)
        if op in ("+", "-", "*", "%") and ANY in (left, right) and (left in NUMBERS or right in NUMBERS):
            return "num"  # (a number and a value known only at run time: a number, or the rule stops, as `[1] + 1` does)
        if left not in NUMBERS or right not in NUMBERS:
            return None
        return "num" if op == "/" or "num" in (left, right) else "int"

    def may_be_none(self, node, seen) -> bool:
        """Whether ``node`` reads a variable declared none (``or_none``) as it is: it may give none, not its type."""
        if isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and self.symbols.variables.get(node.target.name):
            node = node.target  # (one seat's value of a per-seat variable)
        entry = (seen or {}).get(id(node))
        return (isinstance(node, ast.Name) and node.name in self.or_none and entry is not None and len(entry) == 3
                and entry[2] == "variable")

    def said(self, hint: str, node, seen) -> str:
        """``hint``, with the variable whose known type a finding at ``node`` read (`if: buys`, `when: chips[me]`, or
        an operand's: `if: count(hand[me]) + bidder`)."""
        if isinstance(node, ast.BinOp):
            for part in (node.left, node.right):
                found = self.said(hint, part, seen)
                if found != hint:
                    return found
            return hint
        while isinstance(node, ast.Index):
            node = node.target
        entry = (seen or {}).get(id(node))
        if not isinstance(node, ast.Name) or entry is None or len(entry) != 3 or entry[2] != "variable":
            return hint
        name = node.name
        held = a_type(self.known[name]) if name in self.known else ""
        if not held:
            return hint
        seat = " (each seat's)" if self.symbols.variables[name] else ""
        said = f"'{name}'{seat} always holds {held}: it starts as one, and every set of it gives one"
        if name in self.or_none:
            said = (f"'{name}'{seat} holds none or {held}: it starts as none, and every set of it gives "
                    f"{held} or none")
        return f"{hint}; {said}" if hint else said


def variable_types(compiler, variables: dict) -> dict:
    """Variable -> the type of every value it holds (one seat's, for a per-seat variable), where one type holds them
    all: its declared value's, which every `set` of it (Compiler.set_values) gives too, read with the types so known
    (`set: {buys: buys - 1}` keeps a whole number one). ``variables``: name -> VariableSpec."""
    return typed_variables(compiler, variables)[0]


def typed_variables(compiler, variables: dict) -> tuple:
    """variable_types, and the variables declared none of which every `set` gives one type or none (a bluffing game's
    `bidder: null`, set to `me` and to `none`): name -> that type (their values are that type or none)."""
    known = {name: found for name, spec in variables.items() if (found := declared_type(spec.initial) or
             (("list", EMPTY) if spec.initial == [] else None)) is not None}
    or_none = {name for name, spec in variables.items() if spec.initial is None}
    known.update(dict.fromkeys(or_none, EMPTY))  # (typed by their sets alone: a set of none leaves the type as it is)
    typer = Typer(compiler, known)
    changed = True
    while changed:  # (each pass takes a type away or makes whole numbers numbers: it ends)
        changed = False
        for name, _, value, whole, seen in compiler.set_values:
            if name not in known:
                continue
            found = typer.type_of(value.tree, seen) if value.tree is not None else ANY
            if whole:  # a per-seat variable set whole: a list of one value per seat
                found = found[1] if is_list(found) else ANY
            if found == "none" and name in or_none:
                continue
            joined = joined_type(known[name], found)
            if joined != known[name]:
                changed = True
                if joined is None:
                    del known[name]
                else:
                    known[name] = joined
    typed = {name: found for name, found in known.items() if not _unknown_in(found)}
    return ({name: found for name, found in typed.items() if name not in or_none},
            {name: found for name, found in typed.items() if name in or_none})


def seat_variables(compiler, variables: dict) -> set:
    """The variables that hold a seat (one seat's entry, for a per-seat one): declared a whole number or none, and
    given a seat (or none) by every `set` of them, read with these variables as seats and a `let` name as its value
    (`leader: 0`, set only to `bidder` and to `w` of `let: {w: "seq[i]"}`, seq a list of seats). variable_types calls
    such a variable a whole number (a seat is one); L055 reads it as a seat."""
    sets = [entry for entry in compiler.set_values if entry[0] in variables]
    seats = {name for name, *_ in sets if variables[name].initial is None or type(variables[name].initial) is int}
    changed = True
    while changed:  # (each pass takes variables away: it ends)
        changed = False
        typer = Typer(compiler, {**compiler.variable_types, **compiler.or_none_types, **dict.fromkeys(seats, "player")},
                      lets=True)
        for name, _, value, whole, seen in sets:
            if name not in seats:
                continue
            found = typer.type_of(value.tree, seen) if value.tree is not None else ANY
            if whole:  # (a per-seat variable set whole: a list of one value per seat)
                found = found[1] if is_list(found) else ANY
            if found not in ("player", "none"):
                seats.discard(name)
                changed = True
    return seats


def seat_indexes(compiler, variables: dict) -> list:
    """(name, where, the index's text) of each read of a zone family or a variable kept a team (`each: team`) at an
    index that is a seat (Compiler.team_indexes), for L055: `me`, `current`, a builtin's seat (`left(leader)`), a name
    bound to one (`for: p in players`, a choice among seats, a block's parameter given one), a variable holding one
    (seat_variables) and a `let` name given an item of a list of seats (`seq[i]`, seq only ever a list of seats)."""
    if not compiler.team_indexes:
        return []
    known = {**compiler.variable_types, **compiler.or_none_types,
             **dict.fromkeys(seat_variables(compiler, variables), "player")}
    typer = Typer(compiler, known, lets=True)
    found = {}
    for name, node, where, seen in compiler.team_indexes:
        if typer.type_of(node, seen) == "player":
            found.setdefault((where.path, where.line, where.col), (name, where, ast.text(node)))
    return list(found.values())


def _unknown_in(t) -> bool:
    """Whether type ``t`` is, or is a list of, *any* or the items of a list only ever empty (EMPTY)."""
    return t in (ANY, EMPTY) or (is_list(t) and _unknown_in(t[1]))


def check_variable_types(compiler) -> None:
    """Make again the checks the variables' values passed at compile time, with their types (variable_types) known,
    and those of the variables declared none that every set gives one type or none (Compiler.or_none_types): a value
    read from one is of that type where it is not none, and none is refused wherever that type is (`if: bidder`, a seat
    or none, is E120; `if: count(hand[me]) + bidder` is a number where it does not fail)."""
    or_none = compiler.or_none_types
    compiler.check_deferred(Typer(compiler, {**compiler.variable_types, **or_none}, frozenset(or_none)))
