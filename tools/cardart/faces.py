"""Number cards: the card blank, the corner indices, pip layouts and aces."""

from __future__ import annotations

from .glyphs import glyph_width, rank_glyph, suit_colour, suit_shape
from .svg import CARD_HEIGHT, CARD_WIDTH, CORNER_RADIUS, circle, document, group, rect

FACE_FILL = "#fffefb"
FACE_EDGE = "#8f8f8f"
CENTRE = (CARD_WIDTH / 2, CARD_HEIGHT / 2)

# The corner index: a big rank with the suit beside it, so both show in the
# top strip (about a fifth of the card) that a fanned tableau leaves visible.
INDEX_LEFT = 13            # left edge of the rank column's ink
INDEX_TOP = 14             # top of the rank's ink
INDEX_RANK_HEIGHT = 46     # centre-line height of the rank glyph
INDEX_WEIGHT = 15          # stroke, percent of the glyph height
INDEX_SUIT_SIZE = 38
INDEX_GAP = 4

# Pips: two columns and a centre column; rows run between the top and bottom
# pip centres, and pips below the middle are turned upside down.
PIP_SIZE = 44
PIP_COLUMNS = (76, CARD_WIDTH / 2, 174)
PIP_TOP, PIP_BOTTOM = 100, CARD_HEIGHT - 100

# (column 0/1/2, row as a fraction from the top row 0 to the bottom row 1)
_L, _C, _R = 0, 1, 2
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5),
        (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)),
    10: ((_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3),
         (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6), (_L, 1), (_R, 1)),
}


def card_blank() -> str:
    """The white card with its thin grey edge and rounded corners."""
    return rect(1, 1, CARD_WIDTH - 2, CARD_HEIGHT - 2, CORNER_RADIUS - 1,
                fill=FACE_FILL, stroke=FACE_EDGE, stroke_width=2)


def _index(rank_text: str, suit: str) -> list[str]:
    colour = suit_colour(suit)
    stroke = INDEX_RANK_HEIGHT * INDEX_WEIGHT / 100
    column = glyph_width("10", INDEX_RANK_HEIGHT) + stroke
    centre_x = INDEX_LEFT + column / 2
    glyph_x = centre_x - glyph_width(rank_text, INDEX_RANK_HEIGHT) / 2
    glyph_y = INDEX_TOP + stroke / 2
    suit_x = INDEX_LEFT + column + INDEX_GAP + INDEX_SUIT_SIZE / 2
    suit_y = INDEX_TOP + INDEX_SUIT_SIZE / 2 + 1
    return [rank_glyph(rank_text, glyph_x, glyph_y, INDEX_RANK_HEIGHT, colour, INDEX_WEIGHT),
            suit_shape(suit, suit_x, suit_y, INDEX_SUIT_SIZE)]


def corner_indices(rank_text: str, suit: str) -> list[str]:
    """The index at the top left, and the same turned half round at the bottom right."""
    top = _index(rank_text, suit)
    return [group(top), group(top, transform=f"rotate(180,{CENTRE[0]:g},{CENTRE[1]:g})")]


def pips(rank: int, suit: str) -> list[str]:
    """The pips of a 2 to 10 in their standard places."""
    shapes = []
    for column, row in PIP_LAYOUTS[rank]:
        x = PIP_COLUMNS[column]
        y = PIP_TOP + (PIP_BOTTOM - PIP_TOP) * row
        shapes.append(suit_shape(suit, x, y, PIP_SIZE, upside_down=row > 0.5))
    return shapes


def ace_centre(suit: str) -> list[str]:
    """The ace's one large pip; the ace of spades gets an ornate one."""
    cx, cy = CENTRE
    if suit != "S":
        return [suit_shape(suit, cx, cy, 112)]
    ring = "#b8892b"
    return [
        circle(cx, cy, 92, fill="none", stroke=ring, stroke_width=3),
        circle(cx, cy, 85, fill="none", stroke=ring, stroke_width=1.2),
        *[circle(cx + 88.5 * dx, cy + 88.5 * dy, 3.2, fill=ring)
          for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))],
        suit_shape("S", cx, cy + 2, 138),
        suit_shape("S", cx, cy - 4, 84, fill="none", stroke="#fffefb", stroke_width=3.5),
        suit_shape("S", cx, cy - 10, 34, fill=ring),
    ]


def number_card(rank: int, rank_text: str, suit: str, title: str) -> str:
    """The SVG of an ace or a 2 to 10."""
    centre = ace_centre(suit) if rank == 1 else pips(rank, suit)
    return document([card_blank(), *corner_indices(rank_text, suit), *centre], title=title)

