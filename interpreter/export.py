"""Exports of a run's games: CSV, one row per game, for a spreadsheet or pandas."""

from __future__ import annotations

import csv
import os

from .stats import QUALITY


def game_rows(summary: dict, results) -> list:
    """One flat dict per game: the run's identity, scores per seat, winners, length and quality."""
    variants = " ".join(summary["variants"])
    agents = " ".join(summary["agents"])
    rows = []
    for r in results:
        row = {"run": summary.get("run", ""), "index": r["index"], "seed": r["seed"], "ruleset": summary["ruleset"],
               "ruleset_hash": summary["hash"], "variants": variants, "players": summary["players"], "agents": agents}
        row.update({f"score_{seat}": s for seat, s in enumerate(r["scores"])})
        row["winners"] = " ".join(str(w) for w in r["winners"])
        row["decisions"], row["rounds"] = r["decisions"], r["rounds"]
        quality = r.get("quality") or {}
        row.update({name: quality.get(name, "") for name in QUALITY})
        rows.append(row)
    return rows


def write_csv(path, summary: dict, results) -> None:
    """Write the games as CSV (UTF-8, a header line first)."""
    rows = game_rows(summary, results)
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        fields = list(rows[0]) if rows else ["run", "index", "seed"]
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
