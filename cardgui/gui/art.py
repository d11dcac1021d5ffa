"""Card pictures: our SVG art rendered once per card size into a pixmap cache.

The table has one card size at a time.  Asking for a picture at that size
returns the cached pixmap; asking at a new size (the window was resized, or
moved to a screen with another device pixel ratio) drops every pixmap of the
old size and renders afresh, so memory never grows with resizing and nothing
is rendered per frame.  With the kept art (:mod:`.kept_art`), pictures kept
when the window last closed are read back at their size instead of rendered.

The SVG files come from the installed package ``cardgui.resources`` (the
repository's ``cardgui/resources/``), found by :func:`cardgui.own_files.own_files`;
nothing is read from the working directory.  They are written by ``tools/make_art.py``.

A deck the player has installed (:mod:`cardgui.carddecks`) replaces our
faces and, unless the player picks one of our backs, our back: its pictures
come drawn by the deck renderer (:mod:`.deck_process`) at one size at a
time, as :class:`DeckPictures`.  Asked for another size before the renderer
has drawn it, the art scales the pictures it has (smoothly, so the table
never waits) and says which size it wants through ``size_wanted``.  The
pile markers are always ours, drawn to the deck's shape of card.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QByteArray, QRectF, Qt, qVersion
from PySide6.QtGui import QImage, QPainter, QPixmap

from cardgui import timeline
from cardgui.carddecks.found import InstalledDeck
from cardgui.engine.cards import RANKS, Card, rank_name
from cardgui.gui.kept_art import KeptArt
from cardgui.gui.layout import CARD_ASPECT
from cardgui.own_files import own_files

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from PySide6.QtSvg import QSvgRenderer

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

DECK_BACK = "deck"
"""The back choice that shows the deck's own back (ours is the blue one)."""
OWN_BACKS = {"blue": "back", "red": "back-red", "green": "back-green"}
"""Our backs: choice -> picture file (without ``.svg``), for any deck."""


DRAWING = f"antialiased, smooth pixmap transform; Qt {qVersion()}"
"""How :meth:`CardArt._render` draws (change it with the drawing): a kept
picture drawn otherwise is drawn again."""

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


def card_height(width: int, aspect: float = CARD_ASPECT) -> int:
    """The height in pixels of a card ``width`` pixels wide (``aspect``
    times as high as wide: our cards are 250 x 350)."""
    return round(width * aspect)


@dataclass
class DeckPictures:
    """A system deck's 53 pictures, drawn ``size`` (width, height) physical
    pixels by the deck renderer: card names and ``back`` -> image."""

    deck: InstalledDeck
    aspect: float
    size: tuple[int, int]
    images: dict[str, QImage]
    _scaled: dict[tuple[str, int, int], QImage] = field(default_factory=dict, repr=False)

    def image(self, name: str, width: int, height: int) -> tuple[QImage, bool]:
        """The picture ``name`` at ``width`` x ``height`` physical pixels, and
        whether it was drawn at that size (else it is scaled from the size
        it was drawn at; scaled images are kept for one size only)."""
        drawn = self.images[name]
        if (width, height) == self.size:
            return drawn, True
        key = (name, width, height)
        scaled = self._scaled.get(key)
        if scaled is None:
            if any((w, h) != (width, height) for _, w, h in self._scaled):
                self._scaled.clear()
            scaled = drawn.scaled(width, height, Qt.AspectRatioMode.IgnoreAspectRatio,
                                  Qt.TransformationMode.SmoothTransformation)
            self._scaled[key] = scaled
        return scaled, False


def _default_folder() -> Traversable:
    return own_files() / "cards"


