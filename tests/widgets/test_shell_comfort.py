"""Font zoom persists in the app's own INI file inside the data folder; window geometry too."""

from __future__ import annotations

from pathlib import Path

from widgets.qt import QApplication, Qt, QtWidgets
from widgets.settings import (
    SETTINGS_FILE,
    ZOOM_MAX,
    FontZoom,
    app_settings,
    restore_geometry,
    save_geometry,
)


def test_settings_live_in_the_data_folder(data_home: Path) -> None:
    settings = app_settings()
    assert Path(settings.fileName()) == data_home / SETTINGS_FILE
    settings.setValue("x/y", 3)
    settings.sync()
    assert "y=3" in (data_home / SETTINGS_FILE).read_text()


def test_zoom_changes_the_app_font_and_persists(qtbot, data_home: Path) -> None:
    base = QApplication.font().pointSizeF()
    zoom = FontZoom(app_settings())
    try:
        label = QtWidgets.QLabel("text")
        qtbot.addWidget(label)
        zoom.zoom_in()
        zoom.zoom_in()
        assert QApplication.font().pointSizeF() == base + 2
        qtbot.wait(1)  # the font change reaches existing widgets as a posted event
        assert label.font().pointSizeF() == base + 2  # widgets follow the application font
        zoom.zoom_out()
        assert QApplication.font().pointSizeF() == base + 1
        # Widgets with a style sheet of their own (option buttons) follow the zoom too.
        styled = QtWidgets.QPushButton("option")
        styled.setStyleSheet("QPushButton { padding: 9px; }")
        qtbot.addWidget(styled)
        zoom.zoom_in()
        qtbot.wait(1)
        assert styled.font().pointSizeF() == base + 2
    finally:
        zoom.restore_base()
    assert QApplication.font().pointSizeF() == base
    # A new session (new settings object, same data folder) starts at the saved size.
    again = FontZoom(app_settings())
    try:
        assert again.steps == 2
        assert QApplication.font().pointSizeF() == base + 2
        again.set_steps(99)
        assert again.steps == ZOOM_MAX
        again.reset()
        assert QApplication.font().pointSizeF() == base
    finally:
        again.restore_base()


def test_zoom_shortcuts(qtbot) -> None:
    window = QtWidgets.QMainWindow()
    qtbot.addWidget(window)
    zoom = FontZoom(app_settings())
    try:
        for action in zoom.actions(window):
            window.addAction(action)
        window.show()
        with qtbot.waitActive(window):
            window.activateWindow()
        base = zoom.steps

        qtbot.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        assert zoom.steps == base + 1
        qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
        assert zoom.steps == base - 1
        qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
        assert zoom.steps == 0
    finally:
        zoom.restore_base()


def test_window_geometry_is_remembered(qtbot) -> None:
    settings = app_settings()
    window = QtWidgets.QWidget()
    qtbot.addWidget(window)
    window.setGeometry(50, 60, 700, 500)
    window.show()
    qtbot.waitExposed(window)
    save_geometry(settings, "w", window)
    other = QtWidgets.QWidget()
    qtbot.addWidget(other)
    assert restore_geometry(app_settings(), "w", other)
    assert (other.width(), other.height()) == (700, 500)
    assert not restore_geometry(app_settings(), "never-saved", other)
