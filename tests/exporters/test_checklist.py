"""The human-baseline reporting checklist (app.study.checklist, exporters.checklist): a row for
every item of the published checklist, none missing for a bundled study, the computed answers
equal to the CSVs they come from, the LaTeX table compiling, and validate warning for what is
not declared."""

from __future__ import annotations

import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from app.home import bundled_studies_dir
from app.storage import open_database
from app.storage.database import Database
from app.study.checklist import ITEMS, missing_declarations
from app.study.loader import load_study
from app.wording import counted
from baseline_studio import main
from exporters.export_all import export_all
from tests.exporters.paper_support import compile_paper, export_with_raters, need_pdflatex
from tests.take_study import take

BUNDLED = ["hume-demo", "lesion-vqa-demo", "poem-ratings-demo", "spinbench-timing-demo",
           "preference-demo"]
# reporting_checklist/reporting_checklist.tex of kevinlwei/human-baselines, item by item
PUBLISHED_NUMBERS = ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "0.10", "1.1", "1.2", "1.2.1", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.8.1", "1.9", "1.10", "2.1", "2.1.1", "2.2", "2.3", "2.3.1", "2.3.2", "2.4", "2.5", "2.6", "2.6.1", "2.6.2", "2.6.2.1", "2.7", "2.7.1", "2.7.2", "2.7.2.1", "2.7.3", "2.7.3.1", "3.1", "3.1.1", "3.2", "3.2.1", "3.2.2", "3.3", "3.3.1", "3.3.2", "3.4", "3.4.1", "3.5", "3.5.1", "3.6", "4.1", "4.1.1", "4.2", "4.2.1", "4.3", "4.4", "4.5", "4.6", "5.1", "5.1.1", "5.1.2", "5.1.3", "5.1.4", "5.1.5", "5.2", "5.2.1", "5.2.2", "5.3", "5.4"]


def _db(tmp_path: Path) -> Database:
    return open_database(f"sqlite:///{tmp_path / 'checklist.sqlite3'}")


def _answers(out: Path) -> dict[str, tuple[str, str]]:
    rows = pd.read_csv(out / "checklist.csv", keep_default_na=False, dtype=str)
    return {r.item: (r.answer, r.source) for r in rows.itertuples(index=False)}


def _mini_export(mini_study_dir: Path, tmp_path: Path) -> tuple[Path, list[float]]:
    """The mini study taken by two participants to the end and one who stopped after two
    items (recruited, did not finish), exported; the finished sessions' minutes."""
    loaded = load_study(mini_study_dir)
    db = _db(tmp_path)
    try:
        for code, items in (("P001", None), ("P002", None), ("P003", 2)):
            take(loaded, db, code, max_items=items).close()
        export_all(loaded, db, tmp_path / "out")
        minutes = [(datetime.fromisoformat(s.ended_utc) - datetime.fromisoformat(s.started_utc))
                   .total_seconds() / 60 for s in db.sessions(loaded.study.id)
                   if s.ended_utc and s.participant_code != "P003"]
    finally:
        db.close()
    return tmp_path / "out", minutes


def test_the_item_list_is_the_published_checklist() -> None:
    assert [item.number for item in ITEMS] == PUBLISHED_NUMBERS
    assert len({item.title for item in ITEMS}) == len(ITEMS)


def test_every_item_has_a_row_and_undeclared_ones_are_missing(mini_study_dir: Path,
                                                              tmp_path: Path) -> None:
    out, _ = _mini_export(mini_study_dir, tmp_path)
    rows = pd.read_csv(out / "checklist.csv", keep_default_na=False, dtype=str)
    assert list(rows.columns) == ["item", "title", "answer", "source", "where"]
    assert rows["item"].tolist() == PUBLISHED_NUMBERS
    assert set(rows["source"]) <= {"computed", "declared", "missing"}
    missing = set(rows.loc[rows["source"] == "missing", "item"])
    # the mini study declares nothing: what validate names is what the export leaves open
    assert missing == {i.number for i in missing_declarations(load_study(mini_study_dir).study)}
    assert (rows.loc[rows["source"] == "missing", "answer"] == "").all()
    assert "Human-baseline reporting checklist" in (out / "report.html").read_text()
    assert (out / "paper" / "checklist.tex").exists()


