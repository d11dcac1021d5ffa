"""Poker Squares' advisor: where to put the next card, for a player who cannot
see the cards to come.

``advise(view, seconds_per_card)`` takes only a ``PokerSquaresView``: the grid,
the next card and the scoring table.  It cannot peek, because the view does
not hold the deck.

How it chooses (flat Monte Carlo over a learned greedy player, as the
EAAI 2016 Poker Squares entries did):

1. Cells that are the same up to swapping empty rows or empty columns are
   one choice (the grid scores the same whichever is used).
2. The choices are ranked by what the board is worth after the card by the
   learned line values (``playout.Policy``); the best ``SHORTLIST`` go on,
   fewer when the setting buys fewer than ``PLAYOUTS_PER_CHOICE`` play-outs
   each (a few play-outs a choice are noise: the line values rank better
   alone), and with one left it is the advice.
3. The strength setting, in seconds per card, buys play-outs at a fixed
   rate counted in empty cells weighed (``cells_per_second()``), a
   play-out costing ``playout_cost``: one early in the game weighs many
   more cells than one near its end, so an early card buys fewer play-outs
   and a late one more, and each card takes about the time set (a hint's
   0.3 s included).  They are spent by successive halving:
   each round gives every choice still in play the same imagined futures
   (cards drawn from the unseen ones, seeded from the view), places each
   future's next ``PLAYOUT_DEPTH`` cards with the greedy player, values the
   grid (a full one by its score, else by the learned line values: a
   play-out cut short), and keeps the better half, until one is left.

The same view and setting always get the same advice.  The compiled and
the pure-Python play-outs give the same totals, so the same number of
play-outs gives the same advice either way; but a second buys what each
weighs in about a second (``cells_per_second``), so where no compiler built
them the advice comes from fewer play-outs.  ``play_deal`` plays a
whole deal by the advisor alone.
"""

from __future__ import annotations

import hashlib
import math
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
from .playout import (
    COMPILED,
    VALUE_SCALE,
    Board,
    Policy,
    cell_values,
    play_outs,
    points_by_category,
)
from .position import COLUMN_LETTERS, GRID_CELLS, STOCK, cell_name
from .view import PokerSquaresView, view_of

# Empty cells the play-outs weigh a second of processor time (Python 3.11,
# one core), from every stage of a game alike: bench/pokersquares_advisor.py
# --rate measured about 30 million compiled and 178,000 pure on a busy shared
# machine; the figures are six tenths of that, so that a hint's 0.3 s holds on
# slower machines.
COMPILED_CELLS_PER_SECOND = 18_000_000
PURE_CELLS_PER_SECOND = 110_000
DEFAULT_SECONDS_PER_CARD = 1.0
SHORTLIST = 10
PLAYOUTS_PER_CHOICE = 40      # fewer a choice are noise: the line values rank better alone
PLAYOUT_DEPTH = 8             # cards a play-out places before the line values judge the rest
PLACEMENT_CELLS = 6           # a placement's cost beyond its cells, in cells (fitted, compiled)

_POLICIES: dict[str, Policy] = {}


def cells_per_second(compiled: bool | None = None) -> int:
    """The empty cells weighed a second of the setting buys: the compiled
    play-outs' rate, or (``compiled`` False, or None where they were not
    built) the pure-Python one's."""
    if compiled is None:
        compiled = COMPILED
    return COMPILED_CELLS_PER_SECOND if compiled else PURE_CELLS_PER_SECOND


def playout_cost(to_come: int, depth: int = PLAYOUT_DEPTH) -> int:
    """What a play-out costs, in empty cells weighed, for a card with
    ``to_come`` cards to come (itself included): each of the next ``depth``
    cards at most weighs every cell still empty when it comes, and costs
    ``PLACEMENT_CELLS`` more (its lines' values, whatever the cells).  At
    least 1."""
    placed = min(depth, to_come - 1)
    return max(1, sum(PLACEMENT_CELLS + to_come - card for card in range(1, placed + 1)))


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
           compiled: bool | None = None, depth: int = PLAYOUT_DEPTH) -> Advice:
    """The cell for the next card, and why.  ``seconds_per_card`` buys the
    play-outs that compare the cells (see the module), each placing at most
    ``depth`` cards before the line values judge the rest (25 plays every
    one out); ``compiled`` None uses the compiled play-outs where they were
    built, True or False asks for one (True raises RuntimeError where they
    were not built).

    Raises:
        NoAdvice: when the grid is full.
        ValueError: if ``seconds_per_card`` is not positive or ``depth`` is below 1.
    """
    if not seconds_per_card > 0:
        raise ValueError(f"seconds per card must be positive, not {seconds_per_card!r}")
    to_come = sum(1 for card in view.grid if card is None)
    playouts = int(seconds_per_card * cells_per_second(compiled) / playout_cost(to_come, depth))
    return advise_by_playouts(view, playouts, compiled, depth)


