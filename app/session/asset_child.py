"""The asset digest's child process (`app.session.asset_record`): what it runs, kept apart so
that the child imports only the hashing (`app.study.assets`), not the session, the database or
the study's models (~1 s less of its CPU spent before it has read a file)."""

from __future__ import annotations

import contextlib
import os
from multiprocessing.connection import Connection
from pathlib import Path

LOWEST_PRIORITY = 19


def digest_in_child(jobs: Connection, send: Connection) -> None:
    """The child's work: the study's folder, file paths and content hash read from `jobs`,
    their digest (`app.study.assets.paths_digest`) sent back on `send`."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(LOWEST_PRIORITY)  # where the parent could not lower it (capped at the lowest)
    parent = os.getppid()
    try:
        folder, paths, content_hash = jobs.recv()
        jobs.close()
        from app.study.assets import paths_digest

        digest = paths_digest(Path(folder), paths, content_hash,
                              keep_going=lambda: os.getppid() == parent)
        send.send(("digest", digest))
    except Exception as exc:  # sent to the parent, which keeps the digest unknown
        send.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        send.close()
