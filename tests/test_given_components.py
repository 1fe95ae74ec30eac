"""A scenario's `given.variables` gives a variable that holds components a component: a pattern of its attributes, as
`given.zones` writes one, or `TYPE#ID`, as records write it (a trial's `lead: {a: 6, b: 6}` was a plain map that read
like the tile, `lead.a`, but was none: `tile == lead` never held, and the lead seat had no option)."""

from __future__ import annotations

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter.scenarios import run_scenarios

# tiles 0-0 .. 2-2, each pair once: 0-0 0-1 0-2 1-1 1-2 2-2 (ids 0..5); `lead` is only ever set to a tile
RULESET = """\
philtre: 1
game: given-comp
players: 2
components:
  tile: {attributes: {a: 0..2, b: 0..2}, copies: "1 if a <= b else 0", start: pile}
zones:
  pile: {}
  line: {}
variables:
  lead: null
define:
  opener: max_by([t.a + t.b, t] for t in pile)
actions:
  play:
    choose: {tile: pile}
    if: tile == lead or count(line) > 0
    do:
      - move: tile -> line
flow:
  - set: {lead: opener}
  - turns: 0
    until: count(line) == 2
    do:
      - decide: play
"""

ONE_TILE = "first(t for t in components if t.a == 1 and t.b == 1)"


def scenario(lead: str, expect: str = '["true"]', steps: str = "") -> str:
    return (f"scenarios:\n  - name: the lead given\n    players: 2\n    given:\n      variables:\n        lead: {lead}\n"
            f"{steps}    expect: {expect}\n")


