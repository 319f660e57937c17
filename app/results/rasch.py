"""Item difficulty and party ability on one scale: a Rasch (one-parameter logistic) model fitted
jointly to every human and every model on the right/wrong outcomes of a choice question.

P(party p answers item i right) = 1 / (1 + exp(-(ability_p - difficulty_i))).

Fitted by joint maximum likelihood with a tiny ridge penalty (Newton's method on the penalised
log-likelihood to a tolerance on its gradient, `fit_rasch`; tested against statsmodels' Logit and
scipy's L-BFGS-B on the same objective): the ridge keeps the estimates of a party or item with
all answers right (or all wrong) finite, where plain maximum likelihood runs off to infinity,
and moves the others by far less than their standard errors. Identification: the scale's origin
is the mean item difficulty (difficulties sum to zero, a constraint of the fit); shifting every
ability and difficulty together leaves every probability unchanged, so this is a choice of
origin, not of fit.

Standard errors: the usual JML ones, 1 / sqrt(sum of p(1 - p) over the party's or item's
answers) (the diagonal of the information; the covariances between parameters are left out, as
Winsteps and most Rasch software report them). Joint estimation overstates the spread of
difficulties by about n_items / (n_items - 1) on short tests: fine for ranking items and parties,
not for exact values from a handful of items.

items.csv: `ITEM_COLUMNS`; abilities.csv: `ABILITY_COLUMNS` (docs/results.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
from scipy import sparse
from scipy.special import expit

from app.results.lookup import positions
from app.results.rater_batch import split_raters
from app.results.scorers import FamilyScorer
from app.results.units import QuestionGroup

if TYPE_CHECKING:
    from app.results.human_scores import AnswersScored

ITEM_COLUMNS = ["question_id", "item_id", "difficulty", "se", "p_correct_humans",
                "p_correct_models"]
ABILITY_COLUMNS = ["question_id", "party_kind", "party", "tier", "ability", "se"]
RIDGE = 0.01


@dataclass(frozen=True)
class RaschFit:
    abilities: np.ndarray
    ability_se: np.ndarray
    difficulties: np.ndarray
    difficulty_se: np.ndarray


def fit_rasch(persons: np.ndarray, items: np.ndarray, correct: np.ndarray, n_persons: int,
              n_items: int, *, ridge: float = RIDGE, max_steps: int = 200,
              gtol: float = 1e-9) -> RaschFit:
    """The minimum of the penalised negative log-likelihood, sum over outcomes of
    log(1 + exp(eta)) - y eta with eta = ability - difficulty, plus `ridge` / 2 x (sum of
    squared parameters), subject to the difficulties summing to zero; `persons` and `items`
    are codes (0..n-1) of each outcome, `correct` its 0/1 outcome.

    Newton's method on the whole system with the constraint (a Lagrange multiplier) and a
    backtracking line search; the objective is strictly convex (the ridge), so this reaches
    its one minimum, and it stops when the largest component of the gradient projected on the
    constraint is under `gtol` (a tolerance on the gradient, not on the step: steps shrink
    long before the optimum where the curvature is small, as on an item everyone got right).
    The Hessian is diagonal within abilities and within difficulties, so each Newton step
    solves a dense system only the size of the smaller side (its Schur complement): 600,000
    answers of 30 raters on 20,000 items take a few 30 x 30 solves. Tested against scipy's
    L-BFGS-B on the same objective (tests/app/results/test_rasch.py)."""
    persons = np.asarray(persons, dtype=np.intp)
    items = np.asarray(items, dtype=np.intp)
    y = np.asarray(correct, dtype=float)
    theta, b = np.zeros(n_persons), np.zeros(n_items)
    objective = _penalised_nll(theta, b, persons, items, y, ridge)
    for _ in range(max_steps):
        p = expit(theta[persons] - b[items])
        g_theta = np.bincount(persons, p - y, n_persons) + ridge * theta
        g_b = np.bincount(items, y - p, n_items) + ridge * b
        if max(np.abs(g_theta).max(initial=0), np.abs(g_b - g_b.mean()).max(initial=0)) < gtol:
            break
        step_theta, step_b = _newton_step(persons, items, p * (1 - p), g_theta, g_b, n_persons,
                                          n_items, ridge)
        scale = 1.0
        while True:
            new_theta, new_b = theta + scale * step_theta, b + scale * step_b
            new_objective = _penalised_nll(new_theta, new_b, persons, items, y, ridge)
            if new_objective <= objective or scale < 1e-10:
                break
            scale /= 2
        if new_objective > objective:
            break  # no descent left at double precision
        theta, b, objective = new_theta, new_b, new_objective
        b -= b.mean()  # (the step keeps the sum at zero; this removes the rounding)
    p = expit(theta[persons] - b[items])
    info = p * (1 - p)
    return RaschFit(theta, 1 / np.sqrt(np.bincount(persons, info, n_persons) + ridge),
                    b, 1 / np.sqrt(np.bincount(items, info, n_items) + ridge))


def _penalised_nll(theta: np.ndarray, b: np.ndarray, persons: np.ndarray, items: np.ndarray,
                   y: np.ndarray, ridge: float) -> float:
    """`fit_rasch`'s objective."""
    eta = theta[persons] - b[items]
    return float(np.sum(np.logaddexp(0.0, eta) - y * eta)
                 + ridge / 2 * (theta @ theta + b @ b))


