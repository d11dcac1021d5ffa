"""Pyramid's piles by name, which card covers which, and its position written
and read as JSON.

Pile names: ``T1``-``T28`` the places of the pyramid, row by row from the top
(``T1`` the top card, ``T2`` and ``T3`` the second row, ... ``T22``-``T28``
the bottom row of seven), each holding its card or nothing; ``S1`` the
stock, whose top card lies face up; ``W1`` the waste; ``F1`` the discard
pile, where cards that go off lie.

The JSON is the shape the terminal front end prints with ``--json``::

    {"game": "pyramid", "deal": N, "passes": "3", "pass": 1,
     "pyramid": [[card or null] x 1, [...] x 2, ... [...] x 7],
     "stock": [...], "waste": [...], "discard": [...],
     "chosen": pile name or null, "score": N, "won": bool}

Lists of cards run bottom to top (the stock's last card is its top);
``chosen`` names the pile (``T12``, ``W1``, ``S1``) of a card chosen by a
click and waiting for its partner, so that no string but the cards' own
is a card name.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...cards import Card, CardError, full_deck, names, unique_cards
from ...deals import check_deal_number
from ...piles import Pile, PileId, Role, foundation, stock, tableau, waste

ROWS = 7
PLACE_COUNT = ROWS * (ROWS + 1) // 2          # 28
STOCK, WASTE, DISCARD = stock(), waste(), foundation(1)
PLACES = tuple(tableau(number) for number in range(1, PLACE_COUNT + 1))


def place(row: int, number: int) -> PileId:
    """The pile of card ``number`` (from 1, left to right) of ``row`` (from 1 at the top)."""
    if not 1 <= row <= ROWS or not 1 <= number <= row:
        raise ValueError(f"the pyramid has no card {number} in row {row}")
    return tableau(row * (row - 1) // 2 + number)


def row_and_number(pile_id: PileId) -> tuple[int, int]:
    """Which row (from 1 at the top) and which card of it (from 1) a place is.

    Raises:
        ValueError: if ``pile_id`` is not a place of the pyramid.
    """
    if pile_id.role is not Role.TABLEAU or not 1 <= pile_id.index <= PLACE_COUNT:
        raise ValueError(f"{pile_id} is not a place of the pyramid")
    row = 1
    while row * (row + 1) // 2 < pile_id.index:
        row += 1
    return row, pile_id.index - row * (row - 1) // 2


def covering(pile_id: PileId) -> tuple[PileId, ...]:
    """The two places in the row below that lie over this one (none for the
    bottom row): the card here is free once both are empty."""
    row, number = row_and_number(pile_id)
    if row == ROWS:
        return ()
    return place(row + 1, number), place(row + 1, number + 1)


COVERING: dict[PileId, tuple[PileId, ...]] = {pile_id: covering(pile_id) for pile_id in PLACES}


def place_name(pile_id: PileId) -> str:
    """A pile as a player names it: ``row 7 card 3``, ``the stock``."""
    if pile_id.role is Role.TABLEAU:
        row, number = row_and_number(pile_id)
        return f"row {row} card {number}"
    return {Role.STOCK: "the stock", Role.WASTE: "the waste",
            Role.FOUNDATION: "the discard pile"}[pile_id.role]


def stock_pile(cards: list[Card] | tuple[Card, ...]) -> Pile:
    """A stock of ``cards`` (bottom to top): face down but for its top card."""
    return Pile(tuple(cards), max(0, len(cards) - 1))


def write_position(deal: int, piles: Mapping[PileId, Pile], *, passes: str, pass_number: int,
                   chosen: PileId | None, score: int, won: bool) -> dict[str, Any]:
    """The position in the terminal front end's JSON shape (above)."""
    rows = []
    for row in range(1, ROWS + 1):
        tops = [piles[place(row, number)].top for number in range(1, row + 1)]
        rows.append([card.name if card is not None else None for card in tops])
    return {
        "game": "pyramid",
        "deal": deal,
        "passes": passes,
        "pass": pass_number,
        "pyramid": rows,
        "stock": names(piles[STOCK].cards),
        "waste": names(piles[WASTE].cards),
        "discard": names(piles[DISCARD].cards),
        "chosen": str(chosen) if chosen is not None else None,
        "score": score,
        "won": won,
    }


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of cards")
    return [_card(text, where) for text in value]


def _card(text: Any, where: str) -> Card:
    if not isinstance(text, str):
        raise ValueError(f"{where}: {text!r} is not a card name")
    try:
        return Card.parse(text)
    except CardError as error:
        raise ValueError(f"{where}: {text!r} is not a card ({error})") from None


def read_position(data: Any, *, complete: bool = True
                  ) -> tuple[int, dict[PileId, Pile], int, PileId | None]:
    """(deal, piles, pass number, chosen pile) of a position in the JSON shape
    above.  ``score`` and ``won`` are ignored (they follow from the cards);
    ``passes`` is the game's option, read by the caller.  With ``complete``
    every one of the 52 cards must appear exactly once; without it (for tests
    of a few cards) none may appear twice.

    Raises:
        ValueError: saying what is wrong.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a Pyramid position must be a JSON object")
    if data.get("game", "pyramid") != "pyramid":
        raise ValueError(f"not a Pyramid position: its game is {data['game']!r}")
    for key in ("deal", "pyramid", "stock", "waste", "discard"):
        if key not in data:
            raise ValueError(f"not a Pyramid position: {key!r} is missing")
    deal = check_deal_number(data["deal"])
    rows = data["pyramid"]
    if not isinstance(rows, list) or [len(row) if isinstance(row, list) else -1
                                      for row in rows] != list(range(1, ROWS + 1)):
        raise ValueError("'pyramid' must be seven rows of 1 to 7 cards or nulls")
    piles: dict[PileId, Pile] = {}
    for row_number, row in enumerate(rows, 1):
        for number, text in enumerate(row, 1):
            where = f"row {row_number} card {number}"
            piles[place(row_number, number)] = Pile() if text is None else Pile.face_up(
                [_card(text, where)])
    piles[STOCK] = stock_pile(_cards(data["stock"], "the stock"))
    piles[WASTE] = Pile.face_up(_cards(data["waste"], "the waste"))
    piles[DISCARD] = Pile.face_up(_cards(data["discard"], "the discard pile"))
    pass_number = data.get("pass", 1)
    if type(pass_number) is not int or pass_number < 1:
        raise ValueError(f"'pass' must be a whole number from 1, not {pass_number!r}")
    chosen_text = data.get("chosen")
    chosen = None
    if chosen_text is not None:
        try:
            chosen = PileId.parse(chosen_text) if isinstance(chosen_text, str) else None
        except ValueError:
            chosen = None
        if chosen is None or chosen not in piles or chosen == DISCARD:
            raise ValueError(f"'chosen' must name a place, the stock or the waste, "
                             f"not {chosen_text!r}")
    every = [card for pile in piles.values() for card in pile.cards]
    if not unique_cards(every):
        twice = sorted({card for card in every if every.count(card) > 1})
        raise ValueError("a card appears twice: " + " ".join(names(twice)))
    if complete and len(every) != len(full_deck()):
        missing = sorted(set(full_deck()) - set(every))
        raise ValueError("a position needs all 52 cards; missing: " + " ".join(names(missing)))
    return deal, piles, pass_number, chosen
