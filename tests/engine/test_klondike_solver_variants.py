"""The Klondike solver on whole deals of every variant: winning lines that
the engine's checked moves replay to a win, deals searched to the end
without one, the best line offered for a game not won, and the compiled and
pure-Python searches answering alike, long take-back lines included."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.games.klondike import solver_search
from cardgui.engine.games.klondike.compact import CompactPosition
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.solver import POSITIONS_PER_SECOND, solve
from cardgui.engine.search.budget import Budget
from cardgui.engine.search.check import checked, replays, wins
from cardgui.engine.search.result import Verdict
from tests.engine.klondike_search import VARIANT_RULES, played

SMALL = Budget(0.1)         # 50,000 positions: every deal below needs far fewer

# (draw, passes, take_back): two deals won and one proven lost in a few
# thousand positions at most (found by a census of deals 1-3000).
DEALS = {
    (1, "1", False): ([29, 1], 15),
    (1, "1", True): ([29, 57], 15),
    (1, "2", False): ([9, 28], 228),
    (1, "2", True): ([20, 9], 228),
    (1, "3", False): ([9, 5], 228),
    (1, "3", True): ([9, 5], 228),
    (1, "unlimited", False): ([9, 5], 228),
    (1, "unlimited", True): ([9, 5], 228),
    (3, "1", False): ([141], 19),
    (3, "1", True): ([268, 392], 19),
    (3, "2", False): ([23, 58], 19),
    (3, "2", True): ([23, 58], 19),
    (3, "3", False): ([28, 23], 19),
    (3, "3", True): ([23, 28], 19),
    (3, "unlimited", False): ([28, 30], 9),
    (3, "unlimited", True): ([28, 30], 9),
}


def _rules(variant: tuple[int, str, bool]) -> dict[str, object]:
    draw, passes, take_back = variant
    return dict(draw=draw, passes=passes, take_back=take_back)


def test_every_variant_is_covered():
    assert {(rules["draw"], rules["passes"], rules["take_back"])
            for rules in VARIANT_RULES} == set(DEALS)


@pytest.mark.parametrize("variant", DEALS, ids=str)
def test_winning_lines_replay_through_the_engine_to_a_win(variant):
    for deal in DEALS[variant][0]:
        game = Klondike(deal, **_rules(variant))
        result = solve(game, SMALL)
        assert result.verdict is Verdict.WINNABLE, deal
        assert wins(game, result.steps)
        assert game.progress == 0            # the game itself is untouched


@pytest.mark.parametrize("variant", DEALS, ids=str)
def test_a_deal_searched_to_the_end_is_impossible_in_both_searches(variant):
    game = Klondike(DEALS[variant][1], **_rules(variant))
    start = CompactPosition.of(game)
    compiled = solver_search.search(start, 20_000, lambda: None)
    pure = solver_search.search(start, 20_000, lambda: None, compiled=False)
    assert pure.won is False and compiled == pure
    assert solve(game, SMALL).verdict is Verdict.IMPOSSIBLE


@pytest.mark.parametrize("variant", DEALS, ids=str)
def test_a_lost_deal_offers_the_line_to_the_most_cards_up(variant):
    game = Klondike(DEALS[variant][1], **_rules(variant))
    result = checked(game, solve(game, SMALL))     # raises if the best line does not replay
    copy = game.scratch()
    for step in result.best:
        copy.apply(step)
    assert copy.progress >= game.progress
    if result.best:
        assert copy.progress > game.progress


@pytest.mark.parametrize("draw", [1, 3])
def test_a_search_out_of_budget_offers_its_best_line_too(draw):
    game = Klondike(2, draw=draw)
    result = solve(game, Budget(1_000 / POSITIONS_PER_SECOND))   # not enough for deal 2
    assert result.verdict is Verdict.UNKNOWN
    assert result.best and replays(game, result.best)
    copy = game.scratch()
    for step in result.best:
        copy.apply(step)
    assert copy.progress > game.progress


@pytest.mark.skipif(not solver_search.COMPILED, reason="the compiled search was not built")
@pytest.mark.parametrize("deal, limit", [(185, 20_000), (2, 1_000), (9, 300)])
def test_compiled_and_pure_agree_on_the_best_line_and_on_long_lines(deal, limit):
    # Deal 185 with take-backs is won by a line over 400 moves deep, which
    # once overflowed the compiled search's stack.
    start = CompactPosition.of(Klondike(deal, draw=1, passes="1", take_back=True))
    compiled = solver_search.search(start, limit, lambda: None, compiled=True)
    pure = solver_search.search(start, limit, lambda: None, compiled=False)
    assert compiled == pure


def test_a_line_too_long_to_search_makes_the_answer_unknown_not_impossible(monkeypatch):
    start = CompactPosition.of(Klondike(15, draw=1, passes="1"))
    assert solver_search.search(start, 20_000, lambda: None, compiled=False).won is False
    monkeypatch.setattr(solver_search, "MAX_DEPTH", 5)
    outcome = solver_search.search(start, 20_000, lambda: None, compiled=False)
    assert outcome.won is None and outcome.best


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=40),
       st.sampled_from(VARIANT_RULES))
def test_any_position_s_best_line_replays_and_puts_cards_up(deal, picks, rules):
    game = played(deal, picks, **rules)
    result = checked(game, solve(game, Budget(0.005)))
    if result.verdict is Verdict.WINNABLE:
        return
    copy = game.scratch()
    for step in result.best:
        copy.apply(step)
    assert (copy.progress > game.progress) == bool(result.best)
