"""A study with reading conditions end to end: the Van Dyke (1993) readers' ratings of both
modalities imported with a `condition` column (the real import path, real SQLite) and
exported: mrmc.csv compares the two conditions with the numbers app.results.mrmc gives on the
same data, which are the OR-DBM MRMC 2.51 printout's (tests/app/results/test_mrmc.py)."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from app.responses_import import import_responses_csv
from app.results.mrmc import analyse_ratings
from app.storage.database import Database
from app.study.errors import StudyError
from app.study.loader import LoadedStudy, load_study
from exporters.export_all import export_all

FIXTURE = Path(__file__).parents[2] / "fixtures" / "mrmc" / "vandyke_1993.csv"
CONDITIONS = {1: "cine", 2: "spin_echo"}


def _study(folder: Path, truth: dict[int, int], *, conditions: bool = True) -> LoadedStudy:
    folder.mkdir()
    items = [{"id": f"case{c:03d}", "stimulus": {"kind": "text", "text": f"Case {c}"},
              "questions": [{"id": "confidence", "kind": "rating", "min": 1, "max": 5,
                             "prompt": "Dissection present?", "scoring": {"metric": "auc"},
                             "gold": t}]}
             for c, t in truth.items()]
    study = {"format_version": 1, "id": "vandyke", "title": "Van Dyke (1993)", "version": "1",
             "blocks": [{"id": "main", "kind": "main", "title": "Main"}], "items": items}
    if conditions:
        study["conditions"] = [{"id": "cine", "label": "Cine MRI"},
                               {"id": "spin_echo", "label": "Spin-echo MRI"}]
    (folder / "study.json").write_text(json.dumps(study))
    return load_study(folder)


def _write_csv(path: Path, rows: list[list[object]], header: list[str]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(rows)
    return path


HEADER = ["participant", "item_id", "question_id", "answer", "rt_ms", "condition"]


@pytest.fixture
def vandyke() -> pd.DataFrame:
    return pd.read_csv(FIXTURE)


def _import_both_modalities(db: Database, tmp_path: Path, vandyke: pd.DataFrame
                            ) -> tuple[LoadedStudy, Any]:
    """The study, and the import of both modalities' ratings with their condition."""
    loaded = _study(tmp_path / "study", dict(zip(vandyke.case, vandyke.truth, strict=False)))
    rows = [[f"R{r}", f"case{c:03d}", "confidence", float(x), 1000.0, CONDITIONS[t]]
            for t, r, c, x in zip(vandyke.treatment, vandyke.reader, vandyke.case,
                                  vandyke.rating, strict=True)]
    return loaded, import_responses_csv(loaded, db, _write_csv(tmp_path / "r.csv", rows, HEADER))


def test_mrmc_csv_compares_the_imported_conditions_as_mrmc_py_does(
        db: Database, tmp_path: Path, vandyke: pd.DataFrame) -> None:
    truth = dict(zip(vandyke.case, vandyke.truth, strict=False))
    loaded, summary = _import_both_modalities(db, tmp_path, vandyke)
    assert summary.responses == len(vandyke) == 2 * 5 * 114
    assert {r.condition for r in db.responses("vandyke")} == {"cine", "spin_echo"}

    out = tmp_path / "out"
    export_all(loaded, db, out)
    mrmc = pd.read_csv(out / "mrmc.csv", keep_default_na=False, na_values=[""])
    pairs = mrmc[mrmc.comparison == "conditions"].set_index("analysis")
    assert set(pairs.condition_a) == {"cine"} and set(pairs.condition_b) == {"spin_echo"}

    cases = sorted(set(vandyke.case))
    ratings = np.array([[[float(vandyke[(vandyke.treatment == t) & (vandyke.reader == r)
                                        & (vandyke.case == c)].rating.iloc[0])
                          for c in cases] for r in range(1, 6)] for t in (1, 2)])
    direct = analyse_ratings(np.array([truth[c] for c in cases]), ratings,
                             ["cine", "spin_echo"], [f"R{r}" for r in range(1, 6)])
    for test in direct.tests():
        row = pairs.loc[test.analysis]
        d = test.difference
        for got, want in [(row.fom_a, direct.fom_means[0]), (row.fom_b, direct.fom_means[1]),
                          (row.difference, d.estimate), (row.se, d.se),
                          (row.ci_low, d.ci_low), (row.ci_high, d.ci_high),
                          (row.p_value, test.p_value), (row.statistic, test.statistic),
                          (row.df_den, test.df_den)]:
            assert got == pytest.approx(want, rel=1e-9) or (math.isinf(got) and math.isinf(want))
    # ... which are the published ones (OR-DBM MRMC 2.51, random readers and random cases).
    random = pairs.loc["random_readers_random_cases"]
    assert f"{random.difference:.8f}" == "-0.04380032"
    assert f"{random.ci_low:.5f}" == "-0.08796" and f"{random.ci_high:.5f}" == "0.00036"
    assert f"{random.df_den:.2f}" == "15.26" and f"{random.p_value:.4f}" == "0.0517"

    auc = pd.read_csv(out / "reader_auc.csv", keep_default_na=False, na_values=[""])
    humans = auc[auc.who_kind == "human"]
    assert len(humans) == 10 and set(humans.condition) == {"cine", "spin_echo"}
    # The other analyses read the first condition alone, and say so.
    summary_rows = pd.read_csv(out / "rating_summary.csv", keep_default_na=False,
                               na_values=[""])
    humans_row = summary_rows[summary_rows.rater == "humans"].iloc[0]
    assert humans_row.n == 5 * 114  # not both conditions' 1,140
    cine = vandyke[vandyke.treatment == 1].rating
    assert humans_row["mean"] == pytest.approx(cine.mean())
    report = (out / "report.html").read_text(encoding="utf-8")
    assert "readings under the first condition (cine)" in report
    wide = pd.read_csv(out / "responses_wide.csv", keep_default_na=False, na_values=[""])
    assert len(wide) == 2 * 114 and set(wide.condition) == {"cine", "spin_echo"}


