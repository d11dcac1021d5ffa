"""The position the drag benchmark uses: a 12-card face-up run, king of spades
down to two of diamonds in alternating colours, alone in stack 1; the other
stacks as at the start of a game (1 to 6 face-down cards under one face-up
card, no ace or two on top, so no program plays anything by itself); the
rest in the hand.  Written both as a cardgui Klondike position and as a
KPatience save file of the same position, so the two programs drag the same
run over the same table.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import quoteattr

from cardgui.engine.cards import Card, full_deck

RUN = "KS QH JC 10D 9S 8H 7C 6D 5S 4H 3C 2D".split()
TOPS = "KH KD QS QC JD JH".split()           # the face-up card of stacks 2 to 7


def position() -> dict[str, Any]:
    """The position as ``Klondike.from_json`` reads it (all 52 cards)."""
    used = {Card.parse(name) for name in RUN + TOPS}
    rest = [card.name for card in full_deck() if card not in used]
    stacks = [{"hidden": [], "shown": RUN}]
    for number, top in enumerate(TOPS, start=1):
        stacks.append({"hidden": rest[:number], "shown": [top]})
        rest = rest[number:]
    return {"deal": 1, "hand": rest, "pile": [], "stacks": stacks,
            "foundations": {suit: [] for suit in "HSDC"}}


# KPatience numbers suits clubs, diamonds, hearts, spades and gives each card
# of a one-deck game the id (number << 16) | (suit << 8) | rank, where number
# is (rank - 1) * 4 + suit (as its own save files show).
KPAT_SUITS = {"C": (0, "clubs"), "D": (1, "diamonds"), "H": (2, "hearts"), "S": (3, "spades")}
KPAT_RANKS = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king"]


def _kpat_card(card: Card, face_up: bool) -> str:
    suit, suit_word = KPAT_SUITS[card.suit.letter]
    number = (card.rank - 1) * 4 + suit
    identity = (number << 16) | (suit << 8) | card.rank
    turn = "face-up" if face_up else "face-down"
    return (f'<card id="{identity:07d}" suit={quoteattr(suit_word)} '
            f'rank={quoteattr(KPAT_RANKS[card.rank - 1])} turn="{turn}"/>')


def kpat_save() -> str:
    """The position as a KPatience save (draw one, its default)."""
    data = position()
    moves = []

    def put(pile: str, names: list[str], face_up: bool, at: int) -> None:
        if names:
            cards = "".join(_kpat_card(Card.parse(name), face_up) for name in names)
            moves.append(f'<move pile="{pile}" position="{at}">{cards}</move>')

    # KPatience's talon deals from its end; the order of the hand is immaterial here.
    put("talon", data["hand"], False, 0)
    for number, stack in enumerate(data["stacks"]):
        put(f"play{number}", stack["hidden"], False, 0)
        put(f"play{number}", stack["shown"], True, len(stack["hidden"]))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<kpat-game game-type="klondike" game-type-options="1" deal-number="1">'
            f'<state current="true">{"".join(moves)}</state></kpat-game>\n')
