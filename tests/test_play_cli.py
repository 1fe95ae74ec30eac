"""`philtre play` at the terminal: what it tells before a decision, how a choice is typed, how it stops.

The subprocess helper and the repository root come from test_cli.py (never a traceback, whatever happens)."""

from __future__ import annotations

import io
import itertools
import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_cli import ROOT, STOPS_AT_A_RULE, philtre


def options_of(ruleset: str, players: int, seed: int, variants=()):
    """The options of the first seat asked, in a fresh game."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    game = Game(load_ruleset(ruleset, list(variants)), players, seed=seed)
    return game.options(game.pending()[0])


def choose(text: str, options, words=()):
    """``match_choice`` of play: an option, or the message play says (``words``: the ruleset's, as play reads with)."""
    from philtre.interpreter.cli_play import match_choice

    return match_choice(text, options, words)


# -- what is told before a decision ------------------------------------------------------------

def test_play_never_cuts_a_reveal_or_a_score_from_what_it_tells(tmp_path):
    """Poisons at 6: a round's reveals and scores fell off a 30-line limit that kept the clean-up moves after them."""
    record = tmp_path / "mine.jsonl"
    result = philtre("play", "poisons", "-p", "6", "--seat", "1", "--seed", "142", "--record", record,
                     stdin="1\n" * 100, timeout=120)
    assert result.returncode == 0, result.stderr
    seen = [json.loads(line) for line in philtre("replay", record, "--seat", "1").stdout.splitlines()]
    reveals = sum(e.get("event") == "reveal" for e in seen)
    scores = sum(e.get("event") == "score" and e["points"] != 0 for e in seen)  # (a +0 is not told)
    assert reveals > 0
    assert result.stdout.count(" revealed: ") == reveals
    assert len(re.findall(r"^      seat \d+ scores [+-]\d+", result.stdout, re.M)) == scores
    assert "earlier events" not in result.stdout
    assert re.search(r"^      \.\.\. \d+ moves$", result.stdout, re.M), "the clean-up moves are said by how many"


def test_play_tells_a_short_recap_in_full():
    from philtre.interpreter.cli_play import recap

    lines = [("move", f"      m{i}") for i in range(3)] + [("reveal", "      r")]
    assert recap(lines, 30) == [text for _, text in lines]


def test_play_cuts_the_longest_runs_of_moves_first_and_keeps_every_other_line():
    from philtre.interpreter.cli_play import recap

    lines = ([("decision", "  > seat 0: a()")] + [("move", "      m")] * 3 + [("reveal", "      r")]
             + [("score", "      s")] + [("move", "      n")] * 10)
    told = recap(lines, 8)
    assert told == ["  > seat 0: a()", "      m", "      m", "      m", "      r", "      s", "      ... 10 moves"]
    news = [("score", f"      s{i}") for i in range(12)]
    assert recap(news + [("move", "      m")] * 5, 5) == [text for _, text in news] + ["      ... 5 moves"]


def test_play_tells_a_short_run_whole_however_long_the_recap():
    """For Sale trial: a recap just over TOLD lines cut its longest run, four values set, to `... 4 values set`, which
    hid the auction's payment (`coins[1] = 0`) to save three lines. A run shorter than RUN_CUT lines is told whole."""
    from philtre.interpreter.cli_play import RUN_CUT, recap

    news = [("score", f"      s{i}") for i in range(30)]
    sets = [("set", "      passed[2] = true"), ("set", "      bid[2] = 0"), ("set", "      coins[1] = 0"), ("set", "      starter = 1")]
    assert RUN_CUT == 5 and recap(news + sets, 30) == [text for _, text in news + sets]
    assert recap(news + sets + [("set", "      high = 0")], 30) == [text for _, text in news] + ["      ... 5 values set"]


def test_a_round_that_scored_nothing_is_told_ended_without_its_points():
    """For Sale trial: each auction of a game scored only at its end told `round 1 ends: points [0, 0, 0], totals [0,
    0, 0]`. A round in which no seat scored is told ended, as a score of +0 is not told; one that scored, with its points."""
    from philtre.interpreter.render import event_text

    assert event_text({"event": "round_end", "round": 1, "points": [0, 0, 0], "totals": [0, 0, 0]}, None) == "round 1 ends"
    assert event_text({"event": "round_end", "round": 2, "points": [3, 0], "totals": [5, 1]}, None) == (
        "round 2 ends: points [3, 0], totals [5, 1]")


def test_play_cuts_a_longer_run_of_values_set_before_a_shorter_run_of_moves():
    """A Hold'em's 24 bookkeeping `set` lines were all told while the runout's five cards, moved face up and gathered
    before the next decision, were cut to '... 5 moves': the board never showed them. The board shows values too."""
    from philtre.interpreter.cli_play import recap

    lines = ([("decision", "  > seat 0: go()")] + [("set", "      bet = 1")] * 24 + [("move", "      card to board")] * 5
             + [("score", "      seat 0 scores +19")])
    assert recap(lines, 10) == ["  > seat 0: go()", "      ... 24 values set"] + ["      card to board"] * 5 + [
        "      seat 0 scores +19"]



def test_play_cuts_a_table_with_its_name_or_tells_it_whole():
    """A Mastermind trial's `board =` was cut into '... 2 values set' and its rows told under it, nameless: a table's
    rows go with the `set` of its name, and count as one value."""
    from philtre.interpreter.cli_play import recap

    table = [("set", "      board ="), ("row", "        [0] red"), ("row", "        [1] blue"), ("row", "        [2] red"),
             ("row", "        [3] blue")]
    lines = [("decision", "  > seat 1: peg()"), ("set", "      guess = []"), *table, ("decision", "  > seat 1: peg()")]
    assert recap(lines, 3) == ["  > seat 1: peg()", "      ... 2 values set", "  > seat 1: peg()"]
    assert recap(lines[:1] + table, 2) == ["  > seat 1: peg()", "      ... 1 value set"]
    assert recap(lines, 30) == [text for _, text in lines]


def test_play_tells_the_lines_that_touch_the_seat_whole_in_a_run_cut():
    """A Citadels trial: a district of the seat's destroyed was told `... 7 moves`. A line that touches the seat (its
    kind marked MINE) is told whole, before the others of its run, which are told by how many; it does not count
    toward the run's length, so a run of four others and it is told whole."""
    from philtre.interpreter.cli_play import MINE, recap

    news = [("score", f"      s{i}") for i in range(30)]
    run = [("move", "      a"), (MINE + "move", "      mine"), *[("move", "      b")] * 4, (MINE + "set", "      x")]
    assert recap(news + run, 30) == [text for _, text in news] + ["      mine", "      ... 5 moves", "      x"]
    assert recap(news + run[:-2], 30) == [text for _, text in news + run[:-2]]
    sets = [("set", "      a = 1"), (MINE + "set", "      gold[0] = 0"), (MINE + "row", "        [0] 1")] + [("set", "      b = 1")] * 4
    assert recap(news + sets, 30) == [text for _, text in news] + ["      gold[0] = 0", "        [0] 1", "      ... 5 values set"]


RAZED = """\
philtre: 1
game: razed
players: 2
components:
  card: {attributes: {n: 1..100}, start: deck}
zones:
  deck: {}
  city: {each: player}
  used: {copies: 5}
variables:
  k: {initial: 0, quiet: true}
  gold: {initial: 3, each: player}
  tally: {initial: 0}
actions:
  go:
    do:
      - move: last(deck) -> used[k]
      - set: {k: (k + 1) % 5}
  raze:
    do:
      - move: city[0] -> deck
      - for: i in range(5)
        do:
          - move: used[i] -> deck
      - set: {tally: 1}
      - set: {"gold[1]": 4}
      - set: {"gold[0]": 0}
      - set: {tally: 2}
      - set: {tally: 3}
      - set: {tally: 4}
flow:
  - move: last(deck) -> city[0]
  - decide: go
    player: 0
  - repeat: 16
    do:
      - decide: go
        player: 1
  - decide: raze
    player: 1
  - decide: go
    player: 0
"""


def test_what_another_seats_decision_did_to_the_seats_own_zones_and_values_is_told_whole(tmp_path):
    """A Citadels trial: the warlord destroying the seat's district was told only as `... 7 moves`, folded with the
    round's bookkeeping, when much had happened since its last turn. A move from or to a zone of the seat's own, and a
    set of its entry of a per-seat variable, are told whole; the others of their runs are still told by how many."""
    (tmp_path / "ruleset.yaml").write_text(RAZED, encoding="utf-8")
    result = philtre("play", tmp_path, "--seat", "0", "--seed", "1", stdin="1\n1\n", timeout=60)
    assert result.returncode == 0, result.stderr
    told = result.stdout.split("> seat 1: raze()\n", 1)[1].split("\n\n", 1)[0].splitlines()
    # (the five moves from used[0..4] into the deck, seen lying there, are one line: play tells such a run so)
    assert told == ["      card n=100 from city[0] to deck", "      17 cards from used[0..4] to deck", "      gold[0] = 0",
                    "      ... 5 values set"]
    result = philtre("play", tmp_path, "--seat", "1", "--seed", "1", stdin="1\n" * 20, timeout=60)
    assert result.returncode == 0, result.stderr  # (seat 1 is told its own gold[1] = 4 after its own decision)


COUNT_OWNER = """\
game: countowner
players: 2..3
components:
  card:
    attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}
    start: deck
zones:
  deck:    {visible: nobody}
  hand:    {each: player, visible: owner, count: owner}
  vault:   {each: player, visible: owner, count: COUNT}
  pile:    {visible: nobody}
actions:
  stash:
    description: every card above 6 goes to your vault
    do:
      - move: "[c for c in hand[me] if c.rank > 6] -> vault[me]"
      - move: "[c for c in hand[me] if c.rank < 3] -> pile"
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 4}
  - for: p in players
    do:
      - decide: stash
        player: p
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("count", ["owner", "nobody"])
def test_play_does_not_count_a_move_between_zones_whose_counts_the_seat_may_not_see(tmp_path, count):
    """The board said 'vault[0]: hidden' while the line above it said 'a hidden component x2 ... to vault[0]'; and a
    list moved from a zone the seat may not count is told as from 'elsewhere' (a gather: records.md), not from it."""
    (tmp_path / "ruleset.yaml").write_text(COUNT_OWNER.replace("COUNT", count), encoding="utf-8")
    result = philtre("play", tmp_path, "-p", "2", "--seat", "1", "--seed", "2", stdin="1\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "vault[0]: hidden" in result.stdout
    assert "      maybe hidden components from zones you cannot count to vault[0]" in result.stdout, result.stdout
    assert "a hidden component x2 from hand[0]" not in result.stdout
    assert "      a hidden component from elsewhere to pile" in result.stdout  # the pile's count is everyone's: so is the move's
    assert "      card rank=9, card rank=8 from hand[1] to vault[1]" in result.stdout  # the seat's own: it counts both
    # the deck's count is everyone's; the seat's own hand is named to it
    assert re.search(r"dealt from deck: 4 to hand\[0\]; to hand\[1\] \(you\): (card rank=\d+,\s+){3}card rank=\d+\n", result.stdout), result.stdout


def test_a_move_into_a_zone_the_seat_counts_keeps_its_number():
    from philtre.dsl import load_ruleset
    from philtre.interpreter.render import event_text

    poison = load_ruleset("poison")
    move = {"event": "move", "from": {"zone": "hand", "index": 1}, "to": {"zone": "hand", "index": 0},
            "components": [{"hidden": True}] * 3}
    assert event_text(move, poison) == "a hidden component x3 from hand[1] to hand[0]"
    uncounted = dict(move, components=[{"type": "card", "id": 4, "suit": "red", "rank": 5}, {"hidden": True, "count": None}])
    assert event_text(uncounted, poison) == "card red rank=5, hidden components from hand[1] to hand[0]"


def test_a_move_of_many_kinds_the_seat_sees_names_each_kind_with_how_many():
    """Dominion trial: a hand played out was told '5 components from hand[0] to inplay[0]', a reshuffle '12 components
    from discard[0] to deck[0]', though the seat saw each card; one or two kinds were named. Past four names in order,
    each kind is named once with how many, up to six kinds and then how many more; what the seat does not see stays hidden."""
    from types import SimpleNamespace

    from philtre.dsl.model import ZoneSpec
    from philtre.interpreter.render import event_text

    zones = {name: ZoneSpec(name, "player", 1, "owner", "everyone", None) for name in ("hand", "inplay")}
    ruleset = SimpleNamespace(zones=zones)
    cards = [{"type": "card", "id": i, "kind": name} for i, name in enumerate(
        ["copper", "estate", "copper", "silver", "copper", "gold", "estate"])]
    move = {"event": "move", "from": {"zone": "hand", "index": 0}, "to": {"zone": "inplay", "index": 0}, "components": cards}
    assert event_text(move, ruleset) == "card copper x3, card estate x2, card silver, card gold from hand[0] to inplay[0]"
    assert event_text(dict(move, components=cards[:4]), ruleset) == (  # four names or fewer: in order, as before
        "card copper, card estate, card copper, card silver from hand[0] to inplay[0]")
    many = [{"type": "card", "id": i, "kind": f"k{i % 8}"} for i in range(12)]
    assert event_text(dict(move, components=many), ruleset) == (
        "card k0 x2, card k1 x2, card k2 x2, card k3 x2, card k4, card k5 and 2 more from hand[0] to inplay[0]")
    hidden = cards[:5] + [{"hidden": True}] * 3
    assert event_text(dict(move, components=hidden), ruleset) == (
        "card copper x3, card estate, card silver, a hidden component x3 from hand[0] to inplay[0]")


def test_play_says_an_actions_description_above_its_options_once_in_a_row(tmp_path):
    """Poisons three-players: four pours differing only by argument order; the goblet order is said only in the description."""
    result = philtre("play", "poisons", "-p", "3", "--variant", "three-players", "--seed", "1", stdin="1\n" * 200, timeout=120)
    assert result.returncode == 0, result.stderr
    first = result.stdout.index("    1. pour(")
    assert "  pour: One drink under each opponent goblet, in goblet order" in result.stdout[:first]
    (tmp_path / "ruleset.yaml").write_text(COUNT_OWNER.replace("COUNT", "owner").replace(
        "        player: p\n", "        player: p\n      - decide: stash\n        player: p\n"), encoding="utf-8")
    twice = philtre("play", tmp_path, "-p", "2", "--seed", "2", stdin="1\n" * 4, timeout=60)
    assert twice.returncode == 0, twice.stderr
    assert twice.stdout.count("  stash: every card above 6 goes to your vault") == 1, twice.stdout


CHIPS = """\
philtre: 1
game: chips
players: 1
components:
  chip: {attributes: {n: [1, 2, 3]}, start: pool}
zones:
  pool: {visible: everyone}
  kept: {visible: everyone}
actions:
  take:
    description: Keep a chip of the pool.
    choose: {chip: pool}
    do:
      - move: chip -> kept
  give:
    description: Put a kept chip back.
    choose: {chip: kept}
    do:
      - move: chip -> pool
flow:
  - decide: take
    player: 0
  - decide: [take, give]
    player: 0
  - decide: [take, give]
    player: 0
"""


def test_play_says_each_actions_description_right_above_its_own_options(tmp_path):
    """A Cartagena trial: the description of an action offered anew was printed above the whole list, whose first
    options were of another action (described at an earlier decision, not again), and read as that action's. Each
    description is printed right above the first option of its action; one said at the previous decision is not."""
    (tmp_path / "chips.yaml").write_text(CHIPS, encoding="utf-8")
    result = philtre("play", "chips.yaml", "--seed", "1", stdin="1\n1\n3\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert ("  kept: [chip n=1]\n    1. take(chip=chip n=2)\n    2. take(chip=chip n=3)\n"
            "  give: Put a kept chip back.\n    3. give(chip=chip n=1)\n") in said, said
    assert "  empty: kept\n  take: Keep a chip of the pool.\n    1. take(chip=chip n=1)\n" in said, said
    assert said.count("take: Keep") == said.count("give: Put") == 1, said


MEN_ON_A_BOARD = """\
philtre: 1
game: men
players: 1
components:
  man: {copies: 2, derive: {cells: "['b']"}, start: pool}
zones:
  pool: {}
  box: {}
  board: {grid: {resolution: 1, width: 3, height: 1}, visible: everyone}
actions:
  take:
    choose: {c: board}
    do:
      - move: c -> box
flow:
  - place: {piece: "first(pool)", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
  - place: {piece: "first(pool)", to: board, at: "{'x': 2, 'y': 0, 'rot': 0}"}
  - decide: take
    player: 0
"""


@pytest.mark.parametrize("typed", ["2", "x=2", "take(c=man at x=2 y=0)"])
def test_play_names_a_piece_on_a_grid_with_where_it_lies(tmp_path, typed):
    """A new user's checkers: two men at two squares were one option, `take(c=man)`; now two, told apart by where
    each lies, as the recap tells a placement, and either may be typed."""
    (tmp_path / "ruleset.yaml").write_text(MEN_ON_A_BOARD, encoding="utf-8")
    result = philtre("play", tmp_path, "--seed", "1", stdin=f"{typed}\n", timeout=60)
    assert result.returncode == 0, result.stderr
    # (a man of one cell looks the same at every turn: its rot=0 is left out, as it tells nothing)
    assert "    1. take(c=man at x=0 y=0)\n    2. take(c=man at x=2 y=0)\n" in result.stdout, result.stdout
    assert result.stdout.rstrip().splitlines()[-3].split() == ["0", "b", ".", "."], result.stdout  # the man at x=2 taken


def test_the_python_apis_option_text_names_a_piece_on_a_grid_as_play_does(tmp_path):
    """A Checkers trial: `str(option)` of two men's moves read alike, `step(piece=man (seat 0), to=[1, 4])`, where play
    listed each man with where it lies. ``game.option_text(option, seat)`` writes an option as play lists it to that
    seat (one formatter), an onlooker's too; str(option), knowing no game, names the piece alone."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    (tmp_path / "ruleset.yaml").write_text(MEN_ON_A_BOARD, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 1, seed=1)
    options = game.options(0)
    texts = ["take(c=man at x=0 y=0)", "take(c=man at x=2 y=0)"]
    assert [game.option_text(o, 0) for o in options] == [game.option_text(o) for o in options] == texts
    assert [str(o) for o in options] == ["take(c=man)"] * 2
    result = philtre("play", tmp_path, "--seed", "1", stdin="1\n", timeout=60)
    assert all(f". {text}" in result.stdout for text in texts), result.stdout


# -- typing a choice ------------------------------------------------------------------------------

LINES = """\
philtre: 1
game: lines
players: 2
components:
  line: {attributes: {dir: [h, v], x: 0..2, y: 0..2}, start: pool}
zones:
  pool: {}
  drawn: {}
actions:
  draw:
    choose: {l: pool}
    do:
      - move: l -> drawn
flow:
  - decide: draw
    player: 0
"""


def test_play_counts_a_value_typed_twice(tmp_path):
    """A new user's Dots and Boxes: `h 0 0` for draw(l=line h x=0 y=0) said 6 options match, x=0 y=1 and x=1 y=0
    among them: the words typed were a set, its one 0 in each. A value typed twice is held twice by the option named."""
    (tmp_path / "ruleset.yaml").write_text(LINES, encoding="utf-8")
    options = options_of(str(tmp_path), 2, 1)
    assert choose("h 0 0", options).label() == "draw(l=line h x=0 y=0)"
    assert choose("v 2 2", options).label() == "draw(l=line v x=2 y=2)"
    # a component's values are typed in its label's order, as a plain argument's: `h 0 1` is x=0 y=1, not x=1 y=0
    assert choose("h 0 1", options).label() == "draw(l=line h x=0 y=1)"
    assert choose("h 1 0", options).label() == "draw(l=line h x=1 y=0)"
    assert choose("h 0 0 0", options).startswith("'h 0 0 0' is not among this turn's options")


# (an Uno trial's: a card type named as one of its kinds' values, and an action whose name holds that word)
WILD_WILD = """\
philtre: 1
game: wild-wild
players: 2
components:
  wild: {attributes: {kind: [wild, wild4]}, copies: 2, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {}
actions:
  ACTION:
    choose: {card: "hand[me]", named: "['red', 'yellow']"}
    do:
      - move: card -> pile
flow:
  - deal: {from: deck, to: hand, count: 2}
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: ACTION
"""


@pytest.mark.parametrize("action", ["play", "play_wild"])
def test_play_counts_a_word_as_the_label_shows_it(tmp_path, action):
    """An Uno trial: `wild wild yellow` for play_wild(card=wild wild, named=yellow) played play_wild(card=wild wild4,
    ...), wild counted twice there as a part of play_wild; of play it was refused, the type's name wild read as the
    kind's, typed twice. And `wild yellow` offered `wild` to tell the two apart, which typed named both."""
    (tmp_path / "ruleset.yaml").write_text(WILD_WILD.replace("ACTION", action), encoding="utf-8")
    options = options_of(str(tmp_path), 2, 0)
    assert choose("wild wild yellow", options).label() == f"{action}(card=wild wild, named=yellow)"
    assert choose("wild wild4 yellow", options).label() == f"{action}(card=wild wild4, named=yellow)"
    said = choose("wild yellow", options)
    assert said.startswith("2 options match; write more of one: wild4 (option 2), wild wild (option 4)"), said
    for offered in ("wild4", "wild wild"):  # each word offered, typed, names one of the two
        assert not isinstance(choose(f"{offered} yellow", options), str), offered
    assert "wild wild named=red" in choose("wild", options)
    assert choose("wild wild named=red", options).label() == f"{action}(card=wild wild, named=red)"


def test_an_attribute_the_label_prints_bare_is_typed_with_its_name_too(tmp_path):
    """An Uno trial: `kind=wild yellow` was refused, "no option has an argument kind", where `rank=8` is taken as the
    label prints it: an attribute printed bare, a word, is typed attribute=value too."""
    (tmp_path / "ruleset.yaml").write_text(WILD_WILD.replace("ACTION", "play"), encoding="utf-8")
    options = options_of(str(tmp_path), 2, 0)
    assert choose("kind=wild yellow", options).label() == "play(card=wild wild, named=yellow)"
    assert choose("kind=wild4 named=red", options).label() == "play(card=wild wild4, named=red)"
    said = choose("kind=blue", options)
    assert said.startswith("'kind=blue' is not among this turn's options, which are: ") and "argument kind" not in said, said


# (a Schotten Totten trial's: a card and a stone to put it at, the card's rank and the stone both numbers)
CARD_AND_STONE = """\
philtre: 1
game: typed-values
players: 1
components:
  card: {attributes: {colour: [green, purple], rank: [4, 8]}, start: "hand[0]"}
zones:
  hand: {each: player, visible: owner}
  table: {}
actions:
  play:
    choose: {card: "hand[me]", stone: "range(9)"}
    do:
      - move: card -> table
flow:
  - decide: play
    player: 0
"""


def test_a_components_values_typed_bare_are_its_in_order_as_a_plain_arguments(tmp_path):
    """A Schotten Totten trial: `purple 4 4` was refused, the card's rank 4 no value in its place, so the second 4 one
    too many; and `green 8 4` matched the card of rank 4 at stone 8 too, the order of the numbers set aside where one was
    a card's. The parameters' values are typed in their declared order, a component's as its label shows them."""
    (tmp_path / "ruleset.yaml").write_text(CARD_AND_STONE, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    for typed, wanted in [("purple 4 4", "play(card=card purple rank=4, stone=4)"),
                          ("green 8 4", "play(card=card green rank=8, stone=4)"),
                          ("green 4 8", "play(card=card green rank=4, stone=8)"),
                          ("purple rank=8 4", "play(card=card purple rank=8, stone=4)"),
                          ("card purple 8 stone=4", "play(card=card purple rank=8, stone=4)")]:
        assert choose(typed, options).label() == wanted, typed
    # a number in the place of the card's colour writes no option: refused, with the one holding the values
    said = choose("4 purple 4", options)
    assert said.startswith("'4 purple 4' is not among this turn's options; 1 option holds these values in another order"), said
    assert said.endswith(". play(card=card purple rank=4, stone=4)")
    # the card of rank 4 at stone 8 not legal: `green 4 8` is written so, in the order typed, and refused
    (tmp_path / "ruleset.yaml").write_text(CARD_AND_STONE.replace('"range(9)"', '"[4]"'), encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    said = choose("green 4 8", options)
    assert said.startswith("'green 4 8' is not among this turn's options (in the order typed it is play(card=card green "
                           "rank=4, stone=8), not a legal option now); 1 option holds these values in another order"), said


def test_play_takes_a_components_values_and_another_arguments_in_the_order_typed(tmp_path):
    """The trial's two lines at the terminal: each plays the option its values write in order."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(CARD_AND_STONE, encoding="utf-8")
    for typed, wanted in [("purple 4 4", "play(card=card purple rank=4, stone=4)"),
                          ("green 8 4", "play(card=card green rank=8, stone=4)")]:
        result = CliRunner().invoke(main, ["play", str(tmp_path), "-p", "1", "--seat", "0", "--seed", "1"], input=f"{typed}\n")
        assert f"= {wanted}" in result.output, result.output
        assert "is not among" not in result.output and "options match" not in result.output, result.output


def test_play_takes_some_words_of_an_option_whose_argument_is_a_component():
    """`play rank=6` never matched play(card=card blue rank=6): each argument was compared whole."""
    options = options_of(str(ROOT / "examples" / "tutorial"), 2, 1)
    blue = options[1]
    assert blue.label() == "play(card=card blue rank=6)"
    for typed in ["play rank=6", "blue rank=6", "card blue rank=6", "BLUE Rank=6", "card=card blue", "play(card=card blue rank=6)"]:
        assert choose(typed, options) is blue, typed
    assert choose("red", options).startswith("2 options match; write more of one: rank=5 (option 1), rank=2 (option 3), "
                                             "or type its number: "
                                             "1. play(card=card red rank=5);")
    assert choose("green", options).startswith("'green' is not among this turn's options")
    pok = options_of("pok", 3, 1)
    for typed in ["disc", "counter disc", "counter=counter disc", "show disc"]:
        assert choose(typed, pok) is pok[0], typed


LISTS_AND_MAPS = """\
game: lists-and-maps
players: 1
variables:
  last: null
actions:
  reroll:
    choose: {which: "subsets(['d1', 'd2', 'd3', 'd4', 'd5'])"}
    if: count(which) > 0
    do:
      - set: {last: which}
  pick:
    choose: {x: "[{'a': 1, 'b': none}, none, 'two words', 'none']"}
    do:
      - set: {last: x}
flow:
  - decide: reroll
    player: 0
  - decide: pick
    player: 0
"""


def lists_and_maps(tmp_path, decision: int = 0):
    """The options of LISTS_AND_MAPS's first decision (the 31 subsets of five dice) or its second (maps and words)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    path = tmp_path / "ruleset.yaml"
    path.write_text(LISTS_AND_MAPS, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=1)
    if decision:
        game.apply(0, game.options(0)[0])
    return game.options(0)


def wording(tmp_path):
    """The ruleset.yaml in ``tmp_path`` read as play reads a choice: its single zones, and its parameters chosen among
    subsets, whose lists are sets (LISTS_AND_MAPS's which)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.options import single_zones

    return single_zones(load_ruleset(str(tmp_path / "ruleset.yaml")))


def said_matches(said: str) -> tuple:
    """How many options a 'N options match' message says match, and how many it lists or counts as '... and N more'."""
    count = int(re.match(r"(\d+) options match", said)[1])
    listed = len(re.findall(r"(?:: |; |\n +)\d+\. ", said))  # (more than 8: a line each)
    more = re.search(r"\.\.\. and (\d+) more(?:: type more of their words)?$", said)
    return count, listed + (int(more[1]) if more else 0)


def test_play_matches_the_words_of_a_list_argument_wherever_they_stand(tmp_path):
    """Yahtzee's reroll(which=[d1, d3]): `d1` and `d5` matched nothing, `d3` only where it stood inside the list, and
    '9 options match' listed 8 with no word of the ninth; the dice of a set typed are that set, not the sets that hold
    them and more (a Yahtzee trial's `d1 d2` was told '8 options match')."""
    options, words = lists_and_maps(tmp_path), wording(tmp_path)
    for die in ["d1", "d3", "d5"]:
        assert choose(die, options, words).label() == f"reroll(which=[{die}])", die
    said = choose("reroll", options, words)
    assert said.startswith("31 options match; write more of one: d1, d2, d3, d4, d5, "), said  # (none of them alone)
    # (more than 8 match: each listed, a line each, up to 40)
    assert said_matches(said) == (31, 31) and said.count("\n") == 31 and "... and" not in said, said
    for typed in ["d1 d3", "d3 d1", "which d1 d3", "reroll d1 d3", "which=[d1, d3]"]:
        assert choose(typed, options, words).label() == "reroll(which=[d1, d3])", typed
    assert choose("d5 d4 d3 d2 d1", options, words).label() == "reroll(which=[d1, d2, d3, d4, d5])"  # in any order


def test_play_takes_a_list_argument_typed_as_listed(tmp_path):
    """`which=[d1, d3]` or `[d1, d3]`, typed as play lists it, matched [d1, d2, d3] too."""
    options = lists_and_maps(tmp_path)
    wanted = next(o for o in options if o.label() == "reroll(which=[d1, d3])")
    for typed in ["which=[d1, d3]", "[d1, d3]", "[d1,d3]", "WHICH = [d1,d3]", "reroll(which=[d1, d3])"]:
        assert choose(typed, options) is wanted, typed


def test_play_takes_the_one_option_whose_list_holds_the_items_typed_in_another_order(tmp_path):
    """Yahtzee's reroll: `[d3, d1]` or `which=[d3, d1]` for which=[d1, d3] fell back to its words and offered the
    supersets, [d1, d2, d3] and on, where `philtre test` says the order is the matter (T013)."""
    options, words = lists_and_maps(tmp_path), wording(tmp_path)
    wanted = next(o for o in options if o.label() == "reroll(which=[d1, d3])")
    for typed in ["[d3, d1]", "which=[d3, d1]", "[D3,d1]", "reroll(which=[d3, d1])"]:
        assert choose(typed, options, words) is wanted, typed
    assert choose("[d5, d1, d3]", options, words).label() == "reroll(which=[d1, d3, d5])"
    assert choose("[d3, d1, d3]", options, words).startswith("8 options match")  # (a die twice: no option holds just those)


# lists of components, the items a seat picks (a set), two of them in other orders: [a, b, c], [b, a, c], [a, b]
COMPONENT_LISTS = """\
game: component-lists
players: 1
components:
  tile: {attributes: {name: [a, b, c]}, start: pool}
zones:
  pool: {}
variables:
  last: 0
actions:
  reroll:
    choose: {which: "[[x, y, z] for x in pool for y in pool for z in pool if z.name == 'c' and x.name != y.name and x.name != 'c' and y.name != 'c'] + [[x, y] for x in pool for y in pool if x.name == 'a' and y.name == 'b']"}
    do:
      - set: {last: "count(which)"}
flow:
  - decide: reroll
    player: 0
"""


def test_play_says_the_order_tells_apart_options_that_hold_a_typed_list_in_other_orders(tmp_path):
    """Where the order of a list of components is the game's (options [a, b, c] and [b, a, c]), `[c, a, b]` is none of
    them."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    path = tmp_path / "ruleset.yaml"
    path.write_text(COMPONENT_LISTS, encoding="utf-8")
    options = Game(load_ruleset(str(path)), 1, seed=1).options(0)
    assert choose("[tile c, tile a, tile b]", options) == (
        "'[tile c, tile a, tile b]' has the items of 2 legal options' lists in other orders: a list matches in the "
        "option's order; type one as listed, or its number: 1. reroll(which=[tile a, tile b, tile c]); "
        "2. reroll(which=[tile b, tile a, tile c])")
    assert choose("[tile b, tile a]", options) is options[2]  # one option holds just those
    assert choose("[tile b, tile a, tile c]", options) is options[1]  # as listed: the order typed is the option's


def test_play_takes_no_list_of_words_or_numbers_typed_in_another_order(tmp_path):
    """A bid as a pair [quantity, face]: `[1, 5]`, one 5, no raise on four 4s, played [5, 1], five 1s; a list of words
    chosen otherwise than among subsets is as ordered: `[b, a]` took [a, b]."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    path = tmp_path / "ruleset.yaml"
    path.write_text(RAISED_PAIRS, encoding="utf-8")
    options = Game(load_ruleset(str(path)), 2, seed=1).options(0)
    five_ones = next(o for o in options if o.label() == "bid(b=[5, 1])")
    refused = ("is not among this turn's options (in the order typed it is bid(b=[1, 5]), not a legal option now); "
               "1 option holds these values in another order, not taken for it: a value's place is its meaning; to play "
               f"one, type it as listed, or its number: {options.index(five_ones) + 1}. bid(b=[5, 1])")
    for typed in ["[1, 5]", "b=[1, 5]", "1 5", "bid 1 5"]:
        assert choose(typed, options) == f"{typed!r} {refused}", typed
    assert choose("bid(b=[1, 5])", options) == f"'bid(b=[1, 5])' {refused.replace(' (in the order typed it is bid(b=[1, 5]), not a legal option now)', '')}"
    for typed in ["[5, 1]", "b=[5, 1]", "5 1"]:
        assert choose(typed, options) is five_ones, typed
    path.write_text(LISTS_AND_MAPS.replace("""subsets(['d1', 'd2', 'd3', 'd4', 'd5'])""",
                                           """[['a', 'b', 'c'], ['b', 'a', 'c'], ['a', 'b']]"""), encoding="utf-8")
    options = Game(load_ruleset(str(path)), 1, seed=1).options(0)
    said = choose("[b, a]", options, wording(tmp_path))
    assert said.startswith("'[b, a]' is not among this turn's options (in the order typed it is reroll(which=[b, a]), "
                           "not a legal option now); 1 option holds these values in another order"), said
    assert said.endswith("3. reroll(which=[a, b])"), said
    said = choose("[c, a, b]", options, wording(tmp_path))
    assert "2 options hold these values in another order" in said and said.endswith(
        "1. reroll(which=[a, b, c]); 2. reroll(which=[b, a, c])"), said
    assert choose("[b, a, c]", options) is options[1]  # as listed: the order typed is the option's


# a bid of a quantity and a face, on a standing bid of four 4s (Liar's Dice)
RAISES = """\
game: raises
players: 2
variables: {quantity: 4, face: 4}
actions:
  bid:
    choose: {q: "range(1, 7)", f: "range(1, 7)"}
    if: q > quantity or (q == quantity and f > face)
    do:
      - set: {quantity: q, face: f}
flow:
  - decide: bid
    player: 0
"""
RAISED_PAIRS = RAISES.replace('choose: {q: "range(1, 7)", f: "range(1, 7)"}', 'choose: {b: "[[q, f] for q in range(1, 7) for f in range(1, 7)]"}').replace(
    "if: q > quantity or (q == quantity and f > face)", "if: b[0] > quantity or (b[0] == quantity and b[1] > face)").replace(
    "set: {quantity: q, face: f}", "set: {quantity: 'b[0]', face: 'b[1]'}")


def test_play_takes_values_typed_bare_for_the_arguments_in_order(tmp_path):
    """Liar's Dice, four 4s standing: `1 5`, one 5, no raise, played bid(q=5, f=1), five 1s, the one option whose values
    are 1 and 5; play said so only after (a bid is final). It is refused, naming the bid as typed and the one that holds
    the values in another order; play asks again, and `5 1` bids five 1s."""
    from click.testing import CliRunner

    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli import main

    path = tmp_path / "ruleset.yaml"
    path.write_text(RAISES, encoding="utf-8")
    options = Game(load_ruleset(str(path)), 2, seed=1).options(0)
    five_ones = next(o for o in options if o.label() == "bid(q=5, f=1)")
    said = choose("1 5", options)
    assert said == ("'1 5' is not among this turn's options (in the order typed it is bid(q=1, f=5), not a legal option "
                    "now); 1 option holds these values in another order, not taken for it: a value's place is its "
                    f"meaning; to play one, type it as listed, or its number: {options.index(five_ones) + 1}. bid(q=5, f=1)")
    assert choose("bid 1, 5", options) == said.replace("'1 5'", "'bid 1, 5'")
    for typed, wanted in [("5 1", "bid(q=5, f=1)"), ("bid 5 1", "bid(q=5, f=1)"), ("4 5", "bid(q=4, f=5)"),
                          ("5 4", "bid(q=5, f=4)"), ("6 6", "bid(q=6, f=6)"), ("f=1 5", "bid(q=5, f=1)")]:
        assert choose(typed, options).label() == wanted, typed
    assert choose("5 5 1", options).startswith("'5 5 1' is not among this turn's options (the 14 ")  # (five 1s: a 5 too many)
    path.write_text(RAISES.replace("quantity: 4, face: 4", "quantity: 15, face: 5").replace("range(1, 7)", "range(1, 20)", 1),
                    encoding="utf-8")
    options = Game(load_ruleset(str(path)), 2, seed=1).options(0)
    assert choose("15 6", options).label() == "bid(q=15, f=6)"  # (the one bid of 15 left)
    assert choose("1 5", options).startswith("'1 5' is not among this turn's options (the ")  # (spaces aside, it wrote 15)
    path.write_text(RAISES, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(path), "--seed", "1"], input="1 5\n5 1\n")
    said = result.output  # (stdout and stderr together, in every click from 8.1)
    assert result.exit_code == 0, said
    assert "'1 5' is not among this turn's options (in the order typed it is bid(q=1, f=5)" in said
    assert "= bid(q=5, f=1)" in said and "quantity = 5" in said, said


def test_options_write_words_and_maps_as_the_board_does(tmp_path):
    """Options wrote pick(x={'a': 1, 'b': none}) and pick(x=two words), the board {a: 1, b: none} and 'two words'."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.render import event_text, value_text

    options = lists_and_maps(tmp_path, 1)
    # (an argument that is none is left out: pick(), not pick(x=none); the word 'none' stays quoted)
    assert [o.label() for o in options] == ["pick(x={a: 1, b: none})", "pick()", "pick(x='two words')", "pick(x='none')"]
    assert [o.label() for o in options] == [f"pick(x={value_text(v)})" if v is not None else "pick()"
                                            for v in [{"a": 1, "b": None}, None, "two words", "none"]]
    rs = load_ruleset(str(tmp_path / "ruleset.yaml"))
    told = [event_text({"event": "decision", "player": 0, "action": "pick", "args": {"x": x}}, rs)
            for x in [{"a": 1, "b": None}, "two words"]]
    assert told == ["seat 0: pick(x={a: 1, b: none})", "seat 0: pick(x='two words')"]  # another seat's decision, told as listed


def test_play_takes_an_option_typed_as_listed_now_or_as_listed_before(tmp_path):
    """The new way of writing words and maps (the board's) is typed as listed; the old way still chooses the same."""
    options = lists_and_maps(tmp_path, 1)
    ways = {0: ["pick(x={a: 1, b: none})", "{a: 1, b: none}", "pick(x={'a': 1, 'b': none})", "x={'a': 1, 'b': none}"],
            1: ["pick()", "pick(x=none)", "x=none"],  # (`none` alone is a word of 1 and 3 too: asked again)
            2: ["pick(x='two words')", "'two words'", "two words", "pick(x=two words)", "x=two words", "two"],
            3: ["'none'", "pick(x='none')", "x='none'"]}
    for index, typed in ways.items():
        for text in typed:
            assert choose(text, options) is options[index], text
    assert choose("none", options).startswith("'none' is the value of pick(), option 2, and a word of 2 other options: "
                                              "type x=none or 2 for it, ")


def test_the_words_the_tutorial_shows_pick_their_option():
    """docs/writing-a-ruleset.md: the words it shows for choosing must choose."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    doc = (ROOT / "docs" / "writing-a-ruleset.md").read_text(encoding="utf-8")
    said = re.search(r"or some of its words,\s+`([^`]+)`", doc, re.IGNORECASE)
    assert said, "the play section shows the words that choose an option"
    rs = load_ruleset(str(ROOT / "examples" / "tutorial"))
    for seed in range(100):
        options = Game(rs, 2, seed=seed).options(0)
        wanted = [o for o in options if o.label() == "play(card=card blue rank=7)"]
        if wanted:
            assert choose(said[1], options) is wanted[0]
            return
    pytest.fail("no deal of 100 gave a blue 7")


@pytest.mark.parametrize("typed", ["   ", "(", ")", ",", "()", " , ( ) "])
def test_a_line_with_no_word_is_asked_again_not_taken_as_every_option(typed):
    """With one legal option, '(' chose it without asking."""
    options = options_of(str(ROOT / "examples" / "tutorial"), 2, 1)
    said = choose(typed, options[:1])
    assert isinstance(said, str) and said.startswith("type an option's number, 1..1"), said
    said = choose(typed, options)
    assert isinstance(said, str) and said.startswith("type an option's number, 1..3"), said


def test_an_empty_list_typed_as_listed_picks_its_option_and_is_offered_to_tell_it_apart():
    """Poisons' drink(goblets=[]): `[]`, as listed, was 'type an option's number', and 'drink' matched both options with
    no word offered for the one that drinks nothing."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    game = Game(load_ruleset("poisons"), 4, seed=2)
    while game.options(0)[0].action != "drink":
        for seat in game.pending():
            game.apply(seat, game.options(seat)[0])
    options = game.options(0)
    assert [o.label() for o in options] == ["drink(goblets=[])", "drink(goblets=[goblet[0]])"]
    for typed in ["[]", " [ ] ", "goblets=[]"]:
        assert choose(typed, options) is options[0], typed
    assert choose("drink", options).startswith("2 options match; write more of one: goblet[0] (option 2); or type the "
                                               "whole list: goblets=[] (option 1), or type its number")
    assert choose("( )", options).startswith("type an option's number, 1..2")


def test_a_placement_is_picked_by_its_position_and_words_with_equals():
    """HUE: the standard cards differ only by i=N and form=N, and a '=' sent the line away from the position."""
    options = options_of("hue", 2, 3)
    assert choose("-2 -1 0 i=4", options) is options[100]
    assert choose("-2 -1 0 form=2", options) is options[100]
    assert choose("-2 -1 0 standard i=4 form=2", options) is options[100]
    # each word offered picks one option: i=0 was offered for two, and card=standard_card for five of six
    assert choose("-2 -1 0 standard", options).startswith(
        "5 options are at that position; add a word that tells them apart (i=4, middle=1, middle=3, middle=2, i=2 form=3)")
    assert choose("-2 -1 0", options).startswith("6 options are at that position; add a word that tells them apart "
                                                  "(card=poison_card, i=4, card=standard_card middle=1, middle=3, middle=2, i=2 form=3)")
    phrases = ["card=poison_card", "i=4", "card=standard_card middle=1", "middle=3", "middle=2", "i=2 form=3"]
    picked = [choose(f"-2 -1 0 {phrase}", options) for phrase in phrases]
    assert all(not isinstance(p, str) for p in picked) and len({id(p) for p in picked}) == 6, picked
    # a value typed whole, as the label writes it after its name (card=poison_card): it was "no legal option at" the place
    assert choose("-2 -1 0 poison_card", options).label().startswith("play(card=poison_card")
    assert choose("-2 -1 0 bogus", options).startswith("none of the 6 options at x=-2 y=-1 rot=0 has the word 'bogus' (card=poison_card, ")
    assert choose("-2 -1 0 i=0", options).startswith("2 options are at that position")
    assert choose("-2 -1 0", options).startswith("6 options are at that position")


@pytest.mark.parametrize("typed", ["--2 -1 0", "-2 1- 0", "-2 -1 +-0"])
def test_a_placement_word_that_is_no_number_is_said_so_not_too_long(typed):
    said = choose(typed, options_of("hue", 2, 3))
    assert "too long" not in said
    assert re.match(r"'[^']+' is not a number: type an option's number, or a position as 'x y rot'", said), said


# -- how play stops --------------------------------------------------------------------------------

def test_play_interrupted_while_the_agents_decide_says_the_seed_and_that_no_record_is_written(tmp_path):
    """Ctrl-C during a long ismcts decision printed only 'interrupted': a random seed was lost."""
    out_path, err_path, record = tmp_path / "out.txt", tmp_path / "err.txt", tmp_path / "mine.jsonl"
    with open(out_path, "w", encoding="utf-8") as out, open(err_path, "w", encoding="utf-8") as err, subprocess.Popen(
            [sys.executable, "-m", "philtre", "play", "hue", "-p", "2", "--seat", "1", "--seed", "5",
             "--agents", "ismcts:1000000", "--record", str(record)], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=out, stderr=err,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)) as process:  # as from a terminal
        deadline = time.monotonic() + 60
        while "you are seat 1" not in out_path.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(0.1)  # seat 0's agent decides first, for a long time
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
    said = err_path.read_text(encoding="utf-8")
    assert "Traceback" not in said and "interrupted" not in said.splitlines(), said
    assert process.returncode == 130, said
    assert said.strip().endswith(f"game left before its end (seed 5: --seed 5 plays this deal again; "
                                 f"no record written to {record}: the game did not end)"), said
    assert not record.exists()


def run_shell(line: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run a shell line that starts philtre with some of its standard files closed."""
    result = subprocess.run(["bash", "-c", line], cwd=ROOT, capture_output=True, text=True,
                            input=stdin, timeout=120)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr
    return result


def test_play_with_its_input_closed_leaves_the_game_saying_the_seed():
    result = run_shell(f"exec {sys.executable} -m philtre play pok -p 3 --seed 1 <&- 2>&1 >/dev/null")
    assert result.returncode == 1, result.stdout
    assert result.stdout.strip().endswith(
        "standard input is closed: game left before its end (seed 1: --seed 1 plays this deal again)"), result.stdout


def test_play_with_its_output_closed_says_so_before_the_deal():
    result = run_shell(f"exec {sys.executable} -m philtre play pok -p 3 --seed 1 2>&1 >&-", stdin="1\n")
    assert result.returncode == 1, result.stdout
    assert result.stdout.strip() == "philtre: cannot write the output: standard output is closed", result.stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_play_that_cannot_write_its_record_at_the_end_says_so():
    """`--record /dev/full` passed the check before the deal, then failed as an internal error at the end."""
    result = philtre("play", "poison", "-p", "3", "--seed", "1", "--record", "/dev/full", stdin="1\n" * 200, timeout=60)
    assert result.returncode == 1, result.stderr
    assert "internal error" not in result.stderr
    assert "game over:" in result.stdout and "(seed 1: --seed 1 plays this deal again)" in result.stdout
    assert "cannot write /dev/full: No space left on device" in result.stderr, result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_play_of_a_game_a_rule_stops_that_cannot_write_its_record_says_both(tmp_path):
    (tmp_path / "stops.yaml").write_text(STOPS_AT_A_RULE, encoding="utf-8")
    result = philtre("play", "stops.yaml", "--seed", "3", "--record", "/dev/full", stdin="1\n" * 20, cwd=tmp_path, timeout=60)
    assert result.returncode == 1 and "internal error" not in result.stderr, result.stderr
    assert "R100 rule 'score' failed" in result.stderr
    assert "seed 3: --seed 3 plays this deal again; cannot write /dev/full: No space left on device" in result.stderr


# -- exit codes as README says them ----------------------------------------------------------------------

@pytest.mark.parametrize("command", [("play",), ("simulate", "--games", "1", "--no-db")])
@pytest.mark.parametrize("args, code", [(("pok", "-p", "2"), "R001"), (("pok", "-p", "3", "--variant", "nope"), "O002"),
                                        (("nosuchgame", "-p", "3"), "F002")])
def test_a_ruleset_variant_or_game_the_run_cannot_use_exits_1_as_readme_says(command, args, code):
    result = philtre(command[0], *args, *command[1:], stdin="", timeout=60)
    assert result.returncode == 1 and f" {code} " in result.stderr, result.stderr
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "1 findings or a failed run, and a ruleset, variant or game the run cannot use (a finding with its code" in readme


PIG = """\
philtre: 1
game: pig
players: 2
dice:
  d6: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]
variables:
  turns_left: 2
actions:
  throw:
    do:
      - roll: d6
  hold: {}
flow:
  - turns: 0
    until: turns_left == 0
    do:
      - roll: d6
      - decide: [throw, hold]
      - set: {turns_left: "turns_left - 1 if current == 1 else turns_left"}
  - roll: d6
winners: {highest: "score[p]"}
"""


def test_play_says_in_which_seat_s_action_or_turn_dice_rolled_and_the_record_stays_as_it_was(tmp_path):
    """A dice game told `rolled d6: pips=5` with no word of whose roll it was: the seat's action or turn the dice were
    rolled in is said (the flow's own roll has none); the record, which replays compare, is unchanged."""
    (tmp_path / "pig.yaml").write_text(PIG, encoding="utf-8")
    record = tmp_path / "pig.jsonl"
    result = philtre("play", tmp_path / "pig.yaml", "--seat", "0", "--seed", "3", "--record", record, stdin="1\n1\n")
    assert result.returncode == 0, result.stderr
    told = result.stdout.splitlines()
    assert any(re.fullmatch(r"      in seat 0's turn, rolled d6: pips=\d", line) for line in told), result.stdout  # its turn
    assert any(re.fullmatch(r"      in seat 0's action throw, rolled d6: pips=\d", line) for line in told), result.stdout  # its throw
    assert any(re.fullmatch(r"      in seat 1's turn, rolled d6: pips=\d", line) for line in told), result.stdout  # the other's
    assert any(re.fullmatch(r"      rolled d6: pips=\d", line) for line in told), result.stdout  # the flow's last roll
    rolls = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines() if '"roll"' in line]
    assert len(rolls) >= 7 and all(set(e) == {"event", "dice"} for e in rolls)  # four turns, two throws, the last
    assert philtre("replay", record).returncode == 0


def test_a_roll_in_an_action_is_told_as_rolled_in_it_not_as_the_deciding_seat_s_in_play_and_replay_text(tmp_path):
    """A trial's battle rolled the attacker's dice and the defender's in the attacker's action, told `seat 0 rolled a1:
    pips=4; d1: pips=6; d2: pips=6`: the defender's dice as the attacker's. Dice belong to no seat: the roll is told as
    made in the seat's action, `in seat 0's action attack, rolled ...`, by play and by replay --text alike."""
    record = tmp_path / "game.jsonl"
    result = philtre("play", ROOT / "tests" / "data" / "risk_trial", "-p", "3", "--seed", "2", "--record", record,
                     stdin="1\n" * 5000)
    assert result.returncode == 0, result.stderr
    played = [line.strip() for line in result.stdout.splitlines() if "rolled a1" in line]
    assert not any(re.search(r"seat \d rolled", line) for line in result.stdout.splitlines())
    assert any(re.fullmatch(r"in seat [12]'s action attack, rolled a1: pips=\d(; a\d: pips=\d)*; d1: pips=\d; d2: pips=\d", line)
               for line in played), played  # another seat's attack, and the defender's two dice in it
    replayed = philtre("replay", record, "--seat", "0", "--text")
    assert replayed.returncode == 0, replayed.stderr
    assert [line.strip() for line in replayed.stdout.splitlines() if "rolled a1" in line] == played


def test_alike_components_shown_in_a_hidden_zone_are_told_once_with_how_many():
    """writing-a-ruleset.md: alike components lying one after another are told once, with how many; the components a
    hidden zone shows (`taken[1]: 17 (12 hidden, shown: ...)`) were listed one by one."""
    from philtre.interpreter.render import _zone

    poison = {"type": "poison", "id": 3, "value": 4, "points": 2}
    red = {"type": "potion", "id": 5, "color": "red", "value": 1, "points": 1}
    zone = {"count": 17, "revealed": [red, {**red, "id": 6}, poison, {**poison, "id": 9}, {**poison, "id": 12}]}
    assert _zone(zone) == "17 (12 hidden, shown: potion red value=1 points=1 x2, poison value=4 points=2 x3)"


def test_a_hidden_zone_says_how_many_of_its_count_are_hidden_and_when_none_are():
    """A face-down pile whose 20 cards were all revealed read "20 hidden (shown: ...all 20...)", and 17 of which 5
    were shown "17 hidden (shown: 5)", read as 22 cards."""
    from philtre.interpreter.render import _zone

    cards = [{"type": "card", "id": i, "rank": i} for i in range(3)]
    assert _zone({"count": 3, "revealed": cards}) == "3 (all shown: card rank=0, card rank=1, card rank=2)"
    assert _zone({"count": 3, "revealed": cards[:1]}) == "3 (2 hidden, shown: card rank=0)"
    assert _zone({"count": 3}) == "3 hidden" and _zone({}) == "hidden"
    assert _zone({"revealed": cards[:1]}) == "hidden (shown: card rank=0)"


def test_an_empty_zone_is_drawn_empty_whether_or_not_the_seat_sees_it():
    """An Oh Hell trial: a hand played out and a face-down pile of tricks not yet won read "hand[2]: 0 hidden" and
    "won[0] (you): 0 hidden", as if something lay there unseen; a zone whose count is hidden stays "hidden"."""
    from philtre.interpreter.render import _zone

    assert _zone({"count": 0}) == "empty" and _zone({"count": 0, "revealed": []}) == "empty"
    assert _zone({"components": []}) == "empty"
    assert _zone({}) == "hidden" and _zone({"count": 1}) == "1 hidden"


def test_game_over_says_when_seats_level_on_the_score_were_ranked_further(tmp_path):
    """`scores [7, 7], winners [1]` read as a mistake: the line says the seats were level on the score and which keys
    ranked them further; where the first key is not the score (a value the seat may not see), it says nothing more."""
    text = ("philtre: 1\ngame: level\nplayers: 2\nvariables:\n  spent: {initial: 0, each: player, visible: owner}\n"
            "flow:\n  - score: {player: 0, add: 7}\n  - score: {player: 1, add: 7}\n"
            "winners: {highest: [\"score[p]\", \"p\"]}\n")
    (tmp_path / "level.yaml").write_text(text, encoding="utf-8")
    result = philtre("play", tmp_path / "level.yaml", "--seed", 1, stdin="")
    assert "game over: scores [7, 7], winners [1], level on the score with seat 0 and ranked further by `p` (seed 1" \
        in result.stdout, result.stdout + result.stderr
    (tmp_path / "hidden.yaml").write_text(text.replace('["score[p]", "p"]', '["spent[p]", "p"]'), encoding="utf-8")
    result = philtre("play", tmp_path / "hidden.yaml", "--seed", 1, stdin="")
    assert "game over: scores [7, 7], winners [1] (seed 1" in result.stdout, result.stdout + result.stderr


def test_game_over_with_no_winner_says_no_winner_as_simulate_does(tmp_path):
    """A drawn game ended `play` with `winners []`, where simulate says `no winner`."""
    text = ("philtre: 1\ngame: drawn\nplayers: 2\nflow:\n  - score: {player: 0, add: 7}\n  - score: {player: 1, add: 7}\n"
            "winners: \"[p for p in players if score[p] > 7]\"\n")
    (tmp_path / "drawn.yaml").write_text(text, encoding="utf-8")
    result = philtre("play", tmp_path / "drawn.yaml", "--seed", 1, stdin="")
    assert "game over: scores [7, 7], no winner (seed 1: --seed 1 plays this deal again)" in result.stdout, result.stdout + result.stderr


@pytest.mark.parametrize("environment, coloured", [({}, True), ({"NO_COLOR": "1"}, False), ({"TERM": "dumb"}, False)])
def test_the_grid_is_coloured_on_a_terminal_unless_no_color_or_a_dumb_terminal_says_not(monkeypatch, environment, coloured):
    """`play hue` coloured its grid on a terminal with NO_COLOR=1 or TERM=dumb, and nothing turned it off (no-color.org)."""
    from philtre.interpreter import cli_play

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(cli_play.sys, "stdout", type("Terminal", (), {"isatty": staticmethod(lambda: True)})())
    assert cli_play._colour() is coloured


# -- what a player types and reads back (HA) ------------------------------------------------------

@pytest.mark.parametrize("typed", ["(2)", "2)", "2.", " ( 2 ) "])
def test_a_number_typed_as_the_list_writes_it_chooses_that_option(typed):
    """`2)` or `(2)` was read as a word of the labels: it chose the one option with a 2 in it (rank=2), or listed several."""
    options = options_of(str(ROOT / "examples" / "tutorial"), 2, 1)
    assert choose(typed, options) is options[1], typed
    assert choose(typed.replace("2", "0"), options).startswith(f"'0' is not one of this turn's {len(options)} options: ")
    assert choose(typed.replace("2", "9"), options).startswith(f"'9' is not one of this turn's {len(options)} options: type an option's number, 1..{len(options)}")
    assert choose("2 red", options) != options[1]  # words beside a number are words of a label, as before


ARGUMENT_NAMES = """\
philtre: 1
game: argument-names
players: 1
actions:
  pick:
    choose: {a: "[[1, 2], [3, 4]]", b: "[[1, 2], [3, 4]]"}
    if: a != b
flow:
  - decide: pick
    player: 0
"""


def test_a_value_typed_after_an_arguments_name_matches_that_arguments_value_only(tmp_path):
    """A new user's checkers: `to=[3, 4]` moved the piece standing on [3, 4], jump(sq=[3, 4], to=[5, 2]), its words all
    in the option's label, the name aside; a name no option has is told with the names there are."""
    (tmp_path / "ruleset.yaml").write_text(ARGUMENT_NAMES.replace("a != b", "a == [3, 4] and b == [1, 2]"), encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [o.label() for o in options] == ["pick(a=[3, 4], b=[1, 2])"]
    for typed in ["b=[3, 4]", "b=[3]", "a=[1, 2]", "pick(b=[3, 4])", "B = [4, 3]", "a=[3] b=[3]"]:
        assert choose(typed, options) == (f"{typed!r} is not among this turn's options; the only one is "
                                          "1. pick(a=[3, 4], b=[1, 2]) (type 1, or the option as listed)"), typed
    for typed in ["a=[3, 4]", "b=[1]", "a=[4] b=[2]", "pick(b=[1, 2], a=[3, 4])", "pick 3 2", "[3, 4]"]:
        assert choose(typed, options) is options[0], typed
    assert choose("b=[2, 1]", options).startswith(  # a list of numbers is ordered: [2, 1] is not [1, 2]
        "'b=[2, 1]' is not among this turn's options; 1 option holds these values in another order, not taken for it")
    assert choose("zz=[3, 4]", options).startswith(
        "'zz=[3, 4]' is not among this turn's options (no option has an argument zz; pick's are a, b); the only one is 1. ")
    (tmp_path / "ruleset.yaml").write_text(ARGUMENT_NAMES, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [o.label() for o in options] == ["pick(a=[1, 2], b=[3, 4])", "pick(a=[3, 4], b=[1, 2])"]
    assert choose("b=[3, 4]", options) is options[0] and choose("b=[3]", options) is options[0]
    assert choose("a=[3] b=[1]", options) is options[1]
    hue = options_of("hue", 2, 3)  # a name of a card's attribute, colors=[...], is a word of the label as before
    colors = re.search(r"colors=\[[^]]*\]", hue[0].label())[0]
    assert re.match(r"\d+ options match; ", choose(colors, hue))


# two lists of components, each a set chosen among subsets (a Jaipur exchange's get and give)
TWO_LISTS = (Path(__file__).parent / "data" / "two_lists.yaml").read_text(encoding="utf-8")


def test_each_list_typed_after_its_arguments_name_is_compared_with_that_argument(tmp_path):
    """Jaipur's exchange(get=[...], camels=0, give=[...]): with two lists typed, `give=[card spice]` listed the options
    whose give holds a spice and more, beside the one whose give is just that spice; a list typed alone was compared
    whole. A list of components is still a set, and a list typed in part still matches by its words."""
    (tmp_path / "ruleset.yaml").write_text(TWO_LISTS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [o.label() for o in options] == ["swap(a=[card n=1, card n=2], b=[])", "swap(a=[card n=1, card n=2], b=[card n=3])",
                                            "swap(a=[card n=1, card n=2], b=[card n=4])",
                                            "swap(a=[card n=1, card n=2], b=[card n=3, card n=4])"]
    for typed, wanted in [("a=[card n=1, card n=2] b=[card n=4, card n=3]", 3), ("a=[card n=2, card n=1] b=[card n=3]", 1),
                          ("b=[card n=3] a=[card n=2, card n=1]", 1), ("a=[card n=1, card n=2] b=[]", 0),
                          ("swap(a=[card n=2, card n=1], b=[card n=4])", 2), ("swap a=[card n=1, card n=2] b=[card n=4]", 2)]:
        assert choose(typed, options) is options[wanted], typed
    said = choose("a=[card n=1, card n=2] b=[n=3]", options)  # (no b is just `n=3`: its words, in b's)
    assert said.startswith("2 options match; ") and said.endswith("2. swap(a=[card n=1, card n=2], b=[card n=3]); "
                                                                  "4. swap(a=[card n=1, card n=2], b=[card n=3, card n=4])"), said
    (tmp_path / "ruleset.yaml").write_text(ARGUMENT_NAMES.replace("a != b", "a == [3, 4] and b == [1, 2]"), encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)  # a list of numbers chosen otherwise is ordered, typed with another list too
    assert choose("a=[4, 3] b=[1, 2]", options).startswith("'a=[4, 3] b=[1, 2]' is not among this turn's options")
    assert choose("a=[3, 4] b=[1, 2]", options) is options[0]

OWNED_COINS = """\
philtre: 1
game: owned-coins
players: 2
components:
  coin: {each: player, attributes: {value: [1, 2, 3]}, start: hand}
zones:
  hand: {each: player, visible: owner}
  pot: {}
actions:
  lay:
    choose: {cards: "subsets(hand[me])"}
    if: count(cards) > 0
    do: [{move: cards -> pot}]
flow:
  - decide: lay
    player: 0
"""


def test_a_list_of_owned_components_typed_without_their_owner_is_compared_whole(tmp_path):
    """High Society's bid, `cards=[money value=1, money value=3]`: the items listed `coin value=1 (seat 0)` typed
    without their owner matched the words of every bid holding them (2 options here, 512 there), not the one bid."""
    (tmp_path / "ruleset.yaml").write_text(OWNED_COINS, encoding="utf-8")
    options = options_of(str(tmp_path), 2, 1)
    bid = next(o for o in options if o.label() == "lay(cards=[coin value=1 (seat 0), coin value=3 (seat 0)])")
    for typed in ["cards=[coin value=1, coin value=3]", "[coin value=3, coin value=1]",
                  "cards=[coin value=1 (seat 0), coin value=3 (seat 0)]", "lay(cards=[coin value=1, coin value=3])"]:
        assert choose(typed, options) is bid, typed
    assert choose("[coin value=1]", options).label() == "lay(cards=[coin value=1 (seat 0)])"
    assert choose("cards=[coin value=1 (seat 1), coin value=3]", options) is not bid  # an owner typed is compared


TWO_PAIRS = """\
philtre: 1
game: two-pairs
players: 1
components:
  card: {list: [{k: 0}, {k: 0}, {k: 1}, {k: 2}], start: hand}
zones:
  hand: {}
  out: {}
actions:
  split:
    choose: {a: "subsets(hand, 2)", b: "subsets([c for c in hand if c not in a], 2)"}
    if: "min(sorted(c.k for c in a), sorted(c.k for c in b)) == sorted(c.k for c in a)"
    do: [{move: a -> out}]
flow:
  - decide: split
    player: 0
"""


def test_a_list_typed_with_an_item_more_times_than_any_option_holds_it_matches_none(tmp_path):
    """A Hanamikoji trial typed `split b=[card k=2, card k=2]` and was told `2 options match`, though one card has k=2:
    words are matched as a set. Now no option's b is that list, said so with b's values there; a list typed in part
    (b=[k=2]) is still matched by its words."""
    (tmp_path / "ruleset.yaml").write_text(TWO_PAIRS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [o.label() for o in options] == ["split(a=[card k=0, card k=0], b=[card k=1, card k=2])",
                                            "split(a=[card k=0, card k=1], b=[card k=0, card k=2])"]
    assert choose("split b=[card k=2, card k=2]", options) == (
        "'split b=[card k=2, card k=2]' is not among this turn's options: no option's b is '[card k=2, card k=2]'; where "
        "the other words match, b is [card k=1, card k=2] or [card k=0, card k=2]: type one as listed, or its number: "
        "1. split(a=[card k=0, card k=0], b=[card k=1, card k=2]); 2. split(a=[card k=0, card k=1], b=[card k=0, card k=2])")
    assert choose("b=[card k=0, card k=0]", options).startswith("'b=[card k=0, card k=0]' is not among")
    assert choose("a=[card k=0, card k=0] b=[card k=2, card k=0]", options).endswith(
        "is not among this turn's options: each list is some option's, but no option has that a and that b together; "
        "where the words match: 2. split(a=[card k=0, card k=1], b=[card k=0, card k=2])")
    assert choose("a=[card k=0, card k=0]", options) is options[0]  # (held twice: that a)
    assert choose("b=[k=2]", options).startswith("2 options match; ")
    assert choose("b=[card k=2, card k=0]", options) is options[1]


BIDS = """\
philtre: 1
game: bids
players: 1
actions:
  bid:
    choose: {n: range(14)}
    do:
      - score: {player: me, add: n}
flow:
  - decide: bid
    player: 0
"""


def test_a_number_that_is_one_options_number_and_another_options_value_is_asked_again(tmp_path):
    """A new user's Spades, bids 1. bid(n=0) ... 14. bid(n=13): `4` for a bid of four bid 3 at once, for good, and `0`
    for nil said only that 0 is no option's number, with bid(n=13) as what to type."""
    from philtre.interpreter.cli_play import match_choice

    (tmp_path / "ruleset.yaml").write_text(BIDS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert choose("0", options) == "'0' is no option's number; bid(n=0) is option 1: type 1, or n=0"
    assert choose("4", options) == ("'4' is option 4, bid(n=3), and the value of bid(n=4), option 5: type 4 again for "
                                    "option 4, or n=4")
    assert match_choice("4", options, again=True) is options[3]  # typed again, after that message
    assert choose("4.", options) is options[3] and choose("(4)", options) is options[3]  # as the list writes it
    assert choose("n=4", options) is options[4] and choose("14", options) is options[13]
    assert choose("15", options).startswith("'15' is not one of this turn's 14 options")
    result = philtre("play", tmp_path, "--seed", "1", stdin="4\nn=4\n", timeout=60)
    assert result.returncode == 0 and "seat 0 scores +4" in result.stdout, (result.stdout, result.stderr)
    result = philtre("play", tmp_path, "--seed", "1", stdin="4\n4\n", timeout=60)
    assert result.returncode == 0 and "seat 0 scores +3" in result.stdout, (result.stdout, result.stderr)
    assert result.stderr.count("type 4 again for option 4") == 1 and "  = bid(n=3)" in result.stderr, result.stderr


PITS = """\
philtre: 1
game: pits
players: 1
zones:
  pit: {copies: 12}
actions:
  sow:
    choose: {house: pit}
    if: index(house) >= 6
flow:
  - decide: sow
    player: 0
"""


def test_a_number_that_is_no_options_number_but_the_index_of_an_options_zone_points_to_that_option(tmp_path):
    """An Oware trial: `9` where sow(house=pit[9]) is option 4 said only that 9 is not one of the 6 options, where a
    number that is an option's value points to it."""
    (tmp_path / "ruleset.yaml").write_text(PITS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert choose("9", options) == "'9' is no option's number; sow(house=pit[9]) is option 4: type 4, or pit[9]"
    assert choose("pit[9]", options) is options[3] and choose("4", options) is options[3]
    assert choose("12", options).startswith("'12' is not one of this turn's 6 options")


MOVES = """\
philtre: 1
game: moves
players: 1
components:
  pawn: {attributes: {k: [0, 1]}, start: board}
zones:
  board: {visible: everyone}
actions:
  advance:
    choose: {pawn: board, n: "[5, 6, 12] if pawn.k == 0 else [6, 9, 12]"}
  enter:
    choose: {use: "[[8]]"}
flow:
  - decide: [enter, advance]
    player: 0
"""


def test_a_number_that_is_no_options_number_but_one_options_value_beside_others_points_to_that_option(tmp_path):
    """A Parcheesi trial: `6` where advance(pawn=..., n=6) is option 2 of 3 said only that 6 is not one of the options,
    with advance(..., n=5) as what to type: the value of one argument of one option names it, among several arguments
    too; held by several options, each is named; a number in an option's list (use=[8]) is not its value, but names
    the option that holds it (a Can't Stop trial's `10` for advance(move=[4, 10]))."""
    (tmp_path / "ruleset.yaml").write_text(MOVES, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [o.label() for o in options] == [
        "enter(use=[8])", "advance(pawn=pawn k=0, n=5)", "advance(pawn=pawn k=0, n=6)", "advance(pawn=pawn k=0, n=12)",
        "advance(pawn=pawn k=1, n=6)", "advance(pawn=pawn k=1, n=9)", "advance(pawn=pawn k=1, n=12)"]
    assert choose("9", options) == "'9' is no option's number; advance(pawn=pawn k=1, n=9) is option 6: type 6, or n=9"
    assert choose("n=9", options) is options[5]
    assert choose("12", options) == ("'12' is no option's number; it is the value of an argument of options "
                                     "4. advance(pawn=pawn k=0, n=12), 7. advance(pawn=pawn k=1, n=12): type 4 or 7")
    assert choose("8", options) == "'8' is no option's number; enter(use=[8]) is option 1: type 1"
    assert choose("5", options) is options[4]  # an option's number, at once: the value of no option alone


def test_how_a_seat_answered_a_number_asked_about_is_how_its_later_numbers_are_read(tmp_path):
    """A Connect Four trial's columns 0..6 asked `'4' is option 4, drop(column=3), and the value of drop(column=4)` at every
    turn: once the seat has answered, with the value (n=4) or the number again, a later such number is read that way,
    said once; `4.` stays option 4."""
    (tmp_path / "ruleset.yaml").write_text(BIDS.replace("  - decide: bid\n    player: 0\n",
                                                        "  - repeat: 3\n    do:\n      - decide: bid\n        player: 0\n"),
                                           encoding="utf-8")
    result = philtre("play", tmp_path, "--seed", "1", stdin="4\nn=4\n4\n0\n", timeout=60)
    assert result.returncode == 0, (result.stdout, result.stderr)
    assert re.findall(r"seat 0 scores (\+\d+)", result.stdout) == ["+4", "+4"] and "bid(n=0)" in result.stderr, result.stdout
    assert result.stderr.count("type 4 again for option 4") == 1, result.stderr
    assert result.stderr.count("(from now on a number alone is read as n= where an option of bid has that value; 4. is option 4)") == 1
    result = philtre("play", tmp_path, "--seed", "1", stdin="4\n4\n4\n5\n", timeout=60)
    assert re.findall(r"seat 0 scores (\+\d+)", result.stdout) == ["+3", "+3", "+4"], result.stdout
    assert result.stderr.count("type 4 again for option 4") == 1, result.stderr
    assert "(from now on a number alone is an option's number; for a value, write it with its name, n=4)" in result.stderr
    result = philtre("play", tmp_path, "--seed", "1", stdin="4\nn=4\n4.\n1\n", timeout=60)
    assert re.findall(r"seat 0 scores (\+\d+)", result.stdout) == ["+4", "+3", "+1"], result.stdout  # 1: n=1, not option 1


def test_play_on_piped_input_stops_after_three_lines_in_a_row_refused(tmp_path):
    """A Hanamikoji trial's `yes 2 | philtre play ...` reached a turn of one option and said `'2' is not one of this
    turn's 1 options` forever (3.4 GB): a script cannot read why. Piped, play stops at the third refusal in a row, exit
    2, naming the decision and the last refusal; two refusals, then an option, still choose it."""
    (tmp_path / "ruleset.yaml").write_text(BIDS, encoding="utf-8")
    # (bounded, should it ask forever again: its messages cut short, the game stopped after a minute)
    result = run_shell(f"set -o pipefail; yes 99 | timeout 60 {sys.executable} -m philtre play {tmp_path} --seed 1 2>&1 >/dev/null "
                       f"| head -c 100000")
    said = result.stdout  # (play's stderr)
    assert result.returncode == 2, said[-2000:]
    assert said.count("'99' is not one of this turn's 14 options") == 4, said[-2000:]  # (the last said twice)
    assert ("philtre: 3 lines in a row refused at decision 1 of the game, the last: '99' is not one of this turn's 14 "
            "options: ") in said, said
    assert said.rstrip().endswith("standard input is not a terminal, so play stops rather than ask again: game left "
                                  "before its end (seed 1: --seed 1 plays this deal again)"), said
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    result = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1"], input="99\nbid\nn=4\n")  # (not a terminal)
    assert result.exit_code == 0 and "seat 0 scores +4" in result.output, result.output


def test_quit_or_exit_leaves_the_game_as_ctrl_d_does_and_a_refusal_says_so(tmp_path):
    """A trial's `quit` was refused with the options, and nothing said how to leave: where no option's words hold
    it, `quit` or `exit` leaves as Ctrl-D does (exit 1, the seed said); the first line refused at a decision says how."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(BIDS, encoding="utf-8")
    for word in ("quit", " EXIT "):
        result = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1"], input=f"99\n98\n{word}\n4\n")
        said = result.output
        assert result.exit_code == 1 and "scores" not in said.split("your choice")[-1], said
        assert f"{word.strip()!r} typed: game left before its end (seed 1: --seed 1 plays this deal again)" in said, said
        assert said.count("(quit, exit or Ctrl-D leaves the game)") == 1, said
    quitting = BIDS.replace("choose: {n: range(14)}", "choose: {n: range(2)}")
    (tmp_path / "ruleset.yaml").write_text(quitting.replace("actions:\n", "actions:\n  quit: {}\n").replace(
        "decide: bid", "decide: [bid, quit]"), encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1"], input="quit\n")
    assert result.exit_code == 0 and "= quit()" in result.output, result.output  # (an option's word: the option)


def test_play_at_a_terminal_asks_again_after_any_number_of_lines_refused(tmp_path, monkeypatch):
    """At a terminal a person reads why a line was refused: play asks again, however many were."""
    from click.testing import CliRunner

    from philtre.interpreter import cli_play
    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(BIDS, encoding="utf-8")
    monkeypatch.setattr(cli_play, "_at_a_terminal", lambda: True)
    result = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1"], input="99\n" * 5 + "n=4\n")
    assert result.exit_code == 0 and "seat 0 scores +4" in result.output, result.output
    assert result.output.count("'99' is not one of this turn's 14 options") == 5, result.output


def test_a_number_is_an_options_number_where_no_option_is_a_number_alone():
    """Liar's Dice's bid(q=3, f=4) is not the number 3, nor the tutorial's card of rank 2 the number 2: a plain number
    still picks its option at once."""
    liars = options_of(str(ROOT / "examples" / "liars-dice"), 3, 1)
    for n in ["1", "2", "5", "12"]:
        assert choose(n, liars) is liars[int(n) - 1], n
    tutorial = options_of(str(ROOT / "examples" / "tutorial"), 2, 1)
    assert choose("2", tutorial) is tutorial[1]


# a good to sell, or a card of that good to take (Jaipur): `leather` is the sale's whole argument and a word of the card
SELL_OR_TAKE = """\
philtre: 1
game: sell-or-take
players: 1
components:
  card: {attributes: {good: [leather, spice]}, start: market}
zones:
  market: {}
  hand: {}
actions:
  take:
    choose: {card: market}
    do:
      - move: card -> hand
  sell:
    choose: {good: "['leather', 'spice']"}
flow:
  - decide: [take, sell]
    player: 0
"""


def test_a_word_that_is_one_options_value_and_a_word_of_others_is_asked_again(tmp_path):
    """A new user's Jaipur: `leather`, typed after play's hint offered it to tell exchanges apart, sold the leather at
    once, though take(card=card leather) and the exchanges hold the word too; an option as listed, or a number, is
    still taken at once."""
    (tmp_path / "ruleset.yaml").write_text(SELL_OR_TAKE, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [o.label() for o in options] == ["take(card=card leather)", "take(card=card spice)", "sell(good=leather)",
                                            "sell(good=spice)"]
    assert choose("leather", options) == (
        "'leather' is the value of sell(good=leather), option 3, and a word of another option: type good=leather or 3 "
        "for it, or write more of the one meant: take (option 1), sell (option 3), or its number: 1. take(card=card leather); 3. sell(good=leather)")
    assert choose("Spice", options).endswith("2. take(card=card spice); 4. sell(good=spice)")
    for typed, wanted in [("good=leather", 2), ("sell(good=leather)", 2), ("3", 2), ("sell leather", 2),
                          ("card leather", 0), ("take(card=card leather)", 0), ("'leather'", 2)]:
        assert choose(typed, options) is options[wanted], typed
    (tmp_path / "ruleset.yaml").write_text(SELL_OR_TAKE.replace("""{good: "['leather', 'spice']"}""",
                                                                """{good: "['leather', 'spice']", n: "[1, 2]"}"""), encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)  # the value of several options' argument: the card listed with them
    assert choose("leather", options) == (
        "3 options match; write more of one: take (option 1), n=1 (option 3), n=2 (option 4), or type its number: "
        "1. take(card=card leather); "
        "3. sell(good=leather, n=1); 4. sell(good=leather, n=2)")

def test_a_card_the_rules_forbid_now_is_said_not_to_be_among_the_options(tmp_path):
    """Love Letter's Countess must be played: typing the other card said "no legal option is ...", not why."""
    tutorial = (ROOT / "examples" / "tutorial" / "ruleset.yaml").read_text(encoding="utf-8")
    forced = tutorial.replace('    choose: {card: "hand[me]"}\n', '    choose: {card: "hand[me]"}\n    if: card.rank != 6\n')
    assert forced != tutorial
    (tmp_path / "ruleset.yaml").write_text(forced, encoding="utf-8")
    options = options_of(str(tmp_path), 2, 1)  # the hand is red 5, blue 6, red 2: the blue 6 may not be played
    assert choose("blue", options) == (
        "'blue' is not among this turn's options, which are: 1. play(card=card red rank=5); "
        "2. play(card=card red rank=2) (type an option's number, 1..2, or an option as listed)")
    result = philtre("play", tmp_path, "-p", "2", "--seed", "1", stdin="blue rank=6\n", timeout=120)
    line = 1 + forced.split("    if: card.rank != 6")[0].count("\n")
    assert ("'blue rank=6' is not among this turn's options: the rules forbid play(card=card blue rank=6) now (the if "
            f"of play, line {line}: card.rank != 6); this turn's options are: 1. ") in result.stderr, result.stderr


# (a Kalah trial's: seeds picked up into a hand and sown in one action, the hand always empty between decisions)
SOWN = """\
philtre: 1
game: sown
players: 2
components:
  seed: {attributes: {n: [1]}, copies: 2, start: "pit[0]"}
zones:
  pit: {each: player}
  store: {each: player}
  hand: {}
actions:
  sow:
    choose: {s: "pit[me]"}
    do:
      - move: s -> hand
      - move: "hand -> store[me]"
flow:
  - turns: 0
    until: count(pit[0]) == 0
    do:
      - decide: sow
"""


def test_a_quiet_zone_is_left_off_the_board_and_a_seats_own_empty_zone_keeps_its_mark(tmp_path):
    """A Kalah trial: the hand, bookkeeping only, was on every board's `empty:` line, and the seat's own store, marked
    (you) while it held seeds, lost the mark once empty. `quiet: true` leaves a zone off play's board and the adapter's
    text (the content hash leaves it out, as a variable's); the empty line keeps the mark."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.render import render_view

    (tmp_path / "ruleset.yaml").write_text(SOWN, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 2, seed=1)
    assert "  empty: pit[1], store[0] (you), store[1], hand" in render_view(game.view(0), game.ruleset, played=True)
    (tmp_path / "ruleset.yaml").write_text(SOWN.replace("  hand: {}", "  hand: {quiet: true}"), encoding="utf-8")
    quiet = Game(load_ruleset(str(tmp_path)), 2, seed=1)
    assert quiet.ruleset.content_hash == game.ruleset.content_hash
    board = render_view(quiet.view(1), quiet.ruleset, played=True)
    assert "  empty: pit[1] (you), store[0], store[1] (you)\n" in board + "\n", board  # (seat 1's, each marked)
    assert "hand" not in render_view(quiet.view(None), quiet.ruleset)  # (the adapter's text: no `played`)
    assert "hand" in render_view(game.view(None), game.ruleset)


# (an Uno trial's: play's if refuses a blue card; a second action, whose name holds play, may name blue too)
FORBID_BLUE = """\
philtre: 1
game: forbid-blue
players: 2
components:
  card: {attributes: {colour: [red, blue], rank: [1, 2]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {}
actions:
  play:
    choose: {card: "hand[me]"}
    if: card.colour == 'red'
    do:
      - move: card -> pile
  play_x:
    choose: {card: "hand[me]", named: "['red', 'blue']"}
    if: card.colour == 'red' and card.rank == 9
    do:
      - move: card -> pile
flow:
  - deal: {from: deck, to: hand, count: 2}
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: [play, play_x]
"""


def test_an_actions_name_typed_narrows_the_line_to_that_action(tmp_path):
    """An Uno trial: `play blue` said why the rules forbid play(card=card blue ...) until a second action, play_x, could
    name blue too: the line then named several forbidden options, and the refusal was bare. The action's name typed,
    a whole word, is that action's options alone (play_x's name holds play only as a part)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(FORBID_BLUE, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 2, seed=0)
    options = game.options(0)
    assert [o.label() for o in options] == ["play(card=card red rank=2)"]
    said = match_choice("play blue", options, forbidden=_forbidding(game, 0, options))
    assert said.startswith("'play blue' is not among this turn's options: the rules forbid play(card=card blue rank=2) "
                           "now (the if of play, line 13: card.colour == 'red')"), said
    said = match_choice("play_x blue named=red", options, forbidden=_forbidding(game, 0, options))
    assert "the rules forbid play_x(card=card blue rank=2, named=red) now (the if of play_x, line 18" in said, said


DEALER_BIDS = """\
philtre: 1
game: bids
players: 2
variables:
  bid: {initial: 0, each: player}
actions:
  bid:
    choose: {n: "range(3)"}
    if: me == 0 or n + bid[0] != 2
    do:
      - set: {"bid[me]": n}
flow:
  - decide: bid
    player: 0
  - decide: bid
    player: 1
"""


def test_a_value_the_action_s_if_rules_out_now_is_said_to_be_forbidden_by_it(tmp_path):
    """Oh Hell's dealer typed a bid the rules forbid (`n=0`, or `0`): "'n=0' is not among this turn's options; the only
    one is ..." read as a mistyped line; the choice could take it, the action's if rules it out here, and play says so.
    The option it shows is an example, `e.g. bid(n=2)`: in parentheses, The Mind's `(star())` read as advice to type it."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(DEALER_BIDS, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 2, seed=1)
    game.apply(0, game.options(0)[2])  # seat 0 bids 2: seat 1 may not bid 0
    options = game.options(1)
    forbidden = _forbidding(game, 1, options)
    rule = "the rules forbid bid(n=0) now (the if of bid, line 9: me == 0 or n + bid[0] != 2)"
    assert match_choice("n=0", options, forbidden=forbidden) == (
        f"'n=0' is not among this turn's options: {rule}; this turn's options are: 1. bid(n=1); 2. bid(n=2) "
        "(type an option's number, 1..2, or an option as listed)")
    assert match_choice("bid(n=0)", options, forbidden=forbidden).startswith(f"'bid(n=0)' is not among this turn's options: {rule};")
    assert match_choice("0", options, forbidden=forbidden) == (
        f"'0' is not one of this turn's 2 options, and {rule}: type an option's number, 1..2, or an option as listed, e.g. bid(n=2)")
    # a value no choice takes is refused as before, with no rule named
    assert match_choice("n=7", options, forbidden=forbidden) == match_choice("n=7", options)
    assert "forbid" not in match_choice("n=7", options, forbidden=forbidden)


def test_a_forbidden_option_is_not_said_to_have_unknown_names_and_a_component_s_words_are_no_argument_names(tmp_path):
    """A Lost Cities trial: `take(from=pile[4])`, forbidden by take's if, was said "(no option has an argument from;
    draw has none): the rules forbid take(from=pile[4]) now", the bracket belying the reason after it; and in
    `play(card=card red value=99)` the component's attribute word value was taken for an argument's name."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.play_input import _not_an_option

    (tmp_path / "ruleset.yaml").write_text(DEALER_BIDS, encoding="utf-8")
    options = Game(load_ruleset(str(tmp_path)), 2, seed=1).options(0)
    rule = "the rules forbid take(from=pile[4]) now (the if of take, line 9: x)"
    said = _not_an_option("take(from=pile[4])", options, forbidden=lambda text: rule)
    assert said.startswith(f"'take(from=pile[4])' is not among this turn's options: {rule}; "), said
    said = _not_an_option("play(card=card red value=99)", options)
    assert said.startswith("'play(card=card red value=99)' is not among this turn's options (no option has an argument "
                           "card; bid's are n)"), said
    assert _not_an_option("card=card red value=99", options).startswith(  # (no call written out: each name typed)
        "'card=card red value=99' is not among this turn's options (no option has an argument card, value; bid's are n)")


# a card each seat may build or sell; the baths are built only with stone, which nobody has
BUILD_OR_SELL = """\
philtre: 1
game: draft
players: 2
components:
  card: {attributes: {name: [baths, press]}, each: player, start: hand}
zones:
  hand: {each: player, visible: owner}
  city: {each: player}
  discard: {}
variables:
  stone: {initial: 0, each: player}
actions:
  build:
    choose: {card: "hand[me]"}
    if: card.name != 'baths' or stone[me] > 0
    do:
      - move: card -> city[me]
  sell:
    choose: {card: "hand[me]"}
    do:
      - move: card -> discard
flow:
  - decide: [build, sell]
    player: 0
"""


def test_a_word_of_a_legal_option_and_of_one_the_rules_forbid_is_not_taken_for_the_legal_one(tmp_path):
    """A 7 Wonders trial typed `baths` to build the baths, which the rules forbid without stone: play took the one legal
    option with that word, sell(card=card baths), and sold the card (`build baths` was refused, and said why). A line
    without the action's name that an option the rules forbid also has is refused, saying why and how to type the
    legal one; with the action's name, as listed, or by its number, that one is taken."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(BUILD_OR_SELL, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 2, seed=1)
    options = game.options(0)
    forbidden = _forbidding(game, 0, options)
    sell = "sell(card=card baths (seat 0))"
    for typed in ("baths", "card baths"):
        assert match_choice(typed, options, forbidden=forbidden) == (
            f"'{typed}' names {sell}, option 2, but the rules forbid build(card=card baths (seat 0)) now (the if of build, "
            f"line 15: card.name != 'baths' or stone[me] > 0): for {sell}, type sell {typed}, the option whole, or its number, 2")
    for typed in ("sell baths", sell, "2"):
        assert match_choice(typed, options, forbidden=forbidden).label() == sell, typed
    assert match_choice("baths", options).label() == sell  # (what the rules forbid is not known: taken, as before)
    played = philtre("play", tmp_path, "--seat", "0", "--seed", "1", stdin="baths\n2\n")
    assert played.returncode == 0, played.stderr
    assert "'baths' names sell(card=card baths" in played.stderr and "= sell(card=card baths" in played.stderr, played.stderr


def test_the_options_said_again_do_not_read_as_only_one_when_there_are_several(tmp_path):
    """"the rules allow only 1. take(...); 2. take(...)" read as "only one option": several are said as the options
    they are, and one alone as the only one."""
    tutorial = (ROOT / "examples" / "tutorial" / "ruleset.yaml").read_text(encoding="utf-8")
    forced = tutorial.replace('    choose: {card: "hand[me]"}\n', '    choose: {card: "hand[me]"}\n    if: card.rank == 5\n')
    assert forced != tutorial
    (tmp_path / "ruleset.yaml").write_text(forced, encoding="utf-8")
    options = options_of(str(tmp_path), 2, 1)  # the hand is red 5, blue 6, red 2: only the red 5 may be played
    assert choose("blue", options) == (
        "'blue' is not among this turn's options; the only one is 1. play(card=card red rank=5) "
        "(type 1, or the option as listed)")
    several = options_of(str(ROOT / "examples" / "tutorial"), 2, 1)
    said = choose("green", several)
    assert "allow only" not in said and "options, which are: 1. " in said and "; 2. " in said, said


def test_a_long_line_that_names_no_option_is_not_said_back_whole():
    """A pasted page at the prompt was printed back whole in 'no legal option is ...', a screen (or megabytes) of it."""
    options = options_of(str(ROOT / "examples" / "tutorial"), 2, 1)
    said = choose("y" * 100_000, options)
    assert said.startswith(f"{'y' * 120!r}... is not among this turn's options, which are: "), said[:200]
    assert len(said) < 400
    typo = choose("--" + "2" * 100_000 + " -1 0", options_of("hue", 2, 3))
    assert typo.startswith(f"{'--' + '2' * 118!r}... is not a number"), typo[:300]
    assert len(typo) < 400


def test_a_variable_that_holds_zones_is_shown_as_the_recap_tells_them():
    """Poisons: the board said `drunk = [{'zone': 'goblet', 'index': 0}, ...]` below a recap that said `drunk = [goblet[0]]`."""
    result = philtre("play", "poisons", "-p", "4", "--seat", "1", "--seed", "7", "--variant", "advanced",
                     stdin="1\n" * 300, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "\n  drunk = [goblet[0], goblet[2], goblet[3]]\n" in result.stdout, result.stdout[-3000:]
    assert "{'zone'" not in result.stdout
    from philtre.dsl import load_ruleset
    from philtre.interpreter.render import plain

    poisons = load_ruleset("poisons")
    assert plain({"own": {"zone": "discard", "index": 0}, "at": {"zone": "nowhere", "index": 1}}, ruleset=poisons) == \
        "{'own': discard, 'at': {'zone': 'nowhere', 'index': 1}}"  # a single zone by its name; a map that is no zone as it is


def test_play_refuses_a_record_that_would_be_written_over_the_ruleset_played(tmp_path):
    """`philtre play pig.yaml --record pig.yaml` played the game, then wrote its record over the ruleset."""
    (tmp_path / "pig.yaml").write_text(PIG, encoding="utf-8")
    result = philtre("play", "pig.yaml", "--seed", "3", "--record", "./pig.yaml", stdin="1\n1\n", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert ("Invalid value for '--record': ./pig.yaml is a file of the game played (its ruleset or an overlay): "
            "the record would be written over it; give another file") in result.stderr
    assert "you are seat" not in result.stdout  # said before the deal
    assert (tmp_path / "pig.yaml").read_text(encoding="utf-8") == PIG


def test_game_over_says_whether_the_seat_played_won(tmp_path):
    """`game over: scores [7, 7], winners [1]` left the player to recall which seat was theirs; the view marks it `(you)`."""
    text = ("philtre: 1\ngame: level\nplayers: 2\nflow:\n  - score: {player: 0, add: 7}\n  - score: {player: 1, add: 7}\n"
            "winners: {highest: [\"score[p]\", \"p\"]}\n")
    (tmp_path / "level.yaml").write_text(text, encoding="utf-8")
    won = philtre("play", tmp_path / "level.yaml", "--seat", "1", "--seed", 1, stdin="")
    assert "game over: scores [7, 7], winners [1] (you), level on the score with seat 0 and ranked further by `p` (seed 1" \
        in won.stdout, won.stdout + won.stderr
    lost = philtre("play", tmp_path / "level.yaml", "--seat", "0", "--seed", 1, stdin="")
    assert "game over: scores [7, 7], winners [1], level on the score" in lost.stdout, lost.stdout + lost.stderr
    (tmp_path / "tie.yaml").write_text(text.replace('["score[p]", "p"]', '"score[p]"'), encoding="utf-8")
    shared = philtre("play", tmp_path / "tie.yaml", "--seat", "0", "--seed", 1, stdin="")
    assert "game over: scores [7, 7], winners [0, 1] (you among them) (seed 1" in shared.stdout, shared.stdout + shared.stderr


# -- an output whose reader is gone ----------------------------------------------------------------------

CONSOLE_SCRIPT = "import sys\nfrom philtre.interpreter.cli import main\nsys.exit(main())\n"  # as pip writes `philtre`


def launcher(kind: str, tmp_path) -> list:
    """The command line that starts philtre: `python -m philtre`, or a script named `philtre` as pip installs it."""
    if kind == "module":
        return [sys.executable, "-m", "philtre"]
    script = tmp_path / "philtre"
    script.write_text(CONSOLE_SCRIPT, encoding="utf-8")
    return [sys.executable, str(script)]


def reader_gone(command: list, stdin: str = "") -> tuple[int, str]:
    """Run ``command`` with its output a pipe whose reader has already gone (`| head -0`); its exit code and stderr."""
    process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    _, err = process.communicate(stdin.encode(), timeout=120)
    return process.returncode, err.decode()


@pytest.mark.parametrize("kind", ["module", "script"])
@pytest.mark.parametrize("seed", [None, "7"])
def test_play_whose_reader_is_gone_stops_quietly_but_says_the_seed(tmp_path, kind, seed):
    """`philtre play poison -p 3 | head -5` exited 1 saying nothing: a random deal's seed, said at the game's end, was lost."""
    chosen = ["--seed", seed] if seed else []
    code, err = reader_gone([*launcher(kind, tmp_path), "play", "poison", "-p", "3", *chosen], stdin="1\n" * 200)
    assert code == 1, err
    said = re.fullmatch(r"philtre: the output's reader is gone: game stopped \(seed (\d+): --seed \1 plays this deal again\)\n",
                        err)
    assert said and (seed is None or said[1] == seed), err


def test_play_whose_reader_is_gone_says_no_record_was_written(tmp_path):
    record = tmp_path / "mine.jsonl"
    code, err = reader_gone([sys.executable, "-m", "philtre", "play", "poison", "-p", "3", "--seed", "2", "--record", str(record)],
                            stdin="1\n" * 200)
    assert code == 1 and err == (f"philtre: the output's reader is gone: game stopped (seed 2: --seed 2 plays this deal again; "
                                 f"no record written to {record})\n"), err
    assert not record.exists()


ONE_DECISION = """\
philtre: 1
game: one
players: 2
actions:
  stop: {}
flow:
  - decide: stop
    player: 0
  - score: {player: 0, add: 1}
winners: {highest: "score[p]"}
"""


def test_play_whose_reader_goes_as_the_game_ends_still_writes_its_record(tmp_path):
    """The reader gone while play said the game's end (`| head`): the game had ended, but its record was not written."""
    (tmp_path / "one.yaml").write_text(ONE_DECISION, encoding="utf-8")
    record = tmp_path / "mine.jsonl"
    with open(tmp_path / "err", "w+b") as err:
        process = subprocess.Popen([sys.executable, "-m", "philtre", "play", str(tmp_path / "one.yaml"), "--seed", "3",
                                    "--record", str(record)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=err)
        while b"1. stop()" not in process.stdout.readline():  # the last decision is listed: the game waits for it
            assert process.poll() is None, "play ended before its decision"
        process.stdout.close()  # the reader goes: all that the game's end says meets a broken pipe
        process.communicate(b"1\n", timeout=120)
        err.seek(0)
        said = err.read().decode()
    assert process.returncode == 1, said
    assert "philtre: the output's reader is gone: game over, its end unsaid (seed 3: --seed 3 plays this deal again)\n" in said
    assert f"record written to {record}: philtre replay {record} re-runs it" in said
    assert "Traceback" not in said
    replayed = philtre("replay", record)
    assert replayed.returncode == 0 and "all events match" in replayed.stdout, replayed.stdout + replayed.stderr



def test_play_interrupted_as_the_game_ends_still_writes_its_record(tmp_path, monkeypatch):
    """Ctrl-C while play said the game's end: the game had ended, but no record was written and Python printed a traceback."""
    from click.testing import CliRunner

    from philtre.interpreter import cli_play
    from philtre.interpreter.cli import main

    (tmp_path / "one.yaml").write_text(ONE_DECISION, encoding="utf-8")
    record = tmp_path / "mine.jsonl"

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_play, "_say_end", interrupted)
    result = CliRunner().invoke(main, ["play", str(tmp_path / "one.yaml"), "--seed", "3", "--record", str(record)], input="1\n")
    said = result.output  # (stdout and stderr together, in every click from 8.1)
    assert result.exit_code == 130, said
    assert "philtre: interrupted: game over, its end unsaid (seed 3: --seed 3 plays this deal again)\n" in said
    assert f"record written to {record}" in said
    replayed = philtre("replay", record)
    assert replayed.returncode == 0 and "all events match" in replayed.stdout, replayed.stdout + replayed.stderr


# -- the screen: what it says at the start and at each decision ----------------------------------------------

PILES = """\
philtre: 1
game: piles
description: >
  Take a card from the deck or the discard,
  then keep one, all at once.
players: 2
components:
  card: {attributes: {rank: [1, 2]}, derive: {marks: "[rank, 0]"}, start: deck, copies: 2}
zones:
  deck: {visible: everyone}
  discard: {visible: everyone}
  hand: {each: player, visible: owner}
  kept: {each: player, visible: owner}
actions:
  take:
    choose: {pile: "[z for z in [deck, discard] if count(z) > 0]"}
    do:
      - move: last(pile) -> hand[me]
  keep:
    choose: {card: "hand[me]"}
    do:
      - move: card -> kept[me]
flow:
  - move: last(deck) -> discard
  - turns: 0
    until: count(deck) == 0 and count(discard) == 0
    do:
      - decide: take
  - simultaneous: keep
winners: '[0]'
"""


def test_play_names_a_single_zone_and_a_list_attribute_in_the_options_as_the_board_does(tmp_path):
    """The options read `take(pile=deck[0])` (`deck[0]` is the deck's bottom card in the language) where the board says
    `deck`, and `marks=[1, 0]` where the hand says `marks=[1,0]`; the option as listed is typed back as the board writes it."""
    (tmp_path / "piles.yaml").write_text(PILES, encoding="utf-8")
    result = philtre("play", tmp_path / "piles.yaml", "--seat", "1", "--seed", "1", stdin="take(pile=deck)\n1\n1\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "  deck: [card rank=1 marks=[1,0] x2]" in lines and "    1. take(pile=deck)" in lines, result.stdout
    assert "  > seat 0: take(pile=deck)" in lines, result.stdout  # the recap said it so already
    assert "  hand[1] (you): [card rank=1 marks=[1,0], card rank=2 marks=[2,0]]" in lines, result.stdout
    assert "    2. keep(card=card rank=2 marks=[2,0])" in lines, result.stdout
    assert "no legal option" not in result.stderr, result.stderr


def test_hue_options_write_a_card_as_the_hand_shows_it():
    """HUE's options wrote `colors=[2, 1, 4]`, its hand `colors=[2,1,4]`."""
    result = philtre("play", "hue", "-p", "2", "--seed", "1", stdin="")
    lines = result.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  hand[0] (you): "))
    hand = " ".join([lines[at], *itertools.takewhile(lambda line: line.startswith("      "), lines[at + 1:])])  # (wrapped)
    first = next(line for line in lines if line.startswith("    1. play(card="))
    card = re.match(r"    1\. play\(card=(.*), at=\(", first)[1]
    assert ", " not in card and f"[{card}, " in hand, (card, hand)


def test_play_says_the_rulesets_description_at_the_start_and_a_simultaneous_decision_as_such(tmp_path):
    (tmp_path / "piles.yaml").write_text(PILES, encoding="utf-8")
    result = philtre("play", tmp_path / "piles.yaml", "--seat", "1", "--seed", "1", stdin="1\n1\n1\n")
    lines = result.stdout.splitlines()
    assert lines[:2] == ["piles: 2 players, you are seat 1", "Take a card from the deck or the discard, then keep one, all at once."]
    at_once = [i for i, line in enumerate(lines) if line.startswith("  at once:")]
    assert [lines[i] for i in at_once] == ["  at once: seats 0, 1 choose in secret (seat 0 has chosen)"], result.stdout
    assert lines[at_once[0] + 1] == "    1. keep(card=card rank=1 marks=[1,0])", result.stdout  # right above the options


CALLS = """\
philtre: 1
game: calls
players: 2
variables:
  first_caller: -1
actions:
  call:
    do:
      - when: first_caller == -1
        set: {first_caller: me}
  wait: {}
flow:
  - simultaneous: [call, wait]
    players: "[1, 0]"
  - simultaneous: wait
winners: '[0]'
"""


def test_play_tells_every_decision_of_a_simultaneous_step_yours_too_before_their_effects(tmp_path):
    """A new user's Coup: a step records every seat's decision, then the effects in the step's `players` order. The
    seat's own decision was left out, so its effect read as the other seat's: `> seat 0: call()` then
    `first_caller = 1`. Each decision is told in the order their effects run, the seat's own marked (you)."""
    (tmp_path / "calls.yaml").write_text(CALLS, encoding="utf-8")
    result = philtre("play", tmp_path / "calls.yaml", "--seat", "1", "--seed", "1", stdin="1\n1\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    first = lines.index("  > seat 1 (you): call()")
    assert lines[first:first + 3] == ["  > seat 1 (you): call()", "  > seat 0: call()", "      first_caller = 1"], result.stdout
    second = lines.index("  > seat 0: wait()")  # the second step's seats in seat order: seat 0's effects run first
    assert lines[second + 1] == "  > seat 1 (you): wait()", result.stdout


def test_a_decision_of_one_seat_says_nothing_of_at_once():
    """Poison's turns are one seat's: nothing is said above their options but the action's description."""
    result = philtre("play", "poison", "-p", "3", "--seed", "1", stdin="1\n" * 200)
    assert result.returncode == 0 and "at once" not in result.stdout, result.stdout
    assert result.stdout.splitlines()[1].startswith("Play a card into a cauldron each turn;"), result.stdout


def test_pok_says_every_seat_shows_at_once():
    result = philtre("play", "pok", "-p", "3", "--seed", "1", stdin="1\n")
    assert "\n  at once: seats 0, 1, 2 choose in secret\n" in result.stdout, result.stdout


def test_an_option_chosen_by_its_number_is_said_back():
    """A bid list 1. raise(amount=14) ... 5. raise(amount=18): `5` meant to bid 5 bid 18, and nothing said what `5` chose
    (the seat's own decisions are not told). Said on stderr, beside the prompt; words typed are said back too."""
    by_number = philtre("play", "pok", "-p", "3", "--seed", "1", stdin="1\n" * 60, timeout=120)
    assert by_number.returncode == 0, by_number.stderr
    assert "  = show(counter=counter disc" in by_number.stderr, by_number.stderr
    by_words = philtre("play", "pok", "-p", "3", "--seed", "1", stdin="disc\n" * 60, timeout=120)
    assert "  = show(counter=counter disc" in by_words.stderr, by_words.stderr


NOTES = """\
philtre: 1
game: notes
players: 3
components:
  chip: {attributes: {size: [1]}, start: pot}
zones:
  pot: {}
variables:
  notes: {initial: [], each: player}
  turns_left: 2
define:
  long: "['a note long enough to matter', 'another long note', 'and a third']"
actions:
  mark:
    do:
      - set: {notes: "[notes[p] + ['marked'] if p == me else notes[p] for p in players]"}
  wait: {}
flow:
  - set: {notes: "[long for p in players]"}
  - until: turns_left == 0
    do:
      - decide: mark
        player: 0
      - decide: [wait]
        player: 1
      - set: {turns_left: turns_left - 1}
winners: {highest: "score[p]"}
"""


def test_a_long_per_seat_value_set_whole_is_told_a_line_a_seat_and_only_where_it_changed(tmp_path):
    """A new user's Hanabi set `told` (a list of 5 maps a seat) whole: each event line was the whole value, 387
    characters for 2 players, while the board wrote it a line a seat. Told as the board does, the seats that changed."""
    (tmp_path / "notes.yaml").write_text(NOTES, encoding="utf-8")
    result = philtre("play", tmp_path / "notes.yaml", "--seat", "1", "--seed", "1", stdin="1\n" * 2, timeout=60)
    assert result.returncode == 0, result.stderr
    notes = "['a note long enough to matter', 'another long note', 'and a third'"
    told = [line for line in result.stdout.splitlines() if line.startswith("      notes")]
    assert told == [f"      notes[{i}] = {notes}]" for i in range(3)] + [
        f"      notes[0] = {notes}, marked]", f"      notes[0] = {notes}, marked,"], result.stdout
    assert f"      notes[0] = {notes}, marked,\n          marked]\n" in result.stdout  # (101 columns: broken after a comma)
    assert "notes = " not in result.stdout


def test_a_choice_typed_as_words_is_said_back_unless_typed_whole_as_listed(tmp_path):
    """Only a number was said back: a word that matched another option than meant went unnoticed."""
    (tmp_path / "notes.yaml").write_text(NOTES, encoding="utf-8")
    result = philtre("play", tmp_path / "notes.yaml", "--seat", "1", "--seed", "1", stdin="wait\nwait()\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("  = wait()") == 1, result.stderr


@pytest.mark.parametrize("case", ["choice among hidden components", "an action allowed by what another seat's hand holds",
                                  "a public roll copied into a variable only its owner sees",
                                  "a public score of what a hidden hand holds",
                                  "a public variable set from one only its owner sees",
                                  "a public choice kept in a variable only its owner sees",
                                  "a public zone shuffled, then put in that order on a hidden deck"])
def test_play_says_before_the_deal_what_the_options_or_a_roll_show_that_the_seat_cannot_see(tmp_path, case):
    """A Hanabi hand held facing out (`choose: {card: "hand[me]"}`, visible: others) listed the seat's own unseen cards
    at play with no word: only validate warned (L008), if it was run. L021 and L024 are said as well, L030 (a
    score of a hand only its owner sees, which every seat sees), L031 (a variable every seat sees, set from one only
    its owner sees), L033 (a choice every seat is told, kept in a variable only its owner sees) and L040 (a public
    discard shuffled, then put in that order on the face-down deck)."""
    from test_lints import CASES, where

    text, code, needle, words = CASES[case]
    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    result = philtre("play", tmp_path, "-p", "2", "--seed", "1", stdin="")
    said = result.stderr.splitlines()
    assert said[0] == (f"warning: this game's options (or a public roll, score, variable or shuffle) may show a seat what it cannot see; "
                       f"`philtre validate {tmp_path}` says how to fix each:"), result.stderr
    line, col = where(text, needle)
    assert said[1].startswith(f"  {tmp_path / 'ruleset.yaml'}:{line}:{col}: {code} ") and words in said[1], result.stderr


def test_play_says_nothing_of_a_finding_silenced_on_its_line_nor_of_a_game_without_one(tmp_path):
    """The comment that silences validate's warning silences play's; the shipped games have none to say."""
    from test_lints import CASES

    text, *_ = CASES["choice among another seat's hidden hand"]
    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    assert "L008" in philtre("play", tmp_path, "-p", "2", "--seed", "1", stdin="").stderr
    silenced = text.replace('steal: "hand[left(me)]"}\n', 'steal: "hand[left(me)]"}   # philtre: ignore[L008]\n')
    (tmp_path / "ruleset.yaml").write_text(silenced, encoding="utf-8")
    assert "warning" not in philtre("play", tmp_path, "-p", "2", "--seed", "1", stdin="").stderr
    assert "warning" not in philtre("play", "poison", "-p", "3", "--seed", "1", stdin="").stderr


RESETS = """\
philtre: 1
game: resets
players: 2
components:
  chip: {attributes: {size: [1]}, start: pot}
zones:
  pot: {}
variables:
  act: none
  rounds_left: 3
actions:
  tax:
    do:
      - set: {act: "'tax'"}
  wait: {}
flow:
  - until: rounds_left == 0
    do:
      - set: {act: none}
      - decide: [tax, wait]
        player: 0
      - decide: wait
        player: 1
      - set: {rounds_left: rounds_left - 1}
winners: {highest: "score[p]"}
"""


def test_play_does_not_retell_a_set_that_leaves_a_value_as_the_seat_was_told_it(tmp_path):
    """A new user's Coup reset seven bookkeeping variables each turn, most of them already so: a quarter of play's lines
    said `act = none` and the like again. Said when the value changes (or is first set), not when a set leaves it so."""
    (tmp_path / "resets.yaml").write_text(RESETS, encoding="utf-8")
    result = philtre("play", tmp_path / "resets.yaml", "--seat", "1", "--agents", "random", "--seed", "4",
                     stdin="1\n" * 10, timeout=60)
    assert result.returncode == 0, result.stderr
    told = [line.strip() for line in result.stdout.splitlines() if line.startswith("      act = ")]
    decisions = re.findall(r"> seat 0: (tax|wait)", result.stdout)
    assert decisions == ["wait", "wait", "tax"], result.stdout  # (seed 4: two resets that leave act as it was)
    expected, value = [], None
    for choice in decisions:  # each turn: act = none (told if act was tax), then seat 0's choice (tax sets it)
        if value != "none":
            expected.append("act = none")
            value = "none"
        if choice == "tax":
            expected.append("act = tax")
            value = "tax"
    assert told == expected, (told, result.stdout)
    assert len([line for line in result.stdout.splitlines() if "rounds_left = " in line and line.startswith("      ")]) == 3


def test_play_does_not_tell_a_set_that_leaves_a_value_as_the_board_showed_it(tmp_path):
    """A new user's No Thanks! said `took = false` under the first pay of every game, though the board above the choice
    showed `took = false`: play noted what it had told, not what the board showed. A change from it is told."""
    (tmp_path / "retell.yaml").write_text(
        "philtre: 1\ngame: retell\nplayers: 2\nvariables:\n  flag: false\n  mine: {initial: 0, each: player, visible: owner}\n"
        "actions:\n  go:\n    do:\n      - set: {flag: false}\n      - set: {\"mine[me]\": 0}\n"
        "  flip:\n    do:\n      - set: {flag: true}\n      - set: {mine: \"[1, 1]\"}\n"
        "flow:\n  - repeat: 2\n    do:\n      - decide: [go, flip]\n        player: 0\n", encoding="utf-8")
    result = philtre("play", tmp_path / "retell.yaml", "--seed", "1", stdin="1\n2\n", timeout=60)
    assert result.returncode == 0, result.stderr
    told = [line.strip() for line in result.stdout.splitlines() if line.startswith("      ")]
    assert told == ["flag = true", "mine[0] = 1"], result.stdout  # (a list's entries changed, few: told by entry)


FLIPPED = """\
game: flips
players: 2
components:
  tile:
    attributes: {kind: [bar]}
    derive: {cells: "[1, 2]"}
    start: hand
zones:
  hand: {visible: everyone}
  board: {grid: {}, visible: everyone}
actions:
  lay:
    choose: {tile: hand, flip: "[false, true]", at: "placements(board, tile)"}
    do:
      - place: {piece: tile, to: board, at: at}
flow:
  - decide: lay
    player: 0
winners: {highest: "score[p]"}
"""


def test_options_at_one_position_differing_in_another_argument_are_told_apart_by_its_words(tmp_path):
    """Patchwork: two options at '4 4 90 s4' differed only by flip=false/true, and play asked for 'a word of the
    piece', which no word of the piece could give; the words that tell the options apart are now named."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    path = tmp_path / "flips.yaml"
    path.write_text(FLIPPED, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    options = game.options(0)
    said = choose("0 0 0", options)
    assert said.startswith("2 options are at that position; add a word that tells them apart (flip=false, flip=true): "
                           "typed alone, it is read with x=0 y=0 rot=0; or type a number: "), said
    assert choose("0 0 0 flip=true", options) is next(o for o in options if dict(o.args)["flip"] is True)
    said = choose("at=(x=0, y=0, rot=0) tile", options)  # the position as listed, and a word of the piece
    assert said.startswith("2 options match; write more of one: ") and "flip=false (option 1), flip=true (option 5)" in said, said


def test_a_turn_typed_that_placements_leaves_out_says_the_turns_offered_there(tmp_path):
    """A square of one colour is offered at rot 0 alone (placements lists a piece that looks the same turned once):
    '0 0 180' said only 'no legal option', as if nothing went at (0, 0); it names the turns that do."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    path = tmp_path / "square.yaml"
    path.write_text(FLIPPED.replace('derive: {cells: "[1, 2]"}', 'derive: {cells: "[1, 1, 1, 1]", shape: "[[0, 0], [1, 0], [0, 1], [1, 1]]"}')
                    .replace('flip: "[false, true]", ', ""), encoding="utf-8")
    options = Game(load_ruleset(str(path)), 2, seed=1).options(0)
    assert choose("0 0 0", options) is options[0] and len(options) == 1
    said = choose("0 0 180", options)
    assert said == ("no legal option at x=0 y=0 rot=180 (at x=0 y=0: rot 0; a piece that looks the same turned is "
                    "offered at the least rot that gives it)"), said
    assert choose("5 5 0", options) == "no legal option at x=5 y=5 rot=0"


MIXED_CELLS = """\
game: mixed-cells
players: 1
components:
  tile:
    attributes: {k: [0, 1]}
    derive:
      cells: "['apple', 'avocado', 27, none] if k == 0 else [true, -10, 2.5, 0]"
    start: hand
zones: {hand: {}, board: {grid: {resolution: 1}}}
actions:
  put:
    choose: {t: hand, at: "placements(board, t)"}
    if: at.rot == 0 and at.overlap == 0
    do:
      - place: {piece: t, to: board, at: at}
flow:
  - repeat: 2
    do:
      - decide: put
        player: 0
"""


def test_a_grid_is_drawn_with_a_symbol_of_its_own_for_each_value_and_a_legend_that_names_them(tmp_path):
    """Patchwork: apple and avocado were both drawn A, under a legend 'A=0, B=1, ...' (A also meant 0); 27 and 2.5
    were both '2', true 'B'; and negative columns' numbers ran together (-3-2-10)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.render import render_view

    path = tmp_path / "mixed.yaml"
    path.write_text(MIXED_CELLS, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    game = Game(ruleset, 1, seed=1)
    for typed in (1, 1):
        game.apply(0, game.options(0)[typed - 1])
    text = render_view(game.view(0), ruleset)
    legend = re.search(r"board \(x across, y down; (.*)\):", text).group(1)
    symbols = dict(pair.split("=", 1) for pair in legend.split("; ")[0].split(", "))
    assert sorted(symbols.values()) == sorted(["-10", "2.5", "27", "apple", "avocado", "true"]), legend
    assert "0" not in symbols and legend.endswith("; - is blank; . is no cell")  # 0-9 their digits: not named
    drawing = text[text.index("board (x across"):].splitlines()[1:]
    header = drawing[0].split()
    assert header == [str(x) for x in range(int(header[0]), int(header[-1]) + 1)], drawing[0]  # columns apart
    drawn = "".join(drawing[1:])
    for symbol in [*symbols, "-"]:
        assert symbol in drawn, (symbol, drawing)


LEGEND = """\
philtre: 1
game: legend
players: 1
components:
  chip:
    attributes: {v: 10..23}
    derive: {cells: "[v]"}
    start: pile
zones:
  pile: {}
  board: {grid: {resolution: 1, width: 14, height: 1}}
actions:
  done: {}
flow:
  - for: c in pile
    do:
      - place: {piece: c, to: board, at: "{'x': c.v - 10, 'y': 0, 'rot': 0}"}
  - decide: done
    player: 0
"""


def test_the_grid_legend_names_every_value_drawn_however_many_wrapped_as_a_zone_line(tmp_path):
    """Tsuro trial: the legend stopped after 12 values ('V=21 and 2 more'), and W and X, drawn on the board, were named
    nowhere (language.md: the legend names the values on the board). Every one is named; play's board wraps the line
    after a comma, as it wraps a zone's."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.render import BOARD_LINE, render_view

    (tmp_path / "ruleset.yaml").write_text(LEGEND, encoding="utf-8")
    ruleset = load_ruleset(str(tmp_path))
    game = Game(ruleset, 1, seed=1)
    text = render_view(game.view(0), ruleset)
    legend = re.search(r"board \(x across, y down; (.*)\):", text).group(1)
    assert legend == ", ".join(f"{ch}={v}" for ch, v in zip("KLMNOPQRSTUVWX", range(10, 24))), legend
    played = render_view(game.view(0), ruleset, played=True)
    head = played[played.index("  board (x across"):played.index("):\n") + 2].splitlines()
    assert len(head) == 2 and all(len(line) <= BOARD_LINE for line in head), head
    assert head[0].endswith("V=21,") and head[1].strip() == "W=22, X=23):", head
    assert played.splitlines()[played.splitlines().index(head[1]) + 2].split() == ["0", *"KLMNOPQRSTUVWX"]


def test_a_blank_cell_is_drawn_as_a_blank_not_as_a_value_named_none():
    """A piece's blank (none) cells were drawn 'N' under 'N=none', as if none were a value on the board; a grid with
    no value at all read '(x across, y down; ; * is a mark ...)'."""
    from philtre.interpreter.render import render_grid

    frame = {"type": "frame", "id": 0, "cells": [None, None, 1]}
    zone = {"components": [frame], "placements": [{"id": 0, "x": 0, "y": 0, "rot": 0}]}
    legend, lines = render_grid(zone, 1)
    assert legend == "- is blank" and lines[1].split() == ["0", "-", "-", "1"], (legend, lines)
    legend, lines = render_grid({"components": [{**frame, "cells": [None]}], "placements": zone["placements"]}, 1)
    assert legend == "- is blank" and lines[1].split() == ["0", "-"], (legend, lines)


def test_the_pieces_stacked_in_a_cell_are_listed_under_the_drawing_which_shows_the_top_one():
    """Santorini: the drawing showed a worker on a tower of three, and not the tower; the cells where pieces lie on one
    another are listed under it, their pieces the lowest first, cells of the same pieces on one line (tiles
    overlapping over two cells); none where no cell holds two."""
    from philtre.interpreter.render import stack_lines

    def piece(i, kind, cells, owner=None):
        return {"type": kind, "id": i, "cells": cells, **({"level": cells[0]} if owner is None else {"owner": owner})}

    zone = {"components": [piece(0, "block", [1]), piece(1, "block", [2]), piece(2, "worker", ["A"], 0),
                           piece(3, "block", [1]), piece(4, "tile", [1, 1]), piece(5, "tile", [2, 2])],
            "placements": [{"id": i, "x": x, "y": y, "rot": 0} for i, x, y in
                           [(0, 1, 2), (1, 1, 2), (2, 1, 2), (3, 0, 0), (4, 3, 0), (5, 3, 0)]]}
    assert stack_lines(zone, 1) == ["stacked (lowest first):", "  x=3 y=0, x=4 y=0: tile level=1, tile level=2",
                                    "  x=1 y=2: block level=1, block level=2, worker (seat 0)"]
    alone = {"components": zone["components"][:4], "placements": zone["placements"][2:4]}
    assert stack_lines(alone, 1) == []


PIECES = """\
philtre: 1
game: pieces
players: 1
components:
  man:  {derive: {cells: "['b']"}, start: pool}
  king: {derive: {cells: "['B']"}, start: pool}
  tree: {derive: {cells: "['apple']"}, start: pool}
  bush: {derive: {cells: "['avocado']"}, start: pool}
zones:
  pool: {}
  board: {grid: {resolution: 1, width: 4, height: 1}, visible: everyone}
actions:
  put:
    choose: {c: pool}
    do:
      - place: {piece: c, to: board, at: "{'x': count(board), 'y': 0, 'rot': 0}"}
flow:
  - repeat: 4
    do:
      - decide: put
        player: 0
"""


@pytest.mark.parametrize("cells, blank, legend, drawn", [
    (["+", "-", "|"], False, "", ["+", "-", "|"]),  # a board of lines: drawn K, L, M under 'K=+, L=-, M=|'
    (["+", "-", "|"], True, "K=+, L=-, M=|; - is blank", ["K", "L", "M", "-"]),  # '-' is the blank's: letters, as before
    (["+", ".", "|"], False, "K=+, L=., M=|", ["K", "L", "M"]),  # '.' is an empty cell's
    (["+", "ab", "|"], False, "K=+, A=ab, L=|", ["K", "A", "L"]),  # not each one character: letters, as before
    (["X", "o", "x"], False, "", ["X", "o", "x"]),
])
def test_a_grid_whose_values_are_each_one_character_draws_them_as_themselves(cells, blank, legend, drawn):
    """A new user's Dots and Boxes drew its '+', '-' and '|' as K, L and M, with a legend to read them back; a legend
    naming letters drawn as themselves (Quarto's 'D=D, F=F') said nothing. Each is drawn as itself, and not named,
    where no value's character is one the drawing shows for something else."""
    from philtre.dsl.geometry import Bounded
    from philtre.interpreter.render import render_grid

    pieces = [{"type": "mark", "id": i, "cells": [value]} for i, value in enumerate(cells)]
    pieces += [{"type": "frame", "id": len(cells), "cells": [None]}] if blank else []
    zone = {"components": pieces, "placements": [{"id": i, "x": i, "y": 0, "rot": 0} for i in range(len(pieces))]}
    said, lines = render_grid(zone, Bounded(1, len(pieces), 1), every=cells)
    assert said == legend and lines[1].split() == ["0", *drawn], (said, lines)


MARKS = """\
philtre: 1
game: marks
players: 2
components:
  mark: {attributes: {v: ['+', '-', '|']}, derive: {cells: "[v]"}, start: bag}
zones:
  bag: {}
  board: {grid: {resolution: 1, width: 3, height: 1}}
actions:
  pass: {}
flow:
  - for: m in bag
    do:
      - place: {piece: m, to: board, at: {x: "0 if m.v == '+' else (1 if m.v == '-' else 2)", y: 0, rot: 0}}
  - decide: pass
    player: 0
"""


def test_a_board_drawn_with_no_legend_says_only_its_axes(tmp_path):
    """The view names no value where each is drawn as itself: `board (x across, y down):`, no empty '; '."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.render import render_view

    (tmp_path / "ruleset.yaml").write_text(MARKS, encoding="utf-8")
    ruleset = load_ruleset(str(tmp_path))
    text = render_view(Game(ruleset, 2, seed=1).view(0), ruleset)
    assert "  board (x across, y down):\n" in text and ["0", "+", "-", "|"] in [line.split() for line in text.splitlines()], text


@pytest.mark.parametrize("order", [("man", "bush", "king", "tree"), ("king", "tree", "bush", "man")])
def test_a_value_keeps_its_symbol_for_the_whole_game(tmp_path, order):
    """A new user's checkers: men ('b') were drawn B until a king ('B') came on the board, then b beside the king's B
    (symbols were given again at each drawing, to the values on the board). Each value now keeps one symbol, a
    one-letter value its own letter."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.render import render_view

    path = tmp_path / "pieces.yaml"
    path.write_text(PIECES, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    game = Game(ruleset, 1, seed=1)
    seen: dict = {}
    for kind in order:
        game.apply(0, next(o for o in game.options(0) if o.args[0][1]["type"] == kind))
        text = render_view(game.view(0), ruleset)
        legend = re.search(r"board \(x across, y down; (.*)\):", text).group(1).split("; ")[0]
        drawn = text[text.index("board (x across"):].splitlines()[2].split()[1:]
        for pair in legend.split(", ") if "=" in legend else ():  # (none where each value on the board is drawn as itself)
            symbol, value = pair.split("=", 1)
            assert seen.setdefault(value, symbol) == symbol, (value, legend)
        pieces = game.state.zones["board"][0]  # (at x = 0, 1, ... in the order placed; the board's other cells empty)
        # (a value the legend does not name is drawn as itself)
        assert drawn == [seen.get(piece["cells"][0], piece["cells"][0]) for piece in pieces] + ["."] * (4 - len(pieces)), text
    assert seen == {"apple": "A", "avocado": "V"}, seen  # b and B drawn as themselves: 'b=b, B=B' said nothing


@pytest.mark.parametrize("values, legend", [
    (["black", "blue", "red", "white", "yellow"], "B=black, L=blue, R=red, W=white, Y=yellow"),
    ([0, 1, "apple", "avocado"], "A=apple, V=avocado"),  # 0 and 1 their digits (A-J until 2026-12-07, apple then P)
    ([0, 1, 27, "apple"], "K=27, A=apple"),  # 27 no digit, though 2 lies nowhere: a digit is the number's
    (["b", "blue", "bob"], "L=blue, O=bob"),  # b drawn as itself: blue's B would be b's capital
    (["aa", "ab"], "A=aa, B=ab"),
    # no letter of its own is left that is no other value's initial: its own initial free in the other case (B=ab,
    # b=ba until a Patchwork trial: B, ba's initial, read as ba)
    (["aa", "ab", "ba"], "A=aa, a=ab, B=ba"),
    # a Patchwork trial's legend read `L=I4, l=L3, N=L4, O=L5, o=O4`: spare letters that were other values' initials
    (["I2", "I3", "I4", "L3", "L4", "L5", "O4"], "I=I2, i=I3, K=I4, L=L3, l=L4, M=L5, O=O4"),
    ([0, 1, 27, "apple", "kiwi"], "L=27, A=apple, K=kiwi"),  # 27 not K, kiwi's initial, though K is given first
    (["apple", "avocado", "violet"], "A=apple, O=avocado, V=violet"),  # avocado's own V is violet's initial
])
def test_no_two_values_of_a_grid_are_drawn_with_one_letter_in_two_cases(values, legend):
    """An Azul trial's wall legend read `B=black, b=blue`: the two colours told apart by case alone. A value is drawn
    with the first of its letters that no other value has in either case, where one is left; and with a letter that is
    no other value's initial, where one is free, so that a letter that is a value's initial means that value."""
    from philtre.dsl.geometry import Bounded
    from philtre.interpreter.render import render_grid

    pieces = [{"type": "tile", "id": i, "cells": [value]} for i, value in enumerate(values)]
    zone = {"components": pieces, "placements": [{"id": i, "x": i, "y": 0, "rot": 0} for i in range(len(pieces))]}
    said, _ = render_grid(zone, Bounded(1, len(pieces), 1), every=values)
    assert said == legend, said


def test_one_digit_numbers_are_drawn_as_their_digits_beside_one_letter_words():
    """A Santorini trial: levels 1-4 were drawn B-E and then took the workers' letters, worker 'B' drawn b under
    `B=1, C=2, D=3, b=B`; all-number cells 1..8 read B..I. A whole number 0-9 is drawn as its digit, the words as
    themselves, nothing named; a word '1' beside the number 1 is not drawn alike."""
    from philtre.dsl.geometry import Bounded
    from philtre.interpreter.render import render_grid

    def drawn(values):
        pieces = [{"type": "tile", "id": i, "cells": [value]} for i, value in enumerate(values)]
        zone = {"components": pieces, "placements": [{"id": i, "x": i, "y": 0, "rot": 0} for i in range(len(pieces))]}
        legend, lines = render_grid(zone, Bounded(1, len(pieces), 1), every=values)
        return legend, lines[1].split()[1:]

    assert drawn([1, 2, 3, 4, "A", "B"]) == ("", ["1", "2", "3", "4", "A", "B"])
    assert drawn([1, 8, 0]) == ("", ["1", "8", "0"])
    legend, cells = drawn([1, "1", True, 10])
    assert len(set(cells)) == 4 and cells[0] == "1" and "=true" in legend and "=10" in legend, (legend, cells)


class _Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_searching_agent_is_said_to_be_thinking_on_a_terminal_and_the_line_erased():
    """A game against ismcts seats was silent for seconds at each of their turns, and looked hung."""
    from philtre.interpreter.agents import make_agent
    from philtre.interpreter.cli_play import _thinking

    erased = "\r\033[K"
    for name, terminal, said in (("ismcts", True, "seat 2 (ismcts) is thinking..." + erased),
                                 ("greedy", True, "seat 2 (greedy) is thinking..." + erased),
                                 ("random", True, ""), ("ismcts", False, "")):
        stream = _Terminal() if terminal else io.StringIO()
        with _thinking(2, make_agent(name, 1), stream):
            pass
        assert stream.getvalue() == said, (name, terminal)


def test_the_grid_legend_names_marks_and_dots_only_where_the_drawing_shows_them():
    """The legend always said '* is a mark; . is no cell', on boards with no mark and where '.' is an empty square of a
    board of fixed size (Santorini trial): it names '*' where a mark is drawn, '.' as no cell between pieces on a grid
    without edges and as an empty cell on a board of fixed size."""
    from philtre.dsl.geometry import Bounded
    from philtre.interpreter.render import render_grid

    marked = {"type": "tile", "id": 0, "cells": [{"solid": 1, "mark": True}]}
    plain_ = {"type": "tile", "id": 1, "cells": [2]}
    apart = {"components": [marked, plain_], "placements": [{"id": 0, "x": 0, "y": 0, "rot": 0}, {"id": 1, "x": 2, "y": 0, "rot": 0}]}
    legend, lines = render_grid(apart, 1)
    assert legend == "* is a mark; . is no cell" and lines[1].split() == ["0", "*", ".", "2"], (legend, lines)
    legend, lines = render_grid({"components": [plain_], "placements": [{"id": 1, "x": 0, "y": 0, "rot": 0}]}, Bounded(1, 2, 1))
    assert legend == ". is an empty cell" and lines[1].split() == ["0", "2", "."], (legend, lines)


HEIGHTS = """\
philtre: 1
game: heights
players: 2
components:
  worker: {copies: 1, start: pool}
zones:
  pool: {visible: everyone}
variables:
  level: {initial: [[0, 0, 0], [0, 2, 0], [0, 0, 13]], visible: everyone}
  chart: {initial: [[0, 1, 0], [1, 0, 0]], each: player, visible: owner}
actions:
  build:
    choose: {x: "range(3)"}
    do:
      - set: {level: "put(level, 1, put(level[1], x, level[1][x] + 1))", "chart[me]": "[[1, 1, 0], [1, 0, 0]]"}
flow:
  - decide: build
    player: 0
"""


def test_a_table_variable_is_drawn_as_rows(tmp_path):
    """A number per cell of a board (Santorini's heights) was one long line, `level = [[0, 0, 0], [0, 2, 0], ...]`, to map
    onto the drawing by hand: a list of lists of one length is drawn a row a line, each with its index, under its
    columns' numbers; a seat's own table of a per-seat variable too (Battleship's shot chart was one 100-number line),
    another seat's hidden one staying `hidden`."""
    (tmp_path / "heights.yaml").write_text(HEIGHTS, encoding="utf-8")
    result = philtre("play", "heights.yaml", "--seed", "1", stdin="3\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "\n  level =\n" + " " * 10 + "0  1  2\n" "    [0]   0  0  0\n    [1]   0  2  0\n    [2]   0  0 13\n" in result.stdout, result.stdout
    assert "\n  level =\n" + " " * 10 + "0  1  2\n" "    [0]   0  0  0\n    [1]   0  2  1\n" in result.stdout, result.stdout  # after the set
    assert "\n  chart[0] =\n" + " " * 9 + "0 1 2\n" "    [0]  0 1 0\n    [1]  1 0 0\n  chart[1] = hidden\n" in result.stdout, result.stdout
    # what happened tells a table set as the board draws it (a Stratego trial's 8 x 8 board: one 352-character line)
    assert "\n      chart[0] =\n" + " " * 15 + "0 1 2\n" "          [0]  1 1 0\n          [1]  1 0 0\n" in result.stdout, result.stdout
    assert "\n      level =\n" in result.stdout and "level = [[" not in result.stdout, result.stdout


SLIDE = """\
philtre: 1
game: argname
players: 1
components:
  man: {copies: 2, derive: {cells: "[0]"}}
zones:
  box: {}
  board: {grid: {resolution: 1, width: 3, height: 1}}
actions:
  setup:
    do:
      - place: {piece: "box[0]", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
      - place: {piece: "box[0]", to: board, at: "{'x': 2, 'y': 0, 'rot': 0}"}
  slide:
    choose: {piece: board, x: range(3)}
    if: piece_at(board, x, 0) == none
    do:
      - place: {piece: piece, to: board, at: "{'x': x, 'y': 0, 'rot': 0}"}
flow:
  - decide: setup
    player: 0
  - decide: slide
    player: 0
"""


def test_a_value_typed_after_an_argument_s_name_is_that_argument_s_not_a_piece_s_placement(tmp_path):
    """Santorini trial: `x=0` took slide(piece=man at x=0 y=0 rot=0, x=1), its piece's placement holding the word x=0,
    though no option's argument x is 0; and to tell two options apart play offered `x=0, x=2`, which typed would be x's."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.options import placed_wording, single_zones, view_placements

    (tmp_path / "slide.yaml").write_text(SLIDE, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path / "slide.yaml")), 1, seed=1)
    game.apply(0, game.options(0)[0])
    options, words = game.options(0), placed_wording(single_zones(game.ruleset), view_placements(game.view(0)))
    assert choose("x=0", options, words).startswith("'x=0' is not among this turn's options"), choose("x=0", options, words)
    assert choose("x=1", options, words) == ("2 options match; write more of one, or type its number: 1. slide(piece=man "
                                             "at x=0 y=0 rot=0, x=1); 2. slide(piece=man at x=2 y=0 rot=0, x=1)")
    assert choose("2", options, words) is options[1]


# (a Hive trial's: a piece on a grid whose placement, x=5 y=6, holds the numbers of its moves' destinations)
MOVED = """\
philtre: 1
game: typed
players: 1
components:
  bug: {derive: {cells: "['B']"}, start: box}
zones:
  box: {}
  board: {grid: {resolution: 1, turns: false}}
actions:
  go:
    choose: {piece: board, to: "[[6, 6], [6, 5], [5, 7]]"}
    do:
      - place: {piece: piece, to: board, at: {x: "to[0]", y: "to[1]", rot: 0}}
flow:
  - place: {piece: "last(box)", to: board, at: {x: 5, y: 6, rot: 0}}
  - decide: go
    player: 0
"""


def test_values_typed_bare_are_none_of_a_pieces_placement(tmp_path):
    """A Hive trial: `6 5` matched each move of the bug at x=5 y=6, to=[6, 6] too, its 5 taken for the placement's;
    a value typed bare is the option's, in the order typed, and a placement is typed with its names (x=5)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.options import placed_wording, single_zones, view_placements

    (tmp_path / "ruleset.yaml").write_text(MOVED, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path / "ruleset.yaml")), 1, seed=1)
    options, words = game.options(0), placed_wording(single_zones(game.ruleset), view_placements(game.view(0)))
    assert options[0].label(None, words) == "go(piece=bug at x=5 y=6 rot=0, to=[6, 6])"
    for typed, to in [("6 5", [6, 5]), ("6 6", [6, 6]), ("5 7", [5, 7]), ("bug 6 5", [6, 5])]:
        assert dict(choose(typed, options, words).args)["to"] == to, typed
    assert choose("x=5", options, words).startswith("3 options match")  # (the placement typed with its names)
    assert choose("5 6", options, words).startswith("'5 6' is not among this turn's options (in the order typed it is "
                                                    "go(piece=bug at x=5 y=6 rot=0, to=[5, 6]), not a legal option now)")


def test_play_takes_values_typed_bare_for_a_moves_destination_not_its_pieces_placement(tmp_path):
    """The Hive trial's line at the terminal."""
    (tmp_path / "ruleset.yaml").write_text(MOVED, encoding="utf-8")
    result = philtre("play", tmp_path, "-p", "1", "--seat", "0", "--seed", "1", stdin="6 5\n")
    said = result.stdout + result.stderr
    assert "= go(piece=bug at x=5 y=6, to=[6, 5])" in said and "options match" not in said, said


# (a Tichu trial's: two cards chosen from a hand, each shown with two attributes)
TWO_CARDS = """\
philtre: 1
game: give
players: 1
components:
  card: {attributes: {suit: [star, moon], rank: [2, 3]}, start: hand}
zones:
  hand: {}
  out: {}
actions:
  give:
    choose: {l: hand, r: "[c for c in hand if c != l]"}
    do:
      - move: l -> out
flow:
  - decide: give
    player: 0
"""


def test_a_components_words_typed_after_its_argument_s_name_are_all_that_argument_s(tmp_path):
    """A Tichu trial: `give(l=card star rank=2)` matched every option whose l was any card and that had star and
    rank=2 anywhere; text copied from the listing binds the words after a name, to the next name, to that argument."""
    (tmp_path / "ruleset.yaml").write_text(TWO_CARDS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    l_star_2 = [o.label() for o in options if o.label().startswith("give(l=card star rank=2,")]
    for typed in ["give(l=card star rank=2)", "l=card star rank=2", "give(l=card star rank=2, "]:
        said = choose(typed, options)
        assert said.startswith("3 options match;") and all(label in said for label in l_star_2), (typed, said)
    for typed in ["give(l=card star rank=2, r=card moon rank=3)", "l=card star 2, r=card moon 3", "l=card star 2 r=moon 3",
                  "give(l=card star rank=2) moon 3", "r=card moon rank=3 l=card star 2"]:
        assert choose(typed, options).label() == "give(l=card star rank=2, r=card moon rank=3)", typed
    # the words after l= are l's: moon is not r's, and l is never a card of both suits
    assert choose("l=card star rank=2 moon", options).startswith("'l=card star rank=2 moon' is not among this turn's options")
    assert choose("l=card 2 star", options).startswith("'l=card 2 star' is not among")  # (a card's values in its label's order)


def test_play_takes_an_argument_copied_from_the_listing_whole(tmp_path):
    """The Tichu trial's line at the terminal: it names the options whose l is that card."""
    (tmp_path / "ruleset.yaml").write_text(TWO_CARDS, encoding="utf-8")
    result = philtre("play", tmp_path, "-p", "1", "--seat", "0", "--seed", "1", stdin="give(l=card star rank=2)\n")
    said = result.stdout + result.stderr
    assert "3 options match; write more of one" in said and "give(l=card star rank=3" not in said.split("options match")[1], said


STARTING_VALUES = """\
philtre: 1
game: startval
players: 2
variables:
  done: {initial: false, each: player}
  level: 3
  mark: 0
  secret: {initial: 1, visible: nobody}
actions:
  go: {}
flow:
  - set: {done: "[false, false]", level: 3, mark: 5, secret: 1}
  - decide: go
    player: 0
"""


def test_a_set_up_that_leaves_a_value_as_it_started_is_not_told(tmp_path):
    """Blokus's `done[0] = false` and Euchre's `trump = none` resets were told before the first board, their values
    unchanged from the start: only what changed is (`mark = 5`), a hidden value as hidden."""
    (tmp_path / "startval.yaml").write_text(STARTING_VALUES, encoding="utf-8")
    result = philtre("play", "startval.yaml", "--seed", "1", stdin="1\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    told = result.stdout.split("scores [0, 0]")[0]
    assert "mark = 5" in told and "done" not in told and "level" not in told, told


TOKENS = """\
philtre: 1
game: tokens
players: 2
components:
  token: {each: player, copies: 2, start: "yard[owner]"}
zones:
  yard: {each: player}
  track: {copies: 3}
actions:
  go:
    choose: {tok: "[t for t in components if t is token and t.owner == me]"}
    do:
      - move: tok -> track[1]
flow:
  - decide: go
    player: 0
  - decide: go
    player: 0
winners: {highest: "score[p]"}
"""


def test_options_alike_but_for_the_zone_their_component_lies_in_name_it(tmp_path):
    """Ludo trial: `1. move(tok=token (seat 0))`, `2. move(tok=token (seat 0))` for two tokens on different squares;
    which was which could not be told. Options that would read alike now say where each component lies, and the one
    typed as listed is taken; where the alike components lie together (both in the yard) nothing is added."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "tokens.yaml").write_text(TOKENS, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path / "tokens.yaml"), "--seed", "1"],
                                input="1\ngo(tok=token (seat 0) in yard[0])\n")
    said = result.output
    assert result.exit_code == 0, said
    assert "    1. go(tok=token (seat 0))\n" in said, said  # (both in yard[0]: one option, as before)
    assert "    1. go(tok=token (seat 0) in track[1])\n    2. go(tok=token (seat 0) in yard[0])\n" in said, said
    assert "track[1]: [token (seat 0) x2]" in said, said  # (the one typed, from the yard, moved)


# two cards held and a seat's two pieces, one on the track and one at home: each card with either piece reads alike
LEAPS = """\
philtre: 1
game: leaps
players: 2
components:
  card: {attributes: {kind: [k, m]}, start: "hand[0]"}
  piece: {each: player, copies: 2, start: "home[owner]"}
zones:
  hand: {each: player, visible: owner}
  home: {each: player, visible: everyone}
  track: {copies: 3, visible: everyone}
  pile: {visible: everyone}
actions:
  leap:
    choose: {card: "hand[me]", piece: "[t for t in components if t is piece and t.owner == me]"}
    do:
      - move: card -> pile
      - move: piece -> track[2]
flow:
  - move: first(home[0]) -> track[1]
  - decide: leap
    player: 0
"""


def test_options_alike_name_the_zone_of_the_argument_that_tells_them_apart_only(tmp_path):
    """A Cartagena trial: `advance(card=card pistol in hand[0], pirate=pirate (seat 0) in home)`: the card, the same
    one in both options alike and held in the hand, was named with its zone too, and only in the options that read
    alike, so one list read unevenly. Only the argument whose zone tells the alike options apart (the piece) is named
    with it; the option typed as listed is taken."""
    (tmp_path / "leaps.yaml").write_text(LEAPS, encoding="utf-8")
    result = philtre("play", "leaps.yaml", "--seed", "1", stdin="leap(card=card m, piece=piece (seat 0) in home[0])\n",
                     cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert ("    1. leap(card=card k, piece=piece (seat 0) in track[1])\n    2. leap(card=card k, piece=piece (seat 0) in home[0])\n"
            "    3. leap(card=card m, piece=piece (seat 0) in track[1])\n    4. leap(card=card m, piece=piece (seat 0) in home[0])\n"
            in said), said
    assert "in hand[0]" not in said, said
    assert "card m from hand[0] to pile\n      piece (seat 0) from home[0] to track[2]" in said, said


# two pawns of one seat on a track, one of them at its end (no step from there): the lone step option and a swap of the
# two name pawns that read alike (a Sorry! trial's min/label)
PAWNS = """\
philtre: 1
game: pawns
players: 2
components:
  pawn: {each: player, copies: 2, start: "track[0]"}
zones:
  track: {copies: 4}
define:
  mine(p): "[c for z in track for c in z if c.owner == p]"
actions:
  step:
    choose: {pawn: "mine(me)"}
    if: index(zone_of(pawn)) < 3
    do:
      - move: pawn -> track[index(zone_of(pawn)) + 1]
  swap:
    choose: {a: "mine(me)", b: "mine(me)"}
    if: index(zone_of(a)) < index(zone_of(b))
    do:
      - let: {za: "zone_of(a)", zb: "zone_of(b)"}
      - move: a -> zb
      - move: b -> za
flow:
  - move: first(track[0]) -> track[3]
  - decide: [step, swap]
    player: 0
"""


def test_a_component_alike_to_one_the_seat_sees_elsewhere_is_named_with_its_zone(tmp_path):
    """Sorry! trial: `1. forward(pawn=pawn (seat 0))` was the only option, the seat's other pawn not movable, and a 7
    split as `split(a=pawn (seat 0), k=1, b=pawn (seat 0))`: which pawn moved, and which moved 1, was told only once
    chosen. A component an option names that reads as another the seat sees lying in another zone is named with its
    zone, in every option; the one typed so is taken."""
    (tmp_path / "pawns.yaml").write_text(PAWNS, encoding="utf-8")
    result = philtre("play", "pawns.yaml", "--seed", "1", stdin="swap a=pawn (seat 0) in track[0]\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert "    1. step(pawn=pawn (seat 0) in track[0])\n" in said, said
    assert "    2. swap(a=pawn (seat 0) in track[0], b=pawn (seat 0) in track[3])\n" in said, said
    assert "pawn (seat 0) from track[0] to track[3]\n      pawn (seat 0) from track[3] to track[0]" in said, said
    assert "(seat 1) in track" not in said, said  # (seat 1's pawns lie together: named as before)


def test_a_set_s_components_are_named_with_their_zone_all_alike_or_none(tmp_path):
    """A Risk trial's cards, displayed by their symbol alone: `trade(cards=[rcard artillery, rcard infantry in hand[0],
    rcard wild in hand[0]])` named the zone of the cards of which a copy lay face up in the discard pile, and read as if
    the others came from elsewhere. Where one item of a set is named with its zone, every item is; the option is still
    taken by its number."""
    result = philtre("play", ROOT / "tests" / "data" / "risk_trial", "-p", "3", "--seed", "4", "--variant",
                     ROOT / "tests" / "data" / "risk_trial" / "variants" / "cards-symbols.yaml", stdin="1\n" * 20000)
    assert result.returncode == 0, result.stderr
    sets = [re.findall(r"rcard \w+( in hand\[0\])?", line) for line in result.stdout.splitlines()
            if re.match(r"    \d+\. trade\(cards=", line)]
    assert any(items[0] for items in sets) and any(not items[0] for items in sets), sets  # (named where needed only)
    assert all(len(set(items)) == 1 for items in sets), sets
    assert "= trade(cards=[rcard artillery in hand[0], rcard artillery in hand[0], rcard wild in hand[0]])" in result.stderr


# a board of fixed size, one-cell marbles (listed at rot 0 alone), an action whose options differ besides the position
# in two values (q, dir), and zones that stay empty: single ones and a family
MARBLES = """\
game: marbles
players: 2
components:
  marble: {each: player, copies: 3, start: "pool[owner]", derive: {cells: "[['W', 'B'][owner]]"}}
zones:
  pool: {each: player}
  spare: {}
  swap: {}
  meld: {copies: 5}
  board: {grid: {resolution: 1, width: 5, height: 4}}
actions:
  place:
    choose: {at: "placements(board, last(pool[me]))", q: "range(2)", dir: "['cw', 'ccw']"}
    if: at.overlap == 0
    do:
      - place: {piece: "last(pool[me])", to: board, at: at}
flow:
  - decide: place
    player: 0
winners: {highest: "score[p]"}
"""


def marbles(tmp_path):
    """The MARBLES ruleset's file, written."""
    path = tmp_path / "marbles.yaml"
    path.write_text(MARBLES, encoding="utf-8")
    return path


def test_play_says_the_empty_zones_on_one_line_a_family_s_runs_as_ranges(tmp_path):
    """Rummy and Citadels trials: 17 `meld[i]: empty` lines, and every helper zone's, before each decision."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main
    from philtre.interpreter.render import empty_zones_text

    out = CliRunner().invoke(main, ["play", str(marbles(tmp_path)), "--seed", "1"], input="1\n").output
    assert "\n  empty: spare, swap, meld[0..4]\n" in out, out
    assert ": empty" not in out and "  pool[0] (you): [marble (seat 0) x3]\n" in out, out  # (the others as before)
    runs = [("a", None, ""), ("m", 0, ""), ("m", 1, ""), ("m", 3, ""), ("m", 4, ""), ("m", 5, ""), ("m", 7, ""), ("b", None, "")]
    assert empty_zones_text(runs) == ["a", "m[0]", "m[1]", "m[3..5]", "m[7]", "b"]
    # (the seat's own zone keeps its mark, out of a run: a Kalah trial's store lost it once empty)
    runs = [("m", 3, ""), ("m", 4, " (you)"), ("m", 5, ""), ("m", 6, ""), ("m", 7, ""), ("s", None, " (you)")]
    assert empty_zones_text(runs) == ["m[3]", "m[4] (you)", "m[5..7]", "s (you)"]


def test_play_wraps_a_long_zone_line_after_its_commas():
    """A Quarto trial's pool of 16 pieces was one line of 600 characters: a zone line (and the `empty:` line) longer
    than the board's width is broken after its commas, each line after the first indented; an item wider than the
    line is kept whole; the adapters' text (no width) keeps one line."""
    from philtre.interpreter.render import wrapped

    line = "  pool: [" + ", ".join(f"piece {i} tall dark" for i in range(16)) + "]"
    lines = wrapped(line, 60)
    assert len(lines) == 8 and all(len(one) <= 60 for one in lines), lines
    assert lines[:2] == ["  pool: [piece 0 tall dark, piece 1 tall dark,", "      piece 2 tall dark, piece 3 tall dark,"]
    assert all(one.startswith("      piece ") for one in lines[1:]) and lines[-1].endswith("piece 15 tall dark]")
    assert " ".join(" ".join(lines).split()) == line.strip()  # (nothing lost)
    assert wrapped("  pool: [" + "x" * 70 + ", y]", 60) == ["  pool: [" + "x" * 70 + ",", "      y]"]
    assert wrapped(line, 0) == [line] and wrapped("  deck: 3 hidden", 60) == ["  deck: 3 hidden"]


SHOW_LINE = """\
philtre: 1
game: show-line
players: 2
variables:
  pos: {initial: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], quiet: true}
  words: {initial: [alpha, bravo, charlie, delta, echo, foxtrot, golf, hotel, india, juliett, kilo, lima, mike]}
define:
  columns: "['column ' + text(c) + ': ' + text(pos[c - 2]) + ' of ' + text(c + 1) for c in range(2, 13)]"
show: [columns]
actions:
  go:
    do:
      - set: {words: "words + ['november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango', 'uniform']"}
flow:
  - decide: go
    player: 0
  - decide: go
    player: 0
"""


def test_play_wraps_a_long_list_value_after_its_commas(tmp_path):
    """Can't Stop trial: a `show` definition of 11 columns' texts was one line of 239 characters, a variable of 9 words
    one of 184, though zone lines are broken at 100. A variable's or a shown definition's line, and a `set` told, are
    broken after their commas as a zone's, each line after the first indented."""
    (tmp_path / "ruleset.yaml").write_text(SHOW_LINE, encoding="utf-8")
    result = philtre("play", tmp_path, "--seed", "1", stdin="1\n1\n")
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert max(map(len, said.splitlines())) <= 100, said
    assert "  columns = ['column 2: 0 of 3', 'column 3: 0 of 4'," in said, said
    assert "\n      'column 6: 0 of 7'," in said, said
    assert "  words = [alpha, bravo, charlie," in said and "lima,\n      mike]\n" in said, said
    assert "kilo,\n          lima, mike, november, oscar, papa, quebec, romeo, sierra, tango, uniform]\n" in said, said  # (the set told)


def test_a_position_typed_without_its_rot_is_read_where_the_cell_s_options_have_one(tmp_path):
    """Pentago trial: `1 1` at a placement was refused with "a position as 'x y rot' (e.g. '2 -1 90')", an example
    no option of a 6x6 board could be, and nothing said of what was typed; a marble is offered at rot 0 alone."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    options = Game(load_ruleset(str(marbles(tmp_path))), 2, seed=1).options(0)
    picked = choose("1 1 q=1 dir=cw", options)
    assert picked.label() == "place(at=(x=1, y=1, rot=0), q=1, dir=cw)", picked
    assert choose("1 1 q=1 cw", options) is picked and choose("1 1 1 cw", options).startswith("no legal option at x=1 y=1 rot=1")
    assert choose("1 1", options).startswith("4 options are at that position; add a word that tells them apart (q=0 dir=cw, ")
    assert choose("1 2 3 4", options) == ("'1 2 3 4' has 4 numbers, not a position: type an option's number, or a "
                                          "position as 'x y' and q=, dir= (e.g. '4 3 q=1 dir=ccw')")


def test_a_position_without_its_rot_where_the_cell_has_several_says_to_add_one(tmp_path):
    """A bar of two colours is offered at each turn: `0 0` names none of them, and play says which rot to add."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    path = tmp_path / "flips.yaml"
    path.write_text(FLIPPED, encoding="utf-8")
    options = Game(load_ruleset(str(path)), 2, seed=1).options(0)
    said = choose("0 0", options)
    assert said == "'0 0' gives no rot, and the options at x=0 y=0 have rot 0, 90, 180, 270: add the rot: 0 0 0", said
    assert choose("0 0 90 flip=true", options).label().startswith("lay(tile=tile bar, flip=true, at=(x=0, y=0, rot=90")


def test_play_says_a_position_off_the_board_is_off_it_and_the_hint_names_the_other_arguments(tmp_path):
    """`7 7 0` on a 6x6 board said only `no legal option at x=7 y=7 rot=0`; and the list's hint asked for 'a word of the
    piece' where q= and dir= tell the options apart (Pentago's one-action probe)."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    result = CliRunner().invoke(main, ["play", str(marbles(tmp_path)), "--seed", "1"], input="7 7 0\n5 0\n0 0 0 q=0 dir=cw\n")
    assert result.exit_code == 0, result.output
    off = "that cell is off the board (board is 5 wide and 4 high, x 0..4 and y 0..3)"
    assert f"no legal option at x=7 y=7 rot=0: {off}\n" in result.output, result.output
    assert f"'5 0': no legal option at x=5 y=0: {off}\n" in result.output, result.output
    assert ("  ... and 40 more: type more to list them (41..80), all to list all 80, a number, or a position 'x y' and q=, "
            "dir= (e.g. '4 3 q=1 dir=ccw')\n" in result.output), result.output


def test_play_names_the_if_that_forbids_a_position_typed(tmp_path):
    """Kingdomino trial: a position the board has but the action's `if` forbids said only `no legal option at x=0 y=0
    rot=0`, where an option typed otherwise named the forbidding `if` and its line."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    path = tmp_path / "edge.yaml"
    path.write_text(MARBLES.replace(', q: "range(2)", dir: "[\'cw\', \'ccw\']"', "").replace(
        "if: at.overlap == 0", "if: at.overlap == 0 and at.x > 0"), encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(path), "--seed", "1"], input="0 0 0\n0 1\n1 1\n")
    assert result.exit_code == 0, result.output
    rule = "(the if of place, line 14: at.x > 0 is false)"  # (the part of the if's `and` that is false)
    assert f"no legal option at x=0 y=0 rot=0: the rules forbid place(at=(x=0, y=0)) now {rule}\n" in result.output, result.output
    assert f"'0 1': no legal option at x=0 y=1: the rules forbid place(at=(x=0, y=1)) now {rule}\n" in result.output, result.output


def test_a_position_and_a_word_of_a_piece_the_rules_forbid_there_says_why(tmp_path):
    """Patchwork trial: `0 0 0 L5`, L5 offered but not affordable, said only that none of the options at that position
    has the word 'l5' (lower-cased), where `L5` alone named the `if` that forbids it: the position form names it too."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.play_input import _forbidding, match_choice

    path = tmp_path / "flips.yaml"
    path.write_text(FLIPPED.replace("kind: [bar]", "kind: [bar, rod]").replace(
        "    do:\n      - place", "    if: tile.kind == 'bar'\n    do:\n      - place"), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    options = game.options(0)
    forbidden = _forbidding(game, 0, options)
    said = match_choice("0 0 0 Rod", options, forbidden=forbidden)
    rule = "(the if of lay, line 14: tile.kind == 'bar')"
    assert said.startswith("none of the 2 options at x=0 y=0 rot=0 has the word 'Rod' (flip=false, flip=true): the rules "
                           "forbid each of the 2 options it names now, lay(tile=tile rod, flip=false, at=(x=0, y=0, rot=0)), "
                           f"lay(tile=tile rod, flip=true, at=(x=0, y=0, rot=0)) {rule}: type a number: "), said
    said = match_choice("0 0 0 rod flip=true", options, forbidden=forbidden)
    assert ": the rules forbid lay(tile=tile rod, flip=true, at=(x=0, y=0, rot=0)) now " + rule in said, said
    # (a word no option has, allowed or not, is said as before)
    assert match_choice("0 0 0 Bogus", options, forbidden=forbidden).startswith(
        "none of the 2 options at x=0 y=0 rot=0 has the word 'Bogus' (flip=false, flip=true): type a number: ")


def test_play_leaves_out_rot_0_where_turning_tells_nothing(tmp_path):
    """Pentago trial: a marble looks the same at every turn, and is offered at rot 0 alone; `rot=0` in every option
    and every placement told said nothing. A bar of two colours, offered at each turn, keeps its rot."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    result = CliRunner().invoke(main, ["play", str(marbles(tmp_path)), "--seed", "1"], input="0 0 q=0 dir=cw\n")
    assert "    1. place(at=(x=0, y=0), q=0, dir=cw)\n" in result.output, result.output
    assert "      marble (seat 0) from pool[0] placed on board at x=0 y=0\n" in result.output, result.output
    assert "rot=" not in result.output, result.output
    path = tmp_path / "flips.yaml"
    path.write_text(FLIPPED, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(path), "--seed", "1"], input="1\n")
    assert "    1. lay(tile=tile bar, flip=false, at=(x=0, y=0, rot=0))\n" in result.output, result.output
    assert "placed on board at x=0 y=0 rot=0\n" in result.output, result.output


def test_each_kind_of_argument_has_its_slots_and_its_text_as_typed():
    """play_input reads a typed line by the kind of each argument's value, one table per job: a kind one table
    lacked would be a KeyError at the prompt, for the first option with such an argument."""
    from philtre.dsl.values import Component, Zone
    from philtre.interpreter.play_input import AS_TYPED, SLOTS, _kind

    values = {"component": Component("card", 0, {"rank": 4}), "list": [1, 5], "plain": 4, "other": {"x": 0, "y": 0, "rot": 0}}
    assert {kind: _kind(value) for kind, value in values.items()} == {kind: kind for kind in values}
    assert _kind(Zone(("pit", 9))) == "list" and _kind("two words") == _kind(None) == "plain"
    assert set(SLOTS) == set(AS_TYPED) == set(values)


STEPS_AND_WALLS = """\
philtre: 1
game: steps-and-walls
players: 1
components:
  disc: {attributes: {k: [1, 2]}, derive: {cells: "['o']"}, start: supply}
zones:
  supply: {}
  board: {grid: {resolution: 1, width: 3, height: 3}}
actions:
  pass: {}
  step:
    choose: {to: "[[0, 1], [1, 0], [2, 2]]"}
  put:
    choose: {d: "take(supply, 1)", at: "placements(board, d)"}
    if: at.overlap == 0
    do:
      - place: {piece: d, to: board, at: at}
flow:
  - repeat: 2
    do:
      - decide: [pass, step, put]
        player: 0
winners: "[0]"
"""


def test_a_position_is_read_where_any_option_places_not_only_the_first(tmp_path):
    """Quoridor trial: `1 2` was read as loose words ("5 options match") where the pawn steps were listed before the
    walls, as play looked at the first option alone; `step 0 1` is still the step's words, not a position."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.play_input import _type_a_number

    path = tmp_path / "steps.yaml"
    path.write_text(STEPS_AND_WALLS, encoding="utf-8")
    options = Game(load_ruleset(str(path)), 1, seed=1).options(0)
    assert options[0].action == "pass"
    assert choose("1 2", options).label() == "put(d=disc k=1, at=(x=1, y=2, rot=0))"
    assert choose("step 0 1", options).label() == "step(to=[0, 1])"
    assert "a position as 'x y' (e.g. '2 2')" in _type_a_number(options), _type_a_number(options)


def test_a_refused_line_naming_an_action_is_answered_with_that_action_s_options(tmp_path):
    """Quoridor trial: `step 7 16` was refused with the example `e.g. wall(...)`, an option of another action."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    path = tmp_path / "steps.yaml"
    path.write_text(STEPS_AND_WALLS, encoding="utf-8")
    options = Game(load_ruleset(str(path)), 1, seed=1).options(0)
    said = choose("step 7 16", options)
    assert said == ("'step 7 16' is not among this turn's options ('7', '16' match no option's value or name now) "
                    "(the 13 the rules allow now); the step options are: "
                    "2. step(to=[0, 1]); 3. step(to=[1, 0]); 4. step(to=[2, 2]) (type an option's number, or an option as listed)"), said


LONE_THEN_TWO = """\
philtre: 1
game: lone
players: 2
actions:
  bust: {}
  pick:
    choose: {n: "[1, 2]"}
    do:
      - score: {player: me, add: n}
flow:
  - for: p in players
    do:
      - decide: bust
        player: p
      - decide: pick
        player: p
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("flag", [(), ("--take-forced",)])
def test_take_forced_takes_a_lone_option_unasked_and_says_it(tmp_path, flag):
    """Can't Stop and Hearts trials: play asked for a forced bust, keep() three times a hand; --take-forced does not."""
    (tmp_path / "ruleset.yaml").write_text(LONE_THEN_TWO, encoding="utf-8")
    # without the flag the first line answers bust(), the second pick; with it the first line is pick's
    typed = "1\n2\n" if not flag else "2\n"
    result = philtre("play", tmp_path, "-p", "2", "--seed", "1", *flag, stdin=typed)
    assert result.returncode == 0, result.stderr
    assert "scores [2, " in result.stdout, result.stdout
    assert ("  = bust() (your only option)" in result.stdout) == bool(flag), result.stdout
    assert result.stderr.count("your choice:") == (1 if flag else 2), result.stderr


def test_take_forced_shows_the_board_before_the_first_lone_option(tmp_path):
    """Crazy Eights trial: with --take-forced a seat's forced plays were made, `= play(card=card 5 hearts) (your only
    option)`, before it had ever been shown its hand. The board is shown once before the first lone option taken; the
    next lone option is taken without it, as before."""
    (tmp_path / "ruleset.yaml").write_text(LONE_THEN_TWO, encoding="utf-8")
    result = philtre("play", tmp_path, "-p", "2", "--seed", "1", "--take-forced", stdin="2\n")
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert said.index("scores [0, 0]") < said.index("  = bust() (your only option)"), said
    assert said.count("\nscores [") == 3, said  # (the boards before bust, before pick, and at the end)


DRAWS = """\
philtre: 1
game: draws
players: 2
components:
  card: {attributes: {rank: 1..40}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  go: {}
flow:
  - decide: go
    player: 0
  - repeat: 25
    do:
      - move: first(deck) -> hand[1]
  - move: first(deck) -> hand[0]
  - repeat: 2
    do:
      - move: first(deck) -> hand[1]
  - reveal: hand[1]
  - decide: go
    player: 0
"""


def test_hidden_cards_drawn_one_by_one_are_told_together_and_a_reveal_is_wrapped(tmp_path):
    """Crazy Eights trial: each card another seat drew was a line of its own, `a hidden component from deck to
    hand[1]` 8 times over, and the end of hand's `hand[1] revealed: ...` ran to 209 columns. Hidden draws one after
    another, from and to the same zones, are told as one move of them all; a reveal line is broken after its commas
    at the board's width (100 into a pipe)."""
    (tmp_path / "ruleset.yaml").write_text(DRAWS, encoding="utf-8")
    result = philtre("play", tmp_path, "--seed", "1", stdin="1\n1\n")
    assert result.returncode == 0, result.stderr
    said = result.stdout
    assert ("      a hidden component x25 from deck to hand[1]\n      card rank=26 from deck to hand[0]\n"
            "      a hidden component x2 from deck to hand[1]\n      hand[1] revealed: card rank=1, ") in said, said
    assert max(map(len, said.splitlines())) <= 100, said
    assert "\n          card rank=6, card rank=7," in said, said  # (the reveal's next line, 4 further in)


def test_replay_text_tells_a_record_as_a_seat_saw_it(tmp_path):
    """Crazy Eights trial: `replay --seat 1` printed JSON Lines only; checking what a seat saw meant a script over the
    JSON. `--text` tells the record as play tells what happened: each decision (the seat's own marked), and what followed
    it as that seat may see it, hidden draws together; without --seat or --onlooker it is a usage error."""
    (tmp_path / "ruleset.yaml").write_text(DRAWS, encoding="utf-8")
    record = tmp_path / "game.jsonl"
    assert philtre("play", tmp_path, "--seed", "1", "--record", record, stdin="1\n1\n").returncode == 0
    result = philtre("replay", record, "--seat", "0", "--text")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:4] == ["> seat 0 (you): go()", "    a hidden component x25 from deck to hand[1]",
                                              "    card rank=26 from deck to hand[0]", "    a hidden component x2 from deck to hand[1]"], result.stdout
    assert "    hand[1] revealed: card rank=1, card rank=2," in result.stdout, result.stdout
    seen = philtre("replay", record, "--onlooker", "--text").stdout
    assert "> seat 0: go()" in seen and "a hidden component from deck to hand[0]" in seen, seen
    refused = philtre("replay", record, "--text")
    assert refused.returncode == 2 and "give --seat N or --onlooker too" in refused.stderr, refused.stderr


NUMBER_KEYS = """\
philtre: 1
game: numkeys
players: 2
variables:
  temp: {initial: {2: 0, 7: 0}}
  words: {initial: {'7': 0}}
actions:
  go:
    if: 7 in temp and not ('7' in temp)
    do:
      - set: {temp: "put(temp, 7, 1)"}
flow:
  - decide: go
    player: 0
"""


def test_a_maps_number_keys_are_shown_as_numbers_and_written_as_text(tmp_path):
    """Can't Stop trial (C-3): play showed temp = {'2': 0, '7': 0}, the word '7' the rules do not read, for {2: 0, 7: 0}."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    (tmp_path / "ruleset.yaml").write_text(NUMBER_KEYS, encoding="utf-8")
    record = tmp_path / "mine.jsonl"
    result = philtre("play", tmp_path, "-p", "2", "--seed", "1", "--record", record, stdin="1\n")
    assert result.returncode == 0, result.stderr
    assert "  temp = {2: 0, 7: 0}" in result.stdout and "  temp = {2: 0, 7: 1}" in result.stdout, result.stdout
    assert "      temp[7] = 1" in result.stdout, result.stdout  # (the entry set, told alone: its key a number too)
    assert "  words = {'7': 0}" in result.stdout, result.stdout  # a word's key stays quoted
    # the view and the record stay JSON, each key text; the record replays
    view = Game(load_ruleset(str(tmp_path)), 2, seed=1).view(0)["variables"]
    assert json.dumps(view["temp"]) == '{"2": 0, "7": 0}' and json.dumps(view["words"]) == '{"7": 0}'
    assert json.loads(json.dumps(view)) == view
    assert '"value":{"2":0,"7":1}' in record.read_text(encoding="utf-8")
    assert philtre("replay", record).returncode == 0


def test_play_lists_options_of_a_sorted_hand_in_its_order_and_numbers_them_so(tmp_path):
    """A Lost Cities trial: the board showed the hand by `show_sorted`, the 16 options listing it stayed in deal order.
    Play lists them (and reads their numbers) in the hand's order; the engine's order, the agents' and records', is the
    rules' as before."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import listed_order
    from test_show_sorted import write

    path = write(tmp_path, hand="[suit, rank]")
    game = Game(load_ruleset(str(path)), 2, seed=2)
    options = game.options(0)
    listed = listed_order(game, options)
    assert sorted(map(str, listed)) == sorted(map(str, options))
    cards = [dict(option.args)["card"] for option in listed]
    assert [(c["suit"], c["rank"]) for c in cards] == sorted((c["suit"], c["rank"]) for c in cards)
    assert [str(o) for o in options] != [str(o) for o in listed]  # (this deal: the engine's order is not the hand's)
    assert [str(o) for o in game.options(0)] == [str(o) for o in options]
    result = philtre("play", path, "-p", "2", "--seat", "0", "--seed", "2", stdin="1\n")
    numbered = re.findall(r"^\s+\d+\. (.*)$", result.stdout, re.M)
    assert numbered[:len(listed)] == [o.label() for o in listed], result.stdout
    assert f"{cards[0]['suit']} rank={cards[0]['rank']} from hand[0] to table[0]" in result.stdout, result.stdout


def test_play_lists_sets_of_a_sorted_hand_in_its_order_and_each_set_so(tmp_path):
    """A Cribbage trial: a discard of `subsets(hand[me], 2)` under a hand shown by rank was listed in the rules' order,
    each set's cards too (`[card spades rank=12, card spades rank=8]`). Play lists each set in the hand's order and the
    options by their sets, item by item, and numbers them so; the options themselves, their lists and the engine's
    order, are the rules'."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import listed_order
    from test_show_sorted import write

    path = write(tmp_path, hand="[rank, suit]")
    text = path.read_text(encoding="utf-8").replace('choose: {card: "hand[me]"}', 'choose: {cards: "subsets(hand[me], 2)"}')
    path.write_text(text.replace("move: card -> table[me]", "move: cards -> table[me]").replace("add: card.rank", "add: 1")
                    .replace("repeat: 3", "repeat: 1"))
    game = Game(load_ruleset(str(path)), 2, seed=2)
    options = game.options(0)
    before = [[c["id"] for c in dict(o.args)["cards"]] for o in options]
    result = philtre("play", path, "-p", "2", "--seat", "0", "--seed", "2", stdin="3\n")
    assert result.returncode == 0, result.stderr
    numbered = [[(int(rank), suit) for suit, rank in re.findall(r"card (\w+) rank=(\d+)", line)]
                for line in re.findall(r"^\s+\d+\. play\((.*)\)$", result.stdout, re.M)][:len(options)]
    assert len(numbered) == 3 and all(each == sorted(each) for each in numbered), result.stdout
    assert numbered == sorted(numbered), result.stdout
    assert any(ids != sorted(ids, key=lambda i: game.state.components[i]["rank"]) for ids in before)  # (this deal)
    assert [[c["id"] for c in dict(o.args)["cards"]] for o in game.options(0)] == before  # (the engine's, as it was)
    moved = re.search(r"^\s+(.*) from hand\[0\] to table\[0\]$", result.stdout, re.M)[1]
    assert sorted((int(r), s) for s, r in re.findall(r"card (\w+) rank=(\d+)", moved)) == numbered[2], result.stdout
    assert listed_order(game, options)[2] in options


REVEAL_SORTED = """\
philtre: 1
game: reveal-sort
players: 2
components:
  tile: {attributes: {n: [3, 1, 2]}, start: bag}
  joker: {start: bag}
zones:
  bag: {visible: nobody}
  hand: {each: player, visible: owner, show_sorted: [type, n]}
actions:
  go: {}
flow:
  - move: bag -> hand[0]
  - decide: go
    player: 0
  - reveal: hand
"""


def test_play_tells_a_reveal_in_the_order_the_board_shows_the_zone(tmp_path):
    """A Rummikub trial: the racks revealed at the end were told in the zone's order (joker last) and shown on the
    board right after in its `show_sorted` order (joker first), two orders for one rack."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(REVEAL_SORTED, encoding="utf-8")
    result = philtre("play", path, "-p", "2", "--seat", "1", "--seed", "1", stdin="1\n")
    assert result.returncode == 0, result.stderr
    assert "hand[0] revealed: joker, tile n=1, tile n=2, tile n=3\n" in result.stdout, result.stdout
    assert "hand[0]: 4 (all shown: joker, tile n=1, tile n=2, tile n=3)" in result.stdout, result.stdout
