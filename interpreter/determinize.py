"""Determinization: sample a whole game consistent with what one seat sees and remembers.

Search agents cannot play on the true state (that would be cheating) and cannot play on a
view (it is not a game). They play on *samples*: copies of the game in which everything
the seat cannot see has been replaced by a random guess. What counts as hidden is read
from the ruleset's visibility declarations only (``ZoneSpec.sees_contents`` and the
revealed set, as in ``views.py``); no game is named here.

One sample (``determinize``):

- components in a zone whose contents the seat does not see are pooled and dealt back at
  random into those same places: every zone whose count the seat sees keeps it, and
  components in zones the seat sees never move. A zone whose count it does not see keeps
  no places: the components left over are spread over such zones, so its count is guessed. A revealed one stays in its zone (the seat sees it there) but not
  at its place, which the seat does not see (a view lists them in id order). A face-down component still
  shows its back: the owner of a player's set (``each: player``) is taken as public, so a
  place holding seat q's component gets one of seat q's. With the seat's ``Knowledge``
  (what it remembers from its filtered record, see ``knowledge.py``) each goes only to a
  zone where the seat knows it may lie; without it, anywhere hidden (uniformly);
- a name of the flow (a loop variable, a `let` name) that held a hidden component names
  the one dealt to its place, so no name keeps the true identity of what it holds;
- a zone whose contents the seat sees but not their order (a bag, `order: nobody`) is put in a random order, from
  id order (the set its view shows), never from the true one (``_reorder_bags``);
- other seats' secret choices already made in a pending simultaneous step are dropped:
  in the sample they have not chosen yet; the values such a step hands each seat (`with:`, read as it started, from
  what each seat saw) are read again from the sample (``_handed_again``), so no seat's search learns another's;
- the game's RNG is re-seeded from the agent's RNG, so future chance is sampled too; the
  sample has no seed and its step count starts at 0 (both could follow hidden cards);
- hidden variables (``visible: owner`` of another seat, or ``nobody``), but a value a
  ``reveal`` shows every seat, are set back to their declared initial value (not one the set-up set: it may have read
  what the seat did not see): a variable has no declared domain to guess from, and its
  true value is what the seat may not know (docs/agents.md);
- what the rules told the seat through variables (a clue kept by slot in a public variable) is not read: public
  variables keep their true values, and the guessed components need not agree with them (docs/agents.md);
- pieces on a grid zone whose contents the seat does not see (but those a ``reveal`` shows) are placed again at
  random, each where it covers no piece placed before it: the pieces the seat sees first, where they lie, then the
  hidden ones in a random order (``_replace_hidden_pieces``). A sample where one fits nowhere is dropped.

Why this does not peek: the pool is the *set* of hidden ids, sorted before it is
dealt, and it equals all components minus those the view shows; the places are the
hidden positions in declaration order, whose number per zone is the count the view
shows (and whose backs are public), and the zones whose count it hides are declared; the knowledge comes from the seat's own filtered record; a
hidden grid's pieces are the set of its pieces the view does not show, sorted before they are shuffled, placed around
those it shows. So the sample is a
function of what the seat saw and of the agent's RNG alone: permuting hidden contents in
the true state gives the very same sample (tests/test_determinize.py).
"""

from __future__ import annotations

import copy
import functools
import random

from philtre.dsl import ast, geometry
from philtre.dsl.builtins import RuleRuntimeError
from philtre.dsl.compiler import lists_every_turn
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.lints import Facts
from philtre.dsl.values import Component

from .game import BLOCK, LOCALS, PC, Option, _holds_component, map_flow_names, rebind_zones
from .runners import BY_SEAT, FAILURES
from .knowledge import remembered
from .views import backs, by_id


