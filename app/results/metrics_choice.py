"""Classification metrics (HUME / MTEB classification) and the majority-vote human."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import numpy as np
import pandas as pd

from app.results.grouped import answer_counts
from app.results.options import TieRule

CHOICE_METRICS = ("accuracy", "f1", "f1_weighted", "precision", "recall")


def classification_scores(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, float]:
    """Accuracy, macro F1 (`f1`, MTEB's name), weighted F1, macro precision and recall.

    Labels are the union of gold and predicted; a class never predicted scores 0 (sklearn's
    `zero_division=0`, as in HUME's script).
    """
    return classification_scores_many({"": (gold, predicted)})[""]


def classification_scores_many(
        parties: dict[str, tuple[Sequence[str], Sequence[str]]]) -> dict[str, dict[str, float]]:
    """`classification_scores` of many parties (raters, models) from one set of counts.

    Per party and label: true positives, gold support and predictions, counted with one
    `np.bincount` each over all parties' answers. Each party's labels are the union of its gold
    and predicted labels in sorted order (sklearn's `unique_labels`), and precision, recall and
    F1 are sklearn's `precision_recall_fscore_support` formulas on those counts (zero_division
    0): the same numbers to the bit. Macro scores are the plain mean over the party's classes,
    weighted F1 the mean weighted by gold support, and accuracy the support-weighted recall
    (correct / answered): sklearn's own definitions.
    """
    keys = [k for k, (g, _) in parties.items() if len(g)]
    out = {k: dict.fromkeys(CHOICE_METRICS, float("nan")) for k in parties}
    if not keys:
        return out
    owner = np.repeat(np.arange(len(keys)), [len(parties[k][0]) for k in keys])
    gold = np.concatenate([np.asarray(parties[k][0], dtype=object) for k in keys])
    predicted = np.concatenate([np.asarray(parties[k][1], dtype=object) for k in keys])
    out.update(zip(keys, classification_scores_flat(owner, gold, predicted, len(keys)),
                   strict=True))
    return out


def classification_scores_flat(owner: np.ndarray, gold: np.ndarray, predicted: np.ndarray,
                               n_parties: int) -> list[dict[str, float]]:
    """`classification_scores_many` of parties given as flat arrays: entry j is party
    `owner[j]`'s (gold[j], predicted[j]); a party without entries scores NaN."""
    out = [dict.fromkeys(CHOICE_METRICS, float("nan")) for _ in range(n_parties)]
    if len(owner) == 0:
        return out
    both = np.concatenate([np.asarray(gold, dtype=object), np.asarray(predicted, dtype=object)])
    codes, labels = pd.factorize(both, sort=True)
    n_labels = len(labels)
    owner = np.asarray(owner)
    gold_codes, pred_codes = codes[:len(owner)], codes[len(owner):]
    cells = n_parties * n_labels
    true_sum = np.bincount(owner * n_labels + gold_codes, minlength=cells).reshape(n_parties, -1)
    pred_sum = np.bincount(owner * n_labels + pred_codes, minlength=cells).reshape(n_parties, -1)
    right = gold_codes == pred_codes
    tp_sum = np.bincount((owner * n_labels + gold_codes)[right],
                         minlength=cells).reshape(n_parties, -1)
    present = (true_sum > 0) | (pred_sum > 0)
    answered = np.flatnonzero(np.bincount(owner, minlength=n_parties))
    # Parties with the same classes are scored together: each one's row of the arrays below
    # holds the numbers its own one-party computation holds, and every step is element-wise or
    # a reduction along the row (as along the one party's vector); tested equal to the
    # one-party loop (`_party_scores`) in tests/app/results/test_classification_batch.py.
    _, class_set = np.unique(present[answered], axis=0, return_inverse=True)
    for s in range(int(class_set.max()) + 1 if len(answered) else 0):
        parties = answered[class_set.reshape(-1) == s]
        mine = present[parties[0]]
        scores = _class_set_scores(tp_sum[parties][:, mine], true_sum[parties][:, mine],
                                   pred_sum[parties][:, mine])
        for k, row in zip(parties.tolist(), scores, strict=True):
            out[k] = row
    return out


def _class_set_scores(tp: np.ndarray, support: np.ndarray, predicted: np.ndarray
                      ) -> list[dict[str, float]]:
    """The scores of parties x classes counts (one row per party, its classes only)."""
    precision = _prf_divide(tp.astype(float), predicted.astype(float))
    recall = _prf_divide(tp.astype(float), support.astype(float))
    f1 = _prf_divide(2.0 * tp.astype(float), 1.0 * support.astype(float) + predicted)
    weights = support / support.sum(axis=1, keepdims=True)
    columns = {
        "accuracy": np.sum(recall * weights, axis=1),
        "f1": np.mean(f1, axis=1),
        "f1_weighted": np.sum(f1 * weights, axis=1),
        "precision": np.mean(precision, axis=1),
        "recall": np.mean(recall, axis=1),
    }
    values = [columns[m].tolist() for m in CHOICE_METRICS]
    return [dict(zip(CHOICE_METRICS, row, strict=True)) for row in zip(*values, strict=True)]


def _party_scores(tp: np.ndarray, support: np.ndarray, predicted: np.ndarray
                  ) -> dict[str, float]:
    """One party's scores from its classes' counts: the reference the batch is tested against
    (sklearn's `precision_recall_fscore_support` formulas, tests/test_results_metrics.py)."""
    precision = _prf_divide(tp.astype(float), predicted.astype(float))
    recall = _prf_divide(tp.astype(float), support.astype(float))
    f1 = _prf_divide(2.0 * tp.astype(float), 1.0 * support.astype(float) + predicted)
    weights = support / support.sum()
    return {
        "accuracy": float(np.sum(recall * weights)),
        "f1": float(np.mean(f1)),
        "f1_weighted": float(np.sum(f1 * weights)),
        "precision": float(np.mean(precision)),
        "recall": float(np.mean(recall)),
    }


def _prf_divide(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """sklearn's `_prf_divide` with zero_division=0: 0 where the denominator is 0."""
    zero = denominator == 0
    safe = denominator.copy()
    safe[zero] = 1
    result = numerator / safe
    result[zero] = 0.0
    return result


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


def majority_candidates(answers: pd.DataFrame) -> Iterator[tuple[str, list[str]]]:
    """Per item (in order of first appearance): what `majority_vote` needs to decide it. An item
    with one most frequent answer yields just that answer (the vote is the same under every tie
    rule); a tied item yields all its answers as text, so the tie rule sees them all. Counting
    is one `np.bincount` over items x answers instead of a pandas group per item."""
    if answers.empty:
        return
    texts = [str(a) for a in answers["answer"].tolist()]
    tally = answer_counts(answers["item_id"].tolist(), texts)
    items, item_ids, names, counts = tally.items, tally.item_names, tally.answer_names, tally.counts
    tied = (counts == counts.max(axis=1)[:, None]).sum(axis=1) > 1
    winner = counts.argmax(axis=1)
    given: dict[int, list[str]] = {}
    for row in np.flatnonzero(tied[items]):
        given.setdefault(int(items[row]), []).append(texts[row])
    for k, item_id in enumerate(item_ids):
        yield str(item_id), given[k] if tied[k] else [str(names[winner[k]])]


def correct_vector(gold: Sequence[str], predicted: Sequence[str]) -> np.ndarray:
    return np.array([g == p for g, p in zip(gold, predicted, strict=True)], dtype=float)
