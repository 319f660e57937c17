"""Every export of a study into one folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.results.frame import responses_frame
from app.storage.database import Database
from app.study.loader import LoadedStudy
from exporters.audit_csv import write_events_csv
from exporters.responses_csv import write_responses_long

Progress = Callable[[int, int, str], None]


def export_all(loaded: LoadedStudy, db: Database, out_dir: Path, *, include_simulated: bool = False,
               include_identifying: bool = False, progress: Progress | None = None) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    frame = responses_frame(loaded, db, include_simulated=include_simulated)
    steps: list[tuple[str, Callable[[], list[Path]]]] = [
        ("responses", lambda: write_responses_long(loaded, frame, out_dir,
                                                   include_identifying=include_identifying)),
        ("audit trail", lambda: write_events_csv(loaded, db, out_dir,
                                                 include_identifying=include_identifying,
                                                 include_simulated=include_simulated)),
    ]
    written: list[Path] = []
    for index, (name, step) in enumerate(steps):
        if progress:
            progress(index, len(steps), name)
        written += step()
    if progress:
        progress(len(steps), len(steps), "done")
    return written
