"""`philtre play` at a decision of many amounts (a bid of `range(lo, hi)`): one numbered line for the run, its amount
asked after its number; a refused amount said with the run; `board` and `help` at the prompt."""

from __future__ import annotations

from test_play_cli import choose, options_of

# a trial's once-around auction: a bid above the high bid, up to the money held, or a pass
AUCTION = """\
philtre: 1
game: amounts
players: 2
variables: {high: 62, money: 100}
actions:
  bid:
    choose: {n: "range(high + 1, money + 1)"}
    do:
      - set: {high: n}
  pass: {}
flow:
  - decide: [bid, pass]
    player: 0
"""


def played(tmp_path, typed: str, ruleset: str = AUCTION, *args: str):
    """``philtre play`` of ``ruleset`` with ``typed`` at the prompt (``args``: play's options more): (exit code, stdout
    and stderr together)."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(ruleset, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1", *args], input=typed)
    return result.exit_code, result.output


def test_a_run_of_amounts_is_one_numbered_line_whose_number_asks_for_the_amount(tmp_path):
    """A trial's bids were 38 lines, `1. bid(n=63)` to `38. bid(n=100)`, a sealed bid's 101: the board scrolled away
    as the seat had to decide how much to bid."""
    code, said = played(tmp_path, "1\n70\n")
    assert code == 0, said
    assert "    1. bid(n=63..100)  (type bid 75 or n=75)\n    2. pass()\n" in said, said
    assert "bid(n=64)" not in said and "high = 62" in said  # (the board above the two lines)
    assert "n for bid (63..100): " in said and "= bid(n=70)" in said and "high = 70" in said, said


def test_an_amount_is_typed_with_the_line_s_words_or_its_name_and_the_line_s_words_alone_ask_for_it(tmp_path):
    for typed in ["bid 70\n", "n=70\n", "bid(n=70)\n", "bid\n70\n", "bid(n=63..100)\n70\n"]:
        code, said = played(tmp_path, typed)
        assert code == 0 and "high = 70" in said, (typed, said)
    code, said = played(tmp_path, "2\n")
    assert code == 0 and "= pass()" in said, said


def test_a_refused_amount_says_the_run_in_one_short_line(tmp_path):
    """`bid 200` was told `... bid's are: 1. bid(n=63); 2. bid(n=64); ... and 30 more (...)`."""
    code, said = played(tmp_path, "bid 200\nbid 5\n1\n300\n99\n")
    assert code == 0, said
    assert "'bid 200': n is one of 63..100 now\n" in said and "'bid 5': n is one of 63..100 now\n" in said, said
    assert "'300': n is one of 63..100 now\n" in said and "high = 99" in said, said
    options = options_of(str(tmp_path), 2, 1)
    assert choose("n=200", options) == "'n=200': n is one of 63..100 now"
    assert choose("n=abc", options).startswith("'n=abc' is not among this turn's options (no option has n=abc now; n is "
                                               "one of 63..100)")


def test_a_refusal_counts_the_lines_listed_beside_the_options_and_lists_a_run_as_its_line(tmp_path):
    """Play listed 2 lines, `bid(n=63..100)` and `pass()`, and a refusal said `(the 39 the rules allow now)` and listed
    the bids one by one, each numbered 1: the numbers to type are the lines'."""
    code, said = played(tmp_path, "foo\nbid foo\n2\n")
    assert code == 0, said
    assert ("'foo' is not among this turn's options (the 39 the rules allow now, listed as 2 lines): type a line's number, "
            "1..2, or an option as listed, e.g. pass()\n") in said, said
    assert ("(the 39 the rules allow now, listed as 2 lines); the bid options are: 1. bid(n=63..100) (type a line's number, "
            "or an option as listed)\n") in said, said
    assert "bid(n=64)" not in said and "= pass()" in said


def test_an_amount_typed_alone_is_no_line_s_number_and_points_to_its_line(tmp_path):
    """A number typed alone is a line's number: an amount is typed with its name (a bid is final: not guessed)."""
    code, said = played(tmp_path, "75\n3\n2\n")
    assert code == 0, said
    assert "'75' is no option's number; bid(n=75) is of line 1, bid(n=63..100): type n=75, or 1, then 75" in said, said
    assert "'3' is not one of this turn's 2 lines: type a line's number, 1..2, or an option as listed, e.g. pass()" in said


def test_a_short_run_and_amounts_with_gaps_are_listed_as_before(tmp_path):
    from philtre.interpreter.play_input import listing

    (tmp_path / "ruleset.yaml").write_text(AUCTION.replace("high: 62", "high: 86"), encoding="utf-8")
    options = options_of(str(tmp_path), 2, 1)
    assert len(options) == 15 and listing(options) == options  # (14 bids and a pass: each its line)
    (tmp_path / "ruleset.yaml").write_text(AUCTION.replace('"range(high + 1, money + 1)"', '"range(0, 60, 2)"'),
                                           encoding="utf-8")
    options = options_of(str(tmp_path), 2, 1)
    assert listing(options) == options  # (30 bids, even numbers only: no run)


