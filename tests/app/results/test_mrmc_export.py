"""reader_auc.csv and mrmc.csv from a study: the Van Dyke (1993) readers' ratings of the first
modality imported as responses (the real import path, real SQLite) to a rating question scored
by `auc`, exported with the rest, give the published single-modality numbers."""

from __future__ import annotations

import json
import math
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


def test_two_conditions_give_the_published_analyses_in_mrmc_rows() -> None:
    """Answers that carry a `condition` (the two modalities) give mrmc.csv's three analyses
    with the OR-DBM MRMC 2.51 numbers (the tables' function directly: responses collected
    under conditions are not stored yet)."""
    from app.results.models import ModelPredictions
    from app.results.mrmc_tables import reader_study_tables
    from app.results.units import question_groups
    from app.study.model import Study

    data = pd.read_csv(FIXTURE)
    truth = dict(zip(data.case, data.truth, strict=False))
    study = Study.model_validate({"id": "vd", "title": "VD", "items": [
        {"id": f"case{c:03d}", "stimulus": {"kind": "text", "text": "x"},
         "questions": [{"id": "confidence", "kind": "rating", "min": 1, "max": 5, "gold": t,
                        "scoring": {"metric": "auc"}}]} for c, t in truth.items()]})
    answers = pd.DataFrame({"participant": [f"R{r}" for r in data.reader],
                            "item_id": [f"case{c:03d}" for c in data.case],
                            "answer": data.rating.astype(float),
                            "condition": [f"modality{t}" for t in data.treatment]})
    reader_auc, mrmc, notes = reader_study_tables(question_groups(study),
                                                  {"confidence": answers}, ModelPredictions())
    assert notes == [] and len(reader_auc) == 10
    rows = mrmc[mrmc.comparison == "conditions"].set_index("analysis")
    assert list(rows.condition_a.unique()) == ["modality1"]
    rrrc, frrc, rrfc = ("random_readers_random_cases", "fixed_readers_random_cases",
                        "random_readers_fixed_cases")
    printed = {
        (rrrc, "statistic"): "4.46", (rrrc, "df_den"): "15.26", (rrrc, "p_value"): "0.0517",
        (rrrc, "se"): "0.02075", (rrrc, "ci_low"): "-0.08796", (rrrc, "ci_high"): "0.00036",
        (frrc, "statistic"): "5.47595", (frrc, "p_value"): "0.0193", (frrc, "se"): "0.01872",
        (frrc, "ci_low"): "-0.08049", (frrc, "ci_high"): "-0.00711",
        (rrfc, "statistic"): "8.70", (rrfc, "p_value"): "0.0420", (rrfc, "se"): "0.01485",
        (rrfc, "ci_low"): "-0.08502", (rrfc, "ci_high"): "-0.00258",
        (rrrc, "var_r"): "0.00153500", (rrrc, "var_tr"): "0.00020040",
        (rrrc, "cov1"): "0.00034661", (rrrc, "cov2"): "0.00034407",
        (rrrc, "cov3"): "0.00023903", (rrrc, "var_error"): "0.00080229",
        (rrrc, "fom_a"): "0.89703704", (rrrc, "fom_b"): "0.94083736",
        (rrrc, "difference"): "-0.04380032",
    }
    for (analysis, column), text in printed.items():
        decimals = len(text.partition(".")[2])
        assert f"{rows.loc[analysis, column]:.{decimals}f}" == text, (analysis, column)
    assert rows.loc[rrrc, "statistic_kind"] == "F" and rows.loc[frrc, "statistic_kind"] == "chi2"
    assert math.isinf(rows.loc[frrc, "df_den"]) and rows.loc[rrfc, "df_den"] == 4


def test_a_choice_question_of_a_reader_study_gets_its_accuracy_and_jackknife_se() -> None:
    from app.results.models import ModelPredictions
    from app.results.mrmc_tables import reader_study_tables
    from app.results.units import question_groups
    from app.study.model import Study

    data = pd.read_csv(FIXTURE)
    data = data[data.treatment == 1]
    truth = dict(zip(data.case, data.truth, strict=False))
    options = [{"key": "yes", "label": "Yes"}, {"key": "no", "label": "No"}]
    study = Study.model_validate({"id": "vd", "title": "VD", "items": [
        {"id": f"case{c:03d}", "stimulus": {"kind": "text", "text": "x"}, "questions": [
            {"id": "confidence", "kind": "rating", "min": 1, "max": 5, "gold": t,
             "scoring": {"metric": "auc"}},
            {"id": "call", "kind": "choice", "options": options, "gold": "yes" if t else "no"}]}
        for c, t in truth.items()]})
    called = ["yes" if x >= 3 else "no" for x in data.rating]
    answers = {
        "confidence": pd.DataFrame({"participant": [f"R{r}" for r in data.reader],
                                    "item_id": [f"case{c:03d}" for c in data.case],
                                    "answer": data.rating.astype(float)}),
        "call": pd.DataFrame({"participant": [f"R{r}" for r in data.reader],
                              "item_id": [f"case{c:03d}" for c in data.case], "answer": called}),
    }
    predictions = ModelPredictions(by_question={"call": {"ai": [
        (f"case{c:03d}", "yes" if t else "no") for c, t in truth.items()]}},
        illustrative={"ai": False})
    reader_auc, mrmc, _ = reader_study_tables(question_groups(study), answers, predictions)
    calls = reader_auc[(reader_auc.question_id == "call") & (reader_auc.who_kind == "human")]
    assert set(calls.fom_metric) == {"accuracy"} and len(calls) == 5
    for reader, row in calls.set_index("reader").iterrows():
        mine = data[data.reader == int(str(reader)[1:])]
        right = ((mine.rating >= 3) == (mine.truth == 1)).mean()
        assert row.fom == pytest.approx(right)
        # The jackknife variance of a proportion: p (1 - p) / (n - 1).
        assert row.jackknife_se == pytest.approx(math.sqrt(right * (1 - right) / 113))
    ai = reader_auc[(reader_auc.question_id == "call") & (reader_auc.who_kind == "model")]
    assert ai.fom.tolist() == [1.0] and ai.jackknife_se.tolist() == [0.0]
    versus = mrmc[(mrmc.question_id == "call") & (mrmc.comparison == "readers_vs_model")]
    assert len(versus) == 3 and (versus.difference < 0).all()
