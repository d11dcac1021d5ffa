"""The book's one-key commands for Klondike, as its ``parsecmd`` reads them.

``KlondikeKeys(game).press("8")``, then ``.press("S")`` plays the eight of
spades.  Each key returns a ``Response``; a refused key rings the bell, says
why, forgets any half-typed card name and changes nothing.
"""

from __future__ import annotations

from ...commands import Command
from ...keyboard import SHIFTED_DIGITS, BookKeys, KeyBinding, KeyTable, Response
from .game import Klondike


def klondike_key_table(draw: int = 3) -> KeyTable:
    """The book's keys, with ``+`` saying how many cards a deal takes."""
    cards = "one card" if draw == 1 else "three cards"
    return KeyTable([KeyBinding("+=", "+ =", f"Deal {cards} onto pile", "deal"),
                     *BOOK_KEYS])


BOOK_KEYS = [
    KeyBinding("P", "P", "Play top card from pile", "play_pile"),
    KeyBinding("R", "R", "Redisplay the board", "redisplay", in_window=""),
    KeyBinding("?", "?", "Retype these instructions", "help",
               in_window="Show these keys in a window"),
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
    KeyBinding("X", "X", "Exit", "quit",
               in_window="Leave cardgui (it asks first while a game is in progress)"),
]
KLONDIKE_KEYS = klondike_key_table()

CHEAT_KEY, NEW_STACK_KEY = "(", ")"   # after 8 and 9: the book's hidden commands


class KlondikeKeys(BookKeys):
    """Interprets keystrokes for one game of Klondike."""

    table = KLONDIKE_KEYS
    game: Klondike

    def __init__(self, game: Klondike) -> None:
        super().__init__(game)
        self.table = klondike_key_table(game.draw)

    def _dispatch(self, key: str) -> Command | Response:
        if key in (CHEAT_KEY, NEW_STACK_KEY) and self.reader.pending:
            return self._hidden_command(key)
        return super()._dispatch(key)

    # -- actions, named in the key table ---------------------------------------

    def _deal(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("deal")

    def _play_pile(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("play_pile")

    def _card(self, key: str) -> Command:
        return Command("play_card", (self.reader.take_card(key).name,))

    def _rank_up(self, key: str) -> Command:
        return Command("play_rank_up", (self.reader.take_rank(key),))

    def _again(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("again")

    def _play_up(self, key: str) -> Command:
        self.reader.clear()      # wingame overwrites the half-typed rank
        return Command("play_up")

    def _stack(self, key: str) -> Command:
        self.reader.require_nothing_pending(key)
        return Command("play_stack", (SHIFTED_DIGITS.index(key) + 1,))

    def _hidden_command(self, char: str) -> Command:
        wanted = "8" if char == CHEAT_KEY else "9"
        if self.reader.pending != wanted:
            raise self.reader.refuse(f"{self.reader.pending}{char} is not a command.")
        self.reader.clear()
        return Command("deal_one" if char == CHEAT_KEY else "add_stack")
