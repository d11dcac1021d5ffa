"""Empty-pile markers: a faint rounded outline, and sometimes a faint sign,
on a transparent ground so they sit on the green table."""

from __future__ import annotations

from .faces import CENTRE
from .glyphs import glyph_width, rank_glyph, suit_shape
from .svg import CARD_HEIGHT, CARD_WIDTH, CORNER_RADIUS, document, path, polygon, rect

MARK = "#ffffff"
OUTLINE_OPACITY = 0.5
SIGN_OPACITY = 0.32


def _outline() -> str:
    return rect(3, 3, CARD_WIDTH - 6, CARD_HEIGHT - 6, CORNER_RADIUS - 2, fill="#000000",
                fill_opacity=0.1, stroke=MARK, stroke_opacity=OUTLINE_OPACITY, stroke_width=4)


def _letter(rank_text: str) -> str:
    height = 110
    x = CENTRE[0] - glyph_width(rank_text, height) / 2
    return rank_glyph(rank_text, x, CENTRE[1] - height / 2, height, MARK, weight=14,
                      stroke_opacity=SIGN_OPACITY)


def _redeal_arrow() -> list[str]:
    """A circular arrow: three quarters of a ring ending in an arrowhead."""
    cx, cy = CENTRE
    r = 52
    return [
        path(f"M{cx + r:g} {cy:g} A{r} {r} 0 1 1 {cx:g} {cy - r:g}", fill="none", stroke=MARK,
             stroke_opacity=SIGN_OPACITY, stroke_width=16),
        polygon(((cx, cy - r - 28), (cx + 38, cy - r), (cx, cy - r + 28)),
                fill=MARK, fill_opacity=SIGN_OPACITY),
    ]


def _marker(*signs: str, title: str) -> str:
    return document([_outline(), *signs], title=title)


MARKERS: dict[str, str] = {
    "empty": _marker(title="empty pile"),
    "empty-K": _marker(_letter("K"), title="empty pile: kings only"),
    "foundation": _marker(_letter("A"), title="foundation"),
    **{f"foundation-{letter}": _marker(suit_shape(letter, *CENTRE, 110, fill=MARK,
                                                  fill_opacity=SIGN_OPACITY),
                                       title=f"foundation {letter}")
       for letter in "HSDC"},
    "redeal": _marker(*_redeal_arrow(), title="turn the pile over"),
    "cell": _marker(rect(16, 16, CARD_WIDTH - 32, CARD_HEIGHT - 32, 8, fill="none", stroke=MARK,
                         stroke_opacity=0.25, stroke_width=2), title="free cell"),
}
