"""move with `at: N` (language.md, move): what moves goes N components from the bottom of the zone (as `ZONE[N]`
reads it), order kept, recorded and replayed as such; a Coloretto needed three moves through a spare zone for it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_move_to_bottom import HEAD, _game

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

DATA = Path(__file__).resolve().parent / "data" / "move_to_depth.yaml"


def test_the_scenarios_put_the_card_aside_at_its_depth():
    """Two cards under the top three of six (`deck[3]` the first of them), and at the count: on top."""
    assert [r.failures for r in run_scenarios(load_ruleset(str(DATA)))] == [[], []]


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize("flow, deck", [
    ("  - move: last(deck) -> up\n  - move: first(up) -> deck\n    at: 3\n", [1, 2, 3, 6, 4, 5]),      # a component
    ("  - move: last(deck) -> up\n  - move: first(up) -> deck\n    at: 0\n", [6, 1, 2, 3, 4, 5]),      # 0: the bottom
    ("  - move: last(deck) -> up\n  - move: first(up) -> deck\n    at: 5\n", [1, 2, 3, 4, 5, 6]),      # the count: the top
    ("  - move: \"[c for c in deck if c.rank > 4] -> up\"\n  - move: up -> deck\n    at: 1\n",         # a zone, order kept
     [1, 5, 6, 2, 3, 4]),
    ("  - move: \"[c for c in deck if c.rank > 4] -> up\"\n  - move: \"[last(up), first(up)] -> deck\"\n"  # a list, its order
     "    at: count(deck) - 2\n", [1, 2, 6, 5, 3, 4]),
    ("  - move: \"[c for c in deck if c.rank in [6, 5]] -> deck\"\n    at: 2\n", [1, 2, 3, 4, 5, 6]),  # already there: stays
    ("  - move: none -> deck\n    at: 4\n", [1, 2, 3, 4, 5, 6]),
])
def test_what_moves_goes_at_its_depth_in_order(tmp_path, flow, deck, record):
    assert _game(tmp_path, flow, record).state.vars["got"] == deck


@pytest.mark.parametrize("depth, said", [("7", "deck holds 5: a depth is 0 (the bottom) to 5 (the top)"),
                                         ("(0 - 1)", "but deck holds 5")])
def test_a_depth_out_of_the_zone_stops_the_game_at_the_statement(tmp_path, depth, said):
    """R100 naming the zone's count (a rule's "15 from the bottom" of a deck of 10 is a rules bug, not clamped)."""
    with pytest.raises(PhiltreError) as info:
        _game(tmp_path, f"  - move: last(deck) -> up\n  - move: first(up) -> deck\n    at: {depth}\n")
    [found] = info.value.diagnostics
    assert found.code == "R100" and said in found.message and found.loc.line == 13, str(found)


@pytest.mark.parametrize("at, code, said", [
    ("under", "V001", "a move's 'at' is top, bottom, or a depth"),  # a word other than top or bottom (the schema's)
    ("botom", "V001", "did you mean 'bottom'?"),
    ("-1", "V001", ""),                                  # a negative number written out
    ("\"('three')\"", "E120", "whole number"),           # an expression known to be no whole number
    ("(count(up) / 2)", "E120", "whole number"),          # '/' gives a fraction
])
def test_a_wrong_depth_is_found_by_validate(tmp_path, at, code, said):
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + f"flow:\n  - move: last(deck) -> up\n    at: {at}\n", encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path), lints=False).findings]
    assert [d.code for d in found] == [code] and found[0].loc.line == 13, [str(d) for d in found]
    assert said in f"{found[0].message} ({found[0].hint})", str(found[0])


def test_a_word_other_than_top_or_bottom_says_how_a_depth_is_written(tmp_path):
    """validate's V001 (the schema's) and the compiler's own S010 (c_move, where no schema was read) both say it."""
    from philtre.dsl.statements import _move_place

    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "flow:\n  - move: last(deck) -> up\n    at: depth\n", encoding="utf-8")
    [found] = [f.diagnostic for f in check_file(str(path), lints=False).findings]
    assert found.code == "V001" and "(depth)" in found.hint, str(found)

    class Compiler:  # (what c_move reports through)
        said = []

        @classmethod
        def error(cls, loc, code, message, hint=""):
            cls.said.append((code, message, hint))

    class Ctx:
        compiler = Compiler

    assert _move_place(Ctx, {"at": "depth"}, {}, "pile") is None and _move_place(Ctx, {"at": "botom"}, {}, "pile") is None
    assert [(code, "(depth)" in hint or hint) for code, _, hint in Compiler.said] == [
        ("S010", True), ("S010", "did you mean 'bottom'?")], Compiler.said


def test_a_grid_keeps_refusing_a_move_at_a_depth(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD.replace("  up: {}\n", "  up: {}\n  board: {grid: true}\n")
                    + "flow:\n  - move: last(deck) -> board\n    at: 1\n", encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path), lints=False).findings]
    assert [d.code for d in found] == ["E120"] and "grid" in found[0].message, [str(d) for d in found]


