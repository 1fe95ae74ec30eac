"""What `philtre play` shows of a map variable and of the dice, and the docs' idiom of a board line that says what each
option would give (a Yahtzee trial: score cards listed in as many orders as seats, each box filled told as the whole
13-box card, five `dN shows` lines, and `show` reading `me` hard to find).

The CLI is run as a user runs it; the board's words are also checked through render's functions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.records import NumberKey
from philtre.interpreter.render import dice_lines, last_rolled, render_view, shown_values, variable_lines
from test_cli import philtre

LANGUAGE = Path(__file__).resolve().parents[1] / "docs" / "language.md"
DATA = Path(__file__).resolve().parent / "data"

# a pad of boxes filled one at a time, a box wiped out, two dice rolled before each decision
PAD = """\
philtre: 1
game: pad
players: 1
dice:
  d1: [{pips: 1}, {pips: 2}]
  d2: [{pips: 1}, {pips: 2}]
variables:
  pad: {initial: {}}
actions:
  mark:
    choose: {box: "['one', 'two', 'three', 'four', 'five', 'six', 'seven']"}
    if: box not in pad
    do:
      - set: {pad: "put(pad, box, 10)"}
  wipe:
    do:
      - set: {pad: "{}"}
flow:
  - repeat: 4
    do:
      - roll: all
      - decide: [mark, wipe]
        player: 0
"""


def _ruleset(tmp_path, text: str, name: str = "ruleset.yaml"):
    """The ruleset ``text`` written in tmp_path, loaded."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def test_a_map_on_the_board_lists_its_initial_keys_first_then_the_others_sorted(tmp_path):
    """Two seats' cards filled in other orders read in one order: the declared keys as declared, then the rest sorted,
    numbers (by value) before words; the map the rules hold keeps its own order."""
    rules = _ruleset(tmp_path, PAD.replace("  pad: {initial: {}}", "  pad: {initial: {}}\n"
                                            "  card: {initial: {b: null, a: null}, each: player}"))
    lines = variable_lines("card", [{"z": 3, "a": 1, "c": 4, "b": 2}, {"c": 4, "b": 2, "z": 3, "a": 1}], rules, 0)
    assert lines == ["  card = [{b: 2, a: 1, c: 4, z: 3}, {b: 2, a: 1, c: 4, z: 3}]"]
    numbers = {"x": 0, NumberKey("10"): 1, NumberKey("9"): 2}
    assert variable_lines("pad", numbers, rules, 0) == ["  pad = {9: 2, 10: 1, x: 0}"]
    assert list(numbers) == ["x", "10", "9"]  # (the value itself is left as it was)


def test_play_tells_a_map_set_by_the_entries_it_changes_and_shows_the_dice_on_one_line(tmp_path):
    """A box filled is told as that box, `pad[three] = 10`, where the seat was told the map before and the others
    stay; the first set, and one that takes keys out, are told whole. The record's replay as text tells the same."""
    (tmp_path / "ruleset.yaml").write_text(PAD, encoding="utf-8")
    record = tmp_path / "game.jsonl"
    result = philtre("play", tmp_path, "--seed", "1", "--record", record, stdin="seven\nthree\nfive\nwipe\n")
    assert result.returncode == 0, result.stderr
    told = [line.strip() for line in result.stdout.splitlines() if line.startswith("      pad")]
    assert told == ["pad = {seven: 10}", "pad[three] = 10", "pad[five] = 10", "pad = {}"]
    assert "  pad = {five: 10, seven: 10, three: 10}" in result.stdout.splitlines()  # (the board: sorted)
    dice = [line for line in result.stdout.splitlines() if "d1" in line and "rolled" not in line]
    assert dice and all(re.fullmatch(r"  dice show d1: pips=[12]; d2: pips=[12]", line) for line in dice), dice
    replayed = philtre("replay", record, "--seat", "0", "--text")
    assert replayed.returncode == 0, replayed.stderr
    assert [line.strip() for line in replayed.stdout.splitlines() if line.startswith("    pad")] == told


def test_play_tells_a_map_whole_where_more_than_three_entries_change(tmp_path):
    """Four boxes set at once are told as the map, as are the entries of a map the seat was never told."""
    rules = PAD.replace('{pad: "{}"}', "{pad: \"{'one': 1, 'two': 2, 'three': 3, 'four': 4, 'seven': 10}\"}")
    (tmp_path / "ruleset.yaml").write_text(rules, encoding="utf-8")
    result = philtre("play", tmp_path, "--seed", "1", stdin="seven\nwipe\n")
    told = [line.strip() for line in result.stdout.splitlines() if line.startswith("      pad")]
    assert told == ["pad = {seven: 10}", "pad = {four: 4, one: 1, seven: 10, three: 3, two: 2}"]


