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


def test_an_attribute_an_item_leaves_none_is_left_out_of_its_text_and_typed_without_it(tmp_path):
    """A Ra trial: `tile what=none pharaoh` on the board, in the options and the account, where `list:` items of one
    type give an attribute only in part. A none attribute is left out of a component's text, as a none argument is of
    an option's; the option is typed as listed, or by its words, as before."""
    from philtre.interpreter.cli_play import match_choice

    game = Game(ruleset(tmp_path), 2, seed=1)
    options = game.options(game.pending()[0])
    labels = [option.label() for option in options]
    assert not any("none" in label for label in labels), labels
    second = next(option for option in options if option.label().startswith("take(from=deck[0], card=card cost_red=4"))
    assert second.label() == "take(from=deck[0], card=card cost_red=4 level=1 blue points=1 cost=4)"
    assert match_choice(second.label(), options) is second
    assert match_choice("blue points=1 cost=4", options) in (second, *[o for o in options if o.label() == second.label()])


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


# -- an item's own count: `- {kind: squid, copies: 5}` ----------------------------------

ITEM_COPIES = DECK.replace("      - {level: 1, bonus: blue, points: 1, cost_red: 4}\n",
                           "      - {level: 1, bonus: blue, points: 1, cost_red: 4, copies: 3}\n")


def test_an_items_copies_is_its_count_not_an_attribute(tmp_path):
    """A Sushi Go trial gave each item its count as an attribute (`{kind: tempura, n: 14}`, `copies: n`): every card
    carried `n` into every record, view and option. An item's `copies` counts it, over the type's, and is no attribute."""
    rs = ruleset(tmp_path, ITEM_COPIES)
    layout = rs.layout(2)
    assert [c["bonus"] for c in layout.components] == ["white", "white", "blue", "blue", "blue", "red", "red"]
    assert all("copies" not in c for c in layout.components)
    game = Game(rs, 2, seed=1, record=True)
    game.apply(0, game.options(0)[2])  # a blue card
    seen = [c for zone in game.view(0)["zones"].values() for z in (zone if isinstance(zone, list) else [zone])
            for c in z.get("components", ())]
    assert len(seen) == 7 and all("copies" not in c for c in seen), seen
    moved = [c for e in game.recorder.events if e.get("event") == "move" for c in e["components"]]
    assert moved and all(set(c) == {"type", "id", "cost_red", "level", "bonus", "points", "cost_blue", "cost"} for c in moved), moved


@pytest.mark.parametrize("own, made", [
    ("0", ["white", "white", "red", "red"]),
    ("'player_count + 1'", ["white", "white", *["blue"] * 3, "red", "red"]),
    ("'4 if cost_red == 4 else 9'", ["white", "white", *["blue"] * 4, "red", "red"]),
])
def test_an_items_copies_takes_what_the_types_takes(tmp_path, own, made):
    """A whole number, or an expression over the item's attributes and player_count, evaluated as the type's is."""
    rs = ruleset(tmp_path, ITEM_COPIES.replace("copies: 3}", f"copies: {own}}}"))
    assert [c["bonus"] for c in rs.layout(2).components] == made


def test_the_types_copies_of_an_attribute_still_counts_the_items_without_their_own(tmp_path):
    """The form documented before, `{kind: tempura, n: 14}` with `copies: n`, still works; an item with its own count
    needs no `n` (none to the type's expression, which is not evaluated for it)."""
    text = (ITEM_COPIES.replace("points: 0, cost_blue: 1}", "points: 0, cost_blue: 1, n: 1}")
            .replace("cost_red: 2}", "cost_red: 2, n: 4}").replace("    copies: 2\n", "    copies: n\n"))
    assert [c["bonus"] for c in ruleset(tmp_path, text).layout(2).components] == ["white", *["blue"] * 3, *["red"] * 4]


@pytest.mark.parametrize("own, code, said", [
    ("many", "E150", "unknown name 'many'"),
    ("-1", "V001", "-1 is less than the minimum of 0"),
    ("2.5", "V001", "expected a whole number, got the number 2.5"),
    ("20000", "R002", "copies of card cost_red=4 level=1 blue points=1 cost=4 must be a whole number 0..10000, got 20000"),
    ("'bonus'", "R002", "copies of card cost_red=4 level=1 blue points=1 cost=4 must be a whole number 0..10000, got 'blue'"),
    ("'level - 2'", "R002", "must be a whole number 0..10000, got -1"),
    # (the zones are all empty before the game: count(hand[0]) was quietly 0, as a derive's is refused)
    ("'count(hand[0]) + 1'", "R002", "'copies' is computed before the game starts: it can use only the component's "
                                     "attributes, player_count and players, not a zone"),
])
def test_a_bad_copies_of_an_item_is_told_at_the_items_copies(tmp_path, own, code, said):
    """As the type's `copies`: the schema's V001, the expression's E150, the layout's R002, each at the item's value."""
    text = ITEM_COPIES.replace("copies: 3}", f"copies: {own}}}")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path)).findings]
    line = text.splitlines().index(next(l for l in text.splitlines() if f"copies: {own}" in l)) + 1
    col = text.splitlines()[line - 1].index(own) + 1
    assert [(d.code, d.loc.line, d.loc.col) for d in found] == [(code, line, col)], [str(d) for d in found]
    assert said in found[0].message, str(found[0])


def test_the_items_own_copies_count_toward_the_limit_of_components_before_the_game(tmp_path):
    """validate counts the components without making them: eleven items of 10,000 each are 110,000, not 11."""
    items = "".join(f"      - {{kind: k{i}, copies: 10000}}\n" for i in range(11))
    path = tmp_path / "ruleset.yaml"
    path.write_text(f"philtre: 1\ngame: big\nplayers: 2\ncomponents:\n  card:\n    list:\n{items}zones:\n  deck: {{}}\n"
                    "flow:\n  - shuffle: deck\n", encoding="utf-8")
    [found] = [f.diagnostic for f in check_file(str(path)).findings]
    assert found.code == "R010" and "'card' alone: 110,000, from 11 combinations" in found.message, str(found)
