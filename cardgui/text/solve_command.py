"""``cardgui solve GAME``: is a deal winnable, and how?

    cardgui solve klondike|freecell|calculation|spider --deal N [--budget S] [--json]
                  [options]
    cardgui solve GAME --deals A-B [--budget S] [options]

The game's options (Klondike's ``--draw``, ``--passes``, ``--take-back``,
Spider's ``--suits``) choose the variant solved.  For one deal it prints the
verdict, and for a winnable deal the solution in the game's own replayable
notation (the book's keys for Klondike, standard notation for FreeCell,
Becker's requests for Calculation, one word a move for Spider; a Klondike
line that takes a card back down from the top, which the book's keys cannot
write, as moves); ``--json`` prints one object:
``{"game", "deal"``, the game's options, ``"verdict", "moves"`` (or
``"requests"``), ``"keys"`` (Klondike; empty when they cannot write the
line), ``"positions", "seconds"}``.  For a range it solves the deals on
every core, a line a deal, then counts each verdict with the total and
median seconds.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO, Any

from ..engine.games import find_game
from ..engine.registry import GameInfo, load
from ..engine.search.budget import Budget
from ..engine.search.check import checked
from ..engine.search.result import Verdict
from .batch import median, run_range, share


@dataclass(frozen=True, slots=True)
class Solved:
    """One deal's answer, as a worker sends it back."""

    deal: int
    verdict: str
    steps: int
    words: list[str]
    keys: str
    positions: int
    seconds: float


def solve_deal(game_id: str, options: Mapping[str, Any], budget: float, deal: int,
               written: bool = True) -> Solved:
    """Solve ``deal`` of ``game_id`` with ``options`` from its start (a
    worker's job); with ``written``, the line in the game's notation too (a
    range counts the steps only)."""
    info = find_game(game_id)
    assert info.solver is not None
    game = info.new_game(deal, options)
    result = checked(game, load(info.solver.solve)(game, Budget(budget)))
    words: list[str] = []
    keys = ""
    if result.verdict is Verdict.WINNABLE and written:
        words = list(load(info.solver.words)(info.new_game(deal, options), result.steps))
        if info.solver.keys:
            try:
                keys = load(info.solver.keys)(info.new_game(deal, options), result.steps)
            except ValueError:
                keys = ""          # a line the keys cannot write: the moves say it
    return Solved(deal, result.verdict.value, len(result.steps), words, keys, result.positions,
                  result.seconds)


def as_json(info: GameInfo, options: Mapping[str, Any], solved: Solved) -> dict[str, Any]:
    assert info.solver is not None
    data: dict[str, Any] = {"game": info.game_id, "deal": solved.deal, **options,
                            "verdict": solved.verdict, info.solver.words_name: solved.words}
    if info.solver.keys:
        data["keys"] = solved.keys
    data.update({"positions": solved.positions, "seconds": round(solved.seconds, 3)})
    return data


def describe(solved: Solved) -> str:
    """One line for a deal: its verdict, moves, positions and seconds."""
    how = f" in {solved.steps} moves" if solved.verdict == Verdict.WINNABLE.value else ""
    return (f"deal {solved.deal}: {solved.verdict}{how} "
            f"({solved.positions:,} positions, {solved.seconds:.2f} s)")


def summary(results: list[Solved], seconds: float) -> list[str]:
    """Counts of each verdict, with the winnable share, and the seconds."""
    counts = {verdict.value: sum(solved.verdict == verdict.value for solved in results)
              for verdict in Verdict}
    times = [solved.seconds for solved in results]
    lines = [f"{len(results)} deals: " + ", ".join(f"{count} {verdict}"
                                                    for verdict, count in counts.items())]
    if results:
        lines.append("winnable: " + share(counts["winnable"], len(results)).percent())
        lines.append(f"seconds: {sum(times):.1f} solving in all, median {median(times):.3f} "
                     f"a deal, {seconds:.1f} by the clock")
    return lines


def main(info: GameInfo, deal: int | None, deals: range | None, options: Mapping[str, Any],
         budget: float, as_json_output: bool, out: IO[str], err: IO[str]) -> int:
    """Run the command for one deal or a range of ``info``'s game with
    ``options``; returns the exit status."""
    job = functools.partial(solve_deal, info.game_id, dict(options), budget)
    if deals is not None:
        counted = functools.partial(solve_deal, info.game_id, dict(options), budget, written=False)
        return run_range(deals, counted, describe, summary, out, err)
    assert deal is not None
    solved = job(deal)
    if as_json_output:
        out.write(json.dumps(as_json(info, options, solved)) + "\n")
        return 0
    out.write(describe(solved) + "\n")
    if solved.keys:
        out.write(solved.keys + "\n")
    elif solved.words:
        out.write("\n".join(solved.words) + "\n")
    return 0
