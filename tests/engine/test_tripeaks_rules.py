"""TriPeaks' rules, each with its refusal and the reason given, and its scores."""

import pytest

from cardgui.engine.cards import Card, names
from cardgui.engine.commands import Command
from cardgui.engine.deals import book_shuffle
from cardgui.engine.games.tripeaks.game import TriPeaks
from cardgui.engine.games.tripeaks.position import (
    COVERING,
    PEAK_TOPS,
    PLACES,
    STOCK,
    WASTE,
    column_of,
    row_of,
)
from cardgui.engine.moves import DEAL, IllegalMove, Move
from cardgui.engine.outcome import Ending
from cardgui.engine.piles import tableau
from tests.engine.tripeaks_layouts import position


def cards(game, pile_id):
    return names(game.pile(pile_id).cards)


class TestTheLayout:
    def test_three_peaks_of_four_rows_share_the_bottom_row(self):
        assert [row_of(pile_id) for pile_id in PLACES] == [1] * 3 + [2] * 6 + [3] * 9 + [4] * 10
        assert [column_of(pile_id) for pile_id in PEAK_TOPS] == [1.5, 4.5, 7.5]

    def test_each_card_above_the_bottom_row_is_covered_by_the_two_below_it(self):
        assert COVERING[tableau(1)] == (tableau(4), tableau(5))
        assert COVERING[tableau(6)] == (tableau(13), tableau(14))      # second peak's right
        assert COVERING[tableau(10)] == (tableau(19), tableau(20))
        assert COVERING[tableau(18)] == (tableau(27), tableau(28))
        assert all(COVERING[pile_id] == () for pile_id in PLACES[18:])
        # The second row's cards of neighbouring peaks share no cover.
        assert set(COVERING[tableau(5)]) & set(COVERING[tableau(6)]) == set()


class TestTheDeal:
    def test_the_same_number_gives_the_same_layout(self):
        assert TriPeaks(617).to_json() == TriPeaks(617).to_json()
        assert TriPeaks(617).to_json() != TriPeaks(618).to_json()

    def test_the_book_shuffle_fills_the_peaks_then_the_waste_then_the_stock(self):
        order = book_shuffle(42)
        game = TriPeaks(42)
        assert [game.pile(pile_id).cards[0] for pile_id in PLACES] == order[:28]
        assert cards(game, WASTE) == [order[28].name]
        assert game.pile(STOCK).top == order[29] and len(game.pile(STOCK)) == 23

    def test_eighteen_cards_lie_face_down_and_the_bottom_ten_face_up(self):
        game = TriPeaks(3)
        face_up = [game.pile(pile_id).is_face_up(0) for pile_id in PLACES]
        assert face_up == [False] * 18 + [True] * 10
        assert game.pile(STOCK).hidden == 23


class TestPlays:
    def test_a_card_one_rank_above_or_below_the_waste_goes_onto_it(self):
        game = position({19: "8S", 20: "6D", 21: "9H"}, waste=["7C"])
        game.move(tableau(19), 0, WASTE)
        game.move(tableau(21), 0, WASTE)
        assert cards(game, WASTE) == ["7C", "8S", "9H"]

    def test_suits_do_not_matter_but_ranks_must_touch(self):
        game = position({19: "9S"}, waste=["7C"])
        with pytest.raises(IllegalMove, match="9S cannot go onto 7C: it must be one rank "
                                              "above or below."):
            game.move(tableau(19), 0, WASTE)

    def test_king_and_ace_touch(self):
        game = position({19: "AS", 20: "KD"}, waste=["KC"])
        game.move(tableau(19), 0, WASTE)
        game.move(tableau(20), 0, WASTE)
        assert game.is_won

    def test_without_wrap_king_and_ace_do_not_touch(self):
        game = position({19: "AS"}, waste=["KC"], wrap=False)
        with pytest.raises(IllegalMove, match="king and ace do not touch"):
            game.move(tableau(19), 0, WASTE)

    def test_a_covered_card_is_face_down_and_cannot_be_played(self):
        game = position({10: "8S", 19: "3C", 20: "4C"}, waste=["7C"])
        assert game.pick_up_refusal(tableau(10), 0) == "That card is face down."

    def test_a_card_is_turned_up_when_nothing_covers_it(self):
        game = position({10: "8S", 19: "6C", 20: "5C"}, waste=["7C"])
        game.move(tableau(19), 0, WASTE)
        assert not game.pile(tableau(10)).is_face_up(0)
        game.move(tableau(20), 0, WASTE)
        assert game.pile(tableau(10)).is_face_up(0)

    def test_undo_turns_it_down_again(self):
        game = position({10: "8S", 19: "6C", 20: "5C"}, waste=["7C"])
        game.move(tableau(19), 0, WASTE)
        game.move(tableau(20), 0, WASTE)
        game.undo()
        assert not game.pile(tableau(10)).is_face_up(0)

    def test_cards_go_only_onto_the_waste(self):
        game = position({19: "8S", 20: "7S"}, waste=["9C"])
        assert game.drop_refusal(tableau(19), 0, tableau(20)) == (
            "Cards of the peaks go only onto the waste, not onto row 4 card 2.")

    def test_the_waste_and_the_stock_are_not_picked_up(self):
        game = position({19: "8S"}, waste=["9C"], stock=["2D"])
        assert game.pick_up_refusal(WASTE, 0).startswith("The waste's cards stay there")
        assert game.pick_up_refusal(STOCK, 0).startswith("Turn the stock's cards")


