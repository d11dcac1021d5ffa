"""FreeCell with Microsoft's numbered deals: its rules, keys, positions and notation."""

from ...deals import MICROSOFT_MAX_DEAL
from ...options import OptionSpec
from ...registry import GameInfo, SolverEntry, later

AUTOPLAY = OptionSpec("autoplay", "Play safe cards up automatically", True,
                      terminal_default=False)

# The solver's line plays on the game as it stands, autoplay on or off; its
# words are standard notation, for a game with autoplay off.
SOLVER = SolverEntry(solve="cardgui.engine.games.freecell.as_played:solve_as_played",
                     words="cardgui.engine.games.freecell.notation:standard_notation")

# Random FreeCell deals stay within Windows 7's million, so that any FreeCell
# program can open the same number.
INFO = GameInfo("freecell", "FreeCell", later(f"{__name__}.game:FreeCell"),
                later(f"{__name__}.keys:FreeCellKeys"), options=(AUTOPLAY,),
                highest_deal=MICROSOFT_MAX_DEAL, random_highest=1_000_000,
                table="cardgui.engine.games.freecell.table:TABLE",
                terminal="cardgui.engine.games.freecell.screen:TERMINAL", solver=SOLVER)
