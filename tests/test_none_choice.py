"""A choice only some options need, `guess: "[1, 2] if card.kind == 'guard' else [none]"`: an argument that is none is
left out of the option's text (play's list, its account of another seat's decision, the Python API's label), and a line
typed without it names the option; the record keeps it, and replays (Love Letter trial 2: `guess=0` written for every
card that guesses nothing, read as if the Princess guessed)."""

from __future__ import annotations

import json
import re

from test_cli import philtre

RULESET = """\
game: guesses
players: 2
components:
  card:
    attributes: {kind: [guard, priest]}
    copies: 2
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {each: player}
actions:
  play:
    choose: {card: "hand[me]", guess: "[1, 2] if card.kind == 'guard' else [none]"}
    do:
      - move: card -> table[me]
      - when: guess != none
        score: {player: me, add: guess}
flow:
  - deal: {from: deck, to: hand, count: 2}
  - repeat: 2
    do:
      - decide: play
        player: 0
      - decide: play
        player: 1
"""


def write(tmp_path):
    """The ruleset above, in ``tmp_path``."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET)
    return path


def options_of(tmp_path, seed: int = 1):
    """The first decision's options and the game (seat 0 holds a priest and a guard at seed 1)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    game = Game(load_ruleset(str(write(tmp_path))), 2, seed=seed, record=True)
    return game.options(0), game


def test_an_argument_that_is_none_is_left_out_of_the_label(tmp_path):
    """play(card=card priest), not play(card=card priest, guess=none); the guard's guesses keep theirs."""
    options, _ = options_of(tmp_path)
    assert [o.label() for o in options] == ["play(card=card priest)", "play(card=card guard, guess=1)",
                                            "play(card=card guard, guess=2)"]
    assert repr(options[0]) == "play(card=card priest)" and dict(options[0].args)["guess"] is None


def test_a_line_without_the_none_argument_names_the_option(tmp_path):
    """The label typed, its words, and the old way with guess=none, each choose the priest."""
    from philtre.interpreter.cli_play import match_choice

    options, _ = options_of(tmp_path)
    for typed in ("play(card=card priest)", "play(card = card priest)", "priest", "card priest",
                  "play(card=card priest, guess=none)", "card=card priest"):
        assert match_choice(typed, options) is options[0], typed
    assert match_choice("guard 2", options) is options[2]


def test_the_none_argument_typed_by_name_beside_other_words_names_the_option(tmp_path):
    """`priest guess=none`: guess=none alone was taken (a whole argument) and play's hint offered such words, but with
    another word beside it the line was 'not among this turn's options', the label having no word guess=none."""
    from philtre.interpreter.cli_play import match_choice

    options, _ = options_of(tmp_path)
    for typed in ("priest guess=none", "guess=none priest", "play card=card priest guess=none"):
        assert match_choice(typed, options) is options[0], typed
    assert match_choice("guard guess=2", options) is options[2]


def test_play_lists_and_takes_it_and_the_record_keeps_the_none(tmp_path):
    """`philtre play`: the option listed and another seat's decision told without guess=none, a line typed without it
    taken; the record's decision holds guess: null, and replays."""
    record = tmp_path / "mine.jsonl"
    result = philtre("play", write(tmp_path), "--seed", "1", "--record", record,
                     stdin="play(card=card priest)\n2\n")
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert "guess=none" not in said, said
    assert re.search(r"^ +1\. play\(card=card priest\)$", said, re.M), said
    assert re.search(r"^  > seat 1: play\(card=card (priest|guard, guess=\d)\)$", said, re.M), said
    decisions = [e for e in map(json.loads, record.read_text().splitlines()) if e.get("event") == "decision"]
    assert {"card", "guess"} == set(decisions[0]["args"]) and decisions[0]["args"]["guess"] is None
    replayed = philtre("replay", record)
    assert replayed.returncode == 0 and "all events match" in replayed.stdout, replayed.stdout + replayed.stderr
