"""The Klondike solver over many deals, beside KPatience's and beside another
tree's solver (not part of the tests).

    python bench/klondike_solver.py [--first 1] [--last 1000] [--budget 10]
                                    [--draw 1|3] [--passes N|unlimited] [--take-back]
                                    [--round 50] [--processes N] [--before TREE]
                                    [--no-kpat] [--pure]

Solves our deals ``first``..``last`` in the variant given (the book's game
by default) with a budget of ``budget`` seconds each (counted in positions,
so the verdicts do not depend on the machine), spread over the processes,
and prints how many came out winnable, impossible and unknown, each with
its 95% interval (Wilson), the processor seconds a deal (the search and the
engine's check of its line: mean with its 95% interval, median, total) and
the positions searched a processor second, then issue #28's row (unknown at
the budget, with its interval).  In the same run, in
interleaved rounds of ``round`` deals (ours, then the other tree's, then
KPatience's, round after round, so that a load on the shared machine falls
on all alike):

* ``--before TREE``: the solver of another checkout of cardgui (main, say;
  run through ``bench/in_tree.py``) on the same deals, variant and budget,
  with the deals whose verdict differs;
* ``kpat --solve`` on KPatience's own deals of the same numbers, draw one or
  three as asked (its solver knows no limit on passes and makes no
  take-backs; its deals are not ours, so only the shares compare).  It runs
  headless with ``QT_QPA_PLATFORM=offscreen`` and a settings folder of its
  own.

The ratio of solving seconds is the geometric mean of the rounds' ratios of
processor seconds (KPatience's measured as its processes' own, the seconds
it prints beside each deal being its clock's), with its 95% interval.
``--pure`` runs our pure-Python search even where the compiled one was
built (same verdicts, slower).  ``--outcomes`` prints one line a deal
instead (what ``--before`` reads from the other tree).  ``--save FILE``
writes those lines beside the usual output, and ``--against FILE`` lists
the deals whose verdict differs from such a file's (an earlier census), so
that two censuses can be compared deal by deal without running both again.
``bench/klondike_census.txt`` is one: deals 1-1,000 of the book's game (draw
three, unlimited passes) at the 10 s budget, 819 winnable, 176 impossible, 5
unknown (its seconds are a loaded machine's).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Iterable

from intervals import census, format_mean, format_rate, ratio_interval

from cardgui.engine.games.klondike import solver_search
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.solver import POSITIONS_PER_SECOND, solve
from cardgui.engine.search.budget import Budget

KPAT = shutil.which("kpat") or ("/usr/games/kpat" if os.path.exists("/usr/games/kpat") else None)
HERE = os.path.dirname(os.path.abspath(__file__))
KPAT_LINE = re.compile(r"^(\d+) (won|lost|unknown) \((\d+) ms\)$")
VERDICT_WORDS = {"won": "winnable", "lost": "impossible", "unknown": "unknown"}


@dataclass(frozen=True)
class Outcome:
    deal: int
    verdict: str          # winnable, impossible or unknown
    seconds: float
    positions: int = 0


def solve_one(job: tuple[int, float, dict[str, Any]]) -> Outcome:
    deal, budget, rules = job
    began = time.process_time()
    game = Klondike(deal, **rules)
    result = solve(game, Budget(budget))
    if result.steps:
        for step in result.steps:      # every win is checked by the engine
            game.apply(step)
        assert game.is_won, f"deal {deal}: the solution does not win"
    return Outcome(deal, result.verdict.value, time.process_time() - began, result.positions)


def use_pure_python() -> None:
    solver_search.COMPILED = False


def ours(deals: range, budget: float, rules: dict[str, Any], processes: int,
         pure: bool) -> list[Outcome]:
    with multiprocessing.Pool(processes, initializer=use_pure_python if pure else None) as pool:
        outcomes = list(pool.imap_unordered(solve_one, [(deal, budget, rules) for deal in deals]))
    return sorted(outcomes, key=lambda outcome: outcome.deal)


def variant_arguments(rules: dict[str, Any]) -> list[str]:
    return (["--draw", str(rules["draw"]), "--passes", str(rules["passes"])]
            + (["--take-back"] if rules["take_back"] else []))


def before(tree: str, deals: range, budget: float, rules: dict[str, Any],
           processes: int) -> list[Outcome]:
    """The other tree's solver on ``deals``, through this script's --outcomes."""
    command = [sys.executable, os.path.join(HERE, "in_tree.py"), tree, os.path.abspath(__file__),
               "--outcomes", "--first", str(deals.start), "--last", str(deals.stop - 1),
               "--budget", str(budget), "--processes", str(processes),
               *variant_arguments(rules)]
    finished = subprocess.run(command, capture_output=True, text=True, check=True,
                              timeout=budget * len(deals) * 4 + 120)
    outcomes = []
    for line in finished.stdout.splitlines():
        deal, verdict, seconds, positions = line.split()
        outcomes.append(Outcome(int(deal), verdict, float(seconds), int(positions)))
    return outcomes


def kpat_range(first: int, last: int, settings: str) -> tuple[list[Outcome], float]:
    """KPatience's outcomes for its deals ``first``..``last``, and the
    processor seconds it used."""
    assert KPAT is not None
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=settings)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    finished = subprocess.run([KPAT, "--solve", "0", "--start", str(first), "--end", str(last)],
                              capture_output=True, text=True, env=environment, check=False,
                              timeout=(last - first + 1) * 60 + 60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    processor = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    outcomes = []
    for line in finished.stdout.splitlines():
        match = KPAT_LINE.match(line.strip())
        if match:
            outcomes.append(Outcome(int(match.group(1)), VERDICT_WORDS[match.group(2)],
                                    int(match.group(3)) / 1000))
    return outcomes, processor


def kpat(deals: range, draw: int, processes: int) -> tuple[list[Outcome], float]:
    """KPatience's outcomes for its deals ``deals`` and its processor seconds."""
    with tempfile.TemporaryDirectory() as settings:
        with open(os.path.join(settings, "kpatrc"), "w", encoding="utf-8") as file:
            # KlondikeEasy: KPatience's draw one.
            file.write(f"[General Settings]\nKlondikeEasy={'true' if draw == 1 else 'false'}\n")
        size = math.ceil(len(deals) / processes)
        ranges = [(start, min(start + size - 1, deals.stop - 1), settings)
                  for start in range(deals.start, deals.stop, size)]
        with multiprocessing.Pool(len(ranges)) as pool:
            parts = pool.starmap(kpat_range, ranges)
    return (sorted((outcome for part, _ in parts for outcome in part),
                   key=lambda outcome: outcome.deal),
            math.fsum(processor for _, processor in parts))


