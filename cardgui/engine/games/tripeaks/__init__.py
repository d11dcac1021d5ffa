"""TriPeaks as Microsoft Solitaire Collection plays it: its rules, keys,
positions, notation, solver, terminal screen and table."""

from ...options import OptionSpec
from ...registry import GameInfo, Results, SolverEntry, later

WRAP = OptionSpec("wrap", "King and ace are next to each other", True, now=False)

# The solver knows every card, the face-down ones too (as mchung94's does).
SOLVER = SolverEntry(solve="cardgui.engine.games.tripeaks.solver:solve",
                     words="cardgui.engine.games.tripeaks.notation:step_words")

INFO = GameInfo("tripeaks", "TriPeaks", later(f"{__name__}.game:TriPeaks"),
                later(f"{__name__}.keys:TriPeaksKeys"), options=(WRAP,),
                results=Results.WINS_AND_SCORES,
                table="cardgui.engine.games.tripeaks.table:TABLE",
                terminal="cardgui.engine.games.tripeaks.screen:TERMINAL", solver=SOLVER)
