"""Writing an imported study: all or nothing.

The draft is written into a temporary folder beside the destination, validated there with
the same loader the app uses, and only then renamed into place. A failed import leaves no
half-written study behind, and an existing study is never overwritten.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from app.atomic_write import write_text_atomically
from app.importers.base import ProgressCallback, StudyDraft, fail
from app.study.errors import StudyError
from app.study.loader import STUDY_FILE, LoadedStudy, load_study


def check_destination(out: Path) -> None:
    """Refuse a destination that holds anything (an empty folder is fine)."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise fail(out, "already exists and is not empty; choose a new study folder")


def write_study(draft: StudyDraft, out: Path, progress: ProgressCallback) -> LoadedStudy:
    check_destination(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".importing", dir=out.parent))
    try:
        total = len(draft.files)
        removed: dict[str, None] = {}
        burned_in: list[str] = []
        for done, (relative, source) in enumerate(sorted(draft.files.items()), start=1):
            target = temp / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.suffix.lower() in DICOM_SUFFIXES:  # never copied with who it shows
                report = _deidentified(source, target)
                removed.update(dict.fromkeys(report.removed))
                if report.burned_in:
                    burned_in.append(relative)
            else:
                shutil.copyfile(source, target)
            progress(done, total, f"copying {relative}")
        draft.notes.extend(_deidentification_notes(removed, burned_in, draft.files))
        write_json(temp / STUDY_FILE, draft.study)
        try:
            load_study(temp)
        except StudyError as exc:  # a value from the source that the format refuses
            raise StudyError([replace(p, file=out / STUDY_FILE) for p in exc.problems]) from exc
        if out.exists():
            out.rmdir()  # empty, checked above
        temp.rename(out)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    return load_study(out)  # loaded again: the folder it knows has moved


DICOM_SUFFIXES = (".dcm", ".dicom")


def _deidentified(source: Path, target: Path) -> Any:
    from app.dicom import deidentify  # (pydicom: only for a study with DICOM images)
    from app.imaging import ImageError

    try:
        return deidentify(source, target)
    except ImageError as exc:
        raise fail(source, exc.reason) from exc


def _deidentification_notes(removed: dict[str, None], burned_in: list[str],
                            files: dict[str, Path]) -> list[str]:
    if not any(Path(r).suffix.lower() in DICOM_SUFFIXES for r in files):
        return []
    from app.dicom import KEPT_NOTE

    notes = ["DICOM files de-identified: removed " + (", ".join(removed) or
             "no identifying attribute (none present)") + "; private attributes removed; "
             + KEPT_NOTE]
    if burned_in:
        notes.append(f"{len(burned_in)} DICOM files say their pixels carry burned-in "
                     f"annotation, which no attribute removal takes away: check them by eye "
                     f"({', '.join(burned_in[:5])}{'...' if len(burned_in) > 5 else ''})")
    return notes


def write_json(path: Path, value: Any) -> None:
    """Write JSON through a temporary file and an atomic rename (never a torn study.json)."""
    write_text_atomically(path, json.dumps(value, indent=2, ensure_ascii=False) + "\n")
