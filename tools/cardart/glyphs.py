"""Rank glyphs and suit shapes, drawn as vector paths (never as text).

Rank glyphs are centre lines in a box 100 units tall, stroked with round caps
and joins, so they read as a bold rounded sans-serif at any size.  Suit shapes
are filled outlines in a 100 x 100 box centred on (50, 50).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .svg import fine, group, num, path, place

RED = "#c8102e"
BLACK = "#1b1b1f"


@dataclass(frozen=True)
class Glyph:
    """A rank's centre line: SVG path data in a box ``width`` x 100."""

    d: str
    width: float


def _ring(cx: float, cy: float, rx: float, ry: float) -> str:
    """A closed ellipse as path data (two arcs), starting at its left point."""
    return (f"M{num(cx - rx)} {num(cy)} A{num(rx)} {num(ry)} 0 1 0 {num(cx + rx)} {num(cy)} "
            f"A{num(rx)} {num(ry)} 0 1 0 {num(cx - rx)} {num(cy)} Z")


RANK_GLYPHS: dict[str, Glyph] = {
    "A": Glyph("M0 100 L29 0 L58 100 M11 66 L47 66", 58),
    "2": Glyph("M3 24 C4 9 15 0 29 0 C44 0 55 10 55 25 C55 42 42 54 28 66 L2 100 L57 100", 57),
    "3": Glyph("M3 13 C9 4 18 0 29 0 C44 0 54 9 54 24 C54 39 43 47 26 47 "
               "C45 47 57 57 57 73 C57 90 45 100 29 100 C17 100 7 95 1 86", 57),
    "4": Glyph("M43 100 L43 0 L1 68 L59 68", 59),
    "5": Glyph("M53 0 L12 0 L7 45 C14 39 21 37 30 37 C47 37 57 50 57 68 "
               "C57 88 45 100 29 100 C17 100 7 95 1 86", 57),
    "6": Glyph("M51 6 C45 2 38 0 32 0 C13 0 3 22 3 71 " + _ring(30, 71, 27, 29), 57),
    "7": Glyph("M1 0 L57 0 C41 28 29 60 23 100", 57),
    "8": Glyph(_ring(29, 23, 22, 23) + " " + _ring(29, 73, 27, 27), 58),
    "9": Glyph(_ring(27, 29, 27, 29) + " M54 29 C54 78 44 100 25 100 C18 100 12 98 6 94", 57),
    "10": Glyph("M1 17 L16 1 L16 100 " + _ring(55, 50, 22, 50), 77),
    "J": Glyph("M17 0 L55 0 M43 0 L43 70 C43 90 34 100 22 100 C11 100 3 93 1 80", 55),
    "Q": Glyph(_ring(30, 50, 29, 50) + " M36 74 L61 104", 61),
    "K": Glyph("M4 0 L4 100 M55 0 L4 62 M23 41 L58 100", 58),
}

def _outer_crossing(a: tuple[float, float], b: tuple[float, float], r: float,
                    away_from: tuple[float, float]) -> tuple[float, float]:
    """Where two circles of radius ``r`` cross, the crossing farther from ``away_from``."""
    (ax, ay), (bx, by) = a, b
    distance = math.hypot(bx - ax, by - ay)
    half = math.sqrt(r * r - (distance / 2) ** 2)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    ux, uy = -(by - ay) / distance, (bx - ax) / distance
    candidates = [(mx + ux * half, my + uy * half), (mx - ux * half, my - uy * half)]
    return max(candidates, key=lambda p: math.hypot(p[0] - away_from[0], p[1] - away_from[1]))


def _club_outline() -> str:
    """The club as one outline: three lobes and a flared stem, without overlaps.

    One outline (rather than overlapping circles) keeps a translucent club, as
    on the foundation marker, evenly faint.
    """
    r = 21.0
    top, left, right = (50.0, 28.0), (27.0, 60.0), (73.0, 60.0)
    middle = (50.0, 49.0)
    stem_top = 70.0
    stem_half = right[0] - math.sqrt(r * r - (stem_top - right[1]) ** 2) - 50
    top_left = _outer_crossing(top, left, r, middle)
    top_right = _outer_crossing(top, right, r, middle)
    arc = f"A{num(r)} {num(r)} 0 1 0"
    return (f"M31 98 L69 98 C59 90 {num(50 + stem_half)} 80 {num(50 + stem_half)} {num(stem_top)} "
            f"{arc} {num(top_right[0])} {num(top_right[1])} "
            f"{arc} {num(top_left[0])} {num(top_left[1])} "
            f"{arc} {num(50 - stem_half)} {num(stem_top)} "
            f"C{num(50 - stem_half)} 80 41 90 31 98 Z")


# Each suit is one filled outline.
SUIT_SHAPES: dict[str, tuple[str, ...]] = {
    "H": ("M50 94 C40 82 4 61 4 31 C4 14 16 4 29 4 C39 4 46 10 50 20 "
         "C54 10 61 4 71 4 C84 4 96 14 96 31 C96 61 60 82 50 94 Z",),
    "D": ("M50 2 C60 20 71 36 86 50 C71 64 60 80 50 98 C40 80 29 64 14 50 C29 36 40 20 50 2 Z",),
    "S": ("M50 3 C60 22 96 37 96 62 C96 78 84 86 72 86 C63 86 56 82 53 75 "
         "C54 86 58 93 68 98 L32 98 C42 93 46 86 47 75 C44 82 37 86 28 86 "
         "C16 86 4 78 4 62 C4 37 40 22 50 3 Z",),
    "C": (_club_outline(),),
}


def suit_colour(suit_letter: str) -> str:
    return RED if suit_letter in ("H", "D") else BLACK


def suit_shape(suit_letter: str, cx: float, cy: float, size: float, fill: str | None = None,
               upside_down: bool = False, **attributes: object) -> str:
    """A suit symbol ``size`` units across, centred on (cx, cy)."""
    transform = place(cx, cy, size / 100, 180 if upside_down else 0) + " translate(-50,-50)"
    return group([path(d) for d in SUIT_SHAPES[suit_letter]], transform=transform,
                 fill=fill or suit_colour(suit_letter), **attributes)


def rank_glyph(rank_text: str, x: float, y: float, height: float, colour: str,
               weight: float = 15, **attributes: object) -> str:
    """A rank's glyph with its centre line's top-left corner at (x, y).

    ``height`` is the centre line's height; the ink reaches ``weight`` percent of
    it further (half on each side).
    """
    glyph = RANK_GLYPHS[rank_text]
    scale = height / 100
    return group([path(glyph.d)], transform=f"translate({num(x)},{num(y)}) scale({fine(scale)})",
                 fill="none", stroke=colour, stroke_width=weight, stroke_linecap="round",
                 stroke_linejoin="round", **attributes)


def glyph_width(rank_text: str, height: float) -> float:
    """The width of a rank's centre line when drawn ``height`` units tall."""
    return RANK_GLYPHS[rank_text].width * height / 100