class CardArt:
    """Renders faces, the back and pile markers, caching one size at a time.

    Construct it once (after the ``QApplication``) and keep it.  ``renders``
    counts the SVG renderings of our art done so far: repeated requests for
    the same size leave it unchanged.  ``size_wanted(width, height)`` is
    called when a system deck's pictures are asked for at a size (in
    physical pixels) they were not drawn at.
    """

    def __init__(self, folder: Traversable | None = None, kept: KeptArt | None = None) -> None:
        """``folder`` holds the SVG files; by default the installed card art.
        With ``kept``, pictures drawn in earlier runs are read back from it
        rather than drawn again, and those drawn now are kept there."""
        self._folder = folder if folder is not None else _default_folder()
        self.kept = kept
        self._svgs: dict[str, bytes] = {}
        self._renderers: dict[str, QSvgRenderer] = {}
        self._pixmaps: dict[tuple[str, int, float], QPixmap] = {}
        self._size: tuple[int, float] | None = None
        self.renders = 0
        self.four_colour = False        # diamonds blue, clubs green
        self.high_contrast = False      # pile markers drawn solid, not faint
        self.pictures: DeckPictures | None = None    # a system deck's, when one is in use
        self.back_choice = DECK_BACK
        self.size_wanted: Callable[[int, int], None] | None = None
        self._wanted: tuple[int, int] | None = None

    @property
    def aspect(self) -> float:
        """A card's height divided by its width, in the deck in use."""
        return self.pictures.aspect if self.pictures is not None else CARD_ASPECT

    def use_pictures(self, pictures: DeckPictures | None) -> None:
        """Draw from now on with a system deck's ``pictures`` (None: with our
        own art); every picture is drawn again when next asked for."""
        self.pictures = pictures
        self._wanted = None
        self._pixmaps.clear()
        self._size = None

    def choose_back(self, choice: str) -> None:
        """Show the back ``choice``: :data:`DECK_BACK` or one of :data:`OWN_BACKS`.

        Raises:
            ValueError: if there is no such back.
        """
        if choice != DECK_BACK and choice not in OWN_BACKS:
            raise ValueError(f"no card back is called {choice!r}; the backs are "
                             f"{', '.join([DECK_BACK, *OWN_BACKS])}")
        self.back_choice = choice

    def restyle(self, four_colour: bool, high_contrast: bool) -> None:
        """Draw from now on with a four-colour deck and/or high-contrast
        markers; every picture is drawn again when next asked for."""
        if (four_colour, high_contrast) != (self.four_colour, self.high_contrast):
            self.four_colour, self.high_contrast = four_colour, high_contrast
            self._svgs.clear()
            self._renderers.clear()
            self._pixmaps.clear()

    def face(self, card: Card, width: int, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The face of ``card``, ``width`` logical pixels wide.

        Raises:
            ValueError: if ``width`` or ``device_pixel_ratio`` is not positive.
            FileNotFoundError: if the card art is not installed.
        """
        return self._pixmap(card.name, width, device_pixel_ratio, from_deck=True)

    def back(self, width: int, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The back of a card, ``width`` logical pixels wide.

        Raises:
            ValueError: if ``width`` or ``device_pixel_ratio`` is not positive.
        """
        if self.back_choice == DECK_BACK:
            return self._pixmap("back", width, device_pixel_ratio, from_deck=True)
        return self._pixmap(OWN_BACKS[self.back_choice], width, device_pixel_ratio)

    def marker(self, name: str, width: int, device_pixel_ratio: float = 1.0) -> QPixmap:
        """The empty-pile marker ``name`` (one of :data:`MARKERS`), card-sized.

        Raises:
            ValueError: if ``name`` is not a marker, or the size is not positive.
        """
        if name not in MARKERS:
            raise ValueError(f"no pile marker is called {name!r}; "
                             f"the markers are {', '.join(MARKERS)}")
        return self._pixmap(name, width, device_pixel_ratio)

    def _pixmap(self, name: str, width: int, device_pixel_ratio: float,
                from_deck: bool = False) -> QPixmap:
        if width < 1 or device_pixel_ratio <= 0:
            raise ValueError(f"a card must be at least 1 pixel wide at a positive pixel ratio, "
                             f"not {width} at {device_pixel_ratio}")
        size = (width, device_pixel_ratio)
        if size != self._size:
            self._pixmaps.clear()
            self._size = size
        from_deck = from_deck and self.pictures is not None
        key = ("deck:" + name if from_deck else name, width, device_pixel_ratio)
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            if from_deck:
                pixmap = self._deck_pixmap(name, width, device_pixel_ratio)
            else:
                began, cpu_began = time.perf_counter(), time.process_time()
                pixmap = self._own_picture(name, width, device_pixel_ratio)
                timeline.add_art(time.perf_counter() - began, time.process_time() - cpu_began)
            self._pixmaps[key] = pixmap
        return pixmap

    def _physical_size(self, width: int, device_pixel_ratio: float) -> tuple[int, int]:
        return (max(1, round(width * device_pixel_ratio)),
                max(1, round(card_height(width, self.aspect) * device_pixel_ratio)))

    def _deck_pixmap(self, name: str, width: int, device_pixel_ratio: float) -> QPixmap:
        """The system deck's picture ``name``; scaled from another size (and
        that size asked for) if it has not been drawn at this one."""
        assert self.pictures is not None
        physical = self._physical_size(width, device_pixel_ratio)
        image, drawn = self.pictures.image(name, *physical)
        if not drawn and physical != self._wanted:
            self._wanted = physical
            if self.size_wanted is not None:
                self.size_wanted(*physical)
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(device_pixel_ratio)
        return pixmap

    def _own_picture(self, name: str, width: int, device_pixel_ratio: float) -> QPixmap:
        """Our picture ``name``, read back from the kept art if it was kept
        at this size, else drawn from its SVG."""
        physical_width, physical_height = self._physical_size(width, device_pixel_ratio)
        pixels = (self.kept.recall(name, self._source(name), physical_width, physical_height)
                  if self.kept is not None else None)
        if pixels is not None:
            # A copy: the image must not go on reading the bytes it was made from.
            image = QImage(pixels, physical_width, physical_height, physical_width * 4,
                           QImage.Format.Format_ARGB32_Premultiplied).copy()
        else:
            image = self._render(self._renderer(name), physical_width, physical_height)
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(device_pixel_ratio)
        return pixmap

    def keep_pictures(self) -> int:
        """Keep our pictures of the size in use in the kept art (the window
        does as it closes), so that the next start reads them back; how
        many were written (none without ``kept``)."""
        if self.kept is None:
            return 0
        pictures = []
        for (name, _, _), pixmap in self._pixmaps.items():
            if name.startswith("deck:"):
                continue                        # a system deck's: kept by its own cache
            image = pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
            physical_width, physical_height = image.width(), image.height()
            pictures.append((name, self._source(name), physical_width, physical_height,
                             bytes(image.constBits())))
        return self.kept.keep(pictures)

    def _source(self, name: str) -> bytes:
        """What picture ``name`` is drawn from: its SVG as the style in use
        has it, and how it is drawn (kept pictures drawn otherwise are not it)."""
        return self._svg(name) + b"\0" + DRAWING.encode()

    def _svg(self, name: str) -> bytes:
        """The SVG of picture ``name``, as the style in use draws it."""
        svg = self._svgs.get(name)
        if svg is None:
            svg = restyled((self._folder / f"{name}.svg").read_bytes(), name,
                           self.four_colour, self.high_contrast)
            self._svgs[name] = svg
        return svg

    def _renderer(self, name: str) -> QSvgRenderer:
        renderer = self._renderers.get(name)
        if renderer is None:
            # Imported on first drawing: a start whose pictures were kept draws none.
            from PySide6.QtSvg import QSvgRenderer

            renderer = QSvgRenderer(QByteArray(self._svg(name)))
            if not renderer.isValid():
                raise ValueError(f"the card art {name}.svg is not a valid SVG file")
            self._renderers[name] = renderer
        return renderer

    def _render(self, renderer: QSvgRenderer, physical_width: int,
                physical_height: int) -> QImage:
        image = QImage(physical_width, physical_height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter, QRectF(0, 0, physical_width, physical_height))
        painter.end()
        self.renders += 1
        return image
