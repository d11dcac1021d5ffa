"""What the help works out, as plain functions of a game: the solver's
verdict, a hint, a winnable deal.

A hint comes from the game's advisor where it has one (Calculation, Poker
Squares: it sees only what the player sees), else from its solver (Klondike,
FreeCell), and is never a guess: the solver's hint is the first step of a
line it has found to win, and where it found none it says so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Sequence

from ..engine.game import Game
from ..engine.moves import IllegalMove, Step
from ..engine.registry import GameInfo, load
from ..engine.search.budget import Budget
from ..engine.search.check import checked
from ..engine.search.progress import best_line
from ..engine.search.result import SearchResult, Verdict

HINT_SECONDS = 0.3         # a hint's search, before it is shown as "still looking"
VERDICT_SECONDS = 10.0     # the status bar's verdict, searched in the background
DEAL_SECONDS = 0.5         # each deal tried for a winnable-deals-only new game
DEALS_TRIED = 200          # the most deals a winnable-deals-only new game tries


@dataclass(frozen=True, slots=True)
class Hint:
    """The step to make and why, in words; ``step`` None when there is none
    (the position is lost, or no sure hint was found in time)."""

    step: Step | None
    words: str
    lost: bool = False


def judge(info: GameInfo, game: Game[Any], seconds: float,
          cancelled: Callable[[], bool] | None = None) -> SearchResult:
    """The solver's answer for ``game``'s position.

    Raises:
        SearchCancelled: if ``cancelled`` says so.
        LookupError: if the game has no solver.
        LineDoesNotWin: if the solver claims a win its line does not reach.
    """
    if info.solver is None:
        raise LookupError(f"{info.title} has no solver")
    budget = Budget(seconds, cancelled)
    result: SearchResult = load(info.solver.solve)(game.detached(), budget)
    if result.verdict is not Verdict.WINNABLE and not result.best and not game.is_over:
        # No line wins (or none was found): Hint and Demo still offer the line
        # that puts the most cards up.
        result = replace(result, best=best_line(game, cancelled=budget.check_cancelled))
    return checked(game, result)


def hint(info: GameInfo, game: Game[Any], seconds: float = HINT_SECONDS,
         cancelled: Callable[[], bool] | None = None) -> Hint:
    """The hint for ``game``'s position.

    Raises:
        SearchCancelled: if ``cancelled`` says so.
        LookupError: if the game has neither advisor nor solver.
    """
    if info.advisor is not None:
        advice = load(info.advisor.advise)(game.detached(), seconds)
        return Hint(advice.step, str(advice.reason))
    result = judge(info, game, seconds, cancelled)
    return hint_from(game, result)


def hint_from(game: Game[Any], result: SearchResult) -> Hint:
    """The hint a solver's answer gives: the first step of its winning line;
    where no line wins (or none was found in time), the first step of the
    line that puts the most cards up, saying so plainly.  There is always a
    move to outline while any move is allowed."""
    if result.verdict is Verdict.WINNABLE and result.steps:
        step = result.steps[0]
        return Hint(step, game.step_words(step) + ": it leads to a win.")
    lost = result.verdict is Verdict.IMPOSSIBLE
    back = "  Undo to go back." if lost and game.can_undo else ""
    first = ("No move leads to a win from here." if lost else
             "The solver has not found a way to win in time.")
    line = result.best or tuple(game.legal_steps()[:1])
    if not line:
        return Hint(None, first + back, lost=lost)
    step, gained = line[0], cards_gained(game, line)
    if gained:
        then = (f"{game.step_words(step)}: it starts the line that puts the most cards up "
                f"({gained} more).")
    else:
        then = f"{game.step_words(step)}: no line puts a card up soon, but this one moves."
    return Hint(step, f"{first}  {then}{back}", lost=lost)


def cards_gained(game: Game[Any], line: Sequence[Step]) -> int:
    """How many more cards are up once ``line`` is played from ``game``'s
    position (0 if it does not replay)."""
    copy = game.detached()
    try:
        for step in line:
            copy.apply(step)
    except IllegalMove:
        return 0
    return copy.progress - game.progress


def winnable_deal(info: GameInfo, options: dict[str, Any], candidates: Iterable[int],
                  seconds: float = DEAL_SECONDS,
                  cancelled: Callable[[], bool] | None = None
                  ) -> tuple[int, SearchResult] | None:
    """The first of ``candidates`` the solver proves winnable within
    ``seconds`` each, with the solver's answer for it; None if none is.

    Raises:
        SearchCancelled: if ``cancelled`` says so.
    """
    for deal in candidates:
        result = judge(info, info.new_game(deal, options), seconds, cancelled)
        if result.verdict is Verdict.WINNABLE:
            return deal, result
    return None
