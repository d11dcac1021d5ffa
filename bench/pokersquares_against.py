"""Poker Squares: this tree's advisor against another tree's (main's, say)
on the same deals, in the same run (not part of the tests).

    python bench/pokersquares_against.py OTHER_TREE [--first A] [--last B]
        [--seconds-per-card S] [--scoring american|english]

Two worker processes (``pokersquares_player.py``) import ``cardgui``, one
from this tree and one from OTHER_TREE (through ``in_tree.py``; a plain
copy of the other branch will do: ``git archive main | tar -x -C DIR``).
Every deal from A to B goes to both at once, so the two play side by side
under the same load all the way through (interleaved rounds, not one
program's run after the other's).  Each final grid is scored again here
with the engine's poker classifier, and a score that disagrees stops the
run.

It prints a line a deal (Ctrl+C or SIGTERM stops it with the figures so
far), then for each advisor the mean score with its 95%
interval (1.96 sd / sqrt n), the paired difference (this tree minus the
other) with its interval, and the processor and clock seconds a card.  The
clock figures depend on the machine's load; the processor ones much less.
Run it with ``nice``.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import signal
import subprocess
import sys
from typing import IO, Any

from intervals import format_mean, mean_interval

from cardgui.engine.cards import Card
from cardgui.engine.poker import classify, scoring_table

BENCH = pathlib.Path(__file__).resolve().parent
THIS_TREE = BENCH.parent
CARDS = 25


def start_worker(tree: pathlib.Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(BENCH / "in_tree.py"), str(tree),
                             str(BENCH / "pokersquares_player.py")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(worker: subprocess.Popen[str], request: str) -> None:
    stdin: IO[str] | None = worker.stdin
    assert stdin is not None
    stdin.write(request + "\n")
    stdin.flush()


def answer(worker: subprocess.Popen[str]) -> dict[str, Any]:
    stdout: IO[str] | None = worker.stdout
    assert stdout is not None
    line = stdout.readline()
    if not line:
        raise SystemExit(f"a worker ended early (exit status {worker.wait()})")
    result: dict[str, Any] = json.loads(line)
    return result


def rescored(grid: list[list[str]], scoring: str) -> int:
    """The score of a full grid, by the engine's classifier."""
    table = scoring_table(scoring)
    rows = [[Card.parse(name) for name in row] for row in grid]
    columns = [list(column) for column in zip(*rows)]
    return sum(table.points(classify(line)) for line in rows + columns)


def stop(number: int, frame: object) -> None:
    """SIGTERM stops the run as Ctrl+C does (a background job ignores SIGINT)."""
    raise KeyboardInterrupt


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=pathlib.Path, help="the other tree")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=200)
    parser.add_argument("--seconds-per-card", type=float, default=1.0)
    parser.add_argument("--scoring", choices=["american", "english"], default="american")
    args = parser.parse_args()
    trees = {"this tree": THIS_TREE, "other tree": args.other.resolve()}
    workers = {name: start_worker(tree) for name, tree in trees.items()}
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    print(f"Poker Squares, {args.scoring} scoring, deals {args.first}-{args.last}, "
          f"{args.seconds_per_card:g} s a card; this tree {THIS_TREE}, "
          f"other tree {trees['other tree']}", flush=True)
    signal.signal(signal.SIGTERM, stop)
    stopped = False
    try:
        for deal in range(args.first, args.last + 1):
            for worker in workers.values():
                ask(worker, f"{deal} {args.scoring} {args.seconds_per_card}")
            for name, worker in workers.items():
                result = answer(worker)
                if result["deal"] != deal or rescored(result["grid"], args.scoring) \
                        != result["score"]:
                    raise SystemExit(f"{name}: deal {deal}'s score does not match its grid")
                results[name].append(result)
            this, other = results["this tree"][-1], results["other tree"][-1]
            if deal == args.first:
                print(f"advisors: {this['advisor']} and {other['advisor']}")
            print(f"deal {deal}: this {this['score']:3d}, other {other['score']:3d}",
                  flush=True)
    except KeyboardInterrupt:       # Ctrl+C: the figures of the deals both finished
        stopped = True
    finally:
        for worker in workers.values():
            if worker.stdin is not None:
                worker.stdin.close()
            if stopped:
                worker.terminate()
            worker.wait(timeout=60)
    count = min(len(games) for games in results.values())
    if stopped:
        print(f"stopped: the figures are for the {count} deals both advisors finished")
    report({name: games[:count] for name, games in results.items()})
    return 0


def report(results: dict[str, list[dict[str, Any]]]) -> None:
    count = len(results["this tree"])
    print(f"{'advisor':11} {'deals':>5}  {'mean ± 95%':>15}  {'processor s/card':>16}  "
          f"{'clock s/card':>12}")
    for name, games in results.items():
        scores = [game["score"] for game in games]
        processor = sum(game["processor"] for game in games) / (count * CARDS)
        clock = sum(game["clock"] for game in games) / (count * CARDS)
        print(f"{name:11} {count:5d}  {format_mean(scores)}  {processor:16.3f}  {clock:12.3f}")
    differences = [ours["score"] - theirs["score"]
                   for ours, theirs in zip(results["this tree"], results["other tree"])]
    difference, half = mean_interval(differences)
    wins = sum(1 for value in differences if value > 0)
    losses = sum(1 for value in differences if value < 0)
    print(f"this tree minus the other, deal by deal: {difference:+.2f} ± {half:.2f} "
          f"(better on {wins}, worse on {losses}, level on {count - wins - losses})")


if __name__ == "__main__":
    raise SystemExit(main())
