"""A Poker Squares grid as plain integers, the greedy player that the
advisor's play-outs and the value training use, the play-outs themselves
and the training's self-play (``self_play``), in pure Python and, where it
was built, compiled (``_playout.c``): the same play-outs with the same
futures in the same order, so the same totals, and the same credits from
the same games; the compiled ones are some hundred times faster.

``Board`` holds the 25 cells as card codes (``lines.card_code``; -1 empty),
the ten lines' fields (``lines.Line``) in parallel lists, and the counts of
unseen cards by suit and rank.  ``Policy`` values a board as the sum of its
lines' learned values (``line_values``; a full line is worth its points) and
places a card where that sum is highest after it, every line counted with
its features on the board after the card, rivals included.  Values are
whole hundredths of a point, so both implementations add exactly and break
ties the same way (the first best cell, row by row).

``play_outs`` imagines futures: each one a draw, without replacement, of the
cards to come from those unseen, by a SplitMix64 generator seeded by the
caller, the same for every candidate cell (common random numbers).  Nothing
here reads a deal.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from types import ModuleType

from ...poker import Category, ScoringTable
from ...search.splitmix import SplitMix
from .line_features import CARDS_IN_GAME, NO_RIVALS, RIVAL_STATES, line_key, with_rivals
from .lines import (
    ALL_RANKS,
    EMPTY_PATTERN,
    GROWN,
    LINE_COUNT,
    PATTERN_SIZE,
    SIDE,
    SINGLE_SUIT,
    SUIT_BITS,
    category,
)

_compiled: ModuleType | None
try:
    from . import _playout as _compiled  # type: ignore[attr-defined, no-redef]
except ImportError:      # built without a C compiler: the pure-Python play-outs
    _compiled = None

COMPILED = _compiled is not None

# LINES_OF[cell]: the row and the column through a cell (rows 0-4, columns 5-9).
LINES_OF: tuple[tuple[int, int], ...] = tuple(
    (cell // SIDE, SIDE + cell % SIDE) for cell in range(SIDE * SIDE))
RANK_COUNT = 13
SUIT_COUNT = 4
DECK_SIZE = RANK_COUNT * SUIT_COUNT
VALUE_SCALE = 100             # values are hundredths of a point
ROW = CARDS_IN_GAME + 1       # a key's values: one for each count of cards to come
_SUIT_OF_BITS = {bits: suit for suit, bits in enumerate(SUIT_BITS)}

_MASK = (1 << 64) - 1


class Board:
    """A grid being filled, with what is unseen (see the module)."""

    __slots__ = (
        "cells",
        "counts",
        "empty",
        "live_ranks",
        "pattern",
        "ranks",
        "ranks_unseen",
        "suits",
        "suits_unseen",
    )

    def __init__(self) -> None:
        self.cells = [-1] * (SIDE * SIDE)
        self.pattern = [EMPTY_PATTERN] * LINE_COUNT
        self.ranks = [0] * LINE_COUNT
        self.suits = [0] * LINE_COUNT
        self.counts = [0] * LINE_COUNT
        self.empty = list(range(SIDE * SIDE))
        self.suits_unseen = [RANK_COUNT] * SUIT_COUNT
        self.ranks_unseen = [SUIT_COUNT] * RANK_COUNT
        self.live_ranks = ALL_RANKS

    @classmethod
    def of(cls, cells: Sequence[int]) -> Board:
        """The board holding ``cells`` (25 codes, -1 empty), every card seen."""
        board = cls()
        for cell, code in enumerate(cells):
            if code >= 0:
                board.see(code)
                board.place(cell, code)
        return board

    def copy(self) -> Board:
        twin = Board.__new__(Board)
        twin.cells = self.cells[:]
        twin.pattern = self.pattern[:]
        twin.ranks = self.ranks[:]
        twin.suits = self.suits[:]
        twin.counts = self.counts[:]
        twin.empty = self.empty[:]
        twin.suits_unseen = self.suits_unseen[:]
        twin.ranks_unseen = self.ranks_unseen[:]
        twin.live_ranks = self.live_ranks
        return twin

    @property
    def to_come(self) -> int:
        """Cards still to be placed."""
        return len(self.empty)

    def see(self, code: int) -> None:
        """Count ``code`` as seen (it is placed, or is the card in hand)."""
        rank = code >> 2
        self.suits_unseen[code & 3] -= 1
        self.ranks_unseen[rank] -= 1
        if not self.ranks_unseen[rank]:
            self.live_ranks &= ~(1 << rank)

    def place(self, cell: int, code: int) -> None:
        """Put ``code`` into the empty ``cell`` (the caller has ``see``-n it)."""
        self.cells[cell] = code
        self.empty.remove(cell)
        rank = code >> 2
        shift = 3 * rank
        for line in LINES_OF[cell]:
            held = (self.counts[line] >> shift) & 7
            self.pattern[line] = GROWN[self.pattern[line]][held]
            self.ranks[line] |= 1 << rank
            self.suits[line] |= SUIT_BITS[code & 3]
            self.counts[line] += 1 << shift

    def score(self, points: Sequence[int]) -> int:
        """The points of the ten lines of a full grid; ``points[category]``."""
        return sum(points[category(self.pattern[line], self.ranks[line], self.suits[line])]
                   for line in range(LINE_COUNT))


def points_by_category(table: ScoringTable) -> list[int]:
    return [table.points(kind) for kind in Category]


class Policy:
    """The greedy player for one scoring: ``values`` is the learned table,
    flat (``values[key * ROW + cards_to_come]``, hundredths of a point), and
    ``points[category]`` the scoring's points."""

    def __init__(self, values: array[int], points: Sequence[int]) -> None:
        self.values = values
        self.points = list(points)
        self._full = [point * VALUE_SCALE for point in points]

    def cell_values(self, board: Board, code: int) -> list[int]:
        """For each empty cell, row by row, what the board is worth with
        ``code`` there (the caller has ``see``-n it): the sum of its lines'
        values with one card fewer to come."""
        values = self.values
        full = self._full
        to_come = board.to_come - 1
        rank = code >> 2
        shift = 3 * rank
        rank_bit = 1 << rank
        suit_bit = SUIT_BITS[code & 3]
        patterns, ranks, suits, counts = board.pattern, board.ranks, board.suits, board.counts
        suits_unseen, ranks_unseen, live = board.suits_unseen, board.ranks_unseen, board.live_ranks
        # For each line as it is (stay) and with the card (grow): its values
        # with 0, 1, 2 rivals, the suit whose rivals count, and the suit it
        # holds alone while filling (it is a rival of that suit's lines).
        stay: list[Sequence[int]] = []
        stay_rival: list[int] = []
        alone: list[int] = []
        grow: list[Sequence[int]] = []
        grow_rival: list[int] = []
        grow_alone: list[int] = []
        tally = [0] * SUIT_COUNT
        for line in range(LINE_COUNT):
            pattern = patterns[line]
            orientation = int(line >= SIDE)
            if PATTERN_SIZE[pattern] == SIDE:
                worth = full[category(pattern, ranks[line], suits[line])]
                stay.append((worth,))
                stay_rival.append(NO_RIVALS)
                alone.append(NO_RIVALS)
                grow.append((worth,))
                grow_rival.append(NO_RIVALS)
                grow_alone.append(NO_RIVALS)
                continue
            line_suits = suits[line]
            suit = _SUIT_OF_BITS.get(line_suits, NO_RIVALS)
            alone.append(suit)
            if suit >= 0:
                tally[suit] += 1
            key, rival = line_key(orientation, pattern, ranks[line], line_suits, suits_unseen,
                                  ranks_unseen, live)
            stay.append(_row(values, key, rival, to_come))
            stay_rival.append(rival)
            after = GROWN[pattern][(counts[line] >> shift) & 7]
            after_ranks = ranks[line] | rank_bit
            after_suits = line_suits | suit_bit
            if PATTERN_SIZE[after] == SIDE:
                grow.append((full[category(after, after_ranks, after_suits)],))
                grow_rival.append(NO_RIVALS)
                grow_alone.append(NO_RIVALS)
                continue
            key, rival = line_key(orientation, after, after_ranks, after_suits, suits_unseen,
                                  ranks_unseen, live)
            grow.append(_row(values, key, rival, to_come))
            grow_rival.append(rival)
            grow_alone.append(_SUIT_OF_BITS.get(after_suits, NO_RIVALS))
        base = 0
        for line in range(LINE_COUNT):
            base += _pick(stay[line], stay_rival[line], tally)
        found: list[int] = []
        for cell in board.empty:
            row, column = LINES_OF[cell]
            changed = tally[:]
            for line in (row, column):
                if alone[line] >= 0:
                    changed[alone[line]] -= 1
                if grow_alone[line] >= 0:
                    changed[grow_alone[line]] += 1
            worth = (base - _pick(stay[row], stay_rival[row], tally)
                     - _pick(stay[column], stay_rival[column], tally)
                     + _pick(grow[row], grow_rival[row], changed)
                     + _pick(grow[column], grow_rival[column], changed))
            if changed != tally:
                for line in range(LINE_COUNT):
                    suit = stay_rival[line]
                    if suit >= 0 and line != row and line != column \
                            and changed[suit] != tally[suit]:
                        worth += (_pick(stay[line], suit, changed)
                                  - _pick(stay[line], suit, tally))
            found.append(worth)
        return found

    def choose(self, board: Board, code: int) -> tuple[int, int]:
        """The empty cell where ``code`` makes the board worth most (the
        first such cell, row by row, on a tie), and what it is then worth."""
        worths = self.cell_values(board, code)
        best = max(worths)
        return board.empty[worths.index(best)], best

    def play_out(self, board: Board, future: Sequence[int]) -> int:
        """Place the cards ``future`` greedily on ``board`` (changed in
        place), in order, and return what the board is then worth in
        hundredths of a point: its score a hundred times over once full."""
        if not future:
            return board.score(self.points) * VALUE_SCALE
        worth = 0
        for code in future:
            board.see(code)
            cell, worth = self.choose(board, code)
            board.place(cell, code)
        return worth


