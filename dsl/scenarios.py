"""Scenarios: a rulebook example as data (given position, decisions, expected outcome), checked at load.

The interpreter runs them (``philtre test``); here their expressions are compiled with
the rest of the ruleset, so a typo in an expectation is found by ``philtre validate``.
"""

from __future__ import annotations

from .compiler import Compiler, Expr
from .errors import Loc
from .plain_data import Frozen
from .yamlpos import Map, loc_of


class Step(Frozen):
    player: int
    action: str
    args: dict  # name -> Expr (a string in the file) or a dict of attributes to match
    illegal: bool
    loc: Loc


class Scenario(Frozen):
    name: str
    players: int
    seed: int
    rolls: tuple  # of {die: {attr: value}}
    zones: tuple  # of (Expr giving a zone or zones, list of component patterns, Loc)
    variables: tuple  # of (name, value)
    score: tuple | None
    dice: dict
    rest: Expr | None  # where components taken out of the given zones go (default: their start zone)
    steps: tuple
    expect: tuple  # of Expr
    loc: Loc
    always: tuple = ()  # of Expr, checked at every decision
    at: str | None = None  # apply `given` when the flow waits at the statement with this name
    at_round: int | None = None
    round_scores: tuple = ()
    autoplay: bool = False


def compile_scenarios(compiler: Compiler, items, path: str) -> tuple:
    """Compile every scenario's expressions; problems go to the compiler's diagnostics."""
    out = []
    for i, item in enumerate(items):
        loc = loc_of(items, i)
        given = item.get("given") or Map(loc)
        zones = []
        for key, contents in (given.get("zones") or {}).items():
            where = given["zones"].key_loc(key)
            zones.append((compiler.expression(str(key), where, {}, what="a zone", full=str(key)), contents, where))
        steps = []
        for j, step in enumerate(item.get("steps") or []):
            args = {}
            for name, value in (step.get("args") or {}).items():
                if isinstance(value, str):
                    value = compiler.expression(value, step["args"].loc_of(name), {"me": "player"}, what=f"argument '{name}'")
                args[name] = value
            steps.append(Step(step["player"], step["action"], args, bool(step.get("illegal")), loc_of(item["steps"], j)))
        expect = tuple(
            compiler.expression(e, loc_of(item["expect"], k), {}, want="bool", what="an expectation")
            for k, e in enumerate(item["expect"])
        )
        out.append(Scenario(
            name=str(item["name"]), players=item["players"], seed=item.get("seed", 0),
            rolls=tuple(item.get("rolls") or ()), zones=tuple(zones),
            variables=tuple((given.get("variables") or {}).items()), score=tuple(given["score"]) if "score" in given else None,
            dice=dict(given.get("dice") or {}), steps=tuple(steps), expect=expect, loc=loc,
            always=tuple(compiler.expression(e, loc_of(item["always"], k), {}, want="bool", what="an invariant")
                         for k, e in enumerate(item.get("always") or [])),
            autoplay=bool(item.get("autoplay")),
            at=str(given["at"]) if "at" in given else None,
            at_round=given.get("round"),
            round_scores=tuple(tuple(r) for r in given.get("round_scores") or ()),
            rest=compiler.expression(given["rest"], given.loc_of("rest"), {}, want="zone", what="rest") if "rest" in given else None,
        ))
    return tuple(out)
