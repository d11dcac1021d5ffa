"""Pyramid's keys: typed card names choose and pair cards, as clicks do.

``PyramidKeys(game).press("8")``, then ``.press("S")`` chooses the eight of
spades (or pairs it with the card chosen before, if they make 13; a king
goes off at once).  ``+`` turns the stock.  Each key only translates: it
returns the ``Command`` to perform, or a ``Response`` for a key that asks
the game for nothing (a rank of a half-typed name).
"""

from __future__ import annotations

from ...commands import Command
from ...keyboard import SESSION_KEYS, BookKeys, KeyBinding, KeyTable, Response
from .game import Pyramid

PYRAMID_KEYS = KeyTable([
    KeyBinding("HSDC", "card", "Choose that card: rank A 2 … 10 J Q K (or T), then suit "
               "H S D C; a second card that makes 13 with it pairs them off, a king goes "
               "off alone", "card"),
    KeyBinding("+=", "+ =", "Turn the stock's top card onto the waste (or turn the waste "
               "over)", "deal"),
    KeyBinding(" \b\x7f", "Del", "Forget a half-typed card, or let go of the chosen one "
               "(also Backspace, Space)", "let_go"),
    *SESSION_KEYS,
])


class PyramidKeys(BookKeys):
    """Interprets keystrokes for one game of Pyramid."""

    table = PYRAMID_KEYS
    game: Pyramid

    def _card(self, key: str) -> Command:
        return Command("choose_card", (self.reader.take_card(key).name,))

    def _deal(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("deal")

    def _let_go(self, key: str) -> Command | Response:
        """Forget a half-typed name; with none, let go of the chosen card."""
        if self.reader.pending or self.game.chosen is None:
            return self._rubout(key)
        return Command("let_go")
