"""Calculation's advisor: it sees only the player's view, its play replays
through the engine and through Becker's requests, its reasons name the move."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.advice import play_alone
from cardgui.engine.games.calculation.advisor import (
    LONGEST_PLAYOUT,
    NoAdvice,
    advise,
    advise_by_playouts,
    draws_for,
    play_deal,
)
from cardgui.engine.games.calculation.endgame import chance_of_winning, move_values
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.position import STOCK
from cardgui.engine.games.calculation.ranks import to_step
from cardgui.engine.games.calculation.requests import request_of, requests_of
from cardgui.engine.games.calculation.view import view_of
from cardgui.engine.moves import DEAL, Move
from cardgui.engine.piles import Role
from tests.played import text_program

FAST = 0.01          # seconds a card: a few play-outs, enough to exercise them


@pytest.fixture(scope="module")
def demo():
    return play_deal(5, FAST)


def test_the_advisors_play_replays_through_checked_moves(demo):
    game = Calculation(5)
    for step in demo.steps:
        game.apply(step)
    assert game.is_over
    assert (game.is_won, game.score) == (demo.won, demo.score)
    assert demo.steps.count(DEAL) == 48


def test_the_requests_replay_in_the_terminal_front_end_to_the_same_end(demo):
    game = Calculation(5)
    for step in demo.steps:
        game.apply(step)
    requests = "\n".join(requests_of(demo.steps)) + "\n"
    status, out, _ = text_program("calculation", requests, deal=5)
    assert status == 0 and json.loads(out) == game.to_json()


def test_requests_are_beckers_forms():
    assert request_of(DEAL) == "d"
    assert request_of(Move.parse("W1>F2")) == "m h f 2"
    assert request_of(Move.parse("W1>T3")) == "m h w 3"
    assert request_of(Move.parse("T1>F4")) == "m w 1 f 4"
    with pytest.raises(ValueError):
        request_of(Move.parse("T1>T2"))


def part_played(deal: int, steps: int) -> Calculation:
    game = Calculation(deal)
    for step in play_deal(deal, FAST).steps[:steps]:
        game.apply(step)
    return game


def with_stock_reordered(game: Calculation, seed: int) -> Calculation:
    """The same position with the face-down cards in another order."""
    data = game.to_json()
    stock = list(data["stock"])
    random.Random(seed).shuffle(stock)
    data["stock"] = stock
    return Calculation.from_json(data)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([3, 5, 8]), st.integers(0, 60), st.integers(0, 10**6))
def test_positions_that_differ_only_in_cards_not_yet_seen_get_the_same_advice(deal, steps, seed):
    game = part_played(deal, steps)
    other = with_stock_reordered(game, seed)
    assert view_of(other) == view_of(game)
    try:
        expected = advise(view_of(game), FAST)
    except NoAdvice:
        with pytest.raises(NoAdvice):
            advise(view_of(other), FAST)
        return
    assert advise(view_of(other), FAST) == expected


def test_the_view_holds_no_order_of_the_cards_to_come():
    game = part_played(3, 30)
    view = view_of(game)
    assert view.cards_left == len(game.pile(STOCK))
    assert view.unseen == frozenset(game.pile(STOCK).cards)
    assert not view.seen & view.unseen


def test_the_same_view_and_setting_always_get_the_same_advice():
    view = view_of(part_played(8, 25))
    assert advise(view, 0.05) == advise(view, 0.05)


def test_reasons_name_the_card_and_where_it_goes():
    game = Calculation(3)
    kinds = set()
    while not game.is_over and len(kinds) < 3:
        advice = advise(view_of(game), FAST)
        step = advice.step
        if step == DEAL:
            assert advice.reason.startswith("Turn up the next card")
            kinds.add("deal")
        else:
            assert isinstance(step, Move)
            card = game.pile(step.source).top
            number = step.target.index
            assert advice.reason.startswith(f"{card} ")
            if step.target.role is Role.FOUNDATION:
                assert f"foundation {number}" in advice.reason
            else:
                assert f"waste pile {number}" in advice.reason
            kinds.add("up" if step.target.role is Role.FOUNDATION else "down")
        game.apply(step)
    assert kinds == {"deal", "up", "down"}


def test_no_advice_once_the_game_is_over(demo):
    game = Calculation(5)
    for step in demo.steps:
        game.apply(step)
    with pytest.raises(NoAdvice):
        advise(view_of(game), FAST)


def test_a_bad_setting_is_refused():
    with pytest.raises(ValueError):
        advise(view_of(Calculation(1)), 0)



@given(st.integers(1, 20_000), st.integers(1, 4), st.integers(1, 47))
def test_a_hint_buys_the_same_cards_placed_at_every_stage(playouts, candidates, to_come):
    draws = draws_for(playouts, candidates, to_come)
    budget = playouts * LONGEST_PLAYOUT
    assert draws >= 1
    assert draws == 1 or draws * candidates * to_come <= budget
    assert (draws + 1) * candidates * to_come > budget
    if to_come < LONGEST_PLAYOUT:
        assert draws >= draws_for(playouts, candidates, LONGEST_PLAYOUT)


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([3, 5, 8]), st.integers(0, 60), st.integers(0, 10**6))
def test_another_stream_of_imagined_orders_cannot_peek_either(deal, steps, seed):
    game = part_played(deal, steps)
    other = with_stock_reordered(game, seed)
    try:
        expected = advise_by_playouts(view_of(game), 40, stream=3)
    except NoAdvice:
        with pytest.raises(NoAdvice):
            advise_by_playouts(view_of(other), 40, stream=3)
        return
    assert advise_by_playouts(view_of(other), 40, stream=3) == expected


def test_the_window_draws_from_stream_0_and_other_streams_play_otherwise():
    view = view_of(part_played(8, 25))
    assert advise_by_playouts(view, 40) == advise_by_playouts(view, 40, stream=0)
    games = {stream: play_deal(3, playouts=40, stream=stream).steps for stream in range(3)}
    assert games[0] == play_deal(3, playouts=40).steps
    assert games[0] != games[1] or games[0] != games[2]


def test_a_negative_stream_is_refused():
    with pytest.raises(ValueError):
        advise_by_playouts(view_of(Calculation(1)), 40, stream=-1)


def test_at_the_end_a_top_waits_for_the_foundation_that_wins():
    # Deal 18's end as the advisor once lost it (test_calculation_endgames):
    # the ten of diamonds fits foundation 3 now, but it must wait for
    # foundation 1; the eight of diamonds goes up first.
    from .test_calculation_endgames import DEAL_18_END
    from .test_calculation_solver import position
    game = position(**DEAL_18_END)
    advice = advise(view_of(game))
    assert advice.step == Move.parse("T4>F1")
    assert "chance of winning 100%" in advice.reason
    play_alone(game, lambda played: advise(view_of(played)))
    assert game.is_won


def test_at_the_end_the_advice_is_the_move_with_the_best_exact_chance():
    # Endings drawn at random (test_calculation_endgames.random_ending): the
    # advised move is one whose exact chance is the position's own.
    from .test_calculation_endgames import exact_position, random_ending
    for seed in (2890, 1155, 2443, 28):
        game = random_ending(seed, 10, 3)
        piles, heights, hand, to_come = exact_position(game)
        values = move_values(piles, heights, hand, to_come)
        chance = chance_of_winning(piles, heights, hand, to_come)
        if chance == 0.0:
            continue
        advice = advise(view_of(game))
        assert advice.step in {to_step(action) for action, value in values
                               if math.isclose(value, chance)}
