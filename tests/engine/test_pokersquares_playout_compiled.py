"""Poker Squares' compiled look-ahead and self-play give exactly what the
pure-Python ones give: the same worths for every cell, the same sums and
work looking ahead, so the same advice for the same plan, and the same
credits from the same games of self-play."""

from __future__ import annotations

import random
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.games.pokersquares.advisor import advise_by_work, policy_for
from cardgui.engine.games.pokersquares.game import PokerSquares
from cardgui.engine.games.pokersquares.line_features import KEY_COUNT
from cardgui.engine.games.pokersquares.playout import (
    COMPILED,
    ROW,
    Policy,
    cell_values,
    expect_sums,
    look_ahead_cost,
    points_by_category,
    self_play,
    unseen_codes,
)
from cardgui.engine.games.pokersquares.view import view_of
from cardgui.engine.poker import AMERICAN, ENGLISH

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled look-ahead was not built "
                                "(no C compiler when cardgui was installed)")


def grid(seed: int, placed: int) -> tuple[list[int], int]:
    """A grid with ``placed`` cards in random cells, and the card in hand."""
    generator = random.Random(seed)
    deck = list(range(52))
    generator.shuffle(deck)
    cells = [-1] * 25
    for cell, code in zip(generator.sample(range(25), placed), deck):
        cells[cell] = code
    return cells, deck[placed]


def random_policy(seed: int) -> Policy:
    """Values drawn at random, so that every feature and every rival count
    weighs something and a slip in either implementation shows."""
    generator = random.Random(seed)
    values = array("i", (generator.randrange(-500, 3000) for _ in range(KEY_COUNT * ROW)))
    return Policy(values, points_by_category(AMERICAN))


POLICIES = [policy_for("american"), policy_for("english"), random_policy(1),
            Policy(random_policy(2).values, points_by_category(ENGLISH))]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 24), st.sampled_from(range(len(POLICIES))))
def test_every_cell_is_worth_the_same(seed, placed, which):
    cells, code = grid(seed, placed)
    policy = POLICIES[which]
    assert cell_values(cells, code, policy, compiled=True) \
        == cell_values(cells, code, policy, compiled=False)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(14, 23), st.sampled_from(range(len(POLICIES))),
       st.integers(1, 3), st.integers(1, 3))
def test_looking_ahead_gives_the_same_sums_for_the_same_work(seed, placed, which, depth, width):
    while look_ahead_cost(25 - placed, depth, width) > 10_000:    # the pure side stays quick
        placed += 1
    cells, code = grid(seed, placed)
    empty = [cell for cell in range(25) if cells[cell] < 0]
    candidates = random.Random(seed).sample(empty, min(2, len(empty)))
    policy = POLICIES[which]
    compiled = expect_sums(cells, code, candidates, depth, width, policy, compiled=True)
    assert compiled == expect_sums(cells, code, candidates, depth, width, policy, compiled=False)
    assert compiled[1] == len(candidates) * look_ahead_cost(25 - placed, depth, width)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 22), st.integers(1, 4))
def test_one_card_ahead_is_the_mean_of_the_greedy_worths_over_every_card_that_may_come(
        seed, placed, depth):
    cells, code = grid(seed, placed)
    cell = cells.index(-1)
    policy = POLICIES[seed % len(POLICIES)]
    after = list(cells)
    after[cell] = code
    expected = sum(max(cell_values(after, other, policy, compiled=True))
                   for other in unseen_codes(cells, code))
    assert expect_sums(cells, code, [cell], 1, 1, policy, compiled=True)[0] == [expected]


@pytest.mark.parametrize("deal, placed, work", [(3, 14, 40_000), (8, 19, 40_000),
                                                (21, 22, 20_000)])
def test_the_same_plan_gives_the_same_advice(deal, placed, work):
    game = PokerSquares(deal)
    for _ in range(placed):
        game.place(game.empty_cells()[placed % len(game.empty_cells())])
    view = view_of(game)
    compiled = advise_by_work(view, work, compiled=True)
    assert compiled == advise_by_work(view, work, compiled=False)
    assert "over every card that may come next" in compiled.reason


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 3), st.sampled_from(range(len(POLICIES))))
def test_self_play_credits_the_same_games_the_same_way(seed, games, which):
    generator = random.Random(seed)
    decks = bytearray()
    explore = bytearray()
    for _ in range(games):
        deck = list(range(52))
        generator.shuffle(deck)
        decks += bytes(deck[:25])
        explore += bytes(generator.randrange(25 - card) if generator.random() < 0.3 else 255
                         for card in range(25))
    found = []
    for compiled in (True, False):
        totals = array("q", bytes(8 * KEY_COUNT * ROW))
        counts = array("q", bytes(8 * KEY_COUNT * ROW))
        self_play(bytes(decks), bytes(explore), POLICIES[which], totals, counts, compiled)
        found.append((totals, counts))
    assert found[0] == found[1]
    # every card leaves its filling lines credited: at most ten a card, at least one
    assert games * 25 <= sum(found[0][1]) <= games * 25 * 10


def test_bad_input_is_refused_by_both():
    cells, code = grid(1, 5)
    policy = POLICIES[0]
    full = next(cell for cell in range(25) if cells[cell] >= 0)
    for compiled in (True, False):
        with pytest.raises(ValueError):
            expect_sums(cells, code, [full], 1, 1, policy, compiled=compiled)
        with pytest.raises(ValueError):
            expect_sums(cells, code, [cells.index(-1)], 0, 1, policy, compiled=compiled)
        with pytest.raises(ValueError):
            self_play(bytes(range(24)), bytes(24), policy, array("q"), array("q"), compiled)
        with pytest.raises(ValueError):
            self_play(bytes([1] * 25), bytes(25), policy, array("q"), array("q"), compiled)
    with pytest.raises(ValueError):
        cell_values(cells[:24], code, policy, compiled=True)
    with pytest.raises(ValueError):
        cell_values(cells, cells[full], policy, compiled=True)