COUNTS = """\
philtre: 1
game: counts
players: 1
variables:
  counts: {initial: [1, 1, 1, 1, 1]}
actions:
  bump:
    choose: {i: "range(5)"}
    do:
      - set: {counts: "put(counts, i, counts[i] + 1)"}
  move:
    do:
      - set: {counts: "[counts[0] - 1, counts[1] + 1, counts[2], counts[3], counts[4]]"}
  all:
    do:
      - set: {counts: "[c + 1 for c in counts]"}
flow:
  - repeat: 3
    do:
      - decide: [bump, move, all]
        player: 0
"""


def test_play_and_replay_text_tell_a_list_set_by_the_entries_it_changes_and_the_record_keeps_it_whole(tmp_path):
    """A trial's counts, one a place in one list, were told whole at each battle (`armies = [1, 3, 2, ... 14
    numbers]`) for two to change: one to three entries changed are told a line each, as a map's are; more, whole. The
    record keeps the whole value; replay --text, told no board, starts from the declared values as play does and tells
    the same."""
    (tmp_path / "ruleset.yaml").write_text(COUNTS, encoding="utf-8")
    record = tmp_path / "game.jsonl"
    result = philtre("play", tmp_path, "--seed", "1", "--record", record, stdin="bump i=3\nmove\nall\n")
    assert result.returncode == 0, result.stderr
    told = [line.strip() for line in result.stdout.splitlines() if line.startswith("      counts")]
    assert told == ["counts[3] = 2", "counts[0] = 0", "counts[1] = 2", "counts = [1, 3, 2, 3, 2]"]
    sets = [json.loads(line)["value"] for line in record.read_text(encoding="utf-8").splitlines() if '"set"' in line]
    assert sets == [[1, 1, 1, 2, 1], [0, 2, 1, 2, 1], [1, 3, 2, 3, 2]]
    replayed = philtre("replay", record, "--seat", "0", "--text")
    assert [line.strip() for line in replayed.stdout.splitlines() if line.startswith("    counts")] == told


def test_the_dice_are_one_line_where_it_fits_else_a_line_a_die():
    faces = {"d1": {"pips": 2}, "d2": {"pips": 5}, "d3": None}  # (d3 not rolled yet: not shown)
    assert dice_lines(faces) == ["  dice show d1: pips=2; d2: pips=5"]
    assert dice_lines(faces, width=20) == ["  d1 shows pips=2", "  d2 shows pips=5"]
    assert dice_lines({"d1": {"pips": 2}}) == ["  d1 shows pips=2"]  # (one die: as it was)


def test_the_board_marks_a_die_the_last_roll_did_not_roll_and_the_record_stays_as_it_was(tmp_path):
    """A trial's board showed `d1: pips=4; d2: pips=2` after a defender rolled d1 alone, d2's face from an earlier
    battle, read as rolled with it: a die the last roll did not roll is marked `(earlier roll)`; the record keeps the
    rolls as ever (dice_earlier.yaml: seat 0 rolls a and b, then seat 1 and seat 0 roll a alone)."""
    record = tmp_path / "dice.jsonl"
    result = philtre("play", DATA / "dice_earlier.yaml", "-p", "2", "--seed", "1", "--record", record, stdin="1\n1\n")
    assert result.returncode == 0, result.stderr
    boards = [line for line in result.stdout.splitlines() if line.startswith("  dice show")]
    assert len(boards) == 2 and all(re.fullmatch(r"  dice show a: pips=\d; b: pips=\d \(earlier roll\)", b) for b in boards), boards
    rolls = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines() if '"roll"' in line]
    assert [sorted(e["dice"]) for e in rolls] == [["a", "b"], ["a"], ["a"]] and all(set(e) == {"event", "dice"} for e in rolls)
    assert philtre("replay", record).returncode == 0


def test_the_last_roll_is_every_roll_since_the_decision_before_it():
    """Two `roll` statements of one action are one roll to a player: neither's dice are marked; a roll before the
    decision is earlier; with no roll yet, nothing is known (no die is marked)."""
    roll = lambda *names: {"event": "roll", "dice": {n: {"pips": 1} for n in names}}  # noqa: E731
    decision = {"event": "decision", "player": 0, "action": "go", "args": {}}
    assert last_rolled([roll("a", "b"), decision, roll("a"), {"event": "set"}, roll("c")]) == {"a", "c"}
    assert last_rolled([roll("a"), decision, {"event": "set"}]) == {"a"}
    assert last_rolled([decision]) is None
    faces = {"a": {"pips": 2}, "b": {"pips": 5}}
    assert dice_lines(faces, last_roll=frozenset({"a"})) == ["  dice show a: pips=2; b: pips=5 (earlier roll)"]
    assert dice_lines(faces, width=20, last_roll=frozenset({"b"})) == ["  a shows pips=2 (earlier roll)", "  b shows pips=5"]


