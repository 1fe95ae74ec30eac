"""A progress bar for long runs: games done, games per second and time left, on stderr.

Shown only when stderr is a terminal (piped or redirected output stays clean), and
redrawn at most ten times a second so it costs nothing next to the games; asked for
where it is not one (`--progress`: a log, CI), the same figures a plain line at a time:
at the start, the first with a rate and time left as soon as a game ends PLAIN_FIRST
seconds or more after the start, then every PLAIN_EVERY seconds, and at the end.
"""

from __future__ import annotations

import sys
import time


def _clock(seconds: float) -> str:
    """Seconds as m:ss (or h:mm:ss)."""
    seconds = int(seconds + 0.5)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


class Progress:
    """``update(n)`` after each game; ``close()`` at the end, or ``finish()`` where the run may end before its total
    (an early stop). Quiet unless ``stream`` is a terminal."""

    WIDTH = 28
    PLAIN_EVERY = 10.0  # seconds between two lines where stderr is no terminal
    # seconds after the start from which a game's end says the first time left there: a trial's search agents took
    # seconds a game, and the first estimate came only after PLAIN_EVERY (a run of 2 games, none before its end)
    PLAIN_FIRST = 1.0

    def __init__(self, total: int, label: str = "games", stream=None, enabled: bool | None = None, plain: bool = False):
        self.stream = stream or sys.stderr
        terminal = self.stream.isatty()
        self.enabled = (terminal or plain) if enabled is None else enabled
        self.plain = plain and not terminal  # (a line at a time: no carriage return to draw over)
        self.total, self.label = max(total, 0), label
        self.done = 0
        self.start = time.monotonic()
        self.counted_from = 0  # games done before the clock's (re)start: not in the rate
        self.at_most = False  # the run may stop before its total (a comparison's stop rule): the ETA is the most it takes
        self.drawn = 0.0
        self.estimated = False  # whether a line drawn said a rate (games timed since the clock's start)
        self.closed = False

    def __call__(self, n: int = 1) -> None:
        """The bar as a progress callback."""
        self.update(n)

    def restart(self) -> None:
        """Time the games from now: what came before (loading saved games, starting workers or a Ray instance) is not
        their time, and counted in the rate it made the first ETAs far too long (hours for a run of seconds)."""
        self.start = time.monotonic()
        self.counted_from = self.done
        if self.enabled and not self.drawn:  # the bar from the start (0/20 games): a game of searches takes minutes, and
            self._draw(self.start)  # a terminal silent until it ends looked like a run that hung
            self.drawn = self.start - 0.1  # (drawn, and the first game's end is drawn at once)

    def update(self, n: int = 1) -> None:
        """Count ``n`` more games; redraw now and then."""
        self.done += n
        now = time.monotonic()
        every = self.PLAIN_EVERY if self.plain else 0.1
        if self.plain and not self.estimated and now - self.start >= self.PLAIN_FIRST and self.done > self.counted_from:
            every = 0.0  # (the first line that can say a rate and a time left)
        if self.enabled and (now - self.drawn >= every or self.done >= self.total):
            self.drawn = now
            self._draw(now)

    def note(self, text: str) -> None:
        """Say ``text`` on its own line(s) while the run goes on (piped too: a note is no bar), the bar drawn again below."""
        if self.enabled and self.drawn and not self.plain:
            self.stream.write("\r\033[K")
        self.stream.write(text + "\n")
        if self.enabled and self.drawn and not self.plain:
            self._draw(time.monotonic())
        self.stream.flush()

    def line(self, now: float) -> str:
        """The bar as text: [#####.....] 1,234/4,000 games  210.5 games/s  ETA 0:13 (ETA at most 0:13 if it may stop early)."""
        elapsed = max(now - self.start, 1e-9)
        rate = (self.done - self.counted_from) / elapsed
        frac = min(self.done / self.total, 1.0) if self.total else 1.0
        filled = int(frac * self.WIDTH)
        eta = _clock((self.total - self.done) / rate) if rate > 0 and self.done < self.total else "-:--"
        if self.at_most and eta != "-:--":
            eta = "at most " + eta
        return (f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.done:,}/{self.total:,} {self.label}"
                f"  {rate:,.1f} {self.label}/s  ETA {eta}")

    def _draw(self, now: float) -> None:
        """Overwrite the line in place (a plain line: write it below the last)."""
        self.stream.write(self.line(now) + "\n" if self.plain else "\r" + self.line(now) + "\033[K")
        self.stream.flush()
        self.said = self.done
        self.estimated = self.estimated or self.done > self.counted_from

    def close(self) -> None:
        """Finish the line (only if a bar was drawn), once; a plain line only if the last one said fewer games."""
        if self.enabled and self.drawn and not self.closed:
            if not self.plain:
                self._draw(time.monotonic())
                self.stream.write("\n")
            elif getattr(self, "said", None) != self.done:
                self._draw(time.monotonic())
            self.stream.flush()
        self.closed = True

    def finish(self) -> None:
        """The run is over, maybe before its total (a comparison stopped early): the bar ends full at the games played,
        with no time left, rather than stuck part way with an ETA for games never to be played."""
        self.total = self.done
        self.close()
