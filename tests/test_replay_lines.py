"""How `philtre replay` reads a record's lines: each one JSON object, a line that is not is refused at its line and column
in words a user can act on (docs/records.md, "Replay", step 1)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.game import Game
from philtre.interpreter.replay import record_players, replayed


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> list[str]:
    """The lines of a 3-player poison record, as the recorder writes them (each ended by a line break)."""
    rng = random.Random(7)
    game = Game(load_ruleset("poison"), 3, seed=7, record=True)
    while not game.finished:
        for seat in game.pending():
            game.apply(seat, rng.choice(game.options(seat)))
    path = tmp_path_factory.mktemp("rec") / "game.jsonl"
    game.recorder.write(path)
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def refused(tmp_path, text: str | bytes) -> str:
    """The first diagnostic of replaying a record made of ``text``, as printed."""
    path = tmp_path / "rec.jsonl"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    with pytest.raises(PhiltreError) as caught:
        replayed(str(path))
    return str(caught.value.first)


def record(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def test_a_record_as_written_replays(written, tmp_path):
    """The recorder ends every line with a line break (the file with one): that is a valid record, not a blank last line."""
    path = tmp_path / "rec.jsonl"
    path.write_text(record(written), encoding="utf-8")
    assert len(replayed(str(path)).recorder.events) == len(written)


def test_a_line_cut_after_a_key_names_the_column_where_it_ends(written, tmp_path):
    """It was column 1: the line's "\\n" was read as part of it, so the error fell on JSON's "line 2"."""
    cut = written[-1][:written[-1].index('"scores":') + len('"scores":')]
    message = refused(tmp_path, record(written[:-1] + [cut]))
    assert message.startswith(f"{tmp_path / 'rec.jsonl'}:{len(written)}:{len(cut) + 1}: P001 not a JSON line: "), message
    assert "the line ends where a value is expected (cut off?)" in message, message
    # the same without the last line break: the same place and words
    assert refused(tmp_path, "\n".join(written[:-1] + [cut])) == message


def test_a_line_cut_after_a_key_mid_record_names_its_column(written, tmp_path):
    cut = '{"event": "move", "from":'
    message = refused(tmp_path, record(written[:20] + [cut] + written[21:]))
    assert f"rec.jsonl:21:{len(cut) + 1}: P001 not a JSON line: the line ends where a value is expected (cut off?)" in message


def test_a_line_cut_inside_a_text_says_so(written, tmp_path):
    """It was "Invalid control character at" (the line break) or "Unterminated string starting at": both ending in "at"."""
    line = written[5]
    start = line.index('"', line.index(":")) + 1  # inside the first value that is a text
    cut = line[:start + 1]
    for text in (record(written[:5] + [cut] + written[6:]), "\n".join(written[:5] + [cut])):
        message = refused(tmp_path, text)
        assert f"rec.jsonl:6:{len(cut) + 1}: P001 not a JSON line: the line ends inside a text, begun at column {start} " \
               "(cut off?)" in message, message


def test_no_json_message_ends_in_a_dangling_at(written, tmp_path):
    nul = written[2].replace('"event":"', '"event":"\x00', 1)  # a NUL inside the event's name
    column = nul.index("\x00") + 1
    message = refused(tmp_path, record(written[:2] + [nul] + written[3:]))
    assert f"rec.jsonl:3:{column}: P001 not a JSON line: a control character (U+0000) inside a text" in message, message
    assert not message.rstrip().endswith(" at")


@pytest.mark.parametrize("line, column, words", [
    ('{"event": "move" "from": 1}', 18, "a ',' is expected"),
    ('{"event" "move"}', 10, "a ':' is expected"),
    ("{event: 1}", 2, "a key in double quotes is expected"),
    ('{"event": "a\\qb"}', 13, "JSON has no escape \\q (a backslash is written \\\\)"),
    ('{"event": "\\u12"}', 13, "a \\u escape needs four hex digits (\\u00e9)"),
    ('{"event": "move"} {}', 19, "the line goes on after its JSON value"),
], ids=["comma", "colon", "key", "escape", "u-escape", "extra"])
def test_a_line_that_is_not_json_is_refused_at_its_column_in_words(written, tmp_path, line, column, words):
    """Python's messages, some of them ending in "at" (their place cut off), are said in words that read on their own."""
    message = refused(tmp_path, record(written[:20] + [line] + written[21:]))
    assert message.endswith(f"rec.jsonl:21:{column}: P001 not a JSON line: {words}"), message


