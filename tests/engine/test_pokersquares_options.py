"""Poker Squares for a window: a click places, the scoring is the variant and
holds for the whole game."""

from __future__ import annotations

import pytest

from cardgui.engine.games.pokersquares.game import PokerSquares
from cardgui.engine.games.pokersquares.position import GRID_CELLS, STOCK, grid_cell
from cardgui.engine.moves import IllegalMove
from cardgui.engine.piles import PileId, Role


def snapshot(game: PokerSquares):
    return game.state(), len(game.history), game.can_redo


# -- a click -------------------------------------------------------------------------------

def test_a_click_on_an_empty_cell_places_the_next_card_there_as_one_undo_entry():
    game = PokerSquares(5)
    card = game.next_card
    outcome = game.click(grid_cell(1, 2))
    assert game.card_at("c2") == card
    assert outcome is not None and outcome.changed == {STOCK, grid_cell(1, 2)}
    assert outcome.message == f"{card} to c2."
    assert game.history.next_undo_label == f"place {card} in c2"
    game.undo()
    assert game.card_at("c2") is None and game.next_card == card


def test_a_click_on_a_taken_cell_is_refused_and_changes_nothing():
    game = PokerSquares(5)
    card = game.next_card
    game.click(grid_cell(0, 0))
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=f"a1 already holds {card}"):
        game.click(grid_cell(0, 0))
    assert snapshot(game) == before


def test_a_click_on_the_stock_says_how_to_place_the_card():
    game = PokerSquares(5)
    before = snapshot(game)
    with pytest.raises(IllegalMove, match="drag it there, click the cell, or type its name"):
        game.click(STOCK)
    assert snapshot(game) == before


def test_clicks_on_a_full_grid_say_the_game_is_over():
    game = PokerSquares(5)
    for cell in GRID_CELLS:
        game.click(cell)
    assert game.is_over and not game.is_won
    before = snapshot(game)
    for pile_id in (grid_cell(2, 2), STOCK):
        with pytest.raises(IllegalMove, match="game is over"):
            game.click(pile_id)
    assert snapshot(game) == before


def test_a_click_on_a_pile_the_game_does_not_have_does_nothing():
    game = PokerSquares(5)
    assert game.click(PileId(Role.TABLEAU, 1)) is None
    assert game.moves_made == 0


# -- the scoring: the variant, fixed for the game -----------------------------------------

@pytest.mark.parametrize("scoring", ["american", "english"])
def test_the_variant_is_the_scoring_tables_name(scoring):
    assert PokerSquares(5, scoring).variant == scoring
    assert PokerSquares(5, scoring.upper()).variant == scoring


def test_setting_the_scoring_in_play_again_changes_nothing():
    game = PokerSquares(5, "english")
    game.place("a1")
    before = snapshot(game)
    game.set_option("scoring", "English")
    assert snapshot(game) == before and game.variant == "english"


def test_another_scoring_is_refused_in_the_middle_of_a_game():
    game = PokerSquares(5)
    game.place("a1")
    before = snapshot(game)
    with pytest.raises(ValueError, match="American table to the end; .* next game"):
        game.set_option("scoring", "english")
    assert snapshot(game) == before and game.variant == "american"


@pytest.mark.parametrize("name, value, message", [
    ("scoring", "swedish", "no scoring called 'swedish'"),
    ("scoring", 3, "no scoring called 3"),
    ("autoplay", True, "Poker Squares has no option 'autoplay'"),
])
def test_bad_options_are_refused(name, value, message):
    game = PokerSquares(5)
    with pytest.raises(ValueError, match=message):
        game.set_option(name, value)
    assert game.variant == "american"
