"""The analysis in a reviewer's words: metric names, and which interval and which test were
used, read from what the analysis wrote (gaps.csv's `method`), never assumed. Shared by
report.html, paper/ and the checklist."""

from __future__ import annotations

import pandas as pd

METRIC_WORDS = {
    "accuracy": "accuracy", "f1": "F1", "f1_weighted": "weighted F1",
    "precision": "precision", "recall": "recall", "map": "mean average precision",
    "mrr@10": "mean reciprocal rank at 10", "ndcg@10": "nDCG at 10",
    "v_measure": "V-measure", "ari": "adjusted Rand index", "ami": "adjusted mutual information",
    "spearman": "Spearman's rank correlation", "pearson": "Pearson correlation",
    "kendall_tau": "Kendall's tau", "mse": "mean squared error",
    "judged_positive": "share judged positive", "authorship": "authorship accuracy",
}


def metric_words(metric: object) -> str:
    name = str(metric)
    return METRIC_WORDS.get(name, name.replace("_", " "))


def _method_parts(gaps: pd.DataFrame, question_id: str | None, index: int) -> list[str]:
    if gaps.empty or "method" not in gaps.columns:
        return []
    rows = gaps if question_id is None else gaps[gaps["question_id"] == question_id]
    parts = []
    for text in rows["method"].dropna().astype(str):
        pieces = [p.strip() for p in text.split(";")]
        if len(pieces) > index and pieces[index]:
            parts.append(pieces[index])
    return list(dict.fromkeys(parts))


def _column(gaps: pd.DataFrame, question_id: str | None, column: str) -> list[str]:
    """The distinct texts of `column`, each up to its first colon (the kind of the interval
    or test, without the row's own counts)."""
    rows = gaps if question_id is None else gaps[gaps["question_id"] == question_id]
    return list(dict.fromkeys(str(v).split(":", 1)[0].strip() for v in rows[column].dropna()
                              if str(v).strip()))


def interval_words(gaps: pd.DataFrame, question_id: str | None = None) -> list[str]:
    """The interval kinds gaps.csv says it used (its ci_kind; else its method's first part)."""
    if "ci_kind" in gaps.columns:
        return _column(gaps, question_id, "ci_kind")
    return _method_parts(gaps, question_id, 0)


def significance_tests(gaps: pd.DataFrame, question_id: str | None = None) -> list[str]:
    """The tests gaps.csv says it used (its p_method; else its method's second part)."""
    if "p_method" in gaps.columns:
        return _column(gaps, question_id, "p_method")
    return _method_parts(gaps, question_id, 1)
