"""sensitivity.csv scores each distinct set of dropped participants once: the same rows as
scoring every rule set on its own (the loop it replaced, kept here as the reference)."""

from __future__ import annotations

import math
from pathlib import Path

from app.results.frame import responses_frame
from app.results.human_scores import human_score_rows
from app.results.options import ResultsOptions
from app.results.quality import excluded_by, exclusions_frame
from app.results.rater_models import fit_group
from app.results.score_rows import subsets
from app.results.scorers import scorer_for
from app.results.sensitivity import PARTY_KINDS, rule_sets, sensitivity_rows
from app.results.summary import compute_results
from app.results.units import group_answers
from app.storage.database import Database
from app.study.loader import LoadedStudy
from tests.app.results.test_quality import _rows, study  # noqa: F401 (the fixture)
from tests.results_support import import_rows


def _reference(groups, frame, tier_field, exclusions, options):  # type: ignore[no-untyped-def]
    rows = []
    for group in groups:
        scorer = scorer_for(group)
        answers = group_answers(group, frame, tier_field)
        if scorer is None or answers.empty:
            continue
        raters = set(answers["participant"])
        baseline: dict[tuple[str, str], float] = {}
        for name, rules in rule_sets().items():
            dropped = excluded_by(exclusions, rules) & raters
            kept = answers[~answers["participant"].isin(dropped)]
            scored = []
            if not kept.empty:
                cell = subsets(group, scorer, set(kept["item_id"].unique()), options)[0]
                scored = human_score_rows([cell], kept, options, fit_group(group, kept).aggregates)
            for row in scored:
                if row["who_kind"] not in PARTY_KINDS or row["metric"] != scorer.main:
                    continue
                key = (row["who_kind"], row["who"])
                if name == "none":
                    baseline[key] = row["value"]
                rows.append({
                    "question_id": group.question_id, "human_kind": row["who_kind"],
                    "human": row["who"], "metric": row["metric"], "rule": name,
                    "value": row["value"], "ci_low": row["ci_low"], "ci_high": row["ci_high"],
                    "ci_kind": row["ci_kind"],
                    "n_raters": row["n_raters"], "n_excluded": len(dropped),
                    "difference_from_none": row["value"] - baseline.get(key, math.nan),
                    "note": row["note"],
                })
    return rows


def _same(a: object, b: object) -> bool:
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a)
                      and math.isnan(b))


def test_equals_scoring_every_rule_set_on_its_own(study: LoadedStudy,  # noqa: F811
                                                  db: Database, tmp_path: Path) -> None:
    import_rows(study, db, _rows(), tmp_path)
    frame = responses_frame(study, db)
    options = ResultsOptions(n_boot=30)
    results = compute_results(study, db, options, frame=frame)
    exclusions = exclusions_frame(study, frame)
    got = sensitivity_rows(results.groups, frame, results.tier_field, exclusions, options)
    expected = _reference(results.groups, frame, results.tier_field, exclusions, options)
    assert len(got) == len(expected) > 0
    assert {r["rule"] for r in got} == set(rule_sets())
    for mine, theirs in zip(got, expected, strict=True):
        assert mine.keys() == theirs.keys()
        assert all(_same(mine[k], theirs[k]) for k in mine), (mine, theirs)
    # The rule sets that drop nobody ("none" at least) taken from the results' own all-items
    # rows, as an export does when no rule is applied: the same rows.
    assert results.all_items_rows
    reused = sensitivity_rows(results.groups, frame, results.tier_field, exclusions, options,
                              results.all_items_rows)
    assert len(reused) == len(expected)
    for mine, theirs in zip(reused, expected, strict=True):
        assert mine.keys() == theirs.keys()
        assert all(_same(mine[k], theirs[k]) for k in mine), (mine, theirs)
