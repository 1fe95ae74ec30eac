"""Lints: rules that compile but make a game silently wrong are warned about (L001..L057; a few have their own test file too).

Each case takes ``CLEAN`` (the game ``philtre new`` writes, which has no finding at all),
breaks it in one way, and checks that exactly that lint fires, at the place that is wrong.
The shipped games, their variants and the examples must have no finding: a lint that
cried wolf there would teach authors to ignore lints.
"""

from __future__ import annotations

import glob
import subprocess
import sys
from pathlib import Path

import pytest

from test_label_collisions import ROUTES

from philtre.dsl import load_ruleset
from philtre.dsl.lints import LINTS
from philtre.dsl.validate import check_file
from philtre.interpreter.cli_new import RULESET

ROOT = Path(__file__).resolve().parents[1]
CLEAN = RULESET.format(name="lint-me", title="Lint Me", folder="lint-me", schema="x.json")


# a coin taken from the top of a bag, and one put back on top with no shuffle after it (L044)
BAG_PUT_BACK = """\
philtre: 1
game: bagrepro
players: 2
components:
  coin: {list: [{value: 1, copies: 5}, {value: 3, copies: 5}], start: bag}
zones:
  bag: {order: nobody}
  purse: {each: player}
actions:
  take:
    do:
      - deal: {from: bag, to: "[purse[me]]", count: 1}
  give_back:
    if: count(purse[me]) > 0
    do:
      - move: last(purse[me]) -> bag
flow:
  - shuffle: bag
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: [take, give_back]
winners: {highest: "sum(c.value for c in purse[p])"}
"""


# partners keep a stash a side (each: team), read by a seat's number, which is another side's (L055)
TEAM_READ_BY_SEAT = """\
philtre: 1
game: sides
players: 4
teams: "[[0, 2], [1, 3]]"
components:
  coin: {attributes: {value: [1, 2]}, copies: 4, start: bank}
zones:
  bank: {}
  stash: {each: team}
actions:
  take:
    if: count(bank) > 0
    do:
      - move: last(bank) -> stash[me]
flow:
  - turns: 0
    until: count(bank) == 0
    do:
      - decide: take
winners: {highest: "sum(c.value for c in stash[team_index(p)])"}
"""


def changed(old: str, new: str, base: str = CLEAN) -> str:
    """``base`` with its one occurrence of ``old`` replaced by ``new``."""
    assert base.count(old) == 1, f"{old!r} must occur exactly once"
    return base.replace(old, new)


def findings(tmp_path, text: str) -> list:
    """The diagnostics of validating ``text`` as a ruleset file."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    report = check_file(str(path))
    return [f.diagnostic for f in report.findings]


def where(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of ``needle`` in ``text``."""
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


# a die, and a variable each seat keeps to itself (the Liar's Dice a newcomer writes first)
ROLLED_INTO_MINE = "dice:\n  d6: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]\n" \
                   "variables:\n  mine: {initial: [], each: player, visible: owner}\n  everyones: {initial: 0}\n"

RANKS, JQK = "rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "rank: [J, Q, K]"  # (CLEAN's ranks; ranks that are words)

GUESSED_INTO_MINE = "variables:\n  mine: {initial: 0, each: player, visible: owner}\n"

# a deck-builder's per-seat deck, a bag (`order: nobody`), drawn into a hand only its owner sees
DECK_BAG = """\
philtre: 1
game: lint-bag
players: 2
components:
  card: {attributes: {rank: [1, 2, 3]}, copies: 2, start: "deck[0]"}
zones:
  deck: {each: player, order: nobody}
  hand: {each: player, visible: owner}
  table: {}
actions:
  play:
    choose: {c: "hand[me]"}
    do:
      - move: c -> table
flow:
  - shuffle: "deck[0]"
  - move: "last(deck[0]) -> hand[0]"
  - turns: 0
    until: count(hand[current]) == 0
    do:
      - decide: play
"""


# a variable holding a suit's word, and a log of words (L051)
GIVEN_WORD_RULES = """\
philtre: 1
game: given-word
players: 2
components:
  card: {attributes: {suit: [hearts, spades]}, copies: 3, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  discard: {}
variables:
  named: hearts
  log: {initial: []}
actions:
  play:
    choose: {card: "hand[me]"}
    if: card.suit == named and 'skip' not in log
    do: [{move: "card -> discard"}]
  pass: {}
flow:
  - deal: {from: deck, to: hand, count: 2}
  - decide: play
    player: 0
    otherwise: pass
"""


# Each case: the broken text, the lint code, the text the finding must point at, words of its message.
TURN_READ = """\
philtre: 1
game: turned
players: 1
components:
  square: {derive: {cells: "[1, 1, 1, 1]", shape: "[[0, 0], [1, 0], [0, 1], [1, 1]]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 1, width: 4, height: 4}, visible: everyone}
define:
  upright(at): at.rot < 180
actions:
  lay:
    choose: {t: bag, at: "placements(board, t)"}
    if: upright(at)
    do:
      - place: {piece: t, to: board, at: at}
flow:
  - decide: lay
    player: 0
"""


# a block meant to ask seat p whose decide says no player: (so asks current): p is never read (L053)
BLOCK_PARAMETER_UNREAD = """\
philtre: 1
game: unread
players: 3
variables:
  answered: {initial: null}
blocks:
  ask(p):
    - decide: answer
actions:
  poke: {}
  answer:
    do:
      - set: {answered: me}
flow:
  - turns: 0
    until: answered != none
    do:
      - decide: poke
      - run: ask(left(current))
"""


CASES = {
    "unused definition": (
        changed("define:\n", "define:\n  spare(p): count(hand[p]) + 1\n"),
        "L001", "spare(p)", "never used"),
    "action no step offers": (
        changed("actions:\n", "actions:\n  pass:\n    do: []\n"),
        "L002", "pass:", "never offered"),
    "when that is always false": (
        changed("  - shuffle: deck\n", "  - shuffle: deck\n    when: 1 > 2\n"),
        "L003", "1 > 2", "never runs"),
    "repeat zero times": (
        changed("    repeat: 3\n", "    repeat: 3 - 3\n"),
        "L003", "3 - 3", "repeats 0 times"),
    "until that is true at once": (
        changed("  - shuffle: deck\n", "  - until: true\n    do:\n      - shuffle: deck\n"),
        "L003", "true\n    do:", "never runs"),
    "a decide's until that is always true": (  # read after the first choice: until_chosen never asks again
        changed("  - shuffle: deck\n", "  - shuffle: deck\n  - decide: play\n    player: 0\n    until_chosen: play\n"
                "    until: 1 == 1\n"),
        "L003", "1 == 1", "never asks its seat again"),
    "until that is never true": (
        changed("  - shuffle: deck\n", "  - until: 2 < 1\n    do:\n      - shuffle: deck\n"),
        "L004", "2 < 1", "never ends"),
    "until that is never true whatever the rest reads": (  # a Coup trial's `all(...) and false` passed validate
        changed("  - shuffle: deck\n", "  - until: count(deck) == 0 and false\n    do:\n      - shuffle: deck\n"),
        "L004", "count(deck) == 0 and false", "its 'until' is always false"),
    "until that is true at once whatever the rest reads": (
        changed("  - shuffle: deck\n", "  - until: count(deck) > 0 or not false\n    do:\n      - shuffle: deck\n"),
        "L003", "count(deck) > 0 or not false", "its 'until' is true before the first pass"),
    "when that is always false whatever the rest reads": (
        changed("  - shuffle: deck\n", "  - shuffle: deck\n    when: count(deck) > 0 and not true\n"),
        "L003", "count(deck) > 0 and not true", "never runs"),
    "turns without until": (
        changed("  - shuffle: deck\n", "  - turns: 0\n    do:\n      - shuffle: deck\n"),
        "L004", "turns: 0", "no 'until'"),
    "a statement after an end_game without when": (  # the game has ended before it
        changed("      - move: table -> discard\n", "      - end_game: {}\n      - move: table -> discard\n"),
        "L034", "move: table -> discard", "'move' never runs: the end_game just before it ends the game"),
    "a block nothing runs": (  # its statements are never played, nor checked against a call
        changed("define:\n", "blocks:\n  spare:\n    - shuffle: deck\n\ndefine:\n"),
        "L035", "spare:", "block 'spare' is never run"),
    "deal of more cards than the deck holds": (
        changed("count: 3}", "count: 6}"),
        "L005", "deal: {", "needs 24 components"),
    "two deals from the deck that together need more than it holds": (  # 12 + 12 of 20 cards with 4 players
        changed("  - deal: {from: deck, to: hand, count: 3}\n",
                "  - deal: {from: deck, to: table, count: 3}\n  - deal: {from: deck, to: hand, count: 3}\n"),
        "L005", "deal: {from: deck, to: hand", "needs 12 components (3 to each of 4 zones) from 'deck' just after the deal at "),
    "a family of zones counted bare": (  # the number of seats, whatever the hands hold
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == best and count(hand) > 0\n"),
        "L025", "count(hand)", "`count(hand)` counts the zones of 'hand', one per seat"),
    "a count of true or false with no if": (  # a Carcassonne trial's ring of neighbours was always 9
        changed("          - when: played(p).rank == best\n",
                "          - when: played(p).rank == best and count(c.rank > 5 for c in hand[p]) > 0\n"),
        "L036", "count(c.rank > 5", "`count(c.rank > 5 for c in hand[p])` counts every item, true or false alike"),
    "a count of a true-or-false definition with no if": (  # a definition that is a comparison gives true or false too
        changed("  best: max(played(p).rank for p in players)\n",
                "  best: max(played(p).rank for p in players)\n  high(c): c.rank > 5 and c.rank < 9\n"
                "  highs: count(high(c) for c in table[0])\n"),
        "L036", "count(high(c)", "`count(high(c) for c in table[0])` counts every item"),
    "an order of ranks declared as numbers and words": (  # a Skat trial's `rank: [7, ..., 10, J]`: R100 in every game
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == 'J' or played(p).rank > 8\n",
                changed("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "rank: [7, 8, 9, 10, J, Q, K, A]")),
        "L037", "played(p).rank > 8", "`played(p).rank > 8`: rank's declared values mix numbers and words (7, 8, 9, 10, J, Q, K, A), "
        "and '>' between a word and a number fails when the game runs"),
    "arithmetic on a rank of numbers and words": (
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == best and -played(p).rank < 0\n",
                changed("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "rank: [1, 10, J]")),
        "L037", "played(p).rank < 0", "`-played(p).rank`: rank's declared values mix numbers and words (1, 10, J), and '-' of a word fails"),
    "a choice named like a definition": (  # Uno's `colour` choice hid the colour to match: its `if` compared the choice
        changed('    choose: {card: "hand[me]"}\n    do:\n      - move: card -> table[me]\n',
                '    choose: {best: "hand[me]"}\n    do:\n      - move: best -> table[me]\n'),
        "L026", 'best: "hand', "the choice 'best' of action 'play' has the name of a definition"),
    "a decision asked or not by a hidden card": (  # Uno: `decide: play_drawn` when the drawn card matched
        changed("      - simultaneous: play\n", "      - simultaneous: play\n        when: any(c.rank == 10 for c in hand[0])\n"),
        "L027", "any(c.rank == 10", "whether this simultaneous asks a seat to decide hangs on what 'hand' holds, which only its owner sees"),
    "a block holding a decision, run or not by a hidden count": (
        changed("    repeat: 3\n    do:\n", "    repeat: 3\n    when: count(deck) > 5\n    do:\n",
                changed("  deck:    {visible: nobody}", "  deck:    {visible: nobody, count: nobody}")),
        "L027", "count(deck) > 5", "hangs on `count(deck)`, which not every seat may count"),
    "a decision in the else of a hidden guard": (  # whether the else runs is as telling as whether the statement does
        changed("      - simultaneous: play\n",
                "      - when: last(deck).rank == 10\n        shuffle: deck\n        else:\n          - simultaneous: play\n"),
        "L027", "last(deck).rank == 10", "whether the else of this shuffle asks a seat to decide hangs on what 'deck' holds"),
    "a loop asking a seat until a hidden card shows": (  # each pass that asks says the top card is not yet a 10
        changed("    repeat: 3\n", "    until: count(deck) == 0 or last(deck).rank == 10\n"),
        "L027", "count(deck) == 0 or", "whether this until loop goes on and asks a seat to decide hangs on what 'deck' holds, "
                                       "which nobody sees"),
    "a variable's name meant as a word": (  # Uno's `c.face == skip` beside a variable `skip`: the variable was compared
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == best and played(p).suit != blue\n",
                changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], suit: [red, blue]}",
                        changed("define:\n", "variables:\n  blue: 0\n\ndefine:\n"))),
        "L028", "blue\n", "'blue' here is the variable 'blue', not the word 'blue' that suit may be"),
    "a map's key meant as a word": (  # Reversi's placement {x: x, 'y': y, 'rot': 0}: keyed by x's value, R100 in every game
        changed("  best: max(played(p).rank for p in players)\n",
                "  best: max(played(p).rank for p in players)\n  at(x): \"{x: x, 'y': 0}\"\n",
                changed("score: {player: p, add: 1}", "score: {player: p, add: \"count([at(1)])\"}")),
        "L028", "x: x", "the key x of this map is the value of 'x', not the word 'x': a map's keys are expressions"),
    "a variable's initial value written as an expression": (  # Can't Stop's progress: the text, indexed in play (R100)
        changed("define:\n", "variables:\n  pos: {initial: \"[0 for i in range(11)]\", each: player}\n\ndefine:\n"),
        "L029", "\"[0 for i", "the initial value of 'pos' is the text '[0 for i in range(11)]', which reads as an expression"),
    "a variable's initial value written as a map comprehension": (  # Can't Stop's table of columns: no finding, R100 in play
        changed("define:\n", "variables:\n  temp: {initial: \"{c: 0 for c in range(2, 13)}\"}\n\ndefine:\n"),
        "L029", "\"{c: 0", "the initial value of 'temp' is the text '{c: 0 for c in range(2, 13)}', which reads as an "
                           "expression: YAML data is not evaluated"),
    "a public score of what a hidden hand holds": (  # a new user's gold count: every seat learned the hand's golds
        changed("score: {player: p, add: 1}", 'score: {player: p, add: "1 + count(c for c in hand[p] if c.rank == 10)"}'),
        "L030", '"1 + count(c', "this score's add reads what 'hand' holds, which only its owner sees: every seat sees the "
                               "score, so every seat learns it"),
    "a public variable set from one only its owner sees": (  # a new user's No Thanks!: seat 1's card shown to seat 0
        changed("  - deal: {from: deck, to: hand, count: 3}\n",
                "  - deal: {from: deck, to: hand, count: 3}\n  - set: {seen: secret}\n",
                changed("define:\n", "variables:\n  secret: {initial: 0, each: player, visible: owner}\n  seen: {initial: 0, each: player}\n\ndefine:\n")),
        "L031", "secret}", "'seen' is seen by everyone, and it is set from the value of 'secret', which only its owner sees: "
                           "every view and record shows 'seen', so every seat learns it"),
    "deal of a negative count": (
        changed("count: 3}", "count: 3 - 5}"),
        "L005", "deal: {", "count is -2"),
    "hidden zone the scoring reads, never revealed": (  # a card of the face-down deck, never seen (from the table: seen)
        changed("  discard: {}\n", "  discard: {}\n  won: {each: player, visible: nobody}\n",
                changed("          - when: played(p).rank == best\n            score: {player: p, add: 1}\n",
                        "          - when: played(p).rank == best\n            move: last(deck) -> won[p]\n"
                        "      - for: p in players\n        do:\n          - score: {player: p, add: \"sum(c.rank for c in won[p])\"}\n")),
        "L006", "won:", "nothing ever reveals"),
    "a hidden variable the winners read, never revealed": (  # Incan Gold's tent kept as a number: the loser saw [2, hidden]
        changed('winners: {highest: "score[p]"}', 'winners: {highest: "tent[p]"}',
                changed("      - move: card -> table[me]\n", '      - move: card -> table[me]\n      - set: {"tent[me]": "tent[me] + card.rank"}\n',
                        changed("define:\n", "variables:\n  tent: {initial: 0, each: player, visible: owner}\n\ndefine:\n"))),
        "L006", "tent:", "variable 'tent' is seen only by its owner, the winners read it, and nothing ever reveals every seat's "
                         "entry: players cannot check who won"),
    "zone the cards end up in, ignored by the scoring": (
        changed("  discard: {}\n", "  discard: {}\n  kept: {each: player}\n",
                changed("      - move: table -> discard\n",
                        "      - for: p in players\n        do:\n          - move: table[p] -> kept[p]\n",
                        changed("score: {player: p, add: 1}", 'score: {player: p, add: "sum(c.rank for c in table[p])"}'))),
        "L007", "kept:", "never reads it"),
    "choice among hidden components": (
        changed('    choose: {card: "hand[me]"}\n', '    choose: {card: "hand[me]", peek: deck}\n'),
        "L008", "peek", "nobody sees"),
    "choice among another seat's hidden hand": (
        changed('    choose: {card: "hand[me]"}\n', '    choose: {card: "hand[me]", steal: "hand[left(me)]"}\n'),
        "L008", "steal", "only its owner sees"),
    "a public variable holding a face-down card": (
        changed("  - deal: {from: deck, to: hand, count: 3}\n",
                "  - deal: {from: deck, to: hand, count: 3}\n  - set: {next_card: last(deck)}\n",
                changed("define:\n", "variables:\n  next_card: {initial: null}\n\ndefine:\n")),
        "L013", "last(deck)}", "which not everyone sees"),
    "expression that always fails": (
        changed("  - shuffle: deck\n", "  - shuffle: deck\n    when: 1 // 0 == 1\n"),
        "L009", "1 // 0", "fails whenever"),
    "a division of what the game holds by 0": (  # a Go Fish trial's score `count(books[p]) / 0`: only --smoke found it
        changed("score: {player: p, add: 1}", 'score: {player: p, add: "count(hand[p]) // 0"}'),
        "L009", "0\"}", "`count(hand[p]) // 0` divides by zero"),
    "a word no card has": (
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == best and played(p).suit != 'bleu'\n",
                changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], suit: [red, blue]}")),
        "L010", "'bleu'\n", "no component or die face has suit 'bleu' (its values: red, blue)"),
    "a word no card has, in the card's own copies": (
        changed("    copies: 2\n", "    copies: 2 if suit == 'bleu' else 1\n",
                changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], suit: [red, blue]}")),
        "L010", "'bleu' else", "no component or die face has suit 'bleu' (its values: red, blue)"),
    "a word no card has, passed to a definition that compares it": (
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == best and of_suit(played(p), 'bleu')\n",
                changed("define:\n", "define:\n  of_suit(c, s): c.suit == s\n",
                        changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], suit: [red, blue]}"))),
        "L010", "'bleu')", "no component or die face has suit 'bleu', passed to 'of_suit' to compare with a suit (its values: red, blue)"),
    "a word no card has, passed to a definition that passes it on to one that compares it": (  # Citadels' income(p, 'nobel')
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == best and in_suit(p, 'bleu')\n",
                changed("define:\n", "define:\n  of_suit(c, s): c.suit == s\n  in_suit(p, s): any(of_suit(c, s) for c in table[p])\n",
                        changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], suit: [red, blue]}"))),
        "L010", "'bleu')", "no component or die face has suit 'bleu', passed to 'in_suit' to compare with a suit (its values: red, blue)"),
    "an initial value the flow sets before anything reads it": (  # (an overlay's: the base's is a search agent's guess)
        f"extends: {ROOT / 'examples' / 'hidden-hands' / 'ruleset.yaml'}\nvariables:\n  told: {{initial: [[]]}}\n",
        "L022", "initial: [[]]}", "the initial value of 'told' changes nothing in play: the flow sets 'told' at "),
    "a number written in quotes": (  # "5" is a word: the numbers 1..10 are never it, and the trick was never scored
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == '5'\n"),
        "L010", "'5'", "rank is never the word '5' (its values: 1..10)"),
    "a number where the values are that number as a word": (  # 7 is never '7': the card was never played
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == 7\n",
                changed("rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", "rank: ['7', '8', '9', '10', J, Q, K, A]")),
        "L010", "7\n", "rank is never the number 7 (its values: '7', '8', '9', '10', 'J', 'Q', 'K', 'A')"),
    "hands passed left one seat at a time": (
        changed("      - move: table -> discard\n",
                "      - move: table -> discard\n      - for: p in players\n        do:\n          - move: hand[p] -> hand[left(p)]\n"),
        "L011", "move: hand[p] -> hand[left(p)]", "which a later pass moves on"),
    "one name for two statements": (
        changed("      - move: table -> discard\n",
                "      - name: clear\n        move: table -> discard\n      - name: clear\n        shuffle: deck\n"),
        "L012", "name: clear\n        shuffle", "'clear' names 2 statements of the flow: an overlay cannot patch either"),
    "an action that chooses and has no effects": (
        changed("    do:\n      - move: card -> table[me]\n", ""),
        "L014", "play:", "action 'play' chooses card but has no 'do:'"),
    "an attribute spelt like one the rules read": (
        changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], rnak: 0}"),
        "L016", "rnak", "no rule reads the attribute 'rnak' of 'card'"),
    "the points of a round the game never reaches": (
        changed("  - shuffle: deck\n", "  - round:\n      - shuffle: deck\n",
                changed('winners: {highest: "score[p]"}', 'winners: {highest: ["score[p]", "round_score(2, p)"]}')),
        "L017", '"round_score(2, p)"', "round_score(2, ...) reads a round the game never reaches: the flow plays at most 1 round"),
    "a component's copies compares a range with a definition beyond it": (  # Dots and Boxes' lines: x 0..9, cols 20
        changed("    copies: 2\n", "    copies: \"2 if rank <= top else 0\"\n", changed("define:\n", "define:\n  top: 12\n")),
        "L032", "rank <= top", "copies of 'card' compares rank with 'top', which asks for rank up to 12, but rank is declared "
                               "1..10: the components with rank 11..12 are never made"),
    "a variable that starts as the word none": (
        changed("define:\n", "variables:\n  leader: {initial: none, each: player}\n\ndefine:\n"),
        "L018", "none, each", "the initial value of 'leader' is the word 'none', not nothing"),
    "an attribute value written none": (
        changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], suit: [red, None]}"),
        "L018", "None]", "a value of the attribute 'suit' of 'card' is the word 'None', not nothing"),
    "an attribute value written as a range with a dash": (
        changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1-5, 6, 7, 8, 9, 10]}"),
        "L020", "1-5", "a value of the attribute 'rank' of 'card' is the one word '1-5', not a range of numbers"),
    "an action allowed by what a hidden zone holds": (
        changed("    choose: {card: \"hand[me]\"}\n", "    choose: {card: \"hand[me]\"}\n    if: all(card.rank > c.rank for c in deck)\n"),
        "L021", "all(card.rank", "action 'play' is allowed or not by what 'deck' holds, which nobody sees"),
    "an action allowed by what another seat's hand holds": (
        changed("    choose: {card: \"hand[me]\"}\n", "    choose: {card: \"hand[me]\"}\n    if: count(hand[left(me)]) == 0 or card.rank > max(c.rank for c in hand[left(me)])\n"),
        "L021", "count(hand[left(me)])", "action 'play' is allowed or not by what 'hand' holds, which only its owner sees"),
    "a choice filtered by what a hidden zone holds": (
        changed("    choose: {card: \"hand[me]\"}\n", "    choose: {card: \"[c for c in hand[me] if all(c.rank > d.rank for d in deck)]\"}\n"),
        "L021", "\"[c for c in hand[me]", "action 'play' is allowed or not by what 'deck' holds, which nobody sees"),
    "the type's copies written inside its attributes": (  # 10 cards and an attribute 'copies', where 20 were meant
        changed("    attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}\n    copies: 2\n",
                "    attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], copies: 2}\n"),
        "L023", "copies: 2}", "'copies' is written inside attributes, so it is an attribute of 'card' here, not the type's copies"),
    "a count that is never below zero": (
        changed("  - shuffle: deck\n", "  - shuffle: deck\n  - until: count(deck) < 0\n    do:\n      - shuffle: deck\n"),
        "L019", "count(deck) < 0", "`count(deck) < 0` never holds: a count is never negative"),
    "a count that is always at least zero, written the other way round": (
        changed("  - shuffle: deck\n", "  - shuffle: deck\n    when: -1 < count(deck)\n"),
        "L019", "-1 < count(deck)", "`-1 < count(deck)` always holds"),
    "a public roll copied into a variable only its owner sees": (
        changed("  - shuffle: deck\n", "  - shuffle: deck\n  - roll: d6\n  - set: {\"mine[0]\": \"mine[0] + [d6.pips]\"}\n",
                changed("define:\n", ROLLED_INTO_MINE + "define:\n")),
        "L024", "\"mine[0] + [d6.pips]", "'mine' is seen by its owner only, and is set from die 'd6': every roll is public"),
    "a public choice kept in a variable only its owner sees": (
        changed("    choose: {card: \"hand[me]\"}\n    do:\n", "    choose: {card: \"hand[me]\", guess: \"range(3)\"}\n    do:\n"
                "      - set: {\"mine[me]\": guess}\n", changed("define:\n", GUESSED_INTO_MINE + "define:\n")),
        "L033", "guess}", "'mine' is seen by its owner only, and is set from the choice 'guess' of 'play', which every seat is told"),
    "a loop with nothing in its do": (
        changed("  - shuffle: deck\n", "  - shuffle: deck\n  - repeat: 2\n    do: []\n"),
        "L015", "repeat: 2", "'repeat' has nothing in its 'do:': it runs no statement"),
    "a fallback the decision's own action never leaves to offer": (  # a Sheriff trial's `decide: inspect`: never let through
        changed("actions:\n", "actions:\n  knock: {}\n  fold: {}\n",
                changed("      - simultaneous: play\n", "      - simultaneous: play\n      - decide: knock\n        player: 0\n"
                        "        otherwise: fold\n")),
        "L038", "fold\n      - for", "otherwise: fold is never offered: 'knock' always gives the seat an option"),
    "a value of a set reading what an earlier key of it set": (  # the keys are set one after another
        changed("      - move: card -> table[me]\n", "      - move: card -> table[me]\n      - set: {pot: pot + 1, last: pot}\n",
                changed("define:\n", "variables:\n  pot: {initial: 0}\n  last: {initial: 0}\n\ndefine:\n")),
        "L039", "pot}", "reads 'pot', which the earlier key \"pot\" of this set has already set"),
    "a public zone shuffled, then put in that order on a hidden deck": (  # a Pandemic trial's epidemic
        changed("      - move: table -> discard\n", "      - move: table -> discard\n      - shuffle: discard\n"
                "      - move: discard -> deck\n"),
        "L040", "shuffle: discard", "`shuffle: discard` at "),
    "a first winners key that is true or false, with no heuristic": (  # a High Society trial: elimination first
        changed('winners: {highest: "score[p]"}', 'winners: {highest: ["count(hand[p]) < 9", "score[p]"]}'),
        "L041", "count(hand[p]) < 9", "the first winners key, `count(hand[p]) < 9`, is true or false, and no heuristic "
        "is declared: greedy reads that key alone as how well a seat stands, so it plays only to keep it true"),
    "a number none of the values is, where they are words": (  # a Leduc trial's `rank == 1` with ranks J, Q, K: never true
        changed("          - when: played(p).rank == best\n", "          - when: played(p).rank == 1\n", changed(RANKS, JQK)),
        "L010", "1\n            score", "no component or die face has rank 1 (its values: J, Q, K)"),
    "an order of words declared out of alphabetical order": (  # a Leduc trial's showdown: Q beat K, with no finding
        changed(RANKS, JQK), "L042", "max(played(p).rank",
        "`max(played(p).rank for p in players)`: words compare alphabetically, so K < Q here, not in the order rank "
        "declares them (J, Q, K)"),
    "a draw from a bag every seat sees into a hand only its owner sees": (  # a Dominion trial's deck: every hand public
        DECK_BAG, "L043", 'move: "last(deck[0])', "every seat sees what leaves 'deck', so moving it into 'hand'"),
    "a component put back into a bag, then dealt from its top with no shuffle": (  # the bluffing example, unshuffled
        BAG_PUT_BACK, "L044", "move: last(purse[me]) -> bag",
        "`move: last(purse[me]) -> bag` at 16:9 puts last(purse[me]) on top of 'bag', whose order nobody sees, and "
        "nothing shuffles 'bag' before the deal from it at 12:9 draws from it: every seat knows the next draw"),
    "a reveal of a variable every seat sees": (  # a No Thanks trial's house rule showing the coins kept the base's reveal
        changed("  - shuffle: deck\n", "  - shuffle: deck\n  - reveal: coins\n",
                changed("define:\n", "variables:\n  coins: {initial: 3, each: player}\n\ndefine:\n")),
        "L045", "coins\n", "reveal of 'coins' shows nothing: every seat sees it"),
    "a comprehension rebinding the name of the for: loop around it": (  # an Azul trial's floor tiles, moved twice over
        changed("  - shuffle: bag\n", "  - shuffle: bag\n  - for: p in players\n    do:\n"
                "      - move: \"[c for c in purse[p] for p in players] -> bag\"\n", BAG_PUT_BACK),
        "L046", "p in players]", "the comprehension's 'p' hides the 'p' of the for: loop around it: here it runs over "
        "players, not the loop's one 'p'"),
    "definition hides a builtin": (
        changed("define:\n", "define:\n  join(a, b): a + b\n", changed("for p in players)", "for p in players) + join(0, 0)")),
        "L047", "join(a, b)", "definition 'join' hides the builtin join(xs, sep) in this ruleset"),
    "a turns loop's next that may find no seat": (  # a Coloretto trial: validate was clean, every game stopped with R100
        changed("  - shuffle: deck\n", "  - turns: 0\n    until: count(deck) == 0\n"
                "    next: \"first(q for q in seats_from(left(current)) if count(hand[q]) > 0)\"\n"
                "    do:\n      - shuffle: deck\n      - move: last(deck) -> discard\n  - shuffle: deck\n"),
        "L048", "first(q for", "is none where its filter keeps no seat"),
    "a list written out indexed past its end for an allowed player count": (  # a Citadels trial: only --smoke found it
        changed("count: 3}", "count: hand_size}", changed("define:\n", "define:\n  hand_size: \"[5, 4][player_count - 2]\"\n")),
        "L049", "player_count - 2]", "`player_count - 2` is 2 with 4 players, out of range of this list of 2 items (positions 0..1)"),
    "a move picking from a hidden zone by what its components are": (  # a Citadels trial: the count told where the king was
        changed("  - shuffle: deck\n", "  - shuffle: deck\n  - move: \"[c for c in deck if c.rank == 10] -> aside\"\n",
                changed("  discard: {}\n", "  discard: {}\n  aside: {visible: nobody}\n")),
        "L050", "c for c in deck if c.rank == 10]", "this move picks from 'deck', which nobody sees, by what its components "
                                                    "are, and every seat sees count(deck) and count(aside): how many move tells"),
    "a word given to a variable that no rule knows": (  # a Crazy Eights trial: `named: spade` for spades passed
        GIVEN_WORD_RULES + "scenarios:\n  - name: spades named\n    players: 2\n    given:\n      variables: {named: spade}\n"
        "    expect: [\"true\"]\n",
        "L051", "named: spade", "the value given to 'named' is the word 'spade'"),
    "the rules read the turn of a piece that looks alike turned": (  # a Tsuro trial: each tile offered 2-4 times a spot
        TURN_READ, "L052", "at.rot < 180", "the rules read a placement's rot here, so placements() lists every turn of a "
        "piece, those that look alike too: square looks the same at rot 90, 180, 270 as at a lesser turn"),
    "a block parameter none of its statements reads": (  # a Coup trial: ask(p)'s decide asked current at every run
        BLOCK_PARAMETER_UNREAD, "L053", "p):", "block 'ask' never reads its parameter 'p'"),
    "a move between hidden zones run only where a hand holds a card": (  # a Belote trial: seat 1's record showed the move
        (ROOT / "tests" / "data" / "hidden_set" / "leak2" / "ruleset.yaml").read_text(encoding="utf-8"), "L054",
        "any(c.rank == 4 for c in hand[0])", "every seat's record tells of the move"),
    "a zone kept a team read by a seat": (  # a trial's side's meld was read meld[min(team(p))]; each: team by team_index
        TEAM_READ_BY_SEAT, "L055", "stash[me]", "'stash' is a zone family kept a team (each: team)"),
    "two values of a table labelled alike": (  # a trial's double route: play listed two options alike
        ROUTES, "L058", "\"ROUTES[e].a", "reads 'Birch-Cedar grey' for both e=1 and e=2"),
    "a public zone shuffled where every seat sees its order": (  # a trial's hand-ins moved to the table, shuffled there
        changed("      - move: table -> discard\n", "      - move: table -> discard\n      - shuffle: discard\n"),
        "L059", "shuffle: discard", "`shuffle: discard` hides nothing: every seat sees 'discard', its components and their order"),
    "one seat's entry of a hidden variable set only where another seat's hand holds a card": (  # seat 1 sees its entry
        (ROOT / "tests" / "data" / "hidden_set" / "owner_entry" / "leak.yaml").read_text(encoding="utf-8"), "L031",
        "any(c.rank == 4 for c in hand[0])", "which reads what seat 0's 'hand' holds"),
}


