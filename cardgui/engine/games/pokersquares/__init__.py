"""Poker Squares, scored by Harvey's poker-hand classifier: its rules, keys and cells."""

from ...options import OptionSpec
from ...poker import AMERICAN, ENGLISH
from ...registry import GameInfo, Results
from .game import PokerSquares
from .keys import PokerSquaresKeys

SCORING = OptionSpec("scoring", "Scoring", AMERICAN.name,
                     choices=((AMERICAN.title, AMERICAN.name), (ENGLISH.title, ENGLISH.name)),
                     now=False)

INFO = GameInfo("pokersquares", "Poker Squares", PokerSquares, PokerSquaresKeys,
                options=(SCORING,), results=Results.SCORES,
                score_targets={AMERICAN.name: 100},
                table="cardgui.gui.tables.pokersquares:TABLE",
                terminal="cardgui.text.pokersquares_app:main")
