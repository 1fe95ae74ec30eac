"""`philtre play`'s reading of what a seat types, as the Hanabi, Splendor, Yahtzee, Azul and Backgammon trials of
2026-12-07 typed it."""

from __future__ import annotations

import pytest

from test_play_cli import choose, options_of

MIXED = """\
philtre: 1
game: mixed
players: 1
actions:
  play:
    choose: {slot: range(3)}
  clue:
    choose: {r: "[7]"}
flow:
  - decide: [play, clue]
    player: 0
"""


def test_a_number_is_the_options_number_where_other_actions_options_are_listed_beside_the_values(tmp_path):
    """A Hanabi trial: `2`, option 2 play(slot=1) and the value of play(slot=2), was asked about every turn, slots
    being 0-based; where other actions' options are listed too, the list is not one of values: `2` is option 2."""
    (tmp_path / "ruleset.yaml").write_text(MIXED, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [o.label() for o in options] == ["play(slot=0)", "play(slot=1)", "play(slot=2)", "clue(r=7)"]
    assert choose("2", options) is options[1] and choose("slot=2", options) is options[2]


PLAY_OR_DISCARD = """\
philtre: 1
game: tokens
players: 1
variables:
  tokens: {initial: 8}
actions:
  play:
    choose: {slot: range(3)}
  discard:
    choose: {slot: range(3)}
    if: tokens < 8
  clue:
    choose: {r: "[7]"}
    if: tokens > 0
flow:
  - decide: [play, discard, clue]
    player: 0
"""


def test_words_of_one_legal_option_are_taken_where_the_rules_forbid_every_option_of_the_other_action(tmp_path):
    """A Hanabi trial: `slot=0` at 8 clue tokens was refused, discard(slot=0) being forbidden, though no discard was
    listed and play(slot=0) the one legal option it names: a forbidden option stops the line only where its action
    has options listed now (`baths`, build listed for another card, still does)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(PLAY_OR_DISCARD, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 1, seed=1)
    options = game.options(0)
    assert match_choice("slot=0", options, forbidden=_forbidding(game, 0, options)) is options[0]


def test_the_items_of_a_set_typed_are_the_option_whose_list_is_just_them(tmp_path):
    """A Yahtzee trial: `d1 d2` for reroll(which=[d1, d2]) was told '8 options match; write more of one (which=[d1,
    d2], d3, d4, d5)': the dice typed are the set of just them, in any order; the action's name alone is no empty set."""
    from test_play_cli import LISTS_AND_MAPS, wording

    (tmp_path / "ruleset.yaml").write_text(LISTS_AND_MAPS.replace("if: count(which) > 0", "if: true"), encoding="utf-8")
    options, words = options_of(str(tmp_path), 1, 1), wording(tmp_path)
    assert choose("d2 d1", options, words).label() == "reroll(which=[d1, d2])"
    assert choose("reroll", options, words).startswith("32 options match; write more of one: d1, d2, d3, d4, d5; or "
                                                       "type the whole list: which=[] (option 1), ")


TAKE = """\
philtre: 1
game: take
players: 1
actions:
  take:
    choose: {src: "[1, 2]", colour: "['yellow', 'black'] if src == 1 else ['red']", row: range(3)}
flow:
  - decide: take
    player: 0
