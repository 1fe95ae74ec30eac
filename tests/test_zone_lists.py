"""A list of zones given to a statement may hold a family (language.md, reveal, shuffle, deal): `[skat, won]`, where
`won` is a zone a seat, counts as the single zone and every seat's `won`, as `won` alone does.

A trial's `reveal: "[skat, won]"` passed validate, then stopped every game at the reveal with Python's words (`R100 rule
'reveal' failed: a value that has no such part (list object has no attribute 'key')`). An item that cannot be a zone
(`[skat, 3]`) is E120 at validate, at the item."""

from __future__ import annotations

import re

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.dsl.values import explain
from philtre.interpreter import Game

LISTS = """\
philtre: 1
game: lists
players: 3
components:
  card: {attributes: {rank: 1..12}, start: deck}
variables:
  x: {initial: 3}
zones:
  deck: {visible: nobody}
  skat: {visible: nobody}
  won: {each: player, visible: nobody}
  hand: {each: player, visible: owner}
  side: {each: player, copies: 2, visible: nobody}
actions:
  go: {}
flow:
  - deal: {from: deck, to: won, count: 1}
  - deal: {from: deck, to: hand, count: 1}
  - move: last(deck) -> skat
  - STATEMENT
  - decide: go
    player: 0
"""


def _game(tmp_path, statement: str, record: bool = False) -> Game:
    path = tmp_path / "lists.yaml"
    path.write_text(LISTS.replace("STATEMENT", statement), encoding="utf-8")
    return Game(load_ruleset(str(path)), 3, seed=4, record=record)


def _ids(zone) -> list:
    return sorted(c["id"] for c in zone)


def _revealed(view_zone) -> list:
    return sorted(c["id"] for c in view_zone.get("revealed", []))


@pytest.mark.parametrize("record", [False, True])
@pytest.mark.parametrize("shown", ['"[skat, won]"', '"[won, skat]"', '"[skat, [won, won[0]]]"'])
def test_a_family_in_a_list_revealed_is_every_seats_zone_seen_by_every_seat(tmp_path, shown, record):
    game = _game(tmp_path, f"reveal: {shown}", record)
    S = game.state
    for seat in range(3):
        zones = game.view(seat)["zones"]
        assert _revealed(zones["skat"]) == _ids(S.zones["skat"][0])
        assert [_revealed(z) for z in zones["won"]] == [_ids(z) for z in S.zones["won"]]
        # only the family's zones: the deck and the other seats' hands stay hidden
        assert "revealed" not in zones["deck"] and "components" not in zones["deck"]
        assert [("components" in z or "revealed" in z) for z in zones["hand"]] == [p == seat for p in range(3)]
    assert S.revealed == {c.ident for z in [S.zones["skat"][0], *S.zones["won"]] for c in z}


def test_a_family_in_a_list_is_recorded_one_reveal_a_zone_in_the_lists_order(tmp_path):
    game = _game(tmp_path, 'reveal: "[skat, won]"', record=True)
    told = [(e["zone"]["zone"], e["zone"]["index"]) for e in game.recorder.for_player(2) if e.get("event") == "reveal"]
    assert told == [("skat", 0), ("won", 0), ("won", 1), ("won", 2)]


def test_a_look_at_a_list_holding_a_family_tells_only_the_seat_that_looks(tmp_path):
    game = _game(tmp_path, 'reveal: {what: "[skat, won]", to: 1}', record=True)
    looks = {seat: [e for e in game.recorder.for_player(seat) if e.get("event") == "reveal"] for seat in range(3)}
    assert [(e["zone"]["zone"], e["zone"]["index"]) for e in looks[1]] == [("skat", 0), ("won", 0), ("won", 1), ("won", 2)]
    assert all("components" in e for e in looks[1])
    assert all(e.get("components") is None or all(c.get("id") is None for c in e["components"]) for e in looks[0])
    assert not game.state.revealed  # a look leaves nothing face up


