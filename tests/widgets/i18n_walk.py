"""A bundled study taken in another language through the real window, for the language tests
and the screenshots: the study copied and shortened (a practice item, four main items, a
break after two), the language picked on the code screen, every screen checked for the app's
English words on the way to the end screen."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

from app.session.engine import SessionEngine
from widgets.autopilot import Autopilot
from widgets.i18n_files import ts_file
from widgets.qt import QtCore, QtGui, QtWidgets, QWidget
from widgets.shell.language_picker import LANGUAGE_PICKER
from widgets.shell.main_window import MainWindow
from widgets.shell.message_screens import MessageScreen
from widgets.shell.participant_screen import ParticipantScreen

REPO = Path(__file__).resolve().parents[2]
STUDY = "lesion-vqa-demo"


def short_study(target: Path, *, languages: list[str], study: str = STUDY) -> Path:
    """A copy of a bundled study with four main items (of as many kinds as it has) and its
    first practice item, a break after two, no fixation or pause between items, and
    `languages` for the participant to pick from."""
    shutil.copytree(REPO / "studies" / study, target)
    path = target / "study.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    practice = [i for i in raw["items"] if i.get("block") == "practice"][:1]
    main = [i for i in raw["items"] if i.get("block") != "practice"]
    # One item of each stimulus and question kind first (HUME: choice, rating, relevance,
    # clustering), then the rest, four in all.
    kinds: dict[tuple[str, ...], dict] = {}
    for item in main:
        kinds.setdefault((item["stimulus"]["kind"], *(q["kind"] for q in item["questions"])),
                         item)
    chosen = list(kinds.values())[:4]
    chosen += [i for i in main if i not in chosen][:4 - len(chosen)]
    raw["items"] = practice + chosen
    raw.pop("assignment", None)  # everyone answers the five
    design = raw.setdefault("design", {})
    design.update(break_every=2, fixation_ms=0, iti_ms=0)  # the ready screen stays, if asked
    raw["ui_languages"] = languages
    path.write_text(json.dumps(raw), encoding="utf-8")
    return target


def core_sentences() -> list[str]:
    """What the Qt-free core writes for a participant to read whole (the introduction to the
    main block when the study gives none): English there, never on screen in another language."""
    after_practice = SimpleNamespace(practice=False)
    return [SessionEngine._default_intro(after_practice)]  # type: ignore[arg-type]


def english_fragments(tag: str) -> list[str]:
    """Pieces of the app's English words (three words or more, between placeholders), and its
    short texts whole, whose translation in `tag` differs: none may be on a screen in `tag`.
    The core's sentences count too, whether or not the .ts files hold them."""
    fragments: set[str] = set()
    for source in core_sentences():
        for piece in re.split(r"\*\*|\n|[.:;]", source):
            if len(re.findall(r"[A-Za-z]+", piece)) >= 3:
                fragments.add(piece.strip(" .,"))
    for message in ET.parse(ts_file(tag)).getroot().iter("message"):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        forms = [f.text or "" for f in translation.iter("numerusform")] if translation is not None \
            else []
        if translation is not None and not forms:
            forms = [translation.text or ""]
        if source in forms:
            continue
        if len(re.findall(r"[A-Za-z]+", source)) < 3 and not re.search(r"\{\w+\}|%L?n", source):
            fragments.add(source.strip())  # a short text ("Submit  ⏎", "Paused") as a whole
            continue
        for piece in re.split(r"\{\w+\}|%L?n|\*\*|\n|\[.*?\]|[“”()⏎·:;]", source):
            piece = piece.strip(" .,")
            if len(re.findall(r"[A-Za-z]+", piece)) >= 3:
                fragments.add(piece)
    return sorted(fragments)


def visible_texts(window: QWidget) -> Iterator[tuple[str, str]]:
    """(widget class, text) of every visible piece of text in the window and its menus."""
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        name = type(widget).__name__
        if isinstance(widget, QtWidgets.QLabel | QtWidgets.QAbstractButton):
            yield name, widget.text()
        if isinstance(widget, QtWidgets.QLineEdit):
            yield name, widget.placeholderText()
            yield name, widget.text()
        if isinstance(widget, QtWidgets.QTextEdit):
            yield name, widget.toPlainText()
        if isinstance(widget, QtWidgets.QComboBox):
            yield name, widget.currentText()
    if isinstance(window, QtWidgets.QMainWindow):
        for action in window.menuBar().actions():
            yield "menu", action.text()
            menu = action.menu()
            if menu is not None:
                yield from (("menu", a.text()) for a in menu.actions())


def english_on_screen(window: QWidget, fragments: list[str]) -> list[str]:
    """The English on screen: a piece of a sentence anywhere in a text, a short text as the
    whole text of a widget ("Paused", "Submit  ⏎")."""
    return sorted({f"{name}: {fragment!r} in {text[:80]!r}" for name, text in visible_texts(window)
                   for fragment in fragments
                   if (fragment in text if len(fragment.split()) >= 3
                       else fragment == text.strip().replace("&", ""))})


