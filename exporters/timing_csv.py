"""timing.csv: every station's timing certificate and the sessions of this study it covers;
stations with sessions and no certificate, and sessions whose station was not recorded
(imported responses, databases before version 4), are listed too (docs/results.md, "Timing")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from app.storage.records import SessionRecord, TimingProfileRecord
from exporters.csv_files import write_frames

PROFILE_FIELDS = ["uuid", "measured_utc", "os", "qt_version", "app_version", "screen",
                  "refresh_hz", "n", "median_error_ms", "p95_error_ms", "max_error_ms",
                  "median_onset_ms"]
TIMING_COLUMNS = ["machine_id", "profile", *[f for f in PROFILE_FIELDS if f != "uuid"],
                  "n_sessions", "sessions"]
NOT_RECORDED = "(not recorded)"
# Milliseconds to the microsecond and hertz to the hundredth: the clocks resolve no finer, and
# 0.29653799999999997 read as noise in the file.
ROUNDING = {"median_error_ms": 3, "p95_error_ms": 3, "max_error_ms": 3, "median_onset_ms": 3,
            "refresh_hz": 2}


def timing_frame(sessions: Iterable[SessionRecord], profiles: Sequence[TimingProfileRecord]
                 ) -> pd.DataFrame:
    """One row per profile with the sessions on its machine, then one per machine (or the
    unrecorded ones) whose sessions no profile covers."""
    by_machine: dict[str, list[str]] = {}
    for s in sessions:
        by_machine.setdefault(s.machine_id or NOT_RECORDED, []).append(s.uuid)
    rows = []
    for p in profiles:
        covered = by_machine.get(p.machine_id, [])
        rows.append({"machine_id": p.machine_id, "profile": p.uuid,
                     **{f: getattr(p, f) for f in PROFILE_FIELDS if f != "uuid"},
                     "n_sessions": len(covered), "sessions": ";".join(covered)})
    profiled = {p.machine_id for p in profiles}
    for machine, uuids in by_machine.items():
        if machine not in profiled:
            rows.append({"machine_id": machine, "profile": "", "n_sessions": len(uuids),
                         "sessions": ";".join(uuids)})
    frame = pd.DataFrame(rows, columns=TIMING_COLUMNS)
    # Counts stay integers in the CSV where rows without a profile leave `n` empty.
    return frame.astype({"n": "Int64", "n_sessions": "Int64"})


def rounded(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame as timing.csv shows it (the paper's numbers keep full precision)."""
    out = frame.copy()
    for column, digits in ROUNDING.items():
        if column in out:
            out[column] = pd.to_numeric(out[column], errors="coerce").round(digits)
    return out


def write_timing(frame: pd.DataFrame, out_dir: Path) -> list[Path]:
    return write_frames(out_dir, {"timing.csv": rounded(frame)})
