"""L054: a statement whose event every seat is told (a move between hidden zones too: its counts are public) run under
a condition that reads a secret tells every seat the answer. A hidden variable's `set` there tells nothing (no seat
that cannot see it is told of it), and L031's hint says so, or, where a move is told under the same `when`, that
hiding is not enough."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from philtre.dsl.validate import check_file

DATA = Path(__file__).parent / "data" / "hidden_set"

BASE = """\
philtre: 1
game: hidden-condition
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {visible: nobody}
  table: {visible: everyone}
variables:
  flag: {initial: false, visible: nobody}
  shown: false
actions:
  go: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
FLOW
  - decide: go
    player: 1
"""


def findings(tmp_path, flow: str) -> list:
    path = tmp_path / "ruleset.yaml"
    path.write_text(BASE.replace("FLOW\n", flow), encoding="utf-8")
    return [f.diagnostic for f in check_file(str(path)).findings]


def where(path: Path, needle: str) -> str:
    """``path:line:col`` of ``needle`` in the file at ``path``."""
    text = path.read_text(encoding="utf-8")
    at = text.index(needle)
    return f"{path}:{text.count(chr(10), 0, at) + 1}:{at - (text.rfind(chr(10), 0, at) + 1) + 1}"


def test_a_move_between_hidden_zones_under_a_secret_when_is_found_naming_the_move_and_the_when(tmp_path):
    """A Belote trial's repro: `move: last(deck) -> pile` under `when: any(c.rank == 4 for c in hand[0])` validated
    clean, and seat 1's record showed the move (and the counts changed) in exactly the deals where seat 0 held the 4."""
    shutil.copytree(DATA / "leak2", tmp_path / "leak2")
    path = tmp_path / "leak2" / "ruleset.yaml"
    [found] = [f.diagnostic for f in check_file(str(path)).findings]
    when, move = where(path, "any(c.rank == 4 for c in hand[0])"), where(path, "move: last(deck) -> pile")
    assert found.code == "L054" and str(found.loc) == when, found
    assert f"the move at {move} " in found.message and f"({when})" in found.message, found.message
    assert "what 'hand' holds" in found.message, found.message
    assert 'set: {flag: "any(...)"}' in found.hint and "ignore[L054]" in found.hint, found.hint


def test_a_hidden_variable_set_under_a_secret_when_is_no_finding(tmp_path):
    """The trial's first repro, `flag` (`visible: nobody`) set under that `when`: no seat is told of the set now."""
    shutil.copytree(DATA / "leak", tmp_path / "leak")
    assert [f.diagnostic for f in check_file(str(tmp_path / "leak" / "ruleset.yaml")).findings] == []


def test_a_move_in_the_block_of_a_secret_when_and_a_loop_until_a_secret_are_found(tmp_path):
    in_block = "  - when: any(c.rank == 4 for c in hand[0])\n    do:\n      - set: {flag: true}\n      - move: last(deck) -> pile\n"
    assert [d.code for d in findings(tmp_path, in_block)] == ["L054"]
    until = "  - until: count(pile) > 0 or sum(c.rank for c in hand[0]) > 2\n    do:\n      - move: last(deck) -> pile\n"
    [found] = findings(tmp_path, until)
    assert found.code == "L054" and "once a pass until this condition holds" in found.message, found.message


def test_a_move_under_a_when_every_seat_can_answer_is_no_finding(tmp_path):
    """A public condition, and a card turned face up by the move as tested (the answer is shown there)."""
    public = "  - when: count(deck) > 1\n    move: last(deck) -> pile\n"
    face_up = "  - when: last(deck).rank == 4\n    move: last(deck) -> table\n"
    assert findings(tmp_path, public + face_up) == []


