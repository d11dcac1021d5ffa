"""Pyramid's rules, each with its refusal and the reason given."""

import pytest

from cardgui.engine.cards import Card, names
from cardgui.engine.commands import Command
from cardgui.engine.deals import book_shuffle
from cardgui.engine.games.pyramid.game import Pyramid
from cardgui.engine.games.pyramid.position import DISCARD, PLACES, STOCK, WASTE, place
from cardgui.engine.moves import DEAL, IllegalMove, Move
from cardgui.engine.outcome import Ending
from tests.engine.pyramid_layouts import position


def cards(game, pile_id):
    return names(game.pile(pile_id).cards)


class TestTheDeal:
    def test_the_same_number_gives_the_same_layout(self):
        assert Pyramid(617).to_json() == Pyramid(617).to_json()
        assert Pyramid(617).to_json() != Pyramid(618).to_json()

    def test_the_book_shuffle_fills_the_pyramid_row_by_row_then_the_stock(self):
        order = book_shuffle(42)
        game = Pyramid(42)
        assert [game.pile(pile_id).top for pile_id in PLACES] == order[:28]
        assert game.pile(place(1, 1)).top == order[0]
        assert game.pile(place(7, 7)).top == order[27]
        assert game.pile(STOCK).top == order[28]          # the next card is the stock's top
        assert game.pile(STOCK).cards[0] == order[51]
        assert len(game.pile(STOCK)) == 24 and not game.pile(WASTE).cards

    def test_the_stock_lies_face_down_but_for_its_top_card(self):
        stock = Pyramid(3).pile(STOCK)
        assert stock.hidden == 23 and stock.is_face_up(23)

    @pytest.mark.parametrize("deal", [0, -1, 2**31, True])
    def test_a_deal_that_does_not_exist_is_refused(self, deal):
        with pytest.raises(ValueError):
            Pyramid(deal)

    def test_passes_are_one_two_three_or_unlimited(self):
        assert Pyramid(1, passes="unlimited").pass_limit is None
        assert Pyramid(1, passes="1").pass_limit == 1
        with pytest.raises(ValueError, match="1, 2, 3 or unlimited"):
            Pyramid(1, passes="7")


class TestFreeCards:
    def test_a_card_covered_by_one_card_below_is_not_free(self):
        game = position({(6, 1): "8S", (7, 2): "5H"})
        assert game.pick_up_refusal(place(6, 1), 0) == "8S is covered by the cards below it."
        assert game.free_card(place(6, 1)) is None and game.free_card(place(7, 2)) == Card.parse("5H")

    def test_only_the_waste_s_top_card_is_free(self):
        game = position({(7, 1): "8S"}, waste=["5H", "2C"])
        assert game.pick_up_refusal(WASTE, 0) == "Only the top card of the waste is free."
        assert game.free_card(WASTE) == Card.parse("2C")

    def test_cards_that_went_off_stay_off(self):
        game = position({(7, 1): "8S"}, discard=["5H", "8D"])
        assert game.pick_up_refusal(DISCARD, 1) == "Cards that have gone off stay off."


