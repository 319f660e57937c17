"""The code screen shows nobody but the person typing: no other participant's code anywhere
on the participant side (text, tool tip, accessible name, list or combo item, completion);
nothing of a code's person (progress, profile) shows while the code is typed, only once it is
confirmed, and a known code then resumes with its own progress and profile only. Walked in the
real window on a real SQLite file."""

from __future__ import annotations

import json
import random
from pathlib import Path

from shell_harness import ShellApp

from app.session.engine import SessionEngine, TrialScreenSpec
from app.session.standing import CONSENT_EVENT, consent_payload
from app.storage import open_database
from app.study.loader import load_study
from tests.kill_driver import step
from widgets.qt import QObject, Qt, QtCore, QtWidgets
from widgets.shell.message_screens import MessageScreen
from widgets.shell.participant_screen import ParticipantScreen

# Distinctive codes, so that finding one in a widget cannot be a coincidence.
OTHERS = {"ZX-4417": {"tier": "senior", "years": 12.0}, "QW-9031": {"tier": "primary"}}
ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.UserRole,
         Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.AccessibleDescriptionRole,
         Qt.ItemDataRole.StatusTipRole, Qt.ItemDataRole.WhatsThisRole)
TEXTS = ("text", "toolTip", "accessibleName", "accessibleDescription", "whatsThis", "statusTip",
         "placeholderText", "windowTitle", "title", "currentText", "toPlainText")


def _model_texts(model: QtCore.QAbstractItemModel) -> list[str]:
    out: list[str] = []
    top = QtCore.QModelIndex()
    try:
        cols = model.columnCount(top)
    except TypeError:  # a list model (a completer's) keeps columnCount private: one column
        cols = 1
    for r in range(model.rowCount(top)):
        for c in range(cols):
            index = model.index(r, c)
            out += [str(model.data(index, role)) for role in ROLES]
    return out


def readable_texts(root: QObject) -> list[str]:
    """Everything a person (or a screen reader) can read off `root` and its children."""
    out: list[str] = []
    for obj in [root, *root.findChildren(QObject)]:
        for name in TEXTS:
            getter = getattr(obj, name, None)
            if callable(getter):
                try:
                    value = getter()
                except TypeError:  # a same-named method that wants arguments
                    continue
                if isinstance(value, str):
                    out.append(value)
        if isinstance(obj, QtWidgets.QComboBox):
            out += [obj.itemText(i) for i in range(obj.count())]
            out += [str(obj.itemData(i)) for i in range(obj.count())]
        if isinstance(obj, QtWidgets.QAbstractItemView) and obj.model() is not None:
            out += _model_texts(obj.model())
        if isinstance(obj, QtWidgets.QLineEdit) and obj.completer() is not None:
            out += _model_texts(obj.completer().model())
        if isinstance(obj, QtWidgets.QWidget):
            out += [a.text() + a.toolTip() for a in obj.actions()]
    return out


def _database_with_others(folder: Path, url: str) -> None:
    """Two other participants: one mid-study with consent and an answer, one just started."""
    loaded = load_study(folder)
    db = open_database(url)
    first, second = OTHERS
    engine = SessionEngine(loaded, db, first, profile=OTHERS[first])
    engine.log(CONSENT_EVENT, consent_payload(loaded.study.consent))
    rng = random.Random(0)
    while not isinstance(screen := engine.next_screen(), TrialScreenSpec):
        step(engine, screen, rng)
    step(engine, screen, rng)  # one item answered
    engine.close()
    SessionEngine(loaded, db, second, profile=OTHERS[second]).close()
    db.close()


def _open_code_screen(qtbot, folder: Path, tmp_path: Path) -> tuple[ShellApp, ParticipantScreen]:
    url = f"sqlite:///{tmp_path / 'others.sqlite3'}"
    _database_with_others(folder, url)
    app = ShellApp(qtbot, url)
    app.flow.open_study(folder)
    page = app.wait_page(ParticipantScreen)
    assert isinstance(page, ParticipantScreen)
    return app, page


def _leaks(app: ShellApp, hidden: set[str]) -> list[str]:
    return [t for t in readable_texts(app.window) if any(code in t for code in hidden)]


def _type(app: ShellApp, page: ParticipantScreen, code: str) -> None:
    page.code.selectAll()
    app.qtbot.keyClick(page.code, Qt.Key.Key_Backspace)
    app.qtbot.keyClicks(page.code, code)


