"""Effects: one handler per verb, sharing the signature ``(game, stmt, L)``, gathered in a table.

Effects are the only way a ruleset changes the state. Chance (shuffle, deal, roll) uses
the game's seeded RNG (or a scenario's scripted outcome) and is recorded.
"""

from __future__ import annotations

import sys
from collections import _count_elements
from operator import attrgetter
from random import Random

from philtre.dsl import geometry
from philtre.dsl.builtins import FREE_LAYER_WORK, WORK, RuleRuntimeError, StepsSpent, b_text, fraction_hint, out_of_work, spend
from philtre.dsl.compiler import none_given_said
from philtre.dsl.geometry import Bounded
from philtre.dsl.model import sides
from philtre.dsl.values import Component, Zone, a_kind, component_text, describe, spell


def _components(value) -> list:
    """A component, a list of them, a zone or a list of zones -> the components, in order."""
    if type(value) is Component:
        return [value]
    if type(value) is Zone:
        return list(value)
    if isinstance(value, list):
        out = []
        for item in value:
            if type(item) is Component:  # (the common item: kept without a call and a list of one)
                out.append(item)
            else:
                out.extend(_components(item))
        return out
    if value is None:
        return []
    raise RuleRuntimeError(f"expected components or zones, got {describe(value)}")


# The work (builtins.WORK) each component an effect moves, deals, shuffles or reveals, and each item a `set` keeps,
# is worth: about as long as that many steps of a comprehension take. A loop's pass that does much work counts steps
# for it (builtins.work_steps), so a loop moving a zone of 90,000 components to and fro stops at the step limit in
# seconds, not hours (each pass counted one step: 100,000 passes took more than 2 minutes, recorded 4 GB and more).
MOVED_WORK = 16
# A move of this many components or fewer charges no work, recorded or not: its statement's step covers it (a loop's
# pass is a step), and an unrecorded game moves them without the bookkeeping that counts (move_one, move_few)
FEW_MOVED = 8
SHUFFLED_WORK = 64
# The work of an effect on a large collection (more than FREE_SCAN components moved, dealt, shuffled or revealed, or
# compared with the one a move takes out of its zone) counts towards the step limit at once, in the game's flow
# (spend), not in the work budget: each expression that may charge gives that budget afresh, so a `set` after the
# effect in the same pass wiped its charge (a loop taking the top off a zone of 100,000 components, or moving 90,000 to
# and fro, then adding 1 to a variable, ran for hours). Up to FREE_SCAN, the statement's step covers it (as it covers a
# small grid's top layer), or the budget as before (each such effect's if/else); the runners of a ruleset that never has
# more components are written without these tests (runners._charging_many, may_hold_many).
FREE_SCAN = FREE_LAYER_WORK
# Many components moved or dealt are handled by zones, not one at a time (_move_many, e_deal): the tests turn it off
# to compare both ways
AT_ONCE = True
REVEALED_WORK = 4
KEPT_WORK = 3


def _charge_moved(S, moved: int, scanned: int) -> None:
    """Charge a move of ``moved`` components whose source zones held ``scanned``: each part past FREE_SCAN counted
    towards the step limit at once (spend), else to the work budget."""
    if moved > FREE_SCAN:
        spend(S, moved * MOVED_WORK)
    else:
        WORK[0] -= moved * MOVED_WORK
    if scanned > FREE_SCAN:
        spend(S, scanned)
    else:
        WORK[0] -= scanned


def take_out(S, zone: list, comp) -> None:
    """Take ``comp`` out of ``zone`` (one longer than FREE_SCAN), its comparisons past the first FREE_SCAN counted
    towards the step limit (spend) before the zone changes (ValueError where it is not there, as list.remove)."""
    at = zone.index(comp)  # (the comparisons list.remove makes, then its deletion: no more work than it)
    if at > FREE_SCAN:
        spend(S, at - FREE_SCAN)
    del zone[at]


def _zones(value) -> list:
    """A zone, or a list of zones, -> the zones, in order: a family in the list (`[pile, won]`, `won` a zone a seat),
    or a family of families (`each: player, copies: N`), counts as all its zones, as the family alone does; R100 for
    anything else, naming the first item that is no zone."""
    if type(value) is Zone:
        return [value]
    if isinstance(value, list):
        if all(type(z) is Zone for z in value):
            return value
        zones = listed_zones(value)
        if zones is not None:
            return zones
        raise RuleRuntimeError(f"expected a zone or a list of zones, got {describe(value)}{_no_zone_said(value)}")
    raise RuleRuntimeError(f"expected a zone or a list of zones, got {describe(value)}")


def listed_zones(value: list) -> list | None:
    """The zones of a list whose items are zones or lists of them at any depth (a family among single zones), in
    order, a family's zones where it stands; None where an item is no zone (nor a list of zones)."""
    out = []
    for item in value:
        if type(item) is Zone:
            out.append(item)
        elif type(item) is list:
            inner = listed_zones(item)
            if inner is None:
                return None
            out.extend(inner)
        else:
            return None
    return out


def _no_zone_said(value: list) -> str:
    """`: its item 3 (a whole number) is no zone`, of the first item of ``value`` (at any depth) that is no zone."""
    for item in value:
        if type(item) is list:
            said = _no_zone_said(item)
            if said:
                return said
        elif type(item) is not Zone:
            return f": its item {describe(item)}{'' if item is None else f' ({a_kind(item)})'} is no zone"
    return ""


def move_components(game, comps, target: Zone, placing: bool = False, gathering: bool = False) -> None:
    """Take each component out of the zone it lies in and put it on top of ``target``.

    A grid zone takes pieces only through `place`, which gives each its placement. ``gathering``: they are a list
    moved (move: LIST -> ZONE), recorded as one gather event where the record hides a count (Recorder.gathered).
    """
    S = game.state
    if not placing and target.key[0] in S.grids and comps:
        raise RuleRuntimeError(f"{target.key[0]} is a grid: put pieces on it with place (at x, y, rot), not move")
    recorder = game.recorder
    if AT_ONCE and recorder is None and len(comps) > FEW_MOVED:
        _move_many(S, comps, target)
        return
    where = S.where
    zones = S.zones
    revealed = S.revealed
    placed = S.placed
    groups = {} if recorder is not None else None
    was_revealed = set()
    to = target.key
    # many components: each source zone is rebuilt once at the end, not searched once per
    # component (half of a shuffled zone of 100,000 components took minutes to move)
    leaving = {} if len(comps) > FEW_MOVED else None
    for comp in comps:
        cid = comp.ident
        key = where[cid]
        if key == to:
            continue
        if leaving is None:
            from_ = zones[key[0]][key[1]]
            if len(from_) > FREE_SCAN:  # (a long zone: its comparisons charged)
                take_out(S, from_, comp)
            else:
                from_.remove(comp)
        else:
            ids = leaving.get(key)
            if ids is None:  # (setdefault would make a set for every component)
                ids = leaving[key] = set()
            ids.add(cid)
        target.append(comp)
        where[cid] = to
        if revealed and cid in revealed:
            revealed.discard(cid)
            was_revealed.add(cid)
        if placed and cid in placed:  # a piece leaving a grid loses its placement
            del placed[cid]
            S.grid_version += 1
        if groups is not None:
            groups.setdefault(key, []).append(comp)
    if leaving is not None:
        scanned = 0
        for key, ids in leaving.items():
            source = zones[key[0]][key[1]]
            scanned += len(source)
            source[:] = [c for c in source if c.ident not in ids]
        # (charged once every zone is as the move leaves it: where the step limit stops the game there, no component lies in two)
        _charge_moved(S, len(comps), scanned)
    if gathering and recorder is not None and recorder.gathers:
        recorder.gathered(groups, to, was_revealed)
    elif groups:
        # by source zone, not in the order of the components: that order may follow hidden cards
        for source in sorted(groups):
            recorder.move(source, target.key, groups[source], was_revealed)


