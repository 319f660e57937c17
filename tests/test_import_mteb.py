"""The four MTEB importers on small files written here: JSONL, CSV and Parquet."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from app.importers.base import ImportOptions
from app.importers.registry import run_import
from app.study.loader import LoadedStudy
from app.study.model import CardsStimulus, PairStimulus, QueryDocumentsStimulus
from tests.take_study import take

TOPICS = {"sport": ["goal scored late", "the team won", "a fast runner", "tennis final",
                    "the match ended"],
          "food": ["bake the bread", "salt the soup", "fry the onions", "a ripe tomato",
                   "whisk the eggs"],
          "weather": ["rain tomorrow", "a sunny day", "strong winds", "fog at dawn", "heavy snow"]}


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def write_csv(path: Path, rows: list[dict[str, Any]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


def imported(kind: str, source: Path, tmp_path: Path, **options: Any) -> LoadedStudy:
    return run_import(kind, ImportOptions(source=source, out=tmp_path / f"out-{source.stem}",
                                          **options)).loaded


def test_sts_jsonl_with_ids_subsets_and_languages(tmp_path: Path, db: object) -> None:
    rows = [{"_id": f"pair-{n}", "sentence1": f"A man plays {n}.", "sentence2": f"Someone plays {n}.",
             "score": n / 2, "hf_subset": "ara" if n % 2 else "eng",
             "language": "ara-Arab" if n % 2 else "eng-Latn"} for n in range(11)]
    loaded = imported("mteb-sts", write_jsonl(tmp_path / "STS12.jsonl", rows), tmp_path)
    study = loaded.study
    assert [i.id for i in study.items] == [f"pair-{n}" for n in range(11)]
    first, second = study.items[0], study.items[1]
    assert isinstance(first.stimulus, PairStimulus) and first.stimulus.text_a == "A man plays 0."
    q = second.questions[0]
    assert (q.id, q.kind, q.min, q.max, q.step, q.gold) == ("similarity", "rating", 0, 5, 0.5, 0.5)
    assert second.categories == {"mteb_task": "STS12", "hf_subset": "ara", "task_type": "sts"}
    assert (second.language, second.direction) == ("ara-Arab", "rtl")
    assert (first.language, first.direction) == ("eng-Latn", "auto")
    assert study.mteb is not None and study.languages == ["ara-Arab", "eng-Latn"]
    assert take(loaded, db, max_items=1).done == 1  # type: ignore[arg-type]


def test_sts_scale_widens_for_other_ranges(tmp_path: Path) -> None:
    rows = [{"sentence1": "a", "sentence2": "b", "score": s} for s in (1, 2.5, 4, 6.2)]
    q = imported("mteb-sts", write_csv(tmp_path / "wide.csv", rows), tmp_path).study.items[3].questions[0]
    assert (q.min, q.max, q.gold) == (1, 7, 6.2)


def test_classification_csv_labels_from_the_whole_source(tmp_path: Path, db: object) -> None:
    labels = {0: "very negative", 1: "neutral", 2: "very positive", 10: "other"}
    rows = [{"text": f"text {n}", "label": n % 3 if n != 7 else 10, "label_text": labels[n % 3 if n != 7 else 10]}
            for n in range(12)]
    loaded = imported("mteb-classification", write_csv(tmp_path / "Sentiment.csv", rows), tmp_path,
                      sample=4, seed=2)
    study = loaded.study
    assert len(study.items) == 4
    options = study.items[0].questions[0].options
    assert [(o.key, o.label) for o in options] == [("0", "very negative"), ("1", "neutral"),
                                                   ("2", "very positive"), ("10", "other")]
    for item in study.items:
        row = int(item.id)
        assert item.questions[0].gold == str(rows[row]["label"])
        assert item.stimulus.text == f"text {row}"
    assert take(loaded, db, max_items=2).done == 2  # type: ignore[arg-type]


def test_classification_labels_that_are_not_identifiers(tmp_path: Path) -> None:
    rows = [{"text": "t1", "label": "very good"}, {"text": "t2", "label": "very bad!"},
            {"text": "t3", "label": "very good"}]
    study = imported("mteb-classification", write_jsonl(tmp_path / "c.jsonl", rows), tmp_path).study
    assert [(o.key, o.label) for o in study.items[0].questions[0].options] == [
        ("very_bad", "very bad!"), ("very_good", "very good")]
    assert [i.questions[0].gold for i in study.items] == ["very_good", "very_bad", "very_good"]


def test_clustering_parquet_one_set_per_row_with_sampling(tmp_path: Path, db: object) -> None:
    texts = [t for topic in TOPICS.values() for t in topic]
    labels = [topic for topic, group in TOPICS.items() for _ in group]
    frame = pd.DataFrame({"sentences": [texts, texts[:6]], "labels": [labels, labels[:6]]})
    source = tmp_path / "Clusters.parquet"
    frame.to_parquet(source)
    loaded = imported("mteb-clustering", source, tmp_path, sample=9, seed=1)
    first, second = loaded.study.items
    assert (first.id, second.id) == ("0", "1")
    assert isinstance(first.stimulus, CardsStimulus) and len(first.stimulus.cards) == 9
    gold = first.questions[0].gold
    assert sorted(set(gold.values())) == ["food", "sport", "weather"]
    assert sorted(gold.values()).count("sport") == 3  # the sample draws from every group in turn
    for card in first.stimulus.cards:
        assert card.text == texts[int(card.id[1:])] and gold[card.id] == labels[int(card.id[1:])]
    assert first.questions[0].n_groups is None
    again = imported("mteb-clustering", source, tmp_path / "again", sample=9, seed=1)
    assert again.study.items[0].stimulus == first.stimulus
    assert take(loaded, db, max_items=1).done == 1  # type: ignore[arg-type]


def test_clustering_csv_one_text_per_row(tmp_path: Path) -> None:
    rows = [{"sentences": t, "labels": topic} for topic, group in TOPICS.items() for t in group]
    study = imported("mteb-clustering", write_csv(tmp_path / "WikiCities.csv", rows), tmp_path).study
    (item,) = study.items
    assert item.id == "WikiCities" and len(item.stimulus.cards) == 15
    assert [c.id for c in item.stimulus.cards] != [f"t{k}" for k in range(15)]  # shuffled


def _reranking_rows() -> list[dict[str, Any]]:
    return [{"query": f"question {n}", "positive": [f"answer {n}", f"also answer {n}"],
             "negative": [f"noise {n}.{k}" for k in range(8)]} for n in range(4)] + [
        {"query": "one positive as text", "positive": "the only answer", "negative": ["x", "y"]}]


def test_reranking_jsonl_builds_seven_documents(tmp_path: Path, db: object) -> None:
    loaded = imported("mteb-reranking", write_jsonl(tmp_path / "Rerank.jsonl", _reranking_rows()),
                      tmp_path, seed=5)
    item = loaded.study.items[0]
    assert isinstance(item.stimulus, QueryDocumentsStimulus)
    docs = item.stimulus.documents
    assert [d.id for d in docs] == [f"d{k}" for k in range(1, 8)]
    gold = item.questions[0].gold
    relevant = sorted(d.text for d in docs if gold[d.id] == 1)
    assert relevant == ["also answer 0", "answer 0"]
    assert sorted(d.text for d in docs if gold[d.id] == 0) == [f"noise 0.{k}" for k in range(5)]
    assert [d.text for d in docs][:2] != ["answer 0", "also answer 0"] or \
        [d.text for d in loaded.study.items[1].stimulus.documents][:2] != ["answer 1", "also answer 1"]
    short = loaded.study.items[4]
    assert len(short.stimulus.documents) == 3 and sum(short.questions[0].gold.values()) == 1
    assert take(loaded, db, max_items=1).done == 1  # type: ignore[arg-type]


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_reranking_csv_and_parquet_lists(tmp_path: Path, suffix: str) -> None:
    rows = _reranking_rows()[:4]
    if suffix == "csv":
        source = write_csv(tmp_path / "r.csv", [{**r, "positive": json.dumps(r["positive"]),
                                                 "negative": json.dumps(r["negative"])} for r in rows])
    else:
        source = tmp_path / "r.parquet"
        pd.DataFrame(rows).to_parquet(source)
    study = imported("mteb-reranking", source, tmp_path, sample=2, seed=0).study
    assert len(study.items) == 2
    assert all(len(i.stimulus.documents) == 7 for i in study.items)
