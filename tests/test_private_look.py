"""`reveal: {what, to: SEATS}`: a look some seats alone take (language.md, reveal).

Love Letter's Priest, Cockroach Poker's peek and Uno's challenge show a hand to one seat; `reveal` showed it to every
seat. A look tells those seats, in their records, what lies there; the others learn only that they looked."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.knowledge import Knowledge

PEEK = """\
philtre: 1
game: peek
players: 3
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  peek:
    choose: {target: "[p for p in players if p != me]"}
    do:
      - reveal: {what: "hand[target]", to: TO}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - turns: 0
    until: count(deck) == 0
    do:
      - decide: peek
      - move: last(deck) -> hand[current]
"""


def _peeked(tmp_path, to: str = "me") -> Game:
    """Seat 0 looks at seat 1's hand, first thing."""
    path = tmp_path / "peek.yaml"
    path.write_text(PEEK.replace("TO", to), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=2, record=True)
    [option] = [o for o in game.options(0) if dict(o.args)["target"] == 1]
    game.apply(0, option)
    return game


def _looks(game, seat) -> list:
    return [e for e in game.recorder.for_player(seat) if e.get("event") == "reveal"]


def test_the_seat_that_looks_sees_the_cards_and_the_others_only_that_it_looked(tmp_path):
    game = _peeked(tmp_path)
    card = game.state.zones["hand"][1][0]
    [mine] = _looks(game, 0)
    assert mine == {"event": "reveal", "zone": {"zone": "hand", "index": 1}, "to": [0], "components": [dict(card)]}
    assert _looks(game, 1)[0]["components"] == [dict(card)]  # its own hand: it sees it anyway
    for other in (2, None):  # the third seat, an onlooker
        assert _looks(game, other) == [{"event": "reveal", "zone": {"zone": "hand", "index": 1}, "to": [0], "components": [{"hidden": True}]}]


def test_a_look_leaves_nothing_face_up(tmp_path):
    """The card goes back where it lay, unseen: views do not show it, not even to the seat that looked (it remembers)."""
    game = _peeked(tmp_path)
    assert not game.state.revealed
    assert game.view(0)["zones"]["hand"][1] == {"count": 1} and game.view(2)["zones"]["hand"][1] == {"count": 1}


def test_the_seat_that_looked_knows_where_the_card_lies_and_the_others_do_not(tmp_path):
    """What a search agent samples from (knowledge.py): the card is known to lie in hand[1] by seat 0 alone."""
    game = _peeked(tmp_path)
    card = game.state.zones["hand"][1][0]
    known = {seat: Knowledge.from_record(game.ruleset, 3, game.recorder.for_player(seat)).where[card.ident] for seat in (0, 2)}
    assert known[0] == frozenset({("hand", 1)})
    assert known[2] != frozenset({("hand", 1)})


def test_a_look_to_several_seats(tmp_path):
    game = _peeked(tmp_path, '"[me, 2]"')
    assert _looks(game, 2)[0]["components"] == _looks(game, 0)[0]["components"] != [{"hidden": True}]


@pytest.mark.parametrize("to, said", [("5", "needs a seat or a list of seats (0..2), got 5"),
                                      ('"[]"', "needs a seat or a list of seats (0..2), got []")])
def test_to_that_names_no_seat_stops_the_game_at_the_rule(tmp_path, to, said):
    with pytest.raises(PhiltreError, match="R100") as caught:
        _peeked(tmp_path, to)
    assert said in str(caught.value), str(caught.value)


def test_to_known_to_be_a_word_is_found_before_the_game(tmp_path):
    """A look shown to a word ('me' quoted) is no seat whatever the game holds: E120 at validate, not R100 in play."""
    with pytest.raises(PhiltreError, match="E120") as caught:
        _peeked(tmp_path, "\"'me'\"")
    assert "must be a seat or a list of seats, but this is a word" in str(caught.value), str(caught.value)


def test_a_key_a_look_does_not_take_is_refused_at_validate(tmp_path):
    path = tmp_path / "peek.yaml"
    path.write_text(PEEK.replace("to: TO}", "to: me, too: me}"), encoding="utf-8")
    assert [f.diagnostic.code for f in check_file(str(path)).errors] == ["V001"]


TOP_THREE = """\
philtre: 1
game: top-three
players: 2
components:
  card: {attributes: {n: 1..6}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  peek:
    do:
      - reveal: {what: WHAT, to: me}
flow:
  - shuffle: deck
  - move: first(deck) -> hand[1]
  - decide: peek
    player: 0
"""


def _looked_at(tmp_path, what: str, seed: int = 0) -> tuple:
    """Seat 0's look at ``what`` in a shuffled deck (one card of which went to seat 1's hand), and the game."""
    path = tmp_path / "top.yaml"
    path.write_text(TOP_THREE.replace("WHAT", what), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=seed, record=True)
    game.apply(0, game.options(0)[0])
    return _looks(game, 0), game


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_look_at_a_list_tells_the_components_in_the_lists_order(tmp_path, seed):
    """See the future: the top three cards, top first, not in id order (the order is what the seat learns)."""
    [look], game = _looked_at(tmp_path, '"[deck[count(deck) - 1], deck[count(deck) - 2], deck[count(deck) - 3]]"', seed)
    deck = game.state.zones["deck"][0]
    assert [c["id"] for c in look["components"]] == [deck[-1]["id"], deck[-2]["id"], deck[-3]["id"]]


def test_a_look_at_a_zone_tells_it_from_the_bottom_up(tmp_path):
    [look], game = _looked_at(tmp_path, "deck")
    assert [c["id"] for c in look["components"]] == [c["id"] for c in game.state.zones["deck"][0]]
    assert [c["id"] for c in look["components"]] != sorted(c["id"] for c in look["components"])  # (seed 0: not id order)


def test_a_look_at_several_zones_tells_them_in_the_order_named(tmp_path):
    looks, game = _looked_at(tmp_path, '"[first(hand[1]), last(deck)]"')
    assert [look["zone"] for look in looks] == [{"zone": "hand", "index": 1}, {"zone": "deck", "index": 0}]


def test_play_tells_a_look_in_its_order_and_the_full_record_replays(tmp_path):
    """What `play` says is the record's event read out; replay of the full record still matches."""
    from philtre.interpreter.render import event_text
    from philtre.interpreter.replay import replay

    [look], game = _looked_at(tmp_path, '"[deck[count(deck) - 1], deck[count(deck) - 2], deck[count(deck) - 3]]"', 1)
    deck = game.state.zones["deck"][0]
    said = ", ".join(f"card n={c['n']}" for c in (deck[-1], deck[-2], deck[-3]))
    assert event_text(look, game.ruleset) == f"deck shown to seat 0: {said}"
    record = tmp_path / "game.jsonl"
    game.recorder.write(record)
    assert replay(str(record)) == len(game.recorder.events)  # (a mismatch raises)