def _move_many(S, comps, target: Zone) -> None:
    """What move_components does with many components when the game is not recorded: the components found where they
    lie and filed by source zone in one loop, the target extended once, and each source zone that all its components
    leave emptied at once (the others rebuilt without the ones that left): the same places, order and work."""
    where = S.where
    to = target.key
    # every component of the game (`components`: the state's own list, each once) to an empty zone (a round's gather):
    # each lies in one zone, so every zone is left empty and each is found in the target, without a look at each
    every = comps is S.components and not target and len(comps) == len(where)
    if every:
        _every_zone_emptied(S)
        where[:] = [to] * len(comps)
        moved = comps
    else:
        moved, keys = [], []
        for comp in comps:
            cid = comp.ident
            key = where[cid]
            if key is not to and key != to:  # (one listed twice is where it goes the second time, as in the loop)
                where[cid] = to
                moved.append(comp)
                keys.append(key)
    target.extend(moved)
    if S.revealed:
        S.revealed.difference_update(map(_ID, moved))
    placed = S.placed
    if placed:
        for comp in moved:
            if comp.ident in placed:  # a piece leaving a grid loses its placement
                del placed[comp.ident]
                S.grid_version += 1
    if every:  # each source zone's length, as below: together, every component once
        if len(comps) > FREE_SCAN:  # (many: counted towards the step limit at once)
            spend(S, len(comps) * (MOVED_WORK + 1))
        else:
            WORK[0] -= len(comps) * MOVED_WORK + len(comps)
        return
    counts = {}
    _count_elements(counts, keys)  # source zone -> how many left it, in the order first met (as the loop files them)
    zones = S.zones
    left = None
    scanned = 0
    for key, n in counts.items():
        source = zones[key[0]][key[1]]
        scanned += len(source)
        if n == len(source):  # every component it holds left it (each lies in one zone, the one where names)
            source.clear()
        else:
            if left is None:
                left = set(map(_ID, moved))
            source[:] = [c for c in source if c.ident not in left]
    _charge_moved(S, len(comps), scanned)  # (every zone as the move leaves it)


def _every_zone_emptied(S) -> None:
    """Every zone of the game left empty (_move_many moving every component: each zone's list, not a new one)."""
    for family in S.zones.values():
        for zone in family:
            if zone:
                zone.clear()


def move_one(S, comp, target: Zone, placing: bool = False) -> None:
    """What move_components does with one component when the game is not recorded."""
    if not placing and target.key[0] in S.grids:
        raise RuleRuntimeError(f"{target.key[0]} is a grid: put pieces on it with place (at x, y, rot), not move")
    where = S.where
    cid = comp.ident
    key = where[cid]
    if key == target.key:
        return
    from_ = S.zones[key[0]][key[1]]
    if len(from_) > FREE_SCAN:  # (a long zone: its comparisons charged)
        take_out(S, from_, comp)
    else:
        from_.remove(comp)
    target.append(comp)
    where[cid] = target.key
    S.revealed.discard(cid)
    if S.placed and cid in S.placed:  # a piece leaving a grid loses its placement
        del S.placed[cid]
        S.grid_version += 1


def move_zone(S, zone: Zone, target: Zone) -> None:
    """What move_one does with each component of ``zone`` (one of the game's zones, not empty), in
    order, when the game is not recorded: every one lies in ``zone``, so the zone is emptied at once."""
    to = target.key
    if to[0] in S.grids:  # (first, as move_one tests it: a grid moved onto itself fails too, as it fails recorded)
        raise RuleRuntimeError(f"{to[0]} is a grid: put pieces on it with place (at x, y, rot), not move")
    if to == zone.key:  # each is where it goes
        return
    where, revealed, placed = S.where, S.revealed, S.placed
    for comp in zone:
        cid = comp.ident
        where[cid] = to
        revealed.discard(cid)
        if placed and cid in placed:  # a piece leaving a grid loses its placement
            del placed[cid]
            S.grid_version += 1
    target.extend(zone)
    moved = len(zone)
    zone.clear()
    if moved > FEW_MOVED:
        if moved > FREE_SCAN:  # (many: counted towards the step limit at once, with the zone's length, as move_components counts it recorded)
            spend(S, moved * (MOVED_WORK + 1))
        else:
            WORK[0] -= moved * MOVED_WORK


def e_move(game, stmt, L):
    """move: WHAT -> ZONE."""
    S = game.state
    args = stmt.args
    target = args["to"].fn(S, L)
    if type(target) is not Zone:
        raise RuleRuntimeError(f"the destination must be a zone, got {describe(target)}", part="to")
    what = args["what"].fn(S, L)
    if type(what) is Component and game.recorder is None:
        move_one(S, what, target)  # the common case, without the bookkeeping of a record
    else:
        move_what(game, what, target)


def e_move_bottom(game, stmt, L):
    """move: WHAT -> ZONE, at: bottom: moved as onto the top, then put under what the zone held, their order kept."""
    _move_under(game, stmt, L, None)


def e_move_at(game, stmt, L):
    """move: WHAT -> ZONE, at: N: moved as onto the top, then put N components from the bottom (as ZONE[N] reads it
    before the move), their order kept: at: 0 is at: bottom, at: count(ZONE) on top."""
    _move_under(game, stmt, L, stmt.args["at"])


def _move_under(game, stmt, L, at) -> None:
    """A move put under what lies above a depth of its zone: the bottom (``at`` None) or the depth ``at`` gives."""
    S = game.state
    args = stmt.args
    target = args["to"].fn(S, L)
    if type(target) is not Zone:
        raise RuleRuntimeError(f"the destination must be a zone, got {describe(target)}", part="to")
    what = args["what"].fn(S, L)
    held = len(target)
    depth = 0 if at is None else _depth(S, at.fn(S, L), target)
    told = len(game.recorder.events) if game.recorder is not None else 0
    move_what(game, what, target)
    if len(target) > held:  # (a move only adds on top: what it added lies past what the zone held)
        target[:] = target[:depth] + target[held:] + target[depth:held]
    if game.recorder is not None:  # each event of this move says where its components went
        for i, event in enumerate(game.recorder.events[told:], told):
            if event.get("event") in ("move", "gather"):
                event["at"] = "bottom" if at is None else depth
                if at is not None and depth == held:  # (on top, as a move without `at`: told so, Recorder.on_top)
                    game.recorder.on_top[i] = game.recorder.counters(target.key)


def _depth(S, depth, target: Zone) -> int:
    """A move's depth in ``target``, counted from its bottom: a whole number from 0 to the zone's count, else R100."""
    if type(depth) is not int:
        raise RuleRuntimeError(f"a move's 'at' must be a whole number (a depth from the bottom), got {describe(depth)}"
                               f"{fraction_hint(depth)}", part="at")
    if not 0 <= depth <= len(target):
        raise RuleRuntimeError(f"a move's 'at' is {depth}, but {spell(target, S.zones)} holds {len(target)}: a depth is 0 "
                               f"(the bottom) to {len(target)} (the top)", part="at")
    return depth


