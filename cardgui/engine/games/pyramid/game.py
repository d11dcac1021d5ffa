"""Pyramid as Microsoft Solitaire Collection plays it.

Twenty-eight cards lie face up in a pyramid of seven rows, each card covered
by the two below it; the other 24 are the stock, face down but for its top
card, and are turned one at a time onto the waste.  The free cards are the
pyramid's uncovered ones, the stock's top card and the waste's top card.
Two free cards whose ranks add up to 13 (ace 1, jack 11, queen 12) go off
together onto the discard pile; a king (13) goes off alone.  With the stock
empty the waste is turned over to make it again, until the passes through
the stock are used up (three by default).  The game is won when the pyramid
is cleared, whatever is left in the stock and the waste.

Scoring, as Microsoft's (from mchung94's solitaire-player, which plays its
score challenges): 5 points for each pair or king that goes off, and for
each row of the pyramid cleared, from the bottom row up, 25, 50, 75, 100,
150, 250 and 500 points (1,290 at most).

A gesture pairs two cards: a drag of one onto the other (a king onto the
discard pile), a click on one and then on the other, a double-click (the
card goes off with its first partner), or the cards' names typed.  The card
a click has chosen is part of the position (``chosen``), so that a saved
game and the terminal replay it.  Pile names are in ``position``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...cards import KING, Card, rank_word
from ...commands import Handler, card_arg, handler
from ...deals import book_shuffle, check_deal_number
from ...game import Game
from ...moves import DEAL, Deal, IllegalMove, Move, Step
from ...outcome import Outcome
from ...piles import Pile, PileId, Role
from .position import (
    COVERING,
    DISCARD,
    PLACE_COUNT,
    PLACES,
    ROWS,
    STOCK,
    WASTE,
    place,
    place_name,
    read_position,
    stock_pile,
    write_position,
)

SUM = 13
PAIR_POINTS = 5                     # for each pair, or king, that goes off
ROW_POINTS = {7: 25, 6: 50, 5: 75, 4: 100, 3: 150, 2: 250, 1: 500}   # a row cleared
DEFAULT_PASSES = "3"
UNLIMITED = "unlimited"
PASSES_CHOICES = ("1", "2", "3", UNLIMITED)


def passes_allowed(value: Any) -> int | None:
    """The passes through the stock a ``passes`` option allows (None: no limit).

    Raises:
        ValueError: for a value that is not one of ``PASSES_CHOICES``.
    """
    text = str(value).strip().lower()
    if text not in PASSES_CHOICES:
        raise ValueError(f"passes through the stock are 1, 2, 3 or unlimited, not {value!r}")
    return None if text == UNLIMITED else int(text)


@dataclass(frozen=True, slots=True)
class PyramidCounters:
    """Everything besides the piles that undo must put back."""

    moves: int = 0
    pass_number: int = 1               # which pass through the stock this is
    chosen: PileId | None = None       # a card chosen by a click, waiting for its partner


class Pyramid(Game[PyramidCounters]):
    """A game of Pyramid.  ``Pyramid(617)`` is always the same deal."""

    game_id = "pyramid"
    title = "Pyramid"

    def __init__(self, deal: int, passes: str = DEFAULT_PASSES) -> None:
        """Deal ``deal``: the first 28 cards of the book's shuffle make the
        pyramid row by row from the top, the next is the stock's top card.

        Raises:
            ValueError: if ``deal`` is not a deal number or ``passes`` not a choice.
        """
        check_deal_number(deal)
        self.passes = str(passes).strip().lower()
        self.pass_limit = passes_allowed(passes)
        order = book_shuffle(deal)
        piles: dict[PileId, Pile] = {pile_id: Pile.face_up([order[index]])
                                     for index, pile_id in enumerate(PLACES)}
        piles[STOCK] = stock_pile(order[PLACE_COUNT:][::-1])
        piles[WASTE] = Pile()
        piles[DISCARD] = Pile()
        super().__init__(deal, piles, PyramidCounters())

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, complete: bool = True) -> "Pyramid":
        """A game in the position ``data`` describes (the shape ``to_json`` writes).

        Raises:
            ValueError: saying what is wrong with ``data``.
        """
        deal, piles, pass_number, chosen = read_position(data, complete=complete)
        game = cls.__new__(cls)
        game.passes = str(data.get("passes", DEFAULT_PASSES)).strip().lower()
        game.pass_limit = passes_allowed(game.passes)
        if game.pass_limit is not None and pass_number > game.pass_limit:
            raise ValueError(f"pass {pass_number} of {game.pass_limit} does not exist")
        Game.__init__(game, deal, piles, PyramidCounters(pass_number=pass_number, chosen=chosen))
        if chosen is not None and game.free_card(chosen) is None:
            raise ValueError(f"the chosen card in {chosen} is not free")
        return game

    # -- reading the layout ------------------------------------------------------

    @property
    def chosen(self) -> PileId | None:
        """The pile of the card a click has chosen, waiting for its partner."""
        return self._counters.chosen

    @property
    def pass_number(self) -> int:
        return self._counters.pass_number

    @property
    def passes_left(self) -> int | None:
        """How many more times the waste may be turned over (None: no limit)."""
        if self.pass_limit is None:
            return None
        return self.pass_limit - self._counters.pass_number

    def free_card(self, pile_id: PileId) -> Card | None:
        """The card of ``pile_id`` that may go off now, if any: an uncovered
        pyramid card, or the stock's or the waste's top card."""
        pile = self._piles.get(pile_id)
        if pile is None or not pile.cards or pile_id == DISCARD:
            return None
        if pile_id.role is Role.TABLEAU and any(self._piles[below].cards
                                                for below in COVERING[pile_id]):
            return None
        return pile.cards[-1]

    def free_piles(self) -> list[PileId]:
        """The piles with a free card: the pyramid's, then the waste, then the stock."""
        return [pile_id for pile_id in PLACES + (WASTE, STOCK) if self.free_card(pile_id)]

    def pile_name(self, pile_id: PileId) -> str:
        return place_name(pile_id)

    def find(self, card: Card) -> PileId | None:
        """The pile where ``card`` is free, or None."""
        return next((pile_id for pile_id in self.free_piles()
                     if self.free_card(pile_id) == card), None)

    def where_is(self, card: Card) -> str:
        """Why ``card`` cannot go off now, in words."""
        for pile_id, pile in self._piles.items():
            if card not in pile.cards:
                continue
            if pile_id == DISCARD:
                return f"{card} has already gone off."
            if pile_id == STOCK:
                return f"{card} is in the stock, under other cards."
            if pile_id == WASTE:
                return f"{card} is in the waste, under other cards."
            return f"{card} is covered by the cards below it."
        return f"{card} is not in this game."

    @property
    def score(self) -> int:
        """Microsoft's points so far: 5 a pair or king gone off, and a bonus
        for each row cleared (25 for the bottom row ... 500 for the top card)."""
        gone = self._piles[DISCARD].cards
        kings = sum(card.rank == KING for card in gone)
        points = PAIR_POINTS * (kings + (len(gone) - kings) // 2)
        for row in range(1, ROWS + 1):
            if not any(self._piles[place(row, number)].cards for number in range(1, row + 1)):
                points += ROW_POINTS[row]
        return points

    @property
    def progress(self) -> int:
        """How far the game is towards a win: the pyramid's cards gone."""
        return sum(not self._piles[pile_id].cards for pile_id in PLACES)

    def rules_note(self) -> str:
        if self.pass_limit == int(DEFAULT_PASSES):
            return ""
        if self.pass_limit is None:
            return "The waste may be turned over without limit."
        if self.pass_limit == 1:
            return "One pass through the stock: the waste is never turned over."
        return f"{self.pass_limit} passes through the stock."

    @property
    def variant(self) -> str:
        """The passes allowed: statistics keep the variants apart."""
        return "unlimited passes" if self.pass_limit is None else f"{self.pass_limit} passes"

    def status_items(self) -> list[tuple[str, str]]:
        limit = "no limit" if self.pass_limit is None else str(self.pass_limit)
        return [("Score", str(self.score)), ("Stock", str(len(self._piles[STOCK]))),
                ("Pass", f"{self.pass_number} of {limit}")]

    # -- the rules ----------------------------------------------------------------------

    def pick_up_refusal(self, source: PileId, index: int) -> str | None:
        pile = self.pile(source)
        if not 0 <= index < len(pile):
            return f"There is no such card in {place_name(source)}."
        if source == DISCARD:
            return "Cards that have gone off stay off."
        if index != len(pile) - 1:
            return f"Only the top card of {place_name(source)} is free."
        if self.free_card(source) is None:
            return f"{pile.cards[index]} is covered by the cards below it."
        return None

    def drop_refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        card = self.pile(source).cards[index]
        if target == source:
            return f"{card} cannot pair with itself."
        if target == DISCARD:
            if card.rank == KING:
                return None
            return (f"Only a king goes off alone: pair {card} with a free card that makes "
                    f"{SUM} with it.")
        if card.rank == KING:
            return f"A king goes off alone: drop {card} on the discard pile, or click it."
        partner = self.free_card(target)
        if partner is None:
            if not self.pile(target).cards:
                return f"There is no card in {place_name(target)} to pair {card} with."
            return f"{self.pile(target).top} is covered: only free cards pair."
        return pair_refusal(card, partner)

    def destinations(self, source: PileId, index: int) -> list[PileId]:
        """Where the card may go: the discard pile for a king, else the piles
        of the free cards it pairs with (the waste, the stock, then the
        pyramid from the top)."""
        if self.pick_up_refusal(source, index):
            return []
        card = self._piles[source].cards[index]
        if card.rank == KING:
            return [DISCARD]
        return [pile_id for pile_id in (WASTE, STOCK) + PLACES
                if pile_id != source and self.drop_refusal(source, index, pile_id) is None]

    def _found_nowhere(self, card: Card) -> IllegalMove:
        return IllegalMove(f"No free card makes {SUM} with {card}.")

    def legal_steps(self) -> list[Step]:
        """Every step the rules allow now: each pair (both ways round), each
        king to the discard pile, and turning the stock if it can be."""
        steps: list[Step] = []
        free = self.free_piles()
        for source in free:
            index = len(self._piles[source]) - 1
            for target in free + [DISCARD]:
                if target != source and self.drop_refusal(source, index, target) is None:
                    steps.append(Move(source, target))
        if self._piles[STOCK].cards or self._can_turn_over():
            steps.append(DEAL)
        return steps

    @property
    def is_won(self) -> bool:
        return not any(self._piles[pile_id].cards for pile_id in PLACES)

    @property
    def is_stuck(self) -> bool:
        """True when nothing can go off and the stock can neither be turned nor
        turned over again."""
        if self.is_won or self._piles[STOCK].cards or self._can_turn_over():
            return False
        free = [self.free_card(pile_id) for pile_id in self.free_piles()]
        cards = [card for card in free if card is not None]
        return not any(card.rank == KING for card in cards) and not any(
            first.rank + second.rank == SUM
            for number, first in enumerate(cards) for second in cards[number + 1:])

    def _can_turn_over(self) -> bool:
        return bool(self._piles[WASTE].cards) and (
            self.pass_limit is None or self._counters.pass_number < self.pass_limit)

    # -- commands -------------------------------------------------------------------------

    def command_handlers(self) -> dict[str, Handler]:
        return {**super().command_handlers(),
                "choose_card": handler(self.choose_card, card_arg),
                "let_go": handler(self.let_go),
                "pair_cards": handler(self.pair_cards, card_arg, card_arg),
                "king_off": handler(self.king_off, card_arg)}

    def _move_label(self, source: PileId, index: int, target: PileId) -> str:
        card = self._piles[source].cards[index]
        if target == DISCARD:
            return f"{card} off"
        return f"pair {card} {self.free_card(target)}"

    def _after_move(self, source: PileId, index: int, target: PileId,
                    cards: tuple[Card, ...]) -> str:
        """The card dropped on its partner: both go off to the discard pile;
        the stock's new top card turns up; the choice is forgotten."""
        if target != DISCARD:
            self._transfer(target, len(self._piles[target]) - 2, DISCARD)
        self._piles[STOCK] = self._piles[STOCK].turned_up()
        self._set_counters(chosen=None)
        if target == DISCARD:
            words = f"{cards[0]} goes off."
        else:
            words = f"{cards[0]} and {self._piles[DISCARD].cards[-2]} go off."
        if self.is_won:
            return f"{words}  The pyramid is cleared: you win, with {self.score} points!"
        return words

    def deal(self) -> Outcome:
        """Turn the stock's top card onto the waste; with the stock empty, turn
        the waste over to make the stock again (a new pass).

        Raises:
            IllegalMove: when the stock is empty and the waste cannot be
                turned over (no cards, or no pass left).
        """
        if self._piles[STOCK].cards:
            def turn() -> str:
                card = self._transfer(STOCK, len(self._piles[STOCK]) - 1, WASTE)[0]
                self._piles[STOCK] = self._piles[STOCK].turned_up()
                self._set_counters(chosen=None)
                return f"Turned {card} onto the waste."
            return self._transaction("turn a card", turn)
        if not self._piles[WASTE].cards:
            raise IllegalMove("The stock and the waste are both empty.")
        if not self._can_turn_over():
            raise IllegalMove(f"The stock is empty, and that was the last pass "
                              f"({self.pass_limit} allowed).")

        def turn_over() -> str:
            self._piles[STOCK] = stock_pile(self._piles[WASTE].cards[::-1])
            self._piles[WASTE] = Pile()
            number = self._counters.pass_number + 1
            self._set_counters(pass_number=number, chosen=None)
            limit = "" if self.pass_limit is None else f" of {self.pass_limit}"
            return f"Turned the waste over: pass {number}{limit}."
        return self._transaction("turn the waste over", turn_over)

    def deal_words(self) -> str:
        if self._piles[STOCK].cards:
            return "Turn a card from the stock onto the waste"
        return "Turn the waste over to make the stock again"

    def step_words(self, step: Step) -> str:
        if isinstance(step, Deal):
            return self.deal_words()
        card = self._piles[step.source].cards[-1]
        if step.target == DISCARD:
            return f"{card} goes off alone"
        return f"Pair {card} with {self.free_card(step.target)}"

    def click(self, pile_id: PileId) -> Outcome | None:
        """One click.  On the stock: pair its top card with the chosen card if
        they make 13, else turn it onto the waste.  On a free card: a king goes
        off; another card is chosen, or paired with the card chosen before.
        On the discard pile, nothing.

        Raises:
            IllegalMove: for a covered card, or a stock that cannot be turned.
        """
        if pile_id == STOCK:
            chosen, top = self.chosen, self.free_card(STOCK)
            if chosen is not None and top is not None and chosen != STOCK:
                partner = self.free_card(chosen)
                if partner is not None and partner.rank + top.rank == SUM:
                    return self._pair(chosen, STOCK)
            return self.deal()
        if pile_id == DISCARD or pile_id not in self._piles:
            return None
        return self._choose(pile_id)

    def choose_card(self, card: Card) -> Outcome:
        """A typed card name: as a click on the card, wherever it is free (the
        stock's top card too, which a click would turn over).

        Raises:
            IllegalMove: if the card is not free.
        """
        pile_id = self.find(card)
        if pile_id is None:
            raise IllegalMove(self.where_is(card))
        return self._choose(pile_id)

    def pair_cards(self, first: Card, second: Card) -> Outcome:
        """Two cards named: pair them off, wherever each is free.

        Raises:
            IllegalMove: if either is not free, or they do not make 13.
        """
        first_pile, second_pile = self.find(first), self.find(second)
        if first_pile is None:
            raise IllegalMove(self.where_is(first))
        if second_pile is None:
            raise IllegalMove(self.where_is(second))
        if first_pile == second_pile:
            raise IllegalMove(f"{first} cannot pair with itself.")
        return self._pair(first_pile, second_pile)

    def king_off(self, card: Card) -> Outcome:
        """A king named: it goes off alone, wherever it is free.

        Raises:
            IllegalMove: if it is not a king, or not free.
        """
        if card.rank != KING:
            raise IllegalMove(f"Only a king goes off alone: pair {card} with a card that "
                              f"makes {SUM} with it.")
        pile_id = self.find(card)
        if pile_id is None:
            raise IllegalMove(self.where_is(card))
        return self.move(pile_id, len(self._piles[pile_id]) - 1, DISCARD)

    def let_go(self) -> Outcome:
        """Forget the chosen card.

        Raises:
            IllegalMove: when no card is chosen.
        """
        chosen = self.chosen
        if chosen is None:
            raise IllegalMove("No card is chosen.")
        card = self.free_card(chosen)

        def forget() -> str:
            self._set_counters(chosen=None)
            return f"Let go of {card}."
        return self._transaction("let go", forget)

    def _choose(self, pile_id: PileId) -> Outcome:
        card = self.free_card(pile_id)
        if card is None:
            pile = self.pile(pile_id)
            if not pile.cards:
                raise IllegalMove(f"There is no card in {place_name(pile_id)}.")
            raise IllegalMove(f"{pile.cards[-1]} is covered: only free cards go off.")
        if card.rank == KING:
            return self.move(pile_id, len(self._piles[pile_id]) - 1, DISCARD)
        chosen = self.chosen
        if chosen == pile_id:
            return self.let_go()
        partner = self.free_card(chosen) if chosen is not None else None
        if chosen is not None and partner is not None and partner.rank + card.rank == SUM:
            return self._pair(chosen, pile_id)

        def choose() -> str:
            self._set_counters(chosen=pile_id)
            wanted = a_rank(SUM - card.rank)
            if partner is not None:
                return (f"{partner} and {card} make {partner.rank + card.rank}, not {SUM}: "
                        f"chose {card} instead; it goes off with {wanted}.")
            return f"Chose {card}: it goes off with {wanted}."
        return self._transaction("choose", choose)

    def _pair(self, first: PileId, second: PileId) -> Outcome:
        return self.move(first, len(self._piles[first]) - 1, second)

    def undo(self) -> Outcome:
        outcome = super().undo()
        return self._with_choice(outcome)

    def redo(self) -> Outcome:
        outcome = super().redo()
        return self._with_choice(outcome)

    def _with_choice(self, outcome: Outcome) -> Outcome:
        """Say so when undo or redo brings back a chosen card."""
        card = self.free_card(self.chosen) if self.chosen is not None else None
        if card is None:
            return outcome
        return Outcome(outcome.changed, f"{outcome.message}  {card} is chosen.")

    def set_option(self, name: str, value: Any) -> None:
        """``passes`` holds for the whole game: the same value does nothing;
        another applies from the next game, so it is refused here.

        Raises:
            ValueError: for another option or a change of passes.
        """
        if name != "passes":
            super().set_option(name, value)
        if passes_allowed(value) != self.pass_limit:
            raise ValueError("The passes through the stock hold for the whole game; "
                             "a change applies from the next game.")

    # -- output ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return write_position(self.deal_number, self._piles, passes=self.passes,
                              pass_number=self.pass_number, chosen=self.chosen,
                              score=self.score, won=self.is_won)


def pair_refusal(card: Card, partner: Card) -> str | None:
    """None if the two cards make 13 and may go off together, else why not."""
    if partner.rank == KING:
        return f"{partner} goes off alone, not with {card}."
    total = card.rank + partner.rank
    if total != SUM:
        return f"{card} and {partner} make {total}, not {SUM}."
    return None


def a_rank(rank: int) -> str:
    """``"a five"``, ``"an eight"``, ``"an ace"``."""
    word = rank_word(rank)
    return ("an " if word[0] in "aeiou" else "a ") + word
