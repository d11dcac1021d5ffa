"""Spider, as Windows and KPatience play it, with KPatience's numbered deals.

Two packs, 104 cards, of one, two or four suits (``deal.py``).  Ten columns
``T1``-``T10``: 54 cards dealt, six to each of the first four and five to
the others, only the top one face up.  The other 50 are the stock ``S1``.

* A run of cards of one suit, each one rank below the card under it, moves
  as a whole: onto a card one rank higher than its bottom card, of any
  suit, or onto an empty column.  Any such run from a column's face-up top
  may move, the whole of it or the top part of it.  A single face-up card is
  such a run: it moves alone only from the top of its column, onto a card
  one rank higher of any suit or an empty column.  Nothing else moves: not
  a card with a card of another suit or a wrong rank on it, not a face-down
  card, nothing from a foundation.
* A face-down card left on top of its column turns face up.
* Dealing (clicking the stock, or ``+``) lays one card face up on every
  column, column 1 first; it is refused while any column is empty.
* A column whose top thirteen cards are one suit from king down to ace
  sends them off to the next empty foundation ``F1``-``F8``, as part of the
  same gesture (and the same undo entry), as Windows and KPatience do; the
  card under them then turns up.  The game is won when all eight are off.
* Windows' score: 500 to start, one less for every gesture that moved
  cards (a deal is one), 100 more for every run gone off.  Undo takes a
  gesture back, the point it cost included.

Pile names and the position's JSON are in ``position.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...cards import Card, Suit
from ...commands import Handler, card_arg, handler, number_arg
from ...deals import check_deal_number
from ...game import Game
from ...moves import DEAL, IllegalMove, Move, Step
from ...outcome import Outcome
from ...piles import Pile, PileId, Role, tableau
from .deal import ROW, SUITS_IN_PLAY, check_suits, spider_deal
from .position import (
    COLUMNS,
    FOUNDATION_COUNT,
    FOUNDATIONS,
    RUN,
    STOCK,
    is_complete_run,
    place_name,
    read_position,
    stock_pile,
    write_position,
)

DEFAULT_SUITS = 1
"""One suit, as Windows' Spider starts (Beginner in Windows 7, Easy in XP):
what most players have played.  KPatience starts with two."""

START_SCORE, MOVE_COST, RUN_BONUS = 500, 1, 100


@dataclass(frozen=True, slots=True)
class SpiderCounters:
    """Everything besides the piles that undo must put back."""

    moves: int = 0


class Spider(Game[SpiderCounters]):
    """A game of Spider.  ``Spider(5, suits=4)`` is KPatience's four-suit deal 5."""

    game_id = "spider"
    title = "Spider"

    def __init__(self, deal: int, suits: int | str = DEFAULT_SUITS) -> None:
        """Deal ``deal`` with ``suits`` suits (1, 2 or 4, or its digit, as
        the option stores it).

        Raises:
            ValueError: for a deal number out of range or another suit count.
        """
        check_deal_number(deal)
        self.suits = check_suits(suits)
        laid = spider_deal(deal, self.suits)
        piles: dict[PileId, Pile] = {STOCK: stock_pile(laid.rows)}
        for number, column in enumerate(COLUMNS):
            hidden = laid.face_down[number]
            piles[column] = Pile(hidden + (laid.face_up[number],), len(hidden))
        for pile_id in FOUNDATIONS:
            piles[pile_id] = Pile()
        super().__init__(deal, piles, SpiderCounters())

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, complete: bool = True) -> "Spider":
        """A game in the position ``data`` describes, in the shape ``to_json``
        writes (the copies of a card are numbered in the order read).

        With ``complete`` the position must hold the whole pack; without it
        (for tests of a few cards) no card may appear more often than the
        pack holds it.

        Raises:
            ValueError: saying what is wrong with ``data``.
        """
        deal, suits, piles, moves = read_position(data, complete=complete)
        game = cls.__new__(cls)
        game.suits = suits
        Game.__init__(game, deal, piles, SpiderCounters(moves))
        return game

    def to_json(self) -> dict[str, Any]:
        """The position as ``position.py`` describes it."""
        return write_position(self.deal_number, self.suits, self._piles, self.moves_made,
                              self.score, self.is_won)

    # -- reading the layout --------------------------------------------------

    def pile_name(self, pile_id: PileId) -> str:
        return place_name(pile_id)

    @property
    def deals_left(self) -> int:
        """How many rows the stock still holds."""
        return len(self._piles[STOCK]) // ROW

    @property
    def runs_off(self) -> int:
        """How many completed runs have gone off to the foundations."""
        return sum(1 for pile_id in FOUNDATIONS if self._piles[pile_id].cards)

    @property
    def score(self) -> int:
        """Windows' score: 500, less one a gesture, plus 100 a run gone off."""
        return START_SCORE - MOVE_COST * self.moves_made + RUN_BONUS * self.runs_off

    @property
    def variant(self) -> str:
        """``"1 suit"``, ``"2 suits"`` or ``"4 suits"``: kept apart in the statistics."""
        return f"{self.suits} suit" + ("" if self.suits == 1 else "s")

    def status_items(self) -> list[tuple[str, str]]:
        return [("Score", str(self.score)), ("Deals left", str(self.deals_left)),
                ("Runs off", f"{self.runs_off} of {FOUNDATION_COUNT}")]

    def deal_words(self) -> str:
        return "Deal a row of ten cards"

    def pile_notes(self, pile_id: PileId) -> list[str]:
        if pile_id == STOCK:
            left = self.deals_left
            return [f"{left} deal{'' if left == 1 else 's'} left"]
        return []

    def run_start(self, column: PileId) -> int:
        """Where the run that may move from ``column`` begins: the index of
        the deepest face-up card under which the cards run down in one suit
        to the top (the column's length when it is empty)."""
        pile = self._piles[column]
        start = len(pile) - 1
        if start < 0:
            return 0
        cards = pile.cards
        while start > pile.hidden and _continues(cards[start - 1], cards[start]):
            start -= 1
        return start

    @property
    def pack_suits(self) -> tuple[Suit, ...]:
        """The suits in play, in the book's order."""
        return SUITS_IN_PLAY[self.suits]

    def copies(self, card: Card) -> list[tuple[PileId, int]]:
        """Where each copy of ``card`` (of any deck) lies on the columns: its
        column and its place there, columns left to right."""
        return [(column, index) for column in COLUMNS
                for index, lying in enumerate(self._piles[column].cards)
                if lying.rank == card.rank and lying.suit is card.suit]

    # -- the rules -----------------------------------------------------------

    def pick_up_refusal(self, source: PileId, index: int) -> str | None:
        pile = self.pile(source)
        if not 0 <= index < len(pile):
            return f"There is no such card in {source}."
        if source == STOCK:
            return "The stock is dealt a row at a time: click it, or press +."
        if source.role is Role.FOUNDATION:
            return "A completed run stays off the table."
        card = pile.cards[index]
        if not pile.is_face_up(index):
            return "That card is face down."
        if index < self.run_start(source):
            above = pile.cards[index + 1]
            return (f"{card} cannot move with the cards on it: {above} is not the "
                    f"{card.suit.word[:-1]} one rank lower.")
        return None

    def drop_refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        card = self.pile(source).cards[index]
        if target == source:
            return f"{card} is already there."
        if target.role is not Role.TABLEAU:
            return ("Cards go only onto the columns: a run from king to ace goes "
                    "off by itself.")
        onto = self._piles[target].top
        if not _fits(card, onto):
            return f"{card} cannot go onto {onto}: it must be one rank lower."
        return None

    def destinations(self, source: PileId, index: int) -> list[PileId]:
        """Where the card at ``index`` of ``source`` (with the run on it) may
        go, best first: the columns whose top is one rank higher in its own
        suit, left to right; then those in another suit; then the first empty
        column, unless the run is its whole column (moving that changes
        nothing)."""
        if self.pick_up_refusal(source, index):
            return []
        card = self._piles[source].cards[index]
        same: list[PileId] = []
        other: list[PileId] = []
        empty: list[PileId] = []
        for column in COLUMNS:
            onto = self._piles[column].top
            if column == source:
                continue
            if onto is None:
                empty.append(column)
            elif onto.rank == card.rank + 1:
                (same if onto.suit is card.suit else other).append(column)
        return same + other + (empty[:1] if index > 0 else [])

    @property
    def is_won(self) -> bool:
        return all(self._piles[pile_id].cards for pile_id in FOUNDATIONS)

    @property
    def is_stuck(self) -> bool:
        """True when the game is not won, the stock cannot be dealt and no
        run can move anywhere but from one empty column to another."""
        return not self.is_won and not self.legal_steps(useful_only=True)

    def deal_refusal(self) -> str | None:
        """None if the stock may be dealt now, else why not."""
        if self._piles[STOCK].is_empty:
            return "The stock is empty: every row has been dealt."
        empty = [column.index for column in COLUMNS if self._piles[column].is_empty]
        if empty:
            which = ", ".join(map(str, empty))
            return (f"Fill every empty column before dealing (empty: {which}): "
                    "each column must take a card.")
        return None

    def legal_steps(self, useful_only: bool = False) -> list[Step]:
        """Every step the rules allow now: each move of each run that may
        move (``Move``, the top ``count`` cards), then ``DEAL``.  With
        ``useful_only``, leaves out moving a whole column to an empty one."""
        steps: list[Step] = []
        for source in COLUMNS:
            pile = self._piles[source]
            for index in range(self.run_start(source), len(pile)):
                card = pile.cards[index]
                steps += [Move(source, target, len(pile) - index) for target in COLUMNS
                          if target != source and _fits(card, self._piles[target].top)
                          and not (useful_only and index == 0
                                   and self._piles[target].is_empty)]
        if self.deal_refusal() is None:
            steps.append(DEAL)
        return steps

    def command_handlers(self) -> dict[str, Handler]:
        """Spider's own commands besides those every game has."""
        return {**super().command_handlers(),
                "play_card": handler(self.play_card, card_arg),
                "move_column_run": handler(self.move_column_run, number_arg)}

    # -- changing the layout -------------------------------------------------

    def deal(self) -> Outcome:
        """Deal one card face up onto every column, column 1 first.

        Raises:
            IllegalMove: when the stock is empty or a column is empty.
        """
        reason = self.deal_refusal()
        if reason:
            raise IllegalMove(reason)

        def deal_row() -> str:
            for column in COLUMNS:
                self._transfer(STOCK, len(self._piles[STOCK]) - 1, column)
            left = self.deals_left
            dealt = f"Dealt a row; {left} deal{'' if left == 1 else 's'} left."
            return " ".join(filter(None, [dealt, self._send_runs_off()]))
        return self._transaction("deal", deal_row)

    def play_card(self, card: Card) -> Outcome:
        """Play a card named by the player (``8S``), with the run on it, to
        its best place (``destinations``).  Of several copies, the one whose
        best place builds in its own suit wins over one that builds on
        another suit, which wins over one going to an empty column; on a
        tie, the one in the leftmost column.

        Raises:
            IllegalMove: if no copy is face up, none may be picked up, or
                none has anywhere to go.
        """
        if card.suit not in self.pack_suits:
            raise IllegalMove(f"There is no {card} in this game: its cards are "
                              + " and ".join(suit.word for suit in self.pack_suits) + ".")
        face_up = [(column, index) for column, index in self.copies(card)
                   if self._piles[column].is_face_up(index)]
        if not face_up:
            raise IllegalMove(f"No {card} is face up on the columns.")
        movable = [(column, index) for column, index in face_up
                   if self.pick_up_refusal(column, index) is None]
        if not movable:
            column, index = face_up[0]
            raise IllegalMove(str(self.pick_up_refusal(column, index)))
        best: tuple[int, PileId, int, PileId] | None = None
        for column, index in movable:
            places = self.destinations(column, index)
            if places:
                kind = self._place_kind(column, index, places[0])
                if best is None or kind < best[0]:
                    best = (kind, column, index, places[0])
        if best is None:
            raise IllegalMove(f"{card} has nowhere to go: no column's top is one rank "
                                "higher and none is empty.")
        _, column, index, target = best
        return self.move(column, index, target, label=f"play {card}")

    def move_column_run(self, number: int) -> Outcome:
        """A shifted column number: move the longest part of the column's
        movable run that a column with cards takes, to its best place; if
        none does, the whole movable run to the first empty column.

        Raises:
            IllegalMove: if there is no such column, it is empty, or its run
                has nowhere to go.
        """
        source = tableau(number)
        if source not in self._piles:
            raise IllegalMove(f"There is no column {number}.")
        pile = self._piles[source]
        if pile.is_empty:
            raise IllegalMove(f"Column {number} is empty.")
        start = self.run_start(source)
        fallback: tuple[int, PileId] | None = None
        for index in range(start, len(pile)):
            places = self.destinations(source, index)
            filled = [place for place in places if self._piles[place].cards]
            if filled:
                return self.move(source, index, filled[0])
            if places and fallback is None:
                fallback = (index, places[0])
        if fallback is None:
            raise IllegalMove(f"The run on column {number} ({pile.cards[start]} up) has "
                              "nowhere to go.")
        return self.move(source, *fallback)

    def _after_move(self, source: PileId, index: int, target: PileId,
                    cards: tuple[Card, ...]) -> str:
        """Turn up the card left on top of ``source``; send a completed run
        off; say what happened."""
        self._turn_up(source)
        what = cards[0].name if len(cards) == 1 else f"{cards[0]} and {len(cards) - 1} more"
        return " ".join(filter(None, [f"{what} to {place_name(target)}.",
                                      self._send_runs_off()]))

    def _turn_up(self, column: PileId) -> None:
        self._piles[column] = self._piles[column].turned_up()

    def _send_runs_off(self) -> str:
        """Send every completed run at the top of a column off to the next
        empty foundation, turning up the card under it; what happened, in
        words ("" if nothing)."""
        gone = []
        for column in COLUMNS:
            pile = self._piles[column]
            if len(pile) - pile.hidden >= RUN and is_complete_run(pile.cards[-RUN:]):
                target = next(pile_id for pile_id in FOUNDATIONS
                              if self._piles[pile_id].is_empty)
                self._transfer(column, len(pile) - RUN, target)
                self._turn_up(column)
                gone.append(pile.cards[-1].suit.word)
        if not gone:
            return ""
        if self.is_won:
            return "All eight runs are off.  You win!"
        runs = " and ".join(f"a run of {suit}" for suit in gone)
        return f"{runs[0].upper()}{runs[1:]} went off."

    def _place_kind(self, source: PileId, index: int, target: PileId) -> int:
        """0 for a place in the card's own suit, 1 in another, 2 an empty column."""
        onto = self._piles[target].top
        if onto is None:
            return 2
        return 0 if onto.suit is self._piles[source].cards[index].suit else 1


def _fits(card: Card, onto: Card | None) -> bool:
    """True when ``card`` may go onto a column whose top is ``onto`` (None:
    empty): any card onto an empty column, else one rank lower, any suit."""
    return onto is None or onto.rank == card.rank + 1


def _continues(lower: Card, upper: Card) -> bool:
    """True when ``upper`` lies on ``lower`` in a run: same suit, one rank lower."""
    return upper.suit is lower.suit and upper.rank + 1 == lower.rank
