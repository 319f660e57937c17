"""Pause and quit done right (issue 13), on the real window and a real SQLite file: Ctrl+Q and
the window's close button ask first mid-session (the trial's clock stops while they ask), F1
lists the keys of the current screen, and quitting mid-trial from every kind of screen, many
times over, never takes a reference from Python's True (the binding's own check is
tests/widgets/test_qt_binding.py)."""

from __future__ import annotations

import gc
import shutil
from pathlib import Path

from shell_harness import ShellApp, start_session, trim_study
from test_shell_wiring import IMAGE_ITEM

from widgets.qt import QApplication, QPushButton, Qt, QtGui, QTimer


def _answer_quit_question(qtbot, choice: str, seen: list[str]) -> None:
    """When the quit question appears, note its text and press `choice` ("quit" / "stay")."""
    def answer() -> None:
        box = QApplication.activeModalWidget()
        if box is None or box.objectName() != "quit-question":
            QTimer.singleShot(10, answer)
            return
        seen.append(box.text())
        box.findChild(QPushButton, choice).click()
    QTimer.singleShot(0, answer)


def _open(qtbot, folder: Path, tmp_path: Path, items: list[str]) -> ShellApp:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'quit.sqlite3'}")
    start_session(app, trim_study(folder, items))
    app.wait_trial()
    return app


def _kinds(app: ShellApp, item: str, *, count: bool = False):
    """The kinds of the events logged for `item` so far (the writer saves them in turn)."""
    if app.window.writer.busy:
        return {} if count else set()
    kinds = [e.kind for e in app.db.events("mini") if e.item_id == item]
    if count:
        return {k: kinds.count(k) for k in ("paused", "resumed")}
    return set(kinds)


class _WindowClose(QtGui.QCloseEvent):
    """A close from the window system (the title bar's button): Qt marks those spontaneous."""

    def spontaneous(self) -> bool:
        return True


def test_ctrl_q_and_the_close_button_ask_first(qtbot, mini_study_dir: Path,
                                               tmp_path: Path) -> None:
    app = _open(qtbot, mini_study_dir, tmp_path, ["c1", "c2"])
    seen: list[str] = []
    _answer_quit_question(qtbot, "stay", seen)
    app.key(Qt.Key.Key_Q, "", Qt.KeyboardModifier.ControlModifier)
    assert seen == ["Your answered items are saved. Quit?"]
    assert app.window.isVisible() and app.window.session_running()
    assert app.trial.phase == "trial"  # paused while asked, back now
    qtbot.waitUntil(lambda: {"paused", "resumed"} <= _kinds(app, "c1"))
    _answer_quit_question(qtbot, "stay", seen)
    event = _WindowClose()
    app.window.closeEvent(event)
    assert len(seen) == 2 and not event.isAccepted() and app.window.session_running()
    app.window.activateWindow()  # as the window manager does once the question is gone
    qtbot.waitUntil(app.window.isActiveWindow)
    _answer_quit_question(qtbot, "quit", seen)
    app.key(Qt.Key.Key_Q, "", Qt.KeyboardModifier.ControlModifier)
    assert len(seen) == 3
    qtbot.waitUntil(lambda: not app.window.isVisible())
    assert not app.window.session_running()
    app.db.close()


def test_f1_lists_the_keys_of_the_screen_and_stops_the_clock(qtbot, mini_study_dir: Path,
                                                            tmp_path: Path) -> None:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'quit.sqlite3'}")
    start_session(app, trim_study(mini_study_dir, [], extra_items=[IMAGE_ITEM]))
    app.wait_trial()
    help_ = app.window.key_help
    assert any(a.text() == "Keys on this screen" for a in app.window.menuBar().actions()[1]
               .menu().actions())
    app.key(Qt.Key.Key_F1)
    assert help_.isVisible() and app.trial.phase == "paused"
    text = help_.table.text()
    for expected in ("Alt+F", "Alt+1", "Enter", "pause", "Tab", "Answer"):
        assert expected in text, expected
    app.key(Qt.Key.Key_1, "1")  # nothing reaches the answers under the list
    assert app.trial.panel.entries[0].state.value() is None
    app.key(Qt.Key.Key_Escape)
    assert not help_.isVisible() and app.trial.phase == "trial"
    app.key(Qt.Key.Key_F1)
    app.key(Qt.Key.Key_F1)  # F1 closes it too
    assert not help_.isVisible() and app.trial.phase == "trial"
    qtbot.waitUntil(lambda: _kinds(app, "img", count=True) == {"paused": 2, "resumed": 2})
    app.close()


SCREEN_KINDS = ["c1", "s1", "r1", "k1", "v1", "poem1", "rank1"]  # every response kind


def test_quitting_mid_trial_from_every_screen_kind_many_times(qtbot, mini_study_dir: Path,
                                                              tmp_path: Path) -> None:
    """Ctrl+Q mid-trial asks, then ends the session, on every kind of screen, twice over (the
    binding bug behind the crash is checked in tests/widgets/test_qt_binding.py: a few dozen emits per
    trial, thousands per long session, each took one reference from True)."""
    for round_ in range(2):
        for item in SCREEN_KINDS:
            app = ShellApp(qtbot, f"sqlite:///{tmp_path / f'q-{round_}-{item}.sqlite3'}")
            folder = tmp_path / f"study-{round_}-{item}"
            shutil.copytree(mini_study_dir, folder)  # trim_study cuts the copy it is given
            start_session(app, trim_study(folder, [item]))
            app.wait_trial()
            app.key(Qt.Key.Key_1, "1")
            seen: list[str] = []
            _answer_quit_question(qtbot, "quit", seen)
            app.key(Qt.Key.Key_Q, "", Qt.KeyboardModifier.ControlModifier)
            assert seen, item
            assert not app.window.isVisible() and not app.window.session_running()
            app.db.close()
    gc.collect()  # what the windows left is collected without a fatal error
