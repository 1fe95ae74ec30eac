"""`philtre play`'s reading of what a seat types, as the Reversi, Santorini, 6 nimmt and Ticket to Ride trials of
2026-12-07 typed it: words alone on a board, a fallback typed while not offered, a rot on a board whose pieces never
turn, a card's printed number, a full option of an action none of whose options is legal, a cell chosen as [x, y]."""

from __future__ import annotations

from test_play_cli import choose, options_of

GRID_PASS = """\
philtre: 1
game: grid-pass
players: 1
components:
  disc: {copies: 3, derive: {cells: "['x']"}, start: box}
zones:
  box: {}
  board: {grid: {resolution: 1, width: 3, height: 1, turns: false}}
actions:
  put:
    choose: {at: "placements(board, last(box))"}
    if: at.overlap == 0 and at.x > 0
    do:
      - place: {piece: "last(box)", to: board, at: at}
  pass: {}
flow:
  - decide: put
    player: 0
    otherwise: pass
"""


def _asked(tmp_path, text: str, players: int = 1):
    """A fresh game of the ruleset.yaml in ``tmp_path``: what play makes of ``text`` at its first decision, read as
    play reads it (its wording, the grids' sizes, why the rules rule out an option)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice
    from philtre.interpreter.options import boards_wording, single_zones

    game = Game(load_ruleset(str(tmp_path)), players, seed=1)
    words = boards_wording(single_zones(game.ruleset), game.ruleset, players)
    options = game.options(0)
    return match_choice(text, options, words, forbidden=_forbidding(game, 0, options, words))


def test_a_word_typed_alone_on_a_board_is_read_as_on_any_other_game(tmp_path):
    """A Reversi trial: `pass`, `place` and `foo` were each told "'pass' is no position" on a grid game: words without
    a number are read as an option's words (an action's name picks its options), as where nothing is placed."""
    (tmp_path / "ruleset.yaml").write_text(GRID_PASS, encoding="utf-8")
    assert _asked(tmp_path, "put").startswith("2 options match; write more of one")
    assert _asked(tmp_path, "foo").startswith("'foo' is not among this turn's options, which are: 1. put(")
    assert "not a position" in _asked(tmp_path, "1 foo 0 0 0")  # (numbers typed: still read as a position)
    # (a number alone, a word of every placement, x=0 or y=0: the position's form is what to type, not the options' words)
    said = _asked(tmp_path, "0")
    assert said.startswith("'0' is not one of this turn's 2 options") and "or a position as 'x y' (e.g. '2 0')" in said


def test_the_fallback_typed_while_not_offered_says_when_it_is_offered(tmp_path):
    """A Reversi trial: `pass`, the decision's `otherwise:`, was told "the rules forbid pass() now", though pass has
    no `if`: it is offered only where the decision's own actions have no legal option, which is said, with the line."""
    (tmp_path / "ruleset.yaml").write_text(GRID_PASS, encoding="utf-8")
    assert _asked(tmp_path, "pass").startswith("'pass' is not among this turn's options: pass is offered only when put "
                                               "has no legal option (otherwise:, line 19); this turn's options are: ")
    assert "pass is offered only when put has no legal option" in _asked(tmp_path, "pass()")


def test_a_rot_typed_on_a_board_whose_pieces_never_turn_says_so(tmp_path):
    """A Reversi trial: `3 2 90` on a `turns: false` board was told that a piece that looks the same turned is offered
    at its least rot: on such a board no piece turns, rot is always 0."""
    (tmp_path / "ruleset.yaml").write_text(GRID_PASS, encoding="utf-8")
    assert _asked(tmp_path, "1 0 90") == ("no legal option at x=1 y=0 rot=90 (pieces on board never turn, `turns: "
                                          "false`: rot is always 0; type 1 0)")
    turning = GRID_PASS.replace(", turns: false", "")
    (tmp_path / "ruleset.yaml").write_text(turning, encoding="utf-8")
    assert "a piece that looks the same turned" in _asked(tmp_path, "1 0 90")


def test_a_position_typed_in_brackets_is_read_as_x_then_y_as_without_them(tmp_path):
    """A Reversi trial: `(3, 2)` and `[3, 2]`, as the options write a position less its names, were read as words, a 3
    and a 2 in either order, and matched two placements; `3, 2` and `3 2` were read as x then y."""
    (tmp_path / "ruleset.yaml").write_text(GRID_PASS.replace("height: 1", "height: 3"), encoding="utf-8")
    for typed, x, y in (("(2, 1)", 2, 1), ("[2, 1]", 2, 1), ("( 2 1 )", 2, 1), ("[2, 1, 0]", 2, 1), ("2, 1", 2, 1), ("(1, 2)", 1, 2)):
        found = _asked(tmp_path, typed)
        at = dict(found.args)["at"] if not isinstance(found, str) else {}
        assert (at.get("x"), at.get("y"), at.get("rot")) == (x, y, 0), (typed, found)
    assert "no legal option at x=0 y=1" in _asked(tmp_path, "(0, 1)")  # (the if rules out x=0: said as for 0 1)


