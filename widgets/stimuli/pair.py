"""Two texts: one above the other under their labels (STS), or side by side, left and right,
when a question compares them (its keys then name the sides)."""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import PairStimulus
from app.text_direction import resolve_direction
from widgets.direction import text_label
from widgets.qt import QFrame, QHBoxLayout, QLabel, Qt, QWidget
from widgets.stimuli.layout import ColumnStimulus, block, side_by_side
from widgets.typography import mute


class PairStimulusWidget(ColumnStimulus):
    def __init__(self, view: TrialView, parent: QWidget | None = None) -> None:
        super().__init__(view, parent)
        stim = view.stimulus
        assert isinstance(stim, PairStimulus)
        self.texts: list[QLabel] = []
        self.boxes: list[QFrame] = []
        # The format's default captions are the app's words; a study's own are shown as written.
        defaults = {"Sentence 1": self.tr("Sentence 1"), "Sentence 2": self.tr("Sentence 2")}
        row: QHBoxLayout | None = None
        if side_by_side(view.questions):
            sides = QWidget()
            # Left is left in every language (a right-to-left one mirrors rows otherwise);
            # each text keeps its own direction.
            sides.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
            row = QHBoxLayout(sides)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(14)
            self.column.addWidget(sides)
        for caption, text in ((defaults.get(stim.label_a, stim.label_a), stim.text_a),
                              (defaults.get(stim.label_b, stim.label_b), stim.text_b)):
            direction = resolve_direction(view.direction, view.language, text)
            head = mute(QLabel(caption))
            self.fonts.add(head, 0.95, bold=True)
            body = text_label(text, direction)
            self.fonts.add(body, 1.25)
            self.texts.append(body)
            box = block(head, body)
            self.boxes.append(box)
            if row is not None:
                body.setAlignment(Qt.AlignmentFlag.AlignTop | body.alignment())
                row.addWidget(box, 1, Qt.AlignmentFlag.AlignTop)
            else:
                self.column.addWidget(box)
        self.column.addStretch(1)