def test_an_empty_round_is_told_to_list_its_statements_as_its_value_not_under_do(tmp_path):
    """L015 told an empty `round: []` to put its statements under do:, and `round: {do: [...]}` is V001: a round's
    statements are the value of round: itself; following the hint gives a round with no finding."""
    empty = changed("  - shuffle: deck\n", "  - shuffle: deck\n  - round: []\n")
    [d] = [d for d in findings(tmp_path, empty) if d.code == "L015"]
    assert "'round' holds no statement" in d.message and "round takes no do: key" in d.hint, str(d)
    assert "under do:" not in d.hint, str(d)
    followed = changed("  - shuffle: deck\n", "  - shuffle: deck\n  - round:\n      - shuffle: deck\n")
    assert [d.code for d in findings(tmp_path, followed) if d.code in ("L015", "V001")] == []


def test_the_clean_game_has_no_finding(tmp_path):
    assert findings(tmp_path, CLEAN) == []


@pytest.mark.parametrize("case", list(CASES))
def test_lint(tmp_path, case):
    text, code, needle, words = CASES[case]
    found = findings(tmp_path, text)
    mine = [d for d in found if d.code == code]
    assert mine, f"expected {code}, got {[str(d) for d in found]}"
    assert all(d.code.startswith("L") for d in found), [str(d) for d in found]
    d = mine[0]
    assert (d.loc.line, d.loc.col) == where(text, needle), str(d)
    assert words in d.message, str(d)
    assert d.hint, "every lint says what to do"


@pytest.mark.parametrize("counted, hint", [
    ("count(c.rank > 5 for c in hand[p])", "count(c for c in hand[p] if c.rank > 5)"),
    ("count(played(p) != none for p in players for q in players)", "count(p for p in players for q in players if played(p) != none)"),
])
def test_l036_hint_writes_the_item_as_the_if(tmp_path, counted, hint):
    """L036's hint is the user's own count with its item moved into an `if` of the last clause, each pair counted once."""
    text = changed("          - when: played(p).rank == best\n", f"          - when: played(p).rank == best and {counted} > 0\n")
    assert [d.hint for d in findings(tmp_path, text) if d.code == "L036"] == [f"count the ones that hold with an if: {hint}"]


@pytest.mark.parametrize("counted", [
    "count(c for c in hand[p] if c.rank > 5)",  # the condition in an if: the true ones counted
    "count(c.rank > 5 for c in hand[p] if c.rank < 9)",  # an if already: not the mistake this is about
    "count(c.rank for c in hand[p])",  # items that are numbers
])
def test_l036_is_silent_on_counts_that_count_what_holds(tmp_path, counted):
    """A count whose condition is an `if`, or whose items are not true or false, is no L036."""
    text = changed("          - when: played(p).rank == best\n", f"          - when: played(p).rank == best and {counted} > 0\n")
    assert [str(d) for d in findings(tmp_path, text) if d.code == "L036"] == []


@pytest.mark.parametrize("ending", [
    "      - simultaneous: play\n      - when: count(hand[0]) == 0\n        end_game: {}\n",  # in the loop's body
    "      - simultaneous: play\n",  # in the effects of the action it asks for
])
def test_a_loop_an_end_game_may_leave_is_no_l004_and_a_guarded_end_game_no_l034(tmp_path, ending):
    """A `turns` without `until` (Onitama's turns, ended by a capture) or an `until` never true, from which an end_game in
    its body or in an action it asks for ends the game, ends: no L004; nor is what follows an end_game with a `when`
    L034 (it runs while the game goes on)."""
    text = changed("    repeat: 3\n    do:\n      - simultaneous: play\n", "    turns: 0\n    do:\n" + ending)
    if ending == "      - simultaneous: play\n":
        text = changed("      - move: card -> table[me]\n", "      - move: card -> table[me]\n      - when: count(hand[me]) == 0\n"
                       "        end_game: {}\n      - score: {player: me, add: 0}\n", text)
    assert [str(d) for d in findings(tmp_path, text)] == []


def test_an_action_allowed_by_how_many_a_hidden_zone_holds_is_no_finding(tmp_path):
    """Everyone sees how many cards the deck holds (a zone's count is public unless it says otherwise): no L021."""
    text = changed("    choose: {card: \"hand[me]\"}\n", "    choose: {card: \"hand[me]\"}\n    if: count(deck) > 0 or card.rank > 0\n")
    assert [d.code for d in findings(tmp_path, text)] == []
    hidden_count = changed("  deck:    {visible: nobody}", "  deck:    {visible: nobody, count: nobody}", text)
    assert [d.code for d in findings(tmp_path, hidden_count)] == ["L021"]


def test_a_word_no_card_has_is_pointed_at_in_a_folded_definition(tmp_path):
    """The finding is at the misspelt word, not at the expression's start (there, a definition's head): in a
    folded block on its second line, the word's own line and column."""
    text = changed("define:\n", "define:\n  bleus: >\n    count(deck) +\n    count(c for c in deck if c.suit == 'bleu')\n",
                   changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], suit: [red, blue]}"))
    text = text.replace("flow:\n", "flow:\n  - shuffle: deck\n    when: bleus > 0\n", 1)
    [d] = [d for d in findings(tmp_path, text) if d.code == "L010"]
    assert (d.loc.line, d.loc.col) == where(text, "'bleu')"), str(d)


def test_a_word_passed_to_a_parameter_rebound_or_compared_with_two_attributes_is_no_finding(tmp_path):
    """Only a parameter compared with one attribute, and not a comprehension's own name, tells which values it may be."""
    suits = changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], suit: [red, blue]}")
    when = "          - when: played(p).rank == best and of_suit(played(p), 'bleu')\n"
    for body in ("c.suit == s or c.rank == s", "count(s for s in [c] if s.suit == 'red') > 0 or c.suit == s"):
        text = changed("          - when: played(p).rank == best\n", when, changed("define:\n", f"define:\n  of_suit(c, s): {body}\n", suits))
        assert [str(d) for d in findings(tmp_path, text) if d.code == "L010"] == [], body


def test_a_number_in_quotes_is_told_to_lose_its_quotes(tmp_path):
    text, *_ = CASES["a number written in quotes"]
    [d] = [d for d in findings(tmp_path, text) if d.code == "L010"]
    assert d.hint == "the values are numbers: write 5 without quotes", str(d)


def test_a_number_where_the_values_are_words_is_told_to_be_quoted(tmp_path):
    """`c.rank == 7` where the ranks are '7', J (a Skat trial's T009, in an expression): never true, and no finding."""
    text, *_ = CASES["a number where the values are that number as a word"]
    [d] = [d for d in findings(tmp_path, text) if d.code == "L010"]
    assert d.hint == "rank's '7' is a word: quote it, '7'", str(d)


def test_an_order_of_a_mixed_attribute_says_to_quote_its_values(tmp_path):
    """L037's hint gives the values quoted, in their declared order; an order that reads ranks of one kind, or `==`
    between mixed ones (which never fails), is no L037."""
    text, *_ = CASES["an order of ranks declared as numbers and words"]
    [d] = [d for d in findings(tmp_path, text) if d.code == "L037"]
    assert d.hint == "quote them all as words, rank: ['7', '8', '9', '10', ...], or write them all as numbers", str(d)
    for rank in ("['7', '8', '9', '10', J, Q, K, A]", "[7, 8, 9, 10, 11]"):  # (words: no L037, though `> 8` is E-something)
        words = changed("rank: [7, 8, 9, 10, J, Q, K, A]", f"rank: {rank}", text).replace(" or played(p).rank > 8", "")
        assert [str(d) for d in findings(tmp_path, words) if d.code == "L037"] == []


@pytest.mark.parametrize("players, written, said", [
    ("2..4", "[0, 2, 1][player_count - 3]", "`player_count - 3` is -1 with 2 players"),  # Citadels' overlay of 2 players
    ("2..5", "[0, 2][player_count - 2 if player_count < 4 else player_count]", "is 4 and 5 with 4 to 5 players"),
])
def test_a_list_written_out_is_checked_at_each_player_count_the_game_takes(tmp_path, players, written, said):
    """`[0, 2, 1, 0, 0][player_count - 3]` with 2 players allowed failed (R100) only in a game or --smoke: validate says
    at which player counts, with the condition that leaves them out; a branch not taken at a player count is no finding."""
    text = changed("players: 2..4", f"players: {players}", changed("count: 3}", "count: 3 + extra}",
                                                                   changed("define:\n", f"define:\n  extra: \"{written}\"\n")))
    [d] = [d for d in findings(tmp_path, text) if d.code == "L049"]
    assert (d.loc.line, d.loc.col) == where(text, written[written.index("][") + 2:]) and said in d.message, str(d)
    assert "players, or read the list only where it has one (`... if player_count" in d.hint, d.hint
    assert "# philtre: ignore[L049]" in d.hint, d.hint
    for fine in ("[0, 2, 1][player_count - 3] if player_count > 2 else 0", "player_count > 2 and [0, 2, 1][player_count - 3] > 0",
                 "[0, 2, 1][max(player_count - 3, 0)]", "[0, 2, 1][player_count - 2]"):
        text = changed("count: 3}", f"count: \"3 + ({fine})\"}}", changed("define:\n", "define:\n  extra: 0\n"))
        assert [str(d) for d in findings(tmp_path, text) if d.code == "L049"] == [], fine


# lints that only an overlay makes: (the base, the overlay, the code, where in the base, words of the message)
OVERLAY_CASES = {
    "a rank the base compares with that an overlay's values leave out": (
        changed("when: played(p).rank == best", "when: played(p).rank == best or played(p).rank == 10"),
        "extends: ruleset.yaml\ncomponents:\n  card:\n    attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9]}\n",
        "L057", "10\n            score", "10 is a rank the base gives and "),
}


@pytest.mark.parametrize("case", list(OVERLAY_CASES))
def test_lint_of_an_overlay(tmp_path, case):
    base, overlay, code, needle, words = OVERLAY_CASES[case]
    (tmp_path / "ruleset.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "house.yaml").write_text(overlay, encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(tmp_path / "ruleset.yaml"), variants=[str(tmp_path / "house.yaml")]).findings]
    mine = [d for d in found if d.code == code]
    assert mine and all(d.code.startswith("L") for d in found), [str(d) for d in found]
    assert (mine[0].loc.line, mine[0].loc.col) == where(base, needle) and words in mine[0].message, str(mine[0])
    assert mine[0].hint, "every lint says what to do"
    assert [str(f.diagnostic) for f in check_file(str(tmp_path / "ruleset.yaml")).findings] == []  # the base alone is clean


def test_every_lint_has_a_case():
    assert {code for _, code, _, _ in CASES.values()} | {code for *_, code, _, _ in OVERLAY_CASES.values()} == set(LINTS)


@pytest.mark.parametrize("winners, hint", [
    ('{highest: ["count(hand[p]) < 9", "score[p]"]}', 'such as the next winners key: heuristic: "score[p]"'),
    ('{lowest: ["count(hand[p]) > 8", "p == 0", "score[p] + 1"]}', 'such as the next winners key: heuristic: "-(score[p] + 1)"'),
    ('{lowest: ["count(hand[p]) > 8", "score[p]"]}', 'such as the next winners key: heuristic: "-score[p]"'),
    ('{highest: "not any(c.rank > 3 for c in hand[p])"}', "its score, say: heuristic: score[p]"),  # no key after it
])
def test_l041_hints_a_heuristic_from_the_next_key_that_is_a_number(tmp_path, winners, hint):
    text = changed('winners: {highest: "score[p]"}', f"winners: {winners}")
    [d] = [d for d in findings(tmp_path, text) if d.code == "L041"]
    assert d.hint.endswith(hint), str(d)
    assert ("keep it true" if "highest" in winners else "keep it false") in d.message, str(d)


@pytest.mark.parametrize("winners, said", [
    ('{highest: ["0 if count(hand[p]) > 8 else 1", "score[p]"]}', "is only ever 0 or 1, and no heuristic is declared: "
     "greedy reads that key alone as how well a seat stands, so it plays only to keep it at 1"),
    ('{highest: ["1 - (1 if count(hand[p]) > 8 else 0)", "score[p]"]}', "is only ever 0 or 1"),
    ('{lowest: ["2 if count(hand[p]) > 8 else 0", "score[p]"]}', "is only ever 0 or 2, and no heuristic is declared: "
     "greedy reads that key alone as how well a seat stands, so it plays only to keep it at 0"),
    ('{highest: ["alive(p)", "score[p]"]}', "is only ever 0 or 1"),  # through a definition
    ('{highest: ["0 if count(hand[p]) > 8 else score[p]", "score[p]"]}', None),  # a number of many values
    ('{highest: ["0 if count(hand[p]) > 8 else (1 if count(hand[p]) > 5 else 2)", "score[p]"]}', None),  # three
    ('{highest: ["0 if count(hand[p]) > 8 else 1", "score[p]"]}\nheuristic: score[p]', None),  # a heuristic declared
], ids=["a conditional of 0 and 1", "1 minus one", "lowest, of 0 and 2", "through a definition", "a score in a branch",
        "three values", "a heuristic declared"])
def test_l041_of_a_first_key_that_is_a_number_of_two_values(tmp_path, winners, said):
    """A Monopoly trial ranked `winners: {highest: ["0 if out[p] else 1", "worth(p)"]}`, with no heuristic, and greedy
    won half its games against random seats: it read 1 for every live seat. The key written `not out[p]` was L041."""
    text = changed('winners: {highest: "score[p]"}', f"winners: {winners}",
                   changed("define:\n", 'define:\n  alive(p): "0 if count(hand[p]) > 8 else 1"\n'))
    found = [d for d in findings(tmp_path, text) if d.code == "L041"]
    assert [d.code for d in found] == ([] if said is None else ["L041"]), [str(d) for d in found]
    assert said is None or said in found[0].message, str(found[0])
    heuristic = '"-score[p]"' if "lowest" in winners else '"score[p]"'  # (the next key, negated for lowest)
    assert said is None or found[0].hint.endswith(f"such as the next winners key: heuristic: {heuristic}"), str(found[0])


def test_l041_hints_the_next_key_that_is_not_of_two_values(tmp_path):
    text = changed('winners: {highest: "score[p]"}', 'winners: {highest: ["not any(c.rank > 9 for c in hand[p])", '
                   '"0 if count(hand[p]) > 8 else 1", "score[p]"]}')
    [d] = [d for d in findings(tmp_path, text) if d.code == "L041"]
    assert d.hint.endswith('such as the next winners key: heuristic: "score[p]"'), str(d)


@pytest.mark.parametrize("value, found", [("'card.rank > 8'", ["L041"]), ("'not out[me]'", ["L041"]), ("card.rank", [])])
def test_l041_of_a_variable_of_true_or_false_read_first(tmp_path, value, found):
    """`winners: {highest: ["out[p]", ...]}` with out a per-seat variable that starts false and is set true or false:
    a variable's type is not kept, so the key read as no truth value; one set a number is none."""
    text = changed("define:\n", "variables:\n  out: {initial: false, each: player}\ndefine:\n",
                   changed("      - move: card -> table[me]\n", f"      - move: card -> table[me]\n      - set: {{'out[me]': {value}}}\n",
                           changed('winners: {highest: "score[p]"}', 'winners: {highest: ["out[p]", "score[p]"]}')))
    assert [d.code for d in findings(tmp_path, text) if d.code == "L041"] == found


@pytest.mark.parametrize("winners", [
    '{highest: ["score[p]", "count(hand[p]) < 9"]}',  # a number first: greedy reads the score
    '"[p for p in players if count(hand[p]) < 9]"',  # an expression: greedy reads whether the seat is among them
    '{highest: ["count(hand[p]) < 9", "score[p]"]}\nheuristic: score[p]',  # a heuristic declared
])
def test_l041_is_silent_where_greedy_reads_a_number(tmp_path, winners):
    text = changed('winners: {highest: "score[p]"}', f"winners: {winners}")
    assert [str(d) for d in findings(tmp_path, text) if d.code in ("L041", "E120")] == []


def test_a_fixed_hidden_zone_is_not_reported(tmp_path):
    text, *_ = CASES["hidden zone the scoring reads, never revealed"]
    fixed = changed("      - move: table -> discard\n", "      - move: table -> discard\n  - reveal: won\n", text)
    # each trick's score of the pile still came before the reveal at the end, and told every seat what it held
    assert [d.code for d in findings(tmp_path, fixed)] == ["L030"]


def test_a_hidden_zone_the_scoring_only_counts_is_no_l006_while_its_count_is_public(tmp_path):
    """Tricks won face down and counted at the end: every seat sees how many each pile holds (a zone's count is public
    unless it says otherwise), so the points can be checked, as for L021. Reading what the pile holds is still L006."""
    text, *_ = CASES["hidden zone the scoring reads, never revealed"]
    counted = changed('add: "sum(c.rank for c in won[p])"', 'add: "count(won[p])"', text)
    assert [d.code for d in findings(tmp_path, counted)] == []
    through_define = changed("define:\n", "define:\n  taken(p): count(won[p])\n",
                             changed('add: "count(won[p])"', 'add: "taken(p)"', counted))
    assert [d.code for d in findings(tmp_path, through_define)] == []
    for hidden in ("owner", "nobody"):  # the others cannot count the pile: they cannot check the points
        hidden_count = changed("won: {each: player, visible: nobody}", f"won: {{each: player, visible: nobody, count: {hidden}}}", counted)
        assert [d.code for d in findings(tmp_path, hidden_count)] == ["L006"], hidden
    both = changed('add: "count(won[p])"', 'add: "count(won[p]) + sum(c.rank for c in won[p])"', counted)
    assert [d.code for d in findings(tmp_path, both)] == ["L006"]


@pytest.mark.parametrize("reveal, codes", [
    ("  - reveal: tent\n", []),
    ("  - for: q in players\n    do:\n      - reveal: tent[q]\n", []),
    ("  - reveal: tent[0]\n", ["L006"]),
    ("  - reveal: {what: tent, to: 0}\n", ["L006"]),
    ("  - reveal: {what: tent, to: players}\n", []),
], ids=["revealed", "each seat's entry revealed", "one seat's entry only", "a look", "a look every seat takes"])
def test_a_hidden_variable_the_winners_read_is_fine_once_revealed_before_the_end(tmp_path, reveal, codes):
    """The winners ranked by a `visible: owner` tally were silent, and at the game's end `play` showed the loser
    `tent = [2, hidden]`: L006, as for a zone nobody sees. A `reveal` of every seat's entry before the game ends lets
    every seat check who won; one seat's entry, or a look some seats take, does not."""
    text, *_ = CASES["a hidden variable the winners read, never revealed"]
    shown = changed("      - move: table -> discard\n", "      - move: table -> discard\n" + reveal, text)
    assert [d.code for d in findings(tmp_path, shown)] == codes, [str(d) for d in findings(tmp_path, shown)]


def test_a_hidden_variable_read_by_the_heuristic_alone_is_no_l006(tmp_path):
    """The heuristic is an agent's guess of how a seat stands, which no player checks: reading a hidden tally there is
    no finding, nor is a tally every seat sees that the winners read."""
    text, *_ = CASES["a hidden variable the winners read, never revealed"]
    heuristic = changed('winners: {highest: "tent[p]"}', 'heuristic: tent[p]', text)
    assert [d.code for d in findings(tmp_path, heuristic)] == []
    public = changed("tent: {initial: 0, each: player, visible: owner}", "tent: {initial: 0, each: player}", text)
    assert [d.code for d in findings(tmp_path, public)] == []


@pytest.mark.parametrize("given, read, codes", [
    ("count(won[p])", "n", []),
    ("won[p]", "sum(c.rank for c in n)", ["L006"]),
    ("[c.rank for c in won[p]]", "sum(n)", ["L006"]),
], ids=["the count", "the zone", "its components"])
def test_a_let_name_given_a_public_count_of_a_hidden_zone_reads_the_count(tmp_path, given, read, codes):
    """A face-down pile counted through a name (`let: {n: "count(won[p])"}`, then `add: n`) was L006, though
    `add: "count(won[p])"` was silent: the name is that count, which every seat sees. A name given the zone, or what
    its cards are, still reads the zone."""
    text, *_ = CASES["hidden zone the scoring reads, never revealed"]
    named = changed('          - score: {player: p, add: "sum(c.rank for c in won[p])"}\n',
                    f'          - let: {{n: "{given}"}}\n          - score: {{player: p, add: "{read}"}}\n', text)
    assert [d.code for d in findings(tmp_path, named)] == codes, [str(d) for d in findings(tmp_path, named)]
    if not codes:  # a count the others may not see is no check of the points
        hidden = changed("won: {each: player, visible: nobody}", "won: {each: player, visible: nobody, count: owner}", named)
        assert [d.code for d in findings(tmp_path, hidden)] == ["L006"]


def test_a_pieces_cells_read_by_the_grid_are_read(tmp_path):
    """`cells` (and `shape`) are read wherever a piece is placed, though no rule names them: not L016 beside a `cell` the rules read.
    Misspelt where no type has `cells`, every place would fail: E120 at validate, naming it (it was L016). (A plain
    attribute `cells`, one value where the grid reads a list, is R005: test_errors.)"""
    text = GRID_PIECES
    assert [d.code for d in findings(tmp_path, text)] == []
    [found] = findings(tmp_path, text.replace("cells: \"[cell, 2]\"", "cels: \"[cell, 2]\""))
    assert found.code == "E120" and "the attribute 'cels' is no cells" in found.hint, str(found)


GRID_PIECES = """\
philtre: 1
game: tiles
players: 2
components:
  tile: {attributes: {cell: [1, 2]}, derive: {cells: "[cell, 2]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: {}, visible: everyone}
actions:
  lay:
    choose: {t: bag, at: "placements(board, t)"}
    if: t.cell > 0
    do:
      - place: {piece: t, to: board, at: at}
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: lay
winners: {highest: "score[p]"}
"""


def test_hands_passed_through_a_holding_zone_are_not_reported(tmp_path):
    text = changed("  discard: {}\n", "  discard: {}\n  passing: {each: player}\n", changed(
        "      - move: table -> discard\n",
        "      - move: table -> discard\n      - for: p in players\n        do:\n          - move: hand[p] -> passing[left(p)]\n"
        "      - for: p in players\n        do:\n          - move: passing[p] -> hand[p]\n"))
    assert [d.code for d in findings(tmp_path, text)] == []


def test_a_deal_that_fits_only_some_player_counts_names_the_first_that_fails(tmp_path):
    text = changed("count: 3}", "count: 7}")  # 14 of 20 cards with 2 players, 21 with 3
    found = [d for d in findings(tmp_path, text) if d.code == "L005"]
    assert len(found) == 1 and "with 3 players" in found[0].message


def test_a_warning_can_be_silenced_on_its_line(tmp_path):
    text = changed("define:\n", "define:\n  spare(p): count(hand[p]) + 1     # philtre: ignore[L001]\n")
    assert findings(tmp_path, text) == []


def test_a_pile_kept_out_of_play_on_purpose_is_told_how_to_silence_l007_in_the_file(tmp_path):
    """A per-seat pile of lost cards the scoring ignores on purpose (Coup's lost influence) cannot be told from a pile
    the scoring forgot, so L007 stays; its hint said only `--ignore L007`, to pass on every run, and the author
    thought the file could not silence it. The hint gives the comment, and the comment it gives silences it."""
    text, code, needle, _ = CASES["zone the cards end up in, ignored by the scoring"]
    [d] = findings(tmp_path, text)
    assert (d.loc.line, d.loc.col) == where(text, needle)
    # the line named: authors put the comment on a statement's first line, the finding at one of its keys below
    assert d.code == code and d.hint.endswith(f"silence it on line {d.loc.line}: # philtre: ignore[L007]"), str(d)
    silenced = changed("  kept: {each: player}\n", "  kept: {each: player}     # philtre: ignore[L007]\n", text)
    (tmp_path / "silenced").mkdir()  # (another file: a file's lines are read once in a process)
    assert findings(tmp_path / "silenced", silenced) == []


@pytest.mark.parametrize("comment", ["# philtre: ignore[L01]", "# philtre: ignore L001", "# philtre: ignore[l001]"])
def test_a_comment_that_does_not_silence_its_line_says_how_to_write_it(tmp_path, comment):
    """A misspelt ignore comment silenced nothing, and said nothing of it."""
    text = changed("define:\n", f"define:\n  spare(p): count(hand[p]) + 1     {comment}\n")
    [d] = findings(tmp_path, text)
    assert d.code == "L001" and d.hint.endswith(f"the comment on line {d.loc.line} does not silence it: write # philtre: ignore[L001]"), str(d)


def test_a_definition_only_the_heuristic_uses_is_used(tmp_path):
    """The heuristic is a rule agents read: a definition it calls is not L001 (it was, when no scenario used it too)."""
    text = changed("define:\n", "define:\n  spare(p): count(hand[p]) + 1\n", CLEAN) + "heuristic: score[p] - spare(p)\n"
    assert findings(tmp_path, text) == []


def test_errors_cannot_be_silenced(tmp_path):
    text = changed("  - shuffle: deck\n", "  - shuffle: dekc     # philtre: ignore[E150]\n")
    assert [d.code for d in findings(tmp_path, text)] == ["E150"]


def test_lints_wait_for_errors_to_be_fixed(tmp_path):
    """A file with errors gets no lint: they would only echo the error."""
    text, *_ = CASES["unused definition"]
    text = changed("  - shuffle: deck\n", "  - shuffle: dekc\n", text)
    assert [d.code for d in findings(tmp_path, text)] == ["E150"]


SHIPPED = ["poison", "pok", "poisons", "hue"] + sorted(glob.glob(str(ROOT / "examples" / "*" / "ruleset.yaml")))
VARIANTS = sorted(glob.glob(str(ROOT / "rulesets" / "*" / "variants" / "*.yaml")))
HOUSE_RULES = sorted(glob.glob(str(ROOT / "examples" / "house-rules" / "*.yaml")))


@pytest.mark.parametrize("path", SHIPPED + VARIANTS + HOUSE_RULES, ids=lambda p: (Path(p).parent.name if Path(p).name == "ruleset.yaml" else Path(p).stem) if "/" in p else p)
def test_shipped_files_have_no_finding(path):
    report = check_file(path)
    assert report.reached == "lints"
    assert [str(f.diagnostic) for f in report.findings] == []


def test_a_let_hides_no_zone_the_cards_end_up_in(tmp_path):
    """A `let` moves no component: L007 still fires with one in the rules (it gave up on any statement it did not know)."""
    text, *_ = CASES["zone the cards end up in, ignored by the scoring"]
    with_let = changed("          - move: table[p] -> kept[p]\n",
                       "          - let: {spare: 1}\n          - move: table[p] -> kept[p]\n", text)
    assert [d.code for d in findings(tmp_path, with_let)] == ["L007"]


def test_scoring_that_reads_a_zone_through_a_let_reads_it(tmp_path):
    """Points from a `let` name whose value was read from a zone: the scoring reads that zone (no L007)."""
    text, *_ = CASES["zone the cards end up in, ignored by the scoring"]
    through_let = changed("          - move: table[p] -> kept[p]\n", "          - move: table[p] -> kept[p]\n"
                          "      - for: p in players\n        do:\n          - let: {worth: \"sum(c.rank for c in kept[p])\"}\n"
                          "          - score: {player: p, add: worth}\n", text)
    assert [d.code for d in findings(tmp_path, through_let)] == []


@pytest.mark.parametrize("shows", ["      - reveal: card\n", "      - reveal: hand[me]\n"], ids=["the-card", "its-zone"])
def test_a_public_variable_set_to_a_card_the_action_revealed_is_not_l013(tmp_path, shows):
    """L013's own hint says to reveal the components: once the action reveals them (the card, or the zone), the
    variable shows nothing hidden. Without the reveal it is still found."""
    leak = changed("    do:\n      - move: card -> table[me]\n",
                   "    do:\n      - set: {shown_card: card}\n      - move: card -> table[me]\n",
                   changed("define:\n", "variables:\n  shown_card: {initial: null}\n\ndefine:\n"))
    assert [d.code for d in findings(tmp_path, leak)] == ["L013"]
    fixed = changed("      - set: {shown_card: card}\n", shows + "      - set: {shown_card: card}\n", leak)
    assert [str(d) for d in findings(tmp_path, fixed)] == []


def overlay_findings(tmp_path, overlay: str) -> list:
    """The diagnostics of validating ``overlay`` (the text of house.yaml) on the shipped Poison."""
    house = tmp_path / "house.yaml"
    house.write_text(overlay, encoding="utf-8")
    return [f.diagnostic for f in check_file(str(house)).findings]


@pytest.mark.parametrize("overlay, code, needle, close", [
    ("extends: poison\ndefine:\n  limt: 15\n", "L001", "limt", "did you mean 'limit'?"),
    ("extends: poison\ncomponents:\n  poison:\n    attributes: {value: 4, ponts: 3}\n", "L016", "ponts", "did you mean 'points'?"),
], ids=["definition", "attribute"])
def test_a_misspelt_key_of_an_overlay_is_warned_about_with_the_name_it_meant(tmp_path, overlay, code, needle, close):
    """Maps merge, so a misspelt key adds a definition or an attribute and the base's stays as it was:
    the warning is at the overlay's key and names the key it was meant to change (no hint did, and an
    attribute was not warned about at all)."""
    found = overlay_findings(tmp_path, overlay)
    assert [d.code for d in found] == [code], [str(d) for d in found]
    assert (found[0].loc.path.endswith("house.yaml"), found[0].loc.line, found[0].loc.col) == (True, *where(overlay, needle))
    assert found[0].hint.startswith(close) and "unchanged" in found[0].hint, str(found[0])


def test_an_action_misspelt_in_an_overlay_is_warned_about_with_the_action_it_meant(tmp_path):
    """`actions: {paly: {choose: ...}}` over Poison's `play` adds a new action with no error inside it: L002 and
    L014 said to offer it or give it a `do:`, and nothing named 'play' (house-rules.md promises "did you mean").
    A new action the overlay offers itself, spelt like `play`, is meant: L014's own hint stays."""
    overlay = 'extends: poison\nactions:\n  paly:\n    choose: {card: "hand[me]"}\n'
    found = overlay_findings(tmp_path, overlay)
    assert [d.code for d in found] == ["L002", "L014"], [str(d) for d in found]
    for d in found:
        assert (d.loc.path.endswith("house.yaml"), d.loc.line, d.loc.col) == (True, *where(overlay, "paly")), str(d)
        assert d.hint == "did you mean 'play'? as written, 'paly' is a new action and the rules offer the other, unchanged", str(d)
    offered = overlay.replace("paly", "pray") + "flow:\n  - $before: rounds\n    decide: pray\n    player: 0\n"
    (tmp_path / "offered").mkdir()
    found = overlay_findings(tmp_path / "offered", offered)
    assert [(d.code, d.hint) for d in found] == [("L014", "add do: with what the choice does; a pass, which does nothing, chooses nothing")], \
        [str(d) for d in found]


def test_two_definitions_of_one_file_spelt_alike_are_no_misspelling(tmp_path):
    """`pudding_points` unused beside a used `dumpling_points`, both in the ruleset: no overlay added one for the
    other, so the hint is not "is a new definition and the rules read the other" (it was, with no overlay at all)."""
    text = changed("define:\n", "define:\n  pudding_points: 2\n  dumpling_points: 1\n")
    text = text.replace("flow:\n", "flow:\n  - score: {player: 0, add: dumpling_points}\n", 1)
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path)).findings if "pudding_points" in f.diagnostic.message]
    assert [(d.code, d.hint) for d in found] == [("L001", "remove it, or use it in a rule")], [str(d) for d in found]


