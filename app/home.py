"""Where Baseline Studio keeps its data: flag, then BASELINE_STUDIO_HOME, then platformdirs."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

HOME_ENV = "BASELINE_STUDIO_HOME"
DB_FILE = "baseline-studio.sqlite3"
PRIVATE_DIR_MODE = 0o700  # the data folder: answers are no one else's business on a shared machine
PRIVATE_FILE_MODE = 0o600  # the database, its -wal/-shm (SQLite gives them the file's mode), backups


def make_private_dir(folder: Path) -> None:
    """Create `folder` (and its parents) if missing; the folder itself owner-only. An existing
    folder keeps its mode: it may be one the user chose and shares on purpose."""
    if not folder.is_dir():
        folder.mkdir(mode=PRIVATE_DIR_MODE, parents=True, exist_ok=True)


def create_private_file(path: Path) -> bool:
    """Create `path` empty and owner-only (0600) if it does not exist; True if it was created.
    SQLite then opens it as a new database and creates its -wal and -shm with the same mode, so
    the umask of whoever started the app does not decide who can read the answers."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE_MODE)
    except FileExistsError:
        return False
    os.close(fd)
    os.chmod(path, PRIVATE_FILE_MODE)  # the umask may have taken bits away, never added: be exact
    return True


def data_home(explicit: Path | None = None) -> Path:
    """The data folder, created if missing. Tests set BASELINE_STUDIO_HOME to a temporary folder."""
    if explicit is not None:
        home = explicit
    elif os.environ.get(HOME_ENV):
        home = Path(os.environ[HOME_ENV])
    else:
        home = Path(platformdirs.user_data_dir("baseline-studio", "baseline-studio"))
    make_private_dir(home)
    return home


def home_problem(home: Path) -> str | None:
    """Why `home` cannot be the data folder (a file, or inside one), or None. The command line
    asks before any command runs (`baseline_studio.main`)."""
    for folder in (home, *home.parents):
        if folder.exists():
            if not folder.is_dir():
                return (f"{home}: cannot be the data folder: {folder} is a file, not a folder"
                        if folder != home else f"{home}: exists and is not a folder; give a "
                        "folder as the data folder (--home or BASELINE_STUDIO_HOME)")
            return None
    return None


def default_db_url(home: Path | None = None) -> str:
    return f"sqlite:///{data_home(home) / DB_FILE}"


def _shipped_dir(name: str) -> Path:
    """A folder that ships with the app (`studies/`, `assets/`): in a PyInstaller bundle it sits
    in the bundle's data folder (sys._MEIPASS, `_internal/` of the one-folder build); in a source
    tree, beside the packages."""
    here = Path(__file__).resolve().parent
    frozen = getattr(sys, "_MEIPASS", None)
    candidates = [Path(frozen) / name] if frozen else []
    candidates += [here.parent / name, here / name]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    return candidates[0]


def bundled_studies_dir() -> Path:
    """The `studies/` folder: beside the packages in a source tree, inside the bundle when frozen."""
    return _shipped_dir("studies")


def assets_dir() -> Path:
    """The `assets/` folder (icons, desktop entry): beside the packages or inside the bundle."""
    return _shipped_dir("assets")


def installed_studies_dir(home: Path | None = None) -> Path:
    """Studies a designer installed (imported or copied in) for this machine."""
    folder = data_home(home) / "studies"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
