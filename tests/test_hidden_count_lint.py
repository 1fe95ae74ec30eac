"""A count the deciding seat may not see (`count: owner`, `count: nobody`) must not decide its options: L021.

`choose: {slot: "range(count(hand[left(me)]))"}` offers as many options as the neighbour holds, so the options (and
the adapters' action masks) tell the seat a count its view hides. Before, `philtre validate` said "lints ok" and
L008's hint recommended exactly that pattern. Counts the seat does see (its own `count: owner` zone, a public
count) stay silent, and L008 suggests choosing a position only where the seat can count the zone.
"""

from __future__ import annotations

from test_lints import changed as changed_lint_case

from philtre.dsl.validate import check_file

# audit AD2 (rs/peek.yaml): seat 0 tosses 0 or 2 cards into a pile nobody sees or counts; seat 1, who may not count
# seat 0's hand, takes one of its cards "by position"
PEEK = """\
philtre: 1
game: peek
players: 2
components:
  card:
    attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}
    start: deck
zones:
  deck:    {visible: nobody}
  hand:    {each: player, visible: owner, count: owner}
  pile:    {visible: nobody, count: nobody}
define:
  held(p): count(hand[p])
actions:
  toss:
    choose: {card: "hand[me]"}
    do:
      - move: "card -> pile"
  pass: {}
  take:
    choose: {slot: "range(count(hand[left(me)]))"}
    do:
      - move: "hand[left(me)][slot] -> hand[me]"
      - score: {player: me, add: 1}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 5}
  - decide: [toss, pass]
    player: 0
  - decide: [toss, pass]
    player: 0
  - decide: take
    player: 1
winners: {highest: "score[p]"}
"""

TAKE = '    choose: {slot: "range(count(hand[left(me)]))"}\n'


def changed(old: str, new: str, base: str = PEEK) -> str:
    """PEEK (or ``base``) with its one occurrence of ``old`` replaced by ``new``."""
    return changed_lint_case(old, new, base)


def findings(tmp_path, text: str) -> list:
    """The diagnostics of validating ``text`` as a ruleset file (the unused definition's L001 left out)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code != "L001"]


def where(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of ``needle`` in ``text``."""
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def test_a_choice_by_position_in_a_hand_the_player_may_not_count_is_l021(tmp_path):
    [d] = findings(tmp_path, PEEK)
    assert d.code == "L021", str(d)
    assert (d.loc.line, d.loc.col) == where(PEEK, '"range(count(hand[left(me)]))"'), str(d)
    assert "how many components 'hand' holds" in d.message and "only its owner may count" in d.message, str(d)
    assert "count(hand[left(me)])" in d.message, str(d)
    assert "count: everyone" in d.hint, d.hint


def test_the_same_choice_is_silent_when_everyone_sees_the_count(tmp_path):
    text = changed("visible: owner, count: owner}", "visible: owner}")
    assert findings(tmp_path, text) == []


def test_a_count_read_through_a_definition_is_l021(tmp_path):
    text = changed(TAKE, '    choose: {slot: "range(held(left(me)))"}\n')
    [d] = findings(tmp_path, text)
    assert d.code == "L021" and "'hand'" in d.message and "count(hand[p])" in d.message, str(d)
    assert (d.loc.line, d.loc.col) == where(text, '"range(held(left(me)))"'), str(d)


def test_the_own_count_through_a_definition_is_silent(tmp_path):
    """`held(me)` counts the seat's own hand, which it sees."""
    text = changed(TAKE, '    choose: {slot: "range(held(me))"}\n')
    assert findings(tmp_path, text) == []


def test_an_if_that_counts_a_pile_nobody_counts_says_so(tmp_path):
    text = changed(TAKE, TAKE + "    if: count(pile) < 3 or slot == 0\n")
    found = [d for d in findings(tmp_path, text) if (d.loc.line, d.loc.col) == where(text, "count(pile) < 3")]
    assert [d.code for d in found] == ["L021"], [str(d) for d in found]
    assert "how many components 'pile' holds (`count(pile)`), which nobody may count" in found[0].message, str(found[0])


def test_an_own_count_the_owner_sees_is_no_finding(tmp_path):
    """A vault nobody looks into, whose count its owner sees: `count(vault[me])` tells the owner nothing new."""
    text = changed("  pile:", "  vault:   {each: player, visible: nobody, count: owner}\n  pile:",
                   changed(TAKE, '    choose: {slot: "range(count(hand[me]))"}\n    if: count(vault[me]) == 0\n'))
    assert findings(tmp_path, text) == []


def test_a_public_count_read_through_a_definition_is_no_finding(tmp_path):
    """Everyone sees how many cards the face-down deck holds, also when a definition does the counting."""
    text = changed("  held(p): count(hand[p])\n", "  held(p): count(hand[p])\n  stock: count(deck)\n",
                   changed(TAKE, '    choose: {slot: "range(count(hand[me]))"}\n    if: stock > 0\n'))
    assert findings(tmp_path, text) == []


