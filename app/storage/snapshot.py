"""A hand-over copy of a SQLite database: consistent, verified, written atomically.

Copying `baseline-studio.sqlite3` with the file manager while the app is open can leave
answers behind in the `-wal` file beside it. A snapshot is made with SQLite's online backup
API from one read transaction, so it is the database exactly as it was at one instant, even
while a session keeps writing. It is then switched out of WAL mode (one self-contained file),
checked (`PRAGMA integrity_check`, and every table holds as many rows as the source did at
that instant), written under a temporary name in the destination folder, synced, and only
then renamed to its name; its SHA-256 goes beside it as `NAME.sha256` (the format
`sha256sum -c` reads), so the copy can be checked again on the other laptop.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field
from glob import escape as glob_escape
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from app.atomic_write import write_text_atomically
from app.home import PRIVATE_FILE_MODE
from app.regular_files import open_regular_file, read_regular_text
from app.storage.backup import copy_self_contained, fsync_dir, fsync_file
from app.storage.files import BUSY_TIMEOUT_MS, readonly_uri
from app.storage.sqlite_url import resolve_sqlite_file
from app.storage.unavailable import read_only_fs, storage_problem
from app.study.errors import UserInputError

_COMPANIONS = ("", "-wal", "-shm", "-journal")


class SnapshotError(UserInputError):
    """No snapshot could be made, or it failed its checks (nothing was left at OUT_FILE)."""


@dataclass(frozen=True)
class SnapshotResult:
    path: Path
    checksum_path: Path
    sha256: str
    size: int
    counts: dict[str, int]  # rows per table, equal in the source (at that instant) and the copy
    replaced: bool  # an older file at `path` was replaced
    cleaned: list[Path] = field(default_factory=list)  # leftovers of killed snapshots removed


def snapshot_source(url: str) -> Path:
    """The SQLite file a database URL names, or a SnapshotError saying why there is none."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise SnapshotError(f"{url}: not a database URL") from exc
    if parsed.get_backend_name() != "sqlite":
        raise SnapshotError(f"{parsed.render_as_string(hide_password=True)}: snapshots are made "
                            "of SQLite files; copy a PostgreSQL server with pg_dump")
    try:
        return resolve_sqlite_file(parsed, url)
    except UserInputError as exc:
        raise SnapshotError(str(exc)) from exc


def snapshot_database(db_path: Path, out: Path) -> SnapshotResult:
    """Write a verified, self-contained copy of the SQLite file `db_path` to `out`.

    The copy is made as `.OUT.PID.XXXX.partial` beside OUT and gets its name only when checked;
    partial copies left by a snapshot that was killed (its process gone) are removed first
    (`SnapshotResult.cleaned`). OUT.sha256 is written before OUT takes its name: when it
    cannot be, nothing is."""
    if not db_path.is_file():
        raise SnapshotError(f"{db_path}: no such database file")
    out = out.expanduser()
    _check_destination(db_path, out)
    checksum_path = out.with_name(out.name + ".sha256")
    if checksum_path.exists() and not checksum_path.is_file():
        raise SnapshotError(f"{checksum_path}: exists and is not a file, so the snapshot's "
                            "checksum cannot be written there; nothing was written")
    replaced = out.exists()
    partial: Path | None = None
    try:
        cleaned = _remove_leftovers(out)
        fd, name = tempfile.mkstemp(prefix=f".{out.name}.{os.getpid()}.", suffix=PARTIAL,
                                    dir=out.parent)
        os.close(fd)  # mkstemp creates it 0600; SQLite keeps the mode when it writes the pages
        partial = Path(name)
        counts = _copy(db_path, partial)
        _verify(partial, counts, db_path)
        fsync_file(partial)
        digest, size = _sha256(partial), partial.stat().st_size
        # The checksum first: a snapshot never stands without it.
        write_text_atomically(checksum_path, f"{digest}  {out.name}\n", mode=PRIVATE_FILE_MODE)
        os.replace(partial, out)
        fsync_dir(out.parent)
    except OSError as exc:
        raise (storage_problem(exc, str(out), out)
               or SnapshotError(f"{out}: cannot write the snapshot: {exc.strerror or exc}; "
                                "nothing was written")) from exc
    finally:
        if partial is not None:
            partial.unlink(missing_ok=True)
            Path(f"{partial}-journal").unlink(missing_ok=True)
    return SnapshotResult(out, checksum_path, digest, size, counts, replaced, cleaned)


