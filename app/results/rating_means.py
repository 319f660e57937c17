"""What the Scores tab shows for a rating question without gold (POEMetric): the mean human
rating of the statement per group of items (each value of `scoring.group_by`, then of each
breakdown category), with a bootstrap confidence interval that resamples items.

The mean is that of the ratings (N/A excluded), as in the ratings table; the interval comes
from the house's item bootstrap (`app.results.bootstrap`, seeded): each resample draws items
with replacement and takes the ratio of their rating sums to their rating counts, so an item
rated by many people counts as often as it was rated, and the ratings of one item stay together.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from app.resampling import OVER_ITEMS
from app.results.bootstrap import percentile_interval, resample_counts
from app.results.metrics_rating import numeric
from app.results.options import ResultsOptions
from app.results.units import QuestionGroup

MEANS_COLUMNS = ["group_by", "group", "n", "n_items", "mean", "ci_low", "ci_high", "ci_kind"]


def _categories(group: QuestionGroup) -> list[str]:
    keys = [group.spec.group_by] if group.spec.group_by else []
    return list(dict.fromkeys([*keys, *group.spec.breakdown]))


def rating_means(group: QuestionGroup, answers: pd.DataFrame,
                 options: ResultsOptions | None = None) -> pd.DataFrame:
    """One row per (category, value) of the group's items, all items first when the question
    has no grouping category. Empty without numeric ratings."""
    options = options or ResultsOptions()
    if answers.empty:
        return pd.DataFrame(columns=MEANS_COLUMNS)
    values = pd.DataFrame({"item_id": answers["item_id"].astype(str),
                           "value": [numeric(a) for a in answers["answer"]]}).dropna()
    if values.empty:
        return pd.DataFrame(columns=MEANS_COLUMNS)
    per_item = values.groupby("item_id", sort=False)["value"].agg(["sum", "count"])
    parts: list[tuple[str, str, pd.DataFrame]] = []
    categories = _categories(group)
    for category in categories:
        labels = pd.Index([group.items[str(i)].categories.get(category, "(none)")
                           for i in per_item.index])
        parts += [(category, str(v), rows) for v, rows in per_item.groupby(labels, sort=True)]
    if not categories:
        parts.append(("", "all items", per_item))
    rows = []
    for category, name, items in parts:
        sums, counts = items["sum"].to_numpy(float), items["count"].to_numpy(float)
        low = high = math.nan
        if len(items) >= 2 and options.n_boot > 0:
            draws = resample_counts(len(items), options.n_boot,
                                    f"{options.seed}:{group.question_id}:{category}={name}")
            with np.errstate(invalid="ignore", divide="ignore"):
                boot = (draws @ sums) / (draws @ counts)
            low, high = percentile_interval(boot, options.confidence)
        rows.append({"group_by": category, "group": name, "n": int(counts.sum()),
                     "n_items": len(items), "mean": float(sums.sum() / counts.sum()),
                     "ci_low": low, "ci_high": high,
                     "ci_kind": OVER_ITEMS if math.isfinite(low) else ""})
    return pd.DataFrame(rows, columns=MEANS_COLUMNS)
