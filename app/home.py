"""Where Baseline Studio keeps its data: flag, then BASELINE_STUDIO_HOME, then platformdirs."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

HOME_ENV = "BASELINE_STUDIO_HOME"
DB_FILE = "baseline-studio.sqlite3"


def data_home(explicit: Path | None = None) -> Path:
    """The data folder, created if missing. Tests set BASELINE_STUDIO_HOME to a temporary folder."""
    if explicit is not None:
        home = explicit
    elif os.environ.get(HOME_ENV):
        home = Path(os.environ[HOME_ENV])
    else:
        home = Path(platformdirs.user_data_dir("baseline-studio", "baseline-studio"))
    home.mkdir(parents=True, exist_ok=True)
    return home


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