def summary(name: str, outcomes: list[Outcome], clock: str = "processor") -> None:
    count = len(outcomes)
    print(f"{name}: {count} deals")
    for word in ("winnable", "impossible", "unknown"):
        number = sum(outcome.verdict == word for outcome in outcomes)
        print(f"  {word:<11} {format_rate(number, count)}")
    decided = [outcome for outcome in outcomes if outcome.verdict != "unknown"]
    if decided:
        won = sum(outcome.verdict == "winnable" for outcome in decided)
        print(f"  winnable of those decided {format_rate(won, len(decided))}")
    seconds = [outcome.seconds for outcome in outcomes]
    total = math.fsum(seconds)
    if seconds:
        print(f"  {clock} seconds a deal {format_mean(seconds)} (mean, 95%), median "
              f"{statistics.median(seconds):.3f}, total {total:.1f}")
    positions = sum(outcome.positions for outcome in outcomes)
    if positions and total:
        print(f"  positions a processor second {positions / total:,.0f} "
              f"(budget rate {POSITIONS_PER_SECOND:,} a second)")


def ratio(name: str, mine: list[float], theirs: list[float]) -> None:
    """The geometric mean of the rounds' ratios of processor seconds, with
    its 95% interval."""
    ratios = [a / b for a, b in zip(mine, theirs) if a > 0 and b > 0]
    if not ratios:
        return
    mean, low, high = ratio_interval(ratios)
    print(f"ratio of processor seconds, ours/{name}: {mean:.2f} "
          f"(95% interval {low:.2f}-{high:.2f}, {len(ratios)} rounds)")


def processor_totals(rounds: list[list[Outcome]]) -> list[float]:
    return [math.fsum(outcome.seconds for outcome in part) for part in rounds]


def outcome_line(outcome: Outcome) -> str:
    """One deal's line of ``--outcomes``: deal, verdict, seconds, positions."""
    return f"{outcome.deal} {outcome.verdict} {outcome.seconds:.4f} {outcome.positions}"


def read_outcomes(path: str) -> dict[int, Outcome]:
    """The deals of a file of ``--outcomes`` lines, by number."""
    outcomes = {}
    with open(path, encoding="utf-8") as listing:
        for line in listing:
            deal, verdict, seconds, positions = line.split()
            outcomes[int(deal)] = Outcome(int(deal), verdict, float(seconds), int(positions))
    return outcomes


def verdicts_changed(mine: list[Outcome], theirs: list[Outcome]) -> None:
    """Print the deals whose verdict differs, and those that contradict
    (winnable against impossible), of the deals both lists hold."""
    by_deal = {outcome.deal: outcome for outcome in theirs}
    changed = [(a.deal, by_deal[a.deal].verdict, a.verdict) for a in mine
               if a.deal in by_deal and a.verdict != by_deal[a.deal].verdict]
    print(f"  verdicts changed: {len(changed)}"
          + "".join(f"\n    deal {deal}: {old} -> {new}" for deal, old, new in changed[:20]))
    contradictions = [deal for deal, old, new in changed if "unknown" not in (old, new)]
    print(f"  contradictions (winnable against impossible): {contradictions or 'none'}")