class TestPairs:
    def test_two_free_cards_that_make_13_go_off_together(self):
        game = position({(7, 1): "8S", (7, 2): "5H", (6, 1): "QC"})
        outcome = game.move(place(7, 1), 0, place(7, 2))
        assert outcome.message == "8S and 5H go off."
        assert cards(game, DISCARD) == ["5H", "8S"]
        assert not game.pile(place(7, 1)).cards and not game.pile(place(7, 2)).cards
        assert game.free_card(place(6, 1)) == Card.parse("QC")    # uncovered now

    @pytest.mark.parametrize("first, second", [("AS", "QD"), ("2C", "JH"), ("3D", "10S"),
                                               ("4H", "9C"), ("5S", "8D"), ("6C", "7H")])
    def test_every_pair_of_ranks_that_makes_13(self, first, second):
        game = position({(7, 1): first, (7, 7): second})
        game.move(place(7, 7), 0, place(7, 1))
        assert game.is_won

    def test_cards_that_do_not_make_13_are_refused(self):
        game = position({(7, 1): "8S", (7, 2): "4H"})
        with pytest.raises(IllegalMove, match="8S and 4H make 12, not 13."):
            game.move(place(7, 1), 0, place(7, 2))
        assert cards(game, place(7, 1)) == ["8S"] and not game.pile(DISCARD).cards

    def test_a_covered_card_cannot_be_paired(self):
        game = position({(6, 1): "8S", (7, 1): "3C", (7, 3): "5H"})
        with pytest.raises(IllegalMove, match="8S is covered: only free cards pair."):
            game.move(place(7, 3), 0, place(6, 1))

    def test_a_card_cannot_pair_with_itself(self):
        game = position({(7, 1): "8S"})
        assert game.drop_refusal(place(7, 1), 0, place(7, 1)) == "8S cannot pair with itself."

    def test_the_stock_s_top_card_pairs_with_the_waste_s(self):
        game = position({(7, 1): "KS"}, stock=["2C", "9D"], waste=["4H"])
        game.move(STOCK, 1, WASTE)
        assert cards(game, DISCARD) == ["4H", "9D"]
        assert cards(game, STOCK) == ["2C"] and game.pile(STOCK).is_face_up(0)

    def test_the_stock_s_top_card_pairs_with_a_card_of_the_pyramid(self):
        game = position({(7, 1): "4S", (7, 2): "KH"}, stock=["2C", "9D"])
        game.move(place(7, 1), 0, STOCK)
        assert cards(game, DISCARD) == ["9D", "4S"]

    def test_the_waste_s_top_card_pairs_with_a_card_of_the_pyramid(self):
        game = position({(7, 1): "4S", (7, 2): "KH"}, waste=["2C", "9D"])
        game.move(WASTE, 1, place(7, 1))
        assert cards(game, WASTE) == ["2C"]

    def test_a_king_goes_off_alone(self):
        game = position({(7, 1): "KS", (7, 2): "5H"})
        assert game.move(place(7, 1), 0, DISCARD).message == "KS goes off."

    def test_only_a_king_goes_off_alone(self):
        game = position({(7, 1): "8S"})
        with pytest.raises(IllegalMove, match="Only a king goes off alone"):
            game.move(place(7, 1), 0, DISCARD)

    def test_a_king_pairs_with_nothing(self):
        game = position({(7, 1): "KS", (7, 2): "AH"})
        assert game.drop_refusal(place(7, 1), 0, place(7, 2)).startswith("A king goes off alone")
        assert game.drop_refusal(place(7, 2), 0, place(7, 1)) == "KS goes off alone, not with AH."

    def test_destinations_list_the_partners_the_waste_and_stock_first(self):
        game = position({(7, 1): "8S", (7, 2): "5H", (7, 3): "5C"}, waste=["5D"], stock=["5S"])
        assert game.destinations(place(7, 1), 0) == [WASTE, STOCK, place(7, 2), place(7, 3)]
        assert game.destinations(place(6, 1), 0) == []


class TestTheStock:
    def test_dealing_turns_the_stock_s_top_card_onto_the_waste(self):
        game = Pyramid(5)
        top = game.pile(STOCK).top
        game.deal()
        assert game.pile(WASTE).top == top and game.pile(STOCK).is_face_up(22)

    def test_an_empty_stock_turns_the_waste_over_for_the_next_pass(self):
        game = position({(7, 1): "KS"}, waste=["2C", "9D"])
        outcome = game.deal()
        assert outcome.message == "Turned the waste over: pass 2 of 3."
        assert cards(game, STOCK) == ["9D", "2C"] and game.pile(STOCK).is_face_up(1)
        assert game.pass_number == 2

    def test_after_the_last_pass_the_waste_stays(self):
        game = position({(7, 1): "KS"}, waste=["2C"], pass_number=3)
        with pytest.raises(IllegalMove, match="that was the last pass \\(3 allowed\\)"):
            game.deal()

    def test_with_one_pass_the_waste_is_never_turned_over(self):
        game = position({(7, 1): "KS"}, waste=["2C"], passes="1")
        with pytest.raises(IllegalMove, match="last pass"):
            game.deal()

    def test_with_unlimited_passes_it_always_turns_over(self):
        game = position({(7, 1): "KS"}, waste=["2C"], passes="unlimited", pass_number=40)
        game.deal()
        assert game.pass_number == 41 and game.passes_left is None

    def test_nothing_to_turn(self):
        game = position({(7, 1): "KS"})
        with pytest.raises(IllegalMove, match="The stock and the waste are both empty."):
            game.deal()


