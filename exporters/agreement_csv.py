"""agreement.csv (every agreement statistic per question) and disputed_items.csv."""

from __future__ import annotations

from pathlib import Path

from app.results.summary import StudyResults
from exporters.csv_files import write_frames


def write_agreement(results: StudyResults, out_dir: Path) -> list[Path]:
    return write_frames(out_dir, {
        "agreement.csv": results.agreement,
        "disputed_items.csv": results.disputed,
    })
