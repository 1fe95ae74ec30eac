"""A map whose keys the checker knows is read with `.key`: an item of a constant table written as YAML data
(`ROUTES: [{a: X, b: Y, len: 2, colour: grey}]`) or a map literal of keys written out (`{'a': 1}`).

A trial wrote its map of cities and routes as such a table and read `ROUTES[e].len`: E152 "no component or die face
has an attribute 'len'", while `.a`, `.b` and `.colour` passed only because a ticket and a card declared those
attributes, and were typed as theirs; `ROUTES[0].colour == 'grey'` was then L010 against the cards' colours (its hint
said 'green', which would have broken the grey routes). Now such a read is typed as the key's own values, a key the map
lacks is E152 naming the keys it has, and the lints judge a value compared with it by the map's values
(docs/language.md, "Attribute access").
"""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

RULESET = """\
philtre: 1
game: routes
players: 2
components:
  card: {attributes: {colour: [red, blue], rank: [1, 2, J]}, start: deck}
zones:
  deck: {}
variables:
  got: 0
define:
  ROUTES:
    - {a: X, b: Y, len: 2, colour: grey}
    - {a: Y, b: Z, len: 3, colour: red, extra: 5}
  CITY: {X: {x: 1, y: 2, rank: 3}, Y: {x: 4, y: 0, rank: 1}}
  len_of(r): "r.len"
  col_is(r, c): "r.colour == c"
flow:
  - set: {got: "EXPR"}
winners: "[]"
"""


def _write(tmp_path, expr: str):
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("EXPR", expr), encoding="utf-8")
    return path


def _got(tmp_path, expr: str):
    return Game(load_ruleset(str(_write(tmp_path, expr))), 2, seed=0).state.vars["got"]


def _refused(tmp_path, expr: str) -> list:
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(_write(tmp_path, expr)))
    return caught.value.diagnostics


def _lints(tmp_path, expr: str) -> list:
    """The findings but L001's (the definitions EXPR leaves unused)."""
    return [f.diagnostic for f in check_file(str(_write(tmp_path, expr))).findings if f.diagnostic.code != "L001"]


def test_a_tables_maps_are_read_by_their_keys_with_a_dot(tmp_path):
    got = _got(tmp_path, "[ROUTES[0].len, ROUTES[1].colour, sum(r.len for r in ROUTES), "
                         "first(r for r in ROUTES if r.len > 2).b, CITY.Y.x, {'a': 1, 'b': [2]}.b]")
    assert got == [2, "red", 5, "Z", 4, [2]]


def test_a_key_some_maps_of_the_table_lack_is_none_on_those(tmp_path):
    assert _got(tmp_path, "[r.extra for r in ROUTES]") == [None, 5]


def test_a_definition_given_a_tables_map_reads_its_keys(tmp_path):
    assert _got(tmp_path, "[len_of(ROUTES[1]), col_is(ROUTES[0], 'grey')]") == [3, True]


def test_a_key_read_is_typed_as_the_keys_values_not_a_components_attribute(tmp_path):
    """`len` is a whole number, `colour` a word: adding them is refused before a game, as for any word and number."""
    said = _refused(tmp_path, "ROUTES[0].len + ROUTES[0].colour")
    assert [d.code for d in said] == ["E124"]


@pytest.mark.parametrize("read, keys", [
    ("ROUTES[0].lenght", "a, b, len, colour, extra"),
    ("ROUTES[0].rank", "a, b, len, colour, extra"),  # (a card's attribute: no key of the map's, all the same)
    ("{'a': 1}.b", "a"),
])
def test_a_key_the_map_lacks_is_refused_naming_its_keys(tmp_path, read, keys):
    said = _refused(tmp_path, read)
    assert [d.code for d in said] == ["E152"]
    assert said[0].message == f"a map {{{keys}}} has no key '{read.rsplit('.', 1)[1]}'"
    assert said[0].hint.endswith(f"its keys are {keys}")
    assert said[0].loc.col == 17 + len(read) - len(read.rsplit('.', 1)[1])  # (at the key: `  - set: {got: "` is 16)


def test_a_map_of_keys_not_known_keeps_the_bracket_rule(tmp_path):
    said = _refused(tmp_path, "[m.size for m in [{c.colour: 1} for c in deck]]")
    assert [d.code for d in said] == ["E152"] and "m['size']" in said[0].hint


def test_a_tables_value_is_no_components_attribute_value_for_l010(tmp_path):
    """The trial's false L010: grey is the route's colour, which no card has."""
    assert [d.code for d in _lints(tmp_path, "ROUTES[0].colour == 'grey'")] == []
    assert [d.code for d in _lints(tmp_path, "col_is(ROUTES[0], 'grey')")] == []


def test_a_word_no_map_of_the_table_holds_is_l010_with_the_tables_values(tmp_path):
    said = [d for d in _lints(tmp_path, "ROUTES[0].colour == 'gery'") if d.code == "L010"]
    assert len(said) == 1
    assert said[0].message == "the map's colour is never 'gery' here (its values: grey, red)"
    assert said[0].hint == "did you mean 'grey'?"


def test_a_tables_key_is_no_components_attribute_for_l037(tmp_path):
    """rank mixes numbers and words for the cards (L037 on `c.rank > 1`), not for the map's whole numbers."""
    assert [d.code for d in _lints(tmp_path, "CITY.X.rank > 1")] == []
    assert [d.code for d in _lints(tmp_path, "first(deck).rank > 1")] == ["L037"]


@pytest.mark.parametrize("read, hint", [
    ("r.lenght", "did you mean 'len', a key of ROUTES's maps (a, b, len, colour, extra)?; otherwise, a map's keys are "
                 "read with brackets: r['lenght']"),
    ("r.colr", "did you mean 'colour', an attribute and a key of ROUTES's maps (a, b, len, colour, extra)?"),
    ("r.rnak", "did you mean 'rank', an attribute and a key of CITY's maps (x, y, rank)?"),
    ("r.zzz", "a map's keys are read with brackets: r['zzz']"),
])
def test_a_misspelt_key_read_on_a_definitions_parameter_names_the_tables_key(tmp_path, read, hint):
    """`len_of(r): r.lenght`, given ROUTES[1]: r's type is known only at run time, so E152 said no component has an
    attribute 'lenght' and how a map's keys are read with brackets, never the table's `len`. Where the name is spelt
    like a key of a `define` table's maps, the hint names it, the table and its keys; a name like none is as before."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace('"r.len"', f'"{read}"').replace("EXPR", "len_of(ROUTES[1])"), encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    [said] = caught.value.diagnostics
    assert said.code == "E152" and said.message == f"no component or die face has an attribute '{read[2:]}'", said
    assert said.hint == hint, said.hint
