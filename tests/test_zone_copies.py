"""A zone family's `copies` written as an expression of the player count (`row: {copies: player_count + 1}`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

ROWS = Path(__file__).parent / "data" / "zone_copies.yaml"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_family_has_as_many_zones_as_the_expression_gives(players):
    game = Game(load_ruleset(str(ROWS)), players, seed=1)
    assert len(game.state.zones["row"]) == players + 1
    assert len(game.view(0)["zones"]["row"]) == players + 1
    assert len(game.options(0)) == players + 1  # one card in each row: every row can be taken


def test_a_game_plays_out_and_its_scenario_passes():
    rs = load_ruleset(str(ROWS))
    game = Game(rs, 4, seed=2)
    while not game.finished:
        game.apply(0 if game.pending() == [0] else game.pending()[0], game.options(game.pending()[0])[0])
    assert game.decisions == 5 and sum(game.scores) > 0
    assert all(result.passed for result in run_scenarios(rs))


def errors_for(tmp_path, copies: str) -> list[str]:
    """What validating the file says once the row's copies read ``copies``."""
    path = tmp_path / "rows.yaml"
    path.write_text(ROWS.read_text(encoding="utf-8").replace("copies: player_count + 1", f"copies: {copies}"), encoding="utf-8")
    return [str(finding.diagnostic) for finding in check_file(str(path)).errors]


def test_a_count_that_is_not_one_to_a_thousand_is_named_with_the_player_count(tmp_path):
    said = errors_for(tmp_path, "player_count - 3")
    assert any(s.endswith("rows.yaml:9:17: R002 'copies' of zone 'row' must be a whole number 1..1000, got -1 (with 2 players)")
               for s in said), said


def test_the_expression_cannot_read_the_game(tmp_path):
    said = errors_for(tmp_path, "count(deck)")
    assert any(":9:17: R002 'copies' of zone 'row' is computed before the game starts: it can use only player_count, not a zone" in s for s in said), said


def test_a_word_is_refused_before_any_game(tmp_path):
    said = errors_for(tmp_path, "'\"x\"'")
    assert any(":9:18: E120 copies must be a whole number, but this is a word" in s for s in said), said


def test_copies_may_name_a_definition_for_zones_and_components(tmp_path):
    """A board's width defined once: the zone family and the rules read the same definition."""
    text = ROWS.read_text(encoding="utf-8").replace("copies: player_count + 1", "copies: width").replace("copies: 2, start", "copies: per_value, start")
    text = text.replace("actions:", "define:\n  width: player_count + 2\n  per_value: 3\nactions:", 1)
    path = tmp_path / "rows.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=1)
    assert len(game.state.zones["row"]) == 5
    assert len(game.state.components) == 18 and not check_file(str(path)).errors


START_BY_DEFINITION = """\
philtre: 1
game: start-by-definition
players: 1
components:
  token:
    attributes: {kind: [a, b]}
    copies: per_kind[kind]
    start: pile_of(kind)
zones:
  a_pile: {}
  b_pile: {}
define:
  per_kind: "{'a': 2, 'b': 3}"
  pile_of(k): "READ{'a': a_pile, 'b': b_pile}[k]"
variables:
  n: 0
flow:
  - shuffle: a_pile
"""


def test_start_may_call_a_definition_as_copies_may(tmp_path):
    """The map from a kind to its pile written once, for copies and start alike (start called no definition: E141)."""
    path = tmp_path / "tokens.yaml"
    path.write_text(START_BY_DEFINITION.replace("READ", ""), encoding="utf-8")
    assert not check_file(str(path)).errors
    zones = Game(load_ruleset(str(path)), 1, seed=0).state.zones
    assert [c["kind"] for c in zones["a_pile"][0]] == ["a", "a"]
    assert [c["kind"] for c in zones["b_pile"][0]] == ["b", "b", "b"]


def test_a_definition_start_calls_may_not_read_a_variable(tmp_path):
    """The components are made before the game: a variable read through a definition is refused, at the start."""
    path = tmp_path / "tokens.yaml"
    path.write_text(START_BY_DEFINITION.replace("READ", "{} if n > 0 else "), encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).errors]
    assert any(":8:12: R002 'start' of token a is computed before the game starts: it can use only the component's "
               "attributes, owner, player_count and players, not a variable" in s for s in said), said


UNUSED_SUNS = """\
philtre: 1
game: unused-suns
players: 2
components:
  sun:
    attributes: {value: 1..3}
    copies: "0 if value == 3 else 1"
    start: "center if value == 1 else suns[[0, 1, none][value - 1]]"
zones:
  center: {}
  suns: {each: player}
flow:
  - shuffle: center
"""


def test_start_is_not_computed_for_a_combination_with_no_copies(tmp_path):
    """Only value 3 has no pile, and no sun of value 3 is made: its start, which would fail, is never computed."""
    path = tmp_path / "suns.yaml"
    path.write_text(UNUSED_SUNS, encoding="utf-8")
    assert not check_file(str(path)).errors
    zones = Game(load_ruleset(str(path)), 2, seed=0).state.zones
    assert [len(zones["center"][0]), len(zones["suns"][0]), len(zones["suns"][1])] == [1, 0, 1]


