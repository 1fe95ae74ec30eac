"""A choice named like a component type (`choose: {card: "hand[me]"}`): the name is the choice inside the action."""

from __future__ import annotations

from philtre.dsl.validate import check_file

RULESET = """\
philtre: 1
game: shadow
players: 2
components:
  card: {attributes: {n: [1, 2, 3]}, start: "hand[0]"}
zones:
  hand: {each: player}
  pile: {}
actions:
  play:
    choose: CHOOSE
    if: card is card
    do:
      - move: card -> pile
flow:
  - turns: 0
    until: count(hand[0]) == 0
    do:
      - decide: play
"""


def findings(tmp_path, choose: str) -> list:
    """(code, message, hint) of each error of RULESET with ``choose``."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("CHOOSE", choose), encoding="utf-8")
    return [(f.diagnostic.code, f.diagnostic.message, f.diagnostic.hint) for f in check_file(str(path)).errors]


def test_a_choice_named_like_its_type_is_the_choice(tmp_path):
    """The natural name of a card chosen among cards: no finding, and `card is card` tests the choice's type."""
    assert findings(tmp_path, '{card: "hand[me]"}') == []


def test_a_choice_named_like_a_type_read_before_it_is_chosen_is_listed_later_not_a_type(tmp_path):
    """An Onitama trial read `card.n` in the collection of a choice listed first: E151 said 'card' is a component type
    to use after 'is', where any other name got E150 saying to list it first."""
    found = findings(tmp_path, '{k: "range(card.n)", card: "hand[me]"}')
    assert [(code, message) for code, message, _ in found] == [("E150", "unknown name 'card'")], found
    assert "'card' is chosen later" in found[0][2] and "list 'card' first" in found[0][2]


def test_a_definition_reading_a_type_s_name_is_still_e151(tmp_path):
    """Inside a definition the name is the type (no choice is seen there), whatever action uses it."""
    text = RULESET.replace("actions:\n", "define:\n  f(x): card.n\nactions:\n").replace("if: card is card", "if: f(1) > 0")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text.replace("CHOOSE", '{card: "hand[me]"}'), encoding="utf-8")
    assert [f.diagnostic.code for f in check_file(str(path)).errors] == ["E151"]