def _problems(loaded: LoadedStudy, db: Database, path: Path) -> list[str]:
    with pytest.raises(StudyError) as caught:
        import_responses_csv(loaded, db, path)
    assert db.count_responses() == 0
    return [f"{p.where}: {p.message}" for p in caught.value.problems]


def test_a_bad_condition_is_named_by_row_and_column(db: Database, tmp_path: Path) -> None:
    loaded = _study(tmp_path / "study", {1: 1, 2: 0})
    rows = [["R1", "case001", "confidence", 3, "", "cine"],
            ["R1", "case001", "confidence", 4, "", "spin_echo"],  # another condition: fine
            ["R1", "case002", "confidence", 2, "", ""],
            ["R1", "case002", "confidence", 2, "", "ct"],
            ["R1", "case001", "confidence", 5, "", "cine"]]
    found = _problems(loaded, db, _write_csv(tmp_path / "r.csv", rows, HEADER))
    assert found == [
        "row 4, column condition: empty; the study reads every case under each of cine, "
        "spin_echo",
        "row 5, column condition: 'ct' is not one of the study's conditions (cine, spin_echo)",
        "row 6, column question_id: duplicate of row 2 (same participant, item, question, "
        "condition)"]


def test_a_condition_for_a_study_without_conditions_is_refused(db: Database,
                                                               tmp_path: Path) -> None:
    loaded = _study(tmp_path / "study", {1: 1, 2: 0}, conditions=False)
    rows = [["R1", "case001", "confidence", 3, "", "cine"]]
    found = _problems(loaded, db, _write_csv(tmp_path / "r.csv", rows, HEADER))
    assert found == ["row 2, column condition: 'cine': the study declares no reading conditions"]
    # Without the column, or with it empty, the import is as before.
    rows = [["R1", "case001", "confidence", 3, "", ""]]
    import_responses_csv(loaded, db, _write_csv(tmp_path / "ok.csv", rows, HEADER))
    assert [r.condition for r in db.responses("vandyke")] == [None]


