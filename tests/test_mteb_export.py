"""The MTEB results folder for a HUME-kind study, compared key by key with HUME's own files
(../shared/reference/mteb-human-results), and its numbers with independent computations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy.stats import spearmanr

from app.results.options import ResultsOptions
from app.results.score_rows import mean_scores
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from exporters.export_all import export_all
from tests.conftest import REPO, SHARED_REFERENCE, needs_shared
from tests.results_support import import_rows, simulated_rows

REFERENCE = SHARED_REFERENCE / "mteb-human-results"
HUME_DEMO = REPO / "studies" / "hume-demo"
# Our task of each type -> HUME's file of that type.
REFERENCE_FOR_KIND = {"choice": "HUMEEmotionClassification.json", "rating": "HUMESTS12.json",
                      "relevance": "HUMECore17InstructionReranking.json",
                      "clustering": "HUMEWikiCitiesClustering.json"}

pytestmark = needs_shared(REFERENCE)


def same_shape(ours: Any, theirs: Any, where: str = "") -> None:
    """The same keys, in the same order, at every level (lists: each of ours like theirs[0])."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict), where
        assert list(ours) == list(theirs), f"{where}: {list(ours)} != {list(theirs)}"
        for key in theirs:
            same_shape(ours[key], theirs[key], f"{where}.{key}")
    elif isinstance(theirs, list) and theirs and isinstance(theirs[0], dict | list):
        assert isinstance(ours, list) and ours, where
        for index, element in enumerate(ours):
            same_shape(element, theirs[0], f"{where}[{index}]")
    else:
        assert ours is None or json_type(ours) == json_type(theirs), f"{where}: {ours!r}"


def json_type(value: Any) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return "number"
    return type(value).__name__


@pytest.fixture
def exported(db: Database, tmp_path: Path) -> tuple[LoadedStudy, Path, pd.DataFrame]:
    loaded = load_study(HUME_DEMO)
    rows = simulated_rows(loaded, [("ann1", "", 0.85), ("ann2", "", 0.7)], seed=9)
    import_rows(loaded, db, rows, tmp_path)
    out = tmp_path / "out"
    export_all(loaded, db, out, options=ResultsOptions(n_boot=50))
    frame = pd.DataFrame(rows, columns=["participant", "item_id", "question_id", "answer", "rt",
                                        "tier"])
    return loaded, out, frame


def task_kinds(loaded: LoadedStudy) -> dict[str, str]:
    assert loaded.study.mteb is not None
    out = {}
    for item in loaded.study.items:
        task = item.categories.get(loaded.study.mteb.task_category)
        if task:
            out[task] = item.questions[0].kind
    return out


def test_every_task_file_has_the_reference_shape(exported: tuple) -> None:
    loaded, out, _ = exported
    folder = out / "mteb" / "Human" / "human_evaluation"
    kinds = task_kinds(loaded)
    assert {p.stem for p in folder.glob("*.json")} == set(kinds) | {"model_meta"}
    for task, kind in kinds.items():
        ours = json.loads((folder / f"{task}.json").read_text(encoding="utf-8"))
        theirs = json.loads((REFERENCE / REFERENCE_FOR_KIND[kind]).read_text(encoding="utf-8"))
        same_shape(ours, theirs, task)
        assert ours["task_name"] == task
        entries = ours["scores"]["test"]
        assert [e["hf_subset"] for e in entries] == ["eng", "ara"]
        assert [e["languages"] for e in entries] == [["eng-Latn"], ["ara-Arab"]]
        assert all(len(e["scores_per_experiment"]) == 2 for e in entries)
        assert all(e["agreement"]["n_annotators"] == 2 for e in entries)
    meta = json.loads((folder / "model_meta.json").read_text(encoding="utf-8"))
    same_shape(meta, json.loads((REFERENCE / "model_meta.json").read_text(encoding="utf-8")))
    assert meta["name"] == "Human" and meta["languages"] == ["eng-Latn", "ara-Arab"]


def test_sts_main_score_is_spearman_of_the_mean_rating(exported: tuple) -> None:
    loaded, out, frame = exported
    task = next(t for t, k in task_kinds(loaded).items() if k == "rating")
    document = json.loads((out / "mteb" / "Human" / "human_evaluation" / f"{task}.json")
                          .read_text(encoding="utf-8"))
    items = {i.id: i for i in loaded.study.items}
    for entry in document["scores"]["test"]:
        wanted = {i for i, item in items.items() if item.categories.get("mteb_task") == task
                  and item.categories.get("hf_subset") == entry["hf_subset"]}
        subset = frame[frame["item_id"].isin(wanted)]
        means = subset.assign(v=subset["answer"].astype(float)).groupby("item_id")["v"].mean()
        gold = [items[i].questions[0].gold for i in means.index]  # type: ignore[union-attr]
        assert entry["main_score"] == pytest.approx(spearmanr(gold, means.to_numpy()).statistic)
        assert entry["mse"] == pytest.approx(np.mean((means.to_numpy() - np.array(gold)) ** 2))
        per = entry["scores_per_experiment"]
        ann1 = subset[subset["participant"] == "ann1"]
        assert per[0]["spearman"] == pytest.approx(spearmanr(
            [items[i].questions[0].gold for i in ann1["item_id"]],  # type: ignore[union-attr]
            ann1["answer"].astype(float)).statistic)


@pytest.mark.parametrize("name", ["HUMECore17InstructionReranking.json",
                                  "HUMEWikiCitiesClustering.json"])
def test_mean_over_annotators_reproduces_hume_headlines(name: str) -> None:
    """HUME's reranking and clustering headlines are the mean of the per-annotator scores: our
    aggregation, fed HUME's per-annotator numbers, gives HUME's published ones."""
    entry = json.loads((REFERENCE / name).read_text(encoding="utf-8"))["scores"]["test"][0]
    ours = mean_scores(entry["scores_per_experiment"])
    for key, value in ours.items():
        assert value == pytest.approx(entry[key], rel=1e-12)
