"""The report's *Human vs model* section: per question group a forest plot of every gap with
its CI (significant after Holm marked), the gaps and the model-among-the-raters tables, then
the quality rules: how many each excludes, what was applied, and the sensitivity table."""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape

import pandas as pd

from app.results.analysis import StudyAnalysis
from app.results.score_rows import ALL
from exporters.analysis_words import interval_words, metric_words, significance_tests
from exporters.report_tables import cell_words, party, words
from exporters.svg_forest import Gap, forest_chart

Table = Callable[[pd.DataFrame], str]
ALPHA = 0.05


def gap_label(category: str, value: str, human: str, model: str, illustrative: bool) -> str:
    cell = "all items" if category == ALL else words(value)
    return f"{cell} · {words(human)} − {model}" + (" (illustrative)" if illustrative else "")


def _marks(rows: pd.DataFrame) -> list[Gap]:
    decided = rows["significant"] if "significant" in rows else ["yes"] * len(rows)
    return [Gap(gap_label(c, v, h, m, bool(i)), float(d), float(lo), float(hi),
                significant(float(p)) and s == "yes")
            for c, v, h, m, i, d, lo, hi, p, s in zip(
                rows["category"], rows["category_value"], rows["human"], rows["model"],
                rows["illustrative"], rows["difference"], rows["ci_low"], rows["ci_high"],
                rows["p_holm"], decided, strict=True)]


def significant(p_holm: float) -> bool:
    return math.isfinite(p_holm) and p_holm < ALPHA


def gaps_table(rows: pd.DataFrame) -> pd.DataFrame:
    """gaps.csv's rows as a reader's table: the difference with its interval in one column."""
    def interval(lo: float, hi: float) -> str:
        return f"[{lo:.3f}, {hi:.3f}]" if math.isfinite(lo) and math.isfinite(hi) else ""
    return pd.DataFrame({
        "items over": [cell_words(c, v) for c, v in zip(rows["category"], rows["category_value"],
                                                         strict=True)],
        "human party": [party(k, h) for k, h in zip(rows["human_kind"], rows["human"],
                                                    strict=True)],
        "model": [f"{m} (illustrative)" if bool(i) else str(m)
                  for m, i in zip(rows["model"], rows["illustrative"], strict=True)],
        "human score": rows["human_value"].astype(float).to_numpy(),
        "model score": rows["model_value"].astype(float).to_numpy(),
        "difference": rows["difference"].astype(float).to_numpy(),
        "95% CI": [interval(float(lo), float(hi))
                   for lo, hi in zip(rows["ci_low"], rows["ci_high"], strict=True)],
        "p": rows["p_value"].astype(float).to_numpy(),
        "p (Holm)": rows["p_holm"].astype(float).to_numpy(),
        "n_items": rows["n_items"].to_numpy(), "n_raters": rows["n_raters"].to_numpy()})


def gaps_section(tables: StudyAnalysis, table: Table) -> str:
    gaps = tables.gaps
    methods = "; ".join(interval_words(gaps) + significance_tests(gaps))
    parts = ["<h2>Human vs model</h2>",
             '<p class="note">Difference = human score − model score on the same items, with '
             "its 95% confidence interval (none where a cell has too little data); * and "
             "filled: Holm-adjusted p &lt; 0.05 within its Holm family (gaps.csv), and not "
             "within the p's Monte Carlo error of 0.05."
             + (f" Intervals and tests: {escape(methods)}." if methods else "") + "</p>"]
    if gaps.empty:
        parts.append('<p class="note">No model has predictions for the items humans answered.</p>')
    for question_id, rows in gaps.groupby("question_id", sort=False):
        metric = metric_words(rows["metric"].iloc[0])
        question = words(question_id)
        overall = rows[rows["category"] == ALL]
        parts.append(forest_chart(_marks(overall), title=f"{question}: human − model, all "
                                  f"items ({metric}, 95% CI)", axis_label=f"difference in {metric}"))
        # Per breakdown category one chart of all raters (every party would be hundreds of
        # rows: the table and gaps.csv have them).
        for category, cells in rows[(rows["category"] != ALL)
                                    & (rows["human_kind"] == "humans")].groupby("category",
                                                                                sort=False):
            parts.append(forest_chart(_marks(cells), title=f"{question}: all raters − model "
                                      f"by {words(category)} ({metric}, 95% CI)",
                                      axis_label=f"difference in {metric}"))
        parts.append(f"<p>{escape(question)}: every gap ({escape(metric)})</p>"
                     + table(gaps_table(rows)))
    if not tables.human_range.empty:
        parts += ["<h3>The models among the individual raters</h3>",
                  '<p class="note">Where each model falls among the raters\' own scores on the '
                  "same items (human_range.csv); for ratings, each rater's Spearman correlation "
                  "with the mean of the others (ceiling) beside the model's with the mean of "
                  "all.</p>",
                  table(tables.human_range)]
    return "\n".join(parts)


def quality_section(tables: StudyAnalysis, table: Table) -> str:
    exclusions = tables.exclusions
    if exclusions.empty:
        return ""
    counts = (exclusions[exclusions["excluded"].astype(bool)].groupby("rule")["participant"]
              .nunique().reindex(exclusions["rule"].unique(), fill_value=0))
    summary = pd.DataFrame({"rule": counts.index, "n_excluded": counts.to_numpy(),
                            "threshold": exclusions.groupby("rule", sort=False)["threshold"]
                            .first().reindex(counts.index).to_numpy()})
    return "\n".join([
        "<h2>Quality rules</h2>", f'<p class="note">{escape(tables.note)}</p>', table(summary),
        "<h3>Sensitivity of the human scores to each rule</h3>",
        '<p class="note">The main score of every human party over all items with no rule, each '
        "rule alone and all rules together (sensitivity.csv).</p>", table(tables.sensitivity)])
