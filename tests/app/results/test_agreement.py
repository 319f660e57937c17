"""agreement.csv's rows (app/results/agreement.py)."""

from __future__ import annotations

import math

from app.results.agreement import AgreementRows
from app.results.intervals import MIN_ITEMS


def test_agreement_over_too_few_items_has_no_interval_and_says_why() -> None:
    """The scores' minimum holds for agreement too: alpha over two items gets no interval
    (the paper printed [0.16, 0.16] for hume-demo's grouping question)."""
    class _Group:
        question_id = "q"

    class _Data:
        n_items, raters = 2, ["a", "b", "c"]

    rows = AgreementRows(_Group(), _Data())  # type: ignore[arg-type]
    rows.add("krippendorff_alpha", 0.16, ci=(0.158, 0.163))
    rows.add("krippendorff_alpha", 0.9, ci=(0.9, 0.9), n_items=40)
    rows.add("krippendorff_alpha", 0.5, ci=(0.4, 0.6), n_items=40)
    short, same, kept = rows.rows
    assert math.isnan(short["ci_low"]) and f"minimum {MIN_ITEMS}" in short["note"]
    assert math.isnan(same["ci_low"]) and "same value" in same["note"]
    assert (kept["ci_low"], kept["ci_high"], kept["note"]) == (0.4, 0.6, "")
