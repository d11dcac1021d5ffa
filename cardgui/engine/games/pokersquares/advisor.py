"""Poker Squares' advisor: where to put the next card, for a player who cannot
see the cards to come.

``advise(view, seconds_per_card)`` takes only a ``PokerSquaresView``: the grid,
the next card and the scoring table.  It cannot peek, because the view does
not hold the deck.

How it chooses (a learned evaluation and a shallow expectimax search, as
the strong EAAI 2016 Poker Squares entries paired a learned grid value with
search):

1. Cells that are the same up to swapping empty rows or empty columns are
   one choice (the grid scores the same whichever is used).
2. Every choice is weighed one card ahead: for each card that may come
   next (every unseen one, all equally likely), the board is worth the best
   the greedy player of the learned line values (``playout.Policy``) can
   make of it, and a choice is worth the mean over those cards
   (``playout.expect_sums``), exact, with no sampling.
3. The choices it ranks first are weighed again more cards ahead (the
   first of ``LADDER`` the setting pays for: deeper, and more cells tried
   for each card that may come, where it can), and the best of those is
   the advice.
4. The strength setting, in seconds per card, buys cells weighed at a fixed
   rate (``cells_per_second()``); the look-ahead's cost is known before it
   starts (``playout.look_ahead_cost``), so an early card, with many cells
   and many cards unseen, looks less far ahead than a late one, and no card
   takes more than about the time set (a hint's 0.3 s included).  Where
   even one card ahead for every choice costs more than the setting buys,
   the line values alone choose.

The same view and setting always get the same advice: nothing is drawn at
random.  The compiled and the pure-Python look-aheads give the same sums,
so the same plan gives the same advice either way; but a second buys what
each weighs in about a second (``cells_per_second``), so where no compiler
built it the advice looks less far ahead.  ``play_deal`` plays a whole deal
by the advisor alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...advice import Advice, NoAdvice, play_alone
from ...cards import Card
from ...moves import Move, Step
from ...poker import Category, classify, scoring_table
from .game import PokerSquares
from .line_features import CARDS_IN_GAME
from .line_values import VALUES
from .lines import SIDE, card_code
from .playout import (
    COMPILED,
    DECK_SIZE,
    VALUE_SCALE,
    Board,
    Policy,
    cell_values,
    expect_sums,
    look_ahead_cost,
    points_by_category,
)
from .position import COLUMN_LETTERS, GRID_CELLS, STOCK, cell_name
from .view import PokerSquaresView, view_of

# Empty cells the look-ahead weighs a second of processor time (Python 3.11,
# one core), from every stage of a game alike: bench/pokersquares_advisor.py
# --rate measured RATE_NOTE; the figures are a little below that, so that a
# hint's 0.3 s holds on slower machines.
COMPILED_CELLS_PER_SECOND = 25_000_000
PURE_CELLS_PER_SECOND = 110_000
DEFAULT_SECONDS_PER_CARD = 1.0
# The deeper look-aheads, strongest first: (cards ahead, cells tried for
# each card that may come, choices looked at), the first the setting pays
# for is used on the choices the one-card look-ahead ranks first.
LADDER: tuple[tuple[int, int, int], ...] = (
    (3, 3, 4), (3, 2, 3), (2, 8, 10), (2, 4, 8), (2, 2, 4), (2, 1, 3))

_POLICIES: dict[str, Policy] = {}


def cells_per_second(compiled: bool | None = None) -> int:
    """The empty cells weighed a second of the setting buys: the compiled
    look-ahead's rate, or (``compiled`` False, or None where it was not
    built) the pure-Python one's."""
    if compiled is None:
        compiled = COMPILED
    return COMPILED_CELLS_PER_SECOND if compiled else PURE_CELLS_PER_SECOND


def policy_for(scoring: str) -> Policy:
    """The greedy player for the scoring table named ``scoring``.

    Raises:
        ValueError: for an unknown scoring.
    """
    table = scoring_table(scoring)
    policy = _POLICIES.get(table.name)
    if policy is None:
        policy = _POLICIES[table.name] = Policy(VALUES[table.name], points_by_category(table))
    return policy


