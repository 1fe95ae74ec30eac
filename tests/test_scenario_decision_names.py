"""A scenario's expect and always read the decision the game waits at: `deciding` (its seats), `current` (the turn's)
and `waiting_at` (the decision statement's `name:`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.scenarios import run_scenarios

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "examples" / "tutorial"  # High Card: a simultaneous `play` outside any `turns`

# each turn the seat to play draws a card, then plays one: it holds two cards then, the others one
DRAW_PLAY = """\
philtre: 1
game: draw-play
title: Draw and play
description: Draw a card, then play one, until the deck runs out.
players: 2..3
components: {card: {attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8]}, start: deck}}
zones: {deck: {visible: nobody}, hand: {each: player, visible: owner}, played: {}}
define: {%s}
actions: {play: {choose: {card: "hand[me]"}, do: [{move: card -> played}]}}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - turns: 0
    until: count(deck) == 0
    do: [{move: "last(deck) -> hand[current]"}, {decide: play}]
winners: {highest: "count(hand[p])"}
"""


def _results(tmp_path, scenarios: str, ruleset: str = DRAW_PLAY % "top: 1") -> list:
    """The results of ``scenarios`` beside ``ruleset``."""
    (tmp_path / "ruleset.yaml").write_text(ruleset, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    return run_scenarios(load_ruleset(str(tmp_path)))


def test_an_invariant_reads_the_seat_to_play(tmp_path):
    """Love Letter trial: "the seat to play holds 2 cards, the others 1" could not be written (`current` was E150)."""
    [result] = _results(tmp_path, """\
scenarios:
  - name: the seat to play holds two cards, the others one
    players: 3
    autoplay: true
    always:
      - all(count(hand[p]) == (2 if p == current else 1) for p in players)
      - deciding == [current]
    expect:
      - game_over and current == none and deciding == []
""")
    assert result.passed, result.failures


def test_a_broken_invariant_on_the_seat_to_play_shows_what_it_read(tmp_path):
    [result] = _results(tmp_path, """\
scenarios:
  - name: wrong on purpose
    players: 2
    always: ["count(hand[current]) == 1"]
    expect: ["true"]
""")
    [failure] = result.failures
    assert "T012 not true at decision 1: count(hand[current]) == 1  [count(hand[current]) = 2]" in failure, failure


def test_an_expectation_after_the_steps_reads_the_decision_then(tmp_path):
    results = _results(tmp_path, """\
scenarios:
  - name: seat 1 is next
    players: 3
    steps:
      - {player: 0, action: play}
    expect:
      - current == 1 and deciding == [1]
  - name: wrong on purpose
    players: 3
    steps:
      - {player: 0, action: play}
    expect:
      - current == 2
""")
    assert results[0].passed, results[0].failures
    [failure] = results[1].failures
    assert failure.endswith("T012 expected true: current == 2  [current = 1]"), failure


def test_a_simultaneous_step_outside_turns_has_seats_deciding_and_no_current(tmp_path):
    """High Card plays at once, outside `turns`: `deciding` is who has not chosen yet, `current` none."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text("""\
scenarios:
  - name: seat 1 has not chosen yet
    players: 3
    steps:
      - {player: 0, action: play}
    expect:
      - sorted(deciding) == [1, 2] and current == none
""", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


# each turn the seat to play draws (a decision of its own, named), then plays: only while the game waits at 'playing'
# does a hand hold two cards
DRAW_THEN_PLAY = (DRAW_PLAY % "top: 1").replace(
    "actions: {play:", "actions: {draw: {do: [{move: \"last(deck) -> hand[me]\"}]}, play:").replace(
    '[{move: "last(deck) -> hand[current]"}, {decide: play}]', "[{name: drawing, decide: draw}, {name: playing, decide: play}]")


def test_an_invariant_holds_but_while_the_game_waits_at_a_decision_it_names(tmp_path):
    """A trial's invariant ("every territory holds an army") broke only while the game waited for the attacker to move
    in, and nothing an invariant reads named that decision: it had to be weakened for every decision. `waiting_at` is
    the `name:` of the decision statement the game waits at; none once the game is over."""
    results = _results(tmp_path, """\