class InfoSet:
    """What one seat may use to search: the rules, and samples consistent with its view.

    Built by ``agents.ask`` from the real game; it hands out samples only, never the game.
    It does not even keep the game: it keeps one sample of it (``_base``), and a sample of a
    sample is the very sample the real game would give for the same RNG (a sample depends
    only on what the seat may know), so an agent that looked inside finds no hidden card
    (but on a hidden grid where the base's placing found no room: see ``_base_of``).
    """

    __slots__ = ("_base", "player", "ruleset", "players", "knowledge")

    def __init__(self, game, player: int):
        """The information set of seat ``player`` in ``game`` (its memory read from the game's record, if any)."""
        self.player = player
        self.ruleset = game.ruleset
        self.players = game.state.nplayers
        self.knowledge = None
        if game.recorder is not None:  # memory of what the seat saw happen, else the view alone
            self.knowledge = remembered(game, player)
        self._base = _base_of(game, player, self.knowledge)

    def sample(self, rng: random.Random):
        """A new game consistent with everything ``player`` may know, hidden parts guessed with ``rng``."""
        return determinize(self._base, self.player, rng, self.knowledge)

    def samples_alike(self) -> bool:
        """Whether every sample is the same game but for its random generator: no component is hidden from the seat, so
        none is dealt (a hidden variable is set back to its initial value in each alike). Read from a sample, as the rest."""
        base = self._base
        seat = self.player
        return not (hidden_slots(base, seat) or any(uncounted_zones(base, seat)) or hidden_pieces(base, seat)
                    or bags_seen(base, seat))


def _base_of(game, seat, knowledge):
    """The sample an InfoSet keeps (RNG seeded 0). Where a hidden grid's pieces found no room in it, the one with them
    where they lie: a sample places every hidden piece again from the pieces the seat sees, so where they lie in the
    base is never read (a sample of it is still the real game's), and the agent gets samples only."""
    try:
        return determinize(game, seat, random.Random(0), knowledge)
    except NoPlacement:
        return determinize(game, seat, random.Random(0), knowledge, place_hidden=False)


class NoPlacement(PhiltreError):
    """A sample in which a hidden piece fits nowhere on its grid: dropped, as a sample that breaks a rule is."""


def determinize(game, seat, rng: random.Random, knowledge=None, place_hidden=True):
    """A copy of ``game`` in which what ``seat`` cannot know is sampled with ``rng`` (within ``knowledge`` if given).

    NoPlacement where a hidden piece of a grid fits nowhere (``place_hidden`` False: those are left where they lie)."""
    sample = fork(game)
    S = sample.state
    slots = hidden_slots(sample, seat)
    before = [zone[i] for zone, i in slots]
    _redeal(S, slots, rng, knowledge, backs(game.ruleset), uncounted_zones(sample, seat))
    _rename_in_flow(S, {old["id"]: now for old, now in zip(before, _at_places(slots)) if now is not None and now is not old})
    _reorder_bags(bags_seen(sample, seat), rng)
    if place_hidden:
        _replace_hidden_pieces(S, hidden_pieces(sample, seat), rng, game.ruleset)
    _forget_variables(S, game.ruleset, seat)
    _rederive_lets(S, game.ruleset, game.state)
    _handed_again(S)
    S.flow.choices = {s: c for s, c in S.flow.choices.items() if s == seat}
    S.flow.rng = random.Random(rng.getrandbits(64))
    sample.seed = None  # the true seed would make every hidden shuffle again
    S.flow.steps = 0  # how many steps the game took may follow hidden cards (a loop over one)
    S.flow.script = []  # scripted rolls (scenarios) are future chance too
    sample._listed_for, sample._listed = None, {}
    return sample


def _handed_again(S) -> None:
    """The values a pending simultaneous step hands each seat (`with:`) read again from the sample, each with `me` that
    seat: read as the step started, from what each seat saw (`first(offered[me]).v`), they would tell one seat's search
    what another seat's hand held. Nothing has run since but the seats' choices, whose effects wait for the last, so
    they are the values the rules read at this position; one that fails there is none (_again)."""
    pending = S.flow.pending
    if pending is None or pending.stmt.kind != "simultaneous" or "with" not in pending.stmt.args or not S.flow.stack:
        return
    L = S.flow.stack[-1][LOCALS]  # (the names the step was asked in, as Game._h_simultaneous had them)
    values = {p: {name: _again(expr, S, {**L, "me": p}) for name, expr in pending.stmt.args["with"]} for p in pending.players}
    named = dict(L)
    if len(pending.players) == 1:  # (a lone seat's among the names, as Game._handed keeps them)
        named.update(values[pending.players[0]])
    else:
        named[BY_SEAT] = values
    pending.locals = named  # (the sample's own Pending: Game.copy made it)


