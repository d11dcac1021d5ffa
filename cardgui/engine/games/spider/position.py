"""Spider's piles by name, and its position written and read as JSON.

Pile names: ``T1``-``T10`` the columns, ``S1`` the stock, ``F1``-``F8`` the
completed runs, filled in order.  The stock is one face-down pile whose top
ten cards are the next row dealt, the top one going to column 1.

The JSON is the shape ``cardgui text spider --json`` prints::

    {"game": "spider", "deal": N, "suits": 1 | 2 | 4,
     "columns": [{"hidden": [...], "shown": [...]} x 10],
     "stock": [[ten cards] per row still to deal, in the order they are dealt;
               a row's first card goes to column 1],
     "foundations": [[13 cards] or [] x 8],
     "moves": M, "score": S, "won": bool}

Lists run bottom to top (a completed run lies king first, ace on top).
Every physical card is named exactly once; two copies of a card have the
same name, so the names alone do not say which copy lies where, and reading
a position numbers the copies (``Card.deck``) in the order they are read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from ...cards import KING, RANKS, Card, CardError, Suit, names
from ...deals import check_deal_number
from ...piles import Pile, PileId, Role, foundation, stock, tableau
from .deal import COLUMN_COUNT, ROW, check_suits, pack

FOUNDATION_COUNT = 8
STOCK = stock()
COLUMNS = tuple(tableau(number) for number in range(1, COLUMN_COUNT + 1))
FOUNDATIONS = tuple(foundation(number) for number in range(1, FOUNDATION_COUNT + 1))
RUN = len(RANKS)                # a completed run: king down to ace, one suit


def place_name(pile_id: PileId) -> str:
    """A pile as a player names it: ``column 3``, ``the stock``, ``foundation 2``."""
    if pile_id.role is Role.TABLEAU:
        return f"column {pile_id.index}"
    if pile_id.role is Role.STOCK:
        return "the stock"
    return f"foundation {pile_id.index}"


def stock_rows(pile: Pile) -> list[list[Card]]:
    """The stock's rows in the order they are dealt, each in column order."""
    dealing = list(reversed(pile.cards))
    return [dealing[start:start + ROW] for start in range(0, len(dealing), ROW)]


def stock_pile(rows: Sequence[Sequence[Card]]) -> Pile:
    """The face-down stock that deals ``rows`` in order (the inverse of ``stock_rows``)."""
    return Pile.face_down([card for row in reversed(rows) for card in reversed(row)])


def write_position(deal: int, suits: int, piles: Mapping[PileId, Pile], moves: int,
                   score: int, won: bool) -> dict[str, Any]:
    """The position in the JSON shape above."""
    return {
        "game": "spider",
        "deal": deal,
        "suits": suits,
        "columns": [{"hidden": names(piles[column].concealed),
                     "shown": names(piles[column].shown)} for column in COLUMNS],
        "stock": [names(row) for row in stock_rows(piles[STOCK])],
        "foundations": [names(piles[pile_id].cards) for pile_id in FOUNDATIONS],
        "moves": moves,
        "score": score,
        "won": won,
    }


class _Copies:
    """Numbers the copies of each card name in the order they are read."""

    def __init__(self) -> None:
        self.seen: Counter[tuple[int, Suit]] = Counter()

    def cards(self, value: Any, where: str) -> list[Card]:
        if not isinstance(value, list):
            raise ValueError(f"{where} must be a list of cards")
        return [self.card(text, where) for text in value]

    def card(self, text: Any, where: str) -> Card:
        if not isinstance(text, str):
            raise ValueError(f"{where}: {text!r} is not a card name")
        try:
            named = Card.parse(text)
        except CardError as error:
            raise ValueError(f"{where}: {text!r} is not a card ({error})") from None
        copy = self.seen[named.rank, named.suit]
        self.seen[named.rank, named.suit] += 1
        return Card(named.rank, named.suit, copy)


