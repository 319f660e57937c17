"""A participant code still answering in another, never-closed session (another station on
the same database, another window) is questioned before a second session starts on it."""

from __future__ import annotations

import random
from pathlib import Path

from app.session.engine import SessionEngine
from app.study.loader import load_study
from tests.kill_driver import step
from tests.widgets.shell_harness import ShellApp, trim_study
from widgets.qt import Qt
from widgets.shell.message_screens import CodeInUseScreen, MessageScreen
from widgets.shell.start_screen import StartScreen


def test_a_code_answering_elsewhere_is_questioned(qtbot, mini_study_dir: Path,
                                                  tmp_path: Path) -> None:
    folder = trim_study(mini_study_dir, ["c1", "c2", "r1"])
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'shared.sqlite3'}")
    elsewhere = SessionEngine(load_study(folder), app.db, "P001")  # station A, still going
    step(elsewhere, elsewhere.next_screen(), random.Random(1))
    sessions_before = len(app.db.sessions("mini"))

    app.flow.open_study(folder, code="P001")
    page = app.wait_page(CodeInUseScreen)
    assert isinstance(page, CodeInUseScreen) and "P001" in page.title.text()
    assert "less than a minute ago" in page.text.toPlainText()
    app.key(Qt.Key.Key_Escape)  # go back: nothing is started on P001 here
    app.wait_page(StartScreen)
    assert len(app.db.sessions("mini")) == sessions_before

    app.flow.open_study(folder, code="P002")  # a code nobody is using goes straight in
    app.wait_trial()
    app.flow.show_start()
    app.wait_page(StartScreen)

    app.flow.open_study(folder, code="P001")
    app.wait_page(CodeInUseScreen)
    app.key(Qt.Key.Key_Space)  # "that computer crashed": continue here
    qtbot.waitUntil(lambda: isinstance(app.page, MessageScreen)
                    and app.page.title.text() == "Welcome back", timeout=10_000)
    app.key(Qt.Key.Key_Space)
    app.wait_trial()
    assert app.trial.view is not None and app.trial.view.position == 1  # resumed after item 1
    app.close()
