"""`score: {player, set}`: a seat's total made a value (a Kalah trial kept "my score is the seeds in my store" by adding
`count(store[p]) - score[p]` after every sowing: 64 of 90 score events of a record were `+0`)."""

from __future__ import annotations

import random

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import runners
from philtre.interpreter.game import Game
from philtre.interpreter.replay import replayed
from philtre.interpreter.scenarios import run_scenarios

STORES = """\
philtre: 1
game: stores
players: 2
components:
  seed: {copies: 9, start: bag}
zones:
  bag: {}
  store: {each: player}
actions:
  take:
    choose: {n: "[1, 2]"}
    if: count(bag) >= n
    do:
      - repeat: n
        do:
          - move: first(bag) -> store[me]
      - for: p in players
        do:
          - score: {player: p, set: "count(store[p])"}
  pass:
    do: []
flow:
  - round:
      - turns: 0
        until: count(bag) == 0
        do:
          - decide: [take, pass]
      - for: p in players
        do:
          - score: {player: p, set: "count(store[p]) * 10"}
winners: {highest: "score[p]"}
scenarios:
  - name: the score is what the store holds, and the round's points follow it
    players: 2
    steps:
      - {player: 0, action: take, args: {n: 2}}
      - {player: 1, action: take, args: {n: 1}}
    expect: ["score[0] == 2", "score[1] == 1"]
"""


def stores(tmp_path, text=STORES):
    """The ruleset ``text`` written and loaded (with no finding)."""
    path = tmp_path / "stores.yaml"
    path.write_text(text, encoding="utf-8")
    assert not check_file(str(path)).findings, [str(f.diagnostic) for f in check_file(str(path)).findings]
    return load_ruleset(str(path))


def played(ruleset, seed: int, record=True) -> Game:
    """A game of ``ruleset`` played to its end by random picks."""
    game, rng = Game(ruleset, 2, seed=seed, record=record), random.Random(seed)
    while not game.finished:
        for seat in game.pending():
            game.apply(seat, rng.choice(game.options(seat)))
    return game


def test_a_scenario_reads_the_total_set(tmp_path):
    assert all(result.passed for result in run_scenarios(stores(tmp_path)))


def test_the_total_is_the_value_and_only_a_change_is_recorded(tmp_path):
    """Each set that changes a total records its difference and the new total; one that leaves it records nothing."""
    game = played(stores(tmp_path), 3)
    events = [e for e in game.recorder.events if e.get("event") == "score"]
    stored = [sum(1 for c in game.state.zones["store"][p]) for p in (0, 1)]
    assert game.scores == [10 * n for n in stored] and sum(stored) == 9
    assert events and all(e["points"] != 0 for e in events)
    for p in (0, 1):
        totals = [e["total"] for e in events if e["player"] == p]
        assert sum(e["points"] for e in events if e["player"] == p) == totals[-1] == game.scores[p]
    assert game.state.round_scores == [game.scores]  # the round's points changed by the differences too


def test_a_record_of_totals_set_replays(tmp_path):
    ruleset = stores(tmp_path)
    path = tmp_path / "game.jsonl"
    game = played(ruleset, 5)
    game.recorder.write(path)
    again = replayed(str(path), ruleset)
    assert again.scores == game.scores and again.recorder.events == game.recorder.events


def test_fused_runners_or_handlers_set_the_same(tmp_path, monkeypatch):
    """A set has its handler (effects.e_score_set) whatever runs the statements around it."""
    ruleset = stores(tmp_path)
    fused = played(ruleset, 11, record=False).scores
    monkeypatch.setattr(runners, "FUSED", False)
    assert played(load_ruleset(str(tmp_path / "stores.yaml")), 11, record=False).scores == fused


def test_a_total_that_is_no_number_fails_at_the_set(tmp_path):
    ruleset = stores(tmp_path, STORES.replace('set: "count(store[p]) * 10"', "set: \"{'x': 'ten'}['x']\"").replace(
        "winners: {highest: \"score[p]\"}", "winners: \"[0]\""))
    with pytest.raises(Exception) as caught:
        played(ruleset, 1)
    assert "R100" in str(caught.value) and "score needs a number for the total, got 'ten'" in str(caught.value)
