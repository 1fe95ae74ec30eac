"""`compare`: a base ruleset against variants, on common random numbers, with a sequential stop.

Every arm (the base, each variant) plays the same game indexes, hence the same game
seeds: the same deals and dice as far as the rules allow. Each measure's difference is a
paired difference per game index, with a Student t interval. Games are played in batches;
after each batch the primary measure (``stop_on``) is tested for every arm, at a level
spent by an O'Brien-Fleming-type alpha-spending function (Lan & DeMets 1983), split
equally between arms; the comparison stops once every arm's difference is clear.
docs/statistics.md gives the details and why the error rate stays below ``alpha``.
"""

from __future__ import annotations

import json
import math
import os
from statistics import NormalDist

from .stats import QUALITY, QUALITY_RANGE, mean_ci, paired_difference
from .summary import agents_mixed, at_random_note, by_team, counted, margin, p_text, partners_summed, percent, scored_at_the_end, scores_all_zero

QUALITY_LABELS = {"lead_changes": "lead changes", "drama": "drama", "decisiveness": "decisiveness", "uncertainty": "uncertainty"}


def measure_names(players: int) -> list:
    """Every measure compared, in display order. One player has none that compares seats: no shared wins, no margin,
    no game quality (a race between seats), and no "no winner" (the win rate's complement)."""
    if players == 1:
        return ["win0", "score0", "length", "rounds", "turns"]
    return ([f"win{s}" for s in range(players)] + [f"score{s}" for s in range(players)]
            + ["ties", "nowinner", "length", "rounds", "turns", "margin"] + list(QUALITY))


def team_measures(names: list, teams) -> list:
    """The measures with the teams' (``teams``: both arms' partnerships, or None): each team's win share after the
    seats', and the games shared between teams after the seats' shared wins."""
    if not teams:
        return names
    last_win = [n for n in names if n.startswith("win")][-1]
    out = []
    for name in names:
        out.append(name)
        if name == last_win:
            out += [f"team{t}" for t in range(len(teams))]
        elif name == "ties":
            out.append("teamties")
    return out


def default_stop_on(players: int, orders) -> str:
    """The measure the stop rule waits for unless --stop-on says: seat 0's win share; with one player the win rate
    where some arm's `winners` expression may name nobody (a goal), else the score, since the one seat wins every game."""
    if players > 1 or "expression" in orders:
        return "win0"
    return "score0"


def may_miss(base, arm, orders) -> bool:
    """Whether one player's win can fail in either arm: a `winners` expression (a goal), or a game with no winner."""
    return "expression" in orders or any(not r["winners"] for r in [*base, *arm])


def solo_label(name: str, goal: bool) -> str:
    """A one-player measure as the table names it: the win rate as reached the goal (or won), the score without its seat."""
    if name == "win0":
        return "reached the goal" if goal else "won"
    return "score" if name == "score0" else measure_label(name)


def measure_label(name: str) -> str:
    """What a measure is called in the table."""
    if name.startswith("win"):
        return f"seat {name[3:]} win share"
    if name == "teamties":
        return "shared by teams"
    if name.startswith("team"):
        return f"team {name[4:]} win share"
    if name.startswith("score"):
        return f"seat {name[5:]} score"
    return ({"ties": "shared wins", "nowinner": "no winner", "length": "length (decisions)", "rounds": "rounds",
             "turns": "turns", "margin": "margin (points)"}.get(name)
            or QUALITY_LABELS[name])


def measure_values(results, name: str, order: str | None = None, teams=None) -> list:
    """One number per game for a measure (results in index order); for the margin, None where a game has none
    (``order``: the ruleset's ranking, `highest` or `lowest`; ``teams``: the partnerships, for a team's measures)."""
    if name == "margin":  # (by teams where they are declared, as simulate's: summary.margin)
        summed = partners_summed(results, teams)
        return [margin(r, order, teams, summed) for r in results]
    if name.startswith("team"):  # a game's team is that of its winners, shared where they are of several (summary.by_team)
        won = by_team(results, teams)
        if name == "teamties":
            return [1.0 if len(r["winners"]) > 1 else 0.0 for r in won]
        team = int(name[4:])
        return [1 / len(r["winners"]) if team in r["winners"] else 0.0 for r in won]
    if name.startswith("win"):
        seat = int(name[3:])
        return [1 / len(r["winners"]) if seat in r["winners"] else 0.0 for r in results]
    if name.startswith("score"):
        seat = int(name[5:])
        return [float(r["scores"][seat]) for r in results]
    if name == "ties":
        return [1.0 if len(r["winners"]) > 1 else 0.0 for r in results]
    if name == "nowinner":
        return [0.0 if r["winners"] else 1.0 for r in results]
    if name == "length":
        return [float(r["decisions"]) for r in results]
    if name == "rounds":
        return [float(r["rounds"]) for r in results]
    if name == "turns":  # (None: a game saved before turns were counted)
        return [None if r.get("turns") is None else float(r["turns"]) for r in results]
    return [float((r.get("quality") or {}).get(name, 0.0)) for r in results]