def test_a_base_definition_an_overlay_leaves_unused_is_no_finding(tmp_path):
    """A 6 nimmt trial's variant replaced `over`, which alone read the base's `target`: `validate` of the game, which
    checks it with each variant, said L001 at the base's line and exited 1, though no `--variant` was asked for and the
    base's own check is clean. The base uses it; the variant plays the same with it: no finding (Poison's `held` and
    `excused`, left unused by an overlay's `points`, even beside the overlay's used `helm`, spelt alike)."""
    overlay = "extends: poison\ndefine:\n  points(p): sum(c.points for c in taken[p]) + helm\n  helm: 0\n"
    assert [str(d) for d in overlay_findings(tmp_path, overlay) if d.code == "L001"] == []
    removed = "  held(p, col): {$remove: true}\n  excused(p, col): {$remove: true}\n"
    assert overlay_findings(tmp_path, "extends: poison\ndefine:\n  points(p): sum(c.points for c in taken[p])\n" + removed) == []


def test_a_base_definition_the_base_leaves_unused_is_still_warned_under_a_variant(tmp_path):
    """What the base itself never uses stays L001 with an overlay applied, and an overlay's own unused definition too."""
    base = changed("define:\n", "define:\n  spare: 4\n")
    (tmp_path / "ruleset.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "house.yaml").write_text("extends: ruleset.yaml\ndefine:\n  extra: 2\n", encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(tmp_path / "house.yaml")).findings if f.diagnostic.code == "L001"]
    assert sorted((d.message, d.hint) for d in found) == [("definition 'extra' is never used", "remove it, or use it in a rule"),
                                                          ("definition 'spare' is never used", "remove it, or use it in a rule")], \
        [str(d) for d in found]


def test_a_definition_read_only_by_unused_ones_says_which_they_are(tmp_path):
    """An Oh Hell trial: `power`, read by `winner2` alone, which nothing reads, was "never used", and the author looked
    for the use that is there; it says which unused definitions read it."""
    text = changed("define:\n", "define:\n  power(p): score[p] * 2\n  winner2: \"[p for p in players if power(p) > 1]\"\n"
                                "  base: 1\n  one: base + 1\n  two: base + 2\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [f.diagnostic.message for f in check_file(str(path)).findings if f.diagnostic.code == "L001"]
    assert found == ["definition 'power' is used only by 'winner2', which is never used", "definition 'winner2' is never used",
                     "definition 'base' is used only by 'one' and 'two', which are never used",
                     "definition 'one' is never used", "definition 'two' is never used"], found


def test_a_base_definition_only_its_scenarios_use_is_used_under_a_variant(tmp_path):
    """A new user's Hanabi: `colours` read only by scenarios.yaml; an overlay that changed just the title made
    `validate game` warn L001 (with "an overlay left it unused") and exit 1, as the base's scenarios are not loaded
    with a variant. Still warned where nothing, scenarios included, reads it."""
    base = changed("define:\n", "define:\n  kinds: 3\n  spare: 4\n")
    (tmp_path / "ruleset.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: kinds\n    players: 2\n    expect: [kinds == 3]\n",
                                             encoding="utf-8")
    (tmp_path / "house.yaml").write_text("extends: ruleset.yaml\ntitle: renamed\n", encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(tmp_path / "house.yaml")).findings if f.diagnostic.code == "L001"]
    assert [d.message for d in found] == ["definition 'spare' is never used"], [str(d) for d in found]


TWO_DEALS, *_ = CASES["two deals from the deck that together need more than it holds"]


def test_two_deals_too_big_together_are_found_at_the_second_naming_the_first(tmp_path):
    """Each deal fits the deck alone (12 of 20 cards); one after the other they need 24. The finding is at the second
    deal, names the first's place, and says the player count at which it fails first."""
    found = [d for d in findings(tmp_path, TWO_DEALS) if d.code == "L005"]
    assert len(found) == 1, [str(d) for d in found]
    first = where(TWO_DEALS, "deal: {from: deck, to: table")
    assert f"just after the deal at {tmp_path / 'ruleset.yaml'}:{first[0]}:{first[1]} takes 12 (3 to each of 4 zones)" in found[0].message
    assert "24 in all, but 'deck' starts with 20 and nothing is ever put into it, with 4 players" in found[0].message, str(found[0])


@pytest.mark.parametrize("between", [
    "  - move: discard -> deck\n",                # cards put back into the deck: it may hold more by then
    "  - simultaneous: play\n",                   # a decision: its action may put cards anywhere
    "  - repeat: 1\n    do:\n      - shuffle: deck\n",  # a block: not followed statement by statement
], ids=["refill", "decision", "block"])
def test_two_deals_with_something_between_that_may_refill_the_deck_are_no_finding(tmp_path, between):
    """Only deals that certainly run one right after the other are added up: a refill, a decision or a block between
    them may give the deck more."""
    assert [d.code for d in findings(tmp_path, TWO_DEALS)] == ["L005"]
    apart = changed("  - deal: {from: deck, to: hand", between + "  - deal: {from: deck, to: hand", TWO_DEALS)
    assert "L005" not in [d.code for d in findings(tmp_path, apart)], between


@pytest.mark.parametrize("first, second", [
    ("  - deal: {from: deck, to: table, count: 3}\n    when: player_count < 4\n", None),  # the first may not run
    (None, "  - deal: {from: deck, to: hand, count: \"count(deck) // player_count\"}\n"),  # reads what the deck holds then
    ("  - deal: {from: discard, to: table, count: 3}\n", None),  # another source
], ids=["first-under-when", "count-of-what-is-left", "other-source"])
def test_deals_not_certainly_taking_from_one_deck_are_not_added_up(tmp_path, first, second):
    text = TWO_DEALS
    if first:
        text = changed("  - deal: {from: deck, to: table, count: 3}\n", first, text)
    if second:
        text = changed("  - deal: {from: deck, to: hand, count: 3}\n", second, text)
    assert [d.code for d in findings(tmp_path, TWO_DEALS)] == ["L005"]
    assert "L005" not in [d.code for d in findings(tmp_path, text)], [str(d) for d in findings(tmp_path, text)]


def test_a_zone_an_overlay_gave_more_copies_makes_two_deals_in_a_round_too_big(tmp_path):
    """6 nimmt! with five rows for ten players: the deck is gathered each round, one card to each row, then ten to
    each hand: 5 + 100 of 104. Each deal fits alone; the game stopped at a decision with no legal option. The finding
    is at the hand's deal, and its hint leads to the overlay's `copies`."""
    base = (tmp_path / "ruleset.yaml")
    base.write_text(NIMMT, encoding="utf-8")
    (tmp_path / "house.yaml").write_text("extends: ruleset.yaml\nzones:\n  row: {copies: 5}\n", encoding="utf-8")
    assert [str(f.diagnostic) for f in check_file(str(base)).findings] == []
    [d] = [f.diagnostic for f in check_file(str(tmp_path / "house.yaml")).findings]
    assert d.code == "L005" and (d.loc.path, d.loc.line) == (str(base), where(NIMMT, "deal: {from: deck, to: hand")[0]), str(d)
    assert "105 in all, but there are 104 components in all, with 10 players" in d.message, str(d)
    assert d.hint.endswith(f"the zone 'row' is defined by {tmp_path / 'house.yaml'}:3:9"), d.hint


NIMMT = """philtre: 1
game: rows
title: Rows
description: One card to each row, ten to each hand, every round.
players: 2..10
components:
  card:
    attributes: {n: 1..104}
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  row: {copies: 4}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> row[0]
flow:
  - name: rounds
    repeat: 2
    do:
      - round:
          - move: components -> deck
          - shuffle: deck
          - deal: {from: deck, to: row, count: 1}
          - deal: {from: deck, to: hand, count: 10}
          - name: turns
            repeat: 10
            do:
              - simultaneous: play
winners: {highest: "score[p]"}
"""


def test_a_family_counted_bare_is_told_apart_from_one_zone_counted(tmp_path):
    """`count(hand)` is the number of seats (the Skull that kept every seat alive); `count(hand[p])` what one holds,
    and a comprehension's own name `hand` is no zone. A zone made of copies says so."""
    text, *_ = CASES["a family of zones counted bare"]
    [d] = [d for d in findings(tmp_path, text) if d.code == "L025"]
    assert d.hint == "write count(hand[p]) for one seat's, or player_count for the number of seats", d.hint
    for fine in ("count(hand[p]) > 0", "count(hand for hand in [discard]) > 0"):
        ok = changed("count(hand) > 0", fine, text)
        assert [d.code for d in findings(tmp_path, ok)] == [], fine
    copies = changed("  discard: {}\n", "  discard: {}\n  row: {copies: 3}\n", changed("count(hand) > 0", "count(row) > 0", text))
    [d] = [d for d in findings(tmp_path, copies) if d.code == "L025"]
    assert "counts the copies of the zone 'row'" in d.message and "or 3 for the number of copies" in d.hint, str(d)
    # copies made by an expression: counting them is how the rules read how many the table made (Azul's factories)
    grown = changed("row: {copies: 3}", "row: {copies: 2 * player_count + 1}", copies)
    assert [d.code for d in findings(tmp_path, grown)] == []


def test_a_scenario_may_count_a_familys_zones(tmp_path):
    """A scenario checks the layout on purpose (connect-three's `count(column) == 5`), and fails loudly if wrong."""
    (tmp_path / "ruleset.yaml").write_text(CLEAN, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n  - name: seats\n    players: 2\n    expect: [count(hand) == 2]\n",
                                             encoding="utf-8")
    assert [str(f.diagnostic) for f in check_file(str(tmp_path / "ruleset.yaml")).findings] == []
    text, *_ = CASES["a family of zones counted bare"]
    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    assert [f.diagnostic.code for f in check_file(str(tmp_path / "ruleset.yaml")).findings] == ["L025"]


def test_a_deal_an_overlay_made_too_big_leads_to_the_overlay(tmp_path):
    """HUE with a sixth card in hand: the deal is the base's, the count the overlay's `hand_size`. The finding
    stays at the deal, and its hint says where the definition it reads is written."""
    overlay = "extends: hue\ndefine:\n  hand_size: 5 if player_count == 5 else 6\n"
    found = overlay_findings(tmp_path, overlay)
    assert [d.code for d in found] == ["L005"] and found[0].loc.path.endswith("ruleset.yaml"), [str(d) for d in found]
    assert found[0].hint == f"deal fewer, add components, or narrow 'players'; 'hand_size', which it reads, is written at {tmp_path / 'house.yaml'}:3:3"


def test_rounds_the_flow_repeats_are_counted_and_a_loop_that_may_run_on_says_nothing(tmp_path):
    """Three rounds repeated make round 3 reachable; under an `until` the count is unknown: no finding."""
    text, *_ = CASES["the points of a round the game never reaches"]
    repeated = changed("  - round:\n      - shuffle: deck\n", "  - repeat: 3\n    do:\n      - round:\n          - shuffle: deck\n", text)
    assert [d.code for d in findings(tmp_path, repeated)] == []
    assert [d.code for d in findings(tmp_path, repeated.replace("round_score(2, p)", "round_score(4, p)"))] == ["L017"]
    open_ended = changed("  - round:\n      - shuffle: deck\n",
                         "  - until: round_number >= 1\n    do:\n      - round:\n          - shuffle: deck\n", text)
    assert [d.code for d in findings(tmp_path, open_ended)] == []


def test_the_word_none_is_no_finding_where_the_rules_write_it_quoted(tmp_path):
    """A variable that starts as the word 'none' the rules compare with 'none', quoted: the word is meant (L018 is silent)."""
    text = changed("define:\n", "variables:\n  trump: none\n\ndefine:\n  no_trump: trump == 'none'\n",
                   changed("- when: played(p).rank == best\n", "- when: played(p).rank == best or no_trump\n"))
    assert [d.code for d in findings(tmp_path, text)] == []
    assert [d.code for d in findings(tmp_path, text.replace("trump == 'none'", "trump == none"))] == ["L018"]


def test_a_word_or_a_quoted_expression_the_rules_write_is_no_initial_value_finding(tmp_path):
    """`set-up` and `not yet` are words, not expressions; an expression's text the rules compare with is meant (L029 silent)."""
    words = changed("define:\n", "variables:\n  phase: set-up\n  note: {initial: [not yet, \"a (b)\"]}\n\ndefine:\n")
    (tmp_path / "w").mkdir(), (tmp_path / "m").mkdir(), (tmp_path / "i").mkdir()
    assert "L029" not in [d.code for d in findings(tmp_path / "w", words)]
    meant = changed("define:\n", "variables:\n  shown: \"f(x)\"\n\ndefine:\n  plain: shown == 'f(x)'\n",
                    changed("- when: played(p).rank == best\n", "- when: played(p).rank == best or plain\n"))
    assert [d.code for d in findings(tmp_path / "m", meant)] == []
    item = [d for d in findings(tmp_path / "i", meant.replace('shown: "f(x)"', 'shown: {initial: [0, "count(deck)"]}').replace("'f(x)'", "[]"))
            if d.code == "L029"]
    assert [d.message for d in item] == ["an item in the initial value of 'shown' is the text 'count(deck)', which reads as an "
                                         "expression: YAML data is not evaluated, so it stays that text"], item


def test_a_dashed_word_is_no_finding_where_the_rules_write_it_quoted(tmp_path):
    """`grade: [1-2, 3-4]` compared with '1-2', quoted: the words are meant (L020 is silent)."""
    text = changed("attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}", "attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], grade: [1-2, 3-4]}",
                   changed("- when: played(p).rank == best\n", "- when: played(p).rank == best or played(p).grade == '1-2'\n"))
    assert [d.code for d in findings(tmp_path, text)] == []
    unquoted = [d.code for d in findings(tmp_path, text.replace("grade == '1-2'", "grade == '2-3'"))]
    assert unquoted.count("L020") == 2, unquoted  # (and L010: no card has the grade '2-3')


def test_a_type_key_among_attributes_says_where_it_goes(tmp_path):
    text, *_ = CASES["the type's copies written inside its attributes"]
    [d] = [d for d in findings(tmp_path, text) if d.code == "L023"]
    assert d.hint == "the type's copies goes one level up, beside attributes: card: {attributes: {...}, copies: 2}", str(d)


@pytest.mark.parametrize("attributes, rest", [
    ("{rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], copies: [1, 2]}", "    copies: 2\n"),  # the type writes its own copies too
    ("{rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], start: [a, b]}", "    copies: 2\n    start: deck\n"),
], ids=["beside-its-own", "beside-its-own-start"])
def test_an_attribute_named_like_a_type_key_the_type_also_writes_is_no_finding(tmp_path, attributes, rest):
    """The type writes its own copies: (or start:) one level up as well: the attribute of that name is meant."""
    text = changed("    attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}\n    copies: 2\n    start: deck\n",
                   f"    attributes: {attributes}\n{rest}" + ("    start: deck\n" if "start: deck" not in rest else ""))
    assert [d for d in findings(tmp_path, text) if d.code == "L023"] == []


def test_an_attribute_named_like_a_type_key_that_a_rule_reads_is_no_finding(tmp_path):
    """A rule reads c.copies: the attribute is meant (and the type's default of one card each is the author's)."""
    text, *_ = CASES["the type's copies written inside its attributes"]
    text = changed("  best: max(played(p).rank for p in players)\n",
                   "  best: max(played(p).rank + played(p).copies for p in players)\n", text)
    assert [d for d in findings(tmp_path, text) if d.code == "L023"] == []


LIST_COPIES = """\
philtre: 1
game: list-copies
players: 1
components:
  card:
    list:
      - {colour: purple, copies: 2}
      - {colour: pink, copies: 3}
      - {colour: red}
zones:
  deck: {}
  hand: {each: player}
actions:
  pass: {}
flow:
  - deal: {from: deck, to: hand, count: 2}
  - decide: pass
    player: 0
"""


def test_copies_written_in_an_item_of_a_list_counts_the_item_and_is_no_finding(tmp_path):
    """A Hanamikoji trial's `- {colour: pink, copies: 3}` made one card with an attribute named copies (L023 then said
    so): an item's copies is its count now, as the trials of Sushi Go and Sheriff of Nottingham asked."""
    assert [str(d) for d in findings(tmp_path, LIST_COPIES)] == []
    path = tmp_path / "ruleset.yaml"
    path.write_text(LIST_COPIES)
    assert [c["colour"] for c in load_ruleset(str(path)).layout(1).components] == ["purple"] * 2 + ["pink"] * 3 + ["red"]


def test_another_type_key_written_in_an_item_of_a_list_is_found_at_the_first_such_item(tmp_path):
    """`start` in an item is still an attribute of the item, not the type's start (L023, naming where it goes)."""
    text = LIST_COPIES.replace("{colour: purple, copies: 2}", "{colour: purple, start: hand}")
    found = findings(tmp_path, text)
    assert [(d.code, d.loc.line, d.loc.col) for d in found] == [("L023", *where(text, "start: hand}"))], [str(d) for d in found]
    assert found[0].message == "'start' is written in an item of the list of 'card', so it is an attribute of that item here, not the type's start"
    assert found[0].hint == ("the type's start goes one level up, beside list:, and may read each item's attributes: "
                             "card: {list: [...], start: ...}")


def test_a_variable_without_an_initial_value_is_no_word(tmp_path):
    """`bid: {each: player}` writes no initial value (0): L018 read its `initial` and crashed validate (KeyError)."""
    text = changed("define:\n", "variables:\n  bid: {each: player}\n  led: {visible: owner, each: player, initial: None}\n\ndefine:\n")
    found = findings(tmp_path, text)
    assert [(d.code, d.loc.line, d.loc.col) for d in found] == [("L018", *where(text, "None}"))], [str(d) for d in found]


@pytest.mark.parametrize("initial, first, said", [
    ("[none, none, none]", "none, none, none]", "3 items in the initial value of 'claimed' are the word 'none'"),
    ("[0, [1, none]]", "none]]", "an item in the initial value of 'claimed' is the word 'none'"),
    ("{red: 0, blue: None}", "None}", "an item in the initial value of 'claimed' is the word 'None'"),
], ids=["list", "nested-list", "map"])
def test_the_word_none_inside_a_list_or_map_initial_value_is_found_once_at_the_first(tmp_path, initial, first, said):
    """`claimed: {initial: [none, none, ...]}` (a column board where nothing is claimed yet) validated clean: every
    item is the word 'none', `claimed[k] == none` never holds, and the game never ended. One finding per variable."""
    text = changed("define:\n", f"variables:\n  claimed: {{initial: {initial}}}\n\ndefine:\n")
    found = findings(tmp_path, text)
    assert [(d.code, d.loc.line, d.loc.col) for d in found] == [("L018", *where(text, first))], [str(d) for d in found]
    assert said in found[0].message
    quoted = changed("- when: played(p).rank == best\n", "- when: played(p).rank == best or claimed == 'none'\n", text)
    assert [d.code for d in findings(tmp_path, quoted)] == [], "the word written quoted in the rules is meant"


def test_the_word_none_written_in_quotes_is_meant_in_the_base_and_under_a_variant(tmp_path):
    """A trial's word list held `'NONE'` in quotes (the word meant): L018 was silent on the base but told it under any
    variant (exit 1 for `philtre validate .`, which checks the variants too); `show` printed it bare. The quotes are the
    scalar's style, kept through the merge, so L018 is silent either way, and `show` prints the word quoted again."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    text = changed("define:\n", "variables:\n  words: {initial: [AA, 'NONE', \"none\", ZO]}\n\ndefine:\n")
    assert [d.code for d in findings(tmp_path, text)] == []
    overlay = tmp_path / "variants" / "other.yaml"
    overlay.parent.mkdir()
    overlay.write_text("extends: ../ruleset.yaml\ndescription: another description\n", encoding="utf-8")
    assert [f.diagnostic.code for f in check_file(str(tmp_path / "ruleset.yaml"), variants=(str(overlay),)).findings] == []
    shown = CliRunner().invoke(main, ["show", str(tmp_path / "ruleset.yaml"), "--variant", str(overlay)])
    assert shown.exit_code == 0, shown.output
    assert "- 'NONE'\n" in shown.output and '- "none"\n' in shown.output and "- AA\n" in shown.output
    (tmp_path / "shown.yaml").write_text(shown.output, encoding="utf-8")
    assert "L018" not in [f.diagnostic.code for f in check_file(str(tmp_path / "shown.yaml")).findings]
    bare = text.replace("'NONE'", "NONE")  # (written bare, the word is still told, under the variant too)
    assert [d.code for d in findings(tmp_path, bare)] == ["L018"]
    assert [f.diagnostic.code for f in check_file(str(tmp_path / "ruleset.yaml"), variants=(str(overlay),)).findings] == ["L018"]


GIVEN_NONE_RULES = """\
philtre: 1
game: given-none
players: 2
variables:
  owner_of: null
  favour: {initial: [null, null], each: player}
actions:
  pass: {}
flow:
  - decide: pass
    player: 0
"""


@pytest.mark.parametrize("given, first, said", [
    ("{owner_of: none}", "owner_of", "the value given to 'owner_of' is the word 'none', not nothing"),
    ("{favour: [null, None]}", "None]", "an item in the value given to 'favour' is the word 'None', not nothing"),
    ("{owner_of: null, favour: [null, null]}", None, None),
], ids=["whole", "item", "null"])
def test_the_word_none_given_to_a_variable_in_a_scenario_is_found_where_it_is_written(tmp_path, given, first, said):
    """A Hanamikoji trial's `given: {variables: {favour: [none, ...]}}` validated clean, then gave the word 'none' and
    `favour[0] == none` failed: the scenario's given is YAML data as a variable's initial value is (L018)."""
    scenarios = f"scenarios:\n  - name: nothing owned\n    players: 2\n    given:\n      variables: {given}\n    expect: [owner_of == none]\n"
    (tmp_path / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    found = findings(tmp_path, GIVEN_NONE_RULES)
    if first is None:
        assert found == [], [str(d) for d in found]
        return
    assert [(d.code, d.loc.path, d.loc.line, d.loc.col) for d in found] == [
        ("L018", str(tmp_path / "scenarios.yaml"), *where(scenarios, first))], [str(d) for d in found]
    assert found[0].message.startswith(said), found[0].message
    quoted = GIVEN_NONE_RULES.replace("player: 0\n", "player: 0\n  - set: {owner_of: \"'none'\"}\n")
    assert [d.code for d in findings(tmp_path, quoted)] == [], "the word written quoted in the rules is meant"


@pytest.mark.parametrize("given, needle, said, hint", [
    ("{named: spade}", "named", "the value given to 'named' is the word 'spade'", "did you mean 'spades'?"),
    ("{log: [skip, skpi]}", "skpi]", "the value given to 'log' holds the word 'skpi'", "did you mean 'skip'?"),
    ("{named: diamonds}", "named", "the value given to 'named' is the word 'diamonds'", "give a word the rules use"),
    ("{named: spades, log: [skip, seat 1 passed]}", None, None, None),
    # a Skat trial's `game: "'null'"`, quoted as a step's args write a word: the run gave the word with its quotes
    ("{named: \"'spades'\"}", "named", "the value given to 'named' is \"'spades'\", the word 'spades' in quotes",
     "given values are YAML data: write spades, not 'spades' (only a step's args are expressions)"),
    ("{log: [skip, '\"skip\"']}", "'\"skip\"']", "the value given to 'log' holds '\"skip\"', the word 'skip' in quotes",
     "write skip, not \"skip\""),
    ("{named: \"'spade'\"}", "named", "the value given to 'named' is \"'spade'\"", "not 'spade' (only a step's args are "
     "expressions); did you mean 'spades'?"),
], ids=["misspelt", "item", "no word near", "known words and free text", "quoted", "quoted item", "quoted and misspelt"])
def test_a_word_given_to_a_variable_that_no_rule_knows_is_l051(tmp_path, given, needle, said, hint):
    """Crazy Eights trial: `given: {variables: {named: spade}}` (for spades) validated clean, and made a step marked
    `illegal: true` pass whatever the rules say: T009 tells that of a step's misspelt word, nothing of a given one."""
    scenarios = (f"scenarios:\n  - name: a heart refused\n    players: 2\n    given:\n      variables: {given}\n"
                 "      zones:\n        hand[0]: [{suit: hearts}, {suit: spades}]\n    steps:\n"
                 "      - {player: 0, action: play, args: {card: {suit: hearts}}, illegal: true}\n")
    (tmp_path / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    found = findings(tmp_path, GIVEN_WORD_RULES)
    if needle is None:
        assert found == [], [str(d) for d in found]
        return
    assert [(d.code, d.loc.path, d.loc.line, d.loc.col) for d in found] == [
        ("L051", str(tmp_path / "scenarios.yaml"), *where(scenarios, needle))], [str(d) for d in found]
    assert found[0].message.startswith(said) and hint in found[0].hint, str(found[0])


# a Skat trial's announced game, given in a scenario: a word YAML reads bare as no word (null is nothing)
ANNOUNCED_GAME = """\
philtre: 1
game: announced-game
players: 2
variables:
  game: "none"
actions:
  announce:
    choose: {g: "['grand', 'null']"}
    do:
      - set: {game: g}
flow:
  - decide: announce
    player: 0
"""


@pytest.mark.parametrize("given, fixed", [("\"'null'\"", '"null"'), ("\"'grand'\"", "grand")], ids=["null", "grand"])
def test_a_word_given_in_quotes_as_args_write_it_is_told_to_be_written_as_data(tmp_path, given, fixed):
    """A Skat trial wrote `args: {g: "'null'"}` and `variables: {game: "'null'"}` side by side: the given word kept its
    quotes, and the null game ran with the word `'null'` for trumps. The hint writes the word as YAML data reads it:
    `null` bare is nothing, so in YAML's own quotes; and what it writes is no finding."""
    scenarios = f"scenarios:\n  - name: a null game\n    players: 2\n    given:\n      variables: {{game: {given}}}\n" \
                "    expect: [\"game != 'none'\"]\n"
    (tmp_path / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    [d] = findings(tmp_path, ANNOUNCED_GAME)
    assert d.code == "L051" and (d.loc.line, d.loc.col) == where(scenarios, "game:"), str(d)
    assert d.hint.startswith(f"given values are YAML data: write {fixed}") and d.hint.endswith(
        f"not {given[1:-1]} (only a step's args are expressions)"), str(d)
    (tmp_path / "scenarios.yaml").write_text(scenarios.replace(given, fixed), encoding="utf-8")
    assert findings(tmp_path, ANNOUNCED_GAME) == []


def test_a_loop_an_overlay_made_endless_is_found_at_the_overlays_until(tmp_path):
    """L004 for `until: "false"` written in a house rule pointed at the base's `turns`, whose file the user had not touched."""
    overlay = tmp_path / "forever.yaml"
    overlay.write_text('extends: poison\nflow:\n  - name: turns\n    until: "false"\n', encoding="utf-8")
    report = check_file(str(overlay))
    found = [f.diagnostic for f in report.findings if f.diagnostic.code == "L004"]
    assert len(found) == 1
    assert (found[0].loc.path, found[0].loc.line, found[0].loc.col) == (str(overlay), 4, 12), found[0]


# a loop whose `until` reads the variable 'done', which starts false
UNTIL_DONE = changed("define:\n", "variables:\n  done: false\n  stop: false\n\ndefine:\n",
                     changed("  - shuffle: deck\n", "  - until: done\n    do:\n      - shuffle: deck\n"))


@pytest.mark.parametrize("until, said", [
    ("done", "its 'until' reads 'done', which no statement changes (it stays false)"),
    ("done or stop", "its 'until' reads 'done' and 'stop', which no statement changes ('done' stays false, 'stop' stays false)"),
])
def test_a_loop_whose_until_reads_only_variables_nothing_changes_never_ends(tmp_path, until, said):
    """`until: done` with no `set` of 'done' anywhere never ends: no lint said so and the game ran into R200 at the step
    limit. L004 at the `until`, saying which variable it reads and the value it keeps."""
    text = UNTIL_DONE.replace("  - until: done\n", f"  - until: {until}\n")
    found = findings(tmp_path, text)
    assert [(d.code, d.loc.line, d.loc.col) for d in found] == [("L004", *where(text, f"{until}\n    do:"))], [str(d) for d in found]
    assert said in found[0].message, found[0].message
    assert found[0].hint.startswith("set 'done'"), found[0].hint


@pytest.mark.parametrize("text", [
    changed("      - move: card -> table[me]\n", "      - move: card -> table[me]\n      - set: {done: true}\n", UNTIL_DONE),
    changed("      - shuffle: deck\n", "      - shuffle: deck\n      - set: {done: count(deck) > 0}\n", UNTIL_DONE),
    changed("  done: false\n", "  done: {initial: false, each: player}\n",
            changed("until: done\n", "until: all(done[p] for p in players)\n",
                    changed("      - shuffle: deck\n", "      - shuffle: deck\n      - set: {\"done[left(0)]\": true}\n", UNTIL_DONE))),
    changed("until: done\n", "until: done or any(score[p] >= 3 for p in players)\n", UNTIL_DONE),
    changed("until: done\n", "until: done or count(deck) == 0\n", UNTIL_DONE),
], ids=["set-by-an-action", "set-in-the-loop", "set-per-seat", "reads-a-score-too", "reads-a-zone-count-too"])
def test_a_loop_whose_until_may_become_true_is_no_finding(tmp_path, text):
    """No L004 where something may end the loop: a `set` of the variable in an action or in the loop, one seat's (the
    seat computed), or an `until` that reads the scores or a zone's count besides: a false alarm teaches authors to
    ignore lints."""
    assert [str(d) for d in findings(tmp_path, text)] == []


HEAVY = "count([x for x in range(100000) for y in range(99)])"  # runs out of the work one evaluation may do


@pytest.mark.parametrize("where", ["conditions", "deal counts"])
def test_the_lints_evaluate_constants_within_one_budget_even_where_each_runs_out_of_work(tmp_path, monkeypatch, where):
    """Each expression the lints evaluate before any game may do WORK_LIMIT steps, all of them CONSTANT_WORK. One that
    ran out of work was counted as free (out_of_work fills the budget again) and the deals' counts were not counted at
    all: 200 such conditions took 22 s to validate, 100 deals at 64 player counts 166 s, a 2 MB file of them hours."""
    from philtre.dsl import builtins, compiler
    from philtre.dsl.builtins import WORK_LIMIT
    from philtre.dsl.lints import CONSTANT_WORK

    ran_out = []
    real = builtins.out_of_work

    def counted():
        ran_out.append(1)
        real()
    monkeypatch.setattr(builtins, "out_of_work", counted)
    monkeypatch.setattr(compiler, "out_of_work", counted)
    monkeypatch.setitem(compiler.RUNTIME, "_out_of_work", counted)
    if where == "conditions":
        statements = "".join(f"  - shuffle: deck\n    when: {HEAVY} > {i}\n" for i in range(12))
    else:
        statements = "".join(f"  - deal: {{from: deck, to: hand, count: '{HEAVY} - {i}'}}\n" for i in range(12))
    text = changed("  - shuffle: deck\n", "  - shuffle: deck\n" + statements)
    findings(tmp_path, text)
    assert len(ran_out) <= CONSTANT_WORK // WORK_LIMIT + 1, len(ran_out)


def test_the_start_of_each_player_count_is_made_once_for_all_the_deals(tmp_path, monkeypatch):
    """L005 made the start (every component in its zone) for each deal at each player count: 100 deals of a game of
    100,000 components for 1..64 players made it 6,400 times."""
    from philtre.dsl import lints

    made = []

    class Counted(lints._StartState):
        def __init__(self, rs, n):
            made.append(n)
            super().__init__(rs, n)
    monkeypatch.setattr(lints, "_StartState", Counted)
    deals = "".join(f"  - deal: {{from: deck, to: hand, count: {i % 2}}}\n" for i in range(5))
    assert not findings(tmp_path, changed("  - shuffle: deck\n", "  - shuffle: deck\n" + deals))
    assert sorted(made) == [2, 3, 4]


@pytest.mark.parametrize("variable, condition, found", [
    ("coins: {initial: 5, each: player, visible: owner}", "coins[left(me)] > card.rank", True),  # a bid capped by another's purse
    ("coins: {initial: 5, each: player, visible: owner}", "sum(coins) > card.rank", True),
    ("coins: {initial: 5, each: player, visible: owner}", "rich(left(me)) or card.rank > 0", True),
    ("coins: {initial: 5, each: player, visible: nobody}", "coins[me] > card.rank", True),
    ("coins: {initial: 5, each: player, visible: owner}", "coins[me] > card.rank", False),
    ("coins: {initial: 5, each: player, visible: owner}", "rich(me) or card.rank > 0", False),
    ("coins: {initial: 5, each: player}", "coins[left(me)] > card.rank", False),
    ("coins: {initial: 5, each: player, visible: owner}", "more(card.rank) or card.rank > 0", False),
], ids=["another seat's", "all of them", "through a definition", "nobody's", "its own", "its own, through a definition", "public",
        "a parameter named as the variable"])
def test_an_action_allowed_by_a_hidden_variable_is_l021(tmp_path, variable, condition, found):
    """For Sale's raise offered up to the next seat's hidden coins told the player those coins: L021 looked at zones
    only, and validate said `lints ok`."""
    text = changed("define:\n", "define:\n  rich(p): coins[p] > 3\n  more(coins): coins > 3\n",
                   changed("    choose: {card: \"hand[me]\"}\n", f"    choose: {{card: \"hand[me]\"}}\n    if: {condition}\n"))
    text = text.replace("variables:\n", f"variables:\n  {variable}\n", 1) if "variables:\n" in text else \
        text.replace("define:\n", f"variables:\n  {variable}\ndefine:\n", 1)
    mine = [d for d in findings(tmp_path, text) if d.code == "L021"]
    assert bool(mine) == found, [str(d) for d in findings(tmp_path, text)]
    if found:
        assert "by the value of 'coins'" in mine[0].message and (mine[0].loc.line, mine[0].loc.col) == where(text, condition)


def test_an_initial_value_read_or_set_only_in_part_before_the_flow_sets_it_is_no_l022(tmp_path):
    """The deal reads it first, the set is conditional, or sets one seat's value: the initial value is used."""
    base = (ROOT / "examples" / "hidden-hands" / "ruleset.yaml").read_text(encoding="utf-8")
    overlay = "extends: ruleset.yaml\nvariables:\n  told: {initial: [[]]}\n"
    for old, new in [("count: hand_size}", "count: hand_size + count(told)}"),
                     ("  - set: {told:", "  - when: count(deck) > 0\n    set: {told:"),
                     ('  - set: {told: "[[nothing_said for c in hand[p]] for p in players]"}', '  - set: {"told[0]": "[]"}')]:
        assert base.count(old) == 1, old
        (tmp_path / "ruleset.yaml").write_text(base.replace(old, new), encoding="utf-8")
        (tmp_path / "house.yaml").write_text(overlay, encoding="utf-8")
        found = [str(f.diagnostic) for f in check_file(str(tmp_path / "house.yaml")).findings]
        assert not any("L022" in f for f in found), (new, found)
    (tmp_path / "ruleset.yaml").write_text(base, encoding="utf-8")
    [d] = [f.diagnostic for f in check_file(str(tmp_path / "house.yaml")).findings if f.diagnostic.code == "L022"]
    assert d.hint == "it reads 'nothing_said': change that definition in the overlay instead", str(d)
    # the overlay changed what the set gives as well, as agents.md asks of a hidden value's initial one: no finding
    (tmp_path / "house.yaml").write_text(overlay + "define:\n  nothing_said: \"{'colour': none, 'rank': 1}\"\n", encoding="utf-8")
    assert not [str(f.diagnostic) for f in check_file(str(tmp_path / "house.yaml")).findings if f.diagnostic.code == "L022"]


THROUGH_DEFINITION = """\
game: through-definition
players: 2
components:
  card: {attributes: {rank: 1..4}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: VISIBLE}
define:
  held(p): first(hand[p])
  held_by_one: first(hand[1])
  ranks_of(p): "[c.rank for c in hand[p]]"
actions:
  guess:
    choose: {target: "[q for q in players if q != me]", rank: RANKS}
    if: CONDITION
    do:
      - score: {player: me, add: 1}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: guess
    player: 0
"""


@pytest.mark.parametrize("visible, ranks, condition, found", [
    ("owner", '"range(1, 5)"', "held(target).rank != rank", True),
    ("owner", '"range(1, 5)"', "held_by_one.rank != rank", True),
    ("owner", '"ranks_of(target)"', "true", True),
    ("owner", '"range(1, 5)"', "held(me).rank != rank", False),
    ("owner", '"range(1, 5)"', "count(hand[target]) > 0 and rank > 1", False),
    ("others", '"range(1, 5)"', "held(me).rank != rank", True),
    ("others", '"range(1, 5)"', "held(target).rank != rank", False),
], ids=["another seat's, through a definition", "a seat written in the definition", "a choice's list made by a definition",
        "its own", "a count, which is public", "its own, which it does not see", "another's, which it sees"])
def test_an_action_allowed_by_a_hidden_zone_read_through_a_definition_is_l021(tmp_path, visible, ranks, condition, found):
    """A new user's Love Letter Guard that may not name the target's card (`held(p): first(hand[p])`, `if:
    held(target).rank != rank`) told the player that card, and validate said `lints ok`: the owner's own zone was
    looked for in the action's text alone, where `hand` is not written."""
    text = THROUGH_DEFINITION.replace("VISIBLE", visible).replace("RANKS", ranks).replace("CONDITION", condition)
    mine = [d for d in findings(tmp_path, text) if d.code == "L021"]
    assert bool(mine) == found, [str(d) for d in findings(tmp_path, text)]
    if found:
        assert "by what 'hand' holds" in mine[0].message, str(mine[0])


@pytest.mark.parametrize("define, value, found", [
    ("", "d6.pips", "die 'd6'"),
    ("  face_of(d): d.pips\n", "face_of(d6)", "die 'd6'"),
    ("  shown: d6.pips\n  doubled: shown * 2\n", "doubled", "die 'd6'"),
    ("", "rolled", "die 'd6'"),  # the let below
    ("", "sum(d.pips for d in dice)", "the dice"),
    ("", "count(hand[0])", None),  # no die: what the seat holds
    ("  face_of(d6): 3\n", "face_of(1)", None),  # a parameter named as the die
    ("", "sum(d6 for d6 in [1, 2])", None),  # a loop's name, as the die's
], ids=["directly", "through a definition", "through two", "through a let", "all the dice", "no die", "a parameter", "a loop's name"])
def test_a_hidden_variable_set_from_a_roll_is_l023(tmp_path, define, value, found):
    """Liar's Dice written the natural way: a public d6 rolled and copied into `mine` (visible: owner); each view and record
    showed the roll right before the hidden `set`, and validate said `no findings`."""
    text = changed("  - shuffle: deck\n", f"  - shuffle: deck\n  - roll: d6\n  - let: {{rolled: d6.pips}}\n"
                   f"  - set: {{\"mine[0]\": \"[{value}]\", everyones: \"{value}\"}}\n",
                   changed("define:\n", ROLLED_INTO_MINE + "define:\n" + define))
    mine = [d for d in findings(tmp_path, text) if d.code == "L024"]
    assert [f"set from {found}" in d.message for d in mine] == ([True] if found else []), [str(d) for d in mine]
    if found:  # at the hidden variable's value, not the public one's
        assert (mine[0].loc.line, mine[0].loc.col) == where(text, f"\"[{value}]"), str(mine[0])
        assert "see `dice` in docs/language.md" in mine[0].hint


def test_a_roll_in_a_variable_everyone_sees_or_the_hidden_roll_of_the_docs_is_no_l023(tmp_path):
    """The leak is the hidden variable's: one everyone sees may hold a roll, and the components the docs' pattern rolls
    in secret are no die."""
    leak = changed("  - shuffle: deck\n", "  - shuffle: deck\n  - roll: d6\n  - set: {\"mine[0]\": \"[d6.pips]\"}\n",
                   changed("define:\n", ROLLED_INTO_MINE + "define:\n"))
    assert [d.code for d in findings(tmp_path, leak)] == ["L024"]
    public = leak.replace("mine: {initial: [], each: player, visible: owner}", "mine: {initial: [], each: player}")
    assert [d.code for d in findings(tmp_path, public)] == []
    report = check_file(str(ROOT / "examples" / "liars-dice" / "ruleset.yaml"))
    assert report.reached == "lints" and [str(f.diagnostic) for f in report.findings] == []


@pytest.mark.parametrize("guard", ["count(deck) > 5", "count(hand[0]) > 0", "score[0] < 3", "count(discard) == 0 or last(discard).rank > 2"])
def test_a_decision_guarded_by_what_every_seat_sees_is_no_l027(tmp_path, guard):
    """Counts every seat sees (`count: everyone`), scores and a face-up pile tell nobody anything new."""
    text = changed("      - simultaneous: play\n", f"      - simultaneous: play\n        when: {guard}\n")
    assert "L027" not in {d.code for d in findings(tmp_path, text)}


@pytest.mark.parametrize("hidden, public, needle, words", [
    ("    turns: 0\n    until: last(deck).rank == 10\n", "    turns: 0\n    until: count(hand[current]) == 0\n",
     "last(deck)", "whether this turns loop goes on and asks a seat to decide hangs on what 'deck' holds"),
    ("    for: c in [c for c in deck if c.rank == 10]\n", "    for: c in deck\n",
     "c in [c", "how many times this for asks a seat to decide hangs on what 'deck' holds"),
    ("    for: c in deck\n", "    for: h in hand\n",  # (hidden: `deck` with count: nobody below; a family's zones: one a seat)
     "c in deck", "how many times this for asks a seat to decide hangs on `count(deck)`, which not every seat may count"),
    ("    repeat: count(c for c in hand[0] if c.rank == 10)\n", "    repeat: count(hand[0])\n",
     "count(c for", "how many times this repeat asks a seat to decide hangs on what 'hand' holds"),
], ids=["turns-until", "for-filtered", "for-uncounted-zone", "repeat"])
def test_a_loop_that_asks_as_often_as_a_hidden_condition_says_is_l027(tmp_path, hidden, public, needle, words):
    """Every seat sees each decision asked, so each pass that asks tells the loop's condition (or how many items or
    passes there are); a condition read from what every seat sees tells nothing."""
    base = changed("  deck:    {visible: nobody}", "  deck:    {visible: nobody, count: nobody}") if "c in deck\n" in hidden else CLEAN
    text = changed("    repeat: 3\n", hidden, base)
    mine = [d for d in findings(tmp_path, text) if d.code == "L027"]
    assert len(mine) == 1 and words in mine[0].message, [str(d) for d in mine]
    assert (mine[0].loc.line, mine[0].loc.col) == where(text, needle), str(mine[0])
    assert "L027" not in {d.code for d in findings(tmp_path, changed("    repeat: 3\n", public))}


@pytest.mark.parametrize("choice, value, secret, found", [
    ("guess: \"range(3)\"", "guess", "", "guess"),
    ("guess: \"range(3)\"", "mine[me] * 10 + guess", "", "guess"),  # an expression of it
    ("guess: \"range(3)\"", "said", "", "guess"),  # through a let
    ("guess: \"range(3)\"", "[guess for guess in [1]][0]", "", None),  # a comprehension's own name
    ("guess: \"range(3)\"", "card.rank", "", None),  # the card, chosen from a hand only its owner sees
    ("guess: \"range(3)\"", "guess", "    secret: [guess]\n", None),  # told to the deciding seat alone
    ("guess: \"['red', 'blue']\"", "guess", "", "guess"),  # a word
    ("guess: \"[c for c in discard]\"", "guess.rank", "", "guess"),  # a component of a zone every seat sees
    # a Skat trial's matadors: from the announced game and the hand only its owner sees, a secret (and the hint to make
    # the announcement secret, or the variable public, would hide the game from the defenders, or show the hand)
    ("guess: \"range(3)\"", "sum(c.rank for c in hand[me]) if guess == 1 else 0", "", None),
    ("guess: \"range(3)\"", "sum(c.rank for c in discard) if guess == 1 else 0", "", "guess"),  # only what all see
    ("guess: \"range(3)\", bet: \"range(2)\"", "guess * 2 + bet", "    secret: [bet]\n", None),  # and a secret choice
], ids=["directly", "an expression", "a let", "a comprehension's name", "a hidden card", "secret", "a word", "a public card",
        "and a hidden hand", "and a public pile", "and a secret choice"])
def test_a_hidden_variable_set_from_a_choice_told_to_all_is_l032(tmp_path, choice, value, secret, found):
    """Mastermind's code chosen without `secret:`: every seat's record showed `set_code(c=red)` beside `code[0] = hidden`,
    and validate said `no findings`. Only a choice every seat is told counts, and `secret:` is the fix the hint names."""
    text = changed("    choose: {card: \"hand[me]\"}\n    do:\n",
                   f"    choose: {{card: \"hand[me]\", {choice}}}\n{secret}    do:\n      - let: {{said: guess}}\n"
                   f"      - set: {{\"mine[me]\": \"{value}\", everyones: \"{value}\"}}\n",
                   changed("define:\n", GUESSED_INTO_MINE + "  everyones: 0\ndefine:\n"))
    mine = [d for d in findings(tmp_path, text) if d.code == "L033"]
    assert [f"set from the choice '{found}' of 'play'" in d.message for d in mine] == ([True] if found else []), [str(d) for d in mine]
    if found:  # at the hidden variable's value, not the public one's; the hint's `secret:` clears it
        assert (mine[0].loc.line, mine[0].loc.col) == where(text, f"\"{value}\", everyones"), str(mine[0])
        assert f"add `secret: [{found}]` to action 'play'" in mine[0].hint, str(mine[0])
        fixed = text.replace("    do:\n      - let", f"    secret: [{found}]\n    do:\n      - let")
        assert [d.code for d in findings(tmp_path, fixed) if d.code == "L033"] == []


# a Skat trial's `mats`, cut down: worked out at the announcement from the announced game (told to all) and the
# declarer's hand (only its owner sees), kept from every seat until the end
ANNOUNCED_STRENGTH = """\
philtre: 1
game: announced
players: 2
components:
  card: {attributes: {rank: 1..8}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  shown: {}
variables:
  strength: {initial: 0, visible: nobody}
actions:
  announce:
    choose: {g: "['high', 'low']"}
    do:
      - set: {strength: "sum(c.rank for c in hand[me]) if g == 'high' else 0"}
flow:
  - deal: {from: deck, to: hand, count: 3}
  - move: take(deck, 3) -> shown
  - decide: announce
    player: 0
  - reveal: strength
"""


def test_a_hidden_value_of_a_public_choice_and_a_hidden_hand_is_no_l033(tmp_path):
    """A Skat trial's `strength` (visible: nobody) set from the announced `g` and `hand[me]` was told it "is no secret",
    to make the announcement secret or the variable public: either breaks the game. Only where all it reads is
    public is it L033, and play no longer warns of it before the deal."""
    assert "L033" not in {d.code for d in findings(tmp_path, ANNOUNCED_STRENGTH)}
    result = subprocess.run([sys.executable, "-m", "philtre", "play", str(tmp_path), "-p", "2", "--seed", "1"],
                            capture_output=True, text=True, input="", timeout=300)
    assert "warning" not in result.stderr and "Traceback" not in result.stderr, result.stderr
    public = ANNOUNCED_STRENGTH.replace("in hand[me])", "in shown)")
    [d] = [d for d in findings(tmp_path, public) if d.code == "L033"]
    assert "set from the choice 'g' of 'announce'" in d.message and d.hint.startswith("add `secret: [g]`"), str(d)


def test_a_hidden_variable_set_from_several_told_choices_is_told_to_make_each_secret(tmp_path):
    """Mastermind's code is four choices, `[a, b, c, d]`: the hint names them all, so that one fix clears the finding."""
    text = changed("    choose: {card: \"hand[me]\"}\n    do:\n",
                   "    choose: {card: \"hand[me]\", a: \"['red', 'blue']\", b: \"['red', 'blue']\"}\n    do:\n"
                   "      - set: {\"mine[me]\": \"[b, card.rank, a]\"}\n", changed("define:\n", GUESSED_INTO_MINE + "define:\n"))
    [d] = [d for d in findings(tmp_path, text) if d.code == "L033"]
    assert "set from the choice 'b' of 'play'" in d.message and d.hint.startswith("add `secret: [b, a]` to action 'play', so "
                                                                                   "that only the deciding seat is told them"), str(d)
    fixed = text.replace("    do:\n      - set", "    secret: [b, a]\n    do:\n      - set")
    assert [d.code for d in findings(tmp_path, fixed) if d.code == "L033"] == []



def face_down(before: str, after: str) -> str:
    """CLEAN whose tricks are played face down, then seat 0 asked to play again where its card was the lower, with
    ``before`` and ``after`` (statements) around that decision."""
    return changed("  table:   {each: player}    ", "  table:   {each: player, visible: owner}",
                   changed("      - simultaneous: play\n", f"      - simultaneous: play\n{before}      - decide: play\n"
                           f"        player: 0\n        when: played(0).rank < played(1).rank\n{after}"))


@pytest.mark.parametrize("before, after, codes", [
    ("      - reveal: table\n", "", []),
    ("", "      - reveal: table\n", ["L027"]),  # (the score after the reveal sees the table: no L030)
    ("      - reveal: {what: table, to: 0}\n", "      - reveal: table\n", ["L027"]),  # a look seat 0 alone takes
    ("      - reveal: discard\n", "      - reveal: table\n", ["L027"]),
    ("      - reveal: {what: table, to: players}\n", "", []),  # a look every seat takes shows every seat
], ids=["revealed-before", "revealed-after", "a-look", "another-zone", "a-look-by-all"])
def test_a_decision_guarded_by_a_zone_revealed_before_it_is_no_l027(tmp_path, before, after, codes):
    """A new user's 6 nimmt! had each seat pick a card face down, revealed them all, then asked the seat of the lowest
    which row it takes: L027 said the `decide` hung on cards only their owners saw, and its hint (reveal it first) was
    what the ruleset did. A reveal before the decision shows every seat the zone, as L030 takes one before a score; one
    after it, a look some seats take, or a reveal of another zone does not."""
    text = face_down(before, after)
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]
    if codes:
        assert (found[0].loc.line, found[0].loc.col) == where(text, "played(0).rank <"), str(found[0])
        assert "whether this decide asks a seat to decide hangs on what 'table' holds" in found[0].message, str(found[0])


BLACKJACK_HOLE = """philtre: 1
game: hole
title: Hole card
players: 2
components:
  card: {attributes: {rank: 1..10}, start: deck}
zones:
  deck: {visible: nobody}
  hole: {visible: nobody}
  discard: {}
actions:
  go: {}
flow:
  - shuffle: deck
  - move: last(deck) -> hole
REVEAL
  - reveal: hole
  - move: hole -> discard
"""
ASK_ON_THE_HOLE = "  - decide: go\n    player: 0\n    when: first(hole).rank > 5\n"


@pytest.mark.parametrize("reveal, codes", [
    ("", ["L027"]),
    ("  - reveal: hole\n" + ASK_ON_THE_HOLE, []),
    ("  - when: first(hole).rank == 1\n    reveal: hole\n" + ASK_ON_THE_HOLE, ["L027"]),
    ("  - when: 'false'\n    reveal: hole\n" + ASK_ON_THE_HOLE, ["L003", "L027"]),
    ("  - when: first(hole).rank == 1\n    do:\n      - reveal: hole\n    else:\n      - say: \"'no'\"\n" + ASK_ON_THE_HOLE,
     ["L027"]),
    ("  - when: count(deck) > 0\n    do:\n      - reveal: hole\n" + ASK_ON_THE_HOLE.replace("\n", "\n    ").replace("  - ", "      - ", 1)[:-4], []),
], ids=["no-reveal", "a-reveal", "a-guarded-reveal", "a-reveal-never-run", "a-reveal-in-a-block", "read-in-the-same-block"])
def test_a_reveal_under_a_when_shows_only_where_it_surely_ran(tmp_path, reveal, codes):
    """A trial's Blackjack revealed the dealer's hole card `when: first(hole).rank == 1`, then asked a seat `when:
    first(hole).rank > 5`: L027 took the reveal as always run, and was silent (even for `when: false`). A reveal under a
    `when` (or in its block, or an `else`) shows the zone only to what follows it in that block."""
    base = BLACKJACK_HOLE.replace("REVEAL\n", reveal or ASK_ON_THE_HOLE)
    found = findings(tmp_path, base)
    assert sorted(d.code for d in found) == codes, [str(d) for d in found]
    if "L027" in codes:
        assert [d.loc.line for d in found if d.code == "L027"] == [where(base, "first(hole).rank > 5")[0]]


def guarded(guard: str, block: str) -> str:
    """CLEAN where, after the deal, ``block`` (statements) runs when ``guard`` holds."""
    return changed("  - name: tricks\n", f"  - when: {guard}\n    do:\n{block}  - name: tricks\n")


ASK_0 = "      - decide: play\n        player: 0\n"
TEN_OF_0 = "any(c.rank == 10 for c in hand[0])"


@pytest.mark.parametrize("text, hint", [
    (guarded(TEN_OF_0, "      - move: \"first(c for c in hand[0] if c.rank == 10) -> discard\"\n" + ASK_0),
     "its block first moves what it looks for into 'discard', which every seat sees: test that move instead (let: "
     "{before: count(discard)}, the move, of take([...], 1), which may move none, then when: count(discard) > before "
     "around the decision); or, where the rules tell every seat the answer (a \"go\" said aloud), say it in the "
     "statement's block or `else` (say: \"'go'\"): a say there tells the table, and this is no finding; or, where every "
     "seat sees it anyway, silence it on line "),
    (guarded("last(deck).rank == 10", ASK_0), "reveal just what it reads first (reveal: last(deck)), not all of 'deck', or ask"),
    (guarded(TEN_OF_0, ASK_0), "reveal just what it reads first (reveal: hand[0]), not all of 'hand', or ask"),
    (face_down("", ""), "reveal it first (reveal: table shows every seat's), or ask the decision always"),
], ids=["played face up first", "one card", "one seat's hand", "every seat's, through a definition"])
def test_l027_hints_the_narrowest_fix(tmp_path, text, hint):
    """An Exploding Kittens trial asked where to put the kitten `when` the hand held a defuse, whose block first played
    the defuse face up: L027 said to "reveal it first", which read as the whole hand. The hint names the narrowest fix,
    as L031's does: the move that tells it made the test (what the trial did, which is silent), a reveal of the one thing
    read, a reveal said to show every seat's; and the ignore comment, for what the table sees anyway."""
    [found] = [d for d in findings(tmp_path, text) if d.code == "L027"]
    assert hint in found.hint and found.hint.endswith(f"silence it on line {found.loc.line}: # philtre: ignore[L027]"), str(found)
    if "'discard'" in hint:  # (what the hint says to write is silent)
        fixed = changed("  - name: tricks\n", "  - let: {before: count(discard)}\n  - move: \"take([c for c in hand[0] if c.rank == 10], 1) "
                        "-> discard\"\n  - when: count(discard) > before\n    do:\n" + ASK_0 + "  - name: tricks\n")
        assert [str(d) for d in findings(tmp_path, fixed)] == []
        silenced = text.replace(f"  - when: {TEN_OF_0}\n", f"  - when: {TEN_OF_0}   # philtre: ignore[L027]\n")
        (tmp_path / "silenced").mkdir()  # (a file of its own: the lines of one already read are kept)
        assert [str(d) for d in findings(tmp_path / "silenced", silenced)] == []


LAYOUT = """philtre: 1
game: layout
players: 2
components:
  card: {attributes: {n: 1..4}, start: deck}
zones:
  deck: {visible: nobody}
  slot: {copies: 4, visible: nobody}
  taken: {}
variables:
  left: 4
actions:
  take:
    choose: {i: "range(4)"}
    if: count(slot[i]) == 1
    do:
      - move: slot[i] -> taken
flow:
  - shuffle: deck
  - deal: {from: deck, to: slot, count: 1}
  - turns: 0
    until: GUARD
    do:
      - decide: take
      - set: {left: "SET"}
"""


@pytest.mark.parametrize("guard", ["sum(count(z) for z in slot) == 0", "all(count(z) == 0 for z in slot)"])
def test_a_count_of_each_zone_of_a_family_every_seat_may_count_is_no_l027_or_l031(tmp_path, guard):
    """A new user's Memory ended when `sum(count(z) for z in down)` was 0 (a face-down layout every seat may count): L027
    and L031 said it read what the cards were, though `count(down[i]) for i in range(36)` was silent. Counted per zone
    through the loop's name, it is as public as by index; a family whose counts nobody may count is still found."""
    text = LAYOUT.replace("GUARD", guard).replace("SET", guard.replace(" == 0", ""))
    assert [str(d) for d in findings(tmp_path, text)] == []
    uncounted = text.replace("slot: {copies: 4, visible: nobody}", "slot: {copies: 4, visible: nobody, count: nobody}")
    found = [d for d in findings(tmp_path, uncounted) if d.code != "L021"]  # (the action's `if` counts a slot too)
    assert sorted(d.code for d in found) == ["L027", "L031"], [str(d) for d in found]
    assert all("not every seat may count" in d.message for d in found), [str(d) for d in found]


MIND = """philtre: 1
game: mind
players: 2
components:
  card: {attributes: {value: 1..10}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {}
define:
  held: "[c for p in players for c in hand[p]]"
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> pile
flow:
  - deal: {from: deck, to: hand, count: 2}
  - until: GUARD
    do:
      - simultaneous: play
        players: "[p for p in players if count(hand[p]) > 0]"
"""


@pytest.mark.parametrize("guard", ["count(held) == 0", "count(c for c in hand[0]) + count([c.value for c in hand[1]]) == 0",
                                   "count([c for p in players if p != 0 for c in hand[p]]) == 0"])
def test_a_count_of_an_unfiltered_comprehension_over_hidden_zones_is_no_l027(tmp_path, guard):
    """A user's The Mind looped `until: count(held) == 0`, `held` the cards of every hand (`[c for p in players for c in
    hand[p]]`): L027 said the loop hung on what the hands held, though `count(hand[0]) + count(hand[1])` was silent. A
    comprehension with no `if` on its last clause has as many items as the zones it goes over: its count is theirs,
    public where they may be counted. Filtered, it counts what they hold; where the hands may not be counted, so is it."""
    text = MIND.replace("GUARD", f'"{guard}"')
    assert [str(d) for d in findings(tmp_path, text) if d.code != "L001"] == []  # (L001: `held` unused by some guards)
    filtered = MIND.replace("GUARD", '"count(c for c in hand[0] if c.value > 5) == 0"')
    assert [d.code for d in findings(tmp_path, filtered) if d.code != "L001"] == ["L027"]
    uncounted = text.replace("hand: {each: player, visible: owner}", "hand: {each: player, visible: owner, count: owner}")
    found = [d for d in findings(tmp_path, uncounted) if d.code == "L027" and "until" in d.message]  # (`players` counts too)
    assert len(found) == 1 and "not every seat may count" in found[0].message, [str(d) for d in found]


TAINT = """philtre: 1
game: taint
players: 2
components:
  chip: {each: player, start: "hand[owner]", attributes: {kind: [a, b]}}
zones:
  hand: {each: player, visible: owner}
  mat: {each: player, visible: owner}
variables:
  high: 0
actions:
  place:
    choose: {c: "hand[me]"}
    do:
      - move: c -> mat[me]
  bid:
    do:
      - set: {high: "count(mat[me])"}
flow:
  - simultaneous: place
  - turns: 0
    until: high > 0
    do:
      - decide: [place, bid]
"""


def test_a_public_variable_set_from_a_public_count_guards_no_l027(tmp_path):
    """A new user's Skull auction looped `until: high > 0`, `high` a public variable an action set to `count(mat[me])`
    (every seat may count a mat): L027 said the loop hung on what the mats held, where `until: count(mat[0]) > 0` was
    silent. A variable everyone sees is read as shown; set from a count its owner alone may count, the secret is told
    at that `set` (L031), not at each read."""
    assert [str(d) for d in findings(tmp_path, TAINT)] == []
    owned = TAINT.replace("mat: {each: player, visible: owner}", "mat: {each: player, visible: owner, count: owner}")
    found = findings(tmp_path, owned)
    assert [d.code for d in found] == ["L031"], [str(d) for d in found]
    assert (found[0].loc.line, found[0].loc.col) == where(owned, '"count(mat[me])"'), str(found[0])


def test_a_hidden_zone_every_seat_can_tell_guards_no_l027(tmp_path):
    """A hand whose cards start in it, known from the ruleset, and leave only face up (POK's counters) hides nothing
    from a loop's condition: every seat can tell what it holds. Dealt from the shuffled deck, it does hide them."""
    loop = "    until: all(count(hand[p]) == 0 for p in players) or any(c.rank == 10 for c in hand[0])\n"
    dealt = changed("    repeat: 3\n", loop)
    assert [d.code for d in findings(tmp_path, dealt) if d.code == "L027"] == ["L027"]
    own = changed("  - deal: {from: deck, to: hand, count: 3}\n", "",
                  changed("    copies: 2\n    start: deck\n", "    each: player\n    start: hand\n", dealt))
    assert "L027" not in {d.code for d in findings(tmp_path, own)}


TENS = "count(c for c in hand[p] if c.rank == 10)"  # what a hand holds, which only its owner sees


def scored(points: str, before: str = "", base: str = CLEAN) -> str:
    """``base`` with a score of ``points`` for each seat after the tricks, ``before`` (statements) run first."""
    return changed("winners:", f"{before}  - for: p in players\n    do:\n      - score: {{player: p, add: \"{points}\"}}\n\nwinners:", base)


def tricks_into(zone: str, visible: str, taken: str) -> str:
    """CLEAN where each seat's ``taken`` goes into its ``zone`` (declared ``visible``) after each trick."""
    return changed("  discard: {}\n", f"  discard: {{}}\n  {zone}: {{each: player, visible: {visible}}}\n",
                   changed("      - move: table -> discard\n",
                           f"      - for: p in players\n        do:\n          - move: {taken} -> {zone}[p]\n"))


@pytest.mark.parametrize("seen, unseen, needle, words", [
    (scored(TENS, "  - reveal: hand\n"), scored(TENS), f'"{TENS}', "reads what 'hand' holds, which only its owner sees"),
    (scored("sum(c.rank for c in discard)"), scored("sum(c.rank for c in hand[p])"), '"sum(c.rank', "what 'hand' holds"),
    (scored("count(hand[p])"), scored("count(hand[p])", base=changed("visible: owner}", "visible: owner, count: owner}")),
     '"count(hand[p])', "reads `count(hand[p])`, which not every seat may count"),
    (scored("sum(c.rank for c in won[p])", base=tricks_into("won", "nobody", "table[p]")),
     scored("sum(c.rank for c in won[p])", base=tricks_into("won", "owner", "last(hand[p])")),
     '"sum(c.rank', "what 'won' holds, which only its owner sees"),
    (scored("top.rank", "  - let: {top: \"last(hand[0])\"}\n  - move: top -> discard\n"),
     scored("top.rank", "  - let: {top: \"last(hand[0])\"}\n  - move: top -> deck\n"), '"top.rank', "what 'hand' holds"),
    (scored("secret[p]", base=changed("define:\n", "variables:\n  secret: {initial: 0, each: player}\n\ndefine:\n")),
     scored("secret[p]", base=changed("define:\n", "variables:\n  secret: {initial: 0, each: player, visible: owner}\n\ndefine:\n")),
     '"secret[p]', "reads the value of 'secret', which only its owner sees"),
], ids=["after a reveal", "a zone every seat sees", "a count every seat sees", "a pile filled in sight of all",
        "a card moved face up first", "a variable every seat sees"])
def test_a_score_of_what_every_seat_sees_is_no_l030_and_of_what_one_does_not_see_is(tmp_path, seen, unseen, needle, words):
    """Scores are public (every view and record shows them): a new user's `score` of the golds in a hand, which only
    its owner sees, told every seat how many it held, and validate said nothing. A score of what every seat sees, or
    may know by then, is silent."""
    assert [str(d) for d in findings(tmp_path, seen)] == []
    found = findings(tmp_path, unseen)
    assert [d.code for d in found] == ["L030"], [str(d) for d in found]
    assert (found[0].loc.line, found[0].loc.col) == where(unseen, needle), str(found[0])
    assert words in found[0].message and "every seat sees the score, so every seat learns it" in found[0].message, str(found[0])


FIRST = "  - reveal: hand[0]\n"  # the first seat's hand shown to all, the others' not
OWN_COUNT = changed("visible: owner}", "visible: owner, count: owner}")  # a hand only its owner may count


def at(seat) -> str:
    """TENS of the hand of ``seat`` (a number or a name)."""
    return TENS.replace("[p]", f"[{seat}]")


def revealing(seats: str) -> str:
    """A reveal of the hand of each seat in ``seats``, in a loop."""
    return f"  - for: q in {seats}\n    do:\n      - reveal: hand[q]\n"


@pytest.mark.parametrize("seen, unseen, needle, words", [
    ((scored(at(0), FIRST), scored(at("w"), FIRST + "  - let: {w: 1}\n")), scored(at(1), FIRST), f'"{at(1)}', "what 'hand' holds"),
    ((scored(TENS, revealing("players")), scored(TENS, revealing("[p for p in players if count(hand[p]) > 0]"))),
     scored(TENS, FIRST), f'"{TENS}', "what 'hand' holds"),
    ((scored(at(1), revealing("[0, 1]")),), scored(at(1), revealing("[0]")), f'"{at(1)}', "what 'hand' holds"),
    ((scored("sum(c.rank for q in [0] for c in hand[q])", FIRST),), scored("sum(c.rank for q in players for c in hand[q])", FIRST),
     '"sum(c.rank', "what 'hand' holds"),
    ((scored("count(hand[0])", FIRST, base=OWN_COUNT),), scored("count(hand[1])", FIRST, base=OWN_COUNT), '"count(hand[1])',
     "reads `count(hand[1])`, which not every seat may count"),
], ids=["a seat written", "every seat's read", "a loop over some seats", "a comprehension over every seat", "a count"])
def test_a_reveal_of_one_seats_zone_shows_that_seats_zone_only(tmp_path, seen, unseen, needle, words):
    """A new user's Hold'em revealed the first seat's hand (`reveal: hand[0]`), and a score of the second seat's hand
    said nothing: the reveal was taken for one of the whole zone. Where the index is known (a number, or a loop over
    some seats) a score of another seat's zone is L030; over every seat, or where the seat is not known (a `let` name,
    a loop over a filtered list), any seat's reveal still shows the zone, as before."""
    for text in seen:
        assert [str(d) for d in findings(tmp_path, text)] == []
    found = findings(tmp_path, unseen)
    assert [d.code for d in found] == ["L030"], [str(d) for d in found]
    assert (found[0].loc.line, found[0].loc.col) == where(unseen, needle), str(found[0])
    assert words in found[0].message, str(found[0])


def test_l030_of_a_seats_zone_hints_revealing_only_the_seats_the_score_reads(tmp_path):
    """A Leduc showdown scored from the live players' hands was told `reveal: hand`, which shows the folded hands too;
    the hint also gives the reveal of some seats' zones, and that one, written out, clears the finding."""
    unseen = scored("sum(c.rank for c in hand[p]) if p != 0 else 0")
    found = findings(tmp_path, unseen)
    assert [d.code for d in found] == ["L030"], [str(d) for d in found]
    assert found[0].hint == ("reveal it first (reveal: hand; only the seats' zones it reads: reveal: \"[hand[p] for p in "
                             "SEATS]\"), or score at the end, after a reveal"), str(found[0])
    assert findings(tmp_path, scored("sum(c.rank for c in hand[p]) if p != 0 else 0",
                                     "  - reveal: \"[hand[p] for p in players if p != 0]\"\n")) == []


def test_l030_of_a_hidden_variable_hints_what_a_variable_can_do(tmp_path):
    """A new user scoring a hidden per-seat count was told to score it "where every seat may know it", which no
    statement could make so; the hint says what can: reveal the variable (its value) first, or make it public."""
    unseen = scored("secret[p]", base=changed("define:\n", "variables:\n  secret: {initial: 0, each: player, visible: owner}\n\ndefine:\n"))
    found = findings(tmp_path, unseen)
    assert [d.code for d in found] == ["L030"], [str(d) for d in found]
    assert found[0].hint == ("reveal it first (reveal: secret), or score at the end, after a reveal; or declare 'secret' "
                             "visible: everyone"), str(found[0])


@pytest.mark.parametrize("before, codes", [
    ("  - reveal: secret\n", []),                                        # every seat's entry shown: no secret scored
    ("  - for: q in players\n    do:\n      - reveal: \"secret[q]\"\n", []),  # each seat's, in turn
    ("  - reveal: \"secret[0]\"\n", ["L030"]),                            # seat 0's only: seat 1's is still told
    ("  - reveal: {what: secret, to: 0}\n", ["L030"]),                   # a look shows the other seats nothing
    ("  - reveal: {what: secret, to: players}\n", []),                  # ...but one every seat takes shows them all
    ("", ["L030"]),
])
def test_a_score_of_a_hidden_variable_revealed_before_it_is_no_l030(tmp_path, before, codes):
    """A tally only its owner sees (No Thanks!'s chips, Incan Gold's tent) scored at the end: its value revealed first
    tells the score nothing new (the lint said to keep it as components instead); one seat's entry, or a look, shows
    the others' to no one."""
    base = changed("define:\n", "variables:\n  secret: {initial: 0, each: player, visible: owner}\n\ndefine:\n")
    found = findings(tmp_path, scored("secret[p]", before, base))
    assert [d.code for d in found] == codes, [str(d) for d in found]



@pytest.mark.parametrize("base, codes", [(CLEAN, []), (OWN_COUNT, ["L030"])], ids=["every seat counts", "its owner counts"])
def test_a_score_of_a_let_name_given_a_count_is_l030_only_where_the_count_is_hidden(tmp_path, base, codes):
    """`let: {n: "count(hand[p])"}`, then `add: n`, was L030 where `add: "count(hand[p])"` was silent: the name is
    that count, which every seat sees; where only its owner may count, it is still L030."""
    counted = changed("          - when: played(p).rank == best\n            score: {player: p, add: 1}\n",
                      "          - when: played(p).rank == best\n            score: {player: p, add: 1}\n"
                      "          - let: {n: \"count(hand[p])\"}\n          - score: {player: p, add: n}\n", base)
    assert [d.code for d in findings(tmp_path, counted)] == codes, [str(d) for d in findings(tmp_path, counted)]

def test_an_actions_score_of_the_card_it_chose_is_l030_only_where_the_choice_is_hidden(tmp_path):
    """Every seat's record shows a chosen card the action moves face up (or reveals): scoring it tells nothing more.
    One put back face down is shown to the chooser alone; its points tell the others what it was."""
    def effects(*lines: str) -> str:
        """CLEAN whose `play` does ``lines``, in order."""
        return changed("    do:\n      - move: card -> table[me]\n", "    do:\n" + "".join(f"      - {line}\n" for line in lines))

    score = "score: {player: me, add: card.rank}"
    for hidden in (effects("move: card -> deck", score),  # put back face down, unseen
                   effects("move: card -> table[me]", f"score: {{player: me, add: \"{TENS.replace('[p]', '[me]')}\"}}")):
        found = findings(tmp_path, hidden)
        assert [d.code for d in found] == ["L030"], [str(d) for d in found]
    for seen in (effects("move: card -> table[me]", score), effects(score, "move: card -> table[me]"),
                 effects("reveal: card", score, "move: card -> deck")):
        assert [str(d) for d in findings(tmp_path, seen)] == []


# a public variable the action sets through a definition of the chosen card, and a score of it after the tricks
LED_BY_DEFINITION = changed("define:\n", "variables:\n  led: {initial: 0}\n\ndefine:\n  rank_of(c): c.rank\n",
                            changed("winners:", "  - score: {player: 0, add: led}\n\nwinners:"))


@pytest.mark.parametrize("effects", ["      - set: {led: rank_of(card)}\n      - move: card -> table[me]\n",
                                     "      - move: card -> table[me]\n      - set: {led: rank_of(card)}\n",
                                     "      - let: {r: rank_of(card)}\n      - move: card -> table[me]\n      - set: {led: r}\n"],
                         ids=["set before the move", "set after the move", "through a let name"])
def test_a_score_of_a_variable_every_seat_sees_is_no_l030(tmp_path, effects):
    """A Euchre trial set the suit led through a definition of the card played face up (`set: {led: suit_of(card)}`),
    and a later score of tricks, which only that variable had touched, was L030 "reads what 'hand' holds", so `philtre
    play` said the game leaked. A variable every seat sees is read as every view shows it, as L027 and L031 read it:
    what it was set from is told at that `set`; a `let` name given from the card before it is played face up reads it
    as seen (no L031 at the `set`). A score that reads a hidden hand through the definition is still L030."""
    text = changed("    do:\n      - move: card -> table[me]\n", "    do:\n" + effects, LED_BY_DEFINITION)
    assert [str(d) for d in findings(tmp_path, text)] == []
    hidden = changed("add: led}", 'add: "rank_of(last(hand[0]))"}', text)
    assert [d.code for d in findings(tmp_path, hidden)] == ["L030"], [str(d) for d in findings(tmp_path, hidden)]


# variables every seat sees (r) and nobody sees (m), each set below from a card's rank
RANK_OF = changed("define:\n", "variables:\n  r: {initial: 0}\n  m: {initial: 0, visible: nobody}\n\ndefine:\n")


@pytest.mark.parametrize("text, codes", [
    (changed("winners:", '  - set: {r: "rank_of(last(deck))"}\n  - score: {player: 0, add: r}\n\nwinners:', RANK_OF), ["L031"]),
    (changed("winners:", '  - set: {m: "rank_of(last(deck))"}\n  - reveal: m\n  - score: {player: 0, add: m}\n\nwinners:', RANK_OF), []),
    (changed("      - move: card -> table[me]\n", "      - move: card -> table[me]\n      - set: {m: rank_of(card)}\n",
             changed('winners: {highest: "score[p]"}', 'winners: {highest: "score[p] + m"}', RANK_OF)), ["L006"]),
], ids=["a public variable", "a hidden variable revealed", "a hidden variable never revealed"])
def test_a_definition_of_a_plain_value_of_its_argument_holds_no_zone(tmp_path, text, codes):
    """`rank_of(card)` (rank_of(c): c.rank) was taken to give the card itself, as if the call's value were its argument:
    a variable set from it held the card's zone, so a score of it after the variable's reveal was L030 and the scoring
    L006 "reads 'deck'", and L006 took a hidden tally never revealed for components. A definition gives its argument's
    zones only where its body gives the parameter or a part of it (`first(h)`), and the findings are those of the value
    written out (`last(deck).rank`)."""
    written = text.replace("rank_of(last(deck))", "last(deck).rank").replace("rank_of(card)", "card.rank")
    defined = changed("define:\n", "define:\n  rank_of(c): c.rank\n", text)
    passed = changed("define:\n", "define:\n  kept(h): last(h)\n",  # (it gives its argument's card: read as written)
                     text.replace("rank_of(last(deck))", "kept(deck).rank").replace("rank_of(card)", "\"kept([card]).rank\""))
    for form in (written, defined, passed):
        assert [d.code for d in findings(tmp_path, form)] == codes, [str(d) for d in findings(tmp_path, form)]


THROUGH_LET = (ROOT / "tests" / "data" / "l030_through_let.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("text, codes", [
    (THROUGH_LET, []),
    (changed("gold[me] - refund", "gold[me] - sum(c.penalty for c in bag[target])", THROUGH_LET), []),
    (changed('      - reveal: "bag[target]"\n', "", changed('      - set: {"gold[me]": "max(0, gold[me] - refund)"}\n',
                                                            "      - score: {player: me, add: refund}\n", THROUGH_LET)), ["L030"]),
], ids=["through a let name", "written out", "a let name scored, its bag never revealed"])
def test_a_variable_set_through_a_let_name_holds_what_its_expression_holds(tmp_path, text, codes):
    """The Sheriff of Nottingham trial: gold lowered by a `let` name given the penalties of a revealed bag, then
    revealed and scored, was L030 "reads what 'bag' holds", where the same value written out was silent: the name
    carried the zones it was read from into what the variable holds. A variable holds what the let's expression
    holds (a number here); a score of the let name itself still reads the bag."""
    assert [d.code for d in findings(tmp_path, text)] == codes, [str(d) for d in findings(tmp_path, text)]


def test_a_hand_the_flow_reveals_before_the_step_that_offers_an_action_is_seen_by_its_score(tmp_path):
    """An action's score of a hand the flow showed everyone before every step offering it tells nothing new; one shown
    only after the step (its points were scored before) is L030."""
    text = changed("      - move: card -> table[me]\n", f"      - move: card -> table[me]\n      - score: {{player: me, add: \"{TENS.replace('[p]', '[me]')}\"}}\n")
    after = changed("      - move: table -> discard\n", "      - move: table -> discard\n      - reveal: hand\n", text)
    assert [d.code for d in findings(tmp_path, after)] == ["L030"]
    before = changed("  - name: tricks\n", "  - reveal: hand\n  - name: tricks\n", text)
    assert [str(d) for d in findings(tmp_path, before)] == []


def test_a_scores_when_read_from_a_hidden_hand_is_l030_at_the_when(tmp_path):
    """Whether a score is given is seen by every seat as much as its points: a `when` of the score is read too."""
    text = changed("          - when: played(p).rank == best\n", f"          - when: played(p).rank == best and {TENS} > 0\n")
    [d] = findings(tmp_path, text)
    assert d.code == "L030" and (d.loc.line, d.loc.col) == where(text, "played(p).rank == best and"), str(d)
    assert d.message.startswith("this score's when reads what 'hand' holds"), str(d)


# the variables a `set` may tell a secret by: one everyone sees, one each seat keeps to itself
SETTABLE = ("variables:\n  secret: {initial: 0, each: player, visible: owner}\n  pub: {initial: 0}\n"
            "  mine: {initial: 0, each: player, visible: owner}\n  held: {initial: [0, 0, 0, 0]}\n\ndefine:\n")


def dealt_then(lines: str, base: str = CLEAN) -> str:
    """``base`` with SETTABLE declared and ``lines`` (statements) run right after the deal."""
    deal = "  - deal: {from: deck, to: hand, count: 3}\n"
    return changed(deal, deal + lines, changed("define:\n", SETTABLE, base))


OWNER_COUNTS = changed("player, visible: owner}  ", "player, visible: owner, count: owner}  ")  # a hand only its owner may count


def played(*lines: str) -> str:
    """CLEAN with SETTABLE declared, whose `play` chooses a card and a number up to the seat's tens, then does ``lines``."""
    return changed('    choose: {card: "hand[me]"}\n    do:\n      - move: card -> table[me]\n',
                   '    choose: {card: "hand[me]", n: "range(count(c for c in hand[me] if c.rank == 10) + 1)"}\n    do:\n'
                   + "".join(f"      - {line}\n" for line in lines), changed("define:\n", SETTABLE))


@pytest.mark.parametrize("seen, unseen, needle, words", [
    (dealt_then('  - set: {pub: "count(deck) + 1", mine: secret}\n'), dealt_then('  - set: {pub: "secret[0] + 1"}\n'),
     '"secret[0]', "it is set from the value of 'secret', which only its owner sees"),
    (dealt_then('  - set: {held: "[count(hand[p]) for p in players]"}\n'),
     dealt_then('  - set: {held: "[count(hand[p]) for p in players]"}\n', OWNER_COUNTS),
     '"[count(hand[p])', "it is set from `count(hand[p])`, which not every seat may count"),
    (dealt_then(f'  - reveal: hand\n  - set: {{pub: "{TENS.replace("[p]", "[0]")}"}}\n'),
     dealt_then(f'  - set: {{pub: "{TENS.replace("[p]", "[0]")}"}}\n'), '"count(c for', "it is set from what 'hand' holds"),
    (dealt_then('  - let: {n: "count(deck)"}\n  - set: {pub: n}\n'),
     dealt_then('  - let: {top: "first(hand[0])"}\n  - let: {r: top.rank}\n  - set: {pub: r}\n'), "r}\n  - name: tricks", "what 'hand' holds"),
    (dealt_then('  - set: {held: "[[0 for c in hand[p]] for p in players]"}\n'),
     dealt_then("  - when: any(c.rank == 10 for c in hand[0])\n    set: {pub: 1}\n"), "any(c.rank",
     "whether it is set hangs on what 'hand' holds"),
    (played("set: {pub: card.rank, held: \"[n for p in players]\"}", "move: card -> table[me]"),
     played("set: {pub: card.rank}", "move: card -> deck"), "card.rank}", "it is set from what 'hand' holds"),
], ids=["a variable only its owner sees", "a count only its owner sees", "a hand only its owner sees",
        "through let names", "a set's when", "an action's chosen card"])
def test_a_public_variable_set_from_what_a_seat_does_not_see_is_l031(tmp_path, seen, unseen, needle, words):
    """A new user's No Thanks! copied a card only its seat saw (`set: {seen: secret}`, `secret` visible: owner) and a chip
    count only its owner may count into variables every seat sees: every view, record and `play` screen showed seat 1's
    secrets to seat 0, and validate said nothing. Set from what every seat sees, or may know by then (after a reveal, a
    count everyone sees, a card moved face up, a number the seat chose, a list as long as a hand), it is silent."""
    assert [str(d) for d in findings(tmp_path, seen)] == []
    found = findings(tmp_path, unseen)
    assert [d.code for d in found] == ["L031"], [str(d) for d in found]
    assert (found[0].loc.line, found[0].loc.col) == where(unseen, needle), str(found[0])
    assert words in found[0].message and "every view and record shows" in found[0].message, str(found[0])


@pytest.mark.parametrize("own, other, needle, words", [
    (dealt_then('  - set: {mine: "[secret[p] + 1 for p in players]", secret: "[secret[left(p)] for p in players]"}\n'),
     dealt_then('  - set: {mine: "[secret[left(p)] for p in players]"}\n'), '"[secret[left(p)]', "another seat's entry of 'secret'"),
    (dealt_then(f'  - for: p in players\n    do:\n      - set: {{"mine[p]": "{TENS}"}}\n'),
     dealt_then(f'  - for: p in players\n    do:\n      - set: {{"mine[p]": "{TENS.replace("[p]", "[left(p)]")}"}}\n'),
     '"count(c for', "what another seat's 'hand' holds, which only its owner sees"),
    (dealt_then('  - set: {mine: "[count(hand[p]) for p in players]"}\n', OWNER_COUNTS),
     dealt_then('  - set: {mine: "[count(hand[left(p)]) for p in players]"}\n', OWNER_COUNTS),
     '"[count(hand[left(p)])', "`count(hand[left(p)])`, which only its owner may count"),
], ids=["a variable", "a hand", "a count"])
def test_a_seats_own_entry_set_from_another_seats_secret_is_l031(tmp_path, own, other, needle, words):
    """A variable each seat keeps to itself shows each seat its own entry: set from another seat's secret (`secret[left(p)]`,
    a hand only its owner sees), it shows that seat the other's. From the seat's own, it is silent, and so is a variable
    whose entries are passed on (`secret: [secret[left(p)] ...]`, as hands are passed)."""
    assert [str(d) for d in findings(tmp_path, own)] == []
    found = findings(tmp_path, other)
    assert [d.code for d in found] == ["L031"], [str(d) for d in found]
    assert (found[0].loc.line, found[0].loc.col) == where(other, needle), str(found[0])
    assert words in found[0].message and found[0].message.startswith("each seat sees its own entry of 'mine'"), str(found[0])
    assert found[0].hint.endswith("# philtre: ignore[L031]"), found[0].hint  # (a Stratego trial's board had no such word)


def test_a_public_variable_set_from_a_hidden_value_offers_the_comment_and_a_say(tmp_path):
    """A Mastermind trial's board, each guess kept with its pegs worked out from the hidden code: L031 offered only to
    hide the board, to set it from what all see or after a reveal, though the rules tell the pegs on purpose. The hint
    offers the ignore comment and a `say`, whose own L030 offers the same comment: the two agree."""
    kept = findings(tmp_path, dealt_then("  - set: {pub: \"secret[0]\"}\n"))
    said = findings(tmp_path, dealt_then('  - say: "secret[0]"\n'))
    assert [d.code for d in kept] == ["L031"] and [d.code for d in said] == ["L030"], [str(d) for d in kept + said]
    on_purpose = "where the rules tell every seat this on purpose (a guess scored against a hidden answer), silence it on line"
    assert on_purpose in kept[0].hint and f"line {kept[0].loc.line}: # philtre: ignore[L031]" in kept[0].hint, kept[0].hint
    assert "is a say (say: ...), which reads it as L030 does" in kept[0].hint, kept[0].hint
    assert on_purpose in said[0].hint and said[0].hint.endswith(f"line {said[0].loc.line}: # philtre: ignore[L030]"), said[0].hint


def each_seat(lines: str) -> str:
    """``lines`` (statements, of `p`) in a loop over every seat, after the deal."""
    return "  - for: p in players\n    do:\n" + "".join(f"      {line}\n" for line in lines.splitlines())


SUMMED = each_seat(f'- set: {{pub: "pub + {TENS}"}}')  # every seat's tens, added into a public variable


@pytest.mark.parametrize("seen, unseen, needle, words", [
    ((dealt_then(revealing("players") + SUMMED), dealt_then(FIRST + f'  - let: {{w: 1}}\n  - set: {{pub: "{at("w")}"}}\n')),
     dealt_then(FIRST + SUMMED), '"pub + count', "it is set from what 'hand' holds"),
    ((dealt_then(revealing("[0, 1]") + f'  - for: q in [1]\n    do:\n      - set: {{pub: "{at("q")}"}}\n'),),
     dealt_then(FIRST + f'  - for: q in [1]\n    do:\n      - set: {{pub: "{at("q")}"}}\n'), '"count(c for', "what 'hand' holds"),
    ((dealt_then(revealing("players") + each_seat('- let: {h: "hand[p]"}\n- set: {pub: "first(h).rank"}')),),
     dealt_then(FIRST + each_seat('- let: {h: "hand[p]"}\n- set: {pub: "first(h).rank"}')), '"first(h)', "what 'hand' holds"),
    ((dealt_then(revealing("players") + each_seat(f'- when: "{TENS} > 0"\n  set: {{pub: 1}}')),),
     dealt_then(FIRST + each_seat(f'- when: "{TENS} > 0"\n  set: {{pub: 1}}')), f'"{TENS} > 0', "whether it is set hangs on what 'hand' holds"),
], ids=["a loop over every seat", "a loop over seats written out", "through a let name", "a set's when"])
def test_a_reveal_of_one_seats_zone_does_not_clear_a_public_set_from_another_seats(tmp_path, seen, unseen, needle, words):
    """After `reveal: hand[0]`, a `set` of a public variable in a loop over the seats read every seat's hand (`hand[p]`)
    and said nothing: the loop's seat was taken as not known, so the first seat's reveal showed them all. As for L030,
    a reveal shows the seats it names where the seat read is known; where it is not (a `let` name), any seat's still
    shows the zone."""
    for text in seen:
        assert [str(d) for d in findings(tmp_path, text)] == []
    found = findings(tmp_path, unseen)
    assert [d.code for d in found] == ["L031"], [str(d) for d in found]
    assert (found[0].loc.line, found[0].loc.col) == where(unseen, needle), str(found[0])
    assert words in found[0].message, str(found[0])


REVEALED_IN_ACTION = """philtre: 1
game: flip
players: 2
components:
  card: {attributes: {n: 1..4}, start: deck}
zones:
  deck: {visible: nobody}
  slot: {copies: 4, visible: nobody}
variables:
  picked: 0
  seen: 0
actions:
  look:
    choose: {i: "range(4)"}
    do:
      - reveal: slot[i]
      - set: {picked: i}
  peek:
    choose: {i: "range(4)"}
    do:
      - set: {picked: i}
flow:
  - shuffle: deck
  - deal: {from: deck, to: slot, count: 1}
  - turns: 0
    until: seen == 4
    do:
      - decide: look
      - set: {seen: "first(slot[picked]).n"}
"""


@pytest.mark.parametrize("offered, codes", [("look", []), ("[look, peek]", ["L031"]), ("peek", ["L031"])])
def test_a_flow_set_from_a_card_the_decision_before_revealed_is_no_l031(tmp_path, offered, codes):
    """A new user's Memory turned a card up in the action (`reveal: slot[i]`), then the flow set a public variable from
    it: L031 said it read a card nobody saw, and its hint (`reveal: slot`) would have turned up the whole layout. What
    every action a decision offers always reveals is seen by the flow after it; where one option does not reveal, it
    is not."""
    text = REVEALED_IN_ACTION.replace("- decide: look", f"- decide: {offered}")
    found = [d for d in findings(tmp_path, text) if d.code != "L002"]  # (the action not offered)
    assert [d.code for d in found] == codes, [str(d) for d in found]


# a right guess turns the guessed card face up, then marks its seat out (a Love Letter trial's Guard)
GUESSED = """philtre: 1
game: guessed
players: 2
components:
  card: {attributes: {rank: 1..4}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {}
variables:
  out: {initial: false, each: player}
define:
  held(p): first(hand[p])
blocks:
  knock_out(p):
    - move: hand[p] -> pile
    - set: {"out[p]": true}
actions:
  guess:
    choose: {g: "[1, 2, 3, 4]"}
    do:
      - when: TESTED == g
        GUARDED
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: guess
    player: 0
"""


@pytest.mark.parametrize("tested", ["first(hand[1]).rank", "held(1).rank"])
@pytest.mark.parametrize("guarded, codes", [
    ('do:\n          - move: hand[1] -> pile\n          - set: {"out[1]": true}', []),
    ("run: knock_out(1)", []),
    ("do:\n          - run: knock_out(1)", []),
    ("run: knock_out(0)", ["L031"]),  # (the card turned up is not the one tested)
    ('set: {"out[1]": true}', ["L031"]),
], ids=["written out", "a run", "a run in a do", "a run moving another card", "no move"])
def test_a_set_after_the_tested_card_is_turned_up_is_no_l031_written_out_or_run_from_a_block(tmp_path, guarded, codes, tested):
    """A Love Letter trial: a `set` under a `when` that reads a hidden hand, after a `move` turning the tested card face
    up, was silent written out under `do:` but L031 in a block run by `run:`, which plays as a `do` holding the block's
    statements: the block's move names the card by its parameter. Both forms are silent, the card read directly or
    through a definition given the seat (the trial's `held(target)`); a move of another card is not."""
    found = [d for d in findings(tmp_path, GUESSED.replace("GUARDED", guarded).replace("TESTED", tested))
             if d.code not in ("L001", "L035")]  # (the block or the definition unused)
    assert [d.code for d in found] == codes, [str(d) for d in found]


def test_a_public_variable_set_from_a_hidden_zone_says_how_to_hide_it_or_reveal_first(tmp_path):
    """The hint says what to do: hide the variable as its source is hidden, or set it after a reveal (of a variable,
    its value; or set it from what every seat sees)."""
    [d] = findings(tmp_path, dealt_then(f'  - set: {{pub: "{TENS.replace("[p]", "[0]")}"}}\n'))
    assert d.hint == ("hide 'pub' as 'hand' is (visible: owner, each: player), or set it after a reveal of just what it "
                      "reads (reveal: hand[0]), not of all of 'hand'; or, where every seat sees it anyway, silence it on "
                      f"line {d.loc.line}: # philtre: ignore[L031]"), str(d)
    [d] = findings(tmp_path, CASES["a public variable set from one only its owner sees"][0])  # (one value per seat)
    assert d.hint == ("hide 'seen' as 'secret' is (visible: owner), or set it only from what every seat sees, or after a "
                      "reveal of 'secret' (reveal: secret); or, where the rules tell every seat this on purpose (a guess "
                      f"scored against a hidden answer), silence it on line {d.loc.line}: # philtre: ignore[L031]; a value "
                      "only told, not kept, is a say (say: ...), which reads it as L030 does: silence that the same way, "
                      "# philtre: ignore[L030]"), str(d)


ASKED = """philtre: 1
game: asked
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
variables:
  said: ''
  other: ''
actions:
  ask:
    do:
      - when: any(c.rank == 1 for c in hand[me])
        set: {said: "'yes'"}
        else:
          - set: {other: "'no'"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: ask
    player: 0
"""
IN_A_BLOCK = ASKED.replace("""        set: {said: "'yes'"}
        else:
          - set: {other: "'no'"}""", """        do:
          - set: {other: "'no'"}""")


@pytest.mark.parametrize("text, names", [(ASKED, ["said", "other"]), (IN_A_BLOCK, ["other"])], ids=["else", "block"])
def test_a_public_set_in_the_else_or_block_of_a_secret_when_is_l031_at_that_when(tmp_path, text, names):
    """Battleship's user set a public variable in the `else:` of a `when` that read the hidden grid: L031 said only the
    variable set under the `when` itself, though the `else` tells every seat as much (the condition was false). A `set`
    in the block or the `else` of a statement whose `when` reads a secret is said at that `when`; a reveal first clears it."""
    found = findings(tmp_path, text)
    assert [(d.code, d.message.split("'")[1]) for d in found] == [("L031", name) for name in names], [str(d) for d in found]
    assert {(d.loc.line, d.loc.col) for d in found} == {where(text, "any(c.rank")}, [str(d) for d in found]
    assert all("(reveal: hand[me])" in d.hint for d in found), [str(d) for d in found]
    shown = text.replace("      - when: any", "      - reveal: hand[me]\n      - when: any")
    assert [str(d) for d in findings(tmp_path, shown)] == []


def test_a_finding_at_a_when_is_silenced_on_the_when_line_not_the_set_line(tmp_path):
    """Battleship's user put the ignore comment on the `set:` line of a finding placed at its `when:` condition, and
    the warning stayed: the comment goes on the line the finding names (validating.md, "Silencing a warning")."""
    comment = "  # philtre: ignore[L031]"
    on_set = ASKED.replace("""set: {said: "'yes'"}""", f"""set: {{said: "'yes'"}}{comment}""")
    on_when = ASKED.replace("for c in hand[me])\n", f"for c in hand[me]){comment}\n")
    for folder, text, codes in (("set", on_set, ["L031", "L031"]), ("when", on_when, [])):
        (tmp_path / folder).mkdir()  # (another file each: a file's lines are read once in a process)
        assert [d.code for d in findings(tmp_path / folder, text)] == codes


LOT = """philtre: 1
game: lot
players: 3
components:
  lot: {each: player, start: bag}
zones:
  bag: {visible: nobody}
variables:
  starter: 0
actions:
  pass: {}
flow:
  - shuffle: bag
  - set: {starter: last(bag).owner}
  - decide: pass
    player: starter
"""
DRAWN = "  - set: {starter: last(bag).owner}\n"


@pytest.mark.parametrize("draw, reveal", [
    (DRAWN, "last(bag)"),
    ("  - let: {drawn: last(bag)}\n  - set: {starter: drawn.owner}\n", "drawn"),
    ("  - for: drawn in bag\n    do:\n      - set: {starter: drawn.owner}\n", "drawn"),
    ('  - set: {starter: "bag[0].owner"}\n', "bag[0]"),
], ids=["last", "a let name", "a loop's item", "an index"])
def test_a_public_set_from_one_hidden_component_says_to_reveal_that_one(tmp_path, draw, reveal):
    """A first player drawn by lot and kept in a public variable (Coloretto, For Sale): the hint said to reveal the whole
    bag, or hide the variable, where the table turns one lot face up. Where the `set` reads one component of the zone,
    the hint names that one (`reveal: last(bag)`) and the ignore comment, and that reveal clears the finding."""
    text = LOT.replace(DRAWN, draw)
    [d] = findings(tmp_path, text)
    assert d.code == "L031" and f"(reveal: {reveal}), not of all of 'bag'" in d.hint, str(d)
    assert d.hint.endswith(f"silence it on line {d.loc.line}: # philtre: ignore[L031]"), str(d)
    at = draw.rindex("- set:")
    revealed = draw[:at] + f"- reveal: {reveal}\n" + draw[draw.rfind("\n", 0, at) + 1:at] + draw[at:]
    assert [str(d) for d in findings(tmp_path, LOT.replace(DRAWN, revealed))] == []


@pytest.mark.parametrize("to, codes", [
    ("players", []), ('"seats_from(1)"', []), ('"[0, 1, 2]"', []),  # every seat looks: as if left face up
    ("0", ["L031"]), ('"[0, 1]"', ["L031"]),                        # the seat left out learns it from the variable
], ids=["players", "seats_from", "every seat written out", "one seat", "two of three"])
def test_a_public_set_after_a_look_every_seat_takes_is_no_l031(tmp_path, to, codes):
    """A Durak trial showed the lowest trump to every seat (`reveal: {what: ..., to: players}`), then set the attacker
    from it: L031, where `reveal: X` (left face up) of the same card was silent. A look every seat takes tells every
    seat what it shows, as a face-up reveal does; a look some seats take tells the others nothing."""
    text = LOT.replace(DRAWN, f"  - reveal: {{what: last(bag), to: {to}}}\n{DRAWN}")
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]


