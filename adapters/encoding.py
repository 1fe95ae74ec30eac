"""A player's view as a fixed-size vector, laid out from the ruleset's declarations alone.

The vector is computed from ``game.view(seat)`` and nothing else, so it can hold only what
the visibility declarations let that seat see. Its layout depends only on the ruleset and
the player count (never on a game in progress):

1. seat: one-hot of the viewing seat (all zero for an onlooker)
2. progress: round number, finished flag
3. scores, this round's scores, winners (multi-hot), one number or flag per seat
4. turn: who decides (multi-hot), who has already decided (multi-hot), which actions are
   offered (multi-hot over the declared actions), simultaneous flag
5. per zone instance (declaration order, then index): count known (0/1), count, and how
   many components of each kind the seat sees there (contents, or revealed components);
   grid zones add, per component slot, on this grid (0/1), x, y and rotation / 90 (a kind's
   copies share its slots, the k-th piece of a kind from the bottom in its k-th: not by id)
6. per die: one-hot of the face it shows (the last slot: not rolled yet)
7. per variable (each seat's entry for per-player ones): known (0/1), a number (the
   value, a list's length), zones referred to (multi-hot), kinds of components held
   (counts), strings (one-hot over the ruleset's string vocabulary)

A *kind* is a distinct (type, attributes, owner) signature among the layout's components.
The string vocabulary is every string among component attributes, variable initial values
and dice faces, sorted. ``fields`` names every slice, for documentation and debugging.
"""

from __future__ import annotations

import numpy as np

from philtre.dsl.model import sides
from philtre.interpreter.records import HIDDEN, unescaped
from philtre.interpreter.views import zone_objects

from .actions import Layout


