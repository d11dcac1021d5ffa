"""The Klondike solver's compiled search beside another tree's, search by
search, on the deals that take millions of positions (not part of the tests).

    python bench/klondike_search_pairs.py --before TREE [--deals 238,805,...]
                                          [--positions 5000000] [--rounds 2]

Each deal's search (the book's game, at most ``positions`` positions) runs
once with this tree's compiled search and once with TREE's (another checkout
of cardgui, main say, with its compiled search built), each in a process of
its own, the two in turn and in the other order every other time, so that a
load on the shared machine falls on both alike.  Each process reports the
processor seconds of the search alone and the positions it expanded.
Prints each pair and the geometric mean of the pairs' ratios of processor
seconds a position with its 95% interval: what a budget rate
(``POSITIONS_PER_SECOND``) measured with TREE's search may be divided by.
(Where the two trees order moves alike, both expand the same positions; a
change of order may change which positions a search that stops at the
limit expands, so the ratio is taken per position.)  The machine's load is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from intervals import ratio_interval

HERE = os.path.dirname(os.path.abspath(__file__))
OURS = os.path.dirname(HERE)
HARD_DEALS = (238, 805, 436, 223, 306, 579, 496, 511, 52, 94)


def one_search(tree: str, deal: int, positions: int) -> dict[str, float]:
    """The processor seconds and positions of one search with ``tree``'s cardgui."""
    command = [sys.executable, os.path.join(HERE, "in_tree.py"), tree, os.path.abspath(__file__),
               "--one", str(deal), str(positions)]
    finished = subprocess.run(command, capture_output=True, text=True, check=True,
                              timeout=600)
    result: dict[str, float] = json.loads(finished.stdout.splitlines()[-1])
    return result


def search_here(deal: int, positions: int) -> None:
    """One search with the cardgui this process imports (``--one``): prints
    its processor seconds and positions as JSON."""
    from cardgui.engine.games.klondike import solver_search
    from cardgui.engine.games.klondike.compact import CompactPosition
    from cardgui.engine.games.klondike.game import Klondike

    if not solver_search.COMPILED:
        raise SystemExit("the compiled Klondike search was not built in this tree")
    start = CompactPosition.of(Klondike(deal))
    began = time.process_time()
    outcome = solver_search.search(start, positions, lambda: None)
    print(json.dumps({"seconds": time.process_time() - began, "positions": outcome.positions}))


def main() -> None:
    if sys.argv[1:2] == ["--one"]:
        search_here(int(sys.argv[2]), int(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="another checkout of cardgui, built")
    parser.add_argument("--deals", default=",".join(map(str, HARD_DEALS)))
    parser.add_argument("--positions", type=int, default=5_000_000)
    parser.add_argument("--rounds", type=int, default=2)
    arguments = parser.parse_args()
    try:
        deals = [int(deal) for deal in arguments.deals.split(",")]
    except ValueError:
        parser.error("--deals: deal numbers separated by commas")
    if arguments.positions < 1 or arguments.rounds < 1:
        parser.error("--positions and --rounds must be at least 1")
    if not os.path.isdir(os.path.join(arguments.before, "cardgui")):
        parser.error(f"--before: {arguments.before} is no checkout of cardgui")
    print(f"load before: {os.getloadavg()}", flush=True)
    ratios = []
    flip = False
    for round_number in range(arguments.rounds):
        for deal in deals:
            trees = [OURS, arguments.before]
            if flip:
                trees.reverse()
            flip = not flip
            results = {tree: one_search(tree, deal, arguments.positions) for tree in trees}
            ours, theirs = results[OURS], results[arguments.before]
            # Per position: a change of move order may change which positions
            # a search of at most ``positions`` expands (never how many).
            ratio = ((ours["seconds"] / ours["positions"])
                     / (theirs["seconds"] / theirs["positions"]))
            ratios.append(ratio)
            same = "as many" if ours["positions"] == theirs["positions"] else "not as many"
            print(f"round {round_number + 1} deal {deal}: ours {ours['seconds']:.2f} s, "
                  f"before {theirs['seconds']:.2f} s, {int(ours['positions']):,} / "
                  f"{int(theirs['positions']):,} positions ({same}), ratio {ratio:.3f}",
                  flush=True)
    mean, low, high = ratio_interval(ratios)
    print(f"load after: {os.getloadavg()}")
    print(f"processor time a position, ours / before, {len(ratios)} pairs: {mean:.3f} "
          f"[{low:.3f}, {high:.3f}] (geometric mean, 95% interval)")


if __name__ == "__main__":
    main()
