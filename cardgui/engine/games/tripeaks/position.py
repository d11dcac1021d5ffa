"""TriPeaks' piles by name, where each card of the peaks lies and which cards
cover it, and its position written and read as JSON.

Pile names: ``T1``-``T28`` the places of the three peaks, row by row from
the top (``T1``-``T3`` the peaks' top cards, ``T4``-``T9`` the second row,
``T10``-``T18`` the third, ``T19``-``T28`` the bottom row of ten), each
holding its card or nothing; ``S1`` the stock, face down; ``W1`` the waste.

The JSON is the shape the terminal front end prints with ``--json``::

    {"game": "tripeaks", "deal": N, "wrap": bool,
     "peaks": [[place] x 3, [place] x 6, [place] x 9, [place] x 10],
     "stock": [...], "waste": [...], "score": N, "chain": N, "won": bool}

where a place is null (its card has gone) or ``{"card": "8S", "face_up":
bool}``; lists of cards run bottom to top (the stock's last card is the next
to be turned).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...cards import Card, CardError, full_deck, names, unique_cards
from ...deals import check_deal_number
from ...piles import Pile, PileId, Role, stock, tableau, waste

PEAKS = 3
ROW_LENGTHS = (3, 6, 9, 10)
PLACE_COUNT = sum(ROW_LENGTHS)           # 28
STOCK, WASTE = stock(), waste()
PLACES = tuple(tableau(number) for number in range(1, PLACE_COUNT + 1))
PEAK_TOPS = PLACES[:PEAKS]


def _columns() -> tuple[float, ...]:
    """Each place's column, in card widths from the left edge of the bottom
    row: a card lies half a card to either side of the two that cover it."""
    columns: list[float] = []
    columns += [1.5 + 3 * peak for peak in range(PEAKS)]
    columns += [1.5 + 3 * peak + side for peak in range(PEAKS) for side in (-0.5, 0.5)]
    columns += [0.5 + number for number in range(9)]
    columns += [float(number) for number in range(10)]
    return tuple(columns)


COLUMNS: tuple[float, ...] = _columns()
ROW_OF: tuple[int, ...] = tuple(row for row, length in enumerate(ROW_LENGTHS, 1)
                                for _ in range(length))


def row_of(pile_id: PileId) -> int:
    """The row (1 at the top, 4 at the bottom) of a place of the peaks."""
    return ROW_OF[pile_id.index - 1]


def column_of(pile_id: PileId) -> float:
    """The column of a place of the peaks, in card widths (see ``COLUMNS``)."""
    return COLUMNS[pile_id.index - 1]


def _covering(pile_id: PileId) -> tuple[PileId, ...]:
    row, column = row_of(pile_id), column_of(pile_id)
    return tuple(other for other in PLACES if row_of(other) == row + 1
                 and abs(column_of(other) - column) == 0.5)


COVERING: dict[PileId, tuple[PileId, ...]] = {pile_id: _covering(pile_id) for pile_id in PLACES}
"""The two places in the row below that lie over each place (none in the bottom row)."""


def place_name(pile_id: PileId) -> str:
    """A pile as a player names it: ``row 4 card 3``, ``the stock``."""
    if pile_id.role is Role.TABLEAU:
        row = row_of(pile_id)
        first = sum(ROW_LENGTHS[:row - 1])
        return f"row {row} card {pile_id.index - first}"
    return {Role.STOCK: "the stock", Role.WASTE: "the waste"}[pile_id.role]


def rows_of_places() -> list[list[PileId]]:
    """The places row by row, from the top."""
    rows, first = [], 0
    for length in ROW_LENGTHS:
        rows.append(list(PLACES[first:first + length]))
        first += length
    return rows


def write_position(deal: int, piles: Mapping[PileId, Pile], *, wrap: bool, score: int,
                   chain: int, won: bool) -> dict[str, Any]:
    """The position in the terminal front end's JSON shape (above)."""
    peaks = [[{"card": piles[pile_id].cards[0].name, "face_up": piles[pile_id].is_face_up(0)}
              if piles[pile_id].cards else None for pile_id in row]
             for row in rows_of_places()]
    return {"game": "tripeaks", "deal": deal, "wrap": wrap, "peaks": peaks,
            "stock": names(piles[STOCK].cards), "waste": names(piles[WASTE].cards),
            "score": score, "chain": chain, "won": won}


def _card(text: Any, where: str) -> Card:
    if not isinstance(text, str):
        raise ValueError(f"{where}: {text!r} is not a card name")
    try:
        return Card.parse(text)
    except CardError as error:
        raise ValueError(f"{where}: {text!r} is not a card ({error})") from None


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of cards")
    return [_card(text, where) for text in value]


def read_position(data: Any, *, complete: bool = True) -> tuple[int, dict[PileId, Pile]]:
    """(deal, piles) of a position in the JSON shape above.  ``score``,
    ``chain`` and ``wrap`` are read by the caller; ``won`` follows from the
    cards.  A card of the peaks lies face up exactly when no card covers it.
    With ``complete`` every one of the 52 cards must appear exactly once;
    without it none may appear twice.

    Raises:
        ValueError: saying what is wrong.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a TriPeaks position must be a JSON object")
    if data.get("game", "tripeaks") != "tripeaks":
        raise ValueError(f"not a TriPeaks position: its game is {data['game']!r}")
    for key in ("deal", "peaks", "stock", "waste"):
        if key not in data:
            raise ValueError(f"not a TriPeaks position: {key!r} is missing")
    deal = check_deal_number(data["deal"])
    rows = data["peaks"]
    if not isinstance(rows, list) or [len(row) if isinstance(row, list) else -1
                                      for row in rows] != list(ROW_LENGTHS):
        raise ValueError("'peaks' must be four rows of 3, 6, 9 and 10 places")
    piles: dict[PileId, Pile] = {}
    for row, places in zip(rows, rows_of_places()):
        for entry, pile_id in zip(row, places):
            where = place_name(pile_id)
            if entry is None:
                piles[pile_id] = Pile()
                continue
            if not isinstance(entry, Mapping) or "card" not in entry:
                raise ValueError(f"{where} must be null or an object with a 'card'")
            piles[pile_id] = Pile((_card(entry["card"], where),), 0)
    for pile_id in PLACES:
        if piles[pile_id].cards and any(piles[other].cards for other in COVERING[pile_id]):
            piles[pile_id] = Pile(piles[pile_id].cards, 1)
        elif isinstance(row_entry := _entry(rows, pile_id), Mapping) \
                and row_entry.get("face_up") is False:
            raise ValueError(f"{place_name(pile_id)} is uncovered, so it lies face up")
    piles[STOCK] = Pile.face_down(_cards(data["stock"], "the stock"))
    piles[WASTE] = Pile.face_up(_cards(data["waste"], "the waste"))
    every = [card for pile in piles.values() for card in pile.cards]
    if not unique_cards(every):
        twice = sorted({card for card in every if every.count(card) > 1})
        raise ValueError("a card appears twice: " + " ".join(names(twice)))
    if complete and len(every) != len(full_deck()):
        missing = sorted(set(full_deck()) - set(every))
        raise ValueError("a position needs all 52 cards; missing: " + " ".join(names(missing)))
    return deal, piles


def _entry(rows: list[Any], pile_id: PileId) -> Any:
    row = row_of(pile_id)
    return rows[row - 1][pile_id.index - 1 - sum(ROW_LENGTHS[:row - 1])]
