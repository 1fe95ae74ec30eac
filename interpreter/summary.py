"""The summary of a run: per seat win share and score with 95% intervals, ties, length, game quality.

Everything is computed from the games' results in index order, so the same games give
the same summary, digit for digit, whichever worker played them. docs/statistics.md
defines each number.
"""

from __future__ import annotations

import json
import math
import statistics
from decimal import Decimal

from .stats import EXACT_SEATS, QUALITY, QUALITY_RANGE, chi2_sf, exact_balance_p, mean_ci, wilson


def _as_result(item) -> dict:
    """A game's result; the old tuple form (scores, winners, decisions, rounds) is still accepted (no turns: 0)."""
    if isinstance(item, dict):
        return item
    scores, winners, decisions, rounds = item
    return {"scores": list(scores), "winners": list(winners), "decisions": decisions, "rounds": rounds, "turns": None, "quality": None}


def _ci(interval) -> list:
    """An interval as a [low, high] list, exact: the text rounds each end once, to the digits it shows (a value
    kept rounded to 3 digits and printed with 2 read 3.12 for a mean of 3.1251); each end a float, as JSON readers
    expect of one list (an end cut at a measure's bound of 0 read `[0, 0.0]`)."""
    return [float(interval[0]), float(interval[1])]


def percent(share: float, digits: int = 1) -> str:
    """A share as a percentage ('12.5%'), rounded once from the share itself: `share * 100` is a second rounding,
    which put 1.25% of the share 0.0125 (a little above it, as a float) at '1.2%'."""
    return f"{Decimal(share):.{digits}%}"


EDGE = 1e-12  # a fair share this close to an interval's end is on it: 300 wins of 300 give an upper end of 0.9999999999999998


def excludes(interval, fair: float) -> bool:
    """Whether the fair share lies outside the interval (one on its edge, up to rounding error, is inside)."""
    return interval[0] > fair + EDGE or interval[1] < fair - EDGE


def seat_rows(results, players: int, agent_names, team: bool = False) -> list:
    """Per seat: win share (a k-way shared win counts 1/k) with Wilson's interval, score mean, interval, spread.

    A seat is flagged when its share of the games that had a winner has an interval that
    leaves out 1/players: games with no winner are nobody's, so in a fair game with draws
    every seat's share of all games is below 1/players and is not a seat's advantage (with
    one player, a game with no winner is that seat's loss, and all games count).
    In a ``team`` run (every game won by all seats or by none) each seat's share is the same,
    so none is compared with the fair share.
    """
    n = len(results)
    # a one-player game with no winner is the seat's loss: its win rate is over all games
    decided = n if players == 1 else sum(1 for r in results if r["winners"])
    rows = []
    for seat in range(players):
        share = sum(1 / len(r["winners"]) for r in results if seat in r["winners"])
        won = sum(1 for r in results if seat in r["winners"])
        scores = [r["scores"][seat] for r in results]
        score = mean_ci(scores)
        interval = wilson(share, n)
        if 0 < decided < n and not team:
            # the interval the mark is decided on (the share of the games with a winner), on the scale of all games,
            # as the share and the fair share are printed: one on all games read 0.350 inside both '*' rows
            low, high = (end * decided / n for end in wilson(share, decided))
            interval = (min(low, share / n), max(high, share / n))  # scaled, an end may pass the share by a float's rounding
        rows.append({
            "seat": seat, "agent": agent_names[seat],
            "win_share": share / n if n else 0.0, "win_share_ci": _ci(interval),
            # decided on the exact interval and fair share: rounded, 0.333326 would look like 1/3
            # one player has no fair share: a solo game is judged by its win rate and score, not flagged against one
            "excludes_fair_share": players > 1 and decided > 1 and not team and excludes(wilson(share, decided), 1 / players),
            "wins": won,
            "score_mean": score["mean"], "score_ci": _ci(score["ci"]), "score_sd": score["sd"],
            **score_spread(scores),
        })
    return rows


def scores_passed(summary: dict) -> str:
    """A note where a seat's score interval reaches past every score it got (a flag count's [-0.47, 4.97] over 4
    games): Student's t over few games is that wide, and the reader should not take it for scores the game gives."""
    past = [s for s in summary["seats"] if s.get("score_min") is not None and summary["games"] > 1
            and (round(s["score_ci"][0], 2) < s["score_min"] or round(s["score_ci"][1], 2) > s["score_max"])]
    if not past:
        return ""
    s = past[0]
    example = f"seat {s['seat']}: [{s['score_ci'][0]:.2f}, {s['score_ci'][1]:.2f}], its scores {s['score_min']:g} to {s['score_max']:g}"
    return (f"(a score interval reaches past the scores the seat got ({example}): over {summary['games']} games the 95% "
            "interval of a mean is that wide; more games narrow it)")


def score_spread(scores) -> dict:
    """The median, least and greatest of a seat's final scores (None for no game): how a solo game is judged."""
    if not scores:
        return {"score_median": None, "score_min": None, "score_max": None}
    return {"score_median": statistics.median(scores), "score_min": min(scores), "score_max": max(scores)}


def seat_balance(results, players: int, team: bool = False) -> dict | None:
    """Pearson's chi-square test that every seat wins equally often: one answer for the whole table.

    Over the games that had a winner, each seat's wins (a k-way shared win counts 1/k) are
    compared with 1/players of those games. None where there is nothing to compare: one
    player, a team game, a single game, or no game with a winner.

    The chi-square tail holds only where each seat is expected to win about 5 games or more
    (``SMALL``). Below that, p is exact (``exact``: the chance of a table at least as unbalanced
    in a fair game) where every game had one winner; with shared wins (or more than
    ``EXACT_SEATS`` seats) there are too few games to test, and the answer is None.
    """
    decided = sum(1 for r in results if r["winners"])
    if players < 2 or team or not decided or len(results) < 2:
        return None
    expected = decided / players
    wins = [sum(1 / len(r["winners"]) for r in results if seat in r["winners"]) for seat in range(players)]
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    if expected >= SMALL:
        return {"chi2": chi2, "df": players - 1, "p": chi2_sf(chi2, players - 1), "exact": False}
    if players > EXACT_SEATS or any(len(r["winners"]) > 1 for r in results):
        return None
    counts = [round(w) for w in wins]  # one winner a game: whole numbers
    return {"chi2": chi2, "df": players - 1, "p": exact_balance_p(counts), "exact": True}


SMALL = 5  # the fewest wins a seat is expected to have for the chi-square tail to hold


def teams_of(ruleset, players: int) -> list | None:
    """The ruleset's partnerships with ``players`` players (its `teams`), or None where it declares none."""
    if getattr(ruleset, "teams", None) is None:
        return None
    from philtre.dsl.model import teams_at

    return teams_at(ruleset, players)


