"""The expression AST: small frozen nodes, each remembering its offset in the source string."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Node:
    pos: int  # character offset inside the expression string


@dataclass(frozen=True)
class Const(Node):
    value: Any  # int, float, str, bool or None


@dataclass(frozen=True)
class Name(Node):
    name: str


@dataclass(frozen=True)
class Attr(Node):
    target: Node
    name: str
    name_pos: int


@dataclass(frozen=True)
class Index(Node):
    target: Node
    index: Node


@dataclass(frozen=True)
class Call(Node):
    func: str
    args: tuple


@dataclass(frozen=True)
class Clause(Node):
    """One `for NAME in ITER if COND...` clause of a comprehension."""

    var: str
    iterable: Node
    conditions: tuple


@dataclass(frozen=True)
class Comprehension(Node):
    """`[elt for ...]` (a list) or `f(elt for ...)` (the single argument of a call)."""

    element: Node
    clauses: tuple


@dataclass(frozen=True)
class ListLit(Node):
    items: tuple


@dataclass(frozen=True)
class MapLit(Node):
    pairs: tuple  # of (key, value) nodes


@dataclass(frozen=True)
class Unary(Node):
    op: str  # '-' or 'not'
    operand: Node


@dataclass(frozen=True)
class BinOp(Node):
    op: str  # + - * / // %
    left: Node
    right: Node


@dataclass(frozen=True)
class Compare(Node):
    op: str  # == != < <= > >= in 'not in'
    left: Node
    right: Node


@dataclass(frozen=True)
class IsType(Node):
    operand: Node
    type_name: str
    type_pos: int
    negated: bool


@dataclass(frozen=True)
class BoolOp(Node):
    op: str  # 'and' / 'or'
    left: Node
    right: Node


@dataclass(frozen=True)
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
