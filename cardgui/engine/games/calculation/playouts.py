"""The advisor's play-outs, pure Python or compiled (``_playout.c``).

``totals`` plays every imagined future from every candidate position by the
rule of thumb (``policy.playout``) and adds up the scores, a won play-out
counting ``win_bonus`` more.  ``sampled_totals`` does the same for futures it
draws itself from a seed (``draw_future``: splitmix64 and a Fisher-Yates
shuffle, in C too, so drawing costs no Python time where the play-outs are
compiled).  The compiled play-outs follow the pure ones step for step, so
for the same futures, or the same seed, both give the same totals; they are
some hundred times faster.  Where the package was built without a C compiler
only the pure ones exist (``COMPILED`` is False).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...search.splitmix import SplitMix
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


def draw_future(to_come: Sequence[int], state: int) -> tuple[int, list[int]]:
    """One imagined order of the cards ``to_come`` counts (by rank), drawn from
    ``state``: (the new state, the order, first first).  The ranks are laid
    out smallest first and shuffled by Fisher-Yates from the last place down,
    every order equally likely (up to the generator's modulo bias, under
    one in 10^17)."""
    future = [rank for rank in range(1, len(to_come)) for _ in range(to_come[rank])]
    random = SplitMix(state)
    for place in range(len(future) - 1, 0, -1):
        other = random.below(place + 1)
        future[place], future[other] = future[other], future[place]
    return random.state, future


def sampled_totals(candidates: Sequence[Candidate], to_come: Sequence[int], draws: int,
                   seed: int, win_bonus: int, compiled: bool | None = None) -> list[int]:
    """``totals`` over ``draws`` futures drawn one after another by
    ``draw_future`` from ``seed`` (a number below 2^64), every candidate
    played on the same futures.  ``compiled`` as for ``totals``.

    Raises:
        RuntimeError: if ``compiled`` is True but the compiled play-outs were not built.
        ValueError: if ``draws`` is negative, ``seed`` out of range, or
            ``to_come`` not 14 counts of at most four (rank 0 none).
    """
    if draws < 0:
        raise ValueError(f"draws must not be negative, not {draws}")
    if not 0 <= seed < 1 << 64:
        raise ValueError(f"the seed must be below 2^64, not {seed}")
    if len(to_come) != 14 or to_come[0] or any(not 0 <= count <= 4 for count in to_come):
        raise ValueError(f"to_come must count ranks 1-13, at most four each: {list(to_come)}")
    if compiled is None:
        compiled = COMPILED
    if compiled:
        if _compiled is None:
            raise RuntimeError("the compiled play-outs were not built (no C compiler?)")
        board = [(tuple(tuple(pile) for pile in piles), tuple(heights))
                 for piles, heights in candidates]
        result: list[int] = _compiled.sampled_totals(board, list(to_come), draws, seed,
                                                     win_bonus)
        return result
    found = [0] * len(candidates)
    if not sum(to_come):
        return found
    state = seed
    for _ in range(draws):
        state, future = draw_future(to_come, state)
        for index, (piles, heights) in enumerate(candidates):
            score = playout(piles, heights, future, to_come)
            found[index] += score + (win_bonus if score == WON_SCORE else 0)
    return found
