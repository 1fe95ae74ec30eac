"""YAML with positions: every mapping, list and scalar remembers where it came from.

Files are untrusted, so loading is safe (standard tags only) and bounded (size, nesting
depth, nodes after alias expansion). Mappings load as ``Map`` and lists as ``Seq``; both
keep the ``Loc`` of each child, so any value of a resolved ruleset can be traced back to
the file, line and column that wrote it.
"""

from __future__ import annotations

import errno
import math
import os
import re
import stat
import sys

from .canonical import ORDERED_MAPPINGS
from .errors import Loc, PhiltreError

# yaml.reader's pattern of the characters YAML refuses: a class over the whole of Unicode, 7-10 ms to compile
_YAML_NON_PRINTABLE = "[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]"


class _CompiledOnUse:
    """A regular expression compiled the first time one of its methods (search, match, ...) is used."""

    def __init__(self, pattern: str, flags: int):
        self.pattern, self.flags = pattern, flags

    def __getattr__(self, name):  # what the instance does not hold itself: the compiled pattern's
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            compiled = self.__dict__["_compiled"] = re.compile(self.__dict__["pattern"], self.__dict__["flags"])
        return getattr(compiled, name)


def _import_yaml():
    """PyYAML, its pure-Python reader's pattern of refused characters left to be compiled when that reader first runs.

    Importing yaml compiles it (a tenth of a `philtre validate`), and philtre reads with
    libyaml (CSafeLoader), which checks the characters itself: the pattern is compiled only
    where something in the process reads with the pure-Python reader (yaml.safe_load, or
    philtre without libyaml), and it finds what it found before.
    """
    if "yaml" in sys.modules:
        return sys.modules["yaml"]
    compile_ = re.compile

    def compile_later(pattern, flags=0):
        if pattern == _YAML_NON_PRINTABLE and not flags:
            return _CompiledOnUse(pattern, flags)
        return compile_(pattern, flags)

    re.compile = compile_later
    try:
        import yaml
    finally:
        re.compile = compile_
    return yaml


yaml = _import_yaml()

MAX_BYTES = 2_000_000
MAX_DEPTH = 64
MAX_NODES = 200_000
MAX_INT_BITS = 63

try:  # libyaml is faster where present; both give the same nodes and marks
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


def _bang_hint(tag: str) -> str:
    """For a value starting with one '!' (`when: !done`): YAML read a tag where an expression's negation was meant."""
    if tag.startswith(("!!", "tag:")):
        return ""
    return "a value starting with ! is a YAML tag: the language's negation is not (when: not done)"


class ScalarLoc(Loc):
    """The place of a scalar, with its raw source text so offsets inside it can be mapped."""

    raw: str = ""
    style: str = ""

    def at_offset(self, value: str, offset: int) -> Loc:
        """The file position of character ``offset`` of the scalar's value."""
        line, col = _align(self.raw, value, offset, self.line, self.col)
        return Loc(self.path, line, col)


_HEX_DIGITS = {"x": 2, "u": 4, "U": 8}


def _align(raw: str, value: str, offset: int, line: int, col: int) -> tuple[int, int]:
    """Walk the raw source and the loaded value together to find where value[offset] was written.

    Block and folded scalars drop indentation and fold line breaks; quoted scalars drop
    quotes, and escapes in double-quoted ones (\\n, \\t, \\uXXXX, ...) stand for one
    character. Whitespace in the source that the value does not have is skipped. A line
    break is "\n", "\r\n" or a lone "\r", as YAML reads them (a file saved on Windows).
    """
    raw = raw.replace("\r\n", "\n").replace("\r", "\n")  # one character per break: columns restart after it
    i = 0
    double = raw[:1] == '"'
    if raw[:1] in "|>":  # skip the block header line ("|", ">-", ...)
        nl = raw.find("\n")
        if nl < 0:
            return line, col
        i, line, col = nl + 1, line + 1, 1
    elif raw[:1] in "'\"":
        i, col = 1, col + 1
    for k, ch in enumerate(value[: offset + 1]):
        found = None
        while i < len(raw):
            src = raw[i]
            if double and src == "\\" and i + 1 < len(raw):
                if raw[i + 1] == "\n":  # an escaped line break stands for nothing
                    i, line, col = i + 2, line + 1, 1
                    continue
                width = 2 + _HEX_DIGITS.get(raw[i + 1], 0)
                found = (line, col)
                i, col = i + width, col + width
                break
            if src == ch or (ch in " \n" and src in " \n"):
                found = (line, col)
                i, line, col = (i + 1, line + 1, 1) if src == "\n" else (i + 1, line, col + 1)
                break
            if src in " \t\n'\"":
                i, line, col = (i + 1, line + 1, 1) if src == "\n" else (i + 1, line, col + 1)
                continue
            return line, col  # cannot align further: best effort
        if found is None:
            return line, col
        if k == offset:
            return found
    return line, col


class Map(dict):
    """A mapping that keeps the location of itself, of each key and of each value."""

    __slots__ = ("loc", "key_locs", "val_locs", "joined_at", "inserted_after", "removed_at", "removed_held", "replaced_held")

    def __init__(self, loc: Loc):
        super().__init__()
        self.loc = loc
        self.key_locs: dict = {}
        self.val_locs: dict = {}
        self.joined_at = None  # (where, how to replace instead) where an overlay added keys beside its own (overlays.merge)
        self.inserted_after = None  # the name an overlay's `$after:` put this statement after (overlays._patch_item)
        self.removed_at = None  # key -> where an overlay's `key: {$remove: true}` took it out of this mapping (overlays.merge)
        self.removed_held = None  # key -> the keys of the mapping removed there: the names a whole map's removal took
        self.replaced_held = None  # key -> [(the value an overlay replaced or removed, where, where it was)], components'

    def loc_of(self, key) -> Loc:
        """Where the value under ``key`` was written (or the mapping itself)."""
        return self.val_locs.get(key, self.loc)

    def key_loc(self, key) -> Loc:
        """Where ``key`` itself was written."""
        return self.key_locs.get(key, self.loc)


class Seq(list):
    """A list that keeps the location of itself and of each item."""

    __slots__ = ("loc", "locs", "removed_items")

    def __init__(self, loc: Loc):
        super().__init__()
        self.loc = loc
        self.locs: list = []
        self.removed_items = None  # [(item, where, how, instead)] the statements an overlay took out, replaced or changed (overlays._patch_item)

    def loc_of(self, index: int) -> Loc:
        """Where item ``index`` was written."""
        return self.locs[index] if 0 <= index < len(self.locs) else self.loc