class TestTheStock:
    def test_dealing_turns_the_next_card_onto_the_waste(self):
        game = position({19: "8S"}, waste=["9C"], stock=["2D", "4H"])
        assert game.deal().message == "Turned 4H onto the waste."
        assert cards(game, WASTE) == ["9C", "4H"] and game.pile(WASTE).is_face_up(1)

    def test_the_stock_goes_through_once(self):
        game = position({19: "8S"}, waste=["9C"])
        with pytest.raises(IllegalMove, match="The stock is empty: TriPeaks goes through it once."):
            game.deal()


class TestTheEnd:
    def test_won_when_the_peaks_are_cleared_whatever_the_stock_holds(self):
        game = position({19: "8S"}, waste=["9C"], stock=["2D", "4H"])
        outcome = game.move(tableau(19), 0, WASTE)
        assert game.is_won and game.ending is Ending.WON and "you win" in outcome.message

    def test_stuck_when_the_stock_is_empty_and_nothing_fits(self):
        game = position({19: "8S"}, waste=["2C"])
        assert game.is_stuck and game.ending is Ending.NO_MOVES

    def test_not_stuck_while_the_stock_has_cards(self):
        assert not position({19: "8S"}, waste=["2C"], stock=["3D"]).is_stuck


class TestScore:
    def test_a_chain_scores_100_then_200_more_for_each_card(self):
        game = position({19: "8S", 20: "9S", 21: "10S", 28: "KD"}, waste=["7C"])
        game.move(tableau(19), 0, WASTE)
        assert game.score == 100 and game.chain == 1
        game.move(tableau(20), 0, WASTE)
        game.move(tableau(21), 0, WASTE)
        assert game.score == 100 + 300 + 500 and game.chain == 3

    def test_turning_a_card_ends_the_chain(self):
        game = position({19: "8S", 20: "3S", 28: "KD"}, waste=["7C"], stock=["2D"])
        game.move(tableau(19), 0, WASTE)
        game.deal()
        assert game.chain == 0
        game.move(tableau(20), 0, WASTE)
        assert game.score == 200

    def test_clearing_peaks_scores_500_then_1000_then_5000(self):
        game = position({1: "8S", 2: "9S", 3: "10S"}, waste=["7C"])
        assert game.move(tableau(1), 0, WASTE).message.startswith(
            "8S onto the waste: 100 points, and 500 for clearing a peak")
        game.move(tableau(2), 0, WASTE)
        assert game.score == 100 + 500 + 300 + 1_000
        game.move(tableau(3), 0, WASTE)
        assert game.score == 100 + 500 + 300 + 1_000 + 500 + 5_000

    def test_the_most_a_deal_can_score(self):
        # Every card in one chain, all three peaks: 84,900, as Microsoft's.
        chain = sum(100 + 200 * number for number in range(28))
        assert chain + 500 + 1_000 + 5_000 == 84_900

    def test_undo_takes_back_the_points_and_the_chain(self):
        game = position({19: "8S", 28: "KD"}, waste=["7C"])
        game.move(tableau(19), 0, WASTE)
        game.undo()
        assert game.score == 0 and game.chain == 0


class TestGestures:
    def test_a_click_plays_a_card_that_fits(self):
        game = position({19: "8S", 28: "KD"}, waste=["7C"])
        game.click(tableau(19))
        assert cards(game, WASTE) == ["7C", "8S"]

    def test_a_click_on_a_card_that_does_not_fit_says_why(self):
        game = position({19: "9S"}, waste=["7C"])
        with pytest.raises(IllegalMove, match="9S cannot go onto 7C"):
            game.click(tableau(19))

    def test_a_click_on_the_stock_turns_a_card(self):
        game = TriPeaks(5)
        game.click(STOCK)
        assert len(game.pile(WASTE)) == 2

    def test_a_click_on_the_waste_does_nothing(self):
        assert TriPeaks(5).click(WASTE) is None

    def test_a_typed_card_is_played_from_wherever_it_lies_free(self):
        game = position({19: "8S", 28: "KD"}, waste=["7C"])
        game.perform(Command("play_card", ("8S",)))
        assert game.pile(WASTE).top == Card.parse("8S")

    @pytest.mark.parametrize("card, reason", [("2D", "2D is still in the stock."),
                                              ("7C", "7C is already on the waste."),
                                              ("8S", "8S is face down")])
    def test_a_typed_card_that_is_not_free_says_where_it_is(self, card, reason):
        game = position({10: "8S", 19: "6C", 20: "5C"}, waste=["7C"], stock=["2D"])
        with pytest.raises(IllegalMove, match=reason):
            game.perform(Command("play_card", (card,)))

    def test_steps_apply_as_the_gestures_would(self):
        game = TriPeaks(5)
        game.apply(DEAL)
        assert len(game.pile(WASTE)) == 2
        playable = game.playable()
        if playable:
            game.apply(Move(playable[0], WASTE))
            assert len(game.pile(WASTE)) == 3

    def test_wrap_holds_for_the_whole_game(self):
        game = TriPeaks(5)
        game.set_option("wrap", True)
        with pytest.raises(ValueError, match="from the next game"):
            game.set_option("wrap", False)

    def test_a_refused_move_changes_nothing(self):
        game = TriPeaks(5)
        before = game.state()
        with pytest.raises(IllegalMove):
            game.move(tableau(1), 0, WASTE)
        assert game.state() == before and not game.can_undo
