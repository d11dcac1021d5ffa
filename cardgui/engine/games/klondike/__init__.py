"""Klondike as Brian Harvey's program plays it, and its usual variants: its
rules, keys, positions, table and terminal program."""

from ...options import OptionSpec
from ...registry import GameInfo, Results, SolverEntry, later

# The book's game is every option's default; each variant is kept apart in the
# statistics (Game.variant) and named in the saved game's options.
DRAW = OptionSpec("draw", "Deal from the hand", 3,
                  choices=(("One card at a time", 1), ("Three cards at a time (the book)", 3)),
                  now=False)
PASSES = OptionSpec("passes", "Passes through the hand", "unlimited",
                    choices=(("One pass", "1"), ("Two passes", "2"), ("Three passes", "3"),
                             ("Unlimited (the book)", "unlimited")), now=False)
TAKE_BACK = OptionSpec("take_back", "Cards may come back down from the top", False, now=False)
SCORING = OptionSpec("scoring", "Scoring", "none",
                     choices=(("None (the book)", "none"), ("Standard (Windows)", "standard"),
                              ("Vegas", "vegas"), ("Vegas, cumulative", "vegas-cumulative")),
                     now=False)

SOLVER = SolverEntry(solve="cardgui.engine.games.klondike.solver:solve",
                     words="cardgui.engine.games.klondike.book_keys:step_words",
                     keys="cardgui.engine.games.klondike.book_keys:book_keys")

INFO = GameInfo("klondike", "Klondike", later(f"{__name__}.game:Klondike"),
                later(f"{__name__}.keys:KlondikeKeys"),
                options=(DRAW, PASSES, TAKE_BACK, SCORING), results=Results.WINS_AND_SCORES,
                table="cardgui.engine.games.klondike.table:TABLE",
                terminal="cardgui.engine.games.klondike.screen:TERMINAL", solver=SOLVER)
