"""What `philtre play` lists at a decision of many options, and how it names the components its options choose: every
action offered named in what is shown, one name per option in the list, the echo and a refusal."""

from __future__ import annotations

from pathlib import Path

DRAFT = Path(__file__).parent / "data" / "dice_draft.yaml"  # a trial's dice draft: 46 options at 4 seats, pass() last


def played(typed: str, players: int, seed: int) -> str:
    """``philtre play`` of the dice draft with ``typed`` at the prompt: stdout and stderr together."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    result = CliRunner().invoke(main, ["play", str(DRAFT), "-p", str(players), "--seed", str(seed)], input=typed)
    return result.output


def test_an_action_whose_options_are_all_past_the_listed_ones_is_named_under_the_list():
    """A trial's 4-seat draft offered 46 options: play listed 40 placements and `... and 6 more`, pass() among the six,
    and nothing said that passing was possible."""
    out = played("w=0\n", 4, 2)
    more = next(line for line in out.splitlines() if line.startswith("  ... and "))
    assert more.startswith("  ... and 6 more (draft x5, pass()), 4 of them draft(die=die red pips=6, ...) numbered 42..45: "
                           "type more to list them (41..46), all to list all 46, a number, or a position 'x y'"), more
    assert more.endswith(", or an option as listed: pass()"), more
    assert "pass()" not in out.split("  ... and ")[0]  # (listed nowhere above it)
    passed = played("w=0\npass()\n", 4, 2).split("or an option as listed: pass()\n", 1)[1]
    assert passed.startswith("your choice: pass()\n\n  > seat 1: draft("), passed  # (typed as named, taken)


def test_an_action_listed_among_the_first_options_is_only_counted_under_the_list():
    """Actions the first 40 lines show are counted, not given an example: the hint stays short."""
    from philtre.interpreter.cli_play import _actions_in, _unlisted
    from philtre.interpreter.options import Option

    lines = [Option.of("take", (("n", n),)) for n in range(45)] + [Option.of("pass", ())]
    unlisted = _unlisted(lines)
    assert list(unlisted) == ["pass"]
    assert _actions_in(lines[40:], unlisted) == "take x5, pass()"
    assert _unlisted(lines[:41]) == {} and _actions_in(lines[40:41], {}) == "take x1"


def test_a_die_is_named_alike_in_the_list_the_echo_and_a_refusal():
    """A trial's die read `die red pips=1` in the list, `die red pips=1 in pool` in the echo, and a refusal named one
    placement twice, once in each form, for the pool's two identical red 1s: one name, and one option, throughout."""
    out = played("w=0\n1 2 red pips=1\n21\n", 2, 3)
    assert "   21. draft(die=die red pips=1, at=(x=2, y=0))\n" in out, out
    assert ("'1 2 red pips=1': no legal option at x=1 y=2: the rules forbid draft(die=die red pips=1, at=(x=1, y=2)) "
            "now (the if of draft") in out, out
    assert "  = draft(die=die red pips=1, at=(x=2, y=0))\n" in out, out
    assert " in pool" not in out, out


def test_components_alike_in_a_quiet_zone_do_not_make_play_name_the_zone_of_those_offered():
    """The supply, `quiet: true`, holds a spare die of every face and is never shown: every one of 40 options read
    `die ... in pool` for it. A zone the board shows still does (the round track's dice, `track`)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.options import option_wording
    from philtre.interpreter.render import seen_ids

    assert " in pool" not in played("w=0\n", 4, 2)
    game = Game(load_ruleset(str(DRAFT)), 2, seed=3)
    for seat in (0, 1):
        game.apply(seat, game.options(seat)[0])
    options = game.options(0)
    S = game.state
    red = next(c for o in options for n, c in o.args if n == "die" and c["colour"] == "red")
    spare = next(c for c in S.zones["supply"][0] if c.signature == red.signature)
    S.zones["supply"][0].remove(spare)  # (a spare of the same face laid on the track, which the board shows)
    S.zones["track"][0].append(spare)
    S.where[spare.ident] = S.zones["track"][0].key
    view = game.view(0)
    words = option_wording(game, view, options)
    labels = [o.label(seen_ids(view), words) for o in options]
    assert all(" in pool" in label for label in labels if "die red pips=1" in label), labels
    assert not any(" in pool" in label for label in labels if "die blue" in label), labels


PAST_FORTY = """\
philtre: 1
game: past-forty
players: 1
actions:
  go:
    choose: {to: "[[x, y] for x in range(9) for y in range(9)]"}
  hop:
    choose: {to: "[[9, y] for y in range(10)]"}
flow:
  - decide: [go, hop]
    player: 0
"""


def _played_at(tmp_path, typed: str) -> str:
    """``philtre play`` of PAST_FORTY (91 options, none folded) with ``typed`` at the prompt: stdout and stderr."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(PAST_FORTY, encoding="utf-8")
    return CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1"], input=typed).output


