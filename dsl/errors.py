"""One error type for everything a user can get wrong, carrying path, line, column and code."""

from __future__ import annotations

from .plain_data import Frozen


def printable(text: str) -> str:
    """``text`` with every character Python does not print as itself (controls, line breaks and separators,
    invisible format characters such as U+202E) written as an escape: a line break as \\n, ESC as \\x1b.

    A message quotes what the user gave: a record's header, a file name, a CLI argument. Printed as
    they are, "\\x1b]0;...\\x07" would rewrite a terminal and a line break would forge a finding's line.
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in text)


class Loc(Frozen):
    """A place in a source file: 1-based line and column."""

    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        path = printable(_display(self.path))
        if self.line:
            return f"{path}:{self.line}:{self.col}"
        return path


def _display(path: str) -> str:
    """A path as the user would write it: relative to the current folder when under it, tidied (tidy_path)."""
    import os

    path = tidy_path(path)
    if os.path.isabs(path):
        try:
            rel = os.path.relpath(path)
        except ValueError:
            return path
        if not rel.startswith(".."):
            return rel
    return path


def tidy_path(path: str) -> str:
    """``path`` without its `.` and `FOLDER/..` parts where it names the same file so: an overlay's `extends:
    ../game/ruleset.yaml` read from o/ is o/../game/ruleset.yaml, printed game/ruleset.yaml as --variant prints it.
    Only what is printed changes; a `..` after a link to a folder elsewhere leads to another place, and is kept."""
    import os

    if not path:
        return path
    tidy = os.path.normpath(path)
    if tidy == path:
        return path
    try:
        same = os.path.realpath(tidy) == os.path.realpath(path)
    except (OSError, ValueError):  # (a name with a NUL in it: printed as it was written)
        return path
    return tidy if same else path


class Diagnostic(Frozen):
    """One finding: where, a stable code, and what is wrong (with a hint where one helps)."""

    loc: Loc
    code: str
    message: str
    hint: str = ""

    def __str__(self) -> str:
        text = f"{self.loc}: {self.code} {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return printable(text)


GAME_STOPPERS = frozenset({"R100", "R200", "R300"})  # the codes of a game stopped at a rule, as it was played


class PhiltreError(Exception):
    """Raised for bad input of any kind: a ruleset, an overlay, a record, a decision, a rule at run time."""

    def __init__(self, diagnostics: list[Diagnostic] | None = None):
        super().__init__()
        self.diagnostics = diagnostics if diagnostics is not None else []

    def __eq__(self, other):
        return type(other) is type(self) and other.diagnostics == self.diagnostics

    __hash__ = Exception.__hash__

    @classmethod
    def at(cls, loc: Loc | None, code: str, message: str, hint: str = "") -> "PhiltreError":
        """An error with one diagnostic."""
        return cls([Diagnostic(loc or Loc("<unknown>"), code, message, hint)])

    @property
    def first(self) -> Diagnostic:
        return self.diagnostics[0]

    @property
    def stopped_a_game(self) -> bool:
        """Whether a rule stopped a game here: a rule failed (R100), the step limit (R200), a seat with no option (R300)."""
        return self.first.code in GAME_STOPPERS

    def hinted(self, more: str) -> "PhiltreError":
        """The same error, with ``more`` added to its first diagnostic's hint."""
        first = self.first
        hint = f"{first.hint}; {more}" if first.hint else more
        return PhiltreError([Diagnostic(first.loc, first.code, first.message, hint), *self.diagnostics[1:]])

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.diagnostics)


def did_you_mean(name: str, candidates, any_case: bool = False) -> str:
    """A 'did you mean' hint for a misspelt name, or ''; ``any_case`` for a name typed on the command line (a game's, a
    variant's), found whatever its capitals: `ABC` means 'abc', where the plain comparison sees no letter alike."""
    import difflib

    # (a YAML key or value may be a number where a name is meant: `args: {0: ...}` is compared as the text '0')
    name = str(name)
    by_key = {}
    for candidate in sorted({str(c) for c in candidates}):
        by_key.setdefault(candidate.lower() if any_case else candidate, candidate)
    typed = name.lower() if any_case else name
    keys = sorted(by_key)
    if len(typed) <= 2:  # one letter in common makes a short name "close" to any: only those it starts are offered
        keys = [k for k in keys if k[:1] == typed[:1]]
    close = difflib.get_close_matches(typed, keys, n=1, cutoff=0.6)
    return f"did you mean '{by_key[close[0]]}'?" if close else ""


FEW = 6  # names listed in a hint before "and N more"


def few_listed(names, most: int = FEW) -> str:
    """'a', 'a and b', 'a, b and c', or the first ``most`` then how many more: `a, b, c, d, e, f and 3 more`."""
    names = [str(n) for n in names]
    if len(names) > most:
        return f"{', '.join(names[:most])} and {len(names) - most} more"
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