def unknown_deals(outcomes: Iterable[Outcome]) -> str:
    return " ".join(str(outcome.deal) for outcome in outcomes if outcome.verdict == "unknown")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds a deal (default 10)")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3)
    parser.add_argument("--passes", default="unlimited", choices=("1", "2", "3", "unlimited"))
    parser.add_argument("--take-back", action="store_true")
    parser.add_argument("--round", type=int, default=50, help="deals a round (default 50)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--before", metavar="TREE", help="another checkout's solver beside ours")
    parser.add_argument("--no-kpat", action="store_true", help="skip KPatience")
    parser.add_argument("--pure", action="store_true", help="our pure-Python search")
    parser.add_argument("--outcomes", action="store_true", help="one line a deal, ours only")
    parser.add_argument("--save", metavar="FILE", help="write --outcomes' lines to FILE too")
    parser.add_argument("--against", metavar="FILE",
                        help="an earlier census's --outcomes lines: list the verdicts changed")
    args = parser.parse_args()
    earlier = read_outcomes(args.against) if args.against else None
    rules = dict(draw=args.draw, passes=args.passes, take_back=args.take_back)
    deals = range(args.first, args.last + 1)
    if args.outcomes:
        for outcome in ours(deals, args.budget, rules, args.processes, args.pure):
            print(outcome_line(outcome))
        return
    compiled = solver_search.COMPILED and not args.pure
    with_kpat = not args.no_kpat and KPAT is not None
    print(f"deals {args.first}-{args.last}, draw {args.draw}, passes {args.passes}"
          f"{', take-backs' if args.take_back else ''}; budget {args.budget:g} s "
          f"({args.budget * POSITIONS_PER_SECOND:,.0f} positions), {args.processes} processes, "
          f"{'compiled' if compiled else 'pure-Python'} search; rounds of {args.round}")
    if not args.no_kpat and KPAT is None:
        print("kpat: not installed (apt install kpat); no comparison")
    rounds: dict[str, list[list[Outcome]]] = {"ours": [], "before": [], "kpat": []}
    kpat_processor: list[float] = []
    for start in range(args.first, args.last + 1, args.round):
        part = range(start, min(start + args.round, args.last + 1))
        rounds["ours"].append(ours(part, args.budget, rules, args.processes, args.pure))
        if args.before:
            rounds["before"].append(before(args.before, part, args.budget, rules,
                                           args.processes))
        if with_kpat:
            outcomes, processor = kpat(part, args.draw, args.processes)
            rounds["kpat"].append(outcomes)
            kpat_processor.append(processor)
        counts = " ".join(f"{sum(o.verdict == word for o in rounds['ours'][-1])} {word}"
                          for word in ("winnable", "impossible", "unknown"))
        print(f"  round {part.start}-{part.stop - 1} done: {counts}; unknown deals: "
              f"{unknown_deals(rounds['ours'][-1]) or 'none'}", flush=True)
    mine = [outcome for part in rounds["ours"] for outcome in part]
    if args.save:
        with open(args.save, "w", encoding="utf-8") as listing:
            listing.writelines(outcome_line(outcome) + "\n" for outcome in mine)
    summary("cardgui solver", mine)
    print(f"  unknown deals: {unknown_deals(mine) or 'none'}")
    if earlier is not None:
        print(f"against {args.against}:")
        verdicts_changed(mine, [earlier[o.deal] for o in mine if o.deal in earlier])
    if args.before:
        theirs = [outcome for part in rounds["before"] for outcome in part]
        summary(f"before ({args.before})", theirs)
        verdicts_changed(mine, theirs)
        ratio("before", processor_totals(rounds["ours"]), processor_totals(rounds["before"]))
    print(f"issue #28 row: Klondike solver (draw {args.draw}, passes {args.passes}"
          f"{', take-backs' if args.take_back else ''}), unknown at {args.budget:g} s, "
          f"deals {args.first}-{args.last}: "
          + census([outcome.verdict for outcome in mine], [outcome.seconds for outcome in mine])
          + f"; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores at the end")
    if with_kpat:
        theirs = [outcome for part in rounds["kpat"] for outcome in part]
        if theirs:
            summary(f"kpat --solve (its own deals, draw {args.draw})", theirs,
                    clock="its own clock's")
            ratio("kpat", processor_totals(rounds["ours"]), kpat_processor)
        else:
            print("kpat: printed no results (it needs QT_QPA_PLATFORM=offscreen to run headless)")


if __name__ == "__main__":
    main()
