"""Calculation: the advisor's win rate beside the solver's winnable share and
simpler players', over fixed deals (not part of the tests).

    python bench/calculation_advisor.py [--first A] [--last B] [--seconds S]
        [--playouts P] [--old] [--streams K] [--budget SECONDS] [--workers N]
        [--no-solver] [--rate]

Every deal from A to B (default 1-100) is:

* solved with full knowledge by ``solver.solve`` at the given budget
  (default 10 s, counted in positions): winnable, impossible or unknown;
* played by the advisor alone (``advisor.play_deal``) at P play-outs a hand
  card, by default the number S seconds a card buy at the fixed rate
  (``advisor.playouts_for``; S defaults to the window's setting): counted,
  not timed, so the machine's load changes the seconds, never the moves;
* with ``--old``, also by the advisor as it was before its play-outs were
  counted at a whole hand's length (``old_draws``: the same number of
  orders at every stage of the game, so late decisions got no more than
  the first), deal by deal in the same worker, so the two are interleaved
  and paired;
* with ``--streams K``, also by the same advisor K - 1 more times, each
  drawing its imagined orders from another stream (``stream`` of
  ``advisor.advise_by_playouts``): advice of the same strength from other
  draws.  It prints each stream's wins, the mean over the streams with its
  95% interval (over the deals' shares of wins), and how many deals the
  streams do not all agree on: how much of a figure, or of a difference
  between two advisors, is the luck of the draw;
* played by the rule of thumb the advisor's play-outs use
  (``policy.quick_choice``: no simulation);
* played by a naive player: a card goes to the first foundation that takes
  it, else onto the waste pile with the fewest cards; waste-pile tops go up
  whenever they fit.

It prints each share with its 95% Wilson interval, the advisor's win rate
among the deals the solver proves winnable (the issue's goal: four in five),
as the issue's table row, and the solver's unknown share (goal: under 1% at
10 s), and each advisor's processor seconds a hint (mean, 99th percentile,
longest: the window's hint must show within 0.3 s).  Deals are shared
over N worker processes (default: every core); a progress line goes to
stderr.  ``--rate`` instead measures the two fixed rates on this machine:
solver positions a second and advisor play-outs a second.

The issue's size: at least ``--last 100``, run with ``nice -n 19``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from typing import cast

from intervals import format_rate, mean_interval, wilson_interval

from cardgui.engine.advice import Advice, play_alone
from cardgui.engine.games.calculation import advisor
from cardgui.engine.games.calculation.deck import shuffled_hand
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.playouts import COMPILED
from cardgui.engine.games.calculation.policy import playout, quick_choice
from cardgui.engine.games.calculation.ranks import (
    WON_SCORE,
    fitting,
    play_up,
    rank_counts,
)
from cardgui.engine.games.calculation.solver import solve
from cardgui.engine.games.calculation.view import view_of
from cardgui.engine.search.budget import Budget


def naive_won(deal: int) -> bool:
    piles: list[list[int]] = [[], [], [], []]
    heights = [1, 1, 1, 1]
    for card in shuffled_hand(deal):
        takers = fitting(card.rank, heights)
        if takers:
            heights[takers[0]] += 1
        else:
            min(piles, key=len).append(card.rank)
        play_up(piles, heights)
    return sum(heights) == WON_SCORE


def rule_of_thumb_won(deal: int) -> bool:
    order = [card.rank for card in shuffled_hand(deal)]
    piles: list[list[int]] = [[], [], [], []]
    heights = [1, 1, 1, 1]
    to_come = rank_counts(order)
    for rank in order:
        to_come[rank] -= 1
        quick_choice(rank, piles, heights, to_come)
    return sum(heights) == WON_SCORE


def old_draws(playouts: int, candidates: int, cards_to_come: int) -> int:
    """The orders a candidate got before ``advisor.draws_for``: the play-outs
    shared among the candidates, whatever the cards to come."""
    return max(1, playouts // candidates)


def timed_play(deal: int, playouts: int, stream: int = 0) -> tuple[bool, list[float]]:
    """Whether the advisor wins ``deal`` at ``playouts`` drawing from
    ``stream`` (its moves are ``advisor.play_deal``'s), and the processor
    seconds of each hint."""
    game = Calculation(deal)
    seconds: list[float] = []

    def hint(_: object) -> Advice:
        started = time.process_time()
        advice = advisor.advise_by_playouts(view_of(game), playouts, stream=stream)
        seconds.append(time.process_time() - started)
        return advice

    play_alone(game, hint)
    return game.is_won, seconds


def play_old(deal: int, playouts: int) -> tuple[bool, list[float]]:
    """``timed_play`` by the old advisor (``old_draws``)."""
    new_draws = advisor.draws_for
    advisor.draws_for = old_draws
    try:
        return timed_play(deal, playouts)
    finally:
        advisor.draws_for = new_draws


def play(job: tuple[int, int, float, bool, int]) -> tuple[int, dict[str, object]]:
    deal, playouts, budget, old, streams = job
    outcome: dict[str, object] = {"naive": naive_won(deal), "rule": rule_of_thumb_won(deal)}
    if old:
        outcome["old"], outcome["old hints"] = play_old(deal, playouts)
    outcome["advisor"], outcome["advisor hints"] = timed_play(deal, playouts)
    outcome["streams"] = [outcome["advisor"]] + [timed_play(deal, playouts, stream)[0]
                                                 for stream in range(1, streams)]
    if budget > 0:
        started = time.process_time()
        result = solve(Calculation(deal), Budget(budget))
        outcome["solver"] = result.verdict.value
        outcome["solver seconds"] = time.process_time() - started
    return deal, outcome


def measure_rates(seconds: float = 20.0) -> tuple[float, float]:
    """(solver positions a second over deals 1-40 at 1 s each, advisor
    play-outs a second from mid-game positions)."""
    positions = 0
    started = time.perf_counter()
    for deal in range(1, 41):
        positions += solve(Calculation(deal), Budget(1)).positions
    solver_rate = positions / (time.perf_counter() - started)
    generator = random.Random(1)
    playouts = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        order = [card.rank for card in shuffled_hand(generator.randrange(1, 10**6))]
        piles: list[list[int]] = [[], [], [], []]
        heights = [1, 1, 1, 1]
        to_come = rank_counts(order)
        cut = generator.randrange(4, 40)
        for rank in order[:cut]:
            to_come[rank] -= 1
            quick_choice(rank, piles, heights, to_come)
        rest = order[cut:]
        for _ in range(20):
            generator.shuffle(rest)
            playout(piles, heights, rest, to_come)
            playouts += 1
    return solver_rate, playouts / (time.perf_counter() - started)


def measure_compiled_rate(playouts: int = 5000) -> float:
    """The compiled advisor's play-outs a second of processor time, whole
    advice included (drawing, candidates, reasons), over the hand cards of
    deals 1-8 part-played whose advice is made by play-outs."""
    views = []
    for deal in range(1, 9):
        steps = advisor.play_deal(deal, playouts=100).steps
        for cut in range(5, len(steps), 9):
            game = Calculation(deal)
            for step in steps[:cut]:
                game.apply(step)
            view = view_of(game)
            if "imagined orders" in advisor.advise_by_playouts(view, 8).reason:
                views.append(view)      # the advice is made by play-outs
    started = time.process_time()
    for view in views:
        advisor.advise_by_playouts(view, playouts, compiled=True)
    return playouts * len(views) / (time.process_time() - started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=advisor.DEFAULT_SECONDS,
                        help="the advisor's strength, seconds a card (converted to play-outs)")
    parser.add_argument("--playouts", type=int, help="the advisor's play-outs a hand card")
    parser.add_argument("--old", action="store_true",
                        help="also play the advisor as it drew its orders before, interleaved")
    parser.add_argument("--streams", type=int, default=1,
                        help="play the advisor from this many streams of imagined orders")
    parser.add_argument("--budget", type=float, default=10.0, help="solver seconds a deal")
    parser.add_argument("--no-solver", action="store_true")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--rate", action="store_true", help="measure the fixed rates")
    args = parser.parse_args()
    if args.rate:
        solver_rate, playout_rate = measure_rates()
        print(f"solver positions a second: {solver_rate:.0f}")
        print(f"advisor play-outs a second (pure Python): {playout_rate:.0f}")
        if COMPILED:
            print(f"advisor play-outs a processor second (compiled, whole advice): "
                  f"{measure_compiled_rate():.0f}")
        return 0
    if args.first < 1 or args.last < args.first:
        parser.error(f"no deals from {args.first} to {args.last}")
    if args.playouts is not None and args.playouts < 1:
        parser.error("--playouts must be positive")
    if not args.seconds > 0:
        parser.error("--seconds must be positive")
    if args.streams < 1:
        parser.error("--streams must be positive")
    playouts = args.playouts or advisor.playouts_for(args.seconds)
    budget = 0.0 if args.no_solver else args.budget
    jobs = [(deal, playouts, budget, args.old, args.streams)
            for deal in range(args.first, args.last + 1)]
    outcomes: dict[int, dict[str, object]] = {}
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for done, (deal, outcome) in enumerate(pool.imap_unordered(play, jobs), 1):
            outcomes[deal] = outcome
            won = sum(1 for result in outcomes.values() if result["advisor"])
            print(f"\r{done}/{len(jobs)} deals, advisor won {won}, "
                  f"{time.perf_counter() - started:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    deals = len(outcomes)
    def count(key: str, value: object = True) -> int:
        return sum(1 for result in outcomes.values() if result.get(key) == value)
    players = ["advisor"] + (["old"] if args.old else [])
    exact = advisor.exact_for()
    print(f"Calculation, deals {args.first}-{args.last}, advisor at {playouts} play-outs a "
          f"hand card (what {args.seconds:g} s a card buys: {advisor.playouts_for(args.seconds)}), "
          f"the last {exact.cards} cards worked out exactly within {exact.positions:,} positions"
          + ("" if not budget else f", solver budget {budget:g} s a deal (positions)")
          + f", {time.perf_counter() - started:.0f} s in all, load {os.getloadavg()[0]:.1f}")
    print(f"{'':34} {'won/deals':>11} {'rate':>6} {'95% Wilson':>17}")
    print(f"{'naive player':34} {format_rate(count('naive'), deals)}")
    print(f"{'rule of thumb (no simulation)':34} {format_rate(count('rule'), deals)}")
    for player in players:
        print(f"{NAMES[player]:34} {format_rate(count(player), deals)}")
    lost = sorted(deal for deal, result in outcomes.items() if not result["advisor"])
    print(f"the advisor lost deals {' '.join(map(str, lost)) or 'none'}")
    if args.old:
        only_new = sum(1 for result in outcomes.values() if result["advisor"] and not result["old"])
        only_old = sum(1 for result in outcomes.values() if result["old"] and not result["advisor"])
        print(f"deals only the advisor won: {only_new}; only the old advisor: {only_old}")
        if budget:
            paired = [float(bool(result["advisor"])) - float(bool(result["old"]))
                      for result in outcomes.values() if result["solver"] == "winnable"]
            mean, half = mean_interval(paired)
            print(f"advisor minus old advisor, of the solver-winnable deals (paired): "
                  f"{mean:+.1%} +- {half:.1%} (95%)")
    if budget:
        winnable = [result for result in outcomes.values() if result["solver"] == "winnable"]
        print(f"{'solver: winnable':34} {format_rate(len(winnable), deals)}")
        print(f"{'solver: impossible':34} {format_rate(count('solver', 'impossible'), deals)}")
        print(f"{'solver: unknown':34} {format_rate(count('solver', 'unknown'), deals)}")
        for player in players:
            wins = sum(1 for result in winnable if result[player])
            print(f"{NAMES[player] + ', of the solver-winnable':34} "
                  f"{format_rate(wins, len(winnable))}")
        wins = sum(1 for result in winnable if result["advisor"])
        rate, low, high = wilson_interval(wins, len(winnable))
        print(f"\nCalculation advisor, no peeking | wins {wins} of the {len(winnable)} deals "
              f"the full-knowledge solver wins ({args.first}-{args.last}): {rate:.1%} "
              f"[{low:.1%}, {high:.1%}] | goal at least 80%: "
              + ("met" if low >= 0.8 else "not shown" if high >= 0.8 else "not met"))
        if args.streams > 1:
            print_streams(winnable, args.streams)
        solver_time = sum(float(str(result["solver seconds"])) for result in outcomes.values())
        print(f"solver processor seconds a deal: {solver_time / deals:.2f} mean")
    for player in players:
        hints = [seconds for result in outcomes.values()
                 for seconds in cast(list[float], result[player + " hints"])]
        print(f"{NAMES[player]} processor seconds a deal: {sum(hints) / deals:.2f} mean; "
              f"a hint: {statistics.fmean(hints):.3f} mean, "
              f"{statistics.quantiles(hints, n=100)[98]:.3f} at the 99th percentile, "
              f"{max(hints):.3f} longest (the window allows 0.3)")
    return 0


def print_streams(winnable: list[dict[str, object]], streams: int) -> None:
    """The advisor's wins among the solver-winnable deals stream by stream,
    their mean with its 95% interval, and the deals the streams disagree on."""
    won = [cast(list[bool], result["streams"]) for result in winnable]
    by_stream = [sum(1 for deal in won if deal[stream]) for stream in range(streams)]
    mean, half = mean_interval([sum(deal) / streams for deal in won])
    split = sum(1 for deal in won if 0 < sum(deal) < streams)
    print(f"advisor over {streams} streams of imagined orders, of the solver-winnable: "
          f"wins {by_stream} of {len(won)}; mean {mean:.1%} +- {half:.1%} (95%); "
          f"the streams disagree on {split} deals")


NAMES = {"advisor": "advisor", "old": "old advisor (flat play-outs)"}


if __name__ == "__main__":
    raise SystemExit(main())
