"""Reading saves of format 1 (cardgui 0.1.0), which logged raw keystrokes.

A format-1 save is a deal, its options and a list of entries: ``["key", k]``
for every keystroke, and ``["move", source, index, target]``,
``["double_click", source, index]``, ``["click", pile]``, ``["deal"]``,
``["undo"]``, ``["redo"]``, ``["option", name, value]`` for the other
gestures.  The keys are read here by a copy of the key bindings of that
version, frozen, so such a save loads however today's bindings change; each
key becomes the command it asked for, performed by a session on a fresh
game, which logs it and learns whether it was refused.  The result is
today's log, plus the half-typed name and (Poker Squares) the cursor that
version had at the end, in the shape the
key interpreters' ``keyboard_state`` gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.cards import parse_rank
from ..engine.commands import Arg, Command
from ..engine.game import Game
from ..engine.moves import IllegalMove
from ..engine.piles import PileId, Role
from .replay import GameLog, _header

if TYPE_CHECKING:
    from ..session import GameSession

FORMAT = 1
SHIFTED = "!@#$%^&*()"
RANKS = "123456789AJQKT0"
ARROWS = {"Left": (0, -1), "Right": (0, 1), "Up": (-1, 0), "Down": (1, 0)}
NAMED = {"Space": " ", "Return": "\r", "Enter": "\r", "Backspace": "\b", "Delete": "\x7f"}
REQUEST_KEYS = {"klondike": "RG?X", "freecell": "RG?X", "calculation": "G?",
                "pokersquares": "G?X"}
GESTURES = {"move": 3, "double_click": 2, "click": 1, "deal": 0, "undo": 0, "redo": 0,
            "option": 2}


class _Refused(Exception):
    """A key the frozen bindings refuse before any command."""


@dataclass
class _Reader:
    """The state that version's interpreters kept between keys."""

    game_id: str
    pending: str = ""            # a half-typed rank (or cell column, in Poker Squares)
    naming: bool = False         # Calculation: an apostrophe started a name
    cursor: tuple[int, int] = (0, 0)

    def clear(self) -> None:
        self.pending, self.naming = "", False

    def typing(self) -> str:
        return ("'" if self.naming else "") + self.pending


def read_format_1(data: dict[str, Any]) -> tuple[GameLog, dict[str, Any]]:
    """(today's log, the keyboard's state: the half-typed text and for Poker
    Squares the cursor) of a format-1 save.

    Raises:
        ValueError: if the save is malformed or names a game we do not know.
    """
    from ..engine.games import find_game  # the registry, only once a save needs it

    game_id, deal, options = _header(data)
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise ValueError("the saved game's list of moves is malformed")
    try:
        info = find_game(game_id)
    except KeyError as error:
        raise ValueError(str(error)) from None
    from ..session import GameSession  # here: the session imports the store

    game = info.new_game(deal, options)
    session = GameSession(info, game, GameLog(game_id, deal, dict(options)))
    reader = _Reader(info.game_id)
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
            raise ValueError(f"step {number} of the saved game is malformed")
        kind, args = entry[0], entry[1:]
        if kind == "key" and len(args) == 1 and isinstance(args[0], str):
            command = _key_command(reader, args[0])
            if command is not None:
                _play(reader, session, command)
        elif GESTURES.get(kind) == len(args):
            reader.clear()
            if not _play(reader, session, Command.from_json([kind, *args])):
                # That version kept a gesture only once the game had taken it.
                raise ValueError(f"step {number} of the saved game ({entry}) does not replay")
        else:
            raise ValueError(f"step {number} of the saved game ({entry}) is not a step")
    keyboard: dict[str, Any] = {"typing": reader.typing()}
    if game_id == "pokersquares":
        keyboard["cursor"] = list(reader.cursor)
    return session.log, keyboard


def _play(reader: _Reader, session: GameSession, command: Command) -> bool:
    """Perform ``command`` (the session logs it); False if the game refused it."""
    try:
        session.perform(command)
    except IllegalMove:
        reader.clear()
        return False
    except (ValueError, TypeError) as error:
        raise ValueError(f"the saved game's step {command} does not fit the game: {error}") \
            from None
    if command.name == "place":
        _advance_cursor(reader, session.game, str(command.args[0]))
    return True