def both_ended(base, arm) -> tuple:
    """The games (same seeds, index by index) that ended in both arms: a game either arm cut off (--max-decisions) has no
    outcome to compare, so the pair is left out of every difference."""
    if not any(r.get("cut") for r in base) and not any(r.get("cut") for r in arm):
        return base, arm
    pairs = [(x, y) for x, y in zip(base, arm) if not x.get("cut") and not y.get("cut")]
    return [x for x, _ in pairs], [y for _, y in pairs]


def paired_values(base, arm, name: str, orders=(None, None), teams=None) -> tuple:
    """A measure's values in both arms, game by game, in the games both ended; for the margin, the games where both
    arms have one."""
    base, arm = both_ended(base, arm)
    a, b = measure_values(base, name, orders[0], teams), measure_values(arm, name, orders[1], teams)
    if name in ("margin", "turns"):
        pairs = [(x, y) for x, y in zip(a, b) if x is not None and y is not None]
        a, b = [x for x, _ in pairs], [y for _, y in pairs]
    return a, b


def spent(t: float, alpha: float) -> float:
    """O'Brien-Fleming-type alpha spending: the share of alpha used by information fraction t."""
    if t <= 0:
        return 0.0
    t = min(t, 1.0)
    z = NormalDist().inv_cdf(1 - alpha / 2)
    # 2 * (1 - cdf(x)) cancels to 0 above x = 8.3 (early looks): both tails of the normal by erfc, exact to tiny levels
    return math.erfc(z / math.sqrt(2 * t))


def looks(max_games: int, batch: int) -> list:
    """Game counts at which the stop rule is checked: every batch, and at the end."""
    points = list(range(batch, max_games, batch))
    return points + [max_games]


MIN_PAIRED_GAMES = 20  # paired games before a difference has an interval or may count as clear: a t test of a few 0/1
# outcomes is not to be trusted (2 games that both moved a win to seat 0 read [+1.000, +1.000] *)


def difference_bound(name: str) -> float:
    """How far apart two arms' means of a measure can be: 1 for a share or a 0..1 measure, else unbounded."""
    if name.startswith(("win", "team")) or name in ("ties", "nowinner") or QUALITY_RANGE.get(name) == (0, 1):
        return 1.0
    return math.inf


def differences(base, arm, players: int, orders=(None, None), teams=None) -> list:
    """Each measure: base mean, variant mean, paired difference with its 95% interval and p-value, and the paired games.

    The interval is cut where the difference cannot go (-1 and 1 for a 0..1 measure), as a
    run's intervals are cut at the measure's own range. Below ``MIN_PAIRED_GAMES`` paired games
    of a measure there is no interval and no p (None): a few 0/1 outcomes that all differ
    alike give a t interval of width 0 and p = 0. ``teams``: the partnerships both arms declare, whose measures
    are added (``team_measures``)."""
    rows = []
    base, arm = both_ended(base, arm)
    no_race = all(map(scored_at_the_end, base)) and all(map(scored_at_the_end, arm))
    goal = players == 1 and may_miss(base, arm, orders)
    for name in team_measures(measure_names(players), teams):
        a, b = paired_values(base, arm, name, orders, teams)
        if not a or (name in ("nowinner", "rounds", "turns") and not any(a) and not any(b)):  # shown only where a game had one
            continue
        if no_race and name in QUALITY:  # scores that move only after the last decision: no race to compare
            continue
        if players == 1 and name == "win0" and not goal:  # one seat ranked alone wins every game: 1 against 1
            continue
        d = paired_difference(a, b)
        bound = difference_bound(name)
        ci = [max(-bound, d["ci"][0]), min(bound, d["ci"][1])] if d["n"] >= MIN_PAIRED_GAMES else None
        # each arm's mean exact, as a run's summary keeps it: the text rounds it once, so compare and simulate print
        # the same digits; sd 0 with a mean of 0 is a difference of 0 in every paired game
        label = solo_label(name, goal) if players == 1 else measure_label(name)
        rows.append({"measure": name, "label": label, "base": mean_ci(a)["mean"], "variant": mean_ci(b)["mean"],
                     "difference": d["mean"], "sd": d["sd"], "ci": ci, "p": d["p"] if ci is not None else None,
                     "games": d["n"]})
    return rows


