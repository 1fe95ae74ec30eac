"""A decision's legal options: ``Option``, and ``OptionList``, which makes each when it is looked at."""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate, repeat
from operator import is_

from philtre.dsl import ast
from philtre.dsl.compiler import ANY, chosen_among_subsets, element_type, is_list
from philtre.dsl.values import Component, Zone, arg_key, arguments_key, displays, option_key

from .records import component_json, plain_json
from .views import zone_objects
from .render import attribute_text, named_values, value_text, word_text


class Option:
    """One legal choice: an action and its arguments (name -> component, zone or value)."""

    __slots__ = ("action", "args")

    # No __init__: ``Option()`` then makes one in C alone, and a generated lister stores its two slots
    # (a Python __init__ was a third of making one; object.__new__, a checked call, a quarter)

    @staticmethod
    def of(action: str, args: tuple) -> Option:
        """The option of ``action`` with these arguments ((name, value) pairs, in the action's order)."""
        option = Option()
        option.action, option.args = action, args
        return option

    def __eq__(self, other) -> bool:
        return isinstance(other, Option) and other.action == self.action and other.args == self.args

    def __hash__(self) -> int:
        return hash((self.action, tuple(n for n, _ in self.args)))

    def label(self, seen=None, single_zones=()) -> str:
        """The option as text; a component's owner is shown if its id is in ``seen`` (None: always); a zone named in
        ``single_zones`` by its bare name, deck, as the language and the board write it (else deck[0]). An argument
        that is none is left out: a choice only some options need (`guess: "... if COND else [none]"`) is no part of
        the others' text, play(card=card princess rank=8), not guess=none."""
        texts = self.argument_texts(seen, single_zones)
        return written_out(self.action, (text for text, (_, v) in zip(texts, self.args) if v is not None))

    def argument_texts(self, seen=None, single_zones=()) -> list:
        """(name, text) of each argument, none too, the text as ``label`` writes it (play matches a typed argument
        against it: guess=none still names the option whose label leaves it out)."""
        labels = getattr(single_zones, "chosen_labels", None)
        return [(n, labels and _labelled(labels, self.action, n, v) or _short(_as_shown(self.action, n, v, single_zones), seen, single_zones))
                for n, v in self.args]

    def to_json(self) -> dict:
        return {n: _arg_json(v) for n, v in self.args}

    __repr__ = label


def written_out(action: str, texts) -> str:
    """An option as text, `action(name=text, ...)`, of the (name, text) of the arguments written."""
    return f"{action}({', '.join(f'{n}={text}' for n, text in texts)})"


class Wording(frozenset):
    """How an option names things as the board does: as a set, the single zones' names (named bare, deck); ``display``,
    the attributes printed of each component type whose `display:` lists them (type -> names); ``placed``, where each
    piece the seat sees on a grid lies (id -> (x, y, rot), the rot None where play leaves it out), told with it
    (``placed_wording``); ``located``, the zone of each component that options alike but for it name (id -> zone
    text, ``located_wording``); ``unordered``, the
    (action, parameter) pairs chosen among subsets, whose lists play may take typed in another order (``set_lists``);
    ``boards``, each grid's (width, height), None for one without edges (``boards_wording``); ``unturned``, whether
    a position at rot 0 is written without its rot (every option of a decision at rot 0: the turn tells none apart);
    ``ranked``, the `show_sorted` key of each component a set lists that lies in a zone with one (``ranked_wording``);
    ``still``, the grids whose pieces never turn (`turns: false`, ``boards_wording``); ``labels``, the names a position
    is written by (render.position_labels: d3 for x=3 y=2), None for x and y; ``chosen_labels``, how each
    chosen value an action's `label:` labels reads ((action, choice) -> a function of the value: ``value_labels``)."""

    display: dict = {}
    placed: dict = {}
    located: dict = {}
    unordered: frozenset = frozenset()
    boards: dict = {}
    unturned: bool = False
    ranked: dict = {}
    still: frozenset = frozenset()
    labels = None
    chosen_labels: dict = {}

    def but(self, **changed) -> Wording:
        """A copy with the attributes ``changed`` given new values."""
        told = Wording(self)
        told.display, told.placed, told.located, told.unordered = self.display, self.placed, self.located, self.unordered
        told.boards, told.unturned, told.ranked, told.still = self.boards, self.unturned, self.ranked, self.still
        told.labels, told.chosen_labels = self.labels, self.chosen_labels
        for name, value in changed.items():
            setattr(told, name, value)
        return told


