"""Named copies (`pile: {copies: [yellow, blue, red]}`, `exp: {each: player, copies: [...]}`): read by the word
(pile['red'], pile[card.colour], exp[me][card.colour]; a number is still the copy's position) and shown by it.

A Lost Cities trial (and two before it) derived a colour's index on its cards to read exp[me][card.k], and play showed
exp[0][4], pile[3], take(from=pile[3]): nobody could tell 3 meant green. The family is kept numbered (the engine's
keys, states and views are as a numbered family's); the words are the index's text and a record's `name`."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl import PhiltreError, load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.records import is_zone_json
from philtre.interpreter.render import event_text, render_view
from philtre.interpreter.scenarios import run_scenarios

from conftest import variant_of

NAMED = Path(__file__).parent / "data" / "named_copies.yaml"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(str(NAMED))


def halfway(rules, decisions: int = 3, seed: int = 3) -> Game:
    """A 2-player game after ``decisions`` random decisions, recorded."""
    game, rng = Game(rules, 2, seed=seed, record=True), random.Random(seed)
    for _ in range(decisions):
        seat = game.pending()[0]
        game.apply(seat, rng.choice(game.options(seat)))
    return game


def test_a_named_family_s_zones_are_numbered_and_written_by_their_words(rules):
    game = Game(rules, 2, seed=1)
    assert [str(z.key[1]) for z in game.state.zones["pile"]] == ["yellow", "blue", "red"]
    assert [z.key[1] for z in game.state.zones["pile"]] == [0, 1, 2]  # (the engine's keys: positions)
    assert [str(z.key[1]) for z in game.state.zones["exp"][3:]] == ["1][yellow", "1][blue", "1][red"]
    assert rules.zones["exp"].size(2) == 6 and rules.zones["pile"].size(3) == 3


def test_the_scenarios_given_pile_red_and_reading_by_word_or_number_pass(rules):
    results = run_scenarios(rules)
    assert len(results) == 1 and all(r.passed for r in results), [r.failures for r in results if not r.passed]


def test_play_s_board_and_options_name_the_zones_by_their_words(rules):
    game = halfway(rules)
    board = render_view(game.view(0), rules, played=True)
    assert "pile[blue]: [card blue rank=1]" in board and "exp[0][red] (you): [card red rank=2]" in board, board
    assert "empty: pile[yellow], pile[red], exp[0][yellow], exp[0][blue]" in board, board  # (words make no range)
    assert "take(z=pile[blue])" in [str(o) for o in game.options(game.pending()[0])]


def test_play_s_board_says_many_empty_named_copies_by_how_many(rules):
    """A Coloretto trial's `empty:` line named 32 copies (coll[0][blue], ..., coll[4][yellow]; words make no range):
    more than four of a family are said by how many, all of them or the others than those listed above."""
    start = render_view(Game(rules, 3, seed=1).view(0), rules, played=True)
    assert "  empty: pile[yellow], pile[blue], pile[red], exp (all 9)" in start, start
    game = halfway(rules, decisions=1)
    assert [len(z) for z in game.state.zones["exp"]].count(0) == 5  # (one played: else this test tells nothing)
    assert "exp (the other 5)" in render_view(game.view(0), rules, played=True)


def test_a_record_keeps_the_position_and_adds_the_word_and_replays(rules, tmp_path):
    from philtre.interpreter.replay import replayed

    game = halfway(rules)
    moves = [e for e in game.recorder.for_player(0) if e.get("event") == "move" and e["to"]["zone"] in ("pile", "exp")]
    assert {"zone": "pile", "index": 1, "name": "blue"} in [e["to"] for e in moves]
    assert {"zone": "exp", "index": 2, "seat": 0, "copy": 2, "name": "red"} in [e["to"] for e in moves]
    told = [event_text(json.loads(json.dumps(e)), rules) for e in moves]
    assert "card blue rank=1 from hand[0] to pile[blue]" in told, told
    assert all(is_zone_json(e["to"]) for e in moves)
    game.play_out(random=random.Random(1).random)
    game.recorder.write(tmp_path / "game.jsonl")
    assert replayed(str(tmp_path / "game.jsonl")).scores == game.scores


@pytest.mark.parametrize("old, new, code, said", [
    ("count(pile[red])", "count(pile['green'])", "E121", "'green' is none of the copies of 'pile': yellow, blue, red"),
    ("count(exp[p]['red'])", "count(exp[p][green])", "E121", "'green' is none of the copies of 'exp[p]': yellow, blue, red"),
    ("pile: {copies: [yellow, blue, red]}", "pile: {copies: [yellow, 2, red]}", "R012",
     "'pile' names its copies by words, but 2 is no word"),
    ("exp: {each: player, copies: [yellow, blue, red]}", "exp: {each: player, copies: [yellow, blue, yellow]}", "R012",
     "'exp' names two of its copies 'yellow': each copy's word is its own"),
])
def test_a_word_none_of_the_copies_or_a_copy_badly_named_is_said_at_validate(tmp_path, old, new, code, said):
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(variant_of(NAMED.read_text(encoding="utf-8"), tmp_path, old, new))
    told = [(d.code, d.message) for d in caught.value.diagnostics]
    assert any(c == code and said in m for c, m in told), told


def test_a_computed_word_none_of_the_copies_stops_the_game_with_r100_and_the_words(tmp_path):
    text = NAMED.read_text(encoding="utf-8").partition("scenarios:")[0]
    (tmp_path / "rules.yaml").write_text(text.replace("pile[card.colour]", "pile[card.colour + 's']"), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "philtre", "simulate", str(tmp_path / "rules.yaml"), "-p", "2", "-n", "3",
                          "--seed", "1"], capture_output=True, text=True, cwd=tmp_path)
    assert "is none of the copies of 'pile': yellow, blue, red" in out.stdout + out.stderr, out.stdout + out.stderr
    assert "R100" in out.stdout + out.stderr and "Traceback" not in out.stderr
