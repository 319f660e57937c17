"""Writing a small text file whole or not at all: a temporary file in the same folder,
flushed to disk, then renamed over the target. A crash never leaves a torn file to be read
(study.json, the asset records, the study places, a snapshot's checksum)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_text_atomically(path: Path, text: str, *, mode: int | None = None) -> None:
    """Write `text` (UTF-8) to `path` atomically. The temporary file is owner-only as
    `tempfile.mkstemp` makes it; `mode` sets the final mode explicitly."""
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(temp_name, mode)
        os.replace(temp_name, path)
    finally:
        Path(temp_name).unlink(missing_ok=True)  # (gone already after the rename)