def test_l031s_hint_says_hiding_is_enough_only_where_nothing_else_under_the_when_is_told(tmp_path):
    """L031 said to hide a public variable set under a secret `when`, and the trial did: with a move under the same
    `when`, the hint now says to set it in one set with no when, naming the move."""
    alone = "  - when: any(c.rank == 4 for c in hand[0])\n    set: {shown: true}\n"
    [found] = findings(tmp_path, alone)
    assert found.code == "L031" and "hide 'shown'" in found.hint and "not told of a set it cannot see" in found.hint, found.hint
    with_move = ("  - when: any(c.rank == 4 for c in hand[0])\n    do:\n      - set: {shown: true}\n"
                 "      - move: last(deck) -> pile\n")
    [found] = findings(tmp_path, with_move)
    path = tmp_path / "ruleset.yaml"
    assert found.code == "L031", found
    assert "set 'shown' in one set with no when" in found.hint and 'set: {shown: "any(...)"}' in found.hint, found.hint
    assert f"the move at {where(path, 'move: last(deck) -> pile')} " in found.hint and "not enough" in found.hint, found.hint


def test_one_seats_entry_set_under_another_seats_secret_is_found_at_the_condition(tmp_path):
    """`set: {"n[1]": 1}` (`n` visible: owner, each: player) under `when: any(c.rank == 4 for c in hand[0])`: seat 1
    sees its own entry, so learns whether seat 0 holds a 4. Neither L031's read of the value nor L054 said so."""
    shutil.copytree(DATA / "owner_entry", tmp_path / "owner_entry")
    path = tmp_path / "owner_entry" / "leak.yaml"
    [found] = [f.diagnostic for f in check_file(str(path)).findings]
    when = where(path, "any(c.rank == 4 for c in hand[0])")
    assert found.code == "L031" and str(found.loc) == when, found
    assert f"the set of 'n[1]' at {where(path, 'set: {')} " in found.message, found.message
    assert "what seat 0's 'hand' holds" in found.message and "seat 1 sees its own entry of 'n'" in found.message, found.message
    assert "read only what seat 1 sees" in found.hint and "ignore[L031]" in found.hint, found.hint


def test_an_entry_set_under_a_condition_reading_only_its_owners_hand_is_no_finding(tmp_path):
    """`set: {"n[p]": 1}` under a `when` reading `hand[p]` (p the loop's seat), and `n[1]` under one reading `hand[1]`."""
    shutil.copytree(DATA / "owner_entry", tmp_path / "owner_entry")
    assert [f.diagnostic for f in check_file(str(tmp_path / "owner_entry" / "own.yaml")).findings] == []


def test_an_entry_set_in_the_block_of_a_secret_when_or_a_loop_counted_by_a_secret_is_found(tmp_path):
    """Around the set, not its own `when`: a statement's `when` whose block holds it, a `repeat` whose count reads a
    secret (seat 1's entry counts the passes); a set of every entry (`set: {n: [...]}`) tells each seat the answer."""
    base = BASE.replace("  flag: {initial: false, visible: nobody}\n", "  n: {initial: 0, each: player, visible: owner}\n")
    path = tmp_path / "ruleset.yaml"
    for flow, how in [
        ("  - when: any(c.rank == 4 for c in hand[0])\n    do:\n      - set: {\"n[1]\": 1}\n", "only when this condition holds"),
        ("  - repeat: sum(c.rank for c in hand[0])\n    do:\n      - set: {\"n[1]\": \"n[1] + 1\"}\n", "as many times as this repeat says"),
        ("  - when: any(c.rank == 4 for c in hand[0])\n    set: {n: \"[1 for p in players]\"}\n", "only when this condition holds"),
    ]:
        path.write_text(base.replace("FLOW\n", flow), encoding="utf-8")
        [found] = [f.diagnostic for f in check_file(str(path)).findings]
        assert found.code == "L031" and how in found.message and "seat 0's 'hand'" in found.message, found


ENTRY_BY_CALL = BASE.replace("  flag: {initial: false, visible: nobody}\n", "  n: {initial: 0, each: player, visible: owner}\n")


