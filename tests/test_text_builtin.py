"""text(x): a number, word, true/false or none as a word (language.md, text), so a number can join a word."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter.game import Game
from test_index_of_item import HEAD, _value, _write  # (a small game whose flow sets a variable to an expression)

@pytest.mark.parametrize("expr, said", [
    ("text(7)", "7"),
    ("text(-12)", "-12"),
    ("text(7 / 2)", "3.5"),
    ("text(6 / 3)", "2"),                         # a division that comes out whole is the whole number
    ("text(true)", "true"),
    ("text(1 > 2)", "false"),
    ("text(none)", "none"),
    ("text('ab')", "ab"),                         # a word is itself, without quotes
    ("'seat ' + text(1 + 1)", "seat 2"),
    ("text(first(deck).rank)", "3"),
])
def test_a_plain_value_is_written_as_the_language_writes_it(tmp_path, expr, said):
    assert _value(tmp_path, expr) == said


def test_a_value_known_only_at_run_time_is_written_too(tmp_path):
    assert _value(tmp_path, "text(n) + text(w)", initial="  n: 5\n  w: {initial: x}\n") == "5x"


def test_the_result_is_typed_a_word(tmp_path):
    """A word: joined to a word with no finding; added to a number, E124 as any word would be."""
    assert [str(f.diagnostic) for f in check_file(str(_write(tmp_path, "'n' + text(3)")), lints=False).findings] == []
    codes = [f.diagnostic.code for f in check_file(str(_write(tmp_path, "text(3) + 1")), lints=False).findings]
    assert "E124" in codes, codes


@pytest.mark.parametrize("expr, said", [
    ("text([1, 2])", "E120 text() needs a number, a word, true, false or none here, but this is a list of whole numbers"),
    ("text(first(deck))", "E120 text() needs a number, a word, true, false or none here, but this is a component"),
    ("text(deck)", "E120 text() needs a number, a word, true, false or none here, but this is a zone"),
    ("text(1, 2)", "E140 text() takes 1 argument(s), got 2"),
])
def test_a_wrong_argument_is_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


def test_a_list_known_only_at_run_time_stops_the_game_at_the_rule(tmp_path):
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, "text(xs)", initial="  xs: {initial: [4, 2]}\n")
    message = str(caught.value)
    assert "R100 rule 'set' failed" in message and "text() writes a number, a word, true, false or none, got [4, 2]" in message, message


def test_a_definition_named_text_hides_the_builtin(tmp_path):
    """text() is no builtin the engine analyses by name: a ruleset's own `text` is its (L047 says it hides text())."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + "define:\n  text(x): x\nvariables:\n  got: 0\nflow:\n  - set: {got: 'text(3)'}\n")
    assert [f.diagnostic.code for f in check_file(str(path)).findings] == ["L047"]
    assert Game(load_ruleset(str(path)), 2).state.vars["got"] == 3  # (the builtin gives the word '3')
