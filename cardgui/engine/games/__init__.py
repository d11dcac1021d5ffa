"""The games of the suite, registered in the order the menus list them."""

from ..registry import GAMES, GameInfo, Results, find_game, register
from . import calculation, freecell, klondike, pokersquares, spider

for _info in (klondike.INFO, freecell.INFO, calculation.INFO, pokersquares.INFO):
    register(_info)
register(spider.INFO)

__all__ = ["GAMES", "GameInfo", "Results", "find_game", "register"]
