"""Rater models over the human answers to each choice question group: Dawid-Skene and MACE
(`app.results.rater_em`), their aggregated labels scored as pooled humans beside the majority
vote, and the low-competence measure (docs/results.md, "Rater models").

raters.csv: `RATER_COLUMNS`; aggregated_labels.csv: `LABEL_COLUMNS`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from app.results.lookup import isin
from app.results.rater_em import Coded, RaterFit, dawid_skene, mace
from app.results.scorers import FamilyScorer, Pooled
from app.results.units import QuestionGroup, group_answers, question_groups
from app.study.loader import LoadedStudy

RATER_COLUMNS = ["question_id", "participant", "method", "competence", "n_items", "confusion",
                 "note"]
LABEL_COLUMNS = ["question_id", "item_id", "method", "label", "posterior"]
DAWID_SKENE, MACE = "Dawid-Skene", "MACE"
METHODS = (DAWID_SKENE, MACE)
# low_competence: a rater whose MACE competence on some choice question is under this share of
# the median competence of that question's raters (the share is the study's setting).
LOW_COMPETENCE_RULE = "low_competence"
DEFAULT_COMPETENCE_SHARE = 0.5


@dataclass
class GroupRaters:
    """The two models fitted to one choice group: rows for the two CSV files and each
    method's labels as answers (item_id, answer) to score like the majority vote."""

    raters: list[dict[str, Any]] = field(default_factory=list)
    aggregates: dict[str, pd.DataFrame] = field(default_factory=dict)
    # (question id, method, item names, fit) of each method, for `labels`
    fitted: list[tuple[str, str, list[str], RaterFit]] = field(default_factory=list, repr=False)

    @cached_property
    def labels(self) -> list[dict[str, Any]]:
        """aggregated_labels.csv's rows, made when first read: of the four fits of a group an
        export makes (scores, the low_competence rule, sensitivity, party cells) only the
        scores' writes them, and 20,000 items make 40,000 rows (~0.3 s each fit)."""
        # (tolist: Python floats at once, equal to float() of each NumPy scalar)
        return [{"question_id": question_id, "item_id": item, "method": method,
                 "label": label, "posterior": p}
                for question_id, method, item_names, fit in self.fitted
                for item, label, p in zip(item_names, fit.labels, fit.posterior.tolist(),
                                          strict=True)]


def fit_group(group: QuestionGroup, answers: pd.DataFrame) -> GroupRaters:
    """Both models on the group's human answers that are option keys; a choice group only,
    with at least two raters (one rater has nobody to be weighed against)."""
    out = GroupRaters()
    if group.response_kind.answer_value != "label" or answers.empty:
        return out
    keys = answers[_is_text(answers["answer"])]
    if keys["participant"].nunique() < 2:
        return out
    coded = Coded.of(keys["item_id"].astype(str), keys["participant"].astype(str),
                     keys["answer"].astype(str))
    n_items = np.bincount(coded.raters, minlength=len(coded.rater_names))
    for method, fit in zip(METHODS, _fits(coded), strict=True):
        out.raters += _rater_rows(group.question_id, method, fit, n_items)
        if fit.failure:
            # a failed fit's labels are neither written nor scored: no pooled row, no gap
            continue
        out.fitted.append((group.question_id, method, coded.item_names, fit))
        out.aggregates[method] = pd.DataFrame({"item_id": coded.item_names, "answer": fit.labels})
    return out


def _is_text(answers: pd.Series) -> np.ndarray:
    """Which answers are text (option keys): pandas' text dtype holds nothing else but missing
    values; any other column is asked value by value."""
    if isinstance(answers.dtype, pd.StringDtype):
        return answers.notna().to_numpy(dtype=bool)
    return np.fromiter((isinstance(a, str) for a in answers.to_numpy(dtype=object)), dtype=bool,
                       count=len(answers))


# The last fits: an export fits the same answers for the scores, the low_competence rule and the
# sensitivity's rule sets that drop nobody (seconds each at 600,000 answers). Both models are
# deterministic (MACE's starts are seeded), so equal codes give equal fits.
_FITTED: list[tuple[Coded, tuple[RaterFit, RaterFit]]] = []


def _fits(coded: Coded) -> tuple[RaterFit, RaterFit]:
    """(Dawid-Skene, MACE) fitted to `coded`, or the fits of equal codes from just before."""
    for known, fits in _FITTED:
        if known.same_as(coded):
            return fits
    fits = (dawid_skene(coded), mace(coded))
    _FITTED[:] = [(coded, fits), *_FITTED[:1]]
    return fits