def key_column_side(key_help: QWidget) -> str:
    """Which side of the F1 list its key column (the bold cells) is on, as laid out at the
    label's width: "left", "right" or "mixed"."""
    label = key_help.table
    doc = QtGui.QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setHtml(label.text())
    doc.setTextWidth(max(200, label.width()))
    table = next(f for f in doc.rootFrame().childFrames() if isinstance(f, QtGui.QTextTable))
    layout = doc.documentLayout()
    sides = set()
    for row in range(table.rows()):
        blocks = [table.cellAt(row, c).firstCursorPosition().block()
                  for c in range(table.columns())]
        keys = [b for b in blocks if _bold(b)]
        words = [b for b in blocks if not _bold(b)]
        if keys and words:
            key_x = layout.blockBoundingRect(keys[0]).x()
            sides.add("right" if key_x > layout.blockBoundingRect(words[0]).x() else "left")
    assert sides, "no rows in the key list"
    return sides.pop() if len(sides) == 1 else "mixed"


def _bold(block: QtGui.QTextBlock) -> bool:
    it = block.begin()
    while not it.atEnd():
        if it.fragment().charFormat().fontWeight() >= QtGui.QFont.Weight.Bold:
            return True
        it += 1
    return False


def choose_language(pilot: Autopilot, tag: str) -> ParticipantScreen:
    """Pick `tag` on the code screen; the screen comes back in that language."""
    pilot.wait(lambda: isinstance(pilot.page, ParticipantScreen)
               and not pilot.window.writer.busy, "the code screen")
    page = pilot.page
    picker = page.findChild(QtWidgets.QComboBox, LANGUAGE_PICKER)
    assert picker is not None, "the study offers languages: the code screen has a picker"
    picker.setCurrentIndex(picker.findData(tag))
    pilot.wait(lambda: pilot.page is not page and isinstance(pilot.page, ParticipantScreen),
               "the code screen in the new language")
    return pilot.page


def finished_title() -> str:
    return QtCore.QCoreApplication.translate("ParticipantFlow", "Finished")


def walk(window: MainWindow, study: Path, tag: str, *, code: str = "P001",
         on_screen: Callable[[str, QWidget], None] = lambda _what, _page: None,
         ) -> tuple[list[str], set[str]]:
    """From the code screen to the end screen in `tag`; `on_screen(what, page)` is called on
    the code screen, every message screen, every trial, the first one's pause screen, and the end
    screen, and on a trial again once answered, when its answer is shown in words for a
    second look, and with its practice feedback. Returns the titles of the message screens met
    and the question kinds answered."""
    pilot = Autopilot(window, None)
    window.flow.open_study(study)
    pilot.wait(lambda: isinstance(pilot.page, ParticipantScreen), "the code screen")
    pilot.page.code.setText(code)  # typed before the language is picked: kept
    page = choose_language(pilot, tag)
    assert page.code.text() == code
    pilot.settle()
    on_screen("code", page)
    titles: list[str] = []
    paused = False
    kinds: set[str] = set()
    for _ in range(60):
        pilot.settle()
        page = pilot.page
        if isinstance(page, MessageScreen):
            titles.append(page.title.text())
            if page.title.text() == finished_title():
                on_screen("end", page)
                return titles, kinds
            on_screen("message", page)
        trial = window.flow.trial
        if page is not trial:
            pilot.step()
            continue
        pilot.wait(lambda t=trial: t.phase in ("ready", "trial"), "the trial")
        if trial.phase == "ready":
            on_screen("ready", page)
            pilot.press(QtCore.Qt.Key.Key_Space, " ")
        pilot.wait(lambda t=trial: t.phase == "trial" and t.onset_seen, "the trial")
        on_screen("trial", page)
        if not paused:
            assert trial.pause("pause")
            pilot.settle()
            on_screen("pause", trial.pause_page)
            trial.resume()
            window.toggle_key_help()  # F1: the keys of this trial, in the language
            pilot.settle()
            on_screen("keys", window.key_help)
            window.toggle_key_help()
            paused = True
        view = trial.view
        kinds.update(pilot.answer_trial())
        on_screen("answered", page)
        # Ctrl+Enter submits wherever the focus is (plain Enter is a new line in a comment).
        pilot.press(QtCore.Qt.Key.Key_Return, "", QtCore.Qt.KeyboardModifier.ControlModifier)
        if trial.awaiting_confirmation:  # a grouping or judgements, shown in words first
            on_screen("review", page)
            pilot.press(QtCore.Qt.Key.Key_Return, "", QtCore.Qt.KeyboardModifier.ControlModifier)
        pilot.wait(lambda t=trial, v=view: t.phase in ("feedback", "iti", "done")
                   or t.view is not v or pilot.page is not t, "the answer to be saved")
        if trial.phase == "feedback":
            pilot.settle()
            on_screen("feedback", page)
            pilot.press(QtCore.Qt.Key.Key_Space, " ")
        pilot.wait(lambda t=trial, v=view: pilot.page is not t or t.view is not v,
                   "the next screen")
    raise AssertionError(f"no end screen after 60 steps; screens met: {titles}")
