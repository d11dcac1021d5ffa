"""A game as its deal number, its options and the commands made on it.

Performing the commands again through the same engine (``GameSession.restore``)
rebuilds the position, the undo history and the redo list exactly, for every
game, without a save format per game.  A command the game refused is kept
too (marked), because a refused play still empties the book's ``M``;
replaying it must be refused again.
Commands are what the game was asked, never the keys that asked it, so a
saved game replays whatever the key bindings become.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.commands import Command

REFUSED = "!"     # before a command's name: the game refused it


@dataclass(frozen=True, slots=True)
class LoggedCommand:
    """One command and whether the game refused it."""

    command: Command
    refused: bool = False

    def to_json(self) -> list[Any]:
        data = self.command.to_json()
        return [REFUSED + self.command.name, *data[1:]] if self.refused else data

    @classmethod
    def from_json(cls, data: Any) -> "LoggedCommand":
        """The logged command ``data`` describes.

        Raises:
            ValueError: if it is not one.
        """
        refused = isinstance(data, list) and bool(data) and isinstance(data[0], str) \
            and data[0].startswith(REFUSED)
        if refused:
            data = [data[0][len(REFUSED):], *data[1:]]
        return cls(Command.from_json(data), refused)


@dataclass
class GameLog:
    """A deal, its options, and the commands made on it, oldest first, each
    kept as the JSON item it is saved as (``LoggedCommand.to_json``) and read
    only when replayed."""

    game_id: str
    deal: int
    options: dict[str, Any] = field(default_factory=dict)
    items: list[Any] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.items)

    def record(self, command: Command, refused: bool = False) -> None:
        self.items.append(LoggedCommand(command, refused).to_json())

    def logged(self, number: int) -> LoggedCommand:
        """Command ``number`` (from 0).

        Raises:
            ValueError: if that item is not a logged command.
        """
        return LoggedCommand.from_json(self.items[number])

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "deal": self.deal, "options": dict(self.options),
                "commands": self.items}

    @classmethod
    def from_json(cls, data: Any) -> "GameLog":
        """The log ``data`` describes; its commands are read when replayed.

        Raises:
            ValueError: if ``data`` is not a log.
        """
        game_id, deal, options = _header(data)
        commands = data.get("commands")
        if not isinstance(commands, list):
            raise ValueError("the saved game's list of commands is missing")
        return cls(game_id, deal, options, commands)


def _header(data: Any) -> tuple[str, int, dict[str, Any]]:
    """The game id, deal number and options of a saved game.

    Raises:
        ValueError: if any is missing or malformed.
    """
    if not isinstance(data, dict):
        raise ValueError("a saved game must be a JSON object")
    game_id, deal = data.get("game"), data.get("deal")
    if not isinstance(game_id, str) or not game_id:
        raise ValueError("the saved game does not say which game it is")
    if type(deal) is not int or deal < 1:
        raise ValueError("the saved game has no valid deal number")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(
            isinstance(key, str) and (isinstance(value, (str, bool)) or type(value) is int)
            for key, value in options.items()):
        raise ValueError("the saved game's options are malformed")
    return game_id, deal, dict(options)