def _row(values: array[int], key: int, rival: int, to_come: int) -> Sequence[int]:
    """A line's values with 0, 1, 2 rivals (one value when rivals do not count)."""
    if rival == NO_RIVALS:
        return (values[key * ROW + to_come],)
    return tuple(values[(key + rivals) * ROW + to_come] for rivals in range(RIVAL_STATES))


def _pick(row: Sequence[int], rival: int, tally: Sequence[int]) -> int:
    """The value in ``row`` for the rivals ``tally`` gives (the line itself
    is one of the ``tally[rival]`` lines holding that suit alone)."""
    if rival == NO_RIVALS:
        return row[0]
    return row[min(tally[rival] - 1, RIVAL_STATES - 1)]


def unseen_codes(cells: Sequence[int], code: int) -> list[int]:
    """The codes neither in ``cells`` nor ``code``, in increasing order."""
    out = set(cells)
    out.add(code)
    return [other for other in range(DECK_SIZE) if other not in out]


def cell_values(cells: Sequence[int], code: int, policy: Policy,
                compiled: bool | None = None) -> list[int]:
    """``policy.cell_values`` for the grid ``cells`` (25 codes, -1 empty) with
    ``code`` in hand: what the board is worth with ``code`` in each empty
    cell, row by row.  ``compiled`` as for ``play_outs``."""
    if compiled is None:
        compiled = COMPILED
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled Poker Squares play-outs were not built")
        worths: list[int] = _compiled.cell_values(list(cells), code, policy.values,
                                                  policy.points)
        return worths
    board = Board.of(cells)
    board.see(code)
    return policy.cell_values(board, code)