PARTIAL = ".partial"
# A partial copy named without its process id (an older version's) is taken for a leftover
# once it is this old: no snapshot takes an hour.
LEFTOVER_AGE_S = 3600


def _remove_leftovers(out: Path) -> list[Path]:
    """Remove the partial copies (and their -journal) of `out` whose snapshot was killed."""
    removed: list[Path] = []
    prefix = f".{out.name}."
    for path in out.parent.glob(f"{glob_escape(prefix)}*"):
        name = path.name
        base = name[:-len("-journal")] if name.endswith("-journal") else name
        if not base.endswith(PARTIAL):
            continue
        middle = base[len(prefix):-len(PARTIAL)]
        pid_text = middle.split(".", 1)[0]
        if "." in middle and pid_text.isdigit():
            if _alive(int(pid_text)):
                continue  # another snapshot at work
        else:
            try:
                if time.time() - path.stat().st_mtime < LEFTOVER_AGE_S:
                    continue
            except OSError:
                continue
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or cannot tell: leave its file alone
    return True


def _check_destination(db_path: Path, out: Path) -> None:
    if out.is_dir():
        raise SnapshotError(f"{out}: is a folder; give the name of the file to write, such as "
                            f"{out / db_path.name}")
    if not out.parent.is_dir():
        raise SnapshotError(f"{out.parent}: no such folder")
    live = db_path.resolve()
    target = out.parent.resolve() / out.name
    if any(target == live.with_name(live.name + suffix) for suffix in _COMPANIONS):
        raise SnapshotError(f"{out}: is the database itself (or its -wal/-shm); give another file")
    if target.name.endswith(".sha256"):
        raise SnapshotError(f"{out}: a snapshot is a database file, not a .sha256 checksum")


def _copy(db_path: Path, partial: Path) -> dict[str, int]:
    """Copy inside one read transaction; returns the source's row counts at that instant."""
    # On a read-only medium a WAL reader cannot make its -shm; with no -wal there, nothing
    # can be writing, and the file is read as immutable.
    immutable = read_only_fs(db_path) and not Path(f"{db_path}-wal").exists()
    try:
        source = sqlite3.connect(readonly_uri(db_path, immutable=immutable), uri=True,
                                 timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as exc:
        raise SnapshotError(f"{db_path}: cannot open: {exc}") from exc
    try:
        source.execute("BEGIN")  # one snapshot of the file for the counts and the copy alike
        counts = _counts(source)
        copy_self_contained(source, partial)
        source.rollback()
    except sqlite3.Error as exc:
        raise (storage_problem(exc, str(partial.parent), partial)
               or SnapshotError(f"{db_path}: snapshot failed: {exc}")) from exc
    finally:
        source.close()
    return counts


def _counts(conn: sqlite3.Connection) -> dict[str, int]:
    tables = [str(r[0]) for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name")]
    return {t: int(conn.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0]) for t in tables}


def _verify(partial: Path, expected: dict[str, int], db_path: Path) -> None:
    conn = sqlite3.connect(readonly_uri(partial), uri=True)
    try:
        problems = [str(r[0]) for r in conn.execute("PRAGMA integrity_check")]
        counts = _counts(conn)
    except sqlite3.DatabaseError as exc:  # damaged past what the check can list
        raise SnapshotError(f"{db_path}: the copy failed its integrity check ({exc}); "
                            "nothing was written") from exc
    finally:
        conn.close()
    if problems != ["ok"]:
        raise SnapshotError(f"{db_path}: the copy failed its integrity check ({problems[0]}); "
                            "nothing was written")
    if counts != expected:
        differ = [f"{t}: {expected.get(t)} in the database, {counts.get(t)} in the copy"
                  for t in sorted(set(expected) | set(counts)) if expected.get(t) != counts.get(t)]
        raise SnapshotError(f"{db_path}: the copy does not match ({'; '.join(differ)}); "
                            "nothing was written")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open_regular_file(path) as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_snapshot(path: Path) -> bool:
    """Whether `path` still has the checksum written beside it (for the receiving laptop)."""
    checksum = path.with_name(path.name + ".sha256")
    try:
        expected = read_regular_text(checksum).split()[0]
    except (OSError, IndexError):
        return False
    return _sha256(path) == expected
