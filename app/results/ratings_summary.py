"""Ratings without gold (POEMetric): mean and SD per statement per author group, N/A excluded,
and the distribution of ratings behind them."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from app.results.metrics_rating import numeric
from app.results.units import QuestionGroup

SUMMARY_COLUMNS = ["question_id", "prompt", "group_by", "group", "n", "n_na", "mean", "sd",
                   "median", "n_raters"]
DISTRIBUTION_COLUMNS = ["question_id", "group", "rating", "count"]
ALL_ITEMS = "all"


def _group_of(group: QuestionGroup, item_id: str) -> str:
    key = group.spec.group_by
    return group.items[item_id].categories.get(key, "(none)") if key else ALL_ITEMS


def _prompt(group: QuestionGroup) -> str:
    return next(iter(group.questions.values())).prompt


def rating_summary(group: QuestionGroup, answers: pd.DataFrame) -> list[dict[str, Any]]:
    """One row per author group (scoring.group_by; all items when unset), and one for all."""
    if answers.empty:
        return []
    values = answers.assign(value=[numeric(a) for a in answers["answer"]],
                            group=[_group_of(group, str(i)) for i in answers["item_id"]])
    parts = [(g, rows) for g, rows in values.groupby("group", sort=True)]
    if group.spec.group_by:
        parts.append((ALL_ITEMS, values))
    out = []
    for name, rows in parts:
        rated = rows["value"].dropna()
        out.append({
            "question_id": group.question_id, "prompt": _prompt(group),
            "group_by": group.spec.group_by or "", "group": str(name), "n": int(rated.size),
            "n_na": int(rows["value"].isna().sum()),
            "mean": float(rated.mean()) if rated.size else math.nan,
            "sd": float(rated.std(ddof=1)) if rated.size > 1 else math.nan,
            "median": float(rated.median()) if rated.size else math.nan,
            "n_raters": int(rows["participant"].nunique()),
        })
    return out


def rating_distribution(group: QuestionGroup, answers: pd.DataFrame) -> list[dict[str, Any]]:
    """How often each rating was given, per author group (N/A as the rating "NA")."""
    counts: dict[tuple[str, str], int] = {}
    for item_id, answer in zip(answers["item_id"], answers["answer"], strict=True):
        value = numeric(answer)
        label = "NA" if math.isnan(value) else f"{value:g}"
        key = (_group_of(group, str(item_id)), label)
        counts[key] = counts.get(key, 0) + 1
    rows = [{"question_id": group.question_id, "group": g, "rating": r, "count": n}
            for (g, r), n in counts.items()]
    return sorted(rows, key=lambda r: (r["group"], np.inf if r["rating"] == "NA"
                                       else float(r["rating"])))
