"""Play one game of POK with random agents and follow it from its record.

Run: python examples/play_one_game.py
"""

import random

from philtre.dsl import load_ruleset
from philtre.interpreter import Game


def main() -> None:
    """Play a 4-player game, then print each round's dice and who handed a counter over."""
    ruleset = load_ruleset("pok")
    game = Game(ruleset, players=4, seed=2024, record=True)
    rng = random.Random(1)
    while not game.finished:
        for seat in game.pending():
            game.apply(seat, rng.choice(game.options(seat)))

    for event in game.recorder.events[1:]:
        if event["event"] == "roll":
            faces = ", ".join(f"{f['count']} {f['symbol']}" if f["count"] else "blank" for f in event["dice"].values())
            print(f"dice: {faces}")
        elif event["event"] == "score":
            print(f"  seat {event['player']} hands over a counter ({event['total']} so far)")
    print(f"scores {game.scores}, winners {game.winners}")

    # What seat 0 was allowed to see: other hands' counters are hidden until shown.
    mine = game.recorder.for_player(0)[1:]  # after the header line
    hidden = sum(1 for e in mine if e["event"] == "decision" and e["args"]["counter"] == {"hidden": True})
    assert hidden == 0, "in POK every shown counter is revealed at once"


if __name__ == "__main__":
    main()
