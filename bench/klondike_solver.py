"""The Klondike solver over many deals, beside KPatience's (not part of the tests).

    python bench/klondike_solver.py [--first 1] [--last 1000] [--budget 10]
                                    [--processes N] [--no-kpat] [--kpat-only] [--pure]

Solves our deals ``first``..``last`` with a budget of ``budget`` seconds each
(counted in positions, so the verdicts do not depend on the machine), spread
over every core, and prints how many came out winnable, impossible and
unknown, the winnable share with its 95% confidence interval (Wilson), the
total and median seconds a deal and the positions searched a second.  Then,
in the same run and over as many processes, ``kpat --solve`` on KPatience's
own deals of the same numbers, draw three (its solver's own limit, not ours),
with the same figures, and the ratios between the two.  KPatience runs
headless with ``QT_QPA_PLATFORM=offscreen`` and a settings folder of its own
that selects draw three.  ``--pure`` runs our pure-Python search even where
the compiled one was built (same verdicts, slower).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass
from typing import Iterable

from cardgui.engine.games.klondike import solver_search
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.solver import POSITIONS_PER_SECOND, solve
from cardgui.engine.search.budget import Budget

KPAT = shutil.which("kpat") or ("/usr/games/kpat" if os.path.exists("/usr/games/kpat") else None)
KPAT_LINE = re.compile(r"^(\d+) (won|lost|unknown) \((\d+) ms\)$")
VERDICT_WORDS = {"won": "winnable", "lost": "impossible", "unknown": "unknown"}


@dataclass(frozen=True)
class Outcome:
    deal: int
    verdict: str          # winnable, impossible or unknown
    seconds: float
    positions: int = 0


def solve_one(job: tuple[int, float]) -> Outcome:
    deal, budget = job
    game = Klondike(deal)
    result = solve(game, Budget(budget))
    if result.steps:
        for step in result.steps:      # every win is checked by the engine
            game.apply(step)
        assert game.is_won, f"deal {deal}: the solution does not win"
    return Outcome(deal, result.verdict.value, result.seconds, result.positions)


def use_pure_python() -> None:
    solver_search.COMPILED = False


def ours(first: int, last: int, budget: float, processes: int,
         pure: bool) -> tuple[list[Outcome], float]:
    began = time.perf_counter()
    with multiprocessing.Pool(processes, initializer=use_pure_python if pure else None) as pool:
        outcomes = list(pool.imap_unordered(solve_one, [(deal, budget) for deal in
                                                        range(first, last + 1)]))
    return sorted(outcomes, key=lambda outcome: outcome.deal), time.perf_counter() - began


def kpat_range(first: int, last: int, settings: str) -> list[Outcome]:
    assert KPAT is not None
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=settings)
    finished = subprocess.run([KPAT, "--solve", "0", "--start", str(first), "--end", str(last)],
                              capture_output=True, text=True, env=environment, check=False)
    outcomes = []
    for line in finished.stdout.splitlines():
        match = KPAT_LINE.match(line.strip())
        if match:
            outcomes.append(Outcome(int(match.group(1)), VERDICT_WORDS[match.group(2)],
                                    int(match.group(3)) / 1000))
    return outcomes


def kpat(first: int, last: int, processes: int) -> tuple[list[Outcome], float]:
    with tempfile.TemporaryDirectory() as settings:
        with open(os.path.join(settings, "kpatrc"), "w", encoding="utf-8") as file:
            file.write("[General Settings]\nKlondikeEasy=false\n")     # draw three
        size = math.ceil((last - first + 1) / processes)
        ranges = [(start, min(start + size - 1, last), settings)
                  for start in range(first, last + 1, size)]
        began = time.perf_counter()
        with multiprocessing.Pool(len(ranges)) as pool:
            parts = pool.starmap(kpat_range, ranges)
        wall = time.perf_counter() - began
    return sorted((outcome for part in parts for outcome in part),
                  key=lambda outcome: outcome.deal), wall


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion."""
    if not trials:
        return 0.0, 1.0
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) \
        / (1 + z * z / trials)
    return centre - half, centre + half


