"""Calculation as Katrin Becker's assignment specifies it.

Four foundations start with an ace, a two, a three and a four.  Foundation n
builds by adding n to the rank, wrapping round past the king (foundation 2:
2 4 6 8 10 Q A 3 5 7 9 J K), and each ends at the king; suits never matter.
The other 48 cards, the hand, are turned up one at a time; the card turned up
must be played, onto a foundation it fits or onto any of four waste piles,
before the next is turned.  A waste pile's top card may go only to a
foundation.  There is no redeal.  The score is the number of cards on the
foundations: 4 at the start, 52 when the game is won.

The piles are named in ``calculation_layout``; the stacked test deck is deal 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ...cards import RANKS, Card, full_deck, names, rank_name, rank_word
from ...commands import Handler, card_arg, handler, number_arg, pile_arg
from ...deals import check_deal_number
from ...game import Game
from ...moves import IllegalMove
from ...outcome import Outcome
from ...piles import Pile, PileId, Role, foundation
from .deck import STACKED_DEAL, STARTERS, shuffled_hand, stacked_hand
from .position import (
    FOUNDATIONS,
    HAND,
    SEQUENCES,
    STOCK,
    WASTE_PILES,
    place_name,
    read_position,
    waste_pile,
)

_STEP_WORDS = {1: "ones", 2: "twos", 3: "threes", 4: "fours"}


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


@dataclass(frozen=True, slots=True)
class CalculationCounters:
    """Everything besides the piles that undo must put back."""

    moves: int = 0


class Calculation(Game[CalculationCounters]):
    """A game of Calculation.  ``Calculation(617)`` is always the same deal;
    ``Calculation.stacked()`` is the stacked test deck."""

    game_id = "calculation"
    title = "Calculation"

    def __init__(self, deal: int) -> None:
        """Deal ``deal`` (1 to 2^31-1), the hand shuffled by that number.

        Raises:
            ValueError: if ``deal`` is not a deal number.
        """
        check_deal_number(deal)
        self._lay_out(deal, shuffled_hand(deal))

    @classmethod
    def stacked(cls) -> "Calculation":
        """The stacked test deck (deal 0), which ``cardgui/resources/calculation/TEST`` wins."""
        game = cls.__new__(cls)
        game._lay_out(STACKED_DEAL, stacked_hand())
        return game

    def _lay_out(self, deal: int, order: Sequence[Card]) -> None:
        """The starters on the foundations; ``order`` (first turned first) face down."""
        piles = {STOCK: Pile.face_down(list(order)[::-1]), HAND: Pile()}
        for number, card in enumerate(STARTERS, 1):
            piles[foundation(number)] = Pile.face_up([card])
        for number in range(1, WASTE_PILES + 1):
            piles[waste_pile(number)] = Pile()
        Game.__init__(self, deal, piles, CalculationCounters())

    # -- reading the layout ----------------------------------------------------

    def pile_name(self, pile_id: PileId) -> str:
        return place_name(pile_id).removeprefix("the ")

    def pile_notes(self, pile_id: PileId) -> list[str]:
        """What a foundation needs next."""
        if pile_id.role is not Role.FOUNDATION:
            return []
        wanted = self.needs(pile_id.index)
        return [f"needs {_a(rank_word(wanted))}" if wanted else "finished"]

    def needs(self, number: int) -> int | None:
        """The rank foundation ``number`` takes next; None once it reaches the king."""
        built = len(self._piles[foundation(number)])
        return SEQUENCES[number - 1][built] if built < len(RANKS) else None

    @property
    def score(self) -> int:
        """The number of cards on the foundations."""
        return sum(len(self._piles[foundation(n)]) for n in range(1, FOUNDATIONS + 1))

    @property
    def cards_left(self) -> int:
        """Cards still to be played from the hand: the face-down ones and the
        hand card (as her display's ``Left:`` counts them)."""
        return len(self._piles[STOCK]) + len(self._piles[HAND])

    def status_items(self) -> list[tuple[str, str]]:
        return [("Score", str(self.score)), ("Left", str(self.cards_left))]

    def playable(self) -> list[PileId]:
        """The piles whose top card may be played: the hand, then the waste piles."""
        return [pile_id for pile_id in [HAND] + self.pile_ids(Role.TABLEAU)
                if not self._piles[pile_id].is_empty]

    def find(self, card: Card) -> tuple[PileId, int] | None:
        """Where ``card`` can be played from (the hand or a waste top), or None."""
        for pile_id in self.playable():
            if self._piles[pile_id].top == card:
                return pile_id, len(self._piles[pile_id]) - 1
        return None

    def where_is(self, card: Card) -> str:
        """Why ``card`` cannot be played from where it lies, in words."""
        for pile_id, pile in self._piles.items():
            if card not in pile.cards:
                continue
            if pile_id == STOCK:
                return f"{card} has not been turned up yet."
            if pile_id.role is Role.FOUNDATION:
                return f"{card} is already on {place_name(pile_id)}."
            return f"{card} is in {place_name(pile_id)}, under {pile.top}."
        return f"{card} is not in this game."

    # -- the rules -------------------------------------------------------------

    def pick_up_refusal(self, source: PileId, index: int) -> str | None:
        pile = self.pile(source)
        if source == STOCK:
            return "The cards left are face down: turn the next one up."
        if source.role is Role.FOUNDATION:
            return ("Cards on a foundation stay there: only the hand card or "
                    "a waste pile's top card may move.")
        if not 0 <= index < len(pile):
            return f"There is no such card in {place_name(source)}."
        if index != len(pile) - 1:
            return (f"Only the top card of {place_name(source)} may move: "
                    f"{pile.cards[index]} is under {pile.top}.")
        return None

    def drop_refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        card = self.pile(source).cards[index]
        if target == source:
            return f"{card} is already on {place_name(target)}."
        if target.role is Role.FOUNDATION:
            return self.foundation_refusal(card, target.index)
        if target.role is Role.TABLEAU:
            if source.role is Role.TABLEAU:
                return (f"A card on a waste pile may go only to a foundation, "
                        f"not to {place_name(target)}.")
            return None
        return (f"Nothing goes back to {place_name(target)}: "
                "a card goes to a foundation or a waste pile.")

    def foundation_refusal(self, card: Card, number: int) -> str | None:
        """None if ``card`` fits foundation ``number`` now; otherwise why not."""
        needed = self.needs(number)
        if needed is None:
            return f"Foundation {number} is finished: it ends at the king."
        if card.rank != needed:
            return (f"{card} does not fit foundation {number}: it needs "
                    f"{_a(rank_word(needed))} next (it counts by {_STEP_WORDS[number]}).")
        return None

    def destinations(self, source: PileId, index: int) -> list[PileId]:
        """The foundations that take the card, in order.  Never a waste pile:
        where to put a card no foundation takes is the player's decision."""
        if self.pick_up_refusal(source, index):
            return []
        card = self._piles[source].cards[index]
        return [foundation(n) for n in range(1, FOUNDATIONS + 1)
                if self.foundation_refusal(card, n) is None]

    @property
    def is_won(self) -> bool:
        return self.score == len(full_deck())

    @property
    def is_stuck(self) -> bool:
        """Becker's "Game Over": no card left face down, and neither the hand
        card nor any waste pile's top card can go to a foundation."""
        if self.is_won or not self._piles[STOCK].is_empty:
            return False
        return not any(self.destinations(pile_id, len(self._piles[pile_id]) - 1)
                       for pile_id in self.playable())

    def command_handlers(self) -> dict[str, Handler]:
        """Becker's requests and the window's keys besides what every game has."""
        return {**super().command_handlers(),
                "move_top": handler(self.move_top, pile_arg, pile_arg),
                "hand_to_waste": handler(self.hand_to_waste, number_arg),
                "play_hand": handler(self.play_hand),
                "play_waste": handler(self.play_waste, number_arg),
                "play_card": handler(self.play_card, card_arg)}

    # -- playing -----------------------------------------------------------------

    def _found_nowhere(self, card: Card) -> IllegalMove:
        return IllegalMove(f"{card} fits no foundation: the foundations need "
                           f"{self._needs_text()}.")

    def move_top(self, source: PileId, target: PileId) -> Outcome:
        """Move the top card of ``source`` onto ``target``.

        Raises:
            IllegalMove: if ``source`` is empty or the rules refuse the move.
        """
        self._require_card(source)
        return self.move(source, len(self._piles[source]) - 1, target)

    def hand_to_waste(self, number: int) -> Outcome:
        """Put the hand card on waste pile ``number``.

        Raises:
            IllegalMove: if the hand is empty or there is no such waste pile.
        """
        return self.move_top(HAND, self._waste_pile(number))

    def play_hand(self) -> Outcome:
        """Put the hand card on the first foundation that takes it.

        Raises:
            IllegalMove: if the hand is empty or no foundation takes its card.
        """
        self._require_card(HAND)
        return self.play(HAND, 0)

    def play_waste(self, number: int) -> Outcome:
        """Play the top card of waste pile ``number`` to a foundation that takes it.

        Raises:
            IllegalMove: if the pile is empty or no foundation takes its card.
        """
        pile_id = self._waste_pile(number)
        self._require_card(pile_id)
        return self.play(pile_id, len(self._piles[pile_id]) - 1)

    def play_card(self, card: Card) -> Outcome:
        """Play a card named by the player, the hand card or a waste pile's top,
        to a foundation that takes it.

        Raises:
            IllegalMove: if the card is elsewhere or fits no foundation.
        """
        location = self.find(card)
        if location is None:
            raise IllegalMove(self.where_is(card))
        return self.play(*location)

    def deal(self) -> Outcome:
        """Her ``d``: turn up the next card into the hand.

        Raises:
            IllegalMove: if the hand card has not been played yet, or no card is left.
        """
        hand = self._piles[HAND]
        if not hand.is_empty:
            raise IllegalMove(f"Play {hand.top} first: the card in the hand must be "
                              "played before the next is turned up.")
        if self._piles[STOCK].is_empty:
            raise IllegalMove("No cards are left to turn up, and there is no redeal.")
        return self._transaction("turn up a card", self._turn_up)

    def _turn_up(self) -> str:
        card = self._transfer(STOCK, len(self._piles[STOCK]) - 1, HAND)[0]
        return self._ending() or f"Turned up {card}."

    def _after_move(self, source: PileId, index: int, target: PileId,
                    cards: tuple[Card, ...]) -> str | None:
        return self._ending() or f"{cards[0]} to {place_name(target)}."

    def _ending(self) -> str | None:
        if self.is_won:
            return "You win!  All 52 cards are on the foundations."
        if self.is_stuck:
            return (f"Game over: no card can go to a foundation.  "
                    f"Score {self.score}.")
        return None

    def _needs_text(self) -> str:
        wanted = [rank_name(rank) for rank in map(self.needs, range(1, FOUNDATIONS + 1))
                  if rank is not None]
        return ", ".join(wanted[:-1]) + " and " + wanted[-1] if len(wanted) > 1 else wanted[0]

    def _require_card(self, pile_id: PileId) -> None:
        if self.pile(pile_id).is_empty:
            if pile_id == HAND:
                raise IllegalMove("There is no card in the hand: turn the next one up first.")
            if pile_id == STOCK:
                raise IllegalMove("No cards are left to turn up.")
            raise IllegalMove(f"{place_name(pile_id).capitalize()} is empty.")

    @staticmethod
    def _waste_pile(number: int) -> PileId:
        if not 1 <= number <= WASTE_PILES:
            raise IllegalMove(f"There is no waste pile {number}: they are numbered 1 to 4.")
        return waste_pile(number)

    # -- saving ------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The position as the terminal front end prints it with ``--json``:
        lists bottom to top (the stock's last card is turned next)."""
        hand = self._piles[HAND].top
        return {
            "game": self.game_id,
            "deal": self.deal_number,
            "stock": names(self._piles[STOCK].cards),
            "hand": hand.name if hand else None,
            "foundations": [names(self._piles[foundation(n)].cards)
                            for n in range(1, FOUNDATIONS + 1)],
            "waste": [names(self._piles[waste_pile(n)].cards)
                      for n in range(1, WASTE_PILES + 1)],
            "score": self.score,
            "won": self.is_won,
            "over": self.is_over,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, complete: bool = True) -> "Calculation":
        """A game in the position ``data`` describes, in the shape ``to_json`` writes.

        With ``complete`` all 52 cards must appear exactly once; without it (for
        tests of a few cards) none may appear twice.  ``score``, ``won`` and
        ``over`` may be left out; if given they must agree with the cards.

        Raises:
            ValueError: saying what is wrong with ``data``.
        """
        deal, piles = read_position(data, complete=complete)
        game = cls.__new__(cls)
        Game.__init__(game, deal, piles, CalculationCounters())
        for key, value in (("score", game.score), ("won", game.is_won), ("over", game.is_over)):
            if key in data and data[key] != value:
                raise ValueError(f"{key} is {data[key]!r} but the cards make it {value!r}")
        return game
