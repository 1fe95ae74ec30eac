"""How `place` is written: `at:` as a YAML mapping of expressions, and what validate finds before a game runs.

A new user's Connect Four wrote `at: {x: x, y: 0, rot: 0}`, as scenarios write placements: V001 asked to quote it,
and quoted, its bare keys were unknown names (E150). The same user's piece type without `cells`, and a placement
`"{'x': x, 'y': 0}"` without `rot`, passed validate and failed at the first move (R100)."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

RULESET = """\
philtre: 1
game: drops
players: 2
components:
  disc: {each: player, copies: 3, start: "supply[owner]"DERIVE}
zones:
  supply: {each: player}
  board: {grid: {resolution: 1, width: 3, height: 3}}
actions:
  put:
    choose: {x: "range(3)"}
    if: piece_at(board, x, 0) == none
    do:
      - place: {piece: "last(supply[me])", to: board, at: AT}
flow:
  - turns: 0
    until: count(board) == 3
    do:
      - decide: put
"""


def _write(tmp_path, at: str, derive: str = ', derive: {cells: "[owner]"}') -> str:
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("AT", at).replace("DERIVE", derive), encoding="utf-8")
    return str(path)


def _findings(tmp_path, at: str, **kw) -> list:
    """Each finding of validate as (code, line, column, message)."""
    found = check_file(_write(tmp_path, at, **kw), lints=False).findings
    return [(f.diagnostic.code, f.diagnostic.loc.line, f.diagnostic.loc.col, f.diagnostic.message) for f in found]


def test_at_written_as_a_mapping_of_expressions_places_the_piece(tmp_path):
    """Each value is an expression: x the chosen column, y and rot numbers, rot a sum."""
    game = Game(load_ruleset(_write(tmp_path, "{x: x, y: 0, rot: 90 - 90}")), 2, seed=0)
    assert _findings(tmp_path, "{x: x, y: 0, rot: 90 - 90}") == []
    option = next(o for o in game.options(0) if dict(o.args)["x"] == 2)
    game.apply(0, option)
    assert list(game.state.placed.values()) == [(2, 0, 0)]


@pytest.mark.parametrize("at, code, col, said", [
    ("{x: x, y: zz, rot: 0}", "E150", 69, "unknown name 'zz'"),  # at the value's own place
    ("{x: x, y: \"'top'\", rot: 0}", "E120", 70, "the placement's y must be a whole number"),
    ("{x: x, y: 0}", "S021", 59, "this one has no rot"),
    ("{x: x}", "V002", 59, "'y' is required here"),  # (rot may be left out, on a grid whose pieces never turn)  # (a grid whose pieces turn: rot 0 on one that never does)
    ("{x: x, y: 0, rot: 0, flip: true}", "V001", 80, "'flip' was unexpected"),
    ("{x: x, y: 0, rot: 45}", "E120", 77, "a placement's rot is one of 0, 90, 180, 270 (a turn clockwise), not 45"),
])
def test_a_mapping_s_mistakes_are_found_where_they_are_written(tmp_path, at, code, col, said):
    found = _findings(tmp_path, at)
    assert len(found) == 1 and found[0][:3] == (code, 14, col) and said in found[0][3], found


@pytest.mark.parametrize("at, col, said", [
    ("\"{'x': x, 'y': 0}\"", 61, "a placement is {x, y, rot}, and this one has no 'rot'"),
    ("\"{'x': x, 'y': 0, 'rot': 0, 'flip': true}\"", 87, "a placement is {x, y, rot}: it has no flip"),
    ("\"{'x': x, 'y': 0, 'rot': 180 + 1}\"", None, None),  # (a rot computed: known when the game runs)
    ("\"{'x': x, 'y': 0, 'rot': 45}\"", 84, "a placement's rot is one of 0, 90, 180, 270"),
    ("\"{x: x, 'y': 0, 'rot': 0}\"", 61, "a bare name as a map's key is its value, and 'x' is written bare"),
    ("\"{'x': x, 'y': 0, 'rot': 0, 'overlap': 0, 'touching': 0}\"", None, None),  # (as placements() lists it)
])
def test_a_placement_map_literal_place_would_refuse_is_e120_at_validate(tmp_path, at, col, said):
    found = _findings(tmp_path, at)
    if col is None:
        assert found == []
    else:
        assert [f[:3] for f in found] == [("E120", 14, col)] and said in found[0][3], found


def test_bare_keys_are_told_how_to_write_the_placement(tmp_path):
    """Quoting the mapping as V001 said: the hint writes the keys as words, with the values as they were."""
    found = check_file(_write(tmp_path, '"{x: x, y: 0, rot: 0}"'), lints=False).findings
    said = [f.diagnostic for f in found if f.diagnostic.code == "E120"]
    assert len(said) == 1 and "{'x': x, 'y': 0, 'rot': 0}" in said[0].hint, said


def test_a_piece_of_no_type_with_cells_is_e120_at_validate(tmp_path):
    """No component type has `cells`: every place fails at the rule, so validate says so at the piece."""
    found = _findings(tmp_path, "{x: x, y: 0, rot: 0}", derive="")
    assert [f[:3] for f in found] == [("E120", 14, 24)], found
    assert "no component type has a 'cells' attribute" in found[0][3]


@pytest.mark.parametrize("at, got", [
    ("{}", "got an empty mapping"),
    ("[x, 0, 0]", "got a list"),
    ("5", "got the number 5"),
    # a Santorini trial: "a mapping without y and rot", which named no z and asked for a rot turns: false needs not
    ("{x: x, z: 0}", "got a mapping without y and with z, no key of a placement"),
])
def test_an_at_that_is_neither_a_mapping_of_x_y_rot_nor_an_expression_says_what_at_takes(tmp_path, at, got):
    """`at: {}` was told "expected a text, got a mapping" (a new-user trial): only one of the two things at: takes."""
    found = _findings(tmp_path, at)
    assert len(found) == 1 and found[0][:3] == ("V001", 14, 59), found
    assert found[0][3] == ("place's at takes a placement: a mapping {x: X, y: Y, rot: ROT} (each an expression) or an "
                           f"expression in quotes that gives one; {got}"), found
    hint = check_file(_write(tmp_path, at), lints=False).findings[0].diagnostic.hint
    assert hint.startswith("write at: {x: 0, y: 0, rot: 0}, rot the turn clockwise, 0, 90, 180 or 270;"), hint


@pytest.mark.parametrize("at, this", [
    ('"[[0, 0], [1, 0], [2, 0]][x]"', "a list of whole numbers"),  # as a parameter chosen among [x, y] lists
    ('"[x, 0]"', "a list of whole numbers"),
    ('"x"', "a whole number"),
    ("\"'top'\"", "a word"),
    ('"last(supply[me])"', "a component"),
    ('"board"', "a zone"),
])
def test_an_at_of_a_type_known_to_be_no_placement_is_e120_at_validate(tmp_path, at, this):
    """`at: to`, `to` chosen among [x, y] lists, passed validate and failed the first game (R100 "a placement is {x, y,
    rot}, not [6, 6]"): its type was known. The hint for a list writes it as a placement, and that validates."""
    found = check_file(_write(tmp_path, at), lints=False).findings
    assert [(f.diagnostic.code, f.diagnostic.loc.line, f.diagnostic.loc.col) for f in found] == [("E120", 14, 59)], found
    said = found[0].diagnostic
    assert said.message == f"the placement must be a map {{x: .., y: .., rot: ..}}, but this is {this}", said
    if this.startswith("a list"):
        hinted = said.hint.removeprefix("write its x and y as one: at: ").partition(", or at: ")
        assert _findings(tmp_path, hinted[0]) == [] and _findings(tmp_path, hinted[2]) == [], said.hint


