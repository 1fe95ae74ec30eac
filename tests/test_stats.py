"""Statistics: the intervals are right (known values, and they cover the truth 95% of the time),
and the game-quality measures mean what docs/statistics.md says, on hand-made score histories."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from philtre.interpreter.stats import (game_quality, mean_ci, paired_difference, t_quantile, wilson)


# -- intervals --------------------------------------------------------------------------------

@pytest.mark.parametrize("df,expected", [(1, 12.7062), (2, 4.3027), (5, 2.5706), (10, 2.2281), (30, 2.0423), (1000, 1.9623)])
def test_t_quantiles_match_the_tables(df, expected):
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=2e-4)


def test_wilson_interval_known_values():
    # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662
    lo, hi = wilson(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    lo, hi = wilson(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)


def test_wilson_covers_the_true_proportion_95_percent_of_the_time():
    rng = random.Random(1)
    p, n, trials = 0.3, 80, 2000
    hits = 0
    for _ in range(trials):
        k = sum(rng.random() < p for _ in range(n))
        lo, hi = wilson(k, n)
        hits += lo <= p <= hi
    assert 0.93 <= hits / trials <= 0.97


def test_t_interval_covers_the_true_mean_95_percent_of_the_time():
    rng = random.Random(2)
    hits, trials = 0, 2000
    for _ in range(trials):
        sample = [rng.expovariate(1.0) for _ in range(40)]  # skewed, as scores often are
        lo, hi = mean_ci(sample)["ci"]
        hits += lo <= 1.0 <= hi
    assert 0.92 <= hits / trials <= 0.97


def test_mean_ci_of_constant_values_is_a_point():
    m = mean_ci([200.0] * 50)
    assert m["mean"] == 200.0 and m["sd"] == 0.0 and m["ci"] == [200.0, 200.0]


def test_paired_difference_uses_the_pairing():
    rng = random.Random(3)
    base = [rng.gauss(50, 10) for _ in range(100)]
    variant = [b + 0.5 for b in base]  # a small shift, hidden in big noise unless paired
    d = paired_difference(base, variant)
    assert d["mean"] == pytest.approx(0.5) and d["ci"][0] == pytest.approx(0.5) and d["p"] == 0.0
    same = paired_difference(base, base)
    assert same["mean"] == 0 and same["p"] == 1.0


# -- game quality -----------------------------------------------------------------------------

def quality(history, decisions, winners, players=3, lowest=False):
    return game_quality(history, decisions, winners, players, lowest)


def test_a_wire_to_wire_win_has_no_drama_and_is_decided_early():
    # seat 0 leads from the first score to the end
    q = quality([(10, (3, 1, 0)), (20, (5, 2, 1)), (40, (9, 4, 2))], 40, [0])
    assert q["lead_changes"] == 0
    assert q["drama"] == 0.0
    assert q["decisiveness"] == pytest.approx(0.75)  # led for good from a quarter of the game
    # a random leader is the winner 1/3 of the first quarter, then always
    assert q["uncertainty"] == pytest.approx(1 - (0.25 / 3 + 0.75))


def test_a_comeback_counts_lead_changes_and_drama():
    # seat 0 leads, seat 1 last by the full spread then second, then seat 1 wins at the end
    history = [(10, (4, 0, 2)), (20, (6, 5, 2)), (30, (7, 9, 3))]
    q = quality(history, 30, [1])
    assert q["lead_changes"] == 1
    # trailing twice: gap 4 of spread 4 (1.0), then gap 1 of spread 4 (0.25)
    assert q["drama"] == pytest.approx((1.0 + 0.25) / 2)
    assert q["decisiveness"] == 0.0  # decided only by the last scoring
    assert q["uncertainty"] == pytest.approx(1 - (1 / 3) * (1 / 3))


def test_lowest_score_wins_reverses_the_lead():
    history = [(5, (1, 3)), (10, (4, 3)), (20, (4, 6))]
    q = quality(history, 20, [0], players=2, lowest=True)
    assert q["lead_changes"] == 2
    assert q["drama"] == pytest.approx(1.0)  # at 4-3 the winner was last, by the whole spread


def test_ties_are_not_lead_changes():
    history = [(5, (1, 0)), (10, (1, 1)), (15, (2, 1))]
    assert quality(history, 15, [0], players=2)["lead_changes"] == 0


def test_a_game_without_scores_has_all_seats_tied():
    q = quality([], 12, [0, 1, 2])
    assert q == {"lead_changes": 0, "drama": 0.0, "decisiveness": 1.0, "uncertainty": 0.0}


def test_measures_stay_in_range_on_random_histories():
    rng = random.Random(4)
    for _ in range(300):
        players = rng.randint(2, 5)
        scores, history = [0] * players, []
        for step in range(1, rng.randint(1, 12)):
            scores = [s + rng.randint(0, 3) for s in scores]
            history.append((step * 3, tuple(scores)))
        best = max(scores)
        winners = [p for p, s in enumerate(scores) if s == best]
        q = quality(history, len(history) * 3 + rng.randint(0, 3), winners, players)
        assert q["lead_changes"] >= 0
        assert 0 <= q["drama"] <= 1 and 0 <= q["decisiveness"] <= 1 and 0 <= q["uncertainty"] < 1


def plain_quality(history, decisions, winners, players, lowest):
    """The four measures as docs/statistics.md defines them, with the set of leaders at each point."""
    span = max(decisions, 1)
    points = [(0.0, tuple([0] * players))]
    for when, scores in history:
        t = min(when / span, 1.0)
        if points[-1][0] == t:
            points[-1] = (t, tuple(scores))
        else:
            points.append((t, tuple(scores)))
    won = frozenset(winners)
    leads = [frozenset(p for p, s in enumerate(scores) if s == (min(scores) if lowest else max(scores)))
             for _, scores in points]
    changes, last = 0, None
    for group in leads:
        if len(group) == 1:
            (seat,) = group
            changes += last is not None and seat != last
            last = seat
    severities = []
    for (_, scores), group in zip(points, leads):
        if won and not group & won:
            best_winner = (min if lowest else max)(scores[p] for p in won)
            severities.append(abs(scores[min(group)] - best_winner) / (max(scores) - min(scores)))
    decided = 1.0
    for (t, _), group in reversed(list(zip(points, leads))):
        if not group <= won:
            break
        decided = t
    area = 0.0
    for i, ((t, _), group) in enumerate(zip(points, leads)):
        end = points[i + 1][0] if i + 1 < len(points) else 1.0
        area += (end - t) * len(group & won) / len(group)
    return {"lead_changes": changes, "drama": math.fsum(severities) / len(severities) if severities else 0.0,
            "decisiveness": 1.0 - decided, "uncertainty": 1.0 - area}


def test_measures_equal_their_plain_definitions_exactly():
    # counted leaders (stats.standings) give the very numbers the sets of leaders give: a run's summary, its
    # results database and its CSV do not change with the way they are computed
    rng = random.Random(5)
    for _ in range(2000):
        players = rng.randint(2, 7)
        scores, history, decisions = [0] * players, [], 0
        for _ in range(rng.randint(0, 14)):
            decisions += rng.choice([0, 0, 1, 3, 7])  # 0: a change at the same time (setup, or one step's effects)
            scores = [s + rng.choice([-2, 0, 0, 1, 1, 3]) for s in scores]
            history.append((decisions, tuple(scores)))
        lowest = rng.random() < 0.3
        best = (min if lowest else max)(scores)
        winners = rng.choice([[p for p, s in enumerate(scores) if s == best], [], [rng.randrange(players)]])
        args = (history, decisions + rng.choice([0, 0, 5]), winners, players, lowest)
        assert game_quality(*args) == plain_quality(*args)


# -- summaries of real games ------------------------------------------------------------------

def test_summary_shares_add_up_and_intervals_hold_them(pok):
    from philtre.interpreter.simulate import simulate

    summary = simulate(pok, players=4, games=40, seed=9)
    assert sum(s["win_share"] for s in summary["seats"]) == pytest.approx(1, abs=1e-3)
    for s in summary["seats"]:
        assert s["win_share_ci"][0] <= s["win_share"] <= s["win_share_ci"][1]
    lo, hi = summary["shared_wins_ci"]
    assert lo <= summary["shared_wins"] <= hi
    assert set(summary["quality"]) == {"lead_changes", "drama", "decisiveness", "uncertainty"}


def test_an_interval_stops_where_the_measure_cannot_go():
    """Three games of drama 0, 0 and 1: Student's t reaches below 0 and above 1; drama cannot."""
    from philtre.interpreter.stats import QUALITY_RANGE, mean_ci

    wide = mean_ci([0.0, 0.0, 1.0])["ci"]
    assert wide[0] < 0 and wide[1] > 1
    assert mean_ci([0.0, 0.0, 1.0], 0.95, *QUALITY_RANGE["drama"])["ci"] == [0, 1]
    low, high = mean_ci([0.0, 0.0, 3.0], 0.95, *QUALITY_RANGE["lead_changes"])["ci"]
    assert low == 0 and high == pytest.approx(wide[1] * 3), "no upper bound to lead changes"


