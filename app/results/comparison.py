"""The paper's table: one row per human tier, all raters, the pooled human and each model (and
published scores, and for rating studies each author group), one column per question, metric
and category value."""

from __future__ import annotations

import pandas as pd

from app.results.score_rows import ALL

ROW_ORDER = {"tier": 0, "humans": 1, "pooled": 2, "model": 3, "published": 4, "rating_group": 5}
LEAD_COLUMNS = ["row_kind", "who", "illustrative", "note"]


def column_name(question_id: str, metric: str, category: str, value: str) -> str:
    head = f"{question_id} {metric}".strip()
    return head if category == ALL else f"{head} [{category}={value}]"


def comparison_table(scores: pd.DataFrame, rating_summary: pd.DataFrame) -> pd.DataFrame:
    """Wide table from the long score rows (participants left out: they are in human_scores)."""
    rows = scores[scores["who_kind"] != "participant"].copy()
    parts = []
    if not rows.empty:
        rows["column"] = [column_name(q, m, c, v) for q, m, c, v in zip(
            rows["question_id"], rows["metric"], rows["category"], rows["category_value"],
            strict=True)]
        rows["note"] = rows["note"].fillna("").astype(str)
        rows["illustrative"] = rows["illustrative"].fillna(False).astype(bool)
        keys = ["who_kind", "who"]
        values = rows.pivot_table(index=keys, columns="column", values="value", aggfunc="first",
                                  dropna=False,
                                  sort=False)
        meta = rows.groupby(keys, sort=False).agg(
            illustrative=("illustrative", "any"),
            note=("note", lambda s: "; ".join(dict.fromkeys(n for n in s if n))))
        wide = meta.join(values).reset_index().rename(columns={"who_kind": "row_kind"})
        wide = wide[LEAD_COLUMNS + list(rows["column"].drop_duplicates())]
        parts.append(wide)
    if not rating_summary.empty:
        # Mean rating of each statement per group of items (author type, author, form...), by
        # the human raters: POEMetric's table.
        by_group = rating_summary[(rating_summary["group_by"] != "")
                                  & (rating_summary["rater"] == "humans")]
        if not by_group.empty:
            cells = by_group.assign(who=by_group["group_by"] + "=" + by_group["group"])
            table = cells.pivot_table(index="who", columns="question_id", values="mean",
                                      aggfunc="first", sort=False, dropna=False)
            table.columns = [f"{c} mean" for c in table.columns]
            table = table.reset_index()
            table.insert(0, "row_kind", "rating_group")
            table.insert(2, "illustrative", False)
            table.insert(3, "note", "mean human rating of the items in this group, N/A excluded")
            parts.append(table)
    if not parts:
        return pd.DataFrame(columns=LEAD_COLUMNS)
    out = pd.concat(parts, ignore_index=True, sort=False)
    out["_order"] = out["row_kind"].map(ROW_ORDER)
    return out.sort_values("_order", kind="stable").drop(columns="_order").reset_index(drop=True)
