"""Calculation's solver over a range of deals, beside another tree's solver
(main's, say) in the same run (not part of the tests).

    git archive main cardgui | tar -x -C /tmp/calc-main      # the peer, once
    nice python bench/calculation_solver.py [--first 1] [--last 1000] [--budget 10]
                                            [--peer /tmp/calc-main] [--pure] > run.txt
    python bench/calculation_solver.py --summarize run.txt     # a run stopped early

There is no outside Calculation solver to compare with, so the peer is a
cardgui tree given by ``--peer`` (a folder holding its ``cardgui`` package,
for instance main's exported by ``git archive``); without it, only this
tree's solver runs.  Each solver runs in a worker process of its own (the
peer's with the peer's tree first on ``sys.path``), one deal at a time, the
two taking turns deal by deal and going first on alternate deals, so both
see the same load.  Every claimed win is replayed through the engine's
checked moves (``Game.apply``) in the worker, by the worker's own engine.

Printed: for each solver, how many deals came out winnable, impossible and
unknown, each share with its 95% interval (Wilson); the processor seconds a
deal (mean with its 95% interval, median, slowest) and the positions
searched a second; then the ratio of the mean times and the paired
difference with its interval; last, issue #28's row for this tree.  The
budget is counted in positions (each solver's own ``POSITIONS_PER_SECOND``),
so the verdicts do not depend on the machine's load; the times do.  Each
deal's outcomes are printed as they come (``deal N: name verdict seconds
positions; ...``), and ``--summarize`` prints the figures again from such a
record, of a whole run or one stopped early.  ``--pure`` makes this tree's
solver use its pure-Python search even where the compiled one was built
(same verdicts).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from intervals import census, format_mean, format_rate, mean_interval

HERE = Path(__file__).resolve().parent
OURS = HERE.parent
OURS_LABEL, PEER = "this-tree", "peer"
DEAL_LINE = re.compile(r"^deal (\d+): (.*)$")
WORKER_TIMEOUT = 600.0      # seconds one deal may take before the bench gives up on it


@dataclass(frozen=True)
class Outcome:
    deal: int
    verdict: str          # winnable, impossible or unknown
    seconds: float        # processor seconds of the search and its check
    positions: int


class Worker:
    """A solver in a process of its own, fed one deal number a line."""

    def __init__(self, label: str, tree: Path, budget: float, pure: bool) -> None:
        self.label = label
        environment = dict(os.environ, PYTHONPATH=str(tree))
        command = [sys.executable, str(Path(__file__).resolve()), "--worker",
                   "--budget", str(budget)] + (["--pure"] if pure else [])
        self.process = subprocess.Popen(command, cwd=tree, env=environment, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.outcomes: list[Outcome] = []

    def solve(self, deal: int) -> Outcome:
        """This worker's outcome for ``deal`` (kept in ``outcomes`` too)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{deal}\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.label}'s worker ended at deal {deal}")
        fields = json.loads(line)
        outcome = Outcome(deal, fields["verdict"], fields["seconds"], fields["positions"])
        self.outcomes.append(outcome)
        return outcome

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=WORKER_TIMEOUT)


def work(budget_seconds: float, pure: bool) -> None:
    """The worker: solve each deal number read from stdin, check a win by
    replaying it, write one JSON line."""
    from cardgui.engine.games.calculation import solver
    from cardgui.engine.games.calculation.game import Calculation
    from cardgui.engine.search.budget import Budget
    if pure:
        from cardgui.engine.games.calculation import solver_search
        solver_search.COMPILED = False      # the default search() falls back on
    for line in sys.stdin:
        deal = int(line)
        began = time.process_time()
        game = Calculation(deal)
        result = solver.solve(game, Budget(budget_seconds))
        if result.verdict.value == "winnable":
            for step in result.steps:
                game.apply(step)            # the engine's checked move
            if not game.is_won:
                raise AssertionError(f"deal {deal}: the line does not win")
        seconds = time.process_time() - began
        print(json.dumps({"verdict": result.verdict.value, "seconds": seconds,
                          "positions": result.positions}), flush=True)


def report(name: str, outcomes: list[Outcome]) -> None:
    count = len(outcomes)
    print(f"\n{name}: {count} deals")
    for verdict in ("winnable", "impossible", "unknown"):
        hits = sum(outcome.verdict == verdict for outcome in outcomes)
        print(f"  {verdict:10s} {format_rate(hits, count)}")
    seconds = [outcome.seconds for outcome in outcomes]
    positions = sum(outcome.positions for outcome in outcomes)
    slowest = max(outcomes, key=lambda outcome: outcome.seconds)
    print(f"  processor seconds a deal {format_mean(seconds)}"
          f"  median {statistics.median(seconds):.3f}"
          f"  slowest {slowest.seconds:.2f} (deal {slowest.deal})")
    print(f"  positions a second {positions / max(sum(seconds), 1e-9):,.0f}")
    unknown = [outcome.deal for outcome in outcomes if outcome.verdict == "unknown"]
    if unknown:
        print(f"  unknown: {' '.join(map(str, unknown[:40]))}{' ...' if len(unknown) > 40 else ''}")


