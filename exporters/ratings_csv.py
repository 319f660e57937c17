"""rating_summary.csv (mean and SD per statement and author group) and rating_distribution.csv."""

from __future__ import annotations

from pathlib import Path

from app.results.summary import StudyResults
from exporters.csv_files import write_frames


def write_ratings(results: StudyResults, out_dir: Path) -> list[Path]:
    return write_frames(out_dir, {
        "rating_summary.csv": results.rating_summary,
        "rating_distribution.csv": results.rating_distribution,
    })
