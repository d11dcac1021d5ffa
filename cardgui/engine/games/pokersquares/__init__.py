"""Poker Squares, scored by Harvey's poker-hand classifier: its rules, keys and cells."""

from ...options import OptionSpec
from ...poker import AMERICAN, ENGLISH
from ...registry import AdvisorEntry, GameInfo, Results, later

SCORING = OptionSpec("scoring", "Scoring", AMERICAN.name,
                     choices=((AMERICAN.title, AMERICAN.name), (ENGLISH.title, ENGLISH.name)),
                     now=False)

# No solver: the score, not a win, is what is played for, and the best grid
# for the cards to come is no help to a player who cannot see them.
ADVISOR = AdvisorEntry(advise="cardgui.engine.games.pokersquares.advisor:advise_game",
                       words="cardgui.engine.games.pokersquares.cells:cell_words",
                       outcome="cardgui.engine.games.pokersquares.advisor:outcome",
                       words_name="cells")

# A win, as Morehead and Mott-Smith's Complete Book of Solitaire and Patience
# Games counts one: 200 points American, 70 English.
INFO = GameInfo("pokersquares", "Poker Squares", later(f"{__name__}.game:PokerSquares"),
                later(f"{__name__}.keys:PokerSquaresKeys"),
                options=(SCORING,), results=Results.SCORES,
                score_targets={AMERICAN.name: 100},
                winning_scores={AMERICAN.name: 200, ENGLISH.name: 70},
                table="cardgui.gui.tables.pokersquares:TABLE",
                terminal="cardgui.engine.games.pokersquares.screen:TERMINAL", advisor=ADVISOR)