def test_a_public_set_after_a_look_every_seat_takes_at_part_of_each_hand_is_no_l031(tmp_path):
    """The Durak trial's own form: a definition finds the seat holding a card, every seat is shown that card, then the
    seat is kept in a public variable; as with `reveal: X` of the same card, no finding."""
    text = """philtre: 1
game: look
players: 2
components:
  card: {attributes: {rank: 1..6}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
variables:
  first: 0
define:
  best: "first([p for p in players if max(c.rank for c in hand[p]) == 6] + [0])"
actions:
  pass: {}
flow:
  - deal: {from: deck, to: hand, count: 3}
  - reveal: {what: "[c for c in hand[best] if c.rank == 6]", to: players}
  - set: {first: best}
  - decide: pass
    player: first
"""
    assert [str(d) for d in findings(tmp_path, text)] == []
    (tmp_path / "one").mkdir()  # (another file: a file's lines are read once in a process)
    assert [d.code for d in findings(tmp_path / "one", text.replace("to: players}", "to: 0}"))] == ["L031"]


def test_a_public_set_from_a_lot_read_whole_still_says_to_reveal_the_zone(tmp_path):
    """Where the `set` reads more of the zone than one component (every lot), the whole zone's reveal is the fix; where
    it reads every seat's hand, one per pass of its own comprehension, no reveal (`hand[p]` means nothing outside it)."""
    [d] = findings(tmp_path, LOT.replace(DRAWN, "  - set: {starter: \"max(c.owner for c in bag)\"}\n"))
    assert d.hint.endswith("or set it after a reveal of 'bag' (reveal: bag)"), str(d)
    [d] = findings(tmp_path, dealt_then(f'  - set: {{pub: "sum({TENS} for p in players)"}}\n'))
    assert "(a reveal of 'hand' shows every seat's)" in d.hint and "reveal: hand" not in d.hint, str(d)


