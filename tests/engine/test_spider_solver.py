"""The Spider solver: its lines win when the engine replays them, its
IMPOSSIBLE agrees with a search over the engine's own moves, and the
compiled search gives exactly what the pure-Python one gives."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.assist.answers import hint_from
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.games.spider.notation import solution_words
from cardgui.engine.games.spider.packed import apply, key, moves, pack
from cardgui.engine.games.spider.screen import read_word
from cardgui.engine.games.spider.solver import engine_steps, solve
from cardgui.engine.games.spider.solver_search import COMPILED, score, search
from cardgui.engine.piles import Role
from cardgui.engine.search.budget import Budget, SearchCancelled
from cardgui.engine.search.check import checked, wins
from cardgui.engine.search.result import Verdict

from .spider_layouts import layout, run
from .test_spider_properties import played


def never() -> None:
    return None


@pytest.mark.parametrize("deal", [1, 2, 5])
def test_one_suit_deals_are_won_and_the_line_replays_to_a_win(deal):
    game = Spider(deal, suits=1)
    result = solve(game, Budget(3))
    assert result.verdict is Verdict.WINNABLE and wins(game, result.steps)
    assert game.state() == Spider(deal, suits=1).state()          # left unchanged


def test_the_words_of_a_line_typed_one_by_one_win():
    game = Spider(5, suits=1)
    result = solve(game, Budget(3))
    words = solution_words(game, result.steps)
    for word in words:
        game.perform(read_word(game, word))
    assert game.is_won and game.to_json()["won"] is True


def test_the_same_position_and_budget_give_the_same_answer():
    game = Spider(9, suits=2)
    first, second = solve(game, Budget(0.5)), solve(game, Budget(0.5))
    assert (first.verdict, first.steps, first.positions) == (
        second.verdict, second.steps, second.positions)


def test_a_position_with_no_move_is_impossible():
    game = layout("2S 2H 2D 2C 5S 5H 5D 5C 9S 9H".split())
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.IMPOSSIBLE and result.positions == 1


def test_a_won_position_needs_no_step():
    game = layout([], off=["S"] * 8, suits=1)
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.WINNABLE and result.steps == ()


def test_a_budget_too_small_says_unknown():
    result = solve(Spider(3, suits=4), Budget(0.001))
    assert result.verdict is Verdict.UNKNOWN and result.steps == ()


def test_a_cancelled_search_stops():
    with pytest.raises(SearchCancelled):
        solve(Spider(3, suits=4), Budget(100, cancelled=lambda: True))


# -- IMPOSSIBLE agrees with an exhaustive search over the engine's moves ----------------


def engine_verdict(game: Spider) -> bool:
    """Whether ``game`` (its stock empty) can be won, by a search over the
    engine's own steps.  Positions whose columns hold the same cards in
    another order are searched once: with the stock empty every column is
    alike."""
    def state(position: Spider) -> tuple:
        return tuple(sorted((pile.hidden, tuple((card.rank, card.suit.value) for card in pile.cards))
                            for pile_id, pile in position.piles.items()
                            if pile_id.role is Role.TABLEAU))
    assert game.deals_left == 0
    seen = {state(game)}
    frontier = [game]
    while frontier:
        position = frontier.pop()
        for step in position.legal_steps():
            child = position.detached()
            child.apply(step)
            if child.is_won:
                return True
            if state(child) not in seen:
                seen.add(state(child))
                frontier.append(child)
    return False


@st.composite
def small_positions(draw) -> Spider:
    """The last run still to go off (the other seven are off), its thirteen
    spades in seven to ten columns, some face down."""
    order = draw(st.permutations(run("S", 13, 13).split()))
    count = draw(st.integers(min_value=7, max_value=10))
    cuts = sorted(draw(st.lists(st.integers(min_value=1, max_value=12), min_size=count - 1,
                                max_size=count - 1, unique=True)))
    columns = []
    for start, end in zip([0] + cuts, cuts + [13]):
        part = order[start:end]
        face_down = draw(st.integers(min_value=0, max_value=len(part) - 1))
        columns.append(" ".join(("#" if index < face_down else "") + name
                                for index, name in enumerate(part)))
    return layout(columns, off=["S"] * 7, suits=1)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_small_positions_are_searched_to_the_end_and_their_lines_win(game):
    # With every position of the solver's reachable from these searched,
    # the verdict is never unknown; IMPOSSIBLE rests on the solver's moves
    # being the engine's (test_spider_properties) and on the lost position
    # below, where the engine's own search agrees.
    result = solve(game, Budget(100))
    assert result.verdict is not Verdict.UNKNOWN
    if result.verdict is Verdict.WINNABLE:
        assert wins(game, result.steps)


def test_a_lost_position_with_moves_left_is_impossible_as_the_engine_finds():
    # Found by searching random two-suit positions: 22 positions can be
    # reached from it, and none wins.
    game = layout(["10H JS KS", "4S", "6S", "JH 7S 4H", "AS QS", "6H 9H", "3H 7H AH",
                   "3S 8H 8S", "10S QH", "#2H 2S 5H 5S 9S KH"], off=["S"] * 3 + ["H"] * 3,
                  suits=2)
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.IMPOSSIBLE and result.positions > 1
    assert not engine_verdict(game) and game.legal_steps()


def test_once_the_stock_is_empty_moves_to_equal_positions_are_left_out():
    game = layout(["#2C 9S 8S", "10H", "", ""])
    position, stock = pack(game)
    listed = moves(position)
    assert (0, 3, 1) not in listed and (0, 3, 2) not in listed      # only the first empty
    assert (0, 2, 1) in listed and (0, 2, 2) in listed
    whole = layout(["9S 8S", "10H 9H", "", ""])
    assert (0, 2, 2) not in moves(pack(whole)[0])                    # a whole column
    assert key(apply(pack(whole)[0], (1, 2, 1), ())) == key(apply(pack(whole)[0], (1, 3, 1), ()))


def test_with_cards_in_the_stock_every_empty_column_is_tried():
    game = layout(["#2C 9S 8S", "10H", "", ""], stock=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"])
    listed = moves(pack(game)[0])
    assert {(0, 2, 1), (0, 3, 1), (0, 2, 2), (0, 3, 2)} <= set(listed)


def test_the_score_prefers_order():
    tidy = layout(["#2C 9S 8S 7S", "10H"])
    untidy = layout(["#2C 9S 8H 7S", "10H"])
    assert score(pack(tidy)[0]) < score(pack(untidy)[0])


# -- the compiled search gives what the pure-Python search gives ---------------------------

compiled_only = pytest.mark.skipif(not COMPILED, reason="the compiled search was not built "
                                   "(no C compiler when cardgui was installed)")


def both(game: Spider, limit: int, width: int = 4):
    start, stock = pack(game)
    return (search(start, stock, limit, width, never, compiled=True),
            search(start, stock, limit, width, never, compiled=False))


@compiled_only
@pytest.mark.parametrize("deal, suits", [(1, 1), (2, 2), (3, 4), (5, 1)])
def test_deals_get_the_same_verdict_positions_and_moves(deal, suits):
    compiled, pure = both(Spider(deal, suits=suits), 3000, width=8)
    assert compiled == pure


@compiled_only
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1), st.sampled_from([1, 2, 4]),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=120),
       st.integers(min_value=1, max_value=1500), st.integers(min_value=1, max_value=6))
def test_positions_in_mid_game_agree(deal, suits, picks, limit, width):
    compiled, pure = both(played(deal, suits, picks), limit, width)
    assert compiled == pure


@compiled_only
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_small_positions_agree(game):
    compiled, pure = both(game, 100_000)
    assert compiled == pure and compiled.won is not None


@compiled_only
def test_cancelling_stops_the_compiled_search():
    def cancelled() -> None:
        raise SearchCancelled()

    start, stock = pack(Spider(3, suits=4))
    with pytest.raises(SearchCancelled):
        search(start, stock, 10**6, 8, cancelled, compiled=True)


def test_engine_steps_name_the_columns_and_the_deal():
    steps = engine_steps([(0, 9, 3), (10, 0, 0)])
    assert [str(step) for step in steps] == ["T1>T10x3", "deal"]


# -- the best line, where no win is found ----------------------------------------------


def test_out_of_budget_the_best_line_replays_and_scores_better_than_the_start():
    game = Spider(3, suits=4)
    result = solve(game, Budget(0.05))
    assert result.verdict is Verdict.UNKNOWN and result.best
    copy = game.scratch()
    for step in result.best:
        copy.apply(step)                    # the engine's checked move: raises if illegal
    assert score(pack(copy)[0]) < score(pack(game)[0])


def test_a_lost_position_offers_its_best_line_and_hint_says_it_is_lost():
    game = layout(["10H JS KS", "4S", "6S", "JH 7S 4H", "AS QS", "6H 9H", "3H 7H AH",
                   "3S 8H 8S", "10S QH", "#2H 2S 5H 5S 9S KH"], off=["S"] * 3 + ["H"] * 3,
                  suits=2)
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.IMPOSSIBLE and result.best
    assert checked(game, result) == result          # the best line replays
    advice = hint_from(game, result)
    assert advice.lost and advice.step == result.best[0]
    assert advice.words.startswith("No move leads to a win from here.")


def test_out_of_budget_hint_says_so_and_offers_the_best_lines_first_step():
    game = Spider(3, suits=4)
    result = solve(game, Budget(0.05))
    advice = hint_from(game, result)
    assert not advice.lost and advice.step == result.best[0]
    assert advice.words.startswith("The solver has not found a way to win in time.")
