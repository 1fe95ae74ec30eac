"""The expression grammar's LALR tables read without the parser library: a valid text parses without importing lark.

Importing lark and loading its tables took about a third of a ruleset's first `philtre
validate` (one with an empty cache folder, before its trees are kept: dsl/kept_trees.py).
``dsl/grammar-lalr.json`` holds what lark computes from ``grammar.lark``: its LALR states,
each state's terminals in the order its contextual lexer tries them (a keyword a name
would match is a name but where the state takes the keyword), and how each rule's tree is
shaped (tokens left out, ``_`` rules inlined, ``?`` rules with one child replaced by it,
None for an omitted ``[optional]``). ``parse`` runs them, and gives the tree lark gives,
with tokens and subtrees of its own (``Token``, ``Tree``: the same type, value, offset,
data and children). A text the tables refuse gives None: lark parses it, and finds and
places the error, so every message comes from lark as before.

The file is made by ``python -m philtre.dsl.tables`` with the lark tables (``lalr_tables``
in parser.py); it carries a hash of the grammar, and tables made from another grammar are
not used (every text then goes to lark). tests/test_lalr.py fails while it is stale and
parses thousands of texts, valid and broken, both ways.
"""

from __future__ import annotations

import json
import re

from .cache import sha256
from .shipped import read_shipped

FILE = "grammar-lalr.json"
FORMAT = "1"  # the file's layout; a change makes every stored file stale


def key(grammar: str) -> str:
    """What the stored tables were made from: the grammar's text and the file's layout."""
    return sha256(f"{grammar}\n{FORMAT}".encode()).hexdigest()


class Token(str):
    """A token as lark gives it: its text, its terminal's name (``type``) and its offset in the expression (``start_pos``)."""

    def __new__(cls, type_: str, value: str, start_pos: int):
        token = str.__new__(cls, value)
        token.type, token.start_pos = type_, start_pos
        return token

    @property
    def value(self) -> str:
        return str(self)

    def __repr__(self):
        return f"Token({self.type!r}, {str(self)!r})"


class Tree:
    """A subtree as lark gives it: the rule's (or alias's) name and the children."""

    __slots__ = ("data", "children")

    def __init__(self, data: str, children: list):
        self.data, self.children = data, children

    def __repr__(self):
        return f"Tree({self.data!r}, {self.children!r})"


class _Lexer:
    """One parser state's lexer: its terminals in lark's order, tried in that order at an offset (the first that
    matches wins, as in lark's alternation of them); ``by_char`` keeps, per first character, those that can start there."""

    __slots__ = ("terminals", "unless", "by_char")

    def __init__(self, terminals: list, unless: dict):
        self.terminals, self.unless, self.by_char = terminals, unless, {}

    def candidates(self, char: str) -> list:
        found = [t for t in self.terminals if t[1] is not None or t[2][0] == char]
        self.by_char[char] = found
        return found


class Tables:
    """The stored tables, ready to run."""

    def __init__(self, stored: dict):
        terminals = {}
        for name, (is_regex, pattern) in stored["terminals"].items():
            terminals[name] = (name, re.compile(pattern).match if is_regex else None, pattern)
        self.lexers = [_Lexer([terminals[n] for n in names], unless) for names, unless in stored["lexers"]]
        self.ignore = frozenset(stored["ignore"])
        self.states = [(self.lexers[lexer], actions) for lexer, actions in stored["states"]]
        # a rule: (origin, length, None where its tree is its one child (a ?rule that keeps it), else its shape)
        self.rules = [(origin, length, None if (length, include, append_none, expand1) == (1, [[0, False, 0]], 0, True)
                       else (data, expand1, include, append_none))
                      for origin, length, data, expand1, include, append_none in stored["rules"]]
        self.start, self.end = stored["start"], stored["end"]


_tables: Tables | None | bool = False  # False: not read yet; None: none usable


def tables() -> Tables | None:
    """The stored tables, once per process; None if the file is missing, damaged or made from another grammar."""
    global _tables
    if _tables is False:
        _tables = None
        try:
            stored = json.loads(read_shipped(__package__, FILE))
            if stored["key"] == key(read_shipped(__package__, "grammar.lark")):
                _tables = Tables(stored)
        except (OSError, ValueError, KeyError, TypeError, IndexError, re.error):
            pass
    return _tables


def parse(text: str):
    """Lark's tree of ``text`` (of ``Token`` and ``Tree``), or None where the tables refuse it or cannot be used."""
    found = tables()
    if found is None:
        return None
    try:
        return _run(found, text)
    except (KeyError, IndexError, TypeError):  # tables that do not fit together (a damaged file): lark parses it
        return None


def _run(t: Tables, text: str):
    states, rules, ignore = t.states, t.rules, t.ignore
    stack, values = [t.start], []
    pos, size = 0, len(text)
    while True:
        lexer, actions = states[stack[-1]]
        token = None
        while pos < size:  # the next token, read by the lexer of the state reached
            char = text[pos]
            candidates = lexer.by_char.get(char)
            if candidates is None:
                candidates = lexer.candidates(char)
            for name, match, pattern in candidates:
                if match is None:
                    if text.startswith(pattern, pos):
                        value = pattern
                        break
                else:
                    m = match(text, pos)
                    if m:
                        value = m.group()
                        break
            else:
                return None  # no terminal of this state matches here
            if name in ignore:
                pos += len(value)
                continue
            kind = lexer.unless.get(name)
            token = Token(kind.get(value, name) if kind else name, value, pos)
            pos += len(value)
            break
        kind = token.type if token is not None else "$END"
        while True:  # reduce, then shift the token (at the end: reduce until the start symbol is complete)
            action = actions.get(kind)
            if action is None:
                return None  # a token this state does not take
            if action >= 0:  # shift, to that state
                if token is None:
                    return None
                stack.append(action)
                values.append(token)
                break
            origin, length, shape = rules[~action]  # reduce by that rule
            if shape is None:
                stack.pop()  # its one child stays as its value
            else:
                children = values[-length:] if length else []
                if length:
                    del stack[-length:]
                    del values[-length:]
                values.append(_shape(children, *shape))
            goto = states[stack[-1]][1][origin]
            if goto < 0:
                return None
            stack.append(goto)
            if token is None and goto == t.end:
                return values[-1]
            actions = states[goto][1]


def _shape(children: list, data: str, expand1: bool, include: list, append_none: int):
    """A rule's tree from its children, as lark shapes it: the kept children (``include``: index, inlined, Nones
    before it), Nones for omitted optionals; a ``?`` rule left with one child is that child."""
    kept = []
    for i, inline, nones in include:
        if nones:
            kept += [None] * nones
        if inline:
            kept += children[i].children
        else:
            kept.append(children[i])
    if append_none:
        kept += [None] * append_none
    if expand1 and len(kept) == 1:
        return kept[0]
    return Tree(data, kept)