def test_language_md_shows_each_seat_what_its_options_would_give(tmp_path):
    """The docs' `show` of a definition reading `me`: each seat's board lists what each box it may still fill would
    score with the dice as they lie, and the text the docs quote is the one the board prints."""
    text = LANGUAGE.read_text(encoding="utf-8")
    marker = "**What each option would give.**"
    assert marker in text, "language.md no longer shows what each option would give"
    snippet = yaml.safe_load(re.search(r"```yaml\n(.*?)```", text[text.index(marker):], re.S).group(1))
    data = {"philtre": 1, "game": "boxes", "players": 2,
            "dice": {f"d{i}": [{"pips": 1}, {"pips": 2}, {"pips": 3}] for i in (1, 2, 3)},
            **snippet, "flow": [{"repeat": 3, "do": [{"for": "p in players", "do": [{"roll": "all"}, {"decide": "fill", "player": "p"}]}]}]}
    rules = _ruleset(tmp_path, yaml.safe_dump(data, sort_keys=False))
    game = Game(rules, 2, seed=4)
    for _ in range(3):  # (seat 0 fills a box, then seat 1: their cards differ)
        seat = game.pending()[0]
        game.apply(seat, game.options(seat)[-1])
    seat = game.pending()[0]
    pips = [game.state.dice[f"d{i}"]["pips"] for i in (1, 2, 3)]
    card = game.state.vars["card"][seat]
    want = ", ".join(f"{box} {(i + 1) * pips.count(i + 1)}" for i, box in enumerate(["ones", "twos", "threes"]) if box not in card)
    board = render_view(game.view(seat), rules, played=True, shown=shown_values(game, seat))
    assert f"  my_boxes = {want}" in board.splitlines(), board
    quoted = re.search(r"The board then reads `my_boxes = ([^`]*)` \(dice (\d), (\d) and (\d)\)", text)
    assert quoted, "language.md no longer quotes the board's line with its dice"
    dice = sorted(int(quoted.group(i)) for i in (2, 3, 4))
    first = next(g for g in (Game(rules, 2, seed=s) for s in range(200))
                 if sorted(g.state.dice[f"d{i}"]["pips"] for i in (1, 2, 3)) == dice)
    board = render_view(first.view(0), rules, played=True, shown=shown_values(first, 0))
    assert f"  my_boxes = {quoted.group(1)}" in board.splitlines(), board


def test_a_quiet_die_is_left_off_the_board_and_the_account_and_rolls_as_before(tmp_path):
    """A die written `{faces: [...], quiet: true}` (bookkeeping: a trial's die that turned drawn tokens into pieces
    showed its last face on every board) is neither shown nor told by play, nor by replay's text; the game, its record
    and the content hash are those of the die written as its faces."""
    quiet = PAD.replace("  d2: [{pips: 1}, {pips: 2}]", "  d2: {faces: [{pips: 1}, {pips: 2}], quiet: true}")
    (tmp_path / "ruleset.yaml").write_text(quiet, encoding="utf-8")
    record = tmp_path / "game.jsonl"
    result = philtre("play", tmp_path, "--seed", "1", "--record", record, stdin="seven\nthree\nfive\nwipe\n")
    assert result.returncode == 0, result.stderr
    assert "d2" not in result.stdout
    assert re.search(r"^  d1 shows pips=[12]$", result.stdout, re.M) and re.search(r"rolled d1: pips=[12]$", result.stdout, re.M)
    rolls = [e for e in map(json.loads, record.read_text(encoding="utf-8").splitlines()) if e.get("event") == "roll"]
    assert len(rolls) == 4 and all(set(e["dice"]) == {"d1", "d2"} for e in rolls)  # (rolled and recorded as before)
    replayed = philtre("replay", record, "--seat", "0", "--text")
    assert replayed.returncode == 0, replayed.stderr
    assert "d2" not in replayed.stdout and "rolled d1" in replayed.stdout
    assert _ruleset(tmp_path, quiet).content_hash == _ruleset(tmp_path, PAD, "plain.yaml").content_hash
