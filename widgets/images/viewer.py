"""One image, for looking closely: zoom, pan, fit or actual size, brightness/contrast/CLAHE.

Keys hold Alt, so that they never mean an answer (on a trial the plain keys answer, wherever
the focus is): Alt + / Alt - zoom, Alt+F fit, Alt+1 actual size (one image pixel per screen
pixel), Alt+arrows pan. On a trial the trial screen applies them (widgets/shell/trial_keys.py)
to the image with the focus, else the one under the pointer, else all; a viewer on its own
takes them while it has the focus. The wheel zooms around the pointer; dragging pans; a double click toggles fit / actual.
A DICOM image (app/dicom.py) opens with the file's own window (WindowCenter / WindowWidth) and
is windowed as radiology viewers do: a right-drag changes the width (across) and the level
(up and down); Alt+] / Alt+[ widen / narrow the window, Alt+PgUp / Alt+PgDn raise / lower the
level, Alt+I inverts, Alt+0 goes back to the file's window, Alt+2..Alt+9 choose the study's
presets (`set_presets`). The current window is shown in a corner; nothing else of the file is.
Scene coordinates are the original file's pixels, so the zoom is the same whether the decode
on screen is the screen-sized one or a sharper one fetched when the participant zooms in.
A file that cannot be decoded shows its message in place of the image.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from pathlib import Path

import numpy as np

from app.dicom import DicomImage, Window
from app.imaging import Adjustment, DecodedImage, ImageError, adjust, decode_image
from widgets.images.array_item import ArrayItem
from widgets.images.cache import ImageCache, screen_target
from widgets.qt import (
    QEvent,
    QFrame,
    QGraphicsScene,
    QGraphicsView,
    QKeyEvent,
    QLabel,
    QMouseEvent,
    QPainter,
    QPalette,
    QPoint,
    QPointF,
    QResizeEvent,
    QRunnable,
    QSizePolicy,
    Qt,
    QtCore,
    QtGui,
    QThreadPool,
    QTimer,
    QTransform,
    QtWidgets,
    QWheelEvent,
    QWidget,
    Signal,
)
from widgets.tasks import deliver_weakly, gui_relay

MAX_ZOOM = 32.0  # screen pixels per image pixel
SHARP_LIMIT = (8192, 8192)  # the sharpest decode asked for when zooming in
KEY_ZOOM = 1.25
SYNC_PIXELS = 4_000_000  # adjust larger decodes in a worker thread
# Qt's pixmap cache holds each fitted image as drawn (below); its default 10 MB would not hold
# the current trial's images and the next one's, built ahead (widgets/shell/trial_body.py).
PIXMAP_CACHE_KB = 32 * 1024


# Alt + key -> action (see `image_key`).
IMAGE_KEYS: dict[Qt.Key, str] = {
    Qt.Key.Key_Plus: "zoom_in", Qt.Key.Key_Equal: "zoom_in", Qt.Key.Key_Minus: "zoom_out",
    Qt.Key.Key_F: "fit", Qt.Key.Key_1: "actual", Qt.Key.Key_Left: "left",
    Qt.Key.Key_Right: "right", Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down",
    # DICOM window / level (ignored by other images)
    Qt.Key.Key_BracketRight: "window_wider", Qt.Key.Key_BracketLeft: "window_narrower",
    Qt.Key.Key_PageUp: "level_up", Qt.Key.Key_PageDown: "level_down",
    Qt.Key.Key_I: "invert", Qt.Key.Key_0: "window_reset",
    Qt.Key.Key_Period: "frame_next", Qt.Key.Key_Comma: "frame_previous",
    **{getattr(Qt.Key, f"Key_{n}"): f"preset_{n - 1}" for n in range(2, 10)},
}
WINDOW_STEP = 1.15  # Alt+] / Alt+[: the width times or divided by this
LEVEL_STEP = 0.05  # Alt+PgUp / Alt+PgDn: the level moved by this share of the width
DRAG_RANGE = 1.0  # a right-drag across the whole view changes the width by this many widths
# The keys as a participant reads them (buttons, tool tips, the F1 key help).
# Translated where they are shown (trial_keys.trial_key_help, context "ImageViewer").
KEY_HELP = ((QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt+F"),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "fit the images")),
            (QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt+1"),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "actual size (1:1)")),
            (QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt + / Alt −"),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "zoom in / out (or the mouse wheel)")),
            (QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt+arrows"),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "move around a zoomed image (or drag it)")),
            (QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt+] / Alt+["),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "DICOM: wider / narrower window "
                                      "(or drag across with the right button)")),
            (QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt+PgUp / Alt+PgDn"),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "DICOM: raise / lower the level "
                                      "(or drag up and down with the right button)")),
            (QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt+I · Alt+0 · Alt+2..9"),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "DICOM: invert · the file's window · "
                                      "the study's presets")),
            (QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt+. / Alt+,"),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "DICOM: next / previous frame (or the "
                                      "slider under a multi-frame image)")),
            (QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt+B / Alt+Shift+B"),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "brighter / darker")),
            (QtCore.QT_TRANSLATE_NOOP("ImageViewer", "Alt+C / Alt+Shift+C"),
             QtCore.QT_TRANSLATE_NOOP("ImageViewer", "more / less contrast")))
# Alt + key -> an adjustment of every image of the panel (the sliders' step); with Shift, the
# other way. Not viewer actions: brightness and contrast are the panel's (AdjustmentBar).
ADJUST_KEYS: dict[Qt.Key, tuple[str, str]] = {
    Qt.Key.Key_B: ("brighter", "darker"), Qt.Key.Key_C: ("more_contrast", "less_contrast"),
}
ADJUST_ACTIONS = frozenset(a for pair in ADJUST_KEYS.values() for a in pair)


def image_key(event: QKeyEvent) -> str | None:
    """The viewer action of an Alt+key press (Shift and the keypad allowed: + is Shift+= on
    many keyboards), else None."""
    mods = event.modifiers() & ~(Qt.KeyboardModifier.KeypadModifier |
                                 Qt.KeyboardModifier.ShiftModifier)
    if mods != Qt.KeyboardModifier.AltModifier:
        return None
    key = Qt.Key(event.key())
    if key in ADJUST_KEYS:
        shifted = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        return ADJUST_KEYS[key][1 if shifted else 0]
    return IMAGE_KEYS.get(key)


class _AdjustJob(QRunnable):
    """Holds the viewer by a weak reference and posts through the application's relay: the
    pool's thread must never hold the last reference to a QObject (widgets.tasks says why)."""

    def __init__(self, viewer: ImageViewer, generation: int, decoded: DecodedImage,
                 adjustment: Adjustment, shown: DecodedImage | None = None) -> None:
        super().__init__()
        self.viewer_ref, self.relay, self.generation = weakref.ref(viewer), gui_relay(), generation
        self.decoded, self.adjustment = decoded, adjustment
        self.shown = shown or decoded  # the viewer's image (`decoded` may be it windowed)

    def run(self) -> None:
        rgb = adjust(self.decoded.rgb, self.adjustment)
        self.relay.post(deliver_weakly, self.viewer_ref, "_show_adjusted", self.generation,
                        self.shown, self.adjustment, rgb)


