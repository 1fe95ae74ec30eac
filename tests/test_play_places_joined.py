"""`philtre play` and `replay --text` tell the pieces one `place` statement puts one after another out of a quiet zone
onto one grid (a set-up's `for`) as one line, as far as the seat sees them (a trial's set-up was 29 lines)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.cli import main
from philtre.interpreter.cli_play import _tell

# three marks placed by a `for` on the public board, a fourth by another statement, then two on seat 1's own board,
# which seat 0 does not see
MARKS = """\
philtre: 1
game: marks
players: 2
components:
  mark: {attributes: {n: [1, 2, 3, 4, 5, 6]}, derive: {cells: "['m']"}, start: spare}
zones:
  spare: {quiet: true}
  board: {grid: {resolution: 1, width: 4, height: 2}, visible: everyone}
  mine: {each: player, grid: {resolution: 1, width: 4, height: 2}, visible: owner}
actions:
  wait: {}
flow:
  - for: x in range(3)
    do:
      - place: {piece: first(spare), to: board, at: "{'x': x, 'y': 0, 'rot': 0}"}
  - place: {piece: first(spare), to: board, at: "{'x': 3, 'y': 0, 'rot': 0}"}
  - for: x in range(2)
    do:
      - place: {piece: first(spare), to: "mine[1]", at: "{'x': x, 'y': 0, 'rot': 0}"}
  - decide: wait
    player: 0
  - decide: wait
    player: 1
winners: {highest: "score[p]"}
"""


def told(tmp_path, capsys, seat: int, text: str = MARKS) -> list:
    """What play tells ``seat`` of the set-up, a line each."""
    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 2, seed=1, record=True)
    _tell(game, seat, 0)
    return [line.strip() for line in capsys.readouterr().out.splitlines() if line.strip()]


def test_pieces_one_statement_places_out_of_a_quiet_zone_are_one_line(tmp_path, capsys):
    """The `for`'s three marks are one line, counted; the fourth, placed by another statement, keeps its own line with
    its cell; seat 1 sees its own board, and its two marks are one line too."""
    lines = told(tmp_path, capsys, 1)
    assert lines == ["3 marks from spare placed on board", "mark n=4 from spare placed on board at x=3 y=0",
                     "2 marks from spare placed on mine[1]"], lines


def test_places_a_seat_does_not_see_are_not_joined(tmp_path, capsys):
    """Seat 0 does not see mine[1]: each mark placed there is told as before, where it is hidden (a count joined from
    what it cannot see would tell it what the record hides), and the board's marks still one line."""
    lines = told(tmp_path, capsys, 0)
    assert lines[:2] == ["3 marks from spare placed on board", "mark n=4 from spare placed on board at x=3 y=0"], lines
    assert lines[2:] == ["mark n=5 from spare to mine[1]", "a hidden component placed on mine[1] at a hidden place",
                         "mark n=6 from spare to mine[1]", "a hidden component placed on mine[1] at a hidden place"], lines


def test_places_out_of_a_zone_not_quiet_are_told_one_by_one(tmp_path, capsys):
    """A zone not `quiet` is one the board shows: each piece out of it onto the board keeps its line and its cell."""
    lines = told(tmp_path, capsys, 1, MARKS.replace("spare: {quiet: true}", "spare: {visible: everyone}"))
    assert lines[:3] == [f"mark n={n} from spare placed on board at x={n - 1} y=0" for n in (1, 2, 3)], lines


def test_replay_text_joins_them_as_play_does_and_the_record_keeps_each_place(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(MARKS, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 2, seed=1, record=True)
    for seat in (0, 1):
        game.apply(seat, game.options(seat)[0])
    record = tmp_path / "marks.jsonl"
    game.recorder.write(record)
    replayed = CliRunner().invoke(main, ["replay", str(record), "--seat", "1", "--text"])
    assert replayed.exit_code == 0, replayed.output
    lines = [line.strip() for line in replayed.stdout.splitlines()]
    assert "3 marks from spare placed on board" in lines and "2 marks from spare placed on mine[1]" in lines, lines
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert sum(e.get("event") == "place" for e in events) == 6


@pytest.mark.parametrize("seat", [0, 1])
def test_the_board_after_shows_each_piece_joined(tmp_path, capsys, seat):
    """The line counts them; the board drawn right after shows where each lies (the reason a line each told nothing)."""
    (tmp_path / "ruleset.yaml").write_text(MARKS, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path), "-p", "2", "--seed", "1", "--seat", str(seat)], input="1\n")
    out = result.output
    assert "3 marks from spare placed on board\n" in out, out
    assert "    0  m m m m\n" in out, out
