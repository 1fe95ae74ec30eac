"""What `philtre play` tells of the game between the seat's decisions (its account), in process: fast."""

from __future__ import annotations

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.cli_play import _tell

# seat 0's two alike men placed from the pool at (0, 0) and (2, 0); seat 0 then steps one of them to row 1
MEN = """\
philtre: 1
game: men
players: 2
components:
  man: {copies: 2, each: player, derive: {cells: "['m']"}, start: pool}
zones:
  pool: {visible: everyone}
  board: {grid: {resolution: 1, width: 4, height: 2}, visible: everyone}
actions:
  step:
    choose: {piece: "[c for c in board if c.owner == me]", to: "[[x, 1] for x in range(4)]"}
    do:
      - place: {piece: piece, to: board, at: "{'x': to[0], 'y': to[1], 'rot': 0}"}
flow:
  - for: x in [0, 2]
    do:
      - place: {piece: "first([c for c in pool if c.owner == 0])", to: board, at: "{'x': x, 'y': 0, 'rot': 0}"}
  - decide: step
    player: 0
winners: {highest: "score[p]"}
"""


def told_to_seat_1(tmp_path, capsys) -> str:
    """What play tells seat 1 after seat 0 stepped its man at (2, 0) to (3, 1)."""
    path = tmp_path / "men.yaml"
    path.write_text(MEN, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    chosen = next(o for o in game.options(0) if game.state.placed[dict(o.args)["piece"]["id"]][:2] == (2, 0)
                  and dict(o.args)["to"] == [3, 1])
    game.apply(0, chosen)
    _tell(game, 1, 0)
    return capsys.readouterr().out


def test_another_seat_s_move_names_the_piece_with_the_place_it_had(tmp_path, capsys):
    """An Onitama trial: the options name a piece on a grid with its place, the account of the other seat's move named
    it without (`piece=piece student (seat 0)`): which of four alike students moved could not be told."""
    out = told_to_seat_1(tmp_path, capsys)
    assert "  > seat 0: step(piece=man (seat 0) at x=2 y=0 rot=0, to=[3, 1])" in out, out
    assert "      man (seat 0) placed on board at x=3 y=1 rot=0" in out, out


def test_a_place_from_another_zone_is_told_once(tmp_path, capsys):
    """The record keeps a move (pool to board) and a place event; play told both, two lines for one piece set down."""
    out = told_to_seat_1(tmp_path, capsys)
    assert "      man (seat 0) from pool placed on board at x=0 y=0 rot=0\n" in out, out
    assert "      man (seat 0) from pool placed on board at x=2 y=0 rot=0\n" in out, out
    assert "to board" not in out, out
