"""Poker Squares (Poker Solitaire): 25 cards into a 5 x 5 grid, scored as poker hands.

Twenty-five cards come from a shuffled deck (the first 25 of Harvey's
``shuffle`` seeded with the deal number), turned one at a time.  Each goes
into an empty cell of the grid and stays there.  The five rows and the five
columns score as poker hands, by the American or the English table (see
``engine.poker``); while a line is filling it scores the hand it makes so far.
There is no winning or losing: the game is over when the grid is full, and
the result is the score.

Piles: ``S1`` the stock, the cards still to come, whose top card (the next
one) lies face up and the rest face down; ``G1``-``G25`` the grid's cells, row
by row (``G1``-``G5`` the top row, left to right).  The player names a cell by
its column letter ``a``-``e`` (left to right) then its row digit ``1``-``5``
(top to bottom): ``c2`` is the third cell of the second row, ``G8``.  In the
Python API rows and columns count from 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...cards import Card, CardError
from ...commands import Handler, handler, word_arg
from ...deals import book_shuffle, check_deal_number
from ...game import Game
from ...moves import IllegalMove
from ...outcome import Ending, Outcome
from ...piles import Pile, PileId, Role
from ...poker import Hand, ScoringTable, classify, scoring_table
from .position import (
    CELL_COUNT,
    COLUMN_LETTERS,
    GRID_CELLS,
    SIDE,
    STOCK,
    cell_name,
    grid_cell,
    parse_cell,
)


@dataclass(frozen=True, slots=True)
class PokerSquaresCounters:
    """Everything besides the piles that undo must put back."""

    moves: int = 0


def dealt_cards(deal: int) -> list[Card]:
    """The 25 cards of deal ``deal`` in the order they are turned.

    Raises:
        ValueError: if ``deal`` is not a deal number.
    """
    return book_shuffle(check_deal_number(deal))[:CELL_COUNT]


def _stock_of(cards_to_come: list[Card]) -> Pile:
    """The stock holding ``cards_to_come`` (next first), its top card face up."""
    return Pile(tuple(reversed(cards_to_come)), max(len(cards_to_come) - 1, 0))


@dataclass(frozen=True, slots=True)
class Line:
    """One row or column: its cards (None for an empty cell), the hand they
    make so far, and the points that hand scores."""

    label: str                      # "row 2", "column c"
    cells: tuple[PileId, ...]
    cards: tuple[Card | None, ...]
    hand: Hand
    points: int

    @property
    def name(self) -> str:
        """The hand's name, as ``engine.poker`` words it."""
        return self.hand.name

    @property
    def is_full(self) -> bool:
        return all(card is not None for card in self.cards)


