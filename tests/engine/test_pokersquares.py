"""Poker Squares: the deal, placing cards, refusals, lines and scores, undo."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import Card
from cardgui.engine.deals import book_shuffle
from cardgui.engine.games.pokersquares.game import PokerSquares, dealt_cards
from cardgui.engine.games.pokersquares.position import (
    GRID_CELLS,
    STOCK,
    cell_name,
    grid_cell,
    parse_cell,
)
from cardgui.engine.moves import IllegalMove, Move
from cardgui.engine.piles import PileId, Role

# Deal 42 turns QH 2S 8H 3C 8D 6C 10C 5C 4D 10S 9H 3H QC 4H 5H 6D KC 2D JC 8S
# 4C 5S KS 9D QD.  Placed like this, rows and columns make known hands.
KNOWN_DEAL = 42
KNOWN_GRID = ["8H 8D 8S QH QD",      # full house (eights and queens)
              "5C 5H 5S 2S 2D",      # full house (fives and twos)
              "4D 4H 4C KC KS",      # full house (fours and kings)
              "3C 6C 10C JC QC",     # flush (queen high)
              "3H 6D 10S 9H 9D"]     # pair of nines
KNOWN_ROWS = ["full house (eights and queens)", "full house (fives and twos)",
              "full house (fours and kings)", "flush (queen high)", "pair of nines"]
KNOWN_COLUMNS = ["pair of threes", "pair of sixes", "pair of tens", "nothing (king high)",
                 "pair of queens"]


def fill_known_grid(scoring: str) -> PokerSquares:
    where = {Card.parse(text): grid_cell(row, column)
             for row, line in enumerate(KNOWN_GRID) for column, text in enumerate(line.split())}
    game = PokerSquares(KNOWN_DEAL, scoring)
    while game.next_card is not None:
        game.place(where[game.next_card])
    return game


def snapshot(game: PokerSquares):
    return game.state(), len(game.history), game.can_redo


# -- the deal -------------------------------------------------------------------------

def test_a_deal_is_the_first_25_cards_of_the_book_shuffle_turned_in_order():
    game = PokerSquares(KNOWN_DEAL)
    assert dealt_cards(KNOWN_DEAL) == book_shuffle(KNOWN_DEAL)[:25]
    turned = []
    for cell in GRID_CELLS:
        turned.append(game.next_card)
        game.place(cell)
    assert turned == dealt_cards(KNOWN_DEAL)
    assert game.next_card is None


def test_same_deal_same_cards_other_deal_other_cards():
    assert PokerSquares(7).state() == PokerSquares(7).state()
    assert dealt_cards(7) != dealt_cards(8)
    assert dealt_cards(2**31 - 1) != dealt_cards(1)


def test_the_next_card_is_face_up_and_the_rest_face_down():
    game = PokerSquares(3)
    stock = game.pile(STOCK)
    assert len(stock) == 25 and stock.hidden == 24 and game.cards_left == 25
    game.place("a1")
    stock = game.pile(STOCK)
    assert len(stock) == 24 and stock.hidden == 23
    assert stock.shown == (game.next_card,)


def test_the_grid_starts_empty_and_the_piles_are_named():
    game = PokerSquares(3)
    assert game.pile_ids(Role.GRID) == [PileId(Role.GRID, n) for n in range(1, 26)]
    assert all(game.pile(cell).is_empty for cell in GRID_CELLS)
    assert game.grid() == [[None] * 5 for _ in range(5)]


@pytest.mark.parametrize("deal", [0, -1, 2**31, "5", 2.0, True])
def test_bad_deal_numbers_are_refused(deal):
    with pytest.raises(ValueError, match="deal number"):
        PokerSquares(deal)


def test_unknown_scoring_is_refused():
    with pytest.raises(ValueError, match="american or english"):
        PokerSquares(1, "french")


# -- cells: letter is the column, digit the row -------------------------------------------

def test_cell_names_letter_column_digit_row():
    assert parse_cell("c2") == grid_cell(1, 2) == PileId(Role.GRID, 8)
    assert parse_cell(" E5 ") == PileId(Role.GRID, 25)
    assert [cell_name(cell) for cell in GRID_CELLS[:6]] == ["a1", "b1", "c1", "d1", "e1", "a2"]
    assert all(parse_cell(cell_name(cell)) == cell for cell in GRID_CELLS)


def test_placing_puts_the_next_card_in_that_cell():
    game = PokerSquares(KNOWN_DEAL)
    card = game.next_card
    outcome = game.place("c2")
    assert game.grid()[1][2] == card == game.card_at("c2") == game.card_at(grid_cell(1, 2))
    assert outcome.changed == {STOCK, grid_cell(1, 2)}
    assert outcome.message == f"{card} to c2."
    assert game.moves_made == 1


# -- refusals change nothing ---------------------------------------------------------------

@pytest.mark.parametrize("cell, reason", [
    ("a1", "a1 already holds QH"),
    ("f1", "'f1' is not a cell"),
    ("a6", "'a6' is not a cell"),
    ("a0", "'a0' is not a cell"),
    ("", "is not a cell"),
    ("G3", "'G3' is not a cell"),
    (PileId(Role.GRID, 26), "G26 is not a cell of the grid"),
    (STOCK, "S1 is not a cell of the grid"),
])
def test_bad_placements_are_refused_and_change_nothing(cell, reason):
    game = PokerSquares(KNOWN_DEAL)
    game.place("a1")
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=reason):
        game.place(cell)
    assert snapshot(game) == before


def test_a_full_grid_refuses_more():
    game = fill_known_grid("american")
    before = snapshot(game)
    with pytest.raises(IllegalMove, match="the game is over"):
        game.place("a1")
    with pytest.raises(IllegalMove, match="the game is over"):
        game.deal()
    assert snapshot(game) == before


# -- the base class's questions, for a drag or a double-click ---------------------------------

def test_drag_from_the_stock_to_an_empty_cell():
    game = PokerSquares(5)
    top = len(game.pile(STOCK)) - 1
    card = game.next_card
    assert game.pick_up_refusal(STOCK, top) is None
    assert game.drop_refusal(STOCK, top, grid_cell(4, 4)) is None
    game.move(STOCK, top, grid_cell(4, 4))
    assert game.card_at("e5") == card
    assert game.history.next_undo_label == f"place {card} in e5"


def test_what_may_not_be_picked_up_or_dropped():
    game = PokerSquares(5)
    game.place("b2")
    top = len(game.pile(STOCK)) - 1
    assert "stays in the cell" in game.pick_up_refusal(grid_cell(1, 1), 0)
    assert "Only the next card" in game.pick_up_refusal(STOCK, top - 1)
    assert "already holds" in game.drop_refusal(STOCK, top, grid_cell(1, 1))
    assert "empty cell of the grid" in game.drop_refusal(STOCK, top, STOCK)
    before = snapshot(game)
    for source, index, target in [(grid_cell(1, 1), 0, grid_cell(0, 0)),
                                  (STOCK, top - 1, grid_cell(0, 0)),
                                  (STOCK, top, grid_cell(1, 1))]:
        with pytest.raises(IllegalMove):
            game.move(source, index, target)
    assert snapshot(game) == before


def test_destinations_are_the_empty_cells_and_play_fills_the_first():
    game = PokerSquares(5)
    game.place("a1")
    top = len(game.pile(STOCK)) - 1
    assert game.destinations(STOCK, top) == list(GRID_CELLS[1:])
    assert game.destinations(grid_cell(0, 0), 0) == []
    game.play(STOCK, top)
    assert game.card_at("b1") is not None


def test_a_move_in_text_form_works():
    game = PokerSquares(5)
    game.apply(Move.parse("S1>G7"))
    assert game.card_at("b2") is not None


def test_clicking_the_stock_says_how_to_play():
    with pytest.raises(IllegalMove, match="empty cell"):
        PokerSquares(5).deal()


# -- lines and scores ---------------------------------------------------------------------

def test_lines_name_the_hand_so_far_with_its_points():
    game = PokerSquares(KNOWN_DEAL)          # QH 2S 8H 3C 8D ...
    for cell in ["a1", "b1", "c1", "a2", "d1"]:
        game.place(cell)
    row = game.rows()[0]
    assert row.label == "row 1"
    assert row.cards == (Card.parse("QH"), Card.parse("2S"), Card.parse("8H"),
                         Card.parse("8D"), None)
    assert (row.name, row.points, row.is_full) == ("pair of eights", 2, False)
    assert [line.name for line in game.columns()] == [
        "nothing (queen high)", "nothing (two high)", "nothing (eight high)",
        "nothing (eight high)", "nothing"]
    assert game.columns()[0].label == "column a"
    assert game.score == 2


@pytest.mark.parametrize("scoring, score", [("american", 105), ("english", 40)])
def test_known_full_grid_scores_by_either_table(scoring, score):
    game = fill_known_grid(scoring)
    assert [line.name for line in game.rows()] == KNOWN_ROWS
    assert [line.name for line in game.columns()] == KNOWN_COLUMNS
    assert game.score == score
    assert game.is_over and not game.is_won and not game.is_stuck
    assert all(line.is_full for line in game.rows() + game.columns())


def test_status_items():
    game = PokerSquares(KNOWN_DEAL, "english")
    assert game.status_items() == [("Next", "QH"), ("Cards left", "25"), ("Score", "0"),
                                   ("Scoring", "English")]
    assert dict(fill_known_grid("english").status_items()) == {
        "Next": "none", "Cards left": "0", "Score": "40", "Scoring": "English"}


def test_the_last_card_announces_the_final_score():
    game = PokerSquares(KNOWN_DEAL)
    for cell in GRID_CELLS[:-1]:
        game.place(cell)
    assert not game.is_over
    assert game.place(GRID_CELLS[-1]).message.endswith(f"final score {game.score}.")


# -- undo and redo ----------------------------------------------------------------------------

def test_each_placement_is_one_undo_entry():
    game = PokerSquares(9)
    start = game.state()
    game.place("c3")
    middle = game.state()
    game.place("a1")
    assert len(game.history) == 2
    assert game.undo().message.startswith("Undid place")
    assert game.state() == middle
    game.undo()
    assert game.state() == start
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.undo()
    game.redo()
    assert game.state() == middle


placements = st.permutations(GRID_CELLS).flatmap(
    lambda cells: st.integers(0, len(cells)).map(lambda count: cells[:count]))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2**31 - 1), placements, st.lists(st.sampled_from(GRID_CELLS), max_size=5))
def test_random_games_keep_every_card_and_undo_redo_exactly(deal, cells, retries):
    game = PokerSquares(deal)
    dealt = Counter(dealt_cards(deal))
    start = game.state()
    for cell in cells:
        game.place(cell)
        assert Counter(game.all_cards()) == dealt
    for cell in retries:                     # refused or not, no card is lost or doubled
        try:
            game.place(cell)
        except IllegalMove:
            pass
        assert Counter(game.all_cards()) == dealt
    end = game.state()
    placed = len(game.history)
    assert placed == 25 - game.cards_left
    for _ in range(placed):
        game.undo()
    assert game.state() == start
    for _ in range(placed):
        game.redo()
    assert game.state() == end
