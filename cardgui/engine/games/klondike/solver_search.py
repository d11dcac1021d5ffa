"""The solver's depth-first search, in pure Python and, where it was built,
compiled (``_search.c``): the same positions in the same order, so the same
answers; the compiled one is some 25 times faster.

``search(start, limit, check_cancelled)`` searches from a ``CompactPosition``
under its rules until it wins, runs out of positions, or has searched every
position.  The positions it counts are those it expands (each new entry of
its table).  Lines are at most ``MAX_DEPTH`` moves: a position deeper is not
searched, and a search that met one cannot say that nothing wins (only
take-backs make lines that long: without them each of the solver's moves
puts a card up, plays one from the pile or turns one face up, so a line
has fewer than 100).  Beside a win the search reports the line to
the first position it expanded with the most cards up: what Hint and Demo
show in a game it cannot win.

The depth-first search runs again and again (*restarts*): the first run
expands at most ``FIRST_RUN`` positions, each next one half as many again,
until a run wins, searches everything, or the limit is reached.  Every run
after the first orders the moves with a random jitter (the same seeds every
time, so the answers do not change from one search to the next), and every
run keeps in its table the positions the runs before searched to the end;
only the positions on the line a run was searching when it stopped are
forgotten (``forget_open_line``).  A depth-first search that picks a bad
move early can spend its whole budget under it; runs in other orders cut
that tail short (Gomes, Selman and Kautz, "Boosting combinatorial search
through randomization", 1998; Calculation's solver does the same).  It
costs a run's open line, some tens of positions, a restart, so a deal with
no win is proved impossible with hardly more positions than one run needs.
Why a table kept across runs loses no win is in ``solver.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Iterator

from ...search.splitmix import SplitMix
from .compact import SETTLED_BIT, UNLIMITED, CompactPosition, Rules, stock_state
from .solver_moves import SolverMove, State, apply, apply_one, for_another_state, generate

CANCEL_CHECK_INTERVAL = 1024
MAX_DEPTH = 1000           # moves in a line (_search.c's MAX_DEPTH)
# The first run expands at most FIRST_RUN positions, each next one half as
# many again; the later runs order the moves by four times their place plus
# a random 0..j-1, j taken from JITTERS in turn (_search.c's the same): 64
# mixes a move with those up to 16 places before it, 8 only with its
# neighbours.  Of the 24 draw-three deals of 1-1,000 that one run left
# unknown at 10 s, jitters of 4, 8 and 16 won 4, of 64 alone 6 of 10 tried,
# 64 and 8 in turn 4 of 6 tried (with 46, which 64 alone missed).
FIRST_RUN = 20_000
JITTERS = (64, 8)
WON = (13, 13, 13, 13)

_compiled: ModuleType | None
try:
    from . import _search as _compiled  # type: ignore[attr-defined, no-redef]
except ImportError:      # built without a C compiler: the pure-Python search
    _compiled = None

COMPILED = _compiled is not None


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """``won``: True (``moves`` win), False (no position wins), or None (the
    limit came first, or positions lay deeper than ``MAX_DEPTH``);
    ``positions`` expanded; ``best``, when not won, the moves to the first
    position expanded with the most cards up (empty if none has more than
    the start)."""

    won: bool | None
    positions: int
    moves: tuple[SolverMove, ...] = ()
    best: tuple[SolverMove, ...] = ()


class _OutOfBudget(Exception):
    """The run's limit of positions is reached."""


def _shuffled(moves: list[SolverMove], jitter: int, random: SplitMix) -> list[SolverMove]:
    """``moves`` in the order of four times their place plus a random
    0..``jitter``-1, ties in place."""
    keys = [4 * place + random.below(jitter) for place in range(len(moves))]
    order = sorted(range(len(moves)), key=keys.__getitem__)
    return [moves[place] for place in order]


