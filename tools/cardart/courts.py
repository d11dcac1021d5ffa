"""Court cards: a framed panel holding a half-length figure, mirrored top and bottom.

Each figure is drawn once for the upper half of the panel (down to the
dividing band across the middle) and repeated turned half round, as on real
court cards.  The king wears a crown and an ermine collar and holds a
sceptre; the queen a tiara and long hair, and holds a flower; the jack a
feathered cap, and holds a halberd.  Colours: the suit's colour, gold, blue.
"""

from __future__ import annotations

from .faces import CENTRE, card_blank, corner_indices
from .glyphs import RED, suit_colour, suit_shape
from .svg import circle, document, ellipse, group, line, path, rect

GOLD = "#e2a92f"
GOLD_DARK = "#a8771a"
BLUE = "#2c5da8"
SKIN = "#f7dcc0"
CHEEK = "#f1b3a0"
INK = "#2a2220"
WHITE = "#fdfcf7"
PANEL_FILL = "#fbf4e2"
OUTLINE = {"stroke": INK, "stroke_width": 1.4, "stroke_linejoin": "round"}
THIN = {"stroke": INK, "stroke_width": 0.9}

PANEL_LEFT, PANEL_TOP, PANEL_RIGHT = 30, 74, 220
PANEL_BOTTOM = 2 * CENTRE[1] - PANEL_TOP
MIDDLE = CENTRE[1]
HAND = (72, 151)


def _accent(suit: str) -> str:
    """A second colour that stands out against the suit's colour."""
    return BLUE if suit in ("H", "D") else RED


def _shoulders(colour: str) -> list[str]:
    """The robe across the shoulders, reaching both sides of the panel at the middle,
    with a gold hem along the top."""
    return [path("M30 175 L30 159 C38 151 72 146 104 142 L146 142 C178 146 212 151 220 159 "
                 "L220 175 Z", fill=colour, **OUTLINE),
            path("M32 167 C42 159 74 154 104 150 M146 150 C176 154 208 159 218 167", fill="none",
                 stroke=GOLD, stroke_width=2.4, stroke_linecap="round")]


def _arm(colour: str) -> list[str]:
    """The sleeve and hand that hold the figure's attribute, on the left."""
    return [path("M38 175 C42 162 54 152 66 146 L79 156 C68 161 60 168 56 175 Z",
                 fill=colour, **OUTLINE),
            circle(*HAND, 7, fill=SKIN, **OUTLINE)]


def _face(mouth: str) -> list[str]:
    """Neck and face: almond eyes, brows, nose, cheeks and mouth."""
    eyes = []
    for x in (118.5, 131.5):
        eyes += [ellipse(x, 114, 3.6, 2.3, fill=WHITE, stroke=INK, stroke_width=0.8),
                 circle(x + 0.3, 114, 1.6, fill=INK)]
    return [
        rect(116, 128, 18, 18, fill=SKIN, **OUTLINE),
        ellipse(125, 117, 16.5, 20, fill=SKIN, **OUTLINE),
        circle(114.5, 123, 3.4, fill=CHEEK),
        circle(135.5, 123, 3.4, fill=CHEEK),
        *eyes,
        path("M114 108.5 Q118.5 105.5 123 108.5 M127 108.5 Q131.5 105.5 136 108.5", fill="none",
             stroke=INK, stroke_width=1.5, stroke_linecap="round"),
        path("M125 113 L122.5 122.5 L126.5 123", fill="none", stroke=INK, stroke_width=1.2,
             stroke_linecap="round", stroke_linejoin="round"),
        path(mouth, fill="none", stroke="#b3303c", stroke_width=2, stroke_linecap="round"),
    ]


