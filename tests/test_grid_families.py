"""A grid a seat (`each: player`) or several (`copies`): each a board of its own (language.md, zones' `grid`).

Patchwork's writer needed each player's own quilt board and could declare only one shared grid (R009)."""

from __future__ import annotations

import random

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.render import render_view

QUILTS = """\
philtre: 1
game: quilts
players: 2..3
components:
  tile: {attributes: {c: [1, 2, 3, 4, 5, 6]}, derive: {cells: "[c, c]"}, start: pool}
zones:
  pool: {visible: everyone}
  quilt: {each: player, grid: {resolution: 1}, visible: VISIBLE}
actions:
  lay:
    choose: {piece: "pool", at: "placements(quilt[me], piece)"}
    if: at.overlap == 0 and (count(quilt[me]) == 0 or at.touching > 0)
    do:
      - place: {piece: piece, to: "quilt[me]", at: at}
flow:
  - turns: 0
    until: count(pool) == 0
    do:
      - decide: lay
winners: {highest: "count(regions(quilt[p]))"}
"""


def _game(tmp_path, visible: str = "everyone", text: str = QUILTS, seed: int = 1) -> Game:
    path = tmp_path / "quilts.yaml"
    path.write_text(text.replace("VISIBLE", visible), encoding="utf-8")
    return Game(load_ruleset(str(path)), 2, seed=seed, record=True)


def _first_options(game, turns: int) -> None:
    for _ in range(turns):
        seat = game.pending()[0]
        game.apply(seat, game.options(seat)[0])


def test_each_seat_lays_on_its_own_grid(tmp_path):
    """The first tile of each seat goes at (0, 0) of its own quilt: the other's tile covers no cell of it."""
    game = _game(tmp_path)
    _first_options(game, 2)
    quilts = game.state.zones["quilt"]
    assert [len(q) for q in quilts] == [1, 1]
    assert [game.state.placed[q[0].ident] for q in quilts] == [(0, 0, 0), (0, 0, 0)]
    # seat 0's next tiles must touch its own first tile, not lie apart from it: options read its quilt alone
    assert all(dict(o.args)["at"]["touching"] > 0 for o in game.options(0))


def test_a_game_plays_out_and_each_grid_scores_its_own_regions(tmp_path):
    game = _game(tmp_path)
    game.play_out(random=random.Random(4).random)
    assert game.finished and sum(len(q) for q in game.state.zones["quilt"]) == 6
    assert game.winners


def test_a_move_onto_a_seats_grid_is_refused_as_onto_any_grid(tmp_path):
    text = QUILTS.replace('      - place: {piece: piece, to: "quilt[me]", at: at}', "      - move: piece -> quilt[me]")
    with pytest.raises(PhiltreError, match="E120 'quilt' is a grid: pieces reach a grid only by place") as refused:
        _first_options(_game(tmp_path, text=text), 1)
    # the hint is pasted as it is: the seat's grid as written (not the family), the placement quoted for YAML
    assert "(place: {piece: ..., to: \"quilt[me]\", at: \"{'x': 0, 'y': 0, 'rot': 0}\"})" in str(refused.value), str(refused.value)
    with pytest.raises(PhiltreError, match="quilt is a grid: put pieces on it with place"):  # named otherwise: at run time
        _first_options(_game(tmp_path, text=text.replace("-> quilt[me]", "-> [quilt[me]][0]")), 1)


def test_a_seats_hidden_grid_is_its_own_to_see(tmp_path):
    """`visible: owner`: seat 0 sees its quilt drawn and where its tile lies; seat 1 sees only how many tiles it holds,
    in its view and in its record."""
    game = _game(tmp_path, "owner")
    _first_options(game, 1)
    mine, theirs = game.view(0)["zones"]["quilt"][0], game.view(1)["zones"]["quilt"][0]
    assert mine["placements"] == [{"id": game.state.zones["quilt"][0][0].ident, "x": 0, "y": 0, "rot": 0}]
    assert theirs == {"count": 1}
    placed = [e for e in game.recorder.for_player(1) if e.get("event") == "place"]
    assert placed and all(e["at"] == {"hidden": True} for e in placed), placed
    assert "quilt[0] (you) (x across, y down" in render_view(game.view(0), game.ruleset)
    assert "quilt[0]: 1 hidden" in render_view(game.view(1), game.ruleset)
