"""What `philtre play` tells of the game between the seat's decisions (its account), in process: fast."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.cli import main
from philtre.interpreter.cli_play import _tell

# a variable `quiet` (flipped each turn), one not, and a quiet one each seat sees only its own entry of
QUIET = Path(__file__).resolve().parent / "data" / "quiet_bookkeeping.yaml"

# seeds sown one at a time through a quiet hand into the pits that follow
SOWING = Path(__file__).resolve().parent / "data" / "sowing_through_a_hand.yaml"

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
    if not path.exists():  # (a test may write its own men first)
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
    assert "  > seat 0: step(piece=man (seat 0) at x=2 y=0, to=[3, 1])" in out, out  # (one cell: rot=0 tells nothing)
    assert "      man (seat 0) placed on board at x=3 y=1\n" in out, out


def test_a_place_from_another_zone_is_told_once(tmp_path, capsys):
    """The record keeps a move (pool to board) and a place event; play told both, two lines for one piece set down."""
    out = told_to_seat_1(tmp_path, capsys)
    assert "      man (seat 0) from pool placed on board at x=0 y=0\n" in out, out
    assert "      man (seat 0) from pool placed on board at x=2 y=0\n" in out, out
    assert "to board" not in out, out


@pytest.mark.parametrize("moves, told", [
    (["first(board) -> pool", "board -> pool"], ["man (seat 0) from board at x=0 y=0 to pool",
                                                 "man (seat 0) from board at x=3 y=1 to pool"]),
    (["board -> pool"], ["man (seat 0) x2 from board at x=0 y=0, x=3 y=1 to pool"]),
])
def test_a_piece_taken_off_a_grid_is_told_with_the_cell_it_left(tmp_path, capsys, moves, told):
    """A Reversi trial: a disc taken off the board was told `disc (seat 1) from board to supply[1]`, no cell, though the
    options and the places name one: which of the alike discs went could not be told. The record keeps no cell with a
    move: play tells the one it followed the piece to (after a step on the grid too); several, each one's in order."""
    path = tmp_path / "men.yaml"
    path.write_text(MEN.replace("winners:", "".join(f'  - move: "{m}"\n' for m in moves) + "winners:"), encoding="utf-8")
    out = told_to_seat_1(tmp_path, capsys)
    for line in told:
        assert f"      {line}\n" in out, out


def test_play_does_not_tell_the_changes_of_a_quiet_variable():
    """Ludo, Crazy Eights, Quarto trials: every turn's account told the rules' bookkeeping (`again = false`, `again =
    true`, `done = true`, `placer = none`); a variable declared `quiet: true` is not told as it changes, one that is not
    is told as before; and the board before each decision (and at the end) shows the one that is not alone: Tsuro's
    trial listed its quiet table of 36 paths before every decision, bookkeeping as much as its changes."""
    result = CliRunner().invoke(main, ["play", str(QUIET), "--seed", "1"], input="1\n" * 8)
    out = result.output
    assert result.exit_code == 0, out
    assert "      total = 1\n" in out and "      total = 2\n" in out, out  # (seat 0's change, then seat 1's)
    assert "      flip =" not in out and "      marks" not in out, out
    assert "  flip =" not in out and "  marks =" not in out, out
    assert "\n  total = 0\n" in out and "\n  total = 2\n" in out, out  # (on the board: the first, and the last)


