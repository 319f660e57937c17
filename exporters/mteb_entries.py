"""One MTEB `scores.test` entry per task subset, in exactly the shape of HUME's results files
(`../shared/reference/mteb-human-results/`): the pooled human's metrics, `main_score`, one
`scores_per_experiment` entry per annotator, the `agreement` block, `hf_subset`, `languages`.

The pooled human is HUME's: the majority vote (classification), the mean rating per pair
(STS), the mean over annotators (reranking, clustering). An undefined number (a correlation of
constant ratings, say) is written as null; HUME's script writes 0.0 there.
"""

from __future__ import annotations

import math
from typing import Any

import pandas as pd

from app.results.agreement import (
    fleiss,
    fleiss_band,
    pairwise_ari,
    pairwise_choice,
    pairwise_spearman,
    per_query_agreement,
)
from app.results.options import ResultsOptions
from app.results.rater_batch import split_raters
from app.results.reliability import reliability_data
from app.results.score_rows import mean_scores
from app.results.scorers import scorer_for
from app.results.units import QuestionGroup
from app.study.answers import item_document_ids

# The metric keys of each MTEB task type (a kind says its own: `Kind.mteb_task`), in the
# reference files' order; per-annotator keys after.
TASK_METRICS = {
    "classification": (("accuracy", "f1", "f1_weighted", "precision", "recall"),
                       ("accuracy", "f1", "f1_weighted")),
    "sts": (("spearman", "pearson", "mse"), ("spearman", "pearson", "mse")),
    "reranking": (("map", "mrr@10", "ndcg@10"), ("map", "mrr@10", "ndcg@10")),
    "clustering": (("v_measure", "ari", "ami"), ("v_measure", "ari", "ami")),
}
# Task types whose headline human is HUME's pooled one (the majority vote, the mean rating per
# pair) rather than the mean over annotators.
POOLED_TASKS = ("classification", "sts")


def number(value: Any) -> float | None:
    """A JSON-safe float: NaN and infinities become null."""
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def task_entry(group: QuestionGroup, answers: pd.DataFrame, options: ResultsOptions, *,
               hf_subset: str, languages: list[str]) -> dict[str, Any]:
    scorer = scorer_for(group)
    task = group.response_kind.mteb_task
    if scorer is None or task not in TASK_METRICS:
        raise ValueError(f"question {group.question_id!r} ({group.kind}) has no MTEB scoring")
    pooled_keys, per_keys = TASK_METRICS[task]
    # One split into arrays and every rater scored from them (`FamilyScorer.score_raters`),
    # not a mask (raters x responses) nor a frame per rater.
    split = split_raters(answers)
    raters = split.codes
    per_rater = dict(zip(raters, scorer.score_raters(group, split).scores, strict=True))
    if len(raters) > 1 and task in POOLED_TASKS:
        pooled = scorer.pooled(group, answers, options)
        top = pooled.scores if pooled else {}
    elif len(raters) == 1:
        top = per_rater[raters[0]]
    else:
        top = mean_scores(list(per_rater.values()))
    entry: dict[str, Any] = {key: number(top.get(key)) for key in pooled_keys}
    entry["main_score"] = number(top.get(scorer.main))
    entry["scores_per_experiment"] = [{key: number(per_rater[r].get(key)) for key in per_keys}
                                      for r in raters]
    entry["agreement"] = agreement_block(group, answers)
    entry["hf_subset"] = hf_subset
    entry["languages"] = languages
    return entry


def agreement_block(group: QuestionGroup, answers: pd.DataFrame) -> dict[str, Any]:
    """HUME's agreement block for the task type (its keys and order)."""
    task = group.response_kind.mteb_task
    n_raters = int(answers["participant"].nunique())
    counts: dict[str, Any] = {"n_annotators": n_raters, "n_items": int(answers["item_id"].nunique()),
                              "total_annotations": len(answers)}
    if task == "clustering":
        # HUME's clustering records are the texts: each card is an item, each card label an
        # annotation.
        cards = {i: len(item_document_ids(group.items[i])) for i in answers["item_id"].unique()}
        counts["n_items"] = int(sum(cards.values()))
        counts["total_annotations"] = int(sum(cards[i] for i in answers["item_id"]))
    if n_raters < 2:
        return counts
    if task == "classification":
        kappa, _, _ = fleiss(reliability_data(group, answers))
        mean_kappa, share, _ = pairwise_choice(answers)
        return {"metric": "fleiss_kappa", "value": number(kappa),
                "interpretation": fleiss_band(kappa), **counts,
                "mean_pairwise_kappa": number(mean_kappa),
                "mean_percentage_agreement": number(share)}
    if task == "sts":
        value, _ = pairwise_spearman(answers)
        return {"metric": "mean_pairwise_spearman", "value": number(value), **counts}
    if task == "clustering":
        value, _ = pairwise_ari(group, answers)
        return {"metric": "mean_pairwise_ari", "value": number(value), **counts}
    stats = per_query_agreement(group, answers)
    return {**counts, "mean_spearman": number(stats["mean_spearman"]),
            "mean_kendall_tau": number(stats["mean_kendall_tau"]),
            "mean_binary_kappa": number(stats["mean_binary_kappa"]),
            "spearman_std": number(stats["spearman_std"]),
            "n_comparisons": int(stats["n_comparisons"])}


def languages_of(group: QuestionGroup, item_ids: list[str], fallback: list[str]) -> list[str]:
    found = [group.items[i].language for i in item_ids if group.items[i].language]
    return list(dict.fromkeys(str(x) for x in found)) or list(fallback)


