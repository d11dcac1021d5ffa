"""Poker hands, named as Harvey's *Planning* chapter names them, with a value
that compares, and the two scoring tables of Poker Squares.

``describe(parse_cards("3s qc 3d 3h qd".split()))`` is
``"full house (threes and queens)"``.  Every name starts with its category's
words exactly: ``royal flush``, ``straight flush``, ``four of a kind``,
``full house``, ``flush``, ``straight``, ``three of a kind``, ``two pairs``,
``pair``, ``nothing``; the rank details follow as the chapter sketches them.

Five cards make a hand.  Six or seven (the chapter's seven-card-stud exercise)
make the best hand any five of them make.  Fewer than five (a Poker Squares
row still filling) make "the hand so far": only what lies in the ranks alone
can show (four of a kind, three of a kind, two pairs, a pair, or nothing),
because a straight, a flush and a full house each need all five cards.  No
cards at all make ``nothing``, with no detail.

A hand's ``value`` is the chapter's "list of numbers": the category (0 for
nothing up to 9 for a royal flush), then the ranks that break ties, most
important first, with the ace counted 14 except as the low card of a
five-high straight.  Comparing values compares hands, ties included.
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Sequence

from .cards import ACE, Card, rank_word

HAND_SIZE = 5
MOST_CARDS = 7
ACE_HIGH = 14            # the ace's rank when it counts above the king
FIVE_HIGH = 5            # the top of the ace-low straight A-2-3-4-5

_PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
            "nines", "tens", "jacks", "queens", "kings")


class PokerError(ValueError):
    """Cards that make no hand: too many, or one card twice."""


class Category(enum.IntEnum):
    """The kinds of poker hand, worth more as the number grows."""

    NOTHING = 0
    PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def words(self) -> str:
        """How every name of this kind of hand begins: ``"four of a kind"``."""
        return self.name.lower().replace("_", " ")


def plural(rank: int) -> str:
    """The chapter's ``plural``: ``"sixes"`` for 6; 1 and 14 are both ``"aces"``."""
    return _PLURALS[(rank - 1) % len(_PLURALS)]


def high_word(rank: int) -> str:
    """A rank in words, with the high ace (14) as ``"ace"``."""
    return rank_word(ACE if rank == ACE_HIGH else rank)


def _high(rank: int) -> int:
    """A card's rank for comparing: the ace above the king."""
    return ACE_HIGH if rank == ACE else rank


@functools.total_ordering
@dataclass(frozen=True, eq=False, slots=True)
class Hand:
    """What some cards make as a poker hand.

    ``ranks`` are the tie-breaking ranks, most important first (ace 14, but
    5 at the top of A-2-3-4-5 with the ace below the two); ``cards`` are the
    cards that make it (the best five of six or seven).  Hands compare, and
    are equal, by ``value``: two hands are equal when they tie.
    """

    category: Category
    ranks: tuple[int, ...]
    cards: tuple[Card, ...]

    @property
    def value(self) -> tuple[int, ...]:
        """The chapter's list of numbers: category, then the tie-breaking ranks."""
        return (int(self.category), *self.ranks)

    @property
    def name(self) -> str:
        """The hand in the chapter's words: ``"pair of tens"``, ``"straight (seven high)"``."""
        kind, ranks = self.category, self.ranks
        if kind is Category.ROYAL_FLUSH:
            return kind.words
        if kind is Category.PAIR:
            return f"pair of {plural(ranks[0])}"
        if kind is Category.NOTHING and not ranks:
            return kind.words
        if kind in (Category.FULL_HOUSE, Category.TWO_PAIRS):
            return f"{kind.words} ({plural(ranks[0])} and {plural(ranks[1])})"
        if kind in (Category.FOUR_OF_A_KIND, Category.THREE_OF_A_KIND):
            return f"{kind.words} ({plural(ranks[0])})"
        return f"{kind.words} ({high_word(ranks[0])} high)"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"<Hand {self.name}: {' '.join(card.name for card in self.cards)}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.value == other.value

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.value < other.value

    def __hash__(self) -> int:
        return hash(self.value)


def classify(cards: Iterable[Card]) -> Hand:
    """The hand ``cards`` make: five cards as they are, six or seven as the
    best five of them, fewer than five as the hand so far (see the module).

    Raises:
        PokerError: for more than seven cards, or a card given twice.
    """
    hand = tuple(cards)
    if len(hand) > MOST_CARDS:
        raise PokerError(f"a poker hand has at most {MOST_CARDS} cards, not {len(hand)}")
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise PokerError(f"{card} appears twice")
        seen.add(card)
    if len(hand) <= HAND_SIZE:
        return _classify_at_most_five(hand)
    return max(_classify_at_most_five(five) for five in combinations(hand, HAND_SIZE))


