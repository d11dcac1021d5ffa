"""Room for readable cards: the command panel and the toolbar step aside
while the table would otherwise shrink the cards below a readable width, and
come back when there is room."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QGraphicsView, QToolBar

from ..store.settings import Settings
from .layout import Geometry

READABLE_CARD_WIDTH = 52       # below this the command panel gives the table its room


class RoomForCards:
    """Shows or hides the window's panel and toolbar for the table's sake;
    hiding them this way is not remembered as the player's choice."""

    def __init__(self, view: QGraphicsView, dock: QDockWidget, toolbar: QToolBar,
                 settings: Settings) -> None:
        self.view, self.dock, self.toolbar, self.settings = view, dock, toolbar, settings
        self._panel_width = dock.sizeHint().width()
        self._toolbar_height = 0

    def fit(self, geometry: Geometry) -> bool:
        """Show or hide the toolbar (in a window too low for readable cards:
        its commands are all in the menus) and the command panel (if the
        player shows it) for a table laid out as ``geometry``; True if the
        panel has just stepped aside."""
        toolbar, dock, view = self.toolbar, self.dock, self.view
        bar_height = self._toolbar_height if not toolbar.isVisible() else toolbar.height()
        self._toolbar_height = bar_height
        tall = view.height() + (0 if toolbar.isVisible() else bar_height)
        wide = view.width() + (dock.width() if dock.isVisible() else 0)
        with_bar = Geometry(geometry.layout, wide, tall - bar_height, geometry.aspect).card_width
        toolbar.setVisible(with_bar >= READABLE_CARD_WIDTH)
        if not self.settings["command_panel"]:
            return False
        if dock.isVisible():
            self._panel_width = dock.width()
        else:               # the width its text needs now (another game's, maybe)
            self._panel_width = dock.sizeHint().width()
        panel = self._panel_width
        table = view.width() + (panel if dock.isVisible() else 0)
        height = view.height()
        with_panel = Geometry(geometry.layout, table - panel, height, geometry.aspect).card_width
        without = Geometry(geometry.layout, table, height, geometry.aspect).card_width
        wanted = with_panel >= READABLE_CARD_WIDTH or without <= with_panel
        if wanted == dock.isVisible():
            return False
        dock.setVisible(wanted)
        return not wanted
