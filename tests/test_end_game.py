"""end_game: the game ends at once, from the flow or from an action's effects, at any depth of loops and rounds (Cribbage
ends the moment a seat pegs 121, mid-hand; Onitama's capture of the master ends it): nothing after it runs, a round open
ends as rounds end, and the game ends as when its flow runs out, on every way a game is played."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import RuleRuntimeError
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.effects import GameEnded
from philtre.interpreter.runners import LISTING_FAILURES
from philtre.interpreter.scenarios import run_scenarios

DATA = Path(__file__).parent / "data"
ENDS = str(DATA / "end_game.yaml")  # a race to 10 (an action's end_game), or two votes to stop (the flow's, in a round)
PATHS = str(DATA / "end_game_paths.yaml")  # an end_game on each of play_out's ways: a turns loop's, a simultaneous step's


@pytest.fixture(scope="module")
def ends():
    return load_ruleset(ENDS)


def taken(game: Game, player: int, label: str) -> None:
    """``player`` takes the option of that label."""
    game.apply(player, next(o for o in game.options(player) if o.label() == label))


def test_an_end_game_in_an_action_ends_the_game_at_once(ends):
    """Seat 0 reaches 10 mid-round: the rest of its action (after_end + 1), of the `for` over the seats (seat 1's and 2's
    turns), of the round and of the `repeat` never run, nor the flow's last statement; the round open ends for the
    record with its points so far, then the game ends as when the flow runs out: winners, game over, the `end` event."""
    game = Game(ends, 3, seed=1, record=True)
    for player, label in [(0, "gain(n=5)"), (1, "gain(n=1)"), (2, "stop()"), (0, "gain(n=5)")]:
        taken(game, player, label)
    assert game.finished and game.winners == [0] and game.scores == [10, 1, 0]
    assert game.state.vars == {"after_end": 5, "stops": 1} and game.state.round == 2
    assert game.pending() == [] and game.options(1) == []
    assert game.recorder.events[-2:] == [{"event": "round_end", "round": 2, "points": [5, 0, 0], "totals": [10, 1, 0]},
                                         {"event": "end", "scores": [10, 1, 0], "winners": [0]}]
    with pytest.raises(PhiltreError, match="D001 the game is over"):
        game.apply(0, Game(ends, 3).options(0)[0])


def test_an_end_game_in_the_flow_leaves_its_loops_and_round(ends):
    """The second vote ends the game from inside a repeat, a round and a for: the statement after it in the `for`'s
    body and the flow's last one do not run; a `when` that is false runs on past it."""
    game = Game(ends, 2, seed=0, record=True)
    taken(game, 0, "stop()")  # one vote: the end_game's `when` is false, the set after it runs
    assert not game.finished and game.state.vars["after_end"] == 1
    taken(game, 1, "gain(n=2)")
    taken(game, 0, "stop()")
    assert game.finished and game.winners == [1] and game.state.vars == {"after_end": 3, "stops": 2}
    assert [e["event"] for e in game.recorder.events[-3:]] == ["set", "round_end", "end"]


def test_an_end_game_before_the_first_decision_ends_the_game_as_it_starts(tmp_path):
    """An end_game that runs before any decision (in a round, at the start): the game is over once made, its winners
    chosen, and a recorded one's record ends with the round's end and the game's."""
    path = tmp_path / "at_once.yaml"
    path.write_text(Path(ENDS).read_text(encoding="utf-8").replace(
        "          - for: p in players\n", "          - score: {player: 1, add: 3}\n          - end_game: {}\n"
        "          - for: p in players\n"), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    for record in (False, True):
        game = Game(ruleset, 2, record=record)
        assert game.finished and game.winners == [1] and game.scores == [0, 3] and game.pending() == []
        game.play_out(random=random.Random(0).random)  # (nothing left to play: it returns at once)
    assert [e.get("event") for e in game.recorder.events[1:]] == ["score", "round_end", "end"]


def _picks(game: Game, seed: int) -> list:
    """``game`` played to its end by apply, each seat's pick drawn as play_out(random=...) draws it; the history
    play_out would keep (the decisions so far, the scores) whenever a decision changes the scores."""
    pick, history, last = random.Random(seed).random, [], list(game.scores)
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[int(pick() * len(options))])
            if game.scores != last:
                last = list(game.scores)
                history.append((game.decisions, tuple(last)))
    return history


