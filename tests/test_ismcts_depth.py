"""Depth-limited ismcts (`ismcts:N:D`): its spelling, playouts of at most D decisions valued by the ruleset's
heuristic in the sampled game, and the same games for the same seeds (docs/agents.md, "Depth-limited playouts")."""

from __future__ import annotations

import random

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter import agents as agents_module
from philtre.interpreter import ismcts
from philtre.interpreter.agents import ISMCTSAgent, ask, cut_shares, heuristic_steering, make_agent, parse_agent
from philtre.interpreter.simulate import play_game

from test_agents import TAKE_ONE, written
from test_cli import philtre


# -- the spelling ---------------------------------------------------------------------------

def test_ismcts_takes_a_depth_after_its_iterations():
    """'ismcts:N:D': N iterations, each playout at most D decisions; 'ismcts:N' plays out to the end as before."""
    agent = make_agent("ismcts:30:12", 1)
    assert isinstance(agent, ISMCTSAgent) and (agent.iterations, agent.depth) == (30, 12)
    assert (make_agent("ismcts:30", 1).iterations, make_agent("ismcts:30", 1).depth) == (30, None)
    assert make_agent("ismcts:5:0", 1).depth == 0  # the leaf itself valued by the heuristic
    assert parse_agent("ismcts:400:1000000") == (ISMCTSAgent, (400, 1_000_000))


@pytest.mark.parametrize("bad, said", [
    ("ismcts:20:", "depth after the second ':' is a whole number 0..1,000,000"),
    ("ismcts:20:x", "depth after the second ':' is a whole number 0..1,000,000"),
    ("ismcts:20:-1", "depth after the second ':' is a whole number 0..1,000,000"),
    ("ismcts:20:1000001", "depth after the second ':' is a whole number 0..1,000,000"),
    ("ismcts:20:" + "9" * 5000, "depth after the second ':' is a whole number 0..1,000,000"),
    ("ismcts:20:5:5", "depth after the second ':' is a whole number"),
    ("ismcts::5", "whole number 1..1,000,000 \\(ismcts:ITERATIONS, ismcts:ITERATIONS:DEPTH"),
    ("ismcts:0:5", "whole number 1..1,000,000"),
    ("greedy:3:4", "only ismcts takes a second ':'"),
    ("greedy:turn:2", "only ismcts takes a second ':'"),
    ("random:1:2", "random takes no ':N'"),
])
def test_a_bad_depth_is_refused_saying_the_spelling(bad, said):
    with pytest.raises(ValueError, match=said):
        make_agent(bad, 1)


def test_simulate_refuses_a_bad_depth_with_exit_2_and_no_traceback():
    result = philtre("simulate", "pok", "-p", "3", "-n", "1", "--no-db", "--agents", "ismcts:5:x")
    assert result.returncode == 2
    assert "--agents" in result.stderr and "ismcts:ITERATIONS:DEPTH" in result.stderr
    assert "Traceback" not in result.stderr


def test_only_a_depth_limited_ismcts_plays_by_the_heuristic():
    """A run's key holds the heuristic where an agent reads it: greedy, and ismcts with a depth, not plain ismcts."""
    poison = load_ruleset("poison")
    assert heuristic_steering(poison, ["ismcts:20", "random"]) is None
    assert heuristic_steering(poison, ["ismcts:20:8", "random"]) == poison.heuristic.text


# -- the reward at a cut ----------------------------------------------------------------------

def test_the_seats_whose_heuristic_is_highest_share_the_cut_as_winners_do(tmp_path):
    """Each seat's heuristic is read; the best share 1 (1/k for k tied), the rest 0: the end's win shares' scale."""
    game = Game(written(tmp_path, TAKE_ONE), 2, seed=1)
    assert cut_shares(lambda S, seat: [3, 3][seat], game) == [0.5, 0.5]
    assert cut_shares(lambda S, seat: [1, 7][seat], game) == [0.0, 1.0]


def test_a_heuristic_of_the_wrong_kind_stops_the_game_at_it(tmp_path):
    """As for greedy: not a broken sample to drop, a ruleset to fix (R100 at the heuristic: seat 1 has taken nothing yet,
    and `first` of nothing is none)."""
    ruleset = written(tmp_path, TAKE_ONE + 'winners: {highest: "score[p]"}\nheuristic: "first([c.value for c in taken[p]])"\n')
    game = Game(ruleset, 2, seed=1, record=True)
    with pytest.raises(PhiltreError) as failure:
        ask(make_agent("ismcts:10:0", 1), game, 0)
    assert failure.value.first.code == "R100" and "heuristic" in str(failure.value)


# -- the playouts ---------------------------------------------------------------------------

def test_each_playout_plays_at_most_depth_decisions_and_none_to_the_end(monkeypatch):
    """Counted in the sampled games: from the tree's leaf, at most D decisions, then the heuristic; never a playout
    to the game's end."""
    played = []
    real_playout = ismcts.playout

    def counted(game, rng, depth):
        before = game.decisions
        real_playout(game, rng, depth)
        played.append(game.decisions - before)

    def to_the_end(game, rng):
        raise AssertionError("a depth-limited search played a playout to the end")

    monkeypatch.setattr(ismcts, "playout", counted)
    monkeypatch.setattr(ismcts, "rollout", to_the_end)
    game = play_game(load_ruleset("poison"), 4, 3, ["ismcts:6:5", "random", "random", "random"], record=True)
    assert game.finished
    assert played and max(played) == 5 and all(n <= 5 for n in played)


def test_the_heuristic_is_read_in_the_sampled_game_never_the_real_one(monkeypatch):
    """Hidden information stays hidden: the cut is valued in a determinization (no seed, not the game asked about)."""
    seen = []
    real_cut = agents_module.cut_shares

    def watched(evaluate, game):
        seen.append(game)
        return real_cut(evaluate, game)

    monkeypatch.setattr(agents_module, "cut_shares", watched)
    game = Game(load_ruleset("poison"), 4, seed=2, record=True)
    ask(make_agent("ismcts:10:3", 1), game, game.pending()[0])
    assert seen and all(sample is not game and sample.seed is None for sample in seen)


@pytest.mark.parametrize("name, players", [("poison", 4), ("pok", 3)])  # pok declares no heuristic: its scoring
def test_a_depth_limited_game_finishes_with_legal_moves(name, players):
    """A whole game with a depth-limited seat (Game.apply refuses an illegal option with D003)."""
    game = play_game(load_ruleset(name), players, 5, ["ismcts:6:4"] + ["random"] * (players - 1), record=True)
    assert game.finished and game.winners


def test_the_same_seeds_play_the_same_depth_limited_game():
    """On a shipped game with a heuristic: same seeds, same record, event for event."""
    ruleset = load_ruleset("poison")
    names = ["ismcts:8:6", "random", "ismcts:4:2", "random"]
    first = play_game(ruleset, 4, 11, names, record=True).recorder.lines()
    assert play_game(ruleset, 4, 11, names, record=True).recorder.lines() == first
    other = play_game(ruleset, 4, 11, ["ismcts:8:6", "random", "ismcts:4:3", "random"], record=True).recorder.lines()
    assert other != first  # the depth takes part in the games (a different depth, other choices)


def test_depth_zero_values_the_leaf_itself():
    """ismcts:N:0: no random decision after the leaf: every cut is the heuristic of the leaf's position."""
    rng = random.Random(1)
    game = Game(load_ruleset("poison"), 4, seed=1)
    before = game.decisions
    ismcts.playout(game, rng, 0)
    assert game.decisions == before
    ismcts.playout(game, rng, 7)
    assert game.decisions == before + 7
