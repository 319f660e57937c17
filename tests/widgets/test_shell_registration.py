"""The app registers a study version new to its database once the first trial is painted
(SessionController.finish_start): not on the first item's path, stored as a registration at
the start stores it, and before the first answer is saved."""

from __future__ import annotations

from pathlib import Path

from shell_harness import ShellApp, start_session, trim_study

from app.study.loader import load_study
from widgets.qt import Qt


def test_the_version_is_registered_after_the_first_paint_before_the_answer(
        qtbot, mini_study_dir: Path, db_url: str) -> None:
    folder = trim_study(mini_study_dir, ["c1", "c2"])
    loaded = load_study(folder)
    app = ShellApp(qtbot, db_url)
    real = app.db.register_study
    onset_when_registered: list[int | None] = []

    def register(*args, **kwargs):  # type: ignore[no-untyped-def]
        clock = app.trial.trial_clock
        onset_when_registered.append(None if clock is None else clock.onset_ns)
        return real(*args, **kwargs)

    app.db.register_study = register  # type: ignore[method-assign]
    start_session(app, folder)
    app.wait_trial()
    qtbot.waitUntil(lambda: app.db.study_registered(loaded.content_hash), timeout=10_000)
    assert onset_when_registered and onset_when_registered[0] is not None  # after the paint
    app.key(Qt.Key.Key_1)
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(app.db.responses(loaded.study.id)), timeout=10_000)
    [version] = app.db.study_versions(loaded.study.id)
    assert version.definition_json == loaded.study.model_dump_json()
    assert app.db.study_assets_digest(loaded.content_hash) is not None  # inline, as before
    assert len(onset_when_registered) == 1
    app.close()
