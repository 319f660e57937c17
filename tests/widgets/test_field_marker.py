"""The bar beside the current question, as painted on screen: it marks the question the next
key answers after every key, and after a scroll, in a bundled study at a laptop's size."""

from __future__ import annotations

from pathlib import Path

from tests.widgets.field_support import bundled_copy, open_trial, pixel
from widgets.qt import Qt, QtGui


def _painted_bars(app, count: int) -> list[bool]:
    """Which of the first `count` questions show the highlight bar on screen."""
    panel = app.trial.panel
    highlight = app.window.palette().color(QtGui.QPalette.ColorRole.Highlight)
    return [pixel(app.window, e.box, 1, min(10, e.box.height() // 2)) == highlight
            for e in panel.entries[:count]]


def _shows(app, bars: list[bool]) -> bool:
    """The screen comes to show exactly these bars (paints are queued: wait for them)."""
    try:
        app.qtbot.waitUntil(lambda: _painted_bars(app, len(bars)) == bars, timeout=2000)
    except AssertionError:
        return False
    return True


def test_the_bar_follows_the_keys_on_screen(qtbot, tmp_path: Path) -> None:
    folder = bundled_copy(tmp_path, "poem-ratings-demo", ["poem-01"])
    app = open_trial(qtbot, tmp_path, folder)
    panel = app.trial.panel
    assert _shows(app, [True, False, False, False]), _painted_bars(app, 4)
    app.key(Qt.Key.Key_3, "3")
    assert _shows(app, [False, True, False, False]), _painted_bars(app, 4)
    app.key(Qt.Key.Key_4, "4")
    assert [e.state.value() for e in panel.entries[:2]] == [3.0, 4.0]
    assert _shows(app, [False, False, True, False]), _painted_bars(app, 4)
    # A wheel's worth of scrolling repaints what moves: still one bar, on question 3.
    bar = panel.verticalScrollBar()
    bar.setValue(bar.value() + 120)
    assert _shows(app, [False, False, True, False]), _painted_bars(app, 4)
    app.close()