def move_what(game, what, target: Zone) -> None:
    """What e_move does with what it moves, but for one component in an unrecorded game (move_one)."""
    if type(what) is Component:
        move_components(game, (what,), target)
    elif type(what) is Zone:
        if not what:  # an empty zone moves nothing
            if game.recorder is not None and what is not target:
                game.recorder.nothing_moved(what.key, target.key)
            return
        S = game.state
        if game.recorder is None and S.zones[what.key[0]][what.key[1]] is what:  # the game's own zone, unrecorded: at once
            move_zone(S, what, target)
        elif game.recorder is None and len(what) <= FEW_MOVED:  # a few, unrecorded: each as move_components would move it
            for comp in list(what):
                move_one(S, comp, target)
        else:
            move_components(game, list(what), target)
    elif game.recorder is None and type(what) is list and len(what) <= FEW_MOVED and ONLY_COMPONENTS.issuperset(map(type, what)):
        move_few(game.state, what, target)  # a few components, unrecorded (a round's face-up cards to a discard pile, say)
    else:  # (the state's list of every component as it is: nothing changes it, and _move_many knows it)
        move_components(game, what if what is game.state.components else _components(what), target, gathering=True)


ONLY_COMPONENTS = frozenset({Component})  # (a list whose items' types are all in it holds only components)


def move_few(S, comps: list, target: Zone) -> None:
    """What move_components does with a few components (at most FEW_MOVED, each found in its zone) when the game is not recorded,
    without the bookkeeping of a record and of many components."""
    to = target.key
    if comps and to[0] in S.grids:
        raise RuleRuntimeError(f"{to[0]} is a grid: put pieces on it with place (at x, y, rot), not move")
    where, zones, revealed, placed = S.where, S.zones, S.revealed, S.placed
    for comp in comps:  # move_one's work for each, written out (one call for all of them)
        cid = comp.ident
        key = where[cid]
        if key == to:
            continue
        from_ = zones[key[0]][key[1]]
        if len(from_) > FREE_SCAN:  # (a long zone: its comparisons charged)
            take_out(S, from_, comp)
        else:
            from_.remove(comp)
        target.append(comp)
        where[cid] = to
        revealed.discard(cid)
        if placed and cid in placed:  # a piece leaving a grid loses its placement
            del placed[cid]
            S.grid_version += 1


def e_rotate(game, stmt, L):
    """rotate: FAMILY, by: N: each seat's zone's components go, their order kept, to the zone of the seat N places to
    its left (a negative N: to its right), all at once; N is read once, and a multiple of the seats moves nothing."""
    S = game.state
    args = stmt.args
    family = args["zones"].fn(S, L)
    by = 1 if args["by"] is None else args["by"].fn(S, L)
    if type(by) is not int:
        raise RuleRuntimeError(f"rotate's 'by' must be a whole number of seats, got {describe(by)}{fraction_hint(by)}", part="by")
    shift = by % len(family) if family else 0
    if shift:
        rotate_zones(game, family, shift)


def rotate_zones(game, family: list, shift: int) -> None:
    """Zone p's components to zone p + shift (round the family), as a move of each zone to its own would put them were
    every zone moved at the same moment; recorded as those moves, each source zone's in seat order."""
    S = game.state
    held = [list(zone) for zone in family]
    revealed, where, n = S.revealed, S.where, len(family)
    was_revealed = {c.ident for comps in held for c in comps if c.ident in revealed} if revealed else frozenset()
    for p, comps in enumerate(held):
        target = family[(p + shift) % n]
        target[:] = comps  # (the zone's own list: what reads it, the state's zones, sees the change)
        to = target.key
        for comp in comps:
            where[comp.ident] = to
    revealed.difference_update(was_revealed)  # a moved component is no longer revealed, as after a move
    moved = sum(map(len, held))
    if moved > FEW_MOVED:
        _charge_moved(S, moved, moved)
    recorder = game.recorder
    if recorder is not None:
        for p in passing_order(n, shift):
            source, target = family[p].key, family[(p + shift) % n].key
            if held[p]:
                recorder.move(source, target, held[p], was_revealed)
            else:  # (as a move of an empty zone is recorded)
                recorder.nothing_moved(source, target)


def passing_order(n: int, shift: int) -> list:
    """The seats whose zones a rotate records moving, in the order written: each zone's move before the move into it,
    but the first of each cycle's (the last seat's, for a shift of 1). A record is read one event after another
    (knowledge.Knowledge): a seat that saw its cards go to a zone whose own cards were recorded leaving after them
    would take its cards to have gone on with those; so ordered, only the seat whose zone is moved first loses track."""
    order, seen = [], set()
    for start in range(n - 1, -1, -1):
        p = start
        while p not in seen:
            order.append(p)
            seen.add(p)
            p = (p - shift) % n
    return order


def _not_a_grid(S, zone: Zone, what: str) -> None:
    """A grid's pieces keep their placements: only place puts them there and only move takes them off."""
    if zone.key[0] in S.grids:
        raise RuleRuntimeError(f"{zone.key[0]} is a grid: {what} (put pieces on it with place, take them off with move)")


def e_shuffle(game, stmt, L):
    """shuffle: ZONE(S), with the game's RNG."""
    shuffle_zones(game, stmt.args["zone"].fn(game.state, L), stmt)


def shuffle_zones(game, value, stmt=None) -> None:
    """What e_shuffle does with its expression's value (a zone or a list of zones); the fused runner's way (runners'
    `shuffle` shapes, _SHUFFLE) for any value but one zone that is no grid."""
    S = game.state
    zones = _zones(value)
    for zone in zones:
        _not_a_grid(S, zone, "its pieces lie where they were placed and cannot be shuffled")
    # a scenario's `shuffles`: this shuffle's item, the order the zones it names take (None for any other game's)
    order = game.shuffle_script.pop(0) if game.shuffle_script else None
    if order is not None:
        order = game.shuffle_order(game, order, zones, stmt)
    for zone in zones:
        if len(zone) > FREE_SCAN:  # (many: counted towards the step limit at once)
            spend(S, len(zone) * SHUFFLED_WORK)
        else:
            WORK[0] -= len(zone) * SHUFFLED_WORK
        shuffle(S.flow.rng, zone)
        if order is not None and zone.key in order:  # the others keep the random order drawn, as the item's place for them
            order[zone.key](zone)
        if game.recorder is not None:
            game.recorder.shuffle(zone)


def scripted_order(game, zone: Zone, stmt) -> None:
    """A zone one `shuffle` statement just shuffled, put in the order of the scenario's next `shuffles` item (the fused
    runner's way: scenarios._shuffle_order reads the item)."""
    order = game.shuffle_order(game, game.shuffle_script.pop(0), [zone], stmt)
    if zone.key in order:
        order[zone.key](zone)


