"""A study's whole analysis, computed once: `analyse(loaded, responses, options)`.

The quality rules measured on every participant (exclusions), the participants the applied
rules exclude taken out, every table of `compute_results` scored from the rest, the gaps and
human ranges of the models (with their Holm-adjusted tests) and how much each rule moves the
human score (sensitivity). The exporters write a `StudyAnalysis` to files, the results window,
report.html and paper/ render it: nobody recomputes a number in a view. The options it was
computed under (`ResultsOptions`: intervals, seed, tie rule, the rules applied, simulated
participants or not) travel inside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace

import pandas as pd

from app.results.comments import COMMENT_COLUMNS, comments
from app.results.gaps import GAP_COLUMNS
from app.results.human_range import RANGE_COLUMNS, compare_with_models
from app.results.mrmc_tables import condition_answers, first_condition_only, reader_study
from app.results.options import ResultsOptions
from app.results.quality import EXCLUSION_COLUMNS, excluded_by, exclusion_note, exclusions_frame
from app.results.sensitivity import SENSITIVITY_COLUMNS, sensitivity_frame
from app.results.stages import Progress, Stage, silent
from app.results.summary import StudyResults, compute_results
from app.study.loader import LoadedStudy

NO_RULE_NOTE = ("No quality rule applied: every participant is scored (exclusions.csv, "
                "sensitivity.csv show what each rule would change).")


@dataclass(frozen=True)
class Screening:
    """The quality rules measured on every participant and what the applied ones keep."""

    exclusions: pd.DataFrame  # exclusions.csv: every participant, every rule
    excluded: frozenset[str]  # the participants the applied rules exclude
    kept: pd.DataFrame  # the responses of everyone else
    # participant -> their answers to the main trials (no practice, no check item), so that
    # what a rule leaves out can be counted in responses (checklist item 3.2.2)
    answers_of: dict[str, int] = field(default_factory=dict)


def screen(loaded: LoadedStudy, responses: pd.DataFrame, rules: Sequence[str]) -> Screening:
    """Measure the quality rules on `responses` (every participant's) and apply `rules`."""
    exclusions = exclusions_frame(loaded, responses)
    excluded = frozenset(excluded_by(exclusions, rules)) if rules else frozenset()
    kept = responses
    if excluded and not responses.empty:
        kept = responses[~responses["participant"].astype(str).isin(excluded)].reset_index(
            drop=True)
    return Screening(exclusions, excluded, kept, trial_answers_of(responses))


def trial_answers_of(responses: pd.DataFrame) -> dict[str, int]:
    """How many answers to the main trials each participant gave (responses_long.csv rows
    outside practice and check items)."""
    if responses.empty:
        return {}
    main = responses[~responses["practice"].astype(bool)
                     & (responses["role"].astype(str) == "trial")]
    return {str(k): int(v) for k, v in main["participant"].astype(str).value_counts().items()}


@dataclass
class StudyAnalysis(StudyResults):
    """Every table of the study's results (`StudyResults`, scored from the responses the
    applied rules keep) and the ones over the scores: gaps.csv, human_range.csv, and the
    quality tables exclusions.csv and sensitivity.csv, always over every participant."""

    exclusions: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(
        columns=EXCLUSION_COLUMNS))
    gaps: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=GAP_COLUMNS))
    human_range: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=RANGE_COLUMNS))
    sensitivity: pd.DataFrame = field(
        default_factory=lambda: pd.DataFrame(columns=SENSITIVITY_COLUMNS))
    # The free-text answers of the scored participants (the results window's Comments tab;
    # exports withhold them)
    comments: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(
        columns=COMMENT_COLUMNS))
    # The scored responses (after the applied rules): responses_long.csv's rows, paper/'s
    # session lengths and participant counts
    responses: pd.DataFrame = field(default_factory=pd.DataFrame, repr=False)
    # A reader study's figures of merit and MRMC analyses (reader_auc.csv, mrmc.csv; None for
    # a study with no rating question scored by `auc`, which gets neither file).
    reader_auc: pd.DataFrame | None = field(default=None, repr=False)
    mrmc: pd.DataFrame | None = field(default=None, repr=False)
    excluded: frozenset[str] = frozenset()
    answers_of: dict[str, int] = field(default_factory=dict)  # Screening.answers_of

    @property
    def applied(self) -> tuple[str, ...]:
        """The quality rules whose excluded participants are left out (`export --exclude`)."""
        return self.options.exclude

    @property
    def note(self) -> str:
        """The applied rules in words: the report's and the notes' sentence."""
        return exclusion_note(self.exclusions, self.applied) if self.applied else NO_RULE_NOTE


def analyse(loaded: LoadedStudy, responses: pd.DataFrame, options: ResultsOptions | None = None,
            *, screening: Screening | None = None,
            progress: Progress | None = None) -> StudyAnalysis:
    """The analysis of `responses` (`app.results.frame.responses_frame`: every participant,
    simulated ones included or not as `options.include_simulated` says). `screening`: the
    rules already measured on these responses (`screen`), not measured again. `progress` is
    told each stage as it begins (app.results.stages)."""
    options = options or ResultsOptions()
    tell = progress or silent
    if screening is None:
        tell(Stage("screening"))
        screening = screen(loaded, responses, options.exclude)
    results = compute_results(loaded, None, options, frame=screening.kept, progress=tell)
    tell(Stage("gaps"))
    gaps, human_range = compare_with_models(results)
    # No applied rule excluded anyone: `results` were scored from `responses` itself, so the
    # rule sets that drop nobody take its all-items rows.
    known = results.all_items_rows if not screening.excluded else None
    # (a reader study's: the first condition's readings, as every analysis but the MRMC one)
    reference, _ = first_condition_only(loaded.study.condition_ids(), responses)
    tell(Stage("sensitivity"))
    sensitivity = sensitivity_frame(results.groups, reference, results.tier_field,
                                    screening.exclusions, options, known)
    tell(Stage("comments"))
    analysis = StudyAnalysis(
        **{f.name: getattr(results, f.name) for f in fields(StudyResults)},
        exclusions=screening.exclusions, gaps=gaps, human_range=human_range,
        sensitivity=sensitivity, comments=comments(loaded.study, screening.kept),
        responses=screening.kept, excluded=screening.excluded,
        answers_of=screening.answers_of)
    conditions = loaded.study.condition_ids()
    tell(Stage("reader_study"))
    # With conditions the general analyses kept the first condition's readings alone.
    tables = reader_study(results.groups,
                          condition_answers(results.groups, screening.kept) if conditions
                          else results.answers, results.predictions, conditions)
    if tables is not None:
        analysis.reader_auc, analysis.mrmc = tables[0], tables[1]
        analysis.notes.extend(tables[2])
    if analysis.note not in analysis.notes:
        analysis.notes.append(analysis.note)
    return analysis


def with_options(options: ResultsOptions | None, *, include_simulated: bool,
                 exclude: Sequence[str]) -> ResultsOptions:
    """`options` (the defaults when None) with the simulated participants and the applied
    rules a caller chose."""
    options = options or ResultsOptions()
    if options.include_simulated != include_simulated or options.exclude != tuple(exclude):
        options = replace(options, include_simulated=include_simulated, exclude=tuple(exclude))
    return options
