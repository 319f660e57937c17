"""Classification metrics (HUME / MTEB classification) and the majority-vote human."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import numpy as np
from sklearn import config_context
from sklearn.metrics import precision_recall_fscore_support

from app.results.options import TieRule

SEP = "\x1f"  # ASCII unit separator: cannot occur in option keys (identifiers)
CHOICE_METRICS = ("accuracy", "f1", "f1_weighted", "precision", "recall")


def classification_scores(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, float]:
    """Accuracy, macro F1 (`f1`, MTEB's name), weighted F1, macro precision and recall.

    Labels are the union of gold and predicted; a class never predicted scores 0 (sklearn's
    `zero_division=0`, as in HUME's script).
    """
    return classification_scores_many({"": (gold, predicted)})[""]


def classification_scores_many(
        parties: dict[str, tuple[Sequence[str], Sequence[str]]]) -> dict[str, dict[str, float]]:
    """`classification_scores` of many parties (raters, models) with one sklearn call.

    Each label is prefixed with its party (`P01<SEP>joy`), so a party's answers are only ever
    compared with its own gold: the per-class counts sklearn returns for a party's prefixed
    classes are exactly those of a call on that party alone. Macro scores are the plain mean
    over the party's classes (the union of its gold and predicted labels, sklearn's default),
    weighted F1 the mean weighted by gold support, and accuracy the support-weighted recall
    (correct / answered): sklearn's own definitions.
    """
    keys = [k for k, (g, _) in parties.items() if len(g)]
    out = {k: dict.fromkeys(CHOICE_METRICS, float("nan")) for k in parties}
    if not keys:
        return out
    gold = np.concatenate([[f"{k}{SEP}{x}" for x in parties[k][0]] for k in keys])
    pred = np.concatenate([[f"{k}{SEP}{x}" for x in parties[k][1]] for k in keys])
    labels = sorted(set(gold) | set(pred))
    # Inputs are built here, so sklearn's parameter validation (most of a call's cost) is skipped.
    with config_context(skip_parameter_validation=True):
        precision, recall, f1, support = precision_recall_fscore_support(
            gold, pred, labels=labels, average=None, zero_division=0)
    owner = np.array([label.split(SEP, 1)[0] for label in labels])
    for key in keys:
        mine = owner == key
        weights = support[mine] / support[mine].sum()
        out[key] = {
            "accuracy": float(np.sum(recall[mine] * weights)),
            "f1": float(np.mean(f1[mine])),
            "f1_weighted": float(np.sum(f1[mine] * weights)),
            "precision": float(np.mean(precision[mine])),
            "recall": float(np.mean(recall[mine])),
        }
    return out


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