class ImageViewer(QGraphicsView):
    ready = Signal()  # the image (or its error message) is on screen
    zoom_changed = Signal(float)  # screen pixels per image pixel

    def __init__(self, cache: ImageCache | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cache = cache
        self._scene = QGraphicsScene(self)
        self.setScene(self._scene)
        self._item = ArrayItem()
        if QtGui.QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            QtGui.QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self._scene.addItem(self._item)
        self._key: str | None = None
        self._decoded: DecodedImage | None = None
        self._error: str | None = None
        self._adjustment = Adjustment()
        self._shown_adjustment: Adjustment | None = None
        self._shown_state: tuple[Adjustment, Window | None, bool] | None = None
        self._fit_mode = True
        self._asked_sharp = False
        self._apply_timer = QTimer(self)
        self._apply_timer.setSingleShot(True)
        self._apply_timer.setInterval(0)  # coalesce a slider drag's many moves into one redraw
        self._apply_timer.timeout.connect(self.flush)
        self._generation = 0
        # DICOM window / level: None is the file's window; `_invert` flips the file's sense.
        self._window: Window | None = None
        self._invert = False
        self._presets: list[tuple[str, Window]] = []
        self._drag_from: QPointF | None = None
        self._drag_window: Window | None = None

        self.setRenderHints(QPainter.RenderHint.SmoothPixmapTransform |
                            QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 160)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setStyleSheet("ImageViewer { border: 2px solid transparent; border-radius: 4px; }"
                           "ImageViewer:focus { border: 2px solid palette(highlight); }")
        self.setBackgroundBrush(self.palette().color(QPalette.ColorRole.Mid))

        self._message = QLabel(self.viewport())
        self._message.setWordWrap(True)
        self._message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._message.setStyleSheet("QLabel { background: palette(base); color: palette(text);"
                                    " border-radius: 6px; padding: 12px; }")
        self._message.hide()
        # A child of the view, not of its viewport: scrolling a zoomed image moves the
        # viewport's children along with the picture.
        self._window_label = QLabel(self)
        self._window_label.setStyleSheet("QLabel { background: rgba(0, 0, 0, 150); color: white;"
                                         " border-radius: 4px; padding: 2px 6px; }")
        self._window_label.hide()
        self._frame_slider = QtWidgets.QSlider(Qt.Orientation.Horizontal, self)
        self._frame_slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay the answers'
        self._frame_slider.setAccessibleName(self.tr("Frame"))
        self._frame_slider.valueChanged.connect(self.set_frame)
        self._frame_slider.hide()
        if cache is not None:
            cache.loaded.connect(self._on_loaded)

    # ------------------------------------------------------------------ content

    def set_image(self, path: Path | str) -> None:
        """Show the image at `path`: from the cache (now or when decoded), else decoded here."""
        self._key = ImageCache.key(path)
        self._asked_sharp = False
        if self.cache is None:
            try:
                self.set_decoded(decode_image(path, screen_target()))
            except ImageError as exc:
                self.show_error(str(exc))
            return
        entry = self.cache.request(path) or self.cache.get(path)
        if entry is not None:
            self._show_entry_of(self._key)

    def set_decoded(self, decoded: DecodedImage) -> None:
        first = self._decoded is None
        if first or not isinstance(decoded, DicomImage):
            self._window, self._invert = None, False  # (a sharper decode keeps the window)
        elif isinstance(self._decoded, DicomImage):  # ...and the frame
            decoded = decoded.with_frame(self._decoded.frame)
        self._show_frame_slider(decoded)
        self._decoded, self._error = decoded, None
        self._message.hide()
        self._shown_adjustment = None
        self._shown_state = None
        self._scene.setSceneRect(0, 0, decoded.original_size[0], decoded.original_size[1])
        self._item.setScale(decoded.original_size[0] / decoded.size[0])
        self.flush()
        if first or self._fit_mode:
            self.fit()
        self.ready.emit()

    def show_error(self, message: str) -> None:
        self._decoded, self._error = None, message
        self._window_label.hide()
        self._item.set_rgb(_BLANK)
        self._message.setText(self.tr("This image cannot be shown.\n\n{message}").format(
            message=message))
        self._message.show()
        self._place_message()
        self.ready.emit()

    def is_ready(self) -> bool:
        return self._decoded is not None or self._error is not None

    @property
    def decoded(self) -> DecodedImage | None:
        return self._decoded

    def error(self) -> str | None:
        return self._error

    def message_text(self) -> str:
        return self._message.text() if self._error is not None else ""

    # ------------------------------------------------------------------ adjustments

    def adjustment(self) -> Adjustment:
        return self._adjustment

    def shown_adjustment(self) -> Adjustment | None:
        return self._shown_adjustment

    def set_adjustment(self, adjustment: Adjustment) -> None:
        self._adjustment = adjustment
        self._apply_timer.start()

    def flush(self) -> None:
        """Redraw with the current adjustment: now for a screen-sized decode; in a worker
        thread for a sharp one (CLAHE on 40 megapixels takes a second), keeping the old
        picture until the new one is ready."""
        self._apply_timer.stop()
        decoded, wanted = self._decoded, self._adjustment
        state = (wanted, self._window, self._invert)
        if decoded is None or self._shown_state == state:
            return
        self._generation += 1
        base = decoded
        if isinstance(decoded, DicomImage):
            self._show_window()
            if self._window is not None or self._invert:
                base = replace(decoded, rgb=decoded.render(self.window(), self._inverted()))
        self._shown_state = state
        if decoded.rgb.shape[0] * decoded.rgb.shape[1] <= SYNC_PIXELS or wanted.is_identity():
            self._show_adjusted(self._generation, decoded, wanted, adjust(base.rgb, wanted))
        else:
            QThreadPool.globalInstance().start(_AdjustJob(self, self._generation, base, wanted,
                                                          decoded))

    def _show_adjusted(self, generation: int, decoded: DecodedImage, adjustment: Adjustment,
                       rgb: np.ndarray) -> None:
        if generation != self._generation or decoded is not self._decoded:
            return  # a newer adjustment or image came meanwhile
        self._item.set_rgb(rgb)
        self._shown_adjustment = adjustment

    def shown_pixel(self, x: int, y: int) -> tuple[int, int, int]:
        """The colour on screen at decoded pixel (x, y), after adjustments (for tests)."""
        rgb = self._item.rgb()
        assert rgb is not None
        red, green, blue = (int(v) for v in rgb[y, x])
        return red, green, blue

    # ------------------------------------------------------------------ DICOM window / level

    def is_windowable(self) -> bool:
        decoded = self._decoded
        return isinstance(decoded, DicomImage) and decoded.values is not None

    def window(self) -> Window | None:
        """The window shown (the file's until changed); None for an image without one."""
        decoded = self._decoded
        if not isinstance(decoded, DicomImage):
            return None
        return self._window or decoded.window

    def inverted(self) -> bool:
        return self._inverted()

    def _inverted(self) -> bool:
        decoded = self._decoded
        return (isinstance(decoded, DicomImage) and decoded.inverted) != self._invert

    def set_window(self, window: Window | None) -> None:
        """Show `window` (None: the file's own)."""
        if not self.is_windowable():
            return
        self._window = window.clamped() if window is not None else None
        self._apply_timer.start()

    def set_inverted(self, inverted: bool) -> None:
        decoded = self._decoded
        if not isinstance(decoded, DicomImage):
            return
        self._invert = inverted != decoded.inverted
        self._apply_timer.start()

    def set_presets(self, presets: list[tuple[str, Window]]) -> None:
        """The study's windows (lung, bone...), chosen by Alt+2, Alt+3..."""
        self._presets = list(presets)

    def presets(self) -> list[tuple[str, Window]]:
        return list(self._presets)

    def frame(self) -> int:
        decoded = self._decoded
        return decoded.frame if isinstance(decoded, DicomImage) else 0

    def n_frames(self) -> int:
        decoded = self._decoded
        return decoded.n_frames if isinstance(decoded, DicomImage) else 1

    def set_frame(self, frame: int) -> None:
        """Show frame `frame` of a multi-frame DICOM image, in the window shown."""
        decoded = self._decoded
        if not isinstance(decoded, DicomImage) or decoded.n_frames < 2:
            return
        other = decoded.with_frame(frame)
        if other.frame == decoded.frame:
            return
        self._decoded, self._shown_state = other, None
        self._frame_slider.setValue(other.frame)
        self.flush()

    def _show_frame_slider(self, decoded: DecodedImage) -> None:
        many = isinstance(decoded, DicomImage) and decoded.n_frames > 1
        if many:
            assert isinstance(decoded, DicomImage)
            self._frame_slider.blockSignals(True)
            self._frame_slider.setRange(0, decoded.n_frames - 1)
            self._frame_slider.setValue(decoded.frame)
            self._frame_slider.blockSignals(False)
        self._frame_slider.setVisible(many)
        self._place_window_label()

    def reset_window(self) -> None:
        self._window, self._invert = None, False
        self._apply_timer.start()

    def window_text(self) -> str:
        """What the corner shows: the window, and the preset's name when it is one."""
        window = self.window()
        if window is None or not self.is_windowable():
            return ""
        text = self.tr("W {width} · L {level}").format(width=_number(window.width),
                                                       level=_number(window.center))
        names = [name for name, w in self._presets if w == window]
        if names:
            text = f"{names[0]} · {text}"
        if self.n_frames() > 1:
            text += " · " + self.tr("frame {n} of {total}").format(n=self.frame() + 1,
                                                                 total=self.n_frames())
        if self._inverted():
            text += " · " + self.tr("inverted")
        return text

    def _show_window(self) -> None:
        text = self.window_text()
        self._window_label.setText(text)
        self._window_label.setVisible(bool(text))
        self._place_window_label()

    def _place_window_label(self) -> None:
        self._window_label.adjustSize()
        port = self.viewport().geometry()
        self._window_label.move(port.topLeft() + QPoint(6, 6))
        self._window_label.raise_()
        height = self._frame_slider.sizeHint().height()
        self._frame_slider.setGeometry(port.left() + 12, port.bottom() - height - 6,
                                       max(40, port.width() - 24), height)
        self._frame_slider.raise_()

    def _window_action(self, action: str) -> None:
        window = self.window()
        if action == "invert":
            self.set_inverted(not self._inverted())
            return
        if action == "window_reset":
            self.reset_window()
            return
        if action in ("frame_next", "frame_previous"):
            self.set_frame(self.frame() + (1 if action == "frame_next" else -1))
            return
        if window is None or not self.is_windowable():
            return
        if action == "window_wider":
            self.set_window(Window(window.center, window.width * WINDOW_STEP))
        elif action == "window_narrower":
            self.set_window(Window(window.center, window.width / WINDOW_STEP))
        elif action == "level_up":
            self.set_window(Window(window.center + LEVEL_STEP * window.width, window.width))
        elif action == "level_down":
            self.set_window(Window(window.center - LEVEL_STEP * window.width, window.width))
        elif action.startswith("preset_"):
            index = int(action.removeprefix("preset_")) - 1
            if 0 <= index < len(self._presets):
                self.set_window(self._presets[index][1])

    def _drag_to(self, at: QPointF) -> None:
        start, window = self._drag_from, self._drag_window
        if start is None or window is None:
            return
        view = self.viewport().rect()
        dx = (at.x() - start.x()) / max(1, view.width())
        dy = (at.y() - start.y()) / max(1, view.height())
        # Across: the width; down: the level up, so the picture darkens as the hand moves down.
        width = window.width * (2.0 ** (dx * 2 * DRAG_RANGE))
        self.set_window(Window(window.center + dy * window.width * DRAG_RANGE, width))

    # ------------------------------------------------------------------ zoom and pan

    def zoom(self) -> float:
        """Screen (device) pixels per original image pixel."""
        return self.transform().m11() * self.devicePixelRatioF()

    def fit(self) -> None:
        self._fit_mode = True
        # Fitted, the image is drawn smoothly scaled from the same pixels each time: keep it
        # as drawn, so that a repaint (and the first paint of a trial built ahead, which was
        # rendered once off-screen) is a copy, not a 6 ms rescale. Zoomed, it is drawn anew.
        self._item.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._item.keep_converted(False)
        rect = self._scene.sceneRect()
        if rect.isEmpty():
            return
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.zoom_changed.emit(self.zoom())

    def actual_size(self, at: QPoint | None = None) -> None:
        self.set_zoom(1.0, at)

    def zoom_by(self, factor: float, at: QPoint | None = None) -> None:
        self.set_zoom(self.zoom() * factor, at)

    def set_zoom(self, zoom: float, at: QPoint | None = None) -> None:
        """Zoom to `zoom` keeping the image point under `at` (default: the centre) in place."""
        lowest = min(self._fit_zoom(), 1.0) / 2
        zoom = max(lowest, min(MAX_ZOOM, zoom))
        self._fit_mode = False
        self._item.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.NoCache)
        self._item.keep_converted(True)  # each pan paints the item again
        at = at if at is not None else self.viewport().rect().center()
        anchor = self.mapToScene(at)
        scale = zoom / self.devicePixelRatioF()
        self.setTransform(QTransform.fromScale(scale, scale))
        moved = self.mapFromScene(anchor) - at
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + moved.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + moved.y())
        self.zoom_changed.emit(self.zoom())
        self._maybe_sharpen()

    def pan(self, dx: int, dy: int) -> None:
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)

    def reset(self) -> None:
        self.set_adjustment(Adjustment())
        self._window, self._invert = None, False
        self.fit()

    def _fit_zoom(self) -> float:
        rect = self._scene.sceneRect()
        if rect.isEmpty():
            return 1.0
        view = self.viewport().rect()
        return min(view.width() / rect.width(), view.height() / rect.height()) * \
            self.devicePixelRatioF()

    def _maybe_sharpen(self) -> None:
        """Zoomed past the decode's own pixels: ask the cache for a sharper decode."""
        decoded = self._decoded
        if decoded is None or decoded.full_resolution or self.cache is None or self._asked_sharp:
            return
        per_decoded_pixel = self.zoom() * decoded.original_size[0] / decoded.size[0]
        if per_decoded_pixel > 1.25:
            self._asked_sharp = True
            if self.cache.request(decoded.path, SHARP_LIMIT) is not None:
                self._on_loaded(self._key or "")

    def _on_loaded(self, key: str) -> None:
        if key == self._key:
            self._show_entry_of(key)

    def _show_entry_of(self, key: str) -> None:
        entry = self.cache.get(key) if self.cache is not None else None
        if entry is None:
            return
        if entry.image is None:
            self.show_error(entry.error or self.tr("unknown error"))
        elif self._decoded is None or entry.image.size[0] > self._decoded.size[0]:
            self.set_decoded(entry.image)

    # ------------------------------------------------------------------ events

    def handles_key(self, event: QKeyEvent) -> bool:
        """Whether this key is one of the viewer's (Alt+F, Alt+1, Alt +/-, Alt+arrows)."""
        return image_key(event) is not None

    def apply_action(self, action: str) -> None:
        """One of IMAGE_KEYS' actions (an adjustment key is its panel's: AdjustmentBar)."""
        if action in ADJUST_ACTIONS:
            return
        step_x, step_y = self.viewport().width() // 8, self.viewport().height() // 8
        if action == "zoom_in":
            self.zoom_by(KEY_ZOOM)
        elif action == "zoom_out":
            self.zoom_by(1 / KEY_ZOOM)
        elif action == "fit":
            self.fit()
        elif action == "actual":
            self.actual_size()
        elif action in ("left", "right", "up", "down"):
            dx, dy = {"left": (-step_x, 0), "right": (step_x, 0), "up": (0, -step_y),
                      "down": (0, step_y)}[action]
            self.pan(dx, dy)
        else:
            self._window_action(action)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        action = image_key(event)
        if action is None or action in ADJUST_ACTIONS:
            event.ignore()  # not ours: let the trial screen have it (option letters, Enter...)
            return
        self.apply_action(action)
        event.accept()

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self.zoom_by(1.0015 ** delta, event.position().toPoint())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton and self.is_windowable():
            self._drag_from, self._drag_window = event.position(), self.window()
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag_from is not None:  # (until the right button is released)
            self._drag_to(event.position())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton and self._drag_from is not None:
            self._drag_to(event.position())
            self._drag_from = self._drag_window = None
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self._fit_mode:
            self.actual_size(event.position().toPoint())
        else:
            self.fit()
        event.accept()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:  # the system switched light/dark
            self.setBackgroundBrush(self.palette().color(QPalette.ColorRole.Mid))
        if event.type() == QEvent.Type.FontChange:  # the participant's text size
            self._place_window_label()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fit_mode:
            self.fit()
        self._place_message()
        self._place_window_label()

    def _place_message(self) -> None:
        view = self.viewport().rect()
        width = max(120, min(view.width() - 24, 520))
        self._message.setFixedWidth(width)
        self._message.adjustSize()
        self._message.move(QPointF((view.width() - width) / 2,
                                   (view.height() - self._message.height()) / 2).toPoint())


_BLANK = np.zeros((1, 1, 3), dtype=np.uint8)


def _number(value: float) -> str:
    """A window's width or level as a reader reads it: whole units (1304, not 1304.35), a
    fraction only for a window narrower than ten units."""
    return f"{round(value)}" if abs(value) >= 10 else f"{value:.3g}"