def summary(name: str, outcomes: list[Outcome], wall: float) -> dict[str, float]:
    count = len(outcomes)
    by_verdict = {word: sum(outcome.verdict == word for outcome in outcomes)
                  for word in ("winnable", "impossible", "unknown")}
    low, high = wilson(by_verdict["winnable"], count)
    decided = count - by_verdict["unknown"]
    decided_low, decided_high = wilson(by_verdict["winnable"], decided)
    seconds = [outcome.seconds for outcome in outcomes]
    total = sum(seconds)
    print(f"{name}: {count} deals")
    for word, number in by_verdict.items():
        print(f"  {word:<11} {number:5d}  ({100 * number / max(count, 1):.1f}%)")
    print(f"  winnable share       {100 * by_verdict['winnable'] / max(count, 1):.1f}%  "
          f"(95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    if decided:
        print(f"  of those decided     {100 * by_verdict['winnable'] / decided:.1f}%  "
              f"(95% CI {100 * decided_low:.1f}-{100 * decided_high:.1f}%)")
    print(f"  total seconds        {total:.1f} solving, {wall:.1f} wall")
    print(f"  median seconds       {statistics.median(seconds) if seconds else 0:.3f} a deal")
    positions = sum(outcome.positions for outcome in outcomes)
    if positions:
        rates = [outcome.positions / outcome.seconds for outcome in outcomes
                 if outcome.seconds > 0.05]
        print(f"  positions a second   {positions / total:,.0f} overall, median "
              f"{statistics.median(rates) if rates else 0:,.0f} (deals over 0.05 s); "
              f"budget rate {POSITIONS_PER_SECOND:,}")
        unknown_positions = [o.positions for o in outcomes if o.verdict == "unknown"]
        decided_positions = [o.positions for o in outcomes if o.verdict != "unknown"]
        if decided_positions:
            print(f"  positions a deal     median {statistics.median(decided_positions):,.0f}, "
                  f"largest decided {max(decided_positions):,}"
                  + (f", unknown stop at {unknown_positions[0]:,}" if unknown_positions else ""))
    return {"total": total, "wall": wall, "unknown": by_verdict["unknown"] / max(count, 1)}


def unknown_deals(outcomes: Iterable[Outcome]) -> str:
    return " ".join(str(outcome.deal) for outcome in outcomes if outcome.verdict == "unknown")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds a deal (default 10)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-kpat", action="store_true", help="skip KPatience")
    parser.add_argument("--kpat-only", action="store_true", help="only KPatience")
    parser.add_argument("--pure", action="store_true", help="our pure-Python search")
    args = parser.parse_args()
    compiled = solver_search.COMPILED and not args.pure
    print(f"deals {args.first}-{args.last}, budget {args.budget:g} s "
          f"({args.budget * POSITIONS_PER_SECOND:,.0f} positions), {args.processes} processes, "
          f"{'compiled' if compiled else 'pure-Python'} search")
    mine = theirs = None
    if not args.kpat_only:
        outcomes, wall = ours(args.first, args.last, args.budget, args.processes, args.pure)
        mine = summary("cardgui solver", outcomes, wall)
        print(f"  unknown deals: {unknown_deals(outcomes) or 'none'}")
    if not args.no_kpat:
        if KPAT is None:
            print("kpat: not installed (apt install kpat); no comparison")
        else:
            outcomes, wall = kpat(args.first, args.last, args.processes)
            if outcomes:
                theirs = summary("kpat --solve (its own deals, draw three)", outcomes, wall)
            else:
                print("kpat: printed no results (it needs QT_QPA_PLATFORM=offscreen to run headless)")
    if mine and theirs:
        print(f"ratio ours/kpat: total seconds {mine['total'] / theirs['total']:.2f}, "
              f"wall {mine['wall'] / theirs['wall']:.2f}, unknown share "
              f"{100 * mine['unknown']:.1f}% vs {100 * theirs['unknown']:.1f}%")


if __name__ == "__main__":
    main()
