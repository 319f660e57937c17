"""A query and its documents, numbered as shown. When a relevance or ranking question shows
the documents beside its own controls, only the query is shown here (no second copy)."""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import QueryDocumentsStimulus
from app.text_direction import resolve_direction
from widgets.direction import text_label
from widgets.qt import QHBoxLayout, QLabel, Qt, QWidget
from widgets.stimuli.layout import ColumnStimulus, block, shows_entries_itself
from widgets.typography import mute


class QueryStimulusWidget(ColumnStimulus):
    def __init__(self, view: TrialView, parent: QWidget | None = None) -> None:
        super().__init__(view, parent)
        stim = view.stimulus
        assert isinstance(stim, QueryDocumentsStimulus)
        head = mute(QLabel(self.tr("Query")))
        self.fonts.add(head, 0.95, bold=True)
        self.query = text_label(stim.query, resolve_direction(view.direction, view.language,
                                                              stim.query))
        self.fonts.add(self.query, 1.35, bold=True)
        self.column.addWidget(block(head, self.query))
        if stim.instruction:
            instruction = text_label(stim.instruction)
            mute(instruction)
            self.column.addWidget(instruction)
        self.documents: list[QLabel] = []
        if shows_entries_itself(view.questions):
            note = mute(QLabel(self.tr("%Ln document(s), shown with the question.", None,
                                       len(stim.documents))))
            self.column.addWidget(note)
        else:
            for number, document in enumerate(stim.documents, start=1):
                row = QWidget()
                line = QHBoxLayout(row)
                line.setContentsMargins(0, 0, 0, 0)
                num = mute(QLabel(str(number)))
                self.fonts.add(num, 1.1, bold=True)
                num.setFixedWidth(28)
                num.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
                text = text_label(document.text, resolve_direction(
                    view.direction, view.language, document.text))
                self.fonts.add(text, 1.1)
                line.addWidget(num)
                line.addWidget(text, 1)
                self.column.addWidget(block(row, margins=10))
                self.documents.append(text)
        self.column.addStretch(1)
