"""Poker Squares' advisor: it sees only the player's view, its play replays
through the engine and through typed cells, its score is recomputed from the
final grid, its reasons name the cell."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import Card, full_deck
from cardgui.engine.games.pokersquares.advisor import (
    NoAdvice,
    advise,
    advise_by_playouts,
    distinct_cells,
    play_deal,
)
from cardgui.engine.games.pokersquares.cells import cell_of, cells_of
from cardgui.engine.games.pokersquares.game import PokerSquares
from cardgui.engine.games.pokersquares.lines import card_code
from cardgui.engine.games.pokersquares.playout import Board
from cardgui.engine.games.pokersquares.position import GRID_CELLS, STOCK, cell_name
from cardgui.engine.games.pokersquares.view import view_of
from cardgui.engine.moves import DEAL, Move
from cardgui.engine.piles import Pile
from cardgui.engine.poker import classify, scoring_table
from tests.engine.harvey_poker import grid_score, pokerhand
from tests.played import text_program

FAST = 0.03          # seconds a card: play-outs for the best two or three cells


@pytest.fixture(scope="module", params=["american", "english"])
def demo(request):
    return play_deal(42, request.param, FAST)


def test_the_advisors_play_replays_through_checked_moves(demo):
    game = PokerSquares(42, demo.scoring)
    for step in demo.steps:
        game.apply(step)
    assert game.is_over
    assert [[card.name for card in row] for row in game.grid()] == [list(row) for row in demo.grid]
    assert demo.score == game.score
    assert list(demo.cells) == cells_of(demo.steps)
    assert sorted(demo.cells) == sorted(cell_name(cell) for cell in GRID_CELLS)


def test_the_score_recomputed_from_the_final_grid_with_the_poker_classifier(demo):
    table = scoring_table(demo.scoring)
    rows = [[Card.parse(name) for name in row] for row in demo.grid]
    columns = [list(column) for column in zip(*rows)]
    assert demo.score == sum(table.points(classify(line)) for line in rows + columns)


def test_the_score_recomputed_from_the_final_grid_by_harveys_classifier(demo):
    rows = [[Card.parse(name) for name in row] for row in demo.grid]
    assert demo.score == grid_score(rows, demo.scoring)


def test_the_cells_replay_in_the_terminal_front_end_to_the_same_grid(demo):
    words = " ".join(demo.cells)
    status, out, err = text_program("pokersquares", words, deal=42, scoring=demo.scoring)
    assert status == 0
    final = json.loads(out)
    assert err == ""
    assert final["grid"] == [list(row) for row in demo.grid]
    assert final["score"] == demo.score


def test_cells_are_written_as_typed():
    assert cell_of(Move(STOCK, GRID_CELLS[7])) == "c2"
    with pytest.raises(ValueError):
        cell_of(DEAL)


def with_future_reshuffled(game: PokerSquares, seed: int) -> PokerSquares:
    """The same position, the cards after the next one in another order and
    some of them swapped for cards the deal never turns: a deal that differs
    only in cards not yet seen."""
    stock = list(game.pile(STOCK).cards)       # bottom to top; the top is the next card
    out = {card for row in game.grid() for card in row if card} | set(stock)
    spare = sorted(set(full_deck()) - out)
    rest = stock[:-1]
    generator = random.Random(seed)
    for index in range(0, len(rest), 2):
        if spare:
            rest[index] = spare.pop(generator.randrange(len(spare)))
    generator.shuffle(rest)
    twin = PokerSquares(game.deal_number, game.scoring.name)
    for cell in GRID_CELLS:
        card = game.card_at(cell)
        if card is not None:
            twin._piles[cell] = Pile.face_up([card])
    twin._piles[STOCK] = Pile(tuple(rest + stock[-1:]), len(rest))
    return twin


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 10_000), st.integers(0, 23), st.integers(0, 10**6))
def test_deals_that_differ_only_in_cards_not_yet_seen_get_the_same_advice(deal, placed, seed):
    game = PokerSquares(deal)
    for _ in range(placed):
        game.place(game.empty_cells()[0])
    twin = with_future_reshuffled(game, seed)
    assert [list(twin.pile(STOCK).cards)] != [list(game.pile(STOCK).cards)] or placed >= 23
    assert view_of(twin) == view_of(game)
    assert advise(view_of(twin), FAST) == advise(view_of(game), FAST)


def test_the_same_view_and_setting_always_get_the_same_advice():
    game = PokerSquares(9)
    for _ in range(6):
        game.place(game.empty_cells()[-1])
    assert advise(view_of(game), 0.02) == advise(view_of(game), 0.02)


def test_reasons_name_the_card_the_cell_and_a_line():
    game = PokerSquares(7)
    for _ in range(25):
        advice = advise(view_of(game), FAST)
        name = cell_name(advice.step.target)
        assert advice.reason.startswith(f"{game.next_card} to {name}: ")
        row, column = name[1], name[0]
        assert f"row {row}" in advice.reason or f"column {column}" in advice.reason
        game.apply(advice.step)
    with pytest.raises(NoAdvice):
        advise(view_of(game), FAST)


def test_a_flush_in_the_making_is_kept_open():
    rows = ["AS 3D 2H 5C 8S",
            "4C 6S 7H 10D JC",
            "8D 10C 9H QS 3C",
            "6D 9C .. JD 2S",
            "5D QC .. 4S .."]
    game = PokerSquares(1)
    for row, line in enumerate(rows):
        for column, name in enumerate(line.split()):
            if name != "..":
                game._piles[GRID_CELLS[row * 5 + column]] = Pile.face_up([Card.parse(name)])
    game._piles[STOCK] = Pile(tuple(Card.parse(name) for name in ("3S", "5H", "KH")), 2)
    advice = advise(view_of(game), 0.2)
    assert cell_name(advice.step.target) in ("c4", "c5")
    assert "keeps column c open for a flush" in advice.reason


def test_cells_alike_but_for_empty_rows_and_columns_are_one_choice():
    board = Board()
    assert distinct_cells(board) == [0]
    board.see(card_code(Card.parse("AS")))
    board.place(12, card_code(Card.parse("AS")))        # c3
    # the centre's row and column, and everything else: four kinds of cell
    assert distinct_cells(board) == [0, 2, 10]


def test_with_too_little_time_for_play_outs_the_line_values_choose():
    game = PokerSquares(7)
    for _ in range(6):
        game.place(game.empty_cells()[-1])
    advice = advise(view_of(game), 1e-6)
    assert advice.reason.endswith("by the learned line values).")
    assert advise(view_of(game), 0.2).reason.endswith("over play-outs).")


def test_play_outs_played_to_the_last_card_advise_a_whole_deal_that_replays():
    played_out = play_deal(42, "american", FAST, depth=25)
    game = PokerSquares(42)
    for step in played_out.steps:
        game.apply(step)
    assert game.is_over and game.score == played_out.score


def test_the_play_outs_depth_changes_how_a_cell_is_judged():
    game = PokerSquares(9)
    for _ in range(6):
        game.place(game.empty_cells()[-1])
    view = view_of(game)
    reasons = {depth: advise_by_playouts(view, 400, depth=depth).reason for depth in (1, 8, 25)}
    # a play-out judged by the line values after one card, after eight, or played to the end
    assert len({reason.split("mean ")[1] for reason in reasons.values()}) == 3
    assert advise_by_playouts(view, 400, depth=25).reason == reasons[25]


@pytest.mark.parametrize("seconds, depth, message", [
    (0.0, 8, "positive"), (-1.0, 8, "positive"), (0.1, 0, "at least one card")])
def test_a_bad_setting_or_depth_is_refused(seconds, depth, message):
    view = view_of(PokerSquares(9))
    with pytest.raises(ValueError, match=message):
        advise(view, seconds, depth=depth)


@pytest.mark.parametrize("cards, words", [
    ("2H 5D 2S 2C 5H", "full house"), ("3H 6D 7H 5C 4D", "straight"),
    ("3H 6D 7H 5C 8D", "nothing!"), ("AH 2D 3C 4C 5H", "straight"),
    ("9D 10C JH QH KH", "straight"), ("JS JH QS QH KD", "two pairs"),
    ("3H 6H AH KH 7H", "flush"), ("3H 6H AD KH 7H", "nothing!"),
    ("10S JS QS KS AS", "royal flush"), ("AS 2S 3S 4S 5S", "straight flush"),
    ("JH QH KH AH 2H", "flush"), ("9C 9D 9H 9S 2C", "four of a kind"),
    ("9C 9D 9H 3S 2C", "three of a kind"), ("9C 9D 4H 3S 2C", "one pair")])
def test_harveys_classifier_gives_the_chapters_answers(cards, words):
    assert pokerhand([Card.parse(name) for name in cards.split()]) == words