def shown_digits(name: str) -> int:
    """Decimals a measure is printed with: shares and game quality 3, points and lengths 2."""
    return 3 if name.startswith(("win", "team")) or name in ("ties", "nowinner") + QUALITY else 2




class SequentialTest:
    """The stop rule: at each look, each arm's primary difference is tested at its share of the spent alpha."""

    def __init__(self, measure: str | None, alpha: float, max_games: int, arms: int, orders=None, same=(), teams=None):
        self.measure, self.alpha, self.max_games, self.arms = measure, alpha, max_games, arms
        self.teams = teams or {}  # each arm's label -> the partnerships it and the base declare alike, for the margin
        self.same = set(same)  # arms whose games are the base's (agents.same_games): no difference to wait for
        self.orders = orders or {}  # "base" and each arm's label -> its ranking, for the margin
        self.last_t = 0.0
        self.clear = {}  # arm label -> the look (games) at which its difference became clear
        self.history = []

    def check(self, games: int, base, arms: dict) -> bool:
        """Test at ``games`` per arm; True when every arm's difference is clear (time to stop)."""
        if self.measure is None:
            return False
        t = games / self.max_games
        level = (spent(t, self.alpha) - spent(self.last_t, self.alpha)) / self.arms
        self.last_t = t
        look = {"games": games, "level": level, "p": {}}
        for label, results in arms.items():
            if label in self.same:
                continue
            a, b = paired_values(base, results, self.measure, (self.orders.get("base"), self.orders.get(label)),
                                 self.teams.get(label))
            p = paired_difference(a, b)["p"] if a else 1.0
            look["p"][label] = p
            # strictly below: a level of 0 (an early look, rounded) stops nothing, nor does p = 0
            # from a handful of identical differences (MIN_PAIRED_GAMES of the measure: the margin's are fewer than the games)
            if label not in self.clear and len(a) >= MIN_PAIRED_GAMES and p < level:
                self.clear[label] = games
        self.history.append(look)
        return all(label in self.clear or label in self.same for label in arms)


def comparison(base_summary, arm_summaries: dict, base, arms: dict, players: int, test: SequentialTest, games: int, max_games: int,
               orders=None) -> dict:
    """The comparison as plain data: arms, differences per measure, and how the stop rule went."""
    # every game of every arm won by all seats together or by none: say so, as simulate does
    team = bool(base_summary.get("team_game")) and all(s.get("team_game") for s in arm_summaries.values())
    report = {
        "ruleset": base_summary["ruleset"], "players": players, "seed": base_summary["seed"], "agents": base_summary["agents"],
        "games": games, "max_games": max_games, "stopped_early": games < max_games,
        "stop_on": test.measure, "alpha": test.alpha, "looks": test.history, "clear": test.clear,
        "same": [label for label in arms if label in test.same],  # (in the arms' order)
        "team_game": team, "base": base_summary,
        # each arm's ranking by label ("base" for the base), for the note of a margin row left out
        "rankings": dict(orders or {}),
        "arms": [{"label": label, "summary": arm_summaries[label],
                  "differences": differences(base, results, players, ((orders or {}).get("base"), (orders or {}).get(label)),
                                             shared_teams(base_summary, arm_summaries[label]))}
                 for label, results in arms.items()],
    }
    if team:
        for arm in report["arms"]:
            for row in arm["differences"]:
                if row["measure"] == "ties":
                    row["label"] = "won together"
    return report


def shared_teams(base_summary: dict, arm_summary: dict) -> list | None:
    """The partnerships both arms declare alike (a list of lists of seats), whose measures are compared; None where
    either declares none, or they differ (a team of one arm is no team of the other)."""
    teams = [((s.get("teams") or {}).get("teams") or None) for s in (base_summary, arm_summary)]
    if not all(teams):
        return None
    seats = [[t["seats"] for t in arm] for arm in teams]
    return seats[0] if seats[0] == seats[1] else None


def arm_label(overlays) -> str:
    """An arm as the tables name it: its overlays joined by '+', each by its name or a file's name without folder and extension."""
    return "+".join(os.path.splitext(os.path.basename(v))[0] if v.endswith((".yaml", ".yml")) or os.sep in v else v
                    for v in overlays)