def plain(value):
    """Map/Seq (recursively) as plain dicts and lists, for comparing and printing values."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def loc_of(container, key) -> Loc:
    """Location of a child of a Map or Seq; a plain container gives an unknown place."""
    if isinstance(container, (Map, Seq)):
        return container.loc_of(key)
    return Loc("<unknown>")


NONE_WORDS = ("none", "None", "NONE")  # the language's none, or Python's None, written as YAML data: a word


def written_quoted(container, key) -> str:
    """The quote (' or ") ``container[key]`` was written in, its scalar's style, kept through an overlay's merge with
    its place; '' for a value written bare (or with no known place)."""
    style = getattr(loc_of(container, key), "style", "")
    return style if style in ("'", '"') else ""


def _line_col(text: str | bytes, at: int) -> tuple[int, int]:
    """The line and column (from 1) of position ``at``, counting line breaks as YAML does: "\\n", "\\r\\n" or a lone "\\r".

    In bytes, the column counts the characters before ``at`` on its line (as an editor does), not their UTF-8 bytes,
    and a BOM, which no editor shows, is no column.
    """
    lf, cr = ("\n", "\r") if isinstance(text, str) else (b"\n", b"\r")
    breaks = text.count(lf, 0, at) + text.count(cr, 0, at) - text.count(cr + lf, 0, at)
    start = max(text.rfind(lf, 0, at), text.rfind(cr, 0, at)) + 1
    if isinstance(text, str):
        return breaks + 1, at - start + 1
    before = text[start:at].removeprefix(b"\xef\xbb\xbf" if start == 0 else b"")
    return breaks + 1, len(before.decode("utf-8", "replace")) + 1


def load_text(text: str | bytes, path: str):
    """Parse one YAML document into Map/Seq/scalars with locations; errors are PhiltreError."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise PhiltreError.at(Loc(path), "Y005", f"file is {len(text):,} bytes; the limit is {MAX_BYTES:,}")
        if b"\x00" in text:
            at = text.index(b"\x00")
            line, col = _line_col(text, at)
            raise PhiltreError.at(Loc(path, line, col), "Y004", "file is binary (it holds a NUL byte), not YAML text")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line, col = _line_col(text, exc.start)
            raise PhiltreError.at(Loc(path, line, col), "Y004", f"file is not UTF-8 text (byte 0x{text[exc.start]:02x} at offset {exc.start})") from None
    if len(text) > MAX_BYTES:
        raise PhiltreError.at(Loc(path), "Y005", f"file is {len(text):,} characters; the limit is {MAX_BYTES:,}")
    if not text.strip():
        raise PhiltreError.at(Loc(path, 1, 1), "Y003", "file is empty: expected a YAML mapping")
    _check_line_separators(text, path)
    _check_shape(text, path)
    loader = None
    try:
        loader = _Loader(text)  # (a ReaderError from the pure-Python reader, as below)
        node = loader.get_single_node()
        if node is None:
            raise PhiltreError.at(Loc(path, 1, 1), "Y003", "file holds no YAML document: expected a mapping")
        return _Builder(path, text, loader).build(node, 0)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem, hint = exc.problem or exc.context or "invalid YAML", ""
        if mark is not None and 0 <= mark.index < len(text) and text[mark.index] == "\t":
            problem, hint = "a tab character where YAML reads indentation", TAB_HINT  # (not "scanning a plain scalar ...")
        if "nesting depth" in problem:  # newer PyYAML (6.0.4) has its own depth limit
            raise PhiltreError.at(Loc(path, line, col), "Y006", f"nesting is deeper than {MAX_DEPTH} levels") from None
        if "mapping values are not allowed" in problem:  # `- x == {"a": 1}`: YAML took ': ' for a key's end
            hint = (mark is not None and (_key_read_as_a_value(text, mark.line) or _key_written_with_equals(text, mark.line))
                    or _text_with_colon(text, mark.line) or "a ': ' inside a value that is not quoted: quote the whole expression")
        if "expected ',' or '}'" in problem or "expected ',' or ']'" in problem:
            # {card: hand[me]}: brackets and colons end a value written inside { } or [ ]
            hint = (_quoted_key_with_equals(text, mark) or _bare_key_with_equals(text, mark)
                    or f"an expression inside {{ }} or [ ] is quoted: {_quoted_example(text, mark)}")
            listed = _block_list_value(text, exc) if "expected ',' or ']'" in problem else None
            if listed is not None:  # `d: [[x, x + 1] for x in xs]`: no { } around it, told at the value
                (line, col), hint = listed
        if "another document" in problem:
            hint = "a file holds one YAML document: remove the '---' line and what follows it, or move that to a file of its own"
        if mark is not None and ("expected key" in problem or "expected '-' indicator" in problem):
            hint = _block_hint(text, mark.line, mark.column, "expected '-'" in problem)
        hint = (mark is not None and _runaway_quote_hint(text, mark)) or hint
        if problem.startswith("found undefined alias") and mark is not None:  # (the C reader names no alias)
            problem, hint = _undefined_alias_said(text, mark)
        began = exc.context_mark
        bare = _bare_key(text, exc, mark)
        unclosed = _unclosed_flow(text, exc)
        if unclosed:  # `choose: {m: moves(me)` and the next line a key: where the { opens, not the line YAML gave up on
            (line, col), problem, hint = unclosed
        elif bare:  # a key without its ':': at the key, not where YAML, reading on, gave up
            (line, col), hint = bare
        elif exc.context and began is not None and mark is not None and began.line != mark.line:
            if "quoted scalar" in exc.context and "end of stream" in problem:  # where the quote opens, not the file's end
                line, col, problem = began.line + 1, began.column + 1, "this quoted text is never closed: the file ends before its closing quote"
            elif not hint:
                hint = f"{exc.context.removeprefix('while ')} that starts at line {began.line + 1}, column {began.column + 1}"
        raise PhiltreError.at(Loc(path, line, col), "Y001", problem, hint) from None
    except yaml.YAMLError as exc:
        raise PhiltreError.at(_reader_loc(exc, text, path), "Y001", str(exc).splitlines()[0]) from None
    except RecursionError:
        raise PhiltreError.at(Loc(path), "Y006", f"nesting is deeper than {MAX_DEPTH} levels") from None
    finally:
        if loader is not None:
            loader.dispose()


TAB_HINT = "a tab is not indentation in YAML: indent with spaces"
_CLOSERS = {"flow mapping": "}", "flow sequence": "]"}


def _unclosed_flow(text: str, exc) -> tuple | None:
    """((line, col), problem, hint) for a flow mapping or sequence never closed (`choose: {m: moves(me)`), which YAML
    reads on into the lines after it till a key or the file's end stops it; None where it stopped inside the
    collection's own items (`{card: hand[me]}`, a value to quote, on a line of its own or not)."""
    began, mark = exc.context_mark, exc.problem_mark
    closer = next((c for kind, c in _CLOSERS.items() if kind in (exc.context or "")), None)
    if closer is None or began is None or mark is None or mark.line <= began.line or f"expected ',' or '{closer}'" not in (exc.problem or ""):
        return None
    lines = text.splitlines()
    before = lines[mark.line][:mark.column].strip() if mark.line < len(lines) else ""
    if before and not re.fullmatch(r"-?\s*[\w.-]+", before):  # (only a key, or nothing, before where YAML stopped)
        return None
    ends = [re.sub(r"\s+#.*", "", line).rstrip() for line in lines[began.line:mark.line]]  # (without a comment)
    # its last line: the first whose items do not go on to the next (one ending with ',' or an opener does)
    last = next((i for i, end in enumerate(ends) if end.strip() and end[-1] not in ",{["), len(ends) - 1)
    shown = f": {ends[0][began.column:]}{closer}" if last == 0 else ""
    read_on = f"into line {mark.line + 1}" if mark.line < len(lines) and lines[mark.line].strip() else "to the file's end"
    return ((began.line + 1, began.column + 1), f"this '{lines[began.line][began.column]}' is never closed: a '{closer}' is missing",
            f"YAML read on {read_on} looking for it; close it at the end of line {began.line + last + 1}{shown}")


def _bare_key(text: str, exc, mark) -> tuple | None:
    """((line, column), hint) for a key written without its ':' (`give_dragon` alone on its line, its keys below it),
    or None. YAML says so at the next line: reading on for the ':' (`could not find expected ':'`), or, where a
    comment ends the key's line or the key comes first under its parent, at the next line's key (which it reads as
    part of a text, or as a key no mapping holds)."""
    lines = re.split(r"\r\n|\r|\n", text)  # the lines YAML's marks count (a file saved on Windows, or with "\r" alone)
    began = exc.context_mark
    if "expected ':'" in (exc.problem or "") and exc.context == "while scanning a simple key" and began is not None:
        line, col = began.line, began.column
        written = lines[line][col:].split(" #")[0].rstrip()
    elif mark is not None and mark.line < len(lines) and re.search(_AFTER_A_BARE_KEY, exc.problem or ""):
        above = _line_above(lines, mark.line)
        found = _BARE_KEY.fullmatch(lines[above].split(" #")[0].rstrip()) if above is not None else None
        if not found or _indent(lines[mark.line]) <= _indent(lines[above]):
            return None
        line, col, written = above, found.start(1), found[1]
    else:
        return None
    return (line + 1, col + 1), _bare_key_said(written)


def _bare_key_said(written: str) -> str:
    """The hint for a key written without its ':', from what its line holds: `n += 1` is written with '=' (the hint of
    V001 for it in { }), `turns 0` is the key and its value (`turns: 0`), `play` the key alone (`play:`)."""
    from .schema import equals_hint  # (schema imports this module)

    if _ASSIGNED.fullmatch(written):
        return equals_hint(written)
    found = _KEY_THEN_VALUE.fullmatch(written)
    fixed = f"{found[1]}: {found[2]}" if found else f"{written}:"
    return f"a key is followed by ':' (write '{fixed}')" if 0 < len(written) <= TEXT_SHOWN else "a key is followed by ':'"


# what YAML says at the line after a key left without its ':' (and a comment), or after the first key under its parent
_AFTER_A_BARE_KEY = "did not find expected key|expected '-' indicator|mapping values are not allowed"


def _undefined_alias_said(text: str, mark) -> tuple[str, str]:
    """(problem, hint) for an alias no anchor before it defines (`d2: *d7`, the anchor `&d6`): the alias named, the
    anchors written above it listed, the nearest offered."""
    import difflib

    alias = re.compile(r"\*([^\s,\[\]{}]+)").match(text, mark.index)  # (at a failure only: not compiled at import)
    name = alias.group(1) if alias else ""
    anchors = _anchors_before(text, mark.index)
    if not anchors:
        return (f"found undefined alias *{name}", f"no anchor is defined before it: write &{name} on the value it "
                f"repeats, above the alias: KEY: &{name} [...]")
    close = difflib.get_close_matches(name, anchors, n=1, cutoff=0.5)
    meant = f"did you mean *{close[0]}? " if close else ""
    listed = ", ".join(f"&{anchor}" for anchor in anchors)
    return (f"found undefined alias *{name}", f"{meant}the anchors defined before it: {listed}; an alias repeats a "
            "value anchored above it, spelt the same")


def _anchors_before(text: str, before: int) -> list[str]:
    """The names of the anchors (`&name`) written before offset ``before``, in order, once each."""
    names: list[str] = []
    try:
        for token in yaml.scan(text, Loader=_Loader):
            if token.start_mark.index >= before:
                break
            if isinstance(token, yaml.AnchorToken) and token.value not in names:
                names.append(token.value)
    except yaml.YAMLError:
        pass  # (the tokens before the error scanned fine)
    return names


def _runaway_quote_hint(text: str, mark) -> str:
    """For a syntax error on the line where a quoted text opened on an earlier line ends (`a: "abc` left open, closed
    by the first quote of a later line): where it opens, as for a quote the file's end finds open; else ''."""
    try:
        for token in yaml.scan(text, Loader=_Loader):  # the tokens before the error scan fine (it is the parser's)
            if token.start_mark.index >= mark.index:
                break
            if isinstance(token, yaml.ScalarToken) and token.style in ('"', "'") \
                    and token.start_mark.line < token.end_mark.line == mark.line:
                return (f"the quoted text that opens at line {token.start_mark.line + 1}, column "
                        f"{token.start_mark.column + 1} runs on to this line: its closing quote may be missing")
    except yaml.YAMLError:
        pass
    return ""


def _indent(line: str) -> int:
    """How many spaces a line starts with."""
    return len(line) - len(line.lstrip(" "))


def _line_above(lines: list, index: int) -> int | None:
    """The index of the nearest line above ``index`` that holds more than a comment, or None."""
    for i in range(index - 1, -1, -1):
        if lines[i].strip() and not lines[i].lstrip().startswith("#"):
            return i
    return None


def _key_read_as_a_value(text: str, line: int) -> str:
    """The hint for a key indented more than the `key: value` line above it: YAML reads it as the rest of that
    value, then finds its ': ' (the hint said to quote an expression, where the fix is the indentation)."""
    lines = text.split("\n")
    above = _line_above(lines, line) if line < len(lines) else None
    item = line < len(lines) and _ITEM.match(lines[line])
    # (more than the key above, not its line: `- name: next` then `  when: pot: 0` is one item's two keys)
    if above is None or not (_KEY.match(lines[line]) or item) or _indent(lines[line]) <= _key_column(lines[above]):
        return ""
    key = _KEY_WITH_VALUE.match(lines[above])
    if not key:
        return ""
    said = (f"this line is indented more than '{key.group(2)}:' on line {above + 1} (column {len(key.group(1)) + 1}), so YAML "
            f"reads it as the rest of that value")
    if item:  # `- repeat: 6` then its statements, without the `do:` that holds them
        return f"{said}: a key such as 'do:' may be missing above this list"
    return f"{said}: the keys of one mapping start in the same column"


TEXT_KEYS = ("description", "title", "name", "message", "variant")  # keys that hold text to show, not an expression
TEXT_SHOWN = 60  # a text longer than this is shown cut, with '...'


def _text_with_colon(text: str, line: int) -> str:
    """The hint for a ': ' inside a text not quoted (`description: A race: first home wins`): quote the text, with
    the text itself, not "quote the whole expression", as a description is no expression."""
    lines = text.split("\n")
    found = _KEY_WITH_VALUE.match(lines[line]) if line < len(lines) else None
    if not found or found.group(2) not in TEXT_KEYS:
        return ""
    value = lines[line][found.end() - 1:].split(" #")[0].strip()
    shown = value if len(value) <= TEXT_SHOWN else value[:TEXT_SHOWN - 3].rstrip() + "..."
    # (single quotes keep a text's double quotes as they are; inside double quotes each is escaped)
    quoted = f"'{shown}'" if '"' in shown and "'" not in shown else '"' + shown.replace('"', '\\"') + '"'
    return f"a ': ' inside a text that is not quoted: quote the text, {found.group(2)}: {quoted}"


def _key_written_with_equals(text: str, line: int) -> str:
    """The hint for a `key: value` line after a `name = value` line in the same column (`best = max(...)` in
    `define:`): YAML read that line as text going on into this one, then found this line's ': '."""
    lines = text.split("\n")
    above = _line_above(lines, line) if line < len(lines) else None
    if above is None:
        return ""
    found = _EQUALS.match(lines[above])
    if not found or _key_column(lines[above]) != _key_column(lines[line]):
        return ""
    return (f"line {above + 1} is written '{found.group(2)} = ...': a key and its value are written "
            f"{found.group(2)}: value, so YAML read that line as text going on into this one")


_EQUALS = re.compile(r"(\s*(?:- )?)([A-Za-z_][\w]*(?:\([\w, ]*\))?)\s*=(?!=)")  # `best = max(...)`, `- x = 1`


# a key: a name, or a definition's head with its parameters (`total(z)`, `held(p, col)`)
_KEY = re.compile(r"\s*[A-Za-z_$][\w$-]*(?:\([\w, ]*\))?:(\s|$)")  # a line that starts with a key
_ITEM = re.compile(r"\s*- +[A-Za-z_$][\w$-]*(?:\([\w, ]*\))?:(\s|$)")  # a line that starts a list item with a key
_KEY_WITH_VALUE = re.compile(r"(\s*(?:- )?)([A-Za-z_$][\w$-]*(?:\([\w, ]*\))?): +[^\s#]")  # `key: value` (or `- key: value`)


# a line whose value, after `key:` or a list item's '- ', starts with '[' (a trailing comment left out)
_BLOCK_LIST = re.compile(r"(?P<lead>\s*(?:- +)?)(?:(?P<key>[A-Za-z_$][\w$-]*(?:\([\w, ]*\))?:) +)?(?P<value>\[.*?)\s*(?:\s#.*)?$")
VALUE_OPENERS = {'"': "a quoted text", "'": "a quoted text", "[": "a YAML list", "{": "a YAML mapping"}


def _block_hint(text: str, line: int, col: int, wanted_item: bool) -> str:
    """What an author most likely did where YAML wanted a key (or a '- ') and found something else; '' if unsure.

    ``line`` and ``col`` are 0-based, YAML's mark; ``wanted_item``: YAML wanted a '- ', not a key.
    """
    lines = text.split("\n")
    if line >= len(lines):
        return ""
    here = lines[line]
    inside = _colon_inside_an_item(here)
    if inside:
        return inside
    before = here[:col]
    value = before.split(": ", 1)[1].lstrip() if ": " in before else ""
    if value[:1] in VALUE_OPENERS and here[col:].strip():
        return (f"the value starts with {value[0]!r}, so YAML reads {VALUE_OPENERS[value[0]]} that ends before the rest "
                "of the line: quote the whole expression")
    above = _line_above(lines, line)
    if above is None:
        return ""
    if here[col:col + 2] in ("- ", "-"):
        return (f"a list item where a key was expected: a key such as 'do:' may be missing above it, "
                f"or it is indented differently from line {above + 1}")
    between = _key_between(lines, line)
    if between:
        return between
    if _indent(here) > _indent(lines[above]):
        return f"this line is indented more than line {above + 1}: the keys of one mapping start in the same column"
    if wanted_item:
        return "this key is in the column of the list's '- ' items: indent it like the keys of its item, or start a new item with '- '"
    return ""


def _colon_inside_an_item(line: str) -> str:
    """The hint for a list item not quoted whose first ': ' follows no key (`- board == [{'guess': ['red']}]`): YAML
    took the text before it for a key; quote the whole item. '' where a key comes first, or the item starts as a list,
    a mapping or a quoted text (told by _block_hint as what YAML read)."""
    stripped = line.strip()
    if not stripped.startswith("- ") or ": " not in stripped:
        return ""
    item = stripped[2:].split(" #")[0].strip()
    head = item.split(": ", 1)[0]
    if head[:1] in VALUE_OPENERS or re.fullmatch(r"[A-Za-z_$][\w$-]*(?:\([\w, ]*\))?", head):
        return ""
    shown = item if len(item) <= TEXT_SHOWN else item[:TEXT_SHOWN - 3].rstrip() + "..."
    # (double quotes keep an expression's single-quoted words as they are)
    quoted = f"'{shown}'" if '"' in shown and "'" not in shown else '"' + shown.replace('"', '\\"') + '"'
    return f"a ': ' inside an item that is not quoted: YAML reads the text before it as a key; quote the whole item, - {quoted}"


def _key_column(line: str) -> int:
    """The column (0-based) where a line's key starts: after the '- ' of a list item."""
    stripped = line.lstrip(" ")
    return _indent(line) + (2 if stripped.startswith("- ") else 0)


def _key_between(lines: list, index: int) -> str:
    """The hint for a key indented less than the keys of its mapping, but more than the key that holds them
    (' hold:' under 'actions:' whose 'roll:' is at column 3): YAML said only "did not find expected key"."""
    here = _indent(lines[index])
    sibling = None
    for i in range(index - 1, -1, -1):
        if not lines[i].strip() or lines[i].lstrip().startswith("#"):
            continue
        column = _key_column(lines[i])
        if here in (column, _indent(lines[i])):  # a key of this mapping, or a '- ' in this column: another mistake
            return ""
        if column < here:
            key = _KEY_NAME.match(lines[i][column:]) if sibling is not None else None
            if key is None:
                return ""
            return (f"this line is indented less than '{sibling[1]}:' on line {sibling[0] + 1} (column {sibling[2] + 1}) "
                    f"and more than '{key.group(1)}:' on line {i + 1}: the keys of one mapping start in the same column")
        key = _KEY_NAME.match(lines[i][column:])
        if key and (sibling is None or column < sibling[2]):
            sibling = (i, key.group(1), column)
    return ""


_NAME_OF_A_KEY = r"[A-Za-z_$][\w$-]*(?:\([\w, ]*\))?"  # a name, or a definition's head (`total(z)`)
# a key and its value written without the ':' between them (`turns 0`, `shuffle deck`): a value that starts as no
# operator or word of an expression does (`a and b`, `n == 1` are an expression, not a key)
_KEY_THEN_VALUE = re.compile(rf"({_NAME_OF_A_KEY}) +((?!(?:and|or|if|else|in|not|for|is)\b)(?:[\w'\"\[{{]|-\d).*)")
_ASSIGNED = re.compile(r"[A-Za-z_$][\w$]*(?:\[[^\]]*\])* *(?://|[-+*/%])?=(?!=) *\S.*")  # `n += 1`, `bid[me] = 2`
# a line that is a key's name alone, no ':', or with its value or written with '=' (`turns 0`, `n += 1`)
_BARE_KEY = re.compile(rf"\s*(?:- +)?((?={_KEY_THEN_VALUE.pattern}|{_ASSIGNED.pattern}).+|{_NAME_OF_A_KEY})")
_KEY_NAME = re.compile(r"([A-Za-z_$][\w$-]*(?:\([\w, ]*\))?):(?:\s|$)")  # the key a line's text starts with


_NODE_EVENTS = (yaml.ScalarEvent, yaml.AliasEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)
_OPEN_EVENTS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE_EVENTS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _check_shape(text: str, path: str) -> None:
    """Refuse deep nesting and too many nodes from the event stream, before any node is built.

    Composing nodes first would be too late: libyaml's composer recurses once per level
    (a file of a million '[' crashes the process) and builds every node in memory.
    Events come one at a time, so this pass needs neither a stack nor memory. Syntax
    errors are left to the real parse, which reports them.
    """
    try:
        loader = _Loader(text)  # the pure-Python reader checks the characters here: the real parse reports it
    except yaml.YAMLError:
        return
    depth = nodes = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, _NODE_EVENTS):
                nodes += 1
                if nodes > MAX_NODES:
                    raise PhiltreError.at(_mark_loc(event, path), "Y007", f"more than {MAX_NODES:,} YAML nodes")
            if isinstance(event, _OPEN_EVENTS):
                depth += 1
                if depth > MAX_DEPTH:
                    raise PhiltreError.at(_mark_loc(event, path), "Y006", f"nesting is deeper than {MAX_DEPTH} levels")
            elif isinstance(event, _CLOSE_EVENTS):
                depth -= 1
    except yaml.YAMLError:
        return
    finally:
        loader.dispose()


CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # C0 but tab and line feed, DEL, C1


def codepoint(char: str) -> str:
    return f"U+{ord(char):04X}"


_LINE_SEPARATORS = re.compile("[\x85\u2028\u2029]")
_SEPARATOR_NAMES = {"\x85": "next-line character (U+0085)", "\u2028": "line separator (U+2028)", "\u2029": "paragraph separator (U+2029)"}


def _check_line_separators(text: str, path: str) -> None:
    """Refuse U+0085, U+2028 and U+2029: YAML 1.1 (PyYAML) reads each as a line break, editors and grep do not.

    Read as a break, one in a comment ends the comment and turns the rest of that line into
    YAML the author never sees as such (`# note<U+2028>players: 9`), and every line number
    after it is one more than the editor's.
    """
    found = _LINE_SEPARATORS.search(text)
    if found:
        at = found.start()
        loc = Loc(path, *_line_col(text, at))
        raise PhiltreError.at(loc, "Y001", f"a Unicode {_SEPARATOR_NAMES[found.group()]}: YAML reads it as a line break, "
                              "editors do not", "delete it; a text that needs one writes it as an escape in double quotes, "
                              f"\"\\u{ord(found.group()):04x}\"")


def _mark_loc(event, path: str) -> Loc:
    """The file position where a YAML event starts."""
    mark = event.start_mark
    return Loc(path, mark.line + 1, mark.column + 1)


