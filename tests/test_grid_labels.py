"""A board's axes named as its game names them (`grid: {..., labels: {x: [a, b, c], y: ['1', '2', '3']}}`): S041
where they cannot name the board's cells one each; play draws them, writes a cell by them (d3) in the options, the
account and `replay --text`, and reads one typed so; records keep x and y, and the content hash leaves them out (a
trial's players said d3 where play said x=3 y=2, and refused d3)."""

from __future__ import annotations

import json

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError

LABELLED = """\
philtre: 1
game: labelled
players: 2
components:
  disc: {each: player, copies: 5, derive: {cells: "['x' if owner == 0 else 'o']"}, start: "box[owner]"}
zones:
  box: {each: player}
  board: {grid: {resolution: 1, width: 3, height: 3, turns: false, labels: {x: [a, b, c], y: ['1', '2', '3']}}}
actions:
  put:
    choose: {at: "placements(board, last(box[me]))"}
    if: at.overlap == 0
    do:
      - place: {piece: "last(box[me])", to: board, at: at}
flow:
  - turns: 0
    until: count(board) >= 4
    do:
      - decide: put
winners: {highest: "score[p]"}
"""
LABELS = "labels: {x: [a, b, c], y: ['1', '2', '3']}"


def _load(tmp_path, text: str):
    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    return load_ruleset(str(tmp_path))


def _finding(tmp_path, text: str):
    with pytest.raises(PhiltreError) as caught:
        _load(tmp_path, text).layout(2)
    return caught.value.diagnostics[0]


def test_labels_name_each_cell_by_its_column_then_its_row(tmp_path):
    labels = _load(tmp_path, LABELLED).zones["board"].labels
    assert labels.cell(0, 0) == "a1" and labels.cell(2, 1) == "c2" and labels.cell(3, 0) is None
    assert labels.read("b3") == (1, 2) and labels.read("B3") == (1, 2) and labels.read("d1") is None
    assert labels.read("b") is None and labels.read("33") is None


@pytest.mark.parametrize("labels, said, at", [
    ("labels: {x: [a, b, c], y: ['1', '2']}", "the grid 'board' has height 3, and its labels y name 2 rows", "['1', '2']"),
    ("labels: {x: [a, b, c, d], y: ['1', '2', '3']}", "has width 3, and its labels x name 4 columns", "[a, b, c, d]"),
    ("labels: {x: [a, b, a], y: ['1', '2', '3']}", "the labels x of grid 'board' name two columns 'a'", "[a, b, a]"),
    ("labels: {x: ['1', '11', '2'], y: ['1', '11', '3']}", "two cells of grid 'board' would be named '111'", "{x: ['1'"),
])
def test_labels_that_cannot_name_each_cell_once_are_s041_where_written(tmp_path, labels, said, at):
    text = LABELLED.replace(LABELS, labels)
    found = _finding(tmp_path, text)
    line = text.splitlines()[found.loc.line - 1]
    assert found.code == "S041" and said in found.message, str(found)
    assert line[found.loc.col - 1:].startswith(at), str(found)


def test_labels_on_a_grid_without_edges_or_of_another_size_than_an_expression_makes_are_s041(tmp_path):
    found = _finding(tmp_path, LABELLED.replace("width: 3, height: 3, ", ""))
    assert found.code == "S041" and "has labels but no edges" in found.message
    found = _finding(tmp_path, LABELLED.replace("width: 3,", "width: \"2 + player_count\","))
    assert found.code == "S041" and "the grid 'board' has width 4, and its labels x name 3" in found.message


def test_labels_leave_the_content_hash_as_it_was_so_an_older_record_replays(tmp_path):
    labelled = _load(tmp_path, LABELLED).content_hash
    assert _load(tmp_path, LABELLED.replace(", " + LABELS, "")).content_hash == labelled
    assert _load(tmp_path, LABELLED.replace("width: 3", "width: 4").replace("[a, b, c]", "[a, b, c, d]")).content_hash != labelled


def test_a_label_of_other_characters_is_told_what_a_name_is_made_of(tmp_path):
    found = _finding(tmp_path, LABELLED.replace("y: ['1', '2', '3']", "y: ['1', '2', 'x-'], z: [1]"))
    assert found.code == "V001", str(found)
    found = _finding(tmp_path, LABELLED.replace("y: ['1', '2', '3']", "y: ['1', '2', 'x-']"))
    assert found.code == "V001" and "'x-' is not written as expected: a board's column or row is named by letters" in found.message


