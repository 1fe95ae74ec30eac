"""die(name): the face a die named by a word shows (language.md, die), where a Farkle trial read `d.pips for d in which`
(which: a list of die names) and was told only "E153 a word has no attributes (.pips)"."""

from __future__ import annotations

import pytest

from philtre.dsl import builtins, load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

DICE = """game: dice
players: 2
dice:
  red: [{pips: 1}, {pips: 2}, {pips: 3}]
  blue: [{pips: 4}, {pips: 5}, {pips: 6}]
variables:
  which: {initial: [red, blue]}
  got: 0
"""


def _write(tmp_path, expr: str, before: str = "  - roll: all\n"):
    """The dice game whose flow (``before``, then) sets a variable to ``expr``, written to a file: its path."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(DICE + f"flow:\n{before}  - set: {{got: {expr!r}}}\n")
    return path


def _game(tmp_path, expr: str, before: str = "  - roll: all\n"):
    """The dice game of seed 3 once its flow set `got` to ``expr``."""
    return Game(load_ruleset(str(_write(tmp_path, expr, before))), 2, seed=3)


@pytest.mark.parametrize("expr, expected", [
    ("die('red').pips", lambda pips: pips["red"]),
    ("[die(n).pips for n in which]", lambda pips: [pips["red"], pips["blue"]]),
    ("sum(die(n).pips for n in which)", lambda pips: pips["red"] + pips["blue"]),
    ("1 if die(first(which)) == red else 0", lambda pips: 1),              # the same face as the die's name reads
])
def test_a_die_named_by_a_word_reads_as_its_name_does(tmp_path, expr, expected):
    game = _game(tmp_path, expr)
    assert game.state.vars["got"] == expected({name: face["pips"] for name, face in game.state.dice.items()})


def test_a_die_not_rolled_yet_is_none(tmp_path):
    assert _game(tmp_path, "1 if die('blue') == none else 0", before="").state.vars["got"] == 1


def test_a_name_written_out_that_names_no_die_is_found_by_validate(tmp_path):
    [finding] = check_file(str(_write(tmp_path, "die('rde').pips")), lints=False).findings
    d = finding.diagnostic
    assert (d.code, d.message, d.hint) == ("E120", "die() takes the name of a die, but 'rde' names none",
                                           "did you mean 'red'? (the dice are red and blue)"), str(d)


@pytest.mark.parametrize("expr, said", [
    ("die(first(players)).pips", "die() takes the name of a die (red, blue), got 0"),
    ("die(which[0] + 'x').pips", "die() takes the name of a die (red, blue), got 'redx'"),
])
def test_a_name_known_only_at_run_time_that_names_no_die_stops_the_game(tmp_path, expr, said):
    with pytest.raises(Exception) as caught:
        _game(tmp_path, expr)
    assert "R100" in str(caught.value) and said in str(caught.value), str(caught.value)


def test_a_word_read_as_a_die_is_told_to_read_it_with_die(tmp_path):
    """The trial's case: a list of die names read as faces (E153), its hint writing die(d)."""
    [finding] = check_file(str(_write(tmp_path, "sum(d.pips for d in ['red', 'blue'])")), lints=False).findings
    d = finding.diagnostic
    assert d.code == "E153" and d.hint.startswith("a die named by a word is read with die(): die(d).pips (the dice are red and blue)"), str(d)


def test_it_charges_no_work(tmp_path):
    game = _game(tmp_path, "0")
    builtins.WORK[0] = 17
    builtins.b_die(game.state, "red")
    assert builtins.WORK[0] == 17
    builtins.WORK[0] = builtins.WORK_LIMIT


def test_a_zone_read_for_its_seat_is_told_owner_of(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text("game: z\nplayers: 2\ncomponents:\n  card: {attributes: {rank: [1, 2]}, start: deck}\nzones:\n  deck: {}\n"
                    "  hand: {each: player}\nvariables:\n  got: 0\nflow:\n  - set: {got: \"sum(h.owner for h in hand)\"}\n")
    [finding] = check_file(str(path), lints=False).findings
    assert finding.diagnostic.hint.startswith("owner_of(h) is the seat a per-seat zone belongs to, copy_of(h) its copy number"), str(finding.diagnostic)
