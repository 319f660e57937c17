"""The report's *Reader study* section: per question the readers' and models' figures of merit
(reader_auc.csv) and a forest plot of the Obuchowski-Rockette differences with their 95%
intervals, random readers and random cases (mrmc.csv; docs/results.md, "Reader studies")."""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape

import pandas as pd

from app.results.analysis import StudyAnalysis
from app.results.mrmc import ANALYSES
from exporters.svg_forest import Gap, forest_chart

Table = Callable[[pd.DataFrame], str]
ALPHA = 0.05
_FOM_COLUMNS = ["who_kind", "reader", "condition", "fom_metric", "fom", "jackknife_se", "n_cases",
                "note"]
_MRMC_COLUMNS = ["comparison", "condition_a", "condition_b", "fom_a", "fom_b", "difference", "se",
                 "ci_low", "ci_high", "df_den", "p_value", "note"]


def mrmc_section(analysis: StudyAnalysis, table: Table) -> str:
    """The section's HTML; empty for a study that is not a reader study."""
    reader_auc, mrmc = analysis.reader_auc, analysis.mrmc
    if reader_auc is None or mrmc is None:
        return ""
    parts = ["<h2>Reader study (MRMC)</h2>",
             '<p class="note">Obuchowski-Rockette analysis with the jackknife covariance over '
             "cases and Hillis' degrees of freedom; below, random readers and random cases (the "
             "other analyses are in mrmc.csv).</p>"]
    for question_id, foms in reader_auc.groupby("question_id", sort=False):
        rows = mrmc[(mrmc["question_id"] == question_id) & (mrmc["analysis"] == ANALYSES[0])]
        parts.append(f"<h3>{escape(str(question_id))}</h3>")
        compared = rows[rows["comparison"] != "single_condition"]
        if not compared.empty:
            gaps = [Gap(_label(r), float(r["difference"]), float(r["ci_low"]),
                        float(r["ci_high"]), bool(r["p_value"] < ALPHA))
                    for _, r in compared.iterrows()]
            metric = str(foms["fom_metric"].iloc[0])
            parts.append(forest_chart(gaps, title=f"{question_id}: difference in {metric}",
                                      axis_label=f"{metric} difference (95% CI)"))
        parts.append(table(rows[_MRMC_COLUMNS]))
        parts.append(table(foms[_FOM_COLUMNS]))
    return "\n".join(parts)


def _label(row: pd.Series) -> str:
    text = f"{row['condition_a']} − {row['condition_b']}"
    if row["comparison"] == "readers_vs_model":
        text = f"readers ({row['condition_a']}) − {row['condition_b']}"
    illustrative = bool(row["illustrative"]) if not _missing(row["illustrative"]) else False
    return text + (" (illustrative)" if illustrative else "")


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))
