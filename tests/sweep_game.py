"""Sweep, a small game that exists only in the tests: deal the stock onto a
pile one card at a time and play the pile's top card up.  Won when every card
is up.  It has no table and no terminal program of its own: the program's
defaults must carry it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgui.engine.cards import Card, Suit, names
from cardgui.engine.commands import Command, Handler, handler
from cardgui.engine.deals import book_shuffle, check_deal_number
from cardgui.engine.game import Game
from cardgui.engine.keyboard import BookKeys, KeyBinding, KeyTable
from cardgui.engine.moves import IllegalMove
from cardgui.engine.outcome import Outcome
from cardgui.engine.piles import Pile, PileId, foundation, stock, waste

CARDS = 6
STOCK, PILE, UP = stock(), waste(), foundation(1)


@dataclass(frozen=True, slots=True)
class SweepCounters:
    moves: int = 0


class Sweep(Game[SweepCounters]):
    game_id = "sweep"
    title = "Sweep"

    def __init__(self, deal: int) -> None:
        check_deal_number(deal)
        cards = [card for card in book_shuffle(deal) if card.suit is Suit.HEARTS][:CARDS]
        super().__init__(deal, {STOCK: Pile.face_down(cards), PILE: Pile(), UP: Pile()},
                         SweepCounters())

    def pick_up_refusal(self, source: PileId, index: int) -> str | None:
        pile = self.pile(source)
        if source != PILE or index != len(pile) - 1:
            return "Only the pile's top card moves."
        return None

    def drop_refusal(self, source: PileId, index: int, target: PileId) -> str | None:
        return None if target == UP else "Cards go up, and only up."

    def destinations(self, source: PileId, index: int) -> list[PileId]:
        return [] if self.pick_up_refusal(source, index) else [UP]

    @property
    def is_won(self) -> bool:
        return len(self._piles[UP]) == CARDS

    def deal(self) -> Outcome:
        if self._piles[STOCK].is_empty:
            raise IllegalMove("The stock is empty.")

        def turn() -> str:
            card: Card = self._transfer(STOCK, len(self._piles[STOCK]) - 1, PILE)[0]
            return f"Turned up {card}."
        return self._transaction("deal", turn)

    def play_pile(self) -> Outcome:
        if self._piles[PILE].is_empty:
            raise IllegalMove("The pile is empty.")
        return self.play(PILE, len(self._piles[PILE]) - 1)

    def command_handlers(self) -> dict[str, Handler]:
        return {**super().command_handlers(), "play_pile": handler(self.play_pile)}

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "deal": self.deal_number,
                "piles": {str(pile_id): names(pile.cards)
                          for pile_id, pile in sorted(self._piles.items())},
                "won": self.is_won}


class SweepKeys(BookKeys):
    table = KeyTable([
        KeyBinding("+", "+", "Deal a card onto the pile", "deal"),
        KeyBinding("P", "P", "Play the pile's top card up", "play_pile"),
        KeyBinding("U", "U", "Undo", "undo"),
        KeyBinding("?", "?", "These keys", "help"),
        KeyBinding("X", "X", "Exit", "quit"),
    ])

    def _deal(self, key: str) -> Command:
        return Command("deal")

    def _play_pile(self, key: str) -> Command:
        return Command("play_pile")


