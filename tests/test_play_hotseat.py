"""`philtre play --seat 0 --seat 1`: several people at one terminal (hot seat), each shown its own seat's view only.

A trial writing a party game (several people round one terminal) could seat one person at play. The subprocess helper
and the repository root come from test_cli.py (never a traceback, whatever happens)."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time

import pytest

from test_cli import ROOT, philtre

# two hands of cards no two alike (card n=11 .. card n=18), held in secret; turns, then a simultaneous step, then a reveal
HANDS = ROOT / "tests" / "data" / "hotseat_hands.yaml"
HAND_OVER = re.compile(r"^Seat (\d+)(?:'s turn| to choose): pass the terminal to seat \1$", re.M)
END = "The game is over: its end, as every seat may see it"


def segments(out: str) -> list[tuple[int, str]]:
    """(seat, what was printed from its hand-over to the next one, or to the game's end) for each hand-over."""
    shown = out.split(END)[0]
    marks = list(HAND_OVER.finditer(shown))
    return [(int(m.group(1)), shown[m.end():marks[i + 1].start() if i + 1 < len(marks) else len(shown)])
            for i, m in enumerate(marks)]


def cards_held(segment: str, seat: int) -> set[str]:
    """The cards the board shows in ``seat``'s own hand, `card n=13` and so on."""
    line = re.search(rf"^  hand\[{seat}\] \(you\): \[(.*)\]$", segment, re.M)
    return set(re.findall(r"card n=\d+", line.group(1))) if line else set()


@pytest.mark.parametrize("seed", [1, 2])
def test_each_seat_at_a_hot_seat_is_shown_its_own_hand_never_the_others(seed):
    result = philtre("play", HANDS, "--seat", "0", "--seat", "1", "--seed", seed, stdin="1\n" * 6, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "seats 0, 1 play at this terminal, in turn" in result.stdout.splitlines()[0]
    assert "\033[" not in result.stdout + result.stderr  # piped: nothing cleared
    told = segments(result.stdout)
    assert [seat for seat, _ in told] == [0, 1] * 3, result.stdout  # handed over at each decision, the first too
    first = {seat: cards_held(text, seat) for seat, text in told[:2]}
    assert len(first[0]) == len(first[1]) == 4 and not first[0] & first[1]
    for seat, text in told:
        other = 1 - seat
        assert cards_held(text, seat), text  # the board drawn is the seat's asked, its own hand shown
        assert f"hand[{other}] (you)" not in text and re.search(rf"^  hand\[{other}\]: \d hidden$", text, re.M), text
        seen = set(re.findall(r"card n=\d+", text))
        assert not seen & first[other], f"seat {other}'s cards shown to seat {seat}:\n{text}"
    # the simultaneous step: the second seat asked is told the first has chosen, not what
    assert "at once: seats 0, 1 choose in secret (seat 0 has chosen)" in told[-1][1]
    # the end is everyone's: the kept cards revealed, the hands left hidden
    end = result.stdout.split(END)[1]
    assert re.search(r"kept\[0\] revealed: card n=\d+", end) and re.search(r"^  hand\[0\]: 1 hidden$", end, re.M), end
    assert "(you" not in end and "game over: winners [0] (seed" in end


def test_a_hot_seat_tells_each_seat_what_happened_from_its_view_its_own_decision_again():
    """What the table is told is drawn for the seat handed the terminal: its own play named, the other's hidden."""
    result = philtre("play", HANDS, "--seat", "0", "--seat", "1", "--seed", "1", stdin="1\n" * 6, timeout=120)
    assert result.returncode == 0, result.stderr
    told = segments(result.stdout)
    mine = re.search(r"^  > seat 0 \(you\): play\(card=(card n=\d+)\)$", told[2][1], re.M)
    assert mine, told[2][1]  # its prompt was cleared off the screen since
    assert "  > seat 1: play(card=a hidden component)" in told[2][1]
    assert "  > seat 0: play(card=a hidden component)" in told[3][1] and mine.group(1) not in told[3][1]


def test_poison_at_a_hot_seat_keeps_each_hand_hidden_from_the_other_and_records_both_seats(tmp_path):
    record = tmp_path / "hot.jsonl"
    result = philtre("play", "poison", "--players", "3", "--seat", "0", "--seat", "1", "--seed", "2", "--record", record,
                     stdin="1\n" * 300, timeout=180)
    assert result.returncode == 0, result.stderr
    told = segments(result.stdout)
    assert {seat for seat, _ in told} == {0, 1} and len(told) > 6
    for seat, text in told:
        other = 1 - seat
        assert f"turn: seat {seat} (you)" in text and f"hand[{seat}] (you)" in text, text
        assert f"hand[{other}] (you)" not in text, text
        hands = re.findall(rf"^  hand\[{other}\]: (.*)$", text, re.M)  # (none where it is empty)
        assert all(re.fullmatch(r"\d+ hidden", hand) for hand in hands), text
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["agents"] == ["external", "external", "random"]
    assert philtre("replay", record).returncode == 0


@pytest.mark.parametrize("args, said", [
    (("-p", "4", "--seat", "0", "--seat", "2", "--agents", "greedy,random,random"),
     "give one agent for all the other seats, or one per other seat (2: seats 1, 3), got 3 "
     "(the seats not played at the terminal: --seat 0, 2)"),
    (("-p", "3", "--seat", "0", "--seat", "1", "--seat", "2", "--agents", "greedy,random"),
     "every seat is played at the terminal (--seat): no seat is left to an agent, got 2"),
    (("-p", "3", "--seat", "1", "--seat", "1"), "seat 1 is given twice"),
    (("-p", "3", "--seat", "0", "--seat", "3"), "seat must be 0..2"),
])
def test_a_hot_seat_refuses_agents_or_seats_it_cannot_seat(args, said):
    result = philtre("play", "poison", *args, stdin="", timeout=60)
    assert result.returncode == 2 and said in result.stderr, result.stderr
    assert result.stdout == ""  # nothing dealt


def test_agents_one_per_seat_left_are_seated_in_seat_order(tmp_path):
    result = philtre("play", "poison", "-p", "4", "--seat", "0", "--seat", "2", "--agents", "greedy,random", "--seed", "3",
                     "--record", "hot.jsonl", stdin="1\n" * 300, cwd=tmp_path, timeout=180)
    assert result.returncode == 0, result.stderr
    header = json.loads((tmp_path / "hot.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["agents"] == ["external", "greedy", "external", "random"]


def test_a_single_seat_is_played_as_before_without_a_hand_over():
    result = philtre("play", HANDS, "--seat", "1", "--seed", "1", stdin="1\n" * 3, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "hotseat-hands: 2 players, you are seat 1"
    assert not HAND_OVER.search(result.stdout) and END not in result.stdout
    assert "  > seat 1 (you): play(" not in result.stdout  # its own turn's decision is its prompt's, as ever
    assert re.search(r"^game over: winners \[0\] \(seed 1", result.stdout, re.M)


def _read_until(fd: int, needle: bytes, seen: bytearray, start: int, deadline: float) -> bytes:
    """Read the terminal ``fd`` into ``seen`` until ``needle`` has come after ``start``; what came after it by then."""
    while needle not in seen[start:] and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:  # the process has gone
                break
    return bytes(seen[start:])


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_at_a_terminal_the_screen_is_cleared_and_enter_awaited_before_the_next_seats_board():
    import pty

    main, child = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "COLUMNS": "100", "LINES": "40"}
    process = subprocess.Popen([sys.executable, "-m", "philtre", "play", str(HANDS), "--seat", "0", "--seat", "1",
                                "--seed", "1"], cwd=ROOT, stdin=child, stdout=child, stderr=child, env=env)
    os.close(child)
    seen = bytearray()
    deadline = time.monotonic() + 120
    try:
        for at, seat in enumerate((0, 1, 0, 1, 0, 1)):
            whose = "'s turn" if at < 4 else " to choose"  # (the keep at once comes after the turns, in none)
            asked = f"Seat {seat}{whose}: pass the terminal to seat {seat}, then press Enter".encode()
            before = len(seen)
            handed = _read_until(main, asked, seen, before, deadline)
            assert asked in handed, handed.decode(errors="replace")
            assert b"\033[2J" in handed[:handed.index(asked)]  # cleared first: the last seat's view is gone
            assert f"hand[{seat}] (you)".encode() not in handed  # not drawn before Enter
            os.write(main, b"\r")
            board = _read_until(main, b"your choice", seen, before + len(handed), deadline)
            assert f"hand[{seat}] (you)".encode() in board and f"hand[{1 - seat}] (you)".encode() not in board
            os.write(main, b"1\r")
        end = _read_until(main, b"game over", seen, len(seen), deadline)
        assert END.encode() in end and b"game over: winners [0]" in end, end.decode(errors="replace")
        assert b"\033[2J" in end[:end.index(END.encode())]  # the last seat's view cleared before the end is drawn
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main)
    assert b"Traceback" not in seen


SLIDE = """\
philtre: 1
game: slide
players: 2
components:
  man: {each: player, copies: 2, derive: {cells: "[owner]"}, start: "home[owner]"}
zones:
  home: {each: player, visible: everyone}
  board: {grid: {resolution: 1, turns: false}, visible: everyone}
variables:
  turn: {initial: 0}
actions:
  put:
    choose: {p: "[first(home[me])]", to: "[[turn, me]]"}
    do:
      - place: {piece: p, to: board, at: {x: "to[0]", y: "to[1]"}}
  step:
    choose: {p: "[c for c in board if c.owner == me]", to: "[[9, me]]"}
    do:
      - place: {piece: p, to: board, at: {x: "to[0]", y: "to[1]"}}
flow:
  - turns: 0
    until: turn == 3
    do:
      - decide: [put]
        when: turn < 2
      - decide: [step]
        when: turn == 2
      - set: {turn: "turn + (1 if current == 1 else 0)"}
"""


def test_the_end_names_a_moved_piece_by_where_it_lay_as_the_game_told_it(tmp_path):
    """A Hive trial: the end's account, as every seat may see it, read `> seat 0: move(bug=bug grasshopper (seat 0),
    to=[7, -4])`, where the game had told `... at x=3 y=-1`: which of two alike pieces moved was lost. The end names each
    piece by where it lay before the decision, as the account during the game and `replay --text` do."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(SLIDE, encoding="utf-8")
    out = CliRunner().invoke(main, ["play", str(tmp_path), "--seat", "0", "--seat", "1", "--seed", "1"], input="1\n" * 6).output
    end = out.split(END)[1]
    assert "  > seat 0: step(p=man (seat 0) at x=0 y=0, to=[9, 0])\n" in end, end
    assert "  > seat 1: step(p=man (seat 1) at x=0 y=1, to=[9, 1])\n" in end, end


def test_the_end_draws_each_seated_seats_own_show_definition_and_no_other_seats(tmp_path):
    """A trial drew its board as a `show` definition reading `me`, which an onlooker's board leaves out: its hot-seat
    game never showed the final position. The end shows it worked out for each seat played at the terminal (each was
    shown its own during the game), never for a seat an agent plays."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    text = HANDS.read_text(encoding="utf-8").replace("players: 2", "players: 3")
    text = text.replace("actions:", 'define:\n  held: "[c.n for c in hand[me]]"\nshow: [held]\nactions:')
    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["play", str(tmp_path), "--seat", "0", "--seat", "1", "--seed", "1"], input="1\n" * 8).output
    during, end = out.split(END)
    first = {0: set(), 1: set()}  # the cards each seat was shown as its own during the game
    for seat, told in segments(out):
        first[seat] |= set(re.findall(r"\d+", str(re.findall(r"^  held = (.*)$", told, re.M))))
    assert first[0] and first[1] and not first[0] & first[1], during
    held = {seat: re.search(rf"^  held \(seat {seat}\) = \[(.*)\]$", end, re.M) for seat in (0, 1)}
    assert all(held.values()), end
    for seat in (0, 1):
        assert set(re.findall(r"\d+", held[seat].group(1))) <= first[seat], end  # its own cards, none of another's
    assert "held (seat 2)" not in end and "  held = " not in end, end  # the agent's seat: not shown
    assert "(you" not in end
