"""Each metric against a reference computed here from first principles or a published worked
example, never by the code under test calling itself."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import spearmanr

from app.results.bootstrap import boot_mean, boot_spearman, resample_counts
from app.results.metrics_choice import classification_scores, majority_vote
from app.results.metrics_clustering import clustering_scores
from app.results.metrics_rating import authorship_scores, sts_scores
from app.results.metrics_retrieval import answer_scores, query_metrics, rank_agreement


def test_classification_scores_by_hand() -> None:
    gold = ["a", "a", "a", "b", "b", "c"]
    pred = ["a", "a", "b", "b", "c", "c"]
    # per class (tp, fp, fn): a (2, 0, 1), b (1, 1, 1), c (1, 1, 0)
    precision = {"a": 2 / 2, "b": 1 / 2, "c": 1 / 2}
    recall = {"a": 2 / 3, "b": 1 / 2, "c": 1 / 1}
    f1 = {k: 2 * precision[k] * recall[k] / (precision[k] + recall[k]) for k in precision}
    support = {"a": 3, "b": 2, "c": 1}
    got = classification_scores(gold, pred)
    assert got["accuracy"] == pytest.approx(4 / 6)
    assert got["f1"] == pytest.approx(sum(f1.values()) / 3)
    assert got["f1_weighted"] == pytest.approx(sum(f1[k] * support[k] for k in f1) / 6)
    assert got["precision"] == pytest.approx(sum(precision.values()) / 3)
    assert got["recall"] == pytest.approx(sum(recall.values()) / 3)


def test_a_label_only_predicted_counts_zero_in_macro_scores() -> None:
    got = classification_scores(["a", "a"], ["a", "z"])
    # classes a (p=1, r=.5, f1=2/3) and z (never gold: p=0, r=0, f1=0), zero_division=0
    assert got["f1"] == pytest.approx((2 / 3 + 0) / 2)
    assert got["f1_weighted"] == pytest.approx(2 / 3)  # z has no gold support


@pytest.mark.parametrize("votes", [["b", "a"], ["c", "a", "c", "a", "b"], ["joy", "anger"]])
def test_majority_tie_rule_first_sorted_is_hume_pandas_mode(votes: list[str]) -> None:
    # HUME's script: prediction = x.mode().iloc[0] (pandas returns the modes sorted).
    assert majority_vote(votes, tie_rule="first_sorted") == pd.Series(votes).mode().iloc[0]


def test_majority_vote_other_tie_rules() -> None:
    assert majority_vote(["a", "b", "b"]) == "b"  # no tie: the majority
    assert majority_vote(["b", "a"], tie_rule="first_option", option_order=["b", "a"]) == "b"
    assert majority_vote(["b", "a"], tie_rule="exclude") is None
    picks = {majority_vote(["b", "a"], tie_rule="random", salt=str(s)) for s in range(40)}
    assert picks == {"a", "b"}
    assert majority_vote(["b", "a"], tie_rule="random", salt="x") == majority_vote(
        ["b", "a"], tie_rule="random", salt="x")  # seeded: the same every time
    assert majority_vote([]) is None


def test_sts_scores_by_hand() -> None:
    gold = [1.0, 2.0, 3.0, 4.0, 5.0]
    pred = [1.5, 1.0, 3.0, 5.0, 4.5]
    # Spearman without ties: 1 - 6 sum d^2 / (n (n^2 - 1)); ranks of pred: 2, 1, 3, 5, 4
    d = np.array([1, 2, 3, 4, 5]) - np.array([2, 1, 3, 5, 4])
    spearman = 1 - 6 * (d**2).sum() / (5 * (25 - 1))
    g, p = np.array(gold), np.array(pred)
    pearson = ((g - g.mean()) * (p - p.mean())).sum() / math.sqrt(
        ((g - g.mean()) ** 2).sum() * ((p - p.mean()) ** 2).sum())
    mse = ((g - p) ** 2).mean()
    got = sts_scores(gold, pred)
    assert got["spearman"] == pytest.approx(spearman)
    assert got["pearson"] == pytest.approx(pearson)
    assert got["mse"] == pytest.approx(mse)


def test_sts_undefined_correlations_are_nan_and_na_is_dropped() -> None:
    got = sts_scores([1.0, 2.0, 3.0], [2.0, 2.0, math.nan])
    assert math.isnan(got["spearman"]) and math.isnan(got["pearson"])
    assert got["mse"] == pytest.approx(((1 - 2) ** 2 + 0) / 2)


def test_query_metrics_by_hand() -> None:
    # 5 documents, graded gold; a model's scores rank them d2, d0, d4, d1, d3.
    gains = [2.0, 0.0, 1.0, 0.0, 0.0]
    relevant = [g > 0 for g in gains]
    scores = [0.8, 0.3, 0.9, 0.1, 0.5]
    # Ranked relevance: d2 (rel), d0 (rel), d4, d1, d3 -> precision at hits 1/1, 2/2 -> AP 1.
    # First relevant at rank 1 -> RR 1. DCG = 1/log2(2) + 2/log2(3); ideal = 2 + 1/log2(3).
    dcg = 1 / math.log2(2) + 2 / math.log2(3)
    idcg = 2 / math.log2(2) + 1 / math.log2(3)
    got = query_metrics(gains, relevant, scores)
    assert got["map"] == pytest.approx(1.0)
    assert got["mrr@10"] == pytest.approx(1.0)
    assert got["ndcg@10"] == pytest.approx(dcg / idcg)


def test_query_metrics_for_a_human_binary_judgement_with_ties() -> None:
    # Gold: d0 and d2 relevant. The human marks d0 and d1 relevant (1) and d2, d3 not (0).
    gains = [1.0, 0.0, 1.0, 0.0]
    human = [1.0, 1.0, 0.0, 0.0]
    # AP with tied scores (sklearn, as HUME): threshold 1 -> {d0, d1}: P 1/2, R 1/2;
    # threshold 0 -> all: P 2/4, R 1. AP = (1/2)(1/2) + (1/2)(2/4) = 0.5.
    # MRR/nDCG rank ties in document order (HUME's np.argsort): d0, d1, d2, d3.
    # HUME's DCG with gains 2^rel - 1: 1/log2(2) + 1/log2(4); ideal 1/log2(2) + 1/log2(3).
    got = query_metrics(gains, [g > 0 for g in gains], human)
    assert got["map"] == pytest.approx(0.5)
    assert got["mrr@10"] == pytest.approx(1.0)
    assert got["ndcg@10"] == pytest.approx((1 + 1 / math.log2(4)) / (1 + 1 / math.log2(3)))


def test_rr_only_counts_the_top_ten() -> None:
    gains = [0.0] * 11 + [1.0]
    scores = list(range(12, 0, -1))  # the only relevant document is ranked 12th
    got = query_metrics(gains, [g > 0 for g in gains], scores)
    assert got["mrr@10"] == 0.0
    assert got["map"] == pytest.approx(1 / 12)
    assert got["ndcg@10"] == 0.0


def test_no_relevant_document_is_undefined() -> None:
    got = query_metrics([0.0, 0.0], [False, False], [1.0, 0.0])
    assert all(math.isnan(v) for v in got.values())


def test_answer_scores_shapes() -> None:
    docs = ["a", "b", "c"]
    assert answer_scores({"a": 1, "b": 0, "c": 1}, docs) == {"a": 1.0, "b": 0.0, "c": 1.0}
    assert answer_scores(["c", "a", "b"], docs) == {"c": 3.0, "a": 2.0, "b": 1.0}
    assert answer_scores([0.2, 0.9, 0.1], docs) == {"a": 0.2, "b": 0.9, "c": 0.1}
    assert answer_scores("nonsense", docs) is None


def test_rank_agreement_is_kendall_tau_by_hand() -> None:
    # gold z, y, x; answer y, z, x: pairs (y,z) discordant, (y,x) and (z,x) concordant.
    assert rank_agreement(["y", "z", "x"], ["z", "y", "x"]) == pytest.approx((2 - 1) / 3)


def _entropy(labels: list[str]) -> float:
    n = len(labels)
    return -sum(labels.count(v) / n * math.log(labels.count(v) / n) for v in set(labels))


def _conditional_entropy(a: list[str], b: list[str]) -> float:
    """H(A | B) from the contingency counts."""
    n = len(a)
    total = 0.0
    for vb in set(b):
        members = [x for x, y in zip(a, b, strict=True) if y == vb]
        for va in set(members):
            joint = members.count(va) / n
            total -= joint * math.log(members.count(va) / len(members))
    return total


def _ari_by_pairs(a: list[str], b: list[str]) -> float:
    """Hubert & Arabie's ARI from pair counts."""
    pairs = list(combinations(range(len(a)), 2))
    both = sum(1 for i, j in pairs if a[i] == a[j] and b[i] == b[j])
    in_a = sum(1 for i, j in pairs if a[i] == a[j])
    in_b = sum(1 for i, j in pairs if b[i] == b[j])
    expected = in_a * in_b / len(pairs)
    return (both - expected) / ((in_a + in_b) / 2 - expected)


