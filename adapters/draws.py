"""A generator answering the engine's random draws from outcomes given to it, so that each draw can be a chance node.

The engine draws from a game's generator in two ways only: ``shuffle(items)`` and ``_randbelow(n)`` (a die's face),
both for a generator of a class other than the standard one (``effects.shuffle``, ``effects.e_roll`` and the runners'
``roll`` and ``shuffle`` code test ``type(rng) is STANDARD``). ``GivenDraws`` answers each ``_randbelow(n)`` with
the next outcome it was given (0..n-1) and shuffles as Fisher-Yates does with those draws; when the outcomes run
out it raises ``DrawNeeded(n)``, which leaves the engine's rule-failure handlers alone (they catch named kinds of
``Exception`` only) and abandons the statement: the caller plays the same move again, on a fresh copy, with one
outcome more. Any other draw (``random()``, ``getrandbits``, ``randbytes``, ``seed``) is refused.
"""

from __future__ import annotations

import random


class DrawNeeded(Exception):
    """The outcomes given ran out: the draw asked for has ``n`` outcomes, 0..n-1, each as likely."""

    def __init__(self, n: int):
        super().__init__(f"a random draw needs a chance outcome 0..{n - 1} (all the outcomes given are used)")
        self.n = n


class DrawRefused(Exception):
    """A draw GivenDraws cannot answer from outcomes: a kind the engine does not make, or an outcome out of range."""


class GivenDraws(random.Random):
    """The game's generator when every random draw is a chance node: draws answered from ``outcomes``, in order.

    ``taken`` counts the outcomes used. A copy (``Flow.rng``'s copy on a draw, ``copy``, pickling) keeps the class,
    the outcomes and the count: getstate/setstate carry them, not the Mersenne Twister's state, which is never used.
    """

    def __init__(self, outcomes=()):
        # (Random.__init__ would seed the Mersenne Twister from the system: nothing is drawn from it)
        self.outcomes = tuple(outcomes)
        self.taken = 0

    def _randbelow(self, n: int) -> int:
        """The next outcome, 0..n-1; none for a draw of one outcome (0: no chance node); DrawNeeded when they ran out."""
        if n <= 1:
            if n == 1:
                return 0
            raise DrawRefused(f"a draw among {n} outcomes: there is nothing to draw")
        taken = self.taken
        if taken == len(self.outcomes):
            raise DrawNeeded(n)
        outcome = self.outcomes[taken]
        if outcome.__class__ is not int or not 0 <= outcome < n:
            raise DrawRefused(f"chance outcome {outcome!r} (draw {taken}) is not one of 0..{n - 1}")
        self.taken = taken + 1
        return outcome

    def shuffle(self, x) -> None:
        """Fisher-Yates: for i from len(x) - 1 down to 1, exchange x[i] with x[j], j drawn among i + 1."""
        draw = self._randbelow
        for i in range(len(x) - 1, 0, -1):
            j = draw(i + 1)
            x[i], x[j] = x[j], x[i]

    def getstate(self) -> tuple:
        """The outcomes and how many were used (what a copy needs to answer as this one would)."""
        return self.outcomes, self.taken

    def setstate(self, state) -> None:
        """Take the outcomes and count of ``getstate``."""
        self.outcomes, self.taken = state

    def _refused(self, what: str):
        """DrawRefused for a draw that is no shuffle and no index below n."""
        raise DrawRefused(f"{what}: a game playing every random draw as a chance node answers only shuffles and "
                          f"draws among n outcomes (_randbelow)")

    def random(self):
        """Refused: a float has no finite number of outcomes to be a chance node's."""
        self._refused("random()")

    def getrandbits(self, k):
        """Refused: the engine's draws are shuffles and indices below n, not bits."""
        self._refused(f"getrandbits({k})")

    def randbytes(self, n):
        """Refused, as getrandbits."""
        self._refused(f"randbytes({n})")

    def seed(self, *args, **kwargs):
        """Refused: the draws are the outcomes given, which no seed makes."""
        self._refused("seed()")
