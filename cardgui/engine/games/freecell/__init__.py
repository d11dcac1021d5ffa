"""FreeCell with Microsoft's numbered deals: its rules, keys, positions and notation."""

from ...deals import MICROSOFT_MAX_DEAL
from ...options import OptionSpec
from ...registry import GameInfo
from .game import FreeCell
from .keys import FreeCellKeys

AUTOPLAY = OptionSpec("autoplay", "Play safe cards up automatically", True,
                      terminal_default=False)

# Random FreeCell deals stay within Windows 7's million, so that any FreeCell
# program can open the same number.
INFO = GameInfo("freecell", "FreeCell", FreeCell, FreeCellKeys, options=(AUTOPLAY,),
                highest_deal=MICROSOFT_MAX_DEAL, random_highest=1_000_000,
                table="cardgui.gui.tables.freecell:TABLE",
                terminal="cardgui.text.freecell_app:main")
