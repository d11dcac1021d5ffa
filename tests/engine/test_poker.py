"""Poker hands: the chapter's names, its examples, and values that compare."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import Card, Suit, full_deck, parse_cards
from cardgui.engine.poker import (
    AMERICAN,
    ENGLISH,
    SCORING_TABLES,
    Category,
    PokerError,
    classify,
    describe,
    hand_value,
    scoring_table,
)


def hand(text: str) -> list[Card]:
    return parse_cards(text.split())


def name(text: str) -> str:
    return describe(hand(text))


# -- every category, in the issue's words ------------------------------------------

ISSUE_WORDINGS = [
    ("3s qc 3d 3h qd", "full house (threes and queens)", Category.FULL_HOUSE),
    ("4c 7h 5d 3c 6d", "straight (seven high)", Category.STRAIGHT),
    ("2h 10d 5s 6s 10s", "pair of tens", Category.PAIR),
    ("jh 4s jc 4d 9h", "two pairs (jacks and fours)", Category.TWO_PAIRS),
    ("7h 7s 7d kc 2d", "three of a kind (sevens)", Category.THREE_OF_A_KIND),
    ("kh ks kd kc 2d", "four of a kind (kings)", Category.FOUR_OF_A_KIND),
    ("3h 6h ah kh 7h", "flush (ace high)", Category.FLUSH),
    ("5c 6c 7c 8c 9c", "straight flush (nine high)", Category.STRAIGHT_FLUSH),
    ("2h 5d 9s jc qd", "nothing (queen high)", Category.NOTHING),
    ("10s js qs ks as", "royal flush", Category.ROYAL_FLUSH),
]


@pytest.mark.parametrize("cards, expected, category", ISSUE_WORDINGS)
def test_each_category_is_named_in_the_issues_words(cards, expected, category):
    result = classify(hand(cards))
    assert result.name == expected
    assert result.category is category
    assert result.name.startswith(category.words)


def test_category_words_are_the_ones_listed():
    assert [category.words for category in sorted(Category, reverse=True)] == [
        "royal flush", "straight flush", "four of a kind", "full house", "flush",
        "straight", "three of a kind", "two pairs", "pair", "nothing"]


def test_the_order_of_cards_does_not_matter():
    assert name("qd 3h 3d qc 3s") == name("3s qc 3d 3h qd") == "full house (threes and queens)"


def test_cards_in_any_case_and_ten_as_t():
    assert name("TS JS QS KS AS") == name("10s js qs ks as") == "royal flush"


# -- the chapter's own dialogue and test hands ----------------------------------------

@pytest.mark.parametrize("cards, expected", [
    ("3s qc 3d 3h qd", "full house (threes and queens)"),
    ("4c 7h 5d 3c 6d", "straight (seven high)"),
    ("2h 10d 5s 6s 10s", "pair of tens"),
    ("ah 2c 4d 2s 6h", "pair of twos"),
    ("2h 5d 2s 2c 7d", "three of a kind (twos)"),
    ("2h 5d 2s 2c 5h", "full house (twos and fives)"),
    ("3h 4h 5h 6h 7h", "straight flush (seven high)"),
    ("3h 6d 7h 5c 4d", "straight (seven high)"),
    ("3h 6d 7h 5c 8d", "nothing (eight high)"),
    ("ah 2d 3c 4c 5h", "straight (five high)"),
    ("9d 10c jh qh kh", "straight (king high)"),
    ("js jh qs qh kd", "two pairs (queens and jacks)"),
    ("3h 6h ah kh 7h", "flush (ace high)"),
    ("3h 6h ad kh 7h", "nothing (ace high)"),
    ("3h 6h 4h 5s 7h", "straight (seven high)"),
    ("ah 7s 3d 10c 7c", "pair of sevens"),
])
def test_the_chapters_examples(cards, expected):
    assert name(cards) == expected


# -- straights: the ace high or low, no wrap ------------------------------------------

def test_ace_low_straight_is_five_high_and_the_lowest_straight():
    wheel = classify(hand("ah 2d 3c 4c 5h"))
    assert wheel.name == "straight (five high)"
    assert wheel < classify(hand("2h 3d 4c 5c 6h"))


def test_ace_high_straight_is_ace_high_and_the_highest_straight():
    broadway = classify(hand("10h jd qc kc ah"))
    assert broadway.name == "straight (ace high)"
    assert broadway > classify(hand("9h 10d jc qc kh"))


def test_ace_low_straight_flush():
    assert name("ad 2d 3d 4d 5d") == "straight flush (five high)"


@pytest.mark.parametrize("cards", ["kh ad 2c 3s 4h", "qh kd ac 2s 3h", "jh qd kc as 2h"])
def test_no_straight_wraps_round_the_ace(cards):
    assert classify(hand(cards)).category is Category.NOTHING


def test_straight_flush_beats_four_of_a_kind():
    assert classify(hand("ad 2d 3d 4d 5d")) > classify(hand("ah as ad ac kd"))


# -- six or seven cards: the best five --------------------------------------------------

def test_seven_card_straight_flush_not_ace_high_straight():
    best = classify(hand("8s 9s 10s js qs kh ad"))
    assert best.name == "straight flush (queen high)"
    assert set(best.cards) == set(hand("8s 9s 10s js qs"))


def test_seven_card_straight_beats_three_of_a_kind():
    assert name("3h 3s 3d 4d 5s 6h 7c") == "straight (seven high)"


@pytest.mark.parametrize("cards, expected", [
    ("2h 2s 2d 5c 5s 9h", "full house (twos and fives)"),
    ("2h 2s 2d 5c 5s 5h 9h", "full house (fives and twos)"),
    ("ah kh qh jh 9h 10s", "flush (ace high)"),
    ("ah kh qh jh 9h 10h", "royal flush"),
    ("7h 7s 9d 9c kc kd 2s", "two pairs (kings and nines)"),
    ("as ks 4d 3c 2h 5s qd", "straight (five high)"),
])
def test_six_and_seven_card_hands(cards, expected):
    assert name(cards) == expected


# -- values compare as the chapter's list of numbers ------------------------------------

def test_value_is_category_then_tie_breaks():
    assert hand_value(hand("7h 7s 7d 10c 10d")) == (Category.FULL_HOUSE, 7, 10)
    assert hand_value(hand("ah 7s 3d 10c 7c")) == (Category.PAIR, 7, 14, 10, 3)


@pytest.mark.parametrize("better, worse", [
    ("2h 2s 2d 3c 3d", "ah ad ac kc qd"),          # full house over three aces
    ("as ad 3c 3s 2h", "ks kd qc qs jh"),          # two pairs: the higher pair first
    ("ks kd 3c 3s 5h", "ks kh 3d 3h 4h"),          # then the kicker
    ("ah 9s 7d 4c 2h", "kh qs jd 9c 7h"),          # nothing: the highest card
    ("ah kh 7h 4h 3h", "ah kh 7h 4h 2h"),          # flush: down to the last card
    ("10c 10d 9h 5s 3c", "10h 10s 9c 5d 2c"),      # pair: down to the last kicker
])
def test_better_hands_compare_higher(better, worse):
    assert classify(hand(better)) > classify(hand(worse))
    assert hand_value(hand(better)) > hand_value(hand(worse))


def test_same_ranks_in_other_suits_tie():
    first, second = classify(hand("ah ks 9d 9c 2h")), classify(hand("as kh 9h 9s 2d"))
    assert first == second and not first < second and not second < first
    assert hash(first) == hash(second)


# -- a brute-force reference ------------------------------------------------------------

def reference_value(cards: list[Card]) -> tuple[int, ...]:
    """An independent ranking of five cards: the ten straights listed out,
    groups ordered by (size, rank)."""
    ranks = [14 if card.rank == 1 else card.rank for card in cards]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [size for _, size in groups]
    order = [rank for rank, _ in groups]
    straights = {5: {14, 2, 3, 4, 5}} | {low + 4: set(range(low, low + 5)) for low in range(2, 11)}
    straight_high = next((high for high, run in straights.items() if set(ranks) == run), None)
    flush = len({card.suit for card in cards}) == 1
    if straight_high and flush:
        return (8, straight_high)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *order)
    if straight_high:
        return (4, straight_high)
    return ({(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0), *order)


def reference_best(cards: list[Card]) -> tuple[int, ...]:
    return max(reference_value(list(five)) for five in combinations(cards, 5))


def sign(number: int) -> int:
    return (number > 0) - (number < 0)


def compare(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sign((a > b) - (a < b))


DECK = full_deck()
CIRCLE = list(range(1, 14))


def crowded_pool(low: int, suits: list[Suit]) -> list[Card]:
    """Seven ranks in a row round the circle (Q K A 2 3 4 5 too, to tempt a
    wrap) in a few suits: straights and flushes come often."""
    ranks = [CIRCLE[(low + step) % 13] for step in range(7)]
    return [Card(rank, suit) for rank in ranks for suit in suits]


def hands_from(pool: st.SearchStrategy[list[Card]], size: int) -> st.SearchStrategy[list[Card]]:
    return pool.flatmap(lambda cards: st.lists(st.sampled_from(cards), min_size=size,
                                               max_size=size, unique=True))


def some_hand(size: int) -> st.SearchStrategy[list[Card]]:
    crowded = st.builds(crowded_pool, st.integers(0, 12),
                        st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2,
                                 unique=True))
    return st.one_of(hands_from(st.just(DECK), size), hands_from(crowded, size))


two_hands = st.integers(5, 7).flatmap(lambda size: st.tuples(some_hand(size), some_hand(size)))


@settings(max_examples=400, deadline=None)
@given(two_hands)
def test_value_order_agrees_with_the_reference(hands):
    first, second = hands
    assert compare(hand_value(first), hand_value(second)) == \
        compare(reference_best(first), reference_best(second))


@settings(max_examples=200, deadline=None)
@given(some_hand(5))
def test_name_starts_with_the_reference_category(cards):
    words = ["nothing", "pair", "two pairs", "three of a kind", "straight", "flush",
             "full house", "four of a kind", "straight flush"]
    expected = reference_value(cards)
    result = classify(cards)
    if expected[:2] == (8, 14):
        assert result.name == "royal flush"
    else:
        assert result.category.words == words[expected[0]]


# -- partial hands: the hand so far ------------------------------------------------------

@pytest.mark.parametrize("cards, expected, category", [
    ("", "nothing", Category.NOTHING),
    ("qs", "nothing (queen high)", Category.NOTHING),
    ("7s 7h", "pair of sevens", Category.PAIR),
    ("7s 2d 7h", "pair of sevens", Category.PAIR),
    ("7s 2d 7h 2c", "two pairs (sevens and twos)", Category.TWO_PAIRS),
    ("9s 9d 9h", "three of a kind (nines)", Category.THREE_OF_A_KIND),
    ("9s 9d 9h 9c", "four of a kind (nines)", Category.FOUR_OF_A_KIND),
    ("2h 3h 4h 5h", "nothing (five high)", Category.NOTHING),   # no straight or flush yet
    ("ah 2h 3h", "nothing (ace high)", Category.NOTHING),
])
def test_partial_hands_name_the_hand_so_far(cards, expected, category):
    result = classify(hand(cards))
    assert (result.name, result.category) == (expected, category)


def test_partial_hands_score_what_they_make_so_far():
    assert AMERICAN.points(classify(hand("7s 2d 7h"))) == 2
    assert ENGLISH.points(classify(hand("7s 7d 7h 2c"))) == 6
    assert AMERICAN.points(classify(hand("2h 3h 4h 5h"))) == 0


# -- refusals ----------------------------------------------------------------------------

def test_more_than_seven_cards_is_refused():
    with pytest.raises(PokerError, match="at most 7"):
        classify(DECK[:8])


def test_a_card_twice_is_refused():
    with pytest.raises(PokerError, match="3S appears twice"):
        classify(hand("3s 4d 3s 9c 10h"))


# -- scoring tables ----------------------------------------------------------------------

AMERICAN_POINTS = [100, 75, 50, 25, 20, 15, 10, 5, 2, 0]
ENGLISH_POINTS = [30, 30, 16, 10, 5, 12, 6, 3, 1, 0]


@pytest.mark.parametrize("index, row", list(enumerate(ISSUE_WORDINGS[::-1])))
def test_each_hand_scores_by_both_tables(index, row):
    categories = sorted(Category, reverse=True)
    result = classify(hand(row[0]))
    assert AMERICAN.points(result) == AMERICAN_POINTS[categories.index(result.category)]
    assert ENGLISH.points(result) == ENGLISH_POINTS[categories.index(result.category)]


def test_tables_chosen_by_name_in_any_case():
    assert scoring_table("American") is AMERICAN
    assert scoring_table(" english ") is ENGLISH
    assert sorted(SCORING_TABLES) == ["american", "english"]
    with pytest.raises(ValueError, match="american or english"):
        scoring_table("french")
