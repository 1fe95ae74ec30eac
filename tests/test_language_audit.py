"""Faults an audit of docs/language.md found in the engine: each test holds what a ruleset's author relies on."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

HEAD = "game: audit\nplayers: 2\n"


def _ruleset(tmp_path, text: str, name: str = "ruleset.yaml"):
    """The ruleset of ``text``, written to a file of ``tmp_path``."""
    path = tmp_path / name
    path.write_text(text)
    return load_ruleset(str(path))


def _value(tmp_path, expr: str, initial: str = ""):
    """The value ``expr`` gives when a small game's flow sets a variable to it."""
    ruleset = _ruleset(tmp_path, HEAD + f"variables:\n  got: 0\n{initial}flow:\n  - set: {{got: {expr!r}}}\n")
    return Game(ruleset, 2).state.vars["got"]


def _error(tmp_path, text: str, make=lambda rs: Game(rs, 2)) -> str:
    """The one error (its text) that loading ``text``, then ``make`` of it, raises."""
    with pytest.raises(PhiltreError) as caught:
        make(_ruleset(tmp_path, text))
    return str(caught.value)


def _findings(tmp_path, text: str) -> list[str]:
    """What `philtre validate` finds in ``text``, as its lines."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text)
    return [f"{f.diagnostic.loc.line}:{f.diagnostic.loc.col} {f.diagnostic.code} {f.diagnostic.message}"
            for f in check_file(str(path), lints=False).findings]


# -- 3: distinct ------------------------------------------------------------------------

def test_distinct_keeps_equal_maps_and_lists_once(tmp_path):
    """distinct compared lists and maps by their printed form: {x:1,y:2} and {y:2,x:1}, [1] and [1.0] were two items."""
    assert _value(tmp_path, "count(distinct([{'x': 1, 'y': 2}, {'y': 2, 'x': 1}]))") == 1
    assert _value(tmp_path, "count(distinct([[1], [1.0], [[1]], [[1.0]], {'a': [1]}, {'a': [1.0]}]))") == 3
    assert _value(tmp_path, "distinct([[1, 2], [2, 1], [1, 2]])") == [[1, 2], [2, 1]]


# -- 4: a ranking key that is no number ---------------------------------------------------

def test_a_winners_key_that_is_a_word_is_r100_at_the_key(tmp_path):
    """A ranking key giving words ranked the seats alphabetically (1 * 'bob' is 'bob'); the doc says each key is a number.
    (Set to numbers and to words, the variable's type is known only at run time: one declared a word, or declared none
    and set only to words, is E120 at validate, below.)"""
    text = (HEAD + "variables:\n  name: {initial: null, each: player}\nflow:\n  - set: {name: \"['bob', 'al']\"}\n"
            "winners: {highest: [\"0\", \"name[p]\"]}\n")
    assert ("7:27: E120 a ranking key must be a number, but this is a word ('name' (each seat's) holds none or a word: it "
            "starts as none, and every set of it gives a word or none)") in _error(tmp_path, text)
    text = text.replace("flow:\n", "flow:\n  - set: {name: \"[1, 2]\"}\n")
    message = _error(tmp_path, text)
    assert ":8:26: R100 the winners' key `name[p]` must be a number, got 'bob' for seat 0" in message


def test_a_winners_key_of_a_variable_of_words_is_e120_at_validate(tmp_path):
    """A per-seat variable declared a word and set only to words is a word: a ranking key of it is refused before the
    game (dsl/variable_types.py)."""
    text = (HEAD + "variables:\n  name: {initial: '', each: player}\nflow:\n  - set: {name: \"['bob', 'al']\"}\n"
            "winners: {highest: [\"0\", \"name[p]\"]}\n")
    assert ":7:27: E120 a ranking key must be a number, but this is a word" in _error(tmp_path, text)


def test_a_winners_key_of_numbers_or_true_false_still_ranks(tmp_path):
    """The check of the keys refuses nothing a ranking by numbers (or true/false, as 1 and 0) does."""
    text = (HEAD + "variables:\n  done: {initial: false, each: player}\nflow:\n  - set: {\"done[1]\": true}\n"
            "  - score: {player: 0, add: 2.5}\nwinners: {lowest: [\"score[p]\", \"done[p]\"]}\n")
    assert Game(_ruleset(tmp_path, text), 2).winners == [1]


# -- 7 and 15: the step limit -------------------------------------------------------------

LIMITED = HEAD + "step_limit: {limit}\nvariables:\n  x: 0\nflow:\n  - set: {{x: 1}}\n  - set: {{x: 2}}\n  - set: {{x: 3}}\n"


def test_the_step_limit_reached_at_the_flows_end_names_the_last_statement(tmp_path):
    """R200 at the end of the flow had no place, no rule and no hint ("ruleset.yaml: R200 step limit of 3 reached")."""
    message = _error(tmp_path, LIMITED.format(limit=3))
    assert ":9:5: R200 step limit of 3 reached at the end of the flow, after rule 'set', with no loop running" in message
    assert "the end of each block, the flow's too" in message
    assert Game(_ruleset(tmp_path, LIMITED.format(limit=4)), 2).finished  # three statements and the flow's end: four steps


@pytest.mark.parametrize("flow, steps", [
    ("  - repeat: 2\n    do:\n      - set: {x: 1}\n", 6),
    ("  - repeat: 2\n    do:\n      - decide: wait\n        player: 0\n", 8),
    ("  - simultaneous: wait\n    players: players\n", 5),
])
def test_the_steps_a_game_takes_are_those_language_md_counts(tmp_path, flow, steps):
    """language.md counted statements and loops' passes only: decisions and the ends of blocks (the flow's too) count."""
    ruleset = _ruleset(tmp_path, "game: audit\nplayers: 3\nvariables:\n  x: 0\nactions:\n  wait: {}\nflow:\n" + flow)
    game = Game(ruleset, 3)
    while not game.finished:
        for seat in game.pending():
            game.apply(seat, game.options(seat)[0])
    assert game.state.flow.steps == steps


def test_the_step_limit_in_an_unnamed_loop_names_it_once(tmp_path):
    """The hint read "reached in the 'for' 'for' inside it" for a loop with no name."""
    text = (HEAD + "step_limit: 50\nvariables:\n  x: 0\nflow:\n  - until: false\n    do:\n"
            "      - for: q in players\n        do:\n          - set: {x: q}\n")
    message = _error(tmp_path, text)
    assert "loops running, outermost first: 'until' at " in message and ", 'for' at " in message, message
    assert "'for' 'for'" not in message and "'until' 'until'" not in message, message


# -- 8: keys YAML reads as true/false or numbers -----------------------------------------------

@pytest.mark.parametrize("text, place, read_as", [
    ("variables:\n  got: 0\nactions:\n  pick:\n    choose: {true: \"[1, 2]\"}\n    do:\n      - set: {got: 1}\n"
     "flow:\n  - decide: pick\n    player: 0\n", "7:14", "true"),
    ("variables:\n  got: 0\ndice:\n  false: [{pips: 1}]\nflow:\n  - roll: all\n", "6:3", "false"),
    ("define:\n  true: 1\nflow:\n  - set: {got: 1}\nvariables:\n  got: 0\n", "4:3", "true"),
    ("variables:\n  got: 0\nflow:\n  - let: {true: 5}\n  - set: {got: 1}\n", "6:11", "true"),
    ("variables:\n  7: 0\nflow:\n  - let: {x: 5}\n", "4:3", "a number"),
])
def test_a_name_yaml_reads_as_true_false_or_a_number_is_v001_at_the_key(tmp_path, text, place, read_as):
    """`choose: {true: ...}` crashed validate (TypeError); a die or definition keyed true became 'True'; `let: {true: 5}` passed."""
    found = _findings(tmp_path, HEAD + text)
    assert len(found) == 1 and found[0].startswith(f"{place} V001 the key ") and f"is read by YAML as {read_as}, not a name" in found[0]


def test_keys_of_data_may_be_numbers_or_true_false(tmp_path):
    """A variable's initial map is data, not names: its keys may be anything YAML reads."""
    assert _value(tmp_path, "m[1]", "  m: {initial: {1: 2, 3: {set: {4: 5}}}}\n") == 2