def _rater_rows(question_id: str, method: str, fit: RaterFit, n_items: np.ndarray
                ) -> list[dict[str, Any]]:
    """raters.csv's rows of one fit; a failed fit's rows have no competence and no confusion,
    and say why in `note`."""
    if fit.failure:
        return [{"question_id": question_id, "participant": code, "method": method,
                 "competence": math.nan, "n_items": int(n_items[w]), "confusion": "",
                 "note": f"{method} fit failed: {fit.failure}; its labels are not used"}
                for w, code in enumerate(fit.coded.rater_names)]
    confusions = _confusion_texts(fit)
    return [{"question_id": question_id, "participant": code, "method": method,
             "competence": float(fit.competence[w]), "n_items": int(n_items[w]),
             "confusion": confusions[w], "note": ""}
            for w, code in enumerate(fit.coded.rater_names)]


# The confusion texts of the last fits: the scores, the low_competence rule and the
# sensitivity ask for the rows of the same fit (`_fits`), a json.dumps per rater each time.
_CONFUSIONS: list[tuple[RaterFit, list[str]]] = []


def _confusion_texts(fit: RaterFit) -> list[str]:
    """Per rater, {true label: {answered label: probability}} as JSON ("" without a confusion
    matrix): how the rater answers each truth."""
    for known, texts in _CONFUSIONS:
        if known is fit:
            return texts
    names = fit.coded.label_names
    if fit.confusion is None:
        texts = [""] * len(fit.coded.rater_names)
    else:
        # (tolist: Python floats at once, each equal to float() of its NumPy scalar)
        texts = [json.dumps({t: {g: round(rater[j][i], 6) for j, g in enumerate(names)}
                             for i, t in enumerate(names)}, sort_keys=True)
                 for rater in fit.confusion.tolist()]
    _CONFUSIONS[:] = [(fit, texts), *_CONFUSIONS[:3]]
    return texts


def aggregate_pooled(group: QuestionGroup, scorer: FamilyScorer,
                     aggregates: dict[str, pd.DataFrame], item_ids: list[str]) -> list[Pooled]:
    """Each model's labels on the given items, scored like the majority vote (accuracy family
    only: other families have no single answer to aggregate)."""
    if scorer.family != "accuracy":
        return []
    wanted = set(item_ids)
    out = []
    for method, labels in aggregates.items():
        frame = labels[isin(labels["item_id"], wanted)]
        if not frame.empty:
            scores, values = scorer.score(group, frame)
            out.append(Pooled(method, scores, values))
    return out


def low_competence_rows(raters: pd.DataFrame, share: float = DEFAULT_COMPETENCE_SHARE, *,
                        enabled: bool = False) -> list[dict[str, Any]]:
    """exclusions.csv rows of rule `low_competence` (participant, rule, value, threshold,
    excluded): value is the rater's lowest MACE competence relative to the median of the
    question's raters; flagged under `share` only when the study turns the rule on."""
    mace_rows = raters[raters["method"] == MACE] if not raters.empty else raters
    lowest: dict[str, float] = {}
    for _, rows in mace_rows.groupby("question_id", sort=False):
        median = float(rows["competence"].median())
        for code, value in zip(rows["participant"], rows["competence"], strict=True):
            ratio = float(value) / median if median > 0 else math.nan
            if not math.isnan(ratio):
                lowest[str(code)] = min(lowest.get(str(code), math.inf), ratio)
    return [{"participant": code, "rule": LOW_COMPETENCE_RULE, "value": value,
             "threshold": float(share), "excluded": bool(enabled and value < share)}
            for code, value in sorted(lowest.items())]


def raters_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=RATER_COLUMNS)


def labels_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=LABEL_COLUMNS)


def competence_exclusion_rows(loaded: LoadedStudy, frame: pd.DataFrame,
                              share: float = DEFAULT_COMPETENCE_SHARE, *,
                              enabled: bool = False) -> list[dict[str, Any]]:
    """exclusions.csv rows of rule `low_competence` for a responses frame
    (`app.results.frame.responses_frame`): MACE on every choice question, then
    `low_competence_rows`."""
    rows: list[dict[str, Any]] = []
    for group in question_groups(loaded.study):
        if group.response_kind.answer_value == "label":
            rows += fit_group(group, group_answers(group, frame, None)).raters
    return low_competence_rows(raters_frame(rows), share, enabled=enabled)


def participant_competence(loaded: LoadedStudy, frame: pd.DataFrame,
                           share: float = DEFAULT_COMPETENCE_SHARE) -> dict[str, tuple[float, bool]]:
    """participant code -> (lowest MACE competence relative to the question's median, under
    `share`?): what the designer's participants view shows and flags."""
    return {r["participant"]: (r["value"], r["value"] < share)
            for r in competence_exclusion_rows(loaded, frame, share)}
