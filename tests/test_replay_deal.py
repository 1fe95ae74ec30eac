"""`replay --seat N --text` names every card dealt to the seat's own hand, in the hand's `show_sorted` order, whatever
their kinds (a Spades trial's reader of a seat's replay read `13 to hand[1]` and could not judge its bids: no board lists
the hand there, as play's does); other seats' hands are counted, and an onlooker counts every hidden hand."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from philtre.interpreter.cli import main
from philtre.interpreter.render import BOARD_LINE

RULESET = """\
philtre: 1
game: dealing
players: 3
components:
  card: {attributes: {suit: [s, h, d], rank: 1..9}, display: [suit, rank], start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner, show_sorted: [rank, suit]}
actions:
  pass: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: COUNT}
  - decide: pass
    player: 0
"""

CARD = re.compile(r"card [shd] rank=\d")


def _texts(tmp_path, count: int) -> dict:
    """The `replay --text` of one game dealing ``count`` cards to each of 3 hands, by seat (None: the onlooker)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("COUNT", str(count)))
    out = tmp_path / "out"
    ran = CliRunner().invoke(main, ["simulate", str(path), "-n", "1", "--seed", "4", "--record", str(out),
                                    "--db", str(tmp_path / "runs.sqlite")])
    assert ran.exit_code == 0, ran.output
    record = str(sorted(out.glob("*.jsonl"))[0])
    texts = {}
    for seat in (0, 1, 2, None):
        replayed = CliRunner().invoke(main, ["replay", record, *(["--onlooker"] if seat is None else ["--seat", str(seat)]),
                                             "--text"])
        assert replayed.exit_code == 0, replayed.output
        texts[seat] = replayed.stdout
    return texts


def _deal(text: str) -> str:
    """The deal's line of a replay's text, its wrapped lines joined again."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("    dealt from deck: "))
    rest = [line.strip() for line in lines[first + 1:] if line.startswith("        ")]
    return " ".join([lines[first].strip(), *rest])


@pytest.mark.parametrize("count", [5, 8])  # (8: more than six kinds, once counted as play counts them)
def test_a_seats_replay_names_each_card_dealt_to_its_hand_and_no_other_seats(tmp_path, count):
    texts = _texts(tmp_path, count)
    own = {seat: CARD.findall(_deal(texts[seat])) for seat in (0, 1, 2)}
    for seat in (0, 1, 2):
        said = _deal(texts[seat])
        assert len(own[seat]) == count, said
        # the seat's hand named, sorted by rank then suit (words as text), as its show_sorted lists it
        assert own[seat] == sorted(own[seat], key=lambda c: (c.split("=")[1], c.split()[1])), said
        # the zone first, marked as the board marks it, then its cards: a list after `13 to hand[0];` read as hand[0]'s
        assert f"to hand[{seat}] (you): {', '.join(own[seat])}" in said, said
        for other in {0, 1, 2} - {seat}:
            assert f"{count} to hand[{other}]" in said, said
            assert not set(CARD.findall(texts[seat])) & set(own[other]), (seat, other, texts[seat])
    assert len({card for cards in own.values() for card in cards}) == 3 * count  # (the three hands told apart)
    assert _deal(texts[None]) == f"dealt from deck: {count} to hand[0], {count} to hand[1], {count} to hand[2]"
    assert not CARD.search(texts[None]), texts[None]


def test_a_long_deal_is_broken_after_its_commas_as_plays_account_is(tmp_path):
    said = _texts(tmp_path, 8)[1].splitlines()
    dealt = [line for line in said if line.startswith("    dealt from") or line.startswith("        ")]
    assert len(dealt) > 1 and all(len(line) <= BOARD_LINE for line in dealt), said
