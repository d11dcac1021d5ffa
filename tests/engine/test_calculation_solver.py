"""Calculation's solver: its wins replay through the engine, its IMPOSSIBLE is
real, its budgets are deterministic."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.position import HAND, STOCK, waste_pile
from cardgui.engine.games.calculation.solver import engine_step, engine_steps, solve, start_of
from cardgui.engine.games.calculation.solver_search import COMPILED as SEARCH_COMPILED
from cardgui.engine.games.calculation.solver_search import search
from cardgui.engine.moves import DEAL, Move
from cardgui.engine.piles import foundation
from cardgui.engine.search.budget import Budget, SearchCancelled
from cardgui.engine.search.result import Verdict

QUICK_DEALS = [5, 9, 17, 27]        # each solved in a few hundred positions


def replay(game: Calculation, steps) -> Calculation:
    for step in steps:
        game.apply(step)        # checked: raises IllegalMove on any illegal step
    return game


@pytest.mark.parametrize("deal", QUICK_DEALS)
def test_a_winnable_answer_replays_to_a_win_through_checked_moves(deal):
    result = solve(Calculation(deal), Budget(1))
    assert result.verdict is Verdict.WINNABLE
    assert replay(Calculation(deal), result.steps).is_won


def test_the_solver_does_not_change_the_game_it_is_given():
    game = Calculation(5)
    before = game.state()
    solve(game, Budget(1))
    assert game.state() == before


def test_it_solves_from_the_middle_of_a_game_with_a_card_in_hand():
    game = Calculation(9)
    first = solve(Calculation(9), Budget(1))
    replay(game, first.steps[:20])
    assert game.pile(HAND).cards or game.pile(STOCK).cards
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.WINNABLE
    assert replay(game, result.steps).is_won


def position(stock, hand, waste, foundations):
    """A game in a position given by card names (stock: last turned next)."""
    return Calculation.from_json({
        "deal": 1, "stock": stock.split(), "hand": hand,
        "foundations": [pile.split() for pile in foundations],
        "waste": [pile.split() for pile in waste]}, complete=False)


# Foundations 1-4 with every card but the kings; they need K, K, K, K.
ALL_BUT_KINGS = ["AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
                 "2D 4D 6D 8D 10D QD AD 3D 5D 7D 9D JD",
                 "3H 6H 9H QH 2H 5H 8H JH AH 4H 7H 10H",
                 "4S 8S QS 3S 7S JS 2S 6S 10S AS 5S 9S"]


def test_a_won_position_needs_no_steps():
    game = position("", None, ["", "", "", ""],
                    [pile + f" K{suit}" for pile, suit in zip(ALL_BUT_KINGS, "CDHS")])
    assert game.is_won
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.WINNABLE and result.steps == ()


def test_kings_to_come_are_winnable_in_four_deals():
    game = position("KC KD KH KS", None, ["", "", "", ""], ALL_BUT_KINGS)
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.WINNABLE
    assert replay(game, result.steps).is_won


def test_a_deadlocked_position_is_proven_impossible():
    foundations = ["AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"] + ALL_BUT_KINGS[1:]   # needs J, K, K, K
    # Foundation 1 needs the jack at the bottom of the only waste pile; three
    # kings can go up on foundations 2-4, but the queen and the last king
    # wait for foundation 1, which waits for the jack beneath them.
    game = position("", None, ["JC QC KC KD KH KS", "", "", ""], foundations)
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.IMPOSSIBLE
    assert result.steps == ()


def test_the_king_to_play_first_is_the_one_on_the_queen():
    # Foundation 4 wants a king, foundation 1 its queen, foundation 3 a seven.
    # Only the king on the queen may go up first: then the queen, the other
    # king (to foundation 1), the seven, the ten and the last king.  Sending
    # the lone king up first ("kings are alike") leaves the other on the
    # queen for good.  The complete stage once called this impossible.
    foundations = [ALL_BUT_KINGS[0][:-3], ALL_BUT_KINGS[1] + " KD",
                   "3H 6H 9H QH 2H 5H 8H JH AH 4H", ALL_BUT_KINGS[3]]
    game = position("", None, ["", "KH", "10H", "KC 7H QC KS"], foundations)
    for compiled in (False, True):
        if compiled and not SEARCH_COMPILED:
            continue
        complete = search(start_of(game), 10_000, lambda: None, compiled=compiled,
                          directed=False)
        assert complete.won is True
        assert replay(Calculation.from_json(game.to_json()), engine_steps(complete.line)).is_won
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.WINNABLE
    assert replay(game, result.steps).is_won


def test_impossible_with_cards_still_to_come():
    foundations = ["AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"] + ALL_BUT_KINGS[1:]   # needs J, K, K, K
    # The queen lies on the jack foundation 1 needs; nothing else takes a
    # queen, so whatever is done with the four kings to come, it stays stuck.
    game = position("KC KD KH KS", None, ["JC QC", "", "", ""], foundations)
    result = solve(game, Budget(1))
    assert result.verdict is Verdict.IMPOSSIBLE


def test_a_tiny_budget_on_a_hard_deal_is_unknown_and_budgets_are_deterministic():
    first = solve(Calculation(13), Budget(0.005))
    second = solve(Calculation(13), Budget(0.005))
    assert first.verdict is Verdict.UNKNOWN
    assert (first.verdict, first.steps, first.positions) == \
        (second.verdict, second.steps, second.positions)


def test_a_cancelled_search_stops():
    with pytest.raises(SearchCancelled):
        solve(Calculation(13), Budget(5, cancelled=lambda: True))


# -- random positions, and the complete stage alone ---------------------------------------

def legal_steps(game: Calculation) -> set:
    """Every single step the engine allows, found by asking its rules."""
    steps = set()
    sources = [HAND] + [waste_pile(n) for n in range(1, 5)]
    targets = [foundation(n) for n in range(1, 5)] + [waste_pile(n) for n in range(1, 5)]
    for source in sources:
        pile = game.pile(source)
        if not pile.cards:
            continue
        for target in targets:
            if game.refusal(source, len(pile) - 1, target) is None:
                steps.add(Move(source, target))
    if game.pile(HAND).is_empty and game.pile(STOCK).cards:
        steps.add(DEAL)
    return steps


def random_position(deal: int, moves: list[int]) -> Calculation:
    """Deal ``deal``, played by picking among the legal steps by ``moves``."""
    game = Calculation(deal)
    for pick in moves:
        steps = sorted(legal_steps(game), key=str)
        if not steps:
            break
        game.apply(steps[pick % len(steps)])
    return game


def never() -> None:
    return None


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 10_000), st.lists(st.integers(0, 50), max_size=90))
def test_a_winning_line_from_a_random_position_replays_to_a_win(deal, moves):
    game = random_position(deal, moves)
    result = solve(game, Budget(0.02))
    if result.verdict is Verdict.WINNABLE:
        assert replay(Calculation.from_json(game.to_json()), result.steps).is_won
    else:
        assert result.steps == ()


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 10_000), st.lists(st.integers(0, 50), max_size=90))
def test_the_complete_stage_alone_wins_by_legal_steps(deal, moves):
    game = random_position(deal, moves)
    outcome = search(start_of(game), 20_000, never, directed=False)
    if outcome.won:
        assert replay(Calculation.from_json(game.to_json()), engine_steps(outcome.line)).is_won


def test_action_codes_name_the_engine_steps():
    assert engine_step(0) == DEAL
    assert engine_step(1) == Move(HAND, foundation(1))
    assert engine_step(8) == Move(HAND, waste_pile(4))
    assert engine_step(9) == Move(waste_pile(1), foundation(1))
    assert engine_step(24) == Move(waste_pile(4), foundation(4))
    with pytest.raises(ValueError):
        engine_step(25)
