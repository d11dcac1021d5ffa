"""The FreeCell solver beside Freecell Solver, measured in the same run (not
part of the tests).

    python bench/freecell_solver.py [--rounds 5] [--budget 10] [--before DIR]
    python bench/freecell_solver.py --timing [--deals 1-2000] [--rounds 5] [--alone]
                                    [--before DIR]
    python bench/freecell_solver.py --census [--deals 1-32000] [--budget 10]
                                    [--jobs N] [--pure] [--sample N [--seed S]]
                                    [--save FILE]

The issue's row (the default): the timing below over deals 1-2000, then
``cardgui solve freecell --deals 1-32000`` once for its count of unknown
deals (with its 95% Wilson interval) beside the peer's unsolved ones over
the same deals, then the row as issue #28's table has it: our processor
seconds and the peer's, the ratio with its interval, the unknown count.

Timing (``--timing``): in each of ``--rounds`` rounds, one after another and
in alternating order, the programs solve the same deals from fresh
processes:

* ``freecell-solver-range-parallel-solve A B 1 -l lg``, Freecell Solver's
  range solver with its "looking glass" preset (one process; it prints
  whether each deal was solved, no solutions);
* ``cardgui solve freecell --deals A-B``, the command as a player runs it:
  every deal on every core, each winning line replayed through the engine;
* with ``--alone``, our solver alone in one process (``solver.solve`` on
  each deal, nothing replayed or written), like for like with the peer's
  range solver;
* with ``--before DIR``, the same command from another checkout (``git
  archive`` of the commit before a change, its extensions built with
  ``python setup.py build_ext --inplace``), so a change's before and after
  come from the same rounds.

It prints each program's wall seconds and processor seconds (of all its
processes; a busy machine disturbs them less), each the mean and 95%
interval over the rounds (Student's t), our counts of unknown and
impossible deals beside the peer's unsolved ones, and the ratios of our
times to the peer's, pair by pair (the mean of each round's ratio, with its
interval), with the load average before and after.

Census (``--census``): our solver alone on every deal of the range (1-32000
by default) at the default budget, on every core, then the peer's range
solver once over the same deals.  Prints the count of each verdict, the
unknown share with its 95% Wilson interval, the impossible deals, the
positions a deal (median with its order-statistics interval, mean with its
interval, the most), and the positions a processor second over the deals of
10,000 positions or more (what ``solver.POSITIONS_PER_SECOND`` is weighed
against: it is set below it on purpose, see there).  ``--pure`` uses the
pure-Python search (the same verdicts and positions, slower); ``--sample``
draws that many deals from the range.

Both programs share the machine with whatever else runs; run it under
``nice`` and compare the ratios, which come from interleaved rounds.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.search import COMPILED
from cardgui.engine.games.freecell.solver import POSITIONS_PER_SECOND, solve
from cardgui.engine.search.budget import Budget

PEER = "freecell-solver-range-parallel-solve"
DEFAULT_BUDGET = 10.0          # seconds, as ``cardgui solve`` and the window's verdict use
KNOWN_IMPOSSIBLE = (11982,)    # the only deal of 1-32000 no one wins
_SUMMARY = re.compile(r"^(\d+) deals: (\d+) winnable, (\d+) impossible, (\d+) unknown$")
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
        10: 2.23, 12: 2.18, 15: 2.13, 20: 2.09, 30: 2.04}


# -- intervals -----------------------------------------------------------------

def t_quantile(freedom: int) -> float:
    """Student's t for a two-sided 95% interval (the next smaller tabled
    degrees of freedom, so the interval errs wide)."""
    known = [df for df in _T95 if df <= freedom]
    return _T95[max(known)] if known else math.inf


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (Student's t)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))


def wilson(hits: int, total: int) -> tuple[float, float, float]:
    """The share and its 95% Wilson interval."""
    z = 1.959964
    rate = hits / total
    centre = (rate + z * z / (2 * total)) / (1 + z * z / total)
    margin = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total)) \
        / (1 + z * z / total)
    return rate, max(0.0, centre - margin), min(1.0, centre + margin)


def median_interval(values: list[float]) -> tuple[float, float, float]:
    """The median and a distribution-free 95% interval from order statistics."""
    ordered = sorted(values)
    count = len(ordered)
    half_width = 1.96 * math.sqrt(count) / 2
    low = max(0, math.floor(count / 2 - half_width))
    high = min(count - 1, math.ceil(count / 2 + half_width))
    return statistics.median(ordered), ordered[low], ordered[high]


def interval_text(values: list[float], unit: str = " s", digits: int = 2) -> str:
    mean, half = mean_interval(values)
    return f"{mean:.{digits}f}{unit} ± {half:.{digits}f}"


# -- the programs ----------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    """One program's run over the deals: wall seconds, processor seconds
    (of all its processes), and the deals it left unsolved, by verdict."""

    seconds: float
    cpu_seconds: float
    unknown: int
    impossible: int


def timed(argv: list[str], tree: str | None = None) -> tuple[float, float, str]:
    """Run ``argv`` to its end (in ``tree``, importing from there first, if
    given): the wall seconds, the processor seconds of it and every process
    it started, and what it printed."""
    environment = None
    if tree is not None:
        environment = {**os.environ, "PYTHONPATH": os.path.abspath(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    output = subprocess.run(argv, capture_output=True, text=True, check=True, cwd=tree,
                            env=environment, timeout=3600).stdout
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu, output


def run_peer(first: int, last: int) -> Run:
    """Freecell Solver's range solver over the deals (its unsolved ones are
    all counted as impossible: it says only that it could not solve them)."""
    seconds, cpu, output = timed([PEER, str(first), str(last), "1", "-l", "lg"])
    unsolved = sum(line.startswith("Unsolved Board") for line in output.splitlines())
    return Run(seconds, cpu, 0, unsolved)


def run_command(first: int, last: int, budget: float, tree: str | None = None) -> Run:
    """``cardgui solve freecell --deals A-B`` as a player runs it; with
    ``tree``, the cardgui of that checkout (its extensions built in place)."""
    budget_flag = [] if budget == DEFAULT_BUDGET else ["--budget", str(budget)]
    seconds, cpu, output = timed([sys.executable, "-m", "cardgui", "solve", "freecell",
                                  "--deals", f"{first}-{last}", *budget_flag], tree)
    for line in output.splitlines():
        match = _SUMMARY.match(line)
        if match:
            return Run(seconds, cpu, int(match.group(4)), int(match.group(3)))
    raise RuntimeError("cardgui solve printed no summary:\n" + output[-2000:])


def run_alone(first: int, last: int, budget: float) -> Run:
    """Our solver alone on each deal, in one fresh process."""
    seconds, cpu, output = timed([sys.executable, __file__, "--alone-worker", f"{first}-{last}",
                                  "--budget", str(budget)])
    counts = json.loads(output)
    return Run(seconds, cpu, counts["unknown"], counts["impossible"])


def alone(first: int, last: int, budget: float) -> None:
    """The worker of ``run_alone``: prints the counts of each verdict."""
    counts = {"winnable": 0, "impossible": 0, "unknown": 0}
    for deal in range(first, last + 1):
        counts[solve(FreeCell(deal), Budget(budget)).verdict.value] += 1
    print(json.dumps(counts))


def load_text() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


def timing(first: int, last: int, rounds: int, budget: float,
           with_alone: bool = False, before: str | None = None) -> dict[str, list[Run]]:
    """The interleaved rounds; prints them and their figures, returns the runs."""
    if shutil.which(PEER) is None:
        sys.exit(f"{PEER} is not installed (Debian: apt install freecell-solver-bin)")
    programs = {"fc-solve -l lg": lambda: run_peer(first, last),
                "cardgui solve": lambda: run_command(first, last, budget)}
    if with_alone:
        programs["our solver alone"] = lambda: run_alone(first, last, budget)
    if before is not None:
        programs["cardgui before"] = lambda: run_command(first, last, budget, before)
    runs: dict[str, list[Run]] = {name: [] for name in programs}
    print(f"deals {first}-{last}, {rounds} rounds, budget {budget:g} s a deal "
          f"({'compiled' if COMPILED else 'pure-Python'} search); before: {load_text()}",
          flush=True)
    for number in range(rounds):
        order = list(programs) if number % 2 == 0 else list(reversed(programs))
        for name in order:
            runs[name].append(programs[name]())
        print(f"round {number + 1}: " + ", ".join(
            f"{name} {runs[name][-1].seconds:.2f} s ({runs[name][-1].cpu_seconds:.2f} s cpu)"
            for name in programs), flush=True)
    print(f"after: {load_text()}")
    peer = runs["fc-solve -l lg"]
    for name, done in runs.items():
        last_run = done[-1]
        counts = (f"unsolved {last_run.impossible}" if name.startswith("fc-solve") else
                  f"unknown {last_run.unknown}, impossible {last_run.impossible}")
        print(f"{name:>17}: wall {interval_text([run.seconds for run in done])}, "
              f"processor {interval_text([run.cpu_seconds for run in done])}  ({counts})")
    for name, done in runs.items():
        if name.startswith("fc-solve"):
            continue
        wall = [run.seconds / other.seconds for run, other in zip(done, peer)]
        cpu = [run.cpu_seconds / other.cpu_seconds for run, other in zip(done, peer)]
        print(f"{name:>17} to fc-solve: wall {interval_text(wall, 'x', 1)}, "
              f"processor {interval_text(cpu, 'x', 1)} (pair by pair)")
    return runs


def issue_row(first: int, last: int, rounds: int, budget: float, census_last: int,
              before: str | None = None) -> None:
    """The timing, the census by the command itself, and issue #28's row
    (with ``before``, the other checkout's timing figures too)."""
    runs = timing(first, last, rounds, budget, before=before)
    ours, peer = runs["cardgui solve"], runs["fc-solve -l lg"]
    print(f"\ncensus: cardgui solve freecell --deals 1-{census_last}; before: {load_text()}",
          flush=True)
    census_run = run_command(1, census_last, budget)
    peer_census = run_peer(1, census_last)
    share, low, high = wilson(census_run.unknown, census_last)
    print(f"unknown {census_run.unknown} of {census_last:,} ({share:.3%}, 95% CI {low:.3%} "
          f"to {high:.3%}), impossible {census_run.impossible}; {census_run.cpu_seconds:.1f} "
          f"processor s; fc-solve -l lg leaves {peer_census.impossible} unsolved, "
          f"{peer_census.cpu_seconds:.1f} processor s; after: {load_text()}")
    cpu = [run.cpu_seconds / other.cpu_seconds for run, other in zip(ours, peer)]
    wall = [run.seconds / other.seconds for run, other in zip(ours, peer)]
    ratio, half = mean_interval(cpu)
    met = ratio + half <= 5 and census_run.unknown == 0
    print("\n| | now | goal |\n|---|---|---|")
    print(f"| FreeCell solver, `cardgui solve freecell --deals {first}-{last}` beside "
          f"`{PEER} {first} {last} 1 -l lg`, same run | "
          f"{interval_text([run.cpu_seconds for run in ours])} against "
          f"{interval_text([run.cpu_seconds for run in peer])} of processor time, "
          f"{ratio:.1f}x ± {half:.1f} pair by pair ({rounds} rounds; wall "
          f"{interval_text(wall, 'x', 1)}); deals 1-{census_last:,}: {census_run.unknown} "
          f"unknown (95% CI {low:.3%} to {high:.3%}) | within 5x, zero unknown |")
    print(f"goal {'met' if met else 'not met'} ({load_text()} at the end)")
    if before is not None:
        earlier = runs["cardgui before"]
        ratio, half = mean_interval([run.cpu_seconds / other.cpu_seconds
                                     for run, other in zip(earlier, peer)])
        change, change_half = mean_interval([run.cpu_seconds / other.cpu_seconds
                                             for run, other in zip(ours, earlier)])
        print(f"before ({before}), same rounds: "
              f"{interval_text([run.cpu_seconds for run in earlier])} of processor time, "
              f"{ratio:.1f}x ± {half:.1f} fc-solve's; now to before: "
              f"{change:.2f}x ± {change_half:.2f} pair by pair")


# -- the census ------------------------------------------------------------------------

@dataclass(frozen=True)
class DealResult:
    deal: int
    verdict: str
    positions: int
    cpu_seconds: float
    steps: int


def solve_deal(job: tuple[int, float, bool]) -> DealResult:
    """One deal, solved in a worker process."""
    deal, budget, pure = job
    started = time.process_time()
    result = solve(FreeCell(deal), Budget(budget), compiled=False if pure else None)
    return DealResult(deal, result.verdict.value, result.positions,
                      time.process_time() - started, len(result.steps))


def census(deals: list[int], budget: float, jobs: int, pure: bool, save: str | None) -> None:
    started = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        results = sorted(pool.imap_unordered(solve_deal, [(deal, budget, pure) for deal in deals],
                                             chunksize=16), key=lambda result: result.deal)
    wall = time.perf_counter() - started
    if save:
        with open(save, "w", encoding="utf-8") as out:
            out.writelines(f"{r.deal} {r.verdict} {r.positions} {r.cpu_seconds:.4f} {r.steps}\n"
                           for r in results)
    counts = {verdict: sum(r.verdict == verdict for r in results)
              for verdict in ("winnable", "impossible", "unknown")}
    total = len(results)
    search = "pure-Python" if pure or not COMPILED else "compiled"
    print(f"{total} deals ({deals[0]}-{deals[-1]}), budget {budget:g} s a deal = "
          f"{Budget(budget).positions(POSITIONS_PER_SECOND):,} positions, {search} search, "
          f"{jobs} processes, {wall:.1f} s by the clock (load {os.getloadavg()[0]:.1f})")
    print("verdicts: " + ", ".join(f"{verdict} {count}" for verdict, count in counts.items()))
    share, low, high = wilson(counts["unknown"], total)
    print(f"unknown: {counts['unknown']} of {total}, {share:.3%} (95% CI {low:.3%} to {high:.3%})")
    impossible = [r.deal for r in results if r.verdict == "impossible"]
    print(f"impossible: {impossible or 'none'}"
          + ("" if set(KNOWN_IMPOSSIBLE) & set(deals) <= set(impossible)
             else f" (but {KNOWN_IMPOSSIBLE} are known impossible!)"))
    positions = [float(r.positions) for r in results]
    median, low_m, high_m = median_interval(positions)
    slowest = max(results, key=lambda r: r.positions)
    print(f"positions a deal: median {median:.0f} (95% CI {low_m:.0f}-{high_m:.0f}), "
          f"mean {interval_text(positions, '', 0)}, "
          f"most {slowest.positions:,} (deal {slowest.deal})")
    print(f"processor seconds: {sum(r.cpu_seconds for r in results):.1f} in all, "
          f"mean {interval_text([r.cpu_seconds * 1000 for r in results], ' ms', 2)} a deal")
    rates = [r.positions / r.cpu_seconds for r in results
             if r.positions >= 10_000 and r.cpu_seconds > 0]
    if len(rates) >= 2:
        print(f"positions a processor second, deals of 10,000 positions or more ({len(rates)}): "
              f"{interval_text(rates, '', 0)} (the budget's rate is {POSITIONS_PER_SECOND:,})")
    if shutil.which(PEER) and not pure and deals == list(range(deals[0], deals[-1] + 1)):
        peer = run_peer(deals[0], deals[-1])
        print(f"fc-solve -l lg on the same deals: unsolved {peer.impossible}, "
              f"{peer.seconds:.1f} s by the clock (one process)")


def deal_range(text: str) -> tuple[int, int]:
    first, _, last = text.partition("-")
    return int(first), int(last or first)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=deal_range, default=None,
                        help="A-B (1-2000 for timing, 1-32000 for the census)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    parser.add_argument("--census", action="store_true")
    parser.add_argument("--timing", action="store_true", help="the timing rounds only")
    parser.add_argument("--alone", action="store_true",
                        help="time our solver alone too (--timing)")
    parser.add_argument("--before", metavar="DIR",
                        help="time the cardgui of another checkout too, its extensions built "
                             "in place: a change's before and after in one run")
    parser.add_argument("--census-last", type=int, default=32000,
                        help="the issue's row: the census runs over deals 1 to this")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pure", action="store_true", help="the pure-Python search")
    parser.add_argument("--sample", type=int, help="this many deals drawn from the range")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="write a line a deal to this file (census)")
    parser.add_argument("--alone-worker", type=deal_range, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.alone_worker:
        first, last = options.alone_worker
        alone(first, last, options.budget)
        return 0
    if options.census:
        first, last = options.deals or (1, 32000)
        deals = list(range(first, last + 1))
        if options.sample:
            deals = sorted(random.Random(options.seed).sample(deals, options.sample))
        census(deals, options.budget, options.jobs, options.pure, options.save)
        return 0
    first, last = options.deals or (1, 2000)
    if options.timing:
        timing(first, last, options.rounds, options.budget, options.alone, options.before)
    else:
        issue_row(first, last, options.rounds, options.budget, options.census_last,
                  options.before)
    return 0


if __name__ == "__main__":
    sys.exit(main())
