"""Named blocks of statements (`blocks:`), run by the statement `run: NAME(ARGS)`.

A block is expanded where it is run, as the ruleset compiles: the `run` becomes a `do` whose body binds the
arguments to the parameters (a `let`, computed when the call runs) and then holds the block's statements, each
compiled again at that call, with the block's own places in the file. The interpreter never sees a block: a ruleset
that runs one plays as if its statements were written out there, and one that runs none compiles as before.

Inside a block, the names seen are its parameters, the game's names, and `me` and `current` where the call has them:
not the loop variables, choices or `let` names of the place it is run from (pass them as arguments). Its parameters
and its own `let` names end with it, as a `do`'s `let` names end with the `do`.
"""

from __future__ import annotations

import re

from .errors import Loc, did_you_mean, few_listed
from .model import Stmt
from .plain_data import Record
from .yamlpos import loc_of

CALL = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\((.*)\))?\s*\Z", re.S)
MAX_RUNS = 10_000  # calls expanded in one ruleset: blocks that run others twice over, nested deep, grow past any rules
MAX_DEPTH = 16  # blocks run inside one another: each is a level of nested statements, compiled and run
NAMED_CALLS = 3  # the calls a finding inside nested blocks names, innermost first (a deeper chain is cut there)
SEEN_FROM_THE_CALL = ("me", "current")  # the caller's names a block sees (the seat deciding, the seat whose turn it is)


class Block(Record):
    """One block: its name, parameters, statements (the YAML list) and where its head is written."""

    name: str
    params: tuple
    body: list
    loc: Loc


def split_call(text: str):
    """`name(a, f(b, c))` -> (name, [(argument text, its offset in text)]); `name` -> (name, []); None if not a call."""
    from .parser import bracket_parts

    m = CALL.match(text)
    if m is None:
        return None
    inner = m.group(2)
    if inner is None or not inner.strip():
        return m.group(1), []
    parts, closed = bracket_parts(text, m.start(2) - 1)
    if closed != m.end(2):  # (`f(a)(b)`: its first bracket closes before the end)
        return None
    args, begin = [], m.start(2)
    for part in parts:
        args.append((part, begin))
        begin += len(part) + 1  # (and its comma)
    return m.group(1), args


def declared_blocks(compiler, section) -> dict:
    """The `blocks:` section -> {name: Block, or None for a name two blocks have}; S029 at a head that is not `name` or `name(a, b)`, or a second block
    of one name; S023 at a parameter that is a word of the language, is given twice, or already names something."""
    from .compiler import parse_define_head

    out: dict = {}
    twice: dict = {}  # a name given to two blocks -> the first of them
    for head in section or {}:
        loc = section.key_loc(head)
        parsed = parse_define_head(str(head))
        if parsed is None or not all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", p) for p in parsed[1]):
            compiler.error(loc, "S029", f"a block is written 'name' or 'name(a, b)', not '{head}'")
            continue
        name, params = parsed
        if name in out:
            other = out[name] or twice[name]
            compiler.error(loc, "S029", f"two blocks are named '{name}' (the other at line {other.loc.line})",
                           "a block has one name: rename one, or (in an overlay) remove the base's with $remove: true")
            twice[name], out[name] = other, None  # (neither is run: a call is not checked against the wrong one)
            continue
        _refuse_parameters(compiler, params, loc, name)  # (kept: the calls are still checked for their number)
        body = section[head]
        out[name] = Block(name, tuple(params), body if isinstance(body, list) else [], loc)
    return out


def _refuse_parameters(compiler, params, loc, name: str) -> None:
    """S023 at the head for each parameter that cannot be bound (a word of the language, twice, a name of the game); a
    component type's name is not one, as for a `let` (the parameters are bound by one): after `is` a name is the type."""
    from .statements import meaning_of

    for i, param in enumerate(params):
        taken = "another parameter" if param in params[:i] else meaning_of(compiler.symbols, param, {}, types=False)
        if taken:
            compiler.error(loc, "S023", f"the parameter '{param}' of block '{name}' already names {taken}", "choose another name")


