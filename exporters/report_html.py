"""report.html: one self-contained page with the paper's table, charts (inline SVG), agreement,
the most disputed items and the response-time analysis, to share with collaborators."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from html import escape
from pathlib import Path

import pandas as pd

from app.results.analysis import StudyAnalysis
from app.results.score_rows import ALL
from app.results.scorers import scorer_for
from app.results.summary import StudyResults
from app.results.units import QuestionGroup
from app.study.loader import LoadedStudy
from app.wording import counted
from exporters.analysis_words import metric_words
from exporters.checklist_render import checklist_section
from exporters.out_folder import out_path
from exporters.report_gaps import gaps_section, quality_section
from exporters.report_mrmc import mrmc_section
from exporters.report_tables import MAX_ROWS, cell_words, party, reader_table, words
from exporters.svg_charts import Bar, bar_chart, scatter_chart

STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em;
       color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: right; }
td { white-space: nowrap; } .wrap td { white-space: normal; } .wrap td, .wrap th { text-align: left; }
th { background: #f2f2f2; } td:first-child, th:first-child { text-align: left; }
.scroll { overflow-x: auto; max-width: 100%; }
summary { cursor: pointer; color: #245; margin: 0.3em 0; }
svg { max-width: 100%; height: auto; }
.banner { background: #fff3cd; border: 1px solid #e0c36b; padding: 0.6em 1em; }
.note { color: #555; font-size: 13px; }
"""
ROW_KINDS = ("tier", "humans", "pooled", "model", "published")


def _table(frame: pd.DataFrame, max_rows: int = MAX_ROWS) -> str:
    return reader_table(frame, max_rows)


def _label(kind: str, who: str, illustrative: bool) -> str:
    return party(kind, who, illustrative)


def _scores_section(results: StudyResults, group: QuestionGroup) -> str:
    scorer = scorer_for(group)
    if scorer is None:
        return ""
    rows = results.scores[(results.scores["question_id"] == group.question_id)
                          & results.scores["who_kind"].isin(ROW_KINDS)]
    overall = rows[(rows["category"] == ALL) & (rows["metric"] == scorer.main)]
    main = metric_words(scorer.main)
    bars = [Bar(_label(k, w, bool(i)), float(v), float(lo), float(hi), k)
            for k, w, v, lo, hi, i in zip(overall["who_kind"], overall["who"], overall["value"],
                                          overall["ci_low"], overall["ci_high"],
                                          overall["illustrative"], strict=True)]
    parts = [f"<h3>{escape(words(group.question_id))} ({escape(group.kind)}): "
             f"{escape(main)}</h3>",
             bar_chart(bars, title=f"{words(group.question_id)}: {main} (95% CI)",
                       axis_label=main)]
    every = rows[rows["category"] == ALL]
    labelled = every.assign(party=[_label(k, w, bool(i)) for k, w, i in zip(
        every["who_kind"], every["who"], every["illustrative"], strict=True)],
        metric=[metric_words(m) for m in every["metric"]])
    table = labelled.pivot_table(index="party", columns="metric", values="value",
                                 aggfunc="first", sort=False)
    table.columns.name = None
    parts.append(_table(table.reset_index()))
    broken = rows[(rows["category"] != ALL) & (rows["metric"] == scorer.main)]
    if not broken.empty:
        cells = broken.assign(cell=[cell_words(c, v) for c, v in zip(
                                  broken["category"], broken["category_value"], strict=True)],
                              party=[_label(k, w, bool(i)) for k, w, i in zip(
                                  broken["who_kind"], broken["who"], broken["illustrative"],
                                  strict=True)])
        wide = cells.pivot_table(index="cell", columns="party", values="value", aggfunc="first",
                                 sort=False)
        wide.columns.name = None
        parts.append(f"<p>{escape(main)} by category:</p>"
                     + _table(wide.reset_index().rename(columns={"cell": "items"})))
    return "\n".join(parts)


def _ratings_section(results: StudyResults) -> str:
    summary = results.rating_summary
    if summary.empty:
        return ""
    parts = ["<h2>Ratings by author group</h2>"]
    primary = {g.spec.group_by for g in results.groups if g.spec.group_by}  # charted; rest: table
    for category, rows in summary[summary["group_by"].isin(primary)
                                  & (summary["rater"] == "humans")].groupby("group_by", sort=False):
        bars = [Bar(f"{words(q)} · {words(g)}", float(m), kind="rating_group")
                for q, g, m in zip(rows["question_id"], rows["group"], rows["mean"], strict=True)]
        parts.append(bar_chart(bars, title=f"Mean human rating per statement and "
                               f"{words(category)}",
                               axis_label="mean rating (N/A excluded)"))
    parts.append(_table(summary))
    return "\n".join(parts)


