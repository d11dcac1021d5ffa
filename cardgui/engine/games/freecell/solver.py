"""Is this FreeCell position winnable, and how?  ``solve`` answers from any
position, under the engine's rules.

The search
    Best-first, taking turns between two orders (``heuristic.GREEDY`` and
    ``heuristic.PATIENT``) and random draws; ``search`` says in what order
    and why.  A position's moves are made in two stages, the moves up and
    onto cards first, the rest when it comes up again; it is expanded once
    both are made, and the search ends only when every position reached is
    (``search``), so the stages order the moves and leave none out.  Every
    position reached is remembered by its ``packed.key`` and none is
    expanded twice.  Positions are told apart exactly: the
    pure-Python search keeps whole keys in a dict, the compiled one each
    position whole (its columns by number, each column kept once, as the
    column beneath its top card and that card) and compares whole
    positions, a hash only saying where to look.  The
    search is complete, with no limit on depth or on the moves of a line:
    when no position is left to expand, every position reachable from the
    start has been searched (up to the pruning below), and the answer is
    IMPOSSIBLE.  That is how deal 11982, the one deal of Microsoft's first
    32,000 that cannot be won, is proved lost: by searching all 61,643 of
    its positions.  A win found is WINNABLE with its steps; reaching the
    budget's count of positions first is UNKNOWN.  Ties go by the order
    positions were reached and the random draws are seeded from the start
    position, so the same position and budget always give the same answer.

What is left out, and why no win is lost
    1. Safe cards go up at once.  After every move, each card that
       ``limits.is_safe_up`` calls safe (the engine's autoplay rule) goes up
       before the next move is chosen, so positions with such a card still
       down are never expanded.  This loses no win.  The only cards ever
       laid on a card of rank r are the two of the other colour and rank
       r-1.  For r >= 3 the rule asks that both be up already, and cards
       never come back from a foundation; for r = 2 they are aces, which
       can always go up instead (while an ace is down, at most three suits
       have started, so a foundation is empty); nothing is laid on an ace.
       So take any winning line, play the safe card up first, then follow
       the line, leaving out the moves of that card, carrying the runs it
       was in without it, and sending up at once any ace the line lays on
       it.  Every column and free cell then holds the same cards as in the
       line or fewer, so the free cells, the empty columns and the supermove
       limit are the same or larger, every move is still allowed, and the
       line still wins.
    2. Positions that differ only in which column or free cell holds what are
       one position (``packed.key``): the rules treat every column alike and
       every free cell alike, so their futures are the same up to names.
    3. Moves that lead to the key of another move from the same position, or
       back to the same key, are not generated (``packed.successors``): a card
       from one free cell to another, cards onto an empty column other than
       the first, a whole column onto an empty one.

    The tests check, over random positions, that every move generated is
    legal in the engine and leads where the engine goes, and that every move
    the engine allows and the solver leaves out falls under 2 or 3.

What a position costs
    The budget's seconds become positions reached at ``POSITIONS_PER_SECOND``
    (see there); the clock never decides a verdict.  The search is compiled
    (``_search.c``) where setup found a C compiler, else pure Python; both
    search the same positions in the same order, so the same budget gives
    the same verdict, the same line and the same count either way, and only
    the time and memory differ (``search``; tests hold the two together).

The steps returned are engine moves, to be applied with autoplay off: every
card that goes up, safely or not, is its own step.  The compiled module
writes them too (``table_steps``: the search's moves followed on the table,
as ``_Translator`` follows them in Python, with the same result).
"""

from __future__ import annotations

import time
import zlib

from ...moves import Move
from ...piles import PileId
from ...search.budget import Budget
from ...search.result import SearchResult, Verdict
from .game import FreeCell
from .packed import (
    CELL_SOURCE,
    TO_CELL,
    TO_FOUNDATION,
    Packed,
    PackedMove,
    autoplay,
    key,
    pack,
    pack_card,
    safe_next,
)
from .position import CELLS, COLUMNS, FOUNDATIONS
from .search import IMPOSSIBLE, WINNABLE, _compiled, search