def arm_labels(base_overlays, arms) -> list:
    """The labels of the base arm and of each arm (each a list of overlays as given), all distinct.

    An arm is named by ``arm_label`` unless another arm has that name too (``a/x.yaml`` and ``b/x.yaml``) or the
    name is ``base`` (a file ``base.yaml``), which is the plain base's: then by its overlays as given (a/x.yaml)."""
    every = [list(base_overlays), *map(list, arms)]
    short = [arm_label(overlays) if overlays else "base" for overlays in every]
    labels = []
    for i, overlays in enumerate(every):
        label = short[i]
        if overlays and (label == "base" or short.count(label) > 1):
            label = "+".join(overlays)
        while label in labels:  # as given, yet another arm's name (a shipped variant called 'base'): told apart by a prime
            label += "'"
        labels.append(label)
    return labels


def base_label(report: dict) -> str:
    """The base arm as the tables name it: 'base', or its overlays (`compare --base-variant`), as ``arm_labels`` names it."""
    arms = [(a.get("summary") or {}).get("variants") or [a["label"]] for a in report.get("arms") or []]
    return arm_labels((report.get("base") or {}).get("variants") or [], arms)[0]


def signed(x: float, digits: int) -> str:
    """A difference with its sign always shown."""
    return f"{x:+.{digits}f}"


def format_comparison(report: dict) -> str:
    """The comparison as tables: one per variant, each measure's base, variant, difference and interval."""
    lines = [f"{report['ruleset']}: {counted(report['players'], 'player')}, seed {report['seed']}, agents {','.join(report['agents'])}"]
    if (report.get("base") or {}).get("variants"):  # two house rules compared with each other
        lines[0] += f"; the base arm is {report['ruleset']} + {' + '.join(report['base']['variants'])}"
    lines.append(stop_sentence(report))
    lines += at_random_lines(report)
    for arm in report["arms"]:
        lines += ["", f"{base_label(report)} vs {arm['label']} ({report['games']} paired games: the same seeds)",
                  *cut_pairs_lines(report, arm),
                  f"  {'measure':<22} {'base':>9} {'variant':>9} {'difference':>11}  95% CI (paired)"]
        for row in shown_rows(report, arm):
            digits = shown_digits(row["measure"])
            mark = " *" if excludes_zero(row) else ""
            lines.append(f"  {row['label']:<22} {row['base']:>9.{digits}f} {row['variant']:>9.{digits}f} "
                         f"{signed(row['difference'], digits):>11}  {interval_text(row, digits):<22}{mark}".rstrip())
        lines += [f"  {line}" for line in arm_notes(report, arm)]
    lines += ["", "* the 95% interval excludes 0 (each measure on its own; see docs/statistics.md in philtre's source)"]
    if any(row.get("ci") is None for arm in report["arms"] for row in shown_rows(report, arm)):
        lines.append(too_few_note())
    return "\n".join(lines + compared_tally_lines(report))


def cut_pairs_lines(report: dict, arm: dict) -> list:
    """Where --max-decisions cut games off in either arm: how many of each, and that their pairs are in no row (the rows'
    games, in --json, count the pairs left)."""
    base, other = report.get("base") or {}, arm.get("summary") or {}
    if not base.get("cut") and not other.get("cut"):
        return []
    cap = base.get("max_decisions")
    after = f" after {cap:,} decisions" if cap is not None else ""
    return [f"  (cut{after}: {base.get('cut', 0)} games of the base, {other.get('cut', 0)} of {arm['label']}; a pair with "
            "either game cut is in no row below)"]


