"""Poker Squares' fast lines and boards agree with the engine's poker hands and scores."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import full_deck, parse_cards
from cardgui.engine.games.pokersquares.game import PokerSquares, dealt_cards
from cardgui.engine.games.pokersquares.lines import (
    EMPTY_LINE,
    add,
    card_code,
    category,
    code_card,
    line_points,
)
from cardgui.engine.games.pokersquares.playout import Board, points_by_category
from cardgui.engine.games.pokersquares.position import GRID_CELLS
from cardgui.engine.poker import AMERICAN, ENGLISH, classify

DECK = full_deck()


def line_of(cards):
    line = EMPTY_LINE
    for card in cards:
        line = add(line, card_code(card))
    return line


def test_codes_name_every_card_once():
    assert sorted(card_code(card) for card in DECK) == list(range(52))
    assert all(code_card(card_code(card)) == card for card in DECK)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True))
def test_a_full_line_is_the_hand_the_engine_classifies(cards):
    line = line_of(cards)
    assert category(line.pattern, line.ranks, line.suits) is classify(cards).category
    for table in (AMERICAN, ENGLISH):
        assert line_points(line, table) == table.points(classify(cards))


@pytest.mark.parametrize("names, kind", [
    ("10H JH QH KH AH", "ROYAL_FLUSH"), ("AS 2S 3S 4S 5S", "STRAIGHT_FLUSH"),
    ("10D JC QH KS AH", "STRAIGHT"), ("AD 2C 3H 4S 5H", "STRAIGHT"),
    ("QD KC AH 2S 3H", "NOTHING"), ("2H 9H 4H KH 7H", "FLUSH"),
    ("9S 9H 9D 9C 2H", "FOUR_OF_A_KIND"), ("9S 9H 2D 2C 2H", "FULL_HOUSE")])
def test_the_boundaries_of_straights_and_flushes(names, kind):
    line = line_of(parse_cards(names.split()))
    assert category(line.pattern, line.ranks, line.suits).name == kind


def test_a_fifth_card_of_a_rank_or_a_sixth_card_does_not_fit():
    with pytest.raises(ValueError):
        add(line_of(parse_cards(["2H", "3H", "4H", "5H", "6H"])), card_code(DECK[0]))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2**31 - 1), st.randoms(use_true_random=False))
def test_a_board_filled_anyhow_scores_what_the_game_scores(deal, chooser):
    cells = list(range(25))
    chooser.shuffle(cells)
    for scoring, table in (("american", AMERICAN), ("english", ENGLISH)):
        game = PokerSquares(deal, scoring)
        board = Board()
        for cell, card in zip(cells, dealt_cards(deal)):
            board.see(card_code(card))
            board.place(cell, card_code(card))
            game.place(GRID_CELLS[cell])
        assert board.score(points_by_category(table)) == game.score


def test_random_placement_scores_about_what_the_issue_measured():
    # The issue measured random placement at 14.4 (American) and 7.7
    # (English); 2,000 deals put the mean within about 1 of it.
    generator = random.Random(7)
    totals = {"american": 0, "english": 0}
    for deal in range(1, 2001):
        cells = list(range(25))
        generator.shuffle(cells)
        board = Board()
        for cell, card in zip(cells, dealt_cards(deal)):
            board.place(cell, card_code(card))
        for name, table in (("american", AMERICAN), ("english", ENGLISH)):
            totals[name] += board.score(points_by_category(table))
    assert abs(totals["american"] / 2000 - 14.4) < 1.2
    assert abs(totals["english"] / 2000 - 7.7) < 0.7