# -- 11: the decision API's seats ---------------------------------------------------------------

DECIDING = HEAD + "actions:\n  wait: {}\nflow:\n  - decide: wait\n    player: 1\n"


@pytest.mark.parametrize("seat", [1.0, True])
def test_a_seat_that_is_no_whole_number_is_d004(tmp_path, seat):
    """options(1.0) failed as R100 (list indices must be integers); true and 1.0 were taken as seat 1."""
    game = Game(_ruleset(tmp_path, DECIDING), 2)
    for _ in range(2):  # listed or not for seat 1 before
        with pytest.raises(PhiltreError, match=r"D004 no seat (1\.0|true): options are listed for a seat 0\.\.1"):
            game.options(seat)
        option = game.options(1)[0]
    with pytest.raises(PhiltreError, match=r"D004 no seat (1\.0|true): a decision is taken by a seat 0\.\.1"):
        game.apply(seat, option)
    game.apply(1, option)
    assert game.finished


@pytest.mark.parametrize("players", ["2", 2.0, True])
def test_a_player_count_that_is_no_whole_number_is_r001(tmp_path, players):
    """Game(ruleset, "3") raised a bare TypeError, 2.0 failed inside the layout, and true was a count of 1."""
    ruleset = _ruleset(tmp_path, DECIDING.replace("players: 2", "players: 1..2"))
    with pytest.raises(PhiltreError, match=r"R001 audit is for 1 to 2 players: a number of players is a whole number, not "):
        Game(ruleset, players)


