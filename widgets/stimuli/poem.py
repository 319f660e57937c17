"""A poem with the prompt it answers (form and theme), its title, and its line breaks kept."""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import PoemStimulus
from app.text_direction import resolve_direction
from widgets.direction import text_label
from widgets.qt import QLabel, QWidget
from widgets.stimuli.base import StimulusWidget
from widgets.stimuli.layout import block, scrolling_column
from widgets.typography import ScaledFonts, mute


class PoemStimulusWidget(StimulusWidget):
    def __init__(self, view: TrialView, parent: QWidget | None = None) -> None:
        super().__init__(view, parent)
        stim = view.stimulus
        assert isinstance(stim, PoemStimulus)
        fonts = ScaledFonts(self)
        column = scrolling_column(self)
        direction = resolve_direction(view.direction, view.language, stim.text)
        head = mute(QLabel("Prompt"))
        fonts.add(head, 0.95, bold=True)
        self.prompt = QLabel(f"Form: {stim.prompt.form}    ·    Theme: {stim.prompt.theme}")
        self.prompt.setWordWrap(True)
        fonts.add(self.prompt, 1.1)
        column.addWidget(block(head, self.prompt))
        self.title: QLabel | None = None
        if stim.title:
            self.title = text_label(stim.title, direction)
            fonts.add(self.title, 1.45, bold=True, serif=True)
            column.addWidget(self.title)
        # Plain text keeps every line break as written; long lines wrap softly.
        self.body = text_label(stim.text.strip("\n"), direction)
        fonts.add(self.body, 1.25, serif=True)
        column.addWidget(self.body)
        column.addStretch(1)