def compared_tally_lines(report: dict) -> list:
    """Each --tally side by side: per value, its share of each arm's games (most common in the base first, the rest
    folded into "other" past TALLY_ROWS rows), and the numbers' mean in each arm; each share's interval is in --json.
    Past TALLY_NUMBERS distinct numbers over the arms, as simulate's text does, the numbers are one row (none where every
    value is a number) and each arm's least, quartiles and greatest are rows of their own, side by side. Then each
    --tally-rounds alike, its shares of each arm's rounds, with a row of how many rounds each arm tallied."""
    from .summary import TALLY_NUMBERS, TALLY_ROWS, _a_number, plain, tally_value_text

    base = report.get("base") or {}  # (a report made by hand may have none)
    if not base.get("tallies") and not base.get("round_tallies"):
        return []
    summaries = [base, *(arm["summary"] for arm in report["arms"])]
    labels = [base_label(report), *(arm["label"] for arm in report["arms"])]
    lines = []
    for key, i, tally in [*(("tallies", i, t) for i, t in enumerate(base.get("tallies") or ())),
                          *(("round_tallies", i, t) for i, t in enumerate(base.get("round_tallies") or ()))]:
        arms = [s[key][i] for s in summaries]
        shares = [{json.dumps(v["value"], sort_keys=True): v["share"] for v in t["values"]} for t in arms]
        values = {json.dumps(v["value"], sort_keys=True): v["value"] for t in arms for v in t["values"]}
        order = list(values)
        numbers = [key for key in order if _a_number(values[key])]
        spread = len(numbers) > TALLY_NUMBERS and all("quartiles" in t["numbers"] for t in arms if t.get("numbers"))
        if spread:  # (older summaries have no quartiles: a table as before)
            kept = [key for key in order if key not in set(numbers)]
            folded = [(f"a number ({len(numbers)} values)", numbers)] if kept else []
        elif len(order) > TALLY_ROWS:
            kept, rest = order[:TALLY_ROWS - 1], order[TALLY_ROWS - 1:]
            folded = [(f"other ({len(rest)} values)", rest)]
        else:
            kept, folded = order, []
        rows = [(tally_value_text(values[key]), [percent(s.get(key, 0.0)) for s in shares]) for key in kept]
        rows += [(name, [percent(sum(s.get(key, 0.0) for key in keys)) for s in shares]) for name, keys in folded]
        if spread:
            for name, at in (("min", "min"), ("lower quartile", 0), ("median", 1), ("upper quartile", 2), ("max", "max")):
                rows.append((name, [plain(t["numbers"]["quartiles"][at] if isinstance(at, int) else t["numbers"][at])
                                    if t.get("numbers") else "-" for t in arms]))
        if any(t.get("numbers") for t in arms):
            rows.append(("mean", [f"{t['numbers']['mean']:.2f}" if t.get("numbers") else "-" for t in arms]))
        at = f"each arm's {report['games']} games"
        if key == "round_tallies":  # (each arm's rounds are its own: how many is a row)
            rows.append(("rounds", [str(t["rounds"]) for t in arms]))
            at = f"each arm's rounds in its {report['games']} games"
        width = max([5] + [len(text) for text, _ in rows])
        widths = [max(7, len(label)) for label in labels]
        said = f"; {len(numbers)} numbers, each one's share in --json" if spread else "; 95% intervals in --json"
        end = "game's" if key == "tallies" else "round's"
        lines += ["", f"tally {tally['expression']} (at each {end} end, share of {at}{said}):",
                  f"  {'value' if kept or folded else '':<{width}}" + "".join(f"  {label:>{w}}" for label, w in zip(labels, widths))]
        lines += [f"  {text:<{width}}" + "".join(f"  {cell:>{w}}" for cell, w in zip(cells, widths)) for text, cells in rows]
    return lines


def too_few_note() -> str:
    """The footnote of a table with a row that has no interval."""
    return f"{TOO_FEW}: fewer than {MIN_PAIRED_GAMES} paired games of that measure, too few for an interval or a mark"


def no_margin_reason(report: dict, arm: dict) -> str:
    """Why an arm's table has no margin row: a `winners` expression in either arm has none at all (not a matter of the
    games played), else no game of both arms had a winner ahead of another seat."""
    rankings = report.get("rankings") or {}  # none where comparison() was given no orders
    by_expression = [who for who, label in (("the base's", "base"), ("the variant's", arm["label"]))
                     if rankings.get(label) == "expression"]
    if by_expression:
        whose = "the" if len(by_expression) == 2 else by_expression[0]
        return f"{whose} winners are chosen by an expression, not a highest/lowest ranking, which the margin needs"
    return "in no game did both arms have a winner ahead of another seat"


def arm_notes(report: dict, arm: dict) -> list:
    """The lines under an arm's table, as the text and the --report page give them: the seats' balance, and why a row
    is missing or reads oddly."""
    lines = []
    balance = balance_line(report, arm)
    if balance:
        lines.append(balance)
    if report["players"] > 1 and not report.get("team_game") and arm["differences"] \
            and not any(row["measure"] == "margin" for row in arm["differences"]):
        lines.append(f"(no margin row: {no_margin_reason(report, arm)})")
    if report.get("team_game"):
        lines.append(f"(no win-share rows: in every game of both arms the winners were all the seats or none, so each "
                     f"seat's share is won together / {report['players']}; they are in --json)")
    if no_score_rows(report, arm):
        rows = "score or margin rows" if any(row["measure"] == "margin" for row in arm["differences"]) else "score rows"
        lines.append(f"(no {rows}: every seat ended every game of both arms with a score of 0; they are in --json)")
    if report["players"] == 1:
        lines.append("(one player: no shared wins, margin, seat balance or game quality, which compare seats"
                     + (")" if any(row["measure"] == "win0" for row in arm["differences"])
                        else "; no win row: the one seat, ranked alone, won every game of both arms)"))
    elif arm["differences"] and not any(row["measure"] in QUALITY for row in arm["differences"]):
        lines.append("(no game-quality rows: in every game of both arms the scores did not move before the last decision, "
                     "or there was none)")
    else:
        lines += _no_race_lines(report, arm)
    return lines


