"""The Klondike solver's free-stock relaxation (``solver.py``, "The free-stock
relaxation"): draw one with unlimited passes, searched with rule 7 (a pile
card put onto a stack is held until a card is put onto it).  It loses no win
of draw one, its lines are draw one's, its compiled and pure searches agree,
and what it proves lost is lost in the position's own game."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardgui.engine.games.klondike.compact import UNLIMITED, CompactPosition, Rules
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.solver import engine_steps, free_stock, solve
from cardgui.engine.games.klondike.solver_moves import HELD_PILE_SOURCE, apply, generate
from cardgui.engine.games.klondike.solver_search import COMPILED, search
from cardgui.engine.search.budget import Budget
from cardgui.engine.search.result import Verdict
from tests.engine.klondike_search import (
    VARIANT_RULES,
    copy_of,
    engine_can_win,
    played,
    small_positions,
)

RELAXED = Rules(draw=1, take_back=False, pile_used_at_once=True)
compiled_only = pytest.mark.skipif(not COMPILED, reason="the compiled search was not built")


def never() -> None:
    return None


def in_draw_one(game: Klondike) -> Klondike:
    """The same cards as a game of draw one with unlimited passes, no take-backs."""
    data = dict(game.to_json())
    data.pop("rules", None)
    return Klondike.from_json(data, complete=False, draw=1, passes="unlimited", take_back=False)


def relaxed(game: Klondike) -> CompactPosition:
    return dataclasses.replace(CompactPosition.of(game), passes=UNLIMITED, rules=RELAXED)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(variants=True))
def test_small_positions_get_draw_one_s_verdict_of_an_unpruned_exhaustive_search(game):
    draw_one = in_draw_one(game)
    outcome = search(relaxed(game), 100_000, never, compiled=False)
    assert outcome.won is not None
    assert outcome.won == engine_can_win(draw_one)
    if outcome.won:
        copy = copy_of(draw_one)
        for step in engine_steps(relaxed(game), outcome.moves):
            copy.apply(step)
        assert copy.is_won


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(variants=True))
def test_what_the_relaxation_proves_lost_is_lost_in_the_position_s_own_game(game):
    start = free_stock(CompactPosition.of(game))
    assume(start is not None)
    assert start is not None
    if search(start, 100_000, never, compiled=False).won is False:
        assert not engine_can_win(game)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=60))
def test_a_held_card_is_what_the_next_move_puts_a_card_onto(deal, picks):
    state = relaxed(played(deal, picks)).state
    held_plays = [move for move in generate(state, RELAXED) if move.source == HELD_PILE_SOURCE]
    for move in held_plays:
        after = apply(move, state)
        card = state[2][move.slot]
        assert after[5] == 1 << card and after[0][move.target][-1] == card
        for following in generate(after, RELAXED):
            assert following.target == move.target


def test_without_the_rule_pile_cards_are_not_held():
    state = relaxed(Klondike(2)).state
    plain = generate(state, Rules(draw=1))
    assert all(move.source != HELD_PILE_SOURCE for move in plain)
    assert any(move.source == HELD_PILE_SOURCE for move in generate(state, RELAXED))


@pytest.mark.parametrize("rules", [rules for rules in VARIANT_RULES if rules["take_back"]]
                         + [dict(draw=1, passes="unlimited", take_back=False)], ids=str)
def test_there_is_no_relaxation_with_take_backs_or_of_draw_one_itself(rules):
    assert free_stock(CompactPosition.of(Klondike(2, **rules))) is None


@compiled_only
@pytest.mark.parametrize("deal", range(1, 13))
def test_the_compiled_relaxation_gets_the_same_verdict_positions_and_moves(deal):
    start = relaxed(Klondike(deal))
    compiled = search(start, 4000, never, compiled=True, first_run=300)
    assert compiled == search(start, 4000, never, compiled=False, first_run=300)


@compiled_only
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=1, max_value=2**31 - 1),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=60),
       st.integers(min_value=1, max_value=3000),
       st.integers(min_value=1, max_value=1000))
def test_the_compiled_relaxation_agrees_in_mid_game(deal, picks, limit, first_run):
    start = relaxed(played(deal, picks))
    compiled = search(start, limit, never, compiled=True, first_run=first_run)
    assert compiled == search(start, limit, never, compiled=False, first_run=first_run)


@compiled_only
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(variants=True))
def test_the_compiled_relaxation_agrees_on_small_positions(game):
    start = relaxed(game)
    compiled = search(start, 100_000, never, compiled=True)
    assert compiled == search(start, 100_000, never, compiled=False)


@compiled_only
def test_the_compiled_search_refuses_the_rule_outside_draw_one():
    start = CompactPosition.of(Klondike(2))
    with pytest.raises(ValueError):
        search(dataclasses.replace(start, rules=Rules(draw=3, pile_used_at_once=True)), 10,
               never, compiled=True)


@compiled_only
def test_a_deal_its_own_search_leaves_unknown_at_ten_seconds_is_proved_lost():
    # Deal 223 of the book's game: its own search needs 10.25 million
    # positions; the relaxation proves it lost in some 226,000.
    result = solve(Klondike(223), Budget(10))
    assert result.verdict is Verdict.IMPOSSIBLE
    assert result.positions < 300_000