def test_a_public_set_read_from_hands_through_a_definition_does_not_say_reveal_every_hand(tmp_path):
    """Dominoes: the highest double left its holder's hand for the public line, then a public variable was set from
    that holder, found through a definition that reads every hand; the hint said `reveal: hand`, which shows every
    hand. For a per-seat zone read so, the hint says to set it from what every seat sees, or the ignore comment."""
    text = """philtre: 1
game: line
players: 2
components:
  tile: {attributes: {n: 1..6}, start: pile}
zones:
  pile: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {}
variables:
  starter: 0
define:
  holder(t): first(p for p in players if t in hand[p])
  top: first(t for t in components if t.n == max(c.n for p in players for c in hand[p]))
actions:
  play:
    choose: {t: "hand[me]"}
    do:
      - move: t -> table
flow:
  - shuffle: pile
  - deal: {from: pile, to: hand, count: 2}
  - let: {opener: top, setter: "holder(top)"}
  - move: opener -> table
  - set: {starter: "left(setter)"}
  - turns: starter
    until: count(hand[current]) == 0
    do:
      - decide: play
"""
    [d] = findings(tmp_path, text)
    assert d.code == "L031" and "reveal: hand" not in d.hint, str(d)
    assert d.hint.endswith("or set it only from what every seat sees (a reveal of 'hand' shows every seat's); or, where "
                           f"every seat sees it anyway, silence it on line {d.loc.line}: # philtre: ignore[L031]"), str(d)
    silenced = text.replace('"left(setter)"}', '"left(setter)"}  # philtre: ignore[L031]')
    (tmp_path / "silenced").mkdir()  # (another file: a file's lines are read once in a process)
    assert [str(d) for d in findings(tmp_path / "silenced", silenced)] == []


