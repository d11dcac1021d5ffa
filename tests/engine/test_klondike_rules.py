"""Klondike's rules as the book's program applies them, on fixed layouts."""

import pytest

from cardgui.engine.cards import Card
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.position import HAND, PILE, top_of
from cardgui.engine.moves import IllegalMove
from cardgui.engine.piles import foundation, tableau
from tests.engine.klondike_layouts import full_top, layout


def names(game: Klondike, pile_id) -> list[str]:
    return [card.name for card in game.pile(pile_id).cards]


class TestDeal:
    def test_seven_stacks_with_one_card_face_up_and_24_in_the_hand(self):
        game = Klondike(617)
        for number in range(1, 8):
            stack = game.pile(tableau(number))
            assert len(stack) == number and stack.hidden == number - 1
        assert len(game.pile(HAND)) == 24 and game.pile(HAND).hidden == 24
        assert game.pile(PILE).is_empty
        assert sorted(game.all_cards()) == sorted(Card.parse(n) for n in
                                                   [r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()
                                                    for s in "HSDC"])

    def test_the_same_number_gives_the_same_layout(self):
        assert Klondike(123456).state() == Klondike(123456).state()
        assert Klondike(123456).state() != Klondike(123457).state()

    def test_deal_numbers_outside_the_range_are_refused(self):
        for bad in (0, -1, 2**31):
            with pytest.raises(ValueError, match="1 to 2147483647"):
                Klondike(bad)


class TestDealingFromTheHand:
    def test_three_cards_go_onto_the_pile_the_last_dealt_on_top(self):
        game = layout([], hand="2C 3C 4C 5C 6C")   # 6C is dealt first
        game.deal()
        assert names(game, PILE) == ["6C", "5C", "4C"]
        assert names(game, HAND) == ["2C", "3C"]

    def test_fewer_than_three_when_fewer_are_left(self):
        game = layout([], hand="2C 3C", pile="9D")
        game.deal()
        assert names(game, PILE) == ["9D", "3C", "2C"] and game.pile(HAND).is_empty

    def test_an_empty_hand_turns_the_pile_over_and_dealing_goes_on(self):
        game = layout([], hand="2C 3C 4C 5C")
        game.deal()
        game.deal()                      # the last card, 2C
        assert game.pile(HAND).is_empty and game.passes == 1
        game.deal()                      # turns the pile over, deals 5C 4C 3C again
        assert names(game, PILE) == ["5C", "4C", "3C"]
        assert names(game, HAND) == ["2C"]
        assert game.passes == 2

    def test_the_turned_over_hand_keeps_its_original_order(self):
        game = Klondike(5)
        original = names(game, HAND)
        for _ in range(8):
            game.deal()
        assert game.pile(HAND).is_empty
        game.deal()
        assert names(game, HAND) + names(game, PILE)[::-1] == original

    def test_nothing_to_deal_is_refused_and_changes_nothing(self):
        game = layout(["KS"])
        before = game.state()
        with pytest.raises(IllegalMove, match="both empty"):
            game.deal()
        assert game.state() == before

    def test_the_hidden_deal_one(self):
        game = layout([], hand="2C 3C 4C")
        game.deal_one()
        assert names(game, PILE) == ["4C"]


class TestToTheTop:
    def test_an_ace_starts_its_suit_and_the_next_rank_follows(self):
        game = layout(["AH", "2H"])
        game.play_card(Card.parse("AH"))
        game.play_card(Card.parse("2H"))
        assert names(game, top_of(Card.parse("AH").suit)) == ["AH", "2H"]

    def test_a_card_that_does_not_follow_is_refused_with_the_reason(self):
        game = layout(["3H"], tops={"H": "AH"})
        with pytest.raises(IllegalMove, match="needs the two"):
            game.move(tableau(1), 0, top_of(Card.parse("3H").suit))

    def test_a_covered_card_never_goes_to_the_top(self):
        game = layout(["| 2S 9H"], tops={"S": "AS"})
        with pytest.raises(IllegalMove, match="covered"):
            game.move(tableau(1), 0, foundation(2))


