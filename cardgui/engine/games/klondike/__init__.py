"""Klondike as Brian Harvey's program plays it: its rules, keys and positions."""

from ...registry import GameInfo
from .game import Klondike
from .keys import KlondikeKeys

INFO = GameInfo("klondike", "Klondike", Klondike, KlondikeKeys,
                table="cardgui.gui.tables.klondike:TABLE",
                terminal="cardgui.text.klondike_app:main")
