"""What `philtre play` offers at a decision, as a trial's bidding met it: an action of the ruleset that this decision
does not ask said to be so, with the decision's actions; a bid of many values with gaps listed as one line where its
values, one a line, would push another action past the lines listed."""

from __future__ import annotations

from test_play_amounts import played as _played
from test_play_cli import options_of

# a trial's bidding, made small: one seat says a value (game values, with gaps) or passes, the other holds or passes
BIDS = """\
philtre: 1
game: bids
players: 2
variables: {bid: 0}
define:
  values: "sorted(distinct([b * m for b in [9, 10, 11, 12] for m in range(2, 15)]))"
actions:
  say:
    choose: {n: "[v for v in values if v > bid]"}
    do:
      - set: {bid: n}
  pass_bid: {}
  hold: {}
  wait: {}
flow:
  - name: says
    decide: [say, pass_bid]
    player: 0
  - decide: [hold, pass_bid]
    otherwise: wait
    player: 1
"""


def played(tmp_path, typed: str, ruleset: str = BIDS, *args: str):
    """``philtre play`` of ``ruleset`` (the trial's bidding) with ``typed``: (exit code, output)."""
    return _played(tmp_path, typed, ruleset, *args)


def test_an_action_the_decision_does_not_ask_is_said_so_with_the_decisions_name_line_and_actions(tmp_path):
    """A trial typed `hold`, what the other seat of a pair is asked, and was told only that it was not among this turn's
    options: that this decision does not ask it is said, with what it offers."""
    code, said = played(tmp_path, "hold\nHold()\nhold 5\n")
    assert code == 2, said
    assert ("'hold' is not among this turn's options: hold is not asked here: this decision (says, line 17) offers say, "
            "pass_bid (the 44 the rules allow now") in said, said
    assert "'Hold()' is not among this turn's options: hold is not asked here: this decision (says, line 17)" in said
    assert "'hold 5' is not among this turn's options: hold is not asked here" in said
    # a decision with no name: its line alone, and its fallback said as such
    code, said = played(tmp_path, "say\npass_bid\n", BIDS, "--seat", "1")
    assert ("'say' is not among this turn's options: hold is not asked here" not in said
            and "'say' is not among this turn's options: say is not asked here: this decision (line 19) offers hold, "
                "pass_bid (otherwise: wait); this turn's options are: 1. hold(); 2. pass_bid()") in said, said


def test_a_word_that_is_no_action_is_refused_as_before(tmp_path):
    code, said = played(tmp_path, "holdx\npass_bid\n")
    assert code == 0 and "'holdx' is not among this turn's options (" in said and "not asked here" not in said, said


def test_past_the_lines_listed_a_run_of_values_with_gaps_is_one_line_and_every_action_is_listed(tmp_path):
    """A trial's bid of 40 game values, `say(n=96)` to `say(n=432)`, each its line, pushed its pass into `... and 1
    more`: the values are one line, the pass listed under it, and the numbers typed are the lines'."""
    code, said = played(tmp_path, "1\n101\n99\n")
    assert code == 0, said
    assert "    1. say(n=18..168, 43 values)  (type say 55 or n=55)\n    2. pass_bid()\n" in said, said
    assert "say(n=20)" not in said and "... and" not in said, said
    assert "n for say (18..168, 43 values): " in said
    assert "'101': n is one of 43 values from 18 to 168 now; the nearest: 100 and 108\n" in said, said
    assert "= say(n=99)" in said and "bid = 99" in said, said
    for typed in ["say 96\n", "n=96\n", "say(n=96)\n", "say\n96\n", "1\n96\n"]:
        code, said = played(tmp_path, typed)
        assert code == 0 and "bid = 96" in said, (typed, said)
    code, said = played(tmp_path, "2\n")
    assert code == 0 and "= pass_bid()" in said and "bid = 0" in said, said
    code, said = played(tmp_path, "96\n3\n2\n")
    assert "'96' is no option's number; say(n=96) is of line 1, say(n=18..168, 43 values): type n=96, or 1, then 96" in said
    assert "'3' is not one of this turn's 2 lines: type a line's number, 1..2" in said and "= pass_bid()" in said, said


def test_values_with_gaps_that_fit_the_lines_listed_are_an_option_a_line(tmp_path):
    from philtre.interpreter.play_input import Amounts, listing

    (tmp_path / "ruleset.yaml").write_text(BIDS.replace("{bid: 0}", "{bid: 24}"), encoding="utf-8")
    options = options_of(str(tmp_path), 2, 1)
    assert len(options) == 40 and listing(options) == options  # (39 values and a pass: the 40 lines listed)
    (tmp_path / "ruleset.yaml").write_text(BIDS, encoding="utf-8")
    lines = listing(options_of(str(tmp_path), 2, 1))
    assert len(lines) == 2 and isinstance(lines[0], Amounts) and lines[0].amount(19) is None
    assert lines[0].amount(168).label() == "say(n=168)" and lines[1].label() == "pass_bid()"