@dataclass(frozen=True, slots=True)
class DemoResult:
    """A deal played by the advisor alone: its steps in order, the cells they
    filled (``c3``), the final grid (``grid[row][column]`` as card names) and
    the score."""

    deal: int
    scoring: str
    steps: tuple[Step, ...]
    cells: tuple[str, ...]
    grid: tuple[tuple[str, ...], ...]
    score: int


def advise(view: PokerSquaresView, seconds_per_card: float = DEFAULT_SECONDS_PER_CARD,
           compiled: bool | None = None) -> Advice:
    """The cell for the next card, and why.  ``seconds_per_card`` buys the
    look-ahead that compares the cells (see the module); ``compiled`` None
    uses the compiled look-ahead where it was built, True or False asks
    for one (True raises RuntimeError where it was not built).

    Raises:
        NoAdvice: when the grid is full.
        ValueError: if ``seconds_per_card`` is not positive.
    """
    if not seconds_per_card > 0:
        raise ValueError(f"seconds per card must be positive, not {seconds_per_card!r}")
    return advise_by_work(view, int(seconds_per_card * cells_per_second(compiled)), compiled)


def plan(to_come: int, choices: int, work: int) -> tuple[int, int, int] | None:
    """The look-ahead ``work`` cells weighed pay for, with ``to_come`` cards
    to come (the one in hand included) and ``choices`` distinct cells:
    None when not even one card ahead for every choice fits (the line
    values choose), else (cards ahead, cells tried, choices looked at): one
    card ahead for every choice, and then the first of ``LADDER`` that the
    rest pays for, on the choices it ranks first, or none (0, 0, 0)."""
    first = choices * look_ahead_cost(to_come, 1, 1)
    if first > work:
        return None
    for depth, width, shortlist in LADDER:
        looked_at = min(shortlist, choices)
        if looked_at > 1 and first + looked_at * look_ahead_cost(to_come, depth, width) <= work:
            return depth, width, looked_at
    return 0, 0, 0


def advise_by_work(view: PokerSquaresView, work: int,
                   compiled: bool | None = None) -> Advice:
    """``advise`` with ``work`` cells weighed in all (``plan``).

    Raises:
        NoAdvice: when the grid is full.
        RuntimeError: as ``advise`` does.
    """
    card = view.next_card
    if card is None:
        raise NoAdvice("The grid is full: the game is over.")
    cells = [card_code(other) if other is not None else -1 for other in view.grid]
    code = card_code(card)
    board = Board.of(cells)
    choices = distinct_cells(board)
    if len(choices) == 1:
        return _advice(view, card, choices[0], "the only cell left" if board.to_come == 1
                       else "every empty cell is alike")
    policy = policy_for(view.scoring)
    chosen = plan(board.to_come, len(choices), work)
    if chosen is None:
        worth = dict(zip(board.empty, cell_values(cells, code, policy, compiled)))
        best = min(choices, key=lambda cell: (-worth[cell], cell))
        return _advice(view, card, best,
                       f"best of {len(choices)} cells by the learned line values")
    sums, _ = expect_sums(cells, code, choices, 1, 1, policy, compiled)
    unseen = DECK_SIZE - CARDS_IN_GAME + board.to_come - 1
    means = {cell: total / unseen / VALUE_SCALE for cell, total in zip(choices, sums)}
    ranked = sorted(choices, key=lambda cell: (-means[cell], cell))
    depth, width, looked_at = chosen
    if depth == 0:
        return _advice(view, card, ranked[0], f"best of {len(choices)} cells, "
                       f"worth {means[ranked[0]]:.0f} over every card that may come next")
    deeper, _ = expect_sums(cells, code, ranked[:looked_at], depth, width, policy, compiled)
    best = ranked[deeper.index(max(deeper))]
    return _advice(view, card, best, f"best of {len(choices)} cells looking {depth} cards "
                   f"ahead, worth {means[best]:.0f} over every card that may come next")


