"""A relevance list of seven documents at 1200x800 (HUME): the question and its key hint stay
in view while the first documents are judged, the current document is always in view, a click
on a grade does what its key does (judge, move on), and the status line follows the answers."""

from __future__ import annotations

from pathlib import Path

from tests.widgets.field_support import bundled_copy, open_trial
from widgets.kinds.relevance import RelevanceWidget
from widgets.qt import QPoint, QRect, Qt, QWidget


def _in_view(panel, widget: QWidget) -> bool:
    viewport = panel.viewport()
    rect = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    return viewport.rect().contains(rect)


def _open(qtbot, tmp_path: Path, size=(1200, 800)):
    folder = bundled_copy(tmp_path, "hume-demo", ["eng-rr-01"])
    app = open_trial(qtbot, tmp_path, folder, size=size)
    panel = app.trial.panel
    widget = panel.entries[0].widget
    assert isinstance(widget, RelevanceWidget) and len(widget.rows) == 7
    return app, panel, widget


def test_the_question_and_the_current_document_stay_in_view(qtbot, tmp_path: Path) -> None:
    app, panel, widget = _open(qtbot, tmp_path)
    assert panel.verticalScrollBar().maximum() > 0  # the list is taller than the panel
    prompt = panel.prompts[0] if panel.prompts else None
    for n in range(6):
        app.key(Qt.Key.Key_1, "1")
        assert widget.current == n + 1
        assert _in_view(panel, widget.rows[widget.current]), f"document {n + 2} out of view"
        if n == 0:  # after the first judgement: the question and its keys still there
            assert _in_view(panel, widget.keys_hint)
            if prompt is not None:
                assert _in_view(panel, prompt)
    app.close()


def test_a_click_judges_and_moves_on_as_the_key_does(qtbot, tmp_path: Path) -> None:
    app, _panel, widget = _open(qtbot, tmp_path)
    entries = widget.relevance.entries
    first = widget.grade_buttons[0]
    relevant = max(first)
    qtbot.mouseClick(first[relevant], Qt.MouseButton.LeftButton)
    assert widget.relevance.grade_of(entries[0].id) == relevant
    assert widget.current == 1
    app.key(Qt.Key.Key_0, "0")  # the next document's judgement, not the clicked one's
    assert widget.relevance.grade_of(entries[0].id) == relevant
    assert widget.relevance.grade_of(entries[1].id) == 0
    app.close()


def test_the_status_line_follows_the_judgements(qtbot, tmp_path: Path) -> None:
    app, _panel, widget = _open(qtbot, tmp_path)
    app.key(Qt.Key.Key_1, "1")
    app.key(Qt.Key.Key_Return)
    assert "still needs an answer" in app.trial.status.text()
    for _ in range(6):
        app.key(Qt.Key.Key_1, "1")
    assert widget.state.is_complete()
    assert "still needs" not in app.trial.status.text()
    app.close()