_DEAL_OPENS = re.compile(r"\s*(-\s+)?deal:\s*\{")  # a line that writes a deal as a flow mapping, `- deal: {from: ...`


def _quoted_example(text: str, mark) -> str:
    """The key and value of a flow mapping that YAML stopped in (`{to: hand[0], ...}`), written quoted: `{to: "hand[0]"}`,
    or `{"bid[me]": amount}` where the key holds the brackets (its value quoted too where YAML would stop in it next,
    `{"coins[p]": "coins[p] + 1"}`); a made-up one where the line does not show them."""
    from .schema import flow_text  # (schema imports this module)

    line = text.splitlines()[mark.line] if mark.line < len(text.splitlines()) else ""
    before = line[: mark.column]
    start = _flow_item_start(before)
    if start and ": " not in before[start:]:  # stopped inside a key: `{bid[me]: amount}`
        key, rest = _flow_part(line[start:], ":")
        value, _ = _flow_part(rest[1:], ",}")
        if key and value and '"' not in key:  # (a list or mapping YAML reads whole stays one: `{"supply[0]": []}`)
            return f'{{"{key}": {value if _reads_as_collection(value) else flow_text(value)}}}'
        return '{card: "hand[me]"}'
    colon = before.rfind(": ")
    start = _flow_item_start(before[:colon]) if colon > 0 else 0
    key = before[start:colon].strip()
    value, rest = _flow_part(line[colon + 2:], ",}") if colon > 0 else ("", "")
    listed = _items_quoted(text.splitlines(), mark.line, key, value)
    if listed:  # `{highest: [score[p], -n[p]]}`: the keys are a list, each quoted
        return f"{{{key}: {listed}}}"
    quoted = len(key) > 2 and key[0] == key[-1] and key[0] in "'\"" and key[0] not in key[1:-1]  # `{"chips[me]": chips[me] - 1}`
    if not key or not value or not (quoted or key.replace("_", "").isalnum()) or '"' in value or (not rest and line.rstrip()[-1:] != "}"):
        return '{card: "hand[me]"}'
    if key == "to" and _DEAL_OPENS.match(line) and not value.startswith("["):
        value = f"[{value}]"  # a deal's `to` is a list of zones: one zone quoted alone would be E120 next
    return f'{{{key}: "{value}"}}'