def shuffle(rng, items: list) -> None:
    """``rng.shuffle(items)``: for the standard generator, its own loop with its ``_randbelow`` written in (the same draws of
    ``getrandbits``, so the same order), without a Python call for each item (a round's 50 cards cost 49 of them)."""
    if len(items) < WRITTEN:  # (a short list: a function of its length, its draws and exchanges written out)
        SHUFFLES[len(items)](rng, items)
        return
    if type(rng) is not _STANDARD:  # (the standard generator's class, None where its draws are not those below)
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    # (a zone, a list's subclass, shuffled as a plain list of its items put back in it at the end: Python 3.11 leaves
    # a subclass's subscripts generic, a list's specialised; the same draws, the same exchanges, the same order)
    plain = items if type(items) is list else [*items]
    # each draw's (i, i + 1, its bit length) read from a table made once, where computing them cost a method call a
    # draw (a third of a 4-item shuffle); a long list's made for it, as few are shuffled
    for i, n, k in _SPANS[len(plain)] if len(plain) < SPANNED else _spans(len(plain)):
        j = getrandbits(k)  # randbelow(n): an item of items[:i + 1] to exchange with items[i]
        while j >= n:
            j = getrandbits(k)
        plain[i], plain[j] = plain[j], plain[i]
    if plain is not items:
        items[:] = plain


def _spans(m: int) -> tuple:
    """shuffle's draws for a list of ``m`` items: (i, i + 1, (i + 1).bit_length()) for i from m - 1 down to 1."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(m - 1, 0, -1))


SPANNED = 128  # shuffle's draws kept for lists of fewer items than this
_SPANS = tuple(_spans(m) for m in range(SPANNED))

# the generator a short shuffle drew from last and its bound getrandbits, as one pair (reading the method makes a new
# bound method, about 700 instructions: a new game's set-up shuffles several zones with one generator); holding the
# generator, no other one can take its identity; one pair read at once, so that a shuffle in another thread cannot
# hand this one its generator's method
_DRAWN: list = [(None, None)]

def _unwritten(rng, items) -> None:
    """The shuffle of a short list whose length has none written yet: written (_written), then called."""
    _written(len(items))(rng, items)


# the shuffle of a list of m items (m < WRITTEN), by m: at first _unwritten, which makes it
WRITTEN = 9
SHUFFLES: list = [_unwritten] * WRITTEN


def _written(m: int):
    """shuffle for a list of ``m`` items (m < WRITTEN), kept in SHUFFLES: its loop for that length written out, each
    draw and exchange in lines of their own with its constants (the same draws of getrandbits in the same order, the
    same exchanges of a plain copy put back at once: the same order, the same zone object), without the loop's
    iteration and unpacking of each draw's (i, i + 1, bit length); a generator of another class shuffles with its own."""
    lines = ["def shuffled(rng, items):", "    if type(rng) is not STANDARD:", "        rng.shuffle(items)", "        return"]
    if m >= 2:
        lines += ["    kept = last[0]", "    if kept[0] is rng:", "        getrandbits = kept[1]", "    else:",
                  "        getrandbits = rng.getrandbits", "        last[0] = rng, getrandbits", "    plain = [*items]"]
        for i, n, k in _spans(m):  # (k bits drawn for the bound n, its bit length: a draw past it is drawn again)
            lines += [f"    j = getrandbits({k})", f"    while j >= {n}:", f"        j = getrandbits({k})",
                      f"    plain[{i}], plain[j] = plain[j], plain[{i}]"]
        lines.append("    items[:] = plain")
    space: dict = {"STANDARD": _STANDARD, "last": _DRAWN}
    exec(compile("\n".join(lines) + "\n", f"<philtre shuffle of {m}>", "exec"), space)
    made = SHUFFLES[m] = space["shuffled"]
    return made


# the loop above is what the standard generator's shuffle and _randbelow do (Python 3.11 to 3.13): elsewhere, theirs
# (so is the fused `roll` runner's draw of a face, runners._ROLL)
STANDARD_DRAWS = Random._randbelow is Random._randbelow_with_getrandbits and sys.version_info[:2] in ((3, 11), (3, 12), (3, 13))
_STANDARD = Random if STANDARD_DRAWS else None


def e_deal(game, stmt, L):
    """deal: one component at a time from the top of `from`, to each zone of `to` in turn."""
    S = game.state
    source = stmt.args["from"].fn(S, L)
    targets = _zones(stmt.args["to"].fn(S, L))
    if type(source) is not Zone:
        raise RuleRuntimeError(f"deal needs a zone to deal from, got {describe(source)}")
    if not targets:
        return
    _not_a_grid(S, source, "deal cannot take from it")
    for target in targets:
        _not_a_grid(S, target, "deal cannot put pieces on it")
        if target is source:
            raise RuleRuntimeError(f"deal from {source.key[0]}[{source.key[1]}] into itself")
    count_expr = stmt.args["count"]
    if count_expr is None:
        total = len(source)
    else:
        count = count_expr.fn(S, L)
        if type(count) is not int or count < 0:
            raise RuleRuntimeError(f"deal's count must be a whole number, 0 or more, got {describe(count)}{fraction_hint(count)}")
        total = count * len(targets)
    n, count = len(targets), min(total, len(source))
    if count > FREE_SCAN:  # (many: counted towards the step limit at once)
        spend(S, count * MOVED_WORK)
    else:
        WORK[0] -= count * MOVED_WORK
    if AT_ONCE and count > n and len(set(map(id, targets))) == n:  # several rounds of the deal, each zone once: each zone's cards at once
        start = len(source) - count
        taken = source[start:]
        del source[start:]
        taken.reverse()  # the order they leave the top
        where = S.where
        dealt = []
        for j, target in enumerate(targets):
            got = taken[j::n]  # the j-th card of each round
            target.extend(got)
            key = target.key
            for comp in got:
                where[comp.ident] = key
            dealt.append(got)
        face_up = S.revealed.intersection(map(_ID, taken)) if S.revealed else ()
        if face_up:
            S.revealed.difference_update(face_up)
        if game.recorder is not None:
            game.recorder.deal(source.key, [(t.key, d) for t, d in zip(targets, dealt)], face_up)
        return
    dealt = [[] for _ in targets] if game.recorder is not None else None  # what each got, for the record
    # the components that lay face up, seen by everyone as they are dealt (as they are moved: move_components)
    face_up = S.revealed.intersection(map(_ID, source[len(source) - count:])) if S.revealed and dealt is not None else ()
    where, discard, take = S.where, S.revealed.discard, source.pop
    keys = [target.key for target in targets]
    for i in range(count):
        comp = take()
        j = i % n
        targets[j].append(comp)
        cid = comp.ident
        where[cid] = keys[j]
        discard(cid)
        if dealt is not None:
            dealt[j].append(comp)
    if dealt is not None:
        game.recorder.deal(source.key, [(t.key, d) for t, d in zip(targets, dealt)], face_up)


def e_roll(game, stmt, L):
    """roll: dice; each shows a face drawn uniformly (or the scenario's scripted face); a die set aside is passed over."""
    S = game.state
    names = stmt.args["dice"] if stmt.args["named"] is None else _dice_named(stmt.args["named"].fn(S, L), game.ruleset.dice)
    if S.aside:
        names = [name for name in names if name not in S.aside]
    script = S.flow.script.pop(0) if S.flow.script else None
    if script is not None and game.script_uses is not None:  # a scenario says which of its dice no roll showed
        game.script_uses.append((tuple(names), stmt.loc, S.aside))
    rolled = {}
    dice, rng = game.ruleset.dice, None
    for name in names:
        faces = dice[name].faces
        if script is not None and name in script:
            face = _matching_face(faces, script[name], name)
        else:
            if rng is None:  # the game's own generator, once (made only if a die is drawn: Flow.rng)
                rng = S.flow.rng
            # what randrange(n) returns for a whole n > 0 (a die has faces), without its checks' call
            face = faces[rng._randbelow(len(faces))]
        S.dice[name] = face
        rolled[name] = face
    if game.recorder is not None:
        game.recorder.roll(rolled, _roller(L))


