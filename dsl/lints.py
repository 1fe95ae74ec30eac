"""Lints: rules that compile but make a game silently wrong, reported as warnings (L001...).

Each lint is one small function ``(facts) -> [Diagnostic]`` in the ``LINTS`` table. They
look at a compiled ``Ruleset`` only (never at the interpreter), through ``Facts``: every
expression's tree, the definitions, and which zones each expression may name.

Lints must not cry wolf: each one stays silent where it cannot be sure (a value whose
zones it cannot follow, a condition it cannot evaluate before the game starts), and the
shipped games validate with no warning at all. docs/validating.md explains each one.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections import deque
from functools import cache, cached_property

from . import ast
from .geometry import PIECE_ATTRIBUTES
from .blocks import runs_said, with_run_said
from .builtins import ANALYSED_BY_NAME, BUILTINS, WORK, WORK_LIMIT, OutOfWork, RuleRuntimeError
from .compiler import MAP_READS, SEAT_INDEXES, Expr, data_tree, failing_definition, fractions_told, nones_named, parse_define_head, reads_scores, true_ones_counted
from .compiler import KEYED_ORDERS, named_range, named_range_hint, order_derived, words_in_order
from .describe import _scalar
from .errors import Diagnostic, Loc, PhiltreError, did_you_mean
from .model import Stmt, decision_actions, sides
from .overlays import removed_setters, setter_taken_out
from .parser import SourceText, parse
from .plain_data import Record
from .schema import component_type_keys
from .statements import DECISION_KINDS, NEXT_MUST
from .values import Zone, component_text, describe, explain, is_number, other_kind_written, values_shown
from .yamlpos import NONE_WORDS, Map, loc_of, plain, written_quoted

_PARAMETER_MARK = "\0parameter "  # a definition's parameter, in the zones its body may give (Facts.define_passes)
# a zone whose count, which every seat sees, a value may be (_public_count): a number, no read of what the zone holds
_COUNT_MARK = "\0count "
WILD = "*"  # a reference that may be to any zone: a value the lints cannot follow
ALL_SEATS = "every seat"  # an index that takes every seat in turn (`ZONE[p]` in `for: p in players`), for L030
CONSTANT_WORK = 20_000_000  # steps of work all constant evaluations of one ruleset may take
SETTLE_ROUNDS = 8  # passes to follow zones through variables set from variables

# statement kind -> (argument the components come from, argument they go to)
MOVES = {"move": ("what", "to"), "deal": ("from", "to"), "place": ("piece", "to"), "rotate": ("zones", "zones")}
# kinds that move no component: any other kind (a new one) may take components from anywhere
STILL = {"shuffle", "roll", "set_aside", "set", "let", "score", "reveal", "say", "tell", "do", "for", "repeat", "until", "turns", "round", "decide", "simultaneous"}


# -- facts about a ruleset ---------------------------------------------------------------

class Facts:
    """What the lints share about one compiled ruleset, each fact computed once."""

    def __init__(self, ruleset, scenarios_apart: bool = False):
        self.ruleset = ruleset
        self.scenarios_apart = scenarios_apart  # the scenarios.yaml beside it left out (validate, where only it fails)
        self._trees: dict = {}
        self.var_refs: dict = {}
        self._define_memo: dict = {}
        self.family_counts: dict = {}  # id of a tree -> (it, it as _family_counts writes it)
        self.written: dict = {}  # id of a count a lint wrote anew -> (it, the node the author wrote): _written
        self._constants: dict = {}  # id of an Expr -> (it, what constant() says)
        self.failed_in: dict = {}  # id of an Expr that always fails -> the definition it fails in ('in definition ...'), or ''
        self.work_left = CONSTANT_WORK
        self.define_values: dict = {}  # (definition, player count) -> its value before the game, for L032 (or why not known)

    def tree(self, expr: Expr):
        """The AST of a compiled expression (kept by the compiler, else parsed again)."""
        if getattr(expr, "tree", None) is not None:
            return expr.tree
        if expr.text not in self._trees:
            try:
                self._trees[expr.text] = parse(expr.text, expr.loc)
            except PhiltreError:
                self._trees[expr.text] = None
        return self._trees[expr.text]

    @cached_property
    def overlay_written(self) -> dict:
        """(kind, name) -> where an overlay wrote or removed it (loader.overlay_written): named beside a finding at the
        base's line that it causes; empty without variants."""
        from .loader import overlay_written

        return overlay_written(self.ruleset.source, self.ruleset.path) if self.ruleset.variants else {}

    @cached_property
    def values_removed(self) -> dict:
        """(attribute, value) -> (where an overlay removed it, who declared it) for the values of components an
        overlay's `list` or `attributes` left out (loader.values_removed); empty without variants."""
        from .loader import values_removed

        return values_removed(self.ruleset.source, self.ruleset.path) if self.ruleset.variants else {}

    @cached_property
    def defines(self) -> dict:
        """Definition name -> (params, tree or None, loc of its head)."""
        source = self.ruleset.source
        section = (source.get("define") if isinstance(source, dict) else None) or {}
        out = {}
        for head, body in section.items():
            parsed = parse_define_head(str(head))
            if parsed is None:
                continue
            text = body if isinstance(body, str) else json.dumps(body) if not isinstance(body, bool) else str(body).lower()
            try:  # (a constant table written as YAML data: the literal it is, however long)
                tree = data_tree(plain(body)) if isinstance(body, (list, dict)) else parse(text, Loc(self.ruleset.path))
            except PhiltreError:
                tree = None
            out[parsed[0]] = (parsed[1], tree, section.key_loc(head) if hasattr(section, "key_loc") else Loc(self.ruleset.path))
        return out

    def map_read(self, source, node):
        """Where ``node`` is `m.key` of a map whose keys the checker knows (an item of a constant table written as YAML
        data, a map literal), (key, the words and numbers it holds there, or None): no component's attribute, whose
        declared values say nothing of it; else None."""
        if not isinstance(node, ast.Attr):
            return None
        return (self.ruleset.namespace.get(MAP_READS) or {}).get(str(source.at(node.name_pos)))

    def define_source(self, name: str) -> SourceText:
        """Where the body of definition ``name`` is written (its head's place if that cannot be told)."""
        section = (self.ruleset.source.get("define") if isinstance(self.ruleset.source, dict) else None) or {}
        for head, body in section.items():
            if (parse_define_head(str(head)) or ("",))[0] == name:
                if isinstance(body, str) and hasattr(section, "loc_of"):
                    return SourceText(body, section.loc_of(head))
                break
        return SourceText("", self.defines[name][2])

    @cached_property
    def expressions(self) -> list:
        """Every compiled expression of the ruleset: flow, actions, components, winners, heuristic, teams, scenarios."""
        rs = self.ruleset
        sides = [getattr(spec.grid, side, None) for spec in rs.zones.values() for side in ("width", "height")]
        return _exprs_in([rs.components, list(rs.actions.values()), rs.flow, rs.winners, rs.heuristic, rs.teams, rs.scenarios,
                          list(rs.zones.values()), sides])  # (a board's size, which may be an expression, is no field)

    @cached_property
    def placed(self) -> list:
        """(statement, env, action or None) for every statement, env mapping local names to the zones they may be."""
        self._settle_variables()
        return self._walk_all()

    def _walk_all(self, held: bool = False) -> list:
        """Every statement of the flow and of the actions, with its local names (``held``: as _walk takes it)."""
        out = []
        _walk_flow(self, out, held)
        for action in self.ruleset.actions.values():
            _walk(self, action.body, self.action_env(action), action, out, held)
        return out

    def _settle_variables(self) -> None:
        """The zones each variable may hold, from every `set` of it, until nothing changes."""
        for _ in range(SETTLE_ROUNDS):
            before = dict(self.var_refs)
            for stmt, env, _ in self._walk_all(held=True):
                if stmt.kind == "set":
                    for name, _, value, _ in stmt.args.get("targets", ()):
                        self.var_refs[name] = self.var_refs.get(name, frozenset()) | self.refs(value, env)
            self._define_memo.clear()  # definitions that read variables see the new zones
            if before == self.var_refs:
                return
        self.var_refs = {name: frozenset({WILD}) for name in self.ruleset.variables}  # too tangled to follow
        self._define_memo.clear()

    _handing = False  # (while handed_to walks the flow: an action's names taken are read as no zone meanwhile)

    def action_env(self, action) -> dict:
        """An action's local names: `me`, the names it takes (handed_to) and its parameters (each the zones its choices come from)."""
        env = {"me": frozenset(), **self.handed_to(action)}
        for param in action.params:
            env[param.name] = self.refs(param.domain, env)
        return env

    def handed_to(self, action) -> dict:
        """The names ``action`` takes, each the zones the values the decisions offering it hand (`with:`) may be or were
        read from, as a `let`'s name is: a value read from a hidden zone is seen where the action scores or sets it."""
        out = dict.fromkeys(action.takes, frozenset())
        if not action.takes or self._handing:
            return out
        walked = []
        self._handing = True
        try:
            _walk_flow(self, walked, True)
        finally:
            self._handing = False
        for stmt, env, _ in walked:
            if action.name in decision_actions(stmt):
                for name, expr in stmt.args.get("with", ()):
                    if name in out:
                        out[name] |= self.refs(expr, env) | self.reads(expr, env)
        return out

    def then_env(self, action, told: bool = False) -> dict:
        """The local names an action's `then:` sees: its choices, each chosen component the zones its `do` moved it
        to (a move of it alone, without `when`: the card played lies face up when the follow-up reads it). With
        ``told``, for what a seat learns, not where a component lies: a choice every seat is told (_told_choices) keeps
        the public zones it was chosen from (a card taken from the market into a hand is still a card all saw)."""
        env = self.action_env(action)
        kept = _told_choices(self, action) if told else ()
        for stmt in action.body:
            what = stmt.args.get("what") if stmt.kind == "move" and stmt.when is None else None
            name = _bare_name(self, what) if what is not None else None
            if name in env and name != "me" and name not in kept:
                env[name] = self.refs(stmt.args.get("to"), env)
        return env

    def refs(self, expr, env) -> frozenset:
        """The zones an expression's value may be, or hold components of (WILD: any zone)."""
        if expr is None:
            return frozenset()
        tree = self.tree(expr)
        return _refs(self, tree, env) if tree is not None else frozenset({WILD})

    def define_refs(self, name, reads: bool = False, skip=None) -> frozenset:
        """The zones a definition's body may give, or (``reads``) look at, but in the subtrees ``skip`` picks;
        its parameters count at the call."""
        memo, key = self._define_memo, (name, reads, skip)
        if key not in memo:
            memo[key] = frozenset()  # there is no recursion (E130); this only guards the walk
            params, tree, _ = self.defines[name]
            env = {p: frozenset() for p in params}
            found = (_reads(self, tree, env, skip) if reads else _refs(self, tree, env)) if tree is not None else frozenset({WILD})
            memo[key] = found
        return memo[key]

    def define_passes(self, name) -> frozenset:
        """The positions of the parameters of definition ``name`` whose zones its value may be or hold (`first(h)` gives
        one of h's components; `c.rank`, a plain value, gives none of c's), for a call to add only those arguments' zones."""
        memo, key = self._define_memo, (name, "passes")
        if key not in memo:
            params, tree, _ = self.defines[name]
            memo[key] = frozenset(range(len(params)))  # (no recursion, E130: this only guards the walk)
            if tree is not None:
                marks = {p: frozenset({_PARAMETER_MARK + p}) for p in params}  # (each parameter's own mark, to trace it)
                found = _refs(self, tree, marks)
                memo[key] = frozenset(i for i, p in enumerate(params) if _PARAMETER_MARK + p in found)
        return memo[key]

    def reads(self, expr, env) -> frozenset:
        """The zones an expression looks at anywhere (its loops and conditions too), not only those its value may be."""
        if expr is None:
            return frozenset()
        tree = self.tree(expr)
        return _reads(self, tree, env) if tree is not None else frozenset({WILD})

    @cached_property
    def scoring_refs(self) -> frozenset:
        """Zones that the points and the winners may read."""
        out = frozenset()
        for stmt, env, _ in self.placed:
            if stmt.kind == "score":  # (its `when` too: points given or not by what a zone holds read it)
                out |= self.reads(stmt.args.get("add"), env) | self.reads(stmt.args.get("floor"), env) | self.reads(stmt.when, env)
                out |= self.reads(stmt.args.get("set"), env)
        for key in self.ruleset.winners.keys:
            out |= self.reads(key, {"p": frozenset()})
        return out

    @cached_property
    def rules_reads(self) -> frozenset:
        """Zones that a rule of the flow or of an action may read (a condition, a choice, a value; through definitions),
        but where a move, deal or placement puts components: a zone read so is no dead end (L007)."""
        out = frozenset()
        for stmt, env, _ in self.placed:
            into = stmt.args.get(MOVES[stmt.kind][1]) if stmt.kind in MOVES and stmt.kind != "rotate" else None
            own = [value for value in stmt.args.values() if value is not into and not _is_block(value)]
            for expr in _exprs_in([own, stmt.when]):
                out |= self.reads(expr, env)
        for action in self.ruleset.actions.values():
            env = self.action_env(action)
            for expr in _exprs_in([[param.domain for param in action.params], action.condition]):
                out |= self.reads(expr, env)
        return out

    @cached_property
    def scoring_looks(self) -> frozenset:
        """Zones whose contents the points and the winners may read: as ``scoring_refs``, but a zone the scoring only
        counts where every seat sees its count (`count(won[p])`, `count: everyone`) is no read (as for L021), nor is a
        `let` name given that count."""
        out, lets = frozenset(), None
        for stmt, env, _ in self.placed:
            if stmt.kind == "score":
                lets = _lets_in_scope(self) if lets is None else lets  # (worked out once, for a ruleset that scores)
                for expr in (stmt.args.get("add"), stmt.args.get("set"), stmt.args.get("floor"), stmt.when):
                    out |= self._looks(expr, env, lets.get(id(stmt), {}))
        for key in self.ruleset.winners.keys:
            out |= self._looks(key, {"p": frozenset()}, {})
        return out

    def _looks(self, expr, env, lets) -> frozenset:
        """The zones an expression reads, but those it only counts where the count is public (through the `let` names
        in ``lets`` too, _looked_at)."""
        if expr is None:
            return frozenset()
        return _looked_at(self, self.tree(expr), env, lets)

    def constant(self, expr):
        """(True, value) if ``expr`` gives the same value in every position, (False, error) if it always fails, else None."""
        if expr is None:
            return None
        if id(expr) not in self._constants:
            self._constants[id(expr)] = (expr, self._evaluate_alone(expr))
        return self._constants[id(expr)][1]

    def condition(self, expr):
        """As ``constant``, for a condition (a `when`, an `until`): else (True, its truth) where a side that decides it
        is constant whatever the other reads (`X and false` is always false, `X or true` always true), else None."""
        found = self.constant(expr)
        if found is not None or expr is None:
            return found
        truth = _truth_folded(self.tree(expr))
        return None if truth is None else (True, truth)

    @cached_property
    def variables_changed(self) -> frozenset | None:
        """The variables a statement of the flow or of an action may change (a `set` of it, whole or one seat's);
        None where that cannot be told (a statement of a kind not known here to leave every variable alone)."""
        changed = set()
        for stmt in (stmt for body in self.ruleset.statement_blocks for stmt in _statements_in(body)):
            if stmt.kind == "set":
                for target in stmt.args.get("targets", ()):
                    if not (isinstance(target, tuple) and target and isinstance(target[0], str)):
                        return None  # a target whose name is not written out may be any variable
                    changed.add(target[0])
            elif stmt.kind not in STILL and stmt.kind not in MOVES:
                return None
        return frozenset(changed)

    @cached_property
    def held_variables(self) -> dict:
        """Variable -> its initial value, for each one (not per seat) that no statement ever changes: it keeps that value
        the whole game (a per-seat one's depends on the player count: not held)."""
        changed = self.variables_changed
        if changed is None:
            return {}
        return {name: spec.initial for name, spec in self.ruleset.variables.items() if not spec.per_owner and name not in changed}

    def constant_held(self, expr):
        """As ``constant``, but each variable no statement changes read as the value it keeps (held_variables):
        (what constant() would say then, [the names of those it read]); None if it reads none of them, or the game."""
        if expr is None or not self.held_variables:
            return None
        state = _HeldState(self.held_variables)
        found = self._evaluate_alone(expr, state)
        return (found, state.vars.read) if found is not None and state.vars.read else None

    @cached_property
    def removed_setters(self) -> dict:
        """Variable -> [(the statement, where, how)] of each statement that set it and that an overlay took out (overlays.removed_setters)."""
        return removed_setters(self.ruleset)

    def _evaluate_alone(self, expr, state=None):
        """Evaluate an expression with no game at all (but ``state``'s variables): it is constant if it never asks for one."""
        if self.work_left <= 0:
            return None
        spent = None
        try:
            value = expr.fn(_NoState() if state is None else state, _NoLocals())
            return True, value
        except _ReadsState:
            return None
        except OutOfWork as exc:
            spent = WORK_LIMIT
            self._failed(expr, exc, state)  # (the definitions running, outermost first: the nesting that multiplied it)
            return False, str(exc)
        except RuleRuntimeError as exc:
            self._failed(expr, exc, state)
            return False, str(exc)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, ZeroDivisionError) as exc:
            self._failed(expr, exc, state)
            return False, explain(exc)
        finally:
            self.spend(spent)

    def _failed(self, expr, exc, state) -> None:
        """Keep the definition ``expr`` failed in with no game at all (failed_in), for L009 to name."""
        if state is None:
            self.failed_in[id(expr)] = failing_definition(exc, self.ruleset.namespace)

    def spend(self, spent=None) -> None:
        """Count the work of the evaluation just made (``spent``, else what its budget lost) against CONSTANT_WORK.

        An evaluation that ran out of work did WORK_LIMIT; out_of_work has filled the budget again, so it
        looked free: 200 such definitions were evaluated to their end, 0.3 s each (a 2 MB file: hours).
        """
        self.work_left -= WORK_LIMIT - WORK[0] if spent is None else spent
        WORK[0] = WORK_LIMIT


def _exprs_in(value, seen=None) -> list:
    """Every Expr inside plain data: Records, tuples, lists, dicts."""
    seen = set() if seen is None else seen
    out = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Expr):
            out.append(v)
        elif id(v) in seen:
            continue
        elif isinstance(v, Record):
            seen.add(id(v))
            stack.extend(v.field_values())
        elif isinstance(v, (list, tuple)):
            seen.add(id(v))
            stack.extend(v)
        elif isinstance(v, dict):
            seen.add(id(v))
            stack.extend(v.values())
    return out


def _walk(facts, block, env, action, out, held: bool = False) -> None:
    """Statements of a block in order, with the local names each sees: a `let` name as the zones its value may be or
    was read from (what scoring through it reads), or, ``held``, only those its value may be, as its expression is."""
    for stmt in block:
        out.append((stmt, env, action))
        if stmt.kind == "let":  # its names reach the statements after it
            env = dict(env, **{name: facts.refs(expr, env) | (frozenset() if held else facts.reads(expr, env))
                               for name, expr in stmt.args.get("names", ())})
        inner = env
        if stmt.kind == "for":
            inner = dict(env, **{stmt.args.get("var", "_"): facts.refs(stmt.args.get("items"), env)})
        elif stmt.kind == "repeat" and stmt.args.get("var"):
            inner = dict(env, **{stmt.args["var"]: frozenset()})
        elif stmt.kind == "turns":
            inner = dict(env, current=frozenset())
        for block_ in _blocks(stmt):
            _walk(facts, block_, inner, action, out, held)
        if stmt.otherwise:
            _walk(facts, stmt.otherwise, env, action, out, held)


def _walk_flow(facts, out, held: bool = False, told: bool = False) -> None:
    """The flow's statements, then each action's `then:`'s (run as flow, seeing `me` and the action's choices, as
    then_env gives them with ``told``), as _walk gives them (no action: they are the flow's)."""
    _walk(facts, facts.ruleset.flow, {}, None, out, held)
    for action in facts.ruleset.actions.values():
        if action.then is not None:
            _walk(facts, action.then.args["body"], facts.then_env(action, told), None, out, held)


def _blocks(stmt):
    """The statement blocks a statement holds (bodies), not its `else`."""
    for value in stmt.args.values():
        if _is_block(value):
            yield value


def _is_block(value) -> bool:
    """Whether an argument of a statement is a block of statements (a body)."""
    return isinstance(value, tuple) and bool(value) and all(isinstance(s, Stmt) for s in value)


def _refs(facts, node, env) -> frozenset:
    """The zones an AST may refer to (its value, or components it holds), following definitions and variables."""
    if isinstance(node, ast.MapComp):  # (its names and parts, as a list comprehension's of its pairs)
        node = ast.listed(node)
    if isinstance(node, ast.Name):
        if node.name in env:
            return env[node.name]
        if node.name in facts.defines:
            return facts.define_refs(node.name)
        if node.name in facts.ruleset.zones:
            return frozenset({node.name})
        if node.name in facts.ruleset.variables:
            return facts.var_refs.get(node.name, frozenset())
        if node.name == "components":
            return frozenset({WILD})
        return frozenset()
    if isinstance(node, ast.Comprehension):
        inner = dict(env)
        for clause in node.clauses:
            inner[clause.var] = _refs(facts, clause.iterable, inner)
        return _refs(facts, node.element, inner)
    if isinstance(node, ast.Call):
        counted = _public_count(facts, node)
        if counted is not None:
            return counted
        out = frozenset({WILD}) if node.func == "zone_of" else frozenset()
        passed = range(len(node.args))
        if node.func in facts.defines:
            out |= facts.define_refs(node.func)
            passed = facts.define_passes(node.func)  # (an argument the definition only reads a plain value of is no zone)
        for i, arg in enumerate(node.args):
            if i in passed:
                out |= _refs(facts, arg, env)
        return out
    if isinstance(node, (ast.Compare, ast.IsType, ast.BoolOp, ast.Const)) or (isinstance(node, ast.Unary) and node.op == "not"):
        return frozenset()  # true or false, or a constant: no zone
    if isinstance(node, ast.Conditional):
        return _refs(facts, node.then, env) | _refs(facts, node.otherwise, env)
    if isinstance(node, ast.Attr):
        return frozenset()  # an attribute is a plain value
    out = frozenset()
    for sub in _subtrees(node):
        out |= _refs(facts, sub, env)
    return out


def _public_count(facts, node):
    """What a count every seat sees may be, for _refs, else None: `count(buried[p])` (`count: everyone`, also written
    `count(c for c in buried[p])`) the zone's mark (_COUNT_MARK), `count(hand)` (the number of a family's zones) nothing.
    Through a variable or a `let` given it, as read directly, it tells no seat what the zone holds (a trial's
    coins set from the count of a face-down pile were L006's and L021's)."""
    node = _items_counted(facts, node) or node
    if _counts_in_public(facts, node):
        return frozenset({_COUNT_MARK + _counted_zone(facts, node.args[0])[0]})
    return frozenset() if _counts_zones(facts, node) and not _counts_a_zone(facts, node) else None


def _reads(facts, node, env, skip=None) -> frozenset:
    """The zones an AST looks at anywhere: every name that may be a zone, through definitions and loop variables
    (but in the subtrees for which ``skip(facts, node)`` is true, in definitions too)."""
    if isinstance(node, ast.MapComp):  # (its names and parts, as a list comprehension's of its pairs)
        node = ast.listed(node)
    if isinstance(node, ast.Call) and _items_counted(facts, node) is not None:
        node = _family_counts(facts, node)  # (`count(c for c in hand[p])` reads how many, not which, as `count(hand[p])`)
    if skip is not None and skip(facts, node):
        return frozenset()
    if skip is not None and _counts_listed(facts, node, env):  # (the number of a family's zones, every seat knows it)
        return _reads(facts, node.args[0].index, env, skip) if isinstance(node.args[0], ast.Index) else frozenset()
    if isinstance(node, ast.Name):
        if node.name in facts.defines and node.name not in env:
            return facts.define_refs(node.name, reads=True, skip=skip)
        return _refs(facts, node, env)
    if isinstance(node, ast.Comprehension):
        node = _family_counts(facts, node)  # `count(z) for z in FAMILY` counts one zone, as `count(FAMILY[i])` does
        inner, out = dict(env), frozenset()
        for clause in node.clauses:
            if skip is None or not _zones_listed(facts, clause.iterable, inner):  # (a family's zones are a list all
                out |= _reads(facts, clause.iterable, inner, skip)  # know: what is read of them is followed by name)
            elif isinstance(clause.iterable, ast.Index):  # (a seat's N zones, line[p]: what its seat reads, still read)
                out |= _reads(facts, clause.iterable.index, inner, skip)
            # (a name over what ``skip`` leaves out reads none of it: `c.rank for c in hand[me]`, the seat's own hand)
            inner[clause.var] = frozenset() if skip is not None and skip(facts, clause.iterable) else _refs(facts, clause.iterable, inner)
            for cond in clause.conditions:
                out |= _reads(facts, cond, inner, skip)
        return out | _reads(facts, node.element, inner, skip)
    out = frozenset()
    if isinstance(node, ast.Call):
        out = frozenset({WILD}) if node.func == "zone_of" else frozenset()
        if node.func in facts.defines:
            out |= facts.define_refs(node.func, reads=True, skip=skip)
    for sub in _subtrees(node):
        out |= _reads(facts, sub, env, skip)
    return out


def _family_counts(facts, node):
    """``node`` with each `count(v)`, where ``v`` is a comprehension's name over a family's bare name (`for z in FAMILY`),
    written `count(FAMILY[v])`: it counts one zone of the family, which the count lints can then tell (as they tell
    `count(FAMILY[i])`), not what the zones hold; and each count of an unfiltered comprehension written as the counts
    of what it goes over (_items_counted). A name over a family of N zones an owner's bare name (`for zs in sq`), a
    seat's row of zones, is written as that row, `sq[zs]`, `zs` going over the rows' positions: `for z in zs` is then
    `for z in sq[zs]`, whose `count(z)` counts one zone (a trial's `[count(z) for zs in sq for z in zs]`)."""
    key = id(node)
    if key in facts.family_counts:
        return facts.family_counts[key][1]
    zones = facts.ruleset.zones

    def rewritten(sub, over, rows=frozenset()):
        """``sub`` with `count(v)` made `count(FAMILY[v])` for each name v -> FAMILY in ``over``, and each name r ->
        FAMILY in ``rows`` made `FAMILY[r]`."""
        counted = _items_counted(facts, sub)
        if counted is not None:
            return _written_for(facts, rewritten(counted, over, rows), sub)
        if isinstance(sub, ast.Comprehension):
            over, rows, clauses = dict(over), dict(rows), []
            for clause in sub.clauses:
                iterable = rewritten(clause.iterable, over, rows)
                over.pop(clause.var, None)  # (a clause's own name hides an outer one)
                rows.pop(clause.var, None)
                if (isinstance(iterable, ast.Name) and iterable.name in zones and zones[iterable.name].nested
                        and iterable.name not in over):  # (`for zs in sq`: zs goes over the rows' positions)
                    rows[clause.var] = iterable
                    iterable = ast.Call(iterable.pos, "range", (ast.Call(iterable.pos, "count", (iterable,)),))
                elif _zones_listed(facts, iterable):  # (`for z in hand`, `for z in line[p]`: count(z) counts one zone)
                    over[clause.var] = iterable
                clauses.append(ast.Clause(clause.pos, clause.var, iterable,
                                          tuple(rewritten(c, over, rows) for c in clause.conditions)))
            return ast.Comprehension(sub.pos, rewritten(sub.element, over, rows), tuple(clauses))
        if isinstance(sub, ast.Name) and sub.name in rows:
            return ast.Index(sub.pos, rows[sub.name], sub)
        if (isinstance(sub, ast.Call) and sub.func == "count" and len(sub.args) == 1 and isinstance(sub.args[0], ast.Name)
                and sub.args[0].name in over):
            arg = sub.args[0]
            return _written_for(facts, ast.Call(sub.pos, "count", (ast.Index(arg.pos, over[arg.name], arg),)), sub)
        if isinstance(sub, tuple):
            return tuple(rewritten(item, over, rows) for item in sub)
        if not isinstance(sub, ast.Node):
            return sub
        return type(sub)(*(rewritten(value, over, rows) for value in sub.field_values()))

    out = (rewritten(node, {}) if any(isinstance(n, ast.Comprehension) or _items_counted(facts, n) is not None
                                      for n in ast.walk(node)) else node)
    facts.family_counts[key] = (node, out)  # (the node kept, so its id is not reused)
    return out


def _written_for(facts, new, old, read_as: bool = False):
    """``new``, a count a lint wrote for the count ``old`` (`count(sq[p][z])` for `count(z)`), kept as written ``old``
    (or as what ``old`` was written for), for a message to quote the author's text (_quoted); ``new`` returned. A sum
    of counts (_items_counted's) is kept so with its count. ``read_as``: a message says ``new`` too, after the author's
    text (one zone a choice may be, `count(src)` read as `count(hand[left(me)])`, names the seat counted)."""
    old = facts.written.get(id(old), (None, old))[1]
    summed = isinstance(new, ast.Call) and new.func == "sum" and isinstance(new.args[0], ast.Comprehension)
    for node in (new, new.args[0].element if summed else None):
        if isinstance(node, ast.Call) and node.func == "count":
            facts.written[id(node)] = (node, old, read_as)
    return new


def _quoted(facts, node) -> str:
    """``node`` quoted for a message as its author wrote it: a count a lint wrote anew (_written_for) as the one written
    (`count(z)` over `sq[left(me)]`, not `count(sq[left(me)][z])`), with ", read as" the count written anew where that
    says more (_written_for's ``read_as``); any other node as it is (ast.text)."""
    _, old, read_as = facts.written.get(id(node), (None, node, False))
    return f"`{ast.text(old)}`" + (f", read as `{ast.text(node)}`" if read_as else "")


def _count_said(facts, node) -> str:
    """A count of one zone quoted for a message: as its author wrote it (_quoted), with the zone it counts where that
    is a count a lint wrote anew (`count(z)` of 'hand', z going over the family)."""
    quoted = _quoted(facts, node)
    return quoted + (f" of '{_counted_zone(facts, node.args[0])[0]}'" if quoted != f"`{ast.text(node)}`" else "")


def _items_counted(facts, node):
    """For `count(X)`, X a comprehension (or a definition without parameters whose body is one) whose last clause has no
    `if`, the same number counted from what X goes over: `count(c for c in hand[p])` is `count(hand[p])`, and
    `count([c for p in players for c in hand[p]])` is `sum(count(hand[p]) for p in players)`; else None. Its items
    are left unread, as a count reads no more than how many there are (an `if` on the last clause reads them)."""
    if not (isinstance(node, ast.Call) and node.func == "count" and len(node.args) == 1):
        return None
    items = node.args[0]
    if isinstance(items, ast.Name) and items.name in facts.defines:
        params, body, _ = facts.defines[items.name]
        items = body if not params else None
    if not isinstance(items, ast.Comprehension) or items.clauses[-1].conditions:
        return None
    last = ast.Call(node.pos, "count", (items.clauses[-1].iterable,))
    if len(items.clauses) == 1:
        return last
    return ast.Call(node.pos, "sum", (ast.Comprehension(items.pos, last, items.clauses[:-1]),))


def _truth_folded(node):
    """A condition's truth where its tree alone decides it (a constant, `X and false`, `X or true`, `not` of one), else None."""
    if isinstance(node, ast.Const):
        return bool(node.value)
    if isinstance(node, ast.Unary) and node.op == "not":
        inner = _truth_folded(node.operand)
        return None if inner is None else not inner
    if isinstance(node, ast.BoolOp):
        sides = (_truth_folded(node.left), _truth_folded(node.right))
        deciding = node.op == "or"  # a side of this truth decides the whole, whatever the other: true for or, false for and
        if deciding in sides:
            return deciding
        if sides == (not deciding, not deciding):
            return not deciding
    return None


def _subtrees(node):
    """The direct subtrees of an AST node."""
    for value in node.__dict__.values():
        for item in value if isinstance(value, tuple) else (value,):
            for sub in item if isinstance(item, tuple) else (item,):
                if isinstance(sub, ast.Node):
                    yield sub


def _names_used(tree) -> set:
    """Names and called functions in a tree."""
    if tree is None:
        return set()
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.Name)} | {n.func for n in ast.walk(tree) if isinstance(n, ast.Call)}


class _ReadsState(Exception):
    """Raised when a constant evaluation touches the game: the expression is not constant."""


class _NoState:
    """A state that refuses every read (but says there is no memo, so definitions compute, and keeps no value of a
    definition yet: builtins.keep_once)."""

    memo = None
    consts = None

    def __getattr__(self, name):
        raise _ReadsState(name)


class _HeldVariables:
    """A state's variables before any game where only those no statement changes may be read: the values they keep."""

    def __init__(self, held: dict):
        self.held, self.read = held, []

    def __getitem__(self, name):
        if name not in self.held:
            raise _ReadsState(name)
        if name not in self.read:
            self.read.append(name)
        return self.held[name]

    def get(self, name, default=None):
        return self[name]

    def __contains__(self, name):
        raise _ReadsState(name)

    def __getattr__(self, name):
        raise _ReadsState(name)


class _HeldState(_NoState):
    """A state that refuses every read but of the variables no statement changes (the constant folding of L004)."""

    def __init__(self, held: dict):
        self.vars = _HeldVariables(held)


class _NoLocals(dict):
    """Local names that refuse every read."""

    def __getitem__(self, key):
        raise _ReadsState(key)

    def __contains__(self, key):
        raise _ReadsState(key)

    def get(self, key, default=None):
        raise _ReadsState(key)


# -- the lints ------------------------------------------------------------------------------

def l001_unused_definitions(facts) -> list:
    """L001: a definition nothing uses (not the flow, an action, a component, the winners, the heuristic, the teams,
    play's board (`show`) or a scenario)."""
    used = _definitions_used(facts)
    if facts.ruleset.variants and any(loc.path == facts.ruleset.path for name, (_, _, loc) in facts.defines.items() if name not in used):
        used |= _used_by_the_base(facts)  # (loaded again only where the base wrote one the overlays leave unused)
    return [Diagnostic(loc, "L001", _unused_message(facts, name, used), _unused_hint(facts, name, used, loc))
            for name, (_, _, loc) in facts.defines.items() if name not in used]


def _definitions_used(facts) -> set:
    """The definitions something reads: the expressions, play's board (`show`), the scenarios, directly or not."""
    return _definitions_read(facts, facts.expressions) | _definitions_read(facts, facts.ruleset.shown) | _base_scenarios_read(facts)


def _used_by_the_base(facts) -> set:
    """With overlays applied, the definitions the base itself uses (loaded again without them; its scenarios.yaml read
    as text, as _base_scenarios_read reads it): one the base uses and only an overlay leaves unused fails nothing (a
    variant's `over` that no longer reads the base's `target`), as the variant plays the same with it and the base's own
    check is clean. None where the base cannot be loaded alone."""
    from .loader import load_ruleset

    try:
        base = load_ruleset(facts.ruleset.path, beside=False)
    except PhiltreError:  # (the base's own check says why)
        return set()
    return _definitions_used(Facts(base, scenarios_apart=True))


def _unused_message(facts, name: str, used: set) -> str:
    """L001's message: "never used", or the unused definitions that alone read it (`power` read by `winner2` only:
    "never used" sent the author looking for a use that is there)."""
    users = [other for other, (params, tree, _) in facts.defines.items()
             if other != name and other not in used and name not in params and name in _names_used(tree)]
    if not users:
        return f"definition '{name}' is never used"
    named = " and ".join(f"'{u}'" for u in users) if len(users) <= 2 else ", ".join(f"'{u}'" for u in users[:-1]) + f" and '{users[-1]}'"
    return f"definition '{name}' is used only by {named}, which {'is' if len(users) == 1 else 'are'} never used"


def _definitions_read(facts, exprs) -> set:
    """The definitions the expressions read, directly or through other definitions."""
    return _definitions_closure(facts, {name for expr in exprs if expr is not None for name in _names_used(facts.tree(expr))})


def _definitions_closure(facts, names: set) -> set:
    """The definitions among ``names``, with every definition they read in turn."""
    read: set = set()
    todo = [name for name in names if name in facts.defines]
    while todo:
        name = todo.pop()
        if name not in read:
            read.add(name)
            todo.extend(n for n in _names_used(facts.defines[name][1]) if n in facts.defines and n not in facts.defines[name][0])
    return read


def names_read(facts, exprs) -> set:
    """The names the expressions read, directly or in the definitions they call (a variable's name among them)."""
    names = {name for expr in exprs if expr is not None for name in _names_used(facts.tree(expr))}
    return names.union(*(_names_used(facts.defines[name][1]) for name in _definitions_closure(facts, names)))


def _base_scenarios_read(facts) -> set:
    """The definitions the scenarios.yaml beside the rules reads where it was not loaded with them: with overlays (its
    scenarios test the base), or left out as its own errors stopped the load (``facts.scenarios_apart``), a definition
    only they use is used; every definition where that file cannot be read then."""
    names = _sibling_scenario_names(facts)
    return set(facts.defines) if names is None else _definitions_closure(facts, names)


def _sibling_scenario_names(facts):
    """The names the expressions of the scenarios.yaml beside the rules use, where it was not loaded with them (an
    empty set where it was), or None where it cannot be read."""
    if not facts.ruleset.variants and not facts.scenarios_apart:
        return set()
    from .loader import load_file, sibling_scenarios_path

    sibling = sibling_scenarios_path(facts.ruleset.path)
    try:
        data = load_file(sibling) if os.path.isfile(sibling) else None
    except PhiltreError:  # unreadable or broken: its own check reports it; each word of its text may be a name
        return set() if facts.ruleset.variants else _words_written(sibling)
    names = set()
    for text in _scenario_texts(data):
        try:
            names |= _names_used(parse(text, Loc(sibling)))
        except PhiltreError:  # a broken expect is the scenarios' check's to report: each word of it may be a name
            names |= set(re.findall(r"[A-Za-z_]\w*", text))
    return names


def _words_written(path: str):
    """Every word of the text of the file at ``path``, which YAML cannot read (a scenarios.yaml with a bracket left bare):
    a definition named nowhere in it is used by none of its scenarios, whatever they were meant to be (L001 still said
    of the rules); None where it cannot be read at all."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return set(re.findall(r"[A-Za-z_]\w*", f.read(4_000_000)))
    except OSError:
        return None


def _scenario_texts(data) -> list:
    """Every text of a scenarios file that may be an expression (not a scenario's name or description)."""
    if isinstance(data, dict):
        return [t for k, v in data.items() if k not in ("name", "description")
                for t in ([k] if isinstance(k, str) else []) + _scenario_texts(v)]
    if isinstance(data, list):
        return [t for v in data for t in _scenario_texts(v)]
    return [data] if isinstance(data, str) and data.strip() else []


def _unused_hint(facts, name: str, used: set, loc) -> str:
    """What to do about an unused definition. One spelt like a used one is most likely a typo for it (an
    overlay's `limt: 15` adds a definition and leaves `limit` as it was)."""
    written_apart = [other for other in used if facts.defines[other][2].path != loc.path]
    close = did_you_mean(name, written_apart) if facts.ruleset.variants and loc.path != facts.ruleset.path else None
    if close:  # (two definitions of one file spelt alike are two definitions: the hint is for an overlay's misspelling)
        return f"{close} as written, '{name}' is a new definition and the rules read the other, unchanged"
    return "remove it, or use it in a rule"


def l002_actions_never_offered(facts) -> list:
    """L002: an action no `decide` or `simultaneous` step names: no player can ever take it."""
    offered = _actions_offered(facts)
    return [Diagnostic(action.loc, "L002", f"action '{name}' is never offered: no decide or simultaneous step names it",
                       _misspelt_action_hint(facts, name, offered) or _base_action_hint(facts, name)
                       or "name it in a decide or simultaneous step, or remove it")
            for name, action in facts.ruleset.actions.items() if name not in offered]


def _base_action_hint(facts, name: str) -> str:
    """For a base's action that no step offers once variants are applied (an overlay's flow that left out its `decide`):
    the fix is the overlay's to make, as L001's is for a definition, since the base is not the overlay author's to edit;
    else ''."""
    rs = facts.ruleset
    if not rs.variants or rs.actions[name].loc.path != rs.path:
        return ""
    return (f"it is the base's, not the overlay's to edit: name it in a decide or simultaneous step of the overlay's flow, "
            f"or remove it there with actions: {{{name}: {{$remove: true}}}}")


def _actions_offered(facts) -> set:
    """The actions a `decide` or `simultaneous` step names."""
    return {a for stmt, _, _ in facts.placed if stmt.kind in ("decide", "simultaneous") for a in decision_actions(stmt)}


def _misspelt_action_hint(facts, name: str, offered: set) -> str:
    """For an action an overlay adds, never offered, spelt like an offered one written elsewhere (`actions: {plcae:
    {choose: ...}}` over the base's `place`): a merge adds it as a new action and leaves the other as it was; else ''."""
    loc = facts.ruleset.actions[name].loc
    if not facts.ruleset.variants or loc.path == facts.ruleset.path or name in offered:
        return ""
    written_apart = [other for other in offered if other in facts.ruleset.actions
                     and facts.ruleset.actions[other].loc.path != loc.path]
    close = did_you_mean(name, written_apart)
    return f"{close} as written, '{name}' is a new action and the rules offer the other, unchanged" if close else ""


def l038_fallback_never_offered(facts) -> list:
    """L038: a `decide` or `simultaneous` whose `otherwise:` is never offered: one of its own actions always gives the
    seat an option (it chooses nothing and has no `if:`, or one always true), and the fallback is offered only where
    they give none (a trial's `decide: inspect` with `otherwise: let_through`: never let through)."""
    written = None
    out = []
    for stmt, _, _ in facts.placed:
        fallback = stmt.args.get("fallback") if stmt.kind in ("decide", "simultaneous") else None
        always = next((name for name in stmt.args.get("actions", ()) if fallback and _always_an_option(facts, name)), None)
        if always is None:
            continue
        written = _fallbacks_written(facts) if written is None else written  # (worked out once, for a ruleset with a finding)
        listed = ", ".join(stmt.args["actions"] + fallback)
        out.append(Diagnostic(written.get(str(stmt.loc), stmt.loc), "L038",
                              f"otherwise: {', '.join(fallback)} is never offered: '{always}' always gives the seat an "
                              f"option (it chooses nothing, and has no if: that may fail), and the fallback is offered "
                              f"only where the decision's actions give none",
                              f"to offer them all each time, list them: {stmt.kind}: [{listed}]; to offer the fallback only "
                              f"where '{always}' may not be taken, give '{always}' an if: that says when it may"))
    return out


def l039_set_reads_an_earlier_key(facts) -> list:
    """L039: a value of a `set` reads a variable an earlier key of the same `set` wrote (any seat's entry of it): the
    targets are set one after another, so it reads the value just set, not the one from before the `set` (a
    trial's `"gold[me]": "gold[me] + min(gold[t], fine)"` after `"gold[t]": "gold[t] - fine"` paid from the
    gold already lowered). A key's own entry read in its value (`"gold[t]": "gold[t] + paid"` after `"gold[me]": ...`,
    a transfer) is no finding: another seat's entry was written, unless a key wrote the variable whole."""
    out, memo = [], {}
    for stmt, env, _ in facts.placed:
        written: dict = {}  # variable -> the keys of this set so far that wrote it, as written
        for name, index, value, _ in stmt.args.get("targets", ()) if stmt.kind == "set" else ():
            key = _key_text(name, index)
            tree = facts.tree(value) if written else None
            reads = _variables_read(facts, tree, env, memo) if tree is not None else []
            for variable, nodes in _reads_of_earlier_keys(tree, key, reads, written).items():
                out.append(_earlier_key_finding(facts, env, key, value, written[variable], nodes))
            written.setdefault(name, []).append(key)
    return out


def _reads_of_earlier_keys(tree, key: str, reads: list, written: dict) -> dict:
    """Variable -> the nodes of ``reads`` (each a name, as `gold[t]` where indexed, or a definition's use) in ``tree``,
    the value of ``key``, that read one ``written`` by an earlier key; the key's own entry (`gold[t]` in the value of
    "gold[t]") only where an earlier key wrote the variable whole."""
    spelt = {id(node.target): node for node in ast.walk(tree) if isinstance(node, ast.Index)} if reads else {}  # name -> name[...]
    out: dict = {}
    for variable, node in reads:
        node = spelt.get(id(node), node)
        own = _unspaced(ast.text(node)) == _unspaced(key) and all("[" in k for k in written.get(variable, ()))
        if variable in written and not own:
            out.setdefault(variable, []).append(node)
    return out


def _key_text(name: str, index) -> str:
    """A key of a `set` as written: `gold`, or `gold[t]`."""
    return name if index is None else f"{name}[{index.text.strip()}]"


def _variables_read(facts, tree, env, memo) -> list:
    """(variable, node) for each read of a variable in ``tree`` (the name, or the use of a definition that reads it),
    in the order written; a local name (``env``, a comprehension's) is no variable."""
    bound = set(env) | {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)}
    out = []
    for node in ast.walk(tree):
        used = node.func if isinstance(node, ast.Call) else node.name if isinstance(node, ast.Name) else None
        if used is None or used in bound:
            continue
        if isinstance(node, ast.Name) and used in facts.ruleset.variables:
            out.append((used, node))
        elif used in facts.defines:
            out += [(variable, node) for variable in _definition_variables(facts, used, memo)]
    return sorted(out, key=lambda read: read[1].pos)


def _definition_variables(facts, name: str, memo) -> tuple:
    """The variables definition ``name`` reads, directly or through the definitions it uses."""
    if name not in memo:
        memo[name] = ()  # there is no recursion (E130); this only guards the walk
        params, body, _ = facts.defines[name]
        memo[name] = tuple(dict.fromkeys(v for v, _ in _variables_read(facts, body, params, memo))) if body is not None else ()
    return memo[name]


def _earlier_key_finding(facts, env, key: str, value, earlier: list, reads: list) -> Diagnostic:
    """L039's finding at a read in ``value`` (of ``key``) of a variable the ``earlier`` keys set: the read written as one
    of those keys if there is one (`gold[t]`), else the first."""
    read = next((node for node in reads if _unspaced(ast.text(node)) in map(_unspaced, earlier)), reads[0])
    first = next((k for k in earlier if _unspaced(k) == _unspaced(ast.text(read))), earlier[0])
    defined = read.func if isinstance(read, ast.Call) else read.name if isinstance(read, ast.Name) and read.name in facts.defines else ""
    through = f" (through '{defined}')" if defined else ""
    return Diagnostic(_source(value).at(read.pos), "L039",
                      f"the value of \"{key}\" reads '{first.partition('[')[0]}'{through}, which the earlier key \"{first}\" "
                      "of this set has already set: a set's keys are set one after another, so it reads the new value, "
                      "not the one from before the set", _earlier_key_hint(facts, env, key, value, read, first))


def _unspaced(text: str) -> str:
    """``text`` without its spaces (`gold[ t ]` is `gold[t]`)."""
    return "".join(text.split())


def _earlier_key_hint(facts, env, key: str, value, read, earlier: str) -> str:
    """L039's hint: a `let` before the set keeping the value from before it (written out for the read, with the value
    rewritten to use it where the read is written as ``ast.text`` writes it), or a set of its own if the new value is meant."""
    kept = ast.text(read) if not isinstance(read, ast.Call) else ""
    tail = f"; if the new value is meant, set \"{earlier}\" in a set of its own before this one, which says so"
    if not kept:
        return f"to read the values from before the set, name them in a let: before it and read those names here{tail}"
    name = _free_let_name(facts, env, "old_" + "_".join(re.findall(r"\w+", kept)))
    # each read written so, not a longer name holding it (`pot` in `spot`) nor an attribute (`c.pot`)
    rewritten, found = re.subn(rf"(?<![\w.]){re.escape(kept)}(?!\w)", name, value.text)
    rewritten = rewritten if found else ""
    then = f", then {_scalar(key, True)}: {_scalar(rewritten, True)}" if rewritten else f", then read {name} here"
    return f"to read the value from before the set, keep it first: - let: {{{name}: {_scalar(kept, True)}}} before the set{then}{tail}"


def _free_let_name(facts, env, name: str) -> str:
    """``name``, or it with a number after it, that no name of the game or local name already means."""
    rs = facts.ruleset
    taken = set(env) | set(rs.variables) | set(rs.zones) | set(rs.dice) | set(facts.defines) | set(BUILTINS)
    return next(candidate for candidate in (name if i == 0 else f"{name}{i + 1}" for i in range(len(taken) + 1))
                if candidate not in taken)


def _always_an_option(facts, name: str) -> bool:
    """Whether action ``name`` lists an option wherever it is asked: no `choose`, and no `if:` or one always true."""
    action = facts.ruleset.actions.get(name)
    if action is None or action.params:
        return False
    return action.condition is None or facts.constant(action.condition) == (True, True)


def _fallbacks_written(facts) -> dict:
    """The place of each decision's `decide:` (or `simultaneous:`) key, as its statement keeps it -> where its
    `otherwise:` value is written, in the flow, the actions' effects and the blocks."""
    source = facts.ruleset.source if isinstance(facts.ruleset.source, dict) else {}
    blocks = [block for _, block in _statement_blocks(source)]
    blocks += list(source["blocks"].values()) if isinstance(source.get("blocks"), dict) else []
    return {str(item.key_loc(kind)): item.loc_of("otherwise") for block in blocks for item in _statement_maps(block)
            if "otherwise" in item and hasattr(item, "key_loc") for kind in ("decide", "simultaneous") if kind in item}


NEVER_RUNS = "never runs: its 'when' is always false"  # (validate._run_by_variants finds these findings by it)


def l003_never_runs(facts) -> list:
    """L003: a statement (or a loop's body) that can never run: a constant condition or count."""
    out = []
    for stmt, _, _ in facts.placed:
        when = facts.condition(stmt.when)
        if when == (True, False):
            out.append(Diagnostic(stmt.when.loc, "L003", f"'{stmt.label}' {NEVER_RUNS}", "remove the statement or fix the condition"))
        elif when == (True, True) and stmt.otherwise:
            out.append(Diagnostic(stmt.when.loc, "L003", f"the 'else' of '{stmt.label}' never runs: its 'when' is always true", "remove the else or fix the condition"))
        out += _never_entered(facts, stmt) + _never_asked_again(facts, stmt)
    return out


def _never_asked_again(facts, stmt) -> list:
    """A decide's `until` beside `until_chosen` that is always true: read after the first choice, it ends the asking
    there, so the seat is asked once, as by a decide without either."""
    until = stmt.args.get("until") if stmt.kind == "decide" else None
    if until is None or facts.condition(until) != (True, True):
        return []
    return [Diagnostic(until.loc, "L003", f"'{stmt.label}' never asks its seat again: its 'until' is always true, and it "
                       "is read after the first choice", "fix the condition, or leave out until_chosen and until (a decide "
                       "asks once)")]


def _never_entered(facts, stmt) -> list:
    """A loop whose body never runs: `until` always true, `repeat` 0 or less, `for` over an empty list."""
    kind, args = stmt.kind, stmt.args
    found = None
    if kind in ("until", "turns") and args.get("until") is not None and facts.condition(args["until"]) == (True, True):
        found, where = "its 'until' is true before the first pass", args["until"].loc
    elif kind == "repeat":
        count = facts.constant(args.get("count"))
        if count is not None and count[0] and isinstance(count[1], int) and count[1] <= 0:
            found, where = f"it repeats {count[1]} times", args["count"].loc
    elif kind == "for":
        items = facts.constant(args.get("items"))
        if items is not None and items[0] and isinstance(items[1], (list, dict, str)) and not items[1]:
            found, where = "it loops over an empty collection", args["items"].loc
    if found is None:
        return []
    return [Diagnostic(where, "L003", f"the body of '{stmt.label}' never runs: {found}", "fix the loop, or remove it")]


def l004_never_ends(facts) -> list:
    """L004: a loop that can never end (`until` always false, or reading only variables that no statement changes and
    that keep it false; `turns` without `until`): only the step limit stops it."""
    out = []
    for stmt, _, _ in facts.placed:
        where, hint = stmt.loc, "give it an 'until' that becomes true"
        until = stmt.args.get("until") if stmt.kind in ("until", "turns") else None
        if stmt.kind in ("until", "turns") and _may_end_the_game(facts, _blocks(stmt)):
            continue  # (an end_game in it, or in an action it asks for, ends the game from inside the loop)
        if stmt.kind == "turns" and until is None:
            why = "it has no 'until'"
        elif until is None:
            continue
        elif (found := facts.condition(until)) == (True, False):
            # at the 'until' itself: an overlay that wrote `until: "false"` is where to fix it, not the base's loop
            why, where = "its 'until' is always false", until.loc
        elif found is None and (held := _held_false(facts, until)):
            (why, hint), where = held, until.loc
        else:
            continue
        out.append(Diagnostic(where, "L004", f"'{stmt.label}' never ends: {why}, so the game stops at the step limit (R200) "
                              "and nothing after it runs", hint))
    return out


def _may_end_the_game(facts, blocks, looked=None) -> bool:
    """Whether an end_game may run in one of ``blocks``: in it at any depth (an `else` too), or in the effects or the
    `then:` of an action a decision in it names (``looked``: the actions looked into already, as a then: may name its own)."""
    actions, looked = facts.ruleset.actions, set() if looked is None else looked
    for block in blocks:
        for stmt in block:
            named = [name for name in decision_actions(stmt) if name in actions and name not in looked] \
                if stmt.kind in ("decide", "simultaneous") else []
            looked.update(named)
            if (stmt.kind == "end_game" or _may_end_the_game(facts, [*_blocks(stmt), stmt.otherwise], looked)
                    or _may_end_the_game(facts, [block for name in named for block in _effects_and_then(actions[name])], looked)):
                return True
    return False


def _effects_and_then(action) -> list:
    """The blocks a choice of ``action`` runs: its effects, then its `then:` where it has one."""
    return [action.body] + ([action.then.args["body"]] if action.then is not None else [])


def l034_after_the_end(facts) -> list:
    """L034: a statement after an end_game without `when` in the same block: the game has ended before it, so it never
    runs (the first such statement of each block)."""
    blocks = facts.ruleset.statement_blocks
    out = []
    while blocks:
        block = blocks.pop()
        for before, stmt in zip(block, block[1:]):
            if before.kind == "end_game" and before.when is None:
                out.append(Diagnostic(stmt.loc, "L034", f"'{stmt.label}' never runs: the end_game just before it ends the game",
                                      "remove it, or give the end_game a when: with the condition that ends the game"))
                break
        for stmt in block:
            blocks += [*_blocks(stmt), stmt.otherwise]
    return out


def _held_false(facts, until) -> tuple[str, str] | None:
    """(why, hint) for an `until` that is false with each variable it reads at the value no statement ever changes:
    `its 'until' reads 'done', which no statement changes (it stays false)`; None if it may become true."""
    found = facts.constant_held(until)
    if found is None or found[0] != (True, False):
        return None
    names = found[1]
    said = _listed([f"'{name}'" for name in names])
    held = facts.held_variables
    stays = f"it stays {describe(held[names[0]])}" if len(names) == 1 else ", ".join(f"'{n}' stays {describe(held[n])}" for n in names)
    hint = f"set {said} in the flow or an action where the loop should end, or give it an 'until' that becomes true"
    for name in names:  # an overlay that removed the statement setting it is where to look: the loop is the base's
        for statement, where, how in facts.removed_setters.get(name, ()):
            hint += "; " + setter_taken_out(statement, where, how, "it" if len(names) == 1 else repr(name))
    return f"its 'until' reads {said}, which no statement changes ({stays})", hint


def _listed(words: list) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def l005_deals_too_many(facts) -> list:
    """L005: a deal that needs more components than its source can ever hold, or a negative count, for some allowed
    player count; or one that, with the deals from the same source that certainly ran just before it, needs more."""
    rs = facts.ruleset
    deals = [(stmt, action) for stmt, _, action in facts.placed if stmt.kind == "deal" and stmt.args.get("count") is not None]
    if not deals:
        return []
    destinations = _destinations(facts)
    before = _deals_just_before(facts)
    found = {}  # deal -> its finding at the fewest players that fail
    # each player count's start made once for all the deals (100 deals at 64 player counts made it 6,400 times)
    for n in rs.player_counts:
        start, made = None, {}  # made: id of a deal -> what it takes at this player count (_deal_made)
        for i, (stmt, action) in enumerate(deals):
            if i in found:
                continue
            if facts.work_left <= 0:  # the deals' counts took all the work constants may take: no more findings
                break
            if start is None:
                try:
                    start = _StartState(rs, n)
                except Exception:  # noqa: BLE001 - a layout that fails is an error of its own (R002, R010)
                    break
            made[id(stmt)] = _deal_made(facts, start, stmt, action)
            problem, hint = _deal_shortfall(facts, start, made[id(stmt)], destinations)
            together = [stmt]  # the deals the finding is about: this one, and those before it if they count
            if not problem and before.get(id(stmt)):
                problem, hint = _joint_shortfall(facts, start, stmt, before[id(stmt)], made, destinations)
                together += before[id(stmt)]
            if problem:
                exprs = [deal.args[k] for deal in together for k in ("from", "to", "count")]
                elsewhere = "".join(f"; '{name}', which it reads, is written at {loc}"
                                    for name, loc in _definitions_elsewhere(facts, exprs, stmt.loc.path))
                zones = _zones_elsewhere(facts, [made.get(id(deal)) for deal in together], stmt.loc.path)
                found[i] = Diagnostic(stmt.loc, "L005", problem, hint + elsewhere + zones)
    return [found[i] for i in sorted(found)]


def _definitions_elsewhere(facts, exprs, path: str) -> list:
    """(name, where) of each definition the expressions read, directly or through other definitions, that is
    written in another file than ``path``: an overlay's larger hand size makes the base's deal too big, and the
    finding at the base's deal should lead to it."""
    return sorted((name, facts.defines[name][2]) for name in _definitions_read(facts, exprs) if facts.defines[name][2].path != path)


def _destinations(facts) -> frozenset:
    """Zones components may be moved, dealt or placed into."""
    out = frozenset()
    for stmt, env, _ in facts.placed:
        if stmt.kind in MOVES:
            out |= facts.refs(stmt.args.get(MOVES[stmt.kind][1]), env)
        elif stmt.kind not in STILL:
            out |= {WILD}  # a statement kind these lints do not know may put components anywhere
    return out


def _deal_made(facts, S, stmt, action):
    """(source zone, target zones, count) of a deal evaluated at the start ``S`` of a player count; a negative count
    alone as (None, None, count); None if that cannot be known before the game. Its evaluations count against the work
    all constants may take (Facts.spend)."""
    spent = None
    try:
        L = {"me": 0, "current": 0} if action is not None else {}
        source = stmt.args["from"].fn(S, L)
        targets = stmt.args["to"].fn(S, L)
        count = stmt.args["count"].fn(S, L)
    except OutOfWork:
        spent = WORK_LIMIT
        return None
    except Exception:  # noqa: BLE001 - needs something only the running game has: no finding
        return None
    finally:
        facts.spend(spent)
    if type(count) is int and count < 0:
        return None, None, count
    if type(source) is not Zone or not isinstance(targets, list) or type(count) is not int:
        return None
    return source, targets, count


def _deal_shortfall(facts, S, made, destinations) -> tuple[str, str]:
    """(why a deal, as _deal_made found it, cannot be made from the start ``S`` of a player count, what to do), or
    ('', '') if it can, or if that cannot be known before the game."""
    n = S.nplayers
    if made is None:
        return "", ""
    source, targets, count = made
    if count < 0:  # the game would stop at the deal (R100)
        return (f"this deal's count is {count} with {n} players: a deal gives each zone 0 or more components, "
                "so the game stops here (R100)", "make the count 0 or more")
    need = count * len(targets)
    have, where = _source_holds(facts, S, source, destinations)
    if need <= have:
        return "", ""
    return (f"this deal needs {need} components ({count} to each of {len(targets)} zones) but {where}, with {n} players",
            _fewer_hint(facts, source, destinations))


def _source_holds(facts, S, source, destinations) -> tuple[int, str]:
    """(the most a deal's source can ever hold, said in words): what it starts with if nothing is ever put into it,
    else every component."""
    name = source.key[0]
    if name in destinations or WILD in destinations:
        return len(S.components), f"there are {len(S.components)} components in all"
    return len(source), f"'{name}' starts with {len(source)} and nothing is ever put into it"


def _fewer_hint(facts, source, destinations) -> str:
    """L005's hint: what to change, and what an overlay removed that left the deal too big."""
    name = source.key[0]
    removals = _component_removals(facts, None if name in destinations or WILD in destinations else name)
    return "deal fewer, add components, or narrow 'players'" + "".join(f"; {said}" for said in removals)


def _joint_shortfall(facts, S, stmt, earlier, made, destinations) -> tuple[str, str]:
    """(why a deal cannot be made after the ``earlier`` deals that ran just before it took from its source, what to
    do), or ('', '') if it can or that cannot be known (an earlier deal that is itself too big has its own finding)."""
    if made.get(id(stmt)) is None:
        return "", ""
    source, targets, count = made[id(stmt)]
    taken = []  # (deal, how many it took) of the earlier deals from this deal's source
    for deal in earlier:
        first = made.get(id(deal))
        if first is None or first[0] is None or first[0].key != source.key or any(t is source for t in first[1]):
            continue
        taken.append((deal, first[2] * len(first[1]), first))
    need = count * len(targets)
    have, where = _source_holds(facts, S, source, destinations)
    if not taken or need + sum(t for _, t, _ in taken) <= have or any(t > have for _, t, _ in taken):
        return "", ""
    name = f"'{source.key[0]}'" if len(S.zones.get(source.key[0], ())) == 1 else f"{source.key[0]}[{source.key[1]}]"
    said = _listed([f"the deal at {deal.loc} takes {t} ({made_[2]} to each of {len(made_[1])} zones)" for deal, t, made_ in taken])
    return (f"this deal needs {need} components ({count} to each of {len(targets)} zones) from {name} just after {said} "
            f"from it, {need + sum(t for _, t, _ in taken)} in all, but {where}, with {S.nplayers} players",
            _fewer_hint(facts, source, destinations))


def _zones_elsewhere(facts, made: list, path: str) -> str:
    """'; the zone 'pile' is defined by house.yaml:3:9' for each zone the deals (as _deal_made found them) take from or
    give to that an overlay (another file than ``path``) wrote: its `copies: 5` may be what made them too big."""
    from .compiler import _written_by

    names = dict.fromkeys(zone.key[0] for found in made if found is not None and found[0] is not None
                          for zone in [found[0], *found[1]] if type(zone) is Zone)
    wheres = [(name, facts.overlay_written.get(("zone", name))) for name in names]
    return "".join(f"; {_written_by('zone', name, where)}" for name, where in wheres
                   if where is not None and getattr(where, "path", path) != path)


# statements that run no decision and put no component anywhere: deals on either side of them run one after the other
BETWEEN_DEALS = {"shuffle", "roll", "set_aside", "reveal", "score", "let", "say", "tell"}


def _deals_just_before(facts) -> dict:
    """id of a deal -> the deals that certainly ran just before it, in the same block, with no decision, loop, block,
    `set` or move into their source between: what they took from its source is not there for it."""
    envs = {id(stmt): env for stmt, env, _ in facts.placed}
    out: dict = {}
    for block in facts.ruleset.statement_blocks:
        _runs_of_deals(facts, block, envs, out)
    return out


def _runs_of_deals(facts, block, envs, out) -> None:
    """Fill ``out`` (_deals_just_before) for the deals of ``block`` and of the blocks inside it."""
    run = []  # (deal, the zones its source may be) of the deals made one after another so far
    for stmt in block:
        env = envs.get(id(stmt), {})
        if stmt.kind in MOVES:
            if stmt.kind == "deal" and stmt.args.get("count") is not None and stmt.when is None and _deal_fixed(facts, stmt, env):
                out[id(stmt)] = [deal for deal, _ in run]
                run.append((stmt, facts.refs(stmt.args["from"], env)))
            filled = facts.refs(stmt.args.get(MOVES[stmt.kind][1]), env)
            run = [(deal, source) for deal, source in run if not (source & filled or WILD in filled or (WILD in source and filled))]
        elif stmt.kind not in BETWEEN_DEALS:
            run = []
        for inner in _blocks(stmt):
            _runs_of_deals(facts, inner, envs, out)
        if stmt.otherwise:
            _runs_of_deals(facts, stmt.otherwise, envs, out)


def _deal_fixed(facts, stmt, env) -> bool:
    """True if a deal's source, targets and count do not depend on what any zone holds: evaluated at the start they
    are what they are when it runs (`count: count(deck) // 4` is not: after an earlier deal the deck holds fewer)."""
    return not any(_looks_inside(facts, facts.tree(stmt.args[key]), env, set()) for key in ("from", "to", "count"))


def _looks_inside(facts, tree, env, seen: set) -> bool:
    """True if an AST may look at what a zone holds (a call or a loop over something that may be a zone, an attribute
    of it), here or in a definition it uses; a tree that cannot be parsed may."""
    if tree is None:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and any(_refs(facts, arg, env) for arg in node.args):
            return True
        if isinstance(node, ast.Comprehension) and any(_refs(facts, clause.iterable, env) for clause in node.clauses):
            return True
        if isinstance(node, ast.Attr) and _refs(facts, node.target, env):
            return True
        used = node.name if isinstance(node, ast.Name) and node.name not in env else node.func if isinstance(node, ast.Call) else None
        if used in facts.defines and used not in seen:
            seen.add(used)
            params, body, _ = facts.defines[used]
            if _looks_inside(facts, body, {p: frozenset() for p in params}, seen):
                return True
    return False


def _component_removals(facts, zone) -> list:
    """What an overlay removed of a component type that starts in ``zone`` (None: of any type), said as a finding of the
    base's expressions says it: `'attributes' of the component 'card' was removed by x.yaml:4:5` (the 5 cards it made
    became one), for a deal at the base's line that the removal left too big."""
    from .compiler import Removal, _written_by

    rs, said = facts.ruleset, []
    for ctype in rs.components if facts.overlay_written else ():
        where = facts.overlay_written.get(("component", ctype.name))
        starts_there = zone is None or ctype.start == zone or not isinstance(ctype.start, str)  # (an expression: perhaps)
        if isinstance(where, Removal) and where.path != rs.path and starts_there:
            said.append(_written_by("component", ctype.name, where))
    return said


def l006_hidden_scoring(facts) -> list:
    """L006: scoring reads a zone nobody ever sees, or the winners a variable not every seat sees, and nothing reveals
    it: players cannot check their points, or who won."""
    zones, variables = facts.ruleset.zones, facts.ruleset.variables
    out = [Diagnostic(zones[name].loc, "L006", f"zone '{name}' is seen by nobody, the scoring reads it, and nothing ever reveals it",
                      f"add 'reveal: {name}' before the scoring, or make it visible")
           for name in _scored_unseen(facts)]
    for name in _winners_unseen_variables(facts):
        spec = variables[name]
        what = "every seat's entry" if spec.per_player else "every team's entry" if spec.per_team else "it"  # (a reveal of one seat's entry shows no other's)
        out.append(Diagnostic(spec.loc, "L006", f"variable '{name}' is seen {'only by its team' if spec.per_team and spec.visible == 'owner' else _SEEN_BY[spec.visible]}, the winners read it, and "
                              f"nothing ever reveals {what}: players cannot check who won",
                              f"add 'reveal: {name}' before the game ends, or declare it visible: everyone"))
    return out


def _scored_unseen(facts) -> list:
    """The zones L006 finds: seen by nobody, read by the scoring, never revealed, not filled in sight of every seat."""
    revealed = frozenset()
    for stmt, env, _ in facts.placed:
        if stmt.kind == "reveal" and _shown_to_every_seat(facts, stmt):  # (a look some seats take lets the others check nothing)
            revealed |= facts.refs(stmt.args.get("what"), env)
    looks = facts.scoring_looks  # a count every seat sees is checked by every seat: no read
    if WILD in revealed or WILD in looks:
        return []
    return [name for name, zone in facts.ruleset.zones.items()
            if zone.visible == "nobody" and name in looks and name not in revealed and not _filled_in_sight(facts, name)]


_SEEN_BY = {"owner": "only by its owner", "others": "by every seat but its owner", "nobody": "by nobody"}


def _winners_unseen_variables(facts) -> list:
    """The variables L006 finds: not `visible: everyone`, holding values (no `set` gives them components or zones, whose
    reveal shows those, not the value), read by the winners (directly or through definitions), and no `reveal` of their
    value (not a look some seats take; of each seat's entry, for a per-seat one) anywhere in the flow or an action, as
    _revealed_by tells it. (A `score` is L030's; the heuristic is an agent's guess, which no player checks.)"""
    loop_seats = _loop_seats(facts)  # (which seat's entry a reveal in a `for` shows)
    revealed = frozenset().union(*(_revealed_by(facts, stmt, env, loop_seats.get(id(stmt), {})) for stmt, env, _ in facts.placed
                                   if stmt.kind == "reveal" and _shown_to_every_seat(facts, stmt)))
    if WILD in revealed:
        return []  # a reveal of what the lints cannot follow may show anything
    read = [name for key in facts.ruleset.winners.keys if facts.tree(key) is not None
            for name in _private_variables(facts, facts.tree(key), frozenset(), {})]
    return [name for name in dict.fromkeys(read)
            if not facts.var_refs.get(name) and not _seats_seen(facts, name, ALL_SEATS, revealed)]


def _filled_in_sight(facts, name: str) -> bool:
    """Whether every component that reaches zone ``name`` comes from a zone every seat sees (tricks taken face down from
    the table): each seat saw each one go in, so it can check the points. No component starts there."""
    zones = facts.ruleset.zones
    if any(isinstance(ctype.start, str) and ctype.start == name or not isinstance(ctype.start, str)
           for ctype in facts.ruleset.components):
        return False  # (a start given by an expression may be this zone)
    sources = frozenset()
    for stmt, env, _ in facts.placed:
        if stmt.kind in MOVES:
            source, target = MOVES[stmt.kind]
            if facts.refs(stmt.args.get(target), env) & {name, WILD}:  # (a destination not known may be this zone)
                sources |= facts.refs(stmt.args.get(source), env)
    return bool(sources) and all(z in zones and zones[z].visible == "everyone" for z in sources)


def l007_ignored_by_scoring(facts) -> list:
    """L007: components end up in a per-player zone (put in, never taken out) that neither the scoring nor any other rule
    reads: a dead end."""
    scoring = facts.scoring_refs
    if WILD in scoring or not scoring - {WILD}:
        return []  # scoring that reads no zone (points counted as they happen) ignores zones by design
    if not _keeps_scores(facts):
        return []  # no score kept (won on the board, by who is left): no scoring to forget a pile (a bluffing game's lost cards)
    sources, into = frozenset(), frozenset()
    for stmt, env, _ in facts.placed:
        if stmt.kind in MOVES:
            sources |= facts.refs(stmt.args.get(MOVES[stmt.kind][0]), env)
            into |= facts.refs(stmt.args.get(MOVES[stmt.kind][1]), env)
        elif stmt.kind not in STILL:
            sources |= {WILD}  # a statement kind these lints do not know may take components from anywhere
    read = _zones_named(scoring | facts.rules_reads) | _scored_as_moved(facts)
    if WILD in sources or WILD in read:
        return []
    return [Diagnostic(zone.loc, "L007", f"components end up in '{name}' (they are put in and never taken out) but the scoring "
                       "never reads it, nor does any other rule",
                       f"score what '{name}' holds, or stop moving components there; if the scoring leaves them out on purpose "
                       "(lost cards kept out of play, or points counted as they were won), silence it "
                       "on this line: # philtre: ignore[L007]")
            for name, zone in facts.ruleset.zones.items()
            if zone.owned and name in into and name not in sources and name not in read]


def _scored_as_moved(facts) -> frozenset:
    """The zones a `move` or `place` puts components into in a block that runs a `score` itself: what goes there was
    scored as it went (a noble's points scored as it moves to the visitor's zone), no dead end for L007."""
    envs, out = {id(stmt): env for stmt, env, _ in facts.placed}, set()
    for block in _every_block(facts):
        if any(stmt.kind == "score" for stmt in block):
            for stmt in block:
                if stmt.kind in MOVES and id(stmt) in envs:
                    out |= facts.refs(stmt.args.get(MOVES[stmt.kind][1]), envs[id(stmt)])
    return frozenset(out - {WILD})  # (a destination not known is no zone scored: the others' findings stay)


def _keeps_scores(facts) -> bool:
    """Whether the game keeps scores: a `score` statement, or winners ranked by the score (as render.keeps_scores tells
    it, read here from the statements the lints walk, blocks run)."""
    return (any(stmt.kind == "score" for stmt, _, _ in facts.placed)
            or any(reads_scores(key.fn) for key in facts.ruleset.winners.keys if getattr(key, "fn", None) is not None))


def _zones_named(refs) -> frozenset:
    """``refs`` with each public count's mark (_COUNT_MARK) made the name of its zone: a rule that reads the count of a
    zone reads the zone, for a lint that asks whether anything reads it at all."""
    return frozenset(ref[len(_COUNT_MARK):] if ref.startswith(_COUNT_MARK) else ref for ref in refs)


def l008_hidden_choices(facts) -> list:
    """L008: an action chooses components from a zone nobody (or not its owner) sees: its options show what the zone
    hides; not where a `reveal` of that zone came before every decision offering the action (a seat playing another's
    hand laid face up), as L027 and L030 take a reveal before (_revealed_at_offers)."""
    out = []
    facts.placed  # the zones the variables may hold, settled first: as in a whole run, where L006 settled them
    hidden = {n for n, z in facts.ruleset.zones.items() if z.visible in ("nobody", "others")}  # others: not its owner
    bags = {n for n, z in facts.ruleset.zones.items() if z.order != "everyone"}
    offers = _revealed_at_offers(facts) if hidden or any(z.visible == "owner" for z in facts.ruleset.zones.values()) else {}
    for name, action in facts.ruleset.actions.items():
        env = {"me": frozenset(), **facts.handed_to(action)}  # (a choice among a hand handed reads that hand)
        for param in action.params:
            refs = facts.refs(param.domain, env)
            env[param.name] = refs
            unseen = _not_revealed(facts, param.domain, env, refs & hidden or _others_owned(facts, param.domain, refs),
                                   offers.get(name, frozenset()))
            if param.domain.type in ("zone", ("list", "comp")) and unseen:
                zone = sorted(unseen)[0]
                who = {"nobody": "nobody sees", "others": "its owner does not see"}.get(facts.ruleset.zones[zone].visible,
                                                                                          "only its owner sees, not always the player")
                out.append(Diagnostic(param.loc, "L008", f"action '{name}' chooses '{param.name}' among the components of '{zone}', "
                                      f"which {who}: the options tell the player what it holds", _position_hint(facts, param.domain)))
            elif param.domain.type in ("zone", ("list", "comp")) and refs & bags:
                out.append(_chosen_from_a_bag(facts, name, param, sorted(refs & bags)[0]))
    return out


def _revealed_at_offers(facts) -> dict:
    """action -> what every seat saw revealed (_revealed_before: a `reveal` of no `when`, not a look) before every
    decision of the flow that offers it; an action no decision offers is absent."""
    offers: dict = {}
    for _ in _revealed_before(facts, _loop_seats(facts), offers):
        pass
    return offers


def _not_revealed(facts, domain, env, zones, seen) -> set:
    """The zones of ``zones`` (read by the collection ``domain``) that ``seen`` (_revealed_at_offers) does not show: for
    a per-seat zone, each seat's zone the collection reads (_seats_named; a seat not known, `hand[s]`, is shown by a
    reveal of any one, as _seats_seen takes it); through a definition, the zone revealed whole."""
    if not zones or not seen:
        return set(zones)
    tree = facts.tree(domain)
    named = _seats_named(facts, tree, env, {}, {}) if tree is not None else {}
    at = {}
    for node in (ast.walk(tree) if tree is not None else ()):
        if isinstance(node, ast.Name) and id(node) in named:
            at.setdefault(node.name, []).append(named[id(node)])
    return {zone for zone in zones
            if not (zone in seen or zone in at and all(_seats_seen(facts, zone, seats, seen) for seats in at[zone]))}


def _chosen_from_a_bag(facts, action: str, param, bag: str) -> Diagnostic:
    """L008 at a choice among a bag's components (`order: nobody`): its options are listed in the order they lie in it;
    the hint chooses by an attribute some component has (the first declared), or by type."""
    attribute = next((name for ctype in facts.ruleset.components for name, _ in ctype.attributes), "type")
    return Diagnostic(param.loc, "L008", f"action '{action}' chooses '{param.name}' among the components of '{bag}', whose "
                      "order nobody sees: the options list them in the order they lie there, and so tell which lies where",
                      f"choose a kind in an order of its own (choose: {{kind: \"sorted(distinct(c.{attribute} for c in {bag}))\"}}), "
                      f"then take one of that kind; or draw blind: move: last({bag}) -> ...")


def _position_hint(facts, domain) -> str:
    """L008's hint: choose a position (`range(count(ZONE))`) where the player may count the zone chosen from, since
    there the number of options tells it nothing new; where it may not, that number would tell it the count (L021)."""
    tree = facts.tree(domain)
    counted = _counted_zone(facts, tree) if tree is not None else None
    if counted is None:  # a list made from the zone (`[c for c in deck if ...]`): no one position to suggest
        return "choose from a zone the player sees, or choose the zone instead of a component"
    zone, seen = counted[0], _count_seen(facts, tree, DECIDER)
    if seen:
        return f"choose a position instead, as a player picks an unseen card: {{slot: \"range(count({ast.text(tree)}))\"}}"
    return (f"the player cannot count '{zone}' either, so choosing a position (`range(count({ast.text(tree)}))`) would tell it "
            f"the count (L021): show the count (`count: everyone` on '{zone}', as a real table shows how many cards a hand holds) "
            "and choose a position, or choose from a zone the player sees")


def l021_hidden_conditions(facts) -> list:
    """L021: an action's `if:` or a choice's collection reads what the deciding player does not see, or counts a zone
    whose count it does not see: the options tell the player."""
    out = []
    facts.placed  # the zones the variables may hold, settled first (as for L008)
    # what the flow revealed before every decision offering each action, as for L008
    offers = _revealed_at_offers(facts) if any(z.visible != "everyone" for z in facts.ruleset.zones.values()) else {}
    for name, action in facts.ruleset.actions.items():
        env, zone_choices, seen = {"me": frozenset(), **facts.handed_to(action)}, {}, offers.get(name, frozenset())
        for param in action.params:  # a filter (`[c for c in hand[me] if c.rank > top(deck)]`), a count (`range(count(...))`)
            refs = facts.refs(param.domain, env)
            # the zones whose components (or copies) are the options are L008's; a list of numbers or words holds none
            chosen = refs if _may_hold_zones(param.domain.type) else frozenset()
            out += (_hidden_reads(facts, name, param.domain, env, exclude=chosen, zone_choices=zone_choices, seen=seen)
                    or _hidden_variables(facts, name, param.domain))
            # a choice among a zone revealed before every offer reads nothing hidden where the `if` reads the choice
            env[param.name] = frozenset(_not_revealed(facts, param.domain, env, refs, seen)) if seen else refs
            among = _zones_chosen_among(facts, param, refs)
            if among:
                zone_choices[param.name] = among
        if action.condition is not None:
            out += (_hidden_reads(facts, name, action.condition, env, zone_choices=zone_choices, seen=seen)
                    or _hidden_variables(facts, name, action.condition))
    return out


def reads_unseen(facts, action, exprs) -> list:
    """For each of ``exprs`` (parts of ``action``'s `if`, compiled in its names), whether it reads what the deciding
    seat does not see, as L021 finds it (a zone, a count, a variable): play names a part false only where the seat
    could work it out from its own view. A zone revealed before every decision offering the action is seen, as L021
    takes it (_revealed_at_offers): every view shows its revealed components until they move."""
    facts.placed  # the zones the variables may hold, settled first (as for L021)
    offers = _revealed_at_offers(facts) if any(z.visible != "everyone" for z in facts.ruleset.zones.values()) else {}
    env, zone_choices, seen = {"me": frozenset(), **facts.handed_to(action)}, {}, offers.get(action.name, frozenset())
    for param in action.params:  # (the choices' names as l021_hidden_conditions binds them)
        refs = facts.refs(param.domain, env)
        env[param.name] = frozenset(_not_revealed(facts, param.domain, env, refs, seen)) if seen else refs
        among = _zones_chosen_among(facts, param, refs)
        if among:
            zone_choices[param.name] = among
    return [bool(_hidden_reads(facts, action.name, expr, env, zone_choices=zone_choices, seen=seen)
                 or _hidden_variables(facts, action.name, expr)) for expr in exprs]


def _zones_chosen_among(facts, param, refs) -> tuple:
    """The zones (as expressions: `deck`, `hand[me]`) a choice of one zone (`choose: {src: "[deck, pile]"}`) may give,
    for a count of the choice to be a count of those zones; () for a choice of anything else, or of zones not known."""
    if param.domain.type != ("list", "zone") or WILD in refs:
        return ()
    tree = facts.tree(param.domain)
    if isinstance(tree, ast.ListLit) and all(_counted_zone(facts, item) is not None for item in tree.items):
        return tuple(tree.items)
    # any zone it may be; a family's copy as one the choice names, which is another seat's (not ZONE[me])
    zones = facts.ruleset.zones
    if not refs or any(zone not in zones for zone in refs):
        return ()
    return tuple(ast.Name(0, zone) if zones[zone].kind == "single" else ast.Index(0, ast.Name(0, zone), ast.Name(0, param.name))
                 for zone in sorted(refs))


def _chosen_counts(facts, tree, zone_choices: dict):
    """``tree`` with each `count(v)` of a choice of one zone ``v`` written as the sum of the counts of the zones it may
    be (`count(deck) + count(pile)`): it reads how many components the chosen zone holds, not what it holds."""
    if not zone_choices or tree is None:
        return tree

    def rewritten(sub, over):
        """``sub`` with `count(v)` rewritten for each name v of ``over`` a comprehension's own name does not hide."""
        if isinstance(sub, ast.Comprehension):
            over, clauses = dict(over), []
            for clause in sub.clauses:
                iterable = rewritten(clause.iterable, over)
                over.pop(clause.var, None)
                clauses.append(ast.Clause(clause.pos, clause.var, iterable, tuple(rewritten(c, over) for c in clause.conditions)))
            return ast.Comprehension(sub.pos, rewritten(sub.element, over), tuple(clauses))
        if (isinstance(sub, ast.Call) and sub.func == "count" and len(sub.args) == 1 and isinstance(sub.args[0], ast.Name)
                and sub.args[0].name in over):
            counts = [ast.Call(sub.pos, "count", (zone,)) for zone in over[sub.args[0].name]]
            total = _written_for(facts, counts[0], sub, read_as=True)
            for count in counts[1:]:
                _written_for(facts, count, sub, read_as=True)
                total = ast.BinOp(sub.pos, "+", total, count)
            return total
        if isinstance(sub, tuple):
            return tuple(rewritten(item, over) for item in sub)
        if not isinstance(sub, ast.Node):
            return sub
        return type(sub)(*(rewritten(value, over) for value in sub.field_values()))

    return rewritten(tree, zone_choices)


def _hidden_variables(facts, action: str, expr) -> list:
    """An L021 finding at ``expr`` if it reads, directly or through definitions, a variable the deciding player does not
    see: one `visible: nobody`, or a `visible: owner` one other than as VAR[me] (`coins[left(me)]`, `sum(coins)`)."""
    tree = facts.tree(expr)
    found = _unseen_variables(facts, tree, DECIDER, {}) if tree is not None else []
    if not found:
        return []
    variable, who = found[0]
    what, at = _read_through(facts, tree, f"the value of '{variable}'")
    return [Diagnostic(_through_at(expr, at), "L021", f"action '{action}' is allowed or not by {what}, which {who}: "
                       "the options it offers tell the player that value",
                       f"let the options read only what the player sees ({variable}[me] is its own), or make '{variable}' "
                       "visible to everyone")]


def _unseen_variables(facts, tree, mine, memo, params=()) -> list:
    """(variable, who sees it) for each read in ``tree``, or in a definition it uses, of a variable the seat named by
    ``mine`` (`me`, a definition's parameter given `me`) does not see; ``params``: the names of the definition whose
    body ``tree`` is, which a variable's name does not mean there."""
    variables, out, mine = facts.ruleset.variables, [], _unshadowed(tree, mine)
    own = {id(node.target) for node in ast.walk(tree) if isinstance(node, ast.Index) and _is_mine(node.index, mine)}
    bound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)} | set(params)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.name in variables and node.name not in bound:
            visible = variables[node.name].visible
            if visible == "nobody" or visible == "owner" and id(node) not in own:
                out.append((node.name, "nobody sees" if visible == "nobody" else "only its owner sees, not always the player"))
        else:
            out += _in_definition(facts, node, mine, memo, _unseen_variables)
    return out


def _is_mine(index, mine) -> bool:
    """Whether the seat ``index`` (a tree) names is one of ``mine``: a name (`me`, `p`), a seat written as a number
    (`1`, where the entry of seat 1 is looked at), or one written as another expression, spelt the same (`left(p)`:
    _SeatWritten); or the team of one, `team_index(me)` (a zone kept a team)."""
    if isinstance(index, ast.Call) and index.func == "team_index" and len(index.args) == 1:
        index = index.args[0]
    if isinstance(index, ast.Name):
        return index.name in mine
    if isinstance(index, ast.Const):
        return type(index.value) is int and index.value in mine
    return any(isinstance(seat, _SeatWritten) for seat in mine) and ast.text(index) in mine


class _SeatWritten(str):
    """A seat written as an expression other than a name or a number, a call of a builtin or a definition giving a
    seat (`n[left(p)]`'s, `n[opp(p)]`'s): its canonical text (ast.text), so that `hand[left(p)]` is that seat's own,
    with ``names``, the names it reads (a comprehension binding one again makes it another seat there)."""

    names: frozenset = frozenset()

    @classmethod
    def of(cls, tree) -> "_SeatWritten":
        seat = cls(ast.text(tree))
        seat.names = frozenset(node.name for node in ast.walk(tree) if isinstance(node, ast.Name))
        return seat


def _unshadowed(tree, mine) -> frozenset:
    """Those of ``mine`` (`me`, parameters given it) that no comprehension in ``tree`` binds again: in
    `total(p): sum(... for p in players for z in exp[p])`, exp[p] is every seat's, whatever total is given (so is
    hand[left(p)] there, where ``mine`` holds `left(p)`)."""
    bound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)}
    return frozenset(seat for seat in mine if seat not in bound and not (isinstance(seat, _SeatWritten) and seat.names & bound))


def _in_definition(facts, node, mine, memo, walk) -> list:
    """What ``walk(facts, body, given, memo)`` finds in the body of the definition ``node`` uses (a call, or a bare
    name), ``given`` being the names that are the deciding seat there: `me`, and each parameter given one of ``mine``;
    [] if ``node`` uses none."""
    name = node.func if isinstance(node, ast.Call) else node.name if isinstance(node, ast.Name) else None
    if name not in facts.defines:
        return []
    params, body, _ = facts.defines[name]
    args = node.args if isinstance(node, ast.Call) else ()
    given = DECIDER | {p for p, a in zip(params, args) if _is_mine(a, mine)}
    if (name, given) not in memo:
        memo[name, given] = []  # there is no recursion (E130); this only guards the walk
        memo[name, given] = walk(facts, body, given, memo, params) if body is not None else []
    return memo[name, given]


def _may_hold_zones(t) -> bool:
    """Whether a value of type ``t`` may be, or hold, a zone or a component (a type not known may)."""
    if isinstance(t, tuple) and len(t) == 2 and t[0] == "list":
        return _may_hold_zones(t[1])
    return t not in ("int", "num", "bool", "str", "none", "player", "record")  # (a record: a placement, a die's face)


def _hidden_reads(facts, action: str, expr, env, exclude=frozenset(), zone_choices=None, seen=frozenset()) -> list:
    """An L021 finding at ``expr`` if it reads a zone the deciding player does not see (but those in ``exclude``, and
    those ``seen``, _revealed_at_offers, shows: revealed before every decision offering the action, as _not_revealed
    takes them), else if it counts one whose count that player does not see; ``zone_choices``: the action's earlier
    choices of one zone, by name, with the zones each may be (their count is a count of those zones)."""
    tree = _chosen_counts(facts, facts.tree(expr), zone_choices)
    if tree is None:
        return []
    zones = facts.ruleset.zones
    reads = _reads(facts, tree, env, skip=_counts_a_zone) - exclude  # counts are looked at below
    own = _read_as_mine(facts, tree)  # an `others` zone is hidden from the player as ZONE[me] only

    def unrevealed(found) -> list:
        return sorted(_not_revealed(facts, expr, env, set(found), seen))

    hidden = {n for n in reads if n in zones and (zones[n].visible == "nobody" or zones[n].visible == "others" and n in own)}
    unseen = (unrevealed(hidden) or unrevealed(_others_owned(facts, expr, reads))
              or unrevealed({zone for zone, _ in _unseen_owned(facts, tree, DECIDER, {})} - exclude))
    if not unseen:
        return _order_read(facts, action, expr, tree) or _hidden_counts(facts, action, expr, tree, env, seen)
    zone = unseen[0]
    who = {"nobody": "nobody sees", "others": "its owner does not see"}.get(facts.ruleset.zones[zone].visible,
                                                                              "only its owner sees, not always the player")
    what, at = _read_through(facts, tree, f"what '{zone}' holds")
    return [Diagnostic(_through_at(expr, at), "L021", f"action '{action}' is allowed "
                       f"or not by {what}, which {who}: the options it offers tell the player what the zone hides",
                       _outside_public(facts, tree, reads) + _kept_in_public(facts, at) +
                       f"let the condition read only what the player sees, or make '{zone}' visible to the player")]


def _through_at(expr, at):
    """Where a finding on ``expr`` points: at ``at`` (_read_through), the use of the first definition through which it
    reads what it is about (`best` in a folded `if:`), or at ``expr`` where it reads it itself."""
    return _source(expr).at(at.pos) if at is not None else expr.loc


def _kept_in_public(facts, at) -> str:
    """For L021 through a definition (``at``, where the condition uses it): the usual fix where the table is shown what
    it finds (who holds the highest card, shown to all): show it, keep it in a variable every seat sees, read that."""
    used = at.func if isinstance(at, ast.Call) else at.name if isinstance(at, ast.Name) else None
    if used not in facts.defines or facts.defines[used][0]:  # (a definition of no parameters: one value to keep)
        return ""
    return (f"where the rules show every seat what '{used}' finds, show it (a reveal) and keep it in a variable every "
            f"seat sees, set: {{found: {used}}}, then read that variable here; else ")


def _read_as_mine(facts, tree) -> set:
    """The zones ``tree`` reads (counts aside) as the acting seat's own copy, ZONE[me]: of an `others` zone, the one
    copy the acting seat does not see (it sees the other seats')."""
    return {node.target.name for node in _walk_uncounted(facts, tree) if _as_mine(node)}


def _as_mine(node) -> bool:
    """Whether ``node`` is a name's copy for the acting seat, NAME[me]."""
    return (isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and isinstance(node.index, ast.Name)
            and node.index.name == "me")


def _order_read(facts, action: str, expr, tree) -> list:
    """An L021 finding at ``expr`` if it reads a bag (`order: nobody`) by position (_bags_read_in_order)."""
    bags = _bags_read_in_order(facts, tree)
    return [Diagnostic(expr.loc, "L021", f"action '{action}' is allowed or not by the order of '{bags[0]}', which nobody "
                       "sees: the options it offers tell the player which component lies where",
                       f"read only what '{bags[0]}' holds (count({bags[0]}), c in {bags[0]}), not which lies where")] if bags else []


def _outside_public(facts, tree, reads) -> str:
    """Where ``tree`` reads every zone not every seat sees (the deck and every hand: a per-seat one other than as
    ZONE[me] alone), the start of a hint that the components outside the public zones are known to all and how to
    write them, reading public zones alone (a trial's cards not yet played, the deck and both hands,
    were flagged); else ''."""
    zones = facts.ruleset.zones
    public = [name for name, zone in zones.items() if zone.visible == "everyone"]
    hidden = {name for name, zone in zones.items() if zone.visible != "everyone"}
    if not public or not hidden or not hidden <= reads or not _each_seat_read(facts, tree, {n for n in hidden if zones[n].kind == "player"}):
        return ""
    if len(public) == 1 and zones[public[0]].kind == "single":
        test = f"c not in {public[0]}"
    else:
        singles = [name for name in public if zones[name].kind == "single"]
        lists = ([f"[{', '.join(singles)}]"] if singles else []) + [name for name in public if zones[name].kind != "single"]
        test = f"all(c not in z for z in {' + '.join(lists)})"
    return (f"if it means every component outside the zones all seats see, which every seat can tell, write that, "
            f"reading no hidden zone: [c for c in components if {test}]; else ")


def _each_seat_read(facts, tree, per_seat: set) -> bool:
    """Whether ``tree`` (with the definitions it uses) reads each zone of ``per_seat`` other than as ZONE[me]: as a
    family (`for z in hand`) or another seat's (`hand[p]`)."""
    bodies = list(_with_definitions(facts, tree))
    mine = {id(node.target) for body in bodies for node in ast.walk(body) if isinstance(node, ast.Index)
            and isinstance(node.index, ast.Name) and node.index.name == "me"}
    named = {node.name for body in bodies for node in ast.walk(body) if isinstance(node, ast.Name) and id(node) not in mine}
    return per_seat <= named


def _unseen_owned(facts, tree, mine, memo, params=()) -> list:
    """(zone, who sees it) for each read in ``tree``, or in a definition it uses, of a zone only its owner sees other
    than as ZONE[seat] with the seat one of ``mine``, or of a zone all but its owner see as ZONE[seat]; counts aside.
    Through a definition (`held(p): first(hand[p])`, `held(target)`) the read is another seat's unless the seat is
    given ``mine``: read in the action alone, `hand` was not seen there."""
    zones, out, mine = facts.ruleset.zones, [], _unshadowed(tree, mine)
    nodes = list(_walk_uncounted(facts, tree))
    seat_mine = {id(node.target) for node in nodes if isinstance(node, ast.Index) and _is_mine(node.index, mine)}
    bound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)} | set(params)
    looped = _looped_over_zones(facts, nodes)
    used = {node.name for node in nodes if isinstance(node, ast.Name)}
    for node in nodes:
        if isinstance(node, ast.Name) and node.name in zones and node.name not in bound:
            if id(node) in looped and looped[id(node)] not in used:
                continue  # (`count(z) for z in sq[p]`: each zone counted, what it holds unread, as _reads takes it)
            visible = zones[node.name].visible
            if visible == "owner" and id(node) not in seat_mine:
                out.append((node.name, "only its owner sees, not always the player"))
            elif visible == "others" and id(node) in seat_mine:
                out.append((node.name, "its owner does not see"))
        else:
            out += _in_definition(facts, node, mine, memo, _unseen_owned)
    return out


def _hidden_counts(facts, action: str, expr, tree, env=None, seen=frozenset()) -> list:
    """An L021 finding at ``expr`` if it counts, directly or through definitions, a zone whose count the deciding player
    does not see (`range(count(hand[left(me)]))` offers as many options as that hand holds), but one ``seen`` shows
    (revealed whole before every decision offering the action: _hidden_reads)."""
    found = [item for item in _uncounted(facts, tree, DECIDER, {})
             if not seen or _not_revealed(facts, expr, env or {}, {item[0]}, seen)]
    if not found:
        return []
    zone, text, who = found[0]
    return [Diagnostic(expr.loc, "L021", f"action '{action}' offers its options by how many components '{zone}' holds "
                       f"({text}), which {who}: the options tell the player that count",
                       f"let the options depend only on counts the player sees, or show the count (`count: everyone` on '{zone}', "
                       "as a real table shows how many cards a hand holds)")]


DECIDER = frozenset({"me"})  # the names that are the deciding seat, where an action's options are made


def _uncounted(facts, tree, mine, memo, params=()) -> list:
    """(zone, the count quoted (_quoted), who may count it) for each `count(ZONE)` in ``tree``, or in a definition it uses, whose
    count the deciding seat does not see; ``mine``: the names that are that seat (`me`, a parameter given `me`)."""
    out = []
    for node in ast.walk(_family_counts(facts, tree)):
        if _counts_a_zone(facts, node) and not _count_seen(facts, node.args[0], mine):
            out.append((_counted_zone(facts, node.args[0])[0], _quoted(facts, node), _who_counts(facts, node.args[0], mine)))
        else:
            out += _in_definition(facts, node, mine, memo, _uncounted)
    return out


def _counts_a_zone(facts, node) -> bool:
    """Whether ``node`` is `count(ZONE)` of one zone (`count(deck)`, `count(hand[p])`): how many components it holds."""
    return (isinstance(node, ast.Call) and node.func == "count" and len(node.args) == 1
            and _counted_zone(facts, node.args[0]) is not None)


def _counts_in_public(facts, node) -> bool:
    """Whether ``node`` is `count(ZONE)` of one zone whose count every seat sees, its owner and the others."""
    if not _counts_a_zone(facts, node):
        return False
    spec = facts.ruleset.zones[_counted_zone(facts, node.args[0])[0]]
    return spec.sees_count(0, 0) and spec.sees_count(_seat_instance(spec, 1), 0) and spec.sees_count(0, None)


def _counted_zone(facts, node):
    """(zone, the seat's index or None) when ``node`` is one zone: a single zone's name (`deck`), one copy of a family
    (`hand[p]`, `pile[i]`), or one of a seat's (or team's) N zones (`line[p][r]`: the index is the seat's, p); else
    None (a family's bare name, or a seat's list of N zones, `line[p]`, is a list of zones, whose count everyone knows)."""
    zones = facts.ruleset.zones
    if isinstance(node, ast.Name) and node.name in zones and zones[node.name].kind == "single":
        return node.name, None
    if not isinstance(node, ast.Index):
        return None
    if isinstance(node.target, ast.Name) and node.target.name in zones and zones[node.target.name].kind != "single":
        return (node.target.name, node.index) if not zones[node.target.name].nested else None
    if _zones_of_one_owner(facts, node.target):
        return node.target.target.name, node.target.index
    return None


def _zones_of_one_owner(facts, node) -> bool:
    """Whether ``node`` is one seat's (or team's) list of N zones of a family `copies` with `each` (`line[p]`)."""
    zones = facts.ruleset.zones
    return (isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and node.target.name in zones
            and zones[node.target.name].nested)


def _zones_listed(facts, node, env=()) -> bool:
    """Whether ``node`` is a list of a family's zones, whose number every seat knows: the family's bare name (`hand`,
    not a local name of ``env``) or one seat's list of N zones (`line[p]`)."""
    zones = facts.ruleset.zones
    return ((isinstance(node, ast.Name) and node.name not in env and node.name in zones and zones[node.name].kind != "single")
            or _zones_of_one_owner(facts, node))


def _seat_instance(spec, seat: int) -> int:
    """The instance of ``spec`` that is seat (or team) ``seat``'s zone: its first of N for a family of N zones an owner."""
    return seat * spec.copies if spec.nested else seat


def _count_seen(facts, node, mine) -> bool:
    """Whether the deciding seat sees how many components the zone ``node`` is holds: any seat's copy but its own
    (`ZONE[me]`, `ZONE[me][r]`, or a name in ``mine``) counts as another seat's, as for L008."""
    zone, index = _counted_zone(facts, node)
    spec = facts.ruleset.zones[zone]
    own = (spec.owned or spec.teamed) and _is_mine(index, mine)
    return spec.sees_count(_seat_instance(spec, 0 if own else 1), 0)  # the deciding seat as seat 0


def _who_counts(facts, node, mine) -> str:
    """Who may count the zone ``node`` is, for a message: the deciding seat may not."""
    zone, index = _counted_zone(facts, node)
    spec = facts.ruleset.zones[zone]
    if (spec.owned or spec.teamed) and _is_mine(index, mine):
        return "its owner may not count"
    if (spec.owned or spec.teamed) and spec.sees_count(_seat_instance(spec, 1), 1):
        return "only its owner may count"
    return "nobody may count"


def _others_owned(facts, domain, refs) -> set:
    """The `visible: owner` zones among ``refs`` that the domain may read other than as ``ZONE[me]`` (another seat's
    hand), a count of one aside (counts are L021's own question)."""
    owned = {n for n in refs if n in facts.ruleset.zones and facts.ruleset.zones[n].visible == "owner"}
    tree = facts.tree(domain)
    if not owned or tree is None:
        return set(owned)
    nodes = list(_walk_uncounted(facts, tree))
    mine = {id(node.target) for node in nodes if isinstance(node, ast.Index) and _is_mine(node.index, {"me"})}
    return {node.name for node in nodes if isinstance(node, ast.Name) and node.name in owned and id(node) not in mine}


def _walk_uncounted(facts, tree):
    """Every node of ``tree`` but those inside a `count(ZONE)` (`count(z)` over a family's zones too: _family_counts),
    or inside the count of a family's zones (`count(hand)`, `count(sq[p])`: _counts_listed), a seat's index aside."""
    stack = [_family_counts(facts, tree)]
    while stack:
        node = stack.pop()
        yield node
        if _counts_listed(facts, node):
            stack.extend([node.args[0].index] if isinstance(node.args[0], ast.Index) else [])
        elif not _counts_a_zone(facts, node):
            stack.extend(_subtrees(node))


def _looped_over_zones(facts, nodes) -> dict:
    """id of the family's name in each clause of ``nodes`` going over a list of a family's zones (`for z in hand`,
    `for z in sq[p]`: _zones_listed) -> the clause's name: the zones are read where that name is, not by the clause."""
    out = {}
    for clause in nodes:
        if isinstance(clause, ast.Clause) and _zones_listed(facts, clause.iterable):
            family = clause.iterable if isinstance(clause.iterable, ast.Name) else clause.iterable.target
            out[id(family)] = clause.var
    return out


def l013_public_variable_holds_hidden(facts) -> list:
    """L013: a variable everyone sees is set to components of a zone not everyone sees: every view and record shows them."""
    rs = facts.ruleset
    hidden = {n for n, z in rs.zones.items() if z.visible != "everyone"}
    out = []
    shown = set()  # (body, name): a name whose component an earlier statement moved face up (`move: card -> table`) or revealed
    revealed: dict = {}  # body (_placed_in_bodies) -> the zones an earlier `reveal:` of it showed (`reveal: hand[me]`)
    saw = _seen_in_thens(facts)  # (a then: sees too what its action and the flow before it showed)
    for stmt, env, _, body in _placed_in_bodies(facts):
        if stmt.kind == "move" and stmt.args.get("what") is not None and _bare_name(facts, stmt.args["what"]):
            if not facts.refs(stmt.args.get("to"), env) & (hidden | {WILD}):
                shown.add((id(body), _bare_name(facts, stmt.args["what"])))
        if stmt.kind == "reveal" and stmt.args.get("what") is not None and _shown_to_every_seat(facts, stmt):
            if _bare_name(facts, stmt.args["what"]):
                shown.add((id(body), _bare_name(facts, stmt.args["what"])))
            else:
                revealed[id(body)] = revealed.get(id(body), frozenset()) | facts.refs(stmt.args["what"], env)
        if stmt.kind != "set":
            continue
        for name, _, value, _ in stmt.args.get("targets", ()):
            spec = rs.variables.get(name)
            if spec is None or spec.visible != "everyone" or not _holds_components(value.type):
                continue
            if (id(body), _bare_name(facts, value)) in shown:
                continue
            zones = sorted(facts.refs(value, env) & hidden)
            if zones and not set(zones) <= revealed.get(id(body), frozenset()) | saw.get(id(stmt), frozenset()):
                out.append(Diagnostic(value.loc, "L013", f"'{name}' is seen by everyone, and is set to components of '{zones[0]}', "
                                      f"which not everyone sees: every view and record shows them",
                                      f"declare '{name}' visible: owner or nobody, reveal the components, or keep what is known of them, not the components"))
    return out


def _seen_in_thens(facts) -> dict:
    """id of each statement of a then: -> the zones every seat saw revealed whole before it, as _revealed_before tells
    it (in the then:, in its action's do, or in the flow before every step offering the action)."""
    thens = {id(stmt) for stmt, _, _, body in _placed_in_bodies(facts) if isinstance(body, tuple)}
    return {id(stmt): frozenset(z for z in zones if isinstance(z, str))
            for stmt, _, _, zones in (_revealed_before(facts) if thens else ()) if id(stmt) in thens}


def _seen_by_owner(spec) -> str:
    """Who sees hidden variable ``spec``'s values, in words: its owner (its team, where kept a team) or nobody."""
    if spec.visible != "owner" or not spec.per_owner:
        return "nobody"
    return "its team only" if spec.per_team else "its owner only"


def l024_public_roll_in_hidden_variable(facts) -> list:
    """L024: a `set` gives a variable not everyone sees a value read from a die: every roll is public (each view and
    record shows it just before the `set`), so the value is no secret."""
    rs = facts.ruleset
    hidden = {name: _seen_by_owner(spec) for name, spec in rs.variables.items() if spec.visible != "everyone"}  # name -> who sees it
    if not hidden or not rs.dice:
        return []
    out: list = []
    for body in rs.statement_blocks:
        _rolls_set_hidden(facts, body, hidden, {}, {}, out)
    return out


def _rolls_set_hidden(facts, block, hidden: dict, carried: dict, memo: dict, out: list) -> None:
    """L024's findings in a block: each `set` of a variable in ``hidden`` whose value reads a die, directly, through a
    definition, or through a `let` name given one (``carried``: such a name -> the die it read)."""
    for stmt in block:
        if stmt.kind == "let":  # its names reach the statements after it (as in _walk)
            for name, expr in stmt.args.get("names", ()):
                die = _die_read(facts, facts.tree(expr), carried, memo)
                carried = {**carried, name: die} if die else {k: v for k, v in carried.items() if k != name}
        if stmt.kind == "set":
            for name, _, value, _ in stmt.args.get("targets", ()):
                die = _die_read(facts, facts.tree(value), carried, memo) if name in hidden else None
                if die:
                    out.append(Diagnostic(value.loc, "L024", f"'{name}' is seen by {hidden[name]}, and is set from {die}: every roll "
                                          "is public (each view and record shows it), so the value is no secret",
                                          "make a roll only its owner sees of components, its faces in a zone visible: owner, rolled "
                                          f"by a shuffle (see `dice` in docs/language.md in philtre's source), or declare '{name}' "
                                          "visible: everyone"))
        inner = {k: v for k, v in carried.items() if k != stmt.args.get("var")}  # a loop's own name hides a let's
        for block_ in _blocks(stmt):
            _rolls_set_hidden(facts, block_, hidden, inner, memo, out)
        if stmt.otherwise:
            _rolls_set_hidden(facts, stmt.otherwise, hidden, carried, memo, out)


def _die_read(facts, tree, carried: dict, memo: dict, params=()) -> str | None:
    """How ``tree`` reads a die, for a message ("die 'd6'", "the dice"), directly, through a definition or a name in
    ``carried``; None if it reads none. ``params``: the names of the definition whose body ``tree`` is."""
    if tree is None:
        return None
    rs = facts.ruleset
    bound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)} | set(params)
    for node in ast.walk(tree):
        name = node.name if isinstance(node, ast.Name) else node.func if isinstance(node, ast.Call) else None
        if name is None or name in bound:
            continue
        if isinstance(node, ast.Name) and name in carried:
            return carried[name]
        if isinstance(node, ast.Name) and name in rs.dice:
            return f"die '{name}'"
        if isinstance(node, ast.Name) and name == "dice" and not {name} & (set(rs.zones) | set(rs.variables) | set(facts.defines)):
            return "the dice"
        if name in facts.defines:
            if name not in memo:
                memo[name] = None  # there is no recursion (E130); this only guards the walk
                def_params, body, _ = facts.defines[name]
                memo[name] = _die_read(facts, body, {}, memo, def_params)
            if memo[name]:
                return memo[name]
    return None


def l033_public_choice_in_hidden_variable(facts) -> list:
    """L033: an action's `set` gives a variable not everyone sees a value read from a choice every seat is told (no
    `secret:` lists it), and from nothing else some seat does not see: each seat's record shows the decision
    (`set_code(c=red)`), so the value is no secret. One that reads a hidden zone or variable too (what not every seat
    sees, as L031 reads it), or a choice `secret:` lists, is one (a trial's count of the top cards of a hand, worked
    out from a public announcement and that hand); an item of a list written out is a value of its own."""
    rs = facts.ruleset
    hidden = {name: _seen_by_owner(spec) for name, spec in rs.variables.items() if spec.visible != "everyone"}  # name -> who sees it
    out: list = []
    sight: list = []  # (what every seat sees at each statement, as L031 reads it): worked out at the first candidate
    for action in rs.actions.values() if hidden else ():
        told = set(_told_choices(facts, action))
        if told:
            carried = {p.name: (p.name,) for p in action.params}
            _told_choices_set_hidden(facts, action, action.body, (hidden, told, sight), carried, out)
    return out


def _told_choices(facts, action) -> tuple:
    """The names of ``action``'s choices every seat is told: no `secret:` lists them, and all see their options."""
    return tuple(p.name for p in action.params if p.name not in action.secret and _told_to_all(facts, p))


def _told_to_all(facts, param) -> bool:
    """Whether every seat is told a choice among ``param``'s options: a number, a word, a seat or a zone, or a component
    of zones every seat sees (a chosen component is told to the seats that see where it lies)."""
    if _holds_no_component(param.domain.type):
        return True
    zones = facts.refs(param.domain, {})
    return bool(zones) and all(z in facts.ruleset.zones and facts.ruleset.zones[z].visible == "everyone" for z in zones)


def _told_choices_set_hidden(facts, action, block, context, carried: dict, out: list) -> None:
    """L033's findings in a block of ``action``: each `set` of a variable in ``hidden`` whose value reads choices in
    ``carried`` (a name -> the choices it holds: the choice itself, or a `let` name given some), every one of them in
    ``told``, and nothing else some seat does not see (_public_choices_read). ``context``: (hidden, told, the sight
    L031 reads with, once worked out)."""
    hidden, told, _ = context
    for stmt in block:
        if stmt.kind == "let":  # its names reach the statements after it (as in _walk)
            for name, expr in stmt.args.get("names", ()):
                choices = _choices_read(facts.tree(expr), carried)
                carried = {**carried, name: choices} if choices else {k: v for k, v in carried.items() if k != name}
        if stmt.kind == "set":
            for name, _, value, _ in stmt.args.get("targets", ()):
                choices = _public_choices_read(facts, (stmt, action, name), facts.tree(value), context, carried) \
                    if name in hidden else ()
                if choices:
                    out.append(Diagnostic(value.loc, "L033", f"'{name}' is seen by {hidden[name]}, and is set from the choice "
                                          f"'{choices[0]}' of '{action.name}', which every seat is told (each record shows "
                                          f"`{action.name}({choices[0]}=...)`), and from nothing some seat does not see, "
                                          "so the value is no secret",
                                          f"add `secret: [{', '.join(choices)}]` to action '{action.name}', so that only the "
                                          f"deciding seat is told {'them' if len(choices) > 1 else 'the choice'} (see `secret` in docs/language.md in philtre's "
                                          f"source); or declare '{name}' visible: everyone"))
        inner = {k: v for k, v in carried.items() if k != stmt.args.get("var")}  # a loop's own name hides a choice's
        for block_ in _blocks(stmt):
            _told_choices_set_hidden(facts, action, block_, context, inner, out)
        if stmt.otherwise:
            _told_choices_set_hidden(facts, action, stmt.otherwise, context, carried, out)


def _public_choices_read(facts, where, tree, context, carried: dict) -> tuple:
    """The told choices (of ``context``: _told_choices_set_hidden's) that ``tree``, the value of the `set` ``where``
    says (the statement, its action, the variable it sets), reads through ``carried`` where it reads no other choice
    and nothing some seat does not see there, as L031 reads a value (_read_unseen; the variable's own value aside: it
    holds what its sets gave it, each looked at here); of a list written out, of each item that does so."""
    if isinstance(tree, ast.ListLit):
        return tuple(dict.fromkeys(c for item in tree.items for c in _public_choices_read(facts, where, item, context, carried)))
    stmt, action, name = where
    _, told, sight = context
    choices = _choices_read(tree, carried)
    if not choices or not told.issuperset(choices):
        return ()
    if not sight:
        (at_each, lets), placed = _sight_at_each(facts), facts.placed
        sight += [at_each, (_statements_after(facts), {id(s): e for s, e, _ in placed}, lets), _variables_read_as_shown(facts)]
    at_each, placed, shown_as_is = sight
    if id(stmt) not in at_each:
        return choices
    seen_env, seen, lets, seats, shown = _turned_up_after(facts, stmt, at_each[id(stmt)], placed)
    return () if _read_unseen(shown_as_is, tree, seen_env, seen | {name}, lets, seats, shown) is not None else choices


def _choices_read(tree, carried: dict) -> tuple:
    """The choices ``tree`` reads through names in ``carried`` (not one a comprehension binds), in the order read."""
    if tree is None:
        return ()
    bound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)}
    read = [carried[node.name] for node in ast.walk(tree)
            if isinstance(node, ast.Name) and node.name in carried and node.name not in bound]
    return tuple(dict.fromkeys(choice for choices in read for choice in choices))


def _bare_name(facts, expr):
    """The name an expression is, if it is only a name (``card``), else None."""
    tree = facts.tree(expr)
    return tree.name if isinstance(tree, ast.Name) else None


def _holds_components(t) -> bool:
    """A component, or a list of them (at any depth)."""
    return t == "comp" or (isinstance(t, tuple) and len(t) == 2 and t[0] == "list" and _holds_components(t[1]))


def l030_public_score_of_hidden(facts) -> list:
    """L030: a `score` (its `add`, `floor`, `player`, `why` or `when`) or a `say` (its `text` or `player`) reads what
    some seat does not see at that point: every seat sees each score and is told each say, so every seat learns what it
    read (`add: count(c for c in hand[current] if c.kind == 'gold')` tells the others how many golds that hand holds).
    A say's `when` is no read: that the table is told whether it held is what the say states (a "go" said aloud)."""
    zones = facts.ruleset.zones
    # zones every seat may know at any point: what is said once by L006 (nobody ever sees it), and what each seat saw
    # go in (tricks taken face down from the table)
    known = set(_scored_unseen(facts)) | {n for n, z in zones.items() if z.visible != "everyone" and _filled_in_sight(facts, n)}
    chosen_in_sight = _choices_shown(facts)
    loop_seats = _loop_seats(facts)
    lets = _lets_in_scope(facts, loop_seats)  # (a name given a count every seat sees is that count: no read, as for L031)
    # a variable everyone sees is read as every view shows it, as L027 and L031 read it: what it was set from was told
    # at that `set` (L013, L031), not again at each score that reads it (tricks counted through the suit led)
    shown_as_is = _variables_read_as_shown(facts)
    body, shown, out = False, set(), []
    guards, guards_said = _guards_around(facts), set()
    for stmt, env, action, revealed in _revealed_before(facts, loop_seats):
        if action is not body:
            body = action
            shown = set(chosen_in_sight.get(action.name, ())) if action is not None else set()
        if named := _names_shown_to_all(facts, stmt, env):
            shown |= named
        elif (moved := _moved_into_sight(facts, stmt, env)) is not None:  # (what lets gave from it is seen now)
            shown |= _lets_of_moved(facts, moved, lets.get(id(stmt), {}))
        if stmt.kind not in _TOLD_PARTS:
            continue
        seen_env = {k: (frozenset() if k in shown else v) for k, v in env.items()}
        seen = revealed | known
        carried = {k: v for k, v in lets.get(id(stmt), {}).items() if k not in shown}
        before = len(out)
        for key in _TOLD_PARTS[stmt.kind]:
            expr = stmt.when if key == "when" else stmt.args.get(key)
            tree = facts.tree(expr) if expr is not None else None
            found = _read_unseen(shown_as_is, tree, seen_env, seen, carried, loop_seats.get(id(stmt), {}), shown)
            if found is not None:
                what, who, hint = found
                what, at = _read_through(facts, tree, what)
                worded = stmt.kind == "say" or key == "text"  # (a tell's text is words told, as a say's)
                told = "sees the score" if stmt.kind == "score" else "is told what is said" if worded else \
                    "is told which components the fact rules out"
                if stmt.kind != "score":  # (a say or a tell has no later to wait for: it tells only what every seat sees)
                    hint = hint.replace(_SCORE_LATER, f"or {stmt.kind} only what every seat sees")
                if worded:  # (a say is how the rules tell a value aloud: on purpose, the comment is right)
                    hint += _told_on_purpose("L030")
                out.append(_reveal_with_its_own_when(facts, stmt, what, Diagnostic(
                    _through_at(expr, at), "L030", f"this {stmt.kind}'s {key} reads {what}, which {who}: every seat "
                    f"{told}, so every seat learns it", hint)))
        if stmt.kind == "score":  # (a say's conditions are what it states; a tell's test is read above)
            out += _score_guard_findings(facts, stmt, guards.get(id(stmt), ()), guards_said, shown_as_is,
                                         (seen_env, seen, carried, loop_seats.get(id(stmt), {}), shown), len(out) > before)
    return out


def _score_guard_findings(facts, score, around, said: set, shown_as_is, sight, read_itself=False) -> list:
    """L030 at each condition around ``score`` (``around``: _guards_around's, outermost first) that reads what some
    seat does not see where the score is: the `when` of a statement whose block or `else` holds it, a loop's `until`,
    `for` items or `repeat` count. Every seat sees whether, how often and (a `for` over seats read from a secret) for
    whom the score is made, so every seat learns the answer. ``sight``: what every seat sees at the score (its reveals
    before it count). Said once a condition (``said``), and not where the statements it guards ask a seat (L027), move
    or shuffle (L054) or set a variable every seat sees (L031), nor where a say or tell there tells the answer; a `for`'s
    list not where the score's own parts were found reading hidden (``read_itself``): its name carries the zones the
    list read, said at the score."""
    seen_env, seen, carried, seats, shown = sight
    out = []
    for outer, expr, how in around:
        looped = outer.kind == "for" and expr is outer.args.get("items")
        if id(expr) in said or (looped and read_itself) or _guard_told_elsewhere(facts, outer, expr, seen_env):
            continue
        found = _read_unseen(shown_as_is, facts.tree(expr), seen_env, seen, carried, seats, shown)
        if found is None:
            continue
        said.add(id(expr))
        what, who, hint = found
        var = outer.args.get("var") if looped else None
        parts = (score.when if key == "when" else score.args.get(key) for key in _TOLD_PARTS["score"])
        trees = [tree for tree in (facts.tree(part) for part in parts if part is not None) if tree is not None]
        if var is not None and any(isinstance(node, ast.Name) and node.name == var for tree in trees for node in ast.walk(tree)):
            how = f"for each item of this for's list ('{var}')"
        out.append(Diagnostic(expr.loc, "L030", f"the score on line {score.loc.line} runs {how}, which reads {what}, "
                              f"which {who}: every seat sees the score, so every seat learns it", hint))
    return out


def _guard_told_elsewhere(facts, outer, expr, env) -> bool:
    """Whether another lint says the answer of ``expr``, a condition of ``outer``, is told, or the rules tell it: the
    statements it guards ask a seat (L027), move or shuffle (L054) or set a variable every seat sees (L031); a say or
    a tell in its block or `else` says it (a `when` only), or the first of its block turns what it tests face up."""
    guarded = [*(s for block in _blocks(outer) for s in _statements_in(block)), *_statements_in(outer.otherwise or ())]
    if any(_asks(s) or s.kind in TOLD_TO_ALL for s in guarded) or _sets_a_public_variable(facts.ruleset.variables, guarded):
        return True
    return expr is outer.when and (_says_its_answer(facts, outer, env) or _turned_up_as_tested(facts, outer))


_SCORE_LATER = "or score at the end, after a reveal"  # (L030's hint for a score; a say's says otherwise)
# the parts of a statement every seat is told, for L030 (a say's `when` is not: the say states that the table is told)
_TOLD_PARTS = {"score": ("when", "player", "add", "set", "floor", "why"), "say": ("player", "text"), "tell": ("test", "text")}


def _revealed_before(facts, loop_seats=None, offered_after=None):
    """(statement, env, action, what every seat has seen revealed before it) for each of ``facts.placed``, the flow
    first, then each action: a `reveal` of a zone (not a look some seats take) written before it, in the flow or the
    action, and for an action's statements, one the flow made before every step that offers the action; every zone
    where a reveal may be of any zone. What L030 (before a score) and L027 (before a guard of a decision) take as seen:
    zone names, and (ZONE, seat) for one seat's zone of a per-seat zone (`reveal: ZONE[0]`, _revealed_by), where
    ``loop_seats`` (_loop_seats) tells which seats a reveal names. ``offered_after``, a dict given, is filled with
    action -> what the flow revealed before every step that offers it (_revealed_at_offers)."""
    all_zones = frozenset(facts.ruleset.zones)
    always = _revealed_always(facts)
    offered_after = {} if offered_after is None else offered_after
    current, revealed, entered = False, frozenset(), []
    inside = _conditional_blocks(facts)
    same_when = {at: items for at, (items, _) in _revealed_under_the_same_when(facts, loop_seats).items() if items}
    for stmt, env, action, body in _placed_in_bodies(facts):  # the flow first, each then:, then each action, in order
        if body is not current:
            current, entered = body, []
            revealed = frozenset() if body is None else offered_after.get(action.name, frozenset()) if action else (
                # a then: after what the flow showed before every step offering its action, and its action's own reveals
                offered_after.get(body[1], frozenset()) | always.get(body[1], frozenset()))
        revealed = _left_blocks(entered, inside.get(id(stmt), ()), revealed)
        if stmt.kind in ("decide", "simultaneous") and action is None:
            for name in decision_actions(stmt):
                before = offered_after.get(name, revealed)  # a seat's zone shown on one way, its whole zone on the other: shown
                offered_after[name] = ((before & revealed)
                                       | {item for item in before if isinstance(item, tuple) and item[0] in revealed}
                                       | {item for item in revealed if isinstance(item, tuple) and item[0] in before})
        shown = revealed | same_when.get(id(stmt), frozenset())  # (a reveal under a `when` this statement's `when` implies)
        yield stmt, env, action, (all_zones | shown if WILD in shown else shown)  # (and the variables shown)
        # (a look some seats take shows the others nothing; one under a `when` may not have run)
        if stmt.kind == "reveal" and stmt.when is None and _shown_to_every_seat(facts, stmt):
            revealed |= _revealed_by(facts, stmt, env, (loop_seats or {}).get(id(stmt), {}))
        elif stmt.kind in ("decide", "simultaneous") and action is None and stmt.when is None and stmt.args.get("actions"):
            # what every action it offers (its fallback's too) always reveals is shown by the time the flow goes on (the card just turned up)
            revealed |= frozenset.intersection(*(always.get(name, frozenset()) for name in decision_actions(stmt)))


def _revealed_under_the_same_when(facts, loop_seats=None) -> dict:
    """id of a statement -> (what a `reveal` with a `when` showed every seat before it, where that `when` surely held: a later
    statement of the same block whose own `when` has the reveal's among the parts it joins with `and`, and the statements
    in its blocks; the reveals with a `when` before it whose `when` it does not so imply, as (reveal, what it shows)).
    A trial's called role, `when: killed != r` / `reveal: ...`, then `when: who != none and killed != r` /
    `decide: ...`: the decision is asked only where the role was shown. Only `let`s binding no name the `when` reads,
    `say`s and reveals may come between (anything else may change what the `when` reads)."""
    envs = {id(stmt): env for stmt, env, _ in facts.placed}
    out: dict = {}

    def conjuncts(expr) -> frozenset:
        """The texts of the parts of ``expr`` joined by `and` (`a and (b and c)`: a, b, c)."""
        tree = facts.tree(expr) if expr is not None else None
        parts, todo = set(), [tree] if tree is not None else []
        while todo:
            node = todo.pop()
            if isinstance(node, ast.BoolOp) and node.op == "and":
                todo += [node.left, node.right]
            else:
                parts.add(ast.text(node))
        return frozenset(parts)

    def mark(stmt, items, pending):
        """``stmt`` and every statement in its blocks (not its `else`) see ``items``."""
        before, open_ = out.get(id(stmt), (frozenset(), ()))
        out[id(stmt)] = (before | items, open_ if items else pending)
        for block in _blocks(stmt):
            for sub in _statements_in(block):
                was, open_ = out.get(id(sub), (frozenset(), ()))
                out[id(sub)] = (was | items, open_ + tuple(p for p in pending if p not in open_))

    def walk(block):
        pending: list = []  # (the reveal, its `when`'s parts, the names they read, what it shows)
        for stmt in block:
            parts = conjuncts(stmt.when) if stmt.when is not None else frozenset()
            found = frozenset().union(*(items for _, wanted, _, items in pending if wanted <= parts)) if parts else frozenset()
            open_ = tuple((reveal, items) for reveal, wanted, _, items in pending if not (parts and wanted <= parts))
            if found or open_:
                mark(stmt, found, open_)
            for inner in _blocks(stmt):
                walk(inner)
            if stmt.otherwise:
                walk(stmt.otherwise)
            if stmt.kind == "reveal" and stmt.when is not None and _shown_to_every_seat(facts, stmt):
                tree = facts.tree(stmt.when)
                items = _revealed_by(facts, stmt, envs.get(id(stmt), {}), (loop_seats or {}).get(id(stmt), {}))
                if tree is not None and items:
                    pending.append((stmt, conjuncts(stmt.when), _names_used(tree), items))
                continue
            if stmt.kind == "say":
                continue
            if stmt.kind == "let" and stmt.when is None:
                given = {name for name, _ in stmt.args.get("names", ())}
                pending = [p for p in pending if not (p[2] & given)]
                continue
            pending = []

    for block in facts.ruleset.statement_blocks:
        walk(block)
    return out


def _reveal_with_its_own_when(facts, stmt, what: str, diagnostic):
    """``diagnostic`` (L027, L031 at ``stmt``, which read ``what``) with, first in its hint, the reveal before it in its
    block that shows that zone but has a `when` of its own this statement's does not imply, so it is not counted: the
    hint's reveal is written already (a trial's `when: killed != r` / `reveal: ...`). Said in full at the first
    finding it causes, then by the line of that one."""
    if not what.startswith("what '"):
        return diagnostic
    zone = what.split("'")[1]
    if getattr(facts, "_same_when", None) is None:
        facts._same_when, facts._same_when_told = _revealed_under_the_same_when(facts, _loop_seats(facts)), {}
    if getattr(facts, "_after_each", None) is None:
        facts._after_each = _statements_after(facts)
    for reveal, items in facts._same_when.get(id(stmt), (frozenset(), ()))[1]:
        # (the statement of the reveal's own block that is, or holds, this one: its `when` may repeat the test)
        holder = next((later for later in facts._after_each.get(id(reveal), ())
                       if any(inner is stmt for inner in _statements_in([later]))), None)
        if holder is None or not (zone in items or any(isinstance(item, tuple) and item[0] == zone for item in items)):
            continue
        when = ast.text(facts.tree(reveal.when))
        first = facts._same_when_told.get(id(reveal))
        if first is not None:
            note = (f"the reveal of '{zone}' on line {reveal.loc.line} is not counted here, as its own when: {when} "
                    f"may have kept it from running (said in full on line {first}); ")
        else:
            facts._same_when_told[id(reveal)] = diagnostic.loc.line
            whose = "this statement's when" if holder is stmt else \
                f"the when of the {holder.kind} on line {holder.loc.line}, which holds this one,"
            note = (f"the reveal of '{zone}' on line {reveal.loc.line} is not counted here, as its own when: {when} "
                    f"may have kept it from running: write that test in {whose} too (when: ... and "
                    f"{when}), which counts it, or move it into what the reveal shows (a comprehension's if), "
                    f"where it runs always; else ")
        return Diagnostic(diagnostic.loc, diagnostic.code, diagnostic.message, note + diagnostic.hint)
    guarded = _guarded_reveal_before(facts, stmt, zone)
    if guarded is None:
        return diagnostic
    reveal, guard = guarded
    first = facts._same_when_told.get(id(reveal))
    when = ast.text(facts.tree(guard.when))
    where = f"its when: {when}" if guard is reveal else f"the when on line {guard.when.loc.line} ({when})"
    if first is not None:
        note = f"the reveal of '{zone}' on line {reveal.loc.line} counts only where {where} holds (said in full on line {first}); "
    else:
        facts._same_when_told[id(reveal)] = diagnostic.loc.line
        block = (f" (when: {when}, do: [{reveal.kind}: ..., then this {stmt.kind}])" if guard is reveal
                 else ", after the reveal")
        note = (f"the reveal of '{zone}' on line {reveal.loc.line} counts only where {where} holds, as it may not have run "
                f"elsewhere: put this {stmt.kind} in that block{block}; else ")
    return Diagnostic(diagnostic.loc, diagnostic.code, diagnostic.message, note + diagnostic.hint)


def _guarded_reveal_before(facts, stmt, zone: str):
    """(the reveal, the statement whose `when` guards it: itself, or the innermost around it) of the last `reveal`
    showing every seat ``zone`` before ``stmt`` in its body (the flow, an action's effects, a `then:`) that runs only
    where a `when` holds that does not hold around ``stmt`` (a trial's `when: count(in_play) > 1` / `reveal: hand`
    before the scores of the round's winners): the reveal is written, but not where ``stmt`` runs. None if none."""
    if getattr(facts, "_guarded_reveals", None) is None:
        guards, order, reveals = _guards_around(facts), {}, []
        for i, (placed, env, _, body) in enumerate(_placed_in_bodies(facts)):
            order.setdefault(id(placed), (i, id(body) if body is not None else None))
            whens = [outer for outer, expr, _ in guards.get(id(placed), ()) if expr is outer.when]
            if placed.kind == "reveal" and (placed.when is not None or whens) and _shown_to_every_seat(facts, placed):
                items = _revealed_by(facts, placed, env, {})
                reveals.append((i, id(body) if body is not None else None, placed, items,
                                placed if placed.when is not None else whens[-1], {id(w) for w in whens}))
        facts._guarded_reveals = (guards, order, reveals)
    guards, order, reveals = facts._guarded_reveals
    at, body = order.get(id(stmt), (None, None))
    around = {id(outer) for outer, expr, _ in guards.get(id(stmt), ()) if expr is outer.when}
    found = None
    for i, of, reveal, items, guard, whens in reveals:
        if at is None or of != body or i >= at or not (zone in items or WILD in items or any(
                isinstance(item, tuple) and item[0] == zone for item in items)):
            continue
        if reveal.when is None and whens <= around:
            continue  # (its `when`s hold where the statement runs: it counted, or shows another part of the zone)
        found = (reveal, guard)
    return found


def _left_blocks(entered: list, blocks: tuple, revealed: frozenset) -> frozenset:
    """What was revealed before a statement inside the conditional ``blocks`` (_conditional_blocks): ``revealed``, less
    what was revealed in a block of ``entered`` (the blocks walked into, each with what was revealed on entering it)
    that the statement is not in, as that block may not have run; ``entered`` is brought up to ``blocks``."""
    while entered and entered[-1][0] not in blocks:
        revealed = entered.pop()[1]
    for block in blocks[len(entered):]:
        entered.append((block, revealed))
    return revealed


def _conditional_blocks(facts) -> dict:
    """id of each statement of the flow and the actions -> the ids of the blocks around it that may not run, the
    outermost first: the block of a statement with a `when`, and any `else`."""
    out: dict = {}

    def walk(block, outer):
        """The statements of ``block``, each with the conditional blocks ``outer`` around it."""
        for stmt in block:
            out[id(stmt)] = outer
            for block_ in _blocks(stmt):
                walk(block_, outer + (id(block_),) if stmt.when is not None else outer)
            if stmt.otherwise:
                walk(stmt.otherwise, outer + (id(stmt.otherwise),))

    for block in facts.ruleset.statement_blocks:
        walk(block, ())
    return out


def _placed_in_bodies(facts):
    """(statement, env, action, body) for each of ``facts.placed``: body is the action for its effects, ("then", NAME)
    for action NAME's `then:` (walked as flow, no action), None for the flow. A then: runs right after its action, not
    after the flow written before it, so what the flow showed before a statement is not what a then: saw."""
    starts = {id(action.then.args["body"][0]): ("then", name) for name, action in facts.ruleset.actions.items()
              if action.then is not None and action.then.args["body"]}
    body = None
    for stmt, env, action in facts.placed:  # (the flow, then each then:, then each action's effects)
        body = action if action is not None else starts.get(id(stmt), body)
        yield stmt, env, action, body


def _shown_to_every_seat(facts, stmt) -> bool:
    """Whether a `reveal` tells every seat what it shows: one left face up (no `to`), or a look every seat takes
    (`to: players`, `to: seats_from(...)`, or every seat's number written out: `to: [0, 1]` in a game of two); a look
    some seats take shows the others nothing."""
    if stmt.args.get("to") is None:
        return True
    to = facts.tree(stmt.args["to"])
    return _over_seats(to) or _seats_taken(to) == frozenset(range(facts.ruleset.max_players))


def _revealed_always(facts) -> dict:
    """Action name -> what the reveals written in its body itself (in no block, with no `when`, not a look some seats
    take) show every seat whenever it is taken, as _revealed_by tells it."""
    out: dict = {}
    for action in facts.ruleset.actions.values():
        top = {id(stmt) for stmt in action.body}
        out[action.name] = frozenset().union(*(
            _revealed_by(facts, stmt, env, {}) for stmt, env, of in facts.placed
            if of is action and id(stmt) in top and stmt.kind == "reveal" and stmt.when is None and _shown_to_every_seat(facts, stmt)))
    return out


def _choices_shown(facts) -> dict:
    """Action name -> its choices that every seat sees once it is taken: a chosen component it moves (or places)
    where every seat sees it, or reveals, anywhere in its effects (a list of them too, as one list or item by item in a
    loop), as every seat's record then shows the decision."""
    out: dict = {}
    envs = {id(stmt): env for stmt, env, _ in facts.placed}
    for stmt, env, action in facts.placed:
        if action is not None:
            chosen = (_names_shown_to_all(facts, stmt, env) | _looped_over_into_sight(facts, stmt, envs)) \
                & {param.name for param in action.params}
            if chosen:
                out.setdefault(action.name, set()).update(chosen)
    return out


def _looped_over_into_sight(facts, stmt, envs) -> set:
    """{the name} for a `for` over a bare name (no `when`) whose body moves each item, unconditionally, into zones every
    seat sees (`for: t in ts` / `move: t -> table`): by the loop's end every item was shown, as a move of all would."""
    items = stmt.args.get("items") if stmt.kind == "for" and stmt.when is None else None
    if items is None or not isinstance(facts.tree(items), ast.Name):
        return set()
    var = stmt.args.get("var")
    shows_each = any(inner.when is None and id(inner) in envs and var in _names_shown_to_all(facts, inner, envs[id(inner)])
                     for inner in stmt.args.get("body") or ())
    return {facts.tree(items).name} if shows_each else set()


def _shows_all(facts, stmt, env) -> bool:
    """Whether ``stmt`` shows every seat the component a name holds (or those of names listed together): it reveals
    the name (not a look some seats take), or moves or places it into zones every seat sees."""
    return bool(_names_shown_to_all(facts, stmt, env))


def _names_shown_to_all(facts, stmt, env) -> set:
    """The names whose components ``stmt`` shows every seat (_shows_all): the name it reveals, moves or places into
    zones every seat sees, or each name of a list of names written in brackets (`move: "[a, b] -> table"`, two chosen
    cards laid at once, shows both as two moves would)."""
    if stmt.kind == "reveal":
        what = stmt.args.get("what")
        return _names_listed(facts.tree(what)) if what is not None and _shown_to_every_seat(facts, stmt) else set()
    return _names_listed(_moved_into_sight(facts, stmt, env))


def _names_listed(tree) -> set:
    """{name} for a bare name, the names of a bracketed list of bare names (`[a, b]`), else nothing."""
    if isinstance(tree, ast.Name):
        return {tree.name}
    if isinstance(tree, ast.ListLit) and tree.items and all(isinstance(item, ast.Name) for item in tree.items):
        return {item.name for item in tree.items}
    return set()


def _moved_into_sight(facts, stmt, env):
    """The tree of what a `move` or `place` puts into zones every seat sees (a name, or any expression: the cards of
    a book laid face up), else None."""
    zones = facts.ruleset.zones
    if stmt.kind not in ("move", "place") or stmt.args.get(MOVES[stmt.kind][0]) is None:
        return None
    into = facts.refs(stmt.args.get("to"), env)
    if not into or not all(z in zones and zones[z].visible == "everyone" for z in into):
        return None
    return facts.tree(stmt.args[MOVES[stmt.kind][0]])


def _lets_of_moved(facts, moved, lets) -> set:
    """The names of ``lets`` (_lets_in_scope) whose value reads a zone some seat does not see only through ``moved``,
    what a move just put where every seat sees it: every seat now sees what they were given from (a trial's
    `let: {made: "distinct(c.rank for c in book_cards(p))"}`, then `move: book_cards(p) -> books[p]`, then a score of
    `count(made)`)."""
    zones, text = facts.ruleset.zones, ast.text(moved)

    def is_moved(_, node) -> bool:
        """Whether ``node`` is written as ``moved`` is (the very components moved)."""
        return type(node) is type(moved) and ast.text(node) == text  # (a comprehension's clause is no expression)

    out = set()
    for name, (tree, env, _, _) in lets.items():
        if tree is None or not any(is_moved(facts, node) for node in ast.walk(tree)):
            continue
        rest = _reads(facts, tree, env, skip=is_moved)
        if not any(z == WILD or (z in zones and zones[z].visible != "everyone") for z in rest):
            out.add(name)
    return out


def _through_definitions(facts, tree, what: str) -> str:
    """``what`` (a finding's words for what ``tree`` reads: `the value of 'mine'`, `what 'hand' holds`, a count in
    backquotes), followed by the definitions through which ``tree`` reaches it where it does not read it itself:
    `the value of 'mine' (through 'easy_or_hard', which uses 'finders', which uses 'story')`, as E150 names a derived
    definition's path: with four nested definitions, a bare name sent a trial's author tracing them by hand."""
    return _read_through(facts, tree, what)[0]


def _read_through(facts, tree, what: str) -> tuple:
    """(_through_definitions's words, the node of ``tree`` that uses the first definition through which it reaches the
    thing ``what`` names: where a finding points, at `best` in `count(pile) > 0 or card == best`; None where
    ``tree`` reads it itself, or not at all)."""
    quoted = re.search(r"'([^']+)'|`([^`]+)`", what)
    if tree is None or quoted is None:
        return what, None
    name, text = quoted.group(1), quoted.group(2)

    def reads(node, params=()) -> bool:
        """Whether ``node`` is a read of the thing (a name its parameters hide is not it)."""
        return (isinstance(node, ast.Name) and node.name == name and node.name not in params) if name is not None \
            else not isinstance(node, ast.Clause) and ast.text(node) == text  # (a clause has no text of its own)

    def path(node, params, busy) -> tuple | None:
        """(the definitions from ``node`` down to one that reads the thing itself, [] where ``node`` does; the node of
        ``node`` that reads it or uses the first of them), or None where it does not read it."""
        found = next((n for n in ast.walk(node) if reads(n, params)), None)
        if found is not None:
            return [], found
        for n in ast.walk(node):
            used = n.func if isinstance(n, ast.Call) else n.name if isinstance(n, ast.Name) else None
            if used in facts.defines and used not in busy and used not in params and facts.defines[used][1] is not None:
                inner = path(facts.defines[used][1], facts.defines[used][0], busy | {used})
                if inner is not None:
                    return [used, *inner[0]], n
        return None

    found = path(tree, (), frozenset())
    if found is None:
        return what, None
    chain, at = found
    return (f"{what} (through " + ", which uses ".join(f"'{d}'" for d in chain) + ")", at) if chain else (what, None)


def _unseen_by_some(facts, tree, env, seen, seats):
    """(what, who sees it, the hint) for the first thing ``tree`` reads that not every seat sees, as _not_public
    finds it, but the zones in ``seen`` (revealed before, or known to all; (ZONE, seat): that seat's zone only): None
    where every seat sees all it reads. ``seats``: the loops around the statement (_loop_seats)."""
    zones, variables = facts.ruleset.zones, facts.ruleset.variables
    named = _seats_named(facts, tree, env, seats, {})
    hidden = sorted(z for z in _reads(facts, tree, env, skip=_counts_zones)
                    if z in zones and zones[z].visible != "everyone" and z not in seen
                    and not _read_where_seen(facts, tree, z, named, seen))
    if hidden:
        zone = hidden[0]
        # a seat's zone of a family revealed whole shows those the score does not read too: a poker showdown's folded hands
        some = (f"; only the seats' zones it reads: reveal: \"[{zone}[p] for p in SEATS]\""
                if zones[zone].kind == "player" else "")
        return (f"what '{zone}' holds", _WHO_SEES[zones[zone].visible],
                f"reveal it first (reveal: {zone}{some}), {_SCORE_LATER}")
    bags = _bags_read_in_order(facts, tree, seen)
    if bags:
        return (f"the order of '{bags[0]}'", "nobody sees",
                f"read only what '{bags[0]}' holds (count({bags[0]}), c in {bags[0]}), or move the component out "
                f"first (move: last({bags[0]}) -> ...), then read it where it lies")
    for node in (node for body in _with_definitions(facts, tree) for node in _walk_uncounted(facts, body)):
        if _counts_a_zone(facts, node) and not _counts_in_public(facts, node):
            zone, _ = _counted_zone(facts, node.args[0])
            target = node.args[0].target if isinstance(node.args[0], ast.Index) else None  # (in a definition: not in named)
            if not _seats_seen(facts, zone, named.get(id(target)) if target is not None else ALL_SEATS, seen):
                return (_count_said(facts, node), "not every seat may count",
                        f"show the count (`count: everyone` on '{zone}'), {_SCORE_LATER}")
    unseen = [name for name in _private_variables(facts, tree, frozenset(), {})
              if name not in seen and not _read_where_seen(facts, tree, name, named, seen)]
    if unseen:
        name = unseen[0]
        if facts.var_refs.get(name) and WILD not in facts.var_refs[name]:  # (WILD: too tangled to tell what it holds)
            return f"the value of '{name}'", _WHO_SEES[variables[name].visible], _components_kept_hint(facts, name)
        return (f"the value of '{name}'", _WHO_SEES[variables[name].visible],
                f"reveal it first (reveal: {name}), {_SCORE_LATER}; or declare '{name}' visible: everyone")
    return None


def _components_kept_hint(facts, name: str) -> str:
    """The hint for a hidden variable that holds components (a `set` gives it some), read where every seat is told: a
    `reveal: VAR` of it shows those components where they lie (face up until they move), never which seat's entry, or
    which variable, held them, so no reveal of it tells the value (a trial of a bluffing game kept each seat's laid card
    in `mine`, revealed it, and was told to reveal it). What to keep instead: words or numbers, whose reveal shows them."""
    revealed = any(stmt.kind == "reveal" and "variable" not in stmt.args and name in _names_written(facts, stmt.args.get("what"))
                   for stmt, _, _ in facts.placed)
    said = f"'{name}' holds components: reveal: {name} shows them where they lie, not " + (
        "which seat's entry holds which" if facts.ruleset.variables[name].per_player else "that it holds them")
    return (f"{said}{', as the reveal here does' if revealed else ''}; keep words or numbers in it instead (an attribute, "
            f"card.ATTRIBUTE), whose reveal: {name} shows the value; or declare '{name}' visible: everyone")


def _names_written(facts, expr) -> set:
    """The names an expression's tree holds (none where it has no tree)."""
    tree = facts.tree(expr) if expr is not None else None
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.Name)} if tree is not None else set()


def _scoped(facts, enter, start=None) -> dict:
    """id of each statement of the flow and the actions -> the scope it sees, each body starting from ``start`` ({}):
    ``enter(stmt, scope)`` gives (the scope of the statements after it, the scope of its blocks)."""
    out: dict = {}

    def walk(block, scope):
        """The statements of ``block``, each with the scope it sees (as _walk goes)."""
        for stmt in block:
            out[id(stmt)] = scope
            scope, inner = enter(stmt, scope)
            for block_ in _blocks(stmt):
                walk(block_, inner)
            if stmt.otherwise:
                walk(stmt.otherwise, scope)

    for block in facts.ruleset.statement_blocks:
        walk(block, {} if start is None else start)
    return out


def _loop_seats(facts) -> dict:
    """id of each statement -> {the name of a `for` loop around it: the seats it takes (_seats_taken)}, for L030 to
    tell which seat's zone a reveal or a score names."""

    def enter(stmt, seats):
        """The seats after ``stmt`` (its `let` names hide a loop's) and in its blocks (a `for` adds its own)."""
        if stmt.kind == "let":
            given = {name for name, _ in stmt.args.get("names", ())}
            seats = {k: v for k, v in seats.items() if k not in given}
        inner = seats
        if stmt.kind == "for":
            items = stmt.args.get("items")
            inner = {**seats, stmt.args.get("var", "_"): _seats_taken(facts.tree(items) if items is not None else None)}
        elif stmt.kind in ("repeat", "turns"):  # a name they give is no loop over seats
            inner = {k: v for k, v in seats.items() if k not in (stmt.args.get("var"), "current")}
        return seats, inner

    return _scoped(facts, enter)


def _seats_taken(node):
    """The seats a loop over ``node`` takes: every seat (ALL_SEATS) over `players`, the numbers of a list of them
    (`[0, 1]`), else None (not known: `others`, a filtered list)."""
    if isinstance(node, ast.Name) and node.name == "players":
        return ALL_SEATS
    if isinstance(node, ast.ListLit) and node.items and all(isinstance(i, ast.Const) and type(i.value) is int for i in node.items):
        return frozenset(i.value for i in node.items)
    return None


def _seat_of(node, seats):
    """The seats an index ``node`` may be: a number (`ZONE[0]`), or a loop's name in ``seats``; None if not known
    (`me`, `current`, a `let` name)."""
    if isinstance(node, ast.Const) and type(node.value) is int:
        return frozenset({node.value})
    return seats.get(node.name) if isinstance(node, ast.Name) else None


def _revealed_by(facts, stmt, env, seats) -> frozenset:
    """What a `reveal` shows every seat, for L030: the zones it may name, but (ZONE, seat) for each seat's zone of a
    per-seat zone whose seats are known and not every seat (`reveal: ZONE[0]`); a variable whose value it shows, by
    its name, or (VARIABLE, seat) for one seat's entry so known (`reveal: VARIABLE[0]`)."""
    tree = facts.tree(stmt.args["what"]) if stmt.args.get("what") is not None else None
    variable = stmt.args.get("variable")  # (a reveal of a variable's value: dsl.statements.revealed_values)
    if variable is not None:
        at = _seat_of(facts.tree(stmt.args["seat"]), seats) if stmt.args.get("seat") is not None else None
        return frozenset((variable, seat) for seat in at) if isinstance(at, frozenset) else frozenset({variable})
    if (isinstance(tree, ast.Index) and isinstance(tree.target, ast.Name) and tree.target.name not in env
            and tree.target.name in facts.ruleset.zones and facts.ruleset.zones[tree.target.name].kind == "player"):
        at = _seat_of(tree.index, seats)
        if isinstance(at, frozenset):
            return frozenset((tree.target.name, seat) for seat in at)
    return facts.refs(stmt.args.get("what"), env)


def _seats_named(facts, node, env, seats, out) -> dict:
    """``out``, with the id of each name in ``node`` that is itself a per-seat zone or variable (not a local name) ->
    the seats whose zone (or entry) it reads there: its index's (_seat_of), every seat where it stands bare
    (`for z in ZONE`)."""
    if isinstance(node, ast.MapComp):  # (its names and parts, as a list comprehension's of its pairs)
        node = ast.listed(node)
    zones, variables = facts.ruleset.zones, facts.ruleset.variables

    def per_seat(name) -> bool:
        """Whether ``name`` is a per-seat zone or variable there, not a local name."""
        return isinstance(name, ast.Name) and name.name not in env and (
            zones[name.name].kind == "player" if name.name in zones else name.name in variables and variables[name.name].per_player)

    if isinstance(node, ast.Comprehension):  # its names hide the loops' and the locals, for its clauses after and its element
        env, seats = dict(env), dict(seats)
        for clause in node.clauses:
            _seats_named(facts, clause.iterable, env, seats, out)
            env[clause.var], seats[clause.var] = frozenset(), _seats_taken(clause.iterable)
            for cond in clause.conditions:
                _seats_named(facts, cond, env, seats, out)
        return _seats_named(facts, node.element, env, seats, out)
    if isinstance(node, ast.Index) and per_seat(node.target):
        out[id(node.target)] = _seat_of(node.index, seats)
    elif per_seat(node):
        out.setdefault(id(node), ALL_SEATS)
    for sub in _subtrees(node):
        _seats_named(facts, sub, env, seats, out)
    return out


def _read_where_seen(facts, tree, zone, named, seen) -> bool:
    """Whether some seat's ``zone`` is in ``seen`` and each read of ``zone`` that ``tree`` makes itself (``named``; not
    those it only counts) is of a seat's zone seen: one read through a definition or a local name is taken as seen."""
    if not any(isinstance(item, tuple) and item[0] == zone for item in seen):
        return False
    stack = [tree]
    while stack:
        node = stack.pop()
        if _counts_zones(facts, node):
            continue
        if (isinstance(node, ast.Name) and node.name == zone and id(node) in named
                and not _seats_seen(facts, zone, named[id(node)], seen)):
            return False
        stack.extend(_subtrees(node))
    return True


def _seats_seen(facts, zone, at, seen) -> bool:
    """Whether the seats ``at`` (_seat_of; ALL_SEATS; None: not known) of ``zone`` are all seen: the zone is in
    ``seen``, or (ZONE, seat) is for each one (and for every seat of the most players the game takes, for ALL_SEATS).
    Where which seat's zone is not known, a reveal of any one is taken to show it (the zone's name is all that is told)."""
    if zone in seen:
        return True
    parts = {item[1] for item in seen if isinstance(item, tuple) and item[0] == zone}
    if not parts:
        return False
    if at == ALL_SEATS:
        return parts >= set(range(facts.ruleset.max_players))
    return at is None or at <= parts


def _counts_zones(facts, node) -> bool:
    """Whether ``node`` counts without looking inside: `count(ZONE)` of one zone (its count is a question of its
    own), or `count(hand)` of a family's bare name (or `count(line[p])`, a seat's N zones), the number of its zones,
    which every seat knows."""
    return _counts_a_zone(facts, node) or _counts_listed(facts, node)


def _counts_listed(facts, node, env=()) -> bool:
    """Whether ``node`` is `count(hand)` of a family's bare name or `count(line[p])` of a seat's N zones (_zones_listed)."""
    return (isinstance(node, ast.Call) and node.func == "count" and len(node.args) == 1
            and _zones_listed(facts, node.args[0], env))


def l009_always_fails(facts) -> list:
    """L009: an expression that fails whatever the position (it fails before reading anything of the game)."""
    out = []
    for expr in facts.expressions:
        found = facts.constant(expr)
        if found is not None and found[0] is False:
            where = facts.failed_in.get(id(expr), "")  # (the call is where it fails; the definition, where to look)
            text = found[1] if where else nones_named(found[1], [expr.tree])  # (in a definition: a part of its body)
            out.append(Diagnostic(expr.loc, "L009", "this expression fails whenever it is evaluated: "
                                  + fractions_told(text, [expr], facts.ruleset),
                                  f"fix the expression; it fails {where}" if where else "fix the expression"))
    return out + _divided_by_zero(facts)


def _divided_by_zero(facts) -> list:
    """L009 at each `/`, `//` or `%` of what reads the game by the number 0 written out, that an expression computes
    whenever it is computed (`count(books[p]) / 0`, a trial's: no fold found it, and only --smoke did); one of
    numbers written out (`1 // 0`) is the fold's, above."""
    out, seen = [], set()
    for source, tree, _ in _trees_naming_attributes(facts):
        for node in _always_evaluated(tree) if tree is not None else ():
            if (isinstance(node, ast.BinOp) and node.op in ("/", "//", "%") and _written_zero(node.right)
                    and any(isinstance(n, (ast.Name, ast.Call)) for n in ast.walk(node.left))
                    and id(node) not in seen):  # (an expectation's sides are compiled apart: each node once)
                seen.add(id(node))
                out.append(Diagnostic(source.at(node.right.pos), "L009", "this expression fails whenever it is evaluated: "
                                      f"`{ast.text(node)}` {'takes a remainder' if node.op == '%' else 'divides'} by zero",
                                      f"divide by a number other than 0, or leave the '{node.op}' out"))
    return out


def _always_evaluated(node):
    """``node`` and each part of it computed whenever it is: not a branch of a conditional, the right of `and` or `or`,
    nor a comprehension's element, conditions or later clauses (computed once per item, and there may be none)."""
    if isinstance(node, ast.MapComp):  # (its names and parts, as a list comprehension's of its pairs)
        node = ast.listed(node)
    yield node
    if isinstance(node, ast.Conditional):
        parts = (node.condition,)
    elif isinstance(node, ast.BoolOp):
        parts = (node.left,)
    elif isinstance(node, ast.Comprehension):
        parts = (node.clauses[0].iterable,)
    else:
        parts = tuple(_subtrees(node))
    for part in parts:
        yield from _always_evaluated(part)


def _written_zero(node) -> bool:
    """Whether ``node`` is the number 0 written out (`0`, `0.0`, `-0`)."""
    if isinstance(node, ast.Unary) and node.op == "-":
        node = node.operand
    return isinstance(node, ast.Const) and type(node.value) in (int, float) and node.value == 0


def _declared_values(rs) -> dict:
    """Attribute name -> every value declared for it (component attributes, die faces); derived ones are unknown. An
    attribute that is also a key of a constant table's maps (`define: {ROUTES: [{colour: grey}]}`) has the table's
    values too: `r.colour` of a value known only at run time, a definition's parameter, may read either."""
    values, derived = {}, set()
    for ctype in rs.components:
        for name, declared in ctype.attributes:
            values.setdefault(name, {}).update(dict.fromkeys(declared))  # (in their declared order, for the messages)
        derived |= {name for name, _ in ctype.derived}
    for die in rs.dice.values():
        for face in die.faces:
            for name, value in face.items():
                values.setdefault(name, {})[value] = None
    out = {name: v for name, v in values.items() if name not in derived}
    for name, held in _table_values(rs).items():
        if name in out:
            out[name] = {**out[name], **held}
    return out


def _table_values(rs) -> dict:
    """Key -> the words and numbers the maps of the constant tables written as YAML data hold under it."""
    section = (rs.source.get("define") if isinstance(rs.source, dict) else None) or {}
    out: dict = {}
    todo = deque(plain(body) for head, body in section.items() if isinstance(body, (list, dict))
                 and (parse_define_head(str(head)) or ("", ("x",)))[1] == ())
    while todo:
        value = todo.popleft()  # (in the order written: the values a finding lists)
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and type(item) in (str, int, float, bool):
                    out.setdefault(key, {})[item] = None
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
    return out


def l010_value_nothing_has(facts) -> list:
    """L010: an attribute compared with a word, or a number, that none of its declared values is (c.suit == "sapdes",
    c.rank == 1 where the ranks are J, Q, K), written there or passed to a definition's parameter that is so compared
    (`n(p, 'sashmi')`, `n(p, k)` comparing `c.kind == k`); and a grid's cells of words compared with a number
    (_cells_compared_with_numbers)."""
    return [d for d in _values_compared(facts) if d.code == "L010"] + _cells_compared_with_numbers(facts)


def l057_value_a_variant_removed(facts) -> list:
    """L057 (a note): an attribute compared with a value that a lower layer's components have and an overlay removed
    (_value_removed); none without variants."""
    return [d for d in _values_compared(facts) if d.code == "L057"] if facts.values_removed else []


def _values_compared(facts) -> list:
    """L010's and L057's findings at the comparisons of attributes with values (found once for both)."""
    memo = facts.__dict__.get("_values_compared")
    if memo is not None:
        return memo
    declared = _declared_values(facts.ruleset)
    compared = _parameters_compared(facts)
    out = []
    for source, tree, bare in _trees_naming_attributes(facts):
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Compare) and node.op in ("==", "!="):
                for attr, const in ((node.left, node.right), (node.right, node.left)):
                    if (read := facts.map_read(source, attr)) is not None:  # (a map's key: the map's own values)
                        out += _map_value_nothing_has(read, const, source)
                    elif isinstance(attr, ast.Attr) or isinstance(attr, ast.Name) and attr.name in bare:
                        known = dict.fromkeys(bare[attr.name]) if isinstance(attr, ast.Name) else declared.get(attr.name)
                        out += _word_nothing_has(facts, attr.name, known, const, source, op=node.op)
            elif isinstance(node, ast.Call) and node.func in compared:
                for at, attribute in compared[node.func].items():
                    if at < len(node.args):
                        out += _word_nothing_has(facts, attribute, declared.get(attribute), node.args[at], source,
                                                 f", passed to '{node.func}' to compare with a {attribute}")
    facts.__dict__["_values_compared"] = out
    return out


# -- L010 for a grid's cells: words compared with a number (a trial's `cell_at(...) == colour(p)`, colour(p) a
# seat, where the discs' cells are 'black' and 'white': no disc ever matched, and every game ended at once)

DEFINITIONS_FOLLOWED = 8  # definitions followed inside one another, at most


def _cells_compared_with_numbers(facts) -> list:
    """L010 at each `==` or `!=` of a cell's value (cell_at(), or a definition giving one) with a number for sure, and
    at each run_length() of a value that is a number for sure, where every piece's cells are words written out
    (_cell_words): never equal. Silent where a cell or the other side may be anything else."""
    words = _cell_words(facts)
    if words is None:
        return []
    out, numbers = [], _number_parameters(facts)
    for source, tree, names in _trees_with_numbers(facts, numbers):
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and node.op in ("==", "!="):
                for cell, other in ((node.left, node.right), (node.right, node.left)):
                    if _reads_a_cell(facts, cell) and _is_number(facts, other, names, numbers):
                        out.append(_cell_number_finding(source, node, other, words))
                        break
            elif isinstance(node, ast.Call) and node.func == "run_length" and node.func not in facts.defines \
                    and len(node.args) == 6 and _is_number(facts, node.args[5], names, numbers):
                out.append(_cell_number_finding(source, node, node.args[5], words))
    return out


def _cell_number_finding(source, node, number, words) -> Diagnostic:
    """L010 at ``number``, a number ``node`` compares with cells that are all ``words`` (all words, by their type only,
    where ``words`` is empty)."""
    shown = f"a word ({values_shown(words, quoted=True)[1]})" if words else "a word"
    said = (f"counts the cells of value `{ast.text(number)}`, a number, but every cell of a piece is {shown}: "
            "the run is always 0" if isinstance(node, ast.Call) else
            f"compares a cell's value, {shown} or none, with `{ast.text(number)}`, a number: they are never equal")
    held = f" ('{words[0]}')" if words else ""
    return Diagnostic(source.at(min(n.pos for n in ast.walk(number))), "L010", f"`{ast.text(node)}` {said}",
                      f"compare with a word the cells hold{held}: make `{ast.text(number)}` give one, or derive "
                      "the pieces' cells as numbers")


def _trees_with_numbers(facts, numbers: dict) -> list:
    """(source, tree, the names that hold a number for sure there) of each expression and definition: `me` and
    `current` (seats), and a definition's parameters every call passes a number (``numbers``, _number_parameters);
    not a name a comprehension binds again."""
    trees = [(_source(expr), facts.tree(expr), ()) for expr in facts.expressions]
    trees += [(facts.define_source(name), tree, numbers.get(name, ())) for name, (_, tree, _) in facts.defines.items()]
    return [(source, tree, _seats_and(tree, names)) for source, tree, names in trees if tree is not None]


def _seats_and(tree, names) -> frozenset:
    """``names`` with `me` and `current`, but the names ``tree`` binds in a comprehension."""
    bound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)}
    return frozenset({"me", "current", *names}) - bound


def _number_parameters(facts) -> dict:
    """Definition -> its parameters that every call of it passes a number for sure (`colour(1 - p)`, `legal(me, x, y)`),
    followed from call to call until nothing changes (there is no recursion, E130)."""
    calls = [(caller, node) for caller, (_, tree, _) in facts.defines.items() if tree is not None
             for node in ast.walk(tree) if isinstance(node, ast.Call) and node.func in facts.defines] + [
        (None, node) for expr in facts.expressions if facts.tree(expr) is not None
        for node in ast.walk(facts.tree(expr)) if isinstance(node, ast.Call) and node.func in facts.defines]
    found: dict = {}
    for _ in range(len(facts.defines) + 1):
        scopes = {caller: _seats_and(tree, found.get(caller, ())) for caller, (_, tree, _) in facts.defines.items() if tree is not None}
        scopes[None] = frozenset({"me", "current"})  # (a name bound in an expression outside a definition: not followed)
        now = {}
        for name, (params, _, _) in facts.defines.items():
            sites = [(caller, call) for caller, call in calls if call.func == name]
            now[name] = tuple(p for i, p in enumerate(params) if sites and all(
                i < len(call.args) and _is_number(facts, call.args[i], scopes.get(caller, frozenset()), found) for caller, call in sites))
        if now == found:
            break
        found = now
    return found


def _is_number(facts, node, names, numbers, depth: int = 0) -> bool:
    """Whether ``node`` is a number for sure: a number written out, a name of ``names``, arithmetic of numbers, count(),
    a conditional both of whose values are, or a definition whose body is one with the numbers its call passes."""
    if isinstance(node, ast.Const):
        return is_number(node.value)
    if isinstance(node, ast.Name):
        if node.name in names:
            return True
        params, body, _ = facts.defines.get(node.name, ((), None, None))  # (a definition without parameters, `size`)
        return not params and body is not None and depth < DEFINITIONS_FOLLOWED and _is_number(facts, body, _seats_and(body, ()), numbers, depth + 1)
    if isinstance(node, ast.Unary):
        return node.op == "-" and _is_number(facts, node.operand, names, numbers, depth)
    if isinstance(node, ast.BinOp):
        return _is_number(facts, node.left, names, numbers, depth) and _is_number(facts, node.right, names, numbers, depth)
    if isinstance(node, ast.Conditional):
        return _is_number(facts, node.then, names, numbers, depth) and _is_number(facts, node.otherwise, names, numbers, depth)
    if isinstance(node, ast.Call) and node.func == "count":
        return True
    if isinstance(node, ast.Call) and node.func in facts.defines and depth < DEFINITIONS_FOLLOWED:
        params, body, _ = facts.defines[node.func]
        given = {p for p, arg in zip(params, node.args) if _is_number(facts, arg, names, numbers, depth)}
        return body is not None and _is_number(facts, body, _seats_and(body, given), numbers, depth + 1)
    return False


def _reads_a_cell(facts, node, depth: int = 0) -> bool:
    """Whether ``node`` is a cell's value: cell_at(), or a definition (called or named) whose body is one."""
    if isinstance(node, ast.Call) and node.func == "cell_at":
        return True
    name = node.func if isinstance(node, ast.Call) else node.name if isinstance(node, ast.Name) else None
    body = facts.defines[name][1] if name in facts.defines else None
    return body is not None and depth < DEFINITIONS_FOLLOWED and _reads_a_cell(facts, body, depth + 1)


def _cell_words(facts) -> list | None:
    """The words the cells of the pieces may be, in the order written, where every component type with `cells` derives
    them as a list of words written out, of attributes that are (`cells: "[colour]"`, colour derived 'black' or
    'white'), or of definitions that give them (`cells: "[colour(owner)]"`, `colour(p): "'B' if p == 0 else 'W'"`);
    [] where the cells are words for sure by their type but their values are not all known (`[text(owner)]`, a
    definition reading a list); None where a cell may be anything else (a number, a map of stripes, declared cells),
    or no type has cells."""
    words: dict = {}
    typed = False  # a derive whose cells are words by their type only
    for ctype in facts.ruleset.components:
        derived = dict(ctype.derived)
        if "cells" in dict(ctype.attributes):
            return None
        if "cells" not in derived:
            continue
        tree = facts.tree(derived["cells"])
        found = [_words_of(facts, ctype, item) for item in tree.items] if isinstance(tree, ast.ListLit) else [[]]
        if all(found):
            words.update(dict.fromkeys(w for item in found for w in item))
        elif getattr(derived["cells"], "type", None) == ("list", "str"):  # (the checker's type: a list of words)
            typed = True
        else:
            return None
    return [] if typed else list(words) or None


def _words_of(facts, ctype, node, depth: int = 0, given: dict | None = None) -> list:
    """The words ``node``, in a derive of ``ctype``, may be, where it is a word for sure: written out, a conditional of
    such, an attribute whose declared values are all words, a derived one whose derive is such, or a definition whose
    body is such with the arguments its call passes; else []. ``given``: inside a definition, its parameters, each
    (the argument passed, the parameters where the call was written); None in the derive itself."""
    if isinstance(node, ast.Const):
        return [node.value] if isinstance(node.value, str) else []
    if isinstance(node, ast.Conditional):
        then, otherwise = (_words_of(facts, ctype, node.then, depth, given), _words_of(facts, ctype, node.otherwise, depth, given))
        return then + otherwise if then and otherwise else []
    if depth >= DEFINITIONS_FOLLOWED:
        return []
    if isinstance(node, ast.Call) and node.func in facts.defines:
        params, body, _ = facts.defines[node.func]
        if body is None or len(params) != len(node.args):
            return []
        inner = {p: (arg, given) for p, arg in zip(params, node.args)}
        return _words_of(facts, ctype, body, depth + 1, {**inner, **{b.var: None for b in ast.walk(body) if isinstance(b, ast.Clause)}})
    if not isinstance(node, ast.Name):
        return []
    if given is not None:  # (a definition sees its parameters and the other definitions, not the component's attributes)
        if node.name in given:
            passed = given[node.name]
            return _words_of(facts, ctype, passed[0], depth + 1, passed[1]) if passed is not None else []
        params, body, _ = facts.defines.get(node.name, ((), None, None))
        return _words_of(facts, ctype, body, depth + 1, {}) if body is not None and not params else []
    declared, derived = dict(ctype.attributes), dict(ctype.derived)
    if node.name in declared:
        values = list(declared[node.name])
        return values if values and all(isinstance(v, str) for v in values) else []
    if node.name in derived and node.name != "cells" and facts.tree(derived[node.name]) is not None:
        return _words_of(facts, ctype, facts.tree(derived[node.name]), depth + 1)
    params, body, _ = facts.defines.get(node.name, ((), None, None))  # (a definition without parameters: `black`)
    return _words_of(facts, ctype, body, depth + 1, {}) if body is not None and not params else []


def l028_name_meant_as_a_word(facts) -> list:
    """L028: an attribute compared with a bare name that is one of its values as a word, where the name is a variable
    or a definition: the name's value is compared, not the word (`c.face == skip` beside a variable `skip`)."""
    declared = _declared_values(facts.ruleset)
    names = set(facts.ruleset.variables) | {name for name, (params, _, _) in facts.defines.items() if not params}
    names -= {param.name for action in facts.ruleset.actions.values() for param in action.params}  # (L026's question)
    trees = [(_source(expr), facts.tree(expr)) for expr in facts.expressions]
    trees += [(facts.define_source(name), tree) for name, (_, tree, _) in facts.defines.items()]
    out = []
    for source, tree in trees:
        if tree is None:
            continue
        bound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Compare) and node.op in ("==", "!=")):
                continue
            for attr, name in ((node.left, node.right), (node.right, node.left)):
                if (isinstance(attr, ast.Attr) and isinstance(name, ast.Name) and name.name in names - bound
                        and name.name in (declared.get(attr.name) or ()) and facts.map_read(source, attr) is None):
                    kind = "variable" if name.name in facts.ruleset.variables else "definition"
                    out.append(Diagnostic(source.at(name.pos), "L028", f"'{name.name}' here is the {kind} '{name.name}', "
                                          f"not the word '{name.name}' that {attr.name} may be: the {kind}'s value is compared",
                                          f"for the word, quote it: '{name.name}'"))
        out += _keys_meant_as_words(source, tree)
    return out


def _keys_meant_as_words(source, tree) -> list:
    """L028 for a map written with a bare name as a key where a word is meant: `{x: x, 'y': 0}` is keyed by x's value
    (a placement of keys 3, 'y': R100 in every game). Meant: the key is the name its value reads, or a word beside it."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.MapLit):
            continue
        worded = any(isinstance(k, ast.Const) and isinstance(k.value, str) for k, _ in node.pairs)
        for key, value in node.pairs:
            if isinstance(key, ast.Name) and (worded or (isinstance(value, ast.Name) and value.name == key.name)):
                out.append(Diagnostic(source.at(key.pos), "L028", f"the key {key.name} of this map is the value of "
                                      f"'{key.name}', not the word '{key.name}': a map's keys are expressions",
                                      f"for the word, quote it: '{key.name}'"))
    return out


def _word_nothing_has(facts, attribute: str, known, const, source, passed: str = "", op: str = "==") -> list:
    """L010's finding for ``const`` compared with ``attribute``, whose values are ``known``: [] unless it is a word or a
    number none is, or a number one of them is as a word (7 where the ranks are '7', J: never equal); L057, a note, for
    one an overlay removed (_value_removed)."""
    number = _number_written(const)
    if number is not None and not isinstance(const, ast.Const):  # (-1 is the minus of 1: the number it writes)
        const = ast.Const(pos=const.pos, value=number)
    if not (isinstance(const, ast.Const) and known and all(isinstance(v, (str, int, float)) for v in known)):
        return []
    meant = other_kind_written(const.value, known) if is_number(const.value) else None
    if isinstance(meant, str):
        return [Diagnostic(source.at(const.pos), "L010", f"{attribute} is never the number {const.value}{passed} (its values: "
                           f"{values_shown(known, quoted=True)[1]})", f"{attribute}'s {meant!r} is a word: quote it, '{meant}'")]
    if not (isinstance(const.value, str) or is_number(const.value)) or const.value in known:
        return []
    removal = facts.values_removed.get((attribute, const.value))
    if removal is not None:
        return _value_removed(facts, attribute, const, source, removal, op)
    _, shown = values_shown(known)
    words = all(isinstance(v, str) for v in known)
    what = (f"no component or die face has {attribute} {const.value!r}" if words or is_number(const.value)
            else f"{attribute} is never the word {const.value!r}")
    hint = (_word_hint(const.value, known) if isinstance(const.value, str) else _number_hint(facts, attribute, known, words)) \
        + _values_written(facts, attribute, source.loc)
    return [Diagnostic(source.at(const.pos), "L010", f"{what}{passed} (its values: {shown})", hint)]


def _map_value_nothing_has(read, const, source) -> list:
    """L010 for `m.key == 'word'` where m is a map of known keys (facts.map_read's ``read``: the key, its values or
    None): a word or number written that none of the key's values is; quiet where they are not all known."""
    key, known = read
    number = _number_written(const)
    value = number if number is not None else const.value if isinstance(const, ast.Const) else None
    if (known is None or not known or not all(isinstance(v, (str, int, float)) for v in known)
            or not (isinstance(value, str) or is_number(value)) or value in known):
        return []
    words = [v for v in known if isinstance(v, str)]
    hint = did_you_mean(value, words) if isinstance(value, str) else ""
    return [Diagnostic(source.at(const.pos), "L010", f"the map's {key} is never {value!r} here (its values: "
                       f"{values_shown(known)[1]})", hint or "check the spelling" if isinstance(value, str) else "check the number")]


def _value_removed(facts, attribute: str, const, source, removal, op: str) -> list:
    """L057 (a note) for a value of ``attribute`` that a layer below declares and an overlay removed (a variant's deck
    without a kind of card): the rule comparing with it is dead under the overlay, not misspelt, and fails nothing.
    Silent where the comparison is written in the overlay that removed it: its author wrote both (a scenario checking
    the kind is gone)."""
    from .loader import removed_said

    where, _ = removal
    if os.path.realpath(source.loc.path or "") == os.path.realpath(where.path or ""):
        return []
    said = removed_said(attribute, const.value, removal)
    then = "this comparison is always true under it" if op == "!=" else "this rule never applies under it"
    return [Diagnostic(source.at(const.pos), "L057", f"{said}: {then}",
                       "fine if the overlay means it: it fails nothing")]


def _trees_naming_attributes(facts) -> list:
    """(source, tree, bare) of every expression and definition, bare {} for each; then of each component's own
    `copies` (its items' too), `start` and `derive`, which name its attributes bare (`copies: 2 if kind == "plain" else 1`), bare
    {attribute: its declared values} for each."""
    trees = [(_source(expr), facts.tree(expr), {}) for expr in facts.expressions]
    trees += [(facts.define_source(name), tree, {}) for name, (_, tree, _) in facts.defines.items()]
    return trees + [(_source(expr), facts.tree(expr), dict(ctype.attributes)) for ctype in facts.ruleset.components
                    for expr in [*ctype.copies_written(), ctype.start, *(e for _, e in ctype.derived)] if isinstance(expr, Expr)]


ORDERED = ("<", "<=", ">", ">=")  # the comparisons that order their sides: a word and a number have no order


def l037_order_of_numbers_and_words(facts) -> list:
    """L037: an order comparison (`<`, `<=`, `>`, `>=`) or arithmetic reading an attribute whose declared values mix
    numbers and words (`rank: [7, 8, 9, 10, J, Q, K, A]`: YAML reads 7 a number and J a word): it fails when the game
    runs wherever the component's value is the other kind (R100 "'>' between a word and a whole number"), though it works
    for some components, so it is no error. (A component's own `copies`, `start` and `derive` are computed for every
    component before the game: R002 says it there.) A derived attribute, whose values are computed, is not checked."""
    mixed = {}  # attribute -> the first declaration of it that mixes numbers and words, in its declared order
    for ctype in facts.ruleset.components:
        for name, values in ctype.attributes:
            if mixed_values(values):
                mixed.setdefault(name, list(values))
    out = []
    for source, tree, _ in _trees_naming_attributes(facts) if mixed else ():
        for node in ast.walk(tree) if tree is not None else ():
            for side in _mixed_sides(node, mixed):
                if facts.map_read(source, side) is None:  # (a map's key is none of the components' attribute)
                    out.append(_mixed_finding(source, node, side, mixed[side.name]))
    return out


def _mixed_sides(node, mixed: dict) -> list:
    """The sides of ``node``, an order comparison or arithmetic, that read an attribute of ``mixed`` values."""
    if isinstance(node, ast.Compare) and node.op in ORDERED or isinstance(node, ast.BinOp):
        sides = (node.left, node.right)
    elif isinstance(node, ast.Unary) and node.op == "-":
        sides = (node.operand,)
    else:
        return []
    return [side for side in sides if isinstance(side, ast.Attr) and side.name in mixed]


def _mixed_finding(source, node, side, values) -> Diagnostic:
    """L037's finding at ``side`` of ``node``, an attribute of mixed ``values`` (in their declared order)."""
    return Diagnostic(source.at(side.pos), "L037", f"`{ast.text(node)}`: {side.name}'s declared values mix numbers and words "
                      f"({mixed_values_shown(values)}), and '{node.op}' "
                      f"{'of a word' if isinstance(node, ast.Unary) else 'between a word and a number'} fails when the game runs",
                      mixed_values_hint(side.name, values))


def mixed_values(values) -> bool:
    """Whether an attribute's declared ``values`` mix numbers and words (`rank: [7, 8, J]`), which L037 is about."""
    return any(map(is_number, values)) and any(isinstance(v, str) for v in values)


def mixed_values_shown(values) -> str:
    """An attribute's mixed ``values`` as L037 lists them: the first 8, in their declared order."""
    return ", ".join(map(str, values[:8])) + (", ..." if len(values) > 8 else "")


def mixed_values_hint(attribute: str, values) -> str:
    """L037's advice for ``attribute``, whose declared ``values`` mix numbers and words: quote them all."""
    words = ", ".join(f"'{v}'" for v in values[:4]) + (", ..." if len(values) > 4 else "")
    return f"quote them all as words, {attribute}: [{words}], or write them all as numbers"


def l042_order_of_words_not_as_declared(facts) -> list:
    """L042: an order taken of an attribute whose declared values are all words, declared out of alphabetical order
    (`rank: [J, Q, K]`): a comparison `<`, `<=`, `>`, `>=` of it, or max(), min(), sorted(), sorted_by(), max_by(),
    min_by() keyed by it. Words compare alphabetically (K < Q), not in the order declared: Q beat K in a trial's
    showdown, with no finding. Attributes declared alphabetically ([a, b, c]) order as declared: no finding."""
    unordered = _words_out_of_order(facts)
    out = []
    trees = _trees_naming_attributes(facts) if unordered else ()
    # (over every tree at once: a failed expectation's sides are compiled apart, each its own tree of the same nodes)
    compared = set().union(*(_sorted_to_compare(tree) for _, tree, _ in trees if tree is not None))
    for source, tree, bare in trees:
        for node in ast.walk(tree) if tree is not None else ():
            reads = _order_taken(facts, node, unordered, bare) if id(node) not in compared else []
            if reads := [(part, name) for part, name in reads if facts.map_read(source, part) is None]:  # (a map's key: no attribute)
                out.append(_word_order_finding(facts, source, node, reads, unordered))
    return out


def _words_out_of_order(facts) -> dict:
    """Attribute -> its values in the order a component type or a die's faces declare them, for each attribute whose
    values are all words (every declaration's), where that order is not the alphabetical one words compare in."""
    declared = _declared_values(facts.ruleset)
    orders = [(name, values) for ctype in facts.ruleset.components for name, values in ctype.attributes]
    orders += [(name, [face[name] for face in die.faces if name in face]) for die in facts.ruleset.dice.values()
               for name in dict.fromkeys(key for face in die.faces for key in face)]
    out = {}
    for name, values in orders:
        once = list(dict.fromkeys(values))
        if all(isinstance(v, str) for v in declared.get(name) or [0]) and once != sorted(once):
            out.setdefault(name, once)
    return out


ORDERING_CALLS = frozenset({"max", "min", "sorted"}) | KEYED_ORDERS  # the builtins that order their items (or keys)
ITEMS_KEPT = frozenset({"distinct", "take", "remove"})  # the builtins whose list holds (some of) their first argument's items


def _sorted_to_compare(tree) -> set:
    """The ids of the `sorted()` calls in ``tree`` that are a side of `==` or `!=` whose other side is a list written
    out or another `sorted()`: both sides sorted alike, the order only makes lists of the same items equal
    (`sorted(c.good for c in hand[0]) == ['gold', 'gold', 'silver']`), whatever order words sort in."""
    def is_sorted(node) -> bool:
        """Whether ``node`` is a call of sorted()."""
        return isinstance(node, ast.Call) and node.func == "sorted"

    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and node.op in ("==", "!="):
            for side, other in ((node.left, node.right), (node.right, node.left)):
                if is_sorted(side) and (is_sorted(other) or isinstance(other, ast.ListLit)):
                    out.add(id(side))
    return out


def _order_taken(facts, node, unordered: dict, bare: dict) -> list:
    """[(a part of ``node``, the attribute it reads)] where ``node`` takes an order of ``unordered`` attributes: the
    sides of a comparison with anything but a number (a number is E124's), or an ordering call's items (or keys)."""
    if isinstance(node, ast.Compare) and node.op in ORDERED:
        if any(isinstance(side, ast.Const) and is_number(side.value) for side in (node.left, node.right)):
            return []
        sides = (node.left, node.right)
    elif isinstance(node, ast.Call) and node.func in ORDERING_CALLS and node.args:
        lone = node.args[0] if len(node.args) == 1 else None
        while isinstance(lone, ast.Call) and lone.func in ITEMS_KEPT and lone.args:  # `sorted(distinct(c.rank for ...))`
            lone = lone.args[0]
        sides = ((lone.element,) if isinstance(lone, ast.Comprehension) else lone.items if isinstance(lone, ast.ListLit)
                 else () if lone is not None else node.args)
        sides = [_leading_item(side) for side in sides]
    else:
        return []
    return [(side, name) for side in sides if (name := _word_attribute_read(facts, side, unordered, bare))]


def _leading_item(node):
    """The item of ``node`` that orders it: a list's first, which lists compare by first (`[c.rank, c]`), else itself."""
    while isinstance(node, ast.ListLit) and node.items:
        node = node.items[0]
    return node


def _word_attribute_read(facts, node, unordered: dict, bare: dict, depth: int = 0):
    """The ``unordered`` attribute ``node`` reads: `x.rank`, `rank` bare in a component's own expressions, or a call
    of a definition whose body is one (`rank_of(p): first(hand[p]).rank`); else None."""
    if isinstance(node, ast.Attr) or isinstance(node, ast.Name) and node.name in bare:
        return node.name if node.name in unordered else None
    if isinstance(node, ast.Call) and node.func in facts.defines and depth < 8:
        body = facts.defines[node.func][1]
        return _word_attribute_read(facts, body, unordered, {}, depth + 1) if body is not None else None
    return None


def _word_order_finding(facts, source, node, reads, unordered) -> Diagnostic:
    """L042's finding at ``node``, whose ``reads`` (parts, the attribute each reads) it orders, words declared in the
    ``unordered`` attributes' order; the hint writes ``node`` with the number of each one's order in place."""
    attribute = reads[0][1]
    values = unordered[attribute]
    low, high = next((b, a) for a, b in zip(values, values[1:]) if a > b)
    derive, order = _order_derived(facts, attribute, values)
    placed = {id(part): _in_order(facts, part, name, unordered[name]) for part, name in reads if not isinstance(part, ast.Call)}
    words = {id(side): ast.Const(side.pos, values.index(side.value)) for side in (node.left, node.right)
             if isinstance(side, ast.Const) and side.value in values} if isinstance(node, ast.Compare) else {}
    calls = [part.func for part, _ in reads if isinstance(part, ast.Call)]
    hint = (f"to order {attribute} as declared, " + (f"derive a number from it, {derive}, then compare that" if derive
                                                      else "compare its place")
            + (": " + ast.text(_rebuilt(node, lambda tree: placed.get(id(tree)) or words.get(id(tree)))) if placed else "")
            + "".join(f"{'; ' if placed else ': '}read .{order} in '{func}'" if derive
                      else f" in '{func}': {words_in_order(values, attribute)}" for func in calls[:1]))
    at = reads[0][0].pos if isinstance(node, ast.Compare) else node.pos  # (a comparison's own place is its operator)
    return Diagnostic(source.at(at), "L042", f"`{ast.text(node)}`: words compare alphabetically, so {low} < {high} "
                      f"here, not in the order {attribute} declares them ({', '.join(map(str, values[:8]))}"
                      f"{', ...' if len(values) > 8 else ''})", hint)


def _in_order(facts, part, attribute: str, values):
    """``part``, a read of ``attribute`` (`c.rank`, or `rank` bare), as the number of its place in ``values``: the
    attribute _order_derived derives, or index() of it where none can be derived (a die's face)."""
    _, order = _order_derived(facts, attribute, values)
    if not order:
        return ast.Call(part.pos, "index", (ast.ListLit(part.pos, tuple(ast.Const(part.pos, v) for v in values)), part))
    return ast.Attr(part.pos, part.target, order, part.pos) if isinstance(part, ast.Attr) else ast.Name(part.pos, order)


def _order_derived(facts, attribute: str, values) -> tuple:
    """compiler.order_derived for ``attribute`` of ``values``: (the derive, under the component types that declare it,
    the derived attribute's name), or ('', '') where none declares it (a die's face: no derive)."""
    types = [ctype.name for ctype in facts.ruleset.components if attribute in dict(ctype.attributes)]
    taken = {name for ctype in facts.ruleset.components for name in [*dict(ctype.attributes), *dict(ctype.derived)]}
    return order_derived(attribute, values, types, taken) if types else ("", "")


def _parameters_compared(facts) -> dict:
    """Definition -> {index of a parameter: the attribute it is compared with (`==`, `!=`)} (`n(p, k)` comparing
    `c.kind == k`: {1: 'kind'}), for each parameter compared with one attribute only and never bound again inside;
    compared there or passed on to a parameter of another definition that is so compared, at any depth
    (`income(col)` calling `counts_as(c, col)`, which compares `c.colour == col`: {0: 'colour'})."""
    direct: dict = {}
    passed: dict = {}  # definition -> [(index of its parameter, the definition called, the index it is passed at)]
    for name, (params, tree, _) in facts.defines.items():
        if not params or tree is None:
            continue
        rebound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)}
        found: dict = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and node.op in ("==", "!="):
                for attr, other in ((node.left, node.right), (node.right, node.left)):
                    if isinstance(attr, ast.Attr) and isinstance(other, ast.Name) and other.name in params and other.name not in rebound:
                        found.setdefault(params.index(other.name), set()).add(attr.name)
            elif isinstance(node, ast.Call) and node.func in facts.defines and node.func != name:
                passed.setdefault(name, []).extend(
                    (params.index(arg.name), node.func, at) for at, arg in enumerate(node.args)
                    if isinstance(arg, ast.Name) and arg.name in params and arg.name not in rebound)
        direct[name] = found
    out: dict = {}
    for _ in range(len(facts.defines) + 1):  # followed from call to call until nothing changes (no recursion, E130)
        now = {}
        for name, found in direct.items():
            found = {at: set(names) for at, names in found.items()}
            for at, callee, there in passed.get(name, ()):
                if there in out.get(callee, {}):
                    found.setdefault(at, set()).add(out[callee][there])
            if compared := {at: next(iter(names)) for at, names in found.items() if len(names) == 1}:
                now[name] = compared
        if now == out:
            break
        out = now
    return out


def _source(expr: Expr) -> SourceText:
    """Where the parts of a compiled expression are written (a lint points at the word it is about)."""
    return expr.source if expr.source is not None else SourceText("", expr.loc)  # (at() gives the loc itself)


def _values_written(facts, attribute: str, loc: Loc) -> str:
    """For L010 at the base's line: where an overlay gave ``attribute`` the values that leave out the word compared
    (`color: [red]` over the base's [red, blue]), or removed it; else ''."""
    from .compiler import _written_by

    where = facts.overlay_written.get(("attribute", attribute))
    return f"; {_written_by('attribute', attribute, where)}" if where is not None and where.path != loc.path else ""


def _word_hint(word: str, known) -> str:
    """For L010: a number written in quotes ("5" where the values are numbers) is said so; a word gets a 'did you mean'."""
    meant = other_kind_written(word, known)
    if meant is not None:
        return f"the values are numbers: write {meant} without quotes"
    numbers = any(map(is_number, known))
    return did_you_mean(word, [str(v) for v in known]) or ("the values are numbers: compare with a number" if numbers else "check the spelling")


def _number_hint(facts, attribute: str, known, words: bool) -> str:
    """For L010: a number none of ``attribute``'s values is; where they are all words, how to compare them by place."""
    if not words:
        return "check the number"
    derive, order = _order_derived(facts, attribute, list(known))
    by_place = f"{derive}, then compare .{order}" if derive else f"compare its place, {words_in_order(list(known), attribute)}"
    return f"its values are words: compare with one, quoted ('{next(iter(known))}'); for a number in their order, {by_place}"


def l016_attribute_nothing_reads(facts) -> list:
    """L016: a component's attribute no rule reads, spelt like one of its attributes that is read: a typo
    (an overlay's `attributes: {ponts: 3}` adds an attribute and leaves `points` as it was)."""
    read = _attributes_read(facts)
    source = facts.ruleset.source
    section = (source.get("components") if isinstance(source, dict) else None) or {}
    out = []
    for ctype in facts.ruleset.components:
        written = (section.get(ctype.name) or {}).get("attributes") if isinstance(section.get(ctype.name), dict) else None
        names = [name for name, _ in ctype.attributes]
        for name in names:
            if name in read:  # (read: no hint to look for, nor difflib to import for it)
                continue
            close = did_you_mean(name, [other for other in names if other != name and other in read])
            if close:
                loc = written.key_loc(name) if hasattr(written, "key_loc") and name in written else ctype.loc
                out.append(Diagnostic(loc, "L016", f"no rule reads the attribute '{name}' of '{ctype.name}'",
                                      f"{close} as written, '{name}' is a new attribute and the rules read the other, unchanged"))
    return out


def _attributes_read(facts) -> set:
    """The attribute names some rule (or definition) reads, and those the grid reads of every piece placed."""
    read = set(PIECE_ATTRIBUTES) | ((_sibling_scenario_names(facts) or set()) if facts.scenarios_apart else set())
    trees = [facts.tree(expr) for expr in facts.expressions] + [tree for _, tree, _ in facts.defines.values()]
    for tree in trees:
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, (ast.Attr, ast.Name)):
                read.add(node.name)  # a bare name: an attribute in the component's own copies, start or derive
    return read


def l023_type_key_among_attributes(facts) -> list:
    """L023: a component type's own key (`copies: 3`) written inside its `attributes`, or in an item of its `list` (but
    `copies`, which counts the item): an attribute of that name, and the type keeps its default (one component of each
    combination; a `start` of the type's). Silent where the type writes that key itself too, or a rule reads the
    attribute: the attribute is meant."""
    source = facts.ruleset.source if isinstance(facts.ruleset.source, dict) else {}
    type_keys, out = component_type_keys(), []
    read = cache(lambda: _attributes_read(facts))  # (computed only for a ruleset with such a key)
    for ctype, spec in (source.get("components") or {}).items():
        if not isinstance(spec, dict):
            continue
        attributes = spec.get("attributes")
        for key in attributes if isinstance(attributes, dict) else ():
            if key not in type_keys or key in spec or key in read():
                continue
            value = attributes[key]
            written = f"{key}: {value}" if isinstance(value, (str, int, float)) else f"{key}: ..."
            loc = attributes.key_loc(key) if hasattr(attributes, "key_loc") else Loc("<unknown>")
            out.append(Diagnostic(loc, "L023", f"'{key}' is written inside attributes, so it is an attribute of '{ctype}' here, "
                                  f"not the type's {key}",
                                  f"the type's {key} goes one level up, beside attributes: "
                                  f"{ctype}: {{attributes: {{...}}, {written}}}"))
        # (an item's own `copies` is its count, not an attribute)
        out += _type_keys_in_list_items(ctype, spec, [k for k in type_keys if k not in ("list", "copies") and k not in spec], read)
    return out


def _type_keys_in_list_items(ctype: str, spec: dict, keys: list, read) -> list:
    """L023 at the first item of a type's `list` that writes one of the type's ``keys`` (`- {colour: pink, start: hand}`),
    once per key: an attribute of each such item, not what the type's key says. Silent where a rule reads the attribute."""
    items = [item for item in spec.get("list") or () if isinstance(item, dict)] if isinstance(spec.get("list"), list) else []
    out = []
    for key in keys:
        holding = [item for item in items if key in item]
        if not holding or key in read():
            continue
        first, others = holding[0], len(holding) - 1
        loc = first.key_loc(key) if hasattr(first, "key_loc") else Loc("<unknown>")
        also = f" (and in {others} other item{'s' if others > 1 else ''})" if others else ""
        out.append(Diagnostic(loc, "L023", f"'{key}' is written in an item of the list of '{ctype}'{also}, so it is an "
                              f"attribute of that item here, not the type's {key}",
                              _list_item_key_hint(ctype, key)))
    return out


def _list_item_key_hint(ctype: str, key: str) -> str:
    """How to give a `list` item what its ``key`` meant: the type's key, beside `list:`, reading the item's attributes."""
    return (f"the type's {key} goes one level up, beside list:, and may read each item's attributes: "
            f"{ctype}: {{list: [...], {key}: ...}}")


def l026_choice_hides_a_name(facts) -> list:
    """L026: an action's choice named like a variable, a zone or a definition: inside the action the name is the choice,
    and what the ruleset declares under it cannot be read there (a card game's `colour` choice of a wild card hid the
    colour variable to match, and another card's `if` compared the choice with itself). A `let` so named is refused (S023)."""
    rs, out = facts.ruleset, []
    for action in rs.actions.values():
        for param in action.params:
            declared = ("variable" if param.name in rs.variables else "zone" if param.name in rs.zones
                        else "definition" if param.name in facts.defines else None)
            if declared is not None:
                out.append(Diagnostic(param.loc, "L026", f"the choice '{param.name}' of action '{action.name}' has the name of a "
                                      f"{declared}: inside the action '{param.name}' is the choice, and the {declared} "
                                      "cannot be read there", f"name the choice otherwise ({param.name}_chosen, new_{param.name})"))
    return out


def l027_hidden_guard_of_a_decision(facts) -> list:
    """L027: a condition of the flow that decides whether a seat is asked to decide reads what some seat does not see:
    every seat sees whether a decision is asked, so every seat learns the condition's answer (`decide: play_drawn`
    `when` the drawn card, which its owner alone sees, matched the top of the pile). The conditions: a `when` whose
    statement or `else` asks, the `until` of a loop whose body asks, and how many passes a `for` or `repeat` makes. A
    zone revealed before the statement (_revealed_before, as for L030) is seen by all (cards picked face down, all
    revealed, then the seat of the lowest asked where it goes)."""
    if not any(True for stmt, _, _ in facts.placed for _ in _guards_of_asking(facts, stmt, {})):
        return []  # (what is seen where is worked out only for a ruleset with such a guard)
    known = _known_to_all(facts)
    revealed = {id(s): zones for s, _, action, zones in _revealed_before(facts) if action is None}
    # a variable is read as every view shows it: one everyone sees holds nothing hidden, as L031 reads it (a secret it
    # was set from is told at that `set`: L013, L031), so a public count set into it is no hidden read here, nor a loop
    # over the seats from one (`for: p in seats_from(crown)`); one hidden holds what it was set from that was not seen
    read_as = _variables_as_set(facts, known)
    walked: list = []
    _walk_flow(read_as, walked, told=True)  # (a card all saw chosen is no secret in a hand)
    out, lets, types, sight = [], None, None, None
    for stmt, env, _ in walked:
        for expr, tree, env_, what_asks in _guards_of_asking(facts, stmt, env):
            # a zone revealed before the statement (as L030 takes one before a score) is seen by every seat
            seen = known | revealed.get(id(stmt), frozenset())
            hidden = _not_public(read_as, tree, env_, seen) if tree is not None else None
            if hidden:  # (a name every seat has seen by now, as L031 reads it: the card drawn, then laid face up)
                sight = _sight_at_each(facts)[0] if sight is None else sight
                env_ = _names_seen_now(read_as, env_, sight.get(id(stmt)))
                hidden = _not_public(read_as, tree, env_, seen)
            if hidden:
                what, who = hidden
                chain = _variable_between(read_as, stmt, expr, what, seen)
                told = what if not chain else f"{what} (through '{chain[0]}', set from it on line {chain[1]})" if chain[1] \
                    else f"{what} (through '{chain[0]}')"
                lets = _lets_in_scope(facts) if lets is None else lets  # (worked out once, for a ruleset with a finding)
                types = _local_types(facts) if types is None else types
                out.append(_reveal_with_its_own_when(facts, stmt, what, Diagnostic(
                    expr.loc, "L027", f"{what_asks} hangs on {told}, which {who}: every seat sees whether "
                    "a decision is asked, so every seat learns it",
                    _outside_public(facts, tree, _reads(facts, tree, env_)) + _say_the_answer(
                        _guard_hint(facts, stmt, expr, what, tree, env_, chain, lets, types), expr is stmt.when))))
    return out


_SAY_ANSWER = ("; or, where the rules tell every seat the answer (a \"go\" said aloud), say it in the statement's block or "
               "`else` (say: \"'go'\"): a say there tells the table, and this is no finding")


def _say_the_answer(hint: str, said: bool) -> str:
    """L027's ``hint`` for a guard, with (where ``said``: a `when`, whose answer a `say` under it may tell) the say that
    tells the table, before the ignore comment, which is for what every seat sees anyway."""
    if not said:
        return hint
    anyway = _told_anyway("L027")
    return hint.replace(anyway, _SAY_ANSWER + anyway) if anyway in hint else hint + _SAY_ANSWER


def _variables_as_set(facts, known) -> Facts:
    """A copy of ``facts`` in which each variable holds the zones L027 takes it to tell: none for one everyone sees
    (_variables_read_as_shown); for a hidden one, the zones each `set` of it read that were not revealed before that
    `set` (_revealed_before) nor are ``known`` to all: a seat worked out from cards turned face up is no secret."""
    view = _variables_read_as_shown(facts)
    held: dict = {}
    for stmt, env, _, seen in _revealed_before(facts):
        for name, _, value, _ in stmt.args.get("targets", ()) if stmt.kind == "set" else ():
            if name in view.var_refs:
                held[name] = held.get(name, frozenset()) | (facts.refs(value, env) - seen - known)
    view.var_refs = {name: held.get(name, frozenset()) for name in view.var_refs}
    return view


def _variable_between(facts, stmt, expr, what: str, seen):
    """(the variable, the line of the first `set` that gave it the zone, the id of that `set`, its value) where the
    guard ``expr`` of ``stmt`` reads the zone ``what`` names (_not_public) only through a hidden variable it was set
    from, directly or through a loop's or a `let`'s name (`for: p in seats_from(crown)`, `player: p`); None where it
    reads the zone itself."""
    if not what.startswith("what '"):
        return None
    zone = what.split("'")[1]
    for name in sorted(n for n, refs in facts.var_refs.items() if zone in refs):
        view = copy.copy(facts)
        view.var_refs, view._define_memo = {**facts.var_refs, name: frozenset()}, {}
        walked: list = []
        _walk_flow(view, walked, told=True)  # (as L027 walked it)
        env = next((env for s, env, _ in walked if s is stmt), None)
        guard = next((g for g in _guards_of_asking(view, stmt, env or {}) if g[0] is expr), None)
        if guard is None or guard[1] is None or (_not_public(view, guard[1], guard[2], seen) or ("",))[0] == what:
            continue  # (the zone is read without the variable too)
        sets = [(target[2].loc.line, id(s), target[2]) for s, env_, _ in facts.placed if s.kind == "set"
                for target in s.args.get("targets", ()) if target[0] == name and zone in facts.refs(target[2], env_)]
        return (name, *min(sets, key=lambda found: found[0])) if sets else (name, 0, None, None)
    return None


_ASK_ALWAYS = "ask the decision always and let its options say what may be done (with an option that does nothing, such as a pass)"


def _guard_hint(facts, stmt, expr, what: str, tree, env, chain=None, lets=None, types=None) -> str:
    """L027's hint for the guard ``expr`` of ``stmt``, which read ``what`` (_not_public): for a zone, the narrowest fix, as
    L031's hint gives it: where the guarded block first moves a component of it face up, that move made the test; where
    the guard reads one thing of it, a reveal of that one; where that is a seat or a number worked out from the zone (a
    local name of ``types``, _local_types), a reveal of the components it was worked out from (_picked_components, from
    the `let`s of ``lets``), or words saying so: `reveal:` takes components or zones; a per-seat zone read otherwise, a
    reveal said to show every seat's; then the ignore comment, for what the table sees anyway. A count or a variable:
    reveal it first. Read through a variable (``chain``: its name and the line of its `set`): reveal before that set."""
    if not what.startswith("what '"):
        return f"reveal it first, or {_ASK_ALWAYS}"
    zone = what.split("'")[1]
    into = _played_face_up_first(facts, stmt, expr, zone)
    if into is not None:
        return (f"its block first moves what it looks for into '{into}', which every seat sees: test that move instead "
                f"(let: {{before: count({into})}}, the move, of take([...], 1), which may move none, then when: "
                f"count({into}) > before around the decision){_told_anyway('L027')}")
    before = f" before the set of '{chain[0]}'{f' on line {chain[1]}' if chain[1] else ''}" if chain else " first"
    part = _narrowest_reveal(facts, tree, zone, env, {})
    part = None if part == zone else part
    # through a variable, what to reveal is what its `set` read; a seat or a number worked out from the zone is no
    # component, and a `reveal:` of it is E120: the components it is worked out from are
    if chain or (part is not None and _plain_local(part, (types or {}).get(id(stmt), {}))):
        if chain:
            subject, no_component = f"'{chain[0]}' is set from", ""
            picked = _picked_components(facts, facts.tree(chain[3]), zone, (lets or {}).get(chain[2], {})) if chain[3] else None
        else:
            subject, no_component = f"'{part}' is worked out from", f"; '{part}' itself is no component"
            picked = _picked_components(facts, ast.Name(0, part), zone, (lets or {}).get(id(stmt), {}))
        if picked is not None:
            return (f"reveal just the components {subject}{before} (reveal: \"{picked}\"{no_component}), not all of "
                    f"'{zone}', or {_ASK_ALWAYS}{_told_anyway('L027')}")
        single = facts.ruleset.zones[zone].kind == "single"
        pick = f"[c for c in {zone} if ...]" if single else f"[c for z in {zone} for c in z if ...]"
        return (f"reveal just the components of '{zone}' that {subject}{before}, a list of them with the test that picks "
                f"them (reveal: \"{pick}\"{no_component}), not all of '{zone}', or {_ASK_ALWAYS}{_told_anyway('L027')}")
    if part is not None:
        return f"reveal just what it reads{before} (reveal: {part}), not all of '{zone}', or {_ASK_ALWAYS}{_told_anyway('L027')}"
    if facts.ruleset.zones[zone].owned:
        return f"reveal it{before} (reveal: {zone} shows every seat's), or {_ASK_ALWAYS}{_told_anyway('L027')}"
    return f"reveal it{before} (reveal: {zone}), or {_ASK_ALWAYS}"


def _plain_local(name: str, types: dict) -> bool:
    """Whether ``name`` is a local name whose value is known to hold no component and be no zone (a seat, a number, a
    word): `reveal:` takes components or zones (E120), so no reveal of it may be proposed."""
    return _plain_type(types.get(name))


def _plain_type(t) -> bool:
    """Whether a value of type ``t`` (or each item of a list of it) is known to hold no component and be no zone."""
    item = t[1] if isinstance(t, tuple) and len(t) == 2 and t[0] == "list" else t
    return item in _PLAIN_TYPES and item != "zone"


def _let_types(facts) -> dict:
    """id of each `let` value's tree (a block's parameter's too: the `let` its `run` binds) -> the type of its value."""
    if getattr(facts, "_let_typed", None) is None:
        facts._let_typed = {id(facts.tree(expr)): getattr(expr, "type", None) for stmt, _, _ in facts.placed
                            if stmt.kind == "let" for _, expr in stmt.args.get("names", ())}
    return facts._let_typed


def _local_types(facts) -> dict:
    """id of each statement of the flow and the actions -> {each `let` or loop name it sees: the type of its value}."""
    def enter(stmt, types):
        """The names after ``stmt`` (a `let` adds its own) and in its blocks (a loop adds its name)."""
        if stmt.kind == "let":
            types = {**types, **{name: getattr(value, "type", None) for name, value in stmt.args.get("names", ())}}
        inner = types
        if stmt.kind == "for":
            items = getattr(stmt.args.get("items"), "type", None)
            inner = {**types, stmt.args.get("var", "_"): items[1] if isinstance(items, tuple) and len(items) == 2 else None}
        elif stmt.kind == "repeat" and stmt.args.get("var"):
            inner = {**types, stmt.args["var"]: "int"}
        elif stmt.kind == "turns":
            inner = {**types, "current": "player"}
        return types, inner

    return _scoped(facts, enter)


def _picked_components(facts, tree, zone, lets):
    """The text of a list of the components of ``zone`` that ``tree`` picks by one test, followed through `let` names
    (``lets``) and definitions: `[c for z in chosen for c in z if c.rank == r]` where a seat is worked out by
    `any(c.rank == r for c in chosen[p])` over the seats; None where there is no one such test, or it names what
    only the expression's own loops name."""
    while True:
        if isinstance(tree, ast.Name) and tree.name in lets:
            tree, _, lets, _ = lets[tree.name]
        elif isinstance(tree, ast.Call) and tree.func in facts.defines and facts.defines[tree.func][1] is not None:
            params, body, _ = facts.defines[tree.func]
            if len(params) != len(tree.args):
                return None
            tree = _with_names(body, dict(zip(params, tree.args)))
        else:
            break
    if tree is None:
        return None
    found: list = []
    _tests_of(facts, tree, zone, {}, found)
    if len(found) != 1:
        return None
    var, index, test, bound = found[0]
    if test is None:
        return None
    named = {n.name for n in ast.walk(test) if isinstance(n, ast.Name)}
    if (named - {var}) & set(bound):
        return None  # (the test names a loop of the expression's own, which the list would not have)
    if isinstance(index, ast.Name) and isinstance(bound.get(index.name), ast.Name) and bound[index.name].name == "players":
        each = next(n for n in ("z", "zone", "seat_zone") if n not in named and n != var)
        return f"[{var} for {each} in {zone} for {var} in {each} if {ast.text(test)}]"  # (every seat's zone is looked in)
    if index is not None and {n.name for n in ast.walk(index) if isinstance(n, ast.Name)} & set(bound):
        return None
    where = zone if index is None else f"{zone}[{ast.text(index)}]"
    return f"[{var} for {var} in {where} if {ast.text(test)}]"


def _tests_of(facts, node, zone, bound: dict, found: list) -> None:
    """``found``, with (the loop's name, the seat's index or None, the test, the names bound around) for each loop over
    ``zone`` (or one seat's zone of it) in ``node`` that picks its components by a test: the conditions of
    `[c for c in ZONE if TEST]`, or the item of `any(TEST for c in ZONE)`; ``bound``: the loops around -> their items."""
    if isinstance(node, ast.MapComp):  # (its names and parts, as a list comprehension's of its pairs)
        node = ast.listed(node)
    if isinstance(node, ast.Call) and node.func == "any" and len(node.args) == 1 and isinstance(node.args[0], ast.Comprehension):
        inner = node.args[0]
        if len(inner.clauses) == 1 and _over_zone(facts, inner.clauses[0].iterable, zone) and not inner.clauses[0].conditions:
            found.append((inner.clauses[0].var, _seat_index(inner.clauses[0].iterable), inner.element, bound))
            return
    if isinstance(node, ast.Comprehension):
        bound = dict(bound)
        for clause in node.clauses:
            if _over_zone(facts, clause.iterable, zone):
                test = clause.conditions[0] if len(clause.conditions) == 1 else None
                found.append((clause.var, _seat_index(clause.iterable), test, bound))  # (None: it reads them all)
            else:
                _tests_of(facts, clause.iterable, zone, bound, found)
            bound[clause.var] = clause.iterable
            for cond in clause.conditions:
                _tests_of(facts, cond, zone, bound, found)
        _tests_of(facts, node.element, zone, bound, found)
        return
    for sub in _subtrees(node):
        _tests_of(facts, sub, zone, bound, found)


def _over_zone(facts, node, zone) -> bool:
    """Whether ``node`` is ``zone`` itself or one seat's (or copy's) zone of it: `chosen`, `chosen[p]`."""
    target = node.target if isinstance(node, ast.Index) else node
    return isinstance(target, ast.Name) and target.name == zone


def _seat_index(node):
    """The index of `ZONE[i]`, else None."""
    return node.index if isinstance(node, ast.Index) else None


def _with_names(node, values: dict):
    """``node`` with each name of ``values`` (a definition's parameters) made the tree it is given (the call's argument)."""
    return _rebuilt(node, lambda part: values[part.name] if isinstance(part, ast.Name) and part.name in values else None)


def _rebuilt(node, swap):
    """``node`` with each of its trees that ``swap`` gives another tree for made that one (None: kept, its parts looked at)."""
    new = swap(node)
    if new is not None:
        return new

    def rebuilt(value):
        """A field's value with its trees rebuilt."""
        if isinstance(value, ast.Node):
            return _rebuilt(value, swap)
        return tuple(rebuilt(item) for item in value) if isinstance(value, tuple) else value

    return type(node)(*(rebuilt(value) for value in node.field_values()))


def _played_face_up_first(facts, stmt, expr, zone):
    """The zone every seat sees that the block ``expr`` guards moves a component of ``zone`` into, with a `move` or
    `place` of its own (no `when`) before anything in it asks: the move tells every seat what the guard found (a card
    played face up as soon as it is found); None where there is none, or ``expr`` is not the statement's `when`."""
    if expr is not stmt.when:
        return None
    zones, envs = facts.ruleset.zones, {id(s): env for s, env, _ in facts.placed}
    for inner, _ in _leading_statements(next(_blocks(stmt), ())):
        if inner.kind in ("move", "place") and inner.when is None and id(inner) in envs:
            came_from, went_to = (facts.refs(inner.args.get(key), envs[id(inner)]) for key in MOVES[inner.kind])
            if zone in came_from and len(went_to) == 1 and all(z in zones and zones[z].visible == "everyone" for z in went_to):
                return next(iter(went_to))
    return None


def _leading_statements(block, named=None):
    """(statement, {each `let` name before it: the text it stands for}) for the statements of ``block`` in order up to
    the first that asks a seat to decide, stepping into each plain `do`: a `run` plays as a `do` whose `let` binds the
    block's parameters to the call's arguments, so its statements lead the block as written-out ones would."""
    named = {} if named is None else named
    for stmt in block:
        if _asks(stmt):
            return False
        yield stmt, named
        if stmt.kind == "let" and stmt.when is None:
            named = {**named, **{name: _standing_for(value.text) for name, value in stmt.args.get("names", ())}}
        elif stmt.kind == "do" and stmt.when is None and not stmt.otherwise:
            if (yield from _leading_statements(stmt.args.get("body", ()), named)) is False:
                return False
    return True


def _standing_for(text: str) -> str:
    """``text``, an argument, as written where its parameter was: in brackets unless it is one word or number."""
    text = text.strip()
    return f"({text})" if re.search(r"\W", text) else text


def _tested_texts(facts, expr) -> list:
    """The text of the condition ``expr``, then of each definition it calls with arguments written out at the call
    (`held(target)`, `held(p): first(hand[p])` -> `first(hand[target])`): what a move must name to be what it tested."""
    return [expr.text, *_called_texts(facts, facts.tree(expr))]


def _called_texts(facts, tree) -> list:
    """The text of each definition ``tree`` calls, with the arguments written out at the call (_tested_texts)."""
    texts = []
    for node in ast.walk(tree) if tree is not None else ():
        params, body = facts.defines.get(node.func, ((), None))[:2] if isinstance(node, ast.Call) else ((), None)
        if body is not None and params and len(params) == len(node.args):
            texts.append(_as_named(ast.text(body), {p: _standing_for(ast.text(arg)) for p, arg in zip(params, node.args)}))
            texts.append(ast.text(_with_names(body, dict(zip(params, node.args)))))  # (`hand[1 - me]`, as a move writes it)
    return texts


def _untouched_lets(facts) -> dict:
    """id of each statement -> ({each `let` name it sees (a block's parameter too): (the let's value as a tree, the
    names the let saw, the let names the let saw)}, the ids of those entries, shadowed ones too, given since the last
    statement that moved or shuffled a component): what such a name was read from is as it was, so a condition reading
    it reads what a move there moves (_turned_up_as_tested)."""
    if getattr(facts, "_untouched", None) is None:
        envs = {id(stmt): env for stmt, env, _ in facts.placed}

        def enter(stmt, scope):
            """The names and untouched entries after ``stmt`` and in its blocks (a loop that moves: none, from its 2nd
            pass; a loop's own name hides a let's)."""
            lets, untouched = scope
            moves = any(inner.kind not in STILL or inner.kind in ("shuffle", "decide", "simultaneous")
                        for inner in _statements_in([stmt]))  # (a decision's action may move: it is taken then)
            inner = (lets, frozenset() if moves and stmt.kind in _LOOPS else untouched)
            if stmt.kind == "let":
                given = {name: (facts.tree(expr), envs.get(id(stmt), {}), lets) for name, expr in stmt.args.get("names", ())}
                lets, untouched = {**lets, **given}, untouched | {id(entry) for entry in given.values()}
            if stmt.kind in ("for", "repeat", "turns"):
                hidden = (stmt.args.get("var"), "current" if stmt.kind == "turns" else None)
                inner = ({k: v for k, v in inner[0].items() if k not in hidden}, inner[1])
            return (lets, frozenset() if moves else untouched), inner

        facts._untouched = _scoped(facts, enter, ({}, frozenset()))
    return facts._untouched


_LOOPS = ("for", "repeat", "until", "turns", "round")  # (statements that may run their body again)


def _followed(tree, lets, untouched, depth: int = 0):
    """``tree`` with each `let` name of ``lets`` it reads whose entry is ``untouched`` (_untouched_lets) written as the
    tree it was given, followed in turn (a name a comprehension binds is left as it is)."""
    names = [n for n in _lets_read(tree, lets) if id(lets[n]) in untouched and lets[n][0] is not None]
    if not names or depth > 8:
        return tree
    return _with_names(tree, {n: _followed(lets[n][0], lets[n][2], untouched, depth + 1) for n in names})


def _as_named(text: str, named: dict) -> str:
    """``text`` with each name of ``named`` (a `let` name, a block's parameter) written as what it stands for."""
    return re.sub(r"[A-Za-z_][A-Za-z0-9_]*", lambda m: named.get(m.group(), m.group()), text) if named else text


def _guards_of_asking(facts, stmt, env):
    """(expression, tree to check, names it sees, what it decides) for each condition of ``stmt`` that decides whether,
    or how often, a seat is asked to decide; a loop's is read before each pass, so each pass that asks tells its answer."""
    body = any(_asks(inner) for block in _blocks(stmt) for inner in block)
    # (a say or a tell in its block or `else` tells every seat the answer: asking then tells no more)
    asks = stmt.kind in ("decide", "simultaneous") or body or any(map(_asks, stmt.otherwise))
    if stmt.when is not None and asks and not _says_its_answer(facts, stmt, env):
        whose = f"this {stmt.kind}" if stmt.kind in ("decide", "simultaneous") or body else f"the else of this {stmt.kind}"
        yield stmt.when, facts.tree(stmt.when), env, f"whether {whose} asks a seat to decide"
    for key in ("player", "players"):  # which seat is asked is seen by every seat as much as whether one is
        if stmt.kind in ("decide", "simultaneous") and stmt.args.get(key) is not None:
            yield stmt.args[key], facts.tree(stmt.args[key]), env, f"which seat this {stmt.kind} asks to decide"
    if stmt.kind == "decide" and stmt.args.get("until") is not None:  # (beside until_chosen: read after each choice)
        yield stmt.args["until"], facts.tree(stmt.args["until"]), env, "whether this decide asks its seat again"
    if not body:
        return
    if stmt.kind == "turns" and stmt.args.get("next") is not None:  # (its first seat, read once before any turn, is
        # left alone: a seat drawn from a face-down bag to play first is a fact of the deal the ruleset means to tell)
        yield stmt.args["next"], facts.tree(stmt.args["next"]), dict(env, current=frozenset()), \
            "which seat this turns loop asks next"
    if stmt.kind in ("until", "turns") and stmt.args.get("until") is not None:  # (`turns` reads it with `current` bound)
        expr = stmt.args["until"]
        inner = dict(env, current=frozenset()) if stmt.kind == "turns" else env
        yield expr, facts.tree(expr), inner, f"whether this {stmt.kind} loop goes on and asks a seat to decide"
    elif stmt.kind in ("for", "repeat") and stmt.args.get("items" if stmt.kind == "for" else "count") is not None:
        expr = stmt.args["items" if stmt.kind == "for" else "count"]
        tree = facts.tree(expr)
        if stmt.kind == "for" and tree is not None and _counted_zone(facts, tree) is not None:
            tree = ast.Call(pos=tree.pos, func="count", args=(tree,))  # the passes over a zone tell how many it holds, no more
        elif stmt.kind == "for" and tree is not None and _zones_listed(facts, tree):
            return  # a family's bare name (or a seat's N zones): its zones, one per seat or copy, a number every seat knows
        yield expr, tree, env, f"how many times this {stmt.kind} asks a seat to decide"


def _asks(stmt) -> bool:
    """Whether a statement asks a seat to decide: a `decide` or `simultaneous`, or a block (or `else`) holding one."""
    return stmt.kind in ("decide", "simultaneous") or any(_asks(inner) for block in [*_blocks(stmt), stmt.otherwise]
                                                          for inner in block)


def _not_public(facts, tree, env, known=frozenset(), mine=False):
    """(what, who sees it) for the first thing ``tree`` reads that not every seat sees, directly or through definitions:
    a zone not `visible: everyone` (but those in ``known``, whose contents every seat can tell), a count of a zone not
    every seat may count, a variable not `visible: everyone`; None where it reads only what all see (a zone only
    `zone_of` or `components` name is not known: left alone). With ``mine``, what the seat `me` does not see: its own
    copy of a zone or variable `visible: owner` (ZONE[me], VAR[me], as _read_as_mine tells) and counts it sees are its."""
    zones, variables = facts.ruleset.zones, facts.ruleset.variables
    hidden = sorted(z for z in _reads(facts, tree, env, skip=_counted_or_own if mine else _counts_a_zone)
                    if z in zones and zones[z].visible != "everyone" and z not in known)
    if mine and hidden:  # (the seat's own copy read through a definition's parameter given me, total(me), is its too)
        owned = {zone for zone, _ in _unseen_owned(facts, tree, DECIDER, {})}
        hidden = [z for z in hidden if zones[z].visible != "owner" or z in owned]
    if hidden:
        return f"what '{hidden[0]}' holds", _WHO_SEES[zones[hidden[0]].visible]
    bags = _bags_read_in_order(facts, tree, known)
    if bags:
        return f"the order of '{bags[0]}'", "nobody sees"
    for node in (node for body in _with_definitions(facts, tree) for node in _walk_uncounted(facts, body)):
        if (_counts_a_zone(facts, node) and _counted_zone(facts, node.args[0])[0] not in known
                and not (_count_seen(facts, node.args[0], DECIDER) if mine else _counts_in_public(facts, node))):
            return _count_said(facts, node), "the seat may not count" if mine else "not every seat may count"
    unseen = [name for name in _private_variables(facts, tree, frozenset(), {}) if name not in known]  # (revealed)
    if mine:  # (the seat's own entry of one only its owner sees is its: _unseen_variables tells those read otherwise)
        owned = {name for name, _ in _unseen_variables(facts, tree, DECIDER, {})}
        unseen = [name for name in unseen if variables[name].visible != "owner" or name in owned]
    return (f"the value of '{unseen[0]}'", _WHO_SEES[variables[unseen[0]].visible]) if unseen else None


def _counted_or_own(facts, node) -> bool:
    """Whether ``node`` is a count of a zone (_counts_a_zone) or the seat's own copy of a zone only its owner sees,
    ZONE[me]: what a shown definition that reads `me` may read beyond what every seat sees (counts are looked at apart)."""
    return _counts_a_zone(facts, node) or (
        _as_mine(node) and facts.ruleset.zones.get(node.target.name) is not None
        and facts.ruleset.zones[node.target.name].visible == "owner")


def shown_unseen(ruleset) -> list:
    """R016 at each definition `show` lists whose value reads what some seat, or an onlooker, does not see, as
    _not_public finds it (a zone, a count, a variable not every seat sees; hidden zones whose contents every seat can
    tell aside): the board shows that value to every seat at every point of the game, so no reveal before it counts.
    One that reads `me` is worked out for each seat (render.shown_values): it may read that seat's own things too."""
    facts = Facts(ruleset)
    read_as, known, out = _zones_of_public_variables(facts), _known_to_all(facts), []
    for expr in ruleset.shown:
        tree, mine = facts.tree(expr), expr.text in ruleset.shown_per_seat
        found = _not_public(read_as, tree, {}, known, mine) if tree is not None else None
        if found is not None:
            what, who = found
            what = _through_definitions(facts, facts.defines[expr.text][1], what) if expr.text in facts.defines else what
            whom = "each seat its own value, so that seat" if mine else "its value to every seat, so every seat"
            out.append(Diagnostic(expr.loc, "R016", f"the shown definition '{expr.text}' reads {what}, which {who}: the "
                                  f"board shows {whom} would learn it", _shown_unseen_hint(expr.text, mine)))
    return out


def _shown_unseen_hint(name: str, mine: bool) -> str:
    """R016's hint for a shown definition that reads what some seat does not see: what it may read."""
    if mine:
        return ("show only what the seat sees: public zones and variables, its own copy of a zone or variable `visible: "
                f"owner` (hand[me], chips[me]), and counts it may count; or leave '{name}' out of `show`")
    return ("show only what every seat sees: public zones and variables, and counts every seat may count (one that reads "
            "me may read the seat's own copy of a zone or variable `visible: owner`, hand[me], chips[me]: each seat's "
            f"board shows its own value); or leave '{name}' out of `show`")


def _zones_of_public_variables(facts) -> Facts:
    """A copy of ``facts`` in which a variable everyone sees holds only the zones a `set` gives it as zones (not as
    components, which every view shows whole: _variables_read_as_shown): reading one, a view shows the reference, and
    reading through it reads the zone (`first(target)`, `target` set to `hand[1]`)."""
    placed = facts.placed  # (first: it settles what each variable holds, which the copy takes)
    view = _variables_read_as_shown(facts)
    variables = facts.ruleset.variables
    for stmt, env, _ in placed:
        for name, _, value, _ in (stmt.args.get("targets", ()) if stmt.kind == "set" else ()):
            if name in variables and variables[name].visible == "everyone" and not _holds_components(getattr(value, "type", None)):
                view.var_refs[name] = view.var_refs.get(name, frozenset()) | facts.refs(value, env)
    return view


def _known_to_all(facts) -> frozenset:
    """The hidden zones whose contents every seat can tell all the same: what starts there is the ruleset's to read, no
    shuffle reorders them, and each component goes in from, and out to, only zones every seat sees (a hand of a seat's
    own counters, each shown face up before it leaves, and only those shown come back)."""
    zones = facts.ruleset.zones
    public = {name for name, zone in zones.items() if zone.visible == "everyone"}
    if any(not isinstance(ctype.start, str) for ctype in facts.ruleset.components):
        return frozenset()  # (a start given by an expression may be any zone, and is read from the game)
    known = {name for name in zones if name not in public}
    for stmt, env, _ in facts.placed:
        if stmt.kind == "shuffle":
            lost = facts.refs(stmt.args.get("zone"), env)
        elif stmt.kind in MOVES:
            came_from, went_to = (facts.refs(stmt.args.get(key), env) for key in MOVES[stmt.kind])
            lost = (went_to if not came_from <= public else frozenset()) | (came_from if not went_to <= public else frozenset())
        elif stmt.kind not in STILL:
            return frozenset()  # a statement kind these lints do not know may move components anywhere
        else:
            continue
        if WILD in lost:
            return frozenset()
        known -= lost
    return frozenset(known)


def _with_definitions(facts, tree) -> list:
    """``tree`` and the bodies of the definitions it uses, and of those they use, each once."""
    trees, seen = [tree], set()
    for body in trees:
        for node in ast.walk(body):
            name = node.func if isinstance(node, ast.Call) else node.name if isinstance(node, ast.Name) else None
            if name in facts.defines and name not in seen and facts.defines[name][1] is not None:
                seen.add(name)
                trees.append(facts.defines[name][1])
    return trees


_WHO_SEES = {"owner": "only its owner sees", "others": "its owner does not see", "nobody": "nobody sees"}
# builtins whose value hangs on the order of what they are given (`index` of two arguments: a position)
_BY_POSITION = ("first", "last", "take", "take_last", "index")


def _bags_read_in_order(facts, tree, seen=frozenset()) -> list:
    """The zones of `order: nobody` (bags) but those in ``seen`` that ``tree``, or a definition it uses, reads by
    position: `last(bag)`, `bag[0]`, `take(bag, 2)`, `take_last(bag, 2)`, `first(c for c in bag if ...)`, `index(bag, c)`. What a bag holds
    is public (`count(bag)`, `c in bag`, a sum or count over it); only which lies where is hidden."""
    bags = {name for name, zone in facts.ruleset.zones.items() if zone.order != "everyone"} - set(seen)
    if not bags or tree is None:
        return []
    found = set()
    for body in _with_definitions(facts, tree):
        for node in ast.walk(body):
            if isinstance(node, ast.Index):
                found |= _bags_listed(facts, node.target, bags)
            elif isinstance(node, ast.Call) and node.func in _BY_POSITION and node.args and (node.func != "index" or len(node.args) == 2):
                found |= _bags_listed(facts, node.args[0], bags)
    return sorted(found)


def _bags_listed(facts, node, bags) -> set:
    """The bags whose components ``node`` lists in their order: a bag itself (`bag`, `bag[p]` of a family), or a
    comprehension going over one."""
    if isinstance(node, ast.MapComp):  # (its names and parts, as a list comprehension's of its pairs)
        node = ast.listed(node)
    if isinstance(node, ast.Comprehension):
        return set().union(*(_bags_listed(facts, clause.iterable, bags) for clause in node.clauses))
    if isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and node.target.name in bags:
        return {node.target.name} if facts.ruleset.zones[node.target.name].kind != "single" else set()  # bag[p] of a family
    if isinstance(node, ast.Name) and node.name in bags and facts.ruleset.zones[node.name].kind == "single":
        return {node.name}
    return set()


def _private_variables(facts, tree, mine, memo, params=()) -> list:
    """The variables not `visible: everyone` that ``tree``, or a definition it uses, reads (``mine`` and ``memo`` as
    _in_definition passes them; ``params``: the definition's parameters, which no variable's name means there)."""
    variables, out = facts.ruleset.variables, []
    bound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)} | set(params)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.name in variables and node.name not in bound:
            if variables[node.name].visible != "everyone":
                out.append(node.name)
        else:
            out += _in_definition(facts, node, mine, memo, _private_variables)
    return out


def l031_variable_set_from_unseen(facts) -> list:
    """L031: a `set` gives a variable a value read from what a seat that sees the variable does not see: one everyone
    sees (`set: {seen: secret}`, `secret` visible: owner) shows every seat the value (or, from the set's `when`, whether
    it was set), and one seat's entry of a variable only its owner sees, read from another seat's hidden things (in its
    value, or in a condition deciding whether, or how often, it is set: _entry_told_under), shows it that seat. Every
    view and record shows the variable as its declaration says, whatever the value was read from."""
    variables, zones = facts.ruleset.variables, facts.ruleset.zones
    if not any(stmt.kind == "set" for stmt, _, _ in facts.placed):
        return []
    hidden_zones = {name for name, zone in zones.items() if zone.visible != "everyone"}
    # a zone every seat sees but its owner: a variable everyone sees set from it by an action tells the owner what the
    # acting seat sees, as a hint said aloud tells a seat of its own hand (the way such a game tells it): not looked
    # at; set so by the flow, or from the acting seat's own copy (ZONE[me]), it tells the owner what nobody told it
    others = frozenset(name for name, zone in zones.items() if zone.visible == "others")
    (at_each, lets), shown_as_is = _sight_at_each(facts), _variables_read_as_shown(facts)
    out: list = []
    # id of a statement with a `when` around a `set` -> the variables everyone sees that it decides whether are set (none
    # where it reads no secret, or shows every seat its answer), and those it tells of a secret (the statement, what it
    # read, how): said once each, after every `set` under it is seen
    around, told_around, tested = _conditions_around(facts), {}, {}
    guards, told_entries = _guards_around(facts), set()
    envs, after = {id(stmt): env for stmt, env, _ in facts.placed}, _statements_after(facts)
    for stmt, env, action in facts.placed:
        if stmt.kind != "set":
            continue
        # a component turned face up right after the `set`, before anyone may look, tells no more than that move
        seen_env, seen, carried, seats, shown = _turned_up_after(facts, stmt, at_each[id(stmt)], (after, envs, lets))
        public = []
        for name, index, value, whole in stmt.args.get("targets", ()):
            spec = variables.get(name)
            entry = _entry_seat(facts, index, value, whole) if spec is not None and spec.visible == "owner" \
                and spec.per_player else None
            if entry is not None:
                out += _entry_told_under(facts, stmt, (name, index, entry[0]), guards.get(id(stmt), ()), (at_each, envs),
                                         told_entries)
                found = _read_of_another_seat(facts, name, entry[1], entry[0], seen) if entry[1] is not None else None
                if found is not None:
                    what, who, undo = found
                    out.append(Diagnostic(value.loc, "L031", f"each seat sees its own entry of '{name}', and it is set from "
                                          f"{what}, which {who}: the seat learns it from its entry",
                                          f"set each seat's entry only from what that seat sees, {undo}{_TOLD_ANYWAY}"))
            if spec is None or spec.visible != "everyone":
                continue
            public.append(name)
            if _holds_components(value.type) and facts.refs(value, env) & hidden_zones:
                continue  # components of a hidden zone are L013's
            found = _read_unseen(shown_as_is, facts.tree(value), seen_env, seen | _said_aloud(facts, action, others, value),
                                 carried, seats, shown)
            if found is not None:
                out.append(_reveal_with_its_own_when(facts, stmt, found[0], _public_set_finding(
                    shown_as_is, value.loc, name, f"it is set from {found[0]}, which {found[1]}", found,
                    (facts.tree(value), seen_env, carried))))
        if public and stmt.when is not None and not _says_its_answer(facts, stmt, env):  # (a say in its `else` tells the answer)
            found = _read_unseen(shown_as_is, facts.tree(stmt.when), seen_env, seen | _said_aloud(facts, action, others, stmt.when),
                                 carried, seats, shown)
            if found is not None:
                out += [_reveal_with_its_own_when(facts, stmt, found[0], _public_set_finding(
                    shown_as_is, stmt.when.loc, name, f"whether it is set hangs on {found[0]}, "
                    f"which {found[1]}", found, (facts.tree(stmt.when), seen_env, carried), _told_besides(stmt)))
                        for name in public]
        # a `set` in the block or the `else` of a statement whose `when` reads a secret tells it as much as one under
        # that `when` itself: said at that `when`, once for each such variable (each tells every seat the answer)
        for outer in (around.get(id(stmt), ()) if public else ()):
            if id(outer) in told_around:
                told_around[id(outer)].extend(public)
                continue
            outer_env, outer_seen, outer_carried, outer_seats, outer_shown = at_each[id(outer)]
            found = _read_unseen(shown_as_is, facts.tree(outer.when), outer_env,
                                 outer_seen | _said_aloud(facts, action, others, outer.when), outer_carried, outer_seats,
                                 outer_shown)
            told_around[id(outer)] = [] if found is None or _turned_up_as_tested(facts, outer) \
                or _says_its_answer(facts, outer, envs[id(outer)]) else list(public)
            if told_around[id(outer)]:  # (else every seat saw at that move whether the `when` held, or it reads no secret)
                tested[id(outer)] = (outer, found, (facts.tree(outer.when), outer_env, outer_carried))
    for outer, found, read_as in tested.values():
        out += [_reveal_with_its_own_when(facts, outer, found[0], _public_set_finding(
            shown_as_is, outer.when.loc, name, f"whether it is set hangs on {found[0]}, which "
            f"{found[1]}", found, read_as, _told_besides(outer))) for name in dict.fromkeys(told_around[id(outer)])]
    return out


def _entry_told_under(facts, stmt, entry, around, at, told: set) -> list:
    """L031 at each condition deciding whether, or how often, ``stmt`` runs (its own `when`, ``around``: _guards_around)
    that reads another seat's hidden things, ``stmt`` being a `set` of ``entry`` (the variable, the index, the names or
    number that are the seat: _entry_seat), one seat's entry of a per-seat variable only its owner sees: that seat
    sees its entry set, so learns the answer (a trial: `set: {"n[1]": 1}` under `when: any(... for c in hand[0])`).
    Said once a condition and variable (``told``); ``at``: _seen_at_each's by statement, and the names each sees."""
    (name, index, mine), (at_each, envs), out = entry, at, []
    for outer, expr, how in (*around, *(((stmt, stmt.when, "only when this condition holds"),) if stmt.when else ())):
        tree = facts.tree(expr)
        if (id(expr), name) in told or id(outer) not in at_each or tree is None or expr is outer.when and (
                _says_its_answer(facts, outer, envs[id(outer)]) or _turned_up_as_tested(facts, outer)):
            continue
        told.add((id(expr), name))
        found = _read_of_another_seat(facts, None, tree, mine, at_each[id(outer)][1])
        if found is None:
            continue
        what, who, _ = found
        source = what.split("'")[-2]  # (the zone or variable read: "what another seat's 'hand' holds")
        seat = next((ast.text(node.index) for node in ast.walk(tree) if isinstance(node, ast.Index)
                     and isinstance(node.target, ast.Name) and node.target.name == source and not _is_mine(node.index, mine)), None)
        what = what.replace("another seat's", f"seat {seat}'s") if seat is not None else what
        if index is None:
            owner, set_ = "each seat", f"'{name}'"
        else:
            owner = f"seat {ast.text(facts.tree(index))}"
            set_ = f"'{name}[{ast.text(facts.tree(index))}]'"
        out.append(Diagnostic(expr.loc, "L031", f"the set of {set_} at {stmt.loc} runs {how} ({expr.loc}), which reads "
                              f"{what}, which {who}: {owner} sees its own entry of '{name}', so it learns the answer",
                              f"make the condition read only what {owner} sees, or keep the answer in a variable only a "
                              f"seat that sees what the condition reads may see (visible: nobody, or that seat's own "
                              f"entry); setting the entry from the condition with no when tells {owner} the same"
                              f"{_TOLD_ANYWAY}"))
    return out


# the statements whose event every seat's record holds, whatever it hides of them (docs/records.md): a `set` a seat
# may not see is left out of its record, but a component moved between zones it does not see is still told, and the
# counts of those zones change with it
TOLD_TO_ALL = frozenset({*MOVES, "shuffle"})
# the other statements whose event (or question) every seat is told: a decision, a score, a roll, a reveal, the end
EVENTS_TOLD = frozenset({"decide", "simultaneous", "score", "roll", "reveal", "end_game"})


def l054_told_statement_under_a_hidden_condition(facts) -> list:
    """L054: a `move`, `deal`, `place`, `rotate` or `shuffle` that runs only where a condition reading what some seat
    does not see holds (its own `when`, that of a statement whose block or `else` holds it), or as many times as one
    says (a loop's `until`, `for` items, `repeat` count): every seat's record tells the event, hidden components and
    all, so every seat learns the answer. A hidden `set` is no finding (no seat that cannot see it is told of it); a
    public one is L031's, a decision L027's."""
    variables = facts.ruleset.variables
    if not any(stmt.kind in TOLD_TO_ALL for stmt, _, _ in facts.placed):
        return []
    others = frozenset(name for name, zone in facts.ruleset.zones.items() if zone.visible == "others")
    (at_each, lets), shown_as_is = _sight_at_each(facts), _variables_read_as_shown(facts)
    out, done = [], set()
    after, envs = _statements_after(facts), {id(s): e for s, e, _ in facts.placed}
    for stmt, env, action in facts.placed:
        if id(stmt) in done or id(stmt) not in at_each:
            continue
        done.add(id(stmt))  # (a block run from several places is looked at once, where first placed)
        for expr, told, what in _hidden_guards_of_told(facts, stmt, env, variables):
            seen_env, seen, carried, seats, shown = at_each[id(stmt)]
            if expr is stmt.when:  # a component turned face up right after it, before anyone may look, is seen by all
                seen_env, seen, carried, seats, shown = _turned_up_after(facts, stmt, at_each[id(stmt)], (after, envs, lets))
            found = _read_unseen(shown_as_is, facts.tree(expr), seen_env, seen | _said_aloud(facts, action, others, expr),
                                 carried, seats, shown)
            if found is None:
                continue
            out.append(Diagnostic(expr.loc, "L054", f"the {told.kind} at {told.loc} runs {what} ({expr.loc}), which reads "
                                  f"{found[0]}, which {found[1]}: every seat's record tells of the {told.kind} (that it "
                                  "ran, and the counts of its zones), so every seat learns the answer",
                                  "run it whatever the secret, or reveal what the condition reads first; where only a "
                                  "value is meant to change, compute it in one set with no when (set: {flag: \"any(...)\"}) "
                                  "of a variable the seats may not see, which no such seat is told of"
                                  f"{_told_anyway('L054')}"))
    return out


def _hidden_guards_of_told(facts, stmt, env, variables):
    """(condition, the first statement it guards whose event every seat is told, how it guards it) for each condition
    of ``stmt`` that decides whether, or how often, such a statement runs: its own `when` (for itself, its block and
    its `else`), a loop's `until`, `for` items or `repeat` count (for its body). Not where the guarded statements ask a
    seat to decide (L027), set a variable every seat sees (L031), or say the answer (a `say` or `tell` in the block or
    `else`), nor where the first of the block moves what the `when` tests into sight of every seat."""
    inner = [s for block in _blocks(stmt) for s in _statements_in(block)]
    guarded = ([stmt] if stmt.kind in TOLD_TO_ALL else []) + inner + list(_statements_in(stmt.otherwise or ()))
    told = next((s for s in guarded if s.kind in TOLD_TO_ALL), None)
    if told is None or any(map(_asks, guarded)):
        return
    if _sets_a_public_variable(variables, guarded):
        return  # (L031 says it at this condition)
    if stmt.when is not None and not _says_its_answer(facts, stmt, env) and not _turned_up_as_tested(facts, stmt):
        yield stmt.when, told, "only when this condition holds"
    told_inner = next((s for s in inner if s.kind in TOLD_TO_ALL), None)
    loop = _loop_condition(facts, stmt)
    if told_inner is not None and loop is not None:
        yield loop[0], told_inner, loop[1]


def _sets_a_public_variable(variables, statements) -> bool:
    """Whether one of ``statements`` is a `set` of a variable every seat sees (L031 says a condition around it)."""
    return any(s.kind == "set" and any(variables.get(name) is not None and variables[name].visible == "everyone"
                                       for name, *_ in s.args.get("targets", ())) for s in statements)


def _loop_condition(facts, stmt):
    """(condition, how it guards the body) of a loop that runs its body as often as a condition says: an `until`'s, a
    `for`'s items, a `repeat`'s count; None for any other statement, and for a `for` over a zone's components (passes
    over them tell its count, which L027 and L050 read; over a family's zones: a number)."""
    if stmt.kind == "until" and stmt.args.get("until") is not None:
        return stmt.args["until"], "once a pass until this condition holds"
    if stmt.kind in ("for", "repeat") and stmt.args.get("items" if stmt.kind == "for" else "count") is not None:
        expr = stmt.args["items" if stmt.kind == "for" else "count"]
        tree = facts.tree(expr)
        if stmt.kind == "for" and (tree is None or _counted_zone(facts, tree) is not None or _zones_listed(facts, tree)):
            return None
        return expr, f"once a pass, as many times as this {stmt.kind} says"
    return None


def _said_aloud(facts, action, others, expr) -> frozenset:
    """The zones of ``others`` (every seat sees them but the owner) that ``expr``, in ``action``'s effects (None: the
    flow), reads as the acting seat sees them: any copy but its own (ZONE[me]). A public variable set so tells the owner
    what the acting seat said aloud (a hint); in the flow, no seat sees what it tells the owner."""
    if action is None or not others:
        return frozenset()
    return others - _read_as_mine(facts, facts.tree(expr))


def _statements_after(facts) -> dict:
    """id of each statement of the flow and the actions -> the statements after it in its own block."""
    return {id(stmt): block[i + 1:] for block in _every_block(facts) for i, stmt in enumerate(block)}


def _turned_up_next(facts, after, envs, lets) -> frozenset:
    """The names whose component a statement of ``after`` (those after a `set` in its block) shows every seat before
    anything asks or may end the game: a name holding a component it moves (a `let` name is never given again in its scope: S023)
    into zones every seat sees, or reveals (_shows_all), or a `let` name whose hidden reads its move turns face up
    (_lets_turned_up), where nothing before it moved or shuffled a component (the zone the `let` read is as it was).
    What a `set` read of it is then told by that move too: `let: {c: last(deck)}`, `set: {last_n: c.n}`, `move: c -> discard`."""
    out, untouched = set(), True
    for later, _ in _leading_statements(after):
        if any(inner.kind == "end_game" for inner in _statements_in([later])):
            break
        env = envs.get(id(later))
        if env is not None and later.when is None:
            out |= _names_shown_to_all(facts, later, env)
            if untouched:
                out |= _lets_turned_up(facts, later, env, lets.get(id(later), {}))
        untouched = untouched and all(inner.kind in STILL and inner.kind != "shuffle" for inner in _statements_in([later]))
    return frozenset(out)


def _turned_up_as_tested(facts, outer) -> bool:
    """Whether ``outer``'s `when` is answered in sight of every seat: the statement itself, or the first of its block
    before anything asks, moves what the condition looks at, written as the condition writes it (`last(deck)`), into a
    zone every seat sees (a card drawn face up when it is the one looked for: `when: last(deck).kind == 'kitten'`,
    `move: last(deck) -> drawn`). A `set` in its block or `else` then tells no more than that move did."""
    zones, envs = facts.ruleset.zones, {id(s): env for s, env, _ in facts.placed}
    tested = _tested_texts(facts, outer.when)
    movers = [(outer, {})] if outer.kind in ("move", "place") else []
    for inner, named in _leading_statements(next(_blocks(outer), ())) if not movers else ():
        if inner.kind in ("move", "place") and inner.when is None:
            movers.append((inner, named))  # (one in a block `run` names what it moves by the block's parameters)
            break
    untouched = _untouched_lets(facts)
    when_tree = facts.tree(outer.when)
    # a `let` name (a block's parameter too) the condition reads is what it was given from, where nothing moved since:
    # `let: {mine: value(me)}`, `when: mine < theirs` tests what `when: value(me) < ...` tests
    followed = _followed(when_tree, *untouched.get(id(outer), ({}, ()))) if when_tree is not None else None
    tested += [ast.text(followed), *_called_texts(facts, followed)] if followed is not when_tree else []
    for mover, named in movers:
        what, to = (mover.args.get(key) for key in MOVES[mover.kind])
        if what is None or id(mover) not in envs:
            continue
        moved, moved_tree = [_as_named(what.text.strip(), named)], facts.tree(what)
        if moved_tree is not None:  # (as the language writes it; its names given in the block followed too)
            moved.append(ast.text(_followed(moved_tree, *untouched.get(id(mover), ({}, ())))))
        if not any(m in t for m in moved for t in tested):
            continue
        went_to = facts.refs(to, envs[id(mover)])
        if went_to and all(z in zones and zones[z].visible == "everyone" for z in went_to):
            return True
    return False


def _says_its_answer(facts, outer, env) -> bool:
    """Whether ``outer``'s block or `else` holds a `say` or a `tell` whose own `when`, if any, reads only what every seat
    sees (with the names of ``env``): the rules tell the table the answer of its `when` (a "go" said aloud, "hand[1]
    holds no 5"), so a `set` or a decision under it tells no more than they do; one whose `when` reads a secret tells
    the answer only when that holds."""
    return any(inner.kind in ("say", "tell") and (inner.when is None or _not_public(facts, facts.tree(inner.when), env) is None)
               for block in (*_blocks(outer), outer.otherwise or ()) for inner in block)


def _conditions_around(facts) -> dict:
    """id of each statement of the flow and the actions -> the statements with a `when` whose block or `else` holds
    it, the outermost first: whether it runs hangs on each of their conditions."""
    return {key: tuple(outer for outer, expr, _ in guards if expr is outer.when) for key, guards in _guards_around(facts).items()}


def _guards_around(facts) -> dict:
    """id of each statement of the flow and the actions -> (statement, condition, how it guards) for each condition
    around it that decides whether, or how often, it runs, the outermost first: the `when` of a statement whose block
    or `else` holds it, and a loop's (_loop_condition) whose body holds it."""
    out: dict = {}

    def walk(block, outer):
        """The statements of ``block``, each with the conditions ``outer`` around it."""
        for stmt in block:
            out[id(stmt)] = outer
            inner = outer + ((stmt, stmt.when, "only when this condition holds"),) if stmt.when is not None else outer
            loop = _loop_condition(facts, stmt)
            for block_ in _blocks(stmt):
                walk(block_, inner + ((stmt, *loop),) if loop is not None else inner)
            if stmt.otherwise:
                walk(stmt.otherwise, inner)

    for block in facts.ruleset.statement_blocks:
        walk(block, ())
    return out


def _public_set_finding(facts, loc, name: str, read: str, found, read_as, besides=None) -> Diagnostic:
    """L031's finding at ``loc`` for ``name``, a variable everyone sees, set as ``read`` says from what _unseen_by_some
    ``found``; the hint names how hidden to make it, as what it read is, and the narrowest reveal of what it read
    (``read_as``: the tree that read it, the names it saw, the `let` names it followed), _narrowest_reveal. Where the
    condition decides whether it is set and ``besides`` (_told_besides) is told every seat under it too, hiding the
    variable is not enough: the hint says to set it in one `set` with no `when` first."""
    what = found[0]
    rs = facts.ruleset
    if what.startswith("`count("):  # `count(ZONE)` or `count(ZONE[SEAT])`: a count not every seat may see
        named = re.search(r"` of '([^']+)'$", what)  # (a count written anew names its zone: _count_said)
        source = named.group(1) if named else what[len("`count("):].split("[")[0].split(")")[0]
        hidden, spec = f"the count of '{source}' is", rs.zones[source].count
        undo = f"show the count (`count: everyone` on '{source}'), or set it after a reveal of '{source}'"
    elif what.startswith("the value of"):
        source = what.split("'")[1]
        hidden, spec, undo = (f"'{source}' is", rs.variables[source].visible,
                              f"or set it only from what every seat sees, or after a reveal of '{source}' (reveal: {source})"
                              f"{_told_on_purpose('L031')}{_SAY_INSTEAD}")
    else:  # what 'ZONE' holds, or the order of 'BAG' (nobody sees it)
        source = what.split("'")[1]
        bag = what.startswith("the order of")
        hidden = f"the order of '{source}' is" if bag else f"'{source}' is"
        spec = rs.zones[source].visible
        undo = (f"or set it after moving what it reads out of '{source}' (move: last({source}) -> ...), to where every "
                "seat sees it" if bag else _zone_reveal_hint(facts, source, *read_as))
        if not bag and read.startswith("whether"):  # (a test's answer the rules may tell every seat: a reveal cannot tell all of it)
            undo = undo.replace(_TOLD_ANYWAY, "") + _ANSWER_TOLD
    visible = "owner" if spec == "owner" else "nobody"  # (no variable is seen by all but its owner: `others` is nobody's here)
    each = ", each: player" if visible == "owner" and not rs.variables[name].per_player else ""
    hide = f"hide '{name}' as {hidden} (visible: {visible}{each})"
    if read.startswith("whether") and besides is not None:  # (a seat is not told of a set it cannot see; of a move, it is)
        told = f"the {besides.kind} at {besides.loc} under the same condition"
        hide = (f"set '{name}' in one set with no when, run whatever the secret, its value worked out from the condition "
                f"(set: {{{name}: \"any(...)\"}}), and hide it as {hidden} (visible: {visible}{each})")
        if _lays_face_up(facts, besides, source):  # (meant as the reveal of the answer, it is not counted as one)
            part = _narrowest_reveal(facts, read_as[0], source, read_as[1], read_as[2]) if read_as[0] is not None else None
            named = f" ({part})" if part is not None and part != source else ""
            return Diagnostic(loc, "L031", f"'{name}' is seen by everyone, and {read}: every view and record shows "
                              f"'{name}', so every seat learns it; {told} lays components of '{source}' face up, but it "
                              "does not count as showing every seat the answer",
                              f"to make it count, make it the block's first move, with no when of its own, and of what "
                              f"the condition reads{named}, named as the condition names it or by the `let` names it "
                              f"reads; else {hide} (hiding it alone is not enough, as that {besides.kind} is told every "
                              f"seat), {undo}")
        hide += f": hiding it alone is not enough, as {told} is told every seat"
    elif read.startswith("whether"):
        hide += " (a seat is not told of a set it cannot see)"
    return Diagnostic(loc, "L031", f"'{name}' is seen by everyone, and {read}: every view and record shows '{name}', "
                      "so every seat learns it", f"{hide}, {undo}")


def _lays_face_up(facts, stmt, zone: str) -> bool:
    """Whether ``stmt`` is a `move` or `place` of components of ``zone`` into zones every seat sees (face up)."""
    env = next((env for s, env, _ in facts.placed if s is stmt), None)
    if stmt.kind not in ("move", "place") or env is None:
        return False
    what, to = (stmt.args.get(key) for key in MOVES[stmt.kind])
    went_to = facts.refs(to, env) if what is not None and to is not None else frozenset()
    zones = facts.ruleset.zones
    return zone in facts.refs(what, env) and bool(went_to) and all(z in zones and zones[z].visible == "everyone" for z in went_to)


def _told_besides(stmt):
    """The first statement ``stmt`` (one with a `when`) runs, itself, in its block or in its `else`, whose event every
    seat is told whatever it hides (a move, a decision, a score; not a `set`: one of a variable a seat may not see is
    not told it): None where there is none, and hiding what is set under the `when` hides whether it held."""
    guarded = [stmt, *(s for block in _blocks(stmt) for s in _statements_in(block)), *_statements_in(stmt.otherwise or ())]
    return next((s for s in guarded if s.kind in TOLD_TO_ALL or s.kind in EVENTS_TOLD), None)


def _told_anyway(code: str) -> str:
    """The end of a hidden-information lint's hint: the ignore comment, for what every seat sees anyway."""
    return f"; or, where every seat sees it anyway, silence it on this line: # philtre: ignore[{code}]"


def _told_on_purpose(code: str) -> str:
    """The end of L030's hint for a say, and of L031's for a hidden variable's value: the ignore comment where the rules
    tell every seat that value on purpose (a guess's score worked out from a hidden answer)."""
    return (f"; or, where the rules tell every seat this on purpose (a guess scored against a hidden answer), silence it "
            f"on this line: # philtre: ignore[{code}]")


# the end of L031's hint for a hidden variable's value: a value told but not kept is a `say`, which L030 reads (and
# whose hint gives the same comment), so the advice of the two agrees
_SAY_INSTEAD = ("; a value only told, not kept, is a say (say: ...), which reads it as L030 does: silence that the same "
                "way, # philtre: ignore[L030]")


_TOLD_ANYWAY = _told_anyway("L031")
# the end of L031's hint at a `when` that tests what a hidden zone holds: where the rules tell every seat the answer (a
# challenged claim: the card shown if held, the bluff owned to if not), a reveal says the half a card shows, and no
# statement says a card is not held (language.md, reveal), so the ignore comment is right there, and only there
_ANSWER_TOLD = ("; or, where the rules tell every seat the answer (a \"go\" said aloud, a bluff owned to), say it in the "
                "statement's block (say: \"'go'\"): a say there tells the table, and this is no finding; a card shown when "
                "the test holds is revealed (reveal: the card)")


def _zone_reveal_hint(facts, zone, tree, env, lets) -> str:
    """The end of L031's hint for a `set` that read what hidden ``zone`` holds: a reveal of the one component or seat's
    zone it read (`reveal: last(bag)`), not the whole zone; for a per-seat zone read otherwise, no reveal (that of the
    zone shows every seat's); then the ignore comment, for what the table sees anyway, where a reveal is not the whole zone."""
    part = _narrowest_reveal(facts, tree, zone, env, lets)
    if part is not None and part != zone:
        return f"or set it after a reveal of just what it reads (reveal: {part}), not of all of '{zone}'{_TOLD_ANYWAY}"
    if facts.ruleset.zones[zone].owned:
        return f"or set it only from what every seat sees (a reveal of '{zone}' shows every seat's){_TOLD_ANYWAY}"
    return f"or set it after a reveal of '{zone}' (reveal: {zone})"


_ONE_OF = ("first", "last")  # (calls that give one component of the zone they are passed)


def _narrowest_reveal(facts, tree, zone, env, lets):
    """The text of the one thing of ``zone`` that ``tree`` reads, where that is all it reads of it, for a `reveal` of
    it (_parts_read): a component (`last(bag)`), one zone of a family (`hand[0]`), a name that holds one; else None."""
    texts = _parts_read(facts, tree, zone, env, lets) if tree is not None else None
    return next(iter(texts)) if texts is not None and len(texts) == 1 else None


def _parts_read(facts, tree, zone, env, lets):
    """The texts of the parts of ``zone`` that ``tree`` reads (those it only counts aside): a component (`last(bag)`,
    `first(hand[p])`, `row[2]` of a zone of one place, a name that holds one, as a loop's item or a `let` name) or one
    zone of a family (`hand[0]`, also where a comprehension walks it); None where it reads more of it, or reads it
    through a definition. ``env``: the names it sees; ``lets``: the `let` names it follows (_lets_in_scope)."""
    tree = _counted_loops(facts, tree)
    own, texts, more = {id(node) for node in ast.walk(tree)}, set(), []

    def part(facts_, node) -> bool:
        """Whether ``node`` is a count, or a part of ``zone`` (kept in texts) or a read of it (more): not walked into."""
        if _counts_zones(facts_, node):
            return True
        found = _parts_of(facts_, node, zone, env, lets)
        if found is False:
            return False
        if found is None or id(node) not in own:  # (a read in a definition: its text is not the set's)
            more.append(node)
        else:
            texts.update(found)
        return True

    if zone in _reads(facts, tree, {k: v for k, v in env.items() if k not in lets}, part) or more:
        return None
    return texts


def _parts_of(facts, node, zone, env, lets):
    """The texts of the parts of ``zone`` that ``node`` reads where it is one (_one_part_text), a `let` name, or a
    comprehension (each clause over a part reads that part only); None where it reads more; False for any other node."""
    if isinstance(node, ast.MapComp):  # (its names and parts, as a list comprehension's of its pairs)
        node = ast.listed(node)
    if isinstance(node, ast.Name) and node.name in lets and node.name not in facts.ruleset.zones:
        let_tree, let_env, let_lets, _ = lets[node.name]
        # (the name holds it: reveal the name; one holding true or false, a number or a seat worked out from it is no
        # part of it, and `reveal:` of it is E120: what it was worked out from is read instead)
        if not _plain_type(_let_types(facts).get(id(let_tree))) and _one_part_text(facts, let_tree, zone, let_env) is not None:
            return {node.name}
        return _parts_read(facts, let_tree, zone, let_env, let_lets)
    if isinstance(node, ast.Comprehension):
        inner, inner_lets, out = dict(env), dict(lets), set()
        for clause in node.clauses:
            text = _one_part_text(facts, clause.iterable, zone, inner)
            found = {text} if text is not None else _parts_read(facts, clause.iterable, zone, inner, inner_lets)
            if found is None:
                return None
            out |= found
            inner[clause.var] = frozenset()  # (its items are of the part read, or of no part of the zone)
            inner_lets.pop(clause.var, None)
            for cond in clause.conditions:
                found = _parts_read(facts, cond, zone, inner, inner_lets)
                if found is None:
                    return None
                out |= found
        found = _parts_read(facts, node.element, zone, inner, inner_lets)
        if found is None:
            return None
        names = {clause.var for clause in node.clauses}  # (a part named by the comprehension's own names means nothing outside)
        return None if any(set(re.findall(r"[A-Za-z_]\w*", text)) & names for text in out | found) else out | found
    text = _one_part_text(facts, node, zone, env)
    return False if text is None else {text}


def _one_part_text(facts, node, zone, env):
    """The text of ``node`` where it is one component of ``zone`` (`last(ZONE)`, `first(ZONE[p])`, `ZONE[i]` of a
    zone of one place, a local name that holds only its components) or one zone of it, a family (`ZONE[0]`); else None."""
    def is_zone(n) -> bool:
        """Whether ``n`` names ``zone`` itself, not a local name."""
        return isinstance(n, ast.Name) and n.name == zone and n.name not in env

    single = facts.ruleset.zones[zone].kind == "single"  # (else a family: `ZONE[i]` is one of its zones)
    if isinstance(node, ast.Call) and node.func in _ONE_OF and len(node.args) == 1 and (
            (is_zone(node.args[0]) and single) or (isinstance(node.args[0], ast.Index) and is_zone(node.args[0].target) and not single)):
        return ast.text(node)
    if isinstance(node, ast.Index) and is_zone(node.target):
        return ast.text(node)
    if isinstance(node, ast.Name) and node.name in env and env[node.name] == frozenset({zone}):
        return node.name
    return None


def _seen_at_each(facts, loop_seats, lets):
    """(statement, the names it sees, those names as what every seat sees of them, the zones every seat may know there,
    the names whose component every seat saw, or that hold a choice every seat is told) for each statement of the
    flow and then of each action, in order, with what is seen followed as L030 follows it: a zone after a `reveal` of
    it (for an action, one before every step that offers it too; one seat's zone where ``loop_seats``, _loop_seats,
    tells the seat), or filled only in sight of every seat; a name once its component was shown to all, or a `let`
    name (``lets``, _lets_in_scope) once what it was read from was turned face up (_lets_turned_up)."""
    zones = facts.ruleset.zones
    known = {n for n, z in zones.items() if z.visible != "everyone" and _filled_in_sight(facts, n)}
    chosen_in_sight = _choices_shown(facts)
    body, shown = False, set()
    for stmt, env, action, revealed in _revealed_before(facts, loop_seats):
        if action is not body:
            body = action
            shown = set(chosen_in_sight.get(action.name, ())) if action is not None else set()
        shown |= _names_shown_to_all(facts, stmt, env)
        shown |= _lets_turned_up(facts, stmt, env, lets.get(id(stmt), {}))
        seen_env = {k: (frozenset() if k in shown else v) for k, v in env.items()}
        plain = frozenset()
        if action is not None:  # a choice of a number, a word, a placement or a zone holds no component, whatever its
            # options read, and every seat's record shows it (docs/records.md), but one `secret:` lists
            plain = frozenset(p.name for p in action.params if _holds_no_component(p.domain.type) and p.name not in action.secret)
            seen_env = {k: (frozenset() if k in plain else v) for k, v in seen_env.items()}
        # (a `let` name read from such a choice is followed as the choice read directly: `let: {x: at.x}` is `at.x`)
        yield stmt, env, seen_env, revealed | known, frozenset(shown) | (plain - set(lets.get(id(stmt), {})))


def _sight_at_each(facts):
    """(id of each statement of the flow and the actions -> (its names as every seat sees them, the zones every seat
    may know there, the `let` names it sees but those shown to all, the loops around it, the names shown to all), as
    _seen_at_each follows them; the `let` names in scope, _lets_in_scope): what L031, L033 and L054 read a value or a
    condition against."""
    loop_seats = _loop_seats(facts)  # (which seat's zone a reveal shows and a `set` reads, as for L030)
    lets = _lets_in_scope(facts, loop_seats)
    return {id(stmt): (seen_env, seen, {k: v for k, v in lets.get(id(stmt), {}).items() if k not in shown},
                       loop_seats.get(id(stmt), {}), shown)
            for stmt, _, seen_env, seen, shown in _seen_at_each(facts, loop_seats, lets)}, lets


def _turned_up_after(facts, stmt, sight, placed):
    """``sight`` (_sight_at_each's at ``stmt``) with the names whose component a statement right after ``stmt`` turns
    face up (_turned_up_next; ``placed``: the statements after each, the names each sees, the `let` names in scope)
    seen by all: what ``stmt`` read of them tells no more than that move."""
    seen_env, seen, carried, seats, shown = sight
    after, envs, lets = placed
    turned_up = _turned_up_next(facts, after.get(id(stmt), ()), envs, lets)
    return ({k: (frozenset() if k in turned_up else v) for k, v in seen_env.items()}, seen,
            {k: v for k, v in carried.items() if k not in turned_up}, seats, shown | turned_up)


def _lets_turned_up(facts, stmt, env, lets) -> set:
    """The `let` names of ``lets`` (those ``stmt`` sees, given before it) whose every read of a hidden zone is of what
    ``stmt``, a `move` or `place` (no `when`) into zones every seat sees, turns face up: the part of the zone it moves
    (`hidden[w]`, `last(deck)`), or a component on top or at the bottom of the one zone of a family it moves whole
    (`first(hidden[w])`, with `hidden[w]`). Every seat has then seen what such a name was read from, as after a
    `reveal` of it: `let: {r: first(hidden[w]).role}`, `move: hidden[w] -> shown[w]`, then a `set` reading r."""
    if stmt.kind not in ("move", "place") or stmt.when is not None or not lets:
        return set()
    what, to = (stmt.args.get(key) for key in MOVES[stmt.kind])
    zones, variables = facts.ruleset.zones, facts.ruleset.variables
    went_to = facts.refs(to, env) if what is not None and to is not None else frozenset()
    if not went_to or not all(z in zones and zones[z].visible == "everyone" for z in went_to):
        return set()
    moved = facts.tree(what)
    if moved is None or any(isinstance(n, ast.Name) and n.name in variables and n.name not in env for n in ast.walk(moved)):
        return set()  # (a variable there may have changed since the let read it)
    out = set()
    for name, (tree, let_env, let_lets, _) in lets.items():
        if tree is None or _lets_read(tree, let_lets):  # (a name read through another let: not followed here)
            continue
        hidden = {z for z in _reads(facts, tree, let_env, skip=_counts_zones) if z in zones and zones[z].visible != "everyone"}
        if hidden and all(_turned_up(facts, moved, env, zone, (tree, let_env, let_lets)) for zone in hidden):
            out.add(name)
    return out


def _turned_up(facts, moved, env, zone, read) -> bool:
    """Whether ``moved`` (a move's what, read with the names ``env``) holds all that ``read`` (a let's tree, the names
    and the let names it saw) reads of ``zone``: the zone itself, or the part of it the let reads (_parts_read), or
    the zone of a family holding the first or last component the let reads."""
    if isinstance(moved, ast.Name) and moved.name == zone and zone not in env:
        return True  # (all of it, face up)
    tree, let_env, let_lets = read
    text, parts = _one_part_text(facts, moved, zone, env), _parts_read(facts, tree, zone, let_env, let_lets)
    return text is not None and bool(parts) and all(part in (text, f"first({text})", f"last({text})") for part in parts)


def _holds_no_component(domain) -> bool:
    """Whether each option of a choice among ``domain`` (its type) is known to hold no component: a number, a word, a
    seat, a placement or a zone (shown as its name, never its contents), or a list of them; a zone's options are its
    components."""
    def plain(t) -> bool:
        """Whether a value of type ``t`` holds no component."""
        return plain(t[1]) if isinstance(t, tuple) and len(t) == 2 and t[0] == "list" else t in _PLAIN_TYPES

    return isinstance(domain, tuple) and len(domain) == 2 and domain[0] == "list" and plain(domain[1])


_PLAIN_TYPES = ("int", "num", "bool", "str", "none", "player", "record", "zone")


def _variables_read_as_shown(facts):
    """A copy of ``facts`` in which a variable everyone sees holds no zone: reading it reads what every view shows of
    it, no more (whether what it was set to told a secret was said at that `set`: L013, L031)."""
    view = copy.copy(facts)
    variables = facts.ruleset.variables
    view.var_refs = {name: refs for name, refs in facts.var_refs.items()
                     if name not in variables or variables[name].visible != "everyone"}
    view._define_memo = {}  # (definitions that read a variable are followed afresh)
    return view


def _counted_loops(facts, node):
    """``node`` with each comprehension clause over one zone whose name nothing after it reads (`[0 for c in hand[p]]`,
    an item per component) made a loop over `range(count(ZONE))`: it reads how many the zone holds, not what."""
    if isinstance(node, ast.Comprehension):
        clauses = list(node.clauses)
        for i, clause in enumerate(clauses):
            after = [node.element, *clause.conditions, *clauses[i + 1:]]
            if ((_counted_zone(facts, clause.iterable) is not None or _zones_of_one_owner(facts, clause.iterable))
                    and not any(isinstance(n, ast.Name) and n.name == clause.var for part in after for n in ast.walk(part))):
                at = clause.iterable.pos
                clauses[i] = ast.Clause(clause.pos, clause.var, ast.Call(at, "range", (ast.Call(at, "count", (clause.iterable,)),)),
                                        clause.conditions)
        node = ast.Comprehension(node.pos, node.element, tuple(clauses))

    def rebuilt(value):
        """A field's value with its trees rebuilt."""
        if isinstance(value, ast.Node):
            return _counted_loops(facts, value)
        return tuple(rebuilt(item) for item in value) if isinstance(value, tuple) else value

    return type(node)(*(rebuilt(value) for value in node.field_values()))


def _lets_in_scope(facts, loop_seats=None) -> dict:
    """id of each statement -> {each `let` name it sees: (the let's value as a tree, the names the let saw, the let
    names the let saw, the loops around the let (``loop_seats``, _loop_seats))}, for L031 to follow what a name carries
    from its `let` to a `set`, L030 to a `score`, L006 to the scoring."""
    envs = {id(stmt): env for stmt, env, _ in facts.placed}
    loop_seats = _loop_seats(facts) if loop_seats is None else loop_seats

    def enter(stmt, lets):
        """The let names after ``stmt`` (a `let` adds its own) and in its blocks (a loop's own name hides a let's)."""
        if stmt.kind == "let":
            given = {name: (facts.tree(expr), envs.get(id(stmt), {}), lets, loop_seats.get(id(stmt), {}))
                     for name, expr in stmt.args.get("names", ())}
            lets = {**lets, **given}
        inner = lets
        if stmt.kind in ("for", "repeat", "turns"):
            inner = {k: v for k, v in lets.items() if k not in (stmt.args.get("var"), "current" if stmt.kind == "turns" else None)}
        return lets, inner

    return _scoped(facts, enter)  # (an action's choices hide no let: each body starts afresh)


def _read_unseen(facts, tree, env, seen, lets, seats, shown=frozenset()):
    """(what, who sees it, hint) for the first thing ``tree`` reads that not every seat sees, as _unseen_by_some finds
    it (``seats``: the loops around the statement, _loop_seats), or that a `let` name in ``lets`` it reads was given
    from (the let's value read as it was, in the loops around the let, but the names in ``shown``, whose component
    every seat has seen by now: `let: {r: rank_of(card)}` before the card is played face up); None if none."""
    if tree is None:
        return None
    tree = _counted_loops(facts, tree)
    # a let name's own reads are followed below: as a name it holds no zone (a count read into it is a number)
    found = _unseen_by_some(facts, tree, {k: (frozenset() if k in lets else v) for k, v in env.items()}, seen, seats)
    for name in _lets_read(tree, lets):
        if found is not None:
            break
        let_tree, let_env, let_lets, let_seats = lets[name]
        let_env = {k: (frozenset() if k in shown else v) for k, v in let_env.items()}
        # (a let name it was given from is followed but where shown: `run: gain(0, c.kind)` after `move: c -> used`)
        let_lets = {k: v for k, v in let_lets.items() if k not in shown}
        found = _read_unseen(facts, let_tree, let_env, seen, let_lets, let_seats, shown)
    return found


def _names_seen_now(facts, env, sight) -> dict:
    """``env`` with each name every seat has seen by now read as no zone, as L031 reads a value at a `set` (``sight``:
    _sight_at_each's at the statement): a name whose component was shown to all (`move: c -> used`, face up), and a
    `let` name (a block's parameter too) whose value reads only what every seat has seen (`run: gain(0, c.kind)` after
    that move, _read_unseen)."""
    if sight is None:
        return env
    _, seen, carried, seats, shown = sight
    return {k: (frozenset() if k in shown or k in carried and _read_unseen(facts, ast.Name(0, k), {}, seen, carried, seats, shown)
                is None else v) for k, v in env.items()}


def _lets_read(tree, lets) -> list:
    """The names of ``lets`` (_lets_in_scope) that ``tree`` reads, in order, but where a comprehension of it gives the
    name to its own loop."""
    bound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)}
    return list(dict.fromkeys(n.name for n in ast.walk(tree) if isinstance(n, ast.Name) and n.name in lets and n.name not in bound))


def _looked_at(facts, tree, env, lets) -> frozenset:
    """The zones ``tree`` reads but those it only counts where every seat sees the count (_counts_in_public), each `let`
    name in ``lets`` it reads followed to its value, as _read_unseen follows it: a name given `count(won[p])` is that
    count, a number; one given the zone, or a component of it, reads the zone."""
    if tree is None:
        return frozenset({WILD})
    out = _reads(facts, tree, {k: (frozenset() if k in lets else v) for k, v in env.items()}, skip=_counts_in_public)
    for name in _lets_read(tree, lets):
        let_tree, let_env, let_lets, _ = lets[name]
        out |= _looked_at(facts, let_tree, let_env, let_lets)
    return out


def _entry_seat(facts, index, value, whole: bool):
    """(the names or seat number that are the seat whose entry of a per-seat variable a `set` target gives, the tree of
    the value given it) for `VAR[p]: ...` (`p`, a name, or `VAR[1]`, a number), and item p of `VAR: [... for p in
    players]`, and `VAR[left(p)]`, a seat given by a call (_SeatWritten); for any other `VAR: ...` of the whole
    variable, (no names: each seat's entry, None); None where the entry cannot be told."""
    tree, index_tree = facts.tree(value), facts.tree(index) if index is not None else None
    if isinstance(index_tree, ast.Name) or isinstance(index_tree, ast.Const) and type(index_tree.value) is int:
        return frozenset({index_tree.name if isinstance(index_tree, ast.Name) else index_tree.value}), tree
    if isinstance(index_tree, ast.Call) and getattr(index, "type", None) == "player":
        return frozenset({_SeatWritten.of(index_tree)}), tree
    if (whole and isinstance(tree, ast.Comprehension) and len(tree.clauses) == 1 and not tree.clauses[0].conditions
            and isinstance(tree.clauses[0].iterable, ast.Name) and tree.clauses[0].iterable.name == "players"):
        return frozenset({tree.clauses[0].var}), tree.element
    return (frozenset(), None) if whole else None


def _read_of_another_seat(facts, name, tree, mine, seen):
    """(what, who sees it, the end of the hint) where ``tree`` (the value of one seat's entry of a per-seat variable, or
    a condition it is set under), with ``mine`` the names or number that are that seat (_entry_seat), reads another
    seat's hidden things: its zone only its owner sees, its entry of another variable only its owner sees (of ``name``
    itself, values passed on, as hands are passed; None: of any), its count only its owner may count. None where it
    reads none of these."""
    variables = facts.ruleset.variables
    for zone, _ in _unseen_owned(facts, tree, mine, {}):
        if zone not in seen and facts.ruleset.zones[zone].visible == "owner":  # (a seat told of its own `others` zone: a hint)
            return f"what another seat's '{zone}' holds", "only its owner sees", f"or set it after a reveal of '{zone}' (reveal: {zone})"
    for variable, _ in _unseen_variables(facts, tree, mine, {}):
        if (variable != name and variable not in seen and variables[variable].visible == "owner"
                and variables[variable].per_player):
            return f"another seat's entry of '{variable}'", "only its owner sees", f"as '{variable}[{min(mine, key=str)}]' is its own"
    for zone, text, who in _uncounted(facts, tree, mine, {}):
        if zone not in seen and who == "only its owner may count":
            named = text if re.search(rf"\b{re.escape(zone)}\b", text) else f"{text} of '{zone}'"  # (`count(z)` of 'hand')
            return named, who, f"show the count (`count: everyone` on '{zone}'), or set it after a reveal of '{zone}'"
    return None


# -- L040: a zone shuffled in sight of a seat, then moved in that order into a zone the seat does not see -------------

def l040_shuffled_in_sight_then_hidden(facts) -> list:
    """L040: a `shuffle` of a zone some seat sees, then, later in the same block (in a statement after it, or in one
    that statement holds), a `move` of that zone whole, or of its first components (`take(ZONE, n)`), into a zone that
    seat does not see, with no shuffle of that zone after the move before anything asks: the seat saw the shuffled
    order (its view and record show it), and it is now the hidden zone's (a trial's epidemic: the infection
    discard shuffled face up, then put on the face-down infection deck, so every seat knew each infection to come)."""
    envs = {id(stmt): env for stmt, env, _ in facts.placed}
    out = []
    for block in _every_block(facts):
        for i, stmt in enumerate(block):
            shuffled = _zone_written(facts, stmt.args.get("zone"), envs.get(id(stmt))) if stmt.kind == "shuffle" else None
            if shuffled is None:
                continue
            looped = set()  # the moves of a loop said once, at the outermost loop that takes the zone one by one
            for later, after in _later_statements(block[i + 1:]):
                if later.kind == "shuffle" and _zone_written(facts, later.args.get("zone"), envs.get(id(later))) == shuffled:
                    break  # (the order seen from here on is that shuffle's: its own finding)
                found = (_moved_out_of_sight(facts, later, after, shuffled, envs) if later.kind == "move"
                         else _dealt_out_of_sight(facts, later, shuffled, envs) if later.kind == "deal" else None)
                if found is not None:
                    out.append(_shuffled_in_sight_finding(facts, stmt, later, shuffled, *found))
                for move, *found in _moved_one_by_one(facts, later, after, shuffled, envs, looped):
                    out.append(_shuffled_in_sight_finding(facts, stmt, move, shuffled, *found, loop=later))
    return out


def l059_shuffle_that_hides_nothing(facts) -> list:
    """L059: a `shuffle` of a zone every seat sees, contents and order (`visible: everyone`, not a bag): every view and
    record shows the new order, so it hides nothing (a random order every seat sees may be meant: a row laid out at
    random). Said more strongly where, earlier in the same block, a `move` filled it from the zones of a per-seat family
    some seat does not see: every seat saw which component came from which seat's zone, so the shuffle does not hide
    who handed in what (a trial's cards handed in face down, moved to the table, then shuffled there). Not where L040
    says the shuffled order goes on into a hidden zone."""
    zones, envs = facts.ruleset.zones, {id(stmt): env for stmt, env, _ in facts.placed}
    if not any(s.kind == "shuffle" and s.args.get("zone") is not None for s, _, _ in facts.placed):
        return []
    l040 = {str(d.loc) for d in l040_shuffled_in_sight_then_hidden(facts)}
    out = []
    for block in _every_block(facts):
        for i, stmt in enumerate(block):
            env = envs.get(id(stmt))
            if stmt.kind != "shuffle" or env is None or str(stmt.loc) in l040:
                continue
            shown = sorted(z for z in facts.refs(stmt.args.get("zone"), env) if z in zones
                           and zones[z].visible == "everyone" and zones[z].order == "everyone" and not zones[z].grid)
            for zone in shown:
                filled = _filled_from_seats_hidden(facts, block[:i], zone, envs)
                text = stmt.args["zone"].text.strip()
                if filled is None:
                    out.append(Diagnostic(stmt.loc, "L059", f"`shuffle: {text}` hides nothing: every seat sees '{zone}', "
                                          "its components and their order (visible: everyone), so every view and record "
                                          "shows the new order",
                                          f"to hide the order, make '{zone}' a bag (order: nobody: every seat sees what it "
                                          "holds, none their order) or a zone nobody sees (visible: nobody); where a random "
                                          f"order every seat sees is meant (a row laid out at random), silence it on this "
                                          f"line: # philtre: ignore[L059]"))
                    continue
                move, source = filled
                spare, declare = _spare_zone(facts)
                out.append(Diagnostic(stmt.loc, "L059", f"`shuffle: {text}` hides nothing: the move at {move.loc} filled "
                                      f"'{zone}' from '{source}', each seat's own zone, which {_WHO_SEES[zones[source].visible]}, "
                                      f"and every seat sees '{zone}' and its order (visible: everyone): every seat saw which "
                                      f"component came from which seat's '{source}', so every seat knows who handed in what",
                                      f"stage them as language.md's \"Anonymous submissions\" does: {declare}, move them "
                                      f"there instead ({move.args['what'].text.strip()} -> {spare}), "
                                      f"shuffle: {spare}, then move: {spare} -> {zone}; or, where every seat may know who "
                                      f"handed in what, silence it on this line: # philtre: ignore[L059]"))
    return out


def _filled_from_seats_hidden(facts, before, zone: str, envs):
    """(the move, the source family) of the first `move` among the statements ``before`` (and those they hold) that puts
    components of a per-seat zone family some seat does not see (`visible: owner`, `others` or `nobody`) into ``zone``;
    else None."""
    zones = facts.ruleset.zones
    for move in _statements_in(before):
        env = envs.get(id(move))
        if move.kind != "move" or env is None or zone not in facts.refs(move.args.get("to"), env):
            continue
        source = next((z for z in sorted(facts.refs(move.args.get("what"), env))
                       if z in zones and zones[z].owned and zones[z].visible != "everyone"), None)
        if source is not None:
            return move, source
    return None


LOOPS = ("for", "repeat", "until", "turns")  # statements that run their body again and again


def _moved_one_by_one(facts, loop, after, shuffled, envs, looped: set) -> list:
    """[(move, the zone, the seats that learn its order)] for each move in ``loop`` (a loop statement; ``after``: the
    statements after it in its block) that takes one component of the zone ``shuffled`` a pass (`last(discard)`,
    `first(discard)`, `discard[0]`, or `c` of `for: c in discard`) into a zone some seat that sees ``shuffled`` does not
    see: pass after pass, the whole zone goes over in the order seen (a trial game's epidemic written as a loop). Not
    followed where the loop shuffles the zone itself, nor for the moves in ``looped`` (said at an outer loop)."""
    if loop.kind not in LOOPS:
        return []
    inside = list(_statements_in(loop.args.get("body", ())))
    if any(s.kind == "shuffle" and _zone_written(facts, s.args.get("zone"), envs.get(id(s))) == shuffled for s in inside):
        return []  # (each pass's order is that shuffle's own)
    out = []
    for move in (s for s in inside if s.kind == "move" and id(s) not in looped):
        found = _moved_out_of_sight(facts, move, after, shuffled, envs, loop)
        if found is not None:
            looped.add(id(move))
            out.append((move, *found))
    return out


def _one_of(facts, tree, loop):
    """The zone whose one component ``tree`` moves each pass of ``loop`` (`last(Z)`, `first(Z)`, `Z[i]`, or the name
    `for: c in Z` binds), as a tree; else None."""
    if isinstance(tree, ast.Call) and tree.func in ("first", "last") and len(tree.args) == 1:
        return tree.args[0]
    if isinstance(tree, ast.Index):
        return tree.target
    if isinstance(tree, ast.Name) and loop.kind == "for" and tree.name == loop.args.get("var") and loop.args.get("items") is not None:
        return facts.tree(loop.args["items"])
    return None


def _every_block(facts):
    """The flow, each action's effects, and every block or `else` they hold, each a list of statements."""
    for body in facts.ruleset.statement_blocks:
        yield body
        for stmt in _statements_in(body):
            yield from _blocks(stmt)
            if stmt.otherwise:
                yield stmt.otherwise


def _later_statements(block):
    """(statement, the statements after it in its own block) for each statement of ``block``, in the order written,
    with those its blocks and `else` hold after it."""
    for i, stmt in enumerate(block):
        yield stmt, block[i + 1:]
        for inner in (*_blocks(stmt), stmt.otherwise):
            yield from _later_statements(inner)


def _zone_written(facts, expr, env):
    """(its text, the zone) where ``expr`` names one zone itself: `deck`, or one of a family, `pile[i]` (not a local
    name, nor a list of zones); else None."""
    tree = facts.tree(expr) if expr is not None and env is not None else None
    named = tree.target if isinstance(tree, ast.Index) else tree
    if isinstance(named, ast.Name) and named.name in facts.ruleset.zones and named.name not in env:
        return ast.text(tree), named.name
    return None


def _moved_out_of_sight(facts, move, after, shuffled, envs, loop=None):
    """(the zone, the seats that learn its order) where ``move`` puts the zone ``shuffled`` (_zone_written) whole, or
    its first components (`take(ZONE, n)`), in their order (or, in ``loop``, one of them a pass: _one_of), into one zone
    some seat that sees ``shuffled`` does not see, and no shuffle of that zone follows it (``after``: the statements
    after it, or after the loop, in its block) before anything asks; else None."""
    env = envs.get(id(move))
    tree = facts.tree(move.args["what"]) if env is not None and move.args.get("what") is not None else None
    if isinstance(tree, ast.Call) and tree.func == "take" and len(tree.args) == 2:
        tree = tree.args[0]
    elif loop is not None:
        tree = _one_of(facts, tree, loop)
    named = tree.target if isinstance(tree, ast.Index) else tree
    if not (isinstance(named, ast.Name) and named.name not in env and ast.text(tree) == shuffled[0]):
        return None
    into = facts.refs(move.args.get("to"), env)
    if len(into) != 1 or not into <= set(facts.ruleset.zones):
        return None  # (a destination that may be several zones, or any: not followed)
    zone = next(iter(into))
    who = _told_the_order(facts, shuffled[1], zone)
    reshuffled = any(s.kind == "shuffle" and _zone_written(facts, s.args.get("zone"), envs.get(id(s))) ==
                     _zone_written(facts, move.args.get("to"), env) for s, _ in _leading_statements(after))
    return None if who is None or reshuffled else (zone, who)


def _dealt_out_of_sight(facts, deal, shuffled, envs):
    """(the zone, the seats that learn which components it got) where ``deal`` deals from the zone ``shuffled``
    (_zone_written) into one zone or family some seat that sees ``shuffled`` does not see: a deal takes from the top in
    the order that seat saw; else None."""
    env = envs.get(id(deal))
    if env is None or _zone_written(facts, deal.args.get("from"), env) != shuffled:
        return None
    into = facts.refs(deal.args.get("to"), env)
    if len(into) != 1 or not into <= set(facts.ruleset.zones):
        return None  # (several zones, or any: not followed)
    zone = next(iter(into))
    who = _told_the_order(facts, shuffled[1], zone)
    return None if who is None else (zone, who)


def _told_the_order(facts, source, into):
    """The seats that see zone ``source`` (its order too) and not zone ``into``, in words; None where there is none, or
    where that hangs on whose zones of two per-seat families they are (a seat's own hand into its own face-down pile)."""
    def sight(name) -> str:
        """Who sees the order of zone ``name``: an `owner` or `others` of a zone of no seat is nobody's, a bag's
        (`order: nobody`) too (a shuffle of a bag shows no seat its order)."""
        spec = facts.ruleset.zones[name]
        if spec.order != "everyone":
            return "nobody"
        return spec.visible if spec.owned or spec.visible in ("everyone", "nobody") else "nobody"

    return {("everyone", "nobody"): "every seat",
            ("everyone", "owner"): f"every seat but the one whose '{into}' it is",
            ("everyone", "others"): f"the seat whose '{into}' it is",
            ("owner", "nobody"): f"the seat whose '{source}' it is",
            ("others", "nobody"): f"every seat but the one whose '{source}' it is"}.get((sight(source), sight(into)))


def _hiding_order(facts, zone: str) -> str:
    """How hidden zone ``zone`` (its order) is, in L040's words: `which nobody sees`, `whose order nobody sees` (a bag)."""
    spec = facts.ruleset.zones[zone]
    return "whose order nobody sees" if spec.order != "everyone" and spec.visible == "everyone" else f"which {_WHO_SEES[spec.visible]}"


# -- L043: a public bag's component moved into a zone some seat does not see ------------------------------------------

def l043_public_bag_into_hidden(facts) -> list:
    """L043: a draw from a bag every seat sees (`order: nobody`, `visible: everyone`) into a zone some seat does not
    see: a `move` of what it reads by position (`last(bag)`, `take(bag, 2)`), or a `deal` from it. Every seat sees which
    component left the bag (language.md, zones), so every seat knows what the hidden zone got (a trial's
    per-seat deck, `{each: player, order: nobody}`, made every hand public). A move of the whole bag, or of what is
    picked by what every seat sees (`[c for c in bag if c.kind == 'gold']`), tells nothing the table did not see."""
    zones, out = facts.ruleset.zones, []
    for stmt, env, _ in facts.placed:
        if stmt.kind == "move" and stmt.args.get("what") is not None:
            drawn = _bags_read_in_order(facts, facts.tree(stmt.args["what"]))
        elif stmt.kind == "deal" and stmt.args.get("from") is not None:
            drawn = sorted(facts.refs(stmt.args["from"], env))
        else:
            continue
        bags = [z for z in drawn if z in zones and _public_bag(zones[z])]
        hidden = sorted(z for z in facts.refs(stmt.args.get("to"), env) if z in zones and zones[z].visible in _WHO_SEES)
        if bags and hidden:
            out.append(_public_bag_finding(facts, stmt, bags[0], hidden[0]))
    return out


def _public_bag(spec) -> bool:
    """Whether a zone is a bag every seat sees: which component leaves it is shown to every seat."""
    return spec.order != "everyone" and spec.visible == "everyone" and not spec.grid


def _public_bag_finding(facts, stmt, bag: str, into: str) -> Diagnostic:
    """L043's finding at the move or deal ``stmt`` from public ``bag`` into ``into``: hide the bag where it is a seat's
    own (its owner sees it, as a deck-builder's deck), or nobody's where it is shared; or move face up."""
    spec = facts.ruleset.zones[bag]
    own = (f"declare '{bag}' `visible: owner` where it is a seat's own (a deck-builder's deck: "
           f"`{bag}: {{each: player, visible: owner, order: nobody}}`)" if spec.kind == "player" else
           f"declare '{bag}' `visible: nobody` (a face-down pile: `{bag}: {{visible: nobody}}`, shuffled) where no seat "
           "should know what it holds")
    return Diagnostic(stmt.loc, "L043", f"every seat sees what leaves '{bag}', so moving it into '{into}', which "
                      f"{_WHO_SEES[facts.ruleset.zones[into].visible]}, tells every seat what it holds",
                      f"{own}, or move it into a zone every seat sees (face up){_told_anyway('L043')}")


# -- L044: a component put into a bag, then drawn from it by position with no shuffle between -------------------------

def l045_reveal_of_a_public_variable(facts) -> list:
    """L045: a `reveal` of a variable every seat sees shows nothing (every view shows it) and does nothing: a house rule
    making a hidden variable public (`coins: {visible: everyone}`) keeps the base's `reveal: coins`, which was E120."""
    out = []
    for stmt, _, _ in facts.placed:
        if stmt.kind != "reveal" or not stmt.args.get("seen_by_all"):
            continue
        name = stmt.args["variable"]
        where = facts.overlay_written.get(("variable", name))
        made = f" ('{name}' is declared so at {where})" if where is not None and where.path != facts.ruleset.path else ""
        drop = "" if not made else _overlay_drops_it(stmt, name)
        out.append(Diagnostic(stmt.args["what"].loc, "L045", f"reveal of '{name}' shows nothing: every seat sees it{made}",
                              f"drop the reveal{drop}; in play it does nothing"))
    return out


def _overlay_drops_it(stmt, name: str) -> str:
    """How an overlay drops the reveal ``stmt`` of ``name`` (L045's hint): by its `name:` in the base; where the base gives
    it none, an overlay cannot name it (O005): name it in the base, or replace the whole list the reveal is in."""
    if stmt.args.get("named"):
        return f"; from an overlay: `- name: {stmt.label}` with `$remove: true` under flow: or the action's do:"
    return (f"; from an overlay: the reveal has no `name:`, and an overlay removes a statement by its name, so give it "
            f"one in the base (`name: show_{name}`) and remove it with `- name: show_{name}` and `$remove: true`, or "
            "replace the whole list it is in (`{$replace: [...]}`)")


def l046_comprehension_hides_a_loop_name(facts) -> list:
    """L046: a comprehension's `for` binding the name of a `for:` loop around its statement (`[c for c in floor[p] for p
    in players]` inside `for: p in players`): the loop's name is hidden there, so each seat's pass takes every seat's
    items (a trial's floor tiles were moved player_count times over)."""
    loops = _scoped(facts, _loop_names)
    out = []
    for stmt, _, _ in facts.placed:
        names = loops.get(id(stmt), frozenset())
        for expr in _exprs_in([v for v in stmt.args.values() if not _is_block(v)]) if names else ():
            tree = facts.tree(expr)
            for clause in ast.walk(tree) if tree is not None else ():
                if isinstance(clause, ast.Clause) and clause.var in names:
                    out.append(Diagnostic(_source(expr).at(clause.pos), "L046", f"the comprehension's '{clause.var}' hides "
                                          f"the '{clause.var}' of the for: loop around it: here it runs over "
                                          f"{ast.text(clause.iterable)}, not the loop's one '{clause.var}'",
                                          f"give the comprehension's name another spelling (for {clause.var}2 in ...), or "
                                          f"drop its 'for {clause.var} in ...' to read the loop's '{clause.var}'"))
    return out


def l047_definition_hides_a_builtin(facts) -> list:
    """L047: a definition named like a builtin (one no analysis reads by name, else E132) hides it in the ruleset: its
    calls are the definition's. Allowed so that a builtin added to philtre later breaks no ruleset that already had a
    definition of its name (a trial ruleset's own `owner_of(pit)`), said so that the author knows."""
    return [Diagnostic(loc, "L047", f"definition '{name}' hides the builtin {BUILTINS[name].doc.split(':', 1)[0]} in this "
                       f"ruleset: each call of '{name}' here is the definition's",
                       f"rename the definition and its uses to use the builtin; or, to keep it, silence this {SILENCE_HERE}L047]")
            for name, (_, _, loc) in facts.defines.items() if name in BUILTINS and name not in ANALYSED_BY_NAME]


def l048_next_may_find_no_seat(facts) -> list:
    """L048: a `turns` loop's `next` that is `first(...)` or `last(...)` of a comprehension with an `if`, and no seat to
    fall back on: `next` is read after every turn, the last one too, so where the filter keeps no seat then (every seat
    out, the loop about to end), it gives none and the game stops with R100 (a trial failed in every game)."""
    out = []
    for stmt, _, _ in facts.placed:
        expr = stmt.args.get("next") if stmt.kind == "turns" else None
        tree = facts.tree(expr) if expr is not None else None
        if not (isinstance(tree, ast.Call) and tree.func in ("first", "last") and len(tree.args) == 1
                and isinstance(tree.args[0], ast.Comprehension) and any(c.conditions for c in tree.args[0].clauses)):
            continue
        out.append(Diagnostic(_source(expr).at(tree.pos), "L048", f"this next, `{ast.text(tree)}`, is none where its "
                              "filter keeps no seat: a turns loop reads its next after every turn, the last one too, "
                              "before its until, and a next of none stops the game (R100)",
                              f"{NEXT_MUST}: {_with_fallback(tree)}; where some seat always passes the filter, "
                              f"silence it {SILENCE_HERE}L048]"))
    return out


def l049_index_past_a_list_written_out(facts) -> list:
    """L049: a list written out indexed by a number known before the game (`[0, 2, 1, 0, 0][player_count - 3]`) that is
    past its end, or negative, for some allowed player count: it fails wherever it is read with that many players (a
    trial's overlay allowing 2 players: only --smoke or a game said so). A branch of a conditional, an `and` or
    an `or` whose condition is known before the game is followed only where taken (`... if player_count > 2 else 0`)."""
    rs = facts.ruleset
    trees = [(_source(expr), facts.tree(expr), ()) for expr in facts.expressions]
    trees += [(facts.define_source(name), tree, params) for name, (params, tree, _) in facts.defines.items()]
    out = []
    for source, tree, params in trees:
        if tree is None or not any(isinstance(node, ast.Index) and isinstance(node.target, ast.ListLit) for node in ast.walk(tree)):
            continue
        local = set(params) | {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)}
        past: dict = {}  # id of the index node -> (the node, [(player count, its value)])
        for n in rs.player_counts:
            for node, value in _indexes_past(facts, tree, n, local):
                past.setdefault(id(node), (node, []))[1].append((n, value))
        for node, found in past.values():
            out.append(_index_past_finding(facts, source, node, found))
    return out


def _indexes_past(facts, node, n: int, local: set):
    """(index node, its value) for each list written out in ``node`` indexed past its end with ``n`` players, following
    only the branches taken where a condition is known before the game."""
    def known(part):
        if _names_used(part) & local:
            return None
        try:
            return _before_the_game(facts, part, n, set(), facts.define_values)
        except (_NotKnown, RecursionError, ZeroDivisionError, TypeError):
            return None

    if isinstance(node, ast.Conditional):
        taken = known(node.condition)
        if isinstance(taken, bool):
            yield from _indexes_past(facts, node.condition, n, local)
            yield from _indexes_past(facts, node.then if taken else node.otherwise, n, local)
            return
    if isinstance(node, ast.BoolOp):
        left = known(node.left)
        if isinstance(left, bool) and left == (node.op == "or"):  # (the right side is never read)
            yield from _indexes_past(facts, node.left, n, local)
            return
    if isinstance(node, ast.Index) and isinstance(node.target, ast.ListLit):
        at = known(node.index)
        if type(at) is int and not 0 <= at < len(node.target.items):
            yield node, at
    for value in node.__dict__.values():
        for child in (value if isinstance(value, tuple) else (value,)):
            for sub in (child if isinstance(child, tuple) else (child,)):
                if isinstance(sub, ast.Node):
                    yield from _indexes_past(facts, sub, n, local)


def _index_past_finding(facts, source, node, found: list) -> Diagnostic:
    """L049's finding at ``node``'s index: the value at each player count it is out of range at, and the ways out."""
    size = len(node.target.items)
    counts = [n for n, _ in found]
    values = dict.fromkeys(value for _, value in found)
    said = " and ".join(str(v) for v in values)
    index = ast.text(node.index)
    allowed = facts.ruleset.player_counts
    span = f"{allowed[0]}..{allowed[-1]}" if list(allowed) == list(range(allowed[0], allowed[-1] + 1)) else ", ".join(map(str, allowed))
    return Diagnostic(source.at(min(part.pos for part in ast.walk(node.index))), "L049", f"`{index}` is {said} with {_counts_said(counts)} players, "
                      f"out of range of this list of {size} items ({f'positions 0..{size - 1}' if size else 'no position'}): it fails wherever it is read "
                      f"with {'that many' if len(counts) == 1 else 'those'} players",
                      f"the game takes {span} players: give the list an item for each of them, narrow players, or read "
                      f"the list only where it has one (`... if {_where_it_fits(found)} else ...`); "
                      f"where it is never read with those players, silence it {SILENCE_HERE}L049]")


def l050_count_moved_tells_a_hidden_zone(facts) -> list:
    """L050: a `move` of the components of a zone some seat does not see that a filter picks by what they are, an
    attribute read or the component passed to a definition (`[c for c in chars if c.rank == 4] -> aside`) into a zone not every seat sees, where every seat sees the count of
    that zone or of the one they leave: how many move tells every seat what the hidden zone held (a trial's
    set-aside told, in every game, whether the king was the face-down role). A zone revealed before the move is seen."""
    zones = facts.ruleset.zones
    moves = [(stmt, env) for stmt, env, _ in facts.placed if stmt.kind == "move" and stmt.args.get("what") is not None
             and isinstance(facts.tree(stmt.args["what"]), ast.Comprehension)]
    if not moves:
        return []
    seen = {id(stmt): shown for stmt, _, _, shown in _revealed_before(facts)}
    out = []
    for stmt, env in moves:
        what = stmt.args["what"]
        tree, inner, picked = facts.tree(what), dict(env), []
        for clause in tree.clauses:
            inner[clause.var] = _refs(facts, clause.iterable, inner)
            hidden = sorted(z for z in inner[clause.var] if z in zones and zones[z].visible != "everyone"
                            and z not in seen.get(id(stmt), ()))
            later = [cond for c in tree.clauses[tree.clauses.index(clause):] for cond in c.conditions]
            if hidden and any(_reads_what_it_is(facts, cond, clause.var) for cond in later):
                picked.append(hidden[0])
        into = facts.refs(stmt.args.get("to"), env) if stmt.args.get("to") is not None else frozenset()
        if not picked or WILD in into or not into or all(z in zones and zones[z].visible == "everyone" for z in into):
            continue  # (into zones every seat sees: the components themselves are shown, on purpose)
        counted = [z for z in (picked[0], *sorted(into)) if z in zones and zones[z].count == "everyone"]
        if not counted:
            continue
        source = picked[0]
        counts = " and ".join(f"count({z})" for z in dict.fromkeys(counted))
        out.append(Diagnostic(_source(what).at(tree.pos), "L050", f"this move picks from '{source}', which "
                              f"{_WHO_SEES[zones[source].visible]}, by what its components are, and every seat sees "
                              f"{counts}: how many move tells every seat what '{source}' holds",
                              f"move a number that does not hang on what they are (last({source}), take({source}, 2)), "
                              f"then test them where every seat sees them: face up, putting back one that must not be "
                              f"there and drawing again (an until: around the draw); where the rules show the components "
                              f"picked, reveal them first (reveal: \"{ast.text(tree)}\"); where no seat may count "
                              f"{'them' if len(counted) == 1 else 'either'}, hide {'its count' if len(counted) == 1 else 'their counts'} "
                              f"(count: nobody on {' and '.join(repr(z) for z in dict.fromkeys(counted))})"
                              f"{_told_anyway('L050')}"))
    return out


def _reads_what_it_is(facts, cond, var: str) -> bool:
    """Whether a comprehension's condition reads an attribute of its component ``var`` (`c.rank == 4`), or passes it to a
    definition (`is_king(c)`): not a test of its type alone (`c is special`, which the rules may tell all), for L050."""
    for node in ast.walk(cond):
        if isinstance(node, ast.Attr) and isinstance(node.target, ast.Name) and node.target.name == var:
            return True
        if isinstance(node, ast.Call) and node.func in facts.defines and any(
                isinstance(arg, ast.Name) and arg.name == var for arg in node.args):
            return True
    return False


def _where_it_fits(found: list) -> str:
    """For L049's hint: the condition on player_count that leaves out the failing counts below (or above) the others."""
    low = [n for n, value in found if value < 0]
    return f"player_count > {max(low)}" if low else f"player_count < {min(n for n, _ in found)}"
def l052_every_turn_listed(facts) -> list:
    """L052 (a note): the rules read a placement's rot (language.md, placements: "Unless the rules read the turn"), so
    placements() lists every turn of a piece, those that look alike too, where some piece on a grid whose pieces turn
    does look alike turned: said once, where the rules read it (themselves, or in a definition they use). a
    trial's ruleset, which must read the turn, was offered each symmetric tile 2 to 4 times at a spot, and validate said
    nothing of why (a quarter of an hour to find the paragraph)."""
    from . import geometry
    from .compiler import lists_every_turn, turn_read_at

    loc = turn_read_at(facts.ruleset)
    if loc is None or not lists_every_turn(facts.ruleset):
        return []
    rs = facts.ruleset
    turning = [name for name, spec in rs.zones.items() if spec.grid and spec.turns]
    if not turning:
        return []
    layout = rs.layout(rs.min_players)
    resolutions = sorted({int(layout.grids[name]) if name in layout.grids else int(rs.zones[name].grid) for name in turning})
    kinds, alike = set(), None
    for comp in layout.components:
        if "cells" not in comp or comp.signature in kinds:
            continue
        kinds.add(comp.signature)
        for resolution in resolutions:
            try:
                repeated = geometry.repeated_turns(comp, resolution)
            except (geometry.GeometryError, TypeError, ValueError):  # (a piece that cannot lie on the grid: its own finding)
                repeated = ()
            if repeated:
                alike = (comp, repeated)
                break
        if alike is not None:
            break
    if alike is None:
        return []
    comp, repeated = alike
    turns = ", ".join(str(r) for r in repeated)
    return [Diagnostic(loc, "L052", f"the rules read a placement's rot here, so placements() lists every turn of a piece, "
                       f"those that look alike too: {component_text(comp)} looks the same at rot {turns} as at a lesser turn, and "
                       "is offered at each (a random agent weighs it more)",
                       "where a turn means no more than the cells show, keep one of each look in the action's if; where "
                       f"each turn is a move of its own, as meant: silence it {SILENCE_HERE}L052]")]


def l053_block_parameter_never_read(facts) -> list:
    """L053: a parameter of a block that none of its statements reads: the value given at each `run:` is thrown away.
    A bluffing game's trial: its `ask(p)`, meant to ask seat p, held a `decide` without `player:`, which asks
    `current`: p was never read, every run asked the turn's seat, and validate said nothing (a scenario found it). Each
    parameter is looked for in every statement of the block, as each `run` expanded it, the arguments of the blocks it
    runs among them."""
    source = facts.ruleset.source if isinstance(facts.ruleset.source, dict) else {}
    section = source.get("blocks") if isinstance(source.get("blocks"), dict) else {}
    heads = {str(head).partition("(")[0].strip(): head for head in section}
    read: dict = {}  # block -> the names its statements read, in every run of it expanded
    seats: dict = {}  # block -> its parameters given a seat at some run
    for body in facts.ruleset.statement_blocks:
        for stmt in _statements_in(body):
            block = stmt.args.get("block") if stmt.kind == "do" else None
            if block not in heads or not stmt.args.get("body"):
                continue
            bound, *rest = stmt.args["body"]
            given = bound.args.get("names", ()) if bound.args.get("arguments_of") == block else ()
            seats.setdefault(block, set()).update(param for param, expr in given if expr.type == "player")
            read.setdefault(block, set()).update(_names_read_in_statements(facts, rest if given else stmt.args["body"]))
    out = []
    for block, names in read.items():
        head = heads[block]
        params = _block_params(str(head))
        for param, offset in params:
            if param in names:
                continue
            loc = section.key_loc(head)
            at = Loc(loc.path, loc.line, loc.col + offset) if loc.line else loc
            asked = _decide_without_player(section[head])
            others = [p for p, _ in params if p != param]
            written = f"{block}({', '.join(others)})" if others else block
            hint = f"read it where the block needs it, or take it out of the block's head and out of each run: {written}"
            if asked is not None and param in seats.get(block, ()):
                hint = (f"the decide at line {asked.line} has no player:, so it asks current, the seat whose turn it "
                        f"is: where it is {param}'s decision, write player: {param}; else " + hint)
            out.append(Diagnostic(at, "L053", f"block '{block}' never reads its parameter '{param}': the value each run "
                                  "gives it is thrown away", hint))
    return out


def _names_read_in_statements(facts, block) -> set:
    """The names the statements of ``block`` read, at any depth; of a block run inside it, only its arguments (what
    that block's own statements read are its parameters' names, not these)."""
    names: set = set()
    for stmt in block:
        inner = stmt.args.get("block") if stmt.kind == "do" else None
        own = [value for value in stmt.args.values() if not _is_block(value)]
        for expr in _exprs_in([own, stmt.when]):
            tree = facts.tree(expr)
            if tree is not None:
                names.update(node.name for node in ast.walk(tree) if isinstance(node, ast.Name))
        if inner is not None:
            bound = stmt.args.get("body") or ()
            if bound and bound[0].args.get("arguments_of") == inner:
                names |= _names_read_in_statements(facts, bound[:1])
        else:
            for body in _blocks(stmt):
                names |= _names_read_in_statements(facts, body)
        names |= _names_read_in_statements(facts, stmt.otherwise or ())
    return names


def _block_params(head: str) -> list:
    """(parameter, its offset in the block's head) for each parameter of `name(a, b)`."""
    inside = head.find("(")
    if inside < 0:
        return []
    out, at = [], inside + 1
    for part in head[inside + 1:head.rfind(")")].split(","):
        name = part.strip()
        if name:
            out.append((name, at + part.index(name)))
        at += len(part) + 1
    return out


def _decide_without_player(body):
    """The place of the first `decide` written in a block's statements (YAML) without `player:`, or None."""
    if isinstance(body, dict):
        if "decide" in body and "player" not in body and hasattr(body, "key_loc"):
            return body.key_loc("decide")
        values = body.values()
    elif isinstance(body, list):
        values = body
    else:
        return None
    for value in values:
        found = _decide_without_player(value)
        if found is not None:
            return found
    return None


def _with_fallback(call) -> str:
    """L048's fix: ``call`` (`first` or `last` of a comprehension) with `current` at the end the call does not take."""
    seats = ast.text(call.args[0])
    return f"first({seats} + [current])" if call.func == "first" else f"last([current] + {seats})"


def _loop_names(stmt, names):
    """_scoped's step for L046: the names of the `for:` loops around a statement (a `let` of the name hides it)."""
    names = frozenset(names)  # (_scoped starts each body from {})
    if stmt.kind == "let":
        names = names - {name for name, _ in stmt.args.get("names", ())}
    return names, (names | {stmt.args.get("var")} if stmt.kind == "for" else names)


def l044_put_back_on_top_of_a_bag(facts) -> list:
    """L044: a `move` into a bag (`order: nobody`) with no `shuffle` of it after the move in its block, and a draw from
    the bag by position (`last(bag)`, `first`, `bag[i]`, `take`, or a `deal` from it) with no shuffle of it before the
    draw in its block: what was put in lies on top, so every seat knows the next draw (a coin put back into a bluffing
    game's bag, no shuffle after it, validated clean). Where the move and the draw are in different actions, their order
    is unknown: either shuffle (after the move, or before the draw) settles it."""
    envs = {id(stmt): env for stmt, env, _ in facts.placed}
    bags = {name for name, zone in facts.ruleset.zones.items() if zone.order != "everyone"}
    placed = [found for body in facts.ruleset.statement_blocks for found in _with_shuffles_around(facts, body, bags, envs)]
    draws = [(stmt, bag) for stmt, before, _ in placed for bag in _bags_drawn(facts, stmt, bags, envs) if bag not in before]
    out = []
    for stmt, _, after in placed:
        into = _zone_written(facts, stmt.args.get("to"), envs.get(id(stmt))) if stmt.kind == "move" else None
        if into is None or into[1] not in bags or into[1] in after or into[1] in _bags_drawn(facts, stmt, bags, envs):
            continue
        read = next((draw for draw, bag in draws if bag == into[1]), None)
        if read is not None:
            out.append(_put_back_on_top_finding(stmt, read, into))
    return out


def _with_shuffles_around(facts, block, bags, envs, before=frozenset(), after=frozenset()):
    """(statement, the bags shuffled before it, those shuffled after it) for every statement of ``block``, nested ones
    too: a shuffle counts anywhere in the statement's block or a block holding it (a shuffle under an `if` too, so a
    shuffle that may run silences the lint rather than one that may not raise it)."""
    for i, stmt in enumerate(block):
        earlier = before | _bags_shuffled(facts, block[:i], bags, envs)
        later = after | _bags_shuffled(facts, block[i + 1:], bags, envs)
        yield stmt, earlier, later
        for inner in (*_blocks(stmt), stmt.otherwise or ()):
            yield from _with_shuffles_around(facts, inner, bags, envs, earlier, later)


def _bags_shuffled(facts, block, bags, envs) -> frozenset:
    """The bags a `shuffle` in ``block`` (nested statements too) names."""
    shuffled = (_zone_written(facts, s.args.get("zone"), envs.get(id(s))) for s in _statements_in(block) if s.kind == "shuffle")
    return frozenset(zone[1] for zone in shuffled if zone is not None and zone[1] in bags)


def _bags_drawn(facts, stmt, bags, envs) -> list:
    """The bags ``stmt`` draws from by position: a `move` of what it reads in their order, or a `deal` from one."""
    if stmt.kind == "move" and stmt.args.get("what") is not None:
        return _bags_read_in_order(facts, facts.tree(stmt.args["what"]))
    if stmt.kind == "deal" and stmt.args.get("from") is not None and id(stmt) in envs:
        return sorted(facts.refs(stmt.args["from"], envs[id(stmt)]) & bags)
    return []


def _put_back_on_top_finding(move, read, into) -> Diagnostic:
    """L044's finding at ``move`` into the bag ``into`` (its text, the zone), naming the draw ``read`` from it."""
    what = move.args["what"].text.strip()
    drawn = f"the deal from it at {_line_col(move, read)}" if read.kind == "deal" else (
        f"`move: {read.args['what'].text.strip()} -> {read.args['to'].text.strip()}` at {_line_col(move, read)}")
    return Diagnostic(move.loc, "L044", f"`move: {what} -> {into[0]}` at {_line_col(move, move)} puts {what} on top of "
                      f"'{into[1]}', whose order nobody sees, and nothing shuffles '{into[1]}' before {drawn} draws from "
                      "it: every seat knows the next draw",
                      f"add `shuffle: {into[0]}` right after the move (or before the draw){_told_anyway('L044')}")


def _line_col(here, stmt) -> str:
    """Where ``stmt`` is, as line:column (its file too where it is not that of ``here``)."""
    return f"{stmt.loc.line}:{stmt.loc.col}" if stmt.loc.path == here.loc.path else str(stmt.loc)


def _shuffled_in_sight_finding(facts, shuffle, move, shuffled, zone, who, loop=None) -> Diagnostic:
    """L040's finding at ``shuffle``: what it shows whom, the ``move`` that hands that order to hidden ``zone`` (in
    ``loop``, one component a pass), and the two fixes: shuffle the hidden zone after the move, or shuffle in a zone
    nobody sees on the way."""
    dealt = move.kind == "deal"
    what, to = (move.args[key].text.strip() for key in ("from" if dealt else "what", "to"))
    spare, declare = _spare_zone(facts)
    if dealt:  # a deal from a zone seen shuffled: which components each zone got is known to those who saw the order
        return Diagnostic(shuffle.loc, "L040", f"`shuffle: {shuffled[0]}` at {shuffle.loc} shows {who} the new order of "
                          f"'{shuffled[1]}', and the deal from it at {move.loc} takes from the top in that order into "
                          f"'{zone}', {_hiding_order(facts, zone)}: {who} knows what '{zone}' got "
                          f"(each view and record shows the shuffled order)",
                          f"shuffle where nobody sees: {declare}, then move: {what} -> "
                          f"{spare}, shuffle: {spare}, and deal from {spare}{_told_anyway('L040')}")
    depth = move.args.get("at")
    at = ", at: bottom" if move.args.get("bottom") else f", at: {depth.text.strip()}" if depth is not None else ""
    puts, after, way = "puts it in that order", "the move", f"move: {what} -> {spare}, shuffle: {spare}, move: {spare} -> {to}{at}"
    if loop is not None:  # one component a pass: the loop hands the whole order over
        puts, after = f"puts its components one by one, in the loop at {loop.loc}, in that order", "the loop"
        way = f"move: {shuffled[0]} -> {spare}, shuffle: {spare}, then the loop takes from {spare}"
    return Diagnostic(shuffle.loc, "L040", f"`shuffle: {shuffled[0]}` at {shuffle.loc} shows {who} the new order of "
                      f"'{shuffled[1]}', and `move: {what} -> {to}` at {move.loc} then {puts} into '{zone}', "
                      f"{_hiding_order(facts, zone)}: {who} knows the order of '{zone}' (each "
                      f"view and record shows the shuffled order)",
                      f"shuffle '{zone}' after {after} (shuffle: {to}) where all of it may be mixed; to keep what moves "
                      f"together (on top of the rest), shuffle it in a zone nobody sees on the way: {declare}, then "
                      f"{way}{_told_anyway('L040')}")


def _spare_zone(facts) -> tuple:
    """(name, how a hint brings it in) of a zone nobody sees to shuffle in on the way (L040, L059): the first one the
    ruleset declares (`visible: nobody`, one zone, no grid, where no component starts) that no expression names, or
    names only to stage components (a `move` into it, a `shuffle` of it, a `move` of it whole out of it, which a
    zone a move fills has); else a new name, `mixing` (`mixing2`, ... where that one is declared), to declare. A
    trial's hint told it to declare `mixing2` beside its own unused `mixing`."""
    zones = facts.ruleset.zones
    named: dict = {}  # zone -> ids of the expressions that name it
    bodies = [(id(body), body) for _, body, _ in facts.defines.values() if body is not None]
    for key, tree in [*((id(e), facts.tree(e)) for e in facts.expressions), *bodies]:
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Name) and node.name in zones:
                named.setdefault(node.name, set()).add(key)
    staged, emptied = {}, set()
    for stmt, env, _ in facts.placed:
        for part in {"move": ("what", "to"), "shuffle": ("zone",)}.get(stmt.kind, ()):
            expr = stmt.args.get(part)
            tree = facts.tree(expr) if expr is not None else None
            if isinstance(tree, ast.Name) and tree.name in zones and tree.name not in env:
                staged.setdefault(tree.name, set()).add(id(expr))
                emptied |= {tree.name} if part == "what" else set()
    starts = {ctype.start for ctype in facts.ruleset.components if isinstance(ctype.start, str)}
    for name, spec in zones.items():
        if (spec.visible == "nobody" and spec.kind == "single" and not spec.grid and name not in starts
                and named.get(name, set()) <= staged.get(name, set()) and (name in emptied or name not in named)):
            used = "used only to stage components" if name in named else "used by no rule"
            return name, f"use '{name}', declared already (visible: nobody) and {used}"
    name = next(name for name in ("mixing", *(f"mixing{i}" for i in range(2, 99))) if name not in zones)
    return name, f"declare a zone ({name}: {{visible: nobody}})"


def l017_rounds_never_played(facts) -> list:
    """L017: `round_score(k, p)` for a round k the flow never reaches: it is always 0 (a house rule of three
    rounds left the base's tie-break `round_score(4, p)`, and ties the tie-break broke became shared wins)."""
    most = _rounds_at_most(facts, facts.ruleset.flow)
    if most is None:
        return []
    trees = [(expr.loc, facts.tree(expr)) for expr in facts.expressions] + [(loc, tree) for _, tree, loc in facts.defines.values()]
    out = []
    for loc, tree in trees:
        for node in ast.walk(tree) if tree is not None else ():
            if (isinstance(node, ast.Call) and node.func == "round_score" and node.args and isinstance(node.args[0], ast.Const)
                    and type(node.args[0].value) is int and node.args[0].value > most):
                out.append(Diagnostic(loc, "L017", f"round_score({node.args[0].value}, ...) reads a round the game never reaches: "
                                      f"the flow plays at most {most} round{'' if most == 1 else 's'}, so it is always 0",
                                      "read a round the flow plays, or change the flow's rounds"))
    return out


def _rounds_at_most(facts, block) -> int | None:
    """How many `round` statements the block runs at most, or None when a loop makes it unknown before the game."""
    total = 0
    for stmt in block:
        inner = [_rounds_at_most(facts, body) for body in [*_blocks(stmt), stmt.otherwise]]
        if None in inner:
            return None
        here = sum(inner) + (stmt.kind == "round")
        if here and stmt.kind in ("repeat", "for"):
            times = facts.constant(stmt.args.get("count" if stmt.kind == "repeat" else "items"))
            if times is None or not times[0]:
                return None
            times = times[1] if stmt.kind == "repeat" else len(times[1]) if isinstance(times[1], (list, dict, str)) else None
            if type(times) is not int:
                return None
            here *= max(times, 0)
        elif here and stmt.kind in ("until", "turns"):
            return None
        total += here
    return total


def l018_the_word_none_as_data(facts) -> list:
    """L018: a variable's initial value or a component's attribute written `none`: YAML data is no expression, so
    that is the word "none", and `x == none` is false for it (YAML writes nothing as null or ~). Silent where a
    rule writes the word "none" in quotes, and for a value written in YAML's own quotes (`[AA, 'NONE']`): the word is
    meant. (The quotes are the scalar's style, which an overlay's merge keeps: a variant says the same.)"""
    source = facts.ruleset.source if isinstance(facts.ruleset.source, dict) else {}
    places = []  # (container, key, what it is): where a value is written
    for name, spec in (source.get("variables") or {}).items():
        container, key = (spec, "initial") if isinstance(spec, dict) else (source["variables"], name)
        places.append((container, key, f"the initial value of '{name}'"))
    # inside a list or map (`claimed: {initial: [none, none]}`): said once per variable, at the first word
    items = [(found[0], what, len(found)) for c, k, what in places if k in c and (found := _none_words_inside(c[k]))]
    places += _attribute_places(source)  # (each value of an attribute's list is a place of its own)
    # a long form without `initial` (`{each: player}`) writes no value
    words = [(c, k, what) for c, k, what in places if (k in c if isinstance(c, dict) else True) and _is_none_word(c[k])
             and not written_quoted(c, k)]
    given = _none_words_given(facts.ruleset.scenarios)
    if not (words or items or given) or _words_in_rules(facts, NONE_WORDS):  # the rules are read only where the word is written
        return []
    out = [_none_word_finding(loc_of(container, key), f"{what} is", container[key]) for container, key, what in words]
    for (container, key), what, many in items:
        out.append(_none_word_finding(loc_of(container, key), _items_are(what, many), container[key]))
    return sorted(out, key=lambda d: (d.loc.line or 0, d.loc.col or 0)) + given


def _none_words_given(scenarios) -> list:
    """L018 at a scenario's `given.variables` value written `none` (or an item of its list or map, once per variable):
    the run gives the variable the word, and an expectation `x == none` fails where the scenario meant nothing."""
    out = []
    for sc in scenarios:
        for (name, value), where in zip(sc.variables_written, sc.variable_locs):
            what = f"the value given to '{name}'"
            found = _none_words_inside(value)
            if _is_none_word(value):
                out.append(_none_word_finding(where, f"{what} is", value))
            elif found:
                (container, key), many = found[0], len(found)
                out.append(_none_word_finding(loc_of(container, key), _items_are(what, many), container[key]))
    return out


def l051_word_given_that_no_rule_knows(facts) -> list:
    """L051: a word a scenario's `given.variables` gives (or an item of its list or map) that the ruleset's data does not
    declare (an attribute's value, a die face's, a variable's initial value) and no rule writes: no rule gives the
    variable that word, nor compares it with one, so a misspelt `named: spade` (for `spades`) makes a step marked
    `illegal: true` pass whatever the rules say, as T009 says of a step's misspelt word. Once per variable given."""
    scenarios = [sc for sc in facts.ruleset.scenarios if getattr(sc, "variables_written", ())]
    if not scenarios:
        return []
    known = _words_known(facts)
    out = []
    for sc in scenarios:
        for (name, value), where in zip(sc.variables_written, sc.variable_locs):
            if name in sc.component_kinds:  # (a pattern of a component: a word no component has is T009)
                continue
            # (a word in quotes, `"'null'"`, as a step's args write one: the quotes are part of the word given)
            unknown = lambda item: (_a_word(item) or _quoted_word(item)) and item not in known  # noqa: E731 - read twice
            if unknown(value):
                container, key, word = None, None, value
            elif found := _items_inside(value, unknown):
                (container, key), word = found[0], found[0][0][found[0][1]]
            else:
                continue
            here = where if container is None else loc_of(container, key)
            said = f"the value given to '{name}' {'is' if container is None else 'holds'}"
            bare = _quoted_word(word)
            if bare:  # (a misspelt word in quotes is told both)
                closest = "" if bare in known else f"; {did_you_mean(bare, known) or 'and a word the rules use'}"
                out.append(Diagnostic(here, "L051", f"{said} {word!r}, the word '{bare}' in quotes: given values are YAML "
                                      f"data, so the quotes are part of the word, and no rule gives '{name}' that word, nor "
                                      "compares it with one", f"given values are YAML data: write {_as_data(bare)}, not "
                                      f"{word} (only a step's args are expressions){closest}"))
                continue
            out.append(Diagnostic(here, "L051", f"{said} the word '{word}', which no rule writes and the ruleset's data does "
                                  f"not declare: no rule gives '{name}' that word, nor compares it with one",
                                  did_you_mean(word, known) or "give a word the rules use (an attribute's value, one the "
                                  f"rules write in quotes); {SILENCE_HERE}L051] where the word is meant"))
    return out


def _as_data(word: str) -> str:
    """``word`` as YAML data writes it: bare, or in YAML's own quotes where YAML reads it bare as no word (`null` is
    nothing, `true` true)."""
    from .yamlpos import load_text

    if load_text(f"w: {word}\n", "<word>")["w"] == word:
        return word
    return f'"{word}" (in YAML\'s own quotes: bare, YAML reads {word} as no word)'


def _quoted_word(value):
    """The word inside ``value`` where it is one word in quotes (`'null'` or `"null"`), as an expression writes a word:
    None for any other value."""
    if isinstance(value, str) and len(value) > 2 and value[0] == value[-1] and value[0] in "'\"" and _a_word(value[1:-1]):
        return value[1:-1]
    return None


_A_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_'-]*")  # a word as one is typed for a value (free text is left alone)


def _a_word(value) -> bool:
    """Whether ``value`` is one word as data gives it (not `none`, which L018 tells, nor text of several words)."""
    return isinstance(value, str) and value not in NONE_WORDS and _A_WORD.fullmatch(value) is not None


def _words_known(facts) -> set:
    """The words the ruleset's data declares (attributes' values, dice faces', variables' initial values) or its rules
    write in quotes (of the flow, the actions, the components' derive and copies, the definitions; not the scenarios'),
    and its names (a zone's, a die's, an action's, a type's: a word may name one)."""
    from .loader import words_in

    rs = facts.ruleset
    words = {v for ctype in rs.components for _, values in ctype.attributes for v in values if isinstance(v, str)}
    words |= {v for die in rs.dice.values() for face in die.faces for v in face.values() if isinstance(v, str)}
    words |= words_in([spec.initial for spec in rs.variables.values()])
    words |= {*rs.zones, *rs.dice, *rs.actions, *rs.variables, *(ctype.name for ctype in rs.components)}
    exprs = _exprs_in([rs.components, list(rs.actions.values()), rs.flow, rs.winners, rs.heuristic, rs.teams, list(rs.zones.values())])
    trees = [facts.tree(expr) for expr in exprs] + [tree for _, tree, _ in facts.defines.values()]
    words |= {node.value for tree in trees if tree is not None for node in ast.walk(tree)
              if isinstance(node, ast.Const) and isinstance(node.value, str)}
    return words


def _items_are(what: str, many: int) -> str:
    """`an item in WHAT is`, or `N items in WHAT are`: the start of an L018 message about words inside a list or map."""
    return f"an item in {what} is" if many == 1 else f"{many} items in {what} are"


def l029_initial_value_written_as_an_expression(facts) -> list:
    """L029: a variable's initial value (or an item of its list or map) that is text reading as an expression
    (`initial: "[0 for i in range(11)]"`): YAML data is not evaluated, so the variable starts as that text, and the
    rules that index it or count with it fail in play. Silent where a rule writes that text in quotes: it is meant."""
    source = facts.ruleset.source if isinstance(facts.ruleset.source, dict) else {}
    calls = set(BUILTINS) | set(facts.defines)  # (`Ace (high)` is a word: no function of that name)
    found = []  # (container, key, variable, whether it is the whole value, whether the variable is one per seat)
    for name, spec in (source.get("variables") or {}).items():
        container, key = (spec, "initial") if isinstance(spec, dict) else (source["variables"], name)
        each = isinstance(spec, dict) and bool(spec.get("each"))
        if isinstance(container, dict) and key in container:
            if _reads_as_an_expression(container[key], calls):
                found.append((container, key, name, True, each))
            else:  # (an item of a list or map: once per variable, at the first)
                items = _items_inside(container[key], lambda v: _reads_as_an_expression(v, calls))
                found += [(c, k, name, False, each) for c, k in items[:1]]
    if not found or _words_in_rules(facts, {c[k] for c, k, *_ in found}):
        return []
    return [Diagnostic(loc_of(c, k), "L029", f"{'the' if whole else 'an item in the'} initial value of '{name}' "
                       f"is the text {c[k]!r}, which reads as an expression: "
                       "YAML data is not evaluated, so it stays that text",
                       "write the value as YAML data (a list [0, 0, 0], a map {a: 1})" + (
                           f", or set it in the flow before it is read: {_setting(name, c[k], each)}" if whole else ""))
            for c, k, name, whole, each in found]


def _setting(name: str, text: str, each: bool) -> str:
    """The flow statement that sets the variable ``name`` (each seat's value where ``each``) to the expression ``text``."""
    if each:
        return f'{{for: p in players, do: [{{set: {{"{name}[p]": "{text}"}}}}]}}'
    return f'set: {{{name}: "{text}"}}'


# marks of an expression that a word written as data does not hold (`set-up` and `not yet` are words; `[0, 0]` is not)
EXPRESSION_MARKS = re.compile(r"[(\[{]|[=!<>]=| for ")


def _reads_as_an_expression(value, calls) -> bool:
    """Whether ``value`` is text with an expression's marks (brackets, a comparison, a comprehension) that parses, and
    calls only functions of ``calls`` (the builtins and the ruleset's definitions)."""
    if not isinstance(value, str) or not EXPRESSION_MARKS.search(value):
        return False
    try:
        tree = parse(value, Loc("<data>"))
    except PhiltreError:
        return False
    return not isinstance(tree, (ast.Const, ast.Name)) and all(
        node.func in calls for node in ast.walk(tree) if isinstance(node, ast.Call))


def _items_inside(value, test) -> list:
    """(container, key) of each item of a list or value of a map, however deep, of which ``test`` holds."""
    if isinstance(value, list):
        pairs = list(enumerate(value))
    elif isinstance(value, dict):
        pairs = list(value.items())
    else:
        return []
    found = []
    for key, item in pairs:
        found += [(value, key)] if test(item) else _items_inside(item, test)
    return found


def _is_none_word(value) -> bool:
    """Whether ``value`` is `none` written as YAML data: a word (unhashable lists and maps are not)."""
    return isinstance(value, str) and value in NONE_WORDS


def _none_words_inside(value) -> list:
    """(container, key) of each item inside ``value`` written `none` bare: one in YAML's quotes is the word meant."""
    return [(c, k) for c, k in _items_inside(value, _is_none_word) if not written_quoted(c, k)]


def _none_word_finding(loc, what_is: str, word: str) -> Diagnostic:
    """L018 at ``loc``: ``what_is`` (`the initial value of 'x' is`) the word ``word``, where nothing was meant."""
    return Diagnostic(loc, "L018", f"{what_is} the word '{word}', not nothing: YAML data is "
                      "not an expression, and nothing is written null (or ~) there",
                      f"write null for nothing (then `== none` is true of it); for the word, write it in quotes ('{word}'), "
                      f"or compare it with '{word}', quoted")


def l020_range_written_with_a_dash(facts) -> list:
    """L020: an attribute's value written like a range with a dash (`rank: 1-8`): one word, so one component
    where a run of them was meant (a range is written 1..8). Silent where a rule writes that word in quotes."""
    source = facts.ruleset.source if isinstance(facts.ruleset.source, dict) else {}
    dashed = [(c, k, what, m) for c, k, what in _attribute_places(source)
              if isinstance(c[k], str) and (m := DASHED_RANGE.fullmatch(c[k]))]
    if dashed and _words_in_rules(facts, {c[k] for c, k, _, _ in dashed}):
        dashed = []
    return [Diagnostic(loc_of(c, k), "L020", f"{what} is the one word '{c[k]}', not a range of numbers",
                       f"write {m[1]}..{m[2]} for the whole numbers {m[1]} to {m[2]}; for the word, compare it with '{c[k]}', quoted")
            for c, k, what, m in dashed] + _ranges_of_names(facts, source)


def _ranges_of_names(facts, source) -> list:
    """L020 at an attribute's value written as a range whose end names another attribute (`b: "a..6"`, each pair once):
    one word, as a range's ends are numbers; the hint writes the widest range and the `copies` keeping the pairs."""
    types = {ctype.name: dict(ctype.attributes) for ctype in facts.ruleset.components}
    named = [(c, k, what, m, name, types.get(ctype, {})) for ctype, name, c, k, what in _attribute_values(source)
             if (m := named_range(c[k]))]
    if not named or _words_in_rules(facts, {c[k] for c, k, *_ in named}):
        return []
    return [Diagnostic(loc_of(c, k), "L020", f"{what} is the one word '{c[k]}', not a range of numbers",
                       f"{named_range_hint(name, m, attributes)}; for the word, compare it with '{c[k]}', quoted")
            for c, k, what, m, name, attributes in named]


DASHED_RANGE = re.compile(r"\s*([0-9]+)\s*[-\u2013\u2014]\s*([0-9]+)\s*")  # 1-8, 1 - 8, 1–8 (an en or em dash)


def _attribute_places(source) -> list:
    """(container, key, what it is) of each value written for a component's attribute."""
    return [(c, k, what) for _, _, c, k, what in _attribute_values(source)]


def _attribute_values(source) -> list:
    """(type, attribute, container, key, what it is) of each value written for a component's attribute."""
    places = []
    for ctype, spec in (source.get("components") or {}).items():
        attributes = spec.get("attributes") if isinstance(spec, dict) else None
        for name, values in (attributes or {}).items() if isinstance(attributes, dict) else ():
            for i in range(len(values)) if isinstance(values, list) else ():
                places.append((ctype, name, values, i, f"a value of the attribute '{name}' of '{ctype}'"))
            places.append((ctype, name, attributes, name, f"the attribute '{name}' of '{ctype}'"))
    return places


def _words_in_rules(facts, words) -> bool:
    """True if an expression of the rules (or a definition) writes one of ``words`` as a literal."""
    trees = [facts.tree(expr) for expr in facts.expressions] + [tree for _, tree, _ in facts.defines.values()]
    return any(isinstance(node, ast.Const) and node.value in words for tree in trees if tree is not None for node in ast.walk(tree))


def l011_moves_on_in_later_passes(facts) -> list:
    """L011: a loop over seats that moves ``z[p]`` into ``z[other seat]``: a later pass moves those components on."""
    out = []
    for stmt, _, _ in facts.placed:
        if stmt.kind != "for" or not _over_seats(facts.tree(stmt.args["items"])):
            continue
        var = stmt.args["var"]
        for inner in _statements_in(stmt.args["body"]):
            if inner.kind != "move":
                continue
            what, to = facts.tree(inner.args["what"]), facts.tree(inner.args["to"])
            family = _seat_zone(what, var)
            if family is not None and _seat_zone(to, var, other=True) == family:
                out.append(Diagnostic(inner.loc, "L011", f"each pass of 'for {var}' moves {family}[{var}] into another seat's {family}, "
                                      "which a later pass moves on: the components pile up in one seat",
                                      _passed_at_once_hint(facts, family)))
    return out


def _passed_at_once_hint(facts, family: str) -> str:
    """L011's hint: a family of one zone per seat is passed on at once by rotate; zones of another family through a
    holding zone."""
    spec = facts.ruleset.zones.get(family)
    if spec is not None and spec.kind == "player":
        return (f"to pass every seat's {family} at once, write rotate: {family} in place of the loop (by: -1 passes to "
                "the right, by: 2 two seats on; see `rotate` in docs/language.md in philtre's source)")
    return ("to pass every zone at once, move each into a holding zone first, then all back: "
            "see `for` in docs/language.md in philtre's source")


def l012_names_given_twice(facts) -> list:
    """L012: one name given to two statements of the flow, or of one action's effects: an overlay can patch neither."""
    out = []
    for where, block in _statement_blocks(facts.ruleset.source):
        places: dict = {}
        for item in (item for item in _statement_maps(block) if "name" in item):
            places.setdefault(str(item["name"]), []).append(item.key_loc("name"))
        for name, locs in places.items():
            if len(locs) > 1:
                out.append(Diagnostic(locs[-1], "L012",
                                      f"'{name}' names {len(locs)} statements of {where}: an overlay cannot patch either by name (O008)",
                                      "give each its own name; a block repeated with a YAML alias repeats the names in it"))
    return out


def l014_choices_that_change_nothing(facts) -> list:
    """L014: an action that chooses but has no effects: the choice changes nothing (its `do:` left out, and no `then:`
    reads a choice: one that hands them to a follow-up decision, `with: {n: n}`, or reads them itself uses them)."""
    offered = _actions_offered(facts)
    return [Diagnostic(action.loc, "L014", f"action '{name}' chooses {', '.join(p.name for p in action.params)} "
                       f"but has no 'do:'{_then_reads_none(action)}: the choice changes nothing",
                       _misspelt_action_hint(facts, name, offered) or _l014_hint(action))
            for name, action in facts.ruleset.actions.items() if action.params and not action.body and not _then_reads_a_choice(facts, action)]


def _then_reads_a_choice(facts, action) -> bool:
    """Whether an action's `then:` reads one of its choices (or hands it on with `with:`)."""
    chosen = {p.name for p in action.params}
    return action.then is not None and any(chosen & _names_used(facts.tree(e)) for e in _exprs_in(action.then))


def _then_reads_none(action) -> str:
    """L014's words for an action with a `then:` that reads none of its choices."""
    return " and its 'then:' reads none of its choices" if action.then is not None else ""


def _l014_hint(action) -> str:
    """L014's hint: give the action a `do:`, or (where it has a `then:`) hand a choice on to the follow-up."""
    if action.then is None:
        return "add do: with what the choice does; a pass, which does nothing, chooses nothing"
    first = action.params[0].name
    return (f"add do: with what the choice does, or hand the choice on in the then: (a decide's with: {{{first}: {first}}}); "
            "a pass, which does nothing, chooses nothing")


def l015_empty_blocks(facts) -> list:
    """L015: a loop or block with nothing in its `do:`: it repeats nothing (an `until` or `turns` runs to the step limit)."""
    rs = facts.ruleset
    out = []
    for block in rs.statement_blocks:
        for stmt in _statements_in(block):
            if stmt.kind in EMPTY_BODY_KINDS and not stmt.args.get("body"):
                again = " and never ends unless its condition is already met" if stmt.kind in ("until", "turns") else ""
                if stmt.kind in LIST_BODY_KINDS:  # its statements are its own value: there is no do: key to fill
                    out.append(Diagnostic(stmt.loc, "L015", f"'{stmt.label}' holds no statement: it runs none{again}",
                                          f"list its statements as the value of {stmt.kind}: itself, each '- ' item indented "
                                          f"below it ({stmt.kind} takes no do: key), or remove it"))
                    continue
                out.append(Diagnostic(stmt.loc, "L015", f"'{stmt.label}' has nothing in its 'do:': it runs no statement{again}",
                                      "put its statements under do: (indented), or remove it"))
    return out


EMPTY_BODY_KINDS = ("do", "for", "repeat", "until", "turns", "round")  # statements whose `body` is what they run
LIST_BODY_KINDS = ("round",)  # those whose own key holds the list (`round: [...]`, no `do:`; a `do` block's key is do:)


def _statement_blocks(source) -> list:
    """(what it is, its statements as written) for the flow and each action's effects and `then:` in a ruleset's source."""
    blocks = [("the flow", source.get("flow"))]
    return blocks + [(f"the then: of action '{name}'" if key == "then" else f"action '{name}'", action.get(key))
                     for name, action in (source.get("actions") or {}).items() if isinstance(action, dict) for key in ("do", "then")]


def _statement_maps(block):
    """Every mapping in a list of statements, nested blocks included, in the order written."""
    if not isinstance(block, list):
        return
    for item in block:
        if isinstance(item, dict):
            yield item
            for value in item.values():
                yield from _statement_maps(value)


def _over_seats(tree) -> bool:
    """True for `players` or `seats_from(...)`: every seat, each once."""
    return (isinstance(tree, ast.Name) and tree.name == "players") or (isinstance(tree, ast.Call) and tree.func == "seats_from")


def _seat_zone(tree, var: str, other: bool = False):
    """The zone family of `z[var]` (or, with ``other``, of `z[i]` where i reads ``var`` and is not it), else None."""
    if not (isinstance(tree, ast.Index) and isinstance(tree.target, ast.Name)):
        return None
    index = tree.index
    is_var = isinstance(index, ast.Name) and index.name == var
    reads_var = any(isinstance(n, ast.Name) and n.name == var for n in ast.walk(index))
    return tree.target.name if (reads_var and not is_var if other else is_var) else None


def _statements_in(block):
    """Every statement of a block, nested ones included (bodies and `else`)."""
    for stmt in block:
        yield stmt
        for inner in _blocks(stmt):
            yield from _statements_in(inner)
        if stmt.otherwise:
            yield from _statements_in(stmt.otherwise)


# count(x) OP n with n a number written out: for which n it never holds (False) or always holds (True)
_COUNT_VERDICTS = {"<": lambda n: False if n <= 0 else None, "<=": lambda n: False if n < 0 else None,
                   ">=": lambda n: True if n <= 0 else None, ">": lambda n: True if n < 0 else None,
                   "==": lambda n: False if n < 0 else None, "!=": lambda n: True if n < 0 else None}
_MIRRORED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _number_written(node):
    """The number a node writes out (3, -1, 2.5), else None."""
    if isinstance(node, ast.Unary) and node.op == "-":
        inner = _number_written(node.operand)
        return -inner if inner is not None else None
    if isinstance(node, ast.Const) and type(node.value) in (int, float):
        return node.value
    return None


def l019_counts_compared_below_zero(facts) -> list:
    """L019: a count compared with a number that makes the comparison always the same: `count(deck) < 0` never
    holds (a count is never negative), so an `until: count(deck) < 0` never ends and a `when` never runs."""
    trees = [(expr.loc, facts.tree(expr)) for expr in facts.expressions] + [(loc, tree) for _, tree, loc in facts.defines.values()]
    out = []
    for loc, tree in trees:
        for node in ast.walk(tree) if tree is not None else ():
            if not (isinstance(node, ast.Compare) and node.op in _COUNT_VERDICTS):
                continue
            for counted, number, op in ((node.left, node.right, node.op), (node.right, node.left, _MIRRORED[node.op])):
                n = _number_written(number)
                if isinstance(counted, ast.Call) and counted.func == "count" and n is not None:
                    verdict = _COUNT_VERDICTS[op](n)
                    if verdict is not None:
                        out.append(Diagnostic(loc, "L019", f"`{ast.text(node)}` {'always' if verdict else 'never'} holds: a count is never negative",
                                              "compare with 0: count(x) == 0 is empty, count(x) > 0 is not"))
    return out


def l022_initial_value_overwritten(facts) -> list:
    """L022: an overlay changes a variable's initial value, and the flow sets the variable whole before anything reads
    it (`set: {coins: "[start_coins for p in players]"}` first thing): the change does nothing in play."""
    from .compiler import Removal

    out = []
    for name in facts.ruleset.variables:
        where = facts.overlay_written.get(("variable", name))
        if where is None or isinstance(where, Removal):
            continue
        where = _initial_written_apart(facts, name)  # (an overlay that changed only its `visible` changed no initial value)
        found = _set_before_read(facts, name) if where is not None else None
        if found is not None:
            stmt, value = found
            read = _definitions_read(facts, [value])
            if stmt.loc.path != facts.ruleset.path or any(("definition", d) in facts.overlay_written for d in read):
                continue  # the overlay changed what the set gives too: its initial value keeps a search agent's guess in line
            reads = sorted(d for d in read if facts.defines[d][2].path == facts.ruleset.path)
            hint = (f"it reads {', '.join(repr(d) for d in reads)}: change {'that definition' if len(reads) == 1 else 'those'} in "
                    "the overlay instead" if reads else "change or remove that statement in the overlay (by its name:)")
            if facts.ruleset.variables[name].visible != "everyone":  # (agents.md: the declared value is their guess)
                hint += "; search agents still take the initial value for their guess of a hidden one"
            out.append(Diagnostic(where, "L022", f"the initial value of '{name}' changes nothing in play: the flow sets "
                                  f"'{name}' at {stmt.loc} before any rule reads it", hint))
    return out


def _initial_written_apart(facts, name: str):
    """Where an overlay wrote variable ``name``'s initial value (its `initial:`, or the value written bare: `coins: 5`),
    else None: the base wrote it, or the overlay changed other keys alone (`coins: {visible: everyone}`)."""
    section = facts.ruleset.source.get("variables")
    value = section.get(name) if isinstance(section, Map) else None
    if isinstance(value, Map):
        where = value.key_loc("initial") if "initial" in value else None
    else:
        where = section.loc_of(name) if value is not None else None
    return where if where is not None and where.path != facts.ruleset.path else None


def l025_count_of_a_zone_family(facts) -> list:
    """L025: `count(hand)` of a family of zones (one per seat, or a fixed number of copies) written bare: it counts the zones, not what
    one holds (`count(hand[p])` was meant), so `alive(p): count(hand) > 0` holds for every seat all game long.
    A scenario's check is left alone: it fails loudly if wrong, and may count the copies on purpose (a variant's
    `count(column) == 5`)."""
    rs = facts.ruleset
    rules = _exprs_in([rs.components, list(rs.actions.values()), rs.flow, rs.winners, rs.heuristic, list(rs.zones.values())])
    trees = [(_source(expr), facts.tree(expr), ()) for expr in rules]
    trees += [(facts.define_source(name), tree, params) for name, (params, tree, _) in facts.defines.items()]
    local = _local_names(facts)
    out = []
    for source, tree, params in trees:
        if tree is None:
            continue
        bound = local | set(params) | {clause.var for node in ast.walk(tree) if isinstance(node, ast.Comprehension) for clause in node.clauses}
        for node in ast.walk(tree):
            family = _family_counted(rs, node, bound)
            if family is not None:
                out.append(_family_count_finding(source.at(node.pos), family, rs.zones[family], ast.text(node.args[0])))
    return out


SEAT_NAMES = ("me", "current")  # the names that always hold a seat (no rule may bind them again)


def l055_team_family_read_by_a_seat(facts) -> list:
    """L055: a zone family or a variable kept a team (`each: team`) indexed by a seat, `stash[me]`, `pot[current]`
    (and a `set` of `"pot[me]"`): its index is a team's, so that reads the team whose number is the seat's, another
    side's where the teams are not one a seat (past the last team, R100). `stash[team_index(me)]` was meant. A seat is
    also what the compiler types one once the variables' types are known (variable_types.seat_indexes: `left(leader)`,
    `p` of `for: p in players`, a variable every set gives a seat, a `let` of an item of a list of seats); a
    definition not compiled (never used) is read for `me` and `current` alone."""
    rs = facts.ruleset
    teamed = {name for name, z in rs.zones.items() if z.teamed} | {name for name, v in rs.variables.items() if v.per_team}
    if not teamed:
        return []
    rules = _exprs_in([rs.components, list(rs.actions.values()), rs.flow, rs.winners, rs.heuristic])
    trees = [(_source(expr), facts.tree(expr)) for expr in rules]
    trees += [(facts.define_source(name), tree) for name, (_, tree, _) in facts.defines.items()]
    out = []
    for source, tree in trees:
        for node in ast.walk(tree) if tree is not None else ():
            if (isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and node.target.name in teamed
                    and isinstance(node.index, ast.Name) and node.index.name in SEAT_NAMES):
                out.append(_team_read_by_a_seat(source.at(node.pos), node.target.name, node.index.name, rs))
    for stmt, _, _ in facts.placed:
        for name, index, _, _ in stmt.args.get("targets", ()) if stmt.kind == "set" else ():
            read = facts.tree(index) if index is not None and name in teamed else None
            if isinstance(read, ast.Name) and read.name in SEAT_NAMES:
                out.append(_team_read_by_a_seat(index.loc, name, read.name, rs))
    said = {(d.loc.path, d.loc.line, d.loc.col) for d in out}
    out += [_team_read_by_a_seat(where, name, index, rs) for name, where, index in rs.namespace.get(SEAT_INDEXES) or ()
            if (where.path, where.line, where.col) not in said]
    return out


LABELLED_AT_MOST = 1000  # L058: a choice of more values is not labelled at validate (the work stays small)


def l058_values_labelled_alike(facts) -> list:
    """L058: an action's `label:` that gives two different values of its choice the same text, where validate can work
    out the values without a game: a choice among a list, a table or a range that definitions of fixed values give, or
    among what the components' attributes give (a trial's double route, two routes joining the same two cities in the
    same colour, read alike in play's list, told apart there only as `[e=1]` and `[e=2]`). A choice whose values the
    game decides (a zone's contents, another choice, `me`) is left alone, as is one of more than LABELLED_AT_MOST
    values; the first collision of a label is said, and the action's `if` is not read."""
    rs = facts.ruleset
    out = []
    for action in rs.actions.values():
        params = {param.name: param for param in action.params}
        for name, label in action.labels:
            param = params.get(name)
            if param is None or facts.work_left <= 0:
                continue
            found = _labelled_alike(facts, param.domain, name, label)
            if found is not None:
                first, second = (f"{name}={_value_said(value)}" for value in found[:2])
                text = found[2]
                out.append(Diagnostic(label.loc, "L058", f"the label of '{name}' in action '{action.name}' reads "
                                      f"{text!r} for both {first} and {second}: play lists the two options alike, told "
                                      f"apart only by their values (`{text} [{first}]`, `{text} [{second}]`)",
                                      f"add a field that tells them apart to the label (a column of the table that "
                                      f"differs, or `+ ' ' + text({name})`); where they are meant to read alike, "
                                      f"silence it {SILENCE_HERE}L058]"))
    return out


def _labelled_alike(facts, domain, name: str, label):
    """(a value, another, the text the label gives both) for the first two different values of the choice ``domain``
    lists that ``label`` reads alike, at some allowed player count; None where there are none, or where the values
    cannot be known before the game (the domain reads the game, or an earlier choice, or lists too many)."""
    for n in facts.ruleset.player_counts:
        try:
            state = _ComponentsOnly(facts.ruleset, n)
            values = domain.fn(state, _NoLocals())
        except (_ReadsState, PhiltreError):  # (the game decides them; a layout that fails is an error of its own, R002)
            return None
        except _FAILURES:  # (a domain that fails is L009's, or the game's)
            return None
        finally:
            facts.spend()
        if not isinstance(values, (list, tuple, range)) or len(values) > LABELLED_AT_MOST:
            return None
        seen: dict = {}  # label text -> the first value that gave it
        for value in values:
            try:
                text = label.fn(state, {name: value})
            except _ReadsState:
                return None
            except _FAILURES:  # (play writes a value whose label fails as it is)
                continue
            finally:
                facts.spend()
            if not isinstance(text, str) or not text.strip():  # (so too one whose label gives no word)
                continue
            if text in seen and seen[text] != value:
                return seen[text], value, text
            seen.setdefault(text, value)
        if not state.read_components:  # (the same values and texts at every player count)
            return None
    return None


# what a rule evaluated before the game may raise where it fails (as at run time), not where it reads the game
_FAILURES = (OutOfWork, RuleRuntimeError, TypeError, ValueError, KeyError, IndexError, AttributeError, ZeroDivisionError,
             RecursionError)


def _value_said(value) -> str:
    """A chosen value as a scenario step writes it (`1`, `ore`, `[1, 2]`)."""
    return _scalar(value) if isinstance(value, (str, int, float, bool, list, dict)) or value is None else describe(value)


def _team_read_by_a_seat(loc, name: str, seat: str, rs) -> Diagnostic:
    what = "zone family" if name in rs.zones else "variable"
    return Diagnostic(loc, "L055", f"'{name}' is a {what} kept a team (each: team), indexed by its team's index, and "
                      f"{name}[{seat}] indexes it by a seat: it reads the team whose number is the seat's, another "
                      f"side's where the teams are not one a seat (past the last team, the game stops)",
                      f"index it by the seat's team: {name}[team_index({seat})]")


def _local_names(facts) -> set:
    """Every name a statement or an action gives a value of its own (`let`, `for`, `repeat`, an action's parameters)."""
    names = {param.name for action in facts.ruleset.actions.values() for param in action.params}
    for stmt, _, _ in facts.placed:
        if stmt.kind == "let":
            names |= {name for name, _ in stmt.args.get("names", ())}
        elif stmt.kind in ("for", "repeat") and stmt.args.get("var"):
            names.add(stmt.args["var"])
    return names


def _family_counted(rs, node, bound: set):
    """The zone family `count(hand)` counts bare (one per seat, or a fixed number of copies), else None. Copies made by
    an expression (`pile: {copies: 2 * player_count + 1}`) are left alone: counting them is how a rule reads the
    number the table made (`count(bag) < 4 * count(pile)`)."""
    if not (isinstance(node, ast.Call) and node.func == "count" and len(node.args) == 1):
        return None
    arg = node.args[0]
    seat = isinstance(arg, ast.Index) and isinstance(arg.target, ast.Name)  # `count(line[p])`: seat p's N zones
    name = arg.target.name if seat else arg.name if isinstance(arg, ast.Name) else None
    spec = rs.zones.get(name)
    if spec is None or name in bound or (seat and not spec.nested):
        return None
    return name if spec.kind in ("player", "seat_copies", "team", "team_copies") or (spec.kind == "copies" and isinstance(spec.copies, int)) else None


def _family_count_finding(loc, family: str, spec, written: str) -> Diagnostic:
    """L025's finding for `count(family)` (``written``: `count(line[p])` of N zones a seat): what it counts, and what
    was likely meant."""
    if spec.kind == "seat_copies" and written == family:
        return Diagnostic(loc, "L025", f"`count({family})` counts the seats of '{family}' (a list of each seat's "
                          f"{spec.copies} zones), not the components in them: it is the number of seats, whatever they hold",
                          f"write count({family}[p][r]) for what one zone holds, or player_count for the number of seats")
    if spec.teamed:  # (`each: team`: one zone a team, or a list of each team's N zones)
        what = ("a list of each team's zones" if written == family else f"{spec.copies} a team") if spec.nested else "one per team"
        return Diagnostic(loc, "L025", f"`count({written})` counts the zones of '{family}' ({what}), not the components "
                          "in them: it is the same number whatever they hold",
                          f"write count({family}[team_index(p)]{'[r]' if spec.nested else ''}) for what one holds, or "
                          "count(teams) for the number of teams")
    if spec.kind == "seat_copies":
        seat = written.partition("[")[2].rpartition("]")[0]
        return Diagnostic(loc, "L025", f"`count({written})` counts zones of '{family}', {spec.copies} a seat, not the components "
                          f"in them: it is the same number whatever they hold",
                          f"write count({family}[{seat}][r]) for what one holds, sum(count(z) for z in {family}[{seat}]) for "
                          f"what the seat's hold, or {spec.copies} for the number of its zones")
    if spec.kind == "player":
        return Diagnostic(loc, "L025", f"`count({family})` counts the zones of '{family}', one per seat, not the components in one: "
                          "it is the number of seats, whatever they hold",
                          f"write count({family}[p]) for one seat's, or player_count for the number of seats")
    return Diagnostic(loc, "L025", f"`count({family})` counts the copies of the zone '{family}', not the components in them: "
                      "it is the same number whatever they hold",
                      f"write count({family}[i]) for what one holds, sum(count(z) for z in {family}) for what they all hold, "
                      f"or {spec.copies} for the number of copies")


SETS_AHEAD = {"move", "shuffle", "deal", "roll", "set_aside", "set", "let", "score", "reveal", "place", "say", "tell"}  # no decision, no loop, no block


def _set_before_read(facts, name: str):
    """(the statement, its value) of a `set` of all of ``name`` at the flow's start, before any statement reads it or
    any decision is taken (a view would show it); None where there is none, or a condition or a loop comes first."""
    for stmt in facts.ruleset.flow:
        if stmt.kind not in SETS_AHEAD or stmt.when is not None:
            return None
        if stmt.kind == "set":
            for target, index, value, _ in stmt.args.get("targets", ()):
                if name in _names_read(facts, [e for e in (index, value) if isinstance(e, Expr)]):
                    return None
                if target == name:
                    return (stmt, value) if index is None else None
            continue
        if name in _names_read(facts, _exprs_in(stmt.args)):
            return None
    return None


def _names_read(facts, exprs) -> set:
    """The names the expressions read, directly or through the definitions they use."""
    names = set().union(*(_names_used(facts.tree(e)) for e in exprs))
    return names.union(*(_names_used(facts.defines[d][1]) for d in _definitions_read(facts, exprs)))


# -- L032: a component's copies compares a fixed range with a definition that reaches beyond it ----------------------

class _NotKnown(Exception):
    """A value L032 cannot tell before the game (it reads an attribute, a zone, a list...): no finding."""


# the comparisons that ask for a run of values (`x < cols`: 0 up to cols - 1), each to its own written the other way round;
# not `==`: one value past the range is a common way to say "none" (`wild: 0` where ranks are 1..13)
_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
_ARITHMETIC = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
               "//": lambda a, b: a // b, "%": lambda a, b: a % b}
_ORDER = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
          ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def l032_copies_beyond_attribute_range(facts) -> list:
    """L032: a component's `copies` compares an attribute of whole numbers with a definition (`x < cols`) whose value,
    for some allowed player count, lies beyond the values declared (`x: 0..9`, `cols: 20` in an overlay): the
    components the definition asks for past the range are never made, and the game is silently smaller."""
    rs = facts.ruleset
    out = []
    for ctype in rs.components:
        if not isinstance(ctype.copies, Expr) or ctype.items is not None:
            continue  # (a `list`'s items are written one by one: no range to widen)
        numbers = {name: values for name, values in ctype.attributes
                   if values and all(type(v) is int for v in values)}
        tree = facts.tree(ctype.copies)
        if not numbers or tree is None:
            continue
        source = _source(ctype.copies)
        for at, attribute, op, bound, through in _attribute_comparisons(facts, tree, {n: n for n in numbers}, set()):
            found = _reach_beyond(facts, attribute, op, bound, numbers[attribute], rs.player_counts)
            if found is not None:
                out.append(_beyond_finding(facts, source.at(at.pos), ctype, attribute, numbers[attribute], found, through))
    return out


def _attribute_comparisons(facts, tree, attrs: dict, busy: set, through: str = "", call=None, params=()):
    """(node to point at, attribute, op, bound node, definition passed through) for each comparison of an attribute
    (a bare name in ``attrs``, mapping a name to the attribute it holds) with an expression that reads no attribute
    (`x < cols`, `cols > x`, `x in range(cols)`), in ``tree`` and in the definitions it calls with an attribute."""
    rebound = {clause.var for clause in ast.walk(tree) if isinstance(clause, ast.Clause)}
    names = {name: attribute for name, attribute in attrs.items() if name not in rebound}
    local = rebound | set(params)  # a bound that reads one of these is no definition's value (`on(a, lim): a < lim`)
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side, other, op in ((node.left, node.right, node.op), (node.right, node.left, _FLIPPED.get(node.op))):
                if isinstance(side, ast.Name) and side.name in names and op in _FLIPPED and not (_names_used(other) & (set(names) | local)):
                    yield call or side, names[side.name], op, other, through
            if (node.op == "in" and isinstance(node.left, ast.Name) and node.left.name in names
                    and isinstance(node.right, ast.Call) and node.right.func == "range" and len(node.right.args) in (1, 2)
                    and not (_names_used(node.right) & (set(names) | local))):
                yield call or node.left, names[node.left.name], "<", node.right.args[-1], through
                if len(node.right.args) == 2:
                    yield call or node.left, names[node.left.name], ">=", node.right.args[0], through
        elif isinstance(node, ast.Call) and node.func in facts.defines and node.func not in busy:
            heads, body, _ = facts.defines[node.func]
            passed = {param: names[arg.name] for param, arg in zip(heads or (), node.args)
                      if isinstance(arg, ast.Name) and arg.name in names}
            if passed and body is not None:
                yield from _attribute_comparisons(facts, body, passed, busy | {node.func}, through or node.func, call or node, heads or ())


def _reach_beyond(facts, attribute: str, op: str, bound, values, player_counts):
    """(the value the comparison asks for past the declared ones, the player counts it does so at, the definitions the
    bound reads) where the bound reads a definition and, for some allowed player count, lies beyond ``values``; else None."""
    read = sorted(name for name in _names_used(bound) if name in facts.defines)
    if not read:
        return None  # a number written out is the author's own choice; a definition is what an overlay changes
    low, high = min(values), max(values)
    reached, counts = None, []
    for n in player_counts:
        try:
            b = _before_the_game(facts, bound, n, set(), facts.define_values)
        except (_NotKnown, RecursionError, ZeroDivisionError, TypeError):
            return None
        if type(b) is not int:
            return None
        wanted = {"<": b - 1, "<=": b, ">": b + 1, ">=": b}[op]
        beyond = wanted > high if op in ("<", "<=") else wanted < low
        if beyond:
            counts.append(n)
            if reached is None or abs(wanted - (high if wanted > high else low)) > abs(reached - (high if reached > high else low)):
                reached = wanted
    return (reached, counts, read) if counts else None


def _before_the_game(facts, node, n: int, busy: set, memo: dict):
    """The value of ``node`` with ``n`` players, reading only numbers, player_count and definitions without
    parameters (their bodies, as an overlay left them; each once a player count, in ``memo``); _NotKnown for anything
    else, and for a number too large to be a board's side (definitions that square each other in turn would fill the memory)."""
    value = _evaluated(facts, node, n, busy, memo)
    if type(value) is int and abs(value) > LARGEST_BOUND:
        raise _NotKnown("a number too large")
    return value


LARGEST_BOUND = 10**9


def _evaluated(facts, node, n: int, busy: set, memo: dict):
    """_before_the_game's value of ``node``, by the kind of node."""
    if isinstance(node, ast.Const) and isinstance(node.value, (int, bool)):
        return node.value
    if isinstance(node, ast.Name):
        if node.name == "player_count":
            return n
        params, body, _ = facts.defines.get(node.name, (None, None, None))
        if body is None or params or node.name in busy:
            raise _NotKnown(node.name)
        if (node.name, n) not in memo:
            try:
                memo[node.name, n] = _before_the_game(facts, body, n, busy | {node.name}, memo)
            except (_NotKnown, ZeroDivisionError, TypeError) as exc:
                memo[node.name, n] = exc
        if isinstance(memo[node.name, n], Exception):
            raise _NotKnown(node.name)
        return memo[node.name, n]
    if isinstance(node, ast.BinOp) and node.op in _ARITHMETIC:
        return _ARITHMETIC[node.op](_whole(facts, node.left, n, busy, memo), _whole(facts, node.right, n, busy, memo))
    if isinstance(node, ast.Unary):
        value = _before_the_game(facts, node.operand, n, busy, memo)
        return (not value) if node.op == "not" else -_whole(facts, node.operand, n, busy, memo)
    if isinstance(node, ast.Compare) and node.op in _ORDER:
        return _ORDER[node.op](_before_the_game(facts, node.left, n, busy, memo), _before_the_game(facts, node.right, n, busy, memo))
    if isinstance(node, ast.BoolOp):
        left = _before_the_game(facts, node.left, n, busy, memo)
        return (left and _before_the_game(facts, node.right, n, busy, memo)) if node.op == "and" else (left or _before_the_game(facts, node.right, n, busy, memo))
    if isinstance(node, ast.Conditional):
        chosen = node.then if _before_the_game(facts, node.condition, n, busy, memo) else node.otherwise
        return _before_the_game(facts, chosen, n, busy, memo)
    if isinstance(node, ast.Call) and node.func in ("min", "max", "abs") and node.args and node.func not in facts.defines:
        args = [_whole(facts, arg, n, busy, memo) for arg in node.args]
        return abs(args[0]) if node.func == "abs" else (min if node.func == "min" else max)(args)
    raise _NotKnown(type(node).__name__)


def _whole(facts, node, n: int, busy: set, memo: dict) -> int:
    """``node``'s value before the game, which must be a whole number (not true or false) for L032 to go on."""
    value = _before_the_game(facts, node, n, busy, memo)
    if type(value) is not int:
        raise _NotKnown(repr(value))
    return value


def _beyond_finding(facts, loc, ctype, attribute: str, values, found, through: str) -> Diagnostic:
    """L032's finding: what the definition asks for, what the range stops at, and how to widen it."""
    reached, counts, read = found
    low, high = min(values), max(values)
    missing = f"{high + 1}..{reached}" if reached > high else f"{reached}..{low - 1}"
    if missing.split("..")[0] == missing.split("..")[1]:
        missing = missing.split("..")[0]
    declared = f"{low}..{high}" if len(values) == high - low + 1 else ", ".join(map(str, sorted(values)))
    names = " and ".join(f"'{name}'" for name in read)
    via = f" (through '{through}')" if through else ""
    rs = facts.ruleset
    players = "" if tuple(counts) == rs.player_counts else f" with {_counts_said(counts)} players"
    widened = f"{min(low, reached)}..{max(high, reached)}"
    elsewhere = "".join(f"; '{name}' is written at {where}" for name, where in
                        ((name, facts.defines[name][2]) for name in sorted(_definitions_closure(facts, set(read)))) if where.path != loc.path)
    asks = "up to" if reached > high else "down to"
    return Diagnostic(loc, "L032", f"copies of '{ctype.name}' compares {attribute}{via} with {names}, which asks for {attribute} "
                      f"{asks} {reached}{players}, but {attribute} is declared {declared}: the components with {attribute} {missing} "
                      f"are never made", f"declare {attribute}: {widened}; attribute values are data, not expressions, so cover "
                      f"every value {names} may take and let copies keep those the game uses{elsewhere}")


def _counts_said(counts: list) -> str:
    """Player counts in words: `4`, `4 to 6`, or `2, 4 and 6`."""
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" and {counts[-1]}"


def l035_blocks_never_run(facts) -> list:
    """L035: a block that neither the flow nor an action runs, directly or through another block: its statements are
    never checked against a call, and never played."""
    from .blocks import blocks_run

    source = facts.ruleset.source if isinstance(facts.ruleset.source, dict) else {}
    section = source.get("blocks") if isinstance(source.get("blocks"), dict) else {}
    run = blocks_run(source)
    out = []
    for head in section:
        name = str(head).partition("(")[0].strip()
        if name not in run:
            out.append(Diagnostic(section.key_loc(head), "L035", f"block '{name}' is never run",
                                  f"run it where its statements belong (- run: {head}), or remove it"))
    return out


def l036_count_of_true_or_false(facts) -> list:
    """L036: `count(c.v > 2 for c in deck)`, a count of items each true or false with no `if`: it counts every item,
    true or false, so it is the number of items, never how many hold (`count(c for c in deck if c.v > 2)` was meant).
    A scenario's check is left alone: it fails loudly if wrong."""
    rs = facts.ruleset
    rules = _exprs_in([rs.components, list(rs.actions.values()), rs.flow, rs.winners, rs.heuristic, list(rs.zones.values())])
    trees = [(_source(expr), facts.tree(expr)) for expr in rules]
    trees += [(facts.define_source(name), tree) for name, (_, tree, _) in facts.defines.items()]
    out = []
    for source, tree in trees:
        for node in ast.walk(tree) if tree is not None else ():
            if _counts_true_or_false(facts, node):
                told = ast.text(true_ones_counted(node.args[0]))
                out.append(Diagnostic(source.at(node.pos), "L036", f"`{ast.text(node)}` counts every item, true or false alike: "
                                      "it is the number of items, not how many hold", f"count the ones that hold with an if: {told}"))
    return out


def _counts_true_or_false(facts, node) -> bool:
    """Whether ``node`` is count() of a comprehension with no `if` whose item is always true or false."""
    if not (isinstance(node, ast.Call) and node.func == "count" and len(node.args) == 1):
        return False
    arg = node.args[0]
    if not isinstance(arg, ast.Comprehension) or any(clause.conditions for clause in arg.clauses):
        return False
    return _true_or_false(facts, arg.element, {clause.var for clause in arg.clauses})


def _true_or_false(facts, node, seen: set) -> bool:
    """Whether ``node`` always gives true or false: a comparison, a type test, `not`, `and`/`or` of those, any() or
    all(), or a call of a definition whose body is one (``seen``: the definitions followed, against recursion, and the
    comprehension's own names, which are no definition)."""
    if isinstance(node, (ast.Compare, ast.IsType)) or (isinstance(node, ast.Unary) and node.op == "not"):
        return True
    if isinstance(node, ast.Const):
        return isinstance(node.value, bool)
    if isinstance(node, ast.BoolOp):  # (`x or 0` gives a number: both sides must be true or false)
        return _true_or_false(facts, node.left, seen) and _true_or_false(facts, node.right, seen)
    if isinstance(node, ast.Conditional):
        return _true_or_false(facts, node.then, seen) and _true_or_false(facts, node.otherwise, seen)
    if isinstance(node, ast.Call) and node.func in ("any", "all"):
        return True
    variable = node.target if isinstance(node, ast.Index) else node  # (`out[p]`: seat p's entry)
    if isinstance(variable, ast.Name) and variable.name in facts.ruleset.variables and variable.name not in seen:
        return _true_or_false_variable(facts, variable.name, whole=variable is node)
    if isinstance(node, (ast.Call, ast.Name)):
        name = node.func if isinstance(node, ast.Call) else node.name
        params, body, _ = facts.defines.get(name, ((), None, None))
        given = len(node.args) if isinstance(node, ast.Call) else 0
        if body is None or name in seen or given != len(params):
            return False
        return _true_or_false(facts, body, seen | {name} | set(params))  # (a parameter named like a definition is no call)
    return False


def _true_or_false_variable(facts, name: str, whole: bool) -> bool:
    """Whether variable ``name`` read whole (``whole``) or by seat (a per-seat one indexed) always holds true or false:
    it starts so, and every `set` of it, of the same part, writes a value that is (a variable's type is not kept)."""
    spec = facts.ruleset.variables[name]
    if not isinstance(spec.initial, bool) or whole == spec.per_player:
        return False
    sets = [(index, value) for stmt, _, _ in facts.placed if stmt.kind == "set"
            for target, index, value, _ in stmt.args.get("targets", ()) if target == name]
    return all((index is None) == whole and (tree := facts.tree(value)) is not None and _true_or_false(facts, tree, {name})
               for index, value in sets)


def l041_true_or_false_read_as_the_heuristic(facts) -> list:
    """L041: no `heuristic`, and the first `winners` key is true or false (`not poorest(p)`, an elimination rule), or a
    number of two values (_two_valued_key: the same rule written `0 if out[p] else 1`, a trial's): greedy reads that key
    alone as how well a seat stands mid-game (language.md, heuristic), 1 or 0, so it plays only to keep it true (for
    lowest: false; a number at its better value), blind to the keys after it, which decide most games (a trial)."""
    rs = facts.ruleset
    winners = rs.winners
    if rs.heuristic is not None or winners.order == "expression" or not winners.keys:
        return []
    first, *rest = winners.keys
    truth = _true_or_false_key(facts, first)
    values = None if truth else _two_valued_key(facts, first)
    if not truth and values is None:
        return []
    if truth:
        kind, wanted = "is true or false", "true" if winners.order == "highest" else "false"
    else:  # (a number of two values, `0 if out[p] else 1`: greedy reads it as it reads true or false)
        low, high = sorted(values)
        kind, wanted = f"is only ever {_value_text(low)} or {_value_text(high)}", \
            f"at {_value_text(high if winners.order == 'highest' else low)}"
    nxt = next((key for key in rest if not _true_or_false_key(facts, key) and _two_valued_key(facts, key) is None), None)
    if nxt is None:
        example = "heuristic: score[p]"
    else:
        text = nxt.text.strip()
        example = f'heuristic: "{text if winners.order == "highest" else "-" + (text if _one_term(facts.tree(nxt)) else f"({text})")}"'
    source = _source(first)  # (at the key's first word, inside its quotes)
    at = source.at(len(source.text) - len(source.text.lstrip())) if isinstance(source.text, str) else first.loc
    return [Diagnostic(at, "L041", f"the first winners key, `{first.text.strip()}`, {kind}, and no heuristic "
                       f"is declared: greedy reads that key alone as how well a seat stands, so it plays only to "
                       f"keep it {wanted}, blind to the keys after it (random reads no heuristic; ismcts plays each game out "
                       f"to its winners)", "declare a heuristic, how well seat p stands mid-game as a number (higher is "
                       f"better), {'such as the next winners key' if nxt is not None else 'its score, say'}: {example}")]


def weighed_by_no_action(ruleset):
    """The text of what greedy weighs a seat by (the first `winners` key, language.md, heuristic) where the ruleset
    declares no `heuristic` and no action's `do` (the blocks it runs, the definitions it calls) may change what that key
    reads: it scores no point, sets no variable the key reads, moves no component of a zone it reads. Greedy then sees
    the key move only where the flow moves it before the next decision (a trial scored at the game's end:
    greedy played blind and lost to random seats). None otherwise, where the flow changes what the key reads after each
    decision before the next (_each_decision_sees: a trial set the score in its turn, right after the decide), and
    where it cannot be told (not a lint: a ruleset need not be written for greedy; `philtre simulate` notes it where a
    seat plays greedy)."""
    if ruleset.heuristic is not None or not ruleset.winners.keys:
        return None
    facts, key = Facts(ruleset), ruleset.winners.keys[0]
    tree = facts.tree(key)
    zones = facts.reads(key, {"p": frozenset()})
    if tree is None or WILD in zones:
        return None
    names = {node.name for body in _with_definitions(facts, tree) for node in ast.walk(body) if isinstance(node, ast.Name)}
    reads = (getattr(key, "fn", None) is None or reads_scores(key.fn), names, zones)
    envs: dict = {}  # id of a flow statement -> the local names it is placed with (a block run from two places: both)
    for stmt, env, action in facts.placed:
        if action is not None and _changes_what_it_reads(facts, stmt, env, reads) is not False:
            return None
        if action is None:
            envs.setdefault(id(stmt), []).append(env)
    changes = lambda stmt: any(_changes_what_it_reads(facts, stmt, env, reads) for env in envs.get(id(stmt), ({},)))  # noqa: E731
    blocks = [ruleset.flow, *(action.then.args["body"] for action in ruleset.actions.values() if action.then is not None)]
    return None if _each_decision_sees(blocks, changes) else key.text.strip()


def _changes_what_it_reads(facts, stmt, env, reads) -> bool | None:
    """Whether statement ``stmt`` (itself, not the statements it holds) changes what a key reads (``reads``: whether it
    reads the scores, the names it reads, the zones it reads): it scores, sets one of those names or moves components of
    one of those zones. None where it cannot be told (a roll, a kind not known here, a target or zone not written out)."""
    if stmt.kind in STILL - {"set", "score", "shuffle", "roll"}:
        return False
    if stmt.kind not in MOVES and stmt.kind not in ("set", "score", "shuffle"):
        return None  # (a roll, or a kind not known here, may change anything the key reads)
    scores, names, zones = reads
    changed = {target[0] for target in stmt.args.get("targets", ())} if stmt.kind == "set" else set()
    if not all(isinstance(name, str) for name in changed):
        return None  # (a target whose name is not written out may be any variable: Facts.variables_changed)
    values = _exprs_in(list(stmt.args.values())) if stmt.kind != "set" else ()
    moved = frozenset().union(*(facts.refs(value, env) for value in values))  # (the zones it moves or shuffles)
    if (stmt.kind == "score" and scores) or changed & names or moved & zones:
        return True
    return None if WILD in moved else False


def _each_decision_sees(blocks, changes) -> bool:
    """Whether each decision statement of ``blocks`` is followed in its own block, before any other decision, by a
    statement that ``changes`` (or one holding such, a block run or a loop): greedy's look-ahead, which runs the flow
    to the next decision, sees the key move (a turn of `decide`, then a block run that sets the scores)."""
    for block in blocks:
        for i, stmt in enumerate(block):
            if stmt.kind in DECISION_KINDS and _first_met(block[i + 1:], changes) != "change":
                return False
            if not _each_decision_sees(_blocks(stmt), changes):
                return False
    return True


def _first_met(block, changes):
    """"decision" or "change", whichever of the two a walk of ``block`` in order (the blocks a statement holds
    included) meets first; None where it meets neither."""
    for stmt in block:
        if stmt.kind in DECISION_KINDS:
            return "decision"
        if changes(stmt):
            return "change"
        for inner in _blocks(stmt):
            met = _first_met(inner, changes)
            if met is not None:
                return met
    return None


def _true_or_false_key(facts, key) -> bool:
    """Whether a `winners` key always gives true or false: typed so, or written so (_true_or_false)."""
    tree = facts.tree(key)
    return key.type == "bool" or (tree is not None and _true_or_false(facts, tree, set()))


def _two_valued_key(facts, key):
    """The two values a `winners` key that is a number always gives one of (_two_values: `0 if out[p] else 1`), else
    None (a key of more values, or of one, or true or false, which _true_or_false_key tells)."""
    tree = facts.tree(key)
    values = _two_values(facts, tree, set()) if tree is not None and key.type != "bool" else None
    return values if values is not None and len(values) == 2 and not _true_or_false(facts, tree, set()) else None


def _two_values(facts, node, seen: set):
    """The values ``node`` may give where they are at most two constants, else None: a number written out; true or false
    (_true_or_false, read as 1 or 0); a conditional whose branches give such (`0 if out[p] else 1`); `-` of one, or two
    combined by `+`, `-` or `*` (`1 - (1 if out[p] else 0)`); a call of a definition whose body is one (``seen``: as
    _true_or_false follows them)."""
    if _true_or_false(facts, node, seen):
        return frozenset({0, 1})
    if isinstance(node, ast.Const):
        return frozenset({node.value}) if type(node.value) in (int, float) else None
    values = None
    if isinstance(node, ast.Conditional):
        then, otherwise = _two_values(facts, node.then, seen), _two_values(facts, node.otherwise, seen)
        values = then | otherwise if then is not None and otherwise is not None else None
    elif isinstance(node, ast.Unary) and node.op == "-":
        inner = _two_values(facts, node.operand, seen)
        values = frozenset(-v for v in inner) if inner is not None else None
    elif isinstance(node, ast.BinOp) and node.op in _COMBINED:
        left, right = _two_values(facts, node.left, seen), _two_values(facts, node.right, seen)
        values = frozenset(_COMBINED[node.op](a, b) for a in left for b in right) if left and right else None
    elif isinstance(node, (ast.Call, ast.Name)):
        name = node.func if isinstance(node, ast.Call) else node.name
        params, body, _ = facts.defines.get(name, ((), None, None))
        given = len(node.args) if isinstance(node, ast.Call) else 0
        if body is not None and name not in seen and given == len(params):
            values = _two_values(facts, body, seen | {name} | set(params))
    return values if values is not None and len(values) <= 2 else None


_COMBINED = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}


def _value_text(value) -> str:
    """A number as a ruleset writes it (`1`, `0.5`)."""
    return str(int(value)) if float(value).is_integer() else str(value)


def _one_term(tree) -> bool:
    """Whether ``tree`` reads as one term after a leading `-` (a name, an index, an attribute, a call, a number)."""
    return isinstance(tree, (ast.Name, ast.Index, ast.Attr, ast.Call, ast.Const))


LINTS = {
    "L001": l001_unused_definitions,
    "L002": l002_actions_never_offered,
    "L003": l003_never_runs,
    "L004": l004_never_ends,
    "L005": l005_deals_too_many,
    "L006": l006_hidden_scoring,
    "L007": l007_ignored_by_scoring,
    "L008": l008_hidden_choices,
    "L009": l009_always_fails,
    "L010": l010_value_nothing_has,
    "L011": l011_moves_on_in_later_passes,
    "L012": l012_names_given_twice,
    "L013": l013_public_variable_holds_hidden,
    "L014": l014_choices_that_change_nothing,
    "L015": l015_empty_blocks,
    "L016": l016_attribute_nothing_reads,
    "L017": l017_rounds_never_played,
    "L018": l018_the_word_none_as_data,
    "L019": l019_counts_compared_below_zero,
    "L020": l020_range_written_with_a_dash,
    "L021": l021_hidden_conditions,
    "L022": l022_initial_value_overwritten,
    "L023": l023_type_key_among_attributes,
    "L024": l024_public_roll_in_hidden_variable,
    "L025": l025_count_of_a_zone_family,
    "L026": l026_choice_hides_a_name,
    "L027": l027_hidden_guard_of_a_decision,
    "L028": l028_name_meant_as_a_word,
    "L029": l029_initial_value_written_as_an_expression,
    "L030": l030_public_score_of_hidden,
    "L031": l031_variable_set_from_unseen,
    "L032": l032_copies_beyond_attribute_range,
    "L033": l033_public_choice_in_hidden_variable,
    "L034": l034_after_the_end,
    "L035": l035_blocks_never_run,
    "L036": l036_count_of_true_or_false,
    "L037": l037_order_of_numbers_and_words,
    "L038": l038_fallback_never_offered,
    "L039": l039_set_reads_an_earlier_key,
    "L040": l040_shuffled_in_sight_then_hidden,
    "L041": l041_true_or_false_read_as_the_heuristic,
    "L042": l042_order_of_words_not_as_declared,
    "L043": l043_public_bag_into_hidden,
    "L044": l044_put_back_on_top_of_a_bag,
    "L045": l045_reveal_of_a_public_variable,
    "L046": l046_comprehension_hides_a_loop_name,
    "L047": l047_definition_hides_a_builtin,
    "L048": l048_next_may_find_no_seat,
    "L049": l049_index_past_a_list_written_out,
    "L050": l050_count_moved_tells_a_hidden_zone,
    "L051": l051_word_given_that_no_rule_knows,
    "L052": l052_every_turn_listed,
    "L053": l053_block_parameter_never_read,
    "L054": l054_told_statement_under_a_hidden_condition,
    "L055": l055_team_family_read_by_a_seat,
    "L057": l057_value_a_variant_removed,
    "L058": l058_values_labelled_alike,
    "L059": l059_shuffle_that_hides_nothing,
}


# the lints of a game that shows a seat what it may not see (its options, a public roll, score or variable, the order
# of a shuffle it saw): `philtre play` says them
HIDDEN_INFORMATION = ("L008", "L021", "L024", "L027", "L030", "L031", "L033", "L040", "L043", "L044", "L050", "L054", "L059")


def lint(ruleset, codes=None, scenarios_apart: bool = False) -> list:
    """Every lint finding for a compiled ruleset (or those of the lints ``codes`` names), in file order
    (``scenarios_apart``: loaded without the scenarios.yaml beside it, whose expressions are then read as text)."""
    facts = Facts(ruleset, scenarios_apart)
    found = []
    for code, check in LINTS.items():
        if codes is not None and code not in codes:
            continue
        try:
            found += check(facts)
        except RecursionError:  # a pathological nesting of definitions: no finding rather than a crash
            continue
    unique = {(str(d.loc), d.code, d.message): _silenced_on_its_line(d) for d in found}
    in_blocks = _block_lines(ruleset) if unique else {}
    return sorted((_naming_the_runs(d, in_blocks) for d in unique.values()),
                  key=lambda d: (d.loc.path, d.loc.line, d.loc.col, d.code))


def runs_named(ruleset, found: list) -> list:
    """``found`` (findings at statements of the ruleset: the smoke games' coverage notes too), each in a block with the
    `run`s of that block named in its hint, as a lint's finding is (_naming_the_runs)."""
    in_blocks = _block_lines(ruleset) if found else {}
    return [_naming_the_runs(d, in_blocks) for d in found]


def _naming_the_runs(d: Diagnostic, in_blocks: dict) -> Diagnostic:
    """``d`` with the `run`s of the block it is in named in its hint, as the compiler names them (blocks.runs_said): the
    lints look at the block once run, and a finding at the block's line must say which call showed it."""
    chains = in_blocks.get((d.loc.path, d.loc.line))
    if not chains or ", run at " in d.hint:
        return d
    # (in file order: an action's then: is walked after the flow, and its run said last though written first)
    chains = sorted(chains, key=lambda chain: [(call.path, call.line, call.col) for _, call in chain])
    return Diagnostic(d.loc, d.code, d.message, with_run_said(d.hint, runs_said(chains)))


def _block_lines(ruleset) -> dict:
    """(path, line) of each statement and expression of a block -> the chains of `run`s that ran it, each a tuple of
    (block, call) innermost first. A line of a block holds nothing but that block's statements."""
    out: dict = {}

    def walk(block, chain):
        """Each statement of ``block``, run by ``chain``: its lines kept, the blocks it runs walked with their call."""
        for stmt in block:
            if chain:
                own = [value for value in stmt.args.values() if not _is_block(value)]
                for loc in [stmt.loc] + [expr.loc for expr in _exprs_in([own, stmt.when])]:
                    out.setdefault((loc.path, loc.line), []).append(chain)
            if stmt.kind == "do" and stmt.args.get("block"):
                inner = ((stmt.args["block"], stmt.loc),) + chain
                # (the `let` binding the parameters is written at the call, after `run:`: its line is the caller's, and a
                # finding there is in the block holding the `run`, not in the block it runs)
                walk([s for s in stmt.args["body"] if s.args.get("arguments_of") != stmt.args["block"]], inner)
            else:
                for block_ in _blocks(stmt):
                    walk(block_, chain)
            walk(stmt.otherwise or (), chain)

    walk(ruleset.flow, ())
    for action in ruleset.actions.values():
        walk(action.body, ())
        walk([action.then] if action.then is not None else [], ())  # (its then:, the flow's statements it runs)
    return out


SILENCE_HERE = "on this line: # philtre: ignore["


def _silenced_on_its_line(d: Diagnostic) -> Diagnostic:
    """``d`` with its hint's "silence it on this line" naming the line: authors put the comment on the first line of the
    statement, where the finding is at one of its keys below."""
    if SILENCE_HERE not in d.hint or not d.loc.line:
        return d
    return Diagnostic(d.loc, d.code, d.message, d.hint.replace(SILENCE_HERE, f"on line {d.loc.line}: # philtre: ignore["))


# -- a state before the flow starts -------------------------------------------------------

class _Flow:
    finished = False
    winners: list = []


class _ComponentsOnly(_NoState):
    """A state before the game whose components alone may be read (their attributes never change): what a choice
    among them and an action's label read at validate (L058)."""

    def __init__(self, rs, n):
        self._components, self.read_components = rs.layout(n).components, False

    @property
    def components(self):
        self.read_components = True
        return list(self._components)


class _StartState:
    """The position before the flow's first statement, for what lints evaluate (deal sizes)."""

    consts = None  # no value of a definition kept yet (builtins.keep_once)

    def __init__(self, rs, n):
        layout = rs.layout(n)
        comps = layout.components
        self.zones = {name: [Zone(spec.key(i), [comps[c] for c in layout.start[name][i]]) for i in range(spec.size(n))]
                      for name, spec in rs.zones.items()}
        self.vars = {name: ([v.initial] * n if v.per_player else v.initial) for name, v in rs.variables.items()}
        self.vars.update((name, [v.initial] * len(sides(v.teams, n)[1])) for name, v in rs.variables.items() if v.per_team)
        self.scores, self.round, self.turn, self.round_scores = [0] * n, 0, 0, []
        self.dice = {name: None for name in rs.dice}
        self.players, self.nplayers, self.components = list(range(n)), n, list(comps)
        self.where = [None] * len(comps)
        for family in self.zones.values():
            for zone in family:
                for comp in zone:
                    self.where[comp["id"]] = zone.key
        self.memo, self.revealed, self.flow = None, set(), _Flow()

    def __getattr__(self, name):
        raise _ReadsState(name)  # something only a running game has
