"""What the window says when a game ends, from how the engine says it ended."""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.outcome import Ending


def clock(seconds: float) -> str:
    """Seconds as a clock shows them: ``4:05`` or ``1:02:03``."""
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def score_report(score: int, variant: str, best_before: int | None) -> str:
    """The final score, and how it stands against the best before it."""
    shown = f" ({variant.capitalize()})" if variant else ""
    best = score if best_before is None else max(score, best_before)
    news = " A new best!" if best_before is not None and score > best_before else ""
    return f"Final score: {score}{shown}.\nBest so far: {best}.{news}"


def ending_words(ending: Ending, game: Game[Any], elapsed: float,
                 best_before: int | None) -> tuple[str, str]:
    """(title, detail) for the banner at the end of ``game``."""
    if ending is Ending.WON:
        moves = game.moves_made
        return ("You win!", f"Deal {game.deal_number} in {moves} move{'' if moves == 1 else 's'}, "
                            f"{clock(elapsed)}.")
    if ending is Ending.NO_MOVES:
        score = f"Score: {game.score}. " if game.score is not None else ""
        return ("No card can move again",
                score + "Undo some moves and try another way, or deal a new game.")
    assert game.score is not None     # a game finished with a score
    return "Game over", score_report(game.score, game.variant, best_before)
