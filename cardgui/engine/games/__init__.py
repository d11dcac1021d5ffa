"""The games of the suite, registered in the order the menus list them: one
line a game, naming its package (which holds everything else of it)."""

import importlib

from ..registry import GAMES, GameInfo, Results, find_game, register


def _package(name: str) -> GameInfo:
    """The registry entry (``INFO``) of the game package ``name``."""
    info: GameInfo = importlib.import_module(f"{__name__}.{name}").INFO
    return info


register(_package("klondike"))
register(_package("freecell"))
register(_package("calculation"))
register(_package("pokersquares"))
register(_package("pyramid"))
register(_package("tripeaks"))
register(_package("spider"))

__all__ = ["GAMES", "GameInfo", "Results", "find_game", "register"]
