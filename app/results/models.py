"""Model scores: predictions read from the study's CSV files, scored with the humans' metric on
exactly the items the humans answered; published aggregates as reference rows.

A predictions file is `model,item_id,question_id,prediction` (read and checked by
`app.importers.predictions`): an option key, a number, or JSON (per-document scores, a ranking,
a label per card). Predictions for items no human answered are not scored.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from app.importers.predictions import read_predictions
from app.results.score_rows import ALL, Subset
from app.results.units import QuestionGroup
from app.study.loader import LoadedStudy
from app.study.paths import resolve_asset

ILLUSTRATIVE = "illustrative"
NOT_SAME_ITEMS = "published aggregate: not the same items"


@dataclass
class ModelPredictions:
    """Every model's predictions, keyed by question id, then model, as (item_id, answer) rows."""

    by_question: dict[str, dict[str, list[tuple[str, Any]]]] = field(default_factory=dict)
    illustrative: dict[str, bool] = field(default_factory=dict)  # model -> illustrative?

    @property
    def models(self) -> list[str]:
        return list(self.illustrative)

    def answers(self, group: QuestionGroup) -> dict[str, pd.DataFrame]:
        out = {}
        for model, pairs in self.by_question.get(group.question_id, {}).items():
            rows = [(i, a) for i, a in pairs if i in group.items]
            out[model] = pd.DataFrame(rows, columns=["item_id", "answer"]).drop_duplicates(
                subset="item_id", keep="first")
        return out


def load_predictions(loaded: LoadedStudy) -> ModelPredictions:
    """Every predictions file of the study, checked row by row by the predictions importer
    (StudyError names each bad row and column)."""
    out = ModelPredictions()
    for ref in loaded.study.models.predictions:
        for prediction in read_predictions(loaded, resolve_asset(loaded.folder, ref.file)):
            model = prediction.model
            out.illustrative[model] = out.illustrative.get(model, False) or ref.illustrative
            models = out.by_question.setdefault(prediction.question_id, {})
            models.setdefault(model, []).append((prediction.item_id, prediction.value))
    return out


def coverage_note(missing: int, total: int) -> str:
    return f"lacks predictions for {missing} of {total} items the humans answered" if missing else ""


def model_score_rows(cells: list[Subset], models: dict[str, pd.DataFrame],
                     illustrative: dict[str, bool]) -> list[dict[str, Any]]:
    """Each model scored on the subset's items (the items humans answered), flagged when it
    lacks some of them."""
    rows: list[dict[str, Any]] = []
    for subset in cells:
        group, scorer = subset.group, subset.scorer
        subs = {m: a[a["item_id"].isin(subset.item_ids)] for m, a in models.items()}
        scored = scorer.score_parties(group, {m: sub for m, sub in subs.items() if not sub.empty})
        for model, sub in subs.items():
            missing = len(subset.item_ids) - int(sub["item_id"].nunique())
            flag = illustrative.get(model, False)
            note = "; ".join(n for n in (ILLUSTRATIVE if flag else "",
                                         coverage_note(missing, len(subset.item_ids))) if n)
            if sub.empty:
                if subset.category == ALL:
                    rows += subset.rows("model", model, {}, [], n_items=0, n_raters=0,
                                        illustrative=flag, note=note)
                continue
            scores, values = scored[model]
            rows += subset.rows("model", model, scores, [values],
                                n_items=int(sub["item_id"].nunique()), n_raters=0,
                                illustrative=flag, note=note)
    return rows


def coverage_rows(group: QuestionGroup, human_items: set[str], models: dict[str, pd.DataFrame],
                  illustrative: dict[str, bool]) -> list[dict[str, Any]]:
    out = []
    for model, answers in models.items():
        have = set(answers["item_id"]) & human_items
        out.append({"question_id": group.question_id, "model": model,
                    "n_items_humans": len(human_items), "n_items_model": len(have),
                    "missing": len(human_items - have), "illustrative": illustrative.get(model, False),
                    "missing_items": " ".join(sorted(human_items - have))})
    return out


def published_rows(loaded: LoadedStudy, groups: list[QuestionGroup],
                   metrics: dict[str, tuple[str, ...]]) -> list[dict[str, Any]]:
    """Published aggregate scores as reference rows, attached to the question they name, else
    to the one question group whose metrics include theirs (else to none), always noted as not
    the same items."""
    rows = []
    for pub in loaded.study.models.published:
        owners = [g for g in groups if pub.metric in metrics.get(g.question_id, ())
                  and pub.question_id in (None, g.question_id)]
        owner = owners[0] if len(owners) == 1 else None
        category, value = ALL, ALL
        if pub.category:
            category, _, value = pub.category.partition("=")
        note = NOT_SAME_ITEMS + (f"; source: {pub.source}" if pub.source else "")
        if pub.illustrative:
            note = f"{ILLUSTRATIVE}; {note}"
        rows.append({
            "question_id": owner.question_id if owner else "", "kind": owner.kind if owner else "",
            "who_kind": "published", "who": pub.model, "category": category.strip(),
            "category_value": value.strip(), "metric": pub.metric, "value": pub.value,
            "ci_low": math.nan, "ci_high": math.nan, "ci_kind": "", "n_items": math.nan, "n_raters": math.nan,
            "illustrative": pub.illustrative, "note": note,
        })
    return rows
