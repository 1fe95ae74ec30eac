"""HTML reports with plots (matplotlib, the optional extra 'report'): one page and its PNGs in a folder.

Plots: win share per seat with 95% intervals, score distributions per seat, game length,
and the game-quality measures; for a comparison, every arm side by side, and the table of
paired differences. The page is static: open DIR/index.html in any browser.
"""

from __future__ import annotations

import contextlib
import html
import os

from philtre.dsl.errors import Loc, PhiltreError

from .stats import QUALITY


REPORT_FILES = ("index.html", "win_share.png", "scores.png", "length.png", "quality.png")  # what a report writes


def pyplot():
    """matplotlib's pyplot on a file-only backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig, folder: str, name: str) -> str:
    """Write a figure as a PNG in the folder; return its file name."""
    fig.tight_layout()
    try:
        with _writing(os.path.join(folder, name)):
            fig.savefig(os.path.join(folder, name), dpi=110)
    finally:
        pyplot().close(fig)
    return name


@contextlib.contextmanager
def _writing(path: str):
    """F003 naming ``path`` for a file of the report that cannot be written (made a folder while the games ran)."""
    try:
        yield
    except OSError as exc:
        raise PhiltreError.at(Loc(path), "F003", f"cannot write the report's file: {exc.strerror or exc}",
                              "the games are played and summed up on stdout; give --report a folder that can be written") from None


def plot_win_share(folder, arms) -> str:
    """Bars of each seat's win share per arm, with Wilson 95% intervals and the fair share."""
    plt = pyplot()
    players = arms[0][1]["players"]
    width = 0.8 / len(arms)
    fig, ax = plt.subplots(figsize=(7, 3.6))
    for k, (label, summary, _) in enumerate(arms):
        xs = [s + (k - (len(arms) - 1) / 2) * width for s in range(players)]
        shares = [s["win_share"] for s in summary["seats"]]
        errs = [[max(0.0, v - s["win_share_ci"][0]) for v, s in zip(shares, summary["seats"])],  # an end a float's rounding
                [max(0.0, s["win_share_ci"][1] - v) for v, s in zip(shares, summary["seats"])]]  # put past the share: no bar
        ax.bar(xs, shares, width, yerr=errs, capsize=3, label=label)
    # below 1/players with no-winner games; none for one player (a solo game has no fair share)
    fairs = sorted({summary.get("fair_share", 1 / players) for _, summary, _ in arms} - {None})
    for k, fair in enumerate(fairs):
        ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label="fair share" if k == 0 else None)
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel("win share (95% CI)" if players > 1 else "win rate (95% CI)")
    ax.legend(fontsize="small")
    return _save(fig, folder, "win_share.png")


def plot_scores(folder, arms) -> str:
    """Box plots of final scores per seat, arms side by side."""
    plt = pyplot()
    players = arms[0][1]["players"]
    width = 0.8 / len(arms)
    fig, ax = plt.subplots(figsize=(7, 3.6))
    for k, (label, _, results) in enumerate(arms):
        data = [[r["scores"][s] for r in results] for s in range(players)]
        pos = [s + (k - (len(arms) - 1) / 2) * width for s in range(players)]
        box = ax.boxplot(data, positions=pos, widths=width * 0.9, patch_artist=True, manage_ticks=False)
        colour = f"C{k}"
        for patch in box["boxes"]:
            patch.set_facecolor(colour)
            patch.set_alpha(0.6)
        ax.plot([], [], color=colour, linewidth=6, alpha=0.6, label=label)
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel("final score")
    ax.legend(fontsize="small")
    return _save(fig, folder, "scores.png")


def plot_length(folder, arms) -> str:
    """Histograms of game length in decisions, one outline per arm."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    values = [r["decisions"] for _, _, results in arms for r in results]
    lo, hi = min(values), max(values)
    if hi - lo < 10:  # (nearly) fixed length: widen the axis so the bars read as bars
        lo, hi = lo - 5, hi + 5
    step = max(1, -(-(hi - lo + 1) // 40))  # whole decisions per bin, at most 40 bins
    edges = [lo - 0.5 + k * step for k in range((hi - lo) // step + 2)]
    for label, summary, results in arms:
        ax.hist([r["decisions"] for r in results], bins=edges, histtype="stepfilled", alpha=0.4,
                edgecolor="black", linewidth=0.8, label=f"{label} (mean {summary['decisions_mean']:.1f})")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.legend(fontsize="small")
    return _save(fig, folder, "length.png")


def plot_quality(folder, arms) -> str:
    """The game-quality measures' means with 95% intervals, arms side by side."""
    plt = pyplot()
    names = [q for q in QUALITY if all((s.get("quality") or {}).get(q) is not None for _, s, _ in arms)]  # (null: not measured)
    width = 0.8 / len(arms)
    fig, ax = plt.subplots(figsize=(7, 3.2))
    for k, (label, summary, _) in enumerate(arms):
        xs = [i + (k - (len(arms) - 1) / 2) * width for i in range(len(names))]
        means = [summary["quality"][q]["mean"] for q in names]
        errs = [[max(0.0, m - summary["quality"][q]["ci"][0]) for m, q in zip(means, names)],
                [max(0.0, summary["quality"][q]["ci"][1] - m) for m, q in zip(means, names)]]
        ax.bar(xs, means, width, yerr=errs, capsize=3, label=label)
    ax.set_xticks(range(len(names)), [q.replace("_", " ") for q in names])
    ax.set_ylabel("mean per game (95% CI)")
    ax.legend(fontsize="small")
    return _save(fig, folder, "quality.png")


