"""human_scores.csv, model_scores.csv, model_coverage.csv and comparison.csv (the paper's table)."""

from __future__ import annotations

from pathlib import Path

from app.results.summary import StudyResults
from exporters.csv_files import write_frames


def write_scores(results: StudyResults, out_dir: Path) -> list[Path]:
    return write_frames(out_dir, {
        "human_scores.csv": results.human_scores,
        "model_scores.csv": results.model_scores,
        "model_coverage.csv": results.model_coverage,
        "comparison.csv": results.comparison,
    })