def search(start: CompactPosition, limit: int, check_cancelled: Callable[[], None],
           compiled: bool | None = None, first_run: int = FIRST_RUN) -> SearchOutcome:
    """Search from ``start``, expanding at most ``limit`` positions in all
    runs (the first ``first_run`` of them in the first run), calling
    ``check_cancelled`` every ``CANCEL_CHECK_INTERVAL`` of them.  ``compiled``
    None uses the compiled search where it was built; True or False ask for
    one (True raises RuntimeError where it was not built).

    Raises:
        whatever ``check_cancelled`` raises.
        MemoryError: if the compiled search's table outgrows the memory.
    """
    if compiled is None:
        compiled = COMPILED
    rules = start.rules
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled Klondike search was not built")
        status, positions, path, best = _compiled.search(
            start.stacks, start.tops, start.stock, start.position, start.passes, rules.draw,
            rules.take_back, limit, check_cancelled, first_run, rules.pile_used_at_once)
        best_moves = tuple(_chained(parts) for parts in best)
        if status < 0:
            return SearchOutcome(None, positions, (), best_moves)
        return SearchOutcome(status == 1, positions, tuple(_chained(parts) for parts in path),
                             best_moves)
    pure = _Search(rules, limit, check_cancelled)
    pure.best_up = sum(start.tops)
    size = max(1, first_run)
    run = 0
    while True:
        pure.stop_at = min(pure.positions + size, limit)
        pure.random = SplitMix(run)
        pure.jitter = JITTERS[(run - 1) % len(JITTERS)] if run else 0
        try:
            won = pure.run(start.state)
            break
        except _OutOfBudget:
            if pure.stop_at >= limit:
                return SearchOutcome(None, pure.positions, (), tuple(pure.best))
            pure.forget_open_line()
        size = max(size * 3 // 2, size + 1)
        run += 1
    if won:
        return SearchOutcome(True, pure.positions, tuple(pure.path))
    return SearchOutcome(None if pure.cut else False, pure.positions, (), tuple(pure.best))


def _chained(parts: tuple[tuple[int, int, int, int, int, int], ...]) -> SolverMove:
    """A move from the compiled search's parts, each made after the one before."""
    move: SolverMove | None = None
    for source, cards, target, deals, slot, turns in reversed(parts):
        move = SolverMove(source, cards, target, deals, slot, turns, move)
    assert move is not None
    return move


class _Search:
    """One depth-first search: the positions seen, and the line being tried.

    The table maps a position without its hand and pile state to the bits
    (``compact.stock_state``) of the states it was searched in.  Without
    take-backs the key leaves out which face-up card lies on which (the
    twin lemma in ``solver.py``); with them it keeps every stack whole.
    The search keeps its own stack of untried moves rather than recursing,
    so a long line costs no Python frames."""

    def __init__(self, rules: Rules, limit: int, check_cancelled: Callable[[], None]) -> None:
        self.rules = rules
        self.limit = limit
        self.check_cancelled = check_cancelled
        self.positions = 0
        self.stop_at = limit
        self.random = SplitMix(0)
        self.jitter = 0
        self.seen: dict[tuple[bytes, tuple[int, ...], bytes, int], int] = {}
        # The table's key and bit of each position on the line (None: a held
        # pile card's, never in the table).
        self.open: list[tuple[tuple[bytes, tuple[int, ...], bytes, int], int] | None] = []
        self.path: list[SolverMove] = []
        self.cut = False
        self.best: list[SolverMove] = []
        self.best_up = 0

    def run(self, start: State) -> bool:
        """True, leaving the winning line in ``path``, if ``start`` wins.

        Raises:
            _OutOfBudget: when the run's limit of positions (``stop_at``) is
                reached; ``forget_open_line`` then readies a next run.
        """
        if start[1] == WON:
            return True
        first = self._enter(start)
        if first is None:
            return False
        untried: list[tuple[State, Iterator[SolverMove]]] = [(start, iter(first))]
        while untried:
            state, moves = untried[-1]
            move = next(moves, None)
            if move is None:
                untried.pop()
                self.open.pop()
                if self.path:
                    self.path.pop()
                continue
            self.path.append(move)
            after = apply_one(move, state) if move.then is None else apply(move, state)
            if after[1] == WON:
                return True
            if len(self.path) >= MAX_DEPTH:
                self.cut = True
                self.path.pop()
                continue
            following = self._enter(after)
            if following is None:
                self.path.pop()
                continue
            untried.append((after, iter(following)))
        return False

    def _enter(self, state: State) -> list[SolverMove] | None:
        """The moves to try from ``state``, which ``path`` reaches, or None
        if it was searched already (here or from a state dealing reaches it
        from).  Counts it, and notes it when it has the most cards up yet.

        Raises:
            _OutOfBudget: when the limit of positions is reached.
        """
        stacks, tops, stock, position, passes, pending = state
        if pending and self.rules.pile_used_at_once:
            # A held pile card: the moves that put something on it, as if
            # made with the move that played it (solver.py, "The free-stock
            # relaxation"), so neither counted nor kept in the table.
            self.open.append(None)
            return generate(state, self.rules)
        if self.rules.take_back:
            tableau = b"\xff".join(sorted(stacks))
        else:
            tableau = b"\xff".join(sorted([stack[:stack[0] + 2] for stack in stacks]))
        key = (tableau, tops, stock, pending)
        bit, cover = stock_state(len(stock), position, self.rules.draw, passes)
        seen = self.seen.get(key, 0)
        if seen >> bit & 1 or seen & cover:
            return None
        # Searched in another state of the hand and pile (solver.py, "A key
        # searched in another state").
        searched_in_other_state = (seen != 0 and bit != SETTLED_BIT and not self.rules.take_back
                                   and passes == UNLIMITED)
        self.seen[key] = seen | 1 << bit
        self.open.append((key, bit))
        self.positions += 1
        if self.positions > self.stop_at:
            raise _OutOfBudget()
        if not self.positions % CANCEL_CHECK_INTERVAL:
            self.check_cancelled()
        up = sum(tops)
        if up > self.best_up:
            self.best_up = up
            self.best = list(self.path)
        moves = generate(state, self.rules)
        if self.jitter and len(moves) > 1:
            moves = _shuffled(moves, self.jitter, self.random)
        if searched_in_other_state:
            return for_another_state(moves, len(stock), self.rules.draw)
        return moves

    def forget_open_line(self) -> None:
        """After a run stopped: forget the positions of the line it was
        searching (entered, not searched to the end), so that the next run
        searches them again; those searched to the end stay."""
        for entry in self.open:
            if entry is not None:
                key, bit = entry
                self.seen[key] &= ~(1 << bit)
        self.open = []
        self.path = []