def runs_in(value, statement: bool = False):
    """(block name, where) of every `run:` written in ``value`` (statements, at any depth: a `run` key of a mapping
    that is an item of a list, not a variable named run in a `set`)."""
    if isinstance(value, dict):
        if statement and isinstance(value.get("run"), str):
            called = split_call(value["run"])
            if called is not None:
                yield called[0], loc_of(value, "run")
        for item in value.values():
            yield from runs_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from runs_in(item, statement=True)


def check_circles(compiler, blocks: dict) -> set:
    """S028 at the call that closes each circle of blocks running one another; the names of the blocks in one."""
    in_circle: set = set()
    done: set = set()

    def visit(name, chain):
        for called, where in runs_in(blocks[name].body if blocks[name] else ()):
            if called in chain:
                circle = chain[chain.index(called):] + [called]
                if not set(circle) <= in_circle:
                    compiler.error(where, "S028", f"block '{called}' runs itself: {' -> '.join(circle)}",
                                   "a block may run other blocks, never itself: a loop repeats statements (repeat:, for:, until:); to "
                                   "resolve again what a run changed (a pawn moved onto another space), set a variable there in place "
                                   "of the run, and run the block from a loop of the flow while it is set (docs/language.md in philtre's source, blocks: "
                                   "resolving again without running itself)")
                    in_circle.update(circle)
            elif called in blocks and called not in done and len(chain) < MAX_DEPTH:  # (deeper: said as the calls expand)
                visit(called, chain + [called])
        done.add(name)

    for name in blocks:
        if name not in done:
            visit(name, [name])
    return in_circle


def blocks_run(source) -> set:
    """The names of the blocks that the flow or an action runs, directly or through other blocks run so."""
    section = source.get("blocks") if isinstance(source, dict) else None
    heads = {str(head).partition("(")[0].strip(): head for head in section or {}}
    actions = source.get("actions") if isinstance(source.get("actions"), dict) else {}
    todo = [name for name, _ in runs_in([source.get("flow"), *(a.get(key) for a in actions.values() if isinstance(a, dict)
                                                                  for key in ("do", "then"))])]
    found: set = set()
    while todo:
        name = todo.pop()
        if name in heads and name not in found:
            found.add(name)
            todo += [called for called, _ in runs_in(section[heads[name]])]
    return found


