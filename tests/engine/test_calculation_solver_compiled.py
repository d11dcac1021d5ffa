"""Calculation's compiled search gives exactly what the pure-Python search
gives: the same verdict, the same positions counted, the same line."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.solver import start_of
from cardgui.engine.games.calculation.solver_search import COMPILED, Start, search
from cardgui.engine.search.budget import SearchCancelled

from .test_calculation_endgames import endgame
from .test_calculation_solver import random_position

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled search was not built "
                                "(no C compiler when cardgui was installed)")


def never() -> None:
    return None


def both(start: Start, limit: int, **options):
    return (search(start, limit, never, compiled=True, **options),
            search(start, limit, never, compiled=False, **options))


@pytest.mark.parametrize("deal", range(1, 9))
def test_deals_get_the_same_verdict_positions_and_line(deal):
    compiled, pure = both(start_of(Calculation(deal)), 2000)
    assert compiled == pure


def test_a_search_that_runs_out_stops_at_the_same_count():
    compiled, pure = both(start_of(Calculation(13)), 500)
    assert compiled.won is None and compiled == pure and compiled.positions == 501


@pytest.mark.parametrize("deal", [13, 18, 71])
def test_many_short_runs_break_ties_alike(deal):
    # Runs of 20, 30, 45 ... positions: the random tie-breaks of many runs.
    compiled, pure = both(start_of(Calculation(deal)), 3000, first_run=20)
    assert compiled == pure


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 10_000), st.lists(st.integers(0, 50), max_size=90),
       st.integers(1, 1500), st.integers(1, 200))
def test_positions_in_mid_game_agree(deal, moves, limit, first_run):
    compiled, pure = both(start_of(random_position(deal, moves)), limit, first_run=first_run)
    assert compiled == pure


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 10_000), st.lists(st.integers(0, 50), max_size=90),
       st.integers(1, 3000))
def test_the_complete_stages_agree_in_mid_game(deal, moves, limit):
    compiled, pure = both(start_of(random_position(deal, moves)), limit, directed=False)
    assert compiled == pure


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 10_000), st.lists(st.integers(0, 50), max_size=200), st.integers(0, 6))
def test_endgames_agree_to_the_end(deal, moves, cards_to_come):
    start = start_of(endgame(deal, moves, cards_to_come))
    for directed in (True, False):
        compiled, pure = both(start, 200_000, directed=directed)
        assert compiled == pure and compiled.won is not None


def test_cancelling_stops_the_compiled_search():
    def cancelled() -> None:
        raise SearchCancelled()

    with pytest.raises(SearchCancelled):
        search(start_of(Calculation(13)), 100_000, cancelled, compiled=True)


def test_the_compiled_search_refuses_what_is_not_a_position():
    bad = Start(order=(14,), hand=0, piles=((), (), (), ()), heights=(1, 1, 1, 1))
    with pytest.raises(ValueError):
        search(bad, 100, never, compiled=True)