def test_clustering_scores_by_hand() -> None:
    gold = ["a", "a", "a", "b", "b", "c"]
    pred = ["x", "x", "y", "y", "y", "y"]
    homogeneity = 1 - _conditional_entropy(gold, pred) / _entropy(gold)
    completeness = 1 - _conditional_entropy(pred, gold) / _entropy(pred)
    v = 2 * homogeneity * completeness / (homogeneity + completeness)
    got = clustering_scores(gold, pred)
    assert got["v_measure"] == pytest.approx(v)
    assert got["ari"] == pytest.approx(_ari_by_pairs(gold, pred))
    same = clustering_scores(gold, ["p", "p", "p", "q", "q", "r"])  # a relabelling: perfect
    assert same == pytest.approx({"v_measure": 1.0, "ari": 1.0, "ami": 1.0})


def test_authorship_accuracy_by_hand() -> None:
    got = authorship_scores([True, False, True, True], [True, False, False, True])
    assert got == pytest.approx({"accuracy": 3 / 4, "judged_positive": 3 / 4})


def test_bootstrap_spearman_equals_scipy_on_each_written_out_resample() -> None:
    rng = np.random.default_rng(5)
    values = rng.integers(0, 5, 25).astype(float)
    gold = rng.integers(0, 11, 25) / 2
    values[[3, 9]] = np.nan  # items this rater did not answer
    counts = resample_counts(25, 60, "test")
    got = boot_spearman(values, gold, counts)
    for b in range(60):
        idx = np.repeat(np.arange(25), counts[b])
        keep = ~np.isnan(values[idx])
        expected = spearmanr(values[idx][keep], gold[idx][keep]).statistic
        assert got[b] == pytest.approx(expected, nan_ok=True)


