"""The compiled search gives exactly what the pure-Python search gives, in
every variant: the same verdict, line and count of positions, restarts and
all."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.games.klondike.compact import CompactPosition
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.solver_search import COMPILED, FIRST_RUN, search
from cardgui.engine.search.budget import SearchCancelled
from tests.engine.klondike_search import VARIANT_RULES, played, small_positions

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled search was not built "
                                "(no C compiler when cardgui was installed)")


def never() -> None:
    return None


def both(game: Klondike, limit: int, first_run: int = FIRST_RUN):
    start = CompactPosition.of(game)
    return (search(start, limit, never, compiled=True, first_run=first_run),
            search(start, limit, never, compiled=False, first_run=first_run))


@pytest.mark.parametrize("deal", range(1, 16))
def test_deals_get_the_same_verdict_positions_and_moves(deal):
    compiled, pure = both(Klondike(deal), 6000)
    assert compiled == pure


@pytest.mark.parametrize("rules", VARIANT_RULES, ids=str)
@pytest.mark.parametrize("deal", [2, 3, 7])
def test_every_variant_gets_the_same_verdict_positions_and_moves(deal, rules):
    compiled, pure = both(Klondike(deal, **rules), 2500)
    assert compiled == pure


@pytest.mark.parametrize("rules", [dict(draw=3, passes="unlimited", take_back=False),
                                   dict(draw=3, passes="unlimited", take_back=True),
                                   dict(draw=1, passes="unlimited", take_back=False),
                                   dict(draw=1, passes="1", take_back=True)], ids=str)
@pytest.mark.parametrize("deal", range(1, 6))
def test_restarted_searches_agree(deal, rules):
    # Runs of 150, 225, 337, ... positions: many restarts, in the jittered orders.
    compiled, pure = both(Klondike(deal, **rules), 4000, first_run=150)
    assert compiled == pure


def test_a_search_that_runs_out_stops_at_the_same_count():
    compiled, pure = both(Klondike(2), 500)
    assert compiled.won is None and compiled == pure and compiled.positions == 501


@pytest.mark.parametrize("deal", [2, 3, 7])
def test_a_position_beyond_the_packed_key_agrees(deal):
    # An eighth (empty) stack: the compiled table's three-word key of the
    # book's game holds seven, so this search keys its table the wide way.
    start = CompactPosition.of(Klondike(deal))
    wide = CompactPosition(start.stacks + (b"\x00",), start.tops, start.stock, start.position)
    compiled = search(wide, 3000, never, compiled=True)
    assert compiled == search(wide, 3000, never, compiled=False)
    assert compiled.positions > 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=60),
       st.sampled_from(VARIANT_RULES),
       st.integers(min_value=1, max_value=3000),
       st.integers(min_value=1, max_value=1000))
def test_positions_in_mid_game_agree(deal, picks, rules, limit, first_run):
    compiled, pure = both(played(deal, picks, **rules), limit, first_run)
    assert compiled == pure


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(variants=True))
def test_small_positions_agree(game):
    compiled, pure = both(game, 100_000)
    assert compiled == pure and compiled.won is not None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(variants=True), st.integers(min_value=1, max_value=8))
def test_restarts_keep_the_verdict(game, first_run):
    """Many short runs decide what one long run decides (a table kept across
    runs loses no win), and the two searches agree on them."""
    one_run = search(CompactPosition.of(game), 100_000, never, compiled=True,
                     first_run=100_000)
    compiled, pure = both(game, 100_000, first_run)
    assert compiled == pure and compiled.won == one_run.won


def test_cancelling_stops_the_compiled_search():
    def cancelled() -> None:
        raise SearchCancelled()

    with pytest.raises(SearchCancelled):
        search(CompactPosition.of(Klondike(2)), 100_000, cancelled, compiled=True)


def test_a_bad_position_is_refused():
    start = CompactPosition.of(Klondike(2))
    with pytest.raises(ValueError):
        search(CompactPosition(start.stacks, start.tops, start.stock, 99), 10, never,
               compiled=True)