def play_outs(cells: Sequence[int], code: int, candidates: Sequence[int], count: int,
              seed: int, policy: Policy, depth: int = CARDS_IN_GAME,
              compiled: bool | None = None) -> list[int]:
    """What the grid ``cells`` (25 codes, -1 empty) is worth, summed over
    ``count`` imagined futures, with ``code`` in each of the empty
    ``candidates`` and the next ``depth`` cards at most placed by ``policy``:
    in hundredths of a point, the score of a grid so filled, else the
    board's worth by the line values (a play-out cut short).  The futures
    are drawn from ``unseen_codes(cells, code)`` by a SplitMix64 generator
    seeded with ``seed``: each one shuffles the first cards of the list left
    by the one before (Fisher and Yates, stopped after the cards it places).
    ``compiled`` None uses the compiled play-outs where they were built;
    True or False ask for one (True raises RuntimeError where they were not
    built).

    Raises:
        ValueError: if a candidate is not an empty cell, or ``depth`` < 1.
    """
    if any(not 0 <= cell < SIDE * SIDE or cells[cell] >= 0 for cell in candidates):
        raise ValueError(f"the candidates {list(candidates)} are not all empty cells")
    if depth < 1:
        raise ValueError(f"a play-out places at least one card, not {depth}")
    if compiled is None:
        compiled = COMPILED
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled Poker Squares play-outs were not built")
        totals: list[int] = _compiled.play_outs(list(cells), code, list(candidates), count,
                                                seed & _MASK, depth, policy.values,
                                                policy.points)
        return totals
    board = Board.of(cells)
    board.see(code)
    deck = unseen_codes(cells, code)
    drawn = min(board.to_come - 1, depth)
    random = SplitMix(seed)
    totals = [0] * len(candidates)
    for _ in range(count):
        for index in range(drawn):
            other = index + (((random.next() >> 32) * (len(deck) - index)) >> 32)
            deck[index], deck[other] = deck[other], deck[index]
        future = deck[:drawn]
        for number, cell in enumerate(candidates):
            trial = board.copy()
            trial.place(cell, code)
            totals[number] += policy.play_out(trial, future)
    return totals


