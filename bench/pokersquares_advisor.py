"""Poker Squares: the advisor's mean score beside random placement and the
greedy one-card player, over fixed deals (not part of the tests).

    python bench/pokersquares_advisor.py [--first A] [--last B]
        [--seconds-per-card S ...] [--scoring american|english|both]
        [--workers N] [--pure] [--playout-depth D] [--rate]

Every deal from A to B is played, under each scoring asked for, by:

* ``random``: each card into a uniformly random empty cell (seeded by the deal);
* ``greedy``: each card where the board is worth most by the learned line
  values (``playout.Policy``: one card, no look-ahead, no simulation);
* ``advisor S``: ``advisor.advise`` at S seconds a card, for each S given,
  with the compiled play-outs where they were built (``--pure``: the
  pure-Python ones, at their own rate), each play-out placing at most
  ``advisor.PLAYOUT_DEPTH`` cards (``--playout-depth``: D; 25 plays every
  one out) before the line values judge the rest.

It prints, for each player and scoring, the mean score with its 95%
interval (1.96 sd / sqrt n), the mean of the paired difference from the
greedy player on the same deals, and the measured seconds a card.  Deals are
shared over N worker processes (default: every core); a progress line goes
to stderr.  ``--rate`` instead measures the play-outs' speed, compiled and
pure, on this machine, in the empty cells they weigh a second of processor
time (the figures ``advisor.COMPILED_CELLS_PER_SECOND`` and ``PURE_CELLS_PER_SECOND``
hold): processor time, not the clock, so that other work on a shared
machine does not lower it.

Whole games are a blunt measure here (a standard deviation near 30 points a
deal, about +-4 over 200 deals); ``pokersquares_gain.py`` measures the
advisor's choices against the greedy player's position by position (to
first order, the same gain), with about a tenth of the spread a deal.

The issue's sizes: at least 2,000 deals at a fast setting (``--last 2000
--seconds-per-card 0.05``) and 200 at the full one (``--last 200
--seconds-per-card 1``), run with ``nice -n 10``.

What a mean means: the strongest published American figures found are in
Todd Neller's driver for the 2013 Gettysburg Poker Squares contest
(``src/edu/gettysburg/ai/PokerSquares.java`` of the GitHub repository
JohnDDuncanIII/pokersquares, comments in ``main``): 1,000 games each on
the same seeds, 60 s a game (2.4 s a card), Java.  His learned line
values played greedily (NARL) 124.6, with expectimax over them 125.0 and
125.2 (the best), the contest's best entry 124.8, a flush-seeking Monte
Carlo player 120.8, all with a standard deviation near 31, so about +- 2.0
each at 95%; the greedy NARL player over 10,000 games 123.3 +- 0.6.  They
are other deals and another program, not a peer measured in this run.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import signal
import sys
import time
from collections import defaultdict

from intervals import format_mean, mean_interval

from cardgui.engine.games.pokersquares import advisor
from cardgui.engine.games.pokersquares.game import PokerSquares, dealt_cards
from cardgui.engine.games.pokersquares.lines import card_code
from cardgui.engine.games.pokersquares.playout import COMPILED, Board, cell_values, play_outs
from cardgui.engine.games.pokersquares.position import GRID_CELLS


def random_score(deal: int, scoring: str) -> float:
    generator = random.Random(deal)
    game = PokerSquares(deal, scoring)
    while not game.is_over:
        game.place(generator.choice(game.empty_cells()))
    return game.score


def greedy_score(deal: int, scoring: str) -> float:
    policy = advisor.policy_for(scoring)
    game = PokerSquares(deal, scoring)
    board = Board()
    for card in dealt_cards(deal):
        code = card_code(card)
        worths = cell_values(board.cells, code, policy)
        cell = board.empty[worths.index(max(worths))]
        board.see(code)
        board.place(cell, code)
        game.place(GRID_CELLS[cell])
    return game.score


def advisor_score(deal: int, scoring: str, seconds: float,
                  compiled: bool | None, depth: int) -> tuple[float, float]:
    started = time.process_time()
    result = advisor.play_deal(deal, scoring, seconds, compiled, depth)
    return result.score, (time.process_time() - started) / len(result.steps)


def play(job: tuple[int, str, tuple[float, ...], bool | None, int]
         ) -> tuple[int, str, dict[str, tuple[float, float]]]:
    deal, scoring, settings, compiled, depth = job
    scores: dict[str, tuple[float, float]] = {"random": (random_score(deal, scoring), 0.0)}
    started = time.process_time()
    greedy = greedy_score(deal, scoring)
    scores["greedy"] = (greedy, (time.process_time() - started) / 25)
    for seconds in settings:
        scores[f"advisor {seconds:g} s"] = advisor_score(deal, scoring, seconds, compiled, depth)
    return deal, scoring, scores


def measure_rate(compiled: bool, seconds: float) -> float:
    """Empty cells weighed a second of processor time (``advisor.playout_cost``
    a play-out), from positions of every stage alike (an advisor spends the
    same on every card): random deals, the first cards placed greedily, four
    candidate cells."""
    policy = advisor.policy_for("american")
    generator = random.Random(1)
    weighed = 0
    spent = 0.0
    while spent < seconds:
        for placed in range(23):
            deck = list(range(52))
            generator.shuffle(deck)
            board = Board()
            for code in deck[:placed]:
                worths = cell_values(board.cells, code, policy)
                cell = board.empty[worths.index(max(worths))]
                board.see(code)
                board.place(cell, code)
            count = 100 if compiled else 2
            started = time.process_time()
            play_outs(board.cells, deck[placed], board.empty[:4], count,
                      generator.getrandbits(64), policy, advisor.PLAYOUT_DEPTH, compiled)
            spent += time.process_time() - started
            weighed += count * 4 * advisor.playout_cost(len(board.empty))
    return weighed / spent


def stop(number: int, frame: object) -> None:
    """SIGTERM stops the run as Ctrl+C does (a background job ignores SIGINT)."""
    raise KeyboardInterrupt


def ignore_stops() -> None:
    """The workers leave stopping to the parent, which ends the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=200)
    parser.add_argument("--seconds-per-card", type=float, nargs="*", default=[0.05])
    parser.add_argument("--scoring", choices=["american", "english", "both"], default="both")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pure", action="store_true",
                        help="the advisor with the pure-Python play-outs")
    parser.add_argument("--playout-depth", type=int, default=advisor.PLAYOUT_DEPTH,
                        help="cards a play-out places before the line values judge the rest")
    parser.add_argument("--rate", action="store_true",
                        help="measure cells weighed a second of processor time")
    args = parser.parse_args()
    if not 1 <= args.playout_depth <= 25:
        parser.error("--playout-depth is a number of cards, 1 to 25")
    if args.rate:
        for compiled in ([True] if COMPILED else []) + [False]:
            rates = [measure_rate(compiled, 10.0) for _ in range(3)]
            print(f"{'compiled' if compiled else 'pure-Python'} cells weighed a second: "
                  f"{' '.join(f'{rate:.0f}' for rate in rates)} "
                  f"(mean {sum(rates) / len(rates):.0f}; the advisor counts "
                  f"{advisor.cells_per_second(compiled)})")
        return 0
    compiled = False if args.pure else None
    scorings = ["american", "english"] if args.scoring == "both" else [args.scoring]
    jobs = [(deal, scoring, tuple(args.seconds_per_card), compiled, args.playout_depth)
            for scoring in scorings for deal in range(args.first, args.last + 1)]
    results: dict[str, dict[str, dict[int, tuple[float, float]]]] = defaultdict(
        lambda: defaultdict(dict))
    started = time.perf_counter()
    signal.signal(signal.SIGTERM, stop)
    finished = 0
    try:
        with multiprocessing.Pool(args.workers, initializer=ignore_stops) as pool:
            for done, (deal, scoring, scores) in enumerate(pool.imap_unordered(play, jobs), 1):
                for player, outcome in scores.items():
                    results[scoring][player][deal] = outcome
                finished = done
                elapsed = time.perf_counter() - started
                print(f"\r{done}/{len(jobs)} games, {elapsed:.0f} s", end="", file=sys.stderr)
    except KeyboardInterrupt:       # Ctrl+C or SIGTERM: the figures of the games finished
        print(f"\nstopped: the figures are for the {finished} games finished", file=sys.stderr)
    print(file=sys.stderr)
    engine = "pure-Python" if args.pure or not COMPILED else "compiled"
    print(f"advisor: {advisor.__file__}")
    print(f"Poker Squares, deals {args.first}-{args.last}, {args.workers} workers, "
          f"{engine} play-outs of at most {args.playout_depth} cards, "
          f"{time.perf_counter() - started:.0f} s in all")
    print(f"{'scoring':9} {'player':18} {'deals':>5}  {'mean ± 95%':>15}  "
          f"{'vs greedy (paired)':>18}  {'processor s/card':>16}")
    for scoring in scorings:
        greedy = results[scoring]["greedy"]
        for player, by_deal in results[scoring].items():
            deals = sorted(by_deal)
            scores = [by_deal[deal][0] for deal in deals]
            differences = [by_deal[deal][0] - greedy[deal][0] for deal in deals]
            difference, half = mean_interval(differences)
            per_card = sum(by_deal[deal][1] for deal in deals) / len(deals)
            paired = "" if player == "greedy" else f"{difference:+7.2f} ± {half:5.2f}"
            print(f"{scoring:9} {player:18} {len(deals):5d}  {format_mean(scores)}  "
                  f"{paired:>18}  {per_card:16.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
