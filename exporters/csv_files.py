"""Writing tables as CSV: UTF-8, a header row always (an empty table is a header alone)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd


def write_frames(out_dir: Path, frames: dict[str, pd.DataFrame]) -> list[Path]:
    written = []
    for name, frame in frames.items():
        path = out_dir / name
        frame.to_csv(path, index=False, encoding="utf-8")
        written.append(path)
    return written
