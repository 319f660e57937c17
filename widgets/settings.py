"""The app's own preferences (font zoom, window geometry, splitter sizes) in an INI file inside
the data folder, never in the user's real Qt settings store: tests set BASELINE_STUDIO_HOME
to a temporary folder and so never touch a real configuration.
"""

from __future__ import annotations

from pathlib import Path

from app.home import data_home
from widgets.qt import (
    QAction,
    QApplication,
    QByteArray,
    QGuiApplication,
    QKeySequence,
    QObject,
    QSettings,
    QWidget,
)

SETTINGS_FILE = "settings.ini"
ZOOM_KEY = "view/font_zoom_steps"
ZOOM_MIN, ZOOM_MAX = -4, 12
ZOOM_STEP_PT = 1.0  # each step changes the base font by one point (about 8% at 12 pt)


def app_settings(home: Path | None = None) -> QSettings:
    return QSettings(str(data_home(home) / SETTINGS_FILE), QSettings.Format.IniFormat)


def save_geometry(settings: QSettings, key: str, window: QWidget) -> None:
    settings.setValue(f"geometry/{key}", window.saveGeometry())
    settings.sync()


def restore_geometry(settings: QSettings, key: str, window: QWidget) -> bool:
    value = settings.value(f"geometry/{key}")
    if isinstance(value, QByteArray | bytes) and value:
        return bool(window.restoreGeometry(QByteArray(value)))
    return False


# Room for the title bar and frame the window manager adds around a window (not known until it
# is shown): a window sized to the full available height has its bottom edge off-screen.
FRAME_ALLOWANCE = (16, 48)


def fit_on_screen(window: QWidget, width: int | None = None, height: int | None = None) -> None:
    """Size `window` to `width` x `height` (default: its size now), shrunk to the available
    geometry of its screen, and move it inside that geometry: at 150 % a 1200x800 window is
    taller than a 1920x1080 screen's 1280x720 logical pixels, and Back/Continue fell below the
    edge. Every top-level window opens through this."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        if width is not None and height is not None:
            window.resize(width, height)
        return
    area = screen.availableGeometry()
    room_w = max(320, area.width() - FRAME_ALLOWANCE[0])
    room_h = max(240, area.height() - FRAME_ALLOWANCE[1])
    w = min(width if width is not None else window.width(), room_w)
    h = min(height if height is not None else window.height(), room_h)
    window.resize(w, h)
    frame = window.frameGeometry()
    x = min(max(frame.x(), area.x()), area.x() + max(0, area.width() - w - FRAME_ALLOWANCE[0]))
    y = min(max(frame.y(), area.y()), area.y() + max(0, area.height() - h - FRAME_ALLOWANCE[1]))
    window.move(x, y)


def refresh_style_sheets() -> None:
    """A widget with a style sheet of its own keeps the font and palette it was polished with
    (a Qt quirk): setting the same sheet again makes it take the current ones. Called after a
    zoom step and when the system switches between light and dark."""
    for widget in QApplication.allWidgets():
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet(sheet)


class FontZoom(QObject):
    """Ctrl +, Ctrl -, Ctrl 0: the application font grows or shrinks in steps; the step count
    persists. Changing the application font re-lays out every widget, so text-heavy screens
    (poems, long documents) stay readable for everyone."""

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self._app = app
        self._base_pt = app.font().pointSizeF()
        if self._base_pt <= 0:
            self._base_pt = 10.0
        self.steps = 0
        try:
            self.steps = int(str(settings.value(ZOOM_KEY, 0)))
        except ValueError:
            self.steps = 0
        self._apply()

    @property
    def point_size(self) -> float:
        return self._base_pt + self.steps * ZOOM_STEP_PT

    def zoom_in(self) -> None:
        self.set_steps(self.steps + 1)

    def zoom_out(self) -> None:
        self.set_steps(self.steps - 1)

    def reset(self) -> None:
        self.set_steps(0)

    def set_steps(self, steps: int) -> None:
        self.steps = max(ZOOM_MIN, min(ZOOM_MAX, steps))
        self.settings.setValue(ZOOM_KEY, self.steps)
        self.settings.sync()
        self._apply()

    def restore_base(self) -> None:
        """Put the font back as it was before this object changed it (tests, closing)."""
        font = self._app.font()
        font.setPointSizeF(self._base_pt)
        self._app.setFont(font)

    def _apply(self) -> None:
        font = self._app.font()
        font.setPointSizeF(self.point_size)
        self._app.setFont(font)
        refresh_style_sheets()

    def actions(self, parent: QObject) -> list[QAction]:
        """View-menu actions with the standard shortcuts (Ctrl+= too: '+' needs Shift on many
        keyboards)."""
        zoom_in = QAction(self.tr("Larger text"), parent)
        zoom_in.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")])
        zoom_in.triggered.connect(self.zoom_in)
        zoom_out = QAction(self.tr("Smaller text"), parent)
        zoom_out.setShortcut(QKeySequence(QKeySequence.StandardKey.ZoomOut))
        zoom_out.triggered.connect(self.zoom_out)
        reset = QAction(self.tr("Normal text size"), parent)
        reset.setShortcut(QKeySequence("Ctrl+0"))
        reset.triggered.connect(self.reset)
        return [zoom_in, zoom_out, reset]


def study_flag(settings: QSettings, study_id: str, name: str, default: bool) -> bool:
    """A yes/no choice remembered per study (e.g. the results window's "Include simulated
    participants"), `default` until it was first set."""
    value = settings.value(f"study/{study_id}/{name}")
    if value is None:
        return default
    return str(value).lower() in {"true", "1", "yes"}


def set_study_flag(settings: QSettings, study_id: str, name: str, value: bool) -> None:
    settings.setValue(f"study/{study_id}/{name}", "true" if value else "false")
    settings.sync()