def c_run(ctx, node, env):
    """run: NAME(ARGS): the block's statements, its parameters bound to the arguments (read when it runs)."""
    compiler = ctx.compiler
    text, where = node["run"], loc_of(node, "run")
    called = split_call(text) if isinstance(text, str) else None
    if called is None:
        compiler.error(where, "S026", f"run is written 'NAME' or 'NAME(ARGUMENTS)', not '{text}'")
        return {"body": ()}
    name, args = called
    block = compiler.blocks.get(name)
    if block is None and name in compiler.blocks:
        return {"body": ()}  # (two blocks of that name: S029)
    if block is None:
        compiler.error(where, "S026", f"unknown block '{name}'", _unknown_block_hint(compiler, name))
        return {"body": ()}
    if len(args) != len(block.params):
        written = f"{name}({', '.join(block.params)})" if block.params else name
        compiler.error(where, "S027", f"block '{name}' takes {len(block.params)} argument(s), {len(args)} given",
                       f"write run: {written} (the block is at line {block.loc.line})")
        return {"body": ()}
    if name in compiler.circled_blocks or any(name == running for running, _ in compiler.running_blocks):
        return {"body": ()}  # (S028 said at the call that closes the circle)
    if len(compiler.running_blocks) >= MAX_DEPTH:
        compiler.error(where, "S028", f"blocks run one inside another more than {MAX_DEPTH} deep",
                       "run fewer blocks inside one another: write the inner statements out in the block that runs them")
        return {"body": ()}
    compiler.block_runs += 1
    if compiler.block_runs > MAX_RUNS:
        if compiler.block_runs == MAX_RUNS + 1:
            compiler.error(where, "S028", f"blocks run one another so many times over that the rules would hold more than "
                           f"{MAX_RUNS:,} runs once written out", "run a block from fewer places, or loop over it (repeat:, for:)")
        return {"body": ()}
    names = []
    for param, (arg, offset) in zip(block.params, args):
        names.append((param, compiler.expression(arg, where, env, what=f"the argument '{param}' of block '{name}'",
                                                 base=offset, full=text)))
        compiler.hold(names[-1][1])
    names = tuple(names)
    inner = {**{k: env[k] for k in SEEN_FROM_THE_CALL if k in env}, **{param: compiler.held_type(expr) for param, expr in names}}
    # (`arguments_of`: a failure of an argument at run time is said as the argument's, not as a `let` the rules lack)
    bound = (Stmt("let", where, {"names": names, "refused": (), "arguments_of": name}, None, (), "let"),) if names else ()
    reported = len(compiler.diagnostics)
    body = _expanded(ctx, block, inner, where, set(env) - set(inner))
    _quoted_arguments_said(compiler, reported, name, zip(block.params, args), where, text)
    # (`block` names the block this `do` runs, for a failure at run time to name the call: runs_around)
    return {"body": bound + body, "block": name}


def _quoted_arguments_said(compiler, reported: int, name: str, params_args, where: Loc, text: str) -> None:
    """Where a block run fails inside and an argument is an expression in quotes (`"[t for t in picked]"`), a word:
    E120 at that argument, in place of what its failures inside the block said (`cannot loop over a word`, far from the
    call). (Another failure of the block's own hides behind it until the quotes go: the block says it again then.)"""
    from .errors import Diagnostic
    from .parser import SourceText

    if len(compiler.diagnostics) == reported:
        return
    for param, (arg, offset) in params_args:
        inner = _quoted_expression(arg)
        if inner is None:
            continue
        at = SourceText(arg, where, offset, text).at(len(arg) - len(arg.lstrip()))
        unquoted = text[:offset] + arg.replace(arg.strip(), inner, 1) + text[offset + len(arg):]
        del compiler.diagnostics[reported:]
        compiler.diagnostics.append(Diagnostic(at, "E120", f"the argument '{param}' of block '{name}' is the word {arg.strip()}",
                                               f"the quotes make it a word: drop them, run: {unquoted.strip()}"))
        return


def _quoted_expression(arg: str) -> str | None:
    """The expression a quoted argument holds (`"[t for t in xs]"`, `'f(x)'`), or None: a word (`'red'`) is meant."""
    from .errors import PhiltreError
    from .parser import parse

    written = arg.strip()
    if len(written) < 2 or written[0] not in "'\"" or written[-1] != written[0] or not any(ch in written for ch in "[(."):
        return None
    try:
        parse(written[1:-1], Loc("<argument>"))
    except PhiltreError:  # (not an expression: a word, as written)
        return None
    return written[1:-1]


def _expanded(ctx, block: Block, env: dict, call: Loc, hidden: set) -> tuple:
    """The block's statements compiled for one call; what is found in them names the call in its hint."""
    from .errors import Diagnostic
    from .statements import compile_block

    compiler = ctx.compiler
    reported = len(compiler.diagnostics)
    compiler.running_blocks.append((block.name, hidden))
    try:
        body = compile_block(ctx, block.body, env)
    finally:
        compiler.running_blocks.pop()
    for i in range(reported, len(compiler.diagnostics)):
        d = compiler.diagnostics[i]
        if d.hint.count(", run at ") >= NAMED_CALLS:
            continue
        # (a block inside: the call this block holds is in it, the definition is named by the innermost block's words)
        said = run_said(block.name, call, None if ", run at " in d.hint else _definition_holding(compiler, d.loc))
        compiler.diagnostics[i] = Diagnostic(d.loc, d.code, d.message, with_run_said(d.hint, said))
    return body


