"""Parse DSL strings into the AST with the lark LALR grammar in grammar.lark."""

from __future__ import annotations

import ast as pyast
import json
import re
import warnings
from functools import lru_cache

from . import ast, cache, kept_trees, lalr
from .errors import Loc, PhiltreError
from .yamlpos import CONTROLS, codepoint
from .shipped import read_shipped

MAX_EXPRESSION_CHARS = 4000
SHARED_TREE_CHARS = 200  # texts up to this long are parsed once per process


LARK_OPTIONS = {"parser": "lalr", "maybe_placeholders": True}
TABLES = "grammar-tables.json"  # the parser's LALR tables, generated from grammar.lark


def grammar_text() -> str:
    """The expression grammar, grammar.lark."""
    return read_shipped(__package__, "grammar.lark")


def grammar_key() -> str:
    """What the stored parse tables were made from: the grammar, lark's version and the options."""
    import lark

    return cache.sha256(f"{grammar_text()}\n{lark.__version__}\n{sorted(LARK_OPTIONS.items())}".encode()).hexdigest()


@lru_cache(maxsize=1)
def _lark():
    """The LALR parser, once per process (lazily, so the CLI starts fast).

    Building the LALR tables from the grammar takes 40-60 ms; loading them from
    grammar-tables.json takes about 6. Tables made from another grammar, another lark
    version or other options are not used: the parser is built, and its tables are kept
    in the user's cache folder for the next start (another lark installed than the one
    the shipped tables were made with would otherwise cost every start 40-60 ms).
    """
    from lark import Lark

    key = grammar_key()
    for text in (lambda: read_shipped(__package__, TABLES), lambda: cache.read(_cache_name(key)).decode("utf-8")):
        try:
            stored = json.loads(text(), object_hook=_decode)
            if stored["key"] == key:
                return Lark.load({"data": stored["data"], "memo": stored["memo"]})
        except Exception:  # noqa: BLE001 - missing, stale or unreadable tables: the next source, or build them
            continue
    parser = Lark(grammar_text(), **LARK_OPTIONS)
    cache.write(_cache_name(key), tables_text(parser).encode("utf-8"))
    return parser


def _cache_name(key: str) -> str:
    return f"grammar-tables-{key[:16]}.json"


def tables_text(parser=None) -> str:
    """The parser's tables (lark's own serialisation) as JSON text; the parser is built from grammar.lark if not given."""
    from lark import Lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    parser = parser or Lark(grammar_text(), **LARK_OPTIONS)
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    return json.dumps(_encode({"key": grammar_key(), "data": data, "memo": memo}), separators=(",", ":")) + "\n"


def write_tables(path, key=None, text=None) -> bool:
    """Write the tables built from grammar.lark to ``path``, unless it holds this grammar's already (False then):
    lark's (``tables_text``, under ``grammar_key()``) unless ``text`` and ``key`` say which (``lalr_tables``).

    Lark lists the same tables in another order from one run to the next, so rewriting a
    file that is up to date would only make a large diff of nothing.
    """
    if _stored_key(path) == (key or grammar_key()):
        return False
    with open(path, "w", encoding="utf-8") as f:
        f.write((text or tables_text)())
    return True


def lalr_tables(parser=None) -> str:
    """The tables dsl/lalr.py runs without lark, as JSON text, taken from lark's parser (built from grammar.lark if not
    given): its LALR states, each state's lexer as lark builds it, and each rule's tree shape."""
    from lark import Lark

    parser = parser or Lark(grammar_text(), **LARK_OPTIONS)
    table = parser.parser.parser._parse_table
    rule_index = {rule: i for i, rule in enumerate(parser.rules)}
    lexers, lexer_index, states = [], {}, []
    for state in range(len(table.states)):
        lexer = parser.parser.lexer.lexers[state]
        if id(lexer) not in lexer_index:  # lark shares one lexer among the states that take the same terminals
            lexer_index[id(lexer)] = len(lexers)
            scanner = lexer.scanner  # built on first use: it sets lexer.callback, the keywords a name match may be
            unless = {name: {t.pattern.value: t.name for t in callback.scanner.terminals}
                      for name, callback in sorted(lexer.callback.items())}
            lexers.append([[t.name for t in scanner.terminals], unless])
        actions = {name: arg if action.name == "Shift" else ~rule_index[arg]  # shift: the state; reduce: ~the rule
                   for name, (action, arg) in sorted(table.states[state].items())}
        states.append([lexer_index[id(lexer)], actions])
    terminals = {t.name: [int(t.pattern.type == "re"), t.pattern.to_regexp() if t.pattern.type == "re" else t.pattern.value]
                 for t in parser.terminals}
    stored = {"key": lalr.key(grammar_text()), "terminals": terminals, "ignore": sorted(parser.lexer_conf.ignore),
              "lexers": lexers, "states": states, "rules": [_rule_shape(rule) for rule in parser.rules],
              "start": table.start_states["start"], "end": table.end_states["start"]}
    return json.dumps(stored, separators=(",", ":")) + "\n"


def _rule_shape(rule) -> list:
    """How lark shapes a rule's tree (with maybe_placeholders): [origin, length, name, expand1, include, append_none],
    include listing the children kept as (index, inlined, Nones before it)."""
    options = rule.options
    flags = "".join(str(int(b)) for b in options.empty_indices) if options.empty_indices else "0" * len(rule.expansion)
    nones_at = [len(ones) for ones in flags.split("0")]  # Nones an omitted [optional] leaves before each child, and after
    include, nones = [], 0
    for i, symbol in enumerate(rule.expansion):
        nones += nones_at[i]
        if options.keep_all_tokens or not (symbol.is_term and symbol.filter_out):
            include.append([i, not symbol.is_term and symbol.name.startswith("_"), nones])
            nones = 0
    name = rule.alias or options.template_source or rule.origin.name
    return [rule.origin.name, len(rule.expansion), name, bool(options.expand1 and not rule.alias), include,
            nones + nones_at[len(rule.expansion)]]


