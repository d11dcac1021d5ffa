"""Calculation's compiled endgame gives exactly what the pure-Python one
gives: the same chance of every move, and the same point where it runs out
of positions, so the advisor gives the same advice either way."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.games.calculation.advisor import (
    ExactSearch,
    advise,
    advise_by_playouts,
    exact_for,
    play_deal,
)
from cardgui.engine.games.calculation.endgame import (
    COMPILED,
    TooManyPositions,
    chance_of_winning,
    move_values,
)
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.ranks import rank_counts
from cardgui.engine.games.calculation.view import view_of

from .test_calculation_endgames import exact_position, random_ending

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled endgame was not built "
                                "(no C compiler when cardgui was installed)")


def values_or_over(position, limit, compiled):
    try:
        return move_values(*position, limit, compiled=compiled)
    except TooManyPositions:
        return "too many positions"


def chance_or_over(position, limit, compiled):
    try:
        return chance_of_winning(*position, limit, compiled=compiled)
    except TooManyPositions:
        return "too many positions"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(4, 16), st.integers(0, 4),
       st.sampled_from([None, 1, 30, 400]))
def test_compiled_and_pure_endgames_give_the_same_values(seed, cards_off, cards_to_come, limit):
    position = exact_position(random_ending(seed, cards_off, cards_to_come))
    pure = values_or_over(position, limit, compiled=False)
    assert values_or_over(position, limit, compiled=True) == pure
    assert chance_or_over(position, limit, True) == chance_or_over(position, limit, False)


def end_of(deal: int, cards_left: int) -> Calculation:
    """Deal ``deal`` played by the advisor until ``cards_left`` cards are face down."""
    game = Calculation(deal)
    for step in play_deal(deal, playouts=200).steps:
        if game.cards_left <= cards_left:
            break
        game.apply(step)
    return game


@pytest.mark.parametrize("deal", [1, 8, 14])
def test_compiled_and_pure_endgames_agree_on_games_six_cards_from_the_end(deal):
    position = exact_position(end_of(deal, 6))
    pure = values_or_over(position, 20_000, compiled=False)
    assert values_or_over(position, 20_000, compiled=True) == pure


def test_the_advice_six_cards_from_the_end_is_the_same_compiled_or_not():
    view = view_of(end_of(8, 6))
    exact = ExactSearch(cards=6, positions=20_000)
    assert (advise_by_playouts(view, 24, compiled=True, exact=exact)
            == advise_by_playouts(view, 24, compiled=False, exact=exact))


def test_a_position_no_game_has_is_refused_by_the_compiled_endgame():
    too_many_to_come = rank_counts([5] * 5)
    with pytest.raises(ValueError, match="out of range"):
        move_values([[], [], [], []], [1, 1, 1, 1], 0, too_many_to_come, compiled=True)
    with pytest.raises(ValueError, match="no rank 14"):
        chance_of_winning([[14], [], [], []], [1, 1, 1, 1], 0, rank_counts([]), compiled=True)
    with pytest.raises(ValueError, match="more than 52 cards"):
        chance_of_winning([[1] * 40, [], [], []], [13, 1, 1, 1], 0, rank_counts([]),
                          compiled=True)


def test_the_compiled_endgame_works_out_the_last_six_cards_and_the_pure_one_four():
    view = view_of(end_of(14, 6))
    assert exact_for(True).cards == 6 and exact_for(False).cards == 4
    assert advise(view, 0.3, compiled=True).reason.endswith(
        "(chance of winning 15%, every order of the 6 cards to come worked through).")
    assert "chance of winning" not in advise(view, 0.3, compiled=False).reason
