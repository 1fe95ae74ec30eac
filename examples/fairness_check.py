"""Does the first player have an edge in Poison? Simulate and print each seat's win share.

Run: python examples/fairness_check.py [games]
"""

import sys

from philtre.dsl import load_ruleset
from philtre.interpreter.simulate import format_summary, simulate


def main(games: int = 200) -> None:
    """Simulate 4-player Poison with random agents and print the summary table."""
    ruleset = load_ruleset("poison")
    summary = simulate(ruleset, players=4, games=games, seed=1)
    print(format_summary(summary))
    shares = [seat["win_share"] for seat in summary["seats"]]
    # every Poison game has a winner, so the shares add up to 1, up to their rounding to 4 digits each
    assert abs(sum(shares) - 1) <= len(shares) * 0.00005 + 1e-9, "win shares of all seats add up to 1"


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
