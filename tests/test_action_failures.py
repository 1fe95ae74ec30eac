"""A rule that fails while an action's options are listed is reported at the expression that failed.

Listing options evaluates each `choose` collection and the `if` for every combination; a
failure there (an attribute of none, an index out of range) used to be reported at the
action's name only, leaving the author to guess which of its expressions, with which
choices, had failed.
"""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

RULES = """\
game: fails
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4]}, start: deck}
zones:
  deck: {}
  hand: {each: player}
  pile: {}
define:
  top_rank: last(pile).rank
actions:
  play:
    choose: {card: "hand[me]", slot: SLOTS}
    if: CONDITION
    do:
      - move: card -> pile
flow:
  - deal: {from: deck, to: hand, count: 2}
  - decide: play
    player: 0
"""


def failure(tmp_path, slots: str, condition: str, rules: str = RULES) -> PhiltreError:
    text = rules.replace("SLOTS", slots).replace("CONDITION", condition)
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        game = Game(load_ruleset(str(path)), players=2, seed=1)
        game.options(0)
    return info.value, text


def position(text: str, needle: str) -> tuple[int, int]:
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def test_a_failing_if_is_reported_at_the_if_with_the_choices_it_saw(tmp_path):
    error, text = failure(tmp_path, '"[0]"', "card.rank > top_rank")
    d = error.first
    assert d.code == "R100"
    assert (d.loc.line, d.loc.col) == position(text, "card.rank > top_rank")
    assert "action 'play': its 'if' failed with card=" in d.message and "slot=0" in d.message, d.message
    assert "read an attribute of none" in d.message


def test_a_failing_choice_is_reported_at_its_collection(tmp_path):
    error, text = failure(tmp_path, '"[[0], [1]][card.rank + 5]"', "true")
    d = error.first
    assert d.code == "R100"
    assert (d.loc.line, d.loc.col) == position(text, '"[[0], [1]][card.rank + 5]')  # the quoted scalar
    assert "action 'play': its choice of 'slot' failed with card=" in d.message, d.message


@pytest.mark.parametrize("slots, gave", [("left[0]", "a whole number 3"), ("left[2]", "a word 'ab'"), ("left[3]", "true or false")])
def test_a_choice_of_no_collection_is_told_what_it_gave(tmp_path, slots, gave):
    """A Backgammon trial: `d: "left[0]"`, a whole number, failed with "count needs a list, a zone or a map, not a whole
    number", where the rule has no count (the failure of what lists the options): the choice and what it gave."""
    rules = RULES.replace("define:\n", "variables:\n  left: {initial: [3, 4, 'ab', true]}\ndefine:\n")
    error, text = failure(tmp_path, f'"{slots}"', "true", rules)
    d = error.first
    assert (d.code, (d.loc.line, d.loc.col)) == ("R100", position(text, f'"{slots}"')), str(d)
    assert d.message == f"action 'play': the choice of 'slot' must be a list or a zone; '{slots}' gave {gave}", d.message


@pytest.mark.parametrize("slots, condition, named", [
    ('"[pile, hand[me]]"', "last(slot).rank > 0", "slot=zone pile:"),  # pile is empty: its top is none
    ('"[hand[me], pile]"', "count(slot) < 2 or [1][5] > 0", "slot=zone hand[0]:"),  # seat 0's hand holds 2
])
def test_a_zone_chosen_is_named_as_the_language_writes_it(tmp_path, slots, condition, named):
    """A single zone is written bare, as play's options name it: it was `pile[0]`, an expression meaning pile's bottom
    component. One of a family keeps its index."""
    error, _ = failure(tmp_path, slots, condition)
    d = error.first
    assert d.code == "R100" and "action 'play': its 'if' failed with card=" in d.message and named in d.message, d.message


TOO_MANY = """\
game: too-many
players: 2
components:
  token: {start: pool}
zones:
  pool: {}
actions:
  pick:
    choose: {a: "range(100000)", b: "range(100000)"}
    if: a + b == -1
    do:
      - set: {picked: a}
variables:
  picked: 0
flow:
  - decide: pick
    player: 0
"""