class TestTheEnd:
    def test_the_game_is_won_when_the_pyramid_is_cleared(self):
        game = position({(7, 1): "KS"}, stock=["2C", "5D"])
        outcome = game.move(place(7, 1), 0, DISCARD)
        assert game.is_won and game.ending is Ending.WON and game.to_json()["won"] is True
        assert "you win" in outcome.message

    def test_stuck_when_nothing_pairs_and_the_stock_is_done(self):
        game = position({(7, 1): "8S", (7, 2): "4H"}, waste=["2C"], pass_number=3)
        assert game.is_stuck and game.ending is Ending.NO_MOVES

    def test_not_stuck_while_the_waste_can_be_turned_over(self):
        game = position({(7, 1): "8S", (7, 2): "4H"}, waste=["2C"], pass_number=2)
        assert not game.is_stuck

    def test_not_stuck_with_a_pair_left(self):
        game = position({(7, 1): "8S", (7, 2): "4H"}, waste=["5C"], pass_number=3)
        assert not game.is_stuck


class TestScore:
    def test_five_points_a_pair(self):
        game = Pyramid(5)          # 8C and 5S lie free in its bottom row
        game.move(place(7, 1), 0, place(7, 7))
        assert game.score == 5

    def test_rows_cleared_score_from_25_at_the_bottom_to_500_at_the_top(self):
        game = position({(1, 1): "KS", (7, 1): "8S", (7, 2): "5H"})
        # Rows 2-6 are empty already: 50 + 75 + 100 + 150 + 250.
        assert game.score == 625
        game.move(place(7, 1), 0, place(7, 2))
        assert game.score == 625 + 5 + 25
        game.move(place(1, 1), 0, DISCARD)
        assert game.score == 1150 + 10

    def test_a_won_deal_scores_every_row_and_five_for_each_removal(self):
        game = Pyramid(5)
        from cardgui.engine.games.pyramid.solver import solve
        from cardgui.engine.search.budget import Budget
        for step in solve(game, Budget(5)).steps:
            game.apply(step)
        kings = sum(card.rank == 13 for card in game.pile(DISCARD).cards)
        removals = kings + (len(game.pile(DISCARD)) - kings) // 2
        assert game.is_won and game.score == 1150 + 5 * removals

    def test_undo_takes_the_points_back(self):
        game = Pyramid(5)
        game.move(place(7, 1), 0, place(7, 7))
        game.undo()
        assert game.score == 0