def _end(game: Game) -> tuple:
    S = game.state
    return game.scores, game.winners, game.decisions, S.vars, S.round, S.round_scores, S.flow.steps, game.finished


@pytest.mark.parametrize("path", [ENDS, PATHS])
def test_play_out_and_apply_play_the_same_games_to_an_end_game(path):
    """play_out's own paths (a lone decision of a turns loop, a simultaneous step listed and played in one call, the
    runners after it in a round) end where apply's loop does: the same scores, decisions, steps, rounds and history,
    recorded or not, at each end the games reach (an action's, the flow's)."""
    ruleset = load_ruleset(path)
    ended_by = set()
    for seed in range(12):
        for n in (2, 3):
            fast, history = Game(ruleset, n, seed=seed), []
            fast.play_out(random=random.Random(seed).random, history=history)
            for record in (False, True):
                slow = Game(ruleset, n, seed=seed, record=record)
                assert (_picks(slow, seed), _end(slow)) == (history, _end(fast)), f"{path} x{n} seed {seed} record={record}"
            ended_by.add(max(fast.scores) >= (10 if path == ENDS else 12))
            assert fast.finished and fast.state.vars["after_end"] < 1000  # (the flow's last statement never ran)
    assert ended_by == {True, False}, "the games end both ways"


def test_a_copy_made_mid_game_ends_by_itself():
    """A copy (a search's) played to an end_game ends alone: the game it was copied from goes on, and ends the same way."""
    ruleset = load_ruleset(PATHS)
    game = Game(ruleset, 2, seed=4)
    taken(game, 0, "gain(n=5)")
    copy = game.copy()
    copy.play_out(random=random.Random(7).random)
    assert copy.finished and not game.finished and game.scores == [5, 0]
    game.play_out(random=random.Random(7).random)
    assert _end(game) == _end(copy)


def test_the_end_is_no_rule_failure():
    """What end_game raises passes every handler that turns a rule's failure into R100 (RuleRuntimeError, Python's
    TypeError...) or reports one (PhiltreError)."""
    assert not issubclass(GameEnded, (PhiltreError, RuleRuntimeError, *LISTING_FAILURES))


def test_the_winners_failing_after_an_end_game_stop_the_game_as_at_the_flows_end(tmp_path):
    """Winners that fail to be chosen once an end_game ran are R100 at `winners`, and the record ends with the failure."""
    path = tmp_path / "failing.yaml"
    path.write_text(Path(ENDS).read_text(encoding="utf-8").replace('winners: {highest: "score[p]"}',
                                                                   'winners: {highest: "score[p] // stops"}'), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, record=True)
    taken(game, 0, "gain(n=5)")
    taken(game, 1, "gain(n=5)")
    with pytest.raises(PhiltreError, match="R100 choosing the winners failed"):  # (no vote: stops is 0)
        taken(game, 0, "gain(n=5)")
    assert game.recorder.events[-1]["event"] == "failed"


def test_the_scenarios_pass_and_a_step_after_the_end_fails():
    """The scenarios of end_game.yaml pass (each `expect` checks the end); a step after the end is told the game is over."""
    assert [r.failures for r in run_scenarios(load_ruleset(ENDS))] == [[], []]


def test_a_scenario_step_after_the_end_is_told_the_game_is_over(tmp_path):
    path = tmp_path / "late.yaml"
    path.write_text(Path(ENDS).read_text(encoding="utf-8").replace(
        "      - {player: 0, action: gain, args: {n: 5}}\n    expect:\n",
        "      - {player: 0, action: gain, args: {n: 5}}\n      - {player: 1, action: stop}\n    expect:\n"), encoding="utf-8")
    [late, _] = run_scenarios(load_ruleset(str(path)))
    assert len(late.failures) == 1 and "seat 1 is not deciding now (deciding: nobody, the game is over)" in late.failures[0]
