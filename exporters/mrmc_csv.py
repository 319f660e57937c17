"""reader_auc.csv (each reader's and model's figure of merit with its jackknife SE) and mrmc.csv
(the Obuchowski-Rockette analyses), for a study with a rating question scored by `auc`
(docs/results.md, "Reader studies"), as the study's analysis holds them. Other studies get
neither file."""

from __future__ import annotations

from pathlib import Path

from app.results.analysis import StudyAnalysis
from exporters.csv_files import write_frames


def write_reader_study(analysis: StudyAnalysis, out_dir: Path) -> list[Path]:
    if analysis.reader_auc is None or analysis.mrmc is None:
        return []
    return write_frames(out_dir, {"reader_auc.csv": analysis.reader_auc,
                                  "mrmc.csv": analysis.mrmc})
