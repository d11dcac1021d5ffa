"""The end of a game in the window: the celebration of a win, and the banner
that says how it ended and what can be done next."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.outcome import Ending
from .celebration import celebrate
from .end_words import ending_words

if TYPE_CHECKING:
    from .main_window import MainWindow


def game_ended(window: MainWindow, ending: Ending) -> None:
    """The game in play has just ended: celebrate a win, show the banner."""
    game = window.controller.game
    best_before = window.best_score(game, excluding=window.controller.session.statistics_row)
    window.scene.update_decorations()      # they may show the best score
    if ending is Ending.WON and window.scene.animations_enabled:
        celebrate(window.scene)
    show_end_banner(window, ending, best_before)


def show_end_banner(window: MainWindow, ending: Ending, best_before: int | None) -> None:
    """The banner for a game that ended so (``best_before``: the best score
    before this game), announced to a screen reader too."""
    controller = window.controller
    title, detail = ending_words(ending, controller.game, controller.session.elapsed,
                                 best_before)
    if ending is Ending.NO_MOVES:
        choices = [("Undo", controller.undo), ("New game", window.new_game)]
    else:
        choices = [("New game", window.new_game), ("Close", window.view.setFocus)]
    window.banner.present(title, detail, choices)
    window.say_only_to_screen_reader(f"{title} {detail}", urgent=True)
