"""The merge dialog: pick files copied from other laptops, merge them on the database writer,
see the counts and the conflicts; a refused merge says why and changes nothing."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.simulate import SimulationConfig, simulate
from app.storage import open_database
from app.storage.database import Database
from app.study.loader import LoadedStudy, load_study
from widgets.merge_dialog import MergeDialog
from widgets.qt import Qt, QtWidgets
from widgets.tasks import TaskManager

MINI = Path(__file__).resolve().parent / "fixtures" / "mini-study"


def laptop(path: Path, loaded: LoadedStudy, **config: int) -> str:
    db = open_database(f"sqlite:///{path}")
    simulate(loaded, db, SimulationConfig(bulk=True, **config))  # type: ignore[arg-type]
    db.close()
    return str(path)


@pytest.fixture
def target(tmp_path: Path) -> Iterator[Database]:
    db = open_database(f"sqlite:///{tmp_path / 'designer.sqlite3'}")
    yield db
    db.close()


@pytest.fixture
def dialog(qtbot: QtBot, target: Database) -> Iterator[MergeDialog]:
    tasks = TaskManager()
    widget = MergeDialog(target, tasks)
    qtbot.addWidget(widget)
    yield widget
    tasks.close()


def test_merging_two_laptops_shows_counts_and_conflicts(qtbot: QtBot, dialog: MergeDialog,
                                                        target: Database, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    mini = load_study(MINI)
    a = laptop(tmp_path / "a.sqlite3", mini, participants=3, seed=1)
    # Laptop B reused the code SIM001 (a different person: another seed), plus SIM004-SIM005.
    b = laptop(tmp_path / "b.sqlite3", mini, participants=1, seed=2)
    laptop_b = open_database(f"sqlite:///{b}")
    simulate(mini, laptop_b, SimulationConfig(participants=2, first=4, seed=1, bulk=True))
    laptop_b.close()
    assert not dialog.merge_button.isEnabled()
    # "Add databases…" opens the platform's file dialog; here it answers with both files.
    monkeypatch.setattr(QtWidgets.QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *args, **kw: ([a, b], "")))
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    assert dialog.paths() == [a, b] and dialog.merge_button.isEnabled()

    with qtbot.waitSignal(dialog.merged, timeout=60_000) as blocker:
        qtbot.mouseClick(dialog.merge_button, Qt.MouseButton.LeftButton)
    report = blocker.args[0]
    # The model: everything arrived, both sides of each conflict kept.
    assert target.count_responses("mini") == 60
    assert report.total("responses_new") == 60 and report.conflicts
    assert len(target.events("mini", kind="merge")) == 2
    # The widget: counts, and one table row per conflict.
    assert "merged into" in dialog.counts.toPlainText()
    assert f"{a}: 30 new responses, 0 already present" in dialog.counts.toPlainText()
    assert dialog.status.text().startswith("Merged: 60 new responses, 0 already present")
    assert dialog.conflicts.isVisibleTo(dialog)
    assert dialog.conflicts.rowCount() == len(report.conflicts)
    assert {dialog.conflicts.item(r, 0).text() for r in range(dialog.conflicts.rowCount())} == {"SIM001"}
    assert "Profile differs" in dialog.counts.toPlainText()
    assert dialog.merge_button.isEnabled()

    # Merging the same files again adds nothing.
    with qtbot.waitSignal(dialog.merged, timeout=60_000):
        dialog.start()
    assert target.count_responses("mini") == 60
    assert "0 new responses, 60 already present" in dialog.status.text()


def test_a_refused_merge_says_why_and_changes_nothing(qtbot: QtBot, dialog: MergeDialog,
                                                      target: Database, tmp_path: Path) -> None:
    mini = load_study(MINI)
    changed = tmp_path / "mini-v2"
    shutil.copytree(MINI, changed)
    raw = json.loads((changed / "study.json").read_text(encoding="utf-8"))
    raw["version"] = "2.0.0"
    raw["items"][1]["stimulus"]["text"] = "Changed after the first laptops went out."
    (changed / "study.json").write_text(json.dumps(raw), encoding="utf-8")
    a = laptop(tmp_path / "a.sqlite3", mini, participants=1, seed=1)
    b = laptop(tmp_path / "b.sqlite3", load_study(changed), participants=1, first=2, seed=1)
    dialog.add_files([a, b, a])
    assert dialog.paths() == [a, b]
    with qtbot.waitSignal(dialog.merge_failed, timeout=60_000) as blocker:
        dialog.start()
    assert "different versions of a study" in blocker.args[0]
    assert dialog.status.text().startswith("Nothing was merged:")
    assert target.count_responses() == 0

    dialog.allow_mix.setChecked(True)
    with qtbot.waitSignal(dialog.merged, timeout=60_000):
        dialog.start()
    assert target.count_responses("mini") == 20
    assert "more than one version" in dialog.counts.toPlainText()

    dialog.files.setCurrentRow(0)
    dialog.files.item(0).setSelected(True)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    assert dialog.paths() == [b]


def _two_laptops_with_a_conflict(tmp_path: Path) -> tuple[str, str]:
    mini = load_study(MINI)
    a = laptop(tmp_path / "a.sqlite3", mini, participants=1, seed=1)
    b = laptop(tmp_path / "b.sqlite3", mini, participants=1, seed=2)  # SIM001 again, other answers
    return a, b


def test_a_conflict_rule_chosen_in_the_dialog_settles_the_merge(qtbot: QtBot, dialog: MergeDialog,
                                                                target: Database,
                                                                tmp_path: Path) -> None:
    a, b = _two_laptops_with_a_conflict(tmp_path)
    assert dialog.rule() is None  # default: keep both answers, decide later
    dialog.rule_box.setCurrentIndex(dialog.rule_box.findData("keep-first"))
    assert dialog.rule() == "keep-first"
    dialog.add_files([a, b])
    with qtbot.waitSignal(dialog.merged, timeout=60_000) as blocker:
        dialog.start()
    report = blocker.args[0]
    assert report.resolved and not report.conflicts and report.rule == "keep-first"
    assert f"{len(report.resolved)} settled, 0 conflict(s) left" in dialog.status.text()
    assert "settled (keep-first)" in dialog.counts.toPlainText()
    assert not dialog.conflicts.isVisibleTo(dialog) and not dialog.settle_button.isVisibleTo(dialog)
    (event,) = target.events("mini", kind="conflicts_resolved")
    assert json.loads(event.payload_json)["rule"] == "keep-first"


def test_settle_conflicts_applies_the_rule_after_a_merge_that_kept_both(
        qtbot: QtBot, dialog: MergeDialog, target: Database, tmp_path: Path) -> None:
    a, b = _two_laptops_with_a_conflict(tmp_path)
    dialog.add_files([a, b])
    with qtbot.waitSignal(dialog.merged, timeout=60_000) as blocker:
        dialog.start()
    kept = blocker.args[0]
    both = target.count_responses("mini")
    assert kept.conflicts and not kept.resolved
    # Conflicts left: the button shows, but does nothing until a rule is chosen.
    assert dialog.settle_button.isVisibleTo(dialog) and not dialog.settle_button.isEnabled()
    dialog.rule_box.setCurrentIndex(dialog.rule_box.findData("drop-both"))
    assert dialog.settle_button.isEnabled()
    with qtbot.waitSignal(dialog.merged, timeout=60_000) as blocker:
        qtbot.mouseClick(dialog.settle_button, Qt.MouseButton.LeftButton)
    settled = blocker.args[0]
    assert len(settled.resolved) == len(kept.conflicts) and not settled.conflicts
    dropped = sum(len(c.answers) for c in settled.resolved)
    assert target.count_responses("mini") == both - dropped
    assert dialog.status.text().startswith(f"{len(settled.resolved)} conflict(s) settled (drop-both)")
    assert not dialog.settle_button.isVisibleTo(dialog)


def test_the_conflicts_box_offers_every_resolve_rule_once() -> None:
    from app.storage.merge import RESOLVE_RULES
    from widgets.merge_dialog import RULE_CHOICES

    rules = [rule for _, rule in RULE_CHOICES]
    assert rules[0] is None and sorted(r for r in rules if r) == sorted(RESOLVE_RULES)