"""


def test_a_value_no_option_has_is_named_with_the_values_its_argument_has(tmp_path):
    """An Azul trial: `take(src=factory[0], colour=green, row=0)` was said back cut, its `)` dropped, and 'not among
    this turn's options' alone: the line is said whole, and the value no option has, with those its argument has where
    the other values typed hold."""
    (tmp_path / "ruleset.yaml").write_text(TAKE, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    typed = "take(src=1, colour=green, row=0) and some more words"
    assert choose(typed, options) == (
        f"'{typed}' is not among this turn's options (no option has colour=green now; where src=1 row=0, colour is "
        f"one of yellow, black) (the 9 the rules allow now): type an option's number, 1..9, or an option as listed, e.g. "
        f"take(src=2, colour=red, row=2)")
    assert choose("row=7", options).startswith("'row=7' is not among this turn's options (no option has row=7 now; row "
                                              "is one of 0, 1, 2) (the 9")


def test_a_word_typed_bare_that_no_option_has_is_named(tmp_path):
    """An Azul trial: `factory[1] black floor` was told only that it was not among 56 options: the word that matched
    nothing (floor: no option's value or name) is said."""
    (tmp_path / "ruleset.yaml").write_text(TAKE, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert choose("1 black floor", options).startswith(
        "'1 black floor' is not among this turn's options ('floor' matches no option's value or name now) (the 9")
    assert "('floor', 'centre' match no option's value" in choose("take 1 floor centre", options)
    assert "match" not in choose("floor centre", options)  # (none matches: the line is said back whole already)


def test_a_word_that_matches_no_option_is_said_as_typed(tmp_path):
    """A Gin Rummy trial typed `discard K` and was told 'k' matched nothing: words match whatever their case, but are
    said back as typed."""
    (tmp_path / "ruleset.yaml").write_text(TAKE, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert "('Floor' matches no option's value" in choose("1 Black Floor", options)


BUY = """\
philtre: 1
game: buy
players: 1
variables:
  coins: {initial: 1}
actions:
  buy:
    choose: {cost: "[3, 4]"}
    if: cost <= coins
  sell:
    choose: {lot: "[]"}
  wait: {}
flow:
  - decide: [buy, sell, wait]
    player: 0
"""


def test_an_action_named_none_of_whose_options_is_legal_says_why(tmp_path):
    """A Splendor trial: `buy`, no buy affordable, was told only "'buy' is not among this turn's options (the 26 the
    rules allow now)": that no buy option is allowed now is said, and why where known."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(BUY, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 1, seed=1)
    options = game.options(0)
    forbidden = _forbidding(game, 0, options)
    assert match_choice("buy", options, forbidden=forbidden).startswith(
        "'buy' is not among this turn's options: no buy option is allowed now (the if of buy, line 9: cost <= coins, "
        "rules out each of its 2 choices); the only one is 1. wait()")
    assert match_choice("SELL", options, forbidden=forbidden).startswith(
        "'SELL' is not among this turn's options: no sell option is allowed now (its choose offers no choice here)")


def test_words_of_marks_are_shown_bare_in_a_list_as_in_a_map():
    """A Hanabi trial: a shown list of words was printed quoted (`'red?' '??'`), a map's words not: a word is quoted only
    where bare it would read as something else (a number, a space, a mark that parts values)."""
    from philtre.interpreter.render import value_text

    assert value_text([["red?", "??"], ["2nd", "a-b"]]) == "[[red?, ??], [2nd, a-b]]"
    assert value_text({"??": "red?"}) == "{??: red?}"
    assert value_text(["7", "-1.5", "a b", "a,b", "a=b", "none", ""]) == "['7', '-1.5', 'a b', 'a,b', 'a=b', 'none', '']"


PARTS = """\
philtre: 1
game: parts
players: 1
define:
  far_enough_from_the_start_of_the_track_and_past_the_bar(n): n > 2
actions:
  take:
    choose: {n: range(6)}
    if: >
      n != 1
      and far_enough_from_the_start_of_the_track_and_past_the_bar(n + 0 * 1000000000000000)
      and (n < 4 or n == 5)
flow:
  - decide: take
    player: 0
"""


def test_a_forbidden_options_if_that_is_an_and_names_its_first_false_part(tmp_path):
    """A Backgammon trial: "the rules forbid move(s=23, d=5) now (the if of move, line 81)", a three-line `if` named
    whole: the first part false for the option is named, with its line; a long one as its definition's call."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(PARTS, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 1, seed=1)
    options = game.options(0)
    forbidden = _forbidding(game, 0, options)
    assert [o.label() for o in options] == ["take(n=3)", "take(n=5)"]
    assert "the rules forbid take(n=1) now (the if of take, line 10: n != 1 is false)" in match_choice("n=1", options, forbidden=forbidden)
    assert ("the rules forbid take(n=2) now (the if of take, line 11: its call of "
            "far_enough_from_the_start_of_the_track_and_past_the_bar(...) is false)") in match_choice("n=2", options, forbidden=forbidden)
    assert "(the if of take, line 12: (n < 4 or n == 5) is false)" in match_choice("n=4", options, forbidden=forbidden)


CALLED = """\
philtre: 1
game: called
players: 1
define:
  small(n): n < 5
  legal(p, n): n != 1 and
    small(n) and n != p + 3
actions:
  take:
    choose: {n: range(7)}
    if: legal(me, n)
  give:
    choose: {n: range(7)}
    if: n > 0 and legal(me, n)
flow:
  - decide: [take, give]
    player: 0
"""


def test_a_forbidden_options_if_that_calls_an_and_names_the_definitions_first_false_part(tmp_path):
    """A Carcassonne trial: "the rules forbid place(...) now (the if of place, line 114: legal(cur, at))", the `if` a
    call of a definition that is an `and` of parts: its part false for the option is named too, with its line, the
    call's arguments bound to its parameters."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(CALLED, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 1, seed=1)
    options = game.options(0)
    forbidden = _forbidding(game, 0, options)
    assert ("(the if of take, line 11: legal(me, n) is false: its part small(n), line 7, is false)"
            in match_choice("take n=5", options, forbidden=forbidden))
    assert ("(the if of take, line 11: legal(me, n) is false: its part n != p + 3, line 7, is false)"
            in match_choice("take n=3", options, forbidden=forbidden))
    assert ("(the if of give, line 14: legal(me, n) is false: its part n != 1, line 6, is false)"
            in match_choice("give n=1", options, forbidden=forbidden))


def test_a_component_typed_in_a_call_that_no_option_has_is_said_back_whole(tmp_path):
    """A Battle Line trial: `play(card=card red value=3, f=0)`, a card not in hand, was said back cut to its first
    word, 'no option has card=card': the argument's whole value typed is quoted, and the other argument typed, f=0,
    narrows the cards listed."""
    from test_play_cli import CARD_AND_STONE

    (tmp_path / "ruleset.yaml").write_text(CARD_AND_STONE, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    said = choose("play(card=card red rank=4, stone=0)", options)
    assert "(no option has card=card red rank=4 now; where stone=0, card is one of card " in said, said


def test_a_forbidden_options_if_written_in_a_variant_names_the_variants_file(tmp_path):
    """A Farkle trial: "the if of bank, line 6" was looked for in the ruleset, and line 6 was the variant's: a line in
    another file than the ruleset's own names that file, from the ruleset's folder (its definition's part too)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(CALLED, encoding="utf-8")
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "strict.yaml").write_text(
        "extends: ../ruleset.yaml\ndefine:\n  big(n): n > 1 and n != 6\nactions:\n  give:\n    if: big(n)\n", encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path), [str(tmp_path / "variants" / "strict.yaml")]), 1, seed=1)
    options = game.options(0)
    forbidden = _forbidding(game, 0, options)
    assert ("(the if of give, line 6 of variants/strict.yaml: big(n) is false: its part n > 1, line 3 of "
            "variants/strict.yaml, is false)" in match_choice("give n=1", options, forbidden=forbidden))
    assert "(the if of take, line 11: legal(me, n) is false" in match_choice("take n=1", options, forbidden=forbidden)


CASES = """\
philtre: 1
game: cases
players: 1
components:
  card: {attributes: {suit: [red, blue], n: 1..3}, start: hand}
zones:
  hand: {}
variables:
  led: red
actions:
  play:
    choose: {card: hand}
    if: >
      (led == none and card.n > 1)
      or (led != none and (card.suit == led or card.n == 9))
flow:
  - decide: play
    player: 0
"""


def test_a_forbidden_options_if_that_is_an_or_names_each_false_part_and_a_word_naming_several_says_they_are_forbidden(tmp_path):
    """A Spades trial: the follow-suit `if`, an `or` of two cases, was named with no reason ("the if of play, line 62"),
    and `spades`, every spade forbidden, was only "not among this turn's options": each case is said false, by its
    first false part, and a word naming several forbidden options says the rules forbid each."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(CASES, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 1, seed=1)
    options = game.options(0)
    forbidden = _forbidding(game, 0, options)
    why = ("(the if of play, line 13: neither part of its `or` holds: led == none is false (line 14); "
           "card.suit == led or card.n == 9 is false (line 15))")
    assert f"the rules forbid play(card=card blue n=2) now {why}" in match_choice("blue 2", options, forbidden=forbidden)
    assert (f"'blue' is not among this turn's options: the rules forbid each of the 3 options it names now, "
            f"play(card=card blue n=1), play(card=card blue n=2), play(card=card blue n=3) {why}") in match_choice("blue", options, forbidden=forbidden)


BID_FROM_HIGH = """\
philtre: 1
game: bid-number
players: 2
variables: {high: 8}
actions:
  raise:
    choose: {n: "range(1, 19)"}
    if: n > high
    do:
      - set: {high: n}
  pass: {}
flow:
  - decide: [raise, pass]
    player: 0
  - decide: [raise, pass]
    player: 0
"""


def test_a_number_under_every_amount_listed_or_forbidden_as_one_is_asked_again(tmp_path):
    """A For Sale trial: `5`, a bid under the least allowed (9), the rules' `if` forbidding raise(n=5), was taken at once
    as option 5, a bid of 13 (a bid is final); so it was where the choice offered no bid under 9 (nothing forbidden to
    name). Play asks, as for a number that is another option's value; typed again it is the option's number."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    (tmp_path / "ruleset.yaml").write_text(BID_FROM_HIGH, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 2, seed=1)
    options = game.options(0)
    forbidden = _forbidding(game, 0, options)
    assert match_choice("5", options, forbidden=forbidden) == (
        "'5' is option 5, raise(n=13), but as an amount, no option has n=5 now (raise's n is one of 9..18); "
        "the rules forbid raise(n=5) now (the if of raise, line 8: n > high): type 5 again "
        "for option 5, or an amount with its name, n=9")
    assert match_choice("5", options, again=True, forbidden=forbidden) is options[4]
    assert match_choice("5.", options, forbidden=forbidden) is options[4]  # as the list writes it: no question
    (tmp_path / "ruleset.yaml").write_text(BID_FROM_HIGH.replace("range(1, 19)", "range(high + 1, 19)")
                                           .replace("    if: n > high\n", ""), encoding="utf-8")
    options = options_of(str(tmp_path), 2, 1)
    assert choose("5", options) == ("'5' is option 5, raise(n=13), but as an amount, no option has n=5 now (raise's n is "
                                    "one of 9..18): type 5 again for option 5, or "
                                    "an amount with its name, n=9")
    assert choose("5.", options) is options[4]


def test_a_number_read_as_a_value_after_the_question_is_refused_where_no_option_has_it(tmp_path):
    """Once the seat said a number alone is a value (`n=9`), `5`, no bid now, was option 5: it is refused, with how to
    type option 5; and the question answered by the number again, the number is the option's, said once."""
    from test_cli import philtre

    (tmp_path / "ruleset.yaml").write_text(BID_FROM_HIGH, encoding="utf-8")
    result = philtre("play", tmp_path, "--seed", "1", stdin="9\nn=9\n5\n5.\n", timeout=60)
    assert result.returncode == 0, result.stderr
    said = result.stdout + result.stderr
    assert ("'5' is read as n=5, as you said, and no option has n=5 now (raise's n is one of 10..18); "
            "the rules forbid raise(n=5) now (the if of raise, line 8: n > high): for option 5, "
            "raise(n=14), type 5.") in said
    assert "= raise(n=14)" in said
    result = philtre("play", tmp_path, "--seed", "1", stdin="5\n5\npass\n", timeout=60)
    assert result.returncode == 0, result.stderr
    said = result.stdout + result.stderr
    assert "(from now on a number alone is an option's number; for a value, write it with its name, n=5)" in said
    assert "= raise(n=13)" in said


EIGHTS = """\
philtre: 1
game: eights
players: 1
components:
  card: {attributes: {rank: [8], suit: [diamonds]}, start: hand}
zones:
  hand: {}
actions:
  play:
    choose: {card: hand, suit: "['clubs', 'diamonds', 'hearts', 'spades']"}
flow:
  - decide: play
    player: 0
"""

ADVANCE = """\
philtre: 1
game: advance
players: 1
actions:
  advance:
    choose: {move: "[[7, 7], [4, 10]]"}
flow:
  - decide: advance
    player: 0
"""

TRACK = """\
philtre: 1
game: track
players: 1
components:
  pawn: {copies: 2, start: nest}
zones:
  nest: {}
  track: {copies: 40}
actions:
  forward:
    choose: {pawn: "[c for c in components if c is pawn]"}
flow:
  - move: last(nest) -> track[36]
  - move: last(nest) -> track[4]
  - decide: forward
    player: 0
"""


def test_a_number_that_is_no_options_number_but_a_word_of_options_names_them(tmp_path):
    """Trials typed the number they saw in an option, and were told only that it was no option's number: Crazy Eights'
    `8`, the card of all 4 options (the suit to add); Can't Stop's `10`, an item of advance(move=[4, 10]); Sorry!'s `36`,
    a pawn in track[36] (and `forward 36`, said to match no option's value, though track[36] was on the line)."""
    from test_cli import philtre

    (tmp_path / "ruleset.yaml").write_text(EIGHTS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert choose("8", options) == (
        "'8' is no option's number, and a word of all 4 options: write it with more of the one meant: suit=clubs "
        "(option 1), suit=diamonds (option 2), suit=hearts (option 3), suit=spades (option 4), or type its number: 1. play(card=card rank=8 diamonds, suit=clubs); "
        "2. play(card=card rank=8 diamonds, suit=diamonds); 3. play(card=card rank=8 diamonds, suit=hearts); "
        "4. play(card=card rank=8 diamonds, suit=spades)")
    assert choose("8 suit=hearts", options) is options[2]
    (tmp_path / "ruleset.yaml").write_text(ADVANCE, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert choose("10", options) == "'10' is no option's number; advance(move=[4, 10]) is option 2: type 2"
    (tmp_path / "ruleset.yaml").write_text(TRACK, encoding="utf-8")
    result = philtre("play", tmp_path, "--seed", "1", stdin="36\nforward 5\nforward 36\n", timeout=60)
    assert result.returncode == 0, result.stderr
    said = result.stdout + result.stderr
    assert "1. forward(pawn=pawn in track[4])" in said and "2. forward(pawn=pawn in track[36])" in said
    assert "'36' is no option's number; forward(pawn=pawn in track[36]) is option 2: type 2, or track[36]" in said
    assert "'forward 5' is not among this turn's options" in said
    assert "= forward(pawn=pawn in track[36])" in said


BID_BESIDE_WORDS = """\
philtre: 1
game: bid-beside-words
players: 1
variables:
  bid: 0
actions:
  add:
    choose: {d: "['flower', 'skull']"}
  raise:
    choose: {n: "range(bid + 1, 6)"}
    do:
      - set: {bid: n}
flow:
  - decide: [add, raise]
    player: 0
"""


def test_a_number_is_asked_about_where_the_other_actions_options_hold_no_number(tmp_path):
    """A Skull trial: at the first bid, add(d=flower) and add(d=skull) listed before raise(n=1..5), `3` was taken at
    once as option 3, raise(n=1), and `2` laid the skull: the other actions' options hold no number, so the bids are
    the only numbers listed, and play asks, as beside a pass(); clue(r=7), a number, still makes `2` option 2."""
    (tmp_path / "ruleset.yaml").write_text(BID_BESIDE_WORDS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert [o.label() for o in options][:3] == ["add(d=flower)", "add(d=skull)", "raise(n=1)"]
    assert choose("3", options) == ("'3' is option 3, raise(n=1), and the value of raise(n=3), option 5: type 3 again "
                                    "for option 3, or n=3")
    assert choose("2", options) == ("'2' is option 2, add(d=skull), and the value of raise(n=2), option 4: type 2 "
                                    "again for option 2, or n=2")
    assert choose("n=3", options) is options[4] and choose("3.", options) is options[2]
    from philtre.interpreter.play_input import NumberReading

    assert NumberReading().learn("2", "2", options[1], options) == (
        "(from now on a number alone is an option's number; for a value, write it with its name, n=2)")
    (tmp_path / "ruleset.yaml").write_text(BID_BESIDE_WORDS.replace("range(bid + 1, 6)", "range(bid + 3, 6)"),
                                           encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)  # bids 3..5: `1`, under every bid, is asked about too (a For Sale trial)
    assert choose("1", options).startswith("'1' is option 1, add(d=flower), but as an amount, no option has n=1 now")


def test_a_misspelt_word_is_asked_about_where_the_line_so_spelt_names_options(tmp_path):
    """A Skull trial: `rasie 3` was told only that 'rasie' matched no option's value or name; play asks whether the line
    spelt as the options' words is meant, where it names an option or several, and says nothing where it names none."""
    (tmp_path / "ruleset.yaml").write_text(BID_BESIDE_WORDS, encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    assert choose("rasie 3", options).startswith(
        "'rasie 3' is not among this turn's options ('rasie' matches no option's value or name now; did you mean "
        "'raise 3'?), which are: 1. add(d=flower);")
    assert choose("rasie", options).startswith("'rasie' is not among this turn's options (did you mean 'raise'?), ")
    assert choose("add flwer", options).startswith("'add flwer' is not among this turn's options ('flwer' matches no "
                                                   "option's value or name now; did you mean 'add flower'?)")
    assert "did you mean" not in choose("rasie 9", options) and "did you mean" not in choose("zzz", options)


TWO_DIAMONDS = """\
philtre: 1
game: two-diamonds
players: 1
components:
  card:
    list:
      - {rank: '8', suit: diamonds}
      - {rank: K, suit: diamonds}
    start: hand
zones:
  hand: {visible: everyone}
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


@pytest.mark.parametrize("display, eight", [("", "8 diamonds"), ("    display: [rank]\n", "rank=8")])
def test_words_that_tell_matching_options_apart_name_the_option_each_picks_as_listed(tmp_path, display, eight):
    """A Belote trial: `card` matched play(card=card 8 diamonds) and play(card=card K diamonds), and the hint read
    `(k; or type the whole argument: card=card 8 diamonds)`: a stray-looking `k;`, lower case where the listing says K,
    nothing said of which option each picks, and the 8's words left out, as `8` alone is an option's number. Each word
    now names its option, in the listing's case, and a number comes with the word after it, or as its attribute's."""
    (tmp_path / "ruleset.yaml").write_text(TWO_DIAMONDS.replace("    start: hand\n", f"    start: hand\n{display}"),
                                           encoding="utf-8")
    options = options_of(str(tmp_path), 1, 1)
    eight_is, king_is = [1, 2] if "8" in options[0].label() else [2, 1]
    said = choose("card", options)
    assert said.startswith("2 options match; write more of one: "), said
    told = said.split("write more of one: ", 1)[1].split(", or type its number", 1)[0]
    assert sorted(told.split(", ")) == sorted([f"{eight} (option {eight_is})", f"K (option {king_is})"]), said
    assert choose(eight, options) is options[eight_is - 1] and choose("K", options) is options[king_is - 1]
