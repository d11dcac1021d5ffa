"""Calculation: where the advisor's lost games were lost (not part of the tests).

    python bench/calculation_advisor_losses.py [--first A] [--last B] [--budget S]

Every deal from A to B (default 1-100) is played by the advisor alone, as
``bench/calculation_advisor.py`` plays it (``advisor.play_deal``, the
window's setting).  For each game it loses, the full-knowledge solver (at
S seconds, default 2, counted in positions) finds the last position on the
advisor's line from which the deal's true order could still be won: a
binary search over the line, since a position lost with every card known
stays lost.  It prints that position's cards left face down, the hand card
and the advisor's step from it (the step that lost the game), and how
many of the solver's answers on the way were "unknown" (counted as lost,
so the step found may be earlier than the true one).

What it shows is where to look: a loss at the end is the advisor's
endgame, a loss with thirty cards to come its play-outs.  It cannot say
that another step would have won for a player who does not know the order
(only that one would have for the true order).
"""

from __future__ import annotations

import argparse
import collections
import sys

from cardgui.engine.games.calculation import advisor
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.position import HAND
from cardgui.engine.games.calculation.solver import solve
from cardgui.engine.games.calculation.view import view_of
from cardgui.engine.moves import Move, Step
from cardgui.engine.piles import Role
from cardgui.engine.search.budget import Budget
from cardgui.engine.search.result import Verdict


def position_after(deal: int, steps: tuple[Step, ...]) -> Calculation:
    game = Calculation(deal)
    for step in steps:
        game.apply(step)
    return game


def last_winnable(deal: int, steps: tuple[Step, ...], budget: float) -> tuple[int, int] | None:
    """(the index of the last position on ``steps`` the solver wins, how many
    of its answers were unknown), or None if it does not win the deal's start."""
    unknown = 0

    def wins(index: int) -> bool:
        nonlocal unknown
        verdict = solve(position_after(deal, steps[:index]), Budget(budget)).verdict
        unknown += verdict is Verdict.UNKNOWN
        return verdict is Verdict.WINNABLE

    if not wins(0):
        return None
    won, lost = 0, len(steps)
    while lost - won > 1:
        middle = (won + lost) // 2
        if wins(middle):
            won = middle
        else:
            lost = middle
    return won, unknown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=100)
    parser.add_argument("--budget", type=float, default=2.0)
    args = parser.parse_args()
    if not 1 <= args.first <= args.last:
        parser.error("deals run from --first to --last, both at least 1")
    if not args.budget > 0:
        parser.error("--budget must be positive")
    kinds: collections.Counter[str] = collections.Counter()
    lost = 0
    for deal in range(args.first, args.last + 1):
        result = advisor.play_deal(deal)
        if result.won:
            continue
        lost += 1
        found = last_winnable(deal, result.steps, args.budget)
        if found is None:
            print(f"deal {deal}: lost, and the solver does not win its start either")
            continue
        index, unknown = found
        view = view_of(position_after(deal, result.steps[:index]))
        step = result.steps[index]
        kind = ("next card turned up" if not isinstance(step, Move) else
                "waste top up" if step.source != HAND else
                "hand card up" if step.target.role is Role.FOUNDATION else "hand card down")
        kinds[kind] += 1
        print(f"deal {deal}: lost at step {index + 1} of {len(result.steps)}, "
              f"{view.cards_left} cards face down, hand {view.hand or '-'}, "
              f"step {step} ({kind}), score {result.score}"
              + (f", {unknown} unknown on the way" if unknown else ""), flush=True)
    print(f"{lost} lost of {args.last - args.first + 1}; the losing step: "
          + ", ".join(f"{kind} {count}" for kind, count in kinds.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