def _rename_in_flow(S, dealt: dict) -> None:
    """The flow's names (loop variables, `let` names) held each hidden component: now the one dealt to its place."""
    if dealt:
        map_flow_names(S, lambda value: _renamed(value, dealt))


def _renamed(value, dealt: dict):
    """``value`` with each component whose id is in ``dealt`` replaced by the component dealt in its place."""
    t = type(value)
    if t is Component:
        return dealt.get(value["id"], value)
    if t is dict:
        return {_renamed(k, dealt): _renamed(v, dealt) for k, v in value.items()}  # a component may be a key too
    if t in (list, tuple):
        out = [_renamed(v, dealt) for v in value]
        return out if t is list else tuple(out)
    return value


def _rederive_lets(S, ruleset, source) -> None:
    """Each `let` name of the flow whose value read what a seat may not see, computed again from the sample.

    A name holding a hidden component is renamed (``_rename_in_flow``), but one holding a
    value read from it (``let: {top: "last(deck).rank"}``) would keep the true value, and a
    search would play knowing it. Its expression is evaluated again in the sample (a guess
    consistent with the sampled cards, as the seat cannot know better); one that fails there is none.

    Only where nothing has run since the `let` but the decision now waiting (the statement
    right after it, in the innermost block): where something has (`let: {n: "count(hand[0])"}`,
    then the hand is played out), the sample would compute something else than the rules did
    (n = 0, where the game counted on 2), and every sample could then break the game (a loop
    that never ends). Such a name keeps its value (docs/agents.md lists it among the leaks).
    Whether it is computed again follows the flow's position alone, which every seat sees: a
    test of the true position ("does it still give the same value?") made the sample, and the
    agent's play, tell the hidden cards apart.
    """
    reads_hidden = _hidden_reader(ruleset)
    fresh = {}
    innermost = len(S.flow.stack) - 1
    for depth, frame in enumerate(S.flow.stack):
        block, L = frame[BLOCK], frame[LOCALS]
        for index, stmt in enumerate(block[:frame[PC]] if block else ()):
            if stmt.kind != "let" or not (depth == innermost and frame[PC] - 1 == index + 1):
                continue
            for name, expr in stmt.args["names"]:
                if name in L and reads_hidden(expr, L, fresh):
                    fresh[name] = _again(expr, S, {**L, **fresh})
    if fresh:
        map_flow_names(S, lambda value: _with_names(value, fresh))


def _again(expr, S, L):
    """The value of ``expr`` in the sample; none if it fails there (a rule reading it then fails, and the sample is dropped)."""
    try:
        return expr.fn(S, L)
    except (RuleRuntimeError, *FAILURES):
        return None


def _with_names(value, fresh: dict):
    """Flow names (a frame's locals, a loop's outer names) with the names of ``fresh`` given their new values."""
    if type(value) is dict and not fresh.keys().isdisjoint(value):
        return {k: fresh.get(k, v) for k, v in value.items()}
    if type(value) is tuple and len(value) == 3 and type(value[2]) is dict:  # a for or repeat loop: (items, index, outer names)
        return (value[0], value[1], _with_names(value[2], fresh))
    return value


@functools.lru_cache(maxsize=64)
def _hidden_reader(ruleset):
    """fn(expr, L, fresh): whether an expression may read what some seat cannot see (through definitions and local names)."""
    hidden = {"components", "zone_of"}
    hidden |= {name for name, spec in ruleset.zones.items() if spec.visible != "everyone"}  # a seat's own hand too: it may have changed since
    hidden |= {name for name, spec in ruleset.zones.items() if spec.order != "everyone"}  # a bag's top: `last(bag).kind`
    hidden |= {name for name, spec in ruleset.variables.items() if spec.visible != "everyone"}
    defines = Facts(ruleset).defines
    memo: dict = {}

    def tree_reads(tree) -> bool:
        for node in ast.walk(tree):
            name = node.name if isinstance(node, ast.Name) else node.func if isinstance(node, ast.Call) else None
            if name in hidden:
                return True
            if name in defines:
                if name not in memo:
                    memo[name] = False  # definitions do not recurse (E130): this only guards the walk
                    body = defines[name][1]
                    memo[name] = body is None or tree_reads(body)
                if memo[name]:
                    return True
        return False

    def reads(expr, L, fresh) -> bool:
        if expr.tree is None:
            return True
        local = {n for n in expr.names if n in fresh or (n in L and _holds_component(L[n]))}
        return bool(local) or tree_reads(expr.tree)

    return reads


