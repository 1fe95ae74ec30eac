"""Rule coverage of a run: how often each action, effect and flow statement fired, and which never did.

A game counts with ``Game(coverage=Counter())``: +1 per statement run (its ``when`` held)
and +1 per action taken. Rules are named by where they are written (file:line:col), so
counts made in other processes (workers, Ray) add up.
"""

from __future__ import annotations

import os

from philtre.dsl.model import Stmt

from .effects import EFFECTS


def rule_id(key) -> str:
    """The stable name of a counted rule: 'action NAME', or a statement's file:line:col."""
    if isinstance(key, str):
        return f"action {key}"
    loc = key.loc
    return f"{os.path.basename(loc.path)}:{loc.line}:{loc.col}"


def counts_by_rule(counter) -> dict:
    """A game's Counter (Stmt or action name -> n) as {rule id: n}."""
    out: dict = {}
    for key, n in counter.items():
        rid = rule_id(key)
        out[rid] = out.get(rid, 0) + n
    return out


def blocks_of(stmt):
    """The statement blocks nested in a statement (bodies and `else`)."""
    for value in stmt.args.values():
        if isinstance(value, tuple) and value and all(isinstance(s, Stmt) for s in value):
            yield value
    if stmt.otherwise:
        yield stmt.otherwise


def _walk(block):
    """Every statement of a block, nested ones after their parent, in the order written."""
    for stmt in block:
        yield stmt
        for inner in blocks_of(stmt):
            yield from _walk(inner)


def rules_of(ruleset) -> list:
    """Every rule that can fire: the flow's statements, then each action and its effects."""
    rules, seen = [], set()

    def add(rid, group, kind, label, loc):
        """List a rule once, where it first appears."""
        if rid not in seen:
            seen.add(rid)
            rules.append({"id": rid, "group": group, "kind": kind, "label": label, "where": str(loc)})

    for stmt in (stmt for block in (ruleset.flow, *(then.args["body"] for then in ruleset.follow_ups)) for stmt in _walk(block)):
        add(rule_id(stmt), _group(stmt), stmt.kind, stmt.label, stmt.loc)
    for name, action in ruleset.actions.items():
        add(rule_id(name), "action", "action", name, action.loc)
        for stmt in _walk(action.body):
            add(rule_id(stmt), _group(stmt), stmt.kind, stmt.label, stmt.loc)
    return rules


def _group(stmt) -> str:
    """'score' for scoring rules, 'effect' for other effects, 'flow' for control and decisions."""
    if stmt.kind == "score":
        return "score"
    return "effect" if stmt.kind in EFFECTS else "flow"


class Tally:
    """Coverage added up over games as they finish, so the games' own counts need not be kept."""

    def __init__(self):
        self.games = 0
        self.fired: dict = {}
        self.in_games: dict = {}

    def add(self, counts) -> None:
        """Add one game's {rule id: times fired}."""
        self.games += 1
        for rid, n in counts.items():
            self.fired[rid] = self.fired.get(rid, 0) + n
            if n:
                self.in_games[rid] = self.in_games.get(rid, 0) + 1


def coverage_report(ruleset, tally: Tally) -> dict:
    """Per rule: times fired over all games and the share of games it fired in; rules never fired."""
    rules = rules_of(ruleset)
    for rule in rules:
        rule["fired"] = tally.fired.get(rule["id"], 0)
        rule["games"] = round(tally.in_games.get(rule["id"], 0) / tally.games, 4) if tally.games else 0.0
    return {"games": tally.games, "rules": rules, "never": [r["id"] for r in rules if r["fired"] == 0]}


def _fit(text: str, width: int, cut: str) -> str:
    """``text`` in ``width`` characters, cut at its start or end with an ellipsis (a path keeps its file:line:col)."""
    if len(text) <= width:
        return text
    return "…" + text[len(text) - width + 1:] if cut == "start" else text[:width - 1] + "…"


def _common_folder(wheres) -> str:
    """The folder every rule's file lies in ('' where they share none, or a where is no file:line:col)."""
    import os

    files = [w.rsplit(":", 2)[0] for w in wheres if w.count(":") >= 2]
    if not files or len(files) != len(wheres):
        return ""
    try:
        return os.path.commonpath([os.path.dirname(f) or "." for f in files])
    except ValueError:  # (absolute and relative paths together)
        return ""


def format_coverage(report: dict) -> str:
    """The coverage as a table, then the rules that never fired (their whole paths, which an editor opens)."""
    import os

    folder = _common_folder([r["where"] for r in report["rules"]])
    # (the rules' files from the folder they share: a shipped game's whole path was cut at its start, '…ork/main/rulesets')
    told = f"; where: from {folder}" if folder and folder != "." else ""
    lines = [f"rule coverage over {report['games']} games (fired: times in all; games: share of games it fired in{told})",
             f"  {'group':<7} {'rule':<28} {'where':<40} {'fired':>10} {'games':>7}"]
    for r in report["rules"]:
        name = r["label"] if r["label"] == r["kind"] else f"{r['kind']} {r['label']}"
        where = os.path.relpath(r["where"], folder) if told else r["where"]
        lines.append(f"  {r['group']:<7} {_fit(name, 28, 'end'):<28} {_fit(where, 40, 'start'):<40} {r['fired']:>10} {r['games'] * 100:>6.1f}%")
    never = [r for r in report["rules"] if r["fired"] == 0]
    lines.append("")
    if never:
        lines.append(f"never fired ({len(never)}):")
        lines += [f"  {r['where']}: {r['kind']} {r['label']}".rstrip() for r in never]
    else:
        lines.append("every rule fired at least once")
    return "\n".join(lines)
