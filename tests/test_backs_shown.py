"""A face-down component shows its back (`back:`) to the seats that may not see its face: in their view, in their
filtered record and on play's board; nothing else of it, and never where the count is hidden."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.render import event_text, render_view

# bonus tokens whose back shows their size (Jaipur's), cards without a declared back, a bag-like pile nobody counts
RULESET = """\
game: backs
players: 2
components:
  token: {attributes: {size: [3, 4], value: [1, 2, 3]}, back: [size], start: "piles[size - 3]"}
  card: {attributes: {rank: 1..4}, start: deck}
zones:
  piles: {copies: 2, visible: nobody}
  deck: {visible: nobody}
  earned: {each: player, visible: owner}
  stash: {visible: nobody, count: nobody}
flow:
  - shuffle: piles[0]
  - shuffle: piles[1]
  - shuffle: deck
  - move: last(piles[0]) -> earned[0]
  - move: last(piles[1]) -> earned[0]
  - move: last(deck) -> earned[0]
  - move: last(piles[0]) -> stash
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """The game after its set-up, recorded (it has no decision: the flow ends there)."""
    path = tmp_path_factory.mktemp("backs") / "ruleset.yaml"
    path.write_text(RULESET, encoding="utf-8")
    return Game(load_ruleset(str(path)), 2, seed=5, record=True)


def test_a_seats_view_lists_the_backs_of_another_seats_face_down_components(game):
    """Seat 1 reads seat 0's tokens by their backs, sorted by what they show, and the card (no back) only counted."""
    mine, theirs = game.view(0)["zones"]["earned"][0], game.view(1)["zones"]["earned"][0]
    assert [c["type"] for c in mine["components"]] == ["token", "token", "card"]
    assert theirs == {"count": 3, "backs": [{"type": "token", "size": 3}, {"type": "token", "size": 4}]}
    assert game.view(None)["zones"]["piles"][1]["backs"] == [{"type": "token", "size": 4}] * 2


def test_no_back_where_the_count_is_hidden(game):
    """A zone whose count the seat may not see lists no back: how many backs would tell the count."""
    assert game.view(1)["zones"]["stash"] == {}


def test_a_seats_record_shows_the_back_and_never_the_face(game):
    """The moves into seat 0's zone read, for seat 1, one placeholder a component with its back; the full record has
    the components, and no face (value, id) reaches seat 1's record."""
    moves = [e for e in game.recorder.for_player(1) if e.get("event") == "move" and e["to"]["zone"] == "earned"]
    assert [m["components"] for m in moves] == [[{"hidden": True, "back": {"type": "token", "size": 3}}],
                                                [{"hidden": True, "back": {"type": "token", "size": 4}}],
                                                [{"hidden": True}]]
    text = json.dumps(game.recorder.for_player(1))
    assert '"value"' not in text and '"rank"' not in text and '"id"' not in text
    full = [e for e in game.recorder.events if e.get("event") == "move" and e["to"]["zone"] == "earned"]
    assert [m["components"][0]["type"] for m in full] == ["token", "token", "card"]
    moved = [e for e in game.recorder.for_player(1) if e.get("event") == "move" and e["to"]["zone"] == "stash"]
    # (out of a pile every seat counts: that one moved is known, and its back with it)
    assert moved[0]["components"] == [{"hidden": True, "back": {"type": "token", "size": 3}}]


def test_play_tells_the_backs_grouped(game):
    """play's board: `2 hidden (backs: token size=4 x2)`; an event: `a hidden component (back: token size=3)`."""
    board = render_view(game.view(1), game.ruleset)
    assert "piles[1]: 2 hidden (backs: token size=4 x2)" in board
    # (a Coloretto trial's deck of 64 cards and a last-round card read `65 hidden (backs: lastround last)`)
    assert "earned[0]: 3 hidden (backs: token size=3, token size=4; 1 with no back)" in board
    move = next(e for e in game.recorder.for_player(1) if e.get("event") == "move")
    assert event_text(move, game.ruleset).startswith("a hidden component (back: token size=3) from piles[0]")


def test_hidden_components_moved_together_say_how_many_show_no_back(game):
    """A move of face-down components, some of a type that declares no back, says how many show none, as the board."""
    move = next(e for e in game.recorder.for_player(1) if e.get("event") == "move")
    mixed = dict(move, components=[{"hidden": True}, *move["components"], {"hidden": True}])
    assert event_text(mixed, game.ruleset).startswith("3 hidden (backs: token size=3; 2 with no back) from piles[0]")


