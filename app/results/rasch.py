"""Item difficulty and party ability on one scale: a Rasch (one-parameter logistic) model fitted
jointly to every human and every model on the right/wrong outcomes of a choice question.

P(party p answers item i right) = 1 / (1 + exp(-(ability_p - difficulty_i))).

Fitted by joint maximum likelihood with a tiny ridge penalty (scipy L-BFGS on the penalised
log-likelihood with its exact gradient): the ridge keeps the estimates of a party or item with
all answers right (or all wrong) finite, where plain maximum likelihood runs off to infinity,
and moves the others by far less than their standard errors. Identification: the scale's origin
is the mean item difficulty (difficulties sum to zero); shifting every ability and difficulty
together leaves every probability unchanged, so this is a choice of origin, not of fit.

Standard errors: the usual JML ones, 1 / sqrt(sum of p(1 - p) over the party's or item's
answers) (the diagonal of the information; the covariances between parameters are left out, as
Winsteps and most Rasch software report them). Joint estimation overstates the spread of
difficulties by about n_items / (n_items - 1) on short tests: fine for ranking items and parties,
not for exact values from a handful of items.

items.csv: `ITEM_COLUMNS`; abilities.csv: `ABILITY_COLUMNS` (docs/results.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from scipy.optimize import minimize
from scipy.special import expit

from app.results.scorers import FamilyScorer
from app.results.units import QuestionGroup

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
              n_items: int, *, ridge: float = RIDGE) -> RaschFit:
    """Joint ML with a ridge of `ridge` / 2 x (sum of squared parameters); `persons` and `items`
    are codes (0..n-1) of each outcome, `correct` its 0/1 outcome."""
    y = np.asarray(correct, dtype=float)

    def loss(params: np.ndarray) -> tuple[float, np.ndarray]:
        theta, b = params[:n_persons], params[n_persons:]
        eta = theta[persons] - b[items]
        # log-likelihood of Bernoulli outcomes on the logit scale, written to stay finite
        nll = float(np.sum(np.logaddexp(0.0, eta) - y * eta)) + ridge / 2 * float(params @ params)
        residual = expit(eta) - y
        grad = np.concatenate([np.bincount(persons, residual, n_persons),
                               -np.bincount(items, residual, n_items)]) + ridge * params
        return nll, grad

    start = np.zeros(n_persons + n_items)
    result = minimize(loss, start, jac=True, method="L-BFGS-B",
                      options={"maxiter": 2000, "gtol": 1e-9, "ftol": 1e-14})
    theta, b = result.x[:n_persons], result.x[n_persons:]
    shift = b.mean()
    theta, b = theta - shift, b - shift
    p = expit(theta[persons] - b[items])
    info = p * (1 - p)
    return RaschFit(theta, 1 / np.sqrt(np.bincount(persons, info, n_persons) + ridge),
                    b, 1 / np.sqrt(np.bincount(items, info, n_items) + ridge))


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
    item_ids = sorted({str(i) for p in parties for i in p.outcomes.index})
    if len(parties) < 2 or len(item_ids) < 2:
        return [], []
    index = pd.Index(item_ids)
    persons = np.concatenate([np.full(len(p.outcomes), k) for k, p in enumerate(parties)])
    items = np.concatenate([index.get_indexer(p.outcomes.index.astype(str)) for p in parties])
    correct = np.concatenate([p.outcomes.to_numpy(dtype=float) for p in parties])
    fit = fit_rasch(persons, items, correct, len(parties), len(item_ids))
    human = np.array([p.kind == "participant" for p in parties])[persons]
    item_rows = []
    for k, item_id in enumerate(item_ids):
        mine = items == k
        item_rows.append({
            "question_id": question_id, "item_id": item_id,
            "difficulty": float(fit.difficulties[k]), "se": float(fit.difficulty_se[k]),
            "p_correct_humans": _mean(correct[mine & human]),
            "p_correct_models": _mean(correct[mine & ~human]),
        })
    ability_rows = [{"question_id": question_id, "party_kind": p.kind, "party": p.name,
                     "tier": p.tier, "ability": float(fit.abilities[k]),
                     "se": float(fit.ability_se[k])} for k, p in enumerate(parties)]
    return item_rows, ability_rows


def group_rasch(group: QuestionGroup, scorer: FamilyScorer | None, answers: pd.DataFrame,
                models: dict[str, pd.DataFrame]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """`rasch_rows` of a choice question scored right/wrong against gold (accuracy family):
    every participant and every model with predictions, each answer's outcome as scored."""
    if scorer is None or scorer.family != "accuracy" or group.kind != "choice":
        return [], []
    by_rater = {str(code): rows for code, rows in answers.groupby("participant", sort=True)}
    tiers = {code: str(rows["tier"].iloc[0]) for code, rows in by_rater.items()}
    humans = scorer.score_parties(group, by_rater)
    scored = scorer.score_parties(group, models)
    parties = [Party("participant", code, tiers[code], values)
               for code, (_, values) in humans.items()]
    parties += [Party("model", name, "", values) for name, (_, values) in scored.items()]
    return rasch_rows(group.question_id, parties)


def _mean(values: np.ndarray) -> float:
    return float(values.mean()) if values.size else float("nan")
