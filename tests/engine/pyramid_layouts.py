"""Small Pyramid positions for tests: a few cards at named places."""

from __future__ import annotations

from cardgui.engine.games.pyramid.game import Pyramid


def position(places: dict[tuple[int, int], str], stock: list[str] | None = None,
             waste: list[str] | None = None, discard: list[str] | None = None,
             passes: str = "3", pass_number: int = 1) -> Pyramid:
    """A game with the cards of ``places`` ((row, number) -> card) in the
    pyramid, the rest empty; stock, waste and discard bottom to top."""
    rows = [[places.get((row, number)) for number in range(1, row + 1)] for row in range(1, 8)]
    return Pyramid.from_json({"deal": 1, "passes": passes, "pass": pass_number, "pyramid": rows,
                              "stock": stock or [], "waste": waste or [],
                              "discard": discard or []}, complete=False)
