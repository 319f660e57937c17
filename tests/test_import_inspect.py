"""`import inspect-log`: a real Inspect task run over hume-demo's classification items with
Inspect's offline mock model, its log read back with inspect-ai's reader, attached and scored;
hostile logs refused with located messages; the humans written back as an Inspect log."""

from __future__ import annotations

import json
import shutil
import socket
import tracemalloc
import zipfile
from collections.abc import Iterator
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

inspect_ai = pytest.importorskip("inspect_ai", reason="inspect-ai is in the test extra")

from inspect_ai import Task  # noqa: E402
from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai.dataset import MemoryDataset, Sample  # noqa: E402
from inspect_ai.log import EvalLog, read_eval_log, write_eval_log  # noqa: E402
from inspect_ai.model import ModelOutput, ModelUsage, get_model  # noqa: E402
from inspect_ai.scorer import choice  # noqa: E402
from inspect_ai.solver import multiple_choice  # noqa: E402

HUME_DEMO = REPO / "studies" / "hume-demo"
N_ITEMS = 12  # eng-cls-01..12: enough for a score, quick to run


class NetworkTouched(AssertionError):
    pass


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[str]]:
    """Every attempt to reach another host is recorded and refused; Inspect's own files go to
    the test's folder."""
    attempts: list[str] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        attempts.append(repr(args[:2]))
        raise NetworkTouched(f"network use: {args[:2]!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "no-tiktoken"))
    yield attempts
    assert attempts == []


def cls_items(loaded: LoadedStudy) -> list[Any]:
    return [i for i in loaded.study.items if i.id.startswith("eng-cls-")][:N_ITEMS]


def answers_for(loaded: LoadedStudy) -> dict[str, str]:
    """The mock model's option letter per item: right on two items in three."""
    out = {}
    for k, item in enumerate(cls_items(loaded)):
        keys = [o.key for o in item.questions[0].options]
        gold = keys.index(item.questions[0].gold)
        out[item.id] = chr(65 + (gold if k % 3 else (gold + 1) % len(keys)))
    return out


def run_task(loaded: LoadedStudy, log_dir: Path, *, epochs: int = 1) -> Path:
    """A real Inspect eval: multiple_choice + choice() over the items, the mock model giving
    the scripted letters (each ModelOutput with its usage, so nothing counts tokens)."""
    letters = answers_for(loaded)
    samples = []
    for item in cls_items(loaded):
        question = item.questions[0]
        keys = [o.key for o in question.options]
        samples.append(Sample(id=item.id, input=item.stimulus.text,  # type: ignore[union-attr]
                              choices=[o.label for o in question.options],
                              target=chr(65 + keys.index(question.gold))))

    def output(messages: Any, tools: Any, tool_choice: Any, config: Any) -> ModelOutput:
        prompt = messages[-1].text
        item = next(i for i in cls_items(loaded) if i.stimulus.text in prompt)  # type: ignore[union-attr]
        out = ModelOutput.from_content(model="mockllm/model",
                                       content=f"ANSWER: {letters[item.id]}")
        out.usage = ModelUsage(input_tokens=10, output_tokens=2, total_tokens=12)
        return out

    task = Task(dataset=MemoryDataset(samples), solver=multiple_choice(), scorer=choice(),
                epochs=epochs, name="hume_demo_cls")
    (log,) = inspect_eval(task, model=get_model("mockllm/model", custom_outputs=output),
                          log_dir=str(log_dir), display="none", temperature=0.0)
    assert log.status == "success", log.error
    return Path(log.location)


@pytest.fixture
def study(tmp_path: Path) -> Path:
    target = tmp_path / "hume"
    shutil.copytree(HUME_DEMO, target)
    return target


@pytest.fixture
def real_log(study: Path, tmp_path: Path, no_network: list[str]) -> Path:
    return run_task(load_study(study), tmp_path / "logs", epochs=2)


def attach(study: Path, *logs: Path, **kwargs: Any) -> Any:
    return run_import("inspect-log", ImportOptions(source=logs[0], sources=logs, out=study,
                                                   **kwargs))


def state(study: Path) -> tuple[bytes, list[str]]:
    return ((study / "study.json").read_bytes(),
            sorted(p.name for p in (study / "predictions").iterdir()))


def test_a_real_log_is_attached_and_scored(study: Path, real_log: Path, db: Database,
                                           tmp_path: Path, no_network: list[str]) -> None:
    result = attach(study, real_log)
    ref = result.loaded.study.models.predictions[-1]
    assert ref.file == f"predictions/{real_log.stem}.csv"
    assert "Inspect task hume_demo_cls" in (ref.note or "")
    assert '"temperature": 0.0' in (ref.note or "")  # the generation config describes it
    assert "2 epochs" in (ref.note or "")
    loaded = load_study(study)
    keys = {i.id: [o.key for o in i.questions[0].options] for i in cls_items(loaded)}
    expected = {i: keys[i][ord(letter) - 65] for i, letter in answers_for(loaded).items()}
    predictions = pd.read_csv(study / ref.file)
    assert dict(zip(predictions["item_id"], predictions["prediction"], strict=True)) == expected
    assert set(predictions["model"]) == {"mockllm/model"}
    samples = pd.read_csv(study / "predictions" / f"{real_log.stem}.samples.csv")
    assert sorted(samples["epoch"].unique()) == [1, 2] and len(samples) == 2 * N_ITEMS
    assert set(samples["raw_output"]) <= {f"ANSWER: {c}" for c in "ABCDEF"}
    # the harness' score per sample is the log's own: C/I from Inspect's choice() scorer
    log = read_eval_log(str(real_log))
    theirs = {(s.id, s.epoch): 1.0 if s.scores["choice"].value == "C" else 0.0
              for s in log.samples or []}
    assert {(r.item_id, r.epoch): r.harness_score for r in samples.itertuples()} == theirs

    # the export scores the model on the items the humans answered, next to the humans
    rows = simulated_rows(loaded, [("ann1", "", 0.85), ("ann2", "", 0.7)], seed=3)
    import_rows(loaded, db, rows, tmp_path)
    out = tmp_path / "out"
    export_all(loaded, db, out, options=ResultsOptions(n_boot=0))
    checklist = pd.read_csv(out / "checklist.csv", keep_default_na=False, dtype=str)
    runs = checklist.loc[checklist["item"] == "0.10", "answer"].item()
    assert "mockllm/model: 2" in runs and "first sample of each item is the one scored" in runs
    scores = pd.read_csv(out / "model_scores.csv")
    mine = scores[(scores["who"] == "mockllm/model") & (scores["metric"] == "accuracy")
                  & (scores["category"] == "all")]
    right = sum(keys[i][ord(letters) - 65] == loaded.items_by_id[i].questions[0].gold  # type: ignore[union-attr]
                for i, letters in answers_for(loaded).items())
    assert mine["value"].tolist() == [pytest.approx(right / N_ITEMS)]
    assert "mockllm/model" in pd.read_csv(out / "comparison.csv").to_string()


def test_the_humans_come_back_as_an_inspect_log(study: Path, db: Database,
                                                tmp_path: Path) -> None:
    loaded = load_study(study)
    rows = simulated_rows(loaded, [("ann1", "", 0.9), ("ann2", "", 0.6), ("ann3", "", 0.8)],
                          seed=5)
    import_rows(loaded, db, rows, tmp_path)
    out = tmp_path / "out"
    export_all(loaded, db, out, options=ResultsOptions(n_boot=0), inspect_log=True)
    log = read_eval_log(str(out / "inspect" / "humans.eval"))
    assert log.status == "success" and log.eval.model == "human/pooled"
    by_id = {s.id: s for s in log.samples or []}
    scores = pd.read_csv(out / "human_scores.csv")
    pooled = scores[(scores["who_kind"] == "pooled") & (scores["category"] == "all")
                    & (scores["question_id"] == "label") & (scores["metric"] == "accuracy")]
    # the log's accuracy is the export's pooled human, and its samples are the votes
    (label,) = [s for s in (log.results.scores if log.results else []) if s.name == "label"]
    assert label.metrics["accuracy"].value == pytest.approx(float(pooled["value"].iloc[0]))
    cls = [s for s in by_id.values() if s.metadata.get("question_id") == "label"]
    right = [s.scores["label"].value == "C" for s in cls]  # type: ignore[index]
    assert sum(right) / len(right) == pytest.approx(float(pooled["value"].iloc[0]))
    for s in cls:
        gold = loaded.items_by_id[str(s.id)].questions[0].gold  # type: ignore[union-attr]
        assert (s.output.completion == gold) == (s.scores["label"].value == "C")  # type: ignore[index]
    assert any(s.metadata.get("question_id") == "similarity" for s in by_id.values())
    # read back as a "model", the log gives the pooled answers as predictions
    result = attach(study, out / "inspect" / "humans.eval")
    back = pd.read_csv(study / result.loaded.study.models.predictions[-1].file)
    votes = {str(s.id): s.output.completion for s in cls}
    got = back[back["question_id"] == "label"]
    assert dict(zip(got["item_id"], got["prediction"], strict=True)) == votes
    assert set(back["model"]) == {"human/pooled"}
    # and only on request: the writer takes ~3 ms a sample
    export_all(loaded, db, tmp_path / "plain", options=ResultsOptions(n_boot=0))
    assert not (tmp_path / "plain" / "inspect").exists()


def test_export_inspect_log_without_inspect_ai_says_how_to_install_it(
        study: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from exporters import inspect_log

    monkeypatch.setattr(inspect_log, "available", lambda: False)
    code = main(["export", "--study", str(study), "--out", str(tmp_path / "out"),
                 "--inspect-log"])
    assert code == 2
    assert "pip install inspect-ai" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def _rewritten(source: Path, target: Path, change: Any) -> Path:
    """The real log with its samples changed by `change(samples) -> samples`, written by
    inspect-ai's own writer (its header's sample ids follow)."""
    log: EvalLog = read_eval_log(str(source))
    samples = change(list(log.samples or []))
    log.samples = samples
    log.eval.dataset.samples = len([s for s in samples if s.epoch == 1])
    log.eval.dataset.sample_ids = [s.id for s in samples if s.epoch == 1]
    write_eval_log(log, str(target))
    return target


def refused(study: Path, log: Path, capsys: pytest.CaptureFixture[str]) -> str:
    before = state(study)
    assert main(["import", "inspect-log", str(log), "--out", str(study)]) == 2
    assert state(study) == before  # nothing attached
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(log) in err
    return err


@pytest.mark.parametrize("suffix", [".eval", ".json"])
def test_duplicate_ids_are_refused(study: Path, real_log: Path, tmp_path: Path, suffix: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    def twice(samples: list[Any]) -> list[Any]:
        first = [s for s in samples if s.epoch == 1]
        copy = first[3].model_copy(update={"uuid": "another"})
        return [*first, copy]
    log = _rewritten(real_log, tmp_path / f"dup{suffix}", twice)
    err = refused(study, log, capsys)
    assert "sample id 'eng-cls-04'" in err and "in the log twice" in err


def test_ids_matching_no_item_are_refused(study: Path, real_log: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    def renamed(samples: list[Any]) -> list[Any]:
        return [s.model_copy(update={"id": f"other-{s.id}"}) if i in (2, 5) else s
                for i, s in enumerate(samples)]
    log = _rewritten(real_log, tmp_path / "unknown.json", renamed)  # the .json format too
    err = refused(study, log, capsys)
    assert "'other-eng-cls-03' matches no item of the study" in err
    assert "'other-eng-cls-06' matches no item" in err


def test_a_truncated_zip_is_refused(study: Path, real_log: Path, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    data = real_log.read_bytes()
    cut = tmp_path / "cut.eval"
    cut.write_bytes(data[: len(data) * 2 // 3])
    err = refused(study, cut, capsys)
    assert "not a readable" in err


def test_a_member_leaving_its_folder_is_refused(study: Path, real_log: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    evil = tmp_path / "evil.eval"
    shutil.copyfile(real_log, evil)
    with zipfile.ZipFile(evil, "a") as archive:
        archive.writestr("samples/../../outside.json", "{}")
    err = refused(study, evil, capsys)
    assert "member 'samples/../../outside.json'" in err and "leaves the log's folder" in err


def test_a_scorer_the_gold_answer_contradicts_is_listed(study: Path, real_log: Path,
                                                        tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    def flipped(samples: list[Any]) -> list[Any]:
        s = samples[0]
        score = s.scores["choice"]
        other = "I" if score.value == "C" else "C"
        s.scores["choice"] = score.model_copy(update={"value": other})
        return samples
    log = _rewritten(real_log, tmp_path / "flipped.eval", flipped)
    err = refused(study, log, capsys)
    assert "sample 'eng-cls-01', epoch 1" in err and "the study's gold" in err


def test_several_logs_attach_all_or_none(study: Path, real_log: Path, tmp_path: Path) -> None:
    def renamed(samples: list[Any]) -> list[Any]:
        return [s.model_copy(update={"id": "nowhere"}) if i == 0 else s
                for i, s in enumerate(samples) if s.epoch == 1]
    bad = _rewritten(real_log, tmp_path / "bad.eval", renamed)
    before = state(study)
    with pytest.raises(StudyError) as caught:
        attach(study, real_log, bad)
    assert state(study) == before
    assert [p.file for p in caught.value.problems] == [bad]


def test_without_inspect_ai_the_command_says_how_to_install_it(
        study: Path, real_log: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from app.importers import inspect_log

    monkeypatch.setattr(inspect_log, "_inspect", lambda: None)
    err = refused(study, real_log, capsys)
    assert "pip install inspect-ai" in err


def _streamed_log(real_log: Path, target: Path, n: int) -> Path:
    """The real log's header and journal with n sample members (ids that match no item),
    written from a generator one member at a time, as a harness streaming a long run would."""
    with zipfile.ZipFile(real_log) as source:
        kept = {name: source.read(name) for name in source.namelist()
                if not name.startswith("samples/")}
        template = json.loads(source.read(next(n for n in source.namelist()
                                               if n.startswith("samples/"))))

    def members() -> Iterator[tuple[str, bytes]]:
        for i in range(n):
            sample = {**template, "id": f"x{i}", "uuid": f"x{i}", "epoch": 1, "messages": [],
                      "events": []}
            yield f"samples/x{i}_epoch_1.json", json.dumps(sample).encode()

    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name, data in kept.items():
            archive.writestr(name, data)
        for name, data in members():
            archive.writestr(name, data)
    return target


def _peak(run: Any) -> tuple[int, str]:
    """Peak traced memory of `run()`, and the message it was refused with."""
    tracemalloc.start()
    try:
        run()
    except StudyError as exc:
        message = str(exc.problems[0].message)
    else:
        message = ""
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak, message


def _bounded(study: Path, real_log: Path, tmp_path: Path, small: int, big: int) -> None:
    attach_small = _streamed_log(real_log, tmp_path / "small.eval", small)
    attach_big = _streamed_log(real_log, tmp_path / "big.eval", big)
    before = state(study)
    for log in (attach_small, attach_big):  # (a first run imports what its path needs)
        _peak(lambda: attach(study, log))  # noqa: B023
    small_peak, _ = _peak(lambda: attach(study, attach_small))
    big_peak, message = _peak(lambda: attach(study, attach_big))
    assert f"{big} samples" in message and "at most" in message
    assert state(study) == before
    # The same memory for many times the samples: none of them is held (tracemalloc counts
    # every Python allocation, the reader's included).
    print(f"peak memory: {small} samples {small_peak} B, {big} samples {big_peak} B")
    assert big_peak < small_peak + 1_000_000, (small_peak, big_peak)
    assert big_peak < 16_000_000  # the samples' ids alone, as str objects, would take more


def test_a_log_of_many_samples_is_refused_in_bounded_memory(study: Path, real_log: Path,
                                                            tmp_path: Path) -> None:
    # 10^6 samples in the long variant below; 50,000 keep the suite short.
    _bounded(study, real_log, tmp_path, 1_000, 50_000)


@pytest.mark.slow
def test_a_log_of_a_million_samples_is_refused_in_bounded_memory(study: Path, real_log: Path,
                                                                 tmp_path: Path) -> None:
    _bounded(study, real_log, tmp_path, 1_000, 1_000_000)


def test_the_item_field_matches_by_metadata(study: Path, real_log: Path, tmp_path: Path) -> None:
    def by_field(samples: list[Any]) -> list[Any]:
        return [s.model_copy(update={"id": f"q{k}", "metadata": {"item": s.id}})
                for k, s in enumerate(samples)]
    log = _rewritten(real_log, tmp_path / "fielded.eval", by_field)
    result = attach(study, log, item_field="item")
    csv = (study / result.loaded.study.models.predictions[-1].file).read_text(encoding="utf-8")
    assert "eng-cls-01" in csv and "q0" not in csv
    with pytest.raises(StudyError, match="no metadata field 'nope'"):
        attach(study, _rewritten(real_log, tmp_path / "fielded2.eval", by_field),
               item_field="nope")


def test_docs_document_the_importer() -> None:
    text = (REPO / "docs" / "authoring.md").read_text(encoding="utf-8")
    for command in ("import inspect-log", "import lm-eval-samples", "import mteb-results"):
        assert command in text
