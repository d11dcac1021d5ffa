"""The table view: mouse drags, clicks, double-clicks and keys.

A drag starts only after a few pixels of movement, carries the card and the
cards on it, and drops on the legal pile it overlaps most; an illegal drop
glides back and the status bar says why.  A click on the stock deals (a face-up
stock card, like Poker Squares' next card, is dragged); a click elsewhere does
what the game says; a double-click sends a card where its typed name would,
unless its first click already did something.  Keys go to the game's
interpreter.  Every question of legality is asked of the engine.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView

from ..engine.piles import PileId, Role
from .controller import TableController
from .layout import Rect
from .scene import DRAG_Z, CardSprite, TableScene

DRAG_THRESHOLD = 4            # pixels of movement before a press becomes a drag
RESIZE_INTERVAL_MS = 60

SPECIAL_KEYS = {
    Qt.Key.Key_Backspace: "\b", Qt.Key.Key_Delete: "\x7f", Qt.Key.Key_Space: " ",
    Qt.Key.Key_Return: "\r", Qt.Key.Key_Enter: "\r", Qt.Key.Key_Left: "Left",
    Qt.Key.Key_Right: "Right", Qt.Key.Key_Up: "Up", Qt.Key.Key_Down: "Down",
}


class TableView(QGraphicsView):
    """Shows the scene 1:1 in pixels and turns input into controller requests."""

    resized = Signal()

    def __init__(self, scene: TableScene, controller: TableController, parent: Any = None) -> None:
        super().__init__(scene, parent)
        self.table = scene
        self.controller = controller
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(False)
        self._resize_timer = QTimer(self)
        self._resize_timer.setSingleShot(True)
        self._resize_timer.setInterval(RESIZE_INTERVAL_MS)
        self._resize_timer.timeout.connect(self._resize_interval_over)
        self._resize_pending = False
        self._press: QPointF | None = None
        self._pressed: CardSprite | None = None
        self._pressed_pile: PileId | None = None
        self._dragged: list[CardSprite] = []
        self._grab_offsets: list[QPointF] = []
        self._click_changed = False   # the last click did something (placed a card, say)
        # Where cards can land, asked once per drag rather than on every mouse
        # move; forgotten when the table changes or is laid out again.
        self._drop_areas: list[tuple[PileId, Rect]] | None = None
        controller.changed.connect(self._forget_drop_areas)

    # -- size ---------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # Lay out at once, then at most once per interval while the window keeps
        # being resized (a new card width re-renders every card from its SVG),
        # and once more at the end.
        if self._resize_timer.isActive():
            self._resize_pending = True
        else:
            self._resized()

    def _resize_interval_over(self) -> None:
        if self._resize_pending:
            self._resized()

    def _resized(self) -> None:
        self._resize_pending = False
        self.relayout()
        self.resized.emit()
        self._resize_timer.start()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self.relayout()        # moved to a screen of another density: re-render crisply
        return super().event(event)

    def relayout(self) -> None:
        size = self.viewport().size()
        self.table.relayout(size.width(), size.height(), self.devicePixelRatioF())
        self._forget_drop_areas()

    def _forget_drop_areas(self, *_: Any) -> None:
        self._drop_areas = None

    # -- mouse ----------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.table.finish_glide()
        point = self.mapToScene(event.position().toPoint())
        self._press = point
        self._pressed = self.table.sprite_at(point)
        self._pressed_pile = (self._pressed.pile_id if self._pressed
                              else self.table.pile_at(point))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None:
            return
        point = self.mapToScene(event.position().toPoint())
        if not self._dragged:
            if (point - self._press).manhattanLength() < DRAG_THRESHOLD or self._pressed is None:
                return
            if not self._start_drag():
                self._press = None
                return
        for sprite, offset in zip(self._dragged, self._grab_offsets):
            sprite.setPos(point + offset)
        self.table.show_drop_target(self._drop_target(self._dragged)[0])
        event.accept()

    def _start_drag(self) -> bool:
        sprite = self._pressed
        assert sprite is not None and sprite.pile_id is not None and self._press is not None
        if sprite.pile_id.role is Role.STOCK and not sprite.face_up:
            return False          # a face-down stock is clicked, not dragged
        reason = self.controller.game.pick_up_refusal(sprite.pile_id, sprite.index)
        if reason:
            self.controller.message.emit(reason, True)
            return False
        self._dragged = self.table.sprites_from(sprite.pile_id, sprite.index)
        self._grab_offsets = [item.pos() - self._press for item in self._dragged]
        for number, item in enumerate(self._dragged):
            item.setZValue(DRAG_Z + number)
        return True

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            super().mouseReleaseEvent(event)
            return
        dragged, self._dragged = self._dragged, []
        pressed_pile, self._press = self._pressed_pile, None
        self._click_changed = False
        if dragged:
            self._drop(dragged)
            self._forget_drop_areas()
        elif pressed_pile is not None:
            self._click_changed = self.controller.click(pressed_pile)
        event.accept()

    def _drop_target(self, dragged: list[CardSprite]) -> tuple[PileId | None, str]:
        """The legal pile the dragged cards overlap most, or (None, why the pile
        they overlap most refuses them)."""
        lead = dragged[0]
        assert lead.pile_id is not None
        first_reason = ""
        if self._drop_areas is None:
            self._drop_areas = self.table.drop_areas()
        for _, pile_id in self.table.overlaps(lead, self._drop_areas):
            if pile_id == lead.pile_id:
                continue
            reason = self.controller.game.refusal(lead.pile_id, lead.index, pile_id)
            if reason is None:
                return pile_id, ""
            first_reason = first_reason or reason
        return None, first_reason

    def _drop(self, dragged: list[CardSprite]) -> None:
        """Drop on the legal pile overlapped most; otherwise glide back and say why."""
        self.table.show_drop_target(None)
        target, reason = self._drop_target(dragged)
        lead = dragged[0]
        assert lead.pile_id is not None
        if target is not None and self.controller.move(lead.pile_id, lead.index, target):
            return
        self.table.glide_back(dragged)
        if reason:
            self.controller.message.emit(reason, True)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        point = self.mapToScene(event.position().toPoint())
        sprite = self.table.sprite_at(point)
        pile_id = sprite.pile_id if sprite else self.table.pile_at(point)
        if pile_id is not None and pile_id.role is Role.STOCK:
            self.mousePressEvent(event)      # quick clicks on the stock each deal
            return
        self._press = None                   # a double-click never starts a drag
        if self._click_changed:              # its first click already did what it meant
            self._click_changed = False
            event.accept()
            return
        if sprite is not None and pile_id is not None:
            self.controller.double_click(pile_id, sprite.index)
        event.accept()

    # -- keys ---------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        modifiers = event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                          | Qt.KeyboardModifier.KeypadModifier)
        if modifiers:
            super().keyPressEvent(event)      # Ctrl and Alt combinations are menu shortcuts
            return
        key = SPECIAL_KEYS.get(Qt.Key(event.key())) or event.text()
        if len(key) == 1 and not key.isprintable() and key not in "\b\x7f\r":
            super().keyPressEvent(event)
            return
        if key:
            self.table.finish_glide()
            self.controller.key(key)
            event.accept()
        else:
            super().keyPressEvent(event)
