"""Everything the results window and the exporters show, computed once: `compute_results`."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from app.kinds.results_types import ResultTable
from app.results.agreement import AGREEMENT_COLUMNS, agreement_rows
from app.results.alt_test import (
    ALT_TEST_COLUMNS,
    CALIBRATION_COLUMNS,
    alt_test_rows,
    calibration_rows,
)
from app.results.comparison import comparison_table
from app.results.disputes import DISPUTE_COLUMNS, disputed_items
from app.results.frame import responses_frame
from app.results.human_scores import AnswersScored, human_score_rows, score_answers
from app.results.models import (
    ModelPredictions,
    coverage_rows,
    load_predictions,
    model_score_rows,
    published_rows,
)
from app.results.mrmc_tables import first_condition_only
from app.results.options import ResultsOptions, check_scoring_options, resolve_tier_field
from app.results.rasch import ABILITY_COLUMNS, ITEM_COLUMNS, group_rasch
from app.results.rater_models import fit_group, labels_frame, raters_frame
from app.results.ratings_summary import (
    DISTRIBUTION_COLUMNS,
    SUMMARY_COLUMNS,
    on_a_scale,
    rating_distribution,
    rating_summary,
)
from app.results.rt_analysis import (
    CORRELATION_COLUMNS,
    RT_CATEGORY_COLUMNS,
    RT_ITEM_COLUMNS,
    model_item_scores,
    rt_correlations,
    rt_tables,
)
from app.results.score_rows import SCORE_COLUMNS, subsets
from app.results.scorers import scorer_for
from app.results.stages import Progress, Stage, silent
from app.results.units import QuestionGroup, group_answers, question_groups
from app.storage.database import Database
from app.study.loader import LoadedStudy

HUMAN_KINDS = ("participant", "tier", "humans", "pooled")
MODEL_KINDS = ("model", "published")
COVERAGE_COLUMNS = ["question_id", "model", "n_items_humans", "n_items_model", "missing",
                    "illustrative", "missing_items"]


@dataclass
class StudyResults:
    study_id: str
    title: str
    illustrative_study: bool
    options: ResultsOptions
    tier_field: str | None
    groups: list[QuestionGroup]
    n_responses: int
    n_participants: int
    scores: pd.DataFrame  # long: SCORE_COLUMNS, humans, models and published
    agreement: pd.DataFrame
    disputed: pd.DataFrame
    rating_summary: pd.DataFrame
    rating_distribution: pd.DataFrame
    rt_items: pd.DataFrame
    rt_categories: pd.DataFrame
    rt_correlations: pd.DataFrame
    model_coverage: pd.DataFrame
    comparison: pd.DataFrame
    predictions: ModelPredictions
    answers: dict[str, pd.DataFrame] = field(repr=False)  # question id -> human answers
    notes: list[str] = field(default_factory=list)
    raters: pd.DataFrame = field(default_factory=lambda: raters_frame([]))  # raters.csv
    aggregated_labels: pd.DataFrame = field(default_factory=lambda: labels_frame([]))
    # question id -> method -> the rater models' labels fitted on `answers` (fit_group), so
    # the gaps reuse them rather than fit the same answers again
    rater_aggregates: dict[str, dict[str, pd.DataFrame]] = field(default_factory=dict,
                                                                 repr=False)
    items: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=ITEM_COLUMNS))
    abilities: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=ABILITY_COLUMNS))
    llm_annotators: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(
        columns=ALT_TEST_COLUMNS))
    judge_calibration: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(
        columns=CALIBRATION_COLUMNS))
    # Tables kinds add of their own (`Kind.result_tables`), by name: each written as <name>.csv.
    kind_tables: dict[str, ResultTable] = field(default_factory=dict)
    # question id -> the human score rows of the all-items cell of `answers`: sensitivity.csv's
    # rule sets that drop nobody score exactly these (app.results.sensitivity)
    all_items_rows: dict[str, list[dict]] = field(default_factory=dict, repr=False)
    # question id -> `answers` split by rater and scored (the party cells reuse it)
    all_items_scored: dict[str, AnswersScored] = field(default_factory=dict, repr=False)

    @property
    def human_scores(self) -> pd.DataFrame:
        return self.scores[self.scores["who_kind"].isin(HUMAN_KINDS)].reset_index(drop=True)

    @property
    def model_scores(self) -> pd.DataFrame:
        return self.scores[self.scores["who_kind"].isin(MODEL_KINDS)].reset_index(drop=True)

    def group(self, question_id: str) -> QuestionGroup:
        return next(g for g in self.groups if g.question_id == question_id)


def compute_results(loaded: LoadedStudy, db: Database | None,
                    options: ResultsOptions | None = None,
                    *, frame: pd.DataFrame | None = None,
                    progress: Progress | None = None) -> StudyResults:
    """Score every question group of the study from the responses in `db` (or `frame`, the
    responses already read: then `db` may be None). The whole analysis, with the quality
    rules and the gaps: `app.results.analysis.analyse`. `progress` is told each stage as it
    begins (app.results.stages)."""
    options = options or ResultsOptions()
    tell = progress or silent
    study = loaded.study
    check_scoring_options(loaded)
    if frame is None:
        if db is None:
            raise ValueError("compute_results: neither a database nor a responses frame")
        tell(Stage("loading"))
        frame = responses_frame(loaded, db, include_simulated=options.include_simulated)
    frame, condition_note = first_condition_only(study.condition_ids(), frame)
    tier_field = resolve_tier_field(study, options)
    groups = question_groups(study)
    tell(Stage("models"))
    predictions = load_predictions(loaded)
    scores: list[dict] = []
    agreement: list[dict] = []
    disputed: list[dict] = []
    summary: list[dict] = []
    distribution: list[dict] = []
    rt_items: list[dict] = []
    rt_categories: list[dict] = []
    correlations: list[dict] = []
    coverage: list[dict] = []
    answers_by_group: dict[str, pd.DataFrame] = {}
    metrics: dict[str, tuple[str, ...]] = {}
    notes: list[str] = [condition_note] if condition_note else []
    raters: list[dict] = []
    aggregated: list[dict] = []
    rater_aggregates: dict[str, dict[str, pd.DataFrame]] = {}
    rasch_items: list[dict] = []
    abilities: list[dict] = []
    annotators: list[dict] = []
    calibration: list[dict] = []
    kind_tables: dict[str, ResultTable] = {}
    all_items_rows: dict[str, list[dict]] = {}
    all_items_scored: dict[str, AnswersScored] = {}

    def stage(name: str, group: QuestionGroup, number: int) -> None:
        tell(Stage(name, group.question_id, number, len(groups)))

    for number, group in enumerate(groups, start=1):
        stage("raters", group, number)
        answers = group_answers(group, frame, tier_field)
        answers_by_group[group.question_id] = answers
        scorer = scorer_for(group)
        models = predictions.answers(group)
        # unique() first: iterating 600,000 Arrow-backed strings in Python takes a second
        human_items = set(answers["item_id"].unique())
        rater_models = fit_group(group, answers)
        rater_aggregates[group.question_id] = rater_models.aggregates
        raters += rater_models.raters
        aggregated += rater_models.labels
        if scorer is not None:
            stage("scoring", group, number)
            metrics[group.question_id] = scorer.metrics(group)
            cells = subsets(group, scorer, human_items, options)
            known = all_items_scored[group.question_id] = score_answers(group, scorer, answers,
                                                                        options)
            # (the all-items cell first, alone: the same rows, kept for sensitivity.csv)
            all_items_rows[group.question_id] = human_score_rows(cells[:1], answers, options,
                                                                 rater_models.aggregates, known)
            scores += all_items_rows[group.question_id]
            scores += human_score_rows(cells[1:], answers, options, rater_models.aggregates)
            scores += model_score_rows(cells, models, predictions.illustrative)
            coverage += coverage_rows(group, human_items, models, predictions.illustrative)
            stage("abilities", group, number)
            item_rows, ability_rows = group_rasch(group, scorer, answers, models, known)
            rasch_items += item_rows
            abilities += ability_rows
        if on_a_scale(group):
            summary += rating_summary(group, answers, models, predictions.illustrative)
            distribution += rating_distribution(group, answers)
        annotators += alt_test_rows(group, answers, models, options.alt_test_epsilon)
        calibration += calibration_rows(group, answers, models)
        stage("agreement", group, number)
        agreement += agreement_rows(group, answers, options)
        disputed += disputed_items(group, answers, options.disputed_top)
        stage("response_times", group, number)
        item_scores = model_item_scores(group, scorer, models)
        items, categories = rt_tables(group, answers, item_scores, scorer, models)
        rt_items += items
        rt_categories += categories
        correlations += rt_correlations(group, answers, item_scores,
                                        scorer.main if scorer is not None else "")
        for table in group.response_kind.result_tables(group, answers, models, options):
            _merge_table(kind_tables, table)
    scores += published_rows(loaded, groups, metrics)
    score_frame = pd.DataFrame(scores, columns=SCORE_COLUMNS)
    summary_frame = pd.DataFrame(summary, columns=SUMMARY_COLUMNS)
    scored = frame[~frame["practice"].astype(bool)] if not frame.empty else frame
    return StudyResults(
        study_id=study.id, title=study.title, illustrative_study=study.illustrative,
        options=options, tier_field=tier_field, groups=groups, n_responses=len(scored),
        n_participants=int(scored["participant"].nunique()) if not scored.empty else 0,
        scores=score_frame,
        agreement=pd.DataFrame(agreement, columns=AGREEMENT_COLUMNS),
        disputed=pd.DataFrame(disputed, columns=DISPUTE_COLUMNS),
        rating_summary=summary_frame,
        rating_distribution=pd.DataFrame(distribution, columns=DISTRIBUTION_COLUMNS),
        rt_items=pd.DataFrame(rt_items, columns=RT_ITEM_COLUMNS),
        rt_categories=pd.DataFrame(rt_categories, columns=RT_CATEGORY_COLUMNS),
        rt_correlations=pd.DataFrame(correlations, columns=CORRELATION_COLUMNS),
        model_coverage=pd.DataFrame(coverage, columns=COVERAGE_COLUMNS),
        comparison=comparison_table(score_frame, summary_frame),
        predictions=predictions, answers=answers_by_group, notes=notes,
        raters=raters_frame(raters), aggregated_labels=labels_frame(aggregated),
        rater_aggregates=rater_aggregates,
        items=pd.DataFrame(rasch_items, columns=ITEM_COLUMNS),
        abilities=pd.DataFrame(abilities, columns=ABILITY_COLUMNS),
        llm_annotators=pd.DataFrame(annotators, columns=ALT_TEST_COLUMNS),
        judge_calibration=pd.DataFrame(calibration, columns=CALIBRATION_COLUMNS),
        kind_tables=kind_tables, all_items_rows=all_items_rows,
        all_items_scored=all_items_scored,
    )


def _merge_table(tables: dict[str, ResultTable], table: ResultTable) -> None:
    """One table per name: the rows of every group that gives it, in group order."""
    known = tables.get(table.name)
    if known is None:
        tables[table.name] = ResultTable(table.name, table.columns, list(table.rows))
        return
    if known.columns != table.columns:
        raise ValueError(f"result table {table.name!r} is given with columns {table.columns} "
                         f"and {known.columns}")
    known.rows.extend(table.rows)
