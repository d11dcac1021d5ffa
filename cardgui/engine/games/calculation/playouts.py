"""The advisor's play-outs, pure Python or compiled (``_playout.c``).

``totals`` plays every imagined future from every candidate position by the
rule of thumb (``policy.playout``) and adds up the scores, a won play-out
counting ``win_bonus`` more.  The compiled play-outs follow the pure ones
step for step, so for the same futures both give the same totals; they are
some hundred times faster.  Where the package was built without a C compiler
only the pure ones exist (``COMPILED`` is False).
"""

from __future__ import annotations

from collections.abc import Sequence

from .policy import playout
from .ranks import WON_SCORE

try:
    from . import _playout as _compiled  # type: ignore[attr-defined]
except ImportError:      # built without a C compiler: the pure-Python play-outs
    _compiled = None

COMPILED = _compiled is not None

Candidate = tuple[Sequence[Sequence[int]], Sequence[int]]


def totals(candidates: Sequence[Candidate], futures: Sequence[Sequence[int]],
           to_come: Sequence[int], win_bonus: int, compiled: bool | None = None) -> list[int]:
    """For each candidate (waste piles, foundation heights), the summed score of
    playing every order in ``futures`` from it.  ``to_come`` counts the ranks
    of each future (all futures are orders of the same cards).  ``compiled``
    None uses the compiled play-outs where they were built.

    Raises:
        RuntimeError: if ``compiled`` is True but they were not built.
        ValueError: (compiled) if the futures are not orders of ``to_come``'s cards.
    """
    if compiled is None:
        compiled = COMPILED
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled play-outs were not built (no C compiler?)")
        if not futures:
            return [0] * len(candidates)
        packed = b"".join(bytes(future) for future in futures)
        board = [(tuple(tuple(pile) for pile in piles), tuple(heights))
                 for piles, heights in candidates]
        result: list[int] = _compiled.totals(board, packed, list(to_come), win_bonus)
        return result
    found = []
    for piles, heights in candidates:
        total = 0
        for future in futures:
            score = playout(piles, heights, future, to_come)
            total += score + (win_bonus if score == WON_SCORE else 0)
        found.append(total)
    return found
