"""Finding studies: the bundled ones, those installed in the data folder, or a path."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.gc_pause import load_to_keep
from app.home import bundled_studies_dir, installed_studies_dir
from app.regular_files import open_regular_text
from app.study.errors import Problem, StudyError
from app.study.lazy import LazyItems
from app.study.loader import STUDY_FILE, LoadedStudy, load_study

# From this size on, a study kept until the process ends is frozen out of the cyclic GC's full
# collections: ~650,000 objects at 20,000 items that each of them would walk again, 0.5-1.3 s
# (a frozen screen mid-trial, a late answer stamp: docs/performance.md, #8), and ~1.5 s of the
# first work a command does after loading (the collections the load's pause put off).
FREEZE_MIN_ITEMS = 2_000


@dataclass(frozen=True)
class StudyEntry:
    study_id: str
    title: str
    path: Path  # the study folder
    origin: str  # "bundled" or "installed"
    illustrative: bool


def list_studies(home: Path | None = None) -> list[StudyEntry]:
    """Every study folder we can find, read cheaply (id and title only, no validation)."""
    entries: list[StudyEntry] = []
    for origin, root in (("bundled", bundled_studies_dir()), ("installed", installed_studies_dir(home))):
        if not root.is_dir():
            continue
        for folder in sorted(p for p in root.iterdir() if (p / STUDY_FILE).is_file()):
            try:
                with open_regular_text(folder / STUDY_FILE, "utf-8-sig") as fh:
                    head = json.load(fh)
                study_id = str(head.get("id", folder.name))
                title = str(head.get("title", folder.name))
                illustrative = bool(head.get("illustrative", False))
            except (OSError, ValueError, AttributeError):
                study_id, title, illustrative = folder.name, f"{folder.name} (unreadable)", False
            entries.append(StudyEntry(study_id, title, folder, origin, illustrative))
    return entries


def find_study(ref: str, home: Path | None = None) -> Path:
    """A study given as a path (folder or JSON file) or as the id of a known study."""
    path = Path(ref)
    if path.exists():
        return path
    for entry in list_studies(home):
        if entry.study_id == ref or entry.path.name == ref:
            return entry.path
    known = ", ".join(sorted({e.study_id for e in list_studies(home)})) or "none"
    raise StudyError([Problem(path, "", f"no such study file, folder or study id (known: {known})")])


def open_study(ref: str, home: Path | None = None) -> LoadedStudy:
    return load_study(find_study(ref, home))


def kept_study(load: Callable[[], LoadedStudy]) -> LoadedStudy:
    """`load()` for a study its caller keeps until the process ends: the study a session runs
    (widgets.shell.participant_flow) or a command works on (baseline_studio). A big one is
    frozen out of the collector's full collections (app.gc_pause.load_to_keep); the loader
    leaves that to these callers, as only they know the study stays."""
    return load_to_keep(load, freeze=_built_to_keep)


def _built_to_keep(loaded: LoadedStudy) -> bool:
    """Whether to freeze: a big study. A lazy one (app.study.lazy) builds its items' models on
    first use, after this freeze: it freezes again once the last one is built."""
    if len(loaded.study.items) < FREEZE_MIN_ITEMS:
        return False
    if isinstance(loaded.study.items, LazyItems):
        loaded.study.items.freeze_when_built()
    return True