def value_labels(game) -> dict:
    """(action, choice) -> a function giving the label of a value of that choice (its `label:`, language.md), or None
    where it fails or gives no word (the value is then written as it is): a label reads no state the game changes (the
    loader's E155), so a value chosen long ago (a record's decision) reads as it did. {} for a ruleset without labels."""
    from philtre.dsl.builtins import RuleRuntimeError

    def labeller(expr, name: str):
        def label(value):
            try:
                text = expr.fn(game.state, {name: value})
            except (RuleRuntimeError, TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError):
                return None
            return text if isinstance(text, str) and text.strip() else None
        return label

    return {(action.name, name): labeller(expr, name) for action in game.ruleset.actions.values() for name, expr in action.labels}


def _labelled(labels: dict, action: str, name: str, value):
    """The label of ``value`` chosen for ``name`` of ``action`` (value_labels), or None."""
    label = labels.get((action, name))
    return None if label is None or value is None else label(value)


def single_zones(ruleset) -> Wording:
    """Names of the ruleset's single zones: an option names one by its bare name, as the board and the recap do; with
    the attributes each type's `display:` prints (``display``), as the board prints them."""
    words = Wording(name for name, spec in ruleset.zones.items() if spec.kind == "single")
    words.display = displays(ruleset)
    words.unordered = set_lists(ruleset)
    return words


def set_lists(ruleset) -> frozenset:
    """(action, parameter) of each parameter chosen among subsets(...), or among those a comprehension keeps of them
    ([s for s in subsets(hand[me]) if ...]): each of its lists is a set, in the order subsets keeps, not the player's."""
    return frozenset((action.name, param.name) for action in ruleset.actions.values() for param in action.params
                     if chosen_among_subsets(param.domain.tree))


def placed_wording(words: Wording, placed: dict) -> Wording:
    """``words`` that also tell where each piece of ``placed`` (id -> (x, y, rot)) lies on its grid, as the recap
    does (piece at x=2 y=0 rot=0): identical pieces at two places are two options, which their names alone left alike."""
    if not placed:
        return words
    return words.but(placed=placed)


def told_places(game) -> dict:
    """Where each piece on a grid of ``game`` lies, id -> (x, y, rot), the rot None where play leaves it out (it is 0 and
    turning tells nothing): a scenario's T013 lists the options as play writes them."""
    from philtre.dsl.builtins import b_zone_of

    S = game.state
    return {ident: (x, y, None if rot == 0 and turning_tells_nothing(game, b_zone_of(S, S.components[ident]).key[0], ident) else rot)
            for ident, (x, y, rot) in S.placed.items()}


def boards_wording(words: Wording, ruleset, nplayers: int) -> Wording:
    """``words`` that also know each grid's size, (width, height), None for a grid without edges: a position typed off
    the board is said to be (`no legal option at x=7 y=7` left the player to guess why); and which grids' pieces never
    turn (a rot typed there is said to be always 0)."""
    from philtre.dsl.geometry import Bounded

    from .render import position_labels

    grids = ruleset.layout(nplayers).grids
    return words.but(boards={name: (grid.width, grid.height) if type(grid) is Bounded else None for name, grid in grids.items()},
                     still=frozenset(name for name in grids if not ruleset.zones[name].turns), labels=position_labels(ruleset))