@pytest.mark.parametrize("set_, when, read", [
    ('"n[left(p)]": "count(c for c in hand[p] if c.rank == 4)"', None, '"count(c for c in hand[p] if c.rank == 4)"'),
    ('"n[opp(p)]": "count(c for c in hand[p] if c.rank == 4)"', None, '"count(c for c in hand[p] if c.rank == 4)"'),
    ('"n[left(p)]": 1', "any(c.rank == 4 for c in hand[p])", "any(c.rank == 4 for c in hand[p])"),
    ('"n[left(p)]": "count(c for c in hand[left(p)] if c.rank == 4)"', None, None),  # its owner's own hand
    ('"n[opp(p)]": 1', "any(c.rank == 4 for c in hand[opp(p)])", None),
])
def test_an_entry_whose_seat_is_a_call_is_read_as_that_seats(tmp_path, set_, when, read):
    """A trial set `n[left(p)]` from seat p's hand: L031 said nothing (it told `n[p]`'s entry only, a name or a number),
    though seat left(p) learns from its entry what p holds. The seat a call gives (a builtin's, a definition's) is the
    entry's: read from another seat's hidden hand, in the value or the `when`, it is L031; from its own, no finding."""
    flow = f"  - for: p in players\n    do:\n      - set: {{{set_}}}\n" + (f"        when: {when}\n" if when else "")
    path = tmp_path / "ruleset.yaml"
    define = "define:\n  opp(p): left(p)\nactions:\n" if "opp" in flow else "actions:\n"
    path.write_text(ENTRY_BY_CALL.replace("FLOW\n", flow).replace("actions:\n", define), encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path)).findings]
    if read is None:
        assert found == [], [str(d) for d in found]
        return
    [d] = found
    assert d.code == "L031" and str(d.loc) == where(path, read), str(d)


# a trial's duel: the lower of two hidden hands is out, and that hand is laid face up under the same `when`
DUEL = """\
philtre: 1
game: duel
players: 2
components:
  card: {attributes: {rank: 1..8}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  discard: {each: player}
  pile: {visible: nobody}
variables:
  out: {initial: false, each: player}
define:
  value(p): max([0] + [c.rank for c in hand[p]])
blocks:
  lose_if(lower, p):
    - when: lower
      do:
        - move: hand[p] -> discard[p]
        - set: {"out[p]": true}
actions:
  duel:
    do:
BODY
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: duel
    player: 0
"""

LOSER_SHOWN = "          - move: hand[me] -> discard[me]\n          - set: {\"out[me]\": true}\n"


def duel_findings(tmp_path, body: str) -> list:
    path = tmp_path / "ruleset.yaml"
    path.write_text(DUEL.replace("BODY\n", body), encoding="utf-8")
    return [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code != "L035"]  # (the block unused)


@pytest.mark.parametrize("body, codes", [
    ("      - when: value(me) < value(1 - me)\n        do:\n" + LOSER_SHOWN, []),
    ("      - let: {mine: value(me), theirs: value(1 - me)}\n      - when: mine < theirs\n        do:\n" + LOSER_SHOWN, []),
    ("      - let: {mine: value(me), theirs: value(1 - me)}\n      - when: mine < theirs\n        do:\n"
     "          - set: {\"out[me]\": true}\n          - move: hand[me] -> discard[me]\n", []),
    ("      - let: {lower: value(me) < value(1 - me)}\n      - run: lose_if(lower, me)\n", []),
    ("      - run: lose_if(value(me) < value(1 - me), me)\n", []),
    ("      - let: {theirs: value(1 - me)}\n      - when: theirs > 3\n        do:\n"
     "          - move: hand[1 - me] -> discard[me]\n          - set: {\"out[me]\": true}\n", []),
    # a card drawn into the hand between the `let` and the `when`: the hand moved is not the one tested
    ("      - let: {mine: value(me), theirs: value(1 - me)}\n      - move: last(deck) -> hand[me]\n"
     "      - when: mine < theirs\n        do:\n" + LOSER_SHOWN, ["L031"]),
    ("      - let: {mine: value(me), theirs: value(1 - me)}\n      - when: mine < theirs\n        set: {\"out[me]\": true}\n",
     ["L031"]),
], ids=["read directly", "through a let", "through a let, the move after the set", "through a let and a block's parameter",
        "through a block's parameter", "through a let, the other seat's hand", "a move between the let and the when",
        "no move"])