def _stored_key(path) -> str | None:
    """The key of the tables stored at ``path`` (None if there are none)."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.loads(f.read()).get("key")
    except (OSError, ValueError, AttributeError):
        return None


def _encode(value):
    """Plain data -> JSON: tuples and maps with other than string keys are tagged, to come back as they were."""
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _encode(v) for k, v in value.items()}
        return {"<items>": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"<tuple>": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot store {type(value).__name__} in the parse tables")


def _decode(obj: dict):
    """The inverse of _encode, as a json object_hook."""
    if len(obj) == 1:
        if "<items>" in obj:
            return {tuple(k) if isinstance(k, list) else k: v for k, v in obj["<items>"]}
        if "<tuple>" in obj:
            return tuple(obj["<tuple>"])
    return obj


class SourceText:
    """An expression and the means to turn an offset inside it into a file position.

    The expression may be a slice of a longer scalar (one side of `a -> b`): ``full`` is
    the whole scalar and ``base`` where the slice starts in it.
    """

    def __init__(self, text: str, loc: Loc, base: int = 0, full: str | None = None):
        self.text, self.loc, self.base, self.full = text, loc, base, full if full is not None else text

    def at(self, offset: int) -> Loc:
        if hasattr(self.loc, "at_offset") and self.full:
            return self.loc.at_offset(self.full, max(0, min(offset + self.base, len(self.full) - 1)))
        return self.loc


def parse(text: str, loc: Loc, base: int = 0, full: str | None = None) -> ast.Node:
    """Parse one expression; syntax errors become PhiltreError at the exact character."""
    if not isinstance(text, str) or not text.strip():
        raise PhiltreError.at(loc, "E100", "empty expression")
    if len(text) > MAX_EXPRESSION_CHARS:
        # (the long ones seen are tables of values written out, which are data: YAML holds them without a limit)
        raise PhiltreError.at(loc, "E100", f"expression is longer than {MAX_EXPRESSION_CHARS} characters",
                              "a table of values is data, not an expression: write a constant table as YAML data under "
                              "`define:` (words: [AA, AB, ...], not quoted), list components one by one with `list:` in "
                              "their type; split a long rule into definitions")
    tree = kept_trees.tree_of(text)  # kept by the last load of these files: lark is not even imported
    if tree is not None:
        return tree
    source = SourceText(text, loc, base, full)
    try:
        tree = _shared_tree(text) if len(text) <= SHARED_TREE_CHARS else _tree(text)
        kept_trees.parsed(text, tree)
        return tree
    except _LarkError as wrapped:
        raise _syntax_error(wrapped.error, text, source) from None
    except RecursionError:
        raise PhiltreError.at(loc, "E100", "expression is nested too deeply") from None
    except _BadEscape as exc:
        raise PhiltreError.at(source.at(exc.offset), "E101", f"unknown escape '{exc.escape}' in a string",
                              "a backslash starts an escape as in Python: \\\\ for a backslash, \\n, \\t, \\', \\\", \\xHH, \\uHHHH") from None
    except _Unprintable as exc:
        half = exc.char >= "\ud800"
        raise PhiltreError.at(source.at(exc.offset), "E101", f"{'a lone surrogate' if half else 'a control character'} "
                              f"({codepoint(exc.char)}) in a string", "a string holds printable characters, tabs and line breaks only"
                              + (": a surrogate is half of a character, write the whole one (\\U0001F600)" if half else "")) from None


class _LarkError(Exception):
    """Lark's syntax error for a text (``error``), carried out of the parse to be said as philtre says it."""

    def __init__(self, error):
        super().__init__(error)
        self.error = error


def _syntax_error(exc, text: str, source: SourceText) -> PhiltreError:
    """Lark's syntax error ``exc`` for ``text`` as philtre's error, at the character it names."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream]
        hint = {"=": "compare with ==", "&": "write and", "|": "write or", "!": "write not, or !=",
                "^": "no such operator: a power is written x ** 2",
                "#": "a YAML comment does not end a folded (>), literal (|) or quoted value: the # is part of the "
                     "expression; put the comment on a line of its own above the key"}.get(char, "")
        if char == "=" and _KEYWORD_ARGUMENT.search(text[:exc.pos_in_stream]):
            hint = _keyword_argument_hint(text, exc.pos_in_stream)
        if char == "=" and text[exc.pos_in_stream + 1:exc.pos_in_stream + 2] in ("<", ">"):  # `x =< 0`, `x => 0`
            hint = f"write {text[exc.pos_in_stream + 1]}="
            if text[exc.pos_in_stream + 1] == ">" and _KEYWORD_ARGUMENT.search(text[:exc.pos_in_stream]):  # `(p =>`, `, p =>`
                hint = _lambda_hint(text, exc.pos_in_stream)
        if char in "'\"" and text.count(char) % 2:
            hint = "this quote starts a string that is never closed"
        if char.isdigit():  # '١٢' or '１２': Python would read them as 12, a reader may not (٥ looks like 0)
            hint = "a number is written with the digits 0-9"
        return PhiltreError.at(source.at(exc.pos_in_stream), "E101", f"unexpected character {char!r} in expression", hint)
    if isinstance(exc, UnexpectedToken):
        expected = _describe_expected(exc.expected)
        token = exc.token
        doubled = doubled_operator(text, len(text) if token.type == "$END" else token.start_pos)
        if doubled:
            return PhiltreError.at(source.at(doubled[2]), "E102", *doubled_operator_said(doubled))
        if token.type == "$END":
            return PhiltreError.at(source.at(len(text) - 1), "E102", f"expression ends too early; expected {expected}",
                                   _token_hint(text, len(text), "", source) or _no_else_hint(text, exc.expected))
        return PhiltreError.at(source.at(token.start_pos), "E102", f"unexpected {token.value!r}; expected {expected}",
                               _token_hint(text, token.start_pos, token.value, source) or _syntax_hint(text, token, exc.expected)
                               or _no_else_hint(text, exc.expected)  # (a filter inside a call: `count(players if p != 0)`)
                               or _still_open_hint(text, token.start_pos, source))
    if isinstance(exc, UnexpectedEOF):
        return PhiltreError.at(source.at(len(text) - 1), "E102", "expression ends too early")
    return PhiltreError.at(source.at(getattr(exc, "pos_in_stream", 0) or 0), "E102", "invalid expression")  # pragma: no cover - other lark errors


# a string, a word or an operator, and any other character alone: enough to find two operators in a row
_TOKEN = re.compile(r"""(?P<string>"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?)|(?P<word>[A-Za-z_]\w*)"""
                    r"|(?P<op>\*\*|//|==|!=|<=|>=|[-+*/%<>])|\S")
