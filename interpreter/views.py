"""Views: everything one player may know, derived only from the ruleset's visibility declarations."""

from __future__ import annotations

from philtre.dsl.model import decision_actions


def by_id(comps) -> list:
    """Components in id order: as a seat is shown those whose order it may not see (a view tells nothing by it)."""
    return sorted(comps, key=lambda c: c["id"])


def backs(ruleset) -> dict:
    """Component type -> the attributes its back shows (declared `back:`), for the types that declare one."""
    return {t.name: t.back for t in ruleset.components if t.back}


def back_of(c, back: dict):
    """The back a face-down component ``c`` shows ({type, and the attributes its type's `back:` lists}), None where
    its type declares none."""
    shown = back.get(c["type"])
    if not shown:
        return None
    return dict({"type": c["type"]}, **{name: c.get(name) for name in shown})


def _back_key(b: dict) -> tuple:
    """A back's place in a list of backs: by its values, numbers before words (never compared with each other)."""
    return tuple((0, v, "") if isinstance(v, (int, float)) else (1, 0, str(v)) for v in b.values())


def backs_shown(comps, back: dict) -> list:
    """The backs of face-down ``comps`` (those whose type declares one) sorted by what they show, so that the list
    tells which backs and how many of each, never where each lies nor which component it is."""
    return sorted((b for b in (back_of(c, back) for c in comps) if b is not None), key=_back_key)


def _zone_view(spec, zone, viewer, revealed, placed=None, back=None, nplayers=None) -> dict:
    index = zone.key[1]
    out = {}
    if spec.sees_contents(index, viewer, nplayers):
        out["count"] = len(zone)
        # a bag (`order: nobody`): which components, in id order, never which lies where
        out["components"] = [dict(c) for c in (zone if spec.sees_order(index, viewer, nplayers) else by_id(zone))]
        if spec.grid:  # where each piece lies, bottom to top
            out["placements"] = [dict(zip(("id", "x", "y", "rot"), (c["id"],) + placed[c["id"]])) for c in zone]
        return out
    if spec.sees_count(index, viewer, nplayers):
        out["count"] = len(zone)
        # a face-down component shows its back, as a card's back its deck (never where the count is hidden: it tells one)
        shown = backs_shown((c for c in zone if c["id"] not in revealed), back) if back else ()
        if shown:
            out["backs"] = shown
    if revealed:
        # in id order: their order in the hidden zone may have changed unseen (a shuffle)
        shown = [dict(c) for c in by_id(c for c in zone if c["id"] in revealed)]
        if shown:
            out["revealed"] = shown
    return out


def zone_objects(family) -> list:
    """A view's entry of a zone name as a flat list of its zone objects: a single zone's one, each of a family's, each
    of every seat's list of a family of N zones a seat (in the family's order, seat p's r-th at p * N + r)."""
    if isinstance(family, dict):
        return [family]
    return [zone for item in family for zone in zone_objects(item)]


def turn_seat(S):
    """The seat whose turn it is where the decision the game waits for is asked in a `turns` step, None elsewhere: the
    step's `current`, also for a decision asked in a follow-up (`then:`) of an action taken in the turn, whose names
    are the action's (a seat asked to challenge a claim read no turn on its board: a trial)."""
    pending = S.flow.pending
    if pending is None:
        return None
    if pending.locals and "current" in pending.locals:
        return pending.locals["current"]
    from .game import _turn_running  # (game imports this module)

    running = _turn_running(S)
    return None if running is None else running[1]


def view_of(game, viewer) -> dict:
    """The view of seat ``viewer`` (None: an onlooker who sees only public facts)."""
    S = game.state
    rs = game.ruleset
    zones = {}
    back = backs(rs)
    for name, spec in rs.zones.items():
        family = [_zone_view(spec, z, viewer, S.revealed, S.placed, back, S.nplayers) for z in S.zones[name]]
        zones[name] = family[0] if spec.kind == "single" else family if not spec.nested else \
            [family[at:at + spec.copies] for at in range(0, len(family), spec.copies)]  # each seat's (team's) list, as line[p][r]
    from .records import HIDDEN, escaped, plain_json

    variables = {}
    shown = S.revealed  # (besides components' ids: (variable, seat or None) for each value a `reveal` shows)
    for name, spec in rs.variables.items():
        # zones as references, never their contents; a map of the rules' that reads as a hidden entry, escaped
        value = escaped(plain_json(S.vars[name]))
        if spec.visible == "everyone":
            variables[name] = list(value) if spec.per_player or spec.per_team else value
        elif spec.per_player or spec.per_team:  # (a team's entry: seen by each seat of the team)
            own = (spec.entries_owned(viewer, S.nplayers) or (None,))[0] if spec.visible == "owner" else -1
            # an entry the seat may not see reads as in its record, never as none, which a seat's entry may really hold
            entries = [v if i == own or (name, i) in shown else dict(HIDDEN) for i, v in enumerate(value)]
            if own != -1 or any((name, i) in shown for i in range(len(value))):
                variables[name] = entries
        elif (name, None) in shown:
            variables[name] = value
    pending = S.flow.pending
    turn = None
    if pending is not None:
        turn = {
            "deciding": list(pending.players),
            "actions": list(decision_actions(pending.stmt)),  # its fallback's too: a seat may be offered them
            "decided": sorted(S.flow.choices),  # who has chosen, never what
            "simultaneous": pending.simultaneous,
            # the seat whose turn it is (the `turns` step's `current`), seen by every seat as the flow is: a seat asked
            # to answer another's claim was told no more whose claim it was (a bluffing game's trial)
            "current": turn_seat(S),
        }
    return {
        "seat": viewer,
        "players": S.nplayers,
        "round": S.round,
        "scores": list(S.scores),
        "round_scores": [list(r) for r in S.round_scores],
        "zones": zones,
        "variables": variables,
        "dice": {k: (dict(v) if v is not None else None) for k, v in S.dice.items()},
        "turn": turn,
        "finished": S.flow.finished,
        "winners": list(S.flow.winners),
    }