def located_wording(words: Wording, options, seen, zone_of, others=(), elsewhere=None) -> Wording:
    """``words`` that also tell the zone each component lies in (``zone_of``: component -> its Zone, None where it lies
    in none) where options would read alike and the components they name lie in different zones (token (seat 0) in
    track[5], in lane[2]): two tokens of one seat are two options, which their names alone left alike; and where a
    component an option names reads as one of ``others`` (the components the seat sees) lying in another zone: a
    trial's lone `forward(pawn=pawn (seat 0))` did not say which of the seat's pawns it moved, nor `split(a=pawn (seat
    0), k=1, b=pawn (seat 0))` which moved 1; and where a component the seat sees (in ``seen``) lies in a zone for which
    ``elsewhere`` (a Zone -> bool) holds, another seat's: a trial's seat playing its partner's hand, handed it by
    `with:`, read `play(card=card 6 S)` as a card of its own. Other options read as before."""
    alike: dict = {}
    for option in options:
        alike.setdefault(option.label(seen, words), []).append(option)
    located = _elsewhere(words, options, seen, zone_of, elsewhere) if elsewhere is not None else {}
    for group in (group for group in alike.values() if len(group) > 1):
        located.update(_telling_zones(words, group, zone_of))
    located.update(_told_apart(words, options, seen, zone_of, others))
    if located:
        _located_alike(words, options, zone_of, located)
    return words.but(located=located) if located else words


def _elsewhere(words: Wording, options, seen, zone_of, elsewhere) -> dict:
    """id -> zone text of each component ``options`` name that the seat sees (in ``seen``) lying in a zone for which
    ``elsewhere`` holds (located_wording); one it does not see is named bare: where it lies may be what it may not know."""
    told = {}
    for option in options:
        for c in _components_named(option):
            if seen is not None and c.ident in seen and (zone := zone_of(c)) is not None and elsewhere(zone):
                told[c.ident] = _short(zone, None, words)
    return told


def others_zone(ruleset, seat, nplayers: int):
    """Whether a Zone belongs to another seat than ``seat``, or to a team it is not of (hand[2] to seat 0); a zone of no
    one (a shared pile, a market) is nobody's other: a Zone -> bool (located_wording's ``elsewhere``), or None for an
    onlooker (``seat`` None), who owns nothing."""
    if seat is None:
        return None

    def elsewhere(zone) -> bool:
        name, index = zone.key
        seats = () if index is None else ruleset.zones[name].seats_of(index, nplayers)
        return bool(seats) and seat not in seats
    return elsewhere


def _telling_zones(words: Wording, group, zone_of) -> dict:
    """id -> zone text of each component that options reading alike (``group``) name in an argument whose zones tell
    them apart (a piece in track[2], in home), an argument lying in one zone in every option of them left bare: a
    trial's `card=card k in hand[0], piece=piece (seat 0) in home` named the zone of the one card it held too, and
    only in the options that read alike, so that one list read unevenly."""
    told = {}
    for i in range(len(group[0].args)):
        named = [_components_named_in(option.args[i][1]) for option in group]
        zones = [tuple(None if (zone := zone_of(c)) is None else _short(zone, None, words) for c in components)
                 for components in named]
        if len(set(zones)) > 1:  # (a component set aside, in no zone, is named bare: `in none` would read as a zone)
            told.update((c.ident, text) for components, texts in zip(named, zones)
                        for c, text in zip(components, texts) if text is not None)
    return told


def _located_alike(words: Wording, options, zone_of, located: dict) -> None:
    """Add to ``located`` the zone of every component of a list an option names (a set chosen among subsets) where
    one of its items is located: a trial's set of three cards named the zone of those of which a copy lay face up
    elsewhere alone, and read as if the others came from another zone. Each item so named may name another list's,
    until none is added."""
    lists = [items for option in options for _, value in option.args if value.__class__ is list
             if len(items := [c for c in value if isinstance(c, Component)]) > 1]
    grown = True
    while grown:
        grown = False
        for items in lists:
            if any(c.ident in located for c in items):
                for c in items:
                    if c.ident not in located and (zone := zone_of(c)) is not None:
                        located[c.ident] = _short(zone, None, words)
                        grown = True


