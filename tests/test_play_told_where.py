"""What play and replay --text make plain of where a thing is, and how a value keeps its shape (a trial's three
frictions): an option among another seat's components names that seat's zone; a deal names a zone before the cards
it lists; a list of pairs stays one line on the board at every length."""

from __future__ import annotations

import re

from click.testing import CliRunner

from philtre.interpreter.cli import main

# seat 0 plays a card of its own hand or table, then one of the other seat's, handed the seat by `with:` (as a seat
# plays its partner's open hand): hand[1] it may not see, open[1] it may; `pile` is no one's
PARTNER = """\
philtre: 1
game: partner-hand
players: 2
components:
  card: {attributes: {rank: 1..6}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  open: {each: player, visible: everyone}
  pile: {visible: everyone}
actions:
  play:
    takes: [s]
    choose: {card: "hand[s] + open[s]"}   # philtre: ignore[L008]
    do:
      - move: card -> pile
  take:
    choose: {card: pile}
    do:
      - move: card -> open[me]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - deal: {from: deck, to: open, count: 1}
  - turns: 0
    until: count(pile) >= 2
    do:
      - decide: play
        with: {s: current}
      - decide: play
        with: {s: left(current)}
      - decide: take
winners: {highest: "0"}
"""


def _decisions(output: str) -> list:
    """The option lines of each decision play asked, in order."""
    return [re.findall(r"^    \d+\. (.*)$", block, re.M) for block in output.split("your choice:")[:-1]]


def test_an_option_among_another_seats_zone_names_it_and_only_where_the_seat_sees_it(tmp_path):
    """A decision handed another seat by `with:` listed that seat's card as `play(card=card 6 S)`, as if of the own hand.
    It names the zone (`in open[1]`); a card of the seat's own zones, or of a zone of no one's (the pile), is bare, and
    so is one the seat may not see (hand[1]): where it lies is not the seat's to know."""
    (tmp_path / "partner.yaml").write_text(PARTNER, encoding="utf-8")
    played = CliRunner().invoke(main, ["play", str(tmp_path / "partner.yaml"), "--seat", "0", "--seed", "1"], input="1\n" * 6)
    own, other, pile = _decisions(played.output)[:3]
    assert len(own) == 3 and not any(" in " in option for option in own), played.output  # hand[0] and open[0]
    assert [option for option in other if " in " in option] == [next(o for o in other if o.endswith(" in open[1])"))], other
    assert sum(" in " not in option for option in other) == 2, other  # hand[1]'s two cards, which seat 0 does not see
    assert pile and not any(" in " in option for option in pile), pile


# a variable growing a pair at a time, one growing a triple at a time
GROWING = """\
philtre: 1
game: growing
players: 2
components:
  chip: {copies: 1, start: pool}
zones:
  pool: {visible: everyone}
variables:
  named: {initial: [], visible: everyone}
  trios: {initial: [], visible: everyone}
actions:
  name:
    choose: {x: "range(2)"}
    do:
      - set: {named: "named + [[x, me]]", trios: "trios + [[x, me, 7]]"}
flow:
  - turns: 0
    until: count(named) >= 3
    do:
      - decide: name
winners: {highest: "0"}
"""


def test_a_list_of_pairs_keeps_one_line_and_a_list_of_longer_rows_one_table_at_every_length(tmp_path):
    """A list of pairs read `named = [[4, 0]]` with one and a table, column numbers 0 and 1 meaning nothing, with two:
    it is one line at every length; a list of rows of three or more is a table from its first row."""
    (tmp_path / "growing.yaml").write_text(GROWING, encoding="utf-8")
    played = CliRunner().invoke(main, ["play", str(tmp_path / "growing.yaml"), "--seat", "0", "--seed", "1"], input="1\n" * 4)
    out = played.output  # (seat 0's board shows none, then two of each; what happened tells the first set)
    assert "  named = []\n" in out, out
    assert re.search(r"^      named = \[\[\d, 0\]\]$", out, re.M), out
    assert re.search(r"^  named = \[\[\d, 0\], \[\d, 1\]\]$", out, re.M), out  # (on the board)
    assert "named =\n" not in out, out
    assert re.search(r"^      trios =\n {15}0 1 2\n {10}\[0\]  \d 0 7\n  ", out, re.M), out  # one row: already a table
    assert re.search(r"^  trios =\n {9}0 1 2\n    \[0\]  \d 0 7\n    \[1\]  \d 1 7\n", out, re.M), out
    assert "trios = [[" not in out, out
