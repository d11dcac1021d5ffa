"""The FreeCell solver on a range of Microsoft deals, beside Freecell Solver
and KPatience measured in the same run (not part of the tests).

    python bench/freecell_solver.py [--first 1] [--last 32000] [--budget 600]
                                    [--jobs N] [--no-peers] [--save FILE]
                                    [--sample N [--seed S]]

Solves every deal of the range with ``cardgui.engine.games.freecell.solver``
on every core (a process a core, deals handed out one at a time), then runs
``freecell-solver-range-parallel-solve FIRST LAST STEP -l lg`` and, where it
is installed, KPatience's range solver (``kpat --solve Freecell --start FIRST
--end LAST``, run offscreen) over the same deals.  Prints the count of each
verdict, the wall time of the whole range, the seconds a deal (median with a
95% confidence interval from order statistics, mean with its standard-error
interval, the slowest), the processor seconds a deal (the same, counting
only the time the worker process ran, which a busy machine disturbs less),
positions a deal and positions a second, deal 11982's time and positions
when it is in the range, and the ratio of our wall time to fc-solve's.
``--sample N`` solves N deals drawn at random (seeded by ``--seed``) from
the range instead, without the peers.  ``--save`` writes one line a deal
(deal, verdict, positions, seconds, processor seconds, steps).

Both solvers share the machine with whatever else runs; run it under
``nice`` on a quiet machine and compare the ratio, not the seconds.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from xharness import find_peer

from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.solver import POSITIONS_PER_SECOND, solve
from cardgui.engine.search.budget import Budget

KNOWN_IMPOSSIBLE = 11982


@dataclass(frozen=True)
class DealResult:
    deal: int
    verdict: str
    positions: int
    seconds: float
    cpu_seconds: float
    steps: int


def solve_deal(job: tuple[int, float]) -> DealResult:
    """One deal, solved in a worker process."""
    deal, budget = job
    started = time.process_time()
    result = solve(FreeCell(deal), Budget(budget))
    return DealResult(deal, result.verdict.value, result.positions, result.seconds,
                      time.process_time() - started, len(result.steps))


def run_ours(deals: list[int], budget: float, jobs: int) -> tuple[list[DealResult], float]:
    """Every deal's result, and the wall time of them all."""
    work = [(deal, budget) for deal in deals]
    started = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        results = list(pool.imap_unordered(solve_deal, work, chunksize=1))
    return sorted(results, key=lambda result: result.deal), time.perf_counter() - started


def run_fc_solve(first: int, last: int) -> tuple[float, list[int]] | None:
    """fc-solve's wall time over the range, and the deals it left unsolved;
    None when it is not installed."""
    program = shutil.which("freecell-solver-range-parallel-solve")
    if program is None:
        return None
    step = max(1, min(4000, last - first + 1))
    started = time.perf_counter()
    output = subprocess.run([program, str(first), str(last), str(step), "-l", "lg"],
                            capture_output=True, text=True, check=True).stdout
    elapsed = time.perf_counter() - started
    unsolved = [int(line.split("No. ")[1].split()[0]) for line in output.splitlines()
                if line.startswith("Unsolved Board")]
    return elapsed, unsolved


def run_kpat(first: int, last: int) -> tuple[float, dict[str, int], str | None] | None:
    """KPatience's wall time over the range (``kpat --solve Freecell --start
    FIRST --end LAST``, one deal after another, offscreen), how many deals
    it called won, lost and unknown, and its word on deal 11982; None when
    it is not installed."""
    program = find_peer("kpat")
    if program is None:
        return None
    started = time.perf_counter()
    output = subprocess.run([program, "--solve", "Freecell", "--start", str(first),
                             "--end", str(last)], capture_output=True, text=True, check=False,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}).stdout
    elapsed = time.perf_counter() - started
    counts: dict[str, int] = {}
    impossible_word = None
    for line in output.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0].isdigit() and words[1] in ("won", "lost", "unknown"):
            counts[words[1]] = counts.get(words[1], 0) + 1
            if int(words[0]) == KNOWN_IMPOSSIBLE:
                impossible_word = words[1]
    return elapsed, counts, impossible_word