def _told_apart(words: Wording, options, seen, zone_of, others) -> dict:
    """id -> zone text of each component ``options`` name that reads as another of ``others`` lying in another zone
    (of those named, and of those seen: the pawn an option moves and the seat's pawn it leaves where it is)."""
    named = {c.ident: c for option in options for c in _components_named(option)}
    if not named or not others:
        return {}
    types = {c["type"] for c in named.values()}
    zones: dict = {}  # text -> the zones its components lie in
    texts = {}
    for c in [*named.values(), *(c for c in others if c["type"] in types and c.ident not in named)]:
        zone = zone_of(c)
        text = _short(c, seen, words)
        if c.ident in named:
            texts[c.ident] = (text, zone)
        zones.setdefault(text, set()).add(None if zone is None else zone.key)
    return {ident: _short(zone, None, words) for ident, (text, zone) in texts.items()
            if zone is not None and len(zones[text]) > 1}


def ranked_wording(words: Wording, options, game) -> Wording:
    """``words`` that also know the `show_sorted` key of each component a set of ``options`` lists (a list chosen among
    subsets) where it lies in a zone with one: the label lists the set in that order, as the board shows the zone (a
    trial's discard read [card spades rank=12, card spades rank=8] under a hand shown 8 before 12)."""
    ranked = {c.ident: key for option in options for name, value in option.args
              if value.__class__ is list and (option.action, name) in words.unordered
              for c in value if isinstance(c, Component) and (key := shown_key(game, c))}
    return words.but(ranked=ranked) if ranked else words


def shown_key(game, component) -> tuple:
    """A component's key in the `show_sorted` order of the zone it lies in (render.sorted_key); () where that zone has
    none, or it lies in no zone (set aside)."""
    from .render import sorted_key

    where = game.state.where[component.ident]
    zone = game.ruleset.zones.get(where[0]) if where else None
    names = zone.show_sorted if zone is not None else ()
    return sorted_key(component, names) if names else ()


def _as_shown(action: str, name: str, value, words):
    """A set's components (a list chosen among subsets) in the order ``words.ranked`` gives them, the board's order of
    the zone they lie in; any other value, and a list whose order is its meaning, as it is (text only: the option keeps
    its list)."""
    ranked = getattr(words, "ranked", None)
    if not ranked or value.__class__ is not list or (action, name) not in words.unordered:
        return value
    return sorted(value, key=lambda c: ranked.get(c.ident, ()) if isinstance(c, Component) else ())


def _components_named(option) -> list:
    """The components an option's arguments name, one by one or in a list."""
    return [c for _, value in option.args for c in _components_named_in(value)]


def _components_named_in(value) -> list:
    """The components an argument's value names: itself, or the items of a list that are components."""
    return [item for item in (value if isinstance(value, list) else (value,)) if isinstance(item, Component)]


def option_text(game, option, seat=None) -> str:
    """``option`` as `philtre play` lists it to ``seat`` (None: an onlooker) now (option_wording; ``Game.option_text``):
    a piece on a grid with where it lies, which ``str(option)``, knowing no game, cannot tell (a trial read
    `step(piece=man (seat 0), to=[1, 4])` twice)."""
    from .render import seen_ids

    view = game.view(seat)
    listed = game.options(seat) if seat is not None else ()
    return option.label(seen_ids(view), option_wording(game, view, listed if option in listed else [option]))


