"""A `set` whose new value a seat may not see is not told to that seat: not in its record, its play account or its
`replay --seat` (the value is hidden anyway; the event would tell only that the `set` ran, and under a `when` reading
a secret, that the `when` held). The full record keeps it, and a record made before replays as it was written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from test_cli import philtre

DATA = Path(__file__).parent / "data" / "hidden_set"

# a trial's sealed auction: each seat bids at once, in secret; the flow settles it after all bids, the winner paying
SEALED = """\
philtre: 1
game: sealed
players: 3
variables:
  money: {initial: 10, each: player, visible: owner}
  offer: {initial: 0, each: player}
  high: {initial: 0}
actions:
  bid:
    choose: {n: "[5, 6]"}
    do:
      - set: {"offer[me]": n}
  spend:
    do:
      - set: {"money[me]": "money[me] - 1"}
flow:
  - simultaneous: bid
  - set: {high: "max(offer)"}
  - set: {"money[1]": "money[1] - offer[1]"}
  - decide: spend
    player: 2
  - decide: spend
    player: 1
  - set: {"money[2]": 0}
  - decide: spend
    player: 0
"""


def told(tmp_path, ruleset: str = SEALED) -> tuple:
    """The account ``philtre play`` tells seat 0 (its first option taken at each decision): (exit code, stdout)."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(ruleset, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1", "--players", "3",
                                       "--agents", "random"], input="1.\n1\n")
    return result.exit_code, result.stdout


def test_play_tells_no_set_of_another_seats_hidden_entry_by_a_decision_or_the_flow(tmp_path):
    """Play's account named another seat's hidden entry on the line of the decision that set it (`; money[2] set
    (hidden)`), and one the flow set on a line of its own (`money[1] = hidden`); neither is told now. What the seat
    sees is told as before: the public `high`, and its own entry."""
    code, out = told(tmp_path)
    assert code == 0, out
    assert "money[1]" not in out.split("\n\n", 1)[1] and "money[2] = " not in out and "set (hidden)" not in out, out
    assert "  > seat 2: spend()\n" in out and "  > seat 1: spend()\n" in out, out
    assert "      high = 6\n" in out or "      high = 5\n" in out, out
    assert "      money[0] = 9\n" in out, out


def test_replay_text_and_json_of_a_seat_leave_the_untold_sets_out_and_the_full_record_keeps_them(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(SEALED, encoding="utf-8")
    record = tmp_path / "game.jsonl"
    played = philtre("play", tmp_path, "--seed", "1", "--players", "3", "--record", record, stdin="1.\n1\n", timeout=60)
    assert played.returncode == 0, played.stderr
    full = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert [(e["variable"], e.get("index")) for e in full if e.get("event") == "set" and e["variable"] == "money"] == \
        [("money", 1), ("money", 2), ("money", 1), ("money", 2), ("money", 0)]
    text = philtre("replay", record, "--seat", "0", "--text")
    assert text.returncode == 0, text.stderr
    assert "money[1]" not in text.stdout and "money[2]" not in text.stdout and "    money[0] = 9\n" in text.stdout, text.stdout
    seat = philtre("replay", record, "--seat", "2")
    sets = [json.loads(line) for line in seat.stdout.splitlines() if '"event":"set"' in line]
    assert [e.get("index") for e in sets if e["variable"] == "money"] == [2, 2], sets  # (its own entry, told)
    assert "lines replayed, all events match" in seat.stderr, seat.stderr


def copied(tmp_path, name: str) -> Path:
    """The trial's repro ``name`` (its ruleset and a record made before sets went untold) copied into ``tmp_path``, the
    record's header naming the copy: the path of the record."""
    folder = tmp_path / name
    shutil.copytree(DATA / name, folder)
    record = folder / "game-00001.jsonl"
    lines = record.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["ruleset"]["source"] = str(folder / "ruleset.yaml")
    record.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return record


def test_a_hidden_variable_set_under_a_secret_when_is_not_told_to_the_other_seat(tmp_path):
    """A Belote trial: `flag` (`visible: nobody`) set under `when: any(c.rank == 4 for c in hand[0])` was told to seat 1
    as `flag = hidden` in exactly the deals where seat 0 held the 4. The record made then replays; seat 1 is not told."""
    record = copied(tmp_path, "leak")
    assert '"event":"set","variable":"flag"' in record.read_text(encoding="utf-8")  # (the full record has it)
    for args in ([], ["--text"]):
        result = philtre("replay", record, "--seat", "1", *args)
        assert result.returncode == 0, result.stderr
        assert "flag" not in result.stdout, result.stdout
        assert "> seat 1 (you): go()" in result.stdout or '"action":"go"' in result.stdout, result.stdout
    assert philtre("replay", record).returncode == 0


def test_another_seats_entry_set_under_a_secret_when_is_not_told_to_it_and_is_to_its_owner(tmp_path):
    """The same trial's second repro: `n[0]` (`visible: owner`) set under that `when` was `n[0] = hidden` to seat 1."""
    record = copied(tmp_path, "leak2")
    other = philtre("replay", record, "--seat", "1", "--text")
    assert other.returncode == 0, other.stderr
    assert "n[0]" not in other.stdout, other.stdout
    owner = philtre("replay", record, "--seat", "0", "--text")
    assert "    n[0] = 1\n" in owner.stdout, owner.stdout


# a trial's first move set a count and its seat's entry to the values they started with: no news to play
UNCHANGED = """\
philtre: 1
game: unchanged
players: 2
variables:
  passes: {initial: 0}
  prisoners: {initial: 0, each: player}
actions:
  go:
    do:
      - set: {passes: 0, "prisoners[me]": "prisoners[me]"}
  take:
    do:
      - set: {passes: 1, "prisoners[me]": 2}
flow:
  - decide: go
    player: 0
  - decide: go
    player: 1
  - decide: take
    player: 1
"""


def test_replay_text_starts_from_the_declared_values_as_play_does(tmp_path):
    """`replay --text` told the first set of each value (`prisoners[0] = 0`, `passes = 0` under the first move) where
    play, which starts from the declared values, tells none: a set is told where it changes the value, in both."""
    (tmp_path / "ruleset.yaml").write_text(UNCHANGED, encoding="utf-8")
    record = tmp_path / "game.jsonl"
    played = philtre("play", tmp_path, "--seed", "1", "--seat", "1", "--agents", "random", "--record", record,
                     stdin="1\n1\n", timeout=60)
    assert played.returncode == 0, played.stderr
    sets = [line.strip() for line in played.stdout.splitlines() if " = " in line and line.startswith("      ")]
    assert sets == ["passes = 1", "prisoners[1] = 2"], played.stdout
    for who in (["--seat", "1"], ["--onlooker"]):
        text = philtre("replay", record, *who, "--text")
        assert text.returncode == 0, text.stderr
        assert [line.strip() for line in text.stdout.splitlines() if " = " in line] == sets, text.stdout
