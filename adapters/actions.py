"""One fixed action numbering per ruleset and player count, derived from the actions' declarations.

Every option a seat may ever be offered gets one integer. Actions are numbered in the
order the ruleset declares them; each action owns a block of ``product(sizes)`` indices
(an action without ``choose`` owns one), and inside the block the parameters are digits
of a mixed-radix number, the last parameter varying fastest (like ``itertools.product``).

What a parameter's digit means follows from the static type of its ``choose`` collection:

| collection (static type)     | scheme      | digit                                              |
|------------------------------|-------------|----------------------------------------------------|
| one zone (``hand[me]``)      | kind        | the component's kind (type + attributes + owner)   |
| a list of components         | kind@zone   | kind x the zone instance it lies in                |
| either, where it may hold pieces on a grid | piece, piece@zone | the piece: its kind and which of it from the bottom of its grid (x the zone) |
| a list of zones (``pile``)   | zone        | the zone instance                                  |
| a list of seats              | seat        | the seat                                           |
| a list of booleans           | bool        | false 0, true 1                                    |
| anything else (subsets, records, numbers, ...) | position | rank in the collection, as evaluated when the seat decides |

kind, kind@zone, zone, seat and bool are state-independent. A collection may hold pieces on a grid where the ruleset
has a grid zone and it is not one zone without a grid by its name (as the engine's listing tells): the engine offers
identical pieces at two placements apart, so there a kind owns a digit per copy, the piece's number among its kind from
the bottom of its grid zone (as the observation hands out a kind's slots), the first off a grid. ``position`` is the
other scheme whose meaning depends on the position (rank ``i`` is the i-th item of the collection). It has as many
digits as the collection can hold where its expression alone bounds that (``range(3)``,
``[1, 2, 5]``, ``subsets(range(4))``: see ``static_length``); otherwise it is capped at
``positional_limit`` items and an option beyond the cap is an error that names the
parameter. For ``subsets(xs)`` the rank is the bitmask of the items of ``xs`` taken.
A numbering of more than ``MAX_ACTIONS`` indices is refused when it is made.
docs/adapters.md describes the scheme with examples.
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from dataclasses import dataclass
from math import comb, prod

from philtre.dsl import ast
from philtre.dsl.builtins import MAX_RANGE, MAX_SUBSETS_OF
from philtre.dsl.values import Component, Zone
from philtre.interpreter.runners import seat_names

DEFAULT_POSITIONAL_LIMIT = 1024
# The most indices a numbering may have. Each index costs memory in every step of a learner:
# PettingZoo's observation holds an int8 mask of that length (and its space two more arrays per
# agent), OpenSpiel's legal-actions mask is a vector of that length and the information-state
# tensor a float32 slot per index, and a policy network has an output per index. At 2**24 one
# mask is 16 MiB and one information-state tensor 64 MiB, already heavy per step; beyond it they
# run out of memory (three open-ended `position` parameters, 1024**3 indices, need 1 GiB per mask).
# 2**24 still takes two open-ended `position` parameters at the default limit (2**20 indices).
MAX_ACTIONS = 1 << 24


class AdapterError(ValueError):
    """A ruleset or an option the adapters cannot represent (the message says what and why)."""


def whole_number(value, name: str, low: int, high: int | None = None, none_ok: bool = False):
    """``value`` as an int if it is a whole number in low..high (NumPy's too, not a bool); AdapterError naming ``name`` if not."""
    if value is None and none_ok:
        return None
    number = None
    if not isinstance(value, bool):  # True is no count, though Python's int would take it
        try:
            number = operator.index(value)  # int() would also take "8" and 8.9
        except TypeError:
            pass
    if number is None or number < low or (high is not None and number > high):
        allowed = f"a whole number from {low}" + ("" if high is None else f" to {high}")
        raise AdapterError(f"{name} must be {'None or ' if none_ok else ''}{allowed}, not {value!r}")
    return number


def integer_as_int(value):
    """A NumPy (or any other) integer as a Python int, so the engine takes it; anything else as it is, for the engine's
    own message (a bool stays a bool: True is no count)."""
    if isinstance(value, (bool, int)) or not hasattr(value, "__index__"):
        return value
    return operator.index(value)


@dataclass(frozen=True)
class ParamScheme:
    """How one parameter's value becomes a digit: the scheme's name and how many digits exist."""

    name: str
    param: str
    scheme: str  # kind | kind@zone | piece | piece@zone | zone | seat | bool | position
    size: int
    bounded: bool = False  # a position parameter sized by its collection's static length, not positional_limit


@dataclass(frozen=True)
class ActionBlock:
    """One action's block of indices: where it starts and its parameters' schemes."""

    action: str
    offset: int
    params: tuple  # of ParamScheme

    @property
    def size(self) -> int:
        """How many indices the action owns."""
        total = 1
        for p in self.params:
            total *= p.size
        return total


class Layout:
    """Kinds of components and zone instances of a ruleset for one player count."""

    def __init__(self, ruleset, nplayers: int):
        self.nplayers = nplayers
        layout = ruleset.layout(nplayers)
        self.kinds: list = []  # one representative component per kind, in id order
        kind_index: dict = {}
        self.kind_of_id: list = []
        for comp in layout.components:
            sig = comp.signature
            if sig not in kind_index:
                kind_index[sig] = len(self.kinds)
                self.kinds.append(comp)
            self.kind_of_id.append(kind_index[sig])
        self.zones = [(name, i) for name, spec in ruleset.zones.items() for i in range(spec.size(nplayers))]
        self.zone_index = {key: i for i, key in enumerate(self.zones)}
        self._kind_labels = [_label(comp) for comp in self.kinds]
        # the piece schemes' digits: each kind owns one per copy of it, kind after kind (len(kind_of_id) in all)
        copies = [0] * len(self.kinds)
        for kind in self.kind_of_id:
            copies[kind] += 1
        self.piece_base = [0] * len(self.kinds)  # kind -> its first digit
        for k in range(1, len(self.kinds)):
            self.piece_base[k] = self.piece_base[k - 1] + copies[k - 1]

    def piece_label(self, digit: int) -> str:
        """A short text for a piece digit: its kind and which piece of it from the bottom of its grid (no. 1 off one)."""
        k = bisect_right(self.piece_base, digit) - 1
        return f"{self._kind_labels[k]} no. {digit - self.piece_base[k] + 1}"

    def kind_label(self, k: int) -> str:
        """A short text for kind k: its type and attribute values."""
        return self._kind_labels[k]

    def zone_label(self, z: int) -> str:
        """A short text for zone instance z: name[index]."""
        name, index = self.zones[z]
        return f"{name}[{index}]"


def _value_key(value):
    """A hashable key that is equal exactly when two runtime values are equal (components: the same one)."""
    if isinstance(value, Component):
        return ("c", value["id"])
    if isinstance(value, Zone):
        return ("z", value.key)
    if isinstance(value, (list, tuple)):
        return ("l", tuple(_value_key(v) for v in value))
    if isinstance(value, dict):
        try:  # records of plain values (placements {x, y, rot}): no need to recurse
            key = ("r", tuple(sorted(value.items())))
            hash(key)
            return key
        except TypeError:
            return ("d", tuple(sorted((str(k), _value_key(v)) for k, v in value.items())))
    return ("v", type(value).__name__, value)


def _label(comp) -> str:
    """A component's type and attribute values (not its id), as text."""
    attrs = " ".join(f"{a}={_short(v)}" for a, v in comp.items() if a not in ("type", "id"))
    return f"{comp['type']} {attrs}".strip()


def _value_text(v) -> str:
    """A chosen value as text, components by kind (never their ids, which tell identical copies apart)."""
    if isinstance(v, Component):
        return _label(v)
    if isinstance(v, Zone):
        name, index = v.key
        return f"{name}[{index}]"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value_text(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_value_text(x)}" for k, x in v.items()) + "}"
    if isinstance(v, bool) or v is None:
        return "none" if v is None else "true" if v else "false"
    return str(v)


