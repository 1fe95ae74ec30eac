"""A component type written item by item (`list:`): a deck of distinct cards as data, not the product of `attributes`."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.simulate import simulate

DECK = """\
philtre: 1
game: listed
players: 2
components:
  card:
    attributes: {cost_red: 0}
    list:
      - {level: 1, bonus: white, points: 0, cost_blue: 1}
      - {level: 1, bonus: blue, points: 1, cost_red: 4}
      - {level: 2, bonus: red, points: 3, cost_blue: 2, cost_red: 2}
    copies: 2
    start: "deck[level - 1]"
    derive:
      cost: cost_red + (cost_blue if cost_blue != none else 0)
zones:
  deck: {copies: 2, visible: everyone}
  hand: {each: player, visible: owner}
actions:
  take:
    choose: {from: deck, card: "from"}
    do:
      - move: card -> hand[me]
      - score: {player: me, add: card.points + card.cost}
flow:
  - turns: 0
    until: count(deck[0]) + count(deck[1]) == 0
    do:
      - decide: take
"""


def ruleset(tmp_path, text: str = DECK, name: str = "ruleset.yaml"):
    """The ruleset ``text``, loaded from a file in ``tmp_path``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def attributes(component) -> dict:
    """A component's attributes, without its type and id."""
    return {k: v for k, v in component.items() if k not in ("type", "id")}


def test_each_item_is_one_combination_made_copies_times(tmp_path):
    """Three items, copies 2: six cards, each item twice in the order listed; a left-out attribute takes the value
    `attributes` gives it (cost_red 0), else null (the first card's cost_blue given, the second's not)."""
    layout = ruleset(tmp_path).layout(2)
    assert [attributes(c) for c in layout.components] == [
        *[{"cost_red": 0, "level": 1, "bonus": "white", "points": 0, "cost_blue": 1, "cost": 1}] * 2,
        *[{"cost_red": 4, "level": 1, "bonus": "blue", "points": 1, "cost_blue": None, "cost": 4}] * 2,
        *[{"cost_red": 2, "level": 2, "bonus": "red", "points": 3, "cost_blue": 2, "cost": 4}] * 2,
    ]
    assert layout.start["deck"] == [[0, 1, 2, 3], [4, 5]]  # start: deck[level - 1], read per item


def test_copies_is_read_per_item(tmp_path):
    rs = ruleset(tmp_path, DECK.replace("copies: 2\n", "copies: 3 if level == 2 else 1\n"))
    assert [c["bonus"] for c in rs.layout(2).components] == ["white", "blue", "red", "red", "red"]


def test_a_game_of_listed_cards_plays_to_its_end(tmp_path):
    rs = ruleset(tmp_path)
    for seed in range(3):
        game = Game(rs, 2, seed=seed)
        while not game.finished:
            seat = game.pending()[0]
            game.apply(seat, game.options(seat)[-1])
        assert game.decisions == 6 and sum(game.scores) == 2 * (1 + 5 + 7)
    summary = simulate(rs, players=2, games=4, seed=1)
    assert summary["games"] == 4, summary


def test_the_static_checks_see_every_value_the_items_have(tmp_path):
    """L010: a word compared with an attribute that no item has is a typo, as for a value `attributes` lists."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(DECK.replace("card.points + card.cost}", "card.points + card.cost}\n    if: card.bonus != 'whte'"),
                    encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).findings]
    assert any("L010" in s and "whte" in s for s in said), said
    path.write_text(DECK.replace("card.points + card.cost}", "card.points + card.cost}\n    if: card.bonus != 'white'"),
                    encoding="utf-8")
    assert not [s for s in (str(f.diagnostic) for f in check_file(str(path)).findings) if "L010" in s]


def test_an_overlay_replaces_the_list_whole(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(DECK, encoding="utf-8")
    (tmp_path / "one.yaml").write_text("extends: ruleset.yaml\ncomponents:\n  card:\n    list:\n"
                                       "      - {level: 2, bonus: black, points: 5, cost_blue: 3}\n", encoding="utf-8")
    rs = load_ruleset(str(tmp_path / "ruleset.yaml"), [str(tmp_path / "one.yaml")])
    assert [(c["bonus"], c["cost_red"], c["cost_blue"]) for c in rs.layout(2).components] == [("black", 0, 3)] * 2


def test_a_long_table_in_an_expression_says_to_write_it_as_data(tmp_path):
    table = "[" + ", ".join(f"{{'points': {i % 5}, 'bonus': 'white'}}" for i in range(200)) + "]"
    text = "philtre: 1\ngame: table\nplayers: 2\ncomponents:\n  card:\n    attributes: {i: 0..199}\n    derive:\n" \
           f"      spec: \"{table}[i]\"\nzones:\n  deck: {{visible: everyone}}\nflow:\n  - shuffle: deck\n"
    with pytest.raises(PhiltreError) as caught:
        ruleset(tmp_path, text)
    said = caught.value.first
    assert said.code == "E100" and "a table of values is data" in said.hint and "`list:`" in said.hint, str(said)
