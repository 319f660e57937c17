"""Images of one case side by side in the clinician's viewer, with the case text above."""

from __future__ import annotations

from app.session.presentation import TrialView
from app.study.model import ImagesStimulus
from app.text_direction import resolve_direction
from widgets.images.cache import ImageCache
from widgets.images.panel import ImagePanel
from widgets.qt import Qt, QVBoxLayout, QWidget
from widgets.stimuli.base import StimulusWidget
from widgets.stimuli.layout import side_by_side
from widgets.stimuli.rich_text import RichTextView


class ImagesStimulusWidget(StimulusWidget):
    def __init__(self, view: TrialView, cache: ImageCache | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(view, parent)
        stim = view.stimulus
        assert isinstance(stim, ImagesStimulus)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        self.text: RichTextView | None = None
        if stim.text:
            direction = resolve_direction(view.direction, view.language, stim.text)
            self.text = RichTextView(stim.text, "markdown", [], None, direction=direction,
                                     font_factor=1.15)
            self.text.setContentsMargins(8, 6, 8, 0)
            layout.addWidget(self.text)
        self.panel = ImagePanel([view.image_path(ref.path) for ref in stim.images],
                                [ref.caption for ref in stim.images], cache,
                                presets=view.window_presets)
        if side_by_side(view.questions):  # the keys say left and right: in every language
            self.panel.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        self.panel.ready.connect(self.ready.emit)
        layout.addWidget(self.panel, 1)

    def is_ready(self) -> bool:
        return self.panel.is_ready()
