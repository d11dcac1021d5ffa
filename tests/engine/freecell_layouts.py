"""Fixed FreeCell positions for tests, written compactly.

    layout(["KS QH JC", "5D"], cells="6C - - -", tops={"H": "AH 2H"})

A column is its cards bottom to top; columns not given are empty.  Only the
cards named are on the table (``complete=False``).
"""

from __future__ import annotations

from cardgui.engine.games.freecell.game import FreeCell


def layout(columns: list[str], cells: str = "- - - -", tops: dict[str, str] | None = None,
           deal: int = 1, autoplay: bool = False) -> FreeCell:
    """A game in exactly this position; ``-`` is an empty free cell."""
    columns = columns + [""] * (8 - len(columns))
    tops = tops or {}
    return FreeCell.from_json({
        "deal": deal,
        "columns": [column.split() for column in columns],
        "freecells": [None if name == "-" else name for name in cells.split()],
        "foundations": {suit: tops.get(suit, "").split() for suit in "HSDC"},
    }, complete=False, autoplay=autoplay)


def run(suit_pairs: str, top: int, length: int) -> str:
    """A run of ``length`` cards from rank ``top`` down, alternating between
    the two suits of ``suit_pairs`` (``"SH"``): ``run("SH", 9, 3) == "9S 8H 7S"``."""
    names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return " ".join(names[rank - 1] + suit_pairs[step % 2]
                    for step, rank in enumerate(range(top, top - length, -1)))


def full_top(suit: str, up_to: int) -> str:
    """Ace to ``up_to`` of ``suit``: ``full_top("H", 3) == "AH 2H 3H"``."""
    names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return " ".join(name + suit for name in names[:up_to])
