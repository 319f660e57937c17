"""What the designer's tools (widgets.designer.tools) use of the designer window: below both,
so the window can add the tools to its menu without the tools importing the window back."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from app.storage.database import Database
from app.study.loader import LoadedStudy
from widgets.qt import QSettings, QtWidgets, QWidget
from widgets.tasks import DatabaseWriter


class DesignerHost(Protocol):
    """The designer window (widgets.designer.window.DesignerWindow), a QMainWindow the tools'
    dialogs open over: its database and writer, the data folder and settings, the study
    chosen, the tool windows it keeps open, and the line where the timing reminder goes."""

    db: Database
    writer: DatabaseWriter
    home: Path | None
    settings: QSettings | None
    loaded: LoadedStudy | None
    tools_open: dict[str, QWidget]
    timing_reminder: QtWidgets.QLabel

    def reload_studies(self) -> None:
        """List the studies again (one was imported)."""

    def refresh(self) -> None:
        """Read the chosen study's participants and coverage again (databases were merged)."""