def _reads_as_collection(value: str) -> bool:
    """Whether YAML reads ``value``, written as a flow mapping's value, as a list or mapping (`[]`, `[a, b]`, `{}`)."""
    try:
        loaded = yaml.safe_load(f"{{k: {value}}}")
    except yaml.YAMLError:
        return False
    return isinstance(loaded, dict) and isinstance(loaded.get("k"), (list, dict))


def _block_list_value(text: str, exc):
    """((line, column) of the value, the hint) for a `key: value` (or `- value`) line whose value, not inside { },
    starts with '[' and is the list YAML could not read (`d: [[x, x + 1] for x in range(3)]`): YAML reads such a value
    as a list, so the whole expression is quoted (the hint spoke of { } and showed an example of its own); else None."""
    began, mark = exc.context_mark, exc.problem_mark
    if began is None or mark is None or "flow sequence" not in (exc.context or "") or began.line != mark.line:
        return None
    lines = text.splitlines()
    line = lines[began.line] if began.line < len(lines) else ""
    found = _BLOCK_LIST.fullmatch(line)
    if found is None or not (found["key"] or "-" in found["lead"]) or found.start("value") > began.column:
        return None
    value = found["value"]
    listed = _items_quoted(lines, began.line, (found["key"] or "").rstrip(":"), value)
    if listed:  # `expect: [a == 1, b[0] > 2]`: a list of expressions, not one
        said = (f"YAML reads a value that starts with '[' as a list: here a list of expressions, each quoted on its own "
                f"({found['key']} {listed})")
        # at the item YAML stopped in (a trial's `["...", n == 48, fresh == []]`: not at the list's '['), quoted alone
        item = _bare_item_at(value, mark.column - found.start("value"))
        if item is None:
            return (began.line + 1, found.start("value") + 1), said
        from .schema import yaml_quoted  # (schema imports this module)
        return ((began.line + 1, found.start("value") + item[0] + 1),
                f"a bracket ends an item of a YAML list written bare: quote this item, {yaml_quoted(item[1])}; {said}")
    quote = '"' if '"' not in value else "'" if "'" not in value else None
    if quote is None:
        return None
    written = f"{found['key'] or '-'} {quote}{value}{quote}"
    return ((began.line + 1, found.start("value") + 1),
            f"YAML reads a value that starts with '[' as a list: quote the whole expression ({written})")


