"""Words for a resolved ruleset: YAML with each value's origin, and what a variant changes."""

from __future__ import annotations

import math
import re
from contextvars import ContextVar

import yaml

from .canonical import NAMED_MAPPINGS, ORDERED_MAPPINGS, canonical_text, reordered
from .errors import Loc
from .report import silenced_codes
from .yamlpos import NONE_WORDS, Map, Seq, plain as _plain, written_quoted, yaml12_number

_LINE_BREAKS = re.compile("[\n\x85\u2028\u2029]")
_SEPARATOR_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\([LPN])")  # \L, \P, \N, not after an escaped backslash
_ASTRAL_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\U([0-9A-F]{8})")  # \U0001F600, not after an escaped backslash
_SEPARATOR_CODES = {"L": "\\u2028", "P": "\\u2029", "N": "\\u0085"}
# the longest key YAML reads on the line of its value (`key: value`), quotes included; a longer one is written `? key`
SIMPLE_KEY_LIMIT = 1024
# the longest line (its comments aside) `show` prints a list or map of values that are no containers on, in flow style
FLOW_WIDTH = 100
_PARTS_SHOWN = 3  # parts of a changed container another file wrote, each with its place; then how many more
# what a block cannot hold as written: line separators, a byte order mark, characters YAML does not print
_ESCAPED_IN_A_BLOCK = re.compile("[^\t\n\x20-\x7e\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029]")


def _scalar(value, in_flow: bool = False) -> str:
    """A value that is no container (or an empty one) as YAML on one line, read back as the same value; a container
    (in `diff`'s sentences) in flow style, each item written as one value alone is (a text with single quotes in double
    quotes, where YAML's own flow style doubled each quote inside single ones). ``in_flow``: as an item of a flow
    container, where a `,` or a bracket ends a bare text."""
    if isinstance(value, (dict, list)) and value:
        return _flow(value)
    if isinstance(value, str):
        if yaml12_number(value) is not None:  # a text YAML 1.1 writes bare ("08", "1e3") that philtre reads as a number
            return "'" + value + "'"
        if _LINE_BREAKS.search(value) or _has_invisible(value):  # (PyYAML would write them raw, or over several lines)
            return _double_quoted(value)
    # never wrapped: a wrapped line goes on at PyYAML's indentation, not at the one the value is printed at; letters
    # beyond ASCII as written (PyYAML still escapes control characters, a byte order mark and the separators)
    if in_flow:  # (PyYAML quotes a text by where it stands: `a, b` alone, `'a, b'` in a list)
        text = yaml.safe_dump([value], default_flow_style=True, width=math.inf, allow_unicode=True).strip()[1:-1]
    else:
        text = yaml.safe_dump(value, default_flow_style=True, width=math.inf, allow_unicode=True).strip()
    if isinstance(value, str) and text.startswith('"'):  # (a tab in it, say)
        text = _astral_as_written(text)
    if isinstance(value, str) and _reads_better_double_quoted(value, text):
        return _double_quoted(value)
    # the document end marker PyYAML writes after a bare value, on a line of its own: a text's own "..." stays
    return text.removesuffix("\n...")


def _flow(value) -> str:
    """A list or map in flow style on one line, its items as _scalar writes them; a map's keys in the order they are
    written, so that a statement starts with its kind word as its author wrote it (sorted, as PyYAML sorts them, a
    trial's `{repeat: ..., do: [...]}` read `{do: [...], repeat: ...}`, and a cut line lost the `repeat`)."""
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(item, True) for item in value) + "]"
    return "{" + ", ".join(f"{_scalar(key, True)}: {_scalar(item, True)}" for key, item in value.items()) + "}"


def _reads_better_double_quoted(text: str, single_quoted: str) -> bool:
    """Whether ``text``, which PyYAML wrote as ``single_quoted``, reads better in double quotes: it holds a single
    quote, each one doubled inside single quotes (`'[''red'', ''blue'']'`), and nothing double quotes escape (a `"`, a
    backslash, a character that is not printable), so that `"['red', 'blue']"` shows it as written."""
    return (single_quoted.startswith("'") and "'" in text and '"' not in text and "\\" not in text
            and text.isprintable())


def _astral_as_written(quoted: str) -> str:
    """A double-quoted text with each printable character beyond U+FFFF (an emoji) as written: PyYAML escapes them all
    in double quotes (\\U0001F600), though it reads them back as written."""
    def written(m):
        char = chr(int(m[2], 16))
        return m[1] + char if char.isprintable() else m[0]

    return _ASTRAL_ESCAPE.sub(written, quoted)


