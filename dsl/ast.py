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
