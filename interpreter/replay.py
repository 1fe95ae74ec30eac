"""Re-run a record and check every event; the first difference is reported with its line."""

from __future__ import annotations

import codecs
import json
import os
import re
import sys
from itertools import chain

from philtre.dsl import load_ruleset
from philtre.dsl.loader import leads_to, not_a_ruleset_kind_of_file, shipped_games
from philtre.dsl.errors import Diagnostic, Loc, PhiltreError
from philtre.dsl.values import Component, is_whole

from .game import Game
from .records import APPEND_VERSION, FORMAT_VERSION, HIDDEN, READ_VERSIONS, plain_json, record_header
from .summary import counted

NAMED_IN_HEADER = ("O002", "F001", "F002")  # a ruleset or overlay the header names cannot be found: said at the header
MISSING = object()  # a field that is absent (told apart from one that is null)
MAX_LINE_CHARS = 64 * 1024 * 1024  # bytes; longer than any line philtre writes (100,000 components dealt at once are ~10 MB)
# arrays, objects and values one line may make, counted before parsing: the byte bound alone let 60 MB of `[],[],...`
# take 1.6 GB; this bounds a line to some 300 MB. A record holds at most 1,000,000 components and values
# (records.MAX_RECORDED), and a deal of a game's 100,000 components, each of 30 attributes, makes about 3,300,000
MAX_LINE_VALUES = 4_000_000
MAX_HEADER_VARIANTS = 64  # variants a record's header may name, as many as an overlay chain may hold: each is read and applied


def read_record(path: str) -> list[dict]:
    """Parse a JSON Lines record; a bad line is reported at its line."""
    try:
        with open(path, "rb") as handle:
            events = list(_events(handle, path))
    except OSError as exc:
        raise PhiltreError.at(Loc(path), "F001", f"cannot read record: {exc.strerror}") from None
    if not events or "philtre_record" not in events[0]:
        raise PhiltreError.at(Loc(path, 1, 1), "P002", "the first line must be a record header (with 'philtre_record')")
    return events


def record_players(path: str):
    """The player count a record's header gives, read without the rest (None if the header has no whole number there)."""
    try:
        with open(path, "rb") as handle:
            header = next(_events(handle, path), None)
    except (OSError, PhiltreError):
        return None  # replaying it says what is wrong
    players = header.get("players") if isinstance(header, dict) else None
    return players if type(players) is int else None


def _events(handle, path: str):
    """The JSON objects of an open record's lines, one at a time; a blank line is P001 (the recorder writes none)."""
    for number, line in enumerate(_lines(handle, path), 1):
        line = line.removesuffix("\n").removesuffix("\r")  # the line ending ("\r\n" too) is no part of the JSON
        if not line.strip():
            raise PhiltreError.at(Loc(path, number, 1), "P001", "not a JSON line: the line is blank "
                                  "(each line of a record is one JSON object)")
        event = _parse_line(line, path, number)
        if not isinstance(event, dict):
            raise PhiltreError.at(Loc(path, number, 1), "P002", "each line of a record is a JSON object")
        yield event


def _load(source: str, variants: list, path: str):
    """The ruleset a record names; a variant not found is reported at the record's header, which named it.

    A record is untrusted: a file it names is read only if it is a ruleset's kind of file
    (.yaml, .yml), by its name and by where a link leads, so that a record cannot have another
    file read and quoted in a message.
    """
    ruleset_file = [] if source in shipped_games() else [(source, "as its ruleset")]  # a shipped game's name: no file here
    for named, what in [*ruleset_file, *((v, "as an overlay") for v in variants)]:
        if not_a_ruleset_kind_of_file(named):
            raise PhiltreError.at(Loc(path, 1, 1), "P006", f"the record's header names '{named}' {what}{leads_to(named)}, "
                                  "which is no ruleset file (.yaml, .yml) nor shipped game: it is not read",
                                  "replay a record with the ruleset files it was made with")
    try:
        # (without the scenarios.yaml beside it: a game is replayed against the rules, which a broken test of them
        # did not stop simulate or play from recording, cli.load)
        return load_ruleset(source, variants, as_recorded=True, beside=False)
    except PhiltreError as exc:
        if exc.first.code not in NAMED_IN_HEADER:
            raise
        first = exc.first
        said = first.message if first.code != "F001" else f"{first.loc}: {first.message}"  # F001 names no file in its words
        raise PhiltreError.at(Loc(path, 1, 1), first.code, f"{said}, named in the record's header", first.hint) from None


