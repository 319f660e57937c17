"""The study's quality rules measured for every participant (exclusions.csv), and which
participants a set of rules excludes.

| rule             | value                                                   | excluded when            |
|------------------|---------------------------------------------------------|--------------------------|
| attention_failed | attention- and gold-check items with a wrong answer     | value > max_failed_checks |
| too_fast         | share of timed answers faster than min_rt_ms            | value > max_fast_share    |
| straight_lining  | share of items with 2+ rating answers, all the same     | value > max_straight_share|
| incomplete       | share of the assigned main items answered               | value < min_completion    |
| low_competence   | lowest MACE competence / the question's median          | value < min_competence_share (off when unset) |

Practice items never count; a participant without any item a rule looks at (no checks, no
rating batteries) has the value empty there and is not excluded by it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np
import pandas as pd

from app.kinds import kind_of
from app.results.lookup import isin
from app.results.metrics_rating import numeric
from app.results.rater_models import (
    DEFAULT_COMPETENCE_SHARE,
    LOW_COMPETENCE_RULE,
    competence_exclusion_rows,
)
from app.session.assignment import layout
from app.study.answers import is_correct
from app.study.errors import UserInputError
from app.study.loader import LoadedStudy
from app.study.model_quality import QUALITY_RULES, Quality

EXCLUSION_COLUMNS = ["participant", "rule", "value", "threshold", "excluded"]
CHECK_ROLES = ("attention_check", "gold_check")
# Straight-lining is one point of a scale given throughout: the questions whose answers are
# points on a scale (`Kind.scale_points`).
def _scale_questions(loaded: LoadedStudy) -> list[str]:
    return list(dict.fromkeys(q.id for item in loaded.study.items for q in item.questions
                              if kind_of(q).scale_points(q) is not None))


def parse_rules(text: str) -> tuple[str, ...]:
    """`RULE[,RULE...]` (`all`: every rule) checked against the known rules."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if names == ["all"]:
        return QUALITY_RULES
    unknown = [n for n in names if n not in QUALITY_RULES]
    if unknown or not names:
        raise UserInputError(f"--exclude: {', '.join(unknown) or repr(text)} is not a rule "
                             f"(rules: {', '.join(QUALITY_RULES)}, or all)")
    return tuple(dict.fromkeys(names))


def _main(frame: pd.DataFrame) -> pd.DataFrame:
    return frame[~frame["practice"].astype(bool)]


def _failed_checks(loaded: LoadedStudy, frame: pd.DataFrame) -> pd.Series:
    rows = frame[frame["role"].isin(CHECK_ROLES)]
    items = loaded.items_by_id
    wrong = []
    for item_id, question_id, answer in zip(rows["item_id"], rows["question_id"], rows["answer"],
                                            strict=True):
        question = next((q for q in items[item_id].questions if q.id == question_id), None)
        wrong.append(question is not None and is_correct(question, answer) is False)
    failed = rows.assign(wrong=wrong).groupby(["participant", "item_id"])["wrong"].any()
    return failed.groupby(level="participant").sum().astype(float)


def _fast_share(frame: pd.DataFrame, min_rt_ms: float) -> pd.Series:
    rt = pd.to_numeric(frame["rt_ms"], errors="coerce")
    timed = frame.assign(rt=rt)[rt.notna() & ~frame["timed_out"].astype(bool)]
    return (timed["rt"] < min_rt_ms).groupby(timed["participant"]).mean().astype(float)


def _straight_share(loaded: LoadedStudy, frame: pd.DataFrame) -> pd.Series:
    rows = frame[isin(frame["question_id"], _scale_questions(loaded))]
    ratings = rows.assign(value=[numeric(a) for a in rows["answer"]]).dropna(subset=["value"])
    per_item = ratings.groupby(["participant", "item_id"])["value"].agg(["count", "nunique"])
    batteries = per_item[per_item["count"] >= 2]
    straight = (batteries["nunique"] == 1).groupby(level="participant").mean()
    return straight.astype(float)