@pytest.mark.parametrize("shuffled", ['"[skat, won]"', "side", '"[skat, side]"'])
def test_a_shuffle_of_a_list_holding_a_family_shuffles_each_of_its_zones(tmp_path, shuffled):
    game = _game(tmp_path, f"shuffle: {shuffled}", record=True)
    zones = [(e["zone"]["zone"], e["zone"]["index"]) for e in game.recorder.events if e.get("event") == "shuffle"]
    names = shuffled.strip('"[]').split(", ")
    assert sorted(set(n for n, _ in zones)) == sorted(names)
    assert len(zones) == sum(1 if n == "skat" else 3 if n == "won" else 6 for n in names)


def test_a_deal_to_a_list_holding_a_family_deals_to_each_zone_in_turn(tmp_path):
    game = _game(tmp_path, 'deal: {from: deck, to: "[skat, won]", count: 1}')
    S = game.state
    assert [len(S.zones["skat"][0]), *map(len, S.zones["won"])] == [2, 2, 2, 2]


def test_a_move_of_a_list_holding_a_family_moves_every_zone(tmp_path):
    game = _game(tmp_path, 'move: "[skat, won] -> deck"')
    S = game.state
    assert not S.zones["skat"][0] and not any(S.zones["won"])


@pytest.mark.parametrize("statement, column, said", [
    ('reveal: "[skat, 3]"', 21, "E120 what to reveal must be components or zones, but the list's item 3 is a whole number"),
    ('reveal: {what: "[skat, [won[0], \'a\']]", to: 0}', 37, "E120 what to reveal must be components or zones, but the list's item 'a' is a word"),
    ('shuffle: "[won, first(deck)]"', 21, "E120 what to shuffle must be a zone or a list of zones, but the list's item first(deck) is a component"),
    ('move: "[skat, 2] -> deck"', 19, "E120 what to move must be components or zones, but the list's item 2 is a whole number"),
    ('deal: {from: deck, to: "[skat, won, 3]", count: 1}', 41, "E120 deal's 'to' must be a list of zones, but the list's item 3 is a whole number"),
])
def test_an_item_that_cannot_be_a_zone_is_found_by_validate_at_the_item(tmp_path, statement, column, said):
    path = tmp_path / "lists.yaml"
    path.write_text(LISTS.replace("STATEMENT", statement), encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path), lints=False).findings]
    assert [(d.loc.line, d.loc.col, f"{d.code} {d.message}") for d in found] == [(20, column, said)], found


@pytest.mark.parametrize("statement", ['reveal: "[skat, won]"', 'shuffle: "[skat, won, side]"', 'reveal: "[skat, first(deck)]"',
                                       'deal: {from: deck, to: "[won, skat]", count: 1}', 'move: "[skat, won, first(deck)] -> deck"'])
def test_zones_families_and_components_where_they_go_are_no_finding(tmp_path, statement):
    path = tmp_path / "lists.yaml"
    path.write_text(LISTS.replace("STATEMENT", statement), encoding="utf-8")
    assert [str(f.diagnostic) for f in check_file(str(path), lints=False).findings] == []


PYTHON_WORDS = re.compile(r"object|has no attribute|\bint\b|\blist\b object|NoneType|'key'")


def test_an_item_known_only_at_run_time_that_is_no_zone_stops_the_game_naming_it(tmp_path):
    with pytest.raises(PhiltreError) as failed:
        _game(tmp_path, 'shuffle: "[skat, won, x]"')
    said = str(failed.value)
    assert "R100 rule 'shuffle' failed: expected a zone or a list of zones" in said and "its item 3 (a whole number) is no zone" in said, said
    assert not PYTHON_WORDS.search(said), said


@pytest.mark.parametrize("fails, said", [
    (lambda: [].key, "a value of the wrong kind here: a list where a zone was needed"),
    (lambda: (3).ident, "a value of the wrong kind here: a whole number where a component was needed"),
    (lambda: "a".nothing_read, "a value of the wrong kind here: a word"),
    (lambda: iter(3), "a whole number is no collection: a list, a zone or a map was needed"),
    (lambda: 3 in 4, "a whole number is no collection: a list, a zone or a map was needed"),
    (lambda: range([]), "a whole number was needed, not a list"),
    (lambda: (lambda n: n())(3), "a value of the wrong kind here: a whole number"),
])
def test_a_python_failure_names_the_values_kind_not_pythons_class(fails, said):
    with pytest.raises((AttributeError, TypeError)) as failed:
        fails()
    assert explain(failed.value) == said
    assert not PYTHON_WORDS.search(said)
