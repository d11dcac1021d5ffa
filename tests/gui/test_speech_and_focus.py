"""What a screen reader says of cards and piles, and where the arrow keys and
Tab take the keyboard focus: plain functions of the game and its layout."""

from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.table import freecell_table
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.table import klondike_table
from cardgui.engine.games.pokersquares.game import PokerSquares
from cardgui.engine.piles import PileId, cell, foundation, tableau
from cardgui.gui.focus import Focus, first, moved, reading_order
from cardgui.gui.speech import card_name, ordinal, pile_name, spoken
from tests.engine.klondike_layouts import layout


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


def test_a_card_says_rank_suit_and_place_and_a_face_down_one_only_that():
    game = layout(["KS QH | JC 10D", "| 5D"])
    assert card_name(game, tableau(1), 3) == "ten of diamonds, stack 1, 4th of 4"
    assert card_name(game, tableau(1), 0) == "face-down card, stack 1, 1st of 4"


def test_a_pile_says_its_name_what_it_holds_and_its_top_card():
    game = layout(["KS QH | JC 10D"], tops={"H": "AH 2H 3H"}, hand="4C 5C")
    assert pile_name(game, tableau(1)) == \
        "stack 1, 4 cards, 2 face down, ten of diamonds on top"
    assert pile_name(game, foundation(1)) == \
        "the top for hearts, 3 cards, three of hearts on top"
    assert pile_name(game, PileId.parse("S1")) == "the hand, 2 cards, all face down"
    assert pile_name(FreeCell(617), cell(2)) == "free cell b, empty"


def test_calculation_says_what_each_foundation_needs():
    assert pile_name(Calculation(5), foundation(2)) == "foundation 2, two of clubs, needs a four"


def test_a_poker_squares_cell_says_its_card_and_its_lines():
    game = PokerSquares(42)
    game.place("c2")
    game.place("c3")
    said = pile_name(game, PileId.parse("G8"))
    assert said.startswith("cell c2, queen of hearts")
    assert "row 2: nothing" in said and "column c: nothing" in said


def test_tab_and_right_go_through_the_piles_in_reading_order():
    game = Klondike(617)
    table = klondike_table(game)
    order = reading_order(table)
    assert [str(pile_id) for pile_id in order] == [
        "S1", "W1", "F1", "F2", "F3", "F4", "T1", "T2", "T3", "T4", "T5", "T6", "T7"]
    focus = first(game, table)
    assert focus == Focus(tableau(1), 0)                    # the first face-up card
    assert moved(game, table, focus, "Tab") == Focus(tableau(2), 1)
    assert moved(game, table, focus, "Backtab") == Focus(foundation(4), None)
    assert moved(game, table, Focus(tableau(7), 6), "Right") == Focus(PileId.parse("S1"), 23)


def test_up_and_down_go_through_a_fanned_pile_s_face_up_cards_then_to_the_next_row():
    game = layout(["KS QH | JC 10D 9S"])
    table = klondike_table(game)
    focus = Focus(tableau(1), 4)
    focus = moved(game, table, focus, "Up")
    assert focus == Focus(tableau(1), 3)
    focus = moved(game, table, focus, "Up")
    assert focus == Focus(tableau(1), 2)                     # the first face-up card
    focus = moved(game, table, focus, "Up")
    assert focus.pile_id == PileId.parse("S1")               # the row above, nearest column
    focus = moved(game, table, focus, "Down")
    assert focus == Focus(tableau(1), 2)                     # into the fan at its first face-up


def test_freecell_down_from_a_free_cell_reaches_the_column_below():
    game = FreeCell(617)
    table = freecell_table(game)
    assert moved(game, table, Focus(cell(3), None), "Down") == Focus(tableau(3), 0)


def test_a_card_s_short_name_is_spoken_in_words_and_nothing_else_changes():
    assert spoken("AS to the top.") == "ace of spades to the top."
    assert spoken("7S cannot go onto 10D; TC waits.") == \
        "seven of spades cannot go onto ten of diamonds; ten of clubs waits."
    assert spoken("c3: keeps column c open. Deal 617. As a rule.") == \
        "c3: keeps column c open. Deal 617. As a rule."