def test_a_zone_read_only_by_a_scores_when_is_read_by_the_scoring(tmp_path):
    """L007 said the cards put in `kept` were ignored by the scoring, where a `score`'s `when` read them: points given or
    not by what a zone holds are scored from it."""
    text = changed("  discard: {}\n", "  discard: {}\n  kept: {each: player}\n",
                   changed("      - move: table -> discard\n",
                           "      - for: p in players\n        do:\n          - move: table[p] -> kept[p]\n",
                           changed("          - when: played(p).rank == best\n            score: {player: p, add: 1}\n",
                                   "          - when: played(p).rank == best and any(c.rank == 10 for c in kept[p])\n"
                                   "            score: {player: p, add: \"played(p).rank\"}\n")))
    assert "L007" not in {d.code for d in findings(tmp_path, text)}, [str(d) for d in findings(tmp_path, text)]


# the cards played face up to the table, each trick taken face down into the winner's pile, the pile's cards scored
FACE_DOWN_TRICKS = changed("  discard: {}\n", "  discard: {}\n  won: {each: player, visible: nobody}\n",
                           changed("          - when: played(p).rank == best\n            score: {player: p, add: 1}\n",
                                   "          - when: played(p).rank == best\n            move: TAKEN -> won[p]\n"
                                   "      - for: p in players\n        do:\n"
                                   "          - score: {player: p, add: \"sum(c.rank for c in won[p])\"}\n"))


@pytest.mark.parametrize("taken, fires", [("played(p)", False), ("last(deck)", True)])
def test_a_face_down_pile_filled_from_the_table_in_sight_of_all_is_no_l006(tmp_path, taken, fires):
    """Tricks taken from the face-up table into a face-down pile: every seat saw each card go in and can check the
    points (L006 said nobody could). A card from the face-down deck is still unseen: L006."""
    found = findings(tmp_path, FACE_DOWN_TRICKS.replace("TAKEN", taken))
    assert ("L006" in {d.code for d in found}) is fires, [str(d) for d in found]


def test_a_base_action_an_overlay_no_longer_offers_is_told_to_the_overlay(tmp_path):
    """An overlay whose turns decide another action leaves Poison's `play` offered by no step: L002 is at the base's
    line (where the action is written), and its hint said to name it in a step or remove it, which is the base's file,
    not the overlay author's to edit. It now says where the overlay does either."""
    overlay = ("extends: poison\nactions:\n  play_low:\n    choose: {card: \"hand[me]\", into: cauldron}\n"
               "    do:\n      - move: card -> into\nflow:\n  - name: turns\n    do:\n      - decide: play_low\n")
    [d] = [d for d in overlay_findings(tmp_path, overlay) if d.code == "L002"]
    assert d.loc.path.endswith("ruleset.yaml") and "'play'" in d.message, str(d)
    assert d.hint == ("it is the base's, not the overlay's to edit: name it in a decide or simultaneous step of the overlay's flow, "
                      "or remove it there with actions: {play: {$remove: true}}"), str(d)


def test_the_word_quoted_is_no_l028(tmp_path):
    text, *_ = CASES["a variable's name meant as a word"]
    assert "L028" not in {d.code for d in findings(tmp_path, text.replace("suit != blue", "suit != 'blue'"))}


@pytest.mark.parametrize("written", ["{'x': x, 'y': 0}", "{x: 0}", "{x + 1: x}"])
def test_a_map_keyed_by_a_value_on_purpose_is_no_l028(tmp_path, written):
    """A key that is a name's value is meant where no word key stands beside it and the value is not the name itself."""
    text, *_ = CASES["a map's key meant as a word"]
    assert "L028" not in {d.code for d in findings(tmp_path, text.replace("{x: x, 'y': 0}", written))}


ASKED_BY_HAND = "      - decide: play\n        player: \"0 if last(hand[0]).rank > 3 else 1\"\n"


@pytest.mark.parametrize("hidden, public, asked, needle, words", [
    ("    turns: 0\n    until: count(hand[current]) == 0\n    next: \"current if last(hand[current]).rank > 3 else (current + 1) % player_count\"\n",
     "    turns: 0\n    until: count(hand[current]) == 0\n    next: (current + 1) % player_count\n",
     "      - simultaneous: play\n", '"current if last', "which seat this turns loop asks next hangs on what 'hand' holds"),
    ("    repeat: 3\n", "    repeat: 3\n", ASKED_BY_HAND, '"0 if last', "which seat this decide asks to decide hangs on what 'hand' holds"),
], ids=["turns-next", "decide-player"])
def test_which_seat_is_asked_read_from_what_a_seat_does_not_see_is_l027(tmp_path, hidden, public, asked, needle, words):
    """A cribbage's pegging `next:` read the hand of the seat to play (whether it can lay a card): every seat sees who
    is asked next, so every seat learned it, and nothing warned, where the same test as a `when:` was L027."""
    text = changed("      - simultaneous: play\n", asked, changed("    repeat: 3\n", hidden))
    mine = [d for d in findings(tmp_path, text) if d.code == "L027"]
    assert len(mine) == 1 and words in mine[0].message, [str(d) for d in mine]
    assert (mine[0].loc.line, mine[0].loc.col) == where(text, needle), str(mine[0])
    plain = changed("      - simultaneous: play\n", asked.replace('"0 if last(hand[0]).rank > 3 else 1"', "0"),
                    changed("    repeat: 3\n", public))
    assert "L027" not in {d.code for d in findings(tmp_path, plain)}


CURRENT_IN_ACTION = """\
philtre: 1
game: probe
players: 2
variables:
  crossed: false
actions:
  cross:
    do:
      - when: me == current
        set: {crossed: true}
flow:
  - turns: 0
    until: round_number > 2
    do:
      - simultaneous: cross
"""


def test_current_read_in_an_action_is_told_how_to_reach_the_flows_seat(tmp_path):
    """`current` in an action (the active seat of a turn in which every seat decides, as Qwixx's) is E150, and its hint
    says how the action reads that seat: a variable the flow sets before the decision (a Qwixx trial found the way in
    language.md only)."""
    said = [d for d in findings(tmp_path, CURRENT_IN_ACTION) if d.code == "E150"]
    assert len(said) == 1 and (said[0].loc.line, said[0].loc.col) == where(CURRENT_IN_ACTION, "current\n"), said
    assert str(said[0]).endswith("E150 'current' is not bound here (in an action the deciding seat is me; current is the "
                                 "flow's, the seat whose turn it is inside turns: where another seat decides in that turn, "
                                 "keep it for the action in a variable, set: {active: current}, before the decision)"), str(said[0])


TURNED_UP = """philtre: 1
game: draw
players: 2
components:
  card: {attributes: {kind: [cat, kitten]}, copies: 3, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  drawn: {visible: INTO}
variables:
  owed: 1
actions:
  draw:
    do:
      - when: last(deck).kind == 'kitten'
        move: last(deck) -> drawn
        else:
          - move: last(deck) -> hand[me]
          - set: {owed: owed - 1}
flow:
  - shuffle: deck
  - turns: 0
    until: count(deck) == 0
    do:
      - decide: draw
"""


@pytest.mark.parametrize("into, codes", [("everyone", []), ("nobody", ["L031"])])
def test_a_set_in_the_else_of_a_when_whose_find_is_turned_up_is_no_l031(tmp_path, into, codes):
    """Exploding Kittens' draw: a kitten drawn goes face up to `drawn`, any other card to the hand, and the `else` sets a
    public count: every seat saw at the move whether the `when` held, so the `set` tells nothing more. The same draw
    into a zone nobody sees is still L031 at the `when`."""
    text = TURNED_UP.replace("INTO", into)
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]
    assert all((d.loc.line, d.loc.col) == where(text, "last(deck).kind") for d in found), [str(d) for d in found]


READ_THEN_SHOWN = """philtre: 1
game: tiles
players: 2
components:
  tile: {attributes: {role: [good, bad]}, start: hidden}
zones:
  hidden: {copies: 2, visible: nobody}
  shown: {copies: 2}
variables:
  over: false
actions:
  guess:
    choose: {w: "[i for i in range(2) if count(hidden[i]) > 0]"}
    do:
      - let: {r: "READ"}
      - MOVE
      - set: {over: true}
        when: WHEN
flow:
  - turns: 0
    until: over or all(count(hidden[i]) == 0 for i in range(2))
    do:
      - decide: guess
"""


@pytest.mark.parametrize("read, move, when, codes", [
    ("first(hidden[w]).role", "move: hidden[w] -> shown[w]", "r == 'bad'", []),
    ("first(hidden[w]).role", "move: first(hidden[w]) -> shown[w]", "r == 'bad'", []),
    ("count(c for c in hidden[w] if c.role == 'bad')", "move: hidden[w] -> shown[w]", "r > 0", []),
    ("first(hidden[w]).role", "move: last(hidden[w]) -> shown[w]", "r == 'bad'", ["L031"]),
    ("count(c for c in hidden[w] if c.role == 'bad')", "move: first(hidden[w]) -> shown[w]", "r > 0", ["L031"]),
    ("first(hidden[w]).role", "move: hidden[w] -> hidden[1 - w]", "r == 'bad'", ["L031"]),
    ("first(hidden[w]).role", "move: hidden[w] -> shown[w]\n        when: w == 0", "r == 'bad'", ["L031"]),
], ids=["the zone read moved face up", "the tile read moved face up", "a count of the zone moved face up",
        "another tile moved", "one tile of the zone counted", "moved face down", "a move that may not happen"])
def test_a_let_read_from_what_is_then_turned_face_up_is_no_l031_at_the_set(tmp_path, read, move, when, codes):
    """A Codenames trial read a tile's role into a `let`, turned the tile face up, then set a public variable from the
    role: every seat had seen the tile by then, as after a `reveal` of it, yet L031 said the set told a secret. Silent
    where what the let read is moved, all of it, into a zone every seat sees (with no `when`) before the `set`."""
    text = READ_THEN_SHOWN.replace("READ", read).replace("MOVE", move).replace("WHEN", when)
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]
    assert all((d.loc.line, d.loc.col) == where(text, when) for d in found), [str(d) for d in found]


def test_a_let_read_after_a_tile_is_turned_face_up_reads_the_next_one_still_l031(tmp_path):
    """The move before the let turns up one tile and the let reads the tile then on top, which nobody has seen."""
    text = READ_THEN_SHOWN.replace("      - let: {r: \"READ\"}\n      - MOVE\n",
                                   "      - move: first(hidden[w]) -> shown[w]\n      - let: {r: \"first(hidden[w]).role\"}\n")
    found = findings(tmp_path, text.replace("WHEN", "r == 'bad'"))
    assert [d.code for d in found] == ["L031"], [str(d) for d in found]


ATTRIBUTE_RANGE = """\
philtre: 1
game: attrrange
players: 2
define:
  size: 3
components:
  cell:
    attributes: {x: 0..4}
    copies: "1 if x < size else 0"
    start: pool
zones:
  pool: {}
  taken: {}
actions:
  take:
    choose: {c: pool}
    do:
      - move: c -> taken
flow:
  - turns: 0
    until: count(pool) == 0
    do:
      - decide: take
"""


def test_an_overlay_that_takes_a_definition_beyond_an_attribute_range_is_warned_about(tmp_path):
    """A Dots and Boxes trial's lines were `x: 0..9` kept by `copies: "1 if x < cols else 0"`; an overlay's `cols: 20`
    validated with no finding and simulate played a smaller board (x stops at 9). L032 is at the base's comparison,
    says which components are never made, and names the overlay's line that wrote the definition."""
    (tmp_path / "ruleset.yaml").write_text(ATTRIBUTE_RANGE, encoding="utf-8")
    big = tmp_path / "big.yaml"
    big.write_text("extends: ruleset.yaml\ndefine:\n  size: 8\n", encoding="utf-8")
    assert findings(tmp_path, ATTRIBUTE_RANGE) == []
    [d] = [f.diagnostic for f in check_file(str(big)).findings]
    assert (d.code, d.loc.path.endswith("ruleset.yaml"), d.loc.line, d.loc.col) == ("L032", True, *where(ATTRIBUTE_RANGE, "x < size")), str(d)
    assert d.message == ("copies of 'cell' compares x with 'size', which asks for x up to 7, but x is declared 0..4: "
                         "the components with x 5..7 are never made"), str(d)
    assert d.hint.startswith("declare x: 0..7;") and f"'size' is written at {big}:3:3" in d.hint, d.hint


@pytest.mark.parametrize("copies, size, said", [
    ('"1 if x <= size else 0"', "4", ""),  # reaches the last value: no finding
    ('"1 if x < size else 0"', "5", ""),
    ('"1 if x in range(size) else 0"', "6", "x up to 5"),
    ('"1 if size > x else 0"', "6", "x up to 5"),
    ('"1 if on(x) else 0"', "3 if player_count < 4 else 7", "compares x (through 'on') with 'size', which asks for x up to 6 with 4 players"),
    ('"1 if x >= size - 4 else 0"', "3", "x down to -1"),
    ('"2 if x == size else 1"', "9", ""),  # one value past the range says "none" (`wild: 0`): no finding
    ('"1 if x < 6 else 0"', "3", ""),  # a number written out is the author's choice, not a definition an overlay changes
    ('"sum(1 for x in [9] if x < size)"', "9", ""),  # the comprehension's own x, not the attribute
], ids=["at the end", "just past the end", "in range", "written the other way", "through a definition, by player count",
        "below the start", "one value", "a number", "a name bound again"])  # (a zone in copies is R002: empty then)
def test_a_comparison_of_a_range_with_a_definition_beyond_it(tmp_path, copies, size, said):
    """L032 follows `<`, `<=`, `>`, `>=` and `in range(...)`, either way round and through a definition called with
    the attribute, at each allowed player count; it is silent where the bound is a number or is not known before the game."""
    text = (ATTRIBUTE_RANGE.replace('copies: "1 if x < size else 0"', f"copies: {copies}").replace("size: 3", f"size: {size}\n  on(a): a < size")
            .replace("players: 2", "players: 2..4"))
    found = [str(d) for d in findings(tmp_path, text) if d.code != "L001"]  # (`on` is used in one case only)
    if not said:
        assert found == [], found
    else:
        assert len(found) == 1 and "L032" in found[0] and said in found[0], found


PLACED_THEN_SET = """\
philtre: 1
game: placedset
players: 2
components:
  card:
    attributes: {rank: 1..6}
    derive: {cells: "[rank]"}
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  kept: {each: player, visible: owner}
  board: {grid: {resolution: 1, width: 4, height: 4}, visible: everyone}
variables:
  last: 0
actions:
  play:
    choose: {card: "hand[me]", at: "placements(board, card)"}
    SECRET
    if: at.overlap == 0
    do:
      - READ
      - place: {piece: card, to: board, at: at}
      - set: {last: VALUE}
  keep:
    choose: {card: "hand[me]"}
    do:
      - let: {r: card.rank}
      - move: card -> kept[me]
      - set: {last: KEPT}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - turns: 0
    until: count(hand[current]) == 0
    do:
      - decide: [play, keep]
"""


@pytest.mark.parametrize("read, value, secret, kept, codes", [
    ("let: {x: at.x}", "x", "", "0", []),
    ("let: {x: 0}", "at.x", "", "0", []),
    ("let: {x: card.rank}", "x", "", "0", []),
    ("let: {x: at.x}", "x", "secret: [at]", "0", ["L031"]),
    ("let: {x: 0}", "at.x", "secret: [at]", "0", ["L031"]),
    ("let: {x: 0}", "0", "", "r", ["L031"]),
], ids=["the placement through a let", "the placement read directly", "the rank of the card placed face up",
        "a secret placement through a let", "a secret placement read directly", "the rank of a card kept hidden"])
def test_a_let_read_from_a_choice_every_seat_is_told_is_no_l031_at_the_set(tmp_path, read, value, secret, kept, codes):
    """A Tsuro trial named the chosen placement's x in a `let` before placing the card on a public grid, then set a
    public variable from it: L031 said the set told what 'hand' holds, where `set: {last: at.x}` was silent. A choice
    every seat is told (each record shows the decision, docs/records.md) is followed through a `let` as it is read
    directly; one `secret:` lists is not, and a card's rank kept while the card goes where only its owner sees is L031."""
    text = (PLACED_THEN_SET.replace("READ", read).replace("VALUE", value).replace("KEPT", kept)
            .replace("    SECRET\n", f"    {secret}\n" if secret else ""))
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]
    line, col = where(text, "last: r" if kept == "r" else f"last: {value}")
    assert all((d.loc.line, d.loc.col) == (line, col + len("last: ")) for d in found), [str(d) for d in found]


CROWN_FROM_A_DRAFT = """\
philtre: 1
game: crown
players: 3
components:
  character: {attributes: {rank: [1, 2, 3]}, start: chars}
zones:
  chars:  {visible: nobody}
  offer:  {each: player, visible: owner}
  chosen: {each: player, visible: owner}
variables:
  crown: CROWN
define:
  holder(r): first([p for p in players if any(c.rank == r for c in chosen[p])] + [none])
actions:
  pick:
    choose: {ch: "offer[me]"}
    do:
      - move: ch -> chosen[me]
flow:
  - repeat: 2
    do:
      - move: "[c for c in components if c is character] -> chars"
      - shuffle: chars
      - for: p in seats_from(crown)
        do:
          - move: chars -> offer[p]
          - decide: pick
            player: p
          - move: offer[p] -> chars
      - for: r in range(1, 4)
        do:
          - REVEAL
          - let: {h: holder(r)}
          - set: {crown: h}
            when: r == 2 and h != none
"""
PICKED_RANK = 'reveal: "[c for z in chosen for c in z if c.rank == r]"'


@pytest.mark.parametrize("reveal, codes", [(PICKED_RANK, []), ("let: {x: 0}", ["L031", "L031"])],
                         ids=["revealed before the set", "set from what is hidden"])
def test_a_seat_asked_through_a_public_variable_is_told_at_its_set_not_at_the_decide(tmp_path, reveal, codes):
    """A Citadels trial passed the crown to the holder of rank 2, worked out right after a `reveal` of that very card,
    and asked the seats `for: p in seats_from(crown)`: L027 blamed `player: p` (a line that names neither 'crown' nor
    the set) and said `reveal: p`, where the reveal already satisfied L031 at the set. A variable every seat sees is
    read as every view shows it, through a loop's name too: what it was set from is told at that `set` (L031), where
    there was no reveal, and nowhere where there was."""
    text = CROWN_FROM_A_DRAFT.replace("CROWN", "0").replace("REVEAL", reveal)
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]
    lines = (where(text, "{crown: h}")[0], where(text, "when: r == 2")[0])
    assert all(d.loc.line in lines for d in found), [str(d) for d in found]


def test_a_seat_asked_through_a_hidden_variable_names_the_variable_and_its_set(tmp_path):
    """Where which seat is asked is read from a variable only some see, L027 names the chain: the variable, and the line
    of the `set` that gave it what it read, and its hint is the reveal of just what that `set` read, before it."""
    text = CROWN_FROM_A_DRAFT.replace("CROWN", "{initial: 0, visible: nobody}").replace("REVEAL", "let: {x: 0}")
    [found] = [d for d in findings(tmp_path, text) if d.code == "L027" and d.loc.line == where(text, "player: p")[0]]
    line = where(text, "{crown: h}")[0]
    assert f"hangs on what 'chosen' holds (through 'crown', set from it on line {line})" in found.message, str(found)
    assert f"before the set of 'crown' on line {line} ({PICKED_RANK})" in found.hint, str(found)
    followed = CROWN_FROM_A_DRAFT.replace("CROWN", "{initial: 0, visible: nobody}").replace("REVEAL", PICKED_RANK)
    assert not [d for d in findings(tmp_path, followed) if d.code == "L027" and d.loc.line == where(text, "player: p")[0]]


SEAT_OF_A_RANK = """\
philtre: 1
game: seatofrank
players: 3
components:
  character: {attributes: {rank: [1, 2, 3, 4]}, start: chars}
zones:
  chars:  {visible: nobody}
  chosen: {each: player, visible: owner}
define:
  holder(r): first([p for p in players if any(TEST for c in chosen[p])] + [none])
actions:
  act: {}
flow:
  - shuffle: chars
  - deal: {from: chars, to: chosen, count: 1}
  - for: r in range(1, 5)
    do:
      - let: {h: holder(r)}
      - when: h != none
        do:
          - decide: act
            player: h
"""


@pytest.mark.parametrize("test, reveal", [
    ("c.rank == r", PICKED_RANK.removeprefix("reveal: ")),
    ("c.rank + p == r", '"[c for z in chosen for c in z if ...]"'),
], ids=["the test worked out", "a test that names the seat"])
def test_l027_hint_reveals_the_components_a_seat_is_worked_out_from_never_the_seat(tmp_path, test, reveal):
    """A Citadels trial asked the seat holding a rank (`let: {h: holder(r)}`, `player: h`): L027's hint said
    `reveal: h`, and a reveal of a seat is E120. The hint names the components the seat was worked out from (the list
    the trial then wrote, where the definition's test can be lifted out), or says so in words, and following it is
    silent."""
    text = SEAT_OF_A_RANK.replace("TEST", test)
    found = [d for d in findings(tmp_path, text) if d.code == "L027"]
    said = f"(reveal: {reveal}; 'h' itself is no component)"
    assert len(found) == 2 and all(said in d.hint for d in found), [str(d) for d in found]
    assert not any("reveal: h" in d.hint for d in found), [str(d) for d in found]
    if "..." not in reveal:
        followed = text.replace("      - let: {h: holder(r)}\n", f"      - reveal: {reveal}\n      - let: {{h: holder(r)}}\n")
        assert [str(d) for d in findings(tmp_path, followed) if d.code != "L001"] == []


def test_the_cards_outside_the_public_zones_are_told_how_to_be_read_without_a_hidden_zone(tmp_path):
    """The deck and every hand together are what lies outside the table and the discard, which every seat can tell
    (a Schotten Totten trial's cards not yet played): L021's hint writes them from the public zones, and so written
    they are no finding. A read of the deck alone gets no such hint: it is no complement."""
    union = "[d for d in deck] + [d for z in hand for d in z]"
    text = changed("    choose: {card: \"hand[me]\"}\n", f"    choose: {{card: \"hand[me]\"}}\n    if: all(card.rank >= c.rank for c in {union})\n")
    (found,) = findings(tmp_path, text)
    assert found.code == "L021"
    written = "[c for c in components if all(c not in z for z in [discard] + table)]"
    assert f"if it means every component outside the zones all seats see, which every seat can tell, write that, reading no hidden zone: {written}; else let the condition" in found.hint
    assert findings(tmp_path, text.replace(union, written)) == []
    deck_alone = changed("    choose: {card: \"hand[me]\"}\n", "    choose: {card: \"hand[me]\"}\n    if: all(card.rank > c.rank for c in deck)\n")
    assert "outside the zones" not in findings(tmp_path, deck_alone)[0].hint


FALLBACK = changed("      - simultaneous: play\n", "      - simultaneous: play\n      - decide: knock\n        player: 0\n"
                   "        otherwise: fold\n", changed("actions:\n", "actions:\n  knock: {}\n  fold: {}\n"))


@pytest.mark.parametrize("text, codes", [
    (FALLBACK, ["L038"]),
    (changed("  knock: {}\n", "  knock: {if: true}\n", FALLBACK), ["L038"]),  # an if that always holds fails nowhere
    (changed("  knock: {}\n", "  knock: {if: \"count(hand[me]) > 1\"}\n", FALLBACK), []),  # the fallback once the hand is low
    (changed("  knock: {}\n", "  knock: {choose: {card: \"hand[me]\"}, do: [{move: card -> discard}]}\n", FALLBACK), []),
    (changed("      - simultaneous: play\n", "      - simultaneous: [play, knock]\n        otherwise: fold\n",
             changed("actions:\n", "actions:\n  knock: {}\n  fold: {}\n")), ["L038"]),  # one of its actions is enough
    (changed("      - simultaneous: play\n", "      - simultaneous: play\n        otherwise: fold\n",
             changed("actions:\n", "actions:\n  fold: {}\n")), []),  # a card to play while the hand holds one
], ids=["no choose, no if", "an if always true", "an if that may fail", "a choice among a hand", "a simultaneous step",
        "a simultaneous step whose action chooses"])
def test_a_fallback_is_l038_only_where_an_action_of_the_decision_always_gives_an_option(tmp_path, text, codes):
    """The fallback under otherwise: is offered only where the decision's actions list no option: one that chooses
    nothing and has no if: (or one always true) lists one everywhere, so the fallback never comes up. Only that is
    certain; an if or a choice that may list none leaves it to the game."""
    assert [d.code for d in findings(tmp_path, text)] == codes, [str(d) for d in findings(tmp_path, text)]


def test_a_fallback_never_offered_in_a_block_is_found_where_its_otherwise_is_written(tmp_path):
    """A decision run from a block (`run:`) is found at its own `otherwise:`, and the hint lists the actions to offer all."""
    text = changed("define:\n", "blocks:\n  ask:\n    - decide: knock\n      player: 0\n      otherwise: fold\n\ndefine:\n",
                   changed("      - simultaneous: play\n", "      - simultaneous: play\n      - run: ask\n",
                           changed("actions:\n", "actions:\n  knock: {}\n  fold: {}\n")))
    [d] = findings(tmp_path, text)
    assert d.code == "L038" and (d.loc.line, d.loc.col) == where(text, "fold\n\ndefine"), str(d)
    assert "list them: decide: [knock, fold]" in d.hint and "give 'knock' an if:" in d.hint, str(d)


# gold each seat holds, a pot, and a spare variable for the sets below to write (`play` runs the set after the move)
GOLD = changed("define:\n", "variables:\n  gold: {initial: 10, each: player}\n  pot: {initial: 0}\n  last: {initial: 0}\n\n"
               "define:\n  richest: max(gold)\n")


def with_set(*lines: str) -> str:
    """GOLD with ``lines`` (statements) after the move of `play`."""
    added = "".join(f"      - {line}\n" for line in lines)
    return changed("      - move: card -> table[me]\n", "      - move: card -> table[me]\n" + added, GOLD)


SHERIFF_FINE = 'set: {"gold[left(me)]": "gold[left(me)] - 2", "gold[me]": "gold[me] + min(gold[left(me)], 2)"}'


@pytest.mark.parametrize("text, codes", [
    (with_set(SHERIFF_FINE), ["L039"]),  # it pays from the gold already lowered
    (with_set('set: {gold: "[0 for p in players]", "gold[me]": "gold[me] + 1"}'), ["L039"]),  # its own entry, set whole
    (with_set("set: {pot: pot + 1, last: pot}"), ["L039"]),
    (with_set('set: {"gold[me]": 0, last: richest}'), ["L039"]),  # through a definition
    (with_set('set: {"gold[me]": "gold[me] + 1"}'), []),  # a key's own variable in its own value
    (with_set('set: {"gold[me]": "gold[me] - 1", "gold[left(me)]": "gold[left(me)] + 1"}'), []),  # a transfer
    (with_set('set: {"gold[me]": "gold[me] - 1", pot: pot + 1, last: "count(hand[me])"}'), []),  # what no earlier key wrote
    (with_set('let: {paid: "min(gold[left(me)], 2)"}',
              'set: {"gold[left(me)]": "gold[left(me)] - paid", "gold[me]": "gold[me] + paid"}'), []),
    (with_set("set: {pot: pot + 1}", "set: {last: pot}"), []),  # the new value meant, in a set of its own
], ids=["another seat's entry", "its own entry, set whole before", "a variable", "through a definition", "its own entry",
        "a transfer", "what no earlier key wrote", "the old value kept by a let", "two sets"])
def test_a_value_of_a_set_reading_what_an_earlier_key_set_is_l039(tmp_path, text, codes):
    """A set's keys are set one after another: a value reading a variable an earlier key of the same set wrote (any
    seat's entry) reads the new value (a Sheriff of Nottingham trial paid a fine from the gold already lowered). A key's
    own entry read in its own value is the old one, unless an earlier key set the variable whole."""
    found = [d for d in findings(tmp_path, text) if d.code != "L001"]  # (`richest` is read by one case only)
    assert [d.code for d in found] == codes, [str(d) for d in found]


def test_l039_is_said_at_the_read_of_the_earlier_key_and_its_hint_keeps_the_old_value(tmp_path):
    """The finding points at `gold[left(me)]` in the second value, names the variable and the earlier key, and its hint
    writes the `let` that keeps the old value and the value rewritten to read it: so followed, no finding."""
    text = with_set(SHERIFF_FINE)
    (d,) = [d for d in findings(tmp_path, text) if d.code != "L001"]
    assert (d.loc.line, d.loc.col) == where(text, "gold[left(me)], 2)"), str(d)
    assert "reads 'gold', which the earlier key \"gold[left(me)]\" of this set has already set" in d.message, str(d)
    let = "- let: {old_gold_left_me: 'gold[left(me)]'} before the set"
    value = "'gold[me]': 'gold[me] + min(old_gold_left_me, 2)'"
    assert f"{let}, then {value}" in d.hint, str(d)
    followed = with_set("let: {old_gold_left_me: 'gold[left(me)]'}",
                        'set: {"gold[left(me)]": "gold[left(me)] - 2", ' + value + "}")
    assert [str(d) for d in findings(tmp_path, followed) if d.code != "L001"] == []


def test_l039_names_the_definition_it_reads_through_and_rewrites_only_the_read(tmp_path):
    """A read through a definition says so; the hint's value reads the kept name in place of each read written as the
    earlier key, not inside a longer name (`pot` in `potluck`)."""
    (d,) = [d for d in findings(tmp_path, with_set('set: {"gold[me]": 0, last: richest}')) if d.code != "L001"]
    assert "reads 'gold' (through 'richest'), which the earlier key \"gold[me]\"" in d.message, str(d)
    text = with_set('set: {pot: pot + 1, last: "pot + potluck"}').replace("  last: {initial: 0}\n", "  last: {initial: 0}\n  potluck: {initial: 0}\n")
    (d,) = [d for d in findings(tmp_path, text) if d.code != "L001"]
    assert "- let: {old_pot: pot} before the set, then last: old_pot + potluck;" in d.hint, str(d)


