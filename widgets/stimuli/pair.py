"""Two texts to compare (STS), each in its own box under its label."""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import PairStimulus
from app.text_direction import resolve_direction
from widgets.direction import text_label
from widgets.qt import QLabel, QWidget
from widgets.stimuli.layout import ColumnStimulus, block
from widgets.typography import mute


class PairStimulusWidget(ColumnStimulus):
    def __init__(self, view: TrialView, parent: QWidget | None = None) -> None:
        super().__init__(view, parent)
        stim = view.stimulus
        assert isinstance(stim, PairStimulus)
        self.texts: list[QLabel] = []
        # The format's default captions are the app's words; a study's own are shown as written.
        defaults = {"Sentence 1": self.tr("Sentence 1"), "Sentence 2": self.tr("Sentence 2")}
        for caption, text in ((defaults.get(stim.label_a, stim.label_a), stim.text_a),
                              (defaults.get(stim.label_b, stim.label_b), stim.text_b)):
            direction = resolve_direction(view.direction, view.language, text)
            head = mute(QLabel(caption))
            self.fonts.add(head, 0.95, bold=True)
            body = text_label(text, direction)
            self.fonts.add(body, 1.25)
            self.texts.append(body)
            self.column.addWidget(block(head, body))
        self.column.addStretch(1)
