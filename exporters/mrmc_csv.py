"""reader_auc.csv (each reader's and model's figure of merit with its jackknife SE) and mrmc.csv
(the Obuchowski-Rockette analyses), for a study with a rating question scored by `auc`
(docs/results.md, "Reader studies"). Other studies get neither file."""

from __future__ import annotations

from pathlib import Path

from app.results.mrmc_tables import is_reader_study, reader_study_tables
from app.results.summary import StudyResults
from exporters.csv_files import write_frames


def write_reader_study(results: StudyResults, out_dir: Path) -> list[Path]:
    if not is_reader_study(results.groups):
        return []
    reader_auc, mrmc, _notes = reader_study_tables(results.groups, results.answers,
                                                   results.predictions)
    return write_frames(out_dir, {"reader_auc.csv": reader_auc, "mrmc.csv": mrmc})