SHUFFLED = "      - move: table -> discard\n      - shuffle: discard\n"  # the table's cards, shuffled where every seat sees them


def shuffled_then(*lines: str, base: str = CLEAN) -> str:
    """``base`` whose tricks shuffle the public discard, then run ``lines`` (statements of the tricks' block; a line
    indented is a key of the statement before it)."""
    return changed("      - move: table -> discard\n", SHUFFLED + "".join(
        f"      {'' if line.startswith(' ') else '- '}{line}\n" for line in lines), base)


@pytest.mark.parametrize("text, codes", [
    (shuffled_then("move: discard -> deck"), ["L040"]),
    (shuffled_then("move: take(discard, 2) -> deck"), ["L040"]),  # its first components, in that order
    (shuffled_then("move: discard -> deck", "  at: bottom"), ["L040"]),
    (shuffled_then("simultaneous: play", "move: discard -> deck"), ["L040"]),  # the order seen stays known
    (shuffled_then("when: count(discard) > 4", "  do:", "    - move: discard -> deck"), ["L040"]),  # in a statement after it too
    (shuffled_then("move: discard -> hand[0]"), ["L040"]),  # a hand the other seats do not see
    (shuffled_then("move: discard -> deck", "shuffle: deck"), []),  # mixed again where nobody sees it
    (shuffled_then("move: discard -> mixing", "shuffle: mixing", "move: mixing -> deck",
                   base=changed("  discard: {}", "  discard: {}\n  mixing: {visible: nobody}")), []),
    (shuffled_then("move: last(discard) -> deck"), []),  # one card: the move itself shows which, shuffled or not
    (shuffled_then("move: discard -> table[0]"), []),  # a zone every seat sees
    (shuffled_then("shuffle: discard", "move: discard -> deck"), ["L040"]),  # said once, at the shuffle it follows
    (changed("  - shuffle: deck\n", "  - shuffle: deck\n  - move: deck -> discard\n"), []),  # a hidden zone shuffled
    (shuffled_then("deal: {from: discard, to: hand, count: 1}"), ["L040"]),  # dealt from the top into the hands
    (shuffled_then("deal: {from: discard, to: table, count: 1}"), []),  # dealt face up
    (shuffled_then("move: discard -> deck", base=changed("  discard: {}", "  discard: {order: nobody}")), []),  # a bag's
    (shuffled_then("move: discard -> bag", base=changed("  discard: {}", "  discard: {}\n  bag: {order: nobody}")), ["L040"]),
    # a loop taking one card a pass hands the whole order over, as a move of the zone does (a bug bash)
    (shuffled_then("for: c in discard", "  do:", "    - move: c -> deck"), ["L040"]),
    (shuffled_then("repeat: count(discard)", "  do:", "    - move: last(discard) -> deck"), ["L040"]),
    (shuffled_then("until: count(discard) == 0", "  do:", "    - move: first(discard) -> deck"), ["L040"]),
    (shuffled_then("repeat: 2", "  do:", "    - for: c in discard", "      do:", "        - move: c -> deck"), ["L040"]),  # said once
    (shuffled_then("for: c in discard", "  do:", "    - move: c -> deck", "shuffle: deck"), []),  # mixed after the loop
    (shuffled_then("for: c in discard", "  do:", "    - move: c -> table[0]"), []),  # into a zone every seat sees
    (shuffled_then("repeat: 2", "  do:", "    - shuffle: discard", "    - move: last(discard) -> deck"), []),  # each pass's own
    (shuffled_then("for: c in deck", "  do:", "    - move: c -> hand[0]"), []),  # another zone's cards
], ids=["the whole zone", "take", "at the bottom", "a decision between", "in a block after it", "into a hand",
        "the hidden zone shuffled after", "through a zone nobody sees", "one card", "into a public zone", "shuffled twice",
        "a hidden zone shuffled", "dealt into hidden hands", "dealt face up", "a bag shuffled", "into a bag", "a for over it", "a repeat of its last",
        "an until of its first", "a loop in a loop", "the hidden zone shuffled after the loop", "a loop into a public zone",
        "a loop shuffling it each pass", "a loop over another zone"])
def test_a_zone_shuffled_in_sight_then_moved_in_that_order_out_of_sight_is_l040(tmp_path, text, codes):
    """A Pandemic trial shuffled the public infection discard, then moved it onto the face-down infection deck: every
    seat's record held the shuffle's order, so every seat knew the next infections, and validate said nothing. A move
    of the zone (or its first components) into a zone a seat that saw the shuffle does not see is L040, once per
    shuffle, unless that zone is shuffled after the move or the shuffle is made where nobody sees it."""
    found = [d for d in findings(tmp_path, text) if d.code != "L059"]  # (the public shuffle hides nothing: L059, apart)
    assert [d.code for d in found] == codes, [str(d) for d in found]


def test_l040_of_a_loop_names_the_loop_and_the_way_through_a_zone_nobody_sees(tmp_path):
    """A loop moving the shuffled zone one card a pass: the finding says so at the move, names the loop, and hints the
    shuffle after the loop, or the shuffle in a zone nobody sees before it."""
    text = shuffled_then("repeat: count(discard)", "  do:", "    - move: last(discard) -> deck")
    [d] = findings(tmp_path, text)
    assert "`move: last(discard) -> deck` at" in d.message, str(d)
    assert "then puts its components one by one, in the loop at" in d.message and "in that order into 'deck'" in d.message, str(d)
    assert d.hint.startswith("shuffle 'deck' after the loop (shuffle: deck)") and \
        "then move: discard -> mixing, shuffle: mixing, then the loop takes from mixing" in d.hint, str(d)


def test_l040_of_a_deal_says_what_the_hands_got_is_known_and_how_to_shuffle_unseen(tmp_path):
    """A bug bash of L040: a public pile shuffled, then dealt into hands only their owners see, was silent (a move of it
    was told): every other seat knew each hand. The deal's finding says so, and hints the shuffle where nobody sees."""
    [d] = findings(tmp_path, shuffled_then("deal: {from: discard, to: hand, count: 1}"))
    assert "the deal from it at" in d.message and "every seat but the one whose 'hand' it is knows what 'hand' got" in d.message, str(d)
    assert d.hint.startswith("shuffle where nobody sees: declare a zone (mixing: {visible: nobody}), then move: discard -> "
                             "mixing, shuffle: mixing, and deal from mixing"), str(d)
    # a zone nobody sees that the ruleset declares and no rule uses is named, not a new one to declare
    text = shuffled_then("deal: {from: discard, to: hand, count: 1}", base=changed("  discard: {}", "  discard: {}\n  spare: {visible: nobody}"))
    [d] = findings(tmp_path, text)
    assert d.hint.startswith("shuffle where nobody sees: use 'spare', declared already (visible: nobody) and used by no rule, "
                             "then move: discard -> spare, shuffle: spare, and deal from spare"), str(d)


def test_l040_names_both_statements_who_learns_what_and_the_fixes(tmp_path):
    """L040's message names the shuffle and the move, each at its line and column, says who learns the order of which
    zone, and its hint gives both fixes, writing out the way through a zone nobody sees with a free name."""
    text = shuffled_then("move: discard -> deck", base=changed("  discard: {}", "  discard: {}\n  mixing: {}"))
    [d] = findings(tmp_path, text)
    shuffle, move = (f"ruleset.yaml:{':'.join(map(str, where(text, needle)))}" for needle in ("shuffle: discard", "move: discard"))
    assert d.code == "L040" and (d.loc.line, d.loc.col) == where(text, "shuffle: discard"), str(d)
    assert f"`shuffle: discard` at {tmp_path / shuffle}" in d.message or f"`shuffle: discard` at {shuffle}" in d.message, str(d)
    assert f"`move: discard -> deck` at " in d.message and move.split(":", 1)[1] in d.message, str(d)
    assert "every seat knows the order of 'deck'" in d.message and "which nobody sees" in d.message, str(d)
    assert d.hint.startswith("shuffle 'deck' after the move (shuffle: deck)"), d.hint
    assert "(mixing2: {visible: nobody}), then move: discard -> mixing2, shuffle: mixing2, move: mixing2 -> deck" in d.hint, d.hint
    assert d.hint.endswith(f"silence it on line {d.loc.line}: # philtre: ignore[L040]"), d.hint
    [hand] = findings(tmp_path, shuffled_then("move: discard -> hand[0]"))
    assert "every seat but the one whose 'hand' it is knows the order of 'hand'" in hand.message, str(hand)


@pytest.mark.parametrize("at", ["bottom", "1", "count(deck) - 1"])
def test_l040_of_a_move_under_the_top_keeps_its_place_in_the_way_through_a_zone_nobody_sees(tmp_path, at):
    """The hint's way through a zone nobody sees ends in the move as written: at the bottom, or at its depth."""
    [d] = findings(tmp_path, shuffled_then("move: discard -> deck", f"  at: {at}"))
    assert d.code == "L040" and f"move: mixing -> deck, at: {at}" in d.hint, d.hint


@pytest.mark.parametrize("between, move, codes", [
    ("", "move: c -> discard", []),  # turned face up at once: the set tells no more than the move
    ("  - score: {player: 0, add: 1}\n", "move: c -> discard", []),  # nothing between that asks
    ("", "reveal: c", []),
    ("", "move: c -> hand[0]", ["L031"]),  # into a zone not every seat sees
    ("  - simultaneous: play\n", "move: c -> discard", ["L031"]),  # a decision first: every seat looked at 'pub' then
    ("", "move: first(deck) -> discard", ["L031"]),  # another card
    ("", "move: c -> discard\n    when: count(discard) > 3", ["L031"]),  # it may stay hidden
    ("  - end_game: {}\n    when: count(hand[0]) == 3\n", "move: c -> discard", ["L031"]),  # the game may end first
], ids=["the next statement", "a score between", "a reveal", "into a hand", "a decision between", "another card",
        "a move with a when", "an end_game between"])
def test_a_public_variable_set_from_a_card_turned_up_right_after_is_no_l031(tmp_path, between, move, codes):
    """A Pandemic trial set a public variable from the card drawn, then moved that card to the public discard with no
    decision between: L031 said the variable told every seat a hidden card, which the move showed every seat at once.
    A `set` followed in its block, before anything asks or may end the game, by a move of the card it read face up (or
    a reveal of it) is silent; where the card may stay hidden, or a seat decides first, it is still L031."""
    text = dealt_then(f"  - let: {{c: last(deck)}}\n  - set: {{pub: c.rank}}\n{between}  - {move}\n")
    assert [d.code for d in findings(tmp_path, text)] == codes, [str(d) for d in findings(tmp_path, text)]


# a 7 Wonders trial's coins, lowered each round by the count of a face-down pile (`count: everyone`, the default)
BURIED_COUNTED = """\
philtre: 1
game: lint-count
players: 2
components:
  card: {attributes: {rank: [1, 2, 3]}, copies: 2, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  buried: {each: player, visible: nobody}
variables:
  coins: {initial: 5, each: player}
actions:
  bury:
    choose: {card: "hand[me]"}
    if: coins[me] > 0
    do:
      - move: card -> buried[me]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 3}
  - repeat: 3
    do:
      - simultaneous: bury
      - for: p in players
        do:
          - set: {"coins[p]": "coins[p] - count(buried[p])"}
  - for: p in players
    do:
      - score: {player: p, add: "coins[p]"}
"""


@pytest.mark.parametrize("counted, codes", [
    ("count(buried[p])", []),
    ("count(c for c in buried[p])", []),
    ("count(c for c in buried[p] if c.rank == 3)", ["L006", "L021", "L031"]),
], ids=["the count", "the count of its cards", "what its cards are"])
def test_a_public_variable_set_from_a_public_count_of_a_hidden_zone_carries_the_count(tmp_path, counted, codes):
    """Coins set from `count(buried[p])` of a face-down pile, then scored and read by an action's `if`, were L006 and
    L021 (the variable was taken to carry what the pile holds), though scoring or testing `count(buried[p])` itself was
    silent: the count every seat sees stays public through a variable. Set from what the cards are, it still reads them,
    and so does a count the other seats may not see."""
    text = changed('"coins[p] - count(buried[p])"', f'"coins[p] - {counted}"', BURIED_COUNTED)
    assert [d.code for d in findings(tmp_path, text)] == codes, [str(d) for d in findings(tmp_path, text)]
    if not codes:
        hidden = changed("buried: {each: player, visible: nobody}", "buried: {each: player, visible: nobody, count: owner}", text)
        (tmp_path / "hidden").mkdir()  # (another file: a file's lines are read once in a process)
        assert {"L006", "L021"} <= {d.code for d in findings(tmp_path / "hidden", hidden)}


@pytest.mark.parametrize("rule, codes", [
    ("", ["L007"]),
    ('    if: "not any(c.rank == 10 for c in kept[me])"\n', []),
    ('    if: "strong(me) < 3"\n', []),
], ids=["read by nothing", "read by an action's if", "counted through a definition"])
def test_a_zone_the_rules_read_is_no_dead_end_for_l007(tmp_path, rule, codes):
    """A 7 Wonders trial's wonder boards, dealt one to each seat and read by the rules (the production an action's `if`
    tests) but never scored, were L007, whose message said only that the scoring never read them: components the rules
    read are in play. A zone nothing reads at all is still L007, and its message says so."""
    text, *_ = CASES["zone the cards end up in, ignored by the scoring"]
    text = changed('    choose: {card: "hand[me]"}\n', '    choose: {card: "hand[me]"}\n' + rule,
                   changed("define:\n", "define:\n  strong(p): count(kept[p])\n", text) if "strong" in rule else text)
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]
    assert all("the scoring never reads it, nor does any other rule" in d.message for d in found)


def test_a_number_none_of_the_values_is_says_how_to_compare_words_by_their_order(tmp_path):
    """L010 for `rank == 1` with ranks J, Q, K: the hint quotes a word, or gives the derived number of their order; a
    number none of numbers is (11 of 1..10) is told too, and one of them (10) is no finding."""
    text, *_ = CASES["a number none of the values is, where they are words"]
    [d] = [d for d in findings(tmp_path, text) if d.code == "L010"]
    assert d.hint == ("its values are words: compare with one, quoted ('J'); for a number in their order, "
                      "derive: {order: \"index(['J', 'Q', 'K'], rank)\"} under card, then compare .order"), str(d)
    for number, found in (("11", ["no component or die face has rank 11 (its values: 1..10)"]), ("10", [])):
        numbers = changed("          - when: played(p).rank == best\n", f"          - when: played(p).rank == {number}\n")
        assert [d.message for d in findings(tmp_path, numbers) if d.code == "L010"] == found, number


@pytest.mark.parametrize("number", ["-1", "-(1)", "- 2.5"])
def test_a_negative_number_none_of_the_values_is_is_told(tmp_path, number):
    """L010 for `rank == -1` (ranks 1..10): a negative number is the unary minus of a number, not a number written, and
    passed unseen."""
    numbers = changed("          - when: played(p).rank == best\n", f"          - when: played(p).rank == {number}\n")
    found = [d for d in findings(tmp_path, numbers) if d.code == "L010"]
    value = number.replace(" ", "").replace("(", "").replace(")", "")
    assert [d.message for d in found] == [f"no component or die face has rank {value} (its values: 1..10)"], number


WHEN_BEST = "          - when: played(p).rank == best\n"


@pytest.mark.parametrize("written, hint", [
    ("played(p).rank > 'Q'", "played(p).order > 1"),  # (the word compared becomes its place)
    ("'J' <= played(p).rank", "0 <= played(p).order"),
    ("min(played(0).rank, played(1).rank) == 'K'", "min(played(0).order, played(1).order)"),
    ("first(sorted(c.rank for c in table[p])) == 'J'", "sorted(c.order for c in table[p])"),
    ("first(sorted([c.rank, c.id] for c in table[p])) != none", "sorted([c.order, c.id] for c in table[p])"),  # (lists: by first)
    ("sorted(distinct(c.rank for c in table[p])) != none", "sorted(distinct(c.order for c in table[p]))"),  # (its items kept)
    ("sorted_by([c.rank, c] for c in table[p]) == []", "sorted_by([c.order, c] for c in table[p])"),
    ("max_by([c.rank, c] for c in table[p]) == none", "max_by([c.order, c] for c in table[p])"),
    ("count(c for c in table[p] if c.rank >= rank_of(p)) > 0", "c.order >= rank_of(p); read .order in 'rank_of'"),
])
def test_an_order_of_words_not_declared_alphabetically_is_found_with_the_order_derived(tmp_path, written, hint):
    """L042 at each way an order is taken (a comparison, max, min, sorted, sorted_by, max_by, min_by), its hint the
    derived number of the declared order, and the expression written with it."""
    text = changed(WHEN_BEST, f"          - when: played(p).rank == best and {written}\n",
                   changed("define:\n", "define:\n  rank_of(p): played(p).rank\n", changed(RANKS, JQK)))
    hints = [d.hint for d in findings(tmp_path, text) if d.code == "L042" and d.loc.line == where(text, written)[0]]
    assert len(hints) == 1 and hints[0].startswith("to order rank as declared, derive a number from it, "
                                                   "derive: {order: \"index(['J', 'Q', 'K'], rank)\"} under card, then compare that: "), hints
    assert hint in hints[0], hints[0]


def test_an_order_of_words_read_through_a_definition_is_found(tmp_path):
    """`max(rank_of(p) for p in players)`, rank_of(p) reading the rank: the definition's body says what to read."""
    text = changed("  best: max(played(p).rank for p in players)\n",
                   "  rank_of(p): played(p).rank\n  best: max(rank_of(p) for p in players)\n", changed(RANKS, JQK))
    [d] = [d for d in findings(tmp_path, text) if d.code == "L042"]
    assert (d.loc.line, d.loc.col) == where(text, "max(rank_of"), str(d)
    assert d.hint.endswith("then compare that: read .order in 'rank_of'"), d.hint


def test_an_order_of_words_on_a_die_or_bare_in_a_derive_is_found(tmp_path):
    """A die's faces declare their words in order too (no derive there: the hint writes index() in place); a derive
    that reads the attribute bare is checked as any expression is."""
    coin = changed(WHEN_BEST, "          - when: played(p).rank == best and coin.side > 'heads'\n",
                   changed("define:\n", "dice:\n  coin: [{side: tails}, {side: heads}]\ndefine:\n"))
    [d] = [d for d in findings(tmp_path, coin) if d.code == "L042"]
    assert "so heads < tails here, not in the order side declares them (tails, heads)" in d.message, str(d)
    assert d.hint == "to order side as declared, compare its place: index(['tails', 'heads'], coin.side) > 1", d.hint
    derived = changed("    copies: 2\n", "    copies: 2\n    derive: {high: \"rank > 'Q'\"}\n", changed(RANKS, JQK))
    assert where(derived, "rank > 'Q'") in [(d.loc.line, d.loc.col) for d in findings(tmp_path, derived) if d.code == "L042"]


@pytest.mark.parametrize("ranks, written", [
    ("rank: [a, b, c]", "played(p).rank > 'b'"),  # declared alphabetically: they order as declared
    (JQK, "played(p).rank != 'Q'"),  # no order taken
    (JQK, "played(p).order > 1"),  # the derived number
    (JQK, "count(c for c in table[p] if c.rank == 'K') > 0"),
])
def test_words_ordered_as_declared_or_not_ordered_are_no_l042(tmp_path, ranks, written):
    text = changed(WHEN_BEST, f"          - when: {written}\n",
                   changed("    copies: 2\n", "    copies: 2\n    derive: {order: \"index(['J', 'Q', 'K'], rank)\"}\n",
                           changed(RANKS, ranks)))
    text = changed("  best: max(played(p).rank for p in players)\n", "  best: 0\n", text)
    assert [str(d) for d in findings(tmp_path, text) if d.code == "L042"] == []


@pytest.mark.parametrize("written", ["count(hand[p]) // 2", "1 if count(hand[p]) > 0 else count(hand[p]) % 0",
                                     "count(hand[p]) > 0 and count(hand[p]) / 0 > 1", "sum(c.rank / 0 for c in hand[p])"])
def test_a_division_by_0_that_may_not_be_computed_is_no_l009(tmp_path, written):
    """A division by 0 in a branch (a conditional's, the right of `and`) or a comprehension's element (there may be no
    item) is not computed whenever the expression is: no L009 (a test makes a game stop at one count only so)."""
    text = changed("score: {player: p, add: 1}", f'score: {{player: p, add: "{written}"}}')
    assert [str(d) for d in findings(tmp_path, text) if d.code == "L009"] == []


@pytest.mark.parametrize("written, codes", [
    ("sorted(c.rank for c in table[p]) == ['J', 'K']", []),
    ("sorted(c.rank for c in table[p]) != sorted(c.rank for c in hand[p])", []),
    ("sorted(c.rank for c in table[p]) == [c.rank for c in hand[p]]", ["L042"]),  # (the other side's order is its own)
    ("first(sorted(c.rank for c in table[p])) == 'J'", ["L042"]),
])
def test_a_sorted_list_only_compared_with_another_sorted_alike_is_no_l042(tmp_path, written, codes):
    """A Jaipur trial's expectation `sorted(c.good for c in hand[0]) == ['gold', 'gold', 'silver']` sorts only to
    compare as multisets, both sides sorted alike: L042 fired and validate exited 1. `==` or `!=` with a list written
    out or another sorted() takes no order; where the order is read, or the other side is not sorted alike, it still does."""
    text = changed(WHEN_BEST, f"          - when: played(p).rank == best and {written}\n", changed(RANKS, JQK))
    text = changed("  best: max(played(p).rank for p in players)\n", "  best: 0\n", text)
    assert [d.code for d in findings(tmp_path, text) if d.code == "L042"] == codes, [str(d) for d in findings(tmp_path, text)]


def test_a_sorted_list_compared_in_a_scenarios_expectation_is_no_l042(tmp_path):
    """A scenario's expectation is compiled side by side (a failure shows each side): the sorted side alone is still
    only compared."""
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: sorted\n    players: 2\n    expect: [\"sorted(c.rank for c in hand[0]) == ['J', 'Q']\"]\n",
        encoding="utf-8")
    text = changed("  best: max(played(p).rank for p in players)\n", "  best: 0\n", changed(RANKS, JQK))
    assert [str(d) for d in findings(tmp_path, text) if d.code == "L042"] == []


BAGGED = changed("  discard: {}", "  discard: {order: nobody}")  # a bag: which cards it holds is public, not their order
ORDER_READS = ["last(discard).rank > 5", "discard[0].rank > 5", "first(c for c in discard if c.rank > 5) != none",
               "take(discard, 1) == []", "take_last(discard, 1) == []", "index(discard, played(0)) == 0"]
CONTENTS_READS = ["count(discard) > 5", "count(c for c in discard if c.rank > 5) > 0", "played(0) in discard",
                  "sum(c.rank for c in discard) > 9", "max(c.rank for c in discard) > 5"]


@pytest.mark.parametrize("place, code", [
    (("      - simultaneous: play\n", "      - simultaneous: play\n        when: \"{}\"\n"), "L027"),
    (("    choose: {card: \"hand[me]\"}\n", "    choose: {card: \"hand[me]\"}\n    if: \"{}\"\n"), "L021"),
    (("            score: {player: p, add: 1}", "            score: {player: p, add: \"1 if {} else 0\"}"), "L030"),
], ids=["a decision's guard", "an action's if", "a score"])
def test_reading_a_bag_by_position_is_a_hidden_read_and_what_it_holds_is_not(tmp_path, place, code):
    """A bag (`order: nobody`): reading which card lies where (`last(bag)`, `bag[0]`, `first(...)` over it, `take`,
    `take_last`, `index`) where every seat sees the answer tells its order, as reading a hidden zone tells what it holds; what it
    holds (`count`, `in`, a sum or count over it) is public, and no finding."""
    old, new = place
    for read in ORDER_READS:
        found = [d for d in findings(tmp_path, changed(old, new.replace("{}", read), BAGGED)) if d.code != "L001"]
        assert [d.code for d in found] == [code] and "the order of 'discard'" in found[0].message, (read, [str(d) for d in found])
        assert "outside the zones" not in found[0].hint, str(found[0])  # (no zone is hidden: no cards not yet played to name)
    for read in CONTENTS_READS:
        found = [str(d) for d in findings(tmp_path, changed(old, new.replace("{}", read), BAGGED)) if d.code != "L001"]
        assert found == [], (read, found)


def test_choosing_among_a_bag_is_l008(tmp_path):
    """Options list a bag's cards in the order they lie there: choosing among them is L008, with a hint of a choice
    whose options keep an order of their own."""
    text = changed("    choose: {card: \"hand[me]\"}\n", "    choose: {card: \"hand[me]\", other: discard}\n", BAGGED)
    (d,) = [d for d in findings(tmp_path, text) if d.code not in ("L001",)]
    assert d.code == "L008" and "whose order nobody sees" in d.message and "sorted(distinct(c.rank for c in discard))" in d.hint, str(d)
# A Coup trial's block: whether the claimant holds the card decides two public variables, in the `when`'s block and
# its `else`, and the block is run from two places
CLAIMED = """philtre: 1
game: claimed
players: 2
components:
  card: {attributes: {role: [duke, captain]}, copies: 2, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
variables:
  owed: {initial: 0, each: player}
  bluffed: false
blocks:
  resolve(claimant, doubter):
    - when: any(c.role == 'duke' for c in hand[claimant])
      do:
        - set: {"owed[doubter]": 1, bluffed: false}
      else:
        - set: {"owed[claimant]": 1, bluffed: true}
actions:
  challenge:
    do:
      - run: resolve(1, me)
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - run: resolve(0, 1)
  - decide: challenge
    player: 0
winners: players
"""



def test_every_public_variable_a_secret_when_decides_is_l031_each_at_that_when(tmp_path):
    """The trial's L031 named 'owed' alone; the same sets write 'bluffed', found only once 'owed' was hidden. Each
    variable the `when` decides is said at it, once (as a `set` under the `when` itself and one in its `else` are:
    Battleship's test above), however many `set`s under it write it; one written by a `set` with a `when` of its own too."""
    found = findings(tmp_path, CLAIMED)
    assert sorted((d.code, d.message.split("'")[1]) for d in found) == [("L031", "bluffed"), ("L031", "owed")], [str(d) for d in found]
    assert {(d.loc.line, d.loc.col) for d in found} == {where(CLAIMED, "any(c.role")}, [str(d) for d in found]
    alone = CLAIMED.replace("""      do:
        - set: {"owed[doubter]": 1, bluffed: false}
      else:
        - set: {"owed[claimant]": 1, bluffed: true}""", """      set: {"owed[doubter]": 1, bluffed: true}""")
    (tmp_path / "alone").mkdir()  # (another file: a file's lines are read once in a process)
    assert sorted(d.message.split("'")[1] for d in findings(tmp_path / "alone", alone)) == ["bluffed", "owed"]



def test_l031_at_a_secret_when_says_how_to_tell_the_answer_the_rules_tell(tmp_path):
    """The trial's rules make the answer public (a challenged claimant shows the card, or is known to bluff), and the
    hint offered only to silence the lint; no reveal says a card is not held, but a `say` in the block tells the
    table, which clears the finding (language.md, say), and the hint says so (a Cribbage trial's go was silenced)."""
    d = findings(tmp_path, CLAIMED)[0]
    assert ("where the rules tell every seat the answer (a \"go\" said aloud, a bluff owned to), say it in the statement's "
            "block (say: \"'go'\"): a say there tells the table, and this is no finding; a card shown when the test holds "
            "is revealed (reveal: the card)") in d.hint, str(d)
    assert "where every seat sees it anyway" not in d.hint, str(d)  # (said once, for the case at hand)
    said = CLAIMED.replace("""        - set: {"owed[claimant]": 1, bluffed: true}""", """        - say: "'bluff'"
        - set: {"owed[claimant]": 1, bluffed: true}""")
    (tmp_path / "said").mkdir()  # (another file: a file's lines are read once in a process)
    assert findings(tmp_path / "said", said) == []
    # a say under a `when` of its own that reads only what every seat sees still tells the table (a Cribbage trial's go,
    # said once a count); one whose `when` reads a secret tells it only when that holds, so the table is not told
    for name, when, codes in (("public", "doubter == 0", []),
                              ("hidden", "any(c.role == 'captain' for c in hand[claimant])", ["L031", "L031"])):
        under_its_own_when = said.replace("""- say: "'bluff'"\n""", f"""- say: "'bluff'"\n          when: {when}\n""")
        (tmp_path / name).mkdir()
        assert [d.code for d in findings(tmp_path / name, under_its_own_when)] == codes, name
    own = CLAIMED.replace("""      do:
        - set: {"owed[doubter]": 1, bluffed: false}
      else:
        - set: {"owed[claimant]": 1, bluffed: true}""", """      set: {"owed[doubter]": 1, bluffed: false}
      else:
        - say: "'bluff'"
        - set: {"owed[claimant]": 1, bluffed: true}""")
    (tmp_path / "own").mkdir()  # (a `set` whose own `when` is answered by a say in its `else`)
    assert findings(tmp_path / "own", own) == []



def test_a_lint_finding_inside_a_block_names_the_runs_that_ran_it(tmp_path):
    """The trial's L031 was at the block's line with no word of the two `run`s, where a compiler finding there names
    its call (language.md, blocks): a lint's names each call that ran the block, one call as the compiler says it."""
    path = tmp_path / "ruleset.yaml"
    found = findings(tmp_path, CLAIMED)
    twice = (f"in block 'resolve', run at {path}:{':'.join(map(str, where(CLAIMED, 'run: resolve(1, me)')))} and "
             f"{path}:{':'.join(map(str, where(CLAIMED, 'run: resolve(0, 1)')))}")  # (in file order: the action's, then the flow's)
    assert found and all(d.hint.endswith(f"; {twice}") for d in found), [str(d) for d in found]
    once = CLAIMED.replace("      - run: resolve(1, me)\n", "      - set: {bluffed: false}\n")
    (tmp_path / "once").mkdir()
    found = findings(tmp_path / "once", once)
    assert found and all(d.hint.endswith(f"; in block 'resolve', run at {tmp_path / 'once' / 'ruleset.yaml'}:"
                                         f"{':'.join(map(str, where(once, 'run: resolve(0, 1)')))}") for d in found), [str(d) for d in found]
    # (a finding outside any block names none)
    assert "run at" not in findings(tmp_path, changed("define:\n", "define:\n  spare(p): count(hand[p]) + 1\n"))[0].hint



def test_a_pile_of_a_game_that_keeps_no_score_is_no_l007(tmp_path):
    """Coup's lost influence, face up, read by no rule, in a game with no score (won by the last seat with cards): L007
    said the scoring never reads it, where there is no scoring. With a score kept, it is still said."""
    text, *_ = CASES["zone the cards end up in, ignored by the scoring"]
    unscored = changed('score: {player: p, add: "sum(c.rank for c in table[p])"}', 'set: {spare: "count(table[p])"}',
                       changed("winners: {highest: \"score[p]\"}", "winners: \"[p for p in players if count(hand[p]) == 0]\"",
                               changed("define:\n", "variables:\n  spare: 0\n\ndefine:\n", text)))
    assert "L007" not in [d.code for d in findings(tmp_path, unscored)], [str(d) for d in findings(tmp_path, unscored)]
    (tmp_path / "scored").mkdir()
    assert "L007" in [d.code for d in findings(tmp_path / "scored", text)]


def test_a_public_bag_moved_into_a_hidden_zone_tells_every_seat_what_it_holds(tmp_path):
    """A Dominion trial's deck `{each: player, order: nobody}` (visible: everyone, the default): every seat sees which
    card leaves it, so each draw into a hand told every seat the hand (L043, at the move); the hint hides the bag."""
    [d] = [d for d in findings(tmp_path, DECK_BAG) if d.code == "L043"]
    assert (d.loc.line, d.loc.col) == where(DECK_BAG, 'move: "last(deck[0])')
    assert d.message == ("every seat sees what leaves 'deck', so moving it into 'hand', which only its owner sees, "
                         "tells every seat what it holds")
    assert "`deck: {each: player, visible: owner, order: nobody}`" in d.hint and "ignore[L043]" in d.hint


@pytest.mark.parametrize("old, new", [
    ("deck: {each: player, order: nobody}", "deck: {each: player, visible: owner, order: nobody}"),  # the seat's own
    ("hand: {each: player, visible: owner}", "hand: {each: player}"),  # drawn face up
    ("deck: {each: player, order: nobody}", "deck: {each: player}"),  # no bag: a deck every seat sees, in order
    ('"last(deck[0]) -> hand[0]"', '"deck[0] -> hand[0]"'),  # the whole bag: what it held was public, the table saw it go
])
def test_a_bag_its_owner_alone_sees_or_a_draw_face_up_tells_nothing(tmp_path, old, new):
    assert "L043" not in [d.code for d in findings(tmp_path, changed(old, new, DECK_BAG))]