def test_the_fair_share_mark_is_decided_on_the_exact_interval_not_the_rounded_one():
    """Seat 0 wins 42.83 of 164 three-player games: Wilson's upper bound 0.333326 excludes 1/3,
    though both print as 0.3333."""
    from philtre.interpreter.summary import format_summary, seat_rows

    results = ([{"winners": [0], "scores": [0, 0, 0]}] * 42 + [{"winners": [0, 1], "scores": [0, 0, 0]},
               {"winners": [0, 1, 2], "scores": [0, 0, 0]}] + [{"winners": [1], "scores": [0, 0, 0]}] * 120)
    rows = seat_rows(results, 3, ["random"] * 3)
    assert round(rows[0]["win_share_ci"][1], 4) == 0.3333 and rows[0]["excludes_fair_share"]
    summary = {"ruleset": "r", "variants": [], "players": 3, "games": 164, "seed": 0, "agents": ["random"] * 3,
               "seats": rows, "fair_share": 0.3333, "shared_wins": 0.0122, "decisions_mean": 1, "decisions_sd": 0,
               "rounds_mean": 1}
    assert "[0.2000, 0.3333] *" in format_summary(summary).splitlines()[3]  # the mark follows the win share's interval


@pytest.mark.parametrize("games", [100, 200, 300, 1000])
def test_a_fair_share_on_the_edge_of_the_interval_is_inside_it(games):
    """A share won every time: 1 is the interval's upper end (0.9999999999999998 at 300 games), inside it."""
    from philtre.interpreter.summary import excludes

    assert not excludes(wilson(games, games), 1.0)
    assert excludes(wilson(0, games), 1.0)


def test_games_with_no_winner_are_counted_and_said_in_the_summary():
    """Three draws in 500 games: the seats' win shares add up to 0.994, and a line says why."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    game = {"scores": [1, 0], "decisions": 10, "rounds": 0, "quality": None}
    results = [dict(game, winners=[0])] * 290 + [dict(game, winners=[1])] * 207 + [dict(game, winners=[])] * 3
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    summary = summarise(ruleset, 2, 0, ["random"] * 2, results)
    assert summary["no_winner"] == 0.006 and summary["no_winner_ci"][0] < 0.006 < summary["no_winner_ci"][1]
    assert sum(s["win_share"] for s in summary["seats"]) == pytest.approx(0.994)
    assert "no winner: 0.6% of games" in format_summary(summary)
    every = summarise(ruleset, 2, 0, ["random"] * 2, results[:497])
    assert every["no_winner"] == 0.0 and "no winner" not in format_summary(every)


def test_a_game_won_by_all_seats_or_none_compares_no_seat_with_a_fair_share():
    """A cooperative game: 40 of 400 games won by the three seats together, the rest by none.
    Each seat's share is 1/30 of the fair share's 1/3, and flagging all three would say nothing."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    game = {"scores": [1, 1, 1], "decisions": 10, "rounds": 0, "quality": None}
    results = [dict(game, winners=[0, 1, 2])] * 40 + [dict(game, winners=[])] * 360
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    summary = summarise(ruleset, 3, 0, ["random"] * 3, results)
    assert summary["team_game"] and not any(s["excludes_fair_share"] for s in summary["seats"])
    text = format_summary(summary)
    assert "won together: 10.0% of games" in text and "fair share 0.333" not in text and " *" not in text
    rival = summarise(ruleset, 3, 0, ["random"] * 3, results + [dict(game, winners=[0])])  # one game won alone
    # not a team game; of the 41 games with a winner each seat won about a third: none is favoured
    assert not rival["team_game"] and not any(s["excludes_fair_share"] for s in rival["seats"])
    lopsided = summarise(ruleset, 3, 0, ["random"] * 3, results + [dict(game, winners=[0])] * 40)
    assert [s["excludes_fair_share"] for s in lopsided["seats"]] == [True, True, True]  # seat 0 won 40 more


