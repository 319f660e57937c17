"""reader_auc.csv and mrmc.csv of a reader study (docs/results.md, "Reader studies"): the MRMC
analysis (app.results.mrmc) of every rating question whose `scoring.metric` is `auc`, and, in
such a study, of every choice question with gold, whose figure of merit is the accuracy.

A case is an item; its truth is the question's gold (0 or 1); a reader's FOM is the empirical
AUC of their confidence ratings. The readers' conditions come from an answer's `condition`
(the study's `conditions`, compared pairwise in their declared order; one condition, "all",
when the answers carry none). The analysis needs a fully crossed design:
it is run on the cases every reader rated under every condition, and the note says how many
cases that leaves out. Models' predictions (scores, e.g. probabilities) on those cases make the
standalone AIs the readers are compared with.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd

from app.results.metrics_rating import numeric
from app.results.models import ILLUSTRATIVE, ModelPredictions
from app.results.mrmc import (
    Interval,
    MrmcError,
    OrAnalysis,
    accuracy_with_jackknife,
    analyse,
    auc_with_jackknife,
    jackknife_covariance,
    readers_vs_standalone,
)
from app.results.units import QuestionGroup

AUC = "auc"
ACCURACY = "accuracy"
ALL_CONDITIONS = "all"
READER_AUC_COLUMNS = ["question_id", "who_kind", "reader", "condition", "fom_metric", "fom",
                      "jackknife_se", "n_cases", "n_positive", "n_negative", "illustrative",
                      "note"]
MRMC_COLUMNS = ["question_id", "comparison", "analysis", "condition_a", "condition_b", "fom_a",
                "fom_b", "difference", "se", "ci_low", "ci_high", "statistic", "statistic_kind",
                "df_num", "df_den", "p_value", "var_r", "var_tr", "var_error", "cov1", "cov2",
                "cov3", "n_readers", "n_cases", "illustrative", "note"]


def is_reader_study(groups: Iterable[QuestionGroup]) -> bool:
    return any(g.metric == AUC for g in groups)


def reader_study(groups: Iterable[QuestionGroup], answers: dict[str, pd.DataFrame],
                 predictions: ModelPredictions, conditions: Sequence[str] = ()
                 ) -> tuple[pd.DataFrame, pd.DataFrame, list[str]] | None:
    """`reader_study_tables` for a reader study, None for any other."""
    groups = list(groups)
    if not is_reader_study(groups):
        return None
    return reader_study_tables(groups, answers, predictions, conditions)


def condition_answers(groups: Iterable[QuestionGroup], frame: pd.DataFrame
                      ) -> dict[str, pd.DataFrame]:
    """question id -> each reader's first answer to each case under each condition (not
    practice): the MRMC analysis' input where the study declares `conditions`."""
    out: dict[str, pd.DataFrame] = {}
    if frame.empty:
        return out
    scored = frame[~frame["practice"].astype(bool) & frame["answer"].notna()]
    for group in groups:
        rows = scored[(scored["question_id"] == group.question_id)
                      & scored["item_id"].isin(list(group.items))]
        out[group.question_id] = pd.DataFrame({
            "participant": rows["participant"].astype(str),
            "item_id": rows["item_id"].astype(str),
            "answer": rows["answer"],
            "condition": rows["condition"].astype(str),
        }).drop_duplicates(subset=["participant", "item_id", "condition"]).reset_index(drop=True)
    return out


def first_condition_only(conditions: Sequence[str], frame: pd.DataFrame
                         ) -> tuple[pd.DataFrame, str | None]:
    """The responses under the first declared condition, and a note saying so: every analysis
    but the MRMC one takes one answer per reader and case (the first condition is the
    designer's reference reading, e.g. "unaided": the human baseline a model is compared
    with). Unchanged (and no note) without conditions."""
    if not conditions or "condition" not in frame:
        return frame, None
    first = conditions[0]
    note = (f"reader study: scores, agreement and the human-vs-model comparison are of the "
            f"readings under the first condition ({first}); mrmc.csv compares the conditions")
    return frame[frame["condition"].astype(str) == first].reset_index(drop=True), note