BINARY_OPERATORS = frozenset({"and", "or", "+", "-", "*", "**", "/", "//", "%", "==", "!=", "<", "<=", ">", ">=", "in"})
_STARTS_A_VALUE = frozenset({"not", "-"})  # `a and not b`, `a - -b`: an operator that may come after another
_FOREIGN_OPERATORS = frozenset({"<>"})  # written together, another language's operator, which has its own hint


def doubled_operator(text: str, end: int) -> tuple | None:
    """The first binary operator written right after another, up to offset ``end`` (where the parser stopped):
    (the first, the second, the second's offset), or None. lark reads the second `and` of `a and and not b` as a name
    (its lexer reads a keyword only where the grammar takes one), and stops later, at 'b': the mistake is the second."""
    before, before_end = None, 0
    for token in _TOKEN.finditer(text):
        if token.start() > end:
            break
        word = token.group() if token.lastgroup in ("word", "op") and token.group() in BINARY_OPERATORS else None
        foreign = token.start() == before_end and f"{before}{word}" in _FOREIGN_OPERATORS
        if before and word and word not in _STARTS_A_VALUE and not foreign:
            return before, word, token.start()
        before, before_end = word, token.end()
    return None


def doubled_operator_said(doubled: tuple) -> tuple[str, str]:
    """E102's message and hint for an operator right after another (``doubled``: what doubled_operator found)."""
    first, second, _ = doubled
    said = f"'{first}' twice" if first == second else f"'{second}' right after '{first}'"
    return f"{said}: a value is expected after '{first}'", "remove one"


_KEYWORD_ARGUMENT = re.compile(r"[(,]\s*[A-Za-z_]\w*\s*$")  # `max(xs, key` before an '=': Python's keyword argument
_CALLED = re.compile(r"([A-Za-z_]\w*)\s*$")  # the name before a '(' or a '[': `sorted` in `sorted(`, `wall` in `wall[`

_KEYWORDS = frozenset({"in", "not", "and", "or", "if", "else", "for", "is"})  # a '[' after one opens a list
# `sorted(xs, key=f)`, `max(xs, key=f)`: there is no key, but sorted_by, max_by and min_by take [key, item] pairs
SORT_BY_KEY_HINT = ("a call takes no keyword arguments: to order seats by a value, pair each with its value, "
                    "sorted_by([f(p), p] for p in players) (equal values in seat order)")


def _keyword_argument_hint(text: str, at: int) -> str:
    """The hint for an '=' at offset ``at`` after `name(xs, key`: Python's keyword argument, which no call takes.
    For sorted's, max's or min's key, the call of sorted_by, max_by or min_by that orders by a value; for the others,
    the form that finds the highest."""
    opened = _open_brackets(text, at)
    called = _CALLED.search(text[:opened[-1][0]]) if opened and opened[-1][1] == "(" else None
    if called and called[1] == "sorted":
        return SORT_BY_KEY_HINT
    if called and called[1] in ("max", "min"):
        return (f"a call takes no keyword arguments: for the seat (or item) with the {'highest' if called[1] == 'max' else 'lowest'} "
                f"value, pair each with its value, {called[1]}_by([f(p), p] for p in players) (the first such seat)")
    return ("compare with ==; a call takes no keyword arguments: for the seat (or item) with the highest value, pair each "
            "with its value: max_by([f(p), p] for p in players)")


# a call that takes a key as another language's lambda: the call that pairs each item with its key instead
_KEYED = {"max": "max_by", "max_by": "max_by", "min": "min_by", "min_by": "min_by", "sorted": "sorted_by", "sorted_by": "sorted_by"}


def _lambda_hint(text: str, at: int) -> str:
    """The hint for the '=>' at offset ``at`` after `(p` or `, p`: another language's lambda (`max_by(players, p =>
    power(p))`, a trial's key function), read as `=>` for `>=`. There are no lambdas: the form the language has, with
    the names written where they can be told (the collection before the ',', the body up to the call's end)."""
    param = _KEYWORD_ARGUMENT.search(text[:at])
    name = param.group().lstrip("(,").strip()
    opened = _open_brackets(text, at)
    called = _CALLED.search(text[:opened[-1][0]]) if opened and opened[-1][1] == "(" else None
    start = opened[-1][0] + 1 if opened else 0
    items = text[start:param.start()].strip() if param.group().startswith(",") else ""
    if _open_brackets(items, len(items)) or "," in _top_level(items):
        items = ""
    end = at + 2 + len(_top_level(text[at + 2:]).split(",")[0])
    body = text[at + 2:end].strip() or f"f({name})"
    items = items or "players"
    keyed = _KEYED.get(called[1]) if called else None
    if keyed:
        return (f"there are no lambdas (functions written inline): pair each item with its key, "
                f"{keyed}([{body}, {name}] for {name} in {items})")
    form = (f"count({name} for {name} in {items} if {body})" if called and called[1] == "count"
            else f"{called[1]}({body} for {name} in {items})" if called else f"[{body} for {name} in {items}]")
    return f"there are no lambdas (functions written inline): write a comprehension, {form}"