def _forget_variables(S, ruleset, seat) -> None:
    """Each variable ``seat`` does not see back at its initial value (its own value of a per-seat one kept, and what a
    `reveal` shows every seat: (variable, seat or None) in the revealed set)."""
    shown = S.revealed
    for name, spec in ruleset.variables.items():
        if spec.visible == "everyone":
            continue
        if spec.per_player or spec.per_team:  # (a team's entry: kept for each seat of the team)
            own = (spec.entries_owned(seat, S.nplayers) or (None,))[0] if spec.visible == "owner" else -1
            S.vars[name] = [v if q == own or (name, q) in shown else copy.deepcopy(spec.initial) for q, v in enumerate(S.vars[name])]
        elif (name, None) not in shown:
            S.vars[name] = copy.deepcopy(spec.initial)


def hidden_slots(game, seat) -> list:
    """(zone, position) of every place whose component ``seat`` cannot see there (revealed ones too), zones in declaration order."""
    S = game.state
    slots = []
    for name, spec in game.ruleset.zones.items():
        if getattr(spec, "grid", 0):
            continue  # a piece on a grid has a placement, not a slot that could be redealt
        for zone in S.zones[name]:
            if spec.sees_contents(zone.key[1], seat, S.nplayers):
                continue
            slots.extend((zone, i) for i in range(len(zone)))
    return slots


def bags_seen(game, seat) -> list:
    """Each zone of more than one component whose contents ``seat`` sees but not their order (`order: nobody`)."""
    S = game.state
    return [zone for name, spec in _bag_zones(game.ruleset)
            for zone in S.zones[name] if len(zone) > 1 and spec.sees_contents(zone.key[1], seat, S.nplayers)]


@functools.lru_cache(maxsize=64)
def _bag_zones(ruleset) -> tuple:
    """(name, spec) of each zone of `order: nobody`, in declaration order (none in most games: each sample asks)."""
    return tuple((name, spec) for name, spec in ruleset.zones.items() if spec.order != "everyone")


def _reorder_bags(bags, rng) -> None:
    """Each bag's components in a random order: from id order (the set the seat sees), never from the true one."""
    for zone in bags:
        comps = by_id(zone)
        rng.shuffle(comps)
        zone[:] = comps


def hidden_pieces(game, seat) -> list:
    """(grid zone, its pieces ``seat`` cannot see, bottom to top) for each grid zone holding some (declaration order):
    a zone whose contents the seat does not see, but for the pieces a `reveal` shows."""
    S = game.state
    out = []
    for name, spec in _grid_zones(game.ruleset):
        for zone in S.zones[name]:
            if zone and not spec.sees_contents(zone.key[1], seat, S.nplayers):
                hidden = [c for c in zone if c.ident not in S.revealed]
                if hidden:
                    out.append((zone, hidden))
    return out


@functools.lru_cache(maxsize=64)
def _grid_zones(ruleset) -> tuple:
    """(name, spec) of each grid zone a seat may not see, in declaration order."""
    return tuple((name, spec) for name, spec in ruleset.zones.items() if getattr(spec, "grid", 0) and spec.visible != "everyone")


