"""`say:` and a score's `why:`: the rules tell the table what happened (language.md, say and score).

A Cribbage trial's `play` printed `seat 0 scores +2 (now 2)` the same for a fifteen, a pair, 31, a go and his nobs, and
never said "go"; a Farkle trial's farkle showed only as `turn_pts = 0`. No statement could tell every seat "seat 1
cannot play" without showing the hand, which forced two hidden-information lint silences (L027, L031)."""

from __future__ import annotations

import json
import re

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import RuleRuntimeError
from philtre.dsl.errors import PhiltreError
from philtre.dsl.values import Component
from philtre.interpreter.effects import said_text
from philtre.interpreter.render import event_text
from philtre.interpreter.replay import replayed
from philtre.interpreter.simulate import play_game
from test_cli import philtre
from test_hidden_counts import record_errors
from test_lints import findings, where

# seat 1 holds a card more than seat 0: once seat 0's hand is empty it says go, and seat 1 plays its last card
SAID = """\
philtre: 1
game: said
players: 2
components:
  card: {attributes: {rank: 1..8}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {}
variables:
  total: 0
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> table
      - set: {total: total + card.rank}
      - score: {player: me, add: card.rank, why: "['card of', card.rank]"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - move: last(deck) -> hand[1]
  - say: "['the play begins with', count(deck), 'cards left']"
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - when: count(hand[current]) > 0
        decide: play
        else:
          - say: {player: current, text: "'go'"}
  - score: {player: 0, set: "score[0]", why: "'nothing'"}
winners: {highest: "score[p]"}
"""


def _ruleset(tmp_path, text: str = SAID):
    path = tmp_path / "said.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _game(tmp_path, seed: int = 1):
    return play_game(load_ruleset(str(_ruleset(tmp_path))), 2, seed, ["random"] * 2, record=True)


def test_play_prints_what_is_said_and_why_points_are_scored(tmp_path):
    result = philtre("play", _ruleset(tmp_path), "-p", "2", "--seat", "0", "--seed", "1", stdin="1\n" * 10, timeout=120)
    assert result.returncode == 0, result.stderr
    assert re.search(r"^      the play begins with 3 cards left$", result.stdout, re.M), result.stdout
    assert re.search(r"^      seat 0: go$", result.stdout, re.M), result.stdout
    assert re.search(r"^      seat [01] scores \+(\d) for card of \1 \(now \d+\)$", result.stdout, re.M), result.stdout


def test_the_record_keeps_the_say_and_the_why_and_every_seat_is_told_them(tmp_path):
    game = _game(tmp_path)
    said = [e for e in game.recorder.events if e.get("event") == "say"]
    assert said == [{"event": "say", "text": "the play begins with 3 cards left"}, {"event": "say", "player": 0, "text": "go"}]
    scores = [e for e in game.recorder.events if e.get("event") == "score"]
    assert len(scores) == 5 and all(e["why"] == f"card of {e['points']}" for e in scores)  # (a set of +0: no event, no why)
    for seat in (0, 1, None):  # public: each seat's record and an onlooker's hold them as they are
        told = game.recorder.for_player(seat)
        assert [e for e in told if e.get("event") in ("say", "score")] == \
               [e for e in game.recorder.events if e.get("event") in ("say", "score")]
    assert record_errors(game) == []  # the full record and each seat's, as record.schema.json describes them
    assert event_text(said[1], game.ruleset) == "seat 0: go"
    assert event_text(scores[0], game.ruleset).startswith(f"seat {scores[0]['player']} scores +{scores[0]['points']} for card of ")


def test_a_record_with_says_replays_and_a_changed_say_does_not(tmp_path):
    game = _game(tmp_path)
    path = tmp_path / "game.jsonl"
    game.recorder.write(str(path))
    assert replayed(str(path)).recorder.events == game.recorder.events
    lines = path.read_text(encoding="utf-8").splitlines()
    [at] = [i for i, line in enumerate(lines) if '"go"' in line]
    lines[at] = json.dumps({"event": "say", "player": 0, "text": "pass"})
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(PhiltreError):
        replayed(str(path))


def test_a_say_reading_a_hidden_zone_is_l030_and_its_when_is_what_it_states(tmp_path):
    """A say tells every seat, as a score does: its text reading a hand only its owner sees is L030; its `when` is
    not (that the table is told whether it held is what the say states: a go said aloud)."""
    text = SAID.replace("""say: {player: current, text: "'go'"}""",
                        """say: {player: current, text: "['go', first(hand[left(current)]).rank]"}""")
    found = findings(tmp_path, text)
    assert [(d.code, (d.loc.line, d.loc.col)) for d in found] == [("L030", where(text, "\"['go', first"))], [str(d) for d in found]
    assert found[0].message.startswith("this say's text reads what 'hand' holds, which only its owner sees: every seat is "
                                       "told what is said"), str(found[0])
    assert "or say only what every seat sees" in found[0].hint and "score at the end" not in found[0].hint
    when = SAID.replace("""      - when: count(hand[current]) > 0
        decide: play
        else:
          - say: {player: current, text: "'go'"}""", """      - decide: play
      - say: {player: left(current), text: "'go'"}
        when: not any(c.rank < 3 for c in hand[left(current)])""")
    (tmp_path / "when").mkdir()  # (another file: a file's lines are read once in a process)
    assert findings(tmp_path / "when", when) == []


