"""rt_analysis.csv (RT against model accuracy, with n and p), rt_items.csv, rt_categories.csv."""

from __future__ import annotations

from pathlib import Path

from app.results.summary import StudyResults
from exporters.csv_files import write_frames


def write_rt(results: StudyResults, out_dir: Path) -> list[Path]:
    return write_frames(out_dir, {
        "rt_analysis.csv": results.rt_correlations,
        "rt_items.csv": results.rt_items,
        "rt_categories.csv": results.rt_categories,
    })
