"""The Qt application every window of the program runs in, its icon, and the line of output
the GUI's command-line front ends (widgets.launch, widgets.self_test, widgets.timing_check)
print. Below all of them, so none of them imports another to get these."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from widgets.qt import QApplication, QtGui


# Qt platforms that draw without a desktop session (no display needed).
HEADLESS_PLATFORMS = ("offscreen", "minimal", "vnc", "linuxfb", "eglfs", "vkkhrdisplay")


def display_problem(what: str, *, offscreen_hint: str = "") -> str | None:
    """Why `what` cannot open a window here, or None. Without a display Qt aborts the process
    (exit 134, "Reinstalling the application may fix this problem"); this says it plainly
    first. Only Linux and the other X11/Wayland systems need a display server; elsewhere, or
    with a headless Qt platform chosen (QT_QPA_PLATFORM), there is nothing to check."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    platform = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0].strip()
    if platform in HEADLESS_PLATFORMS:
        return None
    wayland = os.environ.get("WAYLAND_DISPLAY", "")
    x11 = os.environ.get("DISPLAY", "")
    if wayland and platform in ("", "wayland", "wayland-egl"):
        return None
    if x11 and platform in ("", "xcb"):
        return None if _x11_reachable(x11) else (
            f"{what} needs a display, and the one named by DISPLAY={x11} is not there "
            "(a closed desktop session, or an ssh session without X forwarding). "
            f"Start it from the station's desktop.{offscreen_hint}")
    named = f" (QT_QPA_PLATFORM={platform})" if platform else ""
    return (f"{what} needs a display: this session has none{named}: neither DISPLAY nor "
            "WAYLAND_DISPLAY is set (an ssh session, a service, a container). Start it from the "
            f"station's desktop.{offscreen_hint}")


def _x11_reachable(display: str) -> bool:
    """A local X display ':N' has its socket; other forms (host:N) are left to Qt."""
    host, _, rest = display.partition(":")
    if host or not rest:
        return True
    number = rest.split(".")[0]
    return not number.isdigit() or Path(f"/tmp/.X11-unix/X{number}").exists()


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
