"""`baseline-studio plan`: widths fall as raters grow, the recommendation is the smallest
design meeting the target width, a pilot database sets the rates, bad flags exit 2."""

from __future__ import annotations

import math
from itertools import pairwise
from pathlib import Path

import pandas as pd
import pytest

from app.simulation.config import SimulationConfig
from app.simulation.planning import model_outcomes, plan_rows, plan_target
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from baseline_studio import main
from tests.results_support import import_rows, simulated_rows

STUDIES = Path(__file__).resolve().parents[3] / "studies"
WIDTHS = ["expected_ci_width_human", "expected_ci_width_gap", "expected_ci_width_alpha"]


@pytest.fixture(scope="module")
def lesion() -> LoadedStudy:
    return load_study(STUDIES / "lesion-vqa-demo")


def _rows(loaded: LoadedStudy, target_width: float) -> list[dict]:
    target = plan_target(loaded)
    assert target is not None
    return plan_rows(loaded, SimulationConfig(participants=1), raters=(2, 3, 4, 6, 8),
                     n_items=40, runs=40, target_width=target_width, seed=1,
                     model_right=model_outcomes(loaded, target), per_person_items=13,
                     median_item_ms=5000)


def test_widths_fall_as_raters_grow(lesion: LoadedStudy) -> None:
    rows = _rows(lesion, 0.2)
    for column in ("expected_ci_width_human", "expected_ci_width_alpha"):
        widths = [r[column] for r in rows]
        assert widths[-1] < 0.8 * widths[0], column
        assert all(b <= a + 0.01 for a, b in pairwise(widths)), widths
    assert [r["n_participants"] for r in rows] == [math.ceil(k * 40 / 13) for k in (2, 3, 4, 6, 8)]
    assert rows[1]["hours_of_work"] == pytest.approx(3 * 40 * 5000 / 3_600_000)


@pytest.mark.parametrize("pick", [0, 2, 4])
def test_recommendation_is_the_smallest_design_meeting_the_target(lesion: LoadedStudy,
                                                                  pick: int) -> None:
    reference = _rows(lesion, 1.0)
    target = max(reference[pick][c] for c in WIDTHS if not math.isnan(reference[pick][c]))
    rows = _rows(lesion, target)
    meets = [max(r[c] for c in WIDTHS if not math.isnan(r[c])) <= target for r in rows]
    assert [r["recommended"] for r in rows].count(True) == 1
    chosen = next(k for k, r in enumerate(rows) if r["recommended"])
    assert meets[chosen] and not any(meets[:chosen]) and chosen <= pick
    assert not any(r["recommended"] for r in _rows(lesion, 1e-6))


def test_cli_writes_plan_csv_and_reads_a_pilot(lesion: LoadedStudy, db: Database, db_url: str,
                                               tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("the CLI test runs once, on SQLite")
    out = tmp_path / "plan.csv"
    assert main(["plan", "--study", str(lesion.folder), "--raters-per-item", "2,4",
                 "--runs", "10", "--out", str(out)]) == 0
    table = pd.read_csv(out)
    assert list(table.columns) == ["raters_per_item", "n_items", "n_participants",
                                   "expected_ci_width_human", "expected_ci_width_gap",
                                   "expected_ci_width_alpha", "hours_of_work", "recommended"]
    assert list(table["raters_per_item"]) == [2, 4]
    assert "assumed accuracy 0.8" in capsys.readouterr().out
    import_rows(lesion, db, simulated_rows(lesion, [("P1", "a", 0.5), ("P2", "a", 0.5)], seed=3),
                tmp_path)
    assert main(["plan", "--study", str(lesion.folder), "--db", db_url, "--runs", "10",
                 "--out", str(out)]) == 0
    assert "pilot responses: accuracy" in capsys.readouterr().out
    bad = main(["plan", "--study", str(lesion.folder), "--raters-per-item", "1,x",
                "--out", str(out)])
    err = capsys.readouterr().err
    assert bad == 2 and "--raters-per-item" in err and "Traceback" not in err
    assert main(["plan", "--study", str(lesion.folder), "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err  # a folder where the file goes
    assert f"cannot write {tmp_path}" in err and "Traceback" not in err