# -- 12: a filter without its comprehension ------------------------------------------------------

def test_a_filter_written_inside_a_call_gets_the_comprehensions_hint(tmp_path):
    """The E102 hint for `players if p != 0` came only where the filter ended the expression, not inside a call."""
    found = _findings(tmp_path, HEAD + "variables:\n  n: 0\nflow:\n  - set: {n: \"count(players if p != 0)\"}\n")
    assert len(found) == 1 and "E102 unexpected ')'" in found[0]
    path = tmp_path / "ruleset.yaml"
    with pytest.raises(PhiltreError, match=r"write a comprehension: \[p for p in players if p != me\]"):
        load_ruleset(str(path))


# -- 13: copies out of range --------------------------------------------------------------------------

def test_copies_out_of_range_written_as_a_number_is_r002_at_the_number(tmp_path):
    """R002 for `copies: 10001` pointed at the component type's key, not at its copies (as it does for an expression)."""
    text = (HEAD + "components:\n  card:\n    attributes: {rank: [1, 2]}\n    copies: 10001\n    start: deck\n"
            "zones:\n  deck: {}\nflow:\n  - shuffle: deck\n")
    found = _findings(tmp_path, text)
    assert found and found[0].startswith("6:13 R002 copies of card rank=1 must be a whole number 0..10000, got 10001")


COPIES = HEAD + "components:\n  card:\n    attributes: {{name: [guard, priest], rank: [1, 2]}}\n    copies: {copies}\n    start: deck\n" \
    + "zones:\n  deck: {{}}\nflow:\n  - shuffle: deck\n"


def test_a_word_among_the_numbers_of_copies_is_e120_at_validate_at_the_word(tmp_path):
    """`copies: "5 if name == 'guard' else '2'"` (its type known only at run time as a whole) was R002 when a game
    started, naming the component as a Python dict; language.md promises E120 for a value known to be of the wrong kind."""
    found = _findings(tmp_path, COPIES.format(copies="\"5 if name == 'guard' else 2 if rank == 1 else '2'\""))
    col = 14 + len("5 if name == 'guard' else 2 if rank == 1 else ")
    assert found == [f"6:{col} E120 copies must be a whole number, but this branch is a word"], found


def test_copies_out_of_range_name_the_component_as_the_board_does(tmp_path):
    """R002 named the combination as Python writes a dict, {'name': 'priest', 'rank': 2}."""
    found = _findings(tmp_path, COPIES.format(copies="\"rank - 2 if name == 'priest' else 1\""))
    assert found and found[0].startswith("6:13 R002 copies of card priest rank=1 must be a whole number 0..10000, got -1"), found


