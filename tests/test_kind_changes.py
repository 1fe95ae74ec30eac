"""Play's account and `replay --text` tell a piece swapped for one of another kind where it lay (language.md, A piece
that changes kind) as one line, alike ones of one decision together; the record keeps every move and place."""

from __future__ import annotations

from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.cli import main
from philtre.interpreter.cli_play import _tell

# seat 0 places a token at x=0, turning seat 1's at x=1 and x=2 over (each taken off, a spare of seat 0's placed
# there), then takes seat 1's token at x=4 off and places one of its own at x=5: a move, no change of kind
TURNOVER = """\
philtre: 1
game: turnover
players: 2
components:
  token: {each: player, copies: 5, derive: {cells: "['A' if owner == 0 else 'B']"}, start: "tray[owner]"}
zones:
  tray: {each: player, quiet: true}
  board: {grid: {resolution: 1, width: 6, height: 1, turns: false}}
actions:
  turn:
    choose: {at: "[0]"}
    do:
      - place: {piece: "first(tray[me])", to: board, at: {x: at, y: 0}}
      - for: x in [1, 2]
        do:
          - move: "piece_at(board, x, 0) -> tray[1 - me]"
          - place: {piece: "first(tray[me])", to: board, at: {x: x, y: 0}}
      - move: "piece_at(board, 4, 0) -> tray[1 - me]"
      - place: {piece: "first(tray[me])", to: board, at: {x: 5, y: 0}}
flow:
  - for: x in [1, 2, 4]
    do:
      - place: {piece: "first(tray[1])", to: board, at: {x: x, y: 0}}
  - place: {piece: "first(tray[0])", to: board, at: {x: 3, y: 0}}
  - decide: turn
    player: 0
winners: {highest: "score[p]"}
"""

TOLD = ["seat 0: turn(at=0)",
        "token (seat 0) from tray[0] placed on board at x=0 y=0",
        "board x=1 y=0, x=2 y=0: token (seat 1) -> token (seat 0)",
        "token (seat 1) from board at x=4 y=0 to tray[1]",
        "token (seat 0) from tray[0] placed on board at x=5 y=0"]


def _game(tmp_path):
    path = tmp_path / "turnover.yaml"
    path.write_text(TURNOVER, encoding="utf-8")
    return path, Game(load_ruleset(str(path)), 2, seed=1, record=True)


def test_play_tells_pieces_turned_over_as_one_line_of_their_cells(tmp_path, capsys):
    """A trial's move turning 11 discs over was 24 lines (each taken off, a spare placed), the move lost among them."""
    _, game = _game(tmp_path)
    _tell(game, 1, 0)  # (the set-up: places alone, no change of kind)
    capsys.readouterr()
    told = len(game.recorder.for_player(1))
    game.apply(0, game.options(0)[0])
    _tell(game, 1, told)
    lines = [line.strip().removeprefix("> ") for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert lines == TOLD, lines
    # the record keeps each move off and each place: only the telling folds them
    events = game.recorder.for_player(1)[told:]
    assert [e["event"] for e in events].count("place") == 4 and [e["event"] for e in events].count("move") == 7, events


def test_replay_text_tells_pieces_turned_over_as_play_does(tmp_path):
    _, game = _game(tmp_path)
    game.apply(0, game.options(0)[0])
    game.recorder.write(tmp_path / "game.jsonl")
    told = CliRunner().invoke(main, ["replay", str(tmp_path / "game.jsonl"), "--seat", "1", "--text"])
    assert told.exit_code == 0, told.output
    lines = [line.strip().removeprefix("> ") for line in told.stdout.splitlines()]
    assert lines[lines.index(TOLD[0]):] == TOLD + ["game over: scores [0, 0], winners [0, 1] (you among them)"], told.stdout


def test_a_board_that_names_its_cells_tells_the_cells_turned_over_by_their_names(tmp_path, capsys):
    """Where the grid has `labels`, the change's line names its cells as the board's moves and places are named."""
    path = tmp_path / "turnover.yaml"
    path.write_text(TURNOVER.replace("turns: false}", "turns: false, labels: {x: [a, b, c, d, e, f], y: ['1']}}"),
                    encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    _tell(game, 1, 0)  # (the set-up: where each piece lies)
    capsys.readouterr()
    told = len(game.recorder.for_player(1))
    game.apply(0, game.options(0)[0])
    _tell(game, 1, told)
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()]
    assert "board b1, c1: token (seat 1) -> token (seat 0)" in lines, lines
    assert "token (seat 0) from tray[0] placed on board at a1" in lines, lines