def advise_by_playouts(view: PokerSquaresView, playouts: int,
                       compiled: bool | None = None, depth: int = PLAYOUT_DEPTH) -> Advice:
    """``advise`` with ``playouts`` play-outs in all, whatever they cost.

    Raises:
        NoAdvice: when the grid is full.
        RuntimeError: as ``advise`` does.
        ValueError: if ``depth`` is below 1.
    """
    if depth < 1:
        raise ValueError(f"a play-out places at least one card, not {depth!r}")
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
    worth = dict(zip(board.empty, cell_values(cells, code, policy, compiled)))
    ranked = sorted(choices, key=lambda cell: (-worth[cell], cell))
    shortlist = ranked[:max(1, min(SHORTLIST, playouts // PLAYOUTS_PER_CHOICE))]
    if len(shortlist) == 1:
        return _advice(view, card, shortlist[0],
                       f"best of {len(choices)} cells by the learned line values")
    best, means = _halve(cells, code, shortlist, playouts, policy, _seed(view), compiled, depth)
    return _advice(view, card, best,
                   f"best of {len(choices)} cells, mean {means[best]:.0f} over play-outs")


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
              compiled: bool | None = None, depth: int = PLAYOUT_DEPTH) -> DemoResult:
    """Play deal ``deal`` from the start to the full grid by the advisor alone
    (``compiled`` and ``depth`` as for ``advise``).

    Raises:
        ValueError: for a bad deal number, scoring or setting.
    """
    game = PokerSquares(deal, scoring)
    steps = play_alone(game, lambda _: advise(view_of(game), seconds_per_card, compiled, depth))
    cells = tuple(cell_name(step.target) for step in steps if isinstance(step, Move))
    grid = tuple(tuple(row) for row in outcome(game)["grid"])
    return DemoResult(deal, game.scoring.name, tuple(steps), cells, grid, game.score)


def cell_shapes(board: Board) -> dict[int, tuple[int, int]]:
    """Each empty cell's shape: cells of one shape differ only by which empty
    row or empty column they are in, so the grid scores alike whichever is used."""
    empty_rows = [row for row in range(SIDE)
                  if all(board.cells[row * SIDE + column] < 0 for column in range(SIDE))]
    empty_columns = [column for column in range(SIDE)
                     if all(board.cells[row * SIDE + column] < 0 for row in range(SIDE))]
    shapes: dict[int, tuple[int, int]] = {}
    for cell in board.empty:
        row, column = divmod(cell, SIDE)
        shapes[cell] = (empty_rows[0] if row in empty_rows else row,
                        empty_columns[0] if column in empty_columns else column)
    return shapes


def distinct_cells(board: Board) -> list[int]:
    """The empty cells, one for each shape (``cell_shapes``; row by row,
    the first of each shape)."""
    seen: set[tuple[int, int]] = set()
    distinct: list[int] = []
    for cell, shape in cell_shapes(board).items():
        if shape not in seen:
            seen.add(shape)
            distinct.append(cell)
    return distinct


def _halve(cells: Sequence[int], code: int, choices: Sequence[int], playouts: int,
           policy: Policy, seed: int, compiled: bool | None,
           depth: int) -> tuple[int, dict[int, float]]:
    """Successive halving over ``choices`` with ``playouts`` play-outs in all,
    each placing at most ``depth`` cards, round ``n`` drawing its futures
    with the seed ``seed + n``: the cell left, and each choice's mean score
    over its play-outs."""
    rounds = max(1, math.ceil(math.log2(len(choices))))
    totals = dict.fromkeys(choices, 0)
    runs = dict.fromkeys(choices, 0)
    alive = list(choices)
    number = 0
    while len(alive) > 1:
        per_choice = max(1, playouts // rounds // len(alive))
        scores = play_outs(cells, code, alive, per_choice, seed + number, policy,
                           depth, compiled)
        for cell, score in zip(alive, scores):
            totals[cell] += score
            runs[cell] += per_choice
        alive.sort(key=lambda cell: (-totals[cell] / runs[cell], cell))
        alive = alive[:max(1, len(alive) // 2)]
        number += 1
    means = {cell: totals[cell] / runs[cell] / VALUE_SCALE for cell in choices if runs[cell]}
    return alive[0], means


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
