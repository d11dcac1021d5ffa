"""Poker Squares' advisor: where to put the next card, for a player who cannot
see the cards to come.

``advise(view, seconds_per_card)`` takes only a ``PokerSquaresView``: the grid,
the next card and the scoring table.  It cannot peek, because the view does
not hold the deck.

How it chooses (flat Monte Carlo with a learned play-out policy):

1. Cells that are the same up to swapping empty rows or empty columns are
   one choice (the grid scores the same whichever is used).
2. The choices are ranked by how much the learned line values
   (``line_values``) grow; the best ``SHORTLIST`` go on, fewer when the
   setting buys fewer than ``PLAYOUTS_PER_CHOICE`` play-outs each (a few
   play-outs a choice are noise: measured, the advisor at 0.01 s a card
   scored half what the line values alone do), and with one left it is the
   advice.
3. The strength setting, in seconds per card, buys play-outs at the fixed
   rate ``PLAYOUTS_PER_SECOND``.  They are spent by successive halving: each
   round gives every choice still in play the same imagined futures (cards
   drawn from the unseen ones, seeded from the view), plays each future out
   with the greedy player of ``playout.Judge``, scores the full grid, and
   keeps the better half, until one is left.

Same view, same setting, same advice.  ``play_deal`` plays a whole deal by
the advisor alone.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...advice import Advice, NoAdvice, play_alone
from ...cards import Card
from ...moves import Move, Step
from ...poker import Category, classify, scoring_table
from .game import PokerSquares
from .line_values import VALUES
from .lines import SIDE, card_code
from .playout import Board, Judge, points_by_category
from .position import COLUMN_LETTERS, GRID_CELLS, STOCK, cell_name
from .view import PokerSquaresView, view_of

# Measured on the development machine (Python 3.11, one core): play-outs a
# second over whole games; see bench/pokersquares_advisor.py.
PLAYOUTS_PER_SECOND = 3_500
DEFAULT_SECONDS_PER_CARD = 1.0
SHORTLIST = 8
PLAYOUTS_PER_CHOICE = 40      # fewer a choice are noise: the line values rank better alone


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


def advise(view: PokerSquaresView, seconds_per_card: float = DEFAULT_SECONDS_PER_CARD) -> Advice:
    """The cell for the next card, and why.  ``seconds_per_card`` sets how many
    play-outs compare the cells (see the module).

    Raises:
        NoAdvice: when the grid is full.
        ValueError: if ``seconds_per_card`` is not positive.
    """
    if not seconds_per_card > 0:
        raise ValueError(f"seconds per card must be positive, not {seconds_per_card!r}")
    card = view.next_card
    if card is None:
        raise NoAdvice("The grid is full: the game is over.")
    board = _board_of(view)
    code = card_code(card)
    board.see(code)
    choices = distinct_cells(board)
    if len(choices) == 1:
        return _advice(view, card, choices[0], "the only cell left" if board.to_come == 1
                       else "every empty cell is alike")
    table = scoring_table(view.scoring)
    judge = Judge(VALUES[table.name], points_by_category(table), frozen=board)
    gains = judge.gains(board, code)
    ranked = sorted(choices, key=lambda cell: (-_gain(gains, cell), cell))
    playouts = int(seconds_per_card * PLAYOUTS_PER_SECOND)
    shortlist = ranked[:max(1, min(SHORTLIST, playouts // PLAYOUTS_PER_CHOICE))]
    if len(shortlist) == 1:
        return _advice(view, card, shortlist[0],
                       f"best of {len(choices)} cells by the learned line values")
    unseen = sorted(card_code(other) for other in view.unseen)
    best, means = _halve(board, code, shortlist, unseen, playouts, judge,
                         random.Random(_seed(view)))
    return _advice(view, card, best,
                   f"best of {len(choices)} cells, mean {means[best]:.0f} over play-outs")


def advise_game(game: PokerSquares,
                seconds_per_card: float = DEFAULT_SECONDS_PER_CARD) -> Advice:
    """``advise`` for the player of ``game``: it sees only what they see.

    Raises:
        NoAdvice, ValueError: as ``advise`` does.
    """
    return advise(view_of(game), seconds_per_card)


def outcome(game: PokerSquares) -> dict[str, Any]:
    """How ``game`` ended, as ``cardgui demo --json`` reports it: the grid,
    ``grid[row][column]`` as card names ("" for an empty cell), and the score."""
    return {"grid": [[card.name if card else "" for card in row] for row in game.grid()],
            "score": game.score}


def play_deal(deal: int, scoring: str = "american",
              seconds_per_card: float = DEFAULT_SECONDS_PER_CARD) -> DemoResult:
    """Play deal ``deal`` from the start to the full grid by the advisor alone.

    Raises:
        ValueError: for a bad deal number, scoring or setting.
    """
    game = PokerSquares(deal, scoring)
    steps = play_alone(game, lambda _: advise_game(game, seconds_per_card))
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


def _halve(board: Board, code: int, choices: Sequence[int], unseen: Sequence[int],
           playouts: int, judge: Judge, generator: random.Random
           ) -> tuple[int, dict[int, float]]:
    """Successive halving over ``choices`` with ``playouts`` play-outs in all,
    futures drawn from the card codes ``unseen``: the cell left, and each
    choice's mean score over its play-outs."""
    rounds = max(1, math.ceil(math.log2(len(choices))))
    totals = dict.fromkeys(choices, 0.0)
    runs = dict.fromkeys(choices, 0)
    alive = list(choices)
    left = board.to_come - 1
    while len(alive) > 1:
        per_choice = max(1, playouts // rounds // len(alive))
        for _ in range(per_choice):
            future = generator.sample(unseen, left)
            for cell in alive:
                trial = board.copy()
                trial.place(cell, code)
                totals[cell] += judge.play_out(trial, future)
                runs[cell] += 1
        alive.sort(key=lambda cell: (-totals[cell] / runs[cell], cell))
        alive = alive[:max(1, len(alive) // 2)]
    means = {cell: totals[cell] / runs[cell] for cell in choices if runs[cell]}
    return alive[0], means


def _gain(gains: Sequence[float], cell: int) -> float:
    return gains[cell // SIDE] + gains[SIDE + cell % SIDE]


def _board_of(view: PokerSquaresView) -> Board:
    board = Board()
    for cell, card in enumerate(view.grid):
        if card is not None:
            code = card_code(card)
            board.see(code)
            board.place(cell, code)
    return board


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


# -- determinism ---------------------------------------------------------------------------


def _seed(view: PokerSquaresView) -> int:
    """A number drawn from the view alone, so the same view draws the same futures."""
    text = "|".join([" ".join(card.name if card else "-" for card in view.grid),
                     view.next_card.name if view.next_card else "-", view.scoring])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
