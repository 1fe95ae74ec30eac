"""What one seat can know of where hidden components lie, from the record it may be shown.

A player remembers: a card seen going face down into a pile is known to be in that pile,
even though the pile's contents are hidden. ``Knowledge`` keeps, for every component, the
set of zones it may lie in, read from the seat's filtered record (``Recorder.for_player``,
which hides exactly what the visibility declarations hide):

- at the start every component lies in its start zone (the layout is public);
- a component the seat sees moving (or dealt, or revealed) is known to be where it went;
- a hidden move or deal of k components from zone F to zone T means any component that
  may have been in F may now be in T; a gather's source the seat may not know (a list moved
  from zones it cannot count) means any component it did not see go may now be in T;
- a `tell` rules components out of a zone (none of hand[1] has rank 5): none of them may lie there, until a move
  the seat does not see into that zone lets them again;
- when a zone is empty, nothing may lie in it; a zone whose count the seat may not see (a move to or from it
  says not how many, ``records.UNCOUNTED``) is never known to be empty once such a move has touched it.

The sets only ever over-approximate the truth (sound): a sample drawn within them is
consistent with everything the seat saw. They are coarse on purpose: order within a zone
and counting arguments beyond emptiness are not tracked (docs/agents.md).
"""

from __future__ import annotations

from .records import UNCOUNTED

HIDDEN_KEYS = ("hidden",)


class Knowledge:
    """For every component id, the zone keys it may lie in, as one seat knows it; and how many each zone holds, where
    the seat can count them (None where it cannot)."""

    def __init__(self, ruleset, nplayers: int):
        """What everyone knows before the game starts: each component lies in its start zone."""
        homes = ruleset.layout(nplayers).homes
        self.where = [frozenset([key]) for key in homes]
        self.counts = {}
        for key in homes:
            self.counts[key] = self.counts.get(key, 0) + 1

    @classmethod
    def from_record(cls, ruleset, nplayers: int, events) -> "Knowledge":
        """The knowledge a seat has after the events of its filtered record."""
        known = cls(ruleset, nplayers)
        for event in events:
            known.observe(event)
        return known

    def copy(self) -> "Knowledge":
        """An independent copy (its sets are frozen: shared)."""
        other = Knowledge.__new__(Knowledge)
        other.where, other.counts = list(self.where), dict(self.counts)
        return other

    def observe(self, event: dict) -> None:
        """Update from one event of the seat's filtered record."""
        kind = event.get("event")
        if kind == "move":
            self._moved(_key(event["from"]), _key(event["to"]), event["components"])
        elif kind == "gather":
            target = _key(event["to"])
            for source in event["from"]:
                if source.get("hidden"):
                    self._gathered(target, source["components"])
                else:
                    self._moved(_key(source), target, source["components"])
        elif kind == "deal":
            source = _key(event["from"])
            for target in event["to"]:
                self._moved(source, _key(target), target["components"])
        elif kind == "reveal" and "zone" in event:  # (a variable's value shown moves no component)
            key = _key(event["zone"])
            for comp in event["components"]:
                if "id" in comp:  # (a look other seats took shows this one only that it happened)
                    self.where[comp["id"]] = frozenset([key])
        elif kind == "tell":
            self._ruled_out(_key(event["zone"]), event["not_in"])

    def _ruled_out(self, key, ids) -> None:
        """The components ``ids`` do not lie in zone ``key`` (a true `tell`: each may lie elsewhere, so none is left with
        no zone; where a set would be, it is kept as it was, knowledge being sound only over-approximated)."""
        self._not_in(key, ids)

    def _moved(self, source, target, comps) -> None:
        """k components went from ``source`` to ``target``; the seat saw those with an id."""
        for cid, zones in self._unseen_may_have_gone(target, comps):
            if source in zones:
                self.where[cid] = zones | {target}
        if UNCOUNTED in comps:
            self.counts[source] = self.counts[target] = None
            return
        for key, change in ((source, -len(comps)), (target, len(comps))):
            if self.counts.get(key, 0) is not None:
                self.counts[key] = self.counts.get(key, 0) + change
        if self.counts[source] == 0:
            self._forget(source)

    def _gathered(self, target, comps) -> None:
        """Components went to ``target`` from zones the seat cannot count (a gather's hidden source): which zones is not
        said, so any component it did not see go may now lie there, and any zone it may have left holds a count the
        seat no longer knows (never forgotten as empty: the record does not say it is)."""
        for cid, zones in self._unseen_may_have_gone(target, comps):
            for key in zones - {target}:
                self.counts[key] = None
            self.where[cid] = zones | {target}
        if UNCOUNTED in comps:
            self.counts[target] = None
        elif self.counts.get(target, 0) is not None:
            self.counts[target] = self.counts.get(target, 0) + len(comps)

    def _unseen_may_have_gone(self, target, comps) -> list:
        """Put each component of ``comps`` the seat saw (an id) in ``target``; where some went unseen, (id, its
        possible zones) of every other component, any of which may be among them."""
        seen = {c["id"] for c in comps if "id" in c}
        for cid in seen:
            self.where[cid] = frozenset([target])
        if len(seen) == len(comps):
            return []
        return [(cid, zones) for cid, zones in enumerate(self.where) if cid not in seen]

    def _forget(self, key) -> None:
        """An empty zone holds nothing: drop it from every component's possibilities."""
        self._not_in(key, range(len(self.where)))

    def _not_in(self, key, ids) -> None:
        """Drop zone ``key`` from the possibilities of each of ``ids`` that may lie elsewhere."""
        where = self.where
        for cid in ids:
            zones = where[cid]
            if key in zones and len(zones) > 1:
                where[cid] = zones - {key}


def remembered(game, player) -> Knowledge:
    """What seat ``player`` knows after the events of ``game``'s record so far (a copy: its own to keep).

    The same as ``Knowledge.from_record`` of the seat's whole filtered record, kept on the recorder and brought up to
    date with the events recorded since the seat last asked: a record only grows, and what an event hides from a seat
    is settled once the decision that recorded it has taken effect (``Recorder.decision_done``, within ``apply``), so an
    event read once reads the same ever after. A search agent asks at each of its decisions: reading the whole record
    again made a game's cost grow with the square of its length."""
    recorder = game.recorder
    kept = recorder.memories.get(player)
    if kept is None:
        kept = recorder.memories[player] = [0, Knowledge(game.ruleset, game.state.nplayers)]
    read, known = kept
    if read < len(recorder.events):
        for event in recorder.for_player(player, read):
            known.observe(event)
        kept[0] = len(recorder.events)
    return known.copy()


def _key(zone: dict) -> tuple:
    """A zone reference of a record -> the engine's zone key."""
    return (zone["zone"], zone["index"])