@pytest.mark.parametrize("blank", ["", "   \t", "\r"], ids=["empty", "spaces-and-tab", "carriage-return"])
def test_a_blank_line_inside_a_record_is_refused_at_its_line(written, tmp_path, blank):
    """It was skipped: a record with a blank line replayed, though every line of a record is a JSON object."""
    message = refused(tmp_path, record(written[:9] + [blank] + written[9:]))
    assert "rec.jsonl:10:1: P001 not a JSON line: the line is blank (each line of a record is one JSON object)" in message, message


def test_a_blank_line_after_the_end_is_refused_too(written, tmp_path):
    """The recorder never writes one: the file ends with the last line's line break."""
    message = refused(tmp_path, record(written + [""]))
    assert f"rec.jsonl:{len(written) + 1}:1: P001 not a JSON line: the line is blank" in message, message


def test_a_blank_first_line_is_refused_as_blank(tmp_path):
    assert "rec.jsonl:1:1: P001 not a JSON line: the line is blank" in refused(tmp_path, "\n")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(written, tmp_path, constant):
    """`{"event": NaN}` was read (Python's JSON reader takes it) and then differed from the replay's event: P010."""
    line = '{"event": "score", "player": 0, "add": ' + constant + "}"
    message = refused(tmp_path, record(written[:20] + [line] + written[21:]))
    column = line.index(constant) + 1
    assert f"rec.jsonl:21:{column}: P001 not a JSON line: {constant} is not a JSON number" in message, message


def test_nan_inside_a_text_is_only_a_text(written, tmp_path):
    """A text "NaN" is JSON: only the bare word is refused (here the line is no event the replay has: P010)."""
    message = refused(tmp_path, record(written[:20] + ['{"event": "NaN"}'] + written[21:]))
    assert "rec.jsonl:21:1: P010" in message, message


@pytest.mark.parametrize("value", [5, None, ["move"], {"name": "move"}])
def test_an_event_whose_name_is_not_a_text_says_so(written, tmp_path, value):
    """It was "P010 5 differs at event": the value was used as the event's name."""
    at = next(i for i, line in enumerate(written) if i and json.loads(line)["event"] == "decision")
    line = dict(json.loads(written[at]), event=value)
    message = refused(tmp_path, record(written[:at] + [json.dumps(line)] + written[at + 1:]))
    assert f"rec.jsonl:{at + 1}:1: P010 the line's event must be named by a text, not {json.dumps(value)}" in message, message

    line = dict(json.loads(written[1]), event=value)  # a line the replay produces itself
    message = refused(tmp_path, record(written[:1] + [json.dumps(line)] + written[2:]))
    assert f"rec.jsonl:2:1: P010 the line's event must be named by a text, not {json.dumps(value)}" in message, message


def test_a_record_with_a_byte_order_mark_replays(written, tmp_path):
    """An editor that saves UTF-8 "with BOM" puts one at the start of the file: it is skipped, not Python's
    "Unexpected UTF-8 BOM (decode using utf-8-sig)"."""
    path = tmp_path / "rec.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + record(written).encode("utf-8"))
    assert len(replayed(str(path)).recorder.events) == len(written)
    assert record_players(str(path)) == 3


def test_a_byte_order_mark_elsewhere_is_refused_in_words(written, tmp_path):
    message = refused(tmp_path, record(written[:3] + ["\ufeff" + written[3]] + written[4:]))
    assert "rec.jsonl:4:1: P001 not a JSON line: a byte order mark (U+FEFF) starts the line" in message, message
    assert "utf-8-sig" not in message


