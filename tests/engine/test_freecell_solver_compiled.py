"""The FreeCell solver's compiled search gives exactly what the pure-Python
search gives: the same verdict, the same line and the same count of
positions, from deals, from positions in mid-game, from endgames, and when
the budget runs out."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.deals import MICROSOFT_MAX_DEAL
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.packed import CELL_SOURCE, TO_CELL, autoplay, key, pack
from cardgui.engine.games.freecell.search import (
    COMPILED,
    IMPOSSIBLE,
    OUT_OF_BUDGET,
    SearchOutcome,
    search,
)
from cardgui.engine.games.freecell.solver import solve, table_steps
from cardgui.engine.search.budget import Budget, SearchCancelled
from cardgui.engine.search.check import wins
from cardgui.engine.search.result import Verdict

from .test_freecell_packed import endgames, random_position, settled_position

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled search was not built "
                                "(no C compiler when cardgui was installed)")


def never() -> None:
    return None


def both(game: FreeCell, limit: int) -> tuple[SearchOutcome, SearchOutcome]:
    start, _ = autoplay(pack(game))
    seed = zlib.crc32(key(start))
    return (search(start, limit, seed, never, compiled=True),
            search(start, limit, seed, never, compiled=False))


@pytest.mark.parametrize("deal", [*range(1, 13), 1941, 25904, 1_000_000])
def test_deals_get_the_same_verdict_positions_and_moves(deal):
    compiled, pure = both(FreeCell(deal), 20_000)
    assert compiled == pure and compiled.moves


def test_the_impossible_deal_is_searched_through_alike():
    compiled, pure = both(FreeCell(11982), 200_000)
    assert compiled == pure and compiled.status == IMPOSSIBLE


def test_a_search_that_runs_out_stops_at_the_same_count():
    compiled, pure = both(FreeCell(11982), 700)
    assert compiled == pure
    assert (compiled.status, compiled.moves) == (OUT_OF_BUDGET, ())
    assert 700 <= compiled.positions < 1000


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=MICROSOFT_MAX_DEAL),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=60),
       st.integers(min_value=1, max_value=3000))
def test_positions_in_mid_game_agree(deal, picks, limit):
    compiled, pure = both(settled_position(deal, picks), limit)
    assert compiled == pure


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames())
def test_endgames_agree(game):
    compiled, pure = both(game, 100_000)
    assert compiled == pure and compiled.status != OUT_OF_BUDGET


@pytest.mark.parametrize("deal", [5, 1941])
def test_the_solver_s_steps_are_the_same_either_way(deal):
    game = FreeCell(deal)
    assert solve(game, Budget(10), compiled=True).steps == \
        solve(game, Budget(10), compiled=False).steps


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=MICROSOFT_MAX_DEAL),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=60))
def test_lines_from_mid_game_are_written_alike(deal, picks):
    # Cards in the free cells, suits begun on any foundation and safe cards
    # still down (played up first): the compiled writer follows the table
    # as the pure one does.
    game = random_position(deal, picks, autoplay_on=False)
    compiled = solve(game, Budget(0.02), compiled=True)
    assert compiled.steps == solve(game, Budget(0.02), compiled=False).steps
    assert compiled.verdict is not Verdict.WINNABLE or wins(game, compiled.steps)


def test_a_line_that_does_not_fit_is_refused_by_the_compiled_writer():
    game = FreeCell(1)
    position = pack(game)
    with pytest.raises(ValueError, match="does not fit"):
        table_steps(game, position, [], ((0, TO_CELL, 1),) * 5, compiled=True)


def test_a_card_from_a_cell_beyond_the_cards_is_refused_by_the_compiled_writer():
    # Deal 2: column 7's top card, put in a cell, can go on column 1.  A
    # cell's card is written CELL_SOURCE plus the card; 256 more is no card,
    # and must not be read as that card.
    game = FreeCell(2)
    card = pack(game)[0][6][-1]
    to_cell = (6, TO_CELL, 1)
    assert table_steps(game, pack(game), [], (to_cell, (CELL_SOURCE + card, 0, 1)),
                       compiled=True)
    with pytest.raises(ValueError, match="does not fit"):
        table_steps(game, pack(game), [], (to_cell, (CELL_SOURCE + 256 + card, 0, 1)),
                    compiled=True)


@pytest.mark.parametrize("move", [(0, TO_CELL), (0, TO_CELL, 1.0), (0, TO_CELL, 2**70), "abc"])
def test_a_move_that_is_not_three_ints_is_refused_by_the_compiled_writer(move):
    game = FreeCell(1)
    with pytest.raises((TypeError, OverflowError)):
        table_steps(game, pack(game), [], ((0, TO_CELL, 1), move), compiled=True)


def test_bad_positions_are_refused_by_the_compiled_search():
    columns = (bytes([4, 4]),) + (b"",) * 7
    with pytest.raises(ValueError, match="distinct"):
        search((columns, b"", (0, 0, 0, 0)), 100, 0, never, compiled=True)


def test_cancelling_stops_the_compiled_search():
    def cancelled() -> None:
        raise SearchCancelled()

    start, _ = autoplay(pack(FreeCell(11982)))
    with pytest.raises(SearchCancelled):
        search(start, 100_000, 0, cancelled, compiled=True)


def test_a_search_answers_alike_whatever_searches_came_before():
    # The compiled search keeps a small search's tables for the next one:
    # what a search finds must not depend on the searches before it, small
    # or large, refused, cancelled or run out.
    def cancelled() -> None:
        raise SearchCancelled()

    def compiled(game: FreeCell, limit: int) -> SearchOutcome:
        start, _ = autoplay(pack(game))
        return search(start, limit, zlib.crc32(key(start)), never, compiled=True)

    asked = ((FreeCell(1), 20_000), (FreeCell(1941), 20_000), (FreeCell(11982), 3_000))
    expected = [both(game, limit)[1] for game, limit in asked]
    bad = ((bytes([4, 4]),) + (b"",) * 7, b"", (0, 0, 0, 0))
    for (game, limit), pure in zip(asked, expected):
        with pytest.raises(ValueError):
            search(bad, 100, 0, never, compiled=True)
        start, _ = autoplay(pack(game))
        with pytest.raises(SearchCancelled):
            search(start, 100_000, 0, cancelled, compiled=True)
        for other, other_limit in (*asked, (FreeCell(11982), 70_000)):
            compiled(other, other_limit)
            assert compiled(game, limit) == pure
