"""``cardgui demo GAME``: the advisor plays a deal alone, seeing only what a
player sees.

    cardgui demo calculation|pokersquares --deal N [--json] [--seconds-per-card S]
    cardgui demo GAME --deals A-B [--seconds-per-card S]

For one deal it prints the line of play in the game's replayable notation,
one word a line (Becker's requests for Calculation, cells for Poker
Squares), so that it replays in ``cardgui text GAME --deal N``; ``--json``
prints one object: ``{"game", "deal"``, the game's options (``"scoring"``),
the words (``"requests"`` or ``"cells"``), then how it ended (``"won"`` and
``"score"``, or ``"grid"`` and ``"score"``)``}``.  For a range it plays the
deals on every core, a line a deal, then the win rate (where the game is won
or lost) and the mean score, each with its 95% confidence interval.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO, Any

from ..engine.advice import play_alone
from ..engine.games import find_game
from ..engine.registry import GameInfo, Results, load
from .batch import mean, run_range, share


@dataclass(frozen=True, slots=True)
class Played:
    """One deal as the advisor played it, as a worker sends it back."""

    deal: int
    words: list[str]
    outcome: dict[str, Any]
    seconds: float


def play_deal(game_id: str, options: Mapping[str, Any], seconds_per_card: float | None,
              deal: int) -> Played:
    """Play ``deal`` of ``game_id`` from the start to its end by the advisor
    alone (a worker's job); every step goes through the engine's checked moves.

    Raises:
        ValueError: if the advisor's step is refused (a bug in the advisor).
    """
    info = find_game(game_id)
    assert info.advisor is not None
    advise = load(info.advisor.advise)
    started = time.perf_counter()
    game = info.new_game(deal, options)
    steps = play_alone(game, advise if seconds_per_card is None
                       else lambda now: advise(now, seconds_per_card))
    words = list(load(info.advisor.words)(info.new_game(deal, options), steps))
    return Played(deal, words, load(info.advisor.outcome)(game),
                  time.perf_counter() - started)


def as_json(info: GameInfo, options: Mapping[str, Any], played: Played) -> dict[str, Any]:
    assert info.advisor is not None
    return {"game": info.game_id, "deal": played.deal, **options,
            info.advisor.words_name: played.words, **played.outcome}


def describe(played: Played) -> str:
    """One line for a deal: how it ended, the steps and the seconds."""
    ended = []
    if "won" in played.outcome:
        ended.append("won" if played.outcome["won"] else "lost")
    if "score" in played.outcome:
        ended.append(f"score {played.outcome['score']}")
    return (f"deal {played.deal}: {', '.join(ended)} "
            f"({len(played.words)} steps, {played.seconds:.1f} s)")


def summary(info: GameInfo, results: list[Played], seconds: float) -> list[str]:
    """The win rate (for a game won or lost) and the mean score, with their
    95% intervals, and the seconds."""
    lines = [f"{len(results)} deals"]
    if results and info.results is not Results.SCORES:
        wins = sum(bool(played.outcome.get("won")) for played in results)
        lines.append(f"won: {wins} of {len(results)}, {share(wins, len(results)).percent()}")
    scores = [played.outcome["score"] for played in results if "score" in played.outcome]
    if scores:
        lines.append(f"mean score: {mean(scores).plain()}")
    if results:
        per_deal = sum(played.seconds for played in results) / len(results)
        lines.append(f"seconds: {per_deal:.1f} a deal, {seconds:.1f} by the clock")
    return lines


def main(info: GameInfo, deal: int | None, deals: range | None, options: Mapping[str, Any],
         seconds_per_card: float | None, as_json_output: bool, out: IO[str],
         err: IO[str]) -> int:
    """Run the command for one deal or a range; returns the exit status."""
    job = functools.partial(play_deal, info.game_id, dict(options), seconds_per_card)
    if deals is not None:
        return run_range(deals, job, describe, functools.partial(summary, info), out, err)
    assert deal is not None
    played = job(deal)
    if as_json_output:
        out.write(json.dumps(as_json(info, options, played)) + "\n")
    elif played.words:
        out.write("\n".join(played.words) + "\n")
    return 0