def advise_game(game: PokerSquares, seconds_per_card: float = DEFAULT_SECONDS_PER_CARD,
                compiled: bool | None = None) -> Advice:
    """``advise`` for the player of ``game``: it sees only what they see.

    Raises:
        NoAdvice, ValueError: as ``advise`` does.
    """
    return advise(view_of(game), seconds_per_card, compiled)


def outcome(game: PokerSquares) -> dict[str, Any]:
    """How ``game`` ended, as ``cardgui demo --json`` reports it: the grid,
    ``grid[row][column]`` as card names ("" for an empty cell), and the score."""
    return {"grid": [[card.name if card else "" for card in row] for row in game.grid()],
            "score": game.score}


def play_deal(deal: int, scoring: str = "american",
              seconds_per_card: float = DEFAULT_SECONDS_PER_CARD,
              compiled: bool | None = None) -> DemoResult:
    """Play deal ``deal`` from the start to the full grid by the advisor alone
    (``compiled`` as for ``advise``).

    Raises:
        ValueError: for a bad deal number, scoring or setting.
    """
    game = PokerSquares(deal, scoring)
    steps = play_alone(game, lambda _: advise_game(game, seconds_per_card, compiled))
    cells = tuple(cell_name(step.target) for step in steps if isinstance(step, Move))
    grid = tuple(tuple(row) for row in outcome(game)["grid"])
    return DemoResult(deal, game.scoring.name, tuple(steps), cells, grid, game.score)


def distinct_cells(board: Board) -> list[int]:
    """The empty cells, one for each set that differs only by which empty
    row or empty column it is in (row by row, first of each set)."""
    empty_rows = [row for row in range(SIDE)
                  if all(board.cells[row * SIDE + column] < 0 for column in range(SIDE))]
    empty_columns = [column for column in range(SIDE)
                     if all(board.cells[row * SIDE + column] < 0 for row in range(SIDE))]
    seen: set[tuple[int, int]] = set()
    distinct: list[int] = []
    for cell in board.empty:
        row, column = divmod(cell, SIDE)
        shape = (empty_rows[0] if row in empty_rows else row,
                 empty_columns[0] if column in empty_columns else column)
        if shape not in seen:
            seen.add(shape)
            distinct.append(cell)
    return distinct


# -- reasons -------------------------------------------------------------------------------


def _advice(view: PokerSquaresView, card: Card, cell: int, evidence: str) -> Advice:
    row, column = divmod(cell, SIDE)
    row_cards = [view.grid[row * SIDE + other] for other in range(SIDE)]
    column_cards = [view.grid[other * SIDE + column] for other in range(SIDE)]
    notes = [_line_note(f"row {row + 1}", row_cards, card),
             _line_note(f"column {COLUMN_LETTERS[column]}", column_cards, card)]
    notes.sort(key=lambda note: -note[0])
    name = cell_name(GRID_CELLS[cell])
    return Advice(Move(STOCK, GRID_CELLS[cell]), f"{card} to {name}: {notes[0][1]} ({evidence}).")


def _line_note(label: str, cards: Sequence[Card | None], card: Card) -> tuple[int, str]:
    """What ``card`` does for a line, and how much that matters (for choosing
    which of the cell's two lines to speak of)."""
    held = [other for other in cards if other is not None]
    after = held + [card]
    hand = classify(after)
    before = classify(held)
    if len(after) == SIDE:
        if hand.category is Category.NOTHING:
            return (0, f"fills {label}, which scores nothing anyway")
        return (5, f"completes {label}: {hand.name}")
    if hand.category > before.category and hand.category >= Category.PAIR:
        return (4, f"makes {hand.name} in {label}")
    if len(after) >= 2 and len({other.suit for other in after}) == 1:
        return (3, f"keeps {label} open for a flush")
    if len(after) >= 2 and _straight_possible(after):
        return (2, f"keeps {label} open for a straight")
    if not held:
        return (1, f"starts {label}")
    return (0, f"spoils {label} least")


def _straight_possible(cards: Sequence[Card]) -> bool:
    ranks = {card.rank for card in cards}
    if len(ranks) != len(cards):
        return False
    highs = {14 if rank == 1 else rank for rank in ranks}
    return max(ranks) - min(ranks) < SIDE or max(highs) - min(highs) < SIDE
