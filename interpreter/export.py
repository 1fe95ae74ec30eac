"""Exports of a run's games: CSV, one row per game, for a spreadsheet or pandas."""

from __future__ import annotations

import csv
import json
import os

from .stats import QUALITY
from .summary import ROUND_TALLIES, quality_unmeasured


def game_rows(summary: dict, results) -> list:
    """One flat dict per game: the run's identity, scores per seat, winners, length and quality, and each --tally's value
    (a column `tally EXPR` each), each --tally-rounds' values, one a round (a column `tally-rounds EXPR` each, a JSON
    list); with --max-decisions, a column `cut` (empty for a game that ended, else `decisions` or `steps`: the game was
    cut off, with no winner; its scores are those it had then)."""
    variants = " ".join(summary["variants"])
    agents = " ".join(summary["agents"])
    unmeasured = quality_unmeasured(summary)
    rows = []
    for r in results:
        row = {"run": summary.get("run", ""), "index": r["index"], "seed": r["seed"], "ruleset": summary["ruleset"],
               "ruleset_hash": summary["hash"], "variants": variants, "players": summary["players"], "agents": agents}
        row.update({f"score_{seat}": s for seat, s in enumerate(r["scores"])})
        row["winners"] = " ".join(str(w) for w in r["winners"])
        if "cut" in summary:  # (a column only where the run could cut games: a CSV of another run is as it was)
            row["cut"] = r.get("cut") or ""
        row["decisions"], row["rounds"] = r["decisions"], r["rounds"]
        row["turns"] = "" if r.get("turns") is None else r["turns"]  # (empty: a game saved before turns were counted)
        quality = {} if unmeasured else r.get("quality") or {}  # (a run with no scores: the text says not measured)
        row.update({name: quality.get(name, "") for name in QUALITY})
        tallies = r.get("tallies") or {}
        row.update({f"tally {t['expression']}": cell(tallies.get(t["expression"])) for t in summary.get("tallies") or ()})
        rounds = tallies.get(ROUND_TALLIES) or {}
        row.update({f"tally-rounds {t['expression']}": json.dumps(rounds.get(t["expression"], []))
                    for t in summary.get("round_tallies") or ()})
        rows.append(row)
    return rows


def cell(value):
    """A --tally value in a CSV cell: a word as it is, a number as it is, anything else as JSON (true, null, [1, 2])."""
    return value if isinstance(value, str) or (isinstance(value, (int, float)) and not isinstance(value, bool)) else json.dumps(value)


def write_csv(path, summary: dict, results, more=()) -> None:
    """Write the games as CSV (UTF-8, a header line first); ``more``: further (summary, results) runs of the same file
    (one run per player count), whose rows follow, with as many score columns as the largest run has seats."""
    rows = [row for s, r in [(summary, results), *more] for row in game_rows(s, r)]
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        fields = list(max(rows, key=len)) if rows else ["run", "index", "seed"]  # the most seats: every score column
        writer = csv.DictWriter(handle, fieldnames=fields, restval="")
        writer.writeheader()
        writer.writerows(rows)