POSITIONS_PER_SECOND = 250_000
"""Positions reached a second of budget, by either search: both reach the
same positions in the same order, so the same budget gives the same answer
with or without the compiled search.

The rate is the compiled search's (setup builds it wherever a C compiler
is), set low on purpose.  On the development machine (2 cores shared with a
dozen other jobs; ``bench/freecell_solver.py --census``) it reaches
1,110,000 ± 30,000 positions a processor second over the deals of 10,000
positions or more among Microsoft's 1-32,000, and 600,000 where every
position reached is new ground (deals 1-3 without the ace of hearts,
searched to the end of a budget).  So a budget of s seconds takes the
compiled search at most about s seconds, and the 10-second default at most
some 270 MB (about 100 bytes a position).  That default decides every one
of the 32,000 deals: the slowest, 21554, needs 323,273 positions, an eighth
of it (the median deal 788).  The pure-Python search takes 33 ms a deal on
average over a sample of 200 deals (``--census --pure --sample 200``); where
it runs to the end of a budget it reaches about 42,000 positions a second,
so takes about six times the budget's seconds, and about 400 bytes a
position."""


def solve(game: FreeCell, budget: Budget, compiled: bool | None = None) -> SearchResult:
    """Whether ``game``'s position can be won, and how.

    WINNABLE comes with the steps from this position to the win, engine
    moves for ``game.apply`` on a copy with autoplay off; IMPOSSIBLE means
    every position reachable under the rules was searched; UNKNOWN, that
    ``budget`` ran out first.  ``game`` itself is not changed.  ``compiled``
    None uses the compiled search where it was built; True or False ask
    for one (the answer is the same).

    Raises:
        SearchCancelled: when ``budget.cancelled`` says to stop.
        RuntimeError: if ``compiled`` is True and it was not built.
    """
    started = time.perf_counter()
    position = pack(game)
    start, opening = autoplay(position)
    outcome = search(start, budget.positions(POSITIONS_PER_SECOND),
                     zlib.crc32(key(start)), budget.check_cancelled, compiled)
    seconds = time.perf_counter() - started
    if outcome.status == WINNABLE:
        steps = table_steps(game, position, opening, outcome.moves, compiled)
        return SearchResult(Verdict.WINNABLE, steps, outcome.positions,
                            time.perf_counter() - started)
    verdict = Verdict.IMPOSSIBLE if outcome.status == IMPOSSIBLE else Verdict.UNKNOWN
    return SearchResult(verdict, (), outcome.positions, seconds)


def table_steps(game: FreeCell, position: Packed, opening: list[tuple[int, int]],
                path: tuple[PackedMove, ...], compiled: bool | None = None) -> tuple[Move, ...]:
    """The engine's moves for the safe plays ``opening`` (which take
    ``game``'s position, ``position`` packed, to the search's start), then
    for each move of ``path`` (in the terms of the canonical position it is
    made from) and the safe plays after it.  Written by the compiled search's
    ``steps`` where it was built (``compiled`` as for ``solve``), else by
    ``_Translator``; the two write the same moves."""
    if compiled is None:
        compiled = _compiled is not None
    if not compiled or _compiled is None:
        return tuple(_Translator(game, position).steps(opening, path))
    piles = game.piles
    slots = bytes(pack_card(piles[cell].cards[0]) if piles[cell].cards else 0 for cell in CELLS)
    suits = bytes(pack_card(piles[pile].cards[0]) & 3 if piles[pile].cards else _NO_SUIT
                  for pile in FOUNDATIONS)
    codes = memoryview(_compiled.steps(position[0], slots, suits, bytes(position[2]),
                                       path)).cast("H")
    try:
        return tuple(map(_WRITTEN.__getitem__, codes))
    except KeyError:            # moves not met before: made once, then looked up
        for code in set(codes).difference(_WRITTEN):
            _written_move(code)
        return tuple(map(_WRITTEN.__getitem__, codes))


