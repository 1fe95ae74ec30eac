"""What both adapters share: a ruleset with its numbering and encoder, rewards, and text.

A ``GameSpec`` is built once per (ruleset, variants, player count, positional limit) and
cached, so environments and OpenSpiel states made from it are cheap.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache

from philtre.dsl import load_ruleset
from philtre.interpreter.game import choose_winners
from philtre.interpreter.views import zone_objects

from .actions import DEFAULT_POSITIONAL_LIMIT, ActionNumbering, AdapterError
from .encoding import ViewEncoder


class GameSpec:
    """A ruleset for one player count, with its action numbering and view encoder."""

    def __init__(self, ruleset, nplayers: int, positional_limit: int = DEFAULT_POSITIONAL_LIMIT):
        ruleset.check_players(nplayers)
        self.ruleset = ruleset
        self.nplayers = nplayers
        self.numbering = ActionNumbering(ruleset, nplayers, positional_limit)
        self.encoder = ViewEncoder(ruleset, nplayers, self.numbering.layout)
        self.simultaneous = has_simultaneous(ruleset.flow)
        self.hidden = any(z.visible != "everyone" or z.order != "everyone" for z in ruleset.zones.values()) or \
            any(v.visible != "everyone" for v in ruleset.variables.values())
        # winners: the fewest points win -> a point scored is a point lost
        self.orientation = -1 if ruleset.winners.order == "lowest" else 1
        self.constant_sum = ruleset.winners.order in ("highest", "lowest")


@lru_cache(maxsize=64)
def load_spec(ruleset: str, nplayers: int, variants: tuple = (), positional_limit: int = DEFAULT_POSITIONAL_LIMIT) -> GameSpec:
    """The cached spec of a ruleset (a shipped game's name or a path) with variants, for n players."""
    return GameSpec(load_ruleset(ruleset, tuple(variants)), nplayers, positional_limit)


def ruleset_reference(ruleset) -> str:
    """A ruleset as the loader takes it: a shipped game's name or a path (os.PathLike too); AdapterError otherwise."""
    if isinstance(ruleset, (str, os.PathLike)):
        return os.fspath(ruleset)
    raise AdapterError(f"a ruleset is a shipped game's name or a path (a str or an os.PathLike), not {ruleset!r}")


def variant_tuple(variants) -> tuple:
    """Variants as a tuple of names or paths: a single one (a string or a path) is one variant, not its characters;
    None is none. AdapterError for anything that is no list of them."""
    if variants is None:
        return ()
    if isinstance(variants, (str, os.PathLike)):
        variants = (variants,)
    try:
        items = tuple(variants)
    except TypeError:
        items = None
    if items is None or not all(isinstance(v, (str, os.PathLike)) for v in items):
        raise AdapterError(f"variants are a list of variant names or overlay paths (or one alone, as a string), "
                           f"not {variants!r}")
    return tuple(os.fspath(v) for v in items)


def has_simultaneous(block) -> bool:
    """Whether a block of statements (or anything nested in it) holds a simultaneous step."""
    for stmt in block:
        if stmt.kind == "simultaneous":
            return True
        nested = [v for v in stmt.args.values() if isinstance(v, tuple)] + [stmt.otherwise]
        if any(has_simultaneous(b) for b in nested if b and all(hasattr(s, "kind") for s in b)):
            return True
    return False


def oriented_scores(spec: GameSpec, game) -> list:
    """Each seat's score, negated when the fewest points win: more is always better."""
    return [spec.orientation * s for s in game.state.scores]


def win_shares(spec: GameSpec, game) -> list:
    """1/k for each of k winners, 0 for the others; an unfinished game is judged where it stands."""
    winners = game.winners if game.finished else _winners_now(spec, game)
    if not winners:
        # a ranking always has a winner; if judging failed, share equally so the sum stays 1
        return [1.0 / spec.nplayers] * spec.nplayers if spec.constant_sum else [0.0] * spec.nplayers
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(spec.nplayers)]


def _winners_now(spec: GameSpec, game) -> list:
    """The winners if the game stopped now (a truncated game)."""
    try:
        return list(choose_winners(spec.ruleset.winners, game.state))
    except Exception:  # noqa: BLE001 - a rule may not make sense before the end
        return []