def _play(tmp_path, typed: str, text: str = LABELLED, *more) -> tuple:
    """`philtre play` of ``text`` (seed 3) with ``typed`` as the seat's lines: its exit code and all it said."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "3", *more], input=typed)
    return result.exit_code, result.output


def test_play_draws_the_names_and_writes_and_reads_a_cell_by_them(tmp_path):
    code, said = _play(tmp_path, "b2\nC1\n", LABELLED, "--record", str(tmp_path / "mine.jsonl"))
    assert code == 0, said
    assert "  board (a..c across, 1..3 down; . is an empty cell):\n       a b c \n    1  . . .\n" in said
    assert "    5. put(at=b2)\n" in said and "x=" not in said, said
    assert "  = put(at=b2)\n" in said and "disc (seat 0) from box[0] placed on board at b2\n" in said
    assert "  = put(at=c1)\n" in said  # (a name in another case, where no other cell is named so)
    records = [json.loads(line) for line in (tmp_path / "mine.jsonl").read_text().splitlines()]
    placed = [e["at"] for e in records if e.get("event") == "place"]
    assert placed[0] == {"x": 1, "y": 1, "rot": 0} and placed[2] == {"x": 2, "y": 0, "rot": 0}  # (records keep x and y)


def test_replay_text_tells_a_cell_by_the_names(tmp_path):
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    code, said = _play(tmp_path, "b2\n1\n", LABELLED, "--record", str(tmp_path / "mine.jsonl"))
    assert code == 0, said
    told = CliRunner().invoke(main, ["replay", str(tmp_path / "mine.jsonl"), "--seat", "0", "--text"]).output
    assert "> seat 0 (you): put(at=b2)\n    disc (seat 0) from box[0] placed on board at b2\n" in told, told


def test_a_position_on_a_board_whose_pieces_turn_is_written_with_its_rot_and_typed_with_it(tmp_path):
    turning = LABELLED.replace(", turns: false", "").replace("""['x' if owner == 0 else 'o']""", """['x' if owner == 0 else 'o', 'x']""")
    code, said = _play(tmp_path, "b2 90\n", turning)
    assert "   11. put(at=(b2, rot=90))\n" in said and "   4. put(at=(b2, rot=0))\n" in said, said
    assert "  = put(at=(b2, rot=90))\n" in said and "placed on board at b2 rot=90\n" in said, said


def test_a_cell_name_no_option_has_says_how_a_cell_is_typed(tmp_path):
    code, said = _play(tmp_path, "z9\n")
    assert "'z9' is not among this turn's options (the 9 the rules allow now): type an option's number, 1..9, or a " \
           "cell by its name (e.g. 'c3')" in said, said


def test_grids_labelled_differently_write_a_position_by_x_and_y_and_each_grid_its_own_cells(tmp_path):
    two = LABELLED.replace("  box: {each: player}\n", "  box: {each: player}\n  side: {grid: {resolution: 1, width: 3, "
                           "height: 3, labels: {x: [p, q, r], y: [s, t, u]}}}\n")
    code, said = _play(tmp_path, "1 1\n", two)
    assert "    5. put(at=(x=1, y=1))\n" in said and "placed on board at b2\n" in said, said
    assert "  side (p..r across, s..u down; . is an empty cell):\n" in said


def test_a_failing_step_s_legal_options_name_a_cell_as_play_does(tmp_path):
    """A trial: T013 listed `place(at=(x=6, y=0))` where play lists `place(at=g1)`; the step is still written by x and y."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    scenario = ("scenarios:\n  - name: off the board\n    players: 2\n    steps:\n"
                "      - {player: 0, action: put, args: {at: {x: 5, y: 5}}}\n    expect: [count(board) == 1]\n")
    (tmp_path / "ruleset.yaml").write_text(LABELLED + scenario, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "T013" in result.output and "legal: put(at=a1), put(at=b1), put(at=c1), put(at=a2)" in result.output, result.output
    assert "x=" not in result.output.split("legal:")[1].split("\n")[0], result.output


def test_a_step_the_rules_forbid_names_the_cell_by_the_labels_then_by_x_and_y(tmp_path):
    """A trial: T013 wrote the refused option `play(at=(x=4, y=5))` beside legal ones listed `play(at=a9)`, and play
    writes it by the labels: it is written as the legal ones are, with the x and y the step is written in after it."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    scenario = ("scenarios:\n  - name: on a taken cell\n    players: 2\n    steps:\n"
                "      - {player: 0, action: put, args: {at: {x: 1, y: 2}}}\n"
                "      - {player: 1, action: put, args: {at: {x: 1, y: 2}}}\n    expect: [count(board) == 2]\n")
    (tmp_path / "ruleset.yaml").write_text(LABELLED + scenario, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert ("T013 put {at: {x: 1, y: 2}} is not a legal option: the rules forbid put(at=b3) (x=1, y=2) now (the if of "
            "put") in result.output, result.output
    assert "legal: put(at=a1), put(at=b1)" in result.output, result.output
