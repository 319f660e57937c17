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

MACE (Hovy et al. 2013): crowd-kit's variational Bayes with its defaults, Beta(0.5, 0.5) on
knowing and a symmetric Dirichlet(10) on each rater's guessing strategy, 50 rounds from a
seeded uniform(1, 2.5) start, with two differences. Every item's product over its answers is
kept as a logarithm and normalised by logsumexp: crowd-kit multiplies the probabilities out,
which underflows to 0 / 0 once an item has a few hundred answers (2,000 raters: every item NaN,
labelled the first label). And the restarts are real: crowd-kit's ten restarts all draw the
same seeded start (random_state=0), so they are ten copies of one run; here restart k draws its
start with seed + k (restart 0 is crowd-kit's start) and the fit kept is the one with the
highest log-likelihood of the answers (the parameters normalised to probabilities), as
Hovy et al.'s MACE keeps its best restart. One start found a local optimum that depended on
which rater drew which start, that is on the raters' codes.

Both models read the answers in one canonical order (item, then rater, then label codes), so
a fit does not depend on the order of the rows it was given, to the last bit (the sums of a
round add the same numbers in the same order).

A fit whose label probabilities are not finite numbers is marked failed (`RaterFit.failure`
says why): its labels are not scored, so no gap is drawn from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import sparse
from scipy.special import digamma, logsumexp
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

    def canonical(self) -> Coded:
        """The same answers in one order (by item, rater and label code), whatever the order
        of the rows: a fit's sums then add the same numbers in the same order."""
        order = np.lexsort((self.labels, self.raters, self.items))
        return Coded(self.items[order], self.raters[order], self.labels[order],
                     self.item_names, self.rater_names, self.label_names)

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
    failure: str = ""  # why the fit is not to be used ("" when it is)
    log_likelihood: float = float("nan")  # MACE: of the restart kept

    @property
    def labels(self) -> list[str]:
        return [self.coded.label_names[k] for k in self.probas.argmax(axis=1)]

    @property
    def posterior(self) -> np.ndarray:
        return self.probas.max(axis=1)


def dawid_skene(coded: Coded, *, n_iter: int = 100, tol: float = 1e-5) -> RaterFit:
    """Dawid-Skene EM; competence is the rater's expected accuracy under the fitted model,
    sum over labels of prior(label) x P(answers label | truth is label)."""
    coded = coded.canonical()
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
    return RaterFit(coded, probas, competence, errors, _failure(probas, competence))


def _failure(probas: np.ndarray, competence: np.ndarray) -> str:
    """Why a fit is unusable, or "": label probabilities or competences that are not finite
    numbers, or label probabilities of an item that do not sum to one."""
    if not np.isfinite(probas).all() or not np.isfinite(competence).all():
        return "the fit gave label probabilities or competences that are not numbers"
    if probas.size and np.abs(probas.sum(axis=1) - 1).max() > 1e-6:
        return "the fit's label probabilities of an item do not sum to one"
    return ""


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


def mace(coded: Coded, *, n_iter: int = 50, n_restarts: int = 10, alpha: float = 0.5,
         beta: float = 0.5, strategy_prior: float = 10.0, default_noise: float = 0.5,
         seed: int = 0) -> RaterFit:
    """MACE by variational Bayes, the best of `n_restarts` restarts by the log-likelihood of the
    answers (restart k from the start seeded seed + k); competence is the rater's probability
    of knowing the answer (rather than guessing by their own strategy), normalised as
    P(knowing) / (P(knowing) + P(guessing)) because variational weights need not sum to one."""
    runs = mace_restarts(coded, seeds=[seed + k for k in range(max(1, n_restarts))],
                         n_iter=n_iter, alpha=alpha, beta=beta, strategy_prior=strategy_prior,
                         default_noise=default_noise)
    usable = [run for run in runs if not run.failure]
    # (when every restart fails, the first one says why)
    return max(usable, key=lambda run: run.log_likelihood) if usable else runs[0]


def mace_restarts(coded: Coded, *, seeds: list[int], n_iter: int = 50, alpha: float = 0.5,
                  beta: float = 0.5, strategy_prior: float = 10.0, default_noise: float = 0.5
                  ) -> list[RaterFit]:
    """MACE's variational rounds from each seeded start (crowd-kit's start: uniform(1, 1 +
    default_noise) for the knowing weights and the strategies, both drawn with that seed), all
    restarts side by side: each round is three products of one sparse table of the answers with
    a column per restart, rather than a pass over the answers per restart."""
    coded = coded.canonical()
    _, n_raters, n_labels = coded.shape
    tables = _MaceTables.of(coded)
    start = uniform(1, 1 + default_noise)
    spamming = np.stack([start.rvs(size=(n_raters, 2), random_state=s) for s in seeds], axis=2)
    thetas = np.stack([start.rvs(size=(n_raters, n_labels), random_state=s) for s in seeds],
                      axis=2)
    spamming /= spamming.sum(axis=1, keepdims=True)
    thetas /= thetas.sum(axis=1, keepdims=True)
    theta_priors = np.array([alpha, beta])[None, :, None]
    strategy_priors = np.full(n_labels, strategy_prior)[None, :, None]
    for _ in range(n_iter):
        _, knowing, strategy = _mace_e_step(tables, spamming, thetas)
        spamming = _variational_normalize(knowing, theta_priors)
        thetas = _variational_normalize(strategy, strategy_priors)
    probas, _, _ = _mace_e_step(tables, spamming, thetas)
    competence = spamming[:, 1] / spamming.sum(axis=1)
    log_likelihood = _mace_log_likelihood(tables, spamming / spamming.sum(axis=1, keepdims=True),
                                          thetas / thetas.sum(axis=1, keepdims=True))
    return [RaterFit(coded, probas[:, :, k], competence[:, k], None,
                     _failure(probas[:, :, k], competence[:, k]), float(log_likelihood[k]))
            for k in range(len(seeds))]


@dataclass(frozen=True)
class _MaceTables:
    """The answers as sparse tables over (rater, label) columns: `by_item` counts each item's
    answers of each rater and label (items x raters*labels), `by_item_label` the same per item
    and label (items*labels x raters*labels); `answers` the number of answers of each rater
    and label. An answer's likelihoods depend on it only through its rater and label, so a sum
    over an item's answers is one of these tables times a raters*labels column."""

    by_item: sparse.csr_matrix
    by_item_label: sparse.csr_matrix
    by_rater_label: sparse.csr_matrix  # by_item_label transposed
    answers: np.ndarray
    shape: tuple[int, int, int]

    @classmethod
    def of(cls, coded: Coded) -> _MaceTables:
        n_items, n_raters, n_labels = coded.shape
        rater_label = coded.raters * n_labels + coded.labels
        ones = np.ones(len(coded.items))
        columns = n_raters * n_labels
        by_item_label = sparse.csr_matrix(
            (ones, (coded.items * n_labels + coded.labels, rater_label)),
            shape=(n_items * n_labels, columns))
        return cls(sparse.csr_matrix((ones, (coded.items, rater_label)), shape=(n_items, columns)),
                   by_item_label, by_item_label.T.tocsr(),
                   np.bincount(rater_label, minlength=columns).astype(float
                                                                 ).reshape(n_raters, n_labels),
                   coded.shape)


def _mace_log_items(tables: _MaceTables, spamming: np.ndarray, thetas: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
    """(log of each item's joint probability with each gold label under a uniform prior over
    the labels, items x labels x restarts; per rater and label, the share of an answer's
    likelihood that is knowing). An answer's likelihood is `guess` (guessing, then this
    label) under every true label but its own and `guess + know` under its own, so an item's
    product over its answers is one sum of log(guess) plus, per label, the log-ratio of the
    answers giving it: a sum of logarithms, never a product that underflows (crowd-kit's
    products of probabilities are 0 / 0 at a few hundred answers an item)."""
    n_items, n_raters, n_labels = tables.shape
    restarts = spamming.shape[2]
    guess = spamming[:, :1] * thetas  # raters x labels x restarts
    likelihood = guess + spamming[:, 1:]
    log_guess = np.log(guess)
    ratio = (np.log(likelihood) - log_guess).reshape(n_raters * n_labels, restarts)
    log_joint = ((tables.by_item @ log_guess.reshape(n_raters * n_labels, restarts))[:, None, :]
                 + (tables.by_item_label @ ratio).reshape(n_items, n_labels, restarts)
                 - np.log(n_labels))
    return log_joint, spamming[:, 1:] / likelihood


def _mace_e_step(tables: _MaceTables, spamming: np.ndarray, thetas: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(gold label posteriors per item, expected guessing/knowing counts per rater, expected
    guessing counts per rater and label), each with a last axis of restarts: crowd-kit's
    e-step with each item's posterior normalised in log space (logsumexp). An answer's
    knowing share is its label's posterior times know / likelihood, its guessing share the
    rest (crowd-kit's sum over labels of posterior x guess / likelihood comes to that), so one
    sum per rater and label gives both counts."""
    n_items, n_raters, n_labels = tables.shape
    log_joint, knows = _mace_log_items(tables, spamming, thetas)
    posterior = np.exp(log_joint - logsumexp(log_joint, axis=1, keepdims=True))
    restarts = spamming.shape[2]
    known = knows * (tables.by_rater_label @ posterior.reshape(n_items * n_labels, restarts)
                     ).reshape(n_raters, n_labels, restarts)
    strategy = tables.answers[:, :, None] - known
    knowing = np.stack([strategy.sum(axis=1), known.sum(axis=1)], axis=1)
    return posterior, knowing, strategy


def _mace_log_likelihood(tables: _MaceTables, spamming: np.ndarray, thetas: np.ndarray
                         ) -> np.ndarray:
    """log P(every answer) under MACE with these probabilities (rows summing to one), per
    restart: the sum over items of the logsumexp over gold labels of the item's joint
    log-probability."""
    log_joint, _ = _mace_log_items(tables, spamming, thetas)
    return np.asarray(logsumexp(log_joint, axis=1).sum(axis=0))


def _sums(index: np.ndarray, values: np.ndarray | float, size: int) -> np.ndarray:
    """Sum of `values` per index 0..size-1 (np.bincount; a scalar counts each index)."""
    weights = np.broadcast_to(np.asarray(values, dtype=float), index.shape)
    return np.bincount(index, weights, minlength=size).astype(float)


def _variational_normalize(counts: np.ndarray, priors: np.ndarray) -> np.ndarray:
    """exp(digamma(count + prior)) / exp(digamma(sum over axis 1)): the variational weights."""
    total = np.exp(digamma((counts + priors).sum(axis=1, keepdims=True)))
    return np.exp(digamma(counts + priors)) / total