@pytest.mark.parametrize("at", ['"placement(last(supply[me]))"', '"first(placements(board, last(supply[me])))"'])
def test_an_at_that_may_be_a_placement_is_left_to_the_run(tmp_path, at):
    """A record (a placement, or none where the piece is on no grid) is checked when the game runs."""
    assert _findings(tmp_path, at) == []


@pytest.mark.parametrize("grid, to", [
    ("board: {grid: {resolution: 1, width: 3, height: 3, turns: false}}", "board"),
    ("board: {grid: {resolution: 1, width: 3, height: 3, turns: false}, each: player}", "board[me]"),
])
def test_rot_left_out_is_0_on_a_grid_whose_pieces_never_turn(tmp_path, grid, to):
    """A Checkers trial's `at: {x: .., y: ..}` on a `turns: false` board was V002 'rot' is required: there rot can only be
    0, as a scenario's at: leaves it out; the piece is placed at rot 0, on a family's grid too."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("AT", "{x: x, y: 0}").replace('DERIVE', ', derive: {cells: "[owner]"}')
                    .replace("board: {grid: {resolution: 1, width: 3, height: 3}}", grid)
                    .replace("to: board,", f'to: "{to}",').replace("piece_at(board,", f"piece_at({to},")
                    .replace("count(board)", "count(components) - count(supply[0]) - count(supply[1])"), encoding="utf-8")
    assert [f.diagnostic for f in check_file(str(path), lints=False).findings] == []
    game = Game(load_ruleset(str(path)), 2, seed=0)
    game.apply(0, next(o for o in game.options(0) if dict(o.args)["x"] == 1))
    assert list(game.state.placed.values()) == [(1, 0, 0)]


def test_a_piece_that_is_none_names_the_expression_that_gave_none(tmp_path):
    """A Reversi trial: `last(supply[me])` of an empty supply stopped the game with "place needs a component, got
    none", which did not say what was none nor why."""
    from philtre.dsl.errors import PhiltreError

    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("copies: 3", "copies: 1").replace("AT", "{x: x, y: 0, rot: 0}")
                    .replace("DERIVE", ', derive: {cells: "[owner]"}'), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=0)
    for seat in (0, 1):
        game.apply(seat, game.options(seat)[0])
    with pytest.raises(PhiltreError) as caught:
        game.apply(0, game.options(0)[0])
    assert ("place needs a component, got none: `last(supply[me])` is none (last() found nothing: an empty zone or "
            "list, or an 'if' that kept no item)") in str(caught.value), str(caught.value)