class TestClicks:
    def test_a_click_chooses_a_free_card_and_moves_nothing(self):
        game = position({(7, 1): "8S", (7, 2): "5H", (7, 3): "4D"})
        outcome = game.click(place(7, 1))
        assert outcome.message == "Chose 8S: it goes off with a five."
        assert game.chosen == place(7, 1) and not outcome.changed and not game.can_undo

    def test_a_click_on_its_partner_pairs_them(self):
        game = position({(7, 1): "8S", (7, 2): "5H", (7, 3): "4D"})
        game.click(place(7, 1))
        assert game.click(place(7, 2)).message == "8S and 5H go off."
        assert game.chosen is None and cards(game, DISCARD) == ["5H", "8S"]

    def test_a_click_on_a_card_that_does_not_pair_chooses_it_instead(self):
        game = position({(7, 1): "8S", (7, 2): "5H", (7, 3): "4D"})
        game.click(place(7, 1))
        outcome = game.click(place(7, 3))
        assert outcome.message.startswith("8S and 4D make 12, not 13: chose 4D instead")
        assert game.chosen == place(7, 3) and not game.pile(DISCARD).cards

    def test_a_second_click_on_the_chosen_card_lets_go(self):
        game = position({(7, 1): "8S"})
        game.click(place(7, 1))
        assert game.click(place(7, 1)).message == "Let go of 8S."
        assert game.chosen is None

    def test_a_click_on_a_king_sends_it_off(self):
        game = position({(7, 1): "KS", (7, 2): "5H"})
        game.click(place(7, 1))
        assert cards(game, DISCARD) == ["KS"]

    def test_a_click_on_a_covered_card_is_refused(self):
        game = position({(6, 1): "8S", (7, 1): "3C"})
        with pytest.raises(IllegalMove, match="8S is covered"):
            game.click(place(6, 1))
        assert game.chosen is None

    def test_a_click_on_the_stock_turns_a_card(self):
        game = Pyramid(5)
        game.click(STOCK)
        assert len(game.pile(WASTE)) == 1

    def test_a_click_on_the_stock_pairs_its_top_card_with_the_chosen_one(self):
        game = position({(7, 1): "4S", (7, 2): "KH"}, stock=["2C", "9D"])
        game.click(place(7, 1))
        game.click(STOCK)
        assert cards(game, DISCARD) == ["9D", "4S"] and not game.pile(WASTE).cards

    def test_a_click_on_the_stock_that_makes_no_pair_turns_it_and_forgets_the_choice(self):
        game = position({(7, 1): "5S", (7, 2): "KH"}, stock=["2C", "9D"])
        game.click(place(7, 1))
        game.click(STOCK)
        assert cards(game, WASTE) == ["9D"] and game.chosen is None

    def test_a_double_click_pairs_a_card_with_its_first_partner(self):
        game = position({(7, 1): "8S", (7, 2): "5H"}, waste=["5C"])
        game.double_click(place(7, 1), 0)
        assert cards(game, DISCARD) == ["5C", "8S"]

    def test_a_double_click_on_a_card_without_a_partner_says_so(self):
        game = position({(7, 1): "8S", (7, 2): "4H"})
        with pytest.raises(IllegalMove, match="No free card makes 13 with 8S."):
            game.double_click(place(7, 1), 0)

    def test_undo_brings_back_the_card_chosen_before_the_pair(self):
        game = position({(7, 1): "8S", (7, 2): "5H"})
        game.click(place(7, 1))
        game.click(place(7, 2))
        outcome = game.undo()
        assert game.chosen == place(7, 1) and outcome.message.endswith("8S is chosen.")

    def test_choose_card_finds_a_free_card_wherever_it_is(self):
        game = position({(7, 1): "4S", (7, 2): "KH"}, stock=["2C", "9D"])
        game.perform(Command("choose_card", ("9D",)))
        assert game.chosen == STOCK
        game.perform(Command("choose_card", ("4S",)))
        assert cards(game, DISCARD) == ["4S", "9D"]     # the card it went onto, then it

    @pytest.mark.parametrize("card, reason", [("2C", "2C is in the stock, under other cards."),
                                              ("AS", "AS is not in this game.")])
    def test_choose_card_says_where_a_card_is_not_free(self, card, reason):
        game = position({(7, 1): "4S"}, stock=["2C", "9D"])
        with pytest.raises(IllegalMove, match=reason):
            game.perform(Command("choose_card", (card,)))


class TestNamedCommands:
    def test_pair_cards_pairs_two_free_cards_by_name(self):
        game = position({(7, 1): "4S", (7, 2): "KH"}, waste=["9D"])
        game.perform(Command("pair_cards", ("9D", "4S")))
        assert cards(game, DISCARD) == ["4S", "9D"]

    def test_king_off_refuses_another_rank(self):
        game = position({(7, 1): "4S"})
        with pytest.raises(IllegalMove, match="Only a king goes off alone"):
            game.perform(Command("king_off", ("4S",)))

    def test_a_step_applies_as_the_gesture_would(self):
        game = Pyramid(5)
        game.apply(DEAL)
        game.apply(Move(place(7, 1), place(7, 7)))
        assert len(game.pile(DISCARD)) == 2 and len(game.pile(WASTE)) == 1

    def test_the_passes_hold_for_the_whole_game(self):
        game = Pyramid(5)
        game.set_option("passes", "3")
        with pytest.raises(ValueError, match="from the next game"):
            game.set_option("passes", "1")

    def test_a_refused_move_changes_nothing(self):
        game = Pyramid(5)
        before = game.state()
        with pytest.raises(IllegalMove):
            game.move(place(1, 1), 0, place(7, 1))
        assert game.state() == before and not game.can_undo
