"""Writing tables as CSV: UTF-8, a header row always (an empty table is a header alone), text
cells a spreadsheet would run as formulas neutralised (exporters/csv_safe.py), every path
checked to stay in the export folder."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from exporters.csv_safe import safe_frame
from exporters.out_folder import out_path


def write_frames(out_dir: Path, frames: dict[str, pd.DataFrame]) -> list[Path]:
    written = []
    for name, frame in frames.items():
        path = out_path(out_dir, name)
        safe_frame(frame).to_csv(path, index=False, encoding="utf-8")
        written.append(path)
    return written
