"""TriPeaks as Microsoft Solitaire Collection plays it.

Twenty-eight cards make three peaks of four rows that share their bottom
row: the 18 cards of the upper rows face down, the bottom row of 10 face up.
One card starts the waste; the other 23 are the stock, turned one at a time
onto the waste, once through (no redeal).  A card of the peaks that nothing
covers is turned up, and goes onto the waste when its rank is one above or
one below the waste's top card, whatever the suits; king and ace are next
to each other (``wrap``; off, for the variant where they are not).  The game
is won when the three peaks are cleared, whatever is left in the stock.

Scoring, as Microsoft's (from mchung94's solitaire-player, which plays its
score challenges): a card played from the peaks scores 100 points and 200
more than the card before it in the same chain (100, 300, 500, ...); a
chain ends when a card is turned from the stock.  Clearing a peak (taking
its top card) scores 500 for the first, 1,000 for the second and 5,000 for
the third.  84,900 points at most.

Pile names are in ``position``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...cards import KING, RANKS, Card
from ...commands import Handler, card_arg, handler
from ...deals import book_shuffle, check_deal_number
from ...game import Game
from ...moves import DEAL, Deal, IllegalMove, Move, Step
from ...outcome import Outcome
from ...piles import Pile, PileId, Role
from .position import (
    COVERING,
    PEAK_TOPS,
    PLACE_COUNT,
    PLACES,
    STOCK,
    WASTE,
    place_name,
    read_position,
    write_position,
)

CHAIN_FIRST = 100          # the first card of a chain
CHAIN_STEP = 200           # each next card of the chain scores this much more
PEAK_POINTS = (500, 1_000, 5_000)    # the first, second and third peak cleared


def ranks_touch(first: int, second: int, wrap: bool) -> bool:
    """True when the ranks are next to each other (with ``wrap``, king and ace too)."""
    apart = abs(first - second)
    return apart == 1 or (wrap and apart == len(RANKS) - 1)


@dataclass(frozen=True, slots=True)
class TriPeaksCounters:
    """Everything besides the piles that undo must put back."""

    moves: int = 0
    score: int = 0
    chain: int = 0         # cards played from the peaks since a card was last turned


class TriPeaks(Game[TriPeaksCounters]):
    """A game of TriPeaks.  ``TriPeaks(617)`` is always the same deal."""

    game_id = "tripeaks"
    title = "TriPeaks"

    def __init__(self, deal: int, wrap: bool = True) -> None:
        """Deal ``deal``: the first 28 cards of the book's shuffle make the
        peaks row by row from the top, the next starts the waste, and the
        one after is the stock's top card.

        Raises:
            ValueError: if ``deal`` is not a deal number.
        """
        check_deal_number(deal)
        self.wrap = bool(wrap)
        order = book_shuffle(deal)
        piles: dict[PileId, Pile] = {}
        for index, pile_id in enumerate(PLACES):
            piles[pile_id] = Pile((order[index],), 1 if COVERING[pile_id] else 0)
        piles[WASTE] = Pile.face_up([order[PLACE_COUNT]])
        piles[STOCK] = Pile.face_down(order[PLACE_COUNT + 1:][::-1])
        super().__init__(deal, piles, TriPeaksCounters())

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, complete: bool = True) -> "TriPeaks":
        """A game in the position ``data`` describes (the shape ``to_json`` writes).

        Raises:
            ValueError: saying what is wrong with ``data``.
        """
        deal, piles = read_position(data, complete=complete)
        score, chain, wrap = data.get("score", 0), data.get("chain", 0), data.get("wrap", True)
        if type(score) is not int or type(chain) is not int or score < 0 or chain < 0:
            raise ValueError("'score' and 'chain' must be whole numbers from 0")
        if not isinstance(wrap, bool):
            raise ValueError("'wrap' must be true or false")
        game = cls.__new__(cls)
        game.wrap = wrap
        Game.__init__(game, deal, piles, TriPeaksCounters(score=score, chain=chain))
        return game

    # -- reading the layout ------------------------------------------------------

    def free_card(self, pile_id: PileId) -> Card | None:
        """The card of a place of the peaks that nothing covers, if any."""
        pile = self._piles.get(pile_id)
        if pile_id.role is not Role.TABLEAU or pile is None or not pile.cards:
            return None
        if any(self._piles[other].cards for other in COVERING[pile_id]):
            return None
        return pile.cards[0]

    def free_places(self) -> list[PileId]:
        """The places whose card nothing covers, from the top row down."""
        return [pile_id for pile_id in PLACES if self.free_card(pile_id) is not None]

    def playable(self) -> list[PileId]:
        """The places whose card may go onto the waste now."""
        top = self._piles[WASTE].top
        return [pile_id for pile_id in self.free_places()
                if top is None or ranks_touch(self._piles[pile_id].cards[0].rank, top.rank,
                                              self.wrap)]

    def pile_name(self, pile_id: PileId) -> str:
        return place_name(pile_id)

    def find(self, card: Card) -> PileId | None:
        """The place where ``card`` lies free, or None."""
        return next((pile_id for pile_id in self.free_places()
                     if self._piles[pile_id].cards[0] == card), None)

    def where_is(self, card: Card) -> str:
        """Why ``card`` cannot be played now, in words."""
        for pile_id, pile in self._piles.items():
            if card not in pile.cards:
                continue
            if pile_id == WASTE:
                return f"{card} is already on the waste."
            if pile_id == STOCK:
                return f"{card} is still in the stock."
            if not pile.is_face_up(0):
                return f"{card} is face down, covered by the cards below it."
            return f"{card} is covered by the cards below it."
        return f"{card} is not in this game."

    @property
    def score(self) -> int:
        return self._counters.score

    @property
    def chain(self) -> int:
        """Cards played from the peaks since a card was last turned from the stock."""
        return self._counters.chain

    @property
    def progress(self) -> int:
        """How far the game is towards a win: the peaks' cards gone."""
        return sum(not self._piles[pile_id].cards for pile_id in PLACES)

    def rules_note(self) -> str:
        return "" if self.wrap else "King and ace do not touch in this game."

    @property
    def variant(self) -> str:
        """Whether king and ace touch: statistics keep the variants apart."""
        return "wrap" if self.wrap else "no wrap"

    def status_items(self) -> list[tuple[str, str]]:
        return [("Score", f"{self.score:,}"), ("Chain", str(self.chain)),
                ("Stock", str(len(self._piles[STOCK])))]

    # -- the rules ----------------------------------------------------------------------

    def pick_up_refusal(self, source: PileId, index: int) -> str | None:
        pile = self.pile(source)
        if not 0 <= index < len(pile):
            return f"There is no such card in {place_name(source)}."
        if source == WASTE:
            return "The waste's cards stay there: play cards of the peaks onto it."
        if source == STOCK:
            return "Turn the stock's cards onto the waste with a click (or +)."
        card = pile.cards[index]
        if not pile.is_face_up(index):
            return "That card is face down."
        if self.free_card(source) is None:
            return f"{card} is covered by the cards below it."
        return None

    def drop_refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        card = self.pile(source).cards[index]
        if target != WASTE:
            return f"Cards of the peaks go only onto the waste, not onto {place_name(target)}."
        top = self._piles[WASTE].top
        if top is None or ranks_touch(card.rank, top.rank, self.wrap):
            return None
        if not self.wrap and {card.rank, top.rank} == {1, KING}:
            return f"{card} cannot go onto {top}: king and ace do not touch in this game."
        return f"{card} cannot go onto {top}: it must be one rank above or below."

    def destinations(self, source: PileId, index: int) -> list[PileId]:
        if self.pick_up_refusal(source, index) or self.drop_refusal(source, index, WASTE):
            return []
        return [WASTE]

    def legal_steps(self) -> list[Step]:
        """Every step the rules allow now: each card that fits onto the waste,
        and turning the stock if it has cards."""
        steps: list[Step] = [Move(pile_id, WASTE) for pile_id in self.playable()]
        if self._piles[STOCK].cards:
            steps.append(DEAL)
        return steps

    def _found_nowhere(self, card: Card) -> IllegalMove:
        top = self._piles[WASTE].top
        return IllegalMove(f"{card} cannot go onto {top}: it must be one rank above or below.")

    @property
    def is_won(self) -> bool:
        return not any(self._piles[pile_id].cards for pile_id in PLACES)

    @property
    def is_stuck(self) -> bool:
        """True when the stock is empty and no card of the peaks fits the waste."""
        return not self.is_won and not self._piles[STOCK].cards and not self.playable()

    # -- commands -------------------------------------------------------------------------

    def command_handlers(self) -> dict[str, Handler]:
        return {**super().command_handlers(), "play_card": handler(self.play_card, card_arg)}

    def _move_label(self, source: PileId, index: int, target: PileId) -> str:
        return f"play {self._piles[source].cards[index]}"

    def _after_move(self, source: PileId, index: int, target: PileId,
                    cards: tuple[Card, ...]) -> str:
        """Score the card, turn up the cards it uncovered, and a peak's bonus."""
        chain = self._counters.chain
        points = CHAIN_FIRST + CHAIN_STEP * chain
        words = f"{cards[0]} onto the waste: {points:,} points"
        if source in PEAK_TOPS:
            cleared = sum(not self._piles[peak].cards for peak in PEAK_TOPS)
            bonus = PEAK_POINTS[cleared - 1]
            points += bonus
            words += f", and {bonus:,} for clearing a peak"
        self._set_counters(score=self._counters.score + points, chain=chain + 1)
        for pile_id in PLACES:
            pile = self._piles[pile_id]
            if pile.hidden and not any(self._piles[other].cards for other in COVERING[pile_id]):
                self._piles[pile_id] = pile.turned_up()
        if self.is_won:
            return f"{words}.  The peaks are cleared: you win, with {self.score:,} points!"
        return f"{words} (a chain of {chain + 1})."

    def deal(self) -> Outcome:
        """Turn the stock's top card onto the waste; the chain ends.

        Raises:
            IllegalMove: when the stock is empty.
        """
        if not self._piles[STOCK].cards:
            raise IllegalMove("The stock is empty: TriPeaks goes through it once.")

        def turn() -> str:
            card = self._transfer(STOCK, len(self._piles[STOCK]) - 1, WASTE)[0]
            self._set_counters(chain=0)
            return f"Turned {card} onto the waste."
        return self._transaction("turn a card", turn)

    def deal_words(self) -> str:
        return "Turn a card from the stock onto the waste"

    def step_words(self, step: Step) -> str:
        if isinstance(step, Deal):
            return self.deal_words()
        card = self._piles[step.source].cards[-1]
        return f"Play {card} onto {self._piles[WASTE].top}"

    def click(self, pile_id: PileId) -> Outcome | None:
        """One click: the stock turns a card; a free card of the peaks goes onto
        the waste if it fits; the waste does nothing.

        Raises:
            IllegalMove: for a card that is covered or does not fit, or an empty stock.
        """
        if pile_id == STOCK:
            return self.deal()
        if pile_id.role is not Role.TABLEAU or not self.pile(pile_id).cards:
            return None
        return self.play(pile_id, 0)

    def play_card(self, card: Card) -> Outcome:
        """A typed card name: play it onto the waste.

        Raises:
            IllegalMove: if it is not free or does not fit.
        """
        pile_id = self.find(card)
        if pile_id is None:
            raise IllegalMove(self.where_is(card))
        return self.play(pile_id, 0)

    def set_option(self, name: str, value: Any) -> None:
        """``wrap`` holds for the whole game: the same value does nothing;
        the other applies from the next game, so it is refused here.

        Raises:
            ValueError: for another option or a change of it.
        """
        if name != "wrap":
            super().set_option(name, value)
        if value is not self.wrap:
            raise ValueError("Whether king and ace touch holds for the whole game; "
                             "a change applies from the next game.")

    # -- output ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return write_position(self.deal_number, self._piles, wrap=self.wrap, score=self.score,
                              chain=self.chain, won=self.is_won)
