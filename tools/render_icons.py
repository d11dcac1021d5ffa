"""Render the application icon's PNG sizes from its SVG, with Qt.

    python tools/render_icons.py [RESOURCES_DIR]

Reads ``RESOURCES_DIR/icons/cardgui.svg`` (written by ``tools/make_art.py``)
and writes ``RESOURCES_DIR/icons/hicolor/<N>x<N>/apps/cardgui.png`` for the
sizes desktops ask for.  RESOURCES_DIR defaults to the repository's
``cardgui/resources/``.  Needs PySide6.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)


def render(svg: Path, size: int) -> QImage:
    """The icon drawn ``size`` pixels square, antialiased, on a transparent ground.

    Raises:
        ValueError: if ``svg`` is not a valid SVG file.
    """
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg} is not a valid SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("resources", nargs="?", type=Path,
                        default=Path(__file__).resolve().parent.parent / "cardgui" / "resources")
    arguments = parser.parse_args(argv)
    application = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    svg = arguments.resources / "icons" / "cardgui.svg"
    for size in ICON_SIZES:
        target = arguments.resources / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "cardgui.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not render(svg, size).save(str(target)):
            print(f"render_icons: could not write {target}", file=sys.stderr)
            return 1
    del application  # kept alive until every picture is saved
    return 0


if __name__ == "__main__":
    sys.exit(main())
