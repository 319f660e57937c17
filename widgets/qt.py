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
    QGuiApplication,
    QImage,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPalette,
    QPixmap,
    QShortcut,
)
from PySide6.QtWidgets import QApplication, QWidget

__all__ = [
    "QAction", "QApplication", "QByteArray", "QColor", "QEvent", "QFont", "QGuiApplication",
    "QImage", "QKeyEvent", "QKeySequence", "QObject", "QPainter", "QPalette", "QPixmap", "QPoint",
    "QPointF", "QRect", "QRectF", "QRunnable", "QSettings", "QShortcut", "QSize", "QThread",
    "QThreadPool", "QTimer", "QWidget", "Qt", "QtCore", "QtGui", "QtWidgets", "Signal", "Slot",
]