def test_a_team_game_prints_no_win_share_column_but_keeps_it_in_json():
    """Won by all three seats or none in every game: each seat's 0.333 beside 'won together: 100%' says nothing more,
    so the seat table drops the win-share column (with a note); the JSON keeps each seat's share."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    game = {"scores": [2, 2, 2], "decisions": 10, "rounds": 0, "quality": None}
    results = [dict(game, winners=[0, 1, 2])] * 30 + [dict(game, winners=[])] * 10
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    summary = summarise(ruleset, 3, 0, ["random"] * 3, results)
    text = format_summary(summary)
    assert "win share" not in text.splitlines()[2] and "0.250" not in text, text
    assert "no win-share column (each seat's share is won together / 3; in --json)" in text
    assert "(the win shares add up to the rest)" not in text and "no winner: 25.0% of games" in text
    assert [s["win_share"] for s in summary["seats"]] == [0.25, 0.25, 0.25]
    rival = format_summary(summarise(ruleset, 3, 0, ["random"] * 3, results + [dict(game, winners=[0])]))
    assert "win share" in rival.splitlines()[2] and "no win-share column" not in rival


def test_a_team_game_prints_no_leader_measures_nor_lowest_and_highest_seat():
    """A user's The Mind (won by all seats or none) printed `uncertainty 1.000 ... 1 - how often the leader was the
    eventual winner` and a by-count table naming `lowest seat 0.000 seat 0`, though no seat can lead another: the text
    says in one line why they are left out, and the table's shared wins, how often the team won, stays. JSON keeps them."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import QUALITY, format_by_players, format_summary, summarise

    quality = dict.fromkeys(QUALITY, 1.0)
    game = {"scores": [2, 2, 2], "decisions": 10, "rounds": 0, "quality": quality}
    results = [dict(game, winners=[0, 1, 2])] * 30 + [dict(game, winners=[])] * 10
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    summary = summarise(ruleset, 3, 0, ["random"] * 3, results)
    text = format_summary(summary)
    assert "game quality: no rows (every game won by all seats together or by none: no seat's advantage to measure" in text
    assert "uncertainty" not in text and "won together: 75.0% of games" in text, text
    assert set(summary["quality"]) == set(QUALITY)
    rival = summarise(ruleset, 3, 0, ["random"] * 3, results + [dict(game, winners=[0])])
    assert "uncertainty" in format_summary(rival)
    _, _, together, alone, note = format_by_players([summary, dict(rival, players=4)]).splitlines()
    assert together.split() == ["3", "40", "-", "-", "-", "-", "75.0%", "10.0"], together
    assert "seat 0" in alone and note == ("3 players: every game won by all seats together or by none: no seat's "
                                          "advantage to measure; shared wins is how often they won together"), note


def test_a_game_whose_scores_all_stayed_0_prints_no_score_columns_but_keeps_them_in_json():
    """A game won by an expression, with no score statement (connect four): every seat's `score mean 0.00 [0.00, 0.00]
    score sd 0.00` said nothing, so the text drops those columns with a note saying why; the JSON keeps them. A single
    point scored in one game brings them back."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    game = {"scores": [0, 0], "decisions": 10, "rounds": 0, "quality": None}
    results = [dict(game, winners=[0])] * 12 + [dict(game, winners=[1])] * 8
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    summary = summarise(ruleset, 2, 0, ["random"] * 2, results)
    lines = format_summary(summary).splitlines()
    assert lines[2].split() == ["seat", "agent", "win", "share", "95%", "CI"], lines
    assert lines[3].split() == ["0", "random", "0.600", "[0.387,", "0.781]"], lines
    assert lines[5] == "(no score columns: every seat ended every game with a score of 0; they are in --json)"
    assert not any(line != line.rstrip() for line in lines), "no trailing blanks where the columns were"
    assert [(s["score_mean"], s["score_ci"], s["score_sd"]) for s in summary["seats"]] == [(0, [0.0, 0.0], 0)] * 2
    once = format_summary(summarise(ruleset, 2, 0, ["random"] * 2, results[:-1] + [dict(game, scores=[0, 1], winners=[1])]))
    assert "score mean" in once.splitlines()[2] and "no score columns" not in once
    team = format_summary(summarise(ruleset, 2, 0, ["random"] * 2, [dict(game, winners=[0, 1])] * 4))
    assert team.splitlines()[2:5] == ["seat  agent", "   0  random", "   1  random"], team


def test_a_game_whose_scores_all_stayed_0_prints_no_margin_line_but_keeps_it_in_json():
    """Ranked by a key that is not the score (Tsuro's `out_at[p]`), the scores stay 0 and the margin line read `0.00
    points (sd 0.00) [0.00, 0.00]` under a note that there are no scores. It is left out; a point scored brings it back."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    game = {"scores": [0, 0], "decisions": 10, "rounds": 0, "quality": None}
    results = [dict(game, winners=[0])] * 12 + [dict(game, winners=[1])] * 8
    ranked = SimpleNamespace(order="highest", keys=[SimpleNamespace(text="out_at[p]")])
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=ranked)
    summary = summarise(ruleset, 2, 0, ["random"] * 2, results)
    assert summary["margin"]["mean"] == 0 and summary["margin"]["games"] == 20
    assert "margin" not in format_summary(summary) and "no score columns" in format_summary(summary)
    once = format_summary(summarise(ruleset, 2, 0, ["random"] * 2, results[:-1] + [dict(game, scores=[0, 1], winners=[1])]))
    assert "margin: 0.05 points" in once, once


def test_games_with_no_winner_do_not_flag_the_seats_of_a_fair_game():
    """A fair game where 30% of games have no winner: each seat wins 70%/4 of all games, under
    1/players, and every seat of such a game was flagged * (90% of them at 300 games).
    Compared among the games with a winner, a seat is flagged at about the 5% of a 95% interval."""
    from philtre.interpreter.summary import format_summary, seat_rows, summarise

    rng = random.Random(1)
    flagged = seats = 0
    for _ in range(200):
        results = []
        for _ in range(300):
            u = rng.random()
            winners = [] if u < 0.3 else [rng.randrange(4)] if u < 0.95 else [0, 1, 2, 3]
            results.append({"scores": [0] * 4, "winners": winners, "decisions": 1, "rounds": 0, "quality": None})
        flagged += sum(row["excludes_fair_share"] for row in seat_rows(results, 4, ["random"] * 4))
        seats += 4
    assert 0.01 < flagged / seats < 0.09
    from types import SimpleNamespace
    summary = summarise(SimpleNamespace(name="r", variants=(), content_hash="sha256:0"), 4, 0, ["random"] * 4, results)
    assert summary["fair_share"] == pytest.approx((1 - summary["no_winner"]) / 4, abs=1e-4)
    assert "games with a winner" in format_summary(summary)


def test_a_comparison_shows_no_winner_only_where_a_game_had_none():
    from philtre.interpreter.compare import differences

    game = {"scores": [1, 0], "decisions": 10, "rounds": 0, "quality": None}
    won, drawn = dict(game, winners=[0]), dict(game, winners=[])
    assert "nowinner" not in [row["measure"] for row in differences([won] * 4, [won] * 4, 2)]
    row = next(row for row in differences([won] * 4, [won] * 3 + [drawn], 2) if row["measure"] == "nowinner")
    assert (row["label"], row["base"], row["variant"]) == ("no winner", 0.0, 0.25)


def test_t_quantile_below_the_median_is_the_mirror_of_the_one_above():
    assert t_quantile(0.025, 5) == pytest.approx(-2.570582, abs=1e-6)  # scipy.stats.t.ppf(0.025, 5)
    assert t_quantile(0.025, 5) == -t_quantile(0.975, 5)


def test_ties_of_every_seat_under_a_ranking_are_not_a_team_game():
    """A competitive game (winners by `highest`) whose one game ended level: a tie, not a team's win."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    game = {"scores": [2, 2], "decisions": 4, "rounds": 0, "quality": None, "winners": [0, 1]}
    ranked = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="highest"))
    summary = summarise(ranked, 2, 0, ["random"] * 2, [game])
    assert not summary["team_game"] and "won together" not in format_summary(summary)
    chosen = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="expression"))
    assert summarise(chosen, 2, 0, ["random"] * 2, [game])["team_game"]


def test_games_scored_only_after_the_last_decision_say_their_quality_measures_see_no_race():
    """A deck-builder counts its points at the end: lead changes 0, drama 0 describe no race, and the summary says so."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, scored_at_the_end, summarise

    quality = {"lead_changes": 0, "drama": 0.0, "decisiveness": 0.0, "uncertainty": 0.5}
    late = [{"scores": [3, 1], "winners": [0], "decisions": 40, "rounds": 0, "quality": quality, "history": [[40, [3, 1]]]}] * 10
    early = [dict(late[0], history=[[12, [1, 0]], [40, [3, 1]]])] * 10
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    assert scored_at_the_end(late[0]) and not scored_at_the_end(early[0])
    summary = summarise(ruleset, 2, 0, ["random"] * 2, late)
    assert summary["scored_at_the_end"] == 1.0
    # no race in any game: no rows of 0s that read as measured (compare leaves them out too); the JSON keeps them. Said
    # on every run of such a game (High Society, Sheriff of Nottingham trials): one short line, the docs say the rest
    text = format_summary(summary)
    assert "lead changes" not in text and text.splitlines()[-1] == ("game quality: no rows (no score race: the scores moved "
                                                                    "only after the last decision; docs/statistics.md in philtre's source, Games scored at the end)")
    assert "in 100% of games" not in text and "in an overlay for a run" not in text
    assert summary["quality"]["lead_changes"]["mean"] == 0
    mixed = summarise(ruleset, 2, 0, ["random"] * 2, late[:4] + early[:6])
    assert mixed["scored_at_the_end"] == 0.4 and "did not move before" not in format_summary(mixed)
    assert "lead changes" in format_summary(mixed)


def test_games_whose_scores_never_moved_are_not_said_to_have_scored_after_the_last_decision():
    """A house rule that removed every scoring event (no overflow in Poison: all 0, all tied) was told
    'the scores first moved after the last decision', of scores that never moved."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    quality = {"lead_changes": 0, "drama": 0.0, "decisiveness": 1.0, "uncertainty": 0.0}
    still = [{"scores": [0, 0], "winners": [0, 1], "decisions": 40, "rounds": 0, "quality": quality, "history": []}] * 10
    text = format_summary(summarise(SimpleNamespace(name="r", variants=(), content_hash="sha256:0"), 2, 0, ["random"] * 2, still))
    assert "first moved" not in text and text.endswith("\ngame quality: not measured (no scores)")  # (one line: no race to measure)


def test_a_game_without_rounds_says_no_rounds():
    """A game with no `round` statement: the summary's length line and compare's table leave rounds out; with rounds they show them."""
    from types import SimpleNamespace

    from philtre.interpreter.compare import differences
    from philtre.interpreter.summary import format_summary, summarise

    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    flat = [{"scores": [1, 0], "winners": [0], "decisions": 10, "rounds": 0, "quality": None}] * 5
    assert "rounds" not in format_summary(summarise(ruleset, 2, 0, ["random"] * 2, flat))
    assert "rounds" not in [row["measure"] for row in differences(flat, flat, 2)]
    rounds = [dict(game, rounds=2) for game in flat]
    assert "2.00 rounds" in format_summary(summarise(ruleset, 2, 0, ["random"] * 2, rounds))
    assert "rounds" in [row["measure"] for row in differences(flat, rounds, 2)]


# -- seat balance and margin ------------------------------------------------------------------

@pytest.mark.parametrize("x, df, p", [(3.841459, 1, 0.05), (7.814728, 3, 0.05), (11.344867, 3, 0.01), (1.063623, 4, 0.9),
                                      (43.772972, 30, 0.05), (0.0, 3, 1.0)])
def test_the_chi_square_tail_matches_the_tables(x, df, p):
    from philtre.interpreter.stats import chi2_sf

    assert chi2_sf(x, df) == pytest.approx(p, abs=1e-6)


def test_the_chi_square_tail_with_two_degrees_of_freedom_is_an_exponential():
    import math

    from philtre.interpreter.stats import chi2_sf

    for x in (0.1, 1.0, 2.5, 10.0, 60.0):
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)


def _wins(rng, shares, games: int) -> list:
    """``games`` results won by one seat each, seat s with probability shares[s]."""
    seats = range(len(shares))
    return [{"winners": rng.choices(seats, shares)} for _ in range(games)]


def test_seat_balance_of_a_fair_game_says_unequal_about_5_percent_of_the_time():
    """One test for the whole table: with 4 seats, a per-seat 95% mark appears on some seat of a fair game
    in about 19% of runs; the balance test's p < 0.05 in about 5%."""
    from philtre.interpreter.summary import seat_balance

    rng = random.Random(5)
    runs = 600
    unequal = sum(seat_balance(_wins(rng, [1, 1, 1, 1], 400), 4)["p"] < 0.05 for _ in range(runs))
    assert 0.025 < unequal / runs < 0.08, unequal


def test_seat_balance_of_a_few_games_is_exact():
    """3 games won 3-0-0 in a fair 3-seat game happen 3 times in 27 (0.111), 4-0 of 2 seats 2 in 16, but the chi-square
    tail, which needs about 5 expected wins a seat, said p = 0.0498 and 0.0455: 'the seats do not all win equally often'."""
    from philtre.interpreter.summary import balance_sentence, seat_balance

    def table(wins):
        return [{"winners": [seat], "scores": [0] * len(wins)} for seat, n in enumerate(wins) for _ in range(n)]

    three = seat_balance(table([3, 0, 0]), 3)
    assert three == {"chi2": 6.0, "df": 2, "p": pytest.approx(1 / 9, rel=1e-12), "exact": True}  # kept exact, not 0.1111
    assert balance_sentence(three) == ("seat balance: chi-square 6.00 on 2 df, exact p = 0.111 "
                                       "(no clear sign that some seat wins more often)")
    assert seat_balance(table([4, 0]), 2)["p"] == 0.125
    assert seat_balance(table([1, 1, 1]), 3)["p"] == 1.0
    # 9 of 9 to one of 2 seats: 2 tables of 512 (the tail would have said 0.0027)
    assert seat_balance(table([9, 0]), 2)["p"] == pytest.approx(2 / 512, rel=1e-12)
    # from 5 expected wins a seat on, the chi-square tail as before
    assert seat_balance(table([7, 3]), 2) == {"chi2": pytest.approx(1.6), "df": 1, "p": pytest.approx(0.2059, abs=5e-5), "exact": False}
    # the exact p is that of every table at least as unbalanced, by enumeration of all 3**7 ways the games could go
    import itertools
    from collections import Counter

    for wins in ([5, 2, 0], [3, 2, 2], [4, 3, 0], [7, 0, 0]):
        squares = sum(c * c for c in wins)
        tables = [Counter(w) for w in itertools.product(range(3), repeat=7)]
        at_least = sum(sum(t[s] ** 2 for s in range(3)) >= squares for t in tables) / len(tables)
        assert seat_balance(table(wins), 3)["p"] == pytest.approx(at_least, rel=1e-12), wins


def test_seat_balance_of_a_few_games_of_a_fair_game_says_unequal_at_most_5_percent_of_the_time():
    """With 2 seats and 4 games, or 3 seats and 3, the chi-square tail said 'unequal' in 12.5% and 11% of fair runs."""
    from philtre.interpreter.summary import seat_balance

    rng = random.Random(8)
    for players, games in ((2, 4), (3, 3), (2, 9), (3, 8), (4, 12)):
        runs = 2000
        unequal = sum(seat_balance([{**r, "scores": [0] * players} for r in _wins(rng, [1] * players, games)], players)["p"] < 0.05
                      for _ in range(runs))
        assert unequal / runs <= 0.06, (players, games, unequal)


def test_seat_balance_of_a_few_games_with_shared_wins_is_not_tested():
    """Shared wins count 1/k: no exact test for those, and the tail does not hold for 1 or 2 expected wins a seat."""
    from philtre.interpreter.summary import seat_balance

    assert seat_balance([{"winners": [0, 1], "scores": [0, 0]}, {"winners": [0], "scores": [0, 0]}] * 2, 2) is None
    assert seat_balance([{"winners": [0, 1], "scores": [0, 0]}, {"winners": [0], "scores": [0, 0]}] * 5, 2)["exact"] is False


def test_seat_balance_finds_a_first_seat_advantage():
    from philtre.interpreter.summary import seat_balance

    rng = random.Random(6)
    balance = seat_balance(_wins(rng, [0.31, 0.23, 0.23, 0.23], 3000), 4)
    assert balance["df"] == 3 and balance["p"] < 0.001


def test_seat_balance_is_left_out_where_no_seat_can_be_favoured():
    from philtre.interpreter.summary import seat_balance

    assert seat_balance([{"winners": [0]}] * 10, 1) is None  # one player
    assert seat_balance([{"winners": [0, 1]}] * 10, 2, team=True) is None
    assert seat_balance([{"winners": []}] * 10, 2) is None  # no game had a winner


@pytest.mark.parametrize("order, scores, winners, expected", [
    ("highest", [10, 7, 9], [0], 1), ("lowest", [10, 7, 9], [1], 2), ("highest", [5, 5, 1], [0, 1], 4),
    ("highest", [5, 5, 5], [0, 1, 2], None), ("highest", [5, 5], [], None), ("expression", [3, 1], [0], None),
    ("highest", [5, 5, 1], [0], 0),  # a tie-break key decided it: no lead in points
], ids=["highest", "lowest", "shared-win", "all-win", "no-winner", "expression", "tie-break"])
def test_the_margin_is_the_winners_lead_over_the_best_other_seat(order, scores, winners, expected):
    from philtre.interpreter.summary import margin

    assert margin({"scores": scores, "winners": winners}, order) == expected


def test_a_summary_says_the_seat_balance_and_the_margin():
    """The designer's two questions of a table: do the seats win equally often, and how close are the games."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="lowest"))
    game = {"decisions": 10, "rounds": 1, "quality": None}
    results = [dict(game, scores=[1, 4], winners=[0])] * 80 + [dict(game, scores=[6, 4], winners=[1])] * 20
    summary = summarise(ruleset, 2, 0, ["random"] * 2, results)
    assert summary["seat_balance"]["df"] == 1 and summary["seat_balance"]["p"] < 1e-6
    assert summary["margin"]["mean"] == 2.8 and summary["margin"]["games"] == 100
    text = format_summary(summary)
    assert "seat balance: chi-square 36.00 on 1 df, p < 0.001 (below 0.05: the seats do not all win equally often)" in text
    assert "margin: 2.80 points" in text and "the winner's lead over the best other seat" in text and "tie-break" not in text
    level = summarise(ruleset, 2, 0, ["random"] * 2, results[:90] + [dict(game, scores=[4, 4], winners=[1])] * 10)
    assert level["margin"]["tie_broken"] == 0.1 and "0 in 10.0% of games (level, won on a tie-break)" in format_summary(level)


def test_a_seat_balance_between_different_agents_says_it_mixes_their_strength():
    """A Quarto trial, greedy against random: 'the seats do not all win equally often' read as a seat's advantage,
    where the gap was the agents'. The line says the shares mix both; JSON adds `agents_differ` beside the test."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="highest"))
    game = {"decisions": 10, "rounds": 1, "quality": None}
    results = [dict(game, scores=[1, 0], winners=[0])] * 80 + [dict(game, scores=[0, 1], winners=[1])] * 20
    mixed = summarise(ruleset, 2, 0, ["greedy", "random"], results)
    assert mixed["seat_balance"]["agents_differ"] is True and mixed["seat_balance"]["p"] < 0.001
    assert ("(below 0.05: the seats do not all win equally often; but the seats play different agents, so their shares "
            "mix the agents' strength with the seats': play one agent at every seat to test the seats alone)") in format_summary(mixed)
    alike = summarise(ruleset, 2, 0, ["greedy", "greedy"], results)
    assert alike["seat_balance"]["agents_differ"] is False and "different agents" not in format_summary(alike)


def test_a_team_balance_mixes_agents_only_where_the_teams_line_ups_differ():
    """Partners greedy and random on each side play alike teams; greedy pair against random pair do not."""
    from philtre.interpreter.summary import mark_agents

    teams = [[0, 2], [1, 3]]
    for agents, differ in ((["greedy", "random", "random", "greedy"], False), (["greedy", "random"] * 2, True)):
        balance = {"chi2": 0.0, "df": 1, "p": 1.0}
        mark_agents(balance, agents, teams)
        assert balance["agents_differ"] is differ, agents


def test_a_margin_over_fewer_games_than_the_run_says_over_how_many():
    """A Mastermind trial: `margin: 5.00 points (sd 1.41) [0.00, 17.71]` where 2 of 300 games had one (the rest were won
    by both seats together) read as every game's lead; a margin over every game says nothing more."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="highest"))
    game = {"decisions": 10, "rounds": 1, "quality": None}
    results = ([dict(game, scores=[6, 2], winners=[0]), dict(game, scores=[3, 7], winners=[1])]
               + [dict(game, scores=[5, 5], winners=[0, 1])] * 298)  # both seats win: no loser, no margin
    summary = summarise(ruleset, 2, 0, ["random"] * 2, results)
    assert summary["margin"]["games"] == 2
    assert "margin: 4.00 points (sd 0.00) [4.00, 4.00] over 2 games (the other 298 had no winner or no loser), the winner's" \
        in format_summary(summary), format_summary(summary)
    every = summarise(ruleset, 2, 0, ["random"] * 2, results[:2])
    assert "] over" not in format_summary(every) and "margin: 4.00 points" in format_summary(every)


def test_a_margin_on_scores_the_ranking_does_not_read_first_claims_no_tie_break():
    """A race ranked by a variable (`highest: pos[p]`) never moves the score: every margin was 0 and the summary
    said '0 in 100.0% of games (level, won on a tie-break)', though no game was level on what ranks the seats."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    game = {"decisions": 10, "rounds": 0, "quality": None, "scores": [3, 3]}  # (level, not 0: scores all 0 print no margin)
    results = [dict(game, winners=[0])] * 6 + [dict(game, winners=[1])] * 4
    for keys, tie_break in [((SimpleNamespace(text="pos[p]"),), False), ((SimpleNamespace(text=" score[ p ]"), SimpleNamespace(text="-p")), True)]:
        ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="highest", keys=keys))
        summary = summarise(ruleset, 2, 0, ["random"] * 2, results)
        text = format_summary(summary)
        assert ("won on a tie-break" in text) is tie_break and ("tie_broken" in summary["margin"]) is tie_break, text
        assert ("the winners are ranked by pos[p] first, not by the score" in text) is not tie_break, text


@pytest.mark.parametrize("p, text", [(0.36, "p = 0.360"), (0.0497, "p = 0.0497"), (0.0503, "p = 0.050"), (0.0004, "p < 0.001"),
                                     (0.012, "p = 0.012"), (0.049972, "p = 0.04997")])
def test_a_p_value_just_below_the_threshold_is_not_printed_as_the_threshold(p, text):
    """'variant p = 0.050 (below 0.05: ...)' read as a contradiction: 0.0497 rounded to three digits."""
    from philtre.interpreter.summary import p_text

    assert p_text(p) == text


def test_the_seat_balance_verdict_is_read_off_a_p_that_stays_below_0_05():
    """1,066 two-seat games, 565 wins against 501: p = 0.049972, kept as 0.05 (4 digits), so the verdict
    said 'no clear sign that some seat wins more often' for a p below 0.05."""
    from philtre.interpreter.summary import balance_sentence, seat_balance

    results = [{"winners": [0] if i < 565 else [1], "scores": [0, 0]} for i in range(1066)]
    balance = seat_balance(results, 2)
    assert balance["p"] < 0.05 and round(balance["p"], 5) == 0.04997  # kept exact (0.049972), as the verdict reads it
    assert balance_sentence(balance).endswith("p = 0.04997 (below 0.05: the seats do not all win equally often)")


def test_a_seats_mark_and_its_interval_agree_when_some_games_have_no_winner():
    """82, 58 and 60 no-winner games of 200: both seats were marked '*' on their share of the 140 decided games, while
    the printed interval, on all 200, held the fair share 0.350 ([0.3442, 0.4792] *). The printed interval is now
    the one the mark is decided on, on the scale of all games, for every table of up to 40 games of 2 seats."""
    from philtre.interpreter.summary import format_summary, seat_rows, summarise

    for n in range(2, 41):
        for draws in range(1, n - 1):
            decided = n - draws
            fair = decided / n / 2
            for won in range(decided + 1):
                results = [{"winners": [0], "scores": [0, 0]}] * won + [{"winners": [1], "scores": [0, 0]}] * (decided - won) \
                    + [{"winners": [], "scores": [0, 0]}] * draws
                for row in seat_rows(results, 2, ["random"] * 2):
                    lo, hi = row["win_share_ci"]
                    if row["excludes_fair_share"]:
                        assert lo > fair - 1e-4 or hi < fair + 1e-4, (n, draws, won, row)
                    else:
                        assert lo - 1e-4 <= fair <= hi + 1e-4, (n, draws, won, row)

    class Rules:
        name, variants, content_hash, winners = "demo", [], "x", None

    results = ([{"index": i, "scores": [0, 0], "winners": [0], "decisions": 1, "rounds": 1} for i in range(82)]
               + [{"index": 82 + i, "scores": [0, 0], "winners": [1], "decisions": 1, "rounds": 1} for i in range(58)]
               + [{"index": 140 + i, "scores": [0, 0], "winners": [], "decisions": 1, "rounds": 1} for i in range(60)])
    text = format_summary(summarise(Rules, 2, 0, ["random"] * 2, results))
    assert "0.410  [0.352, 0.465] *" in text and "0.290  [0.235, 0.348] *" in text and "fair share 0.350" in text


def test_a_single_game_has_no_seat_balance_test_in_the_json_either():
    """statistics.md: not shown for a single game (null in the JSON); the JSON gave chi2 1.0, p 0.3173."""
    from philtre.interpreter.summary import seat_balance

    assert seat_balance([{"winners": [0], "scores": [1, 0]}], 2) is None
    assert seat_balance([{"winners": [0], "scores": [1, 0]}] * 2, 2) is not None


def test_a_marked_interval_does_not_print_as_reaching_the_fair_share():
    """Seat 0 wins 37 of 112 four-player games: Wilson's lower end 0.25015 excludes 1/4 and the row is
    marked, but it printed '[0.250, 0.422] *' under 'fair share 0.250'."""
    from philtre.interpreter.summary import format_summary, seat_rows

    wins = [0] * 37 + [1] * 25 + [2] * 25 + [3] * 25
    # (a score of 1 each: scores all 0 would leave the score columns out)
    rows = seat_rows([{"winners": [w], "scores": [1] * 4} for w in wins], 4, ["random"] * 4)
    summary = {"ruleset": "r", "variants": [], "players": 4, "games": 112, "seed": 0, "agents": ["random"] * 4,
               "seats": rows, "fair_share": 0.25, "shared_wins": 0.0, "decisions_mean": 1, "decisions_sd": 0,
               "rounds_mean": 1}
    header, first, second = format_summary(summary).splitlines()[2:5]
    assert "[0.2501, 0.4218] *" in first and "[0.156, 0.309]" in second
    # the columns stay aligned: each row's score mean ends where the heading does
    end = header.index("score mean") + len("score mean")
    assert first[end - 4:end] == "1.00" and second[end - 4:end] == "1.00"


# -- the audit of 2026-12-04 (margin's interval, rounding once) ------------------------------------

def test_the_margin_interval_does_not_run_below_0_where_the_score_ranks_first():
    """Margins of 0, 0, 0 and 10 (three level games won on a tie-break, one of them by two seats together,
    one lead of 10): the
    t interval read [-5.46, 10.46], though winners ranked by their score never trail the best other seat."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, margin_row, summarise

    game = {"decisions": 10, "rounds": 1, "quality": None}
    results = [dict(game, scores=[4, 4, 1], winners=[0]), dict(game, scores=[2, 2, 1], winners=[1]),
               dict(game, scores=[5, 5, 5], winners=[0, 1]), dict(game, scores=[3, 3, 3], winners=[0, 1, 2]),
               dict(game, scores=[12, 2, 1], winners=[0])]
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="highest"))
    summary = summarise(ruleset, 3, 0, ["random"] * 3, results)
    row = summary["margin"]
    assert row["games"] == 4, "all three first, no one behind: that game has no margin"
    assert row["ci"][0] == 0 and row["ci"][1] == pytest.approx(2.5 + 5 * 3.182446 / 2, abs=1e-4)
    assert "margin: 2.50 points (sd 5.00) [0.00, 10.46]" in format_summary(summary)
    # ranked by another key first (pos[p]), a winner may trail on the score: nothing to cut there
    assert margin_row(results, "highest", "pos[p]")["ci"][0] < -5


def test_printed_figures_are_rounded_once_from_the_exact_value():
    """A score mean of 3.1251 was kept as 3.125 and printed 3.12; a win share of 0.31255 kept as 0.3125 and printed
    0.312. Each is rounded once, from the exact value, to the digits it is printed with."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="expression"))
    game = {"decisions": 10, "rounds": 0, "quality": None}
    # seat 0: 3,125 wins and a shared one of 10,000 (0.31255); a score of 4 in 1,251 games, else 3 (3.1251)
    results = ([dict(game, scores=[4 if i < 1251 else 3, 0], winners=[0]) for i in range(3125)]
               + [dict(game, scores=[3, 0], winners=[0, 1])] + [dict(game, scores=[3, 0], winners=[1])] * 6874)
    seat = format_summary(summarise(ruleset, 2, 0, ["random"] * 2, results)).splitlines()[3].split()
    assert seat[:3] == ["0", "random", "0.313"] and seat[-4] == "3.13", seat  # the score mean, before its interval and sd


def test_printed_percentages_are_rounded_once_from_the_exact_share():
    """125 games of 9,999 without a winner (1.25013%) were kept as 0.0125 and printed '1.2%' and '98.8% of games with
    a winner' (times 100 and rounded again)."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order="expression"))
    game = {"decisions": 10, "rounds": 0, "quality": None}
    drawn = [dict(game, scores=[0, 0], winners=[])] * 125 + [dict(game, scores=[1, 0], winners=[0])] * 9874
    text = format_summary(summarise(ruleset, 2, 0, ["random"] * 2, drawn))
    assert "1/2 of the 98.7% of games with a winner" in text and "no winner: 1.3% of games" in text, text


def _solo_run(order: str, reached: int, games: int = 100) -> dict:
    """A one-player run of ``games`` games scored 0..9 in turn, the player winning ``reached`` of them (a ranking: all)."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import summarise

    quality = {"lead_changes": 0, "drama": 0.0, "decisiveness": 1.0, "uncertainty": 0.0}
    results = [{"index": i, "scores": [i % 10], "winners": [0] if i < reached else [], "decisions": 10, "rounds": 1,
                "quality": quality, "history": [[3, [i % 10]]]} for i in range(games)]
    ruleset = SimpleNamespace(name="solo", variants=(), content_hash="sha256:0", winners=SimpleNamespace(order=order))
    return summarise(ruleset, 1, 0, ["random"], results)


def test_a_one_player_summary_shows_the_score_spread_and_no_measure_that_compares_seats():
    """A solo game is judged by its score: median, min and max are shown; a fair share of 1, shared wins, the seat balance
    and four game-quality rows that read 0 or 1 are not (the JSON keeps the quality, and has no fair share)."""
    from philtre.interpreter.summary import format_summary

    summary = _solo_run("highest", 100)
    text = format_summary(summary)
    for nothing in ("fair share", "shared wins", "seat balance", "lead changes", "uncertainty", "win share"):
        assert nothing not in text, text
    heading, row = text.splitlines()[2:4]
    assert heading.split()[-3:] == ["median", "min", "max"] and row.split()[-3:] == ["4.50", "0", "9"], text
    assert "won: every game" in text
    seat = summary["seats"][0]
    assert (seat["score_median"], seat["score_min"], seat["score_max"]) == (4.5, 0, 9)
    assert summary["fair_share"] is None and not seat["excludes_fair_share"] and summary["goal"] is False
    assert set(summary["quality"]) == {"lead_changes", "drama", "decisiveness", "uncertainty"}


def test_a_solo_target_reads_as_the_share_of_games_that_reached_the_goal_not_as_unfair():
    """`winners: [p for p in players if score[p] >= 60]` with one player: the win rate is how often the goal was reached,
    with its interval; the seat is not flagged against a fair share, and no 'no winner' line repeats the rest."""
    from philtre.interpreter.summary import format_summary

    summary = _solo_run("expression", 25)
    text = format_summary(summary)
    assert "reached the goal: 25.0% of games [" in text, text
    assert "*" not in text and "excludes" not in text and "no winner" not in text and "uncertainty" not in text
    assert summary["goal"] is True and not summary["seats"][0]["excludes_fair_share"]
    assert summary["seats"][0]["win_share"] == 0.25


def test_every_interval_in_the_json_is_a_pair_of_floats():
    """An interval cut at a measure's bound of 0 came out `[0, 0.0]` (an int beside a float) in the JSON."""
    import json

    summary = _solo_run("expression", 25)
    assert "[0, " not in json.dumps(summary) and ", 0]" not in json.dumps(summary)
    intervals = [summary["quality"][q]["ci"] for q in summary["quality"]] + [summary["decisions_ci"], summary["rounds_ci"]]
    assert all(type(end) is float for interval in intervals for end in interval)


def test_shared_wins_say_how_many_seats_shared_them():
    """A game one seat loses and the others win (Cockroach Poker) read `shared wins: 100.0% of games`, as if every game
    were a tie: how many seats shared each win, and what a share then counts, is said."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    game = {"scores": [0, 0, 0, 0], "decisions": 10, "rounds": 0, "quality": None}
    one_loser = [dict(game, winners=[p for p in range(4) if p != lost]) for lost in (0, 1, 2, 3, 1)]
    summary = summarise(ruleset, 4, 0, ["random"] * 4, one_loser)
    assert summary["shared_by"] == [3, 3]
    assert ("shared wins: 100.0% of games [56.6%, 100.0%], each by 3 of 4 seats "
            "(a seat's win share counts 1/3 of such a game)") in format_summary(summary)
    mixed = one_loser + [dict(game, winners=[0, 1]), dict(game, winners=[2])]
    summary = summarise(ruleset, 4, 0, ["random"] * 4, mixed)
    assert summary["shared_by"] == [2, 3]
    assert "by 2 to 3 of 4 seats (a seat's win share counts 1/k of a game k seats won)" in format_summary(summary)
    alone = summarise(ruleset, 4, 0, ["random"] * 4, [dict(game, winners=[2])] * 3)
    assert alone["shared_by"] is None and "shared wins: 0.0% of games [0.0%, 56.1%]\n" in format_summary(alone)


def test_a_score_interval_reaching_past_every_score_the_seat_got_is_said_so():
    """Battle Line (4 games) and Hearts printed a flag count's mean as [-0.47, 4.97], a score that cannot go below 0,
    with nothing to say why; a note names the seat and its scores, and many games, whose intervals lie inside, none."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    few = [{"scores": [0, s], "winners": [1], "decisions": 5, "rounds": 0, "quality": None} for s in (0, 5, 4, 1)]
    text = format_summary(summarise(ruleset, 2, 0, ["random"] * 2, few))
    assert ("(a score interval reaches past the scores the seat got (seat 1: [-1.29, 6.29], its scores 0 to 5): over 4 "
            "games the 95% interval of a mean is that wide; more games narrow it)") in text, text
    many = [{"scores": [0, s], "winners": [1], "decisions": 5, "rounds": 0, "quality": None} for s in (0, 5, 4, 1) * 30]
    assert "reaches past" not in format_summary(summarise(ruleset, 2, 0, ["random"] * 2, many))


def test_two_seats_drama_is_said_as_the_share_of_games_whose_winner_trailed():
    """Reversi's 'drama 0.95: how far behind the winner was when trailing' read as far behind; with two seats a
    trailing winner is always the whole spread behind, so each game's drama is 0 or 1 and the row says what it counts."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise

    for trailing in ([1, 3], [0, 30], [29, 30]):  # however far behind, with two seats a trailing winner is last
        assert game_quality([(1, trailing), (2, [50, 30])], 2, [0], 2, False)["drama"] == 1.0
    assert game_quality([(1, [1, 3, 0]), (2, [5, 3, 0])], 2, [0], 3, False)["drama"] == pytest.approx(2 / 3)
    quality = {"lead_changes": 1, "drama": 1.0, "decisiveness": 0.5, "uncertainty": 0.5}
    games = [{"scores": [5, 3], "winners": [0], "decisions": 4, "rounds": 0, "quality": quality,
              "history": [[1, [0, 3]], [2, [5, 3]]]}] * 5
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    two = format_summary(summarise(ruleset, 2, 0, ["random"] * 2, games))
    assert "share of games the winner trailed at some point (two seats: a game's drama is 0 or 1)" in two, two
    three = format_summary(summarise(ruleset, 3, 0, ["random"] * 3, [dict(g, scores=[5, 3, 1]) for g in games]))
    assert "how far behind the winner was when trailing" in three and "two seats" not in three, three


# -- partnerships (`teams`) ----------------------------------------------------------------------

PARTNERS = Path(__file__).resolve().parent / "data" / "partners.yaml"


def partners(tmp_path=None, edge: int = 0, teams: bool = True):
    """The 4-seat partnership ruleset of tests/data (seats 0 and 2 against 1 and 3); ``edge`` added to the first side,
    and without its `teams` line where ``teams`` is false."""
    from philtre.dsl.loader import load_ruleset

    if edge == 0 and teams:
        return load_ruleset(str(PARTNERS))
    text = PARTNERS.read_text(encoding="utf-8").replace("edge: 0", f"edge: {edge}")
    path = tmp_path / "partners.yaml"
    path.write_text(text if teams else "".join(line for line in text.splitlines(True) if not line.startswith("teams:")),
                    encoding="utf-8")
    return load_ruleset(str(path))


def test_a_partnership_run_is_read_by_teams_beside_the_seats():
    """Partners always win together: by seats, every game read as a tie (shared wins 100%) and the seat balance counted
    four sides; by teams, only the games the two sides drew are shared, and the balance has 1 df. Seat rows stay."""
    from philtre.interpreter.simulate import simulate
    from philtre.interpreter.summary import format_summary

    summary = simulate(partners(), players=4, games=200, seed=0)
    teams = summary["teams"]
    assert [t["seats"] for t in teams["teams"]] == [[0, 2], [1, 3]] and teams["fair_share"] == 0.5
    assert summary["shared_wins"] == 1.0 and summary["shared_by"] == [2, 4]  # by seats every game is a tie
    assert 0 < teams["shared_wins"] < 0.3 and teams["shared_by"] == [2, 2]
    assert sum(t["win_share"] for t in teams["teams"]) == pytest.approx(1)
    # a team's share is its two seats' shares together (each partner counts half of the team's game)
    assert teams["teams"][0]["win_share"] == pytest.approx(summary["seats"][0]["win_share"] + summary["seats"][2]["win_share"])
    assert teams["balance"]["df"] == 1 and teams["balance"]["p"] > 0.05 and summary["seat_balance"]["df"] == 3
    text = format_summary(summary)
    assert "team  seats    win share  95% CI" in text and "   0  0, 2     " in text and "team fair share 0.500" in text
    assert f"shared wins: {teams['shared_wins']:.1%} of games" in text and "won by more than one team, each by 2 of 2 teams" in text
    assert "team balance: chi-square" in text and "on 1 df" in text and "seat balance" not in text
    assert "shared wins: 100.0%" not in text and len([line for line in text.splitlines() if "  random  " in line]) == 4


def test_the_by_player_count_table_reads_a_partnership_game_by_teams(tmp_path):
    """Each run's text swaps the team balance in for the seat balance; the table of several counts did not, and said a
    partnership game was shared in every game with a seat balance over four sides. Its rows are the teams' now."""
    from philtre.interpreter.simulate import simulate
    from philtre.interpreter.summary import format_by_players, p_text

    summary = simulate(partners(tmp_path, edge=100), players=4, games=20, seed=1)
    header, row = format_by_players([summary]).splitlines()[1:]
    assert header.split() == ["players", "games", "fair", "share", "lowest", "team", "highest", "team", "team", "balance",
                              "shared", "wins", "decisions"]
    balance = p_text(summary["teams"]["balance"]["p"])
    assert row.split()[:9] == ["4", "20", "0.500", "0.000", "team", "1", "1.000", "team", "0"], row
    assert f"{balance}  " in row and row.split()[-2:] == ["0.0%", f"{summary['decisions_mean']:.1f}"], row
    plain = format_by_players([simulate(partners(tmp_path, teams=False), players=4, games=20, seed=1)])
    assert "lowest seat" in plain and "seat balance" in plain and " 100.0% " in plain, plain


def test_a_team_that_wins_every_game_has_share_1_and_is_marked(tmp_path):
    from philtre.interpreter.simulate import simulate
    from philtre.interpreter.summary import format_summary

    summary = simulate(partners(tmp_path, edge=100), players=4, games=30, seed=1)
    first, second = summary["teams"]["teams"]
    assert (first["win_share"], first["wins"], second["win_share"], second["wins"]) == (1.0, 30, 0.0, 0)
    assert first["excludes_fair_share"] and second["excludes_fair_share"] and summary["teams"]["shared_wins"] == 0.0
    assert summary["teams"]["balance"]["p"] < 0.05
    text = format_summary(summary)
    assert "   0  0, 2         1.000  [0.886, 1.000] *" in text
    assert "below 0.05: the teams do not all win equally often" in text


def test_a_game_is_a_teams_when_its_winners_are_of_that_team_alone():
    """Won by one partner, or both: the team's; by seats of two teams: shared by them (1/2 each); no winner: nobody's."""
    from philtre.interpreter.summary import team_summary

    results = [{"winners": w} for w in ([0], [0, 2], [1, 3], [0, 1], [])]
    teams = team_summary(results, [[0, 2], [1, 3]], False)
    assert [t["win_share"] for t in teams["teams"]] == [2.5 / 5, 1.5 / 5] and [t["wins"] for t in teams["teams"]] == [3, 2]
    assert teams["shared_wins"] == 1 / 5 and teams["fair_share"] == 4 / 5 / 2


def test_a_summary_without_teams_has_no_team_key(tmp_path):
    """The same games without `teams`: read by seats alone, as before (no key in the JSON, no team line)."""
    from philtre.interpreter.simulate import simulate
    from philtre.interpreter.summary import format_summary

    plain = simulate(partners(tmp_path, teams=False), players=4, games=40, seed=0)
    text = format_summary(plain)
    assert "teams" not in plain and "seat balance: chi-square" in text and "team" not in text
    assert "shared wins: 100.0% of games" in text


def test_games_with_no_winner_are_no_teams_and_the_team_fair_share_says_so():
    """Of 10 games 2 had no winner: each team's fair share is half of the 80% with a winner, as a seat's is."""
    from types import SimpleNamespace

    from philtre.interpreter.summary import format_summary, summarise, team_summary

    game = {"scores": [0, 0, 0, 0], "decisions": 4, "rounds": 0, "quality": None}
    results = [dict(game, winners=[0, 2])] * 4 + [dict(game, winners=[1, 3])] * 4 + [dict(game, winners=[])] * 2
    summary = summarise(SimpleNamespace(name="r", variants=(), content_hash="sha256:0"), 4, 0, ["random"] * 4, results)
    summary["teams"] = team_summary(results, [[0, 2], [1, 3]], False)  # (a ruleset declaring them gives the same)
    assert summary["teams"]["fair_share"] == 0.4 and [t["win_share"] for t in summary["teams"]["teams"]] == [0.4, 0.4]
    assert "team fair share 0.400: 1/2 of the 80.0% of games with a winner" in format_summary(summary)


def test_the_quality_of_a_partnership_game_follows_the_race_between_the_sides():
    """Codenames and Euchre score partners alike, so by seats the sole leader lead changes count was never there (0 in
    every game); read by teams (stats.as_teams), the lead passes from side to side. Where partners are scored apart
    (tests/data/partners.yaml: each seat its own die), a side's score is the sum of its seats'."""
    from philtre.interpreter.stats import as_teams, game_quality

    teams = [[0, 2], [1, 3]]
    alike = [[1, [1, 0, 1, 0]], [2, [1, 2, 1, 2]], [3, [3, 2, 3, 2]]]
    assert game_quality(alike, 4, [0, 2], 4, False)["lead_changes"] == 0
    read, won = as_teams(alike, [0, 2], teams)
    assert read == [[1, [1, 0]], [2, [1, 2]], [3, [3, 2]]] and won == [0]
    assert game_quality(read, 4, won, 2, False)["lead_changes"] == 2
    apart = [[1, [5, 0, 0, 0]], [2, [5, 3, 0, 4]], [3, [5, 3, 6, 4]]]
    assert as_teams(apart, [0, 2], teams) == ([[1, [5, 0]], [2, [5, 7]], [3, [11, 7]]], [0])


def test_a_partnership_games_quality_is_read_by_teams():
    """Each game a run plays measures its quality on the sides' race where the ruleset declares teams."""
    from philtre.interpreter.simulate import RunSpec, play_one
    from philtre.interpreter.stats import as_teams, game_quality

    spec = RunSpec(partners(), 4, ["random"] * 4, seed=1)
    by_seats = []
    for index in range(5):
        result = play_one(spec, index)
        read, won = as_teams(result["history"], result["winners"], [[0, 2], [1, 3]])
        assert result["quality"] == game_quality(read, result["decisions"], won, 2, False)
        by_seats.append(result["quality"] == game_quality(result["history"], result["decisions"], result["winners"], 4, False))
    assert not all(by_seats)  # (read by seats, some game's measures differ)


TWO_SIDES = Path(__file__).resolve().parent / "data" / "two_sides_race.yaml"


def test_a_race_between_two_teams_counts_its_lead_changes_between_the_teams(tmp_path):
    """Partners scored alike are level in every game, so by seats the sole leader lead changes count is never there: a
    run of a ruleset declaring teams measures the lead passing between the sides, and says so on its rows; the same
    ruleset without `teams` reads 0 in every game, by seats."""
    from philtre.dsl.loader import load_ruleset
    from philtre.interpreter.simulate import simulate
    from philtre.interpreter.summary import format_summary

    summary = simulate(load_ruleset(str(TWO_SIDES)), 4, 30, seed=1)
    assert summary["quality"]["lead_changes"]["mean"] > 0.2, summary["quality"]
    text = format_summary(summary)
    assert "game quality (mean per game, 95% CI, of the race between the 2 teams;" in text, text
    assert "times the lead passed from one team to another" in text
    assert "share of games the winning team trailed at some point (two teams: a game's drama is 0 or 1)" in text
    path = tmp_path / "seats.yaml"
    path.write_text("".join(line for line in TWO_SIDES.read_text(encoding="utf-8").splitlines(True)
                            if not line.startswith("teams:")), encoding="utf-8")
    by_seats = simulate(load_ruleset(str(path)), 4, 30, seed=1)
    assert by_seats["quality"]["lead_changes"]["mean"] == 0
    assert "times the sole leader changed hands" in format_summary(by_seats)


def test_a_partnership_game_s_margin_is_the_winning_team_s_lead_over_the_best_other_team(tmp_path):
    """A Canasta trial's margin line said "the winner's lead over the best other seat", the best other seat being the
    winner's partner. With `teams` the margin is taken between teams (a team's one score where partners are scored
    alike, else their sum) and the line says so; without, it is the seats' as before."""
    from philtre.interpreter.simulate import simulate
    from philtre.dsl.loader import load_ruleset
    from philtre.interpreter.summary import format_summary, margin, margin_row

    teams = [[0, 2], [1, 3]]
    alone = {"scores": [10, 4, 10, 4], "winners": [0]}  # one partner named winner: by seats its partner is level with it
    assert margin(alone, "highest") == 0 and margin(alone, "highest", teams) == 6
    apart = {"scores": [6, 1, 4, 2], "winners": [0, 2]}  # partners scored apart: a team's score is the sum of theirs
    assert margin(apart, "highest") == 2 and margin_row([apart], "highest", teams=teams)["mean"] == 7
    assert margin_row([alone], "highest", teams=teams)["by_team"] and "by_team" not in margin_row([alone], "highest")
    ranked = PARTNERS.read_text(encoding="utf-8").splitlines(True)
    ranked = "".join('winners: {highest: "side(p % 2)"}\n' if line.startswith("winners:") else line for line in ranked)
    (tmp_path / "ranked.yaml").write_text(ranked, encoding="utf-8")
    (tmp_path / "seats.yaml").write_text(ranked.replace("teams:", "# teams:"), encoding="utf-8")
    text = format_summary(simulate(load_ruleset(str(tmp_path / "ranked.yaml")), players=4, games=20, seed=1))
    assert "the winning team's lead in score over the best other team" in text and "other seat" not in text, text
    plain = format_summary(simulate(load_ruleset(str(tmp_path / "seats.yaml")), players=4, games=20, seed=1))
    assert "the winner's lead in score over the best other seat" in plain, plain
