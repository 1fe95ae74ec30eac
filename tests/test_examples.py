"""The example games: each validates with no finding, passes its scenarios (its variants' too) and plays to
its end; the trick-taking one keeps its rule, follow suit, in every random game.

CI also runs them from the shell (examples/run_all.sh); these are the same checks where pytest sees them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.overlays import variant_paths
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.parent.name for p in (ROOT / "examples").glob("*/ruleset.yaml"))


def test_the_examples_are_found():
    assert {"tutorial", "dice-reroll", "hidden-hands", "trick-taking", "connect-four", "liars-dice", "drafting",
            "bluffing", "two-hands", "hex"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_an_example_game_validates_passes_its_scenarios_and_plays(name):
    folder = ROOT / "examples" / name
    assert [str(f.diagnostic) for f in check_file(str(folder)).findings] == []
    for variants in [[]] + [[path] for path in variant_paths(str(folder / "ruleset.yaml"))]:
        ruleset = load_ruleset(str(folder), variants)
        results = run_scenarios(ruleset)
        assert results and all(r.passed for r in results), [(r.name, r.failures) for r in results if not r.passed]
    ruleset = load_ruleset(str(folder))
    game = Game(ruleset, players=ruleset.min_players, seed=3)
    rng = random.Random(3)
    while not game.finished:
        for seat in game.pending():
            game.apply(seat, rng.choice(game.options(seat)))
    assert game.winners is not None


@pytest.mark.parametrize("players", [3, 4])
def test_the_trick_taking_example_makes_every_seat_follow_suit(players):
    """A seat holding the suit led is offered only cards of it; one holding none of it, or leading, any card."""
    ruleset = load_ruleset(str(ROOT / "examples" / "trick-taking"))
    for seed in range(10):
        game, rng = Game(ruleset, players=players, seed=seed), random.Random(seed)
        while not game.finished:
            (seat,) = game.pending()
            view = game.view(seat)
            led, hand = view["variables"]["led"], view["zones"]["hand"][seat]["components"]
            suits = {dict(option.args)["card"]["suit"] for option in game.options(seat)}
            held = {card["suit"] for card in hand}
            assert suits == ({led} if led in held else held), (seed, led, held, suits)
            game.apply(seat, rng.choice(game.options(seat)))
        assert sum(game.scores) >= 6 * players  # a point for every trick, and more for its stars


@pytest.mark.parametrize("players", [2, 4])
def test_liars_dice_shows_each_seat_its_own_dice_alone_until_the_cups_are_lifted(players):
    """Each seat's view holds the faces its own dice show, and of the other cups how many dice they hold; nobody sees
    the other faces of any die; a call lifts every cup, and the next roll hides them again."""
    ruleset = load_ruleset(str(ROOT / "examples" / "liars-dice"))
    for seed in range(4):
        game, rng = Game(ruleset, players=players, seed=seed), random.Random(seed)
        while True:
            cups = [[c["id"] for c in cup] for cup in game.state.zones["cup"]]
            for viewer in [*range(players), None]:
                view = game.view(viewer)["zones"]
                for seat, cup in enumerate(view["cup"]):
                    assert cup["count"] == len(cups[seat])
                    if seat == viewer:
                        assert [c["id"] for c in cup["components"]] == cups[seat]
                    else:
                        assert "components" not in cup
                        # shown only at the end of the game: a call's reveal lasts until the next roll
                        assert ("revealed" in cup) is (game.finished and bool(cups[seat])), (seed, viewer, seat)
                        if "revealed" in cup:
                            assert sorted(c["id"] for c in cup["revealed"]) == sorted(cups[seat])
                # the other faces show their backs alone, which die each belongs to (`back: [die]`), never the pips
                assert all(set(z) <= {"count", "backs"} and all(set(b) == {"type", "die"} for b in z.get("backs", ()))
                           for z in view["sides"])
            if game.finished:
                break
            (seat,) = game.pending()
            game.apply(seat, rng.choice(game.options(seat)))
        assert len(game.winners) == 1 and game.scores[game.winners[0]] > 0


def test_the_adapters_demo_without_its_extras_names_them_not_a_traceback():
    """After the README's core install, `bash examples/run_all.sh` stopped at adapters_demo.py with numpy's
    ModuleNotFoundError traceback."""
    import subprocess
    import sys

    hide_numpy = ("import runpy, sys; sys.modules['numpy'] = None; "
                  "runpy.run_path('examples/adapters_demo.py', run_name='__main__')")
    result = subprocess.run([sys.executable, "-c", hide_numpy], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "numpy is not installed): pip install 'philtre[pettingzoo,openspiel]'" in result.stderr


@pytest.mark.parametrize("players", [2, 4])
def test_the_bluffing_example_shows_each_hand_to_its_owner_alone_and_what_the_bag_holds_to_all(players):
    """Each seat's view holds its own two tiles and of the other hands how many, at every decision, a challenge's
    too; every view lists the coins in the bag in id order, never the order they lie in."""
    ruleset = load_ruleset(str(ROOT / "examples" / "bluffing"))
    for seed in range(4):
        game, rng = Game(ruleset, players=players, seed=seed), random.Random(seed)
        while not game.finished:
            (bag,) = game.state.zones["bag"]
            for viewer in range(players):
                view = game.view(viewer)["zones"]
                assert [("components" in hand, hand["count"]) for hand in view["hand"]] == \
                    [(seat == viewer, 2) for seat in range(players)], (seed, viewer)
                assert [c["id"] for c in view["bag"]["components"]] == sorted(c["id"] for c in bag)
            for seat in game.pending():
                game.apply(seat, rng.choice(game.options(seat)))
