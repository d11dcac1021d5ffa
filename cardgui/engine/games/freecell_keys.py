"""One-key commands for FreeCell, in the spirit of Harvey's solitaire program.

``FreeCellKeys(game).press("8")``, then ``.press("S")`` plays the eight of
spades (with any run on it) where it can go: its foundation when going up is
safe, else a column it builds on, else a free cell.  ``M`` moves the same card
on to its next place; a shifted column number (``! @ # $ % ^ & *``) moves
that column's longest run that another column takes.  Each key returns a
``Response``; a refused key rings the bell, says why, forgets any half-typed
card name and changes nothing.
"""

from __future__ import annotations

from typing import Callable

from ..commands import (CardNameReader, KeyBinding, KeyTable, Request, Response,
                        is_rank_key, is_suit_key)
from ..game import Outcome
from ..moves import IllegalMove
from .freecell import FreeCell

COLUMN_KEYS = "!@#$%^&*"    # shift 1 … shift 8 on a US keyboard

FREECELL_KEYS = KeyTable([
    KeyBinding("HSDC", "card", "Play that card: rank A 2 … 10 J Q K (or T), then suit "
               "H S D C; it goes up if safe, else onto a column, else to a free cell", "card"),
    KeyBinding("M", "M", "Move same card again, to its next place", "again"),
    KeyBinding(COLUMN_KEYS, "! @ # …", "Move the longest run of a column: shifted column "
               "number ! @ # $ % ^ & * for columns 1-8", "column"),
    KeyBinding("W", "W", "Play every safe card up to the foundations", "play_up"),
    KeyBinding("R", "R", "Redisplay the board", "redisplay"),
    KeyBinding("?", "?", "Show these instructions", "help"),
    KeyBinding(" \b\x7f", "Del", "Forget a half-typed card (also Backspace, Space)", "rubout"),
    KeyBinding("U", "U", "Undo", "undo"),
    KeyBinding("Y", "Y", "Redo", "redo"),
    KeyBinding("G", "G", "Give up (start a new game)", "new_game"),
    KeyBinding("X", "X", "Exit", "quit"),
])


class FreeCellKeys:
    """Interprets keystrokes for one game of FreeCell."""

    table = FREECELL_KEYS

    def __init__(self, game: FreeCell) -> None:
        self.game = game
        self.reader = CardNameReader()

    @property
    def pending(self) -> str:
        """The half-typed card name, as typed so far (``"10"``, ``"Q"``)."""
        return self.reader.pending

    def press(self, key: str) -> Response:
        """Carry out one keystroke.  Never raises for bad input: a refused key
        comes back with ``bell`` set and the reason in ``message``."""
        if len(key) != 1:
            self.reader.clear()
            return self._bell(f"{key!r} is not a single key.")
        try:
            return self._dispatch(key)
        except IllegalMove as refusal:
            self.reader.clear()
            return self._bell(str(refusal))

    def _bell(self, message: str) -> Response:
        return Response(message=message, bell=True, pending=self.reader.pending)

    def _dispatch(self, key: str) -> Response:
        char = key.upper()
        if is_rank_key(char):
            self.reader.rank_key(char)
            return Response(pending=self.reader.pending)
        binding = self.table.lookup(char)
        if binding is None:
            printable = repr(key) if not key.isprintable() or key.isspace() else key
            raise self.reader.refuse(f"{printable} is not a command: press ? for the list.")
        action: Callable[[str], Response] = getattr(self, "_" + binding.action)
        return action(char)

    def _done(self, outcome: Outcome) -> Response:
        return Response(outcome, outcome.message, pending=self.reader.pending)

    # -- actions, named in the key table ---------------------------------------

    def _card(self, key: str) -> Response:
        assert is_suit_key(key)
        return self._done(self.game.play_card(self.reader.take_card(key)))

    def _again(self, key: str) -> Response:
        self.reader.require_nothing_pending(key)
        return self._done(self.game.again())

    def _column(self, key: str) -> Response:
        self.reader.require_nothing_pending(key)
        return self._done(self.game.move_column_run(COLUMN_KEYS.index(key) + 1))

    def _play_up(self, key: str) -> Response:
        self.reader.require_nothing_pending(key)
        return self._done(self.game.play_up())

    def _rubout(self, key: str) -> Response:
        self.reader.clear()
        return Response()

    def _undo(self, key: str) -> Response:
        self.reader.clear()
        return self._done(self.game.undo())

    def _redo(self, key: str) -> Response:
        self.reader.clear()
        return self._done(self.game.redo())

    def _redisplay(self, key: str) -> Response:
        self.reader.clear()
        return Response(request=Request.REDISPLAY)

    def _help(self, key: str) -> Response:
        self.reader.clear()
        return Response(request=Request.HELP)

    def _new_game(self, key: str) -> Response:
        self.reader.clear()
        return Response(request=Request.NEW_GAME)

    def _quit(self, key: str) -> Response:
        self.reader.clear()
        return Response(request=Request.QUIT)