def test_a_run_of_one_argument_beside_others_fixed_is_a_line_for_each_of_their_values(tmp_path):
    from philtre.interpreter.play_input import Amounts, listing

    (tmp_path / "ruleset.yaml").write_text(AUCTION.replace('{n: "range(high + 1, money + 1)"}',
                                                           '{q: "[1, 2]", n: "range(0, 20)"}'), encoding="utf-8")
    lines = listing(options_of(str(tmp_path), 2, 1))
    assert [line.label() for line in lines] == ["bid(q=1, n=0..19)", "bid(q=2, n=0..19)", "pass()"]
    assert isinstance(lines[1], Amounts) and lines[1].hint(2) == "(type 2, then the n)"
    assert lines[1].amount(7).label() == "bid(q=2, n=7)" and lines[1].amount(20) is None


def test_board_shows_the_board_and_the_options_again_and_help_says_what_may_be_typed(tmp_path):
    """A trial's `help`, `?` and `board` were refused as no option, with the board scrolled away."""
    code, said = played(tmp_path, "board\n?\n1\nhelp\nboard\n70\n")
    assert code == 0, said
    assert said.count("  high = 62\n") == 4 and said.count("    2. pass()\n") == 4, said  # (once shown, then 3 times)
    assert "what you may type:\n  an option's number, 1..2, the option as listed, or some of its words: pass()\n" in said
    assert "  for 1. bid(n=63..100): 1, then the n asked for; or the amount with words of the line, bid 75 or n=75\n" in said
    assert "is not among" not in said and "high = 70" in said, said
    code, said = played(tmp_path, "board\nboard\nboard\n")
    assert code == 2 and "3 lines in a row refused at decision 1 of the game, the last: 'board' asks for the board again" in said


def test_board_and_help_are_an_options_words_where_an_option_holds_them(tmp_path):
    from philtre.interpreter.play_input import command_typed

    code, said = played(tmp_path, "help\n", AUCTION.replace("  pass: {}", "  help: {}").replace("[bid, pass]", "[bid, help]"))
    assert code == 0 and "= help()" in said and "what you may type" not in said, said
    options = options_of(str(tmp_path), 2, 1)
    assert command_typed("help", options) is None and command_typed("board", options) == "board"
    assert command_typed(" ? ", options) == "board" and command_typed("boards", options) is None


# a trial's auction: the bids 0..34, each labelled as said at the table (11 is 3D)
LABELLED = AUCTION.replace("high: 62", "high: -1").replace('"range(high + 1, money + 1)"}', '''"range(high + 1, 35)"}
    label: {n: "text(n // 5 + 1) + ['C', 'D', 'H', 'S', 'NT'][n % 5]"}''')


def test_a_run_of_labelled_amounts_is_written_by_its_labels(tmp_path):
    """Bridge trial: `1. bid(b=0..34)  (type bid 11 or b=11)`, the prompt `b for bid (0..34)` and the refusals `b is one
    of 0..34 now` said nothing of 11 being 3D, though the action labels its bids; the run, the typing hint, the prompt
    and the refusals are written by the labels, and a label typed chooses its bid."""
    code, said = played(tmp_path, "bid 40\n1\n40\n3D\n", LABELLED)
    assert code == 0, said
    assert "    1. bid(n=1C..7NT)  (type bid 3D or n=11)\n    2. pass()\n" in said, said
    assert "'bid 40': n is one of 1C..7NT now\n" in said and "'40': n is one of 1C..7NT now\n" in said, said
    assert "n for bid (1C..7NT): " in said and "= bid(n=3D)" in said and "high = 11" in said, said
    for typed in ["bid 3D\n", "n=11\n", "bid 11\n", "1\n11\n"]:  # (the hint's two ways, and the number as ever)
        code, said = played(tmp_path, typed, LABELLED)
        assert code == 0 and "high = 11" in said, (typed, said)
    code, said = played(tmp_path, "help\n2\n", LABELLED)
    assert "  for 1. bid(n=1C..7NT): 1, then the n asked for; or the amount with words of the line, bid 3D or n=11\n" in said


def test_an_amount_typed_alone_is_told_its_label_too(tmp_path):
    """`11` typed alone, no line's number, was told `type n=11, or 1, then 11`, where the line's hint gives the label
    first (`bid 3D`): the refusal gives it too (each way it names is taken: the test above)."""
    code, said = played(tmp_path, "11\n2\n", LABELLED)
    assert "'11' is no option's number; bid(n=3D) is of line 1, bid(n=1C..7NT): type bid 3D, n=11, or 1, then 11\n" in said, said
