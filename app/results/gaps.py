"""Human vs model: every gap with its confidence interval and test (gaps.csv).

One row per scored question group, breakdown cell, human party (each tier, all raters, the
pooled humans: majority vote or mean rating, Dawid-Skene and MACE labels) and model scored on the same items. `human_value` and `model_value` are read from
the score rows themselves (human_scores.csv, model_scores.csv), so they are those numbers
exactly; the CI and p come from `app.results.paired_tests` on the cell's per-item values
(docs/results.md, "Human vs model").
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from app.results.paired_tests import bootstrap_p, difference_interval, holm, permutation_p_rows
from app.results.party_cells import Cell, Party, party_cells
from app.results.summary import StudyResults

GAP_COLUMNS = [
    "question_id", "category", "category_value", "human_kind", "human", "model", "metric",
    "human_value", "model_value", "difference", "ci_low", "ci_high", "p_value", "p_holm",
    "n_items", "n_raters", "method", "illustrative",
]
_KEY = ["question_id", "who_kind", "who", "category", "category_value", "metric"]


def score_lookup(results: StudyResults) -> dict[tuple[str, ...], tuple[float, float]]:
    """(question, who_kind, who, category, value, metric) -> (value, n_raters) of the score rows."""
    rows = results.scores
    # (each column as a list first: iterating an Arrow text column walks it in Python)
    return {tuple(str(k) for k in key): (float(v), float(n)) for *key, v, n in zip(
        *(rows[c].tolist() for c in _KEY), rows["value"].tolist(), rows["n_raters"].tolist(),
        strict=True)}


def method_text(n_boot: int, decomposable: bool, raters: bool = False) -> str:
    if n_boot <= 0:
        return "no bootstrap (--bootstrap 0): no interval, no test"
    over = "items and the raters of the party" if raters else "items"
    ci = f"paired bootstrap over {over} ({n_boot} resamples, percentile)"
    if decomposable:
        return f"{ci}; paired permutation test over items ({n_boot} permutations)"
    return f"{ci}; p from the bootstrap distribution of the difference"


def gap_rows(results: StudyResults, cells: list[Cell] | None = None) -> list[dict[str, Any]]:
    """Rows of gaps.csv (`cells`: `party_cells(results)`, when the caller has them)."""
    lookup = score_lookup(results)
    n_boot = results.options.n_boot
    rows: list[dict[str, Any]] = []
    for cell in cells if cells is not None else party_cells(results):
        decomposable = cell.subset.scorer.decomposable
        pairs = [(human, model) for human in cell.humans for model in cell.models]
        if not pairs:
            continue
        if decomposable:
            # One permutation test for every pair of the cell (shared arrangements).
            p_values = list(permutation_p_rows(
                np.vstack([h.items for h, _ in pairs]), np.vstack([m.items for _, m in pairs]),
                n_boot, f"{results.options.seed}:{cell.question_id}:{cell.subset.category}="
                        f"{cell.subset.value}"))
        else:
            p_values = [bootstrap_p(h.boot, m.boot) if n_boot > 0 else math.nan
                        for h, m in pairs]
        block = [_row(cell, h, m, p, lookup, n_boot, decomposable, results)
                 for (h, m), p in zip(pairs, p_values, strict=True)]
        for human in cell.humans:  # Holm over the models compared with the same human party
            own = [r for r in block if (r["human_kind"], r["human"]) == (human.kind, human.name)]
            for row, adjusted in zip(own, holm([r["p_value"] for r in own]), strict=True):
                row["p_holm"] = adjusted
        rows += block
    return rows


def _row(cell: Cell, human: Party, model: Party, p: float,
         lookup: dict[tuple[str, ...], tuple[float, float]], n_boot: int, decomposable: bool,
         results: StudyResults) -> dict[str, Any]:
    subset = cell.subset
    where = (cell.question_id, subset.category, subset.value)
    h_value, n_raters = lookup.get((where[0], human.kind, human.name, *where[1:], cell.main),
                                   (math.nan, human.n_raters))
    m_value, _ = lookup.get((where[0], "model", model.name, *where[1:], cell.main),
                            (math.nan, 0))
    low, high = difference_interval(human.boot, model.boot, results.options.confidence)
    paired = (~pd.isna(human.items)) & (~pd.isna(model.items))
    return {
        "question_id": cell.question_id, "category": subset.category,
        "category_value": subset.value, "human_kind": human.kind, "human": human.name,
        "model": model.name, "metric": cell.main, "human_value": h_value,
        "model_value": m_value, "difference": h_value - m_value, "ci_low": low, "ci_high": high,
        "p_value": float(p), "p_holm": math.nan, "n_items": int(paired.sum()),
        "n_raters": int(n_raters) if math.isfinite(n_raters) else human.n_raters,
        "method": method_text(n_boot, decomposable,
                              results.options.bootstrap_raters and human.kind != "pooled"),
        "illustrative": cell.model_illustrative.get(model.name, False),
    }


def gaps_frame(results: StudyResults, cells: list[Cell] | None = None) -> pd.DataFrame:
    return pd.DataFrame(gap_rows(results, cells), columns=GAP_COLUMNS)