def _check_players(ruleset, players: int, path: str) -> None:
    """A player count the ruleset does not take is the header's fault: R001 at the record's first line."""
    try:
        ruleset.check_players(players)
    except PhiltreError as exc:
        raise PhiltreError.at(Loc(path, 1, 1), exc.first.code, f"{exc.first.message}: the record's header has players {players}") from None


def _lines(handle, path: str):
    """The lines of a record open in binary, each read only up to MAX_LINE_CHARS bytes: a longer one (/dev/zero has no
    end) is P001 at its line, and so is one that is not UTF-8, at the bad byte's column (as a YAML file's is).
    A byte order mark at the start of the file is skipped: editors that save UTF-8 "with BOM" write one, and show none."""
    number = offset = 0
    while True:
        raw = handle.readline(MAX_LINE_CHARS + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE_CHARS:
            raise PhiltreError.at(Loc(path, number, 1), "P001", f"not a JSON line: longer than {MAX_LINE_CHARS:,} bytes")
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw, offset = raw[len(codecs.BOM_UTF8):], len(codecs.BOM_UTF8)  # columns as the editor shows them, offsets in the file
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            col = len(raw[:exc.start].decode("utf-8")) + 1  # in characters, where an editor shows it
            raise PhiltreError.at(Loc(path, number, col), "P001", f"record is not UTF-8 text "
                                  f"(byte 0x{raw[exc.start]:02x} at offset {offset + exc.start})") from None
        offset += len(raw)
        yield line


def _yaml_hint(path: str, number: int, line: str) -> str:
    """For a YAML file given where a record goes (`replay mygame/ruleset.yaml`): what replay reads; else ''."""
    text = line.strip()
    yaml_like = path.lower().endswith((".yaml", ".yml")) or text.startswith(("#", "---")) or ": " in text or text.endswith(":")
    if number != 1 or not yaml_like:
        return ""
    return ("this looks like YAML, a ruleset or an overlay, not a record: replay reads the JSON Lines file that "
            "`simulate --record DIR` or `play --record FILE` writes")


def _parse_line(line: str, path: str, number: int):
    """One line's JSON value (``line`` without its line ending); a line that is not JSON (even past Python's limits) is
    P001 at that line."""
    _refuse_too_many_values(line, path, number)
    try:
        return json.loads(line, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except _DuplicateKey as exc:
        raise PhiltreError.at(Loc(path, number, 1), "P001", f"not a JSON line: the key {_json_text(exc.key)} is given twice "
                              "in one object (which value is meant?)") from None
    except _NotJsonNumber as exc:
        raise PhiltreError.at(Loc(path, number, _bare_word_column(line)), "P001",
                              f"not a JSON line: {exc.word} is not a JSON number") from None
    except json.JSONDecodeError as exc:
        column, words = _json_error(exc, line)
        raise PhiltreError.at(Loc(path, number, column), "P001", f"not a JSON line: {words}", _yaml_hint(path, number, line)) from None
    except ValueError:  # Python refuses to read an integer longer than its limit (4300 digits by default)
        raise PhiltreError.at(Loc(path, number, 1), "P001",
                              f"not a JSON line: a number of more than {sys.get_int_max_str_digits()} digits") from None
    except RecursionError:
        raise PhiltreError.at(Loc(path, number, 1), "P001", "not a JSON line: arrays or objects nested too deeply") from None


def _refuse_too_many_values(line: str, path: str, number: int) -> None:
    """P001 for a line that would make more than MAX_LINE_VALUES arrays, objects and values, counted by their '[', '{'
    and ',' (each item of an array or entry of an object but the first follows a ','; those in texts are counted too:
    an upper bound). Python makes an object of 30 to 80 bytes for each: 27 times the size of `[],`."""
    count = line.count("[") + line.count("{") + line.count(",")
    if count > MAX_LINE_VALUES:
        raise PhiltreError.at(Loc(path, number, 1), "P001", f"not a JSON line philtre reads: more than {MAX_LINE_VALUES:,} "
                              "arrays, objects and values in one line (no line philtre writes holds so many)")


# Python's JSON messages (each naming what is expected at a place), in words that read on their own
EXPECTED = {"Expecting value": "a value", "Expecting property name enclosed in double quotes": "a key in double quotes",
            "Expecting ':' delimiter": "a ':'", "Expecting ',' delimiter": "a ','"}


def _json_error(exc: json.JSONDecodeError, line: str) -> tuple[int, str]:
    """The column and the words of Python's JSON error in ``line`` (Python's message ends in "at", its place cut off)."""
    at = exc.pos  # the line has no line break: the position is the column, less one
    if exc.msg in EXPECTED:
        if at >= len(line):  # the usual truncation: the line stops after a key, a comma or a colon
            return at + 1, f"the line ends where {EXPECTED[exc.msg]} is expected (cut off?)"
        return at + 1, f"{EXPECTED[exc.msg]} is expected"
    if exc.msg.startswith("Unterminated string"):  # no closing quote before the line's end
        return len(line) + 1, f"the line ends inside a text, begun at column {at + 1} (cut off?)"
    if exc.msg.startswith("Invalid control character"):
        code = ord(line[at])
        return at + 1, f"a control character (U+{code:04X}) inside a text (JSON writes it as \\u{code:04x})"
    if exc.msg.startswith("Unexpected UTF-8 BOM"):
        return 1, "a byte order mark (U+FEFF) starts the line (one is skipped only at the start of the file)"
    if exc.msg == "Extra data":
        return at + 1, "the line goes on after its JSON value"
    if exc.msg.startswith("Invalid \\uXXXX"):
        return at + 1, "a \\u escape needs four hex digits (\\u00e9)"
    if exc.msg.startswith("Invalid \\escape"):
        return at + 1, f"JSON has no escape {line[at:at + 2]} (a backslash is written \\\\)"
    return at + 1, re.sub(r"( starting)? at$", "", exc.msg)  # any other: Python's words, without the place it cuts off


class _NotJsonNumber(ValueError):
    """NaN, Infinity or -Infinity: Python's JSON reader takes them, JSON has no such number (philtre never writes one)."""

    def __init__(self, word: str):
        super().__init__(word)
        self.word = word


def _no_constant(word: str):
    """Refuse the bare word Python's JSON reader would read as a float: _NotJsonNumber."""
    raise _NotJsonNumber(word)


def _bare_word_column(line: str) -> int:
    """The column of the first NaN, Infinity or -Infinity outside a text in a line Python's JSON reader reads.

    In such a line the only bare word that starts with N or I is one of those (true, false and null are lower case).
    """
    inside = escaped = False
    for at, char in enumerate(line):
        if escaped:
            escaped = False
        elif inside and char == "\\":
            escaped = True
        elif char == '"':
            inside = not inside
        elif not inside and char in "NI":
            return at if at and line[at - 1] == "-" else at + 1
    return 1


class _DuplicateKey(ValueError):
    """A JSON object that gives one key twice: Python keeps the last value, silently; philtre never writes one."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _no_duplicate_keys(pairs) -> dict:
    """A JSON object's pairs as a dict; _DuplicateKey for a key given twice."""
    out = dict(pairs)
    if len(out) < len(pairs):
        seen: set = set()
        raise _DuplicateKey(next(k for k, _ in pairs if k in seen or seen.add(k)))
    return out


def replay(path: str, ruleset_override=None) -> int:
    """Re-run the record at ``path``; returns the number of events checked. Raises PhiltreError on a mismatch."""
    return len(replayed(path, ruleset_override).recorder.events)


def replayed(path: str, ruleset_override=None) -> Game:
    """The game the record at ``path`` tells, re-run and checked event for event (PhiltreError on a mismatch).

    The record is read a line at a time, each checked as it comes: a record of a short game
    with lines of garbage after it is refused at the first, not read whole into memory.
    """
    try:
        with open(path, "rb") as handle:
            return _replay_lines(_events(handle, path), path, ruleset_override)
    except OSError as exc:
        raise PhiltreError.at(Loc(path), "F001", f"cannot read record: {exc.strerror}") from None


def _replay_lines(events, path: str, ruleset_override) -> Game:
    header = next(events, None)
    if header is None or "philtre_record" not in header:
        raise PhiltreError.at(Loc(path, 1, 1), "P002", "the first line must be a record header (with 'philtre_record')")
    _check_header(header, path)
    source, variants = header["ruleset"]["source"], header["ruleset"].get("variants", [])
    players, seed = header["players"], header["seed"]
    ruleset = ruleset_override or _load(source, variants, path)
    if header["ruleset"].get("hash") != ruleset.content_hash:
        raise PhiltreError.at(Loc(path, 1, 1), "P003",
                              f"the record was made with ruleset content {_hash_text(header['ruleset'].get('hash', MISSING))}, "
                              f"but {' + '.join([source, *map(str, variants)])} is now {ruleset.content_hash}",
                              "a file of the rules changed since the game was played, or the header's ruleset, variants or hash "
                              "were edited: a record replays only with the rules it was made with")
    _check_players(ruleset, players, path)
    _check_same_header(header, ruleset, path)
    waiting: list = []  # (line, event) read but not produced yet: decisions of a simultaneous step, recorded together
    lines = [1]
    try:
        game = Game(ruleset, players, seed=seed, record=True, agents=header.get("agents"), record_version=header["philtre_record"])
        return _replay_events(game,
                              events, path, waiting, lines)
    except PhiltreError as exc:
        if getattr(exc, "recorder", None) is None:
            raise
        return _failed_as_recorded(exc, waiting, events, path, lines[0])


def _failed_as_recorded(error: PhiltreError, waiting: list, events, path: str, lines: int) -> Game:
    """The replayed game stopped at a rule: the rest of the record must be its events up to that failure, which
    ends it. The game is returned with its ``failure``; a record that stops before the failure gets the failure."""
    produced = error.recorder.events
    rest = chain(waiting, enumerate(events, lines + 1))
    for at, want in rest:
        if at > len(produced):
            total = at + sum(1 for _ in rest)
            raise PhiltreError.at(Loc(path, at, 1), "P011", f"the record goes on after the game stopped at a rule: it has "
                                  f"{total} lines, the game stops at line {len(produced)} ({error.first.code})")
        _check_event(produced, at, want, path, error.recorder.game.ruleset)
        lines = at
    if lines < len(produced):  # the record stops before the failure: it was cut, so say that first, then the failure
        ends = Diagnostic(Loc(path, lines + 1, 1), "P011", f"the record ends after {counted(lines, 'line')}, before the game "
                          f"does: the replay goes on to line {len(produced)}, where a rule stops the game ({error.first.code}, below)")
        raise PhiltreError([ends, *error.diagnostics]) from None
    return error.recorder.game


def _check_event(produced: list, at: int, want: dict, path: str, ruleset=None) -> None:
    """P010 unless line ``at`` of the record is the event the replay produced there. A `set` names its target
    (`set of bids[0]`), and the decisions replayed last before the line are named: a decision is taken from the
    record as it stands, so an edited one shows only in what it set going."""
    want, got = _in_id_order(want), _in_id_order(produced[at - 1])
    if not same_json(want, got):
        _check_event_name(want, path, at, f"the replay gives {_json_text(got.get('event', MISSING))}")
        what = want.get("event", "event")
        if what == "set" and want.get("event") == got.get("event") and want.get("variable") == got.get("variable") \
                and isinstance(want.get("variable"), str) and same_json(want.get("index"), got.get("index")):
            what = f"set of {_set_target(want)}"
        raise PhiltreError.at(Loc(path, at, 1), "P010", f"{what} differs at {_difference(want, got)}"
                              f"{_decisions_before(produced, at, ruleset)}", _as_written_hint(want, got))


def _as_written_hint(want: dict, got: dict) -> str:
    """P010's hint where a `failed` line differs only in its place or its words, with the code recorded: those tell how
    the rule is written (its line, a statement's name, a component as its type's `display` prints it), which the content
    hash leaves out, so the rules may be the same games and yet the line differs (records.md, failed)."""
    if not (want.get("event") == got.get("event") == "failed" and want.keys() == got.keys()
            and same_json(want.get("code"), got.get("code"))):
        return ""
    return ("the game stops where the record does, with the same code; only the failure's place or words differ, and "
            "they tell how its rule is written, not how the game went: a line added above it, a statement's name, a "
            "type's display. A record that ends at a failure replays with its rules written as when it was made")


def _set_target(event: dict) -> str:
    """What a `set` event sets, as a rule writes it: `bids`, `bids[0]`, `tally['red']`."""
    index = event.get("index", MISSING)
    if index is MISSING:
        return event["variable"]
    return f"{event['variable']}[{index if type(index) is int else _shown(index)}]"


DECISIONS_NAMED = 4  # decisions of one run (a simultaneous step's, recorded together) a P010 names


def _decisions_before(produced: list, at: int, ruleset) -> str:
    """' (after seat 0's offer(n=5) at line 30)': the last decisions replayed before line ``at`` (all lines before it
    matched the record), a run of decision lines told together; '' where none came before it."""
    last = next((i for i in range(at - 1, 1, -1) if produced[i - 1].get("event") == "decision"), None)
    if last is None:
        return ""
    first = last
    while first > 2 and produced[first - 2].get("event") == "decision":
        first -= 1
    said = [_decision_said(produced[i - 1], ruleset) for i in range(first, last + 1)]
    if len(said) == 1:
        return f" (after {said[0]} at line {last})"
    more = f" and {len(said) - DECISIONS_NAMED} more" if len(said) > DECISIONS_NAMED else ""
    return f" (after the decisions at lines {first}-{last}: {', '.join(said[:DECISIONS_NAMED])}{more})"


def _decision_said(event: dict, ruleset) -> str:
    """A decision event in play's words, `seat 0's offer(n=5)`."""
    from .render import _said_decision

    try:
        seat, _, call = _said_decision(event, ruleset).partition(": ")
        return f"{seat}'s {call}"
    except Exception:  # noqa: BLE001 - a decision this replay took is well formed; its words are only a pointer
        return f"seat {event.get('player')}'s {event.get('action')}"


def _check_event_name(event: dict, path: str, at: int, replay_has: str) -> None:
    """P010 for a line whose event is named by something else than a text (its value read as a name was no help)."""
    name = event.get("event", MISSING)
    if name is not MISSING and not isinstance(name, str):
        raise PhiltreError.at(Loc(path, at, 1), "P010", f"the line's event must be named by a text, not {_shown(name)}: {replay_has}")


def _replay_events(game: Game, events, path: str, waiting: list, read: list) -> Game:
    """Take the record's decisions in ``game`` and check every event it produces (``read[0]``: the lines read)."""
    produced = game.recorder.events
    lines = 1
    for number, event in enumerate(events, 2):
        lines = read[0] = number
        if was_cut(game):
            lines += sum(1 for _ in events)
            raise PhiltreError.at(Loc(path, number, 1), "P011", f"the record goes on after the run cut the game off: it has "
                                  f"{lines} lines, the `cut` line is line {number - 1}")
        waiting.append((number, event))
        if number > len(produced):
            if event.get("event") == "cut" and not game.state.flow.finished and not game.state.flow.choices:
                # a run cut the game off here (simulate --max-decisions), waiting at a decision: the replay stops where the
                # record stops, its `cut` line produced as the run wrote it and checked with the others below
                game.recorder.cut(game.decisions)
            elif event.get("event") != "decision" or game.state.flow.finished:
                break  # the record goes on where the replay has nothing
            else:  # every event before it matched: the decision is taken (its event is compared once written)
                _check_decision(event, path, number)
                option = _find_option(game, event, path, number)
                game.apply(event["player"], option)
        while waiting and waiting[0][0] <= len(produced):
            at, want = waiting.pop(0)
            _check_event(produced, at, want, path, game.ruleset)
    else:
        if lines < len(produced):  # cut off in the middle of what one decision set going
            raise PhiltreError.at(Loc(path, lines + 1, 1), "P011", f"the record ends after {counted(lines, 'line')}, before the game does: "
                                  f"the replay goes on with the event {_json_text(produced[lines].get('event'))}")
        if not game.finished and not was_cut(game):
            # every line matched, but the game goes on: the record was cut off before a decision
            raise PhiltreError.at(Loc(path, lines + 1, 1), "P011",
                                  f"the record ends after {counted(lines, 'line')}, before the game does: the replay waits for {_deciding(game)} to decide")
        return game
    if not game.state.flow.finished:
        _check_event_name(event, path, lines, f"the replay waits for {_deciding(game)} to decide")
        raise PhiltreError.at(Loc(path, lines, 1), "P010", f"{event.get('event', 'event')} differs at event: the record has "
                              f"{_json_text(event.get('event', MISSING))}, the replay waits for {_deciding(game)} to decide")
    lines += sum(1 for _ in events)  # the lines after the game's end (each still read as JSON, one at a time)
    raise PhiltreError.at(Loc(path, len(produced) + 1, 1), "P011",
                          f"the record goes on after the game's end: it has {lines} lines, the game ends at line {len(produced)}")


def was_cut(game) -> bool:
    """Whether the replayed record ended with a `cut` line, a game a run cut off (simulate --max-decisions): it replays
    to that line, and no further."""
    events = game.recorder.events
    return bool(events) and events[-1].get("event") == "cut"


def _deciding(game) -> str:
    """Who the game waits for, in words: 'seat 1', 'seats 0, 2'."""
    from .render import seats_text

    return seats_text(game.pending())


def _in_id_order(event):
    """A reveal event with its components in id order, as they are written now; any other event as it is.

    Records written before reveals were in id order list a zone's components in the zone's
    order: the same components shown, so such a record still replays.
    """
    comps = event.get("components") if event.get("event") == "reveal" else None
    if not isinstance(comps, list) or not all(isinstance(c, dict) and is_whole(c.get("id")) for c in comps):
        return event
    return dict(event, components=sorted(comps, key=lambda c: c["id"]))


def _hash_text(value) -> str:
    """A header's ruleset.hash as a message shows it: as written, or 'missing' (not Python's None)."""
    if value is MISSING:
        return "missing (the header has no ruleset.hash)"
    return value if isinstance(value, str) else _shown(value)


def _is_names(value) -> bool:
    """A JSON list of non-empty strings."""
    return isinstance(value, list) and all(isinstance(v, str) and v for v in value)


def _check_header(header: dict, path: str) -> None:
    """A header of this format version whose fields have the types a replay needs (P004, P002 at line 1)."""
    version = header.get("philtre_record")
    if not is_whole(version) or version not in READ_VERSIONS:
        raise PhiltreError.at(Loc(path, 1, 1), "P004", f"the record's format version is {_shown(version)}, "
                              f"but this philtre reads versions {READ_VERSIONS[0]} to {FORMAT_VERSION}",
                              "replay it with the philtre that wrote it")
    if header.get("seed") == HIDDEN:
        raise PhiltreError.at(Loc(path, 1, 1), "P002", "this record was filtered for one seat (its seed and what the seat "
                              "could not see are hidden), so it cannot be replayed",
                              "replay the full record the game wrote, the one philtre play --record or "
                              "philtre simulate --record saved, not a copy that replay --seat made")
    ruleset = header.get("ruleset", MISSING)
    fields = [("ruleset", ruleset, lambda v: isinstance(v, dict), "an object")]
    if isinstance(ruleset, dict):
        fields += [("ruleset.source", ruleset.get("source", MISSING), lambda v: isinstance(v, str) and v, "a non-empty string"),
                   ("ruleset.variants", ruleset.get("variants", []), _is_names, "a list of variant names")]
    fields += [("players", header.get("players", MISSING), lambda v: is_whole(v, 1, 64), "a whole number 1..64"),
               ("seed", header.get("seed", MISSING), is_whole, "a whole number"),
               ("agents", header.get("agents", []), _is_names, "a list of agent names")]
    wrong = _first_wrong(fields) or _variants_wrong(ruleset.get("variants", []))
    if wrong:
        raise PhiltreError.at(Loc(path, 1, 1), "P002", f"the header's {wrong}")


def _check_same_header(header: dict, ruleset, path: str) -> None:
    """P007 unless the header is the one the replayed game writes: a field it has that the replay ignores (a name
    edited, a setting of another philtre) would otherwise go unnoticed, and the replay pass for a game it is not.

    ``ruleset.source`` and ``ruleset.variants`` say where the rules were found (a relative path, written otherwise
    by the replay) and are left as the record has them: the content hash checks the rules. ``agents`` and
    ``ruleset.variants``, which a header may leave out, are compared where given.
    """
    players, agents = header["players"], header.get("agents", MISSING)
    if agents is not MISSING and len(agents) != players:
        raise PhiltreError.at(Loc(path, 1, 1), "P007", f"the header's agents name {counted(len(agents), 'agent')} "
                              f"for {counted(players, 'seat')}: one agent a seat", "keep the header as written")
    # (a version 1 record of a game hiding a count, written before version 2, replays as written: Recorder.gathers; a
    # version 3 one is of any game whose sets appended to a list, Recorder.appends)
    version = header["philtre_record"]
    written = record_header(ruleset, players, header["seed"], version=version if version in (1, APPEND_VERSION) else None)
    written["agents"] = agents  # (MISSING where the header has none)
    written["ruleset"]["source"] = header["ruleset"]["source"]
    written["ruleset"]["variants"] = header["ruleset"].get("variants", MISSING)
    written = _given(written)
    written["ruleset"] = _given(written["ruleset"])
    if not same_json(header, written):
        raise PhiltreError.at(Loc(path, 1, 1), "P007", f"the header is not the one the replay writes: {_difference(header, written)}",
                              "keep the header as written: a replay checks every field of it")


def _given(header: dict) -> dict:
    """``header`` without the fields set to MISSING (left out of the record's header, which may leave them out)."""
    return {key: value for key, value in header.items() if value is not MISSING}


def _variants_wrong(variants: list) -> str:
    """'ruleset.variants names ...' for a header's variants that name one twice or more than MAX_HEADER_VARIANTS, else
    '': checked before any is read (5,000 names of one variant applied it 5,000 times: 20 s, 550 MB), as the command
    line refuses `--variant x --variant x`."""
    if len(variants) > MAX_HEADER_VARIANTS:
        return f"ruleset.variants names {len(variants):,} variants: a record names at most {MAX_HEADER_VARIANTS}"
    seen = set()
    for name in variants:
        if name in seen:
            return f"ruleset.variants names '{name}' twice: each overlay is applied once"
        seen.add(name)
    return ""


def _check_decision(event: dict, path: str, number: int) -> None:
    """A decision names its seat by a whole number, its action by a string and its arguments by an object (P005)."""
    wrong = _first_wrong([("player", event.get("player", MISSING), is_whole, "a seat number"),
                          ("action", event.get("action", MISSING), lambda v: isinstance(v, str), "an action's name"),
                          ("args", event.get("args", MISSING), lambda v: isinstance(v, dict), "an object")])
    if wrong:
        raise PhiltreError.at(Loc(path, number, 1), "P005", f"a decision's {wrong}")


def _first_wrong(fields) -> str:
    """'NAME must be KIND, not VALUE' for the first (name, value, test, kind) whose value is missing or fails its test, or ''."""
    for name, value, good, kind in fields:
        if value is MISSING or not good(value):
            return f"{name} must be {kind}, not {'missing' if value is MISSING else _shown(value)}"
    return ""


def _shown(value) -> str:
    """A JSON value as a message shows it: short."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _difference(want, got, path="") -> str:
    """The first place where two JSON values differ, as 'path: a != b'."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in list(want) + [k for k in got if k not in want]:
            if not same_json(want.get(key, MISSING), got.get(key, MISSING)):
                return _difference(want.get(key, MISSING), got.get(key, MISSING), f"{path}.{key}" if path else str(key))
    if isinstance(want, list) and isinstance(got, list):
        first = next((i for i, (a, b) in enumerate(zip(want, got)) if not same_json(a, b)), min(len(want), len(got)))
        if len(want) == len(got) and first < len(want):
            return _difference(want[first], got[first], f"{path}[{first}]")
        if len(want) != len(got):  # an item too many or too few: the lengths, and the first place where the lists part
            return (f"{path or 'event'}: the record has {len(want)} items, the replay {len(got)}; first at {path}[{first}]: "
                    f"the record has {_json_text(want[first] if first < len(want) else MISSING)}, "
                    f"the replay gives {_json_text(got[first] if first < len(got) else MISSING)}")
    return f"{path or 'event'}: the record has {_json_text(want)}, the replay gives {_json_text(got)}"


JSON_SHOWN = 80  # characters of a JSON value shown in a message


def _json_text(value) -> str:
    if value is MISSING:
        return "nothing"
    text = json.dumps(value)
    return text if len(text) <= JSON_SHOWN else text[:JSON_SHOWN - 3] + "..."


def _kind(value):
    """What a JSON value is, as JSON tells them apart: true is not 1, and 1.0 is not 1."""
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return kind
    return None if value is None else type(value)


def same_json(a, b) -> bool:
    """Whether two JSON values are the same as written (Python's == takes true for 1 and 1.0 for 1)."""
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys()
                and all(same_json(v, b[k]) for k, v in a.items()))
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b)
                and all(same_json(x, y) for x, y in zip(a, b)))
    return _kind(a) is _kind(b) and a == b


