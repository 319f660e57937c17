"""An image inside text: as wide as the column allows, never wider than the image itself, and
no taller than `max_height` so the text around it stays in sight. Double-click: `activated`."""

from __future__ import annotations

from pathlib import Path

from app.imaging import DecodedImage, ImageError, Size, decode_image
from widgets.images.cache import ImageCache
from widgets.images.convert import pixmap_from_rgb
from widgets.qt import (
    QMouseEvent,
    QPainter,
    QPalette,
    QPixmap,
    QRect,
    QSize,
    QSizePolicy,
    Qt,
    QtGui,
    QWidget,
    Signal,
)

MAX_HEIGHT = 320  # logical pixels: two images and their text fit on a laptop screen


class InlineImage(QWidget):
    ready = Signal()
    activated = Signal(object)  # the Path, for a shell that opens it in a full viewer

    def __init__(self, path: Path, cache: ImageCache | None, *, target: Size,
                 max_height: int = MAX_HEIGHT, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.cache = cache
        self.max_height = max_height
        self._pixmap: QPixmap | None = None
        self._natural = QSize(320, 200)  # until decoded: a calm placeholder box
        self._error: str | None = None
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAccessibleName(self.tr("Image {name}").format(name=self.path.name))
        if cache is None:
            try:
                self._show(decode_image(self.path, target))
            except ImageError as exc:
                self._fail(str(exc))
            return
        self._key = ImageCache.key(self.path)
        entry = cache.request(self.path, target) or cache.get(self.path)
        if entry is not None:
            self._take(entry.image, entry.error)
        else:
            cache.loaded.connect(self._on_loaded)

    def is_ready(self) -> bool:
        return self._pixmap is not None or self._error is not None

    def error(self) -> str | None:
        return self._error

    def _on_loaded(self, key: str) -> None:
        if key != self._key or self.cache is None or self.is_ready():
            return
        entry = self.cache.get(key)
        if entry is not None:
            self.cache.loaded.disconnect(self._on_loaded)
            self._take(entry.image, entry.error)

    def _take(self, image: DecodedImage | None, error: str | None) -> None:
        if image is not None:
            self._show(image)
        else:
            self._fail(error or self.tr("unknown error"))

    def _show(self, decoded: DecodedImage) -> None:
        self._pixmap = pixmap_from_rgb(decoded.rgb)
        # At most one file pixel per logical pixel: small images are not blown up.
        self._natural = QSize(*decoded.original_size)
        self.updateGeometry()
        self.update()
        self.ready.emit()

    def _fail(self, message: str) -> None:
        self._error = self.tr("This image cannot be shown.\n{message}").format(message=message)
        self._natural = QSize(360, 90)
        self.setToolTip(self._error)
        self.updateGeometry()
        self.update()
        self.ready.emit()

    # ------------------------------------------------------------------ geometry and paint

    def _box(self, width: int) -> QSize:
        natural = self._natural
        w = min(width, natural.width())
        h = round(w * natural.height() / max(1, natural.width()))
        if h > self.max_height:
            h = self.max_height
            w = round(h * natural.width() / max(1, natural.height()))
        return QSize(max(1, w), max(1, h))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._box(width).height()

    def sizeHint(self) -> QSize:
        return self._box(self._natural.width())

    def minimumSizeHint(self) -> QSize:
        return QSize(80, 60)

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QPainter(self)
        box = self._box(self.width())
        rect = QRect((self.width() - box.width()) // 2, 0, box.width(), box.height())
        if self._pixmap is not None:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawPixmap(rect, self._pixmap)
            return
        painter.setPen(self.palette().color(QPalette.ColorRole.Mid))
        painter.drawRoundedRect(rect.adjusted(0, 0, -1, -1), 6, 6)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        text = self._error or self.tr("Loading image…")
        painter.drawText(rect.adjusted(10, 6, -10, -6),
                         int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap), text)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.activated.emit(self.path)
        event.accept()
