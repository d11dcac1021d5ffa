"""Calculation as Katrin Becker's assignment specifies it: its rules, keys and positions."""

from ...registry import GameInfo, Results
from .game import Calculation
from .keys import CalculationKeys

INFO = GameInfo("calculation", "Calculation", Calculation, CalculationKeys,
                results=Results.WINS_AND_SCORES,
                table="cardgui.gui.tables.calculation:TABLE",
                terminal="cardgui.text.calculation_app:main")
