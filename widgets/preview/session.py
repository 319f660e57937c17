"""Where a preview keeps its answers: a throwaway SQLite database in a temporary folder of its
own, deleted when the preview ends. The real database is never opened, not even for reading:
a preview of a study cannot change or lock the data a station is collecting.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from app.storage import open_database
from app.storage.database import Database
from app.study.model import Study

PREFIX = "baseline-studio-preview-"
PREVIEW_CODE = "PREVIEW"


def preview_code(study: Study) -> str:
    """A participant code the study accepts: the first it issues, else PREVIEW (a study that
    only gives a pattern gets PREVIEW too; the code screen then says what to type)."""
    codes = study.participants.codes
    if codes is not None:
        if codes.listed:
            return codes.listed[0]
        if codes.ranges:
            return codes.ranges[0].first
    return PREVIEW_CODE


class PreviewSession:
    """The temporary folder (also the preview's data folder: settings and backups land there
    too) and the database in it. `close` is safe to call more than once."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix=PREFIX))
        self.db: Database = open_database(f"sqlite:///{self.folder / 'preview.sqlite3'}",
                                          home=self.folder)
        self.closed = False

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.db.close()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