def test_computed_answers_equal_the_csvs(mini_study_dir: Path, tmp_path: Path) -> None:
    out, minutes = _mini_export(mini_study_dir, tmp_path)
    answers = _answers(out)
    long = pd.read_csv(out / "responses_long.csv")
    scored = long[~long["practice"].astype(bool) & (long["role"] == "trial")]
    assert answers["1.1"] == (str(scored["participant"].nunique()), "computed")
    per_item = scored.groupby("item_id")["participant"].nunique()
    per_rater = scored.groupby("participant")["item_id"].nunique()
    per_session = scored.groupby("session_uuid")["item_id"].nunique()
    for number, counts in (("1.3", per_item), ("1.4", per_rater), ("3.1", per_session)):
        expected = (f"{np.median(counts):g}" if counts.min() == counts.max() else
                    f"median {np.median(counts):g} (range {counts.min()}-{counts.max()})")
        assert answers[number][0] == expected, number
    assert answers["1.2"][0].startswith(f"{scored['item_id'].nunique()} of the study's")
    assert len(minutes) == 2
    assert answers["5.1.3"][0].startswith(f"median {np.median(minutes):.1f} minutes per "
                                          "finished session")
    exclusions = pd.read_csv(out / "exclusions.csv")
    attention = int(exclusions.loc[exclusions["rule"] == "attention_failed", "excluded"].sum())
    assert f"{attention} failed attention checks" in answers["3.2.2"][0]
    # P003 registered and started, but stopped after two items
    incomplete = exclusions[exclusions["rule"] == "incomplete"]
    assert incomplete.set_index("participant")["value"].lt(1).to_dict() == {
        "P001": False, "P002": False, "P003": True}
    assert answers["5.1.5"][0] == ("3 started a session, 2 answered every item assigned to "
                                   "them, 1 recruited but did not finish")
    # profile answers: counts per option, numbers as median and range, never the e-mail
    assert answers["5.1.1"][0].startswith("Tier: ")
    assert "mail" not in answers["5.1.1"][0]
    materials = (out / "materials.md").read_text()
    study = load_study(mini_study_dir).study
    assert study.instructions.strip() in materials and study.consent.strip() in materials


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_studies_declare_every_item(name: str) -> None:
    study = load_study(bundled_studies_dir() / name).study
    assert study.reporting.illustrative
    assert missing_declarations(study) == []


def test_bundled_export_has_no_missing_row_and_its_checklist_compiles(tmp_path: Path) -> None:
    db = _db(tmp_path)
    try:
        _, out = export_with_raters(bundled_studies_dir() / "hume-demo", db, tmp_path)
    finally:
        db.close()
    rows = pd.read_csv(out / "checklist.csv", keep_default_na=False, dtype=str)
    assert rows["item"].tolist() == PUBLISHED_NUMBERS
    assert "missing" not in set(rows["source"]), rows[rows["source"] == "missing"]
    declared = rows[rows["source"] == "declared"]
    assert declared["where"].str.endswith("(illustrative)").all()
    tex = (out / "paper" / "checklist.tex").read_text()
    assert r"\begin{longtable}" in tex and "illustrative" in tex
    need_pdflatex()
    pdf = compile_paper(out / "paper")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert "Reporting checklist" in text and "Baseliner Testing Compensation" in text