def _short(v) -> str:
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(_short(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(f"{k}:{_short(x)}" for k, x in v.items()) + "}"
    return str(v)


def _scheme_for(domain, ruleset, layout: Layout, nplayers: int, limit: int, local_names: frozenset) -> tuple:
    """(scheme, size, bounded) for a parameter from its collection's static type (and, for position, its expression)."""
    domain_type = domain.type
    if domain_type == "zone":
        if _may_hold_grid_pieces(domain, ruleset, local_names):
            return "piece", len(layout.kind_of_id), False
        return "kind", len(layout.kinds), False
    if isinstance(domain_type, tuple) and domain_type[0] == "list":
        element = domain_type[1]
        if element == "zone":
            return "zone", len(layout.zones), False
        if element == "comp":
            if _may_hold_grid_pieces(domain, ruleset, local_names):
                return "piece@zone", len(layout.kind_of_id) * len(layout.zones), False
            return "kind@zone", len(layout.kinds) * len(layout.zones), False
        if element == "player":
            return "seat", nplayers, False
        if element == "bool":
            return "bool", 2, False
    tree = getattr(domain, "tree", None)
    length = None if tree is None else static_length(tree, ruleset, layout, local_names)
    if length is None:
        return "position", limit, False
    return "position", max(length, 1), True  # an empty collection still owns one (never legal) index


def _may_hold_grid_pieces(domain, ruleset, local_names: frozenset) -> bool:
    """Whether a collection of components may hold pieces on a grid, which the engine offers apart where they lie apart
    (as the compiler's _on_grids tells): the ruleset has a grid zone and the collection is not one zone that is no
    grid, by its name (`hand[me]`, `pile`)."""
    if not any(spec.grid for spec in ruleset.zones.values()):
        return False
    tree = getattr(domain, "tree", None)
    named = tree.target if isinstance(tree, ast.Index) else tree
    if domain.type == "zone" and _names_a_zone(tree, ruleset, local_names):
        return bool(ruleset.zones[named.name].grid)
    return True


def static_length(node, ruleset, layout: Layout, local_names: frozenset = frozenset()):
    """The most items a collection expression can give in any position, where the expression alone tells; else None.

    Bounded: ``range(n)`` of a number with a bound (``_most``), ``range(a, b)`` of such a ``b`` and a constant ``a``,
    a literal list, ``subsets``/``distinct``/``sorted``/``take``/``remove`` of a bounded list, a comprehension whose every
    clause loops over a bounded list, ``players``, a family of zones (``pile`` declared with ``each`` or
    ``copies``), and a conditional of two bounded ones. ``local_names`` are the names bound around it (the action's
    parameters, comprehension variables): a zone's name does not mean the zone there.
    """
    def length(n, names):
        return static_length(n, ruleset, layout, names)

    if isinstance(node, ast.ListLit):
        return len(node.items)
    if isinstance(node, ast.Name):
        if node.name in local_names:
            return None
        if node.name == "players":
            return layout.nplayers
        zone = ruleset.zones.get(node.name)
        if zone is not None and zone.kind == "seat_copies":  # (N zones a seat: its name lists the seats' lists)
            return layout.nplayers
        if zone is not None and zone.kind == "team_copies":  # (N zones a team: the teams' lists)
            return zone.size(layout.nplayers) // zone.copies
        return zone.size(layout.nplayers) if zone is not None and zone.kind != "single" else None
    if isinstance(node, ast.Conditional):
        both = (length(node.then, local_names), length(node.otherwise, local_names))
        return None if None in both else max(both)
    if isinstance(node, ast.Comprehension):
        sizes, names = [], set(local_names)
        for clause in node.clauses:
            sizes.append(length(clause.iterable, frozenset(names)))
            names.add(clause.var)
        return None if None in sizes else prod(sizes)
    if not isinstance(node, ast.Call):
        return None
    args = node.args
    if node.func == "range" and args:
        low = 0 if len(args) == 1 else _constant(args[0])
        high = _most(args[-1], ruleset, layout, local_names)
        return None if low is None or high is None else max(high - low, 0)
    if node.func in ("distinct", "sorted", "sorted_by") and len(args) == 1:  # (sorted_by: one item a pair)
        return length(args[0], local_names)
    if node.func == "subsets" and len(args) == 1:
        items = length(args[0], local_names)
        # subsets() refuses more than MAX_SUBSETS_OF items when it runs
        return None if items is None else 2 ** min(items, MAX_SUBSETS_OF)
    if node.func == "subsets" and len(args) == 2:
        items, k = length(args[0], local_names), _constant(args[1])
        # (of at most `items` items, comb(items, k) at most: it grows with the items; a run refuses more than MAX_RANGE)
        return None if items is None or k is None else min(comb(items, k) if 0 <= k <= items else 0, MAX_RANGE)
    if node.func == "remove" and len(args) == 2:  # (one item fewer, or a failure where x is not there)
        items = length(args[0], local_names)
        return None if items is None else max(items - 1, 0)
    if node.func == "take" and len(args) == 2:
        known = [n for n in (length(args[0], local_names), _constant(args[1])) if n is not None]
        return max(min(known), 0) if known else None
    return None


def _most(node, ruleset, layout: Layout, local_names: frozenset):
    """The largest whole number an expression can give in any position, where the expression alone tells; else None.

    A constant; ``count`` of a zone (at most every component of the layout: no rule makes components) or of a
    bounded list; a sum of two such; such a number less a constant.
    """
    constant = _constant(node)
    if constant is not None:
        return constant
    if isinstance(node, ast.Call) and node.func == "count" and len(node.args) == 1:
        if _names_a_zone(node.args[0], ruleset, local_names):
            return len(layout.kind_of_id)
        return static_length(node.args[0], ruleset, layout, local_names)
    if isinstance(node, ast.BinOp) and node.op in ("+", "-"):
        left = _most(node.left, ruleset, layout, local_names)
        right = _most(node.right, ruleset, layout, local_names) if node.op == "+" else _constant(node.right)
        if left is None or right is None:
            return None
        return left + right if node.op == "+" else left - right
    return None


def _names_a_zone(node, ruleset, local_names: frozenset) -> bool:
    """Whether an expression is one zone by its name: a single zone (``deck``) or one of a family (``hand[me]``)."""
    if isinstance(node, ast.Index):
        node, family = node.target, True
    else:
        family = False
    if not isinstance(node, ast.Name) or node.name in local_names or node.name not in ruleset.zones:
        return False
    kind = ruleset.zones[node.name].kind
    return (kind != "single") == family and not ruleset.zones[node.name].nested  # (line[p] of N zones a seat is a list of zones)


def _constant(node):
    """The whole number an expression of literal numbers always gives (``3``, ``-1``, ``2 * 4``); else None."""
    if isinstance(node, ast.Const):
        return node.value if type(node.value) is int else None
    if isinstance(node, ast.Unary) and node.op == "-":
        value = _constant(node.operand)
        return None if value is None else -value
    if isinstance(node, ast.BinOp) and node.op in ("+", "-", "*", "//"):
        left, right = _constant(node.left), _constant(node.right)
        if left is None or right is None or (node.op == "//" and right == 0):
            return None
        return {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv}[node.op](left, right)
    return None


class ActionNumbering:
    """The fixed numbering of every option of a ruleset for one player count."""

    def __init__(self, ruleset, nplayers: int, positional_limit: int = DEFAULT_POSITIONAL_LIMIT):
        positional_limit = whole_number(positional_limit, "positional_limit", 1)
        self.ruleset = ruleset
        self.layout = Layout(ruleset, nplayers)
        self.positional_limit = positional_limit
        self.blocks: dict = {}
        offset = 0
        for action in ruleset.actions.values():
            local_names = frozenset(p.name for p in action.params)
            params = tuple(ParamScheme(action.name, p.name, *_scheme_for(p.domain, ruleset, self.layout, nplayers,
                                                                         positional_limit, local_names))
                           for p in action.params)
            block = ActionBlock(action.name, offset, params)
            self.blocks[action.name] = block
            offset += block.size
        self.size = max(offset, 1)  # a ruleset without actions still needs one (never legal) index
        if self.size > MAX_ACTIONS:
            raise AdapterError(self._too_many())

    def _too_many(self) -> str:
        """Why a numbering this large is refused, naming every action's parameters, schemes and sizes."""
        open_ended = [f"{b.action}.{p.param}" for b in self.blocks.values() for p in b.params
                      if p.scheme == "position" and not p.bounded]
        hint = (f"; a 'position' parameter whose collection's length its expression does not fix "
                f"({', '.join(open_ended)}) gets positional_limit ({self.positional_limit}) indices: lower "
                f"positional_limit (a parameter of env() and of the OpenSpiel game), or choose from a collection "
                f"of fixed length (range(k) with k a number, a list written out)") if open_ended else ""
        return (f"the action numbering would have {self.size:,} indices, more than the adapters take "
                f"({MAX_ACTIONS:,}: an action mask and an information-state tensor hold one slot per index): "
                f"{'; '.join(self.describe())}{hint}")

    # -- options -> indices ----------------------------------------------------------------
    def legal(self, game, seat: int) -> dict:
        """{index: Option} of ``seat``'s legal options now, in ascending index order."""
        options = game.options(seat)
        domains: dict = {}
        out: dict = {}
        for option in options:
            index = self.index_of(game, seat, option, domains)
            out.setdefault(index, option)  # equal options (same arguments) share one index
        return dict(sorted(out.items()))

    def index_of(self, game, seat: int, option, domains: dict | None = None) -> int:
        """The index of one legal option of ``seat``."""
        block = self.blocks[option.action]
        index = 0
        for i, (scheme, (_, value)) in enumerate(zip(block.params, option.args)):
            digit = self._digit(game, seat, option, i, scheme, value, domains if domains is not None else {})
            index = index * scheme.size + digit
        return block.offset + index

    def _digit(self, game, seat, option, i, scheme: ParamScheme, value, domains) -> int:
        """The digit of one argument under its parameter's scheme."""
        lay = self.layout
        kind = scheme.scheme
        if kind in ("kind", "kind@zone") and isinstance(value, Component):
            k = lay.kind_of_id[value["id"]]
            if kind == "kind":
                return k
            return k * len(lay.zones) + lay.zone_index[game.state.where[value["id"]]]
        if kind in ("piece", "piece@zone") and isinstance(value, Component):
            piece = lay.piece_base[lay.kind_of_id[value["id"]]] + self._nth_of_kind(game.state, value["id"], domains)
            if kind == "piece":
                return piece
            return piece * len(lay.zones) + lay.zone_index[game.state.where[value["id"]]]
        if kind == "zone" and isinstance(value, Zone):
            return lay.zone_index[value.key]
        if kind == "seat" and isinstance(value, int) and 0 <= value < lay.nplayers:
            return value
        if kind == "bool" and isinstance(value, bool):
            return int(value)
        if kind == "position":
            rank = self._rank(game, seat, option, i, value, domains)
            if rank >= scheme.size:
                remedy = "its length was read from its expression" if scheme.bounded else "raise positional_limit"
                raise AdapterError(f"action '{scheme.name}', parameter '{scheme.param}': option {option.label()} is item "
                                   f"{rank} of its collection; the numbering holds {scheme.size} ({remedy})")
            return rank
        raise AdapterError(f"action '{scheme.name}', parameter '{scheme.param}': {value!r} does not fit the "
                           f"'{kind}' scheme its collection's type promised")

    def _nth_of_kind(self, S, ident: int, domains: dict) -> int:
        """Which piece of its kind component ``ident`` is, from the bottom of its grid zone (0 the lowest), as the
        observation hands out a kind's slots; 0 off a grid, where the engine offers identical components once."""
        if ident not in S.placed:
            return 0
        zone = S.where[ident]
        nth = domains.get(("nth", zone))
        if nth is None:  # once per zone and call of legal(): each piece's number among its kind there
            nth = domains[("nth", zone)] = {}
            seen: dict = {}
            kind_of = self.layout.kind_of_id
            for comp in S.zone(zone):
                kind = kind_of[comp["id"]]
                nth[comp["id"]] = seen[kind] = seen.get(kind, -1) + 1
        return nth[ident]

    def _rank(self, game, seat, option, i, value, domains) -> int:
        """Where ``value`` stands in the parameter's collection, de-duplicated as the engine offers it."""
        prefix = tuple(id(v) for _, v in option.args[:i])
        key = (option.action, i, prefix)
        ranks = domains.get(key)
        if ranks is None:
            ranks = domains[key] = {}
            for rank, item in enumerate(self._domain(game, seat, option, i)):
                ranks.setdefault(_value_key(item), rank)
        rank = ranks.get(_value_key(value))
        if rank is None:
            raise AdapterError(f"action '{option.action}': {option.label()} is not in its parameter's collection")
        return rank

    def _domain(self, game, seat, option, i) -> list:
        """The i-th parameter's collection as the engine saw it for this option's earlier arguments."""
        S = game.state
        action = self.ruleset.actions[option.action]
        L = seat_names(S.flow.pending.locals, seat)  # (with the values a decision hands the seat: `with:`)
        for name, v in option.args[:i]:
            L[name] = v
        items, seen = [], set()
        for value in action.params[i].domain.fn(S, L):
            if type(value) is Component:
                sig = (value.signature, S.where[value["id"]], S.placed.get(value["id"]))
                if sig in seen:
                    continue  # the engine offers identical components in one zone (at one placement on a grid) once
                seen.add(sig)
            items.append(value)
        return items

    # -- indices -> text -----------------------------------------------------------------
    def block_of(self, index: int) -> ActionBlock:
        """The action block an index falls in."""
        for block in self.blocks.values():
            if block.offset <= index < block.offset + block.size:
                return block
        raise AdapterError(f"action index {index} is outside 0..{self.size - 1}")

    def label(self, index: int, option=None) -> str:
        """A readable name for any index, legal or not: action(param=value, ...). A position parameter says its item's
        number (#1); given the legal ``option`` the index stands for now, its value too (rank=2 #1), since #1 alone
        reads as the value 1."""
        block = self.block_of(index)
        rest = index - block.offset
        digits = []
        for scheme in reversed(block.params):
            digits.append(rest % scheme.size)
            rest //= scheme.size
        parts = [f"{s.param}={self._digit_label(s, d)}" for s, d in zip(block.params, reversed(digits))]
        if option is not None and option.action == block.action:
            parts = [f"{s.param}={_value_text(value)} {part.partition('=')[2]}" if s.scheme == "position" else part
                     for s, part, (_, value) in zip(block.params, parts, option.args)]
        return f"{block.action}({', '.join(parts)})"

    def _digit_label(self, scheme: ParamScheme, digit: int) -> str:
        """What one digit stands for, as text."""
        lay = self.layout
        if scheme.scheme == "kind":
            return lay.kind_label(digit)
        if scheme.scheme == "kind@zone":
            k, z = divmod(digit, len(lay.zones))
            return f"{lay.kind_label(k)} in {lay.zone_label(z)}"
        if scheme.scheme == "piece":
            return lay.piece_label(digit)
        if scheme.scheme == "piece@zone":
            piece, z = divmod(digit, len(lay.zones))
            return f"{lay.piece_label(piece)} in {lay.zone_label(z)}"
        if scheme.scheme == "zone":
            return lay.zone_label(digit)
        if scheme.scheme == "seat":
            return f"seat {digit}"
        if scheme.scheme == "bool":
            return "true" if digit else "false"
        return f"#{digit}"

    def describe(self) -> list:
        """One line per action block: its index range and its parameters' schemes (for docs and debugging)."""
        lines = []
        for block in self.blocks.values():
            params = ", ".join(f"{p.param}: {p.scheme} x{p.size}" for p in block.params) or "no parameters"
            lines.append(f"{block.offset}..{block.offset + block.size - 1} {block.action}({params})")
        return lines
