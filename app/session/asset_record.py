"""The first start's record of a study's files, made beside the session instead of before it.

Registering a study version records a digest of every file it names (`app.study.assets`):
the first time a version is seen on a machine, every file is read and hashed. For 12,000
photographs that is tens of gigabytes, minutes before the first item could be shown. So the
version is registered without it, and a background thread at the lowest CPU priority hashes
the files and then records the digest (`Database.record_assets_digest`). Until then, or if
the app stops first, the version's digest is unknown, as for a version registered before
digests existed: it disagrees with nothing when exports and merges compare them.
"""

from __future__ import annotations

import contextlib
import os
import threading

from app.storage.database import Database
from app.study.assets import registering_digest
from app.study.loader import LoadedStudy

LOWEST_PRIORITY = 19


class AssetRecorder:
    """Hashes a study's files on its own thread and records their digest in `db`."""

    def __init__(self, loaded: LoadedStudy, db: Database) -> None:
        self._loaded, self._db = loaded, db
        self.digest: str | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="asset-digest", daemon=True)
        self._thread.start()

    def wait(self, timeout_s: float | None = None) -> bool:
        """Whether the digest is recorded (or failed) within `timeout_s`."""
        self._thread.join(timeout_s)
        return not self._thread.is_alive()

    def _run(self) -> None:
        # Linux gives each thread its own nice value: this one yields to the session's.
        with contextlib.suppress(AttributeError, OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), LOWEST_PRIORITY)
        try:
            self.digest = registering_digest(self._loaded)
            self._db.record_assets_digest(self._loaded.content_hash, self.digest)
        except Exception as exc:  # a digest not recorded is unknown, not an error
            self.error = exc
