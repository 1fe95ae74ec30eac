"""`philtre play` and `replay --text` tell the moves one after another out of one zone into a family's zones, where
the zone or the family is `quiet` (a `for` moving a piece a zone: a set-up), as one line: the seat's own pieces named,
another seat's hidden ones counted (a trial's random set-up from a seat's hidden box was 40 lines a seat)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.cli import main
from philtre.interpreter.cli_play import _tell

# each seat's three pieces, shuffled in its own box, moved a piece a square by a `for`; the squares only their owner sees
SETUP = """\
philtre: 1
game: setup
players: 2
components:
  piece:
    each: player
    list:
      - {rank: low}
      - {rank: mid}
      - {rank: high}
    start: "box[owner]"
zones:
  box: {each: player, visible: owner, quiet: true}
  sq: {each: player, copies: 4, visible: owner, count: everyone, quiet: true}
actions:
  wait: {}
flow:
  - for: p in players
    do:
      - shuffle: "box[p]"
      - for: i in range(3)
        do:
          - move: "last(box[p]) -> sq[p][i + 1]"
  - decide: wait
    player: 0
  - decide: wait
    player: 1
winners: "[]"
"""


def game_of(tmp_path, text: str = SETUP) -> Game:
    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    return Game(load_ruleset(str(tmp_path)), 2, seed=1, record=True)


def told(tmp_path, capsys, seat: int, text: str = SETUP) -> list:
    """What play tells ``seat`` of the set-up, a line each (a long one, broken after a comma, put together again)."""
    _tell(game_of(tmp_path, text), seat, 0)
    lines: list = []
    for line in capsys.readouterr().out.splitlines():
        if line.startswith("        ") and lines:  # (deeper than a told line: the rest of the one before)
            lines[-1] += " " + line.strip()
        elif line.strip():
            lines.append(line.strip())
    return lines


def own_pieces(game: Game, seat: int) -> list:
    """The ranks of ``seat``'s pieces on its squares 1 to 3, in turn, as the full record has them."""
    moves = [e for e in game.recorder.events if e.get("event") == "move" and e["from"] == {"zone": "box", "index": seat}]
    return [e["components"][0]["rank"] for e in moves]


def test_a_seats_own_set_up_is_one_line_naming_its_pieces_and_the_others_counted(tmp_path, capsys):
    game = game_of(tmp_path)
    ranks = own_pieces(game, 0)
    lines = told(tmp_path, capsys, 0)
    named = ", ".join(f"piece {rank} (seat 0)" for rank in ranks)
    assert lines == [f"3 pieces from box[0] to sq[0][1..3]: {named}", "3 hidden components from box[1] to sq[1][1..3]"], lines


def test_the_other_seat_is_told_no_rank_of_the_first_seats_pieces(tmp_path, capsys):
    lines = told(tmp_path, capsys, 1)
    assert lines[0] == "3 hidden components from box[0] to sq[0][1..3]", lines
    assert lines[1].startswith("3 pieces from box[1] to sq[1][1..3]: piece "), lines
    assert len(lines) == 2 and not any("(seat 0)" in line for line in lines), lines


def test_moves_between_zones_not_quiet_are_told_one_by_one(tmp_path, capsys):
    text = SETUP.replace(", quiet: true}", "}")
    game = game_of(tmp_path, text)
    lines = told(tmp_path, capsys, 0, text)
    assert lines[:3] == [f"piece {rank} (seat 0) from box[0] to sq[0][{i + 1}]" for i, rank in enumerate(own_pieces(game, 0))], lines


def test_replay_text_joins_them_as_play_does_and_the_record_keeps_each_move(tmp_path):
    game = game_of(tmp_path)
    for seat in (0, 1):
        game.apply(seat, game.options(seat)[0])
    record = tmp_path / "setup.jsonl"
    game.recorder.write(record)
    replayed = CliRunner().invoke(main, ["replay", str(record), "--onlooker", "--text"])
    assert replayed.exit_code == 0, replayed.output
    lines = [line.strip() for line in replayed.stdout.splitlines()]
    assert lines[:2] == ["3 hidden components from box[0] to sq[0][1..3]", "3 hidden components from box[1] to sq[1][1..3]"], lines
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert sum(e.get("event") == "move" for e in events) == 6