def compare(ours: list[Outcome], peer: list[Outcome], peer_name: str) -> None:
    ours_mean = statistics.fmean(outcome.seconds for outcome in ours)
    peer_mean = statistics.fmean(outcome.seconds for outcome in peer)
    mean, half = mean_interval([a.seconds - b.seconds for a, b in zip(peer, ours)])
    print(f"\n{peer_name} / this tree, mean processor seconds a deal: "
          f"{peer_mean / max(ours_mean, 1e-9):.1f}x")
    print(f"  paired difference ({peer_name} - this tree) {mean:.3f} ± {half:.3f} s a deal")
    both = [(a.verdict, b.verdict) for a, b in zip(ours, peer)]
    disagree = [(a.deal, a.verdict, b.verdict) for a, b in zip(ours, peer)
                if {a.verdict, b.verdict} == {"winnable", "impossible"}]
    print(f"  decided by this tree, unknown to {peer_name}: "
          f"{sum(a != 'unknown' and b == 'unknown' for a, b in both)}; the other way: "
          f"{sum(a == 'unknown' and b != 'unknown' for a, b in both)}")
    if disagree:
        print(f"  CONTRADICTIONS (winnable against impossible): {disagree}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds a deal (as positions)")
    parser.add_argument("--peer", type=Path, help="a folder holding another cardgui package")
    parser.add_argument("--pure", action="store_true", help="this tree's pure-Python search")
    parser.add_argument("--summarize", type=Path, help="the figures from a run's record")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.summarize is not None:
        summarize(read_record(arguments.summarize))
        return
    if arguments.worker:
        work(arguments.budget, arguments.pure)
        return
    if arguments.peer is not None and not (arguments.peer / "cardgui").is_dir():
        parser.exit(2, f"{arguments.peer} holds no cardgui package\n")
    workers = [Worker(OURS_LABEL, OURS, arguments.budget, arguments.pure)]
    if arguments.peer is not None:
        print(f"peer: the cardgui in {arguments.peer.resolve()}")
        workers.append(Worker(PEER, arguments.peer.resolve(), arguments.budget, False))
    print(f"Calculation deals {arguments.first}-{arguments.last}, budget {arguments.budget:g} s "
          f"(as positions); load average at the start {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores")
    began = time.monotonic()
    for deal in range(arguments.first, arguments.last + 1):
        turn = workers if deal % 2 else workers[::-1]
        for worker in turn:
            worker.solve(deal)
        print(f"deal {deal}: " + "; ".join(
            f"{worker.label} {worker.outcomes[-1].verdict} {worker.outcomes[-1].seconds:.4f} "
            f"{worker.outcomes[-1].positions}" for worker in workers), flush=True)
    for worker in workers:
        worker.close()
    summarize({worker.label: worker.outcomes for worker in workers})
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}; "
          f"{time.monotonic() - began:.0f} s in all")


def summarize(outcomes: dict[str, list[Outcome]]) -> None:
    """Print the figures for each solver's outcomes, and the comparison."""
    for label, each in outcomes.items():
        report(label, each)
    if PEER in outcomes:
        compare(outcomes[OURS_LABEL], outcomes[PEER], PEER)
    ours = outcomes.get(OURS_LABEL, [])
    if ours:
        print(f"\nissue #28 row: Calculation solver, unknown at the budget, deals "
              f"{ours[0].deal}-{ours[-1].deal}: "
              + census([outcome.verdict for outcome in ours],
                       [outcome.seconds for outcome in ours]))


def read_record(path: Path) -> dict[str, list[Outcome]]:
    """The outcomes in a run's record (its ``deal N: ...`` lines)."""
    outcomes: dict[str, list[Outcome]] = {}
    for line in path.read_text().splitlines():
        found = DEAL_LINE.match(line)
        if not found:
            continue
        deal = int(found.group(1))
        for part in found.group(2).split("; "):
            label, verdict, seconds, positions = part.split()
            outcomes.setdefault(label, []).append(
                Outcome(deal, verdict, float(seconds), int(positions)))
    return outcomes


if __name__ == "__main__":
    main()