def e_set_aside(game, stmt, L):
    """set_aside: dice; each leaves the game: it shows no face (reads none), and no roll rolls it again."""
    S = game.state
    names = stmt.args["dice"] if stmt.args["named"] is None else _dice_named(stmt.args["named"].fn(S, L), game.ruleset.dice, "set_aside")
    leaving = [name for name in names if name not in S.aside]
    if not leaving:
        return
    S.aside = S.aside | frozenset(leaving)
    for name in leaving:
        S.dice[name] = None
    if game.script_uses is not None:  # (a scenario's scripted rolls: a T017 for a die set aside says where it was)
        game.aside_at = {**(game.aside_at or {}), **dict.fromkeys(leaving, stmt.loc)}
    if game.recorder is not None:
        game.recorder.set_aside(leaving)


class GameEnded(Exception):
    """An `end_game` statement ran: the game ends at once. Game's entry points (its start, apply, play_out) catch it and
    end the game as when its flow runs out (Game._end_now). It is no rule's failure: it derives from none of the types
    a runner or handler turns into R100 (RuleRuntimeError, TypeError, ...), which let it pass."""


def e_end_game(game, stmt, L):
    """end_game: no statement after it runs, in its block or any around it; the game ends (Game._end_now)."""
    raise GameEnded


def _roller(L):
    """Where a roll is made, for the account: (the deciding seat, True) in an action (`me`), else (the seat whose turn
    it is, False) (`current`); None for the flow's own roll. Dice belong to no seat: the roll is told as made in that
    seat's action or turn, not as the seat's (a trial's roll of two seats' dice in one's action was told as its)."""
    seat = L.get("me")
    if seat is not None:
        return seat, True
    seat = L.get("current")
    return None if seat is None else (seat, False)


def _dice_named(value, dice, kind: str = "roll") -> list:
    """The dice `roll: {dice: EXPR}` (or `set_aside:`) names: a list of declared dice, each once (a rule's failure otherwise)."""
    wrong = [name for name in value if not isinstance(name, str) or name not in dice] if isinstance(value, list) else None
    if wrong is None or wrong:
        named = f": {describe(wrong[0])} is no die" if wrong else ""  # (which item is wrong, in a long list)
        raise RuleRuntimeError(f"{kind}'s dice must be a list of die names ({', '.join(dice)}), got {describe(value)}{named}")
    if len(set(value)) < len(value):
        raise RuleRuntimeError(f"{kind} names a die twice: {describe(value)}")
    return value


def _matching_face(faces, pattern, name):
    for face in faces:
        if all(face.get(k) == v for k, v in pattern.items()):
            return face
    raise RuleRuntimeError(f"die '{name}' has no face matching {pattern}")


MAX_VALUE_DEPTH = 50  # lists and maps in a variable, one in another, as deep as an expression may nest
MAX_VALUE_ITEMS = 1_000_000  # items of the lists and maps in a variable, each counted as often as it is held
# items of the lists and maps all the variables of a game hold together, counted for values of COUNTED_FROM items or more:
# 100 variables each set to a fresh list of 1,000,000 numbers (a 100-line file, no loop) took 4 GB
KEPT_ITEMS = 5_000_000
COUNTED_FROM = 1_000


NESTING = frozenset({list, dict})  # the types that nest (a Zone or a Component is a subclass: not entered)


def unkeepable(value, limit: int = MAX_VALUE_DEPTH, most: int = MAX_VALUE_ITEMS) -> str | int:
    """Why a list or map cannot be kept in a variable (a text): its lists and maps nest more than ``limit`` deep, or
    hold more than ``most`` items written out; else how many items it holds written out (a whole number; zones and
    components are not entered). Checking and copying it is charged to the work budget (KEPT_WORK an item of each
    list and map walked)."""
    kind = type(value)
    if (limit > 0 and (kind is list or kind is dict) and len(value) <= most
            and NESTING.isdisjoint(map(type, value if kind is list else value.values()))):
        WORK[0] -= len(value) * KEPT_WORK
        return len(value)  # one level, nothing inside nests (the common case): found without the walk
    return _walk_unkeepable(value, limit, most)


def keep(S, key, items: int) -> None:
    """Count the ``items`` the variable ``key`` (a name, or (name, seat)) now holds in the game's total (KEPT_ITEMS),
    the value it held before no longer; past the total, the `set` fails (before it changes anything).

    A `set` of a value that is no list or map does not call it (one test less at every `set` of a number): the
    count of a variable so set is dropped here, where it would make the total pass (_stale), so the total holds
    the values the variables hold, as if it had been dropped at that `set`."""
    kept = S.flow.kept
    if items < COUNTED_FROM:
        kept.pop(key, None)
        return
    if sum(kept.values()) - kept.get(key, 0) + items > KEPT_ITEMS:
        for stale in _stale(S, kept, key):
            del kept[stale]
        if sum(kept.values()) - kept.get(key, 0) + items > KEPT_ITEMS:
            raise RuleRuntimeError(f"the game's variables would hold more than {KEPT_ITEMS:,} items in all "
                                   "(large lists kept in many variables, or in a loop?)")
    kept[key] = items


def _stale(S, kept, key) -> list:
    """The counts (other than ``key``'s) of variables set to a value that is no list or map since they were counted:
    every other `set` of a counted variable counts its value again (keep)."""
    found = []
    for other in kept:
        if other != key:
            name, seat = (other, None) if type(other) is str else other
            value = S.vars.get(name)
            if seat is not None:  # (a seat's value; a per-seat variable given as no list, by a scenario say, holds none)
                value = value[seat] if type(value) is list and 0 <= seat < len(value) else None
            if type(value) is not list and type(value) is not dict:
                found.append(other)
    return found


def _walk_unkeepable(value, limit: int, most: int) -> str | int:
    """``unkeepable``, found by walking each list and map in ``value`` once, however often it is held: `[x, x]` set
    forty times over holds 2**40 lists made of forty, and walking it as written (or writing it in a record) never ended."""
    levels, items, walking = {}, {}, set()  # by id: how deep lists and maps nest from it, its items written out
    todo = [(value, False)]
    while todo:
        item, inside_done = todo.pop()
        kind = type(item)
        if kind is not list and kind is not dict:
            continue
        key = id(item)
        inner = [x for x in (item if kind is list else item.values()) if type(x) is list or type(x) is dict]
        if not inside_done:
            if key in levels:
                continue
            if key in walking or len(walking) >= limit:  # (a value holding itself nests without end)
                return f"a value nested more than {limit} levels deep"
            walking.add(key)
            WORK[0] -= len(item) * KEPT_WORK
            todo.append((item, True))
            todo.extend((x, False) for x in inner)
            continue
        walking.discard(key)
        levels[key] = 1 + max((levels[id(x)] for x in inner), default=0)
        items[key] = len(item) + sum(items[id(x)] for x in inner)
        if levels[key] > limit:
            return f"a value nested more than {limit} levels deep"
        if items[key] > most:
            return f"a value of more than {most:,} items (the items of the lists and maps inside it counted as often as they are held)"
    return items.get(id(value), 0)