def _key_command(reader: _Reader, key: str) -> Command | None:
    """The command one key asked for under that version's bindings, or None."""
    try:
        if reader.game_id == "pokersquares":
            return _poker_squares_key(reader, key)
        if len(key) != 1:
            return None
        return _book_key(reader, key.upper())
    except _Refused:
        reader.clear()
        return None


def _book_key(reader: _Reader, char: str) -> Command | None:
    game_id = reader.game_id
    if game_id == "klondike" and char in "()" and reader.pending:
        wanted = "8" if char == "(" else "9"
        if reader.pending != wanted:
            raise _Refused()
        reader.clear()
        return Command("deal_one" if char == "(" else "add_stack")
    if char in RANKS and (game_id != "calculation" or reader.naming or reader.pending
                          or char not in "1234"):
        _rank(reader, char)
        return None
    if char in REQUEST_KEYS[game_id] or char in " \b\x7f" and not (
            game_id == "calculation" and char == " "):
        reader.clear()
        return None
    if char in "UY":
        reader.clear()
        return Command("undo" if char == "U" else "redo")
    if char in "HSDC":
        if not reader.pending:
            raise _Refused()
        name = ("10" if reader.pending == "10" else "A" if reader.pending == "1"
                else reader.pending) + char
        reader.clear()
        return Command("play_card", (name,))
    if game_id == "calculation":
        return _calculation_key(reader, char)
    if game_id == "klondike" and char == ".":
        if not reader.pending:
            raise _Refused()
        rank = parse_rank(reader.pending)
        reader.clear()
        return Command("play_rank_up", (rank,))
    if game_id == "klondike" and char == "W":
        reader.clear()
        return Command("play_up")
    if reader.pending:
        raise _Refused()
    simple = {"klondike": {"+": "deal", "=": "deal", "P": "play_pile", "M": "again"},
              "freecell": {"M": "again", "W": "play_up"}}[game_id]
    if char in simple:
        return Command(simple[char])
    limit = 10 if game_id == "klondike" else 8
    if char in SHIFTED[:limit]:
        name = "play_stack" if game_id == "klondike" else "move_column_run"
        return Command(name, (SHIFTED.index(char) + 1,))
    raise _Refused()


def _calculation_key(reader: _Reader, char: str) -> Command | None:
    if char in "1234":
        return Command("hand_to_waste", (int(char),))
    if reader.naming or reader.pending:
        raise _Refused()
    if char == " ":
        return Command("deal")
    if char in "F\r\n":
        return Command("play_hand")
    if char in SHIFTED[:4]:
        return Command("play_waste", (SHIFTED.index(char) + 1,))
    if char == "'":
        reader.naming = True
        return None
    raise _Refused()


def _rank(reader: _Reader, char: str) -> None:
    if char == "0":
        if reader.pending != "1":
            raise _Refused()
        reader.pending = "10"
        return
    if reader.pending:
        raise _Refused()
    reader.pending = "10" if char == "T" else char


def _poker_squares_key(reader: _Reader, key: str) -> Command | None:
    if key in ARROWS:
        reader.pending = ""
        down, right = ARROWS[key]
        reader.cursor = ((reader.cursor[0] + down) % 5, (reader.cursor[1] + right) % 5)
        return None
    key = NAMED.get(key, key)
    if len(key) != 1:
        return None
    char = key.upper()
    if char in "ABCDE":
        if reader.pending:
            raise _Refused()
        reader.pending = char.lower()
        return None
    if char in "12345":
        if not reader.pending:
            raise _Refused()
        cell = reader.pending + char
        reader.pending = ""
        return Command("place", (cell,))
    if char in "UY":
        reader.pending = ""
        return Command("undo" if char == "U" else "redo")
    if char in "\b\x7fG?X":
        reader.pending = ""
        return None
    if char in " \r\n" and not reader.pending:
        row, column = reader.cursor
        return Command("place", ("abcde"[column] + str(row + 1),))
    raise _Refused()


def _advance_cursor(reader: _Reader, game: Game[Any], placed: Arg) -> None:
    """That version's cursor moved on to the first empty cell after the one
    filled, reading on and round; on a full grid it stayed."""
    cells = [(row, column) for row in range(5) for column in range(5)]
    start = cells.index((int(str(placed)[1]) - 1, "abcde".index(str(placed)[0])))
    for offset in range(1, len(cells)):
        row, column = cells[(start + offset) % len(cells)]
        if game.piles[PileId(Role.GRID, row * 5 + column + 1)].is_empty:
            reader.cursor = (row, column)
            return
