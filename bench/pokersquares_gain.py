"""Poker Squares: what the advisor's choices gain over the greedy player's,
decision by decision (not part of the tests).

    python bench/pokersquares_gain.py [--first A] [--last B]
        [--seconds-per-card S] [--playout-depth D] [--ceiling N]
        [--judge N] [--workers W]

Whole games measure a player's strength with a standard deviation near 30
points a deal, so 200 deals leave about +-4 points either way: more than
any change to the advisor has moved it.  This bench asks a sharper
question.  Every deal from A to B (American scoring) is played by the
greedy player (``playout.Policy``, the learned line values); at each of its
positions with a choice the advisor is asked for its cell too (at S
seconds a card, play-outs of at most D cards).  Where the two cells differ
(cells of one shape, ``advisor.cell_shapes``, count as one),
both are judged by N fresh play-outs played to the last card by the greedy
player, on futures the advisor never drew (other seeds), and the
difference of their means is the advisor's gain at that position.  A
deal's gain is the sum over its positions: to first order, the points a
game the advisor's choices are worth over the greedy player's.  It prints
that mean with its 95% interval, and how many cells a deal the two chose
differently.

``--ceiling N`` also asks what any choice among the cells could gain at
the same positions, as far as play-outs to the end show it: the cell with
the best mean over N play-outs to the last card (one set of futures),
judged as above on others.  That is one step of policy improvement over
the greedy player done as well as a flat search can, so the advisor's gain
is measured against the most a flat Monte Carlo search over this greedy
player could give.

Both are counted in play-outs, not timed, so the machine's load does not
change them (only how long the run takes).  Run it with ``nice``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

from intervals import mean_interval

from cardgui.engine.games.pokersquares import advisor
from cardgui.engine.games.pokersquares.game import PokerSquares, dealt_cards
from cardgui.engine.games.pokersquares.lines import card_code
from cardgui.engine.games.pokersquares.playout import (
    VALUE_SCALE,
    Board,
    cell_values,
    play_outs,
)
from cardgui.engine.games.pokersquares.position import GRID_CELLS
from cardgui.engine.games.pokersquares.view import view_of
from cardgui.engine.moves import Move

FULL_DEPTH = 25                   # a judging play-out places every card left
JUDGE_SEED = 0x5EED_0F_0A75       # futures for judging, apart from the advisor's
CEILING_SEED = 0xC0FFEE


def judged_gain(board: Board, code: int, cell: int, greedy: int, judge: int, seed: int) -> float:
    """How much better ``cell`` is than ``greedy`` for the card ``code``, in
    points: the difference of their means over ``judge`` play-outs to the
    last card, on the same futures."""
    totals = play_outs(board.cells, code, [cell, greedy], judge, seed,
                       advisor.policy_for("american"), FULL_DEPTH)
    return (totals[0] - totals[1]) / judge / VALUE_SCALE


def best_by_playouts(board: Board, code: int, playouts: int, seed: int) -> int:
    """The distinct cell with the best mean over ``playouts`` play-outs to the
    last card (the first such cell on a tie)."""
    choices = advisor.distinct_cells(board)
    totals = play_outs(board.cells, code, choices, playouts, seed,
                       advisor.policy_for("american"), FULL_DEPTH)
    return choices[max(range(len(choices)), key=lambda index: (totals[index], -index))]


def deal_gains(job: tuple[int, float, int, int, int]) -> tuple[int, float, int, float]:
    """For one deal played by the greedy player: (deal, the advisor's gain,
    the positions where its cell differed, the ceiling's gain or 0.0)."""
    deal, seconds, depth, judge, ceiling = job
    policy = advisor.policy_for("american")
    game = PokerSquares(deal, "american")
    board = Board()
    gain = ceiling_gain = 0.0
    differed = 0
    for number, card in enumerate(dealt_cards(deal)):
        code = card_code(card)
        worths = cell_values(board.cells, code, policy)
        greedy = board.empty[worths.index(max(worths))]
        if len(board.empty) > 1:
            seed = JUDGE_SEED + 1009 * deal + number
            step = advisor.advise(view_of(game), seconds, depth=depth).step
            if not isinstance(step, Move):
                raise RuntimeError(f"the advisor named no cell: {step}")
            chosen = GRID_CELLS.index(step.target)
            shapes = advisor.cell_shapes(board)
            if shapes[chosen] != shapes[greedy]:
                differed += 1
                gain += judged_gain(board, code, chosen, greedy, judge, seed)
            if ceiling:
                best = best_by_playouts(board, code, ceiling, CEILING_SEED + 1009 * deal + number)
                if shapes[best] != shapes[greedy]:
                    ceiling_gain += judged_gain(board, code, best, greedy, judge, seed)
        board.see(code)
        board.place(greedy, code)
        game.place(GRID_CELLS[greedy])
    return deal, gain, differed, ceiling_gain


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=40)
    parser.add_argument("--seconds-per-card", type=float, default=advisor.DEFAULT_SECONDS_PER_CARD)
    parser.add_argument("--playout-depth", type=int, default=advisor.PLAYOUT_DEPTH)
    parser.add_argument("--judge", type=int, default=40_000,
                        help="play-outs judging each cell that differs")
    parser.add_argument("--ceiling", type=int, default=0,
                        help="also the best cell by N play-outs to the end (0: not asked)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if args.first < 1 or args.last < args.first:
        parser.error("deals run from --first to --last, the first at least 1")
    if not 1 <= args.playout_depth <= FULL_DEPTH:
        parser.error("--playout-depth is a number of cards, 1 to 25")
    if args.seconds_per_card <= 0 or args.judge < 1 or args.ceiling < 0 or args.workers < 1:
        parser.error("--seconds-per-card, --judge and --workers must be positive, "
                     "--ceiling 0 or more")
    if not advisor.COMPILED:
        print("the compiled play-outs were not built: this bench would take days",
              file=sys.stderr)
        return 1
    deals = range(args.first, args.last + 1)
    jobs = [(deal, args.seconds_per_card, args.playout_depth, args.judge, args.ceiling)
            for deal in deals]
    with multiprocessing.Pool(args.workers) as pool:
        results = []
        for done, result in enumerate(pool.imap_unordered(deal_gains, jobs), 1):
            results.append(result)
            print(f"\r{done}/{len(jobs)} deals", end="", file=sys.stderr)
    print(file=sys.stderr)
    gain, half = mean_interval([result[1] for result in results])
    differed = sum(result[2] for result in results) / len(results)
    print(f"Poker Squares, American, deals {args.first}-{args.last}, greedy games; "
          f"cells that differ judged by {args.judge} play-outs to the end")
    print(f"advisor at {args.seconds_per_card:g} s a card, play-outs of at most "
          f"{args.playout_depth} cards: {gain:+.2f} ± {half:.2f} points a deal over the greedy "
          f"player ({differed:.1f} cells a deal chosen otherwise)")
    if args.ceiling:
        ceiling, ceiling_half = mean_interval([result[3] for result in results])
        print(f"best cell by {args.ceiling} play-outs to the end: {ceiling:+.2f} ± "
              f"{ceiling_half:.2f} points a deal (one step of improvement, as far as a flat "
              "search can take it)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