def test_the_record_says_at_n_and_replay_checks_it(tmp_path):
    """Each event of the move carries "at": N (record.schema.json), in every seat's record too (the depth is as public
    as the rule); replay reproduces the order, and a record whose depth is changed no longer replays."""
    from test_hidden_counts import record_errors

    from philtre.interpreter.replay import replayed

    game = _game(tmp_path, "  - shuffle: deck\n  - move: last(deck) -> up\n  - move: up -> deck\n    at: 2\n"
                           "  - move: last(deck) -> hand[1]\n", record=True)
    moves = [e for e in game.recorder.events if e.get("event") == "move"]
    assert [e.get("at") for e in moves] == [None, 2, None]
    assert record_errors(game) == []
    for seat in (0, 1):
        seen = [e for e in game.recorder.for_player(seat) if e.get("event") == "move"]
        assert [e.get("at") for e in seen] == [None, 2, None]
    path = tmp_path / "game.jsonl"
    game.recorder.write(path)
    assert replayed(str(path)).state.vars["got"] == game.state.vars["got"]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"at":2', '"at":1'), encoding="utf-8")
    with pytest.raises(PhiltreError):
        replayed(str(path))


def test_a_seat_that_cannot_see_the_deck_learns_no_more_than_from_at_bottom(tmp_path):
    """A seat's view of a deck nobody sees gives its count alone, whether the cards went under it or into it."""
    views = []
    for at in ("bottom", "2"):
        game = _game(tmp_path, f"  - shuffle: deck\n  - move: last(deck) -> hand[0]\n  - move: hand[0] -> deck\n    at: {at}\n",
                     record=True)
        view = json.dumps(game.view(1), default=str)
        assert '"rank"' not in view, view
        views.append([e for e in game.recorder.for_player(1) if e.get("event") == "move"])
    for bottom, deep in zip(*views):  # (a seat's record: the same events, but for the depth)
        assert {k: v for k, v in bottom.items() if k != "at"} == {k: v for k, v in deep.items() if k != "at"}


def test_play_tells_a_move_to_a_depth(tmp_path):
    """The recap `philtre play` prints says where the card went: so many from the bottom of the deck."""
    from philtre.interpreter.render import event_text

    game = _game(tmp_path, "  - move: last(deck) -> up\n  - move: up -> deck\n    at: 3\n", record=True)
    said = [event_text(e, game.ruleset) for e in game.recorder.events if e.get("event") == "move"]
    assert said[1].endswith(" from up to deck, 3 from the bottom"), said


@pytest.mark.parametrize("told", ["play", "replay --text"])
def test_a_depth_at_the_top_or_the_bottom_is_told_as_that_place(tmp_path, capsys, told):
    """A dominoes trial laid a tile at `0 if side == 'left' else count(line)`: play and `replay --text` told the top as
    `line, 2 from the bottom` and the bottom as `line, 0 from the bottom`. The depth of the zone's count before the
    move is told as a move on top (an empty zone's 0 too), 0 as `at: bottom` is told; another depth as before."""
    from philtre.interpreter.cli_play import _tell, _told_whole

    flow = ("  - move: last(deck) -> up\n    at: 0\n"                      # up empty: 0 is its top
            "  - move: first(up) -> deck\n    at: count(deck)\n"          # on top of the five left
            "  - move: last(deck) -> up\n  - move: first(up) -> deck\n    at: count(deck) - 5\n"  # 0: the bottom
            "  - move: last(deck) -> up\n  - move: first(up) -> deck\n    at: 3\n")
    game = _game(tmp_path, flow, record=True)
    if told == "play":
        _tell(game, 0, 0)
        lines = capsys.readouterr().out.splitlines()
    else:
        lines = _told_whole(game, 0)
    said = [line.strip().split(" from ", 1)[1] for line in lines if " from deck to " in line or " from up to " in line]
    assert said == ["deck to up", "up to deck", "deck to up", "up to the bottom of deck", "deck to up",
                    "up to deck, 3 from the bottom"], lines
    moves = [e for e in game.recorder.events if e.get("event") == "move"]
    assert [e.get("at") for e in moves] == [0, 5, None, 0, None, 3]  # (the record keeps each depth)


def test_a_depth_at_the_top_of_a_zone_a_seat_cannot_count_is_told_it_as_the_depth(tmp_path):
    """Told `on top` of a hand whose count only its owner sees, another seat would learn how many cards it held: it is
    told the depth the record gives it; the owner, the top."""
    from philtre.interpreter.cli_play import _told_whole

    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD.replace("hand: {each: player, visible: owner}", "hand: {each: player, visible: owner, count: owner}")
                    + "flow:\n  - move: last(deck) -> hand[0]\n  - move: last(deck) -> hand[0]\n    at: 1\n", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    said = {seat: [line for line in _told_whole(game, seat) if " to hand[0]" in line] for seat in (0, 1)}
    assert [line.split(" to ", 1)[1] for line in said[0]] == ["hand[0]", "hand[0]"], said
    assert said[1][-1].endswith(" to hand[0], 1 from the bottom"), said
