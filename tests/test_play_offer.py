"""What `philtre play` offers at a decision, as a trial's bidding met it: an action of the ruleset that this decision
does not ask said to be so, with the decision's actions."""

from __future__ import annotations

from test_play_amounts import played as _played

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
