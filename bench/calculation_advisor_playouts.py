"""Calculation's advisor, compiled play-outs against the pure-Python ones at
the same setting, interleaved deal by deal in one run (not part of the tests).

    python bench/calculation_advisor_playouts.py [--first A] [--last B]
        [--seconds S] [--budget SECONDS] [--workers N]

For every deal from A to B: the advisor with the pure-Python play-outs (800
a second of the setting: the advisor as it was before they were compiled),
then with the compiled ones (20,000 a second), both at S seconds a card, and
the full-knowledge solver's verdict at the given budget.  Prints each win
rate with its 95% Wilson interval, the share of the solver-winnable deals
each wins (the issue's goal: at least 80%), and the seconds each took.  Run
it with ``nice``; the machine's load changes the seconds, not the moves.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time

from intervals import format_rate

from cardgui.engine.games.calculation import advisor
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.playouts import COMPILED
from cardgui.engine.games.calculation.solver import solve
from cardgui.engine.search.budget import Budget


def play(job: tuple[int, float, float]) -> tuple[int, dict[str, object]]:
    deal, seconds, budget = job
    outcome: dict[str, object] = {}
    for name, compiled in (("pure", False), ("compiled", True)):
        started = time.perf_counter()
        outcome[name] = advisor.play_deal(deal, seconds, compiled).won
        outcome[name + " seconds"] = time.perf_counter() - started
    outcome["solver"] = solve(Calculation(deal), Budget(budget)).verdict.value
    return deal, outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=advisor.DEFAULT_SECONDS)
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args()
    if not COMPILED:
        print("the compiled play-outs were not built: nothing to compare", file=sys.stderr)
        return 2
    jobs = [(deal, arguments.seconds, arguments.budget)
            for deal in range(arguments.first, arguments.last + 1)]
    outcomes: dict[int, dict[str, object]] = {}
    with multiprocessing.Pool(arguments.workers) as pool:
        for deal, outcome in pool.imap_unordered(play, jobs):
            outcomes[deal] = outcome
            print(f"deal {deal}: {outcome}", file=sys.stderr, flush=True)
    total = len(outcomes)
    winnable = [deal for deal, outcome in outcomes.items() if outcome["solver"] == "winnable"]
    print(f"deals {arguments.first}-{arguments.last} at {arguments.seconds} s a card; "
          f"solver at {arguments.budget} s: {format_rate(len(winnable), total)} winnable")
    for name in ("pure", "compiled"):
        wins = sum(1 for outcome in outcomes.values() if outcome[name])
        won_winnable = sum(1 for deal in winnable if outcomes[deal][name])
        seconds = sum(float(str(outcome[name + " seconds"])) for outcome in outcomes.values())
        print(f"{name:>8} play-outs: wins {format_rate(wins, total)}; "
              f"of the solver-winnable {format_rate(won_winnable, len(winnable))}; "
              f"{seconds / total:.1f} s a deal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
