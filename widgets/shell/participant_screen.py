"""Who is taking part: a participant code (typed, or picked from those already in the database)
and the study's profile fields. An existing code resumes: its profile is kept, and the button
says how far that person got ("Resume: 3 of 9 answered")."""

from __future__ import annotations

from typing import Any

from app.session.codes import participant_code_problem, participant_code_warning
from app.session.profile import check_profile
from app.session.standing import ParticipantStanding
from app.study.loader import LoadedStudy
from app.study.model import ProfileField
from widgets.qt import Qt, QtWidgets, QWidget, Signal
from widgets.shell.page import Page
from widgets.typography import mute

CHOOSE = "Choose…"


class ProfileForm(QWidget):
    """One input per profile field (choice: a drop-down, number and text: a line), with the
    problem of each field shown right under it."""

    def __init__(self, fields: list[ProfileField], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fields = fields
        self.inputs: dict[str, QtWidgets.QComboBox | QtWidgets.QLineEdit] = {}
        self.errors: dict[str, QtWidgets.QLabel] = {}
        self.form_layout = form = QtWidgets.QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setVerticalSpacing(12)
        form.setHorizontalSpacing(16)
        # Each question above its field, fields and messages as wide as the column, and each
        # message a row of its own (the form gives those the height their wrapped text needs;
        # inside a nested layout beside a long question they were cut off).
        form.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QtWidgets.QFormLayout.RowWrapPolicy.WrapAllRows)
        for field in fields:
            widget: QtWidgets.QComboBox | QtWidgets.QLineEdit
            if field.kind == "choice":
                combo = QtWidgets.QComboBox(self)
                combo.addItem(CHOOSE, "")
                for option in field.options:
                    combo.addItem(option.label, option.key)
                widget = combo
            else:
                line = QtWidgets.QLineEdit(self)
                if field.kind == "number":
                    bounds = [f"{b:g}" for b in (field.min, field.max) if b is not None]
                    line.setPlaceholderText("a number" + (f" ({' to '.join(bounds)})"
                                                          if len(bounds) == 2 else ""))
                widget = line
            optional = not field.required and "optional" not in field.label.lower()
            label = field.label + ("  (optional)" if optional else "")
            error = QtWidgets.QLabel("", self)
            error.setWordWrap(True)
            error.hide()
            form.addRow(label, widget)
            form.addRow(error)
            self.inputs[field.id] = widget
            self.errors[field.id] = error

    def set_editable(self, editable: bool) -> None:
        """A returning participant's profile is shown as stored, not edited."""
        for widget in self.inputs.values():
            widget.setEnabled(editable)

    def raw(self) -> dict[str, str]:
        out = {}
        for field_id, widget in self.inputs.items():
            if isinstance(widget, QtWidgets.QComboBox):
                out[field_id] = str(widget.currentData() or "")
            else:
                out[field_id] = widget.text()
        return out

    def fill(self, profile: dict[str, Any]) -> None:
        for field_id, widget in self.inputs.items():
            value = profile.get(field_id)
            if isinstance(widget, QtWidgets.QComboBox):
                index = widget.findData("" if value is None else str(value))
                widget.setCurrentIndex(max(0, index))
            else:
                widget.setText("" if value is None else (f"{value:g}" if isinstance(value, float)
                                                         else str(value)))

    def show_problems(self, problems: dict[str, str]) -> None:
        for field_id, label in self.errors.items():
            message = problems.get(field_id, "")
            label.setText(message)
            label.setVisible(bool(message))
        first = next((f.id for f in self.fields if f.id in problems), None)
        if first is not None:
            self.inputs[first].setFocus()


