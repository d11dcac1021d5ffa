"""The book's one-key commands for Klondike, as its ``parsecmd`` reads them.

``KlondikeKeys(game).press("8")``, then ``.press("S")`` plays the eight of
spades.  Each key returns a ``Response``; a refused key rings the bell, says
why, forgets any half-typed card name and changes nothing.
"""

from __future__ import annotations

from typing import Callable

from ..commands import (SHIFTED_DIGITS, CardNameReader, KeyBinding, KeyTable, Request,
                        Response, is_rank_key, is_suit_key)
from ..game import Outcome
from ..moves import IllegalMove
from .klondike import Klondike

KLONDIKE_KEYS = KeyTable([
    KeyBinding("+=", "+ =", "Deal three cards onto pile", "deal"),
    KeyBinding("P", "P", "Play top card from pile", "play_pile"),
    KeyBinding("R", "R", "Redisplay the board", "redisplay"),
    KeyBinding("?", "?", "Retype these instructions", "help"),
    KeyBinding("HSDC", "card", "Play that card: rank A 2 … 10 J Q K (or T), "
               "then suit H S D C", "card"),
    KeyBinding(".", "rank .", "Play all possible suits of that rank up", "rank_up"),
    KeyBinding("M", "M", "Move same card again", "again"),
    KeyBinding("W", "W", "Play up as much as possible (Win)", "play_up"),
    KeyBinding(SHIFTED_DIGITS, "! @ # …", "Move an entire stack: shifted stack number "
               "! @ # $ % ^ & for stacks 1-7", "stack"),
    KeyBinding(" \b\x7f", "Del", "Forget a half-typed card (also Backspace, Space)", "rubout"),
    KeyBinding("U", "U", "Undo", "undo"),
    KeyBinding("Y", "Y", "Redo", "redo"),
    KeyBinding("G", "G", "Give up (start a new game)", "new_game"),
    KeyBinding("X", "X", "Exit", "quit"),
])

CHEAT_KEY, NEW_STACK_KEY = "(", ")"   # after 8 and 9: the book's hidden commands


class KlondikeKeys:
    """Interprets keystrokes for one game of Klondike."""

    table = KLONDIKE_KEYS

    def __init__(self, game: Klondike) -> None:
        self.game = game
        self.reader = CardNameReader()

    @property
    def pending(self) -> str:
        """The half-typed card name, as typed so far (``"10"``, ``"Q"``)."""
        return self.reader.pending

    def clear(self) -> None:
        """Forget a half-typed card name."""
        self.reader.clear()

    def press(self, key: str) -> Response:
        """Carry out one keystroke.  Never raises for bad input: a refused key
        comes back with ``bell`` set and the reason in ``message``."""
        if len(key) != 1:
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
        if char in (CHEAT_KEY, NEW_STACK_KEY) and self.reader.pending:
            return self._hidden_command(char)
        binding = self.table.lookup(char)
        if binding is None:
            printable = repr(key) if not key.isprintable() or key.isspace() else key
            raise self.reader.refuse(f"{printable} is not a command: press ? for the list.")
        action: Callable[[str], Response] = getattr(self, "_" + binding.action)
        return action(char)

    def _done(self, outcome: Outcome) -> Response:
        return Response(outcome, outcome.message, pending=self.reader.pending)

    # -- actions, named in the key table ---------------------------------------

    def _deal(self, key: str) -> Response:
        self.reader.require_nothing_pending(key)
        return self._done(self.game.deal())

    def _play_pile(self, key: str) -> Response:
        self.reader.require_nothing_pending(key)
        return self._done(self.game.play_pile())

    def _card(self, key: str) -> Response:
        assert is_suit_key(key)
        return self._done(self.game.play_card(self.reader.take_card(key)))

    def _rank_up(self, key: str) -> Response:
        return self._done(self.game.play_rank_up(self.reader.take_rank(key)))

    def _again(self, key: str) -> Response:
        self.reader.require_nothing_pending(key)
        return self._done(self.game.again())

    def _play_up(self, key: str) -> Response:
        self.reader.clear()      # wingame overwrites the half-typed rank
        return self._done(self.game.play_up())

    def _stack(self, key: str) -> Response:
        self.reader.require_nothing_pending(key)
        return self._done(self.game.play_stack(SHIFTED_DIGITS.index(key) + 1))

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

    def _hidden_command(self, char: str) -> Response:
        wanted = "8" if char == CHEAT_KEY else "9"
        if self.reader.pending != wanted:
            raise self.reader.refuse(f"{self.reader.pending}{char} is not a command.")
        self.reader.clear()
        if char == CHEAT_KEY:
            return self._done(self.game.deal_one())
        return self._done(self.game.add_stack())
