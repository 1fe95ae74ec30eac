"""Static checks and compilation of expressions to Python functions, once per ruleset.

Each expression is checked (names, attributes, arity, types) and turned into Python
source; all of a ruleset's expressions and definitions become one generated module that
is compiled with ``compile()`` and run in a namespace with no builtins. No text from the
ruleset reaches that source unescaped: names are prefixed (``v_``, ``d_``, ``b_``),
strings and numbers are written with ``repr``, attributes become dictionary keys. So an
expression can do nothing but compute with the game's values.

Compiled expressions are called as ``fn(S, L)``: ``S`` is the game state (attributes
``zones``, ``vars``, ``scores``, ``round``, ``round_scores``, ``players``, ``nplayers``,
``dice``, ``components``, ``where``), ``L`` the dict of names bound by the flow and the
action being decided (``me``, ``current``, loop variables, parameters).

Types are coarse: 'int', 'num', 'bool', 'str', 'none', 'player', 'comp', 'zone',
'record', 'map', 'any' and ('list', T).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import ast
from .builtins import BUILTINS, RuleRuntimeError
from .errors import Diagnostic, Loc, PhiltreError, did_you_mean
from .parser import SourceText, parse
from .values import Component

ANY = "any"
NUMERIC = {"int", "num", "player", ANY}
COLLECTION_HEADS = {"list"}

CONTEXT_NAMES = {
    "players": (("list", "player"), "S.players"),
    "player_count": ("int", "S.nplayers"),
    "score": (("list", "num"), "S.scores"),
    "round_number": ("int", "S.round"),
    "components": (("list", "comp"), "S.components"),
    "dice": (("list", "record"), "_dice(S)"),
    "game_over": ("bool", "S.flow.finished"),
    "winners": (("list", "player"), "S.flow.winners"),
}


def is_list(t) -> bool:
    return isinstance(t, tuple) and t[0] == "list"


def element_type(t):
    if is_list(t):
        return t[1]
    if t == "zone":
        return "comp"
    return ANY


def show_type(t) -> str:
    if is_list(t):
        return "list of " + show_type(t[1]) + "s"
    return {"comp": "component", "num": "number", "int": "whole number", "record": "record", "player": "player"}.get(t, t)


def _unify(a, b):
    if a == b:
        return a
    if {a, b} <= {"int", "num", "player"}:
        return "num" if "num" in (a, b) else "int"
    if a == "none":
        return b
    if b == "none":
        return a
    if is_list(a) and is_list(b):
        return ("list", _unify(a[1], b[1]))
    return ANY


@dataclass
class Symbols:
    """What the names of a ruleset mean: declared by the ruleset, read by the compiler."""

    component_types: dict = field(default_factory=dict)  # type name -> set of attribute names
    face_attributes: set = field(default_factory=set)
    zones: dict = field(default_factory=dict)  # name -> 'single' | 'family'
    variables: dict = field(default_factory=dict)  # name -> per_player (bool)
    dice: list = field(default_factory=list)
    defines: dict = field(default_factory=dict)  # name -> Define
    attribute_values: dict = field(default_factory=dict)  # attribute -> every value declared for it

    def attribute_type(self, name: str):
        """The type of an attribute, from the values declared for it (none where a type lacks it)."""
        if name in ("id",):
            return "int"
        if name == "type":
            return "str"
        if name == "owner":
            return "player"
        kinds = {type(v) for v in self.attribute_values.get(name, ())}
        if kinds == {int}:
            return "int"
        if kinds and kinds <= {int, float}:
            return "num"
        if kinds == {str}:
            return "str"
        if kinds == {bool}:
            return "bool"
        return ANY

    def attribute_names(self) -> set:
        names = {"type", "id"} | set(self.face_attributes)
        for attrs in self.component_types.values():
            names |= attrs
        return names

    def all_names(self) -> set:
        return set(self.zones) | set(self.variables) | set(self.dice) | set(self.defines) | set(CONTEXT_NAMES)


@dataclass
class Define:
    """A named definition: `name(a, b): expression` or a constant-like `name: expression`."""

    name: str
    params: tuple
    text: str
    loc: Loc
    tree: ast.Node | None = None
    type: object = None
    compiling: bool = False


class Expr:
    """A compiled expression: call ``fn(S, L)``; ``loc`` and ``text`` name it in errors."""

    __slots__ = ("fn", "loc", "text", "type", "names")

    def __init__(self, loc: Loc, text: str, type_, names):
        self.fn, self.loc, self.text, self.type, self.names = None, loc, text, type_, names

    def __repr__(self) -> str:
        return f"<expr {self.text!r} at {self.loc}>"


DEFINE_HEAD = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(\s*([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)?\s*\))?\s*$")


class Compiler:
    """Checks and compiles every expression of one ruleset into one generated module."""

    def __init__(self, symbols: Symbols):
        self.symbols = symbols
        self.diagnostics: list[Diagnostic] = []
        self.functions: list[str] = []
        self.expressions: list[Expr] = []
        self.define_stack: list[str] = []
        self.used_defines: set[str] = set()
        self.codes: list[str] = []
        self.define_variants: dict = {}

    # -- public --------------------------------------------------------------------
    def expression(self, text, loc: Loc, env: dict | None = None, want=None, what: str = "expression", base: int = 0, full: str | None = None) -> Expr:
        """Check and register one expression; ``env`` maps local names to types."""
        if isinstance(text, bool) or text is None:
            text = {True: "true", False: "false", None: "none"}[text]
        elif isinstance(text, (int, float)):
            text = repr(text)
        elif not isinstance(text, str):
            self.error(loc, "E110", f"{what} must be an expression (a string), not {type(text).__name__}")
            return self._register(Expr(loc, str(text), ANY, ()), "None")
        source = SourceText(text, loc, base, full)
        try:
            tree = parse(text, loc, base, full)
        except PhiltreError as exc:
            self.diagnostics.extend(exc.diagnostics)
            return self._register(Expr(loc, text, ANY, ()), "None")
        scope = {name: (f"L[{name!r}]", t) for name, t in (env or {}).items()}
        code, type_ = self.gen(tree, scope, source)
        if want is not None and not _fits(type_, want):
            self.error(source.at(tree.pos), "E120", f"{what} must be {show_type(want)}, but this is {show_type(type_)}")
        names = tuple(sorted({n.name for n in ast.walk(tree) if isinstance(n, ast.Name)}))
        return self._register(Expr(loc, text, type_, names), code)

    def define_all(self) -> None:
        """Compile every definition (each once, whatever uses it)."""
        for define in self.symbols.defines.values():
            self._define_type(define)

    def build(self) -> dict:
        """Compile the generated module and attach functions to every Expr."""
        lines = list(self.functions)
        for i, code in enumerate(self.codes):
            lines.append(f"def e{i}(S, L):\n    return {code}")
        source = "\n".join(lines) + "\n"
        namespace = dict(RUNTIME)
        namespace["__builtins__"] = {}
        exec(compile(source, "<philtre ruleset>", "exec"), namespace)  # noqa: S102 - generated from the checked AST only
        for i, expr in enumerate(self.expressions):
            expr.fn = namespace[f"e{i}"]
        return namespace

    def error(self, loc: Loc, code: str, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic(loc, code, message, hint))

    # -- internals ------------------------------------------------------------------
    def _register(self, expr: Expr, code: str) -> Expr:
        self.expressions.append(expr)
        self.codes.append(code)
        return expr

    def _define_type(self, define: Define):
        return self._define(define, ())[1]

    def _define(self, define: Define, types: tuple):
        """Compile ``define`` for these argument types (once per distinct types); (function name, result type).

        Compiling a definition per argument types lets attribute reads and type tests on a
        parameter known to be a zone or a component be plain dictionary operations.
        """
        types = tuple(t if isinstance(t, str) and t in ("zone", "comp", "record", "player", "int") else ANY for t in types)
        if all(t == ANY for t in types):
            types = ()
        key = (define.name, types)
        if key in self.define_variants:
            return self.define_variants[key]
        if define.compiling:
            chain = " -> ".join(self.define_stack[self.define_stack.index(define.name):] + [define.name])
            self.error(define.loc, "E130", f"definition '{define.name}' uses itself ({chain}); the language has no recursion")
            return "None", ANY
        if define.tree is None:
            try:
                define.tree = parse(define.text, define.loc)
            except PhiltreError as exc:
                self.diagnostics.extend(exc.diagnostics)
                self.define_variants[key] = ("None", ANY)
                define.type = ANY
                return self.define_variants[key]
        define.compiling = True
        self.define_stack.append(define.name)
        fname = f"d_{define.name}" + (f"_{len(self.define_variants)}" if types else "")
        arg_types = types or (ANY,) * len(define.params)
        # a definition may read `me` and `current` where its caller has them
        scope = {"me": ("_bound(L, 'me')", "player"), "current": ("_bound(L, 'current')", "player")}
        scope.update({p: (f"v_{p}", t) for p, t in zip(define.params, arg_types)})
        code, t = self.gen(define.tree, scope, SourceText(define.text, define.loc))
        params = "".join(f", v_{p}" for p in define.params)
        self.functions.append(f"def {fname}(S, L{params}):\n    return {code}")
        self.define_stack.pop()
        define.compiling = False
        self.define_variants[key] = (fname, t)
        if not types:
            define.type = t
        return fname, t

    def gen(self, node, scope, src):
        method = getattr(self, "_g_" + type(node).__name__)
        return method(node, scope, src)

    def _g_Const(self, node, scope, src):
        v = node.value
        t = {bool: "bool", int: "int", float: "num", str: "str", type(None): "none"}[type(v)]
        return repr(v), t

    def _g_Name(self, node, scope, src):
        name = node.name
        if name in scope:
            return scope[name]
        sym = self.symbols
        if name in sym.defines:
            define = sym.defines[name]
            self.used_defines.add(name)
            if define.params:
                self.error(src.at(node.pos), "E140", f"'{name}' takes {len(define.params)} argument(s): write {name}({', '.join(define.params)})")
                return "None", ANY
            fname, t = self._define(define, ())
            return f"{fname}(S, L)", t
        if name in sym.zones:
            if sym.zones[name] == "single":
                return f"S.zones[{name!r}][0]", "zone"
            return f"S.zones[{name!r}]", ("list", "zone")
        if name in sym.variables:
            return f"S.vars[{name!r}]", ("list", ANY) if sym.variables[name] else ANY
        if name in sym.dice:
            return f"S.dice[{name!r}]", "record"
        if name in CONTEXT_NAMES:
            t, code = CONTEXT_NAMES[name]
            return code, t
        if name in sym.component_types:
            self.error(src.at(node.pos), "E151", f"'{name}' is a component type; use it after 'is' (c is {name})")
            return "None", ANY
        if name in ("me", "current"):
            self.error(src.at(node.pos), "E150", f"'{name}' is not bound here", "it exists in actions (me) and inside turns (current)")
            return "None", ANY
        candidates = set(scope) | sym.all_names()
        self.error(src.at(node.pos), "E150", f"unknown name '{name}'", did_you_mean(name, candidates))
        return "None", ANY

    def _g_Attr(self, node, scope, src):
        code, t = self.gen(node.target, scope, src)
        name = node.name
        known = self.symbols.attribute_names()
        if t in ("comp", "record", ANY, "map") or (t == "none"):
            if name not in known:
                self.error(src.at(node.name_pos), "E152", f"no component or die face has an attribute '{name}'", did_you_mean(name, known))
                return "None", ANY
            if t == "comp" or t == "record":
                return f"{code}.get({name!r})", self.symbols.attribute_type(name)
            return f"_at({code}, {name!r})", self.symbols.attribute_type(name)
        self.error(src.at(node.name_pos), "E153", f"a {show_type(t)} has no attributes (.{name})")
        return "None", ANY

    def _g_Index(self, node, scope, src):
        code, t = self.gen(node.target, scope, src)
        icode, it = self.gen(node.index, scope, src)
        if is_list(t):
            if it not in NUMERIC:
                self.error(src.at(node.index.pos), "E121", f"a list is indexed by a whole number, not a {show_type(it)}")
            if it == "player" and t[1] == "zone":
                return f"{code}[{icode}]", "zone"  # seats are always in range
            return f"_ix({code}, {icode})", t[1]
        if t == "zone":
            if it not in NUMERIC:
                self.error(src.at(node.index.pos), "E121", f"a zone is indexed by a whole number, not a {show_type(it)}")
            return f"_ix({code}, {icode})", "comp"
        if t in ("map", "record", ANY):
            return f"_get({code}, {icode})", ANY
        hint = ""
        if isinstance(node.target, ast.Name) and self.symbols.zones.get(node.target.name) == "single":
            hint = f"'{node.target.name}' is a single zone, declared without 'each' or 'copies'"
        self.error(src.at(node.pos), "E122", f"a {show_type(t)} cannot be indexed", hint)
        return "None", ANY

    def _g_Call(self, node, scope, src):
        name = node.func
        args = [self.gen(a, scope, src) for a in node.args]
        codes = [c for c, _ in args]
        types = [t for _, t in args]
        if name in BUILTINS:
            b = BUILTINS[name]
            if not (b.min_args <= len(args) <= b.max_args):
                want = str(b.min_args) if b.min_args == b.max_args else f"{b.min_args} to {b.max_args}"
                self.error(src.at(node.pos), "E140", f"{name}() takes {want} argument(s), got {len(args)}", b.doc)
                return "None", ANY
            if b.collection_arg or (name in ("min", "max") and len(args) == 1):
                if not _iterable(types[0]):
                    self.error(src.at(node.args[0].pos), "E123", f"{name}() needs a collection, got a {show_type(types[0])}")
            lead = "S, " if b.needs_state else ""
            return f"b_{name}({lead}{', '.join(codes)})", b.returns(types)
        if name in self.symbols.defines:
            define = self.symbols.defines[name]
            self.used_defines.add(name)
            if len(define.params) != len(args):
                self.error(src.at(node.pos), "E140", f"{name}() takes {len(define.params)} argument(s) ({', '.join(define.params)}), got {len(args)}")
                return "None", ANY
            fname, t = self._define(define, tuple(types))
            return f"{fname}(S, L{''.join(', ' + c for c in codes)})", t
        candidates = set(BUILTINS) | {d for d, v in self.symbols.defines.items()}
        self.error(src.at(node.pos), "E141", f"unknown function '{name}'", did_you_mean(name, candidates))
        return "None", ANY

    def _g_Comprehension(self, node, scope, src):
        inner = dict(scope)
        parts = []
        for clause in node.clauses:
            icode, it = self.gen(clause.iterable, inner, src)
            if not _iterable(it):
                self.error(src.at(clause.iterable.pos), "E123", f"cannot loop over a {show_type(it)}")
            inner = dict(inner)
            inner[clause.var] = (f"c_{clause.var}", element_type(it))  # c_: bound by iteration, never none
            part = f"for c_{clause.var} in {icode}"
            for cond in clause.conditions:
                ccode, ct = self.gen(cond, inner, src)
                self._want_bool(ct, cond, src)
                part += f" if {ccode}"
            parts.append(part)
        ecode, et = self.gen(node.element, inner, src)
        return f"[{ecode} {' '.join(parts)}]", ("list", et)

    def _g_ListLit(self, node, scope, src):
        items = [self.gen(i, scope, src) for i in node.items]
        t = "none"
        for _, it in items:
            t = _unify(t, it) if t != "none" else it
        return "[" + ", ".join(c for c, _ in items) + "]", ("list", t if items else ANY)

    def _g_MapLit(self, node, scope, src):
        pairs = [(self.gen(k, scope, src)[0], self.gen(v, scope, src)[0]) for k, v in node.pairs]
        return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}", "map"

    def _g_Unary(self, node, scope, src):
        code, t = self.gen(node.operand, scope, src)
        if node.op == "not":
            self._want_bool(t, node.operand, src)
            return f"(not {code})", "bool"
        if t not in NUMERIC:
            self.error(src.at(node.pos), "E124", f"cannot negate a {show_type(t)}")
        return f"(-{code})", "num" if t == "num" else "int"

    def _g_BinOp(self, node, scope, src):
        lc, lt = self.gen(node.left, scope, src)
        rc, rt = self.gen(node.right, scope, src)
        op = node.op
        if op == "+" and (is_list(lt) or is_list(rt)):
            if not ((is_list(lt) or lt == ANY) and (is_list(rt) or rt == ANY)):
                self.error(src.at(node.pos), "E124", f"cannot add a {show_type(lt)} and a {show_type(rt)}")
            return f"_concat({lc}, {rc})", _unify(lt, rt) if lt != ANY and rt != ANY else ANY
        if op == "+" and "str" in (lt, rt):
            if not ({lt, rt} <= {"str", ANY}):
                self.error(src.at(node.pos), "E124", f"cannot add a {show_type(lt)} and a {show_type(rt)}")
            return f"({lc} + {rc})", "str"
        for t, side in ((lt, node.left), (rt, node.right)):
            if t not in NUMERIC:
                self.error(src.at(side.pos), "E124", f"'{op}' needs numbers, got a {show_type(t)}")
                return "None", ANY
        if op == "/":
            return f"_div({lc}, {rc})", "num"
        if op in ("//", "%"):
            return f"_{'fdiv' if op == '//' else 'mod'}({lc}, {rc})", _num_type(lt, rt)
        return f"({lc} {op} {rc})", _num_type(lt, rt)

    def _g_Compare(self, node, scope, src):
        lc, lt = self.gen(node.left, scope, src)
        rc, rt = self.gen(node.right, scope, src)
        op = node.op
        if op in ("in", "not in"):
            if not (_iterable(rt) or rt in ("map", "str")):
                self.error(src.at(node.right.pos), "E123", f"'{op}' needs a collection on its right, got a {show_type(rt)}")
            return f"({lc} {op} {rc})", "bool"
        if op in ("<", "<=", ">", ">="):
            for t, side in ((lt, node.left), (rt, node.right)):
                if t not in NUMERIC and t != "str":
                    self.error(src.at(side.pos), "E124", f"'{op}' compares numbers, got a {show_type(t)}")
        return f"({lc} {op} {rc})", "bool"

    def _g_IsType(self, node, scope, src):
        code, t = self.gen(node.operand, scope, src)
        types = self.symbols.component_types
        if node.type_name not in types:
            self.error(src.at(node.type_pos), "E154", f"unknown component type '{node.type_name}'", did_you_mean(node.type_name, types))
            return "False", "bool"
        if t not in ("comp", ANY, "none"):
            self.error(src.at(node.pos), "E124", f"'is' tests a component's type, but this is a {show_type(t)}")
        inline = t == "comp" and code.startswith("c_") and code[2:].isidentifier()
        test = f"({code}['type'] == {node.type_name!r})" if inline else f"_is({code}, {node.type_name!r})"
        return (f"(not {test})" if node.negated else test), "bool"

    def _g_BoolOp(self, node, scope, src):
        lc, lt = self.gen(node.left, scope, src)
        rc, rt = self.gen(node.right, scope, src)
        self._want_bool(lt, node.left, src)
        self._want_bool(rt, node.right, src)
        return f"({lc} {node.op} {rc})", "bool"

    def _g_Conditional(self, node, scope, src):
        cc, ct = self.gen(node.condition, scope, src)
        self._want_bool(ct, node.condition, src)
        tc, tt = self.gen(node.then, scope, src)
        oc, ot = self.gen(node.otherwise, scope, src)
        return f"({tc} if {cc} else {oc})", _unify(tt, ot)

    def _want_bool(self, t, node, src):
        if t not in ("bool", ANY):
            hint = "compare it, e.g. count(x) > 0" if _iterable(t) else ""
            self.error(src.at(node.pos), "E120", f"expected true or false here, got a {show_type(t)}", hint)


def _num_type(a, b):
    if ANY in (a, b):
        return ANY  # unknown until run time: checked there
    return "num" if "num" in (a, b) else "int"


def _iterable(t) -> bool:
    return is_list(t) or t in ("zone", ANY, "map")


def _fits(t, want) -> bool:
    if t == ANY or t == want:
        return True
    if want == "int":
        return t in ("int", "player")
    if want == "num":
        return t in NUMERIC
    if want == "player":
        return t in ("int", "player")
    if want == "list":
        return is_list(t)
    if is_list(want):
        return is_list(t) and (t[1] == ANY or want[1] == ANY or _fits(t[1], want[1]))
    return False


# -- runtime helpers the generated code may call (and nothing else) ----------------------

def _bound(L, name):
    if name not in L:
        raise RuleRuntimeError(f"'{name}' is not bound where this definition was used")
    return L[name]


def _ix(seq, i):
    if type(i) is not int or not (0 <= i < len(seq)):
        raise RuleRuntimeError(f"index {i!r} is out of range (0..{len(seq) - 1})")
    return seq[i]


def _get(m, k):
    if isinstance(m, (list, tuple)):
        return _ix(m, k)
    if not isinstance(m, dict):
        raise RuleRuntimeError(f"cannot look up {k!r} in {type(m).__name__}")
    if k not in m:
        raise RuleRuntimeError(f"no entry {k!r}")
    return m[k]


def _at(x, name):
    if type(x) is Component or type(x) is dict:
        return x.get(name)
    if x is None:
        raise RuleRuntimeError(f"cannot read .{name} of none")
    raise RuleRuntimeError(f"a {type(x).__name__} has no attribute .{name}")


def _is(x, type_name):
    return type(x) is Component and x["type"] == type_name


def _div(a, b):
    if b == 0:
        raise RuleRuntimeError("division by zero")
    q = a / b
    return int(q) if q == int(q) else q


def _fdiv(a, b):
    if b == 0:
        raise RuleRuntimeError("division by zero")
    return a // b


def _mod(a, b):
    if b == 0:
        raise RuleRuntimeError("modulo by zero")
    return a % b


def _concat(a, b):
    return list(a) + list(b)


def _dice(S):
    return list(S.dice.values())


RUNTIME = {"_bound": _bound, "_ix": _ix, "_get": _get, "_at": _at, "_is": _is, "_div": _div, "_fdiv": _fdiv, "_mod": _mod, "_concat": _concat, "_dice": _dice}
RUNTIME.update({f"b_{name}": b.impl for name, b in BUILTINS.items()})


def parse_define_head(head: str):
    """`name(a, b)` or `name` -> (name, params) or None."""
    m = DEFINE_HEAD.match(head)
    if not m:
        return None
    params = tuple(p.strip() for p in m.group(2).split(",")) if m.group(2) else ()
    return m.group(1), params


__all__ = ["Compiler", "Symbols", "Define", "Expr", "RuleRuntimeError", "parse_define_head"]