class TestOntoStacks:
    def test_opposite_colour_one_rank_higher(self):
        game = layout(["9H", "8S"])
        game.move(tableau(2), 0, tableau(1))
        assert names(game, tableau(1)) == ["9H", "8S"]

    @pytest.mark.parametrize("card, reason", [("8H", "colours"), ("7S", "one rank lower")])
    def test_wrong_colour_or_rank_is_refused(self, card, reason):
        game = layout(["9D", card])
        before = game.state()
        with pytest.raises(IllegalMove, match=reason):
            game.move(tableau(2), 0, tableau(1))
        assert game.state() == before

    def test_a_card_moves_with_the_cards_on_it(self):
        game = layout(["10D", "4C | JS 9S 8H"])
        game.move(tableau(2), 2, tableau(1))       # 9S with 8H on it
        assert names(game, tableau(1)) == ["10D", "9S", "8H"]
        assert names(game, tableau(2)) == ["4C", "JS"]

    def test_the_top_hidden_card_turns_up_when_the_shown_cards_are_gone(self):
        game = layout(["10D", "4C 5C | 9S"])
        game.move(tableau(2), 2, tableau(1))
        stack = game.pile(tableau(2))
        assert [c.name for c in stack.cards] == ["4C", "5C"] and stack.hidden == 1

    def test_only_a_king_goes_onto_an_empty_stack(self):
        game = layout(["QH", "2D | KS"])
        with pytest.raises(IllegalMove, match="Only a king"):
            game.move(tableau(1), 0, tableau(3))
        game.move(tableau(2), 1, tableau(3))
        assert names(game, tableau(3)) == ["KS"]

    def test_the_pile_top_plays_onto_a_stack(self):
        game = layout(["9H"], pile="4D 8C")
        game.play_pile()
        assert names(game, tableau(1)) == ["9H", "8C"] and names(game, PILE) == ["4D"]

    def test_face_down_cards_and_cards_under_the_pile_top_cannot_be_picked_up(self):
        game = layout(["5C | 9S", "10D"], pile="9C 4D")
        assert "face down" in game.refusal(tableau(1), 0, tableau(2))
        assert "top card" in game.refusal(PILE, 0, tableau(2))


class TestWherePlayedCardsGo:
    """``playcard``: the top straight away when safe, else stacks ascending, then the top."""

    def test_aces_and_twos_go_straight_up_even_when_a_stack_would_take_them(self):
        game = layout(["3S", "2H"], tops={"H": "AH"})
        game.play_card(Card.parse("2H"))
        assert names(game, foundation(1)) == ["AH", "2H"]

    def test_a_safe_card_goes_up_without_looking_at_the_stacks(self):
        tops = {"H": full_top("H", 4), "S": full_top("S", 3), "D": full_top("D", 3),
                "C": full_top("C", 3)}
        game = layout(["6S", "5H"], tops=tops)
        assert game.destinations(tableau(2), 0) == [foundation(1)]

    def test_an_unsafe_card_tries_the_stacks_in_ascending_order_then_the_top(self):
        tops = {"H": full_top("H", 4), "S": full_top("S", 2)}    # threes not all up
        game = layout(["KD", "6C", "5H", "6S"], tops=tops)
        assert game.destinations(tableau(3), 0) == [tableau(2), tableau(4), foundation(1)]

    def test_m_walks_on_through_the_places_and_then_refuses(self):
        tops = {"H": full_top("H", 4), "S": full_top("S", 2)}
        game = layout(["KD", "6C", "5H", "6S"], tops=tops)
        game.play_card(Card.parse("5H"))
        assert names(game, tableau(2)) == ["6C", "5H"]
        game.again()
        assert names(game, tableau(4)) == ["6S", "5H"] and game.pile(tableau(2)).top.name == "6C"
        game.again()
        assert names(game, foundation(1))[-1] == "5H"
        with pytest.raises(IllegalMove, match="no other place"):
            game.again()

    def test_m_moves_the_card_with_the_cards_on_it(self):
        game = layout(["9D", "9H", "QC | 8C 7H"])
        game.play_card(Card.parse("8C"))
        assert names(game, tableau(1)) == ["9D", "8C", "7H"]
        assert game.pile(tableau(3)).shown[0].name == "QC"      # turned up
        game.again()
        assert names(game, tableau(1)) == ["9D"]
        assert names(game, tableau(2)) == ["9H", "8C", "7H"]

    def test_m_after_a_card_that_is_not_playable_moves_the_last_card_that_moved(self):
        game = layout(["9D", "9H", "8C"], hand="4S")
        game.play_card(Card.parse("8C"))
        with pytest.raises(IllegalMove, match="not in play"):
            game.play_card(Card.parse("4S"))
        game.again()
        assert names(game, tableau(2)) == ["9H", "8C"]

    def test_m_before_any_move_is_refused(self):
        with pytest.raises(IllegalMove, match="none has moved yet"):
            Klondike(3).again()

    def test_a_card_with_nowhere_to_go_is_refused(self):
        game = layout(["9D", "4S"])
        with pytest.raises(IllegalMove, match="4S has nowhere to go"):
            game.play_card(Card.parse("4S"))

    def test_a_shifted_stack_number_moves_the_whole_shown_part(self):
        game = layout(["10D", "2C | 9S 8H 7C"])
        game.play_stack(2)
        assert names(game, tableau(1)) == ["10D", "9S", "8H", "7C"]
        assert game.pile(tableau(2)).hidden == 0

    @pytest.mark.parametrize("number, reason", [(3, "empty"), (8, "no stack 8")])
    def test_a_missing_or_empty_stack_is_refused(self, number, reason):
        game = layout(["10D", "9S"])
        with pytest.raises(IllegalMove, match=reason):
            game.play_stack(number)


