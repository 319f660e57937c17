"""Tell a preview when its study changed on disk: study.json and every asset file it names.

Editors save in different ways: in place (the file changes), or by writing a new file and
renaming it over the old one (the watched file disappears, and QFileSystemWatcher forgets it).
So the folders holding the files are watched too, every file that exists again is watched
again, and a burst of events (one save touches a file several times) is reported once.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from widgets.qt import QObject, QtCore, QTimer, Signal

SETTLE_MS = 250  # a save's burst of events is over by then


class StudyWatcher(QObject):
    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._watcher = QtCore.QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._touched)
        self._watcher.directoryChanged.connect(self._touched)
        self._files: list[Path] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self._settled)

    def watch(self, files: Iterable[Path]) -> None:
        """Watch these files (and their folders) instead of the ones before."""
        self._files = sorted({Path(f) for f in files})
        self._timer.stop()
        old = self._watcher.files() + self._watcher.directories()
        if old:
            self._watcher.removePaths(old)
        self._rewatch()

    def watched(self) -> list[str]:
        return sorted(self._watcher.files() + self._watcher.directories())

    def _rewatch(self) -> None:
        present = set(self._watcher.files()) | set(self._watcher.directories())
        wanted = {str(f) for f in self._files if f.is_file()}
        wanted |= {str(f.parent) for f in self._files if f.parent.is_dir()}
        missing = sorted(wanted - present)
        if missing:
            self._watcher.addPaths(missing)

    def _touched(self, _path: str) -> None:
        self._timer.start()

    def _settled(self) -> None:
        self._rewatch()  # a file replaced by a rename is watched again
        self.changed.emit()
