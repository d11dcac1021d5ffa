"""A game in play, from its deal to its end, apart from any window.

The session owns what one game needs besides its rules: the game and its key
interpreter, the log of the commands made on it, the clock, saving after
every change, and its row in the statistics when it ends or is given up.
Every command, from every front end (a drag, a key the interpreter
translated, a line typed in a terminal, Demo, Hint, a saved game's replay),
is carried out by ``perform``, the only caller of ``Game.perform``, and
logged there; ``press`` is a keystroke: translated by the game's keys, then
performed the same way.
The engine says how the game ended (``Game.ending``); the session records it
once, and improves the record if the player undoes past the end and finishes
better.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .engine.commands import Command
from .engine.deals import random_deal_number
from .engine.game import Game
from .engine.keyboard import KeyInterpreter, Request
from .engine.moves import IllegalMove
from .engine.options import usable_options
from .engine.outcome import Ending, Outcome
from .engine.registry import GameInfo, Results
from .store import checkpoint
from .store.files import excerpt
from .store.replay import GameLog
from .store.saves import SavedGame, SaveFile
from .store.stats import Statistics, StatisticsBusy

Report = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class KeyResult:
    """What one keystroke did: the piles it changed (``outcome``), a word for
    the player, the bell with the reason if the key or its command was
    refused (nothing changed), a ``request`` for the front end, and what is
    half typed now."""

    outcome: Outcome = field(default_factory=Outcome)
    message: str = ""
    bell: bool = False
    request: Request | None = None
    pending: str = ""


class GameSession:
    """One game of ``info`` in play.  ``saves`` and ``statistics`` may be None
    (a game nobody keeps); ``report`` hears of any trouble writing them."""

    def __init__(self, info: GameInfo, game: Game[Any], log: GameLog, *,
                 keyboard: dict[str, Any] | None = None, elapsed: float = 0.0,
                 statistics_row: int | None = None, helped: bool = False,
                 saves: SaveFile | None = None,
                 statistics: Statistics | None = None, report: Report = lambda text: None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """A session for ``game``, whose commands so far are ``log``; a
        ``keyboard`` state the game's keys do not take is left out (only a
        half-typed name is lost), and ``forgotten`` says so."""
        self.info, self.log, self.game = info, log, game
        self.keys: KeyInterpreter = info.keys(game)
        self.forgotten = ""
        self._take_keyboard(keyboard or {})
        self.saves, self.statistics, self.report, self._clock = saves, statistics, report, clock
        self.statistics_row = statistics_row
        self.helped = helped         # Hint or Demo has helped: a win counts apart
        self.from_deal = True        # its first position is its deal's (not constructed)
        self._elapsed_before = elapsed
        self._started_at: float | None = None
        self._ending_told = game.ending
        self._last_saved: tuple[int, dict[str, Any]] | None = None
        self._checkpointed = 0       # commands the checkpoint beside the save covers
        self._replaying = False      # a saved game's commands are being performed again

    @classmethod
    def restore(cls, info: GameInfo, saved: SavedGame, **stores: Any) -> "GameSession":
        """The saved game back on the table: its commands performed again on
        its deal (those a checkpoint beside the save covers are taken from it
        instead); ``stores`` as for the class.

        Raises:
            ValueError: if the saved game does not replay (it is not this
                game's, or is corrupt); nothing is written.
        """
        save_file = stores.get("saves")
        data = save_file.load_checkpoint() if save_file is not None else None
        if data is not None:
            try:
                return cls._restore(info, saved, data, stores)
            except ValueError:
                pass                            # the log is the authority: replay it all
        return cls._restore(info, saved, None, stores)

    @classmethod
    def _restore(cls, info: GameInfo, saved: SavedGame, data: Any,
                 stores: dict[str, Any]) -> "GameSession":
        """``restore``, from the checkpoint ``data`` (None: from the deal).

        Raises:
            ValueError: if the checkpoint or the log cannot be used.
        """
        log = saved.log
        game = cls._fresh_game(info, log)
        covered = checkpoint.restore(game, log, data) if data is not None else 0
        session = cls(info, game, GameLog(log.game_id, log.deal, dict(log.options)),
                      elapsed=saved.elapsed, statistics_row=saved.statistics_row,
                      helped=saved.helped, **stores)
        session._replaying = True
        # A checkpoint holds the cards, not the options the commands it covers set.
        for number in range(covered):
            item = log.items[number]
            if isinstance(item, list) and item and item[0] == "option":
                session.perform(log.logged(number).command)
        session.log.items = log.items[:covered]
        session._replay(log, covered)
        session._replaying = False
        session._ending_told = game.ending
        session._take_keyboard(saved.keyboard)
        session._checkpointed = covered
        return session

    def _take_keyboard(self, state: dict[str, Any]) -> None:
        """Take up what the keyboard was in the middle of; a state the game's
        keys do not take is left out (only a half-typed name is lost), and
        ``forgotten`` says so."""
        try:
            self.keys.restore_keyboard_state(state)
        except ValueError as error:
            self.keys.clear()
            self.forgotten = f"The half-typed name was not kept: {excerpt(str(error))}."

    def _replay(self, saved: GameLog, start: int) -> None:
        """Perform the commands of ``saved`` from number ``start`` on, as they
        were performed when played: refused again where they were refused.
        Nothing is saved meanwhile, and the clock does not run.

        Raises:
            ValueError: naming the first command that is malformed, that the
                game refuses though it was carried out, or the other way round
                (the log does not belong to this deal).
        """
        for number in range(start, len(saved)):
            step = number + 1
            try:
                logged = saved.logged(number)
            except ValueError as error:
                raise ValueError(f"step {step} of the saved game is not a command: "
                                 f"{error}") from None
            try:
                self.perform(logged.command)
            except IllegalMove as refusal:
                if not logged.refused:
                    raise ValueError(f"step {step} of the saved game ({logged.command}) "
                                     f"does not replay: {refusal}") from None
            except (ValueError, TypeError) as error:
                raise ValueError(f"step {step} of the saved game ({logged.command}) "
                                 f"is not a command of this game: {error}") from None
            else:
                if logged.refused:
                    raise ValueError(f"step {step} of the saved game ({logged.command}) "
                                     "was refused when it was played, but not now")

    @staticmethod
    def _fresh_game(info: GameInfo, log: GameLog) -> Game[Any]:
        try:
            return info.game(log.deal, **log.options)
        except TypeError:
            raise ValueError(f"{info.title} has no options {sorted(log.options)}") from None

    @classmethod
    def start(cls, info: GameInfo, deal: int | None = None,
              options: dict[str, Any] | None = None, **stores: Any) -> "GameSession":
        """A new deal of ``info`` (a random one if ``deal`` is None), with
        ``options`` where the game takes them; ``stores`` as for the class.

        Raises:
            ValueError: if ``deal`` is not one of the game's deals.
        """
        number = deal if deal is not None else random_deal_number(info.random_highest)
        used = usable_options(info.options, options or {})
        return cls(info, info.game(number, **used), GameLog(info.game_id, number, used), **stores)

    @classmethod
    def around(cls, info: GameInfo, game: Game[Any], *,
               statistics: Statistics | None = None) -> "GameSession":
        """A session around a game already in some position (a constructed
        one, say).  Its log does not start from the deal, so it is never saved."""
        session = cls(info, game, GameLog(info.game_id, max(game.deal_number, 1)),
                      statistics=statistics)
        session.from_deal = False
        return session

    # -- the clock -------------------------------------------------------------------

    @property
    def elapsed(self) -> float:
        """Seconds of play: the clock starts with the first move and stops at the end."""
        running = self._clock() - self._started_at if self._started_at is not None else 0.0
        return self._elapsed_before + running

    def _run_clock(self) -> None:
        if self.game.is_over:
            if self._started_at is not None:
                self._elapsed_before, self._started_at = self.elapsed, None
        elif self._started_at is None:
            self._started_at = self._clock()

    # -- gestures --------------------------------------------------------------------

    def perform(self, command: Command) -> Outcome:
        """Carry out a command, whatever made it (a drag, a click, a key, undo,
        Demo, a replayed save), log it and save: the one way a game changes.

        Raises:
            IllegalMove: with the reason, if the game refuses it (it is logged
                too: a refused play empties ``M``'s memory).
            ValueError: if the game has no such command.
        """
        self.keys.clear()
        try:
            outcome = self.game.perform(command)
        except IllegalMove:
            self.log.record(command, refused=True)
            if not self._replaying:
                self.save()
            raise
        self.log.record(command)
        self.keys.performed(command, outcome)
        if not self._replaying:
            self._after(outcome)
        return outcome

    def press(self, key: str) -> KeyResult:
        """One keystroke: the game's keys translate it; a command it makes is
        performed as ``perform`` does.  Never raises for bad input: a refused
        key or command rings the bell with the reason."""
        response = self.keys.press(key)
        if response.command is None:
            self._after(Outcome())
            return KeyResult(message=response.message, bell=response.bell,
                             request=response.request, pending=response.pending)
        try:
            outcome = self.perform(response.command)
        except IllegalMove as refusal:
            return KeyResult(message=str(refusal), bell=True, pending=self.keys.pending)
        return KeyResult(outcome, outcome.message, pending=self.keys.pending)

    @property
    def pending(self) -> str:
        """What is half typed."""
        return self.keys.pending

    def _after(self, outcome: Outcome) -> None:
        if outcome.changed:
            self._run_clock()
        state = (len(self.log), self.keys.keyboard_state())
        if state != self._last_saved:
            self.save()

    def mark_helped(self) -> None:
        """Hint or Demo has helped: the game's result counts as helped, even
        if it was already recorded (a Demo started after the end, say)."""
        if not self.helped:
            self.helped = True
            self.save()

    # -- the end -------------------------------------------------------------------------

    @property
    def in_progress(self) -> bool:
        """True when giving the game up would cost something: a move was made
        and it has not ended."""
        return self.game.moves_made > 0 and not self.game.is_over

    def ending_news(self) -> Ending | None:
        """How the game ended, the first time this is asked after it ended (the
        result then goes into the statistics); None otherwise.  Undoing past
        the end makes the next end news again."""
        ending = self.game.ending
        if ending == self._ending_told:
            return None
        self._ending_told = ending
        if ending is None:
            self._run_clock()         # undone past the end: play on
            return None
        self._run_clock()
        self._record(self._counts_as_won(ending))
        return ending

    def _counts_as_won(self, ending: Ending) -> bool:
        """Won, or in a game played for a score, the score that counts as a win."""
        if ending is Ending.WON:
            return True
        winning = (self.info.winning_scores or {}).get(self.game.variant)
        score = self.game.score
        return winning is not None and score is not None and score >= winning

    def give_up(self) -> bool:
        """Count a game in progress as lost (New game, Restart, another deal);
        True if it was one."""
        if not self.in_progress:
            return False
        self._record(won=False)
        return True

    def _record(self, won: bool) -> None:
        if self.statistics is None:
            return
        game = self.game
        # A game that keeps a score counts it however it ends; one played for
        # its score (Poker Squares) only once it is over.
        keeps = self.info.results is Results.WINS_AND_SCORES or (
            self.info.results is Results.SCORES and game.is_over)
        score = game.score if keeps else None
        try:
            self.statistics_row = self.statistics.record(
                game.game_id, game.deal_number, won, game.moves_made, self.elapsed, score,
                game.variant, self.statistics_row, helped=self.helped)
        except StatisticsBusy as busy:
            self.report(str(busy))
        except Exception as error:  # statistics must never cost the player a game
            self.report(f"This result could not be written to the statistics: {error}")
        self.save()

    # -- saving ------------------------------------------------------------------------------

    def saved(self) -> SavedGame:
        """The game as it would be saved now."""
        return SavedGame(self.log, self.elapsed, self.keys.keyboard_state(), self.statistics_row,
                         self.helped)

    def save(self) -> None:
        """Write the game to its save file, if it has one; a failure is reported."""
        self._last_saved = (len(self.log), self.keys.keyboard_state())
        if self.saves is None:
            return
        try:
            self.saves.save(self.saved())
            # A long game keeps a checkpoint at most EVERY commands old beside
            # its save, so that it restores without replaying every command.
            if len(self.log) - self._checkpointed >= checkpoint.EVERY:
                self.saves.save_checkpoint(checkpoint.take(self.game, self.log))
                self._checkpointed = len(self.log)
            elif self._checkpointed > len(self.log) or not len(self.log):
                self.saves.save_checkpoint(None)
                self._checkpointed = 0
        except OSError as error:
            self.report(f"The game could not be saved: {error}")

    def set_option(self, name: str, value: Any) -> Outcome:
        """Change an option of the game in play (FreeCell's autoplay, say).

        Raises:
            ValueError: if the game refuses it.
        """
        return self.perform(Command("option", (name, value)))

