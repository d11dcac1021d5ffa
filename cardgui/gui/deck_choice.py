"""The player's choice of deck, card back and table colour, carried out.

Our own deck is drawn in the window's own process and paints the first
frame.  A system deck (:mod:`cardgui.carddecks`) is opened and drawn by the
deck renderer's process (:mod:`.deck_process`), never before the first
frame: the table keeps the deck it shows until the new one's 53 pictures
have all come, then shows them in one go, laid out for the new deck's shape
of card.  A deck drawn before, and unchanged since, is shown at once from
the pictures kept on disk (:mod:`cardgui.carddecks.cache`), and drawn afresh
if the table needs another size.  A deck that cannot be used is refused with a notice that names
it and says why, and the table (and the remembered choice) keep the deck
they had.

This module receives what it works on (the art, the scene, the settings,
and two ways to tell the player), not the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QImage

from ..carddecks.found import OWN_DECK, InstalledDeck, Search, find_decks
from ..store.settings import Settings
from .art import DECK_BACK, OWN_BACKS, CardArt, DeckPictures, card_height
from .layout import Geometry
from .scene import TABLE_GREEN, TableScene

if TYPE_CHECKING:       # imported when a system deck is first chosen: not before the first frame
    from .deck_process import DeckRenderer, Opened, Pictures, Refused

FALLBACK_CARD_WIDTH = 100       # the size asked for before the table has been laid out


def deck_title(deck: InstalledDeck | None) -> str:
    """A deck as the menu and messages name it: ``Dondorf (KDE)``, or
    ``cardgui's own`` for ours (None)."""
    return "cardgui's own" if deck is None else f"{deck.name} ({deck.format.value})"