class TestPlayingUp:
    def test_rank_dot_plays_every_suit_of_the_rank_that_can_go_up(self):
        game = layout(["3H", "5D | 3S", "3C 9H"], pile="3D",
                      tops={"H": "AH 2H", "S": "AS 2S", "D": "AD 2D", "C": "AC 2C"})
        game.play_rank_up(3)
        assert [game.top_rank(card.suit) for card in map(Card.parse, ["AH", "AS", "AD", "AC"])] \
            == [3, 3, 3, 2]                    # 3C is covered by 9H
        assert game.pile(tableau(2)).shown[0].name == "5D"

    def test_rank_dot_never_plays_onto_a_stack(self):
        game = layout(["9S", "8H"])
        outcome = game.play_rank_up(8)
        assert not outcome.changed and "No 8 can go up" in outcome.message

    def test_w_plays_up_rank_by_rank_and_stops_at_the_first_unsafe_rank(self):
        # Aces go, then the twos that can; threes are safe (all aces are up);
        # fours need every two up, but 2D is missing and 2C is buried: stop.
        game = layout(["AH", "AS", "AD", "AC", "2H", "3H", "5C | 2C 4H"], pile="2S")
        game.play_up()
        ranks = [game.top_rank(Card.parse(name).suit) for name in ["AH", "AS", "AD", "AC"]]
        assert ranks == [3, 2, 1, 1]
        assert game.pile(tableau(7)).top.name == "4H"

    def test_w_is_one_undo_step(self):
        game = layout(["AH", "AS", "2H"])
        before = game.state()
        game.play_up()
        game.undo()
        assert game.state() == before


class TestTheEnd:
    def test_the_win_is_seen_after_any_move(self):
        tops = {suit: full_top(suit, 13) for suit in "SDC"}
        tops["H"] = full_top("H", 12)
        game = Klondike.from_json({"deal": 9, "hand": [], "pile": ["KH"],
                                   "stacks": [{"hidden": [], "shown": []}] * 7,
                                   "foundations": {s: t.split() for s, t in tops.items()}})
        assert not game.is_won
        outcome = game.play_pile()
        assert game.is_won and outcome.message == "You win!"

    def test_stuck_when_nothing_can_move_now_or_from_the_hand(self):
        game = layout(["9S", "4D"], hand="2C 7H", pile="QD", tops={"C": ""})
        assert game.is_stuck

    def test_not_stuck_while_the_hand_can_still_bring_a_playable_card(self):
        game = layout(["9S", "4D"], hand="8H 2C 7C", pile="QD")
        assert not game.is_stuck       # 8H is the third card of the next deal

    def test_not_stuck_when_a_card_under_the_pile_comes_round_again(self):
        game = layout(["9S", "4D"], hand="", pile="2C 7C 8D 6C")
        assert not game.is_stuck       # turned over, the third card dealt is 8D

    def test_a_card_that_dealing_by_threes_never_shows_does_not_count(self):
        game = layout(["9S", "4D"], hand="", pile="8D 2C 7C 6C")
        assert game.is_stuck           # turned over, 8D is always under 2C and 7C

    def test_a_king_alone_moving_to_an_empty_stack_does_not_count(self):
        game = layout(["KS", "4D"], hand="", pile="")
        assert game.is_stuck

    def test_extra_stacks_from_the_hidden_command(self):
        game = layout(["KS"])
        for _ in range(3):
            game.add_stack()
        assert game.stack_count == 10
        with pytest.raises(IllegalMove, match="already 10"):
            game.add_stack()