def _plots(folder, arms) -> list:
    """Every plot of the page, for arms of (label, summary, results): the quality measures' only where some game had a
    score race (the tables leave them out, or say they saw none, where the scores moved only after the last decision)
    between two seats or more (one player has no race)."""
    from .summary import scored_at_the_end

    os.makedirs(folder, exist_ok=True)
    plots = [plot_win_share(folder, arms), plot_scores(folder, arms), plot_length(folder, arms)]
    raced = arms[0][1]["players"] > 1 and not all(scored_at_the_end(r) for _, _, results in arms for r in results)
    if raced:
        return plots + [plot_quality(folder, arms)]
    stale = os.path.join(folder, "quality.png")
    if os.path.isfile(stale) and not os.path.islink(stale):  # an earlier report's, which this page does not show
        os.remove(stale)
    return plots


def _page(folder, title: str, body: str, images) -> str:
    """Write index.html with a title, a body and the images; return its path."""
    figures = "\n".join(f'<figure><img src="{html.escape(i)}" alt="{html.escape(i[:-4])}"></figure>' for i in images)
    text = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
table{{border-collapse:collapse;margin:1rem 0}}td,th{{padding:.2rem .6rem;border-bottom:1px solid #ddd;text-align:right}}
td:first-child,th:first-child{{text-align:left}}pre{{background:#f6f6f6;padding:1rem;overflow-x:auto}}
img{{max-width:100%}}.clear{{font-weight:bold}}</style></head>
<body><h1>{html.escape(title)}</h1>
{body}
{figures}
<p>Definitions of every measure: docs/statistics.md in philtre's source.</p>
</body></html>
"""
    path = os.path.join(folder, "index.html")
    with _writing(path), open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


def simulation_report(folder, summary: dict, results) -> str:
    """A page for one run: its summary and the plots. Returns the page's path."""
    from .summary import ended, format_summary

    label = summary["ruleset"] + "".join(f" + {v}" for v in summary["variants"])
    images = _plots(folder, [(label, summary, ended(results))])  # (the games cut off, --max-decisions, in no plot)
    return _page(folder, f"philtre simulate {label}", f"<pre>{html.escape(format_summary(summary))}</pre>", images)


def _differences_table(report: dict, arm: dict) -> str:
    """One variant's differences as an HTML table (rows whose interval excludes 0 in bold), with the rows, digits and
    notes under it of the text's table."""
    from .compare import excludes_zero, interval_text, signed, arm_notes, base_label, shown_digits, shown_rows

    rows = []
    for row in shown_rows(report, arm):
        digits = shown_digits(row["measure"])
        cls = ' class="clear"' if excludes_zero(row) else ""
        rows.append(f"<tr{cls}><td>{html.escape(row['label'])}</td><td>{row['base']:.{digits}f}</td>"
                    f"<td>{row['variant']:.{digits}f}</td><td>{signed(row['difference'], digits)}</td>"
                    f"<td>{html.escape(interval_text(row, digits))}</td></tr>")
    head = "<tr><th>measure</th><th>base</th><th>variant</th><th>difference</th><th>95% CI (paired)</th></tr>"
    below = "".join(f"<p>{html.escape(line[:1].upper() + line[1:])}</p>" for line in arm_notes(report, arm))
    return f"<h2>{html.escape(base_label(report))} vs {html.escape(arm['label'])}</h2><table>{head}{''.join(rows)}</table>{below}"


def comparison_report(folder, report: dict, results) -> str:
    """A page for a comparison: the stop rule's outcome, a table of differences per variant, the plots."""
    from .compare import at_random_lines, base_label, shown_rows, stop_sentence, too_few_note

    summaries = {"base": report["base"], **{a["label"]: a["summary"] for a in report["arms"]}}
    shown = base_label(report)  # the base arm as the tables name it: its overlays, where it has some
    from .summary import ended

    arms = [(shown if label == "base" else label, summaries[label], ended(res)) for label, res in results]  # (as simulate's)
    images = _plots(folder, arms)
    sentence = stop_sentence(report)
    overlays = (report["base"] or {}).get("variants") or []
    base_arm = f" The base arm is {report['ruleset']} + {' + '.join(overlays)}." if overlays else ""
    intro = (f"<p>{report['players']} players, seed {report['seed']}, agents {html.escape(','.join(report['agents']))}."
             f"{html.escape(base_arm)} {html.escape(sentence[:1].upper() + sentence[1:])}. Rows in bold: the 95% interval "
             "excludes 0.</p>")
    notes = "".join(f"<p>{html.escape(line)}</p>" for line in at_random_lines(report))  # greedy at random: as the text says
    body = intro + notes + "".join(_differences_table(report, a) for a in report["arms"])
    if any(row.get("ci") is None for arm in report["arms"] for row in shown_rows(report, arm)):
        body += f"<p>{html.escape(too_few_note())}</p>"
    return _page(folder, f"philtre compare {report['ruleset']}", body, images)
