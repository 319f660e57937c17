"""The Qt application every window of the program runs in, its icon, and the line of output
the GUI's command-line front ends (widgets.launch, widgets.self_test, widgets.timing_check)
print. Below all of them, so none of them imports another to get these."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from widgets.qt import QApplication, QtGui


def application(offscreen: bool) -> QApplication:
    if offscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from widgets.qt import QApplication, QGuiApplication, Qt

    app = QApplication.instance()
    if app is None:
        # Fractional scale factors (150%) as the system sets them, not rounded to 1x or 2x.
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Baseline Studio")
        app.setOrganizationName("baseline-studio")
        app.setApplicationDisplayName("Baseline Studio")
        # Wayland matches windows to assets/baseline-studio.desktop (and its icon) by this name.
        QGuiApplication.setDesktopFileName("baseline-studio")
    app.setWindowIcon(app_icon())
    from widgets.main_thread_gc import collect_on_gui_thread

    collect_on_gui_thread(app)  # no Qt object freed by the collector on a worker thread
    return app


def app_icon() -> QtGui.QIcon:
    """The window and taskbar icon: every PNG size in assets/icons (source tree or bundle)."""
    from app.home import assets_dir
    from widgets.qt import QtGui

    icon = QtGui.QIcon()
    for png in sorted((assets_dir() / "icons").glob("baseline-studio-*.png")):
        icon.addFile(str(png))
    return icon


def say(text: str, *, error: bool = False) -> None:
    """A line of command-line output (the `run` and `timing-check` commands' front ends)."""
    stream = sys.stderr if error else sys.stdout
    stream.write(text + "\n")
    stream.flush()
