"""Clustering metrics (MTEB / HUME): V-measure, adjusted Rand index, adjusted mutual information
of a participant's grouping against the gold grouping of the same cards."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from sklearn import config_context
from sklearn.metrics import adjusted_mutual_info_score, adjusted_rand_score, v_measure_score

CLUSTERING_METRICS = ("v_measure", "ari", "ami")


def grouping_labels(answer: Any, cards: Sequence[str]) -> list[str] | None:
    """A grouping ({card: label}, or a list of labels in card order) as labels in card order."""
    if isinstance(answer, Mapping) and all(c in answer for c in cards):
        return [str(answer[c]) for c in cards]
    if isinstance(answer, list) and len(answer) == len(cards):
        return [str(a) for a in answer]
    return None


def clustering_scores(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, float]:
    if len(gold) < 2:
        return dict.fromkeys(CLUSTERING_METRICS, math.nan)
    with config_context(skip_parameter_validation=True):  # inputs are ours: skip the checks
        return {
            "v_measure": float(v_measure_score(gold, predicted)),
            "ari": float(adjusted_rand_score(gold, predicted)),
            "ami": float(adjusted_mutual_info_score(gold, predicted)),
        }


def pair_ari(a: Sequence[str], b: Sequence[str]) -> float:
    """Adjusted Rand index between two raters' groupings of the same cards."""
    return float(adjusted_rand_score(a, b)) if len(a) >= 2 else math.nan