def test_validate_warns_for_each_undeclared_item(mini_study_dir: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    missing = missing_declarations(load_study(mini_study_dir).study)
    assert main(["validate", str(mini_study_dir)]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("warning: reporting.")]
    assert len(lines) == len(missing) > 0
    assert "warning: reporting.ethics_review: checklist 1.9 (Ethics Review)" in out
    assert main(["validate", "--strict", str(mini_study_dir)]) == 2
    assert "--strict: failing" in capsys.readouterr().out


def test_a_declared_no_leaves_its_sub_items_unasked(mini_study_dir: Path) -> None:
    import json

    path = mini_study_dir / "study.json"
    data = json.loads(path.read_text())
    data["reporting"] = {"pay": {"answer": "no"}, "power_analysis": {"answer": "no"}}
    path.write_text(json.dumps(data))
    numbers = {i.number for i in missing_declarations(load_study(mini_study_dir).study)}
    assert not numbers & {"2.7", "2.7.1", "2.7.2", "2.7.2.1", "2.7.3", "2.7.3.1", "1.8",
                          "1.8.1"}
    assert "1.9" in numbers


def test_simulated_participants_are_said_in_every_file_a_reader_reads(
        mini_study_dir: Path, tmp_path: Path) -> None:
    from app.simulate import SimulationConfig, simulate

    loaded = load_study(mini_study_dir)
    db = _db(tmp_path)
    try:
        take(loaded, db, "P001").close()
        simulate(loaded, db, SimulationConfig(participants=3, seed=2))
        export_all(loaded, db, tmp_path / "with", include_simulated=True)
        notes: list[str] = []
        export_all(loaded, db, tmp_path / "without", notice=notes.append)
    finally:
        db.close()
    out = tmp_path / "with"
    methods = (out / "paper" / "methods.tex").read_text()
    assert "4 participants took part, 3 of them simulated" in methods
    assert "of them simulated" in methods.split("sessions", 1)[1]
    report = (out / "report.html").read_text()
    assert "3 of them simulated, not people" in report and "Simulated participants." in report
    assert _answers(out)["1.1"] == ("4 (3 of them simulated, not people)", "computed")
    summary = (out / "paper" / "summary.json").read_text()
    assert '"participants.simulated"' in summary
    # left out without the flag: the real participant only, and a note saying so
    assert _answers(tmp_path / "without")["1.1"] == ("1", "computed")
    assert any("3 simulated participants left out" in n for n in notes), notes


def test_an_export_of_only_simulated_participants_without_the_flag_exits_2(
        mini_study_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.simulate import SimulationConfig, simulate

    loaded = load_study(mini_study_dir)
    url = f"sqlite:///{tmp_path / 'sim.sqlite3'}"
    db = open_database(url)
    try:
        simulate(loaded, db, SimulationConfig(participants=2, seed=1))
    finally:
        db.close()
    out = tmp_path / "out"
    assert main(["export", "--db", url, "--study", str(mini_study_dir), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "every participant with responses is simulated" in err
    assert "--include-simulated" in err
    assert not out.exists() or not any(out.iterdir())


def test_methods_states_the_computed_items_it_did_not_say(mini_study_dir: Path,
                                                          tmp_path: Path) -> None:
    out, _ = _mini_export(mini_study_dir, tmp_path)
    answers = _answers(out)
    methods = (out / "paper" / "methods.tex").read_text()
    for number in ("3.1.1", "2.6.1", "5.1.3", "5.1.5"):
        assert answers[number][1] == "computed"
        assert answers[number][0] in methods.replace("\\%", "%"), number
    missing = sum(1 for _, source in answers.values() if source == "missing")
    assert f"Table~\\ref{{tab:checklist}}; {missing} of its items are not yet answered" in methods


def test_3_2_2_counts_the_excluded_responses(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = _db(tmp_path)
    try:
        for code, items in (("P001", None), ("P002", None), ("P003", 2)):
            take(loaded, db, code, max_items=items).close()
        export_all(loaded, db, tmp_path / "all")
        export_all(loaded, db, tmp_path / "kept", exclude=["incomplete"])
    finally:
        db.close()
    long = pd.read_csv(tmp_path / "all" / "responses_long.csv")
    trials = long[~long["practice"].astype(bool) & (long["role"] == "trial")]
    per_person = trials.groupby("participant").size()
    total, p003 = int(per_person.sum()), int(per_person["P003"])
    assert 0 < p003 < total
    answer = _answers(tmp_path / "all")["3.2.2"][0]
    assert f"none applied to the scores, so 0 of the {total} responses were excluded" in answer
    kept = _answers(tmp_path / "kept")["3.2.2"][0]
    assert (f"applied to the scores: incomplete; 1 participant and their "
            f"{counted(p003, 'response')} of {total} left out") in kept
    flagged = pd.read_csv(tmp_path / "kept" / "exclusions.csv")
    flagged = flagged[(flagged["rule"] == "incomplete") & flagged["excluded"].astype(bool)]
    assert set(flagged["participant"]) == {"P003"}
    assert f"1 left items out ({counted(p003, 'response')})" in kept


def test_a_stored_plan_answers_the_power_analysis(mini_study_dir: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from app.study.checklist import detectable_gap, study_answers

    assert main(["plan", "--study", str(mini_study_dir), "--raters-per-item", "2,3",
                 "--runs", "4", "--items", "100", "--target-width", "1", "--out",
                 str(mini_study_dir / "plan")]) == 0
    assert "plan.json" in capsys.readouterr().out
    summary = json.loads((mini_study_dir / "plan" / "plan.json").read_text())
    first = summary["questions"][0]
    best = first["recommended"]
    assert best is not None and summary["study"] == load_study(mini_study_dir).study.id
    path = mini_study_dir / "study.json"
    data = json.loads(path.read_text())
    data["reporting"] = {"plan": "plan"}
    path.write_text(json.dumps(data))
    loaded = load_study(mini_study_dir)
    answers = study_answers(loaded.study, loaded.folder)
    text = answers["1.8"].text
    assert answers["1.8"].source == "computed" and text.startswith("Yes: a precision plan")
    assert (f"question {first['question']}: {best['raters_per_item']} raters per item on "
            f"{best['items']} items, {best['participants']} participants") in text
    assert "at most 1 wide" in text
    if best["width_gap"] is not None:
        assert f"a gap of {detectable_gap(best['width_gap']):.3f}" in answers["1.8.1"].text
    missing = {i.number for i in missing_declarations(loaded.study, loaded.folder)}
    assert not missing & {"1.8", "1.8.1"}
    assert "1.8" in {i.number for i in missing_declarations(loaded.study)}  # no folder: no plan
    db = _db(tmp_path)
    try:
        take(loaded, db, "P001").close()
        export_all(loaded, db, tmp_path / "out")
    finally:
        db.close()
    assert _answers(tmp_path / "out")["1.8"] == (text, "computed")
    # a plan folder that is not there: validate says so, naming the file
    data["reporting"] = {"plan": "elsewhere"}
    path.write_text(json.dumps(data))
    assert main(["validate", str(mini_study_dir)]) == 0
    out = capsys.readouterr().out
    assert "warning: reporting.plan 'elsewhere': cannot read" in out and "plan.json" in out


def test_the_minimum_detectable_gap_is_the_normal_approximation() -> None:
    from scipy.stats import norm

    from app.study.checklist import detectable_gap

    se = 0.1
    width = 2 * norm.ppf(0.975) * se
    assert detectable_gap(width) == pytest.approx((norm.ppf(0.975) + norm.ppf(0.8)) * se)
    assert detectable_gap(0.2) == pytest.approx(0.1429, abs=1e-4)