def _quoted_key_with_equals(text: str, mark) -> str:
    """For `{"wall[p]" = expr}` or `{"wall[p]" += expr}` (YAML stopped at the '=' or '+=' after a quoted key): a key
    and its value are written key: value, as V001 says of the same slip with a bare key (`{dealer = 2}`, which YAML
    reads as one key); else ''."""
    from .schema import equals_hint  # (schema imports this module)

    if mark is None:
        return ""
    lines = text.splitlines()
    line = lines[mark.line] if mark.line < len(lines) else ""
    sign = _ASSIGNING.match(line, mark.column)
    before = line[:mark.column].rstrip()
    opened = before.rfind(before[-1], 0, len(before) - 1) if before[-1:] in ("'", '"') else -1
    value = _flow_value(line[sign.end():]) if sign else ""
    if opened < 0 or not value:
        return ""
    return equals_hint(f"{before[opened + 1:-1]} {sign.group()} {value}", braced=True)


_ASSIGNING = re.compile(r"(//|[-+*/%])?=(?!=)")  # `=`, or `+=` and the like, not `==`


def _bare_key_with_equals(text: str, mark) -> str:
    """For `{delay[0] = -1}` (YAML stopped at the '[' of a bare key, before the '='): the hint of
    _quoted_key_with_equals, the key quoted as it must be (`{"delay[0]": -1}`); else ''."""
    from .schema import equals_hint  # (schema imports this module)

    lines = text.splitlines()
    line = lines[mark.line] if mark is not None and mark.line < len(lines) else ""
    start = _flow_item_start(line[:mark.column]) if line else 0
    key, rest = _flow_part(line[start:], "=:")
    if not key or not rest.startswith("=") or rest.startswith("==") or key[-1] in "<>!" or any(q in key for q in "'\"{"):
        return ""
    value = _flow_value(rest[1:])
    return equals_hint(f"{key} = {value}", braced=True) if value else ""


def _flow_value(text: str) -> str:
    """A flow mapping's value at the start of ``text``: up to a ',' or '}' outside brackets and quotes, stripped."""
    return text[:_flow_end(text, ",}")].strip()


def _flow_end(text: str, ends: str) -> int:
    """Where the first character of ``ends`` outside brackets and quotes is in ``text`` (its length where none is)."""
    depth, quote = 0, ""
    for at, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in ends and depth == 0:
            return at
        else:
            depth += (char in "([{") - (char in ")]}")
    return len(text)


# the keys whose value may be a YAML list of expressions, each item one, and the key they are under where only there
# they take one: such a list written bare is quoted item by item, not whole (one winners key that is a list is E120)
_EXPRESSION_LISTS = {"highest": "winners", "lowest": "winners", "expect": None, "always": None}


def _items_quoted(lines: list, index: int, key: str, value: str) -> str | None:
    """``value`` (`[score[p], -n[p]]`), written bare as the value of ``key`` on line ``index``, as a YAML list of its
    items each quoted (`["score[p]", "-n[p]"]`) where ``key`` takes a list of expressions; else None."""
    from .schema import yaml_quoted  # (schema imports this module)

    if key not in _EXPRESSION_LISTS or not (value.startswith("[") and value.endswith("]")):
        return None
    parent = _EXPRESSION_LISTS[key]
    if parent and not _under(lines, index, parent):
        return None
    items = []
    for _, item in _flow_items(value):
        quoted = item[0] == item[-1] and item[0] in "'\"" and len(item) > 1 if item else False
        if not item or (" for " in f" {item} " and not quoted):  # `[x for x in xs]` is one expression, a list of its own
            return None
        items.append(item if quoted else yaml_quoted(item))
    return f"[{', '.join(items)}]" if items else None


def _flow_items(value: str) -> list:
    """(offset in ``value``, item stripped) of each item of the flow list ``value`` (`[a, f(b, c)]`), split at its
    commas outside brackets and quotes."""
    items, at = [], 1
    while at < len(value) - 1 and value[at:-1].strip():
        end = at + _flow_end(value[at:-1], ",")
        raw = value[at:end]
        items.append((at + len(raw) - len(raw.lstrip()), raw.strip()))
        at = end + 1
    return items


def _bare_item_at(value: str, column: int) -> tuple | None:
    """(offset, item) of the item of the flow list ``value`` written bare (not quoted) that spans ``column`` (an offset
    in ``value``), where YAML stopped in it (`fresh == []`: a bracket ends a bare item); else None."""
    for at, item in _flow_items(value):
        if at <= column < at + len(item):
            return None if item[:1] in "'\"" else (at, item)
    return None