_PILES = COLUMNS + CELLS + FOUNDATIONS
"""The piles as the compiled ``steps`` numbers them."""
_NO_SUIT = 0xFF
_WRITTEN: dict[int, Move] = {}


def _written_move(code: int) -> Move:
    """The move the compiled ``steps`` writes as ``code``, made once."""
    move = _WRITTEN.get(code)
    if move is None:
        move = _WRITTEN[code] = _move(_PILES[code >> 10], _PILES[code >> 6 & 15], code & 63)
    return move


class _Translator:
    """Writes packed moves as the engine's moves, following the position on
    the table: which column is which, which free cell holds which card and
    which foundation holds which suit."""

    def __init__(self, game: FreeCell, position: Packed) -> None:
        """``position`` is ``game``'s, packed."""
        piles = game.piles
        self.columns = list(position[0])
        self.cells: list[int | None] = [
            pack_card(piles[cell].cards[0]) if piles[cell].cards else None for cell in CELLS]
        self.suits: list[int | None] = [
            pack_card(piles[pile].cards[0]) & 3 if piles[pile].cards else None
            for pile in FOUNDATIONS]
        self.found = list(position[2])

    def steps(self, opening: list[tuple[int, int]], path: tuple[PackedMove, ...]) -> list[Move]:
        """The engine's moves for the safe plays ``opening`` (which take the
        game's position to the start), then for each move of ``path`` (in
        the terms of the canonical position it is made from) and the safe
        plays after it."""
        columns = self.columns
        result = []
        for source, card in opening:
            if source < CELL_SOURCE:
                columns[source] = columns[source][:-1]
                result.append(self._up(COLUMNS[source], card))
            else:
                result.append(self._up(self._cell(card), card))
        for source, target, count in path:
            # The k-th column sorted is column order[k]: the sort is stable,
            # so of the empty columns, which alone can be alike, the first
            # sorted is the first.
            order = sorted(range(len(columns)), key=columns.__getitem__)
            if source >= CELL_SOURCE:
                card = source - CELL_SOURCE
                pile = self._cell(card)
                cards = bytes((card,))
            else:
                source = order[source]
                pile = COLUMNS[source]
                cards = columns[source][-count:]
                columns[source] = columns[source][:-count]
            if target == TO_FOUNDATION:
                result.append(self._up(pile, cards[0]))
            elif target == TO_CELL:
                slot = self.cells.index(None)
                self.cells[slot] = cards[0]
                result.append(_move(pile, CELLS[slot], 1))
            else:
                target = order[target]
                columns[target] += cards
                result.append(_move(pile, COLUMNS[target], count))
            self._play_up(result)
        return result

    def _cell(self, card: int) -> PileId:
        """The free cell ``card`` leaves."""
        slot = self.cells.index(card)
        self.cells[slot] = None
        return CELLS[slot]

    def _up(self, pile: PileId, card: int) -> Move:
        suit = card & 3
        if suit not in self.suits:
            self.suits[self.suits.index(None)] = suit
        self.found[suit] += 1
        return _move(pile, FOUNDATIONS[self.suits.index(suit)], 1)

    def _play_up(self, result: list[Move]) -> None:
        """Play the safe cards up as ``packed.autoplay`` does, adding the
        engine's moves to ``result``."""
        columns, cells, found = self.columns, self.cells, self.found
        tops = [column[-1] if column else 0 for column in columns]
        while True:
            for card in safe_next((found[0], found[1], found[2], found[3])):
                if card in cells:
                    result.append(self._up(self._cell(card), card))
                    break
                if card in tops:
                    at = tops.index(card)
                    columns[at] = column = columns[at][:-1]
                    tops[at] = column[-1] if column else 0
                    result.append(self._up(COLUMNS[at], card))
                    break
            else:
                return


_MOVES: dict[tuple[PileId, PileId, int], Move] = {}


def _move(source: PileId, target: PileId, count: int) -> Move:
    """The move, made once: lines are long and their moves few."""
    move = _MOVES.get((source, target, count))
    if move is None:
        move = _MOVES[source, target, count] = Move(source, target, count)
    return move
