"""Runtime values that compiled expressions and the interpreter share.

A component is a read-only mapping of its attributes (with ``type`` and ``id``), compared
and hashed by identity: two blue 5s are different cards. A zone is a list of components
(the last item is the top) that knows its own name and index, compared by that key.
Dice faces are plain dicts.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import chain


def is_whole(value, low: int | None = None, high: int | None = None) -> bool:
    """``value`` is a whole number (not a bool, not a float such as 1.0), within low..high where given."""
    return type(value) is int and (low is None or value >= low) and (high is None or value <= high)


def is_number(value) -> bool:
    """``value`` is a number, whole or not (not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def other_kind_written(value, declared):
    """The declared value that ``value`` spells as the other kind, a number for a word or a word for a number (7 where
    '7' is declared, '7' where 7 is), where none is ``value`` itself; else None. YAML reads `7` as a number and `'7'`
    as a word, and the two are never equal: the value meant is this one."""
    if not (is_number(value) or isinstance(value, str)) or any(value == v for v in declared):
        return None
    text = str(value).strip()
    return next((v for v in declared if (is_number(v) if isinstance(value, str) else isinstance(v, str))
                 and str(v).strip() == text), None)


def values_shown(declared, quoted: bool = False) -> tuple:
    """An attribute's declared values as words, and as a message lists them: the first 8 in the order declared (the
    words among them quoted, where ``quoted``: 7 is not '7'), or a range as it was written."""
    once = list(dict.fromkeys(declared))  # (a deck's ranks read in their order: 7, 8, 9, 10, J, not 10, 7, ...)
    words = [str(v) for v in once]
    listed = [repr(v) if quoted and isinstance(v, str) else str(v) for v in once]
    shown = ", ".join(listed[:8]) + (", ..." if len(listed) > 8 else "")
    whole = sorted({v for v in once if is_whole(v)})
    if len(whole) > 8 and len(whole) == len(words) and whole[-1] - whole[0] == len(whole) - 1:
        shown = f"{whole[0]}..{whole[-1]}"  # a range, as it was written
    return words, shown


_SIGNATURES: dict = {}  # (type, sorted attributes) -> its number, for every component made in this process


class Component(dict):
    """One physical component: {'type': ..., 'id': ..., attribute: value, ...}."""

    __slots__ = ("signature", "kind", "plain", "ident", "shown")

    def __init__(self, type_name: str, ident: int, attributes: dict, shown: tuple | None = None):
        super().__init__(type=type_name, id=ident, **attributes)
        # the attributes its type's `display:` prints (None: all): text made without the ruleset at hand, an option's
        # str() in the Python API, prints it as play does
        self.shown = shown
        # its type again, as an attribute: generated code tests it there (`c is card`). An item of a subclass
        # of dict is found through a Python-level lookup of __getitem__: about 200 instructions more than
        # a dict's, where reading a slot takes about 80 in all
        self.kind = type_name
        # and its id, which the engine reads where it moves, reveals or finds a component (`comp.ident`), and hashes it by
        self.ident = ident
        # the same mapping as a plain dict, which generated code reads its attributes from (`c.plain.get('suit')`):
        # Python specialises a method of dict called on a dict, not on an instance of a subclass
        self.plain = dict(self)
        # components with the same signature in the same zone are interchangeable; the
        # signature is a number standing for the type and attributes, because listing
        # options puts it in a set for every component of a hand (a tuple is hashed anew each time)
        described = (type_name,) + tuple(sorted((k, _frozen(v)) for k, v in attributes.items()))
        self.signature = _SIGNATURES.setdefault(described, len(_SIGNATURES))

    def __reduce__(self):
        # made again where it is unpickled, so its signature is that process's number
        return Component, (self["type"], self["id"], {k: v for k, v in self.items() if k not in ("type", "id")}, self.shown)

    # compared by identity. All six comparisons are object's, so that Python takes object's C
    # comparison for the type: with `==` and `!=` alone (the others being dict's), every
    # comparison went through a Python-level lookup of the method (0.4 us, not 0.07), and
    # `list.remove` of a card from a hand compares it with each card before it
    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __lt__ = object.__lt__
    __le__ = object.__le__
    __gt__ = object.__gt__
    __ge__ = object.__ge__

    def __hash__(self) -> int:
        return self.ident

    def __repr__(self) -> str:
        attrs = " ".join(f"{k}={v}" for k, v in self.items() if k not in ("type", "id"))
        return f"<{self['type']}#{self['id']} {attrs}>"


def _frozen(value):
    """A hashable stand-in for an attribute value (lists and maps are allowed as attributes)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _frozen(v)) for k, v in value.items()))
    return value


class SeatCopy(int):
    """The index of one zone of a family of N zones a seat (`line: {each: player, copies: 5}`): seat p's r-th, kept as
    the flat index p * N + r (the engine keys, reads and counts zones by (name, index)), that writes itself as the
    language does, "p][r": every text that writes a zone as f"{name}[{index}]" (play's board, errors, a record's map
    keys, scenarios' messages) says line[1][3], not line[8]. Arithmetic on it gives a plain int; JSON writes the
    flat number (records.zone_json adds the seat and the copy). One of N zones a team (`meld: {each: team, copies:
    4}`, meld[1][3]) is one too, its ``seat`` the team's index, marked ``team`` (a record writes it as "team")."""

    team = False

    def __new__(cls, index: int, per_seat: int, names: tuple = ()):
        made = int.__new__(cls, index)
        made.per_seat, made.names = per_seat, names
        made.seat, made.copy = divmod(index, per_seat)
        return made

    def __str__(self) -> str:
        return f"{self.seat}][{self.names[self.copy] if self.names else self.copy}"

    def __getnewargs__(self):  # (a copy or a pickle, a worker's, remakes it with its seat and copy)
        return int(self), self.per_seat, self.names


class NamedCopy(int):
    """The index of one zone of a family of named copies (`pile: {copies: [yellow, blue]}`): its position in the list,
    which the engine keys, reads and counts zones by, that writes itself as its word, so every text that writes a
    zone as f"{name}[{index}]" says pile[blue], not pile[1]. JSON writes the number (records.zone_json adds the word)."""

    def __new__(cls, index: int, names: tuple):
        made = int.__new__(cls, index)
        made.names = names
        return made

    def __str__(self) -> str:
        return self.names[self]

    def __getnewargs__(self):  # (a copy or a pickle remakes it with its words)
        return int(self), self.names


class Zone(list):
    """The contents of one zone instance; ``key`` is (zone name, index)."""

    __slots__ = ("key",)

    def __init__(self, key: tuple, items=()):
        self.extend(items)  # a new list is empty: what list.__init__ does, without super() (a third of the time)
        self.key = key

    def __eq__(self, other) -> bool:
        # (its class read, not isinstance's call: no class derives from Zone, so the same test; Python calls this
        # for each zone of a list that `in` passes over before the one it looks for)
        return other.__class__ is Zone and other.key == self.key

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        name, index = self.key
        return f"<zone {name}[{index}] {len(self)} items>"

    def copy(self) -> "Zone":  # type: ignore[override]
        return Zone(self.key, self)


def shown_attributes(c: dict, display=None) -> list:
    """The (name, value) of the attributes a component is named by in play: not its id, type or owner, nor a piece's geometry,
    nor one that is none (as an option's label leaves out an argument that is none: `tile what=none pharaoh`, of a
    `list:` whose items give `what` only in part, said nothing); where ``display`` (type -> names, a ruleset's
    `display:`) lists its type's, those it has, in that order. Without ``display``, a Component's own type's (``shown``)."""
    names = display.get(c["type"]) if display else getattr(c, "shown", None)
    if names is not None:  # (a hidden component has none of them: it is told as hidden before this)
        return [(k, c[k]) for k in names if c.get(k) is not None]
    # a grid piece's cells and shape are lists that would bury its name; a word called shape is a plain attribute
    return [(k, v) for k, v in c.items() if k not in ("id", "type", "owner") and v is not None
            and not (k in ("cells", "shape") and isinstance(v, (list, dict)))]


def named_values(c: dict, short, display=None) -> str:
    """A component's shown attributes (``display``: see shown_attributes) as text: a word as it is (red), any other value
    with its name (value=7)."""
    return " ".join(short(v) if isinstance(v, str) else f"{k}={short(v)}" for k, v in shown_attributes(c, display))


def attribute_text(v) -> str:
    """A component's attribute value as play shows it, in the view, the recap and the options alike: a list or map
    without spaces, colors=[2,1,4] (a component stays one run of words between the commas that part components),
    true, false and none as the language writes them."""
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(attribute_text(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(f"{attribute_text(k)}:{attribute_text(x)}" for k, x in v.items()) + "}"
    if v is None or isinstance(v, bool):
        return {None: "none", True: "true", False: "false"}[v]
    return str(v)


def component_text(c: dict, display=None) -> str:
    """A component (or a combination of its attributes, with its type) as the board writes it: card priest rank=2, with
    its owner where it has one, (seat 1); ``display``: see shown_attributes."""
    owner = f" (seat {c['owner']})" if "owner" in c else ""
    return f"{c['type']} {named_values(c, attribute_text, display)}".strip() + owner


def displays(ruleset) -> dict:
    """{type: the names of the attributes printed} for the ruleset's component types that declare `display:` (None: {})."""
    # (a stand-in for a ruleset, made of the zones alone to word an event, declares none)
    return {t.name: t.display for t in getattr(ruleset, "components", ()) if t.display is not None}


def describe(value, zones=None) -> str:
    """A short human description of a runtime value for error messages; a zone by its bare name where ``zones`` (name
    -> the zones of that name, as spell takes it) shows it is a single zone."""
    if value is None:
        return "none"
    if isinstance(value, Component):
        return repr(value)
    if isinstance(value, Zone):
        return f"zone {spell(value, zones)}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple, dict)):  # written as the language writes them: [none, true], a zone by its name
        text = spell(value, zones)
        return f"{text} ({len(value):,} items)" if len(text) > DESCRIBED_CHARS else text
    text = repr(value)
    if len(text) > DESCRIBED_CHARS:  # a rule's failure names the value, it does not print a hundred thousand items
        size = f", {len(value):,} items" if isinstance(value, (list, tuple, dict)) else ""
        return f"{text[:DESCRIBED_CHARS]}... ({len(text):,} characters{size})"
    return text


DESCRIBED_CHARS = 300  # the longest description of a value an error message quotes in full


NESTING = frozenset({list, dict})  # the types whose values nest (exactly: a zone or a component is not entered)


def holds_nested(value) -> bool:
    """Whether a list or map holds a list or map among its items (its items' types looked at in C)."""
    return not NESTING.isdisjoint(map(type, value if value.__class__ is list else value.values()))


def written_items(value, most: int) -> int:
    """How many items the lists and maps in ``value`` hold written out, each counted as often as it is held (zones and
    components not entered: they compare by key and identity); once the count passes ``most`` the walk stops and
    returns more than ``most``. Each list and map is walked once, however often it is held: a definition that puts
    its argument in a list twice, called forty times over, makes 2**40 items in forty lists, which `==`, `distinct`
    or a record walk (and copy) written out."""
    flat = _flat_written_items(value)
    if flat is not None:
        return flat
    sizes: dict = {}  # id -> its items written out (the lists walked are all held by ``value``: their ids stand)
    entered = set()
    todo = [value]
    while todo:
        item = todo[-1]
        key = id(item)
        if key in sizes:
            todo.pop()
            continue
        items = item if item.__class__ is list else item.values()
        inner = [x for x in items if (x.__class__ is list or x.__class__ is dict) and id(x) not in sizes]
        if inner and key not in entered:  # its lists and maps first
            entered.add(key)
            todo.extend(inner)
            continue
        if inner:  # entered before and still not counted: it holds itself (no value of the language does)
            return most + 1
        n = len(item) + sum(sizes[id(x)] for x in items if x.__class__ is list or x.__class__ is dict)
        if n > most:
            return n
        sizes[key] = n
        todo.pop()
    return sizes[id(value)]


def _flat_written_items(value) -> int | None:
    """``written_items`` of a list or map whose lists and maps hold lists and maps of no list or map (a list of pairs, a
    map of lists of numbers, a list of edges between [x, y] points), counted with the loops in C; None for a deeper value. A rule testing `[x, y] in shots` for each of a
    hundred cells walked the hundred pairs in Python at each test (0.1 ms a test, 3.6 ms a decision)."""
    items = value if value.__class__ is list else value.values()
    inner = [x for x in items if x.__class__ is list or x.__class__ is dict]
    if not inner:
        return len(value)
    inner_items = [x if x.__class__ is list else x.values() for x in inner]
    if NESTING.isdisjoint(map(type, chain.from_iterable(inner_items))):
        return len(value) + sum(map(len, inner))
    # one level deeper (a list of edges whose ends are [x, y] points, as reachable() is given: counted in C too, a point
    # held by two edges counted twice, as held)
    deeper = [x for x in chain.from_iterable(inner_items) if x.__class__ is list or x.__class__ is dict]
    if not NESTING.isdisjoint(map(type, chain.from_iterable([x if x.__class__ is list else x.values() for x in deeper]))):
        return None
    return len(value) + sum(map(len, inner)) + sum(map(len, deeper))


def spell(value, zones=None) -> str:
    """A value as the language writes it in messages: none, true, 'word', [1, 2], {'x': 0}, a zone by its name.

    A zone is ``name[index]``, or its bare name where ``zones`` (name -> the zones of that
    name) shows it is a single zone. Long values are cut after DESCRIBED_CHARS characters.
    """
    out: list = []
    _spell(value, zones, out, [DESCRIBED_CHARS], 0)
    return "".join(out)


def _spell(value, zones, out, left, depth) -> None:
    if left[0] < 0:  # cut already
        return
    if value is None or value is True or value is False:
        _put({None: "none", True: "true", False: "false"}[value], out, left)
    elif type(value) is Zone:
        name, index = value.key
        _put(name if zones is not None and len(zones.get(name, ())) == 1 else f"{name}[{index}]", out, left)
    elif isinstance(value, (list, tuple, dict)) and depth >= 8:
        _put("[...]" if isinstance(value, (list, tuple)) else "{...}", out, left)
    elif isinstance(value, Component):
        _put(f"<{value.get('type')}#{value.get('id')}", out, left)
        for k, v in value.items():
            if k not in ("type", "id"):
                _put(f" {k}=", out, left)
                _spell(v, zones, out, left, depth + 1)
        _put(">", out, left)
    elif isinstance(value, dict):
        _put("{", out, left)
        for n, (k, v) in enumerate(value.items()):
            _put(", " if n else "", out, left)
            _spell(k, zones, out, left, depth + 1)
            _put(": ", out, left)
            _spell(v, zones, out, left, depth + 1)
            if left[0] < 0:
                return
        _put("}", out, left)
    elif isinstance(value, (list, tuple)):
        _put("[", out, left)
        for n, v in enumerate(value):
            _put(", " if n else "", out, left)
            _spell(v, zones, out, left, depth + 1)
            if left[0] < 0:
                return
        _put("]", out, left)
    else:
        _put(repr(value) if isinstance(value, (str, int, float)) else str(value), out, left)


def _put(text, out, left) -> None:
    """Write text, or as much of it as the characters left allow and '...' (then nothing more)."""
    if left[0] < 0:
        return
    if len(text) > left[0]:
        out.append(text[: left[0]] + "...")
        left[0] = -1
    else:
        out.append(text)
        left[0] -= len(text)


def given(value, zones=None) -> str:
    """What a value given is, for a message that says what was expected: "the word 'x'", "none", "the zone pool"."""
    if value is None or value is True or value is False:
        return spell(value)
    kind = ("whole number" if type(value) is int else "number" if type(value) is float else "word" if isinstance(value, str)
            else "zone" if type(value) is Zone else "component" if isinstance(value, Component)
            else "list" if isinstance(value, (list, tuple)) else "map" if isinstance(value, dict) else "value")
    return f"the {kind} {spell(value, zones)}"


PYTHON_TYPE_WORDS = {"NoneType": "none", "int": "whole number", "float": "number", "str": "word", "bool": "true or false",
                     "list": "list", "dict": "map", "Component": "component", "Zone": "zone", "tuple": "list"}


def _in_words(text: str) -> str:
    """A Python message with its type names ('int', 'Component') in the language's words."""
    return re.sub(r"'(\w+)'", lambda m: PYTHON_TYPE_WORDS.get(m.group(1), m.group(0)), text).replace("NoneType", "none")


def _a(kind: str) -> str:
    """A kind of value with its article: a word, a whole number; none and true or false as they are."""
    return kind if kind in ("none", "true or false") else f"a {kind}"


def a_kind(value) -> str:
    """A value's kind in the language's words, with its article: a whole number, a list, none."""
    return _a(PYTHON_TYPE_WORDS.get(type(value).__name__, type(value).__name__))


def not_a_choice_said(name: str, text: str, value) -> str:
    """What a `choose` whose collection gave no collection (a number, a word, none) is told: the kind and the value
    it gave, not the failure of what lists its options (`count needs a list`, where the rule has no count)."""
    kind = a_kind(value)
    shown = "" if value is None or isinstance(value, bool) else f" {describe(value)}"
    return f"the choice of '{name}' must be a list or a zone; '{text.strip()}' gave {kind}{shown}"


ATTRIBUTE_OF_NONE = "read an attribute of none"
NONE_GUESS = " (an empty zone, or a die not rolled yet or set aside?)"  # said where the expression that gave none is not known
INDEX_OF_NONE = "cannot index none"


def nones_said(names) -> str:
    """That the ``names`` a failed expression reads are none, said after its failure (`; 'who' is none`); '' for none."""
    if not names:
        return ""
    return f"; {', '.join(f'{n!r}' for n in names)} {'is' if len(names) == 1 else 'are'} none"


def _components_unordered(compared) -> str:
    """Why components could not be sorted or compared, and the idioms that order them by an attribute: one of
    ``compared``'s (a component the failed sort or min/max met, kept by builtins._note_compared), else a stand-in name."""
    plain = [k for k, v in shown_attributes(compared) if v.__class__ in (int, float, str)] if compared else []
    attr = plain[0] if plain else "id" if compared else "ATTR"
    which = "" if compared else ", ATTR one of their attributes"
    return (f"components cannot be put in order: compare or sort one of their attributes (sorted(c.{attr} for c in xs)"
            f"{which}); to order the components by it, lowest first, sorted_by([c.{attr}, c] for c in xs), which compares "
            f"the keys only (max_by and min_by pick one so), or sort [c.{attr}, c.id, c] lists and keep each last item: the "
            "id breaks ties, so no two components are compared")


def explain(exc) -> str:
    """A Python failure inside a rule, in the words of a ruleset's author."""
    if isinstance(exc, TypeError) and str(exc) == "'NoneType' object is not subscriptable":  # (a die's face read so)
        return ATTRIBUTE_OF_NONE + NONE_GUESS
    if isinstance(exc, TypeError):
        text = _in_words(str(exc))
        indexed = re.fullmatch(r"object of type (.+) has no len\(\)", text) if _raised_in(exc, "item_at") else None
        if indexed:  # `xs[i]` of a value that is no list: Python's len() of it failed, not a count() written
            kind = indexed.group(1)
            return INDEX_OF_NONE if kind == "none" else f"only a list, a zone or a map is indexed, not {_a(kind)}"
        if "between instances of component and component" in text:
            return _components_unordered(getattr(exc, "compared", None))
        between = (re.fullmatch(r"'(.+)' not supported between instances of (.+) and (.+)", text)
                   or re.fullmatch(r"unsupported operand type\(s\) for (.+): (.+) and (.+)", text))
        if between:
            op, left, right = between.groups()
            return f"values of different kinds cannot be compared or combined ('{op}' between {_a(left)} and {_a(right)})"
        if "not supported between" in text or "unsupported operand" in text:
            return "values of different kinds cannot be compared or combined (" + text + ")"
        by = re.fullmatch(r"list indices must be integers or slices, not (\w+)", str(exc))
        if by:  # a family of zones (or the scores) indexed straight by a seat that is none: item_at's words
            return f"a list is indexed by a whole number, not {_a(PYTHON_TYPE_WORDS.get(by.group(1), by.group(1)))}"
        joined = re.fullmatch(r'can only concatenate (\w+) \(not "(\w+)"\) to \w+', str(exc))
        if joined:  # Python's words for `+` between two kinds
            kinds = [PYTHON_TYPE_WORDS.get(k, k) for k in joined.groups()]
            return f"+ joins two words or two lists, or adds two numbers: not {_a(kinds[0])} and {_a(kinds[1])}"
        unhashable = re.fullmatch(r"unhashable type: '(\w+)'", str(exc))
        if unhashable:  # a map's key that is a list or a map
            return (f"a map's key cannot be {_a(PYTHON_TYPE_WORDS.get(unhashable.group(1), unhashable.group(1)))}: "
                    "a number, a word, true/false, none, a component or a zone")
        looked = re.fullmatch(r"'in <string>' requires string as left operand, not (.+)", text)
        if looked:  # `1 in "abc"`: a word holds words only
            kind = PYTHON_TYPE_WORDS.get(looked.group(1), looked.group(1))
            return f"'in' with a word on its right looks for a word in it, not for {_a(kind)}"
        counted = re.fullmatch(r"object of type (.+) has no len\(\)", text)
        if counted:
            return f"count needs a list, a zone or a map, not {_a(counted.group(1))}"
        operand = re.fullmatch(r"bad operand type for (abs\(\)|unary -): (.+)", text)
        if operand:  # Python's own phrasing, even with the kind in our words
            what = "abs takes a number" if operand.group(1) == "abs()" else "only a number can be negated with -"
            return f"{what}, not {_a(operand.group(2))}"
        return _object_said(str(exc)) or text
    if isinstance(exc, AttributeError) and "NoneType" in str(exc):
        return ATTRIBUTE_OF_NONE + NONE_GUESS
    if isinstance(exc, AttributeError):
        return _object_said(str(exc)) or "a value of the wrong kind here"
    if isinstance(exc, RecursionError):
        return "expression nested too deeply"
    return f"{type(exc).__name__}: {exc}"


# what a value read by the engine's own attribute was taken to be (Python's `'list' object has no attribute 'key'`)
NEEDED_BY_PART = {"key": "a zone", "ident": "a component", "get": "a component or a map", "items": "a map",
                  "keys": "a map", "values": "a map", "append": "a list", "extend": "a list", "index": "a list or a zone"}
# Python's words of a value of one kind used as another (`'int' object is not iterable`), said in the language's
OBJECT_SAID = {"is not iterable": "{kind} is no collection: a list, a zone or a map was needed",
               "is not subscriptable": "only a list, a zone or a map is indexed, not {kind}",
               "cannot be interpreted as an integer": "a whole number was needed, not {kind}"}
PYTHON_OBJECT = re.compile(r"'(\w+)' object (.+)|argument of type '(\w+)' (is not iterable)")


def _object_said(message: str) -> str:
    """A Python message naming a value's class (`'list' object has no attribute 'key'`, `'int' object is not
    iterable`) in the language's words, naming the value's kind (`a list where a zone was needed`); '' for another."""
    found = PYTHON_OBJECT.fullmatch(message)
    if not found:
        return ""
    kind = _a(PYTHON_TYPE_WORDS.get(found.group(1) or found.group(3), "value"))
    rest = found.group(2) or found.group(4)
    part = re.fullmatch(r"has no attribute '(\w+)'", rest)
    if part:  # an attribute the engine reads, not one the rules wrote (those are E153 at validate, or said as such)
        needed = NEEDED_BY_PART.get(part.group(1))
        return f"a value of the wrong kind here: {kind}" + (f" where {needed} was needed" if needed else "")
    return OBJECT_SAID.get(rest, "a value of the wrong kind here: {kind}").format(kind=kind)


def _raised_in(exc, function: str) -> bool:
    """Whether the innermost Python function running when ``exc`` was raised is ``function`` (a builtin's C call, such
    as len(), has no frame of its own: the function that called it)."""
    tb = exc.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_name == function


def option_key(option, where) -> tuple:
    """What makes two options the same choice: the action, then each argument by ``arg_key``.

    Options with equal keys are offered once (identical components in one zone are one
    choice), and search agents match options across sampled games by it.
    """
    return arguments_key(option.action, option.args, where)


def arguments_key(action: str, args, where) -> tuple:
    """``option_key`` of an option of ``action`` with these (name, value) arguments (an OptionList keys a group's bound
    arguments so, its values' keys added after)."""
    return (action,) + tuple([(name, arg_key(v, where)) for name, v in args])


def set_key(option, where, sets) -> tuple:
    """``option_key``, but each list holding a component that is given to a parameter named in ``sets`` keyed as the
    multiset of its items' keys: subsets of [a, b, a, b] make [a, b] and [b, a] of identical components, one set,
    which a player is offered once (the order subsets keeps is the zone's, not a choice)."""
    parts = [option.action]
    for name, value in option.args:
        key = arg_key(value, where)
        if name in sets and value.__class__ is list and any(item.__class__ is Component for item in value):
            key = ("set", frozenset(Counter(key).items()))
        parts.append((name, key))
    return tuple(parts)


_KEYS_ITSELF = frozenset({int, float, str, bool, type(None)})  # the types whose arg_key is the value itself


def arg_key(value, where):
    """An argument's hashable description: a component by type, attributes and zone, a zone by key, lists and maps item by item."""
    t = type(value)
    if t is Component:
        return ("c", value.signature, where[value.ident])
    if t is Zone:
        return ("z", value.key)
    # (an item that is its own key is not passed to a call: a grid's placement, a map of five numbers, is keyed for
    # each of a thousand options at every search iteration)
    if isinstance(value, (list, tuple)):
        return tuple([v if v.__class__ in _KEYS_ITSELF else arg_key(v, where) for v in value])
    if isinstance(value, dict):
        return tuple(sorted([(k if k.__class__ is str else str(k), v if v.__class__ in _KEYS_ITSELF else arg_key(v, where))
                             for k, v in value.items()]))
    return value


MAX_CHOICE_ITEMS = 1_000_000  # items of the lists and maps in one decision's choices, written out (as a variable's)


def choices_written(value, written: int) -> int:
    """``written`` (the items of a decision's choices so far) plus those of ``value``, a list or map holding lists or
    maps, written out (``written_items``: as its key and a record write it); a rule's failure past MAX_CHOICE_ITEMS."""
    written += written_items(value, MAX_CHOICE_ITEMS - written)
    if written > MAX_CHOICE_ITEMS:
        from .builtins import RuleRuntimeError  # (builtins imports this module)

        raise RuleRuntimeError(f"the choices hold more than {MAX_CHOICE_ITEMS:,} items (the items of the lists and maps "
                               "in them counted as often as they are held)")
    return written


class WhereOnGrids:
    """A state's ``where`` as the keys of options read it (``where[ident]``) where pieces lie on grids: a component's
    zone, and for a piece on a grid its placement too (``placed``: the state's), so that two identical pieces at two
    places are two choices, as two cards in two hands are."""

    __slots__ = ("where", "placed")

    def __init__(self, where, placed: dict):
        self.where, self.placed = where, placed

    def __getitem__(self, ident: int):
        at = self.placed.get(ident)
        return self.where[ident] if at is None else (self.where[ident], at)


def where_apart(where, placed: dict):
    """``where`` for the keys of options (option_key, alike_once), or a WhereOnGrids of it where a piece lies on a grid
    (``placed``, a state's placements, holds one): no piece on a grid, the state's own list, read as fast as ever."""
    return WhereOnGrids(where, placed) if placed else where


def distinct_apart(distinct, domain, where, placed: dict) -> list:
    """``distinct(domain, where)`` (a choice's values, identical components offered once) for choices that may hold
    pieces on a grid, where identical means at equal placements too: one zone's components are then keyed as a list's,
    by where each lies (``where_apart``), not by their signatures alone. A listing calls it only for choices that may be
    a grid's (the compiler's ``_on_grids``): other zones are folded as they were."""
    if not placed:
        return distinct(domain, where)
    if type(domain) is Zone:
        domain = list(domain)
    return distinct(domain, WhereOnGrids(where, placed))


def alike_once(options: list, where, sets=()) -> list:
    """``options`` without any whose key equals an earlier one's (``option_key``), in order; the lists of components
    given to a parameter of ``sets`` (the names of those chosen among subsets) keyed as sets (``set_key``)."""
    seen, kept = set(), []
    written = 0  # the choices' items written out, where they are lists holding lists (keyed so: choices_written)
    for option in options:
        for _, value in option.args:
            if (value.__class__ is list or value.__class__ is dict) and holds_nested(value):
                written = choices_written(value, written)
        key = option_key(option, where) if not sets else set_key(option, where, sets)
        if key not in seen:
            seen.add(key)
            kept.append(option)
    return kept
