"""A session's start on a lazy study (app/study/lazy.py: item_outlines, items_by_id,
definition_json) reads what the eager study gives, without building the items' models: the
same plans, assignments, asset paths and stored definition, byte for byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.session.assignment import layout
from app.session.engine import SessionEngine, TrialScreenSpec
from app.session.plan import build_plan, plan_item_ids
from app.storage.opening import open_database
from app.study.assets import asset_paths
from app.study.lazy import LazyItems, definition_json, item_outlines, items_by_id
from app.study.loader import LoadedStudy, load_study
from benchmarks.studygen import write_lesion_study, write_text_study

ROOT = Path(__file__).resolve().parents[3]
STUDIES = sorted([*ROOT.glob("studies/*/study.json"), *ROOT.glob("tests/fixtures/*/study.json")])
CODES = ("P001", "P002", "P017", "site2-017", "anna")


def _both(path: Path) -> tuple[LoadedStudy, LoadedStudy]:
    lazy, eager = load_study(path), load_study(path, lazy=False)
    assert isinstance(lazy.study.items, LazyItems)
    return lazy, eager


def _built(loaded: LoadedStudy) -> int:
    items = loaded.study.items
    assert isinstance(items, LazyItems)
    return int(repr(items).split(", ")[1].split()[0])


def _loadable(paths: list[Path]) -> list[Path]:
    out = []
    for path in paths:
        try:
            load_study(path)
        except Exception:  # a fixture that is broken on purpose
            continue
        out.append(path)
    return out


def _same_start(lazy: LoadedStudy, eager: LoadedStudy) -> None:
    """Everything a session's start reads of every item, alike both ways, with no model built."""
    before = _built(lazy)
    assert definition_json(lazy.study) == eager.study.model_dump_json()
    assert definition_json(eager.study) == eager.study.model_dump_json()
    for code in CODES:
        assert build_plan(lazy.study, code) == build_plan(eager.study, code)
        assert plan_item_ids(lazy.study, code) == plan_item_ids(eager.study, code)
    assert layout(lazy.study) == layout(eager.study)
    assert asset_paths(lazy) == asset_paths(eager)
    by_id = items_by_id(lazy.study)
    assert list(by_id) == list(eager.items_by_id)
    assert len(by_id) == len(eager.items_by_id)
    assert _built(lazy) == before  # none of it built a model
    for item_id, item in eager.items_by_id.items():
        assert by_id[item_id] == item
        assert item_id in by_id
    assert "no such item" not in by_id
    assert by_id.get("no such item") is None
    assert dict(by_id) == lazy.items_by_id == eager.items_by_id


@pytest.mark.parametrize("path", _loadable(STUDIES), ids=lambda p: p.parent.name)
def test_the_start_reads_the_same_of_every_bundled_study(path: Path) -> None:
    _same_start(*_both(path))


def test_the_start_reads_the_same_of_a_20000_item_study(tmp_path: Path) -> None:
    lazy, eager = _both(write_lesion_study(tmp_path / "s", n_items=20_000, n_images=1_200))
    assert _built(lazy) == 0
    _same_start(lazy, eager)


def test_the_start_reads_the_same_of_a_text_study(tmp_path: Path) -> None:
    _same_start(*_both(write_text_study(tmp_path / "s", n_items=1_500)))


def _edited(folder: Path, edit: Any) -> Path:
    path = folder / "study.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _free_form_numbers(data: dict[str, Any]) -> None:
    """Values msgspec writes unlike pydantic (1e+20 / 1e20, big ints): those items are written
    from their models."""
    values: list[Any] = [1e20, 0.1, 2**70, -(2**63) - 1, [1.5, {"x": 1e-7}], "ü\u2028\x00"]
    for item, value in zip(data["items"], values, strict=False):
        item["questions"][0].setdefault("scoring", {})["options"] = {"v": value, "n": 3}


def _text(data: dict[str, Any]) -> None:
    for item in data["items"]:
        item["categories"] = {**item.get("categories", {}),
                              "note": "ü \u2028 \x01 \" \\ </script> 😀"}


@pytest.mark.parametrize("edit", [_free_form_numbers, _text], ids=lambda e: e.__name__)
def test_the_definition_is_pydantics_for_values_written_differently(mini_study_dir: Path,
                                                                    edit: Any) -> None:
    lazy, eager = _both(_edited(mini_study_dir, edit))
    assert definition_json(lazy.study) == eager.study.model_dump_json()
    assert definition_json(lazy.study) == lazy.study.model_dump_json()


def test_a_session_starts_with_the_models_of_the_items_shown_only(tmp_path: Path) -> None:
    path = write_lesion_study(tmp_path / "s", n_items=3_000, n_images=200)
    lazy, eager = _both(path)
    stored = []
    for loaded, home in ((lazy, tmp_path / "lazy"), (eager, tmp_path / "eager")):
        db = open_database(home=home)
        engine = SessionEngine(loaded, db, "P001")
        screen = engine.next_screen()
        while not isinstance(screen, TrialScreenSpec):  # an intro
            engine.acknowledge_intro(getattr(screen, "block_id", ""))
            screen = engine.next_screen()
        [version] = db.study_versions(loaded.study.id)
        stored.append((engine.plan, screen.view, version.definition_json))
        if engine.asset_recorder is not None:
            engine.asset_recorder.stop()
        engine.close()
    assert stored[0] == stored[1]
    assert _built(lazy) <= 1 + 2  # the item shown and the two whose images are prefetched


def test_items_by_id_of_an_eager_study_is_its_dict(mini_study_dir: Path) -> None:
    eager = load_study(mini_study_dir, lazy=False)
    assert items_by_id(eager.study) == eager.study.item_by_id()
    assert item_outlines(eager.study) is eager.study.items