def _definition_holding(compiler, loc: Loc) -> str | None:
    """The definition whose text holds ``loc`` (a finding in what a block's statements call, which is not in the block,
    though found as the block is run), or None."""
    for define in compiler.symbols.defines.values():
        head = define.loc
        if head.path == loc.path and head.line and loc.line and head.line <= loc.line <= head.line + define.text.count("\n"):
            return define.name
    return None


def run_said(name: str, call: Loc, definition: str | None = None) -> str:
    """What a finding in a block's statements adds: the block, and the `run:` that ran it; for one in a ``definition``
    those statements call, that definition, called from the block."""
    if definition is not None:
        return f"in definition '{definition}', called from block '{name}', run at {call}"
    return f"in block '{name}', run at {call}"


def with_run_said(hint: str, said: str) -> str:
    """``hint`` with what run_said says after it (a sentence of its own after a question: 'did you mean ...? In block')."""
    if not hint:
        return said
    return f"{hint} {said[0].upper()}{said[1:]}" if hint.endswith("?") else f"{hint}; {said}"


def runs_said(chains) -> str:
    """What a lint's finding in a block's statements adds: ``chains``, the `run`s that ran the statements there, each
    a chain of (block, call) innermost first; one chain told as the compiler tells it, several by their innermost calls."""
    chains = list(dict.fromkeys(tuple(chain[:NAMED_CALLS]) for chain in chains))
    if len(chains) == 1:
        return "; ".join(run_said(name, call) for name, call in chains[0])
    name, calls = chains[0][0][0], list(dict.fromkeys(str(chain[0][1]) for chain in chains))
    if len(calls) == 1:
        return run_said(name, calls[0])
    return f"in block '{name}', run at {', '.join(calls[:-1])} and {calls[-1]}"


def hidden_name_hint(compiler, name: str) -> str:
    """For an unknown name in a block that is a name where the block is run: pass it as an argument; '' otherwise."""
    if not compiler.running_blocks:
        return ""
    block, hidden = compiler.running_blocks[-1]
    if name not in hidden:
        return ""
    params = compiler.blocks[block].params
    return (f"a block sees its parameters, the game's names, me and current, not the names where it is run: give "
            f"'{name}' to block '{block}' as an argument (a parameter beside {', '.join(params)})" if params else
            f"a block sees its parameters, the game's names, me and current, not the names where it is run: give "
            f"block '{block}' a parameter, {block}({name}), and run it with '{name}' as its argument")


def loop_name_hint(compiler, name: str, scope) -> str:
    """For a loop name of the flow read in a block run where it is not bound (an action): what a block sees, its
    parameters first, and the one-letter names there (a parameter misspelt is the likely slip, not the flow's loop)."""
    from .compiler import _one_letter_hint

    block = compiler.running_blocks[-1][0]
    params = compiler.blocks[block].params
    letters = _one_letter_hint(name, scope)
    seen = f"block '{block}' sees its parameters ({', '.join(params)})" if params else f"block '{block}' has no parameters: it sees"
    return (f"{seen}, the game's names, me and current, not the flow's loop names: read a parameter"
            f"{f' ({letters})' if letters else ''}, or give block '{block}' a parameter for what '{name}' should be and "
            f"pass it where the block is run")


def _unknown_block_hint(compiler, name: str) -> str:
    """A block spelt like it, else the blocks there are (or that there are none)."""
    names = sorted(name for name, block in compiler.blocks.items() if block is not None)
    if not names:
        return f"the ruleset has no blocks: write '{name}' under blocks:, a name and its list of statements"
    return did_you_mean(name, names) or f"the blocks: {few_listed(names)}"
