"""A set of short texts. A clustering or ranking question shows the cards itself (to drag),
so then only the intro text is shown, as a caption line above the question (header_only);
otherwise the cards are laid out in a grid."""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import CardsStimulus
from app.text_direction import resolve_direction
from widgets.direction import text_label
from widgets.qt import QGridLayout, QLabel, QResizeEvent, QScrollArea, Qt, QWidget
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
        self._header = shows_entries_itself(view.questions)
        if self._header:
            # The question shows the cards to sort: this is only the caption line above it.
            if self.intro is None:
                self.intro = mute(QLabel(self.tr("%Ln card(s) to sort below.", None, len(stim.cards))))
                self.column.addWidget(self.intro)
            self.column.setContentsMargins(0, 0, 0, 0)
            scroll = self.findChild(QScrollArea, "stimulusScroll")
            if scroll is not None:  # a caption starts where the question below it starts
                scroll.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
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

    def header_only(self) -> bool:
        return self._header

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._header and self.intro is not None:
            # As tall as the caption at this width, no taller: the rest goes to the question.
            self.setMaximumHeight(self.intro.heightForWidth(max(1, self.width())) + 8)
