"""A refused option whose action's `if` is an `and` of plain expressions (no named definitions) is told the first of
its parts that is false, by its text, shortened where long: a trial's `if` of three lines was told only `(the if of
add, line 153)`. A part that reads what the seat does not see is not said false (nor is one after it)."""

from __future__ import annotations

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.cli_play import _forbidding, match_choice
from philtre.interpreter.scenarios import run_scenarios

RULESET = """\
philtre: 1
game: false-part
players: 2
components:
  card: {attributes: {rank: 1..4}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {visible: everyone}
variables:
  b: false
  c: false
actions:
  play:
    choose: {card: "hand[me]"}
    if: IF
    do:
      - move: card -> table
  pass: {}
flow:
  - deal: {from: deck, to: "[hand[0], hand[1]]", count: 2}
  - decide: [play, pass]
    player: 0
"""


def _said(tmp_path, condition: str, typed: str = "rank=2") -> str:
    """What play says of ``typed`` at seat 0's first decision of RULESET with the `if` ``condition`` (seat 0 holds the
    cards of rank 2 and 4)."""
    (tmp_path / "ruleset.yaml").write_text(RULESET.replace("IF", condition), encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 2, seed=1)
    options = game.options(0)
    return match_choice(typed, options, forbidden=_forbidding(game, 0, options))


def test_the_false_part_of_an_and_of_plain_expressions_is_named(tmp_path):
    said = _said(tmp_path, '"card.rank > 1 and (b or c)"', "rank=4")
    assert "the rules forbid play(card=card rank=4) now (the if of play, line 16: (b or c) is false)" in said, said


def test_a_long_part_is_named_by_its_text_shortened(tmp_path):
    condition = """>
      not b
      and ((card.rank > 1 and card.rank == last(x.rank for x in table if x.rank > 0))
       or (card.rank == 1 and count(table) < 3 and count(hand[me]) > 5))
      and count(hand[me]) > 0"""
    said = _said(tmp_path, condition, "rank=4")
    assert ("(the if of play, line 18: (...) or (card.rank == 1 and count(table) < 3 and count(hand[me]) > 5) is false)"
            in said), said
    assert "its part 2 of 3" not in said, said


def test_a_part_reading_a_hidden_hand_is_not_said_false(tmp_path):
    """Seat 0 does not see hand[1]: that its part is false is not said (the `if` is named as before), nor that a part
    after it is (which would tell that the hidden part holds); a false part before it, which the seat sees, still is."""
    hidden = '"card.rank > 1 and any(x.rank == 1 for x in hand[1]) and b"'
    said = _said(tmp_path, hidden, "rank=4")
    assert ("the rules forbid play(card=card rank=4) now (the if of play, line 16: card.rank > 1 and "
            "any(x.rank == 1 for x in hand[1]) and b);") in said, said  # (the whole `if`, rules text: no part said false)
    seen_first = '"b and any(x.rank == 1 for x in hand[1])"'
    assert "(the if of play, line 16: b is false)" in _said(tmp_path, seen_first, "rank=4")


def test_t013_names_the_false_part_too(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(RULESET.replace("IF", '"card.rank > 1 and (b or c)"'), encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("""\
scenarios:
  - name: refused
    players: 2
    given:
      zones:
        "hand[0]": [{rank: 4}, {rank: 1}]
    steps:
      - {player: 0, action: play, args: {card: {rank: 4}}}
    expect: ["true"]
""", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    [failure] = result.failures
    assert "T013" in failure and "(the if of play, line 16: (b or c) is false)" in failure, failure


REVEAL_AT = "  - decide: [play, pass]\n"
REVEALED = RULESET.replace("IF", '"card.rank > 1 and any(x.rank == 4 for x in hand[1])"').replace(REVEAL_AT, "REVEAL" + REVEAL_AT)


def _played(tmp_path, reveal: str) -> str:
    """What `philtre play` tells seat 0 of `rank=4`, typed at its first decision of REVEALED (``reveal``: a statement
    before it, or ''), then `1` (pass): the unshuffled deal gives seat 1 the cards of rank 1 and 3."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(REVEALED.replace("REVEAL", reveal), encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path), "--seat", "0", "--seed", "1"], input="rank=4\n1\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_a_part_reading_a_hand_revealed_before_the_decision_is_said_false(tmp_path):
    """hand[1], revealed to every seat before the decision (every view shows it until its cards move), is seen by seat
    0, as L021 takes it: its part is named false, as a part reading a public zone is. Not revealed, it stays unsaid."""
    said = _played(tmp_path, "  - reveal: hand[1]\n")
    assert ("the rules forbid play(card=card rank=4) now (the if of play, line 16: any(x.rank == 4 for x in hand[1]) "
            "is false)") in said, said
    said = _played(tmp_path, "")
    assert ("the rules forbid play(card=card rank=4) now (the if of play, line 16: card.rank > 1 and "
            "any(x.rank == 4 for x in hand[1]));") in said, said