def test_the_sensitivity_table_reads_the_first_condition_as_the_scores_do(
        tmp_path: Path) -> None:
    """The reader demo with its two conditions analyses as its twin without conditions given
    the first condition's readings alone: scores and the exclusion rules' sensitivity table
    (a reader who left cases out is excluded by `incomplete`)."""
    import shutil

    from app.results.analysis import analyse
    from app.results.frame import responses_frame
    from app.results.options import ResultsOptions
    from app.storage import open_database
    from tests.results_support import import_rows, simulated_rows

    demo = Path(__file__).parents[3] / "studies" / "chest-reader-demo"
    twin_folder = tmp_path / "twin"
    shutil.copytree(demo, twin_folder)
    definition = json.loads((twin_folder / "study.json").read_text(encoding="utf-8"))
    del definition["conditions"]
    for item in definition["items"]:
        item["stimulus"].pop("condition_text")
    (twin_folder / "study.json").write_text(json.dumps(definition), encoding="utf-8")
    loaded, twin = load_study(demo), load_study(twin_folder)
    raters = [(f"R{n}", "radiologist", 0.6 + 0.1 * n) for n in range(4)]
    rows = [r for r in simulated_rows(loaded, raters, seed=7)
            if not (r[0] == "R3" and r[1] in [f"case-{n:02d}" for n in range(1, 9)])]
    options = ResultsOptions(n_boot=20, include_simulated=True, exclude=("incomplete",))
    frames = []
    for study, chosen, name in ((loaded, rows, "with"), (twin, [r[:6] for r in rows
                                                              if r[6] == "unaided"], "twin")):
        db = open_database(f"sqlite:///{tmp_path / name}.sqlite3")
        import_rows(study, db, chosen, tmp_path, name=f"{name}.csv")
        analysis = analyse(study, responses_frame(study, db), options)
        db.close()
        frames.append(analysis)
    with_conditions, without = frames
    assert (with_conditions.exclusions["excluded"].sum()
            == without.exclusions["excluded"].sum() >= 1)
    pd.testing.assert_frame_equal(with_conditions.sensitivity.reset_index(drop=True),
                                  without.sensitivity.reset_index(drop=True))
    pd.testing.assert_frame_equal(with_conditions.human_scores.reset_index(drop=True),
                                  without.human_scores.reset_index(drop=True))


def test_completion_counts_every_case_under_every_condition(db: Database,
                                                            tmp_path: Path) -> None:
    """A reader who read the cases under one condition only has read half of them."""
    from app.results.analysis import analyse
    from app.results.frame import responses_frame

    loaded = _study(tmp_path / "study", {c: c % 2 for c in range(1, 11)})
    rows = [[f"R{r}", f"case{c:03d}", "confidence", 1 + (c + r) % 5, "", condition]
            for r in (1, 2) for condition in ("cine", "spin_echo") for c in range(1, 11)
            if not (r == 2 and condition == "spin_echo")]
    import_responses_csv(loaded, db, _write_csv(tmp_path / "r.csv", rows, HEADER))
    exclusions = analyse(loaded, responses_frame(loaded, db)).exclusions
    completion = exclusions[exclusions.rule == "incomplete"].set_index("participant")["value"]
    assert completion.to_dict() == {"R1": 1.0, "R2": 0.5}


def test_the_paper_and_the_report_say_the_reader_study_with_its_published_numbers(
        db: Database, tmp_path: Path, vandyke: pd.DataFrame) -> None:
    loaded, _ = _import_both_modalities(db, tmp_path, vandyke)
    out = tmp_path / "out"
    export_all(loaded, db, out)
    paper = out / "paper"
    methods = (paper / "methods.tex").read_text(encoding="utf-8")
    assert "5 readers read 114 cases under each of 2 reading conditions (cine and spin echo)" \
        in methods
    assert "Obuchowski-Rockette" in methods and "hillis2007" in methods
    # Every number the paragraph prints is summary.json's, with mrmc.csv's raw value.
    numbers = json.loads((paper / "summary.json").read_text(encoding="utf-8"))["numbers"]
    pair = "reader_study.confidence.cine-spin_echo"
    assert f"{numbers[pair + '.difference']['value']:.8f}" == "-0.04380032"
    assert f"{numbers[pair + '.df_den']['value']:.2f}" == "15.26"
    assert f"{numbers[pair + '.p']['value']:.4f}" == "0.0517"
    said = numbers[pair + ".difference"]["text"]
    assert f"a difference of {said} (95\\% CI [$-$0.09, 0.00]" in methods
    tables = (paper / "tables.tex").read_text(encoding="utf-8")
    assert "%% BEGIN reader-study" in tables and "cine $-$ spin echo" in tables
    assert "@article{obuchowski1995," in (paper / "references.bib").read_text(encoding="utf-8")
    report = (out / "report.html").read_text(encoding="utf-8")
    section = report[report.index("Reader study (MRMC)"):]
    # The report's tables name their columns in words, never by the CSV's names.
    for internal in ("who kind", "fom a", "fom metric", "df den", "single condition"):
        assert f"<th>{internal}</th>" not in section and f">{internal}<" not in section


def test_a_study_without_a_reader_study_cites_no_mrmc_paper(mini_study_dir: Path, db: Database,
                                                            tmp_path: Path) -> None:
    export_all(load_study(mini_study_dir), db, tmp_path / "out")
    paper = tmp_path / "out" / "paper"
    assert "obuchowski1995" not in (paper / "references.bib").read_text(encoding="utf-8")
    assert "MRMC" not in (paper / "methods.tex").read_text(encoding="utf-8")
