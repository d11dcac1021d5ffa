"""The Pyramid and TriPeaks solvers over many deals, beside mchung94's
published figures (not part of the tests).

    python bench/pyramid_tripeaks_solver.py [--games pyramid tripeaks]
        [--first 1] [--last 10000] [--budget 10] [--processes N] [--pure]

Solves our deals ``first``..``last`` of each game with its default options
(Pyramid: three passes; TriPeaks: king and ace touching) and a budget of
``budget`` seconds each (counted in positions, so the verdicts do not
depend on the machine), over every core; every winning line is replayed
through the engine.  Prints the verdicts, the winnable share with its 95%
interval (Wilson), for the whole range and for its first 1,500 deals, the
seconds a deal (mean with its 95% interval, median, most) and the positions
searched a second; then mchung94's published figures for 1,500 random decks
(solitaire-player's README: "Pyramid Board Challenges" and "TriPeaks Board
Challenges", an Intel i7-4770k, Java) and the ratios.  His program is not
installed here, so its times are his machine's, not measured in this run:
the ratio of times compares two machines as well as two programs.

Rules, as far as his code shows, are the same: in Pyramid the stock's top
card is free and pairs with the waste's top card and the pyramid's, kings go
off alone, the waste is turned over twice (three passes), and the game is
won when the pyramid is cleared; in TriPeaks one card starts the waste, the
other 23 are turned once through, king and ace touch, and the game is won
when the peaks are cleared.  The decks differ: ours are the book's shuffle,
his 1,500 random decks, so only the shares compare, not deal by deal.
``--pure`` runs the pure-Python searches even where the compiled ones were
built (same verdicts, slower).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from dataclasses import dataclass

from intervals import format_rate, mean_interval, wilson_interval

from cardgui.engine.games import find_game
from cardgui.engine.games.pyramid import search as pyramid_search
from cardgui.engine.games.tripeaks import search as tripeaks_search
from cardgui.engine.registry import load
from cardgui.engine.search.budget import Budget
from cardgui.engine.search.check import wins

# mchung94/solitaire-player, README, "Performance": 1,500 random decks.
PUBLISHED = {
    "pyramid": {"won": 998, "deals": 1500, "mean_ms": 598, "median_ms": 156, "most_ms": 33093},
    "tripeaks": {"won": 1457, "deals": 1500, "mean_ms": 111, "median_ms": 109, "most_ms": 329},
}


@dataclass(frozen=True)
class Outcome:
    deal: int
    verdict: str
    seconds: float
    positions: int


def solve_one(job: tuple[str, int, float]) -> Outcome:
    game_id, deal, budget = job
    info = find_game(game_id)
    assert info.solver is not None
    game = info.new_game(deal)
    result = load(info.solver.solve)(game, Budget(budget))
    if result.steps:
        assert wins(game, result.steps), f"{game_id} deal {deal}: the line does not win"
    return Outcome(deal, result.verdict.value, result.seconds, result.positions)


def use_pure_python() -> None:
    pyramid_search.COMPILED = False
    tripeaks_search.COMPILED = False


def run(game_id: str, first: int, last: int, budget: float, processes: int,
        pure: bool) -> tuple[list[Outcome], float]:
    began = time.perf_counter()
    jobs = [(game_id, deal, budget) for deal in range(first, last + 1)]
    with multiprocessing.Pool(processes, initializer=use_pure_python if pure else None) as pool:
        outcomes = list(pool.imap_unordered(solve_one, jobs, chunksize=8))
    return sorted(outcomes, key=lambda outcome: outcome.deal), time.perf_counter() - began


def report(game_id: str, outcomes: list[Outcome], clock: float) -> None:
    count = {verdict: sum(outcome.verdict == verdict for outcome in outcomes)
             for verdict in ("winnable", "impossible", "unknown")}
    first, last = outcomes[0].deal, outcomes[-1].deal
    print(f"\n{find_game(game_id).title}, deals {first}-{last}: "
          + ", ".join(f"{number} {verdict}" for verdict, number in count.items()))
    print(f"  winnable             {format_rate(count['winnable'], len(outcomes))}")
    early = [outcome for outcome in outcomes if outcome.deal <= first + 1499]
    if len(early) < len(outcomes):
        won = sum(outcome.verdict == "winnable" for outcome in early)
        print(f"  of deals {first}-{early[-1].deal}  {format_rate(won, len(early))}")
    published = PUBLISHED[game_id]
    print(f"  mchung94 (published) {format_rate(published['won'], published['deals'])}")
    ours_rate = wilson_interval(count["winnable"], len(outcomes))
    theirs = wilson_interval(published["won"], published["deals"])
    overlap = ours_rate[1] <= theirs[2] and theirs[1] <= ours_rate[2]
    print(f"  the two intervals {'overlap' if overlap else 'do not overlap'}")
    milliseconds = [outcome.seconds * 1000 for outcome in outcomes]
    mean, half = mean_interval(milliseconds)
    positions = sum(outcome.positions for outcome in outcomes)
    print(f"  ms a deal            {mean:8.2f} ± {half:.2f}, median "
          f"{statistics.median(milliseconds):.2f}, most {max(milliseconds):.1f}")
    print(f"  mchung94 (published) {published['mean_ms']:8.2f}, median "
          f"{published['median_ms']}, most {published['most_ms']} (Java, i7-4770k)")
    ratio = published["mean_ms"] / mean
    print(f"  ratio of means       {max(ratio, 1 / ratio):8.1f} times "
          f"{'faster' if ratio >= 1 else 'slower'} here")
    searched = sum(outcome.seconds for outcome in outcomes)
    print(f"  positions            {positions:,} ({positions / searched:,.0f} a second of "
          f"search), the most {max(outcome.positions for outcome in outcomes):,}")
    print(f"  clock                {clock:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["pyramid", "tripeaks"],
                        choices=["pyramid", "tripeaks"])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=10_000)
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pure", action="store_true")
    args = parser.parse_args()
    print(f"{args.processes} processes, load average {os.getloadavg()[0]:.1f} at the start; "
          f"{'pure-Python' if args.pure else 'compiled'} searches"
          + ("" if args.pure or (pyramid_search.COMPILED and tripeaks_search.COMPILED)
             else " (not built here: pure-Python)"))
    for game_id in args.games:
        outcomes, clock = run(game_id, args.first, args.last, args.budget, args.processes,
                              args.pure)
        report(game_id, outcomes, clock)
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
