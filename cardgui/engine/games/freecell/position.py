"""FreeCell's piles by name, and its position written and read as JSON.

Free cells are ``C1``-``C4`` (named ``a``-``d``, as standard notation names
them), foundations ``F1``-``F4``, columns ``T1``-``T8``.

The JSON is the shape the terminal front end prints with ``--json``::

    {"game": "freecell", "deal": N, "columns": [[...] x 8],
     "freecells": [card or null x 4], "foundations": {"H": [...], ...},
     "won": bool}

Foundations are not tied to suits: each takes whichever ace comes first.  So
that a position reads back exactly, ``foundations`` lists its suits in the
order of the piles ``F1``-``F4`` that hold them (a pile not yet started
stands for the next suit not yet started, in the order H S D C), and reading
puts the suits into ``F1``-``F4`` in the order their keys come.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...cards import SUITS, Card, CardError, Suit, full_deck, names, unique_cards
from ...deals import MICROSOFT_MAX_DEAL, check_deal_number
from ...piles import Pile, PileId, Role, cell, foundation, tableau

CELL_COUNT, FOUNDATION_COUNT, COLUMN_COUNT = 4, 4, 8
CELLS = tuple(cell(number) for number in range(1, CELL_COUNT + 1))
FOUNDATIONS = tuple(foundation(number) for number in range(1, FOUNDATION_COUNT + 1))
COLUMNS = tuple(tableau(number) for number in range(1, COLUMN_COUNT + 1))
CELL_LETTERS = "abcd"     # free cells are named as standard notation names them


def place_name(pile_id: PileId) -> str:
    """A pile as a player names it: ``column 3``, ``free cell b``, ``a foundation``."""
    if pile_id.role is Role.TABLEAU:
        return f"column {pile_id.index}"
    if pile_id.role is Role.CELL:
        return f"free cell {CELL_LETTERS[pile_id.index - 1]}"
    return "a foundation"


def foundation_suits(piles: Mapping[PileId, Pile]) -> list[Suit]:
    """The suit each of ``F1``-``F4`` stands for: the suit it holds, or for an
    empty one the next suit not yet started, in the order H S D C."""
    started = [piles[foundation(number)].cards[:1] for number in range(1, FOUNDATION_COUNT + 1)]
    unstarted = iter([suit for suit in SUITS
                      if not any(bottom and bottom[0].suit is suit for bottom in started)])
    return [bottom[0].suit if bottom else next(unstarted) for bottom in started]


def write_position(game_id: str, deal: int, piles: Mapping[PileId, Pile],
                   won: bool) -> dict[str, Any]:
    """The position in the terminal front end's JSON shape."""
    suits = foundation_suits(piles)
    return {
        "game": game_id,
        "deal": deal,
        "columns": [names(piles[tableau(number)].cards)
                    for number in range(1, COLUMN_COUNT + 1)],
        "freecells": [None if piles[cell(number)].is_empty else piles[cell(number)].cards[0].name
                      for number in range(1, CELL_COUNT + 1)],
        "foundations": {suit.letter: names(piles[foundation(number)].cards)
                        for number, suit in enumerate(suits, 1)},
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


def read_position(data: Any, *, complete: bool = True) -> tuple[int, dict[PileId, Pile]]:
    """The deal number and piles of a position in the JSON shape above.

    ``won`` is ignored (it follows from the foundations).  With ``complete``
    every one of the 52 cards must appear exactly once; without it none may
    appear twice.

    Raises:
        ValueError: saying what is wrong.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a FreeCell position must be a JSON object")
    if data.get("game", "freecell") != "freecell":
        raise ValueError(f"not a FreeCell position: its game is {data['game']!r}")
    for key in ("deal", "columns", "freecells", "foundations"):
        if key not in data:
            raise ValueError(f"not a FreeCell position: {key!r} is missing")
    deal = check_deal_number(data["deal"], MICROSOFT_MAX_DEAL)
    piles: dict[PileId, Pile] = {}

    columns = data["columns"]
    if not isinstance(columns, list) or len(columns) != COLUMN_COUNT:
        raise ValueError(f"'columns' must be a list of {COLUMN_COUNT} lists of cards")
    for number, column in enumerate(columns, 1):
        piles[tableau(number)] = Pile.face_up(_cards(column, f"column {number}"))

    cells = data["freecells"]
    if not isinstance(cells, list) or len(cells) != CELL_COUNT:
        raise ValueError(f"'freecells' must be a list of {CELL_COUNT} cards or nulls")
    for number, card in enumerate(cells, 1):
        held = [] if card is None else _cards([card], f"free cell {number}")
        piles[cell(number)] = Pile.face_up(held)

    tops = data["foundations"]
    letters = {suit.letter for suit in SUITS}
    if not isinstance(tops, Mapping) or set(tops) != letters:
        raise ValueError("'foundations' must have exactly the keys H, S, D and C")
    for number, letter in enumerate(tops, 1):
        suit = Suit.from_letter(letter)
        cards = _cards(tops[letter], f"the {suit.word} foundation")
        if cards != [Card(rank, suit) for rank in range(1, len(cards) + 1)]:
            raise ValueError(f"the {suit.word} foundation must run from the ace of "
                             f"{suit.word} up, one rank at a time")
        piles[foundation(number)] = Pile.face_up(cards)

    every = [card for pile in piles.values() for card in pile.cards]
    if not unique_cards(every):
        twice = sorted({card for card in every if every.count(card) > 1})
        raise ValueError("a card appears twice: " + " ".join(names(twice)))
    if complete and len(every) != len(full_deck()):
        missing = sorted(set(full_deck()) - set(every))
        raise ValueError("a position needs all 52 cards; missing: " + " ".join(names(missing)))
    return deal, piles
