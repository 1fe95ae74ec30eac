"""Scenarios over a family of N zones a seat (`sq: {each: player, copies: N, visible: owner}`), from a trial that put
each seat's pieces on a board of squares, one hidden zone a seat per square: `given.empty` of the whole family, a
`given.rest` naming a family, a `let` named like a component type, and a piece given to another seat's square."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter.scenarios import run_scenarios

SQUARES = """\
philtre: 1
game: squares
players: 2
components:
  piece:
    each: player
    list:
      - {rank: high, power: 2}
      - {rank: low, power: 1}
    start: "box[owner]"
zones:
  box: {each: player, visible: owner}
  sq: {each: player, copies: 4, visible: owner}
  taken: {}
CAPTURE
define:
  occ(p, i): count(sq[p][i]) > 0
actions:
  go:
    choose:
      from: "[i for i in range(4) if occ(me, i)]"
      to: "[i for i in range(4) if not occ(me, i)]"
    do:
      - let: {piece: "first(sq[me][from])"}
      - when: piece is piece and piece.power > 0
        move: "piece -> sq[me][to]"
flow:
  - for: p in players
    do:
      - for: i in range(2)
        do:
          - move: "last(box[p]) -> sq[p][i]"
  - turns: 0
    until: turn_number >= 6
    do:
      - decide: go
"""

# a rule that puts another seat's piece into a seat's own zone: a capture kept by the captor
CAPTURE = """\
  prison: {each: player, copies: 2}
"""
CAPTURING = """\
  grab:
    choose: {i: "[i for i in range(4) if occ(1 - me, i)]"}
    do:
      - move: "first(sq[1 - me][i]) -> prison[me][0]"
"""


def _folder(tmp_path, given: str, expect: str = "true", capture: bool = False, name: str = "squares", grab: bool = True):
    """A folder ``name`` holding SQUARES (with the zone `prison` where ``capture``, and the capture into it where
    ``grab`` too) and one scenario given ``given`` (the lines under `given:`)."""
    rules = SQUARES.replace("CAPTURE\n", CAPTURE if capture else "")
    if capture and grab:
        rules = rules.replace("  go:\n", CAPTURING + "  go:\n", 1)
    scenario = f"scenarios:\n  - name: s\n    players: 2\n    given:\n{given}    expect: [\"{expect}\"]\n"
    folder = tmp_path / name
    folder.mkdir()
    for file, text in (("ruleset.yaml", rules), ("scenarios.yaml", scenario)):
        (folder / file).write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("empty", ["sq", "[sq]"])
def test_empty_names_a_family_of_n_zones_a_seat_by_its_name(tmp_path, empty):
    """`empty: sq` was T001 (`a list of lists of zones`, its hint saying to name a zone family, as it did): it gives
    every zone of the family that `zones` does not give empty, both seats'."""
    folder = _folder(tmp_path, f"      empty: {empty}\n      zones:\n        sq[0][3]: [{{owner: 0, rank: high}}]\n",
                     "[count(z) for z in sq[0]] + [count(z) for z in sq[1]] == [0, 0, 0, 1, 0, 0, 0, 0]")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed and not result.notes, (result.failures, result.notes)


def test_empty_of_what_names_no_zone_gives_a_form_that_works(tmp_path):
    """What is still refused is told the forms that work, with the family its text reads and one zone of it written
    with both indices."""
    folder = _folder(tmp_path, "      empty: \"first(sq[0][0])\"\n")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(folder))
    said = str(info.value)
    assert "T001 `empty` names zones to give empty, and this is a component" in said, said
    assert "as empty: [sq] (every zone of it" in said and 'empty: ["sq[0][0]"]' in said, said


def test_empty_of_a_value_known_when_run_that_names_no_zone_gives_the_forms_that_work(tmp_path):
    """A variable read by `empty` has no type the checks know: what it holds when run, none, was T001 with no hint."""
    folder = _folder(tmp_path, "      empty: [spot]\n")
    rules = (folder / "ruleset.yaml").read_text(encoding="utf-8")
    (folder / "ruleset.yaml").write_text(rules.replace("zones:\n", "variables:\n  spot: {initial: null}\nzones:\n", 1),
                                         encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert [failure.split(": ", 1)[1] for failure in result.failures] == [
        "T001 `empty` names zones to give empty, and this is none (name a zone family by its name, as empty: [box] "
        "(every zone of it that `zones` does not give is given empty), or one zone, as empty: [\"box[0]\"])"], result.failures


def test_rest_naming_a_family_says_leaving_it_out_sends_each_back_and_names_no_unbound_seat(tmp_path):
    """`rest: box` (one box a seat) was told `as box[0] or box[p]`: no p is bound in a scenario's given, and what was
    meant, each piece back to its own seat's box, is what leaving `rest` out does."""
    folder = _folder(tmp_path, "      rest: box\n      zones:\n        sq[0][3]: [{owner: 0, rank: high}]\n")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(folder))
    said = str(info.value)
    assert "E120 rest must be a zone, but this is a list of zones (leave rest out: each component the given zones do " \
           "not list goes back to the zone it starts in" in said, said
    assert "rest: box[0])" in said and "box[p]" not in said, said


