"""The Pyramid solver: its lines win when replayed through the engine, its
"impossible" agrees with an exhaustive search over the engine's own moves,
and the compiled and pure-Python searches give the same answers."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.games.pyramid.game import Pyramid
from cardgui.engine.games.pyramid.position import place
from cardgui.engine.games.pyramid.search import COMPILED, search
from cardgui.engine.games.pyramid.solver import compact, solve
from cardgui.engine.search.budget import Budget, SearchCancelled
from cardgui.engine.search.check import wins
from cardgui.engine.search.result import Verdict
from tests.engine.pyramid_layouts import position
from tests.engine.pyramid_search import (
    played,
    small_position,
    small_positions,
    winnable_by_brute_force,
)

needs_compiled = pytest.mark.skipif(not COMPILED, reason="the compiled search was not built "
                                    "(no C compiler when cardgui was installed)")

# The verdicts of the book's deals 1-30 (three passes), from the whole search.
IMPOSSIBLE_DEALS = {7, 9, 11, 13, 18, 20, 21, 24, 28}


def never() -> None:
    return None


@pytest.mark.parametrize("deal", range(1, 31))
def test_deals_are_decided_and_their_lines_win_in_the_engine(deal):
    game = Pyramid(deal)
    result = solve(game, Budget(10))
    if deal in IMPOSSIBLE_DEALS:
        assert result.verdict is Verdict.IMPOSSIBLE and not result.steps
    else:
        assert result.verdict is Verdict.WINNABLE and wins(game, result.steps)
    assert game.state() == Pyramid(deal).state()      # the game is left as it was


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=40),
       st.sampled_from(["1", "2", "3", "unlimited"]))
def test_lines_from_positions_in_mid_game_are_legal_and_win(deal, picks, passes):
    game = played(deal, picks, passes)
    result = solve(game, Budget(10))
    assert result.verdict is not Verdict.UNKNOWN
    if result.verdict is Verdict.WINNABLE:
        copy = game.detached()
        for step in result.steps:
            copy.apply(step)            # raises IllegalMove for a step the rules refuse
        assert copy.is_won


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_the_verdict_agrees_with_an_exhaustive_search_of_the_engine_s_moves(game):
    result = solve(game, Budget(10))
    assert (result.verdict is Verdict.WINNABLE) == winnable_by_brute_force(game)
    if result.verdict is Verdict.WINNABLE:
        assert wins(game, result.steps)


def test_both_verdicts_agree_with_the_exhaustive_search_on_fixed_positions():
    verdicts = {True: 0, False: 0}
    for seed in range(200):
        game = small_position(seed)
        winnable = solve(game, Budget(10)).verdict is Verdict.WINNABLE
        assert winnable == winnable_by_brute_force(game), seed
        verdicts[winnable] += 1
    assert min(verdicts.values()) >= 30        # both kinds are tested, many times


def test_the_relaxation_alone_settles_a_card_whose_partners_all_cover_it():
    # The 8S's only fives lie below it, covering it: it can never go off.
    game = position({(6, 1): "8S", (7, 1): "5H", (7, 2): "5C", (7, 5): "KD"},
                    stock=["2C", "JD"])
    result = solve(game, Budget(10))
    # The relaxation of the position and of it with KD gone; no more.
    assert result.verdict is Verdict.IMPOSSIBLE and result.positions == 2
    assert not winnable_by_brute_force(game)


def test_passes_matter():
    # The 3C must go with the 10D, which lies in the waste under the 4H:
    # only turning the waste over frees it.
    places = {(7, 1): "3C", (7, 2): "9S"}
    game = position(places, waste=["10D", "4H", "2D"], passes="2")
    assert solve(game, Budget(10)).verdict is Verdict.WINNABLE
    game = position(places, waste=["10D", "4H", "2D"], passes="1")
    assert solve(game, Budget(10)).verdict is Verdict.IMPOSSIBLE


def test_a_won_position_needs_no_steps():
    game = position({}, stock=["2C"])
    result = solve(game, Budget(10))
    assert result.verdict is Verdict.WINNABLE and result.steps == ()


def test_a_budget_too_small_gives_unknown():
    result = solve(Pyramid(17), Budget(1e-6))
    assert result.verdict is Verdict.UNKNOWN and not result.steps


def test_cancelling_stops_the_search():
    def cancelled() -> bool:
        return True
    with pytest.raises(SearchCancelled):
        solve(Pyramid(13), Budget(10, cancelled))


def test_the_solver_leaves_a_chosen_card_alone():
    game = Pyramid(5)
    game.click(place(7, 1))
    result = solve(game, Budget(10))
    assert result.verdict is Verdict.WINNABLE and game.chosen == place(7, 1)


@needs_compiled
@pytest.mark.parametrize("deal", [1, 2, 3, 5, 7, 9, 11, 13, 17, 18, 20, 24])
def test_compiled_and_pure_searches_agree_on_deals(deal):
    start = compact(Pyramid(deal))
    assert search(start, 10**6, never, compiled=True) == search(start, 10**6, never,
                                                                  compiled=False)


@needs_compiled
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=40),
       st.sampled_from(["1", "3", "unlimited"]), st.integers(min_value=1, max_value=4000))
def test_compiled_and_pure_searches_agree_in_mid_game(deal, picks, passes, limit):
    start = compact(played(deal, picks, passes))
    assert search(start, limit, never, compiled=True) == search(start, limit, never,
                                                                compiled=False)


@needs_compiled
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_compiled_and_pure_searches_agree_on_small_positions(game):
    start = compact(game)
    assert search(start, 10**6, never, compiled=True) == search(start, 10**6, never,
                                                                compiled=False)


@needs_compiled
def test_the_compiled_search_stops_at_the_same_count():
    start = compact(Pyramid(17))
    compiled, pure = (search(start, 300, never, compiled=True),
                      search(start, 300, never, compiled=False))
    assert compiled == pure and compiled.won is None and compiled.positions > 300


@needs_compiled
def test_cancelling_stops_the_compiled_search():
    def cancelled() -> None:
        raise SearchCancelled()
    with pytest.raises(SearchCancelled):
        search(compact(Pyramid(13)), 10**6, cancelled, compiled=True)
