"""The Import dialog: a real import on its worker thread, progress, and problems by row."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.study.loader import load_study
from widgets.import_dialog import ImportDialog
from widgets.qt import Qt


def _sts(path: Path, n: int = 8) -> Path:
    rows = [{"sentence1": f"a{n}", "sentence2": f"b{n}", "score": n % 6} for n in range(n)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_import_runs_in_the_background_and_reports(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = ImportDialog(studies_dir=tmp_path)
    qtbot.addWidget(dialog)
    dialog.set_kind("mteb-sts")
    assert not dialog.images.isEnabled() and not dialog.illustrative.isEnabled()
    dialog.source.setText(str(_sts(tmp_path / "STSDemo.jsonl")))
    dialog.out.setText(str(tmp_path / "sts-study"))
    dialog.sample.setValue(5)
    dialog.seed.setValue(2)
    seen: list[tuple[int, int]] = []
    dialog.progress.valueChanged.connect(lambda v: seen.append((v, dialog.progress.maximum())))
    with qtbot.waitSignal(dialog.imported, timeout=20_000) as blocker:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
        assert not dialog.import_button.isEnabled()  # while running
    result = blocker.args[0]
    assert dialog.result is result
    assert len(result.loaded.study.items) == 5
    assert load_study(tmp_path / "sts-study").study.items[0].questions[0].id == "similarity"
    assert "imported 5 items" in dialog.status.text()
    assert dialog.progress.value() == dialog.progress.maximum() == 1
    assert any(total == 5 for _, total in seen)  # the importer's own counts reached the bar
    assert dialog.import_button.isEnabled() and not dialog.running()
    assert dialog.problems.isHidden()


def test_problems_are_listed_with_rows_and_columns(qtbot: QtBot, tmp_path: Path) -> None:
    source = tmp_path / "bad.jsonl"
    source.write_text('{"sentence1": "a", "sentence2": "b", "score": "high"}\n'
                      '{"sentence1": "", "sentence2": "b", "score": 1}\n', encoding="utf-8")
    dialog = ImportDialog()
    qtbot.addWidget(dialog)
    dialog.set_kind("mteb-sts")
    dialog.source.setText(str(source))
    dialog.out.setText(str(tmp_path / "never"))
    with qtbot.waitSignal(dialog.failed, timeout=20_000):
        dialog.start()
    shown = [dialog.problems.item(i).text() for i in range(dialog.problems.count())]
    assert shown == [f"{source}: row 0, column score: expected a number, found 'high'",
                     f"{source}: row 1, column sentence1: empty; a value is required"]
    assert not dialog.problems.isHidden()
    assert "2 problems found; nothing was written" in dialog.status.text()
    assert not (tmp_path / "never").exists()
    assert dialog.result is None and dialog.import_button.isEnabled()


def test_predictions_kind_attaches_to_an_existing_study(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = ImportDialog()
    qtbot.addWidget(dialog)
    dialog.set_kind("mteb-sts")
    dialog.source.setText(str(_sts(tmp_path / "S.jsonl", 3)))
    dialog.out.setText(str(tmp_path / "study"))
    with qtbot.waitSignal(dialog.imported, timeout=20_000):
        dialog.start()
    predictions = tmp_path / "models.csv"
    predictions.write_text("model,item_id,question_id,prediction\nm,0,,0.5\nm,1,,0.2\n",
                           encoding="utf-8")
    dialog.set_kind("predictions")
    assert dialog.out_label.text() == "Existing study folder"
    assert dialog.illustrative.isEnabled() and not dialog.sample.isEnabled()
    dialog.source.setText(str(predictions))
    dialog.illustrative.setChecked(True)
    dialog.note.setText("made up for a test")
    with qtbot.waitSignal(dialog.imported, timeout=20_000):
        dialog.start()
    (ref,) = load_study(tmp_path / "study").study.models.predictions
    assert (ref.file, ref.illustrative, ref.note) == ("predictions/models.csv", True,
                                                      "made up for a test")


def test_missing_fields_are_asked_for(qtbot: QtBot) -> None:
    dialog = ImportDialog()
    qtbot.addWidget(dialog)
    dialog.start()
    assert not dialog.running()
    assert "source and a study folder" in dialog.status.text()


def test_the_sample_can_be_stratified_as_import_sample_by_does(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    dialog = ImportDialog(studies_dir=tmp_path)
    qtbot.addWidget(dialog)
    dialog.set_kind("mteb-sts")
    dialog.source.setText(str(_sts(tmp_path / "STSDemo.jsonl", n=24)))
    dialog.out.setText(str(tmp_path / "sts-study"))
    dialog.sample.setValue(6)
    qtbot.keyClicks(dialog.sample_by, "score")
    with qtbot.waitSignal(dialog.imported, timeout=20_000):
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    study = load_study(tmp_path / "sts-study").study
    assert study.sampling is not None and study.sampling.by == "score"
    # 24 rows, four of each score 0-5: a proportional draw of 6 takes one of each.
    assert sorted(study.sampling.strata.values()) == [1] * 6
