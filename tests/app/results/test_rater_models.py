"""Rater models in a whole study: raters.csv and aggregated_labels.csv from real responses in a
real SQLite file, Dawid-Skene and MACE scored as pooled humans beside the majority vote, and the
low-competence measure."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from app.results.options import ResultsOptions
from app.results.rater_models import LOW_COMPETENCE_RULE, low_competence_rows
from app.results.summary import StudyResults, compute_results
from app.results.units import QuestionGroup
from app.storage import open_database
from app.study.loader import load_study
from exporters.rater_models_csv import write_rater_models
from exporters.scores_csv import write_scores
from tests.results_support import import_rows, simulated_rows

STUDIES = Path(__file__).resolve().parents[3] / "studies"
RATERS = [("P01", "a", 0.9), ("P02", "a", 0.85), ("P03", "b", 0.8), ("P04", "b", 0.8),
          ("P05", "b", 0.1)]


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> tuple[StudyResults, Path]:
    """The bundled HUME demo answered by five simulated raters, scored once for the module
    (P05 answers nearly at random)."""
    folder = tmp_path_factory.mktemp("raters")
    loaded = load_study(STUDIES / "hume-demo")
    db = open_database(f"sqlite:///{folder / 'study.db'}")
    try:
        import_rows(loaded, db, simulated_rows(loaded, RATERS, seed=7), folder)
        results = compute_results(loaded, db, ResultsOptions(n_boot=0))
    finally:
        db.close()
    out = folder / "out"
    out.mkdir()
    write_rater_models(results, out)
    write_scores(results, out)
    return results, out


@pytest.fixture
def exported(scored: tuple[StudyResults, Path]) -> Path:
    return scored[1]


def test_raters_and_labels_files(exported: Path) -> None:
    raters = pd.read_csv(exported / "raters.csv", keep_default_na=False)
    assert list(raters.columns) == ["question_id", "participant", "method", "competence",
                                    "n_items", "confusion", "note"]
    assert (raters["note"] == "").all()
    assert set(raters["method"]) == {"Dawid-Skene", "MACE"}
    assert set(raters["participant"]) == {code for code, _, _ in RATERS}
    # the near-random rater is the least competent under both models
    for _, rows in raters.groupby(["question_id", "method"]):
        assert rows.loc[rows["competence"].idxmin(), "participant"] == "P05"
    assert (raters[raters["method"] == "MACE"]["confusion"] == "").all()
    assert raters[raters["method"] == "Dawid-Skene"]["confusion"].str.startswith("{").all()
    labels = pd.read_csv(exported / "aggregated_labels.csv")
    assert list(labels.columns) == ["question_id", "item_id", "method", "label", "posterior"]
    assert labels["posterior"].between(0, 1).all()
    assert set(labels["method"]) == {"Dawid-Skene", "MACE"}


def test_models_scored_as_pooled_humans(exported: Path) -> None:
    human = pd.read_csv(exported / "human_scores.csv")
    pooled = human[(human["who_kind"] == "pooled") & (human["metric"] == "accuracy")
                   & (human["category"] == "all")]
    assert {"majority vote", "Dawid-Skene", "MACE"} <= set(pooled["who"])
    # weighing raters by competence beats counting the near-random one's vote as much
    value = pooled.set_index("who")["value"]
    assert value["Dawid-Skene"] >= value["majority vote"] - 0.02
    comparison = pd.read_csv(exported / "comparison.csv")
    assert {"Dawid-Skene", "MACE"} <= set(comparison[comparison["row_kind"] == "pooled"]["who"])


def test_low_competence_measured_and_only_flagged_when_on(
        scored: tuple[StudyResults, Path]) -> None:
    raters = scored[0].raters
    off = {r["participant"]: r for r in low_competence_rows(raters)}
    assert off["P05"]["value"] < 0.5 < off["P01"]["value"]
    assert not any(r["excluded"] for r in off.values())
    on = low_competence_rows(raters, enabled=True)
    assert [r["participant"] for r in on if r["excluded"]] == ["P05"]
    assert {r["rule"] for r in on} == {LOW_COMPETENCE_RULE}


def test_items_and_abilities_of_the_study(exported: Path) -> None:
    items = pd.read_csv(exported / "items.csv")
    assert list(items.columns) == ["question_id", "item_id", "difficulty", "se",
                                   "p_correct_humans", "p_correct_models"]
    assert not items.empty and (items["se"] > 0).all()
    for _, rows in items.groupby("question_id"):
        assert abs(rows["difficulty"].mean()) < 1e-6
    abilities = pd.read_csv(exported / "abilities.csv", keep_default_na=False)
    assert list(abilities.columns) == ["question_id", "party_kind", "party", "tier", "ability",
                                       "se"]
    assert set(abilities["party_kind"]) == {"participant", "model"}
    humans = abilities[abilities["party_kind"] == "participant"]
    for _, rows in humans.groupby("question_id"):
        assert rows.set_index("party")["ability"].idxmin() == "P05"


def test_competence_exclusion_rows_from_a_responses_frame(tmp_path: Path) -> None:
    from app.results.frame import responses_frame
    from app.results.rater_models import competence_exclusion_rows, participant_competence

    loaded = load_study(STUDIES / "hume-demo")
    db = open_database(f"sqlite:///{tmp_path / 'study.db'}")
    try:
        import_rows(loaded, db, simulated_rows(loaded, RATERS, seed=7), tmp_path)
        frame = responses_frame(loaded, db)
    finally:
        db.close()
    rows = competence_exclusion_rows(loaded, frame, 0.5, enabled=True)
    assert [r["participant"] for r in rows if r["excluded"]] == ["P05"]
    assert set(rows[0]) == {"participant", "rule", "value", "threshold", "excluded"}
    shown = participant_competence(loaded, frame)
    assert shown["P05"][1] and not shown["P01"][1]


def _choice_answers(tmp_path: Path, *, seed: int) -> tuple[QuestionGroup, pd.DataFrame]:
    """hume-demo's first choice question and its answers from RATERS simulated raters."""
    from app.results.frame import responses_frame
    from app.results.units import group_answers, question_groups

    study = load_study(STUDIES / "hume-demo")
    db = open_database(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        import_rows(study, db, simulated_rows(study, RATERS, seed=seed), tmp_path)
        frame = responses_frame(study, db)
    finally:
        db.close()
    group = next(g for g in question_groups(study.study) if g.kind == "choice")
    return group, group_answers(group, frame, None)


def test_a_refit_of_the_same_answers_equals_a_fresh_fit(tmp_path: Path) -> None:
    """fit_group reuses the last fits of equal answers: the same rows as fitting anew."""
    from app.results import rater_models

    group, answers = _choice_answers(tmp_path, seed=2)
    rater_models._FITTED.clear()
    fresh = rater_models.fit_group(group, answers)
    again = rater_models.fit_group(group, answers.copy())
    assert len(rater_models._FITTED) == 1
    rater_models._FITTED.clear()
    dropped = answers[answers["participant"] != answers["participant"].iloc[0]]
    other = rater_models.fit_group(group, dropped)
    assert again.raters == fresh.raters and again.labels == fresh.labels
    assert other.raters != fresh.raters
    for method in rater_models.METHODS:
        pd.testing.assert_frame_equal(again.aggregates[method], fresh.aggregates[method])


def test_confusion_texts_are_the_per_cell_json(tmp_path: Path) -> None:
    """raters.csv's confusion column, written from the matrix's Python floats and remembered
    per fit: the text the per-cell loop wrote (round(float(confusion[w, j, i]), 6)), on the
    first ask and the next; a MACE fit (no matrix) writes ""."""
    import json

    from app.results import rater_models
    from app.results.rater_em import Coded, dawid_skene, mace

    _, answers = _choice_answers(tmp_path, seed=3)
    coded = Coded.of(answers["item_id"].astype(str), answers["participant"].astype(str),
                     answers["answer"].astype(str))
    fit = dawid_skene(coded)
    assert fit.confusion is not None
    names = coded.label_names
    want = [json.dumps({t: {g: round(float(fit.confusion[w, j, i]), 6)
                            for j, g in enumerate(names)} for i, t in enumerate(names)},
                       sort_keys=True) for w in range(len(coded.rater_names))]
    rater_models._CONFUSIONS.clear()
    assert rater_models._confusion_texts(fit) == want
    assert rater_models._confusion_texts(fit) is rater_models._confusion_texts(fit)
    assert rater_models._confusion_texts(mace(coded)) == [""] * len(coded.rater_names)
    rows = rater_models._rater_rows("q", "Dawid-Skene", fit, np.arange(len(want)))
    assert [r["confusion"] for r in rows] == want


def test_a_failed_fit_says_why_and_gives_no_labels_to_score() -> None:
    """Label probabilities that are not numbers (what MACE's products gave at 2,000 raters)
    mark the fit failed: raters.csv's rows say so and carry no competence, and the fit's labels
    are neither written nor scored (so no pooled row and no gap can come from them)."""
    from app.results import rater_models
    from app.results.rater_em import Coded, RaterFit, _failure

    coded = Coded.of(["i1", "i1", "i2", "i2"], ["P1", "P2", "P1", "P2"], ["a", "a", "b", "a"])
    probas = np.full((2, 2), np.nan)
    reason = _failure(probas, np.array([0.5, 0.5]))
    assert reason and _failure(np.array([[0.9, 0.1], [0.2, 0.8]]), np.array([0.5, 0.5])) == ""
    failed = RaterFit(coded, probas, np.full(2, np.nan), failure=reason)
    rows = rater_models._rater_rows("q", rater_models.MACE, failed, np.array([2, 2]))
    assert all(np.isnan(r["competence"]) and r["confusion"] == "" for r in rows)
    assert all(r["note"].startswith("MACE fit failed: ") for r in rows)
    assert [r["participant"] for r in rows] == ["P1", "P2"]
