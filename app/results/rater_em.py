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
    def of(cls, items: Sequence[str], raters: Sequence[str], labels: Sequence[str]) -> Coded:
        item_names, item_codes = np.unique(np.asarray(items, dtype=str), return_inverse=True)
        rater_names, rater_codes = np.unique(np.asarray(raters, dtype=str), return_inverse=True)
        label_names, label_codes = np.unique(np.asarray(labels, dtype=str), return_inverse=True)
        return cls(item_codes, rater_codes, label_codes, [str(n) for n in item_names],
                   [str(n) for n in rater_names], [str(n) for n in label_names])

    @property
    def shape(self) -> tuple[int, int, int]:
        return len(self.item_names), len(self.rater_names), len(self.label_names)


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
    votes = np.zeros((n_items, n_labels))
    np.add.at(votes, (coded.items, coded.labels), 1.0)
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
    counts = np.zeros((n_raters, n_labels, n_labels))
    np.add.at(counts, (coded.raters, coded.labels), probas[coded.items])
    counts = np.where(given[:, :, None], np.clip(counts, _EPS, None), 0.0)
    return counts / counts.sum(axis=1, keepdims=True)


def _ds_e_step(coded: Coded, priors: np.ndarray, errors: np.ndarray) -> np.ndarray:
    n_items, _, n_labels = coded.shape
    with np.errstate(divide="ignore"):
        log_errors = np.log2(errors[coded.raters, coded.labels])
    log_like = np.zeros((n_items, n_labels))
    np.add.at(log_like, coded.items, log_errors)
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
    for _ in range(n_iter):
        _, knowing, strategy = _mace_e_step(coded, spamming, thetas)
        spamming = _variational_normalize(knowing, theta_priors)
        thetas = _variational_normalize(strategy, strategy_priors)
    marginals, _, _ = _mace_e_step(coded, spamming, thetas)
    probas = marginals / marginals.sum(axis=1, keepdims=True)
    competence = spamming[:, 1] / spamming.sum(axis=1)
    return RaterFit(coded, probas, competence)


def _mace_e_step(coded: Coded, spamming: np.ndarray, thetas: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(gold label marginals per item, expected guessing/knowing counts per rater, expected
    guessing counts per rater and label)."""
    n_items, n_raters, n_labels = coded.shape
    t, w, lab = coded.items, coded.raters, coded.labels
    guess = spamming[w, 0] * thetas[w, lab]  # P(this answer by guessing), per answer
    know = spamming[w, 1]
    # answer likelihood under each possible true label: guessing, plus knowing if it is that label
    per_answer = guess[:, None] + know[:, None] * (lab[:, None] == np.arange(n_labels))
    marginals = np.ones((n_items, n_labels))
    np.multiply.at(marginals, t, per_answer)
    marginals /= n_labels
    instance = marginals.sum(axis=1)
    strategy_marginal = (marginals[t] / per_answer).sum(axis=1) * guess / instance[t]
    knowing_marginal = marginals[t, lab] * know / (guess + know) / instance[t]
    knowing = np.zeros((n_raters, 2))
    np.add.at(knowing[:, 0], w, strategy_marginal)
    np.add.at(knowing[:, 1], w, knowing_marginal)
    strategy = np.zeros((n_raters, n_labels))
    np.add.at(strategy, (w, lab), strategy_marginal)
    return marginals, knowing, strategy


def _variational_normalize(counts: np.ndarray, priors: np.ndarray) -> np.ndarray:
    total = np.exp(digamma((counts + priors).sum(axis=1)))
    return np.exp(digamma(counts + priors)) / total[:, None]
