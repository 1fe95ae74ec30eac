"""A `set` of a list that extends the list the variable's last `set` wrote is recorded as the items added
(`{"event": "set", "variable": NAME, "append": [...]}`, format version 3): a trial's list grown one position a move
(`history + [position]`, for superko) made a record grow with the square of the moves (100 moves: 491 KB). Replay,
`replay --text` and `--seat`, the schema and older records (their sets whole) read it as before."""

from __future__ import annotations

import json
import random
from pathlib import Path

from jsonschema import Draft7Validator

from philtre.dsl import load_ruleset
from philtre.interpreter.game import Game
from philtre.interpreter.replay import replayed
from test_cli import philtre

# a trial's shape: a quiet list grown one long item a move, a public one, one seat's own and one nobody sees
GROWING = """\
philtre: 1
game: growing
players: 2
variables:
  history: {initial: [], quiet: true}
  told: {initial: [0]}
  mine: {initial: [], each: player, visible: owner}
  secret: {initial: [], visible: nobody}
actions:
  go:
    choose: {n: "[1, 2]"}
    secret: [n]
    do:
      - set: {history: "history + [text(n) + '-abcdefghijklmnopqrstuvwxyz-0123456789']", told: "told + [n]"}
      - set: {"mine[me]": "mine[me] + [n]", secret: "secret + [n * 10]"}
flow:
  - repeat: MOVES
    do:
      - decide: go
        player: 0
      - decide: go
        player: 1
"""


def growing(tmp_path, moves: int, name: str = "g"):
    folder = tmp_path / f"{name}{moves}"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(GROWING.replace("MOVES", str(moves)), encoding="utf-8")
    return load_ruleset(str(folder))


def played(ruleset, version=None, seed: int = 3) -> Game:
    game = Game(ruleset, 2, seed=seed, record=True, record_version=version)
    game.play_out(random=random.Random(seed).random)
    return game


def size(game) -> int:
    """The bytes of a record after its header."""
    return sum(len(line) + 1 for line in game.recorder.lines()[1:])


def test_a_list_grown_one_item_a_move_makes_a_record_grow_with_the_moves(tmp_path):
    """200 rounds' record is under 200 times a round's and a bit: written whole at each set, it was some 100 times
    more (each set holding every item so far)."""
    one, many = played(growing(tmp_path, 1)), played(growing(tmp_path, 200))
    assert size(many) < 200 * size(one) * 1.2, (size(one), size(many))
    sets = [e for e in many.recorder.events if e.get("event") == "set" and e["variable"] == "history"]
    assert len(sets) == 400 and all(len(e["append"]) == 1 for e in sets[1:]) and len(sets[0]["value"]) == 1
    assert many.recorder.events[0]["philtre_record"] == 3


def test_an_appending_record_replays_and_its_appends_rebuild_each_value(tmp_path):
    game = played(growing(tmp_path, 20))
    path = tmp_path / "rec.jsonl"
    game.recorder.write(path)
    result = philtre("replay", path)
    assert result.returncode == 0 and "all events match" in result.stdout, result.stderr
    values: dict = {}  # what a reader following the record holds: the last set of each variable (entry), and its items
    for event in game.recorder.events[1:]:
        if event.get("event") == "set":
            key = (event["variable"], event.get("index"))
            values[key] = values[key] + event["append"] if "append" in event else event["value"]
    state = game.state.vars
    assert values[("history", None)] == state["history"] and values[("told", None)] == state["told"]
    assert [values[("mine", 0)], values[("mine", 1)]] == state["mine"] and values[("secret", None)] == state["secret"]


def test_an_edited_append_is_refused_at_its_line(tmp_path):
    game = played(growing(tmp_path, 3))
    lines = game.recorder.lines()
    at = next(i for i, line in enumerate(lines) if '"told","append"' in line)
    lines[at] = lines[at].replace('"append":[', '"append":[7,')
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = philtre("replay", path)
    assert result.returncode == 1 and f":{at + 1}:1: P010 set of told differs at append" in result.stderr, result.stderr


def test_a_seat_is_not_told_an_append_to_a_value_it_may_not_see(tmp_path):
    """Seat 1's record holds its own `mine[1]` and the public lists, grown by appends; never seat 0's entry nor `secret`
    (nobody sees it), nor do the onlooker's."""
    game = played(growing(tmp_path, 5))
    full = game.recorder.events
    assert any("append" in e for e in full if e.get("variable") == "secret")
    assert any("append" in e for e in full if e.get("variable") == "mine" and e.get("index") == 0)
    for seat in (1, None):
        shown = game.recorder.for_player(seat)
        assert not [e for e in shown if e.get("variable") == "secret" or (e.get("variable") == "mine" and e["index"] != seat)]
        assert "10, 20" not in json.dumps(shown) and "[10," not in json.dumps(shown)
    own = [e for e in game.recorder.for_player(1) if e.get("variable") == "mine"]
    assert len(own) == 5 and "value" in own[0] and all("append" in e for e in own[1:])
    text = philtre("replay", _written(game, tmp_path), "--seat", "1", "--text")
    assert text.returncode == 0 and "mine[0]" not in text.stdout and "secret" not in text.stdout, text.stdout
    assert f"    mine[1] = {_listed(game.state.vars['mine'][1])}\n" in text.stdout, text.stdout


