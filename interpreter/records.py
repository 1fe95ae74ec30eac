"""Records (replays) as JSON Lines, and the filtered record each player may be shown.

The first line names the ruleset (name, source, variants, content hash), the players,
the seed and the agents. Every further line is one event. A component appears with its
``id``, ``type`` and all attributes; a zone as ``{"zone": name, "index": i}``.

While recording, every piece of an event that not everyone may see (a card dealt into a
hand, the order of a shuffled deck, a card moved face down) is noted with the seats
that may see it; ``for_player(p)`` gives the record with everything else hidden.
"""

from __future__ import annotations

import json
import os

from philtre.dsl.builtins import RuleRuntimeError
from philtre.dsl.values import Component, NamedCopy, SeatCopy, Zone

from .views import backs, backs_shown, by_id

# version 2: a move of a list of components, in a game where a seat may not count some zone, is one `gather` event
# (Recorder.gathered). A game where every seat counts every zone records the same in both versions: its record says
# version 1, which older philtres read too (record_version); a version 1 record of a game hiding a count replays as
# it was written, its list moves one `move` a source zone (Recorder.gathers)
GATHER_VERSION = 2
# version 3: a `set` of a list that extends the list the last `set` of that variable (entry) wrote is written as the
# items added (`append`, Recorder._appended): a list grown one item a move made a record grow with the square of the
# moves (a trial's 100 moves: 491 KB). A record is written once its game ends, so its header says 3 only where it
# holds an append; any other says 1 or 2 as before, and older philtres read it. A record of version 1 or 2 replays
# as it was written, its sets whole (Recorder.appends)
APPEND_VERSION = 3
FORMAT_VERSION = APPEND_VERSION
READ_VERSIONS = (1, 2, 3)
# components and values one record holds (about 400 bytes each while recording): a loop moving a large zone to and
# fro reached the step limit only after 60 million, and 4 GB of memory were not enough to record them
MAX_RECORDED = 1_000_000


class Placeholder(dict):
    """What a seat's record puts where something is hidden from it ({"hidden": true}, ...): written as the dict it is,
    and told apart from a map a rule made with a key `hidden`, which a seat's record and view escape (escaped)."""

    __slots__ = ()


HIDDEN = Placeholder(hidden=True)
# in a seat's record, in place of the hidden components of a move or deal between zones whose counts it may not see:
# how many (none, one or more) is hidden too, as the seat's view hides those zones' counts
UNCOUNTED = Placeholder(hidden=True, count=None)


def is_back(value) -> bool:
    """Whether ``value`` is what a seat's record puts for a component it sees face down: {"hidden": true, "back": ...}."""
    # (a map of the rules' with a key `hidden` is escaped in a seat's record: it never reads as one)
    return isinstance(value, dict) and value.get("hidden") is True and isinstance(value.get("back"), dict)


def collides(value) -> bool:
    """Whether ``value`` is a map a rule made (plain JSON, not a component: no id and type) that a seat would read as
    something hidden from it: one with a key `hidden` ({"hidden": true} is a hidden entry's placeholder)."""
    return type(value) is dict and "hidden" in value and not ("id" in value and "type" in value)


def escaped(value):
    """``value`` (plain JSON) as a seat's view and record write it: each map that collides as {"hidden": false, "value":
    MAP}, which no placeholder is (theirs say true), and the full record never needs (it hides nothing)."""
    if type(value) is list:
        return [escaped(item) for item in value]
    if type(value) is dict:
        return kept_apart(value, {key: escaped(item) for key, item in value.items()})
    return value


def escaped_map(value) -> bool:
    """Whether ``value``, read from a seat's view or record, is a map of the rules' that escaped wrote apart."""
    return type(value) is dict and value.get("hidden") is False and len(value) == 2 and "value" in value


def unescaped(value):
    """``value``, read from a seat's view or record, with each map escaped wrote apart as the map it stands for."""
    if type(value) is list:
        return [unescaped(item) for item in value]
    if type(value) is dict:  # (an escaped map's own keys are the rules': its `hidden` too, not unwrapped again)
        return {key: unescaped(item) for key, item in (value["value"] if escaped_map(value) else value).items()}
    return value


def kept_apart(value, written):
    """``written``, the map ``value`` as a seat's record or view writes its items, escaped where ``value`` collides."""
    return {"hidden": False, "value": written} if collides(value) else written


def component_json(c) -> dict:
    return dict(c)


