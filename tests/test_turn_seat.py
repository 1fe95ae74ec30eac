"""Whose turn it is, in a seat's view (`turn.current`) and on play's board (`turn: seat 0`). A Coup trial: a seat asked
whether to challenge a block learned whose turn it was only from the account of what happened (told short when
long, gone after --take-forced), and an agent reading `game.view(seat)` had to track the turn's seat itself."""

from __future__ import annotations

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.render import render_view
from test_cli import philtre

ANSWERED = """\
philtre: 1
game: answered
players: 3
variables:
  answered: {initial: null}
blocks:
  ask(p):
    - decide: answer
      player: p
actions:
  claim: {}
  answer:
    do:
      - set: {answered: me}
flow:
  - turns: 1
    until: answered != none
    do:
      - decide: claim
      - run: ask(left(current))
"""

NO_TURNS = """\
philtre: 1
game: no-turns
players: 2
actions:
  go: {}
flow:
  - for: p in players
    do:
      - decide: go
        player: p
"""


def _game(tmp_path, text: str = ANSWERED, players: int = 3) -> Game:
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return Game(load_ruleset(str(path)), players, seed=1)


def test_every_seats_view_names_the_turns_seat_whoever_is_asked(tmp_path):
    game = _game(tmp_path)
    assert [game.view(seat)["turn"]["current"] for seat in (0, 1, 2, None)] == [1, 1, 1, 1]
    game.apply(1, game.options(1)[0])  # seat 1 claims; seat 2, on its left, is asked to answer it
    turn = game.view(0)["turn"]
    assert (turn["deciding"], turn["current"]) == ([2], 1)
    assert game.view(2)["turn"]["current"] == 1 and game.view(None)["turn"]["current"] == 1


def test_a_decision_in_no_turns_step_has_no_current(tmp_path):
    game = _game(tmp_path, NO_TURNS, 2)
    assert game.view(0)["turn"]["current"] is None
    assert "turn:" not in render_view(game.view(0), game.ruleset, played=True)


def test_the_board_says_whose_turn_it_is_and_marks_the_seats_own(tmp_path):
    game = _game(tmp_path)
    assert render_view(game.view(1), game.ruleset, played=True).splitlines()[0] == "scores [0, 0, 0]  turn: seat 1 (you)"
    game.apply(1, game.options(1)[0])
    assert render_view(game.view(2), game.ruleset, played=True).splitlines()[0] == "scores [0, 0, 0]  turn: seat 1"
    assert "turn:" not in render_view(game.view(2), game.ruleset)  # (the adapter's text says who acts its own way)


def test_play_shows_the_turn_on_the_board_of_a_seat_answering_another(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(ANSWERED, encoding="utf-8")
    result = philtre("play", tmp_path, "--seat", "2", "--seed", "1", stdin="1\n")
    assert result.returncode == 0, result.stderr
    assert "\nscores [0, 0, 0]  turn: seat 1\n" in result.stdout, result.stdout


FOLLOW_UP = """\
philtre: 1
game: follow-up
players: 3
define:
  up: current
show: [up]
actions:
  claim:
    then:
      - decide: answer
        player: left(me)
  answer: {}
flow:
  - turns: 1
    until: false
    do:
      - decide: claim
"""


def test_a_decision_asked_in_an_actions_then_names_the_turns_seat(tmp_path):
    from philtre.interpreter.render import shown_values

    game = _game(tmp_path, FOLLOW_UP)
    game.apply(1, game.options(1)[0])  # seat 1 claims; its follow-up asks seat 2, on its left
    assert game.pending() == [2]
    assert [game.view(seat)["turn"]["current"] for seat in (0, 1, 2, None)] == [1, 1, 1, 1]
    assert render_view(game.view(2), game.ruleset, played=True).splitlines()[0] == "scores [0, 0, 0]  turn: seat 1"
    assert shown_values(game, 2) == {"up": 1}  # a shown definition reads the turn's `current` there too


def test_play_shows_the_turn_above_a_challenge_asked_in_a_claims_follow_up():
    # the shipped bluffing example: seat 0 claims at its fourth turn, seat 1 is asked in the claim's `then:`
    result = philtre("play", "examples/bluffing", "-p", "2", "--seat", "1", "--seed", "1", stdin="1\n" * 8)
    assert result.returncode == 0, result.stderr
    asked = result.stdout.index("1. challenge()")
    assert result.stdout.rfind("\nscores [4, 4]  turn: seat 0\n", 0, asked) != -1, result.stdout


def test_a_scenario_reads_the_turns_seat_at_a_decision_asked_in_an_actions_then(tmp_path):
    """A scenario's `current` is the turn's seat where a follow-up asks another seat, as the view and the board say
    (it read none there, while the board above the same decision said `turn: seat 1`)."""
    from philtre.interpreter.scenarios import run_scenarios

    path = tmp_path / "ruleset.yaml"
    path.write_text(FOLLOW_UP + """\
scenarios:
  - name: a claim's answer is asked in the claimer's turn
    players: 3
    steps:
      - {player: 1, action: claim}
    expect:
      - deciding == [2] and current == 1
    always:
      - current != none
""", encoding="utf-8")
    results = run_scenarios(load_ruleset(str(path)))
    assert [r.passed for r in results] == [True], results