def _written(game, tmp_path) -> Path:
    path = tmp_path / f"rec-{game.recorder.events[0]['philtre_record']}.jsonl"
    game.recorder.write(path)
    return path


def _listed(items) -> str:
    return "[" + ", ".join(map(str, items)) + "]"


def test_a_record_of_whole_sets_replays_and_is_told_as_one_of_appends(tmp_path):
    """A record written before appends (version 1: every set whole) replays as it was written; told to a seat
    (`replay --text`) it reads as the same game recorded with appends, each value told whole."""
    ruleset = growing(tmp_path, 6)
    old, new = played(ruleset, version=1), played(ruleset)
    assert old.recorder.events[0]["philtre_record"] == 1 and not any("append" in e for e in old.recorder.events)
    assert new.recorder.events[0]["philtre_record"] == 3
    old_path, new_path = _written(old, tmp_path), _written(new, tmp_path)
    assert replayed(str(old_path)).recorder.lines() == old.recorder.lines()
    for seat in ("0", "1"):
        told = [philtre("replay", path, "--seat", seat, "--text") for path in (old_path, new_path)]
        assert told[0].returncode == told[1].returncode == 0, told[1].stderr
        assert told[0].stdout == told[1].stdout and f"    told = {_listed(new.state.vars['told'])}\n" in told[1].stdout


ANEW = """\
philtre: 1
game: anew
players: 2
variables:
  flags: {initial: []}
actions:
  go:
    do:
      - set: {flags: "[1] if count(flags) == 0 else [true, 2] if count(flags) == 1 else [5]"}
flow:
  - repeat: 2
    do:
      - decide: go
        player: 0
      - decide: go
        player: 1
"""


def test_a_game_whose_sets_append_nothing_keeps_the_older_format(tmp_path):
    """Without an append a record says version 1 as before (older philtres read it): a list set shorter, or whose
    first items differ as written (true is not 1, though Python's == takes them for equal), is written whole."""
    (tmp_path / "ruleset.yaml").write_text(ANEW, encoding="utf-8")
    game = played(load_ruleset(str(tmp_path)))
    assert [e["value"] for e in game.recorder.events if e.get("event") == "set"] == [[1], [True, 2], [5], [True, 2]]
    assert game.recorder.events[0]["philtre_record"] == 1
    assert philtre("replay", _written(game, tmp_path)).returncode == 0


def test_appends_match_the_record_schema(tmp_path):
    schema = Path(__file__).resolve().parent.parent / "schemas" / "record.schema.json"
    validator = Draft7Validator(json.loads(schema.read_text(encoding="utf-8")))
    game = played(growing(tmp_path, 4))
    for seat in ("full", 0, 1, None):
        events = game.recorder.events if seat == "full" else game.recorder.for_player(seat)
        assert [e for e in events if list(validator.iter_errors(e))] == [], seat
    assert list(validator.iter_errors({"event": "set", "variable": "told", "value": [1], "append": [2]}))
    assert list(validator.iter_errors({"event": "set", "variable": "told"}))


def test_play_tells_an_appended_list_whole(tmp_path):
    """`philtre play` tells each `set` of the public list whole, as before, one item longer each move."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    growing(tmp_path, 3)
    result = CliRunner().invoke(main, ["play", str(tmp_path / "g3"), "--seed", "1", "--players", "2", "--agents", "random",
                                       "--record", str(tmp_path / "played.jsonl")], input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    told = [json.loads(line.split(" = ", 1)[1]) for line in result.stdout.splitlines() if line.startswith("      told = ")]
    assert [len(value) for value in told] == [2, 3, 4, 5, 6, 7] and all(told[i] == told[i + 1][:-1] for i in range(5))
    assert '"append"' in (tmp_path / "played.jsonl").read_text(encoding="utf-8")


def test_a_reader_rebuilds_each_value_as_written_whole(tmp_path):
    """Values Python's == takes for equal but JSON writes otherwise (true and 1, 4.0 and 4, -0.0 and 0.0, a map's keys
    in another order, a nested list) are written whole; each rebuilt value is written as the value itself."""
    from philtre.dsl.values import Component
    from philtre.interpreter.records import plain_json

    card = Component("card", 4, {"suit": "red", "rank": 5})
    values = [[1], [True, 2], [True, 2, 3], [4.0], [4, 1], [-0.0], [0.0], [{"a": 1, "b": 2}], [{"b": 2, "a": 1}, 1],
              [[1]], [[True]], [[True], [2]], [card], [card, card], [{7: 1}], [{7: 1}, {"7": 1}], [{7: 1}, {"7": 1}]]
    game = Game(growing(tmp_path, 1), 2, seed=1, record=True)
    for value in values:
        game.recorder.set_var("history", None, value)
    sets = game.recorder.events[1:]
    rebuilt = None
    for value, event in zip(values, sets):
        rebuilt = rebuilt + event["append"] if "append" in event else event["value"]
        assert json.dumps(rebuilt) == json.dumps(plain_json(value)), (value, event)
    assert ["append" in e for e in sets] == [False, False, True, False, False, False, False, False, False,
                                             False, False, True, False, True, False, True, True]
