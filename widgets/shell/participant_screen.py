"""Who is taking part: the participant code, typed, and the study's profile fields.

The participant side never lists or hints at other participants (ARCHITECTURE.md, rule 11):
no list of codes, no completion, nothing in labels, tool tips or accessible names. The screen
only asks "is this code known?" through `lookup`, and only once the code is confirmed (Enter or
Continue): while it is typed nothing of that code's person shows. A confirmed known code
resumes with its stored profile (never shown here to edit); the next screen says how far that
person got. A code the study does not issue (`participants.codes`), or a simulated one, is
refused with a message for the participant; a code typed in the wrong letter case is taken in
the case the study issues it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from app.session.codes import (
    issued_form,
    participant_code_problem,
    participant_code_warning,
    study_code_problem,
)
from app.session.profile import check_profile
from app.session.standing import ParticipantStanding
from app.study.loader import LoadedStudy
from app.study.model import ProfileField
from widgets.qt import QtCore, QtGui, QtWidgets, QWidget, Signal
from widgets.shell.core_words import code_problem_text, profile_problem_text
from widgets.shell.language_picker import LANGUAGE_PICKER
from widgets.shell.page import Page
from widgets.typography import mute

CHOOSE = QtCore.QT_TRANSLATE_NOOP("ProfileForm", "Choose…")


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
                combo.addItem(self.tr(CHOOSE), "")
                for option in field.options:
                    combo.addItem(option.label, option.key)
                widget = combo
            else:
                line = QtWidgets.QLineEdit(self)
                if field.kind == "number":
                    bounds = [f"{b:g}" for b in (field.min, field.max) if b is not None]
                    line.setPlaceholderText(
                        self.tr("a number ({low} to {high})").format(low=bounds[0], high=bounds[1])
                        if len(bounds) == 2 else self.tr("a number"))
                widget = line
            optional = not field.required and "optional" not in field.label.lower()
            label = field.label + (self.tr("  (optional)") if optional else "")
            error = QtWidgets.QLabel("", self)
            error.setWordWrap(True)
            error.hide()
            form.addRow(label, widget)
            form.addRow(error)
            self.inputs[field.id] = widget
            self.errors[field.id] = error
            # A problem is about the answer it was found in: answering again clears it.
            if isinstance(widget, QtWidgets.QComboBox):
                widget.currentIndexChanged.connect(lambda _i, e=error: self._clear(e))
            else:
                widget.textChanged.connect(lambda _t, e=error: self._clear(e))

    @staticmethod
    def _clear(error: QtWidgets.QLabel) -> None:
        error.setText("")
        error.hide()

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


Lookup = Callable[[str], ParticipantStanding | None]


class ParticipantScreen(Page):
    """Emits `proceed(code, profile, standing)`: standing is None for a new participant.

    `lookup(code)` is the standing of exactly that code, or None: the screen is never handed
    the list of participants, so nothing on it can show one."""

    proceed = Signal(str, object, object)
    back = Signal()

    def __init__(self, loaded: LoadedStudy, lookup: Lookup,
                 *, code: str = "", parent: QWidget | None = None) -> None:
        super().__init__(loaded.study.title, parent)
        self.loaded = loaded
        self._lookup = lookup
        if loaded.study.description:
            about = mute(QtWidgets.QLabel(loaded.study.description))
            about.setWordWrap(True)
            self.body.addWidget(about)
        self.form = ProfileForm(list(loaded.study.profile_fields), self.column)
        self.code = QtWidgets.QLineEdit(self.form)
        self.code.setPlaceholderText(self.tr("the code on your card, e.g. P001"))
        self.code.setAccessibleName(self.tr("Participant code"))
        self.code.setClearButtonEnabled(True)
        self.code.textChanged.connect(self._code_changed)
        self.code_note = QtWidgets.QLabel("", self.form)
        self.code_note.setWordWrap(True)
        self.code_note.hide()
        # One form, so the code and the profile fields line up.
        self.form.form_layout.insertRow(0, self.tr("Participant code"), self.code)
        self.form.form_layout.insertRow(1, self.code_note)
        self.body.addWidget(self.form)
        self.body.addStretch(1)
        self.back_button = self.add_button(self.tr("Back"))
        self.back_button.clicked.connect(self.back.emit)
        self.go_button = self.add_button(self.tr("Continue  ⏎"), primary=True)
        self.go_button.clicked.connect(self.submit)
        self.code.setText(code)
        self._code_changed(code)
        self.code.setFocus()

    def initial_focus(self) -> QWidget:
        return self.code

    def typed_code(self) -> str:
        """The code typed, in the letter case the study issues it."""
        return issued_form(self.loaded.study, self.code.text())

    def standing(self) -> ParticipantStanding | None:
        """The standing of the code typed now (None: a new code). Asked only once the code is
        confirmed (Enter, Continue, or --participant): nothing of a code's person shows while
        it is being typed."""
        code = self.typed_code()
        return self._lookup(code) if code else None

    def _code_changed(self, text: str) -> None:
        self._note(self._code_warning(text))

    def _code_warning(self, text: str) -> str:
        warning = participant_code_warning(text)
        return self.tr("This looks like a person's name; participant codes should be "
                       "pseudonyms (such as P017).") if warning else ""

    def _note(self, text: str) -> None:
        self.code_note.setText(text)
        self.code_note.setVisible(bool(text))

    def _refuse(self, text: str) -> None:
        self._note(text)
        self.code.setFocus()

    def submit(self) -> None:
        code = self.typed_code()
        problem = participant_code_problem(code)
        if problem:
            self._refuse(code_problem_text(problem))
            return
        not_issued = self.tr("This is not one of this study's codes: check the card you "
                             "were given.")
        if study_code_problem(self.loaded.study, code):
            self._refuse(not_issued)
            return
        standing = self.standing()
        if standing is not None and standing.simulated:
            # Simulated answers are the designer's test data, never a person's to continue.
            self._refuse(not_issued)
            return
        if standing is not None:
            if standing.finished:
                self._refuse(self.tr("This code has already answered every item of this "
                                     "study. Check the code, or ask the study staff."))
                return
            # A returning participant continues with the profile given at the first sitting;
            # the next screen says how far they got.
            self.proceed.emit(code, dict(standing.profile), standing)
            return
        profile, problems = check_profile(self.loaded.study.profile_fields, self.form.raw())
        labels = {f.id: f.label for f in self.loaded.study.profile_fields}
        self.form.show_problems({k: profile_problem_text(labels.get(k, ""), v)
                                 for k, v in problems.items()})
        if not problems:
            self.proceed.emit(code, profile, None)

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        self._chain_tabs()

    def _chain_tabs(self) -> None:
        """Tab in reading order: language, code, the profile fields, Back, Continue (the
        widgets were made in another order, and the language picker is added afterwards)."""
        picker = self.findChild(QtWidgets.QComboBox, LANGUAGE_PICKER)
        chain = [w for w in (picker, self.code, *self.form.inputs.values(),
                             self.back_button, self.go_button) if w is not None]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def enter_pressed(self) -> bool:
        self.submit()
        return True

    def escape_pressed(self) -> bool:
        if not self.back_button.isHidden():
            self.back.emit()
        return True