def _replace_hidden_pieces(S, hidden, rng, ruleset) -> None:
    """Place each hidden piece of a grid again at a random placement that covers no piece placed before it.

    The pieces the seat sees stay where they lie, bottom of the zone, in their order; the hidden ones, as a set (their
    ids sorted, then shuffled), go on top one at a time, each at a placement drawn uniformly among those that fit:
    on a board of fixed size every position and turn with all its cells on the board, on a grid without edges those
    placements() lists (touching a piece already there, or at the origin on an empty grid). NoPlacement where one
    fits nowhere (the true pieces may overlap, or a random order may leave no room)."""
    for zone, pieces in hidden:
        resolution = S.grids[zone.key[0]]
        hidden_ids = {c.ident for c in pieces}
        seen = [c for c in zone if c.ident not in hidden_ids]
        order = sorted(hidden_ids)
        rng.shuffle(order)
        layer = geometry.top_layer(seen, S.placed, resolution)
        for cid in order:
            piece = S.components[cid]
            fits = _free_placements(layer, piece, resolution, lists_every_turn(ruleset))
            if not ruleset.zones[zone.key[0]].turns:  # pieces that never turn (`turns: false`) lie at rot 0, as placed
                fits = [at for at in fits if at["rot"] == 0]
            if not fits:
                raise NoPlacement.at(Loc(ruleset.path), "R100", f"a sample found no room for a hidden {piece['type']} on "
                                     f"{zone.key[0]}: no placement of it covers no piece placed before it")
            at = fits[rng.randrange(len(fits))]
            S.placed[cid] = (at["x"], at["y"], at["rot"])
            layer.update(geometry.top_layer((piece,), S.placed, resolution))
        zone[:] = seen + [S.components[cid] for cid in order]
        S.grid_version += 1  # (the grid caches of the copy follow it)


def _free_placements(layer, piece, resolution, every_turn: bool = False) -> list:
    """The placements {x, y, rot, ...} of ``piece`` that cover no cell of ``layer``: on a board of fixed size, of every
    position on the board (those placements() lists on an empty board); on a grid without edges, of those
    placements() lists (``every_turn``: the ruleset reads a placement's rot, and placements() lists each turn)."""
    if type(resolution) is geometry.Bounded:
        return [at for at in _board_positions(piece, resolution, every_turn) if not geometry.overlap(layer, piece, at, resolution)]
    listed = geometry.EveryTurnCandidates if every_turn else geometry.Candidates
    return [at for at in listed(piece, resolution).update(layer) if not at["overlap"]]


_BOARD_POSITIONS: dict = {}  # (listing key, resolution, width, height) -> every placement of that shape on that board


def _board_positions(piece, resolution, every_turn: bool = False) -> list:
    """Every placement of ``piece`` with all its cells on a board of fixed size (placements() on the empty board)."""
    key = (geometry.listing_key(piece, resolution), int(resolution), resolution.width, resolution.height, every_turn)
    found = _BOARD_POSITIONS.get(key)
    if found is None:
        if len(_BOARD_POSITIONS) >= 256:
            _BOARD_POSITIONS.clear()
        listed = geometry.EveryTurnBoundedCandidates if every_turn else geometry.BoundedCandidates
        found = _BOARD_POSITIONS[key] = listed(piece, resolution).empty
    return found


def uncounted_zones(game, seat) -> list:
    """The zones whose count ``seat`` does not see (declaration order, empty ones too): a sample may hold other counts there."""
    S = game.state
    return [zone for name, spec in game.ruleset.zones.items() if not getattr(spec, "grid", 0)
            for zone in S.zones[name] if not spec.sees_count(zone.key[1], seat, S.nplayers)]


def _at_places(slots) -> list:
    """The component at each (zone, position) now, None where the zone has become shorter (one whose count is hidden)."""
    return [zone[i] if i < len(zone) else (zone[-1] if zone else None) for zone, i in slots]


def _redeal(S, slots, rng, knowledge=None, back=None, uncounted=()) -> None:
    """Deal the hidden components back into the hidden places at random, each where it may lie (with the back of its place).

    The places of the ``uncounted`` zones (whose count the seat does not see) are not kept: their components join the
    pool, and those the other places do not take are spread over those zones, each into one where it may lie, so that
    a sample's counts there are guessed, not the true ones."""
    comps = S.components
    where = S.where
    loose = {zone.key: zone for zone in uncounted}
    fixed = [(zone, i) for zone, i in slots if zone.key not in loose]
    spread = {key: [] for key in loose}  # zone key -> the ids it gets
    for pool, places in _pools(fixed, [zone[i] for zone in uncounted for i in range(len(zone))], back or {}):
        shown = {cid: where[cid] for cid in pool if cid in S.revealed}
        allowed = _allowed(pool, places, knowledge, shown, list(loose))
        if allowed is None:
            rng.shuffle(pool)
            dealt, left = pool[:len(places)], pool[len(places):]
            for cid in left:
                spread[rng.choice(list(loose))].append(cid)
        else:
            dealt = _match(places, pool, allowed, rng)
            for cid, key in _spread(places, dealt, pool, allowed, list(loose), rng).items():
                spread[key].append(cid)
        for (zone, i), cid in zip(places, dealt):
            zone[i] = comps[cid]
            where[cid] = zone.key
    for key, ids in spread.items():
        ids.sort()  # the set, never the order the groups were dealt in
        rng.shuffle(ids)
        loose[key][:] = [comps[cid] for cid in ids]
        for cid in ids:
            where[cid] = key


