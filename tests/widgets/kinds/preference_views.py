"""Trial views of the bundled preference-demo study, as a trial screen is handed them."""

from __future__ import annotations

from typing import Any

from app.home import bundled_studies_dir
from app.session.plan import build_plan
from app.session.presentation import trial_view
from app.study.loader import load_study


def preference_views(code: str = "P-views") -> dict[str, Any]:
    """item id -> TrialView for participant `code` (sides and cards in the order drawn)."""
    loaded = load_study(bundled_studies_dir() / "preference-demo")
    plan = build_plan(loaded.study, code)
    items = loaded.items_by_id
    return {p.item_id: trial_view(loaded.study, loaded.folder, items[p.item_id], p, len(plan))
            for p in plan}