def _under(lines: list, index: int, parent: str) -> bool:
    """Whether what line ``index`` holds is under the key ``parent``: on that line after it, or the key of the
    nearest line above it indented less."""
    if f"{parent}:" in lines[index]:
        return True
    above = index
    while (above := _line_above(lines, above)) is not None:
        if _indent(lines[above]) < _indent(lines[index]):
            return lines[above].strip().startswith(f"{parent}:")
    return False


def _flow_item_start(before: str) -> int:
    """Where the flow mapping's item that ``before`` ends inside starts: after its last '{' or ',' outside brackets
    (the ',' of `range(a, b)` is the expression's, not YAML's); 0 where there is none."""
    start, depth = 0, 0
    for at, char in enumerate(before):
        if char == "{":
            start, depth = at + 1, 0
        elif char == "," and depth == 0:
            start = at + 1
        else:
            depth += (char in "([") - (char in ")]")
    return start


def _flow_part(text: str, ends: str) -> tuple:
    """``text`` up to the first character of ``ends`` outside brackets, stripped, and the rest from that character on."""
    depth = 0
    for at, char in enumerate(text):
        if char in ends and depth == 0:
            return text[:at].strip(), text[at:]
        depth += (char in "([") - (char in ")]")
    return text.strip(), ""


def _reader_loc(exc, text: str, path: str) -> Loc:
    """Where a reader error (a control character, ...) is: its character position as line:col."""
    at = getattr(exc, "position", None)
    if not isinstance(at, int) or not 0 <= at <= len(text):
        return Loc(path)
    return Loc(path, *_line_col(text, at))


def load_file(path: str):
    """Read and parse a YAML file (see ``load_text``); F001 for one that is no regular file (a pipe, a device), or a
    YAML file by its name only (refuse_other_kinds)."""
    try:
        _refuse_unless_regular(path, os.stat(path).st_mode)  # before opening: a pipe or /dev/tty waits, /dev/zero never ends
        refuse_other_kinds(path)  # by what the path leads to: a link x.yaml -> ~/.git-credentials is not read, nor shown
        # not blocking: a regular file swapped for a pipe after the check opens at once, and is refused below
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as handle:
            info = os.fstat(handle.fileno())
            _refuse_unless_regular(path, info.st_mode)
            data = handle.read(MAX_BYTES + 1)  # never more: a huge file is refused unread
            size = info.st_size
    except OSError as exc:
        raise PhiltreError.at(Loc(path), "F001", f"cannot read file: {exc.strerror}") from None
    if len(data) > MAX_BYTES:
        raise PhiltreError.at(Loc(path), "Y005", f"file is {max(size, len(data)):,} bytes; the limit is {MAX_BYTES:,}")
    return load_text(data, path)


YAML_SUFFIXES = (".yaml", ".yml")
# the kernel's own files: "regular" to os.stat, but made up as they are read (/proc/self/environ is the environment)
SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")


def is_system_file(real: str) -> bool:
    """Whether the real path ``real`` lies under /proc, /sys or /dev."""
    return any(real == folder or real.startswith(folder + "/") for folder in SYSTEM_FOLDERS)


def refuse_other_kinds(path: str) -> None:
    """F001, before reading, for a file that is a YAML file by its name only: one under /proc, /sys or /dev, or a link
    named .yaml or .yml that leads to a file of another kind. A game folder, an overlay or a record comes from anyone,
    and git keeps links: quoted in a finding, such a file's lines showed the user's environment or tokens."""
    real = os.path.realpath(path)
    if is_system_file(real):
        leads = "it is" if real == os.path.abspath(path) else "it leads to"
        raise PhiltreError.at(Loc(path), "F001", f"not a regular file: {leads} {real}, a file the system makes up as it "
                              "is read (/proc, /sys, /dev): it is not read")
    if os.fspath(path).lower().endswith(YAML_SUFFIXES) and not real.lower().endswith(YAML_SUFFIXES):
        raise PhiltreError.at(Loc(path), "F001", f"it leads to {real}, which is no YAML file (.yaml, .yml): it is not read",
                              "a link in a game's folder may lead to another .yaml or .yml file only")


def _refuse_unless_regular(path: str, mode: int) -> None:
    """F001 for a file that is no regular file, never read: a folder, or a pipe or device (it may wait, or never end)."""
    if stat.S_ISDIR(mode):
        raise PhiltreError.at(Loc(path), "F001", f"cannot read file: {os.strerror(errno.EISDIR)}")
    if not stat.S_ISREG(mode):
        raise PhiltreError.at(Loc(path), "F001", "not a regular file")


