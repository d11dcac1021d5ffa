"""The games of the suite, each under a stable id used by saves and statistics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..deals import MAX_DEAL, MICROSOFT_MAX_DEAL
from ..game import Game
from .calculation.game import Calculation
from .calculation.keys import CalculationKeys
from .freecell.game import FreeCell
from .freecell.keys import FreeCellKeys
from .klondike.game import Klondike
from .klondike.keys import KlondikeKeys
from .pokersquares.game import PokerSquares
from .pokersquares.keys import PokerSquaresKeys


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One game of the suite: how to make a deal of it and read its keys."""

    game_id: str
    title: str
    make: Callable[..., Game[Any]]     # make(deal, **options)
    keys: Callable[[Any], Any]
    highest_deal: int = MAX_DEAL
    random_highest: int = MAX_DEAL      # new random deals come from 1 to this


GAMES: dict[str, GameInfo] = {
    info.game_id: info for info in (
        GameInfo("klondike", "Klondike", Klondike, KlondikeKeys),
        # Random FreeCell deals stay within Windows 7's million, so that any
        # FreeCell program can open the same number.
        GameInfo("freecell", "FreeCell", FreeCell, FreeCellKeys, highest_deal=MICROSOFT_MAX_DEAL,
                 random_highest=1_000_000),
        GameInfo("calculation", "Calculation", Calculation, CalculationKeys),
        GameInfo("pokersquares", "Poker Squares", PokerSquares, PokerSquaresKeys),
    )
}


def find_game(game_id: str) -> GameInfo:
    """The game called ``game_id`` (any case).

    Raises:
        KeyError: naming the games there are.
    """
    try:
        return GAMES[game_id.lower()]
    except KeyError:
        raise KeyError(f"no game called {game_id!r}; the games are: "
                       + ", ".join(GAMES)) from None
