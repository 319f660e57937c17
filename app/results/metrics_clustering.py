"""Clustering metrics (MTEB / HUME): V-measure, adjusted Rand index, adjusted mutual information
of a participant's grouping against the gold grouping of the same cards."""

from __future__ import annotations

import math
from collections.abc import Sequence

from app.kinds.clustering import grouping_labels

__all__ = ["CLUSTERING_METRICS", "clustering_scores", "grouping_labels", "pair_ari"]

CLUSTERING_METRICS = ("v_measure", "ari", "ami")


def clustering_scores(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, float]:
    if len(gold) < 2:
        return dict.fromkeys(CLUSTERING_METRICS, math.nan)
    # scikit-learn imported here: only clustering questions need it, and an export of any
    # other study would pay for the import (~0.15 s).
    from sklearn import config_context
    from sklearn.metrics import adjusted_mutual_info_score, adjusted_rand_score, v_measure_score

    with config_context(skip_parameter_validation=True):  # inputs are ours: skip the checks
        return {
            "v_measure": float(v_measure_score(gold, predicted)),
            "ari": float(adjusted_rand_score(gold, predicted)),
            "ami": float(adjusted_mutual_info_score(gold, predicted)),
        }


def pair_ari(a: Sequence[str], b: Sequence[str]) -> float:
    """Adjusted Rand index between two raters' groupings of the same cards."""
    from sklearn.metrics import adjusted_rand_score  # (see clustering_scores)

    return float(adjusted_rand_score(a, b)) if len(a) >= 2 else math.nan
