"""How many cards one FreeCell move may carry (the supermove limit), and
when a card may safely go up.  Pure functions of plain values."""

from __future__ import annotations

from typing import Mapping

from ...cards import Card, Suit


def is_safe_up(card: Card, up_rank: Mapping[Suit, int]) -> bool:
    """Microsoft's safe-autoplay rule: aces and twos always; any other card
    when both suits of the opposite colour are up to one rank below it."""
    if card.rank <= 2:
        return True
    return all(up_rank[suit] >= card.rank - 1 for suit in Suit
               if suit.is_red != card.is_red)


def supermove_limit(free_cells: int, empty_columns: int) -> int:
    """How many cards one move may carry: (free cells + 1) x 2^(empty columns).

    ``empty_columns`` must not count the column the cards go to."""
    return (free_cells + 1) << empty_columns


def _how_many(count: int, thing: str) -> str:
    return f"no {thing}s" if count == 0 else f"{count} {thing}" + ("s" if count > 1 else "")


def limit_refusal(count: int, free_cells: int, empty_columns: int, *,
                  onto_empty: bool) -> str | None:
    """None if ``count`` cards may move at once; otherwise the reason, naming
    the limit and what it comes from.  ``empty_columns`` does not count the
    destination."""
    limit = supermove_limit(free_cells, empty_columns)
    if count <= limit:
        return None
    cards = "1 card" if limit == 1 else f"{limit} cards"
    if onto_empty:
        others = _how_many(empty_columns, "other empty column")
        return f"You can move at most {cards} to an empty column: " \
               f"{_how_many(free_cells, 'free cell')}, {others}."
    return f"You can move at most {cards} here: " \
           f"{_how_many(free_cells, 'free cell')}, {_how_many(empty_columns, 'empty column')}."
