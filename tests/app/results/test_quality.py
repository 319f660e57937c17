"""Quality rules measured on responses made here (exclusions.csv), their effect on the human
scores (sensitivity.csv) and `export --exclude` on the command line."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
import pytest

from app.results.frame import responses_frame
from app.results.options import ResultsOptions
from app.results.quality import exclusions_frame, parse_rules
from app.results.sensitivity import sensitivity_frame
from app.results.summary import compute_results
from app.storage.database import Database
from app.storage.opening import open_database
from app.study.errors import StudyError, UserInputError
from app.study.loader import LoadedStudy, load_study
from baseline_studio import main
from tests.results_support import Row, import_rows

ATTENTION = {"id": "att1", "role": "attention_check", "stimulus": {"kind": "text", "text": "Pick Positive."},
             "questions": [{"id": "check", "kind": "choice", "prompt": "?", "gold": "pos",
                            "options": [{"key": "pos", "label": "Positive"},
                                        {"key": "neg", "label": "Negative"}]}]}
BATTERY = {"id": "bat1", "stimulus": {"kind": "text", "text": "A poem."}, "questions": [
    {"id": f"s{k}", "kind": "rating", "prompt": f"Statement {k}", "min": 1, "max": 5}
    for k in (1, 2, 3)]}
MAIN = {"c1": ("label", "neg"), "c2": ("label", "pos"), "s1": ("similarity", "3.5"),
        "v1": ("q", "B"), "rank1": ("order", ["z", "y", "x"])}


@pytest.fixture
def study(mini_study_dir: Path) -> LoadedStudy:
    data = json.loads((mini_study_dir / "study.json").read_text())
    data["items"] += [ATTENTION, BATTERY]
    data["quality"] = {"max_failed_checks": 0, "min_rt_ms": 300, "max_fast_share": 0.5,
                       "max_straight_share": 0.5, "min_completion": 0.5}
    (mini_study_dir / "study.json").write_text(json.dumps(data))
    return load_study(mini_study_dir)


def _rows() -> list[Row]:
    rows: list[Row] = []
    for code, tier in (("P1", "primary"), ("P2", "primary"), ("P3", "senior"), ("P4", "senior"),
                       ("P5", "senior")):
        items = dict(MAIN) if code != "P5" else {"c1": MAIN["c1"]}  # P5: 1 of 9 main items
        rt = 100.0 if code == "P3" else 1500.0  # P3: every answer too fast
        for item, (question, answer) in items.items():
            wrong = code == "P2" and item == "c2"
            rows.append((code, item, question, "neg" if wrong else answer, rt, tier))
        rows.append((code, "att1", "check", "neg" if code == "P2" else "pos", rt, tier))
        ratings = ("2", "2", "2") if code == "P4" else ("2", "3", "4")  # P4: straight line
        rows += [(code, "bat1", f"s{k}", r, rt, tier) for k, r in zip((1, 2, 3), ratings, strict=True)]
    return rows


def test_every_rule_measured_for_every_participant(study: LoadedStudy, db: Database,
                                                   tmp_path: Path) -> None:
    import_rows(study, db, _rows(), tmp_path)
    table = exclusions_frame(study, responses_frame(study, db))
    assert list(table.columns) == ["participant", "rule", "value", "threshold", "excluded"]
    assert len(table) == 5 * 5
    value = table.set_index(["participant", "rule"])["value"]
    excluded = table.set_index(["participant", "rule"])["excluded"]
    assert value[("P2", "attention_failed")] == 1 and excluded[("P2", "attention_failed")]
    assert value[("P1", "attention_failed")] == 0 and not excluded[("P1", "attention_failed")]
    assert value[("P3", "too_fast")] == 1.0 and excluded[("P3", "too_fast")]
    assert value[("P1", "too_fast")] == 0.0
    assert value[("P4", "straight_lining")] == 1.0 and excluded[("P4", "straight_lining")]
    assert value[("P1", "straight_lining")] == 0.0
    # main trials of the mini study: c1 c2 s1 r1 k1 v1 poem1 rank1 bat1 = 9; P1 answered 6
    assert value[("P1", "incomplete")] == pytest.approx(6 / 9)
    assert value[("P5", "incomplete")] == pytest.approx(2 / 9) and excluded[("P5", "incomplete")]
    assert set(table[table["excluded"]]["participant"]) == {"P2", "P3", "P4", "P5"}


def test_sensitivity_is_the_human_score_without_the_excluded(study: LoadedStudy, db: Database,
                                                             tmp_path: Path) -> None:
    import_rows(study, db, _rows(), tmp_path)
    frame = responses_frame(study, db)
    options = ResultsOptions(n_boot=20)
    results = compute_results(study, db, options, frame=frame)
    table = sensitivity_frame(results.groups, frame, results.tier_field,
                              exclusions_frame(study, frame), options)
    label = table[(table["question_id"] == "label") & (table["human_kind"] == "humans")]
    scores = results.human_scores
    raters = scores[(scores["question_id"] == "label") & (scores["who_kind"] == "participant")
                    & (scores["metric"] == "accuracy")].set_index("who")["value"]
    by_rule = label.set_index("rule")
    assert by_rule.loc["none", "value"] == pytest.approx(raters.mean())
    assert by_rule.loc["attention_failed", "value"] == pytest.approx(raters.drop("P2").mean())
    assert by_rule.loc["attention_failed", "n_excluded"] == 1
    assert by_rule.loc["attention_failed", "difference_from_none"] == pytest.approx(
        raters.drop("P2").mean() - raters.mean())
    assert by_rule.loc["all", "value"] == pytest.approx(raters["P1"])
    assert by_rule.loc["all", "n_raters"] == 1 and by_rule.loc["all", "n_excluded"] == 4


def test_parse_rules() -> None:
    assert parse_rules("too_fast, incomplete") == ("too_fast", "incomplete")
    assert len(parse_rules("all")) == 5
    assert parse_rules("low_competence") == ("low_competence",)
    with pytest.raises(UserInputError, match="fastest"):
        parse_rules("fastest")


def test_export_exclude_on_the_command_line(study: LoadedStudy, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    db_url = f"sqlite:///{tmp_path / 'q.sqlite3'}"
    db = open_database(db_url)
    import_rows(study, db, _rows(), tmp_path)
    db.close()
    out = tmp_path / "out"
    base = ["export", "--study", str(study.folder), "--db", db_url, "--out", str(out),
            "--bootstrap", "20"]
    assert main([*base, "--exclude", "too_fast,bogus"]) == 2
    assert "bogus is not a rule" in capsys.readouterr().err
    assert main([*base, "--exclude", "too_fast,attention_failed"]) == 0
    scores = pd.read_csv(out / "human_scores.csv")
    assert set(scores[scores["who_kind"] == "participant"]["who"]) == {"P1", "P4", "P5"}
    assert set(pd.read_csv(out / "exclusions.csv")["participant"]) == {f"P{k}" for k in range(1, 6)}
    assert set(pd.read_csv(out / "responses_long.csv")["participant"]) == {"P1", "P4", "P5"}
    report = (out / "report.html").read_text(encoding="utf-8")
    assert "too_fast 1, attention_failed 1; 2 excluded in all, of 5" in report
    sensitivity = pd.read_csv(out / "sensitivity.csv")
    assert not math.isnan(sensitivity["value"].iloc[0])


def test_a_bad_quality_block_names_the_field(mini_study_dir: Path) -> None:
    data = json.loads((mini_study_dir / "study.json").read_text())
    data["quality"] = {"max_fast_share": 2, "min_rt_ms": 300, "maxfailed_checks": 1}
    (mini_study_dir / "study.json").write_text(json.dumps(data))
    with pytest.raises(StudyError) as caught:
        load_study(mini_study_dir)
    places = [problem.where for problem in caught.value.problems]
    assert places == ["quality.max_fast_share", "quality.maxfailed_checks"]