def test_a_why_reading_a_hidden_zone_is_l030(tmp_path):
    text = SAID.replace("""why: "['card of', card.rank]\"""", """why: "['card of', count(c for c in hand[1] if c.rank > 3)]\"""")
    found = findings(tmp_path, text)
    assert [(d.code, d.message.split(" reads ")[0]) for d in found] == [("L030", "this score's why")], [str(d) for d in found]


@pytest.mark.parametrize("said", ["say: \"first(hand[0])\"", "say: {player: 0, text: table}",
                                  "score: {player: 0, add: 1, why: \"[first(table)]\"}"])
def test_saying_a_component_or_a_zone_is_e120(tmp_path, said):
    """What is told is words: a component told would show it unrevealed (reveal: shows one)."""
    path = _ruleset(tmp_path, SAID.replace("  - shuffle: deck\n", f"  - shuffle: deck\n  - {said}\n"))
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    [d] = info.value.diagnostics
    assert d.code == "E120" and "must be a word, a number, true, false or none, or a list of them" in d.message, str(d)
    assert "reveal:" in d.hint


def test_a_value_known_only_at_run_time_that_is_not_words_stops_the_game_at_the_rule():
    assert said_text(["go", 3, 2.5, True, None], "text") == "go 3 2.5 true none"
    with pytest.raises(RuleRuntimeError) as info:
        said_text({"a": 1}, "text")
    assert "what is said is a word, a number, true, false or none, or a list of them" in str(info.value)


def test_a_component_known_only_at_run_time_is_named_as_play_names_it():
    """A Cribbage trial said `last(seq)`, a variable of cards whose type only the game knows: R100 printed the engine's
    `<card#3 suit=clubs rank=4>` and `[<card#42 suit='spades' ...>]`; it names a component as play does."""
    card = Component("card", 3, {"suit": "clubs", "rank": 4})
    for value, got in ((card, "got card clubs rank=4: "), ([card, card], "got [card clubs rank=4, card clubs rank=4]: ")):
        with pytest.raises(RuleRuntimeError) as info:
            said_text(value, "text")
        assert got in str(info.value) and "#" not in str(info.value), str(info.value)


@pytest.mark.parametrize("said, key", [("say: {player: 0, txt: \"'go'\"}", "txt"), ("say: {text: \"'go'\", to: 1}", "to")])
def test_a_say_mapping_with_a_wrong_key_names_that_key(tmp_path, said, key):
    """A mapping is checked as say's mapping form alone: the key is named, not 'expected a text' for the whole."""
    text = SAID.replace("  - shuffle: deck\n", f"  - shuffle: deck\n  - {said}\n")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(_ruleset(tmp_path, text)))
    [d] = info.value.diagnostics
    assert (d.code, d.message) == ("V001", f"unknown key ('{key}' was unexpected)"), str(d)


@pytest.mark.parametrize("said, key, sentence", [
    ("score: {player: 0, add: 1, why: a pirate reaches the boat}", "why", "a pirate reaches the boat"),
    ("say: the play begins", "say", "the play begins"),
    ("say: {player: 0, text: it's a go}", "text", "it's a go"),
])
def test_an_unquoted_sentence_told_is_an_error_hinting_it_quoted(tmp_path, said, key, sentence):
    """A trial wrote `why: a pirate reaches the boat`: E102 sent it to operators and comments (a value right after
    another); what is told is an expression, and the hint is the sentence quoted, which loads."""
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(_ruleset(tmp_path, SAID.replace("  - shuffle: deck\n", f"  - shuffle: deck\n  - {said}\n"))))
    [d] = info.value.diagnostics
    assert d.code in ("E101", "E102") and d.hint.startswith(f"{key} is an expression: quote a sentence, {key}: "), str(d)
    quoted = d.hint.split(f", {key}: ", 1)[1]
    assert sentence.replace("'", "''") in quoted or sentence in quoted
    fixed = said.replace(f"{key}: {sentence}", f"{key}: {quoted}")
    load_ruleset(str(_ruleset(tmp_path, SAID.replace("  - shuffle: deck\n", f"  - shuffle: deck\n  - {fixed}\n"))))


def test_an_expression_told_with_an_operator_missing_keeps_the_operator_hint(tmp_path):
    said = "say: \"['cards left', count(deck) 2]\""
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(_ruleset(tmp_path, SAID.replace("  - shuffle: deck\n", f"  - shuffle: deck\n  - {said}\n"))))
    [d] = info.value.diagnostics
    assert d.code == "E102" and "no operator before '2'" in d.hint and "quote a sentence" not in d.hint, str(d)