def _no_race_lines(report: dict, arm: dict) -> list:
    """A note where one arm's games mostly had no score race (scored after their last decision) while the rows are shown:
    its drama and lead changes of 0, decisiveness of 1, are no measure of a race, though they differ from the other arm's
    (simulate says so under its own table)."""
    arms = (("base", report.get("base") or {}), ("variant", arm.get("summary") or {}))
    late = [(which, summary.get("scored_at_the_end") or 0) for which, summary in arms]
    said = [f"in {percent(share, 0)} of the {which}'s games" for which, share in late if share >= 0.5]
    if not said or not any(row["measure"] in QUALITY for row in arm["differences"]):
        return []
    return [f"(game quality: {' and '.join(said)} the scores did not move before the last decision: these measures "
            "follow a score race, and those games had none, so their differences say so, not how a race changed)"]


def shown_rows(report: dict, arm: dict) -> list:
    """An arm's rows as the table prints them: in a team game without the seats' win shares, which only repeat
    the won-together row divided by the seats, and without the seats' scores and the margin where every score was 0
    in both arms (rows of 0.00 and +0.00; the JSON keeps them all)."""
    team, scoreless = report.get("team_game"), no_score_rows(report, arm)
    # with teams, every game partners win reads as a tie between seats: the games shared by teams say what it meant
    by_teams = any(row["measure"] == "teamties" for row in arm["differences"])
    return [row for row in arm["differences"]
            if not (team and row["measure"].startswith(("win", "team")))
            and not (scoreless and (row["measure"].startswith("score") or row["measure"] == "margin"))
            and not (by_teams and row["measure"] == "ties")]


def no_score_rows(report: dict, arm: dict) -> bool:
    """Whether an arm's table leaves the seats' score rows out: several seats, and every seat ended every game of both
    arms with a score of 0 (a game won by an expression or on the board; one player is judged by the score, kept)."""
    base, summary = report.get("base") or {}, arm.get("summary") or {}
    return report["players"] > 1 and any(row["measure"].startswith("score") for row in arm["differences"]) \
        and scores_all_zero(base) and scores_all_zero(summary)


TOO_FEW = "(too few games)"  # printed where a row has no interval (fewer than MIN_PAIRED_GAMES paired games)


def interval_text(row: dict, digits: int) -> str:
    """A row's interval as printed, with the digits a bound that excludes 0 needs; TOO_FEW where it has none."""
    if row.get("ci") is None:
        return TOO_FEW
    lo, hi = row["ci"]
    shown = digits
    while excludes_zero(row) and shown < 6 and (abs(lo) if lo > 0 else abs(hi)) < 0.5 * 10 ** -shown:
        shown += 1  # a bound that excludes 0 is not printed as +0.00
    return f"[{signed(lo, shown)}, {signed(hi, shown)}]"


def at_random_lines(report: dict) -> list:
    """A note per set of seats whose agent played at random in every game of the same arms, for the same cause
    (docs/agents.md#greedy): a greedy seat whose look-aheads all failed is told so per arm, as simulate says it."""
    arms = {base_label(report): report.get("base") or {}, **{a["label"]: a.get("summary") or {} for a in report["arms"]}}
    labels_of: dict = {}  # (seat, its look-aheads' failures as the note gives them, whether the arm declares a
    # heuristic) -> the arms where it played at random
    for label, summary in arms.items():
        failed = {int(seat): _failed_as_said(counts) for seat, counts in (summary.get("greedy_failed") or {}).items()}
        for seat in summary.get("greedy_at_random") or ():  # older reports lack it
            labels_of.setdefault((seat, failed.get(seat), summary.get("heuristic", False)), []).append(label)
    seats_of: dict = {}
    for (seat, failed, heuristic), labels in labels_of.items():
        seats_of.setdefault((tuple(labels), failed, heuristic), []).append(seat)
    return [at_random_note(seats, " in every game of " + ("every arm" if len(labels) == len(arms) else ", ".join(labels)),
                           report.get("agents"), {seat: failed for seat in seats} if failed else None, heuristic)
            for (labels, failed, heuristic), seats in seats_of.items()]


