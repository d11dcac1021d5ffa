"""Calculation's rule of thumb, the advisor's play-outs' player: what it
prices a placement at, which foundation it gives a card two of them take,
and that playing waste-pile tops up loses no card and leaves none that fits."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import Card, full_deck, parse_cards
from cardgui.engine.games.calculation.advisor import advise
from cardgui.engine.games.calculation.deck import shuffled_hand
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.policy import (
    NOWHERE_GOOD,
    cover_cost,
    foundation_for,
    settle,
)
from cardgui.engine.games.calculation.position import waste_pile
from cardgui.engine.games.calculation.ranks import (
    FULL,
    distance,
    fitting,
    need,
    rank_counts,
)
from cardgui.engine.games.calculation.relaxed import clears_greedily, clears_tops_first
from cardgui.engine.games.calculation.view import CalculationView, view_of
from cardgui.engine.moves import Move

ALL_WANT_EIGHT = [7, 3, 6, 1]     # foundation heights at which each takes an 8 next


def random_position(deal: int, cards: int, seed: int) -> tuple[list[list[int]], list[int]]:
    """The waste piles and foundation heights after the first ``cards`` of
    ``deal`` are played by a random player (each card up where it fits, else
    onto a random waste pile; waste-pile tops up whenever they fit)."""
    generator = random.Random(seed)
    piles: list[list[int]] = [[], [], [], []]
    heights = [1, 1, 1, 1]
    for card in shuffled_hand(deal)[:cards]:
        takers = fitting(card.rank, heights)
        if takers:
            heights[generator.choice(takers)] += 1
        else:
            piles[generator.randrange(4)].append(card.rank)
        settle(piles, heights)
    return piles, heights


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 48), st.integers(0, 10**6), st.integers(1, FULL))
def test_a_card_on_its_own_rank_costs_nothing(deal, cards, seed, rank):
    _, heights = random_position(deal, cards, seed)
    assert cover_cost(rank, [5, rank], heights) == 0
    assert cover_cost(FULL, [], heights) == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 48), st.integers(0, 10**6), st.integers(1, FULL))
def test_the_foundation_a_card_is_given_takes_it(deal, cards, seed, rank):
    piles, heights = random_position(deal, cards, seed)
    chosen = foundation_for(rank, piles, heights)
    takers = fitting(rank, heights)
    assert (chosen is None) == (not takers)
    assert chosen is None or chosen in takers


def test_of_foundations_taking_a_card_the_one_whose_next_card_is_on_a_waste_top_gets_it():
    assert [need(ALL_WANT_EIGHT, number) for number in range(4)] == [8, 8, 8, 8]
    # next they would take 9, 10, jack and queen
    assert foundation_for(8, [[], [3, 10], [], []], ALL_WANT_EIGHT) == 1
    assert foundation_for(8, [[11], [3, 10], [1, 11], []], ALL_WANT_EIGHT) == 2
    # none follows on a waste top: the one with the fewest cards
    assert foundation_for(8, [[], [10, 3], [], []], ALL_WANT_EIGHT) == 3
    assert foundation_for(8, [[], [], [], []], [7, 3, 6, 9]) == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 48), st.integers(0, 10**6))
def test_settling_loses_no_card_and_leaves_no_top_that_fits(deal, cards, seed):
    piles, heights = random_position(deal, cards, seed)
    before = sum(heights) + sum(len(pile) for pile in piles)
    settle(piles, heights)
    assert sum(heights) + sum(len(pile) for pile in piles) == before
    assert all(not pile or not fitting(pile[-1], heights) for pile in piles)


def test_with_nowhere_good_the_pile_hiding_a_card_wanted_soon_costs_more():
    heights = [1, 1, 1, 1]          # the foundations take 2, 4, 6 and 8 next
    soon, late = 2, FULL
    rank, top = next((rank, top) for rank in range(1, FULL) for top in range(1, FULL)
                     if rank != top and distance(top, heights) > distance(soon, heights)
                     and cover_cost(rank, [top], heights) >= NOWHERE_GOOD)
    assert distance(soon, heights) < distance(late, heights)
    assert (cover_cost(rank, [soon, top], heights)
            > cover_cost(rank, [late, top], heights) >= NOWHERE_GOOD)


def test_the_advice_to_put_a_card_on_its_own_rank_says_it_blocks_nothing():
    # The last card, the seven of hearts, is in the hand; no foundation takes a
    # seven, and every placement ends the game lost alike, so the advisor
    # keeps the rule of thumb's order: the seven of spades first.
    starters = ["AC", "2C", "3C", "4C"]
    kept = {"7H", "7S", "9S", "QS", "KS", *starters}
    buried = [card.name for card in full_deck() if card.name not in kept]
    game = Calculation.from_json({
        "deal": 1, "stock": [], "hand": "7H",
        "foundations": [[name] for name in starters],
        "waste": [["7S"], buried + ["KS"], ["9S"], ["QS"]]})
    advice = advise(view_of(game), 0.01)
    assert advice.step == Move.parse("W1>T1")
    assert "a card on its own rank blocks nothing" in advice.reason


def _view(hand: str, waste: list[str], foundations: list[str]) -> CalculationView:
    """A player's view from card names (piles bottom first, space-separated)."""
    piles = tuple(tuple(parse_cards(pile.split())) for pile in waste)
    ups = tuple(tuple(parse_cards(pile.split())) for pile in foundations)
    seen = frozenset(card for pile in piles + ups for card in pile) | {Card.parse(hand)}
    return CalculationView(Card.parse(hand), piles, ups, 52 - len(seen), seen)


def test_the_advisor_keeps_placements_the_relaxed_game_clears_played_tops_first():
    # Deal 337's position in the relaxed-game test (test_calculation_endgames),
    # before its last 6 was placed.  Played foundation by foundation, the
    # relaxed game is lost after every placement of the 6; played tops first
    # it is cleared after some, and the advisor chooses among those.
    view = _view("6H", ["10S KS 6S", "", "3H AH", "5S 3S 6D"],
                 ["AC 2C 3C", "2D", "3D 6C 9C QC", "4C"])
    to_come = rank_counts(card.rank for card in view.unseen)
    heights = [len(pile) for pile in view.foundations]
    ranks = [[card.rank for card in pile] for pile in view.waste]
    placed = [ranks[:number] + [ranks[number] + [6]] + ranks[number + 1:]
              for number in range(4)]
    assert not any(clears_greedily(to_come, piles, heights) for piles in placed)
    clearing = [number for number, piles in enumerate(placed)
                if clears_tops_first(to_come, piles, heights)]
    assert clearing
    advice = advise(view, seconds=0.01)
    assert advice.step is not None
    assert "no placement keeps every pile clearable" not in str(advice.reason)
    assert isinstance(advice.step, Move)
    assert advice.step.target in {waste_pile(number + 1) for number in clearing}
