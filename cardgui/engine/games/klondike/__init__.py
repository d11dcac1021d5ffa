"""Klondike as Brian Harvey's program plays it: its rules, keys and positions."""

from ...registry import GameInfo, SolverEntry
from .game import Klondike
from .keys import KlondikeKeys

SOLVER = SolverEntry(solve="cardgui.engine.games.klondike.solver:solve",
                     words="cardgui.engine.games.klondike.book_keys:step_words",
                     keys="cardgui.engine.games.klondike.book_keys:book_keys")

INFO = GameInfo("klondike", "Klondike", Klondike, KlondikeKeys,
                table="cardgui.engine.games.klondike.table:TABLE",
                terminal="cardgui.engine.games.klondike.screen:TERMINAL", solver=SOLVER)