def test_a_deal_from_a_shared_public_bag_into_hands_is_l043_its_hint_hides_the_bag_from_all(tmp_path):
    text = changed('  - move: "last(deck[0]) -> hand[0]"\n', "  - deal: {from: pool, to: hand, count: 1}\n",
                   changed('start: "deck[0]"', "start: pool", changed("  table: {}\n", "  table: {}\n  pool: {order: nobody}\n",
                                                                     DECK_BAG)))
    text = changed('  - shuffle: "deck[0]"\n', "  - shuffle: pool\n", text)
    [d] = [d for d in findings(tmp_path, text) if d.code == "L043"]
    assert "'pool'" in d.message and "`pool: {visible: nobody}`" in d.hint


def test_a_coin_put_back_on_top_of_a_bag_is_l044_its_hint_shuffles_the_bag(tmp_path):
    """A coin moved into a bag lies on top, and the next deal from the bag takes it: every seat knows the draw."""
    [d] = [d for d in findings(tmp_path, BAG_PUT_BACK) if d.code == "L044"]
    assert d.hint.startswith("add `shuffle: bag` right after the move (or before the draw)") and "ignore[L044]" in d.hint


@pytest.mark.parametrize("old, new", [
    ("      - move: last(purse[me]) -> bag\n", "      - move: last(purse[me]) -> bag\n      - shuffle: bag\n"),  # after the move
    ("      - deal: {from: bag", "      - shuffle: bag\n      - deal: {from: bag"),  # before the draw, in its block
    ("      - move: last(purse[me]) -> bag\n",  # after the move, in a block holding it (the bluffing example's shape)
     "      - when: count(bag) > 0\n        do:\n          - move: last(purse[me]) -> bag\n      - shuffle: bag\n"),
    ("      - deal: {from: bag, to: \"[purse[me]]\", count: 1}", "      - move: purse[me] -> purse[me]"),  # no draw
    ("      - move: last(purse[me]) -> bag", "      - move: last(purse[me]) -> purse[me]"),  # nothing put in the bag
])
def test_a_bag_shuffled_between_the_move_and_the_draw_is_no_l044(tmp_path, old, new):
    assert "L044" not in [d.code for d in findings(tmp_path, changed(old, new, BAG_PUT_BACK))]


def test_the_bluffing_example_without_its_shuffle_after_a_coin_put_back_is_l044(tmp_path):
    """examples/bluffing puts a coin back and shuffles the bag: without that shuffle it validated clean."""
    text = (ROOT / "examples" / "bluffing" / "ruleset.yaml").read_text(encoding="utf-8")
    assert "L044" not in [d.code for d in findings(tmp_path, text)]
    unshuffled = changed("              - shuffle: bag          # else", "              # else", text)
    (tmp_path / "unshuffled").mkdir()
    [d] = [d for d in findings(tmp_path / "unshuffled", unshuffled) if d.code == "L044"]
    assert (d.loc.line, d.loc.col) == where(unshuffled, "move: last(purse[loser]) -> bag")
    assert "the deal from it at" in d.message


# a hand the others see (Hanabi's), and a public variable set from it where no seat says it aloud (L031)
HELD_AWAY = """\
philtre: 1
game: heldaway
players: 2
components:
  card: {attributes: {rank: [1, 2, 3]}, copies: 2, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: others}
variables:
  high: 0
actions:
  pass: {}
  hint:
    choose: {to: "[q for q in players if q != me]"}
    do:
      - set: {high: "max(c.rank for c in hand[to])"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - set: {high: "max(c.rank for c in hand[0])"}
  - decide: [pass, hint]
    player: 0
"""


@pytest.mark.parametrize("text, codes", [
    (HELD_AWAY, ["L031"]),                                                            # the flow tells seat 0 its hand
    (changed("  - set: {high: \"max(c.rank for c in hand[0])\"}\n", "", HELD_AWAY), []),  # a hint said aloud: silent
    (changed("hand[to])", "hand[me])", changed("  - set: {high: \"max(c.rank for c in hand[0])\"}\n", "", HELD_AWAY)),
     ["L031"]),                                                                       # the acting seat's own hand
])
def test_l031_others_hand_told_by_the_flow(tmp_path, text, codes):
    """A Hanabi trial set a public variable in the flow from hand[0] (`visible: others`): validate found nothing, as if
    a seat had said it aloud, though seat 0 read its own hidden hand through the variable (`visible: owner` was L031).
    An action that sets it from another seat's copy is a hint, said by a seat that sees it (silent); from its own
    copy (ZONE[me]) it tells the acting seat what nobody told it."""
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]
    assert all("which its owner does not see" in d.message for d in found), [str(d) for d in found]


@pytest.mark.parametrize("written, code", [("{visible: everyone}", []), ("{visible: everyone, initial: 1}", ["L022"]),
                                           ("{initial: 1}", ["L022"]), ("1", ["L022"])])
def test_l022_only_where_the_overlay_writes_the_initial_value(tmp_path, written, code):
    """A No Thanks trial's house rule `coins: {visible: everyone}` (coins shown, its initial value the base's) was
    L022, "the initial value of 'coins' changes nothing in play": L022 is about an overlay writing `initial`, and is
    said there (or at the value written bare)."""
    (tmp_path / "ruleset.yaml").write_text(
        "philtre: 1\ngame: coins\nplayers: 2\nvariables:\n  coins: {initial: 0, each: player}\n"
        "flow:\n  - set: {coins: \"[3 for p in players]\"}\n  - for: p in players\n    do:\n"
        "      - score: {player: p, add: \"coins[p]\"}\n", encoding="utf-8")
    overlay = f"extends: ruleset.yaml\nvariables:\n  coins: {written}\n"
    (tmp_path / "house.yaml").write_text(overlay, encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(tmp_path / "house.yaml")).findings]
    assert [d.code for d in found] == code, [str(d) for d in found]
    for d in found:
        assert d.loc.path.endswith("house.yaml") and (d.loc.line, d.loc.col) == where(overlay, "initial" if "initial" in written else "1"), str(d)


@pytest.mark.parametrize("scored, codes", [("", ["L007"]), ("          - score: {player: p, add: 1}\n", [])])
def test_a_zone_filled_where_its_block_scores_is_no_l007(tmp_path, scored, codes):
    """A Splendor trial's noble moved into the visitor's zone by an action that scores its points right there: L007
    said the scoring never read the zone, though the points were scored as it went. A block that runs a `score`
    itself scores what it moves; without one, L007 stays."""
    text, *_ = CASES["zone the cards end up in, ignored by the scoring"]
    text = changed("          - move: table[p] -> kept[p]\n", "          - move: table[p] -> kept[p]\n" + scored, text)
    assert [d.code for d in findings(tmp_path, text)] == codes, [str(d) for d in findings(tmp_path, text)]


BOOK_LAID = (ROOT / "tests" / "data" / "l030_book_laid.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("text, codes", [
    (BOOK_LAID, []),
    (changed("books: {each: player}", "books: {each: player, visible: owner}", BOOK_LAID), ["L030"]),
    (changed('made: "distinct(c.rank for c in book_cards(p))"', 'made: "distinct(c.rank for c in hand[p])"', BOOK_LAID), ["L030"]),
    (changed("add: count(made)", 'add: "count(made) + count(c for c in hand[p] if c.rank == 1)"', BOOK_LAID), ["L030"]),
], ids=["moved face up", "moved face down", "the let reads more than it moves", "the score reads the hand too"])
def test_a_let_given_from_components_then_moved_face_up_is_seen_by_a_score(tmp_path, text, codes):
    """A Go Fish trial laid a book face up (`move: book_cards(p) -> books[p]`) and scored `count(made)`, `made` a `let`
    of those cards' ranks given before the move: L030 said the score told what 'hand' holds, though every seat sees the
    cards by then. A let name whose value reads a hidden zone only through what a move then puts in sight is seen; one
    that reads more of the zone, or a move into a zone some seat does not see, is still L030."""
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]


# a seat that cannot lay a card says go (a Cribbage trial's count), on GUESSED's cards and zones
GO_SAID = GUESSED.split("variables:")[0] + """variables:
  total: 0
actions:
  lay:
    choose: {card: "hand[me]"}
    if: total + card.rank <= 10
    do:
      - move: card -> pile
      - set: {total: total + card.rank}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    next: "left(current) if count(hand[left(current)]) > 0 else current"
    do:
      - when: any(total + c.rank <= 10 for c in hand[current])
        decide: lay
        else:
          - say: {player: current, text: "'go'"}
"""


@pytest.mark.parametrize("when, codes", [("", []), ("total > 0", []), ("any(c.rank > 3 for c in hand[current])", ["L027"])],
                         ids=["no-when", "a-public-when", "a-secret-when"])
def test_l027_takes_a_say_in_the_else_of_a_decisions_when_as_telling_the_table(tmp_path, when, codes):
    """A Cribbage trial said "go" in the `else` of the `when` that asks a seat to lay a card: L031 took the say as telling
    the table the answer, L027 did not, and its hint said to reveal the hand. L027 takes a say as L031 does: one with no
    `when`, or one whose `when` reads only what every seat sees."""
    text = GO_SAID if not when else GO_SAID.replace("""          - say:""", f"""          - when: {when}\n            say:""")
    found = findings(tmp_path, text)
    assert [d.code for d in found] == codes, [str(d) for d in found]
    (tmp_path / "unsaid").mkdir()  # (another file: a file's lines are read once in a process)
    [d] = findings(tmp_path / "unsaid", GO_SAID.replace("""        else:\n          - say: {player: current, text: "'go'"}\n""", ""))
    assert d.code == "L027" and "say it in the statement's block or `else` (say: \"'go'\"): a say there tells the table" in d.hint, str(d)
    assert d.hint.endswith("# philtre: ignore[L027]"), str(d)  # (the ignore comment stays last)


# a card taken from the face-up market into a hand dealt hidden cards, and a follow-up asked by the card's colour (L027)
MARKET_TAKE = """\
philtre: 1
game: market-take
players: 2
components:
  card: {attributes: {colour: [red, loco]}, copies: 6, start: deck}
zones:
  deck: {visible: nobody}
  market: {}
  hand: {each: player, visible: owner}
actions:
  take:
    choose: {card: market}
    do:
      - move: card -> hand[me]
    then:
      - when: card.colour != 'loco'
        decide: take2
        player: me
  take2:
    choose: {card: market}
    do:
      - move: card -> hand[me]
flow:
  - deal: {from: deck, to: hand, count: 2}
  - deal: {from: deck, to: "[market]", count: 3}
  - turns: 0
    until: count(deck) < 2
    do:
      - decide: take
"""


def test_a_choice_all_saw_moved_into_a_hand_guards_no_l027(tmp_path):
    """A Ticket to Ride trial took a card from the public market into a hand (`visible: owner`) and its `then:` asked for
    a second card `when: card.colour != 'loco'`: L027 said the decide hung on what the hand held, though every seat saw
    the card chosen. A choice every seat is told stays public wherever it lies; one from the hand does not."""
    assert "L027" not in {d.code for d in findings(tmp_path, MARKET_TAKE)}
    from_hand = changed("    choose: {card: market}\n    do:\n      - move: card -> hand[me]\n    then:",
                        "    choose: {card: \"hand[me]\"}\n    do:\n      - move: card -> deck\n    then:", MARKET_TAKE)
    assert "L027" in {d.code for d in findings(tmp_path, from_hand)}


# discs whose cells are the words 'black' and 'white', compared with a seat's number (L010)
DISCS = """\
philtre: 1
game: discs
players: 2
components:
  disc:
    each: player
    copies: 4
    start: "supply[owner]"
    derive:
      colour: "'black' if owner == 0 else 'white'"
      cells: "[colour]"
zones:
  supply: {each: player}
  board: {grid: {resolution: 1, width: 4, height: 1, turns: false}}
define:
  colour(p): p
  mine(x, p): cell_at(board, x, 0) == colour(p)
  run(p): run_length(board, 0, 0, 1, 0, colour(1 - p))
actions:
  place:
    choose: {at: "placements(board, last(supply[me]))"}
    if: at.overlap == 0
    do:
      - place: {piece: "last(supply[me])", to: board, at: at}
      - score: {player: me, add: "count([x for x in range(4) if mine(x, me)]) + run(me)"}
flow:
  - turns: 0
    until: count(supply[0]) == 0
    do:
      - decide: place
winners: {highest: "score[p]"}
"""


def test_a_cell_of_words_compared_with_a_number_is_l010(tmp_path):
    """A Reversi trial's `colour(p): p` gave seats, where the discs' cells were 'black' and 'white': `cell_at(...) ==
    colour(p)` and `run_length(..., colour(1 - p))` never matched, every game ended at once, and nothing warned. The
    number is followed through the definitions' parameters (`mine(x, me)`, `colour(1 - p)`); a word, or a value not
    known to be a number, is no finding."""
    found = [d for d in findings(tmp_path, DISCS) if d.code == "L010"]
    assert [(d.loc.line, d.loc.col) for d in found] == [where(DISCS, "colour(p)\n"), where(DISCS, "colour(1 - p))")], [str(d) for d in found]
    assert "compares a cell's value, a word ('black', 'white') or none, with `colour(p)`, a number" in found[0].message
    assert "the run is always 0" in found[1].message and found[1].hint.startswith("compare with a word the cells hold ('black')")
    words = changed("  colour(p): p\n", "  colour(p): \"'black' if p == 0 else 'white'\"\n", DISCS)
    assert "L010" not in {d.code for d in findings(tmp_path, words)}
    unknown = changed("mine(x, me)", "mine(x, at.x)", DISCS)  # (a placement's x: no seat's number for sure)
    assert [d.loc.line for d in findings(tmp_path, unknown) if d.code == "L010"] == [where(DISCS, "colour(1 - p))")[0]]



def test_cells_derived_through_a_definition_are_followed_for_l010(tmp_path):
    """A trial derived its discs' cells through a definition (`cells: "[shade(owner)]"`, the definition reused to name
    the other seat's colour) and compared a cell with a seat: no L010, and every game ended at once. The definition is
    followed with the argument its call passes, and the words listed; where only the type tells that the cells are
    words (a list read by a seat), the finding says so without them; cells of numbers are no finding."""
    derived = "      colour: \"'black' if owner == 0 else 'white'\"\n      cells: \"[colour]\"\n"
    through = changed(derived, "      cells: \"[shade(owner)]\"\n",
                      changed("  colour(p): p\n", "  colour(p): p\n  shade(p): \"'black' if p == 0 else 'white'\"\n", DISCS))
    found = [d for d in findings(tmp_path, through) if d.code == "L010"]
    assert [(d.loc.line, d.loc.col) for d in found] == [where(through, "colour(p)\n"), where(through, "colour(1 - p))")], [str(d) for d in found]
    assert "compares a cell's value, a word ('black', 'white') or none, with `colour(p)`, a number" in found[0].message
    typed = changed("\"'black' if p == 0 else 'white'\"", "\"['black', 'white'][p]\"", through)
    found = [d for d in findings(tmp_path, typed) if d.code == "L010"]
    assert len(found) == 2 and "compares a cell's value, a word or none, with `colour(p)`, a number" in found[0].message, [str(d) for d in found]
    assert "every cell of a piece is a word: the run is always 0" in found[1].message
    numbers = changed("\"'black' if p == 0 else 'white'\"", "\"p + 1\"", through)
    assert "L010" not in {d.code for d in findings(tmp_path, numbers)}

# a Citadels trial's call of the roles: a killed role is not shown, nor asked to play (the `when` of both)
CALLED_ROLES = """\
philtre: 1
game: l027
players: 3
components:
  role: {attributes: {rank: [1, 2, 3, 4]}, start: chars}
variables:
  skip: 0
  last: 0
zones:
  chars: {visible: nobody}
  role: {each: player, visible: owner}
actions:
  pick:
    choose: {c: "range(count(chars))"}
    do:
      - move: chars[c] -> role[me]
  act: {}
define:
  holder(r): first(p for p in players if any(c.rank == r for c in role[p]))
flow:
  - for: p in players
    do:
      - decide: pick
        player: p
  - for: r in range(1, 5)
    do:
      - when: skip != r
        reveal: "[c for z in role for c in z if c.rank == r]"
      - let: {who: holder(r)}
      - when: who != none and skip != r
        do:
          - set: {last: who}
          - decide: act
            player: who
"""


def test_a_reveal_under_a_when_counts_where_the_statement_s_when_has_the_same_test(tmp_path):
    """`when: skip != r` / `reveal: ...`, then `when: who != none and skip != r` around the decision: the decision is
    asked only where the role was shown, and it gave L027 (and L031 for each variable set there) with a hint to write the
    reveal already written. The reveal's when is among the parts of the statement's: no finding."""
    assert [str(d) for d in findings(tmp_path, CALLED_ROLES)] == []


def test_a_reveal_kept_from_counting_by_its_own_when_is_named_in_the_hint_once_in_full(tmp_path):
    """Where the statement's `when` does not have the reveal's test, the finding stands, and its hint names the reveal,
    its line and its when, and how to make it count (said in full once; the other findings it causes point there)."""
    text = CALLED_ROLES.replace("      - when: who != none and skip != r\n", "      - when: who != none\n")
    found = [d for d in findings(tmp_path, text) if d.code in ("L027", "L031")]
    guard, set_, decide = (where(text, needle)[0] for needle in ("who != none\n", "{last: who}", "player: who"))
    assert [(d.code, d.loc.line) for d in found] == [("L027", guard), ("L031", guard), ("L031", set_), ("L027", decide)], [str(d) for d in found]
    reveal_line, _ = where(text, "reveal: \"[c")
    full = [d for d in found if "write that test in this statement's when too (when: ... and skip != r)" in d.hint]
    assert len(full) == 1 and full[0].hint.startswith(f"the reveal of 'role' on line {reveal_line} is not counted here, "
                                                       "as its own when: skip != r may have kept it from running"), [str(d) for d in found]
    others = [d for d in found if d is not full[0]]
    assert all(f"(said in full on line {full[0].loc.line})" in d.hint for d in others), [str(d) for d in others]
    # the same test inside what the reveal shows: it runs always, and counts
    text = CALLED_ROLES.replace("      - when: skip != r\n        reveal: \"[c for z in role for c in z if c.rank == r]\"\n",
                                "      - reveal: \"[c for z in role for c in z if c.rank == r and skip != r]\"\n")
    assert [str(d) for d in findings(tmp_path, text)] == []



# a trial's round end: the hands are shown only at a showdown (more than one seat left), then the winners score
SHOWDOWN = """\
philtre: 1
game: showdown
players: 2
components:
  card: {attributes: {rank: 1..8}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
variables:
  out: {initial: false, each: player}
  starter: 0
define:
  in_play: "[p for p in players if not out[p]]"
  best: "[p for p in in_play if sum(c.rank for c in hand[p]) == max(sum(c.rank for c in hand[q]) for q in in_play)]"
actions:
  go: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: go
    player: 0
SHOWN
  - let: {won: "in_play if count(in_play) == 1 else best"}
  - for: p in won
    do: [{score: {player: p, add: 1}}]
  - set: {starter: "first(won)"}
"""


@pytest.mark.parametrize("shown, kind", [
    ("  - when: count(in_play) > 1\n    reveal: hand\n", "its own"),
    ("  - when: count(in_play) > 1\n    do:\n      - reveal: hand\n", "around"),
], ids=["the reveal's own when", "a when around the reveal"])
def test_a_finding_after_a_reveal_under_a_when_that_does_not_hold_there_names_that_reveal(tmp_path, shown, kind):
    """A Love Letter trial revealed the hands under `when: count(in_play) > 1`, then scored the round's winners and
    set the next starter from them: L030 and L031, whose hints said to reveal the hand first, which it had. A guarded
    reveal counts only where its `when` holds (the L027 row of validating.md); the hint now names it, its line and
    its `when` first: for the score, in a `for` of the reveal's own block, that test goes in the `for`'s when; for the
    set after it, and where the `when` is around the reveal, the statement goes in that block."""
    text = SHOWDOWN.replace("SHOWN\n", shown)
    found = findings(tmp_path, text)
    assert [d.code for d in found] == ["L030", "L031"], [str(d) for d in found]
    score, set_ = found
    reveal = where(text, "reveal: hand")[0]
    if kind == "its own":
        assert score.hint.startswith(f"the reveal of 'hand' on line {reveal} is not counted here, as its own when: "
                                     f"count(in_play) > 1 may have kept it from running: write that test in the when of "
                                     f"the for on line {where(text, 'for: p')[0]}, which holds this one, too"), score.hint
        assert set_.hint.startswith(f"the reveal of 'hand' on line {reveal} counts only where its when: count(in_play) > 1 "
                                    f"holds (said in full on line {score.loc.line}); "), set_.hint
    else:
        guard = where(text, "when: count")[0]
        assert score.hint.startswith(f"the reveal of 'hand' on line {reveal} counts only where the when on line {guard} "
                                     "(count(in_play) > 1) holds, as it may not have run elsewhere: put this score in that "
                                     "block, after the reveal; else reveal it first"), score.hint
        assert set_.hint.startswith(f"the reveal of 'hand' on line {reveal} counts only where the when on line {guard}"), set_.hint
    # with the statements in the reveal's block, it counts: no finding
    block = ("  - when: count(in_play) > 1\n    do:\n      - reveal: hand\n      - let: {won: best}\n"
             "      - for: p in won\n        do: [{score: {player: p, add: 1}}]\n      - set: {starter: \"first(won)\"}\n")
    text = SHOWDOWN.replace("SHOWN\n", block).split("  - let: {won: \"in_play")[0]
    assert findings(tmp_path, text) == [], [str(d) for d in findings(tmp_path, text)]


# a Citadels trial's first set-aside: the 4 put aside while one is turned face up, then shuffled back
COUNT_LEAK = """\
philtre: 1
game: countleak
players: 2
components:
  role: {attributes: {rank: [1, 2, 3, 4]}, start: chars}
zones:
  chars: {visible: nobody}
  facedown: {visible: nobody}
  aside: {visible: nobody}
  faceup: {}
actions:
  go: {}
flow:
  - shuffle: chars
  - move: last(chars) -> facedown
  - move: "[c for c in chars if c.rank == 4] -> aside"
  - move: last(chars) -> faceup
  - move: aside -> chars
  - decide: go
    player: 0
"""


def test_a_move_whose_count_tells_what_a_hidden_zone_held_is_found(tmp_path):
    """The 4 moved aside or not told every seat, in every game, whether it was the face-down role, and validate said
    `lints ok`. L050 at the move, with ways that tell nothing; where the picked ones are shown (revealed first, or moved
    face up), counted by none, or picked by their type alone, no finding."""
    [d] = [d for d in findings(tmp_path, COUNT_LEAK) if d.code == "L050"]
    assert (d.loc.line, d.loc.col) == where(COUNT_LEAK, "c for c in chars if"), str(d)
    assert d.message == ("this move picks from 'chars', which nobody sees, by what its components are, and every seat sees "
                         "count(chars) and count(aside): how many move tells every seat what 'chars' holds"), d.message
    assert "move a number that does not hang on what they are (last(chars), take(chars, 2))" in d.hint, d.hint
    assert "reveal them first (reveal: \"[c for c in chars if c.rank == 4]\")" in d.hint, d.hint
    assert "hide their counts (count: nobody on 'chars' and 'aside')" in d.hint and "# philtre: ignore[L050]" in d.hint, d.hint
    move = '  - move: "[c for c in chars if c.rank == 4] -> aside"\n'
    for fine in (move.replace("  - move", '  - reveal: "[c for c in chars if c.rank == 4]"\n  - move'),
                 move.replace("-> aside", "-> faceup"),
                 move.replace("c.rank == 4", "c is role"),
                 move):
        text = changed(move, fine, COUNT_LEAK)
        if fine == move:  # (neither count seen by any seat)
            text = text.replace("chars: {visible: nobody}", "chars: {visible: nobody, count: nobody}").replace(
                "aside: {visible: nobody}", "aside: {visible: nobody, count: nobody}")
        assert [str(d) for d in findings(tmp_path, text) if d.code == "L050"] == [], fine
def test_an_initial_value_written_as_a_map_comprehension_is_told_to_set_it_in_the_flow(tmp_path):
    """L029 for `{c: 0 for c in range(2, 13)}` as YAML data (text, not evaluated): a map comprehension is an expression
    of the language, so the hint sets the variable to it in the flow, as for a list comprehension's text."""
    text = changed("define:\n", "variables:\n  temp: {initial: \"{c: 0 for c in range(2, 13)}\"}\n\ndefine:\n")
    found, = [d for d in findings(tmp_path, text) if d.code == "L029"]
    assert "set it in the flow before it is read: set: {temp: \"{c: 0 for c in range(2, 13)}\"}" in found.hint, str(found)
    assert "no map comprehensions" not in found.message + found.hint, str(found)
@pytest.mark.parametrize("change, said", [
    (None, True),
    (("    if: upright(at)\n", ""), False),  # the definition no rule uses (L001): placements lists each look once
    (('"[1, 1, 1, 1]"', '"[1, 2, 3, 4]"'), False),  # no piece looks alike turned: every turn is listed anyway
    (("height: 4}", "height: 4, turns: false}"), False),  # the pieces never turn
])
def test_l052_is_a_note_only_where_the_rules_read_the_turn_of_a_piece_that_looks_alike(tmp_path, change, said):
    """L052 is said where it changes the options (a piece that looks alike turned, on a grid whose pieces turn), and
    only where the rules read the turn (not a definition no rule uses); a note, that fails no validation."""
    from philtre.dsl.report import NOTES

    text = TURN_READ if change is None else TURN_READ.replace(*change)
    assert ("L052" in [d.code for d in findings(tmp_path, text)]) is said
    assert "L052" in NOTES


LAID_TOGETHER = """\
philtre: 1
game: laid
players: 2
components:
  card: {attributes: {n: 1..10}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {copies: 3, visible: everyone}
  kept: {visible: nobody}
variables:
  log: {initial: []}
actions:
  lay:
    CHOICE
    do:
      LAY
      - set: {log: "log + IDS"}
flow:
  - deal: {from: deck, to: hand, count: 4}
  - turns: 0
    until: count(hand[current]) < 3
    do:
      - decide: lay
"""
TWO = 'choose: {a: "hand[me]", b: "[x for x in hand[me] if x.id > a.id]"}'
THREE = 'choose: {ts: "subsets(hand[me], 3)"}'


def _laid(choice: str, lay: str, ids: str) -> str:
    """LAID_TOGETHER with the action's choice, its moves (YAML lines under `do:`) and the ids it keeps."""
    return LAID_TOGETHER.replace("CHOICE", choice).replace("      LAY\n", lay).replace("IDS", ids)


@pytest.mark.parametrize("choice, lay, ids", [
    (TWO, '      - move: "[a, b] -> table[0]"\n', "[a.id, b.id]"),
    (THREE, "      - for: t in ts\n        do:\n          - move: t -> table[0]\n", "[t.id for t in ts]"),
])
def test_chosen_cards_laid_face_up_together_then_kept_are_no_l031(tmp_path, choice, lay, ids):
    """A Rummikub trial: two chosen tiles moved to the table as one list, or a chosen set moved tile by tile in a loop,
    then their ids kept in a variable every seat sees, were L031, where one move per tile was silent: every seat saw
    them laid."""
    assert [str(d) for d in findings(tmp_path, _laid(choice, lay, ids)) if d.code == "L031"] == []


@pytest.mark.parametrize("choice, lay, ids", [
    (TWO, '      - move: "[a, b] -> kept"\n', "[a.id, b.id]"),
    (THREE, "      - for: t in ts\n        do:\n          - move: t -> table[0]\n            when: t.n > 5\n", "[t.id for t in ts]"),
])
def test_chosen_cards_kept_out_of_sight_then_logged_are_still_l031(tmp_path, choice, lay, ids):
    """The same lay into a zone no seat sees, or a loop that shows only some of the set: every seat learns their ids."""
    assert [d.code for d in findings(tmp_path, _laid(choice, lay, ids))].count("L031") == 1


# a seat plays another's hand laid face up (a trial's dummy): seat 0 chooses among hand[1], revealed before every decision
DUMMY = """\
philtre: 1
game: dummy
players: 2
components:
  card: {attributes: {rank: 1..6}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {}
actions:
  play:
    takes: [s]
    choose: {card: "hand[s]"}
    do:
      - move: card -> table
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 3}
  - reveal: hand[1]
  - repeat: 3
    do:
      - decide: play
        player: 0
        with: {s: 1}
"""


def test_a_choice_among_a_hand_revealed_before_every_decision_offering_it_is_no_l008(tmp_path):
    """Bridge trial: declarer plays the dummy's cards (`takes:`/`with:`), the dummy revealed before: L008 said the
    options tell the player what the hand holds, which every seat sees; a reveal before every decision offering the
    action counts, as it does for L027 and L030."""
    assert [str(d) for d in findings(tmp_path, DUMMY) if d.code == "L008"] == []


@pytest.mark.parametrize("old, new", [
    ("  - reveal: hand[1]\n", ""),  # no reveal at all
    ("  - reveal: hand[1]\n", "  - reveal: hand[1]\n    when: count(table) == 0\n"),  # a reveal that may not run
    ("  - reveal: hand[1]\n", "  - decide: play\n    player: 0\n    with: {s: 1}\n  - reveal: hand[1]\n"),  # a decision before it
    ('choose: {card: "hand[s]"}', 'choose: {card: "hand[0]"}'),  # another seat's hand than the one revealed
    ("  - reveal: hand[1]\n", "  - reveal: deck\n"),  # another zone revealed
], ids=["no reveal", "a reveal under a when", "a decision before the reveal", "another seat's hand", "another zone"])
def test_a_choice_among_a_hand_not_revealed_before_every_decision_is_still_l008(tmp_path, old, new):
    """The reveal counts only where it surely came before every decision offering the action, of that seat's zone."""
    found = [d for d in findings(tmp_path, changed(old, new, DUMMY)) if d.code == "L008"]
    assert len(found) == 1 and "only its owner sees" in found[0].message, [str(d) for d in found]


# a card chosen from a deck nobody sees, turned face up right before each decision offering the action: the `if`
# reading the chosen card reads what every seat sees
REVEALED_DECK = """\
philtre: 1
game: peek
players: 2
components:
  card: {attributes: {rank: 1..6}, start: deck}
zones:
  deck: {visible: nobody}
  table: {}
actions:
  take:
    choose: {card: deck}
    if: card.rank > 2
    do:
      - move: card -> table
flow:
  - shuffle: deck
  - repeat: 3
    do:
      - reveal: deck
      - decide: take
        player: 0
"""


@pytest.mark.parametrize("old, new", [
    ("", ""),  # the `if` reads the chosen card
    ("if: card.rank > 2", "if: count(c for c in deck if c.rank > card.rank) > 0"),  # it reads the zone itself
    ("if: card.rank > 2", "if: first(hand[1]).rank > 2"),  # one seat's hand, that seat's revealed
], ids=["the chosen card", "the zone", "a seat's hand"])
def test_an_if_reading_a_zone_revealed_before_every_decision_offering_it_is_no_l021(tmp_path, old, new):
    """L021 takes a reveal before every decision offering the action as L008 does: the options tell the player
    nothing the table does not show."""
    text = changed(old, new, REVEALED_DECK) if old else REVEALED_DECK
    if "hand" in new:
        text = text.replace("  table: {}\n", "  table: {}\n  hand: {each: player, visible: owner}\n")
        text = text.replace("      - reveal: deck\n", "      - reveal: hand[1]\n      - reveal: deck\n")
    assert [str(d) for d in findings(tmp_path, text) if d.code in ("L008", "L021")] == []


@pytest.mark.parametrize("old, new", [
    ("      - reveal: deck\n", ""),  # no reveal
    ("      - reveal: deck\n", "      - reveal: deck\n        when: count(table) == 0\n"),  # a reveal that may not run
    ("      - reveal: deck\n      - decide: take\n        player: 0\n",
     "      - decide: take\n        player: 0\n      - reveal: deck\n"),  # a decision before the reveal
], ids=["no reveal", "a reveal under a when", "a decision before the reveal"])
def test_an_if_reading_a_zone_not_revealed_before_every_decision_is_still_l021(tmp_path, old, new):
    found = [d for d in findings(tmp_path, changed(old, new, REVEALED_DECK)) if d.code == "L021"]
    assert len(found) == 1 and "what 'deck' holds" in found[0].message, [str(d) for d in found]