def median_interval(values: list[float]) -> tuple[float, float, float]:
    """The median and a 95% confidence interval for it, from the order
    statistics (distribution-free)."""
    ordered = sorted(values)
    count = len(ordered)
    half_width = 1.96 * math.sqrt(count) / 2
    low = max(0, math.floor(count / 2 - half_width))
    high = min(count - 1, math.ceil(count / 2 + half_width))
    return statistics.median(ordered), ordered[low], ordered[high]


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def report(results: list[DealResult], wall: float, jobs: int,
           fc_solve: tuple[float, list[int]] | None,
           kpat: tuple[float, dict[str, int], str | None] | None) -> None:
    counts: dict[str, int] = {}
    for result in results:
        counts[result.verdict] = counts.get(result.verdict, 0) + 1
    seconds = [result.seconds for result in results]
    positions = [result.positions for result in results]
    print(f"deals {results[0].deal}-{results[-1].deal}: {len(results)}, on {jobs} processes")
    print("verdicts: " + ", ".join(f"{verdict} {count}" for verdict, count in sorted(counts.items())))
    print(f"our wall time: {wall:.1f} s")
    median, low, high = median_interval(seconds)
    mean, spread = mean_interval(seconds)
    print(f"seconds a deal: median {median * 1000:.1f} ms (95% CI {low * 1000:.1f}-{high * 1000:.1f}),"
          f" mean {mean * 1000:.1f} ± {spread * 1000:.1f} ms, slowest {max(seconds):.2f} s"
          f" (deal {max(results, key=lambda r: r.seconds).deal})")
    cpu = [result.cpu_seconds for result in results]
    median_c, low_c, high_c = median_interval(cpu)
    mean_c, spread_c = mean_interval(cpu)
    print(f"processor seconds a deal: median {median_c * 1000:.1f} ms"
          f" (95% CI {low_c * 1000:.1f}-{high_c * 1000:.1f}),"
          f" mean {mean_c * 1000:.1f} ± {spread_c * 1000:.1f} ms, total {sum(cpu):.1f} s")
    median_p, low_p, high_p = median_interval([float(p) for p in positions])
    mean_p, spread_p = mean_interval([float(p) for p in positions])
    print(f"positions a deal: median {median_p:.0f} (95% CI {low_p:.0f}-{high_p:.0f}),"
          f" mean {mean_p:.0f} ± {spread_p:.0f}, most {max(positions)}")
    rates = [r.positions / r.cpu_seconds for r in results
             if r.positions >= 1000 and r.cpu_seconds > 0]
    if rates:
        rate, rate_spread = mean_interval(rates)
        print(f"positions a processor second (deals of 1000+ positions): {rate:.0f}"
              f" ± {rate_spread:.0f} (the solver's budget rate is {POSITIONS_PER_SECOND})")
    impossible = [r for r in results if r.deal == KNOWN_IMPOSSIBLE]
    if impossible:
        r = impossible[0]
        print(f"deal {KNOWN_IMPOSSIBLE}: {r.verdict} in {r.seconds:.2f} s, {r.positions} positions")
    if fc_solve is not None:
        fc_wall, unsolved = fc_solve
        print(f"fc-solve -l lg wall time: {fc_wall:.1f} s, unsolved: {unsolved or 'none'}")
        print(f"ratio, our wall time to fc-solve's: {wall / fc_wall:.1f}")
    else:
        print("fc-solve not run: no ratio")
    if kpat is not None:
        kpat_wall, counts, word = kpat
        verdicts = ", ".join(f"{verdict} {count}" for verdict, count in sorted(counts.items()))
        print(f"kpat --solve wall time: {kpat_wall:.1f} s ({verdicts or 'no answers read'});"
              f" deal {KNOWN_IMPOSSIBLE}: {word or 'not in the range'};"
              f" ratio, our wall time to kpat's: {wall / kpat_wall:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=32000)
    parser.add_argument("--budget", type=float, default=600.0,
                        help="seconds of search a deal (at the solver's rate)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-peers", dest="peers", action="store_false")
    parser.add_argument("--save", help="write one line a deal to this file")
    parser.add_argument("--sample", type=int, help="solve this many deals drawn from the range")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    deals = list(range(options.first, options.last + 1))
    if options.sample:
        deals = sorted(random.Random(options.seed).sample(deals, options.sample))
    results, wall = run_ours(deals, options.budget, options.jobs)
    if options.save:
        with open(options.save, "w", encoding="utf-8") as out:
            out.writelines(f"{r.deal} {r.verdict} {r.positions} {r.seconds:.4f}"
                           f" {r.cpu_seconds:.4f} {r.steps}\n" for r in results)
    peers = options.peers and not options.sample
    fc_solve = run_fc_solve(options.first, options.last) if peers else None
    kpat = run_kpat(options.first, options.last) if peers else None
    report(results, wall, options.jobs, fc_solve, kpat)
    if peers and kpat is None:
        print("kpat is not installed: no KPatience figures in this run.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