def option_wording(game, view: dict, options, singles=None) -> Wording:
    """How `philtre play` words ``options`` to the seat of ``view``: ``singles`` (default: the ruleset's single zones and
    boards), a grid's piece named with where it lies, a set in its zone's `show_sorted` order, a component with its zone
    where options would read alike, a position's rot=0 left out where it tells nothing (a marble's place(at=(x=2, y=2)))."""
    from .play_input import _all_at_rot_zero
    from .render import seen_ids

    if singles is None:
        singles = boards_wording(single_zones(game.ruleset), game.ruleset, game.state.nplayers)
    words = placed_wording(singles, view_places(game, view))
    seen = seen_ids(view)
    S = game.state
    zones = game.ruleset.zones
    # (a component the board never shows, lying in a `quiet` zone, is no other the seat could take one named for: a
    # trial's every option named its component's zone for the alike spares a quiet zone held)
    shown = [c for c in map(S.components.__getitem__, seen) if not (S.where[c.ident] and zones[S.where[c.ident][0]].quiet)]
    words = located_wording(ranked_wording(words, options, game), options, seen,
                            lambda c: S.zones[S.where[c.ident][0]][S.where[c.ident][1]] if S.where[c.ident] else None,
                            shown, others_zone(game.ruleset, view.get("seat"), S.nplayers))
    labels = value_labels(game) if any(action.labels for action in game.ruleset.actions.values()) else {}
    return words.but(unturned=_all_at_rot_zero(options), chosen_labels=labels and labels_told_apart(labels, options, words))


def labels_told_apart(labels: dict, options, words=()) -> dict:
    """``labels`` (value_labels) where two values of one choice among ``options`` read alike by their label: each value
    whose label reads as another's is written with its value as the records keep it, `Alpha-Beta 1 grey [e=1]`
    beside `Alpha-Beta 1 grey [e=0]` (a trial's two tracks of one route read alike: 'write more of one' could not be
    done, and the value that named each was shown nowhere); the others as their labels alone. The value so written is
    what tells the options apart and what the player types (`e=1`), the words play offers where several match."""
    read: dict = {}  # (action, choice) -> label -> the values' texts that read as it
    for option in options:
        if option.action not in {action for action, _ in labels}:
            continue
        for name, value in option.args:
            label = _labelled(labels, option.action, name, value)
            if label is not None:
                read.setdefault((option.action, name), {}).setdefault(label, set()).add(_short(value, None, words))
    alike = {key: frozenset(label for label, values in texts.items() if len(values) > 1) for key, texts in read.items()}
    alike = {key: texts for key, texts in alike.items() if texts}
    if not alike:
        return labels
    told = dict(labels)
    for (action, name), texts in alike.items():
        told[(action, name)] = _with_value(labels[(action, name)], name, texts, words)
    return told


def _with_value(label, name: str, alike: frozenset, words):
    """``label`` (a value -> its label) that writes a value whose label is one of ``alike`` with the value after it."""
    def told(value):
        text = label(value)
        return f"{text} [{name}={_short(value, None, words)}]" if text in alike else text
    return told


def view_places(game, view: dict) -> dict:
    """Where each piece the seat's view shows on a grid lies, id -> (x, y, rot) (view_placements), the rot None where
    it is 0 and turning tells nothing (turning_tells_nothing)."""
    places = {}
    for name, zone in view["zones"].items():
        for one in zone_objects(zone):
            for p in one.get("placements", ()):
                unturned = p["rot"] == 0 and turning_tells_nothing(game, name, p["id"])
                places[p["id"]] = (p["x"], p["y"], None if unturned else p["rot"])
    return places


def turning_tells_nothing(game, grid: str, ident) -> bool:
    """Whether the piece ``ident`` looks the same at every turn on ``grid`` (a marble), or the grid's pieces never turn
    (`turns: false`): then play writes its place without rot=0."""
    from philtre.dsl.compiler import lists_every_turn
    from philtre.dsl.geometry import ROTATIONS, repeated_turns

    if not game.ruleset.zones[grid].turns:
        return True
    if ident is None or lists_every_turn(game.ruleset):  # (the rules read the turn: it tells what the cells do not)
        return False
    return repeated_turns(game.state.components[ident], game.state.grids[grid]) == ROTATIONS[1:]


def view_placements(view: dict) -> dict:
    """Where each piece a seat's view shows on a grid lies: id -> (x, y, rot) (a grid the seat does not see shows none)."""
    zones = [zone for family in view["zones"].values() for zone in zone_objects(family)]
    return {p["id"]: (p["x"], p["y"], p["rot"]) for z in zones for p in z.get("placements", ())}


