"""`import mteb-results`: a model's MTEB results folder as its published scores for a HUME-kind
study, shown in model_scores.csv and comparison.csv next to the humans."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from app.importers.base import ImportOptions
from app.importers.registry import run_import
from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.errors import StudyError
from app.study.loader import load_study
from baseline_studio.main import main
from exporters.export_all import export_all
from tests.conftest import REPO, SHARED_REFERENCE, needs_shared
from tests.results_support import import_rows, simulated_rows

HUME_DEMO = REPO / "studies" / "hume-demo"
REFERENCE = SHARED_REFERENCE / "mteb-human-results"
# hume-demo's tasks renamed to the reference files' tasks; its English items are their subset
TASKS = {"HUMEDemoEmotionClassification": "HUMEEmotionClassification",
         "HUMEDemoSTS": "HUMESTS12", "HUMEDemoClustering": "HUMEWikiCitiesClustering",
         "HUMEDemoReranking": "HUMECore17InstructionReranking"}
MODEL = "example-org/example-model"


@pytest.fixture
def study(tmp_path: Path) -> Path:
    target = tmp_path / "hume"
    shutil.copytree(HUME_DEMO, target)
    raw = json.loads((target / "study.json").read_text(encoding="utf-8"))
    for item in raw["items"]:
        categories = item.get("categories", {})
        if categories.get("mteb_task") in TASKS:
            categories["mteb_task"] = TASKS[categories["mteb_task"]]
            categories["hf_subset"] = {"eng": "default"}.get(categories["hf_subset"], "ara")
    (target / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    return target


@pytest.fixture
def results_folder(tmp_path: Path) -> Path:
    """The real MTEB results files, byte for byte, in a model's <model>/<revision>/ folder."""
    folder = tmp_path / "results" / MODEL.replace("/", "__") / "abc123"
    folder.mkdir(parents=True)
    for path in REFERENCE.glob("HUME*.json"):
        shutil.copyfile(path, folder / path.name)
    meta = json.loads((REFERENCE / "model_meta.json").read_text(encoding="utf-8"))
    (folder / "model_meta.json").write_text(json.dumps({**meta, "name": MODEL}), encoding="utf-8")
    (folder / "SomeOtherTask.json").write_text(json.dumps(
        {"task_name": "SomeOtherTask", "scores": {"test": [{"main_score": 0.5}]}}))
    return folder


def reference_entry(task: str) -> dict:
    document = json.loads((REFERENCE / f"{task}.json").read_text(encoding="utf-8"))
    (entry,) = document["scores"]["test"]
    return entry


@needs_shared(REFERENCE)
def test_a_models_results_become_its_published_scores(study: Path, results_folder: Path,
                                                      db: Database, tmp_path: Path) -> None:
    # the folder above the revision is found too (a model's folder holds one revision here)
    result = run_import("mteb-results", ImportOptions(source=results_folder.parent, out=study))
    assert any("SomeOtherTask" in n for n in result.notes)  # skipped, said so
    published = result.loaded.study.models.published
    by_key = {(p.question_id, p.metric): p for p in published}
    cls = reference_entry("HUMEEmotionClassification")
    assert by_key[("label", "accuracy")].value == cls["accuracy"]
    assert by_key[("label", "accuracy")].category == "hf_subset=default"
    assert by_key[("similarity", "spearman")].value == reference_entry("HUMESTS12")["spearman"]
    assert by_key[("groups", "v_measure")].value == reference_entry(
        "HUMEWikiCitiesClustering")["v_measure"]
    assert by_key[("relevance", "ndcg@10")].value == reference_entry(
        "HUMECore17InstructionReranking")["ndcg@10"]
    assert {p.model for p in published} == {MODEL}
    assert "HUMESTS12.json" in (by_key[("similarity", "spearman")].source or "")

    loaded = load_study(study)
    rows = simulated_rows(loaded, [("ann1", "", 0.85), ("ann2", "", 0.7)], seed=4)
    import_rows(loaded, db, rows, tmp_path)
    out = tmp_path / "out"
    export_all(loaded, db, out, options=ResultsOptions(n_boot=0))
    scores = pd.read_csv(out / "model_scores.csv")
    theirs = scores[(scores["who"] == MODEL) & (scores["who_kind"] == "published")]
    row = theirs[(theirs["question_id"] == "label") & (theirs["metric"] == "accuracy")]
    assert row["value"].tolist() == [pytest.approx(cls["accuracy"])]
    assert row["category_value"].tolist() == ["default"]
    assert "not the same items" in row["note"].iloc[0]
    assert MODEL in pd.read_csv(out / "comparison.csv").to_string()


def test_the_exports_own_mteb_folder_reads_back(study: Path, db: Database,
                                                tmp_path: Path) -> None:
    """The format the export writes for the humans is the one read: the humans' MTEB folder
    attached as a 'model' gives back the export's own numbers."""
    loaded = load_study(study)
    rows = simulated_rows(loaded, [("ann1", "", 0.85), ("ann2", "", 0.7)], seed=4)
    import_rows(loaded, db, rows, tmp_path)
    out = tmp_path / "out"
    export_all(loaded, db, out, options=ResultsOptions(n_boot=0))
    humans = out / "mteb" / "Human" / "human_evaluation"
    result = run_import("mteb-results", ImportOptions(source=humans, out=study))
    written = json.loads((humans / "HUMESTS12.json").read_text(encoding="utf-8"))
    spearman = {e["hf_subset"]: e["spearman"] for e in written["scores"]["test"]}
    got = {p.category: p.value for p in result.loaded.study.models.published
           if p.metric == "spearman" and p.question_id == "similarity"}
    assert got == {f"hf_subset={k}": pytest.approx(v) for k, v in spearman.items()}


def test_bad_folders_are_refused_with_their_place(study: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "m" / "rev"
    folder.mkdir(parents=True)
    (folder / "HUMESTS12.json").write_text(json.dumps({"task_name": "HUMESTS12", "scores": {
        "test": [{"hf_subset": "klingon", "spearman": 0.5}]}}))
    (folder / "broken.json").write_text("{not json")
    before = (study / "study.json").read_bytes()
    assert main(["import", "mteb-results", str(folder), "--out", str(study)]) == 2
    err = capsys.readouterr().err
    assert "broken.json" in err and "Traceback" not in err
    (folder / "broken.json").write_text(json.dumps({"task_name": "HUMESTS12", "scores": [1]}))
    assert main(["import", "mteb-results", str(folder), "--out", str(study)]) == 2
    assert "broken.json: no scores.test" in capsys.readouterr().err
    (folder / "broken.json").write_text(json.dumps(
        {"task_name": "HUMEEmotionClassification", "scores": {"test": [3]}}))
    assert main(["import", "mteb-results", str(folder), "--out", str(study)]) == 2
    assert "broken.json, scores.test[0]: not an object" in capsys.readouterr().err
    (folder / "broken.json").unlink()
    assert main(["import", "mteb-results", str(folder), "--out", str(study)]) == 2
    err = capsys.readouterr().err
    assert "HUMESTS12.json, scores.test[0]" in err and "subset 'klingon'" in err
    assert (study / "study.json").read_bytes() == before


def test_a_study_without_an_mteb_block_is_refused(tmp_path: Path) -> None:
    plain = tmp_path / "poems"
    shutil.copytree(REPO / "studies" / "poem-ratings-demo", plain)
    (tmp_path / "r").mkdir()
    with pytest.raises(StudyError, match="no `mteb` block"):
        run_import("mteb-results", ImportOptions(source=tmp_path / "r", out=plain))
