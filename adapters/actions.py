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
| a list of zones (``pile``)   | zone       | the zone instance                                  |
| a list of seats              | seat        | the seat                                           |
| a list of booleans           | bool        | false 0, true 1                                    |
| anything else (subsets, records, numbers, ...) | position | rank in the collection, as evaluated when the seat decides |

The first five are state-independent. ``position`` is the only scheme whose meaning
depends on the position (rank ``i`` is the i-th item of the collection); it is capped at
``positional_limit`` items and an option beyond the cap is an error that names the
parameter. For ``subsets(xs)`` the rank is the bitmask of the items of ``xs`` taken.
docs/adapters.md describes the scheme with examples.
"""

from __future__ import annotations

from dataclasses import dataclass

from philtre.dsl.values import Component, Zone

DEFAULT_POSITIONAL_LIMIT = 1024


class AdapterError(ValueError):
    """A ruleset or an option the adapters cannot represent (the message says what and why)."""


@dataclass(frozen=True)
class ParamScheme:
    """How one parameter's value becomes a digit: the scheme's name and how many digits exist."""

    name: str
    param: str
    scheme: str  # kind | kind@zone | zone | seat | bool | position
    size: int


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


def _short(v) -> str:
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(_short(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(f"{k}:{_short(x)}" for k, x in v.items()) + "}"
    return str(v)


def _scheme_for(domain_type, layout: Layout, nplayers: int, limit: int) -> tuple:
    """(scheme, size) for a parameter from its collection's static type."""
    if domain_type == "zone":
        return "kind", len(layout.kinds)
    if isinstance(domain_type, tuple) and domain_type[0] == "list":
        element = domain_type[1]
        if element == "zone":
            return "zone", len(layout.zones)
        if element == "comp":
            return "kind@zone", len(layout.kinds) * len(layout.zones)
        if element == "player":
            return "seat", nplayers
        if element == "bool":
            return "bool", 2
    return "position", limit


class ActionNumbering:
    """The fixed numbering of every option of a ruleset for one player count."""

    def __init__(self, ruleset, nplayers: int, positional_limit: int = DEFAULT_POSITIONAL_LIMIT):
        self.ruleset = ruleset
        self.layout = Layout(ruleset, nplayers)
        self.positional_limit = positional_limit
        self.blocks: dict = {}
        offset = 0
        for action in ruleset.actions.values():
            params = tuple(ParamScheme(action.name, p.name, *_scheme_for(p.domain.type, self.layout, nplayers, positional_limit))
                           for p in action.params)
            block = ActionBlock(action.name, offset, params)
            self.blocks[action.name] = block
            offset += block.size
        self.size = max(offset, 1)  # a ruleset without actions still needs one (never legal) index

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
        if kind == "zone" and isinstance(value, Zone):
            return lay.zone_index[value.key]
        if kind == "seat" and isinstance(value, int) and 0 <= value < lay.nplayers:
            return value
        if kind == "bool" and isinstance(value, bool):
            return int(value)
        if kind == "position":
            rank = self._rank(game, seat, option, i, value, domains)
            if rank >= scheme.size:
                raise AdapterError(f"action '{scheme.name}', parameter '{scheme.param}': option {option.label()} is item "
                                   f"{rank} of its collection; the numbering holds {scheme.size} "
                                   f"(raise positional_limit)")
            return rank
        raise AdapterError(f"action '{scheme.name}', parameter '{scheme.param}': {value!r} does not fit the "
                           f"'{kind}' scheme its collection's type promised")

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
        L = dict(S.flow.pending.locals)
        L["me"] = seat
        for name, v in option.args[:i]:
            L[name] = v
        items, seen = [], set()
        for value in action.params[i].domain.fn(S, L):
            if type(value) is Component:
                sig = (value.signature, S.where[value["id"]])
                if sig in seen:
                    continue  # the engine offers identical components in one zone once
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

    def label(self, index: int) -> str:
        """A readable name for any index, legal or not: action(param=value, ...)."""
        block = self.block_of(index)
        rest = index - block.offset
        digits = []
        for scheme in reversed(block.params):
            digits.append(rest % scheme.size)
            rest //= scheme.size
        parts = [f"{s.param}={self._digit_label(s, d)}" for s, d in zip(block.params, reversed(digits))]
        return f"{block.action}({', '.join(parts)})"

    def _digit_label(self, scheme: ParamScheme, digit: int) -> str:
        """What one digit stands for, as text."""
        lay = self.layout
        if scheme.scheme == "kind":
            return lay.kind_label(digit)
        if scheme.scheme == "kind@zone":
            k, z = divmod(digit, len(lay.zones))
            return f"{lay.kind_label(k)} in {lay.zone_label(z)}"
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