def _short(v, seen=None, single_zones=()) -> str:
    """A value as the play command shows it, as the board writes values (render.value_text): a word quoted only where
    bare it would read as something else ('two words'), a map {a: 2, b: none}; a component as the board shows one (the
    attributes ``single_zones.display`` lists of its type, where it lists them); the owner only of components in ``seen``
    (None: all); the zones named in ``single_zones`` by their bare names."""
    from .render import _cell_text, position_text

    if isinstance(v, Component):
        # as the board shows the component: colors=[2,1,4], only what its type's display: lists
        attrs = named_values(v, attribute_text, getattr(single_zones, "display", None))
        text = f"{v['type']} {attrs}".strip()
        # a shared zone of one type reads [piece, piece] without it; an unseen component's owner stays hidden
        if "owner" in v and (seen is None or v["id"] in seen):
            text += f" (seat {v['owner']})"
        at = getattr(single_zones, "placed", None)
        if at and v["id"] in at:  # a piece on a grid: where it lies tells it from an identical one
            text += f" at {_cell_text(at[v['id']], getattr(single_zones, 'labels', None))}"  # (rot None: turning changes nothing of it)
        where = getattr(single_zones, "located", None)
        if where and v["id"] in where:  # the zone it lies in tells it from an identical one elsewhere
            text += f" in {where[v['id']]}"
        return text
    if isinstance(v, dict) and {"x", "y", "rot"} <= set(v):
        return position_text(v, getattr(single_zones, "labels", None), getattr(single_zones, "unturned", False))
    if isinstance(v, str):  # a word as the board shows it: red, but 'two words' (bare, it would read as two)
        return word_text(v)
    if isinstance(v, Zone):
        return v.key[0] if v.key[0] in single_zones else f"{v.key[0]}[{v.key[1]}]"
    if isinstance(v, list):
        return "[" + ", ".join(_short(x, seen, single_zones) for x in v) + "]"
    if isinstance(v, dict):  # a map: keys and values as above (a zone stays a reference, whatever its `count`)
        return "{" + ", ".join(f"{_short(k, seen, single_zones)}: {_short(x, seen, single_zones)}" for k, x in v.items()) + "}"
    return value_text(v)  # none, true, a number, as the board writes them


def _arg_json(v):
    if isinstance(v, Component):
        return component_json(v)
    return plain_json(v)


