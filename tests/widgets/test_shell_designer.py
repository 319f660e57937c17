"""Designer mode: the passphrase gate (set once, then required) and the designer window's
participants and coverage read from a real database."""

from __future__ import annotations

from pathlib import Path

from app.security import check_designer_passphrase, has_designer_passphrase
from app.session.engine import QuestionAnswer, SessionEngine, TrialScreenSpec, TrialTiming
from app.storage import open_database
from app.study.loader import load_study
from widgets.designer.gate import PassphraseDialog
from widgets.designer.window import DesignerWindow
from widgets.qt import QtWidgets
from widgets.tasks import TaskManager


def test_first_use_sets_a_passphrase_typed_twice(qtbot, data_home: Path) -> None:
    assert not has_designer_passphrase()
    dialog = PassphraseDialog(setting=True)
    qtbot.addWidget(dialog)
    dialog.passphrase.setText("short")
    dialog.try_accept()
    assert "at least" in dialog.message.text() and not has_designer_passphrase()
    dialog.passphrase.setText("correct horse")
    dialog.repeat.setText("correct hose")
    dialog.try_accept()
    assert "differ" in dialog.message.text() and not has_designer_passphrase()
    dialog.repeat.setText("correct horse")
    dialog.try_accept()
    assert dialog.result() == QtWidgets.QDialog.DialogCode.Accepted
    assert has_designer_passphrase() and check_designer_passphrase("correct horse")
    assert "correct horse" not in (data_home / "designer.json").read_text()


def test_a_wrong_passphrase_is_refused(qtbot) -> None:
    setter = PassphraseDialog(setting=True)
    qtbot.addWidget(setter)
    setter.passphrase.setText("open sesame")
    setter.repeat.setText("open sesame")
    setter.try_accept()
    gate = PassphraseDialog(setting=False)
    qtbot.addWidget(gate)
    assert not gate.repeat.isVisibleTo(gate)
    gate.passphrase.setText("open barley")
    gate.try_accept()
    assert gate.result() != QtWidgets.QDialog.DialogCode.Accepted
    assert "not the designer passphrase" in gate.message.text()
    gate.passphrase.setText("open sesame")
    gate.try_accept()
    assert gate.result() == QtWidgets.QDialog.DialogCode.Accepted


def _answer_first_trial(engine: SessionEngine) -> None:
    screen = engine.next_screen()
    while not isinstance(screen, TrialScreenSpec):
        engine.acknowledge_intro(screen.block_id)  # type: ignore[union-attr]
        screen = engine.next_screen()
    question = screen.view.questions[0]
    engine.submit(screen.view.position,
                  [QuestionAnswer(question.id, question.options[0].key)],  # type: ignore[union-attr]
                  TrialTiming(onset_ns=1))


def test_designer_window_shows_progress_and_coverage(qtbot, mini_study_dir: Path,
                                                     tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'd.sqlite3'}")
    _answer_first_trial(SessionEngine(loaded, db, "P001", profile={"tier": "senior"}))
    SessionEngine(loaded, db, "P002", profile={"tier": "primary", "email": "x@y.z"})
    tasks = TaskManager()
    window = DesignerWindow(db, tasks, current=loaded)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.participants.rowCount() == 2, timeout=5000)
    qtbot.waitUntil(lambda: not tasks.busy, timeout=5000)
    rows = {window.participants.item(r, 0).text(): [window.participants.item(r, c).text()
                                                     for c in range(7)]
            for r in range(2)}
    assert rows["P001"][1:4] == ["1", "9", "started"]
    assert rows["P002"][1:4] == ["0", "9", "not started"]
    assert "tier=senior" in rows["P001"][6]
    assert "x@y.z" not in rows["P002"][6]  # identifying fields are not shown
    window.participants.sortItems(1)  # numbers sort as numbers
    assert window.participants.item(0, 0).text() == "P002"
    assert window.coverage.rowCount() == 8  # main-block trials
    statuses = [window.coverage.item(r, 4).text() for r in range(8)]
    assert all(s == "needs 1 more" for s in statuses)  # practice items do not count
    assert "2 participants" in window.summary.text()
    assert "8 of 8 items have fewer" in window.summary.text()
    window.close()
    tasks.close()
    db.close()


