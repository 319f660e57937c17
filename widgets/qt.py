"""The one place that imports Qt (Anki's aqt/qt shim): version pins and workarounds live here.

Everything else in widgets/ imports Qt names from this module, so a Qt upgrade or a binding
quirk is handled once.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QObject,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QRunnable,
    QSettings,
    QSize,
    Qt,
    QThread,
    QThreadPool,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QImage,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
    QShortcut,
    QTransform,
    QWheelEvent,
)
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QCheckBox,
    QFrame,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid as is_alive  # False once the C++ side of a Qt object is deleted

__all__ = [
    "QAction", "QApplication", "QBoxLayout", "QByteArray", "QCheckBox", "QColor", "QEvent", "QFont",
    "QFontMetrics", "QFrame", "QGraphicsPixmapItem", "QGraphicsScene", "QGraphicsView",
    "QGridLayout", "QGuiApplication", "QHBoxLayout", "QImage", "QKeyEvent", "QKeySequence",
    "QLabel", "QLayout", "QLineEdit", "QMouseEvent", "QObject", "QPainter", "QPalette", "QPen", "QPixmap",
    "QPlainTextEdit", "QPoint", "QPointF", "QPushButton", "QRect", "QRectF", "QResizeEvent",
    "QRunnable", "QScrollArea", "QSettings", "QShortcut", "QSize", "QSizePolicy", "QSlider",
    "QSvgGenerator",
    "QThread", "QThreadPool", "QTimer", "QToolButton", "QTransform", "QVBoxLayout", "QWheelEvent",
    "QWidget", "Qt", "QtCore", "QtGui", "QtWidgets", "Signal", "Slot", "is_alive",
]


# ---------------------------------------------------------------------- binding workarounds

class _EmitProbe(QObject):
    fired = Signal()


def _emit_drops_a_reference() -> int:
    """PySide6 6.12.0's SignalInstance.emit() returns True without taking a reference to it:
    each emit from Python takes one reference from the interpreter's True, and after some
    thousands of emits (a session of a few hundred items, or the burst of a window closing)
    True's count reaches zero and the process dies with "Fatal Python error: bool_dealloc"
    (issue 13: Ctrl+Q mid-session). Measured, not assumed from the version: a fixed binding
    turns the workaround off by itself. Returns how many references the probe took."""
    import sys

    probe = _EmitProbe()
    before = sys.getrefcount(True)
    for _ in range(8):
        probe.fired.emit()
    dropped = max(0, before - sys.getrefcount(True))
    probe.deleteLater()
    return dropped


def _emit_keeping_references(owed: int) -> None:
    """Give back the reference that emit's result did not take (see above), and the ones the
    probe took."""
    import ctypes

    original = QtCore.SignalInstance.emit
    incref = ctypes.pythonapi.Py_IncRef
    incref.argtypes = [ctypes.py_object]
    incref.restype = None
    for _ in range(owed):
        incref(True)

    def emit(self: QtCore.SignalInstance, *args: object) -> object:
        result = original(self, *args)
        incref(result)
        return result

    emit.__doc__ = original.__doc__
    QtCore.SignalInstance.emit = emit  # type: ignore[method-assign]


_OWED = _emit_drops_a_reference()
if _OWED:
    _emit_keeping_references(_OWED)