def _king(suit: str) -> list[str]:
    robe = suit_colour(suit)
    hair = "#8a5a2c"
    ermine_spots = [ellipse(x, y, 1.3, 2.4, fill=INK) for x, y in
                    ((80, 156), (94, 151), (108, 154), (142, 154), (156, 151), (170, 156),
                     (100, 162), (150, 162))]
    return [
        path("M105 104 C99 124 101 142 110 148 L140 148 C149 142 151 124 145 104 Z",
             fill=hair, **OUTLINE),
        *_shoulders(robe),
        path("M108 146 L142 146 L152 175 L98 175 Z", fill=GOLD, **OUTLINE),
        line(125, 150, 125, 175, stroke=GOLD_DARK, stroke_width=1.2),
        *[circle(125, y, 3, fill=_accent(suit), **THIN) for y in (158, 169)],
        path("M62 160 C80 148 102 143 125 146 C148 143 170 148 188 160 "
             "C172 169 150 168 125 166 C100 168 78 169 62 160 Z", fill=WHITE, **OUTLINE),
        *ermine_spots,
        # the sceptre, held in the left hand
        line(63, 174, 76, 101, stroke=GOLD_DARK, stroke_width=6, stroke_linecap="round"),
        line(63, 174, 76, 101, stroke=GOLD, stroke_width=3.4, stroke_linecap="round"),
        circle(76.5, 97, 7, fill=GOLD, **OUTLINE),
        path("M76.5 82 L76.5 90 M72.5 86 L80.5 86", stroke=GOLD_DARK, stroke_width=3,
             stroke_linecap="round", fill="none"),
        *_arm(BLUE),
        *_face("M121 130 Q125 131.5 129 130"),
        # beard and moustache
        path("M108.5 117 C108 142 116 153 125 157 C134 153 142 142 141.5 117 "
             "C139 128 133 134 125 134 C117 134 111 128 108.5 117 Z", fill=hair, **OUTLINE),
        path("M115.5 128 Q120.5 123.5 125 126.5 Q129.5 123.5 134.5 128 Q129.5 130 125 129 "
             "Q120.5 130 115.5 128 Z", fill=hair, **OUTLINE),
        # the crown
        path("M104 106 L104 90 L114 98 L125 86 L136 98 L146 90 L146 106 Z", fill=GOLD, **OUTLINE),
        rect(103, 99, 44, 9, 1.5, fill=GOLD_DARK, **OUTLINE),
        *[circle(x, y, 3, fill=WHITE, **OUTLINE) for x, y in ((104, 89), (125, 85), (146, 89))],
        circle(125, 103.5, 3, fill=RED, **THIN),
        circle(112.5, 103.5, 2.4, fill=BLUE, **THIN),
        circle(137.5, 103.5, 2.4, fill=BLUE, **THIN),
    ]


def _queen(suit: str) -> list[str]:
    dress = suit_colour(suit)
    hair = "#5e3419"
    petals = [circle(73 + 7.5 * dx, 99 + 7.5 * dy, 6.2, fill=RED,
                     **OUTLINE)
              for dx, dy in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))]
    return [
        *_shoulders(dress),
        # square neckline, gold bodice, blue trim and a pearl necklace
        path("M103 142 L147 142 L140 160 L110 160 Z", fill=SKIN, **OUTLINE),
        path("M110 160 L140 160 L148 175 L102 175 Z", fill=GOLD, **OUTLINE),
        path("M103 142 L110 160 L140 160 L147 142", fill="none", stroke=BLUE, stroke_width=3.4,
             stroke_linejoin="round"),
        # long hair falling over the shoulders
        path("M101 110 C97 88 110 84 125 84 C140 84 153 88 149 110 C151 130 154 146 160 160 "
             "C150 162 142 156 138 146 L112 146 C108 156 100 162 90 160 C96 146 99 130 101 110 Z",
             fill=hair, **OUTLINE),
        *_face("M120.5 129.5 Q125 132.5 129.5 129.5"),
        *[circle(125 + dx, 149 + abs(dx) * -0.12, 2, fill=WHITE, **THIN) for dx in (-8, -4, 0, 4, 8)],
        path("M108.5 108 C110 96 118 93 125 96 C132 93 140 96 141.5 108 C136 101 130 100 125 102 "
             "C120 100 114 101 108.5 108 Z", fill=hair, **OUTLINE),
        # the tiara
        path("M106 100 C113 94 118 92 125 84 C132 92 137 94 144 100 C136 96 114 96 106 100 Z",
             fill=GOLD, **OUTLINE),
        circle(125, 84, 3, fill=WHITE, **OUTLINE),
        circle(125, 93.5, 2.4, fill=_accent(suit), **THIN),
        # the flower, held in the left hand
        path("M71 150 C71 134 72 118 73 102", fill="none", stroke="#3d7a35", stroke_width=3,
             stroke_linecap="round"),
        path("M72 130 C62 126 57 119 58 112 C66 114 71 121 72 130 Z", fill="#4f9443", **OUTLINE),
        *petals,
        circle(73, 99, 4, fill=GOLD, **OUTLINE),
        *_arm(GOLD),
    ]


