"""View › Deck: the deck (cardgui's own, with its four-colour and
high-contrast forms, and every deck installed on the system), the card back
and the table's colour, all remembered.

The menu is filled each time it opens, so it lists the decks installed now
and shows the choices as they are (they can also change from the command
line, or from Game › Options for the two forms of our deck).
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from PySide6.QtGui import QAction, QActionGroup, QColor
from PySide6.QtWidgets import QColorDialog, QMenu, QWidget

from ..carddecks.found import OWN_DECK
from ..store.settings import Settings
from .art import DECK_BACK
from .deck_choice import DeckChoice, deck_title

BACKS = (
    (DECK_BACK, "The deck's own back"),
    ("blue", "Blue lattice"),
    ("red", "Red lattice"),
    ("green", "Green lattice"),
)
TABLE_COLOURS = (
    ("Green baize", "#16663a"),
    ("Blue", "#1d4e74"),
    ("Burgundy", "#6a1f2d"),
    ("Slate", "#3b4650"),
)
OUR_FORMS = (
    ("four_colour", "Four colours: diamonds blue, clubs green"),
    ("high_contrast", "High contrast: black table, solid pile markers"),
)


class DeckMenu:
    """Fills ``menu`` from ``choice`` and carries out what the player picks;
    ``restyle`` applies the settings of our deck's two forms once one of
    them is changed here."""

    def __init__(self, menu: QMenu, choice: DeckChoice, settings: Settings,
                 restyle: Callable[[], None], parent: QWidget | None = None) -> None:
        self.menu, self.choice, self.settings = menu, choice, settings
        self.restyle = restyle
        self.parent = parent
        menu.aboutToShow.connect(self.fill)

    def fill(self) -> None:
        """The menu's entries, as the choices are now."""
        menu = self.menu
        menu.clear()
        for group in menu.findChildren(QActionGroup):
            group.deleteLater()
        self._add_decks()
        self._add_backs()
        self._add_table_colours()

    def _group(self) -> QActionGroup:
        return QActionGroup(self.menu)

    def _radio(self, group: QActionGroup, text: str, checked: bool,
               slot: Callable[[], None]) -> QAction:
        action = self.menu.addAction(text)
        action.setCheckable(True)
        action.setChecked(checked)
        group.addAction(action)
        action.triggered.connect(lambda _=False: slot())
        return action

    def _note(self, text: str) -> None:
        note = self.menu.addAction(text)
        note.setEnabled(False)

    def _add_decks(self) -> None:
        choice, settings = self.choice, self.settings
        self.menu.addSection("Deck")
        group = self._group()
        wanted = choice.pending or choice.current
        self._radio(group, "cardgui's own", wanted is None,
                    lambda: choice.choose(OWN_DECK))
        for name, label in OUR_FORMS:
            form = self.menu.addAction(f"    {label}")
            form.setCheckable(True)
            form.setChecked(bool(settings[name]))
            form.toggled.connect(lambda on, name=name: self._set_form(name, on))
        if choice.current is not None and settings["four_colour"]:
            self._note(f"    {choice.current.name} keeps its own colours: four colours "
                       "are for cardgui's own deck")
        search = choice.installed()
        for deck in search.decks:
            label = deck_title(deck) + (" (opening\u2026)" if deck == choice.pending else "")
            self._radio(group, label, deck == wanted, partial(choice.choose, deck.name))
        if not search.decks:
            self._note("No KDE or AisleRiot card decks are installed")

    def _set_form(self, name: str, on: bool) -> None:
        self.settings[name] = on
        self.restyle()

    def _add_backs(self) -> None:
        self.menu.addSection("Card back")
        group = self._group()
        for value, label in BACKS:
            self._radio(group, label, self.choice.art.back_choice == value,
                        partial(self.choice.choose_back, value))

    def _add_table_colours(self) -> None:
        self.menu.addSection("Table")
        group = self._group()
        current = self.choice.table_colour.name()
        presets = {colour for _, colour in TABLE_COLOURS}
        for label, colour in TABLE_COLOURS:
            self._radio(group, label, current == colour,
                        partial(self.choice.choose_table_colour, QColor(colour)))
        other = self._radio(group, "Other colour\u2026" if current in presets
                            else f"Other colour ({current})\u2026", current not in presets,
                            self.pick_colour)
        other.setToolTip("Choose any colour for the table")
        if self.settings["high_contrast"]:
            self._note("    In high contrast the table is black")

    def pick_colour(self) -> None:
        """Ask for any colour for the table (cancelling changes nothing)."""
        colour = QColorDialog.getColor(self.choice.table_colour, self.parent, "Table colour")
        self.choice.choose_table_colour(colour)