def zone_json(key) -> dict:
    """A zone as a record refers to it: its name and index; one of N zones a seat (line[1][3]) with its seat and copy
    too (its index, seat * N + copy, is the engine's), one of N zones a team with its team (index) and copy; one of
    named copies (pile[red]) with its word (name) too."""
    index = key[1]
    if type(index) is SeatCopy:
        named = {"name": index.names[index.copy]} if index.names else {}
        return {"zone": key[0], "index": index, "team" if index.team else "seat": index.seat, "copy": index.copy, **named}
    if type(index) is NamedCopy:  # (pile[red]: its position, as a numbered family's, and its word)
        return {"zone": key[0], "index": index, "name": str(index)}
    return {"zone": key[0], "index": index}


def is_zone_json(value) -> bool:
    """Whether ``value`` is a zone as zone_json writes it (not a map of the rules' that happens to have a key `zone`)."""
    return isinstance(value, dict) and value.keys() in ZONE_JSON_KEYS


# the keys of each shape zone_json writes: a zone; one of N zones a seat; one of named copies; one of N named a seat
ZONE_JSON_KEYS = ({"zone", "index"}, {"zone", "index", "seat", "copy"}, {"zone", "index", "name"},
                  {"zone", "index", "seat", "copy", "name"}, {"zone", "index", "team", "copy"}, {"zone", "index", "team", "copy", "name"})


def plain_json(value):
    """An argument that is not a component: a zone as a reference (never its contents), lists item by item."""
    if hasattr(value, "key") and isinstance(value, list):
        return zone_json(value.key)
    if isinstance(value, list):
        return [plain_json(v) for v in value]
    if isinstance(value, dict):
        if "id" in value and "type" in value:
            return component_json(value)
        return {key_json(k): plain_json(v) for k, v in value.items()}
    return value


class NumberKey(str):
    """A map's number key as JSON's text key, "7", that remembers it was a number: a record or view written out is the
    same JSON (and equal, key for key, to one read back), but the board writes {7: 0}, as the rules read it, not the
    word '7' of a map {'7': 0}, whose key is text alike."""

    __slots__ = ()


def key_json(key) -> str:
    """A map's key as JSON's text key, in the language's words: true, none, card#8, hand[1]; a number as written (a
    NumberKey)."""
    if key is True or key is False or key is None:
        return {True: "true", False: "false", None: "none"}[key]
    if hasattr(key, "key") and isinstance(key, list):
        return f"{key.key[0]}[{key.key[1]}]"
    if isinstance(key, dict):  # a component
        return f"{key['type']}#{key['id']}"
    return NumberKey(key) if isinstance(key, (int, float)) else str(key)


# the types of the game's values written alike whenever they are the same object: a component's attributes never
# change, and a zone is written by its name (a list or a map may be changed in place: a per-seat variable's list is)
UNCHANGING = frozenset((str, int, float, bool, type(None), NumberKey, NamedCopy, SeatCopy, Component, Zone))


