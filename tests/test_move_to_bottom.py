"""move with `at: bottom` (language.md, move): what moves goes under what the zone holds, order kept, recorded and
replayed as such; the lift-and-replace idiom it replaces needed a spare zone and three moves."""

from __future__ import annotations

import json

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

HEAD = """game: under
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  up: {}
variables:
  got: {initial: []}
"""


def _game(tmp_path, flow: str, record: bool = False, seed: int = 1) -> Game:
    """A game of six cards ranked 1..6, bottom to top in `deck`, whose flow is ``flow`` (then `got` is set to the
    deck's ranks, bottom first)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "flow:\n" + flow + '  - set: {got: "[c.rank for c in deck]"}\n', encoding="utf-8")
    return Game(load_ruleset(str(path)), 2, seed=seed, record=record)


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize("flow, deck", [
    ("  - move: last(deck) -> up\n  - move: first(up) -> deck\n    at: bottom\n", [6, 1, 2, 3, 4, 5]),   # a component
    ("  - move: \"[c for c in deck if c.rank > 4] -> up\"\n  - move: up -> deck\n    at: bottom\n",  # a zone, order kept
     [5, 6, 1, 2, 3, 4]),
    ("  - move: \"[c for c in deck if c.rank in [6, 5]] -> deck\"\n    at: bottom\n", [1, 2, 3, 4, 5, 6]),  # already there: stays
    ("  - move: last(deck) -> hand[0]\n  - move: last(deck) -> up\n"                  # a list from two zones
     "  - move: \"[first(up), first(hand[0])] -> deck\"\n    at: bottom\n", [5, 6, 1, 2, 3, 4]),
    ("  - move: last(deck) -> up\n  - move: first(up) -> deck\n    at: top\n", [1, 2, 3, 4, 5, 6]),        # top: as without
    ("  - move: none -> deck\n    at: bottom\n", [1, 2, 3, 4, 5, 6]),
])
def test_what_moves_goes_under_what_the_zone_holds_in_order(tmp_path, flow, deck, record):
    assert _game(tmp_path, flow, record).state.vars["got"] == deck


@pytest.mark.parametrize("record", [False, True])
def test_a_move_to_the_bottom_in_a_loop_and_one_that_may_ask_a_decision_run_as_written(tmp_path, record):
    """In a `for` (whose body a runner may write out in its loop) and with an `else` that decides (run by its handler):
    the top four go under the deck one by one, the last ending lowest."""
    flow = ("  - for: i in range(3)\n    do:\n      - move: last(deck) -> up\n      - move: up -> deck\n        at: bottom\n"
            "  - move: last(deck) -> up\n"
            "  - when: true\n    move: up -> deck\n    at: bottom\n    else:\n      - decide: wait\n        player: 0\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "actions:\n  wait: {}\nflow:\n" + flow + '  - set: {got: "[c.rank for c in deck]"}\n', encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=record)
    assert game.state.vars["got"] == [3, 4, 5, 6, 1, 2]


def test_the_record_says_at_bottom_and_replay_checks_it(tmp_path):
    """Each event of the move carries "at": "bottom" (a move on top, nothing), as record.schema.json describes it, in
    every seat's record; replay reproduces the order, and a record without it no longer replays."""
    from test_hidden_counts import record_errors

    from philtre.dsl.errors import PhiltreError
    from philtre.interpreter.replay import replayed

    game = _game(tmp_path, "  - shuffle: deck\n  - move: last(deck) -> up\n  - move: up -> deck\n    at: bottom\n"
                           "  - move: last(deck) -> hand[1]\n", record=True)
    moves = [e for e in game.recorder.events if e.get("event") == "move"]
    assert [e.get("at") for e in moves] == [None, "bottom", None]
    assert record_errors(game) == []
    assert [e.get("at") for e in game.recorder.for_player(0) if e.get("event") == "move"] == [None, "bottom", None]
    path = tmp_path / "game.jsonl"
    game.recorder.write(path)
    assert replayed(str(path)).state.vars["got"] == game.state.vars["got"]
    lines = path.read_text(encoding="utf-8").splitlines()
    lines = [json.dumps({k: v for k, v in json.loads(line).items() if k != "at"}, separators=(",", ":")) for line in lines]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(PhiltreError):
        replayed(str(path))


def test_a_hidden_zone_keeps_its_order_hidden(tmp_path):
    """The deck nobody sees: a seat's view gives its count, no component, whether cards went on top or under it."""
    game = _game(tmp_path, "  - shuffle: deck\n  - move: last(deck) -> hand[0]\n  - move: hand[0] -> deck\n    at: bottom\n")
    view = json.dumps(game.view(1), default=str)
    assert '"rank"' not in view, view


@pytest.mark.parametrize("statement, code", [
    ("  - move: last(deck) -> up\n    at: under\n", "V001"),   # (the schema's: 'under' is not one of: top, bottom)
    ("  - shuffle: deck\n    at: bottom\n", "S003"),         # 'shuffle' does not take 'at'
])
def test_a_wrong_at_is_found_by_validate(tmp_path, statement, code):
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "flow:\n" + statement, encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path), lints=False).findings]
    assert [d.code for d in found] == [code] and found[0].loc.line == 13, [str(d) for d in found]


def test_play_tells_a_move_to_the_bottom(tmp_path):
    """The recap `philtre play` prints of each event says where the card went: under the deck, not onto it."""
    from philtre.interpreter.render import event_text

    game = _game(tmp_path, "  - move: last(deck) -> up\n  - move: up -> deck\n    at: bottom\n", record=True)
    said = [event_text(e, game.ruleset) for e in game.recorder.events if e.get("event") == "move"]
    assert said[0].endswith(" from deck to up") and said[1].endswith(" from up to the bottom of deck"), said


DEPTH_WRITTEN = 'at: "0 if turn_number > 2 else count(up)"'


@pytest.mark.parametrize("at, code", [
    ('"bottom if turn_number > 2 else top"', "E150"),          # the places read as names
    ("\"'bottom' if turn_number > 2 else 'top'\"", "E120"),    # quoted, as E150's usual hint said: a word is no depth
])
def test_a_place_chosen_by_a_condition_is_hinted_as_the_depth_it_means(tmp_path, at, code):
    """A trial's `at: "bottom if side == 'left' else top"` got E150 with the hint to quote the word, which then was
    E120 (a depth must be a whole number): the hint writes the depth, 0 for the bottom, count(ZONE) for the top."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "flow:\n  - move: last(deck) -> up\n    at: " + at + "\n", encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path), lints=False).findings]
    assert found and {d.code for d in found} == {code}, [str(d) for d in found]
    for d in found:
        assert "quote it" not in d.hint and "0 for the bottom, count(up) for the top" in d.hint, str(d)
        assert d.hint.endswith(DEPTH_WRITTEN), str(d)


def test_the_depth_the_hint_writes_puts_the_card_there(tmp_path):
    flow = '  - move: last(deck) -> up\n  - move: last(deck) -> up\n    at: "0 if turn_number == 0 else count(up)"\n'
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "flow:\n" + flow + '  - set: {got: "[c.rank for c in up]"}\n', encoding="utf-8")
    assert Game(load_ruleset(str(path)), 2, seed=1).state.vars["got"] == [5, 6]