def describe(cards: Iterable[Card]) -> str:
    """The name of the hand ``cards`` make (see ``classify``).

    Raises:
        PokerError: as ``classify`` does.
    """
    return classify(cards).name


def hand_value(cards: Iterable[Card]) -> tuple[int, ...]:
    """The comparable value of the hand ``cards`` make (see ``classify``).

    Raises:
        PokerError: as ``classify`` does.
    """
    return classify(cards).value


def _classify_at_most_five(cards: tuple[Card, ...]) -> Hand:
    """The chapter's ``pokerhand`` with its ``poker.init``: count each rank
    once, then test the most restrictive kinds of hand first."""
    counts = Counter(_high(card.rank) for card in cards)
    # The ranks, the largest group first and the higher rank first within a
    # size: exactly the order in which they break ties.
    ranks = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    sizes = sorted(counts.values(), reverse=True) + [0, 0]

    def hand(category: Category, tie_breaks: Sequence[int] = ranks) -> Hand:
        return Hand(category, tuple(tie_breaks), cards)

    if sizes[0] == 4:
        return hand(Category.FOUR_OF_A_KIND)
    if sizes[0] == 3 and sizes[1] == 2:
        return hand(Category.FULL_HOUSE)
    if sizes[0] == 3:
        return hand(Category.THREE_OF_A_KIND)
    if sizes[0] == 2 and sizes[1] == 2:
        return hand(Category.TWO_PAIRS)
    if sizes[0] == 2:
        return hand(Category.PAIR)
    if len(cards) < HAND_SIZE:
        return hand(Category.NOTHING)
    high = _straight_high(set(ranks))
    flush = len({card.suit for card in cards}) == 1
    if high is not None and flush:
        if high == ACE_HIGH:
            return hand(Category.ROYAL_FLUSH, (high,))
        return hand(Category.STRAIGHT_FLUSH, (high,))
    if flush:
        return hand(Category.FLUSH)
    if high is not None:
        return hand(Category.STRAIGHT, (high,))
    return hand(Category.NOTHING)


def _straight_high(ranks: set[int]) -> int | None:
    """The chapter's ``straightp`` and ``ace.highp``: the top of five ranks in
    a row (the ace high, 10-J-Q-K-A, or low, A-2-3-4-5, never K-A-2), or None."""
    if len(ranks) != HAND_SIZE:
        return None
    if max(ranks) - min(ranks) == HAND_SIZE - 1:
        return max(ranks)
    if ranks == {ACE_HIGH, 2, 3, 4, FIVE_HIGH}:
        return FIVE_HIGH
    return None


# -- scoring (Poker Squares) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoringTable:
    """Points for each kind of hand; ``name`` is how settings and the command
    line choose it, ``title`` how a player reads it."""

    name: str
    title: str
    points_by_category: tuple[int, ...]   # indexed by Category

    def points(self, hand: Hand | Category) -> int:
        """The points a hand (or a kind of hand) scores."""
        category = hand.category if isinstance(hand, Hand) else hand
        return self.points_by_category[category]


def _table(name: str, title: str, points: dict[Category, int]) -> ScoringTable:
    return ScoringTable(name, title, tuple(points.get(category, 0) for category in Category))


AMERICAN = _table("american", "American", {
    Category.ROYAL_FLUSH: 100, Category.STRAIGHT_FLUSH: 75, Category.FOUR_OF_A_KIND: 50,
    Category.FULL_HOUSE: 25, Category.FLUSH: 20, Category.STRAIGHT: 15,
    Category.THREE_OF_A_KIND: 10, Category.TWO_PAIRS: 5, Category.PAIR: 2})
ENGLISH = _table("english", "English", {
    Category.ROYAL_FLUSH: 30, Category.STRAIGHT_FLUSH: 30, Category.FOUR_OF_A_KIND: 16,
    Category.FULL_HOUSE: 10, Category.FLUSH: 5, Category.STRAIGHT: 12,
    Category.THREE_OF_A_KIND: 6, Category.TWO_PAIRS: 3, Category.PAIR: 1})

SCORING_TABLES: dict[str, ScoringTable] = {table.name: table for table in (AMERICAN, ENGLISH)}


def scoring_table(name: str) -> ScoringTable:
    """The scoring table called ``name`` (any case): ``"american"`` or ``"english"``.

    Raises:
        ValueError: naming the tables there are.
    """
    try:
        return SCORING_TABLES[name.strip().lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"no scoring called {name!r}; choose "
                         + " or ".join(SCORING_TABLES)) from None
