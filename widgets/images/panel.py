"""Several images side by side (one case's photographs) with one adjustment bar.

Brightness, contrast and local contrast apply to every image of the panel, so photographs of
one case stay comparable; Fit and 1:1 on the bar apply to all, while wheel and drag act on the
one image under the pointer, and the image keys (Alt+F, Alt+1, Alt +/-, Alt+arrows) on the one
with the focus or under the pointer, else on all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from app.dicom import Window
from app.imaging import Adjustment
from widgets.buttons import plain_button
from widgets.flow_layout import FlowLayout
from widgets.i18n import participant_percent
from widgets.images.cache import ImageCache
from widgets.images.viewer import ImageViewer
from widgets.qt import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from widgets.typography import mute

COLUMNS = 3  # more images than this wrap onto a second row


class AdjustmentBar(QWidget):
    """Fit, 1:1, brightness, contrast, CLAHE and reset for a list of viewers."""

    def __init__(self, viewers: Sequence[ImageViewer], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.viewers = list(viewers)
        # A flow, not a row: in a narrow window (a laptop, a large font) the controls wrap onto
        # a second row instead of holding the whole screen at the width of all of them.
        row = FlowLayout(self, spacing=10)
        row.setContentsMargins(0, 4, 0, 0)
        row.setSpacing(10)
        self.fit_button = self._button(self.tr("Fit  [Alt+F]"),
                                       self.tr("Fit each image in its frame"), self._fit)
        self.actual_button = self._button(self.tr("1:1  [Alt+1]"),
                                          self.tr("One image pixel per screen pixel"),
                                          self._actual)
        row.addWidget(self.fit_button)
        row.addWidget(self.actual_button)
        # The zoom of the image last zoomed, in screen pixels per image pixel.
        self.zoom_label = mute(QLabel(""))
        self.zoom_label.setMinimumWidth(self.zoom_label.fontMetrics().horizontalAdvance("3200%"))
        row.addWidget(self.zoom_label)
        for viewer in self.viewers:
            viewer.zoom_changed.connect(self._zoomed)
        # Brightness: -50%..+50% of full scale. Contrast: x0.5..x2 on a log scale (0 = x1).
        self.brightness = self._slider(row, self.tr("Brightness"))
        self.contrast = self._slider(row, self.tr("Contrast"))
        self.clahe = QCheckBox(self.tr("Local contrast (CLAHE)"))
        self.clahe.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.clahe.setToolTip(self.tr("Contrast-limited adaptive histogram equalisation: "
                                      "brings out detail in dark and bright regions"))
        self.clahe.toggled.connect(self._changed)
        row.addWidget(self.clahe)
        self.reset_button = self._button(self.tr("Reset"), self.tr("Fit, and undo every adjustment"),
                                         self.reset)
        row.addWidget(self.reset_button)

    def adjustment(self) -> Adjustment:
        return Adjustment(brightness=self.brightness.value() / 200.0,
                          contrast=round(2.0 ** (self.contrast.value() / 100.0), 4),
                          clahe=self.clahe.isChecked())

    def reset(self) -> None:
        for control in (self.brightness, self.contrast):
            control.setValue(0)
        self.clahe.setChecked(False)
        for viewer in self.viewers:
            viewer.reset()

    def _zoomed(self, zoom: float) -> None:
        self.zoom_label.setText(participant_percent(zoom))

    def _changed(self) -> None:
        adjustment = self.adjustment()
        for viewer in self.viewers:
            viewer.set_adjustment(adjustment)

    def _fit(self) -> None:
        for viewer in self.viewers:
            viewer.fit()

    def _actual(self) -> None:
        for viewer in self.viewers:
            viewer.actual_size()

    def _button(self, text: str, tip: str, slot: Callable[[], object]) -> QPushButton:
        return plain_button(text, slot, tip=tip)  # no focus: the keys live on the viewer

    def _slider(self, row: FlowLayout, label: str) -> QSlider:
        pair = QWidget(self)  # the label and its slider wrap together
        box = QHBoxLayout(pair)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(QLabel(label))
        slider = QSlider(Qt.Orientation.Horizontal)
        slider.setRange(-100, 100)
        slider.setValue(0)
        slider.setPageStep(20)
        slider.setMinimumWidth(90)
        slider.setMaximumWidth(160)
        # Tab reaches it; a click does not take the arrow keys away from the answers.
        slider.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        slider.setAccessibleName(label)
        slider.valueChanged.connect(self._changed)
        box.addWidget(slider)
        row.addWidget(pair)
        return slider


class ImagePanel(QWidget):
    """Viewers for `paths` in a row (wrapping after three), captions below, one bar."""

    ready = Signal()

    def __init__(self, paths: Sequence[Path], captions: Sequence[str | None] = (),
                 cache: ImageCache | None = None, parent: QWidget | None = None, *,
                 presets: Sequence[tuple[str, float, float]] = ()) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        grid = QGridLayout()
        grid.setSpacing(8)
        columns = min(COLUMNS, max(1, len(paths)))
        self.viewers: list[ImageViewer] = []
        self.captions: list[QLabel] = []
        for index in range(len(paths)):
            viewer = ImageViewer(cache)
            viewer.set_presets([(label, Window(c, w)) for label, c, w in presets])
            viewer.setAccessibleName(self.tr("Image {n}").format(n=index + 1))
            viewer.ready.connect(self._viewer_ready)
            caption_text = captions[index] if index < len(captions) else None
            number = self.tr("Image {n}").format(n=index + 1) if len(paths) > 1 else ""
            # A child from the start: a parentless label made visible is a window of its own,
            # shown for a moment (on the offscreen platform it takes the activation away from
            # the participant's window for good) while the next trial is built ahead.
            caption = QLabel(" · ".join(t for t in (number, caption_text or "") if t), self)
            caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
            caption.setWordWrap(True)
            caption.setVisible(bool(caption.text()))
            r, c = divmod(index, columns)
            grid.addWidget(viewer, 2 * r, c)
            grid.addWidget(caption, 2 * r + 1, c)
            grid.setRowStretch(2 * r, 1)
            self.viewers.append(viewer)
            self.captions.append(caption)
        layout.addLayout(grid, 1)
        self.bar = AdjustmentBar(self.viewers)
        layout.addWidget(self.bar)
        self._announced = False
        for viewer, path in zip(self.viewers, paths, strict=True):
            viewer.set_image(path)

    def is_ready(self) -> bool:
        return all(v.is_ready() for v in self.viewers)

    def _viewer_ready(self) -> None:
        if self.is_ready() and not self._announced:
            self._announced = True
            self.ready.emit()
