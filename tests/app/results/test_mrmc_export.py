"""reader_auc.csv and mrmc.csv from a study: the Van Dyke (1993) readers' ratings of the first
modality imported as responses (the real import path, real SQLite) to a rating question scored
by `auc`, exported with the rest, give the published single-modality numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from app.storage.database import Database
from app.study.errors import StudyError
from app.study.loader import load_study
from exporters.export_all import export_all
from tests.results_support import import_rows

FIXTURE = Path(__file__).parents[2] / "fixtures" / "mrmc" / "vandyke_1993.csv"


def _study(folder: Path, truth: dict[int, int], gold_of: int | None = None) -> Path:
    folder.mkdir()
    items = [{"id": f"case{c:03d}", "stimulus": {"kind": "text", "text": f"Case {c}"},
              "questions": [{"id": "confidence", "kind": "rating", "min": 1, "max": 5,
                             "prompt": "Dissection present?", "scoring": {"metric": "auc"},
                             "gold": t if gold_of is None else gold_of}]}
             for c, t in truth.items()]
    (folder / "study.json").write_text(json.dumps({
        "format_version": 1, "id": "vandyke", "title": "Van Dyke (1993)", "version": "1",
        "blocks": [{"id": "main", "kind": "main", "title": "Main"}], "items": items,
        "models": {"predictions": [{"file": "predictions.csv", "illustrative": True}]}}))
    # A "model" scoring every case by reader 1's modality-2 rating plus a tie-breaker.
    data = pd.read_csv(FIXTURE)
    ai = data[(data.treatment == 2) & (data.reader == 1)]
    lines = ["model,item_id,question_id,prediction"] + [
        f"ai,case{c:03d},confidence,{r + c / 1000}" for c, r in zip(ai.case, ai.rating,
                                                                  strict=True)]
    (folder / "predictions.csv").write_text("\n".join(lines) + "\n")
    return folder


def test_export_writes_the_published_single_modality_numbers(db: Database,
                                                            tmp_path: Path) -> None:
    data = pd.read_csv(FIXTURE)
    truth = dict(zip(data.case, data.truth, strict=False))
    loaded = load_study(_study(tmp_path / "study", truth))
    first = data[data.treatment == 1]
    import_rows(loaded, db, [(f"R{r}", f"case{c:03d}", "confidence", float(x), 1000.0, "")
                             for r, c, x in zip(first.reader, first.case, first.rating,
                                                strict=True)], tmp_path)
    out = tmp_path / "out"
    names = {p.name for p in export_all(loaded, db, out)}
    assert {"reader_auc.csv", "mrmc.csv"} <= names
    auc = pd.read_csv(out / "reader_auc.csv", keep_default_na=False, na_values=[""])
    humans = auc[auc.who_kind == "human"].set_index("reader")
    printed = ["0.91964573", "0.85877617", "0.90386473", "0.97310789", "0.82979066"]
    assert [f"{humans.fom[f'R{r}']:.8f}" for r in range(1, 6)] == printed
    assert (humans.n_cases == 114).all() and (humans.n_positive == 45).all()
    model = auc[auc.who_kind == "model"].iloc[0]
    assert model.reader == "ai" and bool(model.illustrative) and model.fom > 0.9
    mrmc = pd.read_csv(out / "mrmc.csv", keep_default_na=False, na_values=[""])
    single = mrmc[mrmc.comparison == "single_condition"].set_index("analysis")
    rrrc = single.loc["random_readers_random_cases"]
    assert f"{rrrc.fom_a:.8f}" == "0.89703704" and f"{rrrc.se:.8f}" == "0.03317360"
    assert f"{rrrc.df_den:.2f}" == "12.74"
    assert (f"{rrrc.ci_low:.8f}", f"{rrrc.ci_high:.8f}") == ("0.82522360", "0.96885048")
    assert f"{single.loc['fixed_readers_random_cases'].se:.8f}" == "0.02428971"
    assert f"{single.loc['random_readers_fixed_cases'].se:.8f}" == "0.02482994"
    assert f"{rrrc.cov2:.8f}" == "0.00048396" and f"{rrrc.var_error:.8f}" == "0.00101410"
    versus = mrmc[mrmc.comparison == "readers_vs_model"].set_index("analysis")
    assert set(versus.index) == set(single.index) and (versus.condition_b == "ai").all()
    row = versus.loc["random_readers_random_cases"]
    assert row.difference == pytest.approx(row.fom_a - row.fom_b)
    assert row.ci_low < row.difference < row.ci_high and bool(row.illustrative)
    assert not (mrmc.comparison == "conditions").any()  # one condition: nothing to compare


def test_other_studies_get_no_reader_study_files(mini_study_dir: Path, db: Database,
                                                 tmp_path: Path) -> None:
    names = {p.name for p in export_all(load_study(mini_study_dir), db, tmp_path / "out")}
    assert "mrmc.csv" not in names and "reader_auc.csv" not in names


def test_a_truth_that_is_not_0_or_1_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StudyError, match="must be the case's truth, 0 or 1"):
        load_study(_study(tmp_path / "study", {1: 0, 2: 1}, gold_of=3))
