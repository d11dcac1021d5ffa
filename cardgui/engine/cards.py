"""Cards as plain values: rank, suit, colour, and their names.

A card is written as in Harvey's book: rank ``A 2 … 10 J Q K`` then suit
``H S D C`` (``10H``, ``AS``, ``KD``).  Parsing also accepts ``T`` for ten,
any case, and ``1`` for ace (``1H``), as the book's keyboard reader does.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field
from typing import Iterable


class Suit(enum.Enum):
    """The four suits, in the book's order: hearts, spades, diamonds, clubs."""

    HEARTS = "H"
    SPADES = "S"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def is_red(self) -> bool:
        return self in _RED_SUITS

    @property
    def word(self) -> str:
        """The suit's name in lower case: ``"hearts"``."""
        return self.name.lower()

    @classmethod
    def from_letter(cls, letter: str) -> "Suit":
        """The suit named by one letter, any case.

        Raises:
            CardError: if the letter names no suit.
        """
        try:
            return cls(letter.upper())
        except ValueError:
            raise CardError(f"{letter!r} is not a suit: use H, S, D or C") from None


# Named once: on Python 3.11 naming an enum member costs more than the test.
_RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS: tuple[int, ...] = tuple(range(ACE, KING + 1))
SUITS: tuple[Suit, ...] = tuple(Suit)

_RANK_NAMES = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}
_RANK_WORDS = {ACE: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
               7: "seven", 8: "eight", 9: "nine", 10: "ten", JACK: "jack",
               QUEEN: "queen", KING: "king"}
_RANK_BY_TEXT = {name: rank for rank, name in _RANK_NAMES.items()}
_RANK_BY_TEXT.update({str(rank): rank for rank in range(2, 11)})
_RANK_BY_TEXT.update({"T": 10, "1": ACE})


class CardError(ValueError):
    """A text that does not name a card, a rank or a suit."""


def rank_name(rank: int) -> str:
    """The book's name of a rank: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
    return _RANK_NAMES.get(rank, str(rank))


def rank_word(rank: int) -> str:
    """The rank in words: ``"ace"``, ``"ten"``, ``"queen"``."""
    return _RANK_WORDS[rank]


def parse_rank(text: str) -> int:
    """The rank named by ``text``: ``A``, ``1`` (ace), ``2``-``10``, ``T``, ``J``, ``Q``, ``K``.

    Raises:
        CardError: if the text names no rank.
    """
    rank = _RANK_BY_TEXT.get(text.strip().upper())
    if rank is None:
        raise CardError(f"{text!r} is not a rank: use A, 2-10 (or T), J, Q or K")
    return rank


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.  Immutable and hashable; orders by rank, then suit.

    ``deck`` tells apart the copies of a card in a game played with more than
    one deck (Spider's two; its one-suit form has eight of each spade): 0 in
    a one-deck game.  It is never part of a card's name.
    """

    rank: int
    suit: Suit
    deck: int = 0
    _hash: int = field(init=False, repr=False, compare=False)
    _name: str = field(init=False, repr=False, compare=False)
    _red: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise CardError(f"no card has rank {self.rank}")
        # Cards are keys of dictionaries and members of sets everywhere; hashing
        # the enum each time was a cost worth a field.  Likewise the colour,
        # asked of every card a rule looks at (a replayed line asks it some
        # hundred times a deal).
        object.__setattr__(self, "_hash", hash((self.rank, self.suit.value, self.deck)))
        object.__setattr__(self, "_name", rank_name(self.rank) + self.suit.value)
        object.__setattr__(self, "_red", self.suit.is_red)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit, int]]:
        # Rebuilt, not copied: a string's hash differs between processes.
        return Card, (self.rank, self.suit, self.deck)

    @property
    def is_red(self) -> bool:
        return self._red

    @property
    def name(self) -> str:
        """The book's name: ``10H``, ``AS``."""
        return self._name

    @property
    def short_name(self) -> str:
        """Two characters, ``T`` for ten, as FreeCell deals are written: ``TH``."""
        return ("T" if self.rank == 10 else rank_name(self.rank)) + self.suit.letter

    @property
    def words(self) -> str:
        """``"ten of hearts"``."""
        return f"{rank_word(self.rank)} of {self.suit.word}"

    def is_opposite_colour(self, other: "Card") -> bool:
        return self._red != other._red

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        if self.deck:
            return f"Card({self.rank}, {self.suit}, deck={self.deck})"
        return f"Card.parse({self.name!r})"

    def __lt__(self, other: object) -> bool:  # order by rank, then book suit order
        if not isinstance(other, Card):
            return NotImplemented
        return ((self.rank, SUITS.index(self.suit), self.deck)
                < (other.rank, SUITS.index(other.suit), other.deck))

    @classmethod
    def parse(cls, text: str) -> "Card":
        """The card named by ``text``: ``10H``, ``TH``, ``th``, ``AS``, ``1S``.

        Raises:
            CardError: if the text names no card; the message says why.
        """
        cleaned = text.strip()
        if len(cleaned) < 2:
            raise CardError(f"{text!r} is not a card: write rank then suit, like 8S or 10H")
        return cls(parse_rank(cleaned[:-1]), Suit.from_letter(cleaned[-1]))


def full_deck() -> list[Card]:
    """The 52 cards, in the book's order: AH AS AD AC 2H 2S … KC (a new
    list each time; the cards themselves are immutable and shared)."""
    return list(_DECK)


# Made once: games ask for the deck in their inner loops (a won Calculation
# is one with the whole deck up), and checking 52 new cards each time showed.
_DECK = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)


def names(cards: Iterable[Card]) -> list[str]:
    """The book's names of some cards, in order."""
    return [card.name for card in cards]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several card names.

    Raises:
        CardError: on the first text that names no card.
    """
    return [Card.parse(text) for text in texts]


def unique_cards(cards: Iterable[Card]) -> bool:
    """True when no card appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return False
        seen.add(card)
    return True
