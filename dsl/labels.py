"""An action's `label:`: how a chosen value reads to a person (play's options and refusals, its account, `replay
--text`), an expression of that choice giving a word. Display only: the records keep the value, the content hash leaves
it out (as `show:`), and no random playout computes one (language.md, actions, `label`)."""

from __future__ import annotations

from . import ast
from .builtins import BUILTINS
from .compiler import ANY, SEAT_BUILTINS, element_type, is_list, plain_type
from .errors import did_you_mean


def compiled_labels(loader, action: str, spec, params) -> tuple:
    """(choice name, Expr) of each entry of action ``action``'s `label:` (``spec`` its YAML, ``params`` its compiled
    choices), its choice bound alone: S043 at one naming no choice, or a choice of components or zones (a component
    reads as its type's `display:` says); E155 at one reading what a game changes (a variable, a zone, `me`, where a
    component lies: not `components` and their attributes, which never change), which a record's decision, told later,
    could not be labelled by; E120 (the compiler's) at one that gives no word."""
    labels = spec.get("label") or {}
    out = []
    names = [p.name for p in params]
    for pname, text in labels.items():
        param = next((p for p in params if p.name == pname), None)
        if param is None:
            loader.error(labels.key_loc(pname), "S043", f"action '{action}' has no choice '{pname}' to label "
                         f"(its choices: {', '.join(names) or 'none'})", did_you_mean(pname, names) or "name one of its choose: keys")
            continue
        t = plain_type(element_type(param.domain.type))
        if _holds_things(t):
            loader.error(labels.key_loc(pname), "S043", f"'{pname}' is chosen among {_things_said(t)}: a label reads a value "
                         "(a number, a word, a placement, a list of them)",
                         "a component reads as its type's `display:` lists; a zone by its name")
            continue
        reported = len(loader.compiler.diagnostics)
        loader.compiler.label_compiled = (pname, text)  # (another choice read there: E150 says a label reads its own)
        try:
            expr = loader.compiler.expression(text, labels.loc_of(pname), {pname: t}, want="str", what=f"the label of '{pname}'")
        finally:
            loader.compiler.label_compiled = None
        if len(loader.compiler.diagnostics) > reported or expr.tree is None:
            continue
        found = _state_read(expr.tree, {pname}, loader.symbols.defines, set())
        if found is not None:
            node, name = found
            at = expr.source.at(node.pos) if expr.source is not None else labels.loc_of(pname)
            read = f"'{name}'" if name == _name_of(node) else f"'{_name_of(node)}', which reads '{name}'"
            loader.error(at, "E155", f"the label of '{pname}' reads {read}, which a game changes: a label reads its choice, "
                         "and definitions of fixed values (a record's decision is labelled long after)",
                         f"give the label what it needs through the choice, a definition of fixed values "
                         f"(`NAMES: \"['ore', 'wood']\"`, `NAMES[{pname}]`), or the components' attributes, which never "
                         f"change (`first(c.name for c in components if c.number == {pname})`)")
            continue
        out.append((pname, expr))
    return tuple(out)


# the list of every component, made before the game, whose attributes no rule changes (language.md, components): a
# label may read it (`first(c.name for c in components if c.number == s)`); where one lies is read by a builtin
FIXED = "components"
# the builtins that read the game as it is now (where a component lies, a grid, a die, a round's points): not those
# that read only its seats, which a component's derive may read too
READS_THE_GAME = frozenset(b.name for b in BUILTINS.values() if b.needs_state) - SEAT_BUILTINS


def _holds_things(t) -> bool:
    """Whether values of type ``t`` are, or hold, components or zones (whose texts a label does not replace)."""
    if t in ("comp", "zone"):
        return True
    return is_list(t) and t[1] != ANY and _holds_things(t[1])


def _things_said(t) -> str:
    """What a choice of type ``t`` (_holds_things) is chosen among: components, zones, lists of components."""
    return {"comp": "components", "zone": "zones"}.get(t) or f"lists of {_things_said(t[1])}"


def _name_of(node) -> str:
    return node.name if isinstance(node, ast.Name) else node.func if isinstance(node, ast.Call) else ""


def _state_read(node, bound: set, defines: dict, seen: set):
    """(the node of ``node`` that reads the game's state, through a definition or not; the name read) for the first
    such, or None: a name that is neither bound here (``bound``: the choice, a comprehension's variable, a definition's
    parameter) nor a definition reading none (``seen``: the definitions looked into already)."""
    if isinstance(node, ast.MapComp):  # (its names and parts, as a list comprehension's of its pairs)
        node = ast.listed(node)
    if isinstance(node, ast.Name):
        if node.name in bound or node.name == FIXED:
            return None
        define = defines.get(node.name)
        if define is None or define.params:
            return node, node.name
        return _through(node, define, defines, seen)
    if isinstance(node, ast.Comprehension):
        inner = set(bound)
        for clause in node.clauses:
            if (found := _state_read(clause.iterable, inner, defines, seen)):
                return found
            inner.add(clause.var)
            for condition in clause.conditions:
                if (found := _state_read(condition, inner, defines, seen)):
                    return found
        return _state_read(node.element, inner, defines, seen)
    if isinstance(node, ast.Call) and node.func in defines:
        found = _through(node, defines[node.func], defines, seen)
        if found is not None:
            return found
    elif isinstance(node, ast.Call) and node.func in READS_THE_GAME and node.func not in defines:  # (`zone_of(c)`: where a component lies changes)
        return node, node.func
    for value in node.__dict__.values():
        for item in value if isinstance(value, tuple) else (value,):
            for sub in item if isinstance(item, tuple) else (item,):
                if isinstance(sub, ast.Node) and (found := _state_read(sub, bound, defines, seen)):
                    return found
    return None


def _through(node, define, defines: dict, seen: set):
    """(``node``, the name read) where the body of ``define``, which ``node`` reads or calls, reads the game's state."""
    if define.name in seen:
        return None
    seen.add(define.name)
    from .parser import parse

    body = define.tree if define.tree is not None else parse(define.text, define.loc)
    found = _state_read(body, set(define.params), defines, seen)
    return None if found is None else (node, found[1])
