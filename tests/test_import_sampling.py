"""`import --sample N` records how the items were drawn (study.json `sampling`), so checklist
items 0.8 and 1.2.1 answer themselves; `--sample-by FIELD` draws a stratified sample."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.importers.base import ImportOptions, stratified_indices
from app.importers.registry import run_import
from app.study.checklist import missing_declarations, study_answers
from app.study.loader import load_study
from baseline_studio import main
from tests.test_import_mteb import write_jsonl

# 12 rows: label 0 four times, 1 three times, 2 four times, 10 once (row 7)
ROWS = [{"text": f"text {n}", "label": n % 3 if n != 7 else 10,
         "meta": {"topic": "odd" if n % 2 else "even"}} for n in range(12)]


def _import(tmp_path: Path, name: str = "out", **options: object):
    source = write_jsonl(tmp_path / "Sentiment.jsonl", ROWS)
    return run_import("mteb-classification", ImportOptions(source=source, out=tmp_path / name,
                                                           **options)).loaded  # type: ignore[arg-type]


def test_a_simple_random_sample_is_recorded_and_answers_0_8_and_1_2_1(tmp_path: Path) -> None:
    study = _import(tmp_path, sample=4, seed=2).study
    assert study.sampling is not None
    assert (study.sampling.method, study.sampling.size, study.sampling.population,
            study.sampling.seed, study.sampling.source) == ("simple_random", 4, 12, 2,
                                                            "Sentiment.jsonl")
    raw = json.loads((tmp_path / "out" / "study.json").read_text())
    assert raw["sampling"]["method"] == "simple_random"
    answers = study_answers(study)
    assert answers["0.8"].text == "12 rows in Sentiment.jsonl"
    assert answers["1.2.1"].text == ("Simple random sample of 4 of the 12 rows of "
                                     "Sentiment.jsonl (seed 2)")
    assert answers["1.2.1"].source == "computed"
    missing = {i.number for i in missing_declarations(study)}
    assert not missing & {"0.8", "1.2.1"} and "1.9" in missing


def test_without_sample_the_study_says_it_holds_every_row(tmp_path: Path) -> None:
    study = _import(tmp_path).study
    assert study.sampling is not None and study.sampling.method == "all"
    assert study_answers(study)["1.2.1"].text == "All 12 rows of Sentiment.jsonl: no sample"


def test_sample_by_draws_each_label_its_share(tmp_path: Path) -> None:
    study = _import(tmp_path, sample=6, seed=5, sample_by="label").study
    labels = [i.questions[0].gold for i in study.items]
    # shares 2, 1.5, 2, 0.5: the half goes to the larger of the two strata (label 1)
    assert sorted(labels) == ["0", "0", "1", "1", "2", "2"]
    assert study.sampling is not None
    assert study.sampling.method == "stratified" and study.sampling.by == "label"
    assert study.sampling.strata == {"0": 2, "1": 2, "10": 0, "2": 2}
    assert study_answers(study)["1.2.1"].text == (
        "Stratified random sample of 6 of the 12 rows of Sentiment.jsonl, by label "
        "(proportional allocation, seed 5): 0 2, 1 2, 10 0, 2 2")
    again = _import(tmp_path, "again", sample=6, seed=5, sample_by="label").study
    assert [i.id for i in again.items] == [i.id for i in study.items]


def test_sample_by_a_field_inside_an_object(tmp_path: Path) -> None:
    study = _import(tmp_path, sample=4, seed=1, sample_by="meta.topic").study
    assert sorted(int(i.id) % 2 for i in study.items) == [0, 0, 1, 1]


def test_stratified_indices_keep_the_size_and_the_proportions() -> None:
    strata = ["a"] * 50 + ["b"] * 30 + ["c"] * 20
    chosen = stratified_indices(strata, 10, seed=3)
    assert len(chosen) == 10 == len(set(chosen))
    assert [sum(1 for i in chosen if strata[i] == s) for s in "abc"] == [5, 3, 2]


@pytest.mark.parametrize(("extra", "message"), [
    (["--sample", "4", "--sample-by", "topic"], "--sample-by 'topic': no such field; the "
     "source's fields are text, label, meta"),
    (["--sample", "4", "--sample-by", "meta"], "--sample-by 'meta': holds an object, not a "
     "category (name a field inside it: meta.topic)"),
    (["--sample-by", "label"], "--sample-by 'label' needs --sample N"),
])
def test_a_bad_sample_by_exits_2_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 extra: list[str], message: str) -> None:
    source = write_jsonl(tmp_path / "Sentiment.jsonl", ROWS)
    out = tmp_path / "out"
    code = main(["import", "mteb-classification", str(source), "--out", str(out), *extra])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and "Sentiment.jsonl" in err and "Traceback" not in err
    assert not out.exists()


def test_sample_by_is_refused_where_nothing_is_sampled_by_it(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    source = write_jsonl(tmp_path / "c.jsonl", [{"sentences": "a", "labels": "x"}])
    assert main(["import", "mteb-clustering", str(source), "--out", str(tmp_path / "o"),
                 "--sample", "2", "--sample-by", "labels"]) == 2
    assert "already draws each set's texts from every gold group" in capsys.readouterr().err


def test_the_record_survives_loading(tmp_path: Path) -> None:
    _import(tmp_path, sample=3, seed=0)
    assert load_study(tmp_path / "out").study.sampling is not None


def test_clustering_records_its_sample_of_texts(tmp_path: Path) -> None:
    rows = [{"sentences": f"text {n}", "labels": "ab"[n % 2]} for n in range(10)]
    source = write_jsonl(tmp_path / "Clusters.jsonl", rows)
    study = run_import("mteb-clustering", ImportOptions(source=source, out=tmp_path / "c",
                                                        sample=4, seed=1)).loaded.study
    assert study.sampling is not None
    assert (study.sampling.method, study.sampling.population, study.sampling.size,
            study.sampling.by, study.sampling.allocation) == ("stratified", 10, 4, "labels",
                                                              "equal")
    assert "the same number from each in turn" in study_answers(study)["1.2.1"].text
