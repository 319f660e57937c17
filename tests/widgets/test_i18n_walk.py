"""Issue 20: a bundled study taken in Arabic and in Chinese through the real window, from the
code screen to the end screen: the window mirrored for Arabic, no English word of the app's own
on any screen met (code screen, trials, feedback, pause, break, end), and the language the
participant picked recorded with the session and exported."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from i18n_walk import (
    core_sentences,
    english_fragments,
    english_on_screen,
    key_column_side,
    short_study,
    walk,
)
from shell_harness import ShellApp

from app.results.frame import responses_frame
from app.study.loader import load_study
from exporters.responses_csv import write_responses_long
from widgets.i18n import current_ui_language, participant_number
from widgets.qt import QApplication, Qt, QtCore, QtWidgets, QWidget
from widgets.shell.quit_question import quit_box

# Each bundled study once at least; HUME (choice, rating, relevance, clustering) in Arabic, as
# its annotators worked, and the physicians' study in Chinese.
# Every shipped language meets every kind of screen: the practice and its feedback, the
# screen after it (the core's own introduction to the main block), a break, F1, the end.
WALKS = [("lesion-vqa-demo", "ar"), ("lesion-vqa-demo", "zh-Hans"), ("hume-demo", "ar"),
         ("hume-demo", "ru"), ("poem-ratings-demo", "da"), ("spinbench-timing-demo", "nb"),
         ("lesion-vqa-demo", "da")]


KINDS = {"lesion-vqa-demo": {"choice"}, "hume-demo": {"choice", "rating", "relevance", "clustering"},
         "poem-ratings-demo": {"rating", "text"}, "spinbench-timing-demo": {"choice"}}


@pytest.mark.parametrize(("name", "tag"), WALKS)
def test_a_bundled_study_in_another_language_shows_no_english_of_the_apps_own(
        qtbot, tmp_path: Path, name: str, tag: str) -> None:
    study = short_study(tmp_path / "study", languages=["en", tag], study=name)
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'db.sqlite'}")
    fragments = english_fragments(tag)
    assert len(fragments) > 100  # the check has teeth: the app's sentences, in pieces
    rtl = Qt.LayoutDirection.RightToLeft if tag == "ar" else Qt.LayoutDirection.LeftToRight
    seen: list[str] = []

    messages: list[str] = []

    def check(what: str, page: QWidget) -> None:
        seen.append(what)
        assert QApplication.layoutDirection() == rtl, what
        assert app.window.layoutDirection() == rtl and page.layoutDirection() == rtl, what
        assert english_on_screen(app.window, fragments) == [], what
        if what == "message":
            messages.append(page.text.toPlainText())
        if what == "keys":  # the key column where a reader of the language starts a line
            assert key_column_side(app.window.key_help) == ("right" if tag == "ar" else "left")

    titles, kinds = walk(app.window, study, tag, on_screen=check)
    assert kinds == KINDS[name]
    assert {"code", "message", "trial", "pause", "keys", "answered", "end"} <= set(seen)
    assert ("review" in seen) == (name == "hume-demo")  # a grouping, judgements: a second look
    assert ("feedback" in seen) == (name != "poem-ratings-demo")  # practice items
    assert ("ready" in seen) == (name == "spinbench-timing-demo")
    assert len(titles) >= 3  # instructions, a break, the end at least
    if name != "poem-ratings-demo":  # after its practice: the core's own introduction
        shown = QtCore.QCoreApplication.translate("ParticipantScreen", core_sentences()[0])
        assert any(shown.replace("**", "") in text for text in messages), messages
    assert current_ui_language() == tag
    # The quit question (Ctrl+Q mid-session) is in the language too.
    box = quit_box(app.window)
    texts = [box.text(), box.informativeText(), *(b.text() for b in box.buttons())]
    assert not [f for f in fragments for t in texts if f in t]
    box.deleteLater()

    # The choice is stored with the session and exported with every response.
    loaded = load_study(study)
    events = app.db.events(loaded.study.id, kind="session_started")
    assert [e for e in events if '"ui_language": "' + tag + '"' in e.payload_json]
    frame = responses_frame(loaded, app.db)
    assert len(frame) > 0 and set(frame["ui_language"]) == {tag}
    (csv_path,) = write_responses_long(loaded, frame, tmp_path)
    rows = list(csv.DictReader(csv_path.open(encoding="utf-8")))
    assert rows and {row["ui_language"] for row in rows} == {tag}

    # Back at the start (the study staff's screen): English again, left to right.
    app.flow.show_start()
    assert current_ui_language() == "en"
    assert QApplication.layoutDirection() == Qt.LayoutDirection.LeftToRight


def test_english_study_exports_keep_their_columns(qtbot, tmp_path: Path) -> None:
    """A study that offers no language has no ui_language column (its exports are unchanged)."""
    study = short_study(tmp_path / "study", languages=[])
    app = ShellApp(qtbot, f"sqlite:///{tmp_path / 'db.sqlite'}")
    app.window.flow.open_study(study)
    app.pilot.wait(lambda: app.page is not app.flow.start, "the code screen")
    assert app.page.findChild(QtWidgets.QComboBox, "language-picker") is None  # nothing to pick
    loaded = load_study(study)
    assert "ui_language" not in responses_frame(loaded, app.db).columns


def test_numbers_a_participant_reads_follow_the_language(qapp) -> None:
    from widgets.i18n import set_ui_language

    set_ui_language("ar")
    assert participant_number(3) == "3"  # Latin digits unless the study asks
    set_ui_language("ar", native_digits=True)
    assert participant_number(3) == "٣" and QtCore.QLocale().toString(12) == "١٢"
    set_ui_language("ru")
    assert participant_number(12345) == "12\u00a0345"
    set_ui_language("en")  # English words, the system's number format (the designer side too)
    assert participant_number(12345) == QtCore.QLocale.system().toString(12345)
