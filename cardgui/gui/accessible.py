"""The table as a screen reader sees it: every pile and every card an
accessible object, the keyboard focus as the accessible focus, and
announcements of what happens.

Qt knows only widgets; the table's piles and cards are drawn items.  So the
view gets an accessible interface of its own (a pane named "card table")
whose children are the piles (role list) whose children are the cards (role
list item), named as ``speech`` words them.  Each interface is made once and
kept for the life of the view, keyed by the pile's id or the card: a screen
reader holds on to them, and Qt keeps a pointer to each.  They read the game
in play when asked, so they are never out of date; events tell the screen
reader when to ask again.  Announcements are the ``announcer``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QObject, QRect, QRectF
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QAccessibleInterface,
    QColor,
)
from PySide6.QtWidgets import QAccessibleWidget

from ..engine.cards import Card
from ..engine.piles import PileId
from .focus import Focus, reading_order
from .outlines import card_box
from .speech import card_name, pile_name

if TYPE_CHECKING:
    from .table_view import TableView

# PySide6's stubs say child(), childAt(), parent() and focusChild() never
# return None, but Qt's API is built on their returning nullptr (no such
# child, no focus): those overrides carry "type: ignore[override]".
Role = QAccessible.Role
Text = QAccessible.Text
Event = QAccessible.Event


class TableAccessible(QAccessibleWidget):
    """The view: a pane whose children are the piles, in reading order."""

    def __init__(self, view: "TableView") -> None:
        super().__init__(view, Role.Pane, "card table")
        self.view = view
        self.piles: dict[PileId, PileAccessible] = {}
        self.cards: dict[Card, CardAccessible] = {}

    # -- the tree ---------------------------------------------------------------------

    def pile_ids(self) -> list[PileId]:
        geometry = self.view.table.geometry
        return reading_order(geometry.layout) if geometry is not None else []

    def pile(self, pile_id: PileId) -> "PileAccessible":
        found = self.piles.get(pile_id)
        if found is None:
            found = self.piles[pile_id] = PileAccessible(self, pile_id)
        return found

    def card(self, card: Card) -> "CardAccessible":
        found = self.cards.get(card)
        if found is None:
            found = self.cards[card] = CardAccessible(self, card)
        return found

    def childCount(self) -> int:
        return len(self.pile_ids())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        piles = self.pile_ids()
        return self.pile(piles[index]) if 0 <= index < len(piles) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        if isinstance(child, PileAccessible) and child.pile_id in self.pile_ids():
            return self.pile_ids().index(child.pile_id)
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        for pile_id in self.pile_ids():
            if self.pile(pile_id).rect().contains(x, y):
                return self.pile(pile_id)
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        focus = self.view.controller.focused
        return self.focus_interface(focus) if focus is not None else None

    def text(self, kind: Text) -> str:
        if kind == Text.Name:
            return "card table"
        if kind == Text.Description:
            return ("Arrow keys and Tab move between piles and cards; Enter picks up "
                    "and puts down; the game's own keys work as ever.")
        return str(super().text(kind))

    # -- what the children read ---------------------------------------------------------

    def game(self) -> Any:
        return self.view.controller.game

    def focus_interface(self, focus: Focus) -> QAccessibleInterface | None:
        piles = self.game().piles
        if focus.pile_id not in piles:
            return None
        if focus.index is None or focus.index >= len(piles[focus.pile_id]):
            return self.pile(focus.pile_id)
        return self.card(piles[focus.pile_id].cards[focus.index])

    def where(self, card: Card) -> tuple[PileId, int] | None:
        for pile_id in self.pile_ids():
            index = self.game().piles[pile_id].index_of(card)
            if index is not None:
                return pile_id, index
        return None

    def screen_rect(self, box: QRectF) -> QRect:
        """A box of the scene in screen pixels, clipped to what shows."""
        view = self.view
        shown = view.viewportTransform().mapRect(box).toAlignedRect().intersected(
            view.viewport().rect())
        if shown.isEmpty():
            return QRect()
        return QRect(view.viewport().mapToGlobal(shown.topLeft()), shown.size())

    def box(self, pile_id: PileId, index: int | None) -> QRect:
        geometry = self.view.table.geometry
        if geometry is None:
            return QRect()
        return self.screen_rect(card_box(geometry, self.game(), pile_id, index))

    # -- telling the screen reader --------------------------------------------------------

    def focus_moved(self) -> None:
        """The keyboard focus moved: so does the accessible focus."""
        focus = self.view.controller.focused
        if focus is None or not self.view.hasFocus():
            return
        target = self.focus_interface(focus)
        if target is not None:
            QAccessible.updateAccessibility(QAccessibleEvent(target, Event.Focus))

    def piles_changed(self, pile_ids: frozenset[PileId]) -> None:
        """Piles (and so the names of their cards) changed."""
        piles = self.game().piles
        for pile_id in pile_ids:
            if pile_id not in piles:
                continue
            QAccessible.updateAccessibility(QAccessibleEvent(self.pile(pile_id),
                                                             Event.NameChanged))
            for card in piles[pile_id].cards:
                QAccessible.updateAccessibility(QAccessibleEvent(self.card(card),
                                                                 Event.NameChanged))


class _Item(QAccessibleInterface):
    """What piles and cards share: they are not widgets, so ``object()`` is
    None, and they live as long as the table does."""

    def __init__(self, table: TableAccessible) -> None:
        super().__init__()
        self.table = table

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> Any:
        return self.table.view.window().windowHandle()

    def setText(self, kind: Text, text: str) -> None:
        pass

    def backgroundColor(self) -> QColor:
        return QColor("white")

    def foregroundColor(self) -> QColor:
        return QColor("black")

    def relations(self, match: Any = None) -> list[Any]:
        return []

    def interface_cast(self, kind: Any) -> Any:
        return shiboken6.VoidPtr(0)      # no other interface (a plain 0 crashes the binding)


class PileAccessible(_Item):
    """A pile: a list of its cards, named with what it holds."""

    def __init__(self, table: TableAccessible, pile_id: PileId) -> None:
        super().__init__(table)
        self.pile_id = pile_id

    def cards(self) -> tuple[Card, ...]:
        piles = self.table.game().piles
        return piles[self.pile_id].cards if self.pile_id in piles else ()

    def isValid(self) -> bool:
        return self.pile_id in self.table.pile_ids()

    def parent(self) -> QAccessibleInterface:
        return self.table

    def childCount(self) -> int:
        return len(self.cards())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        cards = self.cards()
        return self.table.card(cards[index]) if 0 <= index < len(cards) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        if isinstance(child, CardAccessible) and child.card in self.cards():
            return self.cards().index(child.card)
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        for index in reversed(range(len(self.cards()))):
            if self.table.box(self.pile_id, index).contains(x, y):
                return self.child(index)
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        focus = self.table.view.controller.focused
        if focus is None or focus.pile_id != self.pile_id or focus.index is None:
            return None
        return self.child(focus.index)

    def role(self) -> Role:
        return Role.List

    def text(self, kind: Text) -> str:
        if kind == Text.Name and self.isValid():
            return pile_name(self.table.game(), self.pile_id)
        return ""

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.readOnly = True
        state.focusable = True
        focus = self.table.view.controller.focused
        state.focused = bool(focus is not None and focus.pile_id == self.pile_id
                             and focus.index is None and self.table.view.hasFocus())
        return state

    def rect(self) -> QRect:
        geometry = self.table.view.table.geometry
        if geometry is None or not self.isValid():
            return QRect()
        area = geometry.pile_area(self.pile_id, self.table.game().piles[self.pile_id])
        return self.table.screen_rect(QRectF(area.x, area.y, area.width, area.height))


class CardAccessible(_Item):
    """A card: its name says rank and suit in words (or only that it is face
    down) and where it lies."""

    def __init__(self, table: TableAccessible, card: Card) -> None:
        super().__init__(table)
        self.card = card

    def isValid(self) -> bool:
        return self.table.where(self.card) is not None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        where = self.table.where(self.card)
        return self.table.pile(where[0]) if where else None

    def childCount(self) -> int:
        return 0

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def role(self) -> Role:
        return Role.ListItem

    def text(self, kind: Text) -> str:
        where = self.table.where(self.card)
        if where is None:
            return ""
        if kind in (Text.Name, Text.Value):
            return card_name(self.table.game(), *where)
        return ""

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.focusable = True
        state.selectable = True
        controller = self.table.view.controller
        where = self.table.where(self.card)
        focus, held = controller.focused, controller.held
        here = Focus(*where) if where else None
        state.focused = bool(here is not None and focus == here and self.table.view.hasFocus())
        state.selected = bool(held is not None and where is not None
                              and where[0] == held.pile_id and held.index is not None
                              and where[1] >= held.index)
        state.invisible = self.rect().isEmpty()
        return state

    def rect(self) -> QRect:
        where = self.table.where(self.card)
        return self.table.box(*where) if where else QRect()
