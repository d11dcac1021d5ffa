"""The table scene: one sprite per card, pile markers, face-down counts.

The scene shows what the engine's state says and nothing else: ``sync()``
computes where the cards of the piles a gesture changed belong and moves
their sprites there, gliding the ones that changed place when animations are
on.  It also carries the cards of a drag.  It never decides a rule.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QPointF,
    QRectF,
    Qt,
    QVariantAnimation,
)
from PySide6.QtGui import (
    QColor,
    QFont,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
)

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.piles import PileId
from ..engine.table_plan import TableLayout
from .art import CardArt
from .carried import CarriedCards
from .focus import Focus
from .layout import Geometry, Rect
from .outlines import TableMarks
from .sprites import DRAG_Z, CardSprite, CountBadge, PileLabel
from .tables.spec import Decorations

TABLE_GREEN = QColor(22, 102, 58)
HIGH_CONTRAST_TABLE = QColor(0, 0, 0)
LIGHT_TABLE = 0.6           # a table colour lighter than this gets dark pile labels
GLIDE_MS = 140


class TableScene(QGraphicsScene):
    """Sprites for one game, laid out for the current viewport size."""

    def __init__(self, art: CardArt, parent: Any = None) -> None:
        super().__init__(parent)
        self.art = art
        # A colour, not QBrush(colour): that constructor makes QGradient's enums
        # (a 169-member preset list) before the first frame.
        self.setBackgroundBrush(TABLE_GREEN)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.sprites: dict[Card, CardSprite] = {}
        self.markers: dict[PileId, QGraphicsPixmapItem] = {}
        self.badges: dict[PileId, CountBadge] = {}
        self.labels: dict[PileId, PileLabel] = {}
        self.game: Game[Any] | None = None
        self.table_layout_of: Callable[[Any], TableLayout] | None = None
        self.decorations: Decorations | None = None
        self.geometry: Geometry | None = None
        self.device_pixel_ratio = 1.0
        self.animations_enabled = True
        self.high_contrast = False
        self.table_colour = QColor(TABLE_GREEN)
        self._glide: QVariantAnimation | None = None
        self._effect: QVariantAnimation | None = None
        self.marks = TableMarks(self)
        self._glide_paths: list[tuple[QGraphicsItem, QPointF, QPointF]] = []
        self._scattered = False        # a celebration moved cards off their places
        self._carried: CarriedCards | None = None
        self._drop_areas: list[tuple[PileId, Rect]] = []

    # -- setting up ------------------------------------------------------------

    def show_game(self, game: Game[Any], table: Callable[[Any], TableLayout],
                  decorations: Decorations | None = None) -> None:
        """Forget the old game's items and show ``game`` (with its decorations)."""
        self.finish_glide()
        self.marks.detach()
        self.clear()
        self.sprites, self.markers, self.badges, self.labels = {}, {}, {}, {}
        self.game, self.table_layout_of = game, table
        self.decorations = decorations
        for card in sorted(game.all_cards()):
            sprite = CardSprite(card)
            self.addItem(sprite)
            self.sprites[card] = sprite
        if self.geometry is not None:
            self.relayout(self.geometry.width, self.geometry.height, self.device_pixel_ratio)

    def restyle(self, four_colour: bool, high_contrast: bool) -> None:
        """Draw the table again with a four-colour deck and/or in high contrast
        (a black table, solid markers)."""
        self.art.restyle(four_colour, high_contrast)
        self.high_contrast = high_contrast
        self._paint_table()
        self.redraw_cards()

    def set_table_colour(self, colour: QColor) -> None:
        """Cover the table in ``colour`` (in high contrast it stays black)."""
        self.table_colour = QColor(colour)
        self._paint_table()
        for label in self.labels.values():
            label.set_colours(self.high_contrast, self.light_table)

    @property
    def light_table(self) -> bool:
        """True if the table is light enough that light writing on it would not show."""
        return not self.high_contrast and self.table_colour.lightnessF() > LIGHT_TABLE

    def _paint_table(self) -> None:
        self.setBackgroundBrush(HIGH_CONTRAST_TABLE if self.high_contrast
                                else self.table_colour)

    def redraw_cards(self) -> None:
        """Draw every card and marker again from the art (its deck, back or
        style changed), laid out for the deck's shape of card."""
        for sprite in self.sprites.values():
            sprite.rendered_width = 0           # drawn again at the next sync
        if self.geometry is not None:
            self.relayout(self.geometry.width, self.geometry.height, self.device_pixel_ratio)

    def relayout(self, width: float, height: float, device_pixel_ratio: float) -> None:
        """Lay the table out for a viewport of this size, without animation."""
        if self.game is None or self.table_layout_of is None:
            return
        self.finish_glide()
        self.setSceneRect(QRectF(0, 0, width, height))
        self.device_pixel_ratio = device_pixel_ratio
        self.geometry = Geometry(self.table_layout_of(self.game), width, height, self.art.aspect)
        self._refresh_markers()
        self.sync(animate=False)
        self.marks.refresh(self.game, self.geometry)

    def _refresh_markers(self) -> None:
        """Markers for empty piles, face-down counts and labels, for the current spots."""
        assert self.geometry is not None and self.game is not None
        spots = self.geometry.layout.spots
        for items in (self.markers, self.badges, self.labels):
            for pile_id in [pile_id for pile_id in items if pile_id not in spots]:
                self.removeItem(items.pop(pile_id))
        width, height = self.geometry.card_width, self.geometry.card_height
        badge_font, label_font = QFont(), QFont()
        badge_font.setPixelSize(max(8, round(height * 0.075)))
        badge_font.setBold(True)
        label_font.setPixelSize(max(9, round(height * 0.1)))
        for pile_id, spot in spots.items():
            marker = self.markers.get(pile_id)
            if marker is None:
                marker = self.markers[pile_id] = QGraphicsPixmapItem()
                marker.setZValue(-1)
                self.addItem(marker)
            marker.setPixmap(self.art.marker(spot.marker, width, self.device_pixel_ratio))
            x, y = self.geometry.pile_origin(pile_id)
            marker.setPos(x, y)
            if spot.badge:
                badge = self.badges.get(pile_id)
                if badge is None:
                    badge = self.badges[pile_id] = CountBadge()
                    self.addItem(badge)
                badge.set_text(badge.text, badge_font, self.device_pixel_ratio)
            if spot.label:
                label = self.labels.get(pile_id)
                if label is None:
                    label = self.labels[pile_id] = PileLabel(spot.label)
                    self.addItem(label)
                label.setFont(label_font)
                label.set_colours(self.high_contrast, self.light_table)
                box = label.boundingRect()
                label.setPos(x + (width - box.width()) / 2,
                             y - box.height() - height * 0.015)

    # -- showing the state -------------------------------------------------------

    def sync(self, animate: bool = True, piles: Iterable[PileId] | None = None) -> None:
        """Move every sprite (or those of ``piles``) to where the engine has its card."""
        if self.game is None or self.geometry is None:
            return
        if self.table_layout_of is not None:
            layout = self.table_layout_of(self.game)
            if layout.spots.keys() != self.geometry.layout.spots.keys():
                self.geometry = Geometry(layout, self.geometry.width, self.geometry.height,
                                         self.art.aspect)
                self._refresh_markers()
        self.finish_glide()
        if self._carried is not None:
            self._carried.put_down()
        paths: list[tuple[QGraphicsItem, QPointF, QPointF]] = []
        # After a celebration every card is out of place, whatever changed.
        wanted = set(piles) if piles is not None and not self._scattered else None
        self._scattered = False
        for pile_id in self.geometry.layout.spots:
            if wanted is not None and pile_id not in wanted:
                continue
            pile = self.game.piles[pile_id]
            places = self.geometry.card_places(pile_id, pile)
            for index, (card, place) in enumerate(zip(pile.cards, places)):
                sprite = self.sprites[card]
                sprite.pile_id, sprite.index = pile_id, index
                self._show_face(sprite, place.face_up)
                sprite.setZValue(place.z)
                target = QPointF(place.x, place.y)
                if animate and self.animations_enabled and sprite.pos() != target:
                    paths.append((sprite, sprite.pos(), target))
                else:
                    sprite.setPos(target)
            self._update_badge(pile_id)
        if paths:
            self._start_glide(paths)

    def _show_face(self, sprite: CardSprite, face_up: bool) -> None:
        assert self.geometry is not None
        width, ratio = self.geometry.card_width, self.device_pixel_ratio
        if sprite.face_up == face_up and sprite.rendered_width == width \
                and sprite.pixmap().devicePixelRatio() == ratio:
            return
        sprite.face_up, sprite.rendered_width = face_up, width
        sprite.setPixmap(self.art.face(sprite.card, width, ratio) if face_up
                         else self.art.back(width, ratio))

    def _update_badge(self, pile_id: PileId) -> None:
        badge = self.badges.get(pile_id)
        if badge is None or self.game is None or self.geometry is None:
            return
        hidden = self.game.piles[pile_id].hidden
        badge.setVisible(hidden > 0)
        badge.set_text(str(hidden), badge.font, self.device_pixel_ratio)
        x, y = self.geometry.pile_origin(pile_id)
        inset = self.geometry.card_width * 0.06
        badge.setPos(x + self.geometry.card_width - badge.boundingRect().width() - inset,
                     y + self.geometry.card_height * 0.012)

    def update_decorations(self) -> None:
        """Let the game's decorations catch up with the state and the geometry."""
        if self.decorations is not None and self.geometry is not None:
            self.decorations.update(self)

    # -- gliding -------------------------------------------------------------------

    def _start_glide(self, paths: Sequence[tuple[QGraphicsItem, QPointF, QPointF]],
                     duration: int = GLIDE_MS) -> None:
        self._glide_paths = list(paths)
        for item, _, _ in paths:
            item.setZValue(item.zValue() + DRAG_Z / 2)   # travel above the table
        glide = QVariantAnimation(self)
        glide.setStartValue(0.0)
        glide.setEndValue(1.0)
        glide.setDuration(duration)
        glide.setEasingCurve(QEasingCurve.Type.OutCubic)
        glide.valueChanged.connect(self._glide_step)
        glide.finished.connect(self.finish_glide)
        self._glide = glide
        glide.start()

    def _glide_step(self, value: float) -> None:
        # At the end, the end itself: start + (end - start) can miss it in the
        # last bit, and setPos takes a point that near for the same (its
        # comparison is fuzzy), so finish_glide could not put it right.
        for item, start, end in self._glide_paths:
            item.setPos(end if value >= 1.0 else start + (end - start) * value)

    def adopt_effect(self, animation: QVariantAnimation) -> None:
        """Own a decorative animation (the win's celebration) so that anything
        that re-lays the table finishes it first, and puts every card back."""
        self.finish_effect()
        self._effect = animation
        self._scattered = True

    @property
    def celebrating(self) -> bool:
        """True while a decorative animation (the win's celebration) runs."""
        return (self._effect is not None
                and self._effect.state() == QAbstractAnimation.State.Running)

    def finish_effect(self) -> None:
        """Bring a decorative animation to its end at once: every card where
        it was going, none left half way."""
        effect, self._effect = self._effect, None
        if effect is not None:
            effect.setCurrentTime(effect.duration())
            effect.stop()
            effect.deleteLater()

    def finish_glide(self) -> None:
        """Put every gliding card where it is going, at once."""
        self.finish_effect()
        glide, self._glide = self._glide, None
        paths, self._glide_paths = self._glide_paths, []
        if glide is not None:
            glide.stop()
            glide.deleteLater()
        for item, _, end in paths:
            item.setPos(end)
            item.setZValue(item.zValue() - DRAG_Z / 2)

    # -- questions from the view ------------------------------------------------------

    def show_drop_target(self, pile_id: PileId | None) -> None:
        """Outline the pile a dragged card would land on (None: no outline)."""
        if self.game is not None and self.geometry is not None:
            self.marks.show_drop_target(self.game, self.geometry, pile_id)

    def show_focus(self, focus: Focus | None, held: Focus | None) -> None:
        """Outline the keyboard focus (dashed), and the cards picked up with the
        keyboard (solid); None hides either."""
        if self.game is not None and self.geometry is not None:
            self.marks.show_focus(self.game, self.geometry, focus, held)

    def show_hint(self, source: PileId | None, index: int | None = None,
                  target: PileId | None = None) -> None:
        """Outline a hint: the cards of ``source`` from ``index`` up (its top
        when None) and the pile ``target``; ``source`` None hides it."""
        if self.game is not None and self.geometry is not None:
            self.marks.show_hint(self.game, self.geometry, source, index, target)

    def sprite_at(self, point: QPointF) -> CardSprite | None:
        """The topmost card sprite under ``point``, if any."""
        for item in self.items(point, Qt.ItemSelectionMode.IntersectsItemShape,
                               Qt.SortOrder.DescendingOrder):
            if isinstance(item, CardSprite):
                return item
        return None

    def pile_at(self, point: QPointF) -> PileId | None:
        """The pile whose area (fan included) holds ``point``, if any."""
        if self.game is None or self.geometry is None:
            return None
        for pile_id in self.geometry.layout.spots:
            if self.geometry.pile_area(pile_id, self.game.piles[pile_id]).contains(
                    point.x(), point.y()):
                return pile_id
        return None

    # -- dragging -------------------------------------------------------------------

    @property
    def dragging(self) -> bool:
        """True while cards are lifted for a drag."""
        return self._carried is not None

    def lift(self, pile_id: PileId, index: int, point: QPointF) -> None:
        """Lift the card at ``index`` of the pile, with those on it, to follow
        the pointer from ``point``.  Where cards may land is worked out now,
        once: the engine's state does not change while a drag lasts."""
        assert self.game is not None
        lifted = [self.sprites[card] for card in self.game.piles[pile_id].cards[index:]]
        self._carried = CarriedCards(self, lifted, point)
        self._drop_areas = self._landing_areas()

    def drag_to(self, point: QPointF) -> None:
        """Move the lifted cards with the pointer."""
        if self._carried is not None:
            self._carried.follow(point)

    def overlapped_piles(self) -> list[PileId]:
        """Every pile the lifted cards' first card overlaps, largest overlap first."""
        if self._carried is None:
            return []
        card = self._carried.first_card()
        shared = [(card.overlap(area), pile_id) for pile_id, area in self._drop_areas]
        return [pile_id for area, pile_id in sorted(shared, key=lambda pair: -pair[0]) if area > 0]

    def glide_back(self) -> None:
        """Send the lifted cards back to their places (after a refused drop)."""
        if self.game is None or self.geometry is None or self._carried is None:
            return
        self._carried.put_down()
        dragged = self._carried.sprites
        pile_id = dragged[0].pile_id
        assert pile_id is not None
        places = self.geometry.card_places(pile_id, self.game.piles[pile_id])
        paths = []
        for sprite in dragged:
            place = places[sprite.index]
            sprite.setZValue(place.z)
            paths.append((sprite, sprite.pos(), QPointF(place.x, place.y)))
        if self.animations_enabled:
            self._start_glide(paths, duration=GLIDE_MS + 60)
        else:
            for sprite, _, end in paths:
                sprite.setPos(end)

    def drop(self) -> None:
        """The drag is over: the cards have landed or glided back."""
        if self._carried is not None:
            self._carried.put_down()
        self._carried, self._drop_areas = None, []

    def _landing_areas(self) -> list[tuple[PileId, Rect]]:
        """Where dragged cards can land on each pile: the top card's face, or the
        empty pile's spot."""
        if self.game is None or self.geometry is None:
            return []
        areas = []
        for pile_id in self.geometry.layout.spots:
            pile = self.game.piles[pile_id]
            if pile.cards:   # only the top card's face is a target, not the whole fan
                top = self.geometry.card_places(pile_id, pile)[-1]
                areas.append((pile_id, Rect(top.x, top.y, self.geometry.card_width,
                                            self.geometry.card_height)))
            else:
                areas.append((pile_id, self.geometry.pile_area(pile_id, pile)))
        return areas
