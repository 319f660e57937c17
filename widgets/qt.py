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

def _immortalise_singletons() -> None:
    """PySide6 6.12.0 on CPython 3.11 returns None from every void method (setText, update,
    processEvents, deleteLater, QTimer.start) and True from every emit() without taking the
    reference it hands back: each call takes one reference from None or True, and after some
    thousands of calls (a session of a few hundred items, a window closing, a test run) the
    count reaches zero and the process dies with "Fatal Python error: none_dealloc" (or
    bool_dealloc). No wrapper can cover every method. CPython 3.12 made these singletons
    immortal, which makes the leak harmless there; this does the same here: their counts are
    raised by 2**40, more than any process makes calls. The counts are the first field of
    every object (Py_ssize_t ob_refcnt), and nothing in CPython 3.11 reads them but the
    deallocation this prevents. tests/widgets/test_qt_binding.py checks it."""
    import ctypes
    import sys

    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    for singleton in (None, True, False):
        count = ctypes.c_ssize_t.from_address(id(singleton))
        if count.value < 1 << 40:
            count.value += 1 << 40


_immortalise_singletons()
