"""Card pictures: our SVG art rendered once per card size into a pixmap cache.

The table has one card size at a time.  Asking for a picture at that size
returns the cached pixmap; asking at a new size (the window was resized, or
moved to a screen with another device pixel ratio) drops every pixmap of the
old size and renders afresh, so memory never grows with resizing and nothing
is rendered per frame.

The SVG files come from the installed package ``cardgui.resources`` (the
repository's ``resources/``), through :mod:`importlib.resources`; nothing is
read from the working directory.  They are written by ``tools/make_art.py``.
"""

from __future__ import annotations

import re
import time
from importlib.resources import files
from importlib.resources.abc import Traversable

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from cardgui import timeline
from cardgui.engine.cards import RANKS, Card, rank_name
from cardgui.gui.layout import CARD_ASPECT

"""A card's height divided by its width (the art is 250 x 350)."""

MARKERS: tuple[str, ...] = (
    "empty",          # an empty pile that takes any card
    "empty-K",        # an empty pile that takes only a king
    "foundation",     # a foundation of any suit
    "foundation-H", "foundation-S", "foundation-D", "foundation-C",
    "redeal",         # click to turn the waste over into the stock again
    "cell",           # a free cell
)
"""The names of the empty-pile markers :meth:`CardArt.marker` draws."""

RANK_NAMES = frozenset(rank_name(rank) for rank in RANKS)


RED, BLACK = b"#c8102e", b"#1b1b1f"              # the art's suit colours (tools/make_art.py)
FOUR_COLOURS = {"D": b"#0b5cad", "C": b"#1a7f37"}  # diamonds blue, clubs green
FAINT = re.compile(rb'(opacity)="0?\.\d+"')


def restyled(svg: bytes, name: str, four_colour: bool, high_contrast: bool) -> bytes:
    """A picture's SVG drawn in a four-colour deck (a diamond or club face in
    its own colour) and/or with solid, not faint, pile markers."""
    suit = name[-1:] if name[:-1] in RANK_NAMES else ""
    if four_colour and suit in FOUR_COLOURS:
        svg = svg.replace(RED if suit == "D" else BLACK, FOUR_COLOURS[suit])
    if high_contrast and name in MARKERS:
        svg = FAINT.sub(rb'\1="1"', svg)
    return svg


def card_height(width: int) -> int:
    """The height in pixels of a card ``width`` pixels wide."""
    return round(width * CARD_ASPECT)


def _default_folder() -> Traversable:
    return files("cardgui.resources") / "cards"


class CardArt:
    """Renders faces, the back and pile markers, caching one size at a time.

    Construct it once (after the ``QApplication``) and keep it.  ``renders``
    counts the SVG renderings done so far: repeated requests for the same size
    leave it unchanged.
    """

    def __init__(self, folder: Traversable | None = None) -> None:
        """``folder`` holds the SVG files; by default the installed card art."""
        self._folder = folder if folder is not None else _default_folder()
        self._renderers: dict[str, QSvgRenderer] = {}
        self._pixmaps: dict[tuple[str, int, float], QPixmap] = {}
        self._size: tuple[int, float] | None = None
        self.renders = 0
        self.four_colour = False        # diamonds blue, clubs green
        self.high_contrast = False      # pile markers drawn solid, not faint

    def restyle(self, four_colour: bool, high_contrast: bool) -> None:
        """Draw from now on with a four-colour deck and/or high-contrast
        markers; every picture is drawn again when next asked for."""
        if (four_colour, high_contrast) != (self.four_colour, self.high_contrast):
            self.four_colour, self.high_contrast = four_colour, high_contrast
            self._renderers.clear()
            self._pixmaps.clear()

    def face(self, card: Card, width: int, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The face of ``card``, ``width`` logical pixels wide.

        Raises:
            ValueError: if ``width`` or ``device_pixel_ratio`` is not positive.
            FileNotFoundError: if the card art is not installed.
        """
        return self._pixmap(card.name, width, device_pixel_ratio)

    def back(self, width: int, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The back of a card, ``width`` logical pixels wide.

        Raises:
            ValueError: if ``width`` or ``device_pixel_ratio`` is not positive.
        """
        return self._pixmap("back", width, device_pixel_ratio)

    def marker(self, name: str, width: int, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The empty-pile marker ``name`` (one of :data:`MARKERS`), card-sized.

        Raises:
            ValueError: if ``name`` is not a marker, or the size is not positive.
        """
        if name not in MARKERS:
            raise ValueError(f"no pile marker is called {name!r}; "
                             f"the markers are {', '.join(MARKERS)}")
        return self._pixmap(name, width, device_pixel_ratio)

    def _pixmap(self, name: str, width: int, device_pixel_ratio: float) -> QPixmap:
        if width < 1 or device_pixel_ratio <= 0:
            raise ValueError(f"a card must be at least 1 pixel wide at a positive pixel ratio, "
                             f"not {width} at {device_pixel_ratio}")
        size = (width, device_pixel_ratio)
        if size != self._size:
            self._pixmaps.clear()
            self._size = size
        key = (name, width, device_pixel_ratio)
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            began, cpu_began = time.perf_counter(), time.process_time()
            pixmap = self._render(self._renderer(name), width, device_pixel_ratio)
            self._pixmaps[key] = pixmap
            timeline.add_art(time.perf_counter() - began, time.process_time() - cpu_began)
        return pixmap

    def _renderer(self, name: str) -> QSvgRenderer:
        renderer = self._renderers.get(name)
        if renderer is None:
            data = restyled((self._folder / f"{name}.svg").read_bytes(), name,
                            self.four_colour, self.high_contrast)
            renderer = QSvgRenderer(QByteArray(data))
            if not renderer.isValid():
                raise ValueError(f"the card art {name}.svg is not a valid SVG file")
            self._renderers[name] = renderer
        return renderer

    def _render(self, renderer: QSvgRenderer, width: int, device_pixel_ratio: float) -> QPixmap:
        physical_width = max(1, round(width * device_pixel_ratio))
        physical_height = max(1, round(card_height(width) * device_pixel_ratio))
        image = QImage(physical_width, physical_height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter, QRectF(0, 0, physical_width, physical_height))
        painter.end()
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(device_pixel_ratio)
        self.renders += 1
        return pixmap
