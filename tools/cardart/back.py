"""The card backs: a diamond lattice in gold on a coloured field inside a
white border, with an oval medallion of the four suits in the middle; the
same design in blue (the usual back), red and green."""

from __future__ import annotations

from dataclasses import dataclass

from .faces import CENTRE, card_blank
from .glyphs import suit_shape
from .svg import circle, document, ellipse, line, radial_gradient, rect

FIELD_INSET = 13
LATTICE_INSET = 21
CELL_WIDTH, CELL_HEIGHT = 26, 34
GOLD = "#d9ac45"
IVORY = "#fbf6e8"


@dataclass(frozen=True)
class Palette:
    """A back's colours: the field from its centre to its edge, the lattice,
    and the medallion from its centre to its rim."""

    field_centre: str
    field_edge: str
    lattice: str
    medallion_centre: str
    medallion_rim: str


BLUE = Palette("#2a56a0", "#142d5c", "#6f93d3", "#2d5cab", "#1d3f7c")
RED = Palette("#a3283a", "#5c1220", "#d9707f", "#ab2d40", "#7c1d2b")
GREEN = Palette("#2a7a4c", "#123f26", "#6fbf8f", "#2d8a55", "#1d5c38")
BACKS = {"back": BLUE, "back-red": RED, "back-green": GREEN}
"""Each back's picture name (the file is ``<name>.svg``) and colours."""


def _clip(x1: float, y1: float, x2: float, y2: float,
          box: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
    """The part of a segment inside ``box`` (left, top, right, bottom), or None."""
    left, top, right, bottom = box
    dx, dy = x2 - x1, y2 - y1
    start, end = 0.0, 1.0
    for p, q in ((-dx, x1 - left), (dx, right - x1), (-dy, y1 - top), (dy, bottom - y1)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            start = max(start, t)
        else:
            end = min(end, t)
    if start >= end:
        return None
    return x1 + dx * start, y1 + dy * start, x1 + dx * end, y1 + dy * end


def _lattice(palette: Palette) -> list[str]:
    """Diagonal lines both ways through a grid of diamonds, a gold dot where they cross."""
    box = (LATTICE_INSET, LATTICE_INSET, 250 - LATTICE_INSET, 350 - LATTICE_INSET)
    cx, cy = CENTRE
    slope = CELL_HEIGHT / CELL_WIDTH
    shapes = []
    for step in range(-24, 25):
        # the two lines through (cx + step * CELL_WIDTH, cy), down-right and down-left
        x0 = cx + step * CELL_WIDTH
        for direction in (1, -1):
            clipped = _clip(x0 - 400 * direction, cy - 400 * slope, x0 + 400 * direction,
                            cy + 400 * slope, box)
            if clipped:
                shapes.append(line(*clipped, stroke=palette.lattice, stroke_width=1.3))
    margin = 5
    for column in range(-6, 7):
        for row in range(-7, 8):
            x = cx + column * CELL_WIDTH + (CELL_WIDTH / 2 if row % 2 else 0)
            y = cy + row * CELL_HEIGHT / 2
            if box[0] + margin <= x <= box[2] - margin and box[1] + margin <= y <= box[3] - margin:
                shapes.append(circle(x, y, 1.8, fill=GOLD))
    return shapes


def _medallion(palette: Palette) -> list[str]:
    cx, cy = CENTRE
    shapes = [
        ellipse(cx, cy, 66, 84, fill=palette.field_edge),
        ellipse(cx, cy, 60, 78, fill="url(#medallion)", stroke=GOLD, stroke_width=3),
        ellipse(cx, cy, 52, 70, fill="none", stroke=GOLD, stroke_width=1.2),
    ]
    for letter, dx, dy, turn in (("H", 0, -36, False), ("S", 0, 36, True),
                                 ("D", -27, 0, False), ("C", 27, 0, False)):
        shapes.append(suit_shape(letter, cx + dx, cy + dy, 30, fill=IVORY, upside_down=turn))
    shapes.append(circle(cx, cy, 5, fill=GOLD))
    return shapes


def back_card(palette: Palette = BLUE) -> str:
    """The SVG of the card back in ``palette``'s colours."""
    width, height = 250 - 2 * FIELD_INSET, 350 - 2 * FIELD_INSET
    frame = LATTICE_INSET - 4
    children = [
        card_blank(),
        rect(FIELD_INSET, FIELD_INSET, width, height, 8, fill="url(#field)"),
        *_lattice(palette),
        rect(frame, frame, 250 - 2 * frame, 350 - 2 * frame, 5, fill="none", stroke=GOLD,
             stroke_width=1.6),
        *_medallion(palette),
    ]
    defs = [radial_gradient("field", ((0, palette.field_centre), (1, palette.field_edge)),
                            r=0.75),
            radial_gradient("medallion", ((0, palette.medallion_centre),
                                          (1, palette.medallion_rim)))]
    return document(children, defs=defs, title="card back")
