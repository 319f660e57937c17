"""The lazy study (app/study/lazy.py) is the eager one: the same items, dump, hash and
problems, whichever way its items are read first."""

from __future__ import annotations

import gc
import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from app.catalog import kept_study
from app.study.errors import Problem, StudyError
from app.study.lazy import LazyItems
from app.study.loader import load_study
from benchmarks.studygen import write_lesion_study

ROOT = Path(__file__).resolve().parents[3]
STUDIES = sorted([*ROOT.glob("studies/*/study.json"), ROOT / "tests/fixtures/mini-study/study.json"])


@pytest.mark.parametrize("path", STUDIES, ids=lambda p: p.parent.name)
def test_a_lazy_study_equals_the_eager_one(path: Path) -> None:
    lazy, eager = load_study(path), load_study(path, lazy=False)
    assert isinstance(lazy.study.items, LazyItems)
    assert isinstance(eager.study.items, list)
    assert lazy.content_hash == eager.content_hash
    assert lazy.study.model_dump_json() == eager.study.model_dump_json()
    assert lazy.study == eager.study
    assert list(lazy.study.items) == eager.study.items
    for a, b in zip(lazy.study.items, eager.study.items, strict=True):
        assert a.model_dump_json() == b.model_dump_json()


def test_items_read_in_any_order_are_the_same_models(tmp_path: Path) -> None:
    path = write_lesion_study(tmp_path / "s", n_items=2_500, n_images=300)
    eager = load_study(path, lazy=False).study.items
    items = load_study(path).study.items
    assert isinstance(items, LazyItems) and "0 built" in repr(items)
    rng = random.Random(3)
    for index in [*rng.sample(range(len(items)), 40), -1, -len(items)]:
        assert items[index] == eager[index]
        assert items[index] is items[index]  # built once, then kept
    assert items[10:20] == eager[10:20]
    assert list(items) == eager
    # Equal options are one object, as in the eager study (app.study.compact).
    def distinct(study_items: list[Any]) -> int:
        return len({id(o) for item in study_items for q in item.questions for o in q.options})
    assert distinct(list(items)) == distinct(eager) < 2_000  # of 12,500 options


def test_a_broken_study_reports_the_same_problems_both_ways(mini_study_dir: Path) -> None:
    source = mini_study_dir / "study.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["items"][1]["questions"][0]["gold"] = "nowhere"
    data["items"][2]["id"] = data["items"][0]["id"]
    data["items"][3]["stimulus"] = {"kind": "pair", "text_a": 3}
    data["title"] = ""
    assert len(_same_problems_both_ways(source, data)) >= 4


def test_cross_field_problems_of_valid_items_are_found_on_the_fast_path(
        mini_study_dir: Path) -> None:
    source = mini_study_dir / "study.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["items"][2]["id"] = data["items"][0]["id"]  # schema-valid, a duplicate id
    data["items"][1]["block"] = "nowhere"
    problems = _same_problems_both_ways(source, data)
    assert {p.where for p in problems} >= {"items[2].id", "items[1].block"}


def _same_problems_both_ways(source: Path, data: dict[str, Any]) -> list[Problem]:
    source.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StudyError) as lazy:
        load_study(source)
    with pytest.raises(StudyError) as eager:
        load_study(source, lazy=False)
    assert lazy.value.problems == eager.value.problems
    return lazy.value.problems


def test_a_file_with_a_byte_order_mark_is_lazy_too(mini_study_dir: Path) -> None:
    source = mini_study_dir / "study.json"
    source.write_bytes("\ufeff".encode() + source.read_bytes())
    lazy, eager = load_study(source), load_study(source, lazy=False)
    assert isinstance(lazy.study.items, LazyItems)
    assert list(lazy.study.items) == eager.study.items


def test_two_threads_reading_the_items_get_the_same_models(tmp_path: Path) -> None:
    """The session's writer and the background asset digest (app.session.asset_record) may
    both read a fresh study."""
    path = write_lesion_study(tmp_path / "s", n_items=3_000, n_images=100)
    items = load_study(path).study.items
    seen: list[list[int]] = []
    threads = [threading.Thread(target=lambda: seen.append([id(i) for i in items]))
               for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 3 and seen[0] == seen[1] == seen[2]


def test_a_kept_lazy_study_is_frozen_again_once_its_items_are_built(tmp_path: Path) -> None:
    """A study kept for the process (app.catalog.kept_study) is frozen out of the collector's
    full walks; a lazy one's models, built after that, are frozen when the last is built."""
    path = write_lesion_study(tmp_path / "s", n_items=2_500, n_images=50)
    try:
        loaded = kept_study(lambda: load_study(path))
        assert isinstance(loaded.study.items, LazyItems)
        frozen = gc.get_freeze_count()
        loaded.study.items[0]
        assert gc.get_freeze_count() == frozen  # not yet: most items are still texts
        list(loaded.study.items)
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()


def test_a_study_the_structs_refuse_after_its_parse_is_let_go_loads_eagerly(
        mini_study_dir: Path) -> None:
    """A number out of msgspec's range (pydantic reads 1e400 as inf in a free-form value) is
    found once the parsed items are let go (app/study/loader.py): they are parsed again and
    the study is loaded the eager way, as with lazy=False."""
    source = mini_study_dir / "study.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["items"][0]["questions"][0].setdefault("scoring", {})["options"] = {"v": 12345}
    source.write_text(json.dumps(data).replace("12345", "1e400"), encoding="utf-8")
    lazy, eager = load_study(source), load_study(source, lazy=False)
    assert not isinstance(lazy.study.items, LazyItems)
    assert lazy.study == eager.study and lazy.content_hash == eager.content_hash
    assert lazy.study.model_dump_json() == eager.study.model_dump_json()
