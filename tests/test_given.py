"""A scenario's `given` lays out the zones it names and disturbs the others as little as it can."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.scenarios import run_scenarios

TUTORIAL = Path(__file__).resolve().parents[1] / "examples" / "tutorial"

SCENARIO = """\
scenarios:
  - name: giving the deck red cards keeps the hands as dealt
    players: 2
    seed: 0            # the deck holds five red cards once three are dealt to each hand
    given:
      rest: discard
      zones:
        deck: [{suit: red, copies: 5}]
    expect:
      - count(hand[0]) == 3 and count(hand[1]) == 3
      - count(deck) == 5 and all(c.suit == "red" for c in deck)
"""


def test_a_given_zone_keeps_its_own_matching_components_before_taking_others(tmp_path):
    """The deck already holds red cards: they are the ones given, not red cards pulled out of the hands."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(SCENARIO, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


LEFTOVERS = """\
scenarios:
  - name: the deck holds just the card given
    players: 2
    given:
      zones:
        deck: [{suit: red, rank: 1}]
    expect:
      - count(deck) == 1
"""


def test_a_zone_that_would_keep_unlisted_components_it_starts_with_asks_for_rest(tmp_path):
    """The deck is where the cards start: 'go back to their start' left 9 more cards in it, silently (a passing test of the wrong position)."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(LEFTOVERS, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert not result.passed
    assert any("scenarios.yaml:6:9: T010 deck would keep " in f and "component(s) not listed" in f for f in result.failures), result.failures
    (folder / "scenarios.yaml").write_text(LEFTOVERS.replace("    given:\n", "    given:\n      rest: discard\n"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


def test_rest_given_a_number_says_it_names_a_zone(tmp_path):
    """`rest: 3` in a scenarios.yaml was 'expected a text, got the number 3', with no word of what rest names."""
    from philtre.dsl.errors import PhiltreError

    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(LEFTOVERS.replace("    given:\n", "    given:\n      rest: 3\n"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(folder))
    assert "scenarios.yaml:5:13: V001 expected a text, got the number 3" in str(info.value)
    assert "rest names the zone where the components left out of the given zones go" in str(info.value)


MANY = """\
philtre: 1
game: many
players: 2
components:
  card: {attributes: {a: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}, copies: 3000, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> deck
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - turns: 0
    do:
      - decide: play
winners: {highest: ["score[p]"]}
scenarios:
  - name: one hand takes every card, by copies and one by one
    players: 2
    given:
      zones:
        hand[0]:
          - {copies: 10000}
          - {a: 3}
          - {a: 4, copies: 2999}
          - {copies: 10000}
          - {copies: 7000}
    expect:
      - count(hand[0]) == 30000 and count(deck) == 0
"""


def test_giving_many_components_takes_linear_time(tmp_path):
    """30,000 components given to one zone: each is found without a scan of all the others (it took ~20 s, quadratic)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(MANY, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(path)))  # quadratic, it would hold the suite up for minutes
    assert result.passed, result.failures


@pytest.mark.parametrize("keys", [("hand[0]", "hand[0 + 0]"), ("hand", "hand[1]")])
def test_a_zone_given_twice_is_T001_at_the_second_key(tmp_path, keys):
    """Two keys naming one zone gave it both lists, silently: the zone did not hold 'exactly those components'."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    first = "[[{rank: 8, suit: red}], [{rank: 1, suit: red}]]" if keys[0] == "hand" else "[{rank: 8, suit: red}]"
    (folder / "scenarios.yaml").write_text(f"""\
scenarios:
  - name: one zone, two keys
    players: 2
    given:
      zones:
        {keys[0]}: {first}
        {keys[1]}: [{{rank: 7, suit: blue}}]
    expect:
      - true
""", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert not result.passed
    [failure] = result.failures
    index = keys[1][-2]
    assert f"scenarios.yaml:7:9: T001 hand[{index}] is given twice (also at " in failure and "scenarios.yaml:6:9)" in failure, failure


def test_components_already_in_a_given_zone_are_laid_in_the_given_order(tmp_path):
    """Blue 7 and blue 3 lie in the deck (their start zone), blue 3 below: given 7, 1, 3, the deck is 7, 1, 3.

    A move to the zone a component lies in does nothing, so they kept their old places and
    only the red 1 from a hand went on top: 3, 7, 1.
    """
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text("""\
scenarios:
  - name: the deck bottom to top as given
    players: 2
    seed: 0
    given:
      rest: discard
      zones:
        deck: [{suit: blue, rank: 7}, {suit: red, rank: 1}, {suit: blue, rank: 3}]
    expect:
      - "[c.rank for c in deck] == [7, 1, 3]"
      - count(discard) == 8 and count(hand[1]) == 2
""", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


def test_a_named_card_on_top_of_a_broad_pattern_is_taken_first(tmp_path):
    """`deck: [{copies: 9}, {suit: red, rank: 8}]`: the deck as dealt, with a known card on top to be drawn next.

    The patterns were taken bottom to top, so `{copies: 9}` took the red 8 along with the others,
    and the red 8 asked for on top was T003 ("all given above"): no order of the list could say it.
    """
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text("""\
scenarios:
  - name: a known card on top of the rest of the deck
    players: 2
    given:
      rest: discard
      zones:
        deck: [{copies: 9}, {suit: red, rank: 8}]
    expect:
      - count(deck) == 10 and last(deck).suit == "red" and last(deck).rank == 8
""", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


OWN_FACES = """\
game: own-faces
players: 2
components:
  face: {each: player, attributes: {pips: 1..6}, start: "sides[owner]"}
zones:
  cup: {each: player, visible: owner}
  sides: {each: player, visible: nobody}
actions:
  pass: {}
flow:
  - decide: pass
    player: 0
scenarios:
  - name: each seat's cup gets a face of its own
    players: 2
    given:
      zones:
        cup[1]: [{pips: 6}, {pips: 5}]
        cup[0]: [{pips: 6}]
    expect:
      - all(c.owner == 1 for c in cup[1]) and all(c.owner == 0 for c in cup[0])
      - count(sides[0]) == 5 and count(sides[1]) == 4
"""


def test_a_seats_zone_given_a_pattern_without_owner_takes_the_seats_own_component(tmp_path):
    """`cup[1]: [{pips: 6}]` took seat 0's six (the first in component order): seat 1's cup held a die of seat 0's."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(OWN_FACES, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(path)))
    assert result.passed, result.failures


# 15 cards, 3 of each role, in the court unshuffled: dealt from its top, each of 3 hands gets an e and a d
DEALT = """\
game: dealt
players: 2..3
components:
  card: {attributes: {role: [a, b, c, d, e]}, copies: 3, start: court}
zones:
  court: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  pass: {}
flow:
  - deal: {from: court, to: hand, count: 2}
  - decide: pass
    player: 0
"""


