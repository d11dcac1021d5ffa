"""What every game of the suite shares: the rules' questions, commands, one checked move.

A game answers two pure questions, ``pick_up_refusal`` (may this card, with
those on it, be picked up?) and ``drop_refusal`` (may they go onto that pile?),
and lists destinations in the order its program would try them.  Every
gesture reaches it as a ``Command``, performed by its session
(``GameSession.perform``, the only caller of ``perform``).  Cards move by one checked
path, ``move``, whose body ``_carry`` moves them without checking and then
runs the game's one follow-up hook, ``_after_move`` (turning up a card, safe
plays); everything that changes the layout runs inside the table's
``_transaction`` (``table.py``): one gesture, one undo entry, and on a refusal
no card moves.  The game also says
how it ended (``ending``): won, no move left, or finished with a score.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from typing import Any, ClassVar

from .cards import Card
from .commands import Command, Handler, any_arg, handler, number_arg, pile_arg, word_arg
from .moves import DEAL, Deal, IllegalMove, Move, Step
from .outcome import Ending, Outcome
from .piles import PileId, Role
from .table import CountersT, UndoableTable


class Game(UndoableTable[CountersT], abc.ABC):
    """A game in progress: its piles, its counters and its history.

    Subclasses set ``game_id`` (stable, used in saves and statistics) and
    ``title``, build the layout, and answer the rule questions.
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    can_finish: ClassVar[bool] = False    # a game can be won in all but the playing

    # -- the rules -----------------------------------------------------------

    @abc.abstractmethod
    def pick_up_refusal(self, source: PileId, index: int) -> str | None:
        """None if the card at ``index`` of ``source`` may be picked up (with the
        cards on it); otherwise the reason it may not."""

    @abc.abstractmethod
    def drop_refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        """None if the cards from ``index`` of ``source`` up may go onto ``target``;
        otherwise the reason they may not.  Assumes they may be picked up."""

    @abc.abstractmethod
    def destinations(self, source: PileId, index: int) -> list[PileId]:
        """Where the card at ``index`` of ``source`` may go, in the order the
        game's own program would choose; the first is where a double-click or a
        typed card name sends it."""

    @property
    @abc.abstractmethod
    def is_won(self) -> bool:
        """True when the game is won."""

    @property
    def is_stuck(self) -> bool:
        """True when no card can ever move again and the game is not won."""
        return False

    @property
    def ending(self) -> Ending | None:
        """How the game ended, or None while it goes on."""
        if self.is_won:
            return Ending.WON
        if self.is_stuck:
            return Ending.NO_MOVES
        return None

    @property
    def is_over(self) -> bool:
        """True when play has ended, however it ended."""
        return self.ending is not None

    @property
    def score(self) -> int | None:
        """The game's score, in games that keep one."""
        return None

    @property
    def progress(self) -> int:
        """How far the game is towards a win, in cards: by default the cards
        on the foundations.  The help's line for a lost position is the one
        that makes the most of it."""
        return sum(len(self._piles[pile_id]) for pile_id in self.pile_ids(Role.FOUNDATION))

    def legal_steps(self) -> list[Step]:
        """Every step the rules allow now (dealing, if the stock deals, and
        every move of a card with those on it onto a pile that takes it),
        pointless ones included: what a search that knows nothing of the
        game's strategy tries."""
        steps: list[Step] = []
        targets = sorted(self._piles)
        for source in targets:
            pile = self._piles[source]
            for index in range(len(pile) - 1, -1, -1):
                if self.pick_up_refusal(source, index):
                    continue
                steps += [Move(source, target, len(pile) - index) for target in targets
                          if target != source
                          and self.drop_refusal(source, index, target) is None]
        if self.pile_ids(Role.STOCK):
            try:
                self.detached().deal()
            except IllegalMove:
                pass
            else:
                steps.append(DEAL)
        return steps

    @property
    def variant(self) -> str:
        """Which rules variant is in play (a scoring table, say), for statistics."""
        return ""

    @property
    def carries_score(self) -> bool:
        """True when the score runs on over a run of games (Vegas, cumulative):
        the front ends add up the games' scores."""
        return False

    def rules_note(self) -> str:
        """What a player should know of this game's rules beyond the game's
        own (its variant's, say), in a sentence; "" if nothing."""
        return ""

    def status_items(self) -> list[tuple[str, str]]:
        """Game-specific figures for a status bar, as (label, value) pairs."""
        return []

    def pile_name(self, pile_id: PileId) -> str:
        """How a player names a pile, as a screen reader says it (``stack 3``,
        ``free cell b``)."""
        return f"{pile_id.role.name.lower()} {pile_id.index}"

    def step_words(self, step: Step) -> str:
        """A step in words for a player: ``8S to stack 3``, or what dealing does."""
        if isinstance(step, Deal):
            return self.deal_words()
        card = self.pile(step.source).cards[-step.count]
        more = f" and the {step.count - 1} on it" if step.count > 1 else ""
        return f"{card}{more} to {self.pile_name(step.target)}"

    def deal_words(self) -> str:
        """What dealing does, in words (``Deal three cards``)."""
        return "Deal from the stock"

    def pile_notes(self, pile_id: PileId) -> list[str]:
        """What else a player sees about a pile, in words (what a foundation
        needs next, the hands a cell's row and column make)."""
        return []

    def refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        """Both rule questions in one: None if the move is allowed, else why not."""
        pile = self.pile(source)
        if not 0 <= index < len(pile.cards):
            return f"There is no such card in {source}."
        if target not in self._piles:
            return f"There is no pile {target} in this game."
        return self.pick_up_refusal(source, index) or self.drop_refusal(source, index, target)

    # -- commands ----------------------------------------------------------------

    def perform(self, command: Command) -> Outcome:
        """Carry out one command, whatever gesture made it.

        Raises:
            IllegalMove: with the reason, if the rules refuse it.
            ValueError: if this game has no such command or its arguments are
                wrong (a corrupt saved game, say).
        """
        action = self.command_handlers().get(command.name)
        if action is None:
            raise ValueError(f"{self.title} has no command {command.name!r}")
        outcome = action(command.args)
        return outcome if isinstance(outcome, Outcome) else Outcome()

    def command_handlers(self) -> dict[str, Handler]:
        """Every command this game takes, by name.  Games add their own to these:
        ``move``, ``double_click``, ``click``, ``deal``, ``undo``, ``redo`` and
        ``option``."""
        return {
            "move": handler(self.move, pile_arg, number_arg, pile_arg),
            "double_click": handler(self.double_click, pile_arg, number_arg),
            "click": handler(self.click, pile_arg),
            "deal": handler(self.deal),
            "undo": handler(self.undo),
            "redo": handler(self.redo),
            "option": handler(self.set_option, word_arg, any_arg),
            "finish": handler(self.finish),
        }

    # -- changing the layout -------------------------------------------------

    def move(self, source: PileId, index: int, target: PileId, *,
             label: str | None = None) -> Outcome:
        """Move the card at ``index`` of ``source``, with those on it, onto
        ``target``: the one checked move.  ``label`` names the gesture in the
        undo history.

        Raises:
            IllegalMove: with the reason, if the rules refuse; nothing changes.
        """
        reason = self.refusal(source, index, target)
        if reason:
            raise IllegalMove(reason)
        if label is None:
            label = "" if self.is_scratch else self._move_label(source, index, target)
        return self._transaction(label, lambda: self._carry(source, index, target))

    def _carry(self, source: PileId, index: int, target: PileId) -> str | None:
        """Move cards without checking, then the follow-ups; returns the
        message.  Only inside a transaction, after the rules have agreed."""
        cards = self._transfer(source, index, target)
        return self._after_move(source, index, target, cards)

    def _after_move(self, source: PileId, index: int, target: PileId,
                    cards: tuple[Card, ...]) -> str | None:
        """The follow-ups that belong to the same gesture (turning up a card,
        safe plays).  Returns a message for the player, or None."""
        return None

    def _move_label(self, source: PileId, index: int, target: PileId) -> str:
        """How the undo history names a move (``move 8S``)."""
        return f"move {self._piles[source].cards[index]}"

    def play(self, source: PileId, index: int) -> Outcome:
        """Send the card at ``index`` of ``source`` to its first destination.

        Raises:
            IllegalMove: if it may not be picked up or has nowhere to go.
        """
        reason = self.pick_up_refusal(source, index)
        if reason:
            raise IllegalMove(reason)
        places = self.destinations(source, index)
        card = self._piles[source].cards[index]
        if not places:
            raise self._found_nowhere(card)
        return self.move(source, index, places[0], label=f"play {card}")

    def _found_nowhere(self, card: Card) -> IllegalMove:
        """The refusal for a card that may be picked up but has nowhere to go
        (a game with the book's ``M`` forgets its card here, as the book's
        ``playcard`` empties its list of places before it looks)."""
        return IllegalMove(f"{card} has nowhere to go.")

    def finishing_steps(self) -> list[Step] | None:
        """When the game is won in all but the playing, the steps that play
        every card up; otherwise None.  Games where that can happen
        (``can_finish``) say when, and then the steps always win."""
        return None

    @staticmethod
    def steps_until_won(copy: Game[Any], next_step: Callable[[], Step | None]
                        ) -> list[Step] | None:
        """Apply ``next_step()`` (a step for ``copy`` as it is now) to ``copy``,
        a scratch copy, until it is won: the steps, or None as soon as
        ``next_step`` has none."""
        steps: list[Step] = []
        while not copy.is_won:
            step = next_step()
            if step is None:
                return None
            copy.apply(step)
            steps.append(step)
        return steps

    def finish(self) -> Outcome:
        """Play every card up, as one gesture, in a game won in all but the playing.

        Raises:
            IllegalMove: when it is not, or a step is refused (nothing changes).
        """
        steps = self.finishing_steps()
        if steps is None:
            raise IllegalMove("Not every card can go up yet.")

        def play_all() -> str:
            for step in steps:
                if isinstance(step, Deal):
                    raise IllegalMove("Finishing never deals.")
                index = len(self.pile(step.source)) - step.count
                reason = self.refusal(step.source, index, step.target)
                if reason:
                    raise IllegalMove(reason)
                self._carry(step.source, index, step.target)
            return "Played every card up.  You win!" if self.is_won else ""
        return self._transaction("play every card up", play_all)

    def apply(self, step: Step) -> Outcome:
        """Carry out ``step`` by the checked moves: a ``Move`` of the top
        ``step.count`` cards, as ``move``, or ``DEAL``, as ``deal``.  Solvers'
        lines are replayed this way on scratch copies; a game in play takes
        the player's gesture for a step (``command_for``) through its session.

        Raises:
            IllegalMove: with the reason, if the rules refuse; nothing changes.
        """
        if isinstance(step, Deal):
            return self.deal()
        return self.move(step.source, len(self.pile(step.source)) - step.count, step.target)

    def command_for(self, step: Step) -> Command:
        """The command a player's gesture for ``step`` makes: dealing, or a
        drag of the top ``step.count`` cards (what Hint, Demo and Finish play)."""
        if isinstance(step, Deal):
            return Command("deal")
        index = len(self.pile(step.source)) - step.count
        return Command("move", (str(step.source), index, str(step.target)))

    def deal(self) -> Outcome:
        """Turn or deal cards from the stock, as the game does when it is clicked.

        Raises:
            IllegalMove: in a game without a stock to deal from.
        """
        raise IllegalMove(f"{self.title} has no cards to deal.")

    def click(self, pile_id: PileId) -> Outcome | None:
        """What one click on ``pile_id`` does: on the stock, deal; elsewhere
        nothing (None).  Games where a click places a card say so here.

        Raises:
            IllegalMove: if the click asks for something the rules refuse.
        """
        if pile_id.role is Role.STOCK:
            return self.deal()
        return None

    def double_click(self, source: PileId, index: int) -> Outcome:
        """What a double-click on a card does: by default, ``play`` it.

        Raises:
            IllegalMove: if the card cannot go anywhere.
        """
        return self.play(source, index)

    def set_option(self, name: str, value: Any) -> None:
        """Change one of the game's options (FreeCell's autoplay, say).

        Raises:
            ValueError: for an option this game does not have, or a bad value.
        """
        raise ValueError(f"{self.title} has no option {name!r}")

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The position in the shape the terminal front end prints with ``--json``."""
