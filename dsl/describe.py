"""Words for a resolved ruleset: YAML with each value's origin, and what a variant changes."""

from __future__ import annotations

import math
import re

import yaml

from .canonical import ORDERED_MAPPINGS, canonical_text, reordered
from .yamlpos import Map, Seq, plain as _plain, yaml12_number

_LINE_BREAKS = re.compile("[\n\x85\u2028\u2029]")
_SEPARATOR_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\([LPN])")  # \L, \P, \N, not after an escaped backslash
_SEPARATOR_CODES = {"L": "\\u2028", "P": "\\u2029", "N": "\\u0085"}
# what a block cannot hold as written: line separators, a byte order mark, characters YAML does not print
_ESCAPED_IN_A_BLOCK = re.compile("[^\t\n\x20-\x7e\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029]")


def _scalar(value) -> str:
    """A value that is no container (or an empty one) as YAML on one line, read back as the same value; a container
    (in `diff`'s sentences) in flow style."""
    if isinstance(value, str):
        if yaml12_number(value) is not None:  # a text YAML 1.1 writes bare ("08", "1e3") that philtre reads as a number
            return "'" + value + "'"
        if _LINE_BREAKS.search(value):  # as PyYAML would quote it, over several lines at its own indentation
            return _double_quoted(value)
    # never wrapped: a wrapped line goes on at PyYAML's indentation, not at the one the value is printed at
    text = yaml.safe_dump(value, default_flow_style=True, width=math.inf).strip()
    # the document end marker PyYAML writes after a bare value, on a line of its own: a text's own "..." stays
    return text.removesuffix("\n...")


def _double_quoted(text: str) -> str:
    """``text`` in double quotes on one line, every line break, separator and non-ASCII character escaped."""
    quoted = yaml.safe_dump(text, default_style='"', width=math.inf).strip()
    # PyYAML writes the separators as \L, \P, \N; the escape the loader's message asks for (\u2028) says which it is
    return _SEPARATOR_ESCAPE.sub(lambda m: m[1] + _SEPARATOR_CODES[m[2]], quoted)


def dump_with_origins(value, origins: bool = True, indent: int = 0) -> str:
    """The resolved ruleset as YAML; with ``origins`` each value ends with `# file:line:col`."""
    lines: list[str] = []
    _emit(value, indent, lines, origins)
    return "\n".join(lines) + "\n"


def _origin(container, key, origins) -> str:
    if not origins or not isinstance(container, (Map, Seq)):
        return ""
    loc = container.loc_of(key)
    return f"  # {loc}" if getattr(loc, "line", 0) else ""


def _emit(value, indent, lines, origins):
    pad = " " * indent
    if isinstance(value, dict):
        for key, item in value.items():
            origin = _origin(value, key, origins)
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{_scalar(key)}:{origin}")
                _emit(item, indent + 2, lines, origins)
            else:
                lines.extend(_scalar_lines(f"{pad}{_scalar(key)}:", item, pad, origin))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            origin = _origin(value, i, origins)
            if isinstance(item, dict) and item:
                sub: list[str] = []
                _emit(item, indent + 2, sub, origins)
                first = sub[0].lstrip()
                lines.append(f"{pad}- {first}" + ("" if first.endswith(origin) or not origin else ""))
                lines.extend(sub[1:])
            elif isinstance(item, list) and item:
                lines.append(f"{pad}-{origin}")
                _emit(item, indent + 2, lines, origins)
            else:
                lines.extend(_scalar_lines(f"{pad}-", item, pad, origin))


def _scalar_lines(head: str, item, pad: str, origin: str) -> list[str]:
    """A mapping's value or a list's item that is no container, after ``head`` (`key:` or `-`): a text of several lines
    as a block (`|`), a folded line with its final line break as `>`, so that what `show` prints reads back as the same
    rules, with the same content hash; anything else (and a text no block writes exactly) on the line."""
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


def _fits_a_block(text: str) -> bool:
    """Whether every character of ``text`` can be written as it is in a block: no line separator (YAML reads it as a
    line break), no byte order mark, nothing YAML must escape."""
    return not _ESCAPED_IN_A_BLOCK.search(text)


def _short(value, width: int) -> str:
    """A value as one line of YAML, cut to ``width`` characters, with '...' where it was cut."""
    if isinstance(value, str) and "\n" not in value.rstrip("\n"):
        value = value.rstrip("\n")  # a folded expression's final line break: nothing a sentence needs to show
    text = _scalar(_plain(value))
    return text if len(text) <= width else text[: width - 3] + "..."


