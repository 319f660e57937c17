"""gaps.csv (every human-vs-model gap with CI and test), human_range.csv (the model among the
individual raters), exclusions.csv and sensitivity.csv (the quality rules and their effect);
docs/results.md, "Human vs model" and "Quality rules". The tables are the analysis's
(app.results.analysis): the exclusions and the sensitivity over every participant, the gaps
and ranges over those the applied rules keep."""

from __future__ import annotations

from pathlib import Path

from app.results.analysis import StudyAnalysis
from exporters.csv_files import write_frames


def write_human_vs_model(analysis: StudyAnalysis, out_dir: Path) -> list[Path]:
    return write_frames(out_dir, {
        "gaps.csv": analysis.gaps, "human_range.csv": analysis.human_range,
        "exclusions.csv": analysis.exclusions, "sensitivity.csv": analysis.sensitivity,
    })