def _newton_step(persons: np.ndarray, items: np.ndarray, weights: np.ndarray,
                 g_theta: np.ndarray, g_b: np.ndarray, n_persons: int, n_items: int,
                 ridge: float) -> tuple[np.ndarray, np.ndarray]:
    """The Newton step -H^-1 (g + a lambda) keeping the difficulties' sum (a = 1 on the
    difficulties, 0 on the abilities), lambda such that the step's difficulties sum to zero.
    H = [[D1, C], [C', D2]] with D1, D2 diagonal and C[p, i] = -(sum of the weights of p's
    answers to i); solved by the Schur complement of the larger diagonal block."""
    d1 = np.bincount(persons, weights, n_persons) + ridge
    d2 = np.bincount(items, weights, n_items) + ridge
    cross = sparse.csr_matrix((-weights, (persons, items)), shape=(n_persons, n_items))
    # two right-hand sides: the gradient and the constraint's direction
    r1 = np.stack([g_theta, np.zeros(n_persons)], axis=1)
    r2 = np.stack([g_b, np.ones(n_items)], axis=1)
    if n_persons <= n_items:
        schur = np.diag(d1) - (cross @ sparse.diags(1 / d2) @ cross.T).toarray()
        x1 = np.linalg.solve(schur, r1 - cross @ (r2 / d2[:, None])) if n_persons else r1
        x2 = (r2 - cross.T @ x1) / d2[:, None]
    else:
        schur = np.diag(d2) - (cross.T @ sparse.diags(1 / d1) @ cross).toarray()
        x2 = np.linalg.solve(schur, r2 - cross.T @ (r1 / d1[:, None]))
        x1 = (r1 - cross @ x2) / d1[:, None]
    # H^-1 g and H^-1 a; the step -(H^-1 g + lambda H^-1 a) with a' step = 0
    multiplier = -x2[:, 0].sum() / x2[:, 1].sum() if n_items else 0.0
    return -(x1[:, 0] + multiplier * x1[:, 1]), -(x2[:, 0] + multiplier * x2[:, 1])


@dataclass(frozen=True)
class Party:
    kind: str  # participant | model
    name: str
    tier: str
    outcomes: pd.Series  # item id -> 1.0 right / 0.0 wrong


