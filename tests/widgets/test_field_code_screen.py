"""The code screen as a participant meets it in a bundled study: Tab in reading order with no
invisible stop, a field's problem worded once and gone once the field is answered, and a code
typed in the wrong letter case taken as the card's."""

from __future__ import annotations

from pathlib import Path

from tests.widgets.field_support import bundled_copy
from tests.widgets.shell_harness import ShellApp
from widgets.qt import QApplication, Qt
from widgets.shell.participant_screen import ParticipantScreen


def _code_screen(qtbot, tmp_path: Path, study: str = "lesion-vqa-demo", **changes):
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'code.sqlite3'}")
    app.window.resize(1280, 720)
    app.flow.open_study(bundled_copy(tmp_path, study, **changes))
    page = app.wait_page(ParticipantScreen)
    assert isinstance(page, ParticipantScreen)
    return app, page


def test_tab_walks_code_profile_back_continue_with_no_invisible_stop(qtbot, tmp_path) -> None:
    app, page = _code_screen(qtbot, tmp_path)
    assert QApplication.focusWidget() is page.code
    expected = [*page.form.inputs.values(), page.back_button, page.go_button, page.code]
    seen = []
    for _ in expected:
        app.key(Qt.Key.Key_Tab)
        seen.append(QApplication.focusWidget())
    assert seen == expected
    assert all(w.isVisible() for w in seen)
    app.close()


def test_a_fields_problem_is_worded_once_and_cleared_when_answered(qtbot, tmp_path) -> None:
    fields = [{"id": "reads", "label": "Which of these languages do you read fluently?",
               "kind": "choice", "options": [{"key": "en", "label": "English"},
                                             {"key": "ar", "label": "Arabic"}]}]
    app, page = _code_screen(qtbot, tmp_path, profile_fields=fields)
    page.code.setText("P012")
    app.key(Qt.Key.Key_Return)
    error = page.form.errors["reads"]
    assert error.isVisible()
    assert error.text() == "Please fill this in."
    assert "?:" not in error.text()
    page.form.inputs["reads"].setCurrentIndex(2)
    assert not error.isVisible() and error.text() == ""
    app.close()


def test_a_lowercase_code_is_the_cards_code(qtbot, tmp_path) -> None:
    app, page = _code_screen(qtbot, tmp_path, profile_fields=[])
    proceeded: list[tuple] = []
    page.proceed.connect(lambda *args: proceeded.append(args))
    page.code.setText("p012")
    app.key(Qt.Key.Key_Return)
    assert "not one of this study's codes" not in page.code_note.text()
    assert [p[0] for p in proceeded] == ["P012"]
    app.close()
