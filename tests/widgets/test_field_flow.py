"""Small flow issues met in the field: one Esc on the consent screen asks rather than declines;
on a station launched for one study (`run --study`), "Back to the start" is that study's code
screen, not the list of studies; practice feedback on the last question is scrolled into view."""

from __future__ import annotations

from pathlib import Path

from tests.widgets.field_support import bundled_copy, open_trial
from tests.widgets.shell_harness import ShellApp
from widgets.qt import QPoint, QRect, Qt, QtWidgets
from widgets.shell.message_screens import ConsentScreen, MessageScreen
from widgets.shell.participant_screen import ParticipantScreen
from widgets.shell.start_screen import StartScreen


def test_one_esc_asks_and_back_to_the_start_is_the_studys_code_screen(
        qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'flow.sqlite3'}")
    app.flow.pinned_study = mini_study_dir  # as `run --study` launches it
    app.flow.open_study(mini_study_dir)
    code = app.wait_page(ParticipantScreen)
    assert isinstance(code, ParticipantScreen) and code.back_button.isHidden()
    code.code.setText("P001")
    code.form.inputs["tier"].setCurrentIndex(1)
    code.submit()
    consent = app.wait_page(ConsentScreen)
    app.key(Qt.Key.Key_Escape)
    assert app.page is consent  # asked, not declined
    assert "Esc again" in consent.hint.text()
    app.key(Qt.Key.Key_Escape)
    declined = app.wait_page(MessageScreen)
    assert declined is not consent
    app.key(Qt.Key.Key_Space)
    again = app.wait_page(ParticipantScreen)
    assert not isinstance(app.page, StartScreen) and again.loaded.folder == code.loaded.folder
    app.close()


def test_the_last_questions_practice_feedback_is_in_view(qtbot, tmp_path: Path) -> None:
    folder = bundled_copy(tmp_path, "lesion-vqa-demo", ["practice-1", "case-01"])
    app = open_trial(qtbot, tmp_path, folder)
    trial = app.trial
    assert trial.view.practice and len(trial.panel.entries) == 3
    app.pilot.answer_trial()
    app.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: trial.phase == "feedback")
    last = trial.panel.entries[-1].question.id
    label = trial.panel.findChild(QtWidgets.QLabel, f"feedback-{last}")
    assert label is not None
    viewport = trial.panel.viewport()
    qtbot.waitUntil(lambda: viewport.rect().contains(
        QRect(label.mapTo(viewport, QPoint(0, 0)), label.size())), timeout=2000)
    app.close()