def _rt_section(results: StudyResults) -> str:
    cats = results.rt_categories
    if results.rt_items.empty:
        return ""
    parts = ["<h2>Response times</h2>",
             '<p class="note">Practice items and time-outs are excluded.</p>']
    corr = results.rt_correlations
    for (question_id, category), rows in cats.groupby(["question_id", "category"], sort=False):
        points = [(float(rt), float(acc), words(v)) for rt, acc, v in zip(
            rows["mean_rt_ms"], rows["model_score"], rows["category_value"], strict=True)]
        if not any(math.isfinite(p[1]) for p in points):
            continue
        match = corr[(corr["question_id"] == question_id) & (corr["category"] == category)
                     & (corr["model"] == "all models (mean)") & (corr["rt_statistic"] == "mean")
                     & (corr["rt_basis"] == "all") & (corr["method"] == "pearson")]
        note = ""
        if not match.empty:
            r, n = float(match["r"].iloc[0]), int(match["n"].iloc[0])
            note = f"Pearson r = {r:.2f}, n = {n}" if math.isfinite(r) else f"n = {n}: too few"
        metric = metric_words(rows["metric"].iloc[0]) if len(rows) else ""
        parts.append(scatter_chart(points, title=f"{words(question_id)}: response time vs "
                                   f"model {metric} by {words(category)}",
                                   x_label="mean human RT (ms)",
                                   y_label=f"model {metric} (mean over models)", note=note))
    parts.append("<h3>Per category</h3>" + _table(cats))
    parts.append("<h3>Correlations</h3>" + _table(corr))
    return "\n".join(parts)


def report_html(loaded: LoadedStudy, results: StudyAnalysis,
                checklist: pd.DataFrame | None = None, simulated: int = 0) -> str:
    study = loaded.study
    illustrative_models = bool(results.scores["illustrative"].fillna(False).astype(bool).any())
    banner = ""
    if study.illustrative or illustrative_models:
        banner = ('<p class="banner"><b>Illustrative.</b> '
                  + ("This is demo content. " if study.illustrative else "")
                  + ("Model scores marked (illustrative) are made up for demonstration, not "
                     "measurements of real models." if illustrative_models else "") + "</p>")
    if simulated:
        banner += (f'<p class="banner"><b>Simulated participants.</b> {simulated} of the '
                   f"{results.n_participants} participants were simulated by Baseline Studio "
                   "(answers drawn at random around the gold answers), not people: their "
                   "scores say nothing about humans.</p>")
    generated = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    sections = [f"<h1>{escape(study.title)}</h1>", banner,
                f'<p class="note">Study {escape(study.id)} version {escape(study.version)}; '
                f"{counted(results.n_participants, 'participant')}"
                + (f" ({simulated} of them simulated, not people)" if simulated else "") + ", "
                f"{counted(results.n_responses, 'response')} in the "
                f"main blocks; generated {generated} by Baseline Studio. Humans and models are "
                "scored on the same items; published scores are not.</p>",
                "<h2>Scores</h2>"]
    sections += [_scores_section(results, g) for g in results.groups]
    sections.append(gaps_section(results, _table))
    sections.append(mrmc_section(results, _table))
    sections.append(_ratings_section(results))
    sections += ["<h2>Agreement between raters</h2>", _table(results.agreement),
                 "<h2>Items raters split on most</h2>", _table(results.disputed, 60)]
    sections.append(_rt_section(results))
    if not results.model_coverage.empty:
        sections += ["<h2>Model coverage</h2>", _table(results.model_coverage)]
    sections.append(quality_section(results, _table))
    if checklist is not None:
        sections.append(checklist_section(checklist, study.reporting.illustrative))
    sections += [f'<p class="note">{escape(n)}</p>' for n in results.notes]
    sections.append('<p class="note">Every number here is also in the CSV files beside this '
                    "report; how each is computed is in Baseline Studio's docs/results.md.</p>")
    body = "\n".join(s for s in sections if s)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{escape(study.title)}: results</title><style>{STYLE}</style></head>"
            f"<body>\n{body}\n</body></html>\n")


def write_report(loaded: LoadedStudy, results: StudyAnalysis, out_dir: Path, *,
                 checklist: pd.DataFrame | None = None, simulated: int = 0) -> list[Path]:
    """`checklist`: checklist.csv's rows (exporters.checklist); `simulated`: how many of the
    participants are simulated."""
    path = out_path(out_dir, "report.html")
    path.write_text(report_html(loaded, results, checklist, simulated), encoding="utf-8")
    return [path]
