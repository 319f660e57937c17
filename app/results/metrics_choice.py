"""Classification metrics (HUME / MTEB classification) and the majority-vote human."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import numpy as np
from sklearn import config_context
from sklearn.metrics import accuracy_score, precision_recall_fscore_support

from app.results.options import TieRule

CHOICE_METRICS = ("accuracy", "f1", "f1_weighted", "precision", "recall")


def classification_scores(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, float]:
    """Accuracy, macro F1 (`f1`, MTEB's name), weighted F1, macro precision and recall.

    Labels are the union of gold and predicted; a class never predicted scores 0 (sklearn's
    `zero_division=0`, as in HUME's script).
    """
    if len(gold) == 0:
        return dict.fromkeys(CHOICE_METRICS, float("nan"))
    g, p = np.asarray(gold, dtype=str), np.asarray(predicted, dtype=str)
    labels = sorted(set(gold) | set(predicted))
    # One sklearn call gives every per-class number; its `average="macro"` is their plain mean
    # and `average="weighted"` their mean weighted by gold support (sklearn's definitions).
    # Skipping parameter validation saves most of the per-call cost (inputs are ours).
    with config_context(skip_parameter_validation=True):
        precision, recall, f1, support = precision_recall_fscore_support(
            g, p, labels=labels, average=None, zero_division=0)
        accuracy = accuracy_score(g, p)
    weights = support / support.sum() if support.sum() else np.zeros(len(labels))
    return {
        "accuracy": float(accuracy),
        "f1": float(np.mean(f1)),
        "f1_weighted": float(np.sum(f1 * weights)),
        "precision": float(np.mean(precision)),
        "recall": float(np.mean(recall)),
    }


def majority_vote(answers: Sequence[str], *, tie_rule: TieRule = "first_sorted",
                  option_order: Sequence[str] = (), salt: str = "") -> str | None:
    """The most frequent answer; a tie is broken by `tie_rule` (see `app.results.options`).

    Returns None for no answers, or for a tie under the `exclude` rule.
    """
    if not answers:
        return None
    counts = Counter(answers)
    top = max(counts.values())
    tied = [label for label, n in counts.items() if n == top]
    if len(tied) == 1:
        return tied[0]
    if tie_rule == "first_sorted":
        return sorted(tied)[0]
    if tie_rule == "first_option":
        rank = {key: i for i, key in enumerate(option_order)}
        return min(tied, key=lambda label: (rank.get(label, len(rank)), label))
    if tie_rule == "random":
        return random.Random(f"tie:{salt}").choice(sorted(tied))
    return None


def correct_vector(gold: Sequence[str], predicted: Sequence[str]) -> np.ndarray:
    return np.array([g == p for g, p in zip(gold, predicted, strict=True)], dtype=float)
