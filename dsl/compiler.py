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

import math
import re
from itertools import compress
import ast as python_ast  # (Python's own; `ast` below is the DSL's)
from ast import literal_eval as _literal_eval
from functools import cached_property
from collections.abc import Hashable

from . import ast
from .builtins import (
    BUILTINS, FRACTION_HINT, FRACTION_SAID, GRID_RECORDS, HEAVY, MAX_ITEMS, MAX_RANGE, RANGE_STEP_ZERO, RUN_STEP_ZERO, MAX_WHOLE, WORK, WORK_LIMIT, WORK_PER_STEP, OutOfWork, RuleRuntimeError, bank,
    beyond_the_limit,
    TEAM_BUILTINS, b_index_of, b_placements_every_turn, fraction_hint, b_placements_on_boards, b_placements_unturned,
    b_placements_unturned_every_turn, b_placements_hex, b_placements_hex_every_turn, b_touching_hex, b_regions_hex, b_run_length_of_type, b_subsets_of, charge_written, empty_extreme_said, item_at as _ix, keep_once, out_of_work,
)
from .errors import Diagnostic, Loc, PhiltreError, did_you_mean, few_listed
from .parser import SourceText, doubled_operator, doubled_operator_said, parse
from .plain_data import Frozen, Record, made_by
from .values import ATTRIBUTE_OF_NONE, INDEX_OF_NONE, NESTING, NONE_GUESS, PYTHON_TYPE_WORDS, Component, Zone, alike_once, describe, distinct_apart, holds_nested, where_apart, written_items

ANY = "any"
SCALARS = ("int", "num", "player", "str", "bool")  # the types of values that are neither lists, zones, maps nor components
NUMERIC = {"int", "num", "player", ANY}
WHOLE = {"int", "player"}  # arithmetic on these is inline: their size is bounded by the ruleset
ARG_KINDS = {"whole": ("a whole number", WHOLE), "number": ("a number", NUMERIC), "zone": ("a zone", {"zone"}),
             "comp": ("a component", {"comp"}),
             "plain": ("a number, a word, true, false or none", NUMERIC | {"str", "bool", "none"})}  # a builtin's argument kinds (Builtin.arg_kinds): words, types that fit

# Bounds that keep every evaluation small (see "What is not possible" in docs/language.md)
MAX_AST_DEPTH = 50  # generated code nests about 3 brackets a level; Python stops at 200
MAX_EXPANSION = 1_000_000  # steps of an expression with its definitions written out (its nodes, loops counted per item)
# E133's hint: what multiplies, and what to do
_MULTIPLY = ("definitions that use others several times, or inside loops, multiply along that chain: compute a part "
             "once (a variable set by a statement, or a parameter given the part computed by the caller)")
MAX_DEFINE_DEPTH = 40  # definitions using definitions: how deep a chain may go
COMPILE_BATCH = 200  # generated functions compiled at a time


DEFINED_AT = "_defined_at"  # the namespace's map of definitions' functions (no generated name starts so: d_, _d_, e, n)
WRITTEN_IN_MOST = 4000  # the longest evaluation's text (characters) a runner writes into its loop (Compiler.build's sources)
INLINED_AT = "_inlined_at"  # generated function -> its line (from its `def`) -> the definition written out on that line
SEAT_INDEXES = "_seat_indexes"  # (name, where, index) of each read of a family or variable kept a team at a seat, for L055
MAP_READS = "_map_reads"  # where (str of a Loc) `m.key` reads a map of known keys -> (key, its values or None), for the lints
BARE = "_bare"  # generated lister's name -> (its body, its parameters' names, whether it never groups): a bare twin may be made of it
BARE_MADE = "_bare_made"  # generated lister's name -> its bare twin (None: it has none), once made (bare_listers)
SEATS_MADE = "_seats_made"  # (generated lister's name, with a memo) -> its seats' twin (None: it has none), once made (seats_listers)
# ends each line of a definition's body written where it is called; a name, and last on its line: a word
# holding the same text (a rule's '  # written out: x') ends in its closing quote, never in a name
INLINE_TAG = re.compile(r"  # written out: ([A-Za-z_][A-Za-z0-9_]*)$")
GENERATED = "<philtre ruleset>"  # the file name of generated code


# E130's hint: the two ways a bounded repetition is written without recursion
RECURSION_HINT = ("unroll it: a definition doing one step, called nested as deep as the largest case needs "
                  "(step(step(step(x))): each argument is evaluated once), or a flow loop carrying the value in a variable; "
                  "a route network's reach and longest trail are reachable(edges, start) and longest_trail(edges), "
                  "the pieces whose removal splits their group (is this piece a cut node?) are cut_nodes(edges), one search "
                  "for every piece, not reachable() over the links without each, "
                  "a split of items into groups (sets and runs) is partitions(items, groups); a move legal only if the "
                  "rest of the turn can still be played looks ahead over the position kept as values, a definition a "
                  "depth (language.md, Legality that looks ahead)")


def failing_definition(exc, namespace) -> str:
    """Where in the definitions a rule failed: the innermost definition running when ``exc`` was raised, else ''; for
    too much work (OutOfWork), the definitions running, outermost first, each called by the one before it.

    The rule that failed is where the error is reported; a definition it called (perhaps
    in an overlay's file) is where the author has to look. Work runs out where the budget happens to end, often in a
    cheap innermost definition: the nesting of definitions that loop over ones that loop is what multiplied it. The
    chain is read from the traceback, once the error is raised: nothing is kept while the game runs.
    """
    defined_at = namespace.get(DEFINED_AT) or {} if namespace else {}
    inlined_at = namespace.get(INLINED_AT) or {} if namespace else {}
    chain, function, tb = [], None, exc.__traceback__  # [(name, loc)], outermost first
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == GENERATED:
            if not code.co_name.startswith("<"):  # a comprehension's lines are counted in the function holding it
                function = code
            if code.co_name in defined_at:
                chain.append(defined_at[code.co_name])
            written_out = inlined_at.get(function.co_name, {}).get(tb.tb_lineno - function.co_firstlineno) if function else None
            if written_out is not None:  # the line running is a small definition's body, written where it is called
                chain.append(written_out)
        tb = tb.tb_next
    if not chain:
        return ""
    name, loc = chain[-1]
    names = list(dict.fromkeys(n for n, _ in chain))  # (a body written out is seen by its line and its loop's: once)
    if isinstance(exc, OutOfWork) and len(names) > 1:
        return f"in definition {' -> '.join(repr(n) for n in names)} at {loc}"
    return f"in definition '{name}' at {loc}"


_DIVISION = re.compile(r"(?<!/)/(?!/)")  # a '/', not one of '//'
_READ = re.compile(r"\b([A-Za-z_]\w*)\b(?!\s*\()")  # a name read, not a function called
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")  # a word written out: no name in it


def fractions_told(text: str, exprs, ruleset) -> str:
    """A rule's failure ``text`` as told where the expressions ``exprs`` failed: its "'/' gives a fraction" only where
    a '/' may have made the fraction (_divides_in); else that the value is one (`heights[s - 1.5]` has no '/')."""
    if FRACTION_HINT not in text or _divides_in([e.text for e in exprs if e is not None], ruleset):
        return text
    return text.replace(FRACTION_HINT, FRACTION_SAID)


# an index out of range, as item_at says it: the index, and the last position held (none where the list is empty)
_OUT_OF_RANGE = re.compile(r"index (-?\d+) is out of range \((?:0\.\.(\d+)|it holds nothing)\)")


def index_named(text: str, trees, values) -> str:
    """A rule's failure ``text`` that indexed past a list's end, with the part of the expressions ``trees`` indexed
    named, `index 3 of `claimed[stone]` is out of range (0..2)`, where one alone may be it; as it was otherwise, and
    where that part is a whole expression (R100 names it already: `failed in its to `few[i]``).

    Found in the written text once the rule has failed, not by evaluating it again: an index written as a number or a
    name whose value ``values`` (name -> value, the rule's locals over the game's variables) knows must be the one
    that failed, and a list named so must hold as many items (a name a comprehension binds is not known)."""
    found = _OUT_OF_RANGE.search(text)
    if found is None:
        return text
    index, size = int(found[1]), int(found[2]) + 1 if found[2] is not None else 0
    parts = []
    for tree in (t for t in trees if t is not None):
        nodes = list(ast.walk(tree))
        rebound = {node.var for node in nodes if isinstance(node, ast.Clause)}
        may = [node for node in nodes if isinstance(node, ast.Index)
               and _known_or(node.index, values, rebound, lambda v: type(v) is int and v == index)
               and _known_or(node.target, values, rebound, lambda v: isinstance(v, list) and len(v) == size)]
        first = _first_to_fail(tree, may, values, rebound) if len(trees) == 1 else None
        parts += [ast.text(first)] if first is not None else [ast.text(node) for node in may]
    parts = list(dict.fromkeys(parts))
    if len(parts) != 1 or any(parts[0] == ast.text(tree) for tree in trees if tree is not None):
        return text
    said = f"index {index} is out of range"
    return text[: found.start()] + f"index {index} of `{parts[0]}` is out of range" + text[found.start() + len(said):]


def _first_to_fail(tree, may: list, values, rebound):
    """Of the indexings ``may`` of ``tree`` that may have failed, the one that must have: the only one whose list and
    index are both known (`flag[f]`, f and the variable flag read), none of the others evaluated before it (`flag[f] ==
    none and count(side[me][f]) < 3`: written after it, the `and` never reaches them); None where that is not sure (a
    conditional or a comprehension evaluates out of the written order)."""
    if len(may) < 2 or any(isinstance(node, (ast.Conditional, ast.Comprehension, ast.MapComp)) for node in ast.walk(tree)):
        return None
    known = lambda node: isinstance(node, ast.Const) or (isinstance(node, ast.Name) and node.name not in rebound  # noqa: E731
                                                          and node.name in values)
    sure = [node for node in may if known(node.index) and known(node.target)]
    if len(sure) != 1:
        return None
    first = sure[0]
    before = [node for node in may if node is not first and node.pos < first.pos
              and not any(inner is first for inner in ast.walk(node))]  # (one holding it is evaluated after it)
    return None if before else first


def _known_or(node, values, rebound, holds) -> bool:
    """Whether ``node``'s value, where it is known (a constant, or a name ``values`` holds and no comprehension
    rebinds), ``holds``; True where it is not known (then it may)."""
    if isinstance(node, ast.Const):
        return holds(node.value)
    if isinstance(node, ast.Name) and node.name not in rebound and node.name in values:
        return holds(values[node.name])
    return True


# why a call gives none, said where its value was read as a list or a component (nones_named)
_GIVES_NONE = {
    "first": "first() found nothing: an empty zone or list, or an 'if' that kept no item",
    "last": "last() found nothing: an empty zone or list, or an 'if' that kept no item",
    "piece_at": "piece_at() gives none at an empty cell",
    "cell_at": "cell_at() gives none at a cell no piece covers",
    "placement": "placement() gives none for a piece that is not on a grid",
}
_NEVER_NONE = (ast.ListLit, ast.MapLit, ast.MapComp, ast.Comprehension, ast.BinOp, ast.Compare, ast.IsType)
_READ_OF_NONE = re.compile(r"cannot read \.\w+ of none")
_LOOKED_UP_IN_NONE = re.compile(r"cannot look up .* in none: ")


def none_given_said(expr) -> str:
    """What gave none where a statement needed a value (`place`'s piece): the expression ``expr`` as written, and why
    the call it is gives none (`last(supply[me])`: last() of an empty zone); '' where it is no more than a name."""
    tree = getattr(expr, "tree", None)
    if tree is None or isinstance(tree, ast.Name):
        return ""
    why = _GIVES_NONE.get(tree.func) if isinstance(tree, ast.Call) else None
    return f"`{expr.text.strip()}` is none" + (f" ({why})" if why else "")


def choice_guard_hint(tree, text: str) -> str:
    """For a `choose` collection that failed on none (``text``) where it reads first() or last() of a zone or list,
    which give none where it is empty: that a choice is worked out before the action's `if:`, and the guard that
    works, the collection itself made empty then (`placements(board, last(supply[me])) if count(supply[me]) > 0 else []`)."""
    if tree is None or "none" not in text:
        return ""
    read = next((node.args[0] for node in ast.walk(tree) if isinstance(node, ast.Call) and node.func in ("first", "last")
                 and len(node.args) == 1 and not isinstance(node.args[0], ast.Comprehension)), None)
    if read is None:
        return ""
    return (f"a choice is worked out before the action's `if:`, which cannot guard it; where `{ast.text(read)}` may be "
            f"empty, guard the choice itself: `{ast.text(tree)} if count({ast.text(read)}) > 0 else []`")


def nones_named(text: str, trees, none_names=()) -> str:
    """A rule's failure ``text`` that read an attribute of none or indexed none, with the part of the expressions
    ``trees`` that was none named (`piece_at(board, 0, 0)` is none) and why such a call gives none; as it was where a
    name read there is none (``none_names``: said apart) or no part could have been.

    The part is found in the written text, not by evaluating it again: of the parts read so (`X.attr`, `X[i]`) each X
    that is a call, an index or an attribute may be the one; a name is said apart, a literal list never is none.
    """
    if text.startswith(ATTRIBUTE_OF_NONE) or _READ_OF_NONE.match(text):
        kind = ast.Attr
    elif text.startswith(INDEX_OF_NONE) or _LOOKED_UP_IN_NONE.match(text):
        kind = ast.Index
    else:
        return text
    targets = [node.target for tree in trees if tree is not None for node in ast.walk(tree) if isinstance(node, kind)]
    if any(isinstance(t, ast.Name) and t.name in none_names for t in targets):
        return text
    parts = list(dict.fromkeys(ast.text(t) for t in targets
                               if not isinstance(t, (ast.Name, ast.Const, *_NEVER_NONE))))
    if not parts:
        return text
    if len(parts) > 1:
        said = f"one of {few_listed(f'`{p}`' for p in parts)} is none"
    else:
        target = next(t for t in targets if ast.text(t) == parts[0])
        why = _GIVES_NONE.get(target.func) if isinstance(target, ast.Call) else None
        said = f"`{parts[0]}` is none" + (f" ({why})" if why else "")
    text = text.removesuffix(NONE_GUESS)
    return f"{text}{'; ' if ': ' in text else ': '}{said}"


def _divides_in(texts, ruleset) -> bool:
    """Whether one of the expression ``texts``, or a definition they use (at any depth), holds a '/' (as written); or
    they read a value set elsewhere (a variable, a loop's item, a choice), and a statement or action holds one."""
    source = getattr(ruleset, "source", None)
    source = source if isinstance(source, dict) else {}
    heads = {str(head).partition("(")[0].strip(): str(head) for head in (source.get("define") or {})}
    bodies = {name: str(source["define"][head]) for name, head in heads.items()}
    # (an expression's text, the parameters it sees: a definition's are its arguments, read where it is called)
    seen, todo, read_elsewhere = set(), [(str(t), set()) for t in texts], False
    while todo:
        text, params = todo.pop()
        text = _QUOTED.sub("''", text)
        if _DIVISION.search(text):
            return True
        used = {name for name in bodies if re.search(rf"\b{re.escape(name)}\b", text)}
        read_elsewhere = read_elsewhere or bool(set(_READ.findall(text)) - LANGUAGE_WORDS - set(bodies) - params)
        for name in used - seen:
            seen.add(name)
            todo.append((bodies[name], {p.strip() for p in heads[name].partition("(")[2].rstrip(")").split(",")}))
    return read_elsewhere and any(_DIVISION.search(_QUOTED.sub("''", text))
                                  for text in _statement_texts([source.get("flow"), source.get("actions"), source.get("blocks")]))


def _statement_texts(value):
    """Every text of the statements in ``value`` (the flow, the actions), but the words describing them."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("description", "title", "name"):
                yield from _statement_texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _statement_texts(item)


SCORE_READS = frozenset({"scores", "round_scores"})  # the game state's attributes that hold the scores


def reads_scores(fn) -> bool:
    """True if calling ``fn`` (generated code, or a builtin) may read a score.

    Found in the code itself: every function it can reach by a global name (definitions,
    builtins and their helpers) is looked at, with the comprehensions inside them, for a
    name of ``SCORE_READS``. A method reached through an attribute is not followed; no
    builtin reads the state that way.
    """
    return reads_names(fn, SCORE_READS)


def reads_names(fn, names) -> bool:
    """True if calling ``fn`` may read an attribute or global of these ``names`` (found as ``reads_scores`` finds a score)."""
    seen, todo = set(), [fn]
    while todo:
        one = todo.pop()
        code = getattr(one, "__code__", None)
        if code is None or code in seen:
            continue
        seen.add(code)
        codes = [code]
        while codes:
            c = codes.pop()
            if names.intersection(c.co_names):
                return True
            codes.extend(k for k in c.co_consts if type(k) is type(code))
            todo.extend(one.__globals__[name] for name in c.co_names if callable(one.__globals__.get(name)))
    return False


def compiled(source: str, filename: str = GENERATED):
    """``source`` compiled, or its code as compiled before, kept in the cache folder by the source's hash.

    Python's compiler takes 7-15 ms for a shipped ruleset's module at every start; the
    code of an unchanged batch is read back in well under one (as Python keeps a module's
    bytecode). The key holds the interpreter's version: bytecode is only read back by the
    Python that wrote it. ``filename``: the code's file name (the runners' fixed sources
    have their own, runners._compiled_maker), part of the key.
    """
    import marshal
    import sys
    import types
    import warnings

    from . import cache

    source = banked(_charges_kept(source))
    named = "" if filename == GENERATED else f"{filename}\n"
    key = cache.sha256(f"{sys.implementation.cache_tag}\n{named}{source}".encode()).hexdigest()[:32]
    name = f"code-{key}.bin"
    code = cache.read_value(name, types.CodeType)  # (a damaged file: None, compiled again)
    if code is not None and code.co_filename == filename:
        return code
    with warnings.catch_warnings():  # Python's advice on the generated code is no message for a ruleset's author
        warnings.simplefilter("ignore", SyntaxWarning)
        code = compile(source, filename, "exec")
    cache.write(name, marshal.dumps(code))
    return code


# a line that gives the work budget afresh (an evaluation's start, or its first charge set from the full budget, or a
# listing's charge set at its end): the budget's item set to a value that does not read it, nor a pass's saved budget
# (_charged_after's f_u, f_x) ...
_FRESH_SET = re.compile(r"^( *)(_W|_w|WORK)\[0\] = (?!f_[ux][0-9]+(?:  #[^\n]*)?$)(?![^\n]*\[0\])[^\n]*$", re.M)
# ... but the one that follows a pass's count of that work (runners._work_steps_written): counted already
_COUNTED = re.compile(rf" \+= \({WORK_LIMIT} - WORK\[0\]\) // {WORK_PER_STEP}\b")


# ... nor a listing's: the options of a simultaneous step are listed seat by seat, or at once, as the game is played,
# and a listing again (options()) must count nothing more: its work is the decision's, kept in Game._work_left for the
# effects after it (which count it where they give the budget afresh); the work done before it is dropped
_LISTER_PARAMS = re.compile(r"\b(?:out|listed_)\b")
_LISTING_SET = re.compile(r"\b(?:game\._work_left|worked_) = ")


def banked(source: str, one_line: bool = True) -> str:
    """``source`` with each budget given afresh (_FRESH_SET) led by the count of the work it drops, where that is much
    (`_W[0] < HEAVY and _bank(S); _W[0] = ...`: builtins.bank): a pass's count (work_steps) sees its last evaluation's
    work alone, so a heavy expression followed by a light one in the same pass (`set: {x: count(...)}`, then
    `set: {y: sum([y, 1])}`) went uncounted, and such a loop ran for hours. On the reset's own line: a line's number
    still finds its definition (failing_definition), and a source banked again is unchanged (the line no longer
    starts with the reset). ``one_line`` false (a runner's maker, whose lines fused_picking and the fused passes read
    back): the test on a line of its own before the reset, and a reset after one is left as it is. One test at each
    evaluation that may charge; the work is counted once, at once."""
    def led(m):
        before = source.rfind("\n", 0, max(m.start() - 1, 0))
        if _COUNTED.search(source, before + 1, m.start()) or _LISTING_SET.search(m[0]) or "_bank(S)" in source[before:m.start()]:
            return m.group(0)
        made = source.rfind("def ", 0, m.start())  # (the function the line is in: the last `def` before it)
        if made >= 0 and _LISTER_PARAMS.search(source[made:source.find("\n", made)]):
            return m.group(0)
        if not one_line:
            return f"{m[1]}if {m[2]}[0] < {HEAVY}: _bank(S)\n{m[0]}"
        return f"{m[1]}{m[2]}[0] < {HEAVY} and _bank(S); {m[0][len(m[1]):]}"
    return _FRESH_SET.sub(led, source)


def banking_patterns() -> str:
    """The patterns banked finds its lines by, as text: part of the key a runner's code is kept by (runners._templates_key)."""
    return "\n".join(p.pattern for p in (_FRESH_SET, _COUNTED, _LISTER_PARAMS, _LISTING_SET))


# a charge of the work budget, and its test (Compiler's lines: `_W[0] -= X`, then `if _W[0] < 0:`, the first maybe in a
# `try:` whose `except TypeError:` raises)
_CHARGE_LINE = re.compile(r"( *)_W\[0\] -= ([^#\n]+?)((?:  # written out: [A-Za-z_][A-Za-z0-9_]*)?)")


def _charges_kept(source: str) -> str:
    """``source`` with each charge of the work budget followed by its test (`_W[0] -= X`, `if _W[0] < 0:`) keeping the
    budget left in a local that the test reads (`_W[0] = f_wl = _W[0] - (X)`, `if f_wl < 0:`): the same reads in the
    same order (the budget, then X) and the same budget, its item not read a second time. A test reached only through
    the charge (the next line, or after the `except TypeError:` that raises); the lines as many, each with its tag."""
    lines = source.split("\n")
    for i, line in enumerate(lines):
        found = _CHARGE_LINE.fullmatch(line) if "_W[0] -= " in line else None
        if found is None:
            # (a charge the compiler writes is of that shape: one written otherwise would be left unkept unseen)
            assert not line.lstrip().startswith("_W[0] -= "), line
            continue
        pad, at = found.group(1), None
        if i + 1 < len(lines) and lines[i + 1].startswith(f"{pad}if _W[0] < 0:"):
            at = i + 1
        elif (len(pad) >= 4 and 1 <= i < len(lines) - 3 and lines[i - 1].startswith(f"{pad[4:]}try:")
              and lines[i + 1].startswith(f"{pad[4:]}except TypeError:") and lines[i + 2].startswith(f"{pad}_not_a_collection(")
              and lines[i + 3].startswith(f"{pad[4:]}if _W[0] < 0:")):
            at = i + 3
        if at is None:
            continue
        lines[i] = f"{pad}_W[0] = f_wl = _W[0] - ({found.group(2)}){found.group(3)}"
        lines[at] = lines[at].replace("if _W[0] < 0:", "if f_wl < 0:", 1)
    return "\n".join(lines)


SHORTCUTS = True  # plain code for a builtin or an operator where it computes the same (tests turn it off to compare)
GROUP_FROM = 16  # a last parameter with more choices lists its legal values as one group (see enumerator)
SMALL_WORK = 100_000  # a loop over declared seats, dice or zones doing at most this much is not charged
MAX_SEATS, MAX_ZONE_COPIES = 64, 1000  # the most players, and zones of one name, a ruleset can declare
COLLECTION_HEADS = {"list"}

CONTEXT_NAMES = {
    "players": (("list", "player"), "S.players"),
    "player_count": ("int", "S.nplayers"),
    "score": (("list", "num"), "S.scores"),
    "round_number": ("int", "S.round"),
    "turn_number": ("int", "S.turn"),
    "components": (("list", "comp"), "S.components"),
    "dice": (("list", "record"), "_dice(S)"),
    "game_over": ("bool", "S.flow.finished"),
    "winners": (("list", "player"), "S.flow.winners"),
    "teams": (("list", ("list", "player")), "_TEAMS[S.nplayers]"),  # (the namespace's _TEAMS: model.TeamsByCount)
}


# builtins given the state that read only its seats: a component's derive may use them (the components are made
# before the game, knowing the seats); the others read a game that does not exist yet
SEAT_BUILTINS = frozenset({"left", "right", "seats_from"})


# the language's names an expectation reads most, listed first by a scenario's hint (the others after them)
SCENARIO_CONTEXT_FIRST = ("players", "player_count", "score", "winners", "game_over", "round_number", "turn_number")


# what a scenario's expect and always read of the decision the game waits at (the interpreter binds them there:
# interpreter/scenarios.decision_locals): the seats that must decide, the seat whose turn it is inside `turns`, and the
# `name:` of the decision statement (none where it has none). Never the rules' own: a name is a label (overlays,
# scenarios and messages find statements by it), and play reading it would change as a statement is renamed
DECISION_NAMES = {"deciding": ("list", "player"), "current": "player", "waiting_at": "str"}


def decision_names(symbols) -> dict:
    """The names of DECISION_NAMES an expectation or invariant binds, by type: those the ruleset does not declare
    itself (its own `deciding` is read as it declares it)."""
    declared = symbols.all_names()
    return {name: t for name, t in DECISION_NAMES.items() if name not in declared}


def _locals_scope(env: dict | None) -> dict:
    """The scope of an expression whose local names ``env`` (name -> type) it reads of L."""
    return {name: (f"L[{name!r}]", t) for name, t in (env or {}).items()}


def _scenario_context_rank(name: str) -> tuple:
    """Where a scenario's hint lists a name of the language: those of SCENARIO_CONTEXT_FIRST first, then by name."""
    first = SCENARIO_CONTEXT_FIRST
    return (first.index(name), "") if name in first else (len(first), name)


SPECIALISED = ("zone", "comp", "record", "player", "int", "str")  # argument types a definition's code is compiled for


class _Seat(str):
    """The type of `me` in an action's names, "player" to every test of a type (equal to it, hashed as it), told apart
    by identity: an expression compiled with it reads `L['me']` as the deciding seat the engine binds (always one of
    the seats, a whole number). A parameter or a loop of the action named `me` binds the plain type (``plain_type``),
    whatever its items' type says (a type made from SEAT, `[first(...)]`, may hold none)."""

    __slots__ = ()


SEAT = _Seat("player")


class _Passes(str):
    """The type of a `repeat`'s `as` name in the statements' names, "int" to every test of a type, told apart by
    identity: the pass number, below the step limit (MAX_PASSES), so arithmetic on it is known to stay small. A read
    of the name gives the plain "int" (``_g_Name``): a value computed from it, or mixed with others, is no pass number."""

    __slots__ = ()


PASSES = _Passes("int")


class Held(str):
    """The type of a `let` name whose value is known only at run time (a variable's item, `seq[i]`), in the statements'
    names: ANY to every test of a type, and ``tree`` and ``seen``, the value's tree and the types its nodes were given
    (Compiler._seen), so that once the variables' types are known (variable_types.Typer) a read of the name is typed as
    its value is (`let: {w: "seq[i]"}`, seq only ever a list of seats: w a seat, for L055). A read gives the plain ANY."""

    tree = None
    seen: dict = {}

    def __new__(cls, tree, seen):
        made = super().__new__(cls, ANY)
        made.tree, made.seen = tree, seen
        return made

    def __getnewargs__(self):  # (copied and pickled with its value's)
        return (self.tree, self.seen)


class MapKeys(str):
    """The type of a map whose keys the checker knows (a constant table's map written as YAML data, an item of such a
    table's list, a map literal of keys written out): "map" to every test of a type, and ``keys``, key -> (the type of
    its values, the words and numbers it holds or None where not all are known), read by `m.key` (_g_Attr) and by the
    lints that judge a value compared with it (L010, not a component's attribute of that name)."""

    keys: dict = {}

    def __new__(cls, keys=None):
        made = super().__new__(cls, "map")
        made.keys = dict(keys) if isinstance(keys, dict) else {}
        return made

    def __getnewargs__(self):  # (copied and pickled with its keys)
        return (self.keys,)


def map_keys_joined(maps) -> MapKeys:
    """The keys of maps of known keys taken together (the items of a table's list, the two branches of a conditional):
    a key each has is of its values' types joined; a key some lack is of a type known only at run time (none where it
    is missing); the words and numbers of each, where known for all."""
    maps = list(maps)
    keys = {}
    for key in dict.fromkeys(k for m in maps for k in m.keys):
        held = [m.keys[key] for m in maps if key in m.keys]
        t = held[0][0]
        for other, _ in held[1:]:
            t = _unify(t, other)
        values = None if any(v is None for _, v in held) else tuple(dict.fromkeys(v for _, vs in held for v in vs))
        keys[key] = (t if len(held) == len(maps) else ANY, values)
    return MapKeys(keys)
MAX_PASSES = 10_000_000  # a pass or round number is below the step limit, at most 10,000,000 (the schema's step_limit)


def plain_type(t):
    """``t``, SEAT as the plain "player": the type a name bound by a parameter or a loop is given."""
    return "player" if t is SEAT else t


def _specialised(types: tuple) -> tuple:
    """The argument types a definition is compiled for: the others are read as any value."""
    return tuple(t if isinstance(t, str) and t in SPECIALISED else ANY for t in types)


def _sizes(scope) -> dict:
    """``Compiler._largest``'s names from an expression's ``scope``: a seat's and a pass number's largest size are
    known, another name's not (a loop's item, a let, a choice: any whole number within the limit)."""
    return {name: (MAX_SEATS - 1 if t in ("player", SEAT) else MAX_PASSES if t is PASSES else None, _kind_of(t))
            for name, (_, t) in scope.items()}


def is_list(t) -> bool:
    return isinstance(t, tuple) and t[0] == "list"


def _unknown_type(t) -> bool:
    """Whether type ``t`` is *any*, or a list of (lists of) *any*."""
    return t == ANY or (is_list(t) and _unknown_type(t[1]))


def element_type(t):
    if is_list(t):
        return t[1]
    if t == "zone":
        return "comp"
    return ANY


def a_type(t) -> str:
    """A type in a sentence: 'a zone', 'an any' is 'a value known only at run time', 'true or false'."""
    if t == "bool":
        return "true or false"
    if t == ANY:
        return "a value known only at run time"
    words = show_type(t)
    return ("an " if words[0] in "aeiou" else "a ") + words


def show_type(t) -> str:
    """A type in words: 'list of words', 'list of lists of words', 'list of values known only at run time'."""
    if is_list(t):
        return "list of " + _plural(show_type(t[1]))
    return {"comp": "component", "num": "number", "int": "whole number", "record": "record", "player": "player", "str": "word"}.get(t, t)


UNKNOWN_TYPE_SAID = "values known only at run time"  # (what a finding says of a type unknown when checked)


def _plural(words: str) -> str:
    """The plural of a type in words: word -> words, list of words -> lists of words."""
    if words == ANY:
        return UNKNOWN_TYPE_SAID
    head, sep, rest = words.partition(" of ")
    return head + "s" + sep + rest


def _unify(a, b):
    if isinstance(a, MapKeys) or isinstance(b, MapKeys):  # (maps of known keys: their keys together; else a map)
        return map_keys_joined((a, b)) if isinstance(a, MapKeys) and isinstance(b, MapKeys) else a if b == "none" \
            else b if a == "none" else "map" if a == b else ANY
    if a == b:  # (records of other fields are equal, "record", as types: their fields are not one record's)
        return a if getattr(a, "fields", ()) == getattr(b, "fields", ()) else "record"
    if {a, b} <= {"int", "num", "player"}:
        return "num" if "num" in (a, b) else "int"
    if a == "none":
        return b
    if b == "none":
        return a
    if is_list(a) and is_list(b):
        return ("list", _unify(a[1], b[1]))
    return ANY


class Symbols(Record):
    """What the names of a ruleset mean: declared by the ruleset, read by the compiler."""

    component_types: dict = made_by(dict)  # type name -> set of attribute names
    component_values: dict = made_by(dict)  # type name -> {attribute: values declared for it} (not derived ones)
    face_attributes: set = made_by(set)
    face_keys: set = made_by(set)  # the attributes every face of every die declares (none where there is no die)
    zones: dict = made_by(dict)  # name -> 'single' | 'family'
    most_seats: int = MAX_SEATS  # the largest player count `players:` allows: no list of the seats is longer
    seat_zones: set = made_by(set)  # names of the families of one zone per seat (`each: player`)
    team_zones: set = made_by(set)  # names of the families kept a team (`each: team`, with copies or not)
    seat_copies: dict = made_by(dict)  # name -> N of each family of N zones a seat (`each: player, copies: N`)
    copy_names: dict = made_by(dict)  # name -> the words of a family of named copies (`copies: [yellow, blue]`)
    # name -> how many zones a family declared with a number of copies holds (the most, of an expression of the player
    # count; None where that is known only once definitions compile)
    zone_copies: dict = made_by(dict)
    grids: set = made_by(set)  # names of the grid zones
    boards: set = made_by(set)  # names of the grid zones of fixed size (width and height): placements() keeps to their edges
    unturned: set = made_by(set)  # names of the grid zones whose pieces never turn (`turns: false`): placements() lists rot 0
    hex: set = made_by(set)  # names of the hex grid zones (`cells: hex`): their builtins count six neighbours a cell
    variables: dict = made_by(dict)  # name -> per_player (bool)
    initials: dict = made_by(dict)  # variable name -> its initial value (S015 says a list or map held is one variable)
    dice: list = made_by(list)
    defines: dict = made_by(dict)  # name -> Define
    refused: set = made_by(set)  # names of definitions refused for their name (E132): their calls say nothing more
    teams: str = ""  # "declared" where the ruleset has a `teams` key, "computing" while that key is compiled, else ""
    # the names the define section declares, while a component's `start` and `derive` are compiled, before the
    # definitions are read: they do not see them, and say so
    declared_defines: set = made_by(set)
    attribute_values: dict = made_by(dict)  # attribute -> every value declared for it
    loop_names: set = made_by(set)  # names the flow's loops bind (for, repeat ... as): unknown inside actions
    data_words: set = made_by(set)  # the words the variables start with (`trump: spades`): a value, quoted in an expression
    # name -> what it names that an expression cannot read (an action, a statement's name): an unknown name that is one
    # is a word written bare (`act == income`), not a misspelt name
    named_not_values: dict = made_by(dict)
    overlay_written: dict = made_by(dict)  # (kind, name) -> where an overlay wrote it (or a Removal), for a definition, attribute, variable, zone, die
    values_removed: dict = made_by(dict)  # (attribute, value) -> where an overlay removed it, where declared (loader.values_removed)
    current_bound: bool = True  # whether a `turns` step is written anywhere (only it binds `current`: loader.binds_current)

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

    def declared_by_all(self, name: str, kinds=None) -> bool:
        """Whether every component (of the types ``kinds``, or of any type) holds attribute ``name``: its type and id,
        or one each such type declares (each component of a type is made with all its type's attributes, derived ones
        and owner included)."""
        kinds = self.component_types if kinds is None else kinds
        return name in ("type", "id") or (bool(kinds) and all(name in self.component_types.get(k, ()) for k in kinds))

    def attribute_names(self) -> set:
        names = {"type", "id"} | set(self.face_attributes)
        for attrs in self.component_types.values():
            names |= attrs
        return names

    def declared_words(self) -> set:
        """The words the ruleset's data declares: attribute values (`suit: [spades, hearts]`), die faces', variables'."""
        return {v for values in self.attribute_values.values() for v in values if isinstance(v, str)} | self.data_words

    def all_names(self) -> set:
        return set(self.zones) | set(self.variables) | set(self.dice) | set(self.defines) | self.context_names()

    def context_names(self) -> set:
        """The names of the language an expression may read here: `teams` only where the ruleset declares them."""
        return set(CONTEXT_NAMES) if self.teams == "declared" else set(CONTEXT_NAMES) - {"teams"}


class Define(Record):
    """A named definition: `name(a, b): expression` or a constant-like `name: expression`."""

    name: str
    params: tuple
    text: str
    loc: Loc
    tree: ast.Node | None = None
    type: object = None
    compiling: bool = False
    # (its value,) where the definition is a constant table written as YAML data (`words: [AA, AB]`): never parsed,
    # its tree is data_tree's and its code a read of the value kept in the namespace; () for an expression
    data: tuple = ()


def data_tree(value, pos: int = 0) -> ast.Node:
    """The literal a constant table written as YAML data is (`[AA, AB]` is `['AA', 'AB']`): what lints and types read."""
    if isinstance(value, list):
        return ast.ListLit(pos, tuple(data_tree(item, pos) for item in value))
    if isinstance(value, dict):
        return ast.MapLit(pos, tuple((ast.Const(pos, key), data_tree(item, pos)) for key, item in value.items()))
    return ast.Const(pos, value)


def data_type(value):
    """The static type of a constant table's value, as a literal written out would have: a list of one type's items
    (words, whole numbers...), a list of any, a map, or a word, number or truth value."""
    from .variable_types import declared_type

    if isinstance(value, dict):
        return MapKeys({key: (data_type(item), _data_values(item)) for key, item in value.items()})
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):  # (a table of maps: `ROUTES`)
        return ("list", map_keys_joined(data_type(item) for item in value))
    return declared_type(value) or ("list", ANY)


def _data_values(value):
    """The words and numbers a constant table's value holds under a key, for L010: itself, or None for a list or map."""
    return (value,) if type(value) in (str, int, float, bool) else None


class Expr:
    """A compiled expression: call ``fn(S, L)``; ``loc`` and ``text`` name it in errors."""

    __slots__ = ("fn", "loc", "text", "type", "names", "tree", "local", "zone_local", "zone_attr", "const", "last_of",
                 "zone_at_index", "family_items", "zone_one", "family", "zone_near", "grown", "local_plus", "seats", "seat_items", "var",
                 "source")

    def __init__(self, loc: Loc, text: str, type_, names, tree=None):
        self.fn, self.loc, self.text, self.type, self.names = None, loc, text, type_, names
        # the SourceText it was parsed from, where a part of it (a node's pos) is found in the file: a lint's finding
        # points at the word it is about; None where the expression was not parsed from one
        self.source = None
        # the local name it reads, where reading it is all ``fn`` does (L[local], no work charged): a
        # runner may read it without the call (runners._MOVE_LOCAL); None otherwise
        self.local = None
        # (zone family, local name) where all ``fn`` does is read that family's zone at that name's index
        # (S.zones[family][L[name]], no work charged): a runner may read it without the call; None otherwise
        self.zone_local = None
        # (zone family, local name, attribute) where all ``fn`` does is read that family's zone at the index that
        # attribute of the local name's value gives (S.zones[family][L[name].get(attribute)]: `hand[c.owner]`)
        self.zone_attr = None
        # (value,) where ``fn`` returns that literal number, word, true, false or none and does nothing else
        self.const = None
        # the local name where all ``fn`` does is last() of that name's value (b_last(L[name])): a runner may read a
        # Zone's last item without the call (anything else through it); None otherwise
        self.last_of = None
        # (zone family, local name) where all ``fn`` does is read that family's zone at index() of that name's value
        # (_ix(S.zones[family], b_index(L[name]))): a runner may read it without the calls where the value is a Zone
        # whose index the family holds (anything else through the call); None otherwise
        self.zone_at_index = None
        # (zone family, work per zone, work per component) where all ``fn`` does is list every component of that
        # family's zones, in order (`[c for z in cups for c in z]`), with a fresh work budget charged those works:
        # a runner may reckon the charges and read the zones without the list (runners._FOR_EMPTIED); None otherwise
        self.family_items = None
        # the name of a single zone (declared without `each` or `copies`) where all ``fn`` does is read it
        # (S.zones[name][0]: `box`): one of the game's own zones, the same object while an effect runs; None otherwise
        self.zone_one = None
        # the name of a zone family (declared with `each` or `copies`) where all ``fn`` does is read its list of zones
        # (S.zones[name]), a list only a state's making and its copy set, never changed: a `for` may loop over
        # it as it is, without the call and a copy of its own; None otherwise
        self.family = None
        # (zone family, local name, variable, +1 or -1) where all ``fn`` does is read the zone of a family of one zone a
        # seat at left() (+1) or right() (-1) of the action's own seat by a variable's count of places (`cup[right(me,
        # turn)]`: S.zones[family][(L[name] + sign * count) % S.nplayers] where the count is a whole number, else the
        # call of b_left or b_right, which fails), no work charged: a runner may read it so, anything else through the
        # call (runners' "near" read); None otherwise
        self.zone_near = None
        # (variable, local name) where all ``fn`` does is `+` of that variable's value and that name's, with a fresh
        # work budget charged the list's length where both are lists (compiler._concat_written, fresh: `tally +
        # chosen`, the set of a variable to itself and a choice): a runner may make the list itself where both are
        # lists, anything else through the call; None otherwise
        self.grown = None
        # (local name, whole number) where all ``fn`` does is `+` of that name's value and that literal, Python's own
        # (`s + 1`: the code `(L['s'] + 1)`), no work charged: a runner may add them itself where the value is a whole
        # number (the call's value, a whole number; Python's `+` of two cannot fail), anything else through the call
        self.local_plus = None
        # true where all ``fn`` does is give the seats (S.players: `players`, a list only a state's making sets, never
        # changed: a `for` may loop over it without a copy of its own)
        self.seats = False
        # true where its value is always a list whose every item is a seat (an item of `players`: a list of them that
        # a comprehension keeps, `[]`, either of two such, a definition without parameters giving one: _seats_only), so
        # a `for` over it binds its variable to seats only (runners._shape: a score's seat so read is not tested)
        self.seat_items = False
        # the name of a variable where all ``fn`` does is read its value (S.vars[name]: `reveal: taken`), no work
        # charged: a runner may read it without the call; None otherwise
        self.var = None
        self.tree = tree  # the checked AST, kept for the lints (dsl/lints.py) so they need not parse again

    def __repr__(self) -> str:
        return f"<expr {self.text!r} at {self.loc}>"


DEFINE_HEAD = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(\s*([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*)?\s*\))?\s*$")


class Compiler:
    """Checks and compiles every expression of one ruleset into one generated module."""

    def __init__(self, symbols: Symbols):
        self.symbols = symbols
        self.diagnostics: list[Diagnostic] = []
        self.functions: list[str] = []
        self.bare: dict = {}  # lister's name -> (its body, its parameters' names, whether it never groups) (bare_listers)
        self.expressions: list[Expr] = []
        self.define_stack: list[str] = []
        self.used_defines: set[str] = set()
        self.dashed_said: set = set()  # attributes declared as a dashed word (`0-9`) a scenario's number was told of (T009)
        self.codes: list[str] = []
        # (variable, Loc, Expr) of each `reveal` of a variable: checked once every `set` is compiled (revealed_values)
        self.revealed_variables: list = []
        self._hoisted: set = set()  # ids of AST nodes computed once per listing of options
        # id of a scope's entry for a component local -> (the entry, the component types it can be there): the right of
        # `c is T and ...`, the item of `... for c in z if c is T` (an entry of its own, made by _narrowed)
        self._narrowing: dict = {}
        # id of a scope's entry for a comprehension's local over `components` itself -> the entry: it meets every
        # component of every type (of those _narrowing keeps it to), so an attribute some lack is none there (_lacked)
        self._every_component: dict = {}
        self._tabled: dict = {}  # id of an AST node computed once per choice of one parameter -> its local
        self._trusting = False  # generating a condition that reads those locals without testing for _LAZY
        self._lazy: dict = {}  # local of a part computed per choice only where the condition first reads it -> its code
        self._record_keys = None  # generating a table: the choice's local, whose fields are read as p_x['name'] (see _tables)
        self._cells: dict | None = None  # while a lister is generated: hoisted part's function -> its cell in `hz`
        self._cell_parts: set = set()  # indices of hoisted parts a lister reads from a cell (they get an `_e` function)
        self._folded_codes: dict = {}  # index of an expression that folds a comprehension -> its statements (_folded)
        self._folded_bodies: dict = {}  # function of a definition of one parameter whose body folds -> (its parameter's local, statements)
        self._inline_locs: dict = {}  # definition written where it is called -> its Loc
        self._tables_over: dict = {}  # while a lister is generated: (choices' code, parameter, per-choice code) -> its table
        self._seeds: dict = {}  # cell -> the table that holds its value (a hoisted [f(x) for x in D], f tabled over D)
        self._zone_locals: set = set()  # comprehension locals bound to the zones of a family: always a Zone
        self._seat_locals: set = set()  # comprehension locals bound to the seats (`for p in players`): 0 to player_count - 1
        self._die_locals: set = set()  # comprehension locals bound to the dice's faces (`for d in dice`): a face or none
        # whether a rule reads the rot of anything but a die's face (`at.rot`, `placement(c).rot`): the turn then may mean
        # what a piece's cells do not show, and placements() lists every turn, those that look alike too
        self.reads_turn = False
        # ... but one read inside a definition counts only where the rules use that definition (an unused one, or one
        # only play's board, a scenario or the heuristic reads, changes no option): the definitions reading it themselves,
        # and those the rules' own expressions name (rules_read_turn)
        self._turn_defines: dict = {}  # definition -> where it reads the turn (its first read)
        self._rule_defines: set = set()
        self._turn_read_at = None  # where a rule reads it first, itself
        self.turn_read_at = None  # ... and where the rules read it, themselves or in a definition they use (rules_read_turn)
        self._seat_keyed: set = set()  # remembered functions a memo read keys by a kept tuple per seat (_memo_read)
        self._tallies: dict = {}  # a remembered function given a seat -> a tallied count's, which keeps every seat's value of it (_tallied)
        self._tallied_counts: set = set()  # the tallied counts' functions (_tallied), each keeping its list under its key of no argument
        # comprehension locals and choices typed component whose items may be none (a list such as [first(x for x in z)]);
        # the others, bound to a zone's components, never are
        self._maybe_none: set = set()
        self._wanted = None  # (type, what) of the expression being compiled: a bare word where a number is wanted
        # the conditionals whose branches give the value of the expression being compiled (`5 if a else 2 if b else 1`)
        # -> ((branch, its type), (branch, its type)): a branch of the wrong kind is found before the game (_check_branches)
        self._top_branches: dict = {}
        # compiling a scenario's expressions (scenarios.compile_scenarios): no seat decides in its expect, given and
        # rest, and a hint naming me would lead to another error
        self.in_scenario = False
        self.scenario_typer = None  # compiling an expectation or invariant: a variable_types.Typer of the variables its `given` leaves
        self.scenario_players = 0  # the player count of the scenario compiled (in_scenario), 0 when none is
        self.found_in: dict = {}  # a diagnostic's index -> the name of the scenario whose check found it (scenario_defaults)
        # the places of the `repeat`s without `as:` around the statement being compiled, the innermost last: a loop's
        # name read inside one is told to give it `as:` (statements.c_repeat)
        self.repeats_unnamed: list = []
        self._keyed = None  # the key of a map literal being compiled (`x` in {x: 1}): an unknown one is a word not quoted
        self.blocks: dict = {}  # the ruleset's blocks of statements by name (blocks.py), expanded where they are run
        self.running_blocks: list = []  # (name, the caller's names it does not see) of each block being expanded, innermost last
        self.circled_blocks: set = set()  # blocks that run themselves (S028): never expanded
        self.block_runs = 0  # calls expanded so far (blocks.MAX_RUNS)
        self._indexed = None  # the target of the index being compiled (`hand` in hand[me]): an unknown one is a missing zone
        self._attributed = None  # the attribute read being compiled (`d3.pips`): an unknown name read so is no word to quote
        self._pair_types: dict = {}  # id of a list literal of two items compiled -> (it, its first item's type, its second's)
        self.item_types: dict = {}  # id of a list literal of items of several kinds compiled -> (it, each item's type)
        self._counted = None  # a bare name where a collection goes (`count(discard)`, `c in discard`, `for c in discard`): the same
        self._compared = None  # (an unknown name, the comparison) where the other side holds numbers (`card.rank == eight`)
        self._fold_top = None  # the tree whose code _folded may fold whole: its any/all stays a list for it to fold
        self._fold_helpers: dict = {}  # source of a function folding an any/all inside an expression -> its name (_fold_call)
        self._comprehensions: dict = {}  # id of a comprehension compiled -> (clauses, item, tables, kept values' parts, code)
        self._checked_sums: set = set()  # ids of the calls of sum() whose total may pass the limit: tested (_sum_within_limit)
        self._largest_of: dict = {}  # (definition, its arguments' sizes and kinds) -> _largest of its body, read once
        self._conditionals: dict = {}  # id of a conditional (`x if c else y`) compiled -> the code of c, x and y
        self._kept_calls: dict = {}  # a table of values kept for a comprehension's passes -> (its collection, the call) (_kept_values)
        # a folded any/all whose item is one call given its variable -> (collection, call, params, the body of a twin
        # that also keeps each item's value in a table it is given) (_fold_call, _shared_test)
        self._fold_items: dict = {}
        self._lists_made: set = set()  # functions of definitions whose value is always a list they make (_made_list)
        self._compressed: set = set()  # kept tables whose true items a written-out later pass lists once (_compressed_once)
        self._written_folds = 0  # how many folds' functions written out as a comprehension's condition (_fold_written_out)
        self._written_misses = 0  # how many functions for a miss written out in a loop's condition (_miss_written_out)
        self.define_variants: dict = {}
        # (definition, argument types) whose body was checked for them alone (_check_given) -> the type it gave
        self._checked_given: dict = {}
        self.defined_at: dict = {}  # generated function name -> (definition's name, its Loc), for runtime failures
        # id of a comprehension not charged at run time -> (it, at most how many items, at most how many at the game's
        # largest table: what E133's bound counts)
        self._unrolled: dict = {}
        self._charged: dict = {}  # code of a collection charged by _it -> (its own code, the work per item, whether its type is known only at run time): _folded charges it in place
        self._searched: dict = {}  # id of an `in` over a collection of known length -> (it, that length)
        self._costs: dict = {}  # definition -> its expanded size
        self._work_costs: dict = {}  # definition -> its expanded size less the loops that charge their own work
        self._table_costs: dict = {}  # definition -> its expanded size at the game's largest table (E133)
        self._depths: dict = {}  # definition -> how deep its calls go
        self._callee_lists: dict = {}  # definition -> the definitions it uses directly
        self._game_readers: dict = {}  # definition -> whether it reads what a game changes (_reads_the_game)
        self._constants: dict = {}  # function of a definition that is a literal (`limit: 13`) -> that literal's code
        self.data_values: dict = {}  # namespace name -> the value of a constant table written as YAML data (_data_define)
        self._definition_calls: dict = {}  # definition -> how often evaluating it may call each definition (see _may_repeat)
        self._called: set = set()  # definitions called somewhere through their function (the others are always written out)
        self._given_calls: dict = {}  # (definition, positions of arguments that differ at each call) -> the same (_calls_given)
        self._holders: list = []  # per comprehension being compiled: the tables of values its passes share (_kept_values)
        self._tables_made = 0  # how many such tables so far (each has its own name)
        self._compiling: list = []  # the functions of the definitions being compiled, innermost last
        self._call_types: dict = {}  # function of a definition -> {(function it calls, argument types)}
        self._remembered: set = set()  # functions of definitions whose value the memo keeps
        self._static_slots: list = []  # each definition's slot for the lists it keeps per zone family (_static_family)
        self._memo_codes: dict = {}  # a remembered definition of one parameter's function -> (parameter, code)
        self._memo_codes0: dict = {}  # a remembered definition of no parameter's function -> its code (_tail_written)
        self._count_stops: set = set()  # fold functions counting components whose items cannot fail (_count_stopped)
        self._kept_twins: dict = {}  # such a definition's function -> its twin giving the kept list itself (_kept_reads)
        self._kept_at: dict = {}  # such a twin -> (its slot, its family's code, the positions of its key's arguments)
        self._own_seat = False  # compiling an expression of an action whose `me` is the deciding seat (SEAT)
        self.action_compiled = None  # (name, its parameters) of the action being compiled: an unknown name there names them
        self.label_compiled = None  # (its choice, its text) while an action's label compiles: another choice is not seen there
        self.last_branches = (None, {}, None)  # the last expression compiled: its tree, its top conditionals' branches, its source
        self._list_operands: dict = {}  # id of each `or`/`and` of the last expression with a list on a side -> the node
        self.do_lets = frozenset()  # while its then: is compiled, the names its do's lets bind, which the then cannot read
        # by action: {name: (decision's label, its line, its kind)} each decision offering it hands under with: (loader.handed_names):
        # an unknown name there that one hands is to be listed under its takes:, not quoted
        self.handed = {}
        self.taken = {}  # by action: the names its takes: lists (loader.taken_names), which the hint lists beside it
        self.map_reads: dict = {}  # where `m.key` reads a map of known keys -> its values there (_map_key_read; MAP_READS)
        self._loop_lines: dict = {}  # a comprehension's loop name -> the line of its latest loop: where it is bound (_bound_elsewhere_hint)
        # while an expression or a definition compiles: id(node) -> (node, its type[, "variable" or "definition" where
        # it reads one, or the Held of a let name it reads]): what variable_types reads to type it again once the
        # variables' types are known
        self._seen: dict | None = None
        self._define_seen: dict = {}  # definition without parameters -> the types its body's nodes were given (_seen)
        # checks a value known only at run time passed, made again once the variables' types are known (check_deferred):
        # (node, its SourceText, the _seen it was typed in, and what the check needs); None once they are made
        self.deferred: list | None = []
        self.set_values: list = []  # (variable, a set's seat Expr or None, its value Expr, whether set whole, the value's _seen)
        # each read of a zone family or a variable kept a team at an index (`won[w]`, a set of `"pot[w]"`): (its name,
        # the index's tree, where it is, the _seen it was typed in), for L055 to type the index once the variables'
        # types are known (variable_types.seat_indexes)
        self.team_indexes: list = []
        self._held: dict = {}  # id of a let's value (a block's argument) known only at run time -> its Held type
        self.variable_types: dict = {}  # variable -> the type every value it holds has, where known (variable_types)
        self.or_none_types: dict = {}  # variable declared none -> the type every set gives it but none (typed_variables)
        self.last_seen: dict | None = None  # the _seen of the expression compiled last (statements.c_set keeps a value's)
        self._me_readers: dict = {}  # (definition, `me` or `current`) -> whether it, or one it uses, reads it (_reads_me)
        self._plain_keyed: set = set()  # remembered functions whose memo key is their arguments as they are
        self._misses: dict = {}  # remembered function -> the source of its function for a miss (_memo_read), until written
        self._miss_bodies: dict = {}  # remembered function whose body is statements -> (its parameters, that body)
        self._iterating = False  # generating a comprehension's collection (where Python refuses an assignment expression)
        self._read_calls: dict = {}  # each memo read's code -> the call it stands for (_memo_read)
        self._fold_writable: dict = {}  # a call a fold's item may have written out -> (definition, its argument) (_fold_call)
        self._ranking = None  # the winners' ranking (`winners: {highest: ...}`): (order, its keys' Exprs), written out by build

    # -- public --------------------------------------------------------------------
    def expression(self, text, loc: Loc, env: dict | None = None, want=None, what: str = "expression", base: int = 0,
                   full: str | None = None, hoist: frozenset | None = None) -> Expr:
        """Check and register one expression; ``env`` maps local names to types. A scenario's expectation, compiled
        once the variables' types are known (``scenario_typer`` set), has the checks a variable's value passed made
        again at once with them (`expect: [pot]` of a number passed validate, and failed T015 when run)."""
        if not (self.in_scenario and self.deferred is None and self.scenario_typer is not None):
            return self._expression(text, loc, env, want, what, base, full, hoist)
        self.deferred = []
        try:
            return self._expression(text, loc, env, want, what, base, full, hoist)
        finally:
            self.check_deferred(self.scenario_typer)  # (no check is deferred after it again)

    def _expression(self, text, loc: Loc, env: dict | None = None, want=None, what: str = "expression", base: int = 0,
                    full: str | None = None, hoist: frozenset | None = None) -> Expr:
        """expression, its checks a variable's value passed deferred (``deferred``) where they are.

        With ``hoist`` (an action's parameter names), the parts of the expression that read
        none of them are computed once per listing of legal options (see ``_hoist``).
        """
        self.last_seen = None
        if isinstance(text, (bool, int, float)) or text is None:
            text = expression_text(text)
        elif not isinstance(text, str):
            self.error(loc, "E110", f"{what} must be an expression (a string), not {type(text).__name__}")
            return self._register(Expr(loc, str(text), ANY, ()), "None")
        source = SourceText(text, loc, base, full)
        try:
            tree = parse(text, loc, base, full)
        except PhiltreError as exc:
            self.diagnostics.extend(exc.diagnostics)
            return self._register(Expr(loc, text, ANY, ()), "None")
        if not self._small_enough(tree, loc):
            return self._register(Expr(loc, text, ANY, ()), "None")
        scope = _locals_scope(env)
        own_seat, self._own_seat = self._own_seat, (env or {}).get("me") is SEAT  # (L['me'] is the deciding seat)
        if hoist is not None:
            self._hoisted = {id(node) for node in _hoistable(tree, set(hoist))}
        self._wanted = (want, what)
        self._top_branches = dict.fromkeys(_value_conditionals(tree))
        self._list_operands = {}
        reported = len(self.diagnostics)
        top, self._fold_top = self._fold_top, tree
        seen, self._seen = self._seen, {} if self.deferred is not None and (not self.in_scenario or self.scenario_typer is not None) else None
        try:
            found = self._guarded(lambda: self.gen(tree, scope, source), loc)
            if found is None:
                return self._register(Expr(loc, text, ANY, ()), "None")
            code, type_ = found
            branches = self._top_branches
            if hoist is None and len(self.diagnostics) == reported:  # (a hoisted part's code is another)
                folded = self._guarded(lambda: self._folded(tree, code, scope, source, lists=True) or self._lead_folded(tree, code, True), loc)
                if folded is not None:
                    self._folded_codes[len(self.codes)] = folded  # the index _register gives it, below
        finally:
            self._hoisted = set()
            self._wanted = None
            self._top_branches = {}
            self._fold_top = top
            self._own_seat = own_seat
            self.last_seen, self._seen = self._seen, seen
        self.last_branches = (tree, branches, source)  # (a choice's collection checks each branch: loader's E125)
        self._once_per_name(tree, source, reported)
        self._check_expansion(tree, loc)
        if _refused(type_, want, what) and is_list(type_) and type_[1] == ANY and self.last_seen is not None:
            # (a per-seat variable read whole, `highest: penalty`: said once its items' type is known, a list of whole
            # numbers, not "of values known only at run time"; check_deferred says it whatever it finds)
            self.deferred.append((tree, source, self.last_seen, ("list", text, env, want, what, type_)))
        elif _refused(type_, want, what):
            self._wrong_kind(tree, source, text, env, want, what, type_)
        elif want in ("int", "num") and type_ == ANY:  # branches of several kinds: a number where one is known not to be
            self._check_branches(tree, branches, want, what, source)
        if want is not None and type_ == ANY and self.last_seen is not None:  # (a variable's value, say: its type may be known)
            self.deferred.append((tree, source, self.last_seen, ("whole", text, env, want, what)))
        self._name_overlay_changes(tree, source, reported)
        if want == "bool" and type_ == ANY:
            code = f"_truth({code})"  # a variable's value, say: true or false is checked when it is read
        names = tuple(sorted({n.name for n in ast.walk(tree) if isinstance(n, ast.Name)}))
        expr = self._register(Expr(loc, text, type_, names, tree), code)
        expr.seat_items = len(self.diagnostics) == reported and _seats_only(tree, scope, self.symbols)
        expr.source = source
        return expr

    def _wrong_kind(self, tree, source, text, env, want, what, type_) -> None:
        """E120: the expression ``tree`` (``text``, read with the local names ``env``) gives a ``type_`` where ``what``
        must be ``want``."""
        self.error(source.at(tree.pos), "E120", f"{what} must be {a_type(want)}, but this is {a_type(type_)}",
                   _next_seats_hint(want, type_, what, tree, text) or _ranking_keys_hint(what, tree)
                   or _one_winner_hint(what, type_, tree, text)
                   or _one_seat_hint(want, type_, what, _example_of(tree, text), "me" in (env or {}))
                   or _one_zone_hint(want, type_, text, self.symbols, env, self.in_scenario)
                   or self._indexed_twice_hint(tree, want, type_)
                   or self._seat_zones_hint(tree, want, type_, env)
                   or _ranking_word_hint(what, text) or _rotate_by_hint(what, type_) or self._word_key_hint(what, type_, tree)
                   or _piece_cells_hint(what, text)
                   or self._die_names_hint(want, type_, what)
                   or self._fraction_hint(tree, want, type_) or (self._declared_hint(tree) if want in ("int", "num") else ""))

    def _note_read(self, node, kind: str, t) -> None:
        """Note that ``node`` reads a variable or a definition without parameters (``kind``), for variable_types."""
        if self._seen is not None:
            self._seen[id(node)] = (node, t, kind)

    def check_deferred(self, typer) -> None:
        """Make again each check a value known only at run time passed (``deferred``), given ``typer`` (a
        variable_types.Typer: the type of a node that the variables' known types give, and what a finding adds of
        them): E120 where that type is known and wrong. No check is deferred after this."""
        deferred, self.deferred = self.deferred or [], None
        for node, src, seen, (kind, *rest) in deferred:
            t = typer.type_of(node, seen)
            if kind == "list":  # a list refused already, its items' type unknown then: said whatever is found now
                *rest, found = rest
                t = t if is_list(t) else found
            if t == ANY:
                continue
            reported = len(self.diagnostics)
            if kind == "bool":
                self._want_bool(t, node, src)
            elif kind == "in":  # `x in VAR`: VAR's items are lists (known now), which never hold x itself
                self._among_lists(rest[0], rest[1], t, src)
            elif kind == "choices":
                if not (is_list(t) or t == "zone"):
                    at, name = rest
                    self.error(at, "E125", f"the choices for '{name}' must be a collection (a zone, zones or a list), but this "
                               f"is {a_type(t)}", _counting_hint(t, ast.text(node)))
            elif (_refused(t, rest[2], rest[3]) and not (t == "num" and rest[2] in NUMERIC)
                  and not (typer.may_be_none(node, seen) and not _refused("none", rest[2], rest[3]))):
                # (a variable of numbers may hold a whole one where one is due: its fraction fails in play, R100 saying
                # to use //, as `xs[x / 2]` does)
                self._wrong_kind(node, src, *rest, t)
            if len(self.diagnostics) > reported:
                found = self.diagnostics[-1]
                self.diagnostics[-1] = Diagnostic(found.loc, found.code, found.message, typer.said(found.hint, node, seen))
                self._name_overlay_changes(node, src, reported)

    def _once_per_name(self, tree, source, reported: int) -> None:
        """One E150 per name in an expression, at its first use: `score[me] + count(hand[me])` in the heuristic was
        told twice the same (findings of a definition's body, at its own lines, are left as they are)."""
        if sum(d.code == "E150" for d in self.diagnostics[reported:]) < 2:  # (the common case: nothing to look at)
            return
        here = {str(source.at(n.pos)) for n in ast.walk(tree) if getattr(n, "pos", None) is not None}
        found = [d for d in self.diagnostics[reported:] if d.code == "E150" and str(d.loc) in here]
        first = {}  # message -> its finding at the first place (compiled out of order: a part computed ahead first)
        for d in found:
            if d.message not in first or (d.loc.line, d.loc.col) < (first[d.message].loc.line, first[d.message].loc.col):
                first[d.message] = d
        later = {id(d) for d in found} - {id(d) for d in first.values()}
        self.diagnostics[reported:] = [d for d in self.diagnostics[reported:] if id(d) not in later]

    def _die_names_hint(self, want, type_, what: str = "") -> str:
        """For faces where the names of dice are wanted (`roll: {dice: which}`, `which` chosen among subsets(dice)):
        `dice` holds the faces, a die is named by its word, and the list to choose among instead."""
        dice = list(self.symbols.dice)
        if want != DIE_NAMES or type_ not in ("record", ("list", "record")) or not dice:
            return ""
        shown = [f"'{name}'" for name in (dice if len(dice) <= NAMES_SHOWN else dice[:2])]
        names = ", ".join(shown + ([] if len(dice) <= NAMES_SHOWN else ["..."]))
        doing = "set aside" if what.startswith("set_aside") else "roll"
        return (f"a die is named by a word: choose the dice to {doing} among subsets([{names}]), their names; "
                f"the value dice holds their faces")

    def ranking(self, order: str, keys) -> None:
        """The winners' ranking, `highest` or `lowest` over these keys (compiled Exprs of `p`): build writes it out (RANKED)."""
        self._ranking = (order, tuple(keys))

    def part(self, whole: Expr, node, text: str, env: dict | None = None) -> Expr | None:
        """An Expr for ``node``, a part of ``whole`` (compiled already, with the local names ``env`` as it was), to show
        its value."""
        reported = len(self.diagnostics)
        scope = _locals_scope(env)
        found = self._guarded(lambda: self.gen(node, scope, SourceText(whole.text, whole.loc)), whole.loc)
        # the whole said its part's mistakes, with the hints of its place (an expectation's: never "quote it"); said
        # again here, out of that place, they would bring other hints, and the longer one is kept (said_once)
        said = {(str(d.loc), d.code, d.message) for d in self.diagnostics[:reported]}
        self.diagnostics[reported:] = [d for d in self.diagnostics[reported:] if (str(d.loc), d.code, d.message) not in said]
        if found is None:
            return None
        code, type_ = found
        return self._register(Expr(whole.loc, text, type_, (), node), code)

    def enumerator(self, action_name: str, params, condition, env: dict) -> str:
        """Generate the function that lists an action's legal options; returns its name.

        params: (name, text, loc) of each parameter's choices; condition: (text, loc) or None.
        Parameters are Python locals, a parameter's choices that do not depend on earlier
        parameters are computed once, and so are the parts of the condition that read no
        parameter (see ``_hoistable``). Where the last parameter has more than GROUP_FROM
        choices, its legal values are appended to ``out`` as one group, (action, bound
        arguments, name, values), and the function returns true: the interpreter then
        makes an OptionList. Called as fn(S, L, out, Option, distinct, where). A part
        computed ahead that fails holds _LAZY and sets ``slow``: from then on the condition
        tests each such part and computes it where it stands; until then it reads them as they are.
        """
        fname = f"n{len(self.functions)}"
        scope = _locals_scope(env)
        names = [p[0] for p in params]
        head, body, indent = [], [], "    "
        written = {}  # table -> (the list its statement is in, the statement, its indent, its entry's code)
        alike_after = False  # options alike are left out once made (alike_once), not by their choices
        per_choice = {}  # local of a part computed once per choice of an earlier parameter -> (its line in body, indent, code, comp parameter)
        first_loop, zone_first, lazy = None, False, {}  # the first parameter's loop; whether it goes over a zone's components
        zone_first_code = None  # the code of the first parameter's zone, where its choices are its distinct components
        on_grids = False  # whether a parameter's choices may hold pieces on a grid (_on_grids)
        params = [(pname, expression_text(text), loc) for pname, text, loc in params]
        condition = (expression_text(condition[0]), condition[1]) if condition is not None else None
        reported, cond_tree, trees = len(self.diagnostics), None, []
        try:
            cond_tree = parse(condition[0], condition[1]) if condition is not None else None
            self._hoisted = {id(node) for node in _hoistable(cond_tree, set(names))} if cond_tree else set()
            self._cells = {}
            trees = [parse(text, loc) for _, text, loc in params]
            # choices that read no parameter are the same in every loop: the work of every
            # combination is charged once, ahead (as the loops would charge it, in the end)
            ahead = all(not (_free_names(tree) & set(names)) for tree in trees)
            # the parameters whose choices are computed ahead of the loops, once a listing, that no test for nothing to
            # choose has read yet (a zone read by name is not tested before it: the test before the next reads both)
            untested = []
            for i, (pname, text, loc) in enumerate(params):
                tree = trees[i]
                code, t = self.gen(tree, scope, SourceText(text, loc))
                target = head if not (_free_names(tree) & set(names)) else body
                pad = indent if target is body else "    "
                listed = code
                apart = self._on_grids(tree, t, scope)
                on_grids = on_grids or apart
                if element_type(t) in ("comp", ANY):
                    # identical components are offered once: skipped before the condition is
                    # tested where it cannot tell them apart, else once their options are made
                    later = [cond_tree, *trees[i + 1:]]
                    if all(same_for_identical(node, pname, self.symbols.defines) for node in later):
                        # (a grid's pieces told apart by their placements too; no fused pass over a zone's signatures)
                        listed = f"_distinct_apart(distinct, {code}, where, S.placed)" if apart else f"distinct({code}, where)"
                    else:
                        alike_after = True
                    if element_type(t) == ANY:
                        alike_after = True  # maps or lists known only at run time: compared once made
                elif _plain(element_type(t)):
                    if not never_repeats(tree, self.symbols):
                        listed = f"distinct({code}, where)"  # equal plain values: no condition tells them apart
                else:
                    alike_after = True  # lists and maps (subsets of a hand, {'card': c}): compared item by item
                if target is head and untested and not (_FAMILY_READ.fullmatch(code) or _ONE_ZONE_READ.fullmatch(code)):
                    # an earlier choice with nothing to choose: no option, and this one is not worked out (it could
                    # fail, and is never reached in the order the choices are made); one test a listing for each
                    # earlier choice, not made for a zone by its name, which cannot fail (and the work charged ahead
                    # is nothing either way): the one before it was tested before it, unless a zone read by name
                    # (a trial's empty letters, then a zone, then a placement of the first letter, failed)
                    head += [f"    if not dom{j} and _nothing_to_choose(dom{j}):\n        return False" for j in untested]
                    untested = []
                target.append(f"{pad}dom{i} = {listed}")
                if target is head:
                    untested.append(i)
                scope[pname] = (f"p_{pname}", element_type(t))
                self._bound(f"p_{pname}", t)
                tables = self._tables(cond_tree, names, i, scope, SourceText(condition[0], condition[1])) if cond_tree else []
                if tables and target is body:
                    # choices that depend on an earlier parameter may still be the very same list
                    # (a builtin's remembered result): then the tables made for it still hold
                    head.append(f"    seen{i} = None")
                    target.append(f"{pad}if dom{i} is not seen{i}:")
                    pad += "    "
                    target.append(f"{pad}seen{i} = dom{i}")
                if i == 0 and target is head and t == "zone" and listed != code and not tables:
                    zone_first_code = code  # a zone's components listed once each: see _fused_first below
                for table, table_code in tables:
                    if target is head and listed == code:  # the table is f(x) for x in these very choices
                        self._tables_over[(code, pname, table_code)] = table
                    target.append(f"{pad}try:\n{pad}    {table} = [{table_code} for p_{pname} in dom{i}]\n"
                                  f"{pad}except _ERRORS:\n{pad}    {table} = [_LAZY] * _len(dom{i})\n{pad}    slow = True")
                    written[table] = (target, target[-1], pad, table_code)
                # every combination tried is work: charge each loop's length each time it starts
                # (charged ahead instead, unless that is more than is left: see below)
                charge = f"_W[0] -= _len(dom{i})\n{indent}if _W[0] < 0:\n{indent}    _out_of_work()"
                body.append(f"{indent}{charge}" if not ahead else f"{indent}if over:\n{indent}    {charge.replace(chr(10), chr(10) + '    ')}")
                if tables:
                    values = ", ".join(f"v{table}" for table, _ in tables)
                    loop = f"for p_{pname}, {values}, in _zip(dom{i}, {', '.join(t for t, _ in tables)})"
                else:
                    loop = f"for p_{pname} in dom{i}"
                if i == len(params) - 1:
                    break  # the last parameter's legal values make one group of options (below)
                if i == 0:
                    first_loop, zone_first = loop, t == "zone"
                body.append(f"{indent}{loop}:")
                indent += "    "
                if cond_tree is not None and i < len(params) - 1:
                    # parts of the condition that read this parameter and no later one: once per choice
                    for local, code in self._per_choice(cond_tree, names, i, scope, SourceText(condition[0], condition[1]), f"o{i}_", None):
                        per_choice[local] = (len(body), indent, code, pname if element_type(t) == "comp" else None)
                        body.append(f"{indent}try:\n{indent}    {local} = {code}\n{indent}except _ERRORS:\n{indent}    {local} = _LAZY\n{indent}    slow = True")
            test, one_table, fast_test, trusted = "True", None, None, None
            if cond_tree is not None:
                test, test_type = self.gen(cond_tree, scope, SourceText(condition[0], condition[1]))
                if self._tabled:
                    # while every part computed ahead has a value (the common case, and always
                    # until one fails: `slow` stays set), the condition reads them as they are
                    self._lazy = lazy = self._lazy_parts(cond_tree, per_choice, self._seeds, names[-1])
                    for local in self._lazy:
                        at, pad, _, _ = per_choice[local]
                        body[at] = f"{pad}{local} = _LAZY"
                    self._trusting = True
                    trusted, _ = self.gen(cond_tree, scope, SourceText(condition[0], condition[1]))
                    if trusted == f"vt{len(params) - 1}_0" and test_type != ANY:
                        one_table = f"t{len(params) - 1}_0"  # the whole condition is one table of the last parameter
                if test_type == ANY:
                    test = f"_truth({test})"  # as Compiler.expression does for the same condition
                    trusted = f"_truth({trusted})" if trusted is not None else None
                if trusted is not None:
                    # the test as it runs while nothing has failed: the loops over the last parameter's
                    # choices are written twice, for either value of `slow` (which no pass of them sets)
                    fast_test = ((f"({trusted} if not slow else {test})", trusted), (test, "True"))
        except PhiltreError:
            return ""  # already reported where the action's parts were checked
        finally:
            for tree, (text, loc) in zip([cond_tree, *trees], [condition or ("", None), *((t, l) for _, t, l in params)]):
                if tree is not None:  # (as Compiler.expression tells them: its first compile of these is not all)
                    self._once_per_name(tree, SourceText(text, loc), reported)
            cells, self._cells = self._cells, None
            seeds, self._seeds, self._tables_over = self._seeds, {}, {}
            self._hoisted, self._tabled, self._trusting, self._lazy = set(), {}, False, {}
        if params and ahead:  # len0 + len0 * len1 + ...: each loop's length times the loops around it
            product = "".join(f"_len(dom{i}) * (1 + " for i in range(len(params) - 1)) + f"_len(dom{len(params) - 1})" + ")" * (len(params) - 1)
            # more than is left: charged loop by loop after all, so that a rule failing in an early
            # combination fails with its own error, as it would without the charge ahead
            # Choices that are no collection fail only in a loop that reaches them (none, when an
            # outer parameter has no choice): then too, the loops charge as they start
            head.append(f"    try:\n        work = {product}\n    except _ERRORS:\n        work = _W[0] + 1\n"
                        f"    over = work > _W[0]\n    if not over:\n        _W[0] -= work")
        if len(params) > 1 and tables and target is head and one_table is None:
            # the last parameter's choices and tables are the same in every loop: paired once, not zipped in each
            at = max(head.index(written[table][1]) for table, _ in tables)
            head.insert(at + 1, f"    pairs{i} = [*_zip(dom{i}, {', '.join(table for table, _ in tables)})]")
            loop = f"for p_{pname}, {values}, in pairs{i}"
        cells_made = [f"    hz = [_LAZY] * {len(cells)}"] if cells else []  # (lines of the head: see below)
        for k, table in seeds.items():  # a list is never changed in place: the cell may hold the table itself
            cells_made.append(f"    if not slow:\n        hz[{k}] = {table}")
        head[:0] = cells_made[:1]
        head += cells_made[1:]
        fast = 0  # the lines of the loops for few options, written first in the body where they are
        fused = None  # the lines of the first parameter's pass in those loops (or the one parameter's, below): (lines before it, its lines, a test more)
        copies = None  # the number of the last parameter's choices, a family of zones that declares it
        ungrouped = not params  # whether no listing can have many choices of the last parameter (a group)
        if params:
            last = len(params) - 1
            bound = "".join(f"({p[0]!r}, p_{p[0]}), " for p in params[:-1])
            args = f"{bound}({params[-1][0]!r}, p_{params[-1][0]}), "
            # many choices for the last parameter: its legal values are one group, whose options
            # are made only when looked at (an OptionList); few: the options are made here
            # (always, where options alike are found once made: a group is never compared)
            grouping = f"_len(dom{last}) > {GROUP_FROM}"
            if ahead and last and not alike_after:  # the same choices in every loop: tested once
                # (a loop that reaches choices that are no collection fails at its charge, before reading it)
                copies = self._declared_copies(trees[last], scope)
                if copies is not None and copies <= GROUP_FROM:  # a family of as many zones as it declares: never many
                    head.append("    many = False")
                    ungrouped = True
                else:
                    head.append(f"    try:\n        many = {grouping}\n    except _ERRORS:\n        many = False")
                grouping = "many"
            body.append(f"{indent}if {'False' if alike_after else grouping}:")
            pad = indent + "    "
            if last and not (cond_tree is not None and _free_names(cond_tree) & set(names[:-1])):
                # the condition reads no earlier parameter: the same choices have the same legal values
                head.append(f"    kept{last} = None")
                body.append(f"{pad}if dom{last} is not kept{last}:")
                body.append(f"{pad}    kept{last} = dom{last}")
                pad += "    "
            picked = one_table is not None and not alike_after
            if picked:
                # the whole condition is one table: many choices' legal values are picked straight
                # from them (a grid's placements: a third less than the table and a pass over it);
                # the table is made only for few choices, or where the pick fails (the condition is
                # then tested as written)
                target, statement, table_pad, table_code = written[one_table]
                at = target.index(statement)  # found again: lines may have been put before it since
                target[at] = (f"{table_pad}if _len(dom{last}) > {GROUP_FROM}:\n{table_pad}    {one_table} = None\n{table_pad}else:\n"
                              + "\n".join("    " + line for line in statement.split("\n")))
                name = f"p_{params[-1][0]}"
                picking = _fields_read_once(table_code, name, f"w{last}")
                body.append(f"{pad}try:\n{pad}    legal = [{name} for {name} in dom{last} if {picking}]\n{pad}except _ERRORS:\n"
                            f"{pad}    {one_table} = [_LAZY] * _len(dom{last})\n{pad}    slow = True")
                body.append(f"{pad}    legal = []")
                pad += "    "
            else:
                body.append(f"{pad}legal = []")
            # (after a pick that failed, `slow` is set: that loop tests each part)
            body += _loops(pad, loop, None if picked else trusted, test, [f"legal.append(p_{params[-1][0]})"])
            body.append(f"{indent}    if legal:")
            body.append(f"{indent}        out.append(({action_name!r}, ({bound}), {params[-1][0]!r}, legal))")
            body.append(f"{indent}        grouped = True")
            body.append(f"{indent}else:")
            # an Option made without a Python call (Option has no __init__)
            made = ["o = Option()", f"o.action = {action_name!r}", f"o.args = ({args})", "out.append(o)"]
            body += _loops(indent + "    ", loop, trusted, test, made)
            if SHORTCUTS and ahead and last == 1 and not alike_after and trusted is not None and zone_first and all(
                    comp is not None and _cannot_fail(code, comp) for local, (_, _, code, comp) in per_choice.items() if local not in lazy):
                # few options, the work charged ahead, no part failed, and no part of a card (a zone's component:
                # never none) that can fail: the loops written once more, without the tests of `over`, `many`
                # and `slow` (fixed for the listing) and the `try` of each part at each card
                parts = [f"            {local} = {'_LAZY' if local in lazy else code}" for local, (_, _, code, _) in per_choice.items()]
                fast_loops = ["    if not (over or many or slow):", f"        {first_loop}:", *parts,
                              *_loops("            ", loop, None, trusted, made), "        return grouped"]
                body[:0] = fast_loops
                fast = len(fast_loops)
                if _FUSE_SAFE.fullmatch(trusted) and all(
                        _FUSE_SAFE.fullmatch(code) for local, (_, _, code, _) in per_choice.items() if local not in lazy):
                    # the first parameter's pass: its parts and the loops over the last's choices, written out for a
                    # family of a few declared zones (as many as it declares: a local each, unpacked once a listing)
                    fused = ([], fast_loops[2:-1], "")
                    ready = [local for local in per_choice if local not in lazy]  # (locals holding their values in the pass)
                    written_out = _loop_written_out(loop, trusted, made, copies, ready) if copies is not None else None
                    if written_out is not None:
                        # (the pass is taken where the family holds as many zones as it declares: that number is its length)
                        fused = (written_out[0], _parts_where_read(parts, written_out[1], self.symbols), f" and _len(dom{last}) == {copies}", (f"_len(dom{last})", str(copies)))
            if SHORTCUTS and ahead and not last and not alike_after and trusted is None and (cond_tree is None or _FUSE_SAFE.fullmatch(test)):
                # one parameter, no table: its pass where the options are few, for the distinct components of a zone
                fused = ([], [f"            {line}" for line in made] if test == "True" else
                         [f"            if {test}:", *(f"                {line}" for line in made)], "")
        else:
            if trusted is not None:
                test = f"({trusted} if not slow else {test})"
            body.append(f"{indent}if {test}:")
            body.append(f"{indent}    o = Option()\n{indent}    o.action = {action_name!r}\n{indent}    o.args = ()\n{indent}    out.append(o)")
        if alike_after:
            head.insert(0, "    start = _len(out)")
            # (a list of components chosen among subsets is a set: the same cards in another order are one option)
            sets = tuple(pname for pname, tree in zip(names, trees) if chosen_among_subsets(tree))
            body.append(f"    out[start:] = _alike_once(out[start:], {'_where_apart(where, S.placed)' if on_grids else 'where'}"
                        f"{f', {sets!r}' if sets else ''})")
        body.append("    return grouped")
        if fast and cells_made and not any(re.search(r"\bhz\b", line) for line in head + body[:fast] if line not in cells_made):
            # the loops for few options read no cell (they read the tables as they are): the cells are made and
            # seeded only where those loops are not taken, not for nothing at each listing (`slow` is as it was)
            head[:] = [line for line in head if line not in cells_made]
            body[fast:fast] = cells_made
        start = ["    grouped = slow = False"]
        if zone_first_code is not None and fused is not None and (not cells_made or cells_made[0] not in head):
            self._fused_first(head, zone_first_code, names[0], fused, product, len(params), start)
        head[:0] = start
        budget = _FRESH_BUDGET  # one listing of options is one evaluation: a fresh work budget
        text = _budget_local(self._tables_unremembered("\n".join([budget] + head + body), written, head, fast_test, seeds))
        self.functions.append(f"def {fname}(S, L, out, Option, distinct, where):\n" + text)
        # its bare twin, made where a game first needs it (a twin that may meet a group lists twice: whether it never does)
        self.bare[fname] = (text, names, ungrouped)
        return fname

    def _fused_first(self, head, code, pname, fused, product, nparams, start) -> None:
        """``head`` (a lister's first lines) with the first parameter's choices, a zone's distinct components,
        picked in the pass that lists the options where the options are few and the work charged ahead surely
        within the budget (the zone's length for its distinct components: never more), no part has failed and
        the pass neither calls nor charges anything: no list of them made by ``distinct``'s call and walked
        again. The work is charged after the pass, as it was before it, which nothing in it reads. Elsewhere
        the listing goes on as before, from ``distinct``'s list; the pairs of the last parameter's choices and
        tables, where that pass does not read them (written out), are made there only. Where nothing before the
        pass reads ``start`` (the lines setting `grouped` and `slow`, which the pass neither reads nor sets: it
        returns false), they are moved after it; and where nothing before it calls anything, a zone of no more
        than GROUP_FROM components is surely within the fresh budget: not tested against it."""
        listed, work = f"    dom0 = distinct({code}, where)", [line for line in head if line.startswith("    try:\n        work = ")]
        empty = "    if not dom0 and _nothing_to_choose(dom0):\n        return False"  # (the zone has its distinct components' truth)
        if listed not in head or len(work) != 1 or any("dom0" in line for line in head if line not in (listed, work[0], empty)):
            return
        head[head.index(listed)] = f"    z0 = {code}"
        if empty in head:
            head[head.index(empty)] = empty.replace("dom0", "z0")
        head.remove(work[0])
        before, lines, more, *known = fused
        for length, value in known:  # a length the pass's test fixes: the work computed with it as a number
            product = product.replace(length, value)
        for pairs in [line for line in head if line.startswith("    pairs")]:  # made only where it is read: after that pass
            name = re.compile(rf"\b{pairs.split(' = ')[0].strip()}\b")
            if not any(name.search(line) for line in head + before + lines if line != pairs):
                head.remove(pairs)
                work.insert(0, pairs)
        few = "" if nparams > 1 else f" and _len(z0) <= {GROUP_FROM}"  # (more than one: `many` tells it of the last)
        within = f" and {product.replace('_len(dom0)', '_len(z0)', 1)} <= _W[0]"
        if SHORTCUTS and few and GROUP_FROM <= WORK_LIMIT and not any(re.search(r"[(]|_W\b", line) for line in head):
            within = ""  # (the budget is fresh: _FRESH_BUDGET)
        # (where the last parameter's choices are never many, `many` is false: not tested)
        taken = "    if fuse:" if nparams == 1 else "    if fuse and not slow:" if "    many = False" in head else "    if fuse and not (many or slow):"
        # one of a zone family's zones, read by subscript, is a Zone (State, its copies and every stand-in make each one so)
        zone = "" if SHORTCUTS and _family_zone(code) else "_type(z0) is _Zone and "
        moved = SHORTCUTS and not any(re.search(r"\b(?:grouped|slow)\b", line) for line in head + before + lines + [taken])
        head += ["    try:", f"        fuse = {zone}{(few + more + within)[5:]}", "    except _ERRORS:", "        fuse = False", taken,
                 "        dist0 = _set()", *before, f"        for p_{pname} in z0:", f"            if p_{pname}.signature in dist0:",
                 "                continue", f"            dist0.add(p_{pname}.signature)", *lines,
                 f"        _W[0] -= {product.replace('_len(dom0)', '_len(dist0)', 1)}", "        return False",
                 *(start if moved else ()), "    dom0 = distinct(z0, where)", *work]
        if moved:
            start.clear()

    def _on_grids(self, tree, t, scope) -> bool:
        """Whether a parameter's choices ``tree`` (of type ``t``) may hold pieces on a grid, whose placements tell
        identical ones apart: the ruleset has a grid zone, and the choices may hold components (not plain values) and
        are not one zone that is no grid, by its name (`hand[me]`, `pile`). Only such choices are keyed by placement."""
        if not self.symbols.grids or _plain(element_type(t)):
            return False
        named = tree.target if isinstance(tree, ast.Index) else tree
        return not (t == "zone" and isinstance(named, ast.Name) and named.name not in scope and named.name not in self.symbols.defines
                    and named.name in self.symbols.zones and named.name not in self.symbols.grids)

    def _declared_copies(self, tree, scope) -> int | None:
        """How many zones the choices are where they are a zone family by its name, declared with a number of copies."""
        if isinstance(tree, ast.Name) and tree.name not in scope and tree.name not in self.symbols.defines:
            return self.symbols.zone_copies.get(tree.name)
        return None

    def _lazy_parts(self, tree, per_choice, seeds, last) -> dict:
        """Local -> code of each part computed once per choice of an earlier parameter that the condition
        does not read at every test (the right of an `and` or `or`, a branch of `if`) and that surely
        neither fails nor charges work while nothing has failed (the attributes of a component choice read
        and compared, `in` a table): it is computed where the condition first reads it, and may never be
        (`c.color not in [colour(z) for z in piles]` on the right of `colour(into) == none and`, read only
        beside a pile of no colour). Such a part never sets `slow`, so `slow` changes where it did; where
        it has, the condition computes the part where it stands, as for a part that failed. The parts
        computed ahead that it holds are read from their locals (all hold a value while nothing has failed)."""
        every = {self._tabled[id_] for id_ in _read_every_test(tree, last) if id_ in self._tabled}
        found = {}
        for local, (_, _, code, comp) in per_choice.items():
            if local in every or comp is None:
                continue
            # a cell seeded with a table holds it while nothing has failed: the table, read as it is
            code = re.sub(r"\(hz\[([0-9]+)\] if hz\[\1\] is not _LAZY else _keep\(hz, \1, _e[0-9]+, S, L\)\)",
                          lambda m: seeds.get(int(m.group(1)), m.group(0)), code)
            if _cannot_fail(code, comp):
                found[local] = code
        # the other parts it holds are read as the condition reads them (computed ahead: their locals)
        reads = {known: other if other not in found else f"({other} if {other} is not _LAZY else ({other} := {found[other]}))"
                 for other, (_, _, known, _) in sorted(per_choice.items(), key=lambda item: len(item[1][2]))}
        for local in sorted(found, key=lambda local: len(per_choice[local][2])):
            for known, read in sorted(reads.items(), key=lambda item: -len(item[0])):  # the largest first
                if known != per_choice[local][2]:
                    found[local] = re.sub(rf"(?<![\w.]){re.escape(known)}", lambda _: read, found[local])
            reads[per_choice[local][2]] = f"({local} if {local} is not _LAZY else ({local} := {found[local]}))"
        return found

    def _tables_unremembered(self, text, written, head, fast_test, seeds) -> str:
        """``text`` (a lister's body) with each table of a remembered definition's values, made once per
        listing, calling the definition's body without the memo where nothing else the listing runs while
        no part has failed calls that definition: the table is then the only reader of each value, and
        remembering it cost more than the call (a definition of each zone of a family, read by the
        condition: 0.5 us a listing).
        Once a part has failed, the listing calls definitions as written, remembered."""
        fast = text
        for written_test, as_run in fast_test or ():
            fast = fast.replace(written_test, as_run)
        for k in seeds:  # a cell seeded with a table reads it while nothing has failed
            fast = re.sub(rf"_keep\(hz, {k}, _e[0-9]+, S, L\)", "", fast)
        for table, (target, _, _, code) in written.items():
            called = _TABLED_CALL.match(code)
            if target is not head or called is None or f"def _{called.group(1)}(" not in self._function_heads:
                continue  # (a table made again for each earlier choice may meet the same choice twice)
            others = fast.replace(f"= [{code} for p_", "").replace(f" if {code}]", "")
            if called.group(1) in self._reachable(others):
                continue
            text = text.replace(f"= [{code} for p_", f"= [_{code} for p_").replace(f" if {code}]", f" if _{code}]")
            text = self._table_as_loop(text, table, called.group(1))
        return text

    def _table_as_loop(self, text, table, fname) -> str:
        """``text`` with ``table``, made of an unremembered definition's values, made by a loop that runs its
        folded body in place: no call per choice and no comprehension's function (where its body folds).
        Should the body fail, the table fails as the calls would, and the condition calls the definition."""
        found = self._folded_bodies.get(fname)
        made = re.search(rf"^( *){table} = \[_{fname}\(S, L, (p_[A-Za-z0-9_]+)\) for (p_[A-Za-z0-9_]+) in (dom[0-9]+)\]$", text, re.M)
        if found is None or made is None or made.group(2) != made.group(3):
            return text
        param, body = found  # the loop binds the body's own parameter (no lister local is named v_)
        pad, choices = made.group(1), made.group(4)
        lines = [f"{pad}{table} = []", f"{pad}for {param} in {choices}:"]
        lines += [pad + line for line in body.split("\n")] + [f"{pad}    {table}.append(f_r)"]  # (the body is indented once)
        if SHORTCUTS:
            text, lines = _table_written_out(text, table, choices, param, body, pad, lines)
        return text[:made.start()] + "\n".join(lines) + text[made.end():]

    @property
    def _function_heads(self) -> str:
        """The first line of each generated function so far, one a line."""
        return "\n".join(line for text in self.functions for line in text.split("\n") if line.startswith("def "))

    def _reachable(self, code) -> set:
        """The definitions' and expressions' functions ``code`` may call, directly or through others."""
        sources = {}
        for text in self.functions:
            for part in re.split(r"^(?=def )", text, flags=re.M):
                if part.startswith("def "):
                    sources[part[4:part.index("(")]] = part
        found, todo = set(), [code]
        while todo:
            for name in _CALLED.findall(todo.pop()):
                if name in found:
                    continue
                found.add(name)
                number = re.fullmatch(r"_?e([0-9]+)", name)
                todo.append(self.codes[int(number.group(1))] if number and int(number.group(1)) < len(self.codes) else sources.get(name, ""))
        return found

    def _tables(self, tree, names, i, scope, src) -> list:
        """(table name, code) for each call in the condition that reads parameter i and no other.

        Its value for each of the parameter's choices is computed once per listing into a
        table, instead of once per combination with the other parameters. The condition
        reads the table; should computing it fail (a choice for which the rule would not
        reach that call), the table holds _LAZY and the call is made where it stands.
        """
        # the loop over the choices reads each table's entry into v<table>. A field of the choice, a
        # record, is read by subscript there (a quarter less than .get for a grid's legality test over
        # each placement): a record without it fails the table, and the condition is then tested as
        # written, where a missing field is none
        self._record_keys = f"p_{names[i]}"
        try:
            return self._per_choice(tree, names, i, scope, src, f"t{i}_", (ast.Call, ast.Comprehension), "v")
        finally:
            self._record_keys = None

    def _per_choice(self, tree, names, i, scope, src, prefix, kinds, read="") -> list:
        """(name, code) for the largest parts of the condition (of ``kinds``) that read parameter i and no other one.

        The condition reads each part's value from the local ``read + name``.
        """
        others = set(names) - {names[i]}
        found = {}  # code -> name: the same part written twice is computed once
        for node in _hoistable(tree, others, kinds):
            if names[i] in _free_names(node):
                code, _ = self.gen(node, scope, src)
                name = found.setdefault(code, f"{prefix}{len(found)}")
                self._tabled[id(node)] = read + name
        return [(name, code) for code, name in found.items()]

    def define_all(self) -> None:
        """Compile every definition (each once, whatever uses it)."""
        for define in self.symbols.defines.values():
            self._guarded(lambda: self._define_type(define), define.loc)
        for define in self.symbols.defines.values():
            if self._define_depth(define) > MAX_DEFINE_DEPTH and all(
                    self._depths.get(n, 0) <= MAX_DEFINE_DEPTH for n in self._callees(define.name)):
                self.error(define.loc, "E133", f"definitions use one another more than {MAX_DEFINE_DEPTH} deep from '{define.name}'",
                           "flatten the chain of definitions")
                continue
            if self._define_cost(define, table=True) > MAX_EXPANSION and not any(
                    self._define_cost(self.symbols.defines[n], table=True) > MAX_EXPANSION
                    for n in _called(define.tree) if n in self.symbols.defines and n != define.name):
                self.error(define.loc, "E133", f"definition '{define.name}' expands to more than {MAX_EXPANSION:,} steps "
                           f"through the definitions it uses ({self._costliest_path([define.name])})", _MULTIPLY)

    def _guarded(self, compile_, loc):
        """Run a compilation; a Python recursion overflow (a pathological file) becomes E100, not a crash."""
        try:
            return compile_()
        except RecursionError:
            self.define_stack.clear()
            for define in self.symbols.defines.values():
                define.compiling = False
            self.error(loc, "E100", "expression is nested too deeply (with the definitions it uses)")
            return None

    def build(self) -> dict:
        """Compile the generated module and attach functions to every Expr."""
        lines = list(self.functions)
        grown = {}  # index of an expression whose function is _concat_written's fresh body of a variable and a name -> its text
        for i, code in enumerate(self.codes):
            # each evaluation starts with a fresh work budget; a number too large for a float is a rule's failure
            reset = _FRESH_BUDGET + "\n" if _may_charge(code) else ""
            body = f"    try:\n        return {code}\n    except _OverflowError:\n        _overflow()"
            folded = self._folded_codes.get(i)
            self.expressions[i].family_items = _family_items(folded) if SHORTCUTS and reset and folded is not None else None
            fresh = _FRESH_FOLD.match(folded) if SHORTCUTS and reset and folded is not None else None
            if fresh and FOLD_FREE.fullmatch(fresh.group(1)) and (fresh.end() == len(folded) or self._fresh_lead(i, code, folded[fresh.end():])):
                # the evaluation is, or leads with, an any/all of the seats that stops at its deciding item, which
                # cannot fail nor charge work (`all(count(hand[p]) == 0 for p in players)`): its one charge, the seats'
                # count, is the budget set afresh at its end (nothing before it reads the budget or can fail), and
                # with MAX_SEATS seats at most it cannot run out; what follows charges from there, as it did
                folded = folded[:fresh.start(2)] + f"    _W[0] = {WORK_LIMIT} - _len(f_i0)" + folded[fresh.end():]
                reset = ""
            first = _FIRST_CHARGE.match(folded) if SHORTCUTS and reset and folded is not None else None
            assert first or not (SHORTCUTS and reset and folded is not None and re.match(_FIRST_CHARGE_ANY, folded)), folded
            if first and (first["of"] or first["of2"]) == (first["local"] or first["v"]) and (
                    first["fn"] is None or first["fn"] in self._kept_twins) and _CHARGED_CALL.search(folded, first.end()):
                # an expression that leads with a remembered definition's body written out (`total(into) + ...`):
                # the budget set once, at that body's first charge (or before the call where the memo stands), not
                # reset and then charged; a failing read of its argument sets it as the reset would have (a list a
                # static family's definition gives before the charge reads no budget and cannot fail)
                v, of = first["v"], first["of"] or first["of2"]
                failed, test, rest = folded[first.end() - len(f"            _not_a_collection({of})"):].split("\n", 2)
                assert test.startswith("        if _W[0] < 0:"), test  # (the charge's test: the budget left read from a local)
                folded = (f"    try:\n        {v} = {first['arg']}\n    except:\n        _W[0] = {WORK_LIMIT}\n        raise\n"
                          f"    if S.memo is None:\n{first['zeros']}{first['listed'] or ''}        try:{first['tag']}\n"
                          f"            _W[0] = f_wl = {WORK_LIMIT} - {first['charge']}{first['tag']}\n"
                          f"        except TypeError:{first['tag2']}\n            _W[0] = {WORK_LIMIT}{first['tag2']}\n"
                          f"{failed}\n{test.replace('if _W[0] < 0:', 'if f_wl < 0:', 1)}\n{rest}")
                folded = _CHARGED_CALL.sub(lambda m: f"\n    else:\n        _W[0] = {WORK_LIMIT}\n{m.group(0)[len(chr(10) + '    else:' + chr(10)):]}", folded, 1)
                reset = ""
            if folded is not None:
                statements = "\n".join("    " + line for line in folded.split("\n"))
                body = f"    try:\n{statements}\n        return f_r\n    except _OverflowError:\n        _overflow()"
            elif SHORTCUTS and _CONCAT_OF_READS.fullmatch(code):
                # (fresh where e{i} alone runs this body, after its reset: no lister's _e{i}, no memo's twin)
                body = _concat_written(code, fresh=bool(reset) and i not in self._cell_parts and "d_" not in code and "g_fold" not in code)
                if reset == _FRESH_BUDGET + "\n" and _GROWN.fullmatch(code) and f"_W[0] = {WORK_LIMIT} - f_n\n" in body:
                    grown[i] = f"def e{i}(S, L):\n{reset}{body}"
            if i in self._cell_parts:
                lines.append(f"def _e{i}(S, L):\n{body}")  # read by a lister: charged to the listing's work
            elif ("d_" in code or "g_fold" in code) and self._may_repeat(self.expressions[i].tree):
                # the state stands still while one expression is evaluated: definitions it
                # uses are remembered per arguments (as while options are listed), where one
                # may be called twice (setting up the memo costs more than one call saves)
                lines.append(f"def _e{i}(S, L):\n{body}")
                # with a memo of its own, the evaluation is written out in e{i} (no call of _e{i}), and an expression
                # that is one call of a remembered definition calls its body: the fresh memo cannot hold its value,
                # and nothing else reads it before the memo is dropped (a definition cannot call itself); only where
                # its key is its arguments as they are (a zone's key or a component's id could fail to be read)
                call = _REMEMBERED_CALL.fullmatch(code) if SHORTCUTS and folded is None else None
                if call is not None and call.group(1) in self._plain_keyed:
                    body = self._body_written(call.group(1), code, body) or body.replace(code, "_" + code, 1)
                body = (f"    if S.memo is not None:\n        return _e{i}(S, L)\n    S.memo = {{}}\n"
                        f"{body}\n    finally:\n        S.memo = None")
            lines.append(f"def e{i}(S, L):\n{reset}{body}")
        if SHORTCUTS and self._kept_twins:
            lines = [_kept_reads(text, self._kept_twins, self._kept_at) for text in lines]
            self.bare = {name: (_kept_reads(text, self._kept_twins, self._kept_at), *rest) for name, (text, *rest) in self.bare.items()}
        grown = {i: text for i, text in grown.items() if text in set(lines)}  # (as written: nothing changed it since)
        namespace = dict(RUNTIME)
        namespace["__builtins__"] = {}
        for slot in self._static_slots:  # no family seen yet
            namespace[slot] = [(None, None)]
        for fname in self._seat_keyed:  # each seat's memo key of a remembered definition given one seat (_memo_read)
            namespace[f"_k{fname}"] = tuple((fname, seat) for seat in range(MAX_SEATS))
        namespace[DEFINED_AT] = self.defined_at
        namespace[MAP_READS] = self.map_reads
        namespace.update(self.data_values)
        if self.reads_turn:  # placements() lists every turn (the calls written are the same: bytecodes do not change)
            namespace.update(PLACEMENTS_EVERY_TURN)
            namespace[READS_TURN] = True
            namespace[READS_TURN_AT] = self.turn_read_at  # (where, for L052)
        if SHORTCUTS:
            lines = [_counts_kept(_memo_made(_seat_values_read(_read_once(_memo_local(text)), self._tallies)), self._tallied_counts) for text in lines]
            lines = _seat_entries_dropped(lines, [text for text, *_ in self.bare.values()], self._tallies, self._seat_keyed)
            lines = self._last_misses_written(lines)
            lines = [_table_unfilled(_one_item_passes(_zones_in_order(_lists_read_kept(text)))) for text in lines]
            lines = self._empty_tallies_called(lines)
        namespace[INLINED_AT] = self._written_out(lines)
        namespace[BARE] = self.bare
        # in batches: Python's compiler needs memory in proportion to the source it is given
        # (a 1 MB ruleset as one module took 1 GB); the functions share one namespace anyway
        ranked = self._ranked() if SHORTCUTS else None
        if ranked is not None:  # (after the passes above: they rewrite definitions' reads, which it holds none of)
            lines.append(ranked)
        for start in range(0, len(lines), COMPILE_BATCH):
            source = "\n".join(lines[start : start + COMPILE_BATCH]) + "\n"
            exec(compiled(source), namespace)  # noqa: S102 - generated from the checked AST only
        # an evaluation's own text, as compiled (before compiled() banks it), where it is one function of a few lines:
        # a runner may write it into its loop (runners._adds_written: a `for`'s score, its add's call at each pass)
        texts = {text[4:text.index("(")]: text for text in lines
                 if text.startswith("def e") and len(text) <= WRITTEN_IN_MOST and "\ndef " not in text}
        for i, expr in enumerate(self.expressions):
            expr.fn = namespace[f"e{i}"]
            expr.fn.source = texts.get(f"e{i}")
            code = self.codes[i]
            # read where it stands by a runner only where the call does nothing more: no fold, no listing's cell,
            # and no fresh work budget (a name or a word holding "d_" or "b_" gets one: _CHARGING)
            if i in self._folded_codes or i in self._cell_parts:
                continue
            # ... but for last() and index() of a local name, read by a runner that gives the budget afresh itself
            last, at = _LAST_READ.fullmatch(code), _ZONE_INDEX_READ.fullmatch(code)
            expr.last_of, expr.zone_at_index = last and last.group(1), at and at.groups()
            expr.zone_near = self._zone_near(code)
            expr.grown = _GROWN.fullmatch(code).groups() if i in grown else None
            if any(t in code for t in _CHARGING):
                continue
            plus = _LOCAL_PLUS_READ.fullmatch(code)
            expr.local_plus = (plus.group(1), int(plus.group(2))) if plus else None
            plain = _LOCAL_READ.fullmatch(code)
            if plain:
                expr.local = plain.group(1)
            zone = _ZONE_READ.fullmatch(code)
            if zone:
                expr.zone_local = zone.groups()
            attr = _ZONE_ATTR_READ.fullmatch(code)
            if attr:
                expr.zone_attr = attr.group(1), attr.group(2), attr.group(3) or attr.group(4)
            if _CONST_READ.fullmatch(code):
                expr.const = (_literal_eval(code),)
            one = _ONE_ZONE_READ.fullmatch(code)
            if one and self.symbols.zones.get(one.group(1)) == "single":
                expr.zone_one = one.group(1)
            family = _FAMILY_READ.fullmatch(code)
            if family and self.symbols.zones.get(family.group(1)) == "family":
                expr.family = family.group(1)
            expr.seats = code == "S.players"
            var = _VAR_READ.fullmatch(code)
            expr.var = var and var.group(1)
        return namespace

    def _last_misses_written(self, lines: list) -> list:
        """``lines`` (the module's generated functions, their last rewrites made) where an expression's function with a
        memo of its own ends with a remembered list of no argument read for its length (``_once_written``) has that
        read's miss written out, and where a written-out miss there keeps values no other code reads
        (``_misses_kept_apart``) keeps them in a dict of its own."""
        if not any(_MADE_MEMO in text for text in lines):
            return lines
        sources = {part[4:part.index("(")]: part for text in lines for part in re.split(r"^(?=def )", text, flags=re.M)
                   if part.startswith("def ")}
        out = []
        for text in lines:
            if _MADE_MEMO in text:
                text = _once_written(text, sources, self.defined_at, self._inline_locs)
                text = _misses_kept_apart(text, sources)
            out.append(text)
        return out

    def _empty_tallies_called(self, lines: list) -> list:
        """``lines`` (the module's generated functions, their last rewrites made) where an expression's function with a
        memo of its own calls a tallied count's list alone (``_mt..(S, L, m)``, _tallied) before anything can have
        written that memo: the call made to the list's function for an empty memo (``_mte..``, made once), which
        neither looks the list up nor reads the memo's length (a tuple hashed, two calls and a test less).

        The same values, work and failures: the memo is the function's own, made empty just before (``S.memo = {}``,
        then ``m = S.memo``), and no line from there to the end of the outermost loop around the call (every line
        that can run before it, on any pass) calls a generated function or a memo's helper, reads the memo or binds
        ``m``; so the memo is empty at the call, where the look-up misses and the length is none, the very values the
        function for an empty memo takes in their place. A text holding another function is left as it is."""
        made, out = {}, []
        for text in lines:
            rows = text.split("\n")
            at = next((i for i, row in enumerate(rows) if row == "    S.memo = {}"), None)
            if (not text.startswith("def e") or "\ndef " in text or at is None or at + 2 >= len(rows) or rows[at + 1] != "    try:"
                    or not re.fullmatch(r"        m = S\.memo(  # written out: [A-Za-z_][A-Za-z0-9_]*)?", rows[at + 2])):
                out.append(text)
                continue
            for k in range(at + 3, len(rows)):
                call = re.search(r"\b_mt(d_[A-Za-z0-9_]+)\(S, L, m\)", rows[k])
                if call is None:
                    continue
                loops = _enclosing_loops(rows, k)
                end = loops[-1][0] + len(loops[-1][1]) if loops else k + 1
                region = "\n".join(rows[at + 3:k] + [rows[k][:call.start()] + rows[k][call.end():]] + rows[k + 1:end])
                if not (re.search(r"(?<![A-Za-z0-9_.])(?:_?m?t?d_[A-Za-z0-9_]+|g_fold[0-9]+|_?e[0-9]+|_seat_kept|_m[A-Za-z0-9_]+)\(", region)
                        or re.search(r"(?<![A-Za-z0-9_.])m(?:\[|\.|\s*:?=(?!=))|S\.memo", region)):
                    fname = call.group(1)
                    if fname not in made:
                        made[fname] = _empty_tally(fname, lines)
                    if made[fname] is not None:
                        rows[k] = rows[k][:call.start()] + f"_mte{fname}(S, L, m)" + rows[k][call.end():]
                        self.defined_at[f"_mte{fname}"] = self.defined_at[fname]
                break  # (the first call alone: a later one may find the memo written)
            out.append("\n".join(rows))
        return out + [text for text in made.values() if text is not None]

    def _fresh_lead(self, i, code, rest) -> bool:
        """Whether the statements ``rest`` after an evaluation's leading fold of the seats (_FRESH_FOLD) may follow
        its budget set afresh at its end: they start a statement of their own and read neither its count nor its
        seats' local, and the evaluation runs only as ``e{i}`` (no ``_e{i}`` of a listing's cell or of a memo's
        twin, which runs the same statements on the budget it is given)."""
        return (re.match(r"\n    [^ ]", rest) is not None and not re.search(r"\bf_(?:n|i0)\b", rest) and i not in self._cell_parts
                and not (("d_" in code or "g_fold" in code) and self._may_repeat(self.expressions[i].tree)))

    def _zone_near(self, code) -> tuple | None:
        """Expr.zone_near of an expression whose ``code`` (a definition's body written out in it, or not) reads a zone
        of a family of one zone a seat at left() or right() of the action's own seat (its `me`, not tested: _own_seat) by
        a variable's count of places, which alone is tested (the call's, written out in _g_Call), and charges no work."""
        body = _WRITTEN_OUT.fullmatch(code)
        near = _ZONE_NEAR_READ.fullmatch(body.group(1) if body else code)
        if near is None or _may_charge(code) or near.group(1) not in self.symbols.seat_zones:
            return None
        family, sign, var, call = near.groups()
        if sign != {"left": "+", "right": "-"}[call]:
            return None
        return family, "me", var, 1 if call == "left" else -1

    def _body_written(self, fname, code, body) -> str | None:
        """An expression's ``body`` whose code is one call of a remembered definition of no argument whose body is
        statements (``_memoised_statements``), with its memo of its own (see build): those statements written out
        in its place, each line naming the definition (a failure there is reported in it, as in its function), then
        its value returned; the same statements its function runs, without the call. None otherwise."""
        found = self._miss_bodies.get(fname)
        line = f"        return {code}"
        if found is None or found[0] or code != f"{fname}(S, L)" or line not in body.split("\n") or "m" in _words(found[1]):
            return None  # (m: the memo's local here)
        name, self._inline_locs[name] = self.defined_at[fname]
        # (its memo reads from a local, as in its function: _memo_local leaves a function that sets S.memo as it is)
        statements = _read_once(("    m = S.memo\n" + found[1]).replace(_MEMO_READ, "(m or _NOMEMO)"))
        written = "\n".join(f"    {text}" if INLINE_TAG.search(text) else f"    {text}  # written out: {name}" for text in statements.split("\n"))
        return body.replace(line, f"{written}\n        return f_r", 1)

    def _written_out(self, functions) -> dict:
        """Generated function -> line (counted from its `def`) -> (definition, Loc) whose body is written out on it."""
        found: dict = {}
        for text in functions:
            if "  # written out: " not in text:
                continue
            fname, first = None, 0
            for i, line in enumerate(text.split("\n")):
                if line.startswith("def "):  # one text may hold two functions (a remembered definition's)
                    fname, first = line[4:line.index("(")], i
                tag = INLINE_TAG.search(line)
                if tag:
                    found.setdefault(fname, {})[i - first] = (tag.group(1), self._inline_locs[tag.group(1)])
        return found

    def _may_repeat(self, tree) -> bool:
        """True if evaluating ``tree`` may call some definition more than once (also when unknown)."""
        return tree is None or any(n > 1 for n in self._calls_in(tree).values())

    def _calls_in(self, tree) -> dict:
        """Definition -> how many times evaluating ``tree`` may call it (2: more than once), the definitions it uses written out."""
        counts: dict = {}
        todo = [(tree, 1)]
        while todo:
            node, times = todo.pop()
            node = ast.listed(node)  # (its names and parts, as a list comprehension's of its pairs)
            name = node.func if isinstance(node, ast.Call) else node.name if isinstance(node, ast.Name) else None
            if name in self.symbols.defines and not _literal(self.symbols.defines[name]):  # a literal is written where it is used
                # (a name bound in a comprehension counts too: never fewer)
                counts[name] = min(2, counts.get(name, 0) + times)
                for callee, n in self._calls_of_definition(name).items():
                    counts[callee] = min(2, counts.get(callee, 0) + n * times)
            if isinstance(node, ast.Comprehension):
                # the first collection is read once; the rest is evaluated once per item
                first = node.clauses[0].iterable
                todo.append((first, times))
                if times == 1 and len(node.clauses) == 1 and never_repeats(first, self.symbols):
                    # items that are never equal: a call given the item is made once per item, each time
                    # with other arguments (f(x) for x in zones_of(p)); the rest repeats
                    clause = node.clauses[0]
                    for part in (*clause.conditions, node.element):
                        self._calls_per_item(part, {clause.var}, counts)
                    continue
                todo.append((node.element, 2))
                todo.extend((child, 2) for clause in node.clauses for child in _children(clause) if child is not first)
            else:
                todo.extend((child, times) for child in _children(node))
        return counts

    def _calls_per_item(self, node, items: set, counts: dict) -> None:
        """Add to ``counts`` the calls of ``node``, evaluated once per item of a list whose items (``items``) all differ.

        A definition given an item itself is called with other arguments each time: once,
        and so is what it calls with that argument (``_calls_given``). Every other call repeats.
        """
        defines = self.symbols.defines
        todo = [node]  # iteratively: a tree may be deep
        while todo:
            node = ast.listed(todo.pop())  # (its names and parts, as a list comprehension's of its pairs)
            if isinstance(node, ast.Call) and node.func in defines and not _literal(defines[node.func]):
                given = frozenset(i for i, arg in enumerate(node.args) if isinstance(arg, ast.Name) and arg.name in items)
                if given:
                    for callee, n in {node.func: 1, **self._calls_given(node.func, given)}.items():
                        counts[callee] = min(2, counts.get(callee, 0) + n)
                    todo.extend(node.args)
                    continue
            if isinstance(node, ast.Comprehension) and len(node.clauses) == 1 and self._partitions(node.clauses[0].iterable, items):
                # it loops over items that differ at each evaluation, and from one evaluation to the next:
                # a call given its item is made once, as a call given one of ``items``
                clause = node.clauses[0]
                todo.append(clause.iterable)
                for part in (*clause.conditions, node.element):
                    self._calls_per_item(part, items | {clause.var}, counts)
                continue
            if isinstance(node, ast.Comprehension) or (node.func if isinstance(node, ast.Call) else
                                                       node.name if isinstance(node, ast.Name) else None) in defines:
                # another definition's call, or a comprehension inside (all of it): repeats
                for callee in self._calls_in(node):
                    counts[callee] = 2
                continue
            todo.extend(_children(node))

    def passes_may_share(self, items, var: str, exprs) -> bool:
        """Whether the passes of a loop (``var`` over ``items``, its body evaluating ``exprs``) may call a
        remembered definition with the same arguments: only then does one memo for all its passes pay.

        Where the items never repeat (the seats), a call given the item is made with other
        arguments at each pass (``_calls_per_item``); so is a call given an item of a list that
        holds other items for another pass (``_partitions``: each seat scoring the zones it
        owns). A definition that is only ever written out keeps nothing in the memo.
        """
        if items is None or items.tree is None or not never_repeats(items.tree, self.symbols):
            return True
        counts: dict = {}
        for expr in exprs:
            if expr.tree is None:
                return True
            self._calls_per_item(expr.tree, {var}, counts)
        return any(n > 1 and name in self._called for name, n in counts.items())

    def _partitions(self, node, items: set, busy=frozenset()) -> bool:
        """Whether ``node`` is a list whose items never repeat, and which holds none of the same items again when
        evaluated with other values of ``items`` (values that all differ): the items of a list that never repeats
        whose key equals one of ``items`` (`[z for z in piles if owner(z) == p]`), or a definition given such a value
        whose body is one. A key that reads nothing but the item has one value: one of ``items`` at most.
        """
        if isinstance(node, ast.Call):
            define = self.symbols.defines.get(node.func)
            if define is None or define.tree is None or node.func in busy:
                return False
            given = {define.params[i] for i, arg in enumerate(node.args)
                     if i < len(define.params) and isinstance(arg, ast.Name) and arg.name in items}
            return bool(given) and self._partitions(define.tree, given, busy | {node.func})
        if not isinstance(node, ast.Comprehension) or len(node.clauses) != 1:
            return False
        clause = node.clauses[0]
        if not (isinstance(node.element, ast.Name) and node.element.name == clause.var
                and never_repeats(clause.iterable, self.symbols)):
            return False
        for cond in clause.conditions:
            if isinstance(cond, ast.Compare) and cond.op == "==":
                for key, other in ((cond.left, cond.right), (cond.right, cond.left)):
                    if isinstance(key, ast.Name) and key.name in items and _free_names(other) <= {clause.var}:
                        return True
        return False

    def _calls_given(self, name, positions: frozenset) -> dict:
        """The calls a definition makes when the arguments at ``positions`` differ at each call (kept): see ``_calls_per_item``."""
        known = self._given_calls
        key = (name, positions)
        if key not in known:
            known[key] = {}  # while it is worked out: a cycle adds nothing (and was reported)
            define = self.symbols.defines[name]
            counts = {name: 2} if define.tree is None else {}
            if define.tree is not None:
                self._calls_per_item(define.tree, {define.params[i] for i in positions if i < len(define.params)}, counts)
            known[key] = counts
        return known[key]

    def _calls_of_definition(self, name) -> dict:
        """``_calls_in`` of a definition's body (kept; a definition that uses itself was refused: E130)."""
        known = self._definition_calls
        if name not in known:
            known[name] = {}  # while it is worked out: a cycle adds nothing (and was reported)
            tree = self.symbols.defines[name].tree
            known[name] = {name: 2} if tree is None else self._calls_in(tree)
        return known[name]

    def error(self, loc: Loc, code: str, message: str, hint: str = "") -> None:
        if code in ("E120", "E124") and "word" in message and ("number" in message or "sum()" in message):
            hint = self._dashed_range_hint(hint)
        self.diagnostics.append(Diagnostic(loc, code, message, hint))

    def _dashed_range_hint(self, hint: str) -> str:
        """``hint``, with what a dashed attribute value means where words met arithmetic (`sum(c.value ...)` of
        `value: [1-10]`, or through a definition): the hint at a direct `.value` said it, these said nothing of it."""
        if "is one word; write the range" in hint or "is one word; a range's ends" in hint:
            return hint
        for name, values in self.symbols.attribute_values.items():
            ranged = next((v for v in values if named_range(v)), None)
            if ranged is not None:
                said = (f"'.{name}' is declared as '{ranged}', one word; "
                        + named_range_hint(name, named_range(ranged), self.symbols.attribute_values))
                return f"{hint}; {said}" if hint else said
            dashed = next((v for v in values if isinstance(v, str) and _DASHED_RANGE.fullmatch(v.strip())), None)
            if dashed is not None:
                low, _, high = dashed.strip().partition("-")
                said = f"'.{name}' is declared as '{dashed}', one word; write the range {low.strip()}..{high.strip()}"
                return f"{hint}; {said}" if hint else said
        return hint

    # -- internals ------------------------------------------------------------------
    def _small_enough(self, tree, loc: Loc) -> bool:
        """Refuse a tree nested deeper than MAX_AST_DEPTH (the generated code could not compile)."""
        if _depth(tree) > MAX_AST_DEPTH:
            self.error(loc, "E100", f"expression is nested too deeply (more than {MAX_AST_DEPTH} levels)", "name a part of it in define:")
            return False
        return True

    def _check_expansion(self, tree, loc: Loc) -> None:
        """E133 when an expression, with its definitions written out, is too large to evaluate quickly."""
        if self._cost(tree, table=True) <= MAX_EXPANSION:
            return
        callees = [self.symbols.defines[n] for n in _called(tree) if n in self.symbols.defines]
        if any(d.tree is not None and self._define_cost(d, table=True) > MAX_EXPANSION for d in callees):
            return  # reported once, at the definition
        path = self._costliest_path([d.name for d in callees])
        self.error(loc, "E133", f"expression expands to more than {MAX_EXPANSION:,} steps through the definitions it uses"
                   + (f" ({path})" if path else ""), _MULTIPLY)

    def _costliest_path(self, names) -> str:
        """The chain of definitions from the one of ``names`` that expands to the most, each through the one of its
        callees that expands to the most: where a loop or a use repeated in it multiplies, `a -> b -> c` for E133."""
        path: list = []
        while names and len(path) <= MAX_DEFINE_DEPTH:
            path.append(max(names, key=lambda n: self._define_cost(self.symbols.defines[n], table=True)))
            names = [n for n in self._callees(path[-1]) if n not in path]
        return " -> ".join(path)

    def _cost(self, node, work=False, table=False) -> int:
        """Nodes of a tree with the definitions it uses written out, and uncharged loops unrolled.

        A bound on the work of one evaluation that the work budget does not count. With ``work``, a comprehension
        charged at run time counts as its first collection alone: its items charge their own work when it runs. With
        ``table``, a loop over the seats counts the game's largest table (E133's bound), else any game's (the code
        made, which hangs on no ruleset's table)."""
        if work and isinstance(node, (ast.Comprehension, ast.MapComp)) and id(node) not in self._unrolled:
            return 1 + self._cost(node.clauses[0].iterable, True)
        total = 1
        name = node.func if isinstance(node, ast.Call) else node.name if isinstance(node, ast.Name) else None
        define = self.symbols.defines.get(name) if name else None
        if define is not None:
            total += self._define_cost(define, work, table)
        for child in _children(node):
            total += self._cost(child, work, table)
            if total > MAX_EXPANSION:
                return total
        unrolled = self._unrolled.get(id(node))
        searched = self._searched.get(id(node))
        return (total * unrolled[2 if table else 1] if unrolled is not None else total) + (searched[1] if searched is not None else 0)

    def _define_cost(self, define, work=False, table=False) -> int:
        """The expanded size of a definition's body (memoised; a cycle, reported as E130, counts 0); with ``work``,
        less its loops that charge their own work; with ``table``, at the game's largest table (``_cost``)."""
        if define.tree is None:
            return 0  # not parsed (yet, or at all): nothing to count
        memo = self._work_costs if work else self._table_costs if table else self._costs
        if define.name not in memo:
            for name in self._callees_first(define.name, memo):  # a long chain must not recurse
                if name not in memo:
                    memo[name] = 0
                    tree = self.symbols.defines[name].tree
                    memo[name] = self._cost(tree, work, table) if tree is not None else 0
        return memo[define.name]

    def _define_depth(self, define) -> int:
        """How many definitions deep a definition's calls go (itself included)."""
        memo = self._depths
        if define.name not in memo:
            for name in self._callees_first(define.name, memo):
                memo.setdefault(name, 1 + max((memo.get(c, 0) for c in self._callees(name)), default=0))
        return memo[define.name]

    def _callees(self, name) -> list:
        """The definitions a definition names or calls directly."""
        known = self._callee_lists
        if name not in known:
            tree = self.symbols.defines[name].tree
            known[name] = [] if tree is None else [n for n in _called(tree) if n in self.symbols.defines and n != name]
        return known[name]

    def _callees_first(self, name, done) -> list:
        """``name`` and the definitions it uses not yet ``done``, each after the ones it uses (iteratively: chains may be long)."""
        order, seen, stack = [], {name}, [(name, iter(self._callees(name)))]
        while stack:
            current, todo = stack[-1]
            for callee in todo:
                if callee not in seen and callee not in done:
                    seen.add(callee)
                    stack.append((callee, iter(self._callees(callee))))
                    break
            else:
                stack.pop()
                order.append(current)
        return order

    def placement(self, parts: dict, loc: Loc) -> Expr:
        """One Expr making the record {'x': .., 'y': .., 'rot': ..} of a placement written as a YAML mapping, from the
        Exprs of its parts (each checked, and reported, where it is written): ``parts`` maps each key to its Expr."""
        index = {id(expr): i for i, expr in enumerate(self.expressions)}
        code = "{" + ", ".join(f"{key!r}: e{index[id(part)]}(S, L)" for key, part in parts.items()) + "}"
        text = "{" + ", ".join(f"'{key}': {part.text}" for key, part in parts.items()) + "}"
        names = tuple(sorted({name for part in parts.values() for name in part.names}))
        # the tree of the map literal it stands for, that the lints read as they read one written out (their findings in
        # it are placed at the mapping: its parts come from several strings)
        trees = [(ast.Const(0, key), part.tree) for key, part in parts.items()]
        tree = ast.MapLit(0, tuple(trees)) if all(value is not None for _, value in trees) else None
        return self._register(Expr(loc, text, "map", names, tree), code)

    def _register(self, expr: Expr, code: str) -> Expr:
        self.expressions.append(expr)
        self.codes.append(code)
        return expr

    def _ranked(self) -> str | None:
        """The function RANKED of the winners' ranking (Compiler.ranking), each key's code written in its loop over the
        seats, or None where a key's evaluation is more than its code (a fold, a charge of work, a definition's call).

        game.choose_winners calls each key's function given a dict of `p` per seat and ranks by tuples of the keys
        times 1 or -1: this is that loop, the same tuples in the same order (a key's value times the same sign, its
        failures the same), without a call and a dict per key and seat."""
        if self._ranking is None:
            return None
        order, keys = self._ranking
        at = {id(expr): i for i, expr in enumerate(self.expressions)}
        codes = []
        for key in keys:
            i = at.get(id(key))
            if i is None or i in self._folded_codes or i in self._cell_parts or _may_charge(self.codes[i]):
                return None
            code = _seat_code(self.codes[i], _RANKED_SEAT)
            if code is None:
                return None
            codes.append(f"{1 if order == 'highest' else -1} * {code}")
        if not 1 <= len(codes) <= 3:
            return None
        # (a lone key compared as itself, not as a tuple of one: a tuple's items are equal where they are the same object
        # too, but a product of a number is a new one, and a word or list the same object is equal to itself)
        key = codes[0] if len(codes) == 1 else f"({', '.join(codes)})"
        return (f"def {RANKED}(S):\n    try:\n        f_b = _LAZY\n        f_w = []\n        for {_RANKED_SEAT} in S.players:\n"
                f"            f_k = {key}\n            if f_b is _LAZY or f_k > f_b:\n                f_b = f_k\n"
                f"                f_w = [{_RANKED_SEAT}]\n            elif f_k == f_b:\n                f_w.append({_RANKED_SEAT})\n"
                f"        return f_w\n    except _OverflowError:\n        _overflow()")

    def _callers_locals(self) -> tuple:
        """What the comprehensions around a call know of their locals, set aside (and cleared) while the definition's
        own function is compiled: that function has none of them. A table of kept values (_kept_values) made for a
        comprehension of the caller was written into the definition's function, which failed at run time with a
        NameError (f_t0), and the definition's code, made once, depended on which caller compiled it first."""
        caller = (self._holders, self._zone_locals, self._seat_locals, self._die_locals, self._maybe_none)
        self._holders, self._zone_locals, self._seat_locals, self._die_locals, self._maybe_none = [], set(), set(), set(), set()
        return caller

    def _restore_locals(self, caller: tuple) -> None:
        """The caller's comprehensions' locals back (_callers_locals)."""
        self._holders, self._zone_locals, self._seat_locals, self._die_locals, self._maybe_none = caller

    def _define_type(self, define: Define):
        return self._define(define, ())[1]

    def _define(self, define: Define, types: tuple):
        """Compile ``define`` for these argument types (once per distinct types); (function name, result type).

        Compiling a definition per argument types lets attribute reads and type tests on a
        parameter known to be a zone or a component be plain dictionary operations.
        """
        types = _specialised(types)
        if all(t == ANY for t in types):
            types = ()
        # (a record's fields too: "record" of regions() equals that of placements(), and a body compiled for one read the
        # other's fields in its E152, and was its code)
        key = (define.name, types, tuple(getattr(t, "fields", None) for t in types))
        if key in self.define_variants:
            return self.define_variants[key]
        if define.compiling:
            chain = " -> ".join(self.define_stack[self.define_stack.index(define.name):] + [define.name])
            self.error(define.loc, "E130", f"definition '{define.name}' uses itself ({chain}); the language has no recursion",
                       RECURSION_HINT)
            return "None", ANY
        if len(self.define_stack) >= MAX_DEFINE_DEPTH:
            return "None", ANY  # too deep a chain: define_all reports it (E133) at the definition where it starts
        if define.data:
            return self._data_define(define, key)
        if define.tree is None:
            try:
                define.tree = parse(define.text, define.loc)
            except PhiltreError as exc:
                self.diagnostics.extend(exc.diagnostics)
                self.define_variants[key] = ("None", ANY)
                define.type = ANY
                return self.define_variants[key]
            if not self._small_enough(define.tree, define.loc):
                define.tree = None
                define.text = "none"
                self.define_variants[key] = ("None", ANY)
                define.type = ANY
                return self.define_variants[key]
        define.compiling = True
        self.define_stack.append(define.name)
        # compiled for its arguments' types: the number goes first, as no name starts with a digit (`d_size_0` was
        # both size's code for zones and the code of a definition named `size_0`, which replaced it)
        fname = f"d_{len(self.define_variants)}_{define.name}" if types else f"d_{define.name}"
        # (a folded or literal block's place is its '>' or '|': a failure inside names the body's first line instead)
        body_at = SourceText(define.text, define.loc).at(0) if getattr(define.loc, "style", "") in ("|", ">") else define.loc
        self.defined_at[fname] = self.defined_at["_" + fname] = (define.name, body_at)  # _fname: the memoised body
        arg_types = types or (ANY,) * len(define.params)
        # a definition may read `me` and `current` where its caller has them
        scope = {"me": ("_bound(L, 'me')", "player"), "current": ("_bound(L, 'current')", "player")}
        scope.update({p: (f"v_{p}", t) for p, t in zip(define.params, arg_types)})
        wanted, self._wanted = self._wanted, None  # what the expression using it wants is not its body's
        reported = len(self.diagnostics)
        self._compiling.append(fname)
        top, self._fold_top = self._fold_top, define.tree
        caller = self._callers_locals()
        seen, self._seen = self._seen, {} if self.deferred is not None else None  # (its body's types of its own)
        try:
            code, t = self.gen(define.tree, scope, SourceText(define.text, define.loc))
            folded = (self._folded(define.tree, code, scope, SourceText(define.text, define.loc), lists=True)
                      or self._lead_folded(define.tree, code, False)) if len(self.diagnostics) == reported else None
        finally:
            self._wanted = wanted
            self._compiling.pop()
            self._fold_top = top
            self._restore_locals(caller)
            if not define.params and self._seen is not None:
                self._define_seen[define.name] = self._seen
            self._seen = seen
        self._name_overlay_changes(define.tree, SourceText(define.text, define.loc), reported)
        params = "".join(f", v_{p}" for p in define.params)
        # memo keys: a zone by its (name, index), a component by its id (no Python-level hash)
        args = "".join((f"v_{p}.key, " if t == "zone" else f"v_{p}['id'], " if t == "comp" else f"v_{p}, ")
                       for p, t in zip(define.params, arg_types))
        if not define.params and len(self.diagnostics) == reported and self._kept_once(define):
            self._once(fname, code, folded)  # the same value for the whole game: worked out at its first read, kept
        elif any(t == "record" or t == "map" or is_list(t) for t in arg_types):
            # a record or list argument cannot be a memo key (and is rarely the same twice)
            body = folded or f"    f_r = {code}"
            self.functions.append(f"def {fname}(S, L{params}):\n{body}\n    return f_r")
        elif folded is not None and (static := self._static_family(fname, params, define.params, folded)) is not None:
            self.functions.append(static)  # (its lists kept per family: no memo of its own)
        elif folded is not None:
            self._memoised_statements(fname, params, args, folded)
            self._remembered.add(fname)
            tallied = self._tallied(define, arg_types, fname, folded)
            if tallied is not None:
                self._misses[fname] = tallied
            if isinstance(define.tree, ast.Comprehension) and folded.startswith("    f_r = []\n") and len(re.findall(r"\bf_r = ", folded)) == 1:
                self._lists_made.add(fname)  # its value is always the list its loops append to (count() of it: its length)
            if len(define.params) == 1:
                self._folded_bodies[fname] = (f"v_{define.params[0]}", folded)
        else:
            self._memoised(fname, params, args, code)
            self._remembered.add(fname)
        self.define_stack.pop()
        define.compiling = False
        if _literal(define):
            self._constants[fname] = code  # written where it is used: a call would only return it
        self.define_variants[key] = (fname, t)
        if not types:
            define.type = t
        return fname, t

    def _data_define(self, define: Define, key) -> tuple:
        """A constant table written as YAML data: its value kept once in the namespace (``data_values``), each read
        of it that name's read (never a call, never worked out again); a list of words and numbers also as a frozenset,
        read by `x in NAME` (_g_Compare), at one step whatever its length."""
        value = define.data[0]
        fname, code = f"d_{define.name}", f"_D_{define.name}"
        self.data_values[code] = value
        if isinstance(value, list) and all(type(item) in (str, int, float, bool) for item in value):
            self.data_values[f"_F_{define.name}"] = frozenset(value)
        if define.tree is None:
            define.tree = data_tree(value)
        t = data_type(value)
        self.defined_at[fname] = (define.name, define.loc)
        self._constants[fname] = code
        self.functions.append(f"def {fname}(S, L):\n    return {code}")
        self.define_variants[key] = (fname, t)
        define.type = t
        return fname, t

    def _kept_once(self, define: Define) -> bool:
        """Whether a definition of no parameter is kept for the game once worked out: its body does work (a
        comprehension, a call, a read of another definition but a literal) and it reads, itself or through the definitions it uses, nothing that can change
        while a game runs (what a component's derive may read: the seats and their number, components, words and
        numbers; no zone, variable, die, score, round, `me` or `current`: _game_read), so it gives the same value at
        every read of a game. A literal is written where it is used (_literal): there is nothing to keep."""
        if _literal(define) or define.tree is None:
            return False
        defines = self.symbols.defines
        if not any(isinstance(n, (ast.Comprehension, ast.Call))
                   or (isinstance(n, ast.Name) and n.name in defines and not _literal(defines[n.name]))
                   for n in ast.walk(define.tree)):
            return False  # (arithmetic, tests and lists written out cost less than the read of a kept value)
        return not self._reads_the_game(define.name)

    def _reads_the_game(self, name: str, seen: frozenset = frozenset()) -> bool:
        """Whether definition ``name``, or one it uses, reads what a component's derive cannot (_game_name), as
        _game_read, each definition's answer kept (a definition used by many is looked into once: definitions each
        using the two before them made _game_read's walk exponential). Where it cannot tell (a body not parsed, a
        cycle: E130), true: nothing is kept then."""
        known = self._game_readers
        if name in known:
            return known[name]
        define = self.symbols.defines.get(name)
        if define is None:
            return False  # (a zone, a variable...: its reader's own _game_name says so)
        if define.tree is None or name in seen:
            return True
        nodes = list(ast.walk(define.tree))
        bound = set(define.params) | {n.var for n in nodes if isinstance(n, ast.Clause)}  # names of its own, not the ruleset's
        used = {n.func if isinstance(n, ast.Call) else n.name for n in nodes if isinstance(n, (ast.Call, ast.Name))} - bound
        reads = (any(self._game_name(n, bound) for n in nodes)
                 or any(self._reads_the_game(other, seen | {name}) for other in sorted(used)))
        known[name] = reads
        return reads

    def _once(self, fname, code, folded) -> None:
        """The functions of a definition kept for the game (_kept_once): its body's (``_o`` before its name), and its
        own, which reads the value kept in the state (``S.consts``, by its function's name) or, at the game's first
        read, works it out with the body's function and keeps it (builtins.keep_once). That first read charges the
        work budget and fails as the definition always did (a failure keeps nothing: the next read works it out
        again, and fails the same); a later read charges nothing, as a read of the memo. Not remembered: no memo read
        of it is written (_memo_read), and nothing writes its body out where it is read."""
        body = folded if folded is not None else f"    f_r = {code}"
        self.functions.append(
            f"def _o{fname}(S, L):\n{body}\n    return f_r\n"
            f"def {fname}(S, L):\n"
            f"    try:\n        return S.consts[{fname!r}]\n"
            f"    except (KeyError, AttributeError, TypeError):\n        pass\n"
            f"    return _keep_once(S, {fname!r}, _o{fname}(S, L))")
        self.defined_at["_o" + fname] = self.defined_at[fname]

    def _static_family(self, fname, params, names, folded) -> str | None:
        """A definition's function for a body that lists some zones of a family (``folded``: the loops ``_folded``
        made), where the condition reads nothing but each zone's index, the number of players, whole numbers written
        out and the definition's parameters (`[z for z in cups if side(z) == p]`, `side(z): index(z) %
        player_count`): the same family and parameters give the same list, so the function keeps each list it makes
        under its parameters (where they are whole numbers: `True` or `1.0` would find 1's) beside the family it was
        made from (`_sf` and the function's name: the last family seen and a dict of its lists), and gives a copy of a
        kept list while the family is the same object. A family is made with its state (`initial_state`,
        `State.copy`, the lints' and the layout's stand-ins), whose number of players is set with it and never
        changed, and a state's copy makes new families, so a copied state never reads another's lists. The condition
        calls nothing and charges nothing: a list read there is the one the loop would make, with the same work
        (none) and no failure (a failing loop keeps nothing). At most MAX_SEATS lists a family; no memo of its own
        (the kept list costs less than a look-up), and a twin (``r`` before its name) that gives the kept list itself,
        for the callers that only read it (_kept_reads). None for another body."""
        found = re.fullmatch(_STATIC_LIST, folded, re.S) if SHORTCUTS and folded.startswith("    f_r = []\n    for ") else None
        if found is None:
            return None
        var, family, cond = found.groups()
        bare = re.sub(r"  # written out: [A-Za-z_][A-Za-z0-9_]*$", "", cond, flags=re.M)
        read = [p for p in names if re.search(rf"\bv_{p}\b", bare)]
        allowed = "|".join([re.escape(f"{var}.key[1]"), *(f"v_{p}\\b" for p in read), _STATIC_TOKENS])
        if not re.fullmatch(f"(?:{allowed})*", bare):
            return None
        slot = f"_sf{fname}"
        self._static_slots.append(slot)
        key = ", ".join(f"v_{p}" for p in read) + ("," if len(read) > 1 else "") or "None"
        test = " and ".join(f"_type(v_{p}) is _int" for p in read) or "True"
        loop = folded.split("\n", 1)[1].replace(f" in {family}:", " in f_z:", 1)
        sorted_ = _sorted_by_value(var, bare, read, key, test)
        def body(copy):  # the function's body, giving and keeping f_r with `copy` after it
            return (f"    f_z = {family}\n    f_s = {slot}[0]\n    if f_s[0] is not f_z:\n        f_s = {slot}[0] = (f_z, {{}})\n"
                    f"    if {test}:\n        f_r = f_s[1].get(({key}))\n        if f_r is not None:\n            return f_r{copy}\n"
                    f"{sorted_.replace('COPY', copy)}"
                    f"    f_r = []\n{loop}\n    if {test} and _len(f_s[1]) < {MAX_SEATS}:\n        f_s[1][({key})] = f_r{copy}\n"
                    "    return f_r")
        # ... and its twin for callers that only read the list (_kept_reads): the kept list itself, never copied
        kept = "r" + fname
        self._kept_twins[fname] = kept
        self._kept_at[kept] = (slot, family, tuple(names.index(p) for p in read))
        self.defined_at[kept] = self.defined_at[fname]
        return f"def {fname}(S, L{params}):\n{body('[:]')}\ndef {kept}(S, L{params}):\n{body('')}"

    def _check_given(self, define: Define, types: tuple, call: Loc) -> None:
        """Findings in a definition's body for the argument types its code is not made for (a list of zones, a number).

        Its code reads such a parameter as a value known only at run time, so a mistake the
        types show (``c.rank for c in z`` given a list of zones) would otherwise be found only
        when a game runs. The body is checked once per such types; its code is not kept.
        """
        if _specialised(types) == types or define.tree is None or define.compiling:
            return None
        if (define.name, types) in self._checked_given:
            return self._checked_given[(define.name, types)]
        self._checked_given[(define.name, types)] = None  # (its type once checked)
        given = ", ".join(f"{a_type(t)} for '{p}'" for p, t in zip(define.params, types) if t != ANY and t not in SPECIALISED)
        outer, self.diagnostics = self.diagnostics, []
        scope = {"me": ("_bound(L, 'me')", "player"), "current": ("_bound(L, 'current')", "player")}
        scope.update({p: (f"v_{p}", t) for p, t in zip(define.params, types)})
        wanted, self._wanted = self._wanted, None
        define.compiling = True
        self.define_stack.append(define.name)
        top, self._fold_top = self._fold_top, define.tree  # (its code is not kept: no folded any/all's function made for it)
        caller = self._callers_locals()
        t = None
        try:
            t = self.gen(define.tree, scope, SourceText(define.text, define.loc))[1]
        finally:
            self.define_stack.pop()
            define.compiling = False
            self._wanted = wanted
            self._fold_top = top
            self._restore_locals(caller)
            found, self.diagnostics = self.diagnostics, outer
        known = {(d.loc, d.code): i for i, d in enumerate(outer)}
        for d in found:
            where = f"when {define.name}() is given {given} ({call})"
            typed = Diagnostic(d.loc, d.code, d.message, f"{d.hint}; {where}" if d.hint else where)
            i = known.get((d.loc, d.code))
            if i is None:
                self.diagnostics.append(typed)
            elif UNKNOWN_TYPE_SAID in outer[i].message and UNKNOWN_TYPE_SAID not in d.message:
                outer[i] = typed  # (the body checked alone said its values were unknown: the arguments' types name them)
        self._checked_given[(define.name, types)] = t
        return t

    def _inlinable(self, define: Define, codes) -> bool:
        """Whether a call is better written out: a small definition of plain reads and tests, called with plain names.

        Such a body costs less than the call (a grid's legality test is read for each of a
        thousand placements). Its arguments must be locals, so that each is read once as in
        a call, or names bound where the expression runs (``L['me']``: read again, a lookup), and
        it must bind no names, so that none of them can hide an argument. ``left`` and ``right``
        are plain code for whole numbers (else the call, whose failure is reported in the
        definition from the line it stands on).
        """
        tree = define.tree
        calls = INLINE_CALLS | INLINE_SEATS if SHORTCUTS else INLINE_CALLS
        return (tree is not None and bool(codes) and all(_LOCAL.match(c) or (SHORTCUTS and _LOCAL_READ.fullmatch(c)) for c in codes)
                and self._define_cost(define) <= INLINE_NODES
                and not any(isinstance(n, (ast.Comprehension, ast.MapComp)) or (isinstance(n, ast.Call) and n.func not in calls)
                            for n in ast.walk(tree)))

    def _fold_inlinable(self, define: Define, codes) -> bool:
        """Whether a call of a definition that is not remembered (given a record) may be written out in a fold's
        loop: a small body of reads, tests and calls of definitions (no builtin, no comprehension), given a
        comprehension's variable. Its calls stay calls (or memo reads), each failing in its own definition."""
        tree = define.tree
        return (tree is not None and len(codes) == 1 and codes[0].startswith("c_") and _LOCAL.match(codes[0]) is not None
                and sum(1 for _ in ast.walk(tree)) <= INLINE_NODES  # (its own nodes: the calls stay calls)
                and not any(isinstance(n, (ast.Comprehension, ast.MapComp)) or (isinstance(n, ast.Call) and n.func not in self.symbols.defines)
                            for n in ast.walk(tree)))

    def _inlined(self, define: Define, args) -> str | None:
        """A definition's body written where it is called, each parameter read from the argument's local.

        None where a call in it stays a call (``index`` of what may not be a zone): such a
        body could fail inside, and its failure is reported in the definition (a call, then).
        """
        scope = {"me": ("_bound(L, 'me')", "player"), "current": ("_bound(L, 'current')", "player")}
        scope.update({p: arg for p, arg in zip(define.params, args)})
        code, _ = self.gen(define.tree, scope, SourceText(define.text, define.loc))
        if any(f"b_{name}(" in code for name in INLINE_CALLS) or "b_index_of(" in code:
            return None
        # on lines of its own, each tagged (a failure there is reported in the definition:
        # failing_definition); the lines of a body written out inside it keep their own tag
        lines = f"({code})".split("\n")
        tagged = "\n".join(line if INLINE_TAG.search(line) else f"{line}  # written out: {define.name}" for line in lines)
        self._inline_locs[define.name] = define.loc
        return f"(\n{tagged}\n)"

    def _folded(self, tree, code, scope, src, lists=False) -> str | None:
        """A body that folds one comprehension (count, sum, first, any or all of it) as statements that set ``f_r``.

        The same value, work and failures as ``code`` (the body as an expression), without a
        list made and a function called at each evaluation (Python 3.11 makes a comprehension
        a function). Each item is computed as the list would compute it; ``first`` stops at
        its item only where the items after it cannot fail (FOLD_SAFE). With ``lists`` (a
        definition's body), a body that is one comprehension is written as the loops that
        append its items to ``f_r``, in the definition's own function, and a body that is a conditional
        (``x if c else y``) whose branches fold so is an ``if`` of them (a branch that does not, set as it is).
        None for other bodies.
        """
        if SHORTCUTS and lists and isinstance(tree, ast.Conditional):
            made = self._conditionals.get(id(tree))
            if made is None or f"({made[1]} if {made[0]} else {made[2]})" != code:
                return None
            test, *codes = made
            branches = [self._folded(node, branch, scope, src, lists=True) for node, branch in zip((tree.then, tree.otherwise), codes)]
            if branches == [None, None]:
                return None  # (the expression as it is: the same, one test less)
            lines = []
            if branches[0] is not None:
                shared = self._shared_test(test, branches[0])
                if shared is not None:
                    lines, test, branches[0] = shared
            lines += [f"    if {test}:"]
            for k, (branch, folded) in enumerate(zip(codes, branches)):
                lines += (["    else:"] if k else []) + ["    " + line for line in (folded or f"    f_r = {branch}").split("\n")]
            return "\n".join(lines)
        if SHORTCUTS and lists and isinstance(tree, ast.Comprehension):
            made = self._comprehensions.get(id(tree))
            if made is None or made[3] is not None or made[4] != code:  # (its values kept for an outer one's passes: as it is)
                return None
            fold, comprehension = "list", tree
        elif (SHORTCUTS and isinstance(tree, ast.Call) and len(tree.args) == 1 and isinstance(tree.args[0], ast.Comprehension)
                and (code.startswith(FOLDS.get(tree.func, "\0")) or id(tree) in self._checked_sums and code.startswith("b_sum(["))):
            fold, comprehension = tree.func, tree.args[0]
        else:
            return None  # (a sum of other than whole numbers stays the call's, which checks each number)
        if fold == "list":  # its parts as made for `code` (not made again: each fold inside it would be a function more)
            clauses, item, tables = made[:3]
        else:
            zone_locals, maybe_none, seat_locals = set(self._zone_locals), set(self._maybe_none), set(self._seat_locals)
            die_locals = set(self._die_locals)
            self._holders.append([])
            try:
                clauses, item, _ = self._comprehension_parts(comprehension, scope, src)  # its code again, as written in `code`
            finally:
                self._zone_locals, self._maybe_none, self._seat_locals = zone_locals, maybe_none, seat_locals
                self._die_locals = die_locals
                tables = self._holders.pop()
        # any/all of one loop whose item cannot fail nor charge work stops at the item that decides it, and
        # charges the list's length (every item), as the list would be charged
        decides = (fold in ("any", "all") and len(clauses) == 1 and not clauses[0][2] and FOLD_FREE.fullmatch(item)
                   and (clauses[0][3] == "comp" or not re.search(r"\bc_[A-Za-z0-9_]+(?:\.get\(|\[)", item)))
        lines = [f"    f_r = {FOLD_START[fold]}"] + (["    f_n = 0"] if fold in ("sum", "any", "all") and not decides else [])
        lines += [f"    {table} = {KEPT_TABLE}" for table in tables]  # one for all the passes (_kept_values)
        if (fold == "first" and len(clauses) == 1 and not clauses[0][2] and clauses[0][3] == "comp" and not tables
                and FOLD_SAFE.fullmatch(item) and _one_zone(clauses[0][1])):
            # the first item of a zone (a list), where it cannot fail: read by its index, without a loop
            (var, icode, _, _), = clauses
            icode = self._charged_in_place(lines, "    ", 0, icode)
            if not _LOCAL.match(icode) and not icode.startswith("f_i"):
                lines.append(f"    f_i0 = {icode}")
                icode = "f_i0"
            named = re.compile(rf"\bc_{var}\b")
            if len(named.findall(item)) == 1 and not any(named.search(word) for word in item.split("'")[1::2]) and '"' not in item:
                # read once (outside a word): the first component read where the item reads it, without its local
                first = ["        f_r = (" + named.sub(f"{icode}[0]", item) + ")"]
            else:
                first = [f"        c_{var} = {icode}[0]", f"        f_r = ({item})"]
            return "\n".join(lines[1:] + [f"    if {icode}:", *first, "    else:", "        f_r = None"])
        pad = "    "
        for k, (var, icode, conds, _) in enumerate(clauses):
            icode = self._charged_in_place(lines, pad, k, icode)
            if SHORTCUTS and fold == "list" and k == len(clauses) - 1 and k and not conds and item == f"c_{var}":
                # the inner loop's items as they are (`[c for z in zones for c in z]`): added by one call, in their
                # order, as the loop appends them (a zone or list charged above; its items read by iteration both ways)
                lines.append(f"{pad}f_r.extend({icode})")
                return "\n".join(lines)
            if decides and not _LOCAL.match(icode) and not icode.startswith("f_i"):
                lines.append(f"{pad}f_i{k} = {icode}")  # its length read again after the loop
                icode = f"f_i{k}"
            lines.append(f"{pad}for c_{var} in {icode}:")
            pad += "    "
            for cond in conds:
                written = self._fold_written_out(cond, {f"c_{v}" for v, _, _, _ in clauses}) if fold == "list" else None
                if written is not None:
                    written = self._compressed_once(written[0], tables), written[1]
                if written is None:
                    written = self._miss_written_out(cond)
                if written is not None:  # a fold's function called as the whole condition: its statements, then its value
                    statements, cond = written
                    lines += [pad + _unindented(line) for line in statements]
                lines.append(f"{pad}if {cond}:")
                pad += "    "
        (_, _, conds, items), = clauses[-1:]
        stops = len(clauses) == 1 and items == "comp" and all(FOLD_SAFE.fullmatch(c) for c in [item, *conds])
        step = {
            "count": ([] if _LOCAL.match(item) else [f"({item})"]) + ["f_r += 1"],
            "sum": [*_in_tested_first(item), "f_n += 1"],
            "first": [f"f_r = ({item})", "break"] if stops else [f"f_e = ({item})", "if f_r is _LAZY:", "    f_r = f_e"],
            "any": [f"if ({item}):", "    f_r = True"] + (["    break"] if decides else ["f_n += 1"]),
            "all": [f"if not ({item}):", "    f_r = False"] + (["    break"] if decides else ["f_n += 1"]),
            "list": [f"f_r.append(({item}))"],  # (Python's own append: a list comprehension is charged nothing more)
        }[fold]
        lines += [pad + line for line in "\n".join(step).split("\n")]
        if SHORTCUTS and not decides and not tables:
            lines = _uncounted(_counted_at_end(lines))
        for table in tables:  # the list of the items a later pass reads, made once (_compressed_once)
            if table in self._compressed:
                made = lines.index(f"    {table} = {KEPT_TABLE}")
                lines.insert(made + 1, f"    f_c{table[3:]} = None")
        if decides:
            lines.append(f"    f_n = _len({icode})")
        if fold == "first":
            lines += ["    if f_r is _LAZY:", "        f_r = None"]
        elif fold not in ("count", "list"):  # the list's length charged, as _charging charges it
            lines += ["    _W[0] -= f_n", "    if _W[0] < 0:", "        _out_of_work()"]
            lines += SUM_TESTED if code.startswith("b_sum(") else []  # (a total that may pass the limit: _g_Call)
        return "\n".join(lines)

    def _fold_written_out(self, cond, taken) -> tuple | None:
        """A condition that is one call of a fold's function (``_fold_call``: ``any(...)`` inside a comprehension's
        condition, called at each pass), as its statements (its locals renamed, its result in a local of its own)
        and the local the condition then reads: no call at each pass. The same statements in the same order, so
        the same values, work and failures (a failure there was reported in the definition running it, as here).
        None where its loops' variables are the outer loops' (``taken``) or a word in it holds a local's name."""
        name = cond[:cond.index("(")] if cond.startswith("g_fold") and "(" in cond else ""
        found = [(params, body) for (params, body), helper in self._fold_helpers.items() if helper == name]
        if len(found) != 1 or cond != f"{name}(S, L{found[0][0]})" or not found[0][1].endswith("\n    return f_r"):
            return None
        body = found[0][1][:-len("\n    return f_r")]
        loops = {line.split()[1].rstrip(",") for line in body.split("\n") if line.lstrip().startswith("for c_")}
        # (words are written in single quotes: one holding a quote, a backslash or a local's name is not renamed in)
        if loops & taken or '"' in body or "\\" in body or any("f_" in word for word in body.split("'")[1::2]):
            return None
        self._written_folds += 1
        local = f"f_g{self._written_folds}"
        return _renamed(body, {"f_r": local, "f_n": f"{local}n"}, "f_i", f"{local}i").split("\n"), local

    def _compressed_once(self, lines, tables) -> list:
        """The statements of a fold written out in a comprehension's loop (``_fold_written_out``), each later pass's loop
        over the items whose kept value is true (``for c_d in _compress(items, f_t0)``, ``f_t0`` one of ``tables``, the
        comprehension's own) going over a list of them made at the first pass that reads the full table and kept for
        the others (``f_c0``, set to None where the table is made: ``_folded``), where the items' code charges nothing
        and reads no local: no items' view and ``compress`` made and freed at each pass. The same items in the same
        order: while the memo stands the collection gives the same items at each pass, and a table once filled (by
        the first pass or the conditional's test, ``_shared_test``) is not changed by the later ones."""
        out, listed = [], set()
        for line in lines:
            found = re.fullmatch(r"( *)for (c_[A-Za-z0-9_]+) in _compress\((.*), (f_t[0-9]+)\):", line)
            counted = re.fullmatch(r"( *)(f_g[0-9]+n) \+= _len\((f_t[0-9]+)\)", line)
            if (SHORTCUTS and found and found.group(4) in tables and not any(t in found.group(3) for t in _CHARGING)
                    and not re.search(r"\b[cf]_", found.group(3))):
                pad, var, icode, table = found.groups()
                self._compressed.add(table)
                listed.add(table)
                n = table[3:]
                out += [f"{pad}if f_c{n} is None:", f"{pad}    f_c{n} = [*_compress({icode}, {table})]",
                        f"{pad}    f_l{n} = _len({table})", f"{pad}for {var} in f_c{n}:"]
            elif counted and counted.group(3) in listed:  # the items counted at once: the table's length, read with its list
                out.append(f"{counted.group(1)}{counted.group(2)} += f_l{counted.group(3)[3:]}")
            else:
                out.append(line)
        return out

    def _miss_written_out(self, cond):
        """A loop's condition that compares a memo read of a definition given locals (``_memo_read``: ``mark(p) == s``
        in ``count(p for p in players if mark(p) == s)``) with a local or a literal, or that is such a read negated
        (``not near(p)``), as statements that read the
        memo and, on a miss, compute the value with the body of the definition's function for a miss written there
        (its locals renamed, each line naming the definition), then the comparison of the local that holds the
        value: no call per miss. A read given one argument of another code (``not near(mark(p))``) computes it first,
        once, into its local, as the read does. The same statements in the same order (the read is the comparison's
        first part, its argument the read's), so the same
        values, work and failures. None for another condition, or where the body has locals of its own other than
        its result, count, pending item and collections, or a word that holds a local's name."""
        if not (SHORTCUTS and cond.startswith(("((f_h if ", "(_eq((f_h if ", "(not (f_h if "))):
            return None
        compared, equal, plain, negated, given_first = _read_patterns()
        found = compared.fullmatch(cond) or equal.fullmatch(cond) or negated.fullmatch(cond)
        if not (found and found.group(1) in self._read_calls):
            return None
        if found.re is negated:
            read, op, other = found.group(1), "not", None
        else:
            read, op, other = found.groups() if found.re is compared else (found.group(1), None, found.group(2))
        parts, first = plain.fullmatch(read), []
        if parts is None:  # one argument computed first (`(f_a3 := mark(p)) is not _LAZY and ...`): a statement of its own
            parts = given_first.fullmatch(read)
            if parts is None or not _balanced(parts.group(2)):
                return None
            first = [f"    {parts.group(1)} = {parts.group(2)}"]
            parts = (parts.group(3), parts.group(4), parts.group(5), parts.group(1))
        elif parts is not None:
            parts = parts.groups()
        if parts is None or parts[2] not in self._miss_bodies:
            return None
        key, made, fname, given = parts
        params, body = self._miss_bodies[fname]
        params, given = [p for p in params.split(", ") if p], given.split(", ")
        words = body.split("'")[1::2]
        if (len(params) != len(given) or not all(_LOCAL.match(a) or (first and a == first[0].split()[0]) for a in given)
                or '"' in body or "\\" in body
                or any(p in word for word in words for p in ("c_", "f_", "v_"))
                or not set(re.findall(r"\bf_[A-Za-z0-9_]+", body)) <= {"f_r", "f_n", "f_e"} | set(re.findall(r"\bf_i[0-9]+\b", body))
                or set(re.findall(r"\bv_[A-Za-z0-9_]+", body)) - set(params) or re.search(r"\breturn\b|\bm\b", body)):
            return None
        self._written_misses += 1
        local = f"f_w{self._written_misses}"
        names = {p: a for p, a in zip(params, given)}
        names.update({c: f"{local}{c}" for c in set(re.findall(r"\bc_[A-Za-z0-9_]+", body))})  # (no clash with the loops')
        body = re.sub(r"\b[cv]_[A-Za-z0-9_]+", lambda m: names.get(m.group(0), m.group(0)), body)
        body = _renamed(body, {"f_r": "f_h", "f_n": f"{local}n", "f_e": f"{local}e"}, "f_i", f"{local}i")
        name = self.defined_at[fname][0]
        self._inline_locs.setdefault(name, self.defined_at[fname][1])
        value = "(not f_h)" if op == "not" else f"(f_h {op} {other})" if op else f"(_eq(f_h, {other}))"
        return (first + [f"    {key} = {made}", f"    f_h = (S.memo or _NOMEMO).get({key}, _LAZY)", "    if f_h is _LAZY:",
                         f"        {local}m = S.memo"]  # (as the function for a miss reads it first: the same memo all along)
                + [f"    {line}  # written out: {name}" for line in body.split("\n")]
                + [f"        if {local}m is not None:", f"            {local}m[{key}] = f_h"]), value

    def _shared_test(self, test, then):
        """Where a conditional's test is a folded any/all of ``f(d) for d in D`` (each item computed: none decides) and
        its first branch, folded (``then``), keeps the values of the same call over the same collection for its
        passes (``_kept_values``), the lines that make that table first, the test as its twin that fills it with
        the values it computes, and the branch without making it: the first pass reads them instead of calling
        ``f`` again (a call that charges nothing made again: ``_free_again``). None where this does not apply.

        The same values, work, steps and failures: while the memo stands, ``f(d)`` gives at the first pass what it
        gave in the test (the state stands still), and a failure fails the test first; without it the table is
        None and both call as before."""
        fold = test[:test.index("(")] if test.startswith("g_fold") and "(" in test else ""
        source = self._fold_items.get(fold)
        made = [line[4:-len(f" = {KEPT_TABLE}")] for line in then.split("\n") if line.startswith("    f_t") and line.endswith(f" = {KEPT_TABLE}")]
        if source is None or len(made) != 1 or test != f"{fold}(S, L{source[2]})" or self._kept_calls.get(made[0]) != source[:2]:
            return None
        table, (_, _, params, body) = made[0], source
        name = self._fold_helpers.get((f"{params}, f_tk", body))
        if name is None:
            name = self._fold_helpers[(f"{params}, f_tk", body)] = f"g_fold{len(self._fold_helpers)}"
            self.functions.append(f"def {name}(S, L{params}, f_tk):\n{body}")
        line = f"    {table} = {KEPT_TABLE}"
        # (the branch's passes find the table full where the memo stands: their loop taken with the first case alone)
        then = "\n".join(_unswitched(then.replace(line + "\n", "", 1).split("\n"), table))
        test = f"{name}(S, L{params}, {table})"
        if not params and body.endswith("\n    return f_r") and '"' not in body and "\\" not in body and not any(
                "f_" in word for word in body.split("'")[1::2]):
            # the test's statements written out before the `if` (their locals renamed, the table the function was
            # given read in place): the same statements in the same order, without the call; a failure there was
            # reported in the definition running it, as here
            self._written_folds += 1
            local = f"f_g{self._written_folds}"
            written = _renamed(body[:-len("\n    return f_r")], {"f_r": local, "f_n": f"{local}n", "f_tk": table}, "f_i", f"{local}i")
            written, then = _true_items_kept(written.split("\n"), then, table, local)
            return [line] + written, local, then
        return [line], test, then

    def _lead_folded(self, tree, code, flow: bool) -> str | None:
        """A body or an expression whose part evaluated first folds a comprehension, as statements that compute that
        part into ``f_r`` first, then ``f_r`` the whole with that part read from it (None where this does not apply).

        That part is a fold inside the expression (``sum(own(g) for g in mine(p)) + bonus(p)``,
        ``count(c for c in g if ...) >= 1``: the statements of its ``g_fold`` function, without the
        call), or, in an expression of the flow, a call of a remembered definition of one argument
        whose body folds (``total(into) + card.value > limit``), its body written out where the memo
        does not stand (it neither looks nor keeps then), the call where it stands. Each line written
        out from a definition names it, so that a failure there is reported in it; its argument is
        computed first, once, as the call computes it."""
        if not SHORTCUTS or self._cells is not None or self._trusting or self._hoisted:
            return None
        lead = tree
        while isinstance(lead, (ast.BoolOp, ast.Compare, ast.BinOp)):
            lead = lead.left
        if not isinstance(lead, ast.Call) or (lead is tree and not flow):
            return None  # (a body that is one fold is _folded's)
        first = re.match(r"[(\s]*(?:(g_fold[0-9]+)\(S, L(?:, [cv]_[A-Za-z0-9_]+)*\)|(d_[A-Za-z0-9_]+)\(S, L, )", code)
        end = first and (first.end() if first.group(1) else _closing(code, first.end()))
        if not end:
            return None
        rest = code[:first.start(first.lastindex)] + "f_r" + code[end:]
        if first.group(1) is not None:  # a fold inside it: its function's statements, in place
            if lead.func not in ("any", "all", "count", "sum"):
                return None
            bodies = {name: body for (_, body), name in self._fold_helpers.items()}
            body = bodies.get(first.group(1))
            if body is None or not body.endswith("\n    return f_r"):
                return None
            body = body[:-len(chr(10) + '    return f_r')]
            if first.group(1) in self._count_stops and rest in ("(f_r >= 1)", "(f_r > 0)"):
                body = _count_stopped(body)  # (only whether it found one is read)
                told = _count_told(body)
                if told is not None:
                    return told
            if rest == "f_r":
                return body  # (a fold plus 0: _adds_nothing)
            return f"{body}\n{(self._tail_written(rest) if flow else None) or f'    f_r = {rest}'}"
        fname, arg = first.group(2), code[first.end():end - 1]
        found = self._folded_bodies.get(fname)
        if (not flow or found is None or fname not in self._remembered or self.defined_at[fname][0] != lead.func
                or self._may_repeat(tree)):
            return None  # (with a memo of its own, an expression that is one call calls its body: see build)
        param, body = found  # (an expression of the flow has no v_ local of its own)
        body = self._bodies_called(self._no_memo_written(body))
        name, self._inline_locs[name] = self.defined_at[fname]
        tagged = "\n".join(line if INLINE_TAG.search(line) else f"    {line}  # written out: {name}" for line in body.split("\n"))
        tagged = _in_steps_first(tagged)
        return (f"    {param} = {arg}\n    if S.memo is None:\n{tagged}\n    else:\n"
                f"        f_r = {fname}(S, L, {param})" + ("" if rest == "f_r" else f"\n    f_r = {rest}"))

    def _tail_written(self, rest) -> str | None:
        """The statements of an expression of the flow whose lead fold is in ``f_r`` (``_lead_folded``) where the rest
        is ``f_r or d(S, L)`` (``and``), ``d`` a remembered definition of no argument whose code is an expression
        (``_memoised``): the call made only where ``f_r`` does not decide, as Python's ``or`` makes it, and where no
        memo stands its code written out in place (each line naming the definition, so that a failure there is
        reported in it): its function computes that very code then (``if m is None: return ...``), so the same
        value, work and failures, without the call. None otherwise (the rest as it is)."""
        found = re.fullmatch(r"\(f_r (or|and) (d_[A-Za-z0-9_]+)\(S, L\)\)", rest)
        code = self._memo_codes0.get(found.group(2)) if found else None
        if code is None or ":=" in code or '"' in code or "\\" in code:
            return None  # (a memo read's locals, bound by `:=`, would be the expression's own)
        name, self._inline_locs[name] = self.defined_at[found.group(2)]
        lines = self._and_written(code) or f"f_r = ({code})".split("\n")
        written = "\n".join(f"            {line}" if INLINE_TAG.search(line) else f"            {line}  # written out: {name}" for line in lines)
        return (f"    if {'not ' if found.group(1) == 'or' else ''}f_r:\n        if S.memo is None:\n{written}\n"
                f"        else:\n            f_r = {found.group(2)}(S, L)")

    def _and_written(self, code) -> list | None:
        """``code``, a chain of `and` one of whose operands is a call of a fold's function given nothing more
        (``n >= 4 and g_fold3(S, L) and ...``), as statements setting ``f_r`` (unindented lines): each operand in
        turn, the next only where ``f_r`` is true, as Python's `and` computes them, the fold's statements written
        in place of its call (their locals renamed). The same statements in the same order, without the call. None
        for other code, or where the fold's statements hold a word with a quote, a backslash or a local's name."""
        parts, bodies = _and_parts(code), {name: body for (params, body), name in self._fold_helpers.items() if not params}
        if parts is None or not any(part in bodies for part in (p.removesuffix("(S, L)") for p in parts)):
            return None
        lines, pad = [], ""
        for k, part in enumerate(parts):
            body = bodies.get(part.removesuffix("(S, L)")) if part.endswith("(S, L)") else None
            if body is not None and body.endswith("\n    return f_r") and '"' not in body and "\\" not in body and not any(
                    "f_" in word for word in body.split("'")[1::2]):
                self._written_folds += 1
                local = f"f_g{self._written_folds}"
                written = _renamed(body[:-len("\n    return f_r")], {"f_r": local, "f_n": f"{local}n"}, "f_i", f"{local}i")
                lines += [pad + _unindented(line) for line in written.split("\n")] + [f"{pad}f_r = {local}"]
            else:
                lines.append(f"{pad}f_r = {part}")
            if k < len(parts) - 1:
                lines.append(f"{pad}if f_r:")
                pad += "    "
        return lines

    def _charged_in_place(self, lines, pad, k, icode) -> str:
        """The code a loop of folded statements goes over for the collection ``icode`` (its ``k``-th): where that
        is ``_it``'s call, the collection, its length times the work per item charged first in place (lines added
        to ``lines`` at ``pad``), as _it charges it, without its call at each loop started."""
        charged = self._charged.get(icode)
        if charged is None or "\n" in icode:
            return icode
        items, weight, anything = charged
        if not _LOCAL.match(items):
            lines.append(f"{pad}f_i{k} = {items}")
            items = f"f_i{k}"
        lines += [f"{pad}try:", f"{pad}    _W[0] -= _len({items}) * {weight}", f"{pad}except TypeError:",
                  f"{pad}    _not_a_collection({items})", f"{pad}if _W[0] < 0:", f"{pad}    _out_of_work()"]
        if anything:  # a value known only at run time may be a word, which has a length but is no collection
            lines += [f"{pad}if {items}.__class__ is _str:", f"{pad}    _not_a_collection({items})"]
        return items

    def _memoised_statements(self, fname, params, args, body) -> None:
        """As ``_memoised``, for a body of statements that sets ``f_r`` (``_folded``)."""
        self.functions.append(
            f"def _{fname}(S, L{params}):\n{body}\n    return f_r\n"
            f"def {fname}(S, L{params}):\n"
            f"    m = S.memo\n"
            f"    if m is not None:\n"
            f"        try:\n            k = ({fname!r}, {args})\n"
            f"        except (TypeError, KeyError, AttributeError):\n            return _{fname}(S, L{params})\n"
            f"        try:\n            f_r = m.get(k, _LAZY)\n"
            f"        except TypeError:\n            return _{fname}(S, L{params})\n"
            f"        if f_r is not _LAZY:\n            return f_r\n"
            f"{body}\n"
            f"    if m is not None:\n        m[k] = f_r\n"
            f"    return f_r"
        )
        if ".key, " not in args and "['id'], " not in args:
            self._plain_keyed.add(fname)
        self._misses[fname] = (f"def _m{fname}(S, L{params}, f_k):\n    m = S.memo\n{body}\n"
                               f"    if m is not None:\n        m[f_k] = f_r\n    return f_r")  # (f_k: the read's key)
        self._miss_bodies[fname] = (params, body)

    def _tallied(self, define: Define, arg_types, fname, body) -> str | None:
        """The function for a miss of a remembered count of the seats whose value of a remembered definition equals
        the parameter (``count(p for p in players if mark(p) == s)``), which, while the memo stands, lists every seat's
        value at its first miss and keeps that list in the memo (under the key of no argument, which a definition of
        one never makes): each later miss counts it (``list.count``) without a pass over the seats. The count is not
        kept under its own key: a later read of the same ``s`` misses and counts the list again, charging nothing, as
        the hit did (the entry cost a store keyed by a tuple at each miss and grew the memo, where a word is most often
        read once an evaluation). None where the definition is not of that shape (its function for a miss stays the
        plain one).

        The same values, work and failures: the first miss computes each seat's value in the same order, with the same
        charges, as the count does; the list is kept only once every value is computed, and each is then in the memo
        (the seats' reads keep it), or in the list alone where every read of a seat's entry looks there first
        (_seat_entries_dropped), so the count made again would read them without charging or failing (its loop
        over the seats charges nothing). ``list.count`` compares each value with the parameter by ``==``, as the
        condition does (after an identity test, which differs only for a NaN: never a word or a seat, the parameter's
        types here); ``==`` of a word or a seat with any value of the language cannot fail."""
        tree, param = define.tree, define.params[0] if len(define.params) == 1 else None
        if not (SHORTCUTS and param is not None and arg_types[0] in ("str", "player") and isinstance(tree, ast.Call)
                and tree.func == "count" and len(tree.args) == 1 and isinstance(tree.args[0], ast.Comprehension)):
            return None
        loops = tree.args[0]
        if not (len(loops.clauses) == 1 and isinstance(loops.element, ast.Name) and loops.element.name == loops.clauses[0].var
                and loops.clauses[0].var != param and len(loops.clauses[0].conditions) == 1):
            return None
        cond, var = loops.clauses[0].conditions[0], loops.clauses[0].var
        if not (isinstance(cond, ast.Compare) and cond.op == "==" and isinstance(cond.right, ast.Name)
                and cond.right.name == param and param not in _free_names(cond.left)):
            return None
        lines, v = body.split("\n"), f"v_{param}"
        test = re.fullmatch(rf"        if \((.*) == {v}\):", lines[-2]) if len(lines) >= 4 else None
        if (test is None or lines[:2] != ["    f_r = 0", f"    for c_{var} in S.players:"] or lines[-1] != "            f_r += 1"
                or re.search(rf"\b{v}\b", "\n".join(lines[2:-2]) + test.group(1))):
            return None
        value, items = test.group(1), lines[2:-2]
        if not items:  # a memo read of a remembered definition given the seat (_memo_read), which keeps each value
            read = _read_patterns()[2].fullmatch(value)
            if read is None or read.group(3) not in self._remembered or read.group(4) != f"c_{var}":
                return None
        else:  # such a read's miss written out (_miss_written_out), which keeps the value it computes
            key = re.fullmatch(r"        (f_k[0-9]+) = .*", items[0])
            kept = key and re.fullmatch(r"            if (f_w[0-9]+m) is not None:", items[-2])
            if not (value == "f_h" and kept and items[1:3] == [f"        f_h = {_MEMO_READ}.get({key.group(1)}, _LAZY)",
                                                                 "        if f_h is _LAZY:"]
                    and items[-1] == f"                {kept.group(1)}[{key.group(1)}] = f_h"
                    and all(line.startswith("            ") for line in items[3:])):
                return None
        if items:  # the memo stands there: read and kept in it without testing it for none (m, as it was read)
            store = kept.group(1)
            items = [line.replace(_MEMO_READ, "m") for line in items[:3]] + [line for line in items[3:-2] if line != f"            {store} = S.memo"]
            items.append(f"            m[{key.group(1)}] = f_h")
        else:
            value = value.replace(_MEMO_READ, "m")
        listed = "\n".join(["            f_v = []", f"            for c_{var} in S.players:"]
                           + ["        " + line for line in items] + [f"                f_v.append({value})"])
        listed = self._charged_once(var, items, value, listed)
        mark = read.group(3) if not items else re.fullmatch(rf"        f_k[0-9]+ = _k(d_[A-Za-z0-9_]+)\[c_{var}\]", items[0])
        if mark is not None:  # (its list read by the seats' loops where it stands: _seat_values_read)
            self._tallies.setdefault(mark if isinstance(mark, str) else mark.group(1), fname)
        self._tallied_counts.add(fname)
        # (and its list alone, for a count's read in an expression with a memo of its own: _counts_kept)
        alone = "\n".join(_unindented(line) for line in listed.split("\n"))
        return (f"def _m{fname}(S, L, {v}, f_k):\n    m = S.memo\n    if m is not None:\n"
                f"        f_v = m.get(({fname!r}, ), _LAZY)\n        if f_v is _LAZY:\n{listed}\n"
                f"            m[({fname!r}, )] = f_v\n        return f_v.count({v})\n"
                f"{body}\n    return f_r\n"
                f"def _mt{fname}(S, L, m):\n    f_v = m.get(({fname!r}, ), _LAZY)\n    if f_v is _LAZY:\n{alone}\n"
                f"        m[({fname!r}, )] = f_v\n    return f_v")

    def _charged_once(self, var, items, value, listed) -> str:
        """The listing pass of ``_tallied`` (``listed``) preceded by one that charges the work of all seats once, at
        its end, where each seat's miss charges a collection's length times a number and does nothing else that
        charges, writes the memo but its own value, or calls anything: the lengths summed in a local (no test of the
        work left at each seat). ``listed`` unchanged where the miss is not of that shape.

        The same values, work and failures: where the budget covers the sum, no seat's charge could have run out (the
        charges are never negative), and the work left is the same. Where it does not, or where any seat fails, the
        seats' values this pass put in the memo (the memo's last entries: it only adds its own) are taken out and the
        seat-by-seat pass (``listed``) runs from the work left before, failing where and as it fails.

        Where the memo is empty as the pass starts (an expression's own memo, first read there: a definition the flow evaluates once),
        each seat's read would miss: the seats differ, so do their keys, and a seat's miss writes the memo only under
        its own. That pass is written a second time without the reads, each miss computed and kept as it is in the
        first: the same statements but the read and its test, so the same values, charges, failures and memo."""
        charge = [line.split("  # written out: ")[0] for line in items]
        at = next((i for i, line in enumerate(charge) if line.startswith("            try:")), None)
        if at is None or at < 4:
            return listed
        found = re.fullmatch(r"                _W\[0\] -= _len\((f_w[0-9]+i[0-9]+)\) \* ([0-9]+)", charge[at + 1]) if at + 5 < len(charge) else None
        if found is None or charge[at:at + 6] != [
                "            try:", f"                _W[0] -= _len({found.group(1)}) * {found.group(2)}", "            except TypeError:",
                f"                _not_a_collection({found.group(1)})", "            if _W[0] < 0:", "                _out_of_work()"]:
            return listed
        rest, stored = charge[:1] + charge[3:at] + charge[at + 6:-1], items[-1]  # (the key, and the value's lines)
        if (any("_W" in line or "m[" in line or "memo" in line or " for " in line or "lambda" in line
                or re.search(r"[A-Za-z0-9_\])]\s*\(", line) for line in rest)
                or not re.fullmatch(r"            m\[f_k[0-9]+\] = f_h", stored)):
            return listed
        summed = items[:at] + [f"            f_c += _len({found.group(1)})  # the work charged once, after the pass"] + items[at + 6:]
        # from an empty memo each seat's read misses (the seats differ, so do their keys, and a seat's miss writes
        # only its own): the miss written without the read, its value kept under the key it would have read
        key = re.fullmatch(r"        (f_k[0-9]+) = (.*)", items[0])
        empty = [_unindented(line) for line in summed[3:-1]] + [f"        m[{key.group(2)}] = f_h{_SEAT_STORE}"]
        if re.search(rf"\b{key.group(1)}\b", "\n".join(empty[:-1])):  # (the key read by the miss: made first, as it was)
            empty = items[:1] + empty[:-1] + [stored[4:] + _SEAT_STORE]
        # a family of zones each seat's miss reads at the seat (`shown[p]`) read once, before the loops: a read of the
        # state's zones, which charges nothing (should it fail, the pass fails and the seat-by-seat one runs)
        families = sorted(set(re.findall(rf"S\.zones\['([A-Za-z0-9_]+)'\]\[c_{var}\]", "\n".join(summed))))
        for k, family in enumerate(families):
            summed, empty = ([line.replace(f"S.zones['{family}'][c_{var}]", f"f_z{k}[c_{var}]") for line in lines] for lines in (summed, empty))
        fast = "\n".join(["            f_n = _len(m)", "            f_c = 0", "            try:", "                f_v = []"]
                         + [f"                f_z{k} = S.zones['{family}']" for k, family in enumerate(families)]
                         + ["                if f_n:", f"                    for c_{var} in S.players:"]
                          + ["                " + line for line in summed] + [f"                        f_v.append({value})"]
                          + ["                else:  # (an empty memo: each seat's read misses)",
                             f"                    for c_{var} in S.players:"]
                          + ["                " + line for line in empty] + [f"                        f_v.append({value})"]
                          + [f"                f_c *= {found.group(2)}", "            except Exception:  # (failed: as the seat-by-seat pass fails)",
                             "                f_c = None", "            if f_c is None or _W[0] - f_c < 0:",
                             "                for f_e in [*m][f_n:]:", "                    del m[f_e]"]
                          + ["    " + line for line in listed.split("\n")]
                          + ["            else:", "                _W[0] -= f_c"])
        return fast

    def _no_memo_written(self, body) -> str:
        """A definition's folded ``body``, run only where no memo stands, with each call in it of a remembered
        definition of one parameter given a loop's variable (``d_..(S, L, c_g)``) written out: its function computes
        the code it is given then (``if m is None: return ...``), so the same code, its parameter read from the
        variable, computes the same value, work and failures, without the call. Its lines name the definition, so
        that a failure there is reported in it. Only a code that reads no other local, binds none (no `:=`) and
        holds no word with a quote or backslash (its parameter is renamed outside the words)."""
        def written(m):
            param, code = self._memo_codes[m.group(1)]
            bound = set(re.findall(r"\((f_[A-Za-z0-9_]+) := ", code))  # (its own locals: named nowhere in the body)
            if ('"' in code or "\\" in code or set(re.findall(r"\b[cvpf]_[A-Za-z0-9_]+\b", code)) - {param} - bound
                    or any(re.search(rf"\b{name}\b", body) for name in bound) or code.count(":=") != len(bound)):
                return m.group(0)
            parts = code.split("'")
            parts[::2] = [re.sub(rf"\b{param}\b", m.group(2), part) for part in parts[::2]]
            name, self._inline_locs[name] = self.defined_at[m.group(1)]
            lines = f"({chr(39).join(parts)})".split("\n")
            return "(\n" + "\n".join(line if INLINE_TAG.search(line) else f"{line}  # written out: {name}" for line in lines) + "\n)"
        if not self._memo_codes or '"' in body or "\\" in body:
            return body  # (a word in it could hold what is matched here; words are renamed in nowhere)
        calls = re.compile(rf"\b({'|'.join(re.escape(fname) for fname in self._memo_codes)})\(S, L, (c_[A-Za-z0-9_]+)\)")
        parts = body.split("'")  # (outside the words only)
        parts[::2] = [calls.sub(written, part) for part in parts[::2]]
        body = "'".join(parts)
        return "\n".join(_tag_kept(line, "'".join(calls.sub(written, part) if k % 2 == 0 else part for k, part in enumerate(line.split("'"))))
                         for line in body.split("\n"))  # (a second pass: the calls in the codes the first wrote out)

    def _bodies_called(self, body) -> str:
        """A definition's folded ``body``, run only where no memo stands, with each call in it of a remembered
        definition made to its body's function (``_d_..``, _memoised and _memoised_statements): where no memo stands
        the definition's function runs that very code (its tests of the memo find none), so the same value, work and
        failures (reported in the same definition: DEFINED_AT names both), without the tests. Outside the words only
        (a word holding what is matched is left as it is); nothing a definition runs sets a memo."""
        heads = self._function_heads
        if '"' in body or "\\" in body or "d_" not in body:
            return body
        parts = body.split("'")
        parts[::2] = [re.sub(r"(?<![A-Za-z0-9_])(d_[A-Za-z0-9_]+)\(S, L\b",
                             lambda m: f"_{m.group(0)}" if f"\ndef _{m.group(1)}(S, L" in f"\n{heads}" else m.group(0), part)
                      for part in parts[::2]]
        return "'".join(parts)

    def _memoised(self, fname, params, args, code) -> None:
        """A definition whose value is remembered per arguments while the state stands still.

        While legal options are listed, or one expression of the flow is evaluated, the
        state does not change: S.memo is a dict then (else None).
        """
        self.functions.append(
            f"def _{fname}(S, L{params}):\n    return {code}\n"
            f"def {fname}(S, L{params}):\n"
            f"    m = S.memo\n"
            f"    if m is None:\n        return {code}\n"
            f"    try:\n        k = ({fname!r}, {args})\n"
            f"    except (TypeError, KeyError, AttributeError):\n        return _{fname}(S, L{params})\n"
            f"    try:\n        r = m.get(k, _LAZY)\n"
            f"    except TypeError:\n        return _{fname}(S, L{params})\n"
            f"    if r is _LAZY:\n        r = m[k] = {code}\n"  # written out: a call less at each first use
            f"    return r"
        )
        if ".key, " not in args and "['id'], " not in args:
            self._plain_keyed.add(fname)
        if SHORTCUTS and params.count(", ") == 1:
            self._memo_codes[fname] = (params[2:], code)  # (its value where no memo stands: _no_memo_written)
        elif SHORTCUTS and not params:
            self._memo_codes0[fname] = code  # (its value where no memo stands: _tail_written)
        self._misses[fname] = (f"def _m{fname}(S, L{params}, f_k):\n    m = S.memo\n    if m is None:\n        return {code}\n"
                               f"    r = m[f_k] = {code}\n    return r")  # (f_k: the read's key)

    def gen(self, node, scope, src):
        if id(node) in self._tabled or id(node) in self._hoisted:
            code, t = self._gen_kept(node, scope, src)
        else:  # (called here, not through another function: a frame less a level, so as deep a nesting compiles as before)
            code, t = getattr(self, "_g_" + type(node).__name__)(node, scope, src)
        if self._seen is not None:  # (noted for variable_types; a variable's read is noted already, as one: _note_read;
            # a part tabled or hoisted too: `count(hand[me]) + bidder` of an action's if was typed any, its count unseen)
            self._seen.setdefault(id(node), (node, t))
        return code, t

    def _gen_kept(self, node, scope, src):
        """The code of ``node``, a part tabled or hoisted: its kept value read, computed where first read."""
        method = getattr(self, "_g_" + type(node).__name__)
        if id(node) in self._tabled:
            value = self._tabled[id(node)]
            code, t = method(node, scope, src)
            if self._trusting:
                if value in self._lazy:  # computed where first read, then kept in its local
                    return f"({value} if {value} is not _LAZY else ({value} := {self._lazy[value]}))", t
                return value, t
            return f"({value} if {value} is not _LAZY else {code})", t
        if id(node) in self._hoisted:
            code, t = method(node, scope, src)
            index = len(self.codes)
            self._register(Expr(Loc("<hoisted>"), "<hoisted>", t, ()), code)
            if self._cells is None:
                return f"_hoist(S, L, 'h{index}', e{index})", t
            # in a lister: a cell of the listing's own, computed where first read (no call, no memo lookup after)
            self._cell_parts.add(index)
            k = self._cells.setdefault(code, len(self._cells))
            table = self._table_for(node, scope, src)
            if table is not None:
                self._seeds[k] = table
            return f"(hz[{k}] if hz[{k}] is not _LAZY else _keep(hz, {k}, _e{index}, S, L))", t
        raise AssertionError("neither tabled nor hoisted")  # (gen calls this for those alone)

    def _table_for(self, node, scope, src) -> str | None:
        """The lister's table already holding hoisted ``node``'s value, if it is one: [f(x) for x in D], f tabled over D."""
        if not self._tables_over or type(node) is not ast.Comprehension or len(node.clauses) != 1 or node.clauses[0].conditions:
            return None
        clause = node.clauses[0]
        icode, it = self.gen(clause.iterable, scope, src)
        for (dom, pname, table_code), table in self._tables_over.items():
            if dom == icode:  # the element written for the parameter's own name, as its table was
                element, _ = self.gen(node.element, {**scope, clause.var: (f"p_{pname}", element_type(it))}, src)
                if element == table_code:
                    return table
        return None

    def _g_Const(self, node, scope, src):
        v = node.value
        t = {bool: "bool", int: "int", float: "num", str: "str", type(None): "none"}[type(v)]
        if t in ("int", "num") and not -MAX_WHOLE <= v <= MAX_WHOLE:  # also keeps 'inf' out of the generated code
            self.error(src.at(node.pos), "E100", f"number too large (the limit is {MAX_WHOLE:,})")
            return "None", t
        return repr(v), t

    def _g_Name(self, node, scope, src):
        name = node.name
        if name in scope:
            code, t = scope[name]
            if isinstance(t, Held):  # (a let's value known only at run time: typed again as its value, variable_types)
                self._note_read(node, t, ANY)
                return code, ANY
            return (code, "int") if t is PASSES else (code, t)  # (a pass number's size is known of the name alone)
        sym = self.symbols
        if name in sym.defines:
            define = sym.defines[name]
            self.used_defines.add(name)
            if not self.define_stack:
                self._rule_defines.add(name)
            if define.params:
                ranking = _ranking_word_hint((self._wanted or (None, ""))[1], src.text)
                if ranking:  # `winners: highest` beside `highest(p, s)`: the call would not rank the seats either
                    self.error(src.at(node.pos), "E140", f"'{name}' takes {len(define.params)} argument(s)", ranking)
                else:
                    self.error(src.at(node.pos), "E140", f"'{name}' takes {len(define.params)} argument(s): write {name}({', '.join(define.params)})")
                return "None", ANY
            if self._read_too_early(define, src.at(node.pos), "E150"):
                return "None", ANY
            self._me_unbound(define, scope, src.at(node.pos))
            fname, t = self._define(define, ())
            self._note_read(node, "definition", t)
            if fname in self._constants:
                return self._constants[fname], t
            self._called.add(name)
            return self._memo_read(fname, (), []) or f"{fname}(S, L)", t
        if name in sym.zones:
            if sym.zones[name] == "single":
                return f"S.zones[{name!r}][0]", "zone"
            if name in sym.seat_copies:  # a list of each seat's N zones: line[p][r] (kept flat: ZoneSpec.key)
                return f"_per_seat(S.zones[{name!r}], {sym.seat_copies[name]})", ("list", ("list", "zone"))
            return f"S.zones[{name!r}]", ("list", "zone")
        if name in sym.variables:
            t = ("list", ANY) if sym.variables[name] else ANY
            self._note_read(node, "variable", t)
            return f"S.vars[{name!r}]", t
        if name in sym.dice:
            return f"S.dice[{name!r}]", "record"
        if name in CONTEXT_NAMES:
            t, code = CONTEXT_NAMES[name]
            if name == "teams" and sym.teams != "declared":
                self.error(src.at(node.pos), "E150", *_no_teams("'teams'", sym.teams))
                return "None", t
            return code, t
        if name in sym.component_types:
            # a choice named like its type (choose: {card: ...}), read before it is chosen: the choice is meant, not the type
            if self._later_parameter_hint(name, scope) and not self._compiling:  # (a definition's body reads the type)
                self.error(src.at(node.pos), "E150", f"unknown name '{name}'", self._later_parameter_hint(name, scope))
                return "None", ANY
            if name not in sym.refused:  # (a definition `card: 3` was refused, E132: its uses meant the definition)
                self.error(src.at(node.pos), "E151", f"'{name}' is a component type; use it after 'is' (c is {name})")
            return "None", ANY
        if name in ("me", "current"):
            what = (self._wanted or (None, ""))[1]
            self.error(src.at(node.pos), "E150", f"'{name}' is not bound here",
                       _layout_seat_hint(name, scope, what, src.text) or _rated_seat_hint(name, scope, what, src.text)
                       or _seat_name_hint(name, scope, self.in_scenario))
            return "None", ANY
        if name in sym.loop_names and "me" in scope:
            if self.running_blocks and not self._compiling:  # (a block's body: what it sees is its parameters)
                from .blocks import loop_name_hint

                self.error(src.at(node.pos), "E150", f"'{name}' is a loop variable of the flow, which a block does not see",
                           loop_name_hint(self, name, scope))
                return "None", ANY
            self.error(src.at(node.pos), "E150", f"'{name}' is a loop variable of the flow, which an action does not see",
                       self._handed_hint(name) or "an action sees me and its parameters: set a variable in the flow "
                       "before the decision and read that (or have the decide hand it: with:, and the action take it: takes:)")
            return "None", ANY
        doubled = name in LANGUAGE_WORDS and doubled_operator(src.text, node.pos)
        if doubled and doubled[2] == node.pos:  # `a and and`: lark read the second 'and' as a name (nothing came after it)
            self.error(src.at(node.pos), "E102", *doubled_operator_said(doubled))
            return "None", ANY
        if name in sym.refused:  # a definition refused for its name (E132, `run_length: ...`): its uses meant it, said there
            return "None", ANY
        if self._keyed is node:  # `{x: a + q}`: the key meant is the word, not a name spelt like it
            self.error(src.at(node.pos), "E150", f"unknown name '{name}'",
                       f"a map's keys are expressions, as its values are: to give the key '{name}', quote it: {{'{name}': ...}}")
            return "None", ANY
        if self.running_blocks and not self._compiling:  # a name where the block is run: the block does not see it
            from .blocks import hidden_name_hint

            hidden = hidden_name_hint(self, name)
            if hidden:
                self.error(src.at(node.pos), "E150", f"unknown name '{name}'", hidden)
                return "None", ANY
        candidates = set(scope) | sym.all_names()
        indexed = self._indexed is node
        zone_hint = _zone_hint(name, src.text, self._wanted, indexed, counted=self._counted is node)
        if zone_hint and self._handed_hint(name):  # (a value a decide hands the action, `move: group -> ...`: no zone)
            zone_hint = ""
        if zone_hint and not indexed:  # where a zone belongs, a name that may hold one is meant (not 'card' for 'discard')
            candidates = (set(sym.zones) | set(sym.variables) | {n for n, d in sym.defines.items() if not d.params}
                          | {n for n, (_, t) in scope.items() if t in ("zone", ("list", "zone"), ANY)}
                          # (a name walked or counted may be a list of the language's: `for p in player` meant players)
                          | ({n for n in sym.context_names() if CONTEXT_NAMES[n][0][0] == "list"} if self._counted is node else set()))
        scenario = self._scenario_place()
        # a scenario declares nothing: the zones there are, as a `given.zones` key and an expectation both say it
        if scenario and (zone_hint or scenario == "a zone"):
            zone_hint = _zones_there_hint(name, sym.zones, sym.variables if indexed and scenario != "a zone" else None, indexed)
        if scenario == "a zone":  # a `given.zones` key: only a zone is given components (not a definition with parameters)
            candidates = set(sym.zones)
        elif scenario:  # an expectation or invariant: a name it can read (a word quoted there is always true)
            candidates = set(scope) | {name for _, names in self._scenario_names() for name in names}
        if indexed or zone_hint:  # (`hand[0]`, `count(hand)`: a zone or a list is meant, not `hand_size(p)`, a call)
            candidates = {n for n in candidates if n in scope or not getattr(sym.defines.get(n), "params", ())}
        # (in an expectation, a name spelt like it or those it reads, not "quote it": a word there is always true)
        readable = (self._spelt_hint(name, candidates) or self._names_read_hint(scenario)) if scenario else None
        compared = self._compared_with_numbers_hint(name, node)
        no_word = indexed or (self._attributed is not None and self._attributed.target is node)  # (`t.colour`: no word is meant)
        if no_word:
            compared = compared or self._bound_elsewhere_hint(name)
        if compared and name.lower() in NUMBER_WORDS:  # (`rank == eight`: the number meant, before a name spelt like it)
            self.error(src.at(node.pos), "E150", f"unknown name '{name}'", compared)
            return "None", ANY
        hint = ((not scenario and _decision_name_hint(name))
                or (not zone_hint and _declared_word_hint(name, self.symbols, src.text)) or _not_a_value_hint(name, sym, src.text, readable)
                or _foreign_word_hint(name, FOREIGN_NAMES) or (not scenario and self._bare_attribute_hint(name, scope, src.text))
                or _ranking_hint(name, src.text, self._wanted)
                or _number_word_hint(name, src.text, self._wanted) or _layout_name_hint(name, self._wanted, sym.component_types, sym.component_values)
                or self._later_parameter_hint(name, scope) or (scenario and _pending_name_hint(name, self._spelt_hint(name, candidates)))
                or (not scenario and not zone_hint and not _seat_word_hint(name, src.text, self._wanted)
                    and _builtin_name_hint(name, src.text, self._wanted)) or self._spelt_hint(name, candidates, scope)
                or self._die_named_hint(name, node) or _unnamed_repeat_hint(name, sym.loop_names, self.repeats_unnamed)
                or _one_letter_hint(name, scope)
                or _seat_word_hint(name, src.text, self._wanted) or zone_hint or self._action_names_hint(name, scope, src.text, compared, no_word)
                or _number_hint(name, src.text, self._wanted) or _loop_hint(name, sym.loop_names, scope)
                or _foreign_word_hint(name, EVERY_SEAT) or compared
                or (self._names_read_hint(scenario) if scenario else "" if no_word else _quote_hint(name, src.text)))
        self.error(src.at(node.pos), "E150", f"unknown name '{name}'", hint)
        return "None", ANY

    def _bound_elsewhere_hint(self, name: str) -> str:
        """For an unknown name whose attribute is read or which is indexed (`t.colour`), where a word cannot be meant:
        that a comprehension elsewhere binds it, only inside itself; '' where none does."""
        line = self._loop_lines.get(name)
        if not line:
            return ""
        return (f"'{name}' is bound only inside its loop (the [... for {name} in ...] on line {line}): read it there, "
                f"or loop here too, any(... for {name} in ...)")

    def _spelt_hint(self, name: str, candidates, scope=()) -> str:
        """did_you_mean for a bare name, a definition with parameters written as it is called (`hand_size(p)`, not
        'hand_size', which read bare is E140)."""
        said = did_you_mean(name, candidates)
        define = self.symbols.defines.get(said[len("did you mean '"):-len("'?")]) if said else None
        if define is None or not define.params or define.name in scope:
            return said
        return f"did you mean {define.name}({', '.join(define.params)})?"

    def _bare_attribute_hint(self, name: str, scope, text) -> str:
        """For an unknown name that is an attribute of the components a bound name holds (`set: {led: suit}`, where the
        action chose card): read it of that name, card.suit; then, where the whole value is the word, how to quote it."""
        holders = [n for n, entry in scope.items() if entry[1] == "comp"
                   and any(name in self.symbols.component_types.get(kind, ())
                           for kind in self._narrowing.get(id(entry), (None, self.symbols.component_types))[1])]
        if not holders:
            return ""
        said = f"'{name}' is an attribute, read of a component: " + " or ".join(f"{n}.{name}" for n in reversed(holders[-2:]))
        want = (self._wanted or (None, ""))[0]
        if isinstance(text, str) and text.strip() == name and want not in ("int", "num", "player", "bool", "zone", ("list", "zone")):
            said += f"; {_quote_hint(name, text)}"
        return said

    def _scenario_place(self) -> str:
        """What a scenario's expression being compiled is, where an unknown name gets hints of its own: 'a zone' (a
        `given.zones` key), 'an expectation' or 'an invariant'; '' elsewhere."""
        what = (self._wanted or (None, ""))[1]
        return what if self.in_scenario and what in ("a zone", "an expectation", "an invariant") else ""

    def _scenario_names(self) -> list:
        """(kind, names) of what an expectation or invariant can read: the ruleset's variables, definitions (with or
        without parameters: `home_count(0) == 4` calls one), zones and dice, then the language's names (players): the
        names a misspelt one is matched against and those its hint lists, one list for both."""
        sym = self.symbols
        return [("variables", sorted(sym.variables)), ("definitions", sorted(sym.defines)), ("zones", sorted(sym.zones)),
                ("dice", sorted(sym.dice)), ("the decision's", list(decision_names(sym))),
                ("", sorted(sym.context_names(), key=_scenario_context_rank))]

    def _names_read_hint(self, place: str) -> str:
        """The names an expectation or invariant can read, by kind (not "quote it": a word there is always true): a
        definition with parameters written with them, start(p), as it is called."""
        defines = self.symbols.defines
        listed = []
        for kind, names in self._scenario_names():
            if kind == "definitions":  # the values first, then those called with arguments
                names = ([n for n in names if not defines[n].params]
                         + [f"{n}({', '.join(defines[n].params)})" for n in names if defines[n].params])
            # (every name, in full: a list cut short hides the one a user looks for, and reading this hint is how
            # they look; each kind holds what the ruleset declares, the language's names a few)
            if names and kind:
                listed.append(f"{kind} {few_listed(names, len(names))}")
            elif names:
                listed.append(f"{'and ' if listed else ''}the game's {few_listed(names, len(names))}")
        return f"{place} reads the ruleset's names: {'; '.join(listed)}" if listed else ""

    def _die_named_hint(self, name: str, node) -> str:
        """For an unknown name whose die face's attribute is read (`d3.pips`, with dice d1 and d2): the dice there are,
        not "quote it" ('d3'.pips reads a word's attribute)."""
        read = self._attributed
        if read is None or read.target is not node or not self.symbols.dice or read.name not in self.symbols.face_attributes:
            return ""
        return f"no die is named '{name}': the dice are {few_listed(self.symbols.dice)}"

    def _me_unbound(self, define, scope, loc) -> None:
        """E150 where a definition that reads `me` is used outside an action (the flow, winners, a scenario's expect):
        nothing binds `me` there, so every evaluation that reaches it would fail (R100, in the game); so where one that
        reads `current` is used outside a `turns` step in a ruleset with none (_current_unbound)."""
        self._current_unbound(define, scope, loc)
        if "me" in scope or not self._reads_me(define.name):  # (in a definition's body `me` is its caller's: checked there)
            return
        what = (self._wanted or (None, ""))[1]
        seat = RATED_SEAT_PASSED[what] if what in RATED_SEAT and "p" in scope else "current inside turns or p in a loop over players"
        self.error(loc, "E150", f"'{define.name}' reads me, which is not bound here",
                   f"me is the deciding seat, bound only in an action: give the definition the seat as a parameter "
                   f"and pass it here, {seat}")

    def _current_unbound(self, define, scope, loc) -> None:
        """E150 where a definition that reads `current` is used where it is not bound, in a ruleset whose rules write
        no `turns` step, the one thing that binds it (a `show:` definition in a flow of `for: p in players` loops):
        every evaluation that reaches it would fail (play's board said so at every decision)."""
        if self.symbols.current_bound or "current" in scope or not self._reads_me(define.name, word="current"):
            return
        self.error(loc, "E150", f"'{define.name}' reads current, which nothing binds here: current is the seat whose turn "
                   "it is, bound only inside a turns step, and these rules have none",
                   "name the seat instead: the loop's name (p in for: p in players), given to the definition as a "
                   "parameter, or, where none can be given (show:, the board), a variable the flow sets to it "
                   "(set: {up: p}) read in its place")

    def _read_too_early(self, define, loc, code: str) -> bool:
        """``code`` (E150 named, E141 called) where a component's derive uses a definition that reads what derive
        cannot (a zone, a variable, a die, score...): the components are made before the game, which it would read."""
        if not (self._wanted or (None, ""))[1].startswith("derived attribute "):
            return False
        found = self._game_read(define.name)
        if found is None:
            return False
        said, where = found
        through = f" (through '{where}', which it uses)" if where != define.name else ""
        self.error(loc, code, f"'{define.name}' reads {said}{through}, which a component's derive cannot read: the "
                   "components are made before the game starts", _layout_reads_hint())
        return True

    def _game_read(self, name: str, seen: frozenset = frozenset()):
        """(what, the definition reading it) for the first name of the game definition ``name``, or one it uses, reads
        that a component's derive cannot (`the zone 'deck'`); None where it reads no more than derive does."""
        define = self.symbols.defines.get(name)
        if define is None or define.tree is None or name in seen:
            return None
        nodes = list(ast.walk(define.tree))
        bound = set(define.params) | {n.var for n in nodes if isinstance(n, ast.Clause)}  # names of its own, not the ruleset's
        said = next(filter(None, (self._game_name(n, bound) for n in nodes)), None)
        if said is not None:
            return said, name
        used = {n.func if isinstance(n, ast.Call) else n.name for n in nodes if isinstance(n, (ast.Call, ast.Name))}
        return next(filter(None, (self._game_read(other, seen | {name}) for other in sorted(used - bound))), None)

    def _game_name(self, node, bound: set) -> str | None:
        """How ``node`` is told where it reads the game (`the zone 'deck'`, `score`, `die()`, `me`: no seat decides
        while the components are made), which a component's derive cannot; else None."""
        sym = self.symbols
        if isinstance(node, ast.Call) and node.func not in sym.defines and node.func in BUILTINS \
                and BUILTINS[node.func].needs_state and node.func not in SEAT_BUILTINS:
            return f"{node.func}()"
        if not isinstance(node, ast.Name) or node.name in bound:
            return None
        kind = next((kind for kind, names in (("zone", sym.zones), ("variable", sym.variables), ("die", sym.dice))
                     if node.name in names), None)
        if kind is not None:
            return f"the {kind} '{node.name}'"
        game = node.name in CONTEXT_NAMES and node.name not in ("players", "player_count") or node.name in ("me", "current")
        return f"'{node.name}'" if game else None

    def reads_me(self, name: str) -> bool:
        """Whether definition ``name``, or a definition it uses, reads `me` (a shown one is then worked out per seat)."""
        return self._reads_me(name)

    def _reads_me(self, name: str, seen: frozenset = frozenset(), word: str = "me") -> bool:
        """Whether definition ``name``'s body, or a definition it uses, reads `me` (its caller's, bound only in an
        action), or ``word`` (`current`: bound only inside `turns`)."""
        if (name, word) in self._me_readers:
            return self._me_readers[name, word]
        define = self.symbols.defines.get(name)
        if define is None or define.tree is None or name in seen:
            return False
        nodes = list(ast.walk(define.tree))
        bound = set(define.params) | {n.var for n in nodes if isinstance(n, ast.Clause)}  # names of its own, not the ruleset's
        reads = word not in bound and any(isinstance(n, ast.Name) and n.name == word for n in nodes)
        used = {n.func if isinstance(n, ast.Call) else n.name for n in nodes if isinstance(n, (ast.Call, ast.Name))}
        reads = reads or any(self._reads_me(other, seen | {name}, word) for other in sorted(used - bound) if other in self.symbols.defines)
        self._me_readers[name, word] = reads
        return reads

    def _later_parameter_hint(self, name: str, scope) -> str:
        """For a parameter of the action being compiled read where it is not chosen yet (a `choose` collection reading one
        listed after it): choices are made in the order choose lists them; else ''."""
        if self.action_compiled is None or name in scope or name not in self.action_compiled[1]:
            return ""
        if self.label_compiled is not None:
            return self._label_other_choice_hint(name)
        return (f"'{name}' is chosen later: choose picks its parameters in the order they are listed, and each one's "
                f"collection reads only those before it; list '{name}' first")

    def _label_other_choice_hint(self, name: str) -> str:
        """For another choice of the action read in the label of one (whatever the order choose lists them): a label
        reads only its own choice; the remedy is a one-value choice after both, worked out from them, labelled."""
        action, params = self.action_compiled
        own, text = self.label_compiled
        value = str(text).strip()
        inner = re.fullmatch(r"text\((.*)\)", value)  # (`text(pt - die)`: the value is pt - die, the label text(...) of it)
        if inner and _balanced(inner.group(1)):
            value, label = inner.group(1).strip(), "text({})"
        else:
            label = "{}"  # (the value is the word itself)
        new = next(n for n in ("to", "shown", "said") if n not in params)
        return (f"a label reads only its own choice ('{own}') and definitions of fixed values, and '{name}' is another "
                f"choice of action '{action}'; to show what the choices give together, list a one-value choice after "
                f"them, worked out from them, and label that: choose: {{..., {new}: \"[{value}]\"}}, "
                f"label: {{{new}: \"{label.format(new)}\"}}")

    def _no_such_field(self, node, fields: tuple, src) -> None:
        """E152 for `c.terrain` where c is a record a builtin gives, {x, y, value}: its fields, and the one spelt alike
        (the hint for a component's attribute or a map's key pointed away from `c.x`)."""
        listed = ", ".join(fields)
        spelt = did_you_mean(node.name, fields)
        self.error(src.at(node.name_pos), "E152", f"a record {{{listed}}} has no field '{node.name}'",
                   f"{spelt + '; ' if spelt else ''}its fields are {listed}")

    @cached_property
    def _table_keys(self) -> frozenset:
        """The words that are keys of the maps of the constant tables written as YAML data: declared names, read as
        `r.len` of a value whose type is known only at run time (a definition's parameter given an item of one)."""
        return frozenset(self._table_key_owners)

    @cached_property
    def _table_key_owners(self) -> dict:
        """Each key of _table_keys -> {each table holding it, in the order declared: the keys there}; a table is named
        as itself where the key is one of its own (`CITY: {X: ...}`), as "T's maps" where it is a key of maps it holds."""
        keys_of: dict = {}
        for name, define in self.symbols.defines.items():
            todo = [(define.data[0], name)] if define.data else []
            while todo:
                value, owner = todo.pop(0)
                if isinstance(value, dict):
                    keys_of.setdefault(owner, {}).update((key, None) for key in value if isinstance(key, str))
                    todo.extend((item, f"{name}'s maps") for item in value.values())
                elif isinstance(value, list):
                    todo.extend((item, f"{name}'s maps") for item in value)
        out: dict = {}
        for owner, keys in keys_of.items():
            for key in keys:
                out.setdefault(key, {})[owner] = tuple(keys)
        return out

    def _table_key_hint(self, name: str, hint: str, spelt: str) -> str:
        """E152's ``hint`` for `r.lenght` of a value whose type is known only at run time, where ``name`` is spelt like
        a key of a constant table's maps (_table_key_owners): that key first, with the tables holding it and their
        keys, then ``hint`` but where ``spelt`` (the attribute spelt alike) is that same word, also an attribute."""
        close = did_you_mean(name, self._table_key_owners)
        key = next((k for k in self._table_key_owners if close == f"did you mean '{k}'?"), None)
        if key is None:
            return hint
        owners = self._table_key_owners[key]
        held = " and ".join(f"{owner} ({', '.join(keys[:12])}{f', ... {len(keys) - 12} more' if len(keys) > 12 else ''})"
                            for owner, keys in owners.items())
        if spelt == f"did you mean '{key}'?":
            return f"did you mean '{key}', an attribute and a key of {held}?"
        return f"did you mean '{key}', a key of {held}?" + (f"; otherwise, {hint}" if hint else "")

    def _map_key_read(self, node, code: str, t: MapKeys, src):
        """`m.key` where m is a map whose keys are known (MapKeys): the key's value, of its values' type, read as any
        map's field is (_at: none where one of several maps lacks it); a key none has is E152 naming the keys there are,
        whatever a component declares under that name. Where it is read is kept, with its values, for the lints
        (MAP_READS): the component's values of that name say nothing of it."""
        name, keys = node.name, t.keys
        if name not in keys:
            shown = [k if isinstance(k, str) else describe(k) for k in keys]
            listed = ", ".join(shown[:12]) + (f", ... ({len(shown) - 12} more)" if len(shown) > 12 else "")
            spelt = did_you_mean(name, [k for k in keys if isinstance(k, str)])
            self.error(src.at(node.name_pos), "E152", f"a map {{{listed}}} has no key '{name}'",
                       f"{spelt + '; ' if spelt else ''}its keys are {listed}")
            return "None", ANY
        where, values = str(src.at(node.name_pos)), keys[name][1]
        if where in self.map_reads:  # (a definition's body compiled again: the values of each)
            kept = self.map_reads[where][1]
            values = None if kept is None or values is None else tuple(dict.fromkeys(kept + values))
        self.map_reads[where] = (name, values)
        return f"_at({code}, {name!r})", keys[name][0]

    def _handed_hint(self, name: str) -> str:
        """For a name the action being compiled reads but does not take, that a decision offering it hands (`with:`):
        to list it under the action's `takes:`; else ''."""
        action = self.action_compiled[0] if self.action_compiled is not None else None
        handed = self.handed.get(action, {}).get(name)
        if handed is None:
            return ""
        return (f"{handed[2]} '{handed[0]}' (line {handed[1]}) hands '{name}' (with:): list it under this action's takes: "
                f"[{', '.join([*self.taken.get(action, ()), name])}]")

    def _action_names_hint(self, name: str, scope, text, compared: str = "", no_word: bool = False) -> str:
        """For an unknown name in an action (`do:` still reads `slot` after `choose: {c: ...}`): the action's
        parameters, which a renamed one leaves behind, and still how a word is written (``compared``: that a number is
        meant instead, _compared_with_numbers_hint; ``no_word``: none is meant, `t.colour`)."""
        if self.action_compiled is None or scope.get("me", ("", None))[1] is not SEAT:  # (a definition's body sees none)
            return ""
        if name.lower() in NUMBER_WORDS or name in ("all", "everything", "rest"):  # (a number's word: _number_hint's)
            return ""
        action, params = self.action_compiled
        if name in self.do_lets:  # (not a word to quote: a value the do worked out)
            return (f"'{name}' is bound by a let in the do of action '{action}', and a let's names end with its block: "
                    f"the then: sees the action's choices, me and the ruleset's names; keep the value in a variable (set in "
                    f"the do, read in the then)")
        sees = f"its parameters ({', '.join(params)}), me" if params else "me (it chooses nothing)"
        said = f"action '{action}' sees {sees} and the ruleset's names"
        handed = self._handed_hint(name)
        if handed:  # (a value a decide hands it: the action lacks the takes:, the name is no word)
            return f"{said}; {handed}"
        tail = compared or ("" if no_word else _quote_hint(name, text))
        return f"{said}; {tail}" if tail else said

    def _g_Attr(self, node, scope, src):
        attributed, self._attributed = self._attributed, node
        try:
            code, t = self.gen(node.target, scope, src)
        finally:
            self._attributed = attributed
        name = node.name
        if isinstance(t, MapKeys):
            return self._map_key_read(node, code, t, src)
        known = self.symbols.attribute_names()
        if name == "rot" and not self._reads_a_die(code):
            self._turn_read(src.at(node.pos))
        if t in ("comp", "record", ANY, "map") or (t == "none"):
            if name not in known and t in (ANY, "map") and name in self._table_keys:  # (a definition's parameter: `r.len`)
                return f"_at({code}, {name!r})", ANY
            if name not in known:
                spelt = did_you_mean(name, known)
                removed = ("attribute", name) in self.symbols.overlay_written  # a component's, which the hint names
                if getattr(t, "fields", ()):  # a record a builtin gives: its own fields, not every attribute
                    self._no_such_field(node, t.fields, src)
                    return "None", ANY
                hint = spelt if removed else _map_key_hint(node, t, spelt, bool(self.symbols.grids))
                if hint == spelt and not removed:  # a component's (`last(r).num`): the attributes there are, E150's names
                    hint = _attributes_hint(name, known, spelt)
                if t in (ANY, "map") and not removed:  # (a definition's parameter given a table's map: `r.lenght`)
                    hint = self._table_key_hint(name, hint, spelt)
                self.error(src.at(node.name_pos), "E152", f"{NO_ATTRIBUTE_SAID} '{name}'", hint)
                return "None", ANY
            if t == "record" and code == self._record_keys:
                return f"{code}[{name!r}]", self.symbols.attribute_type(name)  # see _tables
            if t == "comp" and (code[:2] in ("c_", "p_") and code[2:].isidentifier() or _LOCAL_READ.fullmatch(code)) and SHORTCUTS:
                # a loop's component: read from its plain dict (dict.get of a subclass of dict is not specialised);
                # an attribute every component type declares, every component holds: subscripted, no call
                entry = scope.get(node.target.name) if isinstance(node.target, ast.Name) else None
                if self.symbols.declared_by_all(name, self._narrowing.get(id(entry), (None, None))[1]):
                    return f"{code}.plain[{name!r}]", self.symbols.attribute_type(name)
                return f"{code}.plain.get({name!r})", self.symbols.attribute_type(name)
            if t == "record" and SHORTCUTS and code in self._die_locals and name in self.symbols.face_keys:
                # a die's face, every one of which declares it: subscripted, no call (a die not rolled yet, none,
                # fails as its get fails: values.explain)
                return f"{code}[{name!r}]", self.symbols.attribute_type(name)
            if t == "comp" or t == "record":
                return f"{code}.get({name!r})", self.symbols.attribute_type(name)
            # a map's field, or that of a value known only at run time (a variable's): not the cards' attribute of that
            # name, whose declared values say nothing of it; of unknown type, so arithmetic on it stays checked
            return f"_at({code}, {name!r})", ANY
        hint = "count(x) is how many items x holds" if name in ("length", "len", "size", "count") else ""
        hint = "count(x) == 0 says x is empty" if name in ("empty", "is_empty") else hint
        if t == "zone" and name in known and not hint:  # `card.suit` where card was chosen from `hand`, a list of zones
            x = ast.text(node.target)
            hint = f"a zone's components have it: first({x}).{name}, or c.{name} for c in {x}"
            if isinstance(node.target, ast.Name) and scope.get(node.target.name, ("",))[0] == f"c_{x}":  # a comprehension's variable
                each = "d" if x == "c" else "c"
                hint = f"'{x}' goes over zones, not components: first({x}).{name}, or {each}.{name} for {each} in {x} (a loop over what each holds)"
            elif isinstance(node.target, ast.Name) and scope.get(node.target.name, ("",))[0] in (f"L[{x!r}]", f"p_{x}") and "me" in scope:  # a parameter
                hint += f"; '{x}' was chosen among zones: to choose a component, choose from one zone (such as \"hand[me]\")"
        if t == "zone" and name in ZONE_NUMBER_WORDS and not hint:  # `h.owner` of a zone of a family (a copies zone's)
            x = ast.text(node.target)
            hint = (f"owner_of({x}) is the seat a per-seat zone belongs to, copy_of({x}) its copy number (r of line[p][r]), "
                    f"index({x}) its index among the zones of its name")
        if t == "str" and self.symbols.dice and name in self.symbols.face_keys and not hint:  # `d.pips`, d a die's name
            x = ast.text(node.target)
            hint = f"a die named by a word is read with die(): die({x}).{name} (the dice are {few_listed(self.symbols.dice)})"
        self.error(src.at(node.name_pos), "E153", f"a {show_type(t)} has no attributes (.{name})", hint)
        return "None", ANY

    def _die_named(self, arg, src) -> None:
        """E120 at die()'s name written out that names no die (known before the game), the dice listed."""
        if isinstance(arg, ast.Const) and type(arg.value) is str and arg.value not in self.symbols.dice:
            dice = few_listed(self.symbols.dice) if self.symbols.dice else "none: the ruleset declares no dice"
            spelt = did_you_mean(arg.value, self.symbols.dice)
            self.error(src.at(arg.pos), "E120", f"die() takes the name of a die, but {arg.value!r} names none",
                       f"{spelt} (the dice are {dice})" if spelt else f"the dice are {dice}")

    def _turn_read(self, loc) -> None:
        """A placement's rot is read at ``loc``: by the rules where no definition is being compiled, else by that definition."""
        if self.define_stack:
            self._turn_defines.setdefault(self.define_stack[-1], loc)
        else:
            self.reads_turn = True
            self._turn_read_at = self._turn_read_at or loc

    def rules_read_turn(self) -> bool:
        """Whether the expressions compiled so far read a placement's rot, themselves or through the definitions they use
        (directly or not); a definition nothing of theirs reaches does not count (lists_every_turn)."""
        if self.reads_turn:
            self.turn_read_at = self._turn_read_at
            return True
        seen, todo = set(), sorted(self._rule_defines, reverse=True)  # (the first by name, where several read it)
        while todo:
            name = todo.pop()
            if name in seen or name not in self.symbols.defines:
                continue
            seen.add(name)
            if name in self._turn_defines:
                self.turn_read_at = self._turn_defines[name]
                return True
            todo.extend(sorted(self._callees(name), reverse=True))
        return False

    def _reads_a_die(self, code: str) -> bool:
        """Whether ``code`` reads a die's face (by the die's name, or a loop's over `dice`): its rot is no placement's."""
        return code.startswith("S.dice[") or code in self._die_locals

    @property
    def _seat_families(self) -> set:
        """The code of each family of one zone per seat."""
        return {f"S.zones[{name!r}]" for name in self.symbols.seat_zones}

    def _g_Index(self, node, scope, src):
        indexed, self._indexed = self._indexed, node.target
        try:
            code, t = self.gen(node.target, scope, src)
        finally:
            self._indexed = indexed
        names = self._copy_names(node.target, code)
        icode, it = self._named_index(node, names, scope, src) if names else self.gen(node.index, scope, src)
        if (self._seen is not None and not names and isinstance(node.target, ast.Name) and node.target.name not in scope
                and self._kept_a_team(node.target.name) and not self._reads_a_parameter(node.index)):
            self.team_indexes.append((node.target.name, node.index, src.at(node.pos), self._seen))
        if self._lacked_said(node.index, scope, src, "E121", "an index is a whole number (or a map's key)"):
            return "None", ANY
        if (is_list(t) or t in ("zone", ANY)) and self._negative_index(node, t, src):  # (a map's key may be a negative number)
            return "None", ANY
        if is_list(t) and self._past_the_family(node, code, src):
            return "None", ANY
        if is_list(t):
            if it not in NUMERIC:
                self.error(src.at(node.index.pos), "E121", f"a list is indexed by a whole number, not a {show_type(it)}",
                           _zone_as_index_hint(node, t, it) or self._dice_index_hint(node, scope)
                           or _attribute_index_hint(node, it, self.symbols.component_values, of_zones=t[1] == "zone"))
            if it == "player" and ((t[1] == "zone" and code in self._seat_families) or code == "S.scores"):
                return f"{code}[{icode}]", t[1]  # seats are always in range (of a family of a zone per seat, of the scores)
            read = _zone_at_index_read(code, icode) if SHORTCUTS and t[1] == "zone" and not self._iterating else None
            return read or f"_ix({code}, {icode})", t[1]
        if t == "zone":
            if it not in NUMERIC:
                self.error(src.at(node.index.pos), "E121", f"a zone is indexed by a whole number, not a {show_type(it)}")
            return f"_ix({code}, {icode})", "comp"
        if t in ("map", "record", ANY):
            if icode == "'rot'" and not self._reads_a_die(code):  # at['rot'], as at.rot
                self._turn_read(src.at(node.pos))
            return f"_get({code}, {icode})", ANY
        hint = ""
        if isinstance(node.target, ast.Name) and self.symbols.zones.get(node.target.name) == "single":
            hint = f"'{node.target.name}' is a single zone, declared without 'each' or 'copies'"
        elif t == "comp":
            hint = self._component_index_hint(node)
        self.error(src.at(node.pos), "E122", f"a {show_type(t)} cannot be indexed", hint)
        return "None", ANY

    def hold(self, expr: Expr):
        """The type a `let` (or a block's parameter) binding ``expr``, compiled last, gives its name: its own, or
        where that is known only at run time, Held (typed again once the variables' types are known)."""
        if expr.type == ANY and self.last_seen is not None and expr.tree is not None:
            self._held[id(expr)] = Held(expr.tree, self.last_seen)
        return self.held_type(expr)

    def held_type(self, expr: Expr):
        """The type ``expr``'s name is given where a `let` binds it (``hold``)."""
        return self._held.get(id(expr), expr.type)

    def _reads_a_parameter(self, node) -> bool:
        """Whether ``node`` reads a parameter of the definition whose body compiles: typed as one call gives it, a seat
        there and a team's index at another call (L055 says nothing of it in the body)."""
        define = self.symbols.defines.get(self.define_stack[-1]) if self.define_stack else None
        params = set(define.params) if define is not None else set()
        return bool(params) and any(isinstance(n, ast.Name) and n.name in params for n in ast.walk(node))

    def _kept_a_team(self, name: str) -> bool:
        """Whether ``name`` is a zone family or a variable kept a team (`each: team`), read by a team's index."""
        return name in self.symbols.team_zones or (name in self.symbols.variables and self.symbols.variables[name] == "team")

    def _copy_names(self, target, code: str) -> tuple:
        """The words of the family of named copies ``target`` writes (`pile`, or one seat's `exp[p]`), or ()."""
        name, _ = self._family_size(target, code)
        if name is None or isinstance(target, ast.Name) and target.name in self.symbols.seat_copies:
            return ()  # (`exp` of named copies a seat is indexed by its seats)
        return self.symbols.copy_names.get(target.name if isinstance(target, ast.Name) else target.target.name, ())

    def _named_index(self, node, names: tuple, scope, src) -> tuple:
        """(code, type) of the index of a family of named copies: a word written out (pile['red'], or pile[red] as
        play shows it, where red names nothing else) compiled to its position, so such a read costs what pile[4] does;
        a computed word (pile[card.colour]) looked up as the game runs (_copy_at); a number is the copy's position.
        E121 for a word written out that is none of the copies."""
        index, family = node.index, ast.text(node.target)
        word = index.value if isinstance(index, ast.Const) and isinstance(index.value, str) else None
        if isinstance(index, ast.Name) and not self._names_something(index.name, scope):  # (else E150 of no name)
            word = index.name
        if word is not None:
            if word in names:
                return str(names.index(word)), "int"
            self.error(src.at(index.pos), "E121", f"'{word}' is none of the copies of '{family}': "
                       f"{', '.join(names)}", f"write one of them: {family}[{names[0]}] (or {family}['{names[0]}'])")
            return "0", "int"
        icode, it = self.gen(index, scope, src)
        if it not in ("str", ANY):  # (a number is the copy's position; another kind is E121 where the index is checked)
            return icode, it
        positions = {w: i for i, w in enumerate(names)}
        return f"_copy_at({icode}, {positions!r}, {family!r})", "int"

    def _names_something(self, name: str, scope) -> bool:
        """Whether ``name`` written alone names something (a local, definition, zone, variable, die or context name)."""
        sym = self.symbols
        return any(name in known for known in (scope, sym.defines, sym.zones, sym.variables, sym.dice, CONTEXT_NAMES,
                                                sym.component_types, sym.declared_defines, ("me", "current")))

    def _dice_index_hint(self, node, scope) -> str:
        """E121's hint at `dice` indexed by a word (`dice[names[i]]`): it is a list of the faces, in the order declared."""
        if not (isinstance(node.target, ast.Name) and node.target.name == "dice" and "dice" not in scope and self.symbols.dice):
            return ""
        first, key = self.symbols.dice[0], min(self.symbols.face_keys, default="ATTRIBUTE")
        return (f"dice lists every die's face in the order the dice are declared: index it by the die's position "
                f"(dice[0] is {first}'s face), or read a die by its name ({first}.{key})")

    def _component_index_hint(self, node) -> str:
        """E122's hint at a component indexed (`q[a]`): an attribute is read by its name, written out (`q.height`), so a
        name computed as the game runs (a loop over attribute names) cannot pick one."""
        x = ast.text(node.target) if isinstance(node.target, ast.Name) else "c"
        named = node.index.value if isinstance(node.index, ast.Const) and isinstance(node.index.value, str) else None
        if named is not None and named.isidentifier():
            return f"an attribute is read by its name: {x}.{named}"
        names = list(dict.fromkeys(a for values in self.symbols.component_values.values() for a in values))[:2] or ["attribute"]
        written = " and ".join(f"{x}.{a}" for a in names)
        # (a map the component derives is indexed by a key computed as the game runs, as the component is not)
        derived = ", ".join(f"'{a}': {a}" for a in names)
        return (f"an attribute is read by its name, written out ({x}.{names[0]}): a name computed as the game runs cannot "
                f"pick one; write one clause per attribute ({written}), a definition per attribute, or derive a map "
                f"attribute of them, derive: {{by_name: \"{{{derived}}}\"}}, and index that: {x}.by_name[{ast.text(node.index)}]")

    def _past_the_family(self, node, code: str, src) -> bool:
        """E121 for a whole number written as the index of a family of zones past its end at every player count the
        ruleset allows (`house[12]` of `copies: 12`): it would fail at every evaluation, and only a game or a scenario
        that reached it would say so."""
        index, target = node.index, node.target
        if not (isinstance(index, ast.Const) and type(index.value) is int):
            return False
        name, size = self._family_size(target, code)
        if self.in_scenario and self.scenario_players > self.symbols.most_seats:
            return False  # (a scenario of a count the ruleset does not take: skipped in a combination of variants, R001 alone)
        if size is not None and self._no_seat_of_the_scenario(name, size, index, src):
            return True
        if size is None or index.value < size:
            return False
        zones = "seats' zones" if isinstance(target, ast.Name) and target.name in self.symbols.seat_copies else "zones"
        self.error(src.at(index.pos), "E121", f"index {index.value} is out of range of '{name}', whose {zones} are "
                   f"{name}[0]..{name}[{size - 1}] with any player count the game takes: it fails wherever it is read",
                   f"positions count up from 0: the last is {name}[{size - 1}]")
        return True

    def _no_seat_of_the_scenario(self, name: str, size: int, index, src) -> bool:
        """T016 for a seat's zones written by a seat the scenario compiled lacks (`line[2][0]` with `players: 2`): the
        family is one a seat (its size, the most seats), and a scenario's player count is known."""
        players = self.scenario_players
        if not (self.in_scenario and 0 < players <= index.value < size == self.symbols.most_seats) \
                or name not in self.symbols.seat_zones | set(self.symbols.seat_copies):
            return False
        self.error(src.at(index.pos), "T016", f"seat {index.value} is not a seat of this {players}-player scenario, so "
                   f"'{name}[{index.value}]' names none of its zones", f"seats count from 0: {name}[0]..{name}[{players - 1}]")
        return True

    def _family_size(self, target, code: str) -> tuple:
        """(the family ``target`` writes, the most items it has) where it is a family of zones written by its name
        (`house`: its zones; `line` of N zones a seat: its seats) or one seat's N zones (`line[0]`); (None, None)
        otherwise."""
        seat_copies = self.symbols.seat_copies if code.startswith(("_per_seat(", "_ix(_per_seat(")) else {}  # (not a local name)
        if isinstance(target, ast.Name) and target.name in seat_copies:
            return target.name, self.symbols.most_seats
        if isinstance(target, ast.Name) and code == f"S.zones[{target.name!r}]":
            name = target.name
            return name, self.symbols.most_seats if name in self.symbols.seat_zones else self.symbols.zone_copies.get(name)
        if isinstance(target, ast.Index) and isinstance(target.target, ast.Name) and target.target.name in seat_copies:
            return ast.text(target), seat_copies[target.target.name]
        return None, None

    def _negative_index(self, node, t, src) -> bool:
        """E121 for a negative number written as the index of a list or a zone, or of a value whose kind is known only
        when the game runs (`deck[-1]`, `xs[-1]` of a variable): never in range, it would fail at every evaluation; the
        last item is last(...)."""
        index = node.index
        if isinstance(index, ast.Unary) and index.op == "-" and isinstance(index.operand, ast.Const):
            value = index.operand.value
            value = -value if type(value) is int else None
        else:
            value = index.value if isinstance(index, ast.Const) else None
        if type(value) is not int or value >= 0:
            return False
        target = ast.text(node.target)
        at = index.pos
        if isinstance(src.text, str) and src.text[:at].rstrip().endswith("-"):  # (a negation's place is its number's)
            at = len(src.text[:at].rstrip()) - 1
        hint = f"the last one is last({target})" if value == -1 else f"count from the end: {target}[count({target}) - {-value}]"
        what = "a list or a zone" if t == ANY else f"a {show_type(t)}"
        self.error(src.at(at), "E121", f"{what} has no negative index: its positions count up from 0", hint)
        return True

    def _names_a_type(self, node, scope) -> bool:
        """Whether ``node`` is a component type's name written bare (no local name, definition or variable of the
        name hides it): what `c is NAME` tests."""
        sym = self.symbols
        return (isinstance(node, ast.Name) and node.name in sym.component_types and node.name not in scope
                and node.name not in sym.defines and node.name not in sym.variables and node.name not in sym.zones)

    def _no_grid_family(self, node, scope) -> str | None:
        """The text of a call's first argument where it names a zone, or a family indexed (`line[0][0]`, `pile[k]`), that
        is no grid: which zones those are is known before the game."""
        root = node.args[0] if node.args else None
        while isinstance(root, ast.Index):
            root = root.target
        if isinstance(root, ast.Name) and root.name not in scope and root.name in self.symbols.zones \
                and root.name not in self.symbols.grids:
            return ast.text(node.args[0])
        return None

    def _g_Call(self, node, scope, src):
        name = node.func
        builtin = name in BUILTINS and name not in self.symbols.defines  # (a ruleset's own definition hides a builtin: L047)
        if builtin and name == "run_length" and len(node.args) == 6 and self._names_a_type(node.args[5], scope):
            # run_length(grid, x, y, dx, dy, TYPE): a component type's name, never a value (E151 elsewhere), counts
            # the cells whose top piece is of that type; a value (a word, quoted) is matched against the cells'
            code, t = self.gen(ast.Call(node.pos, name, node.args[:5]), scope, src)
            if not code.startswith("b_run_length(S, "):
                return code, t  # (a finding at an argument: said there)
            return f"b_run_length_of_type({code[len('b_run_length('):-1]}, {node.args[5].name!r})", t
        if builtin and BUILTINS[name].collection_arg and node.args and isinstance(node.args[0], ast.Name):
            self._counted = node.args[0]  # an unknown name there is a zone never declared, not a word to quote
        args = [self.gen(a, scope, src) for a in node.args]
        codes = [c for c, _ in args]
        types = [t for _, t in args]
        if builtin:
            b = BUILTINS[name]
            if not (b.min_args <= len(args) <= b.max_args):
                want = str(b.min_args) if b.min_args == b.max_args else f"{b.min_args} to {b.max_args}"
                self.error(src.at(node.pos), "E140", f"{name}() takes {want} argument(s), got {len(args)}", b.doc)
                return "None", ANY
            if name == "index" and len(args) == 2:
                return self._index_of(node, codes, types, src)
            if b.shows_turn:
                self._turn_read(src.at(node.pos))
            if b.collection_arg or (name in ("min", "max") and len(args) == 1):
                if not iterable(types[0]):
                    self.error(src.at(node.args[0].pos), "E123", f"{name}() needs a collection, got a {show_type(types[0])}",
                               self._indexed_twice_hint(node.args[0], "zone", types[0]))
            not_grid = self._no_grid_family(node, scope) if name in GRID_READERS else None
            for arg, t, kind in zip(node.args, types, b.arg_kinds):
                if arg is node.args[0] and not_grid:
                    continue  # said below, with the grid zones
                if kind and t != ANY and t not in ARG_KINDS[kind][1]:
                    fraction = _written_fraction(arg) if kind == "whole" else None
                    this = f"{fraction} is a fraction" if fraction == ast.text(arg) else f"this is a {show_type(t)}"
                    self.error(src.at(arg.pos), "E120", f"{name}() needs {ARG_KINDS[kind][0]} here, but {this}",
                               self._fraction_hint(arg, "int" if kind == "whole" else None, t)
                               or (f"{fraction}, written in it, is a fraction" if fraction and fraction != ast.text(arg) else "")
                               or (_one_zone_hint("zone", t, arg.name, self.symbols, scope, self.in_scenario) if kind == "zone" and isinstance(arg, ast.Name) else ""))
            if not_grid:  # a zone written by its name, or of a family by its name: known before the game
                self.error(src.at(node.args[0].pos), "E120", *no_grid_said(self.symbols, not_grid, f"{name}() reads"))
            if name == "range" and len(node.args) == 3 and _written_zero(node.args[2]):
                self.error(src.at(node.args[2].pos), "E120", RANGE_STEP_ZERO, "write a step of 1 or more to count up, -1 or less to count down")
            if name == "run_length" and len(node.args) >= 5 and _written_zero(node.args[3]) and _written_zero(node.args[4]):
                self.error(src.at(node.args[3].pos), "E120", RUN_STEP_ZERO, "the step is added to x and y once per cell counted")
            if name in NUMBERS_ONLY:
                self._items_checked(name, node, types, src)
            if name in KEYED_ORDERS:  # typed by the items of its [key, item] pairs, not by the pairs
                item = self._pairs_checked(name, node.args[0], types[0], src)
                return f"b_{name}({codes[0]})", ("list", item) if name == "sorted_by" else item
            if name == "put":
                self._put_checked(node, types, src)
            if name == "remove":
                self._looked_for_checked(name, node, types, src)
            if name in ("reachable", "longest_trail", "cut_nodes"):
                self._edges_checked(name, node, types[0], src)
            if name == "partitions":
                self._groups_checked(node, types, src)
            codes = _numbers_checked(name, codes, types)
            if SHORTCUTS and name == "count" and self._made_list(codes[0]):
                return f"_len({codes[0]})", "int"  # what count() does with a list, without the call
            if name == "count" and (types[0] == "zone" or isinstance(node.args[0], (ast.Comprehension, ast.ListLit))):
                folded = self._fold_call(name, node.args[0], codes[0]) if SHORTCUTS and node is not self._fold_top else None
                return folded or f"_len({codes[0]})", "int"  # what count() does with a list, without the call
            if SHORTCUTS and name in ("all", "any", "sum") and isinstance(node.args[0], ast.Comprehension):
                # a comprehension is a list: Python's own, charged as the call charges it, without its checks
                # (a sum of whole numbers only: of fractions, the call tests for a number too large)
                if name != "sum" or element_type(types[0]) == "int":
                    # a sum whose total may pass the limit tests it (the builtin's test, where its loops are written)
                    checked = name == "sum" and not self._sum_within_limit(node.args[0], scope)
                    if checked:
                        self._checked_sums.add(id(node))
                    folded = self._fold_call(name, node.args[0], codes[0], checked) if node is not self._fold_top else None
                    return folded or f"{'b' if checked else ''}_{name}({codes[0]})", b.returns(types)
            if (SHORTCUTS and name in ("max", "min") and len(args) == 1 and isinstance(node.args[0], ast.Comprehension)
                    and element_type(types[0]) == "int" and node is not self._fold_top):
                # of whole numbers, whose comparisons cannot fail: loops, without the list, _extreme and its calls
                folded = self._fold_call(name, node.args[0], codes[0])
                if folded:
                    return folded, b.returns(types)
            if name == "index" and SHORTCUTS and codes[0] in self._zone_locals:
                return f"{codes[0]}.key[1]", "int"  # one of a family's zones: its index, without the call's test
            if name in ("left", "right") and SHORTCUTS and all(_REREAD.fullmatch(c) for c in codes):
                # whole numbers: what the call computes, without it (read again, each argument costs a lookup at most);
                # anything else goes to the call, which fails as before
                seat, places = codes[0], codes[1] if len(codes) > 1 else "1"
                # (the action's own seat, where nothing binds `me` again, needs no test: _own_seat)
                tests = " and ".join(f"_type({c}) is _int" for c in dict.fromkeys((seat, places))
                                     if not _WHOLE_LITERAL.fullmatch(c) and not (self._own_seat and c == "L['me']"))
                plain = f"({seat} {'+' if name == 'left' else '-'} {places}) % S.nplayers"
                if tests == f"_type({places}) is _int" and places.startswith(("S.vars[", "L[")) and not self._iterating:
                    # (the count alone tested, a name's read: bound in its test and not read again where it is whole)
                    tests, plain = f"_type(f_places := {places}) is _int", plain.replace(places, "f_places")
                return (f"({plain} if {tests} else b_{name}(S, {', '.join(codes)}))" if tests else f"({plain})"), b.returns(types)
            if name == "first" and SHORTCUTS and types[0] == "zone" and not self._iterating:
                # a zone's first item read in place (b_first's own test and read), anything else through the call
                return f"((f_first[0] if f_first else None) if _type(f_first := {codes[0]}) is _Zone else b_first(f_first))", b.returns(types)
            written = _round_score_read(codes) if name == "round_score" and SHORTCUTS else None
            if written is not None:
                return written, b.returns(types)
            if name in TEAM_BUILTINS:  # given the game's teams, kept by player count in the namespace (model.TeamsByCount)
                if self.symbols.teams != "declared":
                    self.error(src.at(node.pos), "E141", *_no_teams(f"{name}()", self.symbols.teams))
                    return "None", b.returns(types)
                return f"b_{name}(_TEAMS[S.nplayers], {', '.join(codes)})", b.returns(types)
            lead = "S, " if b.needs_state else ""
            if name in HEX_READERS and (self.symbols.hex or name in CELL_READERS):  # (a ruleset with a hex grid: six neighbours there)
                hexes = tuple(sorted(self.symbols.hex))
                if name == "placements":
                    return f"b_placements_hex(S, {', '.join(codes)}, {hexes!r}, {tuple(sorted(self.symbols.unturned))!r})", b.returns(types)
                return f"b_{name}{'' if name in CELL_READERS else '_hex'}(S, {', '.join(codes)}, {hexes!r})", b.returns(types)
            if name == "placements" and self.symbols.unturned:  # (as the next, for a ruleset with a grid of rot 0 only)
                return f"b_placements_unturned(S, {', '.join(codes)}, {tuple(sorted(self.symbols.unturned))!r})", b.returns(types)
            if name == "placements" and self.symbols.boards:  # (a ruleset with no such board: b_placements, as it was)
                return f"b_placements_on_boards(S, {', '.join(codes)})", b.returns(types)
            if name == "subsets" and len(codes) == 2:
                return f"b_subsets_of({', '.join(codes)})", b.returns(types)
            if name == "die":
                self._die_named(node.args[0], src)
            if name in ("copy_of", "owner_of"):  # a zone's index is its seat where the family is one zone a seat
                teams = sorted(self.symbols.team_zones)  # (a team's zone: its index is the team's; no seat owns it)
                if teams and name == "owner_of":
                    return f"b_owner_of({codes[0]}, {tuple(sorted(self.symbols.seat_zones))!r}, {tuple(teams)!r})", b.returns(types)
                ones = self.symbols.seat_zones | {t for t in teams if t not in self.symbols.seat_copies}
                return f"b_{name}({codes[0]}, {tuple(sorted(ones))!r})", b.returns(types)
            return f"b_{name}({lead}{', '.join(codes)})", b.returns(types)
        if name in self.symbols.defines:
            define = self.symbols.defines[name]
            self.used_defines.add(name)
            if not self.define_stack:
                self._rule_defines.add(name)
            if len(define.params) != len(args):
                if name not in self.symbols.refused:  # (a call of `total(a, b)` refused as the second `total`: its E132 says it)
                    self.error(src.at(node.pos), *_arguments_wrong(name, define.params, len(args)))
                return "None", ANY
            if self._read_too_early(define, src.at(node.pos), "E141"):
                return "None", ANY
            self._me_unbound(define, scope, src.at(node.pos))
            fname, t = self._define(define, tuple(types))
            checked = self._check_given(define, tuple(types), src.at(node.pos))
            if _unknown_type(t) and checked is not None and not _unknown_type(checked):
                # the type the body gives for the arguments' own types (a list of points for `ahead(p, ls)`, ls a list
                # of links), though its code reads them as any: a definition given it checks it (a trial game's on_border(q),
                # `q.x`, given last(ahead(..)), was R100 in a game and now is E153 at validate)
                t = checked
            if not codes and fname in self._constants:
                return self._constants[fname], t
            inlined = self._inlined(define, args) if self._inlinable(define, codes) else None
            if inlined is not None:
                return inlined, t
            self._called.add(name)
            if self._compiling:
                self._call_types.setdefault(self._compiling[-1], set()).add((fname, tuple(types)))
            call = f"{fname}(S, L{''.join(', ' + c for c in codes)})"
            if SHORTCUTS and fname not in self._remembered and self._fold_inlinable(define, codes):
                self._fold_writable[call] = (define, args)
            return self._memo_read(fname, types, codes) or call, t
        if name in self.symbols.refused:  # its E132 at the definition said it all: 'unknown function' would send the author looking
            return "None", ANY
        candidates = (set(BUILTINS) if self.symbols.teams == "declared" else set(BUILTINS) - TEAM_BUILTINS) | set(self.symbols.defines)
        hint = _foreign_word_hint(name, FOREIGN_FUNCTIONS) or did_you_mean(name, candidates)
        if name in OPTION_WORDS and name not in candidates:
            hint = ("no expression reads a seat's options: an action's if: says when it is legal, and a scenario checks "
                    "that it is not with a step marked illegal: true ({player: 0, action: pass, illegal: true})")
        self.error(src.at(node.pos), "E141", f"unknown function '{name}'", hint)
        return "None", ANY

    def _items_checked(self, name, node, types, src) -> None:
        """E120 where sum() is given items known not to be numbers, or max(), min() or sorted() items known to have no
        order: Python would count true as 1 and order true after false, and fails on words added up or components
        ordered at every evaluation (the run-time checks stay for items known only then)."""
        if len(types) > 1:  # max(a, b, ...): each argument is an item
            for arg, t in zip(node.args, types):
                if t in UNORDERED:
                    hint = f"compare one of its attributes: {ast.text(arg)}.{self._number_attribute()}" if t == "comp" else ""
                    self.error(src.at(arg.pos), "E120", f"{name}() compares numbers or words, but this is {a_type(t)}",
                               hint or _unordered_hint(name, t, arg))
            self._lists_among_others_checked(name, node, types, src)
            return
        t = element_type(types[0]) if iterable(types[0]) else ANY
        bad = t in UNORDERED or (name == "sum" and (t in ("str", "none") or is_list(t)))
        if not bad:
            return
        wanted = "adds up numbers" if name == "sum" else ("sorts" if name == "sorted" else "compares") + " numbers or words"
        arg = node.args[0]
        hint = _count_hint(arg) if t == "bool" and name == "sum" else _unordered_hint(name, t, arg, self._number_attribute())
        held = "true or false values" if t == "bool" else _plural(show_type(t))
        self.error(src.at(arg.pos), "E120", f"{name}() {wanted}, but this holds {held}", hint)

    def _pairs_checked(self, name, arg, t, src):
        """The type of the items of the [key, item] pairs ``arg`` (of type ``t``) given to sorted_by(), max_by() or
        min_by(); E120 where its pairs are known to be no lists, or written with other than two items, or a key is known
        to have no order (a component, true or false): each would fail at every evaluation (b_sorted_by's checks stay
        for values known only then)."""
        pair = element_type(t) if iterable(t) else ANY
        if pair not in (ANY, "none") and not is_list(pair):
            self.error(src.at(arg.pos), "E120", f"{name}() takes [key, item] pairs, but this holds {_plural(show_type(pair))}",
                       f"pair each item with its key: {_keyed_text(name, arg, self._number_attribute() if pair == 'comp' else '')}")
            return pair
        if is_list(pair) and pair[1] in UNORDERED and pair[1] != "none":  # (each part of the pair is of that kind, or none)
            self.error(src.at(arg.pos), "E120", f"{name}() orders by keys that are numbers or words, but the key of each pair "
                       f"here is {a_type(pair[1])} (or none)", "write each pair as [key, item], the key a number or a word")
            return element_type(pair)
        written = [arg.element] if isinstance(arg, ast.Comprehension) else list(arg.items) if isinstance(arg, ast.ListLit) else []
        literals = [p for p in written if isinstance(p, ast.ListLit)]
        parts = [part if part is not None and part[0] is p else None for p in literals for part in [self._pair_types.get(id(p))]]
        for p, part in zip(literals, parts):
            if len(p.items) != 2:
                self.error(src.at(p.pos), "E120", f"{name}() takes [key, item] pairs, but this list has {len(p.items)} "
                           f"item{'' if len(p.items) == 1 else 's'}",
                           "write each as [key, item]: the key to order by first, then the item it gives")
            elif part is not None and part[1] in UNORDERED:
                key = part[1]
                self.error(src.at(p.items[0].pos), "E120", f"{name}() orders by keys that are numbers or words, but this "
                           f"key is {'none' if key == 'none' else a_type(key)}", _unordered_key_hint(p.items[0], key, self._number_attribute()))
        if written and len(literals) == len(written) and all(parts):  # every pair written out: its item's type is known
            item = "none"
            for _, _, it in parts:
                item = _unify(item, it) if item != "none" else it
            return item
        return element_type(pair)

    def _lists_among_others_checked(self, name, node, types, src) -> None:
        """E120 where max() or min() of several arguments is given a list beside a number or a word (`max(0, [...])`):
        it compares its arguments with each other, and a list with a number fails at every evaluation."""
        listed = [arg for arg, t in zip(node.args, types) if is_list(t)]
        if name not in ("max", "min") or not listed or not any(t in ("int", "num", "player", "str") for t in types):
            return
        joined = " + ".join(ast.text(arg) if is_list(t) else f"[{ast.text(arg)}]" for arg, t in zip(node.args, types))
        self.error(src.at(listed[0].pos), "E120", f"{name}() compares its arguments with each other, but this is a list "
                   "and a list is never compared with a number or a word",
                   f"{name}() of one list is the {'largest' if name == 'max' else 'smallest'} of its items: {name}({joined}), "
                   f"or {name}(x for ...) of the list's items alone")

    def _put_checked(self, node, types, src) -> None:
        """E120 where put() is given what is known to be no map and no list (a number, a word, a zone, a component),
        and E121 where a list's index is known to be no number: each would fail at every evaluation (b_put's own
        checks stay for values known only then)."""
        target, index = types[0], types[1]
        if target != ANY and not is_list(target) and target not in ("map", "record"):
            words = "none" if target == "none" else a_type(target)
            hint = "put() changes an entry of a map or a list; a zone's components move with move:" if target == "zone" else ""
            self.error(src.at(node.args[0].pos), "E120", f"put() needs a map or a list here, but this is {words}", hint)
        elif is_list(target) and index not in NUMERIC:
            self.error(src.at(node.args[1].pos), "E121", f"a list is indexed by a whole number, not a {show_type(index)}")

    def _edges_checked(self, name, node, edges, src) -> None:
        """E120 where a graph builtin's edges are known to be no lists (a zone's components, numbers, words): every
        evaluation would fail (the builtin's own checks stay for values known only then)."""
        edge = "comp" if edges == "zone" else edges[1] if is_list(edges) else ANY
        if edge not in (ANY, "none") and not is_list(edge):
            hint = "list each component's ends: [[c.a, c.b] for c in ...]" if edge == "comp" else ""
            self.error(src.at(node.args[0].pos), "E120",
                       f"{name}() needs a list of edges, each a list [a, b] or [a, b, weight], but this is a {show_type(edges)}", hint)

    def _groups_checked(self, node, types, src) -> None:
        """E120 where partitions()'s items are known to be a map, or its groups no list of lists (a zone, a list of
        components, numbers or words): every evaluation would fail (the builtin's own checks stay for values known
        only then)."""
        if types[0] == "map":
            self.error(src.at(node.args[0].pos), "E120", "partitions() splits a list (or a zone) of items, but this is a map",
                       "list the items to split, its keys: [k for k in ...]")
        groups = types[1] if len(types) > 1 else ANY
        group = "comp" if groups == "zone" else groups[1] if is_list(groups) else ANY
        if groups not in (ANY, "none", "zone") and not is_list(groups) or group not in (ANY, "none") and not is_list(group):
            self.error(src.at(node.args[1].pos), "E120",
                       f"partitions() needs a list of groups, each a list of items, but this is a {show_type(groups)}",
                       "a group of one item is a list too: [[x] for x in ...]")

    def _sum_within_limit(self, node, scope) -> bool:
        """Whether a sum of whole numbers, ``node`` its comprehension, surely stays within +-MAX_WHOLE: its items
        are known to be small from the declarations (attributes, counts, seats, numbers written out) and its
        loops give a bounded number of them (``_largest``). Then it needs no test of its total at run time."""
        most = self._largest_total(node, _sizes(scope), frozenset())
        return most is not None and most <= MAX_WHOLE

    def _within_limit(self, node, scope) -> bool:
        """Whether `+`, `-` or `*` of two whole numbers, ``node``, surely stays within +-MAX_WHOLE (``_largest``): then
        it is written inline, unchecked. `2**52 * 4`, an attribute times a large number, or a loop's number doubled
        is tested as a variable's arithmetic is (_add, _sub, _mul): no number past the limit is kept or compared."""
        most = self._largest(node, _sizes(scope), frozenset())
        return most is not None and most <= MAX_WHOLE

    def _largest(self, node, env, busy) -> int | None:
        """The largest size (absolute value) a whole number ``node`` can have, known before the game; None where it
        is not known. ``env``: name -> (its largest size or None, its kind: "zone", "family" or None);
        ``busy``: the definitions being read (no recursion is possible: E130, but a call of them again is not read)."""
        if isinstance(node, ast.Const):
            return 0 if node.value is None else abs(node.value) if type(node.value) is int else None
        if isinstance(node, ast.Name):
            if node.name in env:
                return env[node.name][0]
            define = self.symbols.defines.get(node.name)
            if define is not None and not define.params and define.tree is not None and node.name not in busy:
                return self._largest_body(define, {}, busy)
            # (a round's or turn's number, as a pass's, is below the step limit: each takes a step at least)
            return MAX_SEATS if node.name == "player_count" else MAX_PASSES if node.name in ("round_number", "turn_number") else None
        if isinstance(node, ast.Attr):
            return self._largest_attribute(node.name)
        if isinstance(node, ast.Unary):
            return self._largest(node.operand, env, busy) if node.op == "-" else None
        if isinstance(node, ast.Conditional):
            return _most_of(self._largest(node.then, env, busy), self._largest(node.otherwise, env, busy))
        if isinstance(node, ast.BinOp) and node.op in ("+", "-", "*", "//", "%"):
            left, right = self._largest(node.left, env, busy), self._largest(node.right, env, busy)
            if node.op == "//":  # |a // b| <= |a| for a whole b other than 0; a fraction b (`a // 0.5`) makes it larger
                return left if _whole_divisor(node.right) else None
            if node.op == "%":  # |a % b| < |b|
                return right
            if left is None or right is None:
                return None
            return left * right if node.op == "*" else left + right
        if isinstance(node, ast.Index) and isinstance(node.target, ast.ListLit):
            return _most_of(*(self._largest(item, env, busy) for item in node.target.items))
        if isinstance(node, ast.Call):
            return self._largest_call(node, env, busy)
        return None

    def _index_of(self, node, codes, types, src):
        """`index(xs, x)`: the position of the first item of a list (or zone) equal to x, a call of its own (b_index_of)."""
        self._looked_for_checked("index", node, types, src)
        return f"b_index_of({codes[0]}, {codes[1]})", "int"

    def _looked_for_checked(self, name, node, types, src) -> None:
        """`index(xs, x)` or `remove(xs, x)`, which find the first item of a list (or zone) equal to x: what it looks in
        is checked as `x in xs` checks it, but for a list or zone (a map's keys have no position): E120, E124."""
        (xs, x), (xs_arg, x_arg) = types, node.args
        if not (is_list(xs) or xs in ("zone", ANY)):
            self.error(src.at(xs_arg.pos), "E120", f"{'index() of two arguments' if name == 'index' else name + '()'} needs "
                       f"a list (or a zone) first, but this is {a_type(xs)}", LOOKED_FOR_HINTS[name])
        elif x == "comp" and xs == ("list", "zone"):  # `index(hand, card)`: a list of zones holds zones
            one = (self._one_zone_of(xs_arg) or f"{ast.text(xs_arg)}[i]").replace(" (or [p])", "")
            self.error(src.at(xs_arg.pos), "E124", f"{name}() looks for a component among the zones of a list of zones: it "
                       "is never there", f"look in one zone: {name}({one}, {ast.text(x_arg)})")
        elif xs in ("zone", ("list", "comp")) and x in ("int", "num", "player", "str", "bool"):
            among, wanted = ast.text(xs_arg), ast.text(x_arg)
            self.error(src.at(x_arg.pos), "E124", f"{name}() looks for {a_type(x)} among components: it is never there",
                       f"look among their attributes: index([c.ATTRIBUTE for c in {among}], {wanted})" if name == "index" else
                       f"name the component: remove({among}, first(c for c in {among} if c.ATTRIBUTE == {wanted}))")

    def _largest_call(self, node, env, busy) -> int | None:
        """``_largest`` of a call: of a builtin that gives a whole number, or of a definition's body given its arguments."""
        name, args = node.func, node.args
        if name in self.symbols.defines:
            define = self.symbols.defines[name]
            if name in busy or define.tree is None or len(define.params) != len(args):
                return None
            given = {p: (self._largest(a, env, busy), self._kind(a, env)) for p, a in zip(define.params, args)}
            return self._largest_body(define, given, busy)
        if name == "count" and len(args) == 1:
            return self._most_items(args[0], env, busy)
        if name == "sum" and len(args) == 1:
            # a total not shown to stay within the limit is tested when it is made (SUM_TESTED, b_sum): none goes past it
            most = self._largest_total(args[0], env, busy)
            return MAX_WHOLE if most is None else min(most, MAX_WHOLE)
        if name in ("abs", "min", "max") and len(args) > (name != "abs"):
            return _most_of(*(self._largest(a, env, busy) for a in args))
        if name in ("left", "right"):
            return MAX_SEATS
        if name == "index":  # (of an item in a list: a position among its items)
            return MAX_ZONE_COPIES if len(args) == 1 else self._most_items(args[0], env, busy)
        return None

    def _largest_total(self, node, env, busy) -> int | None:
        """The largest size a sum of ``node``'s items can reach, as if its total were not tested (None: not known)."""
        if not isinstance(node, ast.Comprehension):
            return None
        inner, items = self._comprehension_env(node, env, busy)
        most = self._largest(node.element, inner, busy)
        return None if most is None or items is None else most * items

    def _largest_body(self, define, given, busy) -> int | None:
        """``_largest`` of a definition's body given its arguments' sizes and kinds, found once for each: definitions
        that each use the one before twice would be read 2^N times (every `+` of whole numbers asks)."""
        key = (define.name, tuple(given.items()))
        if key not in self._largest_of:
            self._largest_of[key] = self._largest(define.tree, given, busy | {define.name})
        return self._largest_of[key]

    def _largest_attribute(self, name) -> int | None:
        """The largest size of attribute ``name`` of a component or a die's face, from the values declared for it
        (none where a type derives it, or a grid's record has it: those are computed)."""
        from .model import MAX_COMPONENTS  # (model imports this module)

        if name == "owner":
            return MAX_SEATS
        if name == "id":
            return MAX_COMPONENTS
        derived = any(name in names and name not in self.symbols.component_values.get(kind, {}) and name != "owner"
                      for kind, names in self.symbols.component_types.items())
        if derived or (self.symbols.grids and name in GRID_FIELDS):
            return None
        values = self.symbols.attribute_values.get(name, ())
        if not values or any(type(v) is not int for v in values):
            return None
        return max(abs(v) for v in values)

    def _kind(self, node, env) -> str | None:
        """What collection ``node`` is, for the count of its items: "zone" (a zone), "family" (a declared family of zones)."""
        if isinstance(node, ast.Name):
            if node.name in env:
                return env[node.name][1]
            if node.name in self.symbols.defines:
                return None
            return {"single": "zone", "family": "family"}.get(self.symbols.zones.get(node.name))
        if isinstance(node, ast.Index) and self._kind(node.target, env) == "family":
            return "zone"
        return None

    def _most_items(self, node, env, busy) -> int:
        """At most how many items a collection ``node`` holds (or a comprehension over it gives)."""
        from .model import MAX_COMPONENTS  # (model imports this module)

        if isinstance(node, (ast.Comprehension, ast.MapComp)):  # (a map's keys are looped over)
            return self._comprehension_env(node, env, busy)[1]
        kind = self._kind(node, env)
        if kind == "zone":
            return MAX_COMPONENTS
        if kind == "family" or isinstance(node, ast.Call) and node.func == "index":
            return MAX_ZONE_COPIES
        if (isinstance(node, ast.Name) and node.name == "players" and "players" not in env
                or isinstance(node, ast.Call) and node.func == "seats_from"):
            return MAX_SEATS
        if isinstance(node, ast.ListLit):
            return len(node.items)
        if isinstance(node, ast.Call) and node.func == "range":
            return MAX_RANGE
        return MOST_ITEMS

    def _comprehension_env(self, node, env, busy) -> tuple:
        """The names a comprehension binds (each as ``_largest`` reads it) and at most how many items it gives."""
        inner, items = dict(env), 1
        for clause in node.clauses:
            it = clause.iterable
            items *= self._most_items(it, inner, busy)
            if isinstance(it, ast.Name) and it.name == "players" and "players" not in inner or isinstance(it, ast.Call) and it.func == "seats_from":
                bound = (MAX_SEATS - 1, None)
            elif isinstance(it, ast.Call) and it.func == "range":
                bound = (_most_of(*(self._largest(a, inner, busy) for a in it.args)), None)
            elif isinstance(it, ast.ListLit):
                bound = (_most_of(*(self._largest(a, inner, busy) for a in it.items)), None)
            else:
                bound = (None, "zone" if self._kind(it, inner) == "family" else None)
            inner[clause.var] = bound
        return inner, min(items, MOST_ITEMS)

    def _number_attribute(self) -> str:
        """An attribute of the components declared with whole numbers only, for a hint (`rank`), or a placeholder."""
        names = sorted(n for n in self.symbols.attribute_values if n not in ("x", "y", "rot", "overlap", "touching", "size")
                       and self.symbols.attribute_type(n) in ("int", "num"))
        return names[0] if names else "<attribute>"

    def _made_list(self, code) -> bool:
        """Whether ``code`` is a call (or a memo read of one) of a definition whose value is always a list it makes
        (a body that is one comprehension, folded: ``_lists_made``), given locals: count() of it is its length."""
        call = re.fullmatch(r"(d_[A-Za-z0-9_]+)\(S, L(?:, [cv]_[A-Za-z0-9_]+)*\)", self._read_calls.get(code, code))
        return call is not None and call.group(1) in self._lists_made

    def _memo_read(self, fname, types, codes) -> str | None:
        """The code that reads the value of a remembered definition given seats, each a comprehension's variable,
        from the memo where it stands, without the call (None where this does not apply; the call, then).

        A definition of a seat called in a loop over the seats is most often called again for the same seat by
        another loop of the same evaluation (`mark(p)` in `count(p for p in players if mark(p) == s)` for each
        `s` asked, then in `[p for p in players if mark(p) == none]`), where the memo holds it. A hit is read
        in place (held in `f_h`); a miss and no memo call the definition's function for a miss (`_m` and its
        name), which computes without looking in the memo again and keeps the value as the definition's own
        function does: the same value, work and failures. Outside a listing only (its analyses read the calls
        as written), and not in a comprehension's collection (where Python refuses the assignment)."""
        if (not (SHORTCUTS and fname in self._remembered) or self._cells is not None or self._trusting or self._hoisted
                or self._iterating):
            return None
        if codes and all(t == "player" for t in types) and all(c.startswith("c_") and _LOCAL.match(c) for c in codes):
            args, first = ", ".join(codes), ""
        elif len(codes) == 1 and types[0] in _READ_KEYS and self.define_stack:
            # one argument of another code (`tally(d.face)`), in a definition (an expression of the flow seldom
            # finds the memo standing, or holding the value): computed first, once, into a local of this read's own
            args = f"f_a{len(self._read_calls)}"
            first = f"({args} := {codes[0]}) is not _LAZY and "  # (always true: it only computes the argument)
        elif (len(codes) > 1 and self.define_stack and all(t in _READ_KEYS for t in types)
              and sum(not _LOCAL.match(c) for c in codes) <= 1):
            # in a definition, arguments that are their own keys (`excused(p, c.color)`, `held(q, col)`): the locals as
            # they are, one of another code computed first, once, as above (the others, locals, compute nothing)
            other = f"f_a{len(self._read_calls)}"
            args = ", ".join(c if _LOCAL.match(c) else other for c in codes)
            first = "".join(f"({other} := {c}) is not _LAZY and " for c in codes if not _LOCAL.match(c))
        elif not codes and self.define_stack:  # none (`spare`, named twice in one definition): its key is a constant
            args, first = "", ""
        else:
            return None
        miss = self._misses.pop(fname, None)
        if miss is not None:  # written once, where first read so
            self.functions.append(miss)
            self.defined_at[f"_m{fname}"] = self.defined_at[fname]
            if f"\ndef _mt{fname}(" in miss:  # (a tallied count's list alone: _tallied)
                self.defined_at[f"_mt{fname}"] = self.defined_at[fname]
        # the key made once, in a local of the read's own, and handed to the function for a miss, which keeps the value
        # under it; a seat of the seats' own loop (always 0 to player_count - 1) is keyed by a tuple kept per seat
        # (`_kd_...`, equal to the one made: found by identity, without a tuple made, compared and freed at each read)
        key = f"f_k{len(self._read_calls)}"
        if len(codes) == 1 and codes[0] in self._seat_locals and not first:
            self._seat_keyed.add(fname)
            made = f"_k{fname}[{codes[0]}]"
        else:
            made = f"({fname!r}, {args}, )" if args else f"({fname!r}, )"
        # (S.memo or _NOMEMO): a memo that is none or empty holds nothing (_NOMEMO, a dict never written, misses)
        read = (f"(f_h if {first}(f_h := (S.memo or _NOMEMO).get(({key} := {made}), _LAZY)) is not _LAZY"
                f" else _m{fname}(S, L, {args + ', ' if args else ''}{key}))")
        self._read_calls[read] = f"{fname}(S, L{''.join(', ' + c for c in codes)})"
        return read

    def _as_calls(self, text: str) -> str:
        """Generated code with each memo read written as the call it stands for (the longest first: one may hold another)."""
        if "(f_h if " in text:
            for read in sorted(self._read_calls, key=len, reverse=True):
                text = text.replace(read, self._read_calls[read])
        return text

    def _g_Comprehension(self, node, scope, src):
        outer_zone_locals, outer_maybe_none, outer_seat_locals = set(self._zone_locals), set(self._maybe_none), set(self._seat_locals)
        try:
            return self._comprehension(node, scope, src)
        finally:
            # its locals are not seen after it
            self._zone_locals, self._maybe_none, self._seat_locals = outer_zone_locals, outer_maybe_none, outer_seat_locals

    def _g_MapComp(self, node, scope, src):
        """`{key: value for ...}`: Python's dict comprehension over the loops a list comprehension makes (each item
        charged the same work), a later key's value replacing an earlier one's, as in a map literal."""
        outer_zone_locals, outer_maybe_none, outer_seat_locals = set(self._zone_locals), set(self._maybe_none), set(self._seat_locals)
        self._holders.append([])
        try:
            clauses, pair, _ = self._comprehension_parts(node, scope, src)
        finally:
            self._holders.pop()
            self._zone_locals, self._maybe_none, self._seat_locals = outer_zone_locals, outer_maybe_none, outer_seat_locals
        loops = " ".join(f"for c_{var} in {icode}" + "".join(f" if {c}" for c in conds) for var, icode, conds, _ in clauses)
        return f"{{{pair} {loops}}}", "map"

    def _bound(self, local: str, iterable_type) -> None:
        """Note whether ``local``, bound to each item of a collection of this type, may be none (a zone holds none)."""
        if iterable_type != "zone" and element_type(iterable_type) in ("comp", ANY):
            self._maybe_none.add(local)
        else:
            self._maybe_none.discard(local)

    def _comprehension(self, node, scope, src):
        """A comprehension's code and type (``_g_Comprehension``)."""
        self._holders.append([])
        try:
            clauses, ecode, et = self._comprehension_parts(node, scope, src)
        finally:
            tables = self._holders.pop()
        loops = " ".join(f"for c_{var} in {icode}" + "".join(f" if {c}" for c in conds) for var, icode, conds, _ in clauses)
        if tables:  # made once for all its passes, before its first (a fresh one at each evaluation)
            held = ", ".join(KEPT_TABLE for _ in tables)
            loops = f"for {', '.join(tables)}, in (({held},),) {loops}"
        elif SHORTCUTS and self._holders and self.define_stack:
            kept = self._kept_values(node, clauses, ecode)
            if kept is not None:
                return kept, ("list", et)
        self._comprehensions[id(node)] = (clauses, ecode, tables, None, f"[{ecode} {loops}]")
        return f"[{ecode} {loops}]", ("list", et)

    def _kept_values(self, node, clauses, ecode) -> str | None:
        """A comprehension inside another one's passes, whose item first calls a definition with its own variable
        alone, as code that calls it at the first pass only and reads the values kept then at the others.

        ``[p for p in players if any(hit(d) and d.face == mark(p) for d in dice)]`` calls ``hit(d)``
        for each die at each seat (a die's face, a record, is no memo key). While the memo stands, the
        collection gives the same items at each pass and the definition the same values; where
        calling it again can charge no work (``_free_again``: what it calls is remembered), the
        first pass keeps each value as it is computed, in its order, and the others read them
        (``zip`` with the items): the same values, work and failures, without the calls. Without
        the memo (a table of None), it is called as written. None where this does not apply.
        """
        if len(clauses) != 1:
            return None
        (var, icode, conds, _), = clauses
        if conds or re.search(r"\b[cf]_", icode) or f"for c_{var} " in ecode:
            return None  # its items must be the same at each pass, and its variable's name its own in the item
        lead = node.element  # what the item computes first
        while isinstance(lead, (ast.BoolOp, ast.Compare, ast.BinOp, ast.Unary)):
            lead = lead.operand if isinstance(lead, ast.Unary) else lead.left
        first = re.match(rf"[(\s]*(?:not\s+[(\s]*)?(d_[A-Za-z0-9_]+)\(S, L, c_{var}\)", ecode)
        if not (isinstance(lead, ast.Call) and lead.func in self.symbols.defines and len(lead.args) == 1
                and isinstance(lead.args[0], ast.Name) and lead.args[0].name == var
                and first is not None and self._free_again(first.group(1))):
            return None
        call = f"{first.group(1)}(S, L, c_{var})"
        table, value = f"f_t{self._tables_made}", f"f_v{self._tables_made}"
        self._tables_made += 1
        self._kept_calls[table] = (icode, call)
        self._holders[-1].append(table)
        read, keep = ecode.replace(call, value), f"{ecode[:first.start(1)]}({table}.append({call}) or {table}[-1]){ecode[first.end():]}"
        code = (f"([{read} for c_{var}, {value} in _zip({icode}, {table})] if {table} else [{keep} for c_{var} in {icode}]"
                f" if {table} is not None else [{ecode} for c_{var} in {icode}])")
        self._comprehensions[id(node)] = (clauses, ecode, [], (table, value, read, keep), code)
        return code

    def _fold_call(self, fold, node, code, checked=False) -> str | None:
        """``any``, ``all``, ``count``, or ``sum``, ``max`` or ``min`` (of whole numbers) of a comprehension inside a
        larger expression, as a call of a generated function that folds it into loops (as ``_folded`` folds a whole
        body): no list made, no comprehension's function nor ``_any`` called. Each item is computed as the
        list computes it, in its order, and the count of items is charged after the last, as ``_any``,
        ``_sum`` and ``b_max`` charge the list's length (``count`` of a list charges nothing), then an empty
        max's or min's failure: the same values, work and failures. Where an any's or all's items cannot fail nor charge work (FOLD_FREE) it stops at the item
        that decides, and charges the collection's length all the same. The function is given the locals
        the list reads (a definition's parameters, an outer comprehension's variables and kept tables);
        None (the list, as before) where the code reads another name, binds one, or a listing is generated.
        """
        # (its code as made, to be sure that it is the list's: not a hoisted part's)
        made = self._comprehensions.get(id(node)) if isinstance(node, ast.Comprehension) else None
        if (made is None or made[4] != code or self._cells is not None or self._trusting or self._hoisted
                or ":=" in _READ_LOCALS.sub("", code)):  # (a memo read's locals are its own: any function may bind them)
            return None
        free = _free_locals(code)
        if free is None:
            return None
        clauses, item, tables, kept, _ = made
        decides = (fold in ("any", "all") and kept is None and len(clauses) == 1 and not clauses[0][2] and FOLD_FREE.fullmatch(item)
                   and (clauses[0][3] == "comp" or not re.search(r"\bc_[A-Za-z0-9_]+(?:\.get\(|\[)", item)))
        lines = [f"    f_r = {FOLD_START[fold]}"] + ([] if decides or fold == "count" else ["    f_n = 0"])
        lines += [f"    {table} = {KEPT_TABLE}" for table in tables]  # one for all the passes (_kept_values)
        called = item  # (the item as written, before a call in it is written out)
        if kept is None and not decides:
            # a call of a definition that is not remembered, the item's, written out in the loop (no call per item)
            dice = {f"c_{var}" for var, icode, _, _ in clauses if icode == "S.dice.values()" or icode.startswith("_it(_dice(S), ")}
            for call, (define, args) in list(self._fold_writable.items()):
                if call in item:
                    outer, self._die_locals = self._die_locals, self._die_locals | dice  # (its loop's dice, in the body too)
                    try:
                        body = self._inlined(define, args)
                    finally:
                        self._die_locals = outer
                    if body is not None:
                        item = item.replace(call, body)

        def step(item):
            if fold == "count":  # (each item computed all the same: it may fail)
                return ([] if _LOCAL.match(item) else [f"({item})"]) + ["f_r += 1"]
            if fold == "sum":
                return [*_in_tested_first(item), "f_n += 1"]
            if fold in ("max", "min"):  # the first of the largest (smallest), as Python's max (min) keeps it
                return [f"f_e = ({item})", f"if f_r is _LAZY or f_e {'>' if fold == 'max' else '<'} f_r:", "    f_r = f_e", "f_n += 1"]
            return [f"if {'' if fold == 'any' else 'not '}({item}):", f"    f_r = {fold == 'any'}"] + (["    break"] if decides else ["f_n += 1"])

        def loops(pad, heads, conds, item, charged=None):
            out = []
            for k, (head, cs) in enumerate(zip(heads, conds)):
                if charged is not None:  # (var, collection): charged in place where _it charges it
                    var, icode = charged[k]
                    head = f"for c_{var} in {self._charged_in_place(out, pad, k, icode)}"
                out.append(f"{pad}{head}:")
                pad += "    "
                for cond in cs:
                    out.append(f"{pad}if {cond}:")
                    pad += "    "
            out += [pad + line for line in "\n".join(step(item)).split("\n")]
            return _counted_at_end(out) if SHORTCUTS and not decides else out
        if kept is not None:
            (var, icode, _, _), = clauses
            table, value, read, keep = kept
            rest = read[len(f"({value} and "):-1] if SHORTCUTS and fold == "any" and read.startswith(f"({value} and ") else None
            if (rest is not None and _closing(read, 1) == len(read) and rest.startswith("(") and _closing(rest, 1) == len(rest)
                    and value not in rest):  # (`(f_v and (...))`, the second operand one whole: no `or` after it)
                # `any(hit(d) and ... for d in dice)` at a later pass: an item whose kept value is false is false
                # without computing more, so only the items whose value is true are read (`_compress`), and the
                # items are counted all at once (the table holds one value an item: each was computed)
                lines += [f"    if {table}:", f"        for c_{var} in _compress({icode}, {table}):",
                          f"            if ({rest}):", "                f_r = True", f"        f_n += _len({table})"]
            else:
                lines += [f"    if {table}:", *loops("        ", [f"for c_{var}, {value} in _zip({icode}, {table})"], [[]], read)]
            lines += [f"    elif {table} is not None:", *loops("        ", [f"for c_{var} in {icode}"], [[]], keep),
                      "    else:", *loops("        ", [f"for c_{var} in {icode}"], [[]], item)]
        else:
            heads = [f"for c_{var} in {icode}" for var, icode, _, _ in clauses]
            charged = [(var, icode) for var, icode, _, _ in clauses]
            if decides:
                lines.append(f"    f_i0 = {clauses[0][1]}")  # its length read again after the loop
                heads, charged = [f"for c_{clauses[0][0]} in f_i0"], None
            lines += loops("    ", heads, [conds for _, _, conds, _ in clauses], item, charged)
            if decides:
                lines.append("    f_n = _len(f_i0)")
        charge = ["    _W[0] -= f_n", "    if _W[0] < 0:", "        _out_of_work()"] if fold != "count" else []
        charge += SUM_TESTED if checked else []
        if fold in ("max", "min"):  # charged first, then the empty list's failure, as builtins._extreme fails
            charge += ["    if f_r is _LAZY:", f"        _empty_extreme({fold!r})"]
        params = "".join(f", {name}" for name in free)
        body = "\n".join(_uncounted(lines) + charge + ["    return f_r"])
        name = self._fold_helpers.get((params, body))
        if name is None:
            name = self._fold_helpers[(params, body)] = f"g_fold{len(self._fold_helpers)}"
            self.functions.append(f"def {name}(S, L{params}):\n{body}")
        if (fold == "count" and kept is None and not tables and len(clauses) == 1 and clauses[0][3] == "comp"
                and all(FOLD_SAFE.fullmatch(c) for c in [item, *clauses[0][2]])):
            self._count_stops.add(name)  # a count of components whose items cannot fail (_count_stopped)
        if (fold in ("any", "all") and kept is None and not decides and not tables and len(clauses) == 1 and not clauses[0][2]
                and called.startswith("d_") and called.endswith(f"(S, L, c_{clauses[0][0]})")
                and called[:-len(f"(S, L, c_{clauses[0][0]})")].isidentifier()):
            # its twin that also keeps each item's value, as computed, in the table it is given (where that is not
            # None), for a comprehension's passes that would call the same again (_shared_test)
            (var, icode, _, _), = clauses
            keep = f"(f_tk.append((f_tx := {item})) or f_tx)"  # (its value kept in a local: no read of the list's last)
            twin = (lines[:1 + (fold != "count")] + ["    if f_tk is not None:", *loops("        ", [f"for c_{var} in {icode}"], [[]], keep, [(var, icode)]),
                    "    else:", *loops("        ", [f"for c_{var} in {icode}"], [[]], item, [(var, icode)])] + charge + ["    return f_r"])
            self._fold_items[name] = (icode, called, params, "\n".join(_uncounted(twin)))
        return f"{name}(S, L{params})"

    def _free_again(self, fname, busy=frozenset()) -> bool:
        """Whether a definition's function, called again with the same arguments while the memo stands, surely
        charges no work: it computes in place, or calls definitions whose values the memo keeps (given
        arguments that are always keys) or that are themselves free again."""
        if fname in self._remembered or fname in busy:
            return False
        # (not remembered: one function; a memo read, as the call it stands for)
        texts = [self._as_calls(text) for text in self.functions if text.startswith(f"def {fname}(")]
        if len(texts) != 1 or any(name not in FREE_AGAIN for name in _RUNTIME_NAME.findall(texts[0])):
            return False
        for callee in set(re.findall(r"\b(d_[A-Za-z0-9_]+|g_fold[0-9]+)\(", texts[0])) - {fname}:
            if callee in self._remembered:
                given = [types for called, types in self._call_types.get(fname, ()) if called == callee]
                if not given or any(t not in KEYS for types in given for t in types):
                    return False
            elif not self._free_again(callee, busy | {fname}):
                return False
        return True

    def _comprehension_parts(self, node, scope, src):
        """A comprehension's loops [(variable, collection's code, [condition's code], item type)], its item's code and type.

        Each collection's code charges the work of its loop where that is needed. Its variables over the dice are dice
        in it alone (`_die_locals`: an outer comprehension's variable of the same name is what it was after it).
        """
        die_locals = set(self._die_locals)
        try:
            return self._comprehension_loops(node, scope, src)
        finally:
            self._die_locals = die_locals

    def _comprehension_loops(self, node, scope, src):
        """What ``_comprehension_parts`` gives, made."""
        inner = dict(scope)
        clauses, unknown = [], []  # unknown: whether each collection's type is known only at run time
        for clause in node.clauses:
            if isinstance(clause.iterable, ast.Name):
                self._counted = clause.iterable  # an unknown name looped over is a zone never declared
            iterating, self._iterating = self._iterating, True
            try:
                icode, it = self.gen(clause.iterable, inner, src)
            finally:
                self._iterating = iterating
            if not iterable(it):
                self.error(src.at(clause.iterable.pos), "E123", f"cannot loop over a {show_type(it)}")
            if clause.var in LANGUAGE_WORDS:  # `[none for none in xs]` bound nothing: none stayed none in the loop
                self.error(src.at(clause.pos), "E102", f"'{clause.var}' is a word of the language, not a name for the loop's items",
                           "name them with another word: [x for x in ...]")
            inner = dict(inner)
            inner[clause.var] = (f"c_{clause.var}", element_type(it))  # c_: bound by iteration
            if icode == "S.components":  # (the language's name, not a local of that name: a local's code is L[...] or c_)
                self._every_component[id(inner[clause.var])] = inner[clause.var]
            self._loop_lines[clause.var] = src.at(clause.pos).line  # (the latest: the nearest, in the same action often)
            self._bound(f"c_{clause.var}", it)
            if _FAMILY.match(icode):  # the zones of a family: each item is a Zone
                self._zone_locals.add(f"c_{clause.var}")
            else:  # the same name over something else, in another comprehension
                self._zone_locals.discard(f"c_{clause.var}")
            if icode == "S.players":  # the seats: each item a whole number from 0 to player_count - 1
                self._seat_locals.add(f"c_{clause.var}")
            else:
                self._seat_locals.discard(f"c_{clause.var}")
            if icode == "_dice(S)":  # the dice: each item the face a die shows (a declared one), none before its roll
                self._die_locals.add(f"c_{clause.var}")
            else:
                self._die_locals.discard(f"c_{clause.var}")
            conds = []
            for cond in clause.conditions:
                ccode, ct = self.gen(cond, inner, src)
                self._want_bool(ct, cond, src)
                conds.append(ccode)
                inner = self._narrowed(inner, cond, True)  # the conditions after it and the item are read where it holds
            clauses.append((clause.var, icode, conds, element_type(it)))
            unknown.append(it == ANY)
        if isinstance(node, ast.MapComp):  # a pair, `key: value`, of a map's: the key read as a map literal's
            ecode, et = f"{self._map_key(node.key, inner, src)}: {self.gen(node.value, inner, src)[0]}", "map"
        else:
            ecode, et = self.gen(node.element, inner, src)
        # each item is charged the comprehension's size with its definitions written out
        # (known only now that the definitions it uses are compiled), less the loops in it and
        # in them that charge their own items when they run (charged once, not again here for
        # each item of this one); the same tree compiled again (a definition per argument
        # types, a listing's condition) was found unrolled the first time: its size is its
        # own, not that many times over
        unrolled = self._unrolled.pop(id(node), None)
        weight = min(1 + sum(self._cost(child, True) for child in _children(node)), MAX_EXPANSION)
        if unrolled is not None:
            self._unrolled[id(node)] = unrolled
        length = self._small_length(node.clauses[0].iterable, scope) if len(clauses) == 1 else None
        if length is not None and length * weight <= SMALL_WORK:
            # a few items known from the declarations (seats, dice, zones of a name): not charged
            # at run time, but counted in full, like unrolled code, in the size of what holds it
            counted = self._small_length(node.clauses[0].iterable, scope, self.symbols.most_seats)
            self._unrolled[id(node)] = (node, length, counted)
            (var, icode, conds, items), = clauses
            if icode == "_dice(S)":  # the dice's faces, read where they are kept (no list made first)
                icode = "S.dice.values()"
            return [(var, icode, conds, items)], ecode, et
        for (var, icode, conds, items), anything in zip(clauses, unknown):
            self._charged[f"_it({icode}, {weight})"] = (icode, weight, anything)
        return [(var, f"_it({icode}, {weight})", conds, items) for var, icode, conds, items in clauses], ecode, et

    def _known_length(self, node, scope) -> int | None:
        """At most how many items a collection has, known before the game: declared ones, and comprehensions over them."""
        unrolled = self._unrolled.get(id(node))
        return unrolled[1] if unrolled is not None else self._small_length(node, scope)

    def _small_length(self, node, scope, seats=MAX_SEATS) -> int | None:
        """At most how many items a collection has, when its declaration says so (seats, dice, zones of a name), with
        at most ``seats`` seats: any game's most where the code made must not hang on the table (the same code for
        every ruleset: its tests, its patterns), the game's own where the bound of E133 counts the work."""
        if isinstance(node, ast.Name) and node.name not in scope:
            if node.name == "players":
                return seats
            if node.name == "dice":
                return len(self.symbols.dice)
            if self.symbols.zones.get(node.name) == "family" and node.name not in self.symbols.defines:
                # a number of copies written out is how many there are; a seat's zones are at most the seats
                if node.name in self.symbols.seat_zones:
                    return seats
                return self.symbols.zone_copies.get(node.name) or MAX_ZONE_COPIES
        if isinstance(node, ast.Call) and node.func == "seats_from":
            return seats
        if isinstance(node, ast.ListLit):
            return len(node.items)
        return None

    def _g_ListLit(self, node, scope, src):
        items = [self.gen(i, scope, src) for i in node.items]
        t = "none"
        for _, it in items:
            t = _unify(t, it) if t != "none" else it
        if len(items) == 2:  # (a [key, item] pair: sorted_by() and its kin read each part's type, _pairs_checked)
            self._pair_types[id(node)] = (node, items[0][1], items[1][1])
        if t == ANY and items:  # (`[pile, won]`, a zone and a family: a statement taking zones reads each item's type)
            self.item_types[id(node)] = (node, [it for _, it in items])
        return "[" + ", ".join(c for c, _ in items) + "]", ("list", t if items else ANY)

    def _g_MapLit(self, node, scope, src):
        pairs = [(self._map_key(k, scope, src), self.gen(v, scope, src)) for k, v in node.pairs]
        code = "{" + ", ".join(f"{k}: {v}" for k, (v, _) in pairs) + "}"
        written = [_literal_eval(k) for k, _ in pairs if _python_literal(k)]
        if len(written) < len(pairs) or not all(isinstance(k, Hashable) for k in written):
            return code, "map"  # (a key computed as the game runs, or a list, refused as the game runs: keys not known)
        keys = {}  # (a key written twice is one key, the later value: as Python's dict keeps it)
        for k, (v, t) in pairs:
            keys[_literal_eval(k)] = (t, _data_values(_literal_eval(v)) if _python_literal(v) else None)
        return code, MapKeys(keys)

    def _map_key(self, key, scope, src) -> str:
        """The code of a map literal's key: an expression like its value, so an unknown name there is a word not
        quoted (`{x: 1}` for `{'x': 1}`), whatever names it is spelt like (_g_Name)."""
        keyed, self._keyed = self._keyed, key
        try:
            return self.gen(key, scope, src)[0]
        finally:
            self._keyed = keyed

    def _indexed_twice_hint(self, tree, want, found) -> str:
        """For `side[me][flag]` where a zone (or a collection, `count(side[me][flag])`) goes: side[me] is already one
        zone, and [flag] takes one of its components; several zones a seat are declared so, `each: player` with
        `copies: N`, read side[me][flag]."""
        if want != "zone" or found != "comp" or not isinstance(tree, ast.Index) or not isinstance(tree.target, ast.Index):
            return ""
        family = tree.target.target
        if not isinstance(family, ast.Name) or family.name not in self.symbols.zones:
            return ""
        name = family.name
        return (f"{name}[...] is already one zone, and a second [...] takes one of its components; for N zones a "
                f"seat, declare {name}: {{each: player, copies: N}}, seat p's k-th being {name}[p][k]")

    def _seat_zones_hint(self, tree, want, found, env) -> str:
        """For `side[f]` where one zone goes, side a family of N zones a seat (`each: player, copies: N`): side[f] is
        seat f's N zones, a list; one is indexed again, side[me][f] (a trial's move: card -> side[f])."""
        if want != "zone" or found != ("list", "zone") or not isinstance(tree, ast.Index) or not isinstance(tree.target, ast.Name):
            return ""
        name, index = tree.target.name, ast.text(tree.index)
        if name not in self.symbols.seat_copies or name in (env or {}):
            return ""
        written = f"{name}[me][{index}]" if index != "me" else f"{name}[me][0]"
        return (f"'{name}' holds {self.symbols.seat_copies[name]} zones a seat: {name}[{index}] is seat {index}'s list of "
                f"them; index again for one zone, the seat first: {written}")

    def _word_key_hint(self, what: str, found, tree) -> str:
        """For a winners key that reads an attribute of words (`first(hand[p]).rank`, ranks J, Q, K): a key is a number,
        and the place of each word in the declared order is one that ranks them so (a trial's showdown)."""
        read = _ranked_attribute(tree) if what == "a ranking key" and found == "str" else None
        if read is None:
            return ""
        values = list(dict.fromkeys(self.symbols.attribute_values.get(read.name) or ()))
        types = [name for name, attributes in self.symbols.component_types.items() if read.name in attributes]
        if not (values and types) or not all(isinstance(v, str) for v in values):
            return ""
        derive, order = order_derived(read.name, values, types, set().union(*self.symbols.component_types.values()))
        key = ast.text(tree).replace(ast.text(read), f"{ast.text(read.target)}.{order}", 1)
        return f"words would rank alphabetically: to rank by {read.name} in its declared order, {derive}, then rank by {key}"

    def _declared_hint(self, side) -> str:
        """For an attribute of the wrong kind, the values declared for it: a value written as an expression
        (`value: "range(3, 36)"`) is a word, since attributes are data."""
        if not isinstance(side, ast.Attr):
            return ""
        values = self.symbols.attribute_values.get(side.name) or []
        if not values:
            return ""
        words = sorted({repr(v) for v in values})
        shown = ", ".join(words[:6]) + (", ..." if len(words) > 6 else "")
        if any(isinstance(v, str) and "(" in v for v in values):
            return f"'.{side.name}' is declared as {shown}: attribute values are data, not expressions; write a range (3..35) or list them"
        ranged = next((v for v in values if named_range(v)), None)
        if ranged is not None:  # `b: a..6`: L020 says it too, but lints wait for the errors to be fixed
            hint = named_range_hint(side.name, named_range(ranged), self.symbols.attribute_values)
            return f"'.{side.name}' is declared as {shown}: '{ranged}' is one word; {hint}"
        dashed = next((v for v in values if isinstance(v, str) and _DASHED_RANGE.fullmatch(v.strip())), None)
        if dashed is not None:  # `value: 3-35`: L020 says it too, but lints wait for the errors to be fixed
            low, _, high = dashed.strip().partition("-")
            return f"'.{side.name}' is declared as {shown}: '{dashed}' is one word; write the range {low.strip()}..{high.strip()}"
        return f"the values declared for '.{side.name}': {shown}"

    def _fraction_hint(self, node, want, found) -> str:
        """For a fraction where a whole number is due (`range(n / 2)`, `repeat: count(deck) / 2`): that '/' made it."""
        if want not in ("int", "player") or found != "num" or not self._divides(node, set()):
            return ""
        name = node.func if isinstance(node, ast.Call) else node.name if isinstance(node, ast.Name) else None
        define = self.symbols.defines.get(name)
        if define is not None:  # (each use said so, and not where the '/' is: `repeat: rounds`, rounds: (30 - n) / 4)
            return f"'{name}', written at {define.loc}, divides with '/', which gives a fraction; use '//' for whole-number division"
        return FRACTION_HINT

    def _divides(self, node, seen: set) -> bool:
        """Whether ``node``'s value may be a fraction made by '/': a division, or arithmetic, a choice, a list, a
        builtin's value or a definition holding one (a fraction read from `score[p]` is not '/''s)."""
        if isinstance(node, ast.BinOp):  # (`//` gives a whole number, of a fraction too)
            return node.op == "/" or node.op != "//" and (self._divides(node.left, seen) or self._divides(node.right, seen))
        parts = (node.operand,) if isinstance(node, ast.Unary) else (node.then, node.otherwise) if isinstance(node, ast.Conditional) \
            else (node.element,) if isinstance(node, ast.Comprehension) else node.items if isinstance(node, ast.ListLit) else ()
        if parts:
            return any(self._divides(part, seen) for part in parts)
        name = node.func if isinstance(node, ast.Call) else node.name if isinstance(node, ast.Name) else None
        define = self.symbols.defines.get(name)
        if define is not None and define.tree is not None and name not in seen:
            seen.add(name)  # (each definition looked into once: they may use one another many times over)
            return self._divides(define.tree, seen)
        return isinstance(node, ast.Call) and name in FRACTION_KEEPERS and any(self._divides(a, seen) for a in node.args)

    def _name_overlay_changes(self, tree, src, reported: int) -> None:
        """Add to each finding made in ``tree`` since ``reported`` where an overlay wrote what the offending part reads:
        a base's expression checked against a house rule's `define:` fails at the base's line, not the house rule's."""
        written = self.symbols.overlay_written
        if not written or tree is None or len(self.diagnostics) == reported:
            return
        at: dict = {}  # (path, line, col) -> the nodes written there, outermost first
        for node in ast.walk(tree):
            for pos in (node.pos, node.name_pos) if isinstance(node, ast.Attr) else (node.pos,):
                where = src.at(pos)
                at.setdefault((where.path, where.line, where.col), []).append(node)
        for i in range(reported, len(self.diagnostics)):
            finding = self.diagnostics[i]
            nodes = at.get((finding.loc.path, finding.loc.line, finding.loc.col), [])
            for node in reversed(nodes):  # the innermost part there that reads one
                if self._add_overlay_changes(i, node):
                    break

    def name_overlay_changes_of(self, expr, reported: int) -> None:
        """Add to each finding since ``reported`` where an overlay wrote what ``expr`` reads: a statement's check of the
        value an expression gives (`reveal: things`, `for: c in hand`, an action's choices), made once it is compiled,
        fails at the base's line as a check inside the expression does (_name_overlay_changes)."""
        if self.symbols.overlay_written and expr.tree is not None:
            for i in range(reported, len(self.diagnostics)):
                self._add_overlay_changes(i, expr.tree)

    def _add_overlay_changes(self, i: int, node) -> bool:
        """Name in the hint of finding ``i`` what an overlay (another file than the finding's) wrote that ``node`` reads;
        whether it reads any."""
        finding = self.diagnostics[i]
        changes = [c for c in self._overlay_reads(node, set()) if c[2].path != finding.loc.path]
        if not changes:
            return False
        more = "; ".join(_written_by(*c) for c in changes[:3] if str(c[2]) not in finding.hint)
        if more:
            self.diagnostics[i] = Diagnostic(finding.loc, finding.code, finding.message, f"{finding.hint}; {more}" if finding.hint else more)
        return True

    def _overlay_reads(self, node, seen: set) -> list:
        """[(kind, name, where)] of what an overlay wrote that ``node`` reads, through the base's definitions it uses."""
        written, defines = self.symbols.overlay_written, self.symbols.defines
        found = []
        for part in ast.walk(node):
            keys = ([("attribute", part.name)] if isinstance(part, ast.Attr) else [("definition", part.func)] if isinstance(part, ast.Call)
                    else [(kind, part.name) for kind in ("definition", "variable", "zone", "die")] if isinstance(part, ast.Name) else [])
            for key in keys:
                if key in seen:
                    continue
                seen.add(key)
                if key in written:
                    found.append((*key, written[key]))
                elif key[0] == "definition" and key[1] in defines and defines[key[1]].tree is not None:
                    found += self._overlay_reads(defines[key[1]].tree, seen)
        return found

    def _g_Unary(self, node, scope, src):
        code, t = self.gen(node.operand, scope, src)
        if node.op == "not":
            self._want_bool(t, node.operand, src)
            return f"(not {_checked_truth(code, t)})", "bool"
        if t not in NUMERIC:
            self.error(src.at(node.pos), "E124", f"cannot negate a {show_type(t)}")
        if t == ANY:  # a variable's value, say: true is no number, though Python would negate it; of unknown size
            return f"_neg({code})", ANY  # (a fraction, or at the bound), so arithmetic on it stays checked
        return f"(-{code})", "num" if t == "num" else "int"

    def _g_BinOp(self, node, scope, src):
        word = self._hyphenated_word(node, scope, src)
        if word is not None:  # (one finding for the word meant, not E150 at each half, each hinting to quote that half)
            left, right = word.split("-", 1)
            self.error(src.at(node.left.pos), "E150", f"unknown name '{left}'",
                       f"'{word}' reads as '{left}' minus '{right}', two names nothing declares; {_quote_hint(word, src.full)}")
            return "None", ANY
        lc, lt = self.gen(node.left, scope, src)
        rc, rt = self.gen(node.right, scope, src)
        op = node.op
        if any(self._lacked_said(side, scope, src, "E124", f"'{op}' needs numbers (or words, lists)") for side in (node.left, node.right)):
            return "None", ANY
        joined = _components_joined(lt, rt) if op == "+" else None
        if joined:  # a zone's components and another's, or a list's, in order (subsets(hand[me] + herd[me], 2))
            return f"_concat({lc}, {rc})", joined
        if op == "+" and (is_list(lt) or is_list(rt)):
            if not ((is_list(lt) or lt == ANY) and (is_list(rt) or rt == ANY)):
                self.error(src.at(node.pos), "E124", f"cannot add a {show_type(lt)} and a {show_type(rt)}",
                           _seats_hint(node.left, scope) or _seats_hint(node.right, scope) or _zone_plus_hint(node, lt, rt))
            return f"_concat({lc}, {rc})", _unify(lt, rt) if lt != ANY and rt != ANY else ANY
        if op == "+" and "str" in (lt, rt):
            if not ({lt, rt} <= {"str", ANY}):
                self.error(src.at(node.pos), "E124", f"cannot add a {show_type(lt)} and a {show_type(rt)}")
                # a word or a number, as meant: 'str' made `10 + value(r)` (value(r): r + 1, r a word) a second E124,
                # and the score adding it up an E120, at lines that were right (a trial)
                return "None", ANY
            return (f"({lc} + {rc})" if lt == rt else f"_add({lc}, {rc})"), "str"
        for t, side in ((lt, node.left), (rt, node.right)):
            if t not in NUMERIC:
                self.error(src.at(side.pos), "E124", f"'{op}' needs numbers, got a {show_type(t)}",
                           _list_minus_hint(node, lt, rt) or _list_times_hint(node, lt, rt) or _map_plus_hint(node, lt, rt)
                           or self._declared_hint(side) or _seats_hint(side, scope))
                return "None", ANY
        if op == "**":
            return self._power(node, lt, rt, src) or f"_pow({lc}, {rc})", "int"
        if op == "/":
            return f"_div({lc}, {rc})", "num"
        if op == "%" and SHORTCUTS and lt != ANY and _never_zero(node.right, rc):
            return f"({lc} % {rc})", _num_type(lt, rt)  # never by zero: what _mod computes, without its test
        if op == "//":  # floor division's result is whole, of fractions too (`7.5 // 2` is 3): a count, an index, a seat
            return f"_fdiv({lc}, {rc})", "int"
        if op == "%":
            return f"_mod({lc}, {rc})", _num_type(lt, rt)
        if lt in WHOLE and rt in WHOLE and self._within_limit(node, scope):
            if SHORTCUTS and op == "+" and _adds_nothing(node, rc):
                return lc, _num_type(lt, rt)  # a count or sum plus 0: the count or sum, without the addition
            return f"({lc} {op} {rc})", _num_type(lt, rt)
        # values of unknown size (variables, scores, a loop's whole numbers, numbers that add up past the limit):
        # checked, so that they cannot grow without bound
        return f"{_CHECKED[op]}({lc}, {rc})", _num_type(lt, rt)

    def _power(self, node, lt, rt, src) -> str | None:
        """E124 at a side of `a ** b` that is a number that may be a fraction (powers are of whole numbers): "None",
        the value compiled; None where both may be whole."""
        for t, side in ((lt, node.left), (rt, node.right)):
            if t == "num":
                self.error(src.at(side.pos), "E124", "'**' raises a whole number to a whole power, but this may be a fraction",
                           self._fraction_hint(side, "int", t) or "round it to a whole number first: x // 1")
                return "None"
        return None

    def _g_Compare(self, node, scope, src):
        if node.op in ("in", "not in") and isinstance(node.right, ast.Name):
            self._counted = node.right  # an unknown name looked in is a zone never declared
        if node.op not in ("in", "not in") and self._unknown_name(node.left, scope) and not self._unknown_name(node.right, scope):
            rc, rt = self.gen(node.right, scope, src)  # (`eight == card.rank`: the side of numbers first, for the name's hint)
            lc, lt = self._gen_compared(node, node.left, rt, scope, src)
        else:
            lc, lt = self.gen(node.left, scope, src)
            rc, rt = (self.gen(node.right, scope, src) if node.op in ("in", "not in")
                      else self._gen_compared(node, node.right, lt, scope, src))
        op = node.op
        if op in ("in", "not in"):
            if not (iterable(rt) or rt in ("map", "str")):
                self.error(src.at(node.right.pos), "E123", f"'{op}' needs a list, a zone, a map or a word on its right, got a {show_type(rt)}")
            elif rt == "str" and lt not in ("str", ANY):  # a word holds words only: Python's TypeError at every evaluation
                self.error(src.at(node.left.pos), "E124", f"'{op}' looks for a word in a word, but this is {a_type(lt)}",
                           "a word holds only words (\"b\" in \"abc\"); look for a value in a list (x in [1, 2])")
            elif lt == "comp" and rt == ("list", "zone"):  # `card in hand`: a list of zones holds zones, not cards
                left, right = ast.text(node.left), ast.text(node.right)
                one = self._one_zone_of(node.right)
                every = (f"any({left} in z for z in {right}) (or zone_of({left}) in {right}) in all of them" if op == "in" else
                         f"not any({left} in z for z in {right}) (or zone_of({left}) not in {right}) in none of them")
                self.error(src.at(node.right.pos), "E124", f"'{op}' looks for a component among the zones of a list of zones: "
                           f"it is {'never' if op == 'in' else 'always'} true",
                           f"{left} {op} {one} looks in one zone; {every}" if one else every)
            elif lt in SCALARS and (rt == ANY or is_list(rt) and rt[1] == ANY) and self._seen is not None and self.deferred is not None:
                self.deferred.append((node.right, src, self._seen, ("in", node, lt)))  # (a variable's items may be known lists later)
            elif lt in SCALARS and is_list(rt) and self._among_lists(node, lt, rt, src):
                pass
            elif rt in ("zone", ("list", "comp")) and lt in ("int", "num", "player", "str", "bool"):  # `c.value - 1 in taken[p]`
                left, right = ast.text(node.left), ast.text(node.right)
                start = min(n.pos for n in ast.walk(node.left))  # (an operator's node sits at the operator)
                self.error(src.at(start), "E124", f"'{op}' looks for {a_type(lt)} among components: it is "
                           f"{'never' if op == 'in' else 'always'} true",
                           f"look among their attributes: {left} {op} [c.ATTRIBUTE for c in {right}]")
            # a list or map looked for is compared with each item item by item, lists in it too: charged written out
            lists = is_list(lt) or lt in (ANY, "map")
            length = self._known_length(node.right, scope)
            looked_up = f"_F_{node.right.name}" if isinstance(node.right, ast.Name) and rc == f"_D_{node.right.name}" else None
            if looked_up in self.data_values:  # a constant table of words and numbers: one step, whatever its length
                return f"({'not ' if op == 'not in' else ''}_in_set({lc}, {looked_up}))", "bool"
            read = self._zone_in_family_read(lc, lt, rc, rt) if length is not None else None
            if read is not None:
                self._searched[id(node)] = (node, length)
                return f"({'not ' if op == 'not in' else ''}{read})", "bool"
            if length is not None and not (lists and isinstance(node.right, ast.ListLit)):
                # a few items known from the declarations: counted statically, not charged
                self._searched[id(node)] = (node, length)
                return f"({lc} {op} {rc})", "bool"
            return f"({'not ' if op == 'not in' else ''}_in{'_lists' if lists else ''}({lc}, {rc}))", "bool"
        if op in ("==", "!=") and _never_equal(lt, rt, node, self.symbols):
            what, hint = _never_equal(lt, rt, node, self.symbols)
            self.error(src.at(node.pos), "E124", f"'{op}' compares {what}, which are never equal", hint)
        if op in ("==", "!=") and "None" in (lc, rc) and SHORTCUTS and not _python_literal(rc if lc == "None" else lc):
            # (a literal: Python warns of `is` with one, a SyntaxWarning on stderr; == says the same of it)
            # only none equals none (no value of the language defines == otherwise): an identity test,
            # where Python's == of a word and none asks both types before it falls back on identity
            return f"({lc} {'is' if op == '==' else 'is not'} {rc})", "bool"
        if op in ("==", "!=") and _maybe_long(lt) and _maybe_long(rt):
            return f"({'not ' if op == '!=' else ''}_eq({lc}, {rc}))", "bool"
        if op in ("<", "<=", ">", ">=") and any(self._lacked_said(side, scope, src, "E124", f"'{op}' compares numbers or words")
                                                for side in (node.left, node.right)):
            return "None", "bool"
        if op in ("<", "<=", ">", ">="):
            lc, rc = (f"_no_truth({lc})" if lt == ANY else lc), (f"_no_truth({rc})" if rt == ANY else rc)  # (_no_truth)
            self._unordered_sides(node, lt, rt, scope, src)
            for word, number_type in ((node.left, rt), (node.right, lt)):
                found = self._literal_word(word, scope)
                if found is not None and number_type in ("int", "num"):
                    text, where = found
                    self.error(src.at(word.pos), "E124", f"'{op}' compares a number with the word {text!r}, which have no order",
                               f"'{word.name}' is defined at {where}" if where else "write a number")
        return f"({lc} {op} {rc})", "bool"

    def _among_lists(self, node, lt, rt, src) -> bool:
        """E124 where `x in xs` looks for ``lt``, a number, word, seat or truth value, in ``rt``, a list whose items are
        lists or zones: an item is never such a value, so `in` is never true and `not in` always (a trial of a
        bluffing game wrote `card.art not in mine`, a per-seat list of lists, for `mine[me]`); whether it was said."""
        if not (is_list(rt) and (is_list(rt[1]) or rt[1] == "zone")):
            return False
        left, right, op = ast.text(node.left), ast.text(node.right), node.op
        items = "zones" if rt[1] == "zone" else "lists"
        per_seat = isinstance(node.right, ast.Name) and self.symbols.variables.get(node.right.name)
        one = f"{left} {op} {right}[me] (or [p]) looks in one seat's; " if per_seat else f"{left} {op} {right}[i] looks in one; "
        every = (f"any({left} in xs for xs in {right}) in all of them" if op == "in" else
                 f"not any({left} in xs for xs in {right}) in none of them")
        start = min(n.pos for n in ast.walk(node.left))  # (an operator's node sits at the operator)
        self.error(src.at(start), "E124", f"'{op}' looks for {a_type(lt)} among {items}: an item of {right} is never one, "
                   f"so it is {'never' if op == 'in' else 'always'} true", one + every)
        return True

    def _one_zone_of(self, node) -> str | None:
        """One zone of the list of zones ``node`` as a hint writes it, fit to the family named: `hand[me] (or [p])` of
        a zone a seat, `track[i]` of a number of copies (`pile['red']` of named ones: `track[me]` was square number me,
        which validates and is silently wrong), `line[me][i]` of one seat's N zones; None for another list."""
        if isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and node.target.name in self.symbols.seat_copies:
            names = self.symbols.copy_names.get(node.target.name)
            return f"{ast.text(node)}[{names[0]!r}]" if names else f"{ast.text(node)}[i]"
        if not isinstance(node, ast.Name) or self.symbols.zones.get(node.name) != "family" or node.name in self.symbols.defines:
            return None
        if node.name in self.symbols.seat_zones:
            return f"{node.name}[me] (or [p])"
        names = self.symbols.copy_names.get(node.name)
        return f"{node.name}[{names[0]!r}]" if names else f"{node.name}[i]"

    def _zone_in_family_read(self, lc, lt, rc, rt) -> str | None:
        """`z in track`, a zone (or a value of unknown type) looked for in a family of zones named in the rules, as a test
        of its class and its key's name: a family's zones are all the zones of its name (``ZoneSpec.key``, each state's
        ``zones``), and a zone equals another of the same key only (``Zone.__eq__``), so the same truth value without
        Python's ``==`` called for each zone passed over (a race game's `zone_of(c) in track`, 60 zones, a third of its
        playouts). The work is charged as for the list (its length, known: ``_searched``). None where this does not apply
        (a family of N zones a seat, whose list is another's; a value that needs a local where Python refuses one)."""
        family = _FAMILY_READ.fullmatch(rc)
        if (not SHORTCUTS or family is None or rt != ("list", "zone") or lt not in ("zone", ANY)
                or family.group(1) in self.symbols.seat_copies or self.symbols.zones.get(family.group(1)) != "family"):
            return None
        if _LOCAL.match(lc):
            return f"(_type({lc}) is _Zone and {lc}.key[0] == {family.group(1)!r})"
        if self._iterating:
            return None
        return f"(_type(f_zin := {lc}) is _Zone and f_zin.key[0] == {family.group(1)!r})"

    def _hyphenated_word(self, node, scope, src):
        """The word `a-b` that the subtraction ``node`` is written as, where both are unknown names written with no
        space around the '-' (`peg(me, 2, thirty-one)`: a word not quoted); else None."""
        if node.op != "-" or not (self._unknown_name(node.left, scope) and self._unknown_name(node.right, scope)):
            return None
        word = f"{node.left.name}-{node.right.name}"
        return word if src.text[node.left.pos:node.left.pos + len(word)] == word else None

    def _unknown_name(self, node, scope) -> bool:
        """Whether ``node`` is a bare name nothing declares or binds here (E150 when compiled)."""
        return isinstance(node, ast.Name) and node.name not in scope and node.name not in self.symbols.all_names() \
            and node.name not in self.symbols.component_types and node.name not in ("me", "current")

    def _gen_compared(self, node, side, other_type, scope, src) -> tuple:
        """``side`` of the comparison ``node`` compiled knowing the other's type: an unknown name compared with numbers
        is told to compare with a number (`card.rank == eight`: quoted, 'eight' is a word a number never equals, L010)."""
        if other_type not in ("int", "num") or not self._unknown_name(side, scope):
            return self.gen(side, scope, src)
        compared, self._compared = self._compared, (side, node)
        try:
            return self.gen(side, scope, src)
        finally:
            self._compared = compared

    def _compared_with_numbers_hint(self, name: str, node) -> str:
        """For an unknown name compared with a side that holds numbers: to compare with a number (`rank holds numbers:
        compare with one, card.rank == 8`), not to quote it (a word is never equal to a number); '' elsewhere."""
        if self._compared is None or self._compared[0] is not node:
            return ""
        compare = self._compared[1]
        other = compare.right if compare.left is node else compare.left
        holder = other.name if isinstance(other, (ast.Name, ast.Attr)) else ast.text(other)
        number = NUMBER_WORDS.get(name.lower())
        sides = [str(3 if number is None else number) if side is node else ast.text(side)
                 for side in (compare.left, compare.right)]
        written = f"{sides[0]} {compare.op} {sides[1]}"
        return f"{holder} holds numbers: compare with one, {written}" if number is not None else \
            f"{holder} holds numbers: compare with one ({written}), not with a word"

    def _unordered_sides(self, node, lt, rt, scope, src) -> None:
        """E124 at a comparison `<`, `<=`, `>` or `>=` with a side that is neither a number nor a word, once for the
        comparison (at the first such side; both said where both are: `sorted(a) <= [2, 3]` was told twice)."""
        op = node.op
        wrong = [(t, side) for t, side in ((lt, node.left), (rt, node.right)) if t not in NUMERIC and t != "str"]
        if not wrong:
            return
        (t, side), kinds = wrong[0], [show_type(t) for t, _ in wrong]
        got = f"a {kinds[0]}" if len(wrong) == 1 else (f"a {kinds[0]} on each side" if kinds[0] == kinds[1] else
                                                         f"a {kinds[0]} and a {kinds[1]}")
        hint = next((h for _, s in wrong if (h := _seats_hint(s, scope))), "") or (
            _list_compared_hint(ast.text(side), lt, rt, op) if is_list(t) else "")
        self.error(src.at(side.pos), "E124", f"'{op}' compares numbers or words, got {got}", hint)

    def _literal_word(self, node, scope):
        """(the word, where it is defined or None) if ``node`` is a word written out, or a definition that is one; else None.

        A name bound in ``scope`` (a parameter, a loop's or a comprehension's variable) is not
        the definition of that name, which it hides.
        """
        if isinstance(node, ast.Const):
            return (node.value, None) if isinstance(node.value, str) else None
        if not isinstance(node, ast.Name) or node.name in scope:
            return None
        define = self.symbols.defines.get(node.name)
        if define is None or define.params or not isinstance(define.tree, ast.Const) or not isinstance(define.tree.value, str):
            return None
        return define.tree.value, define.loc

    def _g_IsType(self, node, scope, src):
        code, t = self.gen(node.operand, scope, src)
        types = self.symbols.component_types
        if node.type_name not in types:
            hint = ("test for none with == none" if node.type_name.lower() in ("none", "null") else
                    _attribute_value_hint(node, self.symbols.component_values) or did_you_mean(node.type_name, types))
            if not hint and (node.type_name in scope or node.type_name in self.symbols.all_names() or node.type_name in ("me", "current")):
                hint = f"'is' tests a component's type; to compare two values write {'!=' if node.negated else '=='}"
            self.error(src.at(node.type_pos), "E154", f"unknown component type '{node.type_name}'", hint)
            return "False", "bool"
        if t not in ("comp", ANY, "none"):
            self.error(src.at(node.pos), "E124", f"'is' tests a component's type, but this is a {show_type(t)}")
        # a loop's component read where it stands, where it cannot be none (the builtin's none is no component type)
        inline = t == "comp" and code[:2] in ("c_", "p_") and code[2:].isidentifier() and code not in self._maybe_none
        # (a component's type is read from its slot: a subscript of a subclass of dict, its item, looks `__getitem__` up)
        read = f"{code}.kind" if SHORTCUTS else f"{code}['type']"
        test = f"({read} == {node.type_name!r})" if inline else f"_is({code}, {node.type_name!r})"
        return (f"(not {test})" if node.negated else test), "bool"

    def _g_BoolOp(self, node, scope, src):
        lc, lt = self.gen(node.left, scope, src)
        rc, rt = self.gen(node.right, self._narrowed(scope, node.left, node.op == "and"), src)  # read where the left is
        # true (and) or false (or)
        self._want_bool(lt, node.left, src)
        self._want_bool(rt, node.right, src)
        if any(is_list(t) or t == "zone" for t in (lt, rt)):  # (Python's `xs or [none]`: choices written so are told how)
            self._list_operands[id(node)] = node
        return f"({_checked_truth(lc, lt)} {node.op} {_checked_truth(rc, rt)})", "bool"

    def _g_Conditional(self, node, scope, src):
        cc, ct = self.gen(node.condition, scope, src)
        self._want_bool(ct, node.condition, src)
        cc = _checked_truth(cc, ct)
        tc, tt = self.gen(node.then, self._narrowed(scope, node.condition, True), src)
        oc, ot = self.gen(node.otherwise, self._narrowed(scope, node.condition, False), src)
        # an empty list written out (`... else []`) adds no item: the items are the other branch's, so a
        # loop over the result knows their type (`for p in` a list of seats reads `shown[p]` without a check)
        if _empty_list(node.then) and is_list(ot):
            tt = ot
        elif _empty_list(node.otherwise) and is_list(tt):
            ot = tt
        self._conditionals[id(node)] = (cc, tc, oc)
        if id(node) in self._top_branches:
            self._top_branches[id(node)] = ((node.then, tt), (node.otherwise, ot))
        return f"({tc} if {cc} else {oc})", _unify(tt, ot)

    def lists_hint(self, tree) -> str:
        """E125's hint where ``tree``, the last expression compiled, is an `or` or an `and` with a list (or a zone) on a
        side (_lists_hint); else ''."""
        return _lists_hint(tree) if tree is not None and self._list_operands.get(id(tree)) is tree else ""

    def scalar_branches(self) -> list:
        """The branches of the conditionals giving the last expression compiled's value that are known before the game to
        be one value, no collection (true or false, a number, a word, a seat, a component), as (Loc, type,
        E125's hint): `[false, true] if c else false` is a list of choices in one branch only. The hint puts the value in
        brackets; for an `or` or an `and` of lists, which gives true or false, never a side (Python's `xs or [none]`: xs,
        or [none] where xs is empty), it writes the choice with `count`."""
        tree, branches, src = self.last_branches
        found = []

        def walk(node):
            for branch, t in branches.get(id(node)) or ():
                if isinstance(branch, ast.Conditional):
                    walk(branch)
                elif t in ("bool", "num", "int", "str", "player", "comp"):
                    written = _const_written(branch)
                    found.append((src.at(branch.pos), t, self.lists_hint(branch) or (
                        f"write it as a list of its one choice: [{written}]" if written
                        else "write it as a list of its one choice, in brackets")))
        walk(tree)
        return found

    def _check_branches(self, tree, branches: dict, want, what: str, src) -> None:
        """E120 at each branch of the conditionals giving an expression's value (``branches``, from _g_Conditional) known
        before the game to be no number where one is wanted: `copies: "5 if name == 'guard' else '2'"`, whose type as a
        whole is known only at run time, would stop the game (R002) at the combination that reads the word."""
        for branch, t in branches.get(id(tree)) or ():
            if isinstance(branch, ast.Conditional):
                self._check_branches(branch, branches, want, what, src)
            elif t not in (ANY, "none", "num") and not _fits(t, want):  # (a '/' branch fails at run time with its hint)
                quoted = isinstance(branch, ast.Const) and isinstance(branch.value, str) and re.fullmatch(r"-?[0-9]+", branch.value)
                self.error(src.at(branch.pos), "E120", f"{what} must be {a_type(want)}, but this branch is {a_type(t)}",
                           f"write the number {branch.value} without quotes" if quoted else "")

    def _narrowed(self, scope, test, holds: bool) -> dict:
        """``scope`` where ``test`` is known to be ``holds``: a loop's component tested for its type (`c is T`, `c is not
        T`, either side of an `and` that holds or an `or` that does not) given an entry of its own (the same code and
        type) that _narrowing maps to the types it can be, so that it reads an attribute each of those types declares
        by subscript (_g_Attr), and an attribute of types it cannot be is not said to be none (_lacked). `c.type ==
        'T'` (`!=`) tests as `c is T` (`is not`) does. A scope of its own: the code made with it is read only where the
        test is so."""
        if isinstance(test, ast.BoolOp) and test.op == ("and" if holds else "or"):
            return self._narrowed(self._narrowed(scope, test.left, holds), test.right, holds)
        if isinstance(test, ast.Unary) and test.op == "not":
            return self._narrowed(scope, test.operand, not holds)
        tested = _type_tested(test)
        if tested is None:
            return scope
        name, type_name, negated = tested
        entry = scope.get(name)
        types = self.symbols.component_types
        if (not isinstance(entry, tuple) or entry[1] != "comp" or str(entry[0])[:2] not in ("c_", "p_")
                or type_name not in types):
            return scope
        kinds = self._narrowing.get(id(entry), (None, frozenset(types)))[1]
        kinds = kinds & {type_name} if holds != negated else kinds - {type_name}
        own = tuple(list(entry))  # (a new tuple: its id is its own)
        self._narrowing[id(own)] = (own, frozenset(kinds))
        if id(entry) in self._every_component:
            self._every_component[id(own)] = own
        return {**scope, name: own}

    def _lacked(self, node, scope):
        """(`x.a` as written, the types lacking `a`) where ``node`` reads an attribute `a` of ``x``, a comprehension's
        local over `components` itself, that some of the types it can be there lack (declared, none narrowed away by a
        test of its type): the loop meets their components, whose `a` is none; None otherwise."""
        if not (isinstance(node, ast.Attr) and isinstance(node.target, ast.Name)) or node.name in ("type", "id"):
            return None
        entry = scope.get(node.target.name)
        if not isinstance(entry, tuple) or id(entry) not in self._every_component:
            return None
        kinds = self._narrowing.get(id(entry), (None, self.symbols.component_types))[1]
        types = self.symbols.component_types
        lacking = sorted(k for k in kinds if node.name not in types.get(k, ()))
        if not lacking or len(lacking) == len(types):  # (no type has it: E152's)
            return None
        return ast.text(node), lacking

    def _lacked_said(self, node, scope, src, code: str, what: str) -> bool:
        """``code`` at ``node`` where it is an attribute some components of a loop over `components` lack (_lacked),
        which ``what`` (an index, an operand of arithmetic or of an order) fails on: whether it was said."""
        found = self._lacked(node, scope)
        if found is None:
            return False
        text, lacking = found
        var, attribute = node.target.name, node.name
        having = sorted(k for k in self.symbols.component_types if attribute in self.symbols.component_types[k])
        kinds = few_listed(lacking, 3)
        test = " or ".join(f"{var} is {k}" for k in having)
        self.error(src.at(node.pos), code, f"{what}, but {text} is none for every {kinds} ({'it has' if len(lacking) == 1 else 'they have'} "
                   f"no '{attribute}'), and a loop over components meets every component",
                   f"keep to the components that have it, testing the type first: `for {var} in components if {test}`, or "
                   f"`{test} and ...` before it")
        return True

    def _want_bool(self, t, node, src):
        if t not in ("bool", ANY):
            self.error(src.at(node.pos), "E120", f"expected true or false here, got a {show_type(t)}", _condition_hint(t, own_seat=not self.in_scenario))
        elif t == ANY and self._seen is not None:  # (a variable's value, say: its type may be known once every set is compiled)
            self.deferred.append((node, src, self._seen, ("bool",)))


def _type_tested(test):
    """(name, type, negated) where ``test`` tests a name's component type: `c is T`, `c is not T`, `c.type == 'T'`,
    `c.type != 'T'` (either way round); None otherwise."""
    if isinstance(test, ast.IsType) and isinstance(test.operand, ast.Name):
        return test.operand.name, test.type_name, test.negated
    if isinstance(test, ast.Compare) and test.op in ("==", "!="):
        for read, word in ((test.left, test.right), (test.right, test.left)):
            if (isinstance(read, ast.Attr) and read.name == "type" and isinstance(read.target, ast.Name)
                    and isinstance(word, ast.Const) and isinstance(word.value, str)):
                return read.target.name, word.value, test.op == "!="
    return None


def _value_conditionals(tree) -> list:
    """The ids of the conditionals whose branches are an expression's value: itself if it is one, and so down its
    branches (`a if x else b if y else c`)."""
    if not isinstance(tree, ast.Conditional):
        return []
    return [id(tree), *_value_conditionals(tree.then), *_value_conditionals(tree.otherwise)]


def _seats_only(node, scope, symbols, depth=0) -> bool:
    """Whether the value of ``node`` (read with the local names ``scope``) is always a list whose every item is a seat:
    `players`, `[]`, a comprehension of one clause over such a list keeping its items (`[p for p in players if ...]`),
    either branch of a conditional between two such, or a definition without parameters whose body is one (a name read
    as _g_Name reads it: a local name, a zone, a variable or a die of that name first; a definition's name is none of
    them, nor a name of the language: loader). At most MAX_SEATS_ONLY definitions deep."""
    if depth > MAX_SEATS_ONLY:
        return False
    if isinstance(node, ast.Name):
        name = node.name
        if name in scope or name in symbols.zones or name in symbols.variables or name in symbols.dice:
            return False
        if name == "players":
            return True
        define = symbols.defines.get(name)
        return define is not None and not define.params and define.tree is not None and _seats_only(define.tree, {}, symbols, depth + 1)
    if isinstance(node, ast.Conditional):
        return _seats_only(node.then, scope, symbols, depth) and _seats_only(node.otherwise, scope, symbols, depth)
    if isinstance(node, ast.Comprehension) and len(node.clauses) == 1:  # (a comprehension standing alone is a list)
        clause = node.clauses[0]
        return (isinstance(node.element, ast.Name) and node.element.name == clause.var
                and _seats_only(clause.iterable, scope, symbols, depth))
    return _empty_list(node)


MAX_SEATS_ONLY = 8  # how many definitions deep _seats_only looks


def _empty_list(node) -> bool:
    """Whether ``node`` is the empty list written out (`[]`)."""
    return isinstance(node, ast.ListLit) and not node.items


def _literal(define) -> bool:
    """Whether a definition is a literal (`limit: 13`), written where it is used: never called."""
    return not define.params and isinstance(define.tree, ast.Const)


def _never_zero(node, code) -> bool:
    """Whether a divisor can never be zero: the number of players, or a number written other than 0."""
    return code == "S.nplayers" or (isinstance(node, ast.Const) and type(node.value) in (int, float) and node.value != 0)


def _whole_divisor(node) -> bool:
    """Whether a divisor of `//` is surely a whole number, so at least 1 in size where it is not 0: one written, the
    number of players, a count, a `//`, and `+`, `-`, `*` of them. (Where ``Compiler._largest`` reads it, a name's static
    type is not at hand, and a known size is no whole number: a sum's or a `%`'s may be a fraction.)"""
    if isinstance(node, ast.Const):
        return type(node.value) is int
    if isinstance(node, ast.Name):
        return node.name == "player_count"
    if isinstance(node, ast.Call):
        return node.func == "count"
    if isinstance(node, ast.Unary):
        return node.op == "-" and _whole_divisor(node.operand)
    if isinstance(node, ast.Conditional):
        return _whole_divisor(node.then) and _whole_divisor(node.otherwise)
    if isinstance(node, ast.BinOp):
        return node.op == "//" or node.op in ("+", "-", "*") and _whole_divisor(node.left) and _whole_divisor(node.right)
    return False


def _adds_nothing(node, rc) -> bool:
    """Whether ``left + right`` is its left side as it is: the right side's code is the whole number 0 alone (a
    constant, or a definition of it written out: nothing evaluated, charged or failing), the left a count or a sum,
    never a truth value nor -0.0 (a sum starts at the whole number 0), so that adding 0 changes neither its value nor
    its type (True + 0 is 1; -0.0 + 0 is 0.0)."""
    if not (isinstance(node.left, ast.Call) and node.left.func in ("count", "sum")):
        return False
    untagged = "".join(INLINE_TAG.sub("", line) for line in rc.split("\n"))
    return re.sub(r"[()\s]", "", untagged) == "0"


def _counting_hint(t, text: str) -> str:
    """The hint for a number ``text`` of type ``t`` where a collection of choices is wanted."""
    if t not in ("int", "num", "player"):
        return ""
    return (f"a number is one value, not choices among several: range(A, B) is the whole numbers A..B-1, "
            f"as range({text}, N) is those from {text} to N - 1")


def _num_type(a, b):
    if ANY in (a, b):
        return ANY  # unknown until run time: checked there
    return "num" if "num" in (a, b) else "int"


def iterable(t) -> bool:
    """Whether a value of type ``t`` can be looped over (a list, a zone, a map, or not known until run time)."""
    return is_list(t) or t in ("zone", ANY, "map")


def _maybe_long(t) -> bool:
    """Whether comparing values of this type may take time in proportion to their size."""
    return is_list(t) or t in ("zone", ANY, "map")


def _depth(node) -> int:
    """How deeply a tree is nested (iteratively: the tree may be deep)."""
    deepest, todo = 0, [(node, 1)]
    while todo:
        n, d = todo.pop()
        deepest = max(deepest, d)
        for value in n.__dict__.values():
            for item in value if isinstance(value, tuple) else (value,):
                for sub in item if isinstance(item, tuple) else (item,):
                    if isinstance(sub, ast.Node):
                        todo.append((sub, d + 1))
    return deepest


def _children(node):
    """The direct subtrees of an AST node."""
    for value in node.__dict__.values():
        for item in value if isinstance(value, tuple) else (value,):
            for sub in item if isinstance(item, tuple) else (item,):
                if isinstance(sub, ast.Node):
                    yield sub


def _called(tree) -> set:
    """Names a tree calls or names directly (some of them definitions)."""
    return {n.func if isinstance(n, ast.Call) else n.name for n in ast.walk(tree) if isinstance(n, (ast.Call, ast.Name))}


def _refused(t, want, what: str) -> bool:
    """Whether a value of type ``t`` cannot be what ``what`` must be (``want``; None: anything)."""
    # (a ranking key of true or false ranks them as 1 and 0: `p == 0` puts seat 0 first among seats level)
    return want is not None and not _fits(t, want) and not (what == "a ranking key" and t == "bool")


def _const_written(node) -> str:
    """A constant as a ruleset writes it (`false`, `3`, `'red'`); '' for any other node."""
    if not isinstance(node, ast.Const):
        return ""
    value = node.value
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _lists_hint(node) -> str:
    """E125's hint for a branch of choices written `A or B` (`A and B`) with a list on a side, which gives true or false:
    the list Python's `or` (`and`) would give, written with a test of A's count."""
    a, b = ast.text(node.left), ast.text(node.right)
    kept, other = (a, b) if node.op == "or" else (b, a)
    return (f"'{node.op}' gives true or false, never one of its sides as in Python: write {kept} if count({a}) > 0 "
            f"else {other}")


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

def _free_names(node) -> set:
    """Names an AST node reads that it does not bind itself (comprehension variables)."""
    node = ast.listed(node)  # (its names and parts, as a list comprehension's of its pairs)
    if isinstance(node, ast.Name):
        return {node.name}
    if isinstance(node, ast.Comprehension):
        names, bound = set(), set()
        for clause in node.clauses:
            names |= _free_names(clause.iterable) - bound
            bound.add(clause.var)
            for cond in clause.conditions:
                names |= _free_names(cond) - bound
        return names | (_free_names(node.element) - bound)
    names = set()
    for value in node.__dict__.values():
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            for sub in (item if isinstance(item, tuple) else (item,)):
                if isinstance(sub, ast.Node):
                    names |= _free_names(sub)
    return names


def chosen_among_subsets(tree) -> bool:
    """Whether a parameter whose choices are ``tree`` chooses among subsets(...), or among those a comprehension keeps
    of them ([s for s in subsets(hand[me]) if ...]): each of its lists is a set, in the order subsets keeps."""
    def of_subsets(node) -> bool:
        return isinstance(node, ast.Call) and node.func == "subsets"

    kept = (isinstance(tree, ast.Comprehension) and len(tree.clauses) == 1 and of_subsets(tree.clauses[0].iterable)
            and isinstance(tree.element, ast.Name) and tree.element.name == tree.clauses[0].var)
    return of_subsets(tree) or kept


# builtins whose value for a component depends only on its type and attributes (and its zone)
_ALIKE_ARGS = frozenset({"placements", "overlap", "touching", "zone_of"})


def same_for_identical(node, name: str, defines: dict, busy=frozenset()) -> bool:
    """True if ``node`` has the same value whichever of two identical components in one zone ``name`` is.

    That holds where the component is read only through its attributes (not ``id``), an
    ``is`` test, or a builtin or definition that does the same; comparing it, finding it
    in a list or taking its position tell identical components apart. Used to offer
    identical components once before testing the condition, which is exact only then.
    """
    if node is None:
        return True
    node = ast.listed(node)  # (its names and parts, as a list comprehension's of its pairs)
    if isinstance(node, ast.Name):
        return node.name != name
    if isinstance(node, ast.Attr) and isinstance(node.target, ast.Name) and node.target.name == name:
        return node.name != "id"
    if isinstance(node, ast.IsType) and isinstance(node.operand, ast.Name) and node.operand.name == name:
        return True
    if isinstance(node, ast.Call):
        return all(_arg_same_for_identical(node.func, i, arg, name, defines, busy) for i, arg in enumerate(node.args))
    if isinstance(node, ast.Comprehension):
        for clause in node.clauses:
            if not same_for_identical(clause.iterable, name, defines, busy):
                return False
            if clause.var == name:  # shadowed from here on
                return True
            if not all(same_for_identical(c, name, defines, busy) for c in clause.conditions):
                return False
        return same_for_identical(node.element, name, defines, busy)
    return all(same_for_identical(sub, name, defines, busy) for sub in _children(node))


def _arg_same_for_identical(func: str, i: int, arg, name: str, defines: dict, busy) -> bool:
    """``same_for_identical`` for argument i of a call: the component passed whole to a builtin or definition that reads only its attributes."""
    if not (isinstance(arg, ast.Name) and arg.name == name):
        return same_for_identical(arg, name, defines, busy)
    if func in _ALIKE_ARGS:
        return True
    define = defines.get(func)
    if define is None or define.tree is None or i >= len(define.params) or func in busy:
        return False
    return same_for_identical(define.tree, define.params[i], defines, busy | {func})


def expression_text(value) -> str:
    """A YAML scalar written where an expression goes, as expression text (`if: true` is "true")."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "none"}[value]
    if isinstance(value, (int, float)):
        return repr(value)
    return value


# element types whose equal values nothing can tell apart (records come from builtins: plain values only; a zone is itself)
_PLAIN_ITEMS = frozenset({"int", "num", "str", "bool", "player", "none", "record", "zone"})
# builtins whose lists never hold two equal items: nothing to leave out (a grid's placements are many)
_DISTINCT_ITEMS = frozenset({"placements", "range", "seats_from", "distinct"})
# builtins that keep a list's items apart if they were: subsets of different items differ, and so on
_KEEPS_DISTINCT = frozenset({"subsets", "take", "take_last", "sorted", "remove"})


def _plain(t) -> bool:
    """True for a plain value type, or a list (of lists) of them: equal ones are the same choice."""
    return t in _PLAIN_ITEMS or (is_list(t) and _plain(t[1]))


def never_repeats(node, symbols, busy=frozenset()) -> bool:
    """True where a list's items can never be equal, whatever the position: nothing for a listing to leave out.

    The seats, a zone family's zones, builtins that list different items, and such lists
    filtered by a comprehension, cut, sorted or taken as subsets; a definition by its body.
    """
    if isinstance(node, ast.Name):
        return node.name == "players" or symbols.zones.get(node.name) == "family"
    if isinstance(node, ast.Call):
        if node.func in _DISTINCT_ITEMS:
            return True
        if node.func in _KEEPS_DISTINCT:
            return bool(node.args) and never_repeats(node.args[0], symbols, busy)
        define = symbols.defines.get(node.func)
        if define is None or define.tree is None or node.func in busy:
            return False
        return never_repeats(define.tree, symbols, busy | {node.func})
    if isinstance(node, ast.Comprehension):  # [z for z in zones if ...]: the items of a list that never repeats, some left out
        clause = node.clauses[0]
        return (len(node.clauses) == 1 and isinstance(node.element, ast.Name) and node.element.name == clause.var
                and never_repeats(clause.iterable, symbols, busy))
    return False


def _children(node) -> list:
    """The nodes directly inside ``node`` (map pairs included)."""
    out = []
    for value in node.__dict__.values():
        for item in value if isinstance(value, tuple) else (value,):
            for sub in item if isinstance(item, tuple) else (item,):
                if isinstance(sub, ast.Node):
                    out.append(sub)
    return out


def _hoistable(tree, params: set, kinds=(ast.Call, ast.Comprehension)) -> list:
    """The largest calls and comprehensions in ``tree`` that read none of ``params`` and no loop variable.

    Their value cannot change while one player's options are listed, so they are worth
    computing once per listing instead of once per option. With ``kinds=None``, the
    largest such parts of any kind (but names and constants).
    """
    found = []

    def worth(node) -> bool:
        return isinstance(node, kinds) if kinds is not None else not isinstance(node, (ast.Name, ast.Const))

    def visit(node, bound):
        if worth(node) and not (_free_names(node) & (params | bound)):
            found.append(node)
            return
        node = ast.listed(node)  # (its names and parts, as a list comprehension's of its pairs)
        if isinstance(node, ast.Comprehension):
            inner = set(bound)
            for clause in node.clauses:
                visit(clause.iterable, inner)
                inner = inner | {clause.var}
                for cond in clause.conditions:
                    visit(cond, inner)
            visit(node.element, inner)
            return
        for value in node.__dict__.values():
            for item in (value if isinstance(value, tuple) else (value,)):
                for sub in (item if isinstance(item, tuple) else (item,)):
                    if isinstance(sub, ast.Node):
                        visit(sub, bound)

    visit(tree, set())
    return found


def _read_every_test(tree, last: str) -> set:
    """Ids of the nodes of ``tree`` evaluated at every test of a choice of the parameters before ``last``
    (a lister's last parameter) with all of its choices: neither on the right of an `and` or `or`, nor in
    a branch of `if`, that reads ``last`` (which may hold for some of its choices and not for others),
    nor in a comprehension's element or conditions."""
    found = set()

    def visit(node):
        found.add(id(node))
        node = ast.listed(node)  # (its names and parts, as a list comprehension's of its pairs)
        if isinstance(node, ast.BoolOp):
            visit(node.left)
            if last not in _free_names(node.left):
                visit(node.right)
        elif isinstance(node, ast.Conditional):
            visit(node.condition)
            if last not in _free_names(node.condition):
                visit(node.then)
                visit(node.otherwise)
        elif isinstance(node, ast.Comprehension):
            visit(node.clauses[0].iterable)
        else:
            for value in node.__dict__.values():
                for item in (value if isinstance(value, tuple) else (value,)):
                    for sub in (item if isinstance(item, tuple) else (item,)):
                        if isinstance(sub, ast.Node):
                            visit(sub)

    visit(tree)
    return found


def _keep(cells, k, fn, S, L):
    """A listing's hoisted part, computed where first read and kept in its cell."""
    value = cells[k] = fn(S, L)
    return value


def _nothing_to_choose(choices) -> bool:
    """Whether an action's choices that are false are an empty collection: no option to list (a lister returns). Not
    none or a number, which are no collection: the loop reading them fails, named as a choice that is no collection."""
    return choices is not None and not isinstance(choices, (int, float))


def _hoist(S, L, key, fn):
    """A value that does not depend on the options being listed: computed once per listing."""
    memo = S.memo
    if memo is None:
        return fn(S, L)
    try:
        return memo[key]
    except KeyError:
        value = memo[key] = fn(S, L)
        return value


def _bound(L, name):
    if name not in L:
        raise RuleRuntimeError(f"'{name}' is not bound where this definition was used")
    return L[name]


def _get(m, k):
    if isinstance(m, (list, tuple)):
        return _ix(m, k)
    if not isinstance(m, dict):
        raise RuleRuntimeError(f"cannot look up {describe(k)} in {describe(m)}: only a list, a zone, a map or a record is indexed")
    if k not in m:
        raise RuleRuntimeError(_no_key(m, k))
    return m[k]


def _no_key(m: dict, k) -> str:
    """A map looked up by a key it lacks: that it is a map's key that is missing, and the keys it has (a few)."""
    keys = f"its keys are {few_listed(describe(key) for key in m)}" if m else "it is empty"
    return f"the map has no key {describe(k)} ({keys})"


def _at(x, name):
    if type(x) is Component or type(x) is dict:
        return x.get(name)
    if x is None:
        raise RuleRuntimeError(f"cannot read .{name} of none")
    kind = PYTHON_TYPE_WORDS.get(type(x).__name__, type(x).__name__)  # in the author's words: a zone, a list, a whole number
    held = {"zone": " (the components in it have: a list of zones, hand, where one zone, hand[me], was meant?)",
            "list": " (its items may have)"}.get(kind, "")
    raise RuleRuntimeError(f"a {kind} has no attribute .{name}{held}")


def _is(x, type_name):
    return type(x) is Component and x.kind == type_name


def _div(a, b):
    if a.__class__ is bool or b.__class__ is bool:
        _truth_in_sum("/", a, b)
    if b == 0:
        raise RuleRuntimeError("division by zero")
    q = a / b
    if q.is_integer():  # exact: a whole number (`6 / 3` is 2), within the limit as `+`'s (a float past 2^53 is whole)
        return _whole_of(q)
    if not math.isfinite(q):  # `1e300 / 1e-300`, or of a fraction past 2^53 (`x / 0.5`): far past the limit
        beyond_the_limit()
    return q


def _fdiv(a, b):
    """`a // b`: floor division, a whole number of fractions too (`7.5 // 2` is 3, `-7.5 // 2` is -4)."""
    if a.__class__ is bool or b.__class__ is bool:
        _truth_in_sum("//", a, b)
    if b == 0:
        raise RuleRuntimeError("division by zero")
    q = a // b
    if type(q) is int:
        return _whole(q)
    if not (_MIN_WHOLE <= a <= MAX_WHOLE and _MIN_WHOLE <= b <= MAX_WHOLE):
        beyond_the_limit()  # a fraction past 2^53 has lost its last digits: no exact whole number comes of it
    return _whole_of(q)


def _whole_of(q: float) -> int:
    """A whole float as a whole number, within +-MAX_WHOLE (R100 past it, as `+` says of whole numbers)."""
    if not _MIN_WHOLE <= q <= MAX_WHOLE:  # (inf too)
        beyond_the_limit()
    return int(q)


def _mod(a, b):
    if type(a) not in _NUMBERS or type(b) not in _NUMBERS:  # a word's % is Python's formatting: "%0999999999d" % 1
        raise RuleRuntimeError(f"'%' needs numbers, got {describe(a)} and {describe(b)}")
    if b == 0:
        raise RuleRuntimeError("modulo by zero")
    return a % b


def _concat(a, b):
    if type(a) is list and type(b) is list:  # the common case: a new list without copying each first
        r = a + b  # _sized's test and charge written in (a call less); too long a list fails in it, as before
        n = len(r)
        if n > MAX_ITEMS:
            _sized(r)
        WORK[0] -= n
        if WORK[0] < 0:
            out_of_work()
        return r
    return _sized(list(_items(a)) + list(_items(b)))


def _items(x):
    if isinstance(x, (list, tuple)):
        return x
    raise RuleRuntimeError(f"cannot add {describe(x)} to a list")


def _sized(r):
    """A list or string built by '+': charged to the work budget, at most MAX_ITEMS long."""
    n = len(r)
    if n > MAX_ITEMS:
        raise RuleRuntimeError(f"a list or string of {n:,} items; the limit is {MAX_ITEMS:,}")
    WORK[0] -= n
    if WORK[0] < 0:
        out_of_work()
    return r


def _whole(r):
    """A whole number within +-MAX_WHOLE, or a finite float (one that overflowed to inf, or nan, is too large)."""
    if type(r) is int and not -MAX_WHOLE <= r <= MAX_WHOLE:
        beyond_the_limit()
    if type(r) is float and not math.isfinite(r):
        _overflow()
    return r


_MIN_WHOLE = -MAX_WHOLE


def _truth_in_sum(op, a, b):
    """Python counts true and false as 1 and 0; the language does not, so `x + 1` with x true stops at the rule
    (as the check before the game says of a value known to be true or false): the TypeError is explained in words."""
    raise TypeError(f"unsupported operand type(s) for {op}: '{type(a).__name__}' and '{type(b).__name__}'")


def _add(a, b):
    if a.__class__ is bool or b.__class__ is bool:
        _truth_in_sum("+", a, b)
    r = a + b
    if type(r) is int and _MIN_WHOLE <= r <= MAX_WHOLE:  # the common case, without calling _whole
        return r
    return _sized(r) if isinstance(r, (list, str)) else _whole(r)


def _neg(x):
    if x.__class__ is bool:
        raise TypeError("bad operand type for unary -: 'bool'")
    return -x


def _sub(a, b):
    if a.__class__ is bool or b.__class__ is bool:
        _truth_in_sum("-", a, b)
    r = a - b
    if type(r) is int and _MIN_WHOLE <= r <= MAX_WHOLE:  # as _add
        return r
    return _whole(r)


def _mul(a, b):
    if type(a) not in _NUMBERS or type(b) not in _NUMBERS:  # no "ab" * 10**9, no [x] * 10**9
        raise RuleRuntimeError(f"'*' needs numbers, got {describe(a)} and {describe(b)}")
    return _whole(a * b)


def _pow(a, b):
    """`a ** b` of whole numbers, b 0 or more, within +-MAX_WHOLE: a power past it is refused before it is computed
    (10 ** 10 ** 9 of an untrusted ruleset would take minutes and gigabytes)."""
    if type(a) is not int or type(b) is not int:  # (true is no number, though Python's ** would take it)
        raise RuleRuntimeError(f"'**' raises a whole number to a whole power, got {describe(a)} ** {describe(b)}"
                               + (fraction_hint(a) or fraction_hint(b)))
    if b < 0:
        raise RuleRuntimeError(f"'**' takes a power of 0 or more, got {b}: a negative power makes a fraction, 1 / x ** {-b}")
    if b > 53 and not -1 <= a <= 1:  # at least 2 ** 54: past the limit, whatever a is
        beyond_the_limit()
    return _whole(a ** b)  # (at most 53 multiplications of numbers within the limit: quick)


def _fields_read_once(code: str, name: str, local: str) -> str:
    """``code``, a condition of choice ``name`` that reads nothing else, with the field it reads first read into
    ``local`` there, and ``local`` read where it reads that field again (`at.overlap == 1 or (at.overlap == 0 and
    at.touching > 0)` over a grid's placements: 10% fewer instructions for the pick). The field read first, with
    nothing but brackets before it, is read whatever the values (the left side of every `and`, `or`, comparison and
    sum it stands in). Anything else (a call, a state, another name) leaves the code as it is."""
    fields = _plain_fields(code, name)
    if not fields or code[: fields[0][0]].strip("( \n") or [text for _, text in fields].count(fields[0][1]) < 2:
        return code
    at, field = fields[0]
    return code[:at] + f"({local} := {field})" + code[at + len(field):].replace(field, local)


def _plain_fields(code: str, name: str):
    """(where, text) of each read of a field of ``name`` (``name['field']``) in ``code``, in order, if ``code``
    compares such fields with whole numbers, adds and combines them and does nothing else (no call, no other
    name: reading a field again gives the same value); None otherwise. A scan, not a regular expression:
    compiling one cost more than this saves a game."""
    fields, i, n = [], 0, len(code)
    while i < n:
        c = code[i]
        if c.isspace() or c in "()+-*<>=!" or c.isdigit():
            i += 1
        elif c == "#":  # a comment (the definition written out), to the end of its line
            i = code.find("\n", i) if "\n" in code[i:] else n
        elif c.isalpha() or c == "_":
            end = i
            while end < n and (code[end].isalnum() or code[end] == "_"):
                end += 1
            word = code[i:end]
            if word in ("and", "or", "not"):
                i = end
            elif word == name and code.startswith("['", end):
                close = code.find("']", end + 2)
                if close < 0 or not code[end + 2 : close].isidentifier():
                    return None
                fields.append((i, code[i : close + 2]))
                i = close + 2
            else:
                return None
        else:
            return None
    return fields

_READ_LOCALS = re.compile(r"\((?:f_h|f_a[0-9]+|f_k[0-9]+) := ")  # what a memo read binds (Compiler._memo_read)
_READ_KEYS = frozenset({"player", "int", "str"})  # an argument's type whose value is the memo key as it is (no .key, no id)
_REMEMBERED_CALL = re.compile(r"(d_[A-Za-z0-9_]+)\(S, L(?:, [^()]*)?\)")  # an expression's code that is one call of a definition
# what an author reads off a zone for its place in its family (`h.owner`, `pit.seat`): index(h) gives it
ZONE_NUMBER_WORDS = frozenset({"owner", "seat", "player", "index", "idx", "number", "num", "id", "position", "pos", "copy"})
_LOCAL_READ = re.compile(r"L\['([A-Za-z_][A-Za-z0-9_]*)'\]")  # an expression's code that reads one local name and does nothing else
# ... and adds a whole number to it with Python's `+` (Compiler._g_BinOp's code for numbers), and does nothing else
_LOCAL_PLUS_READ = re.compile(r"\(L\['([A-Za-z_][A-Za-z0-9_]*)'\] \+ ([0-9]+)\)")
# an expression's code that reads one zone of a family at a local name's index (a seat), and does nothing else
_ZONE_READ = re.compile(r"S\.zones\['([A-Za-z_][A-Za-z0-9_]*)'\]\[L\['([A-Za-z_][A-Za-z0-9_]*)'\]\]")
# ... at the index an attribute of a local name's value gives (a seat: `hand[c.owner]`), and does nothing else (the
# attribute read with get, from a component's plain dict, or subscripted there where every type declares it: a
# runner reads it with get, the same value)
_ZONE_ATTR_READ = re.compile(r"S\.zones\['([A-Za-z_][A-Za-z0-9_]*)'\]\[L\['([A-Za-z_][A-Za-z0-9_]*)'\]"
                             r"(?:(?:\.plain)?\.get\('([A-Za-z_][A-Za-z0-9_]*)'\)|\.plain\['([A-Za-z_][A-Za-z0-9_]*)'\])\]")
# an expression's code that reads one single zone (a name declared without `each` or `copies`), and does nothing else
_VAR_READ = re.compile(r"S\.vars\['([A-Za-z_][A-Za-z0-9_]*)'\]")  # an expression's code that reads one variable and does nothing else
_ONE_ZONE_READ = re.compile(r"S\.zones\['([A-Za-z_][A-Za-z0-9_]*)'\]\[0\]")
# ... at left() or right() of the action's own seat (`me`, whose type is not tested) by a variable's count of places
# (_g_Call's code of the call, the count bound where it is tested), and does nothing else; or a definition's body that
# does so, written out in the expression (`target(me)`: its parentheses and its line's tag)
_ZONE_NEAR_READ = re.compile(r"S\.zones\['([A-Za-z_][A-Za-z0-9_]*)'\]\[\(\(L\['me'\] ([-+]) f_places\) % S\.nplayers "
                             r"if _type\(f_places := S\.vars\['([A-Za-z_][A-Za-z0-9_]*)'\]\) is _int "
                             r"else b_(left|right)\(S, L\['me'\], S\.vars\['\3'\]\)\)\]")
_WRITTEN_OUT = re.compile(r"\(\n\((.*)\)  # written out: [A-Za-z_][A-Za-z0-9_]*\n\)")  # a definition's body, in an expression
# an expression's code that is last() of a local name's value (the top of a zone), and does nothing else
_LAST_READ = re.compile(r"b_last\(L\['([A-Za-z_][A-Za-z0-9_]*)'\]\)")
# ... that reads one zone of a family at index() of a local name's value (a zone): `family[index(z)]`
_ZONE_INDEX_READ = re.compile(r"_ix\(S\.zones\['([A-Za-z_][A-Za-z0-9_]*)'\], b_index\(L\['([A-Za-z_][A-Za-z0-9_]*)'\]\)\)")
# an expression's code that is one literal (Compiler._g_Const: a whole number, a negative one as `(-3)`, a word without
# quotes or backslashes inside, true, false, none; a decimal number only as plain digits), and does nothing else
_CONST_READ = re.compile(r"\(-[0-9]+(\.[0-9]+)?\)|-?[0-9]+(\.[0-9]+)?|True|False|None|'[A-Za-z0-9_ .,:;!?+*/=<>()\[\]{}-]*'")
_FRESH_BUDGET = f"    _W[0] = {WORK_LIMIT}"  # the first line of an evaluation: its work budget
# an evaluation that is one any/all of the seats stopping at its deciding item (Compiler._folded's `decides`), the
# seats' count charged at the end (Compiler.build sets the budget afresh there instead)
_FRESH_FOLD = re.compile(r"    f_r = (?:True|False)\n    f_i0 = S\.players\n"
                         r"    for c_[A-Za-z0-9_]+ in f_i0:\n        if (?:not )?\((.*)\):\n            f_r = (?:True|False)\n"
                         r"            break\n(    f_n = _len\(f_i0\)\n    _W\[0\] -= f_n\n    if _W\[0\] < 0:\n        _out_of_work\(\))")
# an evaluation that lists every component of a zone family's zones, in order (`[c for z in cups for c in z]`), each
# zone and each component charged a work of its own (Expr.family_items): this text, its names and numbers filled in (a
# text compared, not a pattern: compiling one costs every process that imports the compiler)
_FAMILY_ITEMS = ("    f_r = []\n    f_i0 = S.zones[{family!r}]\n    try:\n        _W[0] -= _len(f_i0) * {zones}\n"
                 "    except TypeError:\n        _not_a_collection(f_i0)\n    if _W[0] < 0:\n        _out_of_work()\n"
                 "    for {zone} in f_i0:\n        try:\n            _W[0] -= _len({zone}) * {items}\n        except TypeError:\n"
                 "            _not_a_collection({zone})\n        if _W[0] < 0:\n            _out_of_work()\n"
                 "        f_r.extend({zone})")  # (each zone's components added by one call: Compiler._comprehension's shortcut)


def _family_items(folded):
    """(zone family, work per zone, work per component) of an evaluation folded as _FAMILY_ITEMS; else None."""
    lines = folded.split("\n")
    if len(lines) != 16 or not lines[1].startswith("    f_i0 = S.zones['") or not lines[8].startswith("    for c_"):
        return None
    try:
        family, zones, items = lines[1][20:-2], int(lines[3].rpartition(" * ")[2]), int(lines[10].rpartition(" * ")[2])
    except ValueError:
        return None
    zone = lines[8][8:].partition(" ")[0]
    if folded != _FAMILY_ITEMS.format(family=family, zones=zones, items=items, zone=zone):
        return None
    return family, zones, items


# an evaluation led by a remembered definition's body written out (Compiler._lead_folded): its argument a name bound where
# it runs, then the body's first charge, the length of that argument (Compiler.build sets the budget there instead), or
# of a list a zone family's static definition gives for it first (Compiler._static_family: it charges nothing and cannot
# fail) ... (that length kept in the count where the body's loop counts its items: _counted_at_end)
_FIRST_CHARGE_LEAD = (r"    (?P<v>v_[A-Za-z0-9_]+) = (?P<arg>L\['[A-Za-z_][A-Za-z0-9_]*'\])\n    if S\.memo is None:\n"
                      r"(?P<zeros>(?:        f_[rn] = 0(?:  # [^\n]*)?\n)*)"
                      r"(?P<listed>        (?P<local>f_i[0-9]+) = (?P<fn>d_[A-Za-z0-9_]+)\(S, L, (?P=v)\)(?:  # [^\n]*)?\n)?"
                      r"        try:(?P<tag>(?:  # [^\n]*)?)\n            _W\[0\] -= ")
_FIRST_CHARGE = re.compile(_FIRST_CHARGE_LEAD + r"(?P<charge>(?:_len\((?P<of>v_[A-Za-z0-9_]+|f_i[0-9]+)\)"
                           r"|\(f_n := _len\((?P<of2>v_[A-Za-z0-9_]+|f_i[0-9]+)\)\)) \* [0-9]+)(?:  # [^\n]*)?\n"
                           r"        except TypeError:(?P<tag2>(?:  # [^\n]*)?)\n            _not_a_collection\((?:(?P=of)|(?P=of2))\)")
# ... the same lead with any charge there (Compiler.build asserts that such a lead matches _FIRST_CHARGE: a charge
# written otherwise would lose the fast path unseen)
_FIRST_CHARGE_ANY = _FIRST_CHARGE_LEAD + r"[^\n]*\n        except TypeError:(?:  # [^\n]*)?\n            _not_a_collection\((?:v_[A-Za-z0-9_]+|f_i[0-9]+)\)"
# ... and, where the memo stands, the definition's call (its first charge)
_CHARGED_CALL = re.compile(r"\n    else:\n        f_r = d_[A-Za-z0-9_]+\(S, L, v_[A-Za-z0-9_]+\)")
_NUMBERS = (int, float)  # not bool: true and false are no numbers in the language
_LOCAL = re.compile(r"^[pcv]_[A-Za-z0-9_]+$")  # a parameter, comprehension or definition local of the generated code
INLINE_NODES = 16  # a definition this small (in tree nodes) without calls or loops is written where it is used
INLINE_CALLS = frozenset({"index"})  # builtins such a definition may call, where they become plain code (index of a family's zone)
INLINE_SEATS = frozenset({"left", "right"})  # and builtins it may call that are plain code for whole numbers, else a call
# an argument read twice where once was written costs no more than a lookup, and cannot fail nor charge: a local, a name
# bound where the expression runs, a variable, a whole number written out, the number of players
_REREAD = re.compile(r"[pcv]_[A-Za-z0-9_]+|L\['[A-Za-z_][A-Za-z0-9_]*'\]|S\.vars\['[A-Za-z_][A-Za-z0-9_]*'\]|\(?-?[0-9]+\)?|S\.nplayers")
_WHOLE_LITERAL = re.compile(r"\(?-?[0-9]+\)?")
_FAMILY = re.compile(r"^S\.zones\['[A-Za-z_][A-Za-z0-9_]*'\]$")  # the code of a zone family: a list of Zones
# a definition's body listing the zones of a family that meet one condition (Compiler._static_family), and the parts
# of such a condition that read nothing of the state but the number of players and can fail on no whole number
# (compiled where first used, by re's own cache: one compiled at import costs every process that loads one)
_STATIC_LIST = (r"    f_r = \[\]\n    for (c_[A-Za-z0-9_]+) in (S\.zones\['[A-Za-z_][A-Za-z0-9_]*'\]):\n"
                r"        if (.+):\n            f_r\.append\(\(\1\)\)")
_STATIC_TOKENS = r"S\.nplayers\b|[0-9]+\b|==|!=|<=|>=|[<>()%+*\s-]|\b(?:and|or|not)\b"


def _sorted_by_value(var, cond, read, key, test) -> str:
    """The lines of _static_family's function that, at a family's first list, make every parameter's list in one pass
    where the condition (``cond``, its text without tags) is `VALUE == v_p` of its one parameter ``read`` (`side(z) ==
    p`), VALUE a whole number made of the zone's index alone (_whole_value): each zone put in the list of its VALUE, in
    the family's order (the lists the loop makes for each whole-number parameter, `==` of whole numbers being a dict's
    own), where the family has at most MAX_SEATS zones; the list asked for (empty where no zone has its VALUE) given
    as the loop's would be, and every list kept (none where a VALUE fails, as the loop fails), so that the other
    seats' reads find theirs (_kept_reads). Empty for another condition."""
    try:
        tree = python_ast.parse(cond.strip(), mode="eval").body
    except SyntaxError:
        return ""
    if len(read) != 1 or not (isinstance(tree, python_ast.Compare) and len(tree.ops) == 1 and isinstance(tree.ops[0], python_ast.Eq)):
        return ""
    param, sides = f"v_{read[0]}", (tree.left, tree.comparators[0])
    named = [isinstance(side, python_ast.Name) and side.id == param for side in sides]
    value = sides[named.index(False)] if named.count(True) == 1 else None
    if value is None or not _whole_value(value, var):
        return ""
    return (f"    if {test} and not f_s[1] and _len(f_z) <= {MAX_SEATS}:  # (the family's first list: every value's at once)\n"
            f"        f_d = {{}}\n        for {var} in f_z:\n            if (f_l := f_d.get(f_v := {python_ast.unparse(value)})) is None:\n"
            f"                f_d[f_v] = [{var}]\n            else:\n                f_l.append({var})\n"
            f"        f_r = f_d.get(({key}))\n        if f_r is None:\n            f_r = f_d[({key})] = []\n"
            f"        f_s[1].update(f_d)\n        return f_rCOPY\n")


def _whole_value(node, var) -> bool:
    """Whether ``node`` (Python's tree of a value of _static_family's condition) is always a whole number (an int, not
    a bool): the zone's index (`var.key[1]`), the number of players, whole numbers written out, and `+`, `-`, `*`, `%`
    of them (a comparison, `and`, `or` or `not` may give a bool)."""
    if isinstance(node, python_ast.BinOp):
        return isinstance(node.op, (python_ast.Add, python_ast.Sub, python_ast.Mult, python_ast.Mod)) and _whole_value(node.left, var) and _whole_value(node.right, var)
    if isinstance(node, python_ast.UnaryOp):
        return isinstance(node.op, (python_ast.USub, python_ast.UAdd)) and _whole_value(node.operand, var)
    if isinstance(node, python_ast.Constant):
        return type(node.value) is int
    return python_ast.unparse(node) in (f"{var}.key[1]", "S.nplayers")


_TABLED_CALL = re.compile(r"^(d_[A-Za-z0-9_]+)\(S, L, p_[A-Za-z0-9_]+\)$")  # a table of one definition's value per choice
_CALLED = re.compile(r"\b(_?d_[A-Za-z0-9_]+|_?e[0-9]+|g_fold[0-9]+)\b")  # a generated function a piece of generated code names
# a table of values kept for all the passes of a comprehension (_kept_values): only while the memo stands
KEPT_TABLE = "[] if S.memo is not None else None"
_RUNTIME_NAME = re.compile(r"(?<![A-Za-z0-9_.'])(_[A-Za-z][A-Za-z0-9_]*|b_[A-Za-z0-9_]+|_W)\b")
# runtime names a definition called again may use and still surely charge nothing (_free_again)
FREE_AGAIN = frozenset({"_truth", "_no_truth", "_no_truths", "_bound", "_ix", "_get", "_at", "_is", "_div", "_fdiv", "_mod", "_sub", "_neg",
                        "_len", "_overflow", "_OverflowError", "_LAZY", "_zip", "_compress", "_type", "_int"})
KEYS = frozenset({"int", "num", "bool", "str", "player", "zone", "comp", "none"})  # argument types always a memo key
_CHARGING = ("_it(", "_in(", "_in_lists(", "_eq(", "_concat(", "_add(", "_all(", "_any(", "_sum(", "d_", "b_", "g_fold")  # code that may charge the work budget
# the calls of builtins that charge no work (Builtin.charges), but index(): a runner reads `family[index(z)]` where it
# stands (_ZONE_INDEX_READ) and gives the budget afresh, as its call does
_UNCHARGED = re.compile(r"\bb_(?:%s)\(" % "|".join(name for name, b in BUILTINS.items() if not b.charges and name != "index"))


# an expression that is a `+` of two lists read as they stand (_REREAD's reads: a name, a variable)
_CONCAT_OF_READS = re.compile(r"_concat\(((?:[pcv]_[A-Za-z0-9_]+|L\['[A-Za-z_][A-Za-z0-9_]*'\]|S\.vars\['[A-Za-z_][A-Za-z0-9_]*'\])), "
                              r"((?:[pcv]_[A-Za-z0-9_]+|L\['[A-Za-z_][A-Za-z0-9_]*'\]|S\.vars\['[A-Za-z_][A-Za-z0-9_]*'\]))\)")


# ... of a variable's value and a local name's (`x + chosen`: Expr.grown)
_GROWN = re.compile(r"_concat\(S\.vars\['([A-Za-z_][A-Za-z0-9_]*)'\], L\['([A-Za-z_][A-Za-z0-9_]*)'\]\)")


def _concat_written(code: str, fresh: bool = False) -> str:
    """The body of an expression's function whose ``code`` is `+` of two lists read (_CONCAT_OF_READS: the set of a
    variable to itself and a choice, `set: {x: x + chosen}`), _concat's common case written in: the two reads in their
    order, and where both are lists their `+`, too long a list failing in _concat as before, its length charged and
    tested; anything else to _concat. The same list, work and failures, without the call at each evaluation.
    ``fresh``: the function sets the budget afresh just before (_FRESH_BUDGET; the reads charge nothing), so the
    budget left is the full one less the length, which cannot run out (MAX_ITEMS at most): set so, not tested."""
    a, b = _CONCAT_OF_READS.fullmatch(code).groups()
    charge = (f"            _W[0] = {WORK_LIMIT} - f_n\n" if fresh and MAX_ITEMS <= WORK_LIMIT else
              "            _W[0] -= f_n\n            if _W[0] < 0:\n                _out_of_work()\n")
    return (f"    try:\n        f_a = {a}\n        f_b = {b}\n        if _type(f_a) is _list and _type(f_b) is _list:\n"
            f"            f_r = f_a + f_b\n            if (f_n := _len(f_r)) > {MAX_ITEMS}:\n                _concat(f_a, f_b)\n"
            f"{charge}            return f_r\n"
            f"        return _concat(f_a, f_b)\n    except _OverflowError:\n        _overflow()")


_FAMILY_READ = re.compile(r"S\.zones\['([A-Za-z_][A-Za-z0-9_]*)'\]")  # (a zone family's or a single zone's list of zones)
# (a local's index: one of the names, L[name], is _ZONE_INDEX_READ's, which a runner reads without the calls itself)
_INDEX_OF_READ = re.compile(r"b_index\(([pcv]_[A-Za-z0-9_]+)\)")


def _zone_at_index_read(code: str, icode: str) -> str | None:
    """``family[index(z)]`` of a zone family read in place, ``z`` a name read again (its value read twice): where the
    name holds a Zone, the family's zone at its key's index, where the family has one (a Zone's index, as the
    runners' "at" read takes it); anything else through b_index and _ix, which fail as before. The same zone and
    failures, without the two calls. None where the parts are not such."""
    found = _INDEX_OF_READ.fullmatch(icode)
    if not _FAMILY_READ.fullmatch(code) or found is None:
        return None
    z = found.group(1)
    return f"(f_zfam[f_zat] if _type({z}) is _Zone and (f_zat := {z}.key[1]) < _len(f_zfam := {code}) else _ix({code}, {icode}))"


def _round_score_read(codes) -> str | None:
    """``round_score(r, p)`` of a round written out (a whole number from 1) and a seat read again (_REREAD: a name, a
    variable, a number) as what the call gives where the seat is one and the round was played, read in place
    (``S.round_scores[r - 1][p]``, as b_round_score returns it), and the call elsewhere (a round not played yet gives 0,
    anything but a seat fails): the same value and failures, no work charged either way, without the call. None
    where the arguments are not such."""
    r, p = codes
    if not _WHOLE_LITERAL.fullmatch(r) or not _REREAD.fullmatch(p) or int(r.strip("()")) < 1:
        return None
    n = int(r.strip("()"))
    seat = (f"{p} < S.nplayers" if int(p.strip("()")) >= 0 else "False") if _WHOLE_LITERAL.fullmatch(p) else f"_type({p}) is _int and 0 <= {p} < S.nplayers"
    return f"(S.round_scores[{n - 1}][{p}] if {seat} and {n} <= _len(S.round_scores) else b_round_score(S, {r}, {p}))"


RANKED = "w_ranked"  # the namespace's function of the winners' ranking, fn(S) (Compiler._ranked), where it is written out
_RANKED_SEAT = "w_p"  # (its seat's local: no generated name starts so)


def _seat_code(code: str, seat: str) -> str | None:
    """``code`` with its reads of `p` (L['p']) reading the local ``seat``, a seat of S.players (its tests as a seat left out);
    None where it reads L otherwise, or names ``seat``."""
    tree = python_ast.parse(code, mode="eval")
    for node in python_ast.walk(tree):
        if isinstance(node, python_ast.Name) and node.id == seat:
            return None

    class Seat(python_ast.NodeTransformer):
        def visit_Subscript(self, node):
            if (isinstance(node.value, python_ast.Name) and node.value.id == "L" and isinstance(node.slice, python_ast.Constant)
                    and node.slice.value == "p"):
                return python_ast.copy_location(python_ast.Name(seat, python_ast.Load()), node)
            return self.generic_visit(node)

        def visit_BoolOp(self, node):
            # the seat's tests (_round_score_read's): true of an item of S.players, 0 to player_count - 1, which the
            # `and` then goes past (where every operand is one, its value is the last, true)
            node = self.generic_visit(node)
            if not isinstance(node.op, python_ast.And):
                return node
            kept = [one for one in node.values if python_ast.unparse(one) not in tests]
            return node if len(kept) == len(node.values) else kept[0] if len(kept) == 1 else (
                python_ast.BoolOp(python_ast.And(), kept) if kept else python_ast.Constant(True))

    tests = (f"_type({seat}) is _int", f"0 <= {seat} < S.nplayers")
    tree = Seat().visit(tree)
    if any(isinstance(node, python_ast.Name) and node.id == "L" for node in python_ast.walk(tree)):
        return None
    return f"({python_ast.unparse(tree)})"


def _may_charge(code: str) -> bool:
    """Whether evaluating ``code`` may charge the work budget (then its evaluation sets it afresh first): it names one
    of _CHARGING's calls, other than a call of a builtin that charges none (its arguments' code is read as the rest).
    A round's scores read in place (_round_score_read) are no definition's call, whose "d_" their name holds."""
    code = code.replace("S.round_scores", "S.")
    return any(t in code for t in _CHARGING) and any(t in _UNCHARGED.sub("(", code) for t in _CHARGING)


_CHECKED = {"+": "_add", "-": "_sub", "*": "_mul"}
# a definition folding a comprehension, by the code its body compiles to: written as statements (Compiler._folded)
FOLDS = {"count": "_len([", "sum": "_sum([", "first": "b_first([", "any": "_any([", "all": "_all(["}
FOLD_START = {"count": "0", "sum": "0", "max": "_LAZY", "min": "_LAZY", "first": "_LAZY", "any": "False", "all": "True", "list": "[]"}
# code that cannot fail on a component: its attributes read, compared for equality, tested for type
_SAFE_TOKENS = (r"[cv]_[A-Za-z0-9_]+|\['[A-Za-z0-9_]*'\]|\.kind\b|(?:\.plain)?\.get\('[A-Za-z0-9_]*'\)|\.plain\['[A-Za-z0-9_]*'\]|'[A-Za-z0-9_ ]*'|-?[0-9]+"
                r"|None|True|False|==|!=|\b(?:is|not|and|or)\b|[()\s]")
FOLD_SAFE = re.compile(f"(?:{_SAFE_TOKENS})*")
# a listing's condition or part that calls nothing and charges nothing, and fails on no value it reads: the choices'
# attributes, the parts and tables computed ahead read as they are (`in` a table, a list), compared for equality
_FUSE_SAFE = re.compile(r"(?:[pv]_[A-Za-z0-9_]+|o[0-9]+_[0-9]+|vt[0-9]+_[0-9]+|t[0-9]+_[0-9]+|_LAZY|\['[A-Za-z0-9_]*'\]|\.kind\b"
                        r"|(?:\.plain)?\.get\('[A-Za-z0-9_]*'\)|\.plain\['[A-Za-z0-9_]*'\]|'[A-Za-z0-9_ ]*'|-?[0-9]+|None|True|False|==|!=|:="
                        r"|\b(?:is|not|and|or|in|if|else)\b|[()\s])*")
# an item that cannot fail nor charge work: FOLD_SAFE's, the length of a seat's zone of a family (read
# by plain subscript only where the compiler knows the index is a seat: see _g_Index), and a seat's score (a number:
# scores are only ever added to by numbers) compared with a number written out
FOLD_FREE = re.compile(rf"(?:{_SAFE_TOKENS}|_len\(S\.zones\['[A-Za-z0-9_]*'\]\[c_[A-Za-z0-9_]+\]\)"
                       r"|S\.scores\[c_[A-Za-z0-9_]+\] (?:>=|<=|>|<|==|!=) (?:-?[0-9]+(?:\.[0-9]+)?|\(-[0-9]+(?:\.[0-9]+)?\)))*")


_FOLD_LOCAL = re.compile(r"[cv]_[A-Za-z0-9_]+|f_[tv][0-9]+")  # locals a folded any/all's function is given (_fold_call)
_GENERATED_NAME = re.compile(r"b_[A-Za-z0-9_]+|_?(?:mt|[mk])?d_[A-Za-z0-9_]+|_?e[0-9]+|g_fold[0-9]+")  # the module's own functions (and seat keys)


# a loop's condition that compares a memo read with a local or a literal, and such a read (Compiler._miss_written_out):
# compiled where first needed (a pattern compiled at import costs every process that loads a ruleset)
_READ_PATTERNS: list = []


def _read_patterns() -> list:
    if not _READ_PATTERNS:
        other = r"([cv]_[A-Za-z0-9_]+|'[A-Za-z0-9_ ]*'|-?[0-9]+|None|True|False)"
        _READ_PATTERNS.extend([
            re.compile(rf"\((\(f_h if .*\)) (==|!=|<|>|<=|>=) {other}\)"),
            re.compile(rf"\(_eq\((\(f_h if .*\)), {other}\)\)"),  # (values of any type)
            re.compile(r"\(f_h if \(f_h := \(S\.memo or _NOMEMO\)\.get\(\((f_k[0-9]+) := ([^()]*(?:\([^()]*\))?[^()]*)\), _LAZY\)\) "
                       r"is not _LAZY else _m(d_[A-Za-z0-9_]+)\(S, L, ([^()]*), \1\)\)"),
            re.compile(r"\(not (\(f_h if .*\))\)"),  # (a read negated)
            # a read given one argument of another code, computed first into its local (Compiler._memo_read)
            re.compile(r"\(f_h if \((f_a[0-9]+) := (.*)\) is not _LAZY and \(f_h := \(S\.memo or _NOMEMO\)\.get\(\((f_k[0-9]+) := "
                       r"(\('d_[A-Za-z0-9_]+', \1, \))\), _LAZY\)\) is not _LAZY else _m(d_[A-Za-z0-9_]+)\(S, L, \1, \3\)\)")])
    return _READ_PATTERNS


_MEMO_READ = "(S.memo or _NOMEMO)"  # a memo read where it stands (Compiler._memo_read)
# (patterns compiled where first used, by re's own cache: one compiled at import costs every process that loads one)
_WRITTEN_MISS_MEMO = r" +f_w[0-9]+m = S\.memo"  # a miss written out in a loop (_miss_written_out)
_MEMO_SET = r"\s*m\s*=(?!=)|.*\bm\s*:=|.*\bfor m\b"  # a line that sets m


def _count_stopped(body: str) -> str:
    """The statements of a count's fold whose items cannot fail (Compiler._count_stops), where only a test of at
    least one item reads the count (`count(c for c in g if ...) >= 1`): stopping at the first item counted, a count
    of one. Its one loop's collection is charged before the loop (a count charges no items passed), so the test's
    value, the work and the failures are the same. ``body`` as it is where it is not one such loop."""
    head, _, last = body.rpartition("\n")
    if last.strip() != "f_r += 1" or "f_n" in body or len(re.findall(r"^ *for c_", body, re.M)) != 1:
        return body
    pad = last[:-len("f_r += 1")]
    return f"{head}\n{pad}f_r = 1\n{pad}break"


def _count_told(body: str) -> str | None:
    """A count's statements stopped at its first item (_count_stopped) whose test of at least one is its value, as
    that truth value from the start (``f_r = False``, then ``f_r = True`` at the item): what the test gives, without
    it. None where the count is not set once before its loop."""
    head, _, last = body.rpartition("\n")
    lines = head.split("\n")
    if last.strip() != "break" or lines[-1].strip() != "f_r = 1" or lines.count("    f_r = 0") != 1 or body.count("f_r") != 2:
        return None
    lines[lines.index("    f_r = 0")] = "    f_r = False"
    return "\n".join(lines[:-1] + [lines[-1].replace("f_r = 1", "f_r = True"), last])


def _kept_reads(text: str, twins: dict, kept_at: dict) -> str:
    """``text`` (generated functions) with each call of a definition that keeps its lists per zone family
    (Compiler._static_family; ``twins``: its function -> its twin's) made to its twin, which gives the kept list
    itself rather than a copy, where the caller only reads the list: given to subsets(), which reads its items and
    keeps nothing of it, or a fold's collection (``f_i<n> = d_...(S, L, ...)``) that its function only measures,
    loops over and names in the failure of a value without a length, never changing it nor keeping it. The twin
    computes, charges and fails as the definition's function does (the same condition and loop): the same values,
    work and failures; only the copy is saved. A twin's call given names (``v_p``, ``seat_``, ``L['me']``) reads the
    kept list where it stands first (_kept_read, ``kept_at``: the twin's slot, family and key), the call only where
    it finds none."""
    if not any(f"{fname}(" in text for fname in twins):
        return text
    calls = "|".join(re.escape(fname) for fname in twins)
    parts = text.split("\ndef ")
    for i, part in enumerate(parts):
        if '"' in part or "\\" in part or any(fname in word for word in part.split("'")[1::2] for fname in twins):
            continue  # (a word in it that could hold what is matched here: left as it is)
        part = re.sub(rf"\bb_subsets\(({calls})\(S, L\b", lambda m: f"b_subsets({twins[m.group(1)]}(S, L", part)
        for local in dict.fromkeys(re.findall(rf"^ *(f_i[0-9]+) = (?:{calls})\(S, L\b", part, re.M)):
            read = len(re.findall(rf"\b{local}\b", part))
            only_read = len(re.findall(rf"^ *{local} = |\b_len\({local}\)|\b_not_a_collection\({local}\)"
                                       rf"|^ *for c_[A-Za-z0-9_]+ in {local}:", part, re.M))
            if read == only_read:
                part = re.sub(rf"^( *{local} = )({calls})\(S, L\b", lambda m: f"{m.group(1)}{twins[m.group(2)]}(S, L", part, flags=re.M)
        head, _, body = part.partition("\n")  # (its first line: the function's name and parameters)
        parts[i] = head + _ + "\n".join(_kept_read(line, kept_at) if "(S, L, " in line else line for line in body.split("\n"))
    return "\ndef ".join(parts)


# a twin's call (_kept_reads) given names or names' reads: its name and its arguments
_KEPT_CALL = re.compile(r"\b(rd_[A-Za-z0-9_]+)\(S, L((?:, (?:[A-Za-z_][A-Za-z0-9_]*|L\['[A-Za-z_][A-Za-z0-9_]*'\]))*)\)")


def _kept_read(line: str, kept_at: dict) -> str:
    """``line`` with each call of a twin giving a kept list (Compiler._static_family) read where it stands: the list its
    slot keeps for the family and the arguments of its key (``kept_at``), tested as the twin tests them, and the call
    only where that finds none (another family, a key not a whole number, a list not kept yet). The same list, work
    (none) and failures (a read of a name fails as the call's argument fails). Not in a line holding a comprehension
    (Python refuses an assignment expression in its collection), nor where the names read could be the line's own."""
    if re.search(r"\S for |\blambda\b|\bf_k[sl]\b", line):
        return line

    def read(m):
        slot, family, at = kept_at[m.group(1)]
        args = m.group(2)[2:].split(", ")
        test = "".join(f" and _type({args[i]}) is _int" for i in at)
        key = ", ".join(args[i] for i in at) + ("," if len(at) > 1 else "") or "None"
        return f"(f_kl if (f_ks := {slot}[0])[0] is {family}{test} and (f_kl := f_ks[1].get(({key}))) is not None else {m.group(0)})"
    return _KEPT_CALL.sub(lambda m: read(m) if m.group(1) in kept_at else m.group(0), line)


def _memo_local(text: str) -> str:
    """``text`` (generated functions) with each function's memo reads and written-out misses' ``f_w...m = S.memo``
    reading the memo from the function's local ``m``, set once at its start (a remembered definition's own function
    and its function for a miss set it already; another gets it where it reads the memo twice or more), not from
    ``S.memo`` at each read: while a function of a definition or fold runs, ``S.memo`` stays the same dict or None
    (only an expression of the flow, a lister and the game set it up and drop it, and none of them is called from
    such a function). A function that sets ``S.memo``, or sets or names ``m`` otherwise, is left as it is."""
    if _MEMO_READ not in text and "m = S.memo" not in text:
        return text
    parts = text.split("\ndef ")
    for i, part in enumerate(parts):
        head, _, body = part.partition("\n")
        own = body.startswith("    m = S.memo\n")
        rest = body[len("    m = S.memo\n"):] if own else body
        lines = rest.split("\n")
        misses = [k for k, line in enumerate(lines) if re.fullmatch(_WRITTEN_MISS_MEMO, line)]
        reads = rest.count(_MEMO_READ) + len(misses)
        if not reads or (not own and reads < 2) or "S.memo = " in rest or "lambda" in rest:
            continue
        if own:  # m only read: its own memo, and no line sets it again
            if any(re.match(_MEMO_SET, line) for line in lines):
                continue
        elif "m" in _words(rest):
            continue
        for k in reversed(misses):  # (the miss's own local for the memo: m itself)
            name = lines.pop(k).split()[0]
            lines = [re.sub(rf"\b{name}\b", "m", line) for line in lines]
        parts[i] = f"{head}\n    m = S.memo\n" + "\n".join(lines).replace(_MEMO_READ, "(m or _NOMEMO)")
    return "\ndef ".join(parts)


_ONCE_READ = r"f_h if \(f_h := \(m or _NOMEMO\)\.get\(\((f_k[0-9]+) := (\('[A-Za-z0-9_]+', \))\), _LAZY\)\) is not _LAZY else (_m[A-Za-z0-9_]+)\(S, L, (f_k[0-9]+)\)"


# a test `x in xs` of a local in a variable or a local, as _g_Compare writes it
_IN_ITEMS = re.compile(r"S\.vars\['[A-Za-z0-9_]+'\]|[cv]_[A-Za-z0-9_]+")
_IN_LOCAL = re.compile(r"[cv]_[A-Za-z0-9_]+")
_IN_TEST = re.compile(rf"\(_in\(({_IN_LOCAL.pattern}), ({_IN_ITEMS.pattern})\)\)")


_SUM_STEP = re.compile(r"( *)f_r = f_r \+ \(")


def _in_steps_first(body) -> str:
    """A fold's ``body`` (statements) with each sum's step whose item tests `x in xs` first, written out in it (a
    definition's code in place of its call: ``_no_memo_written``), as _in_tested_first writes it. ``body`` as it is
    where no step is of that shape."""
    lines, out, k = body.split("\n"), [], 0
    while k < len(lines):
        found = _SUM_STEP.match(lines[k]) if SHORTCUTS and "_in(" in body else None
        end = next((j for j in range(k, len(lines)) if _parses("\n".join([lines[k].lstrip(), *lines[k + 1:j + 1]]))), None) if found else None
        tag = INLINE_TAG.search(lines[end]) if end is not None else None  # (the step's last line's, kept on it)
        step = "\n".join([lines[k].lstrip(), *lines[k + 1:end], lines[end][:tag.start() if tag else None]]) if end is not None else ""
        if not step.endswith(")") or "_in(" not in step:
            out.append(lines[k])
            k += 1
            continue
        written = "\n".join(_in_tested_first(step[len("f_r = f_r + ("):-1])) + (tag.group(0) if tag else "")
        out += [found.group(1) + line for line in written.split("\n")]
        k = end + 1
    return "\n".join(out)


def _tag_kept(line, written) -> str:
    """``written``, a ``line`` with calls in it written out (_no_memo_written): its lines around the codes written out
    name the definition ``line`` names, so that a failure there is reported in it."""
    tag = INLINE_TAG.search(line)
    if tag is None:
        return written
    return "\n".join(part if INLINE_TAG.search(part) else part + tag.group(0) for part in written.split("\n"))


def _parses(text) -> bool:
    """Whether ``text`` is Python's statements (a step's lines that close all its brackets)."""
    try:
        python_ast.parse(text)
    except SyntaxError:
        return False
    return True


def _in_tested_first(item) -> list:
    """A sum's step adding ``item``: where the item is a conditional whose test is `x in xs` (``_in``'s call, the only
    one in it; ``x`` a local, ``xs`` a variable or a local), _in's statements written before it and the test read as
    Python's ``in``: the test is what the conditional computes first, so the same reads, charge, failures (R100 on a
    value without a length, out of work: _in's own, on a line naming the definition the test's line names) and value,
    without a call at each pass. The step as it is otherwise."""
    step = [f"f_r = f_r + ({item})"]
    if not SHORTCUTS or item.count("_in(") != 1:
        return step
    try:
        tree = python_ast.parse(item.strip(), mode="eval").body
    except SyntaxError:
        return step
    test = tree.test if isinstance(tree, python_ast.IfExp) else None
    if not (isinstance(test, python_ast.Call) and getattr(test.func, "id", None) == "_in" and len(test.args) == 2
            and _IN_LOCAL.fullmatch(python_ast.unparse(test.args[0])) and _IN_ITEMS.fullmatch(python_ast.unparse(test.args[1]))):
        return step  # (a test evaluated after other parts of the item stays in place)
    found = list(_IN_TEST.finditer(item))
    assert len(found) == 1, f"_g_Compare's `in` no longer written as _IN_TEST reads it: {item}"
    (x, xs), = [match.groups() for match in found]
    tested = _IN_TEST.sub(f"({x} in f_in)", item)
    tag = next((tagged.group(0) for line in item.split("\n") if "_in(" in line and (tagged := INLINE_TAG.search(line))), "")
    lines = ["f_in = " + xs, "if f_in.__class__ is not _dict:", "    try:", "        _W[0] = f_inl = _W[0] - _len(f_in)",
             "    except TypeError:", "        _not_looked_in(f_in)", "    if f_inl < 0:", "        _out_of_work()"]
    return [line + tag for line in lines] + [f"f_r = f_r + ({tested})"]


def _counted_at_end(lines) -> list:
    """A fold's statements (``lines``) ending with their one loop, over the dice or a local measured for its charge
    before the loop (``_len(f_i0) * 7``: a zone, a list, a record or a word), with no condition, whose every pass
    counts its item last (``f_n += 1``) and none leaves it early: the count read after the loop as the collection's
    length, without a count at each pass (the passes are as many as the collection's items, which the evaluation does
    not change; a pass that fails leaves the count unread), a local's length kept where its charge measures it
    (_count_kept_at_charge). ``lines`` unchanged where they are not of that shape."""
    loops = [i for i, line in enumerate(lines) if line.lstrip().startswith("for ")]
    head = loops[0] if len(loops) == 1 else None  # (one loop: an inner one's count is not the items')
    found = re.fullmatch(r"( *)for c_[A-Za-z0-9_]+ in (S\.dice\.values\(\)|[cfv]_[A-Za-z0-9_]+):", lines[head]) if head is not None else None
    if (found is None or lines[-1] != f"{found.group(1)}    f_n += 1"
            or (found.group(2) != "S.dice.values()" and not any(f"_len({found.group(2)}) * " in line for line in lines[:head]))
            or any(re.search(r"\b(?:f_n|break|continue|for|while)\b", line) for line in lines[head + 1:-1])):
        return lines
    if found.group(2) == "S.dice.values()":
        return lines[:-1] + [f"{found.group(1)}f_n = _len(S.dice)"]
    return _count_kept_at_charge(lines, head, found.group(1), found.group(2))


def _count_kept_at_charge(lines, head, pad, items) -> list:
    """``lines`` of _counted_at_end's shape (their loop at ``head``, over the local ``items``, each pass counting last)
    with the count set where the charge measures the local (``_W[0] -= (f_n := _len(f_i0)) * 7``), not read again
    after the loop: the same length (nothing between changes the local), where the charge is the loop's own, run on
    every path to it (in the loop's block, or alone in a `try:` there) and no line before the loop's end names the
    count; else the count set after the loop from the length, as before."""
    measured = f"_len({items}) * "
    charge = next(i for i, line in enumerate(lines[:head]) if measured in line)
    own = (lines[charge].startswith(f"{pad}_W[0] -= {measured}")
           or (lines[charge].startswith(f"{pad}    _W[0] -= {measured}") and lines[charge - 1] == f"{pad}try:"))
    if (not own or lines[charge].count(measured) != 1 or any(not line.startswith(pad) for line in lines[charge:head])
            or any(re.search(r"\bf_n\b", line) for line in lines[charge:-1])):
        return lines[:-1] + [f"{pad}f_n = _len({items})"]
    return [*lines[:charge], lines[charge].replace(measured, f"(f_n := _len({items})) * ", 1), *lines[charge + 1:-1]]


def _uncounted(lines) -> list:
    """A fold's statements without its count's start (``f_n = 0``) where each of its loops sets the count at its end
    (``_counted_at_end``) and nothing else reads it but the charge after them: every path that reaches the charge
    sets it first. ``lines`` unchanged otherwise."""
    if "    f_n = 0" not in lines:
        return lines
    told = [line for line in lines if re.search(r"\bf_n\b", line)]
    if not all(line == "    f_n = 0" or re.fullmatch(r" *f_n = _len\([A-Za-z0-9_.]+\)", line) or line == "    _W[0] -= f_n"
               or re.fullmatch(r" *_W\[0\] -= \(f_n := _len\([A-Za-z0-9_.]+\)\) \* [0-9]+", line)
               for line in told) or told.count("    f_n = 0") != 1 or len(told) < 2:
        return lines
    return [line for line in lines if line != "    f_n = 0"]


def _unswitched(lines, table) -> list:
    """A conditional's branch (``_shared_test``, whose test fills the table) that is a list's one loop whose pass reads
    a kept table's items listed once (``_compressed_once``: ``if f_t0:`` and its list made at the first pass, ``elif
    f_t0 is not None:`` the first pass filling it, ``else:`` no memo), written a second time for a table full as the
    loop starts (filled by the test), taken then: the list made before the loop, each pass its first case alone, the
    items counted by the table's length. The same statements in the same order at each pass (a full
    table takes the first case at every pass, and no pass changes it; the list is the one the first pass made, from
    a collection that charges nothing and reads no local), so the same values, work and failures. ``lines``
    unchanged where the loop is not of that shape."""
    n, pad = table[3:], "        "
    loop = next((i for i, line in enumerate(lines) if re.fullmatch(r"    for c_[A-Za-z0-9_]+ in .*:", line)), None)
    body = lines[loop + 1:] if loop is not None else []
    if f"{pad}if {table}:" not in body or f"{pad}elif {table} is not None:" not in body:
        return lines
    at, other = body.index(f"{pad}if {table}:"), body.index(f"{pad}elif {table} is not None:")
    made, counted = body[at + 1:at + 4], re.fullmatch(rf"{pad}    (f_g[0-9]+n) \+= f_l{n}", body[other - 1])
    end = next((i for i in range(other + 1, len(body)) if not body[i].startswith(pad + " ") and body[i] != f"{pad}else:"), None)
    if (counted is None or end is None or made[0] != f"{pad}    if f_c{n} is None:" or not made[1].startswith(f"{pad}        f_c{n} = [*_compress(")
            or made[2] != f"{pad}        f_l{n} = _len({table})" or body[end] != f"{pad}_W[0] -= {counted.group(1)}"):
        return lines
    count = re.compile(rf"\b{counted.group(1)}\b")
    fast = ([line for line in body[:at] if line != f"{pad}{counted.group(1)} = 0"] + [_unindented(line) for line in body[at + 4:other - 1]]
            + [f"{pad}_W[0] -= f_l{n}"] + body[end + 1:])
    if any(count.search(line) for line in fast):
        return lines
    passes = ["    " + lines[loop]] + ["    " + line for line in fast]
    return (lines[:loop] + [f"    if {table}:  # (full as the passes start: each takes its first case)", made[1][8:], made[2][8:]]
            + _charged_after(lines[:loop], passes, n) + ["    else:", "    " + lines[loop]] + ["    " + line for line in body])


def _empty_tally(fname: str, lines: list) -> str | None:
    """The function of a tallied count's list alone (``_mt{fname}``, _tallied, as ``lines`` hold it) for an empty memo
    (``_mte{fname}``): its look-up, which misses there, left out, and the memo's length, where read, none; None where
    that function is not of the shape _tallied writes."""
    head = f"def _mt{fname}(S, L, m):\n"
    text = next((text for text in lines if f"\n{head}" in f"\n{text}"), None)
    if text is None:
        return None
    rows = f"\n{text}".split(f"\n{head}", 1)[1].split("\ndef ", 1)[0].split("\n")
    if rows[:2] != [f"    f_v = m.get(({fname!r}, ), _LAZY)", "    if f_v is _LAZY:"] or rows[-2:] != [f"        m[({fname!r}, )] = f_v", "    return f_v"]:
        return None
    body = [_unindented(row) for row in rows[2:-1]]
    if body[0] == "    f_n = _len(m)":  # (the memo's length, where a pass charged at once reads it: _charged_once)
        body[0] = "    f_n = 0"
    return "\n".join([f"def _mte{fname}(S, L, m):"] + body + ["    return f_v"])


def _true_items_kept(test: list, then: str, table: str, flag: str) -> tuple:
    """A conditional's test written out before it (``test``: an ``any`` twin's lines, _shared_test) whose loop fills
    ``table`` with each item's value and sets ``flag`` where one is true, and its first branch (``then``, _unswitched)
    whose passes start, where the table is full, by listing the items whose value is true
    (``f_c0 = [*_compress(items, f_t0)]``): the test lists those items itself as it goes (``f_m0``), and the branch
    takes that list. A ``compress`` and a view of the items made and freed less at each evaluation (2,750
    instructions of 3.11). ``(test, then)`` unchanged where either is not of that shape.

    The same list: the loop computes every item's value (no ``break``: an ``any`` that fills a table is not
    decided early) and sets the flag in the body of the ``if`` that tests it, so it lists in their order exactly the
    items whose value it kept true; the branch's items are the same code read again while the state stands still
    (a collection that charges nothing and reads no local, _compressed_once), and the table is full only where that
    loop ran, which made the list."""
    n, full = table[3:], then.split("\n")
    at = test.index(f"    if {table} is not None:") if f"    if {table} is not None:" in test else None
    end = test.index("    else:", at) if at is not None and "    else:" in test[at:] else None
    loop = re.fullmatch(r"        for (c_[A-Za-z0-9_]+) in (.*):", test[at + 1]) if end is not None else None
    sets = [k for k in range(at + 2, end) if test[k] == f"                {flag} = True"] if loop else []
    fast = next((k for k, line in enumerate(full) if line.strip().startswith(f"if {table}:  # (full as the passes start")), None)
    made = (re.fullmatch(rf"( *)f_c{n} = \[\*_compress\({re.escape(loop.group(2))}, {table}\)\]", full[fast + 1])
            if fast is not None and fast + 1 < len(full) and len(sets) == 1 else None)
    if (made is None or not test[at + 2].startswith("            if (") or len(test[sets[0] + 1]) - len(test[sets[0] + 1].lstrip()) > 8
            or any(re.search(r"\b(?:break|continue)\b", line) for line in test[at:end])):
        return test, then
    listed = f"f_m{n}"
    full[fast + 1] = f"{made.group(1)}f_c{n} = {listed}  # (the items the test found true, listed as it ran: _true_items_kept)"
    test = test[:at + 1] + [f"        {listed} = []"] + test[at + 1:sets[0] + 1] + [f"                {listed}.append({loop.group(1)})"] + test[sets[0] + 1:]
    return test, "\n".join(full)


def _charged_after(before, passes, n) -> list:
    """The passes of ``_unswitched``'s loop over a full table (``passes``: each charges the table's length, ``f_ln``,
    and tests the work left at its end) run first without those charges, all charged at once after the loop, where
    the loop adds to the list ``f_r`` made just before it (``before``) and does nothing else to what outlives it but
    through the memo and the work budget: no test of the work left at each pass. ``passes`` unchanged otherwise.

    The same values, work and failures: the work budget is only ever lowered inside a definition's evaluation (a
    pass neither sets it nor runs an expression of the flow, which would), so where the work left after the loop
    and the charges covers them, it covered every test the passes made in their own order, none of which can then
    have failed, and the statements run were the same, in the same order (no value read depends on the work left).
    Where it does not, or where a pass fails, the memo's new entries (the last ones: it only adds), the work left
    and the list are put back as they were and the passes run again one by one, as they did, failing where and as
    they fail."""
    loop = re.fullmatch(r"        for c_[A-Za-z0-9_]+ in ((?:f_i[0-9]+|[cv]_[A-Za-z0-9_]+)):", passes[0])
    charge = [f"            _W[0] -= f_l{n}", "            if _W[0] < 0:", "                _out_of_work()"]
    at = next((i for i in range(len(passes)) if passes[i:i + 3] == charge), None)
    rest = passes[1:at] + passes[at + 3:] if at is not None else []
    if (not SHORTCUTS or loop is None or at is None or [line for line in before if re.search(r"\bf_r\b", line)] != ["    f_r = []"] or any(
            re.search(r"\b(?:continue|return|yield|lambda|_W|_hoist|_keep|f_t[0-9]+|_?e[0-9]+)\b|\bS\.memo\s*=(?!=)|^            break\b", line)
            or re.search(r"\bf_r\b", re.sub(r"\bf_r\.append\(", "", line)) for line in rest)):
        return passes
    return ([f"        f_u{n}, f_y{n} = _W[0], _len(S.memo)", "        try:", "    " + passes[0]] + ["    " + line for line in rest]
            + [f"            f_x{n} = _W[0] - f_l{n} * _len({loop.group(1)})",
               "        except Exception:  # (failed: as the passes one by one fail, below)", f"            f_x{n} = -1",
               f"        if f_x{n} < 0:  # (the passes again, one by one, from where they started)",
               f"            for f_e in [*S.memo][f_y{n}:]:", "                del S.memo[f_e]",
               f"            _W[0] = f_u{n}", "            f_r = []"]
            + ["    " + line for line in passes] + ["        else:", f"            _W[0] = f_x{n}"])


_MADE_MEMO = "\n    S.memo = {}\n    try:\n        m = S.memo  # written out: "  # an expression's memo of its own, its body written out


def _memo_made(text: str) -> str:
    """``text`` (a generated function) whose statements after its memo of its own is made and read into ``m``
    (``_body_written``) read the memo as ``m``, not ``(m or _NOMEMO)``, and make a kept table as a list, not after a
    test of the memo: there ``m`` is that dict until the function ends (no line sets ``m`` again), and a read of
    an empty dict misses as the read of ``_NOMEMO`` did. ``text`` unchanged otherwise."""
    at = text.find(_MADE_MEMO)
    if at < 0:
        return text
    at = text.index("\n", at + len(_MADE_MEMO))
    head, body = text[:at], text[at:]
    if any(re.match(_MEMO_SET, line) for line in body.split("\n")):
        return text
    return head + body.replace("(m or _NOMEMO)", "m").replace(f" = {KEPT_TABLE}", " = []")


# a tallied count's read given an argument of another code (Compiler._memo_read) in an expression's body written out
# with its memo of its own (_memo_made: `m`), and the same read of the count's list kept in a local (_counts_kept)
_COUNT_READ = (r"\(f_h if \((f_a[0-9]+) := ([A-Za-z0-9_\[\]'.]+)\) is not _LAZY and \(f_h := m\.get\(\((f_k[0-9]+) := "
               r"\('(d_[A-Za-z0-9_]+)', \1, \)\), _LAZY\)\) is not _LAZY else _m\4\(S, L, \1, \3\)\)")
_COUNT_KEPT = "({kept}.count({arg}) if ({arg} := {code}) is not _LAZY and {kept} is not None else ({kept} := _mt{fname}(S, L, m)).count({arg}))"


def _taken_back_from(lines: list) -> int:
    """The index in ``lines`` (a body written out after its memo of its own is made, _memo_made) of the statement of
    the body's own level (out of brackets: no loop around both) that holds its first taking back of memo entries
    (`del`); ``len(lines)`` where none does."""
    end = next((i for i, line in enumerate(lines) if re.search(r"\bdel\b", line)), len(lines))
    if end < len(lines):
        starts, depth = [], 0
        for i in range(end):
            if depth == 0 and re.match(r"        [^ #)\]}]", lines[i]):
                starts.append(i)
            bare = "".join(lines[i].split("'")[0::2]).split("#")[0]
            depth += sum(bare.count(c) for c in "([{") - sum(bare.count(c) for c in ")]}")
        end = starts[-1] if starts else 0
    return end


def _counts_kept(text: str, counted: set) -> str:
    """``text`` (a generated function) whose body, written out after its memo of its own is made (_memo_made), reads
    a tallied count (``counted``: Compiler._tallied) given an argument of another code: each such read before the
    body's last statement that precedes its first taking back of memo entries (`del`) counts the count's list, once
    kept, from a local (`f_tv<n>`, none at first), without its key, its look-up and the call; where the local is none
    the read calls the count's list alone (``_mt...``: the list kept, else the pass of the function for a miss that
    makes and keeps it) and keeps the list in the local. ``text`` unchanged otherwise.

    The same values, work and failures: the list is kept once every seat's value is computed, in the seats' order, and
    the state stands still while an expression is evaluated, so its count is the value the read gives (a miss's
    function counts that list, _tallied; a hit kept such a count), and such a read charges nothing and cannot fail.
    Before that statement nothing takes an entry back that was kept when its call returned (`_charged_once` and
    `_charged_after` take back only the entries their own pass made, and make them again or fail), and no line of
    the body sets `m`. The memo lacks the counts the reads no longer keep: it is the evaluation's own, dropped at its end.
    The read as it was first looked for a count under the word's key: only the count's own function keeps one there
    (its function for a miss keeps none), once its loop has put every seat's value in the memo (or found it in the list), so that the list
    made from those entries charges nothing and cannot fail, as that hit did (an end of the memo taken back by
    `_charged_once` or `_charged_after` takes the count with the entries its pass made)."""
    at = text.find(_MADE_MEMO)
    if at < 0 or not counted or re.search(r"\bf_tv[0-9]+\b", text):
        return text
    at = text.index("\n", at + len(_MADE_MEMO))
    head, lines = text[:at], text[at + 1:].split("\n")
    if any(re.match(_MEMO_SET, line) for line in lines):
        return text
    end = _taken_back_from(lines)
    kept: dict = {}

    def local(found):
        if found.group(4) not in counted:
            return found.group(0)
        name = kept.setdefault(found.group(4), f"f_tv{len(kept)}")
        return _COUNT_KEPT.format(kept=name, arg=found.group(1), code=found.group(2), fname=found.group(4))
    lines[:end] = [re.sub(_COUNT_READ, local, line) for line in lines[:end]]
    if not kept:
        return text
    return "\n".join([head] + [f"        {name} = None" for name in kept.values()] + lines)


def _read_once(text: str) -> str:
    """``text`` (generated functions, their memo read from the local ``m``: _memo_local) with a list of a remembered
    definition of no argument read in a condition's length and again as its value (``off if count(off) < n else
    []``) read once: the value is the one the condition read where the memo stands (``m is not None``), read again
    (a second miss, charged again) only where it does not, as before.

    The same values and work: where the memo stands, the condition's read put the value in it (a hit reads it, a
    miss's function keeps what it computes under the same key) and nothing between the two reads changes or drops
    it (a length and a comparison with a name), so the second read is a hit giving the same object, charging nothing."""
    if "(m or _NOMEMO)" not in text or " if (_len((f_h if " not in text or "f_once" in text:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        found = re.fullmatch(rf"( +f_r = \(\()({_ONCE_READ})\) if \(_len\(\(({_ONCE_READ})\)\) ([<>=!]+ [A-Za-z0-9_.]+)\) else (\[\])\)", line)
        if (found is None or found.group(3) != found.group(6) or found.group(8) != found.group(11)
                or found.group(4) != found.group(9) or found.group(5) != found.group(10)  # (one key, one function)
                or found.group(5) != f"_m{found.group(4)[2:-4]}"):  # (the key's own function for a miss, which keeps it)
            continue
        lines[i] = (f"{found.group(1)}f_once if m is not None else ({found.group(2)})) if (_len((f_once := ({found.group(7)})))"
                    f" {found.group(12)}) else {found.group(13)})")
    return "\n".join(lines)


# the last statement of an expression's function with a memo of its own (_memo_made: `m`), a remembered list of no
# argument read for its length and as its value (_read_once), then the function's end
_ONCE_LINE = re.compile(r"(?P<pad> +)f_r = \(\(f_once if m is not None else \((?P<again>[^\n]*)\)\) if \(_len\(\(f_once := \("
                        r"(?P<read>f_h if \(f_h := m\.get\(\((?P<key>f_k[0-9]+) := (?P<made>\('(?P<fname>d_[A-Za-z0-9_]+)', \))\), _LAZY\)\) "
                        r"is not _LAZY else _m(?P=fname)\(S, L, (?P=key)\))\)\)\) (?P<test>[<>=!]+ [A-Za-z0-9_.]+)\) else \[\]\)"
                        r"(?P<tag>  # written out: [A-Za-z_][A-Za-z0-9_]*)?")
_MADE_MEMO_END = ["        return f_r", "    except _OverflowError:", "        _overflow()", "    finally:", "        S.memo = None"]


def _unindented(line: str) -> str:
    """A line of generated code four spaces further out; a line that does not start with them, the rest of an
    expression written over several lines (a definition's body written out: its tag's line), as it is: inside its
    brackets its indentation means nothing, and cutting four of its characters broke the code (a SyntaxError)."""
    return line[4:] if line.startswith("    ") else line


def _reached(text: str, sources: dict) -> set:
    """The generated functions (``sources``: name -> text) that ``text`` names, directly or through those it names."""
    found, todo = set(), [text]
    while todo:
        for name in _words(todo.pop()) & sources.keys():
            if name not in found:
                found.add(name)
                todo.append(sources[name])
    return found


def _once_written(text: str, sources: dict, defined_at: dict, locs: dict) -> str:
    """``text`` (an expression's function with a memo of its own, _memo_made) whose last statement reads a remembered
    list of no argument for its length and as its value (``off if count(off) < n else []``, _read_once), with that
    read's miss written out before it: the memo's look-up, then, on a miss, the statements of the definition's
    function for a miss (``_m...``, as the module holds them: ``sources``), each line naming the definition, its
    value in ``f_once``; the statement then tests and gives ``f_once``. ``text`` unchanged otherwise.

    The same values, work and failures: the read is the first thing the statement evaluates, and its miss ran those
    very statements on the same memo (``m``, which stands there: the function's own), a failure there reported in the
    same definition (each line names it). Their locals are the function's own now: the statement is the function's
    last (its value returned, the memo dropped after it), so nothing after it reads a local they set, and they set
    each local they read (a function's body). The function for a miss kept the value in the memo; nothing after the
    statement reads the memo, so it is not kept."""
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if line.startswith("            f_r = ((f_once if m is not None else (")), None)
    found = _ONCE_LINE.fullmatch(lines[at]) if at is not None else None
    if found is None or lines[at + 1:] != _MADE_MEMO_END or f"else _m{found['fname']}(S, L, f_k" not in found["again"]:
        return text  # (the read again, where no memo stands: never here)
    fname = found["fname"]
    miss = sources.get(f"_m{fname}", "").rstrip("\n").split("\n")
    if (miss[:2] != [f"def _m{fname}(S, L, f_k):", "    m = S.memo"] or miss[-3:] != ["    if m is not None:", "        m[f_k] = f_r", "    return f_r"]
            or fname not in defined_at):
        return text
    body = miss[2:-3]
    words = _words("\n".join(body))
    if ({"f_k", "f_once", "return", "yield", "del", "lambda", "global", "nonlocal"} & words or '"' in "\n".join(body)
            or any(re.match(_MEMO_SET, line) or "S.memo" in line for line in body)):
        return text
    name, locs[name] = defined_at[fname]
    pad, tag = found["pad"], found["tag"] or ""
    written = [f"{pad}f_once = m.get({found['made']}, _LAZY){tag}", f"{pad}if f_once is _LAZY:{tag}"]
    for line in body:
        line = _renamed(line.replace("(m or _NOMEMO)", "m"), {"f_r": "f_once"}, "f_r", "f_r")
        written.append(f"{pad}{line}" if INLINE_TAG.search(line) else f"{pad}{line}  # written out: {name}")
    written.append(f"{pad}f_r = f_once if _len(f_once) {found['test']} else []{tag}")
    made = "\n".join(lines[:at] + written + lines[at + 1:])
    # where no line run with the memo names the definition's key but this look-up, the memo cannot hold it: the
    # look-up misses, and the statements run without it
    held = made[made.index(_MADE_MEMO):]
    if held.count(f"'{fname}'") == 1 and f"_k{fname}" not in _words(held) and not any(
            f"'{fname}'" in sources[other] or f"_k{fname}" in _words(sources[other]) for other in _reached(held, sources)):
        written = [f"{pad}{_unindented(line[len(pad):])}" for line in written[2:-1]] + written[-1:]
        made = "\n".join(lines[:at] + written + lines[at + 1:])
    return made


def _misses_kept_apart(text: str, sources: dict) -> str:
    """``text`` (an expression's function with a memo of its own, _memo_made) where a miss of a remembered definition
    of one argument written out as statements (its key ``('name', arg, )`` made, the memo's look-up, the value kept
    under the key) keeps its values in a dict of the function's own (``f_l<n>``, made where the outermost loop around
    the miss starts, which the evaluation enters once), keyed by the argument alone, where no other line of the
    function and no function it may call names that definition's key (nor its seats' kept keys, ``_k...``), and no entry of the memo is taken back after the miss's first line nor in a loop around it. ``text`` unchanged
    otherwise.

    The same values, work and failures: only these lines read and keep that definition's values while the memo
    stands (the memo is the function's own, dropped at its end), so the dict holds what the memo held of it, and
    an argument is found in it where the key holding it was found in the memo (a tuple of one item is hashed from
    the item's hash and compared by the item's ``==`` after an identity test, as a dict compares its keys; an
    argument that cannot be hashed fails as the key's hash fails). Where a pass takes the memo's last entries back
    to run again (``del``), the values it kept must go too: none such runs after the miss's lines."""
    lines = text.split("\n")
    reached = None
    for i in range(len(lines)):
        key = re.fullmatch(r"( +)(f_k[0-9]+) = \('(d_[A-Za-z0-9_]+)', ([cfv]_[A-Za-z0-9_]+), \)(  # written out: [A-Za-z_][A-Za-z0-9_]*)?", lines[i])
        if key is None or i + 2 >= len(lines):
            continue
        pad, local, fname, arg = key.group(1), key.group(2), key.group(3), key.group(4)
        if not (re.fullmatch(rf"{pad}f_h = m\.get\({local}, _LAZY\)(  # .*)?", lines[i + 1])
                and re.fullmatch(rf"{pad}if f_h is _LAZY:(  # .*)?", lines[i + 2])):
            continue
        stores = [k for k, line in enumerate(lines) if re.search(rf"\b{local}\b", line)]
        store = stores[-1] if len(stores) == 3 else None
        if (store is None or not re.fullmatch(rf"{pad}    (?:    )?m\[{local}\] = f_h(  # .*)?", lines[store])
                or text.count(f"'{fname}'") != 1 or f"_k{fname}" in _words(text) or any(re.search(r"\bdel\b", line) for line in lines[i:])
                or any(re.search(r"\bdel\b", line) for _, loop in _enclosing_loops(lines, i) for line in loop)):
            continue
        if reached is None:  # (from the memo made on: before it, the twin runs on a memo it was given)
            reached = _reached(text[text.index(_MADE_MEMO):], sources)
        if any(f"'{fname}'" in sources[name] or f"_k{fname}" in _words(sources[name]) for name in reached):
            continue
        kept = f"f_l{len(re.findall(_KEPT_APART, text))}"
        loops = _enclosing_loops(lines, i)
        lines[i] = None
        lines[i + 1] = f"{pad}f_h = {kept}.get({arg}, _LAZY)" + (key.group(5) or "")
        lines[store] = lines[store].replace(f"m[{local}] = f_h", f"{kept}[{arg}] = f_h", 1)
        # (made where the outermost loop around the miss starts, which the evaluation enters once: no loop around it)
        start = loops[-1][0] if loops else i + 1
        lines.insert(start, f"{lines[start][:len(lines[start]) - len(lines[start].lstrip())]}{kept} = {{}}{_KEPT_APART_TAG}")
        text = "\n".join(line for line in lines if line is not None)
        return _misses_kept_apart(text, sources)
    return text


def _lists_read_kept(text: str) -> str:
    """``text`` (an expression's function with a memo of its own, _memo_made, whose tallied counts read their list
    from a local, _counts_kept) where each look-up of such a list in the memo (``m.get(('d_..', ))``, a seats' loop
    reading its seats' values from it, _seat_values_read) reads the local where it is set; and where the tests of the
    memo for none that the body's written-out lines hold (``if m is not None:``) are left out. ``text`` unchanged where
    a line sets ``m`` or the body takes memo entries back otherwise than from a mark taken at or after its first such
    statement (``for f_e in [*m][f_n:]: del m[f_e]``).

    The same values, work and failures: the local holds the list kept in the memo under that key, set only in the
    body's statements before the one that first takes entries back (_counts_kept); each taking back removes the entries
    kept after its mark (a dict keeps its order), every mark is taken after the list was kept, and a function the body
    calls takes back only what its own pass kept after it started, so the list stays in the memo: its look-up gives
    the local's list. And ``m`` is the memo the function made, which no line sets again: never none."""
    at = text.find(_MADE_MEMO)
    if at < 0 or not re.search(r"\bf_tv[0-9]+ = None$", text, flags=re.M):
        return text
    at = text.index("\n", at + len(_MADE_MEMO))
    head, lines = text[:at], text[at + 1:].split("\n")
    end = _taken_back_from(lines)
    marks = set()
    for i, line in enumerate(lines):
        if re.search(r"\bdel\b", line):
            found = re.fullmatch(r" *for f_e in \[\*(?:m|S\.memo)\]\[(f_[a-z]+[0-9]*):\]:", lines[i - 1].split("  #")[0])
            if found is None or not re.fullmatch(r" *del (?:m|S\.memo)\[f_e\]", line.split("  #")[0]):
                return text
            marks.add(found.group(1))
    if (any(re.match(_MEMO_SET, line) or re.search(r"\b(?:m|memo)\.(?:pop|popitem|clear)\(", line) for line in lines)
            or any(re.search(rf"\b{mark}\b", line) for mark in marks for line in lines[:end])):
        return text
    kept = dict((fname, name) for name, fname in re.findall(r"\((f_tv[0-9]+) := _mt(d_[A-Za-z0-9_]+)\(S, L, m\)\)", text))
    out, dropped = [], None
    for i, line in enumerate(lines):
        lead = len(line) - len(line.lstrip())
        if dropped is not None and lead > dropped:
            line = line[4:]
        else:
            dropped = None
            if re.fullmatch(r" *if m is not None:(  # written out: [A-Za-z_][A-Za-z0-9_]*)?", line):
                after = next((rest for rest in lines[i + 1:] if len(rest) - len(rest.lstrip()) <= lead), "")
                if not re.match(r" *(?:else|elif)\b", after):  # (a test with no other branch)
                    dropped = lead
                    continue
        for fname, name in kept.items():
            line = line.replace(f"m.get(({fname!r}, ))", f"({name} if {name} is not None else m.get(({fname!r}, )))")
        out.append(line)
    return "\n".join([head] + out)


_EMPTY_PASS = "else:  # (an empty memo: each seat's read misses)"  # _charged_once's pass from an empty memo
_IN_ORDER = "elif _len({family}) == S.nplayers:  # (an empty memo, the family's zones read in order: _zones_in_order)"


def _zones_in_order(text: str) -> str:
    """``text`` (a generated function, its last rewrites made) where a tallied count's pass from an empty memo
    (_charged_once) reads each seat's zone of a family by the seat alone (``f_w.. = f_z..[c_p]``, the seat named
    nowhere else in the pass: its own entry dropped, _seat_entries_dropped) has, before that pass, one over the
    family's zones in their order, taken where the family holds a zone a seat; and where a seat's pass adds its
    zone's length, then gives the zone's first item or none (``first`` written out), adds the length where the zone
    holds an item and appends the value itself. ``text`` unchanged otherwise.

    The same values, work and failures: the seats are 0 to player_count - 1 (``S.players``), so a family of that many
    zones gives each seat's zone in the seats' order; a zone is a list, empty exactly where its length is none, so
    the sum is the same; the lines run in the same order, every failure is caught by the pass's ``except`` as before
    (the seat-by-seat pass then runs), and the seat's local is no longer read after the pass (the count's next line
    multiplies the sum)."""
    if _EMPTY_PASS not in text:
        return text
    lines, i = text.split("\n"), -1
    while (i := i + 1) < len(lines):
        line = lines[i]
        pad = line[:len(line) - len(line.lstrip())]
        if line.strip() != _EMPTY_PASS or i + 3 >= len(lines):
            continue
        loop = re.fullmatch(rf"{pad}    for (c_[A-Za-z0-9_]+) in S\.players:", lines[i + 1])
        zone = loop and re.fullmatch(rf"{pad}        (f_w[0-9]+i[0-9]+) = (f_z[0-9]+)\[{loop.group(1)}\]((?:  # written out: [A-Za-z_][A-Za-z0-9_]*)?)", lines[i + 2])
        if zone is None:
            continue
        end = next((k for k in range(i + 3, len(lines)) if not lines[k].startswith(pad + "        ")), len(lines))
        body = lines[i + 3:end]
        if (end >= len(lines) or not re.fullmatch(rf"{pad}f_c \*= [0-9]+", lines[end]) or not body
                or not re.fullmatch(rf"{pad}        f_v\.append\((.*)\)", body[-1])
                or any(re.search(rf"\b{loop.group(1)}\b", text) for text in body)):
            continue
        local, family, tag = zone.groups()
        summed = f"{pad}        f_c += _len({local})  # the work charged once, after the pass"
        first = [re.fullmatch(rf"{pad}        if {local}:(  # .*)?", body[1]) if len(body) == 6 else None]
        if (first[0] and body[0] == summed and re.fullmatch(rf"{pad}            f_h = (.*?)(  # .*)?", body[2])
                and re.fullmatch(rf"{pad}        else:(  # .*)?", body[3]) and re.fullmatch(rf"{pad}            f_h = None(  # .*)?", body[4])
                and body[5] == f"{pad}        f_v.append(f_h)"):
            got = re.fullmatch(rf"{pad}            f_h = (.*?)((?:  # .*)?)", body[2])
            body = [body[1], "    " + summed, f"{pad}            f_v.append({got.group(1)}){got.group(2)}", body[3],
                    body[4].replace("f_h = None", "f_v.append(None)", 1)]
        lines[i:i] = written = [pad + _IN_ORDER.format(family=family), f"{pad}    for {local} in {family}:{tag}"] + body
        i += len(written)  # (the seat-by-seat pass from an empty memo, as it was, after it)
    return "\n".join(lines)


_KEPT_APART_TAG = "  # (a miss's values kept apart)"
_KEPT_APART = r"(?m)^ *f_l[0-9]+ = \{\}  # \(a miss's values kept apart\)$"  # a dict of a written-out miss's values (_misses_kept_apart)


# a seats' loop whose pass sets a flag where a test holds for any item of a kept list, then runs its body where it is
# set: the passes _unswitched writes for a full table (`f_c0`: None, or the list _compressed_once makes)
_FLAGGED_PASS = re.compile(r"(?P<pad> *)for (?P<var>c_[A-Za-z0-9_]+) in (?P<seq>[^\n]*):(?P<tag>  # written out: [A-Za-z_][A-Za-z0-9_]*)?\n"
                           r"(?P=pad)    (?P<flag>f_g[0-9]+) = False(?P=tag)?\n"
                           r"(?P=pad)    for (?P<item>c_[A-Za-z0-9_]+) in (?P<list>f_c[0-9]+):(?P=tag)?\n"
                           r"(?P=pad)        if (?P<cond>[^\n]*):(?P=tag)?\n"
                           r"(?P=pad)            (?P=flag) = True(?P=tag)?\n"
                           r"(?P=pad)    if (?P=flag):(?P=tag)?\n"
                           r"(?P<body>(?:(?P=pad)        [^\n]*\n)+)")
_ONE_ITEM = "  # (a list of one item: its test alone, no flag: _one_item_passes)"


def _one_item_passes(text: str) -> str:
    """``text`` (a generated function) where a loop's pass sets a flag where a test holds for any item of a kept list
    (``f_c0``: in `[p for p in players if any(ok(x) and x.kind == kind_of(p) for x in xs)]`, the items whose
    `ok(x)` the table keeps true), then runs its body where the flag is set, has before it, for a list of one item, the
    same loop with that item bound once and each pass running its body where the test holds: no flag set and tested,
    no loop over the list (a list iterator made and freed) at each pass. ``text`` unchanged where the flag or the item is
    named after the loop before a line binds it again, the flag is read in the pass, the pass holds another line, or
    the loop has an ``else``.

    The same values, work and failures: a list of one item makes each pass test it once, as the loop over the list
    does, and run the body exactly where the flag would be set; the item is the one the inner loop would bind at each
    pass (bound before the passes), the flag is not read after, and a list that is none (not yet made) or of another
    length takes the loop as it was."""
    if "f_c" not in text:
        return text
    at = 0
    while (found := _FLAGGED_PASS.search(text, at)) is not None:
        at = found.end()
        flag, item, listed, pad, tag = (found.group(name) or "" for name in ("flag", "item", "list", "pad", "tag"))
        rest = text[at:]
        after = rest.split("\n", 1)[0]
        if (len(after) - len(after.lstrip()) > len(pad) or after.startswith(f"{pad}else")  # (another line in the pass, a for's else)
                or re.search(rf"\b{flag}\b", found.group("cond") + found.group("body"))
                or re.search(rf"\b{listed}\s*:?=(?!=)", found.group(0))
                or any((later := re.search(rf"\b{name}\b", rest)) and not (rest.startswith(f"{name} = ", later.start())
                                                                           or rest.endswith("for ", 0, later.start()))
                       for name in (flag, item))):
            continue
        one = [f"{pad}if {listed} is not None and _len({listed}) == 1:{_ONE_ITEM}{tag}", f"{pad}    {item}, = {listed}{tag}",
               f"{pad}    for {found.group('var')} in {found.group('seq')}:{tag}", f"{pad}        if {found.group('cond')}:{tag}",
               *("    " + line for line in found.group("body").split("\n")[:-1]), f"{pad}else:{tag}",
               *("    " + line for line in found.group(0).split("\n")[:-1])]
        text = text[:found.start()] + "\n".join(one) + "\n" + rest
        at = found.start() + len("\n".join(one))
    return text


_FULL_TEST = "  # (full as the passes start: each takes its first case)"  # _unswitched's test of a full table
_TRUE_LISTED = "  # (the items the test found true, listed as it ran: _true_items_kept)"


def _table_unfilled(text: str) -> str:
    """``text`` (a generated function, its last rewrites made) whose memo of its own is made (_memo_made: a kept table
    is a list there, ``f_t0 = []``) and whose conditional's test, written out before it, fills that table with each
    item's value and lists the items found true (``f_m0``, _true_items_kept), the table's values read nowhere after:
    the test computes each item's value without appending it (no ``append`` called an item), and its branch for a
    full table (_unswitched) is taken where the test counted an item (``if f_g2n:``, the count it charges) and
    counts them by that count (``f_l0 = f_g2n``). ``text`` unchanged where any other line reads the table, but the
    lines of the branch taken where the table is empty, or where the count is set elsewhere.

    The same values, work and failures: the test computes the same values in the same order and tests each as
    before (the appended value was the one tested); its loop has no ``break`` (_true_items_kept), so it appended one
    value an item of the collection whose length it counts (``f_g2n = _len(items)``, the loop over ``items`` or
    their values), and the table was full exactly where that count is not none, holding as many values; its
    branch for an empty table finds it empty, as before (the loop ran over no item)."""
    if _MADE_MEMO not in text or "f_tx := (" not in text:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        made = re.fullmatch(r"( *)(f_t([0-9]+)) = \[\]((?:  # written out: [A-Za-z_][A-Za-z0-9_]*)?)", line)
        if made is not None:
            lines = _test_unfilled(lines, i, *made.groups()[1:]) or lines
    return "\n".join(lines)


def _test_unfilled(lines: list, made: int, table: str, n: str, tag: str) -> list | None:
    """``lines`` with ``_table_unfilled``'s rewrite of the table ``table`` (made a list at line ``made``); None where
    its lines are not of that shape."""
    at = next((i for i in range(made + 1, len(lines)) if lines[i].strip() == f"if {table} is not None:{tag}".strip()), None)
    pad = lines[at][:len(lines[at]) - len(lines[at].lstrip())] if at is not None else ""
    loop = re.fullmatch(rf"{pad}    for (c_[A-Za-z0-9_]+) in (.+?)(?:\.values\(\))?:{re.escape(tag)}", lines[at + 2]) if at is not None else None
    if loop is None or lines[at + 1] != f"{pad}    f_m{n} = []{tag}" or lines[at + 3] != f"{pad}        if (({table}.append((f_tx := ({tag}":
        return None
    close = next((k for k in range(at + 4, len(lines)) if lines[k] == f"{pad}        ))) or f_tx)):{tag}"), None)
    if close is None or close + 3 >= len(lines) or not all(line.startswith(f"{pad}        ") for line in lines[at + 4:close]):
        return None
    counted = re.fullmatch(rf"{pad}    (f_g[0-9]+n) = _len\({re.escape(loop.group(2))}\){re.escape(tag)}", lines[close + 3])
    full = next((k for k in range(close, len(lines)) if lines[k].strip().startswith(f"if {table}:{_FULL_TEST}")), None)
    if (counted is None or lines[close + 2].strip() != f"f_m{n}.append({loop.group(1)}){tag}".strip() or full is None
            or full + 2 >= len(lines) or lines[full + 1].strip() != f"f_c{n} = f_m{n}{_TRUE_LISTED}{tag}".strip()
            or lines[full + 2].strip() != f"f_l{n} = _len({table}){tag}".strip()):
        return None
    count = counted.group(1)
    inner = lines[full][:len(lines[full]) - len(lines[full].lstrip())]
    other = next((k for k in range(full + 1, len(lines)) if not lines[k].startswith(inner + " ")), len(lines))
    empty = other + 1 + next((k for k, line in enumerate(lines[other + 1:]) if not line.startswith(inner + " ")), len(lines))
    if not lines[other:other + 1] or lines[other].split("  #")[0] != f"{inner}else:":
        other = empty = full + 3  # (no branch for an empty table)
    reads = [k for k, line in enumerate(lines) if re.search(rf"\b{table}\b", line)
             and k not in (made, at, at + 3, full, full + 2) and not other < k < empty]
    sets = [k for k, line in enumerate(lines) if re.search(rf"\b{count}\s*(?:[-+*/%:&|^]|//|<<|>>|\*\*)?=(?!=)", line)]
    twin = close + 5 if lines[close + 4:close + 5] == [f"{pad}else:{tag}"] else close + 4  # (the test where no memo stands)
    twin_end = next((k for k in range(twin, len(lines)) if not lines[k].startswith(pad + " ")), len(lines))
    if reads or close + 3 not in sets or any(at < k < full and k != close + 3 and not twin <= k < twin_end for k in sets):
        return None
    out = list(lines)
    out[at + 3], out[close] = f"{pad}        if (({tag}", f"{pad}        )):{tag}"
    out[full] = lines[full].replace(f"if {table}:", f"if {count}:", 1)
    out[full + 2] = lines[full + 2].replace(f"_len({table})", count, 1)
    return out


def _enclosing_loops(lines: list, i: int) -> list:
    """(index, lines) of each loop (``for``/``while``, at a lesser indent) around line ``i`` of ``lines``, its header
    and body, the innermost first."""
    found, indent = [], len(lines[i]) - len(lines[i].lstrip())
    for k in range(i - 1, -1, -1):
        line = lines[k]
        lead = len(line) - len(line.lstrip())
        if not line.strip() or lead >= indent:
            continue
        indent = lead
        if re.match(r" *(for|while) ", line):
            end = k + 1
            while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > lead):
                end += 1
            found.append((k, lines[k:end]))
    return found


_SEAT_READ = (r"\(f_h if \(f_h := \((m|S\.memo) or _NOMEMO\)\.get\(\((f_k[0-9]+) := _k(d_[A-Za-z0-9_]+)\[(c_[A-Za-z0-9_]+)\]\), _LAZY\)\) "
              r"is not _LAZY else _m\3\(S, L, \4, \2\)\)")  # a seat's value read from the memo with its kept key (Compiler._memo_read)


def _seat_values_read(text: str, tallies: dict) -> str:
    """``text`` (generated functions, their memo read from ``m`` where they have it: _memo_local) with each read of a
    seat's remembered value in a loop over the seats (``mark(p)``, keyed by the tuple kept for the seat) taken from
    the list of every seat's value a tallied count of that definition keeps in the memo (``_tallied``), where the
    memo holds that list as the loop starts: ``f_q0 = m.get(key)`` before the loop, ``f_q0[c_p]`` for the read, the
    read as it was where the list is not there (no memo, or not listed yet).

    The same values, work and failures: the list is kept only once every seat's value is computed (in the seats'
    order, S.players being 0 to player_count - 1, as the read's kept key assumes), and a read of a value the memo
    holds (or the list alone: _seat_entries_dropped) charges nothing and cannot fail; the memo stays the same dict
    through the loop and keeps its entries (only where the loop's lines set no memo or ``m``, delete nothing and do
    not bind the seat again). A list made during the loop is not read (the reads there are as they were)."""
    if not tallies or "_NOMEMO).get((f_k" not in text or "f_q" in text:
        return text
    lines, made, i = text.split("\n"), {}, 0
    while i < len(lines):
        reads = [found for found in re.finditer(_SEAT_READ, lines[i]) if found.group(3) in tallies]
        head = _seats_loop(lines, i, reads[0].group(4)) if reads else None
        if head is None or any(found.group(4) != reads[0].group(4) or found.group(1) != reads[0].group(1) for found in reads):
            i += 1
            continue
        at, pad, tag = head
        for name in sorted({found.group(3) for found in reads}):
            fetch = f"{pad}f_q{{}} = ({reads[0].group(1)} or _NOMEMO).get(({tallies[name]!r}, )){tag}"
            kept = next((k for k, line in made.items() if lines[at - 1] == fetch.format(k)), None)
            if kept is None:  # (one read of the list before the loop, for all its reads of that definition)
                kept = len(made)
                made[kept] = fetch.format(kept)
                lines.insert(at, made[kept])
                at, i = at + 1, i + 1
            local = f"f_q{kept}"
            lines[i] = re.sub(_SEAT_READ, lambda found: (f"({local}[{found.group(4)}] if {local} is not None else {found.group(0)})"
                                                          if found.group(3) == name else found.group(0)), lines[i])
        i += 1
    return "\n".join(lines)


# a tallied pass's store of a seat's own entry from an empty memo (Compiler._charged_once), left out by
# _seat_entries_dropped where every other read of such an entry looks in the pass's list first
_SEAT_STORE = "  # (a seat's own entry: _seat_entries_dropped)"


def _seat_entries_dropped(lines: list, bare: list, tallies: dict, keyed: set) -> list:
    """``lines`` (generated functions, after _seat_values_read) where a tallied count's pass from an empty memo
    (``_charged_once``; ``tallies``: the definition it lists, given a seat -> the count's function) keeps its list
    alone in the memo, not each seat's own entry of that definition as well, and every other read of such an entry
    (``_seat_reads_listed``) looks in the list where the memo misses it. ``lines`` as they were (but the store's tag)
    for a definition one of whose reads is not of the shapes rewritten, in ``lines`` or in a lister's body (``bare``).

    The same values, work and failures: the list, kept once the pass has computed every seat's value, gives each
    seat's value as its entry would have (the entries would have been put in the memo just before it, so that no
    end of the memo taken back holds the one without the other), and a read that finds it there charges nothing
    and cannot fail, as a hit; the pass's own reads run only where its list is not there."""
    for mark, count in tallies.items():
        own = next((i for i, text in enumerate(lines) if f"\ndef _m{count}(" in f"\n{text}"), None)
        if own is None or mark not in keyed or _SEAT_STORE not in lines[own]:
            continue
        rewritten = [_seat_reads_listed(text, mark, count) for text in lines]
        if None in rewritten or any(_seat_reads_left(text, mark) for text in bare):
            continue
        parts = rewritten[own].split("\ndef ")  # (the count's own function's stores alone: another's keep theirs)
        parts = ["\n".join(line for line in part.split("\n") if not line.endswith(_SEAT_STORE))
                 if re.match(rf"(?:def )?_mt?{count}\(", part) else part for part in parts]
        lines, lines[own] = rewritten, "\ndef ".join(parts)
    return [text.replace(_SEAT_STORE, "") for text in lines]


def _seat_reads_listed(text: str, mark: str, count: str) -> str | None:
    """``text`` (generated functions) with each read of a seat's entry of ``mark`` in the memo looking in the list of
    the tallied count ``count`` (``_seat_kept``) where it misses: in ``mark``'s own function and its function for a
    miss (which every read written in place calls on a miss) before computing, and in each read written out as
    statements (``_miss_written_out``, a tallied pass's) in its test of the miss. The count's own function for a
    miss (its passes run only where its list is not kept) as it is. None where a read of another shape is left."""
    listed, keys = f"('{count}', )", f"_k{mark}"
    parts = text.split("\ndef ")
    for i, part in enumerate(parts):
        name = re.match(r"(?:def )?([A-Za-z0-9_]*)", part).group(1)
        if name in (f"_m{count}", f"_mt{count}"):  # (and its list alone: _tallied)
            continue
        if name == f"_m{mark}":  # (its first line reads the memo into m)
            head, found, rest = part.partition("\n    m = S.memo\n")
            if not found or "\n" in head:
                return None
            part = (f"{head}{found}    if m is not None and (f_kv := _seat_kept(m.get({listed}), f_k, {keys})) is not _LAZY:\n"
                    f"        return f_kv\n{rest}")
        elif name == mark:  # (its memo read's test of a hit: a statement's or an expression's)
            hit, miss = "\n        if f_r is not _LAZY:\n", "\n    if r is _LAZY:\n        r = m[k] = "
            if part.count(hit) == 1:
                part = part.replace(hit, f"\n        if f_r is not _LAZY or (f_r := _seat_kept(m.get({listed}), k, {keys})) is not _LAZY:\n")
            elif part.count(miss) == 1:
                part = part.replace(miss, f"\n    if r is _LAZY and (r := _seat_kept(m.get({listed}), k, {keys})) is _LAZY:\n        r = m[k] = ")
            else:
                return None
        part = re.sub(_written_read(mark), lambda found: (
            f"{found['lines']} and (f_h := _seat_kept({found['memo']}.get({listed}), {found['key']}, {keys})) is _LAZY:{found['tag']}"), part)
        if _seat_reads_left(part, mark, name == mark):
            return None
        parts[i] = part
    return "\ndef ".join(parts)


def _written_read(mark: str) -> str:
    """A read of a seat's entry of ``mark`` written out as statements (its key, the memo's ``get``, the test of a miss):
    the lines up to the test's ``if f_h is _LAZY`` (``lines``), the key's local (``key``), the memo (``memo``) and the
    test's comment (``tag``)."""
    key = rf"(?:_k{mark}\[[A-Za-z0-9_]+\]|\('{mark}', [A-Za-z0-9_, ]+\))"
    memo = r"(?P<memo>\(m or _NOMEMO\)|\(S\.memo or _NOMEMO\)|m)"
    return (rf"(?m)^(?P<lines>(?P<pad> +)(?P<key>f_k[0-9]+) = {key}(?:  # .*)?\n(?P=pad)f_h = {memo}\.get\((?P=key), _LAZY\)(?:  # .*)?"
            r"\n(?P=pad)if f_h is _LAZY):(?P<tag>(?:  # .*)?)$")


def _seat_reads_left(text: str, mark: str, own: bool = False) -> bool:
    """Whether ``text`` reads a seat's entry of ``mark`` in the memo otherwise than by a read written in place (which
    calls its function for a miss on a miss), written out with its test rewritten (_seat_reads_listed), or, in
    ``mark``'s own function (``own``), its memo read's key; a store of an entry (a tallied pass's) reads none."""
    key = rf"(?:_k{mark}\[[A-Za-z0-9_]+\]|\('{mark}', [A-Za-z0-9_, ]+\))"
    text = re.sub(rf"\.get\(\((f_k[0-9]+) := {key}\), _LAZY\)\) is not _LAZY else _m{mark}\(S, L, [A-Za-z0-9_, ]*\1\)\)", "", text)
    text = re.sub(rf"(?m)^( +)(f_k[0-9]+) = {key}(.*\n\1f_h = .*\.get\(\2, _LAZY\).*\n\1if f_h is _LAZY and \(f_h := _seat_kept\()", r"\3", text)
    text = re.sub(rf"(?m)^ +m\[_k{mark}\[c_[A-Za-z0-9_]+\]\] = f_h(?:  # .*)?$", "", text)
    if own:
        text = re.sub(rf"(?m)^ +k = \('{mark}', [A-Za-z0-9_, ]+\)$", "", text, count=1)
    return f"_k{mark}[" in text or re.search(rf"'{mark}', (?!\))", text) is not None


def _seat_kept(listed, key, keys):
    """The value a tallied count's pass listed (``listed``: every seat's value of a definition, in the seats' order, or
    None where the memo holds no list) for the memo key ``key`` of that definition, as the seat's own entry, which the
    pass leaves out (_seat_entries_dropped), would give it; _LAZY where no seat's key is equal (``keys``: the seats'
    keys, ``_k...``). A whole number is the seat's index; another value is looked up as the memo would, by hash and
    ``==`` (``True`` is seat 1's key)."""
    if listed is None:
        return _LAZY
    seat = key[1]
    if seat.__class__ is int:
        return listed[seat] if 0 <= seat < len(listed) else _LAZY
    return dict(zip(keys, listed)).get(key, _LAZY)


def _seats_loop(lines, i, var):
    """(index, indent, tag) of the line of the loop binding ``var`` that holds line ``i`` of ``lines``, where the
    memo a read there finds can be read before it: no line of the loop sets the memo or ``m``, deletes, or binds
    ``var`` again. None where that loop is not found so (lines inside brackets, their indent no guide, end no loop)."""
    open_at, depth = [], 0
    for line in lines:  # (brackets open where each line starts; words and comments left out: they may hold any)
        open_at.append(depth)
        code = "".join(line.split("'")[0::2]).split("#")[0]
        depth += sum(code.count(o) for o in "([{") - sum(code.count(c) for c in ")]}")
    if open_at[i]:
        return None
    indent = len(lines[i]) - len(lines[i].lstrip())
    for k in range(i - 1, -1, -1):
        line, lead = lines[k], len(lines[k]) - len(lines[k].lstrip())
        if open_at[k] or lead >= indent or not line.strip():
            continue
        found = re.fullmatch(rf"( *)for {var} in [^:]*:(  # written out: [A-Za-z_][A-Za-z0-9_]*)?", line)
        if found is None:
            if line.startswith("def "):
                return None  # (the function's start)
            indent = lead
            continue
        end = k + 1
        while end < len(lines) and (open_at[end] or not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > lead):
            end += 1
        body = "\n".join("".join(line.split("'")[0::2]) for line in lines[k + 1:end])
        if re.search(rf"S\.memo\s*=(?!=)|\bdel\b|(?<![A-Za-z0-9_.])m\s*:?=(?!=)|\bfor m\b|\b{var}\s*:?=(?!=)|\bfor {var}\b", body):
            return None
        return k, found.group(1), found.group(2) or ""
    return None


def _words(code: str) -> set:
    """The names standing in ``code`` outside its words (quoted strings)."""
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", "".join(code.split("'")[0::2])))


def _renamed(code: str, names: dict, prefix: str, into: str) -> str:
    """``code`` with each of ``names`` (whole names, outside words) and each name made of ``prefix`` and digits renamed
    (string tests, not a pattern: compiling one costs every process that loads a ruleset)."""
    out, i = [], 0
    while True:
        j = code.find("f_", i)
        if j < 0:
            return "".join(out) + code[i:]
        end = j + 2
        while end < len(code) and (code[end].isalnum() or code[end] == "_"):
            end += 1
        name = code[j:end]
        if j and (code[j - 1].isalnum() or code[j - 1] in "_."):
            renamed = name  # (part of a longer name)
        elif name in names:
            renamed = names[name]
        elif name.startswith(prefix) and name[len(prefix):].isdigit():
            renamed = into + name[len(prefix):]
        else:
            renamed = name
        out.append(code[i:j] + renamed)
        i = end


def _one_zone(code: str) -> bool:
    """Whether ``code`` is one zone (a Zone, a list) as a fold's loop goes over it, charged (``_it``) or not: a family's
    zone at a local (a seat, read by plain subscript) or at a number, or a single zone. (String tests, not a pattern:
    compiling one costs every process that loads a ruleset.)"""
    if code.startswith("_it(") and code.endswith(")"):
        code, _, weight = code[4:-1].rpartition(", ")
        if not weight.isdigit():
            return False
    name, found, index = code[len("S.zones['"):].partition("'][") if code.startswith("S.zones['") else ("", "", "")
    return (bool(found) and name.isidentifier() and index.endswith("]")
            and (index[:-1].isdigit() or (index[:2] in ("c_", "v_") and index[2:-1].isidentifier())))


def _family_zone(code: str) -> bool:
    """Whether ``code`` reads one zone of a family by plain subscript, at a number or a local (`hand[me]`): its value,
    where the read does not fail, is a ``Zone`` (every state's families hold Zones: ``initial_state``, ``State.copy``
    and the stand-ins of the layout and the lints make each one so, and nothing puts anything else there)."""
    name, found, index = code[len("S.zones['"):].partition("'][") if code.startswith("S.zones['") else ("", "", "")
    return (bool(found) and name.isidentifier() and index.endswith("]")
            and (index[:-1].isdigit() or (index[:3] == "L['" and index[-3:] == "']]" and index[3:-3].isidentifier())))


def _free_locals(code) -> list | None:
    """The locals of its function that a piece of generated code reads (sorted; S and L left out), or None
    where it reads a name that is neither such a local nor the generated module's own."""
    import symtable

    try:
        table = symtable.symtable(f"def f(S, L):\n    return (\n{code}\n)\n", "<fold>", "exec").get_children()[0]
    except SyntaxError:
        return None
    found, todo = set(), [table]
    while todo:
        one = todo.pop()
        todo.extend(one.get_children())
        found.update(sym.get_name() for sym in one.get_symbols() if sym.is_global())
    if any(not (_FOLD_LOCAL.fullmatch(name) or name in RUNTIME or _GENERATED_NAME.fullmatch(name)) for name in found):
        return None
    return sorted(name for name in found if _FOLD_LOCAL.fullmatch(name))


def _cannot_fail(code: str, comp: str) -> bool:
    """Whether ``code``, a part of a listing's condition reading the component choice ``p_<comp>`` (never none),
    surely cannot fail: the choice's attributes read and compared, its type tested, `in` a table (FOLD_SAFE)."""
    return FOLD_SAFE.fullmatch(re.sub(rf"\b(?:p_{comp}|in t[0-9]+_[0-9]+)\b", "", code)) is not None


def _balanced(code: str) -> bool:
    """Whether ``code``, on one line, closes each bracket it opens and none it does not (one whole expression's
    brackets, as a pattern's group that stops at a later part's text must be)."""
    return _closing(f"({code})", 1) == len(code) + 2


def _and_parts(code: str) -> list | None:
    """The operands of ``code``, one line that is a chain of `and` (its brackets around it, and around a first operand
    that is itself such a chain, left out: ``((a and b) and c)`` gives a, b, c), in their order; None for one that
    is not (an `or`, a conditional or a lambda outside brackets: their operands are others)."""
    if "\n" in code:
        return None
    while code.startswith("(") and _closing(code, 1) == len(code):
        code = code[1:-1]
    parts, depth, i, last, n = [], 0, 0, 0, len(code)
    while i < n:
        c = code[i]
        if c in "'\"":
            i = _word_end(code, i)
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and (code.startswith((" or ", " if ", " else "), i) or code.startswith("lambda", i)):
            return None
        elif depth == 0 and code.startswith(" and ", i):
            parts.append(code[last:i])
            i += 5
            last = i
            continue
        i += 1
    if not parts or depth:
        return None
    return (_and_parts(parts[0]) or [parts[0]]) + parts[1:] + [code[last:]]


def _word_end(code: str, i: int) -> int:
    """Where the word written out whose opening quote is at ``i`` of ``code`` ends: its closing quote's index (a
    backslash escapes the next character), or the code's length where it does not close."""
    c, i, n = code[i], i + 1, len(code)
    while i < n and code[i] != c:
        i += 2 if code[i] == "\\" else 1
    return min(i, n)


def _closing(code: str, start: int) -> int | None:
    """Where the call whose arguments start at ``start`` of ``code`` ends (after its closing bracket): None where
    that is not on the same line. Brackets within a word written out (``'('``) do not count."""
    depth, i, n = 1, start, len(code)
    while i < n:
        c = code[i]
        if c in "'\"":
            i = _word_end(code, i)
            if i >= n:
                return None
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
        elif c == "\n":
            return None
        i += 1
    return None


WRITTEN_OUT_UP_TO = 4  # a last parameter's choices, a family declaring no more zones, are written out in the loops for few options
_LOOP_OVER = re.compile(r"^for (p_[A-Za-z0-9_]+(?:, vt[0-9]+_[0-9]+)*),? in ((?:pairs|dom)[0-9])$")


def _loop_written_out(loop, test, then, copies, ready=()):
    """The loop over a last parameter's choices, a family of ``copies`` zones, doing ``then`` where ``test`` holds,
    written out as one test a choice: (the lines unpacking the choices and each of their tables' values into locals
    of their own, once a listing, from their own lists, not their pairs; the lines of the tests), at the indent of
    the loops for few options; None where the choices are more than WRITTEN_OUT_UP_TO or the loop is not over the
    choices (and their tables) alone. Where ``test`` is an `or` whose first operands are locals of ``ready`` (parts
    of an earlier parameter, holding their values), those are tested once, not at each choice: where one holds,
    every choice is done, in order, as each test would have found; else each choice tests the rest (_split_or)."""
    found = _LOOP_OVER.match(loop)
    if found is None or not 0 < copies <= WRITTEN_OUT_UP_TO:
        return None
    names = found.group(1).split(", ")

    def renamed(code, k):  # each name of the loop by its copy's, u0_p_into... (a word written out is left as it is)
        return re.sub(rf"'[^'\n]*'|\b({'|'.join(names)})\b", lambda m: m.group(0) if m.group(1) is None else f"u{k}_{m.group(1)}", code)
    # the choices (dom1) and each table's values (vt1_0 of t1_0), not their pairs (pairs1, then not made)
    lists = [re.sub("^pairs", "dom", found.group(2)), *(name[1:] for name in names[1:])]
    lines = []
    first, rest = _split_or(test, ready) if SHORTCUTS else (None, test)
    pad = "            " if first is None else "                "
    for k in range(copies):
        lines += [f"{pad}if {renamed(rest, k)}:", *(f"{pad}    {renamed(line, k)}" for line in then)]
    if first is not None:
        every = [f"                {renamed(line, k)}" for k in range(copies) for line in then]
        lines = [f"            if {first}:", *every, "            else:", *lines]
    return [f"        {', '.join(f'u{k}_{name}' for k in range(copies))}, = {made}" for name, made in zip(names, lists)], lines


def _table_written_out(text, table, choices, param, body, pad, lines):
    """(``text``, ``lines``: a table's loop over a family's zones) with the loop written out, its body once a zone,
    where the lister's pass for few options unpacks the zones and the table's values into locals of their own
    (_loop_written_out): the body computes each zone's value into its local, taken where the family holds as many
    zones as that pass unpacks, the loop kept for any other number. The pass, which is taken only then and where no
    part failed (the table made to its end), reads the locals so made: its lines unpacking the zones and the table
    are gone. The same values, work and failures, in the same order (the zone's local in the body's parameter's
    stead, a word written out left as it is)."""
    values = re.search(rf"^        (u0_(vt[0-9]+_[0-9]+)(?:, u[0-9]+_\2)*), = {table}\n", text, re.M)
    zones = re.search(rf"^        (u0_(p_[A-Za-z0-9_]+)(?:, u[0-9]+_\2)*), = {choices}\n", text, re.M)
    if values is None or zones is None or values.group(1).count(", ") != zones.group(1).count(", "):
        return text, lines
    copies = values.group(1).count(", ") + 1

    def renamed(code, k):  # the parameter and the body's value by the zone's own (a word written out is left as it is)
        return re.sub(r"'[^'\n]*'|\b(" + re.escape(param) + r"|f_r)\b",
                      lambda m: m.group(0) if m.group(1) is None else (f"u{k}_{zones.group(2)}" if m.group(1) == param else f"u{k}_{values.group(2)}"), code)
    full = f"{choices}_full"  # (the pass's test reads it: the length tested once)
    written = [f"{pad}if ({full} := _len({choices}) == {copies}):", f"{pad}    {zones.group(1)}, = {choices}"]
    for k in range(copies):
        written += [pad + renamed(line, k) for line in _first_else(body).split("\n")]
    written += [f"{pad}    {table} = [{values.group(1)}]", f"{pad}else:", *("    " + line for line in lines)]
    text = text[:values.start()] + text[values.end():]
    text = re.sub(rf"(?m)^( *fuse = (?:.* and )?)_len\({choices}\) == {copies}\b", lambda m: m.group(1) + full, text)
    zones = re.search(rf"^        {re.escape(zones.group(1))}, = {choices}\n", text, re.M)
    return text[:zones.start()] + text[zones.end():], written


_BUDGET_READS = re.compile(r"^ *_W\[0\] -= |^ *if _W\[0\] < 0:$|^ *(?:fuse|over) = .* _W\[0\]$", re.M)


def _budget_local(text):
    """A lister's ``text`` whose statements charging and testing the work budget (at least four) read it from a local
    bound once a listing (`_w`, the very list `_W`: its functions' calls charge the same), not from the module."""
    found = len(_BUDGET_READS.findall(text))
    if found < 4 or not text.startswith(_FRESH_BUDGET):
        return text
    text = _BUDGET_READS.sub(lambda m: m.group(0).replace("_W[0]", "_w[0]", 1), text)
    return f"    _w = _W\n    _w{_FRESH_BUDGET[6:]}" + text[len(_FRESH_BUDGET):]


def _first_else(body):
    """``body`` (a definition's folded body, f_r its value) where it is `first` of one loop that stops at the item it
    finds (`f_r = (item)` then `break`, nothing else reading f_r), none after a loop that finds none: the loop's `else`
    sets none, without f_r set to _LAZY first and tested after. Else ``body`` as it is."""
    lines = body.split("\n")
    top = [k for k, line in enumerate(lines) if line.startswith("    ") and not line.startswith("     ")]
    loops = [k for k, line in enumerate(lines) if line.lstrip().startswith("for ")]
    if (len(lines) < 4 or lines[0] != "    f_r = _LAZY" or lines[-2:] != ["    if f_r is _LAZY:", "        f_r = None"]
            or len(loops) != 1 or "while " in body or top[-2] != loops[0] or body.count("f_r") != 4 or body.count("break") != 1):
        return body
    at = next(k for k, line in enumerate(lines) if line.lstrip().startswith("f_r = ("))
    if lines[at + 1].strip() != "break" or lines[at + 1].index("break") != lines[at].index("f_r") or at < loops[0]:
        return body
    return "\n".join(lines[1:-2] + ["    else:", "        f_r = None"])


def _parts_where_read(parts, lines, symbols):
    """``parts`` (the lines computing the parts of the first parameter, in the fused pass) then ``lines`` (its loop written
    out), where parts that the test of some of them first (_split_or) does not read are computed in its `else` only, the
    branch that reads them: none of them fails, calls or charges anything (_FUSE_SAFE, or _LAZY), so where that test holds
    they were computed for nothing."""
    first = re.fullmatch(r" {12}if ((?:o[0-9]+_[0-9]+)(?: or o[0-9]+_[0-9]+)*):", lines[0]) if SHORTCUTS and lines else None
    if first is None or "            else:" not in lines or any("\n" in line for line in parts):
        return parts + lines
    read = set(first.group(1).split(" or "))
    kept = [line for line in parts if line.split(" = ")[0].strip() in read]
    at = lines.index("            else:") + 1
    moved = _subscripted_past(kept, [line for line in parts if line not in kept], symbols)
    return kept + lines[:at] + ["    " + line for line in moved] + lines[at:]


_KIND_TEST = re.compile(r" *o[0-9]+_[0-9]+ = \((p_\w+)\.kind == '([^'\n]*)'\)")


def _subscripted_past(kept, moved, symbols):
    """``moved`` (parts computed in the `else` of the test of ``kept``, where that is one part `p.kind == 'T'`) with each
    attribute of that component that every type but T declares read by subscript: a component there is of another
    type, made with all its type's attributes, so the item is there and its value is get's (no method's call)."""
    found = _KIND_TEST.fullmatch(kept[0]) if len(kept) == 1 else None
    if found is None:
        return moved
    others = [kind for kind in symbols.component_types if kind != found.group(2)]

    def read(m):  # (declared_by_all is false for no type: get kept)
        return f"{found.group(1)}.plain[{m.group(1)}]" if symbols.declared_by_all(m.group(1)[1:-1], others) else m.group(0)
    return [re.sub(rf"\b{found.group(1)}\.plain\.get\(('\w+')\)", read, line) for line in moved]


def _split_or(test, ready):
    """(the first operands of ``test``, an `or` of generated Python, that are names of ``ready``, joined by `or`; the
    rest) where there are both, else (None, ``test``): the names hold their values, so testing them first, once, and
    the rest only where none holds is the test as written (an `or` evaluates its operands from the left)."""
    try:
        tree = python_ast.parse(test, mode="eval").body
    except SyntaxError:
        return None, test
    operands = []

    def flat(node):  # (a or b) or c: a, b, c
        if isinstance(node, python_ast.BoolOp) and isinstance(node.op, python_ast.Or):
            for value in node.values:
                flat(value)
        else:
            operands.append(node)
    flat(tree)
    k = 0
    while k < len(operands) - 1 and isinstance(operands[k], python_ast.Name) and operands[k].id in ready:
        k += 1
    if not k:
        return None, test
    return " or ".join(node.id for node in operands[:k]), " or ".join(f"({python_ast.get_source_segment(test, node)})" for node in operands[k:])


def _loops(pad, loop, trusted, test, then) -> list:
    """The lines of ``loop`` doing ``then`` where the condition holds: tested by ``test`` as written, or, where
    ``trusted`` reads the parts computed ahead as they are, the loop written twice, one for either value of
    `slow` (tested once, not at each choice: no pass of the loop sets it)."""
    def one(pad, code):
        return [f"{pad}{loop}:", f"{pad}    if {code}:"] + [f"{pad}        {line}" for line in then]
    if trusted is None:
        return one(pad, test)
    return [f"{pad}if not slow:", *one(pad + "    ", trusted), f"{pad}else:", *one(pad + "    ", test)]


# an option as a lister makes it (enumerator's `made`, at any indent; in a loop written out its values renamed, u0_p_into),
# and one of its arguments; compiled where first used (re keeps them): a validation makes no twin
_MADE = r"(?m)^( *)o = Option\(\)\n\1o\.action = '[^'\n]*'\n\1o\.args = \(((?:\('[^'\n]*', \w+\), )*)\)\n\1out\.append\(o\)$"
_MADE_ARG = r"\('([^'\n]*)', (\w+)\), "


def _bare(text, names) -> str | None:
    """A lister's body (``text``) whose options are appended as their values, one after the other, the
    parameters' in order (``names``; None for an action of none), not as Option objects: its bare twin, the
    same listing in the same order for a caller that reads one option only (Game.play_out, which binds the
    values of the one it picks, ``len(names) or 1`` of them an option, to the names itself; no tuple made an
    option). None where an option is not made as the template makes it, or options alike are found once made
    (_alike_once compares Options). Groups (many choices) are appended as they are: the twin returns true, and
    its caller lists again."""
    if "_alike_once" in text:
        return None

    def values(made):
        pairs = re.findall(_MADE_ARG, made.group(2))
        if [name for name, _ in pairs] != names or "".join(f"('{n}', {v}), " for n, v in pairs) != made.group(2):
            raise ValueError(made.group(0))
        return "\n".join(f"{made.group(1)}out.append({v})" for _, v in pairs) if pairs else f"{made.group(1)}out.append(None)"
    try:
        bare = re.sub(_MADE, values, text)
    except ValueError:
        return None
    return None if "Option" in bare or "o.args" in bare else bare


def bare_listers(namespace, names=None) -> dict:
    """By name of each generated lister that has one and never groups (or of each of ``names`` that has one, where
    it may group too: its caller lists again where it does), its bare twin (_bare: Game.play_out's listing), made
    and compiled with the ruleset's namespace the first time a game needs it (a validation never does)."""
    listers = namespace.get(BARE) or {}
    made = namespace.setdefault(BARE_MADE, {})
    wanted = [fname for fname in listers if listers[fname][2]] if names is None else [fname for fname in names if fname in listers]
    sources = {}
    for fname in wanted:
        if fname not in made:
            made[fname] = None  # (none where it has no twin)
            bare = _bare(*listers[fname][:2])
            if bare is not None:
                sources[fname] = f"def {fname}b(S, L, out, Option, distinct, where):\n{bare}"
    if sources:
        exec(compiled("\n".join(sources.values()) + "\n"), namespace)  # noqa: S102 - generated from the checked AST only
        made.update((fname, namespace[fname + "b"]) for fname in sources)
    return {fname: made[fname] for fname in wanted if made[fname] is not None}


# a simultaneous step's every seat listed by one call (Game._h_simultaneous, while Game.play_out plays): the bare twin's
# body in a loop over the seats, each seat's `me` bound in the one dict of names the seats share and its listing kept
# by seat; false where a seat's listing meets a group or lists nothing (its caller lists every seat again, as a failure
# raised here makes it). Where the lister may read a memo, each seat's listing has one of its own, as it had
_SEATS_LOOP = """for seat_ in seats_:
    L['me'] = seat_
    out = []
{memo}{passed}    while True:
{body}
    if grouped_ or not out:
        return False
    listed_[seat_] = out
"""


def _seats_body(bare) -> str | None:
    """``bare`` (a bare twin's body) as the body of _SEATS_LOOP's `while True`: each `return x` is `grouped_ = x` and a
    `break` out of that round. Read line by line, by indentation (each line a whole statement: none where a line opens
    a bracket it does not close, or the text holds a continued line or a long string); None where a `return` stands in
    a loop of its own (a `break` would end that loop) or does not begin its line (or the word is read elsewhere), or the
    body names one of the loop's own names."""
    if any(word in bare for word in ("seat_", "seats_", "listed_", "grouped_", "\\\n", '"""', "'''")):
        return None
    lines = bare.split("\n")
    around, found = [], 0  # (the indentation of each line the line read stands in, and whether it is a loop)
    for at, line in enumerate(lines):
        text = line.lstrip()
        if not text or text[0] == "#":
            continue
        if line.count("(") != line.count(")") or line.count("[") != line.count("]") or line.count("{") != line.count("}"):
            return None
        indent = len(line) - len(text)
        while around and around[-1][0] >= indent:
            around.pop()
        if text.startswith("return") and text[6:7] in ("", " "):
            if any(loop for _, loop in around):
                return None
            found += 1
            lines[at] = f"{line[:indent]}grouped_ = {text[7:] or 'None'}\n{line[:indent]}break"
        around.append((indent, text.startswith(("for ", "while ", "async for "))))
    return "\n".join(lines) if found == bare.count("return") else None


def _padded(text, spaces) -> str:
    return "\n".join(" " * spaces + line if line.strip() else "" for line in text.split("\n"))


_ZONES_READ = re.compile(r"S\.zones\['(\w+)'\]")


# the fuse's pass over one zone's distinct components, listed once per signature (_DISTINCT_LOOP its loop;
# _SEATS_FUSED_FIRST begins with it), the signatures met kept in `dist0`, a set, in the lister's pass
# (Compiler._fused_first, _SEATS_SET); the seats' pass taken out of it (_SEATS_PASSED) meets them by stages (_staged)
_DISTINCT_LOOP = """\
        dist0 = {met}
        for {p} in z0:
            if {p}.signature in dist0:
                continue
            dist0.{meet}({p}.signature)
            out.append({p})
"""
_SEATS_DISTINCT = """    z0 = {zone}
    try:
        fuse = _len(z0) <= {few}
    except _ERRORS:
        fuse = False
    if fuse:
""" + _DISTINCT_LOOP
_SEATS_SET = {"met": "_set()", "meet": "add"}

# a seat's round that begins with its fresh budget and a pass over one zone's distinct components (the fuse's), which
# reads no budget before it charges it (its zone read from names, no call): the pass taken out of the round, before
# it (_seats_passed)
_SEATS_FUSED_FIRST = "    _w[0] = {fresh}\n" + _SEATS_DISTINCT + """\
        _w[0] -= _len(dist0)
        grouped_ = False
        break
"""

# ... that pass as the seat's whole listing, for a zone of any length (no round after it: the round's own listing of a
# zone, `distinct(z0, where)`, lists the same components in the same order and charges their count, as the pass does):
# a seat it lists ends there, its list kept, without the budget's charge, which only the last seat's pass leaves
# standing (_SEATS_PASSED_LAST, after the loop: a pass reads no budget); a seat it lists none ends the seats' listing,
# as its round did, its budget fresh (it charged none). The zone is one of a family's, read by subscript (the fuse's
# test of its length had no `_type(z0) is _Zone`: _fused_first's _family_zone held), so its length never fails: not
# read. More than `few` signatures (which the round groups, its caller listing again) end the listing as the round
# did, its budget charged their count (_staged's last stage); `out` is None after the loop where no seat was listed
_SEATS_PASSED = """{first}for seat_ in seats_:
    L['me'] = seat_
{memo}    dist0_it = _iter({zone})
{staged}\
    listed_[seat_] = out
{last}"""

# that pass's loop over the zone's components by stages on one iterator of them: the first component held, then each
# stage passes over components until one of a signature not yet met (compared with each met one, held in a local
# `dist0_<n>`: `==` of two small whole numbers is one Python specialises before its jump, where `in` a list compares
# each unequal one by calls in C, about 100 instructions), holds it (the stage's loop variable, `dist0_p<n>`) and
# begins the next stage on the same iterator; the stage whose loop the zone's end ends (its `else`) makes `out`, a
# tuple of those held, at once (no `append` called for each; a tuple is one block, where a list is its object and its
# items' array, each allocated and freed: the seats' pickers only index it and read its length); the second stage reads
# a signature into its local only where it differs from the first (a stage's commonest item is one more of a signature
# met), and from the third each compares with the signature met last first (one signature's components often lie
# together in a zone: dealt or gathered so), the same test of ints in another order; past _STAGES signatures, `out` a
# list made of the four and `in` a list of them (kept from there on), up to `few` of them: one more, the round's
# listing of the whole zone (`distinct`, a set: no list of many compared at each component) gives their count, which
# the round charged before it grouped them (its fresh budget less the count, out of work below none) and the listing
# ends (false). The same components listed in the same order (a signature is a whole number, Component.signature: `==`
# is `in`'s test of it), `out` their tuple or list, `_len(out)` the signatures met; a zone of no component lists none:
# the seat's listing ends, its budget fresh, as the round's did
_STAGES = 4
_STAGE_FIRST = """\
    for dist0_p1 in dist0_it:
        dist0_1 = dist0_p1.signature
        break
    else:
        _w[0] = {fresh}
        return False
"""
_STAGE_MANY = """\
{pad}    if _len(dist0) > {few}:
{pad}        out = distinct({zone}, where)
{pad}        _w[0] = {fresh} - _len(out)
{pad}        if _w[0] < 0:
{pad}            _out_of_work()
{pad}        return False
"""


def _staged(p, fresh, zone, few, picked=False) -> str:
    """_SEATS_PASSED's loop over the distinct components of ``zone`` into `out` (the stages above), its parameter ``p``
    past the stages, more than ``few`` signatures charged from the budget ``fresh`` and ending the listing; where
    ``picked``, each way `out` is made then picks `value_` from it with `random_()`, as a picking runner picks (the
    length a stage's tuple holds written as its float; one component drawn for, then taken: index 0 of a draw below one)."""
    lines, pad = [_STAGE_FIRST.format(fresh=fresh)], "    "
    lines.append(f"{pad}for dist0_p2 in dist0_it:\n{pad}    if dist0_p2.signature == dist0_1:\n{pad}        continue\n"
                 f"{pad}    dist0_2 = dist0_p2.signature\n")
    pad += "    "
    for n in range(3, _STAGES + 1):
        met = " or ".join(f"dist0_{n} == dist0_{k}" for k in range(n - 1, 0, -1))
        lines.append(f"{pad}for dist0_p{n} in dist0_it:\n{pad}    dist0_{n} = dist0_p{n}.signature\n{pad}    if {met}:\n{pad}        continue\n")
        pad += "    "
    last = ", ".join(f"dist0_{k}" for k in range(1, _STAGES + 1))
    met = ", ".join(f"dist0_p{k}" for k in range(1, _STAGES + 1))
    lines.append(f"{pad}out = [{met}]\n{pad}dist0 = [{last}]\n{pad}for {p} in dist0_it:\n{pad}    if {p}.signature in dist0:\n{pad}        continue\n"
                 f"{pad}    dist0.append({p}.signature)\n{pad}    out.append({p})\n" + _STAGE_MANY.format(pad=pad, few=few, zone=zone, fresh=fresh))
    lines.append(f"{pad}value_ = out[(LENGTHS[len(out)] * random_()).__trunc__()]\n" if picked else "")
    for n in range(_STAGES, 1, -1):  # (each stage's loop ends by a break after the next's, or where the zone ends)
        pad = pad[4:]
        met = ", ".join(f"dist0_p{k}" for k in range(1, n))
        lines.append(f"{pad}    break\n{pad}else:\n{pad}    out = ({met},)\n")
        if picked:
            lines.append(f"{pad}    value_ = out[({n - 1}.0 * random_()).__trunc__()]\n" if n > 2 else f"{pad}    random_()\n{pad}    value_ = dist0_p1\n")
    return "".join(lines)


def staged_listing(p, fresh, zone, few, spaces, picked=False) -> str:
    """_staged's pass indented by ``spaces`` more: the listing runners._one_pass checks a twin's against and writes again
    (``picked``) in a pass that picks and moves each seat's value beside its listing."""
    return _padded(_staged(p, fresh, zone, few, picked), spaces)


_SEATS_PASSED_LAST = "if out is not None:  # (the last seat's listing: its charge)\n    _w[0] = {fresh} - _len(out)\n"


def _seats_passed(body, memo) -> str | None:
    """The seats' loop (_SEATS_PASSED, `me` bound and a memo made at each seat where ``memo``) where a seat's round
    ``body`` begins with the fuse's fresh budget and pass (_SEATS_FUSED_FIRST, its zone an item of names, nothing
    called, `few` no fewer than the stages'): the pass lists the seat whatever the zone's length, the rest of the round
    never runs; else None (compared as text: compiling a regular expression of that shape cost a game's first listing
    about 0.5 ms)."""
    lines = body.split("\n", 18)
    if len(lines) < 19 or not lines[0].startswith("    _w[0] = ") or not lines[1].startswith("    z0 = "):
        return None
    fresh, zone = lines[0][len("    _w[0] = "):], lines[1][len("    z0 = "):]
    few, p = lines[3].rpartition(" <= ")[2], lines[8][len("        for "):-len(" in z0:")]
    made = _SEATS_FUSED_FIRST.format(fresh=fresh, zone=zone, few=few, p=p, **_SEATS_SET)
    if not body.startswith(made) or not (fresh + few).isdigit() or not p.isidentifier() or not all(c.isalnum() or c in "_[]'" for c in zone):
        return None
    if int(few) < _STAGES or re.search(rf"\b(?:dist0\w*|out|{p})\b", zone):
        return None
    return _SEATS_PASSED.format(first="out = None\n", memo="    S.memo = {}\n" if memo else "", zone=zone,
                                staged=_staged(p, fresh, zone, few), last=_SEATS_PASSED_LAST.format(fresh=fresh))


# a seat's round that lists every item of one parameter's choices, an expression's, with no condition (say
# the subsets of a seat's zone): the round's each case, written by Compiler.build for such a lister
_SEATS_EVERY = """    _w[0] = {fresh}
    grouped = slow = False
    dom0 = {expr}
    try:
        work = _len(dom0)
    except _ERRORS:
        work = _W[0] + 1
    over = work > _w[0]
    if not over:
        _w[0] -= work
    if over:
        _w[0] -= _len(dom0)
        if _w[0] < 0:
            _out_of_work()
    if _len(dom0) > {few}:
        legal = []
        for {p} in dom0:
            if True:
                legal.append({p})
        if legal:
            out.append({group})
            grouped = True
    else:
        for {p} in dom0:
            if True:
                out.append({p})
    grouped_ = grouped
    break"""

# ... its common case before the round: choices within the budget, one item or more and no more than `few`, each item
# an option (out.extend: what the round's loop appends, in the same order), the seat's listing kept and the next seat
# begun; else the round from its test of the budget on, with the choices and their work found
_SEATS_EVERY_FEW = """    _w[0] = {fresh}
    dom0 = {expr}
    try:
        work = _len(dom0)
    except _ERRORS:
        work = _W[0] + 1
    if 0 < work <= {few} and work <= _w[0]:
        _w[0] -= work
        out.extend(dom0)
        listed_[seat_] = out
        continue
"""


def _seats_every(body):
    """(the lines before a seat's round, the round) where ``body`` is _SEATS_EVERY's round: its common case taken out
    before the round (_SEATS_EVERY_FEW; a subsets() call's list of one item before that, _subsets_of_one), the rest of
    the round begun after the choices' work is found; else ("", ``body``) (compared as text, as _seats_passed
    compares)."""
    lines = body.rstrip("\n").split("\n")
    if len(lines) != 28 or not lines[0].startswith("    _w[0] = ") or not lines[2].startswith("    dom0 = "):
        return "", body
    fresh, expr, few = lines[0][len("    _w[0] = "):], lines[2][len("    dom0 = "):], lines[14][len("    if _len(dom0) > "):-1]
    p, group = lines[16][len("        for "):-len(" in dom0:")], lines[20][len("            out.append("):-1]
    if not (fresh + few).isdigit() or not p.isidentifier() or _SEATS_EVERY.format(fresh=fresh, expr=expr, few=few, p=p, group=group) != "\n".join(lines):
        return "", body
    one, listed = _subsets_of_one(fresh, expr, few) if "sub0" not in body else ("", expr)
    first = _SEATS_EVERY_FEW.format(fresh=fresh, expr=listed, few=few)
    if one and "\n        _w[0] -= 7\n" not in one:  # (its list read first: it sets the budget itself, the round after it)
        return one + first, "\n".join(lines[1:2] + lines[7:])
    return first.replace("\n", f"\n{one}", 1), "\n".join(lines[1:2] + lines[7:])


def _seats_hoisted(body):
    """(``body``, the lines before the seats' loop): what a seat's round reads the same for every seat, read once before
    the loop: the budget's list (`_w = _W`, where the round binds it first and never again) and each zone family read
    by a name written out (`S.zones['hand']`: a listing changes no state, and the compiler checked the name; were it
    missing, the read before the loop fails as a failure in the round does: the seats are listed again as Options)."""
    before = []
    if body.startswith("    _w = _W\n") and body.count("_w = ") == 1:
        body = body[len("    _w = _W\n"):]
        before.append("    _w = _W\n")
    names = dict.fromkeys(_ZONES_READ.findall(body))
    if names and '"' not in body and not re.search(r"\bzones_\w*_\b", body):
        body = _ZONES_READ.sub(lambda m: f"zones_{m.group(1)}_", body)
        before += [f"    zones_{name}_ = S.zones['{name}']\n" for name in names]
    return body, "".join(before)


def _seat_untested(body: str) -> str:
    """A seats' lister's ``body`` without its tests, in a kept list's read (_kept_read), that the seat is a whole number:
    the seats a step's twin is given are seats (Game._h_simultaneous and play_out give it their ``seats()``, or the
    game's), so the test always held. Outside the words only (none changed where one is in double quotes)."""
    if '"' in body or "\\" in body:
        return body
    parts = body.split("'")
    parts[::2] = [part.replace(" and _type(seat_) is _int and (f_kl := ", " and (f_kl := ") for part in parts[::2]]
    return "'".join(parts)


# _SEATS_EVERY_FEW's choices the subsets of a list (`b_subsets(...)`): a list of one item written out before the call, the
# commonest (b_subsets's own case of one item: its charge, 5, then none and the item, the two options charged and kept
# as _SEATS_EVERY_FEW keeps them; the budget just set, so neither charge can run it out); any other value given to the
# call as it was
_SEATS_SUBSETS_OF_ONE = """    if _type(sub0 := {items}) is _list and _len(sub0) == 1:
        {charge}
        listed_[seat_] = [[], [sub0[0]]]
        continue
"""
# a seat's list read from the list a definition of a zone family's static condition keeps (_kept_read of a twin for the
# seat, _seat_untested, _seats_hoisted), its twin called where none is kept: read so, it charges nothing and cannot fail
# (Compiler._static_family), so the budget read or set before it is the same after it
_SEAT_KEPT_READ = (r"\(f_kl if \(f_ks := _sf(d_[A-Za-z0-9_]+)\[0\]\)\[0\] is (?:zones_[A-Za-z0-9_]+_|S\.zones\['[A-Za-z0-9_]+'\]) "
                   r"and \(f_kl := f_ks\[1\]\.get\(\(seat_\)\)\) is not None else r\1\(S, L, seat_\)\)")


# a seat's kept-list read (_SEAT_KEPT_READ, its family a zone family read before the seats' loop: _seats_hoisted): its
# slot, family and twin
_SEAT_KEPT_ONCE = re.compile(r"\(f_kl if \(f_ks := (_sf(d_[A-Za-z0-9_]+))\[0\]\)\[0\] is (zones_[A-Za-z0-9_]+_) "
                             r"and \(f_kl := f_ks\[1\]\.get\(\(seat_\)\)\) is not None else r\2\(S, L, seat_\)\)")


def _seats_kept_once(loop: str) -> tuple[str, str, tuple]:
    """(the seats' ``loop``, the lines before it, the twins read) with each seat's read of a kept list (_SEAT_KEPT_ONCE)
    reading the dict of its family's lists found once before the loop: a listing changes no zone, so the slot's family
    is the same at every seat, and the slot's dict, while its family is that family, is the one dict the twin adds to
    (where another family's is kept, the slot is made that family's first, as the twin makes it: its first call then
    keeps every seat's list there); the twin called where none is kept, or an empty one (the twin gives that one). The
    same list, no work, no failure."""
    if '"' in loop or "\\" in loop or "f_kk" in loop:
        return loop, "", ()
    found = dict.fromkeys(_SEAT_KEPT_ONCE.findall(loop))
    before = []
    for i, (slot, fname, family) in enumerate(found):
        before.append(f"    if (f_ks := {slot}[0])[0] is not {family}:\n        f_ks = {slot}[0] = ({family}, {{}})\n    f_kk{i} = f_ks[1]\n")
        loop = loop.replace(f"(f_kl if (f_ks := {slot}[0])[0] is {family} and (f_kl := f_ks[1].get((seat_))) is not None else r{fname}(S, L, seat_))",
                            f"(f_kk{i}.get(seat_) or r{fname}(S, L, seat_))")
    return loop, "".join(before), tuple(f"r{fname}" for _, fname, _ in found)


def _seats_list_late(loop: str, passed: str, memo: str) -> str:
    """The seats' ``loop`` with the seat's list of options (``out = []``) made after the lines ``passed`` begins with
    where they are a subsets() call's list of one item (_SEATS_SUBSETS_OF_ONE, which lists the seat itself and goes on
    to the next seat): no list made and freed for a seat listed there."""
    one = passed.split("        continue\n", 1)[0] + "        continue\n"
    if not passed.startswith(("    if _type(sub0 := ", "    if _len(sub0 := ")) or "out" in re.findall(r"\w+", one) or one.count("\n") != 4:
        return loop
    head = "    out = []\n" + memo + one
    assert head in loop, "the seats' loop no longer makes its list before the lines passed"
    return loop.replace(head, memo + one + "    out = []\n", 1)


def _subsets_of_one(fresh: str, expr: str, few: str) -> tuple[str, str]:
    """(the lines for a list of one item, the choices' expression) where ``expr`` is one call of subsets() (of a
    fresh budget of at least its 7 and a round that keeps 2 options): _SEATS_SUBSETS_OF_ONE, and the call given the
    list it read; else ("", ``expr``)."""
    if not expr.startswith("b_subsets(") or int(fresh) < 7 or int(few) < 2:
        return "", expr
    items = expr[len("b_subsets("):-1]
    try:  # (the whole text one call, and the text between its brackets the one item it is given)
        call, item = python_ast.parse(expr, mode="eval").body, python_ast.parse(items, mode="eval").body
    except SyntaxError:
        return "", expr
    if not (isinstance(call, python_ast.Call) and len(call.args) == 1 and not call.keywords
            and python_ast.dump(call.args[0]) == python_ast.dump(item)):
        return "", expr
    # a list that is a static family's kept list (_SEAT_KEPT_READ), read before the budget is set: its one item's
    # case sets the budget left after its 7 at once (_seats_every writes it before the round's fresh budget), and its
    # type is not tested (a kept list, or the twin's, is a list: Compiler._static_family)
    if re.fullmatch(_SEAT_KEPT_READ, items):
        one = _SEATS_SUBSETS_OF_ONE.replace("_type(sub0 := {items}) is _list and _len(sub0) == 1", "_len(sub0 := {items}) == 1")
        assert one != _SEATS_SUBSETS_OF_ONE, "the list of one item's test no longer reads as it did"
        return one.format(items=items, charge=f"_w[0] = {int(fresh) - 7}"), "b_subsets(sub0)"
    return _SEATS_SUBSETS_OF_ONE.format(items=items, charge="_w[0] -= 7"), "b_subsets(sub0)"


def seats_listers(namespace, wanted) -> dict:
    """By name of each generated lister of ``wanted`` (its name -> whether its listing may read a memo) whose bare twin
    can be written in a loop over a step's seats (_SEATS_LOOP), that function: ``f(S, L, seats, listed, distinct,
    where)`` lists each seat's options as the bare twin lists them (``L`` the seats' one dict of names), into
    ``listed`` by seat (a list, or a tuple where _staged lists them), and returns true; or false at the first seat
    whose listing meets a group or lists nothing (a failure is raised as the twin raises it). Made and compiled with
    the ruleset's namespace the first time a game needs it."""
    listers = namespace.get(BARE) or {}
    made = namespace.setdefault(SEATS_MADE, {})
    sources, names = {}, {}
    for fname, memo in wanted.items():
        if (fname, memo) not in made and fname in listers:
            made[fname, memo] = None  # (none where it has none)
            bare = _bare(*listers[fname][:2])
            body = _seats_body(bare) if bare is not None else None
            if body is not None:
                # (the body's own reads of `me` read the seat where it stands: the one value bound to it)
                body = "\n".join(line.replace("L['me']", "seat_") if '"' not in line else line for line in body.split("\n"))
                body = _seat_untested(body)
                body, before = _seats_hoisted(body)
                loop = _seats_passed(body, memo)
                if loop is None:
                    passed, body = _seats_every(body)
                    loop = _SEATS_LOOP.format(memo="    S.memo = {}\n" if memo else "", passed=passed, body=_padded(body, 4))
                    loop = _seats_list_late(loop, passed, "    S.memo = {}\n" if memo else "")
                loop, kept, twins = _seats_kept_once(loop)
                before += kept
                # (a kept list's twin reads no name: Compiler._static_family's condition reads the zone's index, the
                # number of players, whole numbers and its parameters alone, so the L it is given need not bind `me`)
                read = loop.replace("    L['me'] = seat_\n", "", 1)
                for twin in twins:
                    read = read.replace(f"{twin}(S, L, seat_)", "")
                names[fname, memo] = bool(re.search(r"\bL\b", read))
                if not names[fname, memo]:  # (nothing the body runs reads a name: the seats' runner binds `me` itself)
                    loop = loop.replace("    L['me'] = seat_\n", "", 1)
                if memo:  # (no memo left standing however the loop ends)
                    loop = f"try:\n{_padded(loop, 4)}\nfinally:\n    S.memo = None\n"
                sources[fname, memo] = f"def {fname}s{'m' if memo else ''}(S, L, seats_, listed_, distinct, where):\n{before}{_padded(loop, 4)}\n    return True\n"
    if sources:
        namespace["_iter"] = iter  # (read by the seats' pass alone, _staged: no other module's namespace holds it)
        exec(compiled("\n".join(sources.values()) + "\n"), namespace)  # noqa: S102 - generated from the checked AST only
        made.update((key, namespace[f"{key[0]}s{'m' if key[1] else ''}"]) for key in sources)
        for key in sources:  # (whether it binds `me` in the names it is given: the step's own are copied for it; its
            made[key].names = names[key]  # source, which runners.fused_picking writes into a function that picks too)
            made[key].source = sources[key]
    return {fname: made[fname, memo] for fname, memo in wanted.items() if made.get((fname, memo)) is not None}


def _it(xs, weight, W=WORK, len=len):
    """A comprehension's collection, charged to the work budget: its length times the work per item."""
    if xs.__class__ is str:  # a word has a length but is no collection (a list, a zone, a map)
        _not_a_collection(xs)
    try:
        W[0] -= len(xs) * weight
    except TypeError:
        _not_a_collection(xs)
    if W[0] < 0:
        out_of_work()
    return xs


def _not_a_collection(xs):
    """What _it raises for a collection without a length (also where a folded loop charges it in place)."""
    raise RuleRuntimeError(f"cannot loop over {describe(xs)}") from None


def _not_looked_in(xs):
    """What _in raises for a value without a length (also where its test is written out: _in_tested_first)."""
    raise RuleRuntimeError(f"'in' needs a list, a zone, a map or a word on its right, got {describe(xs)}") from None


def _in(x, xs, W=WORK):
    """`x in xs`, charged a step an item of ``xs`` (the budget a local: read without a lookup)."""
    if type(xs) is not dict:
        try:
            W[0] = left = W[0] - len(xs)  # (the budget left kept for the test: its item not read again)
        except TypeError:
            _not_looked_in(xs)
        if left < 0:
            out_of_work()
    return x in xs


def _in_set(x, found):
    """`x in xs`, xs a constant table of words and numbers kept as the frozenset ``found`` (Compiler._data_define):
    equal values hash alike, so it answers as the list would; a list or map (unhashable) is none of its items."""
    try:
        return x in found
    except TypeError:
        return False


def _in_lists(x, xs, W=WORK):
    """`x in xs` where ``x`` may be a list or map (_g_Compare): as _in, and where it is one and ``xs`` a list holding
    lists or maps, charged ``xs`` written out (each of its items compared with ``x`` item by item, however often the
    same list is held in it: `f in [d, d]` of two lists of 2**40 numbers built alike never ended)."""
    if type(xs) is not dict:
        try:
            W[0] = left = W[0] - len(xs)  # (_in's body, not its call: a call less where ``x`` is a seat or a word)
        except TypeError:
            _not_looked_in(xs)
        if left < 0:
            out_of_work()
        if (x.__class__ is list or x.__class__ is dict) and xs.__class__ is list and holds_nested(xs):
            charge_written(xs, len(xs))
    return x in xs


def _eq(a, b):
    if isinstance(a, (list, dict)) and isinstance(b, (list, dict)):
        WORK[0] -= min(len(a), len(b))
        if WORK[0] < 0:
            out_of_work()
        # two lists (or maps) of one length are compared item by item, the lists in them too: charged written out
        if a.__class__ is b.__class__ and a.__class__ in NESTING and a is not b and len(a) == len(b) and holds_nested(a):
            _eq_written(a, b)
    return a == b


def _eq_written(a, b):
    """Charge `a == b` of two lists (or maps) of one length holding lists or maps: the smaller written out (its items
    counted as often as they are held: ``written_items``), less the length _eq charged."""
    n = len(a)
    most = WORK[0] + n  # (a walk stops past what the budget left can pay)
    WORK[0] -= min(written_items(a, most), written_items(b, most)) - n
    if WORK[0] < 0:
        out_of_work()


def _written_fraction(node) -> str | None:
    """The first fraction written out in ``node`` (`0.5` of `n + 0.5`), as written; None where there is none."""
    for part in ast.walk(node):
        if isinstance(part, ast.Const) and type(part.value) is float and not part.value.is_integer():
            return ast.text(part)
    return None


def _written_zero(node) -> bool:
    """Whether ``node`` is the number 0 written out (`0`, `-0`): a range's step that can never count."""
    if isinstance(node, ast.Unary) and node.op == "-":
        node = node.operand
    return isinstance(node, ast.Const) and type(node.value) is int and node.value == 0


_LAZY = object()  # a table entry not computed: the call is made where the condition stands
# what computing a table may raise: then the calls are made where they stand, as written
_ERRORS = (RuleRuntimeError, TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError, OverflowError)


# builtins that order or add up the items of their one collection: of values known only at run time, true and false
# must be refused there (Python orders and adds them as 1 and 0)
NUMBERS_ONLY = frozenset({"sum", "max", "min", "sorted"})


def _numbers_checked(name: str, codes: list, types: list) -> list:
    """The arguments of a call of the builtin ``name`` with those of a type known only at run time checked not to be
    true or false where numbers (or words, for an order) are added up or ordered: Python takes true for 1 there."""
    if name in NUMBERS_ONLY and len(codes) == 1 and element_type(types[0]) == ANY:
        return [f"_no_truths({codes[0]})"]
    if name in ("max", "min") and len(codes) > 1:
        return [f"_no_truth({c})" if t == ANY else c for c, t in zip(codes, types)]
    return codes  # (a builtin taking whole numbers checks its own: b_left, b_range, b_take)


# more items than one evaluation can give a sum: every loop of a comprehension is charged to the work budget
# (WORK_LIMIT steps, at least one an item), but a loop over declared seats, dice or zones of at most SMALL_WORK
MOST_ITEMS = 2**24
# a fold's lines testing a sum's total (_fold_call, _folded), as b_sum tests it: where it may pass the limit
SUM_TESTED = [f"    if not {-MAX_WHOLE} <= f_r <= {MAX_WHOLE}:", "        _beyond_the_limit()"]
# the builtins whose first argument is a grid zone (builtins._grid_resolution refuses any other when the game runs)
GRID_READERS = frozenset({"placements", "overlap", "touching", "regions", "piece_at", "pieces_at", "cell_at", "piece_cells", "run_length",
                          "neighbours", "group_at", "border"})
# the builtins that count a cell's neighbours: in a ruleset with a hex grid, each is given the hex grids' names (six there)
HEX_READERS = frozenset({"placements", "touching", "regions", "neighbours", "group_at", "border"})
# those of them that are always given the hex grids' names (none in a ruleset without one): b_NAME takes them last
CELL_READERS = frozenset({"neighbours", "group_at", "border"})


def no_grid_said(symbols, named: str, what: str) -> tuple:
    """E120's (message, hint) where ``what`` needs a grid zone and the zone written by name, ``named``, is no grid."""
    grids = ", ".join(sorted(symbols.grids))
    return (f"{what} a grid zone; '{named}' is not one",
            f"grid zones: {grids}" if grids else f"a grid zone is declared with grid: ({named}: {{grid: true}})")


GRID_FIELDS = frozenset({"x", "y", "rot", "overlap", "touching", "value", "size", "marked"})  # the records grids give


def _most_of(*sizes) -> int | None:
    """The largest of ``sizes``, None where one is not known."""
    return None if not sizes or None in sizes else max(sizes)


def _kind_of(t) -> str | None:
    """``Compiler._kind`` of a name of type ``t`` bound where a sum is compiled (a zone; a list of zones may be long)."""
    return "zone" if t == "zone" else None


# kinds of item that max(), min() and sorted() cannot order (true and false are no numbers: Python orders them as 0 and 1)
UNORDERED = frozenset({"bool", "comp", "zone", "record", "map", "none"})


def _count_hint(arg) -> str:
    """How to count the true items of ``arg`` (a list of true or false) with count(): `count(c for c in deck if c.marked)`."""
    return f"true and false are no numbers; to count the true ones, write {ast.text(true_ones_counted(arg))}"


def true_ones_counted(arg):
    """The count() call that counts the true items of ``arg``: its item made the last clause's condition
    (`count(c for c in deck if c.marked)` for `c.marked for c in deck`), or `count(x for x in arg if x)`."""
    if isinstance(arg, ast.Comprehension):
        *outer, last = arg.clauses
        clause = ast.Clause(pos=last.pos, var=last.var, iterable=last.iterable, conditions=(*last.conditions, arg.element))
        counted = ast.Comprehension(pos=arg.pos, element=ast.Name(pos=arg.pos, name=arg.clauses[0].var), clauses=(*outer, clause))
    else:
        var = "x"
        counted = ast.Comprehension(pos=arg.pos, element=ast.Name(pos=arg.pos, name=var),
                                    clauses=(ast.Clause(pos=arg.pos, var=var, iterable=arg, conditions=(ast.Name(pos=arg.pos, name=var),)),))
    return ast.Call(pos=arg.pos, func="count", args=(counted,))


# builtins that order the items of [key, item] pairs by their keys (Compiler._pairs_checked, builtins._keyed_pairs)
KEYED_ORDERS = frozenset({"sorted_by", "max_by", "min_by"})


def _keyed_text(name: str, arg, attribute: str) -> str:
    """``name`` of ``arg``'s items each paired with a key, their ``attribute`` (else KEY): `max_by([c.rank, c] for c in deck)`."""
    if isinstance(arg, ast.Comprehension):
        item, clauses = arg.element, arg.clauses
    else:
        var = "c" if attribute else "x"  # (a component's attribute: the items are components)
        item, clauses = ast.Name(pos=arg.pos, name=var), (ast.Clause(pos=arg.pos, var=var, iterable=arg, conditions=()),)
    key = ast.Attr(pos=arg.pos, target=item, name=attribute, name_pos=arg.pos) if attribute else ast.Name(pos=arg.pos, name="KEY")
    pairs = ast.Comprehension(pos=arg.pos, element=ast.ListLit(pos=arg.pos, items=(key, item)), clauses=clauses)
    return ast.text(ast.Call(pos=arg.pos, func=name, args=(pairs,)))


def _unordered_key_hint(key, t, attribute: str) -> str:
    """What to key by instead of ``key``, of a kind with no order (``t``): one of a component's attributes, or a number."""
    if t == "comp":
        return f"key it by one of its attributes: {ast.text(key)}.{attribute}"
    if t == "bool":
        return f"true and false have no order: key by a number, 1 if {ast.text(key)} else 0"
    return "key by a number or a word"


def _unordered_hint(name: str, t, arg, attribute: str = "<attribute>") -> str:
    """What to write instead of sum(), max(), min() or sorted() of items of kind ``t`` (``arg``'s)."""
    if t == "bool":
        return ("true and false have no order: any(...) says whether one is true, all(...) whether every one is"
                if name in ("max", "min") else "true and false have no order: count(...) the true ones")
    counted = f"; to count them, write {ast.text(ast.Call(pos=arg.pos, func='count', args=(arg,)))}" if name == "sum" else ""
    if t == "comp" and isinstance(arg, ast.Comprehension):  # its items' attribute: min(c.rank for c in deck)
        element = ast.Attr(pos=arg.pos, target=arg.element, name=attribute, name_pos=arg.pos)
        told = ast.Call(pos=arg.pos, func=name, args=(ast.Comprehension(pos=arg.pos, element=element, clauses=arg.clauses),))
        return f"{name}() of one of their attributes: {ast.text(told)}{counted}"
    if t == "comp":
        return f"{name}() of one of their attributes: {name}(c.{attribute} for c in {ast.text(arg)}){counted}"
    if is_list(t) and name == "sum":  # (subsets summing to 15 counted: count(s for s in subsets(cs) if ...))
        return f"a list is no number{counted}"
    if t == "str":
        return "words are not added up: count(...) them, or sum() numbers"
    return ""


def _no_truth(value):
    """A value known only at run time, compared or counted: true and false are no numbers (Python's 1 and 0)."""
    if value is True or value is False:
        raise RuleRuntimeError(f"expected a number, got {describe(value)}")
    return value


def _no_truths(values):
    """A collection known only at run time, added up or ordered: none of its items may be true or false."""
    if isinstance(values, (list, tuple)) and any(v is True or v is False for v in values):
        raise RuleRuntimeError(f"expected numbers, got {describe(next(v for v in values if v is True or v is False))} among them")
    return values


# the grammar's words (loader.KEYWORDS): no name can be one
LANGUAGE_WORDS = frozenset({"and", "else", "false", "for", "if", "in", "is", "none", "not", "or", "true"})


NO_ATTRIBUTE_SAID = "no component or die face has an attribute"  # E152 of a value not known to be a record


def _attributes_hint(name: str, known: set, spelt: str) -> str:
    """E152's hint for a component's attribute no component has: the one spelt alike, or the one ``name`` starts or
    is the start of (`num` for `n`, too far apart for did_you_mean), and the attributes there are."""
    started = [a for a in known if a != name and (name.startswith(a) or a.startswith(name))]
    spelt = spelt or (f"did you mean '{started[0]}'?" if len(started) == 1 else "")
    listed = f"the attributes are {few_listed(sorted(known))}"
    return f"{spelt}; {listed}" if spelt else listed


def one_e152_per_place(found: list) -> list:
    """``found`` without a generic E152 where a record's own ("a record {x, y, rot} has no field 'z'") is said at the
    same place: a definition's body compiled for any type, then for the record its call gives, says each once."""
    precise = {str(d.loc) for d in found if d.code == "E152" and not d.message.startswith(NO_ATTRIBUTE_SAID)}
    return [d for d in found if not (d.code == "E152" and str(d.loc) in precise and d.message.startswith(NO_ATTRIBUTE_SAID))]


def _map_key_hint(node, t, spelt: str, grids: bool = False) -> str:
    """E152's hint for `top.h` (``node``), whose base is of type ``t``: a map's keys are read with brackets,
    `top['h']`, where the base is or may be a map; ``spelt``, the attribute spelt alike, stays where it is known not
    to be one (a component), and comes first where it may be either; ``grids``: the ruleset has a grid, whose builtins'
    records a value of a type not known may be (`c.z` for a cell of piece_cells, {x, y, value}: their fields first)."""
    records = ", ".join(f"{name} {{{', '.join(record.fields)}}}" for name, record in GRID_RECORDS.items())
    grid_records = f"{spelt + ' ' if spelt else ''}if it is a record a grid builtin gives, one of its fields: {records}"
    if t == "record" and grids and not getattr(t, "fields", ()):  # (records of several builtins: `x if c else y`)
        return grid_records
    if t not in ("map", ANY):
        return spelt
    read = f"keys are read with brackets: {ast.text(ast.Index(node.pos, node.target, ast.Const(node.name_pos, node.name)))}"
    if t == ANY and grids:
        return f"{grid_records}; if a map, its {read}"
    return f"a map's {read}" if t == "map" or not spelt else f"{spelt} if it holds a map, its {read}"


def _python_literal(code: str) -> bool:
    """Whether generated ``code`` is a Python literal other than None (a number, a word written out)."""
    try:
        return _literal_eval(code) is not None
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


def _checked_truth(code: str, t) -> str:
    """``code`` read as a condition: a value whose type is known only at run time is checked to be true or false
    (Python's `and`, `or`, `not` and `if` would take 7 as true, and `f or 7` would give 7)."""
    return f"_truth({code})" if t == ANY else code


def _truth(value):
    """A condition's value of a type known only at run time: it must be true or false."""
    if value is True or value is False:
        return value
    raise RuleRuntimeError(f"a condition must be true or false, got {describe(value)}")


def _overflow():
    raise RuleRuntimeError("a number too large to compute with")


def _empty_extreme(name):
    """The failure of max() or min() of an empty list (builtins._extreme's), for a fold of one (Compiler._fold_call)."""
    raise RuleRuntimeError(empty_extreme_said(name))


NO_TEAMS_SAID = "reads the ruleset's teams, but it declares none"  # (loader.teams_removal_said finds them by it)


def _no_teams(what: str, teams: str) -> tuple:
    """The message and hint where ``what`` (`teams`, `team()`, `team_index()`, `partners()`) is read but there are no
    teams to read: the ruleset declares none, or the `teams` key itself reads them ("computing")."""
    if teams == "computing":
        return (f"{what} is read by 'teams' itself, which makes the teams",
                "write the teams from the seats: teams: \"[[p for p in players if p % 2 == t] for t in range(2)]\"")
    return (f"{what} {NO_TEAMS_SAID}",
            "declare the partnerships, a list of teams each a list of seats, at the top level: teams: \"[[0, 2], [1, 3]]\"")


def _dice(S):
    return list(S.dice.values())


def _charging(fold):
    """Python's ``fold`` (all, any, sum) of a list a comprehension made, charged its length first, as
    the builtin's call charges it (builtins._collection): the same work, so the same steps and the
    same 'too much work', with compiler.SHORTCUTS or without."""
    def call(xs):
        WORK[0] -= len(xs)
        if WORK[0] < 0:
            out_of_work()
        return fold(xs)
    return call


def _copy_at(word, positions: dict, family: str):
    """The position of copy ``word`` of a family of named copies (`pile[card.colour]`); a number is its own position."""
    if type(word) is not str:
        return word
    at = positions.get(word)
    if at is None:
        raise RuleRuntimeError(f"'{word}' is none of the copies of '{family}': {', '.join(positions)}")
    return at


def _per_seat(family: list, per_seat: int) -> list:
    """A family of N zones a seat, kept flat (seat p's r-th at p * N + r), as the rules read it: a list of each seat's
    list of its N zones (the game's own zones, which effects change)."""
    return [family[at:at + per_seat] for at in range(0, len(family), per_seat)]


RUNTIME = {"_per_seat": _per_seat, "_copy_at": _copy_at, "KeyError": KeyError, "TypeError": TypeError, "AttributeError": AttributeError, "_truth": _truth, "_hoist": _hoist, "_nothing_to_choose": _nothing_to_choose, "_keep": _keep, "_bound": _bound, "_ix": _ix, "_get": _get, "_at": _at, "_is": _is, "_div": _div, "_fdiv": _fdiv, "_mod": _mod, "_concat": _concat, "_dice": _dice, "_empty_extreme": _empty_extreme}
RUNTIME.update({"_add": _add, "_sub": _sub, "_mul": _mul, "_pow": _pow, "_neg": _neg, "_it": _it, "_not_a_collection": _not_a_collection, "_in": _in, "_in_set": _in_set, "_in_lists": _in_lists, "_eq": _eq, "_W": WORK,
                "_overflow": _overflow, "_OverflowError": OverflowError, "_out_of_work": out_of_work, "_len": len, "_zip": zip, "_compress": compress,
                "_LAZY": _LAZY, "_NOMEMO": {}, "_seat_kept": _seat_kept, "_ERRORS": _ERRORS, "_alike_once": alike_once, "_distinct_apart": distinct_apart, "_where_apart": where_apart, "_type": type, "_int": int, "_list": list, "_set": set, "_str": str, "_Zone": Zone,
                "_all": _charging(all), "_any": _charging(any), "_sum": _charging(sum)})
RUNTIME.update({"_beyond_the_limit": beyond_the_limit, "_bank": bank, "_keep_once": keep_once})
RUNTIME.update({"_dict": dict, "_not_looked_in": _not_looked_in, "_no_truth": _no_truth, "_no_truths": _no_truths})
RUNTIME.update({f"b_{name}": b.impl for name, b in BUILTINS.items()})
RUNTIME["b_subsets_of"] = b_subsets_of  # subsets(xs, k): a call of its own (BUILTINS' is subsets(xs)'s)
RUNTIME["b_run_length_of_type"] = b_run_length_of_type  # run_length(grid, x, y, dx, dy, TYPE): a call of its own
RUNTIME["b_index_of"] = b_index_of  # index(xs, x): a call of its own (BUILTINS' is index(z)'s)
RUNTIME["b_placements_on_boards"] = b_placements_on_boards  # placements() in a ruleset with a board of fixed size
RUNTIME["b_placements_unturned"] = b_placements_unturned  # placements() in a ruleset with a grid whose pieces never turn
RUNTIME.update({"b_placements_hex": b_placements_hex, "b_touching_hex": b_touching_hex,  # in a ruleset with a hex grid
                "b_regions_hex": b_regions_hex})
READS_TURN = "_reads_turn"  # in a ruleset's namespace, true where its rules read a placement's rot (lists_every_turn)


READS_TURN_AT = "_reads_turn_at"  # ... and where the rules read it (a Loc, or None where it is not known)


def turn_read_at(ruleset):
    """Where the rules of ``ruleset`` read a placement's rot (lists_every_turn), themselves or in a definition; None."""
    return ruleset.namespace.get(READS_TURN_AT)


def lists_every_turn(ruleset) -> bool:
    """Whether placements() lists every turn in ``ruleset`` (its rules read a placement's rot), those that look alike too."""
    return bool(ruleset.namespace.get(READS_TURN))


# in a ruleset whose rules read a placement's rot, each placements() call is bound to one that lists every turn
PLACEMENTS_EVERY_TURN = {"b_placements": b_placements_every_turn, "b_placements_on_boards": b_placements_every_turn,
                         "b_placements_unturned": b_placements_unturned_every_turn, "b_placements_hex": b_placements_hex_every_turn}
RUNTIME["Exception"] = Exception  # a pass run first at once, then one by one where it fails (_charged_once, _charged_after)


def parse_define_head(head: str):
    """`name(a, b)` or `name` -> (name, params) or None."""
    m = DEFINE_HEAD.match(head)
    if not m:
        return None
    params = tuple(p.strip() for p in m.group(2).split(",")) if m.group(2) else ()
    return m.group(1), params


__all__ = ["Compiler", "Symbols", "Define", "Expr", "RuleRuntimeError", "parse_define_head"]


NUMBER_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}


def _number_hint(name: str, text, wanted) -> str:
    """For a bare word where a number is wanted (`copies: three`): to write the number, not to quote the word."""
    want, what = wanted or (None, "")
    if want not in ("int", "num") or not isinstance(text, str) or text.strip() != name:
        return ""
    if what == "'count'" and name.lower() in ("all", "everything", "rest"):  # deal: {..., count: all}
        return "count is how many each zone gets; leave it out to deal them all"
    number = NUMBER_WORDS.get(name.lower())
    return f"{what} is a number: write {number}" if number is not None else f"{what} is a number, not a word"


def _arguments_wrong(name: str, params, given: int) -> tuple:
    """E140's code, message and hint for a definition called with another number of arguments than it has parameters;
    one without parameters is read by its name alone (`limit`, not `limit(3)`)."""
    if not params:
        return "E140", f"'{name}' has no parameters, and is called with {given} argument{'s' * (given != 1)}", f"read it by its name alone: {name}"
    return ("E140", f"{name}() takes {len(params)} argument(s) ({', '.join(params)}), got {given}",
            f"write {name}({', '.join(params)})")


def _number_word_hint(name: str, text, wanted) -> str:
    """_number_hint for a word that spells a number or all of them (`count: all`, `repeat: three`), before a "did you
    mean" of a name spelt like it (`count: all` beside a variable `tally`); '' for another word."""
    hint = _number_hint(name, text, wanted)
    return hint if hint.startswith("count is") or (hint and name.lower() in NUMBER_WORDS) else ""


# what `move`, `shuffle` and `reveal` act on (zones or components): a bare name there is meant as a zone
ZONE_PLACES = ("what to move", "'shuffle'", "'reveal'")
FAMILY_PLACES = ("'rotate'",)  # what `rotate` passes on: a bare name there is meant as a family of a zone per seat


def _zone_hint(name: str, text, wanted, indexed: bool, counted: bool = False) -> str:
    """For an unknown name where a zone belongs (`shuffle: deck`, `move: card -> table`, `hand[me]`): a missing
    declaration, not a word to quote (the hint said "quote it: 'deck'", and a word is no zone)."""
    want, what = wanted or (None, "")
    if indexed:
        return (f"declare it under zones: ({name}: {{each: player}}, a zone per seat), "
                f"or under variables: ({name}: {{initial: 0, each: player}})")
    if not (isinstance(text, str) and text.strip() == name) and not counted:
        return ""
    if (want == ("list", "zone") or what in FAMILY_PLACES) and not counted:
        return f"no zones are named '{name}': declare them under zones: ({name}: {{each: player}}, a zone per seat)"
    if want == "zone" or what in ZONE_PLACES or counted:  # or a bare name a builtin counts or walks (`count(discard)`)
        return (f"no zone is named '{name}': declare it under zones: "
                f"({name}: {{visible: nobody}} for a face-down pile, {name}: {{}} for a face-up one)")
    return ""


def _zones_there_hint(name: str, zones, variables=None, indexed: bool = True) -> str:
    """For an unknown name a scenario reads as a zone (a `given.zones` key, `count(hand[0])` in an expectation): the
    zones the ruleset has, as a scenario names one of them rather than declares one; with ``variables`` (a name
    indexed in an expectation, `hand[0]`, which may be a list), those too. In a ruleset of no zones, the declaration:
    a zone per seat only where the name is ``indexed`` (`count(discard)` reads one zone), after asking whether the
    scenario is stale or another ruleset's: one hint for each place a scenario names a zone (a trial's read two)."""
    there = f"the zones are {few_listed(sorted(zones))}" if zones else "the ruleset declares no zones"
    said = (f"no zone or variable is named '{name}': {there}; the variables are {few_listed(sorted(variables))}" if variables
            else f"no zone is named '{name}': {there}")
    if zones:
        return said
    declared = f"{name}: {{each: player}}, a zone per seat" if indexed else f"{name}: {{}}, one zone"
    return f"{said}; is the scenario stale, or written for another ruleset? If not, declare it under zones: ({declared})"


def _ranking_hint(name: str, text, wanted) -> str:
    """For `winners: highest` (the ranking written as the expression a string there is): the mapping it is written as."""
    if (wanted or (None, ""))[1] != "winners" or name not in ("highest", "lowest") or not (isinstance(text, str) and text.strip() == name):
        return ""
    return f"to rank the seats, give the key: winners: {{{name}: \"score[p]\"}}; a text there is an expression giving the winning seats"


def _loop_hint(name: str, loop_names, scope) -> str:
    """For a loop's variable used outside its loop (`move: trick[p] -> pile` in the flow, with no `for: p` around it):
    where it is bound, not "quote it: 'p'" (one letter is a loop's variable, hardly a word)."""
    if len(name) != 1 and name not in loop_names:
        return ""
    if scope.get("me", ("",))[0].startswith("_bound"):  # a definition's body: it sees no loop's variables
        return f"a definition sees its parameters, not the loops where it is used: give it '{name}' as one, f({name}), and pass it"
    return (f"'{name}' is bound only inside a loop over it: put the statement in for: {name} in players "
            f"(or the expression in [... for {name} in players])")


def _unnamed_repeat_hint(name: str, loop_names, repeats: list) -> str:
    """For a loop's name (one letter, or one a loop of the flow binds) read inside a `repeat` that names no pass: to
    give that repeat `as:` (its pass number), not to put the statement in a `for` over the seats."""
    if not repeats or (len(name) != 1 and name not in loop_names):
        return ""
    at = f" on line {repeats[-1].line}" if getattr(repeats[-1], "line", None) else ""
    return (f"the repeat{at} around it names no pass: give it as: {name} ('{name}' is then its pass, 0, 1, ...); or, for a "
            f"seat, put the statement in for: {name} in players")


def _pending_name_hint(name: str, spelt: str) -> str:
    """For a name in a scenario's expectation that reads as who decides next (`pending_first`): the item that expects
    it, `{pending: SEATS}`, with a name spelt like it if any; '' for another name."""
    if "pending" not in name.lower():
        return ""
    item = "who must decide next is expected by an item of its own, - {pending: SEATS, at: NAME}, not by a name"
    return f"{item}; or {spelt}" if spelt else item


def _quote_hint(name: str, text) -> str:
    """How to write an unknown name as a word: a bare word in an expression is a name, a word is quoted."""
    # a YAML value that is the bare word alone (args: {choice: north}) also needs YAML's quotes around the expression's
    quoted = f"\"'{name}'\"" if isinstance(text, str) and text.strip() == name else f"'{name}'"
    return f"to give the word '{name}', quote it: {quoted}"


def _builtin_name_hint(name: str, text, wanted=None) -> str:
    """For a builtin's name read bare (`[left, right]`, the words meant): it is a builtin that takes arguments, and how
    a word is written where one may go, not a 'did you mean' of a name spelt like it ('lowest')."""
    builtin = BUILTINS.get(name)
    if builtin is None or name in EVERY_SEAT:  # (`to: all` meant every seat: _foreign_word_hint's)
        return ""
    said = f"'{name}' is a builtin that takes arguments, {builtin.doc.split(':', 1)[0]}"
    bare = isinstance(text, str) and text.strip() == name  # (the whole value: what the place wants is what it gives)
    if bare and (wanted or (None, ""))[0] in ("int", "num", "player", "bool", "zone", ("list", "zone")):  # no word goes there
        return f"{said}: call it with them"
    return f"{said}; {_quote_hint(name, text)}"


# Words other languages use where this one has its own: an unknown name or function that
# is one of them gets the language's word as its hint, not a "did you mean" of the
# ruleset's names (False -> 'aside') or "quote it" (None is not meant as a word).
FOREIGN_NAMES = {"None": "none", "null": "none", "nil": "none", "NULL": "none", "True": "true", "False": "false",
                 "TRUE": "true", "FALSE": "false", "yes": "true", "no": "false", "Yes": "true", "No": "false",
                 # the context's names, written as a newcomer guesses them (`round` is a statement: `round > 2` read a word)
                 "round": "round_number", "rounds": "round_number", "num_players": "player_count",
                 "nplayers": "player_count", "players_count": "player_count", "n_players": "player_count",
                 "scores": "score", "self": "me", "current_player": "current"}
OPTION_WORDS = frozenset({"legal", "is_legal", "can", "allowed", "options", "legal_options", "can_play", "legal_actions"})
EVERY_SEAT = {"all": "players", "everyone": "players", "everybody": "players"}  # (after the number hints: `count: all`)
_DASHED_RANGE = re.compile(r"\d+\s*-\s*\d+")  # an attribute value written like a range with a dash: `3-35`
# an attribute value written as a range lo..hi whose end is a name, not a number: `b: "a..6"` (one word)
_NAMED_RANGE = re.compile(r"\s*(-?[0-9]+|[A-Za-z_][A-Za-z0-9_]*)\s*\.\.\s*(-?[0-9]+|[A-Za-z_][A-Za-z0-9_]*)\s*")
COPIES_DOCS = "docs/language.md in philtre's source, components: copies"  # where the pattern of a range kept by `copies` is shown


def named_range(value):
    """The match (its two ends) of an attribute's value written as a range with an end that is a name, not a number
    (`a..6`, each pair once): YAML data, so one word; None for any other value."""
    found = _NAMED_RANGE.fullmatch(value) if isinstance(value, str) else None
    return found if found is not None and not (found[1].lstrip("-").isdigit() and found[2].lstrip("-").isdigit()) else None


def named_range_hint(name: str, found, attributes: dict) -> str:
    """How the attribute ``name``, written as the range ``found`` (named_range) whose ends name other attributes
    (``attributes``: name -> values), is made: the widest range of numbers, and `copies` keeping the combinations wanted
    (`b: 0..6` with `copies: "1 if a <= b else 0"`); a range's ends are numbers, not names."""
    ends, kept = [], []
    for end, widest, kept_by in ((found[1], min, "{end} <= {name}"), (found[2], max, "{name} <= {end}")):
        numbers = [v for v in attributes.get(end, ()) if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if end.lstrip("-").isdigit():
            ends.append(end)
        elif numbers and end != name:
            ends.append(str(widest(numbers)))
            kept.append(kept_by.format(end=end, name=name))
        else:
            return (f"a range's ends are numbers, and '{end}' is no attribute of numbers: write the widest range '{name}' "
                    f"may take, and let copies keep the combinations wanted ({COPIES_DOCS})")
    return (f"a range's ends are numbers, not names: write {name}: {ends[0]}..{ends[1]}, and keep the combinations wanted "
            f"with copies: \"1 if {' and '.join(kept)} else 0\" ({COPIES_DOCS})")
# the hint of E120 where index(xs, x) or remove(xs, x) looks in what is no list (Compiler._looked_for_checked)
LOOKED_FOR_HINTS = {"index": "index(z) is one zone's index among the zones of its name; index(xs, x), the position of x in "
                             "the list xs",
                    "remove": "remove(xs, x) is a copy of the list (or the zone's components) xs without its first x"}

FOREIGN_FUNCTIONS = {"len": "count(...)", "length": "count(...)", "size": "count(...)", "unique": "distinct(...)",
                     "set": "distinct(...)", "str": "text(...)", "string": "text(...)",
                     "filter": "[x for x in xs if TEST] for the items of xs that pass TEST",
                     # no expression prints: a statement says words, which `philtre play` prints
                     "print": "say: WORDS, a statement of its own (say: \"['total', total]\"): no expression prints",
                     # the seats but one: a definition of the ruleset's own (the docs' and examples/bluffing's `others`)
                     "others": "[q for q in seats_from(left(p)) if q != p] for every seat but p, from p's left; or define "
                               "it once, others(p): \"[q for q in seats_from(left(p)) if q != p]\", and call that",
                     # rounding: no builtin does it, the operators do (// rounds down, as Python's)
                     "ceil": "-(-a // b) for a / b rounded up; (a + b - 1) // b does it too where a and b are whole, b above 0",
                     "floor": "a // b for a / b rounded down; x // 1 for x",
                     "round": "(x + 0.5) // 1 for x rounded to the nearest whole number, a half up",
                     "int": "x // 1 for x rounded down to a whole number",
                     "div": "a // b for the whole quotient of a by b, rounded down; a % b for the remainder"}


def _foreign_word_hint(name: str, words: dict) -> str:
    """The hint for ``name`` when it is another language's word for one of ours, or ''."""
    if name not in words:
        return ""
    ours = words[name]
    return f"write {ours}: the language's words are lowercase" if ours.lower() == name.lower() else f"write {ours}"


PLAIN_VALUES = {"int": "a number", "num": "a number", "player": "a number", "str": "a word"}


def _never_equal(a, b, node, symbols=None):
    """(the two kinds in words, a hint) when values of types ``a`` and ``b`` can never be equal, else None.

    A component is never a number or a word (``card == 4`` meant ``card.value == 4``), nor is
    a record (``d6 == 1`` meant ``d6.pips == 1``); a zone or a list is never a number (``hand[p] == 0`` meant ``count(hand[p]) == 0``);
    a word written out, or a name known to hold one (`row == red`, row chosen among words, red a die), is never a number
    written out (``1 == "1"``), a component or a record; a list of components is never a list of numbers or
    words written out (``[c for c in table] == [1, 2]``).
    Only a literal number or word counts: the type of a value read from a map (a
    variable's ``m.kind``) is a guess from the attributes, and may hold a component.
    """
    component_values = symbols.component_values if symbols is not None else {}
    if isinstance(node.left, ast.Const) and isinstance(node.right, ast.Const) \
            and {PLAIN_VALUES.get(a), PLAIN_VALUES.get(b)} == {"a number", "a word"}:  # `1 == "1"`: a word is never a number
        return "a number with a word", "write both as numbers, or both as words"
    for one, other, zone, listed in ((a, b, node.left, node.right), (b, a, node.right, node.left)):
        if one == "zone" and is_list(other):  # `pile == []`: a zone equals only itself (values.Zone), never a list
            return "a zone with a list", _zone_list_hint(ast.text(zone), listed, other, node.op, component_values)
        # `[c for c in table] == [1, 2]`: components are no numbers (nor words)
        if one == ("list", "comp") and is_list(other) and other[1] in PLAIN_VALUES and _plain_items(listed):
            items = PLAIN_VALUES[other[1]].removeprefix("a ")
            return (f"a list of components with a list of {items}s",
                    f"compare a list of one of their attributes: {_attribute_list(zone, listed, component_values)} "
                    f"{node.op} {ast.text(listed)}")
    for one, other, literal in ((a, b, node.right), (b, a, node.left)):
        # a name known to hold a word (`row`, chosen among words) is as sure as a word written out
        word_named = isinstance(literal, ast.Name) and other == "str" and one in ("comp", "record")
        if not (isinstance(literal, ast.Const) or word_named):
            continue
        if one == "comp" and other in PLAIN_VALUES:
            return f"a component with {PLAIN_VALUES[other]}", "compare one of its attributes (c.value), or its type with 'is'"
        if one == "record" and other in PLAIN_VALUES:  # `d6 == 1`: a die is the face it shows, a record of attributes
            return f"a record (a die's face, say) with {PLAIN_VALUES[other]}", _record_word_hint(node, literal, other, symbols)
        if (one == "zone" or is_list(one)) and other in ("int", "num"):
            return f"a {show_type(one)} with a number", _list_with_number_hint(one, node, literal)
    return None


def _list_with_number_hint(kind, node, number) -> str:
    """E124's hint for a zone or a list compared with the number ``number``: its count, but for a list of seats
    (`deciding == 1`, a trial's scenario), 'in' first, as a seat number was meant to be among them."""
    if kind != ("list", "player"):
        return "count(x) is how many items x holds"
    seats, seat = ast.text(node.right if number is node.left else node.left), ast.text(number)
    among = f"{seat} {'in' if node.op == '==' else 'not in'} {seats}"
    return f"'in' says whether a seat is among them: {among} ({seats} {node.op} [{seat}]: seat {seat} alone); count({seats}) is how many"


def _record_word_hint(node, word, kind, symbols) -> str:
    """For a die compared with a word (`row == red`, red a die): the word quoted, as the die's name was meant;
    else (`d6 == 1`) one of its attributes."""
    record = node.left if word is node.right else node.right
    if kind == "str" and isinstance(record, ast.Name) and symbols is not None and record.name in symbols.dice:
        name, side = record.name, ast.text(word)
        written = f"{side} {node.op} '{name}'" if word is node.left else f"'{name}' {node.op} {side}"
        attribute = min(symbols.face_keys or symbols.face_attributes or {"ATTRIBUTE"})
        return (f"{name} is the die, the face it shows: to give the word, quote it: {written}; "
                f"a face is compared by one of its attributes ({name}.{attribute})")
    return "compare one of its attributes, as in d6.pips == 1"


def _zone_list_hint(zone: str, listed, kind, op: str, component_values: dict) -> str:
    """For `==` or `!=` of a zone and a list (``listed``, of type ``kind``): its count for an empty list (`pile == []`
    meant `count(pile) == 0`), 'in' for a list of zones, a list of an attribute for numbers or words written out, else
    the list of its components."""
    if isinstance(listed, ast.ListLit) and not listed.items:
        return f"count({zone}) {op} 0 says whether it is empty"
    if kind == ("list", "zone"):
        return f"'in' says whether a zone is among them: {zone} {'in' if op == '==' else 'not in'} {ast.text(listed)}"
    if _plain_items(listed):  # (numbers or words: the components' attribute holding them, not the components)
        attribute = _attribute_holding(listed, component_values)
        return f"compare a list of one of its components' attributes: [c.{attribute} for c in {zone}] {op} {ast.text(listed)}"
    return f"compare the list of its components: [c for c in {zone}] {op} {ast.text(listed)}"


def _plain_items(listed) -> bool:
    """Whether ``listed`` is a list written out of numbers or words (`[1, 2, 3]`, `['a', 'b']`), none a component."""
    return isinstance(listed, ast.ListLit) and bool(listed.items) and all(
        isinstance(item, ast.Const) and type(item.value) in (int, float, str) for item in listed.items)


def _attribute_holding(listed, component_values: dict) -> str:
    """The attribute whose declared values hold every item of ``listed`` (`value` for [1, 2, 3]) if one name does,
    else one whose values are of the items' kind, else ATTRIBUTE (the hint's place to fill)."""
    items = [item.value for item in listed.items]
    words = all(isinstance(v, str) for v in items)
    holding, alike = set(), set()
    for attributes in component_values.values():
        for name, values in attributes.items():
            if values and all(isinstance(v, str) == words and not isinstance(v, bool) for v in values):
                alike.add(name)
                if all(v in values for v in items):
                    holding.add(name)
    for found in (holding, alike):
        if len(found) == 1:
            return next(iter(found))
    return "ATTRIBUTE"


def _attribute_list(side, listed, component_values: dict) -> str:
    """The list of an attribute of the components listed by ``side``: `[c.value for c in table]` for `[c for c in
    table]`; `[c.value for c in LIST]` for another list of components."""
    attribute = _attribute_holding(listed, component_values)
    if isinstance(side, ast.Comprehension) and isinstance(side.element, ast.Name) and len(side.clauses) == 1 \
            and side.element.name == side.clauses[0].var:
        clause = side.clauses[0]
        written = ast.text(side)
        return written.replace(f"[{clause.var} for", f"[{clause.var}.{attribute} for", 1)
    return f"[c.{attribute} for c in {ast.text(side)}]"


EXAMPLE_LENGTH = 40  # an expression longer than this is not repeated in a hint: the hint shows a short one


def _example_of(tree, text: str) -> tuple:
    """An expression as a hint repeats it: (its text, if one short line, else ''; whether it is one term, which needs
    no parentheses inside a larger one: `count(deck) > 0`, `(a + b) > 0`)."""
    short = text.strip()
    if "\n" in short or len(short) > EXAMPLE_LENGTH:
        return "", False
    return short, isinstance(tree, (ast.Const, ast.Name, ast.Attr, ast.Index, ast.Call))


def _condition_hint(found, example: tuple = ("", False), own_seat: bool = True) -> str:
    """For a number, a zone or a list where true or false is due (`when: count(hand[me])`): how to make it a condition,
    with the expression itself (``example``, from _example_of) where it is short; else a made-up one, naming me only
    where a seat decides (``own_seat``: not in a scenario's expect)."""
    text, one_term = example
    if found in ("int", "num"):  # no number stands for true
        shown = (text if one_term else f"({text})") if text else "count(hand[me])" if own_seat else ""
        return f"a number is not true or false: compare it, as in {shown} > 0" if shown else \
            "a number is not true or false: compare it with another, as in ... > 0 or ... == 3"
    if found == "zone" or iterable(found):  # an empty zone or list is not false
        return f"a zone or a list is not true or false: count({text or '...'}) > 0 says it is not empty"
    return ""


def _one_seat_hint(want, found, what: str, example: tuple = ("", False), own_seat: bool = True) -> str:
    """For a list of seats where one seat goes (`turns: players`): how one seat is written; for a list where a
    ranking key goes (`winners: {highest: score}`): that a key is one seat's value; for a number, a zone or a list
    where a condition goes (`when: count(hand[me])`): how to make it one, with the expression itself (``example``)."""
    if want == "bool":
        return _condition_hint(found, example, own_seat)
    if what in ("a ranking key", "the heuristic") and is_list(found):
        name = example[0] if example[1] and example[0].isidentifier() else "score"  # (the name written: `lowest: penalty`)
        return f"{what[2:] if what.startswith('a ') else what[4:]} is the value of one seat, p: {name}[p], not {name}"
    if want == "player" and found == "str":  # `turns: "'first'"`: a quoted word is no seat either
        return _seat_wanted(what)
    if want != "player" or not is_list(found):
        return ""
    if what == "'turns'":
        return "the seat that plays first: turns: 0 goes round the table from seat 0"
    return "one seat, such as 0 or me; for each seat in turn, put the statement in for: p in players"


def _one_winner_hint(what: str, found, tree, text) -> str:
    """For winners given one seat (`winners: "first(p for p in players if won(p))"`, a trial): winners is a
    list, of one seat too, and the comprehension inside first() or last() lists every seat that passes; else ''."""
    if what != "winners" or found != "player":
        return ""
    written = text.strip()
    inner = tree.args[0] if isinstance(tree, ast.Call) and tree.func in ("first", "last") and len(tree.args) == 1 else None
    listed = f" or, for every seat that passes, {ast.text(inner)}" if isinstance(inner, ast.Comprehension) else ""
    return f"write a list, of one seat too: [{written}]{listed}"


def _next_seats_hint(want, found, what: str, tree, text) -> str:
    """For a list of seats given to turns' `next` (`next: "[p for p in ... if not out[p]]"`): next is the one seat after
    each turn, the first of them, `first(p for p in ... if not out[p])`; else ''."""
    from .schema import flow_text  # (imported where it is used, as statements.py does)

    if what != "'next'" or want != "player" or not is_list(found):
        return ""
    written = text.strip()
    if "\n" in written:
        return "next is the one seat that plays after each turn: the first of these, first(...)"
    filtered = isinstance(tree, ast.Comprehension) and any(c.conditions for c in tree.clauses)
    if filtered:  # (where the filter keeps no seat the first is none: L048's fix, a seat to fall back on)
        written = f"first({written} + [current])"
    elif isinstance(tree, ast.Comprehension) and written.startswith("[") and written.endswith("]"):
        written = f"first({written[1:-1].strip()})"  # (a comprehension is a call's only argument without its brackets)
    else:
        written = f"first({written})"
    fallback = " (current where none passes: next is read after the last turn too)" if filtered else ""
    return f"next is the one seat that plays after each turn: the first of these, next: {flow_text(written)}{fallback}"


def _seat_wanted(what: str) -> str:
    """What a place that takes one seat (`turns`, a `score`'s or a `decide`'s player) is given: a seat, not a word."""
    if what == "'turns'":
        return "turns needs a seat, the one that plays first: turns: 0 goes round the table from seat 0; a variable holding a seat works too"
    return f"{what} needs a seat: a number from 0, or a name holding one (me, current, a loop's p, a variable)"


def _seat_word_hint(name: str, text, wanted) -> str:
    """For a bare word where one seat is wanted (`turns: first`): that a seat is wanted, not to quote the word."""
    want, what = wanted or (None, "")
    if want != "player" or not isinstance(text, str) or text.strip() != name:
        return ""
    return _seat_wanted(what)


def _list_minus_hint(node, left_type, right_type) -> str:
    """For a list or zone minus what to leave out of it (`players - [me]`): the comprehension that keeps the rest."""
    if node.op != "-" or not (is_list(left_type) or left_type == "zone"):
        return ""
    right = node.right
    taken = {n.var for n in ast.walk(node) if isinstance(n, ast.Clause)} | {n.name for n in ast.walk(node) if isinstance(n, ast.Name)}
    var = next((v for v in ("q", "x", "y", "item") if v not in taken), "item_")
    if isinstance(right, ast.ListLit) and len(right.items) == 1:  # one item left out: `!=` it
        test = f"{var} != {ast.text(right.items[0])}"
    elif is_list(right_type) or right_type in ("zone", ANY):  # (a value known only at run time: among it, as a list)
        test = f"{var} not in {ast.text(right)}"
    else:  # one item (`players - me`)
        test = f"{var} != {ast.text(right)}"
    items = ast.text(node.left)
    items = f"({items})" if isinstance(node.left, ast.Conditional) else items
    return f"to leave items out of a list, keep the others: [{var} for {var} in {items} if {test}]"


def _zone_as_index_hint(node, listed, index) -> str:
    """For a list of zones indexed by a zone (`row[r]`, r chosen among row): the zone is the index itself."""
    if index != "zone" or listed[1] != "zone":
        return ""
    zone = ast.text(node.index)
    return f"'{zone}' is a zone already: write {zone}, not {ast.text(node)}"


def _attribute_index_hint(node, index, component_values, of_zones=False) -> str:
    """For a list indexed by a component's word attribute (`exp[me][card.colour]`): a family of zones may name its copies
    by the attribute's values, and reads as written; else derive the attribute's place among its values and index by that."""
    if index != "str" or not isinstance(node.index, ast.Attr):
        return ""
    attr = node.index.name
    values = next((list(v[attr]) for v in component_values.values() if attr in v), [])
    if not values or not all(isinstance(v, str) for v in values):
        return ""
    listed = ", ".join(repr(v) for v in values[:6]) + (", ..." if len(values) > 6 else "")
    at = f"{ast.text(node.index.target)}.{attr}_index"
    named = (f"name the family's copies by the {attr} values (copies: [{listed.replace(chr(39), '')}]), and {ast.text(node)} reads as "
             "written; or " if of_zones else "")
    return (f"{named}derive on the component type the place of each one's {attr} among them (derive: {{{attr}_index: "
            f"\"index([{listed}], {attr})\"}}), then index by that: {ast.text(node.target)}[{at}]")


def _free_name(node, names=("i", "k", "n", "j")) -> str:
    """A name for a comprehension's variable that ``node`` does not use already."""
    taken = {n.var for n in ast.walk(node) if isinstance(n, ast.Clause)} | {n.name for n in ast.walk(node) if isinstance(n, ast.Name)}
    return next((v for v in names if v not in taken), "i_")


def _list_times_hint(node, left_type, right_type) -> str:
    """For a list times a number (`[none] * 11`, as other languages repeat a list): the comprehension that repeats it."""
    if node.op != "*" or not (is_list(left_type) or is_list(right_type)):
        return ""
    items, times = (node.left, node.right) if is_list(left_type) else (node.right, node.left)
    if is_list(left_type) and is_list(right_type) or ast.text(times) == "":
        return ""
    var = _free_name(node)
    count = ast.text(times)
    count = f"({count})" if isinstance(times, (ast.Conditional, ast.BinOp)) else count
    if isinstance(items, ast.ListLit) and len(items.items) == 1:
        return f"a list is not repeated with '*': write [{ast.text(items.items[0])} for {var} in range({count})]"
    item = _free_name(node, ("x", "y", "item"))
    return f"a list is not repeated with '*': write [{item} for {var} in range({count}) for {item} in {ast.text(items)}]"


def _map_plus_hint(node, left_type, right_type) -> str:
    """For a map plus a map (`card[me] + {cat: got}`): '+' joins lists and words, and a map gets a key with put()."""
    if node.op != "+" or "map" not in (left_type, right_type):
        return ""
    said = "'+' adds numbers and joins two lists or two words, not maps; to set a key of a map, write put"
    if left_type in ("map", ANY) and isinstance(node.right, ast.MapLit) and len(node.right.pairs) == 1:
        key, value = node.right.pairs[0]
        return f"{said}({ast.text(node.left)}, {ast.text(key)}, {ast.text(value)})"
    return f"{said}(MAP, KEY, VALUE)"


def _seats_hint(side, scope) -> str:
    """For `players` where a number goes (`12 - players`): it is the list of seats, and their number player_count."""
    if isinstance(side, ast.Name) and side.name == "players" and side.name not in scope:
        return "players is the list of seats: their number is player_count"
    return ""


def _components_joined(left, right):
    """The type of `+` of values of types ``left`` and ``right`` where it joins a zone's components to another zone's or
    to a list's that may hold components; None elsewhere (a list of zones, or a number, added to a zone: E124)."""
    if "zone" not in (left, right):
        return None
    other = right if left == "zone" else left
    if other == "zone":
        return ("list", "comp")
    return _unify(("list", "comp"), other) if other == ANY or is_list(other) and other[1] in ("comp", ANY) else None


def _zone_plus_hint(node, left, right) -> str:
    """For `+` of a zone and a list it cannot join: a list of zones takes the zone in brackets (`factory + [centre]`), a
    list of other values an attribute of its components (`[c.ATTRIBUTE for c in hand[0]] + [1]`); else ''."""
    if "zone" not in (left, right):
        return ""
    a, b = ast.text(node.left), ast.text(node.right)
    if ("list", "zone") in (left, right):
        return f"a list of zones takes a zone in brackets: {a} + [{b}]" if right == "zone" else f"[{a}] + {b}"
    listed = "[c.ATTRIBUTE for c in {}]"  # (a zone joins a zone or a list of components: here a list of other values)
    return ("a zone joins another zone or a list of components; to join other values, list an attribute of its components: "
            + (f"{listed.format(a)} + {b}" if left == "zone" else f"{a} + {listed.format(b)}"))


# two lists compared, written with max or min, which order them item by item (a hint of E124)
ORDERED_LISTS = {"<": "min(a, b) == a and a != b", "<=": "min(a, b) == a", ">": "max(a, b) == a and a != b",
                 ">=": "max(a, b) == a"}


def _list_compared_hint(text: str, left, right, op: str) -> str:
    """For `<` of a list: an item of it, or a number made of it; two lists, as max and sorted order them (item by item)."""
    if is_list(left) and is_list(right):
        return f"lists have no '{op}'; max, min and sorted order them item by item: a {op} b is {ORDERED_LISTS[op]}"
    return f"compare one of its items ({text}[0]), or max(...), min(...), sum(...) or count(...) of it"


def _layout_reads_hint() -> str:
    """What a component's derive may read, for one that uses a definition reading more."""
    return ("a derived attribute reads the component's attributes, owner, player_count, players, the attributes derived "
            "before it, and definitions that read no more, given what they need as arguments (colour_of(owner)): "
            "read the game in the rules, not in derive")


def _layout_name_hint(name: str, wanted, component_types: dict, declared: dict) -> str:
    """For an unknown name in a component's copies, start or derive: `owner` where no owner is bound (a type without
    each: player, or copies), a derived attribute in copies or start (which read the declared ones alone), or an
    attribute derived below the one that reads it; else '' (not "did you mean 'winners'", nor "quote it")."""
    what = (wanted or (None, ""))[1]
    if what not in ("copies", "the start zone") and not what.startswith("derived attribute "):
        return ""
    if name == "owner":
        return "owner is the seat a component of a type with each: player belongs to, read by its start and derive (not copies)"
    if not what.startswith("derived attribute ") and any(
            name in names and name not in declared.get(kind, ()) for kind, names in component_types.items()):
        return (f"'{name}' is a derived attribute, and {'copies' if what == 'copies' else 'start'} reads the declared "
                "attributes only, not what derive computes: write its expression here")
    if what.startswith("derived attribute ") and any(name in names for names in component_types.values()):
        return (f"a derived attribute reads the attributes derived before it: derive '{name}' above "
                f"{what.removeprefix('derived attribute ')}")
    return ""


DIE_NAMES = ("list", "str")  # what `roll: {dice: ...}` wants: the names of the dice to roll
NAMES_SHOWN = 6  # dice named in full in _die_names_hint's example; more are cut to the first two and '...'


def words_in_order(values, read: str) -> str:
    """`index(['J', 'Q', 'K'], READ)`: the place among ``values`` of the word ``read`` gives, a number in their order
    (words compare alphabetically: K < Q)."""
    return ast.text(ast.Call(0, "index", (ast.ListLit(0, tuple(ast.Const(0, v) for v in values)), ast.Name(0, read))))


def _ranked_attribute(tree):
    """The attribute read a winners key of words ranks by: `first(hand[p]).rank`, or the items of max() or min() of a
    comprehension, `max(c.rank for c in hand[p])` (a showdown's best card); else None."""
    if isinstance(tree, ast.Call) and tree.func in ("max", "min") and len(tree.args) == 1 \
            and isinstance(tree.args[0], ast.Comprehension):
        tree = tree.args[0].element
    return tree if isinstance(tree, ast.Attr) else None


def order_derived(attribute: str, values, types, taken) -> tuple:
    """(`derive: {order: "index([...], ATTRIBUTE)"} under TYPES`, the derived attribute's name: `order`, or
    ATTRIBUTE_order where ``taken``, the types' attribute names, hold an `order`), for ``attribute``'s word ``values``."""
    order = "order" if "order" not in taken else f"{attribute}_order"
    return f'derive: {{{order}: "{words_in_order(values, attribute)}"}} under {" and ".join(types)}', order


def _ranking_word_hint(what: str, text) -> str:
    """For `winners: highest` where a definition is named so: the word is read as an expression, the ranking is a mapping."""
    if what == "winners" and isinstance(text, str) and text.strip() in ("highest", "lowest"):
        return (f"'{text.strip()}' here is an expression, your definition of that name; to rank the seats, write "
                f"winners: {{{text.strip()}: \"score[p]\"}}")
    return ""


def _ranking_keys_hint(what: str, tree) -> str:
    """For several ranking keys written as one quoted list (`highest: "[score[p], -n[p]]"`): the keys are a YAML list,
    each its own quoted expression; else ''."""
    from .schema import yaml_quoted  # (imported where it is used, as statements.py does)

    if what != "a ranking key" or not isinstance(tree, ast.ListLit) or not tree.items:
        return ""
    keys = ", ".join(yaml_quoted(ast.text(item)) for item in tree.items)
    return f"several keys (later ones break ties) are a YAML list of expressions, each quoted on its own: [{keys}]"


def _piece_cells_hint(what: str, text: str) -> str:
    """For a derived `cells` or `shape` that is no list (`cells: "'b' if owner == 0 else 'w'"`, a trial): what
    the grid reads there, written as a list; else ''."""
    if what == "derived attribute 'cells'":
        return f"the grid reads a piece's cells as a list of cell patterns, one per cell: \"[{text}]\" for a piece of one cell"
    if what == "derived attribute 'shape'":
        return "the grid reads a piece's shape as its [dx, dy] offsets, one per cell: \"[[0, 0], [1, 0]]\""
    return ""


def _rotate_by_hint(what: str, type_) -> str:
    """For a rotate's `by` that is no whole number (`by: "'left'"`, a trial's draft): how many seats, and which
    way, are written; else ''."""
    if what == "'by'" and type_ not in ("int", "num"):
        return "by is how many seats each zone passes: by: 1 (to the left) or by: -1 (to the right)"
    return ""


def _layout_seat_hint(name: str, scope, what: str, text: str) -> str:
    """For `me` or `current` in a component's start or derive, or a `copies` (`start: hand[me]`): no seat decides while
    the components are made; the seat a component belongs to is owner (`start: "hand[owner]"`); else ''."""
    if what == "copies":
        return (f"copies is computed before the game starts, when no seat is deciding: it reads player_count and a "
                f"component's attributes, not {name}")
    if what != "the start zone" and not what.startswith("derived attribute "):
        return ""
    written = re.sub(rf"\b{name}\b", "owner", text.strip())
    attribute = what.removeprefix("derived attribute ").strip("'")
    example = f'start: "{written}"' if what == "the start zone" else f'derive: {{{attribute}: "{written}"}}'
    if "owner" in scope:
        return f"no seat is deciding while the components are made: the seat a component belongs to is owner, {example}"
    return ("no seat is deciding while the components are made: a component type with each: player (one set per seat) "
            f"has owner, the seat it belongs to, {example}")


# what binds a seat of its own, p, where nothing decides: how its hints say so (`heuristic: score[me]`)
RATED_SEAT = {"the heuristic": "the heuristic rates each seat in turn", "a ranking key": "a winners key is worked out for each seat in turn"}
RATED_SEAT_PASSED = {"the heuristic": "p, the seat the heuristic rates", "a ranking key": "p, the seat the winners key ranks"}


def _rated_seat_hint(name: str, scope, what: str, text) -> str:
    """For `me` or `current` in the heuristic or a winners key (`heuristic: score[me]`): these are read for each seat,
    bound to p, while no seat is deciding; the expression with p for them, where it is one line that binds no p of its own."""
    if what not in RATED_SEAT or "p" not in scope:
        return ""
    said = f"{RATED_SEAT[what]}, and that seat is p; no seat is deciding while it is read"
    if isinstance(text, str) and "\n" not in text.strip() and not re.search(r"\bfor\s+p\b", text):
        written = re.sub(r"\b(me|current)\b", "p", text.strip())
        if not _SEAT_SELF_COMPARED.search(written):
            return f"{said}: write {written}"
        # `p == current` as `p == p` is always true: the seat compared with p is the one acting, which nothing here knows
        return (f"{said}, nor whose turn it is, so comparing p with {name} tells no seat apart: set a variable in the "
                f"action (placer under variables:, then set: {{placer: me}}) and compare p with it, p == placer")
    return said


_SEAT_SELF_COMPARED = re.compile(r"(?<![\w.])p\s*(?:==|!=)\s*p(?![\w.\[(])")  # `p == p`, `p != p`: a rewrite's tautology


def _decision_name_hint(name: str) -> str:
    """For a name of DECISION_NAMES read where the rules run (`deciding` in a definition): it is bound only in a
    scenario's expect and always, not a word to quote; what names the seat in the rules."""
    if name not in DECISION_NAMES:
        return ""
    if name == "waiting_at":
        return ("'waiting_at' is a name of a scenario's expect and always only, read at a decision the scenario reaches: "
                "a statement's name is a label, and the rules do not play by it; in the rules, an action's own effects "
                "(or a variable it sets) say where the game is")
    return (f"'{name}' is a name of a scenario's expect and always only, read at a decision the scenario reaches; in the "
            "rules the deciding seat is me in an action (a definition takes it as a parameter, f(p)), and the seat whose "
            "turn it is is current inside turns")


def _seat_name_hint(name: str, scope, in_scenario: bool = False) -> str:
    """For `me` or `current` where it is not bound: which of the two is bound where (in a scenario, neither is)."""
    if in_scenario and "current" in scope:  # an expectation or invariant: `me` (current is bound there)
        return ("an expectation or invariant is read at a decision, for no one seat: read deciding, the seats that must "
                "decide then, or current, the seat whose turn it is inside turns; or name the seat by its number, 0 for the first")
    if in_scenario:
        return (f"a scenario's given and rest are read for no seat, and a step binds only me, its player, so {name} is not "
                "bound there: name the seat by its number, 0 for the first; expect and always read current and deciding")
    if name == "current" and "me" in scope:
        return ("in an action the deciding seat is me; current is the flow's, the seat whose turn it is inside turns: "
                "where another seat decides in that turn, keep it for the action in a variable, set: {active: current}, "
                "before the decision")
    if name == "me":
        return ("me is the deciding seat, bound in an action's choose, if and do; in the flow, inside turns, the seat whose "
                "turn it is is current, and a decide there needs no player:")
    return "current is the seat whose turn it is, bound inside turns only: elsewhere name the seat (0, dealer, a loop's p)"


def _one_zone_hint(want, found, text: str, symbols=None, env=None, in_scenario: bool = False) -> str:
    """For one zone where a list of zones goes (`deal: {to: "hand[0]"}`): the list of that one zone; for a family
    where one zone goes (`move: card -> played`, each player has a `played`): one of its zones, by its index (in a
    scenario, by seat names bound there and numbers only: no loop binds `p` in a scenario's given); for a definition or
    variable giving a list of zones (`free: [z for z in row if ...]`): one zone picked from that list."""
    if want == ("list", "zone") and found == "zone" and "\n" not in text.strip():
        return f'a list of one zone is written in brackets: "[{text.strip()}]"'
    if want == "zone" and found == ("list", "zone") and text.strip().isidentifier():
        family = text.strip()
        if symbols is not None and family not in symbols.zones:  # a computed list: a seat is no index of it
            return (f"'{family}' is a list of zones computed by the rules: pick one of it, as first({family}) or "
                    f"{family}[0] (a move to a list that may be empty wants a when: count({family}) > 0), or let the "
                    f"seat choose one in an action: choose: {{z: {family}}}")
        copies = symbols.zone_copies.get(family) if symbols is not None and family not in symbols.seat_zones else None
        if type(copies) is int and copies > 0:  # (`row: {copies: 4}`, shared: a seat is no index of it)
            return (f"name one of the '{family}' zones by its index, {family}[0] to {family}[{copies - 1}] (its copies "
                    "are shared, not one per seat)")
        seats = [n for n in ("me", "current") if env is None or n in env]  # only the seat names bound where it stands
        return f"name one of the '{family}' zones by its index, as " + _or_list(
            [f"{family}[{n}]" for n in seats + (["0", "1"] if in_scenario else ["0", "p"])])
    return ""


def _or_list(items) -> str:
    """``a, b or c``: the items as a sentence writes them."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _one_letter_hint(name: str, scope) -> str:
    """For an unknown one-letter name: the one-letter names bound here (a loop's variable), which spelling checks miss."""
    letters = sorted(n for n in scope if len(n) == 1 and n != name)
    if len(name) != 1 or not letters:
        return ""
    return f"did you mean '{letters[0]}'?" if len(letters) == 1 else "the one-letter names here: " + ", ".join(letters)


FRACTION_KEEPERS = ("abs", "min", "max", "sum", "first", "last")  # builtins whose value is one of their arguments' numbers


def _declared_word_hint(name: str, symbols, text) -> str:
    """For an unknown name that is a word the ruleset's data declares (`trump == spades`, with `suit: [spades, hearts]`):
    that a word is written quoted, not a 'did you mean' of a name spelt like it ('players')."""
    if name not in symbols.declared_words():
        return ""
    if isinstance(text, str) and text.strip() == name:  # the YAML value is the bare word (set: {trump: spades}): YAML takes one pair
        return f"write \"'{name}'\" (with both quotes: YAML takes the outer ones) for the value {name}"
    return f"write '{name}' (with quotes) for the value {name}"


def _attribute_value_hint(node, component_values: dict) -> str:
    """For `c is red`, where red is no type but a declared value of an attribute (`colour: [red, blue]`): whose
    value it is, and the comparison that tests for it, not a 'did you mean' of a type spelt like it."""
    word = node.type_name
    owners = [(kind, attr) for kind, attrs in component_values.items() for attr, values in attrs.items()
              if any(isinstance(v, str) and v == word for v in values)]
    if not owners:
        return ""
    op = "!=" if node.negated else "=="
    operand = ast.text(node.operand)
    if isinstance(node.operand, (ast.Conditional, ast.BoolOp, ast.Unary, ast.Compare, ast.IsType, ast.BinOp)):
        operand = f"({operand})"  # (an operator's result: `.kind` would read its right side's)
    whose = " and of ".join(f"{kind}'s attribute '{attr}'" for kind, attr in owners)
    if len({attr for _, attr in owners}) == 1:
        return f"'{word}' is a value of {whose}: write {operand}.{owners[0][1]} {op} '{word}'"
    tests = ", ".join(f"{operand}.{attr} {op} '{word}' for a {kind}" for kind, attr in owners)
    return f"'{word}' is a value of {whose}: write {tests}"


def _not_a_value_hint(name: str, symbols, text, readable: str | None = None) -> str:
    """For an unknown name that is an action's (`set: {act: income}`) or a statement's: what it names, which no
    expression reads, and how to write it as a word, not a 'did you mean' of a name spelt like it ('dice'); in a
    scenario's expectation or invariant, ``readable`` instead (what it may have meant among the names it reads)."""
    kind = symbols.named_not_values.get(name)
    if not kind:
        return ""
    if readable is not None:
        return f"'{name}' is {kind}, not a value" + (f"; {readable}" if readable else "")
    return f"'{name}' is {kind}, not a value; {_quote_hint(name, text)}"


class Removal(Frozen):
    """Where an overlay removed what an expression reads (an attribute), or a key of it (``part``: a zone's `each`)."""

    loc: Loc
    part: str = ""

    @property
    def path(self) -> str:
        """The overlay's file, as a Loc's (a finding of another file than the base's is the overlay's own)."""
        return self.loc.path

    def __str__(self) -> str:
        return str(self.loc)


def _written_by(kind: str, name: str, where) -> str:
    """Where an overlay wrote what a finding's expression reads: `'limit' is defined by variants/x.yaml:3:5`; or removed
    it, or a key of it: `the attribute 'color' was removed by x.yaml:4:7`, `'each' of the zone 'hand' was removed by ...`."""
    what = f"'{name}'" if kind == "definition" else f"the {kind} '{name}'"
    if not isinstance(where, Removal):
        return f"{what} is defined by {where}"
    return f"'{where.part}' of {what} was removed by {where}" if where.part else f"{what} was removed by {where}"
