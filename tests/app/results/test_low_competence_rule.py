"""The low_competence quality rule end to end: measured for everyone in exclusions.csv, off
unless the study's quality block sets `min_competence_share`, applied by
`export --exclude low_competence` (and `all`) on the command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from app.storage import open_database
from app.study.loader import load_study
from baseline_studio import main
from tests.results_support import import_rows, simulated_rows

STUDIES = Path(__file__).resolve().parents[3] / "studies"
RATERS = [("P01", "a", 0.9), ("P02", "a", 0.85), ("P03", "b", 0.8), ("P04", "b", 0.8),
          ("P05", "b", 0.1)]  # P05 answers nearly at random


def _study(tmp_path: Path, share: float | None) -> tuple[Path, str]:
    """The HUME demo (its quality block given `share`) answered by RATERS in a SQLite file."""
    folder = tmp_path / "hume-demo"
    shutil.copytree(STUDIES / "hume-demo", folder)
    data = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    quality = dict(data.get("quality") or {})
    quality.pop("min_competence_share", None)
    if share is not None:
        quality["min_competence_share"] = share
    data["quality"] = quality
    (folder / "study.json").write_text(json.dumps(data), encoding="utf-8")
    loaded = load_study(folder)
    url = f"sqlite:///{tmp_path / 'study.db'}"
    db = open_database(url)
    try:
        import_rows(loaded, db, simulated_rows(loaded, RATERS, seed=7), tmp_path)
    finally:
        db.close()
    return folder, url


def _export(folder: Path, url: str, out: Path, exclude: str) -> pd.DataFrame:
    assert main(["export", "--study", str(folder), "--db", url, "--out", str(out),
                 "--bootstrap", "0", "--exclude", exclude]) == 0
    table = pd.read_csv(out / "exclusions.csv")
    return table[table["rule"] == "low_competence"].set_index("participant")


def _scored(out: Path) -> set[str]:
    scores = pd.read_csv(out / "human_scores.csv")
    return set(scores[scores["who_kind"] == "participant"]["who"])


def test_on_the_rule_flags_and_excludes_the_far_weaker_rater(tmp_path: Path) -> None:
    folder, url = _study(tmp_path, 0.5)
    rows = _export(folder, url, tmp_path / "out", "low_competence")
    assert set(rows.index) == {code for code, _, _ in RATERS}  # every participant
    assert rows.loc["P05", "value"] < 0.5 and rows.loc["P05", "excluded"]
    assert (rows["threshold"] == 0.5).all() and rows["excluded"].sum() == 1
    assert _scored(tmp_path / "out") == {"P01", "P02", "P03", "P04"}
    report = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "low_competence 1" in report


@pytest.mark.parametrize("exclude", ["low_competence", "all"])
def test_off_by_default_measured_but_excludes_nobody(tmp_path: Path, exclude: str) -> None:
    folder, url = _study(tmp_path, None)
    rows = _export(folder, url, tmp_path / "out", exclude)
    assert rows.loc["P05", "value"] < 0.5  # measured all the same
    assert rows["threshold"].isna().all() and not rows["excluded"].any()
    if exclude == "low_competence":
        assert _scored(tmp_path / "out") == {code for code, _, _ in RATERS}
    sensitivity = pd.read_csv(tmp_path / "out" / "sensitivity.csv")
    assert "low_competence" in set(sensitivity["rule"])


def test_a_share_out_of_range_names_the_field(tmp_path: Path) -> None:
    from app.study.errors import StudyError

    with pytest.raises(StudyError) as caught:
        _study(tmp_path, 1.5)
    assert [p.where for p in caught.value.problems] == ["quality.min_competence_share"]