def test_a_listing_that_does_too_much_work_fails_and_is_not_walked_again_without_end(tmp_path):
    """10,000,000,000 combinations: the listing runs out of work; looking for the failing expression
    stays within the same budget, so the user gets the R100 instead of a game that never answers."""
    import subprocess
    import sys

    path = tmp_path / "ruleset.yaml"
    path.write_text(TOO_MANY, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "philtre", "simulate", str(path), "-n", "1", "--no-db", "-w", "1"],
                            capture_output=True, text=True, timeout=240)  # a timeout only a hang reaches
    assert result.returncode == 1, result.stdout + result.stderr
    assert "R100 action 'pick'" in result.stdout + result.stderr and "does too much work" in result.stdout + result.stderr


DEFINITIONS = """\
game: defs
players: 2
components:
  card: {attributes: {rank: 1..4}, start: deck}
zones:
  deck: {}
  pile: {}
define:
  top_rank: last(pile).rank
  best(z): max(c.rank for c in z) + top_rank
variables:
  seen: 0
flow:
  - set: {seen: SEEN}
"""


def test_a_definition_written_as_a_block_is_placed_at_its_first_line_not_its_indicator(tmp_path):
    """`top_rank: >` then the expression on the next line: the hint pointed at the '>' (9:11 of a new user's Sushi Go),
    a line that holds nothing of it."""
    text = DEFINITIONS.replace("  top_rank: last(pile).rank\n", "  top_rank: >\n    0 +\n    last(pile).rank\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text.replace("SEEN", "best(deck)"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    line, col = position(text, "0 +")
    assert info.value.first.hint == f"in definition 'top_rank' at {path}:{line}:{col}", info.value.first


def test_a_rule_failing_inside_a_definition_says_which_definition_and_where(tmp_path):
    """Reported at the rule that ran, with the definition that failed (its file may be an overlay's) as the hint."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(DEFINITIONS.replace("SEEN", "best(deck)"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    d = info.value.first
    line, col = position(DEFINITIONS, "last(pile).rank")
    assert (d.code, d.loc.line) == ("R100", position(DEFINITIONS, "SEEN")[0]), d
    assert d.hint == f"in definition 'top_rank' at {path}:{line}:{col}", d
    house = tmp_path / "house.yaml"
    house.write_text("extends: ruleset.yaml\ndefine:\n  best(z): min(c.rank for c in z) * first(pile).rank\n", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path), [str(house)]), players=2, seed=1)
    assert info.value.first.hint == f"in definition 'best' at {house}:3:12", info.value.first


# four definitions nested, each looping over 40 items: 40^4 items, every one cheap, and no collection large
NESTED = """\
game: nested
players: 2
define:
  l1(a, b, c): any(d >= 0 for d in range(40))
  l2(a, b): any(l1(a, b, c) for c in range(40))
  l3(a): any(l2(a, b) for b in range(40))
  found: any(l3(a) for a in range(40))
variables:
  seen: false
flow:
  - set: {seen: found}
"""


def test_too_much_work_names_the_definitions_that_nested_it_outermost_first(tmp_path):
    """A backgammon's look-ahead ran out of work in 'menh' under `simulate` and in 'all_home' under `philtre test`: cheap
    innermost definitions where the budget happened to end, not the nesting legal -> most -> u4 -> ... that multiplied
    the work; and the message blamed large collections, where none held more than 25 items."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "ruleset.yaml"
    path.write_text(NESTED, encoding="utf-8")
    line, col = position(NESTED, "any(d >= 0")
    chain = f"in definition 'found' -> 'l3' -> 'l2' -> 'l1' at {path}:{line}:{col}"
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    d = info.value.first
    assert d.code == "R100" and d.hint == chain, d
    assert d.message.endswith("loops inside loops, or calling definitions that loop, multiply their items?"), d
    [lint] = [f.diagnostic for f in check_file(str(path)).findings]
    assert lint.code == "L009" and lint.hint == f"fix the expression; it fails {chain}", str(lint)


def test_a_rule_failing_outside_definitions_has_no_such_hint(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(DEFINITIONS.replace("SEEN", "last(pile).rank"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    assert info.value.first.code == "R100" and "definition" not in info.value.first.hint, info.value.first


WRITTEN_OUT = """\
game: written
players: 2
components:
  card: {attributes: {rank: [1, 2, low]}, start: deck}
zones:
  deck: {}
define:
  high(c): c.rank > 1           # small, without calls: written where it is called
  both(c): BOTH                  # a call: its own function, with high's body written in it
  wanted(z): "[c for c in z if both(c)]"
variables:
  seen: 0
flow:
  - set: {seen: "count(wanted(deck))"}
"""


@pytest.mark.parametrize("both, definition", [
    ("high(c) and c.rank < 3", "high"),   # the word fails in high's body, written inside both's
    ("c.rank < 3 and high(c)", "both"),   # the word fails in both's own test, before high's
])
def test_a_rule_failing_inside_a_definition_written_where_it_is_called_names_that_definition(tmp_path, both, definition):
    """A small definition's body is written into its caller's code (no call to find it by); the failure is still reported in it."""
    path = tmp_path / "ruleset.yaml"
    text = WRITTEN_OUT.replace("BOTH", both)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    d = info.value.first
    body = {"high": "c.rank > 1", "both": both}[definition]
    line, col = position(text, body)
    assert (d.code, d.loc.line) == ("R100", position(text, "count(wanted(deck))")[0]), d
    assert d.hint == f"in definition '{definition}' at {path}:{line}:{col}", d


def test_a_decision_handed_to_the_game_out_of_turn_or_not_on_the_list_is_refused_in_words():
    """The API's misuses: D002 names the seats it waits for, D003 the option, D001 a game that is over."""
    game = Game(load_ruleset("poison"), 4, seed=1)
    deciding = game.pending()[0]
    other = (deciding + 1) % 4
    with pytest.raises(PhiltreError, match=rf"D002 seat {other} is not to decide now \(waiting for seat {deciding}\)$"):
        game.apply(other, game.options(deciding)[0])
    later = Game(load_ruleset("poison"), 4, seed=2)
    stranger = later.options(later.pending()[0])[-1]
    with pytest.raises(PhiltreError, match=r"D003 .* is not a legal option for seat"):
        game.apply(deciding, stranger)
    while not game.finished:
        p = game.pending()[0]
        game.apply(p, game.options(p)[0])
    with pytest.raises(PhiltreError, match="D001 the game is over: no decision is pending"):
        game.apply(0, stranger)


@pytest.mark.parametrize("both, seen", [
    ("\"high(c) and c.rank != '  # written out: both'\"", "count(wanted(deck))"),   # the tag's words in a body written out
    ("c.rank != 0", "count(wanted(deck)) + count(['  # written out: x'])"),          # and in a caller's own line
])
def test_a_word_that_reads_like_the_tag_of_a_definition_written_out_is_only_a_word(tmp_path, both, seen):
    """A line of generated code ending in a word that holds '  # written out: NAME' is not a line of NAME's
    body (the word's closing quote follows it): it loads, and a failure is still reported in its definition."""
    path = tmp_path / "ruleset.yaml"
    text = WRITTEN_OUT.replace("BOTH", both).replace("count(wanted(deck))", seen)
    path.write_text(text, encoding="utf-8")
    if "high" not in both:
        assert Game(load_ruleset(str(path)), players=2, seed=1).state.vars["seen"] == 3 + 1
        return
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    d = info.value.first
    line, col = position(text, "c.rank > 1")
    assert (d.code, d.hint) == ("R100", f"in definition 'high' at {path}:{line}:{col}"), d


def test_a_listing_too_large_to_finish_still_fails_with_the_error_of_its_first_failing_combination(tmp_path):
    """20,000,000 combinations whose choices read no parameter (their work is charged ahead where it fits):
    the condition fails at a=3, long before the loops would run out of work. The listing fails with that
    error, as the interpreted listing and a charge loop by loop do, not with 'too much work'."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(TOO_MANY.replace("range(100000), b: \"range(100000)\"", "range(1000), b: \"range(20000)\"")
                    .replace("a + b == -1", "10 / (a - 3) > 100"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)  # its first decision's options are listed
    d = info.value.first
    assert d.code == "R100" and d.message.endswith("its 'if' failed with a=3, b=0: division by zero"), d


NAMED_PART = """\
game: lead
players: 2
variables: {leader: 0, x: 1}
actions:
  pass: {}
flow:
  - set: {x: 1}
    when: "WHEN"
  - set: {x: "VALUE"}
  - decide: pass
    player: "PLAYER"
"""


@pytest.mark.parametrize("when, value, player, part", [
    ("x / (x - 1) > 0", "1", "0", "rule 'set' failed in its when `x / (x - 1) > 0`"),
    ("true", "x + first([])", "0", "rule 'set' failed in its value `x + first([])`"),
    ("true", "1", "(leader + 1) % (x - 1)", "rule 'decide' failed in its player `(leader + 1) % (x - 1)`"),
    ("true", "1", "leader + 3", "rule 'decide' failed in its player `leader + 3`"),  # its value refused: not a seat
])
def test_a_failing_rule_names_the_expression_of_it_that_fails(tmp_path, when, value, player, part):
    """A statement has several expressions (its `when`, a value, a seat): the one that failed, or whose value was refused, is named as written."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(NAMED_PART.replace("WHEN", when).replace("VALUE", value).replace("PLAYER", player), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    assert f"R100 {part}: " in str(info.value), info.value


def test_a_rule_failing_in_its_when_is_told_at_the_when_not_at_the_effect(tmp_path):
    """`- when: ...` above `set:`: R100 was placed at the `set:` key, a line below the expression that failed (Hearts trial H-7)."""
    path = tmp_path / "ruleset.yaml"
    text = NAMED_PART.replace("  - set: {x: 1}\n    when: \"WHEN\"", "  - when: \"x / (x - 1) > 0\"\n    set: {x: 1}")
    path.write_text(text.replace("VALUE", "1").replace("PLAYER", "0"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    line = text.count("\n", 0, text.index("- when:")) + 1
    assert (info.value.first.loc.line, info.value.first.loc.col) == (line, text.splitlines()[line - 1].index('"x') + 1), info.value
    assert "R100 rule 'set' failed in its when `x / (x - 1) > 0`" in str(info.value), info.value


@pytest.mark.parametrize("statement, first, second", [("set", "leader", "x"), ("let", "a", "b")])
def test_a_rule_failing_in_one_value_of_several_is_told_at_that_value(tmp_path, statement, first, second):
    """Incan Gold trial: a division by zero in the second key of a `set` written as a block was placed at the `set:`
    key, two lines above the value that failed; a compile error of it is placed at the value."""
    path = tmp_path / "ruleset.yaml"
    block = f"  - {statement}:\n      {first}: 0\n      {second}: \"x // (x - 1)\"\n"
    text = NAMED_PART.replace('  - set: {x: "VALUE"}\n', block).replace("WHEN", "true").replace("PLAYER", "0")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    line = text.count("\n", 0, text.index('"x //')) + 1
    assert (info.value.first.loc.line, info.value.first.loc.col) == (line, text.splitlines()[line - 1].index('"x') + 1), info.value
    assert f"R100 rule '{statement}' failed in its " in str(info.value), info.value


def test_a_failing_rule_says_which_names_it_read_are_none(tmp_path):
    """'+' between none and a whole number: the message says which name was none, a variable or a local."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(NAMED_PART.replace("WHEN", "true").replace("VALUE", "first([p for p in players if p > 5])")
                    .replace("x: \"", "leader: \"").replace("PLAYER", "(leader + x) % 2"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    assert str(info.value).endswith("rule 'decide' failed in its player `(leader + x) % 2`: values of different kinds "
                                    "cannot be compared or combined ('+' between none and a whole number); 'leader' is none"), info.value


def test_a_failing_rule_says_which_attribute_read_none_of_a_component_whose_type_has_none(tmp_path):
    """`n.req` of a component whose type has no `req` reads none, and the rule fails further on (a loop over it): the
    message names the attribute, the component and its type, not only what failed on the none."""
    path = tmp_path / "ruleset.yaml"
    path.write_text("""\
game: reqs
players: 2
components:
  card: {attributes: {i: 0..1}, start: table}
  noble: {attributes: {i: 0..1}, derive: {req: "{'red': 3}"}, start: box}
zones:
  table: {}
  box: {}
actions:
  pass: {}
flow:
  - for: n in table
    do:
      - score: {player: 0, add: "sum(n.req[k] for k in n.req)"}
  - decide: pass
    player: 0
""", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    assert str(info.value).endswith("rule 'score' failed in its add `sum(n.req[k] for k in n.req)`: cannot loop over none; "
                                    "n.req is none: n is <card#0 i=0>, whose type 'card' has no attribute 'req'"), info.value


FEW_PILES = """\
philtre: 1
game: few-piles
players: 3
components:
  chip: {copies: 3, start: bag}
zones:
  bag: {visible: everyone}
  pile: {copies: 2, visible: everyone}     # two piles for three seats
actions:
  take:
    choose: {chip: bag}
    do:
      - move: chip -> pile[me]
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: take
winners: {highest: "score[p]"}
"""


def test_a_family_of_fewer_zones_than_seats_indexed_by_a_seat_says_the_index_is_out_of_range(tmp_path):
    """Only a family of one zone per seat is indexed by a seat without a check: `pile[me]` of two piles
    read 'IndexError: list index out of range' for the third seat."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(FEW_PILES, encoding="utf-8")
    game = Game(load_ruleset(str(path)), players=3, seed=1)
    with pytest.raises(PhiltreError) as info:
        while not game.finished:
            game.apply(game.pending()[0], game.options(game.pending()[0])[0])
    assert "R100 rule 'move' failed in its to" in str(info.value) and str(info.value).endswith("index 2 is out of range (0..1)"), info.value


def test_an_index_into_an_empty_zone_says_it_holds_nothing(tmp_path):
    """Connect Four's `column[x][y].owner` on an empty column said 'index 0 is out of range (0..-1)'."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(FEW_PILES.replace("until: count(bag) == 0", "until: pile[0][0] == none"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=3, seed=1)
    assert str(info.value).endswith("index 0 is out of range (it holds nothing)"), info.value
    assert "R100 rule 'turns' failed in its until" in str(info.value), info.value


def test_a_failing_move_names_its_part_without_the_spaces_around_the_arrow(tmp_path):
    """`move: WHAT -> ZONE` is split at the arrow: the part that failed is named as written, not as
    '` z[x + 1]`' with the space after the arrow (or 'z[0] ' with the one before it)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text("game: arrow\nplayers: 2\nzones:\n  z: {copies: 2}\nvariables: {x: 1}\nactions:\n  pass: {}\n"
                    "flow:\n  - move: z[0] -> z[x + 1]\n  - decide: pass\n    player: 0\n", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1)
    assert "R100 rule 'move' failed in its to `z[x + 1]`: " in str(info.value), info.value


RANKS_OF_EVERY_HAND = """\
game: ranks
players: 2
components:
  card: {attributes: {rank: 1..4}, copies: 2, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
define:
  ranks_in(z): distinct(c.rank for c in z)
actions:
  ask:
    choose: {rank: "ranks_in(hand if count(deck) >= 0 else 0)"}
flow:
  - deal: {from: deck, to: hand, count: 2}
  - decide: ask
    player: 0
"""


def test_an_attribute_of_a_zone_is_said_in_the_authors_words(tmp_path):
    """`ranks_in(hand)` (every hand, where `hand[me]` was meant) reads .rank of a zone: the message said
    'a Zone has no attribute .rank', Python's class name, and nothing of the likely cause. (Given `hand`
    itself, validate finds it: test_errors.py's define_given_a_list_of_zones; here the argument's type is
    known only at run time.)"""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RANKS_OF_EVERY_HAND, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), players=2, seed=1).options(0)
    said = str(info.value)
    assert "a zone has no attribute .rank (the components in it have: a list of zones, hand, where one zone, hand[me], was meant?)" in said, said
    assert "Zone" not in said


MARKS = RULES.replace("define:\n", "variables:\n  marks: {initial: [0, 0, 0]}\n  other: {initial: OTHER}\ndefine:\n")


@pytest.mark.parametrize("other, condition, said", [
    ("[0, 0, 0, 0, 0]", "marks[slot] == 0 and other[slot] == 0", "index 3 of `marks[slot]` is out of range (0..2)"),
    ("[0, 0, 0, 0, 0]", "other[1] == 0 and marks[slot + 0] == 0", "index 3 of `marks[slot + 0]` is out of range (0..2)"),
    # (two lists of three: either may be the one; and a whole expression is named by R100's own words)
    ("[0, 0, 0]", "marks[slot] == 0 and other[slot] == 0", "slot=3: index 3 is out of range (0..2)"),
    ("[0, 0, 0]", "count([marks[s] for s in range(5)]) == 0", "slot=0: index 3 of `marks[s]` is out of range (0..2)"),
    # (a Battle Line trial's `flag[f] == none and count(side[me][f]) < 3`: the one whose list and index are both known,
    # nothing that may fail before it, must be it: the `and` never reached the other; written first, the other may be)
    ("[0, 0, 0]", "marks[slot] == 0 and [other][0][slot] == 0", "slot=3: index 3 of `marks[slot]` is out of range (0..2)"),
    ("[0, 0, 0]", "0 == [other][0][slot] and marks[slot] == 0", "slot=3: index 3 is out of range (0..2)"),
])
def test_an_index_out_of_range_names_the_part_indexed_where_one_alone_may_be_it(tmp_path, other, condition, said):
    """A Schotten Totten trial's scenario gave `claimed` 3 items of 9: R100 said `index 3 is out of range (0..2)` of an
    `if` that indexes it, naming nothing indexed. The part is named where its index and its list, as far as they are
    known, fit the failure."""
    error, _ = failure(tmp_path, '"range(5)"', condition, MARKS.replace("OTHER", other))
    assert said in error.first.message, error.first.message


def test_an_index_out_of_range_in_a_statement_names_the_part_indexed(tmp_path):
    """The same in a rule's statement, its expression named by R100 and the part indexed by the failure."""
    text = MARKS.replace("OTHER", "[]").replace("SLOTS", '"range(5)"').replace("CONDITION", "true").replace(
        "      - move: card -> pile\n", "      - move: card -> pile\n      - set: {other: \"[marks[slot], 1]\"}\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), players=2, seed=1)
    option = next(o for o in game.options(0) if dict(o.args)["slot"] == 4)
    with pytest.raises(PhiltreError) as info:
        game.apply(0, option)
    assert "failed in its value `[marks[slot], 1]`: index 4 of `marks[slot]` is out of range (0..2)" in str(info.value), info.value


EMPTY_SUPPLY = """\
philtre: 1
game: empty-supply
players: 1
components:
  wall: {derive: {cells: "['o', 'o']"}, copies: 1, start: "supply[owner]", each: player}
zones:
  supply: {each: player}
  board: {grid: {resolution: 1, width: 3, height: 3}}
actions:
  pass: {}
  put:
    choose: {at: "placements(board, last(supply[me]))"}
    if: count(supply[me]) > 0 and at.overlap == 0
    do:
      - place: {piece: "last(supply[me])", to: board, at: at}
flow:
  - repeat: 3
    do:
      - decide: [put, pass]
        player: 0
winners: "[0]"
"""


def test_a_choice_failing_on_an_empty_zone_s_last_says_to_guard_the_choice_itself(tmp_path):
    """Quoridor trial: with the supply empty, `placements(board, last(supply[me]))` stopped the game with "the piece
    must be a component, got none", though the action's `if:` tests the count: a choice is worked out before it."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(EMPTY_SUPPLY, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=1)
    with pytest.raises(PhiltreError) as stopped:
        game.apply(0, game.options(0)[0])
    first = stopped.value.first
    assert first.code == "R100" and "its choice of 'at' failed" in first.message, first
    assert first.hint == ("a choice is worked out before the action's `if:`, which cannot guard it; where `supply[me]` may "
                          "be empty, guard the choice itself: `placements(board, last(supply[me])) if count(supply[me]) > 0 "
                          "else []`"), first.hint
    path.write_text(EMPTY_SUPPLY.replace('"placements(board, last(supply[me]))"', f'"{first.hint.split("`")[-2]}"'), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=1)
    game.apply(0, game.options(0)[0])
    assert [o.label() for o in game.options(0)] == ["pass()"]  # the guard the hint writes works


LAST_PIECE = """\
game: last-piece
players: 2
components:
  tile:
    list:
      - {letter: A, copies: 1}
    derive: {cells: "[letter]"}
    start: "rack[0]"
zones:
  rack: {each: player}
  spare: {}
  board: {grid: {resolution: 1, width: 3, height: 3, turns: false}}
actions:
  put:
    choose: {l: LETTERS, at: "placements(board, first(rack[me]))"}
    if: at.overlap == 0
    do:
      - place: {piece: "first(rack[me])", to: board, at: at}
  stop: {}
flow:
  - decide: [put, stop]
    player: 0
    until_chosen: stop
winners: {highest: "score[p]"}
"""


def _last_piece(tmp_path, letters: str) -> tuple[Game, str]:
    text = LAST_PIECE.replace("LETTERS", letters)
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return Game(load_ruleset(str(path)), 2, seed=1), text


def test_a_later_choice_is_not_worked_out_where_an_earlier_one_has_nothing_to_choose(tmp_path):
    """A trial: with the rack empty, `l` (its letters) has no value, so `put` has no option; `at`, which reads no `l`,
    was worked out all the same (once for every `l`) and stopped the game at the action, though never reached."""
    game, _ = _last_piece(tmp_path, '"distinct(t.letter for t in rack[me])"')
    put = [o for o in game.options(0) if o.action == "put"]
    assert len(put) == 9  # the one tile, on each cell of the empty board
    game.apply(0, put[0])
    assert [o.label() for o in game.options(0)] == ["stop()"]


def test_an_empty_choice_stops_a_later_one_past_a_zone_chosen_by_its_name(tmp_path):
    """A choice of a zone by its name (`s: rack`, the racks), which cannot fail, is tested for nothing to choose by the
    choice after it; that test read the racks alone, so with no letter `at` was worked out all the same, and failed on
    `first` of the empty rack, though the empty letters leave `put` no option."""
    game, _ = _last_piece(tmp_path, '"distinct(t.letter for t in rack[me])", s: rack')
    put = [o for o in game.options(0) if o.action == "put"]
    assert len(put) == 18  # the one tile, on each cell of the empty board, for each of the two racks
    game.apply(0, put[0])
    assert [o.label() for o in game.options(0)] == ["stop()"]



def test_a_later_choice_failing_after_an_earlier_one_with_values_is_reported_at_itself(tmp_path):
    game, text = _last_piece(tmp_path, '"[1] if count(board) == 0 else [1, 2]"')
    with pytest.raises(PhiltreError) as stopped:  # (the options that follow are listed as the tile is placed)
        game.apply(0, [o for o in game.options(0) if o.action == "put"][0])
    d = stopped.value.first
    assert (d.code, (d.loc.line, d.loc.col)) == ("R100", position(text, '"placements(board, first(rack[me]))"')), str(d)
    assert "action 'put': its choice of 'at' failed with l=1: the piece must be a component, got none" in d.message, d.message
    assert "guard the choice itself" in d.hint, d.hint


def test_a_choice_worked_out_ahead_that_fails_is_reported_at_itself_whatever_comes_before(tmp_path):
    """A choice that reads no earlier one is worked out ahead of them: where a choice between them has no value
    (`m`, of an empty zone), it fails all the same; it is still the one named, at its own place."""
    game, text = _last_piece(tmp_path, '"[1]", m: "[x for x in spare if x.letter == l]"')
    (tmp_path / "ruleset.yaml").write_text(text.replace('"placements(board, first(rack[me]))"', '"placements(board, first(spare))"'),
                                           encoding="utf-8")
    text = (tmp_path / "ruleset.yaml").read_text(encoding="utf-8")
    with pytest.raises(PhiltreError) as stopped:
        Game(load_ruleset(str(tmp_path / "ruleset.yaml")), 2, seed=1).options(0)
    d = stopped.value.first
    assert (d.code, (d.loc.line, d.loc.col)) == ("R100", position(text, '"placements(board, first(spare))"')), str(d)
    assert "action 'put': its choice of 'at' failed: the piece must be a component, got none" in d.message, d.message
