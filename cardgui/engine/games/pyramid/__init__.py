"""Pyramid as Microsoft Solitaire Collection plays it: its rules, keys,
positions, notation, solver, terminal screen and table."""

from ...options import OptionSpec
from ...registry import GameInfo, Results, SolverEntry, later

# The values are game.DEFAULT_PASSES and game.UNLIMITED (a test holds them
# together), written out so that listing the game does not import its rules.
PASSES = OptionSpec("passes", "Passes through the stock", "3",
                    choices=(("One pass", "1"), ("Two passes", "2"),
                             ("Three passes (Microsoft's)", "3"),
                             ("Unlimited passes", "unlimited")),
                    now=False)

# The solver knows every card, as a player who has looked through the stock does.
SOLVER = SolverEntry(solve="cardgui.engine.games.pyramid.solver:solve",
                     words="cardgui.engine.games.pyramid.notation:step_words")

INFO = GameInfo("pyramid", "Pyramid", later(f"{__name__}.game:Pyramid"),
                later(f"{__name__}.keys:PyramidKeys"), options=(PASSES,),
                results=Results.WINS_AND_SCORES,
                table="cardgui.engine.games.pyramid.table:TABLE",
                terminal="cardgui.engine.games.pyramid.screen:TERMINAL", solver=SOLVER)