def test_copies_written_in_a_list_item_beside_the_types_copies_counts_that_item(tmp_path):
    """A Sushi Go trial wrote `- {kind: chopsticks, copies: 4}` where the type has `copies: n`: R002 stood at the
    type's `copies` (`n=none`), the item's copies being an attribute. An item's copies is its count now, over the
    type's, which is not evaluated for it."""
    text = (HEAD + "components:\n  card:\n    list:\n      - {kind: tempura, n: 14}\n      - {kind: chopsticks, copies: 4}\n"
            "    copies: n\n    start: deck\nzones:\n  deck: {}\nflow:\n  - shuffle: deck\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text)
    assert [f.diagnostic for f in check_file(str(path), lints=False).findings] == []
    made = [c["kind"] for c in load_ruleset(str(path)).layout(2).components]
    assert made == ["tempura"] * 14 + ["chopsticks"] * 4


# -- a word is no collection --------------------------------------------------------------

WORDED = HEAD + "variables:\n  got: 0\n  s: abc\n  m: 0\nflow:\n  - set: {{m: '[1, 2]'}}\n  - set: {{got: {expr!r}}}\n"


@pytest.mark.parametrize("expr", ["count(s)", "sum(1 for x in s)", "count([x for x in s])", "count(distinct(s))",
                                  "count([y for x in m for y in s])", "sum(x for x in m if any(c for c in s))",
                                  "sum(s)", "1 if any(s) else 0", "count(take(s, 1))", "count(subsets(s))"])
def test_a_word_known_only_at_run_time_is_not_looped_over_as_letters(tmp_path, expr):
    """count(s) of a variable holding 'abc' gave 3, a comprehension over it three items: language.md's collections
    are lists, zones and maps, so the game stops with R100 at the rule, naming the word."""
    message = _error(tmp_path, WORDED.format(expr=expr))
    assert ":9:16: R100 rule 'set' failed" in message and "'abc'" in message  # at the value of the rule that failed


def test_a_list_or_a_map_known_only_at_run_time_is_still_looped_over(tmp_path):
    """The check of words refuses nothing else: a list set at run time is counted and summed; `in` still finds a
    word's substring (language.md, `in`)."""
    assert Game(_ruleset(tmp_path, WORDED.format(expr="count(m) + sum(x for x in m)")), 2).state.vars["got"] == 5
    assert Game(_ruleset(tmp_path, WORDED.format(expr="'b' in s")), 2).state.vars["got"] is True


def test_choices_of_a_word_are_r100_at_the_choice(tmp_path):
    """`choose: {x: s}` with s holding 'abc' offered one option a letter. (A variable only ever a word is E125 before
    the game: its type is known, as is one that starts as none and is set only to words; one set to a number and to a
    word is checked when the choices are listed.)"""
    text = (HEAD + "variables:\n  s: abc\nactions:\n  pick:\n    choose: {x: s}\n    do:\n"
            "      - score: {player: me, add: 1}\nflow:\n  - decide: pick\n    player: 0\n")
    assert "7:17 E125 the choices for 'x' must be a collection (a zone, zones or a list), but this is a word" in _findings(tmp_path, text)
    text = text.replace("  s: abc\n", "  s: null\n").replace("flow:\n", "flow:\n  - set: {s: \"'abc'\"}\n")
    assert "7:17 E125 the choices for 'x' must be a collection (a zone, zones or a list), but this is a word" in _findings(tmp_path, text)
    text = text.replace("flow:\n", "flow:\n  - set: {s: 0}\n")
    message = _error(tmp_path, text, make=lambda rs: Game(rs, 2).options(0))
    assert ":7:17: R100 action 'pick': the choice of 'x' must be a list or a zone; 's' gave a word 'abc'" in message


def test_a_failure_names_a_list_it_was_given_in_the_languages_words(tmp_path):
    """A rule's failure quoted a list as Python writes it, `[None, True]`; the language writes none and true."""
    text = HEAD + "variables:\n  got: 0\n  v: 0\nflow:\n  - set: {v: '[none, true]'}\n  - set: {got: 'v * 2'}\n"
    message = _error(tmp_path, text)
    assert "[none, true]" in message and "None" not in message and "True" not in message, message
