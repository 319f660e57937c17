"""Any study with data is one click away (issue 15): a study kept in a folder of the
designer's choice is listed in designer mode once it has responses; when its folder moves it
is still listed (id, version, responses) and the designer points at the new place."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from app.storage import open_database
from app.study.loader import load_study
from app.study_places import PLACES_FILE, remember_folder, remembered_folders
from baseline_studio import main
from tests.widgets.test_designer_design_tab import close_designer
from widgets.designer.window import DesignerWindow
from widgets.tasks import TaskManager


def _designer(qtbot, url: str) -> tuple[DesignerWindow, TaskManager]:
    db = open_database(url)
    tasks = TaskManager()
    window = DesignerWindow(db, tasks)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.study_box.count() > 0 and not tasks.busy, timeout=10_000)
    return window, tasks


def test_a_study_elsewhere_with_data_is_listed_then_found_again_after_a_move(
        qtbot, mini_study_dir: Path, tmp_path: Path, data_home: Path) -> None:
    elsewhere = tmp_path / "my studies" / "mini"
    shutil.copytree(mini_study_dir, elsewhere)
    url = f"sqlite:///{tmp_path / 'data.sqlite3'}"
    assert main(["simulate", "--study", str(elsewhere), "--participants", "2", "--db", url]) == 0
    window, tasks = _designer(qtbot, url)
    paths = [e.path for e in window.entries]
    assert elsewhere.resolve() in [p.resolve() for p in paths]
    index = next(i for i, e in enumerate(window.entries) if e.study_id == "mini")
    window.study_box.setCurrentIndex(index)
    window._study_picked(index)
    qtbot.waitUntil(lambda: window.participants.rowCount() == 2, timeout=10_000)
    close_designer(window, tasks)

    moved = tmp_path / "moved" / "mini"
    moved.parent.mkdir()
    elsewhere.rename(moved)
    window, tasks = _designer(qtbot, url)
    index = next(i for i, e in enumerate(window.entries) if e.study_id == "mini")
    entry = window.entries[index]
    assert entry.origin == "missing" and "folder not found" in entry.title
    assert "responses" in window.study_box.itemText(index)
    window.study_box.setCurrentIndex(index)
    window._study_picked(index)
    assert window.locate_button.isVisible()
    assert "is gone" in window.summary.text() and "content hash" in window.summary.text()
    window.open_folder(moved)  # what Locate the moved folder… does with the chosen folder
    qtbot.waitUntil(lambda: window.loaded is not None and window.participants.rowCount() == 2,
                    timeout=10_000)
    assert not window.locate_button.isVisible()
    assert not any(e.origin == "missing" for e in window.entries)
    assert remembered_folders()[window.loaded.content_hash] == moved.resolve()
    close_designer(window, tasks)


def test_remembered_folders_survive_a_broken_file(mini_study_dir: Path, data_home: Path) -> None:
    (data_home / PLACES_FILE).write_text("{not json", encoding="utf-8")
    assert remembered_folders() == {}
    loaded = load_study(mini_study_dir)
    remember_folder(loaded)
    assert json.loads((data_home / PLACES_FILE).read_text(encoding="utf-8")) == {
        loaded.content_hash: str(mini_study_dir.resolve())}