def _dealt(tmp_path, zones: str):
    """The result of a 3-player scenario of DEALT giving ``zones`` (YAML lines under `zones:`)."""
    (tmp_path / "dealt").mkdir()
    (tmp_path / "dealt" / "ruleset.yaml").write_text(DEALT, encoding="utf-8")
    (tmp_path / "dealt" / "scenarios.yaml").write_text(
        "scenarios:\n  - name: s\n    players: 3\n    given:\n      zones:\n" + zones
        + "    expect:\n      - sorted(c.role for c in hand[2]) == ['d', 'e']\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path / "dealt")))
    return result


def test_a_hand_not_given_keeps_what_it_was_dealt_while_a_given_hand_has_spare_components(tmp_path):
    """hand[1] wants a second d: the court has none, hand[0] holds one it does not list (it leaves anyway); the d of
    hand[2], which the scenario does not give, was taken, leaving it one card."""
    result = _dealt(tmp_path, "        hand[0]: [{role: e}, {role: a}]\n        hand[1]: [{role: d}, {role: d}]\n")
    assert result.passed and not result.notes, (result.failures, result.notes)


def test_a_zone_not_given_that_gives_a_component_gets_a_displaced_one_in_its_place(tmp_path):
    """A third e is only in hand[2]: taken, as it must be, and hand[0]'s d it does not list goes to hand[2] in its
    place, not back to the court, so hand[2] holds two cards as dealt (it held one, with a note T018, which the swap
    makes needless: the position is one a deal could make)."""
    result = _dealt(tmp_path, "        hand[0]: [{role: e}, {role: e}]\n        hand[1]: [{role: e}]\n")
    assert [f.split(" T012 ")[1] for f in result.failures] == ["expected true: sorted(c.role for c in hand[2]) == ['d', 'e']  "
                                                               "[sorted(c.role for c in hand[2]) = ['d', 'd']]"], result.failures
    assert not result.notes, result.notes


def test_a_zone_not_given_that_must_give_a_component_no_other_replaces_is_noted(tmp_path):
    """hand[0] keeps what it was dealt ({others: true}) and takes a second e: nothing leaves it, so nothing takes the
    e's place in hand[2], which is left short, and said (T018, a note: the scenario passes or fails as it would)."""
    result = _dealt(tmp_path, "        hand[0]: [{others: true}, {role: e}, {role: e}]\n")
    assert [f.split(" T012 ")[1].split("  [")[1] for f in result.failures] == ["sorted(c.role for c in hand[2]) = ['d']] "
        "(hand[0] was given {others: true}, which keeps what it held besides the 2 listed: it held 2, and holds 3 once "
        "given; to keep 2, leave {others: true} out)"], result.failures
    path = tmp_path / "dealt" / "scenarios.yaml"
    assert result.notes == [f"{path}:6:46: T018 hand[0]'s 2nd {{role: e}} (scenarios.yaml:6:46) took a card from hand[2], "
                            "which is not given: it holds 1 now; give hand[2] to say what it holds (hand[2]: [{others: true}] "
                            "keeps the rest as it lies), or empty: [hand] to give every hand zone not listed empty"], result.notes


def test_t018_does_not_note_the_zone_rest_names(tmp_path):
    """Tsuro trial: `rest: hand[2]` beside hands given that take hand[2]'s dealt cards noted "hand[2] is not given, and
    holds N now"; the author named it as where the rest goes, so what it holds is what they asked for: no note."""
    (tmp_path / "ruleset.yaml").write_text(DEALT, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: s\n    players: 3\n    given:\n      rest: hand[2]\n      zones:\n        court: []\n"
        "        hand[0]: [{role: e}, {role: e}]\n        hand[1]: [{role: e}]\n    expect:\n"
        "      - count(hand[2]) == 12\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.passed and not result.notes, (result.failures, result.notes)


def test_a_given_zone_with_others_spares_what_its_own_patterns_leave_before_a_hand_as_dealt(tmp_path):
    """Ticket to Ride trial: the court, given a d on top beside `{others: true}`, holds a second d its pattern leaves:
    hand[0]'s d is that one, not the d dealt to hand[1] (taken, with a note T018, while the court's spare came last)."""
    (tmp_path / "ruleset.yaml").write_text(DEALT, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: s\n    players: 2\n    given:\n      zones:\n        hand[0]: [{role: d}]\n"
        "        court: [{others: true}, {role: d}]\n    expect:\n"
        "      - \"[c.role for c in hand[0]] == ['d'] and [c.role for c in hand[1]] == ['e', 'd']\"\n"
        "      - \"[c.role for c in court if c.role in ['d', 'e']] == ['e', 'e', 'd']\"\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.passed and not result.notes, (result.failures, result.notes)


FACE_UP = """\
game: faceup
players: 2
components:
  card: {attributes: {colour: [red, blue, green, loco]}, copies: 12, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  market: {visible: everyone}
actions:
  pass: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 4}
  - move: take_last(deck, 5) -> market
  - decide: pass
    player: 0
"""


@pytest.mark.parametrize("hand", ["", "        hand[0]: [{others: true}]\n"])
def test_a_row_given_from_a_deck_that_keeps_its_others_leaves_the_hands_as_dealt(tmp_path, hand):
    """Ticket to Ride trial: the face-up row given two locomotives, the deck `[{others: true}, {colour: loco}]` (the
    rest as it lies, holding many more): the row's took the locomotives dealt to the hands, not the deck's spare ones,
    and hand[0] held 3 of its 4 cards. The deck's spare comes first, before a given hand's spare too (one that starts
    elsewhere: the game moved it there), so giving a hand `{others: true}` does not make it the one raided."""
    (tmp_path / "ruleset.yaml").write_text(FACE_UP, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: s\n    players: 2\n    seed: 5\n    given:\n      zones:\n"
        "        market: [{colour: loco}, {colour: loco}, {colour: red}, {colour: blue}, {colour: green}]\n"
        "        deck: [{others: true}, {colour: loco}]\n" + hand + "    expect:\n"
        "      - count(hand[0]) == 4 and count(hand[1]) == 4 and count(market) == 5 and count(deck) == 35\n"
        "      - \"count([c for c in hand[0] if c.colour == 'loco']) == 2\"\n"
        "      - \"[c.colour for c in market] == ['loco', 'loco', 'red', 'blue', 'green'] and last(deck).colour == 'loco'\"\n",
        encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.passed and not result.notes, (result.failures, result.notes)


@pytest.mark.parametrize("row, said", [
    ("[{colour: red}, {colour: loco}, {colour: blue}]", "market's {colour: loco} (scenarios.yaml:7:33) took a card from "
     "hand[0], which is not given: it holds 3 now"),
    ("[{colour: loco}, {colour: loco}, {colour: red}]", "market's 1st {colour: loco} (scenarios.yaml:7:18) and 1 more pattern "
     "took 2 components from hand[0], which is not given: it holds 2 now"),
])
def test_t018_names_the_pattern_the_zone_it_took_from_and_the_fix_in_one_sentence(tmp_path, row, said):
    """Ticket to Ride trial: the note was one sentence of 400 characters saying why before what. Here the deck's own
    pattern takes its 9 locomotives, so none is spare, and the row's come from hand[0] as dealt."""
    (tmp_path / "ruleset.yaml").write_text(FACE_UP, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: s\n    players: 2\n    seed: 5\n    given:\n      zones:\n"
        f"        market: {row}\n        deck: [{{others: true}}, {{colour: loco, copies: 9}}]\n    expect: [\"true\"]\n",
        encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    [note] = result.notes
    assert note.split(": T018 ")[1] == (f"{said}; give hand[0] to say what it holds (hand[0]: [{{others: true}}] keeps the "
                                        "rest as it lies), or empty: [hand] to give every hand zone not listed empty"), note


DISCS = """\
philtre: 1
game: discs
title: Discs
description: Each seat owns two flowers and one skull, and places them on its mat.
players: 2..3
components:
  disc:
    each: player
    attributes: {kind: [flower, skull]}
    copies: "2 if kind == 'flower' else 1"
    start: hand
zones:
  hand: {each: player, visible: owner}
  mat: {each: player}
actions:
  place:
    choose: {d: "hand[me]"}
    do:
      - move: d -> mat[me]
flow:
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: place
"""


def _discs(tmp_path, zones: str, name: str = "discs"):
    """The one scenario of DISCS given ``zones`` (the lines under `zones:`), run from the folder ``name``."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(DISCS, encoding="utf-8")
    (folder / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 3\n    given:\n      zones:\n" + zones
                                           + "    expect: [\"true\"]\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    return result, folder / "scenarios.yaml"


def test_a_seats_zone_given_another_seats_component_is_noted_with_its_owner(tmp_path):
    """mat[0] given two skulls, where each seat owns one: seat 1's skull landed on seat 0's mat, silently (a position
    the game cannot reach, and the scenario passed on it)."""
    result, path = _discs(tmp_path, "        mat[0]: [{kind: skull, copies: 3}]\n")  # each seat owns one skull
    assert result.passed, result.failures
    # every move into a mat moves the seat's own disc: writing `owner: 1` would not reach the game's positions either
    assert result.notes == [f"{path}:6:18: T019 mat[0] is given 2 components owned by seats 1 and 2: seat 0 has no such "
                            "component of its own left for this pattern (a component keeps its owner in any zone, and no "
                            "rule puts another seat's component in a mat zone: give seat 0 only its own)"], result.notes
    # seat 0's own discs are what the author wrote: no note
    result, _ = _discs(tmp_path, "        mat[0]: [{kind: skull}, {kind: flower, copies: 2}]\n", "discs0")
    assert result.passed and not result.notes, (result.failures, result.notes)
    # another seat's, asked for by `owner`, is a position the game never reaches (T043, not T019)
    result, path = _discs(tmp_path, "        mat[1]: [{kind: skull, owner: 2}]\n", "discs1")
    assert result.passed and [note.split(f"{path}:6:18: ")[1][:38] for note in result.notes] == [
        "T043 mat[1] is seat 1's, and is given "], result.notes
    # where a rule may put another seat's disc on a mat, `owner` is what the author meant: no note, and T019 hints it
    stealing = DISCS.replace("    choose: {d: \"hand[me]\"}", "    choose: {d: \"hand[1 - me]\"}")
    folder = tmp_path / "stealing"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(stealing.replace("players: 2..3", "players: 2"), encoding="utf-8")
    (folder / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 2\n    given:\n      zones:\n"
                                           "        mat[1]: [{kind: skull, owner: 0}]\n        mat[0]: [{kind: flower, copies: 3}]\n"
                                           "    expect: [\"true\"]\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed and [note.split(": ", 1)[1][:4] for note in result.notes] == ["T019"], result.notes
    assert result.notes[0].endswith("if it is meant, write owner: 1 in the pattern)"), result.notes


RANGED = """\
scenarios:
  - name: a range gives one card per rank
    players: 2
    given:
      rest: discard
      zones:
        deck: [{{suit: red, rank: {ranks}}}, {{suit: blue, rank: 8}}]
    expect:
      - "[c.rank for c in deck] == [3, 4, 5, 6, 8]"
      - all(c.suit == "red" for c in deck if c.rank != 8)
"""


def _ranged(tmp_path, ranks: str) -> Path:
    """The tutorial's folder with a scenario giving the deck red cards of ``ranks`` and the blue 8 on top."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(RANGED.format(ranks=ranks), encoding="utf-8")
    return folder


def test_a_range_in_a_given_pattern_gives_one_component_per_value_in_order(tmp_path):
    """`rank: 3..6` was refused, T009 "no component has rank '3..6' (its values: 1..8)", though the hint wrote a range."""
    [result] = run_scenarios(load_ruleset(str(_ranged(tmp_path, "3..6"))))
    assert result.passed, result.failures


@pytest.mark.parametrize("ranks, said", [
    ("5..10", "scenarios.yaml:7:34: T009 no component has rank 9 or 10 (in the range 5..10; its values: 1, 2, 3, 4, 5, 6, 7, 8) "
              "(a range gives one component per value: keep it within the values)"),
    ("6..3", "scenarios.yaml:7:34: T007 a range runs low to high, not 6..3 (rank: 3..6)"),
    ("1..8, copies: 2000", "scenarios.yaml:7:16: T007 this pattern gives 16,000 components (its ranges' values times its "
                           "copies): at most 10,000 (shorter ranges, or fewer copies)"),
])
def test_a_given_range_past_the_values_or_high_to_low_is_refused_at_the_range(tmp_path, ranks, said):
    """A range holding values no card has is T009 naming them; one running high to low, which gives nothing, is T007,
    and so is one whose values times its copies are more components than a pattern may give."""
    folder = _ranged(tmp_path, ranks)
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(folder))
    assert f"{folder / said}" in str(caught.value), str(caught.value)


DASHED = """\
philtre: 1
game: dash
players: 2
components:
  card: {attributes: {face: [0-9, skip]}, start: deck}
zones:
  deck: {visible: everyone}
  pile: {visible: everyone}
actions:
  play:
    choose: {card: deck}
    do:
      - move: card -> pile
flow:
  - turns: 0
    until: count(deck) == 0
    do:
      - decide: play
scenarios:
  - name: a
    players: 2
    given: {zones: {deck: [{face: 3}, {face: 4}, {face: 5}]}, rest: pile}
    expect: [count(deck) > 0]
  - name: b
    players: 2
    given: {zones: {deck: [{face: 6}, {face: skip}]}, rest: pile}
    expect: [count(deck) > 0]
"""


def test_numbers_given_for_an_attribute_declared_with_a_dash_are_one_finding(tmp_path):
    """Uno's `face: [0-9, ...]` declared one word '0-9': each number a scenario gave for a face was a T009 of its own
    (34 of them), and the lint that names the cause (L020) waits for errors to be fixed. One T009 names it now."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "ruleset.yaml"
    path.write_text(DASHED, encoding="utf-8")
    [d] = [f.diagnostic for f in check_file(str(path)).findings]
    assert (d.code, d.loc.line) == ("T009", 22), str(d)
    assert "face is declared as the word '0-9', not as numbers" in d.message and d.hint.startswith("write the range as 0..9"), str(d)


POND = """\
philtre: 1
game: pond
players: 2
components:
  card: {attributes: {rank: 1..6}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  draw:
    do:
      - move: last(deck) -> hand[me]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: draw
    player: 0
"""
# with seed 0 the deck holds ranks 5, 3, 2, 1 (bottom to top) once the 4 and the 6 are dealt to hand[0] and hand[1]


def _pond(tmp_path, deck: str, expect: str):
    """The one scenario of POND (seed 0) giving the deck ``deck`` and expecting ``expect``; its result."""
    folder = tmp_path / "pond"
    folder.mkdir(exist_ok=True)
    (folder / "ruleset.yaml").write_text(POND, encoding="utf-8")
    (folder / "scenarios.yaml").write_text(f"scenarios:\n  - name: s\n    players: 2\n    given:\n      zones:\n        deck: {deck}\n"
                                           f"    expect:\n      - \"{expect}\"\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    return result


@pytest.mark.parametrize("deck, ranks", [
    ("[{others: true}, {rank: 3}]", [5, 2, 1, 3]),  # the 3 lies in the deck: put on top, the others as they lie
    ("[{rank: 2}, {others: true}]", [2, 5, 3, 1]),
    ("[{others: true}, {rank: 6}]", [5, 3, 2, 1, 6]),  # the 6 was dealt to hand[1]: taken from it (T018 says so)
    ("[{rank: 1}, {others: true}, {rank: 5}]", [1, 3, 2, 5]),
    ("[{others: true}]", [5, 3, 2, 1]),
])
def test_others_in_a_given_zone_keeps_its_other_components_as_they_lie_where_written(tmp_path, deck, ranks):
    """One known card on top of a face-down deck, the rest as dealt: giving only the card was T010, and a filler
    `{copies: n}` had to be counted by hand for each deal (one too large passed, emptying the hands)."""
    result = _pond(tmp_path, deck, f"[c.rank for c in deck] == {ranks} and count(hand[0]) == 1")
    assert result.passed, result.failures
    assert bool(result.notes) == (6 in ranks), result.notes


def test_a_zone_given_every_component_keeps_its_count_where_others_would_grow_it(tmp_path):
    """Splendor trial: `{others: true}` beside a card the deal put elsewhere grows the zone by it (the docs say so);
    the count held whatever the seed is kept by listing every component, `copies` for those of no matter which."""
    assert _pond(tmp_path, "[{others: true}, {rank: 6}]", "count(deck) == 5").passed
    folder = tmp_path / "pond"
    (folder / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 2\n    given:\n      rest: hand[1]\n"
                                           "      zones:\n        deck: [{copies: 3}, {rank: 6}]\n    expect:\n"
                                           "      - count(deck) == 4 and last(deck).rank == 6\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


def test_others_stay_in_their_zone_only_where_no_pattern_takes_them(tmp_path):
    """A pattern of another given zone takes from the deck's others: hand[0] gets the 2, the deck keeps the rest."""
    folder = tmp_path / "pond"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(POND, encoding="utf-8")
    (folder / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 2\n    given:\n      rest: hand[1]\n      zones:\n"
                                           "        deck: [{others: true}]\n        hand[0]: [{rank: 2}]\n"
                                           "    expect:\n      - \"[c.rank for c in deck] == [5, 3, 1]\"\n"
                                           "      - \"[c.rank for c in hand[0]] == [2] and count(hand[1]) == 2\"\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed and not result.notes, (result.failures, result.notes)


@pytest.mark.parametrize("deck, said", [
    ("[{others: true}, {rank: 3}, {others: true}]",
     "6:43: T020 a zone's list holds `{others: true}` once (also at 6:16): it stands for all the zone's components the "
     "patterns do not take (keep one, where they lie)"),
    ("[{others: true, rank: 3}]",
     "6:16: T020 `{others: true}` stands for the zone's other components, as they lie, and says nothing else: not "
     "{others: true, rank: 3} (write {others: true} alone; give a component its own pattern)"),
    ("[{others: false}]", "T020 `{others: true}` stands for the zone's other components, as they lie, and says nothing else: not {others: false}"),
])
def test_others_misused_is_T020_found_by_validate(tmp_path, deck, said):
    """Two `others` in one zone would split one set of components in two places; one with an attribute reads as a pattern."""
    folder = tmp_path / "pond"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(POND, encoding="utf-8")
    (folder / "scenarios.yaml").write_text(f"scenarios:\n  - name: s\n    players: 2\n    given:\n      zones:\n        deck: {deck}\n"
                                           "    expect: [\"true\"]\n", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(folder))
    assert said in str(info.value), str(info.value)


ROW = """\
philtre: 1
game: row
players: 2
components:
  card: {attributes: {i: 0..3}, start: deck}
  noble: {attributes: {i: 0..3}, derive: {req: "{'red': 3}"}, start: box}
zones:
  deck: {visible: nobody}
  box: {visible: nobody}
  nobles: {}
actions:
  pass: {}
flow:
  - deal: {from: box, to: "[nobles]", count: 1}
  - decide: pass
    player: 0
"""


def test_a_pattern_without_type_that_several_types_match_is_a_note_of_validate(tmp_path):
    """`nobles: [{i: 0}]` laid a card (which has an `i` too) on the nobles row: validate said nothing, and `test` failed
    in a rule reading the noble's `req`. A note (validate does not fail) says so at the pattern; one with its type is
    not noted, nor one no other type matches (`i: 3` matches only nobles here, `{type: card}` aside)."""
    from philtre.dsl.validate import check_file

    (tmp_path / "ruleset.yaml").write_text(ROW.replace("card: {attributes: {i: 0..3}", "card: {attributes: {i: 0..2}"),
                                           encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 2\n    given:\n      zones:\n"
                                             "        nobles: [{i: 0}, {type: noble, i: 1}, {i: 3}]\n"
                                             "    expect: [\"true\"]\n", encoding="utf-8")
    report = check_file(str(tmp_path))
    assert [(f.diagnostic.code, f.diagnostic.loc.line, f.diagnostic.loc.col, f.severity) for f in report.findings] == [
        ("T021", 6, 18, "note")], [str(f.diagnostic) for f in report.findings]
    [d] = [f.diagnostic for f in report.findings]
    assert d.message == ("this pattern has no type, and components of 2 types have its attributes (card and noble): it "
                         "may take one of a type not meant"), d.message
    assert d.hint == "give the type meant: {type: card, ...} or {type: noble, ...}", d.hint
    assert not any(f.fails for f in report.findings)


def test_a_failing_scenario_repeats_the_note_of_its_pattern_without_type(tmp_path):
    """A Patchwork trial's scenario failed as if the rules were wrong, its untyped pattern having taken a mirrored twin:
    the T021 note was validate's alone. A failing scenario now carries it; a passing one does not (validate says it)."""
    from philtre.interpreter.scenarios import run_scenarios

    (tmp_path / "ruleset.yaml").write_text(ROW.replace("card: {attributes: {i: 0..3}", "card: {attributes: {i: 0..2}"),
                                           encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n" + "".join(f"  - name: {name}\n    players: 2\n    given:\n      zones:\n        nobles: [{{i: 0}}]\n"
                                  f"    expect: [\"{expect}\"]\n" for name, expect in (("fails", "first(nobles).req != none"),
                                                                                     ("passes", "true"))), encoding="utf-8")
    failing, passing = run_scenarios(load_ruleset(str(tmp_path)))
    assert failing.failures and [note.split(": ", 1)[1] for note in failing.notes] == [
        "T021 this pattern has no type, and components of 2 types have its attributes (card and noble): it may take one "
        "of a type not meant (give the type meant: {type: card, ...} or {type: noble, ...})"], failing.notes
    assert not passing.failures and passing.notes == [], passing.notes


def test_others_keeps_what_other_given_zones_send_back_to_it_as_their_start(tmp_path):
    """A cribbage's given hands displaced the cards dealt to them, which start in the deck: with the deck given
    `[{others: true}, {rank: 10}]` that was T010, whose hint said to add the `{others: true}` already there; only
    `rest: deck` did. They join the deck's others, on top of them and below the 1 it lists on top."""
    folder = tmp_path / "pond"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(POND, encoding="utf-8")
    (folder / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 2\n    given:\n      zones:\n"
                                           "        hand[0]: [{rank: 2}]\n        deck: [{others: true}, {rank: 1}]\n"
                                           "    expect:\n      - \"[c.rank for c in hand[0]] == [2] and last(deck).rank == 1\"\n"
                                           "      - \"sorted(c.rank for c in deck) == [1, 3, 4, 5] and count(hand[1]) == 1\"\n",
                                           encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, (result.failures, result.notes)


@pytest.mark.parametrize("deck, ranks", [
    ("[{rank: 1}, {others: true}]", [1, 5, 3, 4]),  # the 4 hand[0] was dealt goes back on top of the others
    ("[{others: true}, {rank: 1}]", [5, 3, 4, 1]),
    ("[{rank: 5}, {others: true}, {rank: 1}]", [5, 3, 4, 1]),
])
def test_what_other_given_zones_send_back_joins_the_others_where_the_list_puts_them(tmp_path, deck, ranks):
    """Mahjong trial: a wall given `[{suit: dragon, rank: 3}, {others: true}]` beside given hands had the tiles the
    hands were dealt sent back under the dragon listed at the bottom; they go in the `{others: true}` part, on top of
    the others, and each component listed lies where it is listed."""
    folder = tmp_path / "pond"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(POND, encoding="utf-8")
    (folder / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 2\n    given:\n      zones:\n"
                                           f"        hand[0]: [{{rank: 2}}]\n        deck: {deck}\n"
                                           f"    expect:\n      - \"[c.rank for c in deck] == {ranks}\"\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, (result.failures, result.notes)


@pytest.mark.parametrize("zones, line", [
    ("        hand[0]: [{rank: 2}]\n        deck: [{rank: 5}, {rank: 3}, {rank: 1}]\n", 7),
    ("        deck: [{rank: 5}, {rank: 3}, {rank: 1}]\n        hand[0]: [{rank: 2}]\n", 6),
])
def test_a_zone_listed_whole_keeps_no_card_a_hand_given_after_it_sends_back(tmp_path, zones, line):
    """The deck listed 5, 3, 1 and hand[0] took the 2: the 4 hand[0] was dealt goes back to the deck. Given before the
    hand, the deck kept it silently, under its list ([4, 5, 3, 1]); given after, it was T010. T010 either way."""
    folder = tmp_path / "pond"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(POND, encoding="utf-8")
    (folder / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 2\n    given:\n      zones:\n" + zones +
                                           "    expect:\n      - count(deck) == 3\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert any(f":{line}:9: T010 deck would keep 1 component(s) not listed" in f for f in result.failures), result.failures


def test_a_component_given_at_the_bottom_stays_there_when_given_hands_send_theirs_back():
    """The trial's minimal repro (tests/data/given_bottom): the two cards hand[0] was dealt and gave up lay under the 9
    the deck lists at the bottom."""
    [result] = run_scenarios(load_ruleset(str(Path(__file__).parent / "data" / "given_bottom")))
    assert result.passed, result.failures


# tokens start in a box; the flow sets them out on the points, as a board game's set-up does
SET_OUT = """\
philtre: 1
game: set-out
players: 1
components:
  token: {copies: 4, start: box}
zones:
  box: {}
  point: {copies: 3}
actions:
  go: {}
flow:
  - move: "take(box, 2) -> point[0]"
  - move: box -> point[1]
  - decide: go
    player: 0
"""


def _set_out(tmp_path, given: str, expect: str = "true"):
    """The folder of SET_OUT with one 1-player scenario whose `given` holds ``given`` (YAML lines under it)."""
    folder = tmp_path / "set-out"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(SET_OUT, encoding="utf-8")
    (folder / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 1\n    given:\n" + given
                                           + f"    expect:\n      - {expect}\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("rest", ["      rest: box\n", ""])
def test_empty_gives_a_family_from_scratch_with_no_note(tmp_path, rest):
    """A board given from scratch printed a T018 note per point the set-up had filled (37 over a backgammon's 8
    scenarios), and listing every point was the only way out: `empty: [point]` gives each point not listed empty,
    its tokens going to `rest` (or, without it, back to the box they start in)."""
    zones = "      zones:\n        point[2]: [{copies: 1}]\n"
    counted = "count(point[2]) == 1 and count(point[0]) == 0 and count(point[1]) == 0 and count(box) == 3"
    [result] = run_scenarios(load_ruleset(str(_set_out(tmp_path, rest + "      empty: [point]\n" + zones, counted))))
    assert result.passed and not result.notes, (result.failures, result.notes)


def test_empty_leaves_the_zones_that_zones_lists_as_listed(tmp_path):
    """`empty` names a family; a zone of it that `zones` lists gets what it lists (one name alone is a list of one)."""
    given = "      rest: box\n      empty: point\n      zones:\n        point[0]: [{copies: 2}]\n"
    [result] = run_scenarios(load_ruleset(str(_set_out(tmp_path, given, "\"[count(z) for z in point] == [2, 0, 0]\""))))
    assert result.passed and not result.notes, (result.failures, result.notes)


def test_a_family_zone_not_given_names_empty_in_its_note(tmp_path):
    """Without `empty`, the note says what to write."""
    given = "      rest: box\n      zones:\n        point[2]: [{copies: 1}]\n"
    [result] = run_scenarios(load_ruleset(str(_set_out(tmp_path, given))))
    assert result.passed and len(result.notes) == 1, (result.failures, result.notes)
    assert result.notes[0].endswith("; give point[0] to say what it holds (point[0]: [{others: true}] keeps the rest "
                                    "as it lies), or empty: [point] to give every point zone not listed empty"), result.notes


@pytest.mark.parametrize("empty, said", [
    ("3", "scenarios.yaml:5:14: V001 expected a text or a list, got the number 3 (empty names zones to give empty"),
    ("[point, 3]", "scenarios.yaml:5:22: V001 expected a text, got the number 3 (empty names zones to give empty"),
    ("['count(box)']", "scenarios.yaml:5:15: T001 `empty` names zones to give empty, and this is a whole number"),
])
def test_empty_given_what_names_no_zone_is_refused_at_load(tmp_path, empty, said):
    """A value of `empty` that cannot name zones is found by `philtre validate`, at the value, with what it takes."""
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(_set_out(tmp_path, f"      empty: {empty}\n")))
    assert said in str(info.value), str(info.value)


REFILL = """\
game: refill
players: 2
components:
  card: {attributes: {n: 1..6}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  played: {visible: everyone}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> played
flow:
  - deal: {from: deck, to: hand, count: 3}
  - until: count(deck) == 0 and count(hand[0]) == 0
    do:
      - decide: play
        player: 0
winners: {highest: "score[p]"}
scenarios:
  - name: seat 0 plays its last card
    players: 2
    given:
      zones:
        hand[0]: [{n: 1}]
        hand[1]: []
    steps:
      - {player: 0, action: play, args: {card: {n: 1}}}
    expect:
      - game_over
"""


def test_a_rule_failing_after_given_sent_components_back_to_their_start_says_so(tmp_path):
    """The hands' unlisted cards went back to the deck, where they start: the loop the deck ends ran on, and seat 0 had
    nothing to play (R300). The failure says where the cards went and that `rest` puts them elsewhere (T022)."""
    path = tmp_path / "refill.yaml"
    path.write_text(REFILL, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(path)))
    assert len(result.failures) == 1 and " R300 " in result.failures[0], result.failures
    said = result.failures[0].splitlines()[-1]
    assert said == (f"{path}:26:9: T022 5 components not named in `given` went back to where they start, zone 'deck', and the "
                    "game ran on with them there (a flow that deals from there deals them again) (`rest: ZONE` in `given` puts "
                    "them in ZONE instead, one the flow does not take from; or list them where they should be)"), said
    path.write_text(REFILL.replace("    given:\n", "    given:\n      rest: played\n"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(path)))
    assert result.passed, result.failures


def test_a_rule_failing_after_a_given_that_sent_nothing_back_says_nothing_of_it(tmp_path):
    """Given with `rest`, nothing goes back to where it starts: an R300 then is the rule's alone, with no T022."""
    path = tmp_path / "refill.yaml"
    path.write_text(REFILL.replace("    given:\n", "    given:\n      rest: played\n")
                    .replace("count(deck) == 0 and count(hand[0]) == 0", "count(played) >= 7"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(path)))
    assert len(result.failures) == 1 and " R300 " in result.failures[0] and "T022" not in result.failures[0], result.failures


RESIZED = """\
game: resized
players: 2
components:
  token: {start: pool}
zones:
  pool: {}
variables:
  marks: {initial: [0, 0, 0, 0, 0]}
actions:
  mark:
    choose: {slot: "range(5)"}
    if: marks[slot] == 0
    do:
      - set: {marks: "put(marks, slot, 1)"}
flow: [{decide: mark, player: 0}]
scenarios:
  - name: a slot marked
    players: 2
    given:
      variables: {marks: GIVEN}
    steps:
      - {player: 0, action: mark, args: {slot: 1}}
    expect:
      - marks[1] == 1
"""


def test_a_list_given_shorter_than_its_initial_value_is_said_beside_the_failure_it_causes(tmp_path):
    """A Schotten Totten trial gave `claimed: [null, null, null]` for nine stones: the failure, index 3 out of range,
    named no list and not the given that made it short. T025 says so, at the given, after the failure."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RESIZED.replace("GIVEN", "[0, 0]"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(path)))
    [failure] = result.failures
    first, said = failure.splitlines()
    assert first.endswith("R100 action 'mark': its 'if' failed with slot=2: index 2 of `marks[slot]` is out of range (0..1)"), first
    assert said == (f"{path}:20:19: T025 `given` sets 'marks' to a list of 2 items, and its initial value has 5: the "
                    "failure above indexed the list given (give 'marks' 5 items, as its initial value has)"), said
    path.write_text(RESIZED.replace("GIVEN", "[0, 0, 0, 0, 0]"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(path)))
    assert result.passed, result.failures
    # a list given longer than the initial one is the scenario's to give: said only where a failure indexed it
    path.write_text(RESIZED.replace("GIVEN", "[0, 0, 0, 0, 0, 0]"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(path)))
    assert result.passed, result.failures


RESIZED_READ = """\
philtre: 1
game: resized-read
players: 2
variables:
  v: {initial: [0, 0, 0, 0, 0]}
  prog: {initial: [0, 0, 0], each: player}
  w: 0
define:
  at(i): v[i]
actions:
  go:
    do:
      - set: {w: "v[3]"}
flow:
  - decide: go
    player: 0
scenarios:
  - name: through a definition
    players: 2
    given:
      variables: {v: [1, 2]}
    expect: [at(3) == 0]
  - name: in a rule's set
    players: 2
    given:
      variables: {v: [1, 2]}
    steps: [{player: 0, action: go}]
    expect: [w == 0]
  - name: one seat's list
    players: 2
    given:
      variables: {prog: [[0, 0, 0], [1]]}
    expect: ["prog[1][2] == 0"]
  - name: a list of the length given
    players: 2
    given:
      variables: {v: [1, 2]}
    expect: ["[0, 0][3] == 0"]
"""


def test_t025_is_said_whichever_expression_indexed_the_list_given(tmp_path):
    """Can't Stop trial: T025 came only where the failure quoted `v[`; read through a definition (`at(3)`), in a rule's
    `set` (R100 `failed in its value`), or one seat's list of a per-seat variable, the failure said nothing of `given`.
    A list of as many items, that `given` did not make, is not blamed on it."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RESIZED_READ, encoding="utf-8")
    text = RESIZED_READ
    line = text[:text.index("variables: {v: [1, 2]}")].count("\n") + 1
    said = {r.name: r.failures for r in run_scenarios(load_ruleset(str(path)))}
    short = ("T025 `given` sets 'v' to a list of 2 items, and its initial value has 5: the failure above indexed the "
             "list given (give 'v' 5 items, as its initial value has)")
    assert said["through a definition"][0].endswith(f"{path}:{line}:19: {short}"), said
    assert " R100 " in said["in a rule's set"][0] and said["in a rule's set"][0].endswith(short), said
    assert said["one seat's list"][0].endswith(
        "T025 `given` sets 'prog' (seat 1's) to a list of 1 item, and its initial value has 3: the failure above "
        "indexed the list given (give 'prog' each seat 3 items, as its initial value has)"), said
    assert "T025" not in said["a list of the length given"][0], said


GIVEN_LISTS = """\
philtre: 1
game: given-lists
players: 2
variables:
  xs: {initial: [1]}
  m: {initial: {a: [1]}}
  mine: {initial: [3], each: player}
  found: {initial: []}
actions:
  take:
    do:
      - set: {found: "[index(xs, 1), index(m['a'], 2), index(mine[me], 4)]"}
flow:
  - decide: take
    player: 0
scenarios:
  - name: lists given, in a list, a map and per seat
    players: 2
    given:
      variables: {xs: [0, 1], m: {a: [1, 2]}, mine: [[4], [5]]}
    steps:
      - {player: 0, action: take}
    expect:
      - found == [1, 1, 0]
"""


def _kinds(value) -> set:
    """The classes of the lists and maps in ``value``, at any depth."""
    if isinstance(value, (list, dict)):
        items = value.values() if isinstance(value, dict) else value
        return {type(value)}.union(*map(_kinds, items))
    return set()


def test_a_list_given_in_variables_is_a_list_to_the_builtins(tmp_path):
    """`given.variables` handed the game the file's list, a subclass keeping places, and index(xs, x), which tells a
    list by its class, refused it: R100 "index() of two arguments looks in a list (or a zone), got [1]" (Parcheesi
    trial 1). The values given are the game's plain lists and maps, as a variable's initial value is."""
    (tmp_path / "ruleset.yaml").write_text(GIVEN_LISTS, encoding="utf-8")
    ruleset = load_ruleset(str(tmp_path))
    [result] = run_scenarios(ruleset)
    assert result.passed, result.failures
    assert _kinds([value for _, value in ruleset.scenarios[0].variables]) == {list, dict}


@pytest.mark.parametrize("folder", sorted(p.parent for root in ("examples", "rulesets")
                                          for p in (Path(__file__).resolve().parents[1] / root).rglob("ruleset.yaml")),
                         ids=lambda p: p.name)
def test_what_a_ruleset_hands_the_game_holds_no_value_of_the_file(folder):
    """Every value the game starts from or a scenario gives (initial values, dice faces, `given.variables`, scores) is
    a plain list or map, never the file's Map or Seq: the builtins and the state's copy tell lists by their class."""
    ruleset = load_ruleset(str(folder))
    values = [spec.initial for spec in ruleset.variables.values()] + [list(die.faces) for die in ruleset.dice.values()]
    for sc in ruleset.scenarios:
        values += [value for _, value in sc.variables] + [sc.score, sc.round_scores]
    assert _kinds(values) <= {list, dict}


def test_a_zone_not_given_given_as_its_others_gives_components_with_no_note(tmp_path):
    """T018's hint for a zone too big to list (a box of sixty cards the deal filled, the 7 Wonders trial): given as
    `[{others: true}]` it keeps the rest as it lies, and the components taken from it are no longer noted."""
    result = _dealt(tmp_path, "        hand[0]: [{role: e}, {role: e}]\n        hand[1]: [{role: e}]\n"
                              "        hand[2]: [{others: true}]\n")
    assert not result.notes, result.notes
    assert [f.split(" T012 ")[1] for f in result.failures] == ["expected true: sorted(c.role for c in hand[2]) == ['d', 'e']  "
                                                               "[sorted(c.role for c in hand[2]) = ['d']]"], result.failures


@pytest.mark.parametrize("rest, empty", [("point[1]", "[point]"), ("point[1]", "['point[1]']"), ("point", "['point[0]', point]")])
def test_rest_naming_a_zone_that_empty_empties_is_refused_at_load(tmp_path, rest, empty):
    """`rest: won[0]` with `empty: [won]` was accepted, and won[0] got every card left out although `empty` gave it
    empty (a Spades trial's expectation then failed): `philtre validate` says the two contradict, at the `empty` item."""
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(_set_out(tmp_path, f"      rest: {rest}\n      empty: {empty}\n")))
    assert f"T001 rest: {rest} names a zone that `empty` empties" in str(info.value), str(info.value)


def test_rest_naming_an_emptied_zone_written_otherwise_is_refused_when_run(tmp_path):
    """Where the texts differ (won[0] and won[0 + 0]) the run finds the zone both name, before laying anything out."""
    folder = _set_out(tmp_path, "      rest: point[1]\n      empty: ['point[0 + 1]']\n")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert not result.passed and result.failures[0].endswith(
        "scenarios.yaml:6:15: T001 rest: point[1] names a zone that `empty` empties: the components the given zones "
        "leave out would go to it, so it would not be empty (give rest: a zone that `empty` does not name (one no rule "
        "names, box: {visible: nobody}), or leave that zone out of `empty`)"), result.failures


@pytest.mark.parametrize("rest, zones", [("point[1]", "point[1]: []"), ("point[1]", "point: [[], [], []]"), ("box", "box: []")])
def test_rest_naming_a_zone_that_zones_gives_as_nothing_is_refused_at_load(tmp_path, rest, zones):
    """A Rummikub trial's `rest: pool` with `zones: {pool: []}` put every tile left out back into the "empty" pool, and
    its "pool is empty" scenario failed far from the cause: a zone given [] asks for it empty, as `empty` does."""
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(_set_out(tmp_path, f"      rest: {rest}\n      zones:\n        {zones}\n")))
    assert f"T001 rest: {rest} names a zone that `zones` gives as []" in str(info.value), str(info.value)


def test_rest_naming_a_zone_given_nothing_written_otherwise_is_refused_when_run(tmp_path):
    """Where the texts differ (point[1] and point[0 + 1]) the run finds the zone both name; a zone `zones` lists with
    components is still filled up by rest, as before."""
    folder = _set_out(tmp_path, "      rest: point[1]\n      zones:\n        point[0 + 1]: []\n")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert not result.passed and "T001 rest: point[1] names a zone that `zones` gives as []" in result.failures[0], result.failures
    shutil.rmtree(folder)
    folder = _set_out(tmp_path, "      rest: point[1]\n      zones:\n        point[1]: [{copies: 1}]\n", "count(box) == 0")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


def test_a_family_zone_note_does_not_suggest_empty_where_rest_is_of_that_family(tmp_path):
    """T018's `or write empty: [point]` led to the contradiction above where rest is a point zone: it is left out there."""
    [result] = run_scenarios(load_ruleset(str(_set_out(tmp_path, "      rest: point[1]\n      zones:\n        point[2]: [{copies: 1}]\n"))))
    assert result.notes and not any("write empty" in note for note in result.notes), result.notes


LOOPED = """\
philtre: 1
game: looped
players: 2
variables:
  leader: 0
  bonus: 0
  bet: {initial: 1, each: player}
actions:
  go: {}
flow:
  - for: p in [q for q in seats_from(leader) if bet[q] > 0]
    do:
      - decide: go
        player: p
"""


@pytest.mark.parametrize("variables, noted", [("{leader: 1}", True), ("{leader: 0}", False), ("{bonus: 3}", False),
                                              ("{bet: [2, 3]}", False)])
def test_a_given_variable_a_running_loop_read_before_given_is_noted(tmp_path, variables, noted):
    """A Spades trial gave `leader: 2` at a trick's first card, and the `for: p in seats_from(leader)` running there went
    on from the old leader, silently: T028 notes it, where the value given differs and a statement still running read it
    (not where what it read reads the same with the value given: a bet changed, the seats betting the same)."""
    (tmp_path / "ruleset.yaml").write_text(LOOPED, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(f"scenarios:\n  - name: s\n    players: 2\n    given:\n      variables: {variables}\n"
                                             "    expect:\n      - true\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.passed
    if not noted:
        assert not result.notes, result.notes
        return
    [note] = result.notes
    assert note.startswith(f"{tmp_path / 'scenarios.yaml'}:5:19: T028 `given` sets leader to 1, but the `for` at "
                           f"{tmp_path / 'ruleset.yaml'}:11:5 ([q for q in seats_from(leader) if bet[q] > 0]) read it as 0 before `given`, and is "
                           "still running: it goes on with the value it read (no seed of 0.."), note
    assert "reaches it with leader read as 1: give `given.at` a point before that statement runs" in note, note


LED = """\
philtre: 1
game: led
players: 3
variables:
  leader: 0
actions:
  lead:
    choose: {n: "range(LEADS)"}
    do:
      - set: {leader: n}
  go: {}
flow:
  - decide: lead
    player: 0
  - repeat: 3
    as: i
    do:
      - name: play
        decide: go
        player: left(leader, i)
"""


def _led(tmp_path, leads: int, leader: int, seed: str = "") -> list:
    """The notes of a scenario giving `leader` at the second play of a trick whose seats `left(leader, i)` read."""
    (tmp_path / "ruleset.yaml").write_text(LED.replace("LEADS", str(leads)), encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(f"scenarios:\n  - name: s\n    players: 3\n{seed}    given:\n      at: play\n"
                                             f"      time: 2\n      variables: {{leader: {leader}}}\n    expect:\n      - true\n",
                                             encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.passed, result.failures
    return result.notes


def test_a_t028_names_seeds_whose_random_play_reads_the_value_given(tmp_path):
    """A Pinochle trial gave `leader` at a play inside the trick (`player: left(leader, i)`) and T028 asked for a seed
    whose set-up reaches the position with that value, and nothing found one: the user looped over seeds in the
    shell. The hint names the first seeds whose random play reaches `given.at` with the value given read there, as a
    T014's names those reaching it; the first one named reads it (no T028 with it)."""
    import re

    notes = [note for leader in (0, 1, 2) for note in _led(tmp_path, 3, leader)]
    assert notes, "the scenario's own seed reads one leader: the two others are noted"
    for note in notes:
        given = re.search(r"T028 `given` sets leader to (\d)", note).group(1)
        named = re.search(rf"\(seeds? ([\d, and]+) reach(?:es)? it with leader read as {given}: give the scenario `seed: (\d+)`; "
                          r"or give `given.at` a point before that statement runs", note)
        assert named, note
        seeds = [int(seed) for seed in re.findall(r"\d+", named.group(1))]
        assert len(seeds) == 3 and seeds == sorted(seeds) and seeds[0] == int(named.group(2)), note
        for seed in seeds:
            assert _led(tmp_path, 3, int(given), f"    seed: {seed}\n") == [], (seed, note)


def test_a_t028_says_no_seed_reads_the_value_given_where_none_does(tmp_path):
    """Where no seed's random play reads the value given (the lead is seat 0 or 1, never 2), the hint says so, with
    the range of seeds tried, and names the other ways to the position."""
    import re

    [note] = _led(tmp_path, 2, 2)
    assert re.search(r"T028 `given` sets leader to 2, .*\(no seed of 0\.\.\d+ reaches it with leader read as 2: give "
                     r"`given.at` a point before that statement runs", note), note


def test_a_seat_not_deciding_beside_a_t028_is_pointed_to_its_seeds_not_to_player_in_given(tmp_path):
    """The trick's `player: left(leader, i)` read the lead drawn at random; `given` made seat 2 the leader and the step
    of seat 2 was T013, whose hint said to give `player: 2` in given: that position is seat 2's later play, with the
    old leader read still (T028 again). The hint names T028's seeds, which reach the position with the leader given."""
    import re

    (tmp_path / "ruleset.yaml").write_text(LED.replace("LEADS", "3"), encoding="utf-8")
    scenario = ("scenarios:\n  - name: s\n    players: 3\nSEED    given:\n      at: play\n      variables: {leader: 2}\n"
                "    steps:\n      - {player: 2, action: go}\n    expect:\n      - true\n")
    (tmp_path / "scenarios.yaml").write_text(scenario.replace("SEED", ""), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    [note] = result.notes
    [failure] = result.failures
    assert " T028 `given` sets leader to 2, " in note and " T013 seat 2 is not deciding now " in failure, (note, failure)
    seeds_hint = note[note.rindex(" (no seed ") if " (no seed " in note else note.rindex(" (seed") + 2:]
    assert failure.endswith(" (`given` sets a value that a statement still running at the position read before (T028), "
                            f"and `player:` in given would not change what it read: {seeds_hint}"), (failure, note)
    assert "`player: 2` in given" not in failure, failure
    seed = re.search(r"give the scenario `seed: (\d+)`", seeds_hint).group(1)  # (0..199 hold seeds leading with seat 2)
    (tmp_path / "scenarios.yaml").write_text(scenario.replace("SEED", f"    seed: {seed}\n"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.passed and not result.notes, (result.failures, result.notes)


TURNED = """\
philtre: 1
game: turned
players: 3
variables:
  out: {initial: false, each: player}
  start: 0
actions:
  go: {}
flow:
  - turns: start
    next: "first(q for q in seats_from(left(current)) if not out[q])"
    do:
      - decide: go
"""


@pytest.mark.parametrize("variables, noted", [("{out: [false, true, false]}", False), ("{start: 1}", True)])
def test_a_turns_next_read_again_after_each_turn_is_not_noted_but_its_first_seat_is(tmp_path, variables, noted):
    """A Liar's Dice trial gave `out`, which a `turns`'s `next:` reads, and T028 said the loop goes on with the value it
    read: `next:` is read again after every turn, as `until` each pass, so the value given is the one it reads; the
    first seat, read once, is noted."""
    (tmp_path / "ruleset.yaml").write_text(TURNED, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(f"scenarios:\n  - name: s\n    players: 3\n    given:\n      variables: {variables}\n"
                                             "    steps:\n      - {player: 0, action: go}\n    expect:\n      - true\n",
                                             encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.passed, result.failures
    assert bool(result.notes) == noted, result.notes
    assert not noted or "T028 `given` sets start to 1, but the `turns` at" in result.notes[0], result.notes


TALLY = """\
philtre: 1
game: tally
players: 2
components:
  card: {attributes: {colour: [red, blue, green]}, start: deck}
zones:
  deck: {}
  pile: {}
variables:
  played: {initial: {red: 0, blue: 0, green: 0}}
  seen: {initial: {red: false, blue: false}, each: player}
actions:
  play:
    choose: {card: deck}
    do:
      - move: card -> pile
      - set: {played: "put(played, card.colour, played[card.colour] + 1)"}
flow:
  - turns: 0
    until: count(deck) == 0
    do:
      - decide: play
"""


def test_a_given_map_with_fewer_keys_than_its_initial_value_is_a_note(tmp_path):
    """A trial's scenario gave `played: {yoko: 4}` where `played` starts with five keys: validate said nothing, and the
    test stopped in a rule with R100 "the map has no key", far from the scenario. A note (validate does not fail)
    names the keys missing, at the variable given, for each seat of a per-seat map too; a failing scenario repeats
    it; a map with every key is not noted."""
    from philtre.dsl.validate import check_file
    from philtre.interpreter.scenarios import run_scenarios

    (tmp_path / "ruleset.yaml").write_text(TALLY, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: partial\n    players: 2\n    given:\n      variables:\n        played: {red: 4}\n"
        "        seen: [{red: true, blue: false}, {red: true}]\n"
        "    steps:\n      - {player: 0, action: play, args: {card: {colour: green}}}\n    expect: [\"played['red'] == 4\"]\n"
        "  - name: whole\n    players: 2\n    given:\n      variables:\n        played: {red: 4, blue: 0, green: 1}\n"
        "    expect: [\"played['red'] == 4\"]\n", encoding="utf-8")
    report = check_file(str(tmp_path))
    assert [(f.diagnostic.code, f.diagnostic.loc.line, f.severity) for f in report.findings] == [
        ("T037", 6, "note"), ("T037", 7, "note")], [str(f.diagnostic) for f in report.findings]
    played, seen = (f.diagnostic for f in report.findings)
    assert played.message == ("`given` gives 'played' a map of 1 of the 3 keys its initial value has: blue and green are "
                              "missing, and a rule reading one stops the game (R100)"), played.message
    assert played.hint == "give every key its value, as the initial value {red: 0, blue: 0, green: 0} has them", played.hint
    assert seen.message.startswith("`given` gives 'seen' for seat 1 a map of 1 of the 2 keys its initial value has: blue "
                                   "is missing"), seen.message
    partial, whole = run_scenarios(load_ruleset(str(tmp_path)))
    assert "R100" in partial.failures[0] and "the map has no key 'green'" in partial.failures[0], partial.failures
    assert [note.split(": ", 1)[1][:4] for note in partial.notes] == ["T037", "T037"], partial.notes
    assert whole.passed and whole.notes == [], whole.notes


GROWN = """\
scenarios:
  - name: two ones, the rest as dealt
    players: 2
    given:
      zones:
        hand[0]: [{rank: 1, copies: 2}, {others: true}]
    expect:
      - count(hand[0]) == 3
      - count(deck) == 12
"""


def test_a_t012_reading_a_zone_others_grew_says_so_and_the_copies_that_keep_its_count(tmp_path):
    """Mahjong trial: "these two tiles, the rest as dealt" written with `{others: true}` made a hand of 13 hold 15. A
    failing expectation reading the zone says it grew and what keeps its count; one reading another zone does not."""
    folder = tmp_path / "grown"
    folder.mkdir()
    shutil.copy(Path(__file__).parent / "data" / "given_bottom" / "ruleset.yaml", folder)
    (folder / "scenarios.yaml").write_text(GROWN, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    hand, deck = result.failures  # (the seed deals hand[0] one 1 of the two: it grows by one, the deck gives one)
    assert hand.endswith("[count(hand[0]) = 4] (hand[0] was given {others: true}, which keeps what it held besides the "
                         "2 listed: it held 3, and holds 4 once given; to keep 3, write {copies: 1} in place of "
                         "{others: true} (any 1 component, taken from those it holds first))"), hand
    assert deck.endswith("[count(deck) = 11]"), deck
    (folder / "scenarios.yaml").write_text(GROWN.replace("{others: true}", "{copies: 1}"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures


ASIDE = """\
philtre: 1
game: aside
players: 3
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  aside: {visible: nobody}
actions:
  pass: {}
flow:
  - deal: {from: deck, to: hand, count: 3}    # 11 8 5 | 10 7 4 | 9 6 3
  - deal: {from: deck, to: "[aside]", count: 2}    # 2 1: the deck is all dealt
  - decide: pass
    player: 0
"""


def _aside(tmp_path, given: str, expect: list, rules: str = ASIDE):
    """The result of a 3-player scenario of ``rules`` (ASIDE) giving ``given`` (YAML lines under `given:`) and expecting ``expect``."""
    (tmp_path / "ruleset.yaml").write_text(rules, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: s\n    players: 3\n    given:\n" + given + "    expect:\n"
                                             + "".join(f"      - \"{e}\"\n" for e in expect), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    return result


def test_a_zone_given_components_dealt_to_hands_swaps_its_own_into_their_places(tmp_path):
    """Skat trial: in a game dealing its whole deck, the two cards aside given two cards dealt to hands sent their own
    two back to the deck, where cards start, and each hand played short (T018 "holds 2 now"). They go where the given
    ones were taken from, one for one, each where the one it replaces lay: every hand keeps its count, and no note."""
    result = _aside(tmp_path, "      zones:\n        aside: [{rank: 7}, {rank: 3}]\n",
                    ["[c.rank for c in aside] == [7, 3] and count(deck) == 0",
                     "[[c.rank for c in hand[p]] for p in players] == [[11, 8, 5], [10, 2, 4], [9, 6, 1]]"])
    assert result.passed and not result.notes, (result.failures, result.notes)


def test_the_components_given_zones_leave_out_go_to_rest_not_into_a_hand(tmp_path):
    """`rest:` says where what the given zones leave out goes: no swap there, and the hand that gave is noted short."""
    result = _aside(tmp_path, "      rest: box\n      zones:\n        aside: [{rank: 7}]\n", ["count(box) == 2 and count(hand[1]) == 2"],
                    ASIDE.replace("  aside: {visible: nobody}\n", "  aside: {visible: nobody}\n  box: {}\n"))
    assert result.passed, result.failures
    assert [note.split(": T018 ")[1].split(", which")[0] for note in result.notes] == [
        "aside's {rank: 7} (scenarios.yaml:7:17) took a card from hand[1]"], result.notes


def test_a_range_as_a_given_piece_s_cell_is_told_to_list_one_item_a_placement(tmp_path):
    """A trial wrote a line of stones `{colour: black, at: {x: 4, y: 0..8}}`, reading a range as one piece per cell as
    it is one component per value of an attribute: it was V001 "expected a whole number" alone. A placement is one cell;
    the hint says so and writes the items out."""
    from test_grid_labels import LABELLED

    scenario = ("scenarios:\n  - name: a line\n    players: 2\n    given:\n      at: start\n      zones:\n"
                "        board:\n          - {owner: 0, at: {x: 1, y: 0..2}}\n    expect: [count(board) == 3]\n")
    (tmp_path / "ruleset.yaml").write_text(LABELLED + scenario, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(tmp_path))
    [found] = info.value.diagnostics
    line = LABELLED.count("\n") + 8
    assert (found.loc.line, found.loc.col, found.code) == (line, 38, "V001"), found
    assert "expected a whole number, got the text '0..2'" in found.message, found.message
    assert ("a placement is one cell: list one item a placement: {owner: 0, at: {x: 1, y: 0}}, {owner: 0, at: {x: 1, "
            "y: 1}}, ... (3 items)") in found.hint, found.hint