def by_team(results, teams) -> list:
    """Each game's result with its winners as teams: the teams of its winning seats (a game all of whose winners are of
    one team is that team's, whichever of its seats won; winners of several teams share it, as seats share a win)."""
    team_of = {seat: t for t, team in enumerate(teams) for seat in team}
    return [{"winners": sorted({team_of[p] for p in r["winners"]})} for r in results]


def team_summary(results, teams, cooperative: bool) -> dict:
    """The run read by teams: each team's win share (a win shared by k teams counts 1/k) with its interval and mark
    against 1/teams of the games with a winner, the games shared between teams, and the team balance test."""
    won = by_team(results, teams)
    n, count = len(won), len(teams)
    decided = sum(1 for r in won if r["winners"])
    rows = []
    for t, team in enumerate(teams):
        share = sum(1 / len(r["winners"]) for r in won if t in r["winners"])
        interval = wilson(share, n)
        if 0 < decided < n:  # marked on the games with a winner, shown on the scale of all games (as a seat's)
            low, high = (end * decided / n for end in wilson(share, decided))
            interval = (min(low, share / n), max(high, share / n))
        rows.append({"team": t, "seats": list(team), "win_share": share / n if n else 0.0, "win_share_ci": _ci(interval),
                     "excludes_fair_share": decided > 1 and not cooperative and excludes(wilson(share, decided), 1 / count),
                     "wins": sum(1 for r in won if t in r["winners"])})
    shared = sum(1 for r in won if len(r["winners"]) > 1)
    return {"teams": rows, "fair_share": decided / n / count if n else 1 / count,
            "shared_wins": shared / n if n else 0.0, "shared_wins_ci": _ci(wilson(shared, n)), "shared_by": shared_by(won),
            "balance": seat_balance(won, count, cooperative)}


def margin(result, order: str | None, teams=None, summed: bool = False):
    """The winners' lead over the best other seat on the final scores (in the ranking's direction), or None
    when the ranking is no `highest`/`lowest`, or the game had no winner or no loser. With ``teams`` (partnerships),
    the winning teams' lead over the best other team: a team's score is its seats' one score, or (``summed``: the
    partners are not scored alike, partners_summed) the sum of theirs, as the race between the sides reads it
    (stats.as_teams); its winners the teams of the winning seats."""
    scores, winners = result["scores"], result["winners"]
    if teams:
        scores = [sum(scores[p] for p in team) if summed else scores[team[0]] for team in teams]
        winners = [t for t, team in enumerate(teams) if any(p in team for p in winners)]
    losers = [scores[p] for p in range(len(scores)) if p not in winners]
    if order not in ("highest", "lowest") or not winners or not losers:
        return None
    won = [scores[p] for p in winners]
    return min(won) - max(losers) if order == "highest" else min(losers) - max(won)


def partners_summed(results, teams) -> bool:
    """Whether a team's score is the sum of its seats' (some game ended with partners on different scores), not their
    one score (every game ended with each team's seats level: the partners are scored alike)."""
    return bool(teams) and any(len({r["scores"][p] for p in team}) > 1 for r in results for team in teams)


def margin_row(results, order: str | None, first_key: str | None = None, teams=None) -> dict | None:
    """Mean, spread and interval of the margin over the games that have one (by teams where ``teams`` are declared:
    the row then says so, `by_team`). Where the ranking's first key is not the score (``first_key``, `pos[p]`), a
    margin of 0 says nothing of a tie-break: that share is left out."""
    summed = partners_summed(results, teams)
    values = [m for m in (margin(r, order, teams, summed) for r in results) if m is not None]
    if not values:
        return None
    m = mean_ci(values, 0.95, margin_floor(first_key))
    row = {"mean": m["mean"], "ci": _ci(m["ci"]), "sd": m["sd"], "games": len(values)}
    if teams:
        row["by_team"] = True
    if first_key is not None:
        return {**row, "first_key": first_key}
    # a margin of 0: the winners tied a loser on the first key, and a later key (a tie-break) decided
    return {**row, "tie_broken": sum(1 for v in values if v == 0) / len(values)}


def margin_games(row: dict, games: int) -> str:
    """' over 2 games (the other 298 had no winner or no loser)' where the margin ``row`` is over fewer than all
    ``games`` of the run (its mean could pass for every game's); '' where it is over all, or the count is not known."""
    had = row.get("games")
    if had is None or had >= games:
        return ""
    return f" over {had} game{'s' if had != 1 else ''} (the other {games - had} had no winner or no loser)"


def margin_floor(first_key: str | None) -> float:
    """The least a margin can be: 0 where the ranking's first key is the score, since every winner (shared first
    places included) then has a score at least the best loser's; none where the winners are ranked by another key
    first (`pos[p]`), whose winners may trail on the score."""
    return 0.0 if first_key is None else -math.inf


def ranking_key(ruleset) -> str | None:
    """The text of a `highest`/`lowest` ranking's first key where it is not the score (`pos[p]`), else None."""
    winners = getattr(ruleset, "winners", None)
    keys = getattr(winners, "keys", None)
    if getattr(winners, "order", None) not in ("highest", "lowest") or not keys:
        return None
    text = " ".join(str(getattr(keys[0], "text", "")).split())
    return None if text.replace(" ", "") in ("score[p]", "") else text


def quality_rows(results) -> dict:
    """Mean, spread and interval of each game-quality measure over the games that have it."""
    out = {}
    for name in QUALITY:
        values = [r["quality"][name] for r in results if r.get("quality")]
        if values:
            m = mean_ci(values, 0.95, *QUALITY_RANGE[name])
            out[name] = {"mean": m["mean"], "ci": _ci(m["ci"]), "sd": m["sd"]}
    return out


def scored_at_the_end(result) -> bool:
    """Whether a game's scores first moved after its last decision: its quality measures then see no score race."""
    if result.get("scored_at_the_end") is not None:  # noted when the history was let go (runs.Session)
        return result["scored_at_the_end"]
    history = result.get("history")
    return history is not None and all(when >= result["decisions"] for when, _ in history)


def played_at_random(results, players: int) -> list:
    """The seats whose agent chose at random at each of its decisions, in every game (at least one decision): a greedy
    one that found every option equal one step ahead, an ismcts one whose every sample broke a rule. Only where every game says so: a game saved by an older
    philtre (no counts) leaves it unknown, and nothing is said."""
    seats = []
    for seat in range(players):
        counts = [(r.get("greedy") or [None] * players)[seat] for r in results]
        if counts and all(c is not None for c in counts) and sum(c[0] for c in counts) and all(c[0] == c[1] for c in counts):
            seats.append(seat)
    return seats


def look_aheads_failed(results, players: int) -> dict:
    """Seat -> [its decisions where no option could be scored, its decisions taken at random] over the games, for each
    seat played_at_random names whose look-aheads all broke a rule at some of them (a hidden variable guessed as its
    initial value), not only found a score that stood still. A game saved without that count leaves it unknown: none."""
    seats = {}
    for seat in played_at_random(results, players):
        counts = [(r.get("greedy") or [None] * players)[seat] for r in results]
        if all(len(c) > 2 for c in counts) and sum(c[2] for c in counts):
            seats[seat] = [sum(c[2] for c in counts), sum(c[1] for c in counts)]
    return seats