class ParticipantScreen(Page):
    """Emits `proceed(code, profile, standing)`: standing is None for a new participant."""

    proceed = Signal(str, object, object)
    back = Signal()

    def __init__(self, loaded: LoadedStudy, standings: list[ParticipantStanding],
                 *, code: str = "", parent: QWidget | None = None) -> None:
        super().__init__(loaded.study.title, parent)
        self.loaded = loaded
        self.standings = {s.code: s for s in standings}
        if loaded.study.description:
            about = mute(QtWidgets.QLabel(loaded.study.description))
            about.setWordWrap(True)
            self.body.addWidget(about)
        self.form = ProfileForm(list(loaded.study.profile_fields), self.column)
        self.code = QtWidgets.QLineEdit(self.form)
        self.code.setPlaceholderText("e.g. P001")
        self.code.setClearButtonEnabled(True)
        completer = QtWidgets.QCompleter(sorted(self.standings), self.code)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.code.setCompleter(completer)
        self.code.textChanged.connect(self._code_changed)
        self.code_note = QtWidgets.QLabel("", self.form)
        self.code_note.setWordWrap(True)
        self.code_note.hide()
        # One form, so the code and the profile fields line up.
        self.form.form_layout.insertRow(0, "Participant code", self.code)
        self.form.form_layout.insertRow(1, self.code_note)
        self.body.addWidget(self.form)
        if self.standings:
            known = mute(QtWidgets.QLabel("Already in this database (pick one to resume):"))
            self.body.addWidget(known)
            self.known = QtWidgets.QListWidget(self.column)
            for s in sorted(self.standings.values(), key=lambda s: s.code):
                state = "finished" if s.finished else f"{s.answered} of {s.total} answered"
                item = QtWidgets.QListWidgetItem(f"{s.code}  ·  {state}")
                item.setData(Qt.ItemDataRole.UserRole, s.code)
                self.known.addItem(item)
            self.known.itemActivated.connect(
                lambda item: self.code.setText(str(item.data(Qt.ItemDataRole.UserRole))))
            self.known.currentItemChanged.connect(
                lambda item, _prev: item is not None
                and self.code.setText(str(item.data(Qt.ItemDataRole.UserRole))))
            self.body.addWidget(self.known, 1)
        else:
            self.body.addStretch(1)
        self.back_button = self.add_button("Back")
        self.back_button.clicked.connect(self.back.emit)
        self.go_button = self.add_button("Continue  ⏎", primary=True)
        self.go_button.clicked.connect(self.submit)
        self.code.setText(code)
        self._code_changed(code)
        self.code.setFocus()

    def initial_focus(self) -> QWidget:
        return self.code

    def standing(self) -> ParticipantStanding | None:
        return self.standings.get(self.code.text().strip())

    def _code_changed(self, text: str) -> None:
        standing = self.standings.get(text.strip())
        self.form.set_editable(standing is None)
        self.form.show_problems({})
        if standing is None:
            self._note(participant_code_warning(text) or "")
            self.go_button.setText("Continue  ⏎")
            self.go_button.setEnabled(True)
            return
        self.form.fill(standing.profile)
        if standing.finished:
            self._note(f"{text} has already answered all {standing.total} items.")
            self.go_button.setEnabled(False)
        else:
            self._note(f"Welcome back. {standing.answered} of {standing.total} items answered; "
                       "you continue where you stopped.")
            self.go_button.setText(f"Resume ({standing.answered} of {standing.total})  ⏎")
            self.go_button.setEnabled(True)

    def _note(self, text: str) -> None:
        self.code_note.setText(text)
        self.code_note.setVisible(bool(text))

    def submit(self) -> None:
        code = self.code.text().strip()
        problem = participant_code_problem(code)
        if problem:
            self._note(problem[0].upper() + problem[1:] + ".")
            self.code.setFocus()
            return
        standing = self.standings.get(code)
        if standing is not None:
            if not standing.finished:
                self.proceed.emit(code, dict(standing.profile), standing)
            return
        profile, problems = check_profile(self.loaded.study.profile_fields, self.form.raw())
        self.form.show_problems(problems)
        if not problems:
            self.proceed.emit(code, profile, None)

    def enter_pressed(self) -> bool:
        self.submit()
        return True

    def escape_pressed(self) -> bool:
        self.back.emit()
        return True
