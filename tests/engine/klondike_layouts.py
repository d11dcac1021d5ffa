"""Fixed Klondike layouts for tests, written compactly.

    layout(stacks=["KS QH | JC", "| 5D"], pile="2C 7H", tops={"H": "AH 2H"})

A stack is ``"hidden cards | shown cards"``, bottom to top.  Only the cards
named are on the table; ``complete=False`` lets a test leave the rest out.
"""

from __future__ import annotations

from cardgui.engine.games.klondike.game import Klondike


def _stack(text: str) -> dict[str, list[str]]:
    hidden, _, shown = text.rpartition("|") if "|" in text else ("", "", text)
    return {"hidden": hidden.split(), "shown": shown.split()}


def layout(stacks: list[str], hand: str = "", pile: str = "",
           tops: dict[str, str] | None = None, deal: int = 1, **rules) -> Klondike:
    """A game in exactly this position, under ``rules`` (the book's by
    default); stacks are padded with empty ones to seven."""
    stacks = stacks + [""] * (7 - len(stacks))
    tops = tops or {}
    return Klondike.from_json({
        "deal": deal,
        "hand": hand.split(),
        "pile": pile.split(),
        "stacks": [_stack(stack) for stack in stacks],
        "foundations": {suit: tops.get(suit, "").split() for suit in "HSDC"},
    }, complete=False, **rules)


def full_top(suit: str, up_to: int) -> str:
    """The names of ace to ``up_to`` of ``suit``: ``full_top("H", 3) == "AH 2H 3H"``."""
    names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return " ".join(name + suit for name in names[:up_to])