def describe_changes(base, resolved, path: str = "") -> list[str]:
    """What ``resolved`` changes in ``base``, one sentence per change, with where each was written."""
    out: list[str] = []
    _diff(base, resolved, path, out, resolved)
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


def _diff(base, new, path, out, container, key_in=None):
    """Sentences for what ``new`` (``container[key_in]``) changes in ``base``."""
    if isinstance(base, dict) and isinstance(new, dict):
        for key in new:
            here = f"{path}.{key}" if path else str(key)
            if key not in base:
                out.append(f"adds {here} = {_short(new[key], 100)}{_where(new, key)}")
            elif _differs(base[key], new[key], key):
                if isinstance(base[key], (dict, list)) and isinstance(new[key], type(base[key])) and _comparable(base[key], new[key]):
                    _diff(base[key], new[key], here, out, new, key)
                else:
                    out.append(f"changes {here} from {_short(base[key], 80)} to {_short(new[key], 80)}{_where(new, key)}")
        for key in base:
            if key not in new:
                here = f"{path}.{key}" if path else str(key)
                out.append(f"removes {here} (was {_short(base[key], 80)}{_written_at(base, key)})")
        moved = reordered(base, new) if key_in in ORDERED_MAPPINGS else None
        if moved:  # the same keys in another order: a rule all the same (canonical.ORDERED_MAPPINGS says why)
            out.append(f"reorders {path} from {', '.join(map(str, moved[0]))} to {', '.join(map(str, moved[1]))}"
                       f"{_where(container, key_in)}: the games follow the order of {key_in}")
        return
    if isinstance(base, list) and isinstance(new, list):
        base_names = {i["name"]: i for i in base if isinstance(i, dict) and "name" in i}
        new_names = {i["name"]: i for i in new if isinstance(i, dict) and "name" in i}
        if base_names:  # patched by name (as overlays.merge does); a base list without names is replaced whole
            # An overlay inserts and removes named items only: without those, the two lists pair up item by item,
            # so an unnamed item is compared with its own counterpart, not with whatever an insertion shifted there.
            kept_base = [b for b in base if not (isinstance(b, dict) and "name" in b and b["name"] not in new_names)]
            kept_new = [i for i, item in enumerate(new) if not (isinstance(item, dict) and "name" in item and item["name"] not in base_names)]
            partner = dict(zip(kept_new, kept_base))
            for i, item in enumerate(new):
                label = _name(item, i)
                if isinstance(item, dict) and item.get("name") in base_names:
                    _diff(base_names[item["name"]], item, f"{path}[{label}]", out, new, i)
                elif isinstance(item, dict) and "name" in item:
                    after = _name(new[i - 1], i - 1) if i > 0 else None
                    where = f" after {after}" if after else " at the start"
                    out.append(f"inserts {path}[{label}]{where}: {_short(item, 100)}{_where(new, i)}")
                else:
                    match = partner.get(i)
                    if match is None or _differs(match, item):
                        if isinstance(match, (dict, list)):
                            _diff(match, item, f"{path}[{label}]", out, new, i)
                        else:
                            out.append(f"changes {path}[{label}] to {_short(item, 100)}{_where(new, i)}")
            for i, item in enumerate(base):
                if isinstance(item, dict) and item.get("name") in base_names and item["name"] not in new_names:
                    # as a removed key says what it was, and where the base wrote it
                    out.append(f"removes {path}['{item['name']}'] (was {_short(item, 100)}{_written_at(base, i)})")
            return
        if len(base) == len(new) and any(isinstance(i, (dict, list)) for i in base):
            for i, (a, b) in enumerate(zip(base, new)):
                if _differs(a, b):
                    _diff(a, b, f"{path}[{_name(b, i)}]", out, new, i)
            return
    # a list replaced whole (a list of values, or one of another length): where the overlay wrote it
    out.append(f"changes {path} from {_short(base, 80)} to {_short(new, 80)}{_where(container, key_in)}")


def _differs(a, b, key=None) -> bool:
    """Whether two values (found under ``key``) are different rules: by kind, and by order where order is a rule."""
    return canonical_text(a, key) != canonical_text(b, key)


def _comparable(a, b) -> bool:
    if isinstance(a, list):
        return any(isinstance(i, dict) and "name" in i for i in a + b) or len(a) == len(b)
    return True
