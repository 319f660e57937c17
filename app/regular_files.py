"""Opening a file the app only reads (an image, an asset to hash) without ever blocking on it.

A path that was a file when the study was validated can be a FIFO by the time it is read:
`open()` on a FIFO waits for a writer, forever, and takes the decoder thread (and the window
waiting for it) along. O_NONBLOCK makes that open return at once, and fstat on the open
descriptor, not the path, catches a file swapped after any check.
"""

from __future__ import annotations

import errno
import io
import os
import stat
from pathlib import Path
from typing import BinaryIO, TextIO


class NotARegularFileError(OSError):
    """A pipe, socket or device where a file was expected."""


def open_regular_file(path: Path | str) -> BinaryIO:
    """`path` opened for binary reading if it is a regular file; IsADirectoryError for a
    folder, NotARegularFileError for anything else, FileNotFoundError and the like as open()."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if not stat.S_ISREG(mode):
            raise NotARegularFileError(errno.EINVAL, "not a regular file (a pipe, socket or "
                                       "device)", str(path))
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular_bytes(path: Path | str) -> bytes:
    """The bytes of a regular file (see `open_regular_file`)."""
    with open_regular_file(path) as fh:
        return fh.read()


def read_regular_text(path: Path | str, encoding: str = "utf-8") -> str:
    """The text of a regular file (see `open_regular_file`)."""
    return read_regular_bytes(path).decode(encoding)


def open_regular_text(path: Path | str, encoding: str = "utf-8",
                      newline: str | None = None) -> TextIO:
    """A regular file opened for reading text (see `open_regular_file`), streamed."""
    return io.TextIOWrapper(open_regular_file(path), encoding=encoding, newline=newline)
