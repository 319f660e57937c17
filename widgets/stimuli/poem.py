"""A poem with the prompt it answers (form and theme), its title, and its line breaks kept."""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import PoemStimulus
from app.text_direction import resolve_direction
from widgets.direction import text_label
from widgets.qt import QLabel, QWidget
from widgets.stimuli.layout import ColumnStimulus, block
from widgets.typography import mute


class PoemStimulusWidget(ColumnStimulus):
    def __init__(self, view: TrialView, parent: QWidget | None = None) -> None:
        super().__init__(view, parent)
        stim = view.stimulus
        assert isinstance(stim, PoemStimulus)
        direction = resolve_direction(view.direction, view.language, stim.text)
        head = mute(QLabel(self.tr("Prompt")))
        self.fonts.add(head, 0.95, bold=True)
        self.prompt = QLabel(self.tr("Form: {form}    ·    Theme: {theme}").format(
            form=stim.prompt.form, theme=stim.prompt.theme))
        self.prompt.setWordWrap(True)
        self.fonts.add(self.prompt, 1.1)
        self.column.addWidget(block(head, self.prompt))
        self.title: QLabel | None = None
        if stim.title:
            self.title = text_label(stim.title, direction)
            self.fonts.add(self.title, 1.45, bold=True, serif=True)
            self.column.addWidget(self.title)
        # Plain text keeps every line break as written; long lines wrap softly.
        self.body = text_label(stim.text.strip("\n"), direction)
        self.fonts.add(self.body, 1.25, serif=True)
        self.column.addWidget(self.body)
        self.column.addStretch(1)
