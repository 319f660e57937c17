"""The analysis tells a caller each stage as it begins (app.results.stages), for the results
window's busy bar: in STAGES' order, the per-question stages once per question group with its
place among them; the numbers are the same with or without a caller listening."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.results.analysis import analyse
from app.results.frame import responses_frame
from app.results.options import ResultsOptions
from app.results.stages import STAGES, Stage
from app.results.summary import compute_results
from app.results.units import question_groups
from app.storage.database import Database
from tests.results_support import import_rows, simulated_rows
from tests.test_results_study import with_models


def test_analyse_tells_each_stage_in_order(mini_study_dir: Path, db: Database,
                                           tmp_path: Path) -> None:
    loaded = with_models(mini_study_dir)
    import_rows(loaded, db, simulated_rows(loaded, [("P01", "a", 0.9), ("P02", "b", 0.6)],
                                           seed=3), tmp_path)
    frame = responses_frame(loaded, db, include_simulated=False)
    told: list[Stage] = []
    analysis = analyse(loaded, frame, ResultsOptions(n_boot=0), progress=told.append)
    assert analysis.n_participants == 2
    names = [s.name for s in told]
    assert names[:2] == ["screening", "models"]
    assert names[-4:] == ["gaps", "sensitivity", "comments", "reader_study"]
    groups = question_groups(loaded.study)
    per_question = [s for s in told if s.question is not None]
    assert {s.question for s in per_question} == {g.question_id for g in groups}
    assert all(s.of == len(groups) for s in per_question)
    for n, group in enumerate(groups, start=1):
        mine = [s.name for s in per_question if s.question == group.question_id]
        assert all(s.n == n for s in per_question if s.question == group.question_id)
        assert mine[0] == "raters" and mine[-1] == "response_times" and "agreement" in mine
    assert "scoring" in names and "abilities" in names
    assert [STAGES.index(n) for n in dict.fromkeys(names)] == sorted(
        STAGES.index(n) for n in dict.fromkeys(names))  # in the documented order
    # Without a callback, the same numbers (the callback only reports).
    quiet = analyse(loaded, frame, ResultsOptions(n_boot=0))
    assert quiet.scores.equals(analysis.scores)
    # compute_results reading the database itself says so first.
    first: list[Stage] = []
    compute_results(loaded, db, ResultsOptions(n_boot=0), progress=first.append)
    assert first[0] == Stage("loading")


def test_an_unknown_stage_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown analysis stage"):
        Stage("scoring the answers")
