"""Small TriPeaks positions for tests: a few cards at named places."""

from __future__ import annotations

from cardgui.engine.games.tripeaks.game import TriPeaks
from cardgui.engine.games.tripeaks.position import ROW_LENGTHS


def position(places: dict[int, str], stock: list[str] | None = None,
             waste: list[str] | None = None, wrap: bool = True, score: int = 0,
             chain: int = 0) -> TriPeaks:
    """A game with the cards of ``places`` (place number 1-28 -> card) in the
    peaks, the rest empty; stock and waste bottom to top.  A card lies face
    up exactly when no card covers it."""
    rows, number = [], 1
    for length in ROW_LENGTHS:
        row = []
        for _ in range(length):
            card = places.get(number)
            row.append(None if card is None else {"card": card})
            number += 1
        rows.append(row)
    return TriPeaks.from_json({"deal": 1, "wrap": wrap, "peaks": rows, "stock": stock or [],
                               "waste": waste or [], "score": score, "chain": chain},
                              complete=False)