def _double_quoted(text: str) -> str:
    """``text`` in double quotes on one line, every line break, separator and control character escaped (and a byte
    order mark, which PyYAML will not write as it is), and every invisible format character (_escape_invisible)."""
    quoted = yaml.safe_dump(text, default_style='"', width=math.inf, allow_unicode=True).strip()
    # PyYAML writes the separators as \L, \P, \N; the escape the loader's message asks for (\u2028) says which it is
    return _escape_invisible(_astral_as_written(_SEPARATOR_ESCAPE.sub(lambda m: m[1] + _SEPARATOR_CODES[m[2]], quoted)))


def _has_invisible(text: str) -> bool:
    """Whether ``text`` holds an invisible format character (Unicode's category Cf): a right-to-left override (U+202E)
    or isolate (U+2066) that a terminal obeys, printing the text after it reversed, a zero-width space (U+200B), a soft
    hyphen, a tag character (U+E0041). Each is escaped where `show` and `diff` print it (_escape_invisible)."""
    if text.isprintable():  # (Python prints no Cf character as itself: the common text needs no look at each one)
        return False
    import unicodedata

    return any(unicodedata.category(c) == "Cf" for c in text)


def _escape_invisible(quoted: str) -> str:
    """A double-quoted text with each invisible format character written as its escape (\\u202E, \\U000E0041), which
    YAML reads back as the character: what is printed shows what the text holds, and loads as the same text."""
    if not _has_invisible(quoted):
        return quoted
    import unicodedata

    return "".join((f"\\u{ord(c):04X}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08X}") if unicodedata.category(c) == "Cf" else c
                   for c in quoted)


def dump_with_origins(value, origins: bool = True, indent: int = 0) -> str:
    """The resolved ruleset as YAML; with ``origins`` each value ends with `# file:line:col`."""
    lines: list[str] = []
    _emit(value, indent, lines, origins)
    return "\n".join(lines) + "\n"


def _origin(container, key, origins, own_line: bool = False) -> str:
    """What ends the line of ``container[key]``: with ``origins``, `# file:line:col` of its value, or (``own_line``: a
    key whose value, a block, is printed on the lines below it) of the key, the line the key is on (a trial's
    `components:` was annotated with the line below it, its first entry's); then the `# philtre: ignore[...]` comments
    of the lines it was written on (_silences)."""
    if not isinstance(container, (Map, Seq)):
        return ""
    loc = container.key_loc(key) if own_line and isinstance(container, Map) else container.loc_of(key)
    return (f"  # {loc}" if origins and getattr(loc, "line", 0) else "") + _silences(container, key)


def _silences(container, key, flowed: bool = False) -> str:
    """`  # philtre: ignore[...]` with the codes the comments on the lines where ``container[key]`` was written (its key,
    and its value where that is printed on the same line) silence, or '': a finding of the printed rules is on the line
    of what it points at, so a comment kept there silences what it silenced where that was written. ``flowed``: its
    value, a container, printed on that line in flow style (_flow_line), each of its items' codes there too."""
    codes = dict.fromkeys(_silenced(container, key))
    if flowed:
        item = container[key]
        codes.update(dict.fromkeys(code for k in _keys(item) for code in _silenced(item, k)))
    return f"  # philtre: ignore[{', '.join(codes)}]" if codes else ""


def _silenced(container, key) -> list:
    """The codes the comments on the lines where ``container[key]`` was written silence (_silences)."""
    if not isinstance(container, (Map, Seq)):
        return []
    item = container[key]
    locs = [] if isinstance(item, (dict, list)) and item else [container.loc_of(key)]  # (a container: on lines of its own)
    if isinstance(container, Map) and key in container.key_locs:
        locs.insert(0, container.key_locs[key])
    return [code for loc in locs for code in silenced_codes(loc.path, getattr(loc, "line", 0))]


def _keys(container) -> list:
    """A list's indexes, a map's keys."""
    return list(range(len(container))) if isinstance(container, list) else list(container)


