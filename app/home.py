"""Where Baseline Studio keeps its data: flag, then BASELINE_STUDIO_HOME, then platformdirs."""

from __future__ import annotations

import os
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


def bundled_studies_dir() -> Path:
    """The `studies/` folder: beside the packages in a source tree, inside the bundle when frozen."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "studies", here / "studies"):
        if candidate.is_dir():
            return candidate
    return here.parent / "studies"


def installed_studies_dir(home: Path | None = None) -> Path:
    """Studies a designer installed (imported or copied in) for this machine."""
    folder = data_home(home) / "studies"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
