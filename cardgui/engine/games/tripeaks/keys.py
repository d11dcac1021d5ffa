"""TriPeaks' keys: a typed card name plays that card onto the waste.

``TriPeaksKeys(game).press("8")``, then ``.press("S")`` plays the eight of
spades; ``+`` turns the stock's next card.  Each key only translates: it
returns the ``Command`` to perform, or a ``Response`` for a key that asks
the game for nothing (a rank of a half-typed name).
"""

from __future__ import annotations

from ...commands import Command
from ...keyboard import SESSION_KEYS, BookKeys, KeyBinding, KeyTable
from .game import TriPeaks

TRIPEAKS_KEYS = KeyTable([
    KeyBinding("HSDC", "card", "Play that card onto the waste: rank A 2 … 10 J Q K (or T), "
               "then suit H S D C", "card"),
    KeyBinding("+=", "+ =", "Turn the stock's next card onto the waste", "deal"),
    KeyBinding(" \b\x7f", "Del", "Forget a half-typed card (also Backspace, Space)", "rubout"),
    *SESSION_KEYS,
])


class TriPeaksKeys(BookKeys):
    """Interprets keystrokes for one game of TriPeaks."""

    table = TRIPEAKS_KEYS
    game: TriPeaks

    def _card(self, key: str) -> Command:
        return Command("play_card", (self.reader.take_card(key).name,))

    def _deal(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("deal")