def _short(event) -> str:
    text = json.dumps(event, separators=(",", ":"))
    return text if len(text) < 200 else text[:197] + "..."


def _find_option(game, event, path, number):
    player = event["player"]
    if player not in game.pending():
        raise PhiltreError.at(Loc(path, number, 1), "P012", f"the record has seat {player} deciding, but the replay waits for {_deciding(game)}")
    options = game.options(player)
    for option in options:
        if option.action == event["action"] and _args_equal(option.args, event["args"]):
            return option
    raise PhiltreError.at(Loc(path, number, 1), "P013",
                          f"the recorded decision {_short(event)} is not legal in the replay: {_why_not_legal(options, event)}")


def _why_not_legal(options, event) -> str:
    """What in a recorded decision no legal option has: the action, the argument names, one argument's value, or the pairing."""
    player, action, recorded = event["player"], event["action"], event["args"]
    same = [dict(o.args) for o in options if o.action == action]
    if not same:
        return f"seat {player} may not {action!r} now (its options: {', '.join(sorted({o.action for o in options}))})"
    names = sorted({name for args in same for name in args})
    if sorted(recorded) != names:
        return f"{action!r} takes {', '.join(names) or 'no arguments'}, the record gives {', '.join(sorted(recorded)) or 'none'}"
    for name, want in recorded.items():
        if not any(_arg_equal(args[name], want) for args in same):
            by_id = " (a component is matched by its id)" if isinstance(want, dict) and "id" in want else ""
            return f"no legal {action!r} of seat {player} has {name} = {_short(want)}{by_id}"
    return f"each argument is in some legal {action!r} of seat {player}, but no one option has them all"


def _args_equal(args, recorded) -> bool:
    return len(args) == len(recorded) and all(_arg_equal(value, recorded.get(name)) for name, value in args)


def _arg_equal(value, want) -> bool:
    """Whether an option's argument is the recorded one: a component by its id, anything else as written."""
    if isinstance(value, Component):
        return isinstance(want, dict) and same_json(want.get("id"), value["id"])
    return same_json(plain_json(value), want)