def _jack(suit: str) -> list[str]:
    cap = suit_colour(suit)
    steel = "#c9d0d8"
    return [
        path("M106 108 C100 122 103 138 110 142 L140 142 C147 138 150 122 144 108 Z",
             fill="#c98f3c", **OUTLINE),
        *_shoulders(cap),
        # tunic in gold and blue stripes, white collar
        path("M102 143 L116 143 L114 175 L95 175 Z", fill=GOLD, **OUTLINE),
        path("M134 143 L148 143 L155 175 L136 175 Z", fill=GOLD, **OUTLINE),
        path("M116 143 L134 143 L136 175 L114 175 Z", fill=BLUE, **OUTLINE),
        path("M100 141 C110 152 140 152 150 141 L145 135 L105 135 Z", fill=WHITE, **OUTLINE),
        # the halberd, held in the left hand
        line(66, 174, 71, 86, stroke="#6b4423", stroke_width=4.5, stroke_linecap="round"),
        path("M71 79 L65.5 92 L71 90 L76.5 92 Z", fill=steel, **OUTLINE),
        path("M70 94 C59 92 53 99 53 109 C59 104 64 104 70 106 Z", fill=steel, **OUTLINE),
        path("M72 96 L82 100 L72 104 Z", fill=steel, **OUTLINE),
        *_arm(BLUE),
        *_face("M120.5 129 Q125 132 129.5 129"),
        # the cap with its feather
        path("M147 99 C158 88 170 82 183 81 C175 88 164 96 151 104 Z", fill=BLUE, **OUTLINE),
        path("M150 100 C162 90 172 84 182 82", fill="none", stroke=GOLD, stroke_width=1.3),
        path("M99 106 C99 90 111 81 127 81 C144 81 155 91 153 106 Z", fill=cap, **OUTLINE),
        rect(98, 100, 57, 8, 2, fill=GOLD, **OUTLINE),
        circle(141, 104, 2.6, fill=_accent(suit), **THIN),
    ]


_FIGURES = {11: _jack, 12: _queen, 13: _king}


def _panel(suit: str, figure: list[str]) -> list[str]:
    colour = suit_colour(suit)
    width = PANEL_RIGHT - PANEL_LEFT
    height = PANEL_BOTTOM - PANEL_TOP
    half = [*figure, suit_shape(suit, PANEL_RIGHT - 17, PANEL_TOP + 18, 20)]
    turn = f"rotate(180,{CENTRE[0]:g},{CENTRE[1]:g})"
    return [
        rect(PANEL_LEFT, PANEL_TOP, width, height, 5, fill=PANEL_FILL),
        group(half),
        group(half, transform=turn),
        rect(PANEL_LEFT, MIDDLE - 3, width, 6, fill=GOLD, stroke=GOLD_DARK, stroke_width=1),
        rect(PANEL_LEFT + 4, PANEL_TOP + 4, width - 8, height - 8, 3, fill="none", stroke=GOLD,
             stroke_width=1.2),
        rect(PANEL_LEFT, PANEL_TOP, width, height, 5, fill="none", stroke=colour, stroke_width=2.5),
    ]


def court_card(rank: int, rank_text: str, suit: str, title: str) -> str:
    """The SVG of a jack (11), queen (12) or king (13)."""
    figure = _FIGURES[rank](suit)
    return document([card_blank(), *corner_indices(rank_text, suit), *_panel(suit, figure)],
                    title=title)