def rasch_rows(question_id: str, parties: list[Party]
               ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(items.csv rows, abilities.csv rows) of one choice question; nothing with fewer than two
    parties or two items (no scale to put them on)."""
    parties = [p for p in parties if not p.outcomes.empty]
    # (each index as NumPy objects: iterating an Arrow-backed index is ten times slower)
    labels = [p.outcomes.index.to_numpy(dtype=object) for p in parties]
    return _rows(question_id, [(p.kind, p.name, p.tier) for p in parties],
                 np.concatenate([np.full(len(p.outcomes), k) for k, p in enumerate(parties)]
                                if parties else [np.zeros(0, dtype=int)]),
                 np.concatenate(labels) if labels else np.zeros(0, dtype=object),
                 np.concatenate([p.outcomes.to_numpy(dtype=float) for p in parties]
                                if parties else [np.zeros(0)]))


def _rows(question_id: str, who: list[tuple[str, str, str]], persons: np.ndarray,
          labels: np.ndarray, correct: np.ndarray
          ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """`rasch_rows` of parties with outcomes (kind, name, tier each) given as flat arrays:
    outcome j is party `persons[j]`'s on item `labels[j]`, the parties' outcomes one after
    the other, as `rasch_rows` concatenates their Series."""
    item_ids = sorted({str(i) for i in labels})
    if len(who) < 2 or len(item_ids) < 2:
        return [], []
    index = pd.Index(item_ids)
    items = positions(index, pd.Index(labels).astype(str))
    fit = fit_rasch(persons, items, correct, len(who), len(item_ids))
    human = np.array([kind == "participant" for kind, _, _ in who])[persons]
    by_humans = _item_means(items, correct, human, len(item_ids))
    by_models = _item_means(items, correct, ~human, len(item_ids))
    item_rows = [{
        "question_id": question_id, "item_id": item_id,
        "difficulty": float(fit.difficulties[k]), "se": float(fit.difficulty_se[k]),
        "p_correct_humans": by_humans[k], "p_correct_models": by_models[k],
    } for k, item_id in enumerate(item_ids)]
    ability_rows = [{"question_id": question_id, "party_kind": kind, "party": name,
                     "tier": tier, "ability": float(fit.abilities[k]),
                     "se": float(fit.ability_se[k])} for k, (kind, name, tier) in enumerate(who)]
    return item_rows, ability_rows


def group_rasch(group: QuestionGroup, scorer: FamilyScorer | None, answers: pd.DataFrame,
                models: dict[str, pd.DataFrame], known: AnswersScored | None = None
                ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """`rasch_rows` of a choice question scored right/wrong against gold (accuracy family):
    every participant and every model with predictions, each answer's outcome as scored.
    `known`: the raters of `answers` scored already (human_scores.score_answers)."""
    if (scorer is None or scorer.family != "accuracy"
            or group.response_kind.answer_value != "label"):
        return [], []
    if known is not None and known.holds(answers):
        split, humans = known.split, known.raters.values
    else:
        split = split_raters(answers)  # every rater scored from arrays, not a frame each
        humans = scorer.score_raters(group, split).values
    scored = [(name, values) for name, (_, values) in scorer.score_parties(group, models).items()
              if not values.empty]
    # The raters' outcomes straight from their arrays (a rater without any is left out, as
    # `rasch_rows` leaves out an empty Series): the arrays `rasch_rows` would build from one
    # Series per rater (tests/app/results/test_rasch.py compares the two).
    answered = np.unique(humans.owner)
    renumber = np.zeros(len(split.codes), dtype=int)
    renumber[answered] = np.arange(len(answered))
    who = [("participant", split.codes[k], split.tiers[k]) for k in answered.tolist()]
    who += [("model", name, "") for name, _ in scored]
    persons = [renumber[humans.owner]]
    persons += [np.full(len(values), len(answered) + k) for k, (_, values) in enumerate(scored)]
    labels = [humans.item_ids] + [values.index.to_numpy(dtype=object) for _, values in scored]
    correct = [humans.values] + [values.to_numpy(dtype=float) for _, values in scored]
    return _rows(group.question_id, who, np.concatenate(persons), np.concatenate(labels),
                 np.concatenate(correct))


def _mean(values: np.ndarray) -> float:
    return float(values.mean()) if values.size else float("nan")


def _item_means(items: np.ndarray, correct: np.ndarray, chosen: np.ndarray, n_items: int
                ) -> list[float]:
    """`_mean` of the chosen outcomes of each item. Outcomes of 0 and 1 (the accuracy family's)
    sum to whole numbers, exactly in any order: one bincount then, not a scan of every answer
    per item (20,000 items x 600,000 answers); any other value goes through `_mean`."""
    if not np.isin(correct, (0.0, 1.0)).all():
        return [_mean(correct[(items == k) & chosen]) for k in range(n_items)]
    sums = np.bincount(items[chosen], correct[chosen], n_items)
    counts = np.bincount(items[chosen], minlength=n_items)
    with np.errstate(invalid="ignore", divide="ignore"):
        means = sums / counts
    return [float(m) if c else float("nan") for m, c in zip(means, counts, strict=True)]
