"""FreeCell with Microsoft's numbered deals.

Four free cells ``C1``-``C4`` (a card stays in the cell it was put in), four
foundations ``F1``-``F4`` (each takes any suit's ace, then builds up by that
suit), eight columns ``T1``-``T8`` built down in alternating colours; any card
may go to an empty column.  A run moves as a unit when
(free cells + 1) x 2^(empty columns) allows, an empty destination column not
counted.  Safe cards go up automatically after each move, in the same undo
step, while ``autoplay`` is on; with it on, cards safe when the cards are
dealt go up as part of the deal.

The table's piles, the supermove limit and the safe-play rule are in
``freecell_table``, the position's JSON in ``freecell_layout``; this module
holds the rules' questions and the moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...again import FORGOTTEN, AgainMemory
from ...cards import RANKS, Card, Suit
from ...commands import Handler, card_arg, handler, number_arg
from ...deals import MICROSOFT_MAX_DEAL, check_deal_number, microsoft_deal
from ...game import Game
from ...moves import IllegalMove, Move, Step
from ...outcome import Outcome, played_up
from ...piles import Pile, PileId, Role, tableau
from ...rules import alternate_descending, is_alternating_run, same_suit_ascending
from .limits import is_safe_up, limit_refusal, supermove_limit
from .position import (
    CELL_COUNT,
    CELLS,
    COLUMN_COUNT,
    COLUMNS,
    FOUNDATIONS,
    place_name,
    read_position,
    write_position,
)
from .runs import column_run

_SAID_NOTHING = Outcome()
# Looked up once: on Python 3.11 naming an enum member (``Role.CELL``) costs
# more than the comparison it is for, and the rule questions ask for every
# step of every line replayed.
_FOUNDATION, _CELL = Role.FOUNDATION, Role.CELL
_EMPTY = Pile()         # piles never change, so the empty free cells and foundations share one


@dataclass(frozen=True, slots=True)
class FreeCellCounters:
    """Everything besides the piles that undo must put back."""

    moves: int = 0
    again: AgainMemory = FORGOTTEN     # what M moves next


class FreeCell(Game[FreeCellCounters]):
    """A game of FreeCell.  ``FreeCell(617)`` is Microsoft's deal 617."""

    game_id = "freecell"
    title = "FreeCell"
    can_finish = True

    def __init__(self, deal: int, autoplay: bool = False) -> None:
        check_deal_number(deal, MICROSOFT_MAX_DEAL)
        dealt = microsoft_deal(deal)
        piles: dict[PileId, Pile] = dict.fromkeys(CELLS + FOUNDATIONS, _EMPTY)
        for number, column in enumerate(COLUMNS):
            piles[column] = Pile.face_up(dealt[number::COLUMN_COUNT])
        super().__init__(deal, piles, FreeCellCounters())
        self.autoplay = autoplay
        if autoplay:
            self._play_safe_cards_up()     # part of the deal: no move, nothing to undo

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, complete: bool = True,
                  autoplay: bool = False) -> "FreeCell":
        """A game in the position ``data`` describes, in the shape ``to_json``
        writes.  The suits of ``foundations`` go to ``F1``-``F4`` in the order
        their keys come (``to_json`` writes them in that order).

        With ``complete`` every one of the 52 cards must appear exactly once;
        without it (for tests of a few cards) none may appear twice.

        Raises:
            ValueError: saying what is wrong with ``data``.
        """
        deal, piles = read_position(data, complete=complete)
        game = cls.__new__(cls)
        Game.__init__(game, deal, piles, FreeCellCounters())
        game.autoplay = autoplay
        return game

    def to_json(self) -> dict[str, Any]:
        """``{"game", "deal", "columns", "freecells", "foundations", "won"}``,
        lists bottom to top, cards as in the book (``10H``)."""
        return write_position(self.game_id, self.deal_number, self._piles, self.is_won)

    # -- reading the layout --------------------------------------------------

    def pile_name(self, pile_id: PileId) -> str:
        if pile_id.role is Role.FOUNDATION:
            return f"foundation {pile_id.index}"
        return place_name(pile_id)

    @property
    def free_cells(self) -> int:
        """How many free cells are empty."""
        # Loops rather than sums of generators: every move of a run asks.
        piles, count = self._piles, 0
        for pile_id in CELLS:
            if not piles[pile_id].cards:
                count += 1
        return count

    def empty_columns(self, besides: PileId | None = None) -> int:
        """How many columns are empty, not counting ``besides``."""
        piles, count = self._piles, 0
        for pile_id in COLUMNS:
            if not piles[pile_id].cards and pile_id != besides:
                count += 1
        return count

    def run_limit(self, onto_empty: bool = False) -> int:
        """The most cards one move may carry onto a non-empty column (or, with
        ``onto_empty``, onto an empty one) just now."""
        empties = self.empty_columns()
        if onto_empty:
            empties = max(0, empties - 1)
        return supermove_limit(self.free_cells, empties)

    def up_rank(self) -> dict[Suit, int]:
        """The rank each suit is up to on the foundations; 0 when not started."""
        ranks = dict.fromkeys(Suit, 0)
        for pile_id in FOUNDATIONS:
            pile = self._piles[pile_id]
            if pile.cards:
                ranks[pile.cards[0].suit] = len(pile)
        return ranks

    def foundation_for(self, card: Card) -> PileId | None:
        """The foundation ``card`` would go onto: the one holding its suit, or
        for an ace the first empty one; None when the suit has not started."""
        for pile_id in FOUNDATIONS:
            bottom = self._piles[pile_id].cards[:1]
            if bottom and bottom[0].suit is card.suit:
                return pile_id
        if card.rank == 1:
            return next((pile_id for pile_id in FOUNDATIONS if self._piles[pile_id].is_empty),
                        None)
        return None

    def find(self, card: Card) -> tuple[PileId, int]:
        """Where ``card`` lies: its pile and its place in it (0 is the bottom).

        Raises:
            IllegalMove: if the card is not on the table (a partial position).
        """
        for pile_id, pile in self._piles.items():
            index = pile.index_of(card)
            if index is not None:
                return pile_id, index
        raise IllegalMove(f"{card} is not in this game.")

    def status_items(self) -> list[tuple[str, str]]:
        """The free cells, empty columns and what a move may carry while play
        goes on; the cards up always."""
        up = ("Cards up", str(sum(self.up_rank().values())))
        if self.is_won:
            return [up]        # a run limit means nothing once every card is up
        return [("Free cells", f"{self.free_cells} of {CELL_COUNT}"),
                ("Empty columns", str(self.empty_columns())),
                ("Run limit", str(self.run_limit())), up]

    # -- the rules -----------------------------------------------------------

    def pick_up_refusal(self, source: PileId, index: int) -> str | None:
        return self._pick_up_refusal(source, self.pile(source).cards, index)

    def drop_refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        return self._drop_refusal(source, self.pile(source).cards, index, target,
                                  self.pile(target).cards)

    # The two questions asked of the cards themselves, so that a move that
    # has its piles in hand (``apply``) asks them without looking again.

    @staticmethod
    def _pick_up_refusal(source: PileId, cards: tuple[Card, ...], index: int) -> str | None:
        """``pick_up_refusal`` for ``cards``, those of ``source``."""
        if not 0 <= index < len(cards):
            return f"There is no such card in {source}."
        if source.role is _FOUNDATION:
            return "Cards on a foundation stay there."
        if index < len(cards) - 1 and not is_alternating_run(cards[index:]):
            return (f"{cards[index]} cannot move with the cards on it: they are not "
                    "in sequence (each one rank lower, colours alternating).")
        return None

    def _drop_refusal(self, source: PileId, cards: tuple[Card, ...], index: int,
                      target: PileId, beneath: tuple[Card, ...]) -> str | None:
        """``drop_refusal`` for ``cards`` and ``beneath``, those of ``source``
        and ``target``."""
        card, count = cards[index], len(cards) - index
        onto = beneath[-1] if beneath else None
        if target.index == source.index and target.role is source.role:
            return f"{card} is already there."
        if target.role is _FOUNDATION:
            if count > 1:
                return f"{card} is covered: only one card at a time goes to a foundation."
            if onto is None:
                if card.rank != 1:
                    return f"{card} cannot start a foundation: only an ace can."
                return None
            return same_suit_ascending(card, onto)
        if target.role is _CELL:
            if count > 1:
                return f"{card} is covered: a free cell holds one card."
            if onto is not None:
                return f"{place_name(target).capitalize()} already holds {onto}."
            return None
        reason = alternate_descending(card, onto, empty_takes_king_only=False)
        if reason or count == 1:     # one card is within every limit
            return reason
        return limit_refusal(count, self.free_cells, self.empty_columns(besides=target),
                             onto_empty=onto is None)

    def _fits_foundation(self, source: PileId, index: int) -> PileId | None:
        """The foundation the card may go onto now, or None."""
        if index != len(self._piles[source]) - 1 or source.role is Role.FOUNDATION:
            return None
        card = self._piles[source].cards[index]
        place = self.foundation_for(card)
        return place if place and self.drop_refusal(source, index, place) is None else None

    def all_destinations(self, source: PileId, index: int) -> list[PileId]:
        """Every useful place for the card at ``index`` of ``source`` (with the
        cards on it), best first: the foundation when going up is safe; the
        columns it builds on, left to right; the foundation when not safe; the
        first empty free cell; the first empty column.  A card never goes to
        another free cell or another empty column than the one it sits in."""
        if self.pick_up_refusal(source, index):
            return []
        pile = self._piles[source]
        card, count = pile.cards[index], len(pile) - index
        up = self._fits_foundation(source, index)
        safe = up is not None and is_safe_up(card, self.up_rank())
        places = [up] if up and safe else []
        # The checks of drop_refusal, without wording a reason for every pile.
        tops = [(column, self._piles[column].top) for column in COLUMNS if column != source]
        free, empties = self.free_cells, sum(1 for _, top in tops if top is None)
        if count <= supermove_limit(free, empties):
            places += [column for column, top in tops if top is not None
                       and top.rank == card.rank + 1 and top.is_red != card.is_red]
        if up and not safe:
            places.append(up)
        if count == 1 and source.role is not Role.CELL:
            places += [cell_id for cell_id in CELLS if self._piles[cell_id].is_empty][:1]
        alone = source.role is Role.TABLEAU and index == 0
        if empties and not alone and count <= supermove_limit(free, empties - 1):
            places += [column for column, top in tops if top is None][:1]
        return places

    def destinations(self, source: PileId, index: int) -> list[PileId]:
        """Where a typed card name sends the card: as ``all_destinations``."""
        return self.all_destinations(source, index)

    def double_click_destination(self, source: PileId, index: int) -> PileId | None:
        """Where a double-click sends a card, as Microsoft FreeCell does: its
        foundation if it fits there, else the first empty free cell; None if
        neither (a covered card, say)."""
        if self.pick_up_refusal(source, index):
            return None
        up = self._fits_foundation(source, index)
        if up:
            return up
        if source.role is Role.CELL:
            return None
        return next((free for free in CELLS
                     if self.drop_refusal(source, index, free) is None), None)

    def double_click(self, source: PileId, index: int) -> Outcome:
        """Send the card to ``double_click_destination``.

        Raises:
            IllegalMove: if it cannot be picked up or neither place takes it.
        """
        reason = self.pick_up_refusal(source, index)
        if reason:
            raise IllegalMove(reason)
        target = self.double_click_destination(source, index)
        if target is None:
            card = self._piles[source].cards[index]
            raise IllegalMove(f"{card} has nowhere to go: no foundation takes it "
                              "and no free cell is empty.")
        return self.move(source, index, target)

    def set_option(self, name: str, value: Any) -> None:
        """``autoplay``: play safe cards up after each move (True or False).

        Raises:
            ValueError: for another option or a value that is not True or False.
        """
        if name != "autoplay" or not isinstance(value, bool):
            raise ValueError(f"FreeCell's only option is autoplay, on or off, not {name}={value!r}")
        self.autoplay = value

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now, pointless ones included."""
        moves = []
        for source in CELLS + COLUMNS:
            pile = self._piles[source]
            for index in range(len(pile) - 1, -1, -1):
                if self.pick_up_refusal(source, index):
                    break
                moves += [Move(source, target, len(pile) - index)
                          for target in CELLS + FOUNDATIONS + COLUMNS
                          if self.drop_refusal(source, index, target) is None]
        return moves

    def legal_steps(self) -> list[Step]:
        """Every move the rules allow now (``legal_moves``)."""
        return list(self.legal_moves())

    @property
    def is_won(self) -> bool:
        return all(len(self._piles[pile_id]) == len(RANKS) for pile_id in FOUNDATIONS)

    @property
    def is_stuck(self) -> bool:
        """True when the game is not won and no card can move at all."""
        return not self.is_won and not self.legal_moves()

    def command_handlers(self) -> dict[str, Handler]:
        """FreeCell's own commands besides those every game has."""
        return {**super().command_handlers(),
                "play_card": handler(self.play_card, card_arg),
                "again": handler(self.again),
                "move_column_run": handler(self.move_column_run, number_arg),
                "play_up": handler(self.play_up)}

    def finishing_steps(self) -> list[Step] | None:
        """The steps that play every card up when playing up whatever fits,
        over and over, wins; otherwise None."""
        copy = self.detached()
        copy.autoplay = False
        return self.steps_until_won(copy, copy._any_card_up)

    def _any_card_up(self) -> Step | None:
        for source in CELLS + COLUMNS:
            top = self._piles[source].top
            target = self.foundation_for(top) if top is not None else None
            if target is not None and self.drop_refusal(
                    source, len(self._piles[source]) - 1, target) is None:
                return Move(source, target)
        return None

    # -- moving cards ------------------------------------------------------------

    def apply(self, step: Step) -> Outcome:
        """As ``Game.apply``.  On a scratch copy (a solver's line checked,
        thousands of steps a second) a move is asked the same rule
        questions (``refusal``'s, of the piles in hand) and carried by the
        same card moves as ``_transfer``'s (``Pile.split`` and ``Pile.plus``,
        of the piles in hand) and safe plays, without the transaction: a
        FreeCell move, once the rules allow it, cannot fail half way, and a
        scratch copy keeps no history and says nothing.

        Raises:
            IllegalMove: with the reason, if the rules refuse; nothing changes.
        """
        if not self.is_scratch or not isinstance(step, Move):
            return super().apply(step)
        source, target = step.source, step.target
        piles = self._piles
        pile, beneath = piles.get(source), piles.get(target)
        if pile is None or beneath is None:
            return super().apply(step)      # no such pile: refused as every game refuses it
        cards = pile.cards
        index = len(cards) - step.count
        reason = self._pick_up_refusal(source, cards, index) \
            or self._drop_refusal(source, cards, index, target, beneath.cards)
        if reason:
            raise IllegalMove(reason)
        # ``_transfer``'s own card moves, with the piles already in hand.
        rest, moving = pile.split(index)
        piles[source] = rest
        piles[target] = beneath.plus(moving)
        if self.autoplay:
            self._play_safe_cards_up()
        return _SAID_NOTHING

    def play_card(self, card: Card) -> Outcome:
        """Play a card named by the player (``8S``), with any run on it.

        Raises:
            IllegalMove: if it is on a foundation or not in the game, cannot
                move, or has nowhere to go.
        """
        source, index = self.find(card)
        if source.role is Role.FOUNDATION:
            raise IllegalMove(f"{card} is already on a foundation.")
        return self.play(source, index)

    def again(self) -> Outcome:
        """``M``: move the last card moved (with the cards on it) on to the
        next place it fits.

        Raises:
            IllegalMove: if no card is remembered, it has no other place, it
                has gone up, or it cannot be moved from where it is now.
        """
        card, target, rest = self._counters.again.next_place()
        source, index = self.find(card)
        if source.role is Role.FOUNDATION:
            raise IllegalMove(f"{card} has gone up to a foundation.")
        reason = self.refusal(source, index, target)
        if reason:
            raise IllegalMove(reason)

        def carry_on() -> str | None:
            message = super(FreeCell, self)._carry(source, index, target)
            self._set_counters(again=rest)
            return message
        return self._transaction(f"move {card} again", carry_on)

    def _carry(self, source: PileId, index: int, target: PileId) -> str | None:
        """Every checked move also tells ``M`` where the card fits after
        ``target`` (worked out before it moves)."""
        if self.is_scratch:
            return super()._carry(source, index, target)
        remembered = AgainMemory.after_move(self._piles[source].cards[index],
                                            self.all_destinations(source, index), target)
        message = super()._carry(source, index, target)
        self._set_counters(again=remembered)
        return message

    def _found_nowhere(self, card: Card) -> IllegalMove:
        self._set_counters(again=FORGOTTEN)
        return super()._found_nowhere(card)

    def move_column_run(self, number: int) -> Outcome:
        """A shifted column number: move the longest run of column ``number``
        that some column takes (see ``runs.column_run``).

        Raises:
            IllegalMove: if the column is empty or no column takes its cards.
        """
        source = tableau(number)
        index, target = column_run(self, source)
        return self.move(source, index, target)

    def play_up(self) -> Outcome:
        """Play every safe card up to the foundations now, even with autoplay off.
        Never refuses: when nothing can go up, nothing changes and the message
        says so."""
        def up() -> str:
            moved = self._play_safe_cards_up()
            if self.is_won:
                return "You win!"
            return played_up(moved) or "No card can go up safely now."
        return self._transaction("play up", up)

    def _after_move(self, source: PileId, index: int, target: PileId,
                    cards: tuple[Card, ...]) -> str:
        """Play safe cards up if ``autoplay`` is on; say what moved (a
        scratch copy says nothing: no one reads it)."""
        moved = self._play_safe_cards_up() if self.autoplay else []
        if self.is_scratch:
            return ""
        if self.is_won:
            return "You win!"
        what = cards[0].name if len(cards) == 1 else f"{cards[0]} and {len(cards) - 1} more"
        return " ".join(filter(None, [f"{what} to {place_name(target)}.", played_up(moved)]))

    def _play_safe_cards_up(self) -> list[Card]:
        """Move safe cards from the free cells and column tops to the
        foundations until none is left; the cards moved, in order."""
        moved: list[Card] = []
        found = True
        while found:
            found = False
            up_rank = self.up_rank()
            for source in CELLS + COLUMNS:
                top = self._piles[source].top
                if top is None or top.rank != up_rank[top.suit] + 1 \
                        or not is_safe_up(top, up_rank):
                    continue
                place = self.foundation_for(top)
                assert place is not None
                self._transfer(source, len(self._piles[source]) - 1, place)
                moved.append(top)
                up_rank[top.suit] = top.rank
                found = True
        return moved