def e_let(game, stmt, L):
    """let: each name bound in ``L`` to its value, in order (the block running it holds its own ``L``: runners.block_runner)."""
    S = game.state
    for name, expr in stmt.args["names"]:
        L[name] = expr.fn(S, L)


def e_set(game, stmt, L):
    """set: variables (one value, or one seat's value)."""
    S = game.state
    for name, index, value_expr, whole in stmt.args["targets"]:
        value = value_expr.fn(S, L)
        items = unkeepable(value) if type(value) in (list, dict) else 0
        if type(items) is str:  # a value grown one level (or doubled) a pass would break whatever walks it (records, views)
            raise RuleRuntimeError(f"{items} cannot be kept in '{name}'")
        if type(value) in (list, dict):
            # a copy of its own: the value read may be the scores, the seats, a die or another
            # variable, which a later `set: {x[0]: ...}` must not change in place
            value = value.copy()
        if index is None:
            # (whole: True for a variable kept a seat, "team" for one kept a team, whose teams _not_whole counts)
            if whole and (not (type(value) is list and len(value) == S.nplayers) or whole == "team") and _not_whole(game, name, value):
                raise RuleRuntimeError(f"'{name}' holds one value per seat: set it to a list of {S.nplayers} values, "
                                       f"or one seat's value with {name}[SEAT] (got {describe(value)})")
            if type(value) in (list, dict) and (items >= COUNTED_FROM or S.flow.kept):  # (see keep: not for a number)
                if whole:  # each seat's value, counted when set alone, is replaced
                    for p in range(S.nplayers):
                        S.flow.kept.pop((name, p), None)
                keep(S, name, items)
            S.vars[name] = value
            seat = None
        else:
            seat = index.fn(S, L)
            values = S.vars[name]
            if type(seat) is not int or not (0 <= seat < len(values)):
                raise RuleRuntimeError(f"seat {describe(seat)} is out of range for '{name}'{fraction_hint(seat)}")
            if type(value) in (list, dict) and (items >= COUNTED_FROM or S.flow.kept):
                keep(S, (name, seat), items)
            values[seat] = value
        if game.recorder is not None:
            game.recorder.set_var(name, seat, value)


def _not_whole(game, name, value) -> bool:
    """Whether ``value``, set whole to a variable kept a seat or a team, is no list of one value each; R100 for a team's
    (one kept a seat: its caller says so)."""
    spec = game.ruleset.variables[name]
    if not spec.per_team:
        return True
    teams = len(sides(spec.teams, game.state.nplayers)[1])
    if type(value) is list and len(value) == teams:
        return False
    raise RuleRuntimeError(f"'{name}' holds one value per team: set it to a list of {teams} values, or one team's value "
                           f"with {name}[team_index(SEAT)] (got {describe(value)})")


class _OneTarget:
    """One target of a `set`, as a statement of its own for e_set (which reads only its args)."""

    __slots__ = ("args",)

    def __init__(self, target):
        self.args = {"targets": (target,)}


def e_set_shown(game, stmt, L):
    """set, where a target is a variable some `reveal` shows the value of (marked `hides` at load time:
    dsl.statements.revealed_values): each target set in turn as e_set sets it, then hidden again (its entry, for one
    seat's), as a revealed card is when it moves."""
    S = game.state
    for target in stmt.args["targets"]:
        name, index = target[0], target[1]
        seat = index.fn(S, L) if index is not None and S.revealed else None  # (read as e_set reads it: nothing set between)
        e_set(game, _OneTarget(target), L)
        if S.revealed:
            if index is None:
                S.revealed.difference_update([(name, None), *((name, p) for p in range(S.nplayers))])
            else:
                S.revealed.discard((name, seat))


def e_score(game, stmt, L):
    """score: add points to a seat's total (and to the current round's points)."""
    S = game.state
    player, points = _seat_and_number(S, stmt, L, "add")
    floor = stmt.args.get("floor")
    if floor is not None:
        # the change actually applied is what the round (and its tie-breaks) remember
        points = max(floor.fn(S, L), S.scores[player] + points) - S.scores[player]
    _add_points(game, S, player, points)


def e_score_set(game, stmt, L):
    """score: {player, set}: a seat's total made a value, changed by the difference (the round's points too); a total
    that stays as it is records nothing (a score kept equal to a count each turn made an event of +0 for every seat)."""
    S = game.state
    player, total = _seat_and_number(S, stmt, L, "set")
    points = total - S.scores[player]
    if points != 0:  # (nan too: _add_points refuses it)
        _add_points(game, S, player, points)


def e_score_why(game, stmt, L):
    """score with a why: (its handler's, no fused runner's) the score as e_score or e_score_set makes it, told with why."""
    why = said_text(stmt.args["why"].fn(game.state, L), "why")  # (first: a why that cannot be told fails before any points)
    recorder = game.recorder
    before = len(recorder.events) if recorder is not None else 0
    (e_score_set if "set" in stmt.args else e_score)(game, stmt, L)
    if recorder is not None and len(recorder.events) > before:  # (a set that leaves the total as it was records nothing)
        recorder.events[-1]["why"] = why


def e_say(game, stmt, L):
    """say: words told to every seat, by a seat where `player` names one: only the record (and play) keep them."""
    S, player = game.state, stmt.args["player"]
    seat = None if player is None else player.fn(S, L)
    if seat is not None and (type(seat) is not int or not 0 <= seat < S.nplayers):
        raise RuleRuntimeError(f"say's player needs a seat (0..{S.nplayers - 1}), got {describe(seat)}{fraction_hint(seat)}", part="player")
    text = said_text(stmt.args["text"].fn(S, L), "text")
    if game.recorder is not None:
        game.recorder.say(seat, text)


def e_tell(game, stmt, L):
    """tell: a fact about a zone's components made public (every one fails `none`'s test, or passes `all`'s), checked
    true first: the rules must not lie. Recorded with the ids of every component of the game the fact rules out of the
    zone (those `none`'s test holds for, or `all`'s fails for): each seat's memory keeps them out of it (knowledge.py)."""
    S, args = game.state, stmt.args
    zone = args["what"].fn(S, L)
    if type(zone) is not Zone:
        raise RuleRuntimeError(f"tell's what: needs a zone, got {describe(zone)}", part="what")
    form, holds = args["form"], _told_test(S, args["test"], L)
    wrong = [c for c in zone if holds(c) == (form == "none")]
    if wrong:
        raise RuleRuntimeError(f"tell's {form}: is false: {spell(zone)} holds {describe(wrong[0])}, for which "
                               f"{args['test'].text} is {str(form == 'none').lower()}: the rules must tell only what is so",
                               part=form)
    if game.recorder is not None:
        ruled_out = [c.ident for c in S.components if holds(c) == (form == "none")]
        read = {name: L[name] for name in args["test"].names if name in L and name != "c"}
        text = said_text(args["text"].fn(S, L), "text") if args.get("text") is not None else None
        game.recorder.tell(zone.key, list(zone), form, args["test"].text, read, ruled_out, S.revealed, text)