def _top_level(text: str) -> str:
    """``text`` up to the first closer that closes nothing in it, its strings and bracketed parts blanked (a ',' left
    in it separates items at the top level)."""
    out, depth, quote = [], 0, ""
    for c in text:
        if quote:
            quote = "" if c == quote else quote
            out.append(" ")
            continue
        if c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in CLOSERS:
            if depth == 0:
                break
            depth -= 1
        out.append(c if depth == 0 and c not in CLOSERS else " ")
    return "".join(out)


def _tree(text: str) -> ast.Node:
    """The AST of one expression's text; a syntax error is lark's, carried as _LarkError."""
    found = lalr.parse(text)  # the stored tables, without lark (dsl/lalr.py)
    if found is None:  # refused (or no usable tables): lark parses it, and finds and places the error
        from lark.exceptions import UnexpectedInput

        try:
            found = _lark().parse(text)
        except UnexpectedInput as exc:
            raise _LarkError(exc) from None
    return _Build().build(found)


@lru_cache(maxsize=2048)
def _shared_tree(text: str) -> ast.Node:
    """The AST of a short text, parsed once per process.

    A third of a ruleset's expressions repeat one already parsed (`hand[me]`, ...), and
    nodes cannot change, so they are shared. Only short texts are kept (a few MB at most);
    errors are not kept, but raised afresh, to be placed in the file that has them.
    """
    return _tree(text)


_TERMINAL_WORDS = {
    "NAME": "a name", "NUMBER": "a number", "STRING": "a string", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "LBRACE": "'{'", "RBRACE": "'}'", "COMMA": "','", "COLON": "':'",
    "DOT": "'.'", "COMP_OP": "a comparison", "ADD_OP": "'+', '-'", "MUL_OP": "'*', '/', '//', '%'", "POW_OP": "'**'",
    "MINUS": "'-'", "$END": "the end of the expression",
}

CLOSERS = {")": "(", "]": "[", "}": "{"}


def _open_brackets(text: str, end: int) -> list:
    """The brackets still open at offset ``end`` (offset, character), outside strings; a closer that closes nothing is
    returned alone, as [(offset, closer)]."""
    stack, quote = [], ""
    for i, c in enumerate(text[:end]):
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in "([{":
            stack.append((i, c))
        elif c in CLOSERS:
            if not stack:
                return [(i, c)]
            stack.pop()
    return stack


def _token_hint(text: str, at: int, value: str, source) -> str:
    """A hint for a syntax error at offset ``at`` (``value``: the token found, '' at the end): an unclosed bracket,
    a closer with nothing to close, a YAML key taken into the expression, '<>'."""
    where = lambda offset: f"line {source.at(offset).line}, column {source.at(offset).col}"  # noqa: E731
    open_ = _open_brackets(text, at)
    if value in CLOSERS and not open_:
        return f"this '{value}' closes no '{CLOSERS[value]}' before it"
    if open_ and open_[-1][1] in "([{" and (not value or (value in CLOSERS and CLOSERS[value] != open_[-1][1])):
        offset, char = open_[-1]
        return f"the '{char}' at {where(offset)} is not closed"
    if value == ":" and re.search(r"(?:(?:^|\n)[ \t]*(?:- )?|\s- )[A-Za-z_][\w-]*[ \t]*$", text[:at]):
        return ("this reads like a YAML key inside the expression: a block text (>, |) takes every line indented under "
                "it; is a key such as 'do:' missing above this line?")
    if value == ">" and text[:at].endswith("<"):
        return "write != for 'not equal'"
    return _foreign_syntax_hint(text[:at], value)


def _still_open_hint(text: str, at: int, source) -> str:
    """Where the parser stops inside a bracket and the expression leaves one unclosed (a ']' missing in `[-1, 1` then
    `if ...]` on the next line, the error only at the last ']'): the innermost bracket open there, and where; else ''."""
    open_ = _open_brackets(text, at)
    if not open_ or open_[-1][1] not in "([{" or not _open_brackets(text, len(text)):
        return ""
    offset, char = open_[-1]
    closer = next(c for c, o in CLOSERS.items() if o == char)
    return (f"the '{char}' at line {source.at(offset).line}, column {source.at(offset).col} is open here, and a bracket "
            f"of the expression is never closed: is its '{closer}' missing before this?")


def _foreign_syntax_hint(before: str, value: str) -> str:
    """A hint for another language's syntax met at token ``value`` (``before``: the text before it), or ''."""
    import re

    if value == "(" and re.search(r"\.\s*join\s*$", before):  # Python's ' '.join(xs)
        return "values have no methods: join(xs, sep) makes one word of the items, sep between them: join(xs, ' ')"
    if value == "(" and re.search(r"\.\s*[A-Za-z_]\w*\s*$", before):
        return "values have no methods: a function takes the value, count(x), not x.count()"
    if value[:1] in "'\"" and re.search(r"(^|\W)f$", before):
        return "there are no f-strings: an expression gives a value, not formatted text"
    if value == "elif":
        return "write a if c else (b if d else e)"
    return ""


