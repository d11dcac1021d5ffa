"""Fixed Spider positions for tests, written compactly.

    layout(["#5H #2C 9S 8S", "10H"], stock=["AS 2S ..."], off=["S"], suits=4)

A column is its cards bottom to top, ``#`` before a card face down; columns
not given are empty.  ``stock`` rows are written in the order they are dealt,
each a row of ten cards in column order; ``off`` names the suits of runs
already gone off.  Only the cards named are in the game (``complete=False``).
"""

from __future__ import annotations

from cardgui.engine.cards import rank_name
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.piles import tableau


def run(suit: str, top: int, length: int) -> str:
    """``length`` cards of ``suit`` from rank ``top`` down: ``run("S", 9, 3) == "9S 8S 7S"``."""
    return " ".join(rank_name(rank) + suit for rank in range(top, top - length, -1))


def layout(columns: list[str], stock: list[str] | None = None, off: list[str] | None = None,
           suits: int = 4, deal: int = 1, moves: int = 0) -> Spider:
    """A game in exactly this position."""
    columns = columns + [""] * (10 - len(columns))
    written = []
    for column in columns:
        words = column.split()
        written.append({"hidden": [word[1:] for word in words if word.startswith("#")],
                        "shown": [word for word in words if not word.startswith("#")]})
    runs = [run(suit, 13, 13).split() for suit in off or []]
    return Spider.from_json({
        "deal": deal, "suits": suits, "columns": written,
        "stock": [row.split() for row in stock or []],
        "foundations": runs + [[] for _ in range(8 - len(runs))],
        "moves": moves,
    }, complete=False)


def names(game: Spider, column: int) -> list[str]:
    """Column ``column``'s cards bottom to top, ``#`` before a face-down one."""
    pile = game.piles[tableau(column)]
    return [("" if pile.is_face_up(index) else "#") + card.name
            for index, card in enumerate(pile.cards)]
