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
    assert more.startswith("  ... and 6 more (draft x5, pass()): type a number, or a position 'x y'"), more
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