def keys_of(board: Board) -> list[int]:
    """The key of every filling line of ``board``, rivals counted (a rival
    is another filling line holding only the same suit); -1 for a full line."""
    alone = [SUIT_BITS.index(board.suits[line])
             if board.suits[line] in SINGLE_SUIT and PATTERN_SIZE[board.pattern[line]] < SIDE
             else NO_RIVALS for line in range(LINE_COUNT)]
    keys = []
    for line in range(LINE_COUNT):
        pattern = board.pattern[line]
        if PATTERN_SIZE[pattern] == SIDE:
            keys.append(-1)
            continue
        key, rival = line_key(int(line >= SIDE), pattern, board.ranks[line], board.suits[line],
                              board.suits_unseen, board.ranks_unseen, board.live_ranks)
        if rival != NO_RIVALS:
            key = with_rivals(key, alone.count(rival) - 1)
        keys.append(key)
    return keys


def self_play(decks: bytes, explore: bytes, policy: Policy, totals: array[int],
              counts: array[int], compiled: bool | None = None) -> None:
    """Play games for learning the line values, and credit them.

    ``decks`` holds 25 card codes a game, the order they come in;
    ``explore`` one byte a card: the card goes into the empty cell of that
    index (row by row) where it is below the number of cells left, else
    where ``policy`` puts it.  After each card every filling line's key
    (``keys_of``) with the cards then to come, ``key * ROW + to_come``, is
    credited with what that line finally scores: ``totals`` (``array('q')``
    of ``KEY_COUNT * ROW``) gains the points, ``counts`` one.  ``compiled``
    as for ``play_outs``; both give the same totals.

    Raises:
        ValueError: if the lengths do not fit or a game repeats a card.
    """
    if len(decks) % CARDS_IN_GAME or len(explore) != len(decks):
        raise ValueError("25 cards and 25 choices a game")
    for start in range(0, len(decks), CARDS_IN_GAME):
        if len(set(decks[start:start + CARDS_IN_GAME])) != CARDS_IN_GAME \
                or max(decks[start:start + CARDS_IN_GAME]) >= DECK_SIZE:
            raise ValueError("a game deals 25 different cards")
    if compiled is None:
        compiled = COMPILED
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled Poker Squares play-outs were not built")
        _compiled.self_play(decks, explore, policy.values, policy.points, totals, counts)
        return
    for start in range(0, len(decks), CARDS_IN_GAME):
        board = Board()
        seen: list[tuple[int, int]] = []      # (line, index into the table)
        for code, choice in zip(decks[start:start + CARDS_IN_GAME],
                                explore[start:start + CARDS_IN_GAME]):
            board.see(code)
            if choice < board.to_come:
                cell = board.empty[choice]
            else:
                cell, _ = policy.choose(board, code)
            board.place(cell, code)
            to_come = board.to_come
            for line, key in enumerate(keys_of(board)):
                if key >= 0:
                    seen.append((line, key * ROW + to_come))
        final = [policy.points[category(board.pattern[line], board.ranks[line],
                                        board.suits[line])] for line in range(LINE_COUNT)]
        for line, index in seen:
            totals[index] += final[line]
            counts[index] += 1