def _failed_as_said(counts) -> tuple:
    """A seat's [look-aheads failed, decisions at random] as its note tells them: failed at each decision says no count,
    so arms that differ only in how many decisions they had share one note."""
    failed, blind = counts
    return (1, 1) if failed == blind else (failed, blind)


def balance_line(report: dict, arm: dict) -> str | None:
    """The seat balance of the base and of a variant (is the house rule fair on its own?), or None where it is not tested;
    the team balance where both arms declare teams."""
    summaries = report.get("base") or {}, arm.get("summary") or {}
    unit = "team" if all(s.get("teams") for s in summaries) else "seat"
    balances = [(s.get("teams") or {}).get("balance") if unit == "team" else s.get("seat_balance") for s in summaries]
    if not all(balances):
        return None
    def p(balance):  # a few games have an exact p (statistics.md)
        return ("exact " if balance.get("exact") else "") + p_text(balance["p"])
    return (f"{unit} balance (chi-square test that every {unit} wins equally often): base {p(balances[0])}, "
            f"variant {p(balances[1])}" + (f" (below 0.05: the variant's {unit}s do not all win equally often)"
                                                      if balances[1]["p"] < 0.05 else "")
            + (f"; {agents_mixed(unit)}" if any(b.get("agents_differ") for b in balances) else ""))


def stop_sentence(report: dict) -> str:
    """How the sequential test went, in one line."""
    measure = report["stop_on"]
    if measure is None:
        return f"{report['games']} games per arm (no early stop)"
    label = measure_label(measure)
    if report.get("team_game") and measure.startswith("win"):  # each seat's share is won together / players: the same test
        label = "games won together"
    if report.get("players") == 1:  # as the table names it: one player's win rate is 'reached the goal' (or 'won')
        label = next((row["label"] for arm in report["arms"] for row in arm["differences"] if row["measure"] == measure),
                     solo_label(measure, False))
    # an arm whose rules are the base's (same content hash, and heuristic where an agent reads it) plays the base's games:
    # nothing can become clear
    same = report.get("same") or []
    nothing = f"{', '.join(same)} {'changes' if len(same) == 1 else 'change'} no rule of the base: every difference is 0"
    if report["stopped_early"]:
        head = f"stopped after {report['games']} of {report['max_games']} games per arm: "
        if len(same) == len(report["arms"]):
            return head + nothing
        return (head + f"the difference in {label} is clear for every {'other ' if same else ''}variant (sequential test, "
                f"alpha {report['alpha']})" + (f"; {nothing}" if same else ""))
    unclear = [a for a in report["arms"] if a["label"] not in report["clear"] and a["label"] not in same]
    # a measure no game of both arms has (the margin where every game is a shared win) is not unclear: it is not there
    absent = [a["label"] for a in unclear if not any(row["measure"] == measure for row in a["differences"])]
    # another content hash, yet every paired difference 0 (an overlay whose change no rule reads): not unclear for want of
    # games as far as the games show; more games are played, for a difference that is rare may yet appear
    alike = [a["label"] for a in unclear if _all_zero(a["differences"])]
    zero = [a["label"] for a in unclear if a["label"] not in alike and _all_zero(r for r in a["differences"] if r["measure"] == measure)]
    unclear = [a["label"] for a in unclear if a["label"] not in absent + alike + zero]
    said = ([f"the difference in {label} is not clear for {', '.join(unclear)} (sequential test, alpha {report['alpha']})"]
            if unclear else [])
    said += ([f"the difference in {label} is not clear for {', '.join(alike)}: every paired game so far ended alike (each difference 0)"]
             if alike else [])
    said += ([f"the difference in {label} is not clear for {', '.join(zero)}: it was 0 in every paired game so far"] if zero else [])
    if report.get("team_game"):  # a cooperative game whose shared result never moved: tell what did (the rows marked *)
        said += [f"what changed for {a['label']} (rows marked *): {changed}" for a in report["arms"]
                 if a["label"] in zero and (changed := changed_rows(a["differences"]))]
    starred = [a["label"] for a in report["arms"] if a["label"] in unclear
               and any(row["measure"] == measure and excludes_zero(row) for row in a["differences"])]
    if starred:  # the table's * for the same measure reads as the opposite verdict unless told apart
        said += [f"its row is marked * for {', '.join(starred)}: that interval, taken on its own, excludes 0, but the "
                 f"sequential test allows for having looked after every batch and needs more games (raise --games)"]
    said += [f"{label} is not measured for {', '.join(absent)} (no game of both arms has it): choose another --stop-on"] if absent else []
    said += [nothing] if same else []
    if said:
        return f"all {report['games']} games per arm played: {'; '.join(said)}"
    return f"all {report['games']} games per arm played: the difference in {label} became clear at the last look"


