"""The expression parser loads its LALR tables from dsl/grammar-tables.json: they must match the grammar."""

import json
from importlib import resources

import pytest
from lark import Lark
from philtre.dsl import parser
from philtre.dsl.errors import Loc, PhiltreError

EXPRESSIONS = [
    "a + b * 2",
    "count(c for c in hand[me] if c is potion and c.color == 'red') > 2",
    "[hand[p] for p in seats_from(left(dealer))] if player_count > 3 else []",
    "{'x': r, 'y': -r, 'rot': turn.rot}",
    "not x or y and z in [1, 2.5, none, true]",
    "a // b % c - -d",
]


def stored() -> dict:
    """The shipped tables file, decoded."""
    text = resources.files("philtre.dsl").joinpath(parser.TABLES).read_text(encoding="utf-8")
    return json.loads(text, object_hook=parser._decode)


def test_the_stored_tables_are_made_from_this_grammar_and_lark():
    assert stored()["key"] == parser.grammar_key(), "grammar.lark changed: run `python -m philtre.dsl.tables`"


def test_the_parser_uses_the_stored_tables():
    assert parser._lark().source_path == "<deserialized>"


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_stored_and_built_tables_parse_alike(text):
    built = Lark(parser.grammar_text(), **parser.LARK_OPTIONS)
    assert parser._lark().parse(text) == built.parse(text)


def test_stale_tables_are_not_used(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # tables built here are kept there, not in the user's cache
    monkeypatch.setattr(parser, "grammar_key", lambda: "another grammar")
    parser._lark.cache_clear()
    try:
        rebuilt = parser._lark()
        assert rebuilt.source_path != "<deserialized>"
        assert rebuilt.parse("a + 1") is not None
    finally:
        parser._lark.cache_clear()


def test_writing_tables_that_are_up_to_date_leaves_the_file_alone(tmp_path):
    """Lark lists equal tables in another order each run: `python -m philtre.dsl.tables` rewrote the file, a diff of nothing."""
    path = tmp_path / parser.TABLES
    path.write_text(resources.files("philtre.dsl").joinpath(parser.TABLES).read_text(encoding="utf-8"), encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    assert parser.write_tables(path) is False
    assert path.read_text(encoding="utf-8") == before


def test_stale_or_missing_tables_are_written(tmp_path):
    path = tmp_path / parser.TABLES
    assert parser.write_tables(path) is True
    assert json.loads(path.read_text(encoding="utf-8"))["key"] == parser.grammar_key()
    path.write_text('{"key": "another grammar"}', encoding="utf-8")
    assert parser.write_tables(path) is True and json.loads(path.read_text(encoding="utf-8"))["key"] == parser.grammar_key()


def test_tables_round_trip_through_json():
    value = {"k": (1, "a", None), 3: [True, {(1, 2): 0.5}]}
    assert json.loads(json.dumps(parser._encode(value)), object_hook=parser._decode) == value


def test_a_short_text_is_parsed_once_and_its_tree_shared():
    loc = Loc("a.yaml", 3, 5)
    first = parser.parse("cauldron[0].color == 'red'", loc)
    assert parser.parse("cauldron[0].color == 'red'", Loc("b.yaml", 9, 1)) is first
    long_text = " + ".join(["x"] * 120)
    assert len(long_text) > parser.SHARED_TREE_CHARS
    assert parser.parse(long_text, loc) == parser.parse(long_text, loc)
    assert parser.parse(long_text, loc) is not parser.parse(long_text, loc)


def test_an_error_in_a_repeated_text_is_placed_where_each_copy_is_written():
    for line in (4, 11):
        with pytest.raises(PhiltreError) as caught:
            parser.parse("hand[me] +", Loc("r.yaml", line, 9))
        assert (caught.value.first.code, caught.value.first.loc.line) == ("E102", line)


def test_tables_for_another_lark_are_built_once_and_kept_in_the_cache_folder(tmp_path, monkeypatch):
    """With another lark installed the shipped tables do not fit: the first start builds them (40-60 ms), the next load them."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(parser, "grammar_key", lambda: "f" * 64)
    parser._lark.cache_clear()
    try:
        first = parser._lark()
        assert first.source_path != "<deserialized>"
        assert (tmp_path / "philtre" / ("grammar-tables-" + "f" * 16 + ".json")).is_file()
        parser._lark.cache_clear()
        again = parser._lark()
        assert again.source_path == "<deserialized>"
        assert again.parse(EXPRESSIONS[1]) == first.parse(EXPRESSIONS[1])
    finally:
        parser._lark.cache_clear()


def test_a_cache_folder_that_cannot_be_written_only_costs_the_build(tmp_path, monkeypatch):
    (tmp_path / "philtre").write_text("a file where the folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(parser, "grammar_key", lambda: "e" * 64)
    parser._lark.cache_clear()
    try:
        assert parser._lark().parse("a + b") is not None
    finally:
        parser._lark.cache_clear()
