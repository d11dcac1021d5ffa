"""Spider with one, two or four suits and KPatience's numbered deals: its
rules, keys, positions, notation, solver and table."""

from ...options import OptionSpec
from ...registry import GameInfo, Results, SolverEntry, later

# The default is game.DEFAULT_SUITS (a test holds them together), written out
# so that listing the game does not import its rules.
SUITS = OptionSpec("suits", "Suits", "1",
                   choices=(("1 suit (easy)", "1"), ("2 suits (medium)", "2"),
                            ("4 suits (hard)", "4")),
                   now=False)

# The solver knows the face-down cards and the stock, as KPatience's does;
# its lines are written one word a move, as the terminal program reads them.
SOLVER = SolverEntry(solve="cardgui.engine.games.spider.solver:solve",
                     words="cardgui.engine.games.spider.notation:solution_words")

INFO = GameInfo("spider", "Spider", later(f"{__name__}.game:Spider"),
                later(f"{__name__}.keys:SpiderKeys"), options=(SUITS,),
                results=Results.WINS_AND_SCORES,
                table="cardgui.engine.games.spider.table:TABLE",
                terminal="cardgui.engine.games.spider.screen:TERMINAL", solver=SOLVER)