def test_more_and_all_list_the_options_past_the_fortieth(tmp_path):
    """A Hive trial: 85 options, and `board` or `?` listed the same first 40 again: the queen's moves and every
    placement past them could not be seen. `more` lists the next 40, numbered as in the whole list, `all` every one,
    and the `... and N more` line and `help` say so."""
    out = _played_at(tmp_path, "more\nmore\nmore\nhop 9 3\n")
    first, rest = out.split("\nyour choice: ", 1)
    assert first.splitlines()[-1] == ("  ... and 51 more (go x41, hop x10): type more to list the next 40 (41..80), all "
                                      "to list all 91, a number, or an option as listed: hop(to=[9, 9])"), first
    page = rest.split("more to list them")[0]
    assert page.startswith("more\n   41. go(to=[4, 4])\n") and page.count("\n   ") == 40 and "   80. go(to=[8, 7])\n" in page
    assert "  ... and 11 more (go x1, hop x10): type more to list them (81..91), all to list all 91" in rest, rest
    assert "   82. hop(to=[9, 0])\n" in rest and "   91. hop(to=[9, 9])\n" in rest, rest
    assert "no more: all 91 lines are listed (board lists the first 40 again)" in rest, rest
    assert "  = hop(to=[9, 3])" in rest  # (more typed, the game goes on: no refused line)
    out = _played_at(tmp_path, "all\nhelp\n91\n")
    assert "    1. go(to=[0, 0])" in out.split("your choice:")[1] and "   91. hop(to=[9, 9])" in out.split("your choice:")[1]
    assert "  more: the next 40 lines of options, past those listed; all: every line (91)" in out, out
    assert "  = hop(to=[9, 9])" in out, out


def test_a_word_that_names_more_than_eight_options_lists_them_with_their_numbers(tmp_path):
    """A Hive trial: `move queen` narrowed the 85 options only where it named 8 or fewer; more were refused with the
    first 8. Up to 40 are listed, a line each, by their numbers in the whole list."""
    out = _played_at(tmp_path, "hop\ngo\n82\n")
    said = out.split("your choice: hop\n", 1)[1]
    assert said.startswith("10 options match; write more of one"), said
    assert "\n   82. hop(to=[9, 0])\n" in said and "\n   91. hop(to=[9, 9])\n" in said, said
    gone = said.split("81 options match", 1)[1]
    assert "\n   40. go(to=[4, 3])\n  ... and 41 more: type more of their words\n" in gone, gone
    assert "  = hop(to=[9, 0])" in out


def test_more_lists_a_folded_run_of_amounts_as_its_one_line(tmp_path):
    """Options of one action alike but for a number counting up, folded into one line (`bid(n=20..119)`), stay one
    line past the 40th: `more` lists the lines after it, numbered as listed, and the line's number still asks for the
    amount."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    bids = PAST_FORTY.replace("actions:\n", 'actions:\n  bid:\n    choose: {n: "range(20, 120)"}\n').replace("[go, hop]", "[bid, go, hop]")
    (tmp_path / "ruleset.yaml").write_text(bids, encoding="utf-8")
    out = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1"], input="more\n1\n50\n").output
    assert "    1. bid(n=20..119)  (type bid 53 or n=53)\n" in out, out
    assert "  ... and 52 more (go x42, hop x10): type more to list the next 40 (41..80), all to list all 92" in out, out
    page = out.split("your choice: more\n", 1)[1]
    assert page.startswith("   41. go(to=[4, 3])\n") and "bid(n=" not in page.split("your choice:")[0], page
    assert "n for bid (20..119): " in page and "  = bid(n=50)" in page, page


TWO_CARDS = """\
philtre: 1
game: two-cards
players: 1
components:
  card: {list: [{kind: guard}, {kind: prince}], start: hand, display: [kind]}
zones:
  hand: {}
actions:
  play:
    choose:
      card: hand
      target: "range(5) if card.kind == 'guard' else range(6)"
      guess: "['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] if card.kind == 'guard' else [none]"
flow:
  - decide: play
    player: 0
"""


def test_a_first_choice_whose_every_option_lies_past_the_cut_is_named_with_its_numbers(tmp_path):
    """A Love Letter trial: a hand of two cards gave 45 options of the first card and 6 of the second; the 40 listed
    were all of the first, and a new player read that the first was the only card playable. The value none of the 40
    shows is named under the list, with how many and their numbers, and those numbers take its options."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(TWO_CARDS, encoding="utf-8")
    out = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1"], input="46\n").output
    first, rest = out.split("\nyour choice: ", 1)
    assert "prince" not in first.split("\n    1. ")[1].split("  ... and ")[0]  # (none of the 40 is of the second card)
    assert first.splitlines()[-1].startswith(
        "  ... and 11 more, 6 of them play(card=card prince, ...) numbered 46..51: type more to list them (41..51), "
        "all to list all 51"), first
    assert rest.startswith("46\n  = play(card=card prince, target=0)\n"), rest  # (the number typed, echoed)
    out = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1"], input="more\n51\n").output
    assert "   46. play(card=card prince, target=0)\n" in out and "  ... and" not in out.split("\nyour choice: ", 1)[1], out
