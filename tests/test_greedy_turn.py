"""`greedy:turn`: greedy rates an option where the seat's asking again (`until_chosen`) ends, trying its next questions
on the way, so a move made of several decisions of one seat is found where one step ahead finds every option equal
(docs/agents.md, "Moves made of several decisions"); plain greedy is unchanged, and the look-ahead reads only samples."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.agents import GreedyAgent, ask, make_agent
from philtre.interpreter.determinize import InfoSet, _redeal, backs, fork, hidden_slots
from philtre.interpreter.simulate import play_game

DATA = Path(__file__).parent / "data"

# A move of three decisions: pick a letter, pick another, then done; it scores only where the pair is (2, 4).
PAIR = """\
philtre: 1
game: pair
players: 2
variables:
  word: {initial: [], each: player, visible: everyone}
  points: {initial: 0, each: player, visible: everyone}
  turns_taken: {initial: 0, visible: everyone}
actions:
  pick:
    choose: {x: "range(6)"}
    if: count(word[me]) < 2
    do:
      - set: {"word[me]": "word[me] + [x]"}
  done:
    do:
      - set: {"points[me]": "points[me] + (1 if word[me] == [2, 4] else 0)"}
      - set: {"word[me]": "[]", turns_taken: "turns_taken + 1"}
flow:
  - turns: 0
    until: turns_taken >= 8
    do:
      - decide: [pick, done]
        until_chosen: done
winners: {highest: "points[p]"}
"""


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    path = tmp_path_factory.mktemp("pair") / "pair.yaml"
    path.write_text(PAIR)
    return load_ruleset(str(path))


def test_greedy_turn_by_name():
    agent = make_agent("greedy:turn", 1)
    assert isinstance(agent, GreedyAgent) and agent.turn and agent.samples is None
    assert not make_agent("greedy:3", 1).turn and not make_agent("greedy", 1).turn
    with pytest.raises(ValueError, match="greedy:turn"):
        make_agent("greedy:turns", 1)


def _wins(ruleset, name, games=12):
    """Games ``name`` won against a random seat, its seat alternating."""
    won = 0
    for seed in range(games):
        seat = seed % 2
        names = ["random", "random"]
        names[seat] = name
        game = play_game(ruleset, 2, seed, names)
        won += game.winners == [seat]
    return won


def test_greedy_turn_finds_a_move_of_several_decisions(pair):
    """Random almost never spells the pair; greedy:turn spells it at each of its turns and wins clearly."""
    assert _wins(pair, "greedy:turn") >= 11
    assert _wins(pair, "random") <= 3


def _played(ruleset, agent) -> Game:
    """A game of ``agent`` in seat 0 against a seat 1 that always stops at once."""
    game = Game(ruleset, 2, seed=0)
    while not game.finished:
        (seat,) = game.pending()
        game.apply(seat, ask(agent, game, seat) if seat == 0 else game.options(seat)[-1])
    return game


def test_plain_greedy_still_looks_one_step_ahead(pair):
    """One step ahead every pick and `done` of a wrong pair score alike: plain greedy plays at random, as before;
    greedy:turn spells the pair at each of its four turns."""
    agent = make_agent("greedy", 3)
    assert _played(pair, agent).state.vars["points"][0] < 4
    assert agent.decided and agent.blind == agent.decided
    turn = make_agent("greedy:turn", 3)
    assert _played(pair, turn).state.vars["points"][0] == 4
    assert turn.blind < turn.decided


def test_greedy_turn_reads_samples_not_the_hidden_cards():
    """tests/data/until_chosen.yaml (a hidden deck and hands): greedy:turn claims alike whatever the hidden cards are."""
    ruleset = load_ruleset(str(DATA / "until_chosen.yaml"))
    for seed in range(4):
        game = Game(ruleset, 2, seed=seed, record=True)
        (seat,) = game.pending()
        game.apply(seat, game.options(seat)[-1])  # the highest card: stones to claim
        assert game.pending() == [seat]
        known = InfoSet(game, seat).knowledge
        other = fork(game)
        _redeal(other.state, hidden_slots(other, seat), random.Random(99), known, backs(ruleset))
        assert ask(make_agent("greedy:turn", 5), game, seat) == ask(make_agent("greedy:turn", 5), other, seat)
