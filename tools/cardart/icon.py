"""The application icon: two fanned cards, a heart and a spade, bold enough for 16 px."""

from __future__ import annotations

from .glyphs import suit_shape
from .svg import document, group, rect

SIZE = 256
CARD_W, CARD_H = 124, 172


def _card(letter: str, cx: float, cy: float, angle: float, pip: tuple[float, float, float]) -> str:
    """A card centred on (cx, cy), turned ``angle`` degrees, with one big pip.

    ``pip`` is the pip's centre relative to the card's, and its size: the card
    behind shows its pip in the part the front card leaves uncovered.
    """
    return group([
        rect(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H, 16, fill="#fffefb", stroke="#2f2f33",
             stroke_width=10),
        suit_shape(letter, *pip),
    ], transform=f"translate({cx:g},{cy:g}) rotate({angle:g})")


def icon() -> str:
    """The SVG of the icon, 256 x 256."""
    return document([_card("H", 90, 128, -14, (-22, -18, 72)),
                     _card("S", 166, 128, 10, (0, 0, 100))], width=SIZE,
                    height=SIZE, title="cardgui")