CARDS = """\
philtre: 1
game: cards
players: 1
components:
  card: {attributes: {n: [2, 24, 60]}, start: hand}
zones:
  hand: {}
  table: {}
actions:
  play:
    choose: {card: hand}
    do:
      - move: card -> table
flow:
  - decide: play
    player: 0
"""


def test_a_cards_printed_number_past_the_options_names_that_card(tmp_path):
    """A 6 nimmt trial: `24`, card n=24 being option 2, was told only that it was not one of the 10 options: where a
    number is no option's number and one option's card has it as an attribute, that option is taken."""
    (tmp_path / "ruleset.yaml").write_text(CARDS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    at = next(i for i, o in enumerate(options, 1) if dict(o.args)["card"]["n"] == 24)
    assert choose("24", options) is options[at - 1]  # (taken, as a word is: play says it back)
    assert choose("n=24", options) is options[at - 1]


RANKS = CARDS.replace("n: [2, 24, 60]", "rank: ['2', '9', '10', K], suit: SUITS")  # cards whose ranks are words


def test_a_rank_typed_that_is_no_options_number_is_the_one_card_of_that_rank(tmp_path):
    """A Pinochle trial's `9` and `10`, ranks as `K` is one, were refused as no option's number (`'9' is no option's
    number; play(card=card 9 diamonds) is option 1: type 1`): a number that is no option's number and an attribute's
    value of one option's card, a word or a whole number, is that option, as its word is. A number that is an option's
    number stays the option's (`2`, beside the card of rank 2); where several cards have it, play asks as before."""
    (tmp_path / "ruleset.yaml").write_text(RANKS.replace("SUITS", "[diamonds]"), encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert len(options) == 4
    rank = {dict(o.args)["card"]["rank"]: o for o in options}
    assert choose("9", options) is rank["9"] and choose("10", options) is rank["10"] and choose("K", options) is rank["K"]
    assert choose("2", options) is options[1]
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    result = CliRunner().invoke(main, ["play", str(tmp_path), "-p", "1", "--seat", "0", "--seed", "1"], input="9\n")
    assert "  = play(card=card 9 diamonds)" in result.output and "no option's number" not in result.output, result.output
    (tmp_path / "ruleset.yaml").write_text(RANKS.replace("SUITS", "[diamonds, clubs]"), encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert len(options) == 8
    said = choose("9", options)
    assert isinstance(said, str) and said.startswith("'9' is no option's number, and a word of 2 options: write it with "
                                                     "more of the one meant"), said


def test_a_number_that_is_an_options_number_and_another_cards_attribute_is_the_options_with_a_note(tmp_path):
    """A 6 nimmt trial: `7` played option 7 (card n=60) where card n=7 was option 1, with no word of it: the number is
    the option's (as documented), and a note names the card that has it."""
    from philtre.interpreter.play_input import number_note

    (tmp_path / "ruleset.yaml").write_text(CARDS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [dict(o.args)["card"]["n"] for o in options] == [2, 24, 60]
    assert choose("2", options) is options[1]
    assert number_note("2", options[1], options) == "  (2 is option 2's number; card n=2 is option 1: for it, type n=2)"
    assert number_note("1", options[0], options) == "" and number_note("n=2", options[1], options) == ""


BUY_OR_WAIT = """\
philtre: 1
game: buy-or-wait
players: 1
actions:
  buy:
    choose: {cost: "[3, 4]"}
    if: cost < 0
  wait: {}
flow:
  - decide: [buy, wait]
    player: 0
"""


def test_a_full_option_of_an_action_none_of_whose_options_is_legal_says_why_as_its_name_does(tmp_path):
    """A Ticket to Ride trial: `claim(route=..., col=red, locos=0)`, no claim legal, was told no option had arguments
    route, col, locos, where `claim` alone said why: an option of such an action written out says the same."""
    (tmp_path / "ruleset.yaml").write_text(BUY_OR_WAIT, encoding="utf-8")
    why = "no buy option is allowed now (the if of buy, line 7: cost < 0, rules out each of its 2 choices)"
    assert _asked(tmp_path, "buy").startswith(f"'buy' is not among this turn's options: {why}")
    for typed in ("buy(cost=9)", "buy cost=9"):
        assert _asked(tmp_path, typed).startswith(f"'{typed}' is not among this turn's options: {why}"), typed


CELLS = """\
philtre: 1
game: cells
players: 1
actions:
  build:
    choose: {to: "[[1, 0], [0, 1], [1, 1]]"}
flow:
  - decide: build
    player: 0
"""


def test_numbers_typed_bare_that_no_list_option_holds_say_the_form_to_type(tmp_path):
    """A Santorini trial: `0 0`, where build chose among [x, y] lists and none was [0, 0], was told only that it was no
    option: the lists the argument has are said, and how to type one (its numbers in order, or name=[x, y])."""
    (tmp_path / "ruleset.yaml").write_text(CELLS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert choose("1 0", options) is options[0] and choose("1 1", options) is options[2]
    assert choose("0 0", options).startswith(
        "'0 0' is not among this turn's options (no option has to=[0, 0] now; build's to is one of [1, 0], [0, 1], "
        "[1, 1]: type a list's numbers in order, 1 1, or to=[1, 1]), which are: ")


TURNED = """\
philtre: 1
game: at-list
players: 1
components:
  tile: {derive: {cells: "[1, 2]"}, start: hand}
zones:
  hand: {}
  board: {grid: {resolution: 1, width: 3, height: 3}}
actions:
  put:
    choose: {t: hand, at: "placements(board, t)"}
    if: at.x == 0 and at.y == 0
    do:
      - place: {piece: t, to: board, at: at}
flow:
  - decide: put
    player: 0
"""


def test_a_list_typed_for_a_position_says_it_is_a_position_and_how_to_type_it(tmp_path):
    """A Tsuro trial: `at=[1,0]` at a placement was matched by its words, 1 and 0, and answered that the rules forbid
    each of the 51 options it names (among them x=0 y=1 and x=1 y=1, which it names by no reading). It is told that at
    is a position, and the position typed as play reads one."""
    (tmp_path / "ruleset.yaml").write_text(TURNED, encoding="utf-8")
    said = _asked(tmp_path, "at=[1,0]")
    assert said == ("'at=[1,0]' is not among this turn's options: at is a position on the board (x, y and rot), not a "
                    "list: type '1 0 0' for x=1 y=0 rot=0, or a position as 'x y rot' (e.g. '0 0 270')"), said
    assert "'2 1 90' for x=2 y=1 rot=90" in _asked(tmp_path, "at = [2, 1, 90]")
    assert "type a position as 'x y rot'" in _asked(tmp_path, "at=[left]")
    assert "the rules forbid" in _asked(tmp_path, "1 0 0")  # (the position typed: why the rules refuse it)
    (tmp_path / "ruleset.yaml").write_text(TURNED.replace("[1, 2]", "[1]"), encoding="utf-8")  # (one look: x y alone)
    assert "at is a position on the board (x, y), not a list: type '1 0' for x=1 y=0, or" in _asked(tmp_path, "at=[1,0]")


OWNED_CELLS = """\
philtre: 1
game: owned-cells
players: 2
components:
  bug: {each: player, attributes: {kind: [queen, ant]}, start: "reserve[owner]"}
zones:
  reserve: {each: player}
  placed: {}
actions:
  place:
    choose: {bug: "reserve[me]", to: "[[-1, 1], [0, 1], [1, 0]]"}
    do:
      - move: bug -> placed
  bid:
    choose: {q: "[1, 2]", f: "[0]"}
flow:
  - decide: [place, bid]
    player: 0
"""


def test_a_lists_numbers_typed_in_order_name_the_option_of_that_list(tmp_path):
    """A Hive trial: `ant 0 1` and `ant [0, 1]` named place(bug=bug ant (seat 0), to=[-1, 1]) too, the 0 read as the
    word 0 of the ant's `(seat 0)`: numbers typed one after another, or a list in brackets, that spell a list's value
    name the options of that list, not those where a number is another word of the label."""
    (tmp_path / "ruleset.yaml").write_text(OWNED_CELLS, encoding="utf-8")
    options = options_of(str(tmp_path), 2, 1)
    labels = [option.label(None, ()) for option in options]
    assert labels[4] == "place(bug=bug ant (seat 0), to=[0, 1])", labels
    for typed in ("ant 0 1", "ant [0, 1]", "ant [0,1]"):
        assert choose(typed, options) is options[4], typed
    assert choose("queen 1 0", options) is options[2]  # (the 1 and the 0 in their order: not [0, 1])
    said = choose("0 1", options)  # (no word of the bug: the two options of that list, not the six)
    assert said.startswith("2 options match") and "2. place(" in said and "5. place(" in said and "4. place(" not in said
    assert choose("ant -1 1", options) is options[3]
    # numbers that are another option's values in their order still name it: `1 0` may be bid(q=1, f=0) too
    said = choose("1 0", options)
    assert said.startswith("3 options match") and "3. place(" in said and "6. place(" in said and "7. bid(q=1, f=0)" in said
