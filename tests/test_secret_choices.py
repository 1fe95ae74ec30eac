"""An action's `secret:` choices: told to the deciding seat alone (language.md, actions; records.md, decision).

Where a seat hides a card in a deck nobody sees, the depth it chose was told to every seat ("other zone and plain
arguments are never hidden"): an Exploding Kittens trial chose one of 41 marker components instead."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.determinize import InfoSet
from philtre.interpreter.render import event_text
from philtre.interpreter.replay import replay

HIDDEN = {"hidden": True}

HIDE = """\
philtre: 1
game: hide
players: 2
components:
  card: {attributes: {n: 1..5}, start: deck}
  bomb: {start: aside}
zones:
  deck: {visible: nobody}
  aside: {}
  hand: {each: player, visible: owner}
  spare: {visible: nobody, count: nobody}
actions:
  hide:
    choose: {depth: "range(count(deck) + 1)"}
    SECRET
    do:
      - move: deck -> spare
      - move: "take(spare, count(spare) - depth) + [first(aside)] + [c for c in spare if c not in take(spare, count(spare) - depth)] -> deck"
  give:
    choose: {card: "hand[me]"}
    secret: [card]
    do:
      - move: card -> aside
  wait: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: hide
    player: 0
  - decide: give
    player: 0
  - decide: wait
    player: 1
"""


def _ruleset(tmp_path, secret: str = "secret: [depth]"):
    path = tmp_path / "hide.yaml"
    path.write_text(HIDE.replace("SECRET", secret), encoding="utf-8")
    return load_ruleset(str(path))


def _hidden_at(tmp_path, depth: int, secret: str = "secret: [depth]") -> Game:
    """Seat 0 hides the bomb at ``depth``, then gives its card away; seat 1 is to decide."""
    game = Game(_ruleset(tmp_path, secret), 2, seed=4, record=True)
    game.apply(0, next(o for o in game.options(0) if dict(o.args)["depth"] == depth))
    game.apply(0, game.options(0)[0])
    return game


def _decisions(game, seat) -> list:
    return [e for e in game.recorder.for_player(seat) if e.get("event") == "decision"]


def test_a_secret_choice_is_told_to_the_deciding_seat_alone(tmp_path):
    game = _hidden_at(tmp_path, 2)
    assert _decisions(game, 0)[0]["args"] == {"depth": 2}
    for other in (1, None):  # the other seat, an onlooker
        assert _decisions(game, other)[0] == {"event": "decision", "player": 0, "action": "hide", "args": {"depth": HIDDEN}}
    assert game.recorder.events[[e.get("event") for e in game.recorder.events].index("decision")]["args"] == {"depth": 2}


def test_without_secret_the_choice_is_told_to_every_seat(tmp_path):
    game = _hidden_at(tmp_path, 2, "")
    assert _decisions(game, 1)[0]["args"] == {"depth": 2}


def test_a_secret_component_stays_hidden_though_the_effects_show_it(tmp_path):
    """The card given lands face up in `aside`: its move shows it, the decision does not (it is secret)."""
    game = _hidden_at(tmp_path, 0)
    [_, give] = _decisions(game, 1)[:2]
    assert give["args"] == {"card": HIDDEN}
    assert _decisions(game, 0)[1]["args"]["card"]["type"] == "card"


def test_play_tells_another_seats_secret_choice_as_hidden(tmp_path):
    game = _hidden_at(tmp_path, 3)
    [hide, give] = _decisions(game, 1)[:2]
    assert event_text(hide, game.ruleset) == "seat 0: hide(depth=hidden)"
    assert event_text(give, game.ruleset) == "seat 0: give(card=a hidden component)"
    assert event_text(_decisions(game, 0)[0], game.ruleset) == "seat 0: hide(depth=3)"


def test_the_full_record_replays_and_each_seats_record_matches_the_schema(tmp_path):
    game = _hidden_at(tmp_path, 1)
    game.apply(1, game.options(1)[0])
    record = tmp_path / "game.jsonl"
    game.recorder.write(record)
    assert replay(str(record)) == len(game.recorder.events)  # (a mismatch raises)
    schema = Path(__file__).resolve().parent.parent / "schemas" / "record.schema.json"
    validator = Draft7Validator(json.loads(schema.read_text(encoding="utf-8")))
    for seat in (0, 1, None):
        for event in game.recorder.for_player(seat)[1:]:
            assert not list(validator.iter_errors(event)), (seat, event)


def test_another_seats_sample_does_not_follow_the_secret_choice(tmp_path):
    """What a search agent of seat 1 searches from (its record, its samples) is the same whatever depth seat 0 chose."""
    games = [_hidden_at(tmp_path, depth) for depth in (0, 3)]
    assert [c["type"] for c in games[0].state.zones["deck"][0]] != [c["type"] for c in games[1].state.zones["deck"][0]]
    assert games[0].recorder.for_player(1) == games[1].recorder.for_player(1)
    decks = [[c["id"] for c in InfoSet(game, 1).sample(random.Random(3)).state.zones["deck"][0]] for game in games]
    assert decks[0] == decks[1]


SIMULTANEOUS = """\
philtre: 1
game: bids
players: 2
actions:
  bid:
    choose: {amount: "range(3)"}
    secret: [amount]
flow:
  - simultaneous: bid
"""


def test_a_secret_choice_of_a_simultaneous_step_stays_hidden_once_all_have_chosen(tmp_path):
    path = tmp_path / "bids.yaml"
    path.write_text(SIMULTANEOUS, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=0, record=True)
    game.apply(0, game.options(0)[1])
    game.apply(1, game.options(1)[2])
    assert [d["args"] for d in _decisions(game, 0)] == [{"amount": 1}, {"amount": HIDDEN}]
    assert [d["args"] for d in _decisions(game, 1)] == [{"amount": HIDDEN}, {"amount": 2}]


def test_secret_naming_no_choice_is_s025_at_the_name(tmp_path):
    path = tmp_path / "hide.yaml"
    path.write_text(HIDE.replace("SECRET", "secret: [deep]"), encoding="utf-8")
    [finding] = [f.diagnostic for f in check_file(str(path)).errors]
    assert (finding.code, finding.loc.line, finding.loc.col) == ("S025", 15, 14)
    assert finding.message == "action 'hide' has no choice 'deep' to keep secret (its choices: depth)"
    assert "did you mean 'depth'?" in finding.hint


def test_a_choice_listed_twice_in_secret_is_v001_saying_which(tmp_path):
    path = tmp_path / "hide.yaml"
    path.write_text(HIDE.replace("SECRET", "secret: [depth, depth]"), encoding="utf-8")
    [finding] = [f.diagnostic for f in check_file(str(path)).errors]
    assert (finding.code, finding.message) == ("V001", "'depth' is listed twice")
