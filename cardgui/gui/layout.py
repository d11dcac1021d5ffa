"""Where piles and cards go on the table, for any window size.

Pure geometry, no Qt and no rules: a game's ``TableLayout``
(``engine/table_plan.py``) says where each pile sits (in card slots) and how
it fans; ``Geometry`` turns that into
pixels for a viewport, choosing the card width so the table fits, and
squeezing long fans so the last card stays on screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.piles import Pile, PileId
from ..engine.table_plan import Fan, TableLayout

CARD_ASPECT = 1.4           # height / width of our cards and markers (a deck may differ)
GAP = 0.14                  # between slots, as a fraction of the card width
ROW_GAP = 0.22              # between rows, as a fraction of the card height
MARGIN = 0.25               # around the table, as a fraction of the card width
MIN_CARD_WIDTH = 36
MAX_CARD_WIDTH = 200
FACE_DOWN_STEP = 0.11       # fan offsets, as fractions of the card height
FACE_UP_STEP = 0.27
RIGHT_STEP = 0.40           # sideways fan, as a fraction of the card width
MIN_FACE_UP_STEP = 0.13


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def overlap(self, other: "Rect") -> float:
        """The area the two rectangles share (0 if they do not meet).  Asked
        for every pile on every mouse move of a drag: plain arithmetic."""
        width = min(self.x + self.width, other.x + other.width) - max(self.x, other.x)
        if width <= 0:
            return 0.0
        height = min(self.y + self.height, other.y + other.height) - max(self.y, other.y)
        return width * height if height > 0 else 0.0

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.right and self.y <= y < self.bottom


@dataclass(frozen=True, slots=True)
class CardPlace:
    """Where one card of a pile goes and whether it shows its face."""

    x: float
    y: float
    face_up: bool
    z: float


@dataclass
class Geometry:
    """The table's layout in pixels for a viewport of ``width`` x ``height``,
    for cards ``aspect`` times as high as they are wide."""

    layout: TableLayout
    width: float
    height: float
    aspect: float = CARD_ASPECT
    card_width: int = field(init=False)
    origin_x: float = field(init=False)
    origin_y: float = field(init=False)

    def __post_init__(self) -> None:
        columns, rows = self.layout.columns, self.layout.rows
        by_width = self.width / (columns * (1 + GAP) - GAP + 2 * MARGIN)
        by_height = self.height / (self.aspect * (rows + ROW_GAP) + 2 * MARGIN)
        self.card_width = int(max(MIN_CARD_WIDTH, min(MAX_CARD_WIDTH, by_width, by_height)))
        table_width = self.card_width * (columns * (1 + GAP) - GAP)
        self.origin_x = max(self.card_width * MARGIN, (self.width - table_width) / 2)
        self.origin_y = self.card_width * MARGIN

    @property
    def card_height(self) -> int:
        return round(self.card_width * self.aspect)

    def pile_origin(self, pile_id: PileId) -> tuple[float, float]:
        """The top-left corner of the pile's first card."""
        spot = self.layout.spots[pile_id]
        x = self.origin_x + spot.column * self.card_width * (1 + GAP)
        y = self.origin_y + spot.row * self.card_height * (1 + ROW_GAP)
        return x, y

    def fan_steps(self, pile_id: PileId, pile: Pile) -> tuple[float, float]:
        """The offsets between face-down and between face-up cards of a down fan,
        squeezed so the pile's last card ends inside the viewport."""
        down, up = FACE_DOWN_STEP * self.card_height, FACE_UP_STEP * self.card_height
        _, top = self.pile_origin(pile_id)
        room = self.height - top - self.card_height - self.card_width * MARGIN
        hidden, shown = pile.hidden, max(0, len(pile) - pile.hidden - 1)
        needed = hidden * down + shown * up
        if needed > room > 0 and shown:
            up = max(MIN_FACE_UP_STEP * self.card_height, (room - hidden * down) / shown)
            if hidden * down + shown * up > room and hidden:
                down = max(2.0, (room - shown * up) / hidden)
            if hidden * down + shown * up > room:
                # A column longer than any table plans room for (Spider's can
                # grow past fifty cards) squeezes further rather than run off
                # the table, as KPatience's does.
                up = max(2.0, (room - hidden * down) / shown)
        return down, up

    def card_places(self, pile_id: PileId, pile: Pile, z_base: float = 0) -> list[CardPlace]:
        """Where each card of ``pile`` goes, bottom to top; a spot that lies
        over others (its ``z``) lifts its cards above theirs."""
        spot = self.layout.spots[pile_id]
        x, y = self.pile_origin(pile_id)
        z_base += spot.z
        places = []
        if spot.fan is Fan.DOWN:
            down, up = self.fan_steps(pile_id, pile)
            for index in range(len(pile)):
                places.append(CardPlace(x, y, pile.is_face_up(index), z_base + index))
                y += down if index < pile.hidden else up
        elif spot.fan is Fan.RIGHT:
            first_fanned = max(0, len(pile) - spot.fan_last)
            for index in range(len(pile)):
                offset = max(0, index - first_fanned) * RIGHT_STEP * self.card_width
                places.append(CardPlace(x + offset, y, pile.is_face_up(index), z_base + index))
        else:
            places = [CardPlace(x, y, pile.is_face_up(index), z_base + index)
                      for index in range(len(pile))]
        return places

    def pile_area(self, pile_id: PileId, pile: Pile) -> Rect:
        """The rectangle a pile covers, fan included (at least one card), for
        drops and clicks."""
        x, y = self.pile_origin(pile_id)
        places = self.card_places(pile_id, pile)
        right = max([place.x for place in places], default=x) + self.card_width
        bottom = max([place.y for place in places], default=y) + self.card_height
        return Rect(x, y, right - x, bottom - y)

    def minimum_size(self) -> tuple[int, int]:
        """The smallest viewport in which cards keep ``MIN_CARD_WIDTH``."""
        columns, rows = self.layout.columns, self.layout.rows
        width = MIN_CARD_WIDTH * (columns * (1 + GAP) - GAP + 2 * MARGIN)
        height = MIN_CARD_WIDTH * (self.aspect * (rows + ROW_GAP) + 2 * MARGIN)
        return int(width), int(height)
