"""Reranking metrics per query (MTEB / HUME): average precision, MRR@10, nDCG@10.

How a human's judgements become a ranking, exactly as in HUME's script: each document's grade
is its score; AP is sklearn's `average_precision_score(relevant, scores)` on those scores (tied
grades form one threshold), and MRR@10 and nDCG@10 rank documents by score with ties kept in
document order (a stable sort of the item's documents as written in the study). A ranking
answer gives the document at place i of n the score n - i. Model predictions are per-document
scores (any real numbers) and go through the same functions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from scipy.stats import kendalltau

from app.kinds import kind_of
from app.study.model import Question

RETRIEVAL_METRICS = ("map", "mrr@10", "ndcg@10")
RANKING_METRICS = (*RETRIEVAL_METRICS, "kendall_tau")
K = 10


def answer_scores(answer: Any, doc_order: Sequence[str]) -> dict[str, float] | None:
    """Per-document scores from a stored answer or a model prediction, None if unusable.

    {doc: grade or score}; a list of ids (a ranking, best first); or a list of numbers in
    document order.
    """
    if isinstance(answer, Mapping):
        try:
            return {str(d): float(v) for d, v in answer.items()}
        except (TypeError, ValueError):
            return None
    if isinstance(answer, list) and answer:
        if all(isinstance(a, str) for a in answer):
            n = len(answer)
            return {doc: float(n - place) for place, doc in enumerate(answer)}
        if len(answer) == len(doc_order) and all(isinstance(a, int | float) for a in answer):
            return {doc: float(v) for doc, v in zip(doc_order, answer, strict=True)}
    return None


def gold_relevance(question: Question, doc_order: Sequence[str]) -> tuple[list[float], list[bool]] | None:
    """(gain, relevant) per document in document order; None without gold.

    The question's kind says (`Kind.gold_gains`): relevance: gain = the gold grade, relevant =
    grade > 0. ranking: the document at gold place i of n has gain n - i, and the top
    `scoring.options.relevant_k` (default 1) are relevant.
    """
    return kind_of(question).gold_gains(question, doc_order)


def query_metrics(gains: Sequence[float], relevant: Sequence[bool],
                  scores: Sequence[float]) -> dict[str, float]:
    """AP, reciprocal rank of the first relevant document in the top 10, and nDCG@10, for one
    query. NaN when no document is relevant (AP is undefined then)."""
    rel = np.asarray(relevant, dtype=bool)
    s = np.asarray(scores, dtype=float)
    if not rel.any():
        return dict.fromkeys(RETRIEVAL_METRICS, math.nan)
    order = np.argsort(-s, kind="stable")  # ties in document order, as HUME's np.argsort
    top = order[:K]
    hits = np.flatnonzero(rel[top])
    rr = 1.0 / (hits[0] + 1) if hits.size else 0.0
    # scikit-learn imported here: only retrieval questions need it (see metrics_clustering).
    from sklearn import config_context
    from sklearn.metrics import average_precision_score, ndcg_score

    # Inputs are built here, so sklearn's parameter validation (most of a call's cost) is skipped.
    with config_context(skip_parameter_validation=True):
        if len(s) > 1:
            # sklearn's nDCG on scores that encode the stable order: ties broken the same way.
            strict = np.empty(len(s))
            strict[order] = np.arange(len(s), 0, -1)
            ndcg = float(ndcg_score(np.asarray([gains], dtype=float), strict[None, :], k=K))
        else:
            ndcg = 1.0
        ap = float(average_precision_score(rel, s))
    return {"map": ap, "mrr@10": float(rr), "ndcg@10": ndcg}


def rank_agreement(answer_order: Sequence[str], gold_order: Sequence[str]) -> float:
    """Kendall's tau between a ranking and the gold ranking (both lists of ids, best first)."""
    place = {doc: i for i, doc in enumerate(gold_order)}
    shared = [d for d in answer_order if d in place]
    if len(shared) < 2:
        return math.nan
    return float(kendalltau(range(len(shared)), [place[d] for d in shared]).statistic)
