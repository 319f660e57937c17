"""Every export of a study, read back with pandas: columns, rows, privacy, the report, the CLI."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pytest

from app.results.options import ResultsOptions
from app.storage import open_database
from app.storage.database import Database
from app.study.errors import UserInputError
from app.study.loader import LoadedStudy, load_study
from baseline_studio import main
from exporters.export_all import export_all
from tests.results_support import import_rows, simulated_rows
from tests.test_results_study import with_models

RATERS = [("P01", "primary", 0.9), ("P02", "primary", 0.6), ("P03", "senior", 0.8),
          ("P04", "senior", 0.7)]
CSV_FILES = ["responses_long.csv", "responses_wide.csv", "human_scores.csv", "model_scores.csv",
             "model_coverage.csv", "comparison.csv", "agreement.csv", "disputed_items.csv",
             "rt_analysis.csv", "rt_items.csv", "rt_categories.csv", "rating_summary.csv",
             "rating_distribution.csv", "events.csv"]


@pytest.fixture
def study(mini_study_dir: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    loaded = with_models(mini_study_dir)
    import_rows(loaded, db, simulated_rows(loaded, RATERS, seed=4), tmp_path)
    return loaded


def test_export_all_writes_every_file_with_progress(study: LoadedStudy, db: Database,
                                                    tmp_path: Path) -> None:
    steps: list[tuple[int, int, str]] = []
    out = tmp_path / "out"
    written = export_all(study, db, out, progress=lambda i, n, s: steps.append((i, n, s)),
                         options=ResultsOptions(n_boot=100))
    names = {p.name for p in written}
    assert set(CSV_FILES) | {"report.html"} <= names
    assert all(p.exists() for p in written)
    assert [i for i, _, _ in steps] == list(range(len(steps)))
    assert steps[-1][2] == "done" and steps[-1][0] == steps[-1][1]
    assert {"scores", "agreement", "response times", "report"} <= {s for _, _, s in steps}
    for name in CSV_FILES:
        pd.read_csv(out / name)  # a header row at least, parseable


def test_scores_agreement_and_comparison_columns(study: LoadedStudy, db: Database,
                                                 tmp_path: Path) -> None:
    out = tmp_path / "out"
    export_all(study, db, out, options=ResultsOptions(n_boot=100))
    agreement = pd.read_csv(out / "agreement.csv")
    assert {"question_id", "statistic", "level", "value", "ci_low", "ci_high", "n_items",
            "n_raters"} <= set(agreement.columns)
    alpha = agreement[(agreement["question_id"] == "label")
                      & (agreement["statistic"] == "krippendorff_alpha")].iloc[0]
    assert alpha["level"] == "nominal" and alpha["n_raters"] == 4
    human = pd.read_csv(out / "human_scores.csv")
    assert set(human["who_kind"]) == {"participant", "tier", "humans", "pooled"}
    assert {"P01", "P02", "P03", "P04", "primary", "senior", "majority vote"} <= set(human["who"])
    models = pd.read_csv(out / "model_scores.csv")
    assert models[models["who_kind"] == "model"]["illustrative"].all()
    comparison = pd.read_csv(out / "comparison.csv")
    assert list(comparison.columns[:4]) == ["row_kind", "who", "illustrative", "note"]
    assert {"tier", "humans", "pooled", "model", "published", "rating_group"} <= set(
        comparison["row_kind"])
    assert "label accuracy [language=ara]" in comparison.columns
    assert "creative mean" in comparison.columns
    rt = pd.read_csv(out / "rt_analysis.csv")
    assert {"unit", "category", "model", "method", "r", "p", "n"} <= set(rt.columns)


def test_responses_wide_has_a_column_per_rater_and_withholds_free_text(
        study: LoadedStudy, db: Database, tmp_path: Path) -> None:
    out = tmp_path / "out"
    export_all(study, db, out, options=ResultsOptions(n_boot=0))
    wide = pd.read_csv(out / "responses_wide.csv", dtype=str, keep_default_na=False)
    assert list(wide.columns) == ["item_id", "question_id", "question_kind", "block_id", "gold",
                                  "P01", "P02", "P03", "P04"]
    assert "p1" not in set(wide["item_id"])  # practice is left out of the wide table
    c1 = wide[(wide["item_id"] == "c1")].iloc[0]
    assert c1["gold"] == "neg" and c1["P01"] in {"pos", "neg"}
    assert set(wide[wide["question_kind"] == "text"][["P01", "P02"]].stack()) == {
        "[withheld: free text]"}
    relevance = wide[wide["question_id"] == "relevance"].iloc[0]
    assert json.loads(relevance["P01"]).keys() == {"d1", "d2", "d3"}
    open_out = tmp_path / "identifying"
    export_all(study, db, open_out, include_identifying=True, options=ResultsOptions(n_boot=0))
    wide = pd.read_csv(open_out / "responses_wide.csv", dtype=str, keep_default_na=False)
    texts = set(wide[wide["question_kind"] == "text"]["P01"])
    assert texts and all(t.startswith("[simulated] ") for t in texts)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_report_is_self_contained_with_tables_and_charts(study: LoadedStudy, db: Database,
                                                          tmp_path: Path) -> None:
    out = tmp_path / "out"
    export_all(study, db, out, options=ResultsOptions(n_boot=100))
    html = (out / "report.html").read_text(encoding="utf-8")
    parser = _Collector()
    parser.feed(html)
    assert parser.tags.count("svg") >= 5 and "table" in parser.tags
    assert not any(tag in parser.tags for tag in ("script", "link", "img"))  # nothing external
    text = " ".join(parser.text)
    assert "Illustrative." in text and "demo-a (illustrative)" in text
    assert "Mini study (test fixture)" in text and "Krippendorff's alpha" in text
    assert "krippendorff_alpha" not in text  # the statistic in words, as a paper names it


def test_cli_export_writes_the_results(study: LoadedStudy, db_url: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("the CLI test runs once, on SQLite")
    out = tmp_path / "cli-out"
    code = main(["export", "--study", str(study.folder), "--db", db_url, "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "comparison.csv" in printed and "report.html" in printed
    assert pd.read_csv(out / "human_scores.csv")["who"].nunique() > 4


def test_export_with_no_responses_writes_headers(mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'empty.sqlite3'}")
    try:
        written = export_all(loaded, db, tmp_path / "out", options=ResultsOptions(n_boot=0))
    finally:
        db.close()
    assert (tmp_path / "out" / "report.html").exists()
    agreement = pd.read_csv(tmp_path / "out" / "agreement.csv")
    assert agreement.empty and "statistic" in agreement.columns
    assert len(written) >= 15


def test_cli_export_options_tier_field_and_bootstrap(study: LoadedStudy, db_url: str,
                                                     tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("the CLI test runs once, on SQLite")
    bad = main(["export", "--study", str(study.folder), "--db", db_url, "--out",
                str(tmp_path / "bad"), "--tier-field", "nope"])
    err = capsys.readouterr().err
    assert bad == 2 and "no profile field 'nope'" in err and "Traceback" not in err
    out = tmp_path / "none"
    assert main(["export", "--study", str(study.folder), "--db", db_url, "--out", str(out),
                 "--tier-field", "none", "--bootstrap", "0"]) == 0
    human = pd.read_csv(out / "human_scores.csv")
    assert "tier" not in set(human["who_kind"])
    assert human["ci_low"].isna().all()
    kept = tmp_path / "items"
    assert main(["export", "--study", str(study.folder), "--db", db_url, "--out", str(kept),
                 "--interval", "items", "--holm-family", "question", "--bootstrap", "50"]) == 0
    kinds = pd.read_csv(kept / "human_scores.csv")["ci_kind"].dropna().astype(str)
    assert not kinds.str.startswith("raters and items").any()
    assert pd.read_csv(kept / "gaps.csv")["holm_family"].astype(str).str.startswith(
        "question").all()
    with pytest.raises(SystemExit) as refused:
        main(["export", "--study", str(study.folder), "--db", db_url, "--out", str(kept),
              "--interval", "people"])
    assert refused.value.code == 2 and "invalid choice" in capsys.readouterr().err


def test_long_csv_written_beside_the_scores_is_whole_and_first(study: LoadedStudy, db: Database,
                                                               tmp_path: Path) -> None:
    # responses_long.csv is written on a second thread while the scores run: by "done" it is
    # complete (the same bytes as written alone), first in the list as before, and its
    # failure is the export's failure.
    from app.results.frame import responses_frame
    from exporters.responses_csv import write_responses_long

    alone = write_responses_long(study, responses_frame(study, db), tmp_path)[0].read_bytes()
    at_done: list[bytes] = []
    out = tmp_path / "out"
    written = export_all(study, db, out, options=ResultsOptions(n_boot=50), progress=lambda
                         i, n, s: at_done.append((out / "responses_long.csv").read_bytes())
                         if s == "done" else None)
    assert written[0] == out / "responses_long.csv"
    assert at_done == [alone]
    broken = tmp_path / "broken"
    (broken / "responses_long.csv").mkdir(parents=True)  # a folder where the file goes
    with pytest.raises(UserInputError, match="folder is in the way"):
        export_all(study, db, broken, options=ResultsOptions(n_boot=50))
    assert (broken / "responses_long.csv").is_dir()
