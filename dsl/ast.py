"""The expression AST: small frozen nodes, each remembering its offset in the source string."""

from __future__ import annotations

from typing import Any

from .plain_data import Frozen


class Node(Frozen):
    pos: int  # character offset inside the expression string


class Const(Node):
    value: Any  # int, float, str, bool or None


class Name(Node):
    name: str


class Attr(Node):
    target: Node
    name: str
    name_pos: int


class Index(Node):
    target: Node
    index: Node


class Call(Node):
    func: str
    args: tuple


class Clause(Node):
    """One `for NAME in ITER if COND...` clause of a comprehension."""

    var: str
    iterable: Node
    conditions: tuple


class Comprehension(Node):
    """`[elt for ...]` (a list) or `f(elt for ...)` (the single argument of a call)."""

    element: Node
    clauses: tuple


class MapComp(Node):
    """`{key: value for ...}`: a map, a key's later value replacing an earlier one's (as in a map literal)."""

    key: Node
    value: Node
    clauses: tuple


def listed(node):
    """A map comprehension as the list comprehension of its `[key, value]` pairs (any other node as it is): the same
    names bound where they are, the same parts read, for an analysis that follows a comprehension's names."""
    return Comprehension(node.pos, ListLit(node.pos, (node.key, node.value)), node.clauses) if isinstance(node, MapComp) else node


class ListLit(Node):
    items: tuple


class MapLit(Node):
    pairs: tuple  # of (key, value) nodes


class Unary(Node):
    op: str  # '-' or 'not'
    operand: Node


class BinOp(Node):
    op: str  # + - * / // %
    left: Node
    right: Node


class Compare(Node):
    op: str  # == != < <= > >= in 'not in'
    left: Node
    right: Node


class IsType(Node):
    operand: Node
    type_name: str
    type_pos: int
    negated: bool


class BoolOp(Node):
    op: str  # 'and' / 'or'
    left: Node
    right: Node


class Conditional(Node):
    condition: Node
    then: Node
    otherwise: Node


def walk(node):
    """Every node of a tree, depth first."""
    yield node
    for value in node.__dict__.values():
        if isinstance(value, Node):
            yield from walk(value)
        elif isinstance(value, tuple):
            for item in value:
                if isinstance(item, Node):
                    yield from walk(item)
                elif isinstance(item, tuple):
                    for sub in item:
                        if isinstance(sub, Node):
                            yield from walk(sub)


# -- a node written back as the language's text (to show a part of an expression) ---------

def text(node) -> str:
    """``node`` as expression text: the same meaning, in a canonical spelling (parentheses only where needed)."""
    return _TEXT[type(node)](node)


def _precedence(node) -> int:
    """How tightly ``node`` binds, as docs/language.md's operator table orders them (atoms: 9)."""
    if isinstance(node, Conditional):
        return 1
    if isinstance(node, BoolOp):
        return 2 if node.op == "or" else 3
    if isinstance(node, Unary):
        return 4 if node.op == "not" else 8
    if isinstance(node, (Compare, IsType)):
        return 5
    if isinstance(node, BinOp):
        return 6 if node.op in ("+", "-") else POWER if node.op == "**" else 7
    return 9


POWER = 8.5  # `**` binds tighter than a prefix `-` on its left (-2 ** 2 is -(2 ** 2)), less than an attribute or call


def _part(node, parent, right: bool = False) -> str:
    """A part of an operator's text, in parentheses where it binds less tightly (or, on the right, as tightly; `**`,
    right-associative, the other way round: 2 ** 3 ** 2 is 2 ** (3 ** 2))."""
    inner, outer = _precedence(node), _precedence(parent)
    wrap = inner < outer or (inner == outer and (right != (outer == POWER) or isinstance(parent, (Compare, IsType))) and outer != 9)
    return f"({text(node)})" if wrap else text(node)


def _const(node) -> str:
    value = node.value
    if value is None or isinstance(value, bool):
        return {None: "none", True: "true", False: "false"}[value]
    return repr(value)


def _clauses(node) -> str:
    def bare(k):  # (a clause's collection and conditions are `or` expressions: an `if ... else` goes in parentheses)
        return f"({text(k)})" if isinstance(k, Conditional) else text(k)
    return " ".join(f"for {c.var} in {bare(c.iterable)}" + "".join(f" if {bare(k)}" for k in c.conditions) for c in node.clauses)


def _call(node) -> str:
    if len(node.args) == 1 and isinstance(node.args[0], Comprehension):  # f(x for x in xs)
        inner = node.args[0]
        return f"{node.func}({text(inner.element)} {_clauses(inner)})"
    return f"{node.func}({', '.join(text(a) for a in node.args)})"


_TEXT = {
    Const: _const,
    Name: lambda n: n.name,
    Attr: lambda n: f"{_part(n.target, n)}.{n.name}",
    Index: lambda n: f"{_part(n.target, n)}[{text(n.index)}]",
    Call: _call,
    Comprehension: lambda n: f"[{text(n.element)} {_clauses(n)}]",
    ListLit: lambda n: "[" + ", ".join(text(i) for i in n.items) + "]",
    MapComp: lambda n: f"{{{text(n.key)}: {text(n.value)} {_clauses(n)}}}",
    MapLit: lambda n: "{" + ", ".join(f"{text(k)}: {text(v)}" for k, v in n.pairs) + "}",
    Unary: lambda n: f"{n.op}{' ' if n.op == 'not' else ''}{_part(n.operand, n)}",
    BinOp: lambda n: f"{_part(n.left, n)} {n.op} {_part(n.right, n, right=True)}",
    Compare: lambda n: f"{_part(n.left, n)} {n.op} {_part(n.right, n, right=True)}",
    IsType: lambda n: f"{_part(n.operand, n)} is {'not ' if n.negated else ''}{n.type_name}",
    BoolOp: lambda n: f"{_part(n.left, n)} {n.op} {_part(n.right, n, right=True)}",
    Conditional: lambda n: f"{_part(n.then, n, right=True)} if {_part(n.condition, n, right=True)} else {_part(n.otherwise, n)}",
}
