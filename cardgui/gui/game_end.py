"""The end of a game in the window: the celebration of a win, and the banner
that says how it ended and what can be done next."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtWidgets import QGraphicsView

from ..engine.game import Game
from ..engine.outcome import Ending
from .celebration import celebrate
from .controller import TableController
from .end_words import ending_words
from .overlay import Banner
from .scene import TableScene
from .voice import Voice

BestScore = Callable[[Game[Any], "int | None"], "int | None"]
"""The best score recorded for a game's id and variant, leaving out one row."""


class GameEnd:
    """Tells the end of ``controller``'s game: celebrates a win on ``scene``,
    presents the banner (with ``new_game`` and Undo as the choices where they
    help), and says it to a screen reader."""

    def __init__(self, controller: TableController, scene: TableScene, view: QGraphicsView,
                 banner: Banner, voice: Voice, best_score: BestScore,
                 new_game: Callable[[], None]) -> None:
        self.controller, self.scene, self.view, self.banner = controller, scene, view, banner
        self.voice, self.best_score, self.new_game = voice, best_score, new_game

    def game_ended(self, ending: Ending) -> None:
        """The game in play has just ended: celebrate a win, show the banner."""
        game = self.controller.game
        best_before = self.best_score(game, self.controller.session.statistics_row)
        self.scene.update_decorations()      # they may show the best score
        if ending is Ending.WON and self.scene.animations_enabled:
            celebrate(self.scene)
        self.show_banner(ending, best_before)

    def show_banner(self, ending: Ending, best_before: int | None) -> None:
        """The banner for a game that ended so (``best_before``: the best score
        before this game), announced to a screen reader too."""
        controller = self.controller
        title, detail = ending_words(ending, controller.game, controller.session.elapsed,
                                     best_before)
        if ending is Ending.NO_MOVES:
            choices = [("Undo", controller.undo), ("New game", self.new_game)]
        else:
            choices = [("New game", self.new_game), ("Close", self.view.setFocus)]
        self.banner.present(title, detail, choices)
        self.voice.announce(f"{title} {detail}", urgent=True)