def written_alike(a, b) -> bool:
    """Whether plain JSON value ``a`` and ``b`` are written alike: of one type (true is not 1, nor 4.0 4), a map's
    keys in one order, a number as its text (-0.0 is not 0.0). ``b`` may be a value of the game not made plain
    (plain_json): a component is written as its items, and a zone (a list of its own type) or a map with keys no
    text (which plain_json turns to text) is not alike to any plain value, so never taken for one written so."""
    if a is b:
        return True
    kind = type(a)
    if kind is list:
        return type(b) is list and len(a) == len(b) and all(x is y or written_alike(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):  # (equal and keyed alike, then each value: a component made plain holds the same ones)
        return (isinstance(b, dict) and a == b and list(a) == list(b)
                and all(v is w or written_alike(v, w) for v, w in zip(a.values(), b.values())))
    if kind is float:
        return type(b) is float and repr(a) == repr(b)
    return kind is type(b) and a == b


def as_json_line(event: dict) -> str:
    """One event as a line of a record."""
    return json.dumps(event, separators=(",", ":"))


def hides_a_count(rs, players: int) -> bool:
    """Whether some seat (or an onlooker) may not see how many components some zone of a ``players``-seat game holds."""
    viewers = [*range(players), None]
    return any(not spec.sees_count(i, viewer, players) for spec in rs.zones.values() for i in range(spec.size(players))
               for viewer in viewers)


def record_version(rs, players: int) -> int:
    """The format version a record of the game begins in: 1 where every seat counts every zone (such a record reads
    the same in version 2), else GATHER_VERSION; its first append raises it to APPEND_VERSION (Recorder._appended)."""
    return GATHER_VERSION if hides_a_count(rs, players) else 1


def record_header(rs, players: int, seed: int, agents=(), version=None) -> dict:
    """The first line of the record of a game of ruleset ``rs`` (what a replay checks a record's header against), in
    format ``version`` (None: record_version's)."""
    return {
        "philtre_record": record_version(rs, players) if version is None else version,
        "ruleset": {"name": rs.name, "source": rs.origin or rs.path, "variants": list(rs.variant_origins), "hash": rs.content_hash},
        "players": players,
        "seed": seed,
        "agents": list(agents) if agents else ["external"] * players,
    }


class Recorder:
    """Collects a game's events, with who may see each hidden part."""

    def __init__(self, game, agents=(), version=None):
        self.game = game
        n = game.state.nplayers
        # who may see a public fact: every seat and the onlooker (None). A card every seat has
        # seen (passed from one hand to the other in a 2-player game) is still not public
        self.everyone = frozenset(range(n)) | {None}
        hides = hides_a_count(game.ruleset, n)
        begun = version if version is not None else GATHER_VERSION if hides else 1  # (record_version's, counted once)
        self.events: list[dict] = [record_header(game.ruleset, n, game.seed, agents, begun)]
        # a list of components moved is one gather event (version 2 or 3, where a count is hidden: gathered); else, as
        # in version 1, one move event a source zone
        self.gathers = hides and begun >= GATHER_VERSION
        # a set of a list extending the last one written is written as the items added (version 3: a new record, or one
        # replayed of that version); a record replayed of version 1 or 2 has its sets whole
        self.appends = version is None or version >= APPEND_VERSION
        # (variable, seat or None) -> the list the last `set` of it wrote (its items, the record's own, grown by each
        # append), and the game's values they were written from: what a set of a list is compared with (_appended)
        self.written: dict[tuple, tuple[list, list]] = {}
        # event index -> (a list of written, its length after that event's append): the whole value an append gave,
        # which what tells people reads (valued); never written, as rolled_by
        self.grown: dict[int, tuple[list, int]] = {}
        self.secrets: dict[int, dict] = {}  # id(container) -> {key: seats allowed}
        self._keep: list = []  # containers referenced by secrets stay alive
        # id(a list of moved components) -> (who sees it as it is, what the others see): face-up components listed
        # in id order, the hidden ones after them, so that the order does not tell where the face-up ones lay
        self.unordered: dict[int, tuple] = {}
        # id(a list of moved components) -> (who sees how many moved, what the others see): the face-up ones in id
        # order and UNCOUNTED, where neither zone's count is seen by everyone
        self.uncounted: dict[int, tuple] = {}
        # id(a gather event's list of sources) -> {seat: what that seat reads in its place} (_told_gathered)
        self.told: dict[int, dict] = {}
        # the seed makes every shuffle and deal again: with it a seat would rebuild every hidden card
        self._secret(self.events[0], "seed", frozenset())
        self.recorded = 0  # components and values in the events so far (MAX_RECORDED)
        # by seat: [the events read so far, what it knows from them] (knowledge.remembered: a seat's memory brought up
        # to date with the events since, not read again from the start at each of its decisions)
        self.memories: dict = {}
        # event index -> (the seat, the name of its action or None for its turn) in whose action or turn the dice of that
        # roll event were rolled: `philtre play` says it; it is never written, so the record's format stays as it is (a
        # roll of the flow's own has none)
        self.rolled_by: dict[int, tuple] = {}
        # event index -> the seats that count the destination, for each `move` and `gather` event of a move at a depth
        # (`at: N`) equal to the count its destination held, which put its components on top: `philtre play` tells
        # them so, but to a seat that cannot count that zone, which would learn its count (render.depths_told); never
        # written, as rolled_by
        self.on_top: dict[int, frozenset] = {}
        # event index -> the statement (its id) whose run made that `place` event: `philtre play` tells the pieces one
        # statement placed, one after another, out of a quiet zone as one line (render.moves_joined); never written, as
        # rolled_by
        self.placed_by: dict[int, int] = {}
        # the zones of `order: nobody` (bags), whose order no seat sees though their contents may be seen
        self.bags = frozenset(name for name, spec in game.ruleset.zones.items() if spec.order != "everyone")
        self.backs = backs(game.ruleset)  # type -> the attributes its back shows, to whoever cannot see its face

    def _recording(self, n: int) -> None:
        """Count ``n`` more components or values; past MAX_RECORDED the rule recording them fails."""
        self.recorded += n
        if self.recorded > MAX_RECORDED:
            raise RuleRuntimeError(f"the record would hold more than {MAX_RECORDED:,} components and values "
                                   "(a loop moving, dealing or setting many of them again and again?)")

    # -- visibility helpers ----------------------------------------------------------
    def seers(self, key) -> frozenset:
        spec = self.game.ruleset.zones[key[0]]
        n = self.game.state.nplayers  # (a team's zone: seen by its team's seats)
        return frozenset(s for s in self.everyone if spec.sees_contents(key[1], s, n))  # None: only a zone everyone sees

    def counters(self, key) -> frozenset:
        """Who sees how many components zone ``key`` holds (its contents or its count)."""
        spec = self.game.ruleset.zones[key[0]]
        return frozenset(s for s in self.everyone if spec.sees_count(key[1], s, self.game.state.nplayers))

    def _secret(self, container, key, allowed) -> None:
        if allowed != self.everyone:
            self.secrets.setdefault(id(container), {})[key] = frozenset(allowed)
            self._keep.append(container)

    def order_seers(self, key) -> frozenset:
        """Who sees the order of what zone ``key`` holds: its contents' seers, none of a bag's (`order: nobody`)."""
        spec = self.game.ruleset.zones[key[0]]
        return self.seers(key) if spec.order == "everyone" else frozenset()

    def _comps(self, comps, source, target, was_revealed=()) -> list:
        """Components moved from zone ``source`` to ``target``: seen by whoever sees either zone's contents, and by everyone
        those that lay face up (``was_revealed``) as they moved; how many, by whoever counts either zone (its change tells
        it); in the order they moved by whoever sees either zone's order, else in id order (out of a bag into a hidden
        deck, the list would give the deck's order away)."""
        allowed, counted = self.seers(source) | self.seers(target), self.counters(source) | self.counters(target)
        out = [component_json(c) for c in comps]
        if source[0] in self.bags or target[0] in self.bags:  # (a game without a bag records as it did, at its cost)
            self._unordered_to(out, allowed - self.order_seers(source) - self.order_seers(target))
        if counted != self.everyone:
            shown = sorted((out[i] for i, c in enumerate(comps) if c["id"] in was_revealed), key=lambda c: c["id"])
            self.uncounted[id(out)] = (counted, shown + [UNCOUNTED])  # even with none hidden: that would tell a count
            self._keep.append(out)
        face_up = []
        for i, c in enumerate(comps):
            if c["id"] in was_revealed:
                face_up.append(out[i])
            else:
                self._secret(out, i, allowed)
        self._apart(out, comps, allowed, face_up, was_revealed)
        return out

    def _apart(self, out, comps, allowed, face_up=(), was_revealed=()) -> None:
        """Seats not in ``allowed`` read ``out`` (``comps`` as written) as its ``face_up`` ones in id order, then the
        others face down (_face_down), where some lay face up or some show a back; else each hidden in its place."""
        # (a ruleset declaring no back pays nothing more for its moves)
        if allowed == self.everyone or not (face_up or self.backs and any(c["type"] in self.backs for c in comps)):
            return
        unseen = [c for c in comps if c["id"] not in was_revealed]
        self.unordered[id(out)] = (allowed, sorted(face_up, key=lambda c: c["id"]) + self._face_down(unseen))
        self._keep.append(out)

    def _face_down(self, comps) -> list:
        """What a seat that may not see ``comps`` reads of them: each back a type declares, sorted by what it shows (not
        by where each lay: the order they moved in would tell that), then `{"hidden": true}` for each other one."""
        shown = backs_shown(comps, self.backs) if self.backs else []
        return [Placeholder(hidden=True, back=b) for b in shown] + [HIDDEN] * (len(comps) - len(shown))

    def _unordered_to(self, out: list, seats) -> None:
        """``seats``, who see every component of ``out`` but not the order they lie in, read them in id order."""
        if seats and len(out) > 1:
            self.told[id(out)] = dict.fromkeys(seats, by_id(out))
            self._keep.append(out)

    # -- events --------------------------------------------------------------------------
    def decision(self, player, option) -> dict:
        """A decision event; each chosen component (at any depth) is hidden from seats that could not see it, and each
        choice the action declares `secret` from every seat but ``player`` (whatever the effects then show)."""
        chosen = []  # (container, key, the components a seat must see to be shown what lies there)
        args = {}
        for name, value in option.args:
            args[name] = self._arg(value, args, name, chosen)
        event = {"event": "decision", "player": player, "action": option.action, "args": args}
        secret = self.game.ruleset.actions[option.action].secret
        if secret:  # (its own rule, never widened: chosen's entries for it left out, so decision_done leaves it be)
            chosen = [entry for entry in chosen if entry[0] is not args or entry[1] not in secret]
            for name in secret:
                self._secret(args, name, frozenset([player]))
        for container, key, comps in chosen:
            self._secret(container, key, self._seeing_all(comps, {player}))
        self.events.append(event)
        return {"chosen": chosen, "event": event, "after": len(self.events), "secret": secret}

    def _seeing_all(self, comps, also=frozenset()) -> frozenset:
        """Who sees every one of ``comps`` where it lies now (a revealed one is seen by everyone), and ``also``."""
        state = self.game.state
        allowed = self.everyone
        for comp in comps:
            if comp["id"] not in state.revealed:
                allowed = allowed & (self.seers(state.where[comp["id"]]) | also)
        return allowed

    def _arg(self, value, container, key, chosen):
        if isinstance(value, dict) and "id" in value and "type" in value:
            chosen.append((container, key, (value,)))
            return component_json(value)
        if isinstance(value, list) and hasattr(value, "key"):
            return zone_json(value.key)
        if isinstance(value, list):
            out = []
            for i, item in enumerate(value):
                out.append(None)
                out[i] = self._arg(item, out, i, chosen)
            return out
        if isinstance(value, dict):  # a map: its values are hidden as a list's items are
            out = {}
            for k, item in value.items():
                out[key_json(k)] = self._arg(item, out, key_json(k), chosen)
            # a key names its component (card#8) and cannot be hidden alone: the whole map is, from a seat not seeing it
            keys = tuple(k for k in value if isinstance(k, dict))
            if keys:
                chosen.append((container, key, keys))
            return out
        return plain_json(value)

    def decision_done(self, meta) -> None:
        """After an action's effects: whoever sees a chosen component where it now lies may see it in the decision too;
        an argument that says where the effects placed a piece on a grid a seat does not see is hidden from that seat."""
        for container, key, comps in meta["chosen"]:
            rules = self.secrets.get(id(container))
            if not rules or key not in rules:
                continue
            rules[key] = rules[key] | self._seeing_all(comps)
            if rules[key] == self.everyone:
                del rules[key]
        self._hide_placements_chosen(meta["event"], meta["after"], meta["secret"])

    def _hide_placements_chosen(self, decision: dict, after: int, secret=frozenset()) -> None:
        """A placement chosen (`at` from placements()) that a place event since ``after`` put a piece at, on a grid some
        seat does not see: hidden from that seat in the decision, as the place event's own `at` is (a piece placed on a
        wall only its owner sees was hidden, and the decision just before it told every seat where)."""
        args = decision["args"]
        for placed in self.events[after:]:
            seers = placed.get("event") == "place" and (self.secrets.get(id(placed)) or {}).get("at")
            if not seers:
                continue
            at = placed["at"]
            for name, value in args.items():
                if name in secret:  # (hidden from every other seat already)
                    continue
                if isinstance(value, dict) and all(value.get(k) == at.get(k) for k in ("x", "y", "rot")):
                    self._secret(args, name, seers | {decision["player"]})

    def move(self, source, target, comps, was_revealed=()) -> None:
        """Components moved: seen by whoever sees either zone, and by everyone if they lay face up."""
        self._recording(len(comps))
        out = self._comps(comps, source, target, was_revealed)
        self.events.append({"event": "move", "from": zone_json(source), "to": zone_json(target), "components": out})

    def nothing_moved(self, source, target) -> None:
        """An empty zone moved: recorded, moving nothing, where some seat counts neither zone, so that its record reads
        as it would had components moved (no event would tell it the zone was empty); for everyone else, nothing."""
        if self.counters(source) | self.counters(target) != self.everyone:
            self.move(source, target, [])

    def gathered(self, groups: dict, target, was_revealed=()) -> None:
        """A list of components moved (``groups``: source zone -> its components) where some seat may not count a zone:
        one event, whatever zones they came from, none too, so that a seat that cannot count a source reads neither
        how many zones gave nor whether any did; nothing moved is no event only where every seat counts ``target``."""
        if not groups and self.counters(target) == self.everyone:
            return  # (everyone sees that nothing came: the destination's count is as it was)
        self._recording(sum(map(len, groups.values())))
        sources = sorted(groups)  # (not in the order of the components: that order may follow hidden cards)
        entries = [dict(zone_json(source), components=self._comps(groups[source], source, target, was_revealed))
                   for source in sources]
        told = {}
        for seat in self.everyone:
            counted = [seat in self.counters(source) for source in sources]
            if seat not in self.counters(target) or not all(counted):
                told[seat] = self._told_gathered(seat, groups, sources, counted, entries, target, was_revealed)
        if told:
            self.told[id(entries)] = told
            self._keep.append(entries)
        self.events.append({"event": "gather", "from": entries, "to": zone_json(target)})

    def _told_gathered(self, seat, groups, sources, counted, entries, target, was_revealed) -> list:
        """What ``seat`` reads of a gather's sources: those it counts as they are, the others as one hidden source,
        always there unless it counts ``target`` (then it knows whether any came from them, and how many)."""
        kept = [entry for entry, known in zip(entries, counted) if known]
        rest = [c for source, known in zip(sources, counted) if not known for c in groups[source]]
        if not rest and seat in self.counters(target):
            return kept
        sees_target = seat in self.seers(target)
        shown = sorted((component_json(c) for c in rest if sees_target or c["id"] in was_revealed), key=lambda c: c["id"])
        unseen = [c for c in rest if not (sees_target or c["id"] in was_revealed)]
        hidden = self._face_down(unseen) if seat in self.counters(target) else [UNCOUNTED]
        return kept + [Placeholder(hidden=True, components=shown + hidden)]

    def shuffle(self, zone) -> None:
        """A zone shuffled: its new order, seen by who sees its contents; a bag's (`order: nobody`) by nobody, so it is not
        written at all (null): the replay makes the shuffle again from the seed and checks each draw that follows, and a
        180-tile bag drawn from 100 times wrote 23 KB of orders no seat may read."""
        order = [c["id"] for c in zone] if self.game.ruleset.zones[zone.key[0]].order == "everyone" else None
        self._recording(len(order or ()))
        event = {"event": "shuffle", "zone": zone_json(zone.key), "order": order}
        self._secret(event, "order", self.seers(zone.key))
        self.events.append(event)

    def deal(self, source, dealt, was_revealed=()) -> None:
        self._recording(sum(len(comps) for _, comps in dealt))
        to = [dict(zone_json(key), components=self._comps(comps, source, key, was_revealed)) for key, comps in dealt]
        self.events.append({"event": "deal", "from": zone_json(source), "to": to})

    def roll(self, rolled, where=None) -> None:
        """Dice rolled; ``where``: (seat, True) in that seat's action, (seat, False) in its turn (effects._roller), kept
        aside with the action's name (the seat's last decision's), not in the event."""
        if where is not None:
            seat, in_action = where
            action = next((e["action"] for e in reversed(self.events) if e.get("event") == "decision" and e.get("player") == seat),
                          "action") if in_action else None
            self.rolled_by[len(self.events)] = (seat, action)
        self.events.append({"event": "roll", "dice": {k: dict(v) for k, v in rolled.items()}})

    def set_aside(self, names) -> None:
        """Dice set aside: they show no face from now on, and no roll rolls them."""
        self.events.append({"event": "set_aside", "dice": list(names)})

    def set_var(self, name, seat, value) -> None:
        spec = self.game.ruleset.variables[name]
        entries = seat is None and (spec.per_player or spec.per_team)  # every seat's (team's) entry set at once
        event = self._appended(name, seat, value) if self.appends and not entries else None
        if event is None:
            self._recording(len(value) if type(value) in (list, dict) else 1)
            event = {"event": "set", "variable": name, "value": plain_json(value)}
            if seat is not None:
                event["index"] = seat
            if self.appends:
                self._note_written(name, seat, event["value"], value, entries)
        field = "value" if "value" in event else "append"  # (the items an append adds are seen as its whole value is)
        if spec.visible == "nobody":
            self._secret(event, field, frozenset())
        elif spec.visible == "owner" and entries and type(event["value"]) is list:
            for i in range(len(event["value"])):  # every seat's entry set at once: each seat reads its own, as its view does
                self._secret(event["value"], i, self._owners(spec, i))
        elif spec.visible == "owner":
            self._secret(event, field, self._owners(spec, seat) if seat is not None else frozenset())
        self.events.append(event)

    def _appended(self, name, seat, value) -> dict | None:
        """The `set` event of ``value``, a list whose first items are, as written, those of the list the last `set` of
        variable ``name`` (``seat``'s entry) wrote, as the items it adds: `{"event": "set", "variable": name, "append":
        [...]}` (the header raised to version 3); None for any other value, written whole. Each item is compared as
        written (true is not 1, nor 4.0 4): the very value it was written from where that cannot change (a word, a
        number, a component: its attributes never change, a zone: written by its name), which a list grown by `+`
        keeps (a trial's positions); else as it is (a list of components), then as its plain JSON (a map with number
        keys)."""
        before, values = self.written.get((name, seat), (None, None))
        if before is None or type(value) is not list or len(value) < len(before):
            return None
        for old, was, new in zip(before, values, value):
            if (was is not new or type(new) not in UNCHANGING) and not written_alike(old, new) \
                    and not written_alike(old, plain_json(new)):  # (a list or map may be changed in place since)
                return None
        items = [plain_json(v) for v in value[len(before):]]
        self._recording(len(items))
        before.extend(items)
        values.extend(value[len(values):])
        self.grown[len(self.events)] = (before, len(before))
        self.events[0]["philtre_record"] = APPEND_VERSION
        event = {"event": "set", "variable": name, "append": items}
        if seat is not None:
            event["index"] = seat
        return event

    def _note_written(self, name, seat, written, value, entries: bool) -> None:
        """Note the value a `set` wrote whole (``written``, from the game's ``value``): a list of some items is what the
        next set of the variable (entry) may extend; every seat's entry set at once (``entries``) is extended by no
        entry's next set."""
        if entries:
            for key in [key for key in self.written if key[0] == name]:
                del self.written[key]
        elif type(written) is list and written:  # (an empty list extended is written as short whole)
            self.written[(name, seat)] = (list(written), list(value))
        else:
            self.written.pop((name, seat), None)

    def valued(self, told: list, player) -> list:
        """``told`` (told_to's pairs) with each `set` written as the items it appended given its whole value instead,
        as ``player`` may see it: what is told people (play, replay --text) reads a set's value as before."""
        out = []
        for i, event in told:
            grown = self.grown.get(i)
            if grown is not None and "append" in event:
                whole, length = grown
                event = {"event": "set", "variable": event["variable"], "value": self._filter(whole[:length], player),
                         **({"index": event["index"]} if "index" in event else {})}
            out.append((i, event))
        return out

    def _owners(self, spec, index) -> frozenset:
        """The seats entry ``index`` of a value kept a seat or a team belongs to: the seat, or each seat of the team."""
        return frozenset(spec.entry_seats(index, self.game.state.nplayers)) if spec.per_team else frozenset([index])

    def score(self, player, points, total) -> None:
        self.events.append({"event": "score", "player": player, "points": points, "total": total})

    def say(self, seat, text: str) -> None:
        """Words told to every seat (a `say`), by ``seat`` where one says them: public, in every seat's record."""
        self.events.append({"event": "say", "text": text} if seat is None else {"event": "say", "player": seat, "text": text})

    def tell(self, key, comps, form: str, test: str, read: dict, ruled_out: list, revealed, text: str | None = None) -> None:
        """A fact told every seat about zone ``key`` (a `tell`): its components as each seat sees them (as a move within
        the zone would show them), the test's text and the plain values it read, the ids of the components the fact
        rules out of the zone, and the words the table is told (``text``, where the rules give them): public, it shows
        no face a seat does not see."""
        self._recording(len(comps) + len(ruled_out))
        out = self._comps(comps, key, key, revealed)
        values = {name: value for name, value in read.items() if value is None or type(value) in (int, float, str, bool)}
        event = {"event": "tell", "zone": zone_json(key), "components": out, form: test, "values": values, "not_in": ruled_out}
        if text is not None:
            event["text"] = text
        self.events.append(event)

    def place(self, piece, key, at, stmt=None) -> None:
        """A piece put on a grid at {x, y, rot} (its move was recorded just before), by the statement ``stmt``."""
        out = {"event": "place", "zone": zone_json(key), "component": component_json(piece), "at": dict(at)}
        self._secret(out, "component", self.seers(key))
        self._secret(out, "at", self.seers(key))  # where it lies on a grid nobody sees is hidden too
        if stmt is not None:
            self.placed_by[len(self.events)] = id(stmt)
        self.events.append(out)

    def reveal(self, key, comps) -> None:
        """Components shown to everyone: in id order where not everyone sees the zone, whose order is not shown (as in views)."""
        self._recording(len(comps))
        if self.order_seers(key) != self.everyone:
            comps = by_id(comps)
        self.events.append({"event": "reveal", "zone": zone_json(key), "components": [component_json(c) for c in comps]})

    def shown_to(self, key, comps, seats: frozenset) -> None:
        """Components shown to ``seats`` alone (a look: `reveal: {what, to}`), in the order shown (a list's, a zone's
        from the bottom: which lies on top is what a look at a deck tells); the others (and those who see the zone
        anyway) told which seats looked, and how many, not what."""
        self._recording(len(comps))
        out = [component_json(c) for c in comps]
        allowed = seats | self.seers(key)
        for i in range(len(out)):
            self._secret(out, i, allowed)
        self._apart(out, comps, allowed)  # (the others see the backs of what was looked at)
        self._unordered_to(out, allowed - seats - self.order_seers(key))  # (the lookers see the order they looked at)
        self.events.append({"event": "reveal", "zone": zone_json(key), "to": sorted(seats), "components": out})

    def reveal_variable(self, name, seat, value) -> None:
        """A variable's value shown to everyone (``seat``'s entry, where one is named; else the whole value, every
        seat's entry of a per-seat variable): in every seat's record as it is."""
        self._recording(len(value) if type(value) in (list, dict) else 1)
        event = {"event": "reveal", "variable": name}
        if seat is not None:
            event["index"] = seat
        event["value"] = plain_json(value)
        self.events.append(event)

    def variable_shown_to(self, name, seat, value, seats: frozenset) -> None:
        """A variable's value (``seat``'s entry) shown to ``seats`` alone (a look): the others read it hidden, but
        for each seat its own entry of a variable its owner sees, as its `set` events show it."""
        self._recording(len(value) if type(value) in (list, dict) else 1)
        event = {"event": "reveal", "variable": name}
        if seat is not None:
            event["index"] = seat
        event["to"] = sorted(seats)
        event["value"] = plain_json(value)
        spec = self.game.ruleset.variables[name]
        owned = spec.visible == "owner" and (spec.per_player or spec.per_team)
        if seat is None and (spec.per_player or spec.per_team) and type(event["value"]) is list:
            for i in range(len(event["value"])):
                self._secret(event["value"], i, seats | self._owners(spec, i) if owned else seats)
        else:
            self._secret(event, "value", seats | self._owners(spec, seat) if owned and seat is not None else seats)
        self.events.append(event)

    def round_end(self, number, points, totals) -> None:
        self.events.append({"event": "round_end", "round": number, "points": list(points), "totals": list(totals)})

    def end(self, scores, winners) -> None:
        self.events.append({"event": "end", "scores": list(scores), "winners": list(winners)})

    def cut(self, decisions: int) -> None:
        """A run cut the game off (simulate --max-decisions): still going after ``decisions`` decisions, with no end and no
        winner. The last line of its record, in place of `end`, at a decision the game waits for."""
        self.events.append({"event": "cut", "decisions": decisions})

    def failed(self, error) -> None:
        """The game stopped at a rule (R100, R200, R300): the last line says where and why.

        The file is named by its base name, so that the record replays on another machine. The
        message is for the full record only: it may describe a card a player may not see.
        """
        d = error.first
        event = {"event": "failed", "code": d.code, "message": d.message,
                 "file": os.path.basename(d.loc.path or ""), "line": d.loc.line or 0, "column": d.loc.col or 0}
        self._secret(event, "message", frozenset())
        self.events.append(event)

    # -- output ------------------------------------------------------------------------
    def for_player(self, player, start: int = 0) -> list[dict]:
        """The record (its events from ``start`` on) as seat ``player`` may see it (None: an onlooker who sees only public
        facts): a `set` whose new value it may not see is left out (told_to)."""
        return [e for _, e in self.told_to(player, start)]

    def told_to(self, player, start: int = 0) -> list[tuple[int, dict]]:
        """The events from ``start`` on that seat ``player`` is told, each as it may see it, with its index in the full
        record: all but a `set` whose new value it may not see at all (a variable `visible: nobody`, another seat's
        entry of a `visible: owner` one). The value is hidden anyway; the event would tell only that the `set` ran: a
        trial's set under a `when` reading one seat's hand told every other seat that the hand held the card."""
        return [(i, self._filter(e, player)) for i, e in enumerate(self.events[start:], start) if not self._untold(e, player)]

    def _untold(self, event: dict, player) -> bool:
        """Whether ``event`` is a `set` of which ``player`` may see nothing (set_var's secrets): its value, or, where
        every seat's entry is set at once, any one entry (an onlooker's case)."""
        if event.get("event") != "set":
            return False
        rules = self.secrets.get(id(event))
        field = "value" if "value" in event else "append"
        if rules is not None and field in rules:
            return player not in rules[field]
        entries = self.secrets.get(id(event[field])) if type(event[field]) is list and field == "value" else None
        return entries is not None and len(entries) == len(event["value"]) and all(player not in s for s in entries.values())

    def _filter(self, value, player):
        if isinstance(value, dict):
            rules = self.secrets.get(id(value))
            out = {}
            for k, v in value.items():
                if rules and k in rules and player not in rules[k]:
                    out[k] = None if k == "order" else HIDDEN
                else:
                    out[k] = self._filter(v, player)
            return kept_apart(value, out)  # (a rule's map, as escaped writes it)
        if isinstance(value, list):
            told = self.told.get(id(value))
            if told is not None and player in told:
                return [self._filter(entry, player) for entry in told[player]]
            uncounted = self.uncounted.get(id(value))
            if uncounted is not None and player not in uncounted[0]:
                return [self._filter(c, player) for c in uncounted[1]]
            unordered = self.unordered.get(id(value))
            if unordered is not None and player not in unordered[0]:
                return [self._filter(c, player) for c in unordered[1]]
            rules = self.secrets.get(id(value))
            return [HIDDEN if rules and i in rules and player not in rules[i] else self._filter(v, player) for i, v in enumerate(value)]
        return value

    def lines(self) -> list[str]:
        return [as_json_line(e) for e in self.events]

    def write(self, path) -> None:
        with open(path, "w", encoding="utf-8") as handle:
            for line in self.lines():
                handle.write(line + "\n")
