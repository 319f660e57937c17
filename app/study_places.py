"""Where each study with data lives on disk: a study opened from any folder, or imported into
a folder of the designer's choice, stays one click away in designer mode.

The database stores every study definition it has responses for (id, version, content hash;
`Database.studies_with_data`) but not its folder, which may move between machines. The
folders are remembered here, in `study_folders.json` in the data folder, by content hash, each
time a study is run, simulated or has responses imported. A study whose folder is gone is still
listed, by id, version and hash, so the designer can point at the moved folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from app.atomic_write import write_text_atomically
from app.catalog import StudyEntry
from app.home import data_home
from app.regular_files import read_regular_text
from app.study.loader import STUDY_FILE, LoadedStudy

PLACES_FILE = "study_folders.json"


@dataclass(frozen=True)
class DataStudy:
    """A study the database has responses for, and the folder it was found in (or None)."""

    study_id: str
    version: str
    title: str
    content_hash: str
    n_responses: int
    folder: Path | None


def remembered_folders(home: Path | None = None) -> dict[str, Path]:
    """content hash -> the folder it was last opened from (an unreadable file: none)."""
    path = data_home(home) / PLACES_FILE
    try:
        raw = json.loads(read_regular_text(path))
    except (OSError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    return {str(h): Path(str(f)) for h, f in raw.items() if isinstance(f, str)}


def remember_folder(loaded: LoadedStudy, home: Path | None = None) -> None:
    """Note the folder `loaded` came from (written whole, then moved in place, so a crash
    never leaves half a file)."""
    places = {h: str(f) for h, f in remembered_folders(home).items()}
    folder = str(loaded.folder.resolve())
    if places.get(loaded.content_hash) == folder:
        return
    places[loaded.content_hash] = folder
    path = data_home(home) / PLACES_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(path, json.dumps(places, indent=1, sort_keys=True))


def locate(rows: list[tuple[str, str, str, str, int]], entries: list[StudyEntry],
           home: Path | None = None) -> list[DataStudy]:
    """The studies with data (`Database.studies_with_data` rows: id, version, title, hash,
    responses), each with its folder: the one it was last opened from if it is still there,
    else a known study folder (bundled or installed) with the same id, else None."""
    remembered = remembered_folders(home)
    by_id = {entry.study_id: entry.path for entry in entries}
    out = []
    for study_id, version, title, digest, n in rows:
        folder: Path | None = remembered.get(digest)
        if folder is None or not (folder / STUDY_FILE).is_file():
            folder = by_id.get(study_id)
        out.append(DataStudy(study_id, version, title, digest, n, folder))
    return out