def _told_test(S, test, L):
    """fn(component) -> a tell's test of it (`c` bound to it), R100 unless it gives true or false."""
    def holds(comp) -> bool:
        value = test.fn(S, {**L, "c": comp})
        if type(value) is not bool:
            raise RuleRuntimeError(f"tell's test must give true or false, got {describe(value)} for {describe(comp)}")
        return value
    return holds


def said_text(value, part: str) -> str:
    """What a say (or a score's why) tells, as words: each of a list's items written as text() writes it, a space apart."""
    items = value if type(value) is list else (value,)
    try:
        return " ".join(b_text(item) for item in items)
    except RuleRuntimeError:
        raise RuleRuntimeError(f"what is said is a word, a number, true, false or none, or a list of them, got {_unsaid(value)}: "
                               "tell what is known of it as words (text(count(hand[p])), c.rank); reveal shows a component",
                               part=part) from None


def _unsaid(value) -> str:
    """What a say could not tell, as its error names it: a component (in a list too) as play writes one (card clubs
    rank=4), not as the engine keeps it, for the rules' author reads it."""
    if isinstance(value, Component):
        return component_text(value)
    if type(value) is list and any(isinstance(item, Component) for item in value):
        return "[" + ", ".join(_unsaid(item) for item in value) + "]"
    return describe(value)


def _seat_and_number(S, stmt, L, part: str) -> tuple:
    """A score statement's seat and its number (``part``: `add` or `set`), each tested as the game's rules require."""
    player = stmt.args["player"].fn(S, L)
    number = stmt.args[part].fn(S, L)
    if type(player) is not int or not (0 <= player < S.nplayers):
        raise RuleRuntimeError(f"score needs a seat (0..{S.nplayers - 1}), got {describe(player)}{fraction_hint(player)}", part="player")
    if not isinstance(number, (int, float)) or isinstance(number, bool):
        raise RuleRuntimeError(f"score needs a number {'of points' if part == 'add' else 'for the total'}, got {describe(number)}", part=part)
    return player, number


def _add_points(game, S, player: int, points) -> None:
    """``points`` added to seat ``player``'s total, and to its points of the round if in one; recorded."""
    if not abs(S.scores[player] + points) <= 2**53:  # also nan, which no comparison holds for
        raise RuleRuntimeError(f"seat {player}'s score would pass 2**53: a runaway score")
    S.scores[player] += points
    if S.flow.in_round:
        S.round_scores[-1][player] += points
    if game.recorder is not None:
        game.recorder.score(player, points, S.scores[player])


_ID = attrgetter("ident")


def e_reveal(game, stmt, L):
    """reveal: show components (or zones' contents) to everyone until they move; with `to`, a look some seats take."""
    S = game.state
    if stmt.args.get("to") is not None:
        return _look(game, S, stmt.args["what"].fn(S, L), stmt.args["to"].fn(S, L))
    reveal_value(game, S, stmt.args["what"].fn(S, L))


def _look(game, S, value, to) -> None:
    """`reveal: {what, to}`: the components shown to the seats ``to`` names, now: their records say what lies where
    (each seat's memory keeps it, as a player's would); the state is unchanged, nothing is left face up."""
    seats = _seats_told(S, to)
    groups = _reveal_groups(S, value, in_order=True)
    _reveal_charged(S, sum(len(comps) for _, comps in groups))  # (as a reveal of as many)
    if WORK[0] < 0:
        out_of_work()
    if game.recorder is not None:
        for key, comps in groups:
            if comps:
                game.recorder.shown_to(key, comps, frozenset(seats))


def _seats_told(S, to) -> list:
    """The seats a look's ``to`` names (a seat or a list of seats); R100 for anything else."""
    seats = [to] if type(to) is int else to
    if type(seats) is not list or not seats or any(type(p) is not int or not 0 <= p < S.nplayers for p in seats):
        raise RuleRuntimeError(f"reveal's to: needs a seat or a list of seats (0..{S.nplayers - 1}), got {describe(to)}")
    return seats


def e_reveal_variable(game, stmt, L):
    """reveal of a variable's value (a statement marked `variable` at load time: dsl.statements.revealed_values): every
    seat's view and record show it (one seat's entry, with `seat`; every seat's of a per-seat variable) until a `set` of
    it, or of that entry, hides it again (e_set_shown); shown entries are (variable, seat or None) in the state's
    revealed set, beside the revealed components' ids. With `to`, a look: those seats are told the value in their
    records, nothing stays shown."""
    S, args = game.state, stmt.args
    name = args["variable"]
    value = S.vars[name]
    seat = None
    if args.get("seat") is not None:
        seat = args["seat"].fn(S, L)
        if type(seat) is not int or not 0 <= seat < len(value):
            raise RuleRuntimeError(f"seat {describe(seat)} is out of range for '{name}'{fraction_hint(seat)}", part="seat")
        value, keys = value[seat], ((name, seat),)
    elif game.ruleset.variables[name].per_player:
        keys = tuple((name, p) for p in range(S.nplayers))
    elif game.ruleset.variables[name].per_team:  # (each team's entry)
        keys = tuple((name, t) for t in range(len(value)))
    else:
        keys = ((name, None),)
    if args.get("to") is not None:
        seats = _seats_told(S, args["to"].fn(S, L))
        if game.recorder is not None:
            game.recorder.variable_shown_to(name, seat, value, frozenset(seats))
        return
    S.revealed.update(keys)
    if game.recorder is not None:
        game.recorder.reveal_variable(name, seat, value)


def e_shown_already(game, stmt, L):
    """reveal of a variable every seat sees (marked `seen_by_all` at load time, L045): every view shows its value
    already, so it does nothing and records nothing (a house rule that shows a hidden variable keeps the base's reveal)."""


def _reveal_groups(S, value, in_order=False) -> list:
    """(zone key, its components) for what a reveal shows: a zone, or a list of zones, each as it lies; components,
    one group per zone they lie in, each group in the list's order, the groups in zone order (their own order may
    follow hidden places), or, ``in_order`` (a look, whose order is what it tells: the top three cards, top first),
    in the order the list first names their zones."""
    if type(value) is Zone:
        return [(value.key, list(value))]
    # (a list of zones, a family among them: its zones, each as it lies; a list of components is not walked)
    zones = listed_zones(value) if type(value) is list and value and value[0].__class__ in (Zone, list) else None
    if zones:
        return [(z.key, list(z)) for z in zones]
    by_zone = {}
    for c in _components(value):
        by_zone.setdefault(S.where[c.ident], []).append(c)
    return list(by_zone.items()) if in_order else sorted(by_zone.items())


def reveal_value(game, S, value):
    """reveal's work once its value is computed (a fused runner computes it in place: runners._REVEAL)."""
    if game.recorder is None and (type(value) is list or type(value) is Zone):
        # a zone or a list of zones, unrecorded: their components, without groups; a list's zones tested and measured
        # first (any other item: the groups below, nothing revealed), charged at once, then each component's id added
        # in turn, as `update` over a chain of maps added them (the same order), without those three iterators and the
        # attrgetter's generic attribute lookup per component (twice the instructions, for a round's few)
        zones = (value,) if type(value) is Zone else value
        count = 0
        for zone in zones:
            if type(zone) is not Zone:
                break
            count += len(zone)
        else:
            if count > FREE_SCAN and game._runners.many:  # (many: counted towards the step limit at once, _reveal_charged)
                spend(S, count * REVEALED_WORK)
            else:
                WORK[0] -= count * REVEALED_WORK
            add = S.revealed.add
            for zone in zones:
                for comp in zone:
                    add(comp.ident)
            return
    groups = _reveal_groups(S, value)
    many = game._runners.many
    if many:  # (all the groups' components counted as one, as the zones' count above: recorded or not, the same charge)
        _reveal_charged(S, sum(len(comps) for _, comps in groups))
    for key, comps in groups:
        if not many:
            WORK[0] -= len(comps) * REVEALED_WORK
        for c in comps:
            S.revealed.add(c.ident)
        if game.recorder is not None and comps:
            game.recorder.reveal(key, comps)