def at_random_note(seats, where: str = "", agents=None, failed=None, heuristic: bool = False) -> str:
    """What a designer must know of seats that played at random: their numbers are no strategy's; a line for each kind
    of agent (``agents``: each seat's agent name; greedy where not given, as before ismcts kept these counts), a greedy
    seat in ``failed`` (look_aheads_failed: seat -> [decisions none of whose look-aheads could be scored, decisions at
    random]; its keys may be text, from JSON) on a line for its counts. ``heuristic``: the ruleset declares one, which
    greedy read, so the note says it told no option apart rather than asking for one."""
    failed = {int(seat): tuple(counts) for seat, counts in (failed or {}).items()}
    kinds: dict = {}
    for seat in seats:
        kind = str(agents[seat]).split(":")[0] if agents is not None and seat < len(agents) else "greedy"
        words = ("failed", failed[seat]) if kind == "greedy" and seat in failed else (kind, None)
        kinds.setdefault((kind, words), []).append(seat)
    return "\n".join(_failed_words(_seats_of(kind, mine), where, *words[1]) if words[0] == "failed"
                     else _at_random_words(kind, heuristic)(_seats_of(kind, mine), where)
                     for (kind, words), mine in kinds.items())


def _failed_words(who: str, where: str, failed: int, blind: int) -> str:
    """The note for greedy seats that played at random where every look-ahead broke a rule (at ``failed`` of their
    ``blind`` decisions at random): the cause first, and what to change, not a heuristic to declare."""
    some = "at each of them" if failed == blind else f"at {failed} of those {blind} decisions (at the rest every option scored alike)"
    return (f"note: {who} found every option equal one step ahead at each of its decisions{where}, so it played at random: "
            f"its look-aheads all failed {some}, as each guess it drew of what it cannot see broke a rule; a hidden "
            "variable is guessed as its declared initial value, so give it one shaped like a real one (see "
            "docs/agents.md#greedy in philtre's source)")


def _seats_of(kind: str, seats) -> str:
    """'greedy (seat 1)', 'ismcts (seats 0, 2)'."""
    return f"{kind} (seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))})"


def _at_random_words(kind: str, heuristic: bool):
    """The note's words for seats of agent ``kind`` (greedy's for a kind not known) that played at random: for greedy
    with a declared ``heuristic``, that it scored every option the same one step ahead (a trial's note asked for the
    heuristic the ruleset had), without one, to declare one."""
    kind = kind if kind in AT_RANDOM_WORDS else "greedy"
    return AT_RANDOM_WORDS["greedy heuristic" if kind == "greedy" and heuristic else kind]


_EQUAL = "found every option equal one step ahead at each of its decisions"
_NO_GUESS = "every guess it drew of what it cannot see broke a rule, which scores no option either"

AT_RANDOM_WORDS = {
    "greedy": lambda who, where: (
        f"note: {who} {_EQUAL}{where}, so it played at random: no single decision moved the score here (or {_NO_GUESS}); "
        "declare a `heuristic` in the ruleset (see docs/agents.md#greedy in philtre's source) or play against ismcts"),
    "greedy heuristic": lambda who, where: (
        # (it cannot know why: options alike by the rules, every capture forced alike, are no fault of the heuristic)
        f"note: {who} {_EQUAL}{where}, so it played at random: the ruleset's `heuristic` scored every option the same "
        f"one step ahead (or {_NO_GUESS}); where options differ, make it weigh what they change, not only what the end "
        "of a round scores (see docs/agents.md#greedy in philtre's source), or play against ismcts; where every option "
        "is forced alike (a capture that must be taken), this is expected"),
    "ismcts": lambda who, where: (
        f"note: {who} found that every game it sampled broke a rule at each of its decisions{where}, so it played at "
        "random: its guesses of what it cannot see do not fit the rules here "
        "(see \"Broken samples\" in docs/agents.md in philtre's source)"),
}


def no_race_games(late: float, summary: dict) -> str:
    """Which games had no score race: scored after their last decision, or (a game of no decision) with none to be before."""
    if summary.get("decisions_max") == 0:
        return "no game had a decision"
    some_none = " (or had no decision)" if summary.get("decisions_min") == 0 else ""
    return f"in {percent(late, 0)} of games the scores did not move before the last decision{some_none}"


def no_race_reason(summary: dict) -> str:
    """Why a run whose every game had no score race has no game-quality rows, in a few words."""
    if summary.get("decisions_max") == 0:
        return "no game had a decision, so no score race"
    return "no score race: the scores moved only after the last decision"


def shared_by(results) -> list | None:
    """The fewest and most winners of the games won by more than one seat, [low, high]; None if there was none."""
    counts = [len(r["winners"]) for r in results if len(r["winners"]) > 1]
    return [min(counts), max(counts)] if counts else None


def shared_by_words(by, players: int, unit: str = "seat") -> str:
    """', each by 3 of 4 seats (a seat's win share counts 1/3 of such a game)': how many won together, which a share
    of 100% alone does not say (one loser and the rest winning read as every game tied); ``unit`` 'team' says it of teams."""
    if not by:
        return ""
    low, high = by
    if low == high:
        return f", each by {low} of {players} {unit}s (a {unit}'s win share counts 1/{low} of such a game)"
    return f", by {low} to {high} of {players} {unit}s (a {unit}'s win share counts 1/k of a game k {unit}s won)"


def team_lines(teams: dict, no_winner: float) -> list:
    """The team table (each team's seats, win share and interval, marked `*` as a seat's is), the team fair share and
    the games shared between teams: a game won by seats of one team alone is that team's, not a tie (``no_winner``: the
    share of games with no winner, which are no team's)."""
    fair, rows = teams["fair_share"], teams["teams"]
    width = max([8] + [len(", ".join(map(str, t["seats"]))) for t in rows])  # as wide as the seat table's agents
    lines = [f"{'team':>4}  {'seats':<{width}} {'win share':>9}  95% CI"]
    for t in rows:
        lo, hi = t["win_share_ci"]
        mark = " *" if t["excludes_fair_share"] else ""
        lines.append(f"{t['team']:>4}  {', '.join(map(str, t['seats'])):<{width}} {t['win_share']:>9.3f}  "
                     f"{_share_interval(lo, hi, fair, bool(mark))}{mark}")
    count = len(rows)
    flagged = any(t["excludes_fair_share"] for t in rows)
    if no_winner:
        decided = percent(1 - Decimal(no_winner))  # exact, as the seats' line says it
        lines.append(f"team fair share {fair:.3f}: 1/{count} of the {decided} of games with a winner"
                     + (f"; * the team's share of those games has a 95% interval that excludes 1/{count}" if flagged else ""))
    else:
        lines.append(f"team fair share {fair:.3f}" + ("; * its 95% interval excludes the fair share" if flagged else ""))
    lo, hi = teams["shared_wins_ci"]
    lines.append(f"shared wins: {percent(teams['shared_wins'])} of games [{percent(lo)}, {percent(hi)}] won by more than "
                 f"one team{shared_by_words(teams.get('shared_by'), count, 'team')}")
    return lines


