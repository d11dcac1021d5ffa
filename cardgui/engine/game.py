"""What every game of the suite shares: piles, counters, checked moves, undo.

A game answers two pure questions, ``pick_up_refusal`` (may this card, with
those on it, be picked up?) and ``drop_refusal`` (may they go onto that pile?),
and lists destinations in the order its program would try them.  Everything
that changes the layout runs inside ``_transaction``: one gesture, one undo
entry, and on a refusal nothing changes at all.
"""

from __future__ import annotations

import abc
import dataclasses
from dataclasses import dataclass
from typing import (
    Any,
    Callable,
    ClassVar,
    Generic,
    Iterable,
    Mapping,
    Protocol,
    TypeVar,
)

from .cards import Card
from .history import History, entry_between, put_back
from .moves import Deal, IllegalMove, Step
from .piles import Pile, PileId, Role


class Counters(Protocol):
    """What every game's counters hold: at least the number of moves made."""

    @property
    def moves(self) -> int: ...


CountersT = TypeVar("CountersT", bound=Counters)

MAX_DEAL = 2**31 - 1


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a gesture did: the piles it changed and a word for the player."""

    changed: frozenset[PileId] = frozenset()
    message: str = ""

    @property
    def did_anything(self) -> bool:
        return bool(self.changed)


def check_deal_number(number: int, highest: int = MAX_DEAL) -> int:
    """``number`` if it is a deal number from 1 to ``highest``.

    Raises:
        ValueError: otherwise, saying what the range is.
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= highest:
        raise ValueError(f"deal number must be a whole number from 1 to {highest}, not {number!r}")
    return number