def _pools(places, loose_comps, back: dict) -> list:
    """(the ids of a back, sorted; the places showing that back) for each back, in the order the places first show them;
    the backs only in zones whose count is hidden after them, in the order of their smallest id."""
    groups = {}
    for zone, i in places:
        ids, shown = groups.setdefault(_back_of(zone[i], back), ([], []))
        ids.append(zone[i]["id"])
        shown.append((zone, i))
    for c in sorted(loose_comps, key=lambda c: c["id"]):
        groups.setdefault(_back_of(c, back), ([], []))[0].append(c["id"])
    return [(sorted(ids), shown) for ids, shown in groups.values()]


def _back_of(c, back: dict):
    """What a face-down component shows: its owner (a player's set is recognisable), and for a type that declares a
    `back`, its type and those attributes (the deck a card's back shows)."""
    shown = back.get(c["type"])
    return (c.get("owner"), c["type"], tuple(c.get(a) for a in shown)) if shown else c.get("owner")


def _allowed(pool, places, knowledge, shown=None, loose=()):
    """Component id -> the hidden zones it may go to (``shown``: revealed id -> its zone; ``loose``: the keys of the zones
    whose count is hidden, each a zone any may go to); None when every one may go to every place."""
    if knowledge is None and not shown:
        return None
    zones = {zone.key for zone, _ in places} | set(loose)
    allowed = {}
    for cid in pool:
        if shown and cid in shown:
            mine = {shown[cid]}  # seen in that zone, at a place the seat does not see
        else:
            mine = knowledge.where[cid] & zones if knowledge is not None else zones
        allowed[cid] = mine if mine else zones  # knowledge is sound, so never empty; be safe anyway
    if all(a == zones for a in allowed.values()):
        return None
    return allowed


def _spread(places, dealt, pool, allowed, loose, rng) -> dict:
    """Each component of ``pool`` the places were not dealt (``dealt``) -> a zone of ``loose`` (keys) it may lie in.

    One that may lie in none of them takes a place instead, whose component moves on (an augmenting path, breadth
    first): a place once dealt stays dealt, and a way exists since the true position is one. ``dealt`` is updated."""
    taken = set(dealt)
    left = [cid for cid in pool if cid not in taken]
    rng.shuffle(left)
    out = {}
    for start in left:
        came = {start: None}  # component -> (the component taking its place, that place's index)
        queue, end = [start], None
        for cid in queue:
            free = [key for key in loose if key in allowed[cid]]
            if free:
                end = cid
                out[cid] = rng.choice(free)
                break
            for index, (zone, _) in enumerate(places):
                held = dealt[index]
                if zone.key in allowed[cid] and held not in came:
                    came[held] = (cid, index)
                    queue.append(held)
        if end is None:
            raise ValueError("no sample fits what the seat knows")  # impossible while knowledge is sound
        while came[end] is not None:
            end, index = came[end]
            dealt[index] = end
    return out


