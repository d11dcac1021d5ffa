"""Spider's rules, each with its refusal and the reason given, on fixed positions."""

import pytest

from cardgui.engine.commands import Command
from cardgui.engine.games.spider.game import DEFAULT_SUITS, Spider
from cardgui.engine.games.spider.position import FOUNDATIONS, STOCK
from cardgui.engine.moves import DEAL, IllegalMove, Move
from cardgui.engine.outcome import Ending
from cardgui.engine.piles import PileId, foundation, tableau

from .spider_layouts import layout, names, run

T = tableau
ROW = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
FULL = "KS KS KH KH KC KC KD".split()     # seven columns that take nothing of these tests


def refusal(game: Spider, source: int, index: int, target: PileId) -> str | None:
    return game.refusal(T(source), index, target)


# -- the deal -------------------------------------------------------------------------


def test_a_deal_lays_54_cards_in_ten_columns_and_keeps_50_in_the_stock():
    game = Spider(5, suits=4)
    sizes = [len(game.pile(T(number))) for number in range(1, 11)]
    assert sizes == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert all(game.pile(T(number)).hidden == size - 1
               for number, size in enumerate(sizes, 1))
    assert len(game.pile(STOCK)) == 50 and game.pile(STOCK).hidden == 50
    assert all(game.pile(pile_id).is_empty for pile_id in FOUNDATIONS)
    assert game.deals_left == 5 and game.score == 500 and not game.is_won


def test_one_suit_is_the_default_and_the_suits_are_1_2_or_4():
    assert DEFAULT_SUITS == 1 and Spider(3).suits == 1
    assert Spider(3, suits="2").suits == 2
    for wrong in (3, 0, "4x", True):
        with pytest.raises(ValueError, match="1, 2 or 4 suits"):
            Spider(3, suits=wrong)


# -- moving runs ---------------------------------------------------------------------


def test_a_run_of_one_suit_moves_as_a_whole_onto_a_card_one_rank_higher_of_any_suit():
    game = layout(["#4C 9S 8S 7S", "10H"])
    game.move(T(1), 1, T(2))
    assert names(game, 2) == ["10H", "9S", "8S", "7S"]
    assert names(game, 1) == ["4C"]          # the face-down card turned up


def test_the_top_part_of_a_run_may_move_alone():
    game = layout(["9S 8S 7S", "9H"])
    game.move(T(1), 1, T(2))
    assert names(game, 1) == ["9S"] and names(game, 2) == ["9H", "8S", "7S"]


def test_a_single_card_moves_from_the_top_of_its_column():
    game = layout(["KD 6C", "7H"])
    game.move(T(1), 1, T(2))
    assert names(game, 2) == ["7H", "6C"]


def test_cards_of_different_suits_do_not_move_together():
    game = layout(["9S 8H 7H", "10D"])
    assert refusal(game, 1, 0, T(2)) == ("9S cannot move with the cards on it: 8H is not "
                                         "the spade one rank lower.")
    assert refusal(game, 1, 1, T(2)) == "8H cannot go onto 10D: it must be one rank lower."


def test_cards_out_of_rank_order_do_not_move_together():
    game = layout(["9S 7S", "10D"])
    assert refusal(game, 1, 0, T(2)).startswith("9S cannot move with the cards on it")


def test_a_run_goes_only_one_rank_lower():
    game = layout(["5S 4S", "7S"])
    assert refusal(game, 1, 0, T(2)) == "5S cannot go onto 7S: it must be one rank lower."


def test_any_run_goes_onto_an_empty_column():
    game = layout(["#2D 5S 4S"])
    assert refusal(game, 1, 1, T(2)) is None
    game.move(T(1), 2, T(3))
    assert names(game, 3) == ["4S"] and names(game, 1) == ["#2D", "5S"]


def test_a_face_down_card_and_nothing_off_the_table_moves():
    game = layout(["#2D 5S", "6H"], stock=[ROW], off=["H"])
    assert refusal(game, 1, 0, T(2)) == "That card is face down."
    assert game.refusal(STOCK, 9, T(2)) == ("The stock is dealt a row at a time: click it, "
                                            "or press +.")
    assert game.refusal(foundation(1), 12, T(2)) == "A completed run stays off the table."


def test_cards_go_only_onto_the_columns():
    game = layout(["AS"])
    assert refusal(game, 1, 0, foundation(2)) == (
        "Cards go only onto the columns: a run from king to ace goes off by itself.")
    assert refusal(game, 1, 0, STOCK).startswith("Cards go only onto the columns")
    assert refusal(game, 1, 0, T(1)) == "AS is already there."


