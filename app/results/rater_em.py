"""Dawid-Skene and MACE: who answers a choice question well, and the labels they agree on.

Our own compact EM, written to give crowd-kit's numbers (`crowdkit.aggregation.DawidSkene` and
`MACE`, defaults) on the same answers: crowd-kit declares `transformers` as a hard dependency,
far too heavy for the app and its bundle, so it is a test dependency only and
tests/app/results/test_rater_em.py holds the two side by side.

Both take one answer per (item, rater) as three equally long sequences and number items,
raters and labels in sorted order (a tie between labels goes to the first in sort order, as
crowd-kit's `idxmax` over its sorted label columns does).

Dawid-Skene (Dawid & Skene 1979), as crowd-kit runs it: start from the majority vote's share
of each label per item; M-step: each rater's confusion matrix from the expected counts,
clipped at 1e-10 over the labels the rater gave and normalised per true label; E-step in log2;
stop after 100 rounds or when the evidence lower bound per answer rises by less than 1e-5.

MACE (Hovy et al. 2013), as crowd-kit runs it with its defaults: variational Bayes with
Beta(0.5, 0.5) on knowing and a symmetric Dirichlet(10) on each rater's guessing strategy, 50
rounds, from a seeded uniform(1, 2.5) start. crowd-kit's ten restarts all draw that start with
the same seed (random_state=0), so they are ten copies of one run: we run it once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.special import digamma
from scipy.stats import uniform

_EPS = 1e-10


@dataclass(frozen=True)
class Coded:
    """Answers as codes: item, rater and label of each answer, and the sorted names."""

    items: np.ndarray
    raters: np.ndarray
    labels: np.ndarray
    item_names: list[str]
    rater_names: list[str]
    label_names: list[str]

    @classmethod
    def of(cls, items: Sequence[str] | pd.Series, raters: Sequence[str] | pd.Series,
           labels: Sequence[str] | pd.Series) -> Coded:
        item_codes, item_names = _factorize(items)
        rater_codes, rater_names = _factorize(raters)
        label_codes, label_names = _factorize(labels)
        return cls(item_codes, rater_codes, label_codes, item_names, rater_names, label_names)

    @property
    def shape(self) -> tuple[int, int, int]:
        return len(self.item_names), len(self.rater_names), len(self.label_names)

    def same_as(self, other: Coded) -> bool:
        """The same answers, coded the same way."""
        return (self.shape == other.shape and self.item_names == other.item_names
                and self.rater_names == other.rater_names
                and self.label_names == other.label_names
                and all(np.array_equal(a, b) for a, b in ((self.items, other.items),
                                                           (self.raters, other.raters),
                                                           (self.labels, other.labels))))


def _factorize(values: Sequence[str] | pd.Series) -> tuple[np.ndarray, list[str]]:
    """(code of each value, the distinct values sorted): pandas' hash table, not a sort of
    every value (600,000 answers: a tenth of the time). The values as they come (a pandas
    text column stays in Arrow), then the few distinct ones made text and sorted, unless two
    become the same text or one is missing: then every value is made text first."""
    codes, uniques = pd.factorize(values if isinstance(values, pd.Series) else
                                  pd.Series(values, dtype=object))
    names = [str(n) for n in uniques]
    if (codes < 0).any() or len(set(names)) < len(names):
        codes, sorted_names = pd.factorize(pd.Series(values, dtype=object).astype(str), sort=True)
        return np.asarray(codes, dtype=np.intp), [str(n) for n in sorted_names]
    order = sorted(range(len(names)), key=names.__getitem__)
    rank = np.empty(len(names), dtype=np.intp)
    rank[order] = np.arange(len(names), dtype=np.intp)
    return rank[np.asarray(codes, dtype=np.intp)], [names[k] for k in order]


@dataclass(frozen=True)
class RaterFit:
    """A fitted model: label probabilities per item (items x labels, sorted names), each
    rater's competence, and for Dawid-Skene each rater's confusion matrix
    (raters x given label x true label: P(rater answers given | truth is true))."""

    coded: Coded
    probas: np.ndarray
    competence: np.ndarray
    confusion: np.ndarray | None = None

    @property
    def labels(self) -> list[str]:
        return [self.coded.label_names[k] for k in self.probas.argmax(axis=1)]

    @property
    def posterior(self) -> np.ndarray:
        return self.probas.max(axis=1)


def dawid_skene(coded: Coded, *, n_iter: int = 100, tol: float = 1e-5) -> RaterFit:
    """Dawid-Skene EM; competence is the rater's expected accuracy under the fitted model,
    sum over labels of prior(label) x P(answers label | truth is label)."""
    n_items, n_raters, n_labels = coded.shape
    given = np.zeros((n_raters, n_labels), dtype=bool)
    given[coded.raters, coded.labels] = True
    votes = _sums(coded.items * n_labels + coded.labels, 1.0, n_items * n_labels
                  ).reshape(n_items, n_labels)
    probas = votes / votes.sum(axis=1, keepdims=True)
    priors = probas.mean(axis=0)
    errors = _ds_m_step(coded, probas, given)
    loss = -np.inf
    for _ in range(n_iter):
        probas = _ds_e_step(coded, priors, errors)
        priors = probas.mean(axis=0)
        errors = _ds_m_step(coded, probas, given)
        new_loss = _ds_elbo(coded, probas, priors, errors) / len(coded.items)
        # (crowd-kit clips the probabilities in place while computing the bound: so do we)
        probas = np.clip(probas, _EPS, None)
        if new_loss - loss < tol:
            break
        loss = new_loss
    competence = (errors[:, np.arange(n_labels), np.arange(n_labels)] * priors).sum(axis=1)
    return RaterFit(coded, probas, competence, errors)


def _ds_m_step(coded: Coded, probas: np.ndarray, given: np.ndarray) -> np.ndarray:
    _, n_raters, n_labels = coded.shape
    where = coded.raters * n_labels + coded.labels
    counts = np.stack([_sums(where, probas[coded.items, c], n_raters * n_labels)
                       for c in range(n_labels)], axis=1).reshape(n_raters, n_labels, n_labels)
    counts = np.where(given[:, :, None], np.clip(counts, _EPS, None), 0.0)
    return counts / counts.sum(axis=1, keepdims=True)


def _ds_e_step(coded: Coded, priors: np.ndarray, errors: np.ndarray) -> np.ndarray:
    n_items, _, n_labels = coded.shape
    with np.errstate(divide="ignore"):
        log_errors = np.log2(errors[coded.raters, coded.labels])
    log_like = np.stack([_sums(coded.items, log_errors[:, c], n_items)
                         for c in range(n_labels)], axis=1)
    log_like += np.log2(np.clip(priors, _EPS, None))
    scaled = np.exp2(log_like - log_like.max(axis=1, keepdims=True))
    return scaled / scaled.sum(axis=1, keepdims=True)


def _ds_elbo(coded: Coded, probas: np.ndarray, priors: np.ndarray, errors: np.ndarray) -> float:
    with np.errstate(divide="ignore"):
        terms = np.log(errors[coded.raters, coded.labels]) + np.log(np.clip(priors, _EPS, None))
    joint = float((probas[coded.items] * terms).sum())
    clipped = np.clip(probas, _EPS, None)
    return joint - float((np.log(clipped) * clipped).sum())


def mace(coded: Coded, *, n_iter: int = 50, alpha: float = 0.5, beta: float = 0.5,
         strategy_prior: float = 10.0, default_noise: float = 0.5, seed: int = 0) -> RaterFit:
    """MACE by variational Bayes; competence is the rater's probability of knowing the answer
    (rather than guessing by their own strategy), normalised as P(knowing) / (P(knowing) +
    P(guessing)) because variational weights need not sum to one."""
    _, n_raters, n_labels = coded.shape
    start = uniform(1, 1 + default_noise)
    spamming = start.rvs(size=(n_raters, 2), random_state=seed)
    thetas = start.rvs(size=(n_raters, n_labels), random_state=seed)
    spamming /= spamming.sum(axis=1, keepdims=True)
    thetas /= thetas.sum(axis=1, keepdims=True)
    theta_priors = np.array([alpha, beta])
    strategy_priors = np.full(n_labels, strategy_prior)
    pairs = _mace_pairs(coded)
    for _ in range(n_iter):
        _, knowing, strategy = _mace_e_step(coded, spamming, thetas, pairs)
        spamming = _variational_normalize(knowing, theta_priors)
        thetas = _variational_normalize(strategy, strategy_priors)
    marginals, _, _ = _mace_e_step(coded, spamming, thetas, pairs)
    probas = marginals / marginals.sum(axis=1, keepdims=True)
    competence = spamming[:, 1] / spamming.sum(axis=1)
    return RaterFit(coded, probas, competence)


def _mace_pairs(coded: Coded) -> tuple[np.ndarray, np.ndarray]:
    """Each answer's flat position in an items x labels and a raters x labels table: the same
    for every round of the fit, so worked out once (51 rounds at 600,000 answers)."""
    _, _, n_labels = coded.shape
    return coded.items * n_labels + coded.labels, coded.raters * n_labels + coded.labels


def _mace_e_step(coded: Coded, spamming: np.ndarray, thetas: np.ndarray,
                 pairs: tuple[np.ndarray, np.ndarray] | None = None
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(gold label marginals per item, expected guessing/knowing counts per rater, expected
    guessing counts per rater and label), crowd-kit's sums rewritten per answer rather than per
    answer and label: an answer's likelihood is `guess` under every true label but its own and
    `guess + know` under its own, so each item's product over its answers is one sum of
    log(guess) plus, per label, the log-ratio of the answers giving it; and crowd-kit's
    guessing share of an answer, sum over labels of marginal x guess / likelihood / total,
    comes to 1 minus its knowing share. `pairs`: `_mace_pairs(coded)`, if known. Each array
    is made once per round (a log and a sum were made twice) and tables are read at flat
    positions: the same numbers, operation for operation (tests/app/results/test_rater_em.py)."""
    n_items, n_raters, n_labels = coded.shape
    t, w = coded.items, coded.raters
    item_label, rater_label = pairs if pairs is not None else _mace_pairs(coded)
    guess = spamming[:, 0][w] * thetas.ravel()[rater_label]  # P(this answer by guessing)
    know = spamming[:, 1][w]
    log_each = np.log(guess)
    likelihood = guess + know
    log_guess = _sums(t, log_each, n_items)
    own = _sums(item_label, np.log(likelihood) - log_each, n_items * n_labels)
    marginals = np.exp(log_guess[:, None] + own.reshape(n_items, n_labels)) / n_labels
    instance = marginals.sum(axis=1)
    knowing_marginal = marginals.ravel()[item_label] / instance[t] * know / likelihood
    strategy_marginal = 1.0 - knowing_marginal
    knowing = np.stack([_sums(w, strategy_marginal, n_raters),
                        _sums(w, knowing_marginal, n_raters)], axis=1)
    strategy = _sums(rater_label, strategy_marginal, n_raters * n_labels
                     ).reshape(n_raters, n_labels)
    return marginals, knowing, strategy


def _sums(index: np.ndarray, values: np.ndarray | float, size: int) -> np.ndarray:
    """Sum of `values` per index 0..size-1 (np.bincount; a scalar counts each index)."""
    weights = np.broadcast_to(np.asarray(values, dtype=float), index.shape)
    return np.bincount(index, weights, minlength=size).astype(float)


def _variational_normalize(counts: np.ndarray, priors: np.ndarray) -> np.ndarray:
    total = np.exp(digamma((counts + priors).sum(axis=1)))
    return np.exp(digamma(counts + priors)) / total[:, None]