def _flow_line(head: str, container, key, origins: bool) -> str | None:
    """``container[key]``, a list or map of values that are no containers, after ``head`` (`key:` or `-`) on one line in
    flow style (`initial: [0, 0, 5]`, as `diff` writes it and an author would), where that fits FLOW_WIDTH; None for one
    to print in block style, an item a line: one longer, one holding a container, a text of several lines (a block
    shows it as written) or a word kept in its quotes (_kept_quoted)."""
    item = container[key]
    keys = _keys(item)
    if any(isinstance(item[k], (dict, list)) or (isinstance(item[k], str) and _LINE_BREAKS.search(item[k]))
           or _kept_quoted(item, k) for k in keys):
        return None
    line = f"{head} {_flow(_plain(item))}"
    if len(line) > FLOW_WIDTH:
        return None
    loc = container.loc_of(key) if isinstance(container, (Map, Seq)) else None
    at = f"  # {loc}" if origins and getattr(loc, "line", 0) else ""
    return line + at + _silences(container, key, flowed=True)


def _emit(value, indent, lines, origins):
    pad = " " * indent
    if isinstance(value, dict):
        for key, item in value.items():
            origin = _origin(value, key, origins)
            head = _key_head(key, pad, lines)
            # (a section, `define:`, `zones:`, keeps an entry a line: what a reader looks down for)
            flowed = (_flow_line(head, value, key, origins) if isinstance(item, list) and item
                      or isinstance(item, dict) and item and indent else None)
            if flowed is not None:
                lines.append(flowed)
            elif isinstance(item, (dict, list)) and item:
                lines.append(f"{head}{_origin(value, key, origins, own_line=True)}")
                _emit(item, indent + 2, lines, origins)
            else:
                lines.extend(_scalar_lines(head, item, pad, origin, _kept_quoted(value, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            origin = _origin(value, i, origins)
            if isinstance(item, dict) and item:
                sub: list[str] = []
                _emit(item, indent + 2, sub, origins)
                first = sub[0].lstrip()
                lines.append(f"{pad}- {first}" + ("" if first.endswith(origin) or not origin else ""))
                lines.extend(sub[1:])
            elif isinstance(item, list) and item and (flowed := _flow_line(f"{pad}-", value, i, origins)) is not None:
                lines.append(flowed)  # (a list of lists: a row a line; a map item stays `- key: ...`, as a statement is written)
            elif isinstance(item, list) and item:
                lines.append(f"{pad}-{origin}")
                _emit(item, indent + 2, lines, origins)
            else:
                lines.extend(_scalar_lines(f"{pad}-", item, pad, origin, _kept_quoted(value, i)))


def _key_head(key, pad: str, lines: list[str]) -> str:
    """What goes before a mapping's value: `key:`; for a key too long to be a simple key, `? key` on a line of its own
    (added to ``lines``), then `:`."""
    written = _scalar(key)
    if len(written) <= SIMPLE_KEY_LIMIT:
        return f"{pad}{written}:"
    lines.append(f"{pad}? {written}")
    return f"{pad}:"


def _scalar_lines(head: str, item, pad: str, origin: str, quote: str = "") -> list[str]:
    """A mapping's value or a list's item that is no container, after ``head`` (`key:` or `-`): a text of several lines
    as a block (`|`), a folded line with its final line break as `>`, so that what `show` prints reads back as the same
    rules, with the same content hash; anything else (and a text no block writes exactly) on the line. ``quote``: the
    quote a word whose quotes tell the lints it is meant was written in (_kept_quoted), printed in it again."""
    if quote:
        return [f"{head} {quote}{item}{quote}{origin}"]
    if isinstance(item, str) and "\n" in item.rstrip("\n") and _fits_a_block(item):
        body = item.rstrip("\n")
        kept = len(item) - len(body)  # the final line breaks: none (|-), one (|), or more, kept with the blank lines (|+)
        # a first line that is blank or starts with blank space would set the block's indentation: say it (2)
        indicator = "2" if item[:1] in " \t\n" else ""
        chomp = "-" if kept == 0 else "" if kept == 1 else "+"
        lines = body.split("\n") + [""] * (kept - 1)
        return [f"{head} |{indicator}{chomp}{origin}", *(f"{pad}  {line}" for line in lines)]
    if (isinstance(item, str) and item.endswith("\n") and item[:1].strip() and not item[:-1].endswith((" ", "\n"))
            and _fits_a_block(item)):
        return [f"{head} >{origin}", f"{pad}  {item[:-1]}"]
    return [f"{head} {_scalar(_plain(item))}{origin}"]


def _kept_quoted(container, key) -> str:
    """The quote ``container[key]`` was written in where it is the word none (none, None, NONE) in YAML's quotes, else
    '': YAML reads it bare as the same text, but the quotes tell L018 that the word is meant, so `show` keeps them (its
    output validates the same)."""
    item = container[key]
    return written_quoted(container, key) if isinstance(item, str) and item in NONE_WORDS else ""


def _fits_a_block(text: str) -> bool:
    """Whether every character of ``text`` can be written as it is in a block: no line separator (YAML reads it as a
    line break), no byte order mark, nothing YAML must escape, no invisible format character (_has_invisible)."""
    return not _ESCAPED_IN_A_BLOCK.search(text) and not _has_invisible(text)


_BROKEN_SPACE = re.compile(r"([(\[{]?)[ \t]*\r?\n[ \t\r\n]*([)\]}]?)")  # a line break, the spaces around it, a bracket


def _one_line(value, collapsed: bool = True):
    """A value (plain data) as a sentence shows it: each text without its final line break (a folded or literal
    block's), and, ``collapsed``, each line break inside it, with the spaces and indentation around it, one space (none
    after an opening bracket or before a closing one), as the expressions read a rule written over several lines (a
    sentence printed `(\\n  not ...` from a folded `>` expression)."""
    if isinstance(value, dict):
        return {key: _one_line(item, collapsed) for key, item in value.items()}
    if isinstance(value, list):
        return [_one_line(item, collapsed) for item in value]
    if not isinstance(value, str):
        return value
    value = value.rstrip("\n")
    return _BROKEN_SPACE.sub(_joined, value) if collapsed else value


def _joined(broken) -> str:
    """What a line break _BROKEN_SPACE found becomes: one space, none beside a bracket."""
    opening, closing = broken.group(1), broken.group(2)
    return opening + closing if opening or closing else " "


# `diff --full`: every value whole, none cut (describe_changes sets it for the sentences it makes)
_WHOLE: ContextVar[bool] = ContextVar("whole", default=False)
_WORD = re.compile(r"[\w'\"\\]")  # what a cut keeps together: a word, with its quotes (`it's`, `'red'`) and escapes
_NEAR_A_SPACE = 5  # a cut looks this part of the width back for a space before it settles for another word boundary


def _splits_nothing(text: str, j: int, spaces: bool = False) -> bool:
    """Whether a cut before ``text[j]`` splits no word: it is beside a space (an item of a list ends at one, `a, b`),
    or, unless ``spaces``, between a word and a sign (`f(1)+g`; a quote or a backslash is of its word, _WORD)."""
    before, after = text[j - 1: j], text[j: j + 1]
    if before.isspace() or after.isspace():
        return True
    return not spaces and not (_WORD.match(before) and _WORD.match(after))


def _boundary(text: str, at: int, width: int, lowest: int = 0, forward: bool = False) -> int:
    """The place nearest ``at``, at or before it and after ``lowest`` (``forward``: at or after it, up to ``lowest``),
    where a cut splits no word, a space within a fifth of ``width`` first (an item of a list, a word of a text, whole);
    ``at`` itself where no word ends in between (one word longer than the room)."""
    for spaces, reach in ((True, max(4, width // _NEAR_A_SPACE)), (False, abs(at - lowest))):
        places = range(at, min(lowest, at + reach) + 1) if forward else range(at, max(lowest, at - reach), -1)
        found = next((j for j in places if _splits_nothing(text, j, spaces)), None)
        if found is not None:
            return found
    return at


def _cut_end(body: str, end: int) -> str:
    """``body`` up to ``end`` (a boundary), '...' after it: apart by a space where a space was cut."""
    if end >= len(body):
        return body
    spaced = body[end - 1: end].isspace() or body[end: end + 1].isspace()
    return body[:end].rstrip() + (" ..." if spaced else "...")


def _cut_start(body: str, start: int) -> str:
    """``body`` from ``start`` (a boundary), '...' before it: apart by a space where a space was cut."""
    if start <= 0:
        return body
    spaced = body[start - 1: start].isspace() or body[start: start + 1].isspace()
    return ("... " if spaced else "...") + body[start:].lstrip()


def _short(value, width: int, collapsed: bool = True, bare: bool = False) -> str:
    """A value as one line of YAML, cut to about ``width`` characters at a word's or an item's end, with '...' where it
    was cut (``collapsed``: _one_line); whole under `diff --full`. ``bare``: an expression's text, unquoted (_text)."""
    text = _text(value, collapsed, bare)
    if len(text) <= width or _WHOLE.get():
        return text
    quote = text[0] if text[0] in "'\"" else ""
    body = text[len(quote): len(text) - len(quote)]
    room = width - 3 - 2 * len(quote)
    end = _boundary(body, room, width, 1)
    if len(_cut_end(body, end)) > room + 3:  # (cut before a space: ' ...' is one longer)
        end = _boundary(body, end - 1, width, 1)
    if quote:  # (closed after the cut, as it was written: half an escape is dropped, not left to escape the quote)
        halves = len(body[:end]) - len(body[:end].rstrip("\\" if quote == '"' else "'"))  # a run of '' (or \\) ending in half of one
        end -= 1 if halves % 2 and end > 1 else 0
    return quote + _cut_end(body, end) + quote


def _text(value, collapsed: bool = True, bare: bool = False) -> str:
    """A value as one line of YAML, whole (what _short cuts); ``bare``: a definition's body, printed as its expression's
    text (expression_text) without YAML's quotes, as any other expression is (`true`, not `'true'`)."""
    if bare and not isinstance(value, (dict, list)):
        text = _one_line(expression_text(value), collapsed)
        if not _LINE_BREAKS.search(text) and not _has_invisible(text):
            return text
    return _scalar(_one_line(_plain(value), collapsed))


def expression_text(value):
    """A scalar written where an expression is (a definition's body) as the expression's text: YAML reads `5000` a
    number, `true` a truth value and `"5000"` a text, and all are the one expression; other values as they are."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, (int, float)) else value


SEEN_BEFORE = 20  # characters shown before the first difference, where a value is cut around it


def _shorts(base, new, base_width: int, new_width: int, bare: bool = False) -> tuple[str, str]:
    """A changed value before and after, each as _short gives it (``bare``: expressions' texts); where both are cut at
    the same place, or the first difference lies past what either shows, each is cut around that difference instead,
    so that the two differ."""
    before, after = _text(base, bare=bare), _text(new, bare=bare)
    collapsed = before != after  # (texts that differ only in their line breaks are shown with them, so that they differ)
    if not collapsed:
        before, after = _text(base, collapsed, bare), _text(new, collapsed, bare)
    if _WHOLE.get():
        return before, after
    same = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after)))
    if all(len(t) <= w or same + SEEN_BEFORE // 2 < w - 4 for t, w in ((before, base_width), (after, new_width))):
        shown = _short(base, base_width, collapsed, bare), _short(new, new_width, collapsed, bare)
        if shown[0] != shown[1]:  # (a cut at a word's end may drop the word that differs)
            return shown
    return _around(before, same, base_width), _around(after, same, new_width)


def _around(text: str, at: int, width: int) -> str:
    """``text`` cut to about ``width`` characters around character ``at``, with '...' where it was cut at either end,
    each cut at a word's or an item's end (a quoted text keeps its quotes, and no half of an escape at either cut)."""
    if len(text) <= width:
        return text
    quote = text[0] if text[0] in "'\"" else ""
    body = text[len(quote): len(text) - len(quote)]
    escape = "\\" if quote == '"' else "'"
    start = max(0, at - len(quote) - SEEN_BEFORE)
    start = max(0, min(start, len(body) - (width - 2 * len(quote) - 4)))  # near the end: as much before it as fits
    if start:  # at a word's start: the next one, if the change is not passed by then, else the one before
        ahead = _boundary(body, start, width, at - len(quote), forward=True)
        start = ahead if _splits_nothing(body, ahead) else _boundary(body, start, width)
    if quote:  # a cut after half of a run of escapes would leave its other half escaping the next character
        run = len(body[:start]) - len(body[:start].rstrip(escape))
        start -= run % 2
    room = width - 2 * len(quote) - (4 if start else 0)
    end = len(body)
    if len(body) - start > room:
        end = _boundary(body, start + room - 4, width, max(start + 1, at - len(quote) + 1))
        if quote:
            halves = len(body[start:end]) - len(body[start:end].rstrip(escape))
            end -= 1 if halves % 2 and end - start > 1 else 0
    return quote + _cut_start(_cut_end(body, end), start) + quote


def describe_changes(base, resolved, path: str = "", whole: bool = False) -> list[str]:
    """What ``resolved`` changes in ``base``, one sentence per change, with where each was written; ``whole``
    (`diff --full`): each value printed whole, none cut short."""
    out: list[str] = []
    token = _WHOLE.set(whole)
    try:
        _diff(base, resolved, path, out, resolved)
    finally:
        _WHOLE.reset(token)
    return out


def _where(container, key) -> str:
    if isinstance(container, (Map, Seq)):
        loc = container.loc_of(key)
        if getattr(loc, "line", 0):
            return f" ({loc})"
    return ""


def _written_at(container, key) -> str:
    """', written at FILE:LINE:COL' for what the base held at ``key`` (a removal's place: the overlay keeps nothing of it)."""
    where = _where(container, key)
    return f", written at {where[2:-1]}" if where else ""


def _name(item, index) -> str:
    return f"'{item['name']}'" if isinstance(item, dict) and "name" in item else f"#{index + 1}"


def _diff(base, new, path, out, container, key_in=None, word=None):
    """Sentences for what ``new`` (``container[key_in]``) changes in ``base``.

    ``word``: the word of the language ``new`` is found under, None under a name the author chose (canonical.canonical).
    """
    if isinstance(base, dict) and isinstance(new, dict):
        names = word in NAMED_MAPPINGS  # its keys are names the author chose, not words of the language
        bare = word == "define"  # definitions: expressions, told by their text (`5000` and "5000" are one)
        for key in new:
            here = f"{path}.{key}" if path else str(key)
            under = None if names else key
            if key not in base:
                out.append(f"adds {here} = {_short(new[key], 100, bare=bare)}{_cited(new, key, new[key])}")
            elif bare and not isinstance(new[key], (dict, list)) and not isinstance(base[key], (dict, list)):
                if expression_text(base[key]) != expression_text(new[key]):
                    out.append("changes {} from {} to {}{}".format(here, *_shorts(base[key], new[key], 80, 80, bare=True),
                                                                  _cited(new, key, new[key])))
            elif _differs(base[key], new[key], under):
                if (isinstance(base[key], (dict, list)) and isinstance(new[key], type(base[key]))
                        and _comparable(base[key], new[key], _statements(base[key], new[key], under, here))):
                    _diff(base[key], new[key], here, out, new, key, under)
                else:
                    out.append("changes {} from {} to {}{}".format(here, *_shorts(base[key], new[key], 80, 80), _cited(new, key, new[key])))
        for key in base:
            if key not in new:
                here = f"{path}.{key}" if path else str(key)
                out.append(f"removes {here} (was {_short(base[key], 80, bare=bare)}{_written_at(base, key)})")
        moved = reordered(base, new) if word in ORDERED_MAPPINGS else None
        if moved:  # the same keys in another order: a rule all the same (canonical.ORDERED_MAPPINGS says why)
            out.append(f"reorders {path} from {', '.join(map(str, moved[0]))} to {', '.join(map(str, moved[1]))}"
                       f"{_where(container, key_in)}: the games follow the order of {key_in}")
        return
    if isinstance(base, list) and isinstance(new, list):
        statements = _statements(base, new, word, path)
        # patched by name (as overlays.merge does), or statements inserted or removed (of another number, or one
        # matching another's place): item by item, each inserted, removed or changed said as such; else place by place
        if any(_named(item) for item in base) or statements and (
                len(base) != len(new) or any(i != j for i, j in _align(base, new)[0].items())):
            _diff_named_list(base, new, path, out)
            return
        if len(base) == len(new) and any(isinstance(i, (dict, list)) for i in base):
            for i, (a, b) in enumerate(zip(base, new)):
                if statements and _kinds_differ(a, b):
                    out.append(_replaces(f"{path}[{_name(a, i)}]", a, b, base, new, i))
                elif _differs(a, b):
                    _diff(a, b, f"{path}[{_name(b, i)}]", out, new, i)
            return
    # a list replaced whole (a list of values, or one of another length): where the overlay wrote it
    out.append("changes {} from {} to {}{}".format(path, *_shorts(base, new, 80, 80), _cited(container, key_in, new)))


def _diff_named_list(base, new, path, out):
    """Sentences for a list patched by name: what changed in the items both lists hold, each item inserted or removed
    at its place (named or not), and named items that changed order."""
    partner, moved = _align(base, new)
    for i, item in enumerate(new):
        label = _name(item, i)
        match = partner.get(i)
        if match is None:
            out.append(f"inserts {path}[{label}] {_place(new, i, 'at the start')}: {_short(item, 100)}{_cited(new, i, item)}")
        elif _kinds_differ(base[match], item):  # (a named statement replaced by one of another kind)
            out.append(_replaces(f"{path}[{label}]", base[match], item, base, new, i, match))
        elif _named(item):
            _diff(base[match], item, f"{path}[{label}]", out, new, i)
        elif _differs(base[match], item):  # an unnamed item of the same kind, in the same stretch: what changed in it
            if isinstance(base[match], (dict, list)):
                _diff(base[match], item, f"{path}[{label}]", out, new, i)
            else:
                out.append("changes {}[{}] from {} to {}{}".format(path, label, *_shorts(base[match], item, 80, 100), _cited(new, i, item)))
    kept = set(partner.values())
    for j, item in enumerate(base):
        if j not in kept:  # as a removed key says what it was, and where the base wrote it
            out.append(f"removes {path}[{_name(item, j)}] (was {_short(item, 100)}{_written_at(base, j)})")
    if moved:  # the named items in another order: where each that moved is now, and where the overlay put it
        shared = {item["name"] for item in base if _named(item)} & {item["name"] for item in new if _named(item)}
        was, now = ([f"'{item['name']}'" for item in items if _named(item) and item["name"] in shared] for items in (base, new))
        moves = " and ".join(f"'{new[i]['name']}' {_place(new, i, 'to the start')}" for i in moved)
        out.append(f"reorders {path} from {', '.join(was)} to {', '.join(now)}, moving {moves}{_where(new, moved[0])}")


_STATEMENT_LISTS = ("flow", "do", "else", "round", "then")  # the words a list of statements is found under (and a block's name)


def _kind(item):
    """The kind of statement ``item`` is (its word: move, decide, turns, ...), or None where it is none."""
    if not isinstance(item, dict):
        return None
    from .statements import KIND_PRECEDENCE  # (here: statements imports the compiler, which diff alone needs)

    kinds = [key for key in item if key in KIND_PRECEDENCE]
    return min(kinds, key=KIND_PRECEDENCE.index) if kinds else None


def _kinds_differ(a, b) -> bool:
    """Whether ``a`` and ``b`` are statements of two kinds (a `move` replaced by a `decide`): told as one replaced,
    not as keys added to and removed from one statement."""
    kind = _kind(a)
    return kind is not None and _kind(b) not in (None, kind)


def _replaces(here: str, old, new, base, container, key, was=None) -> str:
    """The sentence for statement ``old`` (``base[was]``, ``was`` defaulting to ``key``) at ``here`` replaced by ``new``
    (``container[key]``), a statement of another kind: what it was and where the base wrote it, as a removal says."""
    before, after = _shorts(old, new, 80, 100)
    written = _written_at(base, key if was is None else was)
    return f"replaces the '{_kind(old)}' at {here} (was {before}{written}) with a '{_kind(new)}': {after}{_cited(container, key, new)}"


def _named(item) -> bool:
    """Whether ``item`` is a statement with a `name:` (one an overlay patches by that name)."""
    return isinstance(item, dict) and "name" in item


def _place(items, i, first: str) -> str:
    """Where item ``i`` of ``items`` stands: after the item before it (`after 'deal'`, `after #2`), or ``first``."""
    return f"after {_name(items[i - 1], i - 1)}" if i > 0 else first


def _align(base, new) -> tuple[dict, list]:
    """Which item of ``base`` each item of ``new`` is (a mapping of indexes), and the indexes in ``new`` of the named
    items that changed order. Named items pair by name; those that keep their order anchor the rest: between two
    anchors, an unnamed item pairs with an equal one, or with one of its kind at its place (a statement changed
    there). An item left without a partner is an insertion (in ``new``) or a removal (in ``base``)."""
    from difflib import SequenceMatcher  # here, not at import: difflib compiles a pattern on import (dsl/patterns.py)

    base_at = {item["name"]: j for j, item in enumerate(base) if _named(item)}
    new_at = {item["name"]: i for i, item in enumerate(new) if _named(item)}
    shared_was = [name for name in base_at if name in new_at]
    shared_now = sorted(shared_was, key=new_at.get)
    in_order = set()
    for block in SequenceMatcher(None, shared_was, shared_now, autojunk=False).get_matching_blocks():
        in_order.update(shared_was[block.a: block.a + block.size])
    partner = {new_at[name]: base_at[name] for name in shared_was}
    moved = [new_at[name] for name in shared_now if name not in in_order]
    anchors = [(-1, -1)] + [(base_at[n], new_at[n]) for n in shared_was if n in in_order] + [(len(base), len(new))]
    for (b0, n0), (b1, n1) in zip(anchors, anchors[1:]):
        olds = [j for j in range(b0 + 1, b1) if not (_named(base[j]) and base[j]["name"] in new_at)]
        news = [i for i in range(n0 + 1, n1) if not (_named(new[i]) and new[i]["name"] in base_at)]
        partner.update(_pair_between(base, new, olds, news))
    return partner, moved


def _pair_between(base, new, olds, news) -> dict:
    """The pairs (new index -> base index) among the items ``olds`` of ``base`` and ``news`` of ``new`` that lie
    between the same two anchors: equal items in their order, then unnamed items of one kind left at one place."""
    def key(item):
        return ("name", item["name"]) if _named(item) else ("rule", canonical_text(item))

    from difflib import SequenceMatcher

    pairs = {}
    matcher = SequenceMatcher(None, [key(base[j]) for j in olds], [key(new[i]) for i in news], autojunk=False)
    for tag, a0, a1, c0, c1 in matcher.get_opcodes():
        if tag == "equal":
            pairs.update(zip(news[c0:c1], olds[a0:a1]))
        elif tag == "replace":
            unnamed_old = [j for j in olds[a0:a1] if not _named(base[j])]
            unnamed_new = [i for i in news[c0:c1] if not _named(new[i])]
            pairs.update((i, j) for i, j in zip(unnamed_new, unnamed_old) if _alike(base[j], new[i]))
    return pairs


def _alike(a, b) -> bool:
    """Whether two unnamed items are of one kind (statements sharing a key, two lists, two values): one changed into
    the other, rather than one removed and the other inserted."""
    if isinstance(a, dict) and isinstance(b, dict):
        return bool(a.keys() & b.keys())
    if isinstance(a, (dict, list)) or isinstance(b, (dict, list)):
        return isinstance(a, list) and isinstance(b, list)
    return True


def _cited(container, key, value) -> str:
    """' (FILE:LINE:COL)' where ``value`` (``container[key]``) was written; for a container whose parts other files
    wrote (a variant that extends another, changing what that one added), each such part with its own place too."""
    where = _where(container, key)
    if not where or not isinstance(value, (Map, Seq)):
        return where
    parts: list = []
    _written_elsewhere(value, container.loc_of(key).path, "", parts)
    if not parts:
        return where
    shown = [f"{part} at {loc}" for part, loc in parts[:_PARTS_SHOWN]]
    if len(parts) > _PARTS_SHOWN:
        files = dict.fromkeys(str(Loc(loc.path)) for _, loc in parts[_PARTS_SHOWN:])
        shown.append(f"{len(parts) - _PARTS_SHOWN} more in {', '.join(files)}")
    return f"{where[:-1]}; its {', '.join(shown)})"


def _written_elsewhere(value, home: str, path: str, parts: list) -> None:
    """Add to ``parts`` (path inside ``value``, place) each largest part of ``value`` written wholly in a file other
    than ``home``."""
    for part, loc, item in _parts(value, path):
        files = _files(item) | ({loc.path} if getattr(loc, "line", 0) else set())
        if len(files) == 1 and home not in files and getattr(loc, "line", 0):
            parts.append((part, loc))
        elif isinstance(item, (Map, Seq)) and files - {home}:
            _written_elsewhere(item, home, part, parts)


def _parts(value, path: str):
    """(path, place, item) of each key's value of a mapping, or each item of a list."""
    if isinstance(value, Map):
        return [(f"{path}.{key}" if path else str(key), value.loc_of(key), item) for key, item in value.items()]
    return [(f"{path}[{_name(item, i)}]", value.loc_of(i), item) for i, item in enumerate(value)]


def _files(value) -> set:
    """The files that wrote the parts of ``value`` (a container's; none for a value)."""
    if not isinstance(value, (Map, Seq)):
        return set()
    found = set()
    for _, loc, item in _parts(value, ""):
        if getattr(loc, "line", 0):
            found.add(loc.path)
        found |= _files(item)
    return found


def _differs(a, b, key=None) -> bool:
    """Whether two values (found under ``key``) are different rules: by kind, and by order where order is a rule."""
    return canonical_text(a, key) != canonical_text(b, key)


def _comparable(a, b, statements: bool = False) -> bool:
    """Whether ``a`` and ``b`` are told part by part (else as one value replaced): maps, lists of one length, lists
    patched by name, and lists of statements (``statements``)."""
    if isinstance(a, list):
        return statements or any(isinstance(i, dict) and "name" in i for i in a + b) or len(a) == len(b)
    return True


def _statements(base, new, word, path: str) -> bool:
    """Whether ``base`` and ``new``, found under ``word`` at ``path``, are lists of statements (a flow, a `do`, an
    `else`, a block): an item inserted or removed there is told as such, whatever the list's length."""
    return (isinstance(base, list) and isinstance(new, list) and (word in _STATEMENT_LISTS or path.startswith("blocks."))
            and all(isinstance(item, dict) for item in base + new))
