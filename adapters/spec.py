"""What both adapters share: a ruleset with its numbering and encoder, rewards, and text.

A ``GameSpec`` is built once per (ruleset, variants, player count, positional limit) and
cached, so environments and OpenSpiel states made from it are cheap.
"""

from __future__ import annotations

import json
from functools import lru_cache

from philtre.dsl import load_ruleset
from philtre.interpreter.game import choose_winners

from .actions import DEFAULT_POSITIONAL_LIMIT, ActionNumbering
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
        self.hidden = any(z.visible != "everyone" for z in ruleset.zones.values()) or \
            any(v.visible != "everyone" for v in ruleset.variables.values())
        # winners: the fewest points win -> a point scored is a point lost
        self.orientation = -1 if ruleset.winners.order == "lowest" else 1
        self.constant_sum = ruleset.winners.order in ("highest", "lowest")


@lru_cache(maxsize=64)
def load_spec(ruleset: str, nplayers: int, variants: tuple = (), positional_limit: int = DEFAULT_POSITIONAL_LIMIT) -> GameSpec:
    """The cached spec of a ruleset (a shipped game's name or a path) with variants, for n players."""
    return GameSpec(load_ruleset(ruleset, tuple(variants)), nplayers, positional_limit)


def variant_tuple(variants) -> tuple:
    """Variants as a tuple of names: a single string is one variant, not its characters."""
    return (variants,) if isinstance(variants, str) else tuple(variants)


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
    import os

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