def test_a_column_on_the_first_line_of_a_file_with_a_byte_order_mark_is_counted_without_it(written, tmp_path):
    """An editor shows no byte order mark: the column is where the editor shows the character."""
    message = refused(tmp_path, b"\xef\xbb\xbf" + b'{"philtre_record": 1,\xff}\n')
    assert "rec.jsonl:1:22: P001 record is not UTF-8 text (byte 0xff at offset 24)" in message, message
    message = refused(tmp_path, "\ufeff" + '{"philtre_record": 1,\n')
    assert "rec.jsonl:1:22: P001 not a JSON line: the line ends where a key in double quotes is expected (cut off?)" in message


def test_the_command_line_says_where_a_cut_line_ends(written, tmp_path):
    cut = written[-1][:written[-1].index('"scores":') + len('"scores":')]
    (tmp_path / "cut.jsonl").write_text(record(written[:-1] + [cut]), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "philtre", "replay", "cut.jsonl"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stderr.startswith(f"cut.jsonl:{len(written)}:{len(cut) + 1}: P001 not a JSON line: the line ends where a value "
                                    "is expected (cut off?)"), result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("text", ["game: mine\nplayers: 2\n", "# my house rule\nextends: poison\n"])
def test_a_ruleset_given_for_a_record_is_told_apart(tmp_path, text):
    """`philtre replay game/ruleset.yaml` said only "not a JSON line: a value is expected", not that it is no record."""
    message = refused(tmp_path, text)
    assert "P001 not a JSON line" in message and "looks like YAML, a ruleset or an overlay, not a record" in message, message


def test_a_record_broken_after_its_first_line_is_no_yaml(written, tmp_path):
    """Only the first line tells a YAML file: a record's broken later line ("a: b" in it or not) is a broken record."""
    message = refused(tmp_path, record(written[:3] + ["scores: 1"]))
    assert "P001 not a JSON line" in message and "YAML" not in message, message


SECRET_BIDS = """\
philtre: 1
game: secret-bids
players: 3
variables:
  bids: {initial: 0, each: player}
  rounds: 0
actions:
  bid:
    choose: {n: "range(0, 4)"}
    do:
      - set: {"bids[me]": n}
flow:
  - repeat: 2
    do:
      - simultaneous: bid
      - set: {rounds: rounds + 1}
"""


def test_a_set_that_differs_names_its_target_and_the_decisions_before_it(tmp_path):
    """A trial edited a sealed bid in its record: replay said `P010 set differs at value`, naming neither the variable
    (`value` read as the subject) nor the decision whose edit made the difference, which is taken from the record as it
    stands. It names the set's target, `bids[0]`, and the decisions replayed last before the line."""
    (tmp_path / "ruleset.yaml").write_text(SECRET_BIDS, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path / "ruleset.yaml")), 3, seed=1, record=True)
    while not game.finished:
        for seat in game.pending():
            game.apply(seat, game.options(seat)[1])  # every bid 1
    path = tmp_path / "game.jsonl"
    game.recorder.write(path)
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    first = next(i for i, e in enumerate(events) if e.get("event") == "decision")
    events[first]["args"]["n"] = 3  # seat 0's bid edited: its set is the first line to differ
    at = next(i for i, e in enumerate(events) if e.get("event") == "set" and e.get("index") == 0) + 1
    message = refused(tmp_path, record([json.dumps(e) for e in events]))
    assert message == (f"{tmp_path / 'rec.jsonl'}:{at}:1: P010 set of bids[0] differs at value: the record has 1, the replay "
                       f"gives 3 (after the decisions at lines {first + 1}-{first + 3}: seat 0's bid(n=3), seat 1's bid(n=1), "
                       "seat 2's bid(n=1))"), message
    # a set of a whole variable: named without an index
    edited = [dict(e) for e in events]
    edited[first]["args"] = {"n": 1}
    rounds = next(i for i, e in enumerate(events) if e.get("variable") == "rounds")
    edited[rounds] = dict(edited[rounds], value=5)
    message = refused(tmp_path, record([json.dumps(e) for e in edited]))
    assert f":{rounds + 1}:1: P010 set of rounds differs at value: the record has 5, the replay gives 1 (after the " \
           f"decisions at lines {first + 1}-{first + 3}: " in message, message
