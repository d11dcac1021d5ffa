"""The FreeCell solver's search and what it promises: complete at the
default budget for the deal no one wins, the budget counted in positions
reached, its random numbers SplitMix64's, and scratch copies that follow a
line as the checked moves would."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.deals import MICROSOFT_MAX_DEAL
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.packed import autoplay, pack
from cardgui.engine.games.freecell.position import CELLS, COLUMNS, FOUNDATIONS
from cardgui.engine.games.freecell.search import OUT_OF_BUDGET, search
from cardgui.engine.games.freecell.solver import POSITIONS_PER_SECOND, solve
from cardgui.engine.moves import IllegalMove, Move
from cardgui.engine.search.budget import Budget
from cardgui.engine.search.result import Verdict
from cardgui.engine.search.splitmix import SplitMix

from .freecell_layouts import layout
from .test_freecell_packed import random_position

PILES = CELLS + COLUMNS + FOUNDATIONS

DEFAULT_BUDGET = Budget(10)      # cardgui solve's and the window's verdict


def test_the_deal_no_one_wins_is_searched_through_at_the_default_budget():
    result = solve(FreeCell(11982), DEFAULT_BUDGET)
    assert result.verdict is Verdict.IMPOSSIBLE
    assert result.positions == 61_643       # every position reachable, once


def test_the_budget_counts_positions_reached():
    limit = 2_000
    outcome = search(autoplay(pack(FreeCell(11982)))[0], limit, 0, lambda: None)
    assert outcome.status == OUT_OF_BUDGET
    # It stops before expanding once the limit is reached, so only the last
    # position expanded (a hundred or so moves at most) takes it past.
    assert limit <= outcome.positions < limit + 150


def test_a_budget_s_seconds_become_positions_at_the_solver_s_rate():
    budget = Budget(0.004)
    result = solve(FreeCell(11982), budget)
    assert result.verdict is Verdict.UNKNOWN
    assert budget.positions(POSITIONS_PER_SECOND) <= result.positions


def test_the_random_numbers_are_splitmix64():
    # The first outputs of SplitMix64 seeded with 0 (Steele, Lea and Flood's
    # reference, as Java's SplittableRandom gives them).
    numbers = SplitMix(0)
    assert numbers.below(2**64) == 0xE220A8397B1DCDAF
    assert numbers.below(2**64) == 0x6E789E6AA1B965F4
    assert SplitMix(0).below(10) == 0xE220A8397B1DCDAF % 10


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=MICROSOFT_MAX_DEAL),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=40),
       st.integers(min_value=0, max_value=10**6), st.booleans())
def test_a_scratch_copy_follows_a_move_as_the_checked_move_does(deal, picks, pick, autoplay_on):
    game = random_position(deal, picks, autoplay_on)
    moves = game.legal_moves()
    if not moves:
        return
    move = moves[pick % len(moves)]
    checked, ahead = game.detached(), game.scratch()
    checked.apply(move)
    ahead.apply(move)
    assert dict(ahead.piles) == dict(checked.piles)
    assert not ahead.can_undo


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=MICROSOFT_MAX_DEAL),
       st.lists(st.integers(min_value=0, max_value=10**6), max_size=40),
       st.sampled_from(PILES), st.sampled_from(PILES), st.integers(min_value=1, max_value=6))
def test_a_scratch_copy_takes_or_refuses_any_move_as_the_checked_move_does(
        deal, picks, source, target, count):
    # Legal or not (too many cards, a covered card, the wrong pile): the
    # scratch copy's quicker path gives the same answer and the same table.
    game = random_position(deal, picks, autoplay_on=False)
    checked, ahead = game.detached(), game.scratch()
    move = Move(source, target, count)
    refusals = []
    for copy in (checked, ahead):
        try:
            copy.apply(move)
            refusals.append(None)
        except IllegalMove as refused:
            refusals.append(str(refused))
    assert refusals[0] == refusals[1]
    assert dict(ahead.piles) == dict(checked.piles)


def test_a_scratch_copy_refuses_what_the_rules_refuse_and_changes_nothing():
    game = layout(["KS QH", "5D"]).scratch()
    before = dict(game.piles)
    with pytest.raises(IllegalMove, match="cannot go onto"):
        game.apply(Move.parse("T2>T1"))
    with pytest.raises(IllegalMove):
        game.apply(Move.parse("T2>T1x3"))
    assert dict(game.piles) == before
