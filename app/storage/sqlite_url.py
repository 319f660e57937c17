"""What a SQLite URL really opens, decided before anything is written.

SQLAlchemy hands `uri=true` URLs to SQLite as URI filenames, whose parameters (`mode=memory`,
`vfs=memdb`, `nolock=1`, `immutable=1`) can turn the file into memory or switch off locking; a
name beginning `file:` without `uri=true` is taken literally, as a folder tree called `file:`;
other query parameters are silently dropped. Every URL is resolved here into the one file
SQLite will open, and anything that is not one durable file is refused, so the caller opens the
resolved path and nothing else.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from sqlalchemy.engine import URL

from app.study.errors import UserInputError

NO_FILE_NAMES = ("", ":memory:")  # SQLite databases that are no file: gone at exit
# URI parameters that keep the database one durable, locked file.
_SAFE_URI_PARAMS = {"mode": {"rw", "rwc"}, "cache": {"shared", "private"}}
_TRUE = {"1", "true", "yes", "on"}

FILE_EXAMPLE = "sqlite:///path/to/baseline-studio.sqlite3"


def _no_file(url: str, why: str) -> UserInputError:
    return UserInputError(f"{url}: names no database file ({why}), so everything written would "
                          f"be lost or land elsewhere; give a file, such as {FILE_EXAMPLE}")


def resolve_sqlite_file(parsed: URL, shown: str | None = None) -> Path:
    """The one file a SQLite URL opens, or a UserInputError saying why it is not one file."""
    shown = shown or parsed.render_as_string(hide_password=True)
    database = parsed.database or ""
    query = {key: (value if isinstance(value, str) else ",".join(value))
             for key, value in parsed.query.items()}
    uri = query.pop("uri", "").lower() in _TRUE
    if not uri:
        if query:
            raise UserInputError(
                f"{shown}: query parameter(s) {', '.join(sorted(query))} would be ignored by "
                f"SQLite (the file would be opened as if they were not there); give the plain "
                f"file, such as {FILE_EXAMPLE}")
        if database.lower().startswith("file:"):
            raise UserInputError(
                f"{shown}: {database!r} is a SQLite URI filename, but without uri=true it would "
                f"be created literally as a folder named 'file:'; give the plain file, such as "
                f"{FILE_EXAMPLE}")
        if database in NO_FILE_NAMES:
            raise _no_file(shown, "an in-memory database")
        return Path(database)
    # URI mode: the database part (and the leftover query, which SQLAlchemy appends) is a
    # SQLite URI when it begins with file:, else an ordinary file name.
    params: list[tuple[str, str]] = list(query.items())
    if database.lower().startswith("file:"):
        split = urlsplit(database)
        if split.netloc not in ("", "localhost"):
            raise UserInputError(f"{shown}: a SQLite URI naming another host "
                                 f"({split.netloc!r}) cannot be opened")
        params += parse_qsl(split.query, keep_blank_values=True)
        name = unquote(split.path)
    else:
        name = database
    for key, value in params:
        if (key == "mode" and value == "memory") or (key == "vfs" and value.startswith("memdb")):
            raise _no_file(shown, f"{key}={value} is an in-memory database")
        allowed = _SAFE_URI_PARAMS.get(key)
        if allowed is None or value not in allowed:
            raise UserInputError(
                f"{shown}: the SQLite URI parameter {key}={value} is not accepted (it would not "
                f"open one durable, locked file); give the plain file, such as {FILE_EXAMPLE}")
    if name in NO_FILE_NAMES:
        raise _no_file(shown, "a temporary or in-memory database")
    return Path(name)