@dataclass
class _Design:
    """One question's crossed ratings: conditions x readers x cases."""

    conditions: list[str]
    readers: list[str]
    cases: list[str]
    truth: np.ndarray
    ratings: np.ndarray  # t x r x c: confidence ratings (auc), or 1/0 right or wrong (accuracy)
    note: str
    fom: str = AUC

    def foms(self, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The FOM of each row of `values` (n x c) and its n x c jackknife values."""
        if self.fom == AUC:
            return auc_with_jackknife(self.truth, values)
        return accuracy_with_jackknife(values)


def reader_study_tables(groups: Iterable[QuestionGroup], answers: dict[str, pd.DataFrame],
                        predictions: ModelPredictions, conditions: Sequence[str] = ()
                        ) -> tuple[pd.DataFrame, pd.DataFrame, list[str]]:
    """reader_auc.csv's and mrmc.csv's rows, and notes on what could not be analysed.
    `conditions`: the declared order of the conditions (a pair's difference is the earlier
    minus the later); conditions the answers carry beyond them follow in order met."""
    auc_rows: list[dict[str, Any]] = []
    mrmc_rows: list[dict[str, Any]] = []
    notes: list[str] = []
    groups = list(groups)
    reader_study = is_reader_study(groups)
    for group in groups:
        by_accuracy = (reader_study and group.metric == ACCURACY and group.kind == "choice"
                       and group.has_gold)
        if group.metric != AUC and not by_accuracy:
            continue
        try:
            design = _design(group, answers.get(group.question_id),
                             ACCURACY if by_accuracy else AUC, conditions)
            _rows_of(group, design, predictions, auc_rows, mrmc_rows)
        except MrmcError as error:
            notes.append(f"{group.question_id}: no MRMC analysis: {error}")
    return (pd.DataFrame(auc_rows, columns=READER_AUC_COLUMNS),
            pd.DataFrame(mrmc_rows, columns=MRMC_COLUMNS), notes)


def _truth(group: QuestionGroup) -> dict[str, int]:
    out = {}
    for item_id in group.items:
        gold = numeric(group.gold(item_id))
        if gold in (0.0, 1.0):
            out[item_id] = int(gold)
    return out


def _value(group: QuestionGroup, fom: str, item_id: str, answer: Any) -> float:
    """A rating (auc), or 1/0 for an answer that is / is not the gold (accuracy)."""
    if fom == AUC:
        return numeric(answer)
    gold = group.gold(item_id)
    return math.nan if gold is None or answer is None else float(str(answer) == str(gold))


def _design(group: QuestionGroup, answers: pd.DataFrame | None, fom: str = AUC,
            declared: Sequence[str] = ()) -> _Design:
    truth = (_truth(group) if fom == AUC else
             {i: 1 for i in group.items if group.gold(i) is not None})
    if answers is None or answers.empty:
        raise MrmcError("no answers")
    items = answers["item_id"].astype(str)
    rows = pd.DataFrame({
        "reader": answers["participant"].astype(str),
        "condition": (answers["condition"].fillna(ALL_CONDITIONS).astype(str)
                      .replace("", ALL_CONDITIONS)
                      if "condition" in answers else ALL_CONDITIONS),
        "item_id": items,
        "rating": [_value(group, fom, i, a) if i in group.items else math.nan
                   for i, a in zip(items, answers["answer"], strict=True)],
    })
    rows = rows[rows["item_id"].isin(truth) & rows["rating"].notna()]
    if rows.empty:
        raise MrmcError("no ratings of items with a truth of 0 or 1 (the question's gold)"
                        if fom == AUC else "no answers to items with gold")
    met = list(dict.fromkeys(rows["condition"]))
    conditions = [c for c in declared if c in met] + [c for c in met if c not in declared]
    readers = sorted(set(rows["reader"]))
    table = rows.pivot_table(index=["condition", "reader"], columns="item_id", values="rating",
                             aggfunc="first")
    table = table.reindex(pd.MultiIndex.from_product([conditions, readers]))
    complete = [c for c in group.items if c in table.columns and table[c].notna().all()]
    left_out = len(set(rows["item_id"])) - len(complete)
    note = (f"{left_out} cases not rated by every reader under every condition left out"
            if left_out else "")
    ratings = table[complete].to_numpy(dtype=float).reshape(len(conditions), len(readers),
                                                          len(complete))
    return _Design(conditions, readers, complete, np.array([truth[c] for c in complete]),
                   ratings, note, fom)


def _rows_of(group: QuestionGroup, d: _Design, predictions: ModelPredictions,
             auc_rows: list[dict[str, Any]], mrmc_rows: list[dict[str, Any]]) -> None:
    t, r, c = d.ratings.shape
    auc, jack = d.foms(d.ratings.reshape(t * r, c))
    auc, jack = auc.reshape(t, r), jack.reshape(t, r, c)
    whole = analyse(auc, jack, d.conditions, d.readers)
    se = whole.jackknife_se()
    positives = int(d.truth.sum()) if d.fom == AUC else math.nan
    base = {"question_id": group.question_id, "fom_metric": d.fom, "n_cases": c,
            "n_positive": positives, "n_negative": c - positives}
    for ti, condition in enumerate(d.conditions):
        for ri, reader in enumerate(d.readers):
            auc_rows.append({**base, "who_kind": "human", "reader": reader,
                             "condition": condition, "fom": auc[ti, ri],
                             "jackknife_se": se[ti, ri], "illustrative": False, "note": d.note})
    common = {"question_id": group.question_id, "n_readers": r, "n_cases": c,
              "illustrative": False, "note": d.note}
    for ti, condition in enumerate(d.conditions):
        for name, interval in whole.single(ti).items():
            mrmc_rows.append({
                **common, **_interval_row(interval), **_components(whole, ti),
                "comparison": "single_condition", "analysis": name, "condition_a": condition,
                "fom_a": interval.estimate})
    for a, b in combinations(range(t), 2):
        pair = analyse(auc[[a, b]], jack[[a, b]], [d.conditions[a], d.conditions[b]], d.readers)
        for test in pair.tests():
            comp = pair.components
            mrmc_rows.append({
                **common, **_interval_row(test.difference),
                "comparison": "conditions", "analysis": test.analysis,
                "condition_a": d.conditions[a], "condition_b": d.conditions[b],
                "fom_a": pair.fom_means[0], "fom_b": pair.fom_means[1],
                "difference": test.difference.estimate,
                "statistic": test.statistic, "df_num": test.df_num, "df_den": test.df_den,
                "statistic_kind": "chi2" if math.isinf(test.df_den) else "F",
                "p_value": test.p_value, "var_r": pair.var_r, "var_tr": pair.var_tr,
                "var_error": comp.var_error, "cov1": comp.cov1, "cov2": comp.cov2,
                "cov3": comp.cov3})
    case_index = {case: k for k, case in enumerate(d.cases)}
    for model, frame in predictions.answers(group).items():
        scores = np.full(c, math.nan)
        for item_id, answer in zip(frame["item_id"], frame["answer"], strict=True):
            if (k := case_index.get(str(item_id))) is not None:
                scores[k] = _value(group, d.fom, str(item_id), answer)
        flag = predictions.illustrative.get(model, False)
        missing = int(np.isnan(scores).sum())
        if missing:
            auc_rows.append({**base, "who_kind": "model", "reader": model,
                             "condition": "", "fom": math.nan, "jackknife_se": math.nan,
                             "illustrative": flag,
                             "note": f"lacks scores for {missing} of the {c} cases: not compared"})
            continue
        ai_auc, ai_jack = d.foms(scores)
        note = "; ".join(n for n in (ILLUSTRATIVE if flag else "", d.note) if n)
        auc_rows.append({**base, "who_kind": "model", "reader": model, "condition": "",
                         "fom": float(ai_auc[0]),
                         "jackknife_se": math.sqrt(float(jackknife_covariance(ai_jack)[0, 0])),
                         "illustrative": flag, "note": note})
        for ti, condition in enumerate(d.conditions):
            versus = readers_vs_standalone(auc[ti], jack[ti], float(ai_auc[0]), ai_jack[0])
            diff_cov = jackknife_covariance(jack[ti] - ai_jack[0][None, :])
            off = ~np.eye(r, dtype=bool)
            for name, interval in versus.difference.items():
                statistic = (interval.estimate / interval.se) ** 2 if interval.se > 0 else math.nan
                mrmc_rows.append({
                    **common, **_interval_row(interval), "comparison": "readers_vs_model",
                    "analysis": name,
                    "condition_a": condition, "condition_b": model,
                    "fom_a": versus.reader_fom, "fom_b": versus.ai_fom,
                    "difference": interval.estimate, "statistic": statistic,
                    "statistic_kind": "chi2" if math.isinf(interval.df) else "F",
                    "df_num": 1, "df_den": interval.df, "p_value": interval.p_value,
                    "var_error": float(np.diag(diff_cov).mean()),
                    "cov2": float(diff_cov[off].mean()), "illustrative": flag,
                    "note": "; ".join(n for n in (
                        ILLUSTRATIVE if flag else "",
                        "variance components of the reader-minus-model differences", d.note)
                        if n)})


def _interval_row(interval: Interval) -> dict[str, Any]:
    return {"se": interval.se, "ci_low": interval.ci_low, "ci_high": interval.ci_high,
            "df_den": interval.df}


def _components(whole: OrAnalysis, index: int) -> dict[str, Any]:
    """One condition's error variance and Cov2, from its block of the covariance."""
    r = len(whole.readers)
    block = whole.cov[index * r:(index + 1) * r, index * r:(index + 1) * r]
    return {"var_error": float(np.diag(block).mean()),
            "cov2": float(block[~np.eye(r, dtype=bool)].mean())}
