"""Statistics of many games: intervals for proportions and means, and per-game quality measures.

Intervals are 95% by default: Wilson's score interval for proportions, Student's t for
means (paired differences included). The game-quality measures (lead changes, drama,
decisiveness, uncertainty) are computed per game from the history of the scores; their
definitions and sources are in docs/statistics.md. Pure Python: no numpy, no scipy.
"""

from __future__ import annotations

import functools
import math
from statistics import NormalDist


# -- quantiles ------------------------------------------------------------------------------

def z_quantile(p: float) -> float:
    """The standard normal quantile at ``p``."""
    return NormalDist().inv_cdf(p)


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (Numerical Recipes, betacf)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def t_cdf(t: float, df: int) -> float:
    """Student's t distribution function with ``df`` degrees of freedom."""
    tail = 0.5 * _incomplete_beta(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


@functools.lru_cache(maxsize=256)
def t_quantile(p: float, df: int) -> float:
    """Student's t quantile at ``p`` (0 < p < 1) with ``df`` degrees of freedom (bisection on t_cdf)."""
    if df < 1:
        return math.inf
    if p < 0.5:  # the distribution is symmetric
        return -t_quantile(1 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2
    for _ in range(100):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * hi:
            break
    return (lo + hi) / 2


# -- intervals ------------------------------------------------------------------------------

def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom: the regularized upper incomplete
    gamma function Q(df/2, x/2), by its series below a + 1 and its continued fraction above (Press et al.)."""
    if x <= 0:
        return 1.0
    a, y = df / 2, x / 2
    front = math.exp(-y + a * math.log(y) - math.lgamma(a))
    if y < a + 1:
        term = total = 1 / a
        k = a
        while abs(term) > abs(total) * 1e-15:
            k += 1
            term *= y / k
            total += term
        return min(1.0, max(0.0, 1 - front * total))
    tiny = 1e-300
    b, c, d = y + 1 - a, 1 / tiny, 1 / (y + 1 - a)
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, max(0.0, front * h))


EXACT_SEATS = 12  # the most seats the exact seat-balance test enumerates (12 seats of 59 games: about 0.3 s)


def exact_balance_p(counts) -> float:
    """P(a table at least as unbalanced) when every one of sum(counts) games is won by one of len(counts) seats
    uniformly at random: the exact distribution of Pearson's chi-square, for counts too small for its
    asymptotic tail. With the total fixed the statistic grows with the sum of the squared counts, so the
    seats are walked one at a time over (games given out, sum of squares so far), counting the ways (whole
    numbers, exact); a part already at least as unbalanced as the table counts with every way to go on."""
    k, total = len(counts), sum(counts)
    observed = sum(c * c for c in counts)
    states, over = {(0, 0): 1}, 0
    for seat in range(k):
        left = k - seat - 1  # seats still to give games to
        after = {}
        for (given, squares), ways in states.items():
            rest = total - given
            for c in ([rest] if left == 0 else range(rest + 1)):
                w = ways * math.comb(rest, c)
                if squares + c * c >= observed:
                    over += w * left ** (rest - c)
                else:
                    key = (given + c, squares + c * c)
                    after[key] = after.get(key, 0) + w
        states = after
    return min(1.0, over / k ** total)


def wilson(successes: float, n: int, level: float = 0.95) -> tuple:
    """Wilson's score interval for a proportion (``successes`` may be fractional: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    z = z_quantile(0.5 + level / 2)
    p = min(max(successes / n, 0.0), 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the interval holds p; rounding put the upper end of 300 wins of 300 at 0.9999999999999998, below the share 1
    return (min(max(0.0, centre - half), p), max(min(1.0, centre + half), p))


def mean_sd(values) -> tuple:
    """The mean and the sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))


def mean_ci(values, level: float = 0.95, low: float = -math.inf, high: float = math.inf) -> dict:
    """Mean, standard deviation and Student's t interval of the mean, within [low, high] where the measure cannot leave it."""
    n = len(values)
    mean, sd = mean_sd(values)
    if n < 2:
        return {"n": n, "mean": mean, "sd": sd, "ci": [mean if n else 0.0, mean if n else 0.0]}
    half = t_quantile(0.5 + level / 2, n - 1) * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "ci": [max(low, mean - half), min(high, mean + half)]}


def paired_difference(a, b, level: float = 0.95) -> dict:
    """Mean of b[i] - a[i] with its t interval and the two-sided p-value of the paired t test."""
    if len(a) != len(b):
        raise ValueError(f"paired samples of different sizes ({len(a)} and {len(b)})")
    diffs = [y - x for x, y in zip(a, b)]
    out = mean_ci(diffs, level)
    out["p"] = two_sided_p(out["mean"], out["sd"], out["n"])
    return out


def two_sided_p(mean: float, sd: float, n: int) -> float:
    """Two-sided p-value of the t test of 'the true mean is 0'."""
    if n < 2:
        return 1.0
    if sd == 0:
        return 1.0 if mean == 0 else 0.0
    t = abs(mean) / (sd / math.sqrt(n))
    df = n - 1
    return _incomplete_beta(df / 2, 0.5, df / (df + t * t))  # both tails, without losing tiny ones to 1 - x


# -- per-game quality measures ------------------------------------------------------------------

QUALITY = ("lead_changes", "drama", "decisiveness", "uncertainty")
QUALITY_RANGE = {"lead_changes": (0, math.inf), "drama": (0, 1), "decisiveness": (0, 1), "uncertainty": (0, 1)}


def checkpoints(history, decisions: int, players: int) -> list:
    """(time in 0..1, scores) at the start and after each change of the scores."""
    span = max(decisions, 1)
    points = [(0.0, tuple([0] * players))]
    for when, scores in history:
        t = min(when / span, 1.0)
        if points and points[-1][0] == t:
            points[-1] = (t, tuple(scores))  # a change during setup replaces the all-zero start
        else:
            points.append((t, tuple(scores)))
    return points


def standings(points, won, lowest: bool) -> list:
    """For each point: (time, scores, the leaders' score, how many lead, how many of them are eventual winners).

    Counted, not listed: every leader has the leaders' score, so the measures below need only these numbers."""
    best_of = min if lowest else max
    if len(won) == 1:  # (one winner, most often: a comparison, not a count)
        (winner,) = won
        return [(t, scores, best := best_of(scores), scores.count(best), 1 if scores[winner] == best else 0)
                for t, scores in points]
    return [(t, scores, best := best_of(scores), scores.count(best), [scores[p] for p in won].count(best))
            for t, scores in points]


def game_quality(history, decisions: int, winners, players: int, lowest: bool) -> dict:
    """Lead changes, drama, decisiveness and uncertainty of one game (docs/statistics.md)."""
    won = frozenset(winners)
    points = standings(checkpoints(history, decisions, players), won, lowest)
    return {
        "lead_changes": lead_changes(points),
        "drama": drama(points, won, lowest),
        "decisiveness": decisiveness(points),
        "uncertainty": uncertainty(points),
    }


def as_teams(history, winners, teams) -> tuple:
    """The history and winners of a game read by teams, so that the quality measures follow the race between the sides
    (read by seats, partners level, the sole leader that lead changes count was never there): a team's score at each
    point is its seats' one score where the game scores partners alike (at every point), else the sum of theirs; its
    winners the teams of the winning seats."""
    alike = all(len({scores[p] for p in team}) == 1 for _, scores in history for team in teams)
    read = [[t, [scores[team[0]] if alike else sum(scores[p] for p in team) for team in teams]] for t, scores in history]
    return read, sorted({i for i, team in enumerate(teams) for p in winners if p in team})


def lead_changes(points) -> int:
    """How often the sole leader changed hands (ties in between do not count as a change)."""
    changes, last = 0, None
    for _, scores, best, leading, _ in points:
        if leading != 1:
            continue
        seat = scores.index(best)
        if last is not None and seat != last:
            changes += 1
        last = seat
    return changes


def drama(points, won, lowest: bool) -> float:
    """Mean severity of the eventual winner's trailing: gap to the leader over the score range."""
    if not won:
        return 0.0
    severities = []
    for _, scores, lead, _, winning in points:
        if winning:
            continue
        best_winner = min(scores[p] for p in won) if lowest else max(scores[p] for p in won)
        spread = max(scores) - min(scores)
        severities.append(abs(lead - best_winner) / spread)
    return math.fsum(severities) / len(severities) if severities else 0.0


def decisiveness(points) -> float:
    """The share of the game left once only eventual winners lead, for good (1 - that moment's time)."""
    decided = 1.0
    for t, _, _, leading, winning in reversed(points):
        if winning != leading:
            break
        decided = t
    return 1.0 - decided


def uncertainty(points) -> float:
    """1 - the time-average chance that a leader picked at random is an eventual winner."""
    area = 0.0
    for i, (t, _, _, leading, winning) in enumerate(points):
        end = points[i + 1][0] if i + 1 < len(points) else 1.0
        area += (end - t) * winning / leading
    return 1.0 - area
