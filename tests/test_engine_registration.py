"""A study version new to the database is registered once the first screen is up
(SessionEngine(defer_registration=True), as the app starts a session: its 20,000-item
definition is off the first item's path), never after an answer to it, and stored exactly as
a registration at the start stores it."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.session import asset_record
from app.session.engine import SessionEngine, TrialScreenSpec
from app.storage import open_database
from app.study.loader import LoadedStudy, load_study
from benchmarks.studygen import write_lesion_study
from tests.test_engine import answer, run_until_trial


def _stored(home: Path, loaded: LoadedStudy, *, defer: bool, answered: bool) -> tuple[object, ...]:
    db = open_database(home=home)
    engine = SessionEngine(loaded, db, "P001", defer_registration=defer)
    assert db.study_registered(loaded.content_hash) is not defer
    assert engine.registration_pending is defer
    screen = run_until_trial(engine)
    assert isinstance(screen, TrialScreenSpec)
    if answered:
        answer(engine, screen)  # registers a deferred version before the answer is stored
        assert db.study_registered(loaded.content_hash)
    assert engine.asset_recorder is None or engine.asset_recorder.wait(60)
    engine.close()
    [version] = db.study_versions(loaded.study.id)
    digest = db.study_assets_digest(loaded.content_hash)
    responses = [(r.item_id, r.question_id, r.answer_json, r.content_hash)
                 for r in db.responses(loaded.study.id)]
    db.close()
    return version.definition_json, version.content_hash, digest, responses


@pytest.mark.parametrize("answered", [True, False], ids=["answered", "closed unanswered"])
def test_a_deferred_registration_stores_what_one_at_the_start_stores(
        mini_study_dir: Path, tmp_path: Path, answered: bool) -> None:
    loaded = load_study(mini_study_dir)
    deferred = _stored(tmp_path / "deferred", loaded, defer=True, answered=answered)
    at_start = _stored(tmp_path / "at-start", loaded, defer=False, answered=answered)
    assert deferred == at_start
    assert deferred[0] == loaded.study.model_dump_json()
    assert deferred[2] is not None  # the mini study's files: hashed inline, as before


def test_a_deferred_big_study_is_registered_with_its_digest_child(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_lesion_study(tmp_path / "s", n_items=3_000, n_images=200)
    monkeypatch.setattr(asset_record, "INLINE_MAX_BYTES", 0)  # the digest in its child
    lazy, eager = load_study(path), load_study(path, lazy=False)
    db = open_database(home=tmp_path / "home")
    engine = SessionEngine(lazy, db, "P001", defer_registration=True)
    assert engine.asset_recorder is None and not db.study_registered(lazy.content_hash)
    engine.finish_registration()
    engine.finish_registration()  # once
    assert engine.asset_recorder is not None and engine.asset_recorder.wait(60)
    [version] = db.study_versions(lazy.study.id)
    assert version.definition_json == eager.study.model_dump_json()
    assert db.study_assets_digest(lazy.content_hash) is not None
    engine.close()
    db.close()


def test_a_registered_version_has_nothing_pending(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(home=tmp_path)
    SessionEngine(loaded, db, "P001").close()
    again = SessionEngine(loaded, db, "P002", defer_registration=True)
    assert not again.registration_pending and again.asset_recorder is None
    again.close()
    assert len(db.study_versions(loaded.study.id)) == 1
    db.close()