def test_designer_tools_open_the_real_dialogs(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    from widgets.handover_dialog import HandoverDialog
    from widgets.import_dialog import ImportDialog
    from widgets.merge_dialog import MergeDialog
    from widgets.preview.window import PreviewWindow
    from widgets.results.export_dialog import ExportDialog
    from widgets.results.plan_window import PlanWindow
    from widgets.results.window import ResultsWindow

    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'tools.sqlite3'}")
    _answer_first_trial(SessionEngine(loaded, db, "P001", profile={"tier": "senior"}))
    tasks = TaskManager()
    window = DesignerWindow(db, tasks, current=loaded)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.participants.rowCount() == 1, timeout=5000)
    texts = [a.text() for a in window.tool_actions]
    assert texts == ["Results…", "Export results…", "Plan raters per item…", "Import study…",
                     "Merge databases…", "Hand over data…", "Preview study…",
                     "Check timing…"]  # the last: tests/widgets/test_timing_check.py
    expected = [ResultsWindow, ExportDialog, PlanWindow, ImportDialog, MergeDialog, HandoverDialog,
                PreviewWindow]
    for action, kind, key in zip(window.tool_actions[:7], expected,
                                 ["results", "export", "plan", "import", "merge", "handover",
                                  "preview"],
                                 strict=True):
        action.trigger()
        assert isinstance(window.tools_open[key], kind) and window.tools_open[key].isVisible()
    preview = window.tools_open["preview"]
    assert isinstance(preview, PreviewWindow) and preview.db is not db  # its own throwaway one
    window.close()
    assert window.tools_open == {}
    assert not preview.session.folder.exists()  # closed with the designer window: deleted
    qtbot.waitUntil(lambda: not tasks.busy, timeout=10_000)
    tasks.close()
    db.close()


def test_designer_menu_is_behind_the_passphrase(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    from shell_harness import ShellApp

    from app.security import set_designer_passphrase
    from widgets.qt import QApplication, QTimer

    set_designer_passphrase("open sesame")
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'gate.sqlite3'}")
    attempts: list[str] = []

    def answer(text: str, then: str | None) -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, PassphraseDialog)
        dialog.passphrase.setText(text)
        dialog.try_accept()
        attempts.append(dialog.message.text())
        if then is not None:
            QTimer.singleShot(0, lambda: answer(then, None))

    QTimer.singleShot(0, lambda: answer("open barley", "open sesame"))
    app.window.open_designer()
    assert "not the designer passphrase" in attempts[0]
    designer = app.window._designer
    assert isinstance(designer, DesignerWindow) and designer.isVisible()

    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())
    designer.close()
    app.window._designer = None
    app.window.open_designer()  # cancelled: no designer window
    assert app.window._designer is None
    app.close()


def test_participants_view_flags_a_rater_far_below_the_others(qtbot, tmp_path: Path) -> None:
    from tests.results_support import import_rows, simulated_rows

    loaded = load_study(Path(__file__).resolve().parents[2] / "studies" / "hume-demo")
    db = open_database(f"sqlite:///{tmp_path / 'competence.sqlite3'}")
    raters = [("P01", "a", 0.9), ("P02", "a", 0.85), ("P03", "b", 0.8), ("P04", "b", 0.8),
              ("P05", "b", 0.1)]  # P05 answers nearly at random
    import_rows(loaded, db, simulated_rows(loaded, raters, seed=7), tmp_path)
    tasks = TaskManager()
    window = DesignerWindow(db, tasks, current=loaded)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.competence.ready, timeout=30_000):
        window.show()
    table = window.participants
    column = table.columnCount() - 1
    assert table.horizontalHeaderItem(column).text() == "Competence"
    shown = {table.item(r, 0).text(): table.item(r, column).text() for r in range(table.rowCount())}
    assert shown["P05"].endswith("far below the others") and table.item(
        next(r for r in range(table.rowCount()) if table.item(r, 0).text() == "P05"),
        column).font().bold()
    assert all("far below" not in shown[c] and shown[c] for c in ("P01", "P02", "P03", "P04"))
    window.close()
    qtbot.waitUntil(lambda: not tasks.busy, timeout=10_000)
    tasks.close()
    db.close()
