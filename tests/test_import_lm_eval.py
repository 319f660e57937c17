"""`import lm-eval-samples`: lm-evaluation-harness' --log_samples files attached as a model's
predictions. The reader is checked on files in the documented samples_<task>_<timestamp>.jsonl
format; the real package's run (a local-file task, its dummy model) where `make harness-check`
installed lm_eval, skipped elsewhere with its reason."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from app.importers.base import ImportOptions
from app.importers.registry import run_import
from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.errors import StudyError
from app.study.loader import LoadedStudy, load_study
from baseline_studio.main import main
from exporters.export_all import export_all
from tests.conftest import REPO
from tests.results_support import import_rows, simulated_rows

HUME_DEMO = REPO / "studies" / "hume-demo"
STAMP = "2026-12-03T13-00-00.000000"
MODEL = "EleutherAI/pythia-14m"


@pytest.fixture
def study(tmp_path: Path) -> Path:
    target = tmp_path / "hume"
    shutil.copytree(HUME_DEMO, target)
    return target


def cls_items(loaded: LoadedStudy) -> list[Any]:
    return [i for i in loaded.study.items if i.id.startswith("eng-cls-")]


def choice_line(index: int, item: Any, chosen: int) -> dict[str, Any]:
    """One multiple_choice sample as the evaluator logs it: a loglikelihood request per option,
    filtered_resps [loglikelihood, is_greedy] each, the per-sample metrics after."""
    question = item.questions[0]
    keys = [o.key for o in question.options]
    gold = keys.index(question.gold)
    lls = [-5.0 - k for k in range(len(keys))]
    lls[chosen], lls[0] = lls[0], lls[chosen]
    pairs = [[ll, False] for ll in lls]
    return {"doc_id": index, "doc": {"id": item.id, "text": item.stimulus.text,
                                     "choices": [o.label for o in question.options],
                                     "gold": gold},
            "target": gold, "arguments": [[item.stimulus.text, f" {o.label}"]
                                          for o in question.options],
            "resps": [[p] for p in pairs], "filtered_resps": pairs, "filter": "none",
            "metrics": ["acc", "acc_norm"], "doc_hash": "x", "prompt_hash": "y",
            "target_hash": "z", "acc": float(chosen == gold), "acc_norm": float(chosen == gold)}


def write_run(folder: Path, task: str, lines: list[dict[str, Any]],
              output_type: str = "multiple_choice") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    samples = folder / f"samples_{task}_{STAMP}.jsonl"
    samples.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    (folder / f"results_{STAMP}.json").write_text(json.dumps({
        "results": {task: {"alias": task}},
        "configs": {task: {"task": task, "output_type": output_type,
                           "generation_kwargs": {"until": ["\n"], "do_sample": False}}},
        "n-shot": {task: 0},
        "config": {"model": "hf", "model_args": f"pretrained={MODEL}", "batch_size": 1},
        "model_name": MODEL}), encoding="utf-8")
    return samples


def chosen_for(loaded: LoadedStudy) -> dict[str, int]:
    out = {}
    for k, item in enumerate(cls_items(loaded)):
        keys = [o.key for o in item.questions[0].options]
        gold = keys.index(item.questions[0].gold)
        out[item.id] = gold if k % 4 else (gold + 2) % len(keys)
    return out


def test_samples_files_are_attached_and_scored(study: Path, db: Database,
                                               tmp_path: Path) -> None:
    loaded = load_study(study)
    chosen = chosen_for(loaded)
    lines = [choice_line(k, item, chosen[item.id]) for k, item in enumerate(cls_items(loaded))]
    cls = write_run(tmp_path / "run" / MODEL.replace("/", "__"), "hume_cls", lines)
    sts_items = [i for i in loaded.study.items if i.id.startswith("eng-sts-")]
    sts = write_run(tmp_path / "run2", "hume_sts", [
        {"doc_id": k, "doc": {"id": i.id}, "target": "3", "resps": [[f" {k % 5}.5"]],
         "filtered_resps": [f"{k % 5}.5"], "filter": "none", "metrics": ["exact_match"],
         "exact_match": 0.0} for k, i in enumerate(sts_items)], output_type="generate_until")
    result = run_import("lm-eval-samples", ImportOptions(source=cls, sources=(cls, sts), out=study,
                                                         item_field="id"))
    refs = result.loaded.study.models.predictions[-2:]
    assert [r.file for r in refs] == [f"predictions/{cls.stem}.csv", f"predictions/{sts.stem}.csv"]
    assert "lm-evaluation-harness task hume_cls" in (refs[0].note or "")
    assert f"pretrained={MODEL}" in (refs[0].note or "") and "0-shot" in (refs[0].note or "")
    frame = pd.read_csv(study / refs[0].file)
    keys = {i.id: [o.key for o in i.questions[0].options] for i in cls_items(loaded)}
    assert dict(zip(frame["item_id"], frame["prediction"], strict=True)) == {
        i: keys[i][c] for i, c in chosen.items()}
    ratings = pd.read_csv(study / refs[1].file)
    assert ratings["prediction"].tolist() == [float(f"{k % 5}.5") for k in range(len(sts_items))]

    rows = simulated_rows(loaded, [("ann1", "", 0.85), ("ann2", "", 0.7)], seed=2)
    import_rows(loaded, db, rows, tmp_path)
    out = tmp_path / "out"
    export_all(load_study(study), db, out, options=ResultsOptions(n_boot=0))
    scores = pd.read_csv(out / "model_scores.csv")
    mine = scores[(scores["who"] == MODEL) & (scores["category"] == "all")]
    golds = {i.id: keys[i.id].index(i.questions[0].gold) for i in cls_items(loaded)}
    right = sum(chosen[i] == golds[i] for i in chosen)
    accuracy = mine[mine["metric"] == "accuracy"]["value"].tolist()
    assert accuracy == [pytest.approx(right / len(chosen))]
    assert not mine[mine["metric"] == "spearman"].empty  # the generation task, scored too


def test_doc_id_is_the_default_item_id(study: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    loaded = load_study(study)
    item = cls_items(loaded)[0]
    line = choice_line(0, item, 0)
    line["doc_id"] = item.id  # a task whose doc_id is the item's id
    path = write_run(tmp_path / "r", "t", [line])
    assert main(["import", "lm-eval-samples", str(path), "--out", str(study)]) == 0
    assert "attached the predictions" in capsys.readouterr().out


def test_hostile_samples_files_are_refused_with_their_lines(
        study: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    loaded = load_study(study)
    items = cls_items(loaded)
    lines = [choice_line(k, item, 0) for k, item in enumerate(items[:4])]
    lines[1]["doc"]["id"] = "nowhere"
    lines[3]["doc"]["id"] = items[0].id  # the first item again
    lines[2]["acc"] = 1.0 - lines[2]["acc"]  # the harness' verdict contradicts the gold
    path = write_run(tmp_path / "r", "t", lines)
    with path.open("a", encoding="utf-8") as handle:
        handle.write("{not json\n")
    before = (study / "study.json").read_bytes(), sorted(os.listdir(study / "predictions"))
    assert main(["import", "lm-eval-samples", str(path), "--out", str(study),
                 "--item-field", "id"]) == 2
    err = capsys.readouterr().err
    assert "line 2 (doc_id 1): 'nowhere' matches no item" in err
    assert "line 4 (doc_id 3): a second sample for item 'eng-cls-01'" in err
    assert "line 3 (doc_id 2): item 'eng-cls-03': the log's scorer counts" in err
    assert "line 5:" in err and "Traceback" not in err
    assert ((study / "study.json").read_bytes(),
            sorted(os.listdir(study / "predictions"))) == before


def test_a_file_longer_than_the_study_stops_at_the_line_past_it(study: Path,
                                                                 tmp_path: Path) -> None:
    loaded = load_study(study)
    item = cls_items(loaded)[0]
    n_targets = sum(len(i.questions) for i in loaded.study.items)

    def lines() -> Any:  # written from a generator: the file is never all in memory
        for k in range(n_targets + 1000):
            yield json.dumps({**choice_line(k, item, 0), "doc_id": f"x{k}"}) + "\n"
    path = write_run(tmp_path / "r", "t", [])
    with path.open("w", encoding="utf-8") as handle:
        handle.writelines(lines())
    with pytest.raises(StudyError) as caught:
        run_import("lm-eval-samples", ImportOptions(source=path, out=study))
    messages = [p.message for p in caught.value.problems]
    assert any(f"line {n_targets + 1}: more samples than the study's {n_targets}" in m
               for m in messages)


def test_a_samples_file_needs_its_results_json(study: Path, tmp_path: Path) -> None:
    loaded = load_study(study)
    path = write_run(tmp_path / "r", "t", [choice_line(0, cls_items(loaded)[0], 0)])
    (tmp_path / "r" / f"results_{STAMP}.json").unlink()
    with pytest.raises(StudyError, match=r"no results_<timestamp>\.json beside it"):
        run_import("lm-eval-samples", ImportOptions(source=path, out=study))


TASK_YAML = """task: hume_demo_cls
dataset_path: json
dataset_kwargs:
  data_files:
    test: {data}
