"""Which zone families the rules only ever fill with their own seat's components (a scenario's T043).

A family of one zone a seat (or of N zones a seat) is *kept own* when every statement that may put components in it
is a `move` whose destination is `FAMILY[S]...` and whose moved value is read only from zones of one-zone-a-seat
families indexed by the same seat, written the same (`last(box[p]) -> slot[p][i]`, `first(slot[me][f]) -> slot[me][t]`),
through `let` names, loop names and choices. Anything this reading cannot follow (a definition, a variable, a shared
zone, a `deal`, a `rotate`, a `place`) counts as a move of any seat's components: the answer errs towards "not kept
own", so a note built on it is never wrong, only sometimes missing."""

from __future__ import annotations

from . import ast
from .model import Stmt


def kept_own(ruleset, family: str) -> bool:
    """Whether no rule of ``ruleset`` may put another seat's component into a zone of ``family`` (see the module)."""
    seat_families = frozenset(name for name, decl in ruleset.zones.items() if decl.kind in SEAT_KINDS)
    if family not in seat_families:
        return False
    seen = []  # (statement, its local names: name -> the tree its value is read from, or None where not known)
    _walk(ruleset.flow, {}, seen)
    for action in ruleset.actions.values():
        env = {"me": None, **dict.fromkeys(getattr(action, "takes", ()))}
        for param in action.params:
            env[param.name] = _tree(param.domain)
        _walk(action.body, env, seen)
        if action.then is not None:
            _walk(action.then.args.get("body", ()), env, seen)
    others = frozenset(ruleset.zones) - {family}
    defines = _defined(ruleset)
    return all(_own_fill(stmt, env, family, seat_families, defines) for stmt, env in seen
               if stmt.kind in FILLED and not _elsewhere(stmt.args.get(FILLED[stmt.kind]), env, others))


SEAT_KINDS = ("player", "seat_copies")  # the families of one zone, or N zones, a seat
FILLED = {"move": "to", "deal": "to", "place": "to", "rotate": "zones"}  # the statements that fill zones: which argument


def _tree(expr):
    """The AST of a compiled expression, or None."""
    if expr is None:
        return None
    tree = getattr(expr, "tree", None)
    if tree is not None:
        return tree
    from .parser import parse

    try:
        return parse(expr.text, expr.loc)
    except Exception:  # (a text that does not parse again: not followed)
        return None


def _walk(block, env: dict, out: list) -> None:
    """Each statement of ``block`` and the blocks inside it, with the local names it sees."""
    for stmt in block or ():
        if not isinstance(stmt, Stmt):
            continue
        out.append((stmt, env))
        if stmt.kind == "let":
            names = stmt.args.get("names", ())
            env = dict(_unbound(env, [name for name, _ in names]), **{name: _tree(expr) for name, expr in names})
        inner = env
        if stmt.kind == "for":
            var = stmt.args.get("var", "_")
            inner = dict(_unbound(env, [var]), **{var: _tree(stmt.args.get("items"))})
        elif stmt.kind == "repeat" and stmt.args.get("var"):
            inner = dict(_unbound(env, [stmt.args["var"]]), **{stmt.args["var"]: None})
        elif stmt.kind == "turns":
            inner = dict(_unbound(env, ["current"]), current=None)
        for value in stmt.args.values():
            if isinstance(value, tuple) and value and all(isinstance(s, Stmt) for s in value):
                _walk(value, inner, out)
        _walk(stmt.otherwise, env, out)


def _unbound(env: dict, names) -> dict:
    """``env`` without the names bound again, nor those whose value reads one of them (a seat named again is another)."""
    names = set(names)
    return {k: t for k, t in env.items() if k not in names and not (t is not None and _reads(t) & names)}


def _reads(tree) -> set:
    """The names a tree reads."""
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.Name)}


def _elsewhere(expr, env: dict, others: frozenset) -> bool:
    """Whether the destination ``expr`` is surely a zone of another family than the one asked about: `NAME` or
    `NAME[...]` of one of ``others``, written out (no local name, definition or variable that may hold any zone)."""
    tree = _tree(expr)
    zone = _zone_read(tree) if tree is not None else None
    return zone is not None and zone[0] in others and zone[0] not in env


def _defined(ruleset) -> frozenset:
    """The names the ruleset's `define:` gives: a call by such a name is the definition, not the builtin it hides."""
    from .compiler import parse_define_head

    section = ruleset.source.get("define") if isinstance(ruleset.source, dict) else None
    heads = (parse_define_head(str(head)) for head in (section or {}))
    return frozenset(head[0] for head in heads if head is not None)


def _own_fill(stmt, env: dict, family: str, seat_families: frozenset, defines: frozenset) -> bool:
    """Whether ``stmt``, which may fill a zone of ``family``, puts in it only its own seat's components: a `move` to
    `FAMILY[S]...`, written out, of what is read from seat S's zones."""
    if stmt.kind != "move":
        return False
    to, what = _tree(stmt.args.get("to")), _tree(stmt.args.get("what"))
    zone = _zone_read(to) if to is not None else None
    if what is None or zone is None or zone[0] != family or zone[0] in env or not zone[1]:
        return False
    return _from_seat(what, env, ast.text(zone[1][0]), seat_families, defines, frozenset(), frozenset())


def _zone_read(node):
    """(name, [index trees, the seat's first]) for `NAME[i][j]`, NAME[i] or NAME; else None."""
    indices = []
    while isinstance(node, ast.Index):
        indices.append(node.index)
        node = node.target
    return (node.name, indices[::-1]) if isinstance(node, ast.Name) else None


FOLLOWED = frozenset({"first", "last", "reversed", "sorted", "take", "take_last"})  # (read in their first argument)


def _from_seat(node, env: dict, seat: str, seat_families, defines, busy, bound) -> bool:
    """Whether every component ``node``'s value may be, or hold, is read from a zone of a family of ``seat_families``
    indexed by ``seat`` (its text); ``bound``: the names a comprehension around binds (its own items)."""
    def follow(sub, busy_=busy, bound_=bound):
        return _from_seat(sub, env, seat, seat_families, defines, busy_, bound_)

    if isinstance(node, ast.Const):
        return True
    if isinstance(node, ast.Index):
        zone = _zone_read(node)
        if zone is not None and zone[0] not in env and zone[0] not in bound:
            return zone[0] in seat_families and bool(zone[1]) and ast.text(zone[1][0]) == seat
        return follow(node.target)  # (an item of a list read: its index is no component)
    if isinstance(node, ast.Name):
        if node.name in bound:
            return True
        if node.name in env and node.name not in busy and env[node.name] is not None:
            return follow(env[node.name], busy | {node.name})
        return False  # a zone by its name (every seat's), a definition, a variable, a context name: not followed
    if isinstance(node, ast.Call):
        return node.func in FOLLOWED and node.func not in defines and bool(node.args) and follow(node.args[0])
    if isinstance(node, ast.Comprehension):
        inner = set(bound)
        for clause in node.clauses:
            if not follow(clause.iterable, bound_=frozenset(inner)):
                return False
            inner.add(clause.var)
        return follow(node.element, bound_=frozenset(inner))
    if isinstance(node, ast.ListLit):
        return all(follow(item) for item in node.items)
    if isinstance(node, ast.Conditional):
        return follow(node.then) and follow(node.otherwise)
    if isinstance(node, ast.BinOp) and node.op == "+":
        return follow(node.left) and follow(node.right)
    return False
