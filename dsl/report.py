"""Findings as people and machines read them: text with the source line and a caret, JSON, GitHub.

A finding is a ``Diagnostic`` with its layer (which check found it) and its severity
(errors and warnings fail a validation, notes only inform). Each format is one small
function in ``FORMATS``; all take the findings and return the text to print.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache

from .errors import Diagnostic, printable, tidy_path
from .plain_data import Frozen

# layers in the order the checks run; a layer with errors stops the ones after it
LAYERS = ("yaml", "overlay", "schema", "expressions", "references", "lints", "smoke")
# the layers a summary names only where they found something: an overlay's patches are applied only where a file has
# overlays (smoke games are played only with --smoke, which summary is told)
SAID_WHEN_FOUND = ("overlay",)
# code -> layer, by first letter; statements, declarations and scenarios are cross-references
_LAYER_OF_LETTER = {"F": "yaml", "Y": "yaml", "V": "schema", "O": "overlay", "E": "expressions",
                    "R": "references", "S": "references", "T": "references", "D": "references", "P": "references",
                    "L": "lints", "C": "smoke"}
RUNTIME_CODES = ("R100", "R200", "R300")  # what a running game reports: found by --smoke


class Finding(Frozen):
    """A diagnostic with the layer that found it and how serious it is."""

    diagnostic: Diagnostic
    layer: str
    severity: str  # 'error' | 'warning' | 'note'
    variants: tuple = ()  # the overlays applied when it was found (a finding of the ruleset alone has none)

    @property
    def fails(self) -> bool:
        """Whether this finding makes a validation fail (errors and warnings do, notes do not)."""
        return self.severity != "note"


# said, failing nothing: a scenario's pattern that may not take what was meant (T021), a map it gives lacking keys
# (T037); a turns' next that may find no seat (L048), which only the rules know never happens (a poker hand always has
# a seat not folded); a rule comparing with a value an overlay removed (L057): dead under the variant, as meant
NOTES = ("T021", "T037", "L048", "L052", "L057")


def severity_of(code: str) -> str:
    """Lints (L...) are warnings, coverage (C...) notes, and so are NOTES; everything else an error."""
    return "note" if code in NOTES else {"L": "warning", "C": "note"}.get(code[:1], "error")


def finding(d: Diagnostic, layer: str | None = None) -> Finding:
    """A Finding for a diagnostic, its layer taken from its code unless given."""
    return Finding(d, layer or _LAYER_OF_LETTER.get(d.code[:1], "references"), severity_of(d.code))


# -- source lines -------------------------------------------------------------------------

def _lines(path: str) -> tuple:
    """The lines of a text file as it is now (empty when it cannot be read as UTF-8 text)."""
    try:
        stat = os.stat(path)
    except OSError:
        return ()
    # keyed by the file's size and time too: a process that validates a file, sees it rewritten and validates it again
    # (a test, an editor's server) reads the new lines, and so the new ignore comments
    return _lines_read(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _lines_read(path: str, mtime_ns: int, size: int) -> tuple:
    """The lines of a text file of this time and size, read once."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(4_000_000)
        return tuple(re.split("\r\n|\r|\n", data.decode("utf-8-sig")))  # YAML's line breaks (splitlines() has eight more)
    except (OSError, UnicodeDecodeError):
        return ()


def source_line(path: str, line: int) -> str | None:
    """Line ``line`` (1-based) of a file, or None."""
    lines = _lines(path)
    return lines[line - 1] if 0 < line <= len(lines) else None


_WORD = re.compile(r"[A-Za-z0-9_]+")


def caret(text: str, col: int) -> str:
    """Spaces (tabs kept, so it lines up) up to column ``col``, then ^ under the character and ~ under the rest of its word."""
    prefix = "".join("\t" if ch == "\t" else " " for ch in text[: col - 1])
    word = _WORD.match(text, col - 1) if 0 < col <= len(text) else None
    width = len(word.group()) if word else 1
    return prefix + "^" + "~" * (width - 1)


