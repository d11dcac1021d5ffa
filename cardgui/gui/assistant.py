"""The help's side of the window: it asks the worker processes, keeps what
they found, and tells the window.

Two workers, so that neither waits for the other: one judges positions (the
status bar's verdict after every gesture, and the solver's hints and Demo
lines, which are the first steps of its winning lines), the other asks the
advisors (hints and Demo in Calculation and Poker Squares, which must not
see the cards to come) and looks for winnable deals.  Nothing here decides a
rule or searches: the window's thread only sends a copy of the position and
polls for answers.
"""

from __future__ import annotations

from typing import Any, Hashable

from PySide6.QtCore import QObject, QTimer, Signal

from ..assist import answers
from ..assist.answers import Hint
from ..assist.knowledge import Knowledge, position_of
from ..assist.worker import Answer, Worker
from ..engine.deals import random_deal_number
from ..engine.search.result import SearchResult, Verdict
from .controller import TableController

POLL_MS = 30                  # how often the answers are looked for while any is awaited
DEMO_ADVICE_SECONDS = 0.3     # an advisor's thinking per card when it plays the demo
KEPT_DEALS = 8                # deals whose answers are kept (restarts answer at once)


class Assistant(QObject):
    """Verdicts, hints, Demo's lines and winnable deals for the game in play."""

    verdict_changed = Signal(str)     # the status bar's verdict ("" for none)
    hint_ready = Signal(object)       # a Hint for the position on the table
    line_ready = Signal()             # the position's answer came (Demo waits for it)
    advice_ready = Signal(object)     # a Hint the advisor gave for Demo
    deal_ready = Signal(object)       # (deal, SearchResult), or None: none was proven
    failed = Signal(str)              # a worker could not answer: why

    def __init__(self, controller: TableController, parent: Any = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.verdicts_on = True
        self.verdict = ""
        self._judge = Worker()
        self._advice = Worker()
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._knowledge: dict[Hashable, Knowledge] = {}
        self._position: Hashable = None
        self._judging: dict[int, tuple[Hashable, bool]] = {}   # request: position, at the deal
        self._advising: dict[int, str] = {}                     # request: what for
        self._hint_wanted: Hashable = None
        self._line_wanted: Hashable = None
        self._deal_result: tuple[Hashable, SearchResult] | None = None

    # -- what the game is ---------------------------------------------------------------

    @property
    def has_solver(self) -> bool:
        return self.controller.info.solver is not None

    @property
    def knowledge(self) -> Knowledge:
        """What is known of the deal in play."""
        game, session = self.controller.game, self.controller.session
        key: Hashable = (self.controller.info.game_id, game.deal_number, game.variant,
                         tuple(sorted(session.log.options.items())))
        if not session.from_deal:
            key = id(session)                  # a constructed position: no deal to share
        if key not in self._knowledge:
            while len(self._knowledge) >= KEPT_DEALS:
                del self._knowledge[next(iter(self._knowledge))]
            self._knowledge[key] = Knowledge(dealt=session.from_deal)
        return self._knowledge[key]

    def answer(self) -> SearchResult | None:
        """The solver's answer for the position on the table, if it is known."""
        return self.knowledge.answer(position_of(self.controller.game))

    # -- the table changed --------------------------------------------------------------

    def game_replaced(self) -> None:
        """A new game is on the table: forget what was asked for the old one."""
        self._judge.cancel()
        self._advice.cancel()
        self._judging, self._advising = {}, {}
        self._hint_wanted = self._line_wanted = None
        self._position = None
        if self._deal_result is not None:
            position, result = self._deal_result
            self._deal_result = None
            if position == position_of(self.controller.game):
                self.knowledge.learn(position, result, at_deal=True)
        self.position_changed()

    def position_changed(self) -> None:
        """After a gesture: the verdict for the new position, from what is
        known, or from a new search (which cancels the one still running)."""
        game = self.controller.game
        before, position = self._position, position_of(game)
        self._position = position
        self._hint_wanted = self._line_wanted = None
        if any(purpose != "deal" for purpose in self._advising.values()):
            self._advice.cancel()            # a hint for the position left is not wanted
            self._advising = {}
        if not self.has_solver:
            self._say("")
            return
        if game.is_won:
            self._judge.cancel()
            self._say("")
            return
        knowledge = self.knowledge
        result = knowledge.answer(position)
        if result is None and before is not None:
            result = knowledge.follow(before, game)
        if result is None and self.verdicts_on:
            self._ask_judge()
        elif result is not None:
            self._judge.cancel()
            self._judging = {}
            self._after_answer()
        else:
            self._say("")

    def set_verdicts(self, on: bool) -> None:
        """Show the verdict in the status bar, or stop the worker that finds it."""
        self.verdicts_on = on
        if on:
            self._position = None
            self.position_changed()
        else:
            self._judge.stop()
            self._judging = {}
            self._say("")

    # -- questions --------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """Work out a hint for the position on the table; ``hint_ready`` brings it."""
        game, info = self.controller.game, self.controller.info
        known = self.answer()
        if game.is_over:
            self.hint_ready.emit(Hint(None, "The game is over: there is nothing to hint."))
        elif info.advisor is not None:
            self._ask_advice("hint", answers.HINT_SECONDS)
        elif known is not None:
            self.hint_ready.emit(answers.hint_from(game, known))
        else:
            self._hint_wanted = position_of(game)
            self._ask_judge()

    def ask_line(self) -> None:
        """Have the solver's answer for the position on the table (Demo plays
        its line); ``line_ready`` says when it has come."""
        if self.answer() is not None:
            self.line_ready.emit()
            return
        self._line_wanted = position_of(self.controller.game)
        self._ask_judge()

    def ask_demo_advice(self) -> None:
        """Ask the advisor for Demo's next step; ``advice_ready`` brings it."""
        self._ask_advice("demo", DEMO_ADVICE_SECONDS)

    def find_winnable_deal(self) -> None:
        """Look for a deal the solver proves winnable; ``deal_ready`` brings it."""
        info = self.controller.info
        candidates = [random_deal_number(info.random_highest) for _ in range(answers.DEALS_TRIED)]
        number = self._advice.ask("winnable_deal", info.game_id,
                                  self.controller.options_for(info.game_id), candidates)
        self._advising = {number: "deal"}
        self._timer.start()

    def expect_deal(self, deal: int, result: SearchResult) -> None:
        """The next game is ``deal``, with this answer already found for it."""
        game = self.controller.info.new_game(deal, self.controller.options_for(
            self.controller.info.game_id))
        self._deal_result = (position_of(game), result)


    @property
    def busy(self) -> bool:
        """True while an answer the player asked for is awaited."""
        return self._hint_wanted is not None or any(
            purpose in ("hint", "deal") for purpose in self._advising.values())

    def hold(self) -> None:
        """Start no worker process until ``release`` (the window draws its first
        frame first); what is asked meanwhile is answered after it."""
        self._judge.hold()
        self._advice.hold()

    def release(self) -> None:
        """Start the workers for what waits (see ``hold``)."""
        self._judge.release()
        self._advice.release()

    def shut_down(self) -> None:
        """End both worker processes (the window is closing)."""
        self._timer.stop()
        self._judge.stop()
        self._advice.stop()

    # -- talking to the workers --------------------------------------------------------------

    def _ask_judge(self) -> None:
        game = self.controller.game
        position = position_of(game)
        if any(asked == position for asked, _ in self._judging.values()):
            return                              # already being worked out
        number = self._judge.ask("judge", self.controller.info.game_id, game.detached(),
                                 answers.VERDICT_SECONDS)
        self._judging = {number: (position, not game.can_undo and
                                  self.controller.session.from_deal)}
        if position == self._position:
            self._say(self.knowledge.words(None, False))
        self._timer.start()

    def _ask_deal_judged(self) -> None:
        """Judge the deal as dealt: whether a lost position was ever winnable."""
        session = self.controller.session
        dealt = self.controller.info.game(session.log.deal, **session.log.options)
        number = self._judge.ask("judge", self.controller.info.game_id, dealt,
                                 answers.VERDICT_SECONDS)
        self._judging = {number: (position_of(dealt), True)}
        self._timer.start()

    def _ask_advice(self, purpose: str, seconds: float) -> None:
        game = self.controller.game
        number = self._advice.ask("hint", self.controller.info.game_id, game.detached(), seconds)
        self._advising = {number: purpose}
        self._timer.start()

    def _poll(self) -> None:
        for answer in self._judge.answers():
            self._judged(answer)
        for answer in self._advice.answers():
            self._advised(answer)
        if not self._judging and not self._advising:
            self._timer.stop()

    def _judged(self, answer: Answer) -> None:
        asked = self._judging.pop(answer.number, None)
        if asked is None:
            return                                # a stale answer
        position, at_deal = asked
        if answer.error:
            self.failed.emit(f"The solver could not answer: {answer.error}")
            result = SearchResult(Verdict.UNKNOWN)
        else:
            result = answer.value
        self.knowledge.learn(position, result, at_deal)
        self._after_answer()

    def _after_answer(self) -> None:
        """Say the verdict for the position on the table, now that an answer
        came; hand a hint or a line to whoever waited for it."""
        game = self.controller.game
        position = position_of(game)
        knowledge = self.knowledge
        result = knowledge.answer(position)
        if result is None:
            return
        if position == self._hint_wanted:
            self._hint_wanted = None
            self.hint_ready.emit(answers.hint_from(game, result))
        if position == self._line_wanted:
            self._line_wanted = None
            self.line_ready.emit()
        at_deal = not game.can_undo and self.controller.session.from_deal
        if result.verdict is Verdict.IMPOSSIBLE and not at_deal and knowledge.deal is None \
                and not knowledge.won_somewhere and not self._judging \
                and self.controller.session.from_deal:
            self._ask_deal_judged()
        self._say(knowledge.words(result, at_deal) if self.verdicts_on else "")

    def _advised(self, answer: Answer) -> None:
        purpose = self._advising.pop(answer.number, None)
        if purpose is None:
            return
        if purpose == "deal":
            self.deal_ready.emit(None if answer.error else answer.value)
            if answer.error:
                self.failed.emit(f"No winnable deal could be looked for: {answer.error}")
            return
        hint = Hint(None, f"No hint: the advisor could not answer ({answer.error}).") \
            if answer.error else answer.value
        (self.hint_ready if purpose == "hint" else self.advice_ready).emit(hint)

    def _say(self, words: str) -> None:
        if words != self.verdict:
            self.verdict = words
            self.verdict_changed.emit(words)