scenarios:
  - name: a hand holds two cards only while its seat is to play
    players: 3
    autoplay: true
    always:
      - waiting_at == 'playing' or all(count(hand[p]) == 1 for p in players)
      - waiting_at != 'playing' or count(hand[current]) == 2
    expect:
      - game_over and waiting_at == none
  - name: the draw taken, the game waits at playing
    players: 2
    steps:
      - {player: 0, action: draw}
    expect:
      - waiting_at == 'playing'
  - name: wrong on purpose
    players: 2
    always: ["waiting_at == 'playing'"]
    expect: ["true"]
""", DRAW_THEN_PLAY)
    assert results[0].passed and results[1].passed, (results[0].failures, results[1].failures)
    [failure] = results[2].failures
    assert "T012 not true at decision 1: waiting_at == 'playing'  [waiting_at = 'drawing']" in failure, failure
    # a decision with no name of its own reads none
    (tmp_path / "unnamed").mkdir()
    [result] = _results(tmp_path / "unnamed", """\
scenarios:
  - name: no name
    players: 2
    expect: [waiting_at == none]
""")
    assert result.passed, result.failures


def test_waiting_at_in_the_rules_is_told_the_rules_do_not_play_by_names(tmp_path):
    """The rules cannot read it: a statement's name is a label (renaming one would change play)."""
    (tmp_path / "ruleset.yaml").write_text(DRAW_THEN_PLAY.replace("top: 1", "top: waiting_at == 'playing'"), encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(tmp_path))
    assert "E150 unknown name 'waiting_at'" in str(caught.value) and "the rules do not play by it" in str(caught.value), \
        str(caught.value)


def test_a_ruleset_s_own_deciding_is_read_as_it_declares_it(tmp_path):
    [result] = _results(tmp_path, """\
scenarios:
  - name: its own
    players: 2
    expect:
      - deciding == 7
""", DRAW_PLAY % "deciding: 7")
    assert result.passed, result.failures


@pytest.mark.parametrize("where, said", [
    ("    expect: [\"count(hand[me]) > 0\"]\n", "'me' is not bound here (an expectation or invariant is read at a decision, for "
                                               "no one seat: read deciding, the seats that must decide then, or current"),
    ("    given: {rest: \"hand[current]\"}\n    expect: [\"true\"]\n",
     "'current' is not bound here (a scenario's given and rest are read for no seat, and a step binds only me, its player"),
])
def test_a_seat_name_that_is_not_bound_says_which_are_where(tmp_path, where, said):
    (tmp_path / "ruleset.yaml").write_text(DRAW_PLAY % "top: 1", encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(f"scenarios:\n  - name: n\n    players: 2\n{where}", encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(tmp_path))
    assert "E150 " + said in str(caught.value), str(caught.value)


@pytest.mark.parametrize("written, hint", [
    ("deciding == 1", "'in' says whether a seat is among them: 1 in deciding (deciding == [1]: seat 1 alone); "
                      "count(deciding) is how many"),
    ("2 != deciding", "2 not in deciding (deciding != [2]: seat 2 alone)"),
])
def test_deciding_compared_with_a_seat_number_is_told_it_is_a_list(tmp_path, written, hint):
    """A Sheriff of Nottingham trial wrote `deciding == 1`: E124's hint pointed at count(), where `1 in deciding` (or
    `deciding == [1]`) was meant; a list of seats compared with a number says so, wherever it is written."""
    (tmp_path / "ruleset.yaml").write_text(DRAW_PLAY % "top: 1", encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(f"scenarios:\n  - name: n\n    players: 2\n    always: [\"{written}\"]\n",
                                             encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(tmp_path))
    assert "E124 " in str(caught.value) and "compares a list of players with a number" in str(caught.value), str(caught.value)
    assert hint in str(caught.value), str(caught.value)


def test_a_list_of_seats_in_the_rules_compared_with_a_number_is_told_the_same(tmp_path):
    """Not only `deciding`: any list of seats compared with a seat number gets 'in' first (a zone or other list, count)."""
    ruleset = (DRAW_PLAY % "top: 1").replace("{move: card -> played}", '{when: "seats_from(me) != 0", move: card -> played}')
    (tmp_path / "ruleset.yaml").write_text(ruleset, encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(tmp_path))
    assert "E124 " in str(caught.value) and "0 not in seats_from(me)" in str(caught.value), str(caught.value)
