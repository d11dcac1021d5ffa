"""The Spider solver beside KPatience's, on the same layouts (not part of the tests).

    python bench/spider_solver.py [--first 1] [--last 100] [--suits 1 4]
                                  [--budget 10] [--processes N] [--no-kpat]

Deal N with S suits here is KPatience's deal N with S suits, card for card
(``cardgui/engine/games/spider/deal.py``; ``tests/engine/test_spider_deals.py``
holds layouts read from KPatience), so both solvers get the same layouts.
For every deal and suit count it runs our solver with a budget of
``budget`` seconds (counted in positions at the solver's fixed rate, so the
verdicts do not depend on the machine) and ``kpat --solve`` on the same deal,
the two jobs interleaved in one pool so that both meet the same load.
KPatience runs headless (``QT_QPA_PLATFORM=offscreen``) with a settings
folder of its own choosing the suit count; it is given the same seconds of
processor time for its search (its own start-up, measured before, not
counted): an answer that took longer counts as unknown, and it is stopped at
four times the budget (its search also stops by itself, unknown, when it
has used 30 MB).  For each program and suit count it prints the winnable, impossible
and unknown counts with 95% intervals (Wilson) and the seconds a deal (mean
with its 95% interval), the ratio of our seconds to KPatience's (the
geometric mean of the per-deal ratios, with its 95% interval), then the
deals where the two disagree.  Every one of
our wins is replayed through the engine.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass

from intervals import format_mean, format_rate, ratio_interval

from cardgui.engine.games.spider import solver_search
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.games.spider.solver import POSITIONS_PER_SECOND, solve
from cardgui.engine.search.budget import Budget
from cardgui.engine.search.check import wins

KPAT = shutil.which("kpat") or ("/usr/games/kpat" if os.path.exists("/usr/games/kpat") else None)
KPAT_SPIDER = "14"        # a Spider id in KPatience's --solve; the suits come from its settings
KPAT_LINE = re.compile(r"^(\d+) (won|lost|unknown) \((\d+) ms\)$")
VERDICT_WORDS = {"won": "winnable", "lost": "impossible", "unknown": "unknown"}
VERDICTS = ("winnable", "impossible", "unknown")
FLOOR = 0.01              # seconds: a shorter time counts as this in a ratio


@dataclass(frozen=True)
class Outcome:
    program: str          # "cardgui" or "kpat"
    suits: int
    deal: int
    verdict: str          # winnable, impossible or unknown
    seconds: float        # processor seconds of the search
    positions: int = 0


def ours(suits: int, deal: int, budget: float) -> Outcome:
    game = Spider(deal, suits=suits)
    started = time.process_time()
    result = solve(game, Budget(budget))
    seconds = time.process_time() - started
    if result.steps:
        assert wins(game, result.steps), f"{suits} suits, deal {deal}: the line does not win"
    return Outcome("cardgui", suits, deal, result.verdict.value, seconds, result.positions)


def kpat_settings(folder: str, suits: int) -> str:
    settings = os.path.join(folder, f"suits{suits}")
    os.makedirs(settings, exist_ok=True)
    with open(os.path.join(settings, "kpatrc"), "w", encoding="utf-8") as file:
        file.write(f"[General Settings]\nSpiderSuits={suits}\n")
    return settings


def kpat_run(suits: int, first: int, last: int, folder: str, timeout: float
             ) -> tuple[str, float]:
    """What ``kpat --solve`` printed for deals ``first``..``last``, and the
    processor seconds it took, start-up included (``""`` if it was stopped)."""
    assert KPAT is not None
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen",
                       XDG_CONFIG_HOME=kpat_settings(folder, suits))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = subprocess.Popen([KPAT, "--solve", KPAT_SPIDER, "--start", str(first), "--end",
                                str(last)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True, env=environment)
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        output = ""
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return output, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def kpat_start_up(folder: str) -> float:
    """KPatience's processor seconds to start and stop, solving nothing
    (the median of three)."""
    return statistics.median(kpat_run(1, 1, 0, folder, 60)[1] for _ in range(3))


def theirs(suits: int, deal: int, budget: float, folder: str, start_up: float) -> Outcome:
    """``kpat --solve`` on one deal, its search's processor seconds being
    its own less its start-up; stopped at four times the budget."""
    output, seconds = kpat_run(suits, deal, deal, folder, 4 * budget + 30)
    search = max(0.0, seconds - start_up)
    for line in output.splitlines():
        match = KPAT_LINE.match(line.strip())
        if match:
            verdict = VERDICT_WORDS[match.group(2)]
            return Outcome("kpat", suits, deal, verdict if search <= budget else "unknown", search)
    return Outcome("kpat", suits, deal, "unknown", search)


def job(work: tuple[str, int, int, float, str, float]) -> Outcome:
    program, suits, deal, budget, folder, start_up = work
    if program == "cardgui":
        return ours(suits, deal, budget)
    return theirs(suits, deal, budget, folder, start_up)


def report(name: str, outcomes: list[Outcome]) -> None:
    count = len(outcomes)
    print(f"  {name} ({count} deals)")
    for verdict in VERDICTS:
        found = sum(outcome.verdict == verdict for outcome in outcomes)
        print(f"    {verdict:<10} {format_rate(found, count)}")
    seconds = [outcome.seconds for outcome in outcomes]
    if len(seconds) >= 2:
        print(f"    seconds a deal {format_mean(seconds)} (median {statistics.median(seconds):.2f},"
              f" most {max(seconds):.2f})")


def format_ratio(ours_seconds: list[float], their_seconds: list[float]) -> str:
    """The geometric mean of the per-deal ratios of processor seconds, with
    its 95% interval (from the mean of the logarithms); a time under 10 ms
    counts as 10 ms."""
    ratios = [max(a, FLOOR) / max(b, FLOOR) for a, b in zip(ours_seconds, their_seconds)]
    if len(ratios) < 2:
        return "too few deals"
    mean, low, high = ratio_interval(ratios)
    return f"{mean:.2f} [{low:.2f}, {high:.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=100)
    parser.add_argument("--suits", type=int, nargs="+", default=[1, 4], choices=[1, 2, 4])
    parser.add_argument("--budget", type=float, default=10.0, help="seconds a deal (default 10)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-kpat", action="store_true", help="only our solver")
    args = parser.parse_args()
    peer = KPAT is not None and not args.no_kpat
    print(f"deals {args.first}-{args.last}, suits {args.suits}, budget {args.budget:g} s a deal "
          f"({args.budget * POSITIONS_PER_SECOND:,.0f} positions for ours), {args.processes} "
          f"processes, {'compiled' if solver_search.COMPILED else 'pure-Python'} search, "
          f"KPatience {'beside' if peer else 'not run'}; load {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        start_up = kpat_start_up(folder) if peer else 0.0
        if peer:
            print(f"KPatience's start-up: {start_up:.2f} processor seconds, taken off its times")
        work = []
        for deal in range(args.first, args.last + 1):
            for suits in args.suits:
                work.append(("cardgui", suits, deal, args.budget, folder, start_up))
                if peer:
                    work.append(("kpat", suits, deal, args.budget, folder, start_up))
        started = time.perf_counter()
        with multiprocessing.Pool(args.processes) as pool:
            outcomes = list(pool.imap_unordered(job, work, chunksize=1))
        wall = time.perf_counter() - started
    print(f"wall {wall:.0f} s; load afterwards {os.getloadavg()[0]:.1f}")
    for suits in args.suits:
        print(f"{suits} suit{'' if suits == 1 else 's'}:")
        mine = sorted((o for o in outcomes if o.suits == suits and o.program == "cardgui"),
                      key=lambda o: o.deal)
        report("cardgui", mine)
        if peer:
            other = {o.deal: o for o in outcomes if o.suits == suits and o.program == "kpat"}
            report("kpat --solve", [other[o.deal] for o in mine])
            ratio = format_ratio([o.seconds for o in mine], [other[o.deal].seconds for o in mine])
            print(f"    seconds ours / KPatience's, paired by deal: {ratio}")
            unknown_ours = sum(o.verdict == "unknown" for o in mine)
            unknown_theirs = sum(other[o.deal].verdict == "unknown" for o in mine)
            print(f"    unknown: ours {unknown_ours}, KPatience's {unknown_theirs}")
            clashes = [o.deal for o in mine if o.verdict == "impossible"
                       and other[o.deal].verdict == "winnable"]
            print(f"    impossible here but won by KPatience: {clashes or 'none'}")
            lost_won = [o.deal for o in mine if o.verdict == "winnable"
                        and other[o.deal].verdict == "impossible"]
            if lost_won:
                print(f"    won here, 'lost' by KPatience: {lost_won}")
        rates = [o.positions / o.seconds for o in mine if o.seconds > 0.2]
        if rates:
            print(f"    our positions a processor second: {format_mean(rates)} "
                  f"(the budget's rate {POSITIONS_PER_SECOND:,}); deals searched slower "
                  f"than it: {sum(rate < POSITIONS_PER_SECOND for rate in rates)} of {len(rates)}")


if __name__ == "__main__":
    main()
