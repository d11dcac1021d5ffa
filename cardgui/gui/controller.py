"""The controller: turns drags, clicks and keys into engine requests.

Every request goes through ``_perform``: the engine either applies it and says
which piles changed, or refuses with a reason.  The controller then tells the
window (through signals) what to redraw and what to say; it decides no rule
itself.  Every successful request is also appended to the game's log, from
which the saved game is replayed.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal

from ..engine.deals import random_deal_number
from ..engine.game import Game
from ..engine.games import GameInfo, find_game
from ..engine.keyboard import Response
from ..engine.moves import IllegalMove
from ..engine.outcome import Outcome
from ..engine.piles import PileId
from ..store.replay import GameLog


class TableController(QObject):
    """One game in play, its keyboard interpreter, its log and its clock."""

    changed = Signal(object)          # Outcome: which piles changed
    message = Signal(str, bool)       # text, and whether it is the bell
    game_replaced = Signal()          # a new game (or deal) is on the table
    pending_changed = Signal(str)     # the half-typed card name
    finished = Signal(bool)           # True: won; False: no card can move again
    request = Signal(object)          # a Request for the window (help, quit, ...)

    def __init__(self, info: GameInfo, deal: int | None = None,
                 options: Callable[[str], dict[str, Any]] = lambda game_id: {},
                 parent: Any = None) -> None:
        super().__init__(parent)
        self.info = info
        self.options_for = options
        self.log = GameLog(info.game_id, deal or random_deal_number(info.random_highest),
                           options=options(info.game_id))
        try:
            self.game: Game[Any] = info.make(self.log.deal, **self.log.options)
        except (TypeError, ValueError):     # stored options this game refuses: ignore them
            self.log.options = {}
            self.game = info.make(self.log.deal)
        self.keys = info.keys(self.game)
        self.started_at: float | None = None
        self.elapsed_before = 0.0
        self._finished_reported = False
        self.statistics_row: int | None = None   # this game's row in the statistics

    # -- games --------------------------------------------------------------------

    def new_game(self, game_id: str | None = None, deal: int | None = None) -> None:
        """Deal a new game (a random number unless ``deal`` is given)."""
        info = find_game(game_id) if game_id else self.info
        self.replace(info, GameLog(info.game_id, deal or random_deal_number(info.random_highest),
                                   options=self.options_for(info.game_id)))

    def restart(self) -> None:
        """Deal the same number again."""
        self.new_game(self.info.game_id, self.game.deal_number)

    def replace(self, info: GameInfo, log: GameLog, elapsed: float = 0.0) -> None:
        """Put the game ``log`` describes on the table, replaying its entries.

        Raises:
            ValueError: if the log does not replay (a corrupt save); the game
                in play is kept.
        """
        try:
            game = info.make(log.deal, **log.options)
        except (TypeError, ValueError):
            raise ValueError(f"{info.title} cannot start with the options "
                             f"{log.options}") from None
        keys = info.keys(game)
        log.replay(game, keys)
        self.info, self.log, self.game, self.keys = info, log, game, keys
        self.elapsed_before, self.started_at = elapsed, None
        self._finished_reported = game.is_over
        self.statistics_row = None
        self.game_replaced.emit()
        self.pending_changed.emit("")

    @property
    def elapsed(self) -> float:
        """Seconds of play: the clock starts with the first move and stops at the end."""
        running = time.monotonic() - self.started_at if self.started_at is not None else 0.0
        return self.elapsed_before + running

    # -- requests ---------------------------------------------------------------------

    def move(self, source: PileId, index: int, target: PileId) -> bool:
        """A drag dropped on ``target``.  True if the cards moved."""
        return self._perform(lambda: self.game.move(source, index, target),
                             ("move", str(source), index, str(target)))

    def double_click(self, source: PileId, index: int) -> bool:
        """A double-click on a card: whatever the game says (in Klondike, where
        its typed name would send it)."""
        return self._perform(lambda: self.game.double_click(source, index),
                             ("double_click", str(source), index))

    def click(self, pile_id: PileId) -> bool:
        """A single click on a pile: the stock deals; elsewhere, whatever the game
        says a click there does (often nothing)."""
        return self._perform(lambda: self.game.click(pile_id), ("click", str(pile_id)))

    def set_option(self, name: str, value: Any) -> bool:
        """Change an option of the game in play (FreeCell's autoplay, say)."""
        try:
            self.game.set_option(name, value)
        except ValueError as error:
            self._report(Outcome(), str(error), True)
            return False
        self.log.record(("option", name, value))
        return True

    def undo(self) -> bool:
        return self._perform(self.game.undo, ("undo",))

    def redo(self) -> bool:
        return self._perform(self.game.redo, ("redo",))

    def key(self, key: str) -> Response:
        """One keystroke for the game's interpreter (the book's commands)."""
        response: Response = self.keys.press(key)
        self.log.record(("key", key))   # every key, for an exact replay of the name being typed
        if response.request is not None:
            self.pending_changed.emit(self.keys.pending)
            self.request.emit(response.request)
            return response
        self._report(response.outcome, response.message, response.bell)
        self.pending_changed.emit(self.keys.pending)
        return response

    def _perform(self, action: Callable[[], Outcome | None], entry: tuple[Any, ...]) -> bool:
        try:
            outcome = action()
        except IllegalMove as refusal:
            self._report(Outcome(), str(refusal), True)
            return False
        if outcome is None:       # a click that means nothing here
            return False
        self.log.record(entry)
        self.keys.clear()
        self.pending_changed.emit("")
        self._report(outcome, outcome.message, False)
        return bool(outcome.changed)

    def _report(self, outcome: Outcome, text: str, bell: bool) -> None:
        if outcome.changed:
            if self.started_at is None and not self.game.is_over:
                self.started_at = time.monotonic()
            self.changed.emit(outcome)
        self.message.emit(text, bell)
        self._check_finished()

    def _check_finished(self) -> None:
        over = self.game.is_over
        if over and not self._finished_reported:
            self._finished_reported = True
            if self.started_at is not None:
                self.elapsed_before = self.elapsed
                self.started_at = None
            self.finished.emit(self.game.is_won)
        elif not over and self._finished_reported:
            self._finished_reported = False    # undone: play on
