"""A Klondike position packed small for the solver, read from the game.

Cards are small integers, ``(rank - 1) * 4 + suit`` with the suits in the
book's order (hearts, spades, diamonds, clubs), so a card's colour is its
lowest bit (hearts and diamonds even: red) and its rank is ``card >> 2``
plus one.  A stack is a ``bytes`` value: its first byte is how many of its
cards lie face down, the rest are its cards bottom to top.  The hand and the
pile are one sequence in dealing order, the pile's cards first (bottom to
top) and then the hand's in the order they will be dealt, with ``position``
the number of cards in the pile: dealing moves ``position`` on and turning
the pile over sets it back to 0, so the sequence itself only changes when a
card is played from the pile.  The foundations ("the top") are four ranks.

Two things besides the cards: ``passes``, how many more times the pile may
be turned over (``UNLIMITED`` in the book's game), and ``pending``, the
cards brought back down from the top that the solver has yet to use (a
set of card bits; see ``solver.py`` on take-backs).  The variant's fixed
rules, how many cards a deal takes and whether cards may come back down,
are ``Rules``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple, Sequence

from ...cards import KING, SUITS, Card
from ...piles import Role
from .game import Klondike
from .position import HAND, PILE, top_of

CARD_COUNT = 52
KING_RANK_INDEX = KING - 1        # ``card >> 2`` of a king
UNLIMITED = -1                    # ``passes`` when the pile may be turned over for ever
SETTLED_BIT = 63                  # ``stock_state``'s bit for the pile positions that are alike


class Rules(NamedTuple):
    """What stays fixed through a search: cards a deal takes (1 or 3), and
    whether a top card may come back down onto a stack.  ``pile_used_at_once``
    is not a rule of play but of the search: a pile card is put onto a stack
    only with a move onto it at once (``solver.py``, "The free-stock
    relaxation"; draw one, unlimited passes, no take-backs only)."""

    draw: int = 3
    take_back: bool = False
    pile_used_at_once: bool = False


BOOK_RULES = Rules()


def card_code(card: Card) -> int:
    """The solver's integer for ``card``."""
    return (card.rank - 1) * 4 + SUITS.index(card.suit)


def fits_on(card: int, onto: int) -> bool:
    """True when ``card`` may lie on ``onto`` in a stack: one rank lower, the
    other colour."""
    return (onto >> 2) == (card >> 2) + 1 and (onto ^ card) & 1 == 1


def is_run(cards: Sequence[int]) -> bool:
    """True when each card lies on one it fits (an alternating run down)."""
    return all(fits_on(upper, lower) for lower, upper in zip(cards, cards[1:]))


@dataclass(frozen=True, slots=True)
class CompactPosition:
    """A whole Klondike position, as the solver keeps it.

    ``stacks`` hold one ``bytes`` per stack (hidden count, then cards bottom
    to top); ``tops`` the rank showing on each foundation (0: empty) in suit
    order; ``stock`` the pile then the hand in dealing order; ``position``
    how many of ``stock`` are in the pile; ``passes`` how many more times the
    pile may be turned over (``UNLIMITED``); ``pending`` always 0 in a
    position read from a game; ``rules`` the variant's.
    """

    stacks: tuple[bytes, ...]
    tops: tuple[int, int, int, int]
    stock: bytes
    position: int
    passes: int = UNLIMITED
    pending: int = 0
    rules: Rules = BOOK_RULES

    @classmethod
    def of(cls, game: Klondike) -> "CompactPosition":
        """The position ``game`` is in, face-down cards and all, under its rules."""
        stacks = []
        for stack in game.pile_ids(Role.TABLEAU):
            pile = game.pile(stack)
            stacks.append(bytes([pile.hidden]) + bytes(card_code(card) for card in pile.cards))
        tops = tuple(len(game.pile(top_of(suit))) for suit in SUITS)
        pile_cards = [card_code(card) for card in game.pile(PILE).cards]
        # The engine's hand runs bottom to top with the next card dealt last.
        hand_cards = [card_code(card) for card in reversed(game.pile(HAND).cards)]
        passes = game.passes_left
        return cls(tuple(stacks), (tops[0], tops[1], tops[2], tops[3]),
                   bytes(pile_cards + hand_cards), len(pile_cards),
                   UNLIMITED if passes is None else passes, 0,
                   Rules(game.draw, game.take_back))

    @property
    def state(self) -> tuple[tuple[bytes, ...], tuple[int, int, int, int], bytes, int, int, int]:
        """What changes in a search: stacks, tops, stock, position, passes, pending."""
        return self.stacks, self.tops, self.stock, self.position, self.passes, self.pending

    @property
    def is_won(self) -> bool:
        return self.tops == (KING, KING, KING, KING)

    def is_regular(self) -> bool:
        """True when every stack's face-up cards form an alternating run down,
        as they always do in play (a hand-written position may break it)."""
        return all(is_run(stack[1 + stack[0]:]) for stack in self.stacks)


@functools.lru_cache(maxsize=4096)
def deal_positions(length: int, position: int, draw: int,
                   passes: int) -> tuple[tuple[int, int, int], ...]:
    """Every pile size dealing alone reaches from ``position`` in a stock of
    ``length`` cards, ``draw`` cards a deal, with ``passes`` more turns of
    the pile allowed (``UNLIMITED``): each as (size, the fewest deals that
    reach it, the turns of the pile those deals make), in the order dealing
    reaches them; ``(position, 0, 0)`` first.

    A deal moves ``draw`` cards, or the fewer left; with the hand empty it
    turns the pile over and deals at once, as the book's ``hand3`` does,
    if a pass is left.  A size reached again later (a pass on) is left out:
    reached first, it has as many passes left or more.
    """
    reached = [(position, 0, 0)]
    seen = {position}
    deals = turns = 0
    while length:
        if position < length:
            position = min(position + draw, length)
        else:
            if passes == turns:
                break                   # no pass left (never, when unlimited)
            turns += 1
            position = min(draw, length)
        deals += 1
        if position in seen:
            if passes == UNLIMITED:
                break                   # round again: nothing new
            continue
        seen.add(position)
        reached.append((position, deals, turns))
    return tuple(reached)


@functools.lru_cache(maxsize=4096)
def stock_state(length: int, position: int, draw: int, passes: int) -> tuple[int, int]:
    """How the search's table knows this state of the hand and pile, for a
    position whose other parts are equal: ``(bit, cover)``, ``bit`` its own
    bit and ``cover`` the bits of the states from which dealing alone reaches
    it (a position seen in such a state was searched without a win, and
    whatever this one could win, that one could win by dealing first).

    With unlimited passes, a pile of a multiple of ``draw`` cards, or an
    empty hand, or an empty pile, reaches every other such pile size and
    nothing else: they are alike, one bit (``SETTLED_BIT``), reached from
    every other size; any other size is reached from the sizes ``draw``,
    ``2 * draw``, ... below it.  With limited passes each (size, passes
    left) has its bit, ``64 * passes + size``, reached from the smaller sizes
    of its residue in the same pass (every size, for the empty hand) and,
    for the sizes a turned pile reaches, from every size with more passes
    left.
    """
    if passes == UNLIMITED:
        if position % draw == 0 or position == length:
            return SETTLED_BIT, ((1 << SETTLED_BIT) - 1)
        cover = 0
        for earlier in range(position - draw, -1, -draw):
            cover |= 1 << earlier
        return position, cover
    if not length:
        return 0, 0                     # nothing to deal: the passes left do not matter
    base = 64 * passes
    cover = 0
    if position == length:
        cover = ((1 << length) - 1) << base
    else:
        for earlier in range(position - draw, -1, -draw):
            cover |= 1 << (base + earlier)
    if position and (position % draw == 0 or position == length):
        for more in range(passes + 1, 3):
            cover |= ((1 << 64) - 1) << (64 * more)
    return base + position, cover