def changed_rows(rows) -> str:
    """The rows marked * other than the seats' win shares, each with its difference and interval ('' if none); the
    seats' score rows as one, 'every seat's score', where they are all marked and all alike (a shared score)."""
    marked = [row for row in rows if excludes_zero(row) and not row["measure"].startswith("win")]
    scores = [row for row in rows if row["measure"].startswith("score")]
    first = scores[0] if scores else None
    if len(scores) > 1 and all(row in marked and (row["difference"], row["ci"]) == (first["difference"], first["ci"]) for row in scores):
        marked = [dict(first, label="every seat's score")] + [row for row in marked if row not in scores]
    return ", ".join(f"{row['label']} {signed(row['difference'], shown_digits(row['measure']))} "
                     f"{interval_text(row, shown_digits(row['measure']))}" for row in marked)


def _all_zero(rows) -> bool:
    """Whether there are rows and each is a difference of exactly 0 in every paired game (mean 0, and sd 0 or, in a
    report without it, the interval [0, 0])."""
    rows = list(rows)
    return bool(rows) and all(row["difference"] == 0 and (row["sd"] == 0 if "sd" in row else list(row["ci"]) == [0, 0])
                              for row in rows)


def excludes_zero(row: dict) -> bool:
    """Whether a row's interval excludes 0 (the table marks it with *); a row too few games for one has no mark."""
    return row.get("ci") is not None and (row["ci"][0] > 0 or row["ci"][1] < 0)


def run_comparison(base_spec, arm_specs: dict, max_games: int, batch: int = 200, stop_on: str | None = "default",
                   alpha: float = 0.05, workers=1, backend: str = "local", db=None, resume: bool = False,
                   progress=None, address=None, on_loaded=None) -> tuple:
    """Play base and variants batch by batch on the same seeds until the stop rule or ``max_games``; (report, results).
    ``stop_on`` "default" is ``default_stop_on``'s measure; None never stops early."""
    from .agents import same_games
    from .runs import Session, open_store
    from .store import run_key
    from .summary import summarise

    specs = [base_spec, *arm_specs.values()]
    base_key = run_key(base_spec)
    arm_keys = {label: run_key(spec) for label, spec in arm_specs.items()}
    orders = {label: getattr(spec.ruleset.winners, "order", None) for label, spec in [("base", base_spec), *arm_specs.items()]}
    same = [label for label, spec in arm_specs.items() if same_games(spec.ruleset, base_spec.ruleset, spec.agents)]
    if stop_on == "default":
        stop_on = default_stop_on(base_spec.players, orders.values())
    from .summary import teams_of

    base_teams = teams_of(base_spec.ruleset, base_spec.players)  # (the margin the stop rule tests is the table's: by teams)
    teams = {label: base_teams for label, spec in arm_specs.items() if teams_of(spec.ruleset, spec.players) == base_teams}
    test = SequentialTest(stop_on, alpha, max_games, len(arm_specs), orders, same, teams)
    with Session(specs, open_store(db), backend, workers, address, progress=progress) as session:
        loaded = session.prepare(max_games, resume)
        if on_loaded is not None:
            on_loaded(loaded, max_games * len(specs), session.store.replaced, session.store.path,
                      session.store.replaced_recently, session.store.tallied_apart)
        games = max_games
        for n in looks(max_games, batch):
            session.play(n)
            base = session.ordered(base_key, n)
            arms = {label: session.ordered(key, n) for label, key in arm_keys.items()}
            if test.check(n, base, arms) and n < max_games:
                games = n
                break
        base = session.ordered(base_key, games)
        arms = {label: session.ordered(key, games) for label, key in arm_keys.items()}

    def summary(spec, results, key):
        """One arm's summary."""
        return summarise(spec.ruleset, spec.players, spec.seed, list(spec.agents), results, run=key,
                         max_decisions=spec.max_decisions)

    base_summary = summary(base_spec, base, base_key)
    arm_summaries = {label: summary(arm_specs[label], arms[label], arm_keys[label]) for label in arm_specs}
    report = comparison(base_summary, arm_summaries, base, arms, base_spec.players, test, games, max_games, orders)
    return report, [("base", base), *arms.items()]