def played_with(text: str, tmp_path) -> tuple:
    """The ruleset of ``text`` played out at random (seed 3): its content hash, each seat's record and last view."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    game = Game(ruleset, 2, seed=3, record=True)
    game.play_out(random=random.Random(3))
    return ruleset.content_hash, [game.recorder.for_player(p) for p in (0, 1, None)], [game.view(p) for p in (0, 1)]


def test_quiet_changes_nothing_but_what_play_tells(tmp_path):
    """`quiet` is for play's account only: records, views (a quiet entry another seat owns still hidden) and the
    content hash (a record made before the key was added still replays) are those of the ruleset without it, a
    variable written in the short form before (`flip: false`) or in the long one (`marks`)."""
    text = QUIET.read_text(encoding="utf-8")
    loud = text.replace("flip: {initial: false, quiet: true}", "flip: false").replace(", quiet: true}", "}")
    assert "quiet" not in loud.split("variables:")[1]
    quiet = played_with(text, tmp_path)
    assert quiet == played_with(loud, tmp_path)
    records, views = quiet[1], quiet[2]
    assert any(e.get("variable") == "flip" for e in records[1]), records[1]
    assert any(e.get("variable") == "marks" and e.get("index") == 0 for e in records[0]), records[0]
    assert not any(e.get("variable") == "marks" and e.get("index") == 0 for e in records[1]), records[1]  # (not its own)
    assert views[1]["variables"]["marks"][0] == {"hidden": True} and views[1]["variables"]["marks"][1] > 0, views[1]


def test_replay_text_tells_a_place_as_play_does(tmp_path):
    """A chess trial: `replay --text` told `piece P (seat 0) placed on board at x=4 y=5 rot=0` on a board whose pieces
    never turn (`turns: false`), where play tells `... placed on board at x=4 y=5`; records.md says `--text` tells a
    record as play does. Both leave the rot=0 out, and a decision naming a place does too."""
    path = tmp_path / "men.yaml"
    path.write_text(MEN.replace("width: 4, height: 2}", "width: 4, height: 2, turns: false}"), encoding="utf-8")
    runner = CliRunner()
    made = runner.invoke(main, ["simulate", str(path), "-p", "2", "-n", "1", "--seed", "1", "--no-db",
                                "--record", str(tmp_path / "rec")])
    assert made.exit_code == 0, made.output
    [record] = (tmp_path / "rec").glob("*.jsonl")
    told = runner.invoke(main, ["replay", str(record), "--seat", "1", "--text"])
    assert told.exit_code == 0, told.output
    lines = told.stdout.splitlines()
    assert "    man (seat 0) from pool placed on board at x=0 y=0" in lines, told.stdout
    assert any(line.startswith("> seat 0: step(piece=man (seat 0) at x=") for line in lines), told.stdout
    assert "rot=" not in told.stdout, told.stdout


def test_a_move_through_a_quiet_zone_is_told_as_one_line(capsys):
    """A sowing trial: the seeds taken into a quiet hand and sown one by one were a line a seed (`seed from hand to
    pit[5]`), the hand the board hides named on each; play tells the move in and the moves out of it as one line from
    where they came to where they went."""
    game = Game(load_ruleset(str(SOWING)), 2, seed=1, record=True)
    game.apply(0, next(o for o in game.options(0) if dict(o.args)["from_pit"] == 4))
    _tell(game, 1, 0)
    out = capsys.readouterr().out
    assert "      seed x2 from pit[4] to pit[5], pit[0]\n" in out and "hand" not in out, out
    # (the set-up's moves out of the quiet supply into the pits, a `for`'s: one line, as alike seeds counted)
    assert "      12 seeds from supply to pit[0..5]\n" in out, out


@pytest.mark.parametrize("ids", [[1], [3, 1]])
def test_a_quiet_zone_that_gives_other_components_than_it_took_is_told_move_by_move(ids):
    """Where the moves out of a quiet zone before the next decision take out fewer than the move in put in, or one it
    held before, one line would tell what did not happen: each move is told as it is."""
    from philtre.interpreter.render import through_quiet

    def pit(i):
        return {"zone": "pit", "index": i}

    hand = {"zone": "hand", "index": None}
    events = ([{"event": "move", "components": [{"type": "seed", "id": 1}, {"type": "seed", "id": 2}], "from": pit(0), "to": hand}]
              + [{"event": "move", "components": [{"type": "seed", "id": i}], "from": hand, "to": pit(i)} for i in ids])
    assert through_quiet(events, load_ruleset(str(SOWING))) == events


def test_replay_text_tells_a_move_through_a_quiet_zone_and_the_end_as_play_does(tmp_path):
    """`replay --text` tells a sowing through a quiet hand on one line, as play does, and the game's end: a Kalah trial's
    tie stopped at its last score line, read as a game unfinished."""
    runner = CliRunner()
    made = runner.invoke(main, ["simulate", str(SOWING), "-p", "2", "-n", "1", "--seed", "1", "--no-db",
                                "--record", str(tmp_path / "rec")])
    assert made.exit_code == 0, made.output
    [record] = (tmp_path / "rec").glob("*.jsonl")
    for seat, yours in (["--seat", "1"], " (you among them)"), (["--onlooker"], ""):
        told = runner.invoke(main, ["replay", str(record), *seat, "--text"])
        assert told.exit_code == 0, told.output
        lines = told.stdout.splitlines()
        assert "    seed x2 from pit[4] to pit[5], pit[0]" in lines and "hand" not in told.stdout, told.stdout
        assert lines[-1] == f"game over: scores [0, 0], winners [0, 1]{yours}", told.stdout


# five paintings of long names moved at once by another seat's action
MOVED_AT_ONCE = """\
philtre: 1
game: moved
players: 2
components:
  painting: {attributes: {artist: [first_painter, second_painter, third_painter, fourth_painter, fifth_painter],
                          kind: [sealed_auction]}, start: gallery}
