"""Keys for Poker Squares: a cursor on the grid, or a cell typed by name.

``PokerSquaresKeys(game).press("c")`` then ``.press("2")`` places the next card
in column c, row 2.  The arrow keys, given as the names ``"Left"``,
``"Right"``, ``"Up"`` and ``"Down"``, move a cursor (wrapping round at the
edges); Space or Enter (``" "``, ``"\\r"``, ``"\\n"``, or the names ``"Space"``,
``"Return"``, ``"Enter"``) places the next card at the cursor.  After a card is
placed the cursor moves on to the next empty cell in reading order.  The
cursor is view state: it lives here, not in the game, and undo leaves it be.

Each key returns a ``Response`` (the command to perform, or a refusal that
rings the bell, says why and forgets a half-typed cell name).
"""

from __future__ import annotations

from typing import Any

from ...commands import Command
from ...keyboard import BookKeys, KeyBinding, KeyTable, Response
from ...moves import IllegalMove
from ...outcome import Outcome
from ...piles import PileId
from .game import PokerSquares
from .position import COLUMN_LETTERS, GRID_CELLS, SIDE, cell_name, grid_cell, parse_cell

ARROWS: dict[str, tuple[int, int]] = {   # key name: (rows down, columns right)
    "Left": (0, -1), "Right": (0, 1), "Up": (-1, 0), "Down": (1, 0)}
NAMED_KEYS = {"Space": " ", "Return": "\r", "Enter": "\r", "Backspace": "\b", "Delete": "\x7f"}
ROW_DIGITS = "12345"

POKER_SQUARES_KEYS = KeyTable([
    # The arrows are names, not characters: press() handles them before the
    # table is consulted, and this binding (with no keys) lets the help list them.
    KeyBinding("", "\u2190 \u2191 \u2192 \u2193", "Move the cursor", "cursor"),
    KeyBinding(" \r\n", "Space Enter", "Place the next card at the cursor", "place_at_cursor"),
    KeyBinding(COLUMN_LETTERS.upper(), "a1 \u2026 e5", "Place the next card in that cell: "
               "column a-e (left to right), then row 1-5 (top to bottom)", "column"),
    KeyBinding(ROW_DIGITS, "1-5", "The row of a cell being typed", "row", hidden=True),
    KeyBinding("\b\x7f", "Del", "Forget a half-typed cell (also Backspace)", "rubout"),
    KeyBinding("U", "U", "Undo", "undo"),
    KeyBinding("Y", "Y", "Redo", "redo"),
    KeyBinding("G", "G", "New game", "new_game"),
    KeyBinding("?", "?", "Show these commands", "help", in_window="Show these keys in a window"),
    KeyBinding("X", "X", "Exit", "quit",
               in_window="Leave cardgui (it asks first while a game is in progress)"),
])


class PokerSquaresKeys(BookKeys):
    """Interprets keystrokes for one game of Poker Squares, with its cursor."""

    table = POKER_SQUARES_KEYS
    game: PokerSquares

    def __init__(self, game: PokerSquares) -> None:
        super().__init__(game)
        self.cursor: tuple[int, int] = (0, 0)   # (row, column) from 0: a1
        self._typed_column = ""   # a half-typed cell: its column letter

    @property
    def pending(self) -> str:
        """The half-typed cell name (a column letter), or ``""``."""
        return self._typed_column

    def clear(self) -> None:
        """Forget a half-typed cell name."""
        super().clear()
        self._typed_column = ""

    def keyboard_state(self) -> dict[str, Any]:
        """The half-typed cell and the cursor, ``[row, column]`` from 0."""
        return {**super().keyboard_state(), "cursor": list(self.cursor)}

    def restore_keyboard_state(self, state: dict[str, Any]) -> None:
        """Put the cursor back and type the half-typed cell again.

        Raises:
            ValueError: if ``state`` is malformed.
        """
        cursor = state.get("cursor", [0, 0])
        if not (isinstance(cursor, list) and len(cursor) == 2
                and all(type(number) is int and 0 <= number < SIDE for number in cursor)):
            raise ValueError(f"{cursor!r} is not a cell of the grid")
        super().restore_keyboard_state(state)
        self.cursor = (cursor[0], cursor[1])

    @property
    def cursor_cell(self) -> PileId:
        """The pile of the cell under the cursor."""
        return grid_cell(*self.cursor)

    @property
    def cursor_pile(self) -> PileId:
        """The cursor is the keyboard focus of the grid."""
        return self.cursor_cell

    @property
    def cursor_name(self) -> str:
        """The player's name of the cell under the cursor: ``"c2"``."""
        return cell_name(self.cursor_cell)

    def _before_table(self, char: str) -> Response | None:
        # Letters and digits name cells here, not card ranks.  A key no command
        # takes, in the middle of a cell name, is a bad cell rather than a bad key.
        if self.table.lookup(char) is None:
            self._require_nothing_pending(char)
        return None

    def _move_cursor(self, down: int, right: int) -> None:
        row, column = self.cursor
        self.cursor = ((row + down) % SIDE, (column + right) % SIDE)

    @staticmethod
    def _place(cell: PileId) -> Command:
        return Command("place", (cell_name(cell),))

    def press(self, key: str) -> Response:
        """Translate one keystroke: a character or one of the names above.  An
        arrow moves the cursor at once (it is the keys' own state).  Never
        raises for bad input: a refused key comes back with ``bell`` set and
        the reason in ``message``."""
        if key in ARROWS:
            return self._cursor(key)
        return super().press(NAMED_KEYS.get(key, key))

    def performed(self, command: Command, outcome: Outcome) -> None:
        """After a card is placed, by a key or the mouse, the cursor moves on
        to the next empty cell."""
        if command.name == "place" and outcome.changed and isinstance(command.args[0], str):
            self._advance_cursor(parse_cell(command.args[0]))

    def _advance_cursor(self, placed: PileId) -> None:
        """Put the cursor on the first empty cell after ``placed``, reading
        on from there and round to a1; leave it where it is on a full grid."""
        start = GRID_CELLS.index(placed)
        for offset in range(1, len(GRID_CELLS)):
            cell = GRID_CELLS[(start + offset) % len(GRID_CELLS)]
            if self.game.piles[cell].is_empty:
                self.cursor = divmod(cell.index - 1, SIDE)
                return

    def _require_nothing_pending(self, key: str) -> None:
        if self._typed_column:
            shown = "Space" if key == " " else "Enter" if key in "\r\n" else key.lower()
            raise IllegalMove(f"{self._typed_column} then {shown} is not a cell; "
                              "type the cell again.")

    # -- actions, named in the key table ---------------------------------------

    def _cursor(self, key: str) -> Response:
        """An arrow (by its name) moves the cursor, wrapping round at the edges."""
        self.clear()
        self._move_cursor(*ARROWS[key])
        return Response()

    def _place_at_cursor(self, key: str) -> Command:
        self._require_nothing_pending(key)
        return self._place(self.cursor_cell)

    def _column(self, key: str) -> Response:
        self._require_nothing_pending(key)
        self._typed_column = key.lower()
        return Response(pending=self._typed_column)

    def _row(self, key: str) -> Command:
        if not self._typed_column:
            raise IllegalMove(f"Type the column first: a cell is a letter a-e then a row "
                              f"1-5, like c{key}.")
        column = COLUMN_LETTERS.index(self._typed_column)
        self._typed_column = ""
        return self._place(grid_cell(int(key) - 1, column))