def test_a_start_that_fails_says_so_in_a_rules_words_naming_the_combination(tmp_path):
    """Python's `list indices must be integers` was shown; the combination (as copies names it) and a name that is none are said."""
    path = tmp_path / "suns.yaml"
    path.write_text(UNUSED_SUNS.replace('"0 if value == 3 else 1"', "1"), encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).errors]
    assert [s.partition(": ")[2] for s in said] == ["R002 'start' of sun value=3 failed before the game started: a list is "
                                                     "indexed by a whole number, not none (with 2 players)"], said
    path.write_text(UNUSED_SUNS.replace("attributes: {value: 1..3}", "list: [{value: 1, o: 0}, {value: 2}]")
                    .replace("suns[[0, 1, none][value - 1]]", "suns[o]").replace('"0 if value == 3 else 1"', "1"), encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).errors]
    assert any("R002 'start' of sun value=2 failed before the game started: a list is indexed by a whole number, "
               "not none; 'o' is none (with 2 players)" in s for s in said), said


FLAGS = """\
philtre: 1
game: flags
players: 2
components:
  card: {attributes: {colour: [a, b, c, d, e, f], value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  side: {copies: COPIES, visible: everyone}
define:
  full: count([z for z in side if count(z) == 3])
variables:
  seen: 0
actions:
  play:
    choose: {card: "hand[me]", flag: "range(9)"}
    do:
      - move: card -> side[flag * player_count + me]
      - set: {seen: "SEEN"}
flow:
  - deal: {from: deck, to: hand, count: 7}
  - turns: 0
    until: count(deck) < 40
    do:
      - decide: play
      - move: last(deck) -> hand[current]
"""


def _flags(tmp_path, copies: str, seen: str) -> Game:
    path = tmp_path / "flags.yaml"
    path.write_text(FLAGS.replace("COPIES", copies).replace("SEEN", seen), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=3)
    while not game.finished:
        seat = game.pending()[0]
        game.apply(seat, game.options(seat)[0])
    return game


@pytest.mark.parametrize("copies", ["18", "9 * player_count", "player_count * 9 - 0"])
def test_a_loop_over_a_family_of_copies_written_out_is_charged_for_those_copies(tmp_path, copies):
    """Battle Line's 2 x 9 flags, one family of 18 copies, read by a definition in a comprehension of some 3,000
    items, was stopped as "too much work": the family was charged as if it held 1,000 zones (the most a ruleset may
    declare), some 8,000 steps an item where it takes about 150. The same of copies written as R012's hint writes
    them, `9 * player_count`: the most the player counts make."""
    game = _flags(tmp_path, copies, "sum(full for c in deck for d in hand[me] for k in range(9))")
    assert game.decisions == 7 and game.state.vars["seen"] > 0  # played to its end, the sum made


def test_work_past_the_budget_is_still_stopped(tmp_path):
    """The charge is the declared copies', not none: a loop that does do too much work still stops the game."""
    with pytest.raises(Exception, match="R100.*too much work"):
        _flags(tmp_path, "1000", "sum(full for c in deck for d in deck for k in range(9))")


FLAG_POWER = """\
  total(z): sum(c.value for c in z)
  same_colour(z): count(distinct([c.colour for c in z])) <= 1
  run(z): count(z) == 3 and max([c.value for c in z]) - min([c.value for c in z]) == 2
  power(z): total(z) + (100 if same_colour(z) else 0) + (50 if run(z) else 0)
  best_of(k): max([power(side[k * player_count + p]) for p in players])
"""


def _flag_powers(tmp_path, seen: str) -> Game:
    path = tmp_path / "powers.yaml"
    text = FLAGS.replace("COPIES", "18").replace("SEEN", seen).replace("define:\n", "define:\n" + FLAG_POWER)
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=3)
    while not game.finished:
        seat = game.pending()[0]
        game.apply(seat, game.options(seat)[0])
    return game


def test_an_item_is_charged_what_it_does_not_its_definitions_loops_again(tmp_path):
    """Battle Line's best side of a flag, a definition looping over the seats and calling ones that loop over a side,
    in a comprehension of some 3,000 items (flags x deck x hand): the seats' loop was counted for 64 seats (not the 2
    declared) and each loop of a side again in every item, though it charges its own items when it runs: some 2,200
    steps an item, past the budget, where one takes about 70."""
    game = _flag_powers(tmp_path, "count([1 for k in range(9) for c in deck for d in hand[me] if best_of(k) > 5])")
    assert game.decisions == 7


def test_a_huge_loop_over_definitions_that_charge_their_own_loops_is_still_stopped(tmp_path):
    """Each item is still charged (and each loop of a side where it runs): 100,000 x 46 items are too much work."""
    with pytest.raises(Exception, match="R100.*too much work"):
        _flag_powers(tmp_path, "count([1 for i in range(100000) for c in deck if best_of(i % 9) > 5])")


@pytest.mark.parametrize("row, refused", [(5, False), (6, True)])
def test_a_scenario_given_a_zone_past_the_family_with_every_player_count_is_refused_at_validate(tmp_path, row, refused):
    """`row[6]` of `copies: player_count + 1` with 2..5 players is past the end at any count: E121 at the index, where
    only `philtre test` said so (T015); `row[5]` exists with 5 players."""
    text = ROWS.read_text(encoding="utf-8").replace("    players: 3\n", f"    players: 3\n    given:\n      zones:\n        row[{row}]: []\n")
    path = tmp_path / "rows.yaml"
    path.write_text(text, encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).errors]
    line = text.count("\n", 0, text.index(f"row[{row}]")) + 1
    assert said == ([f"{path}:{line}:13: E121 index 6 is out of range of 'row', whose zones are row[0]..row[5] with any "
                     "player count the game takes: it fails wherever it is read (positions count up from 0: the last is row[5])"]
                    if refused else []), said
