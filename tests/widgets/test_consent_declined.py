"""Declining consent is answered with a plain message (nothing was recorded), not a silent
jump back to the start; and nothing is stored for the code."""

from __future__ import annotations

from pathlib import Path

from shell_harness import ShellApp

from widgets.qt import Qt
from widgets.shell.message_screens import ConsentScreen, MessageScreen
from widgets.shell.participant_screen import ParticipantScreen


def test_declining_consent_says_so_and_records_nothing(qtbot, mini_study_dir: Path,
                                                       tmp_path: Path) -> None:
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'declined.sqlite3'}")
    app.flow.open_study(mini_study_dir)
    page = app.wait_page(ParticipantScreen)
    qtbot.keyClicks(page.code, "P001")
    page.form.inputs["tier"].setCurrentIndex(1)
    app.key(Qt.Key.Key_Return)
    app.wait_page(ConsentScreen)
    app.key(Qt.Key.Key_Escape)  # "Esc declines": asked first, then declined
    app.key(Qt.Key.Key_Escape)
    message = app.wait_page(MessageScreen)
    assert message.title.text() == "You did not agree to take part"
    assert "none of your answers were recorded" in message.text.toPlainText()
    assert "Back to the start" in message.continue_button.text()
    assert app.db.participants("mini") == [] and app.db.sessions("mini") == []
    app.key(Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: app.page is app.flow.start, timeout=5000)
    app.close()