class OptionList(Sequence):
    """A long listing of legal options, in order; each Option is made when first looked at.

    A listing adds options one by one, or, where its last parameter has many choices, as
    one group: (action, its arguments bound so far, the last parameter's name, its legal
    values). Counting them costs nothing more, and an agent that picks one by index makes
    only that one (a grid game may list a thousand placements a decision; a random agent
    looks at one). Iterating makes them all. The same position always gives the same
    object, so ``Game.apply`` finds an option it handed out by identity.
    """

    __slots__ = ("_items", "_ends", "_made", "_all")

    def __init__(self, items: list):
        self._items = items  # Options and groups, in order
        self._ends = list(accumulate(1 if item.__class__ is Option else len(item[3]) for item in items))
        self._made: dict = {}  # position -> the Option handed out there
        self._all = None  # every option, once all are made

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __getitem__(self, index):
        if index.__class__ is int:
            made = self._made.get(index)
            return made if made is not None else self._make(index)
        if isinstance(index, slice):
            return self._every()[index]
        return self._make(operator.index(index))  # a bool or another integer type; anything else is refused

    def _make(self, index: int) -> Option:
        """The option at ``index``, made now (and kept)."""
        if self._all is not None:
            return self._all[index]
        ends = self._ends
        size = ends[-1] if ends else 0
        if index < 0:
            index += size
            if index in self._made:
                return self._made[index]
        if not 0 <= index < size:
            raise IndexError("option index out of range")
        at = bisect_right(ends, index)
        item = self._items[at]
        if item.__class__ is Option:
            made = item
        else:
            action, bound, name, values = item
            made = Option.of(action, bound + ((name, values[index - (ends[at - 1] if at else 0)]),))
        self._made[index] = made
        return made

    def _every(self) -> list:
        """Every option, in order (those handed out already are the same objects)."""
        if self._all is None:
            every = []
            for item in self._items:
                if item.__class__ is Option:
                    every.append(item)
                else:
                    action, bound, name, values = item
                    for v in values:  # made here, not by a call of Option.of each (a thousand a grid's listing)
                        option = Option()
                        option.action, option.args = action, bound + ((name, v),)
                        every.append(option)
            for index, made in self._made.items():
                every[index] = made
            self._all = every
        return self._all

    def __iter__(self):
        return iter(self._every())

    def __contains__(self, option) -> bool:
        return self.holds(option)

    def holds(self, option) -> bool:
        """Whether ``option`` is one of these: an object handed out, or an equal option (an Option whose action and
        arguments are equal: looked for in each group's values, without making every option of the listing, where
        not all are made already; a search agent's look-ahead hands each option it tries to a game's copy)."""
        if any(map(is_, self._made.values(), repeat(option))):
            return True
        args = option.args if option.__class__ is Option and self._all is None else None
        if args.__class__ is not tuple or not args or (last := args[-1]).__class__ is not tuple or len(last) != 2:
            return option in self._every()  # by identity first, then by ==
        action, (name, value), width = option.action, last, len(args) - 1
        for item in self._items:
            if item.__class__ is Option:
                if item == option:
                    return True
            elif item[0] == action and len(item[1]) == width and item[2] == name and item[1] == args[:-1] and value in item[3]:
                return True  # (the group's option of that value: its action, its arguments bound so far, then that value)
        return False

    def keys(self, where) -> list:
        """Each option's ``option_key``, in order, without making the options: a group's bound arguments are keyed
        once, and its list of values once a call (a grid's groups, one a card, share one list of placements; a search
        agent keys a thousand options an iteration)."""
        keys = []
        keyed = {}  # (id of a group's list of values, held by the group while this runs; its name) -> its values' keys
        for item in self._items:
            if item.__class__ is Option:
                keys.append(option_key(item, where))
                continue
            action, bound, name, values = item
            head = arguments_key(action, bound, where)
            value_keys = keyed.get((id(values), name))
            if value_keys is None:
                value_keys = keyed[id(values), name] = [(name, arg_key(v, where)) for v in values]
            keys += [head + (value_key,) for value_key in value_keys]
        return keys

    def __eq__(self, other) -> bool:
        if isinstance(other, (list, tuple, OptionList)):
            return self._every() == list(other)
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return repr(self._every())


def option_keys(options, where) -> list:
    """``option_key`` of each of ``options``, in order (an OptionList's without making its options)."""
    if options.__class__ is OptionList:
        return options.keys(where)
    return [option_key(option, where) for option in options]


def zone_actions(ruleset) -> frozenset:
    """Names of the actions whose arguments may be zones not everyone sees into (an agent gets such options filtered, agents.ask)."""
    return frozenset(name for name, action in ruleset.actions.items()
                     if any(_may_hold_zone(element_type(p.domain.type)) and not _public_zones(p.domain, ruleset) for p in action.params))


def _public_zones(domain, ruleset) -> bool:
    """True where the choices are the zones of one family whose contents everyone sees (written by its name)."""
    tree = domain.tree
    spec = ruleset.zones.get(tree.name) if isinstance(tree, ast.Name) else None
    return spec is not None and spec.visible == "everyone" and spec.order == "everyone"


def _may_hold_zone(t) -> bool:
    """True for a value type that is, or may hold, a zone (a type known only at run time included)."""
    return t in ("zone", ANY, "map") or (is_list(t) and _may_hold_zone(t[1]))  # a record (placements) holds numbers