_STR = "tag:yaml.org,2002:str"
_SCALAR_TAGS = {_STR, "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
_NUMBER_STARTS = "0123456789+-."  # a bare string starting otherwise is no number (tested on text[:1], never "")
_OCTAL, _HEX = frozenset("01234567"), frozenset("0123456789abcdefABCDEF")


def _digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits."""
    return text.isdigit() and text.isascii()


def yaml12_number(text: str):
    """The number a bare scalar is in YAML 1.2's core schema (what editors read), else None: it is a string.

    PyYAML reads YAML 1.1, where 017 is octal 15, 1_000 is 1000, 1:30 is 90 (base 60), and 0o17 and 1e3 are
    strings. In YAML 1.2, and so in the editor's schema check, 017 is 17, 0o17 is 15, 1e3 is 1000.0, and the
    others are strings. As with true and false (yes and no being words), philtre reads YAML 1.2.
    """
    sign = text[:1] in ("+", "-")
    body = text[1:] if sign else text
    if _digits(body):
        return int(text)  # leading zeros are decimal
    if not sign and len(text) > 2 and text[:2] in ("0o", "0x") and (_OCTAL if text[1] == "o" else _HEX).issuperset(text[2:]):
        return int(text[2:], 8 if text[1] == "o" else 16)
    if body in (".inf", ".Inf", ".INF"):
        return -math.inf if text[0] == "-" else math.inf
    if text in (".nan", ".NaN", ".NAN"):
        return math.nan
    mantissa, e, exponent = body.replace("E", "e").partition("e")
    whole, dot, fraction = mantissa.partition(".")
    if not (dot or e):
        return None
    if not ((whole == "" or _digits(whole)) and (fraction == "" or _digits(fraction)) and (whole or fraction)):
        return None
    if e and not _digits(exponent[1:] if exponent[:1] in ("+", "-") else exponent):
        return None
    return float(text)
_STANDARD_TAGS = {
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
}


def _key_kind(key) -> str:
    return "true/false" if isinstance(key, bool) else "number" if isinstance(key, int) else "name" if isinstance(key, str) else "null"


def _check_key_kind(key, mapping: Map, loc: Loc) -> None:
    """Keys are names, numbers or true/false, one kind per mapping: mixed kinds cannot even be sorted."""
    kind = _key_kind(key)
    if kind == "null":
        raise PhiltreError.at(loc, "Y002", "a mapping key cannot be null (~): quote it if it is a name")
    other = next(iter(mapping), None)  # every key so far is of the first key's kind
    if other is not None and _key_kind(other) != kind:
        raise PhiltreError.at(loc, "Y002", f"this {kind} key is in a mapping whose keys are of another kind ('{other}'): quote the keys")


# The mappings whose keys are names (those whose order is a rule, and `define`): a key YAML reads as true/false or a
# number there is no name (`choose: {true: ...}` made a parameter True, `dice: {false: ...}` a die 'False')
NAMED_KEYS = ORDERED_MAPPINGS | {"define"}
_DATA = object()  # the parent "key" of a value that is data (a variable's `initial`), where no key is a name


def _not_a_name(key, key_node, loc: Loc) -> PhiltreError:
    """V001 at a key of a mapping of names that YAML read as true/false or a number."""
    raw = key_node.value
    if isinstance(key, bool):
        return PhiltreError.at(loc, "V001", f"the key {raw} is read by YAML as {str(key).lower()}, not a name",
                               "true, false and none are words of the language, not names: choose another name ('done', say)")
    return PhiltreError.at(loc, "V001", f"the key {raw} is read by YAML as a number, not a name",
                           f"a name starts with a letter: 'n{raw}', say")


class _Builder:
    """Turns composed YAML nodes into Map/Seq/scalars, counting nodes to bound alias expansion."""

    def __init__(self, path: str, text: str, loader):
        self.path, self.text, self.loader, self.nodes = path, text, loader, 0

    def loc(self, node) -> Loc:
        mark = node.start_mark
        if isinstance(node, yaml.ScalarNode):
            raw = self.text[mark.index : node.end_mark.index]
            return ScalarLoc(self.path, mark.line + 1, mark.column + 1, raw, node.style or "")
        return Loc(self.path, mark.line + 1, mark.column + 1)

    def build(self, node, depth: int, under=None):
        """The value of ``node``; ``under``: the key it is the value of (NAMED_KEYS's keys are checked), or _DATA."""
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise PhiltreError.at(self.loc(node), "Y007", f"more than {MAX_NODES:,} YAML nodes (after expanding aliases)")
        if depth > MAX_DEPTH:
            raise PhiltreError.at(self.loc(node), "Y006", f"nesting is deeper than {MAX_DEPTH} levels")
        if node.tag not in _STANDARD_TAGS:
            raise PhiltreError.at(self.loc(node), "Y002", f"tag '{node.tag}' is not allowed: only plain YAML data", _bang_hint(node.tag))
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, depth, under)
        if isinstance(node, yaml.SequenceNode):
            seq = Seq(self.loc(node))
            inside = _DATA if under is _DATA else None
            for item in node.value:
                seq.append(self.build(item, depth + 1, inside))
                seq.locs.append(self.loc(item))
            return seq
        if node.tag.endswith(":timestamp"):
            return node.value  # keep dates as the text the author wrote
        if node.tag.endswith(":bool") and node.value.lower() not in ("true", "false"):
            return node.value  # YAML 1.2: yes/no/on/off are words, not booleans (`on: board` means "on")
        # a scalar written bare and untagged, its type guessed by PyYAML's YAML 1.1 rules: read by YAML 1.2's instead
        plain = not node.style and node.tag in _SCALAR_TAGS and self.text[node.start_mark.index] != "!"
        if node.tag == _STR and not (plain and node.value[:1] in _NUMBER_STARTS):
            value = sys.intern(node.value)  # what the safe constructor makes of a string, without its bookkeeping
            self.check_controls(value, node)
            return value
        try:
            if plain:  # no number in YAML 1.2 (1_000, 1:30, 0b11): the text as written, as editors read it
                value = yaml12_number(node.value)
                value = node.value if value is None else value
            else:
                value = self.loader.construct_object(node)
        except (ValueError, OverflowError):  # e.g. a whole number of 5,000 digits
            raise PhiltreError.at(self.loc(node), "Y001", f"cannot read this value: a number of {len(node.value):,} characters is too large") from None
        # 0xfff... of 5,000 digits reads fine, then breaks every message; -2**63 is a 64-bit whole number, as --seed takes it
        if type(value) is int and value.bit_length() > MAX_INT_BITS and value != -2**MAX_INT_BITS:
            raise PhiltreError.at(self.loc(node), "Y001", f"whole number too large (more than {MAX_INT_BITS} bits)")
        if type(value) is float and not math.isfinite(value):  # .inf, .nan, 1.0e999: no rule can compute with them, no JSON holds them
            shown = node.value if len(node.value) <= 40 else f"{node.value[:20]}... ({len(node.value):,} characters)"
            raise PhiltreError.at(self.loc(node), "Y001", f"'{shown}' is not a finite number")
        if type(value) is str:
            self.check_controls(value, node)
        return value

    def check_controls(self, value: str, node) -> None:
        """A control character written as an escape ("\\e", "\\x1b", "\\0") is refused like one written raw (YAML
        refuses those): no rule needs one, and a name or description holding one would be printed to the terminal
        by `philtre variants`, `test` or `play`, where "\\e]0;...\\a" or "\\e[2J" rewrites the screen."""
        found = CONTROLS.search(value)
        if found:
            loc = self.loc(node)
            raise PhiltreError.at(loc.at_offset(value, found.start()), "Y001", f"a control character ({codepoint(found.group())}) "
                                  "in a text: a ruleset's texts hold printable characters, tabs and line breaks only")

    def mapping(self, node, depth: int, under=None) -> Map:
        result = Map(self.loc(node))
        names = under in NAMED_KEYS if under is not _DATA else False
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise PhiltreError.at(self.loc(key_node), "Y002", "merge keys ('<<') are not supported")
            if not isinstance(key_node, yaml.ScalarNode):
                raise PhiltreError.at(self.loc(key_node), "Y002", "a mapping key must be a plain scalar")
            key = self.build(key_node, depth + 1)
            if isinstance(key, float):
                key = str(key)
            key_loc = self.loc(key_node)
            if names and type(key) is not str and key is not None:  # (null: _check_key_kind's Y002)
                raise _not_a_name(key, key_node, key_loc)
            _check_key_kind(key, result, key_loc)
            if key in result:
                first = result.key_locs[key]
                raise PhiltreError.at(key_loc, "Y008", f"duplicate key '{key}' (first written at line {first.line})")
            # data: a variable's `initial`, and the list that is a variable's short form (a ruleset's `variables`)
            data = under is _DATA or key == "initial" or (under == "variables" and depth == 1 and isinstance(value_node, yaml.SequenceNode))
            result[key] = self.build(value_node, depth + 1, _DATA if data else key)
            result.key_locs[key] = key_loc
            result.val_locs[key] = self.loc(value_node)
        return result
