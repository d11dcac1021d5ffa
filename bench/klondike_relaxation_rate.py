"""What a position of the Klondike solver's free-stock relaxation costs beside
one of its own search, search by search (not part of the tests).

    python bench/klondike_relaxation_rate.py [--deals 436,511,...]
                                             [--positions 3000000] [--rounds 2]

``solver.solve`` first searches a deal in the free-stock relaxation (draw
one, unlimited passes, pile cards used at once), counted at
``RELAXED_POSITIONS_PER_SECOND``, then in its own rules at
``POSITIONS_PER_SECOND``.  The first rate is the second times what a
position of the search costs over what a position of the relaxation costs.
Each deal's two searches (the book's game, at most ``positions`` positions
each) run each in a process of its own, in turn and in the other order
every other time, so that a load on the shared machine falls on both alike;
each process reports the processor seconds of its search alone and the
positions it counted.  Prints each pair and the geometric mean of the
ratios (relaxation / search, processor seconds a position) with its 95%
interval, and the largest ratio: the deals chosen are those where the
relaxation searches longest, and the rate is set from the slowest.
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
# The deals of 1-1,000 where the relaxation counts the most positions.
LONG_DEALS = (511, 307, 579, 436, 127, 504, 197, 223)


def one_search(deal: int, positions: int, relaxed: bool) -> dict[str, float]:
    """The processor seconds and positions of one search in a process of its own."""
    command = [sys.executable, os.path.abspath(__file__), "--one", str(deal), str(positions),
               "relaxed" if relaxed else "own"]
    finished = subprocess.run(command, capture_output=True, text=True, check=True, timeout=600)
    result: dict[str, float] = json.loads(finished.stdout.splitlines()[-1])
    return result


def search_here(deal: int, positions: int, relaxed: bool) -> None:
    """One search (``--one``): prints its processor seconds and positions as JSON."""
    from cardgui.engine.games.klondike import solver_search
    from cardgui.engine.games.klondike.compact import CompactPosition
    from cardgui.engine.games.klondike.game import Klondike
    from cardgui.engine.games.klondike.solver import free_stock

    if not solver_search.COMPILED:
        raise SystemExit("the compiled Klondike search was not built in this tree")
    start = CompactPosition.of(Klondike(deal))
    if relaxed:
        relaxation = free_stock(start)
        assert relaxation is not None
        start = relaxation
    began = time.process_time()
    outcome = solver_search.search(start, positions, lambda: None)
    print(json.dumps({"seconds": time.process_time() - began, "positions": outcome.positions}))


def main() -> None:
    if sys.argv[1:2] == ["--one"]:
        search_here(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "relaxed")
        return
    sys.path.insert(0, os.path.dirname(HERE))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default=",".join(map(str, LONG_DEALS)))
    parser.add_argument("--positions", type=int, default=3_000_000)
    parser.add_argument("--rounds", type=int, default=2)
    arguments = parser.parse_args()
    try:
        deals = [int(deal) for deal in arguments.deals.split(",")]
    except ValueError:
        parser.error("--deals: deal numbers separated by commas")
    if arguments.positions < 1 or arguments.rounds < 1:
        parser.error("--positions and --rounds must be at least 1")
    print(f"load before: {os.getloadavg()}", flush=True)
    ratios = []
    flip = False
    for round_number in range(arguments.rounds):
        for deal in deals:
            order = [True, False] if flip else [False, True]
            flip = not flip
            results = {relaxed: one_search(deal, arguments.positions, relaxed)
                       for relaxed in order}
            relaxation, own = results[True], results[False]
            ratio = ((relaxation["seconds"] / relaxation["positions"])
                     / (own["seconds"] / own["positions"]))
            ratios.append(ratio)
            print(f"round {round_number + 1} deal {deal}: relaxation {relaxation['seconds']:.2f} s "
                  f"for {int(relaxation['positions']):,} positions, search {own['seconds']:.2f} s "
                  f"for {int(own['positions']):,}, ratio a position {ratio:.3f}", flush=True)
    mean, low, high = ratio_interval(ratios)
    print(f"load after: {os.getloadavg()}")
    print(f"processor time a position, relaxation / search, {len(ratios)} pairs: {mean:.3f} "
          f"[{low:.3f}, {high:.3f}] (geometric mean, 95% interval); largest {max(ratios):.3f}")


if __name__ == "__main__":
    main()
