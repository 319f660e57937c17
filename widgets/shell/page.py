"""The building blocks every screen of the participant app shares: a calm centred column with a
title, rendered Markdown, and a button row; colours come from the palette only, so the system's
light or dark scheme applies unchanged."""

from __future__ import annotations

from pathlib import Path

from widgets.qt import QEvent, QKeyEvent, QSize, Qt, QtWidgets, QWidget
from widgets.typography import ScaledFonts

COLUMN_EM = 46  # width of the reading column in "M" widths: ~70 characters a line
MARGIN = 32
SPACING = 16


class MarkdownView(QtWidgets.QTextBrowser):
    """Read-only Markdown (consent, instructions, intros) on the window's own background.
    Relative image paths resolve inside the study folder; links are not followed."""

    def __init__(self, text: str = "", *, base: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.viewport().setAutoFillBackground(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if base is not None:
            self.setSearchPaths([str(base)])
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding,
                           QtWidgets.QSizePolicy.Policy.Preferred)
        self.document().documentLayout().documentSizeChanged.connect(
            lambda _size: self._fit_height())
        self.set_markdown(text)

    def set_markdown(self, text: str) -> None:
        self.setMarkdown(text)
        self.document().setDocumentMargin(0)

    def _content_height(self) -> int:
        return int(self.document().size().height()) + 2 * self.frameWidth() + 4

    def _fit_height(self) -> None:
        """No taller than the text: what follows (a consent box) sits right under it; a long
        text gets what room there is and scrolls."""
        self.setMaximumHeight(max(self._content_height(), self.fontMetrics().height() * 2))
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._content_height())

    def scroll_by_key(self, event: QKeyEvent) -> bool:
        """Up/Down/PageUp/PageDown scroll the text even though it never takes focus."""
        bar = self.verticalScrollBar()
        steps = {
            Qt.Key.Key_Down: bar.singleStep(), Qt.Key.Key_Up: -bar.singleStep(),
            Qt.Key.Key_PageDown: bar.pageStep(), Qt.Key.Key_PageUp: -bar.pageStep(),
        }
        step = steps.get(Qt.Key(event.key()))
        if step is None:
            return False
        bar.setValue(bar.value() + step)
        return True


class Page(QWidget):
    """A screen: title, a body column of limited width, and buttons at the bottom right."""

    def __init__(self, title: str = "", parent: QWidget | None = None, *,
                 width_em: int = COLUMN_EM) -> None:
        super().__init__(parent)
        self.width_em = width_em
        outer = QtWidgets.QHBoxLayout(self)
        outer.setContentsMargins(MARGIN, MARGIN, MARGIN, MARGIN)
        outer.addStretch(1)
        self.column = QWidget(self)
        outer.addWidget(self.column, 100)
        outer.addStretch(1)
        self.layout_ = QtWidgets.QVBoxLayout(self.column)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(SPACING)
        # Title and body scroll when the window is too short for them (a laptop, a large font):
        # squeezed instead, wrapped lines (a note, a field's problem) were cut off. The buttons
        # stay in view below.
        self.scroll = QtWidgets.QScrollArea(self.column)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.viewport().setAutoFillBackground(False)
        # Not a Tab stop: nothing shows it has the focus (an invisible stop), and the page's
        # keys scroll it anyway.
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        content = QWidget(self.scroll)
        content.setAutoFillBackground(False)
        self.content_layout = QtWidgets.QVBoxLayout(content)
        self.content_layout.setContentsMargins(0, 0, 0, 0)
        self.content_layout.setSpacing(SPACING)
        # Sizes relative to the zoomable application font (widgets.typography).
        self.fonts = ScaledFonts(self)
        self.title = QtWidgets.QLabel(title, content)
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.fonts.add(self.title, 1.6, bold=True)
        self.content_layout.addWidget(self.title)
        self.body = QtWidgets.QVBoxLayout()
        self.body.setSpacing(SPACING)
        self.content_layout.addLayout(self.body, 1)
        self.scroll.setWidget(content)
        self.layout_.addWidget(self.scroll, 1)
        self.buttons = QtWidgets.QHBoxLayout()
        self.buttons.setSpacing(SPACING // 2)
        self.buttons.addStretch(1)
        self.layout_.addLayout(self.buttons)
        self._fit_column()

    def _fit_column(self) -> None:
        self.column.setMaximumWidth(self.fontMetrics().horizontalAdvance("M") * self.width_em)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            self._fit_column()
        super().changeEvent(event)

    def initial_focus(self) -> QWidget:
        """What takes the keyboard when this screen appears."""
        return self

    # Keys no child took: Enter and Esc mean the screen's main and back actions, and the
    # arrows and Page keys scroll its text (which never takes the focus itself).
    scroller: MarkdownView | None = None

    def enter_pressed(self) -> bool:
        return False

    def escape_pressed(self) -> bool:
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.enter_pressed():
            return
        if key == Qt.Key.Key_Escape and self.escape_pressed():
            return
        if self.scroller is not None and self.scroller.scroll_by_key(event):
            return
        super().keyPressEvent(event)

    def add_button(self, text: str, *, primary: bool = False) -> QtWidgets.QPushButton:
        button = QtWidgets.QPushButton(text, self.column)
        button.setAutoDefault(False)
        button.setDefault(primary)
        button.setMinimumHeight(button.sizeHint().height() + 8)
        self.buttons.addWidget(button)
        return button