class PokerSquares(Game[PokerSquaresCounters]):
    """A game of Poker Squares.  ``PokerSquares(42)`` is always the same 25 cards;
    ``scoring`` (``"american"`` or ``"english"``) holds for the whole game."""

    game_id = "pokersquares"
    title = "Poker Squares"

    def __init__(self, deal: int, scoring: str = "american") -> None:
        """Deal ``deal`` (1 to 2^31-1), scored by the table called ``scoring``.

        Raises:
            ValueError: for a deal number out of range or an unknown scoring.
        """
        self.scoring: ScoringTable = scoring_table(scoring)
        piles: dict[PileId, Pile] = {STOCK: _stock_of(dealt_cards(deal))}
        piles.update((cell, Pile()) for cell in GRID_CELLS)
        super().__init__(deal, piles, PokerSquaresCounters())

    @classmethod
    def from_json(cls, data: Mapping[str, Any], scoring: str = "american") -> "PokerSquares":
        """The game in the position ``data`` describes, in the shape ``to_json``
        writes.  ``grid``, ``deal`` and ``next`` must agree with the deal: the
        grid holds the first cards it turns and ``next`` is the one after
        them.  ``rows``, ``columns`` and ``score``, if given, must be what the
        grid makes under ``scoring``.  It counts one move per card placed and
        has no history to undo.

        Raises:
            ValueError: saying what is wrong with ``data``.
        """
        game = cls(_deal_of(data), scoring)
        try:
            rows = data["grid"]
            if not isinstance(rows, list) or len(rows) != SIDE or any(
                    not isinstance(row, list) or len(row) != SIDE for row in rows):
                raise ValueError("grid must be 5 rows of 5 cells")
            placed = {grid_cell(row, column): _card_in_cell(text, grid_cell(row, column))
                      for row, cells in enumerate(rows) for column, text in enumerate(cells)
                      if text is not None}
            to_come = dealt_cards(game.deal_number)
            if len(set(placed.values())) != len(placed):
                raise ValueError("a card appears twice in the grid")
            if set(placed.values()) != set(to_come[:len(placed)]):
                raise ValueError(f"the grid must hold the first {len(placed)} cards "
                                 f"of deal {game.deal_number}")
            for cell, card in placed.items():
                game._piles[cell] = Pile.face_up([card])
            game._piles[STOCK] = _stock_of(to_come[len(placed):])
            game._counters = PokerSquaresCounters(moves=len(placed))   # one move per card placed
            expected_next = game.next_card.name if game.next_card else None
            if (None if data["next"] is None else Card.parse(data["next"]).name) != expected_next:
                raise ValueError(f"next must be {expected_next or 'null'} after that grid")
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not a Poker Squares position: missing or malformed {error}") \
                from None
        for key, value in (("rows", [line.name for line in game.rows()]),
                           ("columns", [line.name for line in game.columns()]),
                           ("score", game.score)):
            if key in data and data[key] != value:
                raise ValueError(f"{key} must be {value!r} for that grid "
                                 f"({game.scoring.title} scoring)")
        return game

    # -- reading the layout --------------------------------------------------

    def pile_name(self, pile_id: PileId) -> str:
        return "the next card" if pile_id == STOCK else f"cell {cell_name(pile_id)}"

    def pile_notes(self, pile_id: PileId) -> list[str]:
        """The hands so far of a cell's row and column."""
        if pile_id not in GRID_CELLS:
            return []
        row, column = divmod(pile_id.index - 1, SIDE)
        return [f"{line.label}: {line.name}" for line in (self.rows()[row], self.columns()[column])
                if any(card is not None for card in line.cards)]

    @property
    def next_card(self) -> Card | None:
        """The card to place next, or None when the grid is full."""
        return self._piles[STOCK].top

    @property
    def cards_left(self) -> int:
        """How many cards are still to come, the next one included."""
        return len(self._piles[STOCK])

    def card_at(self, cell: PileId | str) -> Card | None:
        """The card in a cell (``c2`` or its pile id), or None if it is empty.

        Raises:
            IllegalMove: if there is no such cell.
        """
        return self._piles[self.cell_id(cell)].top

    def grid(self) -> list[list[Card | None]]:
        """The cards, ``grid()[row][column]`` (both from 0), None where empty."""
        return [[self._piles[grid_cell(row, column)].top for column in range(SIDE)]
                for row in range(SIDE)]

    def empty_cells(self) -> list[PileId]:
        """The empty cells, row by row."""
        return [cell for cell in GRID_CELLS if self._piles[cell].is_empty]

    def rows(self) -> list[Line]:
        """The five rows, top to bottom, each with its hand so far and points."""
        return [self._line(f"row {row + 1}", [grid_cell(row, column) for column in range(SIDE)])
                for row in range(SIDE)]

    def columns(self) -> list[Line]:
        """The five columns, left to right, each with its hand so far and points."""
        return [self._line(f"column {COLUMN_LETTERS[column]}",
                           [grid_cell(row, column) for row in range(SIDE)])
                for column in range(SIDE)]

    def _line(self, label: str, cells: list[PileId]) -> Line:
        cards = tuple(self._piles[cell].top for cell in cells)
        hand = classify(card for card in cards if card is not None)
        return Line(label, tuple(cells), cards, hand, self.scoring.points(hand))

    @property
    def score(self) -> int:
        """The points of all ten lines: the running total, the final score at the end."""
        return sum(line.points for line in self.rows() + self.columns())

    @property
    def variant(self) -> str:
        """The scoring table's name (``"american"`` or ``"english"``): statistics
        keep scores of the two tables apart."""
        return self.scoring.name

    def set_option(self, name: str, value: Any) -> None:
        """``scoring`` holds for the whole game: setting the table in play does
        nothing; another applies from the next game, so it is refused here.

        Raises:
            ValueError: for another option, an unknown table, or a change of table.
        """
        if name != "scoring":
            super().set_option(name, value)
        if scoring_table(value) is not self.scoring:
            raise ValueError(f"This game is scored by the {self.scoring.title} table to the "
                             "end; a change of scoring applies from the next game.")

    def status_items(self) -> list[tuple[str, str]]:
        card = self.next_card
        return [("Next", card.name if card else "none"), ("Cards left", str(self.cards_left)),
                ("Score", str(self.score)), ("Scoring", self.scoring.title)]

    def cell_id(self, cell: PileId | str) -> PileId:
        """The pile of a cell named ``c2`` (any case) or given by its pile id.

        Raises:
            IllegalMove: if there is no such cell.
        """
        if isinstance(cell, PileId):
            if cell not in GRID_CELLS:
                raise IllegalMove(f"{cell} is not a cell of the grid.")
            return cell
        return parse_cell(cell)

    # -- the rules -------------------------------------------------------------

    def pick_up_refusal(self, source: PileId, index: int) -> str | None:
        pile = self.pile(source)
        if source.role is Role.GRID:
            return "A card stays in the cell where it was placed."
        if pile.is_empty:
            return "The grid is full: the game is over."
        if index != len(pile) - 1:
            return "Only the next card (face up on the stock) can be placed."
        return None

    def drop_refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        if target not in GRID_CELLS:
            return "The next card goes into an empty cell of the grid."
        occupant = self._piles[target].top
        if occupant is not None:
            return f"{cell_name(target)} already holds {occupant}."
        return None

    def destinations(self, source: PileId, index: int) -> list[PileId]:
        """Every empty cell, row by row: a double-click fills the first."""
        if self.pick_up_refusal(source, index):
            return []
        return self.empty_cells()

    @property
    def is_won(self) -> bool:
        """Always False: Poker Squares is played for a score, not won or lost."""
        return False

    @property
    def ending(self) -> Ending | None:
        """Finished, with its score, when all 25 cells are filled."""
        return Ending.FINISHED if self._piles[STOCK].is_empty else None

    def command_handlers(self) -> dict[str, Handler]:
        """Placing the next card in a cell (``c2``) besides what every game has."""
        return {**super().command_handlers(), "place": handler(self.place, word_arg)}

    # -- placing cards -----------------------------------------------------------

    def place(self, cell: PileId | str) -> Outcome:
        """Put the next card into an empty cell (``c2`` or its pile id).

        Raises:
            IllegalMove: if there is no such cell, it is taken, or the game is
                over; nothing changes.
        """
        target = self.cell_id(cell)
        if self.is_over:
            raise IllegalMove("The grid is full: the game is over.")
        return self.move(STOCK, len(self._piles[STOCK]) - 1, target)

    def _move_label(self, source: PileId, index: int, target: PileId) -> str:
        return f"place {self._piles[source].cards[index]} in {cell_name(target)}"

    def _after_move(self, source: PileId, index: int, target: PileId,
                    cards: tuple[Card, ...]) -> str | None:
        """Turn the stock's new top card up; say where the card went."""
        self._piles[STOCK] = self._piles[STOCK].turned_up()
        placed = f"{cards[0]} to {cell_name(target)}."
        if self.is_over:
            return f"{placed} The grid is full: final score {self.score}."
        return placed

    def click(self, pile_id: PileId) -> Outcome | None:
        """A click on a cell of the grid puts the next card there; on the stock
        it says how to place the card (see ``deal``); elsewhere nothing (None).

        Raises:
            IllegalMove: if the cell is taken, the grid is full, or it was the stock.
        """
        if pile_id.role is Role.GRID:
            return self.place(pile_id)
        return super().click(pile_id)

    def deal(self) -> Outcome:
        """Clicking the stock deals nothing in Poker Squares.

        Raises:
            IllegalMove: always, saying how to place the next card.
        """
        if self.is_over:
            raise IllegalMove("The grid is full: the game is over.")
        raise IllegalMove("Put the next card into an empty cell: drag it there, "
                          "click the cell, or type its name (a1 to e5).")

    # -- output ------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The position as ``cardgui text pokersquares --json`` prints it:
        ``grid[row][column]``, rows top to bottom, cards as in the book."""
        card = self.next_card
        return {
            "game": self.game_id,
            "deal": self.deal_number,
            "grid": [[cell.name if cell else None for cell in row] for row in self.grid()],
            "next": card.name if card else None,
            "rows": [line.name for line in self.rows()],
            "columns": [line.name for line in self.columns()],
            "score": self.score,
        }


def _card_in_cell(text: str, cell: PileId) -> Card:
    """The card a saved grid names for ``cell``.

    Raises:
        ValueError: if the text names no card, saying which cell holds it.
    """
    try:
        return Card.parse(text)
    except CardError as error:
        raise ValueError(f"grid cell {cell_name(cell)}: {text!r} is not a card ({error})") \
            from None


def _deal_of(data: Mapping[str, Any]) -> int:
    """The deal number of a position, after checking it is a Poker Squares one.

    Raises:
        ValueError: if it is not.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a Poker Squares position is a JSON object")
    if data.get("game", PokerSquares.game_id) != PokerSquares.game_id:
        raise ValueError(f"not a Poker Squares position: game is {data.get('game')!r}")
    if "deal" not in data:
        raise ValueError("not a Poker Squares position: missing 'deal'")
    return check_deal_number(data["deal"])