def _no_else_hint(text: str, expected) -> str:
    """For `players if p != me` (a filter written as Python's comprehension, without its brackets and `for`): the
    conditional it reads as wants its else, and a filter is a comprehension."""
    if "ELSE" not in expected or re.search(r"\bfor\b", text):
        return ""
    return ("a conditional is written A if C else B; to keep the items for which a condition holds, "
            "write a comprehension: [p for p in players if p != me]")


def _syntax_hint(text: str, token, expected) -> str:
    """What to write instead, for the forms other languages have and this one does not."""
    before = text[: token.start_pos].rstrip()
    if token.type == "COMP_OP" and "COMP_OP" not in expected and before and (before[-1].isalnum() or before[-1] in ")]}'\"_"):
        return "comparisons do not chain: write a < b and b < c"
    if token.value == "." and before.endswith("."):
        return _range_hint(before[:-1], text[token.start_pos + 1:])
    opened = _open_brackets(text, token.start_pos)
    if token.type == "COLON" and opened and opened[-1][1] == "[" and _indexes(text, opened[-1][0]):
        return _slice_hint(text, opened[-1][0])
    if token.type == "NAME" and re.fullmatch(r"[eE]\d*", token.value) and re.search(r"(^|[^\w.])\d+(\.\d+)?$", text[: token.start_pos]):
        return "a number has no exponent (1e6): write it out in full (1000000)"
    if token.type == "NAME" and re.fullmatch(r"\s*if", before):
        return "a conditional is written A if C else B: 5 if x > 3 else 0"
    if token.type in ("NAME", "NUMBER") and before and (before[-1].isalnum() or before[-1] in ")]}'\"_"):
        return (f"a value comes right after another, with no operator before '{token.value}': join them with one "
                "(+, and, ...), or start a comment with ' #' (a space, then #)")
    if token.value == "," and re.search(r"\bfor\s+[A-Za-z_]\w*$", before):  # `for i, o in owner`: Python's unpacking
        return _unpacking_hint(re.search(r"([A-Za-z_]\w*)$", before)[1], text[token.end_pos:])
    if token.value in ("[", "(") and re.search(r"\bfor$", before):  # `for [a, b] in xs`: the same, in brackets
        return _bracketed_unpacking_hint(text, token.start_pos)
    indexed = _CALLED.search(text[:opened[-1][0]]) if token.value == "," and opened and opened[-1][1] == "[" else None
    if indexed and indexed[1] not in _KEYWORDS:  # (`x in [a for a in b, c]` is a list, not an index)
        return _comma_index_hint(text, opened[-1][0])
    if token.value == "for" and opened and opened[-1][1] == "{":
        return _map_comprehension_hint(text, opened[-1][0], token.start_pos)
    if token.value == "for" and "ELSE" in expected:
        return _comprehension_if_hint(text, opened[-1][0] if opened else -1, token.start_pos)
    if token.value == "," and opened and opened[-1][1] == "(" and re.search(r"\bfor\b", text[opened[-1][0]:token.start_pos]):
        return "a comprehension given to a call is its only argument: to give more, put it in brackets, [x for x in xs]"
    if token.value == "," and opened and opened[-1][1] == "(":
        return _tuple_hint(text, opened[-1][0])
    return ""


SLICE_WAYS = "take(xs, n) gives the first n items, take_last(xs, n) the last n, [xs[i] for i in range(a, b)] those from a to b - 1, last(xs) the last"
_INDEXED = re.compile(r"([A-Za-z_][\w.]*(?:\[[^\[\]]*\])*)\s*$")  # what a '[' indexes: `path`, `hand[me]`, `p.cards`


def _indexes(text: str, open_at: int) -> bool:
    """Whether the '[' at ``open_at`` indexes a value (`xs[`, `f(x)[`, `a[0][`), not opens a list (`[`, `in [`)."""
    before = text[:open_at].rstrip()
    name = _CALLED.search(before)
    return bool(before) and (before[-1] in ")]" or (name is not None and name[1] not in _KEYWORDS))


def _slice_hint(text: str, open_at: int) -> str:
    """For `xs[a:b]`, Python's slice (``open_at``: the offset of its '['): there are none, and what gives those
    items, written with the author's own list and bounds where the slice is a plain one."""
    parts, closed = bracket_parts(text, open_at)
    lo, colon, hi = parts[0].partition(":") if closed is not None and len(parts) == 1 else ("", "", "")
    lo, hi, indexed = lo.strip(), hi.strip(), _INDEXED.search(text[:open_at])
    if not lo and hi.replace(" ", "") == ":-1" and indexed is not None:  # (`xs[::-1]`: the items reversed)
        return f"there are no slices: write reversed({indexed[1]}); {SLICE_WAYS}"
    if not colon or ":" in hi or indexed is None:  # (not `xs[a:b:step]`, nor `f(x)[a:b]`)
        return f"there are no slices: {SLICE_WAYS}"
    xs = indexed[1]
    if not hi and re.fullmatch(r"-\d+", lo):  # (`xs[-n:]`: the last n)
        return f"there are no slices: write take_last({xs}, {lo[1:]}); {SLICE_WAYS}"
    counted = lambda end: f"count({xs}) - {end[1:]}" if re.fullmatch(r"-\d+", end) else end  # noqa: E731 (Python's from the end)
    lo, hi = counted(lo), counted(hi) if hi else f"count({xs})"
    written = f"take({xs}, {hi})" if lo in ("", "0") else f"[{xs}[i] for i in range({lo}, {hi})]"
    return f"there are no slices: write {written}; {SLICE_WAYS}"