test_split: test
output_type: multiple_choice
doc_to_text: "{{{{text}}}}\\nLabel:"
doc_to_choice: choices
doc_to_target: gold
metric_list:
  - metric: acc
"""


@pytest.mark.skipif(importlib.util.find_spec("lm_eval") is None,
                    reason="lm-evaluation-harness is not installed (it needs torch): "
                    "`make harness-check` installs it and runs this test")
def test_a_real_lm_eval_run_is_imported(study: Path, tmp_path: Path) -> None:
    """lm_eval's own CLI over a task YAML on a JSON file of the study's items, with its dummy
    model (random loglikelihoods), offline; its samples file imported by --item-field id."""
    loaded = load_study(study)
    items = cls_items(loaded)
    data = tmp_path / "items.jsonl"
    data.write_text("".join(json.dumps({
        "id": i.id, "text": i.stimulus.text, "choices": [o.label for o in i.questions[0].options],
        "gold": [o.key for o in i.questions[0].options].index(i.questions[0].gold)}) + "\n"
        for i in items), encoding="utf-8")
    tasks = tmp_path / "tasks"
    tasks.mkdir()
    (tasks / "hume_demo_cls.yaml").write_text(TASK_YAML.format(data=data), encoding="utf-8")
    out = tmp_path / "lm-eval-out"
    env = {**os.environ, "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1",
           "HF_HOME": str(tmp_path / "hf")}
    subprocess.run([sys.executable, "-m", "lm_eval", "--model", "dummy", "--tasks",
                    "hume_demo_cls", "--include_path", str(tasks), "--log_samples",
                    "--output_path", str(out)], check=True, env=env, timeout=600)
    (samples,) = out.rglob("samples_hume_demo_cls_*.jsonl")
    result = run_import("lm-eval-samples", ImportOptions(source=samples, out=study,
                                                         item_field="id"))
    frame = pd.read_csv(study / result.loaded.study.models.predictions[-1].file)
    assert sorted(frame["item_id"]) == sorted(i.id for i in items)
    # each prediction is the option the harness' own acc scored (argmax of its loglikelihoods)
    logged = [json.loads(line) for line in samples.read_text(encoding="utf-8").splitlines()]
    by_id = {line["doc"]["id"]: line for line in logged}
    for row in frame.itertuples():
        item = loaded.items_by_id[row.item_id]
        gold = item.questions[0].gold  # type: ignore[union-attr]
        assert (row.prediction == gold) == (by_id[row.item_id]["acc"] == 1.0)
