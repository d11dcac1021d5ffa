"""The TriPeaks solver: its lines win when replayed through the engine, its
"impossible" agrees with an exhaustive search over the engine's own moves,
and the compiled and pure-Python searches give the same answers."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.games.tripeaks.game import TriPeaks
from cardgui.engine.games.tripeaks.search import COMPILED, search
from cardgui.engine.games.tripeaks.solver import compact, solve
from cardgui.engine.search.budget import Budget, SearchCancelled
from cardgui.engine.search.check import wins
from cardgui.engine.search.result import Verdict
from tests.engine.tripeaks_layouts import position
from tests.engine.tripeaks_search import (
    played,
    small_position,
    small_positions,
    winnable_by_brute_force,
)

needs_compiled = pytest.mark.skipif(not COMPILED, reason="the compiled search was not built "
                                    "(no C compiler when cardgui was installed)")

# The only deals of the book's 1-40 that cannot be cleared (king and ace touching).
IMPOSSIBLE_DEALS = {28}


def never() -> None:
    return None


@pytest.mark.parametrize("deal", range(1, 41))
def test_deals_are_decided_and_their_lines_win_in_the_engine(deal):
    game = TriPeaks(deal)
    result = solve(game, Budget(10))
    if deal in IMPOSSIBLE_DEALS:
        assert result.verdict is Verdict.IMPOSSIBLE and not result.steps
    else:
        assert result.verdict is Verdict.WINNABLE and wins(game, result.steps)
    assert game.state() == TriPeaks(deal).state()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=40), st.booleans())
def test_lines_from_positions_in_mid_game_are_legal_and_win(deal, picks, wrap):
    game = played(deal, picks, wrap)
    result = solve(game, Budget(10))
    assert result.verdict is not Verdict.UNKNOWN
    if result.verdict is Verdict.WINNABLE:
        copy = game.detached()
        for step in result.steps:
            copy.apply(step)
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
    assert min(verdicts.values()) >= 30


def test_a_card_nothing_can_go_under_is_hopeless_at_once():
    # Nothing but the 8S itself is a 7 or a 9 (lying under the 8S): it stays.
    game = position({10: "8S", 19: "4C", 20: "5C"}, waste=["3D"], stock=["6D", "2H"])
    result = solve(game, Budget(10))
    assert result.verdict is Verdict.IMPOSSIBLE and result.positions == 1
    assert not winnable_by_brute_force(game)


def test_wrap_matters():
    places = {19: "AS", 20: "2D"}
    assert solve(position(places, waste=["KC"]), Budget(10)).verdict is Verdict.WINNABLE
    assert solve(position(places, waste=["KC"], wrap=False),
                 Budget(10)).verdict is Verdict.IMPOSSIBLE


def test_a_turn_of_several_cards_is_that_many_deals():
    game = position({19: "8S"}, waste=["2C"], stock=["9H", "4D", "JS"])
    result = solve(game, Budget(10))
    assert [str(step) for step in result.steps] == ["deal", "deal", "deal", "T19>W1"]


def test_a_budget_too_small_gives_unknown():
    result = solve(TriPeaks(28), Budget(1e-6))
    assert result.verdict is Verdict.UNKNOWN and not result.steps


def test_cancelling_stops_the_search():
    with pytest.raises(SearchCancelled):
        solve(TriPeaks(28), Budget(10, lambda: True))


@needs_compiled
@pytest.mark.parametrize("deal", [1, 2, 3, 4, 6, 8])
def test_compiled_and_pure_searches_agree_on_deals(deal):
    start = compact(TriPeaks(deal))
    assert search(start, 20_000, never, compiled=True) == search(start, 20_000, never,
                                                                 compiled=False)


@needs_compiled
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=40), st.booleans(),
       st.integers(min_value=1, max_value=3000))
def test_compiled_and_pure_searches_agree_in_mid_game(deal, picks, wrap, limit):
    start = compact(played(deal, picks, wrap))
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
    start = compact(TriPeaks(28))
    compiled, pure = (search(start, 500, never, compiled=True),
                      search(start, 500, never, compiled=False))
    assert compiled == pure and compiled.won is None and compiled.positions == 501


@needs_compiled
def test_cancelling_stops_the_compiled_search():
    def cancelled() -> None:
        raise SearchCancelled()
    with pytest.raises(SearchCancelled):
        search(compact(TriPeaks(28)), 10**6, cancelled, compiled=True)