def observation_text(view: dict) -> str:
    """A view as canonical JSON: equal views give equal strings, and nothing else is in it."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


def seat_text(view: dict, layout) -> str:
    """A view as canonical JSON, its components numbered as the seat tells them apart (OpenSpiel's strings).

    Engine ids tell identical copies apart, which no seat can: two states that differ only in which of two
    identical cards is in a hand and which is face down in the deck gave different strings. Here a component's
    ``id`` is instead the order in which the view first shows it (``_CopyNumbers``), so such states give one string.
    """
    return observation_text(_CopyNumbers(layout).renumbered(view))


# a component as a map's key in a view (plain_json's key_json): "type#id"
_COMPONENT_KEY = re.compile(r"(?P<type>[^#]+)#(?P<id>[0-9]+)")


class _CopyNumbers:
    """Numbers for a view's components (0, 1, ...) in the order the view first shows them, never from engine ids.

    The order is one the seat sees: zones' contents in declaration order and in their own order (a zone keeps
    order), then variables, then components revealed in hidden zones. A component is numbered once, so a variable
    naming a card of a visible zone keeps naming that card. Where the view's order is not one the seat sees (the
    revealed ones of a zone, which views list by id; a map's keys) components go by kind, ties by number already
    given: identical copies that are also numbered alike are interchangeable, and whichever comes first, the text is
    the same.
    """

    def __init__(self, layout):
        self.kind_of_id = layout.kind_of_id
        self.types = [comp["type"] for comp in layout.kinds]
        self.numbers: dict = {}  # engine id -> number in this view

    def number(self, ident: int) -> int:
        """The component's number in this view (the next one the first time it is met)."""
        return self.numbers.setdefault(ident, len(self.numbers))

    def _order(self, ident: int) -> tuple:
        """Where a component goes among others whose order the seat does not see: by kind, then number if it has one."""
        return self.kind_of_id[ident], self.numbers.get(ident, len(self.kind_of_id))

    def renumbered(self, view: dict) -> dict:
        """A copy of the view whose components (in zones, placements and variables) carry their numbers as ids."""
        families = view["zones"].values()
        zones = [zone for family in families for zone in zone_objects(family)]
        for zone in zones:
            for comp in zone.get("components", ()):
                self.number(comp["id"])
        self._number_value(view["variables"])
        for zone in zones:
            for comp in sorted(zone.get("revealed", ()), key=lambda c: self._order(c["id"])):
                self.number(comp["id"])
        out = dict(view)
        out["zones"] = {name: self._zones(family) for name, family in view["zones"].items()}
        out["variables"] = self._value(view["variables"])
        return out

    def _zones(self, family):
        """A view's entry of a zone name renumbered, its shape kept: one zone, a family's list, each seat's list."""
        return self._zone(family) if isinstance(family, dict) else [self._zones(item) for item in family]

    def _zone(self, zone: dict) -> dict:
        """One zone of the view, renumbered; its revealed components by kind and number (not by engine id)."""
        out = dict(zone)
        if "components" in zone:
            out["components"] = [self._component(c) for c in zone["components"]]
        if "placements" in zone:
            out["placements"] = [dict(p, id=self.numbers[p["id"]]) for p in zone["placements"]]
        if "revealed" in zone:
            shown = sorted(zone["revealed"], key=lambda c: self.numbers[c["id"]])
            out["revealed"] = [self._component(c) for c in shown]
        return out

    def _component(self, comp: dict) -> dict:
        """A component of the view with its number as its id."""
        return dict(comp, id=self.numbers[comp["id"]])

    def _key_component(self, key):
        """The engine id of a map key that names a component ("type#id"), else None.

        A string key written the same way reads as a component too: the view (plain_json) writes both alike."""
        match = _COMPONENT_KEY.fullmatch(key) if isinstance(key, str) else None
        if match is None:
            return None
        ident = int(match["id"])
        if ident < len(self.kind_of_id) and self.types[self.kind_of_id[ident]] == match["type"]:
            return ident
        return None

    def _items(self, value: dict) -> list:
        """A map's items in an order the seat sees: component keys by kind and number, after the other keys."""
        def order(item):
            ident = self._key_component(item[0])
            return (0, item[0]) if ident is None else (1, self._order(ident))
        return sorted(value.items(), key=order)

    def _number_value(self, value) -> None:
        """Number the components a variable's value names, in the order the seat sees them."""
        if isinstance(value, list):
            for v in value:
                self._number_value(v)
        elif isinstance(value, dict) and "id" in value and "type" in value:
            self.number(value["id"])
        elif isinstance(value, dict):
            for key, v in self._items(value):
                ident = self._key_component(key)
                if ident is not None:
                    self.number(ident)
                self._number_value(v)

    def _value(self, value):
        """A variable's value with its components (and map keys naming components) renumbered."""
        if isinstance(value, list):
            return [self._value(v) for v in value]
        if isinstance(value, dict) and "id" in value and "type" in value:
            return self._component(value)
        if isinstance(value, dict):
            out = {}
            for key, v in value.items():
                ident = self._key_component(key)
                if ident is not None:
                    key = f"{self.types[self.kind_of_id[ident]]}#{self.numbers[ident]}"
                out[key] = self._value(v)
            return out
        return value


def state_text(spec: GameSpec, game) -> str:
    """The whole state (hidden parts included) as text, for debugging and OpenSpiel's str(state)."""
    S = game.state
    lay = spec.numbering.layout
    lines = [f"round {S.round} scores {S.scores} finished {S.flow.finished} winners {list(S.flow.winners)}"]
    for name, family in S.zones.items():
        for zone in family:
            cards = ", ".join(f"{c['id']}:{lay.kind_label(lay.kind_of_id[c['id']])}" for c in zone)
            lines.append(f"{name}[{zone.key[1]}]: {cards}")
    placed = getattr(S, "placed", None)
    if placed:
        lines.append("placed: " + json.dumps({str(k): v for k, v in sorted(placed.items())}))
    if S.vars:
        lines.append("variables: " + json.dumps(_plain(S.vars), sort_keys=True, default=str))
    if S.dice:
        lines.append("dice: " + json.dumps(S.dice, sort_keys=True, default=str))
    pending = S.flow.pending
    if pending is not None:
        lines.append(f"deciding {list(pending.players)} ({', '.join(pending.actions)}); decided {sorted(S.flow.choices)}")
    return "\n".join(lines)


def _plain(value):
    """Variables as JSON-friendly data (zones by name and index, components by id)."""
    from philtre.interpreter.records import plain_json

    return plain_json(value)


def shipped_configurations() -> list:
    """(game, players, variants) for every shipped ruleset and each of its variants, at the
    smallest and largest player counts each allows: the matrix the adapters are tested on."""
    from philtre.dsl import resolve_ruleset_path, shipped_games
    from philtre.dsl.overlays import variant_paths

    out = []
    for game in shipped_games():
        names = [()] + [(os.path.splitext(os.path.basename(p))[0],) for p in variant_paths(resolve_ruleset_path(game))]
        for variants in names:
            rs = load_ruleset(game, variants)
            for n in sorted({rs.min_players, rs.max_players}):
                out.append((game, n, variants))
    return out