class DeckChoice(QObject):
    """The deck on the table, the back and the table's colour, as chosen
    (and remembered in ``settings``).  ``changed`` says the deck in use, or
    the one on its way, changed."""

    changed = Signal()

    def __init__(self, art: CardArt, scene: TableScene, settings: Settings,
                 tell: Callable[[str], None], say: Callable[[str], None],
                 parent: QObject | None = None) -> None:
        """``tell`` shows a message that must be read (a refusal), ``say`` a
        passing one (the status bar, and a screen reader)."""
        super().__init__(parent)
        self.art, self.scene, self.settings = art, scene, settings
        self.tell, self.say = tell, say
        self.current: InstalledDeck | None = None     # the system deck shown; None: ours
        self.pending: InstalledDeck | None = None     # the system deck on its way
        self._pending_aspect = 0.0
        self._at_start = ""
        self._fallback = ""          # the deck remembered, if the one asked for at start fails
        self._renderer: DeckRenderer | None = None
        art.size_wanted = self._size_wanted
        back = settings["card_back"]
        art.choose_back(back if back == DECK_BACK or back in OWN_BACKS else DECK_BACK)
        scene.set_table_colour(self.table_colour)

    # -- the deck ------------------------------------------------------------------------

    @property
    def renderer(self) -> DeckRenderer:
        """The deck renderer, made when first wanted (our own deck needs none)."""
        if self._renderer is None:
            from .deck_process import DeckRenderer

            self._renderer = DeckRenderer(self)
            self._renderer.opened.connect(self._opened)
            self._renderer.drawn.connect(self._drawn)
            self._renderer.refused.connect(self._refused)
        return self._renderer

    def stop(self) -> None:
        """End the renderer's process, if one was started (the window closes)."""
        if self._renderer is not None:
            self._renderer.stop()

    def start_with(self, name: str) -> None:
        """Choose the deck called ``name`` when :meth:`start` is called (the
        command line's ``--deck``): remembered once it is shown, as a deck
        chosen from the menu is, and not written before the first frame."""
        self._at_start = name

    def start(self) -> None:
        """Open the deck asked for by :meth:`start_with`, else the one
        remembered from last time, if it is not ours (call this once the
        first frame is painted: ours paints it)."""
        remembered = self.settings["deck"]
        name = self._at_start or remembered
        if self._at_start and isinstance(remembered, str) and \
                remembered.casefold() not in (name.casefold(), OWN_DECK.casefold()):
            self._fallback = remembered       # if the deck asked for is refused
        if isinstance(name, str) and name.casefold() != OWN_DECK.casefold():
            self.choose(name)
        elif name != remembered:
            self.choose(OWN_DECK)

    def installed(self) -> Search:
        """The decks installed on this system, looked for afresh."""
        return find_decks()

    def choose(self, name: str) -> None:
        """Put the deck called ``name`` on the table (``cardgui`` for ours),
        and remember it once it is shown; a deck that is not installed, or
        not fit to use, is refused with a notice."""
        if name.casefold() == OWN_DECK.casefold():
            self._show_own()
            return
        search = self.installed()
        deck = search.named(name)
        if deck is None:
            places = ", ".join(str(folder) for folder in search.looked_in)
            self.tell(f"No card deck called \u201c{name}\u201d is installed (cardgui looked in "
                      f"{places}).  The table keeps {self.shown_title}.")
            self.settings["deck"] = self.shown_name
            return
        if deck == self.current:
            self.pending = None
            self.changed.emit()
            return
        self.pending = deck
        from ..carddecks import cache
        from .deck_process import images_of

        kept = cache.recall(deck)
        if kept is not None:          # drawn before: shown now, drawn afresh if the size differs
            self._show(deck, kept.aspect, kept.width, kept.height,
                       images_of(kept.pixels, kept.width, kept.height))
            return
        self.renderer.open(deck)
        self.changed.emit()

    @property
    def shown_name(self) -> str:
        """The name of the deck on the table, as ``--deck`` takes it."""
        return OWN_DECK if self.current is None else self.current.name

    @property
    def shown_title(self) -> str:
        """The deck on the table, in words: ``the deck Dondorf (KDE)``."""
        return ("cardgui's own deck" if self.current is None
                else f"the deck {deck_title(self.current)}")

    def _show_own(self) -> None:
        self.pending = None
        self.stop()
        self.settings["deck"] = OWN_DECK
        if self.current is not None:
            self.current = None
            self.art.use_pictures(None)
            self.scene.redraw_cards()
            self.say("The cards are cardgui's own deck.")
        self.changed.emit()

    def _card_size(self, aspect: float) -> tuple[int, int]:
        """The pictures' size in physical pixels for cards of ``aspect`` on
        the table as it is laid out now."""
        geometry, ratio = self.scene.geometry, self.scene.device_pixel_ratio
        width = (Geometry(geometry.layout, geometry.width, geometry.height, aspect).card_width
                 if geometry is not None else FALLBACK_CARD_WIDTH)
        return (max(1, round(width * ratio)),
                max(1, round(card_height(width, aspect) * ratio)))

    def _opened(self, opened: Opened) -> None:
        if opened.deck == self.pending:
            self._pending_aspect = opened.aspect
            self.renderer.draw(opened.deck, *self._card_size(opened.aspect))

    def _drawn(self, pictures: Pictures) -> None:
        deck = pictures.deck
        if deck == self.pending:
            aspect = self._pending_aspect
        elif deck == self.current and self.art.pictures is not None:
            aspect = self.art.pictures.aspect          # drawn again at a new size
        else:
            return
        self._show(deck, aspect, pictures.width, pictures.height, pictures.images())

    def _show(self, deck: InstalledDeck, aspect: float, width: int, height: int,
              images: dict[str, QImage]) -> None:
        """Put ``deck``'s pictures on the table (and, if it was on its way,
        remember it and say so)."""
        self.art.use_pictures(DeckPictures(deck, aspect, (width, height), images))
        self.scene.redraw_cards()
        if deck == self.pending:
            self.pending, self.current, self._fallback = None, deck, ""
            self.settings["deck"] = deck.name
            colours = (f"  {deck.name} keeps its own colours: the four-colour deck is "
                       "cardgui's own." if self.settings["four_colour"] else "")
            self.say(f"The cards are {deck_title(deck)}.{colours}")
            self.changed.emit()

    def _refused(self, refusal: Refused) -> None:
        deck = refusal.deck
        if deck == self.pending:
            self.pending = None
            fallback, self._fallback = self._fallback, ""
            if fallback:
                self.tell(f"The deck {deck_title(deck)} cannot be used: {refusal.reason}.  "
                          f"The table shows the deck chosen before, {fallback}.")
                self.choose(fallback)
                return
            self.settings["deck"] = self.shown_name
            self.tell(f"The deck {deck_title(deck)} cannot be used: {refusal.reason}.  "
                      f"The table keeps {self.shown_title}.")
            self.changed.emit()
        elif deck == self.current:
            # It was drawn before, at another size: it changed on disk, or
            # the renderer stopped.  Our own deck is there to fall back on.
            self.current = None
            self.art.use_pictures(None)
            self.scene.redraw_cards()
            self.settings["deck"] = OWN_DECK
            self.tell(f"The deck {deck_title(deck)} can no longer be drawn: {refusal.reason}.  "
                      "The table shows cardgui's own deck.")
            self.changed.emit()

    def _size_wanted(self, width: int, height: int) -> None:
        """The table asks for the deck's pictures at a size not drawn yet."""
        if self.current is not None and self.pending is None:
            self.renderer.draw(self.current, width, height)

    # -- the back and the table ------------------------------------------------------------

    def choose_back(self, choice: str) -> None:
        """Show the back ``choice`` (the deck's own, or one of ours) and remember it.

        Raises:
            ValueError: if there is no such back.
        """
        self.art.choose_back(choice)
        self.settings["card_back"] = choice
        self.scene.redraw_cards()

    @property
    def table_colour(self) -> QColor:
        """The table's colour as chosen (the usual green if none was, or the
        remembered one is not a colour)."""
        stored = self.settings["table_colour"]
        colour = QColor(stored) if isinstance(stored, str) and stored else QColor()
        return colour if colour.isValid() else QColor(TABLE_GREEN)

    def choose_table_colour(self, colour: QColor) -> None:
        """Cover the table in ``colour`` and remember it (an invalid colour,
        as a cancelled colour dialog gives, changes nothing)."""
        if not colour.isValid():
            return
        self.settings["table_colour"] = colour.name()
        self.scene.set_table_colour(colour)
