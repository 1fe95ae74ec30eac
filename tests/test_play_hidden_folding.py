"""Play's account names a value the seat may not see on the line of the decision whose action set it; one the flow
sets after a decision, or after a simultaneous step's decisions, keeps its own line, in order."""

from __future__ import annotations

# a trial's sealed auction: each seat bids at once, in secret; the flow settles it after all bids, the winner paying
SEALED = """\
philtre: 1
game: sealed
players: 3
variables:
  money: {initial: 10, each: player, visible: owner}
  offer: {initial: 0, each: player}
  high: {initial: 0}
actions:
  bid:
    choose: {n: "[5, 6]"}
    do:
      - set: {"offer[me]": n}
  spend:
    do:
      - set: {"money[me]": "money[me] - 1"}
flow:
  - simultaneous: bid
  - set: {high: "max(offer)"}
  - set: {"money[1]": "money[1] - offer[1]"}
  - decide: spend
    player: 2
  - decide: spend
    player: 1
  - set: {"money[2]": 0}
  - decide: spend
    player: 0
"""


def told(tmp_path, ruleset: str = SEALED) -> tuple:
    """The account ``philtre play`` tells seat 0 (its first option taken at each decision): (exit code, stdout)."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(ruleset, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1", "--players", "3",
                                                       "--agents", "random"], input="1.\n1\n")
    return result.exit_code, result.stdout


def test_a_hidden_value_the_flow_sets_after_a_simultaneous_step_keeps_its_line_after_what_caused_it(tmp_path):
    """A trial: `> seat 2: sealed_bid(n=19); money[1] set (hidden)` above the `sealed[...]` and `high` lines that
    made seat 1 pay, as if seat 2's bid had."""
    code, out = told(tmp_path)
    assert code == 0, out
    lines = out.splitlines()
    bids = [i for i, line in enumerate(lines) if line.startswith("  > seat ") and ": bid(" in line]
    assert len(bids) == 3 and not any("set (hidden)" in lines[i] for i in bids), out
    paid = lines.index("      money[1] = hidden")
    assert bids[-1] < next(i for i, line in enumerate(lines) if line.startswith("      high = ")) < paid, out


def test_a_hidden_value_a_decision_sets_is_named_on_its_line_and_one_the_flow_sets_after_it_keeps_its_own(tmp_path):
    code, out = told(tmp_path)
    assert code == 0, out
    assert "  > seat 2: spend(); money[2] set (hidden)\n" in out, out  # (its own action's doing)
    assert "  > seat 1: spend(); money[1] set (hidden)\n      money[2] = hidden\n" in out, out  # (the flow's, after it)


def test_replay_text_folds_as_play_does(tmp_path):
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    (tmp_path / "ruleset.yaml").write_text(SEALED, encoding="utf-8")
    record = tmp_path / "game.jsonl"
    played = CliRunner().invoke(main, ["play", str(tmp_path), "--seed", "1", "--players", "3", "--record", str(record)],
                                input="1.\n1\n")
    assert played.exit_code == 0, played.output
    text = CliRunner().invoke(main, ["replay", str(record), "--seat", "0", "--text"]).output
    assert "> seat 2: bid(n=" in text and "    money[1] = hidden\n> seat 2: spend(); money[2] set (hidden)\n" in text, text
    assert "> seat 1: spend(); money[1] set (hidden)\n    money[2] = hidden\n" in text, text
