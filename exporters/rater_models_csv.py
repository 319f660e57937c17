"""raters.csv and aggregated_labels.csv (Dawid-Skene and MACE over the human answers to each
choice question), items.csv and abilities.csv (the Rasch scale of humans and models),
llm_annotators.csv and judge_calibration.csv (models as annotators):
docs/results.md, "Rater models, item difficulty and models as annotators"."""

from __future__ import annotations

from pathlib import Path

from app.results.summary import StudyResults
from exporters.csv_files import write_frames


def write_rater_models(results: StudyResults, out_dir: Path) -> list[Path]:
    return write_frames(out_dir, {
        "raters.csv": results.raters,
        "aggregated_labels.csv": results.aggregated_labels,
        "items.csv": results.items,
        "abilities.csv": results.abilities,
        "llm_annotators.csv": results.llm_annotators,
        "judge_calibration.csv": results.judge_calibration,
    })
