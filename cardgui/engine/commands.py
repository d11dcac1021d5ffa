"""Commands: what a player asks of a game, as small values that are logged and
replayed.

Every gesture reaches a game as one ``Command``, whatever made it: a key of the
book's language (``play_card 8S``, ``again``, ``deal``), a drag (``move T3 4
T6``), a click, a double-click, undo and redo, an option.  A command is a name
and plain arguments (pile and card names, numbers, words, on/off), so a saved
game is the list of its commands and replays whatever the key bindings become.
``Game.perform`` carries one out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .cards import Card
from .piles import PileId

Arg = str | int | bool
"""A command's argument: a name (pile, card, cell, option), a number, or on/off."""

MAX_ARGS = 4


@dataclass(frozen=True, slots=True)
class Command:
    """One request to a game: ``Command("play_card", ("8S",))``."""

    name: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.name, *map(str, self.args)])

    def to_json(self) -> list[Arg]:
        """``[name, *args]``, as a saved game keeps it."""
        return [self.name, *self.args]

    @classmethod
    def from_json(cls, data: Any) -> "Command":
        """The command ``data`` (as ``to_json`` writes it) describes.

        Raises:
            ValueError: if ``data`` is not a name followed by at most
                ``MAX_ARGS`` plain arguments.
        """
        if not isinstance(data, list) or not data or not isinstance(data[0], str) \
                or not data[0].isidentifier():
            raise ValueError(f"{_shown(data)} is not a command: a name comes first")
        args = data[1:]
        if len(args) > MAX_ARGS or not all(
                isinstance(arg, (str, bool)) or type(arg) is int for arg in args):
            raise ValueError(f"{_shown(data)} is not a command: its arguments must be "
                             f"at most {MAX_ARGS} names, whole numbers or true/false")
        return cls(data[0], tuple(args))


Handler = Callable[[tuple[Arg, ...]], Any]
"""Carries out a command's arguments; returns the game's ``Outcome`` (or None
for a gesture that means nothing there)."""


def handler(action: Callable[..., Any], *readers: Callable[[Arg], Any]) -> Handler:
    """A handler calling ``action`` with each argument read by its reader.

    The handler raises ``ValueError`` (naming what was expected) when the
    arguments do not fit the readers.
    """
    def carry_out(args: tuple[Arg, ...]) -> Any:
        if len(args) != len(readers):
            raise ValueError(f"expected {len(readers)} argument(s), not {len(args)}")
        return action(*(read(arg) for read, arg in zip(readers, args)))
    return carry_out


def card_arg(arg: Arg) -> Card:
    """A card named by its book name (``8S``, ``10H``).

    Raises:
        ValueError: if it names no card.
    """
    return Card.parse(word_arg(arg))


def pile_arg(arg: Arg) -> PileId:
    """A pile named as ``str(PileId)`` writes it (``T3``).

    Raises:
        ValueError: if it names no pile.
    """
    return PileId.parse(word_arg(arg))


def number_arg(arg: Arg) -> int:
    """A whole number (a card's place in a pile, a stack's number).

    Raises:
        ValueError: for anything else, true and false included.
    """
    if type(arg) is not int:
        raise ValueError(f"{arg!r} is not a whole number")
    return arg


def word_arg(arg: Arg) -> str:
    """A name or word.

    Raises:
        ValueError: for a number or true/false.
    """
    if not isinstance(arg, str):
        raise ValueError(f"{arg!r} is not a name")
    return arg


def any_arg(arg: Arg) -> Arg:
    """Any plain argument, as it is (an option's value)."""
    return arg


def _shown(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 60 else text[:57] + "..."