def may_win_together(ruleset) -> bool:
    """Whether the rules choose the winners by an expression (which may name every seat, or none).

    A ranking (`highest`, `lowest`) is a contest: every seat level on it is a tie, and a run
    of such ties (one game, say) is not a team's win. A ruleset without winners (a summary
    made from results alone) is judged by its games.
    """
    winners = getattr(ruleset, "winners", None)
    return winners is None or winners.order == "expression"


def mark_agents(balance: dict | None, agent_names, sides) -> None:
    """Adds ``agents_differ`` to a balance test: whether the sides (seats, or teams of seats) play different agents,
    whose strength the test then mixes with the sides' (greedy against random is no sign of a first-seat advantage)."""
    if balance is not None:
        lineups = {tuple(sorted(str(agent_names[seat]) for seat in side)) for side in sides}
        balance["agents_differ"] = len(lineups) > 1


def ended(results) -> list:
    """The games of ``results`` that ended: those a run cut off (simulate --max-decisions) had no end and no winner, and
    are in no statistic (their count is told apart)."""
    return [r for r in results if not r.get("cut")]


def summarise(ruleset, players, seed, agent_names, results, run=None, max_decisions=None) -> dict:
    """The summary of a run's games as plain data (``results`` in any order: sorted by index here). With
    ``max_decisions`` (simulate --max-decisions), the games cut off are counted (``cut``) and left out of the rest."""
    results = [_as_result(r) for r in results]
    results.sort(key=lambda r: r.get("index", 0))
    everything = results
    results = ended(results)
    n = len(results)
    ties = sum(1 for r in results if len(r["winners"]) > 1)
    no_winner = sum(1 for r in results if not r["winners"])  # the seats' win shares then add up to less than 1
    # every game won by all seats together or by none (a cooperative game): no seat can be favoured
    team = players > 1 and n > 0 and may_win_together(ruleset) and all(len(r["winners"]) in (0, players) for r in results)
    length = mean_ci([r["decisions"] for r in results], 0.95, 0)
    rounds = mean_ci([r["rounds"] for r in results], 0.95, 0)
    # none where a game of the run was saved before turns were counted (its count unknown: no mean of the others)
    turns = mean_ci([r["turns"] for r in results], 0.95, 0) if all(r.get("turns") is not None for r in results) else None
    summary = {
        "ruleset": ruleset.name, "variants": list(ruleset.variants), "hash": ruleset.content_hash,
        "players": players, "games": n, "seed": seed, "agents": list(agent_names),
        "seats": seat_rows(results, players, agent_names, team),
        "team_game": team,
        # the share a seat wins of all games in a fair game: 1/players of the games that had a winner; none for one player
        "fair_share": None if players == 1 else (n - no_winner) / n / players if n else 1 / players,
        # one player whose win the `winners` expression may withhold: the win rate is how often the goal was reached
        "goal": players == 1 and (may_win_together(ruleset) or no_winner > 0),
        "shared_wins": ties / n if n else 0.0, "shared_wins_ci": _ci(wilson(ties, n)),
        "shared_by": shared_by(results),
        "no_winner": no_winner / n if n else 0.0, "no_winner_ci": _ci(wilson(no_winner, n)),
        "decisions_mean": length["mean"], "decisions_sd": length["sd"], "decisions_ci": _ci(length["ci"]),
        "decisions_min": min((r["decisions"] for r in results), default=0),
        "decisions_max": max((r["decisions"] for r in results), default=0),
        "rounds_mean": rounds["mean"], "rounds_ci": _ci(rounds["ci"]),
        "turns_mean": turns and turns["mean"], "turns_ci": turns and _ci(turns["ci"]),
        "seat_balance": seat_balance(results, players, team),
        "margin": margin_row(results, getattr(getattr(ruleset, "winners", None), "order", None), ranking_key(ruleset),
                             teams_of(ruleset, players)),
        "quality": quality_rows(results),
        "scored_at_the_end": sum(map(scored_at_the_end, results)) / n if n else 0.0,
        "greedy_at_random": played_at_random(results, players),
        "greedy_failed": look_aheads_failed(results, players),
        "heuristic": getattr(ruleset, "heuristic", None) is not None,  # (greedy read it: its note then asks for no other)
    }
    if quality_unmeasured(summary):  # the measures' keys kept, each null: 0 lead changes, 0.667 uncertainty read as measured
        summary["quality"] = dict.fromkeys(summary["quality"])
    mark_agents(summary["seat_balance"], agent_names, [[seat] for seat in range(players)])
    teams = teams_of(ruleset, players)
    if teams is not None:  # left out where none are declared: such a summary is as it was
        summary["teams"] = team_summary(results, teams, team)
        mark_agents(summary["teams"]["balance"], agent_names, teams)
    tallies = [(expr.text, expr.type in NO_MEAN) for expr in getattr(ruleset, "tallies", ())]
    if tallies:  # left out without --tally: such a summary is as it was
        summary["tallies"] = [tally_row(text, [(r.get("tallies") or {}).get(text) for r in results], seats)
                              for text, seats in tallies]
    rounds = [(expr.text, expr.type in NO_MEAN) for expr in getattr(ruleset, "round_tallies", ())]
    if rounds:  # left out without --tally-rounds
        summary["round_tallies"] = [round_tally_row(text, [((r.get("tallies") or {}).get(ROUND_TALLIES) or {}).get(text) or []
                                                           for r in results], seats) for text, seats in rounds]
    if max_decisions is not None or len(results) < len(everything):  # left out without --max-decisions: as it was
        summary["max_decisions"] = max_decisions
        summary["cut"] = len(everything) - n
        summary["cut_at_step_limit"] = sum(1 for r in everything if r.get("cut") == "steps")
    if run is not None:
        summary["run"] = run
    return summary


def cut_line(summary: dict) -> str | None:
    """The line saying how many games the run cut off, which no number of the summary counts (None: none asked for)."""
    if "cut" not in summary:
        return None
    cut, steps = summary["cut"], summary.get("cut_at_step_limit", 0)
    cap = summary.get("max_decisions")
    long = f"still going after {cap:,} decisions" if cap is not None else "not ended"
    past = "past the step limit"
    why = past if steps == cut else long if not steps else f"{cut - steps} {long}, {steps} {past}"
    if not cut:
        return f"cut: no game (--max-decisions {cap:,}: every game ended)"
    left = "every number below is of the other games" if summary["games"] else "no game ended: nothing to measure"
    return f"cut: {counted(cut, 'game')} of {cut + summary['games']} ({why}): no winner, not a draw; {left}"