class Game(abc.ABC, Generic[CountersT]):
    """A game in progress: its piles, its counters and its history.

    Subclasses set ``game_id`` (stable, used in saves and statistics) and
    ``title``, build the layout, and answer the rule questions.
    """

    game_id: ClassVar[str]
    title: ClassVar[str]

    def __init__(self, deal: int, piles: Mapping[PileId, Pile], counters: CountersT) -> None:
        self.deal_number = deal
        self._piles: dict[PileId, Pile] = dict(piles)
        self._counters: CountersT = counters
        self.history: History[CountersT] = History()

    # -- reading the layout ------------------------------------------------

    @property
    def piles(self) -> Mapping[PileId, Pile]:
        """Every pile, by its id.  Read only: change piles through moves."""
        return self._piles

    @property
    def counters(self) -> CountersT:
        return self._counters

    def pile(self, pile_id: PileId) -> Pile:
        """The pile called ``pile_id``.

        Raises:
            IllegalMove: if this game has no such pile.
        """
        try:
            return self._piles[pile_id]
        except KeyError:
            raise IllegalMove(f"There is no pile {pile_id} in this game.") from None

    def pile_ids(self, role: Role) -> list[PileId]:
        """The ids of the piles with ``role``, in order."""
        return sorted((pile_id for pile_id in self._piles if pile_id.role is role),
                      key=_by_index)

    def all_cards(self) -> list[Card]:
        """Every card on the table, pile by pile (for checking that none is lost)."""
        return [card for pile_id in sorted(self._piles) for card in self._piles[pile_id].cards]

    @property
    def moves_made(self) -> int:
        return self._counters.moves

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
    def is_over(self) -> bool:
        """True when play has ended, won or not."""
        return self.is_won or self.is_stuck

    def status_items(self) -> list[tuple[str, str]]:
        """Game-specific figures for a status bar, as (label, value) pairs."""
        return []

    def refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        """Both rule questions in one: None if the move is allowed, else why not."""
        pile = self.pile(source)
        if not 0 <= index < len(pile):
            return f"There is no such card in {source}."
        if target not in self._piles:
            return f"There is no pile {target} in this game."
        return self.pick_up_refusal(source, index) or self.drop_refusal(source, index, target)

    # -- changing the layout -------------------------------------------------

    def move(self, source: PileId, index: int, target: PileId, *,
             label: str | None = None) -> Outcome:
        """Move the card at ``index`` of ``source``, with those on it, onto
        ``target``; ``label`` names the gesture in the undo history.

        Raises:
            IllegalMove: with the reason, if the rules refuse; nothing changes.
        """
        reason = self.refusal(source, index, target)
        if reason:
            raise IllegalMove(reason)
        return self._transaction(label or self._move_label(source, index, target), lambda: self._after_move(
            source, index, target, self._transfer(source, index, target)))

    def _move_label(self, source: PileId, index: int, target: PileId) -> str:
        """How the undo history names a move (``move 8S``)."""
        return f"move {self._piles[source].cards[index]}"

    def apply(self, step: Step) -> Outcome:
        """Carry out ``step``: a ``Move`` of the top ``step.count`` cards,
        checked like ``move``, or ``DEAL``, as ``deal``.

        Raises:
            IllegalMove: with the reason, if the rules refuse; nothing changes.
        """
        if isinstance(step, Deal):
            return self.deal()
        return self.move(step.source, len(self.pile(step.source)) - step.count, step.target)

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
            raise IllegalMove(self._nowhere_to_go(card))
        return self.move(source, index, places[0], label=f"play {card}")

    def _nowhere_to_go(self, card: Card) -> str:
        """Why ``play`` refuses a card that has no destination."""
        return f"{card} has nowhere to go."

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

    @property
    def score(self) -> int | None:
        """The game's score, in games that keep one."""
        return None

    @property
    def variant(self) -> str:
        """Which rules variant is in play (a scoring table, say), for statistics."""
        return ""

    def set_option(self, name: str, value: Any) -> None:
        """Change one of the game's options (FreeCell's autoplay, say).

        Raises:
            ValueError: for an option this game does not have, or a bad value.
        """
        raise ValueError(f"{self.title} has no option {name!r}")

    def double_click(self, source: PileId, index: int) -> Outcome:
        """What a double-click on a card does: by default, ``play`` it.

        Raises:
            IllegalMove: if the card cannot go anywhere.
        """
        return self.play(source, index)

    def _transfer(self, source: PileId, index: int, target: PileId) -> tuple[Card, ...]:
        """Move cards without checking; the source's hidden count shrinks if needed."""
        rest, cards = self._piles[source].split(index)
        self._piles[source] = rest
        self._piles[target] = self._piles[target].plus(cards)
        return cards

    def _after_move(self, source: PileId, index: int, target: PileId,
                    cards: tuple[Card, ...]) -> str | None:
        """Follow-ups that belong to the same gesture (turning up a card, safe
        plays).  Returns a message for the player, or None."""
        return None

    def _set_counters(self, **changes: Any) -> None:
        self._counters = dataclasses.replace(self._counters, **changes)  # type: ignore[type-var]

    def _transaction(self, label: str, action: Callable[[], str | None]) -> Outcome:
        """Run ``action`` as one gesture: one undo entry, all or nothing.

        A gesture that changed any pile counts as one move.

        Raises:
            IllegalMove: whatever ``action`` raised, after restoring every pile
                and counter to its state before the gesture.
        """
        piles_before = dict(self._piles)
        counters_before = self._counters
        try:
            message = action()
        except BaseException:
            self._piles = piles_before
            self._counters = counters_before
            raise
        if any(self._piles.get(pile_id) is not pile for pile_id, pile in piles_before.items()) \
                or self._piles.keys() != piles_before.keys():
            self._set_counters(moves=self._counters.moves + 1)
        entry = entry_between(label, piles_before, self._piles,
                              counters_before, self._counters)
        if entry is None:
            return Outcome(message=message or "")
        self.history.record(entry)
        return Outcome(entry.changed, message or "")

    # -- undo and redo ---------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def undo(self) -> Outcome:
        """Take back the last gesture exactly.

        Raises:
            IllegalMove: when there is nothing to undo.
        """
        entry = self.history.take_undo()
        put_back(self._piles, entry.before)
        self._counters = entry.counters_before
        return Outcome(entry.changed, f"Undid {entry.label}.")

    def redo(self) -> Outcome:
        """Do again the last gesture undone.

        Raises:
            IllegalMove: when there is nothing to redo.
        """
        entry = self.history.take_redo()
        put_back(self._piles, entry.after)
        self._counters = entry.counters_after
        return Outcome(entry.changed, f"Redid {entry.label}.")

    # -- snapshots -------------------------------------------------------------

    def state(self) -> tuple[tuple[tuple[PileId, Pile], ...], CountersT]:
        """The whole position as one comparable value (for tests and saves)."""
        return tuple(sorted(self._piles.items())), self._counters

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The position in the shape the terminal front end prints with ``--json``."""


def played_up(cards: Iterable[Card]) -> str:
    """``"Played up 2H 2S."``, or ``""`` when no card went up."""
    names = " ".join(card.name for card in cards)
    return f"Played up {names}." if names else ""


def _by_index(pile_id: PileId) -> int:
    return pile_id.index


def unique_cards(cards: Iterable[Card]) -> bool:
    """True when no card appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return False
        seen.add(card)
    return True