def test_a_list_moved_face_down_gives_its_backs_sorted_not_in_the_order_they_moved(tmp_path):
    """Several components moved at once read their backs sorted by what they show: the order they moved in (a shuffled
    pile's, which no seat sees) is not told by them; their owner reads them as they moved."""
    (tmp_path / "ruleset.yaml").write_text(
        "game: backs\nplayers: 2\ncomponents:\n  token: {attributes: {size: [3, 4], value: [1, 2, 3]}, back: [size], "
        "start: pile}\nzones:\n  pile: {visible: nobody}\n  earned: {each: player, visible: owner}\n"
        "flow:\n  - shuffle: pile\n  - move: \"[c for c in pile] -> earned[1]\"\n", encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path / "ruleset.yaml")), 2, seed=3, record=True)
    moves = {seat: next(e for e in game.recorder.for_player(seat) if e.get("event") == "move") for seat in (0, 1)}
    owned = [c["size"] for c in moves[1]["components"]]
    assert owned != sorted(owned)  # (the seed shuffles them out of order: else this test tells nothing)
    assert moves[0]["components"] == [{"hidden": True, "back": {"type": "token", "size": size}} for size in sorted(owned)]


def test_play_tells_hidden_components_moved_together_by_their_backs_as_the_board_does(tmp_path):
    """A Liar's Dice trial: a roll told each other seat's five dice one by one, `a hidden component (back: face die=1),
    a hidden component (back: face die=2), ...`; several are one group, as the board's zone line, `6 hidden (backs:
    ...)`; one alone, and several without backs, are told as before."""
    (tmp_path / "ruleset.yaml").write_text(
        "game: backs\nplayers: 2\ncomponents:\n  token: {attributes: {size: [3, 4], value: [1, 2, 3]}, back: [size], "
        "start: pile}\nzones:\n  pile: {visible: nobody}\n  earned: {each: player, visible: owner}\n"
        "flow:\n  - move: \"[c for c in pile] -> earned[1]\"\n", encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path / "ruleset.yaml")), 2, seed=3, record=True)
    move = [e for e in game.recorder.for_player(0) if e.get("event") == "move"][-1]
    assert event_text(move, game.ruleset) == "6 hidden (backs: token size=3 x3, token size=4 x3) from pile to earned[1]"
    alone = {**move, "components": move["components"][:1]}
    assert event_text(alone, game.ruleset) == "a hidden component (back: token size=3) from pile to earned[1]"
    seen = {**move, "components": [{"type": "token", "id": 0, "size": 3, "value": 1}, *move["components"][:2]]}
    assert event_text(seen, game.ruleset) == "token size=3 value=1, 2 hidden (backs: token size=3 x2) from pile to earned[1]"
    backless = {**move, "components": [{"hidden": True}] * 3}
    assert event_text(backless, game.ruleset) == "a hidden component x3 from pile to earned[1]"


def test_liars_dice_cups_show_which_dice_each_seat_has_and_not_their_faces():
    """Liar's Dice (`back: [die]`): another seat's cup lists its dice by number, never the pips shown."""
    game = Game(load_ruleset(str(Path(__file__).resolve().parents[1] / "examples" / "liars-dice")), 3, seed=1, record=True)
    rng = random.Random(1)
    for _ in range(6):
        seat = game.pending()[0]
        options = game.options(seat)
        game.apply(seat, options[rng.randrange(len(options))])
        cup = game.view((seat + 1) % 3)["zones"]["cup"][seat]
        assert "components" not in cup and cup["backs"] == sorted(
            ({"type": "face", "die": c["die"]} for c in game.state.zones["cup"][seat]), key=lambda b: b["die"])


def test_a_seats_knowledge_is_the_same_with_backs_told():
    """Search agents read a seat's memory from its record (knowledge.py): the backs told there change none of it (a
    sample keeps each place's back already, so its view lists the same backs as the game's: test_determinize)."""
    from philtre.interpreter.knowledge import Knowledge
    from philtre.interpreter.records import HIDDEN, is_back

    def without_backs(value):
        """The record as it read before backs were told: each back a plain `{"hidden": true}`."""
        if is_back(value):
            return dict(HIDDEN)
        if isinstance(value, list):
            return [without_backs(v) for v in value]
        return {k: without_backs(v) for k, v in value.items()} if isinstance(value, dict) else value

    ruleset = load_ruleset(str(Path(__file__).resolve().parents[1] / "examples" / "liars-dice"))
    game = Game(ruleset, 3, seed=2, record=True)
    rng = random.Random(2)
    for _ in range(12):
        seat = game.pending()[0]
        options = game.options(seat)
        game.apply(seat, options[rng.randrange(len(options))])
    for seat in range(3):
        events = game.recorder.for_player(seat)[1:]
        assert any(is_back(c) for e in events for c in e.get("components", ()))
        told, untold = (Knowledge.from_record(ruleset, 3, e) for e in (events, without_backs(events)))
        assert (told.where, told.counts) == (untold.where, untold.counts)
