"""A set of short texts. A clustering or ranking question shows the cards itself (to drag),
so then only the intro text is shown here; otherwise the cards are laid out in a grid."""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import CardsStimulus
from app.text_direction import resolve_direction
from widgets.direction import text_label
from widgets.qt import QGridLayout, QLabel, QWidget
from widgets.stimuli.layout import ColumnStimulus, block, shows_entries_itself
from widgets.typography import mute

GRID_COLUMNS = 3


class CardsStimulusWidget(ColumnStimulus):
    def __init__(self, view: TrialView, parent: QWidget | None = None) -> None:
        super().__init__(view, parent)
        stim = view.stimulus
        assert isinstance(stim, CardsStimulus)
        self.intro: QLabel | None = None
        if stim.text:
            self.intro = text_label(stim.text, resolve_direction(view.direction, view.language,
                                                                 stim.text))
            self.fonts.add(self.intro, 1.25)
            self.column.addWidget(self.intro)
        self.cards: list[QLabel] = []
        if shows_entries_itself(view.questions):
            self.column.addWidget(mute(QLabel(f"{len(stim.cards)} cards, shown with the question.")))
        else:
            grid_box = QWidget()
            grid = QGridLayout(grid_box)
            grid.setContentsMargins(0, 0, 0, 0)
            grid.setSpacing(8)
            for index, card in enumerate(stim.cards):
                label = text_label(card.text, resolve_direction(view.direction, view.language,
                                                                card.text))
                self.fonts.add(label, 1.1)
                row, col = divmod(index, GRID_COLUMNS)
                grid.addWidget(block(label, margins=10), row, col)
                self.cards.append(label)
            self.column.addWidget(grid_box)
        self.column.addStretch(1)