def test_a_refused_move_changes_nothing():
    game = layout(["9S 8H", "10D"])
    before = game.state()
    with pytest.raises(IllegalMove):
        game.move(T(1), 0, T(2))
    assert game.state() == before and not game.can_undo and game.moves_made == 0


# -- completed runs go off ---------------------------------------------------------------


def test_a_completed_run_goes_off_in_the_same_gesture_and_turns_up_the_card_under_it():
    game = layout(["#7D " + run("H", 13, 12), "AH"])
    outcome = game.move(T(2), 0, T(1))
    assert game.pile(foundation(1)).cards[0].name == "KH"
    assert [card.name for card in game.pile(foundation(1)).cards] == run("H", 13, 13).split()
    assert names(game, 1) == ["7D"] and names(game, 2) == []
    assert game.runs_off == 1 and outcome.message == "AH to column 1. A run of hearts went off."
    game.undo()
    assert names(game, 1) == ["#7D"] + run("H", 13, 12).split() and names(game, 2) == ["AH"]
    assert game.runs_off == 0


def test_runs_go_to_the_foundations_in_order():
    game = layout([run("S", 13, 12), "AS", run("H", 13, 12), "AH"], off=["C"], suits=4)
    game.move(T(4), 0, T(3))
    game.move(T(2), 0, T(1))
    assert [game.pile(foundation(n)).cards[-1].name for n in (1, 2, 3)] == ["AC", "AH", "AS"]


def test_a_run_that_is_not_in_one_suit_stays():
    game = layout([run("H", 13, 11) + " 2S", "AH"])
    game.move(T(2), 0, T(1))
    assert game.runs_off == 0 and len(game.pile(T(1))) == 13


def test_a_run_completed_by_a_deal_goes_off_with_the_deal():
    row = "AS 2H 2H 2D 2D 2C 2C 5H 5H 5D"
    game = layout([run("S", 13, 12)] + "3H 3H 3D 3D 3C 4H 4H 4D 4D".split(), stock=[row])
    game.deal()
    assert game.runs_off == 1 and names(game, 1) == [] and game.deals_left == 0
    game.undo()
    assert game.runs_off == 0 and game.deals_left == 1 and len(game.pile(T(1))) == 12


def test_the_game_is_won_when_all_eight_runs_are_off():
    game = layout([run("S", 13, 12), "AS"], off=["S"] * 7, suits=1)
    outcome = game.move(T(2), 0, T(1))
    assert game.is_won and game.ending is Ending.WON
    assert outcome.message == "AS to column 1. All eight runs are off.  You win!"


# -- dealing ---------------------------------------------------------------------------------


def test_dealing_lays_one_card_face_up_on_every_column_the_first_on_column_1():
    game = Spider(5, suits=4)
    first_row = [card.name for card in reversed(game.pile(STOCK).cards[-10:])]
    game.deal()
    assert [game.pile(T(number)).top.name for number in range(1, 11)] == first_row
    assert all(game.pile(T(number)).hidden == len(game.pile(T(number))) - 2
               for number in range(1, 11))
    assert game.deals_left == 4 and game.moves_made == 1 and game.score == 499


def test_dealing_is_refused_while_a_column_is_empty():
    game = layout(["5S"] * 4 + ["6S"] * 4 + ["", "7S"], stock=[ROW], suits=1)
    with pytest.raises(IllegalMove, match=r"Fill every empty column before dealing \(empty: 9\)"):
        game.deal()
    assert game.deals_left == 1


def test_dealing_an_empty_stock_is_refused():
    game = layout(["5S"] * 5 + ["6S"] * 5, suits=1)
    with pytest.raises(IllegalMove, match="The stock is empty"):
        game.deal()


def test_a_click_on_the_stock_deals_and_undo_takes_the_whole_row_back():
    game = Spider(9, suits=2)
    before = game.state()
    game.perform(Command("click", ("S1",)))
    assert game.deals_left == 4
    game.perform(Command("undo"))
    assert game.state() == before


# -- where a card goes by itself ---------------------------------------------------------------


def test_destinations_build_in_suit_first_then_other_suits_then_an_empty_column():
    game = layout(["#2C 8S 7S", "9H", "9S", "", "9D"])
    assert game.destinations(T(1), 1) == [T(3), T(2), T(5), T(4)]


def test_a_whole_column_is_never_offered_an_empty_column():
    game = layout(["8S 7S", "9H", ""])
    assert game.destinations(T(1), 0) == [T(2)]


