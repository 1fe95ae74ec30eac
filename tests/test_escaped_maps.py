"""A map the rules made with a key `hidden` is written apart from a hidden entry in a seat's view and record
({"hidden": false, "value": MAP}), and as it is in the full record (docs/records.md)."""

from __future__ import annotations

import json

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.records import HIDDEN, escaped, unescaped
from philtre.interpreter.render import plain

NOTES = """\
philtre: 1
game: notes
players: 2
components:
  card: {attributes: {v: [1, 2]}, start: deck}
zones:
  deck: {}
variables:
  note: {initial: {hidden: true}, each: player, visible: owner}
  shared: {initial: {hidden: false, value: 3}}
actions:
  pass: {}
flow:
  - set: {"note[1]": "{'hidden': true, 'n': [{'hidden': true}]}"}
  - decide: pass
    player: 0
"""


def game_of(tmp_path) -> Game:
    path = tmp_path / "ruleset.yaml"
    path.write_text(NOTES, encoding="utf-8")
    return Game(load_ruleset(str(path)), 2, seed=1, record=True)


def test_a_per_seat_map_with_a_key_hidden_reads_apart_from_a_hidden_entry(tmp_path):
    """A bug bash: seat 1's own entry {hidden: true} read in its view exactly as seat 0's hidden entry."""
    note = game_of(tmp_path).view(1)["variables"]["note"]
    assert note[0] == HIDDEN, note  # seat 0's: hidden from seat 1
    assert note[1] == {"hidden": False, "value": {"hidden": True, "n": [{"hidden": False, "value": {"hidden": True}}]}}, note
    assert unescaped(note[1]) == {"hidden": True, "n": [{"hidden": True}]}


def test_a_map_written_like_an_escaped_one_is_escaped_too(tmp_path):
    """{hidden: false, value: 3} has the key too: escaped, so that reading back gives the map, not 3."""
    shared = game_of(tmp_path).view(0)["variables"]["shared"]
    assert shared == {"hidden": False, "value": {"hidden": False, "value": 3}} and unescaped(shared) == {"hidden": False, "value": 3}


def test_a_seat_s_record_escapes_the_map_and_the_full_record_keeps_it(tmp_path):
    game = game_of(tmp_path)
    full = [e for e in game.recorder.events if e.get("event") == "set"]
    own = [e for e in game.recorder.for_player(1) if e.get("event") == "set"]
    other = [e for e in game.recorder.for_player(0) if e.get("event") == "set"]
    assert full[0]["value"] == {"hidden": True, "n": [{"hidden": True}]}, full  # as it was: old records replay as written
    assert own[0]["value"] == escaped(full[0]["value"]) and own[0]["value"]["hidden"] is False, own
    assert other == [], other  # (seat 0 may not see seat 1's note: not told that it was set)
    assert json.loads(json.dumps(own[0]))["value"] != HIDDEN, own  # (read back, it is no hidden entry)


def test_play_shows_the_map_itself():
    assert plain({"hidden": False, "value": {"hidden": True}}) == "{'hidden': true}"
    assert plain({"hidden": False, "value": {"hidden": False, "value": 3}}) == "{'hidden': false, 'value': 3}"
