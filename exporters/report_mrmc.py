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
from exporters.report_tables import words
from exporters.svg_forest import Gap, forest_chart

Table = Callable[[pd.DataFrame], str]
ALPHA = 0.05
# reader_auc.csv's and mrmc.csv's columns as the section's tables name them
_FOM_COLUMNS = {"reader": "reader", "condition": "condition", "fom_metric": "figure of merit",
                "fom": "value", "jackknife_se": "SE (jackknife)", "n_cases": "cases"}
_MRMC_COLUMNS = {"comparison": "comparison", "fom_a": "A", "fom_b": "B",
                 "difference": "difference (A − B)", "se": "SE", "ci_low": "ci_low",
                 "ci_high": "ci_high", "statistic": "F", "df_den": "df (Hillis)",
                 "p_value": "p_value"}
_COMPARISON_WORDS = {"single_condition": "one condition", "conditions": "conditions",
                     "readers_vs_model": "readers vs model"}
_METRIC_WORDS = {"auc": "AUC", "accuracy": "accuracy"}


def mrmc_section(analysis: StudyAnalysis, table: Table) -> str:
    """The section's HTML; empty for a study that is not a reader study."""
    reader_auc, mrmc = analysis.reader_auc, analysis.mrmc
    if reader_auc is None or mrmc is None:
        return ""
    parts = ["<h2>Reader study (MRMC)</h2>",
             '<p class="note">Obuchowski-Rockette analysis with the jackknife covariance over '
             "cases and Hillis' degrees of freedom; below, random readers and random cases (the "
             "analyses with fixed readers and with fixed cases are in mrmc.csv). A is the "
             "first reading named, B the second; one condition's row is the readers' mean "
             "with its interval.</p>"]
    for question_id, foms in reader_auc.groupby("question_id", sort=False):
        rows = mrmc[(mrmc["question_id"] == question_id) & (mrmc["analysis"] == ANALYSES[0])]
        parts.append(f"<h3>{escape(str(question_id))}</h3>")
        compared = rows[rows["comparison"] != "single_condition"]
        if not compared.empty:
            gaps = [Gap(_label(r), float(r["difference"]), float(r["ci_low"]),
                        float(r["ci_high"]), bool(r["p_value"] < ALPHA))
                    for _, r in compared.iterrows()]
            metric = _METRIC_WORDS.get(str(foms["fom_metric"].iloc[0]),
                                       str(foms["fom_metric"].iloc[0]))
            parts.append(forest_chart(gaps, title=f"{question_id}: difference in {metric}",
                                      axis_label=f"{metric} difference (95% CI)"))
        parts.append(table(comparisons(rows)))
        notes = note_sentences(rows["note"])
        if notes:
            parts.append('<p class="note">' + escape(" ".join(notes)) + "</p>")
        parts.append(table(figures_of_merit(foms)))
    return "\n".join(parts)


_NOTE_WORDS = {
    "illustrative": "The models' predictions are illustrative (demo data), not published results.",
    "variance components of the reader-minus-model differences":
        "A readers-vs-model row's variance components in mrmc.csv are those of the "
        "reader-minus-model differences.",
}


def note_sentences(notes: pd.Series) -> list[str]:
    """mrmc.csv's notes (`;`-separated parts) once each, as sentences."""
    parts = dict.fromkeys(p.strip() for n in notes.dropna() for p in str(n).split(";")
                          if p.strip())
    return [_NOTE_WORDS.get(p, p[:1].upper() + p[1:] + ("" if p.endswith(".") else "."))
            for p in parts]


def comparisons(rows: pd.DataFrame) -> pd.DataFrame:
    """mrmc.csv's rows of one analysis in a reader's words: what is compared (A, and B where
    there is one), the figures of merit, the difference, its interval and test."""
    shown = pd.DataFrame({
        "comparison": [_COMPARISON_WORDS.get(str(c), str(c)) for c in rows["comparison"]],
        "reading A": [str(a) for a in rows["condition_a"]],
        "reading B": [_reading_b(r) for _, r in rows.iterrows()]})
    for column, name in _MRMC_COLUMNS.items():
        if column != "comparison":
            shown[name] = rows[column].to_numpy()
    return shown


def figures_of_merit(foms: pd.DataFrame) -> pd.DataFrame:
    """reader_auc.csv's rows in a reader's words: models named as such."""
    shown = foms[list(_FOM_COLUMNS)].rename(columns=_FOM_COLUMNS).copy()
    shown["reader"] = [_who(r) for _, r in foms.iterrows()]
    shown["figure of merit"] = [_METRIC_WORDS.get(str(m), str(m)) for m in foms["fom_metric"]]
    shown["condition"] = ["" if k == "model" else c for k, c in
                          zip(foms["who_kind"].astype(str), foms["condition"], strict=True)]
    return shown


def _who(row: pd.Series) -> str:
    if str(row["who_kind"]) != "model":
        return str(row["reader"])
    illustrative = not _missing(row["illustrative"]) and bool(row["illustrative"])
    return f"{row['reader']} (model{', illustrative' if illustrative else ''})"


def _reading_b(row: pd.Series) -> str:
    if _missing(row["condition_b"]):
        return ""
    b = str(row["condition_b"])
    return f"{b} (model)" if row["comparison"] == "readers_vs_model" else b


def _label(row: pd.Series) -> str:
    text = f"{words(row['condition_a'])} − {words(row['condition_b'])}"
    if row["comparison"] == "readers_vs_model":
        text = f"readers ({words(row['condition_a'])}) − {row['condition_b']}"
    illustrative = bool(row["illustrative"]) if not _missing(row["illustrative"]) else False
    return text + (" (illustrative)" if illustrative else "")


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))
