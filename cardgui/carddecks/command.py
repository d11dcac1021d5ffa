"""``cardgui decks``: the decks found, one a line, and what ``--deck`` takes.

    cardgui decks             name<TAB>format<TAB>path, one deck a line

Without any deck found it says so, and where it looked.  Either way the
status is 0; a deck passed over (an index file that cannot be read, say) is
reported on standard error.  No Qt.
"""

from __future__ import annotations

from typing import TextIO

from .found import OWN_DECK, Search, find_decks


def main(stdout: TextIO, stderr: TextIO, search: Search | None = None) -> int:
    """Print the decks ``search`` found (by default, a search of this
    system); returns the exit status, 0."""
    search = find_decks() if search is None else search
    for deck in search.decks:
        stdout.write(f"{deck.name}\t{deck.format.value}\t{deck.path}\n")
    if not search.decks:
        places = "".join(f"  {folder}\n" for folder in search.looked_in)
        stdout.write("No KDE card decks or AisleRiot card themes are installed.  cardgui "
                     f"looked in:\n{places}"
                     "KDE's decks come in the package kdegames-card-data-kf5 (Debian, "
                     "Ubuntu), AisleRiot's with aisleriot.  cardgui's own deck is always "
                     f"there: --deck {OWN_DECK}.\n")
    for problem in search.passed_over:
        stderr.write(f"cardgui: passed over {problem}\n")
    return 0


def check_name(name: str, search: Search | None = None) -> str | None:
    """The deck name ``--deck`` was given, as the deck is called (``cardgui``
    for ours, in any case), or None if no deck of that name is installed."""
    if name.casefold() == OWN_DECK.casefold():
        return OWN_DECK
    search = find_decks() if search is None else search
    deck = search.named(name)
    return deck.name if deck is not None else None


def unknown_deck(name: str, search: Search | None = None) -> str:
    """The message for a ``--deck`` that names no installed deck."""
    search = find_decks() if search is None else search
    names = ", ".join([OWN_DECK, *(deck.name for deck in search.decks)])
    return (f"argument --deck: no deck called {name!r} is installed; the decks are: {names} "
            "(cardgui decks lists them with their paths)")