# the key of the --tally-rounds values among a game's tallies (a result's `tallies`, the results database's column):
# {text: [its value at each round's end]}; no --tally text is it, as a trailing colon is no expression
ROUND_TALLIES = "--tally-rounds:"
TALLY_ROWS = 10  # the most rows of a tally's table; past it, the least common values are folded into one row, "other"
# past this many distinct numbers, a tally's text gives their least, quartiles and greatest instead of a row each: a
# trial's count of rounds took 129 values over 150 games, and its table was nine rows of 1-5% and "other" 82%
TALLY_NUMBERS = 15


def _a_number(value) -> bool:
    """A number, not true or false."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _value_order(value) -> tuple:
    """Where a value goes among those of as many games: numbers by size first, then the others by their JSON text."""
    return (0, value, "") if _a_number(value) else (1, 0, json.dumps(value, sort_keys=True))


# the types of a --tally expression whose numbers are no quantity (a seat, or none; a word): no mean, spread, least or
# greatest is told of them, each value's games alone (a trial's tally of the winning seat was told a mean of seat
# numbers, 2.00, in an interval reaching -2.30)
NO_MEAN = ("player", "str")


def tally_row(text: str, values: list, seats: bool = False, unit: str = "games") -> dict:
    """One --tally's values over the games (in index order): each value's count and share with its 95% interval (as a
    win share's: Wilson's), most common first, and for the values that are numbers their mean, spread, least and
    greatest, but where the expression gives seats (``seats``: its type is NO_MEAN's), `"seats": true` instead. (Each
    count is keyed ``unit``: "rounds" for a --tally-rounds, whose values are its rounds'.)"""
    n = len(values)
    counted: dict = {}  # JSON text -> [value, games]; a list is not hashable, and 1 and true are other values
    for value in values:
        counted.setdefault(json.dumps(value, sort_keys=True), [value, 0])[1] += 1
    rows = sorted(counted.values(), key=lambda vc: (-vc[1], _value_order(vc[0])))
    row = {"expression": text, unit: n, "distinct": len(rows),
           "values": [{"value": v, unit: c, "share": c / n, "share_ci": _ci(wilson(c, n))} for v, c in rows]}
    numbers = [v for v in values if _a_number(v)]
    if seats:
        row["seats"] = True
    elif numbers:
        m = mean_ci(numbers)
        row["numbers"] = {unit: len(numbers), "mean": m["mean"], "sd": m["sd"], "ci": _ci(m["ci"]),
                          "min": min(numbers), "max": max(numbers), "quartiles": _quartiles(numbers)}
    return row


def round_tally_row(text: str, by_game: list, seats: bool = False) -> dict:
    """One --tally-rounds' values (``by_game``: each game's list, one value a round, in index order) as tally_row counts
    them, a round each (its counts keyed "rounds"), with the games they came from and how many of them played no round
    (none of their values is in it: no round ended there)."""
    row = tally_row(text, [value for values in by_game for value in values], seats, unit="rounds")
    row["games"] = len(by_game)
    row["games_without_rounds"] = sum(1 for values in by_game if not values)
    return row


def _quartiles(numbers: list) -> list:
    """The lower quartile, the median and the upper quartile of the numbers, each between two of them where it falls
    there (interpolated: numpy's and a spreadsheet's QUARTILE; statistics.quantiles, method 'inclusive')."""
    if len(numbers) < 2:
        return [numbers[0]] * 3
    return [_whole(q) for q in statistics.quantiles(numbers, n=4, method="inclusive")]


def _whole(x):
    """A quartile that falls on a whole number as that number (44, not 44.0)."""
    return int(x) if float(x).is_integer() else x


def tally_value_text(value) -> str:
    """A tally's value as the language writes it: true, none, 3, 'word', [1, 2] (a zone or component as its text)."""
    from philtre.dsl.values import spell

    return value if isinstance(value, str) else spell(value)


def tally_lines(summary: dict) -> list:
    """Each --tally's table: its values, most common first (the rest folded into "other" past TALLY_ROWS rows), with
    their games, share and 95% interval; then, for numbers, their mean, spread, least and greatest. Past TALLY_NUMBERS
    distinct numbers, the numbers are one row (none where every value is a number) and their least, quartiles and
    greatest a line of their own: a row each would say little (--json keeps every value's games). Then each
    --tally-rounds' table alike, its counts of rounds (``unit``)."""
    lines = []
    tallies = [*((t, "games") for t in summary.get("tallies") or ()), *((t, "rounds") for t in summary.get("round_tallies") or ())]
    for tally, unit in tallies:
        numbers, rows, n = tally.get("numbers"), tally["values"], tally[unit]
        if not n and unit == "rounds" and tally["games"]:  # (no empty table: the expression was never evaluated)
            games = tally["games"]
            lines += ["", f"tally {tally['expression']} (at each round's end): no round ended in "
                          f"{'the game' if games == 1 else f'any of the {games} games'}, so it was never evaluated"]
            continue
        distinct = sum(1 for r in rows if _a_number(r["value"]))
        spread = numbers is not None and "quartiles" in numbers and distinct > TALLY_NUMBERS  # (older summaries: none)
        if spread:
            kept = [r for r in rows if not _a_number(r["value"])]
            folded = [("a number", distinct, numbers[unit])] if kept else []
        elif len(rows) > TALLY_ROWS:
            kept, rest = rows[:TALLY_ROWS - 1], rows[TALLY_ROWS - 1:]
            folded = [("other", len(rest), sum(r[unit] for r in rest))]
        else:
            kept, folded = rows, []
        shown = [(tally_value_text(r["value"]), r[unit], r["share"], r["share_ci"]) for r in kept]
        shown += [(f"{name} ({values} values)", games, games / n, _ci(wilson(games, n))) for name, values, games in folded]
        said = f"; {distinct} numbers, each one's {unit} in --json" if spread else ""
        lines += ["", f"tally {tally['expression']} ({_tallied_at(tally, unit)}{said}):"]
        if shown:
            width = max([5] + [len(text) for text, *_ in shown])
            lines.append(f"  {'value':<{width}}  {unit:>6}  {'share':>6}  95% CI")
            lines += [f"  {text:<{width}}  {games:>6}  {percent(share):>6}  [{percent(lo)}, {percent(hi)}]"
                      for text, games, share, (lo, hi) in shown]
        if numbers:
            lo, hi = numbers["ci"]
            over = "" if numbers[unit] == n else f" over the {counted(numbers[unit], unit[:-1])} it was a number"
            least, most = plain(numbers["min"]), plain(numbers["max"])
            if spread:
                q1, median, q3 = (plain(q) for q in numbers["quartiles"])
                lines.append(f"  min {least}, lower quartile {q1}, median {median}, upper quartile {q3}, max {most}{over}")
                lines.append(f"  mean {numbers['mean']:.2f} (sd {numbers['sd']:.2f}) [{lo:.2f}, {hi:.2f}]")
            else:
                lines.append(f"  mean {numbers['mean']:.2f} (sd {numbers['sd']:.2f}) [{lo:.2f}, {hi:.2f}], min {least}, "
                             f"max {most}{over}")
    return lines


def _tallied_at(tally: dict, unit: str) -> str:
    """Where a tally's values were read and how many: at each game's end, N games; at each round's end, N rounds of M
    games (and how many of them played no round)."""
    if unit == "games":
        return f"at each game's end, {counted(tally['games'], 'game')}"
    none = tally["games_without_rounds"]
    return (f"at each round's end, {counted(tally['rounds'], 'round')} of {counted(tally['games'], 'game')}"
            + (f"; {counted(none, 'game')} of them played no round" if none else ""))


QUALITY_TEXT = {
    "lead_changes": "times the sole leader changed hands",
    "drama": "how far behind the winner was when trailing (0..1)",
    "decisiveness": "share of the game left once the winner led for good",
    "uncertainty": "1 - how often the leader was the eventual winner",
}


# with two seats the trailing winner is always the whole spread behind the leader: a game's drama is 0 or 1
TWO_SEAT_DRAMA = "share of games the winner trailed at some point (two seats: a game's drama is 0 or 1)"
TWO_TEAM_DRAMA = "share of games the winning team trailed at some point (two teams: a game's drama is 0 or 1)"
# with teams the measures follow the race between the sides (simulate._quality): the leader is a team
TEAM_QUALITY_TEXT = {
    "lead_changes": "times the lead passed from one team to another",
    "drama": "how far behind the winning team was when trailing (0..1)",
    "decisiveness": "share of the game left once the winning team led for good",
    "uncertainty": "1 - how often the leading team was the eventual winner",
}


def quality_text(name: str, players, teams: int = 0) -> str:
    """What a game-quality row measures, in words; drama said as what it is with two seats (``teams``: the number of
    teams the run was read by, whose race the measures follow; 0 where it declares none)."""
    if teams:
        return TWO_TEAM_DRAMA if name == "drama" and teams == 2 else TEAM_QUALITY_TEXT[name]
    return TWO_SEAT_DRAMA if name == "drama" and players == 2 else QUALITY_TEXT[name]


def counted(n: int, word: str) -> str:
    """'1 game', '2 games': a count with its noun."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def agents_mixed(unit: str) -> str:
    """Why a balance test over sides that play different agents is no test of the sides alone."""
    return (f"the {unit}s play different agents, so their shares mix the agents' strength with the {unit}s': "
            f"play one agent at every seat to test the {unit}s alone")


def balance_sentence(balance: dict, who: str = "the seats", unit: str = "seat") -> str:
    """The seat-balance test in words (``unit`` 'team': the team balance, over teams instead of seats)."""
    verdict = (f"below 0.05: {who} do not all win equally often" if balance["p"] < 0.05
               else f"no clear sign that some {unit} wins more often")
    if balance.get("agents_differ"):  # the test compares seat and agent together: say so, not a seat's advantage alone
        verdict += f"; but {agents_mixed(unit)}"
    exact = "exact " if balance.get("exact") else ""
    return f"{unit} balance: chi-square {balance['chi2']:.2f} on {balance['df']} df, {exact}{p_text(balance['p'])} ({verdict})"


def p_text(p: float) -> str:
    """A p-value as printed: 'p = 0.360', or 'p < 0.001' (three zeros would read as impossible); one just
    below 0.05 gets the digits that show it is below ('p = 0.0497', 'p = 0.04997', not 'p = 0.050 (below 0.05 ...)')."""
    if p < 0.001:
        return "p < 0.001"
    digits = 3
    while p < 0.05 <= round(p, digits) and digits < 15:
        digits += 1
    return f"p = {p:.{digits}f}"


def _share_interval(lo: float, hi: float, fair: float, marked: bool) -> str:
    """A win share's interval as printed: 3 digits, 4 where a marked one would print over the fair share
    ('[0.250, 0.422] *' against 'fair share 0.250' read as a contradiction; the mark is right, 0.2502)."""
    digits = 4 if marked and round(lo, 3) <= round(fair, 3) <= round(hi, 3) else 3
    return f"[{lo:.{digits}f}, {hi:.{digits}f}]"


# a cooperative game: each seat's win share is the won-together share / players, the same for every seat, so its
# column would only repeat the won-together line (compare leaves its win-share rows out the same way)
TEAM_NOTE = ("every game was won by all seats together or by none: no win-share column (each seat's share is "
             "won together / {players}; in --json), and no seat is compared with a fair share")
# why a cooperative run has no leader, no lowest or highest seat: said where those are left out
NO_SEAT_ADVANTAGE = "every game won by all seats together or by none: no seat's advantage to measure"


def seat_heading(width: int, ci_width: int, team: bool, scores: bool = True) -> str:
    """The seat table's heading: without the win-share columns in a team game, nor the score columns where no score
    was ever other than 0."""
    share = "" if team else f"{'win share':>9}  {'95% CI':<{ci_width}} "
    score = f"{'score mean':>10}  {'95% CI':<17} {'score sd':>8}" if scores else ""
    return f"{'seat':>4}  {'agent':<{width}} {share}{score}".rstrip()


def seat_line(s: dict, width: int, share_ci: str, ci_width: int, score_ci: str, team: bool, scores: bool = True) -> str:
    """One seat's row of the seat table: without its win share in a team game, nor its score where ``scores`` is false."""
    share = "" if team else f"{s['win_share']:>9.3f}  {share_ci:<{ci_width}} "
    score = f"{s['score_mean']:>10.2f}  {score_ci:<17} {s['score_sd']:>8.2f}" if scores else ""
    return f"{s['seat']:>4}  {s['agent']:<{width}} {share}{score}".rstrip()


def quality_unmeasured(summary: dict) -> bool:
    """Whether a run of several seats had no score at all to race on (every score 0, and none moved before a game's last
    decision: a game won on the board): its text says `game quality: not measured (no scores)`, and --json and --csv give
    each measure null (an empty cell), as the measures of such a game (0 lead changes, an uncertainty of 0.667 at three seats) mean
    nothing there."""
    return (summary.get("players", 0) > 1 and bool(summary.get("quality")) and scores_all_zero(summary)
            and summary.get("scored_at_the_end", 0) >= 1)


def scores_all_zero(summary: dict) -> bool:
    """Whether every seat ended every game of the run with a score of 0: a game won by an expression or on the board,
    with no `score` statement, or one whose scoring never fired. Its score columns would read 0.00 [0.00, 0.00] 0.00
    for every seat, so the text leaves them out and says so in one line (the JSON keeps them)."""
    seats = summary.get("seats") or []
    # a mean of 0 with no spread: every final score was 0 (mean_ci's sd of equal values is exactly 0)
    return bool(seats) and summary.get("games", 0) > 0 and all(s["score_mean"] == 0 and s["score_sd"] == 0 for s in seats)


NO_SCORE_COLUMNS = "(no score columns: every seat ended every game with a score of 0; they are in --json)"


def heading_line(summary: dict) -> str:
    """The summary's first line: ruleset and variants, players, games, seed, agents."""
    variants = "".join(f" + {v}" for v in summary["variants"])
    games = counted(summary["games"], "game") + (f" ended, {summary['cut']} cut" if summary.get("cut") else "")
    return (f"{summary['ruleset']}{variants}: {counted(summary['players'], 'player')}, {games}, "
            f"seed {summary['seed']}, agents {','.join(summary['agents'])}")


def length_line(summary: dict) -> str:
    """Decisions per game with their spread and interval, and rounds and turns where the game has them (a turn is a
    pass of a `turns` loop: in a game where every seat answers out of turn, the length in the game's own terms)."""
    dlo, dhi = summary.get("decisions_ci", (summary["decisions_mean"], summary["decisions_mean"]))
    rounds = f", {summary['rounds_mean']:.2f} rounds" if summary["rounds_mean"] else ""  # a game without `round` has none
    turns = f", {summary['turns_mean']:.2f} turns" if summary.get("turns_mean") else ""  # (older summaries lack it)
    return (f"length: {summary['decisions_mean']:.1f} decisions (sd {summary['decisions_sd']:.1f}) [{dlo:.1f}, {dhi:.1f}]"
            f"{rounds}{turns}")


def plain(x) -> str:
    """A score as printed in the solo table: a whole number without decimals (a median may fall between two: 2 digits)."""
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def solo_seat_lines(seat: dict, width: int) -> list:
    """The one seat's heading and row: the score's mean with its interval, spread, median, least and greatest."""
    lo, hi = seat.get("score_ci", (seat["score_mean"], seat["score_mean"]))
    spread = [seat.get(k) for k in ("score_median", "score_min", "score_max")]  # older summaries lack them
    tail = "".join(f" {plain(v):>7}" if v is not None else f" {'-':>7}" for v in spread)
    return [f"{'seat':>4}  {'agent':<{width}} {'score mean':>10}  {'95% CI':<17} {'score sd':>8} {'median':>7} {'min':>7} {'max':>7}",
            f"{seat['seat']:>4}  {seat['agent']:<{width}} {seat['score_mean']:>10.2f}  {f'[{lo:.2f}, {hi:.2f}]':<17} "
            f"{seat['score_sd']:>8.2f}{tail}"]


def win_rate_line(summary: dict) -> str:
    """How often the one player won: 'reached the goal' where the `winners` rule may name nobody, with its interval."""
    seat = summary["seats"][0]
    lo, hi = seat.get("win_share_ci", (seat["win_share"], seat["win_share"]))
    if not summary.get("goal") and seat["win_share"] == 1:
        return "won: every game (one player is ranked first alone: judge the game by its score)"
    word = "reached the goal" if summary.get("goal") else "won"
    return f"{word}: {percent(seat['win_share'])} of games [{percent(lo)}, {percent(hi)}]"


def format_solo(summary: dict) -> str:
    """A one-player run: the score's distribution and the win rate; nothing that compares seats (a fair share, shared
    wins, the seat balance, the game-quality measures of a race between seats), which would only read 0 or 1."""
    width = max([8] + [len(s["agent"]) for s in summary["seats"]])
    lines = [heading_line(summary), *filter(None, [cut_line(summary)]), "", *solo_seat_lines(summary["seats"][0], width), "",
             win_rate_line(summary), length_line(summary)]
    if summary["games"] == 1:
        lines.append("(one game: no spread to measure, so each mean's interval is the value itself; play two or more)")
    if summary.get("greedy_at_random"):
        lines.append(at_random_note(summary["greedy_at_random"], " in every game", summary.get("agents"),
                                    summary.get("greedy_failed"), summary.get("heuristic", False)))
    if summary.get("quality"):
        lines += ["", "game quality: no rows (one player: these measures follow a race between seats; docs/statistics.md "
                      "in philtre's source)"]
    return "\n".join(lines + tally_lines(summary))


def format_summary(summary: dict) -> str:
    """The summary as small tables a designer reads (a one-player run as ``format_solo``)."""
    if not summary["games"] and summary.get("cut"):  # every game cut off: no table of nothing
        return "\n".join([heading_line(summary), cut_line(summary)])
    if summary["players"] == 1 and summary["seats"]:
        return format_solo(summary)
    fair = summary.get("fair_share", 1 / summary["players"])
    width = max([8] + [len(s["agent"]) for s in summary["seats"]])  # ismcts:400 is wider than the heading
    rows, flagged = [], False
    for s in summary["seats"]:
        lo, hi = s.get("win_share_ci", (s["win_share"], s["win_share"]))
        outside = s.get("excludes_fair_share", excludes((lo, hi), fair) and summary["games"] > 1)  # older summaries lack it
        mark = " *" if outside else ""
        flagged = flagged or bool(mark)
        slo, shi = s.get("score_ci", (s["score_mean"], s["score_mean"]))
        # the mark is the win share's: it sits after that interval, not at the row's end beside the spread
        rows.append((s, _share_interval(lo, hi, fair, bool(mark)) + mark, f"[{slo:.2f}, {shi:.2f}]"))
    ci_width = max([17] + [len(share_ci) for _, share_ci, _ in rows])  # a marked interval may take 4 digits
    team = bool(summary.get("team_game"))
    scores = not scores_all_zero(summary)
    lines = [heading_line(summary), *filter(None, [cut_line(summary)]), "", seat_heading(width, ci_width, team, scores)]
    for s, share_ci, score_ci in rows:
        lines.append(seat_line(s, width, share_ci, ci_width, score_ci, team, scores))
    if not scores:  # said, not only hidden: a scoring game whose scores never moved in a short run is worth a look
        lines.append(NO_SCORE_COLUMNS)
    lines.append("")
    tlo, thi = summary.get("shared_wins_ci", (summary["shared_wins"], summary["shared_wins"]))
    if team:
        lines.append(TEAM_NOTE.format(players=summary["players"]))
        lines.append(f"won together: {percent(summary['shared_wins'])} of games [{percent(tlo)}, {percent(thi)}]")
    else:
        if summary.get("no_winner") and summary["players"] > 1:
            decided = percent(1 - Decimal(summary["no_winner"]))  # exact: 1 - x as a float is another rounding
            lines.append(f"fair share {fair:.3f}: 1/{summary['players']} of the {decided} of games with a winner"
                         + (f"; * the seat's share of those games has a 95% interval that excludes 1/{summary['players']}"
                            if flagged else ""))
        else:
            lines.append(f"fair share {fair:.3f}" + ("; * its 95% interval excludes the fair share" if flagged else ""))
        if summary.get("teams"):  # partners' wins are their team's, not ties between seats
            lines += ["", *team_lines(summary["teams"], summary.get("no_winner") or 0)]
        else:
            lines.append(f"shared wins: {percent(summary['shared_wins'])} of games [{percent(tlo)}, {percent(thi)}]"
                         + shared_by_words(summary.get("shared_by"), summary["players"]))
    if summary.get("teams") and not team:
        if summary["teams"].get("balance") and summary["games"] > 1:
            lines.append(balance_sentence(summary["teams"]["balance"], "the teams", "team"))
    elif summary.get("seat_balance") and summary["games"] > 1:
        lines.append(balance_sentence(summary["seat_balance"]))
    if summary.get("no_winner"):  # older summaries lack it; a game every run ends with a winner need not say so
        nlo, nhi = summary["no_winner_ci"]
        lines.append(f"no winner: {percent(summary['no_winner'])} of games [{percent(nlo)}, {percent(nhi)}]"
                     + ("" if team else " (the win shares add up to the rest)"))  # a team game prints no win share
    lines.append(length_line(summary))
    if summary.get("margin") and scores:  # every score 0: a margin of 0.00 [0.00, 0.00] says nothing (JSON keeps it)
        g = summary["margin"]
        lo, hi = g["ci"]
        broken = f"; 0 in {percent(g['tie_broken'])} of games (level, won on a tie-break)" if g.get("tie_broken") else ""
        who, other = ("the winning team's", "team") if g.get("by_team") else ("the winner's", "seat")
        lead = (f"{who} lead in score over the best other {other} (the winners are ranked by {g['first_key']} first, "
                "not by the score)") if g.get("first_key") else f"{who} lead over the best other {other}"
        lines.append(f"margin: {g['mean']:.2f} points (sd {g['sd']:.2f}) [{lo:.2f}, {hi:.2f}]{margin_games(g, summary['games'])}, "
                     f"{lead}{broken}")
    if summary["games"] == 1:
        lines.append("(one game: no spread to measure, so each mean's interval is the value itself; play two or more)")
    past = scores_passed(summary)
    if past:
        lines.append(past)
    if summary.get("greedy_at_random"):  # older summaries lack it
        lines.append(at_random_note(summary["greedy_at_random"], " in every game", summary.get("agents"),
                                    summary.get("greedy_failed"), summary.get("heuristic", False)))
    quality = summary.get("quality") or {}
    if quality_unmeasured(summary):  # (a game won on the board: said above, short)
        lines += ["", "game quality: not measured (no scores)"]
    elif quality and team:  # no seat leads another in a game all seats win or lose together: rows of 0s and 1s say nothing
        lines += ["", f"game quality: no rows ({NO_SEAT_ADVANTAGE}; docs/statistics.md in philtre's source)"]
    elif quality and summary.get("scored_at_the_end", 0) >= 1:  # no race in any game: rows of 0s would read as measured (compare leaves them out too)
        # printed on every run of such a game: one short line; how to get the rows is the docs' to say
        lines += ["", f"game quality: no rows ({no_race_reason(summary)}; docs/statistics.md in philtre's source, "
                      "Games scored at the end)"]
    elif quality:
        teams = len((summary.get("teams") or {}).get("teams") or ())  # (the measures then follow the teams' race)
        between = f", of the race between the {teams} teams" if teams else ""
        lines += ["", f"game quality (mean per game, 95% CI{between}; docs/statistics.md in philtre's source):"]
        for name, q in quality.items():
            lo, hi = q["ci"]
            lines.append(f"  {name.replace('_', ' '):<13} {q['mean']:>6.3f}  [{lo:.3f}, {hi:.3f}]  "
                         f"{quality_text(name, summary.get('players'), teams)}")
        late = summary.get("scored_at_the_end", 0)
        if late >= 0.5:
            lines.append(f"  ({no_race_games(late, summary)}: these measures follow a score race, and those games had none)")
    return "\n".join(lines + tally_lines(summary))


def read_by_teams(summary: dict) -> bool:
    """Whether a run is read by its teams (format_summary swaps in their rows): partnerships declared, and not a
    game won together."""
    return bool(summary.get("teams")) and not summary.get("team_game")


def by_players_row(summary: dict) -> dict:
    """One count's cells of the by-player-count table: by teams where the run is read by them, else by seats."""
    several = summary["players"] > 1
    if not summary["games"]:  # every game cut off (--max-decisions): nothing measured, no share of 0 games to print
        return {"fair": "-", "low": "-", "high": "-", "balance": "-", "shared": "-"}
    if read_by_teams(summary):  # partners' wins are their team's: by seats, four sides where there are two
        teams = summary["teams"]
        sides = [(t["win_share"], t["team"], "team") for t in teams["teams"]]
        fair, balance, shared = teams["fair_share"], teams.get("balance"), teams["shared_wins"]
    else:
        sides = [(s["win_share"], s["seat"], "seat") for s in summary["seats"]]
        fair = summary.get("fair_share", 1 / summary["players"])
        balance, shared = summary.get("seat_balance"), summary["shared_wins"]
    sides.sort()
    low, high = (f"{share:.3f} {unit} {number}" for share, number, unit in (sides[0], sides[-1]))
    if summary.get("team_game"):  # every seat's share the same by construction: the column of the wins is the team's
        return {"fair": "-", "low": "-", "high": "-", "balance": "-", "shared": percent(shared)}
    return {"fair": f"{fair:.3f}" if several else "-", "low": low, "high": high,
            "balance": p_text(balance["p"]) if several and balance and summary["games"] > 1 else "-",
            "shared": percent(shared) if several else "-"}


def format_by_players(summaries: list) -> str:
    """A run per player count side by side: each count's fair share, its least and most winning seats, the seat balance,
    shared wins and length, for a designer asking at which counts the game is fair; read by teams, as each run's own
    text is, where the ruleset declares them (the team fair share, least and most winning teams, team balance)."""
    teams = [read_by_teams(summary) for summary in summaries]
    unit = "team" if all(teams) else ("seat" if not any(teams) else "side")  # a row's cells name theirs either way
    header = (f"{'players':>7}  {'games':>6}  {'fair share':>10}  {'lowest ' + unit:<14} {'highest ' + unit:<14} "
              f"{unit + ' balance':<12}  {'shared wins':>11}  {'decisions':>9}")
    cuts = any("cut" in summary for summary in summaries)  # (--max-decisions: the games cut off, in none of the columns)
    header += f"  {'cut':>6}" if cuts else ""
    lines = ["by player count (one run each, above; docs/statistics.md in philtre's source):", header]
    for summary in summaries:
        row = by_players_row(summary)
        lines.append(f"{summary['players']:>7}  {summary['games']:>6}  {row['fair']:>10}  {row['low']:<14} {row['high']:<14} "
                     f"{row['balance']:<12}  {row['shared']:>11}  {summary['decisions_mean']:>9.1f}"
                     + (f"  {summary.get('cut', 0):>6}" if cuts else ""))
    together = [str(summary["players"]) for summary in summaries if summary.get("team_game")]
    if together:
        lines.append(f"{', '.join(together)} players: {NO_SEAT_ADVANTAGE}; shared wins is how often they won together")
    return "\n".join(lines)
