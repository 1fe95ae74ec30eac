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
