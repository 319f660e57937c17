"""Means per group of items with bootstrap CIs for ratings without gold, and the comments
table (app.results.rating_means, app.results.comments), on the real responses frame."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from app.results.comments import comments
from app.results.frame import responses_frame
from app.results.options import ResultsOptions
from app.results.rating_means import rating_means
from app.results.units import group_answers, question_groups
from app.storage.database import Database
from app.study.loader import load_study
from tests.results_support import import_rows


def test_rating_means_and_comments(mini_study_dir: Path, db: Database, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    rows = [("P01", "poem1", "creative", "2", None, "senior"),
            ("P02", "poem1", "creative", "4", None, "senior"),
            ("P03", "poem1", "creative", "NA", None, "senior"),
            ("P01", "poem1", "why", "  Fine.  ", None, "senior"),
            ("P02", "poem1", "why", "", None, "senior"),
            ("P01", "c1", "label", "neg", None, "senior")]
    import_rows(loaded, db, rows, tmp_path)
    frame = responses_frame(loaded, db)
    group = next(g for g in question_groups(loaded.study) if g.question_id == "creative")
    means = rating_means(group, group_answers(group, frame, None), ResultsOptions(n_boot=200))
    assert list(means["group_by"]) == ["author"] and list(means["group"]) == ["human"]
    row = means.iloc[0]
    assert row["mean"] == pytest.approx(3.0) and row["n"] == 2  # N/A left out
    assert math.isnan(row["ci_low"])  # one item: nothing to resample
    found = comments(loaded.study, frame)
    assert list(found["comment"]) == ["Fine."] and list(found["participant"]) == ["P01"]
    assert comments(loaded.study, frame[frame["question_kind"] != "text"]).empty
