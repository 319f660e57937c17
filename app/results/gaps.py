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

import pandas as pd

from app.results.intervals import difference_interval
from app.results.paired_tests import (
    NO_TEST,
    PValue,
    SignFlip,
    bootstrap_p_value,
    holm,
    sign_flip_p_rows,
    within_mc_error,
)
from app.results.party_cells import Cell, Party, party_cells
from app.results.rater_models import DAWID_SKENE, MACE
from app.results.summary import StudyResults

GAP_COLUMNS = [
    "question_id", "category", "category_value", "human_kind", "human", "model", "metric",
    "human_value", "model_value", "difference", "ci_low", "ci_high", "ci_kind", "p_value",
    "p_method", "p_mc_error", "p_holm", "holm_family", "significant", "n_items", "n_raters",
    "method", "illustrative", "note",
]
_KEY = ["question_id", "who_kind", "who", "category", "category_value", "metric"]
ALPHA = 0.05
# The pooled answers of the rater models repeat the majority vote's test on nearly the same
# answers: more rows, not more evidence. Their gaps form a Holm family of their own.
VARIANTS = (DAWID_SKENE, MACE)
VARIANT_FAMILY = "pooled-answer variants (Dawid-Skene, MACE), adjusted apart"


def score_lookup(results: StudyResults) -> dict[tuple[str, ...], tuple[float, float]]:
    """(question, who_kind, who, category, value, metric) -> (value, n_raters) of the score rows."""
    rows = results.scores
    # (each column as a list first: iterating an Arrow text column walks it in Python)
    return {tuple(str(k) for k in key): (float(v), float(n)) for *key, v, n in zip(
        *(rows[c].tolist() for c in _KEY), rows["value"].tolist(), rows["n_raters"].tolist(),
        strict=True)}


def method_text(n_boot: int, decomposable: bool, interval: str = "raters+items") -> str:
    if n_boot <= 0:
        return "no bootstrap (--bootstrap 0): no interval, no test"
    ci = f"bootstrap CI ({n_boot} resamples; ci_kind says what is random and how)"
    if decomposable:
        return f"{ci}; paired sign-flip permutation test of the difference (p_method)"
    return f"{ci}; p from the bootstrap distribution of the difference"


def holm_family(row: dict[str, Any], family: str) -> str:
    """The name of the Holm family a gap belongs to: every gap of one table (the all-items
    table of every question; each breakdown category's), or with `family` "question" every
    gap of one question (all its cells); the rater models' pooled answers apart."""
    if family == "question":
        where = f"question {row['question_id']}: every gap of the question"
    else:
        where = ("table: every gap over all items" if row["category"] == "all"
                 else f"table: every gap by {row['category']}")
    if row["human_kind"] == "pooled" and row["human"] in VARIANTS:
        return f"{where}; {VARIANT_FAMILY}"
    return where


def _tests(results: StudyResults, cell: Cell, pairs: list[tuple[Party, Party]]
           ) -> list[PValue]:
    n_boot = results.options.n_boot
    if n_boot <= 0:
        return [NO_TEST] * len(pairs)
    if not cell.subset.scorer.decomposable:
        return [bootstrap_p_value(h.boot, m.boot) for h, m in pairs]
    tests = []
    for h, m in pairs:
        assert h.tested is not None and h.weights is not None
        assert m.tested is not None and m.weights is not None
        tests.append(SignFlip.of(h.tested, h.weights, m.tested, m.weights))
    return sign_flip_p_rows(tests, n_boot, f"{results.options.seed}:permutation:"
                            f"{cell.question_id}:{cell.subset.category}={cell.subset.value}")


def gap_rows(results: StudyResults, cells: list[Cell] | None = None) -> list[dict[str, Any]]:
    """Rows of gaps.csv (`cells`: `party_cells(results)`, when the caller has them)."""
    lookup = score_lookup(results)
    rows: list[dict[str, Any]] = []
    for cell in cells if cells is not None else party_cells(results):
        pairs = [(human, model) for human in cell.humans for model in cell.models]
        if not pairs:
            continue
        rows += [_row(cell, h, m, p, lookup, results)
                 for (h, m), p in zip(pairs, _tests(results, cell, pairs), strict=True)]
    adjust(rows, results.options.holm_family)
    return rows


def adjust(rows: list[dict[str, Any]], family: str) -> None:
    """Holm over each family (`holm_family`), and whether each gap is significant at ALPHA
    after it: "yes", "no", or "within Monte Carlo error" where the adjusted p's Monte Carlo
    error reaches across ALPHA (no mark of significance then)."""
    families: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        row["holm_family"] = holm_family(row, family)
        families.setdefault(row["holm_family"], []).append(row)
    for members in families.values():
        for row, adjusted in zip(members, holm([r["p_value"] for r in members]), strict=True):
            row["p_holm"] = adjusted
            if not math.isfinite(adjusted):
                row["significant"] = ""
                continue
            # Holm multiplies the p by at most the family's size: its error scales alike.
            scale = adjusted / row["p_value"] if row["p_value"] > 0 else 1.0
            if within_mc_error(adjusted, row["p_mc_error"] * max(scale, 1.0), ALPHA):
                row["significant"] = "within Monte Carlo error"
            else:
                row["significant"] = "yes" if adjusted < ALPHA else "no"


def _row(cell: Cell, human: Party, model: Party, p: PValue,
         lookup: dict[tuple[str, ...], tuple[float, float]],
         results: StudyResults) -> dict[str, Any]:
    subset = cell.subset
    where = (cell.question_id, subset.category, subset.value)
    h_value, n_raters = lookup.get((where[0], human.kind, human.name, *where[1:], cell.main),
                                   (math.nan, human.n_raters))
    m_value, _ = lookup.get((where[0], "model", model.name, *where[1:], cell.main),
                            (math.nan, 0))
    assert human.data is not None and model.data is not None
    ci = difference_interval(human.data, model.data, h_value - m_value,
                             results.options.confidence)
    paired = (~pd.isna(human.items)) & (~pd.isna(model.items))
    return {
        "question_id": cell.question_id, "category": subset.category,
        "category_value": subset.value, "human_kind": human.kind, "human": human.name,
        "model": model.name, "metric": cell.main, "human_value": h_value,
        "model_value": m_value, "difference": h_value - m_value, "ci_low": ci.low,
        "ci_high": ci.high, "ci_kind": ci.text, "p_value": float(p.p), "p_method": p.text,
        "p_mc_error": p.mc_error if p.method else math.nan, "p_holm": math.nan,
        "holm_family": "", "significant": "", "n_items": int(paired.sum()),
        "n_raters": int(n_raters) if math.isfinite(n_raters) else human.n_raters,
        "method": method_text(results.options.n_boot, subset.scorer.decomposable),
        "illustrative": cell.model_illustrative.get(model.name, False), "note": ci.note,
    }


def gaps_frame(results: StudyResults, cells: list[Cell] | None = None) -> pd.DataFrame:
    return pd.DataFrame(gap_rows(results, cells), columns=GAP_COLUMNS)
