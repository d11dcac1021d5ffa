"""Contact sheets of the card art on a green table, to look at it as a player would.

    python tools/contact_sheet.py OUTPUT_PREFIX [--art DIR] [--dpr R]

Writes three PNG files (save them outside the repository, e.g. under /tmp):

- ``OUTPUT_PREFIX-small.png``: a Klondike-like tableau at 70 px, every card in
  fanned suit columns (only the top ~22% of each card shows), the back and
  every pile marker;
- ``OUTPUT_PREFIX-large.png``: the same fans at 180 px;
- ``OUTPUT_PREFIX-faces.png``: all 52 faces whole at 180 px.

Pictures come through ``cardgui.gui.art.CardArt``, the window's own cache,
from the installed art or from ``--art DIR`` (a folder of SVG files, e.g. the
``cards/`` folder written by ``tools/make_art.py /tmp/x``).  Needs PySide6.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF  # noqa: E402
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter  # noqa: E402

from cardgui.engine.cards import RANKS, SUITS, Card  # noqa: E402
from cardgui.gui.art import MARKERS, CardArt, card_height  # noqa: E402

TABLE = QColor("#1e6b3a")
FAN = 0.22


def _fans(art: CardArt, width: int, dpr: float) -> QImage:
    """Tableau columns, the suits fanned king to ace, then back and markers."""
    gap = width // 6
    height = card_height(width)
    step = round(height * FAN)
    tableau = _tableau()
    columns = len(SUITS) + len(tableau)
    image_width = gap + columns * (width + gap)
    longest = max(len(RANKS), max(down + len(up) for down, up in tableau))
    fans_height = gap + (longest - 1) * step + height + gap
    markers_per_row = columns
    marker_rows = -(-(len(MARKERS) + 1) // markers_per_row)
    image_height = fans_height + marker_rows * (height + gap)
    image = QImage(round(image_width * dpr), round(image_height * dpr), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(dpr)
    image.fill(TABLE)
    painter = QPainter(image)
    x = gap
    for suit in SUITS:
        for row, rank in enumerate(reversed(RANKS)):
            painter.drawPixmap(QPointF(x, gap + row * step), art.face(Card(rank, suit), width, dpr))
        x += width + gap
    for down, up in tableau:
        y = gap
        for _ in range(down):
            painter.drawPixmap(QPointF(x, y), art.back(width, dpr))
            y += step // 2
        for name in up:
            painter.drawPixmap(QPointF(x, y), art.face(Card.parse(name), width, dpr))
            y += step
        x += width + gap
    pictures = [art.back(width, dpr)] + [art.marker(name, width, dpr) for name in MARKERS]
    for index, pixmap in enumerate(pictures):
        row, column = divmod(index, markers_per_row)
        painter.drawPixmap(QPointF(gap + column * (width + gap), fans_height + row * (height + gap)),
                           pixmap)
    painter.end()
    return image


def _tableau() -> list[tuple[int, list[str]]]:
    """A Klondike position: face-down counts and face-up runs."""
    return [(0, ["KS", "QH", "JC", "10D", "9S", "8H"]), (1, ["9D", "8C", "7H", "6S"]),
            (2, ["QD", "JS", "10H", "9C", "8D", "7C", "6D", "5C", "4H", "3S", "2D"]),
            (3, ["5S", "4D", "3C"]), (4, ["KH", "QC", "JD"]), (5, ["7S"]), (6, ["AH"])]


def _faces(art: CardArt, width: int, dpr: float) -> QImage:
    gap = width // 10
    height = card_height(width)
    image = QImage(round((gap + len(RANKS) * (width + gap)) * dpr),
                   round((gap + len(SUITS) * (height + gap)) * dpr), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(dpr)
    image.fill(TABLE)
    painter = QPainter(image)
    for row, suit in enumerate(SUITS):
        for column, rank in enumerate(RANKS):
            painter.drawPixmap(QPointF(gap + column * (width + gap), gap + row * (height + gap)),
                               art.face(Card(rank, suit), width, dpr))
    painter.end()
    return image


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefix", help="where to write: PREFIX-small.png, PREFIX-large.png, PREFIX-faces.png")
    parser.add_argument("--art", type=Path, help="folder of card SVG files (default: the installed art)")
    parser.add_argument("--dpr", type=float, default=1.0, help="device pixel ratio (default 1)")
    arguments = parser.parse_args(argv)
    application = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    art = CardArt(arguments.art)
    sheets = {"small": _fans(art, 70, arguments.dpr), "large": _fans(art, 180, arguments.dpr),
              "faces": _faces(art, 180, arguments.dpr)}
    for name, image in sheets.items():
        target = f"{arguments.prefix}-{name}.png"
        if not image.save(target):
            print(f"contact_sheet: could not write {target}", file=sys.stderr)
            return 1
        print(target)
    del application  # kept alive until every picture is saved
    return 0


if __name__ == "__main__":
    sys.exit(main())
