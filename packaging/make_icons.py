"""Render assets/icon.svg to the PNG sizes the app, the desktop entry and PyInstaller use.

    .venv/bin/python packaging/make_icons.py          # writes assets/icons/baseline-studio-N.png

Qt's own SVG renderer (QtSvg, part of PySide6-Essentials) draws them, so the PNGs look like the
SVG does in the app. Rerun after editing the SVG and commit the PNGs; tests/test_packaging.py
checks they are current. PyInstaller turns the 256 px PNG into the Windows .ico and the 512 px
one into the macOS .icns itself (with Pillow).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SVG = REPO / "assets" / "icon.svg"
OUT = REPO / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def png_path(size: int, folder: Path = OUT) -> Path:
    return folder / f"baseline-studio-{size}.png"


def render(size: int, svg: Path = SVG) -> bytes:
    """The icon at size x size pixels, as PNG bytes (a QGuiApplication must exist)."""
    # A build script, not part of the app: it talks to PySide6 directly, not through widgets.qt.
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    OUT.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        png_path(size).write_bytes(render(size))
        sys.stdout.write(f"wrote {png_path(size).relative_to(REPO)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
