"""Ratings without gold (POEMetric): mean and SD per statement per author group, N/A excluded,
and the distribution of ratings behind them.

Groups are the values of the question's `scoring.group_by` category (human poets vs models)
and of each `scoring.breakdown` category (each author, each form). Human raters are summarised
together; a model's predictions for the same statements (an LLM judge) are summarised as a
rater of their own, marked illustrative when its predictions file is.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from app.results.metrics_rating import numeric
from app.results.units import QuestionGroup


def on_a_scale(group: QuestionGroup) -> bool:
    """The group's answers are points on a scale (`Kind.scale_points`): what the ratings
    summary and distribution count."""
    return any(group.response_kind.scale_points(q) is not None for q in group.questions.values())

SUMMARY_COLUMNS = ["question_id", "prompt", "rater", "group_by", "group", "n", "n_na", "mean",
                   "sd", "median", "n_raters", "illustrative"]
DISTRIBUTION_COLUMNS = ["question_id", "group", "rating", "count"]
ALL_ITEMS = "all"
HUMAN_RATERS = "humans"


def _prompt(group: QuestionGroup) -> str:
    return next(iter(group.questions.values())).prompt


def _categories(group: QuestionGroup) -> list[str]:
    keys = [group.spec.group_by] if group.spec.group_by else []
    return list(dict.fromkeys([*keys, *group.spec.breakdown]))


def _rows(group: QuestionGroup, rater: str, answers: pd.DataFrame,
          illustrative: bool) -> list[dict[str, Any]]:
    values = answers.assign(value=[numeric(a) for a in answers["answer"]])
    parts: list[tuple[str, str, pd.DataFrame]] = []
    for category in _categories(group):
        labels = values["item_id"].map(
            lambda i, c=category: group.items[str(i)].categories.get(c, "(none)"))
        parts += [(category, str(v), rows) for v, rows in values.groupby(labels, sort=True)]
    parts.append(("", ALL_ITEMS, values))
    out = []
    for category, name, rows in parts:
        rated = rows["value"].dropna()
        out.append({
            "question_id": group.question_id, "prompt": _prompt(group), "rater": rater,
            "group_by": category, "group": name, "n": int(rated.size),
            "n_na": int(rows["value"].isna().sum()),
            "mean": float(rated.mean()) if rated.size else math.nan,
            "sd": float(rated.std(ddof=1)) if rated.size > 1 else math.nan,
            "median": float(rated.median()) if rated.size else math.nan,
            "n_raters": int(rows["participant"].nunique()) if "participant" in rows else 1,
            "illustrative": illustrative,
        })
    return out


def rating_summary(group: QuestionGroup, answers: pd.DataFrame,
                   models: dict[str, pd.DataFrame] | None = None,
                   illustrative: dict[str, bool] | None = None) -> list[dict[str, Any]]:
    """Rows for the human raters, then for each model that rated the same statements."""
    out = _rows(group, HUMAN_RATERS, answers, False) if not answers.empty else []
    for model, predictions in (models or {}).items():
        if not predictions.empty:
            out += _rows(group, model, predictions, (illustrative or {}).get(model, False))
    return out


def rating_distribution(group: QuestionGroup, answers: pd.DataFrame) -> list[dict[str, Any]]:
    """How often humans gave each rating, per `group_by` group (N/A as the rating "NA")."""
    key = group.spec.group_by
    counts: dict[tuple[str, str], int] = {}
    for item_id, answer in zip(answers["item_id"], answers["answer"], strict=True):
        value = numeric(answer)
        label = "NA" if math.isnan(value) else f"{value:g}"
        name = group.items[str(item_id)].categories.get(key, "(none)") if key else ALL_ITEMS
        counts[(name, label)] = counts.get((name, label), 0) + 1
    rows = [{"question_id": group.question_id, "group": g, "rating": r, "count": n}
            for (g, r), n in counts.items()]
    return sorted(rows, key=lambda r: (r["group"], np.inf if r["rating"] == "NA"
                                       else float(r["rating"])))
