"""The table view: mouse drags, clicks, double-clicks and keys.

The view reports what the pointer does (which card it pressed, where it
moved, which piles the dragged cards overlap when it is released) and passes
keys on; the controller decides what they mean.  The view carries the dragged
sprites and asks the scene what lies under the pointer; it decides no rule.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleInterface,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from ..engine.piles import Role
from .accessible import TableAccessible
from .controller import TableController
from .scene import TableScene

RESIZE_INTERVAL_MS = 60

SPECIAL_KEYS = {
    Qt.Key.Key_Backspace: "\b", Qt.Key.Key_Delete: "\x7f", Qt.Key.Key_Space: " ",
    Qt.Key.Key_Return: "\r", Qt.Key.Key_Enter: "\r", Qt.Key.Key_Left: "Left",
    Qt.Key.Key_Right: "Right", Qt.Key.Key_Up: "Up", Qt.Key.Key_Down: "Down",
    Qt.Key.Key_Tab: "Tab", Qt.Key.Key_Backtab: "Backtab", Qt.Key.Key_Escape: "Escape",
}


def _accessible_factory(class_name: str, widget: QObject) -> QAccessibleInterface | None:
    """Qt asks this for a widget's accessible interface: a table view has its
    own, and so has the announcer's carrier (any widget given one as
    ``accessible``)."""
    interface = getattr(widget, "accessible", None)
    return interface if isinstance(interface, QAccessibleInterface) else None


_factory_installed = False


def install_accessibility() -> None:
    """Have Qt ask every table view for its own accessible interface (the piles
    and cards); once, before Qt first asks a table view for one."""
    global _factory_installed
    if not _factory_installed:
        QAccessible.installFactory(_accessible_factory)
        _factory_installed = True


def plain_viewport() -> QWidget:
    """A viewport like the one a view makes for itself, but made here.

    Asked for the view's own viewport, PySide6 must find out which of Qt's
    widget classes that C++ object is, and readies every one of them (their
    enums made) on the way: some 70 classes before the first frame.  A
    widget made in Python is known as it is."""
    viewport = QWidget()
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    return viewport


class TableView(QGraphicsView):
    """Shows the scene 1:1 in pixels and turns input into controller requests."""

    resized = Signal()

    def __init__(self, scene: TableScene, controller: TableController, parent: Any = None) -> None:
        super().__init__(scene, parent)
        self.setViewport(plain_viewport())
        self.table = scene
        self.controller = controller
        install_accessibility()
        self.accessible = TableAccessible(self)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint(0))
        # One rectangle per frame: a dragged run's old and new places overlap,
        # and one clip rectangle paints them faster than a region of many.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(False)
        self._resize_timer = QTimer(self)
        self._resize_timer.setSingleShot(True)
        self._resize_timer.setInterval(RESIZE_INTERVAL_MS)
        self._resize_timer.timeout.connect(self._resize_interval_over)
        self._resize_pending = False
        self._sized = False            # has the view been given its size yet (shown)?
        controller.drag_cancelled.connect(self.table.glide_back)

    # -- size ---------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sized = True
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
        """Lay the table out for the viewport's size.  Before the view is first
        given its size (when the window shows) there is no size to lay out
        for: the table is laid out then, once, and its cards drawn once."""
        if not self._sized:
            return
        size = self.viewport().size()
        self.table.relayout(size.width(), size.height(), self.devicePixelRatioF())

    # -- mouse ----------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.table.celebrating:       # a click ends the celebration, and only that
            self.table.finish_effect()
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.table.finish_glide()
        point = self.mapToScene(event.position().toPoint())
        sprite = self.table.sprite_at(point)
        if sprite is not None:
            self.controller.press(sprite.pile_id, sprite.index, point.x(), point.y())
        else:
            self.controller.press(self.table.pile_at(point), None, point.x(), point.y())
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = self.mapToScene(event.position().toPoint())
        was_dragging = self.table.dragging
        drag = self.controller.move(point.x(), point.y())
        if drag is None:
            return
        if not was_dragging:
            self.table.lift(drag.source, drag.index, QPointF(drag.x, drag.y))
        self.table.drag_to(point)
        self.table.show_drop_target(drag.target(self.table.overlapped_piles()))
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        overlapped = self.table.overlapped_piles() if self.table.dragging else []
        self.table.show_drop_target(None)
        self.controller.release(overlapped)
        self.table.drop()
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        point = self.mapToScene(event.position().toPoint())
        sprite = self.table.sprite_at(point)
        pile_id = sprite.pile_id if sprite else self.table.pile_at(point)
        if pile_id is not None and pile_id.role is Role.STOCK:
            self.mousePressEvent(event)      # quick clicks on the stock each deal
            return
        if sprite is not None and sprite.pile_id is not None:
            self.controller.double_click(sprite.pile_id, sprite.index)
        event.accept()

    # -- keys ---------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        modifiers = event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier
                                          | Qt.KeyboardModifier.KeypadModifier)
        if self.table.celebrating:
            # A key ends the celebration; a game's key does only that, a
            # window shortcut (Ctrl+Q) goes on to do its command.
            self.table.finish_effect()
            if not modifiers:
                event.accept()
                return
        if modifiers:
            super().keyPressEvent(event)      # Ctrl and Alt combinations are menu shortcuts
            return
        key = SPECIAL_KEYS.get(Qt.Key(event.key())) or event.text()
        if len(key) == 1 and not key.isprintable() and key not in "\b\x7f\r":
            super().keyPressEvent(event)
            return
        if key:
            self.table.finish_glide()
            if self.controller.navigate(key):
                event.accept()
            elif key in ("Tab", "Backtab", "Escape"):
                super().keyPressEvent(event)         # not the game's keys
            else:
                self.controller.key(key)
                event.accept()
        else:
            super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        return False          # Tab and Shift+Tab move the focus over the table

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)      # Qt tells of the view's focus first ...
        QTimer.singleShot(0, self.accessible.focus_moved)   # ... then of the card