def test_no_other_code_is_readable_on_the_code_screen(qtbot, mini_study_dir: Path,
                                                      tmp_path: Path) -> None:
    app, page = _open_code_screen(qtbot, mini_study_dir, tmp_path)
    assert len(readable_texts(app.window)) > 20  # the walk reads the screen at all
    assert _leaks(app, set(OTHERS)) == []
    assert not page.findChildren(QtWidgets.QListWidget) and page.code.completer() is None
    # Typing the start of a code completes nothing and names nobody.
    page.code.setFocus()
    qtbot.keyClicks(page.code, "ZX")
    assert _leaks(app, set(OTHERS)) == []
    # A known code, typed: nothing of that person shows before it is confirmed.
    _type(app, page, "ZX-4417")
    assert not page.code_note.isVisible() and "Welcome" not in page.code_note.text()
    assert page.go_button.text().startswith("Continue")
    assert page.form.raw() == {"tier": "", "years": "", "email": ""}
    assert _leaks(app, {"QW-9031"}) == []
    app.key(Qt.Key.Key_Return)  # consent was given: straight back in, where they stopped
    welcome = app.wait_page(MessageScreen)
    assert "Welcome back: 1 of 9 items answered" in welcome.note.text()
    assert app.flow.controller is not None and app.flow.controller.code == "ZX-4417"
    app.close()


def test_a_typed_code_shows_nothing_of_its_person_until_confirmed(qtbot, mini_study_dir: Path,
                                                                   tmp_path: Path) -> None:
    app, page = _open_code_screen(qtbot, mini_study_dir, tmp_path)
    proceeded: list[tuple] = []
    page.proceed.connect(lambda *args: proceeded.append(args))
    page.code.setFocus()
    for code in ("ZX-4417", "QW-9031", "D-02"):
        _type(app, page, code)
        assert page.form.raw() == {"tier": "", "years": "", "email": ""}
        assert all(w.isEnabled() for w in page.form.inputs.values())
        assert page.code_note.text() == "" and page.go_button.isEnabled()
    # Confirmed, a known code resumes with the profile given at its first sitting, which the
    # form never showed for editing.
    _type(app, page, "ZX-4417")
    page.form.inputs["tier"].setCurrentIndex(1)  # typed by someone else: not taken
    page.submit()
    assert [(c, p) for c, p, _s in proceeded] == [("ZX-4417", OTHERS["ZX-4417"])]
    assert proceeded[0][2] is not None and proceeded[0][2].answered == 1
    app.close()


def test_a_simulated_or_finished_code_is_refused_only_when_confirmed(
        qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'others.sqlite3'}"
    _database_with_others(mini_study_dir, url)
    loaded = load_study(mini_study_dir)
    db = open_database(url)
    SessionEngine(loaded, db, "SIM001", profile={"tier": "senior"}, simulated=True).close()
    db.close()
    app = ShellApp(qtbot, url)
    app.flow.open_study(mini_study_dir)
    page = app.wait_page(ParticipantScreen)
    assert isinstance(page, ParticipantScreen)
    proceeded: list[tuple] = []
    page.proceed.connect(lambda *args: proceeded.append(args))
    page.code.setFocus()
    _type(app, page, "SIM001")
    assert page.code_note.text() == "" and page.form.raw()["tier"] == ""
    app.key(Qt.Key.Key_Return)
    assert page.code_note.text() == ("This is not one of this study's codes: check the card "
                                     "you were given.")
    assert page.form.raw()["tier"] == "" and proceeded == []
    assert not any("Senior" in t for t in readable_texts(page.code_note))
    app.close()


def test_a_code_outside_the_study_codes_is_refused_on_the_code_screen(
        qtbot, mini_study_dir: Path, tmp_path: Path) -> None:
    path = mini_study_dir / "study.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["participants"] = {"codes": {"ranges": [{"first": "P001", "last": "P060"}],
                                     "list": ["ZX-4417", "QW-9031"]}}
    path.write_text(json.dumps(raw), encoding="utf-8")
    app, page = _open_code_screen(qtbot, mini_study_dir, tmp_path)
    proceeded: list[tuple] = []
    page.proceed.connect(lambda *args: proceeded.append(args))
    page.form.inputs["tier"].setCurrentIndex(1)
    for typed in ("p 1x!", "P061", "P1", "p061"):
        _type(app, page, typed)
        app.key(Qt.Key.Key_Return)
        assert page.code_note.text() == ("This is not one of this study's codes: check the card "
                                         "you were given.")
        assert page.code.hasFocus() and proceeded == []
    _type(app, page, "p060")  # the card's code typed without Shift: the same card
    app.key(Qt.Key.Key_Return)
    assert [p[0] for p in proceeded] == ["P060"]
    app.close()