def test_bootstrap_mean_and_seed() -> None:
    values = np.array([1.0, 0.0, np.nan, 1.0])
    counts = np.array([[2, 1, 1, 0], [0, 0, 4, 0]])
    got = boot_mean(values, None, counts)
    assert got[0] == pytest.approx(2 / 3) and math.isnan(got[1])
    assert (resample_counts(10, 5, 7) == resample_counts(10, 5, 7)).all()
    assert resample_counts(10, 5, 7).sum(axis=1).tolist() == [10] * 5


def test_many_parties_in_one_call_equal_one_call_each() -> None:
    """The batched scores (party-prefixed labels) against sklearn called on each party alone."""
    from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score

    from app.results.metrics_choice import classification_scores_many

    rng = np.random.default_rng(11)
    parties = {f"P{k}": ([str(x) for x in rng.choice(list("abcd"), 9)],
                         [str(x) for x in rng.choice(list("abce"), 9)]) for k in range(6)}
    parties["nobody"] = ([], [])
    got = classification_scores_many(parties)
    assert all(math.isnan(v) for v in got["nobody"].values())
    for key, (g, p) in parties.items():
        if not g:
            continue
        assert got[key] == pytest.approx({
            "accuracy": accuracy_score(g, p),
            "f1": f1_score(g, p, average="macro", zero_division=0),
            "f1_weighted": f1_score(g, p, average="weighted", zero_division=0),
            "precision": precision_score(g, p, average="macro", zero_division=0),
            "recall": recall_score(g, p, average="macro", zero_division=0)})
