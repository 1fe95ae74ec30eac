"""rotate (language.md, rotate): every seat's zone of a family of one zone per seat passed on at once, `by` seats to
the left, their order kept; recorded as the moves of each zone, so that replay, a seat's record, its view and its
knowledge read it as they read a move; the mistakes found by validate, at the statement."""

from __future__ import annotations

from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.knowledge import remembered
from philtre.interpreter.scenarios import run_scenarios

DATA = Path(__file__).resolve().parent / "data" / "rotate.yaml"


@pytest.fixture(scope="module")
def rotating():
    return load_ruleset(str(DATA))


def test_the_scenarios_rotate_left_right_by_many_and_not_at_all(rotating):
    """3 seats by 1 and by -1, an empty hand, by -3 (nothing moves), 4 seats by 6 (two seats on)."""
    assert [r.failures for r in run_scenarios(rotating)] == [[]] * 5


def _hands(game) -> list:
    return [[c.ident for c in hand] for hand in game.state.zones["hand"]]


def _rotated(ruleset, shift: int, record: bool, players: int = 3, seed: int = 3) -> tuple:
    """(the hands before the rotate, the game after it) of a game whose rotate goes ``shift`` seats on."""
    game = Game(ruleset, players, seed=seed, record=record)
    game.state.vars["shift"] = shift
    before = _hands(game)
    game.apply(0, game.options(0)[0])
    return before, game


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize("shift", [1, -1, 2, 3, -4])
def test_each_hand_lands_whole_in_the_seat_shift_places_on(rotating, shift, record):
    before, game = _rotated(rotating, shift, record)
    assert _hands(game) == [before[(p - shift) % 3] for p in range(3)]
    S = game.state
    assert all(S.where[cid] == ("hand", p) for p, ids in enumerate(_hands(game)) for cid in ids)


def test_the_record_holds_a_move_of_each_seat_s_hand_and_replays(rotating, tmp_path):
    """One move event a seat, as move: hand[p] -> hand[left(p)] writes it, the last seat's first (effects.passing_order);
    replay checks them."""
    from test_hidden_counts import record_errors

    from philtre.interpreter.replay import replayed

    before, game = _rotated(rotating, 1, record=True)
    moves = [e for e in game.recorder.events if e.get("event") == "move"]
    assert [(e["from"]["index"], e["to"]["index"], [c["id"] for c in e["components"]]) for e in moves] == \
        [(p, (p + 1) % 3, before[p]) for p in (2, 1, 0)]
    assert record_errors(game) == []
    game.apply(0, game.options(0)[0])  # (the game's end: a replay checks a whole record)
    path = tmp_path / "game.jsonl"
    game.recorder.write(path)
    assert _hands(replayed(str(path))) == _hands(game)


def test_a_seat_sees_only_the_hands_it_holds_go_and_come(rotating):
    """Seat 0 reads the ids of its own hand leaving and of seat 2's coming to it; seat 1's move to seat 2 is hidden
    from it, in its record and its view; what it knows of each card's place stays true."""
    before, game = _rotated(rotating, 1, record=True)
    seen = {e["from"]["index"]: e["components"] for e in game.recorder.for_player(0) if e.get("event") == "move"}
    assert [c.get("id") for c in seen[0]] == before[0]
    assert seen[1] == [{"hidden": True}] * len(before[1])
    assert [c.get("id") for c in seen[2]] == before[2]
    view = game.view(0)["zones"]["hand"]
    assert [c["id"] for c in view[0]["components"]] == before[2]
    assert all("components" not in view[p] for p in (1, 2))


@pytest.mark.parametrize("players, shift, lost", [(3, 1, {2}), (3, -1, {2}), (4, 1, {3}), (4, 2, set()), (4, -3, {3})])
def test_what_each_seat_knows_stays_true_and_most_keep_track_of_the_cards_they_passed(rotating, players, shift, lost):
    """Read one event after another, the moves of a rotate are a history that could have happened: every seat's
    knowledge holds the truth; in the order they are written (effects.passing_order), every seat knows where the cards
    it passed lie, but the one whose hand is moved first in a cycle of three seats or more (in seat order, all but
    the last seat lost track)."""
    before, game = _rotated(rotating, shift, record=True, players=players)
    for seat in range(players):
        known = remembered(game, seat)
        assert all(game.state.where[cid] in zones for cid, zones in enumerate(known.where))
        passed_to = {("hand", (seat + shift) % players)}
        assert all(known.where[cid] == passed_to for cid in before[seat]) is (seat not in lost), (seat, known.where)


def test_a_by_that_is_no_whole_number_stops_the_game_at_the_statement(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(DATA.read_text(encoding="utf-8").replace("by: shift", "by: \"[1, 'two'][shift]\""), encoding="utf-8")
    from philtre.dsl.errors import PhiltreError

    game = Game(load_ruleset(str(path)), 3, seed=1)
    with pytest.raises(PhiltreError) as info:
        game.apply(0, game.options(0)[0])
    [found] = info.value.diagnostics
    assert found.code == "R100" and "a whole number of seats" in found.message and found.loc.line == 17, str(found)


HEAD = """game: errs
players: 3
components:
  card: {attributes: {rank: [1, 2, 3]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {copies: 3}
  board: {each: player, grid: true}
flow:
"""


@pytest.mark.parametrize("statement, code, needle, said", [
    ("  - rotate: hnad\n", "E150", "hnad", "did you mean 'hand'"),
    ("  - rotate: deck\n", "E120", "deck\n", "'deck' is one zone"),
    ("  - rotate: pile\n", "E120", "pile\n", "'pile' is a family of copies"),
    ("  - rotate: hand[0]\n", "E120", "hand[0]", "rotate: hand: every seat's hand"),
    ("  - rotate: board\n", "E120", "board\n", "'board' is a grid"),
    ("  - rotate: hand\n    by: 1.5\n", "E120", "1.5", "whole number"),
    ("  - rotate: hand\n    by: \"'left'\"\n", "E120", "'left'", "whole number"),
    ("  - rotate: hand\n    at: bottom\n", "S003", "at:", "'rotate' does not take 'at'"),
])
def test_a_wrong_rotate_is_found_by_validate_at_its_place(tmp_path, statement, code, needle, said):
    path = tmp_path / "ruleset.yaml"
    text = HEAD + statement
    path.write_text(text, encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path), lints=False).findings]
    at = text.index(needle, len(HEAD))
    line, col = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    assert [(d.code, d.loc.line, d.loc.col) for d in found] == [(code, line, col)], [str(d) for d in found]
    assert said in f"{found[0].message} ({found[0].hint})", str(found[0])


def _lint_hint(tmp_path, family: str) -> str:
    """L011's hint for a loop passing each seat's ``family`` zone to the next."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD.replace("players: 3", "players: 3\nactions:\n  go: {}") +
                    f"  - deal: {{from: deck, to: \"[{family}[0]]\"}}\n  - for: p in players\n    do:\n"
                    f"      - move: {family}[p] -> {family}[left(p)]\n  - decide: go\n    player: 0\n", encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code == "L011"]
    assert len(found) == 1, [str(f.diagnostic) for f in check_file(str(path)).findings]
    return found[0].hint


def test_l011_offers_rotate_for_a_family_of_one_zone_per_seat(tmp_path):
    assert "rotate: hand" in _lint_hint(tmp_path, "hand")


def test_l011_offers_a_holding_zone_for_a_family_of_copies(tmp_path):
    hint = _lint_hint(tmp_path, "pile")
    assert "holding zone" in hint and "rotate" not in hint
