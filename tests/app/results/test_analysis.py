"""The study's analysis as one object (app.results.analysis): the quality rules applied as one
of its options, every table scored from the participants they keep, the exclusions and the
sensitivity over everyone."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from app.results.analysis import analyse, screen
from app.results.frame import responses_frame
from app.results.options import ResultsOptions
from app.results.summary import compute_results
from app.storage.database import Database
from app.study.loader import LoadedStudy
from tests.results_support import import_rows, simulated_rows
from tests.test_results_study import with_models

RATERS = [("P01", "primary", 0.9), ("P02", "senior", 0.6), ("P03", "senior", 0.8)]


@pytest.fixture
def study(mini_study_dir: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    """Three raters and F01, who answers everything in under 200 ms (too_fast by the
    defaults: more than a quarter of the answers under 500 ms)."""
    loaded = with_models(mini_study_dir)
    import_rows(loaded, db, simulated_rows(loaded, RATERS, seed=2), tmp_path)
    import_rows(loaded, db, simulated_rows(loaded, [("F01", "senior", 0.5)], seed=3,
                                           rt_base=100.0), tmp_path, name="fast.csv")
    return loaded


def test_the_applied_rules_are_an_option_of_the_analysis(study: LoadedStudy,
                                                         db: Database) -> None:
    everyone = responses_frame(study, db)
    options = ResultsOptions(n_boot=20, exclude=("too_fast",))
    analysis = analyse(study, everyone, options)
    assert analysis.options is options and analysis.applied == ("too_fast",)
    assert analysis.excluded == {"F01"}
    assert analysis.n_participants == 3
    assert set(analysis.responses["participant"].astype(str)) == {"P01", "P02", "P03"}
    # The quality tables are over everyone; the scores are those of the participants kept.
    assert set(analysis.exclusions["participant"]) == {"P01", "P02", "P03", "F01"}
    kept = everyone[everyone["participant"].astype(str) != "F01"].reset_index(drop=True)
    scored = compute_results(study, None, options, frame=kept)
    pd.testing.assert_frame_equal(analysis.scores, scored.scores)
    pd.testing.assert_frame_equal(analysis.agreement, scored.agreement)
    assert not analysis.gaps.empty
    assert analysis.human_range["n_raters"].max() == 3  # F01 is not among the raters
    rules = set(analysis.sensitivity["rule"])
    assert {"none", "too_fast", "all"} <= rules
    assert any("too_fast 1" in note for note in analysis.notes)


def test_no_rule_applied_scores_everyone(study: LoadedStudy, db: Database) -> None:
    everyone = responses_frame(study, db)
    analysis = analyse(study, everyone, ResultsOptions(n_boot=0))
    assert analysis.applied == () and analysis.excluded == frozenset()
    assert analysis.n_participants == 4
    assert analysis.responses is everyone
    # Measured all the same: what the rule would change is there to read.
    assert screen(study, everyone, ("too_fast",)).excluded == {"F01"}
    assert analysis.note.startswith("No quality rule applied")
