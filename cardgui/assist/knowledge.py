"""What the solver has found out in one game, and the verdict it gives.

Answers are kept by position, so that undoing back to a position answers at
once.  A winning line also answers for the positions along it: after the player
(or Demo) makes the line's first step, the rest of the line is the answer
for the new position, once a replay on a copy shows that it still wins
(leaving out what an automatic play has done meanwhile).
"""

from __future__ import annotations

from typing import Any, Hashable

from ..engine.game import Game
from ..engine.moves import IllegalMove, Step
from ..engine.search.check import still_winning
from ..engine.search.result import SearchResult, Verdict

WINNABLE = "Winnable"
CANNOT = "Cannot be won"
NO_LONGER = "No longer winnable: undo to go back"
NOT_FROM_HERE = "Cannot be won from here"     # the deal itself is not known either way
THINKING = "Thinking…"
UNKNOWN = "Unknown"


def _made(before: Any, step: Step, game: Game[Any]) -> bool:
    """True if ``step``, made from the position ``before`` (as ``position_of``
    gives it), leads to ``game``'s position."""
    copy = game.detached()
    piles, counters = before
    try:
        copy.restore_state(dict(piles), counters, [], [])
        copy.apply(step)
    except (IllegalMove, ValueError):
        return False
    return copy.state() == game.state()


def position_of(game: Game[Any]) -> Hashable:
    """A key for ``game``'s position: equal for equal positions."""
    return game.state()


class Knowledge:
    """The solver's answers for the positions of one deal (or of a game set
    up in some position, which has no deal: ``dealt`` False)."""

    def __init__(self, dealt: bool = True) -> None:
        self._answers: dict[Hashable, SearchResult] = {}
        self.dealt = dealt
        self.deal: Verdict | None = None        # the answer for the deal as dealt
        self.won_somewhere = False              # some position of this deal was winnable

    def answer(self, position: Hashable) -> SearchResult | None:
        """The answer known for ``position``, or None."""
        return self._answers.get(position)

    def learn(self, position: Hashable, result: SearchResult, at_deal: bool = False) -> None:
        """Keep ``result`` as the answer for ``position`` (the deal's own
        position when ``at_deal``)."""
        self._answers[position] = result
        if at_deal:
            self.deal = result.verdict
        if result.verdict is Verdict.WINNABLE:
            self.won_somewhere = True

    def follow(self, before: Hashable, game: Game[Any]) -> SearchResult | None:
        """The answer for ``game``'s position, reached by one gesture from
        ``before``, when the rest of ``before``'s winning line still wins from
        here (as a replay on a copy shows); and from a position no line wins,
        whose every successor is lost too, the rest of its best line when it
        still replays to as many cards up.  None otherwise (a search is needed)."""
        known = self._answers.get(before)
        if known is None:
            return None
        if known.verdict is Verdict.IMPOSSIBLE and known.best:
            if not _made(before, known.best[0], game):
                return None
            result = SearchResult(Verdict.IMPOSSIBLE, best=known.best[1:])
            self.learn(position_of(game), result)
            return result
        if known.verdict is not Verdict.WINNABLE or not known.steps:
            return None
        rest_winning = still_winning(game, known.steps[1:])
        if rest_winning is None:
            return None
        result = SearchResult(Verdict.WINNABLE, rest_winning)
        self.learn(position_of(game), result)
        return result

    def words(self, result: SearchResult | None, at_deal: bool) -> str:
        """The status bar's verdict for a position whose answer is ``result``
        (None: still searching); ``at_deal`` when it is the deal as dealt."""
        if result is None:
            return THINKING
        if result.verdict is Verdict.WINNABLE:
            return WINNABLE
        if result.verdict is Verdict.UNKNOWN:
            return UNKNOWN
        if at_deal or self.deal is Verdict.IMPOSSIBLE:
            return CANNOT
        if self.won_somewhere or self.deal is Verdict.WINNABLE:
            return NO_LONGER
        if self.deal is None and self.dealt:
            return THINKING        # the deal's own answer is still to come
        return NOT_FROM_HERE
