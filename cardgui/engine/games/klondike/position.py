"""Klondike's piles by name, and its position written and read as JSON.

Pile names: ``S1`` the hand, ``W1`` the pile, ``F1``-``F4`` the top for
hearts, spades, diamonds and clubs (the book's order), ``T1``-``T10`` stacks.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...cards import SUITS, Card, Suit, full_deck, names, parse_cards, unique_cards
from ...deals import check_deal_number
from ...piles import Pile, PileId, Role, foundation, stock, tableau, waste

INITIAL_STACKS = 7
MAX_STACKS = 10          # the shifted keys ! @ # $ % ^ & * ( ) reach ten stacks
HAND, PILE = stock(), waste()


def top_of(suit: Suit) -> PileId:
    """The foundation ("top") for ``suit``."""
    return foundation(SUITS.index(suit) + 1)


def place_name(pile_id: PileId) -> str:
    """A pile as the book's player would name it: ``stack 3``, ``the top``."""
    if pile_id.role is Role.TABLEAU:
        return f"stack {pile_id.index}"
    return {Role.FOUNDATION: "the top", Role.WASTE: "the pile",
            Role.STOCK: "the hand"}[pile_id.role]


def write_position(deal: int, piles: Mapping[PileId, Pile], won: bool) -> dict[str, Any]:
    """The position as the terminal front end prints it with ``--json``:
    every list bottom to top, cards as in the book."""
    return {
        "game": "klondike",
        "deal": deal,
        "hand": names(piles[HAND].cards),
        "pile": names(piles[PILE].cards),
        "stacks": [{"hidden": names(piles[stack].concealed), "shown": names(piles[stack].shown)}
                   for stack in sorted(pile_id for pile_id in piles
                                         if pile_id.role is Role.TABLEAU)],
        "foundations": {suit.letter: names(piles[top_of(suit)].cards) for suit in SUITS},
        "won": won,
    }


def read_position(data: Mapping[str, Any], complete: bool) -> tuple[int, dict[PileId, Pile]]:
    """(deal, piles) of the position ``data`` describes, as ``write_position`` writes it.

    With ``complete`` every one of the 52 cards must appear exactly once;
    without it (for tests of a few cards) none may appear twice.

    Raises:
        ValueError: saying what is wrong with ``data``.
    """
    try:
        deal = check_deal_number(data["deal"])
        piles: dict[PileId, Pile] = {
            HAND: Pile.face_down(parse_cards(data["hand"])),
            PILE: Pile.face_up(parse_cards(data["pile"])),
        }
        stacks = data["stacks"]
        if not INITIAL_STACKS <= len(stacks) <= MAX_STACKS:
            raise ValueError(f"there must be {INITIAL_STACKS} to {MAX_STACKS} stacks")
        for number, stack in enumerate(stacks, 1):
            hidden, shown = parse_cards(stack["hidden"]), parse_cards(stack["shown"])
            if hidden and not shown:
                raise ValueError(f"stack {number} has face-down cards but none face up")
            piles[tableau(number)] = Pile(tuple(hidden + shown), len(hidden))
        for suit in SUITS:
            cards = parse_cards(data["foundations"][suit.letter])
            if cards != [Card(rank, suit) for rank in range(1, len(cards) + 1)]:
                raise ValueError(f"the top for {suit.word} must run from the ace up")
            piles[top_of(suit)] = Pile.face_up(cards)
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a Klondike position: missing or malformed {error}") from None
    cards = [card for pile in piles.values() for card in pile.cards]
    if not unique_cards(cards):
        raise ValueError("a card appears twice")
    if complete and len(cards) != len(full_deck()):
        raise ValueError(f"a position needs all 52 cards, not {len(cards)}")
    return deal, piles
