"""The answers scored once (`human_scores.score_answers`, kept in `StudyResults.all_items_scored`)
and reused by human_scores.csv's all-items cell, the party cells of gaps.csv and
human_range.csv and the Rasch scale: the same numbers as each scoring the answers itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from app.results.frame import responses_frame
from app.results.human_scores import human_score_rows
from app.results.options import ResultsOptions
from app.results.party_cells import Cell, party_cells
from app.results.rasch import group_rasch
from app.results.score_rows import subsets
from app.results.scorers import scorer_for
from app.results.summary import compute_results
from app.storage.opening import open_database
from app.study.loader import load_study
from tests.conftest import REPO
from tests.results_support import import_rows, simulated_rows


def _cell(cell: Cell) -> Any:
    def arrays(values: dict[str, np.ndarray]) -> dict[str, list[float]]:
        return {k: v.tolist() for k, v in values.items()}

    return (cell.question_id, cell.subset.category, cell.subset.value, cell.rater_scores,
            arrays(cell.rater_items), cell.model_illustrative,
            [(p.kind, p.name, p.items.tolist(), p.boot.tolist(), p.n_raters)
             for p in [*cell.humans, *cell.models]])


def _nan_equal(a: Any, b: Any) -> bool:
    return repr(a) == repr(b)  # (NaN != NaN; their repr is equal, and floats print exactly)


@pytest.mark.parametrize("name", ["hume-demo", "lesion-vqa-demo", "poem-ratings-demo"])
def test_reused_scoring_equals_scoring_again(name: str, tmp_path: Path) -> None:
    loaded = load_study(REPO / "studies" / name)
    db = open_database(f"sqlite:///{tmp_path / 'db.sqlite'}")
    try:
        raters = [(f"R{n}", "", 0.5 + 0.1 * n) for n in range(4)]
        import_rows(loaded, db, simulated_rows(loaded, raters, seed=3), tmp_path)
        frame = responses_frame(loaded, db)
    finally:
        db.close()
    options = ResultsOptions(n_boot=25)
    results = compute_results(loaded, db, options, frame=frame)
    assert results.all_items_scored
    # party cells: the results' own answers (reused) against the same answers passed in,
    # which the cells score and fit afresh
    own = [_cell(c) for c in party_cells(results)]
    again = [_cell(c) for c in party_cells(results, answers=dict(results.answers))]
    assert own and _nan_equal(own, again)
    for group in results.groups:
        scorer = scorer_for(group)
        answers = results.answers.get(group.question_id)
        known = results.all_items_scored.get(group.question_id)
        if scorer is None or answers is None or answers.empty:
            continue
        assert known is not None and known.holds(answers, options)
        cells = subsets(group, scorer, set(answers["item_id"].unique()), options)
        assert _nan_equal(human_score_rows(cells, answers, options, None, known),
                          human_score_rows(cells, answers, options))
        models = results.predictions.answers(group)
        assert _nan_equal(group_rasch(group, scorer, answers, models, known),
                          group_rasch(group, scorer, answers, models))
        # another frame (a copy) is never taken for the one it was made from
        assert not known.holds(answers.copy(), options)
