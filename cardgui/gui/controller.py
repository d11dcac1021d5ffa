"""The controller: the game in play and every interaction with it.

The view reports pointer events (what was pressed, where the pointer is,
which piles the dragged cards overlap) and keys; the controller decides what
they mean, asks the engine, and tells the window through signals what changed
and what to say.  A drag is one state value: ``Idle``, ``Pressed`` or
``Dragging``; a drag asks the rules once, when it starts, where its cards may
land.  Every gesture reaches the game as a command through the session, which
logs it, saves and keeps the statistics; the controller decides no rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from PySide6.QtCore import QObject, Signal

from ..engine.commands import Command
from ..engine.game import Game
from ..engine.keyboard import KeyInterpreter
from ..engine.moves import IllegalMove, Step
from ..engine.outcome import Outcome
from ..engine.piles import PileId, Role
from ..engine.registry import GameInfo, find_game
from ..engine.table_plan import TableLayout
from ..session import GameSession, KeyResult
from ..store.saves import NewerSaveError, SaveFile, SaveFolder
from ..store.stats import Statistics
from .focus import DIRECTIONS, Focus, moved, resting, settle

DRAG_THRESHOLD = 4            # pixels of movement before a press becomes a drag


@dataclass(frozen=True, slots=True)
class Idle:
    """No button is down."""


@dataclass(frozen=True, slots=True)
class Pressed:
    """The button went down at (x, y) on a card (``index``) or an empty pile."""

    pile_id: PileId | None
    index: int | None
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Dragging:
    """Cards from ``index`` of ``source`` up are being dragged, picked up at
    (x, y); ``refusals`` says for every other pile why they may not land
    there (None: they may)."""

    source: PileId
    index: int
    x: float
    y: float
    refusals: Mapping[PileId, str | None]

    def target(self, overlapped: list[PileId]) -> PileId | None:
        """The first pile of ``overlapped`` (largest overlap first) the cards may land on."""
        return next((pile_id for pile_id in overlapped if self.refusals.get(pile_id) is None
                     and pile_id != self.source), None)


Interaction = Idle | Pressed | Dragging


def open_session(info: GameInfo, saves: SaveFolder | None, statistics: Statistics | None,
                 options: dict[str, Any], deal: int | None = None) -> tuple[GameSession, str]:
    """``info``'s saved game in progress, or a new deal with ``options`` when
    there is none or it cannot be used (deal number ``deal``, else a random
    one; a saved game that is not in progress gives way to ``deal``); and
    what to tell the player about a saved game that could not be used, or a
    part of it that was left out ("" if nothing).

    Raises:
        ValueError: if ``deal`` is not one of the game's deals.
    """
    save_file = saves.for_game(info.game_id) if saves is not None else None
    problem = ""
    if save_file is not None:
        try:
            saved = save_file.load()
            if saved is not None:
                if saved.log.game_id != info.game_id:
                    raise ValueError(save_file.set_aside(
                        f"it holds a game of {saved.log.game_id!r}"))
                try:
                    session = GameSession.restore(info, saved, saves=save_file,
                                                  statistics=statistics)
                    if deal is None or session.in_progress:
                        return session, session.forgotten
                except ValueError as error:
                    raise ValueError(save_file.set_aside(str(error))) from None
        except NewerSaveError as error:
            problem = str(error)
            save_file = None           # keep the newer cardgui's file as it is
        except ValueError as error:
            problem = str(error)
    return GameSession.start(info, deal, options, saves=save_file, statistics=statistics), problem


class TableController(QObject):
    """One game session at a time, and the pointer's interaction with it."""

    changed = Signal(object)          # Outcome: which piles changed
    message = Signal(str, bool)       # text, and whether it is the bell
    game_replaced = Signal()          # a new game (or deal) is on the table
    pending_changed = Signal(str)     # the half-typed card name
    finished = Signal(object)         # the Ending, when the game ends
    request = Signal(object)          # a Request for the window (help, quit, ...)
    drag_cancelled = Signal()         # dragged cards go back where they were
    problem = Signal(str)             # trouble with our files, to be read, not glimpsed
    focus_changed = Signal()          # the keyboard focus moved, or what it holds

    def __init__(self, session: GameSession, saves: SaveFolder | None = None,
                 options_for: Callable[[str], dict[str, Any]] = lambda game_id: {},
                 parent: Any = None) -> None:
        """``saves`` keeps each game's game in progress (None: nothing is
        kept); ``options_for(game_id)`` gives the options a new game of that
        game starts with (the player's settings)."""
        super().__init__(parent)
        self.session = session
        self.saves = saves
        self.click_to_move = False     # one click on a card plays it, as a double-click does
        self.last_changed: frozenset[PileId] = frozenset()   # by the gesture being told
        self.layout_of: Callable[[Game[Any]], TableLayout] | None = None   # the table's
        self.focus: Focus | None = None           # the keyboard focus, once the keys move it
        self.held: Focus | None = None            # cards picked up with the keyboard
        self.options_for = options_for
        self.interaction: Interaction = Idle()
        self._click_did_something = False   # a double-click's first click placed a card, say
        session.report = self.problem.emit

    @property
    def info(self) -> GameInfo:
        return self.session.info

    @property
    def game(self) -> Game[Any]:
        return self.session.game

    @property
    def keys(self) -> KeyInterpreter:
        return self.session.keys

    # -- games ---------------------------------------------------------------------------

    def new_game(self, game_id: str | None = None, deal: int | None = None) -> None:
        """Put a new deal on the table (a random one unless ``deal`` is given)
        with the player's options; the window asks first whether to give up a
        game in progress, and the session counts it."""
        info = find_game(game_id) if game_id else self.info
        self.replace(GameSession.start(info, deal, self.options_for(info.game_id),
                                       saves=self._save_file(info),
                                       statistics=self.session.statistics))

    def switch_to(self, game_id: str) -> str:
        """Put ``game_id``'s game in progress back on the table, or a new deal
        of it; the game left stays saved for later.  Returns what to tell the
        player (why a saved game could not be used, say), or ""."""
        info = find_game(game_id)
        session, problem = open_session(info, self.saves, self.session.statistics,
                                        self.options_for(info.game_id))
        self.replace(session)
        return problem

    # -- the keyboard focus ------------------------------------------------------------

    @property
    def focused(self) -> Focus | None:
        """Where the keyboard focus is, if it is shown: the game's own cursor
        (Poker Squares'), or the focus the arrow keys and Tab have moved."""
        cursor = self.keys.cursor_pile
        if cursor is not None:
            return resting(self.game, cursor)
        return self.focus

    def navigate(self, key: str) -> bool:
        """Move the keyboard focus (arrows, Tab), pick up or drop the cards it
        is on (Enter, and Space once the focus is shown), or let go (Escape).
        True if the key was one of these; the others are the game's keys.  In a
        game whose keys move a cursor of their own they stay the game's."""
        if self.keys.cursor_pile is not None or self.layout_of is None:
            return False
        layout = self.layout_of(self.game)
        if key in DIRECTIONS:
            self.focus = moved(self.game, layout, self.focus, key)
        elif key == "Escape" and (self.held or self.focus):
            if self.held:
                self.held = None
                self.message.emit("Put back.", False)
            else:
                self.focus = None
        elif key in ("\r", " ") and self.focus is not None:
            self._pick_up_or_drop(settle(self.game, layout, self.focus))
        else:
            return False
        self.focus_changed.emit()
        return True

    def _pick_up_or_drop(self, focus: Focus) -> None:
        """Pick up the cards from the focused card up, or drop those held on
        the focused pile (the rules decide, as for a drag)."""
        if self.held is None:
            if focus.index is None:
                self.message.emit(f"{self.game.pile_name(focus.pile_id).capitalize()} is empty: "
                                  "nothing to pick up.", True)
                return
            reason = self.game.pick_up_refusal(focus.pile_id, focus.index)
            if reason:
                self.message.emit(reason, True)
                return
            self.held = focus
            count = len(self.game.piles[focus.pile_id]) - focus.index
            card = self.game.piles[focus.pile_id].cards[focus.index]
            more = f" and {count - 1} on it" if count > 1 else ""
            self.message.emit(f"Picked up {card.words}{more}: move to a pile and press Enter "
                              "to put it there, Escape to put it back.", False)
            return
        held, self.held = self.held, None
        if held.pile_id == focus.pile_id:
            self.message.emit("Put back.", False)
            return
        assert held.index is not None
        self._perform(Command("move", (str(held.pile_id), held.index, str(focus.pile_id))))

    def settle_focus(self) -> None:
        """Keep the focus on a card that is there after the game changed."""
        if self.focus is not None and self.layout_of is not None:
            self.focus = settle(self.game, self.layout_of(self.game), self.focus)
        if self.held is not None and (self.held.pile_id not in self.game.piles or
                                      self.held.index is None or
                                      self.held.index >= len(self.game.piles[self.held.pile_id])):
            self.held = None
        self.focus_changed.emit()

    def _save_file(self, info: GameInfo) -> SaveFile | None:
        return self.saves.for_game(info.game_id) if self.saves is not None else None

    def replace(self, session: GameSession) -> None:
        """Put ``session``'s game on the table.  The table's layout is the new
        game's only once the window has taken it up (``game_replaced``), so
        the keyboard focus is settled then (``settle_focus``), never against
        the game that left."""
        if session.info.game_id != self.session.info.game_id:
            self.focus = None               # another game's piles: start afresh
        self.session = session
        session.report = self.problem.emit
        self.interaction = Idle()
        self.held = None
        self.layout_of = None
        session.save()
        self.game_replaced.emit()
        self.pending_changed.emit(self.keys.pending)

    # -- the pointer -----------------------------------------------------------------------

    def press(self, pile_id: PileId | None, index: int | None, x: float, y: float) -> None:
        """The button went down on card ``index`` of ``pile_id`` (None: no card)."""
        self.interaction = Pressed(pile_id, index, x, y)

    def move(self, x: float, y: float) -> Dragging | None:
        """The pointer moved with the button down; the drag, once there is one."""
        state = self.interaction
        if isinstance(state, Dragging):
            return state
        if not isinstance(state, Pressed) or state.pile_id is None or state.index is None:
            return None
        if abs(x - state.x) + abs(y - state.y) < DRAG_THRESHOLD:
            return None
        source, index = state.pile_id, state.index
        pile = self.game.piles[source]
        if source.role is Role.STOCK and not pile.is_face_up(index):
            self.interaction = Idle()        # a face-down stock is clicked, not dragged
            return None
        reason = self.game.pick_up_refusal(source, index)
        if reason:
            self.interaction = Idle()
            self.message.emit(reason, True)
            return None
        refusals = {pile_id: self.game.drop_refusal(source, index, pile_id)
                    for pile_id in self.game.piles if pile_id != source}
        self.interaction = Dragging(source, index, state.x, state.y, refusals)
        return self.interaction

    def release(self, overlapped: list[PileId]) -> None:
        """The button came up; ``overlapped`` lists the piles the dragged cards
        overlap, largest overlap first.  A press without a drag is a click."""
        state, self.interaction = self.interaction, Idle()
        self._click_did_something = False
        if isinstance(state, Pressed):
            if state.pile_id is None:
                return
            if self.click_to_move and state.index is not None \
                    and self.game.pick_up_refusal(state.pile_id, state.index) is None:
                self._click_did_something = self._perform(
                    Command("double_click", (str(state.pile_id), state.index)))
            else:
                self._click_did_something = self.click(state.pile_id)
            return
        if not isinstance(state, Dragging):
            return
        target = state.target(overlapped)
        if target is not None:
            self._perform(Command("move", (str(state.source), state.index, str(target))))
            return
        self.drag_cancelled.emit()
        others = [pile_id for pile_id in overlapped if pile_id != state.source]
        card = self.game.piles[state.source].cards[state.index]
        if others:
            self.message.emit(state.refusals[others[0]] or "", True)
        else:
            self.message.emit(f"{card} went back: drop it onto a pile.", True)

    def click(self, pile_id: PileId) -> bool:
        """A click on a pile: the stock deals; elsewhere, whatever the game says
        a click there does (often nothing).  True if cards moved."""
        return self._perform(Command("click", (str(pile_id),)))

    def double_click(self, pile_id: PileId, index: int) -> None:
        """A double-click on a card: whatever the game says (where its typed
        name would send it, in Klondike), unless its first click already did
        what it meant (placed a card, say)."""
        self.interaction = Idle()
        if self._click_did_something:
            self._click_did_something = False
            return
        self._perform(Command("double_click", (str(pile_id), index)))

    # -- commands and keys --------------------------------------------------------------------

    def undo(self) -> bool:
        return self._perform(Command("undo"))

    def redo(self) -> bool:
        return self._perform(Command("redo"))

    def play(self, step: Step) -> bool:
        """Make ``step`` as the player's gesture for it would (Demo plays this
        way, so Undo takes it back); True if cards moved."""
        return self._perform(self.game.command_for(step))

    def finish(self) -> bool:
        """Play every card up in a game won in all but the playing; True if it did."""
        return self._perform(Command("finish"))

    def set_option(self, name: str, value: Any) -> bool:
        """Change an option of the game in play; True if it took."""
        try:
            self.session.set_option(name, value)
        except (IllegalMove, ValueError) as error:
            self.message.emit(str(error), True)
            return False
        return True

    def key(self, key: str) -> KeyResult:
        """One keystroke for the game's interpreter (the book's commands)."""
        response = self.session.press(key)
        self.pending_changed.emit(self.keys.pending)
        if response.request is not None:
            self.request.emit(response.request)
            return response
        self._report(response.outcome, response.message, response.bell)
        return response

    def _perform(self, command: Command) -> bool:
        try:
            outcome = self.session.perform(command)
        except IllegalMove as refusal:
            self.message.emit(str(refusal), True)
            return False
        self.pending_changed.emit("")
        self._report(outcome, outcome.message, False)
        return bool(outcome.changed)

    def _report(self, outcome: Outcome, text: str, bell: bool) -> None:
        self.last_changed = outcome.changed         # while the message is being told
        if outcome.changed:
            self.changed.emit(outcome)
            self.settle_focus()
        self.message.emit(text, bell)
        self.last_changed = frozenset()
        ending = self.session.ending_news()
        if ending is not None:
            self.finished.emit(ending)