def test_another_seats_count_in_a_filter_is_l021(tmp_path):
    text = changed(TAKE, '    choose: {p: "[p for p in players if p != me and count(hand[p]) > 2]"}\n',
                   changed("hand[left(me)][slot]", "hand[p][0]"))
    [d] = findings(tmp_path, text)
    assert d.code == "L021" and "count(hand[p])" in d.message, str(d)


def test_l008_suggests_a_position_only_where_the_player_can_count(tmp_path):
    others = changed("visible: owner, count: owner}", "visible: others}", changed(TAKE, '    choose: {card: "hand[me]"}\n',
                                                                                   changed("hand[left(me)][slot]", "card")))
    found = findings(tmp_path, others)  # toss and take both choose among the seat's own hand
    assert [d.code for d in found] == ["L008", "L008"], [str(d) for d in found]
    assert {d.hint for d in found} == {'choose a position instead, as a player picks an unseen card: {slot: "range(count(hand[me]))"}'}
    uncounted = changed("visible: others}", "visible: others, count: nobody}", others)
    found = findings(tmp_path, uncounted)
    assert [d.code for d in found] == ["L008", "L008"], [str(d) for d in found]
    for d in found:
        assert "cannot count 'hand'" in d.hint and "would tell it the count" in d.hint and "count: everyone" in d.hint, d.hint


def test_l008_on_a_neighbours_hand_it_may_not_count_does_not_recommend_its_count(tmp_path):
    text = changed(TAKE, '    choose: {card: "hand[left(me)]"}\n', changed("hand[left(me)][slot]", "card"))
    [d] = findings(tmp_path, text)
    assert d.code == "L008", str(d)
    assert "cannot count" in d.hint and "count: everyone" in d.hint, d.hint
    counted = changed("visible: owner, count: owner}", "visible: owner}", text)
    [d] = findings(tmp_path, counted)
    assert d.hint == 'choose a position instead, as a player picks an unseen card: {slot: "range(count(hand[left(me)]))"}', d.hint


def test_positions_among_what_a_hidden_hand_holds_are_l021(tmp_path):
    """The options are as many as the neighbour's cards above 6: a list of numbers holds no card of the hand (so it
    is not L008's), but it tells what the hand holds. The ranks themselves as options tell it too."""
    for collection in ["range(count(c for c in hand[left(me)] if c.rank > 6))", "[c.rank for c in hand[left(me)]]"]:
        text = changed(TAKE, f'    choose: {{slot: "{collection}"}}\n', changed("hand[left(me)][slot]", "last(hand[left(me)])"))
        [d] = findings(tmp_path, text)
        assert d.code == "L021" and "by what 'hand' holds, which only its owner sees" in d.message, str(d)
        assert (d.loc.line, d.loc.col) == where(text, f'"{collection}"'), str(d)


# Arboretum trial: a choice among zones whose `if:` counts the chosen one (`count(src)`) reads only the count
DRAW = """\
philtre: 1
game: draw-from
players: 2
components:
  card: {attributes: {v: 1..4}, start: deck}
zones:
  deck: {visible: nobody}
  pile: {}
  hand: {each: player, visible: owner}
actions:
  draw:
    choose: {src: "[deck, pile]"}
    if: count(src) > 0
    do:
      - move: last(src) -> hand[me]
flow:
  - turns: 0
    until: count(deck) == 0
    do:
      - decide: draw
"""


def test_a_count_of_a_chosen_zone_whose_count_everyone_sees_is_silent(tmp_path):
    """`count(src)` of `src` among `[deck, pile]` counts a face-down deck, as the silent `count(deck)` does."""
    assert findings(tmp_path, DRAW) == []
    among_hands = changed('"[deck, pile]"', '"[hand[me], pile]"', DRAW)
    assert findings(tmp_path, among_hands) == []


def test_a_count_of_a_chosen_zone_the_player_may_not_count_is_l021(tmp_path):
    text = changed("  pile: {}", "  pile: {visible: nobody, count: nobody}", DRAW)
    [d] = findings(tmp_path, text)
    assert d.code == "L021" and "how many components 'pile' holds" in d.message, str(d)
    assert (d.loc.line, d.loc.col) == where(text, "count(src) > 0"), str(d)
    neighbour = changed("visible: owner}", "visible: owner, count: owner}",
                        changed('"[deck, pile]"', '"[hand[me], hand[left(me)]]"', DRAW))
    [d] = findings(tmp_path, neighbour)
    assert d.code == "L021" and "(`count(src)`, read as `count(hand[left(me)])`)" in d.message, str(d)


def test_what_a_chosen_hidden_zone_holds_is_still_l021(tmp_path):
    text = changed("if: count(src) > 0", "if: count(src) > 0 and last(src).v > 1", DRAW)
    [d] = findings(tmp_path, text)
    assert d.code == "L021" and "by what 'deck' holds, which nobody sees" in d.message, str(d)