def _reveal_charged(S, count) -> None:
    """The work of revealing ``count`` components (a zone listed twice, twice) in a ruleset that may have more than
    FREE_SCAN: counted towards the step limit at once where more than that, else charged to the work budget. (Only
    there: a smaller ruleset's runners charge the budget however many a list repeating a zone reveals, runners._REVEAL.)"""
    if count > FREE_SCAN:
        spend(S, count * REVEALED_WORK)
    else:
        WORK[0] -= count * REVEALED_WORK


# the keys of a placement place reads, and those placements() adds beside them (a listed placement is placed as it is)
PLACEMENT_KEYS = frozenset({"x", "y", "rot", "overlap", "touching"})


def e_place(game, stmt, L):
    """place: a piece onto a grid zone at {x, y, rot}, on top of what lies there."""
    S = game.state
    piece = stmt.args["piece"].fn(S, L)
    grid = stmt.args["to"].fn(S, L)
    at = stmt.args["at"].fn(S, L)
    if type(piece) is not Component:
        given = none_given_said(stmt.args["piece"]) if piece is None else ""  # (`last(supply[me])` of an empty zone)
        raise RuleRuntimeError(f"place needs a component, got {describe(piece)}{': ' + given if given else ''}")
    if type(grid) is not Zone or grid.key[0] not in S.grids:
        raise RuleRuntimeError(f"place needs a grid zone, got {describe(grid)}")
    if isinstance(at, dict) and not at.keys() <= PLACEMENT_KEYS:  # (`flip: true` was placed unmirrored, without a word)
        unknown = sorted(at.keys() - PLACEMENT_KEYS, key=str)
        if any(type(k) is not str for k in unknown):  # `{x: x, 'y': 0, 'rot': 0}`: a bare name as a key is its value
            keys = ", ".join(spell(k) for k in at)
            raise RuleRuntimeError(f"a placement's keys are the words 'x', 'y' and 'rot', and this one's are {keys}: a bare "
                                   "name as a map's key is its value ({'x': x, 'y': y, 'rot': 0})")
        raise RuleRuntimeError(f"a placement is {{x, y, rot}}: it has no {', '.join(unknown)} (a mirrored piece is a "
                               "component of its own)")
    resolution = S.grids[grid.key[0]]
    try:
        x, y, rot = geometry._unpack(at)
        geometry.piece_cells(piece, rot, resolution)  # the piece has cells, and rot is a turn
        off = geometry.outside(piece, x, y, rot, resolution) if type(resolution) is Bounded else None
    except geometry.GeometryError as exc:
        if isinstance(at, dict) and "rot" not in at and grid.key[0] in stmt.args.get("unturned", ()):
            # a grid whose pieces never turn (turns: false): a placement computed without rot lies at rot 0, as an `at:`
            # mapping's does (here, out of the way: a placement that has its rot pays nothing for it)
            return e_place(game, type(stmt)(stmt.kind, stmt.loc, {**stmt.args, "at": _Given({**at, "rot": 0})}), L)
        raise RuleRuntimeError(str(exc)) from None
    if off:  # a board of fixed size: a piece that would lie off it is refused before it moves
        raise RuleRuntimeError(f"place puts {describe(piece)} at {{x: {x}, y: {y}, rot: {rot}}} on {spell(grid, S.zones)}: "
                               f"{off} (placements() lists only the placements on the board)")
    if S.where[piece.ident] == grid.key:  # placed again: it goes on top
        if len(grid) > FREE_SCAN:  # (a grid of many pieces: its comparisons charged)
            take_out(S, grid, piece)
        else:
            grid.remove(piece)
        grid.append(piece)
    elif game.recorder is None:
        move_one(S, piece, grid, placing=True)
    else:
        move_components(game, (piece,), grid, placing=True)
    S.placed[piece.ident] = (x, y, rot)
    S.grid_version += 1
    if game.recorder is not None:
        game.recorder.place(piece, grid.key, {"x": x, "y": y, "rot": rot}, stmt)


class _Given:
    """Stands for a compiled expression that gives one value: a placement completed (e_place)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def fn(self, S, L):
        return self.value


def e_place_unturned(game, stmt, L):
    """place in a ruleset with a grid whose pieces never turn (`turns: false`): a rot other than 0 there is refused."""
    grid = stmt.args["to"].fn(game.state, L)
    if type(grid) is Zone and grid.key[0] in stmt.args["unturned"]:
        at = stmt.args["at"].fn(game.state, L)
        rot = at.get("rot", 0) if isinstance(at, dict) else 0
        if rot != 0 and rot in geometry.ROTATIONS:
            why = "cells: hex" if game.ruleset.zones[grid.key[0]].cells == "hex" else "turns: false"
            raise RuleRuntimeError(f"the pieces on {spell(grid, game.state.zones)} never turn ({why}): place puts "
                                   f"them at rot 0, not {spell(rot)} (placements() lists rot 0 only)")
    e_place(game, stmt, L)


EFFECTS = {
    "move": e_move,
    "rotate": e_rotate,
    "shuffle": e_shuffle,
    "deal": e_deal,
    "roll": e_roll,
    "set_aside": e_set_aside,
    "end_game": e_end_game,
    "set": e_set,
    "let": e_let,
    "score": e_score,
    "reveal": e_reveal,
    "place": e_place,
    "say": e_say,
    "tell": e_tell,
}


def effect_of(stmt):
    """The handler of an effect statement: its kind's (EFFECTS), but e_set_shown for a `set` of a variable some reveal
    shows, and e_reveal_variable for a reveal of a variable's value (both marked at load time), so that no other `set`
    or `reveal` pays for them. Runners take it when they are made; Game's handlers (a statement that may pause, through
    its `else`) through handle_set and handle_reveal."""
    if stmt.kind == "set" and stmt.args.get("hides"):
        return e_set_shown
    if stmt.kind == "reveal" and stmt.args.get("variable") is not None:
        return e_shown_already if stmt.args.get("seen_by_all") else e_reveal_variable
    if stmt.kind == "place" and stmt.args.get("unturned"):
        return e_place_unturned
    if stmt.kind == "move" and stmt.args.get("bottom"):
        return e_move_bottom
    if stmt.kind == "move" and stmt.args.get("at") is not None:
        return e_move_at
    if stmt.kind == "score" and "why" in stmt.args:
        return e_score_why
    if stmt.kind == "score" and "set" in stmt.args:
        return e_score_set
    return EFFECTS.get(stmt.kind)


def handle_set(game, stmt, L):
    """A `set` that may pause (its `else` asks a decision), run as its handler when its `when` holds: effect_of's."""
    return effect_of(stmt)(game, stmt, L)


handle_reveal = handle_move = handle_score = handle_set  # (effect_of tells them apart by kind)
