"""F1 (and Help > Keys on this screen): the keys of the current screen, over the window.

The list is built from what is on screen now: on a trial, the keys of each of its questions
(their own key hints), the image keys where there are images, Enter, pause, Tab; elsewhere,
the few keys every screen shares. During a trial the clock stops while the list is open (a
pause, logged with the reason "help"); closing it brings the trial back as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from widgets.qt import QEvent, QKeyEvent, QObject, Qt, QtCore, QtWidgets, QWidget, Signal
from widgets.typography import ScaledFonts

KeyList = list[tuple[str, str]]  # (keys, what they do), as a participant reads them
CLOSE_KEYS = (Qt.Key.Key_F1, Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter,
              Qt.Key.Key_Space)


def general_keys(owner: QObject) -> KeyList:
    """The keys every screen shares (`owner` is kept for callers; the words are KeyHelp's)."""
    def tr(text: str) -> str:
        return QtCore.QCoreApplication.translate("KeyHelp", text)

    return [(tr(QtCore.QT_TRANSLATE_NOOP("KeyHelp", "Tab / Shift+Tab")),
             tr(QtCore.QT_TRANSLATE_NOOP("KeyHelp", "move to the next / previous field or button"))),
            (tr(QtCore.QT_TRANSLATE_NOOP("KeyHelp", "Enter")),
             tr(QtCore.QT_TRANSLATE_NOOP("KeyHelp", "the highlighted button"))),
            (tr(QtCore.QT_TRANSLATE_NOOP("KeyHelp", "Ctrl + / Ctrl −")),
             tr(QtCore.QT_TRANSLATE_NOOP("KeyHelp", "larger / smaller text"))),
            (tr(QtCore.QT_TRANSLATE_NOOP("KeyHelp", "F1")),
             tr(QtCore.QT_TRANSLATE_NOOP("KeyHelp", "this list of keys")))]


class KeyHelp(QtWidgets.QFrame):
    """An opaque panel covering its parent (the window's central widget) while shown."""

    closed = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("key-help")
        self.setAutoFillBackground(True)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.fonts = ScaledFonts(self)
        outer = QtWidgets.QVBoxLayout(self)
        outer.setContentsMargins(48, 32, 48, 32)
        self.title = QtWidgets.QLabel(self.tr("Keys on this screen"), self)
        self.fonts.add(self.title, 1.5, bold=True)
        outer.addWidget(self.title)
        self.table = QtWidgets.QLabel(self)
        self.table.setTextFormat(Qt.TextFormat.RichText)
        self.table.setWordWrap(True)
        self.table.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.fonts.add(self.table, 1.1)
        scroll = QtWidgets.QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        scroll.setWidget(self.table)
        outer.addWidget(scroll, 1)
        row = QtWidgets.QHBoxLayout()
        self.note = QtWidgets.QLabel(self.tr("F1, Esc or Enter closes this list."), self)
        row.addWidget(self.note, 1)
        self.close_button = QtWidgets.QPushButton(self.tr("Close"), self)
        self.close_button.setDefault(True)
        self.close_button.clicked.connect(self.dismiss)
        row.addWidget(self.close_button)
        outer.addLayout(row)
        self.hide()
        parent.installEventFilter(self)  # follow the parent's size

    def open(self, keys: KeyList) -> None:
        # Rich text tables do not follow the widget's direction: in a right-to-left language
        # the key column goes on the right, written as the last cell, the whole table right
        # aligned (as the rest of the mirrored window).
        rtl = self.layoutDirection() == Qt.LayoutDirection.RightToLeft
        rows = []
        for k, what in keys:
            key_cell = (f"<td align='{'right' if rtl else 'left'}' style='padding:4px "
                        f"{'0 4px 24px' if rtl else '24px 4px 0'}'><b>{escape(k)}</b></td>")
            what_cell = (f"<td align='{'right' if rtl else 'left'}' style='padding:4px 0'>"
                         f"{escape(what)}</td>")
            rows.append(f"<tr>{what_cell}{key_cell}</tr>" if rtl
                        else f"<tr>{key_cell}{what_cell}</tr>")
        self.table.setText(f"<table align='{'right' if rtl else 'left'}'>{''.join(rows)}</table>")
        self.table.setAlignment(Qt.AlignmentFlag.AlignTop | (
            Qt.AlignmentFlag.AlignRight if rtl else Qt.AlignmentFlag.AlignLeft)
            | Qt.AlignmentFlag.AlignAbsolute)
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.close_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def dismiss(self) -> None:
        if self.isVisible():
            self.hide()
            self.closed.emit()

    def handle_key(self, event: QKeyEvent) -> bool:
        """Keys while the list is open: the closing keys close it, nothing else reaches the
        screen underneath (Tab still moves within the list)."""
        if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            return False
        if event.key() in CLOSE_KEYS and not event.isAutoRepeat():
            self.dismiss()
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.handle_key(event):
            super().keyPressEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """Built once with the window: its words follow the participant's language."""
        if event.type() == QEvent.Type.LanguageChange:
            self.title.setText(self.tr("Keys on this screen"))
            self.note.setText(self.tr("F1, Esc or Enter closes this list."))
            self.close_button.setText(self.tr("Close"))
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.parentWidget():
            self.setGeometry(self.parentWidget().rect())
        return False


def keys_for(page: QWidget, owner: QObject) -> KeyList:
    """The keys of `page`: its own list when it has one (the trial screen), else the general."""
    own: Callable[[], KeyList] | None = getattr(page, "key_help", None)
    return own() if callable(own) else general_keys(owner)
