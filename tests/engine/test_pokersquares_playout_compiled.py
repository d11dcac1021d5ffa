"""Poker Squares' compiled play-outs give exactly what the pure-Python ones
give: the same worths for every cell, the same totals for the same seed, and
so the same advice for the same number of play-outs; and the compiled
self-play the same credits as the pure one from the same games."""

from __future__ import annotations

import random
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.games.pokersquares.advisor import advise_by_playouts, policy_for
from cardgui.engine.games.pokersquares.game import PokerSquares
from cardgui.engine.games.pokersquares.line_features import KEY_COUNT
from cardgui.engine.games.pokersquares.playout import (
    COMPILED,
    ROW,
    Policy,
    cell_values,
    play_outs,
    points_by_category,
    self_play,
)
from cardgui.engine.games.pokersquares.view import view_of
from cardgui.engine.poker import AMERICAN, ENGLISH

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled play-outs were not built "
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


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 24), st.sampled_from(range(len(POLICIES))),
       st.integers(0, 2**64 - 1), st.integers(1, 4), st.integers(1, 25))
def test_the_same_seed_plays_the_same_futures_to_the_same_totals(seed, placed, which,
                                                                 futures, count, depth):
    cells, code = grid(seed, placed)
    empty = [cell for cell in range(25) if cells[cell] < 0]
    candidates = random.Random(seed).sample(empty, min(3, len(empty)))
    policy = POLICIES[which]
    assert play_outs(cells, code, candidates, count, futures, policy, depth, compiled=True) \
        == play_outs(cells, code, candidates, count, futures, policy, depth, compiled=False)


@pytest.mark.parametrize("deal, placed", [(3, 14), (8, 19), (21, 22)])
def test_the_same_play_outs_give_the_same_advice(deal, placed):
    game = PokerSquares(deal)
    for _ in range(placed):
        game.place(game.empty_cells()[placed % len(game.empty_cells())])
    view = view_of(game)
    compiled = advise_by_playouts(view, 400, compiled=True)
    assert compiled == advise_by_playouts(view, 400, compiled=False)
    assert compiled.reason.endswith("over play-outs).")


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
            play_outs(cells, code, [full], 1, 1, policy, compiled=compiled)
        with pytest.raises(ValueError):
            play_outs(cells, code, [cells.index(-1)], 1, 1, policy, 0, compiled=compiled)
        with pytest.raises(ValueError):
            self_play(bytes(range(24)), bytes(24), policy, array("q"), array("q"), compiled)
        with pytest.raises(ValueError):
            self_play(bytes([1] * 25), bytes(25), policy, array("q"), array("q"), compiled)
    with pytest.raises(ValueError):
        cell_values(cells[:24], code, policy, compiled=True)
    with pytest.raises(ValueError):
        cell_values(cells, cells[full], policy, compiled=True)