def test_a_let_may_be_named_like_a_component_type_as_a_choice_may(tmp_path):
    """`let: {piece: ...}` was S023 where `choose: {piece: ...}` was clean: after `is` a name is always a type, so
    `piece is piece` tests the value's type, and the let moves the piece."""
    folder = _folder(tmp_path, "      empty: [sq]\n      zones:\n        sq[0][0]: [{owner: 0, rank: high}]\n"
                     "        sq[1][0]: [{owner: 1, rank: high}]\n",
                     "count(sq[0][0]) == 0 and count(sq[0][2]) == 1")
    assert [f.diagnostic.code for f in check_file(str(folder / "ruleset.yaml")).errors] == []
    text = (folder / "scenarios.yaml").read_text(encoding="utf-8")
    (folder / "scenarios.yaml").write_text(text.replace("    expect:", "    steps:\n      - {player: 0, action: go, "
                                                        "args: {from: 0, to: 2}}\n    expect:"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures
    # a let named like a zone is still refused: inside it, the zone could not be read
    (folder / "ruleset.yaml").write_text(SQUARES.replace("CAPTURE\n", "").replace("let: {piece:", "let: {taken:")
                                         .replace("piece is piece and piece.power", "taken is piece and taken.power")
                                         .replace('"piece -> sq', '"taken -> sq'), encoding="utf-8")
    assert [f.diagnostic.code for f in check_file(str(folder / "ruleset.yaml")).errors] == ["S023"]


GIVEN_ACROSS = "      empty: [sq]\n      zones:\n        sq[0][3]: [{owner: 1, rank: high}]\n"


def test_another_seats_piece_in_a_seats_zone_no_rule_fills_so_is_noted(tmp_path):
    """`sq[0][3]: [{owner: 1, ...}]`, copied from seat 0's line, put seat 1's piece in seat 0's hidden square silently,
    and seat 0 was offered to move it; every move into `sq` moves its own seat's piece."""
    [result] = run_scenarios(load_ruleset(str(_folder(tmp_path, GIVEN_ACROSS))))
    assert result.passed, result.failures
    assert [note.split(": ", 1)[1] for note in result.notes] == [
        "T043 sq[0][3] is seat 0's, and is given 1 component of seat 1: no rule puts another seat's component in a sq "
        "zone, so the game never reaches this position (write owner: 0 to give seat 0's own, or give the zone of seat "
        "1's, sq[1][3])"], result.notes


def test_a_seat_s_zone_that_took_another_seat_s_piece_is_noted_as_the_pattern_writes_it(tmp_path):
    """T019 wrote sq[1][3] by its flat index, `sq[7] is given ...: seat 7 has no such component`: no such zone or seat."""
    [result] = run_scenarios(load_ruleset(str(_folder(tmp_path, "      empty: [sq]\n      zones:\n"
                                                                "        sq[1][3]: [{rank: high, copies: 2}]\n"))))
    assert result.passed, result.failures
    assert [note.split(": ", 1)[1] for note in result.notes] == [
        "T019 sq[1][3] is given 1 component owned by seat 0: seat 1 has no such component of its own left for this "
        "pattern (a component keeps its owner in any zone, and no rule puts another seat's component in a sq zone: give "
        "seat 1 only its own)"], result.notes


def test_no_note_where_the_seat_s_own_is_given_or_a_rule_fills_the_family_with_another_seat_s(tmp_path):
    """Seat 0's own piece in seat 0's square is no note; nor is seat 1's piece in seat 0's prison where a capture moves
    the other seat's pieces there."""
    own = GIVEN_ACROSS.replace("owner: 1", "owner: 0")
    [result] = run_scenarios(load_ruleset(str(_folder(tmp_path, own, name="own"))))
    assert result.passed and not result.notes, (result.failures, result.notes)
    captured = "      empty: [sq]\n      zones:\n        prison[0][1]: [{owner: 1, rank: high}]\n"
    folder = _folder(tmp_path, captured, capture=True, name="capture")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed and not result.notes, (result.failures, result.notes)
    # without the capture, no rule puts seat 1's piece there
    [result] = run_scenarios(load_ruleset(str(_folder(tmp_path, captured, capture=True, name="kept", grab=False))))
    assert [note.split(": ", 1)[1][:40] for note in result.notes] == ["T043 prison[0][1] is seat 0's, and is gi"], result.notes
