"""The Klondike solver's compiled search, search by search, beside another
tree's or beside the free-stock relaxation's (not part of the tests).

    python bench/klondike_search_pairs.py --before TREE [--deals 238,805,...]
                                          [--positions 5000000] [--rounds 2]
    python bench/klondike_search_pairs.py --relaxation [--deals 511,307,...] ...

Each deal's search (the book's game, at most ``positions`` positions) runs
twice, each in a process of its own, the two in turn and in the other order
every other time, so that a load on the shared machine falls on both alike;
each process reports the processor seconds of the search alone and the
positions it counted.  Prints each pair and the geometric mean of the
pairs' ratios of processor seconds a position with its 95% interval, and
the largest ratio.

With ``--before TREE`` the pair is this tree's search and TREE's (another
checkout of cardgui, main say, with its compiled search built): the ratio,
ours / before, is what a budget rate (``POSITIONS_PER_SECOND``) measured
with TREE's search may be divided by.  (Where the two trees order moves
alike, both expand the same positions; a change of order may change which
positions a search that stops at the limit expands, so the ratio is taken
per position.)  With ``--relaxation`` the pair is this tree's search of the
deal in the free-stock relaxation (draw one, unlimited passes, pile cards
used at once) and in its own rules: ``solver.solve`` counts the first at
``RELAXED_POSITIONS_PER_SECOND``, ``POSITIONS_PER_SECOND`` divided by the
ratio relaxation / search; its default deals are those of 1-1,000 where
the relaxation counts the most positions, and the rate is set from the
largest ratio.  The machine's load is printed before and after.
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
# The deals of 1-1,000 where the relaxation counts the most positions.
LONG_RELAXATIONS = (511, 307, 579, 436, 127, 504, 197, 223)


def one_search(tree: str, deal: int, positions: int, relaxed: bool) -> dict[str, float]:
    """The processor seconds and positions of one search with ``tree``'s
    cardgui, in the relaxation or the deal's own rules."""
    command = [sys.executable, os.path.join(HERE, "in_tree.py"), tree, os.path.abspath(__file__),
               "--one", str(deal), str(positions), "relaxed" if relaxed else "own"]
    finished = subprocess.run(command, capture_output=True, text=True, check=True,
                              timeout=600)
    result: dict[str, float] = json.loads(finished.stdout.splitlines()[-1])
    return result


def search_here(deal: int, positions: int, relaxed: bool) -> None:
    """One search with the cardgui this process imports (``--one``): prints
    its processor seconds and positions as JSON."""
    from cardgui.engine.games.klondike import solver_search
    from cardgui.engine.games.klondike.compact import CompactPosition
    from cardgui.engine.games.klondike.game import Klondike

    if not solver_search.COMPILED:
        raise SystemExit("the compiled Klondike search was not built in this tree")
    start = CompactPosition.of(Klondike(deal))
    if relaxed:
        from cardgui.engine.games.klondike.solver import free_stock

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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    against = parser.add_mutually_exclusive_group(required=True)
    against.add_argument("--before", help="another checkout of cardgui, built")
    against.add_argument("--relaxation", action="store_true",
                         help="pair the relaxation's search with the deal's own")
    parser.add_argument("--deals")
    parser.add_argument("--positions", type=int, default=5_000_000)
    parser.add_argument("--rounds", type=int, default=2)
    arguments = parser.parse_args()
    default = LONG_RELAXATIONS if arguments.relaxation else HARD_DEALS
    try:
        deals = ([int(deal) for deal in arguments.deals.split(",")] if arguments.deals
                 else list(default))
    except ValueError:
        parser.error("--deals: deal numbers separated by commas")
    if arguments.positions < 1 or arguments.rounds < 1:
        parser.error("--positions and --rounds must be at least 1")
    if arguments.before and not os.path.isdir(os.path.join(arguments.before, "cardgui")):
        parser.error(f"--before: {arguments.before} is no checkout of cardgui")
    # The two sides of each pair: (label, tree, relaxed); the ratio is first / second.
    sides = ([("relaxation", OURS, True), ("search", OURS, False)] if arguments.relaxation
             else [("ours", OURS, False), ("before", arguments.before, False)])
    print(f"load before: {os.getloadavg()}", flush=True)
    ratios = []
    flip = False
    for round_number in range(arguments.rounds):
        for deal in deals:
            order = list(reversed(sides)) if flip else sides
            flip = not flip
            results = {label: one_search(tree, deal, arguments.positions, relaxed)
                       for label, tree, relaxed in order}
            first, second = (results[label] for label, _, _ in sides)
            ratio = ((first["seconds"] / first["positions"])
                     / (second["seconds"] / second["positions"]))
            ratios.append(ratio)
            print(f"round {round_number + 1} deal {deal}: "
                  + ", ".join(f"{label} {results[label]['seconds']:.2f} s for "
                              f"{int(results[label]['positions']):,} positions"
                              for label, _, _ in sides)
                  + f", ratio a position {ratio:.3f}", flush=True)
    mean, low, high = ratio_interval(ratios)
    names = " / ".join(label for label, _, _ in sides)
    print(f"load after: {os.getloadavg()}")
    print(f"processor time a position, {names}, {len(ratios)} pairs: {mean:.3f} "
          f"[{low:.3f}, {high:.3f}] (geometric mean, 95% interval); largest {max(ratios):.3f}")


if __name__ == "__main__":
    main()
