"""Calculation's compiled advisor play-outs give exactly what the pure-Python
ones give: the same totals for the same futures or the same seed, and so the
same advice for the same number of play-outs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.games.calculation.advisor import (
    EXACT_PURE,
    NoAdvice,
    advise,
    advise_by_playouts,
    play_deal,
)
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.playouts import (
    COMPILED,
    draw_future,
    sampled_totals,
    totals,
)
from cardgui.engine.games.calculation.policy import choices
from cardgui.engine.games.calculation.ranks import rank_counts
from cardgui.engine.games.calculation.view import view_of

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled play-outs were not built "
                                "(no C compiler when cardgui was installed)")


def part_played(deal: int, steps: int) -> Calculation:
    game = Calculation(deal)
    for step in play_deal(deal, 0.002, compiled=False).steps[:steps]:
        game.apply(step)
    return game


def hand_choices(view):
    """The places the card in hand can go, as the play-outs take them."""
    piles = [[card.rank for card in pile] for pile in view.waste]
    heights = [len(pile) for pile in view.foundations]
    return [(choice.piles, choice.heights) for choice in choices(view.hand.rank, piles, heights)]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([2, 3, 7]), st.integers(0, 70), st.integers(0, 10**6))
def test_compiled_and_pure_play_outs_total_the_same(deal, steps, seed):
    view = view_of(part_played(deal, steps))
    if view.hand is None or not view.unseen:
        return
    candidates = hand_choices(view)
    to_come = rank_counts(card.rank for card in view.unseen)
    generator = random.Random(seed)
    futures = []
    for _ in range(6):
        future = sorted(card.rank for card in view.unseen)
        generator.shuffle(future)
        futures.append(future)
    pure = totals(candidates, futures, to_come, 40, compiled=False)
    assert totals(candidates, futures, to_come, 40, compiled=True) == pure
    assert all(0 <= total <= len(futures) * (52 + 40) for total in pure)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([2, 3, 7]), st.integers(0, 70), st.integers(0, 2**64 - 1),
       st.integers(0, 8))
def test_compiled_and_pure_draws_total_the_same(deal, steps, seed, draws):
    view = view_of(part_played(deal, steps))
    if view.hand is None:
        return
    candidates = hand_choices(view)
    to_come = rank_counts(card.rank for card in view.unseen)
    pure = sampled_totals(candidates, to_come, draws, seed, 40, compiled=False)
    assert sampled_totals(candidates, to_come, draws, seed, 40, compiled=True) == pure
    state, futures = seed, []
    for _ in range(draws):
        state, future = draw_future(to_come, state)
        futures.append(future)
    assert pure == (totals(candidates, futures, to_come, 40, compiled=False) if futures
                    else [0] * len(candidates))


@given(st.lists(st.integers(1, 13), max_size=48), st.integers(0, 2**64 - 1))
@settings(max_examples=30, deadline=None)
def test_a_drawn_future_is_an_order_of_the_cards_to_come(ranks, seed):
    to_come = rank_counts(ranks)
    if max(to_come) > 4:
        return
    state, future = draw_future(to_come, seed)
    assert sorted(future) == sorted(ranks) and 0 <= state < 2**64


def test_bad_draws_are_refused():
    candidate = (((), (), (), ()), (1, 1, 1, 1))
    for compiled in (False, True):
        with pytest.raises(ValueError):
            sampled_totals([candidate], rank_counts([1, 2]), -1, 0, 40, compiled)
        with pytest.raises(ValueError):
            sampled_totals([candidate], rank_counts([1, 2]), 1, 2**64, 40, compiled)
        with pytest.raises(ValueError):
            sampled_totals([candidate], rank_counts([5] * 5), 1, 0, 40, compiled)


@pytest.mark.parametrize("deal, steps", [(1, 10), (4, 25), (6, 40), (9, 55)])
def test_compiled_and_pure_play_outs_give_the_same_advice(deal, steps):
    view = view_of(part_played(deal, steps))
    try:
        pure = advise_by_playouts(view, 24, compiled=False, exact=EXACT_PURE)
    except NoAdvice:
        with pytest.raises(NoAdvice):
            advise_by_playouts(view, 24, compiled=True, exact=EXACT_PURE)
        return
    assert advise_by_playouts(view, 24, compiled=True, exact=EXACT_PURE) == pure


def test_futures_that_are_not_orders_of_the_cards_to_come_are_refused():
    to_come = rank_counts([1, 2, 3])
    candidate = (((), (), (), ()), (1, 1, 1, 1))
    with pytest.raises(ValueError):
        totals([candidate], [[1, 2]], to_come, 40, compiled=True)
    with pytest.raises(ValueError):
        totals([candidate], [[1, 2, 14]], to_come, 40, compiled=True)


def test_a_bad_number_of_play_outs_is_refused():
    with pytest.raises(ValueError):
        advise_by_playouts(view_of(Calculation(1)), 0)
    with pytest.raises(ValueError):
        advise(view_of(Calculation(1)), -1.0)
