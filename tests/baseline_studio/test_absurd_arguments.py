"""`plan` and `simulate` with absurd arguments: a bound with a message and exit 2, before any
work (no MemoryError, no OverflowError, no run of hours, no NaN accepted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from baseline_studio.main import main

STUDY = str(Path(__file__).resolve().parents[1] / "fixtures" / "mini-study")


@pytest.mark.parametrize("extra, says", [
    (["--raters-per-item", "1000000000"], "--raters-per-item"),
    (["--items", "100000000"], "--items"),
    (["--runs", "100000000"], "--runs"),
    (["--rt-median-ms", "nan"], "--rt-median-ms"),
    (["--rt-median-ms", "inf"], "--rt-median-ms"),
    (["--target-width", "0"], "--target-width"),
    (["--target-width", "nan"], "--target-width"),
    (["--accuracy", "nan"], "--accuracy"),
    (["--runs", "5000", "--items", "50000"], "simulated answers"),
])
def test_plan_bounds_its_arguments(extra: list[str], says: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "plan.csv"
    assert main(["plan", "--study", STUDY, "--out", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("extra, says", [
    (["--rt-sigma", "1e308"], "--rt-sigma"),
    (["--rt-sigma", "nan"], "--rt-sigma"),
    (["--comment-rate", "5"], "--comment-rate"),
    (["--participants", "100000000000"], "--participants"),
    (["--participants", "0"], "--participants"),
    (["--rt-median-ms", "nan"], "--rt-median-ms"),
    (["--default-accuracy", "-1"], "--default-accuracy"),
    (["--rating-noise", "inf"], "--rating-noise"),
    (["--first", "-5"], "--first"),
])
def test_simulate_bounds_its_arguments(extra: list[str], says: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "db.sqlite3"
    argv = ["simulate", "--db", f"sqlite:///{db}", "--study", STUDY, "--participants", "1"]
    assert main([*argv, *extra]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert not db.exists()