def test_a_double_click_plays_the_card_to_its_best_place():
    game = layout(["#2C 8S 7S", "9H", "9S"])
    game.perform(Command("double_click", ("T1", 1)))
    assert names(game, 3) == ["9S", "8S", "7S"]


def test_a_typed_card_of_two_copies_moves_the_one_that_has_a_place():
    game = layout(["6H", "#4D 6H", ""] + FULL, suits=4)
    game.perform(Command("play_card", ("6H",)))
    assert names(game, 2) == ["4D"] and names(game, 3) == ["6H"]


def test_on_a_tie_the_leftmost_copy_moves():
    game = layout(["#3D 6H", "#4D 6H", "7S"], suits=4)
    game.perform(Command("play_card", ("6H",)))
    assert names(game, 1) == ["3D"] and names(game, 3) == ["7S", "6H"]


def test_a_typed_card_that_cannot_move_says_why():
    game = layout(["#6H 5S", "6H 5C"] + FULL + ["QD"], suits=4)
    with pytest.raises(IllegalMove, match="No 4S is face up on the columns"):
        game.play_card(Card("4S"))
    with pytest.raises(IllegalMove, match="6H cannot move with the cards on it"):
        game.play_card(Card("6H"))
    with pytest.raises(IllegalMove, match="5S has nowhere to go"):
        game.play_card(Card("5S"))
    one = layout(["5S"], suits=1)
    with pytest.raises(IllegalMove, match="There is no 5H in this game: its cards are spades"):
        one.play_card(Card("5H"))


def test_a_shifted_column_number_moves_the_longest_part_that_a_column_takes():
    game = layout(["#2C 9S 8S 7S 6S", "8H", "10D"])
    game.move_column_run(1)
    assert names(game, 3) == ["10D", "9S", "8S", "7S", "6S"]
    game = layout(["#2C 9S 8S 7S 6S", "8H", ""])
    game.move_column_run(1)
    assert names(game, 2) == ["8H", "7S", "6S"]


def test_a_shifted_column_number_falls_back_on_an_empty_column():
    game = layout(["#2C 9S 8S", "KH", ""])
    game.move_column_run(1)
    assert names(game, 3) == ["9S", "8S"] and names(game, 1) == ["2C"]
    with pytest.raises(IllegalMove, match="Column 4 is empty"):
        game.move_column_run(4)
    stuck = layout(["#2C 9S", "JH", "QH"] + FULL)
    with pytest.raises(IllegalMove, match="nowhere to go"):
        stuck.move_column_run(1)


# -- score, stuck, steps ------------------------------------------------------------------------


def test_windows_score_500_less_a_move_plus_100_a_run_and_undo_gives_the_point_back():
    game = layout(["#7D " + run("H", 13, 12), "AH", "5S", "6S"], moves=10)
    assert game.score == 490
    game.move(T(3), 0, T(4))
    assert game.score == 489
    game.move(T(2), 0, T(1))
    assert game.score == 588 and game.status_items()[0] == ("Score", "588")
    game.undo()
    assert game.score == 489


def test_the_variant_names_the_suits_for_the_statistics():
    assert [Spider(1, suits=n).variant for n in (1, 2, 4)] == ["1 suit", "2 suits", "4 suits"]


def test_no_move_left_only_when_nothing_can_deal_or_move_usefully():
    stuck = layout("2S 2H 2D 2C 5S 5H 5D 5C 9S 9H".split())
    assert stuck.is_stuck and stuck.ending is Ending.NO_MOVES
    assert not layout(["5S", "6H"]).is_stuck
    assert not Spider(1).is_stuck


def test_legal_steps_list_every_run_part_and_the_deal():
    game = layout(["9S 8S 7S", "9H", ""] + "KD KD KC KC KH KH QD".split(), stock=[ROW])
    steps = game.legal_steps()
    assert Move(T(1), T(2), 2) in steps and Move(T(1), T(3), 1) in steps
    assert Move(T(1), T(3), 3) in steps and DEAL not in steps
    assert Move(T(1), T(3), 3) not in game.legal_steps(useful_only=True)


def test_apply_checks_a_step_like_a_move():
    game = layout(["9S 8S", "10H"])
    with pytest.raises(IllegalMove):
        game.apply(Move(T(2), T(1), 1))
    game.apply(Move(T(1), T(2), 2))
    assert names(game, 2) == ["10H", "9S", "8S"]


def Card(name: str):   # noqa: N802  (reads like the class it builds)
    from cardgui.engine.cards import Card as Built
    return Built.parse(name)
