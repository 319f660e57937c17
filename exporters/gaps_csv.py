"""gaps.csv (every human-vs-model gap with CI and test), human_range.csv (the model among the
individual raters), exclusions.csv and sensitivity.csv (the quality rules and their effect);
docs/results.md, "Human vs model" and "Quality rules"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from app.results.gaps import GAP_COLUMNS
from app.results.human_range import RANGE_COLUMNS, compare_with_models
from app.results.quality import excluded_by, exclusion_note, exclusions_frame
from app.results.sensitivity import SENSITIVITY_COLUMNS, sensitivity_frame
from app.results.summary import StudyResults
from app.study.loader import LoadedStudy
from exporters.csv_files import write_frames


@dataclass
class HumanVsModel:
    """The four tables, measured once per export and shared by the CSV files and the report.
    The exclusions and the sensitivity are always over every participant; `applied` rules
    (`export --exclude`) take the participants they exclude out of every other file."""

    exclusions: pd.DataFrame
    applied: tuple[str, ...] = ()
    gaps: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=GAP_COLUMNS))
    human_range: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=RANGE_COLUMNS))
    sensitivity: pd.DataFrame = field(
        default_factory=lambda: pd.DataFrame(columns=SENSITIVITY_COLUMNS))

    @classmethod
    def measure(cls, loaded: LoadedStudy, frame: pd.DataFrame,
                applied: Sequence[str] = ()) -> HumanVsModel:
        return cls(exclusions_frame(loaded, frame), tuple(applied))

    @property
    def excluded(self) -> set[str]:
        return excluded_by(self.exclusions, self.applied) if self.applied else set()

    def kept(self, frame: pd.DataFrame) -> pd.DataFrame:
        """The responses of the participants no applied rule excludes."""
        dropped = self.excluded
        if not dropped or frame.empty:
            return frame
        return frame[~frame["participant"].astype(str).isin(dropped)].reset_index(drop=True)

    @property
    def note(self) -> str:
        if not self.applied:
            return "No quality rule applied: every participant is scored (exclusions.csv, " \
                   "sensitivity.csv show what each rule would change)."
        return exclusion_note(self.exclusions, self.applied)

    def compute(self, results: StudyResults, frame: pd.DataFrame) -> None:
        """Gaps and ranges from the scored results; the sensitivity from `frame`, the responses
        of every participant."""
        self.gaps, self.human_range = compare_with_models(results)
        # No applied rule excluded anyone: `results` were scored from `frame` itself, so the
        # rule sets that drop nobody take its all-items rows.
        known = results.all_items_rows if not self.excluded else None
        self.sensitivity = sensitivity_frame(results.groups, frame, results.tier_field,
                                             self.exclusions, results.options, known)
        if self.note not in results.notes:
            results.notes.append(self.note)

    def export(self, results: StudyResults, frame: pd.DataFrame, out_dir: Path) -> list[Path]:
        """`compute`, then the four CSV files."""
        self.compute(results, frame)
        return write_frames(out_dir, {
            "gaps.csv": self.gaps, "human_range.csv": self.human_range,
            "exclusions.csv": self.exclusions, "sensitivity.csv": self.sensitivity,
        })
