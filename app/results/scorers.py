"""One scorer per metric family: how one rater's (or one model's) answers become scores, the
per-item values behind the main metric's confidence interval, and the pooled human.

| family     | kinds            | metrics                                 | main      | pooled human      |
|------------|------------------|-----------------------------------------|-----------|-------------------|
| accuracy   | choice           | accuracy, f1 (macro), f1_weighted, ...  | accuracy  | majority vote     |
| sts        | rating with gold | spearman, pearson, mse                  | spearman  | mean rating/item  |
| retrieval  | relevance, rank. | map, mrr@10, ndcg@10 (+ kendall_tau)    | map       | mean over raters  |
| clustering | clustering       | v_measure, ari, ami                     | v_measure | mean over raters  |
| authorship | rating or choice | accuracy, judged_positive               | accuracy  | mean over raters  |

A kind names its family (`Kind.default_metric`, or the question's `scoring.metric`); what a
family needs of the kind it asks the kind (`app.kinds.base.Kind`: `option_order`,
`gold_gains`, `ranks_documents`, `answer_value`), never its name.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from app.results.bootstrap import boot_mean, boot_spearman
from app.results.lookup import positions
from app.results.metrics_choice import (
    CHOICE_METRICS,
    classification_scores,
    classification_scores_flat,
    classification_scores_many,
    majority_candidates,
    majority_vote,
)
from app.results.metrics_clustering import CLUSTERING_METRICS, clustering_scores, grouping_labels
from app.results.metrics_rating import (
    AUTHORSHIP_METRICS,
    STS_METRICS,
    authorship_scores,
    numeric,
    sts_scores,
    sts_scores_many,
)
from app.results.metrics_retrieval import (
    RANKING_METRICS,
    RETRIEVAL_METRICS,
    answer_scores,
    gold_relevance,
    query_metrics,
    rank_agreement,
)
from app.results.options import ResultsOptions
from app.results.rater_batch import RaterScores, RaterSplit, RaterValues
from app.results.units import QuestionGroup
from app.study.answers import item_document_ids


@dataclass(frozen=True)
class Pooled:
    """The pooled human of a group (HUME's headline human): its scores and per-item values."""

    label: str
    scores: dict[str, float]
    values: pd.Series  # item id -> value behind the main metric
    answers: pd.DataFrame | None = None  # item_id, answer: the pooled human's own answers


class FamilyScorer:
    family = ""
    main = ""
    decomposable = True  # the main metric is the mean of the per-item values

    def metrics(self, group: QuestionGroup) -> tuple[str, ...]:
        raise NotImplementedError

    def rater_scores(self, group: QuestionGroup, rows: pd.DataFrame) -> dict[str, float]:
        """Scores of one rater (or model): `rows` has columns item_id and answer."""
        raise NotImplementedError

    def item_values(self, group: QuestionGroup, rows: pd.DataFrame) -> pd.Series:
        raise NotImplementedError

    def score(self, group: QuestionGroup, rows: pd.DataFrame) -> tuple[dict[str, float], pd.Series]:
        """(rater_scores, item_values) together; scorers that share work override it."""
        return self.rater_scores(group, rows), self.item_values(group, rows)

    def score_parties(self, group: QuestionGroup, parties: dict[str, pd.DataFrame]
                      ) -> dict[str, tuple[dict[str, float], pd.Series]]:
        """`score` of several raters or models at once; scorers that can batch override it."""
        return {name: self.score(group, rows) for name, rows in parties.items()}

    def score_raters(self, group: QuestionGroup, split: RaterSplit) -> RaterScores:
        """`score` of every rater of a split (`rater_batch.split_raters`), in its order;
        scorers that score all raters from whole arrays override it."""
        codes = split.codes
        scored = self.score_parties(group, {c: split.frame(k) for k, c in enumerate(codes)})
        return RaterScores(codes, [scored[c][0] for c in codes],
                           RaterValues.of_series(codes, [scored[c][1] for c in codes]))

    def boot(self, values: np.ndarray, gold: np.ndarray | None, counts: np.ndarray) -> np.ndarray:
        """The main metric of one party in each bootstrap resample (`app.results.bootstrap`)."""
        return boot_mean(values, gold, counts)

    def gold_vector(self, group: QuestionGroup, item_ids: list[str]) -> np.ndarray | None:
        return None

    def pooled(self, group: QuestionGroup, answers: pd.DataFrame,
               options: ResultsOptions) -> Pooled | None:
        return None


def _mean_scores(per_item: list[dict[str, float]], metrics: tuple[str, ...]) -> dict[str, float]:
    out = {}
    for metric in metrics:
        values = [s[metric] for s in per_item if not math.isnan(s.get(metric, math.nan))]
        out[metric] = float(np.mean(values)) if values else math.nan
    return out


class AccuracyScorer(FamilyScorer):
    family, main = "accuracy", "accuracy"

    def metrics(self, group: QuestionGroup) -> tuple[str, ...]:
        return CHOICE_METRICS

    def _pairs(self, group: QuestionGroup, rows: pd.DataFrame) -> tuple[list[str], list[str], list[str]]:
        """(items, gold, predicted) of the answers that are option keys on items with gold, in
        row order. Gold is looked up once per distinct item, the rest is whole-array work."""
        items, answers = rows["item_id"].to_numpy(dtype=object), rows["answer"].to_numpy(dtype=object)
        keep, gold = self._kept(group, items, answers)
        return items[keep].tolist(), gold[keep].tolist(), answers[keep].tolist()

    def _kept(self, group: QuestionGroup, items: np.ndarray, answers: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
        """(which answers `_pairs` keeps, every answer's gold or None)."""
        gold_items, gold_values = group.gold_lookup
        gold = gold_values[positions(gold_items, items)]  # -1 (no gold): the trailing None
        if pd.api.types.infer_dtype(answers, skipna=False) == "string":
            keep = np.ones(len(answers), dtype=bool)
        else:
            keep = np.fromiter((isinstance(a, str) for a in answers), dtype=bool,
                               count=len(answers))
        keep &= gold != None  # noqa: E711 (element-wise on an object array)
        return keep, gold

    def score_raters(self, group: QuestionGroup, split: RaterSplit) -> RaterScores:
        """`score_parties` of every rater from the split's arrays: the same pairs, counts and
        correct flags, without a frame and a Series per rater."""
        keep, gold = self._kept(group, split.item_ids, split.answers)
        owner, gold, predicted = split.owner[keep], gold[keep], split.answers[keep]
        scores = classification_scores_flat(owner, gold, predicted, len(split.codes))
        right = (gold == predicted).astype(float)
        return RaterScores(split.codes, scores,
                           RaterValues(split.codes, owner, split.item_ids[keep], right))

    def rater_scores(self, group: QuestionGroup, rows: pd.DataFrame) -> dict[str, float]:
        _, gold, predicted = self._pairs(group, rows)
        return classification_scores(gold, predicted)

    def score_parties(self, group: QuestionGroup, parties: dict[str, pd.DataFrame]
                      ) -> dict[str, tuple[dict[str, float], pd.Series]]:
        pairs = {name: self._pairs(group, rows) for name, rows in parties.items()}
        scores = classification_scores_many({n: (g, p) for n, (_, g, p) in pairs.items()})
        return {n: (scores[n], _correct(items, g, p)) for n, (items, g, p) in pairs.items()}

    def item_values(self, group: QuestionGroup, rows: pd.DataFrame) -> pd.Series:
        return _correct(*self._pairs(group, rows))

    def pooled(self, group: QuestionGroup, answers: pd.DataFrame,
               options: ResultsOptions) -> Pooled | None:
        tie_rule = group.spec.options.get("tie_rule", options.tie_rule)
        option_order = group.response_kind.option_order
        votes = []
        for item_id, labels in majority_candidates(answers):
            if len(labels) == 1:  # one most frequent answer: the vote under every tie rule
                votes.append({"item_id": str(item_id), "answer": labels[0]})
                continue
            order = option_order(group.questions[str(item_id)])
            vote = majority_vote(labels, tie_rule=tie_rule, option_order=order,
                                 salt=f"{group.question_id}:{item_id}")
            if vote is not None:
                votes.append({"item_id": str(item_id), "answer": vote})
        frame = pd.DataFrame(votes, columns=["item_id", "answer"])
        return Pooled("majority vote", self.rater_scores(group, frame),
                      self.item_values(group, frame), frame)


def _correct(items: list[str], gold: list[str], predicted: list[str]) -> pd.Series:
    """1.0 where the answer is the gold one, else 0.0, by item."""
    right = np.asarray(gold, dtype=object) == np.asarray(predicted, dtype=object)
    return pd.Series(right.astype(float), index=items, dtype=float)


class StsScorer(FamilyScorer):
    family, main, decomposable = "sts", "spearman", False

    def metrics(self, group: QuestionGroup) -> tuple[str, ...]:
        return STS_METRICS

    def rater_scores(self, group: QuestionGroup, rows: pd.DataFrame) -> dict[str, float]:
        gold = [numeric(group.gold(i)) for i in rows["item_id"]]
        return sts_scores(gold, [numeric(a) for a in rows["answer"]])

    def item_values(self, group: QuestionGroup, rows: pd.DataFrame) -> pd.Series:
        return pd.Series([numeric(a) for a in rows["answer"]], index=list(rows["item_id"]),
                         dtype=float)

    def score_raters(self, group: QuestionGroup, split: RaterSplit) -> RaterScores:
        """`score` of every rater at once (`metrics_rating.sts_scores_many`): every answer is
        a value (NaN for N/A), gold looked up once per distinct item."""
        where, items = pd.factorize(split.item_ids)
        gold = np.array([numeric(group.gold(str(i))) for i in items], dtype=float)[where]
        ratings = np.fromiter((numeric(a) for a in split.answers), dtype=float,
                              count=len(split.answers))
        scores = sts_scores_many(split.owner, gold, ratings, len(split.codes))
        return RaterScores(split.codes, scores,
                           RaterValues(split.codes, split.owner, split.item_ids, ratings))

    def boot(self, values: np.ndarray, gold: np.ndarray | None, counts: np.ndarray) -> np.ndarray:
        return boot_spearman(values, gold, counts)

    def gold_vector(self, group: QuestionGroup, item_ids: list[str]) -> np.ndarray | None:
        return np.array([numeric(group.gold(i)) for i in item_ids], dtype=float)

    def pooled(self, group: QuestionGroup, answers: pd.DataFrame,
               options: ResultsOptions) -> Pooled | None:
        ratings = answers.assign(value=[numeric(a) for a in answers["answer"]])
        means = ratings.groupby("item_id", sort=False)["value"].mean().dropna()
        frame = pd.DataFrame({"item_id": means.index.astype(str), "answer": means.to_numpy()})
        return Pooled("mean rating", self.rater_scores(group, frame), means.astype(float), frame)


class PerItemScorer(FamilyScorer):
    """A family whose metrics are computed per item and averaged over a rater's items."""

    def item_metrics(self, group: QuestionGroup, item_id: str, answer: Any) -> dict[str, float] | None:
        raise NotImplementedError

    def per_item(self, group: QuestionGroup, rows: pd.DataFrame) -> dict[str, dict[str, float]]:
        out = {}
        for item_id, answer in zip(rows["item_id"], rows["answer"], strict=True):
            key = (str(item_id), json.dumps(answer, sort_keys=True, default=str))
            if key not in group.cache:
                metrics = self.item_metrics(group, str(item_id), answer)
                group.cache[key] = metrics if metrics is not None else {}
            if group.cache[key]:
                out[str(item_id)] = group.cache[key]
        return out

    def score(self, group: QuestionGroup, rows: pd.DataFrame) -> tuple[dict[str, float], pd.Series]:
        per_item = self.per_item(group, rows)
        return (_mean_scores(list(per_item.values()), self.metrics(group)),
                pd.Series({i: m[self.main] for i, m in per_item.items()}, dtype=float))

    def rater_scores(self, group: QuestionGroup, rows: pd.DataFrame) -> dict[str, float]:
        return self.score(group, rows)[0]

    def item_values(self, group: QuestionGroup, rows: pd.DataFrame) -> pd.Series:
        return self.score(group, rows)[1]


class RetrievalScorer(PerItemScorer):
    family, main = "retrieval", "map"

    def metrics(self, group: QuestionGroup) -> tuple[str, ...]:
        return RANKING_METRICS if group.response_kind.ranks_documents else RETRIEVAL_METRICS

    def item_metrics(self, group: QuestionGroup, item_id: str, answer: Any) -> dict[str, float] | None:
        question = group.questions[item_id]
        docs = item_document_ids(group.items[item_id])
        gold = gold_relevance(question, docs)
        scores = answer_scores(answer, docs)
        if gold is None or scores is None:
            return None
        metrics = query_metrics(gold[0], gold[1], [scores.get(d, -math.inf) for d in docs])
        kind = group.response_kind
        if kind.ranks_documents and (gold_order := kind.gold(question)):
            order = sorted(docs, key=lambda d: -scores.get(d, -math.inf))
            metrics["kendall_tau"] = rank_agreement(order, gold_order)
        return metrics


class ClusteringScorer(PerItemScorer):
    family, main = "clustering", "v_measure"

    def metrics(self, group: QuestionGroup) -> tuple[str, ...]:
        return CLUSTERING_METRICS

    def item_metrics(self, group: QuestionGroup, item_id: str, answer: Any) -> dict[str, float] | None:
        gold = group.gold(item_id)
        cards = item_document_ids(group.items[item_id])
        labels = grouping_labels(answer, cards)
        if gold is None or labels is None:
            return None
        return clustering_scores([str(gold[c]) for c in cards], labels)


class AuthorshipScorer(FamilyScorer):
    """Whether a rater tells who wrote an item. `scoring.options`: `truth_category` (default
    `author_type`), `positive_value` (default `human`), and for a rating `threshold` (default
    4: a rating at or above it says "positive"), for a choice `positive_answer` (default: the
    positive value)."""

    family, main = "authorship", "accuracy"

    def metrics(self, group: QuestionGroup) -> tuple[str, ...]:
        return AUTHORSHIP_METRICS

    def _judged(self, group: QuestionGroup, rows: pd.DataFrame) -> tuple[list[str], list[bool], list[bool]]:
        opts = group.spec.options
        category = str(opts.get("truth_category", "author_type"))
        positive = str(opts.get("positive_value", "human"))
        threshold = float(opts.get("threshold", 4))
        positive_answer = str(opts.get("positive_answer", positive))
        by_label = group.response_kind.answer_value == "label"
        items, judged, truth = [], [], []
        for item_id, answer in zip(rows["item_id"], rows["answer"], strict=True):
            label = group.items[item_id].categories.get(category)
            if label is None:
                continue
            verdict = _verdict(by_label, answer, threshold, positive_answer)
            if verdict is None:
                continue
            items.append(item_id)
            judged.append(verdict)
            truth.append(label == positive)
        return items, judged, truth

    def rater_scores(self, group: QuestionGroup, rows: pd.DataFrame) -> dict[str, float]:
        _, judged, truth = self._judged(group, rows)
        return authorship_scores(judged, truth)

    def item_values(self, group: QuestionGroup, rows: pd.DataFrame) -> pd.Series:
        items, judged, truth = self._judged(group, rows)
        return pd.Series([float(j == t) for j, t in zip(judged, truth, strict=True)], index=items,
                         dtype=float)


def _verdict(by_label: bool, answer: Any, threshold: float, positive_answer: str) -> bool | None:
    """A label says "positive" when it is `positive_answer`; a number, at `threshold` or above."""
    if by_label:
        return answer == positive_answer if isinstance(answer, str) else None
    value = numeric(answer)
    return None if math.isnan(value) else value >= threshold


SCORERS: dict[str, FamilyScorer] = {
    s.family: s for s in (AccuracyScorer(), StsScorer(), RetrievalScorer(), ClusteringScorer(),
                          AuthorshipScorer())
}


def scorer_for(group: QuestionGroup) -> FamilyScorer | None:
    """The group's scorer; None for families without a gold-based score (descriptive) or a
    group with no gold at all (authorship needs none: its truth is an item category)."""
    scorer = SCORERS.get(group.metric)
    if scorer is None or (scorer.family != "authorship" and not group.has_gold):
        return None
    return scorer
