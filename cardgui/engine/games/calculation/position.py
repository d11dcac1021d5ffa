"""Calculation's piles by name, what each foundation takes, and its position
read from the JSON shape the game's ``to_json`` writes.

Pile names: ``S1`` the cards still face down (the last one is turned next),
``W1`` the hand card (the one turned up, at most one), ``F1``-``F4`` the
foundations, ``T1``-``T4`` the waste piles.  The JSON::

    {"game": "calculation", "deal": N, "stock": [...], "hand": card or null,
     "foundations": [[...] x 4], "waste": [[...] x 4], ...}

Lists run bottom to top; the stock's last card is turned up next.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...cards import RANKS, Card, full_deck, parse_cards, rank_name, unique_cards
from ...deals import MAX_DEAL, check_deal_number
from ...piles import Pile, PileId, Role, foundation, stock, tableau, waste
from .deck import STACKED_DEAL

FOUNDATIONS = 4
WASTE_PILES = 4
STOCK, HAND = stock(), waste()


def sequence(number: int) -> tuple[int, ...]:
    """The ranks foundation ``number`` takes, bottom to top: n, 2n, 3n … mod 13."""
    return tuple((number * step - 1) % len(RANKS) + 1 for step in range(1, len(RANKS) + 1))


SEQUENCES: tuple[tuple[int, ...], ...] = tuple(sequence(n) for n in range(1, FOUNDATIONS + 1))


def waste_pile(number: int) -> PileId:
    """Waste pile ``number`` (1-4)."""
    return tableau(number)


def place_name(pile_id: PileId) -> str:
    """A pile in the player's words: ``foundation 2``, ``waste pile 3``, ``the hand``."""
    if pile_id.role is Role.FOUNDATION:
        return f"foundation {pile_id.index}"
    if pile_id.role is Role.TABLEAU:
        return f"waste pile {pile_id.index}"
    return "the hand" if pile_id == HAND else "the cards left"


def read_position(data: Mapping[str, Any], *, complete: bool = True
                  ) -> tuple[int, dict[PileId, Pile]]:
    """The deal number and the piles ``data`` describes.

    With ``complete`` all 52 cards must appear exactly once; without it none
    may appear twice.

    Raises:
        ValueError: saying what is wrong with ``data``.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a Calculation position must be a JSON object")
    missing = [key for key in ("deal", "stock", "hand", "foundations", "waste") if key not in data]
    if missing:
        raise ValueError("not a Calculation position: missing " + ", ".join(missing))
    if data.get("game", "calculation") != "calculation":
        raise ValueError(f"this is a position of {data['game']!r}, not of calculation")
    deal = data["deal"]
    if not (type(deal) is int and deal == STACKED_DEAL):
        check_deal_number(deal, MAX_DEAL)
    hand = data["hand"]
    if hand is not None and not isinstance(hand, str):
        raise ValueError(f"hand must be one card or null, not {hand!r}")
    piles = {STOCK: Pile.face_down(_cards(data["stock"], "stock")),
             HAND: Pile.face_up([Card.parse(hand)] if hand is not None else [])}
    for number, cards in enumerate(_lists(data["foundations"], "foundations", FOUNDATIONS), 1):
        ranks = tuple(card.rank for card in cards)
        if not ranks or ranks != SEQUENCES[number - 1][:len(ranks)]:
            raise ValueError(f"foundation {number} must follow its sequence from "
                             f"{rank_name(SEQUENCES[number - 1][0])} (adding {number} each time), "
                             f"not {' '.join(card.name for card in cards) or 'be empty'}")
        piles[foundation(number)] = Pile.face_up(cards)
    for number, cards in enumerate(_lists(data["waste"], "waste", WASTE_PILES), 1):
        piles[waste_pile(number)] = Pile.face_up(cards)
    every_card = [card for pile in piles.values() for card in pile.cards]
    if not unique_cards(every_card):
        raise ValueError("a card appears twice")
    if complete and len(every_card) != len(full_deck()):
        raise ValueError(f"a position needs all 52 cards, not {len(every_card)}")
    return deal, piles


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise ValueError(f"{what} must be a list of card names like \"10H\"")
    return parse_cards(value)


def _lists(value: Any, what: str, count: int) -> list[list[Card]]:
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f"{what} must be a list of {count} lists of cards")
    return [_cards(item, f"each of the {what}") for item in value]