def _map_comprehension_hint(text: str, open_at: int, for_at: int) -> str:
    """For a `for` in braces that makes no map comprehension (``open_at``: its '{', ``for_at``: its `for`): a set's
    `{k for k in xs}`, or several pairs before the loop, `{a: 1, b: 2 for ...}`; one pair is written before it."""
    pairs = text[open_at + 1:for_at].strip()
    loop = text[for_at:].rstrip().removesuffix("}").rstrip()
    if ":" not in pairs:  # (a set, as Python writes one: a list, or a map of each to true)
        return (f"a map comprehension writes a key and its value before its loop, {{{pairs}: true {loop}}}; "
                f"for a list of them, [{pairs} {loop}]")
    last = pairs.rsplit(",", 1)[-1].strip()  # (the pair the loop follows, where it reads as one)
    last = last if ":" in last else "k: v"
    return (f"a map comprehension writes one key: value pair before its loop, {{{last} {loop}}}; add another key with "
            f"put(MAP, KEY, VALUE): put({{{last} {loop}}}, KEY, VALUE)")


def _comprehension_if_hint(text: str, open_at: int, for_at: int) -> str:
    """For `sum(100 if C for q in t if F)` (``open_at``: the bracket the comprehension is in, -1 for none; ``for_at``:
    its `for`): a conditional's `else` is missing; written with the author's own parts where the element reads `A if C`:
    with its else (`... else 0`), or with C moved into the comprehension's filter."""
    closed = bracket_parts(text, open_at)[1] if open_at >= 0 else None
    element = text[open_at + 1:for_at]
    value, _, cond = element.rpartition(" if ")
    loop = text[for_at:closed if closed is not None else len(text)].strip()
    if not value.strip() or not cond.strip():
        return ("a conditional `A if C` needs its `else B` (A if C else 0), or keep the items where C holds with the "
                "comprehension's filter: [A for x in xs if C]")
    value, cond = value.strip(), cond.strip()
    head, tail = text[:open_at + 1], text[closed:] if closed is not None else ""
    filtered = f"{loop} and {cond}" if re.search(r"\bif\b", loop[3:]) else f"{loop} if {cond}"
    return (f"a conditional `A if C` needs its `else B`: {head}{value} if {cond} else 0 {loop}{tail}; or keep the items "
            f"where it holds with the comprehension's filter: {head}{value} {filtered}{tail}")


# the list a `for i, o in owner` loops over, read after its second name (or after the brackets of `for [i, o] in owner`)
_UNPACKED = re.compile(r"\s*(?:[A-Za-z_]\w*\s*[\])]?\s+)?in\s+(?:enumerate\s*\(\s*)?([A-Za-z_][\w.]*(?:\[[^\[\]]*\])*)")


def _unpacking_hint(name: str, after: str) -> str:
    """For `for i, o in owner`, Python's unpacking of pairs (a trial's; it said a comprehension given to a
    call is its only argument): a `for` binds one name, and a loop over the indices reads each item, written with the
    author's first name (``name``) and list (read from ``after``, the text after the names) where the list is a name
    (`enumerate(xs)` read as xs)."""
    listed = _UNPACKED.match(after)
    xs = listed[1] if listed and listed[1] not in _KEYWORDS else "xs"
    return (f"a for binds one name, and there are no tuples to unpack: loop over the indices, for {name} in "
            f"range(count({xs})), and read {xs}[{name}]")


def _bracketed_unpacking_hint(text: str, open_at: int) -> str:
    """For `for [a, b] in xs` or `for (a, b) in xs` (a trial's: it was told only that a name was expected;
    ``open_at``: the offset of the bracket): the unpacking hint of `for a, b in xs`, with the first name in the
    brackets (else i) and the list after them."""
    parts, closed = bracket_parts(text, open_at)
    first = parts[0].strip() if parts else ""
    name = first if re.fullmatch(r"[A-Za-z_]\w*", first) and first not in _KEYWORDS else "i"
    return _unpacking_hint(name, text[closed + 1:] if closed is not None else "")


def _tuple_hint(text: str, open_at: int) -> str:
    """For `('h', x)`, Python's tuple (``open_at``: the offset of its '(', which no name before it makes a call's):
    there are no tuples, and a list holds the values alike, `['h', x]`; '' for a call's parentheses."""
    called = _CALLED.search(text[:open_at])
    if called and called[1] not in _KEYWORDS:
        return ""
    parts, closed = bracket_parts(text, open_at)
    parts = [p.strip() for p in parts]
    parts = parts[:-1] if len(parts) > 1 and not parts[-1] else parts  # `(1,)`: Python's tuple of one
    written = "[" + ", ".join(parts) + "]" if closed is not None and all(parts) else "[a, b]"
    return f"there are no tuples: write a list, {written}"


def _range_hint(before: str, after: str) -> str:
    """For `0..3` in an expression (``before`` and ``after``: the text either side of the '..'): the `lo..hi` of data,
    which holds hi; range stops before its end, so the hint writes hi + 1 (a number added up, a name left to add)."""
    # only a bare number or name each side: `1..count(deck)` or `p.lo..3` is not guessed at, `range(1, count + 1)` misleads
    lo = re.search(r"(?<![\w.\])-])(-?\d+|[A-Za-z_]\w*)\s*$", before)
    hi = re.match(r"\s*(-?\d+|[A-Za-z_]\w*)(?![\w(\[.])", after)
    if lo and hi:
        end = str(int(hi[1]) + 1) if re.fullmatch(r"-?\d+", hi[1]) else f"{hi[1]} + 1"
        written = f"range({lo[1]}, {end})"
    else:
        written = "range(lo, hi + 1)"
    return ("'..' writes a range only in data (players, attributes, a scenario's given); "
            f"in an expression write {written}")


BOOL_OPS = {"and": re.compile(r"\band\b"), "or": re.compile(r"\bor\b")}


