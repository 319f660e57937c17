"""report.html's tables in a reader's words: the CSVs' columns renamed, parties, categories,
statistics and metrics named as a paper names them, columns with nothing in them left out,
numbers rounded by what they are, and long tables folded (their CSV has every row)."""

from __future__ import annotations

import math
import re
from html import escape
from typing import Any

import pandas as pd

from app.results.score_rows import ALL
from app.study.model_quality import RULE_WORDS
from exporters.analysis_words import metric_words
from exporters.paper.tables import STATISTIC_WORDS

FOLD_ROWS = 25  # longer tables start folded
MAX_ROWS = 500  # and show at most this many (the CSV beside the report has them all)
IDENTIFIER = re.compile(r"^[A-Za-z0-9@.\-]+(?:_[A-Za-z0-9@.\-]+)+$")
COLUMN_WORDS = {
    "question_id": "question", "item_id": "item", "n_items": "items", "n_raters": "raters",
    "ci_low": "CI low", "ci_high": "CI high", "p_value": "p", "p_holm": "p (Holm)",
    "value": "value", "n": "n", "rt_ms": "RT (ms)", "mean_rt_ms": "mean RT (ms)",
    "median_rt_ms": "median RT (ms)", "mean_rt_correct_ms": "mean RT, correct answers (ms)",
    "median_rt_correct_ms": "median RT, correct answers (ms)", "n_correct": "correct",
    "n_models": "models", "n_na": "N/A answers", "n_excluded": "excluded",
    "difference_from_none": "change from no rule", "rt_basis": "RT over",
    "rt_statistic": "RT statistic", "human_value": "human", "model_value": "model",
    "gold_share": "share giving the gold answer", "most_common_answer": "most common answer",
    "most_common_share": "its share", "majority_differs_from_gold": "majority is not the gold",
    "model_accuracy": "model accuracy", "human_accuracy": "human accuracy",
    "n_items_humans": "items (humans)", "n_items_model": "items (model)",
    "missing_items": "items without a prediction", "within_human_range": "within the raters",
    "raters_below": "raters below", "raters_equal": "raters equal",
    "human_min": "lowest rater", "human_max": "highest rater",
    "ceiling_min": "ceiling, lowest", "ceiling_mean": "ceiling, mean",
    "ceiling_max": "ceiling, highest", "model_vs_consensus": "model with the raters' mean",
    "group_by": "grouped by", "sd": "SD", "interpretation": "reading",
    "ci_kind": "interval drawn over", "se": "SE",
}
P_COLUMNS = {"p_value", "p_holm", "p"}
COUNT_PREFIX = ("n_", "raters_")


KEYED = re.compile(r"^[\w@.\-]+=[^=;,]*(?:[;,] ?[\w@.\-]+=[^=;,]*)*$")
KEY_VALUE = re.compile(r"([\w@.\-]+)=([^=;,]*)")


def words(value: object) -> str:
    """An identifier as a reader reads it (`lesion_type` -> `lesion type`), a list of
    categories or an answer keyed the same way (`lesion_type=white_plaque; site=lip` ->
    `lesion type: white plaque; site: lip`); other text as is."""
    text = str(value)
    if IDENTIFIER.match(text):
        return text.replace("_", " ")
    if "=" in text and KEYED.match(text):
        spaced = re.sub(r",(?! )", ", ", text)
        return KEY_VALUE.sub(lambda m: f"{words(m.group(1))}: {words(m.group(2))}", spaced)
    return text


def party(kind: object, who: object, illustrative: object = False) -> str:
    name = words(who)
    text = {"tier": f"{name} (tier)", "humans": "all raters (mean)" if str(who) in
            ("all raters", "") else name, "pooled": f"{name} (pooled)",
            "published": f"{name} (published)"}.get(str(kind), name)
    return text + (" (illustrative)" if _true(illustrative) else "")


def cell_words(category: object, value: object) -> str:
    if str(category) == ALL:
        return "all items"
    return f"{words(category)}: {words(value)}"


def _true(value: object) -> bool:
    return bool(value) and not (isinstance(value, float) and math.isnan(value))


def _empty(series: pd.Series) -> bool:
    return bool(series.isna().all() or (series.astype(str).str.strip() == "").all())


def readable(frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` (a CSV's table) with reader's names and values, empty columns left out."""
    df = frame.copy()
    if "who_kind" in df.columns and "who" in df.columns:
        illustrative = df["illustrative"] if "illustrative" in df.columns else False
        df["who"] = [party(k, w, i) for k, w, i in zip(
            df["who_kind"], df["who"], illustrative if isinstance(illustrative, pd.Series)
            else [False] * len(df), strict=True)]
        df = df.drop(columns=["who_kind", *(["illustrative"] if "illustrative" in df else [])])
        df = df.rename(columns={"who": "party"})
    if "human_kind" in df.columns and "human" in df.columns:
        df["human"] = [party(k, w) for k, w in zip(df["human_kind"], df["human"], strict=True)]
        df = df.drop(columns=["human_kind"])
    if "model" in df.columns and "illustrative" in df.columns:
        df["model"] = [f"{m} (illustrative)" if _true(i) else str(m)
                       for m, i in zip(df["model"], df["illustrative"], strict=True)]
        df = df.drop(columns=["illustrative"])
    if "category" in df.columns and "category_value" in df.columns:
        df.insert(list(df.columns).index("category"), "items_of",
                  [cell_words(c, v) for c, v in zip(df["category"], df["category_value"],
                                                    strict=True)])
        df = df.drop(columns=["category", "category_value"]).rename(
            columns={"items_of": "items over"})
    for column, table in (("metric", None), ("statistic", STATISTIC_WORDS),
                          ("rule", RULE_WORDS)):
        if column in df.columns:
            df[column] = [(metric_words(v) if table is None else
                           table.get(str(v), words(v))) for v in df[column]]
    if "rule" in df.columns:
        df["rule"] = [f"participants who {v}" if v in RULE_WORDS.values() else v
                      for v in df["rule"]]
    keep = [c for c in df.columns if not _empty(df[c])]
    df = df[keep]
    return df


def _number(column: str, value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()
                                  and (column.startswith(COUNT_PREFIX) or column in
                                       ("n", "items", "raters"))):
        return f"{int(value):,}"
    if isinstance(value, float):
        if column in P_COLUMNS:
            return "<0.001" if value < 0.001 else f"{value:.3f}"
        return f"{value:.3f}"
    return escape(words(value))


def reader_table(frame: pd.DataFrame, max_rows: int = MAX_ROWS, *,
                 what: str = "rows") -> str:
    """An HTML table of `frame` in a reader's words; folded when long."""
    if frame.empty:
        return '<p class="note">Nothing to show yet.</p>'
    df = readable(frame)
    heads = [COLUMN_WORDS.get(c, words(c)) for c in df.columns]
    rows = []
    for record in df.head(max_rows).itertuples(index=False):
        cells = [_number(c, v) for c, v in zip(df.columns, record, strict=True)]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    html = ('<div class="scroll"><table><thead><tr>'
            + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr></thead><tbody>"
            + "\n".join(rows) + "</tbody></table></div>")
    more = (f'<p class="note">The first {max_rows} of {len(df):,} {what}; the CSV has all.</p>'
            if len(df) > max_rows else "")
    if len(df) > FOLD_ROWS:
        return (f"<details><summary>{len(df):,} {what} (show)</summary>{html}{more}"
                "</details>")
    return html + more
