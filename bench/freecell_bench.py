"""Replaying a FreeCell solution through the engine, against fc-solve's time
to find it (not part of the tests).

    python bench/freecell_bench.py [--deal N] [--runs R]

Gets fc-solve's solution of the deal (``fc-solve -snx -m``) when fc-solve is
installed, else uses the solution of deal 100 stored below, then replays it
``R`` times on a fresh game: once as standard notation read and checked move
by move (what ``cardgui text freecell`` does), once as already-resolved
engine moves through the checked ``apply``.  Prints moves per second and the
ratio of replaying to fc-solve's solving (its wall time, process start
included).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import time

from cardgui.engine.deals import microsoft_deal
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.notation import (
    parse_standard,
    play_standard,
    resolve,
)
from cardgui.engine.moves import Move

# fc-solve 5.0.0's solution of deal 100 (160 moves, one run onto an empty column).
STORED_DEAL = 100
STORED_SOLUTION = """
8a 8b 8c 8h 8h c1 6d b6 d3 1c 1b 1d a1 d6 7a 7d b7 c7 1b 1c d1 a2 5d 5a c5 b5 4c d4
2b 2d 2h b2 17 6b 6h 67 6h c6 38 13 1c 1h 5h 56 51 5h 58 a5 1a b1 5b c5 1c d1 51 2d
25 2h a2 d5 4a 4d 4h 4h 42 d4 a4 6d 6h 6a 6h b6 63 a6 7b 7h 6a 6h 4h 86 8h 62 c6 74
73 7h 6h dh bh 4c 4h 2d 2h 3b 3h 43 26 2h 47 24 21 81 72 78 47 72 28 a4 c7 b2 6a d6
15 1c 1b a1 38 4d c4 54 7a d7 83 7c b7 45 6d 47 38 36v4 37 3b 34 3h 3h ch bh ah 4h
2h 5h dh 8h 1h 6h 7h 8h 8h 8h 7h 8h 7h 5h 6h 5h 6h 6h 5h 8h 5h
""".split()


def board_text(deal: int) -> str:
    cards = microsoft_deal(deal)
    return "".join(" ".join(card.short_name for card in cards[column::8]) + "\n"
                   for column in range(8))


def fc_solve(deal: int) -> tuple[list[str], float]:
    """fc-solve's solution and its wall time in seconds."""
    command = [shutil.which("fc-solve") or "fc-solve", "-snx", "-m", "-"]
    start = time.perf_counter()
    result = subprocess.run(command, input=board_text(deal), capture_output=True, text=True,
                            check=True, env={**os.environ, "FREECELL_SOLVER_QUIET": "1"})
    elapsed = time.perf_counter() - start
    moves = [word for line in result.stdout.splitlines() for word in line.split()
             if _is_move(word)]
    return moves, elapsed


def _is_move(word: str) -> bool:
    try:
        parse_standard(word)
    except ValueError:
        return False
    return True


def replay_notation(deal: int, moves: list[str]) -> float:
    game = FreeCell(deal, autoplay=False)
    start = time.perf_counter()
    for move in moves:
        play_standard(game, move)
    elapsed = time.perf_counter() - start
    assert game.is_won, "the solution did not win"
    return elapsed


def resolved(deal: int, moves: list[str]) -> list[Move]:
    game = FreeCell(deal, autoplay=False)
    engine_moves = []
    for move in moves:
        engine_moves.append(resolve(game, parse_standard(move)))
        game.apply(engine_moves[-1])
    return engine_moves


def replay_engine(deal: int, moves: list[Move]) -> float:
    game = FreeCell(deal, autoplay=False)
    start = time.perf_counter()
    for move in moves:
        game.apply(move)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal", type=int, default=STORED_DEAL)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    solver_times: list[float] = []
    if shutil.which("fc-solve"):
        for _ in range(5):
            moves, elapsed = fc_solve(args.deal)
            solver_times.append(elapsed)
    elif args.deal == STORED_DEAL:
        moves = STORED_SOLUTION
    else:
        parser.error(f"fc-solve is not installed: only deal {STORED_DEAL} has a stored solution")
    notation = statistics.median(replay_notation(args.deal, moves) for _ in range(args.runs))
    engine_moves = resolved(args.deal, moves)
    engine = statistics.median(replay_engine(args.deal, engine_moves) for _ in range(args.runs))
    print(f"deal {args.deal}: a solution of {len(moves)} moves, replayed {args.runs} times")
    print(f"standard notation, checked:  {len(moves) / notation:>10,.0f} moves/s "
          f"({notation * 1e3:.2f} ms a solution)")
    print(f"engine moves, checked apply: {len(moves) / engine:>10,.0f} moves/s "
          f"({engine * 1e3:.2f} ms a solution)")
    if solver_times:
        solver = statistics.median(solver_times)
        print(f"fc-solve finding it:         {solver * 1e3:10.2f} ms (median of 5, "
              "process start included)")
        print(f"ratio, replaying / solving:  {notation / solver:10.2f}")
    else:
        print("fc-solve: not installed, so no solver time or ratio "
              "(apt install freecell-solver-bin)")


if __name__ == "__main__":
    main()
