"""The first start's record of a study's files, made beside the session instead of before it.

Registering a study version records a digest of every file it names (`app.study.assets`):
the first time a version is seen on a machine, every file is read and hashed. For 12,000
photographs that is tens of gigabytes, minutes before the first item could be shown. So the
version is registered without it, and the files are hashed in a child process at the lowest
CPU priority; the digest is recorded when it is done (`Database.record_assets_digest`).
Until then, or if the app stops first, the version's digest is unknown, as for a version
registered before digests existed: it disagrees with nothing when exports and merges compare
them.

A process, not a thread: a thread at the lowest priority that the scheduler puts aside while
it holds the GIL stops the whole app (a cold start measured 8 s instead of 2.5 s that way).

The child is lowered to that priority as soon as it exists, before its interpreter starts:
its job (12,000 paths, more than a pipe holds) is sent after that, not as its arguments.
With them as arguments, starting it waited until the child had read them, after its imports,
so those ran at full priority beside the session's start (~0.5 s of CPU before the first item
was painted, on a machine with two cores).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading

from app.session.asset_child import LOWEST_PRIORITY, digest_in_child
from app.storage.database import Database
from app.study.assets import asset_paths, paths_digest
from app.study.loader import LoadedStudy

__all__ = ["LOWEST_PRIORITY", "AssetRecorder", "digest_in_child", "inline_digest"]
# Files hashed before the session as before, when they are this few and this small (a demo,
# a text study, the tests): a child process costs ~0.5 s of CPU to start.
INLINE_MAX_FILES = 1_000
INLINE_MAX_BYTES = 64 * 2**20


def inline_digest(loaded: LoadedStudy, paths: list[str] | None = None) -> str | None:
    """The digest now, when the study's files are few and small enough; else None (then an
    `AssetRecorder` makes it). `paths`: `asset_paths(loaded)`, when the caller has them (a
    walk over every item)."""
    if paths is None:
        paths = asset_paths(loaded)
    if len(paths) > INLINE_MAX_FILES:
        return None
    total = 0
    for relative in paths:
        with contextlib.suppress(OSError):
            total += os.stat(os.path.join(loaded.folder, relative)).st_size
        if total > INLINE_MAX_BYTES:
            return None
    return paths_digest(loaded.folder, paths, loaded.content_hash)  # registering_digest


class AssetRecorder:
    """Hashes a study's files in a child process and records their digest in `db`."""

    def __init__(self, loaded: LoadedStudy, db: Database, paths: list[str] | None = None
                 ) -> None:
        """`paths`: `asset_paths(loaded)`, when the caller has them."""
        self._db, self._hash = db, loaded.content_hash
        self._job = (str(loaded.folder), asset_paths(loaded) if paths is None else paths,
                     loaded.content_hash)
        self.digest: str | None = None
        self.error: str | None = None
        self._stopped = threading.Event()
        self._child: multiprocessing.process.BaseProcess | None = None
        # The child is started from this thread, not the caller's: starting it waits for the
        # new interpreter to take its arguments (seconds on a busy machine, before the first
        # item could be shown when the session's writer did it).
        self._thread = threading.Thread(target=self._record, name="asset-digest", daemon=True)
        self._thread.start()

    def wait(self, timeout_s: float | None = None) -> bool:
        """Whether the digest is recorded (or failed) within `timeout_s`."""
        self._thread.join(timeout_s)
        return not self._thread.is_alive()

    def stop(self) -> None:
        """Stop hashing (the digest stays unknown)."""
        self._stopped.set()
        child = self._child
        if child is not None and child.is_alive():
            child.terminate()

    def _record(self) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process running Qt
        receive, send = context.Pipe(duplex=False)
        take_job, give_job = context.Pipe(duplex=False)
        # Daemonic: stopped when the app exits; it also stops itself if the app is gone.
        self._child = context.Process(target=digest_in_child, name="asset-digest", daemon=True,
                                      args=(take_job, send))
        if self._stopped.is_set():
            return self._fail("stopped")
        # Its arguments are small, so this returns once the new process exists, before its
        # interpreter has started (see the module's docstring).
        self._child.start()
        with contextlib.suppress(AttributeError, OSError, TypeError):
            os.setpriority(os.PRIO_PROCESS, self._child.pid, LOWEST_PRIORITY)  # type: ignore[arg-type]
        send.close()
        take_job.close()
        if self._stopped.is_set():
            self._child.terminate()
        try:
            try:
                give_job.send(self._job)  # waits (without the GIL) until the child reads it
            finally:
                give_job.close()
            kind, value = receive.recv()  # waits without the GIL
        except (EOFError, OSError) as exc:
            return self._fail(f"the hashing process ended without a digest: {exc!r}")
        finally:
            receive.close()
        if kind != "digest":
            return self._fail(value)
        self.digest = value
        try:
            self._db.record_assets_digest(self._hash, value)
        except Exception as exc:  # a digest not recorded is unknown, not an error
            self._fail(str(exc))
        return None

    def _fail(self, why: str) -> None:
        self.error = why
