"""A line for a position no known line wins: the one, among those a bounded
search finds, that puts the most cards up.

Hint and Demo still help in a lost game (as KPatience and AisleRiot always
suggest a move): Hint outlines this line's first step and says plainly that
no move wins, Demo plays the line as far as it goes.  The search knows
nothing of a game's strategy: best first over ``Game.legal_steps``, by the
cards up (``Game.progress``) and then by fewer steps, never visiting a
position twice, for at most ``positions`` positions.  Every step is the
engine's checked move on a copy, so the line replays.  A solver that has
searched the position knows better (the most cards up among every position
it visited) and gives its own line in ``SearchResult.best``; this search
is what the help falls back on.  Where no line adds a card, the line is one
legal step, so that there is always a move to show.
"""

from __future__ import annotations

import heapq
import itertools
from typing import Any, Callable, Hashable

from ..game import Game
from ..moves import IllegalMove, Step

POSITIONS = 150             # positions looked at (about a second in Python for Klondike)


def best_line(game: Game[Any], positions: int = POSITIONS,
              cancelled: Callable[[], None] | None = None) -> tuple[Step, ...]:
    """The steps from ``game``'s position to the most cards up found within
    ``positions`` positions, the shortest such; ``()`` when no step adds a
    card (``game`` itself is not changed).  ``cancelled``, if given, is
    called now and then and may raise to stop the search."""
    start = game.scratch()
    best: tuple[int, int, tuple[Step, ...]] = (start.progress, 0, ())
    seen: set[Hashable] = {start.state()}
    order = itertools.count()
    frontier: list[tuple[int, int, int, tuple[Step, ...], Game[Any]]] = [
        (-start.progress, 0, next(order), (), start)]
    expanded = 0
    while frontier and expanded < positions:
        _, length, _, line, position = heapq.heappop(frontier)
        expanded += 1
        if cancelled is not None and expanded % 64 == 0:
            cancelled()
        for step in position.legal_steps():
            after = position.detached()
            try:
                after.apply(step)
            except IllegalMove:
                continue
            key = after.state()
            if key in seen:
                continue
            seen.add(key)
            longer = line + (step,)
            if after.progress > best[0] or (
                    after.progress == best[0] > start.progress and len(longer) < best[1]):
                best = (after.progress, len(longer), longer)
            if not after.is_won:
                heapq.heappush(frontier, (-after.progress, length + 1, next(order), longer,
                                          after))
    if best[2]:
        return best[2]
    return tuple(start.legal_steps()[:1])
