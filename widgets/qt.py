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

__all__ = [
    "QAction", "QApplication", "QBoxLayout", "QByteArray", "QCheckBox", "QColor", "QEvent", "QFont",
    "QFontMetrics", "QFrame", "QGraphicsPixmapItem", "QGraphicsScene", "QGraphicsView",
    "QGridLayout", "QGuiApplication", "QHBoxLayout", "QImage", "QKeyEvent", "QKeySequence",
    "QLabel", "QLayout", "QLineEdit", "QMouseEvent", "QObject", "QPainter", "QPalette", "QPen", "QPixmap",
    "QPlainTextEdit", "QPoint", "QPointF", "QPushButton", "QRect", "QRectF", "QResizeEvent",
    "QRunnable", "QScrollArea", "QSettings", "QShortcut", "QSize", "QSizePolicy", "QSlider",
    "QSvgGenerator",
    "QThread", "QThreadPool", "QTimer", "QToolButton", "QTransform", "QVBoxLayout", "QWheelEvent",
    "QWidget", "Qt", "QtCore", "QtGui", "QtWidgets", "Signal", "Slot",
]
