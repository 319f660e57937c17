"""Item difficulty and party ability on one scale: a Rasch (one-parameter logistic) model fitted
jointly to every human and every model on the right/wrong outcomes of a choice question.

P(party p answers item i right) = 1 / (1 + exp(-(ability_p - difficulty_i))).

Fitted by joint maximum likelihood with a tiny ridge penalty (alternating exact Newton steps on
the penalised log-likelihood, `fit_rasch`; tested against statsmodels' Logit): the ridge keeps the estimates of a party or item with
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
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
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
              n_items: int, *, ridge: float = RIDGE, max_sweeps: int = 500,
              tol: float = 1e-9) -> RaschFit:
    """Joint ML with a ridge of `ridge` / 2 x (sum of squared parameters); `persons` and `items`
    are codes (0..n-1) of each outcome, `correct` its 0/1 outcome.

    Alternating Newton steps, abilities then difficulties: given the difficulties the abilities
    are independent of each other (their Hessian is diagonal, so each step is an exact Newton
    step), and the other way round; each step is capped at 1 logit, and the mean difficulty is
    put back to 0 after every sweep (the identification), which also removes the one direction
    the likelihood cannot see. Linear in the number of outcomes: 600,000 answers take seconds
    where a general optimiser over 20,000 parameters took minutes."""
    y = np.asarray(correct, dtype=float)
    theta, b = np.zeros(n_persons), np.zeros(n_items)
    for _ in range(max_sweeps):
        before = np.concatenate([theta, b])
        p = expit(theta[persons] - b[items])
        step_theta = ((np.bincount(persons, y - p, n_persons) - ridge * theta)
                      / (np.bincount(persons, p * (1 - p), n_persons) + ridge))
        theta += np.clip(step_theta, -1.0, 1.0)
        p = expit(theta[persons] - b[items])
        step_b = ((np.bincount(items, p - y, n_items) - ridge * b)
                  / (np.bincount(items, p * (1 - p), n_items) + ridge))
        b += np.clip(step_b, -1.0, 1.0)
        shift = b.mean()
        theta, b = theta - shift, b - shift
        # (the steps themselves settle on the shift the centring takes back: compare values)
        if np.abs(np.concatenate([theta, b]) - before).max(initial=0) < tol:
            break
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
