"""The export dialog writes paper/ with the decimals its box sets (export --digits)."""

from __future__ import annotations

import json
from pathlib import Path

from app.storage import open_database
from app.study.loader import load_study
from baseline_studio.main import main
from tests.results_support import import_rows, simulated_rows
from widgets.results.export_dialog import ExportDialog


def test_dialog_writes_paper_with_its_digits(qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'dialog.sqlite3'}")
    import_rows(loaded, db, simulated_rows(loaded, [("P01", "primary", 0.9),
                                                    ("P02", "senior", 0.6)], seed=3), tmp_path)
    dialog = ExportDialog(loaded, db)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.digits.value() == 1
    dialog.digits.setValue(3)
    with qtbot.waitSignal(dialog.finished_export, timeout=60_000) as signal:
        dialog.start(tmp_path / "out")
    names = {p.relative_to(tmp_path / "out").as_posix() for p in signal.args[0]}
    assert {"timing.csv", "paper/tables.tex", "paper/methods.tex", "paper/paper.tex",
            "paper/references.bib", "paper/summary.json"} <= names
    summary = json.loads((tmp_path / "out" / "paper" / "summary.json").read_text())
    assert summary["digits"] == 3
    db.close()


def test_export_refuses_digits_out_of_range(tmp_path: Path, mini_study_dir: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    assert main(["export", "--study", str(mini_study_dir), "--db", url, "--out",
                 str(tmp_path / "out"), "--digits", "9"]) == 2
    assert not (tmp_path / "out").exists()


def test_closing_while_exporting_waits_for_the_export_without_blocking(
        qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    loaded = load_study(mini_study_dir)
    db = open_database(f"sqlite:///{tmp_path / 'closing.sqlite3'}")
    import_rows(loaded, db, simulated_rows(loaded, [("P01", "primary", 0.9)], seed=3), tmp_path)
    dialog = ExportDialog(loaded, db)
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.finished_export, timeout=60_000):
        dialog.start(tmp_path / "out")
        dialog.close()  # returns at once: the export runs on the task manager's read pool
        assert dialog.isVisible() and dialog.running
        assert "Still exporting" in dialog.status.text()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)  # closes once it is done
    assert (tmp_path / "out" / "timing.csv").exists()
    db.close()
