"""Text stimuli: plain or Markdown, right to left where the item says or its language is,
with the item's images where `<image>` stands (and any image no placeholder takes, after it)."""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import TextStimulus
from app.text_direction import resolve_direction
from widgets.direction import apply_direction
from widgets.images.cache import ImageCache
from widgets.qt import QWidget
from widgets.stimuli.layout import ColumnStimulus
from widgets.stimuli.rich_text import (
    RichTextView,
    stimulus_image_paths,
    stimulus_placeholders,
    unplaced_images,
)

TEXT_FACTOR = 1.25


class TextStimulusWidget(ColumnStimulus):
    def __init__(self, view: TrialView, cache: ImageCache | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(view, parent)
        stim = view.stimulus
        assert isinstance(stim, TextStimulus)
        self.direction = resolve_direction(view.direction, view.language, stim.text)
        apply_direction(self, self.direction)
        placed = stimulus_image_paths(view)[:stimulus_placeholders(view)]
        self.body = RichTextView(stim.text, stim.format, placed, cache, direction=self.direction,
                                 font_factor=TEXT_FACTOR, trailing_images=unplaced_images(view))
        self.body.ready.connect(self.ready.emit)
        self.column.addWidget(self.body)
        self.column.addStretch(1)

    def is_ready(self) -> bool:
        return self.body.is_ready()