def folder(tmp_path, scenarios: str):
    (tmp_path / "ruleset.yaml").write_text(RULESET, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    return tmp_path


def ran(tmp_path, scenarios: str):
    [result] = run_scenarios(load_ruleset(str(folder(tmp_path, scenarios))))
    return result


def validated(tmp_path, scenarios: str) -> list:
    path = folder(tmp_path, scenarios)
    return [str(f.diagnostic) for f in check_file(str(path)).findings]


def test_a_pattern_given_is_the_one_component_it_matches_and_the_rules_offer_it(tmp_path):
    result = ran(tmp_path, scenario("{a: 1, b: 1}", f"[lead == {ONE_TILE}, {{options: {{player: 0, count: 1}}}}]"))
    assert result.passed, result.failures


def test_the_component_given_is_the_one_a_step_plays(tmp_path):
    steps = "    steps:\n      - {player: 0, action: play, args: {tile: {a: 1, b: 1}}}\n"
    result = ran(tmp_path, scenario("{a: 1, b: 1}", "[count(line) == 1, first(line) == lead]", steps))
    assert result.passed, result.failures


def test_a_component_written_type_hash_id_is_that_component(tmp_path):
    result = ran(tmp_path, scenario('"tile#3"', f"[lead == {ONE_TILE}, {{options: {{player: 0, count: 1}}}}]"))
    assert result.passed, result.failures


def test_a_pattern_matching_no_component_fails_at_the_variable_given(tmp_path):
    result = ran(tmp_path, scenario("{a: 2, b: 0}"))
    assert not result.passed
    assert any("scenarios.yaml:6:9: T004 'lead' holds one component, and the pattern {a: 2, b: 0} given matches no "
               "component of this 2-seat game" in f for f in result.failures), result.failures


def test_a_pattern_matching_two_components_fails_naming_them(tmp_path):
    result = ran(tmp_path, scenario("{a: 1}"))
    assert not result.passed
    assert any("scenarios.yaml:6:9: T004 'lead' holds one component, and the pattern {a: 1} given matches 2 components "
               "of this 2-seat game (tile#3 in pile and tile#4 in pile)" in f for f in result.failures), result.failures


def test_validate_refuses_a_value_that_cannot_be_a_component(tmp_path):
    said = validated(tmp_path, scenario("3"))
    assert any(":6:9: T004 'lead' holds a component (every rule that sets it gives one): 3 is a number" in s
               and "lead: TYPE#ID" in s for s in said), said


def test_validate_refuses_copies_in_a_variable_s_pattern(tmp_path):
    said = validated(tmp_path, scenario("{a: 1, copies: 2}"))
    assert any(":6:22: T004 'lead' holds one component, and 'copies' places or counts components" in s for s in said), said


def test_validate_refuses_an_attribute_no_component_has(tmp_path):
    said = validated(tmp_path, scenario("{c: 1}"))
    assert any(":6:16: T009 no component has an attribute 'c'" in s for s in said), said


def test_validate_refuses_a_type_the_ruleset_lacks(tmp_path):
    said = validated(tmp_path, scenario('"card#3"'))
    assert any(":6:9: T004 'lead' holds a component, and 'card#3' names no component type" in s for s in said), said


# `picked` only ever set to a list of tiles, `held` one tile (or none) per seat
PICKS = (RULESET.replace("  lead: null\n", "  picked: {initial: []}\n  held: {initial: null, each: player}\n")
         .replace("    if: tile == lead or count(line) > 0\n", "")
         .replace("      - move: tile -> line\n", '      - set: {picked: "picked + [tile]", "held[me]": tile}\n'
                  "      - move: tile -> line\n")
         .replace("  - set: {lead: opener}\n", ""))


def test_a_list_of_components_and_one_per_seat_are_given_item_by_item(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(PICKS, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: picks\n    players: 2\n    given:\n      variables:\n"
        "        picked: [{a: 0, b: 0}, \"tile#5\"]\n        held: [{a: 1, b: 2}, null]\n"
        "    expect:\n      - picked == [first(pile), last(pile)] and held[0] == pile[4] and held[1] == none\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    assert result.passed, result.failures
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: picks\n    players: 2\n    given:\n      variables:\n"
        "        picked: [3]\n        held: [x, null]\n    expect: [\"true\"]\n", encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(tmp_path)).findings]
    assert any(":6:18: T004 'picked' holds a list of components" in s and "an item of it, 3, is a number" in s for s in said), said
    assert any(":7:16: T004 'held' holds a component per seat" in s and "seat 0's value 'x' is a word" in s for s in said), said


def picks(tmp_path, given: str, expect: str, copies: str = "1"):
    """The rules of PICKS (each tile ``copies`` times) with a scenario giving ``given`` and expecting ``expect``."""
    (tmp_path / "ruleset.yaml").write_text(PICKS.replace('copies: "1 if', f'copies: "{copies} if'), encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        f"scenarios:\n  - name: picks\n    players: 2\n    given:\n{given}    expect:\n      - {expect}\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    return result


def test_a_list_s_pattern_matching_two_components_says_an_item_is_one_and_where_each_lies(tmp_path):
    """A Canasta trial's `laid: [{rank: 13, suit: spades}, ...]` (a list variable) was told "'laid' holds one component",
    and the two matching cards were named by id alone: now an item is said to be one, and each candidate where it lies."""
    result = picks(tmp_path, "      zones:\n        line: [{a: 0, b: 0}]\n      variables:\n        picked: [{a: 1}]\n",
                   "true")
    assert not result.passed
    assert any("T004 an item of 'picked' is one component, and the pattern {a: 1} given matches 2 components of this "
               "2-seat game (tile#3 in pile and tile#4 in pile)" in f for f in result.failures), result.failures


def test_a_variable_s_pattern_takes_the_component_the_same_given_puts_in_a_zone(tmp_path):
    """Of the components a pattern matches, the one `given.zones` lists is meant (the cards laid are those on the meld)."""
    given = "      zones:\n        line: [{a: 1, b: 2}]\n      variables:\n        picked: [{a: 1}]\n"
    result = picks(tmp_path, given, "picked == [first(line)]")
    assert result.passed, result.failures


def test_alike_components_given_in_one_zone_are_taken_one_per_item(tmp_path):
    """Two copies alike in one zone tell no rule apart: a pattern matching both is either, and the list's second item
    takes the other (a two-deck game's two kings of spades laid on one meld)."""
    given = "      zones:\n        line: [{a: 1, b: 1}, {a: 1, b: 1}]\n      variables:\n        picked: [{a: 1, b: 1}, {a: 1, b: 1}]\n"
    result = picks(tmp_path, given, "picked[0] != picked[1] and picked[0] in line and picked[1] in line", copies="2")
    assert result.passed, result.failures
