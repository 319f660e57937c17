"""The results window in plain words (issue 15): readable headers with the internal name in a
tool tip, a rating without gold shown as means with CIs, the whole rating scale, empty tables
that say why, "Include simulated participants" remembered per study, and the comments the
export withholds readable by the designer (and the withholding said out loud)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.results.options import ResultsOptions
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from baseline_studio import main
from tests.results_support import import_rows
from widgets.results import ExportDialog, ResultsWindow
from widgets.results.labels import column_label, value_label
from widgets.settings import app_settings

TIMEOUT_MS = 60_000


@pytest.fixture
def study(mini_study_dir: Path, db: Database, tmp_path: Path) -> LoadedStudy:
    """Two raters; the poem rated 3 by both (1, 2, 4, 5 and N/A unused), one comment."""
    if db.engine.dialect.name != "sqlite":
        pytest.skip("the window is tested once, on SQLite")
    loaded = load_study(mini_study_dir)
    rows = [("P01", "c1", "label", "neg", 900.0, "senior"),
            ("P01", "poem1", "creative", "3", 1500.0, "senior"),
            ("P01", "poem1", "why", "Lovely rhythm in the second line.", 1600.0, "senior"),
            ("P02", "poem1", "creative", "3", 1400.0, "primary")]
    import_rows(loaded, db, rows, tmp_path)
    return loaded


def _window(qtbot, loaded: LoadedStudy, db: Database, **kwargs: object) -> ResultsWindow:
    window = ResultsWindow(loaded, db, poll_ms=60_000, **kwargs)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.model.updated, timeout=TIMEOUT_MS):
        window.show()
    return window


def _headers(table) -> list[tuple[str, str]]:
    return [(table.horizontalHeaderItem(c).text(), table.horizontalHeaderItem(c).toolTip())
            for c in range(table.columnCount())]


def test_labels_read_internal_names_out() -> None:
    assert column_label("row_kind") == "Row"
    assert column_label("label accuracy [hf_subset=eng]") == "label: accuracy (subset: eng)"
    assert column_label("relevance ndcg@10") == "relevance: nDCG@10"
    assert value_label("who", "author_type=human") == "author type: human"
    assert value_label("who", "gpt_4o") == "gpt_4o"  # a model's own name stays as it is
    assert value_label("statistic", "krippendorff_alpha") == "Krippendorff's alpha"


def test_headers_and_names_in_words_with_internal_name_as_tooltip(qtbot, study: LoadedStudy,
                                                                   db: Database) -> None:
    window = _window(qtbot, study, db, options=ResultsOptions(n_boot=0))
    window.question.setCurrentIndex(window.question.findData("label"))
    headers = _headers(window.comparison)
    assert headers[0] == ("Row", "row_kind")
    assert ("label: accuracy", "label accuracy") in headers
    assert not any("_" in text for text, _ in headers)
    assert window.question.currentText() == "label: Sentiment?"
    row_kinds = {window.comparison.item(r, 0).text() for r in range(window.comparison.rowCount())}
    assert "all raters" in row_kinds and "humans" not in row_kinds
    window.close()


def test_rating_without_gold_shows_means_with_ci_on_the_whole_scale(qtbot, study: LoadedStudy,
                                                                    db: Database) -> None:
    window = _window(qtbot, study, db, options=ResultsOptions(n_boot=50))
    window.question.setCurrentIndex(window.question.findData("creative"))
    plot = window.scores_plot
    assert plot.empty_message == "" and plot.n_items == 1
    assert "mean rating" in plot.getPlotItem().titleLabel.text
    (x_low, x_high), _ = plot.getPlotItem().viewRange()
    assert x_low <= 1.0 and x_high >= 5.0  # the scale 1-5, not 0-1
    assert not window.breakdown.isVisible()  # no empty "all items only" choice
    ticks = window.ratings_plot.getPlotItem().getAxis("bottom")._tickLevels[0]
    assert [t for _, t in ticks] == ["1", "2", "3", "4", "5", "N/A"]  # only 3 was given
    window.close()


def test_question_without_anything_to_show_says_why_without_axes(qtbot, study: LoadedStudy,
                                                                 db: Database) -> None:
    window = _window(qtbot, study, db, options=ResultsOptions(n_boot=0))
    window.question.setCurrentIndex(window.question.findData("label"))
    plot = window.ratings_plot
    assert plot.empty_message.startswith("This question is not a rating")
    assert not plot.getPlotItem().getAxis("left").isVisible()
    assert window.ratings_table.item(0, 0).text() == plot.empty_message
    window.close()


def test_empty_tables_say_why(qtbot, study: LoadedStudy, db: Database) -> None:
    window = _window(qtbot, study, db, options=ResultsOptions(n_boot=0))
    window.question.setCurrentIndex(window.question.findData("label"))  # one rater only
    assert window.disputed.rowCount() == 1
    assert "at least two raters" in window.disputed.item(0, 0).text()
    assert window.disputed.property("empty_reason")
    window.question.setCurrentIndex(window.question.findData("similarity"))  # nobody answered
    assert "no one has answered it" in window.comparison.item(0, 0).text()
    window.close()


def test_comments_are_shown_to_the_designer(qtbot, study: LoadedStudy, db: Database) -> None:
    window = _window(qtbot, study, db, options=ResultsOptions(n_boot=0))
    table = window.comments
    assert table.rowCount() == 1
    texts = [table.item(0, c).text() for c in range(table.columnCount())]
    assert "Lovely rhythm in the second line." in texts and "P01" in texts
    assert ("Comment", "comment") in _headers(table)
    window.close()


def test_include_simulated_is_remembered_per_study(qtbot, study: LoadedStudy, db: Database,
                                                   mini_study_dir: Path, tmp_path: Path) -> None:
    settings = app_settings()
    first = _window(qtbot, study, db, settings=settings)
    assert not first.simulated.isChecked()
    with qtbot.waitSignal(first.model.updated, timeout=TIMEOUT_MS):
        first.simulated.setChecked(True)
    first.close()
    again = _window(qtbot, study, db, settings=settings)
    assert again.simulated.isChecked() and again.model.options.include_simulated
    again.close()
    other_dir = tmp_path / "other"
    shutil.copytree(mini_study_dir, other_dir)
    text = (other_dir / "study.json").read_text(encoding="utf-8")
    (other_dir / "study.json").write_text(text.replace('"id": "mini"', '"id": "mini-2"', 1),
                                          encoding="utf-8")
    other = _window(qtbot, load_study(other_dir), db, settings=settings)
    assert not other.simulated.isChecked()  # another study keeps its own choice
    other.close()


def test_export_says_what_it_withheld(qtbot, study: LoadedStudy, db: Database, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    url = str(db.engine.url)
    assert main(["export", "--db", url, "--study", str(study.folder), "--out",
                 str(tmp_path / "out"), "--bootstrap", "0"]) == 0
    out = capsys.readouterr().out
    assert "withheld from the export: the free-text answers to 1 question (why)" in out
    assert "identifying profile field email" in out and "--include-identifying" in out
    assert main(["export", "--db", url, "--study", str(study.folder), "--out",
                 str(tmp_path / "all"), "--bootstrap", "0", "--include-identifying"]) == 0
    assert "withheld" not in capsys.readouterr().out
    dialog = ExportDialog(study, db)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.withheld.isVisible() and "(why)" in dialog.withheld.text()
    assert "--include-identifying" in dialog.withheld.text()
    dialog.include_identifying.setChecked(True)
    assert not dialog.withheld.isVisible()
    dialog.close()


def test_gap_columns_and_the_all_items_cell_read_in_words() -> None:
    from widgets.results.labels import column_label, value_label

    assert value_label("category", "all") == "all items"
    assert value_label("category", "lesion_type") == "lesion type"
    assert value_label("categories", "lesion_type=nail_pitting; body_region=lip") == (
        "lesion type: nail pitting; body region: lip")
    # The method (majority vote, Dawid-Skene, MACE) is the row's "who", not the kind's name.
    assert value_label("human_kind", "pooled") == "pooled humans"
    assert value_label("row_kind", "pooled") == "pooled humans"
    assert column_label("p_holm") == "p (Holm)" and column_label("difficulty") != "difficulty"
