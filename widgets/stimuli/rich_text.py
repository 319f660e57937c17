"""Text with images where `<image>` stands: for stimuli and for question prompts (SpinBench).

The text is cut at each placeholder into label segments (plain or Markdown) with an image
between them; consecutive placeholders (`<image> <image>`) put their images side by side in one
row. Images scale down to the row's width and the window's height, never beyond their own size.
`prompt_images` says which of an item's images a question prompt's placeholders take: the
stimulus text takes the first ones, then each prompt in question order (the order the study
checker counts them in).

    view = RichTextView(text, "markdown", paths, cache, direction="rtl")
    view.ready / view.is_ready()     # every image decoded (or failed, with its message shown)
    prompt = make_prompt_view(trial_view, question, cache)   # for the question panel
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from app.session.presentation import TrialView
from app.study.checks import IMAGE_PLACEHOLDER
from app.study.fit import MIN_ROW_HEIGHT, MIN_STACKED_ROW
from app.study.model import ImagesStimulus, Question, TextStimulus
from app.text_direction import resolve_direction
from widgets.direction import apply_direction
from widgets.images.cache import ImageCache, screen_target
from widgets.images.inline import MAX_HEIGHT, InlineImage
from widgets.qt import QHBoxLayout, QLabel, QResizeEvent, Qt, QVBoxLayout, QWidget, Signal
from widgets.typography import ScaledFonts

WINDOW_SHARE = 0.42  # of the window's height, for one row of images (text and buttons need the rest)
ALL_ROWS_SHARE = 0.45  # of the window's height, for all the rows of one text together
# MIN_ROW_HEIGHT, MIN_STACKED_ROW: below these a row of images is no longer worth looking at
# (a lone row; one of several stacked); the core's fit estimate for `validate` counts with them.


def stimulus_image_paths(view: TrialView) -> list[Path]:
    stim = view.stimulus
    if isinstance(stim, TextStimulus | ImagesStimulus):
        return [view.image_path(ref.path) for ref in stim.images]
    return []


def stimulus_placeholders(view: TrialView) -> int:
    stim = view.stimulus
    return stim.text.count(IMAGE_PLACEHOLDER) if isinstance(stim, TextStimulus) else 0


def prompt_images(view: TrialView, question: Question) -> list[Path]:
    """The images for `question.prompt`'s placeholders, in order."""
    paths = stimulus_image_paths(view)
    start = stimulus_placeholders(view)
    for other in view.questions:
        if other.id == question.id:
            return paths[start:start + other.prompt.count(IMAGE_PLACEHOLDER)]
        start += other.prompt.count(IMAGE_PLACEHOLDER)
    return []


def unplaced_images(view: TrialView) -> list[Path]:
    """Images no placeholder takes: shown after the stimulus text so none is hidden."""
    used = stimulus_placeholders(view) + sum(q.prompt.count(IMAGE_PLACEHOLDER)
                                             for q in view.questions)
    return stimulus_image_paths(view)[used:]


class RichTextView(QWidget):
    ready = Signal()

    def __init__(self, text: str, text_format: str, images: Sequence[Path],
                 cache: ImageCache | None, *, direction: str = "ltr", font_factor: float = 1.0,
                 trailing_images: Sequence[Path] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._announced = True  # no `ready` while building; the check at the end decides
        apply_direction(self, direction)
        self.fonts = ScaledFonts(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        self.labels: list[QLabel] = []
        self.images: list[InlineImage] = []
        pieces = text.split(IMAGE_PLACEHOLDER)
        queue = list(images)
        self.rows: list[ImageRow] = []
        row: ImageRow | None = None  # consecutive placeholders ("<image> <image>") share a row
        for index, piece in enumerate(pieces):
            if piece.strip() or index == 0:
                row = None
            if piece.strip():
                # Plain text: the spaces around a placeholder would indent the next line.
                label = QLabel(piece.strip() if text_format == "plain" else piece)
                label.setTextFormat(Qt.TextFormat.MarkdownText if text_format == "markdown"
                                    else Qt.TextFormat.PlainText)
                label.setWordWrap(True)
                label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                self.fonts.add(label, font_factor)
                layout.addWidget(label)
                self.labels.append(label)
            if index < len(pieces) - 1:
                if queue:
                    if row is None:
                        row = ImageRow()
                        layout.addWidget(row)
                        self.rows.append(row)
                    row.add(self._make_image(queue.pop(0), cache))
                else:  # the checker refuses this; say so rather than drop it silently
                    missing = QLabel(self.tr("[image missing]"))
                    layout.addWidget(missing)
                    self.labels.append(missing)
        for path in trailing_images:
            trailing = ImageRow()
            trailing.add(self._make_image(path, cache))
            layout.addWidget(trailing)
            self.rows.append(trailing)
        for each in self.rows:
            each.finish()
            # Stacked rows share the height: each at most the window's share for one row, all
            # together at most ALL_ROWS_SHARE, so that a reference and its candidates are seen
            # without scrolling (scrolling time would count in a timed item's response time).
            each.rows_in_view = len(self.rows)
        self._announced = False
        self._check_ready()

    def _make_image(self, path: Path, cache: ImageCache | None) -> InlineImage:
        image = InlineImage(path, cache, target=cache.default_size if cache else screen_target())
        image.ready.connect(self._check_ready)
        self.images.append(image)
        return image

    def is_ready(self) -> bool:
        return all(image.is_ready() for image in self.images)

    def plain_text(self) -> str:
        return "\n".join(label.text() for label in self.labels)

    def _check_ready(self) -> None:
        if self.is_ready() and not self._announced:
            self._announced = True
            self.ready.emit()


class ImageRow(QWidget):
    """Images whose placeholders follow one another, side by side: each gets an equal share of
    the width, and all of them at most a share of the window's height (WINDOW_SHARE) so that a
    pair and the question under it fit on the screen without scrolling when they can."""

    def __init__(self) -> None:
        super().__init__()
        self.box = QHBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(12)
        self.images: list[InlineImage] = []
        self.rows_in_view = 1  # image rows in the same text (RichTextView sets it)

    def add(self, image: InlineImage) -> None:
        self.box.addWidget(image, 1)
        self.images.append(image)

    def finish(self) -> None:
        if len(self.images) == 1:  # a lone image keeps to the middle, at its own size
            self.box.insertStretch(0, 0)
            self.box.addStretch(0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        height = self.window().height()
        cap = max(MIN_ROW_HEIGHT, min(MAX_HEIGHT * 2, int(height * WINDOW_SHARE)))
        if self.rows_in_view > 1:
            shared = int(height * ALL_ROWS_SHARE / self.rows_in_view)
            cap = min(cap, max(MIN_STACKED_ROW, shared))
        if any(image.max_height != cap for image in self.images):
            for image in self.images:
                image.max_height = cap
                image.updateGeometry()


def make_prompt_view(view: TrialView, question: Question, cache: ImageCache | None,
                     *, font_factor: float = 1.1, parent: QWidget | None = None) -> RichTextView:
    """A question's prompt (Markdown) with its images in place, for the question panel."""
    direction = resolve_direction(view.direction, view.language, question.prompt)
    return RichTextView(question.prompt, "markdown", prompt_images(view, question), cache,
                        direction=direction, font_factor=font_factor, parent=parent)
