"""Every party's classification scores computed by class set at once are the floats of the
one-party computation (issue 21, row 9): `==`, not a tolerance, so the exported digits cannot
move. The reference is the per-party loop `classification_scores_flat` ran before, kept as
`_party_scores` (itself checked against scikit-learn in tests/test_results_metrics.py)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from app.results.metrics_choice import CHOICE_METRICS, _party_scores, classification_scores_flat


def _reference(owner: np.ndarray, gold: np.ndarray, predicted: np.ndarray,
               n_parties: int) -> list[dict[str, float]]:
    """The loop before the batch: each party's counts over its own classes, one at a time."""
    out = [dict.fromkeys(CHOICE_METRICS, math.nan) for _ in range(n_parties)]
    for k in range(n_parties):
        mine = owner == k
        if not mine.any():
            continue
        g, p = gold[mine], predicted[mine]
        labels = sorted(set(g.tolist()) | set(p.tolist()))
        tp = np.array([np.sum((g == c) & (p == c)) for c in labels])
        support = np.array([np.sum(g == c) for c in labels])
        pred = np.array([np.sum(p == c) for c in labels])
        out[k] = _party_scores(tp, support, pred)
    return out


def _same(a: dict[str, float], b: dict[str, float]) -> bool:
    return list(a) == list(b) and all(
        (math.isnan(a[m]) and math.isnan(b[m])) or a[m] == b[m] for m in a)


@pytest.mark.parametrize("seed", range(24))
def test_batch_equals_the_one_party_loop(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n_labels = int(rng.integers(1, [4, 8, 20, 40][seed % 4] + 1))
    labels = np.array([f"label{i:02d}" for i in range(n_labels)], dtype=object)
    n_parties = int(rng.integers(1, 300))
    sizes = rng.integers(0, 60, n_parties)
    sizes[rng.random(n_parties) < 0.1] = 0  # parties without answers: NaN
    owner = np.repeat(np.arange(n_parties), sizes)
    # Some parties see few classes, so class sets differ; others all of them.
    width = rng.integers(1, n_labels + 1, n_parties)[owner]
    gold = labels[(rng.random(len(owner)) * width).astype(int)]
    right = rng.random(len(owner)) < rng.uniform(0, 1)
    predicted = np.where(right, gold, labels[rng.integers(0, n_labels, len(owner))])
    got = classification_scores_flat(owner, gold, predicted, n_parties)
    want = _reference(owner, gold, predicted, n_parties)
    assert len(got) == n_parties
    for k in range(n_parties):
        assert _same(got[k], want[k]), (k, got[k], want[k])


def test_batch_of_one_party_and_of_none() -> None:
    gold = np.array(["a", "b", "b", "c"], dtype=object)
    predicted = np.array(["a", "c", "b", "d"], dtype=object)
    owner = np.zeros(4, dtype=np.intp)
    assert _same(classification_scores_flat(owner, gold, predicted, 1)[0],
                 _reference(owner, gold, predicted, 1)[0])
    empty = np.zeros(0, dtype=object)
    assert all(math.isnan(v) for v in classification_scores_flat(
        np.zeros(0, dtype=np.intp), empty, empty, 2)[1].values())


def test_scores_are_python_floats_in_metric_order() -> None:
    owner = pd.factorize(np.array(["r1", "r1", "r2"], dtype=object))[0]
    got = classification_scores_flat(owner, np.array(["x", "y", "x"], dtype=object),
                                     np.array(["x", "x", "x"], dtype=object), 2)
    assert [list(row) for row in got] == [list(CHOICE_METRICS)] * 2
    assert all(type(v) is float for row in got for v in row.values())