def and_parts(text: str, tree) -> list:
    """(offset, text) of each part of the expression ``text`` (parsed as ``tree``) that is an `and` of parts, split at
    its `and`s outside brackets and quotes; [] where it is no such `and`, or the split is not the tree's."""
    return bool_parts(text, tree, "and")


def bool_parts(text: str, tree, op: str) -> list:
    """and_parts for ``op``, `and` or `or`: the parts of an expression that is an ``op`` of parts."""
    from . import ast

    def count(node) -> int:
        return count(node.left) + count(node.right) if isinstance(node, ast.BoolOp) and node.op == op else 1

    if not (isinstance(tree, ast.BoolOp) and tree.op == op):
        return []
    cuts = [i for i, c, depth in _unquoted(text, 0) if not depth and c == op[0] and BOOL_OPS[op].match(text, i)
            and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"))]
    bounds = [0, *[x for cut in cuts for x in (cut, cut + len(op))], len(text)]
    parts = [(start + len(text[start:end]) - len(text[start:end].lstrip()), text[start:end].strip())
             for start, end in zip(bounds[::2], bounds[1::2])]
    return parts if len(parts) == count(tree) and all(t for _, t in parts) else []


def unbracketed(text: str) -> tuple[int, str]:
    """(offset, text) of ``text`` without the brackets around it all, `(a and b)` -> (1, 'a and b'); as it is where
    none are."""
    at = 0
    while text.startswith("(") and bracket_parts(text, 0)[1] == len(text) - 1:
        inner = text[1:-1]
        at, text = at + 1 + len(inner) - len(inner.lstrip()), inner.strip()
    return at, text


def bracket_parts(text: str, open_at: int) -> tuple[list, int | None]:
    """The parts of the bracket opened at ``open_at`` in ``text``, split at its own commas (not those inside a part's
    brackets, braces or quotes), and the index of its closing bracket (None, and the parts so far, if it is not closed)."""
    parts, start = [], open_at + 1
    for i, c, depth in _unquoted(text, open_at):
        if c in ")]}" and depth == 1:
            return parts + [text[start:i]], i
        if c == "," and depth == 1:
            parts.append(text[start:i])
            start = i + 1
    return parts, None


def _unquoted(text: str, start: int):
    """(index, character, brackets open before it) of each character of ``text`` from ``start`` outside its quoted
    texts (a quote's own marks left out too)."""
    depth, quote = 0, ""
    for i in range(start, len(text)):
        c = text[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        else:
            yield i, c, depth
            depth += (c in "([{") - (c in ")]}")


def _comma_index_hint(text: str, open_at: int) -> str:
    """For `wall[p, r, c]` (``open_at``: the offset of its '['): a list of lists is indexed one level at a time,
    `wall[p][r][c]`, written out from the indexes given where the ']' closes them."""
    name = _CALLED.search(text[:open_at])[1]
    parts, closed = bracket_parts(text, open_at)
    if closed is None:
        return f"index one level at a time: {name}[a][b], not {name}[a, b]"
    return f"index one level at a time: {name}" + "".join(f"[{p.strip()}]" for p in parts)


def _describe_expected(expected) -> str:
    """The tokens lark expected, as an author reads them: each written thing quoted, a keyword too (`'else' or 'or'`:
    bare, "expected else, or" read as a sentence cut short), a kind of token named (a name, a number)."""
    # (the kinds first, a name, a number, the end: the list is cut at six, and they say the most)
    words = sorted({_TERMINAL_WORDS.get(t, f"'{t.lower()}'") for t in expected}, key=lambda word: (word[0] == "'", word))
    if len(words) > 6:
        return ", ".join(words[:6] + ["..."])
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words) or "more"


def _pos(tree) -> int:
    """Where a token or a subtree starts in the expression: at its first token.

    (lark could record this on every subtree, `propagate_positions`, but that makes
    parsing take twice as long; most subtrees are never asked.)
    """
    while tree is not None and not hasattr(tree, "start_pos"):
        tree = next((child for child in getattr(tree, "children", ()) if child is not None), None)
    return (tree.start_pos or 0) if tree is not None else 0


class _BadEscape(Exception):
    """A backslash escape in a string that Python refuses or warns about (``\\x4``, ``\\q``), at ``offset``."""

    def __init__(self, offset: int, escape: str):
        super().__init__(escape)
        self.offset, self.escape = offset, escape


# a backslash and what Python reads with it (a \x, \u or \U escape as far as its hex digits go)
_ESCAPE = re.compile(r"\\(N\{[^}]*\}?|x[0-9a-fA-F]{0,2}|u[0-9a-fA-F]{0,4}|U[0-9a-fA-F]{0,8}|.)", re.S)


def _python_string(token: str) -> str | None:
    """The value Python gives a quoted string, or None where it refuses it or warns (an escape it does not know)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # '\q' is a warning in 3.11 and is to become an error: refused now
        try:
            return pyast.literal_eval(token)
        except (SyntaxError, ValueError, Warning):
            return None


class _Unprintable(Exception):
    """An escape in a string that makes a control character or a lone surrogate, at ``offset``."""

    def __init__(self, offset: int, char: str):
        super().__init__(char)
        self.offset, self.char = offset, char


_UNPRINTABLE = re.compile(CONTROLS.pattern[:-1] + "\ud800-\udfff]")  # refused in a string's value, as in a YAML text (Y001)


def _string_value(token: str, start: int) -> str:
    """A string literal's value, its backslash escapes read as in Python; a bad escape is _BadEscape at its backslash,
    one that makes a control character or a lone surrogate _Unprintable: a value such as "\\x1b]0;...\\x07" set in
    a variable was printed raw by `philtre play` (it retitled the terminal), and "\\ud800" stopped it with an
    internal error (UTF-8 cannot encode it)."""
    value = _python_string(token)
    if value is not None:
        unprintable = _UNPRINTABLE.search(value)
        if unprintable:
            for escape in _ESCAPE.finditer(token, 1, len(token) - 1):
                found = _UNPRINTABLE.search(_python_string('"' + escape.group(0) + '"') or "")
                if found:
                    raise _Unprintable(start + escape.start(), found.group())
            raise _Unprintable(start, unprintable.group())  # written raw (a text given from Python, not read from YAML)
        return value
    for escape in _ESCAPE.finditer(token, 1, len(token) - 1):
        if _python_string('"' + escape.group(0) + '"') is None:
            raise _BadEscape(start + escape.start(), escape.group(0))
    raise _BadEscape(start, token[:1])  # pragma: no cover - the grammar's strings fail only at an escape


class _Build:
    """Lark parse tree -> philtre AST."""

    def __init__(self):
        self.starts: dict = {}  # id(subtree) -> where it starts, found once per subtree

    def pos(self, tree) -> int:
        """Where a token or a subtree starts (see _pos), each subtree walked once for the whole build.

        Walking down anew for each node took a chain's length at each of its links: `- - - ... 1`
        (4,000 characters, the most an expression has) took seconds to refuse, a file of such lines hours.
        """
        walked = []
        while tree is not None and not hasattr(tree, "start_pos") and id(tree) not in self.starts:
            walked.append(tree)
            tree = next((child for child in getattr(tree, "children", ()) if child is not None), None)
        at = self.starts[id(tree)] if id(tree) in self.starts else _pos(tree)
        for subtree in walked:
            self.starts[id(subtree)] = at
        return at

    def build(self, tree):
        if isinstance(tree, str):  # a token (lark's or dsl/lalr.py's)
            raise AssertionError(f"unexpected token {tree!r}")
        method = getattr(self, "_" + tree.data)
        return method(tree, tree.children)

    def _number(self, t, c):
        text = str(c[0])
        return ast.Const(self.pos(c[0]), float(text) if "." in text else int(text))

    def _string(self, t, c):
        return ast.Const(self.pos(c[0]), _string_value(str(c[0]), c[0].start_pos))

    def _true(self, t, c):
        return ast.Const(self.pos(c[0]), True)

    def _false(self, t, c):
        return ast.Const(self.pos(c[0]), False)

    def _none(self, t, c):
        return ast.Const(self.pos(c[0]), None)

    def _name(self, t, c):
        return ast.Name(self.pos(c[0]), str(c[0]))

    def _conditional(self, t, c):
        then, cond, other = (self.build(x) for x in c)
        return ast.Conditional(self.pos(t), cond, then, other)

    def _or_(self, t, c):
        return ast.BoolOp(self.pos(t), "or", self.build(c[0]), self.build(c[1]))

    def _and_(self, t, c):
        return ast.BoolOp(self.pos(t), "and", self.build(c[0]), self.build(c[1]))

    def _not_(self, t, c):
        return ast.Unary(self.pos(t), "not", self.build(c[0]))

    def _neg(self, t, c):
        return ast.Unary(self.pos(t), "-", self.build(c[0]))

    def _compare(self, t, c):
        return ast.Compare(self.pos(c[1]), str(c[1]), self.build(c[0]), self.build(c[2]))

    def _in_(self, t, c):
        return ast.Compare(self.pos(t), "in", self.build(c[0]), self.build(c[1]))

    def _not_in(self, t, c):
        return ast.Compare(self.pos(t), "not in", self.build(c[0]), self.build(c[1]))

    def _is_(self, t, c):
        return ast.IsType(self.pos(t), self.build(c[0]), str(c[1]), self.pos(c[1]), False)

    def _is_not(self, t, c):
        return ast.IsType(self.pos(t), self.build(c[0]), str(c[1]), self.pos(c[1]), True)

    def _binop(self, t, c):
        return ast.BinOp(self.pos(c[1]), str(c[1]), self.build(c[0]), self.build(c[2]))

    def _attr(self, t, c):
        return ast.Attr(self.pos(t), self.build(c[0]), str(c[1]), self.pos(c[1]))

    def _index(self, t, c):
        return ast.Index(self.pos(t), self.build(c[0]), self.build(c[1]))

    def _call(self, t, c):
        args = tuple(self.build(a) for a in c[1].children) if c[1] is not None else ()
        return ast.Call(self.pos(c[0]), str(c[0]), args)

    def _call_gen(self, t, c):
        comp = ast.Comprehension(self.pos(c[1]), self.build(c[1]), self._clauses(c[2]))
        return ast.Call(self.pos(c[0]), str(c[0]), (comp,))

    def _list(self, t, c):
        items = tuple(self.build(a) for a in c[0].children) if c[0] is not None else ()
        return ast.ListLit(self.pos(t), items)

    def _list_comp(self, t, c):
        return ast.Comprehension(self.pos(t), self.build(c[0]), self._clauses(c[1]))

    def _map(self, t, c):
        pairs = ()
        if c[0] is not None:
            pairs = tuple((self.build(p.children[0]), self.build(p.children[1])) for p in c[0].children)
        return ast.MapLit(self.pos(t), pairs)

    def _map_comp(self, t, c):
        key, value = c[0].children
        return ast.MapComp(self.pos(t), self.build(key), self.build(value), self._clauses(c[1]))

    def _clauses(self, tree) -> tuple:
        clauses = []
        for clause in tree.children:
            var, iterable, *conds = clause.children
            clauses.append(ast.Clause(self.pos(var), str(var), self.build(iterable), tuple(self.build(x) for x in conds)))
        return tuple(clauses)
