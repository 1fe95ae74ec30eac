"""Re-run a record and check every event; the first difference is reported with its line."""

from __future__ import annotations

import json

from philtre.dsl import load_ruleset
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.values import Component

from .game import Game
from .records import plain_json


def read_record(path: str) -> list[dict]:
    """Parse a JSON Lines record; a bad line is reported at its line."""
    events = []
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    event = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise PhiltreError.at(Loc(path, number, exc.colno), "P001", f"not a JSON line: {exc.msg}") from None
                if not isinstance(event, dict):
                    raise PhiltreError.at(Loc(path, number, 1), "P002", "each line of a record is a JSON object")
                events.append(event)
    except OSError as exc:
        raise PhiltreError.at(Loc(path), "F001", f"cannot read record: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise PhiltreError.at(Loc(path), "P001", "record is not UTF-8 text") from None
    if not events or "philtre_record" not in events[0]:
        raise PhiltreError.at(Loc(path, 1, 1), "P002", "the first line must be a record header (with 'philtre_record')")
    return events


def replay(path: str, ruleset_override=None) -> int:
    """Re-run the record at ``path``; returns the number of events checked. Raises PhiltreError on a mismatch."""
    events = read_record(path)
    header = events[0]
    try:
        source = header["ruleset"]["source"]
        variants = header["ruleset"].get("variants", [])
        players, seed = header["players"], header["seed"]
    except (KeyError, TypeError):
        raise PhiltreError.at(Loc(path, 1, 1), "P002", "the header needs ruleset.source, players and seed") from None
    ruleset = ruleset_override or load_ruleset(source, variants)
    if header["ruleset"].get("hash") != ruleset.content_hash:
        raise PhiltreError.at(Loc(path, 1, 1), "P003",
                              f"the record was made with ruleset content {header['ruleset'].get('hash')}, but {source} is now {ruleset.content_hash}")
    game = Game(ruleset, players, seed=seed, record=True, agents=header.get("agents"))
    checked = 1
    for number, event in enumerate(events[1:], 2):
        if event.get("event") != "decision":
            continue
        if game.state.flow.finished:
            break
        checked = _check_prefix(game, events, path, checked)
        option = _find_option(game, event, path, number)
        game.apply(event["player"], option)
    produced = game.recorder.events
    for number, (want, got) in enumerate(zip(events, produced), 1):
        if number == 1:
            continue
        if want != got:
            raise PhiltreError.at(Loc(path, number, 1), "P010", f"{want.get('event', 'event')} differs at {_difference(want, got)}")
    if len(produced) != len(events):
        number = min(len(produced), len(events)) + 1
        raise PhiltreError.at(Loc(path, number, 1), "P011",
                              f"the record has {len(events)} lines, the replay {len(produced)}")
    return len(events)


def _check_prefix(game, events, path, start):
    """Compare the events produced since line ``start``; return how far they were checked."""
    produced = game.recorder.events
    for number in range(start + 1, len(produced) + 1):
        if number > len(events):
            break
        if events[number - 1] != produced[number - 1]:
            want, got = events[number - 1], produced[number - 1]
            raise PhiltreError.at(Loc(path, number, 1), "P010", f"{want.get('event', 'event')} differs at {_difference(want, got)}")
    return len(produced)


def _difference(want, got, path="") -> str:
    """The first place where two JSON values differ, as 'path: a != b'."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in list(want) + [k for k in got if k not in want]:
            if want.get(key) != got.get(key):
                return _difference(want.get(key), got.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        for i, (a, b) in enumerate(zip(want, got)):
            if a != b:
                return _difference(a, b, f"{path}[{i}]")
    return f"{path or 'event'}: the record has {json.dumps(want)[:80]}, the replay gives {json.dumps(got)[:80]}"


def _short(event) -> str:
    text = json.dumps(event, separators=(",", ":"))
    return text if len(text) < 200 else text[:197] + "..."


def _find_option(game, event, path, number):
    player = event.get("player")
    if player not in game.pending():
        raise PhiltreError.at(Loc(path, number, 1), "P012", f"the record has seat {player} deciding, but the replay waits for {game.pending()}")
    for option in game.options(player):
        if option.action == event.get("action") and _args_equal(option.args, event.get("args") or {}):
            return option
    raise PhiltreError.at(Loc(path, number, 1), "P013", f"the recorded decision {_short(event)} is not legal in the replay")


def _args_equal(args, recorded) -> bool:
    if len(args) != len(recorded):
        return False
    for name, value in args:
        want = recorded.get(name)
        if isinstance(value, Component):
            if not isinstance(want, dict) or want.get("id") != value["id"]:
                return False
        elif plain_json(value) != want:
            return False
    return True