def _match(slots, pool, allowed, rng) -> list:
    """A random perfect matching of slots to components, each in an allowed zone (one exists: the truth).

    Kuhn's augmenting paths, the slots taken in a random order, each zone's candidates in a random order. A zone whose
    candidates may lie in no other zone of the slots (a hidden supply only its own components may fill) is a matching of
    its own, and is written at once: the one the augmenting paths find (``_closed_zone``), in time linear in its size,
    not in its square or cube (540 spare components took seconds a sample). The draws and the matching are the same."""
    order = list(range(len(slots)))
    rng.shuffle(order)
    candidates = {}
    for key in dict.fromkeys(zone.key for zone, _ in slots):
        ids = [cid for cid in pool if key in allowed[cid]]
        rng.shuffle(ids)
        candidates[key] = ids
    dealt = [None] * len(slots)
    closed = _closed_zones(candidates, allowed)
    for key in closed:
        _closed_zone([slot for slot in order if slots[slot][0].key == key], candidates[key], dealt)
    holder = {}  # component id -> slot index
    by_slot = [candidates[zone.key] for zone, _ in slots]  # (each slot's candidates, read once)

    def place(start, seen) -> bool:
        """Kuhn's augmenting path: give slot ``start`` a component, moving others along if needed. Written as a loop, not
        a recursion (a call a step of the path: about 240 of them a sample of a hand of cards): each slot of the path tries
        its candidates in order, and a candidate held by another slot adds that slot to the path, which tries its own
        from its first; where a slot's are all tried, the path goes back to the slot before it, which tries its next.
        At the first free one, each slot of the path takes the component it asked for: the recursion's very matching.

        The slots of a zone share one list of candidates, and a candidate once seen is skipped for the rest of the path:
        a slot of a long list starts past the start of it that is all seen (``_unseen``: it would only skip those), not
        at its first (a zone's slots one after another in a path scanned it again each: its square a path). A short
        list is scanned from its first, as the skip costs no more than keeping count of it (a hand's few candidates)."""
        low = {}  # id of a list of candidates -> the length of its start that is all seen, in this path

        def scan(cands):
            return iter(cands) if len(cands) < LONG else _unseen(cands, low, seen)

        path, asked, tries = [start], [], [scan(by_slot[start])]
        while tries:
            for cid in tries[-1]:
                if cid in seen:
                    continue
                seen.add(cid)
                held = holder.get(cid)
                if held is None:
                    holder[cid] = path[-1]
                    for slot, taken in zip(path, asked):
                        holder[taken] = slot
                    return True
                path.append(held)
                asked.append(cid)
                tries.append(scan(by_slot[held]))
                break
            else:
                tries.pop()
                path.pop()
                if asked:
                    asked.pop()
        return False

    for slot in order:
        if slots[slot][0].key in closed:
            continue
        if not place(slot, set()):
            raise ValueError("no sample fits what the seat knows")  # impossible while knowledge is sound
    for cid, slot in holder.items():
        dealt[slot] = cid
    return dealt


LONG = 32  # a list of candidates this long or longer is scanned past the start of it a path has seen


def _unseen(cands: list, low: dict, seen: set):
    """The candidates of ``cands`` not in ``seen`` in their order, each then seen (the path marks it), past the start of
    the list all seen: ``low[id(cands)]``, kept up to date for the other slots of the path scanning the same list."""
    key = id(cands)
    i = low.get(key, 0)
    while i < len(cands):
        lo = low.get(key, 0)
        if i < lo:
            i = lo
            continue
        cid = cands[i]
        i += 1
        if i - 1 == lo:
            low[key] = i  # seen now, or once yielded
        if cid not in seen:
            yield cid


def _closed_zones(candidates: dict, allowed: dict) -> set:
    """The zone keys of ``candidates`` none of whose candidates may lie in another zone of them: each a matching apart."""
    keys = set(candidates)
    if len(keys) == 1:
        return keys
    return {key for key, ids in candidates.items()
            if all(len(allowed[cid]) == 1 or len(allowed[cid] & keys) == 1 for cid in ids)}


def _closed_zone(slots: list, ids: list, dealt: list) -> None:
    """The matching Kuhn's augmenting paths find for the slots of a zone whose candidates ``ids`` may go to no other
    zone's slots, taken in the order of ``slots``: the first takes the first candidate; each next finds it held, and
    the path runs back through every slot before it, each taking the candidate after its own, to the first slot, which
    takes the first one free. So once all are placed, the k-th slot holds the (m-1-k)-th candidate of m slots."""
    if len(ids) < len(slots):
        raise ValueError("no sample fits what the seat knows")  # impossible while knowledge is sound
    last = len(slots) - 1
    for k, slot in enumerate(slots):
        dealt[slot] = ids[last - k]


def fork(game):
    """An independent copy of ``game`` (Game.copy rebinds the pending flow to the copy's zones)."""
    return game.copy()


def rebind_option(option, game) -> Option:
    """``option`` (of a game ``game`` was copied from) with its zones those of ``game``."""
    return Option.of(option.action, rebind_zones(option.args, game.state))


