"""Calculation's solver: its wins replay through the engine, its IMPOSSIBLE is
real, its move generation matches the rules, its budgets are deterministic."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.games.calculation.candidates import candidate_actions
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.position import HAND, STOCK, waste_pile
from cardgui.engine.games.calculation.ranks import to_step
from cardgui.engine.games.calculation.solver import solve
from cardgui.engine.moves import DEAL, IllegalMove, Move
from cardgui.engine.piles import Role, foundation
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


# -- move generation against the engine's rules -----------------------------------------

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


def ranks_of(game: Calculation):
    piles = [[card.rank for card in game.pile(waste_pile(n)).cards] for n in range(1, 5)]
    heights = [len(game.pile(foundation(n))) for n in range(1, 5)]
    hand = game.pile(HAND).top
    return piles, heights, hand.rank if hand else 0, len(game.pile(STOCK))


def random_position(deal: int, moves: list[int]) -> Calculation:
    """Deal ``deal``, played by picking among the legal steps by ``moves``."""
    game = Calculation(deal)
    for pick in moves:
        steps = sorted(legal_steps(game), key=str)
        if not steps:
            break
        game.apply(steps[pick % len(steps)])
    return game


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 10_000), st.lists(st.integers(0, 50), max_size=120))
def test_every_generated_move_is_legal_and_every_legal_move_left_out_is_a_documented_reduction(
        deal, moves):
    game = random_position(deal, moves)
    piles, heights, hand, cards_left = ranks_of(game)
    generated = {to_step(action) for action in candidate_actions(piles, heights, hand, cards_left)}
    legal = legal_steps(game)
    assert generated <= legal
    for step in generated:
        if isinstance(step, Move) and step.source == HAND and step.target.role is Role.TABLEAU:
            trial = Calculation.from_json(game.to_json())
            trial.apply(step)
            trial.apply(DEAL)       # the search deals at once after it: legal too
    def ranks(pile_id):       # suits never matter: piles alike in ranks are alike
        return [card.rank for card in game.pile(pile_id).cards]

    for step in legal - generated:
        assert isinstance(step, Move)
        if step.source == HAND:
            # the hand card onto a waste pile: none once no card is left to
            # turn, else only one of several piles alike
            assert cards_left == 0 or any(
                isinstance(other, Move) and other.source == HAND and other.target != step.target
                and ranks(other.target) == ranks(step.target) for other in generated), step
        else:
            # a waste-pile top: only from one of several piles alike
            assert any(isinstance(other, Move) and other.target == step.target
                       and other.source not in (HAND, step.source)
                       and ranks(other.source) == ranks(step.source) for other in generated), step


def test_an_illegal_step_is_never_generated_for_a_full_hand_deal():
    game = Calculation(5)
    game.deal()
    piles, heights, hand, cards_left = ranks_of(game)
    generated = [to_step(action) for action in candidate_actions(piles, heights, hand, cards_left)]
    assert DEAL not in generated
    with pytest.raises(IllegalMove):
        game.apply(DEAL)
