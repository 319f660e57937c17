"""`baseline-studio run --study S --preview`: the preview window on its own, with no database
of the data folder opened at all (widgets.launch calls this before it opens one)."""

from __future__ import annotations

from pathlib import Path

from app.catalog import find_study
from app.study.loader import load_study
from widgets.preview.window import PreviewWindow
from widgets.qt import QApplication


def launch_preview(app: QApplication, study: str, home: Path | None) -> int:
    """Show the preview until it is closed; StudyError/UserInputError for a study that cannot
    be previewed (the caller prints them and exits 2)."""
    path = find_study(study, home)
    load_study(path)  # a broken study is said at once, on the command line
    window = PreviewWindow(path)
    try:
        window.show()
        window.start()
        return int(app.exec())
    finally:
        window.close()
        window.session.close()  # also when the window was never shown