def _strings(value, out: set) -> None:
    """Collect the strings inside a declared value (lists and maps included)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _strings(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)


class ViewEncoder:
    """Turns views of one ruleset and player count into float32 vectors of one fixed size."""

    def __init__(self, ruleset, nplayers: int, layout: Layout | None = None):
        self.ruleset = ruleset
        self.n = nplayers
        self.layout = layout or Layout(ruleset, nplayers)
        self.actions = list(ruleset.actions)
        self.ncomponents = len(self.layout.kind_of_id)
        # a grid's per-piece slots: a kind's copies own the slots of its ids, handed out in the order the view shows
        # the pieces (not by id: a seat cannot tell identical copies apart)
        self.kind_slots: list = [[] for _ in self.layout.kinds]
        for ident, kind in enumerate(self.layout.kind_of_id):
            self.kind_slots[kind].append(ident)
        self.faces = {name: _distinct(die.faces) for name, die in ruleset.dice.items()}
        vocab: set = set()
        for comp in self.layout.kinds:
            _strings({k: v for k, v in comp.items() if k not in ("type", "id")}, vocab)
        for spec in ruleset.variables.values():
            _strings(spec.initial, vocab)
        for die in ruleset.dice.values():
            _strings(list(die.faces), vocab)
        self.vocab = {s: i for i, s in enumerate(sorted(vocab))}
        self.fields: list = []  # (name, start, size)
        self._build_fields()
        self.size = sum(size for _, _, size in self.fields)
        self._start = {name: start for name, start, _ in self.fields}

    # -- layout --------------------------------------------------------------------------
    def _value_size(self) -> int:
        """Slots of one encoded variable value: known, number, zones, kinds, strings."""
        return 2 + len(self.layout.zones) + len(self.layout.kinds) + len(self.vocab)

    def _zone_size(self, name: str) -> int:
        """Slots of one zone instance: count known, count, kinds (and piece positions on a grid)."""
        size = 2 + len(self.layout.kinds)
        if getattr(self.ruleset.zones[name], "grid", 0):
            size += 4 * self.ncomponents
        return size

    def _build_fields(self) -> None:
        """Lay out every named slice of the vector, in a fixed order."""
        n = self.n
        sizes = [("seat", n), ("round", 1), ("finished", 1), ("scores", n), ("round_scores", n), ("winners", n),
                 ("deciding", n), ("decided", n), ("actions", len(self.actions)), ("simultaneous", 1)]
        sizes += [(f"zone {name}[{i}]", self._zone_size(name)) for name, i in self.layout.zones]
        sizes += [(f"die {name}", len(faces) + 1) for name, faces in self.faces.items()]
        for name, spec in self.ruleset.variables.items():
            # (one slot a seat, or a team: `each: team`, its teams for this player count)
            entries = range(n) if spec.per_player else range(len(sides(spec.teams, n)[1])) if spec.per_team else [None]
            sizes += [(f"var {name}" + (f"[{e}]" if e is not None else ""), self._value_size()) for e in entries]
        start = 0
        for name, size in sizes:
            self.fields.append((name, start, size))
            start += size

    # -- encoding ------------------------------------------------------------------------
    def encode(self, view: dict, out: np.ndarray | None = None) -> np.ndarray:
        """The vector of one view (written into ``out`` when given)."""
        vec = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            vec.fill(0)
        self._header(view, vec)
        self._turn(view.get("turn"), vec)
        for name, family in view["zones"].items():
            for i, zone in enumerate(zone_objects(family)):
                self._zone(name, i, zone, vec)
        for name, face in view["dice"].items():
            self._die(name, face, vec)
        for name, value in view["variables"].items():
            self._variable(name, value, vec)
        return vec

    def _header(self, view, vec) -> None:
        """Seat, round, finished flag, scores, this round's scores and winners."""
        s = self._start
        if view["seat"] is not None:
            vec[s["seat"] + view["seat"]] = 1
        vec[s["round"]] = view["round"]
        vec[s["finished"]] = float(bool(view["finished"]))
        vec[s["scores"]:s["scores"] + self.n] = view["scores"]
        if view["round_scores"]:
            vec[s["round_scores"]:s["round_scores"] + self.n] = view["round_scores"][-1]
        for p in view["winners"]:
            vec[s["winners"] + p] = 1

    def _turn(self, turn, vec) -> None:
        """Who decides, who has decided (never what), which actions, simultaneous or not."""
        if not turn:
            return
        s = self._start
        for p in turn["deciding"]:
            vec[s["deciding"] + p] = 1
        for p in turn["decided"]:
            vec[s["decided"] + p] = 1
        for a in turn["actions"]:
            vec[s["actions"] + self.actions.index(a)] = 1
        vec[s["simultaneous"]] = float(bool(turn["simultaneous"]))

    def _zone(self, name, i, zone: dict, vec) -> None:
        """Count (if seen) and kinds seen (contents or revealed) of one zone instance."""
        start = self._start[f"zone {name}[{i}]"]
        if "count" in zone:
            vec[start] = 1
            vec[start + 1] = zone["count"]
        kind_of = self.layout.kind_of_id
        for comp in zone.get("components", zone.get("revealed", ())):
            vec[start + 2 + kind_of[comp["id"]]] += 1
        placements = zone.get("placements")
        if placements:
            self._pieces(start + 2 + len(self.layout.kinds), placements, vec)

    def _pieces(self, base, placements, vec) -> None:
        """Where a grid's pieces lie: the k-th piece of a kind (bottom to top) in that kind's k-th slot, not its id's."""
        kind_of, used = self.layout.kind_of_id, {}
        for p in placements:
            kind = kind_of[p["id"]]
            k = used[kind] = used.get(kind, -1) + 1
            at = base + 4 * self.kind_slots[kind][k]
            vec[at:at + 4] = (1, p["x"], p["y"], p["rot"] / 90)

    def _die(self, name, face, vec) -> None:
        """One-hot of the face a die shows; the last slot when it was never rolled."""
        faces = self.faces[name]
        start = self._start[f"die {name}"]
        vec[start + (faces.index(face) if face is not None and face in faces else len(faces))] = 1

    def _variable(self, name, value, vec) -> None:
        """A visible variable: one value slot per entry (per-player ones: left unknown where hidden; a none the seat
        sees is known)."""
        if self.ruleset.variables[name].per_owner:
            for p, entry in enumerate(value):
                if entry != HIDDEN:
                    self._value(f"var {name}[{p}]", unescaped(entry), vec)
        else:
            self._value(f"var {name}", unescaped(value), vec)

    def _value(self, field, value, vec) -> None:
        """Known flag, number, zones, kinds and strings of one value."""
        start = self._start[field]
        vec[start] = 1
        if isinstance(value, bool):
            vec[start + 1] = float(value)
        elif isinstance(value, (int, float)):
            vec[start + 1] = value
        elif isinstance(value, (list, dict)) and not _is_ref(value):
            vec[start + 1] = len(value)
        self._hots(value, start + 2, vec)

    def _hots(self, value, start, vec) -> None:
        """Add zone references, component kinds and strings found in a value."""
        lay = self.layout
        if isinstance(value, str):
            if value in self.vocab:
                vec[start + len(lay.zones) + len(lay.kinds) + self.vocab[value]] += 1
        elif isinstance(value, dict) and "zone" in value and "index" in value:
            z = lay.zone_index.get((value["zone"], value["index"]))
            if z is not None:
                vec[start + z] += 1
        elif isinstance(value, dict) and "id" in value and "type" in value:
            vec[start + len(lay.zones) + lay.kind_of_id[value["id"]]] += 1
        elif isinstance(value, dict):
            for v in value.values():
                self._hots(v, start, vec)
        elif isinstance(value, list):
            for v in value:
                self._hots(v, start, vec)


def _is_ref(value) -> bool:
    """A zone reference or a component, as views write them."""
    return isinstance(value, dict) and (("zone" in value and "index" in value) or ("id" in value and "type" in value))


def _distinct(faces) -> list:
    """A die's distinct faces (a face repeated with ``sides`` counts once), in declared order."""
    out = []
    for face in faces:
        face = dict(face)
        if face not in out:
            out.append(face)
    return out
