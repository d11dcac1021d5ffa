"""How a game shows itself in a terminal and reads what is typed there: the
part of a terminal program that is the game's own.

Everything else (the session that performs, undo, the messages, help and
quitting, redrawing in place at a terminal, the final position as JSON from a
pipe) is the one terminal loop's (``cardgui/text/loop.py``), the same for
every game.  Plain data and functions, no toolkit.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Callable

from .cards import Card
from .commands import Command
from .keyboard import Request

Read = Callable[[Any, str], "Command | Request | Any"]
"""Reads one word or line typed for a game in play: the ``Command`` it asks
for, a ``Request`` for the loop, or a new game to play instead (Becker's
hidden ``z``, her stacked test deck).

Raises ``ValueError`` (``IllegalMove`` is one) with a reason a player reads
when the text asks for nothing this game knows."""


class Reads(enum.Enum):
    """What a game's terminal program reads."""

    KEYS = "keys"       # one keystroke at a time, through the game's key interpreter
    WORDS = "words"     # words separated by spaces or lines, each read by ``read``
    LINES = "lines"     # whole lines, each read by ``read``


@dataclass(frozen=True)
class TerminalSpec:
    """A game's terminal program, besides the loop every game shares.

    ``board(game, colour)`` draws the position as lines (``colour``: the
    terminal shows colour); ``help(game)`` is the help, as pages of lines
    (a terminal shows one page at a time); ``reads`` says whether it reads
    keys or words or lines, and ``read`` reads one of them (not for keys).
    ``prompt`` starts the line typed at; ``menu`` lines show under the board
    at a terminal (Becker's options); ``ending(game)`` says how a finished
    game stands, if the loop's words do not fit the game.
    """

    board: Callable[[Any, bool], list[str]]
    help: Callable[[Any], list[list[str]]]
    reads: Reads = Reads.KEYS
    read: Read | None = None
    prompt: str = "> "
    menu: tuple[str, ...] = ()
    ending: Callable[[Any], str] | None = None

    def __post_init__(self) -> None:
        if (self.reads is Reads.KEYS) != (self.read is None):
            raise ValueError("a terminal program that reads keys has no read function; "
                             "one that reads words or lines needs one")


_RED = "\x1b[31m"
_STANDOUT = "\x1b[7m"
_PLAIN = "\x1b[0m"


def card_text(card: Card | None, colour: bool) -> str:
    """A card as Harvey's book prints it, three columns wide (``--`` for
    none): red cards plainly and black ones in reverse video ("standout");
    with ``colour``, red cards also red."""
    if card is None:
        return "-- "
    name = card.name
    padding = " " * (3 - len(name))
    if not colour:
        return name + padding
    return (_RED if card.is_red else _STANDOUT) + name + _PLAIN + padding