def _completion(loaded: LoadedStudy, frame: pd.DataFrame, codes: Iterable[str]) -> pd.Series:
    plan = layout(loaded.study)  # once: the study's walk and shuffle do not depend on the code
    scored = set(plan.scored)
    answered = frame[isin(frame["item_id"], scored) & ~frame["timed_out"].astype(bool)
                     & frame["answer"].notna()]
    conditions = loaded.study.condition_ids()
    if conditions and "condition" in answered:
        # A reader study: every case is to be read under every condition.
        done = {str(code): set(zip(rows["item_id"], rows["condition"], strict=True))
                for code, rows in answered.groupby("participant")}
    else:
        done = {str(code): set(rows.unique().tolist())  # (tolist: one conversion, not a walk)
                for code, rows in answered.groupby("participant")["item_id"]}
    out = {}
    for code in codes:
        assigned: set[Any] = plan.assigned_item_ids(code) & scored
        if conditions and "condition" in answered:
            assigned = {(item, c) for item in assigned for c in conditions}
        got = done.get(code, set())
        out[code] = len(got & assigned) / len(assigned) if assigned else math.nan
    return pd.Series(out, dtype=float)


def exclusion_rows(loaded: LoadedStudy, frame: pd.DataFrame) -> list[dict[str, Any]]:
    """One row per participant and rule: the measured value, the threshold, excluded or not."""
    if frame.empty:
        return []
    quality: Quality = loaded.study.quality
    main = _main(frame)
    codes = sorted(str(c) for c in frame["participant"].unique())
    measured = {
        "attention_failed": (_failed_checks(loaded, main), quality.max_failed_checks, "above"),
        "too_fast": (_fast_share(main, quality.min_rt_ms), quality.max_fast_share, "above"),
        "straight_lining": (_straight_share(loaded, main), quality.max_straight_share, "above"),
        "incomplete": (_completion(loaded, main, codes), quality.min_completion, "below"),
    }
    competence = _competence(loaded, frame, quality)
    rows = []
    for code in codes:
        for rule in QUALITY_RULES:
            if rule == LOW_COMPETENCE_RULE:
                rows.append(competence.get(code, {"participant": code, "rule": rule,
                                                  "value": math.nan,
                                                  "threshold": _competence_threshold(quality),
                                                  "excluded": False}))
                continue
            values, threshold, side = measured[rule]
            value = float(values.get(code, 0.0 if rule == "attention_failed" else math.nan))
            passed = value > threshold if side == "above" else value < threshold
            rows.append({"participant": code, "rule": rule, "value": value,
                         "threshold": float(threshold),
                         "excluded": bool(math.isfinite(value) and passed)})
    return rows


def _competence_threshold(quality: Quality) -> float:
    """The low_competence threshold of exclusions.csv: the study's share, empty when off."""
    share = quality.min_competence_share
    return math.nan if share is None else float(share)


def _competence(loaded: LoadedStudy, frame: pd.DataFrame,
                quality: Quality) -> dict[str, dict[str, Any]]:
    """participant -> their low_competence row (MACE on every choice question; a participant
    without a choice answer has none). Measured even when the rule is off, so exclusions.csv
    shows the value; it excludes only when the study sets min_competence_share."""
    share = quality.min_competence_share
    rows = competence_exclusion_rows(loaded, frame, DEFAULT_COMPETENCE_SHARE if share is None
                                     else share, enabled=share is not None)
    return {str(r["participant"]): {**r, "threshold": _competence_threshold(quality)}
            for r in rows}


def exclusions_frame(loaded: LoadedStudy, frame: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame(exclusion_rows(loaded, frame), columns=EXCLUSION_COLUMNS)


def excluded_by(exclusions: pd.DataFrame, rules: Iterable[str]) -> set[str]:
    """Participants excluded by any of the rules."""
    wanted = exclusions[exclusions["rule"].isin(list(rules)) & exclusions["excluded"].astype(bool)]
    return set(np.unique(wanted["participant"].astype(str)))


def exclusion_note(exclusions: pd.DataFrame, rules: Iterable[str]) -> str:
    """What `--exclude` applied, in words: the rules and how many each excluded."""
    rules = list(rules)
    counts = [f"{rule} {len(excluded_by(exclusions, [rule]))}" for rule in rules]
    return (f"Quality rules applied (participants excluded): {', '.join(counts)}; "
            f"{len(excluded_by(exclusions, rules))} excluded in all, of "
            f"{exclusions['participant'].nunique()}.")