zones:
  gallery: {visible: everyone}
  discard: {visible: everyone}
actions:
  clear:
    do:
      - move: gallery -> discard
  wait: {}
flow:
  - decide: clear
    player: 1
  - decide: wait
    player: 0
"""


def test_a_long_move_is_broken_after_a_comma_at_the_width_of_the_boards_zone_lines(tmp_path):
    """A trial's season end moved five paintings in one line of 160 characters, where the board breaks its zone lines."""
    (tmp_path / "ruleset.yaml").write_text(MOVED_AT_ONCE, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1"], input="1\n")
    assert result.exit_code == 0, result.output
    told = result.output.split("  > seat 1: clear()\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert told == ["      painting first_painter sealed_auction, painting second_painter sealed_auction,",
                    "          painting third_painter sealed_auction, painting fourth_painter sealed_auction,",
                    "          painting fifth_painter sealed_auction from gallery to discard"], told
    assert all(len(line) <= 100 for line in result.output.splitlines()), result.output


# a trick of three cards on the table gathered into one pile, and the hands into another
TRICK = """\
philtre: 1
game: trick
players: 3
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {each: player, visible: everyone}
  won: {visible: nobody}
  pile: {visible: nobody}
actions:
  clear:
    do:
      - move: table -> won
      - move: hand -> pile
  wait: {}
flow:
  - deal: {from: deck, to: table, count: 1}
  - deal: {from: deck, to: hand, count: 1}
  - decide: clear
    player: 1
  - decide: wait
    player: 0
"""


def test_a_move_from_a_familys_zones_into_one_is_one_line_counting_the_cards_the_seat_saw(tmp_path, capsys):
    """A Belote trial: a trick gathered to the won pile was told a line a card, 128 lines a deal repeating the cards
    each seat had just seen played, where a deal is one line. One line now: the cards the seat saw counted, from the
    zones as a range; each it did not see as a move tells it (here hidden), so the line tells no more than the moves."""
    (tmp_path / "ruleset.yaml").write_text(TRICK, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 3, seed=1, record=True)
    game.apply(1, game.options(1)[0])
    _tell(game, 0, 0)
    lines = capsys.readouterr().out.splitlines()
    told = lines[lines.index("  > seat 1: clear()") + 1:]
    assert told == ["      3 cards from table[0..2] to won",
                    "      1 card from hand[0]; a hidden component from hand[1]; a hidden component from hand[2] to pile"], lines

    made = CliRunner().invoke(main, ["simulate", str(tmp_path), "-p", "3", "-n", "1", "--seed", "1", "--no-db",
                                     "--record", str(tmp_path / "rec")])
    assert made.exit_code == 0, made.output
    [record] = (tmp_path / "rec").glob("*.jsonl")
    replayed = CliRunner().invoke(main, ["replay", str(record), "--seat", "2", "--text"])
    assert replayed.exit_code == 0, replayed.output
    assert "    3 cards from table[0..2] to won" in replayed.stdout.splitlines(), replayed.stdout
    assert ("    a hidden component from hand[0]; a hidden component from hand[1]; 1 card from hand[2] to pile"
            in replayed.stdout.splitlines()), replayed.stdout


def test_a_gather_into_a_zone_the_seat_sees_names_its_own_cards_as_it_names_the_others(tmp_path, capsys):
    """A trial's hands handed in to a face-up table were told `card art=26 from offered[0]; 1 card from offered[1];
    card art=56 from offered[2] to table` to seat 1: its own card counted, the others' named. Into a zone the seat sees,
    every card is named alike; from zones it all saw (the table's trick) the line still counts them."""
    public = TRICK.replace("won: {visible: nobody}", "won: {visible: everyone}").replace(
        "pile: {visible: nobody}", "pile: {visible: everyone}")
    (tmp_path / "ruleset.yaml").write_text(public, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 3, seed=1, record=True)
    hands = [[c["rank"] for c in game.state.zones["hand"][p]] for p in range(3)]
    game.apply(1, game.options(1)[0])
    _tell(game, 0, 0)
    lines = capsys.readouterr().out.splitlines()
    told = lines[lines.index("  > seat 1: clear()") + 1:]
    assert told == ["      3 cards from table[0..2] to won",
                    "      " + "; ".join(f"card rank={hand[0]} from hand[{p}]" for p, hand in enumerate(hands)) + " to pile"], lines


# a trade of two hidden hands through a quiet zone, the other half of the trade moved between its move in and out
QUIET_SWAP = """\
philtre: 1
game: quiet-swap
players: 2
components:
  card: {attributes: {rank: 1..8}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  swap: {visible: nobody, quiet: true}
actions:
  trade:
    do:
      - move: hand[me] -> swap
      - move: hand[1 - me] -> hand[me]
      - move: swap -> hand[1 - me]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: trade
    player: 0
"""


def _traded(tmp_path, capsys, text: str = QUIET_SWAP) -> tuple:
    """Seat 0's trade of QUIET_SWAP (or ``text``): (what play tells each seat, seat 0's card, seat 1's, each seat's record)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    mine, theirs = (f"card rank={game.state.zones['hand'][p][0]['rank']}" for p in (0, 1))
    game.apply(0, game.options(0)[0])
    told = []
    for seat in (0, 1):
        _tell(game, seat, 0)
        told.append(capsys.readouterr().out)
    return told, mine, theirs, [game.recorder.for_player(p) for p in (0, 1)]


def test_a_trade_through_a_quiet_zone_tells_each_seat_where_the_cards_it_saw_went(tmp_path, capsys):
    """A Love Letter trial: the trading seat was told `a hidden component from swap to hand[1]` of its own card, seen
    going into the quiet zone, and both seats three lines naming the zone the board hides. The seat counts the zone,
    empty before: what came out is what went in, and each card is named as the seat saw it, going in or coming out."""
    told, mine, theirs, records = _traded(tmp_path, capsys)
    assert f"      {mine} from hand[0] to hand[1]\n      {theirs} from hand[1] to hand[0]\n" in told[0], told[0]
    assert f"      {mine} from hand[0] to hand[1]\n      {theirs} from hand[1] to hand[0]\n" in told[1], told[1]
    assert "swap" not in told[0] + told[1] and "hidden" not in told[0].split("trade")[-1], told
    for seat, record in enumerate(records):  # (the records keep each move, as the seat sees it)
        moves = [e for e in record if e.get("event") == "move"]
        assert [(m["from"]["zone"], m["to"]["zone"]) for m in moves] == [("hand", "swap"), ("hand", "hand"), ("swap", "hand")]
        assert moves[2 - 2 * seat]["components"] == [{"hidden": True}], moves  # (the card it did not see move)


@pytest.mark.parametrize("change", [
    ("swap: {visible: nobody, quiet: true}", "swap: {visible: nobody, count: nobody, quiet: true}"),  # (uncounted)
    ("  card: {attributes: {rank: 1..8}, start: deck}",  # (a token lay there before: which came out is unseen)
     "  card: {attributes: {rank: 1..8}, start: deck}\n  token: {start: swap}"),
])
def test_a_quiet_zone_the_seat_cannot_tell_empty_keeps_what_came_out_of_it_hidden(tmp_path, capsys, change):
    """Where the seat does not count the quiet zone, or the zone held something before, it cannot tell what came out of
    it from what went in: the moves are told each as the seat sees it, the card it did not see come out hidden."""
    text = QUIET_SWAP.replace(*change).replace("move: swap -> hand[1 - me]", "move: last(swap) -> hand[1 - me]")
    told, mine, theirs, _ = _traded(tmp_path, capsys, text)
    assert f"      {mine} from hand[0] to swap\n" in told[0] and "a hidden component from swap to hand[1]\n" in told[0], told[0]
    assert f"{mine} from hand[0] to hand[1]" not in told[0] + told[1] and f"{mine} from swap to hand[1]" in told[1], told