def read_position(data: Any, *, complete: bool = True
                  ) -> tuple[int, int, dict[PileId, Pile], int]:
    """(deal, suits, piles, moves) of a position in the JSON shape above.

    ``score`` and ``won`` are ignored (they follow from the rest).  With
    ``complete`` the cards must be exactly those of a pack of that many
    suits; without it (for tests of a few cards) no card may appear more
    often than the pack holds it.

    Raises:
        ValueError: saying what is wrong.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a Spider position must be a JSON object")
    if data.get("game", "spider") != "spider":
        raise ValueError(f"not a Spider position: its game is {data['game']!r}")
    for key in ("deal", "suits", "columns", "stock", "foundations"):
        if key not in data:
            raise ValueError(f"not a Spider position: {key!r} is missing")
    deal = check_deal_number(data["deal"])
    suits = check_suits(data["suits"])
    moves = data.get("moves", 0)
    if type(moves) is not int or moves < 0:
        raise ValueError(f"'moves' must be a whole number, not {moves!r}")
    copies = _Copies()
    piles: dict[PileId, Pile] = {}

    columns = data["columns"]
    if not isinstance(columns, list) or len(columns) != COLUMN_COUNT:
        raise ValueError(f"'columns' must be a list of {COLUMN_COUNT} columns")
    for number, column in enumerate(columns, 1):
        if not isinstance(column, Mapping) or set(column) != {"hidden", "shown"}:
            raise ValueError(f"column {number} must be {{\"hidden\": [...], \"shown\": [...]}}")
        hidden = copies.cards(column["hidden"], f"column {number}")
        shown = copies.cards(column["shown"], f"column {number}")
        if hidden and not shown:
            raise ValueError(f"column {number} has face-down cards but none face up")
        piles[tableau(number)] = Pile(tuple(hidden + shown), len(hidden))

    rows = data["stock"]
    if not isinstance(rows, list):
        raise ValueError("'stock' must be a list of rows of ten cards")
    read_rows = []
    for number, row in enumerate(rows, 1):
        cards = copies.cards(row, f"stock row {number}")
        if len(cards) != ROW:
            raise ValueError(f"stock row {number} must hold {ROW} cards, not {len(cards)}")
        read_rows.append(cards)
    piles[STOCK] = stock_pile(read_rows)

    runs = data["foundations"]
    if not isinstance(runs, list) or len(runs) != FOUNDATION_COUNT:
        raise ValueError(f"'foundations' must be a list of {FOUNDATION_COUNT} lists")
    ended = False
    for number, run in enumerate(runs, 1):
        cards = copies.cards(run, f"foundation {number}")
        if cards and (ended or not is_complete_run(cards)):
            raise ValueError(f"foundation {number} must hold one suit from king down to "
                             "ace, and the foundations fill in order")
        ended = ended or not cards
        piles[foundation(number)] = Pile.face_up(cards)

    _check_cards(copies.seen, suits, complete)
    return deal, suits, piles, moves


def is_complete_run(cards: Sequence[Card]) -> bool:
    """True for thirteen face-up cards of one suit, king down to ace."""
    return (len(cards) == RUN and cards[0].rank == KING
            and all(lower.suit is upper.suit and lower.rank == upper.rank + 1
                    for lower, upper in zip(cards, cards[1:])))


def _check_cards(seen: Counter[tuple[int, Suit]], suits: int, complete: bool) -> None:
    wanted = Counter((card.rank, card.suit) for card in pack(suits))
    for (rank, suit), count in sorted(seen.items(), key=lambda item: (item[0][0],
                                                                      item[0][1].value)):
        if count > wanted[rank, suit]:
            name = Card(rank, suit).name
            have = wanted[rank, suit]
            raise ValueError(f"{name} appears {count} times; a {suits}-suit pack has "
                             f"{have or 'none'}")
    if complete and seen != wanted:
        missing = sorted(Card(rank, suit) for (rank, suit), count in wanted.items()
                         if seen[rank, suit] < count)
        raise ValueError(f"a {suits}-suit position needs all 104 cards; missing: "
                         + " ".join(names(missing)))