def context(d: Diagnostic, max_width: int = 200) -> list:
    """The source line of a diagnostic and a caret under its column ([] where there is no line)."""
    line = source_line(d.loc.path, d.loc.line) if d.loc.line else None
    if line is None:
        return []
    if len(line) > max_width:  # a minified or hostile line: show the part around the column
        start = max(0, d.loc.col - 1 - max_width // 2)
        line, col = line[start : start + max_width], d.loc.col - start
    else:
        col = d.loc.col
    gutter = f"{d.loc.line:>5} | "
    return [gutter + shown(line), " " * (len(gutter) - 2) + "| " + caret(line, col)]


def shown(line: str) -> str:
    """A source line as a terminal may print it: each character that does not print as itself (ESC, a bidi
    override) is replaced by one that does (a control picture, ␛, or �), so the caret stays under its column."""
    if line.isprintable():
        return line
    return "".join(c if c.isprintable() or c == "\t" else chr(0x2400 + ord(c)) if ord(c) < 0x20 else "\u2421" if c == "\x7f"
                   else "\ufffd" for c in line)


def silenced_codes(path: str, line: int) -> list:
    """The codes a `# philtre: ignore[CODE, ...]` comment on line ``line`` of ``path`` silences ([] where none)."""
    match = re.search(r"#\s*philtre:\s*ignore\[([A-Z0-9,\s]+)\]", (source_line(path, line) or "") if line else "")
    return [c.strip() for c in match.group(1).split(",") if c.strip()] if match else []


def suppressed(f: Finding) -> bool:
    """A warning or note silenced by a `# philtre: ignore[CODE]` comment on its line."""
    if f.severity == "error" or not f.diagnostic.loc.line:
        return False
    return f.diagnostic.code in silenced_codes(f.diagnostic.loc.path, f.diagnostic.loc.line)


def unsilenced(f: Finding) -> Finding:
    """``f``, its hint saying so when its line has a `philtre: ignore` comment that does not silence it (a misspelt code)."""
    line = (source_line(f.diagnostic.loc.path, f.diagnostic.loc.line) or "") if f.diagnostic.loc.line else ""
    if not re.search(r"#.*philtre\s*:?\s*ignore", line, re.I):
        return f
    d = f.diagnostic
    said = f"the comment on line {d.loc.line} does not silence it: write # philtre: ignore[{d.code}]"
    return Finding(Diagnostic(d.loc, d.code, d.message, f"{d.hint}; {said}" if d.hint else said), f.layer, f.severity)


# -- formats --------------------------------------------------------------------------------

def found_with(f: Finding) -> str:
    """' [with --variant a --variant b]' for a finding of a ruleset with overlays applied, else ''."""
    if not f.variants:
        return ""
    return " [with " + " ".join(f"--variant {printable(v)}" for v in f.variants) + "]"


def as_text(findings, show_source: bool = True) -> str:
    """`path:line:col: CODE message (hint)`, then the overlays it was found with, each followed by its source line and a
    caret."""
    out = []
    for f in findings:
        out.append(str(f.diagnostic) + found_with(f))
        if show_source:
            out += context(f.diagnostic)
    return "\n".join(out)


def as_json(findings, show_source: bool = False) -> str:
    """A JSON list of findings: path, line, column, code, severity, layer, message, hint, variants."""
    return json.dumps([{"path": tidy_path(f.diagnostic.loc.path), "line": f.diagnostic.loc.line, "column": f.diagnostic.loc.col,
                        "code": f.diagnostic.code, "severity": f.severity, "layer": f.layer,
                        "message": f.diagnostic.message, "hint": f.diagnostic.hint, "variants": list(f.variants)}
                       for f in findings], indent=2)


def _escape(text: str, property_: bool = False) -> str:
    """GitHub workflow-command escaping (properties also escape ':' and ','); other control characters (ESC in a
    file's name) are written as escapes, as in the text format."""
    text = "\n".join(printable(line) for line in text.split("\n"))
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_ else text


def _relative(path: str) -> str:
    """A path relative to the current folder (GitHub matches annotations to the checkout's files), tidied (tidy_path)."""
    path = tidy_path(path)
    if os.path.isabs(path):
        try:
            rel = os.path.relpath(path)
        except ValueError:
            return path
        return path if rel.startswith("..") else rel
    return path


def as_github(findings, show_source: bool = False) -> str:
    """GitHub Actions annotations: ::error file=...,line=...,col=...,title=CODE::message."""
    out = []
    for f in findings:
        d = f.diagnostic
        level = {"error": "error", "warning": "warning", "note": "notice"}[f.severity]
        where = f"file={_escape(_relative(d.loc.path), True)}"
        if d.loc.line:
            where += f",line={d.loc.line},col={d.loc.col}"
        message = d.message + (f" ({d.hint})" if d.hint else "") + found_with(f)
        out.append(f"::{level} {where},title={_escape(d.code, True)}::{_escape(message)}")
    return "\n".join(out)


FORMATS = {"text": as_text, "json": as_json, "github": as_github}


def summary(path: str, findings, reached: str, smoked: bool, variants=(), apart=()) -> str:
    """One line per file (and the ``variants`` applied to it): each layer ok, its count of errors/warnings/notes, or not
    checked. For a path naming a file, the findings in the files checked with it (the scenarios.yaml beside a ruleset, an
    overlay's base) are counted apart, each file named: its errors are not the named file's. ``apart``: (the
    scenarios.yaml beside the ruleset, the layer its errors stopped at) where the rules were checked without it: the
    layers after that one are said not checked for it (its expressions, behind a YAML error, were not read)."""
    by_file: dict = {path: []}
    mine = os.path.realpath(path) if os.path.isfile(path) else None  # (a folder or a game's name: all its files are its own)
    for f in findings:
        other = mine is not None and f.diagnostic.loc.path and os.path.realpath(f.diagnostic.loc.path) != mine
        by_file.setdefault(f.diagnostic.loc.path if other else path, []).append(f)
    findings = by_file.pop(path)
    said = {other: _found_in_layers(theirs) for other, theirs in by_file.items()}
    unread = ""
    if apart:
        scenarios, stopped = apart
        layers = [f"{layer} not checked" for layer in LAYERS[LAYERS.index(stopped) + 1:LAYERS.index("references") + 1]
                  if layer not in SAID_WHEN_FOUND]
        theirs = next((other for other in said if os.path.realpath(other) == os.path.realpath(scenarios)), None)
        if theirs is not None:
            said[theirs] += layers
        elif layers:
            unread = f"; {printable(_relative(scenarios))}: {', '.join(layers)}"
    # the path named as it is alone (`validate .` names the folder), the variants beside it
    return (f"{printable(' + '.join([_named(path), *variants]))}: " + "; ".join(_layers_said(findings, reached, smoked))
            + "".join(f"; checked with it, {printable(_relative(other))}: {', '.join(theirs)}" for other, theirs in said.items())
            + unread)


def _found_in_layers(findings) -> list:
    """'references 2 errors', one per layer with findings, in the order the layers run."""
    return [f"{layer} " + _counts([f for f in findings if f.layer == layer]) for layer in LAYERS
            if any(f.layer == layer for f in findings)]


def _counts(findings) -> str:
    """'1 error, 2 warnings': the findings counted by severity."""
    return ", ".join(_count(findings, s) for s in ("error", "warning", "note") if _count(findings, s))


def _layers_said(findings, reached: str, smoked: bool) -> list:
    """Each layer of a file's check as summary says it: ok, its findings counted, or not checked."""
    parts = []
    stop = LAYERS.index(reached)
    for i, layer in enumerate(LAYERS):
        if layer == "smoke" and not smoked:
            continue
        mine = [f for f in findings if f.layer == layer]
        if layer in SAID_WHEN_FOUND and not mine:
            continue
        if i > stop and not mine:
            parts.append(f"{layer} not checked")
        elif not mine:
            parts.append(f"{layer} ok")
        else:
            parts.append(f"{layer} " + _counts(mine))
    return parts


def _named(path: str) -> str:
    """A path as shown in a summary; '.' or '..' as the folder's own name (`validate .` says which game it checked), and
    so is the current folder written out whole (`validate $PWD`, which was said `.`)."""
    shown = _relative(path)
    if os.path.basename(os.path.normpath(shown)) in (".", ".."):
        return os.path.basename(os.path.abspath(path)) or path
    return shown


def _count(findings, severity: str) -> str:
    n = sum(1 for f in findings if f.severity == severity)
    return f"{n} {severity}{'s' if n != 1 else ''}" if n else ""
