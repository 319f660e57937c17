"""The designer window's Design tab shows what `validate` warns about (issue 15)."""

from __future__ import annotations

from pathlib import Path

from app.home import bundled_studies_dir
from app.storage import open_database
from app.study.loader import load_study
from widgets.designer.window import DesignerWindow
from widgets.tasks import TaskManager

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "design"


def _window(qtbot, folder: Path, tmp_path: Path) -> tuple[DesignerWindow, TaskManager]:
    db = open_database(f"sqlite:///{tmp_path / 'd.sqlite3'}")
    tasks = TaskManager()
    window = DesignerWindow(db, tasks, current=load_study(folder))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "per participant" in window.design.summary.text(),
                    timeout=5000)
    return window, tasks


def tab_missing(folder: Path) -> list[object]:
    from app.study.checklist import missing_declarations
    return list(missing_declarations(load_study(folder).study))


def close_designer(window: DesignerWindow, tasks: TaskManager) -> None:
    """Close the window, then its writer and database (shared with the other designer tests)."""
    db = window.db
    window.close()
    tasks.close()
    db.close()


def test_design_tab_lists_the_always_a_warnings(qtbot, tmp_path: Path) -> None:
    window, tasks = _window(qtbot, FIXTURES / "always-a", tmp_path)
    tab = window.design
    missing = len(tab_missing(FIXTURES / "always-a"))
    assert window.tabs.tabText(window.tabs.indexOf(tab)) == (
        f"Design (2 warnings, {missing} checklist items missing)")
    assert tab.table.rowCount() == 2
    assert tab.table.item(0, 0).text() == "items[0].questions[0].gold"
    assert "1st option (key A) in 7 of 7" in tab.table.item(0, 1).text()
    assert "2 design warnings" in tab.summary.text()
    close_designer(window, tasks)


def test_design_tab_of_a_bundled_study_has_no_warning(qtbot, tmp_path: Path) -> None:
    window, tasks = _window(qtbot, bundled_studies_dir() / "lesion-vqa-demo", tmp_path)
    assert window.tabs.tabText(window.tabs.indexOf(window.design)) == "Design"
    assert window.design.summary.text().startswith("No design warnings.")
    assert window.design.table.rowCount() == 0
    close_designer(window, tasks)


def test_design_tab_names_the_checklist_items_a_study_does_not_declare(qtbot, tmp_path: Path
                                                                        ) -> None:
    from app.study.checklist import missing_declarations

    folder = FIXTURES / "always-a"
    missing = missing_declarations(load_study(folder).study)
    assert missing
    window, tasks = _window(qtbot, folder, tmp_path)
    tab = window.design
    text = tab.checklist_summary.text()
    assert f"{len(missing)} missing: " in text
    assert "0.2 Paper Link (reporting.paper_link)" in text
    assert f"and {len(missing) - 6} more, in bold below" in text
    rows = {tab.checklist.item(r, 0).text(): tab.checklist.item(r, 1).text()
            for r in range(tab.checklist.rowCount())}
    assert len(rows) == 72
    assert rows["1.9 Ethics Review"] == "missing: declare it in reporting.ethics_review"
    assert rows["1.1 Number of Baseliners"] == "measured by the app"
    assert tab.checklist.item(0, 2).text() == load_study(folder).study.title  # 0.1, the title
    close_designer(window, tasks)


def test_design_tab_of_a_fully_declared_study_says_nothing_is_missing(qtbot, tmp_path: Path
                                                                      ) -> None:
    window, tasks = _window(qtbot, bundled_studies_dir() / "hume-demo", tmp_path)
    tab = window.design
    assert "Every item a paper needs is answered or declared." in tab.checklist_summary.text()
    assert "missing" not in tab.checklist_summary.text()
    sources = [tab.checklist.item(r, 1).text() for r in range(tab.checklist.rowCount())]
    assert "declared in reporting" in sources
    assert not any(s.startswith("missing") for s in sources)
    close_designer(window, tasks)