def test_a_hand_laid_face_up_under_a_when_that_reads_it_through_a_let_shows_the_answer(tmp_path, body, codes):
    """A Love Letter trial's Baron: the two hands' values kept in a `let` (after a knock-out a hand is empty), then
    `when: mine < theirs` knocks the lower seat out and lays its hand face up. L031 said every seat learns whether
    `out` was set, as it said nothing with `when: value(me) < value(1 - me)`: the move counted as showing the answer
    only where the condition named the hand itself. A `let` name or a block's parameter is followed to what it was
    given, where nothing moved a component between; with no such move, or one in between, it is still L031."""
    found = duel_findings(tmp_path, body)
    assert [d.code for d in found] == codes, [str(d) for d in found]


def test_l031_says_a_face_up_move_under_the_when_does_not_count_and_how_to_make_it_count(tmp_path):
    """The trial's message named the face-up move as a reason hiding was not enough ("the move at ... is told every
    seat") rather than as the reveal it was meant to be. Where the move lays the zone read face up but does not count
    (here: the other seat's hand), the message says so and the hint first says how to make it count; where it moves the
    cards to a hidden zone, the hint first says to set the variable in one `set` with no `when`."""
    path = tmp_path / "ruleset.yaml"
    wrong_hand = ("      - when: value(1 - me) > 3\n        do:\n" + LOSER_SHOWN)
    [found] = duel_findings(tmp_path, wrong_hand)
    move = where(path, "move: hand[me] -> discard[me]")
    assert found.code == "L031", found
    assert f"the move at {move} under the same condition lays components of 'hand' face up, but it does not count" \
        in found.message, found.message
    assert found.hint.startswith("to make it count, make it the block's first move"), found.hint
    assert "`let` names" in found.hint and 'set: {out: "any(...)"}' in found.hint, found.hint
    hidden = wrong_hand.replace("hand[me] -> discard[me]", "hand[me] -> pile")
    [found] = duel_findings(tmp_path, hidden)
    assert found.code == "L031" and "face up" not in found.message, found.message
    assert found.hint.startswith("set 'out' in one set with no when"), found.hint
    assert f"the move at {where(path, 'move: hand[me] -> pile')} under the same condition is told every seat" in found.hint


@pytest.mark.parametrize("block, body", [
    ("", "      - let: {lower: value(me) < value(1 - me)}\n      - run: lose_if(lower, me)\n"),
    ("        - move: last(deck) -> pile\n", "      - let: {lower: value(me) < value(1 - me)}\n      - run: lose_if(lower, me)\n"),
    ("", "      - let: {lower: value(me) < value(1 - me)}\n      - let: {low: lower}\n      - when: low\n"
         "        set: {\"out[me]\": true}\n"),
], ids=["through a block's parameter", "a move before the face-up one", "through a let given from a let"])
def test_l031_never_hints_a_reveal_of_a_name_holding_true_or_false(tmp_path, block, body):
    """A `let` holding whether one hand is the lower (`lower: value(me) < value(1 - me)`), given a block and read by
    its `when`, made L031's hint say `reveal: lower` (or "of what the condition reads (lower)"), itself an error:
    `reveal:` takes components or zones (E120), and a name worked out from the hand is no part of it."""
    text = DUEL.replace("        - move: hand[p] -> discard[p]\n", block + ("        - move: hand[p] -> discard[p]\n"
                                                                              if block else ""))
    path = tmp_path / "ruleset.yaml"
    path.write_text(text.replace("BODY\n", body), encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code not in ("L035", "L053")]
    assert [d.code for d in found] == ["L031"], [str(d) for d in found]
    [d] = found
    assert "lower" not in d.hint and "(low)" not in d.hint and "reveal: low" not in d.hint, d.hint
    assert "a reveal of 'hand' shows every seat's" in d.hint, d.hint
